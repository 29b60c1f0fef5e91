"""Differential tests: the C core agrees with the pure-Python reference (tests/reference.py).

Hypothesis generates thousands of cases per question (in the thorough pass,
``DUMMYBRIDGE_THOROUGH=1``; hundreds in the README's run): legal plays, trick
winners (complete and incomplete tricks, any table size), hand statistics,
PBN text, the PRNG and its bounded draws, shuffle, cut and deal, and random
playouts from any position (including in the middle of a trick) and batches
of them. For the random parts the same seed must give the same numbers and
leave the generator in the same state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import reference as ref
from dummybridge._core import ffi, lib
from dummybridge.core import _native
from dummybridge.core._native import Position, Rng, Status
from support import examples

pytestmark = pytest.mark.thorough

MANY = settings(max_examples=examples(3000))
SOME = settings(max_examples=examples(1500))
FEW = settings(max_examples=examples(400))

seeds = st.integers(0, 2**64 - 1)
cards = st.integers(0, 51)
suits = st.integers(0, 3)
strains = st.integers(0, 4)


def _bits(cs: set[int] | frozenset[int]) -> int:
    return sum(1 << c for c in cs)


# Hands: uniform 52-bit sets (about 26 cards), small sets (like a hand in play),
# and whole suits or voids.
hands = st.one_of(
    st.integers(0, 2**52 - 1),
    st.frozensets(cards, max_size=13).map(_bits),
    st.frozensets(suits).map(lambda ss: sum(0x1FFF << (13 * s) for s in ss)),
)


@st.composite
def tricks(draw: Callable[[st.SearchStrategy[Any]], Any]) -> tuple[list[int], int, int, int]:
    """A trick at a table of 1..8 seats, often from one or two suits so trumps and
    following both matter: (cards, leader, n_seats, trump)."""
    n_seats = draw(st.integers(1, 8))
    n = draw(st.integers(1, n_seats))
    pool_suits = draw(st.lists(suits, min_size=1, max_size=4, unique=True))
    pool = [s * 13 + r for s in pool_suits for r in range(13)]
    chosen = draw(st.lists(st.sampled_from(pool), min_size=n, max_size=n, unique=True))
    return chosen, draw(st.integers(0, n_seats - 1)), n_seats, draw(strains)


# ------------------------------------------------------------- play questions


@MANY
@given(hands.filter(bool), st.integers(0, 4))
def test_legal_plays(hand: int, led: int) -> None:
    """Following suit is compulsory when possible; otherwise any card may be played."""
    expected = ref.legal_plays(hand, led)
    assert _native.legal_plays(hand, None if led == ref.NO_SUIT else led) == expected


@MANY
@given(tricks())
def test_trick_winner(trick: tuple[list[int], int, int, int]) -> None:
    """The highest trump wins, else the highest card of the suit led (incomplete tricks too)."""
    played, leader, n_seats, trump = trick
    assert _native.trick_winner(played, leader, trump, n_seats) == ref.trick_winner(
        played, leader, n_seats, trump
    )


# ------------------------------------------------------------ hand statistics


@MANY
@given(hands, strains, suits, st.lists(st.integers(0, 255), min_size=13, max_size=13))
def test_hand_statistics(hand: int, strain: int, suit: int, table: list[int]) -> None:
    assert _native.hand_count(hand) == ref.count(hand)
    assert _native.hand_suit_lengths(hand) == ref.suit_lengths(hand)
    assert _native.hand_aces(hand) == ref.aces(hand)
    assert _native.hand_honours(hand, strain) == ref.honours(hand, strain)
    assert _native.hand_pips(hand, suit, table) == ref.pips(hand, suit, table)
    assert _native.hand_longest_suits(hand) == ref.longest_suits(hand)


# ------------------------------------------------------------------ notation


@MANY
@given(hands, st.booleans(), st.booleans())
def test_pbn_hands(hand: int, lower: bool, ten_as_10: bool) -> None:
    """PBN: spades first, high to low; parsing accepts either case and '10' for the ten."""
    text = ref.hand_pbn(hand)
    assert _native.hand_format(hand) == text
    variant = text.lower() if lower else text
    if ten_as_10:
        variant = variant.replace("T", "10").replace("t", "10")
    assert _native.hand_parse(variant) == hand
    assert _native.deck_from_hand(hand) == ref.deck_from_hand(hand)


@MANY
@given(cards, st.booleans())
def test_card_codes(card: int, lower: bool) -> None:
    code = ref.card_code(card)
    assert _native.card_format(card) == code
    assert _native.card_parse(code.lower() if lower else code) == card
    assert _native.card_parse(code.replace("T", "10")) == card
    assert _native.card_make(card // 13, card % 13) == card


# ------------------------------------------------------------------- the PRNG


@MANY
@given(seeds, st.integers(0, 40))
def test_raw_outputs(seed: int, n: int) -> None:
    """xoshiro256** seeded through splitmix64: same seed, same numbers, same state."""
    c, r = Rng(seed), ref.Rng(seed)
    assert c.getstate() == r.state()
    assert [c.next() for _ in range(n)] == [r.next() for _ in range(n)]
    assert c.getstate() == r.state()


bounds = st.one_of(st.integers(1, 64), st.integers(1, 2**32 - 1), st.integers(2**31, 2**32 - 1))


@MANY
@given(seeds, st.lists(bounds, max_size=30))
def test_bounded_draws(seed: int, draws: list[int]) -> None:
    """Lemire's draw as the header writes it; big bounds exercise the rejection loop."""
    c, r = Rng(seed), ref.Rng(seed)
    assert [c.below(b) for b in draws] == [r.below(b) for b in draws]
    assert c.getstate() == r.state()


