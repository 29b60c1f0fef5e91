"""Scoring by player as well as by side (issue 4): three-handed scoring and settlement.

EB1911 "Three-handed Bridge" (rules-reference.md 6.3): "The game is 30: the
player wins the rubber who is the first to win two games. Fifty points are
scored for each game won, and fifty more for the rubber. Sometimes three
games are played without reference to a rubber, fifty points being scored for
a game won. No tricks score towards game except those which a player wins in
his own deal; the value of tricks won in other deals is scored above the line
with honours, slam and chicane. ... Suppose A is credited with 212, B with
290, and C with 312, then A owes 78 to B and 100 to C; B owes 22 to C."

Every expected figure is typed from the sources (or added up by hand from
them), never computed by the code under test. Lines are what
:func:`~dummybridge.engine.scoring.score_deal` gives: ``(side, points, line, kind, note)``.
"""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

from dummybridge.engine import scoring as scoring_module
from dummybridge.engine.scoring import ScoreSheet
from dummybridge.formats.render import score_sheet, settlement_text
from dummybridge.language import semantics
from dummybridge.language.loader import load_rules

GOOD = Path(__file__).resolve().parent / "good_rules"
BRIDGE = load_rules("bridge")
THREE = load_rules(GOOD / "eb1911_three_handed_scoring.yaml")
THREE_GAMES = load_rules(GOOD / "three_games_no_rubber.yaml")
ABC = [("A", ["A"]), ("B", ["B"]), ("C", ["C"])]


def tricks(side: int, points: int, note: str = "") -> tuple[int, int, str, str, str]:
    return (side, points, "below", "tricks", note)


def honours(side: int, points: int) -> tuple[int, int, str, str, str]:
    return (side, points, "above", "honours", "")


def dealt_by(dealer: int) -> dict[str, object]:
    """The three-handed table when column ``dealer`` deals: he and his Dummy
    are side 0, the two others side 1 (each credited in full, A20)."""
    others = [c for c in (0, 1, 2) if c != dealer]
    return {"credit": [[dealer], others], "dealer_side": 0}


# --------------------------------------------------------------------- the keywords


def test_eb1911_three_handed_keywords_load() -> None:
    """The scoring keywords of the rule file, typed."""
    s = THREE.scoring
    assert (s.ledger, s.toward_game, s.game, s.game_bonus) == (
        "players",
        "dealer_side_only",
        30,
        50,
    )
    assert (s.rubber_kind, s.games_to_win, s.rubber_bonus, s.rubber_games) == (
        "best_of",
        2,
        50,
        None,
    )
    assert s.settlement == "pairwise"
    f = THREE_GAMES.scoring
    assert (f.rubber_kind, f.games_to_win, f.rubber_bonus, f.rubber_games) == (
        "fixed_games",
        None,
        0,
        3,
    )


def test_bridge_defaults_keep_bridge_scoring() -> None:
    """Bridge states none of the new keywords; the defaults are bridge's."""
    s = BRIDGE.scoring
    assert (s.ledger, s.toward_game, s.game_bonus, s.rubber_kind, s.settlement) == (
        "sides",
        "both_sides",
        0,
        "best_of",
        "by_side",
    )
    assert (s.games_to_win, s.rubber_bonus) == (2, 100)


# --------------------------------------------------------------------- settlement


def test_eb1911_settlement_a_212_b_290_c_312() -> None:
    """EB1911: "Suppose A is credited with 212, B with 290, and C with 312,
    then A owes 78 to B and 100 to C; B owes 22 to C." Nets: A -178, B +56, C +122.
    A deals and holds 212 in honours, B and C 290 (each in full, A20); then
    C deals and holds 22 more."""
    sheet = ScoreSheet(THREE, ABC)
    sheet.add_deal(1, [honours(0, 212), honours(1, 290)], **dealt_by(0))
    sheet.add_deal(2, [honours(0, 22)], **dealt_by(2))
    assert sheet.totals() == [212, 290, 312]
    assert sheet.payments() == [("A", "B", 78), ("A", "C", 100), ("B", "C", 22)]
    assert sheet.settlement() == {"A": -178, "B": 56, "C": 122}
    assert settlement_text(sheet) == "A pays B 78\nA pays C 100\nB pays C 22"


