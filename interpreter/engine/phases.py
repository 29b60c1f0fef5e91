"""The phases of a game: what :attr:`Game.phase <dummybridge.engine.game.Game.phase>` says.

A game stops only where someone decides. The cut, the deal and the score are
steps the game takes on its own between decisions, logged but never a phase:
the cut and the first deal happen in ``Game()``, and the card (or revoke claim)
that ends a deal scores it and deals the next in the same step.

============= ============ ====================================== =================================
phase         value        decisions                              ends when
============= ============ ====================================== =================================
DECLARE       ``declare``  ``declare NAME``, ``leave it``;        a denomination is declared
                           ``look S`` where the rules allow
AUCTION       ``auction``  ``bid N NAME``, ``pass``, ``double``,  three passes follow a bid, or
                           ``redouble`` (Auction Bridge);         four open the auction
                           ``look S`` where the rules allow
DOUBLE        ``double``   ``double`` (the adversaries),          both sides are content, or the
                           ``redouble`` (the declaring side),     doubling limit is reached
                           ``pass``; ``look S`` where the rules
                           allow
PLAY          ``play``     ``play CARD``; ``play blind`` (and     the last trick is played
                           ``look S`` where the rules allow) for
                           a hand its player may not see
REVOKE_CLAIM  ``claim``    laws mode, after the last trick, for   each revoking side's penalty is
                           each side that revoked: ``claim        claimed or waived
                           revoke tricks|points``, ``waive
                           revoke``
PENALTY       ``penalty``  laws mode: what the adversaries        the penalty is chosen; the
                           choose after an irregularity (accept,  phase it interrupted goes on,
                           cancel, require, forbid, call a lead,  or the deal is dealt again
                           a new deal)
OVER          ``over``     none                                   --
============= ============ ====================================== =================================

Each phase's choices, refusals and effects are in one module, which gives
the game its :class:`PhaseActions`: :mod:`.declaration`, :mod:`.auction`,
:mod:`.doubling`, :mod:`.play`; those of the laws' two phases are in
:data:`.laws.PHASES`. A look the rules of sight open is taken in any phase
(:mod:`.sight`).
"""

from __future__ import annotations

from collections.abc import Callable
from enum import StrEnum
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    from .actions import Action, Operation
    from .game import Game

__all__ = ["Phase", "PhaseActions", "TextEnum"]


class TextEnum(StrEnum):
    """A :class:`StrEnum` whose ``repr`` is its value's too, so that what holds
    a member prints as it did when it held the text."""

    def __repr__(self) -> str:
        return repr(self._value_)


class Phase(TextEnum):
    """A phase of the game; equal to (and formatted as) its value, ``"play"``.

    Its ``repr`` is its value's too, so that observations, logs and records
    print as text (``phase='play'``), as they did when phases were strings.
    """

    DECLARE = "declare"
    AUCTION = "auction"
    DOUBLE = "double"
    PLAY = "play"
    REVOKE_CLAIM = "claim"
    PENALTY = "penalty"
    OVER = "over"


class PhaseActions(NamedTuple):
    """What a phase lets the player to act do: each phase module's four functions.

    :class:`~.game.Game` dispatches on its phase through a table of these
    (``legal_actions()``, ``verify()`` and ``apply()``); a look, open in every
    phase where the rules of sight offer one, is sight's, before any phase's.
    Legality is written once: ``allows`` is membership in the phase's choices
    (see :meth:`offering`; the play's allows a revoke too, in laws mode), and
    ``why_not`` is asked only for an action refused, to say why.
    """

    #: the actions open to the player to act, looks included
    legal: Callable[[Game], tuple[Action, ...]]
    #: whether an action (not a look) is open now
    allows: Callable[[Game, Action], bool]
    #: why an action is refused, as the message's end (after "ACTION refused: ")
    why_not: Callable[[Game, Action], str]
    #: take an action verified as open; its log entry
    act: Callable[[Game, Action], Operation]

    @classmethod
    def offering(
        cls,
        choices: Callable[[Game], tuple[Action, ...]],
        why_not: Callable[[Game, Action], str],
        act: Callable[[Game, Action], Operation],
        *,
        looks: bool = True,
    ) -> PhaseActions:
        """The actions of a phase whose decisions are a list, ``choices(game)``:
        its legal actions are the choices, then (with ``looks``) the looks the
        rules of sight offer; an action is open if it is one of the choices."""
        from .sight import with_looks

        def legal(game: Game) -> tuple[Action, ...]:
            return with_looks(game, choices(game))

        def allows(game: Game, action: Action) -> bool:
            return action in choices(game)

        return cls(legal if looks else choices, allows, why_not, act)
