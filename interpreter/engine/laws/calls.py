"""Irregular calls (laws mode): calls out of turn in the auction (1912 laws
49, 57), the slip of the tongue corrected (law 52), insufficient and
impossible bids (law 50); and in Bridge's declaration and doubling (ELW05
laws 45-49 and "Doubling, re-doubling"), the trump made by the dealer's
partner without its being left to him, a declaration made or passed by an
adversary, a double by the eldest hand's partner before "May I lead?", or
his lead before the doubling is done (ELW07), a re-double out of turn
(ELW05 law 55: the adversary who last doubled decides), and, in turn, the
declaration passed back by the partner it was left to.

Each irregular call is logged, then the player the laws name (in the
auction the adversary on the offender's left) chooses among the penalties
the rules' options allow (:mod:`.penalties`), except a slip, which its maker
corrects himself before the next call, at no cost (the calls that may
correct it: :func:`slip_corrections`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from ...core.cards import Seat
from ...errors import IllegalActionError
from .. import auction, doubling, sight
from .._speedups import plays_of
from ..actions import BID, DOUBLE, LEAVE, PLAY, REDOUBLE, Action, Operation
from ..opkinds import OpKind
from ..phases import Phase
from . import exposed, penalties

if TYPE_CHECKING:
    from ..deal import Deal
    from ..game import Game

__all__ = [
    "double_asked",
    "double_asked_open",
    "doubling_irregulars",
    "early_lead",
    "early_leads",
    "impossible",
    "impossible_open",
    "insufficient",
    "insufficient_bids",
    "irregular_bid",
    "irregular_in_doubling",
    "mark_deal",
    "out_of_turn",
    "out_of_turn_actions",
    "passed_back",
    "passed_back_open",
    "slip",
    "slip_corrections",
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
        and game.to_act not in game.deal.silenced
    ):
        return game._bids[: game._bid_rank[game.contract] + 1]
    return None


def out_of_turn_actions(game: Game, player: str) -> tuple[Action, ...]:
    """:meth:`Game.out_of_turn_actions <dummybridge.engine.game.Game.out_of_turn_actions>`:
    the bids, doubles and redoubles ``player`` could make out of turn now.

    :raises ValueError: for an unknown player.
    """
    game._check_player(player)
    if not game.laws or player == game.actor:
        return ()
    if game.phase is Phase.DECLARE or game.phase is Phase.DOUBLE:
        return tuple(call for _, _, call in _bridge_calls(game, player))
    if game.phase is Phase.PLAY:  # a lead out of turn, the fourth hand early (laws 76, 80)
        return tuple(card for _, _, card in exposed.out_of_turn_plays(game, player))
    if game.phase != Phase.AUCTION or slip_open(game, player):
        return ()  # (an open slip: his call now corrects his last, law 52)
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
        verb = "play" if action.kind == PLAY else "call"
        raise IllegalActionError(
            f"{action} refused: {turn or 'no call is open'}; {player} may not "
            f"{verb} out of turn here" + ("" if game.laws else " (strict play)")
        )
    if game.phase is Phase.PLAY:
        seat, kind = next(
            (s, k) for s, k, card in exposed.out_of_turn_plays(game, player) if card == action
        )
        return exposed.lead_out_of_turn(game, seat, kind, player, action)
    if game.phase is Phase.AUCTION:
        seat = next(s for s in game.player_seats[player] if s in game.manned)
        kind = "bid" if action.kind == BID else "double"
        decider = seat.left
    else:
        seat, kind = next((s, k) for s, k, call in _bridge_calls(game, player) if call == action)
        if kind == "lead_before_doubling_completed":
            return _led_out_of_turn(game, seat, player, action)
        decider = _BRIDGE_DECIDER[kind](game)
    regulated: tuple[str, ...] = game.rules.laws.out_of_turn[kind]
    if kind == "lead_before_doubling":  # a penalty of the play: he may exact none
        regulated = (*regulated, "decline")
    options = penalties.offer(game, regulated, seat, action)
    game.actions_out_of_turn.append((len(game.actions), player))
    game.actions.append(action)
    detail: dict[str, Any] = {"turn": None if game.to_act is None else game.to_act.letter}
    if kind == "redouble_out_of_turn":
        detail["law"] = 55
    op = game._append("out_of_turn", seat=seat, player=player, action=action, detail=detail)
    penalties.await_choice(game, seat, action, options, game.to_act, decider)
    return op


def _bridge_calls(game: Game, player: str) -> list[tuple[Seat, str, Action]]:
    """The calls ``player`` could make out of turn in Bridge's declaration or
    doubling, where the rules regulate them: each with the hand it is made
    from and its kind among ``laws.out_of_turn``'s."""
    regulated = game.rules.laws.out_of_turn
    deal = game.deal
    first = deal.first_declarer  # the dealer, or his hand's holder
    out: list[tuple[Seat, str, Action]] = []
    for seat in game.player_seats.get(player, ()):
        if seat not in game.manned or seat is game.to_act:
            continue
        if game.phase is Phase.DECLARE:
            if seat is first.partner:
                # ELW05: "Should the dealer's partner make the trump without
                # receiving permission from the dealer" (not once it is left to him)
                if deal.passed_to is None and "declaration_by_partner" in regulated:
                    out.extend((seat, "declaration_by_partner", a) for a in game._declare_actions)
            elif seat.side != first.side and "declaration_by_adversary" in regulated:
                # ELW05: "If either of the dealer's adversaries make or pass the declaration"
                calls = (*game._declare_actions, _LEAVE)
                out.extend((seat, "declaration_by_adversary", a) for a in calls)
        elif (
            # ELW05: "If the right-hand adversary of the dealer double before his
            # partner has asked 'May I lead?'": the eldest hand has not spoken
            seat is game.dealer.right
            and game.to_act is game.dealer.left
            and deal.doubling_level == 0
            and seat in deal.doubling_queue
            and "double_before_asked" in regulated
        ):
            out.append((seat, "double_before_asked", _DOUBLE))
        elif _redoubles_out_of_turn(game, seat):
            # ELW05 law 55: "Should any player re-double out of turn, the
            # adversary who last doubled shall decide whether or not such double
            # shall stand": the partner of the hand whose side is to speak, before
            # his turn (the declaring side's redouble, the adversaries' again)
            out.append((seat, "redouble_out_of_turn", doubling.choices(game)[1]))
        if game.phase is Phase.DOUBLE and seat is game.dealer.left and _early_lead_open(game):
            # ELW05 law 56: "If the eldest hand lead before the doubling be
            # completed" (out of turn: another hand is to speak)
            cards = plays_of(deal.hands[seat])
            out.extend((seat, "lead_before_doubling_completed", a) for a in cards)
        if (
            # ELW07 "Doubling, re-doubling": "If the right-hand adversary of the
            # dealer lead out of turn, the maker of the trump may call a suit
            # from the eldest hand"
            game.phase is Phase.DOUBLE
            and deal.early_lead is None
            and seat is game.dealer.right
            and seat.side != first.side
            and "lead_before_doubling" in regulated
            and game.sees(player, seat)  # (else his cards would tell him his hand)
        ):
            out.extend((seat, "lead_before_doubling", a) for a in plays_of(deal.hands[seat]))
    return out


