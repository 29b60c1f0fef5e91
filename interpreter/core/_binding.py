"""The binding's base: the C core's constants, its status codes and the errors
they raise, and cards, hands and deals as ints (parsing, formatting, checking,
counting).

Python ints that do not fit the C parameter type are replaced by a value that
does and is still out of range (``int``: the nearest of ``INT_MIN`` and
``INT_MAX``; ``uint8_t``: 255; ``uint64_t``: all bits set), so the C core
still reports them with its own status (a seat of ``10**30`` is refused as
``E_SEAT``); the message always shows the value the caller gave.

Part of the binding layer that :mod:`dummybridge.core._native` gathers: import
these names from there.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from enum import IntEnum
from typing import Any, NoReturn

from .._core import ffi, lib
from ..errors import (
    CoreError,
    DummyBridgeError,
    IllegalActionError,
    InvalidDealError,
    InvalidNotationError,
    OutOfRangeError,
)
from .files import clip

__all__ = [
    "FULL_DECK",
    "MAX_HANDS",
    "NOTRUMP",
    "NO_SUIT",
    "NUM_CARDS",
    "STATUS_COUNT",
    "STEP_PACKED_ADDRESS",
    "STEP_WINNER_SHIFT",
    "VERSION",
    "VERSION_STRING",
    "Status",
    "card_format",
    "card_make",
    "card_parse",
    "deal_parse",
    "deal_validate",
    "ensure",
    "error_for",
    "hand_aces",
    "hand_count",
    "hand_format",
    "hand_honours",
    "hand_longest_suits",
    "hand_parse",
    "hand_pips",
    "hand_suit_lengths",
    "hands_honours",
    "library_version",
    "library_version_string",
    "status_name",
    "status_str",
]

# ------------------------------------------------------------------ constants

VERSION: int = lib.DBR_VERSION
VERSION_STRING: str = ffi.string(lib.DBR_VERSION_STRING).decode("ascii")
STATUS_COUNT: int = lib.DBR_STATUS_COUNT
NUM_CARDS: int = lib.DBR_NUM_CARDS
MAX_HANDS: int = lib.DBR_MAX_HANDS
STEP_WINNER_SHIFT: int = lib.DBR_STEP_WINNER_SHIFT
#: The address of ``dbr_position_step_packed`` in this module, for the card
#: step of ``dummybridge.engine._speedups`` (which thus runs the one copy of the C core).
STEP_PACKED_ADDRESS: int = int(
    ffi.cast("uintptr_t", ffi.addressof(lib, "dbr_position_step_packed"))
)
FULL_DECK: int = lib.DBR_FULL_DECK
NO_SUIT: int = lib.DBR_NO_SUIT
NOTRUMP: int = lib.DBR_NOTRUMP

_INT_MIN = -(2**31)
_INT_MAX = 2**31 - 1
_U8_MAX = 2**8 - 1
_U32_MAX = 2**32 - 1
_U64_MAX = 2**64 - 1


def _int(value: int) -> int:
    """Saturate a Python int to the C ``int`` range."""
    return min(max(value, _INT_MIN), _INT_MAX)


def _u8(value: int) -> int:
    """Map a Python int to ``uint8_t``: out-of-range values become 255 (no card, seat or strain)."""
    return value if 0 <= value <= _U8_MAX else _U8_MAX


def _u64(value: int) -> int:
    """Map a Python int to ``uint64_t``: out-of-range values become all ones (bits 52..63 set)."""
    return value if 0 <= value <= _U64_MAX else _U64_MAX


def library_version() -> int:
    """``dbr_version()``: the linked C core's version, major*10000 + minor*100 + patch."""
    return int(lib.dbr_version())


def library_version_string() -> str:
    """``dbr_version_string()``: the version of the linked C core as text (``"0.1.0"``)."""
    return ffi.string(lib.dbr_version_string()).decode("ascii")


# ------------------------------------------------------------------- statuses


