"""The binding layer: the only module that imports the compiled ``dummybridge._core``.

It calls the C core, checks every status it returns and turns failures into
exceptions of :mod:`dummybridge.errors`. At this layer cards are ints
(``suit * 13 + rank``), hands are ints used as bitsets (bit ``card`` set when
the hand holds ``card``), seats, suits and strains are ints; the value types
of :mod:`dummybridge.core.cards` are built on top.

Python ints that do not fit the C parameter type are replaced by a value that
does and is still out of range (``int``: the nearest of ``INT_MIN`` and
``INT_MAX``; ``uint8_t``: 255; ``uint64_t``: all bits set), so the C core
still reports them with its own status (a seat of ``10**30`` is refused as
``E_SEAT``); the message always shows the value the caller gave.

Objects owned here (:class:`Rng`) are plain memory from ``ffi.new``, freed by
the garbage collector; the C core allocates nothing.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from enum import IntEnum
from functools import partial
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

__all__ = [
    "DD_DEFAULT_BYTES",
    "BatchResult",
    "DDSolver",
    "Position",
    "Rng",
    "Status",
    "batch_playout",
    "card_format",
    "card_make",
    "card_parse",
    "deal_parse",
    "deal_random",
    "deal_validate",
    "deck_cut",
    "deck_deal",
    "deck_from_hand",
    "deck_init",
    "deck_shuffle",
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
    "legal_plays",
    "pack_shuffled",
    "playout",
    "position_validate",
    "status_name",
    "status_str",
    "trick_winner",
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
    (``E_NULL``, ``E_BUFFER``, unknown codes) gives :class:`CoreError`. The exception
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
        raise _detailed(error_for(status, f"bad PBN deal {text!r}"), _parse_fault(status, text))
    return (int(hands[0]), int(hands[1]), int(hands[2]), int(hands[3])), int(unknown[0])


# ------------------------------------------------------------------- the PRNG


class Rng:
    """The C core's seeded PRNG: xoshiro256** seeded through splitmix64.

    The same seed gives the same numbers on every platform. The state is four
    64-bit words that :meth:`getstate` returns as a tuple of ints (so it can go
    into JSON) and :meth:`setstate` restores. An ``Rng`` must not be used by two
    threads at once (that raises :class:`RuntimeError`); give each thread its
    own, forked with :meth:`copy` or seeded apart.

    >>> rng = Rng(42)
    >>> twin = rng.copy()
    >>> rng.next() == twin.next()
    True

    :param seed: any int in 0 .. 2**64 - 1.
    :raises OutOfRangeError: for a seed outside that range.
    """

    __slots__ = ("__weakref__", "_deck", "_hands", "_lock", "_out32", "_ptr")

    _ptr: Any
    _lock: threading.Lock

    def __init__(self, seed: int) -> None:
        seed = int(seed)
        if not 0 <= seed <= _U64_MAX:
            raise OutOfRangeError(f"seed {seed!r} is outside 0 .. 2**64 - 1")
        self._ptr = ffi.new("dbr_rng *")
        self._out32 = ffi.new("uint32_t *")
        # scratch for deal_with_cut (used only while the lock is held)
        self._deck = ffi.new("dbr_deck *")
        self._hands = ffi.new("dbr_hand[]", MAX_HANDS)
        self._lock = threading.Lock()
        ensure(lib.dbr_rng_seed(self._ptr, seed), "cannot seed with {!r}", seed)

    @classmethod
    def from_state(cls, state: Iterable[int]) -> Rng:
        """A generator in the given state (as returned by :meth:`getstate`).

        :raises OutOfRangeError: unless the state is four ints in 0 .. 2**64 - 1,
            not all zero.
        """
        rng = cls(0)
        rng.setstate(state)
        return rng

    def _acquire(self) -> Any:
        if not self._lock.acquire(blocking=False):
            raise RuntimeError("an Rng is in use by another thread; give each thread its own")
        return self._ptr

    def _call(self, fn: Callable[[Any], int]) -> int:
        """``fn(state)`` with this generator's C state held; its status."""
        ptr = self._acquire()
        try:
            return fn(ptr)
        finally:
            self._lock.release()

    def next(self) -> int:
        """The next raw 64-bit output (``dbr_rng_next``)."""
        out = ffi.new("uint64_t *")
        status = self._call(lambda p: lib.dbr_rng_next(p, out))
        ensure(status, "cannot draw")
        return int(out[0])

    def below(self, bound: int) -> int:
        """An unbiased draw from ``0 .. bound - 1`` (``dbr_rng_below``, Lemire's method).

        :param bound: 1 .. 2**32 - 1.
        :raises OutOfRangeError: for a bound out of range.
        """
        if not 0 <= bound <= _U32_MAX:
            _fail(lib.DBR_E_COUNT, f"cannot draw below {bound!r}")
        lock = self._lock
        if not lock.acquire(blocking=False):
            raise RuntimeError("an Rng is in use by another thread; give each thread its own")
        try:
            out = self._out32
            status = lib.dbr_rng_below(self._ptr, bound, out)
            value = out[0]
        finally:
            lock.release()
        if status:
            ensure(status, "cannot draw below {!r}", bound)
        return value

    def copy(self) -> Rng:
        """An independent generator in the same state (a fork of the stream)."""
        return Rng.from_state(self.getstate())

    def getstate(self) -> tuple[int, int, int, int]:
        """The state as four ints in 0 .. 2**64 - 1."""
        s = self._ptr.s
        return (int(s[0]), int(s[1]), int(s[2]), int(s[3]))

    def setstate(self, state: Iterable[int]) -> None:
        """Restore a state returned by :meth:`getstate`.

        The all-zero state is refused: it is a fixed point of xoshiro256**
        (every output would be 0, and a bounded draw would never end). Seeding
        never produces it.

        :raises OutOfRangeError: unless the state is four ints in 0 .. 2**64 - 1,
            not all zero.
        """
        words = tuple(state)
        if len(words) != 4 or not all(
            isinstance(w, int) and not isinstance(w, bool) and 0 <= w <= _U64_MAX for w in words
        ):
            raise OutOfRangeError(f"Rng state {words!r} is not four ints in 0 .. 2**64 - 1")
        if not any(words):
            raise OutOfRangeError(
                f"Rng state {words!r} is all zero: xoshiro256** would only ever give 0"
            )
        ptr = self._acquire()
        try:
            for i, word in enumerate(words):
                ptr.s[i] = word
        finally:
            self._lock.release()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Rng):
            return NotImplemented
        return self.getstate() == other.getstate()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Rng.from_state({self.getstate()!r})"

    def __copy__(self) -> Rng:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, object]) -> Rng:
        return self.copy()

    def __reduce__(self) -> tuple[Any, tuple[tuple[int, int, int, int]]]:
        return (Rng.from_state, (self.getstate(),))


