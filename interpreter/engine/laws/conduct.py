"""Conduct in the play (laws mode): remarks, touched and suggested cards, the
cards required or forbidden, called leads, and the card played in laws mode.

The remarks the laws regulate (1912 laws 51, 59-64, 85-86, 93) may be made
whether or not it is the player's turn; each one is logged, and some stop the
game for the adversaries' choice of a penalty (:mod:`.penalties`): a card
required or forbidden (laws 62, 86), or a lead called (laws 51, 93), which
the next card of that hand, or the next lead of the adversaries, must obey.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ...core.cards import Card, Hand, Seat, seat_side
from ...errors import IllegalActionError
from .. import play
from .._speedups import plays_of
from ..actions import (
    ASK,
    ATTENTION,
    CORRECT,
    INFORM,
    POINT_OUT,
    REFER,
    SUGGEST,
    TOUCH,
    Action,
    Operation,
)
from ..opkinds import OpKind
from ..phases import Phase
from . import calls, exposed, penalties, revokes

if TYPE_CHECKING:
    from ..game import Game

__all__ = [
    "REMARKS",
    "constrained",
    "correct_disobedience",
    "disobedience_open",
    "disobeying",
    "dummy_player",
    "irregular_actions",
    "lead_called",
    "lead_cards",
    "play_card",
    "plays",
    "quiet",
    "remark",
    "remarks",
    "why_no_remark",
]

#: the remarks and touches of the play that the laws regulate (laws 60-64, 85-86),
#: and the cards exposed, called and the leads prohibited (laws 65-75)
REMARKS = (
    frozenset((TOUCH, ASK, CORRECT, POINT_OUT, SUGGEST, INFORM, REFER, ATTENTION)) | exposed.REMARKS
)
_PLAYS = tuple(Action.play(Card(i)) for i in range(52))
_SUGGESTS = tuple(Action.suggest(Card(i)) for i in range(52))  # (interned, made once)
_TOUCHES = tuple(Action.touch(Card(i)) for i in range(52))
_INFORM = Action(INFORM)
_REFER = Action(REFER)
_ATTENTION = Action(ATTENTION)
_POINT_OUT = Action(POINT_OUT)
_PASS_BACK = (Action.leave(),)  # the declaration passed back (ELW05)
_CORRECT = Action(CORRECT)
DISOBEY = OpKind.DISOBEY


def irregular_actions(game: Game) -> tuple[Action, ...]:
    """:meth:`Game.irregular_actions <dummybridge.engine.game.Game.irregular_actions>`:
    in the auction the insufficient bids (:mod:`.calls`), in the declaration
    ``leave it`` by the partner it was left to (passed back, ELW05), in the
    doubling the eldest hand's lead and his partner's double subject to
    consent (ELW05 laws 56, 58), in the play the revokes, unless the hand
    must play a card required or lead a suit called."""
    bids = calls.insufficient_bids(game)
    if bids is not None:
        return bids
    if calls.passed_back_open(game):
        return _PASS_BACK
    if game.laws and game.phase is Phase.DOUBLE:  # ELW05 laws 56, 58
        return calls.doubling_irregulars(game)
    seat, deal = game.to_act, game.deal
    if not game.laws or game.phase is not Phase.PLAY or seat is None or seat in deal.blind:
        return ()
    assert game._ps is not None
    legal = game._ps.legal()
    if plays(game, legal) is not None:  # a penalty binds the hand
        # the revokes it leaves him (a card forbidden, law 62: the others he
        # holds), and the cards by which he may fail to obey (law 73)
        held = plays(game, deal.hands[seat]) or ()
        revoking = sum(1 << a.index for a in held) & ~legal
        return plays_of(revoking | disobeying(game))
    return revokes.revoking_plays(game, seat)


def disobeying(game: Game) -> int:
    """Law 73 (ELW05 law 75), where the rules regulate it: the cards by which
    the hand to play would "fail to play as directed": another card than the
    highest or lowest required of it (laws 80, 86), a card that does not win
    (or lose) the trick when laws 71, 80 call upon it to, another suit than
    the lead called while it holds that one (laws 51, 76, 93), the suit
    prohibited while it holds another (laws 65, 66); 0 if none, or if no such
    penalty binds it, or one the rules do not name (``laws.failure_to_obey``:
    the Bridge code's law 75 leaves out the prohibited lead). They are the
    legal cards :func:`plays` does not leave him, so that what binds a hand
    is written once."""
    deal, seat = game.deal, game.to_act
    named = game.rules.laws.failure_to_obey
    if not named or seat is None or game._ps is None:
        return 0
    if (deal.early_card is not None and deal.early_card[0] is seat) or _leads_led_on(game):
        return 0  # his own card (laws 78, 80) or lead (law 71): no penalty to fail
    legal = game._ps.legal()  # (at a lead, every card he holds)
    binding = _binding(game, legal)
    if not binding or not binding <= set(named):
        return 0  # a card called or suggested (laws 62, 67): no direction to fail
    allowed = plays(game, legal)  # what the penalty that binds him leaves him
    assert allowed is not None
    return legal & ~sum(1 << a.index for a in allowed)


def _binding(game: Game, legal: int) -> set[str]:
    """The penalties of law 73's list that bind the hand to play (as
    :func:`plays` reads them), by their names in ``laws.failure_to_obey``;
    empty when a card called or suggested binds it (no direction to fail)."""
    deal, seat = game.deal, game.to_act
    constraint = deal.constraint
    if constraint is not None and constraint[0] is seat:
        return {"highest_lowest"} if deal.directed else set()
    demand = deal.demand
    if demand is not None and demand[0] is seat:
        return {"win_lose"}
    out = set()
    if deal.lead_forbidden is not None and exposed.early_plays(game, legal) is not None:
        out.add("prohibited_lead")
    if deal.called_lead is not None and lead_called(game):
        out.add("called_lead")
    return out


def _leads_led_on(game: Game) -> bool:
    """Law 71: whether the hand to play is on lead with the card led on whose
    trick the declarer named, which is his lead."""
    deal = game.deal
    following = deal.led_on_next
    return following is not None and following[0] is game.to_act and not deal.trick_cards


# ------------------------------------- cards required, forbidden, led (laws 51, 62, 86, 93)


def plays(game: Game, cards: int) -> tuple[Action, ...] | None:
    """The plays open among ``cards`` (the legal cards, or every card held: a
    revoke may be played) to the hand to play when a card is required or
    forbidden to it, a lead is called or prohibited, or the card of law 80
    is his; ``None`` when none binds it."""
    deal = game.deal
    constraint = deal.constraint
    if constraint is not None and constraint[0] is game.to_act:
        return constrained(game, cards)
    demand = deal.demand
    if demand is not None and demand[0] is game.to_act:  # law 80: win or lose the trick
        return plays_of(cards & demand[1])
    if (
        deal.early_card is not None
        or deal.lead_forbidden is not None
        or deal.led_on_next is not None
    ):
        early = exposed.early_plays(game, cards)
        if early is not None:
            cards = early
            if deal.called_lead is None or not lead_called(game):
                return plays_of(cards)
    if deal.called_lead is not None and lead_called(game):
        return plays_of(cards & lead_cards(game) or cards)
    return None


def constrained(game: Game, legal: int) -> tuple[Action, ...]:
    """The plays left by a card required or forbidden (laws 62, 86)."""
    constraint = game.deal.constraint
    assert constraint is not None
    _, card, required = constraint
    if required:
        return (_PLAYS[card],)
    return plays_of(legal & ~(1 << card))


def lead_called(game: Game) -> bool:
    """Whether an adversary of the declarer is on lead with a lead called (laws 51, 93)."""
    assert game.declarer is not None
    assert game.to_act is not None
    return not game._trick_cards and seat_side(game.to_act) != seat_side(game.declarer)


def lead_cards(game: Game) -> int:
    """The cards he may lead: those of the called suit, if he has any."""
    called = game.deal.called_lead
    assert called is not None
    assert game.to_act is not None
    hand = game.hands[game.to_act]
    suit = hand & 0x1FFF << 13 * called
    return suit or hand


def quiet(game: Game) -> bool:
    """Whether no law binds the next card of the play: a legal card (one that
    follows suit) would then do in :func:`play_card` exactly what it does in
    strict play, so that the C card step may take it (the hook ``lean``). It
    is so while the deal holds none of what :func:`plays` (and so
    :func:`disobeying`), :func:`.exposed.card_played` and :func:`play_card`
    read: no card required or forbidden, no trick to win or lose (law 80), no
    lead called or prohibited, no early card, no card led on, no false lead,
    no exposed card. A revoke still takes :func:`play_card`: the C step
    refuses it."""
    deal = game.deal
    return (
        deal.constraint is None
        and deal.demand is None
        and deal.called_lead is None
        and deal.early_card is None
        and deal.lead_forbidden is None
        and deal.led_on is None
        and deal.led_on_next is None
        and deal.false_lead is None
        and not any(deal.cards_exposed.values())
    )


def play_card(game: Game, action: Action, recorded: Action | None = None) -> Operation:
    """Laws mode: a card that fails to follow suit is a revoke, played all
    the same (:func:`.revokes.record`); the card required of the hand, or the
    lead called, is then satisfied."""
    seat = game.to_act
    assert seat is not None
    game.verify(action)
    if game._legal_call():
        raise IllegalActionError(f"{action} refused")  # pragma: no cover
    revokes.record(game, seat, action)
    if disobeying(game) >> action.index & 1:
        _disobey(game, seat, action)
    exposed.card_played(game, seat, action.index)
    deal = game.deal  # (the card may end it, and the next deal begin)
    called = deal.called_lead is not None and lead_called(game)
    op = play.card(game, action, recorded, flags=1)
    if deal.constraint is not None and deal.constraint[0] is seat:
        deal.constraint = None
        deal.directed = False
    if deal.demand is not None and deal.demand[0] is seat:
        deal.demand = None
    if called:
        deal.called_lead = None
    return op


def _disobey(game: Game, seat: Seat, action: Action) -> None:
    """Law 73: the card fails to play as directed: logged, and liable to the
    revoke penalty (law 84) unless corrected before the trick is quitted; the
    penalty it broke is kept, to bind him again if he corrects it."""
    deal = game.deal
    number = len(deal.tricks) + 1
    liable = not revokes.exempt(game, seat)
    deal.revokes.append((seat, number, liable))
    penalty = (deal.constraint, deal.directed, deal.called_lead, deal.lead_forbidden, deal.demand)
    deal.disobeyed = (seat, number, penalty)
    detail = {"card": Card(action.index).code, "trick": number, "liable": liable}
    game._append(DISOBEY, seat=seat, player=game._seat_actor[seat], detail=detail)


def disobedience_open(game: Game, player: str) -> bool:
    """Law 73: whether ``player`` may still correct the card by which his hand
    failed to play as directed (the trick not yet quitted: law 83's test)."""
    disobeyed = game.deal.disobeyed
    if disobeyed is None or game.phase is not Phase.PLAY:
        return False
    seat, number, _ = disobeyed
    found = revokes.open_trick(game)
    return (
        found is not None
        and found[2] == number
        and player == game._seat_actor[seat]
        and any(s is seat and n == number for s, n, _ in game.deal.revokes)
    )


def correct_disobedience(game: Game, player: str, action: Action) -> Operation:
    """Law 73: "unless such play be corrected before the trick be turned and
    quitted": the card goes back (with those played after it), no penalty is
    due, and the penalty he broke binds him again."""
    deal = game.deal
    assert deal.disobeyed is not None
    seat, number, penalty = deal.disobeyed
    op = game._append(
        CORRECT, seat=seat, player=player, action=action, detail={"trick": number, "law": 73}
    )
    leader, cards, _, reopened = revokes.take_back(game, seat)
    deal.constraint, deal.directed, deal.called_lead, deal.lead_forbidden, deal.demand = penalty
    deal.disobeyed = None
    revokes.log_corrected(game, seat, leader, cards, number, reopened)
    return op


# ------------------------------------------------------------ remarks


def dummy_player(game: Game) -> str | None:
    """Dummy's own player once dummy is exposed, if he is not the declarer."""
    dummy = game.dummy
    if dummy is None or dummy not in game.exposed or dummy not in game.manned:
        return None
    assert game.declarer is not None
    player = game.seat_player[dummy]
    return None if player == game.seat_player[game.declarer] else player


def remarks(game: Game, player: str, kind: str | None = None) -> tuple[Action, ...]:
    """:meth:`Game.remarks <dummybridge.engine.game.Game.remarks>`: what the
    laws let ``player`` say or do in the play besides playing a card; with
    ``kind``, those of that kind alone, the others not made (what
    :func:`remark` asks to check one: the same statement, cheaper).

    :raises ValueError: for an unknown player.
    """
    game._check_player(player)
    if not game.laws:
        return ()
    if game.phase is not Phase.PLAY or game.declarer is None:
        out = exposed.exposure_remarks(game, player, kind)
    else:
        out = _play_remarks(game, player, kind)
    return tuple(out if kind is None else (a for a in out if a.kind == kind))


def _play_remarks(game: Game, player: str, kind: str | None) -> list[Action]:
    """:func:`remarks` in the play, a declarer named (``kind``: of that kind,
    perhaps with a few others)."""
    assert game.declarer is not None
    out = revokes.renounce_remarks(game, player) if kind in (None, CORRECT, ASK) else []
    if kind in (None, CORRECT) and _CORRECT not in out and disobedience_open(game, player):
        out.append(_CORRECT)  # law 73: corrected before the trick is quitted
    laws = game.rules.laws
    deal = game.deal
    if kind in (None, INFORM, REFER) and _may_call_lead_on(game, player):
        if kind in (None, INFORM) and laws.called_lead and game.rules.declaration.kind == "auction":
            out.append(_INFORM)
        if kind in (None, REFER) and laws.reference_to_play and (deal.tricks or deal.trick_cards):
            out.append(_REFER)  # law 93 (ELW05 law 101): an incident of the play, once one is
    if kind in (None, ATTENTION) and _attention_offender(game, player) is not None:
        out.append(_ATTENTION)
    if kind in (None, POINT_OUT, SUGGEST, TOUCH) and player == dummy_player(game):
        if kind in (None, POINT_OUT) and revokes.point_out_open(game):
            out.append(_POINT_OUT)
        dummy = game.dummy
        if (
            kind != POINT_OUT
            and laws.dummy.suggestion
            and dummy is not None
            and game.to_act is dummy
            and game.deal.constraint is None
        ):
            cards = tuple(c.index for c in Hand._of(game.hands[dummy]))
            out.extend(_SUGGESTS[i] for i in cards)
            # law 62: "by touching a card or otherwise": a touch is a suggestion
            out.extend(_TOUCHES[i] for i in cards)
    if kind in (None, TOUCH):
        out.extend(_touches(game, player))
    if kind is None or kind in exposed.REMARKS:
        out.extend(exposed.exposure_remarks(game, player, kind))
        out.extend(exposed.false_lead_remarks(game, player))
    return out


def _may_call_lead_on(game: Game, player: str) -> bool:
    """Laws 51, 93: ``player`` holds a hand of the declarer's adversaries, and
    no lead is called yet (one called lead at a time)."""
    declarer = game.declarer
    assert declarer is not None
    return game.deal.called_lead is None and any(
        seat_side(s) != seat_side(declarer) for s in game.player_seats.get(player, ())
    )


def _touches(game: Game, player: str) -> list[Action]:
    """Law 64: the cards the declarer may name or touch, from the hand to play."""
    to_act = game.to_act
    if not (
        game.rules.laws.dummy.touched_card_played
        and to_act is not None
        and to_act in (game.declarer, game.dummy)
        and player == game._seat_actor[to_act]
    ):
        return []
    cards: Iterable[Card] = Hand._of(game.hands[to_act])
    if to_act is game.dummy:  # a card of dummy's touched is played: one that may be
        cards = [c for c in cards if game.can(_PLAYS[c.index])]
    return [_TOUCHES[c.index] for c in cards]


def remark(game: Game, player: str, action: Action) -> Operation:
    """A remark or touch in the play (laws mode; see :func:`remarks`)."""
    if player not in game.player_seats:
        raise IllegalActionError(f"{action} refused: no player {player!r} in this game")
    if action not in remarks(game, player, action.kind):
        raise IllegalActionError(f"{action} refused: {why_no_remark(game, player, action)}")
    kind = action.kind
    if player != game.actor:
        game.actions_out_of_turn.append((len(game.actions), player))
    seat = game.to_act
    assert seat is not None
    if kind in exposed.REMARKS:
        game.actions.append(action)
        return exposed.remark(game, seat, player, action)
    assert game.declarer is not None
    if kind == TOUCH and player == game._seat_actor[seat]:
        return _touch(game, seat, player, action)
    game.actions.append(action)
    if kind == TOUCH:  # dummy touches a card of dummy's: he suggests it (law 62)
        return _suggest(game, seat, player, action)
    if kind == SUGGEST:
        return _suggest(game, seat, player, action)
    if kind in (INFORM, REFER):
        return _inform(game, seat, player, action)
    if kind == ATTENTION:
        return _attention(game, seat, player, action)
    if kind == POINT_OUT:
        return revokes.point_out(game, player, action)
    if kind == CORRECT and disobedience_open(game, player):
        return correct_disobedience(game, player, action)
    return revokes.ask_or_correct(game, player, action)  # ask having none, or correct revoke


def _touch(game: Game, seat: Seat, player: str, action: Action) -> Operation:
    """Law 64: a card of dummy's named or touched is played; one of the
    declarer's own is not, until quitted."""
    assert action.card is not None
    played = seat is game.dummy
    if played:  # refused before anything is recorded, like the play itself
        game.verify(_PLAYS[action.index])
    game._append(
        TOUCH,
        seat=seat,
        player=player,
        action=action,
        detail={"card": action.card.code, "played": played},
    )
    if played:
        return play_card(game, _PLAYS[action.index], recorded=action)
    game.actions.append(action)  # his own card is not played until quitted
    return game.log[-1]


def _suggest(game: Game, seat: Seat, player: str, action: Action) -> Operation:
    """Law 62: dummy suggests a card; an adversary may require or forbid it."""
    assert game.declarer is not None
    op = game._append(SUGGEST, seat=seat, player=player, action=action)
    # offered as the registry orders them, whatever the rule file's order
    options = penalties.in_registry_order(game.rules.laws.dummy.suggestion)
    offered = penalties.offer(game, (*options, "decline"), seat, action)
    # law 62: either adversary decides; the one on the declarer's left here
    penalties.await_choice(game, seat, action, offered, seat, game.declarer.left)
    return op


def _inform(game: Game, seat: Seat, player: str, action: Action) -> Operation:
    """Laws 51, 93: an adversary's information about the bidding, or his
    reference to an incident of the play (law 93; ELW05 law 101): the declarer
    may call a lead."""
    declarer = game.declarer
    assert declarer is not None
    offender = next(s for s in game.player_seats[player] if seat_side(s) != seat_side(declarer))
    op = game._append(action.kind, seat=offender, player=player, action=action)
    offered = penalties.offer(game, ("call_lead", "decline"), offender, action)
    penalties.await_choice(game, offender, action, offered, seat, declarer)
    return op


def _attention_offender(game: Game, player: str) -> Seat | None:
    """Law 92 (ELW05 law 100), where the rules regulate it: the hand of
    ``player``'s, an adversary of the declarer, whose card is on the trick
    while his partner has still to play to it (no penalty pending, none
    binding the partner); ``None`` if there is none."""
    deal, declarer = game.deal, game.declarer
    if not game.rules.laws.attention_to_trick or declarer is None or not deal.trick_cards:
        return None
    played = [deal.trick_leader]
    for _ in range(len(deal.trick_cards) - 1):
        played.append(played[-1].left)
    for seat in game.player_seats.get(player, ()):
        if (
            seat in game.manned
            and seat_side(seat) != seat_side(declarer)
            and seat in played[: len(deal.trick_cards)]
            and seat.partner not in played[: len(deal.trick_cards)]
            and deal.constraint is None
            and deal.demand is None
            and deal.early_card is None
        ):
            return seat
    return None


def _attention(game: Game, seat: Seat, player: str, action: Action) -> Operation:
    """Law 92 (ELW05 law 100): an adversary calls attention to the trick
    before his partner plays; the declarer may require the partner's highest
    or lowest card of the suit led, or that he win or lose the trick."""
    declarer = game.declarer
    assert declarer is not None
    offender = _attention_offender(game, player)
    assert offender is not None
    op = game._append(ATTENTION, seat=offender, player=player, action=action)
    options = penalties.in_registry_order(game.rules.laws.attention_to_trick)
    offered = penalties.offer(game, (*options, "decline"), offender, action)
    penalties.await_choice(game, offender, action, offered, seat, declarer)
    return op


def why_no_remark(game: Game, player: str, action: Action) -> str:
    """Why ``player`` may not make the remark ``action`` now, in the words of the laws."""
    if not game.laws:
        return "remarks in the play are regulated only in laws mode"
    if action.kind in exposed.REMARKS:
        return exposed.why_not(game, player, action)
    if game.phase is not Phase.PLAY:
        return "it is not the play"
    name = game.rules.name
    kind = action.kind
    if kind == TOUCH:
        if player == dummy_player(game) and game.rules.laws.dummy.suggestion:
            return (
                "dummy touches a card only to suggest one of dummy's, "
                "when dummy is to play (law 62)"
            )
        if not game.rules.laws.dummy.touched_card_played:
            return f"{name} does not regulate touched cards"
        return "only the declarer touches a card, from the hand to play, holding it"
    if kind == SUGGEST:
        return (
            f"{player} is not dummy, or dummy is not to play, or "
            f"{name} does not regulate dummy's suggestions (law 62)"
        )
    if kind == POINT_OUT:
        return f"{player} is not dummy, or no adversary's revoke is liable to a penalty"
    if kind == CORRECT:
        return f"{player} has no revoke that may still be corrected (laws 83, 86)"
    if kind == ATTENTION:
        if not game.rules.laws.attention_to_trick:
            return f"{name} does not regulate attention called to the trick (law 92)"
        return (
            f"{player} holds no hand of the declarer's adversaries whose card is on the "
            "trick while his partner has still to play to it (law 92)"
        )
    if kind == INFORM:
        if not game.rules.laws.called_lead or game.rules.declaration.kind != "auction":
            # the bidding is the 1912 code's alone: cited as its, in any code
            return (
                f"{name} calls no lead for information about the bidding (1912 law 51, 1912 law 93)"
            )
        return _no_lead_to_call(player, "laws 51, 93")
    if kind == REFER:
        if not game.rules.laws.reference_to_play:
            return f"{name} calls no lead for a reference to an incident of the play (law 93)"
        return _no_lead_to_call(player, "law 93", ", or no card is played yet")
    return (
        f"{player} may not ask: no partner of his has failed to follow suit "
        "in a trick still open (law 85; dummy: law 60 a)"
    )


def _no_lead_to_call(player: str, laws: str, more: str = "") -> str:
    """Why ``player``'s remark costs no called lead (``laws``: those it cites)."""
    return (
        f"{player} is not an adversary of the declarer, or a lead is already called{more} ({laws})"
    )
