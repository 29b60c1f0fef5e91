"""Cards, hands, suits, strains, ranks and seats: the value types of dummybridge.

Every card question (parsing a card code or a PBN hand, counting, statistics,
legal plays, trick winners, dealing) is answered by the C core through
:mod:`dummybridge.core._native`; the classes here give those answers names and
readable forms.

>>> hand = Hand.from_pbn("AKQ.T98.76.5432")
>>> hand.suit_lengths()
(4, 2, 3, 3)
>>> Card.from_str("SA") in hand
True
>>> hand.legal_plays(Suit.HEARTS)
Hand.from_pbn('.T98..')
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from enum import IntEnum
from typing import Final

from ..errors import InvalidNotationError
from . import _native
from ._native import Rng, Status
from .files import clip

__all__ = [
    "FORCED_DECLARATION_PIPS",
    "SEATS",
    "Card",
    "Hand",
    "Rank",
    "Seat",
    "Strain",
    "Suit",
    "deal",
    "format_deal",
    "parse_deal",
    "seat_side",
    "trick_winner",
    "validate_deal",
]

FORCED_DECLARATION_PIPS: Final[tuple[int, ...]] = (2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 11)
"""Pip values, two to ace, for the dummy's forced declaration (court cards ten, ace eleven)."""


def _words(text: str) -> str:
    """Lower-case text with ``-`` and ``_`` as spaces and runs of spaces collapsed."""
    return " ".join(text.lower().replace("-", " ").replace("_", " ").split())


_SUIT_WORDS: Final[dict[str, int]] = {}
for _i, (_letter, _symbols, _name) in enumerate(
    [("c", "♣♧", "club"), ("d", "♦♢", "diamond"), ("h", "♥♡", "heart"), ("s", "♠♤", "spade")]
):
    for _word in (_letter, *_symbols, _name, _name + "s"):
        _SUIT_WORDS[_word] = _i
_NOTRUMP_WORDS: Final[frozenset[str]] = frozenset(
    {"nt", "no trump", "no trumps", "notrump", "notrumps"}
)


class Suit(IntEnum):
    """A suit, numbered as in the C core (clubs lowest).

    >>> Suit.from_str("hearts"), Suit.from_str("♠").letter
    (<Suit.HEARTS: 2>, 'S')
    """

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """The suit's letter: ``'C'``, ``'D'``, ``'H'`` or ``'S'``."""
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        """The suit's symbol: ``'♣'``, ``'♦'``, ``'♥'`` or ``'♠'``."""
        return "♣♦♥♠"[self]

    @property
    def name_plural(self) -> str:
        """The suit's name in the plural, lower case: ``'clubs'``."""
        return self.name.lower()

    @classmethod
    def from_str(cls, text: str) -> Suit:
        """Parse a suit: a letter, a symbol or a name, singular or plural, in any case.

        :raises InvalidNotationError: for anything else.
        """
        value = _SUIT_WORDS.get(_words(text)) if isinstance(text, str) else None
        if value is None:
            raise InvalidNotationError(
                f"unknown suit {clip(text)!r}: expected a letter (C D H S), a symbol or a name"
            )
        return cls(value)

    def __str__(self) -> str:
        return self.letter


