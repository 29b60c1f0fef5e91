"""Value types of dummybridge.core.cards: parsing, text forms, reprs and every bad input.

Card encoding (csrc/dummybridge.h): card = suit * 13 + rank, clubs 0 .. spades 3,
two 0 .. ace 12; PBN hands list spades first, ranks high to low.
"""

from __future__ import annotations

import copy
import pickle

import pytest

from dummybridge import (
    FORCED_DECLARATION_PIPS,
    Card,
    Hand,
    IllegalActionError,
    InvalidDealError,
    InvalidNotationError,
    OutOfRangeError,
    Rank,
    Rng,
    Seat,
    Status,
    Strain,
    Suit,
    deal,
    format_deal,
    parse_deal,
    trick_winner,
    validate_deal,
)

PBN = "AKQ.T98.76.5432"
EXAMPLE = Hand.from_pbn(PBN)
DEAL = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


# ------------------------------------------------------------------- suits


def test_suit_numbers_follow_the_core() -> None:
    assert [int(s) for s in Suit] == [0, 1, 2, 3]
    assert [s.letter for s in Suit] == ["C", "D", "H", "S"]
    assert [s.symbol for s in Suit] == ["♣", "♦", "♥", "♠"]
    assert [s.name_plural for s in Suit] == ["clubs", "diamonds", "hearts", "spades"]
    assert str(Suit.HEARTS) == "H"


@pytest.mark.parametrize(
    ("text", "suit"),
    [
        ("C", Suit.CLUBS),
        ("d", Suit.DIAMONDS),
        ("♥", Suit.HEARTS),
        ("♤", Suit.SPADES),
        ("spades", Suit.SPADES),
        ("Spade", Suit.SPADES),
        (" HEARTS ", Suit.HEARTS),
        ("club", Suit.CLUBS),
        ("♦", Suit.DIAMONDS),
    ],
)
def test_suit_from_str(text: str, suit: Suit) -> None:
    assert Suit.from_str(text) is suit


@pytest.mark.parametrize("text", ["", "X", "NT", "no trumps", "clubss", "CD", "N"])
def test_suit_from_str_rejects(text: str) -> None:
    with pytest.raises(InvalidNotationError) as info:
        Suit.from_str(text)
    assert str(info.value) == (
        f"unknown suit {text!r}: expected a letter (C D H S), a symbol or a name"
    )
    assert info.value.status is None


# ----------------------------------------------------------------- strains


def test_strain_values() -> None:
    assert [int(s) for s in Strain] == [0, 1, 2, 3, 4]
    assert [s.letter for s in Strain] == ["C", "D", "H", "S", "NT"]
    assert Strain.NOTRUMP.suit is None
    assert Strain.HEARTS.suit is Suit.HEARTS
    assert Strain.from_suit(Suit.SPADES) is Strain.SPADES
    assert Strain.NOTRUMP.symbol == "NT"
    assert str(Strain.NOTRUMP) == "NT"


@pytest.mark.parametrize(
    "text", ["NT", "nt", "no trumps", "No Trump", "notrump", "NoTrumps", "no-trumps", "no_trump"]
)
def test_strain_no_trumps_spellings(text: str) -> None:
    assert Strain.from_str(text) is Strain.NOTRUMP


def test_strain_accepts_every_suit_form() -> None:
    assert Strain.from_str("♠") is Strain.SPADES
    assert Strain.from_str("diamonds") is Strain.DIAMONDS
    assert Strain.from_str("c") is Strain.CLUBS


@pytest.mark.parametrize("text", ["N", "n", "", "trumps", "no", "NTT"])
def test_strain_from_str_rejects(text: str) -> None:
    """A bare N is refused: it could mean no trumps or North."""
    with pytest.raises(InvalidNotationError) as info:
        Strain.from_str(text)
    assert str(info.value) == f"unknown strain {text!r}: expected a suit or 'NT' (no trumps)"


# ------------------------------------------------------------------- ranks


