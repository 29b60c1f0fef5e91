"""The server's limits, the token bucket that holds a connection to its rate,
and the buckets that hold each address to its share of new tables."""

from __future__ import annotations

import time
from collections import OrderedDict
from dataclasses import dataclass

__all__ = ["CreationLimit", "Limits", "TokenBucket"]


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
    :ivar finished_seconds: the same, once the table's game is over: a
        finished table leaves memory this soon after its last visitor has
        gone (its finished deals, record, downloads and spectators' link work
        as before: it is read back when opened).
    :ivar tables_per_hour: new tables one client address may create an hour
        (at most ten at once); ``0``, no limit.
    :ivar analysis_queue: finished deals held in memory waiting for their
        analysis; the others wait in the database (``pending``), read back as
        the queue empties.
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
    finished_seconds: float = 10.0
    tables_per_hour: int = 60
    analysis_queue: int = 256


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


class CreationLimit:
    """Each client address's share of new tables: ``per_hour`` an hour, at most
    ten (or ``per_hour``, if fewer) at once, so that one client cannot fill the
    server's ``max_tables`` for everyone else. ``per_hour`` 0 means no limit.

    The buckets of at most ``addresses`` addresses are kept, the least recently
    seen forgotten first (a forgotten address starts again with a full bucket).
    """

    __slots__ = ("_buckets", "addresses", "per_hour")

    def __init__(self, per_hour: int, addresses: int = 10_000) -> None:
        self.per_hour = per_hour
        self.addresses = addresses
        self._buckets: OrderedDict[str, TokenBucket] = OrderedDict()

    def take(self, address: str) -> bool:
        """Let ``address`` create a table now; ``False`` when its share is spent."""
        if self.per_hour <= 0:
            return True
        bucket = self._buckets.pop(address, None)
        if bucket is None:
            bucket = TokenBucket(self.per_hour / 3600.0, min(10, self.per_hour))
        self._buckets[address] = bucket
        while len(self._buckets) > self.addresses:
            self._buckets.popitem(last=False)
        return bucket.take()
