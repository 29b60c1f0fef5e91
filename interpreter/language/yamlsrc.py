"""Strict YAML: a rule file's text becomes plain values, and where each was written.

The loader of PyYAML is too lenient for rule files, so this one reads the
parser's events itself, straight into JSON-model data (a :class:`Source`: no
object for each value, where each was written in arrays, found from a JSON
path when a message needs it):

- no tags, anchors, aliases or merge keys (each is reported, with a hint);
- no duplicate keys;
- no YAML 1.1 booleans (``yes``/``no``/``on``/``off``/``y``/``n``);
- timestamps stay strings, and only the YAML 1.2 core forms are numbers.

Every problem is collected as a :class:`Problem` (line, column, JSON path,
message, hint), so one run reports them all. libyaml's parser is used where
PyYAML has it; a file it rejects is parsed again by PyYAML's own, so that the
messages do not depend on how PyYAML was built.

>>> problems = []
>>> tree = parse("scoring:\\n  game: 30\\n  rubber: yes\\n", 0, problems)
>>> tree.data
{'scoring': {'game': 30, 'rubber': 'yes'}}
>>> tree.val(tree.find(("scoring", "game"))).line, problems[0].message
(2, "'yes' is not a boolean here: only true and false are")
"""

from __future__ import annotations

import re
from array import array
from contextvars import ContextVar
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml
from yaml.events import (
    AliasEvent,
    DocumentEndEvent,
    MappingEndEvent,
    MappingStartEvent,
    ScalarEvent,
    SequenceEndEvent,
    SequenceStartEvent,
    StreamEndEvent,
)

from ..core import files
from ..core.files import read_bytes
from ..errors import FileFormatError
from .wording import JsonPath, got, json_path

_CParser: Any
try:  # libyaml's event parser, when PyYAML was built with it
    from yaml import _yaml

    _CParser = _yaml.CParser
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    _CParser = None

__all__ = [
    "MAX_VALUES",
    "PLAIN_WORDS",
    "Problem",
    "Source",
    "Val",
    "parse",
    "read_tree",
    "tree_of_text",
    "value_at",
]

# YAML 1.1 booleans a kind of file may write plainly as words (a scenario
# file's seat letter N); rule files allow none.
PLAIN_WORDS: ContextVar[frozenset[str]] = ContextVar("PLAIN_WORDS", default=frozenset())

_NULLS = frozenset({"", "~", "null", "Null", "NULL"})
_BOOLS = {"true": True, "True": True, "TRUE": True, "false": False, "False": False, "FALSE": False}
_YAML11_BOOL = re.compile(r"(?:yes|no|on|off|y|n)\Z", re.I)
_INT = re.compile(r"[-+]?[0-9]+\Z")
_FLOAT = re.compile(r"[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?\Z")
_SPECIAL_FLOATS = {
    ".inf": float("inf"), "+.inf": float("inf"), "-.inf": float("-inf"), ".nan": float("nan")
}  # fmt: skip
_YAML_BOOL_HINT = "write true/false, or quote it"
MAX_DEPTH = 50
"""The deepest a rule file or scenario file may nest lists and mappings (the
built-in rule files nest 6 levels)."""
MAX_NUMBER_CHARS = 100
"""The most characters a number in a rule file may have (Python refuses to
read integers of more than 4,300 digits; no rule needs more than a few)."""
MAX_VALUES = 10_000
"""The most values (scalars, lists and mappings, keys not counted) a rule file
or scenario file may hold: some 44 times the largest built-in rule file's 228.
A short value costs Python some 50 bytes however it is read, so a file of
thousands of two-character values could not be held in 10 times its size
without this bound (docs/limits.md)."""
_TOO_DEEP = f"the file nests lists and mappings too deeply (at most {MAX_DEPTH} levels)"
_TOO_MANY_HINT = "a rule file holds rules, not data: split it, or write it with fewer values"
_REUSE = "write the value out in full; to build on another rule file, use extends:"
_TAG_HINT = "rule files are plain data: write the value without the tag"
_MERGE_KEY = "YAML merge keys ('<<') are not allowed"
_MERGE_HINT = "to build on another rule file, use extends:"
_NONE = object()
_PureParser = yaml.SafeLoader