def test_rank_chars() -> None:
    assert "".join(r.char for r in Rank) == "23456789TJQKA"
    assert (Rank.TWO, Rank.TEN, Rank.ACE) == (0, 8, 12)
    assert str(Rank.JACK) == "J"


@pytest.mark.parametrize(
    ("text", "rank"),
    [
        ("2", Rank.TWO),
        ("9", Rank.NINE),
        ("T", Rank.TEN),
        ("t", Rank.TEN),
        ("10", Rank.TEN),
        ("J", Rank.JACK),
        ("q", Rank.QUEEN),
        ("K", Rank.KING),
        ("a", Rank.ACE),
    ],
)
def test_rank_from_str(text: str, rank: Rank) -> None:
    assert Rank.from_str(text) is rank


@pytest.mark.parametrize("text", ["", "1", "0", "11", "X", " 2", "10 ", "C2", "ace"])
def test_rank_from_str_rejects(text: str) -> None:
    with pytest.raises(InvalidNotationError) as info:
        Rank.from_str(text)
    assert str(info.value) == (f"unknown rank {text!r}: expected one of 2-9, T, J, Q, K, A or 10")


# ------------------------------------------------------------------- seats


def test_seats_go_clockwise() -> None:
    """The deal and the play move to the left: the left of seat s is s + 1 (mod 4)."""
    assert [s.letter for s in Seat] == ["N", "E", "S", "W"]
    assert [s.left for s in Seat] == [Seat.EAST, Seat.SOUTH, Seat.WEST, Seat.NORTH]
    assert [s.right for s in Seat] == [Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH]
    assert [s.partner for s in Seat] == [Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST]
    assert [s.side for s in Seat] == [0, 1, 0, 1]
    assert str(Seat.WEST) == "W"


@pytest.mark.parametrize(
    ("text", "seat"),
    [
        ("N", Seat.NORTH),
        ("north", Seat.NORTH),
        ("East", Seat.EAST),
        ("s", Seat.SOUTH),
        ("WEST", Seat.WEST),
    ],
)
def test_seat_from_str(text: str, seat: Seat) -> None:
    assert Seat.from_str(text) is seat


@pytest.mark.parametrize("text", ["", "X", "nord", "NE", "0"])
def test_seat_from_str_rejects(text: str) -> None:
    with pytest.raises(InvalidNotationError) as info:
        Seat.from_str(text)
    assert str(info.value) == f"unknown seat {text!r}: expected N, E, S, W or a name (north ...)"


# ------------------------------------------------------------------- cards


def test_card_encoding() -> None:
    """card = suit * 13 + rank: C2 = 0, CA = 12, D2 = 13, H2 = 26, S2 = 39, SA = 51."""
    assert [Card.from_str(c).index for c in ("C2", "CA", "D2", "H2", "S2", "SA")] == [
        0,
        12,
        13,
        26,
        39,
        51,
    ]
    assert Card(51).suit is Suit.SPADES
    assert Card(51).rank is Rank.ACE
    assert Card(34).code == "HT"
    assert [str(Card(i)) for i in range(0, 52, 13)] == ["C2", "D2", "H2", "S2"]


def test_card_text_forms() -> None:
    card = Card.from_str("sa")
    assert str(card) == "SA"
    assert repr(card) == "Card.from_str('SA')"
    assert card.symbol == "♠A"
    assert eval(repr(card)) is card


@pytest.mark.parametrize(
    ("text", "code"), [("h10", "HT"), ("HT", "HT"), ("c2", "C2"), ("dQ", "DQ"), ("S10", "ST")]
)
def test_card_parse_is_case_insensitive_and_accepts_10(text: str, code: str) -> None:
    assert Card.from_str(text).code == code
    assert Card.parse(text) is Card.from_str(text)


def test_cards_are_interned_values() -> None:
    assert Card(5) is Card.from_str("C7") is Card.make(Suit.CLUBS, Rank.SEVEN)
    assert Card.make("H", "10") is Card.from_str("HT")
    assert Card.make(3, 12) is Card(51)
    assert len({Card(i) for i in range(52)} | {Card(0)}) == 52
    assert copy.copy(Card(3)) is Card(3)
    assert copy.deepcopy(Card(3)) is Card(3)
    assert pickle.loads(pickle.dumps(Card(17))) is Card(17)


