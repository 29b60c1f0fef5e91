"""Records and saves from other people, and where they are written (issue 22,
items 1, 2, 3, 4, 7, 10 and 13; docs/records.md).

Each test reproduces a defect of the campaign's report, quoted in its
docstring: before the fix it failed, now it names the file, the JSON path and
the problem, and exits 1 (never 70, "internal error").
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from dummybridge.apps.cli import main
from dummybridge.core import writes
from dummybridge.engine.actions import Action
from dummybridge.engine.game import Game
from dummybridge.errors import FileFormatError, InvalidNotationError
from dummybridge.formats.records import RECORD_MAX_BYTES, load_game, read_record
from dummybridge.language.loader import load_rules

HOUSE = 'dummybridge: 1\nextends: bridge\nname: house\ntitle: H\nversion: "1"\n'
HOUSE_CAPPED = HOUSE + "doubling:\n  limit: {kind: cap, trick_value: 100}\n"


@pytest.fixture(scope="module")
def bridge_record() -> dict[str, object]:
    """A short game of Bridge as a record: the declaration and five cards."""
    game = Game(load_rules("bridge"), 1)
    game.replay(["declare spades", "pass", "pass"])
    for _ in range(5):
        game.apply(game.legal_actions()[0])
    return game.to_record()


#: a save's session: player A at the table, the others bots
SESSION = {"format": "dummybridge-session/1", "human": "A", "bots": "rule"}


def _resume_and_quit(save: Path, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """``dummybridge resume SAVE`` run as a user runs it (in ``cwd``), who types quit."""
    return subprocess.run(
        [sys.executable, "-m", "dummybridge", "resume", str(save), "--ascii"],
        input="quit\n",
        capture_output=True,
        text=True,
        check=False,
        cwd=cwd,
    )


def _write(path: Path, record: object) -> Path:
    path.write_text(json.dumps(record), encoding="utf-8")
    return path


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    status = main(argv)
    return status, capsys.readouterr().err


# --------------------------------------------------------------------------- item 1


def test_a_record_never_makes_the_program_open_the_path_it_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], bridge_record: dict[str, object]
) -> None:
    """Item 1: "A record whose origin is /etc/passwd prints the file's first 60
    characters in the error ... The message differs for a missing file, so
    this also tests whether a path exists. resume also follows
    <built-in>/../../PATH.yaml." The answer is the same whether the file is
    there or not, and says nothing of its content."""
    secret = tmp_path / "secret.yaml"
    secret.write_text("password: hunter2\n", encoding="utf-8")
    answers = []
    for origin in (str(secret), str(tmp_path / "missing.yaml")):
        rules = {"name": "bridge", "version": "1.0", "origin": origin}
        rec = _write(tmp_path / "r.json", {**bridge_record, "rules": rules})
        for command in ("export", "analyse"):
            status, err = _run([command, str(rec)], capsys)
            assert status == 1
            assert err == (
                f"{rec}: error: $.rules: the record was made with the rule file {origin}, "
                "which it does not carry: give that file with --rules FILE\n"
            )
            assert "hunter2" not in err
            assert "password" not in err
            answers.append(err.replace(origin, "ORIGIN"))
    assert len(set(answers)) == 1
    sneaky = "<built-in>/../../" + str(secret.with_suffix("")).lstrip("/") + ".yaml"
    rec = _write(
        tmp_path / "r.json",
        {**bridge_record, "rules": {"name": "bridge", "version": "1.0", "origin": sneaky}},
    )
    status, err = _run(["export", str(rec)], capsys)
    assert status == 1
    assert "hunter2" not in err
    assert err.startswith(f"{rec}: error: $.rules: the record was made with the rule file ")


def test_an_old_record_of_a_users_rule_file_replays_with_rules_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], bridge_record: dict[str, object]
) -> None:
    """Old records (the format before issue 22) named a user's rule file by
    its path only: with --rules FILE they replay; a file of other rules is
    refused by name."""
    house = tmp_path / "house.yaml"
    house.write_text(HOUSE, encoding="utf-8")
    game = Game(load_rules(str(house)), 1)
    game.replay(["declare spades", "pass", "pass"])
    old = {**game.to_record(), "rules": {"name": "house", "version": "1", "origin": str(house)}}
    rec = _write(tmp_path / "old.json", old)
    status, err = _run(["export", str(rec), "--rules", str(house)], capsys)
    assert (status, err) == (0, "")
    status, err = _run(["export", str(rec), "--rules", "bridge"], capsys)
    assert (status, err) == (
        1,
        f"{rec}: error: $.rules.name: --rules bridge is 'bridge', but the record was made "
        "with 'house'\n",
    )


# --------------------------------------------------------------------------- item 10


def _record_beside_its_rule_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> Path:
    """The directory ``made`` where ``play house.yaml --record r.json`` was
    run, a user's rule file (HOUSE_CAPPED) beside it; the current directory."""
    made = tmp_path / "made"
    made.mkdir()
    (made / "house.yaml").write_text(HOUSE_CAPPED, encoding="utf-8")
    monkeypatch.chdir(made)
    assert main(["play", "house.yaml", "--seed", "4", "--record", "r.json"]) == 0
    capsys.readouterr()
    return made


