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
  all four hands. The dealer opens (law 42; where the rules let him pass,
  each player in turn may open, and four passes end the deal for 0); then
  the sides take turns: the side to call lets the last bid stand or makes a
  higher bid (law 44), of any denomination, made or not, and a side left in
  its bid may outbid itself (law 45). The opener plays his side's contracts
  in the suit he opened (law 46: the first to name it); otherwise a side's
  declarer is the partner taking more tricks. Each double or redouble the
  rules allow is made when it pays the side that may make it (so a failing
  contract is doubled, a made one not, under the 1912 count); the dealer's
  original One Spade loses at most the rules' cap (law 48). Each side calls
  to do the best it can for itself; ``par`` is the contract the auction
  ends in, and its value to each side.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..core.cards import Hand, Seat, Suit
from ..engine.actions import Action
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
    doubling: int = 0,
    opening_one_spade: bool = False,
) -> int:
    """The net points to ``side`` of its declaration, ``tricks`` taken by it."""
    taken = (tricks, 13 - tricks) if side == 0 else (13 - tricks, tricks)
    result = DealResult(
        hands=(Hand(hands[0]), Hand(hands[1]), Hand(hands[2]), Hand(hands[3])),
        denomination=denomination,
        declaring_side=side,
        doubling_level=doubling,
        tricks=taken,
        contract_level=level,
        opening_one_spade=opening_one_spade,
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
    par = _par(rules, hands, table, dealer)
    flat: dict[str, Any] = {}
    for name in SIDES:
        entry = best[name] or {"contract": "", "declarer": "", "value": ""}
        flat.update({f"best_{name}": entry["contract"], f"best_{name}_value": entry["value"]})
    flat.update({"par": par["contract"], "par_NS": par["NS"]})
    return {"scoring": "auction", "best": best, "par": par, "flat": flat}


@dataclass(frozen=True, slots=True)
class _Played:
    """A contract as it ends: its rank among the bids, the declaring side and
    seat, the tricks it takes, its doubling, and the net points to that side."""

    rank: int
    side: int
    seat: int
    tricks: int
    doubling: int
    net: int


class _Auction:
    """The par auction of the module text, for one deal dealt by ``dealer``."""

    def __init__(
        self, rules: RuleSet, hands: Sequence[int], table: Sequence[Sequence[int]], dealer: int
    ) -> None:
        auction = rules.declaration.auction
        assert auction is not None
        self.rules, self.hands, self.table, self.dealer = rules, hands, table, dealer
        self.bids = facts(rules).bids
        by_name = {d.name: d for d in rules.denominations}
        self.denominations = [by_name[b.denomination or ""] for b in self.bids]
        self.first_namer = auction.declarer == "first_to_name_strain"
        self.doubles = _doubling_turns(rules)
        self.one_spade = _one_spade(self.bids, self.denominations)
        self._cache: dict[tuple[int, int, bool], _Played] = {}
        self._values: dict[tuple[int, int, int, bool], tuple[int, int]] = {}

    def played(self, rank: int, seat: int, original: bool = False) -> _Played:
        """Bid ``rank`` played by ``seat``, doubled as the sides choose; ``original``:
        it is the dealer's original bid (law 48's cap may apply)."""
        one_spade = original and rank == self.one_spade
        key = (rank, seat, one_spade)
        got = self._cache.get(key)
        if got is None:
            tricks = self.table[int(self.denominations[rank].strain)][seat]
            doubling, net = self._doubled(rank, seat & 1, tricks, one_spade)
            got = self._cache[key] = _Played(rank, seat & 1, seat, tricks, doubling, net)
        return got

    def _doubled(self, rank: int, side: int, tricks: int, one_spade: bool) -> tuple[int, int]:
        """The doubling of bid ``rank`` that ``side`` plays taking ``tricks``,
        as the sides choose it, and the net points to ``side`` (the same for
        either partner: kept for both)."""
        key = (rank, side, tricks, one_spade)
        got = self._values.get(key)
        if got is None:
            d, level = self.denominations[rank], self.bids[rank].level or 1
            nets = [
                _net(self.rules, self.hands, d, side, tricks, level, k, one_spade)
                for k in range(len(self.doubles) + 1)
            ]
            chosen = len(nets) - 1
            for k in range(len(nets) - 2, -1, -1):
                # double k + 1 is the adversaries' (they want less) or the
                # declarer's side's (it wants more), knowing what follows it;
                # among equals, no double
                adversaries = self.doubles[k]
                if (nets[k] <= nets[chosen]) if adversaries else (nets[k] >= nets[chosen]):
                    chosen = k
            got = self._values[key] = (chosen, nets[chosen])
        return got

    def holding(self, rank: int, side: int, opener: int, strain: int) -> _Played:
        """Side ``side`` holding bid ``rank`` after the opening, its declarer
        the partner taking more tricks, except that the opener declares his
        side's bids in the strain he opened in (law 46: the first to name it)."""
        d = self.denominations[rank]
        if side == opener & 1 and self.first_namer and int(d.strain) == strain:
            return self.played(rank, opener)
        first, second = (0, 2) if side == 0 else (1, 3)
        a, b = self.played(rank, first), self.played(rank, second)
        return a if a.tricks >= b.tricks else b

    def opening(self, opener: int) -> _Played:
        """The par when ``opener`` makes the first bid: the result it ends in."""
        side = opener & 1
        best: _Played | None = None
        for strain in sorted({int(d.strain) for d in self.denominations}):
            # Highest bid first: over[s] is side s's best from bidding above the
            # bids seen so far (the auction's end, valued to the side holding it).
            over: list[_Played | None] = [None, None]
            for r in range(len(self.bids) - 1, -1, -1):
                if int(self.denominations[r].strain) == strain:
                    mine = self.played(r, opener, original=opener == self.dealer)
                    value = _answered(mine, over[side], over[1 - side], side)
                    if best is None or _better(value, best, side):
                        best = value
                for s in (0, 1):
                    stand = _answered(self.holding(r, s, opener, strain), over[s], over[1 - s], s)
                    held = over[s]
                    if held is None or _better(stand, held, s):
                        over[s] = stand
        assert best is not None
        return best

    def par(self, must_bid: bool) -> _Played | None:
        """The par (``None``: passed out). The dealer opens; where he may pass,
        the others may open in turn, and four passes end the deal."""
        if must_bid:
            return self.opening(self.dealer)
        result: _Played | None = None  # after the fourth pass: passed out
        for i in (3, 2, 1, 0):
            seat = (self.dealer + i) & 3
            opened = self.opening(seat)
            if result is None:  # the fourth hand opens only to gain
                result = opened if _to(opened, seat & 1) > 0 else None
            elif _to(opened, seat & 1) >= _to(result, seat & 1):
                result = opened
        return result


def _better(a: _Played, b: _Played, side: int) -> bool:
    """Whether ``a`` is better for ``side`` than ``b`` (among equals, the higher bid)."""
    return (_to(a, side), a.rank) > (_to(b, side), b.rank)


def _to(played: _Played, side: int) -> int:
    """A result's net points to ``side``."""
    return played.net if played.side == side else -played.net


def _answered(mine: _Played, own: _Played | None, answer: _Played | None, side: int) -> _Played:
    """Side ``side`` holds ``mine``: the other side outbids it with ``answer``
    (its best from bidding higher) if that is better for it than passing,
    after which ``side`` would outbid itself with ``own`` (its best from
    bidding higher: law 45 lets a player overbid his partner) if that is better."""
    held = own if own is not None and _better(own, mine, side) else mine
    if answer is not None and _to(answer, 1 - side) > -_to(held, side):
        return answer
    return held


def _one_spade(bids: Sequence[Action], denominations: Sequence[Denomination]) -> int:
    """The rank of law 48's "One Spade": a bid of one in the cheapest spade
    declaration (never the royals); -1 if the rules have none."""
    spades = [d.trick_value for d in denominations if d.suit is Suit.SPADES]
    for rank, (bid, d) in enumerate(zip(bids, denominations, strict=True)):
        if bid.level == 1 and d.suit is Suit.SPADES and d.trick_value == min(spades):
            return rank
    return -1


def _doubling_turns(rules: RuleSet) -> list[bool]:
    """The doubles a bid may have, in order: ``True`` for the adversaries'
    (a double), ``False`` for the declarer's side's (a redouble)."""
    auction = rules.declaration.auction
    assert auction is not None
    most = rules.doubling.max_doublings
    doubles = most if auction.doubles is None else auction.doubles
    redoubles = most if auction.redoubles is None else auction.redoubles
    turns: list[bool] = []
    while len(turns) < most:
        adversaries = len(turns) % 2 == 0
        if (turns.count(True) if adversaries else turns.count(False)) >= (
            doubles if adversaries else redoubles
        ):
            break
        turns.append(adversaries)
    return turns


def _par(
    rules: RuleSet, hands: Sequence[int], table: Sequence[Sequence[int]], dealer: int
) -> dict[str, Any]:
    auction = rules.declaration.auction
    assert auction is not None
    state = _Auction(rules, hands, table, dealer)
    result = state.par(auction.dealer_must_bid)
    if result is None:
        return {"contract": "passed out", "declarer": "", "doubled": False, "NS": 0, "EW": 0}
    bid = state.bids[result.rank]
    ns = _to(result, 0)
    return {
        "contract": f"{bid.level} {(bid.denomination or '').replace('_', ' ')}",
        "declarer": Seat(result.seat).letter,
        "tricks": result.tricks,
        "doubled": result.doubling >= 1,
        "redoubled": result.doubling >= 2,
        "NS": ns,
        "EW": -ns,
    }