def test_cards_order_by_number() -> None:
    """Card order is the card-number order (clubs low), not the order of play."""
    assert sorted([Card.from_str("SA"), Card.from_str("C2"), Card.from_str("DK")]) == [
        Card(0),
        Card(24),
        Card(51),
    ]
    assert Card(3) < Card(4) <= Card(4) < Card(40)
    assert Card(40) > Card(4) >= Card(4)
    assert Card(0) != 0
    with pytest.raises(TypeError):
        _ = Card(0) < 1  # type: ignore[operator]


def test_card_is_immutable() -> None:
    card = Card(0)
    with pytest.raises(AttributeError, match="Card is immutable: cannot set '_index'"):
        card._index = 5
    with pytest.raises(AttributeError, match="Card is immutable: cannot delete '_code'"):
        del card._code


@pytest.mark.parametrize(
    "text", ["SX", "", "S", "X2", "S1", "S11", "SA ", " SA", "10S", "♠A", "NT", "S100"]
)
def test_unknown_card_code(text: str) -> None:
    with pytest.raises(InvalidNotationError) as info:
        Card.from_str(text)
    assert str(info.value) == f"unknown card code {text!r}: text that cannot be parsed"
    assert info.value.status == Status.E_PARSE
    assert info.value.status_name == "E_PARSE"


@pytest.mark.parametrize("number", [52, 255, 256, -1, 10**20])
def test_card_number_out_of_range(number: int) -> None:
    with pytest.raises(OutOfRangeError) as info:
        Card(number)
    assert str(info.value) == f"bad card number {number}: card number out of range"
    assert info.value.status == Status.E_CARD


def test_card_number_must_be_an_int() -> None:
    with pytest.raises(TypeError, match="a card number must be an int, not str"):
        Card("SA")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="a card number must be an int, not bool"):
        Card(True)


def test_card_make_out_of_range() -> None:
    with pytest.raises(OutOfRangeError) as info:
        Card.make(4, 0)
    assert str(info.value) == "no card of suit 4 and rank 0: suit out of range"
    assert info.value.status == Status.E_SUIT
    with pytest.raises(OutOfRangeError) as info:
        Card.make(0, 13)
    assert str(info.value) == "no card of suit 0 and rank 13: card number out of range"
    assert info.value.status == Status.E_CARD


# ------------------------------------------------------------------- hands


def test_hand_from_pbn_and_back() -> None:
    assert EXAMPLE.pbn() == PBN
    assert str(EXAMPLE) == PBN
    assert repr(EXAMPLE) == "Hand.from_pbn('AKQ.T98.76.5432')"
    assert eval(repr(EXAMPLE)) == EXAMPLE
    assert Hand.from_pbn("akq.10982..") == Hand.from_pbn("AKQ.T982..")
    assert repr(Hand()) == "Hand.from_pbn('...')"
    assert Hand.from_pbn("AKQJT98765432...").pbn() == "AKQJT98765432..."


def test_hand_bits_follow_the_encoding() -> None:
    assert Hand.from_pbn("A...").bits == 1 << 51
    assert Hand.from_pbn("...2").bits == 1
    assert Hand(0b111).pbn() == "...432"
    assert Hand.from_cards(["C2", Card(51)]).bits == 1 | 1 << 51


def test_hand_as_a_set() -> None:
    assert len(EXAMPLE) == 12
    assert Card.from_str("SA") in EXAMPLE
    assert "h9" in EXAMPLE
    assert "HA" not in EXAMPLE
    assert 51 not in EXAMPLE
    assert [c.code for c in Hand.from_pbn("A.2.K.3")] == ["C3", "DK", "H2", "SA"]
    spades, rest = Hand.from_pbn("AKQ..."), Hand.from_pbn(".T98.76.5432")
    assert spades | rest == EXAMPLE
    assert EXAMPLE - spades == rest
    assert EXAMPLE & spades == spades
    assert EXAMPLE ^ spades == rest
    assert spades.isdisjoint(rest)
    assert spades.issubset(EXAMPLE)
    assert not EXAMPLE.issubset(spades)
    assert bool(Hand()) is False
    assert bool(spades) is True
    assert len({Hand.from_pbn(PBN), EXAMPLE}) == 1
    assert pickle.loads(pickle.dumps(EXAMPLE)) == EXAMPLE
    assert EXAMPLE != PBN