class Strain(IntEnum):
    """A trump suit or no trumps (``NOTRUMP``), numbered as in the C core.

    >>> Strain.from_str("no trumps"), Strain.from_str("D")
    (<Strain.NOTRUMP: 4>, <Strain.DIAMONDS: 1>)
    """

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3
    NOTRUMP = 4

    @property
    def suit(self) -> Suit | None:
        """The trump suit, or ``None`` at no trumps."""
        return None if self is Strain.NOTRUMP else Suit(self)

    @property
    def letter(self) -> str:
        """``'C'``, ``'D'``, ``'H'``, ``'S'`` or ``'NT'``."""
        return ("C", "D", "H", "S", "NT")[self]

    @property
    def symbol(self) -> str:
        """The suit's symbol, or ``'NT'``."""
        return ("♣", "♦", "♥", "♠", "NT")[self]

    @classmethod
    def from_suit(cls, suit: Suit | int) -> Strain:
        """The strain with ``suit`` as trumps.

        :raises ValueError: for a number that is not a suit.
        """
        return cls(Suit(suit))

    @classmethod
    def from_str(cls, text: str) -> Strain:
        """Parse a strain: any suit form of :meth:`Suit.from_str`, or no trumps
        written ``NT``, ``no trumps``, ``no-trump``, ``notrump`` (any case).

        A bare ``N`` is refused: it could mean no trumps or North.

        :raises InvalidNotationError: for anything else.
        """
        if isinstance(text, str):
            word = _words(text)
            if word in _NOTRUMP_WORDS:
                return cls.NOTRUMP
            if word in _SUIT_WORDS:
                return cls(_SUIT_WORDS[word])
        raise InvalidNotationError(
            f"unknown strain {clip(text)!r}: expected a suit or 'NT' (no trumps)"
        )

    def __str__(self) -> str:
        return self.letter


class Rank(IntEnum):
    """A rank, two lowest, ace highest (ace high in play), numbered as in the C core.

    >>> Rank.from_str("10"), Rank.ACE.char
    (<Rank.TEN: 8>, 'A')
    """

    TWO = 0
    THREE = 1
    FOUR = 2
    FIVE = 3
    SIX = 4
    SEVEN = 5
    EIGHT = 6
    NINE = 7
    TEN = 8
    JACK = 9
    QUEEN = 10
    KING = 11
    ACE = 12

    @property
    def char(self) -> str:
        """The rank's character in card codes: ``'2'`` .. ``'9'``, then ``'TJQKA'``."""
        return "23456789TJQKA"[self]

    @classmethod
    def from_str(cls, text: str) -> Rank:
        """Parse a rank character as in card codes (any case), or ``'10'`` for the ten.

        :raises InvalidNotationError: for anything else.
        """
        if isinstance(text, str) and text and text[0] not in " \t\r\n":
            try:
                return cls(_native.card_parse("C" + text) % 13)
            except InvalidNotationError:
                pass
        raise InvalidNotationError(
            f"unknown rank {clip(text)!r}: expected one of 2-9, T, J, Q, K, A or 10"
        )

    def __str__(self) -> str:
        return self.char


class Seat(IntEnum):
    """A seat at the four-hand table, numbered clockwise from North as in the C core.

    The deal and the play move to the left: ``Seat.NORTH.left`` is East.

    >>> Seat.from_str("south").partner, Seat.NORTH.left
    (<Seat.NORTH: 0>, <Seat.EAST: 1>)
    """

    NORTH = 0
    EAST = 1
    SOUTH = 2
    WEST = 3

    @property
    def letter(self) -> str:
        """``'N'``, ``'E'``, ``'S'`` or ``'W'``."""
        return "NESW"[self]

    @property
    def left(self) -> Seat:
        """The next seat clockwise: the player on this seat's left."""
        return SEATS[(self + 1) & 3]

    @property
    def right(self) -> Seat:
        """The previous seat clockwise: the player on this seat's right."""
        return SEATS[(self + 3) & 3]

    @property
    def partner(self) -> Seat:
        """The seat opposite."""
        return SEATS[(self + 2) & 3]

    @property
    def side(self) -> int:
        """The partnership: 0 for North-South, 1 for East-West (:func:`seat_side`)."""
        return seat_side(self)

    @classmethod
    def from_str(cls, text: str) -> Seat:
        """Parse a seat: a letter (``'N'``) or a name (``'north'``), any case.

        :raises InvalidNotationError: for anything else.
        """
        seat = _SEAT_WORDS.get(_words(text)) if isinstance(text, str) else None
        if seat is not None:
            return seat
        raise InvalidNotationError(
            f"unknown seat {clip(text)!r}: expected N, E, S, W or a name (north ...)"
        )

    def __str__(self) -> str:
        return self.letter