class Status(IntEnum):
    """The C core's ``dbr_status`` codes; the member names are ``dbr_status_name``'s."""

    OK = lib.DBR_OK
    E_NULL = lib.DBR_E_NULL
    E_CARD = lib.DBR_E_CARD
    E_PARSE = lib.DBR_E_PARSE
    E_DUPLICATE = lib.DBR_E_DUPLICATE
    E_HAND_SIZE = lib.DBR_E_HAND_SIZE
    E_SUIT = lib.DBR_E_SUIT
    E_STRAIN = lib.DBR_E_STRAIN
    E_SEAT = lib.DBR_E_SEAT
    E_COUNT = lib.DBR_E_COUNT
    E_BUFFER = lib.DBR_E_BUFFER
    E_NOT_HELD = lib.DBR_E_NOT_HELD
    E_REVOKE = lib.DBR_E_REVOKE
    E_TRICK = lib.DBR_E_TRICK
    E_EMPTY = lib.DBR_E_EMPTY
    E_RNG_STATE = lib.DBR_E_RNG_STATE
    E_WORKSPACE = lib.DBR_E_WORKSPACE
    E_FULL = lib.DBR_E_FULL


_EXCEPTION_FOR_STATUS: dict[int, type[DummyBridgeError]] = {
    lib.DBR_E_PARSE: InvalidNotationError,
    lib.DBR_E_CARD: OutOfRangeError,
    lib.DBR_E_SUIT: OutOfRangeError,
    lib.DBR_E_STRAIN: OutOfRangeError,
    lib.DBR_E_SEAT: OutOfRangeError,
    lib.DBR_E_COUNT: OutOfRangeError,
    lib.DBR_E_DUPLICATE: InvalidDealError,
    lib.DBR_E_HAND_SIZE: InvalidDealError,
    lib.DBR_E_TRICK: InvalidDealError,
    lib.DBR_E_NOT_HELD: IllegalActionError,
    lib.DBR_E_REVOKE: IllegalActionError,
    lib.DBR_E_EMPTY: IllegalActionError,
    lib.DBR_E_RNG_STATE: OutOfRangeError,
    lib.DBR_E_WORKSPACE: OutOfRangeError,
}
"""The exception class for each failure status; any other status is a :class:`CoreError`."""


def status_str(status: int) -> str:
    """``dbr_status_str``: the C core's description of a status (``"card held twice"``).

    :param status: a ``dbr_status`` code; unknown codes give ``"unknown status"``.
    :returns: the description.
    """
    return ffi.string(lib.dbr_status_str(_int(status))).decode("ascii")


def status_name(status: int) -> str:
    """``dbr_status_name``: the name of a status without prefix (``"E_DUPLICATE"``, ``"OK"``).

    :param status: a ``dbr_status`` code; unknown codes give ``"UNKNOWN"``.
    :returns: the name.
    """
    return ffi.string(lib.dbr_status_name(_int(status))).decode("ascii")


def error_for(status: int, context: str) -> DummyBridgeError:
    """The exception for a failure status of the C core.

    The message is ``"<context>: <status text>"``, for example
    ``"unknown card code 'SX': <the C text for E_PARSE>"``. The exception class
    follows the status: ``E_PARSE`` gives :class:`InvalidNotationError`;
    ``E_CARD``, ``E_SUIT``, ``E_STRAIN``, ``E_SEAT``, ``E_COUNT`` and
    ``E_RNG_STATE``, ``E_WORKSPACE`` give :class:`OutOfRangeError`; ``E_DUPLICATE``,
    ``E_HAND_SIZE`` and ``E_TRICK`` give :class:`InvalidDealError`; ``E_NOT_HELD``,
    ``E_REVOKE`` and ``E_EMPTY`` give :class:`IllegalActionError`; anything else
    (``E_NULL``, ``E_BUFFER``, ``E_FULL``, unknown codes) gives :class:`CoreError`. The exception
    carries ``.status`` and ``.status_name``.

    :param status: the failure status (not ``DBR_OK``).
    :param context: what was being done, naming the bad input with ``!r``.
    :returns: the exception, to be raised by the caller.
    """
    name = status_name(status)
    message = f"{context}: {status_str(status)}"
    cls = _EXCEPTION_FOR_STATUS.get(status)
    if cls is None:
        return CoreError(message, status, name)
    exc = cls(message)
    exc.status = status
    exc.status_name = name
    return exc


