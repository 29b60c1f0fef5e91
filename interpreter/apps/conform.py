"""Conformance scenarios: files of cases that say what a rule file must do, and their runner.

A scenario file (YAML, read by the rule files' strict loader and checked
against ``schema/scenario.schema.json``) holds cases. Each case starts a game
from a seed (the cut, and any deal not given) and, optionally, given hands;
then runs its steps in order: an action by the hand whose turn it is (or by a
named player), which may be expected to be refused with an exact message; an
``expect`` of what must hold (the phase, who is to act, the legal actions,
what each player sees, the declaration, tricks, score-sheet entries, games,
the rubber, the settlement); ``play_out`` to play on with each hand's first
legal card; ``credit`` to put given totals on the sheet. A case stops at its
first step that does not hold, and reports it with a diff of expected against
actual. ``docs/scenarios.md`` is the guide; :mod:`.scenarios` reads the files.

>>> from dummybridge.language.loader import load_rules
>>> import pathlib, shutil, tempfile
>>> text = '''format: dummybridge-scenarios/1
... cases:
...   - id: dealer-declares
...     source: "ELW05 law 45: the dealer declares"
...     steps:
...       - expect: {phase: declare, to_act: S}
...       - S: declare hearts
...       - expect: {phase: double, to_act: W, denomination: hearts}
... '''
>>> path = pathlib.Path(tempfile.mkdtemp()) / "x.yaml"
>>> _ = path.write_text(text, encoding="utf-8")
>>> [r.status for r in run(load_rules("bridge"), [load_scenarios(path)])]
['pass']
>>> shutil.rmtree(path.parent)
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal
from xml.etree import ElementTree

from ..core.cards import Seat, seat_side
from ..engine.actions import Action
from ..engine.game import Game
from ..engine.scoring import ABOVE, ScoreEntry, ScoreSheet
from ..errors import DummyBridgeError, IllegalActionError, InvalidNotationError
from ..language.ruleset import RuleSet
from .scenarios import (
    _LETTERS,
    SCHEMA_FILE,
    Case,
    ScenarioFile,
    Step,
    load_scenarios,
    scenario_schema_text,
)

__all__ = [
    "SCHEMA_FILE",
    "Case",
    "CaseResult",
    "ScenarioFile",
    "Step",
    "format_json",
    "format_junit",
    "format_text",
    "load_scenarios",
    "run",
    "run_case",
    "scenario_schema_text",
]

_SEATS = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)

Status = Literal["pass", "fail", "error"]


# --------------------------------------------------------------------------- running


@dataclass(frozen=True, slots=True)
class CaseResult:
    """The outcome of one case.

    :ivar case: the case.
    :ivar status: ``pass``; ``fail`` (a step did not hold); ``error`` (the game
        could not be started as the case says, or the engine failed).
    :ivar step: the 1-based number of the step that did not hold (0: none, or the start).
    :ivar line: that step's line (the case's, for the start).
    :ivar message: what went wrong, in one line.
    :ivar diff: expected against actual, one line each (``- expected``, ``+ actual``).
    """

    case: Case
    status: Status
    step: int = 0
    line: int = 0
    message: str = ""
    diff: tuple[str, ...] = ()

    def to_data(self) -> dict[str, Any]:
        """The result as JSON-compatible data."""
        return {
            "id": self.case.id,
            "file": self.case.file,
            "line": self.case.line,
            "source": self.case.source,
            "status": self.status,
            "step": self.step,
            "step_line": self.line,
            "message": self.message,
            "diff": list(self.diff),
        }


class _Failed(Exception):
    def __init__(self, message: str, diff: Sequence[str] = ()) -> None:
        super().__init__(message)
        self.message = message
        self.diff = tuple(diff)


def run(
    rules: RuleSet, files: Iterable[ScenarioFile], *, stop_at_failure: bool = False
) -> list[CaseResult]:
    """Run every case of ``files`` against ``rules``, in order.

    :param stop_at_failure: stop after the first case that does not pass (for
        mutation testing, where one is enough).
    """
    results = []
    for f in files:
        for case in f.cases:
            result = run_case(rules, case)
            results.append(result)
            if stop_at_failure and result.status != "pass":
                return results
    return results


def run_case(rules: RuleSet, case: Case) -> CaseResult:
    """Run one case in a fresh game; stop at the first step that does not hold."""
    try:
        game = Game(
            rules,
            case.seed,
            players=case.players,
            deals=case.deals,
            rubbers=case.rubbers,
            laws=case.laws,
        )
    except (ValueError, DummyBridgeError) as exc:
        return CaseResult(case, "error", 0, case.line, f"cannot start the game: {exc}")
    for number, step in enumerate(case.steps, 1):
        try:
            _STEPS[step.kind](game, step)
        except _Failed as failed:
            return CaseResult(
                case, "fail", number, step.line, f"{step.describe()}: {failed.message}", failed.diff
            )
        except Exception as exc:
            return CaseResult(
                case,
                "error",
                number,
                step.line,
                f"{step.describe()}: internal error: {type(exc).__name__}: {exc}",
            )
    return CaseResult(case, "pass")


def _state(game: Game) -> str:
    return json.dumps(game.state_dict(), sort_keys=True)


def _act(game: Game, step: Step) -> None:
    assert step.action is not None
    if step.seat is not None and game.to_act != step.seat:
        now = "no one" if game.to_act is None else game.to_act.letter
        raise _Failed(
            f"{step.seat.letter} is not to act: {now} is (phase {game.phase})",
            [f"- to_act: {step.seat.letter}", f"+ to_act: {now}"],
        )
    before = _state(game) if step.refused is not None else ""
    try:
        game.apply(step.action, player=step.player)
    except (IllegalActionError, InvalidNotationError) as exc:
        if step.refused is None:
            raise _Failed(f"refused: {exc}") from None
        if str(exc) != step.refused:
            raise _Failed(
                "refused with another message", [f"- {step.refused}", f"+ {exc}"]
            ) from None
        if _state(game) != before:
            raise _Failed("refused, but the game changed") from None
        return
    if step.refused is not None:
        raise _Failed(
            "accepted, but it should be refused", [f"- refused: {step.refused}", "+ accepted"]
        )


def _play_out(game: Game, step: Step) -> None:
    if game.phase != "play":
        raise _Failed(f"play_out needs the play phase; the phase is {game.phase}")
    deal, tricks = game.deal_number, len(game.tricks)
    for _ in range(200):
        if game.phase != "play" or game.deal_number != deal:
            return
        if step.play_out == "trick" and len(game.tricks) != tricks:
            return
        game.apply(game.legal_actions()[0])
    raise _Failed("the deal did not end")  # pragma: no cover - 52 cards at most


def _short(name: str) -> str:
    """A sheet column's short name: ``N-S (A, C)`` is ``N-S``; a player's column is his name."""
    return name.split(" (")[0]


def _column(sheet: ScoreSheet, name: str) -> int | None:
    for i, (full, _) in enumerate(sheet.columns):
        if _short(full) == name:
            return i
    return None


def _credit(game: Game, step: Step) -> None:
    sheet = game.sheet
    for name, points in step.credit.items():
        col = _column(sheet, name)
        if col is None:
            columns = ", ".join(_short(n) for n, _ in sheet.columns)
            raise _Failed(f"no column {name!r} on the score sheet (it has: {columns})")
        sheet.entries.append(
            ScoreEntry(col, points, ABOVE, "given", "given total", 0, sheet.game_number, None)
        )


def _sheet(game: Game) -> ScoreSheet:
    """The sheet expectations read: the current rubber's, or, before anything
    is scored on it, the one just finished."""
    if game.sheet.entries or len(game.sheets) == 1:
        return game.sheet
    return game.sheets[-2]


def _entry_text(sheet: ScoreSheet, column: int, line: str, points: int, kind: str) -> str:
    return f"{_short(sheet.columns[column][0])} {line} {points} {kind}"


def _scored(game: Game) -> list[str]:
    op = next((op for op in reversed(game.log) if op.kind == "score"), None)
    if op is None:
        return []
    deal = op.detail["deal"]
    # A deal may add nothing to the sheet (docs/scenarios.md: an empty list is
    # a legitimate expectation); then no sheet holds an entry of it.
    for sheet in reversed(game.sheets):
        entries = [e for e in sheet.entries if e.deal == deal]
        if entries:
            return [_entry_text(sheet, e.column, e.line, e.points, e.kind) for e in entries]
    return []


def _letters(seats: Iterable[Seat]) -> str:
    wanted = set(seats)
    return "".join(s.letter for s in _SEATS if s in wanted)


def _player(game: Game, key: str) -> str | None:
    if key in _LETTERS and key not in game.players:
        return game.seat_player[Seat.from_str(key)]
    return key if key in game.players else None


def _show(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return repr(value)
    return str(value)


def _by_column(
    sheet: ScoreSheet, wanted: Mapping[str, int], value: Callable[[int], int]
) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name in wanted:
        col = _column(sheet, name)
        out[name] = None if col is None else value(col)
    return out


def _payments(sheet: ScoreSheet) -> list[str] | str:
    try:
        return [f"{a} pays {b} {n}" for a, b, n in sheet.payments()]
    except ValueError as exc:
        return f"cannot settle: {exc}"


def _settlement(sheet: ScoreSheet, wanted: Mapping[str, int]) -> dict[str, Any] | str:
    try:
        net = sheet.settlement()
    except ValueError as exc:
        return f"cannot settle: {exc}"
    return {p: net.get(p) for p in wanted}


def _last_trick(game: Game) -> str | None:
    """The last trick completed in the session, from the log."""
    op = next((op for op in reversed(game.log) if op.kind == "trick"), None)
    if op is None or op.seat is None:
        return None
    return " ".join(op.detail["cards"]) + f" -> {op.seat.letter}"


def _tricks_won(game: Game) -> tuple[int, int]:
    """Tricks won by side in this deal; before its first card is played, in the
    last deal played (so that they can be checked once it has been scored)."""
    starts = [i for i, op in enumerate(game.log) if op.kind == "deal"]
    if len(starts) < 2 or any(op.kind == "play" for op in game.log[starts[-1] :]):
        return game.tricks_won[0], game.tricks_won[1]
    won = [0, 0]
    for op in game.log[starts[-2] : starts[-1]]:
        if op.kind == "trick" and op.seat is not None:
            won[seat_side(op.seat)] += 1
    return won[0], won[1]


def _letter(seat: Seat | None) -> str | None:
    return None if seat is None else seat.letter


def _actual(game: Game, key: str, wanted: Any) -> Any:
    """The actual value of expectation ``key`` (shaped like ``wanted`` for mappings)."""
    if key == "phase":
        return game.phase
    if key == "to_act":
        return _letter(game.to_act)
    if key == "actor":
        return game.actor
    if key == "dealer":
        return game.dealer.letter
    if key == "deal_number":
        return game.deal_number
    if key == "rubber_number":
        return game.rubber_number
    if key == "seats":
        return {k: game.seat_player[Seat.from_str(k)] for k in wanted}
    if key in ("legal", "allows", "forbids"):
        return [str(a) for a in game.legal_actions()]
    if key == "sees":
        out: dict[str, Any] = {}
        for k in wanted:
            player = _player(game, k)
            out[k] = None if player is None else _letters(game.visible_hands(player))
        return out
    if key == "exposed":
        return _letters(game.exposed)
    if key == "hands":
        hands = game.state_dict()["hands"]
        return {k: hands[k] for k in wanted}
    if key == "denomination":
        return None if game.denomination is None else game.denomination.name
    if key == "maker":
        return _letter(game.maker)
    if key == "declarer":
        return _letter(game.declarer)
    if key == "declared_from":
        return game.declared_from
    if key == "examiner":
        return game.examiner
    if key == "forced":
        return list(game.forced_trace)
    if key == "doubling_level":
        return game.doubling_level
    if key == "contract":
        return None if game.contract is None else str(game.contract)
    if key == "tricks_won":
        ns, ew = _tricks_won(game)
        won = {"NS": ns, "EW": ew}
        return {k: won[k] for k in wanted}
    if key == "last_trick":
        return _last_trick(game)
    if key == "scored":
        return _scored(game)
    sheet = _sheet(game)
    if key == "below":
        return _by_column(sheet, wanted, sheet.below)
    if key == "totals":
        return _by_column(sheet, wanted, sheet.total)
    if key == "games":
        return _by_column(sheet, wanted, lambda c: sheet.games[c])
    if key == "rubber_over":
        return sheet.is_over
    if key == "winner":
        return None if sheet.winner is None else _short(sheet.columns[sheet.winner][0])
    if key == "payments":
        return _payments(sheet)
    if key == "settlement":
        return _settlement(sheet, wanted)
    raise AssertionError(key)  # pragma: no cover - the schema allows no other


def _list_diff(key: str, wanted: Sequence[str], got: Sequence[str], ordered: bool) -> list[str]:
    if ordered:
        if list(wanted) == list(got):
            return []
        return [f"{key}:", *(f"  - {w}" for w in wanted), *(f"  + {g}" for g in got)]
    rest = list(got)
    missing = []
    for w in wanted:
        if w in rest:
            rest.remove(w)
        else:
            missing.append(w)
    if not missing and not rest:
        return []
    return [f"{key}:", *(f"  - {w}" for w in missing), *(f"  + {g}" for g in rest)]


def _expect(game: Game, step: Step) -> None:
    diff: list[str] = []
    for key, wanted in step.expect.items():
        got = _actual(game, key, wanted)
        if key in ("legal", "scored"):
            diff += _list_diff(key, wanted, got, ordered=False)
        elif key in ("forced", "payments"):
            if isinstance(got, str):
                diff += [f"{key}:", *(f"  - {w}" for w in wanted), f"  + {got}"]
            else:
                diff += _list_diff(key, wanted, got, ordered=True)
        elif key == "allows":
            diff += [
                f"allows: {a!r} is not legal (legal: {', '.join(got) or 'nothing'})"
                for a in wanted
                if str(Action.parse(a)) not in got
            ]
        elif key == "forbids":
            diff += [f"forbids: {a!r} is legal" for a in wanted if str(Action.parse(a)) in got]
        elif isinstance(wanted, dict):
            if isinstance(got, str):
                diff.append(f"{key}: expected {json.dumps(wanted)}, got {got}")
                continue
            for k, w in wanted.items():
                if got.get(k) != w:
                    shown = "absent" if got.get(k) is None else _show(got.get(k))
                    diff.append(f"{key}.{k}: expected {_show(w)}, got {shown}")
        elif got != wanted:
            diff.append(f"{key}: expected {_show(wanted)}, got {_show(got)}")
    if diff:
        raise _Failed("expectations not met", diff)


_STEPS: dict[str, Callable[[Game, Step], None]] = {
    "action": _act,
    "expect": _expect,
    "play_out": _play_out,
    "credit": _credit,
}


# --------------------------------------------------------------------------- reports


def _counts(results: Sequence[CaseResult]) -> tuple[int, int, int]:
    return (
        sum(r.status == "pass" for r in results),
        sum(r.status == "fail" for r in results),
        sum(r.status == "error" for r in results),
    )


def format_text(rules: RuleSet, results: Sequence[CaseResult]) -> str:
    """One line per case (``PASS``, ``FAIL`` or ``ERROR``, its id and where it is);
    under each that did not pass, the step, the message and the diff; then a summary."""
    lines = []
    for r in results:
        where = f"{r.case.file}:{r.case.line}"
        lines.append(f"{r.status.upper():<5} {r.case.id}  ({where})")
        if r.status != "pass":
            step = f"step {r.step} (line {r.line})" if r.step else f"line {r.line}"
            lines.append(f"      {step}: {r.message}")
            lines.extend(f"        {d}" for d in r.diff)
            lines.append(f"      source: {r.case.source}")
    passed, failed, errors = _counts(results)
    lines.append(
        f"{len(results)} cases against {rules.name} ({rules.origin}): {passed} passed, "
        f"{failed} failed, {errors} errors"
    )
    return "\n".join(lines)


def format_json(rules: RuleSet, results: Sequence[CaseResult]) -> str:
    """The results as JSON: the rules, every case's result, and the counts."""
    passed, failed, errors = _counts(results)
    return json.dumps(
        {
            "rules": rules.name,
            "origin": rules.origin,
            "cases": [r.to_data() for r in results],
            "passed": passed,
            "failed": failed,
            "errors": errors,
        },
        indent=2,
        ensure_ascii=False,
    )


