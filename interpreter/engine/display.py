"""The game, an observation and a score sheet as a bridge player reads them:
``str()`` and ``_repr_html_`` (Jupyter) of :class:`~.game.Game`,
:class:`~.observation.Observation` and :class:`~.score_sheet.ScoreSheet`.

A position is a heading (the variant, the deal, the dealer), the diagram
(North at the top; each hand headed by its seat and who holds it; a hand its
viewer may not see shows ``(hidden)``; the trick in progress in the middle),
the calls of the deal, the declaration, the tricks won, and whose turn it is.
The game shows every hand (as python-chess's board shows every piece); an
observation only those its player may see. The score sheet is the one
:func:`score_sheet` prints: the lines above the line, then below it game by
game, and the totals.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from html import escape
from typing import TYPE_CHECKING

from ..core.cards import Hand, Seat
from ..core.diagram import card_text, diagram, diagram_html
from .actions import BID, CALLS, DECLARE, DOUBLE, LEAVE, PASS, REDOUBLE, Action
from .phases import Phase
from .score_sheet import ABOVE, BELOW, ScoreEntry, ScoreSheet

if TYPE_CHECKING:
    from .game import Game
    from .observation import Observation

__all__ = [
    "game_html",
    "game_text",
    "observation_html",
    "observation_text",
    "score_sheet",
    "score_sheet_html",
]

_SEATS = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
_SIDES = ("N-S", "E-W")


def _labels(obs: Observation) -> dict[Seat, str]:
    """Each seat with who holds it: ``South (A)``, or ``North (A's Dummy)``."""
    return {
        s: f"{s.name.capitalize()} ({p})"
        if s in obs.manned
        else f"{s.name.capitalize()} ({p}'s Dummy)"
        for s, p in obs.owners.items()
    }


def _centre(obs: Observation, symbols: bool) -> list[str]:
    """The trick in progress, a card a line in the order played: ``West  ♥Q``."""
    trick = obs.current
    if trick is None:
        return []
    return [
        f"{trick.seat_of(i).name.capitalize():<6}{card_text(c, symbols)}"
        for i, c in enumerate(trick.cards)
    ]


#: a call in a word or two, after the seat's name (its text, for the rest)
_CALL_WORDS = {PASS: "passes", DOUBLE: "doubles", REDOUBLE: "redoubles", LEAVE: "leaves it"}


def _call(action: Action) -> str:
    """``declares no trumps``, ``bids 2 hearts``, ``doubles``, ``passes``."""
    name = (action.denomination or "").replace("_", " ")
    if action.kind == DECLARE:
        return f"declares {name}"
    if action.kind == BID:
        return f"bids {action.level} {name}"
    return _CALL_WORDS.get(action.kind, str(action))


def _calls(obs: Observation) -> str:
    """The deal's calls (declarations, bids, doubles, passes), in order:
    ``South declares hearts, West doubles, North passes``."""
    words = [
        f"{seat.name.capitalize()} {_call(action)}"
        for seat, action in obs.history
        if action.kind in CALLS  # (not the penalties chosen, laws mode)
    ]
    return ", ".join(words) if words else "none yet"


def _declaration(obs: Observation) -> str | None:
    """``hearts by South, doubled 2 times``: the declaration once made."""
    if obs.denomination is None:
        return None
    bid = next(
        (a for _, a in reversed(obs.history) if a.kind == BID),
        None,
    )
    what = f"{bid.level} {obs.denomination.name}" if bid is not None else obs.denomination.name
    text = what.replace("_", " ")
    if obs.declarer is not None:
        text += f" by {obs.declarer.name.capitalize()}"
    level = obs.doubling_level
    if level == 1:
        text += ", doubled"
    elif level == 2:
        text += ", redoubled"
    elif level > 2:
        text += f", doubled {level} times"
    return text


def _lines(obs: Observation, heading: str, symbols: bool) -> list[str]:
    """The position: the heading, the diagram, then the calls, the declaration,
    the tricks and the turn."""
    lines = [heading, diagram(obs.hands, _labels(obs), symbols, _centre(obs, symbols))]
    lines.append(f"Calls: {_calls(obs)}")
    declared = _declaration(obs)
    if declared is not None:
        lines.append(f"Declaration: {declared}")
    if obs.phase is Phase.PLAY or obs.tricks:
        won = obs.tricks_won
        lines.append(f"Tricks: {_SIDES[0]} {won[0]}, {_SIDES[1]} {won[1]}")
    if obs.to_act is None:
        lines.append("The game is over.")
    else:
        who = obs.to_act.name.capitalize()
        lines.append(f"To act: {who} ({obs.owners[obs.to_act]}), {obs.phase}")
    return lines


def _whole(game: Game) -> Observation:
    """The game as one observation that sees every hand, with the legal actions."""
    hands = {seat: Hand._of(game.deal.hands[seat]) for seat in _SEATS}
    seen = replace(game.observation(game.players[0]), hands=hands)
    return replace(seen, legal_actions=tuple(game.legal_actions()))


def _game_heading(game: Game) -> str:
    return (
        f"{game.rules.title}, rubber {game.rubber_number}, deal {game.deal_number}, "
        f"dealer {game.dealer.name.capitalize()}"
    )


def _observation_heading(obs: Observation) -> str:
    seats = " and ".join(s.name.capitalize() for s in obs.seats)
    return (
        f"{obs.player}'s view ({seats}), deal {obs.deal_number}, "
        f"dealer {obs.dealer.name.capitalize()}"
    )


def game_text(game: Game, symbols: bool = True) -> str:
    """``str(game)``: every hand, the calls, the declaration, the tricks, the turn."""
    return "\n".join(_lines(_whole(game), _game_heading(game), symbols))


def observation_text(obs: Observation, symbols: bool = True) -> str:
    """``str(observation)``: what its player may see, and his choices when he is to act."""
    lines = _lines(obs, _observation_heading(obs), symbols)
    if obs.legal_actions:
        lines.append("Legal: " + ", ".join(str(a) for a in obs.legal_actions))
    return "\n".join(lines)


def _html(obs: Observation, heading: str, extra: Sequence[str] = ()) -> str:
    """A position as HTML: the heading, the diagram as a table, the other lines."""
    text = _lines(obs, heading, True)
    rest = [*text[2:], *extra]
    return (
        f"<div><b>{escape(heading)}</b>"
        + diagram_html(obs.hands, _labels(obs), _centre(obs, True))
        + "".join(f"<div>{escape(line)}</div>" for line in rest)
        + "</div>"
    )


def game_html(game: Game) -> str:
    """``game._repr_html_()``: :func:`game_text` as HTML."""
    return _html(_whole(game), _game_heading(game))


def observation_html(obs: Observation) -> str:
    """``observation._repr_html_()``: :func:`observation_text` as HTML."""
    extra = ["Legal: " + ", ".join(str(a) for a in obs.legal_actions)] if obs.legal_actions else []
    return _html(obs, _observation_heading(obs), extra)


def score_sheet(sheet: ScoreSheet, side_names: Sequence[str] | None = None) -> str:
    """The score sheet: honours and bonuses above the line, tricks below, game by game.

    One point column per sheet column, headed by its name (a partnership
    ``N-S (A, C)`` or a player); one row per entry: the deal it was scored
    in, the points in the column they belong to, and what they are for.

    :param side_names: headings to use instead of the sheet's column names
        (kept for callers written before sheets had named columns).
    """
    names = list(side_names) if side_names is not None else list(sheet.names)
    n = len(sheet.columns)
    w = max(10, *(len(name) for name in names)) + 2
    width = 6 + n * w + 12
    lines = [f"{'deal':<6}" + "".join(f"{name:>{w}}" for name in names) + "   for"]

    def row(e: ScoreEntry) -> str:
        cells = "".join(f"{str(e.points) if c == e.column else '':>{w}}" for c in range(n))
        return f"{e.deal:<6}{cells}   {e.note}"

    for e in sheet.entries:
        if e.line == ABOVE:
            lines.append(row(e))
    lines.append("-" * width + "  the line")
    for _, entries, ending in _games(sheet, names):
        lines.extend(row(e) for e in entries)
        lines.append(f"{'':<6}{'-' * 6} {ending}")
    lines.append("=" * width)
    lines.append(f"{'total':<6}" + "".join(f"{sheet.total(c):>{w}}" for c in range(n)))
    return "\n".join(lines)


def _games(sheet: ScoreSheet, names: Sequence[str]) -> list[tuple[int, list[ScoreEntry], str]]:
    """Each game's entries below the line, and how it ended (``game 1 to N-S``)."""
    threshold = sheet.rules.scoring.game
    out = []
    for g in sorted({e.game for e in sheet.entries if e.line == BELOW}):
        entries = [e for e in sheet.entries if e.line == BELOW and e.game == g]
        won = [names[c] for c in range(len(names)) if sheet.below(c, g) >= threshold]
        ending = f"game {g} to {' and '.join(won)}" if won else f"game {g} not finished"
        out.append((g, entries, ending))
    return out


def score_sheet_html(sheet: ScoreSheet) -> str:
    """``sheet._repr_html_()``: the sheet as a table, the line drawn under the
    entries above it, each game's entries below it, and the totals."""
    names = sheet.names
    n = len(names)

    def row(cells: Sequence[object], style: str = "") -> str:
        attr = f' style="{style}"' if style else ""
        return f"<tr{attr}>" + "".join(f"<td>{escape(str(c))}</td>" for c in cells) + "</tr>"

    def entry(e: ScoreEntry) -> str:
        return row([e.deal, *(e.points if c == e.column else "" for c in range(n)), e.note])

    head = (
        "<tr><th>deal</th>" + "".join(f"<th>{escape(m)}</th>" for m in names) + "<th>for</th></tr>"
    )
    body = [entry(e) for e in sheet.entries if e.line == ABOVE]
    body.append(row(["", *([""] * n), "the line"], "border-top:2px solid"))
    for _, entries, ending in _games(sheet, names):
        body.extend(entry(e) for e in entries)
        body.append(row(["", *([""] * n), ending], "border-top:1px solid"))
    body.append(row(["total", *(sheet.total(c) for c in range(n)), ""], "border-top:3px double"))
    return '<table style="font-family:monospace">' + head + "".join(body) + "</table>"