# ------------------------------------------------------------- deck and deal


def _deck(cards: Sequence[int]) -> Any:
    """A new ``dbr_deck`` holding ``cards`` (top first)."""
    if len(cards) > NUM_CARDS:
        _fail(lib.DBR_E_COUNT, f"a deck of {len(cards)} cards")
    deck = ffi.new("dbr_deck *")
    deck.count = len(cards)
    for i, card in enumerate(cards):
        deck.cards[i] = _u8(card)
    return deck


def _cards(deck: Any) -> list[int]:
    return list(ffi.unpack(deck.cards, deck.count))


def deck_init() -> list[int]:
    """``dbr_deck_init``: the full pack in card-number order, C2 first."""
    deck = ffi.new("dbr_deck *")
    ensure(lib.dbr_deck_init(deck), "cannot make a deck")
    return _cards(deck)


def deck_from_hand(hand: int) -> list[int]:
    """``dbr_deck_from_hand``: the cards of a hand in card-number order.

    :raises OutOfRangeError: if bits 52..63 are set.
    """
    deck = ffi.new("dbr_deck *")
    ensure(lib.dbr_deck_from_hand(_u64(hand), deck), "bad hand {}", hex(hand))
    return _cards(deck)


def deck_shuffle(cards: Sequence[int], rng: Rng) -> list[int]:
    """``dbr_deck_shuffle``: the cards shuffled by Fisher-Yates with ``rng`` (which advances).

    :raises OutOfRangeError: for more than 52 cards or a bad card.
    """
    deck = _deck(cards)
    status = rng._call(lambda p: lib.dbr_deck_shuffle(deck, p))
    if status != lib.DBR_OK:
        raise error_for(status, f"cannot shuffle {[_card_text(c) for c in cards]}")
    return _cards(deck)


def pack_shuffled(rng: Rng) -> list[int]:
    """A full pack shuffled: ``deck_shuffle(deck_init(), rng)`` in one go, on one deck in C."""
    deck = ffi.new("dbr_deck *")
    lib.dbr_deck_init(deck)
    status = rng._call(lambda p: lib.dbr_deck_shuffle(deck, p))
    ensure(status, "cannot shuffle the pack")
    return ffi.unpack(deck.cards, NUM_CARDS)


