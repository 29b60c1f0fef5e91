"""Game records and saves on disk: the one strict loader, with located errors.

A record (:meth:`Game.to_record <dummybridge.engine.game.Game.to_record>`) holds
the rules (a shipped rule file by name and version, any other with its text
and that text's SHA-256), the seed, the players, the number of rubbers, laws
mode, any preset deals and every decision in order; a save is a record with a
``session`` entry. Both are described by the JSON Schema shipped in the
package (:func:`record_schema_text`, ``dummybridge schema --record``) and by
docs/records.md.

Every command that reads one (``export``, ``analyse``, ``resume``) goes
through :func:`load_game`, and a record given as text (the web table,
``import``) through :func:`read_game`:

1. read at most :data:`RECORD_MAX_BYTES` of UTF-8 text, and parse it as JSON
   (a file that is not JSON is located at its line and column);
2. check it against the schema, and every action's and hand's notation,
   reporting every problem found (up to :data:`MAX_PROBLEMS`);
3. find the rules (:func:`record_rules`) without ever opening a path the
   record names: ``--rules FILE`` when the user gives one (checked against
   the record's SHA-256), else the text the record carries, else the shipped
   rule file it names;
4. replay it, locating the first action that does not replay.

Every problem is a :class:`~dummybridge.errors.FileFormatError` naming the file,
the JSON path and what is wrong (``game.json: error: $.actions[3]: play SA
refused: ...``); several are a :class:`RecordError`, one line each.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from functools import lru_cache
from itertools import compress, repeat
from operator import not_
from typing import Any

from ..core import files
from ..core.cards import Hand, validate_deal
from ..engine.actions import Action
from ..engine.game import Game
from ..engine.record import recorded_action, rules_of_reference, rules_text, text_hash
from ..errors import DummyBridgeError, FileFormatError, RuleFileError
from ..language.ruleset import RuleSet

__all__ = [
    "MAX_PROBLEMS",
    "RECORD_MAX_BYTES",
    "RECORD_SCHEMA",
    "RecordError",
    "check_session",
    "load_game",
    "load_record",
    "read_game",
    "read_record",
    "record_rules",
    "record_schema_text",
    "replay_record",
]

#: the largest record or save read (16 MiB: a record of 10,000 rubbers, the
#: most ``play`` plays, is about 5 MiB)
RECORD_MAX_BYTES = 16 * 2**20
#: the most problems one report lists
MAX_PROBLEMS = 20
#: the file name of the record schema among the package's schemas
RECORD_SCHEMA = "record.schema.json"

_DIGITS = re.compile(r"[0-9]{4301,}")


class RecordError(FileFormatError):
    """Several problems of one record: :attr:`problems`, one line each."""

    def __init__(self, problems: Sequence[FileFormatError]) -> None:
        first = problems[0]
        super().__init__(first.file, first.message, line=first.line, col=first.col, path=first.path)
        self.problems = list(problems)
        self.args = ("\n".join(str(p) for p in problems),)

    def __str__(self) -> str:
        return str(self.args[0])

    def __reduce__(self) -> tuple[Any, ...]:
        return (RecordError, (self.problems,))


def record_schema_text() -> str:
    """The record and save JSON Schema, exactly as shipped."""
    from ..language.schemas import schema_text_of

    return schema_text_of(RECORD_SCHEMA)


# --------------------------------------------------------------------------- the schema


def _brief(value: Any) -> str:
    """A value as a message shows it: short, whatever its size or depth."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value) if abs(value) < 10**30 else f"a number of {len(hex(value))} hex digits"
    if isinstance(value, float):
        return {"inf": "Infinity", "-inf": "-Infinity", "nan": "NaN"}.get(repr(value), repr(value))
    if isinstance(value, str):
        return (
            repr(value) if len(value) <= 40 else repr(value[:40]) + f"... ({len(value)} characters)"
        )
    if isinstance(value, list):
        return f"a list of {len(value)} items"
    return f"an object of {len(value)} keys"


