"""PBN import of whole games (issue 20, "PBN import replays a game record"),
and the PBN defects of issue 22 (items 3, 4 and 8).

Section numbers are those of *Portable Bridge Notation 2.1* (2017.02.14).
"""

from __future__ import annotations

import json
import tracemalloc
from pathlib import Path

import pytest

from dummybridge.apps.cli import main
from dummybridge.core.cards import Seat
from dummybridge.errors import FileFormatError
from dummybridge.formats.pbn import parse_pbn
from dummybridge.formats.pbn_replay import import_games
from dummybridge.language.loader import load_rules
from support import BUILT_IN

DEAL = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out = capsys.readouterr()
    return status, out.out, out.err


@pytest.mark.parametrize("mode", ["strict", "laws"])
@pytest.mark.parametrize("variant", BUILT_IN)
def test_a_record_exported_and_imported_is_the_same_record(
    variant: str, mode: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 20's proof: every record ``play --record`` writes, exported to
    PBN and imported again, replays to the same record, for every built-in
    variant, strict and laws mode (in laws mode with irregularities, so that
    calls out of turn, "Having none?", revokes corrected, penalties and
    claims go through the OtherActions tag)."""
    record, pbn, again = (tmp_path / n for n in ("r.json", "r.pbn", "again.json"))
    extra = ["--laws", "--irregularities", "0.05"] if mode == "laws" else []
    assert main(["play", variant, "--seed", "7", "--record", str(record), *extra]) == 0
    assert main(["export", str(record), "-o", str(pbn)]) == 0
    capsys.readouterr()
    status, _, err = _run(capsys, "import", str(pbn), "-o", str(again))
    assert status == 0, err
    assert json.loads(again.read_text()) == json.loads(record.read_text())


def test_a_record_with_every_sampled_irregularity_round_trips(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 20's round trip at a rate where ``play --irregularities`` (the
    sampler of every irregularity the engine offers) commits nearly all of
    them in one rubber: winning cards led on (law 71), a hand thrown down and
    "I have the rest" (law 72), a false lead noticed (law 78), dummy's
    suggestion and pointing out (laws 61, 62), information about the bidding
    (laws 51, 93) and a reference to the play (law 93), an impossible bid
    (law 50), a penalty disobeyed (law 73), a slip corrected (law 52): the
    record exported to PBN and imported again is the same record."""
    from dummybridge.apps.lawsim import irregularities
    from dummybridge.formats.records import load_game

    record, pbn, again = (tmp_path / n for n in ("r.json", "r.pbn", "again.json"))
    args = ["play", "auction-bridge", "--seed", "2", "--irregularities", "0.3"]
    assert main([*args, "--record", str(record)]) == 0
    names = {i.name for i in irregularities(load_game(str(record))[0].log)}
    assert {
        "lead_on",
        "throw_down",
        "have_rest",
        "false_lead",
        "suggest",
        "point_out",
        "inform",
        "refer",  # law 93: a reference to an incident of the play
        "impossible",
        "disobey",
        "out_of_turn play",
        "slip",  # law 52: the call voided and its correction
    } <= names
    assert main(["export", str(record), "-o", str(pbn)]) == 0
    capsys.readouterr()
    status, _, err = _run(capsys, "import", str(pbn), "-o", str(again))
    assert status == 0, err
    assert json.loads(again.read_text()) == json.loads(record.read_text())


@pytest.mark.parametrize(
    ("seed", "expected"),
    [(11, {"early_lead", "double_asked"}), (27, {"out_of_turn redouble", "double_asked"})],
)
def test_a_bridge_record_with_the_doublings_irregularities_round_trips(
    seed: int, expected: set[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """ELW05 laws 55, 56, 58 through PBN (their decisions in OtherActions):
    records ``play bridge --irregularities 0.3`` writes on seeds whose rubber
    has the eldest hand's lead before the doubling is done, his partner's
    double subject to consent, or a re-double out of turn: exported and
    imported again, the same record."""
    from dummybridge.apps.lawsim import irregularities
    from dummybridge.formats.records import load_game

    record, pbn, again = (tmp_path / n for n in ("r.json", "r.pbn", "again.json"))
    args = ["play", "bridge", "--seed", str(seed), "--irregularities", "0.3"]
    assert main([*args, "--record", str(record)]) == 0
    assert expected <= {i.name for i in irregularities(load_game(str(record))[0].log)}
    assert main(["export", str(record), "-o", str(pbn)]) == 0
    capsys.readouterr()
    status, _, err = _run(capsys, "import", str(pbn), "-o", str(again))
    assert status == 0, err
    assert json.loads(again.read_text()) == json.loads(record.read_text())


FIRST_TRICKS = "H2 D2 C2 S2 {first trick}\nH3 D3 C3 S3\n*"


def _modern(auction: str = "1S ! Pass 2S =1= $1 Pass\nPass AP", play: str = FIRST_TRICKS) -> str:
    """A file as today's programs write one: dealer North, names, annotations."""
    return (
        "% a modern file\n"
        '[Event "club night"]\n'
        '[Board "7"]\n'
        '[West "Wendy"]\n[North "Nick"]\n[East "Ed"]\n[South "Sue"]\n'
        '[Dealer "N"]\n'
        f'[Deal "{DEAL}"]\n'
        '[Auction "N"]\n'
        f"{auction}\n"
        '[Note "1:spades"]\n'
        '[Play "E"]\n'
        f"{play}\n"
    )


def test_an_auction_and_play_of_another_program_are_replayed() -> None:
    """PBN 3.5: calls from the dealer, ``!`` and ``$1`` annotations, a note
    reference, ``AP`` (all pass); 3.6: cards in columns from the Play tag's
    seat, ``*`` where the play stops. The file's dealer (North) is turned to
    where Auction Bridge's first dealer sits (South), and the names sit
    where the file seats them."""
    result = import_games(parse_pbn(_modern(), "m.pbn"), load_rules("auction-bridge"))
    game = result.game
    assert [str(a) for a in game.actions] == [
        "bid 1 spades",
        "pass",
        "bid 2 spades",
        "pass",
        "pass",
        "pass",
        "play H2",
        "play D2",
        "play C2",
        "play S2",
        "play S3",  # North's (now South's) spade won the first trick: he leads
        "play H3",
        "play D3",
        "play C3",
    ]
    assert {s.letter: game.seat_player[s] for s in Seat} == {
        "N": "Sue",
        "E": "Wendy",
        "S": "Nick",
        "W": "Ed",
    }
    assert result.notes == [
        "m.pbn: auction-bridge has south deal first: the file's deals are turned so "
        "that its dealer, north, sits there"
    ]
    assert result.stopped == "m.pbn:2"
    assert (game.phase, game.to_act) == ("play", Seat.SOUTH)


def test_a_call_the_rules_refuse_is_reported_at_its_line_and_column() -> None:
    """Issue 20: "a play that breaks the variant's rules is reported with its
    line and column"; 1912 law 44: a bid must be worth more than the last."""
    text = _modern(auction="1H Pass 1S Pass")  # spades the lowest (law 4)
    with pytest.raises(FileFormatError) as err:
        import_games(parse_pbn(text, "m.pbn"), load_rules("auction-bridge"))
    assert str(err.value) == (
        "m.pbn:11:9: error: Auction: bid 1 spades refused: it is not higher than "
        "bid 1 hearts (law 44: more points, or as many with more tricks)"
    )


def test_a_card_the_hand_does_not_hold_is_reported_at_its_line_and_column() -> None:
    text = _modern(play="H2 D2 C2 S2\nH3 D3 C3 HA")
    with pytest.raises(FileFormatError) as err:
        import_games(parse_pbn(text, "m.pbn"), load_rules("auction-bridge"))
    assert (
        str(err.value) == "m.pbn:16:10: error: Play: play HA refused: south (Nick) does not hold HA"
    )


def test_play_deal_goes_on_from_where_the_file_stops(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 20: ``play --deal FILE.pbn`` continues the recorded game: the
    file's decisions come first in the record, then the bots play on."""
    pbn, record = tmp_path / "g.pbn", tmp_path / "r.json"
    pbn.write_text(_modern())
    status, _, err = _run(
        capsys, "play", "auction-bridge", "--deal", str(pbn), "--record", str(record)
    )
    assert status == 0, err
    actions = json.loads(record.read_text())["actions"]
    assert actions[:14] == [
        str(a)
        for a in import_games(parse_pbn(_modern()), load_rules("auction-bridge")).game.actions
    ]
    assert actions[14].startswith("play ")  # the third trick, by a bot


def test_a_variant_tag_names_no_path(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 22 item 1's rule for files from other people: the file's Variant
    tag may name a built-in variant, never a path the program would open."""
    rules = tmp_path / "house.yaml"
    rules.write_text("dummybridge: 1\nextends: bridge\nname: h\ntitle: H\nversion: '1'\n")
    pbn = tmp_path / "g.pbn"
    pbn.write_text(f'[Variant "{rules}"]\n' + _modern())
    status, _, err = _run(capsys, "import", str(pbn))
    assert status == 1
    assert err == (
        f"{pbn}:1:1: error: Variant: {str(rules)[:80]!r} is no built-in variant: name the "
        "rules with --variant (a rule file's path, or 'dummybridge variants')\n"
    )


def test_import_without_a_variant_asks_for_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pbn = tmp_path / "g.pbn"
    pbn.write_text(_modern())
    assert _run(capsys, "import", str(pbn)) == (
        1,
        "",
        f"dummybridge: error: {pbn} names no variant (a Variant tag): give one with --variant\n",
    )


def test_a_superscript_board_is_no_internal_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 22 item 3: a PBN ``Board`` tag ``²`` (a digit to str.isdigit, no
    number to int) exited 70; the boards are listed as they are written."""
    pbn = tmp_path / "g.pbn"
    pbn.write_text(f'[Board "²"]\n[Deal "{DEAL}"]\n', encoding="utf-8")
    status, _, err = _run(capsys, "play", "bridge", "--deal", str(pbn), "--board", "3")
    assert (status, err) == (1, f"{pbn}: error: Board: no board '3' in this file (boards: ²)\n")
    status, _, err = _run(capsys, "play", "bridge", "--deal", str(pbn), "--board", "²")
    assert status == 0, err


@pytest.mark.parametrize("odd", [b"\x85", b"\x0c", b"\x1c", b"\x0b"])
def test_lines_end_only_where_pbn_ends_them(odd: bytes, tmp_path: Path) -> None:
    """Issue 22 item 8 and PBN 2.3: lines end in CR LF, LF or CR, nothing
    else; byte 0x85 (cp1252's "..." read as ISO 8859-1) or a form feed in a
    comment must neither break the file nor move its errors a line."""
    pbn = tmp_path / "g.pbn"
    pbn.write_bytes(
        b'[Event "x"] { caf' + odd + b' }\r\n[Board "1"]\r\n'
        b'[Deal "' + DEAL.encode() + b'"]\r\n[Dealer "Q"]\r\n'
    )
    from dummybridge.formats.pbn import read_pbn

    (game,) = read_pbn(pbn)
    with pytest.raises(FileFormatError) as err:
        game.dealer()
    assert str(err.value) == f"{pbn}:4:1: error: Dealer: 'Q' is not a seat: expected W, N, E or S"


@pytest.mark.parametrize(
    "body",
    [
        '[Play "N"]\n' + "SA " * 100_000,  # one line of section tokens
        '[Play "N"] {' + "SA " * 100_000 + "}",  # one comment
        '[Event "' + "SA " * 100_000 + '"]',  # one tag value
    ],
)
def test_reading_a_long_line_costs_memory_in_proportion(body: str) -> None:
    """Issue 22 item 4: PBN gave a MemoryError at 60 MiB; the target is under
    ten times the input. A line of 300 kB (tokens, a comment, a tag value)
    is read with less than that (the regular expressions do not backtrack,
    and a section keeps its text until its tokens are asked for)."""
    tracemalloc.start()
    try:
        parse_pbn(body)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 10 * len(body)


def test_a_redouble_is_written_xx_in_the_history_and_an_old_x_still_reads_as_one() -> None:
    """Issue 21: the export writes a redouble ``XX`` (as PBN 3.5 writes one in
    the Auction section; Bridge's redouble is "I re-double": ELW05 "Doubling,
    re-doubling"); a file written before, with ``X`` for every doubling, is
    read as the rules have it: the second ``X`` is the redouble."""
    from dummybridge.engine.game import Game
    from dummybridge.formats.pbn import export_pbn

    game = Game(load_rules("bridge"), 4)
    for action in ("leave it", "declare spades", "double", "redouble", "pass", "pass"):
        game.apply(action)
    while game.deal_number == 1:
        game.apply(game.legal_actions()[0])
    text = export_pbn(game).replace("\r\n", "\n")
    assert '[DeclarationHistory "S:Leave;N:spades;W:X;N:XX;W:Pass;E:Pass"]' in text
    again = import_games(parse_pbn(text), load_rules("bridge")).game
    assert again.to_record() == game.to_record()
    old = text.replace("N:XX;", "N:X;")
    assert old != text
    before = import_games(parse_pbn(old), load_rules("bridge")).game
    assert before.to_record() == game.to_record()
    assert before.to_record()["actions"][:4] == ["leave it", "declare spades", "double", "redouble"]


def test_an_auction_under_a_variant_without_one_is_said_to_be_left_out() -> None:
    result = import_games(parse_pbn(_modern(), "m.pbn"), load_rules("bridge"))
    assert result.game.actions == []
    assert result.notes[-1] == (
        "m.pbn:2: the Auction section is not replayed: bridge has no auction "
        "(its declaration is read from a DeclarationHistory tag, or from the Contract "
        "and Declarer tags)"
    )


@pytest.mark.parametrize(
    ("tag", "message"),
    [
        (
            '[Session "{\\"seed\\": -1}"]',
            "expected a JSON object: seed, players, rubbers, laws, presets",
        ),
        (
            '[OtherActions "[[0]]"]',
            'expected a JSON list of [index, "action"] or [index, "action", "player"]',
        ),
    ],
)
def test_the_export_s_own_tags_are_checked(tag: str, message: str) -> None:
    name = tag[1 : tag.index(" ")]
    text = tag + "\n" + _modern()
    with pytest.raises(FileFormatError) as err:
        import_games(parse_pbn(text, "m.pbn"), load_rules("auction-bridge"))
    assert str(err.value) == f"m.pbn:1:1: error: {name}: {message}"


def test_a_play_section_longer_than_the_hands_is_refused_where_it_overflows() -> None:
    """Issue 22 item 4: what a file makes the program hold is bounded by the
    game, not by the file: a fourteenth trick is refused at its first card."""
    tricks = "\n".join(f"H{r} D{r} C{r} S{r}" for r in "23456789TJQKA")
    text = _modern(play=tricks + "\nHA")
    with pytest.raises(FileFormatError) as err:
        import_games(parse_pbn(text, "m.pbn"), load_rules("auction-bridge"))
    assert (
        str(err.value)
        == "m.pbn:28:1: error: Play: 'HA': the hands hold 13 tricks, and they are played"
    )


def test_a_file_of_deals_alone_is_dealt_as_before() -> None:
    """A file that gives only deals (and names, and a dealer the variant does
    not have deal) starts the very game ``play --deal`` started before games
    were replayed: each hand to its seat, the usual players, nothing played."""
    from dummybridge.engine.game import Game

    text = _modern().split('[Auction "N"]')[0]
    for variant in ("auction-bridge", "dummy-bridge"):
        rules = load_rules(variant)
        (game,) = parse_pbn(text)
        result = import_games([game], rules, seed=3)
        expected = Game(rules, 3, deals=[game.full_deal()])
        assert result.game.to_record() == expected.to_record()
        assert result.notes == []


def test_import_writes_its_record_only_where_a_record_may_go(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 22 item 2, for the record ``import -o`` writes: a file that is
    not a dummybridge record is refused and left as it was, unless --force;
    a record of ours is replaced."""
    record, pbn, notes = (tmp_path / n for n in ("r.json", "r.pbn", "notes.txt"))
    assert main(["play", "bridge", "--seed", "7", "--record", str(record)]) == 0
    assert main(["export", str(record), "-o", str(pbn)]) == 0
    notes.write_text("my notes\n", encoding="utf-8")
    capsys.readouterr()
    status, _, err = _run(capsys, "import", str(pbn), "-o", str(notes))
    assert status == 1
    assert err == (
        f"dummybridge: error: -o {notes} exists and is not a dummybridge save or record: "
        "name another file, or give --force to replace it\n"
    )
    assert notes.read_text(encoding="utf-8") == "my notes\n"
    assert _run(capsys, "import", str(pbn), "-o", str(notes), "--force")[0] == 0
    assert json.loads(notes.read_text()) == json.loads(record.read_text())
    assert _run(capsys, "import", str(pbn), "-o", str(record))[0] == 0


def test_a_declaration_passed_back_round_trips_through_pbn() -> None:
    """ELW05 "Making the trump": the partner's pass back and the eldest hand's
    choice (compel, then a new deal) are no declaration PBN has a place for:
    the export keeps them in ``OtherActions`` (PBN 4.9: a tag a parser skips),
    the import replays them, and the record is the same."""
    from dummybridge.engine.game import Game
    from dummybridge.formats.pbn import export_pbn

    game = Game(load_rules("bridge"), 1, laws=True)
    for action in ("leave it", "leave it", "compel declaration", "declare hearts"):
        game.apply(action)
    for action in ("double", "redouble", "pass", "pass"):
        game.apply(action)
    while game.deal_number == 1:
        game.apply(game.legal_actions()[0])
    for action in ("leave it", "leave it", "demand new deal"):
        game.apply(action)
    text = export_pbn(game)
    assert '[DeclarationHistory "S:Leave;N:hearts;W:X;N:XX;W:Pass;E:Pass"]' in text
    assert '[OtherActions "[[1,\\"leave it\\"],[2,\\"compel declaration\\"]]"]' in text
    assert '[OtherActions "[[1,\\"leave it\\"],[2,\\"demand new deal\\"]]"]' in text
    again = import_games(parse_pbn(text), load_rules("bridge")).game
    assert again.to_record() == game.to_record()
