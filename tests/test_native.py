"""The cffi boundary: struct layouts, statuses, versions and the status -> exception map.

These tests talk to ``dummybridge._core`` and ``dummybridge.core._native`` directly,
as installed from the wheel.
"""

from __future__ import annotations

import copy
import importlib.metadata
import pickle
from pathlib import Path

import pytest

import dummybridge
from dummybridge._core import ffi, lib
from dummybridge.core import _native
from dummybridge.core._native import Position, Rng, Status
from dummybridge.errors import (
    CoreError,
    DummyBridgeError,
    IllegalActionError,
    InvalidDealError,
    InvalidNotationError,
    OutOfRangeError,
)

REPO = Path(__file__).resolve().parent.parent

STATUS_TEXT = {
    Status.OK: "success",
    Status.E_NULL: "null pointer argument",
    Status.E_CARD: "card number out of range",
    Status.E_PARSE: "text that cannot be parsed",
    Status.E_DUPLICATE: "card held twice",
    Status.E_HAND_SIZE: "wrong number of cards in a hand",
    Status.E_SUIT: "suit out of range",
    Status.E_STRAIN: "strain out of range",
    Status.E_SEAT: "seat out of range",
    Status.E_COUNT: "count out of range",
    Status.E_BUFFER: "output buffer too small",
    Status.E_NOT_HELD: "card not held",
    Status.E_REVOKE: "card does not follow suit",
    Status.E_TRICK: "impossible current trick",
    Status.E_EMPTY: "no cards",
    Status.E_RNG_STATE: "generator state is all zero",
    Status.E_WORKSPACE: "solver workspace too small or not initialised",
    Status.E_FULL: "solver table full (the workspace stops when full: grow it)",
}

EXCEPTION_FOR = {
    Status.E_NULL: CoreError,
    Status.E_CARD: OutOfRangeError,
    Status.E_PARSE: InvalidNotationError,
    Status.E_DUPLICATE: InvalidDealError,
    Status.E_HAND_SIZE: InvalidDealError,
    Status.E_SUIT: OutOfRangeError,
    Status.E_STRAIN: OutOfRangeError,
    Status.E_SEAT: OutOfRangeError,
    Status.E_COUNT: OutOfRangeError,
    Status.E_BUFFER: CoreError,
    Status.E_NOT_HELD: IllegalActionError,
    Status.E_REVOKE: IllegalActionError,
    Status.E_TRICK: InvalidDealError,
    Status.E_EMPTY: IllegalActionError,
    Status.E_RNG_STATE: OutOfRangeError,
    Status.E_WORKSPACE: OutOfRangeError,
    Status.E_FULL: CoreError,
}


def test_the_installed_package_is_under_test() -> None:
    """Test what ships: the package comes from site-packages, not from interpreter/."""
    package_dir = Path(dummybridge.__file__).resolve().parent
    assert package_dir.name == "dummybridge"
    assert package_dir != REPO / "interpreter"
    assert Path(_native.__file__).parent == package_dir / "core"
    assert list(package_dir.glob("_core*"))


# ------------------------------------------------------------------ layouts


def test_scalar_sizes() -> None:
    assert ffi.sizeof("dbr_card") == 1
    assert ffi.sizeof("dbr_hand") == 8
    assert ffi.sizeof("dbr_status") == ffi.sizeof("int")


def test_rng_layout() -> None:
    assert ffi.sizeof("dbr_rng") == 32
    assert ffi.offsetof("dbr_rng", "s") == 0


def test_deck_layout() -> None:
    assert ffi.sizeof("dbr_deck") == 53
    assert ffi.offsetof("dbr_deck", "cards") == 0
    assert ffi.offsetof("dbr_deck", "count") == 52


