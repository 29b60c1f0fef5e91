"""A hostile user's inputs: each test names the bug it pins and the brief's
sentence it checks ("Bad input of every kind ... gets a clear error that names
the problem and where it is; nothing crashes, no traceback reaches a
command-line user, and a rejected action changes no state")."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest


def run_into_closed_pipe(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """Run the program with its standard output a pipe whose reader has gone
    (as ``dummybridge ... | head -1`` once head has its line)."""
    read, write = os.pipe()
    os.close(read)
    try:
        return subprocess.run(
            [sys.executable, "-m", "dummybridge", *args],
            stdout=write,
            stderr=subprocess.PIPE,
            text=True,
            check=False,
            cwd=cwd,
        )
    finally:
        os.close(write)


def test_validate_into_a_closed_pipe_still_fails_a_broken_file(tmp_path: Path) -> None:
    """'validate ... exit 0 if all are valid': a reader that stops early
    (``validate bad.yaml | head -1``) must not turn a broken file's exit 1 into 0."""
    bad = tmp_path / "bad.yaml"
    bad.write_text("extends: bridge\nscoring:\n  game: thirty\n", encoding="utf-8")
    proc = run_into_closed_pipe("validate", str(bad), cwd=tmp_path)
    assert proc.returncode == 1
    assert "Traceback" not in proc.stderr


def test_conform_into_a_closed_pipe_keeps_its_status_and_junit(tmp_path: Path) -> None:
    """'conform ... exit 0 if every case passes', and --junit FILE is written
    even when the reader of standard output stops early."""
    scenario = Path(__file__).parent / "conformance" / "bridge.yaml"
    junit = tmp_path / "j.xml"
    proc = run_into_closed_pipe(
        "conform", "dummy-bridge", str(scenario), "--junit", str(junit), cwd=tmp_path
    )
    assert proc.returncode == 1  # bridge's cases do not hold under dummy-bridge
    assert junit.read_text(encoding="utf-8").startswith("<?xml")


def test_play_into_a_closed_pipe_still_writes_the_record_and_pbn(tmp_path: Path) -> None:
    """``play --record FILE --pbn FILE | head -1`` keeps the record and the PBN
    file: the reader going away stops only the printing."""
    proc = run_into_closed_pipe(
        "play", "--seed", "1", "--record", "r.json", "--pbn", "p.pbn", cwd=tmp_path
    )
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "r.json").read_text(encoding="utf-8").startswith("{")
    assert (tmp_path / "p.pbn").read_text(encoding="latin-1").startswith("% PBN 2.1")


def test_simulate_starts_no_more_workers_than_rubbers_or_cores() -> None:
    """``simulate --rubbers 2 --jobs 100000`` tried to start 100,000 worker
    processes and never finished; the result is the same whatever --jobs
    (README), so more workers than rubbers or cores only exhausts the machine."""
    from dummybridge.apps.simulate import worker_count

    cores = os.cpu_count() or 1
    assert worker_count(100_000, 2) == min(2, cores)
    assert worker_count(100_000, 10**6) == cores
    assert worker_count(1, 50) == 1
    assert worker_count(3, 1) == 1


def test_play_deal_from_an_empty_pbn_file_names_the_file(tmp_path: Path) -> None:
    """'a clear error that names the problem and where it is': an empty PBN
    file given to --deal was reported as '<pbn>: error: ...', not by its name."""
    (tmp_path / "empty.pbn").write_text("% nothing here\n", encoding="utf-8")
    proc = subprocess.run(
        [sys.executable, "-m", "dummybridge", "play", "--deal", "empty.pbn"],
        capture_output=True,
        text=True,
        check=False,
        cwd=tmp_path,
    )
    assert proc.returncode == 1
    assert proc.stderr == "empty.pbn: error: Deal: no game in this file has a Deal tag\n"