def test_a_record_of_a_users_rule_file_replays_from_any_directory(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Item 10: "Records and saves of a user's rule file only work from the
    directory they were made in, because the origin is stored as typed." The
    record carries the effective rules and their SHA-256; --rules FILE must
    match them."""
    made = _record_beside_its_rule_file(tmp_path, capsys, monkeypatch)
    rules = json.loads((made / "r.json").read_text(encoding="utf-8"))["rules"]
    assert sorted(rules) == ["name", "origin", "sha256", "text", "version"]
    assert json.loads(rules["text"])["doubling"]["limit"] == {"kind": "cap", "trick_value": 100}
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    (made / "house.yaml").unlink()
    status, err = _run(["export", str(made / "r.json"), "-o", "r.pbn"], capsys)
    assert (status, err) == (0, "")
    assert (elsewhere / "r.pbn").read_bytes().startswith(b"% PBN 2.1")
    other = elsewhere / "house.yaml"
    other.write_text(HOUSE, encoding="utf-8")
    status, err = _run(["export", str(made / "r.json"), "--rules", str(other)], capsys)
    assert status == 1
    assert err.startswith(
        f"{made / 'r.json'}: error: $.rules.sha256: --rules {other} is not the rule file "
        "the record was made with (the record's rules have SHA-256 "
    )
    # an edited text is caught by its hash
    record = json.loads((made / "r.json").read_text(encoding="utf-8"))
    record["rules"]["text"] = record["rules"]["text"].replace(
        '"trick_value": 100', '"trick_value": 9'
    )
    rec = _write(elsewhere / "edited.json", record)
    assert _run(["export", str(rec)], capsys) == (
        1,
        f"{rec}: error: $.rules: the rules' text does not match its sha256: the record "
        "was altered\n",
    )


def test_a_save_of_a_users_rule_file_resumes_from_any_directory(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Item 10, for saves: "Records and saves of a user's rule file only work
    from the directory they were made in". A save made beside house.yaml is
    resumed from another directory after the file is gone: its rules are
    the ones it carries, and it is written back whole."""
    made = _record_beside_its_rule_file(tmp_path, capsys, monkeypatch)
    record = json.loads((made / "r.json").read_text(encoding="utf-8"))
    save = _write(
        made / "s.json", {**record, "session": SESSION, "actions": record["actions"][:20]}
    )
    (made / "house.yaml").unlink()
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    proc = _resume_and_quit(save, elsewhere)
    assert (proc.returncode, proc.stderr) == (0, "")
    assert proc.stdout.startswith(f"Resuming {save}: H, deal 1, ")
    game = load_game(save, save=True)[0]
    assert game.rules.name == "house"
    assert game.rules.doubling.limit.trick_value == 100  # (the carried rules, capped)
    assert os.listdir(elsewhere) == []


# --------------------------------------------------------------------------- item 3


def test_action_parse_raises_the_error_it_documents() -> None:
    """Item 3: "Action.parse raises a plain ValueError where its docstring
    promises InvalidNotationError" for "declare Hearts" and "bid 1 HEARTS"."""
    for text in ("declare Hearts", "bid 1 HEARTS"):
        with pytest.raises(InvalidNotationError, match=r"^bad action .*: a denomination is named"):
            Action.parse(text)


@pytest.mark.parametrize(
    ("change", "located"),
    [
        ({"actions": ["declare Hearts"]}, "$.actions[0]: bad action 'declare Hearts': "),
        ({"actions": ["bid 1 HEARTS"]}, "$.actions[0]: bad action 'bid 1 HEARTS': "),
        ({"rubbers": 0}, "$.rubbers: expected a whole number from 1 to 10000, found 0"),
        ({"laws": "false"}, "$.laws: expected true or false, found 'false'"),
        ({"seed": 1.5}, "$.seed: expected a whole number from 0 to 2**64 - 1, found 1.5"),
        ({"players": ["A", "B", "C"]}, "$.players: bridge needs 4 different player names"),
        ({"deals": [["...", "...", "..."]]}, "$.deals[0]: expected four PBN hands, North first"),
        ({"deals": [["..."] * 5]}, "$.deals[0]: expected four PBN hands, North first"),
    ],
)
def test_export_analyse_and_resume_refuse_a_bad_record_alike(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    bridge_record: dict[str, object],
    change: dict[str, object],
    located: str,
) -> None:
    """Items 3 and 7: "resume of a save with rubbers 0, seed Infinity, the
    wrong number of players, or 3- or 5-hand deals" exited 70; "resume checks
    saves far less than export does ... "laws": "false" is played and re-saved
    as laws mode on". One loader: the same located line from all three."""
    session = {"format": "dummybridge-session/1", "human": "A", "bots": "rule"}
    save = _write(tmp_path / "s.json", {**bridge_record, **change, "session": session})
    for command in ("export", "analyse", "resume"):
        status, err = _run([command, str(save)], capsys)
        assert status == 1, command
        assert err.startswith(f"{save}: error: {located}"), (command, err)
        assert "\n" not in err[:-1]


def test_numbers_too_long_and_nesting_too_deep_are_located(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], bridge_record: dict[str, object]
) -> None:
    """Item 3: "5,000-digit seeds, and JSON nested 100,000 deep" and "seed
    Infinity" exited 70."""
    text = json.dumps(bridge_record, indent=1)
    rec = tmp_path / "r.json"
    rec.write_text(text.replace('"seed": 1,', '"seed": ' + "7" * 5000 + ","), encoding="utf-8")
    line = text[: text.index('"seed"')].count("\n") + 1
    for command in ("export", "analyse", "resume"):
        assert _run([command, str(rec)], capsys) == (
            1,
            f"{rec}:{line}:10: error: not a record: a number of more than 4300 digits\n",
        )
    rec.write_text('{"actions": ' + "[" * 100_000 + "]" * 100_000 + "}", encoding="utf-8")
    assert _run(["export", str(rec)], capsys) == (
        1,
        f"{rec}:1:1: error: not a record: arrays or objects nested too deeply (a record nests "
        "4 levels)\n",
    )
    rec.write_text(text.replace('"seed": 1,', '"seed": Infinity,'), encoding="utf-8")
    assert _run(["resume", str(rec)], capsys) == (
        1,
        f"{rec}: error: $.session: not a saved game (expected a 'session' entry of format "
        "'dummybridge-session/1', as 'dummybridge play --seat' writes)\n",
    )
    assert _run(["export", str(rec)], capsys) == (
        1,
        f"{rec}: error: $.seed: expected a whole number from 0 to 2**64 - 1, found Infinity\n",
    )