def test_position_layout() -> None:
    """41 bytes of fields, padded to the alignment of uint64_t (8, or 4 on i386)."""
    assert ffi.offsetof("dbr_position", "hands") == 0
    assert ffi.offsetof("dbr_position", "trick") == 32
    assert ffi.offsetof("dbr_position", "trump") == 36
    assert ffi.offsetof("dbr_position", "leader") == 37
    assert ffi.offsetof("dbr_position", "trick_len") == 38
    assert ffi.offsetof("dbr_position", "tricks") == 39
    expected = {8: 48, 4: 44}[ffi.alignof("uint64_t")]
    assert ffi.sizeof("dbr_position") == expected


def test_batch_result_layout() -> None:
    assert ffi.sizeof("dbr_batch_result") == 17 * 8
    assert ffi.offsetof("dbr_batch_result", "deals") == 0
    assert ffi.offsetof("dbr_batch_result", "tricks") == 8
    assert ffi.offsetof("dbr_batch_result", "histogram") == 24


# ---------------------------------------------------------------- constants


def test_version_macro_matches_the_library() -> None:
    assert lib.DBR_VERSION == lib.dbr_version() == 100
    assert lib.DBR_VERSION == (
        lib.DBR_VERSION_MAJOR * 10000 + lib.DBR_VERSION_MINOR * 100 + lib.DBR_VERSION_PATCH
    )
    assert _native.VERSION_STRING == _native.library_version_string() == "0.1.0"
    assert _native.library_version() == 100


def test_package_version_matches_metadata_and_core() -> None:
    assert dummybridge.__version__ == importlib.metadata.version("dummybridge") == "0.1.0"
    assert dummybridge.__version__ == _native.VERSION_STRING


def test_constants() -> None:
    assert (lib.DBR_NUM_SUITS, lib.DBR_NUM_RANKS, lib.DBR_NUM_CARDS) == (4, 13, 52)
    assert lib.DBR_MAX_HANDS == 8
    assert lib.DBR_FULL_DECK == 2**52 - 1
    assert lib.DBR_HAND_TEXT_MAX == 56
    assert (lib.DBR_CLUBS, lib.DBR_DIAMONDS, lib.DBR_HEARTS, lib.DBR_SPADES) == (0, 1, 2, 3)
    assert lib.DBR_NOTRUMP == lib.DBR_NO_SUIT == 4
    ranks = [
        lib.DBR_RANK_2,
        lib.DBR_RANK_3,
        lib.DBR_RANK_4,
        lib.DBR_RANK_5,
        lib.DBR_RANK_6,
        lib.DBR_RANK_7,
        lib.DBR_RANK_8,
        lib.DBR_RANK_9,
        lib.DBR_RANK_T,
        lib.DBR_RANK_J,
        lib.DBR_RANK_Q,
        lib.DBR_RANK_K,
        lib.DBR_RANK_A,
    ]
    assert ranks == list(range(13))


# ----------------------------------------------------------------- statuses


def test_status_enum_covers_every_code() -> None:
    assert lib.DBR_STATUS_COUNT == len(Status) == 18
    assert [int(s) for s in Status] == list(range(18))


@pytest.mark.parametrize("status", list(Status), ids=lambda s: s.name)
def test_status_round_trips_through_the_core(status: Status) -> None:
    assert _native.status_name(status) == status.name
    assert _native.status_str(status) == STATUS_TEXT[status]


def test_status_strings_are_distinct() -> None:
    texts = [_native.status_str(s) for s in Status]
    names = [_native.status_name(s) for s in Status]
    assert len(set(texts)) == len(texts)
    assert len(set(names)) == len(names)


@pytest.mark.parametrize("code", [-1, 18, 99, 2**31 - 1, -(2**31), 2**40, -(2**70)])
def test_unknown_status_codes(code: int) -> None:
    assert _native.status_str(code) == "unknown status"
    assert _native.status_name(code) == "UNKNOWN"


