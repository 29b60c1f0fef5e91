"""The web table's server (issue 17), through a real server process on a free
loopback port, real WebSocket clients (the ``websockets`` library) and a real
SQLite file: creating tables, rule files checked with line and column, tokens,
stale and illegal actions, limits, the Origin check, garbage input, path
traversal and downloads withheld until a deal or the game is over."""

from __future__ import annotations

import asyncio
import http.client
import json
import sqlite3
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from web_support import Server, merged
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import ClientConnection, connect

from dummybridge.engine.game import Game
from dummybridge.errors import IllegalActionError
from dummybridge.formats.render import card_text
from dummybridge.language.loader import builtin_variants, house_rules, load_rules
from dummybridge.web import deals
from dummybridge.web.server import _MAX_QUEUED, _SEND_AFTER, _Client, _Outbox

SEED = 10**12 + 7


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = Server(tmp_path_factory.mktemp("web") / "tables.sqlite").start()
    yield srv
    err = srv.stop()
    assert "Traceback" not in err, err


class Client:
    """A WebSocket client of one table."""

    def __init__(self, server: Server, table: str, token: str | None = None, **kw: Any) -> None:
        self.ws: ClientConnection = connect(server.ws(table), **kw).__enter__()
        self.state: dict[str, Any] = {}
        self.hello = {"type": "hello", **({"token": token} if token else {})}

    def join(self) -> dict[str, Any]:
        self.send(self.hello)
        welcome = self.recv()
        if welcome["type"] == "welcome":
            self.until(lambda m: m["type"] == "state")
        return welcome

    def send(self, message: Any) -> None:
        self.ws.send(message if isinstance(message, str | bytes) else json.dumps(message))

    def recv(self) -> dict[str, Any]:
        msg: dict[str, Any] = json.loads(self.ws.recv(timeout=30))
        if msg["type"] == "state":
            self.state = msg = merged(self.state, msg)
        return msg

    def until(self, done: Any) -> dict[str, Any]:
        while not done(msg := self.recv()):
            pass
        return msg

    def error(self) -> str:
        return str(self.until(lambda m: m["type"] == "error")["message"])

    def close(self) -> None:
        self.ws.close()


def _create(server: Server, **request: Any) -> dict[str, Any]:
    status, body, _ = server.request("/api/tables", {"seed": SEED, **request})
    assert status == 201, body
    return body


def _token(created: dict[str, Any], player: str) -> str:
    return str(created["links"][player].split("#", 1)[1])


def _replica(variant: str = "dummy-bridge") -> Game:
    return Game(load_rules(variant), SEED)


# ------------------------------------------------------------------- serving


def test_serve_says_where_it_serves(server: Server) -> None:
    assert server.banner == (
        f"dummybridge: serving on http://127.0.0.1:{server.port}/ (tables in {server.db})"
    )


def test_the_pages_and_the_variants(server: Server) -> None:
    status, _, headers = server.request("/")
    assert status == 200
    assert headers["content-type"].startswith("text/html")
    status, variants, _ = server.request("/api/variants")
    assert status == 200
    names = [v["name"] for v in variants]
    assert names == [v.name for v in (*builtin_variants(), *house_rules())]
    dummy = variants[names.index("dummy-bridge")]
    assert dummy["players"] == ["A", "B", "C"]
    assert dummy["hands"] == "dummy"
    assert server.request("/api/nothing")[:2] == (404, {"error": "not found"})


def test_creating_a_table_gives_a_link_per_person_and_one_for_spectators(server: Server) -> None:
    created = _create(server, variant="dummy-bridge", places={"C": "rule"})
    table = created["table"]
    assert len(table) >= 12
    assert set(created["links"]) == {"A", "B"}  # C is a bot: no link
    assert created["links"]["A"].startswith(f"/t/{table}#")
    assert _token(created, "A") != _token(created, "B")
    assert created["spectate"] == f"/t/{table}"
    assert server.request(f"/t/{table}")[0] == 200
    assert server.request("/t/nosuchtable000")[0] == 404
    none = _create(server, variant="bridge", spectators="none")
    assert none["spectate"] is None
    with _joined(server, none["table"]) as spectator:
        assert "no spectators" in spectator.join()["message"]