SEATS: Final[tuple[Seat, Seat, Seat, Seat]] = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
"""The seats by number: ``SEATS[n]`` is ``Seat(n)``, looked up, not built."""
#: each seat by its letter and its name, lower case (``Seat.from_str``)
_SEAT_WORDS: Final[dict[str, Seat]] = {
    **{seat.letter.lower(): seat for seat in SEATS},
    **{seat.name.lower(): seat for seat in SEATS},
}


def seat_side(seat: int) -> int:
    """The partnership of a seat, a :class:`Seat` or its number (0 North ..
    3 West): 0 for North-South, 1 for East-West. The one place that says
    which seats are partners; :attr:`Seat.side` is the same.

    >>> seat_side(Seat.SOUTH), seat_side(3)
    (0, 1)
    """
    return seat & 1


def _suit_number(suit: Suit | int | str) -> int:
    """A suit argument as an int; text is parsed, ints go to the C core unchecked."""
    return int(Suit.from_str(suit)) if isinstance(suit, str) else int(suit)


def _strain_number(strain: Strain | Suit | int | str) -> int:
    """A strain argument as an int; text is parsed, ints go to the C core unchecked."""
    return int(Strain.from_str(strain)) if isinstance(strain, str) else int(strain)


def _seat_number(seat: Seat | int | str) -> int:
    """A seat argument as an int; text is parsed, ints go to the C core unchecked."""
    return int(Seat.from_str(seat)) if isinstance(seat, str) else int(seat)


