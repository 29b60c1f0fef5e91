"""`dummybridge dd` (issue 18): the 20-result table of every board, written
into the PBN as bridge software reads it, the rest of the file untouched.

The Dask runs of `dd` are in tests/test_dask.py.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dummybridge.analysis.doubledummy import table
from dummybridge.apps import ddrun
from dummybridge.apps.cli import main
from dummybridge.core._native import DDSolver, Rng, deal_random
from dummybridge.formats.pbn_dd import dd_tricks_text, existing_table
from dummybridge.formats.pbn_read import parse_pbn, read_pbn

DEAL_1 = "N:7.9653.8542.QT43 AT53.AK82.QT6.95 KQJ86.QJT.AJ9.K6 942.74.K73.AJ872"
DEAL_2 = "E:A6.J7.AJ52.QT975 943.432.QT63.A32 KQJ7.A8.K874.J86 -"
DEAL_2_FULL = "N:T852.KQT965.9.K4 A6.J7.AJ52.QT975 943.432.QT63.A32 KQJ7.A8.K874.J86"
#: a file as people write them: a header game with no deal, comments, one hand
#: left out ('-'), a Latin-1 name, LF and CRLF line ends, a game already annotated
#: (with a table no solver would give, to show it is kept as it is), no final newline
SOURCE = (
    b"% PBN 2.1\n"
    b'[Event "Caf\xe9 du Nord"]\n'
    b'[Site "Paris"]\n'
    b"\n"
    b'[Board "1"]\n'
    b'[Dealer "N"]\n'
    b'[Deal "' + DEAL_1.encode() + b'"]\n'
    b"{ a comment\n  over two lines }\n"
    b"\r\n"
    b'[Board "2"]\r\n'
    b'[Dealer "E"] ; the west hand is the cards left\r\n'
    b'[Deal "' + DEAL_2.encode() + b'"]\r\n'
    b"\r\n"
    b'[Board "3"]\n'
    b'[Deal "' + DEAL_1.encode() + b'"]\n'
    b'[DoubleDummyTricks "0123456789abcd012345"]'
)


@pytest.fixture(scope="module")
def expected() -> dict[str, list[list[int]]]:
    """The solver's own tables of the two deals."""
    return {DEAL_1: table(DEAL_1), DEAL_2_FULL: table(DEAL_2_FULL)}


