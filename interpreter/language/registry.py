"""The rule files shipped in the package: the built-in variants and the house rules.

A built-in variant answers to its name and its aliases (``bridge``,
``bridge-whist``), ignoring case; a shipped house rule to ``house/NAME`` and,
where no built-in variant has the name, to ``NAME`` alone. Finding one reads no
rule file as YAML: the names come from an index of the shipped files' ``name:``
and ``aliases:`` lines, made once by a light scan of their text (the files are
the package's own, written in the plain form the scan reads, which a test
checks against the full parse). Only listing them (:func:`builtin_variants`,
:func:`house_rules`, which give titles too) parses every file.

>>> find_variant("Bridge-Whist").name
'bridge.yaml'
>>> lookup("lilies").name
'house/lilies'
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib.resources import files as _resource_files
from pathlib import Path

from ..errors import Diagnostic, RuleFileError
from . import yamlsrc

__all__ = [
    "BUILTIN_PREFIX",
    "HOUSE_NAME",
    "HOUSE_PREFIX",
    "YAML_SUFFIXES",
    "Entry",
    "VariantInfo",
    "builtin_display",
    "builtin_variants",
    "find_variant",
    "house_rules",
    "lookup",
    "unknown_variant",
]

BUILTIN_PREFIX = "<built-in>"
"""How diagnostics name the directory of the built-in rule files (``<built-in>/bridge.yaml``)."""

HOUSE_PREFIX = "house/"
"""How the shipped house rules (``rules/house/``) are named: ``house/lilies``, a name
that ``load_rules``, ``find_variant``, ``extends:`` and the command line accept (as
they accept ``lilies`` alone, where no built-in variant has that name)."""

HOUSE_NAME = re.compile(r"house/[A-Za-z][A-Za-z0-9-]*\Z", re.I)
"""A shipped house rule's name, which is no path although it has a ``/``."""

YAML_SUFFIXES = (".yaml", ".yml")
"""The endings of a rule file's name."""

_BUILTIN_PACKAGE = "dummybridge.rules"
_HOUSE_PACKAGE = "dummybridge.rules.house"


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


@dataclass(frozen=True, slots=True)
class Entry:
    """A shipped rule file in the index: its names, without reading it as YAML.

    :ivar name: the name it answers to (``"bridge"``, ``"house/lilies"``).
    :ivar aliases: its other names (a house rule's with ``house/`` too).
    :ivar path: the installed rule file.
    """

    name: str
    aliases: tuple[str, ...]
    path: Path


# --------------------------------------------------------------------------- listing


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


@lru_cache(maxsize=1)
def _builtin_variants() -> tuple[VariantInfo, ...]:
    return _read_variants(_BUILTIN_PACKAGE, "")


@lru_cache(maxsize=1)
def _house_rules() -> tuple[VariantInfo, ...]:
    return _read_variants(_HOUSE_PACKAGE, HOUSE_PREFIX)


def _rule_files(package: str) -> list[Path]:
    """The rule files of a package folder, in the order of their file names."""
    entries = sorted(_resource_files(package).iterdir(), key=lambda e: e.name)
    return [Path(str(e)) for e in entries if e.name.endswith(YAML_SUFFIXES)]


def _read_variants(package: str, prefix: str) -> tuple[VariantInfo, ...]:
    """The rule files of a package folder, each named by its ``name`` (with ``prefix``)."""
    found: list[VariantInfo] = []
    for path in _rule_files(package):
        tree: yamlsrc.Source | None = None
        try:
            tree = yamlsrc.parse(path.read_text(encoding="utf-8"), 0, [])
        except (OSError, UnicodeDecodeError):
            tree = None
        top = tree.data if tree is not None and isinstance(tree.data, dict) else {}
        name = top.get("name")
        title = top.get("title")
        aliases = top.get("aliases", [])
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


# --------------------------------------------------------------------------- the index

_WORD = r"""[A-Za-z0-9][A-Za-z0-9_.-]*"""
_SCALAR = re.compile(rf"""(?:({_WORD})|"({_WORD})"|'({_WORD})')\s*(?:#.*)?\Z""")
_FLOW_LIST = re.compile(r"\[([^\[\]{}#]*)\]\s*(?:#.*)?\Z")
_TOP_KEY = re.compile(r"([A-Za-z_][A-Za-z0-9_-]*):(?:[ \t]+(.*?))?[ \t]*\Z")
_BLOCK_ITEM = re.compile(r"[ \t]+-[ \t]+(.*?)[ \t]*\Z")


def _scalar(text: str) -> str | None:
    """A plain or quoted name written on one line, or ``None`` for any other form."""
    match = _SCALAR.match(text)
    if match is None:
        return None
    return next(part for part in match.groups() if part is not None)


