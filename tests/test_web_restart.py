"""A server killed with SIGKILL mid-deal loses no acknowledged action (issue 17).

A real server process keeps its tables in a real SQLite file; clients act
through real WebSockets; each action is acknowledged by the new state. The
server is killed with SIGKILL right after an acknowledgement, restarted on
the same ``--db``, and the table resumes: every acknowledged action, the same
state for every player, and play goes on to the end of the game.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

from web_support import Server, choose, merged
from websockets.sync.client import ClientConnection, connect

from dummybridge.engine.game import Game
from dummybridge.language.loader import load_rules

SEED = 10**13 + 99


class Player:
    def __init__(self, server: Server, table: str, token: str | None) -> None:
        self.ws: ClientConnection = connect(server.ws(table)).__enter__()
        self.state: dict[str, Any] = {}
        self.ws.send(json.dumps({"type": "hello", **({"token": token} if token else {})}))
        self.welcome = json.loads(self.ws.recv(timeout=30))
        assert self.welcome["type"] == "welcome", self.welcome
        self.state = self.wait(self.welcome["at"])

    def wait(self, at: int) -> dict[str, Any]:
        """Read until the state at ``at`` actions (stale ones skipped)."""
        while True:
            msg = json.loads(self.ws.recv(timeout=30))
            assert msg["type"] != "error", msg
            if msg["type"] == "state":
                self.state = merged(self.state, msg)
                if msg["at"] >= at:
                    return self.state


def _public(state: dict[str, Any]) -> dict[str, Any]:
    """A state without what changes with who is connected or when the analysis arrives."""
    out = {k: v for k, v in state.items() if k not in ("players", "finished")}
    out["finished"] = [{k: v for k, v in d.items() if k != "analysis"} for d in state["finished"]]
    return out


def _play(players: dict[str, Player], rng: random.Random, steps: int, taken: list[str]) -> None:
    """``steps`` actions, each by the player to act, each acknowledged to everyone."""
    for _ in range(steps):
        any_state = next(iter(players.values())).state
        if any_state["over"]:
            return
        actor = players[any_state["actor"]]
        message = choose(actor.state, rng, False)
        assert message is not None
        message = {"type": "act", "action": _engine_text(actor.state, message), "at": message["at"]}
        actor.ws.send(json.dumps(message))
        taken.append(message["action"])
        for p in players.values():
            p.wait(len(taken))


def _engine_text(state: dict[str, Any], message: dict[str, Any]) -> str:
    if "action" in message:
        return str(message["action"])
    return next(a["action"] for a in state["legal"] if a["label"] == message["text"])


def test_a_sigkill_mid_deal_loses_no_acknowledged_action(tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite"
    server = Server(db, "--rate", "1000").start()
    status, created, _ = server.request("/api/tables", {"variant": "dummy-bridge", "seed": SEED})
    assert status == 201
    table = created["table"]
    tokens = {p: link.split("#", 1)[1] for p, link in created["links"].items()}
    players = {p: Player(server, table, t) for p, t in tokens.items()}
    rng = random.Random(SEED)
    taken: list[str] = []
    # the whole first deal, and into the play of the second
    while players["A"].state["deal_number"] == 1:
        _play(players, rng, 1, taken)
    _play(players, rng, 12, taken)
    before = {p: pl.state for p, pl in players.items()}
    assert before["A"]["phase"] == "play"
    server.kill()  # at once, right after the last acknowledgement

    server = Server(db, "--rate", "1000", port=server.port).start()
    try:
        players = {p: Player(server, table, t) for p, t in tokens.items()}
        for p, player in players.items():
            assert player.welcome["at"] == len(taken)
            assert _public(player.state) == _public(before[p])  # the same state, to the card
        replica = Game(load_rules("dummy-bridge"), SEED)
        replica.replay(taken)
        for p, player in players.items():
            seen = {s: sorted(str(c) for c in h) for s, h in replica.observation(p).hands.items()}
            assert {k: sorted(v) for k, v in player.state["hands"].items()} == {
                s.letter: cards for s, cards in seen.items()
            }
        # play goes on, to the end of the game
        _play(players, rng, 2000, taken)
        assert players["A"].state["over"] is True
        status, record, _ = server.request(f"/api/tables/{table}/record.json")
        assert status == 200
        assert [a if isinstance(a, str) else a["action"] for a in record["actions"]] == taken
    finally:
        assert "Traceback" not in server.stop()


def test_bots_resume_after_a_sigkill(tmp_path: Path) -> None:
    """A table of bots killed mid-deal resumes and plays to its end the same
    game as a table never killed: a bot's decisions come from the table's seed,
    its player and the action number."""
    db = tmp_path / "bots.sqlite"
    server = Server(db, "--bot-delay", "0.01").start()
    places = {"A": "rule", "B": "rule", "C": "rule"}
    _, created, _ = server.request(
        "/api/tables", {"variant": "dummy-bridge", "seed": SEED, "places": places}
    )
    _, twin, _ = server.request(
        "/api/tables", {"variant": "dummy-bridge", "seed": SEED, "places": places}
    )
    watcher = Player(server, created["table"], None)
    watcher.wait(30)
    assert not watcher.state["over"]
    server.kill()
    server = Server(db, "--bot-delay", "0", port=server.port).start()
    try:
        for table in (created["table"], twin["table"]):
            spectator = Player(server, table, None)
            while not spectator.state["over"]:
                spectator.wait(spectator.state["at"] + 1)
        r1 = server.request(f"/api/tables/{created['table']}/record.json")[1]
        r2 = server.request(f"/api/tables/{twin['table']}/record.json")[1]
        assert r1["actions"] == r2["actions"]
        assert len(r1["actions"]) > 30
    finally:
        assert "Traceback" not in server.stop()


def test_a_call_out_of_turn_survives_a_restart(tmp_path: Path) -> None:
    """Laws mode (Auction Bridge, 1912 laws 49, 57): a bid out of turn, made
    by a player whose turn it is not, is taken with his name (``player=``),
    stored so, and rebuilt so after a SIGKILL: the adversary on the
    offender's left then chooses the penalty."""
    db = tmp_path / "laws.sqlite"
    server = Server(db).start()
    request = {"variant": "auction-bridge", "seed": SEED, "laws": True}
    _, created, _ = server.request("/api/tables", request)
    tokens = {p: link.split("#", 1)[1] for p, link in created["links"].items()}
    replica = Game(load_rules("auction-bridge"), SEED, laws=True)
    offender = next(p for p in replica.players if p != replica.actor)
    bid = str(replica.out_of_turn_actions(offender)[0])
    replica.apply(bid, player=offender)
    player = Player(server, created["table"], tokens[offender])
    assert bid in [a["action"] for a in player.state["out_of_turn"]]
    player.ws.send(json.dumps({"type": "act", "action": bid, "at": 0}))
    state = player.wait(1)
    assert state["phase"] == "penalty"
    assert state["actor"] == replica.actor
    server.kill()
    server = Server(db, port=server.port).start()
    try:
        chooser = Player(server, created["table"], tokens[str(replica.actor)])
        assert chooser.state["at"] == 1
        assert chooser.state["phase"] == "penalty"
        assert [a["action"] for a in chooser.state["legal"]] == [
            str(a) for a in replica.legal_actions()
        ]
        choice = str(replica.legal_actions()[-1])
        chooser.ws.send(json.dumps({"type": "act", "action": choice, "at": 1}))
        replica.apply(choice)
        assert chooser.wait(2)["phase"] == replica.phase
    finally:
        assert "Traceback" not in server.stop()


