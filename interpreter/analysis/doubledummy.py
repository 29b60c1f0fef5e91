"""Double-dummy analysis on the C core's solver: solve, tables, record analysis.

"The hand is played Double Dummy": with every hand in sight, perfect play is
computable. This module turns the binding (:class:`dummybridge.core._native.DDSolver`)
into the answers the command line prints: the tricks the side on lead can take
and the cards that keep them (:func:`solve`), the 20-result table
(:func:`table`), the double-dummy cost of each card of a recorded game
(:func:`analyse_record`); :class:`dummybridge.bots.PerfectBot` plays by it.

Seats are ``N E S W``; strains ``C D H S`` and ``N`` (no trumps).
"""

from __future__ import annotations

import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core import _native
from ..core.cards import seat_side
from ..errors import DummyBridgeError, InvalidDealError, InvalidNotationError, OutOfRangeError

if TYPE_CHECKING:
    from ..language.ruleset import RuleSet

__all__ = [
    "MEMORY_DEFAULT_MIB",
    "MEMORY_MAX_MIB",
    "CardCost",
    "Solution",
    "analyse_record",
    "memory_solver",
    "parse_seat",
    "parse_strain",
    "play_position",
    "select_costs",
    "solve",
    "table",
]

SEATS = "NESW"
STRAINS = "CDHSN"
_STRAIN_WORDS = {
    "C": 0,
    "CLUBS": 0,
    "D": 1,
    "DIAMONDS": 1,
    "H": 2,
    "HEARTS": 2,
    "S": 3,
    "SPADES": 3,
    "N": 4,
    "NT": 4,
    "NOTRUMP": 4,
    "NOTRUMPS": 4,
    "NO-TRUMPS": 4,
}
_SEAT_WORDS = {"N": 0, "NORTH": 0, "E": 1, "EAST": 1, "S": 2, "SOUTH": 2, "W": 3, "WEST": 3}


_solvers: dict[int, _native.DDSolver] = {}


def _solver() -> _native.DDSolver:
    """One solver per thread id would be overkill here: the CLI is single-threaded.
    Bots and tools that run in threads create their own :class:`DDSolver`."""
    if 0 not in _solvers:
        _solvers[0] = _native.DDSolver()
    return _solvers[0]


MEMORY_DEFAULT_MIB = _native.DD_DEFAULT_BYTES >> 20
"""The solver's table by default: 32 MiB, a fixed size (full, it forgets
about half of itself and goes on, always exactly)."""
MEMORY_MAX_MIB = 65536
"""The most memory ``memory_mib`` may give the solver's table: 64 GiB."""


def memory_solver(memory_mib: int, what: str = "memory") -> _native.DDSolver:
    """A solver whose table may grow to ``memory_mib`` MiB: it starts at the
    default (:data:`MEMORY_DEFAULT_MIB`, or ``memory_mib`` if less) and, each
    time it is full, moves into twice the memory up to ``memory_mib``
    (:class:`~dummybridge.core._native.DDSolver`'s ``max_size``). Long and
    freak deals search fewer positions with more memory; random deals rarely
    fill the default.

    >>> memory_solver(64).max_size >> 20
    64

    :param what: how the value is named in an error (``"--memory"`` from the CLI).
    :raises OutOfRangeError: for anything but a whole number of MiB from 1 to
        :data:`MEMORY_MAX_MIB`.
    """
    if isinstance(memory_mib, bool) or not isinstance(memory_mib, int):
        raise OutOfRangeError(f"{what} {memory_mib!r}: not a whole number of MiB")
    if not 1 <= memory_mib <= MEMORY_MAX_MIB:
        raise OutOfRangeError(
            f"{what} {memory_mib} MiB: choose from 1 to {MEMORY_MAX_MIB} "
            f"(default {MEMORY_DEFAULT_MIB})"
        )
    top = memory_mib << 20
    return _native.DDSolver(min(_native.DD_DEFAULT_BYTES, top), top)


def _solver_for(solver: _native.DDSolver | None, memory_mib: int | None) -> _native.DDSolver:
    if solver is not None:
        return solver
    return _solver() if memory_mib is None else memory_solver(memory_mib)


def parse_strain(text: str) -> int:
    """A strain from ``C D H S N`` (or ``NT``, ``spades``, ...), case-insensitive.

    >>> parse_strain("h"), parse_strain("NT")
    (2, 4)

    :raises InvalidNotationError: for anything else.
    """
    key = text.strip().upper()
    if key not in _STRAIN_WORDS:
        raise InvalidNotationError(f"unknown strain {text!r} (choose from C, D, H, S, NT)")
    return _STRAIN_WORDS[key]


