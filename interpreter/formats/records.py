"""JSON game records on disk: read, check and replay them, with located errors.

A record (:meth:`Game.to_record <dummybridge.engine.game.Game.to_record>`) holds
the rule file's name, version and origin, the seed, the players, the number
of rubbers, laws mode, any preset deals and every decision in order; the
same rules, seed and decisions give the same game. :func:`load_record`
reads one and checks its shape; :func:`replay_record` plays it again. Every
problem is a :class:`~dummybridge.errors.FileFormatError` naming the file,
the JSON path and what is wrong (``game.json: error: $.actions[3]: play SA
refused: ...``); a file that is not JSON at all gets its line and column.
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from typing import Any

from ..core.cards import Hand, validate_deal
from ..core.files import read_utf8
from ..engine.actions import Action
from ..engine.game import RECORD_FORMAT, Game
from ..errors import DummyBridgeError, FileFormatError, RuleFileError
from ..language.ruleset import RuleSet

__all__ = ["load_record", "read_record", "replay_record"]


def _check(file: str, record: Any) -> None:
    """Raise for the first part of ``record`` that is not as :meth:`Game.to_record` writes it."""

    def fail(path: str, message: str) -> FileFormatError:
        return FileFormatError(file, message, path=path)

    if not isinstance(record, Mapping):
        raise fail("$", f"a game record is a JSON object, not {type(record).__name__}")
    if record.get("format") != RECORD_FORMAT:
        raise fail(
            "$.format",
            f"expected {RECORD_FORMAT!r}, found {record.get('format')!r}: "
            "not a dummybridge game record",
        )
    for key in ("rules", "seed", "players", "actions"):
        if key not in record:
            raise fail("$", f"the record has no {key!r}")
    rules = record["rules"]
    if not isinstance(rules, Mapping):
        raise fail("$.rules", "expected an object with the rule file's name and version")
    if not isinstance(rules.get("name"), str) or not rules["name"]:
        raise fail("$.rules.name", "expected the rule file's name, a string")
    for key in ("version", "origin"):
        if rules.get(key) is not None and not isinstance(rules[key], str):
            raise fail(f"$.rules.{key}", f"expected a string, found {rules[key]!r}")
    seed = record["seed"]
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
        raise fail("$.seed", f"expected a whole number from 0 to 2**64 - 1, found {seed!r}")
    players = record["players"]
    if not isinstance(players, list) or not all(isinstance(p, str) and p for p in players):
        raise fail("$.players", "expected a list of player names")
    rubbers = record.get("rubbers", 1)
    if isinstance(rubbers, bool) or not isinstance(rubbers, int) or rubbers < 1:
        raise fail("$.rubbers", f"expected a whole number of at least 1, found {rubbers!r}")
    if not isinstance(record.get("laws", False), bool):
        raise fail("$.laws", f"expected true or false, found {record['laws']!r}")
    deals = record.get("deals", [])
    if not isinstance(deals, list):
        raise fail("$.deals", "expected a list of deals")
    for i, deal in enumerate(deals):
        if not isinstance(deal, list) or len(deal) != 4:
            raise fail(f"$.deals[{i}]", "expected four PBN hands, North first")
        for j, hand in enumerate(deal):
            try:
                Hand.from_pbn(hand if isinstance(hand, str) else "")
            except DummyBridgeError as exc:
                raise fail(f"$.deals[{i}][{j}]", str(exc)) from None
    actions = record["actions"]
    if not isinstance(actions, list):
        raise fail("$.actions", "expected a list of actions")
    for i, item in enumerate(actions):
        text = item
        if isinstance(item, Mapping):
            if not isinstance(item.get("player"), str):
                raise fail(
                    f"$.actions[{i}].player",
                    "expected the name of the player who acted out of turn",
                )
            text = item.get("action")
        if not isinstance(text, str):
            raise fail(f"$.actions[{i}]", f"expected an action's text, found {text!r}")
        try:
            Action.parse(text)
        except DummyBridgeError as exc:
            raise fail(f"$.actions[{i}]", str(exc)) from None


def read_record(file: str, text: str) -> dict[str, Any]:
    """Parse and check a record's JSON text.

    :raises FileFormatError: for text that is not JSON, or not a record.
    """
    try:
        record = json.loads(text)
    except json.JSONDecodeError as exc:
        raise FileFormatError(
            file, f"not JSON: {exc.msg}", line=exc.lineno, col=exc.colno
        ) from None
    except RecursionError:  # Python's json recurses: a bound on nesting, not a crash
        raise FileFormatError(
            file, "not a record: the JSON nests too deeply", line=1, col=1
        ) from None
    _check(file, record)
    return dict(record)


def load_record(path: str | os.PathLike[str]) -> dict[str, Any]:
    """Read and check a record file.

    :raises FileFormatError: for a file that is not a record.
    :raises OSError: when it cannot be read.
    """
    return read_record(os.fspath(path), read_utf8(path))


def replay_record(
    record: Mapping[str, Any], file: str = "<record>", rules: RuleSet | None = None
) -> Game:
    """Play a checked record again.

    :param rules: the rule set to replay under; by default the record's, by
        its origin (a rule file that still exists) or its built-in name.
    :raises FileFormatError: for a version that differs from the rules', or
        an action that is not legal when its turn comes.
    :raises RuleFileError: when the record's rule file cannot be loaded.
    """
    _check(file, record)
    ref = record["rules"]
    if rules is None:
        from ..language.loader import load_rules

        origin = str(ref.get("origin") or "")
        if origin and os.path.isfile(origin):
            rules = load_rules(origin)  # its own problems are reported as a rule file's
        else:
            try:
                rules = load_rules(ref["name"])
            except RuleFileError:
                if os.path.exists(ref["name"]):
                    raise
                raise FileFormatError(
                    file,
                    f"no built-in variant {ref['name']!r}, and the rule file it was "
                    f"made with ({origin or 'not named'}) is not there",
                    path="$.rules",
                ) from None
    if ref.get("version") not in (None, rules.version):
        raise FileFormatError(
            file,
            f"the record was made with {ref['name']} version "
            f"{ref['version']!r}, but the rules are version "
            f"{rules.version!r}",
            path="$.rules.version",
        )
    players = record["players"]
    if len(players) != rules.table.players or len(set(players)) != len(players):
        raise FileFormatError(
            file,
            f"{rules.name} needs {rules.table.players} different player names, not {players!r}",
            path="$.players",
        )
    deals = [[Hand.from_pbn(h) for h in d] for d in record.get("deals", [])]
    for i, deal in enumerate(deals):
        try:
            validate_deal(deal, rules.deal.cards_each)
        except DummyBridgeError as exc:
            raise FileFormatError(file, str(exc), path=f"$.deals[{i}]") from None
    try:
        game = Game(
            rules,
            record["seed"],
            players=record["players"],
            deals=deals,
            rubbers=record.get("rubbers", 1),
            laws=record.get("laws", False),
        )
    except (DummyBridgeError, ValueError) as exc:
        raise FileFormatError(file, str(exc), path="$") from None
    for i, item in enumerate(record["actions"]):
        text, player = (
            (item["action"], item["player"]) if isinstance(item, Mapping) else (item, None)
        )
        try:
            game.apply(text, player=player)
        except DummyBridgeError as exc:
            raise FileFormatError(file, str(exc), path=f"$.actions[{i}]") from None
    return game