# ------------------------------------------ the eldest hand's lead (ELW05 laws 56, 58)


def _early_lead_open(game: Game) -> bool:
    """ELW05 laws 56, 58: whether the eldest hand may lead now, before the
    doubling is done (where the rules regulate it; read by the phase and the
    turn): no lead is made or called yet, his partner speaks in the doubling
    (a player of his own: else there is no consent to ask), and he sees his
    hand (else the cards offered would tell him it)."""
    deal, eldest = game.deal, game.dealer.left
    kind = (
        "lead_without_asking"
        if game.to_act is eldest and deal.doubling_level == 0
        else "lead_before_doubling_completed"
    )
    player = game.seat_player[eldest]
    return (
        kind in game.rules.laws.out_of_turn
        and deal.early_lead is None
        and sight.leading_hand(game) is eldest  # (his lead is the opening lead)
        and deal.called_lead is None
        and not game._leader_only
        and eldest in game.manned
        and game.seat_player[eldest.partner] != player
        and game.sees(player, eldest)
    )


def early_leads(game: Game) -> tuple[Action, ...]:
    """The eldest hand's leads in his turn in the doubling (laws mode):
    ELW05 law 58, "Should the eldest hand lead without asking permission",
    and law 56, once a doubling was made; none elsewhere."""
    if game.phase is not Phase.DOUBLE or game.to_act is not game.dealer.left:
        return ()
    if not _early_lead_open(game):
        return ()
    return plays_of(game.deal.hands[game.to_act])


