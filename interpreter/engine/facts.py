"""What every game of a rule set works out from the rules alone, worked out once.

:func:`facts` gives the :class:`Facts` of a rule set, shared (read only) by
all its games: the denominations by name, the bids in order, whether the
doubling opens, which events the rules of sight name, and the memos of the
work a game does again and again with the same result (what each player sees
in a given state, the seating, the score sheet's columns).
"""

from __future__ import annotations

from typing import Any

from ..core.cards import Seat
from ..language.ruleset import Denomination, RuleSet
from ._lazy import LazyDetail
from .actions import Action

__all__ = ["Facts", "facts"]

_DECLARE_ACTIONS: dict[tuple[str, ...], tuple[Action, ...]] = {}  # by denomination names


class Facts:
    """What every game of a rule set works out from it alone, worked out once
    (read only: the games of the rule set share it)."""

    __slots__ = (
        "bid_rank",
        "bids",
        "declare_actions",
        "doubling_opens",
        "fresh_sight",
        "may_look",
        "rules",
        "seating_memo",
        "sheet_columns",
        "sight_events",
        "sight_memo",
        "sight_on_declaration",
        "strain_of",
        "trump_of_name",
    )

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules  # kept alive: the registry is by id
        self.trump_of_name: dict[str, Denomination] = {d.name: d for d in rules.denominations}
        # by denomination: its strain's number; whether it may be doubled at all
        self.strain_of = {d.name: int(d.strain) for d in rules.denominations}
        limit = rules.doubling.limit
        self.doubling_opens = {
            d.name: limit.kind != "none" and limit.allows(d.trick_value, 0)
            for d in rules.denominations
        }
        sight = rules.sight.rules
        self.sight_events = frozenset(e for r in sight for e in (*r.start, *r.end))
        self.sight_on_declaration = any(
            r.when.declared_from is not None or r.hand == "examined" or r.who == "examiner"
            for r in sight
        ) or any(b.when.declared_from for b in rules.doubling.blind)
        self.may_look = any(r.how == "on_request" for r in sight)
        names = tuple(d.name for d in rules.denominations)
        self.declare_actions = _DECLARE_ACTIONS.get(names) or _DECLARE_ACTIONS.setdefault(
            names, tuple(Action.declare(name) for name in names)
        )
        auction = rules.declaration.auction
        # Every bid, lowest first by law 44: by points (level x trick value), then by tricks.
        self.bids: tuple[Action, ...] = ()
        if auction is not None:
            values = {d.name: d.trick_value for d in rules.denominations}
            self.bids = tuple(
                sorted(
                    (
                        Action.bid(level, d.name)
                        for level in range(1, auction.max_level + 1)
                        for d in rules.denominations
                    ),
                    key=lambda a: ((a.level or 0) * values[a.denomination or ""], a.level or 0),
                )
            )
        self.bid_rank = {a: i for i, a in enumerate(self.bids)}
        # The hands each player sees by the rules of sight, by everything sight
        # depends on (see sight.current): once for each seating, dealer and stage.
        self.sight_memo: dict[tuple[Any, ...], dict[str, frozenset[Seat]]] = {}
        # sight.log's work at the start of a deal, by id of the sight (a value
        # of sight_memo, kept alive here): (sight, seen after, the detail of the
        # entry that logs the changes, one object for all such entries; or None).
        self.fresh_sight: dict[
            int,
            tuple[dict[str, frozenset[Seat]], dict[str, frozenset[Seat]], LazyDetail | None],
        ] = {}
        # session._seat's work by seating: (the seating, player_seats, own hands).
        self.seating_memo: dict[
            tuple[Any, ...],
            tuple[tuple[Any, ...], dict[str, tuple[Seat, ...]], dict[str, tuple[Seat, ...]]],
        ] = {}
        # The score sheet's columns (as a sheet accepted them) by seating.
        self.sheet_columns: dict[tuple[Any, ...], tuple[tuple[str, tuple[str, ...]], ...]] = {}


_FACTS: dict[int, Facts] = {}  # by id of the rule set


def facts(rules: RuleSet) -> Facts:
    """The facts of ``rules``, worked out at its first game."""
    found = _FACTS.get(id(rules))
    if found is None or found.rules is not rules:
        if len(_FACTS) >= 64:  # many rule sets loaded: forget the old ones
            _FACTS.clear()
        found = _FACTS[id(rules)] = Facts(rules)
    return found
