"""A finished table leaves memory and comes back when opened (issue 17, the
web table under load; docs/web.md, Limits: ``--keep-finished``).

A table whose game is over, once nobody is connected to it, is put away
``finished_seconds`` after its last visitor left; its links keep working:
opened again, it is read back from its SQLite file (rules, seed, actions and
the finished deals' analyses, which are stored as they are worked out) and
shows exactly what it showed before: the state, the finished deals with
their analyses, the record and the downloads.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from pathlib import Path
from typing import Any

from test_web_server import SEED, _create, _joined
from web_support import Server

from dummybridge.web import deals
from dummybridge.web.api import table_request
from dummybridge.web.limits import Limits
from dummybridge.web.store import Store
from dummybridge.web.tables import Table, Tables


class _Viewer:
    """A spectator's connection: keeps the messages it is sent."""

    def __init__(self) -> None:
        self.player: str | None = None
        self.shown: str | None = None
        self.shown_sheets: str | None = None
        self.finished_seen = -1
        self.sent: list[str] = []

    def push(self, text: str) -> None:
        self.sent.append(text)


def _first_state(table: Table) -> str:
    """The whole state a spectator who comes now is sent (then he goes)."""
    viewer = _Viewer()
    table.join(viewer, None)
    table.leave(viewer)
    return viewer.sent[1]  # after the welcome


def _shown(table: Table) -> dict[str, Any]:
    """All a finished table's links show: the state, the record, each deal's downloads."""
    return {
        "state": _first_state(table),
        "record": table.game.to_record(),
        "deals": [
            (deals.deal_pbn(table.game, f.number), deals.deal_json(table.id, "", f))
            for f in table.finished
        ],
    }


async def _finished_and_put_away(db: Path) -> None:
    limits = Limits(finished_seconds=0.0)
    tables = Tables(Store(db, "NORMAL"), limits, bot_delay=0)
    bots = {"variant": "dummy-bridge", "seed": SEED, "places": dict.fromkeys("ABC", "rule")}
    table, _ = tables.create(table_request(bots, limits, allow_seeds=True))
    person = {"variant": "dummy-bridge", "seed": SEED}
    waiting, _ = tables.create(table_request(person, limits, allow_seeds=True))
    try:
        for _ in range(1200):  # the bots play the rubber; its deals are analysed
            played = [f for f in table.finished if f.data["tricks"]]
            if table.game.is_over and played and all(f.analysis for f in played):
                break
            await asyncio.sleep(0.05)
        assert table.game.is_over
        assert all(f.analysis for f in played)
        before = _shown(table)
        # Over and nobody there: put away at once (finished_seconds 0); a
        # game not over waits for --idle (an hour)
        assert tables.put_away() == [table.id]
        assert list(tables.tables) == [waiting.id]
        with sqlite3.connect(db) as conn:
            stored = conn.execute("SELECT deal FROM analyses WHERE table_id = ?", (table.id,))
            assert sorted(d for (d,) in stored) == [f.number for f in played]
        # its link opened (twice at once): read back from the file in a
        # worker thread, once
        again, same = await asyncio.gather(tables.open(table.id), tables.open(table.id))
        assert again is not None
        assert again is same is tables.tables[table.id]
        assert again is not table
        assert tables._opening == {}
        assert tables.analyses.waiting == 0  # its analyses read back, not worked out again
        assert not tables.analyses.busy
        assert _shown(again) == before
    finally:
        await tables.stop()
        tables.store.close()


def test_a_finished_table_put_away_shows_the_same_when_opened(tmp_path: Path) -> None:
    asyncio.run(_finished_and_put_away(tmp_path / "tables.sqlite"))


def test_a_finished_tables_links_keep_working_and_its_analyses_are_kept(tmp_path: Path) -> None:
    """End to end, a real server with ``--keep-finished 0.1``: the spectators'
    link and the downloads of a finished table show the same after it has
    been put away, and after the server is killed (SIGKILL) and started again
    its deals' analyses are there at once (stored, not worked out again)."""
    db = tmp_path / "tables.sqlite"
    srv = Server(db, "--keep-finished", "0.1").start()
    try:
        bots = _create(srv, variant="double-dummy", places=dict.fromkeys("AB", "rule"))
        table = bots["table"]

        def analysed(m: dict[str, Any]) -> bool:
            played = [d for d in m.get("finished", ()) if d["tricks"]]
            return m["type"] == "state" and m["over"] and all(d["analysis"] for d in played)

        with _joined(srv, table) as spectator:
            spectator.join()
            before = spectator.until(analysed)
        links = [f"/api/tables/{table}/record.json"]
        for d in before["finished"]:
            links += [f"/api/tables/{table}/deals/{d['number']}.pbn", d["downloads"]["json"]]
        downloads = [srv.request(link)[:2] for link in links]  # status and body
        assert [status for status, _ in downloads] == [200] * len(links)
        for restarted in (False, True):
            if restarted:
                srv.kill()
                srv.start()
            time.sleep(0.5)  # put away meanwhile (looked for every 0.1 s)
            with _joined(srv, table) as spectator:
                assert spectator.join()["type"] == "welcome"
                assert spectator.state == before
            assert [srv.request(link)[:2] for link in links] == downloads
    finally:
        err = srv.stop()
    assert "Traceback" not in err, err
    assert json.dumps(before).count('"analysis":null') == 0
