"""What each declaration is worth double dummy in a variant's own scoring, and the par.

``dummybridge dd --variant V`` adds this to each board; docs/period-par.md
states the definitions, which are these:

- Every value is scored by the variant's own count (:func:`dummybridge.engine.scoring.score_deal`):
  the tricks over the book, honours as dealt (for the denomination
  declared), chicane and slams, above and below the line alike, and is the
  **net** points of one side: its points less the other side's. Nothing
  depends on the state of the rubber (a deal's points only).
- **Bridge and the variants without an auction** (``tricks.scored_by:
  side_with_odd_tricks``): the dealer's side declares and the dealer plays
  the hand (his partner's is the dummy), so the value of a declaration is
  the dealer's side's net points when the dealer plays it double dummy,
  undoubled. ``best`` is the declaration worth most (the first in the rule
  file's order among equals).
- **Auction** (``scored_by: contract``): for each side and denomination,
  the side's declarer is the partner who takes more tricks in that strain
  (North or East among equals), and the contract it can make is the book
  plus the tricks over it (at most the highest bid); its value is the
  side's net points for that contract made, undoubled. ``best`` is each
  side's contract worth most.
- **Par** (Auction): the result of an auction in which every player sees
  all four hands. The dealer's side opens (with any bid, the dealer being
  obliged to bid; where he may pass, the deal may also be passed out for 0);
  then the sides take turns: the side to call either lets the last bid
  stand or makes a higher bid (law 44: more points, level times trick
  value, or as many with more tricks), of any denomination, made or not. A
  contract that fails is doubled (and not redoubled), one that is made is
  not doubled. Each side calls to do the best it can for itself; ``par`` is
  the contract the auction ends in, and its value to each side.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core.cards import Hand, Seat
from ..engine.facts import facts
from ..engine.scoring import DealResult, score_deal
from ..language.ruleset import Denomination, RuleSet

__all__ = ["par_values"]

SIDES = ("NS", "EW")


def _net(
    rules: RuleSet,
    hands: Sequence[int],
    denomination: Denomination,
    side: int,
    tricks: int,
    level: int | None,
    doubled: bool = False,
) -> int:
    """The net points to ``side`` of its declaration, ``tricks`` taken by it."""
    taken = (tricks, 13 - tricks) if side == 0 else (13 - tricks, tricks)
    result = DealResult(
        hands=(Hand(hands[0]), Hand(hands[1]), Hand(hands[2]), Hand(hands[3])),
        denomination=denomination,
        declaring_side=side,
        doubling_level=1 if doubled else 0,
        tricks=taken,
        contract_level=level,
    )
    points = [0, 0]
    for owner, value, *_ in score_deal(rules, result):
        points[owner] += value
    return points[side] - points[1 - side]


def _declarer(table: Sequence[Sequence[int]], strain: int, side: int) -> tuple[int, int]:
    """The side's seat taking more tricks in ``strain`` (the first among equals), and its tricks."""
    first, second = (0, 2) if side == 0 else (1, 3)
    seat = first if table[strain][first] >= table[strain][second] else second
    return seat, table[strain][seat]


def par_values(
    rules: RuleSet, hands: Sequence[int], table: Sequence[Sequence[int]], dealer: int = 0
) -> dict[str, Any]:
    """The double-dummy values of a deal (four hands as ints, its table
    ``[strain][declarer]``) in ``rules``' scoring, dealt by ``dealer``.

    :returns: JSON-ready data; ``flat`` holds the same as one level of
        names, for CSV columns.
    """
    if rules.scoring.tricks_scored_by == "contract":
        return _auction(rules, hands, table, dealer)
    side = dealer & 1
    values = {
        d.name: _net(rules, hands, d, side, table[int(d.strain)][dealer], None)
        for d in rules.denominations
    }
    best = max(values, key=lambda name: values[name])
    flat: dict[str, Any] = {f"value_{name}": v for name, v in values.items()}
    flat.update({"best": best, "best_value": values[best]})
    return {
        "scoring": "declaration",
        "dealer": Seat(dealer).letter,
        "side": SIDES[side],
        "values": values,
        "best": best,
        "best_value": values[best],
        "flat": flat,
    }


