"""Claiming the remaining tricks at the terminal.

A player may claim that his side takes all (or ``N``) of the tricks still to
be played. The claim is granted only when the C core's exact search
(:func:`~dummybridge.core._native.solve_target`) shows that his side is sure of
them, every hand seen, however the adversaries play. A granted claim is then
played out card by card, so that the game record stays a plain list of
actions that replays: the claiming side plays a card that keeps the claim
sure, the adversaries play as their bots choose.

In laws mode the declarer's claim is first his "I have the rest" (1912 law
72), where the rules regulate it: the adversary on his left may require his
cards face up, and they stay face up whether or not the claim is granted.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from ..bots.basic import Bot
from ..core import _native
from ..core.cards import Card, seat_side
from ..engine.actions import HAVE_REST, Action
from ..engine.game import Game
from ..formats.render import action_words

__all__ = ["claim_position", "settle_claim"]

_HAVE_REST = Action(HAVE_REST)


def claim_position(game: Game) -> _native.Position:
    """The position of the play now, every hand as it is."""
    ps = game._ps
    assert ps is not None
    return _native.Position(
        hands=(ps.hand(0), ps.hand(1), ps.hand(2), ps.hand(3)),
        trump=int(game.denomination.strain) if game.denomination else 4,
        leader=ps.leader,
        trick=ps.trick,
        tricks=ps.tricks,
    )


def _left(pos: _native.Position) -> int:
    return bin(pos.hands[pos.leader]).count("1") + (1 if pos.trick else 0)


def settle_claim(
    game: Game,
    player: str,
    wanted: int | None,
    bots: Mapping[str, Bot],
    after_each: Callable[[], None],
) -> str:
    """Decide a claim by ``player`` (the player to act) of ``wanted`` of the
    remaining tricks (``None``: all), and play it out if it is granted.

    :param bots: the bots who play for the other players.
    :param after_each: called after each card played out (the session saves).
    :returns: what to tell the player.
    """
    if game.phase != "play" or game.to_act is None or game.actor != player:
        return "refused: you may claim only in the play, when it is your turn"
    if game.to_act in game._blind:
        return "refused: you cannot claim while you play blind"
    pos = claim_position(game)
    left = _left(pos)
    wanted = left if wanted is None else wanted
    if not 0 < wanted <= left:
        return (
            f"refused: claim from 1 to {left} trick{'' if left == 1 else 's'}: "
            f"there {'is' if left == 1 else 'are'} {left} left"
        )
    said = _i_have_the_rest(game, player, bots, after_each)
    side = seat_side(game.to_act)
    sure = _native.solve_target(pos, side, wanted)
    if sure is None:
        return (
            f"{said}claim not decided: too many cards left to prove {wanted} tricks sure; play on"
        )
    if not sure:
        return (
            f"{said}claim refused: your side is not sure of {wanted} of the {left} tricks left "
            "(the adversaries can stop it); play on"
        )
    deal = game.deal_number
    won = pos.tricks[side]
    while game.deal_number == deal and game.phase == "play":
        seat = game.to_act
        assert seat is not None
        actor = game.actor
        assert actor is not None
        if seat_side(seat) == side:
            now = claim_position(game)
            need = wanted - (now.tricks[side] - won)
            choice = None
            for action in game.legal_actions():
                assert action.card is not None
                trial = _after(now, action.card)
                still = need - (trial.tricks[side] - now.tricks[side])
                if _native.solve_target(trial, side, max(0, still)) == 1:
                    choice = action
                    break
            game.apply(choice if choice is not None else game.legal_actions()[0])
        else:
            game.apply(bots[actor].choose(game.observation(actor)))
        after_each()
    return f"{said}claim granted: your side takes {wanted} of the last {left} tricks"


def _i_have_the_rest(
    game: Game, player: str, bots: Mapping[str, Bot], after_each: Callable[[], None]
) -> str:
    """Laws mode, where the rules regulate it: the declarer's claim is his "I
    have the rest" (law 72), said before it is decided; the adversary on his
    left (a bot) decides whether his cards must lie face up. What to tell him
    first (``""``: nothing said)."""
    if _HAVE_REST not in game.remarks(player):
        return ""
    game.apply(_HAVE_REST, player=player)
    after_each()
    decided = ""
    while game.phase == "penalty":
        actor = game.actor
        assert actor is not None
        game.apply(bots[actor].choose(game.observation(actor)))
        after_each()
        op = game.log[-1]
        assert op.action is not None
        decided = f"{op.player} {action_words(op.action)}; "
    return game.rules.laws.cite(f'you say "I have the rest" (law 72); {decided}')


def _after(pos: _native.Position, card: Card) -> _native.Position:
    """The position after ``card`` is played (the C core plays it)."""
    hands = list(pos.hands)
    for i, c in enumerate(pos.trick):  # the trick's cards back in their hands, to replay
        hands[(pos.leader + i) & 3] |= 1 << c
    ps = _native.PlayState(hands, pos.trump, pos.leader)
    for c in pos.trick:
        ps.play(c)
    ps.play(card.index)
    return _native.Position(
        hands=(ps.hand(0), ps.hand(1), ps.hand(2), ps.hand(3)),
        trump=pos.trump,
        leader=ps.leader,
        trick=ps.trick,
        tricks=(pos.tricks[0] + ps.tricks[0], pos.tricks[1] + ps.tricks[1]),
    )
