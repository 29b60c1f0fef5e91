"""Rule files: strict YAML → positions → ``extends:`` merge → schema → semantic checks.

This module is the rule language's public face. With the modules it runs,
each of one concern, it is the only reader of YAML in the package (STYLE (c) 1):
:mod:`~dummybridge.language.yamlsrc` (strict YAML, with positions),
:mod:`~dummybridge.language.registry` (the shipped rule files by name),
:mod:`~dummybridge.language.extends` (the chain and the merge),
:mod:`~dummybridge.language.schemas` (the schemas, and the defaults),
:mod:`~dummybridge.language.explain` and :mod:`~dummybridge.language.wording`
(the messages), :mod:`~dummybridge.language.semantics` (what the schema cannot
say).

A rule file goes through five stages, and loading stops after the first stage
that finds a problem, so that one mistake does not cause a cascade of
follow-on errors (STYLE (c) 6); but in a file that extends built-in variants
the schema and the semantic checks report together, so that its errors come
in one round (issue 21): the semantic checks read each top-level section the
schema found at fault as the built-in variants write it:

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

import copy
import json
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal

from ..errors import Diagnostic, RuleFileError
from . import explain, schemas
from .explain import SchemaCheck
from .extends import Chain, Places, SourceFile, builtin_path, merge_chain
from .registry import (
    BUILTIN_PREFIX,
    HOUSE_PREFIX,
    VariantInfo,
    builtin_variants,
    find_variant,
    house_rules,
)
from .schemas import load_schema, schema_text
from .wording import JsonPath, json_path, parse_json_path
from .yamlsrc import PLAIN_WORDS, Source, Val, tree_of_text, value_at

if TYPE_CHECKING:
    from .ruleset import RuleSet

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
    "load_rules_text",
    "load_schema",
    "schema_text",
    "validate",
    "validate_files",
    "validate_text",
]

#: what diagnostics call a rule file given as text (:func:`load_rules_text`)
UPLOAD_DISPLAY = "<upload>"

# The name of the shipped schemas' text under which other layers import it
# (``apps/conform.py``: ``dummybridge schema --scenario``).
_schema_text = schemas.schema_text_of


# --------------------------------------------------------------------------- public types


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
    _positions: Places = field(repr=False, compare=False)
    _displays: tuple[str, ...] = field(repr=False, compare=False, default=())

    def position(self, path: JsonPath | str) -> tuple[str, int, int]:
        """Where a value of :attr:`data` was written: ``(file, line, column)``, 1-based.

        A value that no file wrote (a schema default) is placed at the nearest
        enclosing value that was written.

        :param path: a tuple of keys and indices, or a JSON path such as ``"$.scoring.game"``.
        :returns: the file (as diagnostics name it), the line and the column.
        :raises ValueError: if ``path`` is a string that is not a JSON path.
        """
        parts = parse_json_path(path) if isinstance(path, str) else tuple(path)
        val = self._positions.nearest(parts)[1]
        return self._displays[val.file], val.line, val.col


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
    _positions: Places = field(repr=False, compare=False)

    def diagnostic(
        self, path: JsonPath, message: str, hint: str | None = None, *, at_key: bool = False
    ) -> Diagnostic:
        """A diagnostic at the value written for ``path`` (or at its key), in
        the loader's ``FILE:LINE:COL: error: PATH: message`` form; a value that
        was not written (a default) is placed at its nearest written parent."""
        parts, val = self._positions.nearest(tuple(path))
        line, col = val.line, val.col
        if at_key and parts == tuple(path) and val.key_line:
            line, col = val.key_line, val.key_col
        return Diagnostic(self.display, line, col, json_path(path), message, hint)

    def line(self, path: JsonPath) -> int:
        """The line where the value at ``path`` (or its nearest written parent) was written."""
        return self._positions.nearest(tuple(path))[1].line


# --------------------------------------------------------------------------- public API


def load_rules(source: str | os.PathLike[str]) -> RuleSet:
    """Load a rule file (or a built-in variant) as a typed, immutable rule set.

    :param source: a built-in variant's name or alias (``"bridge"``), or a path.
    :returns: the rule set the interpreter runs.
    :raises RuleFileError: if the file cannot be loaded; it carries every problem found.
    """
    from .ruleset import RuleSet

    shipped = builtin_path(source)
    if shipped is not None:
        return _shipped_rules(str(source), shipped)
    document = load_document(source)
    return RuleSet.from_data(document.data, origin=document.display)


# The shipped rule files are read once a process: they are package data and do
# not change while it runs. A rule set is immutable and shared; a document's
# data is a plain dict, so each caller of load_document gets its own copy.
_SHIPPED_DOCUMENTS: dict[Path, Document] = {}
_SHIPPED_RULES: dict[Path, RuleSet] = {}


def _shipped_document(name: str, path: Path) -> Document:
    """The shipped rule file at ``path`` (which ``name`` names), loaded once."""
    document = _SHIPPED_DOCUMENTS.get(path)
    if document is None:
        document, diagnostics = _Load(False).run(name)
        if diagnostics or document is None:
            raise RuleFileError(diagnostics)
        _SHIPPED_DOCUMENTS[path] = document
    return document


def _shipped_rules(name: str, path: Path) -> RuleSet:
    """The rule set of the shipped rule file at ``path``, built once."""
    from .ruleset import RuleSet

    rules = _SHIPPED_RULES.get(path)
    if rules is None:
        document = _shipped_document(name, path)
        rules = _SHIPPED_RULES[path] = RuleSet.from_data(document.data, origin=document.display)
    return rules


def load_document(source: str | os.PathLike[str], *, verbose: bool = False) -> Document:
    """Load a rule file through every stage and return the effective document.

    :param source: a built-in variant's name or alias, or a path to a rule file.
    :param verbose: report every alternative of a failed ``oneOf``/``anyOf``.
    :returns: the merged, defaulted, validated document.
    :raises RuleFileError: if anything is wrong; it carries every problem found
        at the first stage that failed, sorted by position.
    """
    shipped = builtin_path(source)
    if shipped is not None:
        return copy.deepcopy(_shipped_document(str(source), shipped))
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


def load_rules_text(text: str, display: str = UPLOAD_DISPLAY) -> RuleSet:
    """Load a rule file given as text (an upload), which may ``extends:`` only
    a built-in variant or shipped house rule, never a path.

    :param text: the rule file's text.
    :param display: what diagnostics call the file.
    :raises RuleFileError: with every problem found, as :func:`load_rules`.
    """
    from .ruleset import RuleSet

    document, diagnostics = _TextLoad(text, display).run(display)
    if diagnostics or document is None:
        raise RuleFileError(diagnostics)
    return RuleSet.from_data(document.data, origin=document.display)


def validate_text(text: str, display: str = UPLOAD_DISPLAY) -> list[Diagnostic]:
    """The problems of a rule file given as text (see :func:`load_rules_text`);
    empty when it is valid."""
    return _TextLoad(text, display).run(display)[1]


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
        return json.dumps([d.to_data() for d in diagnostics], indent=2, ensure_ascii=False)
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
    token = schemas.ACTIVE.set(schema)
    words = PLAIN_WORDS.set(frozenset(plain_words))
    try:
        load = _Load(False, noun=noun, first_key=first_key)
        load.files.append(SourceFile(Path(source), os.fspath(source)))
        tree = load.read_file(0)
        if tree is None:
            raise RuleFileError(load.sorted_diagnostics())
        data = tree.data  # (the defaults filled in change no place: those are in arrays)
        load.positions = Places([tree], chain=False)
        load.check_schema(data)
        if load.diagnostics:
            raise RuleFileError(load.sorted_diagnostics())
        schemas.apply_defaults(data, schemas.root())
    finally:
        schemas.ACTIVE.reset(token)
        PLAIN_WORDS.reset(words)
    return DataFile(data, load.files[0].display, load.positions)


# --------------------------------------------------------------------------- the stages


class _Load(Chain):
    """One run of the loader over one source: collects diagnostics stage by stage
    (stages 1 and 2 are the :class:`~dummybridge.language.extends.Chain`'s)."""

    def __init__(
        self, verbose: bool, *, noun: str = "rule file", first_key: str = "dummybridge: 1"
    ) -> None:
        super().__init__(noun, first_key)
        self.verbose = verbose
        self.positions = Places([])
        self.trees: list[Source] = []  # the chain read, the top file first
        self.deleted: dict[JsonPath, Val] = {}

    def report_at(
        self, path: JsonPath, message: str, hint: str | None, *, at_key: bool = False
    ) -> None:
        """Report at the value (or its key) written for ``path`` in the merged document."""
        parts, val = self.positions.nearest(path)
        line, col = val.line, val.col
        if at_key and parts == path and val.key_line:
            line, col = val.key_line, val.key_col
        self.report(val.file, line, col, json_path(path), message, hint)

    def run(self, source: str | os.PathLike[str]) -> tuple[Document | None, list[Diagnostic]]:
        """Every stage, stopping after the first that finds a problem."""
        top = self.resolve_source(source)
        if top is None:
            return None, self.diagnostics
        trees = self.read(top)
        if self.diagnostics or not trees:
            return None, self.sorted_diagnostics()
        data = merge_chain(trees, self.deleted, share_top=True)
        self.trees = trees
        self.positions = Places(trees)
        faulty = self.check_schema(data)
        if faulty is None:  # the document as a whole is not a rule file's mapping
            return None, self.sorted_diagnostics()
        checked = self.without_faults(data, faulty)
        if checked is None:
            return None, self.sorted_diagnostics()
        schemas.apply_defaults(checked, schemas.root())
        self.check_semantics(checked)
        if self.diagnostics:
            return None, self.sorted_diagnostics()
        return self.document(checked), []

    def without_faults(self, data: dict[str, Any], faulty: set[str]) -> dict[str, Any] | None:
        """What the semantic checks read when the schema found faults: the
        document with each faulty top-level section as the built-in variants
        it extends write it (valid, so that no error follows from the fault);
        ``None`` (the semantic checks wait for the next round) when the file
        extends no built-in variant, or extends a file of the user's."""
        if not faulty:
            return dict(data)
        if len(self.trees) < 2 or not all(f.builtin for f in self.files[1:]):
            return None
        base = merge_chain(self.trees[1:], {})
        checked = {k: v for k, v in data.items() if k not in faulty}
        checked.update((k, base[k]) for k in faulty if k in base)
        return checked

    def document(self, data: dict[str, Any]) -> Document:
        """Stage 5: the loaded document, with where each value was written."""
        return Document(
            data=data,
            name=data["name"],
            version=data["version"],
            path=self.files[0].path.absolute(),
            files=tuple(f.path.absolute() for f in self.files),
            display=self.files[0].display,
            _positions=self.positions,
            _displays=tuple(f.display for f in self.files),
        )

    def check_schema(self, data: Any) -> set[str] | None:
        """Stage 3b: every error of the schema, in plain words. Returns the
        top-level sections they are in, which the semantic checks then leave
        out, so that a file's errors of both kinds come in one round (``None``
        when the document itself is not a mapping, or past
        :data:`~dummybridge.language.explain.MAX_PROBLEMS`: nothing to check further)."""
        check = SchemaCheck(data, self.positions, self.files, self.deleted, self.verbose)
        faulty: set[str] = set()
        for n, (path, message, hint, at_key) in enumerate(check.problems()):
            if n == explain.MAX_PROBLEMS or message == explain.STOPPED:
                self.report_at(path, explain.STOPPED, explain.STOPPED_HINT)
                return None  # (nothing checked further)
            self.report_at(path, message, hint, at_key=at_key)
            if path:
                faulty.add(str(path[0]))
        return faulty if isinstance(data, dict) else None

    def check_semantics(self, data: dict[str, Any]) -> None:
        """Stage 4: what the schema cannot say
        (:mod:`~dummybridge.language.semantics`), each problem at its value."""
        from . import semantics

        changed = _Changes(self, data)
        for path, message, hint in semantics.check(data, changed):
            self.report_at(tuple(path), message, hint)


class _Changes:
    """Whether the file being loaded changes the value at a path itself: writes
    it, with a value other than the one it would have without the file (its
    bases merged, or the schema's defaults alone)."""

    def __init__(self, load: _Load, data: dict[str, Any]) -> None:
        trees = load.trees
        self.base: Any = merge_chain(trees[1:], {}) if len(trees) > 1 else {}
        schemas.apply_defaults(self.base, schemas.root())
        self.positions = load.positions
        self.data = data

    def before(self, path: JsonPath) -> Any:
        """The value without the file: its bases', else the schema's default."""
        value = value_at(self.base, path)
        if value is None:  # a section no base writes: the schema's default
            schema = schemas.schema_at(path) or {}
            value = (
                schema["default"]
                if "default" in schema
                else schemas.resolve_ref(schema).get("default")
            )
        return value

    def __call__(self, path: JsonPath) -> bool:
        val = self.positions.get(path)
        if val is None or val.file != 0:
            return False
        was = self.before(path)
        if was is None:  # a required key has nothing before the file that first writes it
            parent = schemas.resolve_ref(schemas.schema_at(path[:-1]) or {})
            return path[-1] not in parent.get("required", ())
        return bool(was != value_at(self.data, path))


class _TextLoad(_Load):
    """A load whose top file is text in memory; its ``extends:`` may name only
    a shipped file (a path would read the server's files)."""

    def __init__(self, text: str, display: str) -> None:
        super().__init__(False)
        self.text = text
        self.display = display

    def resolve_source(self, source: str | os.PathLike[str]) -> SourceFile | None:
        return SourceFile(Path(self.display), self.display)

    def read_file(self, index: int) -> Source | None:
        if index != 0:
            return super().read_file(index)
        tree, problems = tree_of_text(self.text.removeprefix("\ufeff"), 0)
        for p in problems:
            self.report(0, p.line, p.col, p.path, p.message, p.hint)
        return tree

    def resolve_path(self, index: int, extends: Val, value: str) -> SourceFile | None:
        if self.files[index].builtin:
            return super().resolve_path(index, extends, value)
        names = ", ".join(v.name for v in builtin_variants())
        self.report(
            index,
            extends.line,
            extends.col,
            "$.extends",
            f"cannot extend {value!r}: rules given as text may extend only a built-in "
            "variant or house rule, not a file",
            f"write the name of one: {names}",
        )
        return None
