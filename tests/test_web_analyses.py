"""The finished deals' analyses (issue 17; docs/web.md, "The analyses"):
a server stops its analyses' process in order when it is stopped, with no
error said and the documented exit status; a crash of that process while
serving is said and the process replaced, its deal tried again; the queue in
memory is bounded, the deals beyond it waiting in the database, and a
restart resumes the analyses left pending; and a restart rebuilds only the
tables whose game is not over.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sqlite3
import time
from pathlib import Path
from typing import Any

import pytest
from test_web_server import SEED, _children, _create, _joined, _running
from web_support import Server

from dummybridge.web.api import table_request
from dummybridge.web.limits import Limits
from dummybridge.web.store import Store
from dummybridge.web.tables import Tables

pytestmark = pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads /proc (Linux)")


def _analyses(db: Path) -> int:
    with sqlite3.connect(db) as conn:
        return int(conn.execute("SELECT count(*) FROM analyses").fetchone()[0])


def _analysing(server: Server) -> list[int]:
    """Once the server's first analysis is stored: its analyses' process."""
    assert server.proc is not None
    deadline = time.monotonic() + 60
    while _analyses(server.db) == 0 and time.monotonic() < deadline:
        time.sleep(0.05)
    workers = [c for c in _children(server.proc.pid) if _running(c)]
    return [w for w in workers if "spawn_main" in Path(f"/proc/{w}/cmdline").read_text()]


def _bots(server: Server, rubbers: int = 3) -> str:
    places = dict.fromkeys("ABC", "rule")
    return str(_create(server, variant="dummy-bridge", rubbers=rubbers, places=places)["table"])


@pytest.mark.parametrize(
    ("sig", "group", "status", "said"),
    [
        (signal.SIGINT, True, 130, "dummybridge: interrupted"),  # Ctrl-C at a terminal
        (signal.SIGTERM, True, 143, "dummybridge: terminated"),  # kill -TERM -PGID
        (signal.SIGTERM, False, 143, "dummybridge: terminated"),  # kill PID
    ],
)
def test_a_server_stopped_by_a_signal_stops_its_analyses_in_order(
    tmp_path: Path, sig: signal.Signals, group: bool, status: int, said: str
) -> None:
    """docs/limits.md, Signals: Ctrl-C and SIGTERM stop any command with one
    line and status 130 or 143. The analyses' process, busy with the deals
    the bots keep finishing, is stopped by the server, not by the signal
    (sent to the whole group, it ended the process under the server's feet,
    which said "the analyses' process stopped" as an error, with the
    process's traceback, and exited 0)."""
    server = Server(tmp_path / "tables.sqlite", group=True).start()
    _bots(server)
    workers = _analysing(server)
    assert len(workers) == 1
    assert server.proc is not None
    if group:
        os.killpg(server.proc.pid, sig)
    else:
        server.proc.send_signal(sig)
    assert server.proc.wait(30) == status
    assert server.proc.stderr is not None
    assert server.proc.stdout is not None
    assert server.proc.stderr.read() == said + "\n"
    assert server.proc.stdout.read() == "dummybridge: stopped\n"
    assert not _running(workers[0])  # ended, and waited for


def test_a_crash_of_the_analyses_process_is_said_and_it_is_replaced(tmp_path: Path) -> None:
    """A real crash while serving (the process killed with SIGKILL) is said
    in the log as an error; a new process takes over, the deal at work is
    tried again, and every deal of the game gets its analysis."""
    server = Server(tmp_path / "tables.sqlite").start()
    try:
        table = _bots(server)
        (worker,) = _analysing(server)
        os.kill(worker, signal.SIGKILL)

        def analysed(m: dict[str, Any]) -> bool:
            played = [d for d in m.get("finished", ()) if d["tricks"]]
            return m["type"] == "state" and m["over"] and all(d["analysis"] for d in played)

        with _joined(server, table) as spectator:
            spectator.join()
            spectator.until(analysed)
        assert server.proc is not None
        (replaced,) = _analysing(server)
        assert replaced != worker
    finally:
        err = server.stop()
    lines = err.splitlines()
    crash = [line for line in lines if "stopped unexpectedly" in line]
    assert len(crash) == 1, err
    assert crash[0].startswith(
        "dummybridge: the analyses' process stopped unexpectedly (exit status -9)"
    )
    assert crash[0].endswith("a new one is started and tries that deal again")
    assert "Traceback" not in err
    assert lines[-1] == "dummybridge: interrupted"


def _pending(db: Path) -> list[tuple[str, int]]:
    with sqlite3.connect(db) as conn:
        return list(conn.execute("SELECT table_id, deal FROM pending ORDER BY seq"))


async def _the_analyses_wait_in_the_database(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    limits = Limits(analysis_queue=2)
    first = Tables(Store(db, "NORMAL"), limits, bot_delay=0)
    monkeypatch.setattr(first.analyses, "start", lambda: None)  # never gets to its analyses
    bots = {"variant": "dummy-bridge", "seed": SEED, "rubbers": 2}
    table, _ = first.create(
        table_request({**bots, "places": dict.fromkeys("ABC", "rule")}, limits, allow_seeds=True)
    )
    waiting, _ = first.create(table_request(bots, limits, allow_seeds=True))  # nobody acts
    for _ in range(2000):
        if table.game.is_over:
            break
        await asyncio.sleep(0.01)
    assert table.game.is_over
    played = [f.number for f in table.finished if f.data["tricks"]]
    assert len(played) > 2 * limits.analysis_queue
    assert first.analyses.waiting == 0  # the start is full: every deal waits in the database
    await first.stop()
    first.store.close()
    # each deal pending, stored with the action that ended it; the game over, marked
    assert _pending(db) == [(table.id, n) for n in played]
    with sqlite3.connect(db) as conn:
        assert dict(conn.execute("SELECT id, over FROM tables")) == {table.id: 1, waiting.id: 0}
        # as a database made before: no game marked over, no deal pending
        conn.execute("UPDATE tables SET over = 0")
        conn.execute("DELETE FROM pending")

    second = Tables(Store(db, "NORMAL"), limits, bot_delay=0)
    filled: list[int] = []  # the queue in memory after each read from the database
    refill = second.analyses._refill

    def watched() -> None:
        refill()
        filled.append(second.analyses.waiting)

    monkeypatch.setattr(second.analyses, "_refill", watched)
    try:
        await asyncio.to_thread(second.load)
        # only the game not over is rebuilt; the one over is found so, marked,
        # and its deals left pending
        assert list(second.tables) == [waiting.id]
        assert _pending(db) == [(table.id, n) for n in played]
        second.start()
        for _ in range(3000):
            if not _pending(db) and not second.analyses.busy:
                break
            await asyncio.sleep(0.01)
    finally:
        await second.stop()
        second.store.close()
    assert _pending(db) == []
    with sqlite3.connect(db) as conn:
        done = sorted(d for (d,) in conn.execute("SELECT deal FROM analyses"))
        assert dict(conn.execute("SELECT id, over FROM tables")) == {table.id: 1, waiting.id: 0}
    assert done == played  # every deal analysed, none twice
    assert max(filled) == limits.analysis_queue  # the bound, reached and never passed
    assert len(filled) >= len(played) / limits.analysis_queue  # read back as it emptied


def test_the_analyses_queue_is_bounded_and_a_restart_resumes_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A bound of 2 deals in memory with more than 2 deals finished: every
    deal is pending in the real SQLite file (stored with the action that
    ended it), the queue in memory never holds more than 2, and a restart
    analyses every one, once; a restart rebuilds only the table whose game
    is not over (a database made before the mark: found over on start,
    marked, let go)."""
    asyncio.run(_the_analyses_wait_in_the_database(tmp_path / "tables.sqlite", monkeypatch))


async def _stopped_mid_analysis(db: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    limits = Limits()
    first = Tables(Store(db, "NORMAL"), limits, bot_delay=0.02)  # stopped before the game ends
    asked: list[tuple[str, int]] = []  # each analysis begun, in order
    real = first.analyses._analysis

    async def third_at_work(key: tuple[str, int]) -> Any:
        asked.append(key)
        if len(asked) == 3:  # at work when the server stops: never ends
            await asyncio.Event().wait()
        return await real(key)

    monkeypatch.setattr(first.analyses, "_analysis", third_at_work)
    bots = {"variant": "dummy-bridge", "seed": SEED, "rubbers": 2}
    table, _ = first.create(
        table_request({**bots, "places": dict.fromkeys("ABC", "rule")}, limits, allow_seeds=True)
    )
    for _ in range(3000):
        if len(asked) == 3 and _analyses(db) == 2:
            break
        await asyncio.sleep(0.01)
    await first.stop()  # the bots and the analysis at work stopped mid-game
    first.store.close()
    assert not table.game.is_over
    with sqlite3.connect(db) as conn:
        stored = sorted(conn.execute("SELECT table_id, deal FROM analyses"))
    assert stored == sorted(asked[:2])
    assert asked[2] in _pending(db)  # the one at work is still owed

    second = Tables(Store(db, "NORMAL"), limits, bot_delay=0)
    again: list[tuple[str, int]] = []
    real2 = second.analyses._analysis

    async def counted(key: tuple[str, int]) -> Any:
        again.append(key)
        return await real2(key)

    monkeypatch.setattr(second.analyses, "_analysis", counted)
    try:
        await asyncio.to_thread(second.load)
        rebuilt = second.tables[table.id]  # not over: rebuilt on start, bots and all
        second.start()
        for _ in range(6000):
            if rebuilt.game.is_over and not _pending(db) and not second.analyses.busy:
                break
            await asyncio.sleep(0.01)
        played = [(table.id, f.number) for f in rebuilt.finished if f.data["tricks"]]
    finally:
        await second.stop()
        second.store.close()
    assert rebuilt.game.is_over
    with sqlite3.connect(db) as conn:
        rows = list(conn.execute("SELECT table_id, deal FROM analyses ORDER BY deal"))
    assert _pending(db) == []
    assert rows == played  # one row a deal played
    assert sorted(again) == sorted(set(played) - set(asked[:2]))  # each once, none stored redone
    assert again[0] == asked[2]  # the one at work, first


def test_an_analysis_at_work_when_the_server_stops_is_done_once_after_the_restart(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """docs/web.md, Persistence: an analysis at work when the server stops
    is dropped, its deal left pending, and worked out after the next start,
    once: the restarted server's rebuilt table asks for its finished deals'
    analyses as the pending rows do, and neither works a deal out twice nor
    stores it twice; the analyses stored before the stop are not redone."""
    asyncio.run(_stopped_mid_analysis(tmp_path / "tables.sqlite", monkeypatch))
