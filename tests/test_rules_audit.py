"""Rules found wrong or untested by an audit against the source texts.

Each test cites the law or seed sentence it checks; expected values are typed
from the source (rules-reference.md), not copied from the engine.
"""

from __future__ import annotations

from dummybridge.cards import Seat
from dummybridge.loader import load_rules
from dummybridge.state import Game

BRIDGE = load_rules("bridge")


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
    maker South only after him."""
    game = Game(BRIDGE, 1)
    assert game.dealer == Seat.SOUTH
    for call in ("declare hearts", "pass", "double", "pass", "double", "pass", "double"):
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
    for call in ("declare hearts", "pass", "double", "double"):
        game.apply(call)
    assert game.doubling_level == 2
    assert game.to_act == Seat.NORTH
    game.apply("pass")
    assert game.to_act == Seat.SOUTH
