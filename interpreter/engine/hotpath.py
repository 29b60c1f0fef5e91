"""The hot path's contract: what the C card step reads, writes and calls.

Nearly every action of a game is a card of strict play, played by a player who
sees the hand he plays from (the "lean" play). The compiled module
:mod:`._speedups` (``_speedups.c``) takes that step in C: ``Game.apply()`` and
``Game.legal_actions()`` are its ``GameBase``'s, which read and write the
game's fields in its ``__dict__`` by name, call the C core's step, and fall
back to the Python methods for every other action.

Those names are declared here, once, and given to the C module by
:func:`bind` when :mod:`.game` is imported; the C source hard-codes none of
them. A field renamed in Python but not here would be missing when the C step
looks for it, and every card would silently take the slower Python path, so:

- :func:`bind` checks at import that :class:`~.game.Game` and
  :class:`~.deal.Deal` declare (annotate) every field, and that the game has
  both methods;
- ``tests/test_hot_path.py`` fails if a card of strict play, with no hand
  blind, reaches the Python step.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..core import _native
from ._speedups import _bind

__all__ = ["HOT_DEAL_FIELDS", "HOT_FIELDS", "HOT_METHODS", "bind"]

#: The game's fields the C card step reads or writes, in its ``__dict__``, in
#: the order of the ``F_*`` enum of ``_speedups.c``.
HOT_FIELDS = (
    "_lean",  # whether the lean play is on: the C step takes its cards
    "to_act",  # the seat to play (written: the next seat, or the trick's winner)
    "_ps",  # the PlayState: its .address is the C core's position
    "_step",  # written: the last packed step, the legal cards of the hand to play
    "_ops",  # the log's entries (a list): appended, the card's Operation and the trick's
    "actions",  # appended: the card's Action
    "deal",  # the deal in progress (a Deal): its fields below
    "_packed",  # how many entries of the log are packed before _ops' (OpLog.packed)
)

#: The fields of the deal in progress (``game.deal``) the C card step reads or
#: writes, in its ``__dict__``, in the order of the ``D_*`` enum of ``_speedups.c``.
HOT_DEAL_FIELDS = (
    "hands",  # the four hands as bits (the card is taken out)
    "trick_cards",  # the trick in progress, card numbers (a fresh list after a trick)
    "seat_actor",  # who plays each seat's cards (the Operation's player)
    "lead_due",  # whether the card is the deal's first lead (then first_lead(game))
    "trick_leader",  # the seat that led the trick (written: its winner)
    "tricks",  # appended: the Trick won
    "tricks_won",  # the tricks won by each side
)

#: The game's methods the C module falls back to for every other action:
#: the Python reference for ``apply()`` and ``legal_actions()``.
HOT_METHODS = ("_apply", "_legal_actions")


def _declared(cls: type) -> set[str]:
    """The attributes ``cls`` (or a base) annotates in its class body."""
    return {name for klass in cls.__mro__ for name in vars(klass).get("__annotations__", {})}


def bind(game: type, deal: type, tables: Mapping[str, Any]) -> None:
    """Bind the C card step to ``game`` and ``deal`` (the classes
    :class:`~.game.Game` and :class:`~.deal.Deal`) and ``tables`` (the objects
    it builds records of, and the functions it calls at the first lead and
    after the last trick: :data:`.play.C_TABLES`).

    :raises RuntimeError: if ``game`` does not declare a field of
        :data:`HOT_FIELDS` or lacks a method of :data:`HOT_METHODS`, or
        ``deal`` does not declare a field of :data:`HOT_DEAL_FIELDS`.
    """
    for cls, wanted in ((game, HOT_FIELDS), (deal, HOT_DEAL_FIELDS)):
        missing = [name for name in wanted if name not in _declared(cls)]
        if cls is game:
            missing += [name for name in HOT_METHODS if not callable(getattr(game, name, None))]
        if missing:
            raise RuntimeError(
                f"the C card step uses {', '.join(missing)}, which {cls.__name__} does not "
                "declare: rename them in dummybridge.engine.hotpath too"
            )
    _bind(
        _native.STEP_PACKED_ADDRESS,
        {
            **tables,
            "FIELDS": HOT_FIELDS,
            "DEAL_FIELDS": HOT_DEAL_FIELDS,
            "METHODS": HOT_METHODS,
        },
    )