def deck_cut(cards: Sequence[int], at: int) -> list[int]:
    """``dbr_deck_cut``: the top ``at`` cards moved to the bottom, order kept.

    :raises OutOfRangeError: for ``at`` outside 0 .. len(cards) - 1.
    """
    deck = _deck(cards)
    ensure(
        lib.dbr_deck_cut(deck, _int(at)), "cannot cut a deck of {} cards at {!r}", len(cards), at
    )
    return _cards(deck)


def deck_deal(cards: Sequence[int], n_hands: int, cards_each: int, dealer: int) -> list[int]:
    """``dbr_deck_deal``: deal the top cards one at a time, starting on the dealer's left.

    :returns: ``n_hands`` hands, indexed by seat.
    :raises OutOfRangeError: for a count or the dealer out of range.
    """
    deck = _deck(cards)
    hands = ffi.new("dbr_hand[]", MAX_HANDS)
    ensure(
        lib.dbr_deck_deal(deck, _int(n_hands), _int(cards_each), _int(dealer), hands),
        "cannot deal {!r} hands of {!r} cards from {} cards by dealer {!r}",
        n_hands,
        cards_each,
        len(cards),
        dealer,
    )
    return [int(h) for h in hands[0:n_hands]]


def deal_with_cut(
    rng: Rng, n_hands: int, cards_each: int, dealer: int, min_packet: int = 4
) -> tuple[list[int], int]:
    """Shuffle a full pack, cut it, deal it: the period's deal in one go.

    ``dbr_deck_init``, ``dbr_deck_shuffle``, then a cut at ``min_packet +
    below(53 - 2 * min_packet)`` (so each packet keeps at least ``min_packet``
    cards), then ``dbr_deck_deal``; all on one deck in C, with ``rng``.

    :returns: the hands by seat, and where the pack was cut.
    :raises OutOfRangeError: for a bad pattern or packet size.
    """
    if not 1 <= min_packet <= 26:
        _fail(lib.DBR_E_COUNT, f"cannot cut with packets of at least {min_packet!r} cards")
    ptr = rng._acquire()
    try:
        # the generator's own deck, hands and output cell: ours while we hold its lock
        deck, hands, out = rng._deck, rng._hands, rng._out32
        lib.dbr_deck_init(deck)
        lib.dbr_deck_shuffle(deck, ptr)
        status = lib.dbr_rng_below(ptr, NUM_CARDS + 1 - 2 * min_packet, out)
        at = min_packet + out[0]
        cut = dealt = lib.DBR_OK
        if status == lib.DBR_OK:
            cut = lib.dbr_deck_cut(deck, at)
            if cut == lib.DBR_OK:
                dealt = lib.dbr_deck_deal(
                    deck, _int(n_hands), _int(cards_each), _int(dealer), hands
                )
                if dealt == lib.DBR_OK:
                    return ffi.unpack(hands, n_hands), at
    finally:
        rng._lock.release()
    ensure(status, "cannot draw where to cut")
    ensure(cut, "cannot cut at {!r}", at)
    ensure(
        dealt, "cannot deal {!r} hands of {!r} cards by dealer {!r}", n_hands, cards_each, dealer
    )
    raise AssertionError("unreachable: a step failed")  # pragma: no cover


def lib_below(ptr: Any, bound: int) -> int:
    """``dbr_rng_below`` on a raw generator pointer the caller has acquired."""
    out = ffi.new("uint32_t *")
    ensure(lib.dbr_rng_below(ptr, bound, out), "cannot draw below {!r}", bound)
    return int(out[0])


def deal_random(rng: Rng, n_hands: int = 4, cards_each: int = 13, dealer: int = 0) -> list[int]:
    """``dbr_deal_random``: shuffle a full pack with ``rng`` and deal it by the pattern.

    :returns: ``n_hands`` hands, indexed by seat.
    :raises OutOfRangeError: for a count or the dealer out of range.
    """
    hands = ffi.new("dbr_hand[]", MAX_HANDS)
    status = rng._call(
        lambda p: lib.dbr_deal_random(p, _int(n_hands), _int(cards_each), _int(dealer), hands)
    )
    ensure(
        status, "cannot deal {!r} hands of {!r} cards by dealer {!r}", n_hands, cards_each, dealer
    )
    return [int(h) for h in hands[0:n_hands]]


# ----------------------------------------------------------------------- play


