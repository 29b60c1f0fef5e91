"""Rule files: strict YAML → positions → ``extends:`` merge → schema → semantic checks.

This is the only module that reads YAML (STYLE (c) 1). A rule file goes through
five stages, and loading stops after the first stage that finds a problem, so
that one mistake does not cause a cascade of follow-on errors (STYLE (c) 6):

1. **read and parse** every file of the ``extends:`` chain with a strict YAML
   loader: no tags, anchors, aliases or merge keys, no duplicate keys, no YAML
   1.1 booleans (``yes``/``no``/``on``/``off``/``y``/``n``); timestamps stay
   strings and only the YAML 1.2 core forms are numbers;
2. **resolve** each ``extends:`` (a built-in variant's name or alias, or a path
   ending in ``.yaml``/``.yml`` relative to the extending file), rejecting cycles;
3. **merge** the chain (mappings merge recursively, lists and scalars replace,
   ``null`` deletes an inherited key) and **validate** the merged document
   against the JSON Schema shipped in the package, collecting every error;
4. fill in the schema's ``default`` values and run the **semantic checks** of
   :mod:`dummybridge.language.semantics`;
5. build the result: a :class:`Document` (or, through :func:`load_rules`, a
   typed ``RuleSet``).

Every problem becomes a :class:`~dummybridge.errors.Diagnostic` located at the
line and column a person wrote, in whichever file of the chain wrote it:
``FILE:LINE:COL: error: $.json.path: message``, with a ``hint:`` line taken
from the schema's ``description`` (or a did-you-mean) where one helps.

>>> doc = load_document("bridge")
>>> doc.name, doc.version, doc.data["scoring"]["game"]
('bridge', '1.0', 30)
>>> file, line, column = doc.position(("scoring", "game"))
>>> file, column
('<built-in>/bridge.yaml', 9)
"""

from __future__ import annotations

import ast
import copy
import difflib
import json
import os
import posixpath
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import lru_cache
from importlib.resources import files as _resource_files
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

import yaml
from yaml.composer import Composer
from yaml.events import AliasEvent, ScalarEvent, SequenceStartEvent
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from yaml.resolver import Resolver

from ..core.files import FileTooLargeError, read_bytes
from ..errors import Diagnostic, RuleFileError

if TYPE_CHECKING:
    from jsonschema import Validator
    from jsonschema.exceptions import ValidationError

    from .ruleset import RuleSet

_CParser: Any
try:  # libyaml's event parser, when PyYAML was built with it
    from yaml import _yaml

    _CParser = _yaml.CParser
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    _CParser = None

__all__ = [
    "BUILTIN_PREFIX",
    "HOUSE_PREFIX",
    "DataFile",
    "Document",
    "VariantInfo",
    "builtin_variants",
    "find_variant",
    "format_diagnostics",
    "house_rules",
    "load_data_file",
    "load_document",
    "load_rules",
    "load_schema",
    "schema_text",
    "validate",
    "validate_files",
]

JsonPath = tuple[str | int, ...]
"""A path into a document: keys and list indices from the root (``("scoring", "game")``)."""

BUILTIN_PREFIX = "<built-in>"
"""How diagnostics name the directory of the built-in rule files (``<built-in>/bridge.yaml``)."""

HOUSE_PREFIX = "house/"
"""How the shipped house rules (``rules/house/``) are named: ``house/lilies``, a name
that ``load_rules``, ``find_variant``, ``extends:`` and the command line accept (as
they accept ``lilies`` alone, where no built-in variant has that name)."""

_SCHEMA_FILE = "ruleset.schema.json"
_YAML_SUFFIXES = (".yaml", ".yml")
_NOT_INHERITED = ("extends", "aliases")  # a file's own identity, never taken from its base
_HOUSE_NAME = re.compile(r"house/[A-Za-z][A-Za-z0-9-]*\Z", re.I)  # a shipped house rule's name


# --------------------------------------------------------------------------- public types


@dataclass(frozen=True, slots=True)
class VariantInfo:
    """A built-in variant: what :func:`builtin_variants` lists.

    :ivar name: the variant's name (``"bridge"``).
    :ivar title: its title for people.
    :ivar aliases: other names it answers to.
    :ivar path: the installed rule file.
    """

    name: str
    title: str
    aliases: tuple[str, ...]
    path: Path


@dataclass(frozen=True)
class Document:
    """A loaded rule file: the effective, merged, defaulted and validated data.

    :ivar data: the effective document (``extends:`` applied, schema defaults
        filled in, ``extends`` itself removed), as plain JSON-model data.
    :ivar name: the variant's name.
    :ivar version: the rule file's version string.
    :ivar path: the file that was loaded (the top of the chain).
    :ivar files: the chain of files, the loaded file first, then what it extends.
    :ivar display: the loaded file as diagnostics name it.
    """

    data: dict[str, Any]
    name: str
    version: str
    path: Path
    files: tuple[Path, ...]
    display: str
    _positions: Mapping[JsonPath, tuple[str, int, int]] = field(repr=False, compare=False)

    def position(self, path: JsonPath | str) -> tuple[str, int, int]:
        """Where a value of :attr:`data` was written: ``(file, line, column)``, 1-based.

        A value that no file wrote (a schema default) is placed at the nearest
        enclosing value that was written.

        :param path: a tuple of keys and indices, or a JSON path such as ``"$.scoring.game"``.
        :returns: the file (as diagnostics name it), the line and the column.
        :raises ValueError: if ``path`` is a string that is not a JSON path.
        """
        parts = _parse_json_path(path) if isinstance(path, str) else tuple(path)
        while parts not in self._positions and parts:
            parts = parts[:-1]
        return self._positions[parts]


@dataclass(frozen=True)
class DataFile:
    """A YAML file of another kind than a rule file (a scenario file), read by
    the same strict loader and checked against its own schema shipped in the
    package: see :func:`load_data_file`.

    :ivar data: the document as plain JSON-model data, schema defaults filled in.
    :ivar display: the file as diagnostics name it.
    """

    data: Any
    display: str
    _positions: Mapping[JsonPath, tuple[int, int, int, int]] = field(repr=False, compare=False)

    def diagnostic(
        self, path: JsonPath, message: str, hint: str | None = None, *, at_key: bool = False
    ) -> Diagnostic:
        """A diagnostic at the value written for ``path`` (or at its key), in
        the loader's ``FILE:LINE:COL: error: PATH: message`` form; a value that
        was not written (a default) is placed at its nearest written parent."""
        parts = tuple(path)
        while parts not in self._positions and parts:
            parts = parts[:-1]
        line, col, key_line, key_col = self._positions[parts]
        if at_key and parts == tuple(path) and key_line:
            line, col = key_line, key_col
        return Diagnostic(self.display, line, col, _json_path(path), message, hint)

    def line(self, path: JsonPath) -> int:
        """The line where the value at ``path`` (or its nearest written parent) was written."""
        parts = tuple(path)
        while parts not in self._positions and parts:
            parts = parts[:-1]
        return self._positions[parts][0]


# --------------------------------------------------------------------------- public API


def load_rules(source: str | os.PathLike[str]) -> RuleSet:
    """Load a rule file (or a built-in variant) as a typed, immutable rule set.

    :param source: a built-in variant's name or alias (``"bridge"``), or a path.
    :returns: the rule set the interpreter runs.
    :raises RuleFileError: if the file cannot be loaded; it carries every problem found.
    """
    from .ruleset import RuleSet

    document = load_document(source)
    return RuleSet.from_data(document.data, origin=document.display)


