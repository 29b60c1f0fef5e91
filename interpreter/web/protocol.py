"""The messages a client may send over the WebSocket, checked.

Client to server (JSON objects, at most ``Limits.message_bytes``):

- ``{"type": "hello", "token": T}`` (a player) or ``{"type": "hello"}`` (a spectator);
- ``{"type": "act", "action": "play SA", "at": N}`` or
  ``{"type": "act", "text": "ace of spades", "at": N}`` (natural input), where
  ``N`` is the number of actions the client's state shows;
- ``{"type": "fill", "bot": "rule"}``: bots (of that kind; ``rule`` if
  none is named) take the persons' places nobody has taken;
- ``{"type": "ping"}``.

Server to client: ``welcome``, ``state``, ``error``, ``pong`` (see docs/web.md).
Anything else is refused with a message that names what is wrong.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

__all__ = ["Act", "Fill", "Hello", "Ping", "ProtocolError", "error", "parse_message"]

#: the longest action or natural text a client may send
MAX_ACTION_CHARS = 200
#: the longest token a client may send
MAX_TOKEN_CHARS = 100
#: the longest bot kind a client may send
MAX_BOT_CHARS = 20


class ProtocolError(Exception):
    """A client message that is not one: its text is sent back as the error."""


@dataclass(frozen=True, slots=True)
class Hello:
    """Join the table as the player whose token this is, or (``None``) as a spectator."""

    token: str | None


@dataclass(frozen=True, slots=True)
class Act:
    """Take an action (its text, or natural words) at ``at`` actions."""

    action: str | None
    text: str | None
    at: int


@dataclass(frozen=True, slots=True)
class Fill:
    """Have bots of this kind play the persons' places nobody has taken."""

    bot: str


@dataclass(frozen=True, slots=True)
class Ping:
    """Are you there?"""


def error(message: str, **extra: Any) -> str:
    """An error message for the client."""
    return json.dumps({"type": "error", "message": message, **extra}, ensure_ascii=False)


def _string(data: dict[str, Any], key: str, most: int) -> str | None:
    value = data.get(key)
    if value is None:
        return None
    if not isinstance(value, str):
        raise ProtocolError(f"'{key}' must be a string, not {type(value).__name__}")
    if len(value) > most:
        raise ProtocolError(f"'{key}' is too long ({len(value)} characters; at most {most})")
    return value


def parse_message(raw: str) -> Hello | Act | Fill | Ping:
    """Read one client message.

    :raises ProtocolError: naming what is wrong with it.
    """
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError) as exc:
        raise ProtocolError(f"a message must be a JSON object: {exc}") from None
    if not isinstance(data, dict):
        raise ProtocolError(f"a message must be a JSON object, not {type(data).__name__}")
    kind = data.get("type")
    if kind == "hello":
        return Hello(_string(data, "token", MAX_TOKEN_CHARS))
    if kind == "ping":
        return Ping()
    if kind == "act":
        action = _string(data, "action", MAX_ACTION_CHARS)
        text = _string(data, "text", MAX_ACTION_CHARS)
        if (action is None) == (text is None):
            raise ProtocolError("an 'act' message needs either 'action' or 'text'")
        at = data.get("at")
        if not isinstance(at, int) or isinstance(at, bool) or at < 0:
            raise ProtocolError(
                "an 'act' message needs 'at': the number of actions your state shows"
            )
        return Act(action, text, at)
    if kind == "fill":
        return Fill(_string(data, "bot", MAX_BOT_CHARS) or "rule")
    if kind is None:
        raise ProtocolError("a message needs a 'type': hello, act, fill or ping")
    raise ProtocolError(
        f"unknown message type {str(kind)[:40]!r}: expected hello, act, fill or ping"
    )