def legal_plays(hand: int, led_suit: int | None) -> int:
    """``dbr_legal_plays``: the cards a hand may play (following suit is compulsory).

    :param led_suit: the suit led (0..3), or ``None`` when the hand is on lead.
    :raises OutOfRangeError: for a bad suit or hand.
    :raises IllegalActionError: for an empty hand (no card to play).
    """
    out = ffi.new("dbr_hand *")
    suit = NO_SUIT if led_suit is None else _int(led_suit)
    status = lib.dbr_legal_plays(_u64(hand), suit, out)
    if status != lib.DBR_OK:
        led = "on lead" if led_suit is None else f"to a lead of suit {led_suit!r}"
        raise error_for(status, f"no play from hand {_hand_text(hand)} {led}")
    return int(out[0])


def trick_winner(
    cards: Sequence[int], leader: int, trump: int, n_seats: int = 4
) -> tuple[int, int]:
    """``dbr_trick_winner``: who wins a (possibly incomplete) trick.

    :param cards: the cards in play order, the first led by ``leader``.
    :param trump: 0..3, or 4 (``NOTRUMP``).
    :returns: the winning seat and the index in ``cards`` of the winning card.
    :raises OutOfRangeError: for a bad card, seat, strain or count.
    :raises InvalidDealError: for a card played twice.
    """
    if len(cards) > MAX_HANDS:
        _fail(lib.DBR_E_COUNT, f"a trick of {len(cards)} cards")
    array = ffi.new("dbr_card[]", [_u8(c) for c in cards] or [0])
    seat = ffi.new("int *")
    index = ffi.new("int *")
    status = lib.dbr_trick_winner(
        array, len(cards), _int(leader), _int(n_seats), _int(trump), seat, index
    )
    if status != lib.DBR_OK:
        shown = " ".join(_card_text(c) for c in cards)
        raise error_for(
            status,
            f"cannot find the winner of the trick [{shown}] led by seat "
            f"{leader!r} of {n_seats!r}, trump {trump!r}",
        )
    return int(seat[0]), int(index[0])


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


# ------------------------------------------------------------------ playouts


@dataclass(frozen=True, slots=True)
class Position:
    """A position in the play of a four-hand deal (``dbr_position``).

    :ivar hands: the cards still held, by seat (bitsets).
    :ivar trump: 0..3, or 4 for no trumps.
    :ivar leader: the seat that led to the current trick.
    :ivar trick: the cards played to the current trick, in order (0..3 of them).
    :ivar tricks: the tricks won so far by side 0 (seats 0 and 2) and side 1.
    """

    hands: tuple[int, int, int, int]
    trump: int
    leader: int
    trick: tuple[int, ...] = ()
    tricks: tuple[int, int] = (0, 0)


def _position(pos: Position) -> Any:
    if len(pos.hands) != 4 or len(pos.tricks) != 2:
        raise OutOfRangeError(f"a position needs 4 hands and 2 trick counts: {pos!r}")
    if len(pos.trick) > 4:
        _fail(lib.DBR_E_TRICK, f"a current trick of {len(pos.trick)} cards")
    c = ffi.new("dbr_position *")
    for i, hand in enumerate(pos.hands):
        c.hands[i] = _u64(hand)
    for i, card in enumerate(pos.trick):
        c.trick[i] = _u8(card)
    c.trump = _u8(pos.trump)
    c.leader = _u8(pos.leader)
    c.trick_len = len(pos.trick)
    c.tricks[0] = _u8(pos.tricks[0])
    c.tricks[1] = _u8(pos.tricks[1])
    return c


def _from_c_position(c: Any) -> Position:
    return Position(
        hands=(int(c.hands[0]), int(c.hands[1]), int(c.hands[2]), int(c.hands[3])),
        trump=int(c.trump),
        leader=int(c.leader),
        trick=tuple(int(x) for x in c.trick[0 : c.trick_len]),
        tricks=(int(c.tricks[0]), int(c.tricks[1])),
    )


def _position_text(pos: Position) -> str:
    """A position for messages, in a player's terms: each seat's hand with its
    number of cards, the strain and the leader by name (raw values when out of
    range, so that a bad one shows as it was given)."""
    hands = ", ".join(
        f"{seat} {_hand_text(h)} ({_hand_size(h)})"
        for seat, h in zip("NESW", pos.hands, strict=False)
    )
    trick = " ".join(_card_text(c) for c in pos.trick)
    trump = ("C", "D", "H", "S", "NT")[pos.trump] if 0 <= pos.trump <= 4 else repr(pos.trump)
    leader = "NESW"[pos.leader] if 0 <= pos.leader <= 3 else repr(pos.leader)
    return (
        f"hands [{hands}], trump {trump}, leader {leader}, trick [{trick}], tricks {pos.tricks!r}"
    )


