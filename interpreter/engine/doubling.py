"""The doubling (``double`` phase), after a declaration that may be doubled.

The adversaries speak first, the eldest hand first (or only he, where
``doubling.doublers`` is ``leader_only``); each may ``double`` or ``pass``.
After a double the other side may redouble, and so on, until both sides are
content or the limit (``doubling.limit``, or the safeguard ``doubling.max_doublings``
where the rules set none) is reached; one player holding both
hands of a side speaks once. Whoever of a side last doubled speaks first for
it (ELW07: "The original doubler has the first right"); else the maker, or the
eldest hand. Where the rules say so, a player may double only before seeing
his own cards (``doubling.blind``), and the declaring side may not redouble a
declaration left to Dummy.

Its decisions are :func:`choices`: ``pass`` (content), and while
:func:`may_double` the adversaries' ``double`` or the declaring side's
``redouble`` (ELW05: the maker "may say, 'I re-double'"; "their adversaries
shall have the right to again double"), as an auction names them (1912 law
54: a player doubles an adversary's bid, redoubles his own side's); the
quiet action first; its legal actions add the looks the rules offer.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.cards import Seat
from . import play, sight
from .actions import DOUBLE, PASS, REDOUBLE, Action, Operation
from .phases import Phase, PhaseActions

if TYPE_CHECKING:
    from .game import Game

__all__ = [
    "ACTIONS",
    "awaits_consent",
    "begin",
    "choices",
    "consent_law",
    "consenter",
    "may_double",
    "next_to_speak",
    "open_calls",
    "safeguard",
    "stand",
]

_SEATS = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
_LEFT = tuple(_SEATS[(i + 1) & 3] for i in range(4))  # Seat.left, as a table
_PARTNER = tuple(_SEATS[(i + 2) & 3] for i in range(4))  # Seat.partner, as a table
_DOUBLE = Action.double()
_PASS = Action.pass_()
#: the quiet action first; then the adversaries' double, or the declaring side's redouble
_PASS_OR_DOUBLE = (_PASS, _DOUBLE)
_PASS_OR_REDOUBLE = (_PASS, Action.redouble())
_PASS_ONLY = (_PASS,)


def begin(game: Game) -> None:
    """The doubling opens: the adversaries speak first."""
    game.phase = Phase.DOUBLE
    game.deal.doubling_queue = _defenders(game, _LEFT[game.dealer])
    game.to_act = game.deal.doubling_queue.pop(0)


def may_double(game: Game) -> bool:
    """Whether the player to act may double (or redouble) now."""
    deal = game.deal
    assert deal.denomination is not None
    assert game.to_act is not None
    if deal.doubling_level >= game._max_doublings:
        return False
    if not game._unlimited and not game._limit.allows(
        deal.denomination.trick_value, deal.doubling_level
    ):
        return False
    declaring = game.to_act.side == game.dealer.side
    if (
        declaring
        and deal.declared_from == "dummy"
        and game.rules.doubling.redouble_when_left_to_dummy == "forbidden"
    ):
        return False
    blind = game.rules.doubling.blind
    if not blind:
        return True
    player = game.seat_player[game.to_act]
    for rule in blind:
        if (
            sight.who(game, rule.who, player)
            and sight.holds(game, rule.when, player)
            and any(sight.sees(game, player, s) for s in sight.hands_for(game, "own", player))
        ):
            return False
    return True


def choices(game: Game) -> tuple[Action, ...]:
    """``pass``, and while the player to act may double ``double`` (the
    adversaries) or ``redouble`` (the declaring side, once doubled): the
    phase's one statement of what is legal."""
    deal = game.deal
    if (
        deal.doubling_ended
        or (deal.silenced and game.to_act in deal.silenced)
        or awaits_consent(game)
    ):
        # ELW05 law 55: a double out of turn not accepted; or a card exposed by
        # his partner before the lead (Bridge code); or (laws 56, 58) his
        # partner has led: his double waits for consent (an irregular action)
        return _PASS_ONLY
    return open_calls(game)


def open_calls(game: Game) -> tuple[Action, ...]:
    """``pass``, and the double or redouble the limits leave open to the
    player to act, whatever the laws hold back (:func:`choices`)."""
    level = game.deal.doubling_level
    # (game._double_free: no limit, no blind doubling, no bar on redoubling:
    # always, up to the safeguard). The sides speak in turn after each
    # doubling, so the declaring side's doublings are the odd-numbered ones.
    if (game._double_free and level < game._max_doublings) or may_double(game):
        return _PASS_OR_REDOUBLE if level & 1 else _PASS_OR_DOUBLE
    return _PASS_ONLY


def awaits_consent(game: Game) -> bool:
    """ELW05 laws 56, 58: whether the player to act is the partner of the
    eldest hand who has led before the doubling was done, whose double
    needs the consent of the maker of the trump (law 58), or of the
    adversary who last doubled (law 56)."""
    early = game.deal.early_lead
    return early is not None and game.to_act is _PARTNER[early[0]]


def consenter(game: Game) -> Seat:
    """Who consents to that double: the adversary who last doubled (ELW05
    law 56), before any doubling the maker of the trump (law 58)."""
    deal = game.deal
    last = deal.last_doubler.get(game.dealer.side)
    if last is None:
        assert deal.maker is not None
        return deal.maker
    return last


def consent_law(game: Game) -> int:
    """The law that asks that consent now: 58 before any doubling, else 56."""
    return 58 if game.deal.doubling_level == 0 else 56