HOUSE = """dummybridge: 1
extends: bridge
name: cap
title: Capped
version: "1.0"
doubling:
  limit: {kind: cap, trick_value: 100}
"""


def test_a_table_of_uploaded_rules_is_rebuilt_from_its_text(tmp_path: Path) -> None:
    db = tmp_path / "upload.sqlite"
    server = Server(db).start()
    _, created, _ = server.request("/api/tables", {"yaml": HOUSE, "seed": SEED})
    token = created["links"]["A"].split("#", 1)[1]
    before = Player(server, created["table"], token).state
    server.kill()
    server = Server(db, port=server.port).start()
    try:
        after = Player(server, created["table"], token).state
        assert after["title"] == "Capped"
        assert _public(after) == _public(before)
    finally:
        assert "Traceback" not in server.stop()


def test_a_table_stored_before_issue_21_rebuilds_its_redouble(tmp_path: Path) -> None:
    """ "Nothing acknowledged is lost": a table whose store (a real SQLite
    file) holds a redouble written ``double``, as the web table stored it
    before issue 21, is rebuilt with the redouble in its place (ELW05: the
    maker "may say, 'I re-double'")."""
    import time

    from dummybridge.web.limits import Limits
    from dummybridge.web.store import Store, StoredAction, StoredTable
    from dummybridge.web.tables import Tables

    store = Store(tmp_path / "tables.db")
    game = Game(load_rules("bridge"), 3)
    places = dict.fromkeys(game.players, ("bot", None))
    store.add_table(StoredTable("t1", time.time(), "bridge", None, {}, 3, places))
    now = ["declare hearts", "double", "redouble", "pass", "pass"]
    for n, action in enumerate(now):
        old = "double" if action == "redouble" else action  # as stored before issue 21
        assert game.actor is not None
        store.add_action("t1", n, StoredAction(game.actor, False, old))
        game.apply(action)
    table = Tables(store, Limits(), analysis=False)._open("t1")
    assert table is not None
    assert table.broken is None
    assert [str(a) for a in table.game.actions] == [
        "declare hearts",
        "double",
        "redouble",
        "pass",
        "pass",
    ]
    assert (table.game.phase, table.game.doubling_level, table.at) == ("play", 2, 5)
    store.close()


def test_an_action_is_committed_when_stored_and_a_refused_one_stores_nothing(
    tmp_path: Path,
) -> None:
    """Issue 17: "each table and every action is stored in SQLite (WAL, one
    transaction per action)": when Store.add_action returns, another
    connection to the file reads the action (it is committed, not waiting in
    an open transaction); an insert that fails (an action number already
    stored) raises, stores nothing and leaves no transaction open."""
    import sqlite3
    import time

    from dummybridge.web.store import Store, StoredAction, StoredTable

    store = Store(tmp_path / "tables.db", synchronous="NORMAL")
    store.add_table(StoredTable("t1", time.time(), "dummy-bridge", None, {}, 5, {}))
    reader = sqlite3.connect(tmp_path / "tables.db")
    try:
        store.add_action("t1", 0, StoredAction("A", False, "declare hearts"))
        rows = "SELECT n, player, action FROM actions ORDER BY n"
        assert reader.execute(rows).fetchall() == [(0, "A", "declare hearts")]
        try:
            store.add_action("t1", 0, StoredAction("B", False, "pass"))
        except sqlite3.IntegrityError:
            pass
        else:
            raise AssertionError("a second action 0 was stored")
        store.add_action("t1", 1, StoredAction("B", True, "double"))
        assert reader.execute(rows).fetchall() == [(0, "A", "declare hearts"), (1, "B", "double")]
        assert not store._db.in_transaction
    finally:
        reader.close()
        store.close()
