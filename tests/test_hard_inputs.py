"""Issue 22, hard to break: inputs that are not files, too long, too large,
too deep, or not what they look like. The brief: "Bad input of every kind
gets a clear error naming the problem and where it is (file, line/column or
JSON path); nothing crashes; no traceback reaches a user". Each test names
the reproduction of issue 22 it pins.
"""

from __future__ import annotations

import os
import signal
import stat
from collections.abc import Iterator
from pathlib import Path
from types import FrameType

import pytest

from dummybridge.apps.cli import main
from dummybridge.core import files
from dummybridge.core.files import MAX_RULE_FILE_BYTES, clip


class Hung(Exception):
    """A command still waiting after the watchdog's seconds."""


@pytest.fixture
def watchdog() -> Iterator[None]:
    """Fail a test whose command blocks (a FIFO opened for reading waits for a writer)."""

    def hung(_signum: int, _frame: FrameType | None) -> None:
        raise Hung

    previous = signal.signal(signal.SIGALRM, hung)
    signal.setitimer(signal.ITIMER_REAL, 20)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    status = main(list(argv))
    out = capsys.readouterr()
    return status, out.out + out.err


#: every command that reads a file, the file last; and how it calls the file
READERS = [
    (("validate",), "rule file"),
    (("simulate", "--rubbers", "1", "--no-progress", "--compare"), "rule file"),
    (("conform", "bridge"), "scenario file"),
    (("play", "--deal"), None),
    (("resume",), None),
    (("export",), None),
    (("analyse",), None),
]
KINDS = {
    "fifo": "it is a FIFO (named pipe), not a regular file",
    "dir": "it is a directory",
    "/dev/null": "it is a character device, not a regular file",
}


@pytest.mark.parametrize("kind", list(KINDS))
@pytest.mark.parametrize(("argv", "noun"), READERS, ids=lambda v: str(v))
def test_a_fifo_a_device_or_a_directory_is_refused_not_waited_on(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    watchdog: None,
    argv: tuple[str, ...],
    noun: str | None,
    kind: str,
) -> None:
    """Issue 22 item 6: 'A FIFO given as any input hangs forever: validate,
    play --deal, resume, export, analyse, conform, simulate --compare'."""
    monkeypatch.chdir(tmp_path)
    os.mkfifo("fifo")
    os.mkdir("dir")
    status, said = run(capsys, *argv, kind)
    what = KINDS[kind]
    if noun is None:
        expected = f"{kind}:1:1: error: cannot read the file: {what}\n"
    else:
        expected = f"{kind}:1:1: error: $: cannot read the {noun}: {what}\n"
    assert (status, said) == (1, expected)


def test_extends_naming_a_fifo_is_refused_where_it_is_written(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], watchdog: None
) -> None:
    """Issue 22 item 6: '... and extends:' hung on a FIFO too."""
    os.mkfifo(tmp_path / "base.yaml")
    house = tmp_path / "house.yaml"
    house.write_text("dummybridge: 1\nextends: ./base.yaml\nname: house\n", encoding="utf-8")
    status, said = run(capsys, "validate", str(house))
    assert (status, said) == (
        1,
        f"{house}:2:10: error: $.extends: cannot extend './base.yaml' ({tmp_path}/base.yaml): "
        "it is a FIFO (named pipe), not a regular file\n",
    )


def test_read_bytes_is_the_one_reading_function_and_refuses_a_fifo(tmp_path: Path) -> None:
    """Issue 22 item 6: one reading function, used by all, that never waits."""
    os.mkfifo(tmp_path / "p")
    with pytest.raises(files.NotAFileError) as caught:
        files.read_bytes(tmp_path / "p")
    assert (
        caught.value.message
        == "cannot read the file: it is a FIFO (named pipe), not a regular file"
    )
    assert files.not_a_file(tmp_path / "p") == "it is a FIFO (named pipe), not a regular file"
    assert files.not_a_file(tmp_path / "absent") is None
    assert stat.S_ISFIFO(os.stat(tmp_path / "p").st_mode)  # untouched


