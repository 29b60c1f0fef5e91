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
from dummybridge.core.cards import Seat
from dummybridge.engine.game import Game
from dummybridge.errors import FileFormatError
from dummybridge.formats.records import load_record, replay_record

DATA = Path(__file__).parent / "data" / "v0.1"
EXPECTED = json.loads((DATA / "expected-states.json").read_text(encoding="utf-8"))
RECORDS = sorted(DATA.glob("*.record.json"))
SAVES = sorted(DATA.glob("*.save.json"))

#: Issue 20 made a revoke from a Dummy no one sits at that defends liable (the
#: Rules of Bridge exempt only the declarer's dummy): these laws-mode records
#: hold such a revoke, so the adversaries now claim its penalty where the old
#: version went on to the next deal. The record's action there is refused:
#: (action index, its text, the seat to claim).
CHANGED_BY_ISSUE_20 = {
    "dummy-bridge-15-laws": (113, "leave it", "north (A)"),
    "dummy-bridge-eb1911-19-laws": (119, "declare hearts", "east (B)"),
}


def _digest(game: Game) -> str:
    return hashlib.sha256(json.dumps(game.state_dict(), sort_keys=True).encode()).hexdigest()


def test_the_old_files_are_all_here() -> None:
    assert len(RECORDS) == len(SAVES) == 10
    assert len(EXPECTED) == 20


def _unchanged(paths: list[Path], suffix: str) -> list[Path]:
    return [p for p in paths if p.name.removesuffix(suffix) not in CHANGED_BY_ISSUE_20]


@pytest.mark.parametrize("name", sorted(CHANGED_BY_ISSUE_20))
def test_an_old_record_with_a_defending_dummys_revoke_now_stops_at_its_claim(name: str) -> None:
    """Issue 20: "The Rules of Bridge exempt only the declarer's dummy"; a
    revoke from the defending Dummy is liable, so replaying stops with the
    claim it opens, refusing the old record's next action (and its save)."""
    index, action, seat = CHANGED_BY_ISSUE_20[name]
    path = DATA / f"{name}.record.json"
    with pytest.raises(FileFormatError) as info:
        replay_record(load_record(path), str(path))
    assert str(info.value) == (
        f"{path}: error: $.actions[{index}]: {action} refused: "
        f"{seat} may now only claim revoke tricks, waive revoke"
    )
    record = json.loads(path.read_text(encoding="utf-8"))
    record["actions"] = record["actions"][:index]
    game = Game.from_record(record)
    assert game.phase == "claim"
    liable = [op for op in game.log if op.kind == "revoke" and op.detail["liable"]]
    defending = [op for op in liable if op.seat not in game.manned and op.seat != game.dummy]
    assert defending, "the claim comes from a defending Dummy's revoke"
    save = DATA / f"{name}.save.json"
    with pytest.raises(FileFormatError) as info:
        load_session(str(save))  # issue 22 item 7: located as export locates it
    assert str(info.value) == (
        f"{save}: error: $.actions[{index}]: {action} refused: "
        f"{seat} may now only claim revoke tricks, waive revoke"
    )


@pytest.mark.parametrize("path", _unchanged(RECORDS, ".record.json"), ids=lambda p: p.name)
def test_an_old_record_replays_to_the_same_state(path: Path) -> None:
    expected = EXPECTED[path.name.removesuffix(".record.json")]
    game = replay_record(load_record(path), str(path))
    assert (str(game.phase), game.deal_number) == (expected["phase"], expected["deal_number"])
    assert _digest(game) == expected["state_sha256"]
    # and Game.from_record, the API's way, agrees
    again = Game.from_record(json.loads(path.read_text(encoding="utf-8")))
    assert _digest(again) == expected["state_sha256"]


@pytest.mark.parametrize("path", _unchanged(SAVES, ".save.json"), ids=lambda p: p.name)
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


#: Issue 21: records made before it (tests/data/issue21/, by
#: made_before_issue_21.py.txt at main de0b1c2) wrote Bridge's redouble
#: ``double``; with each, that version's state after replaying it.
ISSUE_21 = Path(__file__).parent / "data" / "issue21"
BEFORE_21 = sorted(ISSUE_21.glob("*.record.json"))