def ensure(status: int, context: str, *args: object) -> None:
    """Raise the exception for ``status`` unless it is ``DBR_OK``.

    :param status: the status returned by a C call.
    :param context: the message context; when ``args`` are given it is a
        :meth:`str.format` template, filled only on failure.
    :param args: values for the template.
    :raises DummyBridgeError: the subclass chosen by :func:`error_for`.
    """
    if status != lib.DBR_OK:
        raise error_for(status, context.format(*args) if args else context)


def _fail(status: int, context: str) -> NoReturn:
    """Raise as if the C core had returned ``status`` (for inputs that cannot reach it)."""
    raise error_for(status, context)


def _hand_text(hand: int) -> str:
    """A hand for messages: PBN when it is a valid hand, else the bitset in hex."""
    if 0 <= hand <= FULL_DECK:
        buf = ffi.new("char[]", lib.DBR_HAND_TEXT_MAX)
        if lib.dbr_hand_format(hand, buf, lib.DBR_HAND_TEXT_MAX) == lib.DBR_OK:
            return repr(ffi.string(buf).decode("ascii"))
    return hex(hand)


class _Lazy:
    """A message argument formatted only if the message is: ``ensure`` fills
    its template on failure alone, so success never pays for the text."""

    __slots__ = ("_args", "_fn")

    def __init__(self, fn: Any, *args: Any) -> None:
        self._fn, self._args = fn, args

    def __format__(self, spec: str) -> str:
        return format(self._fn(*self._args), spec)


def _card_text(card: int) -> str:
    """A card for messages: its code when it is a valid card, else the number."""
    if 0 <= card < NUM_CARDS:
        buf = ffi.new("char[3]")
        if lib.dbr_card_format(card, buf, 3) == lib.DBR_OK:
            return ffi.string(buf).decode("ascii")
    return repr(card)


def _encode(text: str) -> bytes:
    if not isinstance(text, str):
        raise TypeError(f"expected str, not {type(text).__name__}")
    return text.encode("utf-8", "surrogatepass")


# ------------------------------------------------------------ cards and hands


def card_make(suit: int, rank: int) -> int:
    """``dbr_card_make``: the card of a suit (0..3) and a rank (0 = two .. 12 = ace).

    :raises OutOfRangeError: for a suit or rank out of range.
    """
    out = ffi.new("dbr_card *")
    ensure(
        lib.dbr_card_make(_int(suit), _int(rank), out),
        "no card of suit {!r} and rank {!r}",
        suit,
        rank,
    )
    return int(out[0])


def card_parse(text: str) -> int:
    """``dbr_card_parse``: the card number of a card code (``"SA"`` -> 51; ``"h10"`` -> 34).

    :raises InvalidNotationError: if the text is not a card code.
    """
    data = _encode(text)
    out = ffi.new("dbr_card *")
    ensure(lib.dbr_card_parse(data, len(data), out), "unknown card code {!r}", text)
    return int(out[0])


def card_format(card: int) -> str:
    """``dbr_card_format``: the canonical code of a card number (51 -> ``"SA"``).

    :raises OutOfRangeError: for a number outside 0..51.
    """
    buf = ffi.new("char[3]")
    ensure(lib.dbr_card_format(_u8(card), buf, 3), "bad card number {!r}", card)
    return ffi.string(buf).decode("ascii")


def hand_count(hand: int) -> int:
    """``dbr_hand_count``: the number of cards in a hand.

    :raises OutOfRangeError: if bits 52..63 are set (or the int is not a 64-bit set).
    """
    out = ffi.new("int *")
    ensure(lib.dbr_hand_count(_u64(hand), out), "bad hand {}", hex(hand))
    return int(out[0])


def hand_parse(text: str) -> int:
    """``dbr_hand_parse``: the bitset of a PBN hand (``"AKQ.T98.76.5432"``, spades first).

    :raises InvalidNotationError: if the text is not a PBN hand.
    :raises InvalidDealError: if a rank is repeated within a suit.
    """
    data = _encode(text)
    out = ffi.new("dbr_hand *")
    ensure(lib.dbr_hand_parse(data, len(data), out), "bad PBN hand {!r}", text)
    return int(out[0])


