"""The auction of Auction Bridge, by the laws of the Whist Club of New York, 1912.

Laws 42-58 as summarised in rules-reference.md §4.3-4.4; laws 54-58 are
seed 002's own text. The first dealer is South, so West is second to call.
"""

from __future__ import annotations

import json

import pytest

from dummybridge.core.cards import Seat
from dummybridge.engine.actions import Action
from dummybridge.engine.game import Game
from dummybridge.errors import IllegalActionError
from dummybridge.language.loader import load_rules

AUCTION = load_rules("auction-bridge")


def calls(game: Game) -> list[str]:
    return [str(a) for a in game.legal_actions()]


def test_law_42_the_dealer_must_bid() -> None:
    """Law 42: the dealer must declare; he may not pass."""
    game = Game(AUCTION, 1)
    assert game.phase == "auction"
    assert game.to_act == Seat.SOUTH
    assert "pass" not in calls(game)
    with pytest.raises(IllegalActionError, match=r"pass refused: the dealer must bid \(law 42\)"):
        game.apply("pass")
    assert calls(game)[0] == "bid 1 spades"  # the cheapest declaration first


def test_law_43_each_player_in_turn_may_pass_bid_higher_double_or_redouble() -> None:
    """Law 43: after the dealer, each player in turn to the left may pass, make a
    higher declaration, double the last declaration, or redouble a doubled one."""
    game = Game(AUCTION, 1)
    game.apply("bid 1 hearts")
    assert game.to_act == Seat.WEST
    legal = calls(game)
    assert legal[0] == "pass"
    assert "double" in legal
    assert "redouble" not in legal
    assert "bid 1 hearts" not in legal
    assert "bid 1 royal_spades" in legal
    game.apply("double")
    assert game.to_act == Seat.NORTH
    assert "redouble" in calls(game)
    assert "double" not in calls(game)


def test_law_44_a_higher_bid_is_more_points_or_as_many_with_more_tricks() -> None:
    """Law 44: "Three Spades" (6 points) is higher than "One Club" (6 points),
    having more tricks."""
    game = Game(AUCTION, 1)
    game.apply("bid 1 clubs")  # 6 points by the 1912 count
    legal = calls(game)
    assert "bid 3 spades" in legal
    assert "bid 2 spades" not in legal
    assert "bid 1 diamonds" in legal  # 7 points
    with pytest.raises(
        IllegalActionError,
        match=r"bid 2 spades refused: it is not higher than "
        r"bid 1 clubs \(law 44",
    ):
        game.apply("bid 2 spades")
    game.apply("bid 3 spades")
    assert "bid 1 clubs" not in calls(game)
    assert "bid 1 diamonds" in calls(game)


def test_law_45_the_auction_ends_when_a_bid_is_passed_by_the_other_three() -> None:
    """Law 45: a declaration passed by the other three is final."""
    game = Game(AUCTION, 1)
    game.apply("bid 1 hearts")
    game.apply("pass")
    game.apply("pass")
    assert game.phase == "auction"
    game.apply("pass")
    assert game.phase == "play"
    assert game.denomination.name == "hearts"
    assert game.declarer == Seat.SOUTH


def test_law_46_the_partner_who_first_named_the_suit_plays() -> None:
    """Law 46: the partner who first named the winning suit plays, whatever intervened."""
    game = Game(AUCTION, 1)
    for call in [
        "bid 1 hearts",
        "bid 1 no_trumps",
        "bid 2 hearts",
        "pass",
        "pass",
        "bid 2 no_trumps",
        "bid 3 hearts",
        "pass",
        "pass",
        "pass",
    ]:
        game.apply(call)
    # South named hearts first; North made the final bid of three hearts.
    assert str(game.contract) == "bid 3 hearts"
    assert game.maker == Seat.NORTH
    assert game.declarer == Seat.SOUTH
    assert game.dummy == Seat.NORTH


def test_law_46_royal_spades_and_spades_are_one_suit() -> None:
    """Law 46 with law 4: spades and royal spades name the same suit."""
    game = Game(AUCTION, 1)
    for call in ["bid 1 spades", "pass", "bid 1 royal_spades", "pass", "pass", "pass"]:
        game.apply(call)
    assert game.denomination.name == "royal_spades"
    assert game.declarer == Seat.SOUTH  # South named spades first