def test_elw05_bridge_settles_by_side() -> None:
    """ELW05 'The Rubber' (and tests/test_scoring.py): N-S 94, E-W 168 with the
    rubber; each player of E-W wins the difference of 74, each of N-S loses it."""
    sheet = ScoreSheet(BRIDGE, [("N-S (A, C)", ["A", "C"]), ("E-W (B, D)", ["B", "D"])])
    sheet.add_deal(1, [tricks(0, 30)])
    sheet.add_deal(2, [tricks(1, 36)])
    sheet.add_deal(3, [tricks(1, 32), honours(0, 64)])
    assert sheet.is_over
    assert sheet.winner == 1
    assert sheet.totals() == [94, 168]
    assert sheet.difference() == (1, 74)
    assert sheet.settlement() == {"A": -74, "C": -74, "B": 74, "D": 74}
    assert sheet.payments() == [("A", "B", 74), ("C", "D", 74)]
    assert settlement_text(sheet) == "A pays B 74\nC pays D 74"
    assert [(e.column, e.side) for e in sheet.entries] == [(0, 0), (1, 1), (1, 1), (0, 0), (1, 1)]


def test_a22_dummy_bridge_pairwise_the_dummy_player_settles_with_each_opponent() -> None:
    """A22 (an assumption; no source says): in Dummy Bridge the Dummy-player
    (A, with his Dummy, side N-S) settles the full difference with each
    opponent: the same 74 is paid twice by him, received once by each of B and C."""
    sheet = ScoreSheet(
        BRIDGE, [("N-S (A)", ["A"]), ("E-W (B, C)", ["B", "C"])], settlement="pairwise"
    )
    sheet.add_deal(1, [tricks(0, 30)])
    sheet.add_deal(2, [tricks(1, 36)])
    sheet.add_deal(3, [tricks(1, 32), honours(0, 64)])
    assert sheet.payments() == [("A", "B", 74), ("A", "C", 74)]
    assert sheet.settlement() == {"A": -148, "B": 74, "C": 74}


def test_by_side_with_unequal_sides_cannot_settle() -> None:
    """by_side needs two sides of as many players each (the semantic checks
    ask pairwise for Dummy Bridge)."""
    sheet = ScoreSheet(BRIDGE, [("N-S (A)", ["A"]), ("E-W (B, C)", ["B", "C"])])
    sheet.add_deal(1, [tricks(0, 30)])
    with pytest.raises(ValueError, match="by_side needs two columns of as many players"):
        sheet.settlement()
    assert "payments" not in sheet.to_data()


def test_a22_rule_file_check_by_side_needs_equal_sides() -> None:
    """The semantic check behind it: a Dummy-player alone against two cannot
    settle by side; a column per player has no sides at all."""
    dummy = {
        "table": {"players": 3, "hands": "dummy"},
        "scoring": {"ledger": "sides", "settlement": "by_side"},
    }
    assert [(p, m) for p, m, _ in semantics.check(dummy)] == [
        (
            ("scoring", "settlement"),
            "settlement: by_side needs two sides of as many players each, but with hands: dummy "
            "the player who holds the Dummy is a side alone against two",
        )
    ]
    dummy["scoring"]["settlement"] = "pairwise"
    assert semantics.check(dummy) == []
    players = {"scoring": {"ledger": "players", "settlement": "by_side"}}
    assert [m for _, m, _ in semantics.check(players)] == [
        "settlement: by_side needs ledger: sides: with a column for each player "
        "there are no sides to settle"
    ]


def test_all_square() -> None:
    sheet = ScoreSheet(THREE, ABC)
    assert settlement_text(sheet) == "all square"
    assert sheet.settlement() == {"A": 0, "B": 0, "C": 0}


# --------------------------------------------------------------------- own deal only


def test_eb1911_only_tricks_won_in_own_deal_count_toward_game() -> None:
    """EB1911: "No tricks score towards game except those which a player wins
    in his own deal; the value of tricks won in other deals is scored above
    the line". A deals and B and C win two odd tricks at hearts (16): above
    the line for each of them (A20), toward game for neither. Then B deals
    and wins four odd at hearts (32): game to B."""
    sheet = ScoreSheet(THREE, ABC)
    added = sheet.add_deal(1, [tricks(1, 16, "2 odd tricks at hearts")], **dealt_by(0))
    assert [(e.column, e.points, e.line, e.note) for e in added] == [
        (1, 16, "above", "2 odd tricks at hearts (not in own deal)"),
        (2, 16, "above", "2 odd tricks at hearts (not in own deal)"),
    ]
    assert (sheet.below(1), sheet.below(2), sheet.games) == (0, 0, [0, 0, 0])
    added = sheet.add_deal(2, [tricks(0, 32, "4 odd tricks at hearts")], **dealt_by(1))
    assert [(e.column, e.points, e.line, e.kind) for e in added] == [
        (1, 32, "below", "tricks"),
        (1, 50, "above", "game"),
    ]
    assert sheet.games == [0, 1, 0]
    assert sheet.game_number == 2
    assert sheet.totals() == [0, 98, 16]


