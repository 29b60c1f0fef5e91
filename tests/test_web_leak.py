"""The leak test of the web table (issue 17): no message to a client ever holds
a card his player may not see at that moment.

For seeded games of every built-in variant (and every shipped house rule),
in strict play and in laws mode, every player and a spectator are connected;
each client plays from the state it was sent (its ``legal`` actions, in laws
mode now and then an irregularity, sometimes as natural text). Every message
sent to every client is checked, as it is sent, against
``Game.observation(player)`` at that moment (web_support.check_message): the
hands shown are exactly the observation's; no other card appears beyond the
cards played and the player's own legal actions; a spectator sees only the
hands that lie face up; no seed. The sight rules the seeds make are checked
to have happened, each with its sentence.

The table layer runs in-process with recording connections; one game also
runs end to end, through a real server and real WebSockets.
"""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import pytest
from web_support import Server, check_message, choose, merged

from dummybridge.core.cards import Seat
from dummybridge.engine.game import Game
from dummybridge.language.loader import builtin_variants, house_rules, load_rules
from dummybridge.web.api import table_request
from dummybridge.web.deals import history_json, tricks_json
from dummybridge.web.limits import Limits
from dummybridge.web.protocol import Act
from dummybridge.web.store import Store
from dummybridge.web.tables import Table, Tables
from dummybridge.web.views import DealText
from support import THOROUGH

VARIANTS = [v.name for v in builtin_variants()]
HOUSE = [v.name for v in house_rules()]
#: large seeds, so that a seed's digits in a message would be noticed
SEEDS = (10**15 + 17, 10**15 + 4242)
#: the tables of every variant are played from both seeds in the thorough
#: pass, from the first in the README's run
PLAYED = SEEDS if THOROUGH else SEEDS[:1]


class Recorder:
    """A connection that checks each message as the table sends it."""

    def __init__(
        self, table: Table, player: str | None, seen: list[tuple[str | None, dict[str, Any]]]
    ) -> None:
        self.table = table
        self.player = player
        self.shown: str | None = None
        self.shown_sheets: str | None = None
        self.finished_seen = -1
        self.seen = seen
        self.last: dict[str, Any] = {}

    def push(self, text: str) -> None:
        msg = json.loads(text)
        check_message(self.table.game, self.player, msg, self.table.game.seed)
        if msg["type"] == "state":  # kept as the page holds it
            msg = self.last = merged(self.last, msg)
        self.seen.append((self.player, msg))


class TextChecker(Recorder):
    """A connection that also checks, as each state is sent, the deal's calls,
    tricks and events it shows (written bit by bit as the deal goes on,
    views.DealText) against the deal at that moment written afresh."""

    def push(self, text: str) -> None:
        msg = json.loads(text)
        if msg["type"] == "state":
            game = self.table.game
            obs = game.observation(game.players[0])
            afresh = DealText()
            afresh.update(obs, game.rules)
            assert msg["history"] == history_json(obs.history)
            assert msg["tricks"] == tricks_json(obs.tricks)
            assert msg["events"] == afresh.events(obs)
        super().push(text)


async def _play(
    tmp: Path,
    variant: str,
    seed: int,
    laws: bool,
    deals: int,
    connection: type[Recorder] = Recorder,
) -> list[tuple[str | None, dict[str, Any]]]:
    """Play ``deals`` deals of a seeded table; every message sent, checked as sent."""
    limits = Limits()
    tables = Tables(
        Store(tmp / f"{seed}-{laws}.sqlite", "NORMAL"), limits, bot_delay=0, analysis=False
    )
    request = table_request(
        {"variant": variant, "laws": laws, "seed": seed}, limits, allow_seeds=True
    )
    table, tokens = tables.create(request)
    seen: list[tuple[str | None, dict[str, Any]]] = []
    clients = {p: connection(table, p, seen) for p in tokens}
    for p, client in clients.items():
        table.join(client, tokens[p])
    table.join(connection(table, None, seen), None)
    rng = random.Random(seed)
    for _ in range(2000):  # a whole rubber of random play, whatever its length
        game = table.game
        if game.is_over or game.deal_number > deals:
            break
        actor = game.actor
        assert actor is not None
        player, message = actor, choose(clients[actor].last, rng, laws)
        if laws and rng.random() < 0.05:  # a remark or a call out of turn, by anyone
            other = rng.choice(list(clients))
            extra = clients[other].last["remarks"] + clients[other].last["out_of_turn"]
            if extra:
                pick = extra[rng.randrange(len(extra))]
                player, message = other, {"action": pick["action"]}
        assert message is not None, f"{actor} is to act but was offered nothing"
        act = Act(message.get("action"), message.get("text"), clients[player].last["at"])
        refused = await table.act(clients[player], player, act)
        assert refused is None, f"{player}: {message}: {refused}"
    return seen


