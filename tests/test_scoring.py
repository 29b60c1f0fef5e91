"""Bridge scoring against the period tables (rules-reference.md §2.3 and §3.5).

Every expected figure is typed from the printed tables (ELW07 scoring table;
ELW05 law 6; EB1911), not computed by the code under test.
"""

from __future__ import annotations

import pytest

from dummybridge.core.cards import Hand, Seat, Suit
from dummybridge.engine.scoring import DealResult, ScoreSheet, score_deal
from dummybridge.language.loader import load_rules
from dummybridge.language.ruleset import RuleSet
from support import honour_hands

BRIDGE = load_rules("bridge")
RANKS = "AKQJT98765432"

# The honours table of §2.3, one row per holding: (description, honours by
# seat N, E, S, W as rank strings, {suit: points}).
TRUMP_TABLE = [
    (
        "3 honours between partners (simple honours)",
        ("AK", "", "Q", ""),
        {"spades": 4, "clubs": 8, "diamonds": 12, "hearts": 16},
    ),
    (
        "4 honours between partners",
        ("AK", "", "QJ", ""),
        {"spades": 8, "clubs": 16, "diamonds": 24, "hearts": 32},
    ),
    (
        "5 honours between partners",
        ("AKQ", "", "JT", ""),
        {"spades": 10, "clubs": 20, "diamonds": 30, "hearts": 40},
    ),
    (
        "4 honours in one hand",
        ("AKQJ", "T", "", ""),
        {"spades": 16, "clubs": 32, "diamonds": 48, "hearts": 64},
    ),
    (
        "4 in one hand, 5th in partner's",
        ("AKQJ", "", "T", ""),
        {"spades": 18, "clubs": 36, "diamonds": 54, "hearts": 72},
    ),
    (
        "5 honours in one hand",
        ("AKQJT", "", "", ""),
        {"spades": 20, "clubs": 40, "diamonds": 60, "hearts": 80},
    ),
]


def _result(
    denomination: str,
    hands: tuple[Hand, ...],
    tricks: tuple[int, int] = (7, 6),
    level: int = 0,
    declaring_side: int = 0,
) -> DealResult:
    return DealResult(
        hands=hands,
        denomination=BRIDGE.denomination(denomination),  # type: ignore[arg-type]
        declaring_side=declaring_side,
        doubling_level=level,
        tricks=tricks,
    )


def _above(lines: list[tuple[int, int, str, str, str]]) -> list[tuple[int, int, str]]:
    return [(side, points, kind) for side, points, line, kind, _ in lines if line == "above"]


@pytest.mark.parametrize("suit", ["spades", "clubs", "diamonds", "hearts"])
@pytest.mark.parametrize(
    ("holding", "honours", "points"), TRUMP_TABLE, ids=[r[0] for r in TRUMP_TABLE]
)
def test_elw07_honours_table_every_cell(
    suit: str, holding: str, honours: tuple[str, ...], points: dict[str, int]
) -> None:
    """ELW07 scoring table / ELW05 law 6: each holding scores its multiplier times
    the trick value, to the side that holds the honours (here North-South)."""
    trump = Suit.from_str(suit)
    lines = score_deal(BRIDGE, _result(suit, honour_hands(trump, honours)))  # type: ignore[arg-type]
    assert _above(lines) == [(0, points[suit], "honours")]


def test_elw05_misprint_a24_five_honours_four_in_one_hand_diamonds_is_54() -> None:
    """§8 A24: ELW05 printed 64; the 1907 table and the multiplier give 54."""
    lines = score_deal(
        BRIDGE, _result("diamonds", honour_hands(Suit.DIAMONDS, ("AKQJ", "", "T", "")))
    )  # type: ignore[arg-type]
    assert _above(lines) == [(0, 54, "honours")]


def test_honours_go_to_the_original_holders_not_the_declarers() -> None:
    """ELW05: honours are credited to the side that holds them, whoever declared."""
    hands = honour_hands(Suit.HEARTS, ("", "AKQJ", "", "T"))
    lines = score_deal(BRIDGE, _result("hearts", hands, tricks=(8, 5)))  # type: ignore[arg-type]
    assert _above(lines) == [(1, 72, "honours")]
    assert [(s, p, line) for s, p, line, k, _ in lines if k == "tricks"] == [(0, 16, "below")]


def test_two_honours_score_nothing() -> None:
    """§2.3: honours score from three between partners."""
    lines = score_deal(BRIDGE, _result("hearts", honour_hands(Suit.HEARTS, ("AK", "Q", "", "J"))))  # type: ignore[arg-type]
    assert _above(lines) == []


