"""The typed, immutable rule set that the interpreter runs.

A :class:`RuleSet` is built from the effective rule document: the YAML file
merged with what it ``extends``, validated against the schema, given the
schema's defaults, and checked semantically (all of that is
:mod:`dummybridge.loader`'s job). Building it therefore assumes valid data;
it only converts names to the value types of :mod:`dummybridge.cards` and
freezes everything.

>>> from dummybridge.loader import load_rules
>>> rules = load_rules("bridge")
>>> rules.denomination("hearts").trick_value
8
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from .cards import Strain, Suit

__all__ = [
    "CutRules",
    "DealRules",
    "DeclarationRules",
    "Denomination",
    "DoublingLimit",
    "DoublingRules",
    "Exposure",
    "HonourEntry",
    "PlayRules",
    "RuleSet",
    "ScoringRules",
    "SightRules",
    "TableRules",
]

_SUITS = {"clubs": Suit.CLUBS, "diamonds": Suit.DIAMONDS, "hearts": Suit.HEARTS, "spades": Suit.SPADES}


def _freeze(value: Any) -> Any:
    """A deep, read-only copy of JSON-like data (dicts become mapping proxies)."""
    if isinstance(value, Mapping):
        return MappingProxyType({k: _freeze(v) for k, v in value.items()})
    if isinstance(value, list | tuple):
        return tuple(_freeze(v) for v in value)
    return value


def _thaw(value: Any) -> Any:
    """The inverse of :func:`_freeze`: plain dicts and lists, for JSON."""
    if isinstance(value, Mapping):
        return {k: _thaw(v) for k, v in value.items()}
    if isinstance(value, tuple):
        return [_thaw(v) for v in value]
    return value


@dataclass(frozen=True, slots=True)
class Denomination:
    """A declaration the rules allow, with the value of each trick over the book.

    :ivar name: the rule file's name for it (``"hearts"``, ``"royal_spades"``).
    :ivar suit: the trump suit, or ``None`` for no trumps.
    :ivar trick_value: points per odd trick, undoubled.
    """

    name: str
    suit: Suit | None
    trick_value: int

    @property
    def strain(self) -> Strain:
        """The strain played: the trump suit, or :attr:`Strain.NOTRUMP`."""
        return Strain.NOTRUMP if self.suit is None else Strain(int(self.suit))

    @property
    def label(self) -> str:
        """The name as words: ``"no trumps"``, ``"royal spades"``."""
        return self.name.replace("_", " ")


@dataclass(frozen=True, slots=True)
class CutRules:
    """Cutting for partners and deal."""

    ace_low: bool
    ties: str
    tie_suit_order: tuple[Suit, ...]


@dataclass(frozen=True, slots=True)
class TableRules:
    """Who plays: the number of players and how they hold the hands."""

    players: int
    hands: str
    cut: CutRules


@dataclass(frozen=True, slots=True)
class DealRules:
    """The deal: cards to each hand and how the deal passes."""

    cards_each: int
    passes: str


@dataclass(frozen=True, slots=True)
class DeclarationRules:
    """How the trump is chosen."""

    kind: str
    pass_to_partner: bool


@dataclass(frozen=True, slots=True)
class DoublingLimit:
    """How far doubling may go (``rules-reference.md`` §8 A10).

    ``unlimited``; ``cap`` (no doubling that would make a trick worth more
    than :attr:`trick_value`); ``stop_after_exceeding`` (doubling stops once a
    trick is worth more than :attr:`trick_value`); ``none`` (no doubling).
    """

    kind: str
    trick_value: int | None = None

    def allows(self, trick_value: int, level: int) -> bool:
        """Whether a trick worth ``trick_value`` undoubled, doubled ``level`` times, may be doubled again.

        >>> DoublingLimit("cap", 100).allows(8, 3)   # 64 -> 128 would pass 100
        False
        >>> DoublingLimit("stop_after_exceeding", 100).allows(8, 3)  # 64 is not past 100
        True
        """
        current = trick_value << level
        if self.kind == "unlimited":
            return True
        if self.kind == "none":
            return False
        assert self.trick_value is not None
        if self.kind == "cap":
            return current * 2 <= self.trick_value
        return current <= self.trick_value  # stop_after_exceeding


@dataclass(frozen=True, slots=True)
class DoublingRules:
    """Doubling and redoubling after a declaration."""

    first: str
    doublers: str
    redoubles: str
    limit: DoublingLimit


@dataclass(frozen=True, slots=True)
class Exposure:
    """A hand laid face up on the table, and from when."""

    hand: str
    when: str


@dataclass(frozen=True, slots=True)
class PlayRules:
    """Who plays the declaring side's hands, who leads, what is exposed."""

    declarer: str
    opening_lead: str
    exposure: tuple[Exposure, ...]


@dataclass(frozen=True, slots=True)
class SightRules:
    """Which hands each player may look at, and when."""

    own_hand: str


@dataclass(frozen=True, slots=True)
class HonourEntry:
    """One line of an honours table.

    :ivar total: honours held by the side.
    :ivar in_one_hand: the entry needs one hand to hold this many (``None``: any).
    :ivar value: the multiplier of the trick value (trumps) or the points (no trumps).
    """

    total: int
    in_one_hand: int | None
    value: int


