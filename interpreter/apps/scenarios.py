"""Conformance scenario files, read and checked: their cases and the steps
of each (:mod:`.conform` runs them, and exports these names too).

A scenario file is YAML, read by the rule files' strict loader and checked
against ``schema/scenario.schema.json``; what cannot be read is reported in
the rule files' form, ``FILE:LINE:COL: error: $.path: message``.
``docs/scenarios.md`` is the guide.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from ..core.cards import Card, Hand, Seat, parse_deal
from ..engine.actions import Action
from ..errors import Diagnostic, DummyBridgeError, InvalidNotationError, RuleFileError
from ..language.loader import DataFile, load_data_file

__all__ = [
    "FORMAT",
    "SCHEMA_FILE",
    "Case",
    "ScenarioFile",
    "Step",
    "load_scenarios",
    "scenario_schema_text",
]

SCHEMA_FILE = "scenario.schema.json"
FORMAT = "dummybridge-scenarios/1"
_LETTERS = "NESW"


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a case, as read from the file.

    :ivar kind: ``action``, ``expect``, ``play_out`` or ``credit``.
    :ivar line: the line it starts on.
    :ivar seat: for an action by seat, the seat that must be to act.
    :ivar player: for an action by a named player, the player.
    :ivar action: the action's text.
    :ivar refused: the exact message the action must be refused with, if it must be.
    :ivar expect: the expectations, as written.
    :ivar play_out: ``deal`` or ``trick``.
    :ivar credit: points by column.
    """

    kind: str
    line: int
    seat: Seat | None = None
    player: str | None = None
    action: str | None = None
    refused: str | None = None
    expect: Mapping[str, Any] = field(default_factory=dict)
    play_out: str | None = None
    credit: Mapping[str, int] = field(default_factory=dict)

    def describe(self) -> str:
        """The step in a few words, for reports."""
        if self.kind == "action":
            who = self.seat.letter if self.seat is not None else f"player {self.player}"
            return f"{who}: {self.action}" + (" (to be refused)" if self.refused else "")
        if self.kind == "play_out":
            return f"play_out: {self.play_out}"
        return self.kind


@dataclass(frozen=True, slots=True)
class Case:
    """A case: how to start the game, and its steps.

    :ivar id: its name, unique in its file.
    :ivar source: the seed sentence or law it checks.
    :ivar file: the file it is in, as diagnostics name it.
    :ivar line: the line it starts on.
    """

    id: str
    source: str
    file: str
    line: int
    seed: int
    players: tuple[str, ...] | None
    laws: bool
    rubbers: int
    deals: tuple[tuple[Hand, Hand, Hand, Hand], ...]
    steps: tuple[Step, ...]


@dataclass(frozen=True, slots=True)
class ScenarioFile:
    """A loaded scenario file.

    :ivar display: the file as diagnostics name it.
    :ivar rules: the rule file its cases were written for, if it says.
    :ivar title: what it covers.
    :ivar cases: its cases, in order.
    """

    display: str
    rules: str | None
    title: str | None
    cases: tuple[Case, ...]


def scenario_schema_text() -> str:
    """The scenario-file JSON Schema exactly as shipped (``dummybridge schema --scenario``)."""
    from ..language.loader import _schema_text

    return _schema_text(SCHEMA_FILE)


def load_scenarios(source: str | os.PathLike[str]) -> ScenarioFile:
    """Read and check a scenario file.

    :raises RuleFileError: with every problem found, each as
        ``FILE:LINE:COL: error: $.path: message`` (the rule files' form).
    """
    doc = load_data_file(
        source, SCHEMA_FILE, noun="scenario file", first_key=f"format: {FORMAT}", plain_words=("N",)
    )
    problems: list[Diagnostic] = []
    cases = []
    seen: dict[str, int] = {}
    for i, raw in enumerate(doc.data["cases"]):
        at = ("cases", i)
        if raw["id"] in seen:
            problems.append(
                doc.diagnostic(
                    (*at, "id"),
                    f"duplicate case id {raw['id']!r} (first at line {seen[raw['id']]})",
                )
            )
        else:
            seen[raw["id"]] = doc.line((*at, "id"))
        case = _read_case(doc, raw, at, problems)
        if case is not None:
            cases.append(case)
    if problems:
        raise RuleFileError(sorted(problems, key=lambda d: (d.line, d.col, d.path)))
    return ScenarioFile(doc.display, doc.data.get("rules"), doc.data.get("title"), tuple(cases))


def _read_deal(
    doc: DataFile, text: str, at: tuple[str | int, ...], problems: list[Diagnostic]
) -> tuple[Hand, Hand, Hand, Hand] | None:
    try:
        given = parse_deal(text)
    except DummyBridgeError as exc:
        problems.append(doc.diagnostic(at, f"not a deal: {exc}"))
        return None
    used = {c for h in given if h is not None for c in h}
    rest = [Card(i) for i in range(52) if Card(i) not in used]
    empty = [k for k, h in enumerate(given) if h is None]
    hands = [
        h if h is not None else Hand.from_cards(rest[empty.index(k) :: len(empty)])
        for k, h in enumerate(given)
    ]
    return (hands[0], hands[1], hands[2], hands[3])