class Card:
    """A playing card: an immutable, hashable value wrapping the C core's card number.

    Card numbers are ``suit * 13 + rank``: ``Card(0)`` is the two of clubs and
    ``Card(51)`` the ace of spades. Cards order by that number (clubs low,
    then by rank), which is neither the order of play nor of any PBN text.
    There is one instance per card, so ``is`` works like ``==``.

    >>> Card.from_str("h10")
    Card.from_str('HT')
    >>> Card(51).suit, Card(51).rank
    (<Suit.SPADES: 3>, <Rank.ACE: 12>)

    :param index: the card number, 0..51.
    :raises OutOfRangeError: for a number outside 0..51.
    """

    __slots__ = ("_code", "_index")

    _index: int
    _code: str

    def __new__(cls, index: int) -> Card:
        if type(index) is int and 0 <= index < len(_CARDS):
            return _CARDS[index]
        if isinstance(index, bool) or not isinstance(index, int):
            raise TypeError(f"a card number must be an int, not {type(index).__name__}")
        _native.card_format(index)  # raises OutOfRangeError (E_CARD)
        return _CARDS[int(index)]

    @classmethod
    def _create(cls, index: int) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "_index", index)
        object.__setattr__(card, "_code", _native.card_format(index))
        return card

    @classmethod
    def from_str(cls, text: str) -> Card:
        """Parse a card code: suit letter then rank (``"SA"``, ``"hT"``, ``"D10"``), any case.

        :raises InvalidNotationError: if the text is not a card code.
        """
        return _CARDS[_native.card_parse(text)]

    parse = from_str

    @classmethod
    def make(cls, suit: Suit | int | str, rank: Rank | int | str) -> Card:
        """The card of a suit and a rank.

        :raises OutOfRangeError: for a suit or rank number out of range.
        :raises InvalidNotationError: for a suit or rank text that does not parse.
        """
        rank_number = int(Rank.from_str(rank)) if isinstance(rank, str) else int(rank)
        return _CARDS[_native.card_make(_suit_number(suit), rank_number)]

    @property
    def index(self) -> int:
        """The card number, 0..51."""
        return self._index

    @property
    def suit(self) -> Suit:
        """The card's suit."""
        return Suit(self._index // 13)

    @property
    def rank(self) -> Rank:
        """The card's rank."""
        return Rank(self._index % 13)

    @property
    def code(self) -> str:
        """The canonical card code, suit letter then rank: ``'SA'``, ``'HT'``."""
        return self._code

    @property
    def symbol(self) -> str:
        """The card with its suit symbol: ``'♠A'``."""
        return self.suit.symbol + self._code[1]

    def __str__(self) -> str:
        return self._code

    def __repr__(self) -> str:
        return f"Card.from_str({self._code!r})"

    def __hash__(self) -> int:
        return hash(self._index)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self._index == other._index
        return NotImplemented

    def __lt__(self, other: Card) -> bool:
        if isinstance(other, Card):
            return self._index < other._index
        return NotImplemented

    def __le__(self, other: Card) -> bool:
        if isinstance(other, Card):
            return self._index <= other._index
        return NotImplemented

    def __gt__(self, other: Card) -> bool:
        if isinstance(other, Card):
            return self._index > other._index
        return NotImplemented

    def __ge__(self, other: Card) -> bool:
        if isinstance(other, Card):
            return self._index >= other._index
        return NotImplemented

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Card is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"Card is immutable: cannot delete {name!r}")

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (self._index,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Card:
        return self


_CARDS: Final[tuple[Card, ...]] = tuple(Card._create(i) for i in _native.deck_init())


def _card(card: Card | str) -> Card:
    """A card argument: a :class:`Card` or a card code."""
    if isinstance(card, Card):
        return card
    if isinstance(card, str):
        return Card.from_str(card)
    raise TypeError(f"expected a Card or a card code, not {type(card).__name__}")


class Hand:
    """A set of cards: an immutable, hashable value over the C core's 64-bit hand.

    Iteration gives the cards in ascending card order (clubs first, two to
    ace within a suit); the text form is PBN (spades first, high to low).

    >>> hand = Hand.from_pbn("AKQ.T98.76.5432")
    >>> len(hand), hand.aces(), hand.honours(Strain.SPADES)
    (12, 1, 3)
    >>> hand - Hand.from_pbn("A...")
    Hand.from_pbn('KQ.T98.76.5432')

    :param bits: the bitset: bit ``card`` set for every card held.
    :raises OutOfRangeError: if a bit above 51 is set.
    """

    __slots__ = ("_bits",)

    _bits: int

    def __init__(self, bits: int = 0) -> None:
        if isinstance(bits, bool) or not isinstance(bits, int):
            raise TypeError(f"hand bits must be an int, not {type(bits).__name__}")
        _native.hand_count(bits)  # raises OutOfRangeError (E_CARD) for bits 52..63
        object.__setattr__(self, "_bits", int(bits))

    @classmethod
    def _of(cls, bits: int) -> Hand:
        """A hand from bits known to be valid (returned by the C core)."""
        hand = object.__new__(cls)
        object.__setattr__(hand, "_bits", bits)
        return hand

    @classmethod
    def from_pbn(cls, text: str) -> Hand:
        """Parse a PBN hand: ranks by suit, spades first, separated by dots.

        A void is an empty field (``"AKQJT98765432..."``); ranks may be in
        either case and ``10`` stands for the ten.

        :raises InvalidNotationError: if the text is not a PBN hand.
        :raises InvalidDealError: if a rank is repeated within a suit.
        """
        return cls._of(_native.hand_parse(text))

    @classmethod
    def from_cards(cls, cards: Iterable[Card | str]) -> Hand:
        """The hand holding the given cards (:class:`Card` objects or card codes).

        :raises InvalidNotationError: for a bad card code.
        :raises InvalidDealError: for a card given twice.
        """
        bits = 0
        for item in cards:
            card = _card(item)
            bit = 1 << card.index
            if bits & bit:
                raise _native.error_for(Status.E_DUPLICATE, f"card {card.code!r} given twice")
            bits |= bit
        return cls._of(bits)

    @property
    def bits(self) -> int:
        """The bitset: bit ``card`` set for every card held."""
        return self._bits

    def pbn(self) -> str:
        """The hand in PBN notation, spades first, ranks high to low."""
        return _native.hand_format(self._bits)

    def __str__(self) -> str:
        return self.pbn()

    def __repr__(self) -> str:
        return f"Hand.from_pbn({self.pbn()!r})"

    def __contains__(self, card: object) -> bool:
        if isinstance(card, str):
            card = Card.from_str(card)
        if not isinstance(card, Card):
            return False
        return bool(self._bits >> card.index & 1)

    def __iter__(self) -> Iterator[Card]:
        bits = self._bits
        while bits:
            low = bits & -bits
            yield _CARDS[low.bit_length() - 1]
            bits ^= low

    def __len__(self) -> int:
        return _native.hand_count(self._bits)

    def __bool__(self) -> bool:
        return self._bits != 0

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Hand):
            return self._bits == other._bits
        return NotImplemented

    def __hash__(self) -> int:
        return hash(("Hand", self._bits))

    def __or__(self, other: Hand) -> Hand:
        if isinstance(other, Hand):
            return Hand._of(self._bits | other._bits)
        return NotImplemented

    def __and__(self, other: Hand) -> Hand:
        if isinstance(other, Hand):
            return Hand._of(self._bits & other._bits)
        return NotImplemented

    def __sub__(self, other: Hand) -> Hand:
        if isinstance(other, Hand):
            return Hand._of(self._bits & ~other._bits)
        return NotImplemented

    def __xor__(self, other: Hand) -> Hand:
        if isinstance(other, Hand):
            return Hand._of(self._bits ^ other._bits)
        return NotImplemented

    def isdisjoint(self, other: Hand) -> bool:
        """Whether the two hands have no card in common."""
        return not self._bits & other._bits

    def issubset(self, other: Hand) -> bool:
        """Whether every card of this hand is in ``other``."""
        return not self._bits & ~other._bits

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Hand is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"Hand is immutable: cannot delete {name!r}")

    def __reduce__(self) -> tuple[type[Hand], tuple[int]]:
        return (Hand, (self._bits,))

    def suit(self, suit: Suit | int | str) -> Hand:
        """The cards held in one suit.

        :raises OutOfRangeError: for a suit number outside 0..3 (``E_SUIT``).
        :raises InvalidNotationError: for a suit text that does not parse.
        """
        number = _suit_number(suit)
        if not 0 <= number <= 3:
            raise _native.error_for(Status.E_SUIT, f"no suit {suit!r}")
        return Hand._of(self._bits & (0x1FFF << (13 * number)))

    def suit_lengths(self) -> tuple[int, int, int, int]:
        """The number of cards in each suit, clubs first (index = suit number)."""
        return _native.hand_suit_lengths(self._bits)

    def aces(self) -> int:
        """The number of aces held."""
        return _native.hand_aces(self._bits)

    def honours(self, strain: Strain | Suit | int | str) -> int:
        """Honours held: the A K Q J T of the trump suit, or the aces at no trumps.

        :raises OutOfRangeError: for a strain number outside 0..4 (``E_STRAIN``).
        :raises InvalidNotationError: for a strain text that does not parse.
        """
        return _native.hand_honours(self._bits, _strain_number(strain))

    def pips(self, suit: Suit | int | str, table: Sequence[int] = FORCED_DECLARATION_PIPS) -> int:
        """Pip strength of a suit: the sum of ``table[rank]`` over the cards held in it.

        :param table: 13 pip values, two first; by default the forced
            declaration's (court cards count ten, the ace eleven).
        :raises OutOfRangeError: for a suit outside 0..3 (``E_SUIT``) or a bad table.
        :raises InvalidNotationError: for a suit text that does not parse.
        """
        return _native.hand_pips(self._bits, _suit_number(suit), table)

    def longest_suits(self) -> tuple[Suit, ...]:
        """The suits of maximal length, clubs first (all four for an empty hand)."""
        mask, _ = _native.hand_longest_suits(self._bits)
        return tuple(suit for suit in Suit if mask >> suit & 1)

    def legal_plays(self, led_suit: Suit | int | str | None = None) -> Hand:
        """The cards this hand may play: following suit is compulsory when possible.

        :param led_suit: the suit led to the trick, or ``None`` when on lead.
        :returns: the cards of the suit led if the hand holds any, else every card.
        :raises OutOfRangeError: for a suit number outside 0..3.
        :raises IllegalActionError: for an empty hand (``E_EMPTY``).
        """
        suit = None if led_suit is None else _suit_number(led_suit)
        return Hand._of(_native.legal_plays(self._bits, suit))