@pytest.mark.parametrize(
    ("request_", "message"),
    [
        ({"variant": "whist"}, "'variant' must be a built-in variant or house rule"),
        ({"variant": "/etc/passwd"}, "'variant' must be a built-in variant or house rule"),
        ({"variant": "bridge", "yaml": "x"}, "give either 'variant'"),
        ({"variant": "bridge", "rubbers": 0}, "'rubbers' must be a whole number from 1 to 20"),
        ({"variant": "bridge", "laws": "yes"}, "'laws' must be true or false"),
        ({"variant": "bridge", "places": {"E": "rule"}}, "'places' names no player 'E'"),
        ({"variant": "bridge", "places": {"A": "genius"}}, "places.A must be one of person"),
        ({"variant": "bridge", "spectators": "all"}, "'spectators' must be one of public, none"),
        (
            {"variant": "bridge", "fill_after": 0},
            "'fill_after' must be a whole number of seconds from 1 to 3600, or null",
        ),
        (
            {"variant": "bridge", "fill_after": "soon"},
            "'fill_after' must be a whole number of seconds from 1 to 3600, or null",
        ),
        ([1, 2], "send a JSON object"),
    ],
)
def test_a_bad_request_for_a_table_is_refused_with_its_reason(
    server: Server, request_: Any, message: str
) -> None:
    status, body, _ = server.request("/api/tables", request_)
    assert status == 400
    assert body["error"].startswith(message), body


# ------------------------------------------------------------------ rule files

HOUSE = """dummybridge: 1
extends: bridge
name: cap
title: Capped
version: "1.0"
doubling:
  limit: {kind: capp}
"""


def test_validate_reports_each_problem_at_its_line_and_column(server: Server) -> None:
    status, body, _ = server.request("/api/validate", {"yaml": HOUSE})
    assert status == 200
    assert body["ok"] is False
    [d] = body["diagnostics"]
    assert (d["line"], d["column"], d["path"]) == (7, 17, "$.doubling.limit.kind")
    assert d["message"] == "'capp' is not one of 'unlimited', 'cap', 'stop_after_exceeding', 'none'"
    assert d["hint"] == "did you mean 'cap'?"
    fixed = HOUSE.replace("capp", "cap, trick_value: 100")
    assert server.request("/api/validate", {"yaml": fixed})[1] == {
        "ok": True,
        "diagnostics": [],
        "title": "Capped",
        "players": ["A", "B", "C", "D"],
    }


def test_an_uploaded_rule_file_may_not_extend_a_path(server: Server) -> None:
    text = HOUSE.replace("extends: bridge", "extends: ../../rules/bridge.yaml")
    [d] = server.request("/api/validate", {"yaml": text})[1]["diagnostics"]
    assert (d["line"], d["column"], d["path"]) == (2, 10, "$.extends")
    assert d["message"] == (
        "cannot extend '../../rules/bridge.yaml': rules given as text may extend only a "
        "built-in variant or house rule, not a file"
    )
    status, body, _ = server.request("/api/tables", {"yaml": text})
    assert status == 400
    assert body["diagnostics"] == [d]


def test_a_table_from_an_uploaded_rule_file(server: Server) -> None:
    text = HOUSE.replace("capp", "cap, trick_value: 100")
    created = _create(server, yaml=text, places={"B": "rule", "C": "rule", "D": "rule"})
    with _joined(server, created["table"], _token(created, "A")) as a:
        assert a.join()["player"] == "A"
        assert a.state["title"] == "Capped"


def test_a_syntax_error_is_located(server: Server) -> None:
    [d] = server.request("/api/validate", {"yaml": "dummybridge: 1\nname: x\n  title: y\n"})[1][
        "diagnostics"
    ]
    assert (d["line"], d["column"]) == (3, 8)
    assert d["message"] == "YAML syntax error: mapping values are not allowed here"


# ------------------------------------------------------------------- acting


class _joined:
    """``with _joined(server, table, token) as client``: closed after."""

    def __init__(self, server: Server, table: str, token: str | None = None, **kw: Any) -> None:
        self.client = Client(server, table, token, **kw)

    def __enter__(self) -> Client:
        return self.client

    def __exit__(self, *exc: object) -> None:
        self.client.close()


def _to_act(state: dict[str, Any]) -> str:
    return str(state["actor"])