def test_hand_is_immutable() -> None:
    with pytest.raises(AttributeError, match="Hand is immutable: cannot set '_bits'"):
        EXAMPLE._bits = 0


def test_hand_from_cards_rejects_a_card_twice() -> None:
    with pytest.raises(InvalidDealError) as info:
        Hand.from_cards(["SA", "sa"])
    assert str(info.value) == "card 'SA' given twice: card held twice"
    assert info.value.status == Status.E_DUPLICATE


def test_hand_from_cards_rejects_other_things() -> None:
    with pytest.raises(TypeError, match="expected a Card or a card code, not int"):
        Hand.from_cards([5])  # type: ignore[list-item]
    with pytest.raises(InvalidNotationError) as info:
        Hand.from_cards(["SA", "S0"])
    assert str(info.value) == "unknown card code 'S0': text that cannot be parsed"


@pytest.mark.parametrize(
    "text",
    [
        "AKQ.T98.76",
        "AKQ.T98.76.5432.",
        "",
        "AKQ T98 76 5432",
        "AKQ.T98.76.543X",
        "1.2.3.4",
        "AKQ.T98.76.54321",
        " AKQ.T98.76.5432",
    ],
)
def test_bad_pbn_hand(text: str) -> None:
    with pytest.raises(InvalidNotationError) as info:
        Hand.from_pbn(text)
    assert str(info.value) == f"bad PBN hand {text!r}: text that cannot be parsed"
    assert info.value.status == Status.E_PARSE


@pytest.mark.parametrize("text", ["AKA...", "T10...", "...22"])
def test_pbn_hand_with_a_card_twice(text: str) -> None:
    with pytest.raises(InvalidDealError) as info:
        Hand.from_pbn(text)
    assert str(info.value) == f"bad PBN hand {text!r}: card held twice"
    assert info.value.status == Status.E_DUPLICATE


@pytest.mark.parametrize("bits", [1 << 52, 1 << 63, -1, 2**64])
def test_hand_bits_out_of_range(bits: int) -> None:
    with pytest.raises(OutOfRangeError) as info:
        Hand(bits)
    assert str(info.value) == f"bad hand {hex(bits)}: card number out of range"
    assert info.value.status == Status.E_CARD


def test_hand_bits_must_be_an_int() -> None:
    with pytest.raises(TypeError, match="hand bits must be an int, not str"):
        Hand(PBN)  # type: ignore[arg-type]


# --------------------------------------------------------------- statistics


def test_suit_of_a_hand() -> None:
    assert EXAMPLE.suit(Suit.HEARTS) == Hand.from_pbn(".T98..")
    assert EXAMPLE.suit("clubs") == Hand.from_pbn("...5432")
    assert EXAMPLE.suit(3) == Hand.from_pbn("AKQ...")


@pytest.mark.parametrize("suit", [4, -1, 10**9])
def test_suit_out_of_range(suit: int) -> None:
    with pytest.raises(OutOfRangeError) as info:
        EXAMPLE.suit(suit)
    assert str(info.value) == f"no suit {suit}: suit out of range"
    assert info.value.status == Status.E_SUIT


def test_suit_lengths_and_longest() -> None:
    assert EXAMPLE.suit_lengths() == (4, 2, 3, 3)
    assert EXAMPLE.longest_suits() == (Suit.CLUBS,)
    assert Hand.from_pbn("AKQJ.T987.65.43").longest_suits() == (Suit.HEARTS, Suit.SPADES)
    assert Hand().longest_suits() == (Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS, Suit.SPADES)