def _check_action(
    doc: DataFile, text: str, at: tuple[str | int, ...], problems: list[Diagnostic]
) -> None:
    try:
        Action.parse(text)
    except (InvalidNotationError, ValueError) as exc:
        problems.append(doc.diagnostic(at, str(exc)))


def _read_case(
    doc: DataFile, raw: Mapping[str, Any], at: tuple[str | int, ...], problems: list[Diagnostic]
) -> Case | None:
    """The case at ``at``, or ``None`` when it has problems (added to ``problems``)."""
    count = len(problems)
    deals = _read_deals(doc, raw, at, problems)
    steps = []
    for k, s in enumerate(raw["steps"]):
        step = _read_step(doc, s, (*at, "steps", k), problems)
        if step is not None:
            steps.append(step)
    if len(problems) != count:
        return None
    return Case(
        id=raw["id"],
        source=raw["source"],
        file=doc.display,
        line=doc.line(at),
        seed=raw["seed"],
        players=tuple(raw["players"]) if "players" in raw else None,
        laws=raw["laws"],
        rubbers=raw["rubbers"],
        deals=tuple(deals),
        steps=tuple(steps),
    )


def _read_deals(
    doc: DataFile, raw: Mapping[str, Any], at: tuple[str | int, ...], problems: list[Diagnostic]
) -> list[tuple[Hand, Hand, Hand, Hand]]:
    """A case's preset deals (``deal`` or ``deals``), those that can be read."""
    if "deal" in raw and "deals" in raw:
        problems.append(
            doc.diagnostic((*at, "deals"), "give 'deal' or 'deals', not both", at_key=True)
        )
    texts = (
        [((*at, "deal"), raw["deal"])]
        if "deal" in raw
        else [((*at, "deals", k), t) for k, t in enumerate(raw.get("deals", []))]
    )
    deals = []
    for where, text in texts:
        hands = _read_deal(doc, text, where, problems)
        if hands is not None:
            deals.append(hands)
    return deals


def _step_kind(
    doc: DataFile, s: Mapping[str, Any], where: tuple[str | int, ...], problems: list[Diagnostic]
) -> str | None:
    """What a step is: a seat's letter (an action), ``player``, ``expect``,
    ``play_out`` or ``credit``; ``None`` when it is not one thing, or has
    keys that do not go with it (added to ``problems``)."""
    seats = [key for key in _LETTERS if key in s]
    kinds = [*seats, *(key for key in ("player", "expect", "play_out", "credit") if key in s)]
    if len(kinds) != 1:
        what = "nothing" if not kinds else " and ".join(repr(x) for x in kinds)
        problems.append(
            doc.diagnostic(
                where,
                f"a step is one thing: an action (N, E, S or W, or player and action), "
                f"expect, play_out or credit; this one has {what}",
            )
        )
        return None
    kind = kinds[0]
    if "action" in s and kind != "player":
        problems.append(
            doc.diagnostic(
                (*where, "action"),
                "'action' goes with 'player' (or write SEAT: ACTION)",
                at_key=True,
            )
        )
        return None
    if "refused" in s and kind not in (*_LETTERS, "player"):
        problems.append(
            doc.diagnostic((*where, "refused"), "'refused' goes with an action", at_key=True)
        )
        return None
    return kind


def _read_step(
    doc: DataFile, s: Mapping[str, Any], where: tuple[str | int, ...], problems: list[Diagnostic]
) -> Step | None:
    """The step at ``where``, or ``None`` when it has a problem (added to ``problems``)."""
    kind = _step_kind(doc, s, where, problems)
    if kind is None:
        return None
    line = doc.line(where)
    if kind in _LETTERS:
        _check_action(doc, s[kind], (*where, kind), problems)
        return Step(
            "action", line, seat=Seat.from_str(kind), action=s[kind], refused=s.get("refused")
        )
    if kind == "player":
        if "action" not in s:
            problems.append(doc.diagnostic(where, "a step with 'player' needs 'action'"))
            return None
        _check_action(doc, s["action"], (*where, "action"), problems)
        return Step(
            "action", line, player=s["player"], action=s["action"], refused=s.get("refused")
        )
    if kind == "expect":
        for key in ("legal", "allows", "forbids"):
            for n, text in enumerate(s["expect"].get(key, [])):
                _check_action(doc, text, (*where, "expect", key, n), problems)
        return Step("expect", line, expect=s["expect"])
    if kind == "play_out":
        return Step("play_out", line, play_out=s["play_out"])
    return Step("credit", line, credit=s["credit"])
