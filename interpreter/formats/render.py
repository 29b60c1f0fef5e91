"""Text rendering of hands, deals, tricks and score sheets.

Everything here returns strings; only :mod:`dummybridge.apps.cli` prints. Suit
symbols are used when ``symbols=True`` (the command line checks that the
terminal can show them), letters otherwise.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence

from ..core.cards import Card, Hand, Seat, Suit
from ..engine.actions import DECLARE, DOUBLE, LEAVE, PASS, Action, Operation
from ..engine.scoring import ABOVE, BELOW, ScoreEntry, ScoreSheet

__all__ = [
    "card_text",
    "diagram",
    "hand_lines",
    "score_sheet",
    "seat_label",
    "settlement_text",
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


#: log entries with an action that are shown among the tricks
_PLAY_REMARKS = frozenset(
    ("play", "look", "ask", "correct", "touch", "suggest", "point_out", "inform")
)


#: the words of the actions whose words do not depend on anything else
_FIXED_WORDS = {
    "waive": "waives the revoke penalty",
    "new_deal": "demands a new deal",
    "accept": "lets the call stand",
    "cancel": "has the call cancelled",
    "make_sufficient": "has the bid made sufficient",
    "bid_seven": "has the bid count as seven",
    "previous_final": "makes his side's last bid final",
    "forbid": "forbids the suggested card",
    "decline": "exacts no penalty",
    "redouble": "redoubles",
    LEAVE: "leaves it to partner",
}
#: what a requirement asks for (laws 62, 86)
_REQUIRED_WORDS = {
    "highest": "requires the highest card of the suit",
    "lowest": "requires the lowest card of the suit",
    "suggested": "requires the suggested card",
}


def action_words(action: Action, doubling_level_before: int = 0, auction: bool = False) -> str:
    """An action in words: ``declares hearts``, ``leaves it``, ``bids 2 hearts``,
    ``doubles``, ``redoubles``, ``passes``."""
    kind = action.kind
    fixed = _FIXED_WORDS.get(kind)
    if fixed is not None:
        return fixed
    if kind == "claim":
        return f"claims the revoke penalty in {action.penalty}"
    if kind == "require":
        return _REQUIRED_WORDS[action.penalty or ""]
    if kind == "call_lead":
        return f"calls a lead of {action.penalty}"
    if kind == "bid":
        return f"bids {action.level} {(action.denomination or '').replace('_', ' ')}"
    if kind == DECLARE:
        return f"declares {(action.denomination or '').replace('_', ' ')}"
    if kind == DOUBLE:
        return "doubles" if doubling_level_before == 0 else "redoubles"
    if kind == PASS:
        return "passes" if auction or not doubling_level_before else "is content"
    return str(action)


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
    threshold = sheet.rules.scoring.game
    for g in sorted({e.game for e in sheet.entries if e.line == BELOW}):
        lines.extend(row(e) for e in sheet.entries if e.line == BELOW and e.game == g)
        won = [names[c] for c in range(n) if sheet.below(c, g) >= threshold]
        ending = f"game {g} to {' and '.join(won)}" if won else f"game {g} not finished"
        lines.append(f"{'':<6}{'-' * 6} {ending}")
    lines.append("=" * width)
    lines.append(f"{'total':<6}" + "".join(f"{sheet.total(c):>{w}}" for c in range(n)))
    return "\n".join(lines)


def settlement_text(sheet: ScoreSheet) -> str:
    """The settlement in words, one payment a line (``A pays B 78``), or
    ``all square`` when no one owes anything.

    :raises ValueError: when the sheet cannot be settled (see
        :meth:`ScoreSheet.payments`).
    """
    payments = sheet.payments()
    if not payments:
        return "all square"
    return "\n".join(f"{payer} pays {payee} {points}" for payer, payee, points in payments)


def describe_operation(op: Operation, symbols: bool = True) -> str:
    """One log entry in words (for verbose records)."""
    who = seat_label(op.seat, op.player) if op.seat is not None else ""
    if op.action is not None:
        return f"{who} {op.action}"
    return f"{op.kind} {who}".strip()


def _hand_word(seat: Seat, owners: Mapping[Seat, str], manned: Sequence[Seat]) -> str:
    name = seat.name.capitalize()
    return name if seat in manned else f"{name} ({owners[seat]}'s Dummy)"


def _seat_labels(owners: Mapping[Seat, str], manned: Collection[Seat]) -> dict[Seat, str]:
    """Each seat with who holds it: ``South (A)``, or ``North (A's Dummy)``."""
    return {
        s: f"{s.name.capitalize()} ({p})" if s in manned else f"{s.name.capitalize()} ({p}'s Dummy)"
        for s, p in owners.items()
    }


def game_record(game: object, symbols: bool = True) -> str:
    """The whole game as a readable record, from its log: for each rubber the
    seats; for each deal the hands as a diagram, who sees which hand and
    when, the declaration (and a forced one's reasons) and doubling, the
    tricks and the score; then each score sheet, its result and settlement."""
    from ..engine.game import Game

    assert isinstance(game, Game)
    out: list[str] = [f"{game.rules.title} - seed {game.seed}"]
    auction = game.rules.declaration.kind == "auction"
    level = 0
    trick_lines: list[str] = []
    owners: dict[Seat, str] = {}
    manned: list[Seat] = []
    labels: dict[Seat, str] = {}
    sheet_no = -1
    for op in game.log:
        d = op.detail
        kind = op.kind
        if kind == "cut":
            rounds = d["rounds"]
            cut = ", ".join(
                f"{p} {card_text(Card.from_str(c), symbols)}" for p, c in rounds[0].items()
            )
            extra = f" (and {len(rounds) - 1} re-cut)" if len(rounds) > 1 else ""
            out.append(f"The cut: {cut}{extra}; order {', '.join(d['order'])}")
        elif kind == "rubber_start":
            sheet_no += 1
            owners = {Seat.from_str(k): v for k, v in d["seats"].items()}
            dummies = {Seat.from_str(k) for k in d["dummies"]}
            manned = [s for s in owners if s not in dummies]
            labels = _seat_labels(owners, manned)
            if game.rubbers > 1 or sheet_no == 0:
                out.append("")
                out.append(f"Rubber {d['rubber']}: " + ", ".join(labels[s] for s in _ORDER))
        elif kind == "deal":
            level = 0
            trick_lines = []
            assert op.seat is not None
            if d.get("seats"):
                owners = {Seat.from_str(k): v for k, v in d["seats"].items()}
                labels = _seat_labels(owners, manned)
            out.append("")
            out.append(f"Deal {d['deal']}: {labels[op.seat]} deals")
            hands = {Seat.from_str(k): Hand.from_pbn(v) for k, v in d["hands"].items()}
            out.append(diagram(hands, labels, symbols))
        elif kind == "sight":
            for change in d["changes"]:
                seen = ", ".join(
                    _hand_word(Seat.from_str(x), owners, manned) for x in change["sees"]
                )
                lost = ", ".join(
                    _hand_word(Seat.from_str(x), owners, manned) for x in change["loses"]
                )
                if seen:
                    out.append(f"  {change['player']} sees {seen}")
                if lost:
                    out.append(f"  {change['player']} may no longer look at {lost}")
        elif kind == "examine":
            assert op.seat is not None
            out.append(
                f"  {op.player} examines {_hand_word(op.seat, owners, manned)}, without exposing it"
            )
        elif kind == "forced":
            steps = "; ".join(d["steps"])
            out.append(
                f"  Dummy's declaration is forced: {d['denomination'].replace('_', ' ')} ({steps})"
            )
        elif kind == "play_blind":
            assert op.seat is not None
            out.append(
                f"  {op.player} plays blind from {_hand_word(op.seat, owners, manned)}: "
                f"{card_text(Card.from_str(d['card']), symbols)}"
            )
        elif kind in ("insufficient", "impossible"):  # law 50
            assert op.seat is not None
            assert op.action is not None
            out.append(
                f"  {labels[op.seat]} {action_words(op.action, level, auction)}, an {kind} bid"
            )
        elif kind == "out_of_turn":
            assert op.seat is not None
            assert op.action is not None
            out.append(f"  {labels[op.seat]} {action_words(op.action, level, auction)} out of turn")
        elif kind == "slip":  # law 52
            assert op.seat is not None
            assert op.action is not None
            out.append(
                f"  {labels[op.seat]} {action_words(op.action, level, auction)}, "
                "a slip, and corrects it at once:"
            )
        elif kind == "inform":
            assert op.seat is not None
            trick_lines.append(f"      {labels[op.seat]} mentions the bidding (laws 51, 93)")
        elif kind in ("require", "forbid", "decline", "call_lead"):  # a penalty in the play
            assert op.seat is not None
            assert op.action is not None
            trick_lines.append(f"      {labels[op.seat]} {action_words(op.action)}")
        elif op.action is not None and kind not in _PLAY_REMARKS:
            assert op.seat is not None
            if kind in ("claim", "waive"):
                out.extend(trick_lines)
                trick_lines = []
            out.append(f"  {labels[op.seat]} {action_words(op.action, level, auction)}")
            if kind in (DOUBLE, "redouble"):
                level += 1
            elif kind == "bid":
                level = 0
        elif kind == "contract":
            doubled = {0: "", 1: " doubled", 2: " redoubled"}.get(d["doubled"], " doubled")
            bid = d["bid"].removeprefix("bid ").replace("_", " ")
            declarer = Seat.from_str(d["declarer"])
            out.append(
                f"  Contract: {bid}{doubled}; {labels[declarer]} plays, "
                f"{labels[declarer.left]} leads"
            )
        elif kind == "revoke":
            assert op.seat is not None
            liable = "" if d["liable"] else " (not liable: the trick stands)"
            trick_lines.append(
                f"      {labels[op.seat]} revokes in trick {d['trick']}: "
                f"{card_text(Card.from_str(d['card']), symbols)} to the "
                f"{card_text(Card.from_str(d['led']), symbols)} led{liable}"
            )
        elif kind in ("ask", "correct"):
            assert op.seat is not None
            asked = (
                f"{op.player} asks {labels[op.seat]}: having none?"
                if kind == "ask"
                else f"{op.player} owns to a revoke"
            )
            answer = "" if kind == "correct" else " Yes." if d["revoke"] else " No."
            trick_lines.append(f"      {asked}{answer}")
        elif kind == "corrected":
            assert op.seat is not None
            if d["reopened"]:  # the trick is played again: drop its line
                number = f"  {d['trick']:>2}. "
                trick_lines = [line for line in trick_lines if not line.startswith(number)]
            withdrawn = " ".join(card_text(Card.from_str(c), symbols) for c in d["withdrawn"])
            trick_lines.append(
                f"      The revoke in trick {d['trick']} is corrected: {withdrawn} taken back"
            )
        elif kind == "touch":
            assert op.seat is not None
            what = "played" if d["played"] else "not played until quitted"
            trick_lines.append(
                f"      {op.player} touches {card_text(Card.from_str(d['card']), symbols)} ({what})"
            )
        elif kind == "suggest":
            assert op.action is not None
            assert op.action.card is not None
            trick_lines.append(
                f"      Dummy ({op.player}) suggests {card_text(op.action.card, symbols)}"
            )
        elif kind == "point_out":
            assert op.seat is not None
            trick_lines.append(
                f"      Dummy ({op.player}) points out {labels[op.seat]}'s revoke "
                f"in trick {d['trick']}: the penalty is forfeited"
            )
        elif kind == "passed_out":
            out.append("  All four pass: the hand is dealt again")
        elif kind == "look":
            assert op.seat is not None
            out.append(f"  {op.player} looks at {_hand_word(op.seat, owners, manned)}")
        elif kind == "expose":
            assert op.seat is not None
            out.append(f"  {labels[op.seat]} is laid face up")
        elif kind == "trick":
            cards = [Card.from_str(c) for c in d["cards"]]
            leader = Seat.from_str(d["leader"])
            played = "  ".join(
                f"{Seat((leader + i) & 3).letter} {card_text(c, symbols):<3}"
                for i, c in enumerate(cards)
            )
            assert op.seat is not None
            trick_lines.append(f"  {d['number']:>2}. {played}  -> {op.seat.name.capitalize()}")
        elif kind == "score":
            out.extend(trick_lines)
            trick_lines = []
            names = game.sheets[sheet_no].names
            for e in d["entries"]:
                if e["kind"] == "rubber":
                    continue  # shown with the rubber's end
                where = "below" if e["line"] == BELOW else "above"
                out.append(f"  {names[e['column']]}: {e['points']} {where} the line ({e['note']})")
            if not d["entries"]:
                out.append("  nothing scored")
        elif kind == "game":
            out.append(f"  Game to {d['name']} (games {'-'.join(str(g) for g in d['games'])})")
        elif kind == "rubber":
            sheet = game.sheets[sheet_no]
            for e in sheet.entries:
                if e.kind == "rubber":
                    out.append(f"  Rubber to {sheet.names[e.column]}: {e.points} above the line")
            out.append("")
            out.append(f"Score sheet{f' of rubber {sheet_no + 1}' if game.rubbers > 1 else ''}")
            out.append(score_sheet(sheet))
            diff = d.get("difference")
            if diff is not None:
                out.append(f"Final difference: {diff['name']} +{diff['points']} points")
            if d.get("payments") is not None:
                out.append("Settlement: " + "; ".join(settlement_text(sheet).splitlines()))
    if game.rubbers > 1 and game.is_over:
        net: dict[str, int] = dict.fromkeys(game.players, 0)
        for sheet in game.sheets:
            if sheet.is_over or sheet.winner is not None:
                for player, points in sheet.settlement().items():
                    net[player] += points
        out.append("")
        out.append("Session: " + ", ".join(f"{p} {points:+d}" for p, points in net.items()))
    return "\n".join(out)


_ORDER = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