@dataclass(frozen=True, slots=True)
class ScoringRules:
    """Trick, honour, game and rubber scoring."""

    ledger: str
    book: int
    tricks_scored_by: str
    doubling: str
    game: int
    games_to_win: int
    rubber_bonus: int
    honours_trumps: tuple[HonourEntry, ...]
    honours_no_trumps: tuple[HonourEntry, ...]
    chicane_multiplier: int
    double_chicane_multiplier: int
    chicane_against_honours: str
    grand_slam: int
    little_slam: int

    @staticmethod
    def best_entry(
        table: tuple[HonourEntry, ...], total: int, most_in_one_hand: int
    ) -> HonourEntry | None:
        """The entry that scores a holding: the same total, and the largest
        ``in_one_hand`` the holding reaches (an entry without one fits any).

        >>> table = (HonourEntry(4, None, 4), HonourEntry(4, 4, 8))
        >>> ScoringRules.best_entry(table, 4, 4).value, ScoringRules.best_entry(table, 4, 3).value
        (8, 4)
        """
        best: HonourEntry | None = None
        for entry in table:
            if entry.total != total:
                continue
            need = entry.in_one_hand or 0
            if need > most_in_one_hand:
                continue
            if best is None or need > (best.in_one_hand or 0):
                best = entry
        return best


@dataclass(frozen=True, slots=True)
class RuleSet:
    """A variant's rules, ready to run.

    Build one with :func:`dummybridge.loader.load_rules` (which validates) or,
    from data that is already valid and complete, :meth:`from_data`.
    """

    name: str
    title: str
    version: str
    aliases: tuple[str, ...]
    description: str
    origin: str
    table: TableRules
    deal: DealRules
    denominations: tuple[Denomination, ...]
    declaration: DeclarationRules
    doubling: DoublingRules
    play: PlayRules
    sight: SightRules
    scoring: ScoringRules
    data: Mapping[str, Any]

    def denomination(self, name: str) -> Denomination:
        """The denomination called ``name``.

        :raises KeyError: if the rules have none by that name.
        """
        for d in self.denominations:
            if d.name == name:
                return d
        raise KeyError(name)

    def to_data(self) -> dict[str, Any]:
        """The effective rule document as plain JSON-compatible data."""
        result: dict[str, Any] = _thaw(self.data)
        return result

    @classmethod
    def from_data(cls, data: Mapping[str, Any], *, origin: str = "<data>") -> RuleSet:
        """Build the typed rule set from an effective, validated rule document.

        :param data: the merged document with the schema's defaults applied.
        :param origin: where it came from (a built-in name or a path), for messages.
        """
        t = data["table"]
        cut = t["cut"]
        table = TableRules(
            players=t["players"],
            hands=t["hands"],
            cut=CutRules(
                ace_low=cut["ace"] == "low",
                ties=cut["ties"],
                tie_suit_order=tuple(_SUITS[s] for s in cut["tie_suit_order"]),
            ),
        )
        deal = DealRules(cards_each=data["deal"]["cards_each"], passes=data["deal"]["passes"])
        denominations = tuple(
            Denomination(name, None if d["suit"] == "none" else _SUITS[d["suit"]], d["trick_value"])
            for name, d in data["denominations"].items()
            if isinstance(d, Mapping)  # skips deleted entries (null) and the section's `source`
        )
        decl = data["declaration"]
        declaration = DeclarationRules(kind=decl["kind"], pass_to_partner=decl["pass_to_partner"])
        dbl = data["doubling"]
        limit = dbl["limit"]
        doubling = DoublingRules(
            first=dbl["first"],
            doublers=dbl["doublers"],
            redoubles=dbl["redoubles"],
            limit=DoublingLimit(limit["kind"], limit.get("trick_value")),
        )
        p = data["play"]
        play = PlayRules(
            declarer=p["declarer"],
            opening_lead=p["opening_lead"],
            exposure=tuple(Exposure(e["hand"], e["when"]) for e in p["exposure"]),
        )
        sight = SightRules(own_hand=data["sight"]["own_hand"])
        s = data["scoring"]
        honours = s["honours"]
        chicane = s["chicane"]
        scoring = ScoringRules(
            ledger=s["ledger"],
            book=s["book"],
            tricks_scored_by=s["tricks"]["scored_by"],
            doubling=s["tricks"]["doubling"],
            game=s["game"],
            games_to_win=s["rubber"]["games_to_win"],
            rubber_bonus=s["rubber"]["bonus"],
            honours_trumps=tuple(
                HonourEntry(e["total"], e.get("in_one_hand"), e["multiplier"])
                for e in honours["trumps"]
            ),
            honours_no_trumps=tuple(
                HonourEntry(e["total"], e.get("in_one_hand"), e["points"])
                for e in honours["no_trumps"]
            ),
            chicane_multiplier=chicane["multiplier"],
            double_chicane_multiplier=chicane["double_multiplier"],
            chicane_against_honours=chicane["against_honours"],
            grand_slam=s["slams"]["grand"],
            little_slam=s["slams"]["little"],
        )
        return cls(
            name=data["name"],
            title=data["title"],
            version=data["version"],
            aliases=tuple(data.get("aliases", ())),
            description=data.get("description", ""),
            origin=origin,
            table=table,
            deal=deal,
            denominations=denominations,
            declaration=declaration,
            doubling=doubling,
            play=play,
            sight=sight,
            scoring=scoring,
            data=_freeze(data),
        )
