"""Who plays each place: bots that take the persons' places nobody has
taken, and give each back to its person at a deal's boundary (docs/web.md,
Empty places).

A seated player may have bots take the empty places (:func:`fill`); a table
made with ``fill_after`` has rule bots take them that many seconds after it
was made, once (:class:`FillTimers`, :func:`fill_when_due`). Who plays for
whom is stored (``places.stand_in``) before anyone is shown it, so a table
rebuilt after a restart has the same bots. A person who opens his link while
his bot plays watches it finish the deal, and his place is his again when
the deal ends (:func:`give_back`).
"""

from __future__ import annotations

import asyncio
import logging
import sqlite3
import time
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .tables import Table

__all__ = ["BOT_KINDS", "FillTimers", "TableError", "empty_places", "fill", "give_back"]

log = logging.getLogger("dummybridge.web")

#: the bots a place may be given
BOT_KINDS = ("rule", "sampling", "ddsampling")


class TableError(Exception):
    """A request about a table that is refused: its text says why."""


def empty_places(table: Table) -> list[str]:
    """The persons' places nobody has taken now: no connection with their
    token, no bot standing in."""
    here = {c.player for c in table.connections}
    return [
        p
        for p in table.game.players
        if table.places[p] == "person" and p not in table.stand_ins and p not in here
    ]


async def fill(table: Table, player: str | None, bot: str) -> list[str]:
    """Bots of kind ``bot`` take the persons' places nobody has taken, at
    the request of ``player`` (seated at ``table``): stored before it is
    shown. Returns the places filled.

    :raises TableError: saying why nothing was done.
    """
    if player is None:
        raise TableError("spectators cannot fill places: a player's link has a token after '#'")
    if bot not in BOT_KINDS:
        raise TableError(f"'bot' must be one of {', '.join(BOT_KINDS)}, not {bot[:20]!r}")
    async with table.lock:
        if table.game.is_over:
            raise TableError("the game is over: there is no place to fill")
        empty = empty_places(table)
        if not empty:
            raise TableError("every place is taken (by a person here or a bot): none to fill")
        _stand_in(table, empty, bot)
    table.wake()
    return empty


def _stand_in(
    table: Table, places: list[str], bot: str, options: dict[str, Any] | None = None
) -> None:
    """Bots of kind ``bot`` play ``places``: stored (with the table's
    ``options``, if given), then shown to everyone.

    :raises TableError: if it could not be stored (nothing changed).
    """
    try:
        table.tables.store.set_stand_ins(table.id, dict.fromkeys(places, bot), options=options)
    except sqlite3.Error as exc:
        log.error("table %s: could not store the bots: %s", table.id, exc)
        raise TableError(f"the server could not store the bots ({exc}); nothing changed") from None
    if options is not None:
        table.stored.options = options
    table.stand_ins.update(dict.fromkeys(places, bot))
    table.seated()
    table.broadcast()


def give_back(table: Table) -> None:
    """At a deal's boundary: every place a bot plays whose person is here
    is his again (stored; if it cannot be, the bot plays on). The caller
    broadcasts."""
    here = {c.player for c in table.connections}
    back = [p for p in table.stand_ins if p in here]
    if not back or table.game.is_over:
        return
    try:
        table.tables.store.set_stand_ins(table.id, dict.fromkeys(back))
    except sqlite3.Error as exc:
        log.error("table %s: could not give places back: %s", table.id, exc)
        return
    for p in back:
        del table.stand_ins[p]
    table.seated()


def fill_due(table: Table) -> float | None:
    """When bots are to take the places nobody has taken (the table's
    ``fill_after``, a ``time.time()``), or ``None``: no such option, done
    already (marked with the bots), or the game over."""
    after = table.options.fill_after
    if after is None or table.stored.options.get("filled") or table.game.is_over:
        return None
    return table.stored.created + after


async def fill_when_due(table: Table) -> None:
    """The table's ``fill_after`` has come: rule bots take the places nobody
    has taken, once (marked done with them, in one transaction)."""
    async with table.lock:
        if fill_due(table) is None:
            return
        options = {**table.stored.options, "filled": True}
        try:
            _stand_in(table, empty_places(table), "rule", options)
        except TableError as exc:
            log.error("table %s: %s", table.id, exc)
            return
    table.wake()


class FillTimers:
    """The ``fill_after`` timers of one server's tables in memory.

    :param grace: seconds a table rebuilt after its ``fill_after`` has
        passed (the server was stopped then, or it was put away) waits
        before its bots come: time for the players' pages to connect again,
        whose places would be given to bots otherwise.
    """

    def __init__(self, grace: float = 10.0) -> None:
        self.grace = grace
        self._timers: dict[str, asyncio.TimerHandle] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    def start(self, table: Table) -> None:
        """Have bots take ``table``'s empty places when its ``fill_after``
        comes (:attr:`grace` from now if it has passed); in the running loop."""
        if table.id in self._timers:
            return
        due = fill_due(table)
        if due is None:
            return
        loop = asyncio.get_running_loop()
        wait = due - time.time()

        def fire() -> None:
            del self._timers[table.id]
            task = loop.create_task(fill_when_due(table))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

        self._timers[table.id] = loop.call_later(wait if wait > 0 else self.grace, fire)

    def cancel(self, table_id: str | None = None) -> None:
        """Cancel one table's timer (it is put away), or (``None``: the
        server stops) all, and the fills they have begun."""
        ids = list(self._timers) if table_id is None else [table_id]
        for key in ids:
            timer = self._timers.pop(key, None)
            if timer is not None:
                timer.cancel()
        if table_id is None:
            for task in self._tasks:
                task.cancel()