def _hand_size(hand: int) -> str:
    """The number of cards in a hand for messages ('?' for a bad bitset)."""
    if not 0 <= hand <= FULL_DECK:
        return "?"
    n = hand.bit_count()
    return f"{n} card" if n == 1 else f"{n} cards"


def position_validate(pos: Position) -> None:
    """``dbr_position_validate``: check a position.

    :raises OutOfRangeError: for a bad card, strain or seat.
    :raises InvalidDealError: for a card held twice, hands of inconsistent
        sizes or an impossible trick.
    """
    status = lib.dbr_position_validate(_position(pos))
    if status != lib.DBR_OK:
        raise error_for(status, f"invalid position ({_position_text(pos)})")


def playout(pos: Position, rng: Rng) -> Position:
    """``dbr_playout``: play a position out with uniformly random legal cards.

    :returns: the final position (empty hands, the totals in ``tricks``, the
        last trick's winner as ``leader``); ``rng`` has advanced.
    :raises OutOfRangeError: for a bad card, strain or seat.
    :raises InvalidDealError: for an invalid position (``rng`` is then unchanged).
    """
    c = _position(pos)
    status = rng._call(lambda p: lib.dbr_playout(c, p))
    if status != lib.DBR_OK:
        raise error_for(status, f"cannot play out the position ({_position_text(pos)})")
    return _from_c_position(c)


class PlayState:
    """A live ``dbr_position`` for a game's play phase: one C call per card.

    The C core checks each card (held, and following suit unless a revoke is
    allowed), removes it, and decides the trick when it is complete. Not
    thread-safe: a game owns its play state.

    >>> state = PlayState((1 << 51, 1 << 50, 1 << 49, 1 << 12), trump=4, leader=0)
    >>> state.play(51), state.play(50), state.play(49), state.play(12)
    (-1, -1, -1, 0)
    >>> state.tricks
    (1, 0)

    :param hands: the four hands, by seat.
    :param trump: 0..3, or 4 for no trumps.
    :param leader: the seat on lead.
    :raises OutOfRangeError, InvalidDealError: for a position that is not one.
    """

    __slots__ = (
        "_legal",
        "_play",
        "_pos",
        "_winner",
        "address",
        "legal_call",
        "legal_out",
        "play_call",
        "step_call",
        "step_packed",
        "winner_out",
    )

    def __init__(self, hands: Sequence[int], trump: int, leader: int) -> None:
        hands = tuple(hands)
        try:  # cffi fills the struct when every value fits its field ...
            self._pos = ffi.new(
                "dbr_position *", {"hands": hands, "trump": trump, "leader": leader}
            )
            if len(hands) != 4:
                raise OverflowError
        except (OverflowError, TypeError, IndexError):  # ... else the C core names the bad one
            self._pos = None
        if self._pos is None or lib.dbr_position_validate(self._pos) != lib.DBR_OK:
            pos = Position(hands=hands, trump=trump, leader=leader)  # type: ignore[arg-type]
            self._pos = _position(pos)
            status = lib.dbr_position_validate(self._pos)
            if status != lib.DBR_OK:
                raise error_for(status, f"invalid position ({_position_text(pos)})")
        self._winner = ffi.new("int *")
        self._legal = ffi.new("dbr_hand *")
        self._play = lib.dbr_position_play
        #: Direct entry points for a game's inner loop (no Python frame):
        #: ``legal_call()`` returns a status and leaves the legal cards in
        #: ``legal_out[0]``; ``play_call(card, flags, winner_out)`` returns a
        #: status and leaves the trick's winner (or -1) in ``winner_out[0]``.
        self.legal_out = self._legal
        self.winner_out = self._winner
        self.legal_call = partial(lib.dbr_position_legal, self._pos, self._legal)
        self.play_call = partial(lib.dbr_position_play, self._pos)
        #: ``step_call(card, flags, winner_out, legal_out)``: ``dbr_position_step``,
        #: the play and then the next hand's legal cards in one C call.
        self.step_call = partial(lib.dbr_position_step, self._pos)
        #: ``step_packed(card, flags)``: ``dbr_position_step_packed``, the same
        #: step with its results in the returned int: ``-status`` on failure,
        #: else the legal cards (bits 0-51) and 1 + the trick's winner, or 0,
        #: from bit ``STEP_WINNER_SHIFT`` on.
        self.step_packed = partial(lib.dbr_position_step_packed, self._pos)
        #: The position's address, for ``dummybridge.engine._speedups``: valid while
        #: this object lives (it owns the position's memory).
        self.address = int(ffi.cast("uintptr_t", self._pos))

    def reset(self, hands: Sequence[int], trump: int, leader: int) -> bool:
        """Start a new play in the same buffers (a game plays deal after deal).

        :returns: True when the position is valid and now this one; False
            (the state then unusable) for any other: make a new PlayState,
            which names the problem.
        """
        pos = self._pos
        try:
            pos.hands = hands
            pos.trump = trump
            pos.leader = leader
        except (OverflowError, TypeError, IndexError):
            return False
        pos.trick_len = 0
        pos.tricks = (0, 0)
        return len(hands) == 4 and lib.dbr_position_validate(pos) == lib.DBR_OK

    def legal(self) -> int:
        """The cards the hand to play may play (``dbr_position_legal``)."""
        if lib.dbr_position_legal(self._pos, self._legal):
            raise error_for(lib.dbr_position_legal(self._pos, self._legal), "no legal play")
        return int(self._legal[0])

    def play(self, card: int, allow_revoke: bool = False) -> int:
        """Play ``card`` from the hand to play (``dbr_position_play``).

        :returns: the trick's winner when the card completes it, else -1.
        :raises IllegalActionError: for a card not held, or a revoke when not allowed.
        """
        status = self._play(self._pos, card, 1 if allow_revoke else 0, self._winner)
        if status:
            raise error_for(status, f"cannot play {_card_text(card)}")
        return int(self._winner[0])

    @property
    def to_play(self) -> int:
        """The seat whose turn it is."""
        return (self._pos.leader + self._pos.trick_len) & 3

    @property
    def leader(self) -> int:
        """The seat that led (or is to lead) the current trick."""
        return int(self._pos.leader)

    @property
    def trick(self) -> tuple[int, ...]:
        """The cards played to the current trick."""
        return tuple(self._pos.trick[0 : self._pos.trick_len])

    @property
    def tricks(self) -> tuple[int, int]:
        """Tricks won by side 0 and side 1."""
        return int(self._pos.tricks[0]), int(self._pos.tricks[1])

    def hand(self, seat: int) -> int:
        """The cards ``seat`` still holds."""
        return int(self._pos.hands[seat])