def load_document(source: str | os.PathLike[str], *, verbose: bool = False) -> Document:
    """Load a rule file through every stage and return the effective document.

    :param source: a built-in variant's name or alias, or a path to a rule file.
    :param verbose: report every alternative of a failed ``oneOf``/``anyOf``.
    :returns: the merged, defaulted, validated document.
    :raises RuleFileError: if anything is wrong; it carries every problem found
        at the first stage that failed, sorted by position.
    """
    document, diagnostics = _Load(verbose).run(source)
    if diagnostics or document is None:
        raise RuleFileError(diagnostics)
    return document


def validate(source: str | os.PathLike[str], *, verbose: bool = False) -> list[Diagnostic]:
    """Check a rule file and return its problems (none if it is valid).

    :param source: a built-in variant's name or alias, or a path to a rule file.
    :param verbose: report every alternative of a failed ``oneOf``/``anyOf``
        instead of the best match followed by ``(N more, use -v)``.
    :returns: the diagnostics, sorted by position; empty when the file is valid.
    """
    return _Load(verbose).run(source)[1]


def validate_files(
    sources: Iterable[str | os.PathLike[str]],
    *,
    fmt: Literal["text", "json"] = "text",
    verbose: bool = False,
) -> tuple[str, int]:
    """What ``dummybridge validate FILE…`` prints, and its exit status.

    In text form each valid file gives a line ``FILE: ok`` and each invalid one
    its diagnostics; in JSON form the output is one list holding the
    diagnostics of every file (``[]`` when all are valid).

    :param sources: the files (or built-in variant names) to check.
    :param fmt: ``"text"`` or ``"json"``.
    :param verbose: see :func:`validate`.
    :returns: the text to print (no trailing newline) and the exit status:
        0 if every file is valid, 1 otherwise.
    """
    chunks: list[str] = []
    everything: list[Diagnostic] = []
    for source in sources:
        diagnostics = validate(source, verbose=verbose)
        everything.extend(diagnostics)
        if fmt == "text":
            chunks.append(
                format_diagnostics(diagnostics) if diagnostics else f"{os.fspath(source)}: ok"
            )
    text = format_diagnostics(everything, "json") if fmt == "json" else "\n".join(chunks)
    return text, 1 if everything else 0


def format_diagnostics(
    diagnostics: Sequence[Diagnostic], fmt: Literal["text", "json"] = "text"
) -> str:
    """Format diagnostics for people (``"text"``) or for programs (``"json"``).

    Text is one line per problem, ``FILE:LINE:COL: error: PATH: MESSAGE``, each
    optionally followed by an indented ``hint:`` line. JSON is a list of objects
    with the keys ``file``, ``line``, ``column``, ``path``, ``severity``,
    ``message`` and ``hint`` (``null`` when there is none), indented by two.

    >>> d = Diagnostic("x.yaml", 3, 7, "$.deal.passes", "'right' is not one of 'left'")
    >>> print(format_diagnostics([d]))
    x.yaml:3:7: error: $.deal.passes: 'right' is not one of 'left'

    :param diagnostics: the diagnostics, in the order to print them.
    :param fmt: ``"text"`` or ``"json"``.
    :returns: the formatted text, with no trailing newline.
    :raises ValueError: for an unknown format.
    """
    if fmt == "text":
        return "\n".join(d.format() for d in diagnostics)
    if fmt == "json":
        return json.dumps(
            [
                {
                    "file": d.file,
                    "line": d.line,
                    "column": d.col,
                    "path": d.path,
                    "severity": d.severity,
                    "message": d.message,
                    "hint": d.hint,
                }
                for d in diagnostics
            ],
            indent=2,
            ensure_ascii=False,
        )
    raise ValueError(f"unknown diagnostics format {fmt!r}: expected 'text' or 'json'")


def load_data_file(
    source: str | os.PathLike[str],
    schema: str,
    *,
    noun: str,
    first_key: str,
    plain_words: Iterable[str] = (),
) -> DataFile:
    """Read a YAML file of another kind than a rule file with the strict loader
    and check it against ``schema``, a JSON Schema shipped in the package.

    The stages are the rule files' first and third (no ``extends:``): strict
    YAML, then the schema, stopping after the first that finds a problem; then
    the schema's defaults are filled in.

    :param source: the file's path.
    :param schema: the schema's file name in the package's ``schema`` folder.
    :param noun: what messages call the file (``"scenario file"``).
    :param first_key: the first line a file of this kind starts with, for hints.
    :param plain_words: YAML 1.1 boolean words (``y``, ``n``, ``on`` ...) this
        kind of file may write unquoted, as strings (a seat letter ``N``);
        every other one is refused as in rule files.
    :returns: the data, with where each value was written.
    :raises RuleFileError: with every problem found, as for a rule file.
    """
    token = _ACTIVE_SCHEMA.set(schema)
    words = _PLAIN_WORDS.set(frozenset(plain_words))
    try:
        load = _Load(False)
        load.noun, load.first_key = noun, first_key
        load.files.append(_File(Path(source), os.fspath(source)))
        tree = load.read_file(0)
        if tree is None:
            raise RuleFileError(load.sorted_diagnostics())
        data = _plain(tree)
        _index(tree, (), load.positions)
        load.check_schema(data)
        if load.diagnostics:
            raise RuleFileError(load.sorted_diagnostics())
        _apply_defaults(data, _root())
    finally:
        _ACTIVE_SCHEMA.reset(token)
        _PLAIN_WORDS.reset(words)
    return DataFile(
        data,
        load.files[0].display,
        {p: (v.line, v.col, v.key_line, v.key_col) for p, v in load.positions.items()},
    )


def schema_text() -> str:
    """The rule-file JSON Schema exactly as shipped (what ``dummybridge schema`` prints).

    :returns: the schema's JSON text.
    """
    return _schema_text()


def load_schema() -> dict[str, Any]:
    """The rule-file JSON Schema (draft 2020-12) as data; a fresh copy on each call.

    :returns: the parsed schema.
    """
    return copy.deepcopy(_schema())


def builtin_variants() -> list[VariantInfo]:
    """The built-in variants shipped in the package, sorted by name.

    Each is read from its own file's ``name``, ``title`` and ``aliases``.

    :returns: one :class:`VariantInfo` per built-in rule file.
    """
    return list(_builtin_variants())


def house_rules() -> list[VariantInfo]:
    """The house rules shipped in the package (``rules/house/``), sorted by name.

    Each is named ``house/NAME`` after its file's ``name`` (its aliases too),
    so a house rule never takes the name of a built-in variant; ``NAME`` alone
    finds it too when no built-in variant is called that.

    >>> [v.name for v in house_rules()][:2]
    ['house/auction-1908', 'house/auction-1908-doubling']

    :returns: one :class:`VariantInfo` per shipped house rule.
    """
    return list(_house_rules())


def find_variant(name: str) -> Path:
    """The rule file of a built-in variant or shipped house rule, looked up by
    name or alias, ignoring case (house rules as ``house/NAME``).

    >>> find_variant("Bridge-Whist").name
    'bridge.yaml'
    >>> find_variant("house/lilies").name
    'lilies.yaml'

    :param name: a variant's name or one of its aliases.
    :returns: the installed rule file.
    :raises RuleFileError: if no built-in variant has that name (with a did-you-mean).
    """
    info = _lookup_builtin(name)
    if info is None:
        message, hint = _unknown_variant(name)
        raise RuleFileError([Diagnostic(name, 1, 1, "$", message, hint)])
    return info.path


# --------------------------------------------------------------------------- schema


