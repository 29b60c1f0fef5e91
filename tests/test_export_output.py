"""Where ``dummybridge export`` writes, and how (issue 22).

Item 2: "A save or record is written only to a regular file that is absent,
or that is already a save or record of this program, unless ``--force`` is
given" -- for ``export -o FILE``, a PBN file this program exported. And "a
maximum size ... with memory and time linear and small: under 10x the input
in memory": the export is streamed a game at a time into a temporary file
renamed over the target at the end (``core.writes.write_streamed``, the
writer of saves and records), so nothing but the current game's text is
held, and "Temporary files are removed and saves stay intact": a failure
part-way, Ctrl-C or SIGTERM leaves the old file as it was and no temporary
file.
"""

from __future__ import annotations

import errno
import os
import signal
import stat
from pathlib import Path
from typing import Any

import pytest

from dummybridge.apps.cli import main
from dummybridge.core import writes
from dummybridge.errors import DummyBridgeError
from dummybridge.formats import pbn

OLD = b"% PBN 2.1\r\n% EXPORT\r\n"  # an export of no deal: ours


def _record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """Two rubbers of Bridge (several games in the export), as play writes them."""
    path = tmp_path / "game.json"
    assert main(["play", "bridge", "--seed", "4", "--rubbers", "2", "--record", str(path)]) == 0
    capsys.readouterr()
    return path


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    status = main(argv)
    return status, capsys.readouterr().err


def _fail_at_game(monkeypatch: pytest.MonkeyPatch, n: int, fail: Any) -> list[int]:
    """Make the export call ``fail()`` as it makes its ``n``-th game."""
    made: list[int] = []
    real = pbn._game_parts

    def game_parts(*args: Any, **kwargs: Any) -> Any:
        made.append(1)
        if len(made) == n:
            fail()
        return real(*args, **kwargs)

    monkeypatch.setattr(pbn, "_game_parts", game_parts)
    return made