def parse_seat(text: str) -> int:
    """A seat from ``N E S W`` (or ``north`` ...), case-insensitive.

    :raises InvalidNotationError: for anything else.
    """
    key = text.strip().upper()
    if key not in _SEAT_WORDS:
        raise InvalidNotationError(f"unknown seat {text!r} (choose from N, E, S, W)")
    return _SEAT_WORDS[key]


def _deal(text: str) -> tuple[int, int, int, int]:
    hands, unknown = _native.deal_parse(text)
    if unknown:
        raise InvalidNotationError(
            f"a double-dummy deal needs every hand: {text!r} has an unknown hand ('-')"
        )
    return hands


@dataclass(frozen=True)
class Solution:
    """The answer of :func:`solve`.

    :ivar leader: the seat on lead.
    :ivar trump: the strain (0..3 suits, 4 no trumps).
    :ivar tricks: the most tricks the side on lead can take.
    :ivar cards: every card the leader may lead, with the tricks his side takes after it.
    """

    leader: int
    trump: int
    tricks: int
    cards: dict[int, int]

    @property
    def best(self) -> list[int]:
        """The cards that keep the maximum, highest first."""
        return sorted((c for c, v in self.cards.items() if v == self.tricks), reverse=True)


def solve(
    deal: str,
    trump: int,
    leader: int,
    solver: _native.DDSolver | None = None,
    memory_mib: int | None = None,
) -> Solution:
    """Solve a deal in PBN (``"N:AKQ.xx... ..."``, equal hands of any size) for a leader.

    >>> s = solve("N:AKQ... JT9... 876... 543...", 4, 0)
    >>> s.tricks, [_native.card_format(c) for c in s.best]
    (3, ['SQ'])

    :param memory_mib: without ``solver``, a solver whose table may grow to
        this many MiB (:func:`memory_solver`); by default the shared one of
        :data:`MEMORY_DEFAULT_MIB`.
    :raises InvalidNotationError: for a deal that cannot be parsed.
    :raises InvalidDealError: for hands of unequal sizes or a card held twice.
    :raises OutOfRangeError: for a bad ``memory_mib``.
    """
    slv = _solver_for(solver, memory_mib)
    hands = _deal(deal)
    pos = _native.Position(hands=hands, trump=trump, leader=leader)
    best, values = slv.solve_cards(pos)
    return Solution(leader=leader, trump=trump, tricks=best, cards=values)


def table(
    deal: str, solver: _native.DDSolver | None = None, memory_mib: int | None = None
) -> list[list[int]]:
    """The 20-result table ``[strain][declarer]`` of a deal in PBN.

    :param memory_mib: as :func:`solve`.
    :raises DummyBridgeError: as :func:`solve`.
    """
    slv = _solver_for(solver, memory_mib)
    return [list(row) for row in slv.table(_deal(deal))]


_SYMBOLS = {"C": "\u2663", "D": "\u2666", "H": "\u2665", "S": "\u2660"}
STRAIN_CODES = ("C", "D", "H", "S", "NT")
"""Each strain's code in text and JSON: ``NT`` for no trumps, never ``N`` (North)."""
TABLE_ORDER = (4, 3, 2, 1, 0)
"""The strains of a table as DDS, BBO and PBN's ``DoubleDummyTricks`` give them: NT S H D C."""
TABLE_SEATS = (0, 2, 1, 3)
"""The declarers of a table, as DDS and BBO list them: N S E W."""


def card_text(card: int) -> str:
    """A card as play shows it: ``\u2660A``, ``\u266510``."""
    code = _native.card_format(card)
    return _SYMBOLS[code[0]] + ("10" if code[1] == "T" else code[1])


def _leads_text(sol: Solution) -> list[str]:
    if len(sol.best) == len(sol.cards):
        n = len(sol.cards)
        return [
            f"best leads: any card (all {n} take the same)"
            if n > 1
            else f"best leads: {card_text(sol.best[0])}"
        ]
    lines = ["best leads: " + " ".join(card_text(c) for c in sol.best)]
    others = sorted(((v, c) for c, v in sol.cards.items() if v != sol.tricks), key=lambda x: -x[0])
    lines.append("others: " + " ".join(f"{card_text(c)}:{v}" for v, c in others))
    return lines