def test_every_problem_of_a_record_is_reported(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], bridge_record: dict[str, object]
) -> None:
    """The loader reports every problem it finds, one line each, in the
    record's order; a value is shown briefly whatever its size."""
    bad = {
        **bridge_record,
        "seed": -1,
        "laws": "x" * 100_000,
        "extra": 1,
        "actions": ["pass", 7],
    }
    rec = _write(tmp_path / "r.json", bad)
    status, err = _run(["export", str(rec)], capsys)
    assert status == 1
    assert err.splitlines() == [
        f"{rec}: error: $: unknown key 'extra'",
        f"{rec}: error: $.actions[1]: expected an action's text, or {{player, action}}, found 7",
        f"{rec}: error: $.laws: expected true or false, found '{'x' * 40}'... (100000 characters)",
        f"{rec}: error: $.seed: expected a whole number from 0 to 2**64 - 1, found -1",
    ]


# --------------------------------------------------------------------------- item 4


def test_an_action_made_out_of_turn_is_checked_and_placed_among_the_plain_ones(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], bridge_record: dict[str, object]
) -> None:
    """Issue 22, item 4 (time per MiB): plain action texts are checked in
    bulk and only the {player, action} objects go through the schema; a
    problem in one is still placed at its own index among all the actions."""
    bad = {**bridge_record, "actions": ["pass"] * 5 + [{"player": "", "action": "pass"}]}
    rec = _write(tmp_path / "r.json", bad)
    status, err = _run(["export", str(rec)], capsys)
    assert status == 1
    assert err.splitlines() == [
        f"{rec}: error: $.actions[5]: expected an action's text, or {{player, action}}, "
        "found an object of 2 keys",
    ]


