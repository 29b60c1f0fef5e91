"""Rules found wrong or untested by an audit against the source texts.

Each test cites the law or seed sentence it checks; expected values are typed
from the source (rules-reference.md), not copied from the engine.
"""

from __future__ import annotations

from dummybridge.core.cards import Hand, Seat
from dummybridge.engine.game import Game
from dummybridge.engine.scoring import DealResult, score_deal
from dummybridge.language.loader import load_rules

BRIDGE = load_rules("bridge")
AUCTION = load_rules("auction-bridge")


def _passing(game: Game, deal_number: int) -> None:
    """Play on, passing where one may and taking the first legal action
    otherwise, until deal ``deal_number`` begins."""
    while game.deal_number < deal_number:
        legal = [str(a) for a in game.legal_actions()]
        game.apply("pass" if "pass" in legal else legal[0])


def test_elw07_the_redoubler_speaks_first_when_the_adversaries_double_again() -> None:
    """ELW07 'Doubling, re-doubling' (rules-reference 3.3): "The right to continue
    belongs first to whoever last (re)doubled, then to his partner." South makes
    hearts, East doubles, South is satisfied, North redoubles, West doubles
    again: North, who redoubled, has the first right to redouble again - the
    maker South only after him. (Issue 21: the declaring side's doublings are
    ``redouble``, the adversaries' "again double" a ``double``.)"""
    game = Game(BRIDGE, 1)
    assert game.dealer == Seat.SOUTH
    for call in ("declare hearts", "pass", "double", "pass", "redouble", "pass", "double"):
        game.apply(call)
    assert game.doubling_level == 3
    assert game.to_act == Seat.NORTH
    game.apply("pass")
    assert game.to_act == Seat.SOUTH
    game.apply("pass")
    assert game.phase == "play"


def test_elw07_the_original_doubler_has_the_first_right_to_double_again() -> None:
    """ELW07 'Doubling, re-doubling': "If the dealer or his partner elect to
    re-double, their adversaries shall have the right to again double. The
    original doubler has the first right." East deals and makes hearts; the
    eldest hand South asks "May I lead?", North doubles, East redoubles: North,
    the original doubler, speaks first, then South."""
    game = Game(BRIDGE, 1, rubbers=3)
    _passing(game, 4)
    assert game.dealer == Seat.EAST
    for call in ("declare hearts", "pass", "double", "redouble"):
        game.apply(call)
    assert game.doubling_level == 2
    assert game.to_act == Seat.NORTH
    game.apply("pass")
    assert game.to_act == Seat.SOUTH


# North every spade, East every diamond, South the hearts, West the clubs.
ONE_SUIT_EACH = (
    Hand.from_pbn("AKQJT98765432..."),
    Hand.from_pbn("..AKQJT98765432."),
    Hand.from_pbn(".AKQJT98765432.."),
    Hand.from_pbn("...AKQJT98765432"),
)


def _doubled_two_hearts(tricks: tuple[int, int], level: int = 1) -> list[tuple[int, int, str]]:
    """North-South's two hearts, doubled (or redoubled), with three tricks
    taken from East-West for a revoke: the tricks and bonus lines."""
    result = DealResult(
        hands=ONE_SUIT_EACH,
        denomination=AUCTION.denomination("hearts"),  # type: ignore[arg-type]
        declaring_side=0,
        doubling_level=level,
        tricks=tricks,
        contract_level=2,
        revoke_tricks=(3, 0),
    )
    return [
        (side, points, kind)
        for side, points, _line, kind, _note in score_deal(AUCTION, result)
        if kind in ("tricks", "bonus", "undertricks")
    ]


def test_law_84_penalty_tricks_make_the_contract_but_earn_no_doubled_bonus() -> None:
    """1912 law 84 (rules-reference 4.7): the three tricks an adversary's revoke
    gives the declarer "can help make the contract but earn no doubling bonus".
    Two hearts doubled, seven tricks won in play and three taken for the
    revoke: ten tricks, 4 odd x 16 = 64 toward game, and no law 56 bonus (the
    contract was made only by the penalty)."""
    assert _doubled_two_hearts((7, 6)) == [(0, 64, "tricks")]
    # Redoubled: 4 odd x 32 = 128, still no bonus.
    assert _doubled_two_hearts((7, 6), level=2) == [(0, 128, "tricks")]


def test_law_84_the_doubled_bonus_counts_only_the_tricks_won_in_play() -> None:
    """1912 laws 56 and 84: made in play with one trick over (nine tricks), the
    bonus is 50 + 50 = 100 (redoubled 200); the three penalty tricks add to the
    trick score (6 odd x 16 = 96) but not to the bonus."""
    assert _doubled_two_hearts((9, 4)) == [(0, 96, "tricks"), (0, 100, "bonus")]
    assert _doubled_two_hearts((9, 4), level=2) == [(0, 192, "tricks"), (0, 200, "bonus")]