@pytest.fixture(scope="module")
def annotated(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    folder = tmp_path_factory.mktemp("dd")
    (folder / "in.pbn").write_bytes(SOURCE)
    assert main(["dd", str(folder / "in.pbn"), "-o", str(folder / "out.pbn"), "--jobs", "1"]) == 0
    return (folder / "out.pbn").read_bytes()


def _rows(t: list[list[int]]) -> list[str]:
    order = [(0, "N"), (2, "S"), (1, "E"), (3, "W")]
    strains = [(4, "NT"), (3, "S"), (2, "H"), (1, "D"), (0, "C")]
    return [f"{dn} {sn:>2} {t[s][d]:>2}" for d, dn in order for s, sn in strains]


def _tags(t: list[list[int]], end: bytes) -> bytes:
    lines = [
        f'[DoubleDummyTricks "{dd_tricks_text(t)}"]',
        '[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]',
        *_rows(t),
    ]
    return b"".join(line.encode() + end for line in lines)


def test_the_file_goes_through_byte_for_byte_with_the_tags_added(
    annotated: bytes, expected: dict[str, list[list[int]]]
) -> None:
    """The tags go after each game's last line (the comment), in that line's
    line end; the game already annotated and the header are untouched."""
    first = b"{ a comment\n  over two lines }\n"
    second = b'[Deal "' + DEAL_2.encode() + b'"]\r\n'
    want = SOURCE.replace(first, first + _tags(expected[DEAL_1], b"\n")).replace(
        second, second + _tags(expected[DEAL_2_FULL], b"\r\n")
    )
    assert annotated == want


def test_the_output_reads_back_as_the_solvers_tables(
    annotated: bytes, expected: dict[str, list[list[int]]]
) -> None:
    games = parse_pbn(annotated.decode("latin-1"))
    assert [existing_table(g) for g in games[1:3]] == [expected[DEAL_1], expected[DEAL_2_FULL]]
    assert games[1].sections["OptimumResultTable"][0][0] == "N"
    assert len(games[1].sections["OptimumResultTable"]) == 60


def test_endplay_reads_the_tags(
    annotated: bytes, expected: dict[str, list[list[int]]], tmp_path: Path
) -> None:
    pbn = pytest.importorskip("endplay.parsers.pbn")
    (tmp_path / "out.pbn").write_bytes(annotated)
    with open(tmp_path / "out.pbn", encoding="latin-1") as fh:
        boards = pbn.load(fh)
    dealt = [b for b in boards if "OptimumResultTable" in b.info]
    # endplay leaves a hand given as '-' empty: the three others are the file's
    assert [b.deal.to_pbn() for b in dealt] == [DEAL_1, "N:..." + DEAL_2_FULL[18:]]
    for board, deal in zip(dealt, (DEAL_1, DEAL_2_FULL), strict=True):
        assert board.info["DoubleDummyTricks"] == dd_tricks_text(expected[deal])
        rows = board.info["OptimumResultTable"]["rows"]
        assert [f"{d} {s:>2} {int(r):>2}" for d, s, r in rows] == _rows(expected[deal])


def test_threads_give_the_same_file(tmp_path: Path, annotated: bytes) -> None:
    (tmp_path / "in.pbn").write_bytes(SOURCE)
    assert (
        main(["dd", str(tmp_path / "in.pbn"), "-o", str(tmp_path / "two.pbn"), "--jobs", "2"]) == 0
    )
    assert (tmp_path / "two.pbn").read_bytes() == annotated


def test_annotated_boards_are_not_solved_again(
    tmp_path: Path, annotated: bytes, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A run on its own output solves nothing and changes nothing; in place."""
    solved: list[object] = []
    monkeypatch.setattr(ddrun, "solve_units", lambda units: solved.extend(units) or [])
    path = tmp_path / "out.pbn"
    path.write_bytes(annotated)
    assert main(["dd", str(path), "-o", str(path), "--jobs", "1", "--no-progress"]) == 0
    assert path.read_bytes() == annotated
    assert solved == []


def test_jsonl_and_csv(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    expected: dict[str, list[list[int]]],
    annotated: bytes,
) -> None:
    """Read from dd's own PBN output: the tables come from its tags."""
    (tmp_path / "in.pbn").write_bytes(annotated)
    assert main(["dd", str(tmp_path / "in.pbn"), "--format", "jsonl", "--no-progress"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    t = expected[DEAL_2_FULL]
    assert rows[1] == {
        "file": str(tmp_path / "in.pbn"),
        "board": "2",
        "deal": DEAL_2_FULL,
        "dd": {
            dn: {sn: t[s][d] for s, sn in ((4, "NT"), (3, "S"), (2, "H"), (1, "D"), (0, "C"))}
            for d, dn in ((0, "N"), (2, "S"), (1, "E"), (3, "W"))
        },
    }
    assert rows[2]["dd"]["W"]["C"] == 5  # the annotated game's own table, not solved again
    assert main(["dd", str(tmp_path / "in.pbn"), "--format", "csv", "--no-progress"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("file,board,deal,N_NT,N_S,N_H,N_D,N_C,S_NT,")
    assert lines[2] == f"{tmp_path / 'in.pbn'},2,{DEAL_2_FULL}," + ",".join(
        str(t[s][d]) for d in (0, 2, 1, 3) for s in (4, 3, 2, 1, 0)
    )


def test_random_deals_are_the_seeds(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["dd", "--random", "2", "--seed", "4", "--format", "jsonl", "--no-progress"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    rng = Rng(4)
    deals = [deal_random(rng) for _ in range(2)]
    solver = DDSolver()
    for row, hands in zip(rows, deals, strict=True):
        t = solver.table(hands)
        assert row["dd"]["N"]["NT"] == t[4][0]
        assert row["dd"]["E"]["C"] == t[0][1]
    assert [r["board"] for r in rows] == ["1", "2"]


def test_a_strain_row_is_the_tables() -> None:
    solver = DDSolver(1 << 20)
    hands = deal_random(Rng(3), 4, 7, 0)
    assert [solver.table_strain(hands, s) for s in range(5)] == list(solver.table(hands))


@pytest.mark.parametrize(
    ("text", "args", "message"),
    [
        (
            b'[Board "1"]\n[Deal "N:AKQ... - - -"]\n',
            [],
            "{f}:2:1: error: Deal: the east, south, west hands are not given ('-'); "
            "a deal to play needs all four, or three\n",
        ),
        (
            b'[Board "1"]\n[Deal "' + DEAL_1.encode() + b'"]\n[DoubleDummyTricks "77"]\n',
            [],
            "{f}:3:1: error: DoubleDummyTricks: '77' is not 20 hexadecimal digits "
            "from 0 to d (declarers N S E W, strains NT S H D C)\n",
        ),
        (b'[Event "x"]\n', [], "{f}: error: Deal: no game in this file has a Deal tag\n"),
        (
            # PBN 2.1 section 3.10: an end position is four hands of as many cards
            b'[Board "1"]\n[Deal "N:.Q32.. ..A3.2 A3... 2.A..4"]\n',
            [],
            "{f}:2:1: error: Deal: the hands hold different numbers of cards "
            "(N 3, E 3, S 2, W 3): a deal needs as many in each, 13, or fewer in an end "
            "position\n",
        ),
        (
            b'[Board "1"]\n[Deal "N:... ... ... ..."]\n',
            [],
            "{f}:2:1: error: Deal: the four hands hold no card: there is nothing to analyse\n",
        ),
        (
            b'[Board "1"]\n[Deal "N:AKQ... .AKQ.. ..AKQ. ...AKQ"]\n'
            b'[DoubleDummyTricks "03030030300030300304"]\n',
            [],
            "{f}:3:1: error: DoubleDummyTricks: '03030030300030300304' gives a declarer more "
            "tricks than the deal's 3 cards a hand\n",
        ),
        (
            b"",
            ["--random", "2"],
            "dummybridge: error: --random deals its own deals: give no FILE.pbn with it\n",
        ),
        (
            b"",
            ["--format", "pbn", "--variant", "bridge"],
            "dummybridge: error: --variant adds the period values to --format jsonl or csv\n",
        ),
        (
            b"",
            ["--format", "csv", "-o", "."],
            "dummybridge: error: -o . is a directory: name a file\n",
        ),
        (
            b"",
            ["--jobs", "0"],
            "dummybridge: error: --jobs must be at least 1, not 0\n",
        ),
    ],
)
def test_bad_input_is_named(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    text: bytes,
    args: list[str],
    message: str,
) -> None:
    path = tmp_path / "bad.pbn"
    path.write_bytes(text)
    assert main(["dd", str(path), "--no-progress", *args]) == 1
    assert capsys.readouterr().err == message.format(f=path)


def test_several_pbn_files_need_a_directory(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    for name in ("a.pbn", "b.pbn"):
        (tmp_path / name).write_bytes(SOURCE)
    assert main(["dd", str(tmp_path / "a.pbn"), str(tmp_path / "b.pbn")]) == 1
    assert "PBN output needs -o DIRECTORY" in capsys.readouterr().err
    (tmp_path / "out").mkdir()
    (tmp_path / "a.pbn").write_bytes(SOURCE.split(b'[Board "2"]')[0])
    (tmp_path / "b.pbn").write_bytes(b'[Board "2"]' + SOURCE.split(b'[Board "2"]')[1])
    files = [str(tmp_path / "a.pbn"), str(tmp_path / "b.pbn")]
    assert main(["dd", *files, "-o", str(tmp_path / "out"), "--no-progress", "--jobs", "1"]) == 0
    assert [len(read_pbn(tmp_path / "out" / n)) for n in ("a.pbn", "b.pbn")] == [2, 2]
    assert existing_table(read_pbn(tmp_path / "out" / "b.pbn")[0]) is not None


def test_variant_values_in_csv(capsys: pytest.CaptureFixture[str]) -> None:
    """--variant adds the period values (tests/test_period_par.py works them out)."""
    args = ["dd", "--random", "1", "--seed", "4", "--format", "csv", "--variant", "bridge"]
    assert main([*args, "--no-progress"]) == 0
    header, row = capsys.readouterr().out.splitlines()
    assert header.endswith(
        ",best,best_value,value_clubs,value_diamonds,value_hearts,value_no_trumps,value_spades"
    )
    assert row.endswith(",hearts,24,4,-18,24,-42,0")


#: PBN 2.1 section 3.10: an end position, three cards a hand; each hand holds
#: the top three of one suit, so a declarer takes all three in his side's suits
#: (one partner ruffs the opening lead) and none in no trumps or the others'
END_POSITION = "N:AKQ... .AKQ.. ..AKQ. ...AKQ"
END_SOURCE = (
    b'[Board "1"]\n[Dealer "N"]\n[Deal "' + END_POSITION.encode() + b'"]\n\n'
    b'[Board "2"]\n[Deal "N:.Q32.. ..A3.2 A32... .A..43"]\n'
)


def test_an_end_position_gets_its_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """An end position's table is of the tricks left (its cards a hand); the
    period values and the par, which are of whole deals, are null."""
    path = tmp_path / "end.pbn"
    path.write_bytes(END_SOURCE)
    args = ["dd", str(path), "--no-progress", "--jobs", "1"]
    assert main([*args, "--format", "jsonl", "--variant", "bridge"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert rows[0]["dd"] == {
        "N": {"NT": 0, "S": 3, "H": 0, "D": 3, "C": 0},
        "S": {"NT": 0, "S": 3, "H": 0, "D": 3, "C": 0},
        "E": {"NT": 0, "S": 0, "H": 3, "D": 0, "C": 3},
        "W": {"NT": 0, "S": 0, "H": 3, "D": 0, "C": 3},
    }
    assert [row["par"] for row in rows] == [None, None]
    hands = parse_pbn(END_SOURCE.decode(), "end.pbn")[1].full_deal(3)
    solved = DDSolver(1 << 20).table(tuple(h.bits for h in hands))
    assert [[rows[1]["dd"][dn][sn] for dn in "NESW"] for sn in ("C", "D", "H", "S", "NT")] == [
        list(row) for row in solved
    ]
    assert main([*args, "-o", str(tmp_path / "out.pbn")]) == 0
    out = read_pbn(tmp_path / "out.pbn")
    assert out[0].tags["DoubleDummyTricks"] == "03030030300030300303"
    assert existing_table(out[1], 3) == [list(row) for row in solved]