def _expected(schema: Mapping[str, Any], instance: Any) -> Iterator[Any]:
    from jsonschema import ValidationError

    yield ValidationError(
        f"expected {schema.get('x-expected', 'another value')}, found {_brief(instance)}"
    )


def _keywords() -> dict[str, Any]:
    """The schema keywords the record schema uses, with short messages that
    never print a whole value (jsonschema's own print the instance)."""
    from jsonschema import ValidationError

    numbers = (int, float)

    def typed(v: Any, types: Any, instance: Any, schema: Mapping[str, Any]) -> Iterator[Any]:
        kinds = [types] if isinstance(types, str) else types
        if not any(v.is_type(instance, t) for t in kinds):
            yield from _expected(schema, instance)

    def const(v: Any, value: Any, instance: Any, schema: Mapping[str, Any]) -> Iterator[Any]:
        if type(instance) is not type(value) or instance != value:
            yield from _expected(schema, instance)

    def enum(v: Any, values: Any, instance: Any, schema: Mapping[str, Any]) -> Iterator[Any]:
        if not any(type(instance) is type(x) and instance == x for x in values):
            yield from _expected(schema, instance)

    def bound(check: Any) -> Any:
        def keyword(v: Any, limit: Any, instance: Any, schema: Mapping[str, Any]) -> Iterator[Any]:
            if check(instance, limit):
                yield from _expected(schema, instance)

        return keyword

    def pattern(v: Any, regex: str, instance: Any, schema: Mapping[str, Any]) -> Iterator[Any]:
        if isinstance(instance, str) and re.search(regex, instance) is None:
            yield from _expected(schema, instance)

    def any_of(v: Any, subs: Any, instance: Any, schema: Mapping[str, Any]) -> Iterator[Any]:
        if not any(v.evolve(schema=s).is_valid(instance) for s in subs):
            yield from _expected(schema, instance)

    def required(v: Any, keys: Any, instance: Any, schema: Mapping[str, Any]) -> Iterator[Any]:
        if isinstance(instance, dict):
            for key in keys:
                if key not in instance:
                    yield ValidationError(f"the {schema.get('x-name', 'object')} has no {key!r}")

    def extra(v: Any, allowed: Any, instance: Any, schema: Mapping[str, Any]) -> Iterator[Any]:
        if not isinstance(instance, dict):
            return
        if allowed is False:
            for key in instance:
                if key not in schema.get("properties", {}):
                    yield ValidationError(f"unknown key {_brief(key)}")
            return
        for key, value in instance.items():
            yield from v.descend(value, allowed, path=key)

    def depends(v: Any, needs: Any, instance: Any, schema: Mapping[str, Any]) -> Iterator[Any]:
        if isinstance(instance, dict):
            for key, others in needs.items():
                for other in others:
                    if key in instance and other not in instance:
                        yield ValidationError(f"{key!r} needs {other!r} with it")

    return {
        "type": typed,
        "const": const,
        "enum": enum,
        "anyOf": any_of,
        "pattern": pattern,
        "required": required,
        "additionalProperties": extra,
        "dependentRequired": depends,
        "minimum": bound(lambda i, n: isinstance(i, numbers) and i < n),
        "maximum": bound(lambda i, n: isinstance(i, numbers) and i > n),
        "minLength": bound(lambda i, n: isinstance(i, str) and len(i) < n),
        "maxLength": bound(lambda i, n: isinstance(i, str) and len(i) > n),
        "minItems": bound(lambda i, n: isinstance(i, list) and len(i) < n),
        "maxItems": bound(lambda i, n: isinstance(i, list) and len(i) > n),
        "maxProperties": bound(lambda i, n: isinstance(i, dict) and len(i) > n),
    }


