"""Scoring a deal and keeping the score sheet, driven only by the rules.

:func:`score_deal` turns a finished deal (the original hands, the
declaration, the doubling, the tricks won) into lines for side 0
(North-South) and side 1 (East-West). :class:`ScoreSheet` enters them in its
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
from ..core.cards import Hand, Seat, Strain, Suit
from ..language.ruleset import Denomination, RuleSet, ScoringRules

__all__ = [
    "ABOVE",
    "BELOW",
    "DealResult",
    "ScoreEntry",
    "ScoreSheet",
    "honour_entries",
    "score_deal",
]

ABOVE = "above"
BELOW = "below"
_BY_SIDE = ((0,), (1,))  # side 0's points to column 0, side 1's to column 1

Line = tuple[int, int, str, str, str]
"""A line of :func:`score_deal`: ``(side, points, line, kind, note)``."""


@dataclass(frozen=True, slots=True)
class ScoreEntry:
    """One line on the score sheet.

    :ivar column: the sheet column it is scored in (an index into
        :attr:`ScoreSheet.columns`).
    :ivar points: the points (negative for a deduction).
    :ivar line: ``"below"`` (counts toward game) or ``"above"``.
    :ivar kind: ``tricks``, ``honours``, ``chicane``, ``slam``, ``bonus`` (a
        doubled contract made), ``undertricks``, ``game``, ``rubber``.
    :ivar note: words for the record (``"4 honours in one hand"``).
    :ivar deal: the deal it was scored in (1-based), 0 for none.
    :ivar game: the game it counts in (1-based).
    :ivar side: the side of the deal whose result it comes from: 0
        (North-South) or 1 (East-West); for a game or rubber bonus, the side
        whose tricks won the game. With ``ledger: sides`` and the columns in
        side order it equals :attr:`column`.
    """

    column: int
    points: int
    line: str
    kind: str
    note: str
    deal: int = 0
    game: int = 0
    side: int | None = None

    def to_data(self) -> dict[str, Any]:
        """The entry as JSON-compatible data."""
        return {
            "column": self.column,
            "side": self.side,
            "points": self.points,
            "line": self.line,
            "kind": self.kind,
            "note": self.note,
            "deal": self.deal,
            "game": self.game,
        }


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


class ScoreSheet:
    """The score of a rubber (or of a fixed number of games), in columns.

    A column is a partnership (``ledger: sides``: "N-S (A, C)", two players;
    in Dummy Bridge "N-S (A)", the Dummy-player alone) or one player
    (``ledger: players``). Each deal's lines, which :func:`score_deal` gives
    by side, are entered in the columns credited with that side's points;
    with ``ledger: players`` each player of a side is credited the side's full
    points (rules-reference A20).

    Below the line, a column wins the game when its points in the current
    game reach the rules' game (points beyond count in the total); only one
    game can be won in one deal, and the next game starts from love for every
    column. Each column that wins the game scores ``game_bonus`` above the
    line. ``rubber.kind: best_of`` ends with the first column to win
    ``games_to_win`` games, which scores the rubber bonus;
    ``fixed_games`` ends after ``games`` games, with no rubber bonus. With
    ``tricks.toward_game: dealer_side_only`` only the dealer's side scores
    its odd tricks below the line; the other side's go above it.

    :param rules: the rule set (its ``scoring`` section is used).
    :param columns: the columns in order, each ``(name, players)``. By default
        two unnamed partnerships ``N-S`` and ``E-W`` (side 0 and side 1)
        without players: enough to score, not to settle.
    :param ledger: overrides ``rules.scoring.ledger`` (for tests and tools).
    :param settlement: overrides ``rules.scoring.settlement``.
    :raises ValueError: for fewer than two columns, a repeated column name or
        player, or ``ledger: sides`` with other than two columns.
    """

    def __init__(
        self,
        rules: RuleSet,
        columns: Sequence[tuple[str, Sequence[str]]] | None = None,
        *,
        ledger: str | None = None,
        settlement: str | None = None,
    ) -> None:
        ledger = ledger or rules.scoring.ledger
        if columns is None:
            columns = (("N-S", ()), ("E-W", ()))
        checked = tuple((str(name), tuple(str(p) for p in players)) for name, players in columns)
        names = [name for name, _ in checked]
        if len(names) < 2:
            raise ValueError(f"a score sheet needs at least two columns, got {len(names)}")
        if len(set(names)) != len(names):
            raise ValueError(f"column names must differ, got {names!r}")
        players = tuple(p for _, people in checked for p in people)
        if len(set(players)) != len(players):
            raise ValueError(f"a player may be in one column only, got {players!r}")
        if ledger == "sides" and len(names) != 2:
            raise ValueError(
                f"ledger: sides keeps two columns, one for each side, got {len(names)}"
            )
        self._start(rules, checked, ledger, settlement or rules.scoring.settlement)

    @classmethod
    def _blank(cls, rules: RuleSet, columns: tuple[tuple[str, tuple[str, ...]], ...]) -> ScoreSheet:
        """A new sheet with the rules' ledger and settlement, for ``columns`` that
        a sheet has already accepted (a new rubber of the same players)."""
        sheet = cls.__new__(cls)
        sheet._start(rules, columns, rules.scoring.ledger, rules.scoring.settlement)
        return sheet

    def _start(
        self,
        rules: RuleSet,
        columns: tuple[tuple[str, tuple[str, ...]], ...],
        ledger: str,
        settlement: str,
    ) -> None:
        self.rules = rules
        self.ledger = ledger
        self.settlement_kind = settlement
        self.columns: tuple[tuple[str, tuple[str, ...]], ...] = columns
        self.entries: list[ScoreEntry] = []
        self.games = [0] * len(self.columns)
        self.game_number = 1
        self.winner: int | None = None
        self.winners: tuple[int, ...] = ()
        self._over = False

    # ------------------------------------------------------------ columns

    @property
    def names(self) -> tuple[str, ...]:
        """The column names, in order."""
        return tuple(name for name, _ in self.columns)

    @property
    def players(self) -> tuple[str, ...]:
        """Every player, column by column."""
        return tuple(p for _, players in self.columns for p in players)

    def column_of(self, player: str) -> int:
        """The column a player is in.

        :raises ValueError: for a player in no column.
        """
        for i, (_, players) in enumerate(self.columns):
            if player in players:
                return i
        raise ValueError(f"no player {player!r} on this score sheet")

    # ------------------------------------------------------------ scores

    def below(self, column: int, game: int | None = None) -> int:
        """Points below the line for ``column`` in ``game`` (default: the current game)."""
        g = self.game_number if game is None else game
        return sum(
            e.points for e in self.entries if e.column == column and e.line == BELOW and e.game == g
        )

    def total(self, column: int) -> int:
        """All of a column's points, above and below the line."""
        return sum(e.points for e in self.entries if e.column == column)

    def totals(self) -> list[int]:
        """Every column's total, in column order."""
        return [self.total(c) for c in range(len(self.columns))]

    @property
    def is_over(self) -> bool:
        """Whether the rubber (or the fixed number of games) is finished."""
        return self._over

    def add_deal(
        self,
        deal: int,
        lines: Sequence[Line],
        credit: Sequence[Sequence[int]] | None = None,
        dealer_side: int | None = None,
    ) -> list[ScoreEntry]:
        """Enter a deal's lines (from :func:`score_deal`).

        :param deal: the deal's number, for the record.
        :param lines: ``(side, points, line, kind, note)`` for side 0 and 1.
        :param credit: for each side, the columns credited with its points
            (each credited in full). By default side 0 to column 0 and side 1
            to column 1, which needs exactly two columns.
        :param dealer_side: the side of the dealer (0 or 1); needed with
            ``toward_game: dealer_side_only``.
        :returns: the entries added, including the game and rubber bonuses
            if the deal won a game.
        :raises ValueError: if the scoring is over, for a bad ``credit``
            (not two non-empty, disjoint lists of columns; with ``ledger:
            sides`` one column each) or a missing ``dealer_side``.
        """
        s = self.rules.scoring
        if self._over:
            raise ValueError("the scoring is over: no more deals can be entered")
        credited = self._credit(credit)
        own_deal_only = s.toward_game == "dealer_side_only"
        if own_deal_only and dealer_side not in (0, 1):
            raise ValueError("toward_game: dealer_side_only needs the dealer's side (0 or 1)")
        added: list[ScoreEntry] = []
        for side, points, line, kind, note in lines:
            if line == BELOW and own_deal_only and side != dealer_side:
                line = ABOVE
                note = f"{note} (not in own deal)" if note else "not in own deal"
            for column in credited[side]:
                added.append(
                    ScoreEntry(column, points, line, kind, note, deal, self.game_number, side)
                )
        self.entries.extend(added)
        below = [0] * len(self.columns)  # each column's points below the line in this game
        game = self.game_number
        for e in self.entries:
            if e.game == game and e.line == BELOW:
                below[e.column] += e.points
        won = [c for c, points in enumerate(below) if points >= s.game]
        if not won:
            return added
        side_of_column = {c: side for side in (0, 1) for c in credited[side]}
        for c in won:
            self.games[c] += 1
        if s.game_bonus:
            for c in won:
                added.append(
                    self._enter(
                        ScoreEntry(
                            c,
                            s.game_bonus,
                            ABOVE,
                            "game",
                            "game",
                            deal,
                            game,
                            side_of_column.get(c),
                        )
                    )
                )
        self.game_number += 1
        if s.rubber_kind == "fixed_games":
            assert s.rubber_games is not None
            self._over = game >= s.rubber_games
            return added
        assert s.games_to_win is not None
        winners = tuple(c for c in won if self.games[c] >= s.games_to_win)
        if winners:
            self._over = True
            self.winners = winners
            self.winner = winners[0]
            if s.rubber_bonus:
                for c in winners:
                    added.append(
                        self._enter(
                            ScoreEntry(
                                c,
                                s.rubber_bonus,
                                ABOVE,
                                "rubber",
                                "rubber",
                                deal,
                                game,
                                side_of_column.get(c),
                            )
                        )
                    )
        return added

    def _enter(self, entry: ScoreEntry) -> ScoreEntry:
        self.entries.append(entry)
        return entry

    def _credit(self, credit: Sequence[Sequence[int]] | None) -> tuple[tuple[int, ...], ...]:
        n = len(self.columns)
        if credit is None or (n == 2 and credit == _BY_SIDE):
            if n != 2:
                raise ValueError(f"say which of the {n} columns each side's points go to (credit)")
            return _BY_SIDE
        result = tuple(tuple(int(c) for c in columns) for columns in credit)
        if len(result) != 2:
            raise ValueError(f"credit needs the columns of side 0 and of side 1, got {len(result)}")
        for side, columns in enumerate(result):
            if not columns or any(not 0 <= c < n for c in columns):
                raise ValueError(
                    f"credit for side {side} must name columns 0 to {n - 1}, got {list(columns)!r}"
                )
            if self.ledger == "sides" and len(columns) != 1:
                raise ValueError(
                    f"ledger: sides credits each side to one column, "
                    f"got {list(columns)!r} for side {side}"
                )
        if set(result[0]) & set(result[1]):
            raise ValueError(f"a column cannot be on both sides, got {[list(c) for c in result]!r}")
        return result

    # ------------------------------------------------------------ the result

    def difference(self) -> tuple[int, int]:
        """With two columns: ``(column ahead, points it is ahead by)``; column 0 on a tie.

        :raises ValueError: for a sheet of more than two columns (see :meth:`payments`).
        """
        if len(self.columns) != 2:
            raise ValueError(
                "the difference is between two columns; "
                f"this sheet has {len(self.columns)}: see payments()"
            )
        a, b = self.total(0), self.total(1)
        return (0, a - b) if a >= b else (1, b - a)

    def payments(self) -> list[tuple[str, str, int]]:
        """Who pays whom how much at the totals so far: ``(payer, payee, points)``.

        ``settlement: pairwise``: every two players in different columns, taken
        in column order (then player order), settle the difference of their
        columns' totals, the lower paying the higher; equal totals pay nothing.

        ``settlement: by_side``: the difference between the two sides, paid by
        each player of the side behind to the player in the same place in
        the column ahead (the first to the first, the second to the second).

        :raises ValueError: for ``by_side`` with other than two columns of
            as many players each, or a sheet whose columns have no players.
        """
        if not all(players for _, players in self.columns):
            raise ValueError("a column has no players: there is no one to settle with")
        if self.settlement_kind == "by_side":
            sizes = [len(players) for _, players in self.columns]
            if len(sizes) != 2 or sizes[0] != sizes[1]:
                raise ValueError(
                    f"settlement: by_side needs two columns of as many players each, got {sizes!r}"
                )
            ahead, margin = self.difference()
            if margin == 0:
                return []
            winners, losers = self.columns[ahead][1], self.columns[1 - ahead][1]
            return [(loser, winner, margin) for loser, winner in zip(losers, winners, strict=True)]
        out: list[tuple[str, str, int]] = []
        seats = [(p, c) for c, (_, players) in enumerate(self.columns) for p in players]
        totals = self.totals()
        for i, (p, cp) in enumerate(seats):
            for q, cq in seats[i + 1 :]:
                if cp == cq or totals[cp] == totals[cq]:
                    continue
                if totals[cp] < totals[cq]:
                    out.append((p, q, totals[cq] - totals[cp]))
                else:
                    out.append((q, p, totals[cp] - totals[cq]))
        return out

    def settlement(self) -> dict[str, int]:
        """Each player's net winnings (negative: losses) at the totals so far;
        they sum to zero. The payments are :meth:`payments`.

        :raises ValueError: as :meth:`payments`.
        """
        net = dict.fromkeys(self.players, 0)
        for payer, payee, points in self.payments():
            net[payer] -= points
            net[payee] += points
        return net

    def result_data(self) -> dict[str, Any]:
        """The result so far (at the end, of the rubber or of the games), as
        JSON-compatible data for the record:

        - ``winner``: the rubber's winning column (the first, if several
          columns credited from one side won it together), ``None`` before
          the end or with ``fixed_games``; ``winners``: every such column;
        - ``names``, ``games``, ``totals``: by column;
        - ``difference`` (two columns only): ``{"column", "name", "points"}``,
          plus ``"side"`` (= the column) with ``ledger: sides``;
        - ``payments`` (``[payer, payee, points]`` lists) and ``settlement``
          (net points by player), when every column has players and the
          settlement applies (see :meth:`payments`).
        """
        data: dict[str, Any] = {
            "winner": self.winner,
            "winners": list(self.winners),
            "names": list(self.names),
            "games": list(self.games),
            "totals": self.totals(),
        }
        if len(self.columns) == 2:
            column, points = self.difference()
            difference: dict[str, Any] = {
                "column": column,
                "name": self.names[column],
                "points": points,
            }
            if self.ledger == "sides":
                difference["side"] = column
            data["difference"] = difference
        data.update(self._settlement_data())
        return data

    def _settlement_data(self) -> dict[str, Any]:
        if not all(players for _, players in self.columns):
            return {}
        try:
            payments = self.payments()
        except ValueError:
            return {}
        net = self.settlement()
        return {"payments": [list(p) for p in payments], "settlement": net}

    def to_data(self) -> dict[str, Any]:
        """The sheet as JSON-compatible data."""
        data: dict[str, Any] = {
            "columns": [{"name": name, "players": list(players)} for name, players in self.columns],
            "entries": [e.to_data() for e in self.entries],
            "games": list(self.games),
            "game_number": self.game_number,
            "winner": self.winner,
            "winners": list(self.winners),
            "over": self._over,
            "totals": self.totals(),
        }
        data.update(self._settlement_data())
        return data


def side_of(seat: Seat | int) -> int:
    """0 for North and South, 1 for East and West."""
    return int(seat) & 1
