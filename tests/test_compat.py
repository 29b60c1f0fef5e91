"""Records and saved games written before the package was laid out anew still
load and replay (issue 16, "What must not change").

tests/data/v0.1/ holds game records (``--record``) and saved sessions
(``--save``) written by dummybridge at commit 2d6e7e8, before issue 16, for
seven variants and a house rule, in strict play and in laws mode (revokes
claimed, remarks, suggested and forbidden cards, called leads, looks). With
each, that version's ``Game.state_dict()`` after replaying it, as a SHA-256 of
its JSON (``expected-states.json``): the state today must be the same, to the
last log entry.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from dummybridge.apps import cli
from dummybridge.apps.terminal import load_session
from dummybridge.engine.game import Game
from dummybridge.formats.records import load_record, replay_record

DATA = Path(__file__).parent / "data" / "v0.1"
EXPECTED = json.loads((DATA / "expected-states.json").read_text(encoding="utf-8"))
RECORDS = sorted(DATA.glob("*.record.json"))
SAVES = sorted(DATA.glob("*.save.json"))


def _digest(game: Game) -> str:
    return hashlib.sha256(json.dumps(game.state_dict(), sort_keys=True).encode()).hexdigest()


def test_the_old_files_are_all_here() -> None:
    assert len(RECORDS) == len(SAVES) == 10
    assert len(EXPECTED) == 20


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name)
def test_an_old_record_replays_to_the_same_state(path: Path) -> None:
    expected = EXPECTED[path.name.removesuffix(".record.json")]
    game = replay_record(load_record(path), str(path))
    assert (str(game.phase), game.deal_number) == (expected["phase"], expected["deal_number"])
    assert _digest(game) == expected["state_sha256"]
    # and Game.from_record, the API's way, agrees
    again = Game.from_record(json.loads(path.read_text(encoding="utf-8")))
    assert _digest(again) == expected["state_sha256"]


@pytest.mark.parametrize("path", SAVES, ids=lambda p: p.name)
def test_an_old_save_resumes_at_the_same_point(path: Path) -> None:
    expected = EXPECTED[path.name.removesuffix(".json")]
    game, session = load_session(str(path))
    assert session["human"] == game.players[0]
    assert (str(game.phase), game.deal_number) == (expected["phase"], expected["deal_number"])
    assert _digest(game) == expected["state_sha256"]


def test_an_old_record_exports_to_pbn(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "old.pbn"
    record = DATA / "bridge-12-laws.record.json"
    assert cli.main(["export", str(record), "-o", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert text.count('[Event "') == EXPECTED["bridge-12-laws"]["deal_number"]