def why_not(game: Game, action: Action) -> str:
    """Why ``action`` is refused (it is not open)."""
    deal = game.deal
    word = "redouble" if deal.doubling_level & 1 else "double"
    if action.kind not in (DOUBLE, REDOUBLE):
        return f"{game._seat_text(game.to_act)} may only {word} or pass now"
    assert deal.denomination is not None
    assert game.to_act is not None
    if deal.doubling_ended:
        return (
            "no further doubling in this hand: a double or re-double out of turn "
            "was not accepted (ELW05 law 55)"
        )
    if awaits_consent(game):
        return (
            f"{game._seat_text(game.to_act)} may {word} only with the consent of "
            f"{game._seat_text(consenter(game))}: his partner has led (ELW05 law "
            f"{consent_law(game)})"
        )
    if game.to_act in deal.silenced:
        return (
            f"{game._seat_text(game.to_act)} has forfeited his right to {word}: "
            "his partner exposed a card before the lead"
        )
    if action.kind == REDOUBLE and not deal.doubling_level & 1:
        return (
            "the adversaries double; only the declaring side redoubles"
            if deal.doubling_level
            else "there is no double to redouble"
        )
    limit = game.rules.doubling.limit
    if deal.doubling_level >= game._max_doublings:
        return safeguard(game._max_doublings)
    if not limit.allows(deal.denomination.trick_value, deal.doubling_level):
        return f"the doubling limit is reached ({limit.kind})"
    if game.to_act.side == game.dealer.side and deal.declared_from == "dummy":
        return "the declaring side may not redouble a declaration left to Dummy"
    if may_double(game):  # the declaring side's double
        return "the declaring side redoubles: redouble or pass"
    return f"{game.seat_player[game.to_act]} may {word} only before seeing his own cards"


def act(game: Game, action: Action) -> Operation:
    """Take a double, a redouble or a pass verified as open."""
    return game._decision(action, _pass if action.kind == PASS else _double)


def _queue(game: Game, first: Seat, second: Seat | None) -> list[Seat]:
    """A side's turns to speak; one player holding both hands speaks once."""
    if second is None or game.seat_player[first] == game.seat_player[second]:
        return [first]
    return [first, second]


def _defenders(game: Game, first: Seat) -> list[Seat]:
    if game._leader_only:
        return [_LEFT[game.dealer]]
    queue = _queue(game, first, _PARTNER[first])
    early = game.deal.early_lead
    if early is not None:  # ELW05 laws 56, 58: having led, he speaks no more
        queue = [s for s in queue if s is not early[0]]
    return queue


def _double(game: Game, seat: Seat, action: Action) -> None:
    deal = game.deal
    side = seat.side
    declaring_side = game.dealer.side
    events = game._sight_events  # only these matter (see sight.event)
    if "own_doubling_decision" in events:
        sight.event(game, "own_doubling_decision", game.seat_player[seat])
    if "own_double" in events:
        sight.event(game, "own_double", game.seat_player[seat])
    deal.doubling_level += 1
    if side == declaring_side and "redouble_decision" in events:
        sight.event(game, "redouble_decision")
    deal.last_doubler[side] = seat
    if deal.doubling_level >= game._max_doublings or (
        not game._unlimited
        and not game._limit.allows(
            deal.denomination.trick_value,  # type: ignore[union-attr]
            deal.doubling_level,
        )
    ):
        play.begin(game)
        return
    other = 1 - side
    assert deal.maker is not None
    # Whoever of that side last (re)doubled speaks first (ELW07: "The
    # original doubler has the first right"); else the maker, or the eldest.
    # (A seat is an int: North is 0, so "is None", never "or".)
    first = deal.last_doubler.get(other)
    if other == declaring_side:
        if first is None:
            first = deal.maker
        deal.doubling_queue = _queue(game, first, _PARTNER[first])
    else:
        deal.doubling_queue = _defenders(game, _LEFT[game.dealer] if first is None else first)
    game.to_act = deal.doubling_queue.pop(0)


def _pass(game: Game, seat: Seat, action: Action) -> None:
    events = game._sight_events  # only these matter (see sight.event)
    if "own_doubling_decision" in events:
        sight.event(game, "own_doubling_decision", game.seat_player[seat])
    if "redouble_decision" in events and seat.side == game.dealer.side:
        sight.event(game, "redouble_decision")
    next_to_speak(game)


def next_to_speak(game: Game) -> None:
    """The next hand of the side speaking speaks; none left, the play begins."""
    if game.deal.doubling_queue:
        game.to_act = game.deal.doubling_queue.pop(0)
    else:
        play.begin(game)


def stand(game: Game, seat: Seat, action: Action) -> None:
    """A double made out of turn stands, the maker of the trump allowing it
    (laws mode; ELW05: "If he decide that the double shall stand, the process
    of re-doubling may continue"): the declaring side speaks next."""
    deal = game.deal
    _double(game, seat, action)
    if game.deal is deal and deal.logged_at != deal.sight_version:
        sight.log(game)  # as after a double in turn


ACTIONS = PhaseActions.offering(choices, why_not, act)


def safeguard(most: int) -> str:
    """Why no more doubling: the safeguard (the rules set no smaller limit)."""
    return (
        f"no more than {most} doubles and redoubles (doubling.max_doublings, "
        "a safeguard where the rules set no limit)"
    )
