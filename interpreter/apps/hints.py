"""The terminal's ``hint``: what to do, and why.

:func:`reason` says in a few words why the rule-based bot's choice is the
period's play ("following suit with the lowest", "trumping: you have no
hearts"); :func:`double_dummy` asks the C core's solver for the best cards with
every hand in sight ("double dummy: ♠A makes 9 tricks for your side"). The
terminal gives the solver's answer unasked only when the person sees every hand
anyway, and otherwise when he asks for it (``hint dd``).
"""

from __future__ import annotations

from collections.abc import Callable

from ..core import _native
from ..core.cards import Card, Hand, Suit, seat_side
from ..engine.actions import BID, DECLARE, DOUBLE, LEAVE, PASS, PLAY, REDOUBLE, Action
from ..engine.game import Game, Observation
from .trick_claims import claim_position

__all__ = ["double_dummy", "reason"]

_HONOURS = frozenset((9, 10, 11, 12))  # J Q K A (ranks 0..12, two first)


def _suit_word(suit: Suit) -> str:
    return suit.name.lower()


def _honours(hand: Hand, suit: Suit) -> int:
    return sum(1 for c in hand.suit(suit) if c.rank in _HONOURS or c.rank == 8)


def _aces(hand: Hand) -> int:
    return sum(1 for c in hand if c.rank == 12)


def _winning(cards: tuple[Card, ...], trump: Suit | None) -> Card:
    """The card winning the trick so far."""
    led = cards[0].suit
    trumps = [c for c in cards if trump is not None and c.suit is trump]
    pool = trumps or [c for c in cards if c.suit is led]
    return max(pool, key=lambda c: c.rank)


def _beats(card: Card, best: Card, led: Suit, trump: Suit | None) -> bool:
    if card.suit is best.suit:
        return card.rank > best.rank
    return trump is not None and card.suit is trump


def _play_reason(obs: Observation, card: Card) -> str:
    seat = obs.to_act
    assert seat is not None
    hand = obs.hands.get(seat) or Hand()
    trump = obs.denomination.suit if obs.denomination is not None else None
    cur = obs.current.cards if obs.current is not None else ()
    same = sorted(hand.suit(card.suit), key=lambda c: c.rank)
    if not cur:
        lengths = {s: len(hand.suit(s)) for s in Suit}
        if trump is card.suit and seat_side(seat) == seat_side(obs.declarer or seat):
            return "drawing trumps"
        if lengths[card.suit] == max(lengths.values()):
            return f"leading from your longest suit, {_suit_word(card.suit)}"
        return f"leading {_suit_word(card.suit)}"
    led = cur[0].suit
    if card.suit is not led:
        if card.suit is trump:
            return f"trumping: you have no {_suit_word(led)}"
        return f"discarding from your weakest suit: you have no {_suit_word(led)}"
    best = _winning(cur, trump)
    partner_winning = len(cur) >= 2 and cur.index(best) == len(cur) - 2
    if card == same[0]:
        if partner_winning:
            return "following suit with the lowest: your partner is winning the trick"
        if not _beats(card, best, led, trump) and len(cur) == 1:
            return "following suit with the lowest (second hand low)"
        return "following suit with the lowest"
    if _beats(card, best, led, trump):
        return "winning the trick as cheaply as you can"
    return "following suit"


def reason(obs: Observation, action: Action) -> str:
    """Why ``action`` is a sound choice for the player of ``obs``, in a few words."""
    seat = obs.to_act
    hand = obs.hands.get(seat) if seat is not None else None
    kind = action.kind
    if kind == PLAY and action.card is not None:
        return _play_reason(obs, action.card)
    if hand is None:
        return "the cheapest choice: you cannot see the hand"
    if kind in (DECLARE, BID):
        name = (action.denomination or "").replace("_", " ")
        if "trump" in name:
            return f"no trumps: {_aces(hand)} aces"
        suit = next((s for s in Suit if name.endswith(s.name.lower())), None)
        if suit is not None:
            n = len(hand.suit(suit))
            return f"{name}: {n} of them, {_honours(hand, suit)} honours"
        return name
    if kind == LEAVE:
        return "no suit of five cards with two honours: leave it to your partner"
    if kind in (DOUBLE, REDOUBLE):
        return "length and honours in the trump suit"
    if kind == PASS:
        return "nothing worth more to say"
    return "the rule-based bot's choice"


def double_dummy(game: Game, card: Callable[[Card], str]) -> str | None:
    """The best cards double dummy (every hand seen) for the hand to play, and
    the tricks its side then takes in the deal; ``None`` outside the play."""
    if game.phase != "play" or game.to_act is None or game._ps is None:
        return None
    pos = claim_position(game)
    best, values = _native.DDSolver().solve_cards(pos)
    side = seat_side(game.to_act)
    total = pos.tricks[side] + best
    tops = sorted((c for c, v in values.items() if v == best), reverse=True)
    cards = " ".join(card(Card(c)) for c in tops)
    verb = "makes" if len(tops) == 1 else "make"
    return f"double dummy: {cards} {verb} {total} trick{'s' if total != 1 else ''} for your side"