def _games(
    tmp: Path, variant: str, laws: bool, deals: int = 2, seeds: tuple[int, ...] = SEEDS
) -> list[list[tuple[str | None, dict[str, Any]]]]:
    """The messages of each seeded game."""
    return [asyncio.run(_play(tmp, variant, seed, laws, deals)) for seed in seeds]


def _run(
    tmp: Path, variant: str, laws: bool, deals: int = 2, seeds: tuple[int, ...] = SEEDS
) -> list[tuple[str | None, dict[str, Any]]]:
    """The messages of every seeded game, one after another."""
    return [message for game in _games(tmp, variant, laws, deals, seeds) for message in game]


@pytest.mark.thorough
@pytest.mark.parametrize("laws", [False, True], ids=["strict", "laws"])
@pytest.mark.parametrize("variant", VARIANTS)
def test_no_message_holds_a_card_beyond_the_observation(
    tmp_path: Path, variant: str, laws: bool
) -> None:
    seen = _run(tmp_path, variant, laws, seeds=PLAYED)
    states = [m for _, m in seen if m["type"] == "state"]
    assert len({m["at"] for m in states}) > 20  # the games went on
    assert any(p is None for p, m in seen if m["type"] == "state")  # the spectator too


@pytest.mark.parametrize("variant", HOUSE)
def test_no_message_of_a_house_rule_holds_a_card_beyond_the_observation(
    tmp_path: Path, variant: str
) -> None:
    assert _run(tmp_path, variant, False, deals=1)


def test_a_whole_game_stays_within_the_observation_to_its_end(tmp_path: Path) -> None:
    """To the end of the rubber: the last state is over, every deal finished and public."""
    seen = asyncio.run(_play(tmp_path, "dummy-bridge", SEEDS[0], False, deals=99))
    last = [m for p, m in seen if m["type"] == "state" and p is None][-1]
    assert last["over"] is True
    assert last["record"] == f"/api/tables/{last['table']}/record.json"
    assert [d["number"] for d in last["finished"]] == list(range(1, last["deal_number"] + 1))


def test_a_deal_over_is_sent_alone_not_every_finished_deal_again(tmp_path: Path) -> None:
    """Issue 17: a finished deal (its record, then its analysis) is sent to a
    connection once when the deal ends and once when its analysis comes, not
    with every deal over before it: sent whole at each, a table's traffic
    grew with the square of its deals (up to 20 rubbers a table)."""
    tables: list[Table] = []

    class Raw(Recorder):
        """Keeps each message as it was sent (the page's merged state as ``last``)."""

        def __init__(
            self, table: Table, player: str | None, seen: list[tuple[str | None, dict[str, Any]]]
        ) -> None:
            super().__init__(table, player, seen)
            tables.append(table)

        def push(self, text: str) -> None:
            super().push(text)
            self.seen[-1] = (self.player, json.loads(text))

    seen = asyncio.run(_play(tmp_path, "dummy-bridge", SEEDS[0], False, 99, Raw))
    states = [m for p, m in seen if p is None and m["type"] == "state"]  # the spectator's
    assert states[0]["finished"] == []  # his first state is whole
    assert not any("finished" in m for m in states[1:])
    sent = [
        (m["deal_number"], m["over"], m["finished_changed"])
        for m in states[1:]
        if "finished_changed" in m
    ]
    assert [[d["number"] for d in deals] for _, _, deals in sent] == [
        [number if over else number - 1] for number, over, _ in sent
    ]
    assert len(sent) == states[-1]["deal_number"] > 2  # every deal, once each
    table = tables[0]
    first, spectator = table.finished[0], table.connections[-1]
    assert isinstance(spectator, Raw)
    table.analysed(first.number, [])  # deal 1's analysis comes
    last = seen[-1][1]
    assert "finished" not in last
    assert [(d["number"], d["analysis"]) for d in last["finished_changed"]] == [(1, [])]
    assert [d["analysis"] for d in spectator.last["finished"]] == [[]] + [None] * (len(sent) - 1)