def format_junit(rules: RuleSet, results: Sequence[CaseResult]) -> str:
    """The results as JUnit XML: one ``testsuite`` per scenario file, one
    ``testcase`` per case (its id; the classname ``conform.RULES.FILE``), with
    a ``failure`` or ``error`` holding the message and the diff."""
    _, failed, errors = _counts(results)
    root = ElementTree.Element(
        "testsuites",
        name=f"dummybridge conform {rules.name}",
        tests=str(len(results)),
        failures=str(failed),
        errors=str(errors),
    )
    by_file: dict[str, list[CaseResult]] = {}
    for r in results:
        by_file.setdefault(r.case.file, []).append(r)
    for file, rs in by_file.items():
        _, f, e = _counts(rs)
        suite = ElementTree.SubElement(
            root, "testsuite", name=file, tests=str(len(rs)), failures=str(f), errors=str(e)
        )
        stem = os.path.splitext(os.path.basename(file))[0]
        for r in rs:
            case = ElementTree.SubElement(
                suite,
                "testcase",
                name=r.case.id,
                classname=f"conform.{rules.name}.{stem}",
                file=file,
                line=str(r.case.line),
            )
            if r.status != "pass":
                step = f"step {r.step} (line {r.line})" if r.step else f"line {r.line}"
                tag = "failure" if r.status == "fail" else "error"
                node = ElementTree.SubElement(case, tag, message=f"{step}: {r.message}")
                node.text = "\n".join([f"{step}: {r.message}", *r.diff])
            out = ElementTree.SubElement(case, "system-out")
            out.text = f"source: {r.case.source}"
    text = ElementTree.tostring(root, encoding="unicode", xml_declaration=True)
    # XML 1.0 has no way to write control characters or lone surrogates (a
    # scenario may hold them as YAML escapes): they are shown as \xNN or \uNNNN.
    return _NOT_XML.sub(_escape_for_xml, text)


def _escape_for_xml(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