def test_a_small_file_is_read_in_a_buffer_of_its_size(tmp_path: Path) -> None:
    """Issue 22's "under 10x the input in memory" from small inputs up: a
    file was read into a 64 KiB buffer whatever its size, so that reading a
    4 kB record peaked at 18 times it; now at about twice (the bytes and
    their copy). A file that grows while it is read is read whole, and one
    whose size says 0 (as /proc's do) is read too."""
    import tracemalloc

    path = tmp_path / "small.json"
    path.write_bytes(b"x" * 4000)
    files.read_bytes(path)
    tracemalloc.start()
    try:
        assert files.read_bytes(path) == b"x" * 4000
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 3 * 4000
    if os.path.exists("/proc/self/status"):
        assert os.stat("/proc/self/status").st_size == 0
        assert b"Name:" in files.read_bytes("/proc/self/status")


def test_validate_of_an_empty_name_says_so_not_that_it_is_a_directory(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Issue 22 item 12: '`validate ""` says "it is a directory"' (Path("") is ".")."""
    assert run(capsys, "validate", "") == (
        1,
        "'':1:1: error: $: no rule file named (an empty name)\n",
    )
    with pytest.raises(files.NotAFileError, match="no file name given"):
        files.read_bytes("")


def test_a_very_long_file_name_is_located_and_cut_in_the_messages(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 22 item 12: 'Some errors have no location (File name too long)',
    and input is echoed without a length limit."""
    monkeypatch.chdir(tmp_path)
    name = "a" * 5000
    shown = clip(name)
    assert shown == "a" * 49 + "…" + "a" * 50 + " (5000 characters)"
    assert run(capsys, "export", name) == (1, f"dummybridge: error: File name too long: {shown}\n")
    path = "a/" * 3000
    status, said = run(capsys, "validate", path)
    assert (status, said) == (
        1,
        f"{clip(path)}:1:1: error: $: cannot read the rule file: File name too long\n",
    )


def test_an_argument_of_100_kb_is_not_echoed_whole(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 22 item 12: 'a 100 kB solve argument gives a 100 kB error line'."""
    status, said = run(capsys, "solve", "x" * 100_000)
    assert status == 1
    assert said == (
        f"dummybridge: error: bad PBN deal '{clip('x' * 100_000)}': text that cannot be parsed:"
        " it must begin with the first hand's seat and a colon (N:, E:, S: or W:)\n"
    )


@pytest.mark.parametrize("command", ["play", "simulate", "dd"])
def test_a_seed_in_other_digits_than_ascii_is_refused(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 22 item 12: '`--seed ٣` is read as 3' (Python's int() reads
    every script's digits)."""
    with pytest.raises(SystemExit) as exited:
        main([command, "--seed", "\u0663"])
    assert exited.value.code == 2
    assert capsys.readouterr().err.endswith(
        f"dummybridge {command}: error: argument --seed: invalid int value: '\u0663'\n"
    )


def test_a_rule_file_integer_of_5000_digits_is_located_not_an_internal_error(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 22 item 3: 'Exit 70, "internal error" ... a rule-file integer of
    more than 4,300 digits' (Python refuses to read it)."""
    house = tmp_path / "house.yaml"
    house.write_text(
        "dummybridge: 1\nextends: bridge\nname: house\nscoring:\n  game: " + "9" * 5000 + "\n",
        encoding="utf-8",
    )
    assert run(capsys, "validate", str(house)) == (
        1,
        f"{house}:5:9: error: $.scoring.game: a number of 5000 characters is too long"
        " (at most 100)\n",
    )


def test_nesting_past_the_bound_is_located_at_the_first_value_too_deep(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The brief: 'a bound on recursion everywhere input is parsed'; a rule file
    nests at most 50 levels, and the error says where it went deeper."""
    house = tmp_path / "house.yaml"
    house.write_text(
        "dummybridge: 1\nextends: bridge\nname: house\ndescription: " + "[" * 60 + "]" * 60 + "\n",
        encoding="utf-8",
    )
    status, said = run(capsys, "validate", str(house))
    path = "$.description" + "[0]" * 49
    assert (status, said) == (
        1,
        f"{house}:4:64: error: {path}: "
        "the file nests lists and mappings too deeply (at most 50 levels)\n",
    )


def test_a_rule_file_larger_than_its_limit_is_refused_unread(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 22 item 4: 'a 10 MiB rule file: MemoryError after 117 s'. A rule
    file holds at most MAX_RULE_FILE_BYTES (docs/limits.md); one byte more
    is refused before it is parsed."""
    house = tmp_path / "house.yaml"
    head = "dummybridge: 1\nextends: bridge\nname: house\n"
    house.write_text(head + "#" * (MAX_RULE_FILE_BYTES - len(head)), encoding="utf-8")
    assert run(capsys, "validate", str(house)) == (0, f"{house}: ok\n")
    with house.open("a", encoding="utf-8") as fh:
        fh.write("#")
    assert run(capsys, "validate", str(house)) == (
        1,
        f"{house}:1:1: error: $: the file is larger than {MAX_RULE_FILE_BYTES} bytes\n",
    )


def test_json_nested_100000_deep_is_refused_not_an_internal_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 22 item 3: 'JSON nested 100,000 deep' ended in exit 70 (a
    RecursionError from Python's json); the brief: 'a bound on recursion
    everywhere input is parsed'."""
    monkeypatch.chdir(tmp_path)
    Path("deep.json").write_text("[" * 100_000 + "]" * 100_000, encoding="ascii")
    assert run(capsys, "export", "deep.json") == (
        1,
        "deep.json:1:1: error: not a record: arrays or objects nested too deeply "
        "(a record nests 4 levels)\n",
    )


def test_a_play_of_something_that_only_looks_like_a_card_is_refused() -> None:
    """Issue 22 item 11: 'Action("play", card=<any object with .code and
    .index>) is played and recorded as text that cannot be replayed'."""
    from dummybridge.engine.actions import Action

    class Fake:
        code = "SX"
        index = 51

    with pytest.raises(ValueError, match="a play needs a card \\(a Card\\) and nothing else"):
        Action("play", card=Fake())  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="a look needs a seat"):
        Action("look", seat="N")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="a bid needs a level from 1 to 13"):
        Action("bid", level=True, denomination="spades")
    assert str(Action("play", card=dummybridge_card("SA"))) == "play SA"


def dummybridge_card(code: str) -> object:
    from dummybridge import Card

    return Card.from_str(code)


def test_the_core_raises_its_documented_errors_for_no_card_and_no_seed() -> None:
    """Issue 22 item 11: 'PlayState.play(-1) and Rng(nan) raise OverflowError
    and ValueError instead of the documented errors' (OutOfRangeError)."""
    from dummybridge import OutOfRangeError, Rng, deal
    from dummybridge.core._native import PlayState

    for seed in (float("nan"), float("inf"), -1, 2**64):
        with pytest.raises(OutOfRangeError, match=r"is outside 0 \.\. 2\*\*64 - 1"):
            Rng(seed)  # type: ignore[arg-type]
    with pytest.raises(OutOfRangeError, match=f"seed 1{'0' * 48}…{'0' * 50} \\(301 characters\\)"):
        Rng(10**300)
    with pytest.raises(OutOfRangeError, match="seed of 16610 bits is outside"):
        Rng(10**5000)
    hands = deal(Rng(1))
    state = PlayState([hand.bits for hand in hands], 4, 0)
    for card in (-1, 52, 10**30):
        with pytest.raises(
            OutOfRangeError, match=f"no card {card}: a card is a number from 0 to 51"
        ):
            state.play(card)
