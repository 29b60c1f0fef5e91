"""The auction (``auction`` phase, Auction Bridge): calls round the table.

The dealer calls first, and must bid where the rules say so (law 42). Each
call is a pass, a bid higher than the last (law 44: more points, or as many
with more tricks), a double of the last bid of an adversary, or a redouble of
a doubled bid of one's own side (law 43), as many doubles and redoubles as
the rules allow, alternately (law 54: one of each). A new bid cancels the
double (law 55). Three passes after a bid end the auction (law 45): the final
bid is the contract, its declarer the bidder, or the first of his side to
name its denomination (law 46); four passes open a new deal.

Its decisions are :func:`choices`, the calls of :func:`calls_for` the player to
act; its legal actions add the looks the rules offer. (In laws mode, the laws
take an insufficient or impossible bid, and a call out of turn, before it is
verified.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import declaration, doubling, play, session
from .actions import BID, DOUBLE, PASS, REDOUBLE, Action, Operation
from .deal import begin as begin_deal
from .opkinds import OpKind
from .phases import PhaseActions

if TYPE_CHECKING:
    from ..core.cards import Seat
    from .game import Game

__all__ = ["ACTIONS", "call", "calls_for", "choices", "end"]

_PASS = Action.pass_()
_DOUBLE = Action.double()
_REDOUBLE = Action.redouble()


def calls_for(game: Game, seat: Seat) -> tuple[Action, ...]:
    """The calls ``seat`` could make if it were his turn."""
    auction = game.rules.declaration.auction
    assert auction is not None
    deal = game.deal
    calls: list[Action] = []
    opening = not deal.calls
    silenced = seat in deal.silenced  # law 65: "may not make any further bid or double"
    if not (opening and auction.dealer_must_bid) or silenced:  # (a dealer silenced passes)
        calls.append(_PASS)
    start = 0 if deal.contract is None else game._bid_rank[deal.contract] + 1
    if seat != deal.barred and not silenced:  # law 50: a barred partner may not bid
        calls.extend(game._bids[start:])
    if deal.contract is not None and not silenced:
        assert deal.contract_seat is not None
        ours = deal.contract_seat.side == seat.side
        # Doubles and redoubles alternate; each side makes as many as the rules allow.
        made = deal.doubling_level // 2
        # ... and never more than the safeguard, doubling.max_doublings, in all.
        more = deal.doubling_level < game._max_doublings
        if (
            more
            and not ours
            and deal.doubling_level % 2 == 0
            and (auction.doubles is None or made < auction.doubles)
        ):
            calls.append(_DOUBLE)
        if (
            more
            and ours
            and deal.doubling_level % 2 == 1
            and (auction.redoubles is None or made < auction.redoubles)
        ):
            calls.append(_REDOUBLE)
    return tuple(calls)


def choices(game: Game) -> tuple[Action, ...]:
    """The calls open to the player to act: the phase's one statement of what is legal."""
    assert game.to_act is not None
    return calls_for(game, game.to_act)


def why_not(game: Game, action: Action) -> str:
    """Why a call is not open now, in the words of the laws."""
    auction = game.rules.declaration.auction
    assert auction is not None
    assert game.to_act is not None
    deal = game.deal
    who = game._seat_text(game.to_act)
    kind = action.kind
    if kind == PASS:
        return f"the dealer must bid (law 42); {who} may not pass the first call"
    if game.to_act in deal.silenced:
        return f"{who} may not bid or double again: his partner exposed a card (law 65)"
    if kind == BID:
        assert action.level is not None
        if action.denomination not in game._trump_of_name:
            names = ", ".join(game._trump_of_name)
            return f"{game.rules.name} has no declaration {action.denomination!r} (it has: {names})"
        if action.level > auction.max_level:
            return f"no bid may be more than {auction.max_level}"
        return (
            f"it is not higher than {deal.contract} "
            "(law 44: more points, or as many with more tricks)"
        )
    if kind in (DOUBLE, REDOUBLE):
        if deal.contract is None:
            return "there is no bid to double"
        assert deal.contract_seat is not None
        ours = deal.contract_seat.side == game.to_act.side
        if kind == DOUBLE and ours:
            return f"{who} may not double his own side's bid (law 54)"
        if kind == DOUBLE:
            return _why_no_more(game, "double", auction.doubles, 0)
        if not ours:
            return f"{who} may redouble only his own side's doubled bid (law 54)"
        if deal.doubling_level == 0:
            return "the bid is not doubled"
        return _why_no_more(game, "redouble", auction.redoubles, 1)
    return f"{who} must pass, bid, double or redouble now"


