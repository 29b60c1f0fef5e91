"""Empty places are taken by bots (issue 17: "Empty places are taken by bots";
docs/web.md, Empty places).

A seated player may have bots take the persons' places nobody has taken
(``{"type": "fill", "bot": KIND}``): stored in SQLite before it is shown, so
a table rebuilt (a restart, a ``kill -9``) has the same bots; a person who
opens his link later watches his bot play his place to the end of the deal
and takes it back at the deal's boundary; anything refused says why and
changes nothing.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
from test_web_finished import _Viewer
from test_web_server import SEED, _create
from web_support import Server, merged
from websockets.sync.client import connect

from dummybridge.web import seating
from dummybridge.web.api import table_request
from dummybridge.web.limits import Limits
from dummybridge.web.protocol import Act, Fill, parse_message
from dummybridge.web.store import Store
from dummybridge.web.tables import Table, TableError, Tables


def _last_state(viewer: _Viewer) -> dict[str, Any]:
    """The last state a connection was sent."""
    states = [json.loads(t) for t in viewer.sent if t.startswith('{"type":"state"')]
    return dict(states[-1])


def _stand_ins(db: Path, table: str) -> dict[str, str | None]:
    with sqlite3.connect(db) as conn:
        rows = conn.execute("SELECT player, stand_in FROM places WHERE table_id = ?", (table,))
        return dict(rows.fetchall())


async def _settle(table: Table) -> None:
    """Until the bots have nothing more to do (a person is to act, or the game is over)."""
    for _ in range(2000):
        if table.driver is None:
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the bots did not stop")


async def _person_acts(table: Table, conn: _Viewer, player: str) -> None:
    action = str(table.game.legal_actions()[0])
    assert await table.act(conn, player, Act(action, None, table.at)) is None


def test_the_fill_message_is_read() -> None:
    assert parse_message('{"type": "fill"}') == Fill("rule")
    assert parse_message('{"type": "fill", "bot": "sampling"}') == Fill("sampling")


async def _fill_play_and_give_back(db: Path) -> None:
    limits = Limits()
    tables = Tables(Store(db, "NORMAL"), limits, bot_delay=0, analysis=False)
    request = {"variant": "dummy-bridge", "seed": SEED}  # every place a person
    table, tokens = tables.create(table_request(request, limits, allow_seeds=True))
    try:
        a, b = _Viewer(), _Viewer()
        assert table.join(a, tokens["A"]) == "A"
        assert seating.empty_places(table) == ["B", "C"]
        # refused, each with its reason; nothing changes
        for who, kind, why in [
            (None, "rule", "spectators cannot fill places: a player's link has a token after '#'"),
            ("A", "robot", "'bot' must be one of rule, sampling, ddsampling, not 'robot'"),
        ]:
            with pytest.raises(TableError) as refused:
                await seating.fill(table, who, kind)
            assert str(refused.value) == why
        assert table.stand_ins == {}
        assert _stand_ins(db, table.id) == {"A": None, "B": None, "C": None}
        assert await seating.fill(table, "A", "rule") == ["B", "C"]
        assert _stand_ins(db, table.id) == {"A": None, "B": "rule", "C": "rule"}
        players = {p["name"]: p for p in _last_state(a)["players"]}
        assert players["B"] == {
            "name": "B", "seats": players["B"]["seats"], "kind": "bot", "bot": "rule",
            "connected": True, "stand_in": True,
        }  # fmt: skip
        assert (players["A"]["kind"], "stand_in" in players["A"]) == ("person", False)
        with pytest.raises(TableError) as refused:
            await seating.fill(table, "A", "rule")
        assert (
            str(refused.value) == "every place is taken (by a person here or a bot): none to fill"
        )
        await _settle(table)
        assert (table.game.actor, table.at) == ("A", 0)  # A, the dealer, first
        await _person_acts(table, a, "A")
        await _settle(table)
        assert table.game.actor == "A"  # the bots played up to A's turn
        assert table.at > 1
        # B opens his link mid-deal: his bot plays on to the deal's end
        assert table.join(b, tokens["B"]) == "B"
        assert table.stand_ins == {"B": "rule", "C": "rule"}
        refused_b = await table.act(b, "B", Act("pass", None, table.at))
        assert refused_b == (
            "a bot (rule) plays your place until this deal is over: "
            "you take it back when the next deal begins"
        )
        deal = table.game.deal_number
        while table.game.deal_number == deal:
            if table.game.actor == "A":
                await _person_acts(table, a, "A")
            await _settle(table)
        # while his bot played, B's page was offered nothing to choose
        states = [json.loads(t) for t in b.sent if t.startswith('{"type":"state"')]
        benched = [st["legal"] for st in states if st["actor"] == "B" and st["deal_number"] == deal]
        assert benched
        assert benched == [[]] * len(benched)
        # the deal's boundary: B's place is his again, C's bot plays on
        assert table.stand_ins == {"C": "rule"}
        assert _stand_ins(db, table.id) == {"A": None, "B": None, "C": "rule"}
        await _settle(table)
        assert table.kind(table.game.actor) == "person"  # the bots wait for A or B
        mine = {p["name"]: p for p in _last_state(b)["players"]}["B"]
        assert mine == {
            "name": "B",
            "seats": mine["seats"],
            "kind": "person",
            "bot": None,
            "connected": True,
        }
        at = table.at
    finally:
        await tables.stop()
        tables.store.close()
    # read back (a restart): the same bots, the same place in the game
    again = Tables(Store(db, "NORMAL"), limits, bot_delay=0, analysis=False)
    try:
        table = again._open(table.id)
        assert table is not None
        assert (table.stand_ins, table.at, table.kind("C"), table.kind("B")) == (
            {"C": "rule"}, at, "rule", "person",
        )  # fmt: skip
    finally:
        await again.stop()
        again.store.close()


def test_bots_fill_the_empty_places_and_give_them_back_at_a_deals_boundary(
    tmp_path: Path,
) -> None:
    asyncio.run(_fill_play_and_give_back(tmp_path / "tables.sqlite"))


async def _join_between_deals(db: Path) -> None:
    limits = Limits()
    tables = Tables(Store(db, "NORMAL"), limits, bot_delay=0, analysis=False)
    request = {"variant": "dummy-bridge", "seed": SEED, "places": {"A": "rule"}}
    table, tokens = tables.create(table_request(request, limits, allow_seeds=True))
    try:
        b, c = _Viewer(), _Viewer()
        assert table.join(b, tokens["B"]) == "B"
        assert await seating.fill(table, "B", "sampling") == ["C"]
        # C opens his link before any action of the deal (its boundary):
        # his place is his again at once, stored
        assert table.at == 0
        assert table.join(c, tokens["C"]) == "C"
        assert table.stand_ins == {}
        assert _stand_ins(db, table.id) == {"A": None, "B": None, "C": None}
        assert {p["name"]: p["kind"] for p in _last_state(c)["players"]} == {
            "A": "bot", "B": "person", "C": "person",
        }  # fmt: skip
    finally:
        await tables.stop()
        tables.store.close()


def test_a_person_who_comes_between_two_deals_takes_his_place_at_once(tmp_path: Path) -> None:
    asyncio.run(_join_between_deals(tmp_path / "tables.sqlite"))


class _Ws:
    """A real WebSocket client of a real server."""

    def __init__(self, server: Server, table: str, token: str) -> None:
        self.ws = connect(server.ws(table)).__enter__()
        self.state: dict[str, Any] = {}
        self.ws.send(json.dumps({"type": "hello", "token": token}))

    def until(self, done: Any) -> dict[str, Any]:
        while True:
            msg = json.loads(self.ws.recv(timeout=30))
            if msg["type"] == "state":
                msg = self.state = merged(self.state, msg)
            if done(msg):
                return msg

    def to_act(self, after: int = -1) -> dict[str, Any]:
        """The state that next offers this player actions, at more than ``after`` actions."""
        if self.state.get("legal") and self.state["at"] > after:
            return self.state
        return self.until(lambda m: m["type"] == "state" and m["legal"] and m["at"] > after)


def test_the_bots_of_empty_places_survive_a_kill_and_a_restart(tmp_path: Path) -> None:
    """SIGKILL after the bots took the empty places: the server started again
    rebuilds the table with the same bots, which play on; a spectator cannot
    fill, a second fill is refused with its reason."""
    srv = Server(tmp_path / "tables.sqlite").start()
    try:
        created = _create(srv, variant="dummy-bridge")
        table, links = created["table"], created["links"]
        token = links["A"].split("#", 1)[1]
        a = _Ws(srv, table, token)
        a.until(lambda m: m["type"] == "state")
        a.ws.send(json.dumps({"type": "fill", "bot": "rule"}))
        state = a.until(lambda m: m["type"] == "state" and m["players"][1]["kind"] == "bot")
        assert [(p["name"], p["kind"], p["bot"], p.get("stand_in")) for p in state["players"]] == [
            ("A", "person", None, None), ("B", "bot", "rule", True), ("C", "bot", "rule", True),
        ]  # fmt: skip
        a.ws.send(json.dumps({"type": "fill"}))
        refused = a.until(lambda m: m["type"] == "error")
        assert (
            refused["message"] == "every place is taken (by a person here or a bot): none to fill"
        )
        state = a.to_act()
        a.ws.send(
            json.dumps({"type": "act", "action": state["legal"][0]["action"], "at": state["at"]})
        )
        state = a.to_act(state["at"])  # the bots have played up to A's turn again
        at = state["at"]
        assert at > 1
        srv.kill()
        srv.start()
        a = _Ws(srv, table, token)
        again = a.to_act()
        assert again["at"] == at
        assert [p["kind"] for p in again["players"]] == ["person", "bot", "bot"]
        a.ws.send(json.dumps({"type": "act", "action": again["legal"][0]["action"], "at": at}))
        after = a.to_act(at)
        assert after["at"] > at + 1  # the bots, rebuilt, played on
        spectator = connect(srv.ws(table)).__enter__()
        spectator.send(json.dumps({"type": "hello"}))
        spectator.send(json.dumps({"type": "fill"}))
        while (msg := json.loads(spectator.recv(timeout=30)))["type"] != "error":
            pass
        assert msg["message"] == (
            "spectators cannot fill places: a player's link has a token after '#'"
        )
    finally:
        err = srv.stop()
    assert "Traceback" not in err, err


def _options(db: Path, table: str) -> dict[str, Any]:
    with sqlite3.connect(db) as conn:
        row = conn.execute("SELECT options FROM tables WHERE id = ?", (table,)).fetchone()
        return dict(json.loads(row[0]))


async def _fill_after(db: Path) -> None:
    limits = Limits()
    tables = Tables(Store(db, "NORMAL"), limits, bot_delay=0, analysis=False)
    request = {"variant": "dummy-bridge", "seed": SEED, "fill_after": 1}
    table, tokens = tables.create(table_request(request, limits, allow_seeds=True))
    late, _ = tables.create(table_request(request, limits, allow_seeds=True))
    try:
        a = _Viewer()
        assert table.join(a, tokens["A"]) == "A"
        due = seating.fill_due(table)
        assert due == table.stored.created + 1
        await asyncio.sleep(0.5)
        assert table.stand_ins == {}  # not yet
        await tables.stop()  # 'late' is stopped before its time: its bots come after the restart
        tables.store.close()
        tables = Tables(Store(db, "NORMAL"), limits, bot_delay=0, analysis=False)
        table = tables.get(table.id)  # type: ignore[assignment]
        assert table is not None
        assert table.join(a, tokens["A"]) == "A"
        await asyncio.sleep(max(0.0, due - time.time()) + 0.3)
        assert table.stand_ins == {"B": "rule", "C": "rule"}  # A is here: his place is his
        assert _stand_ins(db, table.id) == {"A": None, "B": "rule", "C": "rule"}
        assert _options(db, table.id)["filled"] is True  # once: stored with the bots
        assert seating.fill_due(table) is None
        tables.fills.grace = 0.2
        rebuilt = tables.get(late.id)
        assert rebuilt is not None
        await asyncio.sleep(0.1)
        assert rebuilt.stand_ins == {}  # a grace: the players' pages may be connecting again
        await asyncio.sleep(0.3)
        assert rebuilt.stand_ins == dict.fromkeys("ABC", "rule")  # nobody came
    finally:
        await tables.stop()
        tables.store.close()


def test_a_table_made_to_start_after_a_while_gives_the_empty_places_to_bots_once(
    tmp_path: Path,
) -> None:
    """``fill_after`` at creation (docs/web.md, Empty places): that many
    seconds after the table was made, rule bots take the places nobody has
    taken, once (marked in the table's stored options with the bots); a
    server stopped before then does it after its restart, a grace after a
    table is rebuilt past its time."""
    asyncio.run(_fill_after(tmp_path / "tables.sqlite"))
