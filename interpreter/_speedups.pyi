"""Types of the C module ``dummybridge._speedups`` (interpreter/_speedups.c)."""

from typing import Any

class GameBase:
    """The base of :class:`dummybridge.state.Game`: ``apply()`` and
    ``legal_actions()``, with the card step of the lean play in C."""

def _bind(step_address: int, tables: dict[str, Any], /) -> None: ...