@pytest.mark.parametrize("status", list(EXCEPTION_FOR), ids=lambda s: s.name)
def test_each_status_maps_to_its_exception(status: Status) -> None:
    exc = _native.error_for(status, "doing 'X'")
    assert type(exc) is EXCEPTION_FOR[status]
    assert str(exc) == f"doing 'X': {STATUS_TEXT[status]}"
    assert exc.status == status
    assert exc.status_name == status.name
    assert isinstance(exc, DummyBridgeError)
    assert isinstance(exc, ValueError) == (EXCEPTION_FOR[status] is not CoreError)


def test_unknown_status_is_a_core_error() -> None:
    exc = _native.error_for(77, "ctx")
    assert type(exc) is CoreError
    assert str(exc) == "ctx: unknown status"
    assert (exc.status, exc.status_name) == (77, "UNKNOWN")


def test_errors_pickle_with_their_status() -> None:
    for status in (Status.E_PARSE, Status.E_NULL):
        exc = _native.error_for(status, "ctx")
        clone = pickle.loads(pickle.dumps(exc))
        assert type(clone) is type(exc)
        assert (str(clone), clone.status, clone.status_name) == (
            str(exc),
            exc.status,
            exc.status_name,
        )


def test_ensure_passes_ok_and_formats_lazily() -> None:
    _native.ensure(Status.OK, "never {} formatted", object())
    with pytest.raises(InvalidDealError) as info:
        _native.ensure(Status.E_DUPLICATE, "card {!r} in {}", "SA", "two hands")
    assert str(info.value) == "card 'SA' in two hands: card held twice"


# ---------------------------- every status reaches Python from a real C call


def test_e_parse_from_the_core() -> None:
    with pytest.raises(InvalidNotationError) as info:
        _native.card_parse("SX")
    assert str(info.value) == "unknown card code 'SX': text that cannot be parsed"
    assert info.value.status == Status.E_PARSE


def test_e_card_from_the_core() -> None:
    with pytest.raises(OutOfRangeError) as info:
        _native.card_format(52)
    assert str(info.value) == "bad card number 52: card number out of range"
    assert info.value.status == Status.E_CARD


def test_e_duplicate_from_the_core() -> None:
    with pytest.raises(InvalidDealError) as info:
        _native.hand_parse("AKA...")
    assert str(info.value) == "bad PBN hand 'AKA...': card held twice"
    assert info.value.status == Status.E_DUPLICATE


def test_e_hand_size_from_the_core() -> None:
    with pytest.raises(InvalidDealError) as info:
        _native.deal_validate([0b1, 0b110], 1)
    assert str(info.value) == (
        "invalid deal of 1 cards each ['...2', '...43']: wrong number of cards in a hand: "
        "hand 2 holds 2 cards, not 1"
    )
    assert info.value.status == Status.E_HAND_SIZE


def test_e_suit_from_the_core() -> None:
    with pytest.raises(OutOfRangeError) as info:
        _native.hand_pips(1, 4, [1] * 13)
    assert str(info.value) == "cannot count the pips of hand '...2' in suit 4: suit out of range"
    assert info.value.status == Status.E_SUIT


def test_e_strain_from_the_core() -> None:
    with pytest.raises(OutOfRangeError) as info:
        _native.hand_honours(1, 5)
    assert str(info.value) == (
        "cannot count the honours of hand '...2' in strain 5: strain out of range"
    )
    assert info.value.status == Status.E_STRAIN


def test_e_seat_from_the_core() -> None:
    with pytest.raises(OutOfRangeError) as info:
        _native.trick_winner([0], 4, 4)
    assert str(info.value) == (
        "cannot find the winner of the trick [C2] led by seat 4 of 4, trump 4: seat out of range"
    )
    assert info.value.status == Status.E_SEAT


def test_e_count_from_the_core() -> None:
    with pytest.raises(OutOfRangeError) as info:
        Rng(1).below(0)
    assert str(info.value) == "cannot draw below 0: count out of range"
    assert info.value.status == Status.E_COUNT