@lru_cache(maxsize=1)
def _validator() -> Any:
    """The record schema's validator: draft 2020-12 where only ints are
    integers, with the messages of :func:`_keywords`."""
    from jsonschema import Draft202012Validator, validators

    from ..language.schemas import schema_of

    def is_integer(checker: object, instance: object) -> bool:
        return isinstance(instance, int) and not isinstance(instance, bool)

    checker = Draft202012Validator.TYPE_CHECKER.redefine("integer", is_integer)
    strict = validators.extend(  # type: ignore[no-untyped-call]
        Draft202012Validator, _keywords(), type_checker=checker
    )
    return strict(schema_of(RECORD_SCHEMA))


_CONTROL = re.compile("[\x00-\x1f\x7f]")


def _plain_action(item: Any) -> bool:
    """An action the record schema accepts, told quickly (its ``actions``
    items: a text of at most 200 characters, or exactly ``{player, action}``
    with a player's name of 1 to 100 characters and no control character);
    ``tests/test_records_strict.py`` checks the two agree."""
    if type(item) is str:
        return len(item) <= 200
    if type(item) is not dict or len(item) != 2:
        return False
    action, player = item.get("action"), item.get("player")
    return (
        type(action) is str
        and len(action) <= 200
        and type(player) is str
        and 1 <= len(player) <= 100
        and _CONTROL.search(player) is None
    )


def _not_plain(actions: list[Any]) -> list[int]:
    """The indices of the actions that are not :func:`_plain_action`: the
    texts told by their distinct values, the others one at a time."""
    is_text = list(map(isinstance, actions, repeat(str)))
    texts = set(compress(actions, is_text))
    if any(len(t) > 200 for t in texts):  # (str subclasses aside: JSON makes none)
        return [i for i, a in enumerate(actions) if not _plain_action(a)]
    others = compress(range(len(actions)), map(not_, is_text))
    return [i for i in others if not _plain_action(actions[i])]


def _schema_problems(file: str, record: Any) -> list[FileFormatError]:
    """Every place where ``record`` is not as the schema says (actions checked
    quickly in bulk first: a record may hold millions)."""
    shallow = record
    actions = record.get("actions") if isinstance(record, dict) else None
    kept: list[int] = []
    if isinstance(actions, list):
        # The actions the schema accepts (nearly all) are told here in bulk;
        # only the others go through the schema, their places in its
        # messages put back.
        kept = _not_plain(actions)
        shallow = {**record, "actions": [actions[i] for i in kept]}

    def place(path: str) -> str:
        if not kept or not path.startswith("$.actions["):
            return path
        k, rest = path[len("$.actions[") :].split("]", 1)
        return f"$.actions[{kept[int(k)]}]{rest}"

    found = {(place(e.json_path), e.message): None for e in _validator().iter_errors(shallow)}
    problems = [FileFormatError(file, message, path=path) for path, message in found]
    return sorted(problems, key=lambda p: _path_order(p.path or "$"))


def _path_order(path: str) -> tuple[Any, ...]:
    return tuple(int(x) if x.isdigit() else x for x in re.split(r"[.\[\]]+", path) if x)


def _notation_problems(file: str, record: dict[str, Any]) -> Iterator[FileFormatError]:
    """Hands and actions whose notation cannot be read."""
    for i, deal in enumerate(record.get("deals", [])):
        for j, hand in enumerate(deal):
            try:
                Hand.from_pbn(hand)
            except DummyBridgeError as exc:
                yield FileFormatError(file, str(exc), path=f"$.deals[{i}][{j}]")
    actions = record["actions"]
    if all(map(_reads, _texts(actions))):  # (the distinct texts: a few dozen)
        return
    problem: dict[str, str | None] = {}  # a record repeats a few texts many times
    for i, item in enumerate(actions):
        text = item["action"] if isinstance(item, dict) else item
        if text not in problem:
            try:
                Action.parse(text)
                problem[text] = None
            except DummyBridgeError as exc:
                problem[text] = str(exc)
        if problem[text] is not None:
            yield FileFormatError(file, str(problem[text]), path=f"$.actions[{i}]")


def _texts(actions: list[Any]) -> set[str]:
    """The distinct texts of a checked record's actions (in C loops but for
    the few made out of turn)."""
    is_text = list(map(isinstance, actions, repeat(str)))
    texts = set(compress(actions, is_text))
    texts.update(item["action"] for item in compress(actions, map(not_, is_text)))
    return texts


