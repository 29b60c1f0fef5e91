"""The period scoring, double dummy (issue 18; docs/period-par.md): each
declaration's value in the variant's own count, the best, and Auction's par.

The tables are the solver's (tests/test_dd_run.py checks `dd`'s against it);
the values are worked by hand in the comments.
"""

from __future__ import annotations

import pytest

from dummybridge.analysis.period_par import par_values
from dummybridge.core.cards import parse_deal
from dummybridge.language.loader import load_rules, load_rules_text

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
        # The dealer (South) must bid (law 42) and North-South make no
        # contract. Law 48: "the dealer's original One Spade" loses at most
        # 100, doubled or not: South takes 3 tricks in spades, four down
        # (200, or 400 doubled) limited to 100, and East-West hold four
        # honours in spades (K Q 10 East, J West: 4 x 2 = 8): -108. Better
        # than 1 hearts down two doubled (-200, honours K Q 10 +16: -184); and
        # East-West prefer +108 to their own 4 royal spades (+72). Doubled or
        # not the loss is 100: no double.
        (3, 2, {"contract": "1 spades", "declarer": "S", "tricks": 3, "doubled": False}),
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
    assert data["par"]["NS"] == -108  # type: ignore[index]


#: Auction Bridge without law 48's cap on the dealer's One Spade
NO_CAP = """dummybridge: 1
extends: auction-bridge
name: no-spade-cap
title: Auction Bridge without the One Spade cap
version: "1.0"
scoring:
  opening_spade_cap: null
"""

#: Auction Bridge in which the dealer may pass (four passes: no deal)
DEALER_MAY_PASS = """dummybridge: 1
extends: auction-bridge
name: dealer-may-pass
title: Auction Bridge, the dealer may pass
version: "1.0"
declaration:
  auction:
    dealer_must_bid: false
"""

#: the solver's table of BOARD_15 ([strain][declarer])
BOARD_15 = (
    "N:AK842.A53.QJ532. 97653.72.AK.A984 J.QJ86.74.KQT532 QT.KT94.T986.J76",
    [[8, 5, 8, 5], [8, 5, 8, 5], [8, 4, 8, 4], [7, 5, 7, 6], [8, 5, 8, 5]],
)


def _par_of(rules_text: str, deal: tuple[str, list[list[int]]], dealer: int) -> dict[str, object]:
    hands = [h.bits for h in parse_deal(deal[0]) if h is not None]
    par = par_values(load_rules_text(rules_text), hands, deal[1], dealer)["par"]
    assert isinstance(par, dict)
    return par


def test_law_46_the_dealers_opening_is_played_by_the_dealer() -> None:
    """Law 46: "the partner who first named the winning suit plays". East
    deals and must bid; East-West's cheapest loss is in spades, where West
    takes 6 tricks and East 5. One Spade is the lowest bid, so only the
    dealer's opening can be 1 spades, and East would play it: five tricks, two
    down doubled (200) with North-South's three honours (A K North, J South:
    2 x 2 = 4), -204. So East opens another suit, and West names royal
    spades (the same suit, his side's first to name it): 1 royal spades by
    West, doubled, one down (100), the honours at 9 (18): -118. (Without law
    46, West in 1 spades: -104.)"""
    par = _par_of(NO_CAP, BOARD_15, 1)
    assert par == {
        "contract": "1 royal spades",
        "declarer": "W",
        "tricks": 6,
        "doubled": True,
        "redoubled": False,
        "NS": 118,
        "EW": -118,
    }


def test_law_48_caps_the_dealers_one_spade_on_board_15() -> None:
    """With law 48, East's own 1 spades loses at most 100 (two down, 200
    doubled or not), honours 4 to North-South: -104, better than -118."""
    par = _par_of("dummybridge: 1\nextends: auction-bridge\nname: x\ntitle: x\n", BOARD_15, 1)
    assert (par["contract"], par["declarer"], par["NS"]) == ("1 spades", "E", 104)


def test_a_dealer_who_may_pass_passes_rather_than_lose() -> None:
    """Board 3, South dealing, where he may pass: his best opening loses 108
    (the test above); if he passes, West (second hand) opens and East-West
    reach 4 royal spades, +72 to them, which North-South cannot better by
    bidding (their best is -108). So South passes: -72 instead of -108."""
    par = _par_of(DEALER_MAY_PASS, DEALS[3], 2)
    assert (par["contract"], par["tricks"], par["doubled"], par["NS"]) == (
        "4 royal spades",
        10,
        False,
        -72,
    )
