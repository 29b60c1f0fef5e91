"""The declaration (``declare`` phase): the trump, or no trumps, is named.

The first to declare holds the dealer's hand (or, when that is a Dummy, its
holder declares from his own hand). He declares any denomination of the
rules (``declare NAME``), or, where ``declaration.pass_to_partner`` allows,
leaves it to his partner (``leave it``), who must then declare. A Dummy left
the declaration has it forced: a player examines its hand and declares by the
rules' criteria (:mod:`.forced`). Then the doubling opens, or the play begins.

Its decisions are :func:`choices`: the declarations, and ``leave it`` while
it may be left; its legal actions add the looks the rules offer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..errors import IllegalActionError
from ..language.ruleset import Denomination
from . import doubling, play, sight
from .actions import DECLARE, LEAVE, Action, Operation
from .forced import forced_declaration
from .opkinds import OpKind
from .phases import PhaseActions

if TYPE_CHECKING:
    from ..core.cards import Seat
    from .game import Game

__all__ = ["ACTIONS", "choices", "declared", "settle", "stand"]

_LEAVE = Action.leave()


def choices(game: Game) -> tuple[Action, ...]:
    """The declarations open now, and ``leave it`` while the dealer may leave it:
    the phase's one statement of what is legal."""
    if game._may_leave and game.deal.passed_to is None:
        return (*game._declare_actions, _LEAVE)
    return game._declare_actions


def why_not(game: Game, action: Action) -> str:
    """Why ``action`` is refused (it is not open)."""
    seat = game._seat_text(game.to_act)
    name = game.rules.name
    if action.kind == DECLARE:
        names = ", ".join(game._trump_of_name)
        return f"{name} has no declaration {action.denomination!r} (it has: {names})"
    if action.kind == LEAVE and not game._may_leave:
        return f"{name} does not let the dealer leave it"
    if action.kind == LEAVE:
        return f"the declaration was left to {seat}, who must declare"
    return f"{seat} must declare now"


def act(game: Game, action: Action) -> Operation:
    """Take a declaration (or ``leave it``) verified as open."""
    return game._decision(action, _effect)


def _effect(game: Game, seat: Seat, action: Action) -> None:
    if action.kind == LEAVE:
        _leave(game, seat)
        return
    assert action.denomination is not None
    frm = "own_hand" if seat == game.deal.first_declarer else "partner"
    declared(game, seat, game._trump_of_name[action.denomination], frm)


def _leave(game: Game, seat: Seat) -> None:
    deal = game.deal
    target = seat.partner
    deal.passed_to = target
    sight.event(game, "passed")
    if target in game.manned:
        game.to_act = target  # a partner who sits at his hand must declare
        return
    # A Dummy's declaration is forced: someone examines its hand, without
    # exposing it, and declares by the rules' criteria.
    forced = game.rules.declaration.forced
    if forced is None:  # pragma: no cover - the semantic checks require it
        raise IllegalActionError("these rules give no forced declaration for a Dummy")
    examiner_seat = target if forced.examined_by == "owner" else game.dealer.right
    deal.examiner = game.seat_player[examiner_seat]
    deal.examined = target
    deal.sight_version += 1
    sight.event(game, "examined")
    denomination, trace = forced_declaration(
        forced, deal.original[target], game.rules.denominations
    )
    deal.forced_trace = trace
    game._append(OpKind.EXAMINE, seat=target, player=deal.examiner)
    game._append(
        OpKind.FORCED,
        seat=target,
        player=deal.examiner,
        detail={"denomination": denomination.name, "steps": list(trace)},
    )
    declared(game, target, denomination, "dummy")


def settle(
    game: Game, maker: Seat, denomination: Denomination, declared_from: str, declarer: Seat
) -> None:
    """Record the final declaration, who made it and who plays; sight may change.
    (The auction's end settles it too.)"""
    deal = game.deal
    deal.denomination = denomination
    deal.maker = maker
    deal.declared_from = declared_from
    deal.declarer = declarer
    deal.dummy = declarer.partner
    if game._sight_on_declaration:
        deal.sight_version += 1
    sight.event(game, "declared")


def declared(game: Game, seat: Seat, denomination: Denomination, declared_from: str) -> None:
    """A declaration made (or forced): the doubling opens, or the play begins."""
    # The dealer's side's live hand plays both: the dealer, or, when the
    # dealer's hand is a Dummy, its holder from his own hand.
    settle(game, seat, denomination, declared_from, game.deal.first_declarer)
    if game._doubling_opens[denomination.name]:
        doubling.begin(game)
    else:
        play.begin(game)


def stand(game: Game, seat: Seat, action: Action) -> None:
    """A declaration made out of turn by the dealer's partner stands, the
    eldest hand allowing it (laws mode; ELW05: "the eldest hand may demand,
    1st. That the trump shall stand"): it is his, made from his own hand."""
    assert action.denomination is not None
    deal = game.deal
    declared(game, seat, game._trump_of_name[action.denomination], "partner")
    if game.deal is deal and deal.logged_at != deal.sight_version:
        sight.log(game)  # as after a declaration in turn


ACTIONS = PhaseActions.offering(choices, why_not, act)