def _reads(text: str) -> bool:
    """Whether an action's text reads as an action."""
    try:
        Action.parse(text)
    except DummyBridgeError:
        return False
    return True


def _raise(problems: list[FileFormatError]) -> None:
    if len(problems) > MAX_PROBLEMS:
        more = len(problems) - MAX_PROBLEMS
        last = problems[MAX_PROBLEMS]
        problems = [
            *problems[:MAX_PROBLEMS],
            FileFormatError(last.file, f"and {more} more problem{'s' if more > 1 else ''}"),
        ]
    if len(problems) == 1:
        raise problems[0]
    if problems:
        raise RecordError(problems)


# --------------------------------------------------------------------------- reading


def _too_large(file: str) -> FileFormatError:
    message = f"the file is larger than {RECORD_MAX_BYTES // 2**20} MiB: not a record"
    return FileFormatError(file, message, line=1, col=1)


def _read_text(path: str | os.PathLike[str]) -> str:
    """A record's text, a file larger than :data:`RECORD_MAX_BYTES` refused
    unread (not read whole first, up to the 64 MiB of any input); any
    input's limit, where it is the smaller, is refused as any input's."""
    if files.MAX_BYTES <= RECORD_MAX_BYTES:
        return files.read_utf8(path)
    try:
        return files.read_utf8(path, RECORD_MAX_BYTES)
    except files.FileTooLargeError:
        raise _too_large(os.fspath(path)) from None


def _parse_json(file: str, text: str, what: str) -> Any:
    if len(text) > RECORD_MAX_BYTES:
        raise _too_large(file)
    try:
        return _loads(text)
    except json.JSONDecodeError as exc:
        raise FileFormatError(file, f"{what}: {exc.msg}", line=exc.lineno, col=exc.colno) from None
    except RecursionError:  # Python's json recurses: a bound on nesting, not a crash
        raise FileFormatError(
            file,
            "not a record: arrays or objects nested too deeply (a record nests 4 levels)",
            line=1,
            col=1,
        ) from None
    except ValueError:  # an integer of more than 4300 digits
        at = _DIGITS.search(text)
        start = at.start() if at else 0
        line = text.count("\n", 0, start) + 1
        col = start - (text.rfind("\n", 0, start) + 1) + 1
        raise FileFormatError(
            file, "not a record: a number of more than 4300 digits", line=line, col=col
        ) from None


class _Irregular(Exception):
    """Text :func:`_loads` leaves to :func:`json.loads` (which says what is wrong)."""


_SPACE = re.compile(r"[ \t\n\r]*")  # JSON's white space


def _loads(text: str) -> Any:
    """``json.loads(text)``, the ``actions`` of a record read one at a time,
    with one string for each distinct text: the tree json.loads builds holds a
    string for each action, some 55 bytes for the 8 to 13 of the file's
    ``"pass",`` or ``"play CA",`` (about 6 times the file at once, a record's
    peak). Anything but a well-formed JSON object is left to ``json.loads``,
    which raises the error it always did."""
    try:
        return _object(text, _SPACE.match(text).end())  # type: ignore[union-attr]
    except (_Irregular, StopIteration, ValueError):  # JSONDecodeError is a ValueError
        record = json.loads(text)
    _share_texts(record)  # (what _actions does as it reads)
    return record