def _why_no_more(game: Game, call: str, allowed: int | None, parity: int) -> str:
    """Why a double (``parity`` 0) or redouble (1) is not open in the auction."""
    if allowed == 0:
        return f"the rules allow no {call} in the auction"
    if allowed == 1:
        return f"the bid is already {call}d (law 54: once only)"
    if game.deal.doubling_level % 2 != parity:
        return f"the bid is already {call}d; the other side must answer first"
    if game.deal.doubling_level >= game._max_doublings:
        return doubling.safeguard(game._max_doublings)
    return f"the bid has been {call}d {allowed} times, as often as the rules allow"


def act(game: Game, action: Action) -> Operation:
    """Take a call verified as open (in laws mode, where the rules regulate
    slips, noting the calls its maker could have made instead: law 52)."""
    if game.laws and game.rules.laws.slip:
        game.deal.slip_calls = (len(game.actions), choices(game))
    return game._decision(action, call)


def call(game: Game, seat: Seat, action: Action) -> None:
    """A call in the auction; three passes after a bid (or double) end it (law 45)."""
    deal = game.deal
    deal.calls.append((seat, action))
    kind = action.kind
    barred = deal.barred
    if barred is not None and kind != PASS and seat.side != barred.side:
        deal.barred = None  # law 50: an adversary bid or doubled
    if kind == PASS:
        deal.passes += 1
        if deal.contract is not None and deal.passes == 3:
            end(game)
            return
        if deal.contract is None and deal.passes == 4:
            # A18: all four passed (only when the dealer need not bid): a new deal.
            game._append(OpKind.PASSED_OUT, seat=game.dealer)
            session.next_dealer(game)
            begin_deal(game)
            return
    else:
        deal.passes = 0
        if kind == BID:
            assert action.denomination is not None
            deal.contract = action
            deal.contract_seat = seat
            deal.contract_index = len(deal.calls) - 1
            deal.doubling_level = 0  # law 55: a new bid cancels the double
            strain = int(game._trump_of_name[action.denomination].strain)
            deal.first_named.setdefault((seat.side, strain), seat)
        else:  # double or redouble
            deal.doubling_level += 1
    game.to_act = seat.left


def end(game: Game) -> None:
    """The final bid stands: law 46 names the declarer; law 58 the leader."""
    deal = game.deal
    assert deal.contract is not None
    assert deal.contract_seat is not None
    denomination = game._trump_of_name[deal.contract.denomination or ""]
    if game.rules.declaration.auction.declarer == "last_bidder":  # type: ignore[union-attr]
        declarer = deal.contract_seat
    else:
        declarer = deal.first_named[(deal.contract_seat.side, int(denomination.strain))]
    declaration.settle(game, deal.contract_seat, denomination, "auction", declarer)
    game._append(
        OpKind.CONTRACT,
        seat=declarer,
        player=game.seat_player[declarer],
        detail={
            "bid": str(deal.contract),
            "by": deal.contract_seat.letter,
            "doubled": deal.doubling_level,
            "declarer": declarer.letter,
        },
    )
    play.begin(game)


ACTIONS = PhaseActions.offering(choices, why_not, act)