@dataclass(frozen=True, slots=True)
class BatchResult:
    """The result of :func:`batch_playout` (``dbr_batch_result``).

    :ivar deals: the number of deals played.
    :ivar tricks: total tricks won by side 0 (N-S) and side 1 (E-W).
    :ivar histogram: ``histogram[t]`` = deals in which side 0 won ``t`` tricks.
    :ivar side0_tricks: side 0's tricks in each deal, if asked for.
    """

    deals: int
    tricks: tuple[int, int]
    histogram: tuple[int, ...]
    side0_tricks: tuple[int, ...] | None = None


def batch_playout(
    rng: Rng, n_deals: int, trump: int, dealer: int, per_deal: bool = False
) -> BatchResult:
    """``dbr_batch_playout``: deal and play out ``n_deals`` random deals.

    Each deal is ``deal_random(rng, 4, 13, dealer)`` played out from the lead
    of the seat on the dealer's left, exactly as the single calls would.

    :param per_deal: also return side 0's tricks in each deal.
    :raises OutOfRangeError: for a bad count, strain or dealer.
    """
    if not 0 <= n_deals <= _U32_MAX:
        _fail(lib.DBR_E_COUNT, f"cannot play {n_deals!r} deals")
    result = ffi.new("dbr_batch_result *")
    per = ffi.new("uint8_t[]", max(n_deals, 1)) if per_deal else ffi.NULL
    status = rng._call(
        lambda p: lib.dbr_batch_playout(p, n_deals, _int(trump), _int(dealer), per, result)
    )
    ensure(status, "cannot play {!r} deals with trump {!r} and dealer {!r}", n_deals, trump, dealer)
    return BatchResult(
        deals=int(result.deals),
        tricks=(int(result.tricks[0]), int(result.tricks[1])),
        histogram=tuple(int(x) for x in result.histogram),
        side0_tricks=tuple(ffi.unpack(per, n_deals)) if per_deal else None,
    )


# ------------------------------------------------------ sampling and claims


def _four(values: Sequence[int], kind: str) -> Any:
    if len(values) != 4:
        raise OutOfRangeError(f"{kind} needs four entries, got {len(values)}")
    return values