@lru_cache(maxsize=4)
def _schema_text(name: str = _SCHEMA_FILE) -> str:
    return (_resource_files("dummybridge.language") / "schema" / name).read_text(encoding="utf-8")


@lru_cache(maxsize=4)
def _schema_of(name: str) -> dict[str, Any]:
    result: dict[str, Any] = json.loads(_schema_text(name))
    return result


def _schema() -> dict[str, Any]:
    return _schema_of(_SCHEMA_FILE)


# The schema a load checks against: the rule-file schema unless a load of
# another kind of file (a scenario file) sets its own for its duration.
_ACTIVE_SCHEMA: ContextVar[str] = ContextVar("_ACTIVE_SCHEMA", default=_SCHEMA_FILE)


# YAML 1.1 booleans a kind of file may write plainly as words (a scenario
# file's seat letter N); rule files allow none.
_PLAIN_WORDS: ContextVar[frozenset[str]] = ContextVar("_PLAIN_WORDS", default=frozenset())


def _root() -> dict[str, Any]:
    """The schema of the load under way: what ``$ref``s and paths are resolved in."""
    name = _ACTIVE_SCHEMA.get()
    return _schema() if name == _SCHEMA_FILE else _schema_of(name)


@lru_cache(maxsize=4)
def _validator_of(name: str) -> Validator:
    """The compiled validator, built once: draft 2020-12 where only ints are integers."""
    from jsonschema import Draft202012Validator, validators

    def is_integer(checker: object, instance: object) -> bool:
        # jsonschema counts 30.0 as an integer; a rule file must write 30.
        return isinstance(instance, int) and not isinstance(instance, bool)

    checker = Draft202012Validator.TYPE_CHECKER.redefine("integer", is_integer)
    strict = validators.extend(Draft202012Validator, type_checker=checker)  # type: ignore[no-untyped-call]
    validator: Validator = strict(_schema_of(name))
    return validator


def _validator() -> Validator:
    """The validator of the load under way."""
    return _validator_of(_ACTIVE_SCHEMA.get())


def _deref(schema: Mapping[str, Any]) -> Mapping[str, Any]:
    """The target of a schema's local ``$ref`` (``#/$defs/x``), one level."""
    target: Any = _root()
    for part in schema["$ref"].lstrip("#").strip("/").split("/"):
        if part:
            target = target[part]
    result: Mapping[str, Any] = target
    return result


def _resolve_ref(schema: Mapping[str, Any]) -> Mapping[str, Any]:
    """Follow local ``$ref``s until a schema without one."""
    for _ in range(50):
        if "$ref" not in schema:
            break
        schema = _deref(schema)
    return schema


def _property_schema(schema: Mapping[str, Any], key: str) -> Mapping[str, Any] | None:
    """The schema of ``key`` in an object (``properties``, else ``additionalProperties``)."""
    schema = _resolve_ref(schema)
    sub: Mapping[str, Any] | None = schema.get("properties", {}).get(key)
    if sub is None and isinstance(schema.get("additionalProperties"), dict):
        sub = schema["additionalProperties"]
    return sub


def _schema_at(path: JsonPath) -> Mapping[str, Any] | None:
    """The schema describing the value at ``path`` (the property's own, before ``$ref``)."""
    schema: Mapping[str, Any] | None = _root()
    for part in path:
        if schema is None:
            return None
        if isinstance(part, int):
            schema = _resolve_ref(schema).get("items")
        else:
            schema = _property_schema(schema, part)
    return schema


def _description(schema: Mapping[str, Any] | None) -> str | None:
    """A schema's description (its own, else its ``$ref`` target's)."""
    if schema is None:
        return None
    if "description" in schema:
        return str(schema["description"])
    resolved = _resolve_ref(schema)
    return str(resolved["description"]) if "description" in resolved else None


_SENTENCE = re.compile(r"(.+?[.!?])(?=\s|$)", re.S)


def _first_sentence(text: str | None) -> str | None:
    if not text:
        return None
    match = _SENTENCE.match(text.strip())
    return " ".join((match.group(1) if match else text).split())


def _error_description(error: ValidationError) -> str | None:
    """The description nearest the failing keyword along the error's schema path.

    The schema path does not name the ``$ref``s it went through, so a part that
    a schema lacks is looked up in that schema's ``$ref`` target. A ``$ref``
    with a sibling ``description`` keeps that description (the property's own
    words) rather than the generic one of its target.
    """
    node: Any = _root()
    found: str | None = node.get("description")
    for part in list(error.absolute_schema_path)[:-1]:  # the last part is the keyword
        pinned = False
        while isinstance(node, dict) and part not in node and "$ref" in node:
            pinned = pinned or "description" in node
            node = _deref(node)
            if not pinned and "description" in node:
                found = node["description"]
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            return found
        if isinstance(node, dict) and "description" in node:
            found = node["description"]
    return found


# --------------------------------------------------------------------------- built-ins


@lru_cache(maxsize=1)
def _builtin_variants() -> tuple[VariantInfo, ...]:
    return _read_variants("dummybridge.rules", "")


@lru_cache(maxsize=1)
def _house_rules() -> tuple[VariantInfo, ...]:
    return _read_variants("dummybridge.rules.house", HOUSE_PREFIX)


def _read_variants(package: str, prefix: str) -> tuple[VariantInfo, ...]:
    """The rule files of a package folder, each named by its ``name`` (with ``prefix``)."""
    directory = _resource_files(package)
    found: list[VariantInfo] = []
    for entry in sorted(directory.iterdir(), key=lambda e: e.name):
        if not entry.name.endswith(_YAML_SUFFIXES):
            continue
        path = Path(str(entry))
        tree: _Val | None = None
        try:
            tree = _parse(path.read_text(encoding="utf-8"), 0, [])
        except (OSError, UnicodeDecodeError):
            tree = None
        top = tree.value if tree is not None and isinstance(tree.value, dict) else {}
        name = _plain(top.get("name")) if "name" in top else None
        title = _plain(top.get("title")) if "title" in top else None
        aliases = _plain(top.get("aliases")) if "aliases" in top else []
        found.append(
            VariantInfo(
                name=prefix + (name if isinstance(name, str) else path.stem),
                title=title if isinstance(title, str) else "",
                aliases=tuple(prefix + a for a in aliases if isinstance(a, str))
                if isinstance(aliases, list)
                else (),
                path=path,
            )
        )
    return tuple(sorted(found, key=lambda v: v.name))


def _lookup_builtin(name: str) -> VariantInfo | None:
    """A built-in variant or shipped house rule by name or alias, ignoring case.

    A house rule answers to ``house/NAME`` and, when no built-in variant has
    the name, to ``NAME`` alone (the name its rule set and game records carry).
    """
    wanted = name.casefold()
    for info in (*_builtin_variants(), *_house_rules()):
        if wanted == info.name.casefold() or wanted in (a.casefold() for a in info.aliases):
            return info
    for info in _house_rules():
        names = (info.name, *info.aliases)
        if wanted in (n.removeprefix(HOUSE_PREFIX).casefold() for n in names):
            return info
    return None


def _unknown_variant(name: str) -> tuple[str, str]:
    """The message and hint for a name that is no built-in variant."""
    candidates = {
        n.casefold(): n
        for v in (*_builtin_variants(), *_house_rules())
        for n in (v.name, *v.aliases)
    }
    close = difflib.get_close_matches(name.casefold(), list(candidates), n=1, cutoff=0.6)
    message = f"unknown variant {name!r} ('dummybridge variants' lists the built-in ones)"
    if close:
        return message, f"did you mean {candidates[close[0]]!r}?"
    return message, "name a built-in variant or alias, or a path ending in .yaml or .yml"