def _names(lines: list[str], at: int) -> list[str] | None:
    """The value of the top-level key on line ``at`` as a list of names (a
    single name is a list of one), or ``None`` if it is written another way."""
    match = _TOP_KEY.match(lines[at])
    value = match.group(2) if match else None
    if value:
        flow = _FLOW_LIST.match(value)
        if flow is None:
            one = _scalar(value)
            return None if one is None else [one]
        items = [_scalar(item.strip()) for item in flow.group(1).split(",") if item.strip()]
        return None if None in items else [item for item in items if item is not None]
    block: list[str] = []
    for line in lines[at + 1 :]:
        item = _BLOCK_ITEM.match(line)
        name = None if item is None else _scalar(item.group(1))
        if item is None:
            break
        if name is None:
            return None
        block.append(name)
    return block or None


def scan(text: str) -> tuple[str | None, tuple[str, ...]] | None:
    """A light reading of a shipped rule file's ``name:`` and ``aliases:``
    (top-level keys, at the start of a line), without parsing it as YAML.

    >>> scan("dummybridge: 1\\nname: bridge\\naliases: [bridge-whist, 'whist-bridge']\\n")
    ('bridge', ('bridge-whist', 'whist-bridge'))

    :returns: the name (``None`` where there is none) and the aliases; ``None``
        if either is written in a form the scan does not read (a full parse must decide).
    """
    lines = text.splitlines()
    found: dict[str, list[str]] = {}
    for at, line in enumerate(lines):
        key = line.split(":", 1)[0]
        if key not in ("name", "aliases"):
            continue
        names = _names(lines, at)
        if names is None or key in found or (key == "name" and len(names) != 1):
            return None
        found[key] = names
    name = found["name"][0] if "name" in found else None
    return name, tuple(found.get("aliases", ()))


def _scan_package(package: str, prefix: str) -> list[Entry] | None:
    """The index entries of a package folder, sorted by name; ``None`` if a file
    could not be scanned."""
    entries: list[Entry] = []
    for path in _rule_files(package):
        try:
            scanned = scan(path.read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError):
            return None
        if scanned is None:
            return None
        name, aliases = scanned
        entries.append(
            Entry(prefix + (name or path.stem), tuple(prefix + a for a in aliases), path)
        )
    return sorted(entries, key=lambda e: e.name)


@lru_cache(maxsize=1)
def _index() -> tuple[tuple[Entry, ...], tuple[Entry, ...]]:
    """The built-in variants and the house rules, by the light scan where it reads
    every file, else (never for the files as shipped) by parsing them all."""
    builtin = _scan_package(_BUILTIN_PACKAGE, "")
    house = _scan_package(_HOUSE_PACKAGE, HOUSE_PREFIX)
    if builtin is None or house is None:
        return _entries(_builtin_variants()), _entries(_house_rules())
    return tuple(builtin), tuple(house)


def _entries(variants: tuple[VariantInfo, ...]) -> tuple[Entry, ...]:
    return tuple(Entry(v.name, v.aliases, v.path) for v in variants)


# --------------------------------------------------------------------------- finding one


def lookup(name: str) -> Entry | None:
    """A built-in variant or shipped house rule by name or alias, ignoring case.

    A house rule answers to ``house/NAME`` and, when no built-in variant has
    the name, to ``NAME`` alone (the name its rule set and game records carry).
    """
    builtin, house = _index()
    wanted = name.casefold()
    for entry in (*builtin, *house):
        if wanted == entry.name.casefold() or wanted in (a.casefold() for a in entry.aliases):
            return entry
    for entry in house:
        names = (entry.name, *entry.aliases)
        if wanted in (n.removeprefix(HOUSE_PREFIX).casefold() for n in names):
            return entry
    return None


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
    entry = lookup(name)
    if entry is None:
        message, hint = unknown_variant(name)
        raise RuleFileError([Diagnostic(name, 1, 1, "$", message, hint)])
    return entry.path


def unknown_variant(name: str) -> tuple[str, str]:
    """The message and hint for a name that is no built-in variant."""
    builtin, house = _index()
    candidates = {n.casefold(): n for e in (*builtin, *house) for n in (e.name, *e.aliases)}
    close = difflib.get_close_matches(name.casefold(), list(candidates), n=1, cutoff=0.6)
    message = f"unknown variant {name!r} ('dummybridge variants' lists the built-in ones)"
    if close:
        return message, f"did you mean {candidates[close[0]]!r}?"
    return message, "name a built-in variant or alias, or a path ending in .yaml or .yml"


def builtin_display(path: Path) -> str:
    """How diagnostics name a shipped rule file: ``<built-in>/bridge.yaml``,
    ``<built-in>/house/lilies.yaml``."""
    if any(entry.path == path for entry in _index()[1]):
        return f"{BUILTIN_PREFIX}/{HOUSE_PREFIX}{path.name}"
    return f"{BUILTIN_PREFIX}/{path.name}"