def _object(text: str, at: int) -> dict[str, Any]:
    """The JSON object at ``at``, the whole text, its ``actions`` by :func:`_actions`."""
    scan, space = _SCAN, _SPACE.match
    if not text.startswith("{", at):
        raise _Irregular
    found: dict[str, Any] = {}
    at = space(text, at + 1).end()  # type: ignore[union-attr]
    while not (text.startswith("}", at) and not found):
        if not text.startswith('"', at):
            raise _Irregular
        key, at = scan(text, at)
        at = space(text, at).end()  # type: ignore[union-attr]
        if not text.startswith(":", at):
            raise _Irregular
        at = space(text, at + 1).end()  # type: ignore[union-attr]
        if key == "actions" and text.startswith("[", at):
            found[key], at = _actions(text, at)
        else:
            found[key], at = scan(text, at)
        at = space(text, at).end()  # type: ignore[union-attr]
        if text.startswith("}", at):
            break
        if not text.startswith(",", at):
            raise _Irregular
        at = space(text, at + 1).end()  # type: ignore[union-attr]
    if space(text, at + 1).end() != len(text):  # type: ignore[union-attr]
        raise _Irregular
    return found


#: a run of plain strings (no escape), each followed by a comma: up to 64
#: actions read at once (some 4 kB of strings at a time)
_PLAIN_RUN = re.compile(r'(?:"[^"\\\x00-\x1f]*"[ \t\n\r]*,[ \t\n\r]*){1,64}')
_PLAIN = re.compile(r'"([^"]*)"')


def _actions(text: str, at: int) -> tuple[list[Any], int]:
    """The JSON array at ``at``, one string for each distinct text, and where
    it ends: runs of plain strings (most of a record) found by a regular
    expression and taken in bulk, anything else by the JSON parser's step."""
    scan, space, run = _SCAN, _SPACE.match, _PLAIN_RUN.match
    items: list[Any] = []
    memo: dict[str, str] = {}
    share = memo.setdefault
    at = space(text, at + 1).end()  # type: ignore[union-attr]
    if text.startswith("]", at):
        return items, at + 1
    while True:
        plain = run(text, at)
        if plain is not None:
            found = _PLAIN.findall(plain.group())
            items.extend(map(share, found, found))
            at = plain.end()
            continue
        item, at = scan(text, at)
        if type(item) is str:
            item = share(item, item)
        elif type(item) is dict:
            for key in ("action", "player"):
                value = item.get(key)
                if type(value) is str:
                    item[key] = share(value, value)
        items.append(item)
        at = space(text, at).end()  # type: ignore[union-attr]
        if text.startswith("]", at):
            return items, at + 1
        if not text.startswith(",", at):
            raise _Irregular
        at = space(text, at + 1).end()  # type: ignore[union-attr]


#: the JSON parser's own step: the value at a place in a text, and where it ends
_SCAN: Any = json.JSONDecoder().scan_once  # type: ignore[attr-defined]


def _share_texts(record: Any) -> None:
    """One string for each distinct action text (and player) of a record,
    in place: a record repeats a few dozen texts (``pass``, ``play CA``) a
    hundred thousand times, and JSON gives each its own string, about 60
    bytes for 13 of the file."""
    actions = record.get("actions") if isinstance(record, dict) else None
    if not isinstance(actions, list):
        return
    memo: dict[str, str] = {}
    for i, item in enumerate(actions):
        if type(item) is str:
            actions[i] = memo.setdefault(item, item)
        elif type(item) is dict:
            for key in ("action", "player"):
                value = item.get(key)
                if type(value) is str:
                    item[key] = memo.setdefault(value, value)


def read_record(file: str, text: str, *, save: bool = False) -> dict[str, Any]:
    """Parse and check a record's (or, with ``save``, a save's) JSON text.

    :raises FileFormatError: for text that is not JSON, or not a record
        (a :class:`RecordError` for several problems).
    """
    record = _parse_json(file, text, "not a saved game" if save else "not JSON")
    if save and not (isinstance(record, dict) and "session" in record):
        raise FileFormatError(
            file,
            "not a saved game (expected a 'session' entry of format "
            "'dummybridge-session/1', as 'dummybridge play --seat' writes)",
            path="$.session",
        )
    problems = _schema_problems(file, record)
    if not problems:
        problems = list(_notation_problems(file, record))
    _raise(problems)
    return dict(record)


def load_record(path: str | os.PathLike[str], *, save: bool = False) -> dict[str, Any]:
    """Read and check a record (or a save) file.

    :raises FileFormatError: for a file that is not a record.
    :raises OSError: when it cannot be read.
    """
    return read_record(os.fspath(path), _read_text(path), save=save)