def table_text(tab: list[list[int]]) -> list[str]:
    """The 20 results as DDS and BBO print them: a row for each declarer
    (N S E W), a column for each strain (NT \u2660 \u2665 \u2666 \u2663)."""
    heads = ["NT", *(_SYMBOLS[STRAINS[s]] for s in TABLE_ORDER[1:])]
    lines = [
        "tricks by declarer (rows) and strain (columns):",
        "     " + "".join(f"{h:>4}" for h in heads),
    ]
    for seat in TABLE_SEATS:
        lines.append(f"  {SEATS[seat]}  " + "".join(f"{tab[s][seat]:>4}" for s in TABLE_ORDER))
    return lines


def solution_text(sol: Solution, deal: str, tab: list[list[int]] | None) -> str:
    """The text ``dummybridge solve`` prints."""
    side = "North-South" if seat_side(sol.leader) == 0 else "East-West"
    seat = ("North", "East", "South", "West")[sol.leader]
    trumps = "no trumps" if sol.trump == 4 else f"{_SYMBOLS[STRAINS[sol.trump]]} trumps"
    lines = [
        f"{seat} on lead, {trumps}: {side} take {sol.tricks} trick{'s' if sol.tricks != 1 else ''}",
        *_leads_text(sol),
    ]
    if tab is not None:
        lines += ["", *table_text(tab)]
    return "\n".join(lines)


def solution_json(sol: Solution, deal: str, tab: list[list[int]] | None) -> dict[str, Any]:
    """The JSON ``dummybridge solve --format json`` prints: strains as ``C D H S NT``
    (no trumps is ``NT``, never ``N``), cards as codes (``SK``), the table
    ``{strain: {declarer: tricks}}`` in the order NT S H D C, declarers N S E W."""
    out: dict[str, Any] = {
        "deal": deal,
        "trump": STRAIN_CODES[sol.trump],
        "leader": SEATS[sol.leader],
        "tricks": sol.tricks,
        "best": [_native.card_format(c) for c in sol.best],
        "cards": {_native.card_format(c): v for c, v in sorted(sol.cards.items(), reverse=True)},
    }
    if tab is not None:
        out["table"] = {
            STRAIN_CODES[s]: {SEATS[p]: tab[s][p] for p in TABLE_SEATS} for s in TABLE_ORDER
        }
    return out


# ---------------------------------------------------------------- analysis


@dataclass(frozen=True)
class CardCost:
    """One card of a recorded play and what it cost double dummy.

    :ivar deal: the deal number (1-based).
    :ivar trick: the trick number (1-based).
    :ivar seat: the seat that played it.
    :ivar card: the card.
    :ivar best: the most tricks the player's side could take from here (before the card).
    :ivar after: the most its side can take after the card.
    :ivar cost: ``best - after`` (0 for a double-dummy play).
    """

    deal: int
    trick: int
    seat: int
    card: int
    best: int
    after: int

    @property
    def cost(self) -> int:
        """Tricks given away by the card."""
        return self.best - self.after


def play_position(game: Any) -> _native.Position:
    """The position of a game in its play, as the game holds it (after a
    revoke corrected in time too): the hands, the trumps, the trick so far."""
    hands = game.hands
    return _native.Position(
        hands=(hands[0], hands[1], hands[2], hands[3]),
        trump=int(game.denomination.strain),
        leader=int(game._trick_leader),
        trick=tuple(game._trick_cards),
    )