@pytest.mark.parametrize("variant", ["dummy-bridge", "auction-bridge"])
def test_the_calls_tricks_and_events_shown_are_the_deals_at_every_action(
    tmp_path: Path, variant: str
) -> None:
    """The issue's table shows "the current trick, tricks won, the declaration
    or the auction": each state's calls, tricks and events, written a call or
    a trick at a time, are the deal's at that moment written afresh; over
    two deals in laws mode (calls out of turn, remarks, irregularities)."""
    seen = asyncio.run(_play(tmp_path, variant, SEEDS[0], True, 2, TextChecker))
    states = [m for p, m in seen if m["type"] == "state" and p is None]
    assert {m["deal_number"] for m in states} >= {1, 2}
    assert any(len(m["tricks"]) == 13 for m in states)  # a deal played out, shown to its end


def _unseen_own(msg: dict[str, Any]) -> list[str]:
    """The hands a player holds but is not shown."""
    return [s for s in msg["seats"] if s not in msg["hands"]]


def test_dummy_bridge_a_dummy_looked_at_before_the_declaration(tmp_path: Path) -> None:
    """SEED000 (Dummy Bridge): the Dummy-player who leaves the declaration to
    Dummy "must look at the dummy, without exposing it", "but he may not look
    at his own hand again before deciding whether to re-double": until then he
    is shown the Dummy's hand and not his own, and no one else is shown the Dummy."""
    looked = [
        (p, m, seen)
        for seen in _games(tmp_path, "dummy-bridge", False, deals=3)
        for p, m in seen
        if m["type"] == "state"
        and p is not None
        and m["phase"] == "double"
        and m["declaration"]["declared_from"] == "dummy"
        and m["declaration"]["maker"] in m["hands"]
        and m["declaration"]["maker"] not in m["manned"]
    ]
    assert looked, "no seed left the declaration to Dummy"
    assert any(_unseen_own(m) for _, m, _ in looked)  # his own hand, not seen again yet
    for player, msg, seen in looked:
        dummy = msg["declaration"]["maker"]
        others = [
            m for p, m in seen if m["type"] == "state" and p != player and m["at"] == msg["at"]
        ]
        assert others
        assert all(dummy not in m["hands"] for m in others)


def test_double_dummy_one_hand_of_two_before_the_first_lead(tmp_path: Path) -> None:
    """SEED000 (Double Dummy): "Neither player may look at more than one of his
    two hands before the first card is led": a player shown one of his two
    hands before the first lead is not shown the other."""
    seen = _run(tmp_path, "double-dummy", False, deals=3)
    one_of_two = [
        m
        for p, m in seen
        if m["type"] == "state"
        and p is not None
        and m["phase"] in ("declare", "double")
        and len(m["seats"]) == 2
        and len(_unseen_own(m)) == 1
    ]
    assert one_of_two, "no seed showed a player one hand of his two"
    assert all(len(m["hands"]) <= 2 for m in one_of_two)


def test_three_handed_a_blind_double(tmp_path: Path) -> None:
    """EB1911 (Three-handed Bridge): on the Dummy's declaration "the third
    player can only double before seeing his own cards": he is offered the
    double while his own hand is not shown to him."""
    seen = _run(tmp_path, "three-handed", False, deals=4)
    blind = [
        m
        for p, m in seen
        if m["type"] == "state"
        and p is not None
        and m["phase"] == "double"
        and m["actor"] == p
        and _unseen_own(m)
        and any(a["action"] == "double" for a in m["legal"])
    ]
    assert blind, "no seed offered a blind double"


def test_eb1911_dummy_bridge_a_blind_double(tmp_path: Path) -> None:
    """EB1911 (Dummy Bridge): when the dealer leaves it to Dummy, "his
    partner can only double without seeing his hand"."""
    seen = _run(tmp_path, "dummy-bridge-eb1911", False, deals=4)
    assert any(
        m["type"] == "state"
        and p is not None
        and m["phase"] == "double"
        and m["actor"] == p
        and _unseen_own(m)
        for p, m in seen
    )


# ------------------------------------------------------------------ end to end