# --------------------------------------------------------------------------- the rules


def record_rules(
    record: Mapping[str, Any], file: str = "<record>", rules_file: str | None = None
) -> RuleSet:
    """The rules a checked record was made under, never opening a path it names.

    :param rules_file: the rule file the user gave (``--rules FILE``): used
        instead of the record's, if it is the same rules (the same SHA-256 of
        its effective text when the record carries one; else the same name).
    :raises FileFormatError: for rules that cannot be found or do not match.
    :raises RuleFileError: for a ``rules_file`` that is not a valid rule file.
    """
    ref = record["rules"]
    if rules_file is not None:
        from ..language.loader import load_rules

        rules = load_rules(rules_file)
        if "sha256" in ref and text_hash(rules_text(rules)) != ref["sha256"]:
            raise FileFormatError(
                file,
                f"--rules {rules_file} is not the rule file the record was made with "
                f"(the record's rules have SHA-256 {ref['sha256'][:16]}..., "
                f"{rules_file}'s {text_hash(rules_text(rules))[:16]}...)",
                path="$.rules.sha256",
            )
        if rules.name != ref["name"]:
            raise FileFormatError(
                file,
                f"--rules {rules_file} is {rules.name!r}, but the record was made "
                f"with {ref['name']!r}",
                path="$.rules.name",
            )
        return rules
    try:
        rules = rules_of_reference(ref)
    except RuleFileError as exc:
        raise RecordError(
            [
                FileFormatError(
                    file,
                    f"line {d.line}, column {d.col} of the rules' text: {d.path}: {d.message}",
                    path="$.rules.text",
                )
                for d in exc.diagnostics
            ]
        ) from None
    except DummyBridgeError as exc:
        raise FileFormatError(file, str(exc), path="$.rules") from None
    if rules.name != ref["name"]:
        raise FileFormatError(
            file,
            f"the record names the rules {ref['name']!r}, but its rules are {rules.name!r}",
            path="$.rules.name",
        )
    return rules


# --------------------------------------------------------------------------- replaying


def replay_record(
    record: Mapping[str, Any], file: str = "<record>", rules: RuleSet | None = None
) -> Game:
    """Check a record and play it again.

    :param rules: the rule set to replay under; by default the record's
        (:func:`record_rules`).
    :raises FileFormatError: for a record that is not one, a version that
        differs from the rules', or an action that is not legal when its turn comes.
    """
    problems = _schema_problems(file, record)
    if not problems:
        problems = list(_notation_problems(file, dict(record)))
    _raise(problems)
    return _replay(record, file, rules)


def _replay(
    record: Mapping[str, Any],
    file: str,
    rules: RuleSet | None,
    see: Callable[[Game], None] | None = None,
    spend: bool = False,
) -> Game:
    """Replay a record already checked against the schema (``see``,
    ``spend``: see :func:`load_game`)."""
    ref = record["rules"]
    if rules is None:
        rules = record_rules(record, file)
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
            f"{rules.name} needs {rules.table.players} different player names, "
            f"not {_brief(players) if len(players) > 8 else players!r}",
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
            players=players,
            deals=deals,
            rubbers=record.get("rubbers", 1),
            laws=record.get("laws", False),
        )
    except (DummyBridgeError, ValueError, TypeError) as exc:
        raise FileFormatError(file, str(exc), path="$") from None
    game.pack_after = 0  # its log is read, not played on: packed at every deal (oplog.py)
    _replay_actions(game, record["actions"], file, see, spend)
    return game


