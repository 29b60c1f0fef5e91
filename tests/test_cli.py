"""The command line as a user runs it: exit statuses, output, and no tracebacks."""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from dummybridge.apps.cli import main


def run(*args: str) -> subprocess.CompletedProcess[str]:
    """Run the installed program the way a user would."""
    return subprocess.run(
        [sys.executable, "-m", "dummybridge", *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
    )


def test_play_bridge_prints_a_whole_rubber(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 3: `dummybridge play` plays a whole rubber with bots and prints a
    readable record: diagrams, declaration and doubling, tricks, score sheet."""
    assert main(["play", "bridge", "--seed", "1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Bridge (Bridge Whist) - seed 1\nThe cut: ")
    assert "Deal 1: South (" in out
    assert ") deals" in out
    assert "North (" in out
    assert "West (" in out
    assert "East (" in out
    assert " 1. " in out
    assert "13. " in out
    assert "Score sheet" in out
    assert "the line" in out
    assert "Final difference: " in out
    # the same seed gives the same record
    assert main(["play", "bridge", "--seed", "1"]) == 0
    assert capsys.readouterr().out == out


def test_play_ascii_and_record(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = tmp_path / "game.json"
    assert (
        main(
            [
                "play",
                "bridge",
                "--seed",
                "5",
                "--ascii",
                "--bots",
                "random",
                "--record",
                str(record),
            ]
        )
        == 0
    )
    out = capsys.readouterr().out
    assert "♠" not in out
    assert "\nS " in out.replace("  ", " ")
    data = json.loads(record.read_text(encoding="utf-8"))
    assert data["format"] == "dummybridge-record/1"
    assert data["seed"] == 5
    assert data["rules"]["name"] == "bridge"


def test_variants_lists_the_built_in_rule_files(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["variants"]) == 0
    names = [line.split()[0] for line in capsys.readouterr().out.splitlines()]
    assert names == sorted(names)
    assert {"bridge", "auction-bridge", "dummy-bridge", "double-dummy", "three-handed"} <= set(
        names
    )


def test_schema_prints_the_json_schema(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["schema"]) == 0
    schema = json.loads(capsys.readouterr().out)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert "$id" in schema


def test_validate_ok_and_broken(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = tmp_path / "good.yaml"
    good.write_text('extends: bridge\nname: house\ntitle: House\nversion: "1"\n', encoding="utf-8")
    bad = tmp_path / "bad.yaml"
    bad.write_text("extends: bridge\nscoring:\n  game: thirty\n", encoding="utf-8")
    assert main(["validate", str(good)]) == 0
    assert capsys.readouterr().out == f"{good}: ok\n"
    assert main(["validate", str(good), str(bad)]) == 1
    out = capsys.readouterr().out
    assert f"{bad}:3:9: error: $.scoring.game: " in out
    assert main(["validate", "--format", "json", str(bad)]) == 1
    (diag,) = json.loads(capsys.readouterr().out)
    assert diag["line"] == 3
    assert diag["path"] == "$.scoring.game"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["play", "no-such-variant"], "no-such-variant"),
        (["play", "/nonexistent/rules.yaml"], "no such file"),
        (["validate", "/nonexistent/rules.yaml"], "no such file"),
    ],
)
def test_bad_input_gets_a_clear_error_and_no_traceback(args: list[str], message: str) -> None:
    """Issue brief: no traceback reaches a command-line user."""
    proc = run(*args)
    assert proc.returncode == 1
    assert message in proc.stderr + proc.stdout
    assert "Traceback" not in proc.stderr


def test_usage_errors_exit_2() -> None:
    proc = run("play", "--seed", "many")
    assert proc.returncode == 2
    assert "invalid int value" in proc.stderr
    assert run().returncode == 2


def test_entry_point_plays() -> None:
    proc = run("play", "--seed", "3", "--ascii")
    assert proc.returncode == 0, proc.stderr
    assert "Final difference" in proc.stdout


def test_play_in_laws_mode_with_irregularities(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 5: --irregularities RATE makes players sometimes revoke, so the
    penalties can be seen; the same seed gives the same game."""
    # (seed 5: the sampler draws from every irregularity the engine offers,
    # issue 20, and each new one changes the draws; ELW05 laws 55, 56, 58 the last)
    assert main(["play", "bridge", "--seed", "5", "--irregularities", "0.1", "--ascii"]) == 0
    out = capsys.readouterr().out
    assert "revokes in trick" in out
    assert "claims the revoke penalty in tricks" in out
    assert main(["play", "bridge", "--seed", "5", "--irregularities", "0.1", "--ascii"]) == 0
    assert capsys.readouterr().out == out


def test_irregularity_rate_out_of_range() -> None:
    proc = run("play", "--irregularities", "2")
    assert proc.returncode == 1
    assert "--irregularities must be from 0 to 1, not 2.0" in proc.stderr


def test_auction_in_laws_mode_shows_calls_out_of_turn(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 5: with --irregularities, calls out of turn happen and are dealt with."""
    assert (
        main(["play", "auction-bridge", "--seed", "1", "--irregularities", "0.15", "--ascii"]) == 0
    )
    out = capsys.readouterr().out
    assert "out of turn" in out
    assert "lets the call stand" in out


def test_play_with_irregularities_shows_revokes_corrected_in_time(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Laws 85-86: with --irregularities a revoke is sometimes noticed in time:
    the offender's partner asks "Having none?", the revoke is corrected and the
    adversaries choose the penalty of law 86. (Seed 3: each irregularity the
    sampler may draw changes its draws; "mention play" the last.)"""
    assert (
        main(["play", "auction-bridge", "--seed", "3", "--irregularities", "0.05", "--ascii"]) == 0
    )
    out = capsys.readouterr().out
    assert (
        """\
      North (C) revokes in trick 3: SK to the C8 led
      D asks North (C): having none? Yes.
      The revoke in trick 3 is corrected: SK C6 taken back
      East (A) requires the highest card of the suit
   3. W C8   N CK   E C6   S C3   -> North
"""
        in out
    )


ROOT = Path(__file__).resolve().parents[1]
ABOVE_THE_LANGUAGE = (
    "dummybridge.engine",
    "dummybridge.bots",
    "dummybridge.analysis",
    "dummybridge.formats",
)


@pytest.mark.parametrize(
    "args",
    [
        ["validate", "rules/bridge.yaml"],
        ["validate", "house/lilies", "--format", "json"],
        ["variants"],
        ["schema"],
        ["docs"],
    ],
    ids=" ".join,
)
def test_the_rule_language_commands_load_only_the_language(args: list[str]) -> None:
    """Issue 16: "`dummybridge validate` imports the whole engine and the bots
    through the CLI's parser" no more: a fresh interpreter that runs a command
    of the rule language through main() has loaded no module of the engine,
    the bots, the analysis or the formats."""
    code = f"""
import contextlib, io, json, sys
from dummybridge.apps.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    status = main({args!r})
above = {ABOVE_THE_LANGUAGE!r}
loaded = sorted(m for m in sys.modules if m in above or m.startswith(tuple(a + "." for a in above)))
print(json.dumps([status, loaded, "dummybridge.language" in sys.modules]))
"""
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=False
    )
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == [0, [], True]


def test_the_parsers_bots_are_the_bots() -> None:
    """The parser names the bots without importing them: the same names."""
    from dummybridge.apps import cli
    from dummybridge.bots.basic import BOT_KINDS

    assert cli.BOT_KINDS == BOT_KINDS


def test_a_command_parsed_alone_reads_its_arguments_as_among_all() -> None:
    """``build_parser(command)`` builds that command's parser alone (what
    ``main`` runs it with, issue 22: the others' arguments cost some 3 ms
    of CPU a run, a tenth or so of the export of a small record); each
    command's parser there is the one
    the whole parser holds, under the same name, with the same help and
    defaults, and the whole parser lists every command."""
    from dummybridge.apps.cli import _ALIASES, _COMMANDS, build_parser

    def commands(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
        sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        return dict(sub.choices)

    every = commands(build_parser())
    assert [n for n in every if n not in _ALIASES] == list(_COMMANDS)
    for name, whole in every.items():
        alone = commands(build_parser(name))
        own = _ALIASES.get(name, name)
        assert list(alone) == [n for n in every if _ALIASES.get(n, n) == own]  # (and its aliases)
        assert alone[name].format_help() == whole.format_help()
        assert _arguments(alone[name]) == _arguments(whole), name
    assert list(commands(build_parser("no-such-command"))) == list(every)
    args = build_parser("export").parse_args(["export", "r.json", "-o", "x.pbn", "--force"])
    assert (args.command, args.record, args.output, args.force) == (
        "export",
        "r.json",
        "x.pbn",
        True,
    )


def _arguments(parser: argparse.ArgumentParser) -> list[tuple[Any, ...]]:
    """What a parser reads: each argument's names, default, count, choices, type."""
    return [
        (a.dest, a.option_strings, a.default, a.nargs, a.choices, a.type, a.const)
        for a in parser._actions
    ] + [sorted(parser._defaults.items(), key=lambda kv: kv[0])]
