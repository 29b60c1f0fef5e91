"""Text rendering of hands, deals, tricks and score sheets.

Everything here returns strings; only :mod:`dummybridge.cli` prints. Suit
symbols are used when ``symbols=True`` (the command line checks that the
terminal can show them), letters otherwise.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .actions import DECLARE, DOUBLE, LEAVE, PASS, Action, Operation
from .cards import Card, Hand, Seat, Suit
from .scoring import ABOVE, BELOW, ScoreEntry, ScoreSheet

__all__ = [
    "card_text",
    "diagram",
    "hand_lines",
    "score_sheet",
    "seat_label",
]

_RANK_TEXT = "23456789TJQKA"


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
    for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS):
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
    labels: Mapping[Seat, str],
    symbols: bool = True,
    centre: Sequence[str] = (),
) -> str:
    """A bridge diagram: North at the top, West and East at the sides, South below.

    :param hands: the hands to show by seat; a missing or ``None`` hand shows as hidden.
    :param labels: a heading for each seat (``"North (C)"``).
    :param centre: up to four short lines for the middle (the trick, say).
    """
    width = 22
    pad = " " * width

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


def action_words(action: Action, doubling_level_before: int = 0) -> str:
    """An action in words: ``declares hearts``, ``leaves it``, ``doubles``, ``redoubles``."""
    if action.kind == DECLARE:
        return f"declares {(action.denomination or '').replace('_', ' ')}"
    if action.kind == LEAVE:
        return "leaves it to partner"
    if action.kind == DOUBLE:
        return "doubles" if doubling_level_before == 0 else "redoubles"
    if action.kind == PASS:
        return "is content" if doubling_level_before else "passes"
    return str(action)


def score_sheet(sheet: ScoreSheet, side_names: Sequence[str]) -> str:
    """The score sheet: honours and bonuses above the line, tricks below, game by game.

    One row per entry: the deal it was scored in, the points in the column of
    the side they belong to, and what they are for.
    """
    w = max(10, *(len(n) for n in side_names)) + 2
    lines = [f"{'deal':<6}{side_names[0]:>{w}}{side_names[1]:>{w}}   for"]

    def row(e: ScoreEntry) -> str:
        cells = (str(e.points), "") if e.side == 0 else ("", str(e.points))
        return f"{e.deal:<6}{cells[0]:>{w}}{cells[1]:>{w}}   {e.note}"

    for e in sheet.entries:
        if e.line == ABOVE:
            lines.append(row(e))
    lines.append("-" * (6 + 2 * w + 12) + "  the line")
    threshold = sheet.rules.scoring.game
    for g in sorted({e.game for e in sheet.entries if e.line == BELOW}):
        lines.extend(row(e) for e in sheet.entries if e.line == BELOW and e.game == g)
        won = [side for side in (0, 1) if sheet.below(side, g) >= threshold]
        ending = f"game {g} to {side_names[won[0]]}" if won else f"game {g} not finished"
        lines.append(f"{'':<6}{'-' * 6} {ending}")
    lines.append("=" * (6 + 2 * w + 12))
    lines.append(f"{'total':<6}{sheet.total(0):>{w}}{sheet.total(1):>{w}}")
    return "\n".join(lines)


def describe_operation(op: Operation, symbols: bool = True) -> str:
    """One log entry in words (for verbose records)."""
    who = seat_label(op.seat, op.player) if op.seat is not None else ""
    if op.action is not None:
        return f"{who} {op.action}"
    return f"{op.kind} {who}".strip()


def game_record(game: object, symbols: bool = True) -> str:
    """The whole game as a readable record, from its log: for each deal the
    hands as a diagram, the declaration and doubling, the tricks and the
    score; then the score sheet and the result."""
    from .state import Game

    assert isinstance(game, Game)
    seat_player = game.seat_player
    labels = {s: seat_label(s, p) for s, p in seat_player.items()}
    side_names = (
        f"N-S ({seat_player[Seat.NORTH]}, {seat_player[Seat.SOUTH]})",
        f"E-W ({seat_player[Seat.EAST]}, {seat_player[Seat.WEST]})",
    )
    out: list[str] = []
    level = 0
    trick_lines: list[str] = []
    for op in game.log:
        d = op.detail
        if op.kind == "cut":
            rounds = d["rounds"]
            cut = ", ".join(f"{p} {card_text(Card.from_str(c), symbols)}" for p, c in rounds[0].items())
            out.append(f"{game.rules.title} - seed {game.seed}")
            out.append(f"The cut: {cut}" + (f" (and {len(rounds) - 1} re-cut)" if len(rounds) > 1 else ""))
            out.append("Partners: " + " against ".join(side_names))
        elif op.kind == "deal":
            level = 0
            trick_lines = []
            assert op.seat is not None
            out.append("")
            out.append(f"Deal {d['deal']}: {labels[op.seat]} deals")
            hands = {Seat.from_str(k): Hand.from_pbn(v) for k, v in d["hands"].items()}
            out.append(diagram(hands, labels, symbols))
        elif op.action is not None and op.kind != "play":
            assert op.seat is not None
            out.append(f"  {labels[op.seat]} {action_words(op.action, level)}")
            if op.kind == DOUBLE:
                level += 1
        elif op.kind == "expose":
            assert op.seat is not None
            out.append(f"  {labels[op.seat]} is dummy; the hand is laid face up")
        elif op.kind == "trick":
            cards = [Card.from_str(c) for c in d["cards"]]
            leader = Seat.from_str(d["leader"])
            played = "  ".join(
                f"{Seat((leader + i) & 3).letter} {card_text(c, symbols):<3}" for i, c in enumerate(cards))
            assert op.seat is not None
            trick_lines.append(f"  {d['number']:>2}. {played}  -> {op.seat.name.capitalize()}")
        elif op.kind == "score":
            out.extend(trick_lines)
            trick_lines = []
            for e in d["entries"]:
                if e["kind"] == "rubber":
                    continue  # shown with the rubber's end
                where = "below" if e["line"] == BELOW else "above"
                out.append(f"  {side_names[e['side']]}: {e['points']} {where} the line ({e['note']})")
            if not d["entries"]:
                out.append("  nothing scored")
        elif op.kind == "game":
            out.append(f"  Game to {side_names[d['side']]} (games {d['games'][0]}-{d['games'][1]})")
        elif op.kind == "rubber":
            bonus = [e for e in game.sheet.entries if e.kind == "rubber"]
            for e in bonus:
                out.append(f"  Rubber to {side_names[e.side]}: {e.points} above the line")
            out.append("")
            out.append("Score sheet")
            out.append(score_sheet(game.sheet, side_names))
            diff = d["difference"]
            out.append(f"Final difference: {side_names[diff['side']]} +{diff['points']} points")
    return "\n".join(out)