def test_a_huge_card_count_is_refused_not_dealt_as_empty_hands() -> None:
    """PRODUCT.md: 'error codes, never crashes, on bad input'. deal() with
    cards_each=2**40 saturated to INT_MAX, and n_hands * cards_each overflowed
    in the C core (undefined behaviour): it returned four empty hands."""
    import pytest

    from dummybridge import OutOfRangeError, Rng, deal

    with pytest.raises(
        OutOfRangeError,
        match=r"cannot deal 4 hands of 1099511627776 cards "
        r"by dealer 0: count out of range",
    ):
        deal(Rng(1), cards_each=2**40)


def test_game_refuses_a_seed_rubbers_or_laws_of_the_wrong_type() -> None:
    """A rejected input changes nothing and names the problem: Game(rules, 1.5)
    played seed 1 but recorded 'seed': 1.5, and Game(rules, 1, laws='no') played
    in laws mode and recorded 'laws': 'no' -- records that Game.from_record
    and 'dummybridge export' then refuse."""
    import pytest

    from dummybridge.engine.game import Game
    from dummybridge.language.loader import load_rules

    rules = load_rules("bridge")
    for seed in (1.5, "1", True, None):
        with pytest.raises(
            TypeError,
            match=r"^the seed must be a whole number from 0 to "
            r"2\*\*64 - 1, not " + repr(seed),
        ):
            Game(rules, seed)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^rubbers must be a whole number, not 2\.5$"):
        Game(rules, 1, rubbers=2.5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^laws must be True or False, not 'no'$"):
        Game(rules, 1, laws="no")  # type: ignore[arg-type]
    with pytest.raises(TypeError, match=r"^player names must be text, not 1$"):
        Game(rules, 1, players=[1, 2, 3, 4])  # type: ignore[list-item]
    with pytest.raises(
        TypeError,
        match=r"^rules must be a RuleSet \(load_rules\('bridge'\)\), "
        r"not 'bridge'$",
    ):
        Game("bridge", 1)  # type: ignore[arg-type]
    game = Game(rules, 2**64 - 1, rubbers=2, laws=True)
    assert Game.from_record(game.to_record()).state_dict() == game.state_dict()


def test_sees_an_unknown_player_is_a_value_error_as_in_observation() -> None:
    """Game.sees('Z', ...) raised a bare KeyError 'Z'; observation() and
    visible_hands() name the unknown player and the players there are."""
    import pytest

    from dummybridge import Seat
    from dummybridge.engine.game import Game
    from dummybridge.language.loader import load_rules

    game = Game(load_rules("bridge"), 1)
    with pytest.raises(
        ValueError,
        match=r"^no player 'Z' in this game \(players: "
        r"\['A', 'B', 'C', 'D'\]\)$",
    ):
        game.sees("Z", Seat.NORTH)
    assert game.sees("A", game.player_seats["A"][0]) is True


DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def test_a_bad_pbn_deal_says_which_hand_is_wrong() -> None:
    """'a clear error that names the problem and where it is': 'dummybridge
    solve' and every PBN deal said only 'text that cannot be parsed' or 'card
    held twice', whichever hand of the four was wrong."""
    import pytest

    from dummybridge import InvalidDealError, InvalidNotationError, parse_deal

    cases = [
        (
            "N:AKQJ.T98.765.432.5 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765",
            InvalidNotationError,
            "text that cannot be parsed: the north hand "
            "'AKQJ.T98.765.432.5' is not a PBN hand (four suits, spades first, "
            "separated by dots)",
        ),
        (
            "W:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.7x5",
            InvalidNotationError,
            "text that cannot be parsed: the south hand "
            "'432.AKQJ.T98.7x5' is not a PBN hand (four suits, spades first, separated by dots)",
        ),
        (
            "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98",
            InvalidNotationError,
            "text that cannot be parsed: it has 3 hands, not 4 (separated by spaces)",
        ),
        (
            "X:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765",
            InvalidNotationError,
            "text that cannot be parsed: it must begin with the first "
            "hand's seat and a colon (N:, E:, S: or W:)",
        ),
        (
            "N:AKQJ.T98.765.432 AKQJ.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765",
            InvalidDealError,
            "card held twice: SJ is in the north hand and the east hand",
        ),
        (
            "N:AAKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765",
            InvalidDealError,
            "card held twice: the north hand 'AAKQJ.T98.765.432' holds a card twice",
        ),
    ]
    for text, error, message in cases:
        with pytest.raises(error) as info:
            parse_deal(text)
        assert str(info.value) == f"bad PBN deal {text!r}: {message}"


def test_an_invalid_deal_says_which_hand_holds_the_wrong_number() -> None:
    """Game(deals=...), records and conformance deals said 'wrong number of
    cards in a hand' without saying which."""
    import pytest

    from dummybridge import Hand, InvalidDealError, validate_deal

    hands = [Hand.from_pbn(h) for h in DEAL[2:].split()]
    short = [*hands[:3], Hand.from_pbn("432.AKQJ.T98.76")]
    with pytest.raises(
        InvalidDealError,
        match=r": wrong number of cards in a hand: hand 4 "
        r"holds 12 cards, not 13$",
    ):
        validate_deal(short)
    twice = [*hands[:3], Hand.from_pbn("432.AKQJ.T98.76A")]
    with pytest.raises(
        InvalidDealError,
        match=r": card held twice: CA is in hand 2 and "
        r"hand 4$",
    ):
        validate_deal(twice)


def _record(tmp_path: Path, change: dict[str, object]) -> Path:
    from dummybridge.engine.game import Game
    from dummybridge.language.loader import load_rules

    game = Game(load_rules("bridge"), 1)
    game.replay(["declare spades", "pass", "pass"])  # eldest hand and his partner content
    for _ in range(5):
        game.apply(game.legal_actions()[0])
    record = {**game.to_record(), **change}
    path = tmp_path / "rec.json"
    import json

    path.write_text(json.dumps(record), encoding="utf-8")
    return path


def test_analyse_reports_a_bad_record_as_export_does(tmp_path: Path) -> None:
    """'dummybridge analyse' on a record edited by hand gave 'internal error:
    ValueError: dummy-bridge needs 3 player names, got 4' (exit 70) for another
    variant's name, and 'record action 4 ...' without the file for a bad action;
    'export' says 'FILE: error: $.path: message' for both."""
    rec = _record(
        tmp_path,
        {
            "rules": {
                "name": "dummy-bridge",
                "version": "1.0",
                "origin": "<built-in>/dummy-bridge.yaml",
            }
        },
    )
    proc = subprocess.run(
        [sys.executable, "-m", "dummybridge", "analyse", str(rec)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (proc.returncode, proc.stderr) == (
        1,
        f"{rec}: error: $.players: dummy-bridge needs 3 different player names, "
        "not ['A', 'B', 'C', 'D']\n",
    )
    rec = _record(tmp_path, {})
    import json

    data = json.loads(rec.read_text(encoding="utf-8"))
    data["actions"][4] = data["actions"][3]  # the card West led, played again by North
    rec.write_text(json.dumps(data), encoding="utf-8")
    proc = subprocess.run(
        [sys.executable, "-m", "dummybridge", "analyse", str(rec)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 1
    assert proc.stderr.startswith(f"{rec}: error: $.actions[4]: {data['actions'][3]} refused: ")


def test_a_save_file_that_cannot_be_written_is_named_not_its_temporary(tmp_path: Path) -> None:
    """``play --seat S --save DIR`` said 'Is a directory: .../.dummybridge-XXXX.tmp',
    naming a temporary file the user never gave, and --save /no/such/dir/x.json
    'No such file or directory: /no/such/dir/.dummybridge-XXXX.tmp'."""
    (tmp_path / "adir").mkdir()
    for save, message in (
        ("adir", "--save adir is a directory: name a file"),
        ("nodir/x.json", f"--save nodir/x.json: there is no directory {tmp_path / 'nodir'}"),
    ):
        proc = subprocess.run(
            [sys.executable, "-m", "dummybridge", "play", "--seat", "S", "--save", save, "--ascii"],
            input="quit\n",
            capture_output=True,
            text=True,
            check=False,
            cwd=tmp_path,
        )
        assert (proc.returncode, proc.stderr) == (1, f"dummybridge: error: {message}\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["adir"]  # no temporary left


def test_a_negative_bid_typed_is_not_read_as_a_bid() -> None:
    """At the table, '-1 hearts' was read as 'bid 1 hearts' and made at once: the
    minus sign was taken for punctuation. A bid cannot be taken back, so text
    that is no bid must be refused ('cannot read ...'), as '0 hearts' is."""
    import pytest

    from dummybridge import InvalidNotationError
    from dummybridge.formats.natural import parse_input
    from dummybridge.language.loader import load_rules

    rules = load_rules("auction-bridge")
    for text in ("-1 hearts", "- 1 hearts", "bid -2 no trumps", "-10h"):
        with pytest.raises(InvalidNotationError, match=r"^cannot read "):
            parse_input(text, rules)
    assert str(parse_input("1 no-trumps", rules)) == "bid 1 no_trumps"
    assert str(parse_input("1 royal-spades", rules)) == "bid 1 royal_spades"


def test_an_ascii_only_terminal_gets_escapes_not_an_internal_error(tmp_path: Path) -> None:
    """With an output that cannot show non-ASCII text (PYTHONIOENCODING=ascii,
    an old console code page), 'validate café.yaml' and 'play' of a rule file
    titled 'Brídge' ended in 'internal error: UnicodeEncodeError' (exit 70)."""
    (tmp_path / "café.yaml").write_text("", encoding="utf-8")
    (tmp_path / "house.yaml").write_text(
        'dummybridge: 1\nextends: bridge\nname: house\ntitle: "Brídge"\nversion: "1"\n',
        encoding="utf-8",
    )
    env = {**os.environ, "PYTHONIOENCODING": "ascii"}
    proc = subprocess.run(
        [sys.executable, "-m", "dummybridge", "validate", "café.yaml"],
        capture_output=True,
        text=True,
        check=False,
        cwd=tmp_path,
        env=env,
    )
    assert (proc.returncode, proc.stdout, proc.stderr) == (
        1,
        "caf\\xe9.yaml:1:1: error: $: the file is empty\n  hint: a rule file is a mapping "
        "of keys to values: start with 'dummybridge: 1'\n",
        "",
    )
    proc = subprocess.run(
        [sys.executable, "-m", "dummybridge", "play", "house.yaml"],
        capture_output=True,
        text=True,
        check=False,
        cwd=tmp_path,
        env=env,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("Br\\xeddge - seed 1\n")


def test_from_record_refuses_a_malformed_record_as_it_documents() -> None:
    """Game.from_record ':raises InvalidNotationError: for a record that is not
    one', but rules given as a string or without a name, or an action that is
    not text, escaped as AttributeError, KeyError or TypeError."""
    import json

    import pytest

    from dummybridge import InvalidNotationError
    from dummybridge.engine.game import Game
    from dummybridge.language.loader import load_rules

    record = Game(load_rules("bridge"), 1).to_record()
    for key, value, message in (
        ("rules", "bridge", "'rules' must be an object naming the rule file, not 'bridge'"),
        ("rules", None, "'rules' must be an object naming the rule file, not None"),
        ("rules", {}, "'rules' must be an object naming the rule file, not {}"),
        ("actions", [{"action": 5, "player": "A"}], "an action must be text, not 5"),
        ("actions", [None], "an action must be text, not None"),
    ):
        bad = {**json.loads(json.dumps(record)), key: value}
        with pytest.raises(InvalidNotationError) as info:
            Game.from_record(bad)
        assert str(info.value) == f"malformed game record: {message}"


def test_a_record_that_is_not_utf8_is_a_clear_error(tmp_path: Path) -> None:
    """'export', 'analyse' and 'resume' of a binary file ended in 'internal
    error: UnicodeDecodeError' (exit 70)."""
    (tmp_path / "bin.json").write_bytes(b'{"format": "\xbc"}\n')
    for command in ("export", "analyse", "resume"):
        proc = subprocess.run(
            [sys.executable, "-m", "dummybridge", command, "bin.json"],
            capture_output=True,
            text=True,
            check=False,
            cwd=tmp_path,
        )
        assert (proc.returncode, proc.stderr) == (
            1,
            "bin.json:1:13: error: the file is not valid UTF-8 (byte 0xbc)\n",
        )


def test_a_file_too_large_to_be_input_is_refused_not_read_to_the_end(
    tmp_path: Path, monkeypatch: object, capsys: object
) -> None:
    """'validate /dev/zero', 'play --deal /dev/zero', 'export /dev/zero' ...
    read without end until memory ran out ('internal error: MemoryError').
    Every file a user gives is read up to a limit (dummybridge.core.files.MAX_BYTES)."""
    import pytest

    from dummybridge.apps.cli import main
    from dummybridge.core import files

    assert isinstance(monkeypatch, pytest.MonkeyPatch)
    assert isinstance(capsys, pytest.CaptureFixture)
    monkeypatch.setattr(files, "MAX_BYTES", 20_000)  # above any built-in rule file
    monkeypatch.chdir(tmp_path)
    (tmp_path / "big").write_text("x" * 20_001, encoding="ascii")
    assert main(["validate", "big"]) == 1
    assert capsys.readouterr().out == "big:1:1: error: $: the file is larger than 20000 bytes\n"
    for argv in (
        ["export", "big"],
        ["resume", "big"],
        ["play", "--deal", "big"],
        ["conform", "bridge", "big"],
    ):
        assert main(argv) == 1
        out = capsys.readouterr()
        assert out.err.startswith("big:1:1: error: "), (argv, out.err)
        assert out.err.rstrip().endswith("the file is larger than 20000 bytes"), (argv, out.err)


def test_claiming_no_tricks_says_how_many_may_be_claimed() -> None:
    """'claim 0' at the table was refused with 'there are 13 tricks left to
    claim', which does not say what was wrong with 0."""
    from dummybridge.apps.trick_claims import settle_claim
    from dummybridge.engine.game import Game
    from dummybridge.language.loader import load_rules

    game = Game(load_rules("bridge"), 1)
    game.replay(["declare spades", "pass", "pass"])
    player = game.actor or ""
    for wanted in (0, -1, 14):
        assert (
            settle_claim(game, player, wanted, {}, lambda: None)
            == "refused: claim from 1 to 13 tricks: there are 13 left"
        )


def test_a_progress_bar_that_cannot_be_written_does_not_stop_the_simulation() -> None:
    """'simulate 2>/dev/full' printed nothing and exited 1: the progress bar's
    write failing (no space left on device) ended the whole run, whose report
    goes to standard output."""
    import pytest

    if not os.path.exists("/dev/full"):
        pytest.skip("no /dev/full here")  # the in-process test below still runs
    with open("/dev/full", "w", encoding="utf-8") as full:
        proc = subprocess.run(
            [sys.executable, "-m", "dummybridge", "simulate", "--rubbers", "2", "--jobs", "1"],
            stdout=subprocess.PIPE,
            stderr=full,
            text=True,
            check=False,
        )
    assert proc.returncode == 0
    assert proc.stdout.startswith("bridge 1.0: 2 rubbers, seed 1, ")


def test_progress_bar_stops_quietly_when_its_stream_fails() -> None:
    """The same, in process: a stream whose writes fail gets no more writes."""
    from dummybridge.apps.simulate import ProgressBar

    class Full:
        writes = 0

        def write(self, text: str) -> int:
            Full.writes += 1
            raise OSError(28, "No space left on device")

        def flush(self) -> None:
            pass

    bar = ProgressBar(Full())  # type: ignore[arg-type]
    for done in range(1, 11):
        bar(done, 10)
    assert Full.writes == 1


def test_junit_xml_stays_well_formed_with_control_characters(tmp_path: Path) -> None:
    """A scenario's source written "law 1 \\u0001" put the control character
    into the --junit file as it is, which XML 1.0 forbids: the file was not
    well-formed, and a CI server could not read any result from it."""
    from xml.dom import minidom

    from dummybridge.apps.cli import main

    scenario = tmp_path / "s.yaml"
    scenario.write_text(
        "format: dummybridge-scenarios/1\nrules: bridge\ntitle: t\ncases:\n"
        '  - id: a\n    source: "law 1 \\u0001 <b> & ]]>"\n    steps:\n'
        '      - S: declare hearts\n        refused: "x"\n',
        encoding="utf-8",
    )
    junit = tmp_path / "j.xml"
    assert main(["conform", "bridge", str(scenario), "--junit", str(junit)]) == 1
    doc = minidom.parse(str(junit))
    (out,) = doc.getElementsByTagName("system-out")
    assert out.firstChild is not None
    assert out.firstChild.nodeValue == "source: law 1 \\x01 <b> & ]]>"


def test_player_names_with_control_characters_or_blank_are_refused(tmp_path: Path) -> None:
    """A record whose player is named "B\\nC" was exported as a PBN tag split
    over two lines, which PBN forbids (3.2) and dummybridge's own import then
    refuses; a blank name showed as 'South ()'."""
    import json

    import pytest

    from dummybridge.engine.game import Game
    from dummybridge.language.loader import load_rules

    rules = load_rules("bridge")
    for bad in ("B\nC", "D\x00", "", "  "):
        with pytest.raises(
            ValueError,
            match=r"^a player's name must be printable text, not "
            + repr(bad).replace("\\", "\\\\")
            + "$",
        ):
            Game(rules, 1, players=["A", bad, "X", "Y"])
    record = {**Game(rules, 1).to_record(), "players": ["A", "B\nC", "D", "E"]}
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    proc = subprocess.run(
        [sys.executable, "-m", "dummybridge", "export", str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (proc.returncode, proc.stderr) == (
        1,
        f"{path}: error: $.players[1]: expected a player's name: printable text of 1 to "
        "100 characters, found 'B\\nC'\n",
    )


def test_export_refuses_to_write_over_its_own_record(tmp_path: Path) -> None:
    """'dummybridge export rec.json -o rec.json' replaced the game record, the
    only copy of the game, by its PBN export."""
    rec = _record(tmp_path, {})
    before = rec.read_bytes()
    proc = subprocess.run(
        [sys.executable, "-m", "dummybridge", "export", "rec.json", "-o", "./rec.json"],
        capture_output=True,
        text=True,
        check=False,
        cwd=tmp_path,
    )
    assert (proc.returncode, proc.stderr) == (
        1,
        "dummybridge: error: -o ./rec.json is the record rec.json: name another file\n",
    )
    assert rec.read_bytes() == before


def test_play_refuses_to_write_over_its_rule_file_or_one_output_over_another(
    tmp_path: Path,
) -> None:
    """'play house.yaml --record house.yaml' replaced the user's rule file by
    the game record; '--record x --pbn x' wrote the PBN over the record."""
    house = tmp_path / "house.yaml"
    house.write_text(
        'dummybridge: 1\nextends: bridge\nname: house\ntitle: H\nversion: "1"\n', encoding="utf-8"
    )
    before = house.read_bytes()
    for argv, message in (
        (
            ["house.yaml", "--record", "house.yaml"],
            "--record house.yaml is the rule file house.yaml",
        ),
        (["bridge", "--record", "x", "--pbn", "./x"], "--pbn ./x is --record x"),
    ):
        proc = subprocess.run(
            [sys.executable, "-m", "dummybridge", "play", *argv],
            capture_output=True,
            text=True,
            check=False,
            cwd=tmp_path,
        )
        assert (proc.returncode, proc.stdout, proc.stderr) == (
            1,
            "",
            f"dummybridge: error: {message}: name another file\n",
        )
    assert house.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["house.yaml"]


def test_a_rule_file_that_is_a_symlink_loop_is_a_clear_error(
    tmp_path: Path, monkeypatch: object, capsys: object
) -> None:
    """'validate loop.yaml', loop.yaml a symbolic link to itself, ended in
    'internal error: RuntimeError: Symlink loop from ...' (exit 70): Python
    3.11's Path.resolve() raises RuntimeError there, not OSError."""
    import pytest

    from dummybridge.apps.cli import main

    assert isinstance(monkeypatch, pytest.MonkeyPatch)
    assert isinstance(capsys, pytest.CaptureFixture)
    monkeypatch.chdir(tmp_path)
    os.symlink("loop.yaml", tmp_path / "loop.yaml")
    assert main(["validate", "loop.yaml"]) == 1
    assert (
        capsys.readouterr().out
        == "loop.yaml:1:1: error: $: cannot read the rule file: Too many levels of symbolic links\n"
    )


def test_play_and_simulate_refuse_more_rubbers_than_they_can_hold(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """'nothing crashes': ``play --rubbers 10**20`` ran for ever, its log (a
    session keeps all of it) growing without bound. play takes at most 10,000
    rubbers and simulate (a game per rubber) at most a million."""
    from dummybridge.apps.cli import main

    for argv, message in [
        (["play", "bridge", "--rubbers", "10001"], "from 1 to 10,000, not 10001"),
        (["play", "bridge", "--rubbers", str(10**20)], f"from 1 to 10,000, not {10**20}"),
        (["simulate", "bridge", "--rubbers", "1000001"], "from 1 to 1,000,000, not 1000001"),
    ]:
        assert main(argv) == 1
        err = capsys.readouterr().err
        assert err == f"dummybridge: error: --rubbers must be {message}\n", argv


def test_an_unknown_player_or_a_nameless_denomination_is_refused() -> None:
    """'Bad input of every kind ... gets a clear error': remarks() and
    out_of_turn_actions() answered () for a player not in the game, and
    Action.bid(1, '') built the action 'bid 1 ', whose text reads back as no
    action. Both now refuse, as observation() and the rule files do."""
    from dummybridge.engine.actions import Action
    from dummybridge.engine.game import Game
    from dummybridge.language.loader import load_rules

    game = Game(load_rules("auction-bridge"), 3, laws=True)
    for ask in (game.remarks, game.out_of_turn_actions):
        with pytest.raises(ValueError, match=r"^no player 'Z' in this game \(players: "):
            ask("Z")
    for make in (lambda: Action.bid(1, ""), lambda: Action.declare("No Trumps")):
        with pytest.raises(ValueError, match=r"^a denomination is named by a lowercase letter"):
            make()
    assert str(Action.bid(1, "royal_spades")) == "bid 1 royal_spades"


def test_play_refuses_an_output_it_cannot_write_before_playing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """'a clear error that names the problem and where it is': ``play --record
    PATH`` in a directory that does not exist played the whole game, then
    failed, and the game was lost. Now it is refused before the cut."""
    from dummybridge.apps.cli import main

    missing = tmp_path / "no-such-dir" / "game.json"
    assert main(["play", "bridge", "--record", str(missing)]) == 1
    out = capsys.readouterr()
    assert out.out == ""  # nothing played
    assert out.err == (
        f"dummybridge: error: --record {missing}: there is no directory {missing.parent}\n"
    )
    assert main(["play", "bridge", "--pbn", str(tmp_path)]) == 1
    out = capsys.readouterr()
    assert out.out == ""
    assert out.err == f"dummybridge: error: --pbn {tmp_path} is a directory: name a file\n"