def test_law_54_one_double_and_one_redouble_no_doubling_ones_partner() -> None:
    """Law 54 (seed 002): a declaration may be doubled once and redoubled once; a
    player may not double his partner's declaration, but may redouble an
    adversary's double of it."""
    game = Game(AUCTION, 1)
    game.apply("bid 1 hearts")  # South
    game.apply("pass")  # West
    with pytest.raises(
        IllegalActionError, match=r"double refused: north \(.\) may not double his own side's bid"
    ):
        game.apply("double")  # North may not double his partner
    game.apply("pass")  # North
    game.apply("double")  # East doubles the adversary
    with pytest.raises(
        IllegalActionError, match=r"double refused: south \(.\) may not double his own side's bid"
    ):
        game.apply("double")
    game.apply("pass")  # South
    with pytest.raises(
        IllegalActionError,
        match=r"double refused: the bid is already doubled \(law 54: once only\)",
    ):
        game.apply("double")  # West
    game.apply("pass")  # West
    game.apply("redouble")  # North redoubles the adversary's double of his partner's bid
    assert game.doubling_level == 2
    with pytest.raises(
        IllegalActionError, match=r"redouble refused: east \(.\) may redouble only his own side's"
    ):
        game.apply("redouble")
    game.apply("pass")  # East
    assert "redouble" not in calls(game)
    assert "double" not in calls(game)
    with pytest.raises(IllegalActionError, match=r"already redoubled \(law 54: once only\)"):
        game.apply("redouble")  # South


def test_law_55_doubling_reopens_the_bidding() -> None:
    """Law 55 (seed 002): after a double anyone, the declarer or his partner
    included, may in turn make a higher declaration; a new bid cancels the double."""
    game = Game(AUCTION, 1)
    game.apply("bid 1 hearts")
    game.apply("double")
    assert "bid 1 royal_spades" in calls(game)  # North may bid over the double
    game.apply("bid 2 hearts")
    assert game.doubling_level == 0
    for _ in range(3):
        game.apply("pass")
    assert game.doubling_level == 0
    assert game.phase == "play"


def test_law_53_doubling_does_not_change_the_rank_of_a_bid() -> None:
    """Law 53: "Three Clubs" still outranks a doubled "Two Royal Spades"."""
    game = Game(AUCTION, 1)
    game.apply("bid 2 royal_spades")  # 18 points
    game.apply("double")
    legal = calls(game)
    assert "bid 3 clubs" in legal  # 18 points, more tricks
    assert "bid 2 no_trumps" in legal
    assert "bid 1 no_trumps" not in legal


def test_law_58_the_player_on_the_left_of_the_declarer_leads() -> None:
    """Law 58 (seed 002): the player on the left of the declarer leads."""
    game = Game(AUCTION, 1)
    for call in ["bid 1 spades", "bid 1 hearts", "pass", "pass", "pass"]:
        game.apply(call)
    assert game.declarer == Seat.WEST
    assert game.to_act == Seat.NORTH


def test_law_59_dummy_is_exposed_as_soon_as_the_lead_is_made() -> None:
    """Law 59 (seed 002): as soon as the player to the declarer's left has led, the
    declarer's partner places his cards face upward, and the declarer plays them."""
    game = Game(AUCTION, 1)
    for call in ["bid 1 hearts", "pass", "pass", "pass"]:
        game.apply(call)
    west = game.seat_player[Seat.WEST]
    assert Seat.NORTH not in game.observation(west).hands
    game.apply(game.legal_actions()[0])
    assert Seat.NORTH in game.exposed
    assert Seat.NORTH in game.observation(west).hands
    assert game.to_act == Seat.NORTH
    assert game.actor == game.seat_player[Seat.SOUTH]


def test_auction_records_replay() -> None:
    game = Game(AUCTION, 7)
    n = 0
    while not game.is_over and n < 400:
        legal = game.legal_actions()
        game.apply(
            legal[(n * 7) % len(legal)]
            if game.phase != "auction"
            else (legal[0] if n % 3 else legal[min(2, len(legal) - 1)])
        )
        n += 1
    again = Game.from_record(json.loads(json.dumps(game.to_record())))
    assert again.state_dict() == game.state_dict()


def test_bid_text() -> None:
    assert str(Action.parse("bid 3 no_trumps")) == "bid 3 no_trumps"
    assert Action.parse("bid 3 no_trumps") is Action.bid(3, "no_trumps")


def test_a14_the_1908_bridge_count_extends_the_1912_code() -> None:
    """§8 A14: the 1908 English code's auction used the bridge values 2/4/6/8/12
    and had no royal spades; rules/auction-bridge-1908.yaml says so in a few lines."""
    rules = load_rules("auction-bridge-1908")
    assert [(d.name, d.trick_value) for d in rules.denominations] == [
        ("spades", 2),
        ("clubs", 4),
        ("diamonds", 6),
        ("hearts", 8),
        ("no_trumps", 12),
    ]
    assert rules.scoring.rubber_bonus == 250
    assert rules.declaration.kind == "auction"
    game = Game(rules, 1)
    game.apply("bid 1 clubs")  # 4 points: two spades (4 points, more tricks) now outranks it
    assert "bid 2 spades" in calls(game)
    assert "bid 1 royal_spades" not in calls(game)
