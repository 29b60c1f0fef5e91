"""The ``extends:`` chain: which files a rule file builds on, read in order, and merged.

A rule file's ``extends:`` names a built-in variant (or shipped house rule) by
name or alias, or a path ending in ``.yaml``/``.yml`` relative to the extending
file; the chain goes on until a file that extends nothing, and a cycle is an
error. The chain merges from its base up to the top file: mappings merge
recursively, lists and scalars replace, and ``null`` deletes an inherited key
(a file's own ``extends`` and ``aliases`` are never inherited).

:class:`Chain` does the reading (the loader's first two stages) and collects
every problem as a :class:`~dummybridge.errors.Diagnostic` of the file that has it.
"""

from __future__ import annotations

import os
import posixpath
from dataclasses import dataclass
from pathlib import Path
from typing import Any, cast

from ..core.files import clip, not_a_file
from ..errors import Diagnostic
from . import registry
from .schemas import rule_schema
from .wording import JsonPath, description, first_sentence, got, json_path
from .yamlsrc import MAX_VALUES, Source, Val, read_tree

__all__ = [
    "NOT_INHERITED",
    "Chain",
    "Places",
    "SourceFile",
    "builtin_path",
    "merge",
    "merge_chain",
]

NOT_INHERITED = ("extends", "aliases")
"""A file's own identity, never taken from its base."""


@dataclass(slots=True)
class SourceFile:
    """One file of an ``extends:`` chain.

    :ivar path: the file.
    :ivar display: the file as diagnostics name it (``<built-in>/bridge.yaml``).
    :ivar builtin: whether it is one of the package's own.
    :ivar extends: whether it extends another (set once it is read).
    """

    path: Path
    display: str
    builtin: bool = False
    extends: bool = False


def _looks_like_path(source: str) -> bool:
    """Whether a source given as text is written as a path (a YAML suffix or a
    folder in it) rather than a name; a house rule's name is never a path."""
    return (
        source.lower().endswith(registry.YAML_SUFFIXES) or "/" in source or os.sep in source
    ) and not registry.HOUSE_NAME.match(source)


def builtin_path(source: str | os.PathLike[str]) -> Path | None:
    """The shipped rule file ``source`` names (a built-in variant's or house
    rule's name or alias), or ``None`` when it is a path or no such name."""
    if not isinstance(source, str) or _looks_like_path(source):
        return None
    entry = registry.lookup(source)
    return None if entry is None else entry.path


