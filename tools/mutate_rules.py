#!/usr/bin/env python3
"""Mutation testing of the conformance suites: do they notice a wrong rule?

For each built-in variant this makes mutants of its rule file -- the
effective document (``extends:`` applied, defaults filled in), changed in
exactly one place -- and runs the variant's suite (the scenario files under
``tests/conformance/`` whose ``rules:`` names it) against each, in process.
A mutant is *killed* when at least one case does not pass.

The changes (mutation operators), applied wherever they fit:

- every integer setting one up and one down (a trick value, the game, the
  book, a rubber or game bonus, an honour entry's total, in-one-hand count,
  multiplier or points, chicane and slam values, a doubling limit, aces for
  no trumps, the auction's limits, undertrick and revoke values, the pip
  value of each rank);
- every enumerated setting to each other allowed value (who doubles first
  and who may, who leads, who declares, who examines a Dummy, which hand is
  exposed, how sight rules apply and to whom, the ledger, the settlement,
  the rubber's kind, where a declaration may come from ...);
- every boolean flipped;
- every entry of a list removed (a denomination's honour entry, a forced
  declaration criterion, an exposure, a rule of sight, one of its events, an
  option of the laws);
- every two neighbouring entries of an ordered list swapped (the order of the
  forced-declaration criteria, the suit order for ties in the cut);
- every event a rule of sight does not end at added to its ``until`` (a hand
  no longer seen after that moment);
- a denomination named by a criterion (``declare: no_trumps``) replaced by
  each other denomination.

Settings left to the schema's defaults are mutated too: they are part of the
effective rules (a house rule may well write ``toward_game: dealer_side_only``).
Descriptive keys (names, titles, versions, aliases, descriptions, sources) are
never changed. Each mutant is written as the house rule a user would write
for that one change -- ``extends:`` the variant, and the changed value (the
whole list, where the change is inside one) -- and loaded with
``load_rules``; **a mutant the loader rejects (schema or semantic checks) is
not a mutant and is not counted**, killed or not. That includes a change to
a setting the variant's rules never read (the Dummy's holder at a
four-handed table, the slip of the tongue without an auction): the loader
tells a house-rule author that such a line has no effect (see
``dummybridge.language.semantics.INERT``), as it does for a misspelt key.

The score is killed / valid mutants. A surviving mutant may be equivalent to
the original (a setting the variant never consults, such as the Dummy's
holder at a four-handed table). To tell those from gaps in the suite, each
survivor is then played side by side with the original rule file in random
sessions (the same seeds, bots choosing from the original game, laws mode
with revokes and calls out of turn now and then): after every action the
legal actions, what each player may remark or call out of turn (laws mode),
every player's view of the hands and the score sheets must agree. A survivor
that differs somewhere is a *gap* (some case should notice it); one that
never differs is reported as *no difference found* (most likely
equivalent). Both counts are printed; the score is not adjusted, and
"told apart" is killed / (valid - no difference found): the share of the
mutants random play can tell from the original that some case kills. The
exit status is 0 when every variant's score reaches ``--target``.

Usage::

    python tools/mutate_rules.py                 # every built-in variant
    python tools/mutate_rules.py bridge three-handed --survivors
"""

from __future__ import annotations

import argparse
import copy
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from dummybridge.apps.conform import ScenarioFile, load_scenarios, run
from dummybridge.bots import bot_seed, make_bot
from dummybridge.core._native import Rng
from dummybridge.engine.game import Game
from dummybridge.errors import DummyBridgeError, RuleFileError
from dummybridge.language.loader import builtin_variants, load_document, load_rules, load_schema
from dummybridge.language.ruleset import RuleSet

ROOT = Path(__file__).resolve().parent.parent
SUITES = ROOT / "tests" / "conformance"
SKIP = {
    "dummybridge",
    "name",
    "title",
    "version",
    "aliases",
    "description",
    "sources",
    "source",
    "extends",
}
ORDERED = {"criteria", "tie_suit_order"}

Path_ = tuple[str | int, ...]


@dataclass(frozen=True)
class Mutant:
    """One change: where, and from what to what."""

    path: Path_
    what: str
    data: dict[str, Any]

    def describe(self) -> str:
        where = "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in self.path)
        return f"${where}: {self.what}"

    def house_rule(self, variant: str) -> dict[str, Any]:
        """The mutant as a house rule: ``extends: VARIANT`` and the one value
        changed (the whole list, where the change is inside one), as a user
        would write it; the effective rules are ``data``."""
        keys: list[str] = []
        for part in self.path:
            if not isinstance(part, str):
                break
            keys.append(part)
        value: Any = self.data
        for key in keys:
            value = value[key]
        for key in reversed(keys):
            value = {key: value}
        return {"dummybridge": 1, "extends": variant, **value}


