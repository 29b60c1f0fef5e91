"""Scoring a deal and keeping the score sheet, driven only by the rules.

:func:`score_deal` turns a finished deal (the original hands, the
declaration, the doubling, the tricks won) into :class:`ScoreEntry` lines;
:class:`ScoreSheet` keeps them, above and below the line, and knows games,
the rubber and the final difference. Hand statistics (honours held, voids)
come from the C core through :mod:`dummybridge.cards`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .cards import Hand, Seat
from .ruleset import Denomination, RuleSet, ScoringRules

__all__ = ["DealResult", "ScoreEntry", "ScoreSheet", "honour_entries", "score_deal"]

ABOVE = "above"
BELOW = "below"


@dataclass(frozen=True, slots=True)
class ScoreEntry:
    """One line on the score sheet.

    :ivar side: 0 (North-South) or 1 (East-West).
    :ivar points: the points (negative for a deduction).
    :ivar line: ``"below"`` (counts toward game) or ``"above"``.
    :ivar kind: ``tricks``, ``honours``, ``chicane``, ``slam``, ``rubber``.
    :ivar note: words for the record (``"4 honours in one hand"``).
    :ivar deal: the deal it was scored in (1-based), 0 for none.
    :ivar game: the game it counts in (1-based).
    """

    side: int
    points: int
    line: str
    kind: str
    note: str
    deal: int = 0
    game: int = 0

    def to_data(self) -> dict[str, Any]:
        """The entry as JSON-compatible data."""
        return {
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
    :ivar denomination: the declaration.
    :ivar declaring_side: the side that declared (0 or 1).
    :ivar doubling_level: 0 undoubled, 1 doubled, 2 redoubled, ...
    :ivar tricks: tricks won by side 0 and side 1.
    """

    hands: tuple[Hand, Hand, Hand, Hand]
    denomination: Denomination
    declaring_side: int
    doubling_level: int
    tricks: tuple[int, int]


def _honours_note(total: int, in_one_hand: int | None, no_trumps: bool) -> str:
    what = "aces" if no_trumps else "honours"
    if in_one_hand and in_one_hand == total:
        return f"{total} {what} in one hand"
    if in_one_hand:
        return f"{total} {what}, {in_one_hand} in one hand"
    return f"{total} {what}"


def honour_entries(
    scoring: ScoringRules, result: DealResult
) -> list[tuple[int, int, str, str]]:
    """Honours and chicane for a deal as ``(side, points, kind, note)``.

    Honours go to the side that holds them, whoever declared (the "original
    holders"); at a trump declaration they are the A K Q J 10 of trumps,
    valued at the table's multiplier times the undoubled trick value; at no
    trumps they are the four aces, valued in points. Chicane (a hand void of
    trumps) is scored only at a trump declaration.
    """
    denom = result.denomination
    strain = denom.strain
    no_trumps = denom.suit is None
    table = scoring.honours_no_trumps if no_trumps else scoring.honours_trumps
    held = [h.honours(strain) for h in result.hands]
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
    if no_trumps or denom.suit is None:
        return out
    for side in (0, 1):
        voids = sum(1 for seat in (side, side + 2) if not result.hands[seat].suit(denom.suit))
        if voids == 0:
            continue
        if voids == 2:
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


def score_deal(rules: RuleSet, result: DealResult) -> list[tuple[int, int, str, str, str]]:
    """Score a finished deal: ``(side, points, line, kind, note)`` in sheet order.

    Below the line: each trick over the book, for the side that won more
    than the book, at the declared value times two for each doubling. Above
    the line: honours, chicane and slams, none changed by doubling.
    """
    s = rules.scoring
    denom = result.denomination
    out: list[tuple[int, int, str, str, str]] = []
    for side in (0, 1):
        odd = result.tricks[side] - s.book
        if odd <= 0:
            continue
        per_trick = denom.trick_value << result.doubling_level
        note = f"{odd} odd trick{'s' if odd != 1 else ''} at {denom.label}"
        if result.doubling_level:
            note += " " + ("doubled" if result.doubling_level == 1 else
                           "redoubled" if result.doubling_level == 2 else
                           f"doubled {result.doubling_level} times")
        out.append((side, odd * per_trick, BELOW, "tricks", note))
    for side, points, kind, note in honour_entries(s, result):
        out.append((side, points, ABOVE, kind, note))
    for side in (0, 1):
        won = result.tricks[side]
        if won == 13 and s.grand_slam:
            out.append((side, s.grand_slam, ABOVE, "slam", "grand slam"))
        elif won == 12 and s.little_slam:
            out.append((side, s.little_slam, ABOVE, "slam", "little slam"))
    return out


class ScoreSheet:
    """The score of a rubber, by side: entries above and below the line.

    Game is won by the side whose points below the line in the current game
    reach the rules' game (points beyond count in the total); only one game
    can be won in one deal, and the next game starts from love for both
    sides. The rubber goes to the first side to win ``games_to_win`` games,
    which adds the rubber bonus.
    """

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.entries: list[ScoreEntry] = []
        self.games = [0, 0]
        self.game_number = 1
        self.winner: int | None = None

    def below(self, side: int, game: int | None = None) -> int:
        """Points below the line for ``side`` in ``game`` (default: the current game)."""
        g = self.game_number if game is None else game
        return sum(e.points for e in self.entries if e.side == side and e.line == BELOW and e.game == g)

    def total(self, side: int) -> int:
        """All of a side's points, above and below the line."""
        return sum(e.points for e in self.entries if e.side == side)

    @property
    def is_over(self) -> bool:
        """Whether the rubber is finished."""
        return self.winner is not None

    def add_deal(self, deal: int, lines: Sequence[tuple[int, int, str, str, str]]) -> list[ScoreEntry]:
        """Enter a deal's lines; returns the entries added, including a game's
        end and the rubber bonus if the deal decided them."""
        added = [ScoreEntry(side, pts, line, kind, note, deal, self.game_number)
                 for side, pts, line, kind, note in lines]
        self.entries.extend(added)
        s = self.rules.scoring
        game_winner = None
        for side in (0, 1):
            if self.below(side) >= s.game:
                game_winner = side
                break
        if game_winner is not None:
            self.games[game_winner] += 1
            self.game_number += 1
            if self.games[game_winner] >= s.games_to_win:
                self.winner = game_winner
                if s.rubber_bonus:
                    bonus = ScoreEntry(game_winner, s.rubber_bonus, ABOVE, "rubber", "rubber",
                                       deal, self.game_number - 1)
                    self.entries.append(bonus)
                    added.append(bonus)
        return added

    def difference(self) -> tuple[int, int]:
        """The final difference: ``(side ahead, points it is ahead by)``; side 0 on a tie."""
        a, b = self.total(0), self.total(1)
        return (0, a - b) if a >= b else (1, b - a)

    def to_data(self) -> dict[str, Any]:
        """The sheet as JSON-compatible data."""
        return {
            "entries": [e.to_data() for e in self.entries],
            "games": list(self.games),
            "game_number": self.game_number,
            "winner": self.winner,
            "totals": [self.total(0), self.total(1)],
        }


def side_of(seat: Seat | int) -> int:
    """0 for North and South, 1 for East and West."""
    return int(seat) & 1
