"""What the terminal game shows, in the screen's own words.

The layout of the calls and the bids (:func:`call_text`, :func:`auction_grid`,
:func:`bid_grid`), refusals reworded for the person at the screen
(:func:`refusal`), the reason a hand goes out of sight (:func:`sight_reason`),
and the end-of-deal review: the four hands as dealt, the tricks, the last
trick (:func:`deal_history`, :func:`review_lines`, :func:`trick_line`).

Everything here returns text; :mod:`dummybridge.apps.terminal` shows it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

from ..core.cards import Card, Hand, Seat
from ..engine.actions import PLAY, Action, Operation
from ..formats.render import call_text, denomination_short, diagram
from ..language.ruleset import RuleSet

__all__ = [
    "DealHistory",
    "auction_grid",
    "bid_grid",
    "call_text",
    "deal_history",
    "denomination_short",
    "refusal",
    "review_lines",
    "sight_reason",
    "trick_line",
]

#: The columns of the auction, as bridge players read it: West first.
GRID_ORDER = (Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH)
_CELL = 7


def auction_grid(calls: Sequence[tuple[Seat, str]]) -> list[str]:
    """The auction in four columns, W N E S, one round a row, as bridge players read it."""
    lines = ["".join(f"{s.letter:<{_CELL}}" for s in GRID_ORDER).rstrip()]
    row = [""] * 4
    started = False
    for seat, text in calls:
        col = GRID_ORDER.index(seat)
        if started and (col == 0 or row[col]):
            lines.append("".join(f"{c:<{_CELL}}" for c in row).rstrip())
            row = [""] * 4
        row[col] = text
        started = True
    if started:
        lines.append("".join(f"{c:<{_CELL}}" for c in row).rstrip())
    return lines


def bid_grid(bids: Sequence[Action], rules: RuleSet, symbols: bool) -> list[str]:
    """The bids open now as a grid: a row for each level, a column for each
    denomination from the cheapest; a bid not open is a ``·``. Each line is
    short, so nothing wraps in the middle of a word."""
    names = sorted(
        {b.denomination or "" for b in bids},
        key=lambda n: next(
            (d.trick_value, i) for i, d in enumerate(rules.denominations) if d.name == n
        ),
    )
    cols = [denomination_short(n, rules, symbols) for n in names]
    open_ = {(b.level, b.denomination) for b in bids}
    levels = sorted({b.level or 0 for b in bids})
    width = max(4, *(len(c) + 2 for c in cols))
    lines = ["   " + "".join(f"{c:>{width}}" for c in cols)]
    for level in levels:
        cells = (
            f"{level}{c}" if (level, n) in open_ else "·" for n, c in zip(names, cols, strict=True)
        )
        lines.append(f"{level}: " + "".join(f"{c:>{width}}" for c in cells))
    return lines


# ------------------------------------------------------------------ refusals

_SEAT_TEXT = re.compile(r"\b(north|east|south|west) \(([^()]+)\)")
_BID = re.compile(r"\bbid [1-7] [a-z_]+")
_CODE = re.compile(r"(?<![A-Za-z0-9])([SHDC])([2-9TJQKA])(?![A-Za-z0-9])")
#: the engine's words about a seat, and the same for "you"
_YOU_GRAMMAR = (
    ("you's turn", "your turn"),
    ("you does not", "you do not"),
    ("you holds", "you hold"),
    ("you has", "you have"),
    ("you may only double or pass", "you may only double or pass"),
    ("you may not double his own", "you may not double your own"),
    ("you may redouble only his own", "you may redouble only your own"),
    ("left to you, who must declare", "left to you: you must declare"),
)


def refusal(
    message: str,
    action_text: str,
    who: Callable[[Seat], str],
    card: Callable[[Card], str],
    human: str,
    bid: Callable[[Action], str] = str,
) -> str:
    """A refusal of the game's, in the screen's words: said once (``refused``),
    cards as the screen shows them (``♠9``), each hand named as the screen
    names it (``you``, ``your partner``, ``West (C)``).

    :param message: the game's message, ``"play S9 refused: south (B) must ..."``.
    :param action_text: the action as the screen writes it (``♠9``).
    :param who: the screen's name for a seat.
    :param card: a card as the screen writes it.
    :param human: the person's player name (the game's messages name players too).
    :param bid: a bid as the screen writes it (``1♣``).
    """
    _, sep, reason = message.partition(" refused: ")
    if not sep:
        reason = message.removesuffix(" refused")
    reason = _BID.sub(lambda m: bid(Action.parse(m.group(0))), reason)
    reason = _SEAT_TEXT.sub(lambda m: who(Seat.from_str(m.group(1))), reason)
    reason = _CODE.sub(lambda m: card(Card.from_str(m.group(0))), reason)
    for player_words in (f"let {human} look", f"{human} already sees", f"{human} may not see"):
        reason = reason.replace(player_words, player_words.replace(human, "you", 1))
    reason = reason.replace("you already sees", "you already see").replace(
        "so he can", "so you can"
    )
    for wrong, right in _YOU_GRAMMAR:
        reason = reason.replace(wrong, right)
    return f"refused {action_text}: {reason}" if reason else f"refused {action_text}"


_EVENT_WORDS = {
    "deal": "the cards are dealt",
    "declared": "the declaration is made",
    "examined": "the Dummy's hand has been examined for its forced declaration",
    "own_doubling_decision": "you have doubled or said you are content",
    "own_double": "you have doubled",
    "redouble_decision": "the declaring side has decided whether to redouble",
    "doubling_end": "the doubling is over",
    "first_lead": "the first card is led",
}


def sight_reason(rules: RuleSet, happened: Callable[[str], bool]) -> str:
    """Why a hand has gone out of sight: the rule of sight that ended, in words.

    :param happened: whether a moment (a sight event) has come in this deal.
    """
    ending = [r for r in rules.sight.rules if r.end]
    for rule in ending:
        done = [e for e in rule.end if happened(e)]
        if done:
            return f"the rules of sight allow it only until {_EVENT_WORDS.get(done[0], done[0])}"
    if ending:
        words = " or ".join(_EVENT_WORDS.get(e, e) for e in ending[0].end)
        return f"the rules of sight allow it only until {words}"
    return "the rules of sight no longer allow it"


# ------------------------------------------------------------------ the review


@dataclass
class DealHistory:
    """One deal as the log tells it: the cards each seat played, the tricks.

    :ivar number: the deal number.
    :ivar played: the cards each seat played, in order.
    :ivar players: who played from each seat.
    :ivar dummy: the hand laid face up (the first, where there are several).
    :ivar tricks: each trick: the leader, the cards in order, the winner.
    """

    number: int
    played: dict[Seat, list[Card]] = field(default_factory=dict)
    players: dict[Seat, str] = field(default_factory=dict)
    dummy: Seat | None = None
    tricks: list[tuple[Seat, list[Card], Seat | None]] = field(default_factory=list)

    def hands(self, cards_each: int) -> dict[Seat, Hand] | None:
        """The four hands as dealt, when every card was played (else ``None``)."""
        if len(self.played) != 4 or any(len(c) != cards_each for c in self.played.values()):
            return None
        return {seat: Hand.from_cards(cards) for seat, cards in self.played.items()}


def deal_history(log: Sequence[Operation], end: int) -> DealHistory | None:
    """The deal whose log entries end before ``end``: its cards and tricks."""
    start = end
    while start > 0 and log[start - 1].kind != "deal":
        start -= 1
    if start == 0:
        return None
    deal = int(log[start - 1].detail.get("deal", 0))
    history = DealHistory(deal)
    leader: Seat | None = None
    current: list[Card] = []
    for op in log[start:end]:
        if op.kind == PLAY and op.seat is not None and op.action is not None:
            card = op.action.card
            if card is None:
                continue
            if not current:
                leader = op.seat
            current.append(card)
            history.played.setdefault(op.seat, []).append(card)
            if op.player is not None:
                history.players.setdefault(op.seat, op.player)
        elif op.kind == "expose" and history.dummy is None:
            history.dummy = op.seat
        elif op.kind == "trick" and leader is not None:
            history.tricks.append((leader, current, op.seat))
            current, leader = [], None
    if current and leader is not None:
        history.tricks.append((leader, current, None))
    return history


def trick_line(
    number: int,
    trick: tuple[Seat, Sequence[Card], Seat | None],
    card: Callable[[Card], str],
    who: Callable[[Seat], str] | None = None,
) -> str:
    """``trick 3: W ♠K  N ♠2  E ♠A  S ♠5  -> East (you)``."""
    leader, cards, winner = trick
    seats = [Seat((int(leader) + i) & 3) for i in range(len(cards))]
    played = "  ".join(f"{s.letter} {card(c)}" for s, c in zip(seats, cards, strict=True)).rstrip()
    won = "" if winner is None else f"  -> {who(winner) if who else winner.letter}"
    return f"trick {number:>2}: {played}{won}"


def review_lines(
    history: DealHistory,
    cards_each: int,
    labels: Mapping[Seat, str],
    symbols: bool,
    card: Callable[[Card], str],
) -> list[str]:
    """The end-of-deal review: the four hands as dealt and every trick."""
    lines: list[str] = []
    hands = history.hands(cards_each)
    if hands is not None:
        lines += ["The hands as dealt:", diagram(hands, labels, symbols), ""]
    if history.tricks:
        lines.append("The tricks (the leader first):")
        lines += ["  " + trick_line(i, t, card) for i, t in enumerate(history.tricks, start=1)]
    return lines