def hand_format(hand: int) -> str:
    """``dbr_hand_format``: a hand in PBN notation, ranks high to low.

    :raises OutOfRangeError: if bits 52..63 are set.
    """
    buf = ffi.new("char[]", lib.DBR_HAND_TEXT_MAX)
    ensure(lib.dbr_hand_format(_u64(hand), buf, lib.DBR_HAND_TEXT_MAX), "bad hand {}", hex(hand))
    return ffi.string(buf).decode("ascii")


def deal_validate(hands: Sequence[int], cards_each: int | None = None) -> None:
    """``dbr_deal_validate``: check that hands form a deal.

    :param hands: 1..8 hands.
    :param cards_each: the number of cards every hand must hold, or ``None`` not to check.
    :raises OutOfRangeError: for too few or too many hands (``E_COUNT``) or a bad hand.
    :raises InvalidDealError: for a card held twice or a hand of the wrong size.
    """
    n = len(hands)
    array = ffi.new("dbr_hand[]", [_u64(h) for h in hands] or [0])
    status = lib.dbr_deal_validate(array, n, -1 if cards_each is None else _int(cards_each))
    if status != lib.DBR_OK:
        shown = ", ".join(_hand_text(h) for h in hands)
        each = "" if cards_each is None else f" of {cards_each!r} cards each"
        names = [f"hand {i + 1}" for i in range(n)]
        raise _detailed(
            error_for(status, f"invalid deal{each} [{shown}]"),
            _deal_fault(status, hands, names, cards_each),
        )


def _detailed(exc: DummyBridgeError, detail: str) -> DummyBridgeError:
    """``exc`` with ``": detail"`` added to its message (when there is a detail)."""
    if detail:
        exc.args = (f"{exc.args[0]}: {detail}", *exc.args[1:])
    return exc


def _deal_fault(
    status: int, hands: Sequence[int], names: Sequence[str], cards_each: int | None
) -> str:
    """Which hand makes a deal fail ``status``: the card held twice and by whom,
    or the hand of the wrong size ("" when that cannot be told)."""
    if status == lib.DBR_E_DUPLICATE:
        holder: dict[int, int] = {}
        for i, hand in enumerate(hands):
            for card in range(NUM_CARDS):
                if hand >> card & 1:
                    if card in holder:
                        return f"{_card_text(card)} is in {names[holder[card]]} and {names[i]}"
                    holder[card] = i
    elif status == lib.DBR_E_HAND_SIZE and cards_each is not None:
        for i, hand in enumerate(hands):
            if 0 <= hand <= FULL_DECK and bin(hand).count("1") != cards_each:
                return f"{names[i]} holds {bin(hand).count('1')} cards, not {cards_each}"
    return ""


_SEAT_NAMES = ("north", "east", "south", "west")


def _parse_fault(status: int, text: str) -> str:
    """Where a PBN deal that ``dbr_deal_parse`` refused goes wrong: its seat
    prefix, its number of hands, or the hand the C core cannot read."""
    first = "NESW".find(text[:1].upper()) if text[1:2] == ":" and text[:1] else -1
    if first < 0:
        return "it must begin with the first hand's seat and a colon (N:, E:, S: or W:)"
    body = text[2:]
    if body != body.strip(" "):
        return "a space before the first hand or after the last"
    parts = [f for f in body.split(" ") if f]
    if len(parts) != 4:
        return (
            f"it has {len(parts) or 'no'} hand{'s' if len(parts) != 1 else ''}, not 4 "
            "(separated by spaces)"
        )
    bits: list[int] = []
    for k, part in enumerate(parts):
        seat = f"the {_SEAT_NAMES[(first + k) % 4]} hand"
        if part == "-":
            bits.append(0)
            continue
        data = part.encode("utf-8", "surrogatepass")
        out = ffi.new("dbr_hand *")
        st = lib.dbr_hand_parse(data, len(data), out)
        if st == lib.DBR_E_DUPLICATE:
            return f"{seat} {part!r} holds a card twice"
        if st != lib.DBR_OK:
            return (
                f"{seat} {part!r} is not a PBN hand (four suits, spades first, separated by dots)"
            )
        bits.append(int(out[0]))
    names = [f"the {_SEAT_NAMES[(first + k) % 4]} hand" for k in range(4)]
    return _deal_fault(status, bits, names, None)


