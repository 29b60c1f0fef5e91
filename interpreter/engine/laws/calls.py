"""Irregular calls in the auction (laws mode): calls out of turn (1912 laws 49,
57), the slip of the tongue corrected (law 52), insufficient and impossible
bids (law 50).

Each irregular call is logged, then the adversary on the offender's left
chooses among the penalties the rules' options allow (:mod:`.penalties`),
except a slip, which its maker corrects himself before the next call.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...errors import IllegalActionError
from .. import auction
from ..actions import BID, DOUBLE, REDOUBLE, Action, Operation
from ..phases import Phase
from . import penalties

if TYPE_CHECKING:
    from ..game import Game

__all__ = [
    "impossible",
    "impossible_open",
    "insufficient",
    "insufficient_bids",
    "irregular_bid",
    "out_of_turn",
    "out_of_turn_actions",
    "slip",
    "slip_open",
]


def insufficient_bids(game: Game) -> tuple[Action, ...] | None:
    """The insufficient bids open to the player to act (law 50: a bid that is
    not higher than the last), where the rules regulate them and it is the
    auction; ``None`` elsewhere."""
    if (
        game.laws
        and game.phase == Phase.AUCTION
        and game.rules.laws.insufficient_bid
        and game.contract is not None
        and game.to_act != game.deal.barred
    ):
        return game._bids[: game._bid_rank[game.contract] + 1]
    return None


def out_of_turn_actions(game: Game, player: str) -> tuple[Action, ...]:
    """:meth:`Game.out_of_turn_actions <dummybridge.engine.game.Game.out_of_turn_actions>`:
    the bids, doubles and redoubles ``player`` could make out of turn now.

    :raises ValueError: for an unknown player.
    """
    game._check_player(player)
    if (
        not game.laws
        or game.phase != Phase.AUCTION
        or player == game.actor
        or slip_open(game, player)
    ):  # his call now corrects his last (law 52)
        return ()
    regulated = game.rules.laws.out_of_turn
    seats = [s for s in game.player_seats.get(player, ()) if s in game.manned]
    if not seats:
        return ()
    out = []
    for call in auction.calls_for(game, seats[0]):
        kind = "bid" if call.kind == BID else "double" if call.kind in (DOUBLE, REDOUBLE) else None
        if kind in regulated:
            out.append(call)
    return tuple(out)


def out_of_turn(game: Game, player: str, action: Action) -> Operation:
    """A call out of turn (laws mode): logged, then the adversary on the
    offender's left chooses what the rules allow (1912 laws 49, 57)."""
    if player not in game.player_seats:
        raise IllegalActionError(f"{action} refused: no player {player!r} in this game")
    if slip_open(game, player):
        return slip(game, player, action)
    if action not in out_of_turn_actions(game, player):
        turn = "" if game.actor is None else f"it is {game.actor}'s turn"
        raise IllegalActionError(
            f"{action} refused: {turn or 'no call is open'}; {player} may not "
            f"call out of turn here" + ("" if game.laws else " (strict play)")
        )
    seat = next(s for s in game.player_seats[player] if s in game.manned)
    kind = "bid" if action.kind == BID else "double"
    options = penalties.offer(game, game.rules.laws.out_of_turn[kind], seat, action)
    game.actions_out_of_turn.append((len(game.actions), player))
    game.actions.append(action)
    op = game._append(
        "out_of_turn",
        seat=seat,
        player=player,
        action=action,
        detail={"turn": None if game.to_act is None else game.to_act.letter},
    )
    penalties.await_choice(game, seat, action, options, game.to_act, seat.left)
    return op


def slip_open(game: Game, player: str) -> bool:
    """Whether ``player`` made the last call, in turn, and no one has acted since (law 52)."""
    if not (
        game.laws
        and game.rules.laws.slip
        and game.phase == Phase.AUCTION
        and game.calls
        and game.actions
    ):
        return False
    seat, call = game.calls[-1]
    last = len(game.actions) - 1
    return (
        game.actions[last] is call
        and game.seat_player[seat] == player
        and not any(i == last for i, _ in game.actions_out_of_turn)
    )