def _replay_actions(
    game: Game,
    actions: list[Any],
    file: str,
    see: Callable[[Game], None] | None,
    spend: bool = False,
) -> None:
    """Apply a checked record's actions in turn: each text read once (a record
    repeats a few dozen), and one taken in turn without ``player=``, so that
    a card takes the C card step (:mod:`..engine.hotpath`). With ``spend``,
    each is taken off the list as it is applied (the list reversed first, so
    that it shrinks from its end): the record lets go as the game grows."""
    read: dict[str, Action] = {}
    apply = game.apply
    if spend:
        actions.reverse()
    for i, item in enumerate(_taken(actions) if spend else actions):
        if see is not None:
            see(game)
        text, player = (item, None) if type(item) is str else (item["action"], item["player"])
        try:
            action = read.get(text)
            if action is None:
                action = read[text] = Action.parse(text)
            if player is None:
                apply(recorded_action(game, action))
            else:
                apply(recorded_action(game, action), player=player)
        except DummyBridgeError as exc:
            raise FileFormatError(file, str(exc), path=f"$.actions[{i}]") from None
    if see is not None:
        see(game)


def _taken(actions: list[Any]) -> Iterator[Any]:
    """A reversed list's items, each taken off its end as it is asked for."""
    pop = actions.pop
    while actions:
        yield pop()


def check_session(record: Mapping[str, Any], game: Game, file: str) -> None:
    """Check a save's ``session`` against its replayed game.

    :raises FileFormatError: for a human who is not a player, or a bot state
        for a player no bot plays (or that is not a PRNG state).
    """
    from ..core._native import Rng
    from ..errors import OutOfRangeError

    session = record["session"]
    human = session["human"]
    if human not in game.players:
        raise FileFormatError(
            file,
            f"{human!r} is not one of the players {list(game.players)!r}",
            path="$.session.human",
        )
    problems = []
    for player, state in session.get("bot_states", {}).items():
        where = f"$.session.bot_states.{player}"
        if player not in game.players or player == human:
            problems.append(FileFormatError(file, f"no bot plays {_brief(player)}", path=where))
            continue
        try:
            Rng(1).setstate(state)
        except (OutOfRangeError, TypeError, ValueError) as exc:
            problems.append(FileFormatError(file, str(exc), path=where))
    _raise(problems)


def read_game(
    file: str, text: str, *, save: bool = False, rules_file: str | None = None
) -> tuple[Game, dict[str, Any]]:
    """Check and replay a record (or, with ``save``, a save) given as text:
    what :func:`load_game` does once the file is read, for a record that
    comes from elsewhere (an upload to the web table, an import).

    :param file: what messages call it.
    :param rules_file: ``--rules FILE``, if the user gave one.
    :returns: the replayed game and the checked record.
    :raises FileFormatError: for anything wrong with it, located.
    :raises RuleFileError: for a ``rules_file`` that is not a valid rule file.
    """
    return _game_of(read_record(file, text, save=save), file, save, rules_file)


def _game_of(
    record: dict[str, Any],
    file: str,
    save: bool,
    rules_file: str | None,
    see: Callable[[Game], None] | None = None,
    spend: bool = False,
) -> tuple[Game, dict[str, Any]]:
    rules = record_rules(record, file, rules_file)
    game = _replay(record, file, rules, see, spend)
    if save:
        check_session(record, game, file)
    return game, record


def load_game(
    path: str | os.PathLike[str],
    *,
    save: bool = False,
    rules_file: str | None = None,
    see: Callable[[Game], None] | None = None,
    spend: bool = False,
) -> tuple[Game, dict[str, Any]]:
    """Read, check and replay a record file (or, with ``save``, a save): what
    ``export``, ``analyse`` and ``resume`` run (see :func:`read_game`).

    :param see: called with the game before each action of the replay and
        once after the last, so that what needs a replay of the game (the
        PBN export: :class:`~.pbn_export.Replayed`) need not make another.
    :param spend: let the record's actions go as they are replayed (the
        record returned has none left; the game has them all): for a caller
        that wants the game alone (``export``), so that the record's
        actions (in laws mode a mapping for each taken out of turn, some 3
        times the file) and the whole game are never held together.
    :raises OSError: when it cannot be read.
    """
    file = os.fspath(path)
    record = read_record(file, _read_text(path), save=save)  # the text is let go before the replay
    return _game_of(record, file, save, rules_file, see, spend)
