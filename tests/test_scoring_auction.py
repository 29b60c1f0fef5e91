"""Auction Bridge scoring by the Whist Club of New York laws of November 1912
(rules-reference.md section 4; WORK13 ch. XI), as rule data.

The rule file is ``good_rules/auction_scoring.yaml``: Bridge with the 1912
"new count" and the scoring section of ``rules/auction-bridge.yaml``. Every
expected figure is typed from the laws (or from the tables and examples of
the period books that print them, FCH and WORK13's Cases), never computed by
the code under test. Lines are what :func:`~dummybridge.engine.scoring.score_deal`
gives: ``(side, points, line, kind, note)``; side 0 is North-South.

The laws quoted (WORK13, as mirrored law by law at playingcardgames.net):

- law 2: "A game consists of thirty points obtained by tricks alone, exclusive
  of any points counted for honors, chicane, slam, little slam, bonus or"
  (the mirror breaks off there; rules-reference 4.1 adds undertricks).
- law 4: "When the declarer wins the number of tricks bid, each one above six
  counts towards the game: two points when spades are trumps, six when clubs
  are trumps, seven when diamonds are trumps, eight when hearts are trumps,
  nine when royal spades are trumps and ten when there are no trumps."
- law 47: "When the player of the two hands ... wins at least as many tricks
  as he declared, he scores the full value of the tricks won (see Laws 4 and
  6). When he fails, neither the declarer nor his adversaries score anything
  towards the game, but his adversaries score in the honor column fifty points
  for each under-trick--i.e., each trick short of the number declared; or, if
  the declaration has been doubled, or redoubled, one hundred or two hundred
  respectively for each such trick."
- law 48: "The loss on the original declaration by the dealer of "One Spade"
  is limited to one hundred points whether doubled or not, unless redoubled.
  Honors are scored as held."
- law 53: doubling and redoubling double or quadruple "the value of each trick
  over six".
- law 56: "When a player whose declaration has been doubled wins the declared
  number of tricks, he scores a bonus of fifty points in the honor column, and
  a further fifty points for each additional trick. If he or his partner has
  redoubled, the bonus is doubled."
- laws 6-10: honours to the original holders (multiplier times the trick
  value); slam "by either side" 40, little slam 20; chicane as simple honours,
  double chicane as four honours; none changed by doubling. Law 11: 250 for
  the rubber.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from dummybridge.core.cards import Hand, Seat, Suit
from dummybridge.engine.scoring import DealResult, ScoreSheet, score_deal
from dummybridge.language.loader import load_rules, validate
from support import honour_hands

GOOD = Path(__file__).resolve().parent / "good_rules"
AUCTION = load_rules(GOOD / "auction_scoring.yaml")
BRIDGE = load_rules("bridge")

Line = tuple[int, int, str, str, str]


# One small card of every suit in every hand: no honours, no aces, no chicane.
PLAIN = tuple(Hand.from_cards([f"{s}{r}" for s in "CDHS"]) for r in "2345")


def _result(
    denomination: str,
    level: int,
    tricks: tuple[int, int],
    *,
    doubled: int = 0,
    declaring_side: int = 0,
    hands: tuple[Hand, ...] = PLAIN,
    one_spade: bool = False,
) -> DealResult:
    return DealResult(
        hands=hands,  # type: ignore[arg-type]
        denomination=AUCTION.denomination(denomination),
        declaring_side=declaring_side,
        doubling_level=doubled,
        tricks=tricks,
        contract_level=level,
        opening_one_spade=one_spade,
    )


def _below(lines: list[Line]) -> list[tuple[int, int]]:
    return [(side, points) for side, points, line, _, _ in lines if line == "below"]


def _above(lines: list[Line]) -> list[tuple[int, int, str]]:
    return [(side, points, kind) for side, points, line, kind, _ in lines if line == "above"]


def _kind(lines: list[Line], kind: str) -> list[tuple[int, int]]:
    return [(side, points) for side, points, _, k, _ in lines if k == kind]


# --------------------------------------------------------------------- the rule file


def test_auction_scoring_rule_file_validates_with_the_new_keywords(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The good rule file validates clean, and its RuleSet carries the 1912 figures."""
    monkeypatch.chdir(GOOD)
    assert validate("auction_scoring.yaml") == []
    s = AUCTION.scoring
    assert s.tricks_scored_by == "contract"
    assert s.undertricks == (50, 100, 200)
    assert (s.doubled_bonus, s.doubled_bonus_per_overtrick, s.redoubled_bonus_factor) == (50, 50, 2)
    assert s.opening_spade_cap == 100
    assert (s.game, s.games_to_win, s.rubber_bonus) == (30, 2, 250)
    assert (s.grand_slam, s.little_slam) == (40, 20)
    assert (s.chicane_multiplier, s.double_chicane_multiplier) == (2, 4)
    values = {d.name: (d.suit, d.trick_value) for d in AUCTION.denominations}
    assert values == {
        "spades": (Suit.SPADES, 2),
        "clubs": (Suit.CLUBS, 6),
        "diamonds": (Suit.DIAMONDS, 7),
        "hearts": (Suit.HEARTS, 8),
        "royal_spades": (Suit.SPADES, 9),
        "no_trumps": (None, 10),
    }


