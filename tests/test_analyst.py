"""The analyst (issue 21): `solve` from a position in mid-play (a record and
a move number), `analyse` with a summary per deal, a legend and filters.

Golden outputs on a stored record (tests/data/analyst-bridge-3.json: the first
two deals of `dummybridge play bridge --seed 3 --record`), so that they do not
move when the bots change.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from dummybridge.apps.cli import main

RECORD = Path(__file__).parent / "data" / "analyst-bridge-3.json"

LEGEND = """\
Legend: each card played, with the tricks its side could take double dummy
before it -> after it; 'cost N': the tricks that card gave away (a double-
dummy play costs nothing). Each deal's line: the declaration, the tricks the
declaring side made, what it could make double dummy at the opening lead, and
the tricks each side lost by its errors.
"""


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out


def test_analyse_costly_cards_with_a_summary_per_deal(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 21: "`analyse` prints 52 bare lines a deal, no per-deal summary
    (declaration, result, the double-dummy result, the tricks lost by each
    side's errors), no legend, no filter ... to the costly ones"."""
    assert _run(capsys, "analyse", str(RECORD), "--costly") == LEGEND + (
        "\n"
        "Deal 1: no trumps, played by South; North-South made 8, 12 double dummy at the "
        "opening lead; lost by errors: North-South 6, East-West 2\n"
        "deal 1 trick  5: North ♥9   dd 9 -> 8  cost 1\n"
        "deal 1 trick  7: North ♠5   dd 7 -> 5  cost 2\n"
        "deal 1 trick  8: South ♣9   dd 4 -> 3  cost 1\n"
        "deal 1 trick 10: South ♠3   dd 2 -> 0  cost 2\n"
        "deal 1 trick 11: East  ♦2   dd 3 -> 2  cost 1\n"
        "deal 1 trick 12: West  ♥8   dd 1 -> 0  cost 1\n"
        "\n"
        "Deal 2: spades (left to partner), played by West; East-West made 6, 7 double dummy "
        "at the opening lead; lost by errors: North-South 3, East-West 4\n"
        "deal 2 trick  4: East  ♠5   dd 5 -> 4  cost 1\n"
        "deal 2 trick  6: West  ♣2   dd 3 -> 2  cost 1\n"
        "deal 2 trick  7: South ♥9   dd 5 -> 4  cost 1\n"
        "deal 2 trick  8: West  ♣9   dd 2 -> 1  cost 1\n"
        "deal 2 trick  8: North ♠2   dd 5 -> 4  cost 1\n"
        "deal 2 trick  9: South ♠6   dd 4 -> 3  cost 1\n"
        "deal 2 trick  9: West  ♥K   dd 2 -> 1  cost 1\n"
        "\n"
        "tricks lost double dummy: North-South 9, East-West 6\n"
    )


def test_the_summary_adds_up(capsys: pytest.CaptureFixture[str]) -> None:
    """What the declaring side made is its double-dummy value at the opening
    lead, less its own errors, plus the adversaries'."""
    text = _run(capsys, "analyse", str(RECORD))
    deals = re.findall(
        r"(North-South|East-West) made (\d+), (\d+) double dummy at the opening lead; "
        r"lost by errors: North-South (\d+), East-West (\d+)",
        text,
    )
    assert len(deals) == 2
    for side, made, dd, ns, ew in deals:
        own, other = (int(ns), int(ew)) if side == "North-South" else (int(ew), int(ns))
        assert int(made) == int(dd) - own + other
    assert len([line for line in text.splitlines() if line.startswith("deal ")]) == 104


def test_analyse_one_hand_of_one_deal(capsys: pytest.CaptureFixture[str]) -> None:
    """`--seat S --deal 2`: South's thirteen cards of deal 2; the JSON too."""
    text = _run(capsys, "analyse", str(RECORD), "--seat", "s", "--deal", "2")
    cards = [line for line in text.splitlines() if line.startswith("deal ")]
    assert len(cards) == 13
    assert all(line.startswith("deal 2 trick ") and " South " in line for line in cards)
    assert "\nDeal 1:" not in text
    rows = json.loads(
        _run(capsys, "analyse", str(RECORD), "--seat", "S", "--deal", "2", "--format", "json")
    )
    assert [r["trick"] for r in rows] == list(range(1, 14))
    assert rows[0] == {
        "deal": 2,
        "trick": 1,
        "seat": "S",
        "card": "D4",
        "best": 6,
        "after": 6,
        "cost": 0,
    }
    costly = json.loads(_run(capsys, "analyse", str(RECORD), "--costly", "--format", "json"))
    assert len(costly) == 13
    assert all(r["cost"] > 0 for r in costly)