def trick_winner(
    cards: Sequence[Card | str], leader: Seat | int | str, trump: Strain | Suit | int | str
) -> Seat:
    """The seat winning a (possibly incomplete) trick at the four-hand table.

    The highest trump wins; if no trump was played, the highest card of the
    suit led. Cards of other suits never win.

    >>> trick_winner(["HK", "HA", "S2", "H3"], Seat.NORTH, Strain.NOTRUMP)
    <Seat.EAST: 1>
    >>> trick_winner(["HK", "HA", "S2", "H3"], Seat.NORTH, Strain.SPADES)
    <Seat.SOUTH: 2>

    :param cards: the cards in play order (1..4 of them), the first led by ``leader``.
    :raises InvalidNotationError: for a bad card code, seat or strain text.
    :raises OutOfRangeError: for a seat or strain number out of range, or no card.
    :raises InvalidDealError: for a card played twice.
    """
    numbers = [_card(c).index for c in cards]
    seat, _ = _native.trick_winner(numbers, _seat_number(leader), _strain_number(trump))
    return Seat(seat)


def deal(
    rng: Rng, dealer: Seat | int | str = Seat.NORTH, n_hands: int = 4, cards_each: int = 13
) -> tuple[Hand, ...]:
    """Shuffle a full pack with ``rng`` and deal it one card at a time, starting
    on the dealer's left.

    >>> [len(h) for h in deal(Rng(1))]
    [13, 13, 13, 13]

    :returns: ``n_hands`` hands indexed by seat; ``rng`` has advanced.
    :raises OutOfRangeError: for a count or dealer out of range.
    """
    hands = _native.deal_random(rng, n_hands, cards_each, _seat_number(dealer))
    return tuple(Hand._of(h) for h in hands)


