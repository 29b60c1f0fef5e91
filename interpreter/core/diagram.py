"""Hands and the bridge diagram as text, and as HTML: what a bridge player
reads in a column or a book, North at the top and South below.

The value types' level, so that the engine's objects can print themselves
(``print(game)``) as :mod:`dummybridge.formats.render` prints a record. Suit
symbols are used when ``symbols=True``, letters otherwise.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from html import escape

from .cards import Card, Hand, Seat, Suit

__all__ = [
    "card_text",
    "diagram",
    "diagram_html",
    "hand_lines",
    "seat_label",
    "suit_text",
]

_RANK_TEXT = "23456789TJQKA"
_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
#: the seats of a diagram, as rows of a three-by-three grid (None: an empty cell)
_GRID = ((None, Seat.NORTH, None), (Seat.WEST, None, Seat.EAST), (None, Seat.SOUTH, None))


def suit_text(suit: Suit, symbols: bool) -> str:
    """A suit as its symbol or its letter."""
    return suit.symbol if symbols else suit.letter


def card_text(card: Card, symbols: bool = True) -> str:
    """A card for people: ``♠A`` (or ``SA``)."""
    return suit_text(card.suit, symbols) + _RANK_TEXT[card.rank]


def hand_lines(hand: Hand | None, symbols: bool = True) -> list[str]:
    """Four lines, spades first: ``♠ A K 7``; a void shows ``-``; an unseen hand ``(hidden)``."""
    if hand is None:
        return ["(hidden)", "", "", ""]
    lines = []
    for suit in _SUITS:
        ranks = sorted((c.rank for c in hand.suit(suit)), reverse=True)
        text = " ".join(_RANK_TEXT[r] for r in ranks) or "-"
        lines.append(f"{suit_text(suit, symbols)} {text}")
    return lines


def seat_label(seat: Seat, player: str | None = None) -> str:
    """``South (B)``."""
    name = seat.name.capitalize()
    return f"{name} ({player})" if player else name


def diagram(
    hands: Mapping[Seat, Hand | None],
    labels: Mapping[Seat, str] | None = None,
    symbols: bool = True,
    centre: Sequence[str] = (),
) -> str:
    """A bridge diagram: North at the top, West and East at the sides, South below.

    >>> from dummybridge.core.cards import Hand
    >>> print(diagram({Seat.NORTH: Hand.from_pbn("AK.Q..")}, symbols=False))
                          North
                          S A K
                          H Q
                          D -
                          C -
    West                                        East
    (hidden)                                    (hidden)
    <BLANKLINE>
    <BLANKLINE>
    <BLANKLINE>
                          South
                          (hidden)
    <BLANKLINE>
    <BLANKLINE>
    <BLANKLINE>

    :param hands: the hands to show by seat; a missing or ``None`` hand shows as hidden.
    :param labels: a heading for each seat (``"North (C)"``); by default, and
        for a seat it leaves out, the seat's name.
    :param centre: up to five short lines for the middle (the trick, say).
    """
    width = 22
    pad = " " * width
    labels = labels or {}

    def block(seat: Seat) -> list[str]:
        return [labels.get(seat, seat.name.capitalize()), *hand_lines(hands.get(seat), symbols)]

    north, south = block(Seat.NORTH), block(Seat.SOUTH)
    west, east = block(Seat.WEST), block(Seat.EAST)
    mid = list(centre) + [""] * (5 - len(centre))
    out = [pad + line for line in north]
    for i in range(5):
        out.append(f"{west[i]:<{width}}{mid[i]:<{width}}{east[i]}".rstrip())
    out += [pad + line for line in south]
    return "\n".join(line.rstrip() for line in out)


def diagram_html(
    hands: Mapping[Seat, Hand | None],
    labels: Mapping[Seat, str] | None = None,
    centre: Sequence[str] = (),
) -> str:
    """The diagram as an HTML table (for Jupyter's ``_repr_html_``): a cell for
    each hand, its heading in bold, a suit a line, the red suits in red."""
    labels = labels or {}

    def cell(seat: Seat | None) -> str:
        if seat is None:
            return "<td></td>"
        head = f"<b>{escape(labels.get(seat, seat.name.capitalize()))}</b>"
        hand = hands.get(seat)
        if hand is None:
            return f"<td>{head}<br>(hidden)</td>"
        lines = []
        for suit, line in zip(_SUITS, hand_lines(hand), strict=True):
            colour = ' style="color:#c00"' if suit in (Suit.HEARTS, Suit.DIAMONDS) else ""
            lines.append(f"<span{colour}>{escape(line)}</span>")
        return f"<td>{head}<br>{'<br>'.join(lines)}</td>"

    def middle() -> str:
        return "<td>" + "<br>".join(escape(line) for line in centre) + "</td>"

    rows = []
    for r, row in enumerate(_GRID):
        cells = [middle() if (r, i) == (1, 1) else cell(seat) for i, seat in enumerate(row)]
        rows.append("<tr>" + "".join(cells) + "</tr>")
    return '<table style="font-family:monospace">' + "".join(rows) + "</table>"