@SOME
@given(
    st.lists(st.integers(0, 2**64 - 1), min_size=4, max_size=4).filter(any),
    st.integers(1, 2**32 - 1),
)
def test_draws_from_any_state(state: list[int], bound: int) -> None:
    """Any state but the all-zero one (xoshiro's fixed point, which Rng refuses)."""
    c, r = Rng.from_state(state), ref.Rng.from_state(state)
    assert [c.below(bound) for _ in range(8)] == [r.below(bound) for _ in range(8)]
    assert c.getstate() == r.state()


# ------------------------------------------------------------ deck and deal


decks = st.lists(cards, unique=True, max_size=52)


@MANY
@given(seeds, decks)
def test_shuffle(seed: int, deck: list[int]) -> None:
    """Fisher-Yates: for i = count-1 down to 1: j = below(i+1); swap(i, j)."""
    c, r = Rng(seed), ref.Rng(seed)
    assert _native.deck_shuffle(deck, c) == ref.shuffle(list(deck), r)
    assert c.getstate() == r.state()


@MANY
@given(decks, st.data())
def test_cut(deck: list[int], data: st.DataObject) -> None:
    at = data.draw(st.integers(0, max(len(deck) - 1, 0)))
    assert _native.deck_cut(deck, at) == ref.cut(deck, at)