def _builtin_display(path: Path) -> str:
    if any(info.path == path for info in _house_rules()):
        return f"{BUILTIN_PREFIX}/{HOUSE_PREFIX}{path.name}"
    return f"{BUILTIN_PREFIX}/{path.name}"


# --------------------------------------------------------------------------- strict YAML

_NULLS = frozenset({"", "~", "null", "Null", "NULL"})
_BOOLS = {"true": True, "True": True, "TRUE": True, "false": False, "False": False, "FALSE": False}
_YAML11_BOOL = re.compile(r"(?:yes|no|on|off|y|n)\Z", re.I)
_INT = re.compile(r"[-+]?[0-9]+\Z")
_FLOAT = re.compile(r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?\Z")
_SPECIAL_FLOATS = {
    ".inf": float("inf"), "+.inf": float("inf"), "-.inf": float("-inf"), ".nan": float("nan")
}  # fmt: skip
_YAML_BOOL_HINT = "write true/false, or quote it"
_TOO_DEEP = "the file nests too deeply to be a rule file"
_NO_REUSE_HINT = "write the value out in full; to build on another rule file, use extends:"


@dataclass(slots=True)
class _Val:
    """A value read from a rule file, with where it was written.

    ``value`` is a ``dict[str, _Val]``, a ``list[_Val]`` or a scalar; ``raw`` is
    the text of a plain scalar (so ``1.10`` is reported as written).
    """

    value: Any
    file: int
    line: int
    col: int
    key_line: int = 0
    key_col: int = 0
    raw: str | None = None


@dataclass(slots=True)
class _Problem:
    line: int
    col: int
    path: str
    message: str
    hint: str | None = None


_Flag = tuple[int, int, str, str | None]


class _Strict(Composer):
    """A composer that builds nodes only and flags tags, anchors and aliases.

    Nothing is raised for those: each node's problems are kept in
    :attr:`flags` (by node id, with the node) and reported with the node's
    JSON path when the tree is converted, so every problem is reported in one run.
    """

    flags: dict[int, tuple[Node, list[_Flag]]]

    if TYPE_CHECKING:  # provided by the parser the composer is mixed with

        def check_event(self, *choices: Any) -> bool: ...
        def peek_event(self) -> Any: ...
        def get_event(self) -> Any: ...

    def compose_node(self, parent: Node | None, index: object) -> Node:
        found: list[_Flag] = []
        if self.check_event(AliasEvent):
            event = self.get_event()
            mark = event.start_mark
            found.append(
                (
                    mark.line + 1,
                    mark.column + 1,
                    f"YAML aliases are not allowed ('*{event.anchor}')",
                    _NO_REUSE_HINT,
                )
            )
            node: Node = ScalarNode("tag:yaml.org,2002:null", "", event.start_mark, event.end_mark)
        else:
            event = self.peek_event()
            line, col = event.start_mark.line + 1, event.start_mark.column + 1
            if event.anchor is not None:
                message = f"YAML anchors are not allowed ('&{event.anchor}')"
                found.append((line, col, message, _NO_REUSE_HINT))
            if event.tag is not None:
                tag = event.tag.replace("tag:yaml.org,2002:", "!!")
                hint = "rule files are plain data: write the value without the tag"
                found.append((line, col, f"YAML tags are not allowed ({tag!r})", hint))
            if self.check_event(ScalarEvent):
                node = self.compose_scalar_node(None)  # type: ignore[arg-type]
            elif self.check_event(SequenceStartEvent):
                node = self.compose_sequence_node(None)  # type: ignore[arg-type]
            else:
                node = self.compose_mapping_node(None)  # type: ignore[arg-type]
        if found:
            self.flags[id(node)] = (node, found)
        return node


class _StrictLoader(_Strict, yaml.SafeLoader):
    """The strict composer over PyYAML's pure-Python scanner and parser.

    Its error messages and positions are the ones diagnostics report.
    """

    def __init__(self, stream: str) -> None:
        yaml.SafeLoader.__init__(self, stream)
        self.flags = {}


if _CParser is not None:

    class _StrictCLoader(_Strict, _CParser, Resolver):  # type: ignore[misc]
        """The strict composer over libyaml's event parser: the same nodes, ten times faster.

        Used only for files that parse without error; a file libyaml rejects is
        parsed again with :class:`_StrictLoader`, so that diagnostics do not
        depend on whether PyYAML was built with libyaml.
        """

        def __init__(self, stream: str) -> None:
            _CParser.__init__(self, stream)
            Composer.__init__(self)
            Resolver.__init__(self)
            self.flags = {}


class _Converter:
    """Turns a composed node tree into annotated values, collecting YAML-hygiene problems."""

    def __init__(self, file: int, flags: dict[int, tuple[Node, list[_Flag]]]) -> None:
        self.file = file
        self.flags = flags
        self.problems: list[_Problem] = []

    def flagged(self, node: Node, path: JsonPath) -> bool:
        """Report the tags, anchors or aliases found on ``node``; whether there were any."""
        entry = self.flags.pop(id(node), None)
        if entry is None:
            return False
        for line, col, message, hint in entry[1]:
            self.problems.append(_Problem(line, col, _json_path(path), message, hint))
        return True

    def leftovers(self) -> None:
        """Report flags of nodes never converted (those composed before a syntax error)."""
        for _node, found in self.flags.values():
            for line, col, message, hint in found:
                self.problems.append(_Problem(line, col, "$", message, hint))
        self.flags.clear()

    def scalar(self, node: ScalarNode, path: JsonPath, tagged: bool = False) -> Any:
        """The JSON-model value of a scalar: only YAML 1.2 core forms are not strings."""
        text = node.value
        if node.style or tagged:  # quoted, block or (rejected) tagged: a string
            return text
        if text in _NULLS:
            return None
        if text in _BOOLS:
            return _BOOLS[text]
        if _YAML11_BOOL.match(text) and text not in _PLAIN_WORDS.get():
            self.yaml11_bool(node, path)
            return text
        if _INT.match(text):
            return int(text)
        if _FLOAT.match(text):
            return float(text)
        if text.lower() in _SPECIAL_FLOATS:
            return _SPECIAL_FLOATS[text.lower()]
        return text  # timestamps, 1:30, 0x1F, 1_000 … stay strings

    def yaml11_bool(self, node: ScalarNode, path: JsonPath) -> None:
        mark = node.start_mark
        self.problems.append(
            _Problem(
                mark.line + 1,
                mark.column + 1,
                _json_path(path),
                f"{node.value!r} is not a boolean here: only true and false are",
                _YAML_BOOL_HINT,
            )
        )

    def convert(self, node: Node, path: JsonPath, key: tuple[int, int] = (0, 0)) -> _Val:
        """The annotated value of ``node``, found at ``path``; ``key`` is its key's position."""
        tagged = self.flagged(node, path)
        line, col = node.start_mark.line + 1, node.start_mark.column + 1
        if isinstance(node, ScalarNode):
            raw = node.value if not node.style else None
            value = self.scalar(node, path, tagged)
            return _Val(value, self.file, line, col, key[0], key[1], raw)
        if isinstance(node, SequenceNode):
            items = [self.convert(item, (*path, i)) for i, item in enumerate(node.value)]
            return _Val(items, self.file, line, col, key[0], key[1])
        mapping: dict[str, _Val] = {}
        first_line: dict[str, int] = {}
        for key_node, value_node in node.value:
            kline, kcol = key_node.start_mark.line + 1, key_node.start_mark.column + 1
            if not isinstance(key_node, ScalarNode):
                kind = "a mapping" if isinstance(key_node, MappingNode) else "a list"
                message = f"a key must be a name, not {kind}"
                self.problems.append(_Problem(kline, kcol, _json_path(path), message))
                self.convert(key_node, path)
                self.convert(value_node, path)
                continue
            name = key_node.value
            tagged = self.flagged(key_node, (*path, name))
            if not key_node.style and name == "<<":
                self.problems.append(
                    _Problem(
                        kline,
                        kcol,
                        _json_path(path),
                        "YAML merge keys ('<<') are not allowed",
                        "to build on another rule file, use extends:",
                    )
                )
                self.convert(value_node, path)
                continue
            if (
                not key_node.style
                and not tagged
                and _YAML11_BOOL.match(name)
                and name not in _PLAIN_WORDS.get()
            ):
                self.yaml11_bool(key_node, (*path, name))
            value = self.convert(value_node, (*path, name), (kline, kcol))
            if name in mapping:
                self.problems.append(
                    _Problem(
                        kline,
                        kcol,
                        _json_path((*path, name)),
                        f"duplicate key {name!r} (first defined at line {first_line[name]})",
                        "a key may appear only once in a mapping: delete one of them",
                    )
                )
                continue
            first_line[name] = kline
            mapping[name] = value
        return _Val(mapping, self.file, line, col, key[0], key[1])


_SYNTAX_HINTS = (
    # (words in PyYAML's problem, more words that must be there too, the hint)
    (
        "cannot start any token",
        "'\\t'",
        "YAML indents with spaces only: replace the tab with spaces",
    ),
    (
        "mapping values are not allowed",
        "",
        "a ': ' starts a key: check the indentation, or quote a value that contains ': '",
    ),
    (
        "expected <block end>",
        "",
        "check the indentation: this line does not line up with the lines above it",
    ),
    ("could not find expected ':'", "", "a key must be followed by ': ' (a colon and a space)"),
    (
        "expected ',' or '}'",
        "",
        "a {…} mapping is not closed: add the missing '}' (or ',' between entries)",
    ),
    (
        "expected ',' or ']'",
        "",
        "a […] list is not closed: add the missing ']' (or ',' between entries)",
    ),
    ("found unexpected end of stream", "", "a quoted string is not closed: add the closing quote"),
)


def _syntax_problem(error: yaml.MarkedYAMLError) -> _Problem:
    mark = error.problem_mark or error.context_mark
    line, col = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
    problem = (error.problem or "").strip()
    if isinstance(error, yaml.composer.ComposerError) and "another document" in problem:
        return _Problem(
            line,
            col,
            "$",
            "a second YAML document starts here, but a rule file is a single document",
            "remove the '---' line and what follows, or merge the two",
        )
    hint = None
    for needle, also, text in _SYNTAX_HINTS:
        if needle in problem and also in problem:
            hint = text
            break
    if "'\\t'" in problem:
        problem = "a tab character here"
    context = (error.context or "").strip()
    if context and error.context_mark is not None and error.context_mark is not mark:
        problem += f" ({context} at line {error.context_mark.line + 1})"
    return _Problem(line, col, "$", f"YAML syntax error: {problem}", hint)


def _line_col(text: str, index: int) -> tuple[int, int]:
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


def _parse(text: str, file: int, problems: list[_Problem], *, libyaml: bool = True) -> _Val | None:
    """Parse one rule file's text; ``None`` if it is empty or could not be parsed.

    :param libyaml: try libyaml's parser first (if PyYAML has it); errors are
        always reported from PyYAML's own parser.
    """
    if libyaml and _CParser is not None:
        fast = _StrictCLoader(text)
        try:
            node = fast.get_single_node()
        except (yaml.YAMLError, RecursionError):
            pass  # report it from the pure-Python parser below
        else:
            return _converted(node, file, fast.flags, problems)
        finally:
            fast.dispose()
    loader: _StrictLoader | None = None
    node = None
    try:
        loader = _StrictLoader(text)
        node = loader.get_single_node()
    except yaml.MarkedYAMLError as error:
        problems.append(_syntax_problem(error))
    except yaml.reader.ReaderError as error:
        line, col = _line_col(text, error.position)
        char = error.character
        code = f"#x{char:04x}" if isinstance(char, int) else repr(char)
        problems.append(
            _Problem(
                line,
                col,
                "$",
                f"the character {code} is not allowed in YAML",
                "delete it, or write it as an escape in a double-quoted string",
            )
        )
    except RecursionError:
        problems.append(_Problem(1, 1, "$", _TOO_DEEP))
    finally:
        if loader is not None:
            loader.dispose()
    if loader is None:
        return None
    return _converted(node, file, loader.flags, problems)


def _converted(
    node: Node | None,
    file: int,
    flags: dict[int, tuple[Node, list[_Flag]]],
    problems: list[_Problem],
) -> _Val | None:
    converter = _Converter(file, flags)
    tree = None
    if node is not None:
        try:
            tree = converter.convert(node, ())
        except RecursionError:
            converter.problems.append(_Problem(1, 1, "$", _TOO_DEEP))
    converter.leftovers()
    problems.extend(converter.problems)
    return tree


def _plain(val: _Val | None) -> Any:
    """The JSON-model data of an annotated value."""
    if val is None:
        return None
    if isinstance(val.value, dict):
        return {k: _plain(v) for k, v in val.value.items()}
    if isinstance(val.value, list):
        return [_plain(v) for v in val.value]
    return val.value


def _value_at(data: Any, path: JsonPath) -> Any:
    """The value at ``path`` in plain data, or ``None`` where there is none."""
    for part in path:
        if isinstance(data, dict) and isinstance(part, str):
            data = data.get(part)
        elif isinstance(data, list) and isinstance(part, int) and 0 <= part < len(data):
            data = data[part]
        else:
            return None
    return data


def _index(val: _Val, path: JsonPath, into: dict[JsonPath, _Val]) -> None:
    into[path] = val
    if isinstance(val.value, dict):
        for k, v in val.value.items():
            _index(v, (*path, k), into)
    elif isinstance(val.value, list):
        for i, v in enumerate(val.value):
            _index(v, (*path, i), into)


# --------------------------------------------------------------------------- messages

_TYPE_WORDS = {
    "object": "a mapping",
    "array": "a list",
    "string": "a string",
    "integer": "an integer",
    "number": "a number",
    "boolean": "true or false",
    "null": "nothing",
}


def _json_path(path: Iterable[str | int]) -> str:
    """``("scoring", "honours", 2)`` → ``$.scoring.honours[2]``; odd keys are quoted."""
    out = "$"
    for part in path:
        if isinstance(part, int):
            out += f"[{part}]"
        elif re.fullmatch(r"[A-Za-z_][A-Za-z0-9_-]*", part):
            out += f".{part}"
        else:
            out += "['" + part.replace("\\", "\\\\").replace("'", "\\'") + "']"
    return out


_PATH_PART = re.compile(r"\.([A-Za-z_][A-Za-z0-9_-]*)|\[(\d+)\]|\['((?:[^'\\]|\\.)*)'\]")


def _parse_json_path(text: str) -> JsonPath:
    if not text.startswith("$"):
        raise ValueError(f"not a JSON path: {text!r} (expected something like '$.scoring.game')")
    parts: list[str | int] = []
    pos = 1
    while pos < len(text):
        match = _PATH_PART.match(text, pos)
        if match is None:
            raise ValueError(f"not a JSON path: {text!r} (at {text[pos:]!r})")
        name, index, quoted = match.groups()
        if name is not None:
            parts.append(name)
        elif index is not None:
            parts.append(int(index))
        else:
            parts.append(re.sub(r"\\(.)", r"\1", quoted))
        pos = match.end()
    return tuple(parts)


def _show(value: Any, raw: str | None = None) -> str:
    """A value as a person wrote it: strings quoted, numbers as in the file."""
    if isinstance(value, str):
        return repr(value)
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, (int, float)):
        return raw if raw is not None else repr(value)
    return json.dumps(value, ensure_ascii=False)


