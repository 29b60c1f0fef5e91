"""The play of the cards in C: the legal cards and a trick's winner, positions,
the live play state of a game, playouts, sampling for the bots, claims, and
the double-dummy solver.

Part of the binding layer that :mod:`dummybridge.core._native` gathers: import
these names from there.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

from .._core import ffi, lib
from ..errors import OutOfRangeError
from ._binding import (
    _U32_MAX,
    FULL_DECK,
    MAX_HANDS,
    NO_SUIT,
    _card_text,
    _fail,
    _hand_text,
    _int,
    _Lazy,
    _u8,
    _u64,
    ensure,
    error_for,
)
from ._dealing import Rng

__all__ = [
    "DD_DEFAULT_BYTES",
    "DD_MAX_BYTES",
    "BatchResult",
    "DDSolver",
    "PlayState",
    "Position",
    "batch_playout",
    "deal_constrained",
    "legal_plays",
    "playout",
    "playout_maxims",
    "position_validate",
    "sample_plays",
    "solve_target",
    "trick_winner",
]

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
        :raises OutOfRangeError: for a number that is no card (not 0 to 51).
        """
        if not 0 <= card < 52:
            raise OutOfRangeError(f"no card {card!r}: a card is a number from 0 to 51")
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

    @leader.setter
    def leader(self, seat: int) -> None:
        """Give the lead of the trick to come to ``seat`` (1912 law 78: a lead
        out of turn that the three others follow stands).

        :raises OutOfRangeError: for a seat not 0 to 3, or once a card of the
            trick is played.
        """
        if not 0 <= seat < 4 or self._pos.trick_len:
            raise OutOfRangeError(f"cannot give the lead to seat {seat!r} now")
        self._pos.leader = seat

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
DD_MAX_BYTES: int = 1 << 40
"""The largest workspace a :class:`DDSolver` makes or grows to (1 TiB)."""


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

    Growth only when asked: with ``max_size`` above ``size``, a call that
    fills the table does not forget half of it (what a solver of a fixed size
    does, always exactly) but moves the workspace into twice the memory
    (``dbr_dd_grow``, up to ``max_size``) and goes on from where it stopped;
    at ``max_size`` it evicts as usual (and so it does, ``max_size`` lowered
    to its size, where the memory cannot be had). :attr:`size` is the
    workspace's size now; while it grows the old and the new memory are both
    held.

    :param size: the workspace size in bytes, at least :attr:`min_size`.
    :param max_size: the most it may grow to (default: ``size``, no growth),
        at most :data:`DD_MAX_BYTES`.
    :raises OutOfRangeError: for a size below the minimum, or a ``max_size``
        below ``size`` or above :data:`DD_MAX_BYTES`.
    """

    __slots__ = ("_dd", "_lock", "_mem", "max_size", "size")

    _dd: Any
    _lock: threading.Lock
    _mem: Any
    size: int
    max_size: int

    min_size: int = int(lib.dbr_dd_min_bytes())

    def __init__(self, size: int = DD_DEFAULT_BYTES, max_size: int | None = None) -> None:
        size = int(size)
        if not self.min_size <= size <= DD_MAX_BYTES:
            _fail(lib.DBR_E_WORKSPACE, f"a solver workspace of {size!r} bytes")
        top = size if max_size is None else int(max_size)
        if not size <= top <= DD_MAX_BYTES:
            _fail(
                lib.DBR_E_WORKSPACE,
                f"a solver workspace growing to {top!r} bytes (from {size!r}, "
                f"at most {DD_MAX_BYTES!r})",
            )
        self.size = size
        self.max_size = top
        self._mem = ffi.new("char[]", size)
        out = ffi.new("dbr_dd **")
        ensure(lib.dbr_dd_init(self._mem, size, out), "a solver workspace of {!r} bytes", size)
        self._dd = out[0]
        self._lock = threading.Lock()
        if top > size:
            ensure(lib.dbr_dd_set_stop_when_full(self._dd, 1), "cannot set growth")

    def _grow(self) -> Any:
        """The workspace moved into twice the memory (at most :attr:`max_size`),
        its table whole (``dbr_dd_grow``); called holding the lock."""
        size = min(2 * self.size, self.max_size)
        try:
            mem = ffi.new("char[]", size)
        except MemoryError:
            # no more memory to be had: stay at this size, evicting when full
            ensure(lib.dbr_dd_set_stop_when_full(self._dd, 0), "cannot stop growth")
            self.max_size = self.size
            return self._dd
        out = ffi.new("dbr_dd **")
        ensure(lib.dbr_dd_grow(self._dd, mem, size, out), "cannot grow to {!r} bytes", size)
        if size >= self.max_size:
            ensure(lib.dbr_dd_set_stop_when_full(out[0], 0), "cannot stop growth")
        self._dd, self._mem, self.size = out[0], mem, size
        return self._dd

    def _run(self, call: Any) -> int:
        """``call(dd)``'s status, growing the workspace and calling again while
        the table is full (only where growth was asked for)."""
        dd = self._acquire()
        try:
            status = int(call(dd))
            while status == lib.DBR_E_FULL:
                status = int(call(self._grow()))
        finally:
            self._lock.release()
        return status

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
        status = self._run(lambda dd: lib.dbr_dd_solve(dd, c, out))
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
        status = self._run(lambda dd: lib.dbr_dd_solve_cards(dd, c, out, scores))
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
        done = [0]  # the deals solved before a full table stopped the batch

        def batch(dd: Any) -> int:
            k = done[0]
            st = int(lib.dbr_dd_table_batch(dd, flat + 4 * k, n - k, out + 20 * k, failed))
            if st != lib.DBR_OK:
                failed[0] += k
                done[0] = int(failed[0])
            return st

        status = self._run(batch)
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

    def table_strain(self, hands: Sequence[int], strain: int) -> tuple[int, int, int, int]:
        """``dbr_dd_table_strain``: one strain's row of :meth:`table`, by
        declarer (the unit :mod:`dummybridge.apps.ddrun` shares out).

        :raises DummyBridgeError: for hands that are not a deal of equal hands,
            or a strain outside 0..4.
        """
        if len(hands) != 4:
            _fail(lib.DBR_E_COUNT, f"a deal needs 4 hands, not {len(hands)}")
        if not 0 <= strain <= 4:
            _fail(lib.DBR_E_STRAIN, f"strain {strain!r}")
        flat = ffi.new("dbr_hand[4]", [_u64(h) for h in hands])
        out = ffi.new("int[4]")
        status = self._run(lambda dd: lib.dbr_dd_table_strain(dd, flat, strain, out))
        if status != lib.DBR_OK:
            hands_text = ", ".join(_hand_text(h) for h in hands)
            raise error_for(status, f"cannot solve strain {strain!r} of [{hands_text}]")
        return (int(out[0]), int(out[1]), int(out[2]), int(out[3]))

    @property
    def nodes(self) -> int:
        """Search nodes visited by this solver so far (``dbr_dd_nodes``)."""
        out = ffi.new("uint64_t *")
        ensure(lib.dbr_dd_nodes(self._dd, out), "cannot read the node count")
        return int(out[0])

    @property
    def evictions(self) -> int:
        """The times this solver's table was full and forgot about half of
        itself (``dbr_dd_evictions``; none while it may still grow)."""
        out = ffi.new("uint64_t *")
        ensure(lib.dbr_dd_evictions(self._dd, out), "cannot read the evictions")
        return int(out[0])