def deal_constrained(
    rng: Rng, known: Sequence[int], need: Sequence[int], voids: Sequence[int], pool: int
) -> tuple[int, int, int, int]:
    """``dbr_deal_constrained``: deal ``pool`` so that hand ``h`` gets
    ``need[h]`` cards besides ``known[h]``, none of a suit in ``voids[h]`` (bits).

    :raises OutOfRangeError: for counts that do not fit the pool and the voids.
    :raises InvalidDealError: for a card both known and in the pool.
    """
    out = ffi.new("dbr_hand[4]")
    k = ffi.new("dbr_hand[4]", [_u64(h) for h in _four(known, "known")])
    n = ffi.new("int[4]", [_int(x) for x in _four(need, "need")])
    v = ffi.new("unsigned[4]", [_int(x) & 0xFFFFFFFF for x in _four(voids, "voids")])
    status = rng._call(lambda p: lib.dbr_deal_constrained(p, k, n, v, _u64(pool), out))
    ensure(
        status,
        "cannot deal {} to hands needing {!r} with voids {!r}",
        _Lazy(_hand_text, pool),
        list(need),
        list(voids),
    )
    return int(out[0]), int(out[1]), int(out[2]), int(out[3])


def playout_maxims(pos: Position, rng: Rng) -> Position:
    """``dbr_playout_maxims``: play a position out by simple maxims.

    :raises OutOfRangeError, InvalidDealError: for a position that is not one.
    """
    c = _position(pos)
    status = rng._call(lambda p: lib.dbr_playout_maxims(c, p))
    if status != lib.DBR_OK:
        raise error_for(status, f"cannot play out the position ({_position_text(pos)})")
    return _from_c_position(c)


def sample_plays(
    rng: Rng, pos: Position, need: Sequence[int], voids: Sequence[int], pool: int, n_samples: int
) -> tuple[int, ...]:
    """``dbr_sample_plays``: for each card (0..51), the sum over ``n_samples``
    sampled deals of the final tricks of the side to play after playing it
    (0 for the cards not legal).

    :raises OutOfRangeError, InvalidDealError: for a position or counts that do not fit.
    """
    if not 0 <= n_samples <= _U32_MAX:
        _fail(lib.DBR_E_COUNT, f"cannot draw {n_samples!r} samples")
    c = _position(pos)
    n = ffi.new("int[4]", [_int(x) for x in _four(need, "need")])
    v = ffi.new("unsigned[4]", [_int(x) & 0xFFFFFFFF for x in _four(voids, "voids")])
    totals = ffi.new("uint32_t[52]")
    status = rng._call(lambda p: lib.dbr_sample_plays(p, c, n, v, _u64(pool), n_samples, totals))
    if status != lib.DBR_OK:
        raise error_for(status, f"cannot sample the plays of ({_position_text(pos)})")
    return tuple(int(x) for x in totals)


def solve_target(pos: Position, side: int, target: int, node_limit: int = 2_000_000) -> int | None:
    """``dbr_solve_target``: whether ``side`` is sure of ``target`` more tricks,
    every hand seen: ``1``/``0``, or ``None`` when undecided within ``node_limit``.

    :raises OutOfRangeError, InvalidDealError: for a position or target that is not one.
    """
    c = _position(pos)
    out = ffi.new("int *")
    status = lib.dbr_solve_target(c, _int(side), _int(target), _u64(node_limit), out)
    if status != lib.DBR_OK:
        raise error_for(
            status, f"cannot solve for side {side!r}, target {target!r} ({_position_text(pos)})"
        )
    result = int(out[0])
    return None if result < 0 else result


# ------------------------------------------------------- double-dummy solver

DD_DEFAULT_BYTES: int = lib.DBR_DD_DEFAULT_BYTES
"""The default size of a solver's workspace (``DBR_DD_DEFAULT_BYTES``, 32 MiB)."""