@dataclass(slots=True)
class Val:
    """Where a value of a rule file was written (:meth:`Source.val`).

    ``value`` is the value where one was asked for (else ``None``); ``raw`` is
    the text of a plain scalar that is not a string (so ``1.10`` is reported
    as written, and an empty value as empty).
    """

    value: Any
    file: int
    line: int
    col: int
    key_line: int = 0
    key_col: int = 0
    raw: str | None = None


@dataclass(slots=True)
class Problem:
    line: int
    col: int
    path: str
    message: str
    hint: str | None = None


_Flag = tuple[int, int, str, str | None]
_NO_FLAGS: list[_Flag] = []


class _TooDeep(Exception):
    """Raised past :data:`MAX_DEPTH` (the problem is reported)."""


class _TooMany(Exception):
    """Raised at the value past :data:`MAX_VALUES` (the problem is reported)."""


_SCALAR, _LIST, _MAPPING, _NULL = 0, 1, 2, 3
_MEMO_MAX = 1024
"""The most texts a file's reading keeps to share (the first written: the
keys and words a file repeats); past them a text is kept as it came."""
_START = (ScalarEvent, AliasEvent, SequenceStartEvent, MappingStartEvent)


@dataclass(eq=True, slots=True)
class Source:
    """One file's values as plain data, and where each was written.

    ``data`` is JSON-model data (dicts, lists, strings, numbers ...): no
    object per value. Where each value was written is kept in arrays indexed
    by the value's place in the file (its event's, in document order):
    ``marks`` holds four numbers a value (line, column, and the line and
    column of its key, 0 for none), ``sizes`` how many values its subtree
    holds (itself included), ``kinds`` whether it is a scalar, a list or a
    mapping (or a null), ``keys`` its key (``None`` for an item of a list);
    ``raws`` the text of plain scalars that are not strings where it is not
    how they are shown (``1.10``, ``+3``, an empty value).
    A value's place is found from its JSON path when a message needs it
    (:meth:`find`), through the arrays alone.
    """

    data: Any
    file: int
    marks: array[int] = field(default_factory=lambda: array("I"))
    sizes: array[int] = field(default_factory=lambda: array("I"))
    kinds: bytearray = field(default_factory=bytearray)
    keys: list[str | None] = field(default_factory=list)
    raws: dict[int, str] = field(default_factory=dict)
    _children: dict[int, dict[object, int]] = field(default_factory=dict, repr=False, compare=False)

    def children(self, index: int) -> dict[object, int]:
        """The values in the list or mapping at ``index``, by key or position
        (made when first asked for, and kept)."""
        found = self._children.get(index)
        if found is None:
            found = {}
            child, end, n = index + 1, index + self.sizes[index], 0
            mapping = self.kinds[index] == _MAPPING
            while child < end:
                found.setdefault(self.keys[child] if mapping else n, child)
                child += self.sizes[child]
                n += 1
            self._children[index] = found
        return found

    def child(self, index: int, part: object) -> int | None:
        """The value at key or position ``part`` of the value at ``index``, if any."""
        kind = self.kinds[index]
        if kind not in (_LIST, _MAPPING) or (kind == _LIST) != (type(part) is int):
            return None
        return self.children(index).get(part)

    def find(self, path: JsonPath) -> int | None:
        """The index of the value written at ``path``, ``None`` if there is none."""
        index: int | None = 0
        for part in path:
            index = self.child(index, part)  # type: ignore[arg-type]
            if index is None:
                return None
        return index

    def path_of(self, index: int) -> JsonPath:
        """The JSON path of the value at ``index``."""
        path: list[str | int] = []
        at = 0
        while at != index:
            for part, child in self.children(at).items():
                if child <= index < child + self.sizes[child]:
                    path.append(part)  # type: ignore[arg-type]
                    at = child
                    break
            else:
                break
        return tuple(path)

    def val(self, index: int, value: Any = None) -> Val:
        """Where the value at ``index`` was written, as a :class:`Val`."""
        line, col, key_line, key_col = self.marks[4 * index : 4 * index + 4]
        return Val(value, self.file, line, col, key_line, key_col, self.raws.get(index))

    def is_null(self, index: int) -> bool:
        """Whether the value at ``index`` is a null (written as such, or empty)."""
        return self.kinds[index] == _NULL


