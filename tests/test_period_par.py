"""The period scoring, double dummy (issue 18; docs/period-par.md): each
declaration's value in the variant's own count, the best, and Auction's par.

The tables are the solver's (tests/test_dd_run.py checks `dd`'s against it);
the values are worked by hand in the comments.
"""

from __future__ import annotations

import pytest

from dummybridge.analysis.period_par import par_values
from dummybridge.core.cards import parse_deal
from dummybridge.language.loader import load_rules

DEALS = {
    1: (
        "N:7.9653.8542.QT43 AT53.AK82.QT6.95 KQJ86.QJT.AJ9.K6 942.74.K73.AJ872",
        [[6, 7, 6, 7], [6, 6, 6, 6], [7, 6, 7, 6], [5, 7, 5, 7], [6, 6, 6, 6]],
    ),
    2: (
        "N:T852.KQT965.9.K4 A6.J7.AJ52.QT975 943.432.QT63.A32 KQJ7.A8.K874.J86",
        [[3, 10, 3, 10], [4, 9, 4, 9], [7, 6, 7, 6], [4, 9, 4, 9], [5, 7, 5, 7]],
    ),
    3: (
        "N:974.T864.Q43.T65 KQT3.A72.AJ.AJ73 A6.KQ5.KT76.9842 J852.J93.9852.KQ",
        [[4, 9, 4, 9], [5, 8, 5, 8], [5, 8, 5, 8], [3, 10, 3, 10], [4, 9, 4, 9]],
    ),
}


def _values(variant: str, board: int, dealer: int) -> dict[str, object]:
    deal, table = DEALS[board]
    hands = [h.bits for h in parse_deal(deal) if h is not None]
    return par_values(load_rules(variant), hands, table, dealer)


def test_bridge_values_of_each_declaration() -> None:
    """Dealer North. Hearts: North takes 7 tricks, the odd trick at 8, and
    North-South hold three honours (S: Q J 10) = 2 tricks' value, 16: 24.
    Clubs: 6 tricks, East-West's odd trick at 4 (-4), North-South's three
    honours (N: Q 10, S: K) 8: +4. No trumps: 6 tricks, -12, and East-West's
    three aces (30): -42."""
    data = _values("bridge", 1, 0)
    assert data["values"] == {
        "no_trumps": -42,
        "hearts": 24,
        "diamonds": -18,
        "clubs": 4,
        "spades": 0,
    }
    assert (data["best"], data["best_value"], data["side"]) == ("hearts", 24, "NS")


def test_bridge_dealer_east_declares_for_east_west() -> None:
    """Dealer East, no trumps: East takes 7 tricks (12) and East-West hold three aces (30)."""
    data = _values("bridge", 2, 1)
    assert (data["best"], data["best_value"], data["side"]) == ("no_trumps", 42, "EW")


@pytest.mark.parametrize(
    ("board", "dealer", "par"),
    [
        # North-South's 1 hearts (+24) is overcalled by 1 royal spades (9 a
        # trick, outranking 8), which East-West make: -9 to them, with the
        # honours North-South hold in spades, better than -24; North-South
        # cannot make 2 hearts.
        (1, 0, {"contract": "1 royal spades", "declarer": "E", "tricks": 7, "doubled": False}),
        # East-West's best: 3 royal spades, 9 tricks.
        (2, 1, {"contract": "3 royal spades", "declarer": "E", "tricks": 9, "doubled": False}),
        # The dealer (South) must bid and North-South make no contract: the
        # cheapest loss is 1 hearts down two doubled (-200, honours +16), which
        # East-West prefer to their own 4 royal spades (+72).
        (3, 2, {"contract": "1 hearts", "declarer": "N", "tricks": 5, "doubled": True}),
    ],
)
def test_auction_par(board: int, dealer: int, par: dict[str, object]) -> None:
    data = _values("auction-bridge", board, dealer)
    got = data["par"]
    assert isinstance(got, dict)
    assert {k: got[k] for k in par} == par
    assert got["NS"] == -got["EW"]


def test_auction_best_contracts() -> None:
    data = _values("auction-bridge", 3, 2)
    assert data["best"] == {
        "NS": None,
        "EW": {"contract": "4 royal spades", "declarer": "E", "value": 72},
    }
    assert data["par"]["NS"] == -184  # type: ignore[index]
