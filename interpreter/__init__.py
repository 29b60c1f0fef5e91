"""dummybridge: a rules engine for period Bridge variants.

A variant is a YAML rule file; :func:`load_rules` reads one (a built-in name
such as ``"dummy-bridge"``, ``"house/lilies"``, or a path) into a frozen
:class:`RuleSet`, and :class:`Game` plays it, from the cut to the settlement::

    >>> import dummybridge
    >>> game = dummybridge.Game(dummybridge.load_rules("bridge"), seed=1)
    >>> game.phase, game.to_act
    ('declare', <Seat.SOUTH: 2>)
    >>> op = game.apply(game.legal_actions()[0])
    >>> str(op.action)
    'declare spades'

Every decision is an :class:`Action`; :meth:`Game.apply` returns the
:class:`Operation` it logged, and :meth:`Game.observation` what one player may
see. ``print(game)``, ``print(observation)`` and ``print(sheet)`` (a
:class:`ScoreSheet`, ``game.sheets[-1]``) show them as a bridge player reads
them, and Jupyter as HTML.

:meth:`Game.legal_actions` lists the quiet action first (``pass``, content,
the lowest card), so that always taking the first ends every deal; a deal is
at most :func:`deal_length` actions long (strict play), with
doubling bounded by the safeguard ``doubling.max_doublings`` (30) where the
rules set no limit. ``dummybridge.openspiel`` (the ``[openspiel]`` extra)
registers every variant as an OpenSpiel game (``docs/openspiel.md``).

Card handling lives in a small C core (bound with cffi) that this package
gives value types (:class:`Card`, :class:`Hand`, :class:`Seat`, :class:`Suit`,
:class:`Strain`, :class:`Rank`); every error is a :class:`DummyBridgeError`.

The package is in layers, each importing only those below it
(``docs/architecture.md``): :mod:`~dummybridge.errors`, ``core``, ``language``,
``engine``, ``analysis`` and ``formats``, ``bots``, ``apps``. The names of the
engine are imported when first used, so that reading a rule file
(``dummybridge validate``) never loads the engine.
"""

# First of all, before any import: the command's signals. ``_signal`` is
# built into the interpreter and ``os`` and ``sys`` are loaded before any
# program starts, so the handling is in place before this package loads a
# single module (``signal`` would first build its enums, some 3 ms in which
# Ctrl-C gave a traceback; even ``from __future__ import annotations`` loads
# one, so this module does without it). A program that imports dummybridge
# keeps its own.
import _signal
import os as _os
import sys as _sys


def _quit_on_signal(signum: int, _frame: object) -> None:
    """Ctrl-C or SIGTERM while the ``dummybridge`` command is still loading:
    the command's one line and exit status (apps/toplevel.py), no traceback."""
    word = "interrupted" if signum == _signal.SIGINT else "terminated"
    _os.write(2, f"dummybridge: {word}\n".encode())
    _os._exit(128 + signum)


def _started_as_the_command() -> bool:
    """Whether this process is the ``dummybridge`` command (or ``python -m dummybridge``)."""
    argv0 = _os.path.basename(_sys.argv[0]) if _sys.argv else ""
    args = getattr(_sys, "orig_argv", [])
    return _os.path.splitext(argv0)[0] in ("dummybridge", "dummybridge-script") or any(
        args[i : i + 2] == ["-m", "dummybridge"] for i in range(len(args) - 1)
    )


if _started_as_the_command() and _signal.getsignal(_signal.SIGINT) is _signal.default_int_handler:
    for _signum in (_signal.SIGINT, _signal.SIGTERM):
        _signal.signal(_signum, _quit_on_signal)

from typing import TYPE_CHECKING, Any

from .core._native import Rng, Status
from .core.cards import (
    FORCED_DECLARATION_PIPS,
    Card,
    Hand,
    Rank,
    Seat,
    Strain,
    Suit,
    deal,
    format_deal,
    parse_deal,
    trick_winner,
    validate_deal,
)
from .errors import (
    CoreError,
    Diagnostic,
    DummyBridgeError,
    FileFormatError,
    IllegalActionError,
    InvalidDealError,
    InvalidNotationError,
    OutOfRangeError,
    RuleFileError,
)

if TYPE_CHECKING:
    from .engine.actions import Action, Operation
    from .engine.bounds import deal_length
    from .engine.game import Game, Observation, Trick
    from .engine.scoring import ScoreSheet
    from .language.loader import load_rules
    from .language.ruleset import RuleSet

__version__ = "0.1.0"

# name -> the module that defines it, imported on first use (PEP 562)
_LAZY = {
    "Action": "engine.actions",
    "Operation": "engine.actions",
    "Game": "engine.game",
    "Observation": "engine.game",
    "Trick": "engine.game",
    "ScoreSheet": "engine.scoring",
    "load_rules": "language.loader",
    "deal_length": "engine.bounds",
    "RuleSet": "language.ruleset",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'dummybridge' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})


__all__ = [
    "FORCED_DECLARATION_PIPS",
    "Action",
    "Card",
    "CoreError",
    "Diagnostic",
    "DummyBridgeError",
    "FileFormatError",
    "Game",
    "Hand",
    "IllegalActionError",
    "InvalidDealError",
    "InvalidNotationError",
    "Observation",
    "Operation",
    "OutOfRangeError",
    "Rank",
    "Rng",
    "RuleFileError",
    "RuleSet",
    "ScoreSheet",
    "Seat",
    "Status",
    "Strain",
    "Suit",
    "Trick",
    "__version__",
    "deal",
    "deal_length",
    "format_deal",
    "load_rules",
    "parse_deal",
    "trick_winner",
    "validate_deal",
]