_NAMES = st.text(alphabet=st.sampled_from("ab \x00\x1f\x7f\u00e9"), max_size=102)
_TEXTS = st.text(alphabet="pas ", min_size=198, max_size=202) | st.sampled_from(["pass", ""])
_ITEMS = (
    _TEXTS
    | st.dictionaries(
        st.sampled_from(["player", "action", "extra"]),
        _NAMES | _TEXTS | st.integers() | st.none(),
        max_size=3,
    )
    | st.integers()
    | st.none()
)


@settings(max_examples=300, deadline=None)
@given(item=_ITEMS)
@example(item={"player": "a" * 100, "action": "p" * 200})
@example(item={"player": "a" * 101, "action": "pass"})
@example(item={"player": "", "action": "pass"})
@example(item={"player": "a", "action": "p" * 201})
@example(item="p" * 201)
def test_an_action_told_plain_in_bulk_is_one_the_schema_accepts(item: object) -> None:
    """records._plain_action, the bulk check that spares nearly every action
    the schema, agrees with the record schema's actions items: what it calls
    plain the schema accepts, and what the schema accepts it calls plain."""
    from dummybridge.formats import records

    errors = [
        e
        for e in records._validator().iter_errors({"actions": [item]})
        if e.json_path.startswith("$.actions")
    ]
    assert records._plain_action(item) == (not errors), (item, [e.message for e in errors])