def test_doubled_bonus_redoubled_factor_defaults_to_2(tmp_path: Path) -> None:
    """Law 56 "the bonus is doubled": the schema default of redoubled_factor."""
    path = tmp_path / "h.yaml"
    path.write_text(
        "extends: auction-bridge\nname: h\nscoring:\n"
        "  doubled_bonus: {made: 50, per_overtrick: 50, redoubled_factor: null}\n",
        encoding="utf-8",
    )
    assert validate(path) == []
    rules = load_rules(path)
    assert rules.scoring.redoubled_bonus_factor == 2
    assert rules.to_data()["scoring"]["doubled_bonus"] == {
        "made": 50,
        "per_overtrick": 50,
        "redoubled_factor": 2,
        "source": "SEED002 law 56",
    }


def test_bridge_states_none_of_the_auction_keywords() -> None:
    """The defaults leave Bridge as it was: no contract, no undertricks, no bonus, no cap."""
    s = BRIDGE.scoring
    assert s.tricks_scored_by == "side_with_odd_tricks"
    assert (s.undertricks, s.doubled_bonus, s.doubled_bonus_per_overtrick) == ((0, 0, 0), 0, 0)
    assert s.opening_spade_cap is None
    data = BRIDGE.to_data()["scoring"]
    assert not {"undertricks", "doubled_bonus", "opening_spade_cap"} & set(data)


def test_bridge_ignores_a_contract_in_the_result() -> None:
    """Bridge scores whichever side won the odd tricks, a contract or not."""
    hands = honour_hands(Suit.HEARTS)
    bare = DealResult(hands, BRIDGE.denomination("hearts"), 0, 1, (5, 8))
    with_contract = DealResult(hands, BRIDGE.denomination("hearts"), 0, 1, (5, 8), contract_level=3)
    assert score_deal(BRIDGE, bare) == score_deal(BRIDGE, with_contract)
    assert _below(score_deal(BRIDGE, bare)) == [(1, 32)]  # 2 odd tricks x 8 x 2


# --------------------------------------------------------------------- law 4


@pytest.mark.parametrize(
    ("denomination", "level", "tricks", "below"),
    [
        ("spades", 1, (7, 6), [(0, 2)]),
        ("clubs", 2, (8, 5), [(0, 12)]),
        ("diamonds", 1, (9, 4), [(0, 21)]),  # overtricks count too: 3 x 7
        ("hearts", 2, (9, 4), [(0, 24)]),
        ("royal_spades", 3, (9, 4), [(0, 27)]),
        ("no_trumps", 1, (10, 3), [(0, 40)]),
    ],
)
def test_law_4_contract_made_all_odd_tricks_count_toward_game(
    denomination: str, level: int, tricks: tuple[int, int], below: list[tuple[int, int]]
) -> None:
    """Law 4 with law 47: the declarer who wins the tricks bid scores "the full value of
    the tricks won", each over six at 2, 6, 7, 8, 9, 10."""
    lines = score_deal(AUCTION, _result(denomination, level, tricks))
    assert _below(lines) == below
    assert _above(lines) == []


