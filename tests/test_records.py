"""JSON game records and the record/PBN commands (issue 7, "Records").

A record carries the rule file's name and version and the seed, and replays
exactly; a malformed one gets ``FILE: error: $.path: message``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dummybridge.apps.cli import main
from dummybridge.errors import FileFormatError
from dummybridge.formats.pbn import read_pbn
from dummybridge.formats.records import load_record, read_record, replay_record


def played_record(tmp_path: Path, *args: str) -> Path:
    path = tmp_path / "game.json"
    assert main(["play", *args, "--record", str(path)]) == 0
    return path


def test_record_names_the_rules_version_and_seed_and_replays_exactly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 7: the full action log with the rule file's name and version and
    the seed, replaying to the same game (its whole log and state)."""
    from dummybridge.bots import bot_seed, make_bot
    from dummybridge.engine.game import Game
    from dummybridge.language.loader import load_rules

    path = played_record(tmp_path, "dummy-bridge", "--seed", "8")
    capsys.readouterr()
    record = load_record(path)
    assert record["rules"] == {
        "name": "dummy-bridge",
        "version": "1.0",
        "origin": "<built-in>/dummy-bridge.yaml",
    }
    assert record["seed"] == 8
    assert record["players"] == ["A", "B", "C"]
    game = replay_record(record, str(path))
    rules = load_rules("dummy-bridge")
    again = Game(rules, 8)
    bots = {p: make_bot("rule", bot_seed(8, p), rules) for p in again.players}
    while not again.is_over:
        again.apply(bots[again.actor].choose(again.observation(again.actor)))  # type: ignore[index]
    assert game.state_dict() == again.state_dict()
    assert len(record["actions"]) == len(again.actions)


def record_error(record: object) -> str:
    with pytest.raises(FileFormatError) as info:
        replay_record(record, "g.json")  # type: ignore[arg-type]
    return str(info.value)