def test_bridge_both_sides_score_toward_game() -> None:
    """ELW05: whichever side wins the odd tricks scores them below the line,
    dealing or not (toward_game: both_sides)."""
    sheet = ScoreSheet(BRIDGE)
    added = sheet.add_deal(1, [tricks(1, 30)], dealer_side=0)
    assert [(e.column, e.line, e.kind) for e in added] == [(1, "below", "tricks")]
    assert sheet.games == [0, 1]


def test_a20_each_adversary_is_credited_the_full_value() -> None:
    """A20: with a column per player, both adversaries score their side's
    honours in full (64 each), not shared."""
    sheet = ScoreSheet(THREE, ABC)
    sheet.add_deal(1, [honours(1, 64)], **dealt_by(0))
    assert sheet.totals() == [0, 64, 64]


# --------------------------------------------------------------------- games and rubber


def test_eb1911_fifty_a_game_and_fifty_for_the_rubber() -> None:
    """EB1911: "the player wins the rubber who is the first to win two games.
    Fifty points are scored for each game won, and fifty more for the rubber."
    B wins game 1 (32), C game 2 (36), A scores 2 in game 3, B wins game 3
    (30) and the rubber: B 32 + 50 + 30 + 50 + 50 = 212, C 36 + 50 = 86, A 2."""
    sheet = ScoreSheet(THREE, ABC)
    sheet.add_deal(1, [tricks(0, 32)], **dealt_by(1))
    sheet.add_deal(2, [tricks(0, 36)], **dealt_by(2))
    sheet.add_deal(3, [tricks(0, 2)], **dealt_by(0))
    assert not sheet.is_over
    assert sheet.games == [0, 1, 1]
    added = sheet.add_deal(4, [tricks(0, 30)], **dealt_by(1))
    assert [(e.column, e.points, e.line, e.kind, e.game) for e in added] == [
        (1, 30, "below", "tricks", 3),
        (1, 50, "above", "game", 3),
        (1, 50, "above", "rubber", 3),
    ]
    assert sheet.is_over
    assert sheet.winner == 1
    assert sheet.winners == (1,)
    assert sheet.games == [0, 2, 1]
    assert sheet.totals() == [2, 212, 86]
    assert sheet.payments() == [("A", "B", 210), ("A", "C", 84), ("C", "B", 126)]
    assert sheet.settlement() == {"A": -294, "B": 336, "C": -42}
    with pytest.raises(ValueError, match="the scoring is over"):
        sheet.add_deal(5, [], **dealt_by(2))


def test_eb1911_three_games_without_a_rubber_fifty_a_game() -> None:
    """EB1911: "Sometimes three games are played without reference to a
    rubber, fifty points being scored for a game won": two games to B do not
    end it; the third game does, and no rubber bonus is scored."""
    sheet = ScoreSheet(THREE_GAMES, ABC)
    sheet.add_deal(1, [tricks(0, 32)], **dealt_by(1))
    sheet.add_deal(2, [tricks(0, 30)], **dealt_by(1))
    assert sheet.games == [0, 2, 0]
    assert not sheet.is_over
    sheet.add_deal(3, [tricks(0, 36)], **dealt_by(2))
    assert sheet.is_over
    assert sheet.games == [0, 2, 1]
    assert sheet.winner is None
    assert [e.kind for e in sheet.entries if e.line == "above"] == ["game", "game", "game"]
    assert sheet.totals() == [0, 162, 86]