class _Reader:
    """Builds a file's :class:`Source` from a parser's events, collecting
    YAML-hygiene problems: tags, anchors and aliases, duplicate keys, YAML 1.1
    booleans, numbers too long, nesting too deep, too many values."""

    def __init__(self, parser: Any, file: int, *, whole: bool = True) -> None:
        self.whole = whole  # past a value too deep, parse the rest (for its syntax errors)
        self.get = parser.get_event
        self.check = parser.check_event
        self.source = Source(None, file)
        self.problems: list[Problem] = []
        self.done: list[_Flag] = []  # the flags of values read whole, for a syntax error
        self.strings: dict[str, str] = {}  # texts shared: keys and strings
        self.plains: dict[str, Any] = {}  # plain scalars' values, by their text
        self.count = 0

    def flags(self, event: Any) -> list[_Flag]:
        """The tags, anchors and aliases on ``event`` (reported where its value is)."""
        if event.anchor is None and event.tag is None:  # (an alias has an anchor)
            return _NO_FLAGS  # (never changed: the callers read it)
        mark = event.start_mark
        line, col = mark.line + 1, mark.column + 1
        if isinstance(event, AliasEvent):
            return [(line, col, f"YAML aliases are not allowed ('*{event.anchor}')", _REUSE)]
        found: list[_Flag] = []
        if event.anchor is not None:
            found.append((line, col, f"YAML anchors are not allowed ('&{event.anchor}')", _REUSE))
        if event.tag is not None:
            tag = event.tag.replace("tag:yaml.org,2002:", "!!")
            found.append((line, col, f"YAML tags are not allowed ({tag!r})", _TAG_HINT))
        return found

    def report(self, found: list[_Flag], path: JsonPath) -> None:
        if not found:
            return
        for line, col, message, hint in found:
            self.problems.append(Problem(line, col, json_path(path), message, hint))

    def read(self) -> Source | None:
        """The document, ``None`` if the stream is empty; raises what the parser raises."""
        self.get()  # the stream's start
        if self.check(StreamEndEvent):
            self.get()
            return None
        self.get()  # the document's start
        first = self.get()
        try:
            self.source.data = self.value(first, ())
        except _TooDeep:
            if not self.whole:
                return None
            self.skip()
            self.source.data = None
        except _TooMany:
            return None
        self.get()  # the document's end
        if not self.check(StreamEndEvent):
            raise yaml.composer.ComposerError(
                "expected a single document in the stream",
                first.start_mark,
                "but found another document",
                self.get().start_mark,
            )
        self.get()
        return self.source if self.source.data is not None else None

    def skip(self) -> None:
        """Past a value too deep: the rest of the document, its flags reported at ``$``."""
        while not self.check(DocumentEndEvent):
            event: Any = self.get()
            if isinstance(event, _START):
                found = self.flags(event)
                self.report(found, ())
                self.done += found

    def value(self, event: Any, path: JsonPath, key: tuple[int, int] = (0, 0)) -> Any:
        """The plain value that starts with ``event``, written at ``path``."""
        source, index = self.source, self.count
        mark = event.start_mark
        line, col = mark.line + 1, mark.column + 1
        if index >= MAX_VALUES:
            message = f"the file has too many values (at most {MAX_VALUES:,})"
            self.problems.append(Problem(line, col, json_path(path), message, _TOO_MANY_HINT))
            raise _TooMany
        self.count += 1
        found = self.flags(event)
        self.report(found, path)
        if len(path) > MAX_DEPTH:
            self.problems.append(Problem(line, col, json_path(path[:MAX_DEPTH]), _TOO_DEEP))
            self.done += found
            raise _TooDeep
        source.marks.extend((line, col, *key))
        source.sizes.append(1)
        source.keys.append(path[-1] if path and isinstance(path[-1], str) else None)
        if isinstance(event, (ScalarEvent, AliasEvent)):
            value = self.scalar(event, path, bool(found), index)
            source.kinds.append(_SCALAR if value is not None else _NULL)
        elif isinstance(event, SequenceStartEvent):
            source.kinds.append(_LIST)
            value = []
            while not self.check(SequenceEndEvent):
                value.append(self.value(self.get(), (*path, len(value))))
            self.get()
        else:
            source.kinds.append(_MAPPING)
            value = self.mapping(path, index)
        source.sizes[index] = self.count - index
        self.done += found
        return value

    def scalar(self, event: Any, path: JsonPath, tagged: bool, index: int) -> Any:
        """The JSON-model value of a scalar: only YAML 1.2 core forms are not strings."""
        if isinstance(event, AliasEvent):  # (reported): a string, as a tagged scalar is
            return ""
        text = event.value
        if event.style or tagged:  # quoted, block or tagged: a string
            return self.shared(text)
        value = self.plains.get(text, _NONE)
        if value is _NONE:
            reported = len(self.problems)
            value = self.plain_scalar(text, event, path)
            if isinstance(value, str):
                value = self.shared(value)
            if len(self.problems) == reported and len(self.plains) < _MEMO_MAX:
                self.plains[text] = value  # (a problem is reported each time)
        if not isinstance(value, (str, bool)) and _unlike(value, text):
            self.source.raws[index] = text
        return value

    def shared(self, text: str) -> str:
        """``text``, the same object each time it is read (of the first texts)."""
        found = self.strings.get(text)
        if found is None:
            if len(self.strings) < _MEMO_MAX:
                self.strings[text] = text
            return text
        return found

    def plain_scalar(self, text: str, event: Any, path: JsonPath) -> Any:
        if text in _NULLS:
            return None
        if text in _BOOLS:
            return _BOOLS[text]
        if _YAML11_BOOL.match(text) and text not in PLAIN_WORDS.get():
            self.yaml11_bool(text, event, path)
            return text
        if (_INT.match(text) or _FLOAT.match(text)) and len(text) > MAX_NUMBER_CHARS:
            mark = event.start_mark
            message = f"a number of {len(text)} characters is too long (at most {MAX_NUMBER_CHARS})"
            self.problems.append(Problem(mark.line + 1, mark.column + 1, json_path(path), message))
            return None
        if _INT.match(text):
            return int(text)
        if _FLOAT.match(text):
            return float(text)
        if text.lower() in _SPECIAL_FLOATS:
            return _SPECIAL_FLOATS[text.lower()]
        return text  # timestamps, 1:30, 0x1F, 1_000 … stay strings

    def yaml11_bool(self, text: str, event: Any, path: JsonPath) -> None:
        mark = event.start_mark
        message = f"{text!r} is not a boolean here: only true and false are"
        self.problems.append(
            Problem(mark.line + 1, mark.column + 1, json_path(path), message, _YAML_BOOL_HINT)
        )

    def mapping(self, path: JsonPath, index: int) -> dict[str, Any]:
        """The entries of the mapping at ``index``, up to its end (its start taken)."""
        mapping: dict[str, Any] = {}
        first_line: dict[str, int] | None = None  # made at the first duplicate key
        while not self.check(MappingEndEvent):
            event: Any = self.get()
            kline, kcol = event.start_mark.line + 1, event.start_mark.column + 1
            if not isinstance(event, (ScalarEvent, AliasEvent)):
                kind = "a mapping" if isinstance(event, MappingStartEvent) else "a list"
                message = f"a key must be a name, not {kind}"
                self.problems.append(Problem(kline, kcol, json_path(path), message))
                self.value(event, path)
                self.value(self.get(), path)
                continue
            alias = isinstance(event, AliasEvent)
            text: str = "" if alias else getattr(event, "value", "")
            name = self.shared(text)
            plain = not alias and not getattr(event, "style", None)
            here = (*path, name)
            found = self.flags(event)
            if found:
                self.report(found, here)
                self.done += found
            if plain and name == "<<":
                self.problems.append(Problem(kline, kcol, json_path(path), _MERGE_KEY, _MERGE_HINT))
                self.value(self.get(), path)
                continue
            if plain and not found and _YAML11_BOOL.match(name) and name not in PLAIN_WORDS.get():
                self.yaml11_bool(name, event, here)
            value = self.value(self.get(), here, (kline, kcol))
            if name in mapping:
                if first_line is None:
                    first_line = self.key_lines(index)
                self.problems.append(
                    Problem(
                        kline,
                        kcol,
                        json_path(here),
                        f"duplicate key {name!r} (first defined at line {first_line[name]})",
                        "a key may appear only once in a mapping: delete one of them",
                    )
                )
                continue
            if first_line is not None:
                first_line[name] = kline
            mapping[name] = value
        self.get()
        return mapping

    def key_lines(self, index: int) -> dict[str, int]:
        """The line of each key of the mapping at ``index`` read so far, the first of each."""
        source = self.source
        lines: dict[str, int] = {}
        child = index + 1
        while child < self.count:
            key, line = source.keys[child], source.marks[4 * child + 2]
            if key is not None and line:  # (a value of no key's own: 0)
                lines.setdefault(key, line)
            child += source.sizes[child]
        return lines


