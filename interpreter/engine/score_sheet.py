"""The score sheet: a rubber's (or a fixed number of games') columns, the
lines entered in them above and below the line, games, the rubber, the
totals and the settlement between the players.

:mod:`.scoring` counts a deal's lines and re-exports these names; import them
from there.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..language.ruleset import RuleSet

__all__ = [
    "ABOVE",
    "BELOW",
    "Line",
    "ScoreEntry",
    "ScoreSheet",
]

ABOVE = "above"
BELOW = "below"
_BY_SIDE = ((0,), (1,))  # side 0's points to column 0, side 1's to column 1

Line = tuple[int, int, str, str, str]
"""A line of :func:`~.scoring.score_deal`: ``(side, points, line, kind, note)``."""


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


class ScoreSheet:
    """The score of a rubber (or of a fixed number of games), in columns.

    A column is a partnership (``ledger: sides``: "N-S (A, C)", two players;
    in Dummy Bridge "N-S (A)", the Dummy-player alone) or one player
    (``ledger: players``). Each deal's lines, which :func:`~.scoring.score_deal` gives
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

    def __str__(self) -> str:
        """The sheet as a bridge player reads it: the lines above the line, then
        below it game by game, and the totals (:func:`.display.score_sheet`)."""
        from .display import score_sheet

        return score_sheet(self)

    def _repr_html_(self) -> str:
        """The sheet as an HTML table, for Jupyter."""
        from .display import score_sheet_html

        return score_sheet_html(self)

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
        """Enter a deal's lines (from :func:`~.scoring.score_deal`).

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
        if self._over:
            raise ValueError("the scoring is over: no more deals can be entered")
        credited = self._credit(credit)
        own_deal_only = self.rules.scoring.toward_game == "dealer_side_only"
        if own_deal_only and dealer_side not in (0, 1):
            raise ValueError("toward_game: dealer_side_only needs the dealer's side (0 or 1)")
        added = self._deal_entries(deal, lines, credited, own_deal_only, dealer_side)
        self.entries.extend(added)
        won = self._game_reached()
        if won:
            side_of_column = {c: side for side in (0, 1) for c in credited[side]}
            added += self._game_won(deal, won, side_of_column)
        return added

    def _deal_entries(
        self,
        deal: int,
        lines: Sequence[Line],
        credited: tuple[tuple[int, ...], ...],
        own_deal_only: bool,
        dealer_side: int | None,
    ) -> list[ScoreEntry]:
        """A deal's lines as entries, each in every column credited with its
        side's points; with ``own_deal_only`` (``toward_game:
        dealer_side_only``) the other side's points below the line go above it."""
        entries = []
        for side, points, line, kind, note in lines:
            if line == BELOW and own_deal_only and side != dealer_side:
                line = ABOVE
                note = f"{note} (not in own deal)" if note else "not in own deal"
            for column in credited[side]:
                entries.append(
                    ScoreEntry(column, points, line, kind, note, deal, self.game_number, side)
                )
        return entries

    def _game_reached(self) -> list[int]:
        """The columns whose points below the line in the current game reach the rules' game."""
        below = [0] * len(self.columns)
        game = self.game_number
        for e in self.entries:
            if e.game == game and e.line == BELOW:
                below[e.column] += e.points
        return [c for c, points in enumerate(below) if points >= self.rules.scoring.game]

    def _game_won(
        self, deal: int, won: list[int], side_of_column: dict[int, int]
    ) -> list[ScoreEntry]:
        """The columns ``won`` win the current game in deal ``deal``: count it,
        enter the game bonuses, start the next game, and end the rubber (or the
        fixed number of games) when it is over. The bonus entries entered."""
        s = self.rules.scoring
        game = self.game_number
        for c in won:
            self.games[c] += 1
        added = []
        if s.game_bonus:
            for c in won:
                added.append(
                    self._bonus(c, s.game_bonus, "game", deal, game, side_of_column.get(c))
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
                        self._bonus(c, s.rubber_bonus, "rubber", deal, game, side_of_column.get(c))
                    )
        return added

    def _bonus(
        self, column: int, points: int, kind: str, deal: int, game: int, side: int | None
    ) -> ScoreEntry:
        """Enter a game or rubber bonus (``kind``) above the line, in ``game``."""
        return self._enter(ScoreEntry(column, points, ABOVE, kind, kind, deal, game, side))

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
