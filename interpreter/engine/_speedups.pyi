"""Types of the C module ``dummybridge.engine._speedups`` (interpreter/_speedups.c)."""

from typing import Any

from .actions import Action

class GameBase:
    """The base of :class:`dummybridge.engine.game.Game`: ``apply()`` and
    ``legal_actions()``, with the card step of the lean play in C."""

def trick_won(game: GameBase, winner: int, /) -> None: ...
def plays_of(cards: int, /) -> tuple[Action, ...]: ...
def _bind(step_address: int, tables: dict[str, Any], /) -> None: ...