def test_law_4_east_west_declare_and_make() -> None:
    """Law 4: the declarer's side scores, whichever side it is."""
    lines = score_deal(AUCTION, _result("diamonds", 1, (6, 7), declaring_side=1))
    assert _below(lines) == [(1, 7)]


def test_law_47_contract_failed_nothing_below_for_anyone() -> None:
    """Law 47: "When he fails, neither the declarer nor his adversaries score anything
    towards the game" -- the declarer's eight tricks at Three Hearts score nothing below."""
    lines = score_deal(AUCTION, _result("hearts", 3, (8, 5)))
    assert _below(lines) == []
    assert _above(lines) == [(1, 50, "undertricks")]


def test_law_4_adversaries_never_score_tricks_toward_game() -> None:
    """FCH: the adversaries "never score anything toward game, no matter how many tricks
    they win, because they are not the declarers": 8 tricks against One No Trump."""
    lines = score_deal(AUCTION, _result("no_trumps", 1, (5, 8)))
    assert _below(lines) == []
    assert _above(lines) == [(1, 100, "undertricks")]


def test_fch_three_hearts_odd_trick_only_with_simple_honours() -> None:
    """FCH: "If we suppose the winning declaration to be three hearts, and the declarer
    makes the odd trick only, holding simple honours, he scores 16 above the line, while
    the other side scores 100 points above the line for defeating the contract by two
    tricks, worth 50 each.\""""
    hands = honour_hands(Suit.HEARTS, ("AK", "", "Q", ""))
    lines = score_deal(AUCTION, _result("hearts", 3, (7, 6), hands=hands))
    assert _below(lines) == []
    assert _above(lines) == [(1, 100, "undertricks"), (0, 16, "honours")]


# --------------------------------------------------------------------- law 47


@pytest.mark.parametrize(
    ("doubled", "short", "points"),
    [
        (0, 1, 50),
        (0, 2, 100),
        (0, 4, 200),  # flat: the fourth costs what the first did
        (1, 1, 100),
        (1, 3, 300),
        (2, 1, 200),
        (2, 2, 400),
    ],
)
def test_law_47_undertricks_50_100_200_each_flat(doubled: int, short: int, points: int) -> None:
    """Law 47: fifty for each under-trick, one hundred doubled, two hundred redoubled,
    to the adversaries in the honour column."""
    lines = score_deal(AUCTION, _result("hearts", 4, (10 - short, 3 + short), doubled=doubled))
    assert _above(lines) == [(1, points, "undertricks")]
    assert _below(lines) == []


def test_law_47_case_6_six_clubs_doubled_six_tricks_a_loss_of_600() -> None:
    """WORK13 Case 6: West's Six Clubs, doubled, "resulted in the Declarer taking six
    tricks, a loss of 600" (six under-tricks at 100)."""
    lines = score_deal(AUCTION, _result("clubs", 6, (7, 6), doubled=1, declaring_side=1))
    assert _above(lines) == [(0, 600, "undertricks")]
    assert _below(lines) == []


def test_law_47_honours_are_still_scored_by_their_holders_when_the_contract_fails() -> None:
    """Law 47 with law 6: the adversaries' undertricks and each side's honours, as held."""
    hands = honour_hands(Suit.HEARTS, ("", "AKQJ", "T", ""))
    lines = score_deal(AUCTION, _result("hearts", 2, (6, 7), hands=hands))
    assert _above(lines) == [(1, 100, "undertricks"), (1, 64, "honours")]


def test_law_47_contract_needs_its_level() -> None:
    """Contract scoring cannot score a deal without the tricks bid."""
    result = DealResult(PLAIN, AUCTION.denomination("hearts"), 0, 0, (8, 5))  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="contract_level"):
        score_deal(AUCTION, result)


@pytest.mark.parametrize("level", [0, 8])
def test_contract_level_is_one_to_seven(level: int) -> None:
    with pytest.raises(ValueError, match="contract_level must be 1 to 7"):
        _result("hearts", level, (7, 6))


# --------------------------------------------------------------------- law 48


