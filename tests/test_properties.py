"""Properties of whole games, over many seeded rubbers (issue 3, "Proof").

52 cards conserved, 13 tricks a deal, each trick one card from each hand in
turn from its leader, each card played from the hand that held it, the
score sheet equal to what the log scored, observations holding only the
hands the rules let a player see, and records that replay.
"""

from __future__ import annotations

import json
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from dummybridge.bots import bot_seed, make_bot
from dummybridge.core.cards import Hand, Seat
from dummybridge.engine.game import Game
from dummybridge.language.loader import load_rules

BRIDGE = load_rules("bridge")


def play_rubber(seed: int, kind: str, check_views: bool = False) -> Game:
    game = Game(BRIDGE, seed)
    bots = {p: make_bot(kind, bot_seed(seed, p), BRIDGE) for p in game.players}
    while not game.is_over:
        if check_views:
            for player in game.players:
                view = game.observation(player)
                allowed = set(game.player_seats[player]) | set(game.exposed)
                assert set(view.hands) <= allowed, (player, set(view.hands), allowed)
                assert set(game.player_seats[player]) <= set(view.hands)
                assert (view.legal_actions != ()) == (game.actor == player)
        player = game.actor
        assert player is not None
        game.apply(bots[player].choose(game.observation(player)))
    return game


def check_log(game: Game) -> None:
    deals = []
    for op in game.log:
        if op.kind == "deal":
            hands = {Seat.from_str(s): Hand.from_pbn(h) for s, h in op.detail["hands"].items()}
            deals.append({"hands": hands, "plays": [], "tricks": [], "dealer": op.seat})
        elif op.kind == "play":
            deals[-1]["plays"].append((op.seat, op.action.card))
        elif op.kind == "trick":
            deals[-1]["tricks"].append(
                (Seat.from_str(op.detail["leader"]), op.seat, op.detail["cards"])
            )
    assert len(deals) == game.deal_number
    for d in deals:
        hands = d["hands"]
        cards = [c for h in hands.values() for c in h]
        assert len(cards) == 52
        assert len(set(cards)) == 52
        assert all(len(h) == 13 for h in hands.values())
        plays = d["plays"]
        if d is deals[-1] and not game.is_over:
            continue
        assert len(plays) == 52
        assert len(d["tricks"]) == 13
        assert Counter(c for _, c in plays) == Counter(cards)
        for seat, card in plays:
            assert card in hands[seat]  # each card from the hand that held it
        for t, (leader, winner, codes) in enumerate(d["tricks"]):
            four = plays[4 * t : 4 * t + 4]
            assert [s for s, _ in four] == [Seat((leader + i) & 3) for i in range(4)]
            assert [c.code for _, c in four] == codes
            if t + 1 < 13:
                assert d["tricks"][t + 1][0] == winner  # the winner leads next
    scored = Counter()
    for op in game.log:
        if op.kind == "score":
            for e in op.detail["entries"]:
                scored[e["side"]] += e["points"]
    assert [scored[0], scored[1]] == [game.sheet.total(0), game.sheet.total(1)]
    assert game.sheet.winner is not None
    assert game.sheet.games[game.sheet.winner] == 2


@settings(max_examples=25)
@given(seed=st.integers(min_value=0, max_value=2**64 - 1))
def test_random_rubbers_conserve_cards_and_tricks(seed: int) -> None:
    check_log(play_rubber(seed, "random"))


@settings(max_examples=15)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_rule_bot_rubbers_and_what_each_player_sees(seed: int) -> None:
    """Each player's observation holds his own hand and exposed hands only."""
    check_log(play_rubber(seed, "rule", check_views=True))


@settings(max_examples=10)
@given(seed=st.integers(min_value=0, max_value=2**64 - 1))
def test_records_replay_to_the_same_state(seed: int) -> None:
    game = play_rubber(seed, "random")
    again = Game.from_record(json.loads(json.dumps(game.to_record())))
    assert again.state_dict() == game.state_dict()