def slip(game: Game, player: str, action: Action) -> Operation:
    """Law 52: the player corrects the call he has just made; the first is void.

    The game is rebuilt from its decisions without that call (so every
    consequence of it is undone), then the new call is made in its place, and
    the game takes the rebuilt one's fields: its deal (with the laws' state of
    the deal) and the session's.
    """
    said = game.actions[-1]
    fresh = type(game)(
        game.rules,
        game.seed,
        players=game.players,
        deals=game.preset_deals,
        rubbers=game.rubbers,
        laws=True,
    )
    out_of_turn = dict(game.actions_out_of_turn)
    slipped: Action | None = None
    for i, earlier in enumerate(game.actions[:-1]):
        # Earlier slips replay as their corrections alone, so that this
        # rebuild never rebuilds again (each slip costs one replay).
        if i in game._slips:
            slipped = earlier
            continue
        if slipped is not None:
            fresh._append("slip", seat=fresh.to_act, player=out_of_turn[i], action=slipped)
            fresh.apply(earlier)
            # as in the game itself: a corrected call cannot be corrected again
            fresh.actions_out_of_turn.append((len(fresh.actions) - 1, out_of_turn[i]))
            slipped = None
            continue
        fresh.apply(earlier, player=out_of_turn.get(i))
    if not fresh.can(action):
        raise IllegalActionError(
            f"{action} refused: {player} may correct his call "
            f"({said}) only by a call he could have made instead"
        )
    fresh._append("slip", seat=fresh.to_act, player=player, action=said)
    op = fresh.apply(action)
    # The record keeps both calls, the second made "out of turn" by the
    # same player, so that replaying it corrects the slip again.
    fresh.actions = [*game.actions, action]
    fresh.actions_out_of_turn = [*game.actions_out_of_turn, (len(game.actions), player)]
    fresh._slips = game._slips | {len(game.actions) - 1}
    game.__dict__.update(fresh.__dict__)
    return op


def impossible_open(game: Game, action: Action) -> bool:
    """Whether ``action`` is an impossible bid the rules regulate (law 50):
    more than seven, in a declaration the rules have, by a bidder not barred."""
    auction = game.rules.declaration.auction
    return (
        bool(game.rules.laws.impossible_bid)
        and auction is not None
        and (action.level or 0) > auction.max_level
        and action.denomination in game._trump_of_name
        and game.to_act != game.deal.barred
    )


def irregular_bid(game: Game, action: Action) -> Operation | None:
    """An insufficient or impossible bid the rules regulate, taken to the
    adversaries (laws mode); ``None`` for any other call."""
    if action in (insufficient_bids(game) or ()):
        return insufficient(game, action)
    if impossible_open(game, action):
        return impossible(game, action)
    return None


def impossible(game: Game, action: Action) -> Operation:
    """Law 50: an impossible bid; the adversary on the bidder's left decides."""
    return _bid_to_decide(game, action, "impossible", game.rules.laws.impossible_bid)


def insufficient(game: Game, action: Action) -> Operation:
    """Law 50: an insufficient bid; the adversary on the bidder's left decides."""
    return _bid_to_decide(game, action, "insufficient", game.rules.laws.insufficient_bid)


def _bid_to_decide(game: Game, action: Action, kind: str, options: tuple[str, ...]) -> Operation:
    """An irregular bid in turn, logged as ``kind``; the adversary on the
    bidder's left chooses among the penalties ``options`` name."""
    seat = game.to_act
    assert seat is not None
    offered = penalties.offer(game, options, seat, action)
    game.actions.append(action)
    op = game._append(kind, seat=seat, player=game.seat_player[seat], action=action)
    penalties.await_choice(game, seat, action, offered, seat, seat.left)
    return op