def test_a_player_cannot_act_for_another_seat_or_table(server: Server) -> None:
    created = _create(server, variant="dummy-bridge")
    other = _create(server, variant="dummy-bridge")
    game = _replica()
    actor = game.actor
    idle = next(p for p in "ABC" if p != actor)
    with _joined(server, created["table"], _token(created, idle)) as client:
        assert client.join()["player"] == idle
        before = client.state
        assert before["legal"] == []  # not his turn: nothing offered
        move = str(game.legal_actions()[0])
        client.send({"type": "act", "action": move, "at": 0})
        try:
            game.apply(move, player=idle)
        except IllegalActionError as exc:
            expected = str(exc)
        assert client.error() == expected  # the engine's own words
        assert f"it is {actor}'s turn" in expected
    with _joined(server, other["table"], _token(created, actor)) as stranger:
        assert stranger.join()["message"] == (
            "this link's token is not one of this table's: ask for your link again"
        )
        stranger.send({"type": "act", "action": move, "at": 0})
        assert stranger.error() == "say hello first (with your link's token)"
    with _joined(server, created["table"]) as spectator:
        assert spectator.join()["player"] is None
        spectator.send({"type": "act", "action": move, "at": 0})
        assert spectator.error().startswith("spectators cannot act")
        assert spectator.state["at"] == 0


def test_a_stale_or_illegal_action_is_refused_and_changes_nothing(server: Server) -> None:
    created = _create(server, variant="dummy-bridge")
    game = _replica()
    actor = game.actor
    assert actor is not None
    with _joined(server, created["table"], _token(created, actor)) as client:
        client.join()
        first = client.state
        illegal = "play SA" if not game.can(game.legal_actions()[0]) else "bid 7 no_trumps"
        client.send({"type": "act", "action": "declare hearts", "at": 0})
        client.until(lambda m: m["type"] == "state" and m["at"] == 1)
        game.apply("declare hearts")
        assert client.state["history"][-1]["action"] == "declare hearts"
        client.send({"type": "act", "action": "pass", "at": 0})  # stale: it is at 1
        msg = client.recv()
        assert msg["type"] == "state"  # the current state again ...
        assert msg["at"] == 1
        assert client.error() == (
            "the table has moved on: your state showed 0 actions, it is now at 1 "
            "(here is the current state); nothing was done"
        )
        try:
            game.apply(illegal, player=actor)
        except IllegalActionError as exc:
            expected = str(exc)
        client.send({"type": "act", "action": illegal, "at": 1})
        refused = client.until(lambda m: m["type"] == "error")
        assert refused == {"type": "error", "message": expected, "at": 1}
        client.send({"type": "act", "action": "play the joker", "at": 1})
        assert client.error().startswith("unknown action 'play the joker'")
        client.send({"type": "ping"})
        assert client.until(lambda m: m["type"] != "error") == {"type": "pong"}
        assert first["at"] == 0
        assert client.state["at"] == 1  # nothing changed


def test_natural_input_is_read_against_the_players_choices(server: Server) -> None:
    created = _create(server, variant="dummy-bridge")
    actor = _replica().actor
    assert actor is not None
    with _joined(server, created["table"], _token(created, actor)) as client:
        client.join()
        client.send({"type": "act", "text": "no trumps", "at": 0})
        state = client.until(lambda m: m["type"] == "state" and m["at"] == 1)
        assert state["history"][0]["action"] == "declare no_trumps"


# ------------------------------------------------------------------- limits


def test_a_message_too_large_closes_the_connection(server: Server) -> None:
    created = _create(server, variant="bridge")
    with _joined(server, created["table"]) as client:
        client.join()
        client.send(json.dumps({"type": "ping", "pad": "x" * 9000}))
        with pytest.raises(ConnectionClosed) as closed:
            client.recv()
        assert closed.value.rcvd is not None
        assert closed.value.rcvd.code == 1009  # message too big


def test_too_many_messages_a_second_are_refused(server: Server) -> None:
    created = _create(server, variant="bridge")
    with _joined(server, created["table"]) as client:
        client.join()
        for _ in range(40):
            client.send({"type": "ping"})
        replies = [client.recv() for _ in range(40)]
        refused = [m for m in replies if m["type"] == "error"]
        assert refused
        assert refused[0]["message"] == "too many messages: at most 10 a second"
        assert replies[0] == {"type": "pong"}


