"""Every irregularity open now, by its name: the one list the samplers of
irregularities (``play --irregularities``, ``simulate --laws``) and the
terminal draw from.

An irregularity is an action the laws regulate that breaks a law (laws
mode): what :meth:`Game.irregular_actions
<dummybridge.engine.game.Game.irregular_actions>` offers the hand to act
(an insufficient bid, the declaration passed back, the eldest hand's lead
in the doubling and his partner's double subject to consent (ELW05 laws 56,
58: ``early_lead``, ``double_asked``), a revoke, a penalty disobeyed), a
call or card :meth:`Game.out_of_turn_actions
<dummybridge.engine.game.Game.out_of_turn_actions>` offers another player,
the remarks of :meth:`Game.remarks <dummybridge.engine.game.Game.remarks>`
that are offences (:data:`OFFENCES`), the corrections of a slip, and the
impossible bids of law 50 (no list offers them: any bid above seven is one;
here, the lowest of each denomination). Each is named as the log names what it becomes
(``insufficient``, ``revoke``, ``out_of_turn bid`` ...), so that what is
offered and what happened compare.

A slip (law 52) is offered as the calls that may correct the last call
made in turn, by its maker, before the next hand acts (named ``slip``, as
the log names the call voided): the auction notes them when the call is
made (:func:`.calls.slip_corrections`).

Not here: a dummy's touch (law 62 reads it as a suggestion: offered as
``suggest``) and the remarks that are rights or penalties, not offences
(``ask``, ``correct``, ``call_card``, ``forbid_lead``, the notice of a
false lead).

>>> from dummybridge.engine.game import Game
>>> from dummybridge.language.loader import load_rules
>>> game = Game(load_rules("auction-bridge"), 1, laws=True)
>>> _ = game.apply(game.legal_actions()[1])
>>> sorted(irregularities_open(game))
['expose_card', 'impossible', 'insufficient', 'out_of_turn bid', 'out_of_turn double', 'slip']
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import (
    ATTENTION,
    BID,
    EXPOSE_CARD,
    HAVE_REST,
    INFORM,
    LEAD_ON,
    PLAY,
    POINT_OUT,
    REFER,
    SUGGEST,
    THROW_DOWN,
    Action,
)
from ..phases import Phase
from . import calls, conduct

if TYPE_CHECKING:
    from ..game import Game

__all__ = ["OFFENCES", "irregularities_open"]

#: the remarks that break a law: a card exposed (laws 65-70), a hand thrown
#: down and "I have the rest" (law 72), a winning card led on (law 71), dummy's
#: suggestion (law 62) and his pointing out a revoke (law 61), an adversary's
#: information about the bidding (laws 51, 93) or reference to the play (law 93),
#: attention called to the trick (law 92)
OFFENCES = frozenset(
    (EXPOSE_CARD, THROW_DOWN, HAVE_REST, LEAD_ON, SUGGEST, POINT_OUT, INFORM, REFER, ATTENTION)
)


def irregularities_open(game: Game) -> dict[str, list[tuple[str, Action]]]:
    """The irregularities open now (laws mode), by name: for each, the
    players who may commit it with the action (``game.apply(action,
    player=player)``), in the engine's order; empty in strict play."""
    out: dict[str, list[tuple[str, Action]]] = {}
    if not game.laws or game.is_over:
        return out
    actor = game.actor
    if actor is not None:
        for action in game.irregular_actions():
            out.setdefault(_own_name(game, action), []).append((actor, action))
        for action in _impossible_bids(game):
            out.setdefault("impossible", []).append((actor, action))
    for player in game.players:
        for action in calls.slip_corrections(game, player):
            out.setdefault("slip", []).append((player, action))
        for action in game.out_of_turn_actions(player):
            out.setdefault(f"out_of_turn {action.kind}", []).append((player, action))
        for action in game.remarks(player):
            if action.kind in OFFENCES:
                out.setdefault(str(action.kind), []).append((player, action))
    return out


def _own_name(game: Game, action: Action) -> str:
    """What an irregular action of the hand to act is logged as."""
    if action.kind == BID:
        return "insufficient"
    if game.phase is Phase.DECLARE:
        return "passed_back"
    if game.phase is Phase.DOUBLE:  # ELW05 laws 56, 58
        return "early_lead" if action.kind == PLAY else "double_asked"
    assert game._ps is not None
    return "revoke" if conduct.plays(game, game._ps.legal()) is None else "disobey"


def _impossible_bids(game: Game) -> list[Action]:
    """Law 50: the lowest impossible bid of each denomination, where the
    rules regulate them and the hand to act may bid."""
    auction = game.rules.declaration.auction
    if game.phase is not Phase.AUCTION or auction is None:
        return []
    level = auction.max_level + 1
    bids = [Action.bid(level, name) for name in game._trump_of_name]
    return [b for b in bids if calls.impossible_open(game, b)]