def test_aces_and_honours() -> None:
    """Honours are A K Q J T of trumps; at no trumps the four aces are the honours."""
    hand = Hand.from_pbn("AKQJT.A.KQ.A2")
    assert hand.aces() == 3
    assert hand.honours(Strain.SPADES) == 5
    assert hand.honours("hearts") == 1
    assert hand.honours(Suit.DIAMONDS) == 2
    assert hand.honours(Strain.CLUBS) == 1
    assert hand.honours("NT") == 3
    assert hand.honours(4) == 3


def test_honours_out_of_range() -> None:
    with pytest.raises(OutOfRangeError) as info:
        EXAMPLE.honours(5)
    assert str(info.value) == (
        "cannot count the honours of hand 'AKQ.T98.76.5432' in strain 5: strain out of range"
    )
    assert info.value.status == Status.E_STRAIN


def test_pips() -> None:
    """The forced declaration counts court cards as ten and the ace as eleven."""
    assert FORCED_DECLARATION_PIPS == (2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 11)
    assert EXAMPLE.pips(Suit.SPADES) == 11 + 10 + 10
    assert EXAMPLE.pips("H") == 10 + 9 + 8
    assert EXAMPLE.pips(Suit.CLUBS) == 5 + 4 + 3 + 2
    assert EXAMPLE.pips(Suit.CLUBS, table=range(13)) == 3 + 2 + 1 + 0
    assert Hand().pips(Suit.SPADES) == 0


def test_pips_bad_arguments() -> None:
    with pytest.raises(OutOfRangeError) as info:
        EXAMPLE.pips(7)
    assert str(info.value) == (
        "cannot count the pips of hand 'AKQ.T98.76.5432' in suit 7: suit out of range"
    )
    assert info.value.status == Status.E_SUIT
    with pytest.raises(OutOfRangeError) as info:
        EXAMPLE.pips(Suit.SPADES, table=(1, 2))
    assert str(info.value) == "pip table (1, 2) is not 13 values in 0..255"
    assert info.value.status is None
    with pytest.raises(OutOfRangeError):
        EXAMPLE.pips(Suit.SPADES, table=(256,) * 13)


# ------------------------------------------------------------------- play


def test_following_suit_is_compulsory() -> None:
    """A hand holding the suit led must follow; void, it may play any card; on lead, any card."""
    assert EXAMPLE.legal_plays(Suit.HEARTS) == Hand.from_pbn(".T98..")
    assert Hand.from_pbn("AKQ..76.5432").legal_plays("H") == Hand.from_pbn("AKQ..76.5432")
    assert EXAMPLE.legal_plays(None) == EXAMPLE
    assert EXAMPLE.legal_plays() == EXAMPLE


def test_legal_plays_errors() -> None:
    with pytest.raises(IllegalActionError) as illegal:
        Hand().legal_plays(Suit.SPADES)
    assert str(illegal.value) == "no play from hand '...' to a lead of suit 3: no cards"
    assert illegal.value.status == Status.E_EMPTY
    with pytest.raises(OutOfRangeError) as out_of_range:
        EXAMPLE.legal_plays(5)
    assert str(out_of_range.value) == (
        "no play from hand 'AKQ.T98.76.5432' to a lead of suit 5: suit out of range"
    )
    assert out_of_range.value.status == Status.E_SUIT


def test_trick_winner_highest_of_suit_led() -> None:
    """Without trumps the highest card of the suit led wins; discards never win."""
    assert trick_winner(["HK", "HA", "S2", "H3"], Seat.NORTH, Strain.NOTRUMP) is Seat.EAST
    assert trick_winner(["H2", "SA", "DA", "CA"], Seat.WEST, "NT") is Seat.WEST
    assert trick_winner(["H2", "SA", "DA", "CA"], Seat.WEST, "clubs") is Seat.SOUTH


def test_trick_winner_highest_trump() -> None:
    """The highest trump wins the trick."""
    assert trick_winner(["HK", "HA", "S2", "H3"], "N", Strain.SPADES) is Seat.SOUTH
    assert trick_winner(["HK", "S3", "S2", "HA"], Seat.EAST, Strain.SPADES) is Seat.SOUTH
    assert trick_winner(["S4", "S3"], Seat.SOUTH, Strain.HEARTS) is Seat.SOUTH