def test_analyse_refuses_a_seat_that_is_none(capsys: pytest.CaptureFixture[str]) -> None:
    """Refused before any card is valued, by the command line's usage error."""
    with pytest.raises(SystemExit) as info:
        main(["analyse", str(RECORD), "--seat", "X"])
    assert info.value.code == 2
    assert capsys.readouterr().err.splitlines()[-1] == (
        "dummybridge analyse: error: argument --seat: invalid choice: 'X' "
        "(choose from 'N', 'E', 'S', 'W')"
    )


def test_solve_a_position_in_mid_play(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 21: "no solve from a position in mid-play (a record and a move
    number ...)": the position after the record's first N actions, in the
    middle of a trick or at its start."""
    assert _run(capsys, "solve", str(RECORD), "--move", "22") == (
        "After move 22: deal 1, trick 5, no trumps; North-South have won 3, East-West 1\n"
        "South to play: North-South take 11 tricks in the deal (8 of the 9 left)\n"
        "best: ♥5\n"
    )
    assert json.loads(_run(capsys, "solve", str(RECORD), "--move", "23", "--format", "json")) == {
        "move": 23,
        "deal": 1,
        "trick": 6,
        "to_play": "E",
        "trump": "NT",
        "won": {"NS": 3, "EW": 2},
        "tricks": 2,
        "best": ["SQ", "ST", "S9", "DQ", "DJ", "D3", "D2", "C6"],
        "cards": dict.fromkeys(["SQ", "ST", "S9", "DQ", "DJ", "D3", "D2", "C6"], 2),
    }


def test_solve_at_the_opening_lead_lists_what_each_lead_keeps(
    capsys: pytest.CaptureFixture[str],
) -> None:
    text = _run(capsys, "solve", str(RECORD), "--move", "3")
    lines = text.splitlines()
    assert lines[0] == (
        "After move 3: deal 1, trick 1, no trumps; North-South have won 0, East-West 0"
    )
    # Against no trumps East-West take one trick with the best lead (the
    # summary's 12 double dummy for North-South).
    assert lines[1] == "West to play: East-West take 1 trick in the deal (1 of the 13 left)"
    assert lines[2].startswith("best: ")
    assert lines[3].startswith("others: ")


@pytest.mark.parametrize(
    ("move", "message"),
    [
        (
            1,
            "--move 1: after it deal 1 is in its doubling, not in the play of the cards: "
            "name a move in the play",
        ),
        (999, "--move 999: {record} has 111 actions (0 to 111)"),
        (
            111,
            "--move 111: after it deal 3 is in its declaration, not in the play of the "
            "cards: name a move in the play",
        ),
    ],
)
def test_solve_refuses_a_move_outside_the_play(
    capsys: pytest.CaptureFixture[str], move: int, message: str
) -> None:
    assert main(["solve", str(RECORD), "--move", str(move)]) == 1
    assert capsys.readouterr().err == f"dummybridge: error: {message.format(record=RECORD)}\n"


def test_solve_a_position_of_a_pbn_file_with_its_play(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Issue 21: "... or a PBN with a `Play` section": the record exported to
    PBN (its declaration and Play section) and solved at the same move gives
    the same position and the same answer as the record itself."""
    pbn = tmp_path / "game.pbn"
    assert main(["export", str(RECORD), "-o", str(pbn)]) == 0
    capsys.readouterr()
    assert _run(capsys, "solve", str(pbn), "--move", "22") == (
        "After move 22: deal 1, trick 5, no trumps; North-South have won 3, East-West 1\n"
        "South to play: North-South take 11 tricks in the deal (8 of the 9 left)\n"
        "best: ♥5\n"
    )
