"""The server's limits, and the token bucket that holds a connection to its rate."""

from __future__ import annotations

import time
from dataclasses import dataclass

__all__ = ["Limits", "TokenBucket"]


@dataclass(frozen=True, slots=True)
class Limits:
    """What one server accepts (each a ``dummybridge serve`` option).

    :ivar max_tables: tables kept live at once.
    :ivar message_bytes: the largest WebSocket message a client may send.
    :ivar rules_bytes: the largest rule text an upload may hold.
    :ivar rate: messages per second a connection may send, on average.
    :ivar burst: messages a connection may send at once.
    :ivar connections_per_table: WebSockets open on one table at once.
    :ivar max_rubbers: the most rubbers a table may last.
    :ivar request_bytes: the largest HTTP request body.
    :ivar idle_seconds: how long a table nobody is connected to and nobody acts
        at stays in memory; then it is put away (it no longer counts against
        ``max_tables``) and read back from the database when someone opens it.
    """

    max_tables: int = 1000
    message_bytes: int = 8 * 1024
    rules_bytes: int = 64 * 1024
    rate: float = 10.0
    burst: int = 20
    connections_per_table: int = 32
    max_rubbers: int = 20
    request_bytes: int = 96 * 1024
    idle_seconds: float = 3600.0


class TokenBucket:
    """``rate`` tokens a second, at most ``burst`` saved; each message takes one."""

    __slots__ = ("_last", "_tokens", "burst", "rate")

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = burst
        self._tokens = float(burst)
        self._last = time.monotonic()

    def take(self) -> bool:
        """Take a token; ``False`` (and nothing taken) when there is none."""
        now = time.monotonic()
        self._tokens = min(float(self.burst), self._tokens + (now - self._last) * self.rate)
        self._last = now
        if self._tokens < 1.0:
            return False
        self._tokens -= 1.0
        return True
