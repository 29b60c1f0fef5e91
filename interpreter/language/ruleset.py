"""The typed, immutable rule set that the interpreter runs.

A :class:`RuleSet` is built from the effective rule document: the YAML file
merged with what it ``extends``, validated against the schema, given the
schema's defaults, and checked semantically (all of that is
:mod:`dummybridge.language.loader`'s job). Building it therefore assumes valid data;
it only converts names to the value types of :mod:`dummybridge.core.cards` and
freezes everything. Every default is the schema's
(:mod:`dummybridge.language.schemas`): :meth:`RuleSet.from_data` fills them in
before it reads the document, so a document built by hand gets them too.

Every option that the schema spells as one of a few words has the ``Literal``
type of those words (:mod:`dummybridge.language.options`), so that a
comparison with a word the schema does not have is a type error.

>>> from dummybridge.language.loader import load_rules
>>> rules = load_rules("bridge")
>>> rules.denomination("hearts").trick_value
8
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from ..core.cards import Strain, Suit
from .irregularities import DummyConduct, LawsRules, RevokeCorrection, RevokeRules, laws_rules
from .options import (
    AgainstHonours,
    AuctionDeclarer,
    AuctionPassout,
    CutTies,
    DealPasses,
    DeclarationKind,
    DeclaredFrom,
    Declarer,
    Doublers,
    DoublingFirst,
    DoublingLimitKind,
    DummyHolder,
    ExposedHand,
    FirstDealer,
    ForcedExaminer,
    ForcedKind,
    Hands,
    HandsHeld,
    Ledger,
    OpeningLead,
    PlayerSide,
    RedoubleLeftToDummy,
    Redoubles,
    RubberKind,
    Settlement,
    SightEvent,
    SightHand,
    SightHow,
    SightWho,
    TowardGame,
    TricksDoubling,
    TricksScoredBy,
)
from .schemas import section, with_defaults

__all__ = [
    "AuctionRules",
    "BlindDouble",
    "Condition",
    "CutRules",
    "DealRules",
    "DeclarationRules",
    "Denomination",
    "DoublingLimit",
    "DoublingRules",
    "DummyConduct",
    "Exposure",
    "ForcedCriterion",
    "ForcedRules",
    "HonourEntry",
    "LawsRules",
    "PlayRules",
    "RevokeCorrection",
    "RevokeRules",
    "RuleSet",
    "ScoringRules",
    "SightRule",
    "SightRules",
    "TableRules",
]


_SUITS = {
    "clubs": Suit.CLUBS,
    "diamonds": Suit.DIAMONDS,
    "hearts": Suit.HEARTS,
    "spades": Suit.SPADES,
}
_PIP_RANKS = "23456789TJQKA"  # the keys of a most_pips table, in the C core's rank order


def _freeze(value: Any) -> Any:
    """A deep, read-only copy of JSON-like data (dicts become mapping proxies)."""
    if isinstance(value, Mapping):
        return MappingProxyType({k: _freeze(v) for k, v in value.items()})
    if isinstance(value, list | tuple):
        return tuple(_freeze(v) for v in value)
    return value


def _count(value: int | str) -> int | None:
    """A number of times from the rule file: a whole number, or ``unlimited`` (``None``)."""
    return None if value == "unlimited" else int(value)


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
    ties: CutTies
    tie_suit_order: tuple[Suit, ...]


@dataclass(frozen=True, slots=True)
class TableRules:
    """Who plays: the number of players and how they hold the hands.

    :ivar hands: ``seated``, ``dummy`` or ``double_dummy``.
    :ivar dummy_holder: with a Dummy, ``per_rubber`` or ``dealer`` (A7).
    :ivar first_dealer: with a Dummy, ``holder`` or ``dummy`` (A9).
    """

    players: int
    hands: Hands
    cut: CutRules
    dummy_holder: DummyHolder
    first_dealer: FirstDealer


@dataclass(frozen=True, slots=True)
class DealRules:
    """The deal: cards to each hand and how the deal passes."""

    cards_each: int
    passes: DealPasses


@dataclass(frozen=True, slots=True)
class ForcedCriterion:
    """One step of a forced declaration (``declaration.forced.criteria``).

    :ivar kind: ``aces_at_least`` (declare :attr:`declare` if the hand holds
        at least :attr:`aces` aces), ``longest`` (keep the longest suits),
        ``most_pips`` (keep the suits with most pips under :attr:`pips`),
        ``most_valuable`` (keep the suit whose declaration is worth most a
        trick) or ``suit_order`` (keep the first suit in :attr:`suit_order`).
    :ivar aces: for ``aces_at_least``, the aces needed.
    :ivar declare: for ``aces_at_least``, the denomination's name.
    :ivar pips: for ``most_pips``, the 13 pip values, two first, ace last.
    :ivar suit_order: for ``suit_order``, the four suits, the preferred first.
    :ivar source: the criterion's citation, if the rule file gives one.
    """

    kind: ForcedKind
    aces: int | None = None
    declare: str | None = None
    pips: tuple[int, ...] | None = None
    suit_order: tuple[Suit, ...] | None = None
    source: str | None = None

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> ForcedCriterion:
        """Build from one schema-valid item of ``criteria``."""
        source = data.get("source")
        if "aces_at_least" in data:
            return cls(
                "aces_at_least", aces=data["aces_at_least"], declare=data["declare"], source=source
            )
        if "most_pips" in data:
            table = data["most_pips"]
            return cls("most_pips", pips=tuple(table[r] for r in _PIP_RANKS), source=source)
        if "suit_order" in data:
            return cls(
                "suit_order", suit_order=tuple(_SUITS[s] for s in data["suit_order"]), source=source
            )
        if "longest" in data:
            return cls("longest", source=source)
        return cls("most_valuable", source=source)


@dataclass(frozen=True, slots=True)
class ForcedRules:
    """The forced ("compulsory") declaration for a Dummy (``declaration.forced``).

    :ivar examined_by: who looks at the Dummy's hand and declares for it:
        ``owner`` (the player who holds the Dummy) or ``right_hand_adversary``
        (the dealer's right-hand adversary, before seeing his own cards) (A1).
    :ivar criteria: the steps, in order; the first that leaves one suit, or
        an ``aces_at_least`` that is met, decides.
    """

    examined_by: ForcedExaminer
    criteria: tuple[ForcedCriterion, ...]
    source: str | None = None


@dataclass(frozen=True, slots=True)
class AuctionRules:
    """The auction (1912 laws 42-58): who must bid, how far, how many doubles, who declares.

    :ivar doubles: how many times the adversaries may double a bid (``None``:
        any number of times, the rule file's ``unlimited``).
    :ivar redoubles: how many times the bidding side may redouble (``None``: any).
    """

    dealer_must_bid: bool
    max_level: int
    doubles: int | None
    redoubles: int | None
    declarer: AuctionDeclarer
    passed_out: AuctionPassout


@dataclass(frozen=True, slots=True)
class DeclarationRules:
    """How the trump is chosen.

    :ivar kind: ``make`` or ``auction``.
    :ivar forced: the forced declaration for a Dummy, if the rules have one.
    :ivar auction: the auction's rules, when the kind is ``auction``.
    """

    kind: DeclarationKind
    pass_to_partner: bool
    forced: ForcedRules | None
    auction: AuctionRules | None


@dataclass(frozen=True, slots=True)
class DoublingLimit:
    """How far doubling may go (``rules-reference.md`` §8 A10).

    ``unlimited``; ``cap`` (no doubling that would make a trick worth more
    than :attr:`trick_value`); ``stop_after_exceeding`` (doubling stops once a
    trick is worth more than :attr:`trick_value`); ``none`` (no doubling).
    """

    kind: DoublingLimitKind
    trick_value: int | None = None

    def allows(self, trick_value: int, level: int) -> bool:
        """Whether a trick worth ``trick_value`` undoubled, doubled ``level`` times,
        may be doubled again.

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

    first: DoublingFirst
    doublers: Doublers
    redoubles: Redoubles
    limit: DoublingLimit
    blind: tuple[BlindDouble, ...]
    redouble_when_left_to_dummy: RedoubleLeftToDummy
    #: the safeguard: the most doubles and redoubles one declaration or bid may
    #: have where the rules set no smaller limit (the doubling phase and the auction)
    max_doublings: int


@dataclass(frozen=True, slots=True)
class Exposure:
    """A hand laid face up on the table, and from when."""

    hand: ExposedHand
    # The schema's exposure_when has one word, first_lead; a Literal of it would
    # make the engine's check of it (ready for another) unreachable code for mypy.
    when: str


@dataclass(frozen=True, slots=True)
class PlayRules:
    """Who plays the declaring side's hands, who leads, what is exposed."""

    declarer: Declarer
    opening_lead: OpeningLead
    exposure: tuple[Exposure, ...]


@dataclass(frozen=True, slots=True)
class Condition:
    """When a rule applies: every field given must hold (``None``: any)."""

    declared_from: DeclaredFrom | None = None
    side: PlayerSide | None = None
    holds: HandsHeld | None = None

    @classmethod
    def from_data(cls, data: Mapping[str, Any] | None) -> Condition:
        """Build from the rule file's ``when`` mapping (absent: always)."""
        data = data or {}
        return cls(data.get("declared_from"), data.get("side"), data.get("holds"))


@dataclass(frozen=True, slots=True)
class SightRule:
    """One rule of sight: ``who`` may see ``hand`` between ``start`` and ``end`` events."""

    who: SightWho
    hand: SightHand
    start: tuple[SightEvent, ...]
    end: tuple[SightEvent, ...]
    how: SightHow
    limit: int | None
    when: Condition


@dataclass(frozen=True, slots=True)
class SightRules:
    """Which hands each player may look at, and when."""

    rules: tuple[SightRule, ...]


@dataclass(frozen=True, slots=True)
class BlindDouble:
    """Players who may double only before seeing their own cards."""

    who: SightWho
    when: Condition


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
    """Trick, honour, game and rubber scoring.

    :ivar ledger: ``sides`` (a score column per partnership) or ``players``
        (a column per player, each credited his side's full points).
    :ivar toward_game: ``both_sides`` (whichever side wins the odd tricks
        scores them below the line) or ``dealer_side_only`` (only tricks won
        in one's own deal count toward game; the rest go above the line).
    :ivar game_bonus: points above the line for each game won.
    :ivar rubber_kind: ``best_of`` (the first to :attr:`games_to_win` games
        wins the rubber and :attr:`rubber_bonus`) or ``fixed_games``
        (:attr:`rubber_games` games are played, with no rubber bonus).
    :ivar games_to_win: for ``best_of``, the games that win the rubber.
    :ivar rubber_bonus: for ``best_of``, the rubber bonus (0 for ``fixed_games``).
    :ivar rubber_games: for ``fixed_games``, the number of games played.
    :ivar settlement: ``by_side`` or ``pairwise``.
    :ivar tricks_scored_by: ``side_with_odd_tricks`` (whichever side wins
        more than the book) or ``contract`` (only the declarer's side, and
        only when it wins at least the tricks bid: WORK13 laws 4 and 47).
        The four fields below apply only with ``contract``.
    :ivar undertricks: points to the adversaries for each undertrick,
        undoubled, doubled and redoubled (WORK13 law 47: 50, 100, 200);
        all 0 when the rules have no ``undertricks``.
    :ivar doubled_bonus: points for making a doubled contract (law 56: 50).
    :ivar doubled_bonus_per_overtrick: further points for each trick over
        the contract (law 56: 50).
    :ivar redoubled_bonus_factor: what the bonus is multiplied by when
        redoubled (law 56: 2).
    :ivar opening_spade_cap: the most the dealer's original One Spade
        loses in undertricks unless redoubled (law 48: 100), or ``None``.
    """

    ledger: Ledger
    book: int
    tricks_scored_by: TricksScoredBy
    doubling: TricksDoubling
    game: int
    games_to_win: int | None
    rubber_bonus: int
    honours_trumps: tuple[HonourEntry, ...]
    honours_no_trumps: tuple[HonourEntry, ...]
    chicane_multiplier: int
    double_chicane_multiplier: int
    chicane_against_honours: AgainstHonours
    grand_slam: int
    little_slam: int
    toward_game: TowardGame
    game_bonus: int
    rubber_kind: RubberKind
    rubber_games: int | None
    settlement: Settlement
    undertricks: tuple[int, int, int]
    doubled_bonus: int
    doubled_bonus_per_overtrick: int
    redoubled_bonus_factor: int
    opening_spade_cap: int | None

    def undertrick_value(self, doubling_level: int) -> int:
        """Points for each undertrick at ``doubling_level`` (0 undoubled, 1
        doubled, 2 redoubled); each doubling past a redouble doubles the
        redoubled figure.

        >>> from dummybridge.language.loader import load_rules
        >>> s = load_rules("auction-bridge").scoring
        >>> s.undertricks
        (50, 100, 200)
        >>> [s.undertrick_value(level) for level in range(4)]
        [50, 100, 200, 400]
        """
        if doubling_level <= 2:
            return self.undertricks[doubling_level]
        return self.undertricks[2] << (doubling_level - 2)

    def doubled_bonus_value(self, doubling_level: int, overtricks: int) -> int:
        """The bonus for making a contract doubled ``doubling_level`` times
        with ``overtricks`` tricks over it (0 when undoubled).

        >>> from dummybridge.language.loader import load_rules
        >>> s = load_rules("auction-bridge").scoring
        >>> s.doubled_bonus, s.doubled_bonus_per_overtrick
        (50, 50)
        >>> s.doubled_bonus_value(0, 2), s.doubled_bonus_value(1, 2), s.doubled_bonus_value(2, 2)
        (0, 150, 300)
        """
        if doubling_level <= 0:
            return 0
        bonus = self.doubled_bonus + self.doubled_bonus_per_overtrick * overtricks
        for _ in range(doubling_level - 1):
            bonus *= self.redoubled_bonus_factor
        return bonus

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

    Build one with :func:`dummybridge.language.loader.load_rules` (which validates) or,
    from a document that is already valid, :meth:`from_data` (which fills in the
    schema's defaults).
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
    laws: LawsRules

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

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (and deep-copied) as its effective document, rebuilt by
        :meth:`from_data`: the frozen mappings inside cannot be pickled."""
        return (_rules_from_data, (self.to_data(), self.origin))

    @classmethod
    def from_data(cls, data: Mapping[str, Any], *, origin: str = "<data>") -> RuleSet:
        """Build the typed rule set from an effective, validated rule document.

        The schema's defaults are filled in first (a document from the loader
        has them already), so that each setting is read from the document alone.

        :param data: the merged document, valid against the schema.
        :param origin: where it came from (a built-in name or a path), for messages.
        """
        data = with_defaults(data)
        return cls(
            name=data["name"],
            title=data["title"],
            version=data["version"],
            aliases=tuple(data["aliases"]),
            description=data.get("description", ""),
            origin=origin,
            table=_table(data["table"]),
            deal=DealRules(cards_each=data["deal"]["cards_each"], passes=data["deal"]["passes"]),
            denominations=tuple(
                Denomination(
                    name, None if d["suit"] == "none" else _SUITS[d["suit"]], d["trick_value"]
                )
                for name, d in data["denominations"].items()
                if isinstance(d, Mapping)  # skips deleted entries (null) and the section's `source`
            ),
            declaration=_declaration(data),
            doubling=_doubling(data["doubling"]),
            play=PlayRules(
                declarer=data["play"]["declarer"],
                opening_lead=data["play"]["opening_lead"],
                exposure=tuple(Exposure(e["hand"], e["when"]) for e in data["play"]["exposure"]),
            ),
            sight=SightRules(tuple(_sight_rule(r) for r in data["sight"]["rules"])),
            scoring=_scoring(data),
            data=_freeze(data),
            laws=laws_rules(data),
        )


# Each builder reads one section of a document whose schema defaults are filled in.


def _table(t: Mapping[str, Any]) -> TableRules:
    cut = t["cut"]
    return TableRules(
        players=t["players"],
        hands=t["hands"],
        dummy_holder=t["dummy"]["holder"],
        first_dealer=t["dummy"]["first_dealer"],
        cut=CutRules(
            ace_low=cut["ace"] == "low",
            ties=cut["ties"],
            tie_suit_order=tuple(_SUITS[s] for s in cut["tie_suit_order"]),
        ),
    )


def _declaration(data: Mapping[str, Any]) -> DeclarationRules:
    decl = data["declaration"]
    forced = decl.get("forced")
    return DeclarationRules(
        kind=decl["kind"],
        pass_to_partner=decl["pass_to_partner"],
        auction=_auction(section(data, "declaration", "auction"))
        if decl["kind"] == "auction"
        else None,
        forced=None
        if forced is None
        else ForcedRules(
            examined_by=forced["examined_by"],
            criteria=tuple(ForcedCriterion.from_data(c) for c in forced["criteria"]),
            source=forced.get("source"),
        ),
    )


def _auction(auction: Mapping[str, Any]) -> AuctionRules:
    return AuctionRules(
        dealer_must_bid=auction["dealer_must_bid"],
        max_level=auction["max_level"],
        doubles=_count(auction["doubles"]),
        redoubles=_count(auction["redoubles"]),
        declarer=auction["declarer"],
        passed_out=auction["passed_out"],
    )


def _doubling(dbl: Mapping[str, Any]) -> DoublingRules:
    limit = dbl["limit"]
    return DoublingRules(
        first=dbl["first"],
        doublers=dbl["doublers"],
        redoubles=dbl["redoubles"],
        limit=DoublingLimit(limit["kind"], limit.get("trick_value")),
        blind=tuple(
            BlindDouble(b["who"], Condition.from_data(b.get("when"))) for b in dbl["blind"]
        ),
        redouble_when_left_to_dummy=dbl["redouble_when_left_to_dummy"],
        max_doublings=dbl["max_doublings"],
    )


def _sight_rule(r: Mapping[str, Any]) -> SightRule:
    return SightRule(
        who=r["who"],
        hand=r["hand"],
        start=tuple(r["from"]),
        end=tuple(r.get("until", ())),  # absent: until the end of the deal
        how=r["how"],
        limit=r.get("limit"),
        when=Condition.from_data(r.get("when")),
    )


def _scoring(data: Mapping[str, Any]) -> ScoringRules:
    s = data["scoring"]
    honours, chicane, rubber, tricks = s["honours"], s["chicane"], s["rubber"], s["tricks"]
    # Without undertricks, a doubled bonus or a cap (the rules have no contract), none count.
    under = s.get("undertricks") or {"undoubled": 0, "doubled": 0, "redoubled": 0}
    bonus = section(data, "scoring", "doubled_bonus")
    spade_cap = s.get("opening_spade_cap")
    return ScoringRules(
        ledger=s["ledger"],
        book=s["book"],
        tricks_scored_by=tricks["scored_by"],
        doubling=tricks["doubling"],
        game=s["game"],
        games_to_win=rubber.get("games_to_win"),
        rubber_bonus=rubber.get("bonus", 0),  # no bonus: fixed_games
        honours_trumps=tuple(
            HonourEntry(e["total"], e.get("in_one_hand"), e["multiplier"])
            for e in honours["trumps"]
        ),
        honours_no_trumps=tuple(
            HonourEntry(e["total"], e.get("in_one_hand"), e["points"]) for e in honours["no_trumps"]
        ),
        chicane_multiplier=chicane["multiplier"],
        double_chicane_multiplier=chicane["double_multiplier"],
        chicane_against_honours=chicane["against_honours"],
        grand_slam=s["slams"]["grand"],
        little_slam=s["slams"]["little"],
        toward_game=tricks["toward_game"],
        game_bonus=s["game_bonus"],
        rubber_kind=rubber["kind"],
        rubber_games=rubber.get("games"),
        settlement=s["settlement"],
        undertricks=(under["undoubled"], under["doubled"], under["redoubled"]),
        doubled_bonus=bonus.get("made", 0),
        doubled_bonus_per_overtrick=bonus.get("per_overtrick", 0),
        redoubled_bonus_factor=bonus["redoubled_factor"],
        opening_spade_cap=None if spade_cap is None else spade_cap["points"],
    )


def _rules_from_data(data: Mapping[str, Any], origin: str) -> RuleSet:
    """Unpickle a :class:`RuleSet` (see ``RuleSet.__reduce__``)."""
    return RuleSet.from_data(data, origin=origin)