def _as_before_21(state: dict[str, object]) -> dict[str, object]:
    """The state with each redouble of the log written as before issue 21."""
    log = []
    for entry in state["log"]:  # type: ignore[attr-defined]
        if entry["kind"] == "redouble":
            entry = {**entry, "kind": "double", "action": "double"}
        log.append(entry)
    return {**state, "log": log}


def test_the_records_made_before_issue_21_are_all_here() -> None:
    assert [p.name.removesuffix(".record.json") for p in BEFORE_21] == [
        "bridge-3",
        "bridge-7-laws",
        "dummy-bridge-4",
        "three-handed-elwell-5",
    ]


@pytest.mark.parametrize("path", BEFORE_21, ids=lambda p: p.name)
def test_a_redouble_recorded_as_double_replays_as_the_redouble_it_was(path: Path) -> None:
    """Issue 21: "Old records that wrote 'double' for a redouble must still load
    and replay identically." Each doubling after the first (ELW05 "Doubling,
    re-doubling": "I re-double") is now the action ``redouble``; the old record
    replays, by the loader and by ``Game.from_record``, to the state the old
    version reached, but for that word, and its record written again says
    ``redouble`` and replays to the same state."""
    old_state = json.loads(path.with_name(path.name.replace(".record", ".state")).read_text())
    record = load_record(path)
    game = replay_record(record, str(path))
    state = json.loads(json.dumps(game.state_dict()))
    redoubles = [e for e in state["log"] if e["kind"] == "redouble"]
    assert redoubles, "the record holds a redouble"
    assert all(e["action"] == "redouble" for e in redoubles)
    assert _as_before_21(state) == old_state
    assert Game.from_record(record).state_dict() == game.state_dict()
    again = game.to_record()
    old_texts = [a if isinstance(a, str) else a["action"] for a in record["actions"]]
    new_texts = [a if isinstance(a, str) else a["action"] for a in again["actions"]]
    changed = [(o, n) for o, n in zip(old_texts, new_texts, strict=True) if o != n]
    assert changed == [("double", "redouble")] * len(redoubles)
    assert replay_record(again).state_dict() == game.state_dict()


def test_an_old_laws_record_keeps_its_double_out_of_turn_and_reads_the_redouble() -> None:
    """ELW05: the third hand's double before "May I lead?" stands, "the process
    of re-doubling may continue": the maker's redouble, written ``double``
    before issue 21, is read as a redouble; the double out of turn, and the
    adversaries' double after the redouble ("the right to again double"),
    stay doubles."""
    game = replay_record(load_record(ISSUE_21 / "bridge-7-laws.record.json"))
    words = [(op.kind, str(op.action)) for op in game.log[:12] if op.action is not None]
    assert words[:5] == [
        ("declare", "declare spades"),
        ("out_of_turn", "double"),
        ("accept", "accept call"),
        ("redouble", "redouble"),
        ("double", "double"),
    ]


def test_analyse_reads_an_old_record_with_a_redouble_written_double() -> None:
    """``analyse``'s per-deal summary replays the record too: the old
    ``double`` is the redouble it was (bridge-3: South declares spades, West
    doubles, South redoubles, West doubles again), and the summary is the one
    of the record written again with ``redouble``."""
    from dummybridge.analysis.deal_summary import DealSummary, deal_summaries
    from dummybridge.language.loader import load_rules

    record = load_record(ISSUE_21 / "bridge-3.record.json")
    game = replay_record(record)
    calls = [(op.kind, op.seat) for op in game.log if op.kind in ("double", "redouble")]
    assert calls[:3] == [("double", Seat.WEST), ("redouble", Seat.SOUTH), ("double", Seat.WEST)]
    rules = load_rules("bridge")
    summaries = deal_summaries(record, rules)
    assert summaries == {
        1: DealSummary(1, "spades, doubled 3 times, played by South", 0, 7),
        2: DealSummary(2, "spades, doubled 3 times, played by West", 1, 6),
    }
    assert deal_summaries(game.to_record(), rules) == summaries