def _auction(
    rules: RuleSet, hands: Sequence[int], table: Sequence[Sequence[int]], dealer: int
) -> dict[str, Any]:
    auction = rules.declaration.auction
    assert auction is not None
    by_name = {d.name: d for d in rules.denominations}
    best: dict[str, Any] = {}
    for side in (0, 1):
        options = []
        for d in rules.denominations:
            seat, tricks = _declarer(table, int(d.strain), side)
            level = min(tricks - 6, auction.max_level)
            if level >= 1:
                value = _net(rules, hands, d, side, tricks, level)
                options.append((value, level, d.name, seat))
        if options:
            value, level, name, seat = max(options, key=lambda o: (o[0], o[1]))
            best[SIDES[side]] = {
                "contract": f"{level} {by_name[name].label}",
                "declarer": Seat(seat).letter,
                "value": value,
            }
        else:
            best[SIDES[side]] = None
    par = _par(rules, hands, table, dealer & 1, auction.dealer_must_bid)
    flat: dict[str, Any] = {}
    for name in SIDES:
        entry = best[name] or {"contract": "", "declarer": "", "value": ""}
        flat.update({f"best_{name}": entry["contract"], f"best_{name}_value": entry["value"]})
    flat.update({"par": par["contract"], "par_NS": par["NS"]})
    return {"scoring": "auction", "best": best, "par": par, "flat": flat}


def _par(
    rules: RuleSet,
    hands: Sequence[int],
    table: Sequence[Sequence[int]],
    opener: int,
    must_bid: bool,
) -> dict[str, Any]:
    """The par of the module text: a backward pass over the bids, highest first."""
    by_name = {d.name: d for d in rules.denominations}
    bids = facts(rules).bids
    outcome: list[list[tuple[int, int, int]]] = []  # [rank][side]: (net, seat, tricks)
    for bid in bids:
        d = by_name[bid.denomination or ""]
        row = []
        for side in (0, 1):
            seat, tricks = _declarer(table, int(d.strain), side)
            level = bid.level or 1
            made = tricks >= 6 + level
            row.append((_net(rules, hands, d, side, tricks, level, not made), seat, tricks))
        outcome.append(row)
    # Highest bid first: stand[s] is the net to side s holding the bid, with
    # best calls after it, and where the auction then ends (rank, holder);
    # over[s] is side s's best from bidding above the bids seen so far.
    over: list[tuple[int, tuple[int, int]] | None] = [None, None]
    for r in range(len(bids) - 1, -1, -1):
        stand = []
        for s in (0, 1):
            mine, answer = outcome[r][s][0], over[1 - s]
            if answer is not None and -answer[0] < mine:
                stand.append((-answer[0], answer[1]))
            else:
                stand.append((mine, (r, s)))
        for s in (0, 1):
            best = over[s]
            if best is None or stand[s][0] > best[0]:
                over[s] = stand[s]
    opened, answer = over[opener], over[1 - opener]
    assert opened is not None
    assert answer is not None
    net, end = opened
    if not must_bid and -max(0, answer[0]) > net:  # the dealer passes
        net, end = (-answer[0], answer[1]) if answer[0] > 0 else (0, (-1, 0))
    return _par_entry(bids, outcome, end, net if opener == 0 else -net)


def _par_entry(
    bids: Sequence[Any],
    outcome: Sequence[Sequence[tuple[int, int, int]]],
    end: tuple[int, int],
    ns: int,
) -> dict[str, Any]:
    rank, holder = end
    if rank < 0:
        return {"contract": "passed out", "declarer": "", "doubled": False, "NS": 0, "EW": 0}
    bid = bids[rank]
    _, seat, tricks = outcome[rank][holder]
    return {
        "contract": f"{bid.level} {(bid.denomination or '').replace('_', ' ')}",
        "declarer": Seat(seat).letter,
        "tricks": tricks,
        "doubled": tricks < 6 + (bid.level or 1),
        "NS": ns,
        "EW": -ns,
    }