def test_a_record_larger_than_the_limit_is_refused_by_its_size(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Item 4: "A 60 MiB record takes 116 s to reject." A record is at most
    16 MiB (docs/records.md); a larger one is refused before it is parsed."""
    rec = tmp_path / "big.json"
    rec.write_bytes(b'{"actions": [' + b'"pass",' * (RECORD_MAX_BYTES // 7) + b'"pass"]}')
    for command in ("export", "analyse", "resume"):
        assert _run([command, str(rec)], capsys) == (
            1,
            f"{rec}:1:1: error: the file is larger than 16 MiB: not a record\n",
        )


def test_a_record_larger_than_the_limit_is_refused_unread(tmp_path: Path) -> None:
    """Item 4: "A 60 MiB record takes 116 s to reject." The record's limit is
    the reader's: a 60 MiB file (sparse: it costs no disk) is refused by its
    size, not read whole first up to the 64 MiB any input may be (148 MB of
    memory, seen before the fix)."""
    rec = tmp_path / "huge.json"
    with open(rec, "wb") as fh:
        fh.truncate(60 * 2**20)
    tracemalloc.start()
    try:
        with pytest.raises(FileFormatError, match="larger than 16 MiB: not a record"):
            load_game(rec)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 2**20


def test_a_record_keeps_one_string_for_each_text_it_repeats(tmp_path: Path) -> None:
    """Task: 'Replaying a valid record takes more than 10x its size in
    memory.' JSON gives each of a record's actions a string of its own (some
    60 bytes for the 13 of '"play CA",' in the file); the loader keeps one
    for each distinct text, a laws-mode record's players too
    (tools/bench_records.py: 24 times the file, now 19)."""
    game = Game(load_rules("bridge"), 1)
    while not game.is_over:  # a rubber
        game.apply(game.legal_actions()[0])
    rec = tmp_path / "r.json"
    rec.write_text(json.dumps(game.to_record(), indent=1))
    replayed, record = load_game(rec)
    actions = record["actions"]
    assert [str(a) for a in replayed.actions] == actions == game.to_record()["actions"]
    texts = {text: text for text in actions}
    assert all(text is texts[text] for text in actions)
    assert len(texts) < len(actions) // 2
    mapped = dict(record, actions=[{"action": t, "player": "A"} for t in actions])
    items = read_record("m.json", json.dumps(mapped))["actions"]
    assert items[0]["player"] is items[1]["player"]  # JSON gives each its own
    shared = {item["action"]: item["action"] for item in items}
    assert all(item["action"] is shared[item["action"]] for item in items)


# --------------------------------------------------------------------------- item 2


def test_a_save_or_record_is_written_only_where_it_may_be(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Item 2: "--save PATH and --record PATH replace whatever is at PATH,
    device nodes included ... Any existing file is overwritten without
    asking." A FIFO, a directory, a symbolic link and a foreign file are
    refused (the link and the foreign file are replaced with --force), and
    nothing is changed; a record of ours is replaced."""
    monkeypatch.chdir(tmp_path)
    os.mkfifo("fifo")
    os.mkdir("adir")
    Path("notes.txt").write_text("my notes\n", encoding="utf-8")
    os.symlink("notes.txt", "link.json")
    for option in ("--record", "--save"):
        extra = ["--seat", "S"] if option == "--save" else []
        for target, why in (
            ("fifo", "is a FIFO, not a regular file: name a file"),
            ("adir", "is a directory: name a file"),
            (
                "link.json",
                "is a symbolic link (to notes.txt): name the file itself, or give --force to "
                "replace the link",
            ),
            (
                "notes.txt",
                "exists and is not a dummybridge save or record: name another file, or give "
                "--force to replace it",
            ),
        ):
            status, err = _run(["play", "bridge", *extra, option, target], capsys)
            assert (status, err) == (1, f"dummybridge: error: {option} {target} {why}\n")
    assert Path("notes.txt").read_text(encoding="utf-8") == "my notes\n"
    assert os.path.islink("link.json")
    assert main(["play", "bridge", "--seed", "2", "--record", "notes.txt", "--force"]) == 0
    assert main(["play", "bridge", "--seed", "3", "--record", "notes.txt"]) == 0  # ours now
    assert main(["play", "bridge", "--seed", "3", "--record", "link.json", "--force"]) == 0
    capsys.readouterr()
    assert not os.path.islink("link.json")
    assert json.loads(Path("notes.txt").read_text(encoding="utf-8"))["seed"] == 3
    assert load_game("link.json")[0].seed == 3
    assert sorted(os.listdir(".")) == ["adir", "fifo", "link.json", "notes.txt"]


def test_a_device_node_is_never_written_even_with_force(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Item 2: "a copy of /dev/null made with mknod became a JSON file. Run as
    root, this would replace the real /dev/null." Such a copy (made where the
    tests may make one: as root) and /dev/null itself are refused as --save,
    --record and --pbn targets, with --force too, and stay device nodes."""
    import stat

    monkeypatch.chdir(tmp_path)
    targets = ["/dev/null"]
    try:
        os.mknod("null", stat.S_IFCHR | 0o666, os.makedev(1, 3))
        targets.append("null")
    except PermissionError:
        pass  # (not root: /dev/null alone)
    for target in targets:
        for option, extra in (("--record", []), ("--save", ["--seat", "S"]), ("--pbn", [])):
            for force in ([], ["--force"]):
                status, err = _run(["play", "bridge", *extra, option, target, *force], capsys)
                assert (status, err) == (
                    1,
                    f"dummybridge: error: {option} {target} is a device, not a regular file: "
                    "name a file\n",
                )
        assert stat.S_ISCHR(os.stat(target).st_mode)
    assert sorted(os.listdir(".")) == targets[1:]


def test_is_ours_knows_a_save_a_record_and_nothing_else(tmp_path: Path) -> None:
    """Recognised by content: what write_atomic writes for a save or record,
    or an empty file."""
    path = tmp_path / "f"
    for text, ours in (
        ("", True),
        ('{\n "format": "dummybridge-record/1",\n "rules": {}}', True),
        ('{"format":"dummybridge-record/1"}', True),
        ('{"rules": {}, "format": "dummybridge-record/1"}', False),
        ("format: dummybridge-record/1\n", False),
        ("\x7fELF", False),
    ):
        path.write_text(text, encoding="utf-8")
        assert writes.is_ours(path) is ours, text


# --------------------------------------------------------------------------- item 13


def test_temporary_files_left_by_kill_9_are_removed_and_no_other(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Item 13: "kill -9 leaves .dummybridge-*.tmp files in the save directory,
    and nothing removes them." Before a game is written, a temporary file of
    ours older than the program (by STALE_AFTER seconds) goes; a recent one
    (another dummybridge writing now), a link and other names stay."""
    old = time.time() - 3600
    names = {
        ".dummybridge-abcd_123.tmp": True,
        ".dummybridge-recent12.tmp": False,
        ".dummybridge-toolongname.tmp": False,
        "dummybridge-abcd1234.tmp": False,
    }
    for name in names:
        (tmp_path / name).write_text("{", encoding="utf-8")
        if name != ".dummybridge-recent12.tmp":
            os.utime(tmp_path / name, (old, old))
    os.symlink(tmp_path / "dummybridge-abcd1234.tmp", tmp_path / ".dummybridge-link1234.tmp")
    rec = tmp_path / "r.json"
    assert main(["play", "bridge", "--record", str(rec)]) == 0
    capsys.readouterr()
    left = sorted(os.listdir(tmp_path))
    assert left == sorted(
        [n for n, gone in names.items() if not gone] + [".dummybridge-link1234.tmp", "r.json"]
    )


def test_an_interrupted_write_leaves_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Item 13: "Temporary files are removed and saves stay intact": Ctrl-C
    (or any failure) between the temporary file and the rename removes the
    temporary file and leaves the old save whole."""
    target = tmp_path / "s.json"
    target.write_text('{"format": "dummybridge-record/1"}\n', encoding="utf-8")

    def interrupted(src: str, dst: str) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(writes.os, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        writes.write_atomic(str(target), "new")
    assert os.listdir(tmp_path) == ["s.json"]
    assert target.read_text(encoding="utf-8") == '{"format": "dummybridge-record/1"}\n'


def test_signals_are_held_while_a_temporary_file_exists(tmp_path: Path) -> None:
    """SIGINT arriving during a write takes effect after the rename: the save
    is whole and no temporary file is left."""
    import signal

    target = tmp_path / "s.json"
    real_fsync = os.fsync
    seen: list[str] = []

    def fsync_then_interrupt(fd: int) -> None:
        real_fsync(fd)
        if not seen:
            seen.append("raised")
            os.kill(os.getpid(), signal.SIGINT)

    os.fsync = fsync_then_interrupt  # type: ignore[assignment]
    try:
        with pytest.raises(KeyboardInterrupt):
            writes.write_atomic(str(target), "whole\n")
    finally:
        os.fsync = real_fsync
    assert os.listdir(tmp_path) == ["s.json"]
    assert target.read_text(encoding="utf-8") == "whole\n"


def test_a_file_format_error_stays_a_file_format_error() -> None:
    """Several problems are one RecordError, which is a FileFormatError."""
    from dummybridge.formats.records import read_record

    with pytest.raises(FileFormatError) as info:
        read_record("g.json", '{"format": "dummybridge-record/1"}')
    assert str(info.value).splitlines()[0] == "g.json: error: $: the record has no 'rules'"


def test_a_record_keeps_the_permissions_a_new_file_gets(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Written through a temporary file (mode 0600), a record still gets what
    the umask gives a new file, and a replaced one keeps its own."""
    umask = os.umask(0o022)
    try:
        rec = tmp_path / "r.json"
        assert main(["play", "bridge", "--record", str(rec)]) == 0
        assert rec.stat().st_mode & 0o777 == 0o644
        rec.chmod(0o600)
        assert main(["play", "bridge", "--record", str(rec)]) == 0
        assert rec.stat().st_mode & 0o777 == 0o600
    finally:
        os.umask(umask)
    capsys.readouterr()


def test_play_refuses_to_write_a_record_too_large_to_read_back(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A record larger than RECORD_MAX_BYTES could never be replayed: 'play
    --record' says so rather than write it."""
    from dummybridge.formats import records

    monkeypatch.setattr(records, "RECORD_MAX_BYTES", 50_000)
    rec = tmp_path / "r.json"
    status = main(["play", "bridge", "--rubbers", "10", "--record", str(rec)])
    assert (status, capsys.readouterr().err) == (
        1,
        f"dummybridge: error: --record {rec}: the record would be larger than the 50,000 "
        "bytes a record may hold: play fewer rubbers\n",
    )
    assert not rec.exists()


def test_the_record_schema_is_printed_valid_and_fits_what_play_writes(
    capsys: pytest.CaptureFixture[str], bridge_record: dict[str, object]
) -> None:
    """docs/records.md: 'dummybridge schema --record' prints the shipped JSON
    Schema, a valid draft 2020-12 schema that a record and a save satisfy
    for any validator (and that refuses what the loader refuses)."""
    from jsonschema import Draft202012Validator

    assert main(["schema", "--record"]) == 0
    schema = json.loads(capsys.readouterr().out)
    Draft202012Validator.check_schema(schema)
    validator = Draft202012Validator(schema)
    assert not list(validator.iter_errors(bridge_record))
    from dummybridge.language.loader import load_rules_text

    carried = Game(load_rules_text(HOUSE), 1).to_record()
    assert sorted(carried["rules"]) == ["name", "origin", "sha256", "text", "version"]
    assert not list(validator.iter_errors(carried))
    save = {**bridge_record, "session": {"format": "dummybridge-session/1", "human": "A"}}
    assert not list(validator.iter_errors(save))
    for bad in ({"laws": "false"}, {"rubbers": 0}, {"deals": [["..."] * 3]}, {"x": 1}):
        assert list(validator.iter_errors({**bridge_record, **bad})), bad


def test_resume_removes_the_leftovers_next_to_its_save(
    tmp_path: Path, bridge_record: dict[str, object]
) -> None:
    """Item 13, for 'resume': a temporary file left by kill -9 beside the save
    goes when the game is resumed; the save is written whole again."""
    save = _write(tmp_path / "s.json", {**bridge_record, "session": SESSION})
    stale = tmp_path / ".dummybridge-x1y2z3w4.tmp"
    stale.write_text('{"format": "dummybr', encoding="utf-8")
    old = time.time() - 3600
    os.utime(stale, (old, old))
    proc = _resume_and_quit(save)
    assert proc.returncode == 0, proc.stderr
    assert os.listdir(tmp_path) == ["s.json"]
    before = Game.from_record(bridge_record).actions
    assert load_game(save, save=True)[0].actions[: len(before)] == before  # and the bots' since


_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=8,
)
_KEYS = ["format", "rules", "seed", "players", "rubbers", "laws", "deals", "actions", "session"]


@settings(max_examples=60, deadline=None)
@given(key=st.sampled_from(_KEYS), value=_VALUES, save=st.booleans())
def test_any_value_anywhere_is_a_located_error_or_a_game(
    key: str, value: object, save: bool, bridge_record: dict[str, object]
) -> None:
    """Item 3: no value in place of a record's entry makes the loader raise
    anything but a located FileFormatError (the command's exit 1, never 70)."""
    from dummybridge.formats.records import read_game

    session = {"format": "dummybridge-session/1", "human": "A"}
    record = {**bridge_record, "session": session, key: value}
    try:
        read_game("g.json", json.dumps(record), save=save)
    except FileFormatError as exc:
        message = str(exc)
    else:
        message = "g.json: a game"
    assert message.startswith("g.json")
