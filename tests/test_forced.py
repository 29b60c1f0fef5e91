"""The forced ("compulsory") declaration for a Dummy (issue 4).

Seed 000 (DUMMY BRIDGE), rules 1-4: "1. If Dummy holds three or four aces, he
must declare 'no trumps.' 2. If Dummy has not three aces, he must declare his
numerically longest suit. 3. If Dummy has two or three suits of equal length,
he must declare the strongest, reckoned by addition of the pips, an ace
counting eleven, and each of the other honors ten. 4. If Dummy's equal suits
are also of equal strength, reckoned as above, then the most valuable of them
must be declared." EB1911 and ELW05 agree (rules-reference.md section 6.2;
A1, A5, A6).

Every expected declaration and pip count is worked out by hand from those
words and typed here, never computed by the code under test. Hands are PBN:
spades, hearts, diamonds, clubs.
"""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

from dummybridge.core.cards import Hand, Suit
from dummybridge.engine import forced as forced_module
from dummybridge.engine.forced import forced_declaration, suit_denominations
from dummybridge.language.loader import load_rules
from dummybridge.language.ruleset import ForcedCriterion, ForcedRules

GOOD = Path(__file__).resolve().parent / "good_rules"
BRIDGE = load_rules("bridge")
ROYAL = load_rules(GOOD / "royal_spades.yaml")  # royal_spades 10 a trick besides spades 2

# Seed 000 rule 3: "an ace counting eleven, and each of the other honors ten";
# the other cards at face value. Two first, ace last.
SEED_PIPS = (2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 11)


def seed000(aces: int = 3, examined_by: str = "owner") -> ForcedRules:
    """Seed 000 rules 1-4 as a rule file states them."""
    return ForcedRules(
        examined_by,
        (
            ForcedCriterion("aces_at_least", aces=aces, declare="no_trumps"),
            ForcedCriterion("longest"),
            ForcedCriterion("most_pips", pips=SEED_PIPS),
            ForcedCriterion("most_valuable"),
        ),
    )


def declare(hand: str, rules: ForcedRules | None = None, denominations=BRIDGE.denominations):
    denomination, trace = forced_declaration(rules or seed000(), Hand.from_pbn(hand), denominations)
    return denomination.name, trace


# --------------------------------------------------------------------- rule 1


def test_seed000_rule1_three_aces_no_trumps() -> None:
    """Seed 000 rule 1: three aces, whatever the suits, declare no trumps."""
    assert declare("A32.A54.A76.K965") == ("no_trumps", ("3 aces: no trumps",))


def test_seed000_rule1_four_aces_no_trumps() -> None:
    """Seed 000 rule 1: "three or four aces": four aces too."""
    assert declare("A432.A54.A76.A96") == ("no_trumps", ("4 aces: no trumps",))


def test_house_rule_aces_at_least_4_three_aces_declare_the_longest_suit() -> None:
    """A house rule asking all four aces for no trumps: three aces go on to
    rule 2, and the four-card club suit is the longest."""
    four = load_rules(GOOD / "forced_four_aces.yaml").declaration.forced
    assert four is not None
    assert four.criteria[0].aces == 4
    assert declare("A32.A54.A76.K965", four) == (
        "clubs",
        ("3 aces: fewer than 4", "longest suit: clubs (4)"),
    )
    assert declare("A432.A54.A76.A96", four) == ("no_trumps", ("4 aces: no trumps",))


# --------------------------------------------------------------------- rule 2


def test_seed000_rule2_longest_suit_even_the_weakest() -> None:
    """Seed 000 rule 2: "his numerically longest suit": five small clubs beat
    the four top hearts (length comes before pips and value)."""
    assert declare("87.AKQJ.92.65432") == (
        "clubs",
        ("1 ace: fewer than 3", "longest suit: clubs (5)"),
    )


# --------------------------------------------------------------------- rule 3