def test_a_rule_file_too_large_is_refused(server: Server) -> None:
    text = HOUSE + "# " + "x" * (70 * 1024) + "\n"
    status, body, _ = server.request("/api/validate", {"yaml": text})
    assert status == 413
    assert body["error"].startswith("the request is too large") or "too large" in body["error"]


def test_the_server_holds_at_most_its_tables(tmp_path: Path) -> None:
    srv = Server(tmp_path / "few.sqlite", "--max-tables", "2").start()
    try:
        for _ in range(2):
            assert srv.request("/api/tables", {"variant": "bridge"})[0] == 201
        status, body, _ = srv.request("/api/tables", {"variant": "bridge"})
        assert status == 503
        assert body == {
            "error": "the server holds as many tables as it may (2): try again when one is over"
        }
    finally:
        assert "Traceback" not in srv.stop()


def test_one_address_may_create_only_its_share_of_tables(tmp_path: Path) -> None:
    """One client cannot fill the server's tables for everyone: past its share
    it is refused with 429 and its reason, and no table is made."""
    srv = Server(tmp_path / "share.sqlite", "--tables-per-hour", "2").start()
    try:
        for _ in range(2):
            assert srv.request("/api/tables", {"variant": "bridge"})[0] == 201
        status, body, _ = srv.request("/api/tables", {"variant": "bridge"})
        assert (status, body) == (
            429,
            {"error": "too many new tables from your address: at most 2 an hour; try again later"},
        )
    finally:
        assert "Traceback" not in srv.stop()
    with sqlite3.connect(tmp_path / "share.sqlite") as db:
        assert db.execute("SELECT count(*) FROM tables").fetchone() == (2,)


def test_an_idle_table_is_put_away_and_comes_back_when_opened(tmp_path: Path) -> None:
    """A table nobody uses leaves memory and stops counting against the limit
    (so abandoned tables cannot fill a server); its link still works: the game
    is read back from the database exactly where it was, and goes on."""
    srv = Server(tmp_path / "idle.sqlite", "--max-tables", "1", "--idle", "0.2").start()
    try:
        created = _create(srv, variant="dummy-bridge")
        game = _replica()
        actor = str(game.actor)
        first = str(game.legal_actions()[0])
        with _joined(srv, created["table"], _token(created, actor)) as client:
            assert client.join()["player"] == actor
            client.send({"type": "act", "action": first, "at": 0})
            assert client.until(lambda m: m["type"] == "state")["at"] == 1
        game.apply(first)
        # in memory it counts against --max-tables 1; put away, it no longer does
        for _ in range(200):
            status, body, _ = srv.request("/api/tables", {"variant": "bridge"})
            if status != 503:
                break
            time.sleep(0.05)
        assert (status, sorted(body)) == (201, ["links", "spectate", "table"])
        actor = str(game.actor)
        second = str(game.legal_actions()[0])
        with _joined(srv, created["table"], _token(created, actor)) as client:
            assert client.join()["player"] == actor
            assert client.state["at"] == 1
            assert client.state["history"][0]["action"] == first
            client.send({"type": "act", "action": second, "at": 1})
            assert client.until(lambda m: m["type"] == "state")["at"] == 2
    finally:
        assert "Traceback" not in srv.stop()


def test_a_websocket_from_another_origin_is_refused(server: Server) -> None:
    created = _create(server, variant="bridge")
    with pytest.raises(InvalidStatus) as refused:
        connect(server.ws(created["table"]), origin="http://evil.example")  # type: ignore[arg-type]
    assert refused.value.response.status_code == 403
    own = f"http://127.0.0.1:{server.port}"
    with _joined(server, created["table"], origin=own) as client:
        assert client.join()["type"] == "welcome"


# ---------------------------------------------------------------- garbage in