def analyse_record(
    record: Mapping[str, Any],
    solver: _native.DDSolver | None = None,
    rules: RuleSet | None = None,
    only_deal: int | None = None,
    memory_mib: int | None = None,
) -> list[CardCost]:
    """The double-dummy cost of each card played in a game record (``play --record``).

    The record is replayed; in each deal's play, every card is valued against
    the best card in that position. Revokes (laws mode) are not valued, nor
    the cards after them in the same trick (the trick then shows a hand that
    did not follow suit though it could: no double-dummy position).

    :param rules: the rule set to replay under; by default the record's.
    :param only_deal: value the cards of this deal only (the others are replayed).
    :param memory_mib: as :func:`solve`.
    :raises InvalidNotationError: for a record that is not one.
    :raises IllegalActionError: if an action of the record is not legal when replayed.
    """
    from ..engine.game import Game
    from ..engine.record import recorded_action

    solver = _solver_for(solver, memory_mib)
    game = (
        Game.from_record({**record, "actions": []}, rules) if isinstance(record, Mapping) else None
    )
    if game is None:  # pragma: no cover - from_record raised
        raise InvalidNotationError("not a dummybridge game record")
    try:
        actions = [
            (a["action"], a["player"]) if isinstance(a, Mapping) else (str(a), None)
            for a in record["actions"]
        ]
    except (KeyError, TypeError) as exc:
        raise InvalidNotationError(f"malformed game record: {exc}") from None
    out: list[CardCost] = []
    for i, (text, player) in enumerate(actions):
        before: tuple[int, dict[int, int]] | None = None
        if game.phase == "play" and only_deal in (None, game.deal_number):
            # The position as the game holds it (after a revoke corrected in
            # time too, laws 85-86): the hands, and the trick so far.
            assert game.denomination is not None
            assert game.to_act is not None
            seat = int(game.to_act)
            held = game.hands[seat]
            trick = len(game.tricks) + 1
            pos = play_position(game)
            try:
                before = solver.solve_cards(pos)
            except InvalidDealError:
                # After a revoke (laws mode) the trick shows a hand that did
                # not follow suit though it could: not a double-dummy position.
                before = None
        deal = game.deal_number
        try:
            game.apply(recorded_action(game, text), player=player)
        except DummyBridgeError as exc:
            raise type(exc)(f"record action {i + 1} ({text!r}): {exc}") from None
        if before is None:
            continue
        gone = held & ~game.hands[seat] if game.deal_number == deal else held
        if not gone or gone & (gone - 1):
            continue  # not a card played (a look, a remark, a penalty chosen ...)
        card = gone.bit_length() - 1
        if card in before[1]:
            out.append(
                CardCost(
                    deal=deal,
                    trick=trick,
                    seat=seat,
                    card=card,
                    best=before[0],
                    after=before[1][card],
                )
            )
    return out


def select_costs(
    costs: Sequence[CardCost],
    seat: str | None = None,
    costly: bool = False,
    deal: int | None = None,
) -> list[CardCost]:
    """The cards ``analyse`` shows: one hand's only (``seat``), the costly ones
    only, one deal's only.

    :raises InvalidNotationError: for a seat that is not ``N E S W``.
    """
    at = parse_seat(seat) if seat is not None else None
    return [
        c
        for c in costs
        if (at is None or c.seat == at)
        and (not costly or c.cost > 0)
        and (deal is None or c.deal == deal)
    ]


def analysis_text(
    costs: Sequence[CardCost],
    record: Mapping[str, Any] | None = None,
    rules: RuleSet | None = None,
    seat: str | None = None,
    costly: bool = False,
    deal: int | None = None,
) -> str:
    """The text ``dummybridge analyse`` prints: a legend; for each deal its
    summary line (with ``record`` and ``rules``) and a line per card shown
    (:func:`select_costs`); each side's total over the deals shown."""
    from .deal_summary import LEGEND, deal_summaries, summary_line

    summaries = deal_summaries(record, rules) if record is not None and rules is not None else {}
    cards_each = rules.deal.cards_each if rules is not None else 13
    shown = select_costs(costs, seat, costly, deal)
    deals = sorted({c.deal for c in costs if deal is None or c.deal == deal})
    lines = textwrap.wrap(LEGEND, 78) if summaries else []
    names = ("North", "East", "South", "West")
    totals = [0, 0]
    for number in deals:
        of_deal = [c for c in costs if c.deal == number]
        if summaries:
            lines += ["", summary_line(summaries.get(number), number, of_deal, cards_each)]
        for c in (c for c in shown if c.deal == number):
            mark = "" if c.cost == 0 else f"  cost {c.cost}"
            lines.append(
                f"deal {c.deal} trick {c.trick:>2}: {names[c.seat]:<5} "
                f"{card_text(c.card):<3}  dd {c.best} -> {c.after}{mark}"
            )
        for c in of_deal:
            totals[seat_side(c.seat)] += c.cost
    if summaries:
        lines.append("")
    lines.append(f"tricks lost double dummy: North-South {totals[0]}, East-West {totals[1]}")
    return "\n".join(lines)


def analysis_json(
    costs: Sequence[CardCost],
    seat: str | None = None,
    costly: bool = False,
    deal: int | None = None,
) -> list[dict[str, Any]]:
    """The JSON ``dummybridge analyse --format json`` prints (the cards of
    :func:`select_costs`)."""
    return [
        {
            "deal": c.deal,
            "trick": c.trick,
            "seat": SEATS[c.seat],
            "card": _native.card_format(c.card),
            "best": c.best,
            "after": c.after,
            "cost": c.cost,
        }
        for c in select_costs(costs, seat, costly, deal)
    ]
