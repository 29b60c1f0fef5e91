"""dummybridge: a rules engine for period Bridge variants.

Card handling lives in a small C core (``dummybridge._core``, bound with
cffi); :mod:`dummybridge.cards` gives it Python value types and
:mod:`dummybridge.errors` holds the exception hierarchy.
"""

from __future__ import annotations

from ._native import Rng, Status
from .cards import (
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
    IllegalActionError,
    InvalidDealError,
    InvalidNotationError,
    OutOfRangeError,
    RuleFileError,
)

__version__ = "0.1.0"

__all__ = [
    "FORCED_DECLARATION_PIPS",
    "Card",
    "CoreError",
    "Diagnostic",
    "DummyBridgeError",
    "Hand",
    "IllegalActionError",
    "InvalidDealError",
    "InvalidNotationError",
    "OutOfRangeError",
    "Rank",
    "Rng",
    "RuleFileError",
    "Seat",
    "Status",
    "Strain",
    "Suit",
    "__version__",
    "deal",
    "format_deal",
    "parse_deal",
    "trick_winner",
    "validate_deal",
]