@pytest.mark.parametrize(
    ("doubled", "declarer_tricks", "points"),
    [
        (0, 6, 50),  # one down: 50
        (0, 5, 100),  # two down: 100, the limit itself
        (0, 4, 100),  # three down would be 150
        (0, 0, 100),  # seven down would be 350
        (1, 6, 100),  # doubled, one down: 100
        (1, 3, 100),  # doubled, four down would be 400
    ],
)
def test_law_48_dealers_one_spade_loses_at_most_100_doubled_or_not(
    doubled: int, declarer_tricks: int, points: int
) -> None:
    """Law 48: "The loss on the original declaration by the dealer of "One Spade" is
    limited to one hundred points whether doubled or not\"."""
    lines = score_deal(
        AUCTION,
        _result(
            "spades", 1, (declarer_tricks, 13 - declarer_tricks), doubled=doubled, one_spade=True
        ),
    )
    assert _kind(lines, "undertricks") == [(1, points)]


def test_law_48_redoubled_one_spade_is_not_limited() -> None:
    """Law 48: "... unless redoubled": two down at 200 each."""
    lines = score_deal(AUCTION, _result("spades", 1, (5, 8), doubled=2, one_spade=True))
    assert _kind(lines, "undertricks") == [(1, 400)]


def test_law_48_only_the_dealers_original_one_spade_is_limited() -> None:
    """Law 48 limits "the original declaration by the dealer of One Spade" only:
    Two Spades three down costs 150."""
    lines = score_deal(AUCTION, _result("spades", 2, (5, 8)))
    assert _kind(lines, "undertricks") == [(1, 150)]


def test_law_48_honours_are_scored_as_held() -> None:
    """Law 48: "Honors are scored as held": the declarer's four spade honours in one
    hand (8 x 2 = 16) beside the adversaries' limited 100; the adversaries' too."""
    hands = honour_hands(Suit.SPADES, ("AKQJ", "T", "", ""))
    lines = score_deal(
        AUCTION, _result("spades", 1, (2, 11), doubled=1, hands=hands, one_spade=True)
    )
    assert _above(lines) == [(1, 100, "undertricks"), (0, 16, "honours")]
    hands = honour_hands(Suit.SPADES, ("", "AKQ", "", "J"))
    lines = score_deal(AUCTION, _result("spades", 1, (4, 9), hands=hands, one_spade=True))
    assert _above(lines) == [(1, 100, "undertricks"), (1, 8, "honours")]


def test_law_48_one_spade_made_scores_as_any_contract() -> None:
    """Law 48 limits only the loss: One Spade made with two over scores 3 x 2."""
    lines = score_deal(AUCTION, _result("spades", 1, (9, 4), one_spade=True))
    assert _below(lines) == [(0, 6)]


def test_opening_one_spade_needs_a_contract_of_one_in_spades() -> None:
    with pytest.raises(ValueError, match="opening_one_spade"):
        _result("spades", 2, (7, 6), one_spade=True)
    with pytest.raises(ValueError, match="opening_one_spade"):
        _result("hearts", 1, (7, 6), one_spade=True)


# --------------------------------------------------------------------- laws 53 and 56


@pytest.mark.parametrize(
    ("denomination", "level", "doubled", "tricks", "below", "bonus"),
    [
        ("hearts", 2, 1, (8, 5), [(0, 32)], [(0, 50)]),  # made exactly: 2 x 8 x 2; 50
        ("hearts", 2, 1, (10, 3), [(0, 64)], [(0, 150)]),  # two over: 4 x 16; 50 + 2 x 50
        ("clubs", 1, 1, (8, 5), [(0, 24)], [(0, 100)]),  # one over: 2 x 6 x 2; 50 + 50
        ("no_trumps", 1, 2, (9, 4), [(0, 120)], [(0, 300)]),  # redoubled: 3 x 40; (50 + 100) x 2
        ("royal_spades", 2, 2, (8, 5), [(0, 72)], [(0, 100)]),  # redoubled: 2 x 36; 50 x 2
        ("diamonds", 3, 1, (4, 9), [(1, 42)], [(1, 50)]),  # East-West declare: 6 x 7 x 2; 50
    ],
)
def test_law_56_doubled_bonus_50_and_50_each_extra_trick_doubled_if_redoubled(
    denomination: str,
    level: int,
    doubled: int,
    tricks: tuple[int, int],
    below: list[tuple[int, int]],
    bonus: list[tuple[int, int]],
) -> None:
    """Law 53: doubling doubles, redoubling quadruples each trick below the line. Law 56:
    "a bonus of fifty points in the honor column, and a further fifty points for each
    additional trick. If he or his partner has redoubled, the bonus is doubled.\""""
    declaring_side = 1 if tricks[1] > tricks[0] else 0
    lines = score_deal(
        AUCTION,
        _result(denomination, level, tricks, doubled=doubled, declaring_side=declaring_side),
    )
    assert _below(lines) == below
    assert _kind(lines, "bonus") == bonus
    assert [line for _, _, line, kind, _ in lines if kind == "bonus"] == ["above"]