def test_export_writes_a_file_whole_and_streams_standard_output_alike(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``-o FILE``, ``-o -`` and no ``-o`` give the same bytes; the file
    replaces an earlier export of ours and an empty file without --force."""
    rec = _record(tmp_path, capsys)
    out = tmp_path / "out.pbn"
    out.write_bytes(OLD)
    assert main(["export", str(rec), "-o", str(out)]) == 0
    written = out.read_bytes()
    assert written.startswith(OLD + b"[Event ")
    assert written.count(b'[Board "') > 2
    capsys.readouterr()
    for argv in (["-o", "-"], []):
        assert main(["export", str(rec), *argv]) == 0
        printed = capsys.readouterr().out
        assert printed.replace("\r\n", "\n") == written.decode("latin-1").replace("\r\n", "\n")
    (tmp_path / "empty.pbn").write_bytes(b"")
    assert main(["export", str(rec), "-o", str(tmp_path / "empty.pbn")]) == 0
    assert main(["export", str(rec), "-o", str(out)]) == 0  # ours now
    assert (tmp_path / "empty.pbn").read_bytes() == out.read_bytes() == written
    assert sorted(os.listdir(tmp_path)) == ["empty.pbn", "game.json", "out.pbn"]


def _foreign_targets() -> list[tuple[str, str]]:
    """In the current directory, a file of notes, a link to it, a directory
    and a FIFO; each target a PBN export may not replace (with /dev/null), and
    why, as the error says it."""
    Path("notes.txt").write_text("my notes\n", encoding="utf-8")
    os.symlink("notes.txt", "link.pbn")
    os.mkdir("adir")
    os.mkfifo("fifo")
    return [
        ("notes.txt", "exists and is not a PBN file dummybridge exported: name another file, "
         "or give --force to replace it"),
        ("link.pbn", "is a symbolic link (to notes.txt): name the file itself, or give "
         "--force to replace the link"),
        ("adir", "is a directory: name a file"),
        ("fifo", "is a FIFO, not a regular file: name a file"),
        ("/dev/null", "is a device, not a regular file: name a file"),
    ]  # fmt: skip


def test_export_writes_only_where_a_pbn_export_may_go(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Item 2 for ``export -o``: a foreign file or a link only with --force;
    a directory, a FIFO or a device node never ("a copy of /dev/null made with
    mknod became a JSON file")."""
    rec = _record(tmp_path, capsys)
    monkeypatch.chdir(tmp_path)
    refused = _foreign_targets()
    for target, why in refused:
        assert _run(["export", str(rec), "-o", target], capsys) == (
            1,
            f"dummybridge: error: -o {target} {why}\n",
        )
    for target, why in refused[2:]:  # never, even with --force
        assert _run(["export", str(rec), "-o", target, "--force"], capsys) == (
            1,
            f"dummybridge: error: -o {target} {why}\n",
        )
    assert Path("notes.txt").read_text(encoding="utf-8") == "my notes\n"
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
    assert main(["export", str(rec), "-o", "link.pbn", "--force"]) == 0
    assert not os.path.islink("link.pbn")
    assert Path("notes.txt").read_text("utf-8") == "my notes\n"
    assert main(["export", str(rec), "-o", "notes.txt", "--force"]) == 0
    assert Path("notes.txt").read_bytes() == Path("link.pbn").read_bytes()
    capsys.readouterr()
    assert sorted(os.listdir(".")) == ["adir", "fifo", "game.json", "link.pbn", "notes.txt"]


def test_play_pbn_writes_only_where_a_pbn_export_may_go(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Item 2 for ``play --pbn FILE``, the rule of ``export -o`` (it replaced
    any regular file without --force): refused before any play, nothing
    printed and nothing written; a file of its own, or an empty one, is
    replaced, a foreign file or a link only with --force."""
    monkeypatch.chdir(tmp_path)
    refused = _foreign_targets()
    play = ["play", "bridge", "--seed", "4", "--pbn"]
    for target, why in refused:
        status = main([*play, target])
        assert (status, *capsys.readouterr()) == (
            1, "", f"dummybridge: error: --pbn {target} {why}\n"
        )  # fmt: skip
    for target, why in refused[2:]:  # never, even with --force
        status = main([*play, target, "--force"])
        assert (status, *capsys.readouterr()) == (
            1, "", f"dummybridge: error: --pbn {target} {why}\n"
        )  # fmt: skip
    assert Path("notes.txt").read_text(encoding="utf-8") == "my notes\n"
    assert stat.S_ISCHR(os.stat("/dev/null").st_mode)
    Path("empty.pbn").write_bytes(b"")
    assert main([*play, "empty.pbn"]) == 0
    assert main([*play, "empty.pbn"]) == 0  # now play's own export: replaced without --force
    written = Path("empty.pbn").read_bytes()
    assert written.startswith(b"% PBN 2.1\r\n% EXPORT\r\n[Event ")
    assert main([*play, "link.pbn", "--force"]) == 0
    assert not os.path.islink("link.pbn")
    assert main([*play, "notes.txt", "--force"]) == 0
    assert Path("notes.txt").read_bytes() == Path("link.pbn").read_bytes() == written
    capsys.readouterr()
    assert sorted(os.listdir(".")) == ["adir", "empty.pbn", "fifo", "link.pbn", "notes.txt"]


def test_is_ours_knows_a_pbn_export_by_its_head_and_generator(tmp_path: Path) -> None:
    """What export writes (the % lines, then the first game's Generator tag
    naming dummybridge), or an empty file; not another program's PBN."""
    path = tmp_path / "f.pbn"
    game = '[Event "x"]\r\n[Generator "dummybridge 0.1.0 seed 3"]\r\n'
    for text, ours in (
        ("", True),
        ("% PBN 2.1\r\n% EXPORT\r\n", True),
        ("% PBN 2.1\r\n% EXPORT\r\n" + game, True),
        ("% PBN 2.1\n% EXPORT\n" + game.replace("\r\n", "\n"), True),
        ('% PBN 2.1\r\n% EXPORT\r\n[Generator "dummybridge"]\r\n', True),
        ('% PBN 2.1\r\n% EXPORT\r\n[Event "x"]\r\n', False),
        ('% PBN 2.1\r\n% EXPORT\r\n[Event "x"]\r\n\r\n' + game, False),  # not the first game
        ('% PBN 2.1\r\n% EXPORT\r\n[Generator "dummybridgeX"]\r\n', False),
        ("% PBN 2.1\r\n" + game, False),
        ('{"format": "dummybridge-record/1"}', False),
    ):
        path.write_text(text, encoding="latin-1", newline="")
        assert writes.is_ours(path, pbn=True) is ours, text
    path.write_text('{"format": "dummybridge-record/1"}', encoding="utf-8")
    assert writes.is_ours(path) is True


def test_a_failure_part_way_leaves_the_old_file_and_no_temporary_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """An error raised as the third game is made, after two were written to
    the temporary file: the error is said as any is, the old export stays
    whole, and the temporary file is gone."""
    rec = _record(tmp_path, capsys)
    out = tmp_path / "out.pbn"
    out.write_bytes(OLD)

    def fail() -> None:
        raise DummyBridgeError("injected failure")

    made = _fail_at_game(monkeypatch, 3, fail)
    assert _run(["export", str(rec), "-o", str(out)], capsys) == (
        1,
        "dummybridge: error: injected failure\n",
    )
    assert len(made) == 3
    assert out.read_bytes() == OLD
    assert sorted(os.listdir(tmp_path)) == ["game.json", "out.pbn"]


@pytest.mark.parametrize(
    ("signum", "status", "notice"),
    [(signal.SIGINT, 130, "interrupted"), (signal.SIGTERM, 143, "terminated")],
)
def test_a_signal_part_way_stops_the_export_and_leaves_no_temporary_file(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    signum: int,
    status: int,
    notice: str,
) -> None:
    """Ctrl-C or SIGTERM while the third game is made: held while the
    temporary file exists, it stops the export before the next game, the
    temporary file goes, then the signal ends the command as any signal does
    (130 or 143); the old export is as it was."""
    rec = _record(tmp_path, capsys)
    out = tmp_path / "out.pbn"
    out.write_bytes(OLD)
    made = _fail_at_game(monkeypatch, 3, lambda: os.kill(os.getpid(), signum))
    assert _run(["export", str(rec), "-o", str(out)], capsys) == (
        status,
        f"dummybridge: {notice}\n",
    )
    assert len(made) == 3  # (stopped at once: no fourth game made)
    assert out.read_bytes() == OLD
    assert sorted(os.listdir(tmp_path)) == ["game.json", "out.pbn"]


def test_a_full_disk_part_way_names_the_target_and_leaves_no_temporary_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A write that fails after the first (ENOSPC) is said naming the file
    asked for, never the temporary one; the old export stays whole."""
    rec = _record(tmp_path, capsys)
    out = tmp_path / "out.pbn"
    out.write_bytes(OLD)
    real_write = os.write
    calls: list[int] = []

    def write(fd: int, data: Any) -> int:
        calls.append(fd)
        if len(calls) == 2:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real_write(fd, data)

    monkeypatch.setattr(writes.os, "write", write)
    assert _run(["export", str(rec), "-o", str(out)], capsys) == (
        1,
        f"dummybridge: error: No space left on device: {out}\n",
    )
    assert out.read_bytes() == OLD
    assert sorted(os.listdir(tmp_path)) == ["game.json", "out.pbn"]
