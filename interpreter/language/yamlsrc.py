"""Strict YAML: a rule file's text becomes values that know where they were written.

The loader of PyYAML is too lenient for rule files, so this one composes the
node tree itself and converts it to JSON-model data with positions (:class:`Val`):

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
>>> plain(tree)
{'scoring': {'game': 30, 'rubber': 'yes'}}
>>> tree.value["scoring"].value["game"].line, problems[0].message
(2, "'yes' is not a boolean here: only true and false are")
"""

from __future__ import annotations

import re
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml
from yaml.composer import Composer
from yaml.events import AliasEvent, ScalarEvent, SequenceStartEvent
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode
from yaml.resolver import Resolver

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
    "PLAIN_WORDS",
    "Problem",
    "Val",
    "index_tree",
    "parse",
    "plain",
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
_TOO_DEEP = f"the file nests lists and mappings too deeply (at most {MAX_DEPTH} levels)"
_NO_REUSE_HINT = "write the value out in full; to build on another rule file, use extends:"


@dataclass(slots=True)
class Val:
    """A value read from a rule file, with where it was written.

    ``value`` is a ``dict[str, Val]``, a ``list[Val]`` or a scalar; ``raw`` is
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
class Problem:
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


class _TooDeep(Exception):
    """Raised by :meth:`_Converter.convert` past :data:`MAX_DEPTH` (the problem is reported)."""


class _Converter:
    """Turns a composed node tree into annotated values, collecting YAML-hygiene problems."""

    def __init__(self, file: int, flags: dict[int, tuple[Node, list[_Flag]]]) -> None:
        self.file = file
        self.flags = flags
        self.problems: list[Problem] = []

    def flagged(self, node: Node, path: JsonPath) -> bool:
        """Report the tags, anchors or aliases found on ``node``; whether there were any."""
        entry = self.flags.pop(id(node), None)
        if entry is None:
            return False
        for line, col, message, hint in entry[1]:
            self.problems.append(Problem(line, col, json_path(path), message, hint))
        return True

    def leftovers(self) -> None:
        """Report flags of nodes never converted (those composed before a syntax error)."""
        for _node, found in self.flags.values():
            for line, col, message, hint in found:
                self.problems.append(Problem(line, col, "$", message, hint))
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
        if _YAML11_BOOL.match(text) and text not in PLAIN_WORDS.get():
            self.yaml11_bool(node, path)
            return text
        if (_INT.match(text) or _FLOAT.match(text)) and len(text) > MAX_NUMBER_CHARS:
            mark = node.start_mark
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

    def yaml11_bool(self, node: ScalarNode, path: JsonPath) -> None:
        mark = node.start_mark
        self.problems.append(
            Problem(
                mark.line + 1,
                mark.column + 1,
                json_path(path),
                f"{node.value!r} is not a boolean here: only true and false are",
                _YAML_BOOL_HINT,
            )
        )

    def convert(self, node: Node, path: JsonPath, key: tuple[int, int] = (0, 0)) -> Val:
        """The annotated value of ``node``, found at ``path``; ``key`` is its key's position."""
        tagged = self.flagged(node, path)
        line, col = node.start_mark.line + 1, node.start_mark.column + 1
        if len(path) > MAX_DEPTH:
            self.problems.append(Problem(line, col, json_path(path[:MAX_DEPTH]), _TOO_DEEP))
            raise _TooDeep
        if isinstance(node, ScalarNode):
            raw = node.value if not node.style else None
            value = self.scalar(node, path, tagged)
            return Val(value, self.file, line, col, key[0], key[1], raw)
        if isinstance(node, SequenceNode):
            items = [self.convert(item, (*path, i)) for i, item in enumerate(node.value)]
            return Val(items, self.file, line, col, key[0], key[1])
        mapping: dict[str, Val] = {}
        first_line: dict[str, int] = {}
        for key_node, value_node in node.value:
            kline, kcol = key_node.start_mark.line + 1, key_node.start_mark.column + 1
            if not isinstance(key_node, ScalarNode):
                kind = "a mapping" if isinstance(key_node, MappingNode) else "a list"
                message = f"a key must be a name, not {kind}"
                self.problems.append(Problem(kline, kcol, json_path(path), message))
                self.convert(key_node, path)
                self.convert(value_node, path)
                continue
            name = key_node.value
            tagged = self.flagged(key_node, (*path, name))
            if not key_node.style and name == "<<":
                self.problems.append(
                    Problem(
                        kline,
                        kcol,
                        json_path(path),
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
                and name not in PLAIN_WORDS.get()
            ):
                self.yaml11_bool(key_node, (*path, name))
            value = self.convert(value_node, (*path, name), (kline, kcol))
            if name in mapping:
                self.problems.append(
                    Problem(
                        kline,
                        kcol,
                        json_path((*path, name)),
                        f"duplicate key {name!r} (first defined at line {first_line[name]})",
                        "a key may appear only once in a mapping: delete one of them",
                    )
                )
                continue
            first_line[name] = kline
            mapping[name] = value
        return Val(mapping, self.file, line, col, key[0], key[1])


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


def parse(text: str, file: int, problems: list[Problem], *, libyaml: bool = True) -> Val | None:
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
            Problem(
                line,
                col,
                "$",
                f"the character {code} is not allowed in YAML",
                "delete it, or write it as an escape in a double-quoted string",
            )
        )
    except RecursionError:
        problems.append(Problem(1, 1, "$", _TOO_DEEP))
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
    problems: list[Problem],
) -> Val | None:
    converter = _Converter(file, flags)
    tree = None
    if node is not None:
        try:
            tree = converter.convert(node, ())
        except RecursionError:
            converter.problems.append(Problem(1, 1, "$", _TOO_DEEP))
        except _TooDeep:
            pass  # reported where it went too deep
    converter.leftovers()
    problems.extend(converter.problems)
    return tree


def plain(val: Val | None) -> Any:
    """The JSON-model data of an annotated value."""
    if val is None:
        return None
    if isinstance(val.value, dict):
        return {k: plain(v) for k, v in val.value.items()}
    if isinstance(val.value, list):
        return [plain(v) for v in val.value]
    return val.value


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


def index_tree(val: Val, path: JsonPath, into: dict[JsonPath, Val]) -> None:
    into[path] = val
    if isinstance(val.value, dict):
        for k, v in val.value.items():
            index_tree(v, (*path, k), into)
    elif isinstance(val.value, list):
        for i, v in enumerate(val.value):
            index_tree(v, (*path, i), into)


def read_tree(
    path: Path, file: int, *, noun: str = "rule file", first_key: str = "dummybridge: 1"
) -> tuple[Val | None, list[Problem]]:
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
) -> tuple[Val | None, list[Problem]]:
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
    if not isinstance(tree.value, dict):
        message = f"a {noun} must be a mapping of keys to values, not {got(tree.value, tree.raw)}"
        hint = f"start with '{first_key}'" + (
            ", then name:, title:, version: and the sections" if noun == "rule file" else ""
        )
        return None, [Problem(tree.line, tree.col, "$", message, hint)]
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
