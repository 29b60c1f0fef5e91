"""A small pure-Python reference of the C core, written from csrc/dummybridge.h.

It is used only by the tests (the differential tests compare the C core with
it over thousands of generated cases) and by ``tools/bench_core.py``, which
imports this file by path. It is deliberately plain: clarity over speed, one
function per question, the header's own formulas. Nothing here is shipped.

Conventions are the header's: a card is ``suit * 13 + rank`` (0..51), a hand
is an int used as a bitset, seats count clockwise from 0, strain 4 is no
trumps, and suit 4 (``NO_SUIT``) means "on lead".
"""

from __future__ import annotations

from collections.abc import Sequence

MASK64 = (1 << 64) - 1
MASK32 = (1 << 32) - 1
NOTRUMP = 4
NO_SUIT = 4
SUIT_LETTERS = "CDHS"
RANK_CHARS = "23456789TJQKA"


# ------------------------------------------------------------------ the PRNG


def splitmix64(x: int) -> tuple[int, int]:
    """One splitmix64 step: returns the new state and the output."""
    x = (x + 0x9E3779B97F4A7C15) & MASK64
    z = x
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return x, z ^ (z >> 31)


def _rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (64 - k))) & MASK64


class Rng:
    """xoshiro256** seeded through splitmix64, as the header specifies."""

    def __init__(self, seed: int) -> None:
        x = seed & MASK64
        state = []
        for _ in range(4):
            x, value = splitmix64(x)
            state.append(value)
        self.s = state

    @classmethod
    def from_state(cls, state: Sequence[int]) -> Rng:
        """A generator in the given four-word state."""
        rng = cls(0)
        rng.s = list(state)
        return rng

    def state(self) -> tuple[int, int, int, int]:
        """The four state words."""
        return (self.s[0], self.s[1], self.s[2], self.s[3])

    def next(self) -> int:
        """The next raw 64-bit output of xoshiro256**."""
        s = self.s
        result = (_rotl((s[1] * 5) & MASK64, 7) * 9) & MASK64
        t = (s[1] << 17) & MASK64
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = _rotl(s[3], 45)
        return result

    def below(self, bound: int) -> int:
        """Lemire's multiply-and-reject on 32-bit words, word for word as in the header:
        loop: x = next() >> 32; m = x * bound; if (uint32)m >= (2^32 - bound) mod bound:
        return m >> 32."""
        assert 1 <= bound <= MASK32
        threshold = ((1 << 32) - bound) % bound
        while True:
            m = (self.next() >> 32) * bound
            if m & MASK32 >= threshold:
                return m >> 32


# ------------------------------------------------------------ deck and deal


def full_deck() -> list[int]:
    """The pack in card-number order, C2 first."""
    return list(range(52))


def deck_from_hand(hand: int) -> list[int]:
    """The cards of a hand in card-number order."""
    return [c for c in range(52) if hand >> c & 1]


def shuffle(deck: list[int], rng: Rng) -> list[int]:
    """Fisher-Yates: for i = count-1 down to 1: j = below(i+1); swap(i, j). In place."""
    for i in range(len(deck) - 1, 0, -1):
        j = rng.below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def cut(deck: Sequence[int], at: int) -> list[int]:
    """The top ``at`` cards go to the bottom, order kept."""
    return list(deck[at:]) + list(deck[:at])


def deal_pattern(deck: Sequence[int], n_hands: int, cards_each: int, dealer: int) -> list[int]:
    """Deal the top cards one at a time, the first to the dealer's left, then round to the left."""
    hands = [0] * n_hands
    for p in range(n_hands * cards_each):
        seat = (dealer + 1 + p) % n_hands
        hands[seat] |= 1 << deck[p]
    return hands


def deal_random(rng: Rng, n_hands: int, cards_each: int, dealer: int) -> list[int]:
    """init, shuffle with rng, deal by the pattern."""
    return deal_pattern(shuffle(full_deck(), rng), n_hands, cards_each, dealer)


# -------------------------------------------------------------- cards, text