@pytest.mark.parametrize(
    ("aces", "points"),
    [
        ((1, 0, 2, 0), 30),  # 3 aces between partners
        ((2, 0, 2, 0), 40),  # 4 aces between partners
        ((3, 1, 0, 0), 30),  # 3 aces, the fourth with an adversary
        ((4, 0, 0, 0), 100),  # 4 aces in one hand
    ],
)
def test_elw07_no_trump_aces(aces: tuple[int, ...], points: int) -> None:
    """ELW07 / EB1911: at no trumps the honours are the four aces: 30, 40, 100 in one hand."""
    pool = iter(["SA", "HA", "DA", "CA"])
    hands = tuple(
        Hand.from_cards([next(pool) for _ in range(n)] + [f"S{r}"])
        for n, r in zip(aces, "2345", strict=True)
    )
    lines = score_deal(BRIDGE, _result("no_trumps", hands))  # type: ignore[arg-type]
    assert _above(lines) == [(0, points, "honours")]


@pytest.mark.parametrize(
    ("suit", "single", "double"),
    [("spades", 4, 8), ("clubs", 8, 16), ("diamonds", 12, 24), ("hearts", 16, 32)],
)
def test_elw05_chicane_and_double_chicane_values(suit: str, single: int, double: int) -> None:
    """ELW05 law 8: chicane scores simple honours, double chicane four honours.

    With no honours to either side, the chicane side adds the value."""
    trump = Suit.from_str(suit)
    none = ("", "", "", "")
    one = score_deal(BRIDGE, _result(suit, honour_hands(trump, none, voids=(Seat.EAST,))))  # type: ignore[arg-type]
    assert _above(one) == [(1, single, "chicane")]
    both = score_deal(
        BRIDGE, _result(suit, honour_hands(trump, none, voids=(Seat.EAST, Seat.WEST)))
    )  # type: ignore[arg-type]
    assert _above(both) == [(1, double, "chicane")]


def test_chicane_is_deducted_from_adversaries_who_score_honours() -> None:
    """ELW05: if the adversaries score honours, the chicane value is taken off theirs."""
    hands = honour_hands(Suit.HEARTS, ("AK", "", "Q", ""), voids=(Seat.WEST,))
    lines = score_deal(BRIDGE, _result("hearts", hands))  # type: ignore[arg-type]
    assert _above(lines) == [(0, 16, "honours"), (0, -16, "chicane")]


def test_chicane_side_that_scores_honours_adds_its_chicane() -> None:
    """ELW05: the side holding the chicane hand and the honours adds both."""
    hands = honour_hands(Suit.CLUBS, ("AKQ", "", "", ""), voids=(Seat.SOUTH,))
    lines = score_deal(BRIDGE, _result("clubs", hands))  # type: ignore[arg-type]
    assert _above(lines) == [(0, 8, "honours"), (0, 8, "chicane")]


def test_no_chicane_at_no_trumps() -> None:
    """ELW05 law 8: chicane belongs to trump declarations only."""
    hands = (
        Hand.from_pbn("AKQJT98765432..."),
        Hand.from_pbn("..."),
        Hand.from_pbn("..."),
        Hand.from_pbn("..."),
    )
    lines = score_deal(BRIDGE, _result("no_trumps", hands))  # type: ignore[arg-type]
    assert [k for _, _, _, k, _ in lines if k == "chicane"] == []


@pytest.mark.parametrize(
    ("denomination", "tricks", "level", "below"),
    [
        ("spades", (7, 6), 0, [(0, 2)]),
        ("hearts", (9, 4), 0, [(0, 24)]),
        ("no_trumps", (4, 9), 0, [(1, 36)]),  # the defenders score their odd tricks too
        ("clubs", (8, 5), 1, [(0, 16)]),  # doubled: 2 x 4 x 2
        ("diamonds", (8, 5), 2, [(0, 48)]),  # redoubled: 2 x 6 x 4
        ("hearts", (10, 3), 3, [(0, 256)]),  # doubled three times: 4 x 8 x 8
        ("hearts", (6, 7), 1, [(1, 16)]),
        ("hearts", (6, 6), 0, []),  # twelve tricks out: nobody has an odd trick
    ],
)
def test_elw05_trick_score_below_the_line(
    denomination: str, tricks: tuple[int, int], level: int, below: list[tuple[int, int]]
) -> None:
    """ELW05 laws 1-5: each trick over six at the declared value, times two per doubling,
    for whichever side won more than six."""
    hands = honour_hands(Suit.SPADES, ("", "", "", ""))
    lines = score_deal(BRIDGE, _result(denomination, hands, tricks=tricks, level=level))  # type: ignore[arg-type]
    assert [(s, p) for s, p, line, _, _ in lines if line == "below"] == below


