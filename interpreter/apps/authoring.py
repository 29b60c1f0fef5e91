"""The house-rule author's commands: ``validate --effective`` and ``conform``.

``conform`` takes the rule file first, or none: each scenario file then
runs against the rules its ``rules:`` names (a built-in variant or house
rule, or a path, read relative to the scenario file and then to the working
directory), and files naming different rules run as separate groups, each
reported as ``conform RULES SCENARIO...`` would report it.
"""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any
from xml.etree import ElementTree

from ..errors import Diagnostic, RuleFileError

if TYPE_CHECKING:
    from ..language.ruleset import RuleSet
    from .conform import CaseResult, ScenarioFile

__all__ = ["conform_command", "effective_command", "split_conform_args"]

Out = Callable[[str], None]


def effective_command(args: argparse.Namespace, out: Out) -> int:
    """``validate --effective FILE``: the rules after ``extends:`` as one rule file."""
    from ..errors import DummyBridgeError
    from ..language.effective import effective_text

    if len(args.files) != 1:
        raise DummyBridgeError(
            f"--effective prints one rule file's rules: give one FILE, not {len(args.files)}"
        )
    text, status = effective_text(args.files[0], fmt=args.format, verbose=args.verbose)
    out(text)
    return status


def _is_scenario_file(path: str) -> bool:
    """Whether a command-line argument is a scenario file rather than rules:
    an existing file whose first key is ``format:`` (a rule file's is ``dummybridge:``)."""
    if not os.path.isfile(path):
        return False
    try:
        with open(path, "rb") as fh:
            head = fh.read(4096).decode("utf-8", errors="replace")
    except OSError:
        return False
    for line in head.splitlines():
        stripped = line.strip()
        if stripped and not stripped.startswith("#") and not stripped.startswith("---"):
            return stripped.startswith("format:")
    return False


def split_conform_args(first: str, rest: Sequence[str]) -> tuple[str | None, list[str]]:
    """The rule file and the scenario files of ``conform [RULEFILE] SCENARIO...``:
    the first argument is the rules unless it is the only one or a scenario file."""
    if not rest or _is_scenario_file(first):
        return None, [first, *rest]
    return first, list(rest)


def _rules_named(scenario: str, name: str) -> str:
    """What a scenario file's ``rules:`` names, as :func:`load_rules` takes it."""
    if not name.endswith((".yaml", ".yml")):
        return name
    beside = Path(scenario).parent / name
    return str(beside) if beside.exists() or not Path(name).exists() else name


def conform_command(args: argparse.Namespace, out: Out) -> int:
    """``conform [RULEFILE] SCENARIO...``: run the cases; 0 if every case passes."""
    from ..language.loader import format_diagnostics, load_rules
    from .conform import format_json, format_junit, format_text, load_scenarios, run

    rules_arg, paths = split_conform_args(args.rules, args.scenarios)
    given = None if rules_arg is None else load_rules(rules_arg)  # its errors first
    files: list[tuple[str, ScenarioFile]] = []
    diagnostics: list[Diagnostic] = []
    for path in paths:
        try:
            files.append((path, load_scenarios(path)))
        except RuleFileError as exc:
            diagnostics.extend(exc.diagnostics)
    groups: dict[str, list[ScenarioFile]] = {}
    for path, f in files:
        if rules_arg is not None:
            groups.setdefault(rules_arg, []).append(f)
        elif f.rules is None:
            diagnostics.append(
                Diagnostic(
                    f.display,
                    1,
                    1,
                    "$.rules",
                    "names no rules to run its cases against",
                    "write 'rules: VARIANT' in it, or give the rule file before the scenario files",
                )
            )
        else:
            groups.setdefault(_rules_named(path, f.rules), []).append(f)
    if diagnostics:
        if args.format == "json":
            out(format_diagnostics(diagnostics, "json"))
            return 1
        raise RuleFileError(diagnostics)
    runs: list[tuple[RuleSet, list[CaseResult]]] = []
    for name, group in groups.items():
        rules = given if given is not None else load_rules(name)
        runs.append((rules, list(run(rules, group))))
    if args.format == "json":
        texts = [json.loads(format_json(rules, results)) for rules, results in runs]
        out(json.dumps(texts[0] if len(texts) == 1 else texts, indent=2, ensure_ascii=False))
    else:
        out("\n\n".join(format_text(rules, results) for rules, results in runs))
    if args.junit:
        with open(args.junit, "w", encoding="utf-8") as fh:
            fh.write(_junit(runs, format_junit) + "\n")
    return 0 if all(r.status == "pass" for _, results in runs for r in results) else 1


def _junit(
    runs: Sequence[tuple[RuleSet, list[CaseResult]]], format_junit: Callable[..., Any]
) -> str:
    """One JUnit document for every group: the first group's, with the
    others' test suites added to it and the counts summed."""
    texts: list[str] = [format_junit(rules, results) for rules, results in runs]
    if len(texts) == 1:
        return texts[0]
    roots = [ElementTree.fromstring(t) for t in texts]
    top = roots[0]
    top.set("name", "dummybridge conform")
    for other in roots[1:]:
        top.extend(list(other))
        for key in ("tests", "failures", "errors"):
            top.set(key, str(int(top.get(key, "0")) + int(other.get(key, "0"))))
    return ElementTree.tostring(top, encoding="unicode", xml_declaration=True)
