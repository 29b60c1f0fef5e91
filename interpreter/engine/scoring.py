"""Scoring a deal and keeping the score sheet, driven only by the rules.

:func:`score_deal` turns a finished deal (the original hands, the
declaration, the doubling, the tricks won) into lines for side 0
(North-South) and side 1 (East-West). :class:`ScoreSheet` (of
:mod:`.score_sheet`, whose names this module exports too) enters them in its
columns -- one per partnership (``ledger: sides``) or one per player
(``ledger: players``) -- above and below the line, and knows games, the
rubber (or the fixed number of games), the totals and the settlement between
the players. Hand statistics (honours held, voids) come from the C core
through :mod:`dummybridge.core.cards`.

The settlement example of EB1911 "Three-handed Bridge": "Suppose A is
credited with 212, B with 290, and C with 312, then A owes 78 to B and 100 to
C; B owes 22 to C":

>>> from dummybridge.language.loader import load_rules
>>> rules = load_rules("bridge")
>>> sheet = ScoreSheet(rules, [("A", ["A"]), ("B", ["B"]), ("C", ["C"])],
...                    settlement="pairwise", ledger="players")
>>> _ = sheet.add_deal(1, [(0, 212, ABOVE, "honours", ""), (1, 290, ABOVE, "honours", "")],
...                    credit=[[0], [1]])
>>> _ = sheet.add_deal(2, [(0, 312, ABOVE, "honours", "")], credit=[[2], [0, 1]])
>>> sheet.totals()
[212, 290, 312]
>>> sheet.payments()
[('A', 'B', 78), ('A', 'C', 100), ('B', 'C', 22)]
>>> sheet.settlement()
{'A': -178, 'B': 56, 'C': 122}
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from ..core import _native
from ..core.cards import Hand, Strain, Suit
from ..language.ruleset import Denomination, RuleSet, ScoringRules
from .score_sheet import ABOVE, BELOW, Line, ScoreEntry, ScoreSheet

__all__ = [
    "ABOVE",
    "BELOW",
    "DealResult",
    "Line",
    "ScoreEntry",
    "ScoreSheet",
    "honour_entries",
    "score_deal",
]


@dataclass(frozen=True, slots=True)
class DealResult:
    """What scoring needs to know of a played deal.

    :ivar hands: the four hands as dealt, by seat.
    :ivar denomination: the declaration (with an auction, the final one's).
    :ivar declaring_side: the side that declared (0 or 1); with an auction,
        the declarer's side.
    :ivar doubling_level: 0 undoubled, 1 doubled, 2 redoubled, ...
    :ivar tricks: tricks won by side 0 and side 1.
    :ivar contract_level: the tricks over the book the declarer bid, 1 to 7,
        with an auction (``tricks.scored_by: contract``); ``None`` where the
        trump is made without a number of tricks (Bridge).
    :ivar opening_one_spade: the final declaration is the dealer's original
        declaration of One Spade (WORK13 law 48); needs ``contract_level`` 1
        and a spade denomination.
    :ivar revoke_tricks: tricks given to each side by revoke penalties
        (taken from the other side); they count for the score but not for a slam.
    :ivar revoke_points: revoke penalty points each side scores above the line.
    :ivar below_cap: for each side, the most it may score below the line in
        this deal (a revoking side barred from game), or ``None``.
    :ivar honours_only: the sides that score nothing but honours and chicane
        in this deal (1912 law 86: the revoking side).
    :raises ValueError: for a ``contract_level`` outside 1 to 7, or
        ``opening_one_spade`` without a contract of one in spades.
    """

    hands: tuple[Hand, Hand, Hand, Hand]
    denomination: Denomination
    declaring_side: int
    doubling_level: int
    tricks: tuple[int, int]
    contract_level: int | None = None
    opening_one_spade: bool = False
    revoke_tricks: tuple[int, int] = (0, 0)
    revoke_points: tuple[int, int] = (0, 0)
    below_cap: tuple[int | None, int | None] = (None, None)
    honours_only: tuple[bool, bool] = (False, False)

    def __post_init__(self) -> None:
        if self.contract_level is not None and not 1 <= self.contract_level <= 7:
            raise ValueError(
                f"contract_level must be 1 to 7 (tricks over the book bid), "
                f"got {self.contract_level!r}"
            )
        if self.opening_one_spade and (
            self.contract_level != 1 or self.denomination.suit is not Suit.SPADES
        ):
            raise ValueError(
                "opening_one_spade needs a contract of one (contract_level 1) "
                f"in spades, got {self.contract_level!r} {self.denomination.label}"
            )


def _doubled_words(level: int) -> str:
    if level == 0:
        return ""
    if level == 1:
        return "doubled"
    if level == 2:
        return "redoubled"
    return f"doubled {level} times"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def _honours_note(total: int, in_one_hand: int | None, no_trumps: bool) -> str:
    what = "aces" if no_trumps else "honours"
    if in_one_hand and in_one_hand == total:
        return f"{total} {what} in one hand"
    if in_one_hand:
        return f"{total} {what}, {in_one_hand} in one hand"
    return f"{total} {what}"


def honour_entries(scoring: ScoringRules, result: DealResult) -> list[tuple[int, int, str, str]]:
    """Honours and chicane for a deal as ``(side, points, kind, note)``.

    Honours go to the side that holds them, whoever declared (the "original
    holders"); at a trump declaration they are the A K Q J 10 of trumps,
    valued at the table's multiplier times the undoubled trick value; at no
    trumps they are the four aces, valued in points. Chicane (a hand void of
    trumps) is scored only at a trump declaration.
    """
    return list(_honours_of(scoring, result.denomination, [h.bits for h in result.hands]))


def _honours_of(
    scoring: ScoringRules, denom: Denomination, hands: Sequence[int]
) -> tuple[tuple[int, int, str, str], ...]:
    """:func:`honour_entries` of the four hands dealt, as bits."""
    # The entries depend on the hands only through the honours each holds (the
    # C core counts them) and, at a trump declaration, which hands are void of
    # trumps: worked out once for each such pattern, scoring rules and denomination.
    suit = denom.suit
    held = _native.hands_honours(hands, Strain.NOTRUMP if suit is None else int(suit))
    voids = 0  # the hands void of trumps, as bits (seat i: bit i)
    if suit is not None:
        trumps = 0x1FFF << (13 * suit)  # the trump suit's cards, as bits
        for i, bits in enumerate(hands):
            if not bits & trumps:
                voids |= 1 << i
    key = (id(scoring), id(denom), *held, voids)
    memo = _HONOURS_MEMO.get(key)
    if memo is not None and memo[0] is scoring and memo[1] is denom:
        return memo[2]
    out = tuple(_honour_entries(scoring, denom, held, voids))
    if len(_HONOURS_MEMO) >= 4096:
        _HONOURS_MEMO.clear()
    _HONOURS_MEMO[key] = (scoring, denom, out)
    return out


# honour_entries' results by (id of the scoring rules, id of the denomination,
# the honours of each hand, the hands void of trumps as bits); each value keeps
# the two objects it was made for (alive, and checked on a hit).
_HONOURS_MEMO: dict[
    tuple[int, ...], tuple[ScoringRules, Denomination, tuple[tuple[int, int, str, str], ...]]
] = {}


def _honour_entries(
    scoring: ScoringRules, denom: Denomination, held: Sequence[int], voids: int
) -> list[tuple[int, int, str, str]]:
    suit = denom.suit
    no_trumps = suit is None
    table = scoring.honours_no_trumps if no_trumps else scoring.honours_trumps
    out: list[tuple[int, int, str, str]] = []
    honour_side: int | None = None
    honour_points = 0
    for side in (0, 1):
        a, b = held[side], held[side + 2]
        entry = ScoringRules.best_entry(table, a + b, max(a, b))
        if entry is None:
            continue
        points = entry.value if no_trumps else entry.value * denom.trick_value
        out.append((side, points, "honours", _honours_note(a + b, entry.in_one_hand, no_trumps)))
        honour_side, honour_points = side, points
    if suit is None:
        return out
    for side in (0, 1):
        void = (voids >> side & 1) + (voids >> (side + 2) & 1)
        if void == 0:
            continue
        if void == 2:
            value = scoring.double_chicane_multiplier * denom.trick_value
            note = "double chicane"
        else:
            value = scoring.chicane_multiplier * denom.trick_value
            note = "chicane"
        other = 1 - side
        if (
            scoring.chicane_against_honours == "deduct"
            and honour_side == other
            and honour_points > 0
        ):
            out.append((other, -value, "chicane", f"{note} against: deducted"))
        else:
            out.append((side, value, "chicane", note))
    return out


def _score_unpenalised(
    s: ScoringRules,
    denom: Denomination,
    declaring_side: int,
    doubling_level: int,
    tricks: tuple[int, int],
    contract_level: int | None,
    opening_one_spade: bool,
    hands: Sequence[int],
) -> list[Line]:
    """:func:`score_deal` of a deal without a revoke penalty, from its parts
    (the game scores every deal so, without making a :class:`DealResult`).

    The tricks' and slams' lines depend only on these (worked out once for
    each), the honours' on the honours held (``hands``: the four hands
    dealt, as bits).
    """
    key = (
        id(s),
        id(denom),
        declaring_side,
        doubling_level,
        tricks,
        contract_level,
        opening_one_spade,
    )
    memo = _PLAIN_MEMO.get(key)
    if memo is None or memo[0] is not s or memo[1] is not denom:
        if len(_PLAIN_MEMO) >= 4096:
            _PLAIN_MEMO.clear()
        result = DealResult(
            hands=tuple(map(Hand._of, hands)),  # type: ignore[arg-type]
            denomination=denom,
            declaring_side=declaring_side,
            doubling_level=doubling_level,
            tricks=tricks,
            contract_level=contract_level,
            opening_one_spade=opening_one_spade,
        )
        memo = _PLAIN_MEMO[key] = (s, denom, *_plain_lines(s, result))
    out = list(memo[2])
    for side, points, kind, note in _honours_of(s, denom, hands):
        out.append((side, points, ABOVE, kind, note))
    out += memo[3]
    return out


def score_deal(rules: RuleSet, result: DealResult) -> list[Line]:
    """Score a finished deal: ``(side, points, line, kind, note)`` in sheet order.

    Below the line, with ``tricks.scored_by: side_with_odd_tricks`` (Bridge):
    each trick over the book, for the side that won more than the book, at
    the declared value times two for each doubling. With ``contract`` (Auction
    Bridge, WORK13 laws 4, 47, 48, 53, 56): if the declarer's side wins at
    least the book plus :attr:`DealResult.contract_level` tricks, it scores
    every trick over the book so, and a doubled contract adds its bonus above
    the line (kind ``bonus``); if not, nobody scores below the line and the
    adversaries score the undertricks above it (kind ``undertricks``), capped
    for the dealer's original One Spade unless redoubled. Above the line in
    every case: honours, chicane and slams (by the tricks taken, for either
    side), none changed by doubling.

    :raises ValueError: with ``contract`` scoring, for a result without a
        ``contract_level``.
    """
    s = rules.scoring
    if (
        result.revoke_tricks == _NONE_GIVEN
        and result.revoke_points == _NONE_GIVEN
        and result.below_cap == _NO_CAP
        and result.honours_only == _NOT_ONLY
    ):
        return _score_unpenalised(
            s,
            result.denomination,
            result.declaring_side,
            result.doubling_level,
            result.tricks,
            result.contract_level,
            result.opening_one_spade,
            [h.bits for h in result.hands],
        )
    out = []
    # Tricks given by revoke penalties count for the score (not for a slam).
    given = result.revoke_tricks
    counted = result
    if given != (0, 0):
        counted = replace(
            result,
            tricks=(result.tricks[0] + given[0] - given[1], result.tricks[1] + given[1] - given[0]),
        )
    lines = _plain_lines(s, counted)[0]
    if given != (0, 0) and not rules.laws.revoke.tricks_earn_bonus:
        # Law 84: the tricks taken "may assist the declarer to make good his
        # declaration, but shall not entitle him to any bonus": the bonus of
        # a contract made counts only the tricks won in play.
        played = [entry for entry in _plain_lines(s, result)[0] if entry[3] == "bonus"]
        lines = tuple(entry for entry in lines if entry[3] != "bonus") + tuple(
            played if any(entry[3] == "bonus" for entry in lines) else ()
        )
    for side, points, line, kind, note in lines:
        if result.honours_only[side]:
            continue  # a revoking side scores only honours and chicane
        cap = result.below_cap[side]
        if line == BELOW and cap is not None and points > cap:
            points, note = cap, f"{note}; revoke: held short of game"
        out.append((side, points, line, kind, note))
    for side in (0, 1):
        if result.revoke_points[side]:
            out.append((side, result.revoke_points[side], ABOVE, "revoke", "revoke penalty"))
    for side, points, kind, note in honour_entries(s, result):
        out.append((side, points, ABOVE, kind, note))
    # the slams by the tricks taken (not those given)
    out += [line for line in _plain_lines(s, result)[1] if not result.honours_only[line[0]]]
    return out


_NONE_GIVEN = (0, 0)
_NO_CAP = (None, None)
_NOT_ONLY = (False, False)
# score_deal's lines for the tricks and for the slams of a deal without a revoke
# penalty, by (id of the scoring rules, id of the denomination, declaring side,
# doubling level, tricks, contract level, opening One Spade); each value keeps
# the two objects it was made for (alive, and checked on a hit).
_PLAIN_MEMO: dict[
    tuple[Any, ...], tuple[ScoringRules, Denomination, tuple[Line, ...], tuple[Line, ...]]
] = {}


def _plain_lines(s: ScoringRules, result: DealResult) -> tuple[tuple[Line, ...], tuple[Line, ...]]:
    """score_deal's lines for the tricks, and for the slams, without a revoke penalty."""
    tricks = (
        _contract_lines(s, result)
        if s.tricks_scored_by == "contract"
        else _odd_trick_lines(s, result)
    )
    slams: list[Line] = []
    for side in (0, 1):
        won = result.tricks[side]
        if won == 13 and s.grand_slam:
            slams.append((side, s.grand_slam, ABOVE, "slam", "grand slam"))
        elif won == 12 and s.little_slam:
            slams.append((side, s.little_slam, ABOVE, "slam", "little slam"))
    return tuple(tricks), tuple(slams)


def _trick_note(odd: int, denom: Denomination, level: int) -> str:
    note = f"{_plural(odd, 'odd trick')} at {denom.label}"
    words = _doubled_words(level)
    return f"{note} {words}" if words else note


def _odd_trick_lines(s: ScoringRules, result: DealResult) -> list[Line]:
    """Bridge: the odd tricks of whichever side won more than the book."""
    denom = result.denomination
    out: list[Line] = []
    for side in (0, 1):
        odd = result.tricks[side] - s.book
        if odd <= 0:
            continue
        per_trick = denom.trick_value << result.doubling_level
        out.append(
            (side, odd * per_trick, BELOW, "tricks", _trick_note(odd, denom, result.doubling_level))
        )
    return out


def _contract_lines(s: ScoringRules, result: DealResult) -> list[Line]:
    """Auction: the contract made (tricks, doubled bonus) or failed (undertricks)."""
    if result.contract_level is None:
        raise ValueError(
            "tricks.scored_by: contract scores a contract: the deal result needs its contract_level"
        )
    denom = result.denomination
    side, level = result.declaring_side, result.doubling_level
    contract = f"{result.contract_level} {denom.label}"
    if level:
        contract += " " + _doubled_words(level)
    need = s.book + result.contract_level
    won = result.tricks[side]
    out: list[Line] = []
    if won >= need:
        odd = won - s.book
        out.append(
            (
                side,
                odd * (denom.trick_value << level),
                BELOW,
                "tricks",
                f"{_trick_note(odd, denom, level)} ({result.contract_level} bid)",
            )
        )
        over = won - need
        bonus = s.doubled_bonus_value(level, over)
        if bonus:
            made = f"{contract} made"
            out.append(
                (
                    side,
                    bonus,
                    ABOVE,
                    "bonus",
                    f"{made}, {_plural(over, 'trick')} over" if over else made,
                )
            )
        return out
    short = need - won
    per_trick = s.undertrick_value(level)
    points = short * per_trick
    note = f"{_plural(short, 'undertrick')} at {per_trick} (contract {contract})"
    cap = s.opening_spade_cap
    if result.opening_one_spade and cap is not None and level < 2 and points > cap:
        points = cap
        note += f", the dealer's One Spade: limited to {cap}"
    if points:
        out.append((1 - side, points, ABOVE, "undertricks", note))
    return out