def early_lead(game: Game, action: Action) -> Operation | None:
    """The eldest hand leads in his turn to speak in the doubling (ELW05 law
    58 before any doubling, law 56 after one): the lead stands, he speaks no
    more, and the doubling goes on with the next hand; ``None`` for any other
    action, or where the rules do not regulate it."""
    if action.kind != PLAY or action not in early_leads(game):
        return None
    seat = game.to_act
    assert seat is not None
    law = doubling.consent_law(game)
    game.actions.append(action)
    player = game.seat_player[seat]
    op = game._append(
        OpKind.EARLY_LEAD, seat=seat, player=player, action=action, detail={"law": law}
    )
    _lead_stands(game, seat, action)
    doubling.next_to_speak(game)
    return op


def _led_out_of_turn(game: Game, seat: Seat, player: str, action: Action) -> Operation:
    """ELW05 law 56: the eldest hand leads while another hand is to speak in
    the doubling: logged, and the lead stands; the doubling goes on."""
    game.actions_out_of_turn.append((len(game.actions), player))
    game.actions.append(action)
    assert game.to_act is not None
    op = game._append(
        "out_of_turn",
        seat=seat,
        player=player,
        action=action,
        detail={"turn": game.to_act.letter, "law": 56},
    )
    _lead_stands(game, seat, action)
    queue = game.deal.doubling_queue
    if seat in queue:
        queue.remove(seat)
    return op


def _lead_stands(game: Game, seat: Seat, action: Action) -> None:
    """The lead stands: it is the only card he may play to the first trick,
    and he speaks no more in the doubling."""
    deal = game.deal
    deal.early_lead = (seat, action.index)
    deal.constraint = (seat, action.index, True)
    deal.directed = False


def double_asked_open(game: Game) -> bool:
    """ELW05 laws 56, 58: whether the player to act, the eldest hand having
    led, may double subject to the consent the law asks (where the rules
    regulate it, and the limits leave a double open)."""
    deal = game.deal
    return (
        game.phase is Phase.DOUBLE
        and doubling.awaits_consent(game)
        and not deal.doubling_ended
        and game.to_act not in deal.silenced
        and _consent_kind(game) in game.rules.laws.out_of_turn
        and len(doubling.open_calls(game)) > 1
    )


def _consent_kind(game: Game) -> str:
    """The setting that says what the consenter may do: law 58's, or 56's."""
    if doubling.consent_law(game) == 58:
        return "lead_without_asking"
    return "lead_before_doubling_completed"


def double_asked(game: Game, action: Action) -> Operation | None:
    """His double, subject to consent: logged, then the consenter decides
    (``consent to double``: it stands; ``withhold consent``: it is void, and
    he may only pass). ``None`` for any other action, or when not open."""
    if not double_asked_open(game) or action != doubling.open_calls(game)[1]:
        return None
    options = game.rules.laws.out_of_turn[_consent_kind(game)]
    seat = game.to_act
    assert seat is not None
    offered = penalties.offer(game, options, seat, action)
    game.actions.append(action)
    detail = {"law": doubling.consent_law(game)}
    op = game._append(
        OpKind.DOUBLE_ASKED, seat=seat, player=game.seat_player[seat], action=action, detail=detail
    )
    penalties.await_choice(game, seat, action, offered, seat, doubling.consenter(game))
    return op


def doubling_irregulars(game: Game) -> tuple[Action, ...]:
    """The irregular actions open to the hand to act in the doubling: his
    double subject to consent, or the eldest hand's leads."""
    if double_asked_open(game):
        return doubling.open_calls(game)[1:]
    return early_leads(game)


def irregular_in_doubling(game: Game, action: Action) -> Operation | None:
    """The irregular actions of the hand to act in the doubling (laws mode):
    the eldest hand's lead (ELW05 laws 56, 58), his partner's double
    subject to consent; ``None`` for any other."""
    return early_lead(game, action) or double_asked(game, action)