def test_a20_a_side_of_two_players_wins_the_game_for_each() -> None:
    """A house rule crediting both adversaries below the line (players ledger,
    both_sides): B and C, partners for the deal, each reach 30 and each win
    the game."""
    sheet = ScoreSheet(BRIDGE, ABC, ledger="players")
    sheet.add_deal(1, [tricks(1, 30)], credit=[[0], [1, 2]])
    assert sheet.games == [0, 1, 1]
    assert sheet.game_number == 2
    sheet.add_deal(2, [tricks(1, 30)], credit=[[0], [1, 2]])
    assert sheet.is_over
    assert sheet.winners == (1, 2)
    assert sheet.winner == 1
    rubber = [(e.column, e.points) for e in sheet.entries if e.kind == "rubber"]
    assert rubber == [(1, 100), (2, 100)]


# --------------------------------------------------------------------- API errors


def test_bad_credit_and_columns_are_rejected() -> None:
    sheet = ScoreSheet(THREE, ABC)
    with pytest.raises(ValueError, match="cannot be on both sides"):
        sheet.add_deal(1, [], credit=[[0], [0, 1]], dealer_side=0)
    with pytest.raises(ValueError, match="must name columns 0 to 2"):
        sheet.add_deal(1, [], credit=[[0], [3]], dealer_side=0)
    with pytest.raises(ValueError, match="say which of the 3 columns"):
        sheet.add_deal(1, [], dealer_side=0)
    with pytest.raises(ValueError, match="needs the dealer's side"):
        sheet.add_deal(1, [], credit=[[0], [1, 2]])
    assert sheet.entries == []
    with pytest.raises(ValueError, match="ledger: sides keeps two columns"):
        ScoreSheet(BRIDGE, ABC)
    with pytest.raises(ValueError, match="one column only"):
        ScoreSheet(THREE, [("A", ["A"]), ("B", ["A"])])
    with pytest.raises(ValueError, match="credits each side to one column"):
        ScoreSheet(BRIDGE).add_deal(1, [], credit=[[0, 1], []])
    with pytest.raises(ValueError, match="see payments"):
        ScoreSheet(THREE, ABC).difference()


# --------------------------------------------------------------------- records and text


def test_result_data_for_the_record() -> None:
    """What the record keeps at the end: totals, games, winner, payments, nets."""
    sheet = ScoreSheet(THREE, ABC)
    sheet.add_deal(1, [honours(0, 212), honours(1, 290)], **dealt_by(0))
    sheet.add_deal(2, [honours(0, 22)], **dealt_by(2))
    assert sheet.result_data() == {
        "winner": None,
        "winners": [],
        "names": ["A", "B", "C"],
        "games": [0, 0, 0],
        "totals": [212, 290, 312],
        "payments": [["A", "B", 78], ["A", "C", 100], ["B", "C", 22]],
        "settlement": {"A": -178, "B": 56, "C": 122},
    }
    data = sheet.to_data()
    assert data["columns"] == [
        {"name": "A", "players": ["A"]},
        {"name": "B", "players": ["B"]},
        {"name": "C", "players": ["C"]},
    ]
    assert data["entries"][0] == {
        "column": 0,
        "side": 0,
        "points": 212,
        "line": "above",
        "kind": "honours",
        "note": "",
        "deal": 1,
        "game": 1,
    }


def test_bridge_result_data_keeps_the_difference() -> None:
    sheet = ScoreSheet(BRIDGE, [("N-S (A, C)", ["A", "C"]), ("E-W (B, D)", ["B", "D"])])
    sheet.add_deal(1, [tricks(0, 40)])
    sheet.add_deal(2, [tricks(0, 30)])
    assert sheet.result_data()["difference"] == {
        "column": 0,
        "name": "N-S (A, C)",
        "points": 170,
        "side": 0,
    }


def test_score_sheet_text_has_a_column_per_player() -> None:
    """The printed sheet: one point column per sheet column, headed by its name."""
    sheet = ScoreSheet(THREE, ABC)
    sheet.add_deal(1, [tricks(1, 16, "2 odd tricks at hearts")], **dealt_by(0))
    sheet.add_deal(2, [tricks(0, 32, "4 odd tricks at hearts")], **dealt_by(1))
    assert score_sheet(sheet) == "\n".join(
        [
            "deal             A           B           C   for",
            "1                           16               2 odd tricks at hearts (not in own deal)",
            "1                                       16   2 odd tricks at hearts (not in own deal)",
            "2                           50               game",
            "-" * 54 + "  the line",
            "2                           32               4 odd tricks at hearts",
            "      ------ game 1 to B",
            "=" * 54,
            "total            0          98          16",
        ]
    )


def test_module_examples() -> None:
    result = doctest.testmod(scoring_module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    assert result.attempted > 0