def test_elw05_slams_by_either_side_undoubled_value() -> None:
    """ELW05 laws 9-10: grand slam 40, little slam 20, by either side; doubling does
    not change them."""
    hands = honour_hands(Suit.SPADES, ("", "", "", ""))
    grand = score_deal(BRIDGE, _result("hearts", hands, tricks=(13, 0), level=2))  # type: ignore[arg-type]
    assert [(s, p) for s, p, _, k, _ in grand if k == "slam"] == [(0, 40)]
    little = score_deal(BRIDGE, _result("hearts", hands, tricks=(1, 12)))  # type: ignore[arg-type]
    assert [(s, p) for s, p, _, k, _ in little if k == "slam"] == [(1, 20)]


def _line(side: int, points: int) -> tuple[int, int, str, str, str]:
    return (side, points, "below", "tricks", "")


def test_elw05_game_at_30_excess_counts_next_game_from_love() -> None:
    """ELW05 'The Game': 30 by tricks wins the game; points beyond 30 count in the
    total; only one game in a deal; the next game starts from love for both sides."""
    sheet = ScoreSheet(BRIDGE)
    sheet.add_deal(1, [_line(1, 24)])
    sheet.add_deal(2, [_line(0, 16)])
    assert sheet.games == [0, 0]
    sheet.add_deal(3, [_line(0, 48)])  # 16 + 48 = 64: game, with 34 to spare in the total
    assert sheet.games == [1, 0]
    assert sheet.game_number == 2
    assert sheet.below(0) == 0
    assert sheet.below(1) == 0
    assert sheet.total(0) == 64
    assert sheet.total(1) == 24


def test_elw05_rubber_two_games_and_100_bonus() -> None:
    """ELW05 'The Rubber': the best of three games; the winners add 100."""
    sheet = ScoreSheet(BRIDGE)
    sheet.add_deal(1, [_line(0, 30)])
    sheet.add_deal(2, [_line(1, 36)])
    assert not sheet.is_over
    added = sheet.add_deal(3, [_line(1, 32), (0, 64, "above", "honours", "")])
    assert sheet.is_over
    assert sheet.winner == 1
    assert [(e.side, e.points, e.kind) for e in added][-1] == (1, 100, "rubber")
    # Final difference: side 0 has 30 + 64 = 94; side 1 has 36 + 32 + 100 = 168.
    assert sheet.difference() == (1, 74)


def test_elw05_rubber_ends_when_first_two_games_go_to_one_side() -> None:
    """ELW05: if one side wins the first two games the third is not played."""
    sheet = ScoreSheet(BRIDGE)
    sheet.add_deal(1, [_line(0, 40)])
    sheet.add_deal(2, [_line(0, 30)])
    assert sheet.is_over
    assert sheet.games == [2, 0]
    assert sheet.total(0) == 170


def test_elw05_slam_lines_follow_each_rule_set_scored_under(
    tmp_path: pytest.TempPathFactory,
) -> None:
    """ELW05 laws 9-10 under two rule sets in turn: score_deal remembers the
    lines of a deal's tricks and slams, but for each rule set apart, so a house
    rule's slam bonus is its own even for a result already scored under Bridge."""
    house = tmp_path / "house.yaml"  # type: ignore[operator]
    house.write_text(
        "extends: bridge\nname: big-slams\ntitle: Big slams\nversion: '1'\n"
        "scoring:\n  slams:\n    little: 50\n    grand: 100\n",
        encoding="utf-8",
    )
    hands = honour_hands(Suit.SPADES, ("", "", "", ""))

    def slams(rules: RuleSet) -> list[tuple[int, int]]:
        result = DealResult(
            hands=hands,
            denomination=rules.denomination("hearts"),  # type: ignore[arg-type]
            declaring_side=0,
            doubling_level=0,
            tricks=(13, 0),
        )
        return [(s, p) for s, p, _, k, _ in score_deal(rules, result) if k == "slam"]

    house_rules = load_rules(house)
    assert [slams(BRIDGE), slams(house_rules), slams(BRIDGE), slams(house_rules)] == [
        [(0, 40)],
        [(0, 100)],
        [(0, 40)],
        [(0, 100)],
    ]