def _redoubles_out_of_turn(game: Game, seat: Seat) -> bool:
    """ELW05 law 55: whether ``seat`` may re-double out of turn now: a
    doubling has been made, his side is to speak, his partner first, and
    the call would be open to the hand to act."""
    deal, to_act = game.deal, game.to_act
    return (
        deal.doubling_level > 0
        and to_act is not None
        and seat.side == to_act.side
        and seat in deal.doubling_queue
        and seat not in deal.silenced
        and len(doubling.choices(game)) > 1
        and "redouble_out_of_turn" in game.rules.laws.out_of_turn
    )


def _last_doubler(game: Game) -> Seat:
    """ELW05 law 55: "the adversary who last doubled" (the other side's)."""
    to_act = game.to_act
    assert to_act is not None
    return game.deal.last_doubler[1 - to_act.side]


def _maker(game: Game) -> Seat:
    maker = game.deal.maker
    assert maker is not None
    return maker


#: who decides about each kind of Bridge call out of turn (ELW05): the eldest
#: hand, the dealer (or his hand's holder), the maker of the trump
_BRIDGE_DECIDER: dict[str, Callable[[Game], Seat]] = {
    "declaration_by_partner": lambda game: game.dealer.left,
    "declaration_by_adversary": lambda game: game.deal.first_declarer,
    "double_before_asked": _maker,
    "lead_before_doubling": _maker,
    "redouble_out_of_turn": _last_doubler,
}
_LEAVE = Action.leave()
_DOUBLE = Action.double()


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


def slip_corrections(game: Game, player: str) -> tuple[Action, ...]:
    """Law 52: the calls that may correct ``player``'s call as a slip now:
    those he could have made instead of it (empty when no slip of his is open).

    The auction noted them when he called (``deal.slip_calls``), so they are
    known without rebuilding the game; :func:`slip` then verifies the one
    made on the game rebuilt without his call."""
    noted = game.deal.slip_calls
    if noted is None or not slip_open(game, player):
        return ()
    index, calls = noted
    said = game.actions[-1]
    return tuple(c for c in calls if c != said) if index == len(game.actions) - 1 else ()


class DealStart(NamedTuple):
    """Law 52: the game as its deal began (:func:`mark_deal`), from which a
    slip's correction replays the deal alone."""

    fields: dict[str, Any]  #: the game's fields, its deal's a copy
    actions: int  #: how many actions the game had taken
    out_of_turn: int  #: how many of them out of turn
    ops: int  #: how many log entries were not packed


def _deal_copy(deal: Deal) -> Deal:
    """A copy of ``deal`` whose lists, sets and dicts are its own (one level
    deep: as a deal begins, what they hold is never changed in place)."""
    copy = object.__new__(type(deal))
    copy.__dict__.update(
        {k: v.copy() if v.__class__ in _CONTAINERS else v for k, v in deal.__dict__.items()}
    )
    return copy


_CONTAINERS = (list, set, dict)


def mark_deal(game: Game) -> None:
    """Keep the game as its deal begins (laws mode, where the rules allow law
    52's slip): a slip corrected replays its deal from there (:func:`slip`),
    whatever the game's length."""
    fields = dict(game.__dict__)
    del fields["deal"]
    fields.pop("_deal_start", None)  # (else each start would hold the one before)
    fields["deal"] = _deal_copy(game.deal)
    game._deal_start = DealStart(
        fields, len(game.actions), len(game.actions_out_of_turn), len(game._ops)
    )


def _restart(game: Game, start: DealStart) -> None:
    """Put the game back as its deal began (the lists it shares with the
    start cut back to their length then)."""
    del game.actions[start.actions :]
    del game.actions_out_of_turn[start.out_of_turn :]
    del game._ops[start.ops :]
    slips = game._slips
    game.__dict__.update(start.fields)  # (a field set since, as pack_after, stays)
    game.deal = _deal_copy(start.fields["deal"])
    game._deal_start = start
    game._slips = slips


