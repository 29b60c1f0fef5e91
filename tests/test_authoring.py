"""The house-rule author's commands (issue 21, "The house-rule author"):
``validate --effective``, ``conform`` without the rule file, and the loader's
check that a valid rule file can be played (issue 22 item 9).

The golden file ``data/effective_cap_100.yaml`` is what ``validate
--effective`` prints for ``good_rules/cap_100.yaml``; after a deliberate
change (of the output, or of bridge.yaml) rewrite it with
``DUMMYBRIDGE_UPDATE_GOLDEN=1 python -m pytest tests/test_authoring.py``
and review the diff.
"""

from __future__ import annotations

import copy
import dataclasses
import json
import os
from pathlib import Path

import pytest

from dummybridge.apps import cli
from dummybridge.language.effective import _unread, effective_yaml
from dummybridge.language.loader import (
    builtin_variants,
    house_rules,
    load_document,
    load_rules,
    validate,
)

HERE = Path(__file__).resolve().parent
GOLDEN = HERE / "data" / "effective_cap_100.yaml"
UPDATE = bool(os.environ.get("DUMMYBRIDGE_UPDATE_GOLDEN"))
SHIPPED = [v.name for v in (*builtin_variants(), *house_rules())]


def test_validate_effective_golden(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 21: "validate cannot print the effective rule set after extends:";
    now it prints the whole of Bridge with the file's one change in it."""
    monkeypatch.chdir(HERE / "good_rules")
    assert cli.main(["validate", "--effective", "cap_100.yaml"]) == 0
    out = capsys.readouterr().out
    if UPDATE:
        GOLDEN.write_text(out, encoding="utf-8")
    assert out == GOLDEN.read_text(encoding="utf-8")
    assert out.startswith(
        "# The effective rules of cap_100.yaml: cap_100.yaml <- bridge.yaml merged"
    )
    assert "  limit:\n    kind: cap\n    trick_value: 100\n" in out  # the file's own change
    assert "\nextends:" not in out


@pytest.mark.parametrize("name", SHIPPED)
def test_effective_rules_read_back_to_the_same_rules(name: str, tmp_path: Path) -> None:
    """Issue 21: the effective rule set is round-trippable: it validates on its
    own, loads to the same rules, and its own effective rules are the same text."""
    text = effective_yaml(load_document(name))
    path = tmp_path / "effective.yaml"
    path.write_text(text, encoding="utf-8")
    assert validate(path) == []
    # The same data, but for the settings never read here, put back to their
    # defaults (see the next test); where there are none, the same RuleSet.
    expected = copy.deepcopy(load_document(name).data)
    reset = _unread(expected)
    assert load_document(path).data == expected
    if not reset:
        assert dataclasses.replace(load_rules(path), origin="x") == dataclasses.replace(
            load_rules(name), origin="x"
        )
    body = [line for line in effective_yaml(load_document(path)).splitlines() if line[:1] != "#"]
    assert body == [line for line in text.splitlines() if line[:1] != "#"]


def test_effective_puts_back_defaults_a_table_never_reads(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Double Dummy inherits dummy's rights (laws 60-62) from Bridge, where they
    act; written in a file of its own they would be refused as having no
    effect ("no player ever sits at the dummy of the play"), so the
    effective file has their defaults and says why."""
    assert cli.main(["validate", "--effective", "double-dummy"]) == 0
    out = capsys.readouterr().out
    assert (
        "# laws.dummy.suggestion: the default, as no value acts here (no player ever sits "
        "at the dummy of the play, so dummy never suggests a card (law 62)).\n"
    ) in out
    assert cli.main(["validate", "--effective", "double-dummy", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["table"] == load_document("double-dummy").data["table"]


def test_effective_of_a_broken_file_is_its_diagnostics(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text('dummybridge: 1\nextends: bridge\nname: x\nversion: "1"\nscoring: {game: -1}\n')
    assert cli.main(["validate", "--effective", str(path)]) == 1
    assert capsys.readouterr().out == (
        f"{path}:5:17: error: $.scoring.game: expected an integer from 1 to 10000, got -1\n"
        "  hint: The trick points that win a game, from 1 to 10,000 (30 in Bridge); "
        "the bound keeps every rubber finite.\n"
    )
    assert cli.main(["validate", "--effective", "bridge", "dummy-bridge"]) == 1
    assert capsys.readouterr().err == (
        "dummybridge: error: --effective prints one rule file's rules: give one FILE, not 2\n"
    )


# --------------------------------------------------------------------------- item 9


TWO_HANDED = 'dummybridge: 1\nextends: bridge\nname: two\nversion: "1.0"\n'


@pytest.mark.parametrize(
    ("table", "line"),
    [
        (
            "table: {players: 2, hands: double_dummy}\n",
            "5:28: error: $.table.hands: hands: double_dummy",
        ),
        (
            "table: {players: 3, hands: dummy}\nscoring: {settlement: pairwise}\n",
            "5:28: error: $.table.hands: hands: dummy",
        ),
    ],
)
def test_a_dummy_left_to_declare_needs_a_forced_declaration(
    table: str, line: str, tmp_path: Path
) -> None:
    """Issue 22 item 9: "extends: bridge with table: {players: 2, hands:
    double_dummy} validates, then play fails on every seed with no file or
    line". Bridge lets the dealer leave the declaration to his partner; at a
    table with a Dummy that partner may be the Dummy, which declares only by
    a forced declaration (seed 000), and Bridge has none."""
    path = tmp_path / "two.yaml"
    path.write_text(TWO_HANDED + table, encoding="utf-8")
    [problem] = validate(path)
    assert problem.format().startswith(f"{path}:{line} puts a Dummy at the table")
    # Either cure makes it playable: no leaving, or a forced declaration.
    path.write_text(TWO_HANDED + table + "declaration: {pass_to_partner: false}\n")
    assert validate(path) == []
    # The engine no longer meets a Dummy without a forced declaration.
    from dummybridge.engine.game import Game

    game = Game(load_rules(path), 1)
    assert "leave it" not in [str(a) for a in game.legal_actions()]


# --------------------------------------------------------------------------- conform


def test_conform_runs_each_scenario_file_against_the_rules_it_names(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 21: "conform requires the rule file although each scenario file
    names its rules:". Without it, each file runs against its own rules,
    one group per rule set; with it, as before."""
    monkeypatch.chdir(HERE.parent)
    files = ["tests/conformance/house-cap-100.yaml", "tests/conformance/dummy-bridge-way2.yaml"]
    assert cli.main(["conform", *files]) == 0
    out = capsys.readouterr().out.splitlines()
    summaries = [line for line in out if " cases against " in line or not line]
    assert summaries == [
        "5 cases against cap-100 (<built-in>/house/cap-100.yaml): 5 passed, 0 failed, 0 errors",
        "",
        "2 cases against dummy-bridge-way2 (tests/good_rules/dummy-bridge-way2.yaml): "
        "2 passed, 0 failed, 0 errors",
    ]
    assert cli.main(["conform", files[1], "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["rules"] == "dummy-bridge-way2"
    assert cli.main(["conform", *files, "--format", "json"]) == 0
    assert [g["rules"] for g in json.loads(capsys.readouterr().out)] == [
        "cap-100",
        "dummy-bridge-way2",
    ]


def test_conform_without_rules_needs_a_file_that_names_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(
        "format: dummybridge-scenarios/1\ncases:\n  - id: x\n    source: s\n"
        "    steps:\n      - expect: {phase: declare}\n",
        encoding="utf-8",
    )
    assert cli.main(["conform", str(path)]) == 1
    assert capsys.readouterr().err == (
        f"{path}:1:1: error: $.rules: names no rules to run its cases against\n"
        "  hint: write 'rules: VARIANT' in it, or give the rule file before the scenario files\n"
    )
    assert cli.main(["conform", "bridge", str(path)]) == 0


# --------------------------------------------------------------------------- one round


def test_schema_and_semantic_errors_come_in_one_round(tmp_path: Path) -> None:
    """Issue 21: "semantic errors appear only after the schema errors are
    fixed (two rounds)". A table of three players at four seated hands
    (semantic) and a negative game (schema) are reported together, each at
    its line and column. The semantic checks read a section the schema
    found at fault as Bridge writes it, so no error follows from the fault
    (the doubling cap of 1 below the trick values is reported: its section
    has no schema error); in a file that extends no built-in variant they
    wait for the next round."""
    path = tmp_path / "both.yaml"
    path.write_text(
        'dummybridge: 1\nextends: bridge\nname: both\nversion: "1.0"\n'
        "table: {players: 3, hands: seated}\n"
        "scoring: {game: -5}\n"
        "doubling:\n  limit: {kind: cap, trick_value: 1}\n"
        "play: {declarer: sometimes}\n",
        encoding="utf-8",
    )
    found = [(d.line, d.col, d.path) for d in validate(path)]
    assert found == [
        (5, 18, "$.table.players"),
        (6, 17, "$.scoring.game"),
        (8, 35, "$.doubling.limit.trick_value"),
        (9, 18, "$.play.declarer"),
    ]
    alone = tmp_path / "alone.yaml"
    alone.write_text(
        path.read_text(encoding="utf-8").replace("extends: bridge\n", ""), encoding="utf-8"
    )
    assert "$.table.players" not in [d.path for d in validate(alone)]


PAIRWISE = "scoring: {settlement: pairwise}\n"
TABLES = [
    "table: {players: 4, hands: seated}\n",
    "table: {players: 3, hands: dummy, dummy: {holder: per_rubber}}\n" + PAIRWISE,
    "table: {players: 3, hands: dummy, dummy: {holder: dealer}}\n" + PAIRWISE,
    "table: {players: 2, hands: double_dummy}\n",
]


@pytest.mark.parametrize("base", ["bridge", "dummy-bridge", "auction-bridge"])
def test_every_table_a_file_validates_with_can_be_played(base: str, tmp_path: Path) -> None:
    """Issue 22 item 9, the class of it: a rule file that validates is
    playable. Each way of holding the hands, put on a base written for
    another, is either refused by the loader or plays a rubber to its end
    (the rule bots, as simulate plays it). A wider scan (deal.passes,
    play.declarer, exposure, pass_to_partner: 288 valid files, 4 seeds of
    random legal actions each) found no other case than the Dummy left to
    declare without a forced declaration."""
    from dummybridge.apps.simulate import play_rubber

    played = 0
    for table in TABLES:
        path = tmp_path / "t.yaml"
        path.write_text(
            f'dummybridge: 1\nextends: {base}\nname: t\nversion: "1"\n{table}', encoding="utf-8"
        )
        if validate(path):
            continue
        rules = load_rules(path)
        summary = play_rubber(rules, 0, 0, ["rule"] * rules.table.players)
        assert summary.games_played >= 2, (base, table)
        played += 1
    # Bridge has no forced declaration, and an auction needs four seated players.
    assert played == (4 if base == "dummy-bridge" else 1)