@pytest.mark.parametrize(
    ("garbage", "message"),
    [
        ("not json", "a message must be a JSON object: Expecting value"),
        ("[1, 2]", "a message must be a JSON object, not list"),
        ('{"kind": "hello"}', "a message needs a 'type': hello, act, fill or ping"),
        ('{"type": "shout"}', "unknown message type 'shout': expected hello, act, fill or ping"),
        ('{"type": "hello", "token": 7}', "'token' must be a string, not int"),
        ('{"type": "act", "action": "pass"}', "an 'act' message needs 'at'"),
        ('{"type": "act", "at": 0}', "an 'act' message needs either 'action' or 'text'"),
        (b"\x00\x01", "send text messages (JSON), not binary ones"),
        ("[" * 5000, "a message must be a JSON object"),
    ],
)
def test_garbage_gets_a_message_and_no_traceback(
    server: Server, garbage: Any, message: str
) -> None:
    created = _create(server, variant="bridge")
    with _joined(server, created["table"]) as client:
        client.send(garbage)
        reply = client.recv()
        assert reply["type"] == "error"
        assert reply["message"].startswith(message), reply
        assert "Traceback" not in reply["message"]
        client.send({"type": "ping"})
        assert client.recv() == {"type": "pong"}  # still served


@pytest.mark.parametrize("body", [b"\xff\xfe", b"{", b'{"variant": ' * 3000, b"null", b'"bridge"'])
def test_garbage_over_http_gets_a_json_error(server: Server, body: bytes) -> None:
    status, reply, _ = server.request("/api/tables", raw=body)
    assert status in (400, 413)
    assert isinstance(reply, dict)
    assert "Traceback" not in reply["error"]


@pytest.mark.parametrize(
    "path",
    [
        "/static/../../../../etc/passwd",
        "/static/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
        "/static/..%2f..%2f..%2fetc%2fpasswd",
        "/api/tables/x/deals/..%2f..%2fetc%2fpasswd",
        "/t/../../etc/passwd",
    ],
)
def test_no_path_leads_out_of_the_servers_folders(server: Server, path: str) -> None:
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    conn.request("GET", path)  # sent as written, not normalised
    resp = conn.getresponse()
    body = resp.read()
    conn.close()
    assert resp.status == 404
    assert b"root:" not in body


# ---------------------------------------------------------------- downloads


def test_downloads_wait_for_the_end_of_a_deal_and_of_the_game(server: Server) -> None:
    waiting = _create(server, variant="dummy-bridge")
    table = waiting["table"]
    status, body, _ = server.request(f"/api/tables/{table}/deals/1.pbn")
    assert (status, body) == (404, {"error": "deal 1 of this table is not over"})
    status, body, _ = server.request(f"/api/tables/{table}/record.json")
    assert status == 404
    assert body["error"].startswith("the game's record (which holds the seed")
    bots = _create(server, variant="dummy-bridge", places=dict.fromkeys("ABC", "rule"))
    table = bots["table"]
    with _joined(server, table) as spectator:
        spectator.join()
        spectator.until(lambda m: m["type"] == "state" and m["over"])
    # the day the deal was played: when the action that ended it was stored
    # (read from the database at each download: here moved to a known day)
    with sqlite3.connect(server.db) as db:
        db.execute(
            "UPDATE actions SET time = ? WHERE table_id = ?", (1_767_225_599.5, table)
        )  # 2025-12-31 23:59:59.5 UTC
    status, pbn, headers = server.request(f"/api/tables/{table}/deals/1.pbn")
    assert status == 200
    assert '[Date "2025.12.31"]\r\n' in pbn
    assert '[Date "????.??.??"]' not in pbn
    assert deals.pbn_date(1_767_225_600.0) == "2026.01.01"
    assert deals.pbn_date(None) == "????.??.??"
    assert '[Board "1"]' in pbn
    assert str(SEED) not in pbn
    assert "[Generator" in pbn
    status, deal, _ = server.request(f"/api/tables/{table}/deals/1.json")
    assert status == 200
    assert deal["number"] == 1
    assert str(SEED) not in json.dumps(deal)
    status, record, headers = server.request(f"/api/tables/{table}/record.json")
    assert status == 200
    assert record["seed"] == SEED
    assert headers["content-disposition"] == f'attachment; filename="{table}-record.json"'
    replay = Game.from_record(record)
    assert replay.is_over
    assert server.request(f"/api/tables/{table}/deals/99.pbn")[0] == 404