@MANY
@given(st.lists(cards, unique=True, min_size=1, max_size=52), st.data())
def test_deal_by_pattern(deck: list[int], data: st.DataObject) -> None:
    """One card at a time, the first to the dealer's left, round to the left."""
    n_hands = data.draw(st.integers(1, min(8, len(deck))))
    cards_each = data.draw(st.integers(1, len(deck) // n_hands))
    dealer = data.draw(st.integers(0, n_hands - 1))
    assert _native.deck_deal(deck, n_hands, cards_each, dealer) == ref.deal_pattern(
        deck, n_hands, cards_each, dealer
    )


@MANY
@given(seeds, st.data())
def test_random_deals(seed: int, data: st.DataObject) -> None:
    """The same seed deals the same cards, and leaves the generator in the same state."""
    n_hands = data.draw(st.integers(1, 8))
    cards_each = data.draw(st.integers(1, 52 // n_hands))
    dealer = data.draw(st.integers(0, n_hands - 1))
    c, r = Rng(seed), ref.Rng(seed)
    assert _native.deal_random(c, n_hands, cards_each, dealer) == ref.deal_random(
        r, n_hands, cards_each, dealer
    )
    assert c.getstate() == r.state()


@SOME
@given(seeds, st.integers(1, 4))
def test_a_sequence_of_deals(seed: int, n: int) -> None:
    """Deals drawn one after another from one generator stay in step."""
    c, r = Rng(seed), ref.Rng(seed)
    for dealer in range(n):
        assert _native.deal_random(c, 4, 13, dealer) == ref.deal_random(r, 4, 13, dealer)
    assert c.getstate() == r.state()


# ------------------------------------------------------------------ playouts


@st.composite
def positions(draw: Callable[[st.SearchStrategy[Any]], Any]) -> Position:
    """A valid position: hands of k cards (k-1 for those who already played to the
    current trick), 0..3 cards on the table, tricks already won that fit in 13."""
    k = draw(st.integers(0, 13))
    trick_len = draw(st.integers(0, 3)) if k > 0 else 0
    leader = draw(st.integers(0, 3))
    trump = draw(strains)
    pack = draw(st.permutations(range(52)))
    trick = tuple(pack[:trick_len])
    rest = pack[trick_len:]
    hands = [0, 0, 0, 0]
    for i in range(4):
        seat = (leader + i) % 4
        size = k - 1 if i < trick_len else k
        hands[seat] = _bits(frozenset(rest[:size]))
        rest = rest[size:]
    won0 = draw(st.integers(0, 13 - k))
    won1 = draw(st.integers(0, 13 - k - won0))
    return Position(
        hands=(hands[0], hands[1], hands[2], hands[3]),
        trump=trump,
        leader=leader,
        trick=trick,
        tricks=(won0, won1),
    )


@SOME
@given(positions(), seeds)
def test_playouts(pos: Position, seed: int) -> None:
    """Random playouts from any position, mid-trick included, match card for card:
    same tricks, same final leader, same generator state."""
    _native.position_validate(pos)
    c, r = Rng(seed), ref.Rng(seed)
    done = _native.playout(pos, c)
    leader, won = ref.playout(pos.hands, pos.trump, pos.leader, pos.trick, pos.tricks, r)
    assert done == Position(
        hands=(0, 0, 0, 0), trump=pos.trump, leader=leader, trick=(), tricks=won
    )
    assert c.getstate() == r.state()
    remaining = sum(ref.count(h) for h in pos.hands) + len(pos.trick)
    assert sum(done.tricks) == sum(pos.tricks) + remaining // 4


def _c_position(pos: Position) -> Any:
    c = ffi.new("dbr_position *")
    for i, hand in enumerate(pos.hands):
        c.hands[i] = hand
    for i, card in enumerate(pos.trick):
        c.trick[i] = card
    c.trump, c.leader, c.trick_len = pos.trump, pos.leader, len(pos.trick)
    c.tricks[0], c.tricks[1] = pos.tricks
    return c


def _snapshot(c: Any) -> tuple[list[int], int, list[int], tuple[int, int]]:
    trick = [int(x) for x in c.trick[0 : c.trick_len]]
    return [int(h) for h in c.hands], int(c.leader), trick, (int(c.tricks[0]), int(c.tricks[1]))


@SOME
@given(positions().filter(lambda p: any(p.hands)), cards, st.booleans())
def test_position_play(pos: Position, card: int, allow_revoke: bool) -> None:
    """One card at a time, as a game plays: it must be held, and follow suit when it
    can (unless revokes are allowed); a fourth card decides the trick; a refused
    card changes nothing."""
    c = _c_position(pos)
    legal = ffi.new("dbr_hand *")
    assert lib.dbr_position_legal(c, legal) == Status.OK
    seat = (pos.leader + len(pos.trick)) % 4
    led = ref.suit_of(pos.trick[0]) if pos.trick else ref.NO_SUIT
    assert legal[0] == ref.legal_plays(pos.hands[seat], led)

    before = _snapshot(c)
    winner = ffi.new("int *")
    status = lib.dbr_position_play(
        c, card, lib.DBR_PLAY_ALLOW_REVOKE if allow_revoke else 0, winner
    )
    name, (hands, leader, trick, won, expected_winner) = ref.play_card(
        pos.hands, pos.trump, pos.leader, pos.trick, pos.tricks, card, allow_revoke
    )
    assert _native.status_name(status) == name
    if status == Status.OK:
        assert _snapshot(c) == (hands, leader, trick, won)
        assert winner[0] == expected_winner
    else:
        assert _snapshot(c) == before


@FEW
@given(seeds, st.integers(0, 12), strains, st.integers(0, 3))
def test_batch_playouts(seed: int, n: int, trump: int, dealer: int) -> None:
    """A batch gives exactly the numbers of the reference, deal by deal."""
    rng = Rng(seed)
    result = _native.batch_playout(rng, n, trump, dealer, per_deal=True)
    expected = ref.batch_playout(seed, n, trump, dealer)
    assert result.side0_tricks == tuple(expected)
    assert result.deals == n
    assert result.tricks == (sum(expected), 13 * n - sum(expected))
    assert result.histogram == tuple(expected.count(t) for t in range(14))
    r = ref.Rng(seed)
    for _ in range(n):
        ref.playout(ref.deal_random(r, 4, 13, dealer), trump, (dealer + 1) % 4, [], (0, 0), r)
    assert rng.getstate() == r.state()


@SOME
@given(seeds, st.integers(0, 20), strains, st.integers(0, 3))
def test_batch_equals_single_calls(seed: int, n: int, trump: int, dealer: int) -> None:
    """dbr_batch_playout gives exactly the numbers of dbr_deal_random + dbr_playout."""
    batch_rng, single_rng = Rng(seed), Rng(seed)
    result = _native.batch_playout(batch_rng, n, trump, dealer, per_deal=True)
    singles = []
    for _ in range(n):
        dealt = _native.deal_random(single_rng, 4, 13, dealer)
        pos = Position(
            hands=(dealt[0], dealt[1], dealt[2], dealt[3]), trump=trump, leader=(dealer + 1) % 4
        )
        singles.append(_native.playout(pos, single_rng).tricks[0])
    assert result.side0_tricks == tuple(singles)
    assert batch_rng == single_rng