def test_malformed_records_are_located_by_json_path(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = played_record(tmp_path, "bridge", "--seed", "2")
    capsys.readouterr()
    good = json.loads(path.read_text(encoding="utf-8"))

    def changed(**parts: object) -> dict[str, object]:
        record = json.loads(json.dumps(good))
        record.update(parts)
        return record

    assert record_error([]) == (
        "g.json: error: $: expected a JSON object, a dummybridge game record, "
        "found a list of 0 items"
    )
    assert record_error(changed(format="x")) == (
        "g.json: error: $.format: expected 'dummybridge-record/1', found 'x'"
    )
    assert record_error(changed(seed=-1)) == (
        "g.json: error: $.seed: expected a whole number from 0 to 2**64 - 1, found -1"
    )
    assert record_error(changed(rules={"version": "1.0"})) == (
        "g.json: error: $.rules: the rules entry has no 'name'"
    )
    assert record_error(changed(deals=[["...", "x", "...", "..."]])) == (
        "g.json: error: $.deals[0][1]: bad PBN hand 'x': text that cannot be parsed"
    )
    actions = list(good["actions"])
    actions[3] = "play the ace"
    assert record_error(changed(actions=actions)).startswith(
        "g.json: error: $.actions[3]: unknown action 'play the ace'"
    )
    actions[3] = "declare hearts"
    assert record_error(changed(actions=actions)).startswith(
        "g.json: error: $.actions[3]: declare hearts refused: "
    )
    rules = dict(good["rules"], version="0.9")
    assert record_error(changed(rules=rules)) == (
        "g.json: error: $.rules.version: the record was made with bridge version '0.9', "
        "but the rules are version '1.0'"
    )
    rules = {"name": "nonesuch", "version": "1.0", "origin": "/nowhere/nonesuch.yaml"}
    assert record_error(changed(rules=rules)) == (
        "g.json: error: $.rules: the record was made with the rule file "
        "/nowhere/nonesuch.yaml, which it does not carry: give that file with --rules FILE"
    )
    assert record_error(changed(players=["A", "B", "C"])) == (
        "g.json: error: $.players: bridge needs 4 different player names, not ['A', 'B', 'C']"
    )
    assert record_error(
        changed(deals=[["AKQJT98765432...", "AKQJT98765432...", "...", "..."]])
    ).startswith("g.json: error: $.deals[0]: ")
    with pytest.raises(FileFormatError) as info:
        read_record("g.json", '{"format":\n  oops}')
    assert str(info.value) == "g.json:2:3: error: not JSON: Expecting value"


def test_export_writes_a_record_as_pbn(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """`dummybridge export RECORD -o FILE` and `play --pbn FILE` write the same PBN."""
    direct = tmp_path / "direct.pbn"
    path = tmp_path / "game.json"
    assert (
        main(["play", "auction-bridge", "--seed", "3", "--record", str(path), "--pbn", str(direct)])
        == 0
    )
    capsys.readouterr()
    out = tmp_path / "out.pbn"
    assert main(["export", str(path), "-o", str(out)]) == 0
    assert out.read_bytes() == direct.read_bytes()
    assert out.read_bytes().startswith(b"% PBN 2.1\r\n% EXPORT\r\n[Event ")
    assert main(["export", str(path)]) == 0
    assert capsys.readouterr().out.replace("\r\n", "\n") == direct.read_bytes().decode(
        "latin-1"
    ).replace("\r\n", "\n")


def test_export_errors_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "dummybridge-record/1"}', encoding="utf-8")
    assert main(["export", str(bad)]) == 1
    # issue 22: every problem, one line each
    assert capsys.readouterr().err == "".join(
        f"{bad}: error: $: the record has no {key!r}\n"
        for key in ("rules", "seed", "players", "actions")
    )
    assert main(["export", str(tmp_path / "none.json")]) == 1
    assert capsys.readouterr().err.startswith("dummybridge: error: No such file or directory")


def test_play_a_given_deal_under_any_variant(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 7: `play VARIANT --deal FILE.pbn` plays the file's deal (here one
    hand given as "-", which is the cards the others do not hold)."""
    deal = tmp_path / "deal.pbn"
    deal.write_text(
        '[Board "4"]\n[Dealer "N"]\n'
        '[Deal "N:.63.AKQ987.A9732 A8654.KQ5.T.QJT6 J973.J98742.3.K4 -"]\n'
        '\n[Board "5"]\n[Deal "N:AKQJT98765432... - - -"]\n',
        encoding="latin-1",
    )
    for variant in ("bridge", "dummy-bridge", "auction-bridge", "three-handed"):
        record = tmp_path / f"{variant}.json"
        assert (
            main(["play", variant, "--deal", str(deal), "--board", "4", "--record", str(record)])
            == 0
        )
        data = json.loads(record.read_text(encoding="utf-8"))
        assert data["deals"] == [
            [".63.AKQ987.A9732", "A8654.KQ5.T.QJT6", "J973.J98742.3.K4", "KQT2.AT.J6542.85"]
        ]
        game = replay_record(data, str(record))
        first = next(op for op in game.log if op.kind == "deal")
        assert first.detail["hands"]["N"] == ".63.AKQ987.A9732"
    capsys.readouterr()
    assert main(["play", "bridge", "--deal", str(deal)]) == 1
    assert capsys.readouterr().err == (
        f"{deal}:6:1: error: Deal: the east, south, west hands are not given ('-'); "
        "a deal to play needs all four, or three\n"
    )
    assert main(["play", "bridge", "--board", "4"]) == 1
    assert "--board chooses a board of the --deal file" in capsys.readouterr().err


def test_pbn_written_by_play_reads_back(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Playing a PBN file's deal and exporting it gives the same deal back."""
    out = tmp_path / "out.pbn"
    assert main(["play", "double-dummy", "--seed", "6", "--pbn", str(out)]) == 0
    capsys.readouterr()
    games = read_pbn(out)
    again = tmp_path / "again.pbn"
    assert (
        main(
            [
                "play",
                "double-dummy",
                "--seed",
                "6",
                "--deal",
                str(out),
                "--board",
                "1",
                "--pbn",
                str(again),
            ]
        )
        == 0
    )
    capsys.readouterr()
    assert read_pbn(again)[0].full_deal() == games[0].full_deal()