def _enums() -> dict[str, list[Any]]:
    """Every enum in the schema's $defs, by the enum's values (to find alternatives)."""
    return {name: d["enum"] for name, d in load_schema()["$defs"].items() if "enum" in d}


def _alternatives(value: Any, enums: dict[str, list[Any]]) -> list[Any]:
    for values in enums.values():
        if value in values:
            return [v for v in values if v != value and v is not None]
    return []


def _set(data: dict[str, Any], path: Path_, value: Any) -> dict[str, Any]:
    out = copy.deepcopy(data)
    node: Any = out
    for part in path[:-1]:
        node = node[part]
    node[path[-1]] = value
    return out


def _delete(data: dict[str, Any], path: Path_) -> dict[str, Any]:
    out = copy.deepcopy(data)
    node: Any = out
    for part in path[:-1]:
        node = node[part]
    del node[path[-1]]
    return out


def mutants(data: dict[str, Any]) -> Iterator[Mutant]:
    """Every single change of the operators above, in document order."""
    enums = _enums()
    events = enums["sight_event"]
    denominations = [k for k, v in data.get("denominations", {}).items() if isinstance(v, dict)]

    def walk(node: Any, path: Path_) -> Iterator[Mutant]:
        key = path[-1] if path else None
        if isinstance(node, dict) and len(path) == 3 and path[:2] == ("sight", "rules"):
            have = node.get("until", [])
            for event in events:
                if event not in have:
                    yield Mutant(
                        (*path, "until"),
                        f"add {event!r}",
                        _set(data, (*path, "until"), [*have, event]),
                    )
        if isinstance(node, dict):
            for k, v in node.items():
                if k not in SKIP:
                    yield from walk(v, (*path, k))
            return
        if isinstance(node, list):
            for i in range(len(node)):
                yield Mutant((*path, i), f"remove {_show(node[i])}", _delete(data, (*path, i)))
            if key in ORDERED:
                for i in range(len(node) - 1):
                    swapped = list(node)
                    swapped[i], swapped[i + 1] = swapped[i + 1], swapped[i]
                    yield Mutant(path, f"swap entries {i} and {i + 1}", _set(data, path, swapped))
            for i, v in enumerate(node):
                if not isinstance(v, (dict, list)) or isinstance(v, dict):
                    yield from walk(v, (*path, i))
            return
        if isinstance(node, bool):
            yield Mutant(path, f"{_show(node)} -> {_show(not node)}", _set(data, path, not node))
        elif isinstance(node, int):
            for new in (node + 1, node - 1):
                yield Mutant(path, f"{node} -> {new}", _set(data, path, new))
        elif isinstance(node, str):
            others = (
                [d for d in denominations if d != node]
                if key == "declare"
                else _alternatives(node, enums)
            )
            for new in others:
                yield Mutant(path, f"{node!r} -> {new!r}", _set(data, path, new))

    yield from walk(data, ())


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_show(v)}" for k, v in value.items() if k != "source") + "}"
    return repr(value) if isinstance(value, str) else str(value)


def suites_for(variant: str) -> list[ScenarioFile]:
    """The scenario files whose ``rules:`` is ``variant``."""
    files = [load_scenarios(p) for p in sorted(SUITES.glob("*.yaml"))]
    return [f for f in files if f.rules == variant]


@dataclass
class Score:
    variant: str
    valid: int = 0
    invalid: int = 0
    killed: int = 0
    survivors: tuple[Mutant, ...] = ()
    #: for each survivor, where random play told it from the original (None: nowhere)
    differences: tuple[str | None, ...] = ()

    @property
    def percent(self) -> float:
        return 100.0 * self.killed / self.valid if self.valid else 100.0


def score(variant: str, workdir: Path, compare: bool = True, every: int = 1) -> Score:
    """Mutate ``variant`` and run its suite against every valid mutant (with
    ``every`` N, against every Nth: a fixed sample, the first included)."""
    files = suites_for(variant)
    if not files:
        raise SystemExit(f"no suite for {variant!r} under {SUITES}")
    original = load_rules(variant)
    baseline = run(original, files)
    broken = [r.case.id for r in baseline if r.status != "pass"]
    if broken:
        raise SystemExit(f"{variant}: the suite fails on the rule file itself: {broken}")
    result = Score(variant)
    survivors = []
    for n, mutant in enumerate(mutants(load_document(variant).data)):
        if n % every:
            continue
        path = workdir / f"{variant}-{n}.yaml"
        path.write_text(
            yaml.safe_dump(mutant.house_rule(variant), sort_keys=False, allow_unicode=True),
            encoding="utf-8",
        )
        try:
            rules = load_rules(path)
        except RuleFileError:
            result.invalid += 1
            continue
        result.valid += 1
        if any(r.status != "pass" for r in run(rules, files, stop_at_failure=True)):
            result.killed += 1
        else:
            survivors.append(mutant)
    result.survivors = tuple(survivors)
    result.differences = tuple(
        difference(original, load_rules(_write(workdir, variant, m))) if compare else None
        for m in survivors
    )
    return result


