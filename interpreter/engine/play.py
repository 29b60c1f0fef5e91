"""The play (``play`` phase): thirteen tricks, card by card.

The hand on the declarer's left (or the dealer's, as the rules say) leads;
each hand in turn plays a card, following suit if it can; the highest trump,
or the highest card of the suit led, wins the trick, and its winner leads to
the next. The C core decides every card question: which cards may be played,
and who wins the trick. After the first lead the rules may expose hands (the
dummy). A player who may not see the hand he plays from can only play a card
blind (the game draws it); where the rules give him the choice, he may look.

A card of strict play from a hand its player sees (the "lean" play) is taken
by the C card step (:mod:`._speedups`, see :mod:`.hotpath`); every other card
by :func:`card`, the same step in Python, and the end of a trick is the C
module's ``trick_won`` on every path.

Its legal actions are the cards the C core allows (or ``play blind``, and
looks), less what the laws take away in laws mode (a card required or
forbidden, a lead called): :func:`_open_plays` says it once, for the legal cards
and, in laws mode, for every card held (a card that fails to follow suit is a
revoke, law 63: irregular, yet it may be played).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core import _native
from ..core.cards import Card, Hand, Seat, Suit
from ..errors import IllegalActionError
from . import settlement, sight
from ._lazy import LazyDetail
from ._speedups import plays_of, trick_won
from .actions import BLIND, PLAY, Action, Operation
from .observation import Trick
from .opkinds import NO_DETAIL, OpKind
from .oplog import trick_detail
from .phases import Phase, PhaseActions

if TYPE_CHECKING:
    from .game import Game

__all__ = ["ACTIONS", "begin", "card", "end_play", "first_lead", "refresh_blind", "refresh_lean"]

SEATS = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
LEFT = tuple(SEATS[(i + 1) & 3] for i in range(4))
CARDS = tuple(Card(i) for i in range(52))
PLAYS = tuple(Action.play(c) for c in CARDS)
_CODES = tuple(c.code for c in CARDS)
_BLIND = Action.play_blind()
_NO_SEATS: frozenset[Seat] = frozenset()
_new_op = tuple.__new__  # builds an Operation without the named-tuple constructor's overhead
_WINNER_SHIFT = _native.STEP_WINNER_SHIFT  # where a packed step keeps 1 + the trick's winner


def begin(game: Game) -> None:
    """The doubling (or the auction) is over: the opening lead is due."""
    events = game._sight_events  # only these matter (see sight.event)
    if "doubling_end" in events:
        sight.event(game, "doubling_end")
    if "redouble_decision" in events:
        sight.event(game, "redouble_decision")
    deal = game.deal
    game.phase = Phase.PLAY
    assert deal.declarer is not None
    assert deal.denomination is not None
    leader = sight.leading_hand(game)
    deal.trick_leader = leader
    deal.trick_cards = []
    game.to_act = leader
    # The game's play state is made once, then reset for each deal's play.
    ps = game._play_state
    strain = game._strain_of[deal.denomination.name]
    if ps is None or not ps.reset(deal.hands, strain, int(leader)):
        ps = game._play_state = _native.PlayState(deal.hands, strain, int(leader))
        game._legal_call, game._legal_out = ps.legal_call, ps.legal_out
        game._play_call, game._winner_out = ps.play_call, ps.winner_out
        # A card is played by the PlayState's packed step (dbr_position_step_packed,
        # in apply() or card()), which keeps game._step, the legal cards of the
        # hand to play and the trick's winner, current for legal_actions().
        game._step_packed = ps.step_packed
    game._ps = ps
    deal.lead_due = True  # the first card of the play is the first lead
    owners, dummy = game.seat_player, deal.dummy
    declarer_player = owners[deal.declarer]
    deal.seat_actor = tuple([declarer_player if seat == dummy else owners[seat] for seat in SEATS])
    refresh_blind(game)


def refresh_blind(game: Game) -> None:
    """The hands whose player may not see them now (sight only changes at
    the start of the play, at the first lead and with a look)."""
    deal = game.deal
    seen, exposed, actor = sight.current(game), deal.exposed, deal.seat_actor
    blind = _NO_SEATS  # the hands whose player may not see them (see sight.sees())
    for seat in SEATS:
        if seat not in exposed and seat not in seen[actor[seat]]:
            blind = blind | {seat}
    deal.blind = blind
    refresh_lean(game)


def refresh_lean(game: Game) -> None:
    """Whether ``apply()`` may take its lean play path (the C step) for the
    next card: no hand is blind and no law binds the card (the hook ``lean``:
    always in strict play; in laws mode while nothing the laws keep of the
    deal changes what a legal card does). Asked when sight changes and, in
    laws mode, after every action the Python methods take."""
    game._lean = game.phase is Phase.PLAY and not game.deal.blind and game.hooks.lean(game)
    if game._lean:  # the lean legal_actions() (in C) reads the legal cards from game._step
        game._step = 0 if game._legal_call() else int(game._legal_out[0])


def _open_plays(game: Game, cards: int) -> tuple[Action, ...]:
    """The plays open to the hand to play among ``cards`` once the laws have
    had their say (the hook ``plays``): in laws mode, a card an adversary
    required or forbade (laws 62, 86), a lead the declarer called (laws 51,
    93). (In strict play, the plays of ``cards``: the laws take none away.)"""
    plays = game.hooks.plays(game, cards)
    return plays_of(cards) if plays is None else plays


def legal(game: Game) -> tuple[Action, ...]:
    """The cards the hand to play may play (``play blind`` and looks for a hand
    its player may not see)."""
    seat = game.to_act
    if seat in game.deal.blind:
        return (_BLIND, *sight.look_actions(game))
    assert seat is not None
    if game._legal_call():
        return ()  # pragma: no cover - a valid position always has a play
    return _open_plays(game, game._legal_out[0])


def allows(game: Game, action: Action) -> bool:
    """Whether ``action`` (not a look) is open now: one of the legal plays, or in
    laws mode any card held, a revoke included, that the laws do not forbid,
    and a card that fails to play as a penalty directed (law 73: an irregular
    action, where the rules regulate it)."""
    seat = game.to_act
    assert seat is not None
    if seat in game.deal.blind:
        return action.kind == BLIND
    if action.kind != PLAY:
        return False
    if game.laws:
        return action in _open_plays(game, game.deal.hands[seat]) or (
            bool(game.rules.laws.failure_to_obey) and action in game.hooks.irregular_actions(game)
        )
    return not game._legal_call() and bool(game._legal_out[0] >> action.index & 1)


def why_not(game: Game, action: Action) -> str:
    """Why ``action`` is refused: the first rule it breaks."""
    seat = game.to_act
    assert seat is not None
    assert game._ps is not None
    deal = game.deal
    if seat in deal.blind:
        return (
            f"{game.player_of(seat)} may not see the {seat.name.lower()} hand, "
            "so he can only play a card blind"
        )
    text = game._seat_text(seat)
    if action.kind != PLAY or action.card is None:
        return f"it is {text}'s turn to play a card"
    bit = 1 << action.index
    if not deal.hands[seat] & bit:
        return f"{text} does not hold {action.card.code}"
    if not game._ps.legal() & bit and not game.laws:
        return f"{text} must follow suit to the {_CODES[deal.trick_cards[0]]} led"
    constraint = deal.constraint
    if constraint is not None and constraint[0] is seat:
        code = _CODES[constraint[1]]
        if constraint[2]:
            return f"{text} must play {code} (required by an adversary)"
        return f"an adversary has forbidden {code} to this trick (law 62)"
    demand = deal.demand
    if demand is not None and demand[0] is seat:
        beats = "beats" if demand[2] == "win" else "beats neither of"
        return (
            f"{text} is called upon to {demand[2]} the trick: he must play a card that "
            f"{beats} the cards on the table (law {demand[3]})"
        )
    early = deal.early_card
    if early is not None and early[0] is seat:
        code = _CODES[early[1]]
        if not deal.trick_cards:
            return f"{text} led {code} out of turn and the lead stands: it is his card (law 78)"
        return f"{text} played {code} before the second hand: it is his card (law 80)"
    following = deal.led_on_next
    if following is not None and following[0] is seat and not deal.trick_cards:
        code = _CODES[following[1]]
        return f"{text} led {code} on before his partner played: it is his lead (law 71)"
    if deal.lead_forbidden is not None and (
        deal.called_lead is None or action.index // 13 == deal.lead_forbidden
    ):
        suit = Suit(deal.lead_forbidden).name.lower()
        return f"the declarer has prohibited the lead of {suit} (laws 65, 66)"
    assert deal.called_lead is not None
    suit = Suit(deal.called_lead).name.lower()
    return f"the declarer has called a lead of {suit} ({deal.called_by})"


def act(game: Game, action: Action) -> Operation:
    """Take a card (or ``play blind``) verified as open."""
    if action.kind == BLIND:
        return _blind(game, action)
    return game.hooks.play(game, action)


def _blind(game: Game, action: Action) -> Operation:
    """A card drawn unseen from the hand to play: the game draws it, then plays it."""
    seat = game.to_act
    assert seat is not None
    assert game._ps is not None
    legal = game._ps.legal()
    cards = [c for c in range(52) if legal >> c & 1]
    drawn = cards[game.rng.below(len(cards))] if len(cards) > 1 else cards[0]
    game._append(
        OpKind.PLAY_BLIND,
        seat=seat,
        player=game.player_of(seat),
        action=action,
        detail={"card": _CODES[drawn]},
    )
    return card(game, PLAYS[drawn], recorded=action)


def card(game: Game, action: Action, recorded: Action | None = None, flags: int = 0) -> Operation:
    """Play a card: the C core checks and plays it, and decides the trick (the
    Python card step; the lean play's is the C module's, which does the same)."""
    seat = game.to_act
    assert seat is not None
    index = action.index
    step = game._step_packed(index, flags)
    if step < 0:
        game.verify(action)  # raises the message that names the rule broken
        raise IllegalActionError(f"{action} refused")  # pragma: no cover - verify raised
    game._step = step
    winner = (step >> _WINNER_SHIFT) - 1
    deal = game.deal
    log = game._ops
    at = game._packed + len(log)
    op = _new_op(Operation, (at, OpKind.PLAY, seat, deal.seat_actor[seat], action, NO_DETAIL))
    log.append(op)
    game.actions.append(recorded or action)
    deal.hands[seat] &= ~(1 << index)
    cards = deal.trick_cards
    cards.append(index)
    if winner < 0:
        if len(cards) == 1 and not deal.tricks:
            first_lead(game)
        game.to_act = LEFT[seat]
        return op
    trick_won(game, winner)  # the end of the trick (in C: _speedups.c)
    return op


def first_lead(game: Game) -> None:
    """Expose what the rules expose once the first card is led."""
    deal = game.deal
    deal.lead_due = False
    sight.event(game, "first_lead")
    for exp in game.rules.play.exposure:
        if exp.when != "first_lead":
            continue
        if exp.hand == "dummy":
            seats: tuple[Seat, ...] = (deal.dummy,) if deal.dummy is not None else ()
        else:  # unmanned
            seats = tuple(s for s in SEATS if s not in game.manned)
        for seat in seats:
            if seat not in deal.exposed:
                deal.exposed.add(seat)
                game._append(
                    OpKind.EXPOSE, seat=seat, detail=LazyDetail(_hand_detail, (deal.hands[seat],))
                )
    sight.log(game)
    refresh_blind(game)


def end_play(game: Game) -> None:
    """After the last trick: the claims for revokes (laws mode: the hook
    ``end_of_play``), else (or once they are settled) the score."""
    game._lean = False  # the play is over
    if not game.hooks.end_of_play(game):
        settlement.score(game)


def _hand_detail(bits: int) -> dict[str, Any]:
    return {"hand": Hand._of(bits).pbn()}


ACTIONS = PhaseActions(legal, allows, why_not, act)

#: what the C card step builds its records of, and calls (see hotpath.bind)
C_TABLES: dict[str, Any] = {
    "Action": Action,
    "Operation": Operation,
    "PLAYED": OpKind.PLAY,
    "EMPTY": NO_DETAIL,
    "LEFT": LEFT,
    "PLAYS": PLAYS,
    "Trick": Trick,
    "TRICK": OpKind.TRICK,
    "trick_detail": trick_detail,
    "SEATS": SEATS,
    "CARDS": CARDS,
    "first_lead": first_lead,
    "end_play": end_play,
    "LazyDetail": LazyDetail,
}
