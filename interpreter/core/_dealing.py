"""The C core's seeded generator (:class:`Rng`), and shuffling, cutting and
dealing with it.

Objects owned here are plain memory from ``ffi.new``, freed by the garbage
collector; the C core allocates nothing. Part of the binding layer that
:mod:`dummybridge.core._native` gathers: import these names from there.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from .._core import ffi, lib
from ..errors import OutOfRangeError
from ._binding import (
    _U32_MAX,
    _U64_MAX,
    MAX_HANDS,
    NUM_CARDS,
    _card_text,
    _fail,
    _int,
    _u8,
    _u64,
    ensure,
    error_for,
)
from .files import clip

__all__ = [
    "Rng",
    "deal_random",
    "deal_with_cut",
    "deck_cut",
    "deck_deal",
    "deck_from_hand",
    "deck_init",
    "deck_shuffle",
    "pack_shuffled",
]

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
        try:
            seed = int(seed)
        except (ValueError, OverflowError):  # nan, inf: no number, or none in range
            raise OutOfRangeError(f"seed {seed!r} is outside 0 .. 2**64 - 1") from None
        if not 0 <= seed <= _U64_MAX:
            shown = clip(str(seed)) if seed.bit_length() < 1024 else f"of {seed.bit_length()} bits"
            raise OutOfRangeError(f"seed {shown} is outside 0 .. 2**64 - 1")
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