_GOT_MAX = 60  # characters of a wrong string value quoted in a message


def _got(value: Any, raw: str | None) -> str:
    if isinstance(value, str):
        if len(value) > _GOT_MAX:  # a whole file read as one scalar: quote its start
            return f"the string {value[:_GOT_MAX]!r}... ({len(value)} characters)"
        return f"the string {value!r}"
    if isinstance(value, bool):
        return f"the boolean {_show(value)}"
    if isinstance(value, (int, float)):
        return f"the number {_show(value, raw)}"
    if value is None:
        return "an empty value" if raw == "" else "null"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return repr(value)  # pragma: no cover - the JSON model has no other types


def _one_of(values: Iterable[Any]) -> str:
    return ", ".join(_show(v) for v in values)


def _did_you_mean(word: Any, choices: Iterable[Any]) -> str | None:
    if not isinstance(word, str):
        return None
    names = [c for c in choices if isinstance(c, str)]
    close = difflib.get_close_matches(word, names, n=1, cutoff=0.6)
    if not close:
        lowered = {c.casefold(): c for c in names}
        close = [lowered[word.casefold()]] if word.casefold() in lowered else []
    return f"did you mean {close[0]!r}?" if close else None


# --------------------------------------------------------------------------- merging


@dataclass(slots=True)
class _File:
    """One file of an ``extends:`` chain."""

    path: Path
    display: str
    builtin: bool = False
    extends: bool = False