def _write(workdir: Path, variant: str, mutant: Mutant) -> Path:
    path = workdir / f"{variant}-survivor.yaml"
    path.write_text(
        yaml.safe_dump(mutant.house_rule(variant), sort_keys=False, allow_unicode=True),
        encoding="utf-8",
    )
    return path


def _view(game: Game) -> Any:
    """What the players can tell apart: the turn, the legal actions, what each
    player may say or call besides (in laws mode: remarks in the play, calls
    out of turn), each player's view of the hands, the score sheets."""
    return (
        game.phase,
        game.to_act,
        [str(a) for a in game.legal_actions()],
        [str(a) for a in game.irregular_actions()],
        {
            p: [str(a) for a in (*game.remarks(p), *game.out_of_turn_actions(p))]
            for p in game.players
        },
        {p: sorted(game.visible_hands(p)) for p in game.players},
        [sheet.to_data() for sheet in game.sheets],
        game.denomination and game.denomination.name,
        game.declarer,
        game.doubling_level,
    )


def difference(
    original: RuleSet, mutant: RuleSet, sessions: int = 12, rubbers: int = 2
) -> str | None:
    """Play ``original`` and ``mutant`` side by side, ``sessions`` games of
    ``rubbers`` rubbers each; where they first differ, or None."""
    for seed in range(1, sessions + 1):
        laws = seed % 3 == 0
        kind = "random" if seed % 2 else "rule"
        a = Game(original, seed, rubbers=rubbers, laws=laws)
        b = Game(mutant, seed, rubbers=rubbers, laws=laws)
        bots = {p: make_bot(kind, bot_seed(seed, p), original) for p in a.players}
        slips = Rng(bot_seed(seed, "irregularities"))
        for step in range(3000):
            if _view(a) != _view(b):
                return f"seed {seed}, action {step}: the games differ"
            if a.is_over:
                break
            player = a.actor
            assert player is not None
            action = bots[player].choose(a.observation(player))
            actor = None
            if laws and slips.below(8) == 0:
                if a.irregular_actions():
                    action = a.irregular_actions()[0]
                else:
                    others = [p for p in a.players if a.out_of_turn_actions(p)]
                    if others:
                        actor = others[0]
                        action = a.out_of_turn_actions(actor)[0]
            a.apply(action, player=actor)
            try:
                b.apply(action, player=actor)
            except DummyBridgeError as exc:
                return f"seed {seed}, action {step}: {action} refused under the mutant: {exc}"
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("variants", nargs="*", help="built-in variants (default: all)")
    parser.add_argument("--survivors", action="store_true", help="list the surviving mutants")
    parser.add_argument(
        "--quick",
        action="store_true",
        help="skip playing the survivors side by side with the original",
    )
    parser.add_argument(
        "--target", type=float, default=90.0, help="the score every variant must reach (default 90)"
    )
    args = parser.parse_args(argv)
    variants = args.variants or [v.name for v in builtin_variants()]
    ok = True
    print(
        f"{'variant':<22} {'valid':>5} {'killed':>6} {'score':>6}  {'gaps':>4} {'no diff':>7}"
        f"  {'told apart':>10}  (invalid, not counted)"
    )
    with tempfile.TemporaryDirectory() as tmp:
        for variant in variants:
            s = score(variant, Path(tmp), compare=not args.quick)
            ok = ok and s.percent >= args.target
            gaps = sum(d is not None for d in s.differences)
            same = len(s.survivors) - gaps if not args.quick else 0
            apart = 100.0 * s.killed / (s.valid - same) if s.valid > same else 100.0
            if args.quick:
                print(
                    f"{variant:<22} {s.valid:>5} {s.killed:>6} {s.percent:>5.1f}%  {'-':>4} "
                    f"{'-':>7}  {'-':>10}  ({s.invalid})",
                    flush=True,
                )
            else:
                print(
                    f"{variant:<22} {s.valid:>5} {s.killed:>6} {s.percent:>5.1f}%  {gaps:>4} "
                    f"{same:>7}  {apart:>9.1f}%  ({s.invalid})",
                    flush=True,
                )
            if args.survivors:
                for m, d in zip(s.survivors, s.differences, strict=True):
                    label = "survives" if args.quick else "GAP" if d else "same"
                    print(f"    {label}: {m.describe()}" + (f"  [{d}]" if d else ""))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