class Chain:
    """The files of one load's ``extends:`` chain, the top file first, and
    the problems found in them."""

    def __init__(self, noun: str = "rule file", first_key: str = "dummybridge: 1") -> None:
        self.files: list[SourceFile] = []
        self.diagnostics: list[Diagnostic] = []
        self.noun = noun  # what the messages call the file
        self.first_key = first_key  # the line a file of this kind starts with

    def report(
        self, file: int, line: int, col: int, path: str, message: str, hint: str | None = None
    ) -> None:
        """Record a problem of the chain's file number ``file``."""
        self.diagnostics.append(
            Diagnostic(self.files[file].display, line, col, path, message, hint)
        )

    def sorted_diagnostics(self) -> list[Diagnostic]:
        """The problems once each, by file (the top file first), line and column."""
        order = {f.display: i for i, f in reversed(list(enumerate(self.files)))}
        unique: dict[tuple[object, ...], Diagnostic] = {}
        for d in self.diagnostics:
            unique.setdefault((d.file, d.line, d.col, d.path, d.message), d)
        return sorted(
            unique.values(),
            key=lambda d: (order.get(d.file, len(order)), d.line, d.col, d.path, d.message),
        )

    def resolve_source(self, source: str | os.PathLike[str]) -> SourceFile | None:
        """The file to load: a path, or a shipped file by name (``None`` if neither)."""
        if not isinstance(source, str):
            text = os.fspath(source)
            return SourceFile(Path(text), clip(text))
        if not source:
            self.diagnostics.append(
                Diagnostic("''", 1, 1, "$", "no rule file named (an empty name)")
            )
            return None
        shipped = builtin_path(source)
        if shipped is not None:
            return SourceFile(shipped, registry.builtin_display(shipped), builtin=True)
        if not _looks_like_path(source) and not os.path.lexists(source):
            message, hint = registry.unknown_variant(clip(source))
            self.diagnostics.append(
                Diagnostic(clip(source), 1, 1, "$", f"no such file, and {message}", hint)
            )
            return None
        return SourceFile(Path(source), clip(source))

    def read_file(self, index: int) -> Source | None:
        """Stage 1 for one file: read, decode and parse it; report what is wrong."""
        file = self.files[index]
        tree, problems = read_tree(file.path, index, noun=self.noun, first_key=self.first_key)
        for p in problems:
            self.report(index, p.line, p.col, p.path, p.message, p.hint)
        return tree

    def read(self, top: SourceFile) -> list[Source]:
        """Stages 1 and 2: read every file of the ``extends:`` chain, the top file first.

        The chain is held to :data:`~dummybridge.language.yamlsrc.MAX_VALUES`
        values in all, as one file is: the error is at the first value past it."""
        self.files.append(top)
        trees: list[Source] = []
        values = 0
        seen: dict[Path, int] = {}
        while True:
            index = len(self.files) - 1
            current = self.files[index]
            seen[_identity(current.path)] = index
            tree = self.read_file(index)
            if tree is None:
                return []
            trees.append(tree)
            values += tree.sizes[0]
            if values > MAX_VALUES:
                self.report_too_many(index, tree, values - MAX_VALUES)
                return []
            if "extends" not in tree.data:
                return trees
            extends = tree.val(tree.find(("extends",)) or 0, tree.data["extends"])
            current.extends = True
            target = self.resolve_extends(index, extends)
            if target is None:
                return []
            identity = _identity(target.path)
            if identity in seen:
                self.report_cycle(index, extends, seen[identity])
                return []
            self.files.append(target)

    def report_too_many(self, index: int, tree: Source, over: int) -> None:
        """Report the first value of the chain past
        :data:`~dummybridge.language.yamlsrc.MAX_VALUES`."""
        first = tree.sizes[0] - over
        val, path = tree.val(first), tree.path_of(first)
        self.report(
            index,
            val.line,
            val.col,
            json_path(path),
            f"the files of the extends: chain have too many values in all (at most {MAX_VALUES:,})",
            "a rule file holds rules, not data: write fewer values",
        )

    def report_cycle(self, index: int, extends: Val, start: int) -> None:
        """Report the ``extends:`` of file ``index`` that leads back to file ``start``."""
        chain = [f.display for f in self.files[start:]] + [self.files[start].display]
        self.report(
            index,
            extends.line,
            extends.col,
            "$.extends",
            f"extends cycle: {' -> '.join(chain)}",
            "a rule file cannot extend itself, directly or through others",
        )

    def resolve_extends(self, index: int, extends: Val) -> SourceFile | None:
        """The file that file ``index``'s ``extends:`` names (``None`` if there is none)."""
        here = (index, extends.line, extends.col, "$.extends")
        value = extends.value
        if not isinstance(value, str) or not value:
            self.report(
                *here,
                "expected the name of a built-in variant or a path ending in .yaml or .yml, "
                f"got {got(value, extends.raw)}",
                first_sentence(description(rule_schema()["properties"]["extends"])),
            )
            return None
        if value.lower().endswith(registry.YAML_SUFFIXES):
            return self.resolve_path(index, extends, value)
        entry = registry.lookup(value)
        if entry is None:
            message, hint = registry.unknown_variant(value)
            self.report(*here, f"cannot extend {message}", hint)
            return None
        return SourceFile(entry.path, registry.builtin_display(entry.path), builtin=True)

    def resolve_path(self, index: int, extends: Val, value: str) -> SourceFile | None:
        """The file of an ``extends:`` that is a path, relative to the extending file."""
        here = (index, extends.line, extends.col, "$.extends")
        current = self.files[index]
        path = current.path.parent / value
        parent = current.display.replace("\\", "/")
        display = posixpath.normpath(posixpath.join(posixpath.dirname(parent), value))
        shown = repr(clip(value)) if display == value else f"{clip(value)!r} ({clip(display)})"
        if not os.path.exists(path):
            builtin = registry.lookup(Path(value).stem) if "/" not in value else None
            hint = (
                f"to extend the built-in variant, write extends: {builtin.name}"
                if builtin
                else None
            )
            self.report(*here, f"cannot extend {shown}: no such file", hint)
            return None
        if (what := not_a_file(path)) is not None:
            self.report(*here, f"cannot extend {shown}: {what}")
            return None
        return SourceFile(path, clip(display))