def test_incomplete_trick_winner() -> None:
    assert trick_winner(["D2"], Seat.EAST, Strain.NOTRUMP) is Seat.EAST
    assert trick_winner([Card.from_str("D2"), Card.from_str("D3")], 3, 0) is Seat.NORTH


def test_trick_winner_errors() -> None:
    with pytest.raises(InvalidDealError) as bad_deal:
        trick_winner(["SA", "SA"], Seat.NORTH, Strain.NOTRUMP)
    assert str(bad_deal.value) == (
        "cannot find the winner of the trick [SA SA] led by seat 0 of 4, trump 4: card held twice"
    )
    with pytest.raises(OutOfRangeError) as out_of_range:
        trick_winner(["C2", "C3", "C4", "C5", "C6"], Seat.NORTH, Strain.NOTRUMP)
    assert str(out_of_range.value) == (
        "cannot find the winner of the trick [C2 C3 C4 C5 C6] led by seat 0 of 4, trump 4: "
        "count out of range"
    )
    assert out_of_range.value.status == Status.E_COUNT
    with pytest.raises(OutOfRangeError) as out_of_range:
        trick_winner([], Seat.NORTH, Strain.NOTRUMP)
    assert str(out_of_range.value) == (
        "cannot find the winner of the trick [] led by seat 0 of 4, trump 4: count out of range"
    )
    with pytest.raises(OutOfRangeError) as out_of_range:
        trick_winner(["C2"], 4, Strain.NOTRUMP)
    assert str(out_of_range.value) == (
        "cannot find the winner of the trick [C2] led by seat 4 of 4, trump 4: seat out of range"
    )
    assert out_of_range.value.status == Status.E_SEAT
    with pytest.raises(OutOfRangeError) as out_of_range:
        trick_winner(["C2"], 0, 5)
    assert out_of_range.value.status == Status.E_STRAIN
    with pytest.raises(InvalidNotationError):
        trick_winner(["C2"], "X", 0)


# --------------------------------------------------------------- dealing


def test_deal_is_seeded() -> None:
    """Same seed, same deal; the first card goes to the dealer's left."""
    hands = deal(Rng(1))
    assert [h.pbn() for h in hands] == [
        "AJT8.AKQ95.3.KT4",
        "954.J8.T9862.QJ6",
        "Q62.743.AJ75.532",
        "K73.T62.KQ4.A987",
    ]
    assert deal(Rng(1), dealer=Seat.WEST) == hands[1:] + hands[:1]
    rotated = deal(Rng(1), dealer=Seat.NORTH.left)
    assert rotated == hands[-1:] + hands[:-1]
    assert deal(Rng(1), dealer="S") == hands[-2:] + hands[:-2]
    validate_deal(hands)


def test_deal_patterns() -> None:
    three = deal(Rng(5), dealer=0, n_hands=3, cards_each=17)
    assert [len(h) for h in three] == [17, 17, 17]
    validate_deal(three, cards_each=17)
    assert len(Hand(2**52 - 1) - three[0] - three[1] - three[2]) == 1


def test_deal_errors() -> None:
    with pytest.raises(OutOfRangeError) as info:
        deal(Rng(1), n_hands=4, cards_each=14)
    assert str(info.value) == "cannot deal 4 hands of 14 cards by dealer 0: count out of range"
    with pytest.raises(OutOfRangeError) as info:
        deal(Rng(1), dealer=4)
    assert str(info.value) == "cannot deal 4 hands of 13 cards by dealer 4: seat out of range"
    assert info.value.status == Status.E_SEAT