def slip(game: Game, player: str, action: Action) -> Operation:
    """Law 52: the player corrects the call he has just made; the first is void.

    The deal is replayed from its start without that call (so every
    consequence of it is undone: the call is the deal's last action, and no
    earlier deal depends on it), then the new call is made in its place; a
    correction refused leaves the game as it was.
    """
    said = game.actions[-1]
    if action == said:  # (slip_corrections does not offer it)
        raise IllegalActionError(
            f"{action} refused: it is the call {player} has just made; "
            "a slip is corrected by another call (law 52)"
        )
    start: DealStart = game._deal_start
    saved = dict(game.__dict__)
    actions = game.actions[start.actions :]  # the deal's, the slip last
    out_of_turn_tail = game.actions_out_of_turn[start.out_of_turn :]
    ops = game._ops[start.ops :]
    _restart(game, start)
    _replay_deal(game, start.actions, actions[:-1], dict(out_of_turn_tail))
    if not game.can(action):
        game.__dict__.clear()
        game.__dict__.update(saved)
        game.actions[start.actions :] = actions
        game.actions_out_of_turn[start.out_of_turn :] = out_of_turn_tail
        game._ops[start.ops :] = ops
        raise IllegalActionError(
            f"{action} refused: {player} may correct his call "
            f"({said}) only by a call he could have made instead"
        )
    game._append("slip", seat=game.to_act, player=player, action=said)
    op = game.apply(action)
    # The record keeps both calls, the second made "out of turn" by the
    # same player, so that replaying it corrects the slip again.
    game.actions[start.actions :] = [*actions, action]
    game.actions_out_of_turn[start.out_of_turn :] = [
        *out_of_turn_tail,
        (len(game.actions) - 1, player),
    ]
    game._slips.add(len(game.actions) - 2)
    return op


def _replay_deal(
    game: Game, first: int, actions: list[Action], out_of_turn: dict[int, str]
) -> None:
    """Replay the deal's ``actions`` (the first the game's ``first``th), its
    earlier slips as their corrections alone, so that this replay never
    replays again (each slip costs one replay of its deal)."""
    slipped: Action | None = None
    for i, earlier in enumerate(actions, first):
        if i in game._slips:
            slipped = earlier
            continue
        if slipped is not None:
            game._append("slip", seat=game.to_act, player=out_of_turn[i], action=slipped)
            game.apply(earlier)
            # as in the game itself: a corrected call cannot be corrected again
            game.actions_out_of_turn.append((len(game.actions) - 1, out_of_turn[i]))
            slipped = None
            continue
        game.apply(earlier, player=out_of_turn.get(i))


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
        and game.to_act not in game.deal.silenced
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


def passed_back_open(game: Game) -> bool:
    """Whether the player to act may pass the declaration back, irregularly
    (laws mode): it was left to him, and the rules regulate it."""
    deal = game.deal
    return (
        game.laws
        and game.phase is Phase.DECLARE
        and deal.passed_to is not None
        and game.to_act is deal.passed_to
        and game.to_act is not deal.barred  # compelled to declare once already
        and "declaration_passed_back" in game.rules.laws.out_of_turn
    )


def passed_back(game: Game, action: Action) -> Operation | None:
    """ELW05 "Making the trump": "Should the dealer's partner pass the
    declaration to the dealer, it shall be the right of the eldest hand to
    claim a new deal or to compel the offending player to declare the
    trump": his ``leave it`` is logged, and the eldest hand decides. ``None``
    for any other action, or where the rules do not regulate it."""
    if action.kind != LEAVE or not passed_back_open(game):
        return None
    options = game.rules.laws.out_of_turn["declaration_passed_back"]
    return _bid_to_decide(game, action, "passed_back", options, game.dealer.left)


def _bid_to_decide(
    game: Game,
    action: Action,
    kind: str,
    options: tuple[str, ...],
    decider: Seat | None = None,
) -> Operation:
    """An irregular call in turn, logged as ``kind``; the adversary on the
    bidder's left (or ``decider``) chooses among the penalties ``options`` name."""
    seat = game.to_act
    assert seat is not None
    offered = penalties.offer(game, options, seat, action)
    game.actions.append(action)
    op = game._append(kind, seat=seat, player=game.seat_player[seat], action=action)
    # (a seat is an int: North is 0, so "is None", never "or")
    # (a seat is an int: North is 0, so "is None", never "or")
    penalties.await_choice(
        game, seat, action, offered, seat, seat.left if decider is None else decider
    )
    return op