def test_law_56_no_bonus_undoubled_or_failed() -> None:
    """Law 56 rewards a doubled declaration that wins the declared tricks, nothing else."""
    made = score_deal(AUCTION, _result("hearts", 2, (10, 3)))
    assert _kind(made, "bonus") == []
    failed = score_deal(AUCTION, _result("hearts", 2, (7, 6), doubled=1))
    assert _kind(failed, "bonus") == []
    assert _kind(failed, "undertricks") == [(1, 100)]


# --------------------------------------------------------------------- laws 6 and 10, A23

# FCH "Table of honour values" (the 1912 count), one row per holding: honours by
# seat N, E, S, W as rank strings, {declaration: points}.
FCH_TABLE = [
    (
        "3 honours",
        ("AK", "", "Q", ""),
        {"spades": 4, "clubs": 12, "diamonds": 14, "hearts": 16, "royal_spades": 18},
    ),
    (
        "4 honours",
        ("AK", "", "QJ", ""),
        {"spades": 8, "clubs": 24, "diamonds": 28, "hearts": 32, "royal_spades": 36},
    ),
    (
        "4 honours (all in 1 hand)",
        ("AKQJ", "T", "", ""),
        {"spades": 16, "clubs": 48, "diamonds": 56, "hearts": 64, "royal_spades": 72},
    ),
    (
        "5 honours",
        ("AKQ", "", "JT", ""),
        {"spades": 10, "clubs": 30, "diamonds": 35, "hearts": 40, "royal_spades": 45},
    ),
    (
        "5 honours (4 in 1 hand)",
        ("AKQJ", "", "T", ""),
        {"spades": 18, "clubs": 54, "diamonds": 63, "hearts": 72, "royal_spades": 81},
    ),
    (
        "5 honours (all in 1 hand)",
        ("AKQJT", "", "", ""),
        {"spades": 20, "clubs": 60, "diamonds": 70, "hearts": 80, "royal_spades": 90},
    ),
]


@pytest.mark.parametrize("denomination", ["spades", "clubs", "diamonds", "hearts", "royal_spades"])
@pytest.mark.parametrize(
    ("holding", "honours", "points"), FCH_TABLE, ids=[row[0] for row in FCH_TABLE]
)
def test_law_6_honours_at_the_declared_value(
    denomination: str,
    holding: str,
    honours: tuple[str, str, str, str],
    points: dict[str, int],
) -> None:
    """Law 6 with law 4 (A23): honours at the multiplier times the declared trick value,
    so royals count 9 a trick and spades 2 for the same cards (FCH's table)."""
    trump = AUCTION.denomination(denomination).suit
    assert trump is not None
    lines = score_deal(
        AUCTION, _result(denomination, 1, (7, 6), hands=honour_hands(trump, honours))
    )
    assert _kind(lines, "honours") == [(0, points[denomination])]


def test_a23_four_honours_in_one_hand_royals_72_clubs_48() -> None:
    """Rules-reference 2.3: "4 honours in one hand at hearts = 64; at royals = 72; at clubs
    under the new count = 48"."""
    honours = ("AKQJ", "T", "", "")
    for name, points in (("hearts", 64), ("royal_spades", 72), ("clubs", 48)):
        trump = AUCTION.denomination(name).suit
        assert trump is not None
        lines = score_deal(AUCTION, _result(name, 1, (7, 6), hands=honour_hands(trump, honours)))
        assert _kind(lines, "honours") == [(0, points)], name