def test_seed000_rule3_most_pips_of_two_equal_suits() -> None:
    """Seed 000 rule 3: spades A Q J 9 = 11+10+10+9 = 40 pips beat hearts
    K 4 3 2 = 10+4+3+2 = 19, though hearts are worth more a trick."""
    assert declare("AQJ9.K432.765.32") == (
        "spades",
        ("1 ace: fewer than 3", "longest suits: spades, hearts (4)", "pips: spades 40, hearts 19"),
    )


def test_seed000_rule3_three_suits_of_equal_length() -> None:
    """Seed 000 rule 3: "two or three suits of equal length": spades Q J 9 8 =
    37, hearts K 7 6 5 = 28, diamonds A 4 3 2 = 20; spades."""
    assert declare("QJ98.K765.A432.T") == (
        "spades",
        (
            "1 ace: fewer than 3",
            "longest suits: spades, hearts, diamonds (4)",
            "pips: spades 37, hearts 28, diamonds 20",
        ),
    )


def test_a5_the_ten_counts_ten_pips() -> None:
    """A5: "each of the other honors ten" (seed 000) or "king, queen and knave
    counting ten each" (EB1911): the ten is ten either way. Spades T 9 8 2 =
    29 beat hearts 9 8 7 4 = 28."""
    assert declare("T982.9874.KQ5.J6") == (
        "spades",
        ("0 aces: fewer than 3", "longest suits: spades, hearts (4)", "pips: spades 29, hearts 28"),
    )


def test_a_house_pip_table_is_used() -> None:
    """The pip table is the rule file's: with the ace counted 1, hearts
    A 9 7 4 = 21 lose to diamonds K Q 8 3 = 31."""
    house = (2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 1)
    rules = ForcedRules(
        "owner",
        (
            ForcedCriterion("longest"),
            ForcedCriterion("most_pips", pips=house),
            ForcedCriterion("most_valuable"),
        ),
    )
    assert declare("652.A974.KQ83.32", rules) == (
        "diamonds",
        ("longest suits: hearts, diamonds (4)", "pips: hearts 21, diamonds 31"),
    )


# --------------------------------------------------------------------- rule 4


def test_rules_reference_6_2_worked_check_hearts_a974_against_diamonds_kq83() -> None:
    """rules-reference.md 6.2, the worked check: hearts A 9 7 4 = 11+9+7+4 = 31,
    diamonds K Q 8 3 = 10+10+8+3 = 31: equal length and pips, so hearts, the
    suit whose trick is worth more (8 against 6)."""
    assert declare("652.A974.KQ83.32") == (
        "hearts",
        (
            "1 ace: fewer than 3",
            "longest suits: hearts, diamonds (4)",
            "pips: hearts 31, diamonds 31",
            "most valuable: hearts",
        ),
    )


def test_seed000_rule4_three_suits_equal_in_length_and_pips() -> None:
    """Seed 000 rule 4 with three equal suits: spades K Q 3 2, diamonds K J 3 2
    and clubs Q J 3 2 are all 25 pips; diamonds (6) is worth most of them."""
    assert declare("KQ32.4.KJ32.QJ32") == (
        "diamonds",
        (
            "0 aces: fewer than 3",
            "longest suits: spades, diamonds, clubs (4)",
            "pips: spades 25, diamonds 25, clubs 25",
            "most valuable: diamonds",
        ),
    )


def test_a6_royal_spades_is_the_most_valuable_spade_declaration() -> None:
    """A6: "most valuable" by the rule file's own trick values. With royal
    spades at 10 beside spades at 2, spades A 9 7 4 and hearts K Q 8 3 (31
    pips each) go to spades, declared as royal spades (10 against hearts 8)."""
    assert declare("A974.KQ83.652.32", denominations=ROYAL.denominations) == (
        "royal_spades",
        (
            "1 ace: fewer than 3",
            "longest suits: spades, hearts (4)",
            "pips: spades 31, hearts 31",
            "most valuable: royal spades",
        ),
    )
    # Under plain bridge values the same hand declares hearts (8 against 2).
    assert declare("A974.KQ83.652.32")[0] == "hearts"