def test_parse_deal() -> None:
    north, east, south, west = parse_deal(DEAL)
    assert north == Hand.from_pbn("AKQJ.AKQ.AKQ.AKQ")
    assert west == Hand.from_pbn("2.5432.5432.5432")
    assert format_deal((north, east, south, west)) == DEAL
    assert parse_deal("S:" + DEAL[2:])[2] == north
    assert format_deal((north, east, south, west), first=Seat.SOUTH) == (
        "S:6543.876.876.876 2.5432.5432.5432 AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9"
    )


def test_parse_deal_with_unknown_hands() -> None:
    hands = parse_deal("W:- A... - K...")
    assert hands == (Hand.from_pbn("A..."), None, Hand.from_pbn("K..."), None)
    assert format_deal(hands) == "N:A... - K... -"


@pytest.mark.parametrize(
    ("text", "where"),
    [
        ("", "it must begin with the first hand's seat and a colon (N:, E:, S: or W:)"),
        ("N", "it must begin with the first hand's seat and a colon (N:, E:, S: or W:)"),
        (
            "X:... ... ... ...",
            "it must begin with the first hand's seat and a colon (N:, E:, S: or W:)",
        ),
        (
            "N ... ... ... ...",
            "it must begin with the first hand's seat and a colon (N:, E:, S: or W:)",
        ),
        ("N:... ... ...", "it has 3 hands, not 4 (separated by spaces)"),
        ("N:... ... ... ... ...", "it has 5 hands, not 4 (separated by spaces)"),
        ("N:... ... ... ... ", "a space before the first hand or after the last"),
        ("N: ... ... ... ...", "a space before the first hand or after the last"),
        ("N:...\t... ... ...", "it has 3 hands, not 4 (separated by spaces)"),
    ],
)
def test_bad_pbn_deal(text: str, where: str) -> None:
    """The message says where the deal goes wrong (issue brief: 'names the
    problem and where it is')."""
    with pytest.raises(InvalidNotationError) as info:
        parse_deal(text)
    assert str(info.value) == f"bad PBN deal {text!r}: text that cannot be parsed: {where}"
    assert info.value.status == Status.E_PARSE


def test_pbn_deal_with_a_card_held_twice() -> None:
    text = "N:A... A... - -"
    with pytest.raises(InvalidDealError) as info:
        parse_deal(text)
    assert str(info.value) == (
        f"bad PBN deal {text!r}: card held twice: SA is in the north hand and the east hand"
    )
    assert info.value.status == Status.E_DUPLICATE


def test_validate_deal() -> None:
    """Every card is dealt once; each hand holds the same number of cards."""
    hands = [Hand.from_pbn(h) for h in DEAL[2:].split()]
    validate_deal(hands)
    validate_deal(hands[:2], cards_each=None)
    with pytest.raises(InvalidDealError) as bad_deal:
        validate_deal([hands[0], hands[0]])
    assert str(bad_deal.value) == (
        "invalid deal of 13 cards each ['AKQJ.AKQ.AKQ.AKQ', 'AKQJ.AKQ.AKQ.AKQ']: card held twice: "
        "CQ is in hand 1 and hand 2"
    )
    assert bad_deal.value.status == Status.E_DUPLICATE
    with pytest.raises(InvalidDealError) as bad_deal:
        validate_deal([hands[0], Hand.from_pbn("T98...")])
    assert str(bad_deal.value) == (
        "invalid deal of 13 cards each ['AKQJ.AKQ.AKQ.AKQ', 'T98...']: "
        "wrong number of cards in a hand: hand 2 holds 3 cards, not 13"
    )
    assert bad_deal.value.status == Status.E_HAND_SIZE
    with pytest.raises(OutOfRangeError) as out_of_range:
        validate_deal([])
    assert str(out_of_range.value) == "invalid deal of 13 cards each []: count out of range"
    assert out_of_range.value.status == Status.E_COUNT
    with pytest.raises(OutOfRangeError) as out_of_range:
        validate_deal([Hand()] * 9, cards_each=0)
    assert out_of_range.value.status == Status.E_COUNT


def test_format_deal_needs_four_hands() -> None:
    with pytest.raises(OutOfRangeError) as info:
        format_deal([Hand()] * 3)
    assert str(info.value) == "a deal of 3 hands: count out of range"
