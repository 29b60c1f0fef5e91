"""The typed, immutable rule set that the interpreter runs.

A :class:`RuleSet` is built from the effective rule document: the YAML file
merged with what it ``extends``, validated against the schema, given the
schema's defaults, and checked semantically (all of that is
:mod:`dummybridge.language.loader`'s job). Building it therefore assumes valid data;
it only converts names to the value types of :mod:`dummybridge.core.cards` and
freezes everything.

>>> from dummybridge.language.loader import load_rules
>>> rules = load_rules("bridge")
>>> rules.denomination("hearts").trick_value
8
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from ..core.cards import Strain, Suit

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
    ties: str
    tie_suit_order: tuple[Suit, ...]


@dataclass(frozen=True, slots=True)
class TableRules:
    """Who plays: the number of players and how they hold the hands.

    :ivar hands: ``seated``, ``dummy`` or ``double_dummy``.
    :ivar dummy_holder: with a Dummy, ``per_rubber`` or ``dealer`` (A7).
    :ivar first_dealer: with a Dummy, ``holder`` or ``dummy`` (A9).
    """

    players: int
    hands: str
    cut: CutRules
    dummy_holder: str = "per_rubber"
    first_dealer: str = "holder"


@dataclass(frozen=True, slots=True)
class DealRules:
    """The deal: cards to each hand and how the deal passes."""

    cards_each: int
    passes: str


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

    kind: str
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
        kind = "longest" if "longest" in data else "most_valuable"
        return cls(kind, source=source)


@dataclass(frozen=True, slots=True)
class ForcedRules:
    """The forced ("compulsory") declaration for a Dummy (``declaration.forced``).

    :ivar examined_by: who looks at the Dummy's hand and declares for it:
        ``owner`` (the player who holds the Dummy) or ``right_hand_adversary``
        (the dealer's right-hand adversary, before seeing his own cards) (A1).
    :ivar criteria: the steps, in order; the first that leaves one suit, or
        an ``aces_at_least`` that is met, decides.
    """

    examined_by: str
    criteria: tuple[ForcedCriterion, ...]
    source: str | None = None


@dataclass(frozen=True, slots=True)
class AuctionRules:
    """The auction (1912 laws 42-58): who must bid, how far, how many doubles, who declares.

    :ivar doubles: how many times the adversaries may double a bid (``None``:
        any number of times, the rule file's ``unlimited``).
    :ivar redoubles: how many times the bidding side may redouble (``None``: any).
    """

    dealer_must_bid: bool = True
    max_level: int = 7
    doubles: int | None = 1
    redoubles: int | None = 1
    declarer: str = "first_to_name_strain"
    passed_out: str = "redeal"


@dataclass(frozen=True, slots=True)
class DeclarationRules:
    """How the trump is chosen.

    :ivar kind: ``make`` or ``auction``.
    :ivar forced: the forced declaration for a Dummy, if the rules have one.
    :ivar auction: the auction's rules, when the kind is ``auction``.
    """

    kind: str
    pass_to_partner: bool
    forced: ForcedRules | None = None
    auction: AuctionRules | None = None


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

    first: str
    doublers: str
    redoubles: str
    limit: DoublingLimit
    blind: tuple[BlindDouble, ...] = ()
    redouble_when_left_to_dummy: str = "allowed"


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
class Condition:
    """When a rule applies: every field given must hold (``None``: any)."""

    declared_from: str | None = None
    side: str | None = None
    holds: str | None = None

    @classmethod
    def from_data(cls, data: Mapping[str, Any] | None) -> Condition:
        """Build from the rule file's ``when`` mapping (absent: always)."""
        data = data or {}
        return cls(data.get("declared_from"), data.get("side"), data.get("holds"))


@dataclass(frozen=True, slots=True)
class SightRule:
    """One rule of sight: ``who`` may see ``hand`` between ``start`` and ``end`` events."""

    who: str
    hand: str
    start: tuple[str, ...]
    end: tuple[str, ...]
    how: str
    limit: int | None
    when: Condition


@dataclass(frozen=True, slots=True)
class SightRules:
    """Which hands each player may look at, and when."""

    rules: tuple[SightRule, ...]


@dataclass(frozen=True, slots=True)
class BlindDouble:
    """Players who may double only before seeing their own cards."""

    who: str
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

    ledger: str
    book: int
    tricks_scored_by: str
    doubling: str
    game: int
    games_to_win: int | None
    rubber_bonus: int
    honours_trumps: tuple[HonourEntry, ...]
    honours_no_trumps: tuple[HonourEntry, ...]
    chicane_multiplier: int
    double_chicane_multiplier: int
    chicane_against_honours: str
    grand_slam: int
    little_slam: int
    toward_game: str = "both_sides"
    game_bonus: int = 0
    rubber_kind: str = "best_of"
    rubber_games: int | None = None
    settlement: str = "by_side"
    undertricks: tuple[int, int, int] = (0, 0, 0)
    doubled_bonus: int = 0
    doubled_bonus_per_overtrick: int = 0
    redoubled_bonus_factor: int = 2
    opening_spade_cap: int | None = None

    def undertrick_value(self, doubling_level: int) -> int:
        """Points for each undertrick at ``doubling_level`` (0 undoubled, 1
        doubled, 2 redoubled); each doubling past a redouble doubles the
        redoubled figure.

        >>> s = ScoringRules("sides", 6, "contract", "multiplies", 30, 2, 250, (), (), 2, 4,
        ...                  "deduct", 40, 20, undertricks=(50, 100, 200))
        >>> [s.undertrick_value(level) for level in range(4)]
        [50, 100, 200, 400]
        """
        if doubling_level <= 2:
            return self.undertricks[doubling_level]
        return self.undertricks[2] << (doubling_level - 2)

    def doubled_bonus_value(self, doubling_level: int, overtricks: int) -> int:
        """The bonus for making a contract doubled ``doubling_level`` times
        with ``overtricks`` tricks over it (0 when undoubled).

        >>> s = ScoringRules("sides", 6, "contract", "multiplies", 30, 2, 250, (), (), 2, 4,
        ...                  "deduct", 40, 20, doubled_bonus=50, doubled_bonus_per_overtrick=50)
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
class RevokeCorrection:
    """Correcting a revoke before it is established (1912 laws 85-86)."""

    #: whether the partner of the player who renounced may ask "Having none?"
    partner_may_ask: bool = True
    #: what the declarer may require of an adversary who corrects (``highest``, ``lowest``)
    adversary: tuple[str, ...] = ()
    #: what the declarer's left adversary may require of the declarer who corrects
    declarer: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class RevokeRules:
    """The revoke in laws mode: liability and the penalty (rules-reference.md §3.6, §4.7)."""

    dummy_liable: bool = False
    penalty: str = "tricks"
    tricks: int = 3
    points: int = 0
    further_points: int = 0
    bars_game: bool = False
    #: whether tricks taken for a revoke count toward a doubled contract's bonus (law 84: no)
    tricks_earn_bonus: bool = False
    revoking_side_scores: str = "everything"
    #: correction before establishment (laws 85-86); None: established at once
    correction: RevokeCorrection | None = None


@dataclass(frozen=True, slots=True)
class DummyConduct:
    """What dummy's player may do once dummy is exposed, and touched cards (laws 60-64)."""

    #: law 60 a: dummy may ask the declarer "Having none?"
    asks_renounce: bool = False
    #: law 61: dummy calling attention to an adversary's revoke forfeits its penalty
    pointing_out_forfeits: bool = False
    #: law 62: what an adversary may do about a card dummy suggests (``require``, ``forbid``)
    suggestion: tuple[str, ...] = ()
    #: law 64: a dummy card the declarer touches is played; his own only when quitted
    touched_card_played: bool = False


@dataclass(frozen=True, slots=True)
class LawsRules:
    """The irregularities the laws regulate, for laws mode.

    :ivar out_of_turn: for each kind of call out of turn (``bid``, ``double``),
        what the adversaries may do (``new_deal``, ``accept``, ``cancel``);
        empty where the rules do not regulate calls out of turn.
    """

    revoke: RevokeRules = RevokeRules()
    out_of_turn: Mapping[str, tuple[str, ...]] = field(default_factory=lambda: MappingProxyType({}))
    #: what may be done about an insufficient bid (empty: not regulated)
    insufficient_bid: tuple[str, ...] = ()
    #: whether the partner of an insufficient bidder is barred once it is made good
    insufficient_bars_partner: bool = False
    #: what may be done about an impossible bid, more than seven (empty: not regulated)
    impossible_bid: tuple[str, ...] = ()
    #: whether the partner of an impossible bidder is barred once it counts as seven
    impossible_bars_partner: bool = False
    #: dummy's rights and the declarer's touched cards (laws 60-64)
    dummy: DummyConduct = DummyConduct()
    #: law 52: a call may be corrected by its maker before the next call
    slip: bool = False
    #: laws 51, 93: an adversary's reference to the bidding lets the declarer call a lead
    called_lead: bool = False


@dataclass(frozen=True, slots=True)
class RuleSet:
    """A variant's rules, ready to run.

    Build one with :func:`dummybridge.language.loader.load_rules` (which validates) or,
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
    laws: LawsRules = LawsRules()

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

        :param data: the merged document with the schema's defaults applied.
        :param origin: where it came from (a built-in name or a path), for messages.
        """
        t = data["table"]
        cut = t["cut"]
        table = TableRules(
            players=t["players"],
            hands=t["hands"],
            dummy_holder=t.get("dummy", {}).get("holder", "per_rubber"),
            first_dealer=t.get("dummy", {}).get("first_dealer", "holder"),
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
        forced = decl.get("forced")
        auction = decl.get("auction") or {}
        declaration = DeclarationRules(
            kind=decl["kind"],
            pass_to_partner=decl["pass_to_partner"],
            auction=None
            if decl["kind"] != "auction"
            else AuctionRules(
                dealer_must_bid=auction.get("dealer_must_bid", True),
                max_level=auction.get("max_level", 7),
                doubles=_count(auction.get("doubles", 1)),
                redoubles=_count(auction.get("redoubles", 1)),
                declarer=auction.get("declarer", "first_to_name_strain"),
                passed_out=auction.get("passed_out", "redeal"),
            ),
            forced=None
            if forced is None
            else ForcedRules(
                examined_by=forced["examined_by"],
                criteria=tuple(ForcedCriterion.from_data(c) for c in forced["criteria"]),
                source=forced.get("source"),
            ),
        )
        dbl = data["doubling"]
        limit = dbl["limit"]
        doubling = DoublingRules(
            first=dbl["first"],
            doublers=dbl["doublers"],
            redoubles=dbl["redoubles"],
            limit=DoublingLimit(limit["kind"], limit.get("trick_value")),
            blind=tuple(
                BlindDouble(b["who"], Condition.from_data(b.get("when")))
                for b in dbl.get("blind", ())
            ),
            redouble_when_left_to_dummy=dbl.get("redouble_when_left_to_dummy", "allowed"),
        )
        p = data["play"]
        play = PlayRules(
            declarer=p["declarer"],
            opening_lead=p["opening_lead"],
            exposure=tuple(Exposure(e["hand"], e["when"]) for e in p["exposure"]),
        )
        sight = SightRules(
            tuple(
                SightRule(
                    who=r["who"],
                    hand=r["hand"],
                    start=tuple(r.get("from", ("deal",))),
                    end=tuple(r.get("until", ())),
                    how=r.get("how", "auto"),
                    limit=r.get("limit"),
                    when=Condition.from_data(r.get("when")),
                )
                for r in data["sight"]["rules"]
            )
        )
        s = data["scoring"]
        honours = s["honours"]
        chicane = s["chicane"]
        under = s.get("undertricks") or {"undoubled": 0, "doubled": 0, "redoubled": 0}
        bonus = s.get("doubled_bonus") or {}
        spade_cap = s.get("opening_spade_cap")
        scoring = ScoringRules(
            ledger=s["ledger"],
            book=s["book"],
            tricks_scored_by=s["tricks"]["scored_by"],
            doubling=s["tricks"]["doubling"],
            game=s["game"],
            games_to_win=s["rubber"].get("games_to_win"),
            rubber_bonus=s["rubber"].get("bonus", 0),
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
            toward_game=s["tricks"]["toward_game"],
            game_bonus=s["game_bonus"],
            rubber_kind=s["rubber"]["kind"],
            rubber_games=s["rubber"].get("games"),
            settlement=s["settlement"],
            undertricks=(under["undoubled"], under["doubled"], under["redoubled"]),
            doubled_bonus=bonus.get("made", 0),
            doubled_bonus_per_overtrick=bonus.get("per_overtrick", 0),
            redoubled_bonus_factor=bonus.get("redoubled_factor", 2),
            opening_spade_cap=None if spade_cap is None else spade_cap["points"],
        )
        revoke = (data.get("laws") or {}).get("revoke") or {}
        out_of_turn = (data.get("laws") or {}).get("out_of_turn") or {}
        insufficient = (data.get("laws") or {}).get("insufficient_bid") or {}
        dummy = (data.get("laws") or {}).get("dummy") or {}
        impossible = (data.get("laws") or {}).get("impossible_bid") or {}
        correction = revoke.get("correction")
        laws = LawsRules(
            insufficient_bid=tuple(insufficient.get("options", ())),
            insufficient_bars_partner=insufficient.get("partner_barred", False),
            impossible_bid=tuple(impossible.get("options", ())),
            impossible_bars_partner=impossible.get("partner_barred", False),
            slip=(data.get("laws") or {}).get("slip", False),
            called_lead=(data.get("laws") or {}).get("called_lead", False),
            dummy=DummyConduct(
                asks_renounce=dummy.get("asks_renounce", False),
                pointing_out_forfeits=dummy.get("pointing_out_forfeits", False),
                suggestion=tuple(dummy.get("suggestion", ())),
                touched_card_played=dummy.get("touched_card_played", False),
            ),
            out_of_turn=MappingProxyType(
                {kind: tuple(options) for kind, options in out_of_turn.items() if kind != "source"}
            ),
            revoke=RevokeRules(
                dummy_liable=revoke.get("dummy_liable", False),
                penalty=revoke.get("penalty", "tricks"),
                tricks=revoke.get("tricks", 3),
                points=revoke.get("points", 0),
                further_points=revoke.get("further_points", 0),
                bars_game=revoke.get("bars_game", False),
                tricks_earn_bonus=revoke.get("tricks_earn_bonus", False),
                revoking_side_scores=revoke.get("revoking_side_scores", "everything"),
                correction=None
                if correction is None
                else RevokeCorrection(
                    partner_may_ask=correction.get("partner_may_ask", True),
                    adversary=tuple(correction.get("adversary", ())),
                    declarer=tuple(correction.get("declarer", ())),
                ),
            ),
        )
        return cls(
            laws=laws,
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


def _rules_from_data(data: Mapping[str, Any], origin: str) -> RuleSet:
    """Unpickle a :class:`RuleSet` (see ``RuleSet.__reduce__``)."""
    return RuleSet.from_data(data, origin=origin)