def _merge(base: _Val | None, over: _Val, path: JsonPath, deleted: dict[JsonPath, _Val]) -> _Val:
    """``over`` applied on ``base``: mappings merge, lists and scalars replace, null deletes.

    A null with nothing inherited to delete stays a null value, for the schema
    to report.
    """
    if base is None or not isinstance(base.value, dict) or not isinstance(over.value, dict):
        return over
    result = dict(base.value)
    for key, value in over.value.items():
        if value.value is None and key in result:
            del result[key]
            deleted[(*path, key)] = value
        else:
            result[key] = _merge(result.get(key), value, (*path, key), deleted)
    return _Val(result, over.file, over.line, over.col, over.key_line, over.key_col)


# --------------------------------------------------------------------------- the stages


class _Load:
    """One run of the loader over one source: collects diagnostics stage by stage."""

    def __init__(self, verbose: bool) -> None:
        self.verbose = verbose
        self.files: list[_File] = []
        self.diagnostics: list[Diagnostic] = []
        self.positions: dict[JsonPath, _Val] = {}
        self.trees: list[_Val] = []  # the chain read, the top file first
        self.deleted: dict[JsonPath, _Val] = {}
        self.typos: set[tuple[JsonPath, str]] = set()
        self.data: dict[str, Any] = {}
        self.noun = "rule file"  # what the messages call the file
        self.first_key = "dummybridge: 1"

    # -- helpers

    def report(
        self, file: int, line: int, col: int, path: str, message: str, hint: str | None = None
    ) -> None:
        self.diagnostics.append(
            Diagnostic(self.files[file].display, line, col, path, message, hint)
        )

    def report_at(
        self, path: JsonPath, message: str, hint: str | None, *, at_key: bool = False
    ) -> None:
        """Report at the value (or its key) written for ``path`` in the merged document."""
        parts = path
        while parts not in self.positions and parts:
            parts = parts[:-1]
        val = self.positions[parts]
        line, col = val.line, val.col
        if at_key and parts == path and val.key_line:
            line, col = val.key_line, val.key_col
        self.report(val.file, line, col, _json_path(path), message, hint)

    def sorted_diagnostics(self) -> list[Diagnostic]:
        order = {f.display: i for i, f in reversed(list(enumerate(self.files)))}
        unique: dict[tuple[object, ...], Diagnostic] = {}
        for d in self.diagnostics:
            unique.setdefault((d.file, d.line, d.col, d.path, d.message), d)
        return sorted(
            unique.values(),
            key=lambda d: (order.get(d.file, len(order)), d.line, d.col, d.path, d.message),
        )

    # -- the run

    def run(self, source: str | os.PathLike[str]) -> tuple[Document | None, list[Diagnostic]]:
        top = self.resolve_source(source)
        if top is None:
            return None, self.diagnostics
        trees = self.read_chain(top)
        if self.diagnostics or not trees:
            return None, self.sorted_diagnostics()
        merged = self.merge(trees)
        self.trees = trees
        data = _plain(merged)
        _index(merged, (), self.positions)
        self.check_schema(data)
        if self.diagnostics:
            return None, self.sorted_diagnostics()
        _apply_defaults(data, _root())
        self.check_semantics(data)
        if self.diagnostics:
            return None, self.sorted_diagnostics()
        document = Document(
            data=data,
            name=data["name"],
            version=data["version"],
            path=self.files[0].path.absolute(),
            files=tuple(f.path.absolute() for f in self.files),
            display=self.files[0].display,
            _positions={
                p: (self.files[v.file].display, v.line, v.col) for p, v in self.positions.items()
            },
        )
        return document, []

    def resolve_source(self, source: str | os.PathLike[str]) -> _File | None:
        if not isinstance(source, str):
            text = os.fspath(source)
            return _File(Path(text), text)
        looks_like_path = (
            source.lower().endswith(_YAML_SUFFIXES) or "/" in source or os.sep in source
        ) and not _HOUSE_NAME.match(source)
        if not looks_like_path:
            info = _lookup_builtin(source)
            if info is not None:
                return _File(info.path, _builtin_display(info.path), builtin=True)
            if not Path(source).exists():
                message, hint = _unknown_variant(source)
                self.diagnostics.append(
                    Diagnostic(source, 1, 1, "$", f"no such file, and {message}", hint)
                )
                return None
        return _File(Path(source), source)

    def read_file(self, index: int) -> _Val | None:
        """Stage 1 for one file: read, decode and parse it; report what is wrong."""
        file = self.files[index]
        where = (index, 1, 1, "$")
        try:
            raw = read_bytes(file.path)
        except FileTooLargeError as error:
            self.report(*where, error.message)
            return None
        except FileNotFoundError:
            self.report(*where, f"cannot read the {self.noun}: no such file")
            return None
        except IsADirectoryError:
            self.report(*where, f"cannot read the {self.noun}: it is a directory")
            return None
        except PermissionError:
            what = "it is a directory" if file.path.is_dir() else "permission denied"
            self.report(*where, f"cannot read the {self.noun}: {what}")
            return None
        except OSError as error:
            self.report(*where, f"cannot read the {self.noun}: {error.strerror or error}")
            return None
        if raw.startswith(b"\xef\xbb\xbf"):
            raw = raw[3:]
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as error:
            before = raw[: error.start]
            line = before.count(b"\n") + 1
            col = len(before[before.rfind(b"\n") + 1 :].decode("utf-8", "replace")) + 1
            self.report(
                index,
                line,
                col,
                "$",
                f"the file is not valid UTF-8 (byte 0x{raw[error.start]:02x})",
                "save the file as UTF-8",
            )
            return None
        problems: list[_Problem] = []
        tree = _parse(text, index, problems)
        for p in problems:
            message = p.message.replace("a rule file", f"a {self.noun}")
            self.report(index, p.line, p.col, p.path, message, p.hint)
        if problems:
            return None
        if tree is None:
            self.report(
                *where,
                "the file is empty",
                f"a {self.noun} is a mapping of keys to values: start with '{self.first_key}'",
            )
            return None
        if not isinstance(tree.value, dict):
            self.report(
                index,
                tree.line,
                tree.col,
                "$",
                f"a {self.noun} must be a mapping of keys to values, "
                f"not {_got(tree.value, tree.raw)}",
                f"start with '{self.first_key}'"
                + (
                    ", then name:, title:, version: and the sections"
                    if self.noun == "rule file"
                    else ""
                ),
            )
            return None
        return tree

    def read_chain(self, top: _File) -> list[_Val]:
        """Stages 1 and 2: read every file of the ``extends:`` chain, the top file first."""
        self.files.append(top)
        trees: list[_Val] = []
        seen: dict[Path, int] = {}
        while True:
            index = len(self.files) - 1
            current = self.files[index]
            seen[_identity(current.path)] = index
            tree = self.read_file(index)
            if tree is None:
                return []
            trees.append(tree)
            extends = tree.value.get("extends")
            if extends is None:
                return trees
            current.extends = True
            target = self.resolve_extends(index, extends)
            if target is None:
                return []
            identity = _identity(target.path)
            if identity in seen:
                start = seen[identity]
                chain = [f.display for f in self.files[start:]] + [self.files[start].display]
                self.report(
                    index,
                    extends.line,
                    extends.col,
                    "$.extends",
                    f"extends cycle: {' -> '.join(chain)}",
                    "a rule file cannot extend itself, directly or through others",
                )
                return []
            self.files.append(target)

    def resolve_extends(self, index: int, extends: _Val) -> _File | None:
        here = (index, extends.line, extends.col, "$.extends")
        value = extends.value
        if not isinstance(value, str) or not value:
            self.report(
                *here,
                "expected the name of a built-in variant or a path ending in .yaml or .yml, "
                f"got {_got(value, extends.raw)}",
                _first_sentence(_description(_schema()["properties"]["extends"])),
            )
            return None
        current = self.files[index]
        if value.lower().endswith(_YAML_SUFFIXES):
            path = current.path.parent / value
            parent = current.display.replace("\\", "/")
            display = posixpath.normpath(posixpath.join(posixpath.dirname(parent), value))
            shown = repr(value) if display == value else f"{value!r} ({display})"
            if not path.exists():
                builtin = _lookup_builtin(Path(value).stem) if "/" not in value else None
                hint = (
                    f"to extend the built-in variant, write extends: {builtin.name}"
                    if builtin
                    else None
                )
                self.report(*here, f"cannot extend {shown}: no such file", hint)
                return None
            if path.is_dir():
                self.report(*here, f"cannot extend {shown}: it is a directory")
                return None
            return _File(path, display)
        info = _lookup_builtin(value)
        if info is None:
            message, hint = _unknown_variant(value)
            self.report(*here, f"cannot extend {message}", hint)
            return None
        return _File(info.path, _builtin_display(info.path), builtin=True)

    def merge(self, trees: list[_Val], deleted: dict[JsonPath, _Val] | None = None) -> _Val:
        """Stage 3a: apply the chain from its base to the top file (the nulls
        that delete inherited keys are recorded in ``deleted``, by default the
        load's own record)."""
        if deleted is None:
            deleted = self.deleted
        merged = trees[-1]
        for tree in reversed(trees[:-1]):
            base = dict(merged.value)
            for key in _NOT_INHERITED:
                base.pop(key, None)
            merged = _merge(_Val(base, merged.file, merged.line, merged.col), tree, (), deleted)
        if "extends" in merged.value:
            merged = _Val(
                {k: v for k, v in merged.value.items() if k != "extends"},
                merged.file,
                merged.line,
                merged.col,
            )
        return merged

    # -- stage 3: the schema

    def check_schema(self, data: dict[str, Any]) -> None:
        self.data = data
        errors = list(_validator().iter_errors(data))
        # A misspelt key is also a missing one: report it once, as the unknown
        # key with its did-you-mean.
        for error in errors:
            if error.validator == "additionalProperties" and isinstance(error.schema, dict):
                known = list(error.schema.get("properties", {}))
                instance: Any = error.instance
                for key in instance:
                    if key not in known:
                        for match in difflib.get_close_matches(key, known, n=1, cutoff=0.6):
                            self.typos.add((tuple(error.absolute_path), match))
        # A value of the wrong type fails its other keywords too (const, enum,
        # minimum …): report only the type.
        mistyped = {tuple(e.absolute_path) for e in errors if e.validator == "type"}
        for error in errors:
            if tuple(error.absolute_path) in mistyped and error.validator in _SAME_VALUE_KEYWORDS:
                continue
            for path, message, hint, at_key in self.explain(error):
                self.report_at(path, message, hint, at_key=at_key)

    def explain(self, error: ValidationError) -> list[tuple[JsonPath, str, str | None, bool]]:
        """One schema error in plain words: ``(path, message, hint, at_key)`` items."""
        from jsonschema.exceptions import best_match

        path: JsonPath = tuple(error.absolute_path)
        keyword: Any = error.validator
        instance: Any = error.instance
        wanted: Any = error.validator_value  # what the keyword asks for
        schema: dict[str, Any] = error.schema if isinstance(error.schema, dict) else {}
        raw = self.positions[path].raw if path in self.positions else None
        described = _first_sentence(_error_description(error))

        if keyword in ("oneOf", "anyOf"):
            leaves = list(_leaves(error))
            if leaves and all(
                e.validator in ("enum", "const") and tuple(e.absolute_path) == path for e in leaves
            ):
                allowed: list[Any] = []
                for e in leaves:
                    value: Any = e.validator_value
                    for v in value if e.validator == "enum" else [value]:
                        if v not in allowed:
                            allowed.append(v)
                message = f"{_show(instance, raw)} is not one of {_one_of(allowed)}"
                return [(path, message, _did_you_mean(instance, allowed) or described, False)]
            if self.verbose:
                return [item for leaf in leaves for item in self.explain(leaf)]
            best = best_match([error])
            if best is error or best.validator in ("oneOf", "anyOf"):
                best = max(leaves, key=lambda e: len(e.absolute_path))
            items = self.explain(best)
            if len(leaves) > 1 and items:
                p, m, h, k = items[0]
                items[0] = (p, f"{m} ({len(leaves) - 1} more, use -v)", h, k)
            return items

        if keyword == "additionalProperties":
            known = sorted(schema.get("properties", {}))
            return [
                (
                    (*path, key),
                    f"unknown key {key!r} (expected one of: {', '.join(known)})",
                    _did_you_mean(key, known),
                    True,
                )
                for key in instance
                if key not in known
            ]

        if keyword == "required":
            key = _missing_key(error)
            if (path, key) in self.typos:
                return []
            origin = self.deleted.get((*path, key))
            hint = _first_sentence(_description(_property_schema(_schema_at(path) or {}, key)))
            if origin is not None:
                self.positions[(*path, key)] = origin
                return [
                    (
                        (*path, key),
                        f"missing required key {key!r} (this null deletes the inherited one)",
                        hint,
                        False,
                    )
                ]
            return [(path, f"missing required key {key!r}", hint, False)]

        if "propertyNames" in error.absolute_schema_path:
            key = str(instance)
            message = f"{key!r} is not a valid key here"
            if keyword == "pattern":
                message += f": it must match {wanted}"
            return [((*path, key), message, described, True)]

        if keyword == "type":
            wanted = wanted
            kinds = wanted if isinstance(wanted, list) else [wanted]
            expected = " or ".join(_TYPE_WORDS.get(str(k), str(k)) for k in kinds)
            message = f"expected {expected}, got {_got(instance, raw)}"
            if instance is None and path in self.positions and self.is_extending(path):
                message += " (null deletes an inherited key, but nothing is inherited here)"
            return [(path, message, described, False)]

        if keyword == "enum":
            allowed = list(wanted)
            message = f"{_show(instance, raw)} is not one of {_one_of(allowed)}"
            return [(path, message, _did_you_mean(instance, allowed) or described, False)]

        if keyword == "const":
            message = f"expected {_show(wanted)}, got {_show(instance, raw)}"
            return [(path, message, described, False)]

        if keyword in ("minimum", "maximum"):
            low, high = schema.get("minimum"), schema.get("maximum")
            noun = "an integer" if schema.get("type") == "integer" else "a number"
            if low is not None and high is not None:
                message = f"expected {noun} from {low} to {high}, got {_show(instance, raw)}"
            elif keyword == "minimum":
                message = f"expected {noun} of at least {low}, got {_show(instance, raw)}"
            else:
                message = f"expected {noun} of at most {high}, got {_show(instance, raw)}"
            return [(path, message, described, False)]

        if keyword in ("minItems", "maxItems"):
            low, high = schema.get("minItems"), schema.get("maxItems")
            got = len(instance)
            if low is not None and low == high:
                message = f"expected {low} entries, got {got}"
            elif keyword == "minItems":
                message = f"expected at least {low} entries, got {got}"
            else:
                message = f"expected at most {high} entries, got {got}"
            return [(path, message, described, False)]

        if keyword == "uniqueItems":
            first: dict[str, int] = {}
            items = []
            for i, item in enumerate(instance):
                token = json.dumps(item, sort_keys=True)
                if token in first:
                    items.append(
                        (
                            (*path, i),
                            f"duplicate entry {_show(item)} (already at [{first[token]}])",
                            described,
                            False,
                        )
                    )
                else:
                    first[token] = i
            return items

        if keyword == "minLength":
            return [(path, "expected a non-empty string", described, False)]

        if keyword == "pattern":
            message = f"{_show(instance)} does not match {wanted}"
            return [(path, message, described, False)]

        if keyword in ("not", None):  # a key that this branch does not allow
            where = path[-1] if path else "$"
            message = f"key {where!r} is not allowed" + self.condition(error, path[:-1])
            return [(path, message, described, True)]

        return [
            (path, error.message, described, False)
        ]  # pragma: no cover - keywords unused so far

    def condition(self, error: ValidationError, parent: JsonPath) -> str:
        """`` when kind is 'unlimited'``: the ``if`` that chose the failing ``then``, in words."""
        parts = list(error.absolute_schema_path)
        if "then" not in parts:
            return " here"
        node: Any = _root()
        branch: Any = None
        for part in parts[: len(parts) - parts[::-1].index("then") - 1]:
            while isinstance(node, dict) and part not in node and "$ref" in node:
                node = _deref(node)
            try:
                node = node[part]
            except (KeyError, IndexError, TypeError):
                return " here"
        branch = node.get("if", {}) if isinstance(node, dict) else {}
        instance: Any = self.data
        for part in parent:
            instance = instance[part]
        words = [
            f"{name} is {_show(instance[name])}"
            for name, sub in branch.get("properties", {}).items()
            if isinstance(instance, dict) and name in instance and ("const" in sub or "enum" in sub)
        ]
        return f" when {' and '.join(words)}" if words else " here"

    def is_extending(self, path: JsonPath) -> bool:
        return self.files[self.positions[path].file].extends

    # -- stage 4: semantic checks

    def check_semantics(self, data: dict[str, Any]) -> None:
        from . import semantics

        # What the settings would be without the file being loaded: its bases
        # merged, or the schema's defaults alone.
        base: Any = _plain(self.merge(self.trees[1:], {})) if len(self.trees) > 1 else {}
        _apply_defaults(base, _root())

        def before(path: JsonPath) -> Any:
            value = _value_at(base, path)
            if value is None:  # a section no base writes: the schema's default
                schema = _schema_at(path) or {}
                value = (
                    schema["default"]
                    if "default" in schema
                    else _resolve_ref(schema).get("default")
                )
            return value

        def changed(path: JsonPath) -> bool:  # by the file being loaded itself
            val = self.positions.get(path)
            if val is None or val.file != 0:
                return False
            was = before(path)
            if was is None:  # a required key has nothing before the file that first writes it
                parent = _resolve_ref(_schema_at(path[:-1]) or {})
                return path[-1] not in parent.get("required", ())
            return bool(was != _value_at(data, path))

        for path, message, hint in semantics.check(data, changed):
            self.report_at(tuple(path), message, hint)