class DDSolver:
    """A double-dummy solver: a workspace of the C core's solver (``dbr_dd``).

    The workspace is ``size`` bytes of memory owned by this object (the C core
    allocates nothing); its transposition table keeps what earlier calls
    learned, so one solver reused for many positions gets faster. A solver
    must not be used by two threads at once (that raises
    :class:`RuntimeError`); solvers in different threads run in parallel.

    Results count the tricks still to complete, the current trick included.

    >>> solver = DDSolver(1 << 20)
    >>> pos = Position(hands=(1 << 51, 1 << 50, 1 << 49, 1 << 12), trump=4, leader=0)
    >>> solver.solve(pos)
    1

    :param size: the workspace size in bytes, at least :attr:`min_size`.
    :raises OutOfRangeError: for a size below the minimum.
    """

    __slots__ = ("_dd", "_lock", "_mem", "size")

    _dd: Any
    _lock: threading.Lock
    _mem: Any
    size: int

    min_size: int = int(lib.dbr_dd_min_bytes())

    def __init__(self, size: int = DD_DEFAULT_BYTES) -> None:
        size = int(size)
        if not self.min_size <= size <= 1 << 40:
            _fail(lib.DBR_E_WORKSPACE, f"a solver workspace of {size!r} bytes")
        self.size = size
        self._mem = ffi.new("char[]", size)
        out = ffi.new("dbr_dd **")
        ensure(lib.dbr_dd_init(self._mem, size, out), "a solver workspace of {!r} bytes", size)
        self._dd = out[0]
        self._lock = threading.Lock()

    def _acquire(self) -> Any:
        if not self._lock.acquire(blocking=False):
            raise RuntimeError("a DDSolver is in use by another thread; give each thread its own")
        return self._dd

    def solve(self, pos: Position) -> int:
        """``dbr_dd_solve``: the most tricks the side of the hand to play can take.

        :raises OutOfRangeError: for a bad card, strain or seat.
        :raises InvalidDealError: for a card held twice, hands of inconsistent
            sizes or an impossible current trick.
        :raises IllegalActionError: for a position with no cards left.
        """
        c = _position(pos)
        out = ffi.new("int *")
        dd = self._acquire()
        try:
            status = lib.dbr_dd_solve(dd, c, out)
        finally:
            self._lock.release()
        if status != lib.DBR_OK:
            raise error_for(status, f"cannot solve the position ({_position_text(pos)})")
        return int(out[0])

    def solve_cards(self, pos: Position) -> tuple[int, dict[int, int]]:
        """``dbr_dd_solve_cards``: the value of every legal card.

        :returns: the best value (as :meth:`solve`) and, for each legal card of
            the hand to play, the tricks its side takes after playing it.
        :raises DummyBridgeError: as :meth:`solve`.
        """
        c = _position(pos)
        out = ffi.new("int *")
        scores = ffi.new("int8_t[52]")
        dd = self._acquire()
        try:
            status = lib.dbr_dd_solve_cards(dd, c, out, scores)
        finally:
            self._lock.release()
        if status != lib.DBR_OK:
            raise error_for(status, f"cannot solve the position ({_position_text(pos)})")
        return int(out[0]), {card: int(scores[card]) for card in range(52) if scores[card] >= 0}

    def table(self, hands: Sequence[int]) -> tuple[tuple[int, int, int, int], ...]:
        """``dbr_dd_table``: the 20 results of a deal of four equal hands.

        :returns: ``table[strain][declarer]``, strains 0..3 the suits and 4 no
            trumps, declarers by seat: the tricks the declarer's side takes
            with the declarer's left-hand opponent on lead.
        :raises DummyBridgeError: for hands that are not a deal of equal hands.
        """
        return self.tables([hands])[0]

    def tables(self, deals: Sequence[Sequence[int]]) -> list[tuple[tuple[int, int, int, int], ...]]:
        """``dbr_dd_table_batch``: :meth:`table` for many deals in one call.

        :raises DummyBridgeError: for the first bad deal, naming its index.
        """
        n = len(deals)
        if n == 0:
            return []
        for i, hands in enumerate(deals):
            if len(hands) != 4:
                _fail(lib.DBR_E_COUNT, f"deal {i}: a deal needs 4 hands, not {len(hands)}")
        flat = ffi.new("dbr_hand[]", 4 * n)
        for i, hands in enumerate(deals):
            for j, hand in enumerate(hands):
                flat[4 * i + j] = _u64(hand)
        out = ffi.new("int[]", 20 * n)
        failed = ffi.new("size_t *")
        dd = self._acquire()
        try:
            status = lib.dbr_dd_table_batch(dd, flat, n, out, failed)
        finally:
            self._lock.release()
        if status != lib.DBR_OK:
            i = int(failed[0])
            hands_text = ", ".join(_hand_text(h) for h in deals[i])
            raise error_for(status, f"cannot solve deal {i} ([{hands_text}])")
        return [
            tuple(
                (
                    out[20 * i + 4 * s],
                    out[20 * i + 4 * s + 1],
                    out[20 * i + 4 * s + 2],
                    out[20 * i + 4 * s + 3],
                )
                for s in range(5)
            )
            for i in range(n)
        ]

    @property
    def nodes(self) -> int:
        """Search nodes visited by this solver so far (``dbr_dd_nodes``)."""
        out = ffi.new("uint64_t *")
        ensure(lib.dbr_dd_nodes(self._dd, out), "cannot read the node count")
        return int(out[0])