def test_a_state_carries_the_score_and_finished_deals_only_when_they_change(
    server: Server,
) -> None:
    """docs/web.md: ``score``, ``sheets`` and ``finished`` are in a
    connection's first state, then only in a state where they have changed
    since (a deal over: ``finished_changed``, that deal alone); a connection
    that comes again gets them whole."""
    # A person at A paces the table: the bots wait for him, so the first deal
    # is still open when he joins, however slow the machine.
    places = {"A": "person", "B": "rule", "C": "rule"}
    created = _create(server, variant="dummy-bridge", places=places)
    with _joined(server, created["table"], _token(created, "A")) as first:
        first.send(first.hello)
        sent = [json.loads(first.ws.recv(timeout=30))]
        merged_state: dict[str, Any] = {}
        last = time.monotonic()
        while sent[-1].get("deal_number", 1) == 1:
            msg = json.loads(first.ws.recv(timeout=30))
            sent.append(msg)
            if msg["type"] == "state":
                merged_state = merged(merged_state, msg)
                if merged_state["legal"]:  # his turn: the first action offered
                    action = merged_state["legal"][0]["action"]
                    time.sleep(max(0.0, last + 0.11 - time.monotonic()))  # 10 a second at most
                    first.send({"type": "act", "action": action, "at": merged_state["at"]})
                    last = time.monotonic()
        states = [m for m in sent if m["type"] == "state"]
        assert sent[0]["type"] == "welcome"
        assert states[0]["finished"] == []
        assert states[0]["sheets"] == []
        assert states[0]["score"]["entries"] == []
        assert [m["at"] for m in states] == list(range(states[0]["at"], states[-1]["at"] + 1))
        middle, ending = states[1:-1], states[-1]  # the deal's actions; the one that ends it
        assert middle
        slow = {"score", "sheets", "finished", "finished_changed"}
        assert not any(set(m) & slow for m in middle)
        assert "finished" not in ending  # the deal just over alone, not the list again
        assert [d["number"] for d in ending["finished_changed"]] == [1]
        assert ending["score"]["entries"]  # the deal is scored
        with _joined(server, created["table"]) as again:
            again.join()
            whole = again.state
        assert [d["number"] for d in whole["finished"]] == [1]
        assert whole["score"]["entries"] == ending["score"]["entries"]


def test_a_finished_deal_gets_its_analysis(tmp_path: Path) -> None:
    # a server of its own: the analyses run one at a time, at the lowest
    # priority, so on the module's server this one would wait behind every
    # bot table the other tests left finishing deals
    alone = Server(tmp_path / "tables.sqlite").start()
    try:
        bots = _create(alone, variant="double-dummy", places=dict.fromkeys("AB", "rule"))
        with _joined(alone, bots["table"]) as spectator:
            spectator.join()
            state = spectator.until(
                lambda m: m["type"] == "state" and any(d["analysis"] for d in m["finished"])
            )
    finally:
        err = alone.stop()
    assert "Traceback" not in err, err
    deal = next(d for d in state["finished"] if d["analysis"] is not None)
    played = [c for t in deal["tricks"] for c in t["cards"]]
    assert [c["card"] for c in deal["analysis"]] == played  # every card, in order
    assert {c["deal"] for c in deal["analysis"]} == {deal["number"]}
    assert all(c["cost"] == c["best"] - c["after"] >= 0 for c in deal["analysis"])


def _children(pid: int) -> list[int]:
    return [
        int(child)
        for task in Path(f"/proc/{pid}/task").iterdir()
        for child in (task / "children").read_text().split()
    ]