def test_e_trick_from_the_core() -> None:
    pos = Position(hands=(1, 2, 4, 8), trump=4, leader=0, tricks=(12, 1))
    with pytest.raises(InvalidDealError) as info:
        _native.position_validate(pos)
    assert str(info.value) == (
        "invalid position (hands [N '...2' (1 card), E '...3' (1 card), S '...4' (1 card), "
        "W '...5' (1 card)], trump NT, leader N, "
        "trick [], tricks (12, 1)): impossible current trick"
    )
    assert info.value.status == Status.E_TRICK


def test_e_empty_from_the_core() -> None:
    with pytest.raises(IllegalActionError) as info:
        _native.legal_plays(0, None)
    assert str(info.value) == "no play from hand '...' on lead: no cards"
    assert info.value.status == Status.E_EMPTY


def test_e_rng_state_from_the_core() -> None:
    """An all-zero generator state is refused by the core, never a hang."""
    zero = ffi.new("dbr_rng *")
    out = ffi.new("uint32_t *")
    assert lib.dbr_rng_below(zero, 3, out) == Status.E_RNG_STATE
    assert lib.dbr_rng_next(zero, ffi.new("uint64_t *")) == Status.E_RNG_STATE
    error = _native.error_for(Status.E_RNG_STATE, "cannot draw below 3")
    assert isinstance(error, OutOfRangeError)
    assert str(error) == "cannot draw below 3: generator state is all zero"


def test_e_null_and_e_buffer_are_returned_by_the_core() -> None:
    """The binding never passes NULL or short buffers; the core still reports them."""
    assert lib.dbr_hand_count(0, ffi.NULL) == Status.E_NULL
    assert lib.dbr_card_format(0, ffi.new("char[2]"), 2) == Status.E_BUFFER
    assert lib.dbr_hand_format(2**13 - 1, ffi.new("char[16]"), 16) == Status.E_BUFFER


def test_saturated_arguments_are_reported_by_the_core() -> None:
    """Ints too big for the C type still reach the core as out-of-range values."""
    with pytest.raises(OutOfRangeError) as info:
        _native.hand_honours(1, 10**30)
    assert info.value.status == Status.E_STRAIN
    assert str(info.value).endswith(f"in strain {10**30}: strain out of range")
    with pytest.raises(OutOfRangeError) as info:
        _native.hand_count(-1)
    assert str(info.value) == "bad hand -0x1: card number out of range"
    with pytest.raises(OutOfRangeError) as info:
        _native.card_format(300)
    assert str(info.value) == "bad card number 300: card number out of range"


# ---------------------------------------------------------------------- Rng


def test_rng_seed_zero_is_splitmix64_of_zero() -> None:
    """The published splitmix64 outputs for seed 0 seed xoshiro256**."""
    assert Rng(0).getstate() == (
        0xE220A8397B1DCDAF,
        0x6E789E6AA1B965F4,
        0x06C45D188009454F,
        0xF88BB8A8724C81EC,
    )


def test_rng_copy_forks_the_stream() -> None:
    rng = Rng(2024)
    rng.next()
    twin = rng.copy()
    assert twin == rng
    assert twin is not rng
    assert [rng.next() for _ in range(5)] == [twin.next() for _ in range(5)]
    assert copy.copy(rng) == rng
    assert copy.deepcopy(rng) == rng


def test_rng_state_round_trips() -> None:
    rng = Rng(7)
    state = rng.getstate()
    first = [rng.below(52) for _ in range(10)]
    rng.setstate(state)
    assert [rng.below(52) for _ in range(10)] == first
    assert Rng.from_state(state).getstate() == state
    assert pickle.loads(pickle.dumps(rng)) == rng
    assert repr(Rng.from_state((1, 2, 3, 4))) == "Rng.from_state((1, 2, 3, 4))"


def test_rng_is_not_hashable_and_compares_by_state() -> None:
    with pytest.raises(TypeError):
        hash(Rng(1))
    assert Rng(1) == Rng(1)
    assert Rng(1) != Rng(2)
    assert Rng(1) != (1, 2, 3, 4)