def test_a6_a_suit_is_declared_as_its_highest_valued_denomination() -> None:
    """A suit chosen by length is declared as its highest-valued denomination
    too: royal spades, not spades."""
    assert declare("A97654.K3.Q2.J32", denominations=ROYAL.denominations) == (
        "royal_spades",
        ("1 ace: fewer than 3", "longest suit: spades (6)"),
    )
    best = suit_denominations(ROYAL.denominations)
    assert (best[Suit.SPADES].name, best[Suit.SPADES].trick_value) == ("royal_spades", 10)


def test_suit_order_criterion_keeps_the_first_listed() -> None:
    """suit_order, an explicit tie-break in place of most_valuable: listing
    diamonds before hearts turns the worked check to diamonds."""
    rules = ForcedRules(
        "owner",
        (
            ForcedCriterion("longest"),
            ForcedCriterion("most_pips", pips=SEED_PIPS),
            ForcedCriterion(
                "suit_order", suit_order=(Suit.SPADES, Suit.CLUBS, Suit.DIAMONDS, Suit.HEARTS)
            ),
        ),
    )
    assert declare("652.A974.KQ83.32", rules) == (
        "diamonds",
        (
            "longest suits: hearts, diamonds (4)",
            "pips: hearts 31, diamonds 31",
            "suit order: diamonds",
        ),
    )


def test_criteria_that_do_not_decide_raise() -> None:
    """Built by hand (not through the loader, whose semantic checks forbid it),
    criteria that leave two suits equal raise instead of guessing."""
    rules = ForcedRules("owner", (ForcedCriterion("longest"),))
    with pytest.raises(ValueError, match="leave hearts, diamonds equal"):
        declare("652.A974.KQ83.32", rules)
    unknown = ForcedRules(
        "owner",
        (
            ForcedCriterion("aces_at_least", aces=1, declare="sans_atout"),
            ForcedCriterion("most_valuable"),
        ),
    )
    with pytest.raises(ValueError, match="'sans_atout'"):
        declare("652.A974.KQ83.32", unknown)


# --------------------------------------------------------------------- the rule file


def test_rule_file_builds_the_typed_forced_rules(tmp_path: Path) -> None:
    """The rule file's declaration.forced becomes ForcedRules; the pip table's
    keys are the card-code ranks; a criterion's source is kept."""
    path = tmp_path / "dummy.yaml"
    path.write_text(
        "extends: bridge\nname: dummy-test\ntitle: Dummy test\nversion: '1.0'\n"
        "declaration:\n"
        "  forced:\n"
        "    examined_by: right_hand_adversary\n"
        "    criteria:\n"
        "      - {aces_at_least: 3, declare: no_trumps, source: 'EB1911'}\n"
        "      - longest: true\n"
        "      - most_pips: {A: 11, K: 10, Q: 10, J: 10, T: 10, 9: 9, 8: 8, 7: 7, 6: 6,"
        " 5: 5, 4: 4, 3: 3, 2: 2}\n"
        "      - most_valuable: true\n",
        encoding="utf-8",
    )
    forced = load_rules(path).declaration.forced
    assert forced is not None
    assert forced.examined_by == "right_hand_adversary"
    assert forced.criteria == (
        ForcedCriterion("aces_at_least", aces=3, declare="no_trumps", source="EB1911"),
        ForcedCriterion("longest"),
        ForcedCriterion("most_pips", pips=SEED_PIPS),
        ForcedCriterion("most_valuable"),
    )


def test_forced_defaults_are_the_seed_rules(tmp_path: Path) -> None:
    """`forced: {}` is seed 000 rules 1-4 with the Dummy's owner examining it (A1)."""
    path = tmp_path / "dummy.yaml"
    path.write_text(
        "extends: bridge\nname: dummy-test\ntitle: Dummy test\nversion: '1.0'\n"
        "declaration: {forced: {}}\n",
        encoding="utf-8",
    )
    assert load_rules(path).declaration.forced == seed000()
    assert BRIDGE.declaration.forced is None  # bridge has no Dummy to force


def test_module_examples() -> None:
    result = doctest.testmod(forced_module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    assert result.attempted > 0