def parse_deal(text: str) -> tuple[Hand | None, Hand | None, Hand | None, Hand | None]:
    """Parse a PBN deal such as ``"N:AKQ.T98.76.5432 ... ... ..."``.

    The first letter names the seat of the first hand; the others follow
    clockwise. A hand written ``-`` is unknown.

    :returns: the hands by seat (North, East, South, West); ``None`` for an unknown hand.
    :raises InvalidNotationError: if the text is not a PBN deal.
    :raises InvalidDealError: if a card is held twice.
    """
    hands, unknown = _native.deal_parse(text)
    n, e, s, w = (
        None if unknown >> seat & 1 else Hand._of(bits) for seat, bits in enumerate(hands)
    )
    return (n, e, s, w)


def format_deal(hands: Sequence[Hand | None], first: Seat | int | str = Seat.NORTH) -> str:
    """A PBN deal from four hands indexed by seat, starting with ``first``.

    >>> format_deal(parse_deal("E:- AKQJT98765432... - -"))
    'N:- - AKQJT98765432... -'

    :raises OutOfRangeError: unless there are four hands.
    """
    if len(hands) != 4:
        raise _native.error_for(Status.E_COUNT, f"a deal of {len(hands)} hands")
    start = Seat(_seat_number(first))
    fields = []
    for k in range(4):
        hand = hands[(start + k) % 4]
        fields.append("-" if hand is None else hand.pbn())
    return f"{start.letter}:" + " ".join(fields)


def validate_deal(hands: Sequence[Hand], cards_each: int | None = 13) -> None:
    """Check that hands form a deal: no card held twice and, unless
    ``cards_each`` is ``None``, every hand holding exactly ``cards_each`` cards.

    :raises OutOfRangeError: for no hands or more than eight.
    :raises InvalidDealError: for a card held twice or a hand of the wrong size.
    """
    _native.deal_validate([h.bits for h in hands], cards_each)