def card_code(card: int) -> str:
    """The canonical two-character code."""
    return SUIT_LETTERS[card // 13] + RANK_CHARS[card % 13]


def hand_pbn(hand: int) -> str:
    """PBN: spades first, ranks high to low, suits separated by dots."""
    fields = []
    for suit in (3, 2, 1, 0):
        fields.append(
            "".join(RANK_CHARS[r] for r in range(12, -1, -1) if hand >> (suit * 13 + r) & 1)
        )
    return ".".join(fields)


# ---------------------------------------------------------------------- play


def suit_of(card: int) -> int:
    """The suit of a card."""
    return card // 13


def suit_cards(hand: int, suit: int) -> int:
    """The cards of ``suit`` in ``hand``."""
    return hand & (0x1FFF << (13 * suit))


def legal_plays(hand: int, led_suit: int) -> int:
    """The cards of the suit led if the hand holds any, otherwise every card."""
    if led_suit != NO_SUIT:
        follow = suit_cards(hand, led_suit)
        if follow:
            return follow
    return hand


def trick_winner(cards: Sequence[int], leader: int, n_seats: int, trump: int) -> tuple[int, int]:
    """The winning seat and index: the highest trump, else the highest card of the suit led."""
    led = suit_of(cards[0])
    trumps = [i for i, c in enumerate(cards) if trump != NOTRUMP and suit_of(c) == trump]
    candidates = trumps or [i for i, c in enumerate(cards) if suit_of(c) == led]
    best = max(candidates, key=lambda i: cards[i])
    return (leader + best) % n_seats, best


# ------------------------------------------------------------ hand statistics


def count(hand: int) -> int:
    """The number of cards."""
    return bin(hand).count("1")


def suit_lengths(hand: int) -> tuple[int, int, int, int]:
    """Cards held in each suit, clubs first."""
    a, b, c, d = (count(suit_cards(hand, s)) for s in range(4))
    return (a, b, c, d)


def aces(hand: int) -> int:
    """Aces held."""
    return sum(hand >> (13 * s + 12) & 1 for s in range(4))


def honours(hand: int, strain: int) -> int:
    """A K Q J T of the trump suit, or the aces at no trumps."""
    if strain == NOTRUMP:
        return aces(hand)
    return sum(hand >> (13 * strain + r) & 1 for r in range(8, 13))


def pips(hand: int, suit: int, table: Sequence[int]) -> int:
    """The sum of table[rank] over the cards held in the suit."""
    return sum(table[r] for r in range(13) if hand >> (13 * suit + r) & 1)


def longest_suits(hand: int) -> tuple[int, int]:
    """The set of suits of maximal length (bit s for suit s) and that length."""
    lengths = suit_lengths(hand)
    best = max(lengths)
    return sum(1 << s for s in range(4) if lengths[s] == best), best


# ------------------------------------------------------------------ playouts


def kth_lowest(cards: int, k: int) -> int:
    """The k-th lowest card (k = 0 is the lowest) of a set."""
    for card in range(52):
        if cards >> card & 1:
            if k == 0:
                return card
            k -= 1
    raise ValueError("k too large")


def playout(
    hands: Sequence[int],
    trump: int,
    leader: int,
    trick: Sequence[int],
    tricks: Sequence[int],
    rng: Rng,
) -> tuple[int, tuple[int, int]]:
    """Play a (valid) position out with uniformly random legal cards.

    At each turn: legal = legal_plays(hand, suit led); k = below(popcount(legal));
    the card played is the k-th lowest card of legal. A completed trick goes to
    its winner's side, and the winner leads to the next.

    :returns: the final leader (the winner of the last trick, or the leader if
        nothing was played) and the trick totals of the two sides.
    """
    hands = list(hands)
    trick = list(trick)
    won = [tricks[0], tricks[1]]
    while True:
        seat = (leader + len(trick)) % 4
        if not hands[seat]:
            return leader, (won[0], won[1])
        led = suit_of(trick[0]) if trick else NO_SUIT
        legal = legal_plays(hands[seat], led)
        card = kth_lowest(legal, rng.below(count(legal)))
        hands[seat] &= ~(1 << card)
        trick.append(card)
        if len(trick) == 4:
            winner, _ = trick_winner(trick, leader, 4, trump)
            won[winner % 2] += 1
            leader = winner
            trick = []


def play_card(
    hands: Sequence[int],
    trump: int,
    leader: int,
    trick: Sequence[int],
    tricks: Sequence[int],
    card: int,
    allow_revoke: bool = False,
) -> tuple[str, tuple[list[int], int, list[int], tuple[int, int], int]]:
    """One card from the hand whose turn it is, as dbr_position_play.

    :returns: a status name ("OK", "E_NOT_HELD" or "E_REVOKE") and the new
        (hands, leader, trick, tricks, winner), the winner being -1 unless
        the card completes the trick.
    """
    seat = (leader + len(trick)) % 4
    hand = hands[seat]
    unchanged = (list(hands), leader, list(trick), (tricks[0], tricks[1]), -1)
    if not hand >> card & 1:
        return "E_NOT_HELD", unchanged
    if trick and not allow_revoke and legal_plays(hand, suit_of(trick[0])) >> card & 1 == 0:
        return "E_REVOKE", unchanged
    new_hands = list(hands)
    new_hands[seat] &= ~(1 << card)
    new_trick = [*trick, card]
    won = [tricks[0], tricks[1]]
    winner = -1
    if len(new_trick) == 4:
        winner, _ = trick_winner(new_trick, leader, 4, trump)
        won[winner % 2] += 1
        leader = winner
        new_trick = []
    return "OK", (new_hands, leader, new_trick, (won[0], won[1]), winner)


def batch_playout(seed: int, n_deals: int, trump: int, dealer: int) -> list[int]:
    """Deal and play out ``n_deals`` deals from one seed, as dbr_batch_playout.

    Each deal is deal_random(rng, 4, 13, dealer) played out with ``trump``
    from the lead of the seat on the dealer's left.

    :returns: side 0's tricks in each deal.
    """
    rng = Rng(seed)
    result = []
    for _ in range(n_deals):
        hands = deal_random(rng, 4, 13, dealer)
        _, won = playout(hands, trump, (dealer + 1) % 4, [], (0, 0), rng)
        result.append(won[0])
    return result