@pytest.mark.parametrize(
    ("aces", "points"), [((1, 0, 2, 0), 30), ((2, 0, 2, 0), 40), ((4, 0, 0, 0), 100)]
)
def test_law_6_no_trump_aces_30_40_100(aces: tuple[int, int, int, int], points: int) -> None:
    """Law 6: "3 aces held between partners count 30; 4 ... 40; 4 in one hand 100"."""
    pool = iter(["SA", "HA", "DA", "CA"])
    hands = tuple(
        Hand.from_cards([next(pool) for _ in range(n)] + [f"S{r}"])
        for n, r in zip(aces, "2345", strict=True)
    )
    lines = score_deal(AUCTION, _result("no_trumps", 1, (7, 6), hands=hands))
    assert _kind(lines, "honours") == [(0, points)]


def test_law_10_doubling_does_not_change_honours() -> None:
    """Law 10: "The value of honors, slam, little slam or chicane, is not affected by
    doubling or redoubling": four hearts in one hand stay 64 at a redoubled contract."""
    hands = honour_hands(Suit.HEARTS, ("AKQJ", "T", "", ""))
    lines = score_deal(AUCTION, _result("hearts", 1, (7, 6), doubled=2, hands=hands))
    assert _kind(lines, "honours") == [(0, 64)]
    assert _below(lines) == [(0, 32)]  # the trick, quadrupled


def test_law_6_honours_to_the_original_holders_the_defenders() -> None:
    """Law 6: "Honors are credited in the honor column to the original holders"."""
    hands = honour_hands(Suit.DIAMONDS, ("", "AKQ", "", "J"))
    lines = score_deal(AUCTION, _result("diamonds", 1, (8, 5), hands=hands))
    assert _below(lines) == [(0, 14)]
    assert _kind(lines, "honours") == [(1, 28)]


# --------------------------------------------------------------------- laws 7 and 8 (A16)


def test_law_7_grand_slam_by_the_declarer() -> None:
    """Law 7: slam 40, besides all seven odd tricks below."""
    lines = score_deal(AUCTION, _result("clubs", 1, (13, 0)))
    assert _below(lines) == [(0, 42)]
    assert _kind(lines, "slam") == [(0, 40)]


def test_law_7_slam_by_the_defenders() -> None:
    """Law 7: slam "by either side" (A16): the adversaries take all thirteen tricks
    against One No Trump: 40 for the slam and seven under-tricks at 50."""
    lines = score_deal(AUCTION, _result("no_trumps", 1, (0, 13)))
    assert _below(lines) == []
    assert _above(lines) == [(1, 350, "undertricks"), (1, 40, "slam")]


def test_law_8_little_slam_by_the_defenders() -> None:
    """Law 8 (A16): twelve tricks for the adversaries of a doubled One Heart: 20,
    and six under-tricks at 100."""
    lines = score_deal(AUCTION, _result("hearts", 1, (1, 12), doubled=1))
    assert _above(lines) == [(1, 600, "undertricks"), (1, 20, "slam")]


def test_law_8_little_slam_is_taken_not_bid() -> None:
    """Laws 7-8: slams are scored for the tricks taken, not bid: Seven Hearts with twelve
    tricks fails by one (50 to the adversaries) and the declarer scores little slam."""
    lines = score_deal(AUCTION, _result("hearts", 7, (12, 1)))
    assert _below(lines) == []
    assert _above(lines) == [(1, 50, "undertricks"), (0, 20, "slam")]
    made = score_deal(AUCTION, _result("hearts", 1, (12, 1)))
    assert _below(made) == [(0, 48)]
    assert _kind(made, "slam") == [(0, 20)]


# --------------------------------------------------------------------- law 9 (A15)


