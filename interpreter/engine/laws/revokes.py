"""Revokes (laws mode): a card that fails to follow suit, "Having none?" and the
revoke corrected in time (1912 laws 83, 85, 86; ELW05 'The Revoke'), dummy
pointing one out (law 61), and the claims of the revoke penalty at the end of
the hand with what they cost (laws 84, 87-89; ELW05 laws 85-96).

A revoke is played all the same and logged (``revoke``), liable to the
penalty or not as the rules say (law 63). Until a card is played to the next
trick it may be corrected (law 83): the wrong card and the cards played after
it go back to their hands. After the last trick each revoking side's penalty
is claimed or waived by the other side, in the ``claim`` phase
(:attr:`Phase.REVOKE_CLAIM <dummybridge.engine.phases.Phase.REVOKE_CLAIM>`),
and :func:`revoke_result` gives the score what the claims took.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core import _native
from ...core.cards import Card, Seat, seat_side
from .. import session, settlement
from .._speedups import plays_of
from ..actions import ASK, CORRECT, POINT_OUT, REVOKE_CLAIM, Action, Operation
from ..phases import Phase
from . import penalties

if TYPE_CHECKING:
    from ..game import Game

__all__ = [
    "ask_or_correct",
    "begin_revoke_claim",
    "begin_revoke_claims",
    "correct",
    "exempt",
    "log_corrected",
    "open_trick",
    "penal_revokes",
    "point_out",
    "point_out_open",
    "record",
    "renounce_remarks",
    "renounces",
    "revoke_claim_actions",
    "revoke_claimed",
    "revoke_result",
    "revoking_plays",
    "take_back",
]

_ASK = Action(ASK)
_CORRECT = Action(CORRECT)


def _code(card: int) -> str:
    return Card(card).code


def revoking_plays(game: Game, seat: Seat) -> tuple[Action, ...]:
    """The cards ``seat`` holds that would fail to follow suit."""
    if game._legal_call():
        return ()  # pragma: no cover
    return plays_of(game.hands[seat] & ~game._legal_out[0])


def record(game: Game, seat: Seat, action: Action) -> None:
    """Log the card ``seat`` is about to play as a revoke if it fails to follow
    suit: played all the same; whether it is liable to a penalty is the rules'
    (law 63)."""
    if game._legal_out[0] >> action.index & 1:
        return
    liable = not exempt(game, seat)
    number = len(game.tricks) + 1
    game.deal.revokes.append((seat, number, liable))
    game._append(
        "revoke",
        seat=seat,
        player=game._seat_actor[seat],
        detail={
            "card": _code(action.index),
            "led": _code(game._trick_cards[0]),
            "trick": number,
            "liable": liable,
        },
    )


def exempt(game: Game, seat: Seat) -> bool:
    """Whether a revoke from ``seat`` is never penalised (``laws.revoke.exempt``):
    the declarer's dummy (1912 law 63), and with ``every_dummy`` any hand no one
    sits at (seed 000 Double Dummy: "not in his Dummy")."""
    which = game.rules.laws.revoke.exempt
    if which == "none":
        return False
    return seat == game.dummy or (which == "every_dummy" and seat not in game.manned)


def open_trick(game: Game) -> tuple[Seat, list[int], int] | None:
    """The trick whose revokes may still be corrected, as (leader, cards, number):
    the trick being played, or the one just completed until a card is led to
    the next; a card played to the next trick establishes them (law 83), and
    so does a lead out of turn to it let stand (law 78: ``deal.early_card``,
    the card "led" though it is played in the offender's turn)."""
    if game._trick_cards:
        return game._trick_leader, game._trick_cards, len(game.tricks) + 1
    if game.tricks and game.phase is Phase.PLAY and game.deal.early_card is None:
        last = game.tricks[-1]
        return last.leader, [c.index for c in last.cards], len(game.tricks)
    return None


def renounces(game: Game) -> list[tuple[Seat, int, bool]]:
    """(seat, trick number, whether a revoke) for each hand that did not
    follow suit in the open trick."""
    found = open_trick(game)
    if found is None:
        return []
    leader, cards, number = found
    led = cards[0] // 13
    out = []
    for j in range(1, len(cards)):
        if cards[j] // 13 != led:
            seat = Seat((int(leader) + j) & 3)
            revoke = any(s is seat and n == number for s, n, _ in game.deal.revokes)
            out.append((seat, number, revoke))
    return out


def penal_revokes(game: Game) -> list[tuple[Seat, int]]:
    """The revokes liable to the penalty and not forfeited (laws 61, 63), by (seat, trick)."""
    deal = game.deal
    return [(s, n) for s, n, liable in deal.revokes if liable and (s, n) not in deal.forfeited]


# ------------------------------------------------- "Having none?" (laws 60 a, 85, 86)


def renounce_remarks(game: Game, player: str) -> list[Action]:
    """``correct revoke`` for ``player``'s own revoke, ``ask having none`` for
    his partner's renounce, while the trick is open and it was not asked."""
    laws = game.rules.laws
    correction = laws.revoke.correction
    out: list[Action] = []
    if correction is None:
        return out
    for seat, number, revoke in renounces(game):
        if (number, seat) in game.deal.asked:
            continue
        controller = game._seat_actor[seat]
        if revoke and player == controller and _CORRECT not in out:
            out.append(_CORRECT)
        partner = seat.partner
        if (
            partner not in game.manned
            or game.seat_player[partner] != player
            or player == controller
        ):
            continue
        may = laws.dummy.asks_renounce if partner is game.dummy else correction.partner_may_ask
        if may and _ASK not in out:
            out.append(_ASK)
    return out


def ask_or_correct(game: Game, player: str, action: Action) -> Operation:
    """``ask having none`` about a partner's renounce, or ``correct revoke``
    of one's own: a revoke found is corrected, with its penalty (law 86)."""
    kind = action.kind
    target, number, revoke = next(
        (s, n, r)
        for s, n, r in renounces(game)
        if (n, s) not in game.deal.asked
        and (
            player == game._seat_actor[s]
            if kind == CORRECT
            else game.seat_player[s.partner] == player
        )
    )
    game.deal.asked.add((number, target))
    op = game._append(
        kind,
        seat=target,
        player=player,
        action=action,
        detail={"trick": number, "revoke": revoke},
    )
    if revoke:
        correct(game, target, action, penalise=True)
    return op


def point_out_open(game: Game) -> bool:
    """Whether dummy may point out an adversary's revoke liable to the penalty (law 61)."""
    assert game.declarer is not None
    declaring = seat_side(game.declarer)
    return game.rules.laws.dummy.pointing_out_forfeits and any(
        seat_side(s) != declaring for s, _ in penal_revokes(game)
    )


def point_out(game: Game, player: str, action: Action) -> Operation:
    """Law 61: dummy calls attention to an adversary's revoke: found in time it
    is set right without penalty; else its penalty is lost."""
    assert game.declarer is not None
    declaring = seat_side(game.declarer)
    target, number = next((s, n) for s, n in penal_revokes(game) if seat_side(s) != declaring)
    op = game._append(
        POINT_OUT, seat=target, player=player, action=action, detail={"trick": number}
    )
    if any(s is target and n == number for s, n, _ in renounces(game)):
        correct(game, target, action, penalise=False)  # found in time: set right
    else:
        game.deal.forfeited.add((target, number))  # law 61: the penalty is lost
    return op


def correct(game: Game, seat: Seat, action: Action, *, penalise: bool) -> None:
    """Laws 85-86: a revoke corrected before it is established. The wrong card
    and the cards played after it to the trick go back to their hands; the
    player must follow suit and the others play again (they may change their
    cards). Then the adversaries may require what the rules allow."""
    leader, cards, number, reopened = take_back(game, seat)
    k = log_corrected(game, seat, leader, cards, number, reopened)
    correction = game.rules.laws.revoke.correction
    assert correction is not None
    declarer = game.declarer
    assert declarer is not None
    adversaries = (declarer.left, declarer.left.partner)
    options: tuple[str, ...] = ()
    if not penalise:
        pass
    elif seat_side(seat) != seat_side(declarer):
        options, decider = correction.adversary, declarer
    elif (
        seat is declarer
        and k != 3
        and all((int(a) - int(leader)) & 3 < len(cards) for a in adversaries)
    ):
        options, decider = correction.declarer, declarer.left
    if options:
        offered = penalties.offer(game, (*options, "decline"), seat, action)
        penalties.await_choice(game, seat, action, offered, seat, decider)


def log_corrected(
    game: Game, seat: Seat, leader: Seat, cards: list[int], number: int, reopened: bool
) -> int:
    """Log the correction that :func:`take_back` made (``corrected``: the
    wrong card and the cards taken back with it); ``seat``'s place in the trick."""
    k = (int(seat) - int(leader)) & 3
    game._append(
        "corrected",
        seat=seat,
        player=game.seat_player[seat],
        detail={
            "trick": number,
            "card": _code(cards[k]),
            "withdrawn": [_code(c) for c in cards[k:]],
            "reopened": reopened,
        },
    )
    return k


def take_back(game: Game, seat: Seat) -> tuple[Seat, list[int], int, bool]:
    """Put back ``seat``'s card in the open trick, and the cards played after it,
    into their hands (the trick played again if it was complete), with the
    revokes among them; ``seat`` is to play. Returns the trick's leader, its
    cards as they were, its number, and whether it was complete."""
    found = open_trick(game)
    assert found is not None
    assert game.denomination is not None
    leader, cards, number = found
    cards = list(cards)
    reopened = not game._trick_cards
    if reopened:  # the trick was complete: it is played again
        trick = game.tricks.pop()
        assert trick.winner is not None
        game.tricks_won[seat_side(trick.winner)] -= 1
    k = (int(seat) - int(leader)) & 3
    for j in range(k, len(cards)):
        game.hands[(int(leader) + j) & 3] |= 1 << cards[j]
    start = list(game.hands)
    for j in range(k):
        start[(int(leader) + j) & 3] |= 1 << cards[j]
    ps = game._ps = game._play_state = _native.PlayState(  # the next deals reset this one
        start, int(game.denomination.strain), int(leader)
    )
    game._legal_call, game._legal_out = ps.legal_call, ps.legal_out
    game._play_call, game._winner_out = ps.play_call, ps.winner_out
    game._step_packed = ps.step_packed
    for j in range(k):
        status = game._play_call(cards[j], 1, game._winner_out)
        assert status == 0, status
    game._trick_leader = leader
    game._trick_cards = cards[:k]
    game.to_act = seat
    # His revoke, and any later one in the trick, went back with the cards.
    withdrawn = {Seat((int(leader) + j) & 3) for j in range(k, len(cards))}
    deal = game.deal
    deal.revokes = [r for r in deal.revokes if not (r[0] in withdrawn and r[1] == number)]
    return leader, cards, number, reopened


# ------------------------------------------- the claims after the last trick


def begin_revoke_claims(game: Game) -> bool:
    """After the last trick: the claims against each side with a revoke liable
    to the penalty begin; ``False`` when there is none to claim."""
    deal = game.deal
    # (without a revoke, nothing to claim: no need to look for a penal one)
    sides = sorted({seat_side(seat) for seat, _ in penal_revokes(game)}) if deal.revokes else []
    if not sides:
        return False
    deal.revoke_claims = sides
    begin_revoke_claim(game)
    return True


def revoke_claim_actions(game: Game) -> tuple[Action, ...]:
    """The penalty the non-offending side may claim for the revoking side's revokes."""
    side = game.deal.revoke_claims[0]
    rule = game.rules.laws.revoke
    assert game.declarer is not None
    declaring = seat_side(game.declarer)
    if rule.penalty == "tricks":
        return (Action.claim_revoke_penalty("tricks"), Action.waive())
    if side == declaring:  # the declarer's side revoked: points to the adversaries
        return (Action.claim_revoke_penalty("points"), Action.waive())
    return (
        Action.claim_revoke_penalty("points"),
        Action.claim_revoke_penalty("tricks"),
        Action.waive(),
    )


def begin_revoke_claim(game: Game) -> None:
    """The claim against the first revoking side still to be settled."""
    side = game.deal.revoke_claims[0]
    assert game.declarer is not None
    # The declarer claims against the adversaries; against the declarer's
    # side, the adversary on his left.
    game.phase = Phase.REVOKE_CLAIM
    game.to_act = game.declarer if side != seat_side(game.declarer) else game.declarer.left
    game._seat_actor = tuple(game.seat_player[s] for s in Seat)


def revoke_claimed(game: Game, action: Action) -> None:
    """A revoke penalty claimed or waived; the next claim, or the score."""
    deal = game.deal
    side = deal.revoke_claims.pop(0)
    if action.kind == REVOKE_CLAIM:
        assert action.penalty is not None
        deal.revoke_penalties[side] = action.penalty
    if deal.revoke_claims:
        begin_revoke_claim(game)
    else:
        settlement.score(game)


def revoke_result(game: Game) -> dict[str, Any]:
    """The DealResult fields for the claimed revoke penalties."""
    rule = game.rules.laws.revoke
    given, points = [0, 0], [0, 0]
    cap: list[int | None] = [None, None]
    only = [False, False]
    for side, penalty in game.deal.revoke_penalties.items():
        count = sum(1 for seat, _ in penal_revokes(game) if seat_side(seat) == side)
        other = 1 - side
        if penalty == "tricks":
            first = min(rule.tricks, game.tricks_won[side] - given[other] + given[side])
            given[other] += max(0, first)
            if rule.further_points:
                points[other] += rule.further_points * (count - 1)
            else:  # each revoke its three tricks, never more than the side has
                more = rule.tricks * (count - 1)
                given[other] += max(0, min(more, game.tricks_won[side] - given[other]))
        else:
            points[other] += (
                rule.points + rule.further_points * (count - 1)
                if rule.further_points
                else rule.points * count
            )
        if rule.bars_game:
            column = session.credit(game)[side][0]
            cap[side] = max(0, game.rules.scoring.game - 2 - game.sheet.below(column))
        if rule.revoking_side_scores == "honours_only":
            only[side] = True
    return {
        "revoke_tricks": (given[0], given[1]),
        "revoke_points": (points[0], points[1]),
        "below_cap": (cap[0], cap[1]),
        "honours_only": (only[0], only[1]),
    }