def _unlike(value: Any, text: str) -> bool:
    """Whether a plain scalar's value is shown other than as ``text`` was written."""
    if value is None:
        return text == ""  # (an empty value; every other null is shown as null)
    return (str(value) if isinstance(value, int) else repr(value)) != text


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


def _syntax_problem(error: yaml.MarkedYAMLError) -> Problem:
    mark = error.problem_mark or error.context_mark
    line, col = (mark.line + 1, mark.column + 1) if mark is not None else (1, 1)
    problem = (error.problem or "").strip()
    if isinstance(error, yaml.composer.ComposerError) and "another document" in problem:
        return Problem(
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
    return Problem(line, col, "$", f"YAML syntax error: {problem}", hint)


def _line_col(text: str, index: int) -> tuple[int, int]:
    line = text.count("\n", 0, index) + 1
    return line, index - (text.rfind("\n", 0, index) + 1) + 1


def parse(text: str, file: int, problems: list[Problem], *, libyaml: bool = True) -> Source | None:
    """Parse one rule file's text; ``None`` if it is empty or could not be parsed.

    :param libyaml: try libyaml's parser first (if PyYAML has it); errors are
        always reported from PyYAML's own parser.
    """
    if libyaml and _CParser is not None:
        fast = _CParser(text)
        try:
            reader = _Reader(fast, file)
            source = reader.read()
        except yaml.YAMLError:
            pass  # report it from the pure-Python parser below
        else:
            problems.extend(reader.problems)
            return source
        finally:
            fast.dispose()
    try:
        slow = _PureParser(text)
    except yaml.reader.ReaderError as error:
        line, col = _line_col(text, error.position)
        char = error.character
        code = f"#x{char:04x}" if isinstance(char, int) else repr(char)
        problems.append(
            Problem(
                line,
                col,
                "$",
                f"the character {code} is not allowed in YAML",
                "delete it, or write it as an escape in a double-quoted string",
            )
        )
        return None
    reader = _Reader(slow, file, whole=False)  # (its scanner is slow past 50 levels: the
    # square of the depth; libyaml's, which parses a file first, stops at 1,000)
    try:
        source = reader.read()
    except yaml.MarkedYAMLError as error:
        problems.append(_syntax_problem(error))
        problems.extend(Problem(line, col, "$", m, h) for line, col, m, h in reader.done)
        return None
    finally:
        slow.dispose()
    problems.extend(reader.problems)
    return source


def value_at(data: Any, path: JsonPath) -> Any:
    """The value at ``path`` in plain data, or ``None`` where there is none."""
    for part in path:
        if isinstance(data, dict) and isinstance(part, str):
            data = data.get(part)
        elif isinstance(data, list) and isinstance(part, int) and 0 <= part < len(data):
            data = data[part]
        else:
            return None
    return data


def read_tree(
    path: Path, file: int, *, noun: str = "rule file", first_key: str = "dummybridge: 1"
) -> tuple[Source | None, list[Problem]]:
    """Read, decode and parse one file: its values, or ``None`` and what is wrong.

    :param path: the file.
    :param file: its index in the load (what each :class:`Val` records).
    :param noun: what messages call the file (``"scenario file"``).
    :param first_key: the first line a file of this kind starts with, for hints.
    :returns: the file's top mapping (``None`` if there were problems) and the problems.
    """
    text = _read_text(path, noun)
    if isinstance(text, Problem):
        return None, [text]
    return tree_of_text(text, file, noun=noun, first_key=first_key)


def tree_of_text(
    text: str, file: int, *, noun: str = "rule file", first_key: str = "dummybridge: 1"
) -> tuple[Source | None, list[Problem]]:
    """Parse one file's text (already read and decoded): see :func:`read_tree`."""
    problems: list[Problem] = []
    tree = parse(text, file, problems)
    for p in problems:
        p.message = p.message.replace("a rule file", f"a {noun}")
    if problems:
        return None, problems
    if tree is None:
        hint = f"a {noun} is a mapping of keys to values: start with '{first_key}'"
        return None, [Problem(1, 1, "$", "the file is empty", hint)]
    if not isinstance(tree.data, dict):
        what = got(tree.data, tree.raws.get(0))
        message = f"a {noun} must be a mapping of keys to values, not {what}"
        hint = f"start with '{first_key}'" + (
            ", then name:, title:, version: and the sections" if noun == "rule file" else ""
        )
        return None, [Problem(tree.marks[0], tree.marks[1], "$", message, hint)]
    return tree, []


def _read_text(path: Path, noun: str) -> str | Problem:
    """The text of a UTF-8 file (a byte-order mark dropped), or why it cannot be read.

    Rule files and scenario files are held to :data:`~dummybridge.core.files.MAX_RULE_FILE_BYTES`.
    """
    try:
        raw = read_bytes(path, min(files.MAX_RULE_FILE_BYTES, files.MAX_BYTES))
    except FileFormatError as error:  # too large, or not a regular file
        return Problem(1, 1, "$", error.message.replace("read the file", f"read the {noun}"))
    except FileNotFoundError:
        return Problem(1, 1, "$", f"cannot read the {noun}: no such file")
    except IsADirectoryError:
        return Problem(1, 1, "$", f"cannot read the {noun}: it is a directory")
    except PermissionError:
        what = "it is a directory" if path.is_dir() else "permission denied"
        return Problem(1, 1, "$", f"cannot read the {noun}: {what}")
    except OSError as error:
        return Problem(1, 1, "$", f"cannot read the {noun}: {error.strerror or error}")
    if raw.startswith(b"\xef\xbb\xbf"):
        raw = raw[3:]
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        before = raw[: error.start]
        line = before.count(b"\n") + 1
        col = len(before[before.rfind(b"\n") + 1 :].decode("utf-8", "replace")) + 1
        message = f"the file is not valid UTF-8 (byte 0x{raw[error.start]:02x})"
        return Problem(line, col, "$", message, "save the file as UTF-8")