def deal_parse(text: str) -> tuple[tuple[int, int, int, int], int]:
    """``dbr_deal_parse``: a PBN deal ``"N:h1 h2 h3 h4"``.

    :returns: the four hands by seat (0 = N .. 3 = W) and the set of seats whose
        hand was written ``"-"`` (bit ``seat`` set; those hands are empty).
    :raises InvalidNotationError: if the text is not a PBN deal.
    :raises InvalidDealError: if a card is held twice.
    """
    data = _encode(text)
    hands = ffi.new("dbr_hand[4]")
    unknown = ffi.new("unsigned *")
    status = lib.dbr_deal_parse(data, len(data), hands, unknown)
    if status != lib.DBR_OK:
        raise _detailed(
            error_for(status, f"bad PBN deal {clip(text)!r}"), _parse_fault(status, text)
        )
    return (int(hands[0]), int(hands[1]), int(hands[2]), int(hands[3])), int(unknown[0])


# ----------------------------------------------------------- hand statistics


def hand_suit_lengths(hand: int) -> tuple[int, int, int, int]:
    """``dbr_hand_suit_lengths``: the number of cards in each suit, clubs first.

    :raises OutOfRangeError: for a bad hand.
    """
    out = ffi.new("int[4]")
    ensure(lib.dbr_hand_suit_lengths(_u64(hand), out), "bad hand {}", hex(hand))
    return (int(out[0]), int(out[1]), int(out[2]), int(out[3]))


def hand_aces(hand: int) -> int:
    """``dbr_hand_aces``: the number of aces held.

    :raises OutOfRangeError: for a bad hand.
    """
    out = ffi.new("int *")
    ensure(lib.dbr_hand_aces(_u64(hand), out), "bad hand {}", hex(hand))
    return int(out[0])


def hand_honours(hand: int, strain: int) -> int:
    """``dbr_hand_honours``: A K Q J T of the trump suit held, or the aces at no trumps.

    :raises OutOfRangeError: for a bad hand or strain.
    """
    out = ffi.new("int *")
    status = lib.dbr_hand_honours(_u64(hand), _int(strain), out)
    if status:
        ensure(
            status,
            "cannot count the honours of hand {} in strain {!r}",
            _Lazy(_hand_text, hand),
            strain,
        )
    return int(out[0])


def hands_honours(hands: Iterable[int], strain: int) -> list[int]:
    """:func:`hand_honours` of each hand (the honours of a deal's four hands).

    :raises OutOfRangeError: for a bad hand or strain.
    """
    out = ffi.new("int *")
    c_strain = _int(strain)
    held = []
    for hand in hands:
        status = lib.dbr_hand_honours(_u64(hand), c_strain, out)
        if status:
            ensure(
                status,
                "cannot count the honours of hand {} in strain {!r}",
                _Lazy(_hand_text, hand),
                strain,
            )
        held.append(out[0])
    return held


def hand_pips(hand: int, suit: int, table: Sequence[int]) -> int:
    """``dbr_hand_pips``: the sum of ``table[rank]`` over the cards held in ``suit``.

    :param table: 13 pip values, two first, each 0..255.
    :raises OutOfRangeError: for a bad hand, suit or table.
    """
    values = tuple(table)
    if len(values) != 13 or not all(0 <= v <= _U8_MAX for v in values):
        raise OutOfRangeError(f"pip table {values!r} is not 13 values in 0..255")
    array = ffi.new("uint8_t[13]", values)
    out = ffi.new("int *")
    ensure(
        lib.dbr_hand_pips(_u64(hand), _int(suit), array, out),
        "cannot count the pips of hand {} in suit {!r}",
        _Lazy(_hand_text, hand),
        suit,
    )
    return int(out[0])


def hand_longest_suits(hand: int) -> tuple[int, int]:
    """``dbr_hand_longest_suits``: the suits of maximal length, and that length.

    :returns: a set of suits (bit ``s`` set for suit ``s``) and the length.
    :raises OutOfRangeError: for a bad hand.
    """
    suits = ffi.new("unsigned *")
    length = ffi.new("int *")
    ensure(lib.dbr_hand_longest_suits(_u64(hand), suits, length), "bad hand {}", hex(hand))
    return int(suits[0]), int(length[0])