@pytest.mark.parametrize("seed", [-1, 2**64])
def test_rng_seed_out_of_range(seed: int) -> None:
    with pytest.raises(OutOfRangeError) as info:
        Rng(seed)
    assert str(info.value) == f"seed {seed!r} is outside 0 .. 2**64 - 1"
    assert info.value.status is None


def test_rng_extreme_seeds_are_valid() -> None:
    assert Rng(2**64 - 1).getstate() != Rng(0).getstate()


@pytest.mark.parametrize("state", [(1, 2, 3), (1, 2, 3, -4), (1, 2, 3, 2**64), (1, 2, 3, "4")])
def test_rng_bad_state(state: tuple[object, ...]) -> None:
    with pytest.raises(OutOfRangeError) as info:
        Rng(1).setstate(state)  # type: ignore[arg-type]
    assert str(info.value) == f"Rng state {state!r} is not four ints in 0 .. 2**64 - 1"


def test_rng_refuses_the_all_zero_state() -> None:
    """All zero is xoshiro256**'s fixed point: every output 0, and below() would never return."""
    rng = Rng(1)
    with pytest.raises(OutOfRangeError) as info:
        rng.setstate((0, 0, 0, 0))
    assert str(info.value) == (
        "Rng state (0, 0, 0, 0) is all zero: xoshiro256** would only ever give 0"
    )
    assert rng == Rng(1)
    with pytest.raises(OutOfRangeError):
        Rng.from_state([0, 0, 0, 0])
    assert Rng.from_state((0, 0, 0, 1)).getstate() == (0, 0, 0, 1)


@pytest.mark.parametrize("bound", [-1, 0, 2**32])
def test_rng_below_out_of_range(bound: int) -> None:
    rng = Rng(3)
    before = rng.getstate()
    with pytest.raises(OutOfRangeError) as info:
        rng.below(bound)
    assert str(info.value) == f"cannot draw below {bound}: count out of range"
    assert rng.getstate() == before


def test_rng_below_largest_bound() -> None:
    assert 0 <= Rng(3).below(2**32 - 1) < 2**32 - 1


def test_rng_refuses_concurrent_use() -> None:
    """A second thread entering while the generator is busy gets an error, not a race."""
    rng = Rng(5)
    rng._lock.acquire()
    try:
        with pytest.raises(RuntimeError, match="in use by another thread"):
            rng.next()
    finally:
        rng._lock.release()
    rng.next()


# -------------------------------------------------------- deck and playouts


def test_deck_init_and_from_hand() -> None:
    assert _native.deck_init() == list(range(52))
    assert _native.deck_from_hand(0b1010 | 1 << 51) == [1, 3, 51]
    assert _native.deck_from_hand(0) == []


def test_deck_errors() -> None:
    with pytest.raises(OutOfRangeError) as out_of_range:
        _native.deck_cut([0, 1, 2], 3)
    assert str(out_of_range.value) == "cannot cut a deck of 3 cards at 3: count out of range"
    with pytest.raises(InvalidDealError) as bad_deal:
        _native.deck_shuffle([0, 0], Rng(1))
    assert str(bad_deal.value) == "cannot shuffle ['C2', 'C2']: card held twice"
    with pytest.raises(OutOfRangeError) as out_of_range:
        _native.deck_shuffle([0, 52], Rng(1))
    assert str(out_of_range.value) == "cannot shuffle ['C2', '52']: card number out of range"
    with pytest.raises(OutOfRangeError) as out_of_range:
        _native.deck_deal(list(range(52)), 4, 14, 0)
    assert str(out_of_range.value) == (
        "cannot deal 4 hands of 14 cards from 52 cards by dealer 0: count out of range"
    )
    with pytest.raises(OutOfRangeError) as out_of_range:
        _native.deck_deal(list(range(52)), 4, 13, 4)
    assert str(out_of_range.value) == (
        "cannot deal 4 hands of 13 cards from 52 cards by dealer 4: seat out of range"
    )
    with pytest.raises(OutOfRangeError) as out_of_range:
        _native.deck_shuffle([*range(52), 0], Rng(1))
    assert str(out_of_range.value) == "a deck of 53 cards: count out of range"