_SAME_VALUE_KEYWORDS = frozenset(
    {
        "const",
        "enum",
        "minimum",
        "maximum",
        "pattern",
        "minLength",
        "minItems",
        "maxItems",
        "uniqueItems",
    }
)


def _identity(path: Path) -> Path:
    try:
        return path.resolve()
    except (OSError, RuntimeError):  # a symlink loop: RuntimeError before Python 3.13
        return path.absolute()


def _leaves(error: ValidationError) -> Iterator[ValidationError]:
    """The innermost errors of a ``oneOf``/``anyOf``, in schema order."""
    for sub in sorted(error.context or [], key=lambda e: list(map(str, e.relative_schema_path))):
        if sub.validator in ("oneOf", "anyOf") and sub.context:
            yield from _leaves(sub)
        else:
            yield sub


_REQUIRED_MESSAGE = re.compile(r"(.+) is a required property\Z", re.S)


def _missing_key(error: ValidationError) -> str:
    match = _REQUIRED_MESSAGE.match(error.message)
    if match:
        try:
            key = ast.literal_eval(match.group(1))
        except (ValueError, SyntaxError):  # pragma: no cover - jsonschema repr()s the key
            key = None
        if isinstance(key, str):
            return key
    required: Any = error.validator_value  # pragma: no cover
    instance: Any = error.instance  # pragma: no cover
    missing = [k for k in required if k not in instance]  # pragma: no cover
    return str(missing[0]) if missing else "?"  # pragma: no cover


# --------------------------------------------------------------------------- defaults


def _apply_defaults(data: Any, schema: Mapping[str, Any]) -> None:
    """Fill in every missing property that has a schema ``default``, recursively.

    Only plain object ``properties`` (through ``$ref``), ``additionalProperties``
    schemas and array ``items`` are followed: enough for the rule language, where
    the schema is the one source of defaults.
    """
    if isinstance(data, dict):
        resolved = _resolve_ref(schema)
        properties: Mapping[str, Any] = resolved.get("properties", {})
        for key, sub in properties.items():
            if key not in data:
                default = sub["default"] if "default" in sub else _resolve_ref(sub).get("default")
                if default is None:
                    continue
                data[key] = copy.deepcopy(default)
            _apply_defaults(data[key], sub)
        extra = resolved.get("additionalProperties")
        if isinstance(extra, dict):
            for key, value in data.items():
                if key not in properties:
                    _apply_defaults(value, extra)
    elif isinstance(data, list):
        items = _resolve_ref(schema).get("items")
        if isinstance(items, dict):
            for value in data:
                _apply_defaults(value, items)