def _running(pid: int) -> bool:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"  # a zombie has ended


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="reads /proc (Linux)")
def test_the_analyses_process_ends_when_the_server_is_killed(tmp_path: Path) -> None:
    """docs/web.md: the analyses run in a process of their own, which goes
    with the server even when the server is killed (SIGKILL) and cannot say so."""
    alone = Server(tmp_path / "tables.sqlite").start()
    try:
        bots = _create(alone, variant="double-dummy", places=dict.fromkeys("AB", "rule"))
        with _joined(alone, bots["table"]) as spectator:
            spectator.join()
            spectator.until(
                lambda m: m["type"] == "state" and any(d["analysis"] for d in m["finished"])
            )
        assert alone.proc is not None
        workers = [c for c in _children(alone.proc.pid) if _running(c)]
        assert workers  # the analyses' process
    finally:
        alone.kill()
    deadline = time.monotonic() + 10
    while any(_running(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not [w for w in workers if _running(w)]


def test_laws_mode_offers_a_card_exposed_and_shows_it_face_up(server: Server) -> None:
    """Issue 20 (1912 law 65): the web table offers the laws' remarks
    generically, so a card may be exposed there; every viewer's events then
    show it face up."""
    created = _create(server, variant="auction-bridge", laws=True)
    game = Game(load_rules("auction-bridge"), SEED, laws=True)
    actor = game.actor
    assert actor is not None
    offender = next(p for p in game.players if p != actor)
    with _joined(server, created["table"], _token(created, offender)) as client:
        client.join()
        card = game.remarks(offender)[0]
        assert card.card is not None
        offered = {item["action"]: item["label"] for item in client.state["remarks"]}
        label = card_text(card.card).replace("T", "10")
        assert offered[str(card)] == f"expose {label}"
        client.send({"type": "act", "action": str(card), "at": 0})
        client.until(lambda m: m["type"] == "state" and m["at"] == 1)
        game.apply(card, player=offender)
        seat = game.log[-1].seat
        assert seat is not None
        assert (
            f"{seat.name.capitalize()} ({offender}) has exposed {label}" in client.state["events"]
        )


class _FullBuffer:
    """A WebSocket whose sends wait until ``ready`` (a client that reads slowly)."""

    def __init__(self) -> None:
        self.ready = asyncio.Event()
        self.sent: list[str] = []
        self.closed: tuple[int, str] | None = None

    async def send_text(self, text: str) -> None:
        await self.ready.wait()
        self.sent.append(text)

    async def close(self, code: int = 1000, reason: str = "") -> None:
        self.closed = (code, reason)


def test_a_connection_sends_in_order_when_a_send_has_to_wait() -> None:
    """A message pushed is sent when the event loop's turn that pushed it
    has done its work, every connection's together (one wake-up of the
    client for them, docs/web.md, Benchmark), without a task; one whose send
    has to wait (the client's buffer is full) is finished in a task, and
    those pushed meanwhile follow it in order; past _MAX_QUEUED waiting, the
    client is closed as too slow (docs/web.md, Limits)."""

    async def run() -> None:
        websocket, other = _FullBuffer(), _FullBuffer()
        outbox = _Outbox()
        client = _Client(websocket, outbox)  # type: ignore[arg-type]
        second = _Client(other, outbox)  # type: ignore[arg-type]
        websocket.ready.set()
        other.ready.set()
        client.push("1")
        second.push("a")
        client.push("2")
        assert websocket.sent == []  # not in the turn that pushed them
        assert other.sent == []
        assert outbox.clients == [client, second]
        await asyncio.sleep(0)
        assert websocket.sent == ["1", "2"]  # together, in order
        assert other.sent == ["a"]
        assert client.writer is None
        assert outbox.clients == []
        websocket.ready.clear()
        client.push("3")
        client.push("4")
        await asyncio.sleep(0)
        assert client.writer is not None  # "3" has to wait: a task finishes it
        assert list(client.queue) == ["4"]
        client.push("5")
        assert outbox.clients == []  # behind the waiting send, not in the outbox
        websocket.ready.set()
        await client.writer
        assert websocket.sent == ["1", "2", "3", "4", "5"]
        assert client.writer is None
        client.push("6")
        await client.finish()  # what is pushed goes before the close
        assert websocket.sent[-1] == "6"
        assert websocket.closed is None
        websocket.ready.clear()
        client.push("7")
        await asyncio.sleep(0)
        for n in range(_MAX_QUEUED + 2):
            client.push(str(n))
        assert client.too_slow
        assert len(client.queue) == _MAX_QUEUED
        websocket.ready.set()
        await client.finish()
        assert websocket.closed == (1008, "too slow to read its messages")
        # a busy turn: once _SEND_AFTER connections wait, they are sent at once
        many = [_FullBuffer() for _ in range(_SEND_AFTER)]
        for n, buffer in enumerate(many):
            buffer.ready.set()
            _Client(buffer, outbox).push(str(n))  # type: ignore[arg-type]
        assert [b.sent for b in many] == [[str(n)] for n in range(_SEND_AFTER)]
        assert outbox.clients == []

    asyncio.run(run())