def test_deal_random_errors_leave_rng_alone() -> None:
    rng = Rng(11)
    before = rng.getstate()
    with pytest.raises(OutOfRangeError) as info:
        _native.deal_random(rng, 9, 5, 0)
    assert str(info.value) == "cannot deal 9 hands of 5 cards by dealer 0: count out of range"
    assert rng.getstate() == before


def test_playout_error_leaves_rng_unchanged() -> None:
    """On failure *pos and *rng are unchanged (dbr_playout)."""
    rng = Rng(9)
    before = rng.getstate()
    bad = Position(hands=(1, 2, 4, 8 | 16), trump=0, leader=0)
    with pytest.raises(InvalidDealError) as info:
        _native.playout(bad, rng)
    assert info.value.status == Status.E_HAND_SIZE
    assert rng.getstate() == before


def test_position_errors_each_have_their_status() -> None:
    ok = Position(hands=(1, 2, 4, 8), trump=4, leader=0)
    _native.position_validate(ok)
    cases = {
        Status.E_STRAIN: Position(hands=(1, 2, 4, 8), trump=5, leader=0),
        Status.E_SEAT: Position(hands=(1, 2, 4, 8), trump=0, leader=4),
        Status.E_CARD: Position(hands=(1, 2, 4, 1 << 52), trump=0, leader=0),
        Status.E_DUPLICATE: Position(hands=(1, 1, 4, 8), trump=0, leader=0),
        Status.E_HAND_SIZE: Position(hands=(1, 2, 4, 0), trump=0, leader=0),
        Status.E_TRICK: Position(hands=(0, 0, 0, 0), trump=0, leader=0, trick=(1, 2, 3, 4)),
    }
    for status, pos in cases.items():
        with pytest.raises(DummyBridgeError) as info:
            _native.position_validate(pos)
        assert info.value.status == status, pos


def test_playout_of_a_finished_position_draws_nothing() -> None:
    rng = Rng(1)
    before = rng.getstate()
    done = _native.playout(Position(hands=(0, 0, 0, 0), trump=1, leader=2, tricks=(6, 7)), rng)
    assert done == Position(hands=(0, 0, 0, 0), trump=1, leader=2, trick=(), tricks=(6, 7))
    assert rng.getstate() == before


def test_batch_playout_totals() -> None:
    result = _native.batch_playout(Rng(123), 50, 4, 0, per_deal=True)
    assert result.deals == 50
    assert sum(result.tricks) == 50 * 13
    assert result.side0_tricks is not None
    assert len(result.side0_tricks) == 50
    assert result.tricks[0] == sum(result.side0_tricks)
    assert result.histogram == tuple(result.side0_tricks.count(t) for t in range(14))
    assert _native.batch_playout(Rng(123), 50, 4, 0).side0_tricks is None


def test_batch_playout_of_no_deals() -> None:
    rng = Rng(1)
    result = _native.batch_playout(rng, 0, 0, 0, per_deal=True)
    assert result == _native.BatchResult(0, (0, 0), (0,) * 14, ())
    assert rng == Rng(1)


def test_batch_playout_errors() -> None:
    with pytest.raises(OutOfRangeError) as info:
        _native.batch_playout(Rng(1), 1, 5, 0)
    assert str(info.value) == ("cannot play 1 deals with trump 5 and dealer 0: strain out of range")
    with pytest.raises(OutOfRangeError) as info:
        _native.batch_playout(Rng(1), 1, 0, 4)
    assert str(info.value) == "cannot play 1 deals with trump 0 and dealer 4: seat out of range"
    with pytest.raises(OutOfRangeError) as info:
        _native.batch_playout(Rng(1), -1, 0, 0)
    assert str(info.value) == "cannot play -1 deals: count out of range"