def _action_of(state: dict[str, Any], message: dict[str, Any]) -> str:
    """The engine's text of the action a message takes (natural text read back by its label)."""
    if "action" in message:
        return str(message["action"])
    offered = state["legal"] + state["irregular"]
    return next(a["action"] for a in offered if a["label"] == message["text"])


async def _through_websockets(
    server: Server, seed: int
) -> tuple[list[tuple[str | None, dict[str, Any]]], list[tuple[str, str]]]:
    import websockets

    status, created, _ = server.request(
        "/api/tables", {"variant": "dummy-bridge", "seed": seed, "laws": True}
    )
    assert status == 201, created
    tokens = {p: link.split("#", 1)[1] for p, link in created["links"].items()}
    seen: list[tuple[str | None, dict[str, Any]]] = []
    taken: list[tuple[str, str]] = []
    sockets = {}
    last: dict[str | None, dict[str, Any]] = {}
    for who in [*tokens, None]:
        sockets[who] = await websockets.connect(server.ws(created["table"]))
        hello = {"type": "hello", **({"token": tokens[who]} if who else {})}
        await sockets[who].send(json.dumps(hello))

    async def drain(who: str | None, at: int) -> None:
        while who not in last or last[who]["at"] < at:
            msg = json.loads(await asyncio.wait_for(sockets[who].recv(), 30))
            seen.append((who, msg))
            assert msg["type"] != "error", msg
            if msg["type"] == "state":
                last[who] = msg

    rng = random.Random(seed)
    for who in sockets:
        await drain(who, 0)
    while last[None]["deal_number"] == 1 and not last[None]["over"]:
        actor = last[None]["actor"]
        message = choose(last[actor], rng, True)
        assert message is not None
        taken.append((actor, _action_of(last[actor], message)))
        await sockets[actor].send(json.dumps(message))
        for who in sockets:
            await drain(who, len(taken))
    for ws in sockets.values():
        await ws.close()
    return seen, taken


def test_end_to_end_every_message_through_real_websockets(tmp_path: Path) -> None:
    """A deal of Dummy Bridge in laws mode through a real server and real
    WebSockets: every message each client received is checked against the
    observation of a replay of the same game at the same action."""
    server = Server(tmp_path / "leak.sqlite", "--rate", "1000").start()
    seed = SEEDS[1]
    try:
        seen, taken = asyncio.run(_through_websockets(server, seed))
    finally:
        server.stop()
    replica = Game(load_rules("dummy-bridge"), seed, laws=True)
    by_at: dict[int, list[tuple[str | None, dict[str, Any]]]] = {}
    for p, m in seen:
        if m["type"] == "state":
            by_at.setdefault(m["at"], []).append((p, m))
    assert len(by_at) == len(taken) + 1
    for n, (player, action) in enumerate([*taken, ("", "")]):
        assert {p for p, _ in by_at[n]} == {"A", "B", "C", None}  # everyone, at every step
        for p, m in by_at[n]:
            check_message(replica, p, m, seed)
        if action:
            replica.apply(action, player=None if player == replica.actor else player)


def test_a_forced_declaration_is_among_the_events() -> None:
    """Three-handed Bridge, seed 3: the dealer leaves the declaration to the
    Dummy, whose declaration the rule file's table makes (hearts). Nobody
    calls it, so the events said "leaves it to partner" and then the
    doubling, never what was declared; now they say it where it was made,
    and keep it there as the calls go on."""
    game = Game(load_rules("three-handed"), 3)
    text = DealText()

    def events() -> list[str]:
        obs = game.observation(game.players[0])
        text.update(obs, game.rules)
        return text.events(obs)

    assert events() == []
    game.apply("leave it")
    owners = game.observation(game.players[0]).owners
    south, north = owners[Seat.SOUTH], owners[Seat.NORTH]
    assert events() == [
        f"South ({south}) leaves it to partner",
        f"North ({north}) declares hearts (forced)",
    ]
    game.apply("pass")
    assert events()[:2] == [
        f"South ({south}) leaves it to partner",
        f"North ({north}) declares hearts (forced)",
    ]
    assert events()[2].endswith("passes")
    # afresh, from the deal as it stands, the same
    afresh = DealText()
    obs = game.observation(game.players[0])
    afresh.update(obs, game.rules)
    assert afresh.events(obs) == events()