@pytest.mark.parametrize(
    ("denomination", "single", "double"),
    [
        ("spades", 4, 8),
        ("clubs", 12, 24),
        ("diamonds", 14, 28),
        ("hearts", 16, 32),
        ("royal_spades", 18, 36),
    ],
)
def test_law_9_chicane_simple_honours_double_chicane_four_honours(
    denomination: str, single: int, double: int
) -> None:
    """Law 9: "Chicane (one hand void of trumps) is equal in value to simple honors";
    "Double chicane (both hands void of trumps) is equal in value to four honors"."""
    trump = AUCTION.denomination(denomination).suit
    assert trump is not None
    one = score_deal(
        AUCTION, _result(denomination, 1, (7, 6), hands=honour_hands(trump, voids=(Seat.EAST,)))
    )
    assert _kind(one, "chicane") == [(1, single)]
    both = score_deal(
        AUCTION,
        _result(denomination, 1, (7, 6), hands=honour_hands(trump, voids=(Seat.EAST, Seat.WEST))),
    )
    assert _kind(both, "chicane") == [(1, double)]


def test_law_9_chicane_deducted_from_the_adversaries_honours() -> None:
    """Law 9: "if the adversaries score honors it deducts that value from theirs":
    simple honours at royals 18, less West's chicane 18."""
    hands = honour_hands(Suit.SPADES, ("AK", "", "Q", ""), voids=(Seat.WEST,))
    lines = score_deal(AUCTION, _result("royal_spades", 1, (7, 6), hands=hands))
    assert _above(lines) == [(0, 18, "honours"), (0, -18, "chicane")]


def test_law_9_chicane_scored_when_the_contract_fails() -> None:
    """Law 9 with law 47: the declarer's chicane (clubs, 12) beside the adversaries' 50."""
    hands = honour_hands(Suit.CLUBS, voids=(Seat.SOUTH,))
    lines = score_deal(AUCTION, _result("clubs", 2, (7, 6), hands=hands))
    assert _above(lines) == [(1, 50, "undertricks"), (0, 12, "chicane")]


# --------------------------------------------------------------------- laws 2 and 11


def test_law_2_game_is_30_by_tricks_alone() -> None:
    """Law 2: thirty "by tricks alone, exclusive of any points counted for honors,
    chicane, slam, little slam, bonus" (rules-reference 4.1: nor undertricks)."""
    sheet = ScoreSheet(AUCTION)
    # Case 6: North-South defeat Six Clubs doubled: 600 above, nothing toward game.
    sheet.add_deal(1, score_deal(AUCTION, _result("clubs", 6, (7, 6), doubled=1, declaring_side=1)))
    assert (sheet.below(0), sheet.total(0), sheet.games) == (0, 600, [0, 0])
    # One Heart doubled, made exactly: 16 below, the 50 bonus above.
    sheet.add_deal(2, score_deal(AUCTION, _result("hearts", 1, (7, 6), doubled=1)))
    assert (sheet.below(0), sheet.games) == (16, [0, 0])
    # Two Clubs made exactly: 12 more, 28.
    sheet.add_deal(3, score_deal(AUCTION, _result("clubs", 2, (8, 5))))
    assert (sheet.below(0), sheet.games) == (28, [0, 0])
    # One Spade made: 2 more, 30: game.
    sheet.add_deal(4, score_deal(AUCTION, _result("spades", 1, (7, 6), one_spade=True)))
    assert (sheet.games, sheet.below(0)) == ([1, 0], 0)
    assert sheet.total(0) == 600 + 16 + 50 + 12 + 2


def test_law_11_rubber_250() -> None:
    """Law 11: at the end of the rubber 250 is added for its winners."""
    sheet = ScoreSheet(AUCTION)
    sheet.add_deal(1, score_deal(AUCTION, _result("no_trumps", 3, (9, 4))))  # 30: game
    sheet.add_deal(2, score_deal(AUCTION, _result("hearts", 4, (10, 3), declaring_side=0)))
    assert sheet.is_over
    assert sheet.winner == 0
    assert [(e.column, e.points, e.kind) for e in sheet.entries][-1] == (0, 250, "rubber")
    assert sheet.total(0) == 30 + 32 + 250
    assert sheet.difference() == (0, 312)