def merge(
    base: Any, over: Any, path: JsonPath, deleted: dict[JsonPath, Val], src: Source, copy: bool
) -> Any:
    """``over`` (a file's values, ``src``'s) applied on ``base``: mappings
    merge, lists and scalars replace, null deletes; with ``copy``, each list
    and mapping taken from ``over`` is a new one.

    A null with nothing inherited to delete stays a null value, for the schema
    to report.
    """
    if not isinstance(over, dict) or not isinstance(base, dict):
        return _copied(over) if copy else over
    result = dict(base)
    for key, value in over.items():
        if value is None and key in result:
            del result[key]
            deleted[(*path, key)] = src.val(src.find((*path, key)) or 0)
        else:
            result[key] = merge(result.get(key), value, (*path, key), deleted, src, copy)
    return result


def _copied(value: Any) -> Any:
    if isinstance(value, dict):
        return {key: _copied(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_copied(item) for item in value]
    return value


def merge_chain(
    trees: list[Source], deleted: dict[JsonPath, Val], *, share_top: bool = False
) -> dict[str, Any]:
    """Stage 3a: apply the chain (the top file first) from its base to the top
    file; the nulls that delete inherited keys are recorded in ``deleted``.

    Every list and mapping of the result is new (the defaults the schema fills
    in change none of a file's values, which later merges read again), but,
    with ``share_top``, the top file's own: the top file is merged once."""
    merged = trees[-1].data if share_top and len(trees) == 1 else _copied(trees[-1].data)
    merged = dict(merged)
    for tree in reversed(trees[:-1]):
        for key in NOT_INHERITED:
            merged.pop(key, None)
        copy = not (share_top and tree is trees[0])
        merged = merge(merged, tree.data, (), deleted, tree, copy)
    merged.pop("extends", None)
    return cast(dict[str, Any], merged)


class Places:
    """Where each value of a merged chain was written: a mapping of JSON paths
    to :class:`~dummybridge.language.yamlsrc.Val`, each found when asked for in
    the files' own arrays (:class:`~dummybridge.language.yamlsrc.Source`), by
    the merge's own rules (the top file's value first; a mapping merged with
    the ones below it; a null deleting what it inherits). A path that no file
    wrote (a schema default) has none. Places set (the null a missing key was
    deleted by) are kept."""

    def __init__(self, trees: list[Source], *, chain: bool = True) -> None:
        self.trees = trees  # the chain, the top file first
        self.chain = chain  # an extends: chain (False: a file of another kind)
        self.set: dict[JsonPath, Val] = {}

    def __deepcopy__(self, memo: dict[int, Any]) -> Places:
        return self  # nothing of it changes but what is set, which a copy shares

    def __setitem__(self, path: JsonPath, val: Val) -> None:
        self.set[path] = val

    def get(self, path: JsonPath) -> Val | None:
        found = self.set.get(path)
        if found is not None:
            return found
        written = self.written(path)
        return None if written is None else written[0][0].val(written[0][1])

    def __contains__(self, path: object) -> bool:
        return self.get(path) is not None  # type: ignore[arg-type]

    def __getitem__(self, path: JsonPath) -> Val:
        found = self.get(path)
        if found is None:
            raise KeyError(path)
        return found

    def nearest(self, path: JsonPath) -> tuple[JsonPath, Val]:
        """The value written at ``path`` or, if none is, at its nearest parent that is."""
        parts = path
        while True:
            found = self.get(parts)
            if found is not None or not parts:
                return parts, found or self.trees[0].val(0)
            parts = parts[:-1]

    def written(self, path: JsonPath) -> list[tuple[Source, int]] | None:
        """The values the merged value at ``path`` is made of, the top file's
        first (more than one only for mappings merged), or ``None`` if there is none."""
        here = [(tree, 0) for tree in self.trees]
        for depth, part in enumerate(path):
            if depth == 0 and self.chain and part in NOT_INHERITED:
                if part == "extends":
                    return None
                here = here[:1]
            found = _provided(here, part)
            if found is None:
                return None
            here = found
        return here[:1] if not path else here


def _provided(here: list[tuple[Source, int]], part: object) -> list[tuple[Source, int]] | None:
    """The values at ``part`` in the merged mapping made of ``here``
    (see :meth:`Places.written`)."""
    for n, (tree, index) in enumerate(here):
        child = tree.child(index, part)
        if child is None:
            continue
        below = _provided(here[n + 1 :], part)
        if tree.is_null(child):
            return None if below is not None else [(tree, child)]
        if tree.kinds[child] != 2 or below is None or below[0][0].kinds[below[0][1]] != 2:
            return [(tree, child)]
        return [(tree, child), *below]
    return None


def _identity(path: Path) -> Path:
    try:
        return path.resolve()
    except (OSError, RuntimeError):  # a symlink loop: RuntimeError before Python 3.13
        return path.absolute()
