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
                           ``redouble`` (Auction Bridge)          four open the auction
DOUBLE        ``double``   ``double`` (or ``redouble``),          both sides are content, or the
                           ``pass``; ``look S``                   doubling limit is reached
PLAY          ``play``     ``play CARD``, ``play blind``,         the last trick is played
                           ``look S``
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
"""

from __future__ import annotations

from enum import StrEnum

__all__ = ["Phase", "TextEnum"]


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
