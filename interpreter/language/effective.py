"""The effective rule set as YAML: ``dummybridge validate --effective``.

A rule file that ``extends:`` another says only what it changes; its
author often wants to read the whole: the chain merged and the schema's
defaults filled in (:attr:`~dummybridge.language.loader.Document.data`).
:func:`effective_yaml` writes it as a rule file of its own, with no
``extends:``, that the strict loader reads back to the same rules: strings
the strict loader would take for something else (``"1.0"``, ``"9"``, ``N``,
``off``) are quoted, and a setting a base wrote that cannot act under the
merged rules (which a file of its own may not write) is put back to its
default, with a comment that says so.

>>> text = effective_yaml(load_document("double-dummy"))
>>> "dummybridge: 1" in text.splitlines()
True
>>> "\\nextends:" in text, "  passes: left_skipping_dummies" in text
(False, True)
"""

from __future__ import annotations

import copy
import json
import os
from typing import Any, Literal

import yaml

from ..errors import RuleFileError
from . import schemas
from .loader import Document, format_diagnostics, load_document
from .semantics import INERT
from .yamlsrc import _YAML11_BOOL, value_at

__all__ = ["effective_text", "effective_yaml"]


class _Dumper(yaml.SafeDumper):
    """PyYAML's safe dumper, quoting the words a YAML 1.1 reader takes for
    booleans that PyYAML itself writes plain (``y``, ``n``)."""


def _str(dumper: yaml.SafeDumper, value: str) -> yaml.ScalarNode:
    if _YAML11_BOOL.match(value):
        return dumper.represent_scalar("tag:yaml.org,2002:str", value, style='"')
    if "\n" in value.rstrip("\n"):  # a text of several lines: as a block
        return dumper.represent_scalar("tag:yaml.org,2002:str", value, style="|")
    if value.endswith("\n"):  # a paragraph (a folded block in the file): folded again
        return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=">")
    return dumper.represent_str(value)


_Dumper.add_representer(str, _str)


def effective_yaml(document: Document) -> str:
    """The document's effective rules as the text of a rule file that needs
    no other: a comment naming the chain it was merged from, then the data
    (``dummybridge:`` first, the file's own order after)."""
    data: dict[str, Any] = {"dummybridge": document.data.get("dummybridge", 1)}
    data.update((k, copy.deepcopy(v)) for k, v in document.data.items() if k != "dummybridge")
    chain = " <- ".join(p.name for p in document.files)
    head = (
        f"# The effective rules of {document.display}: {chain} merged "
        "(extends: applied), the schema's defaults filled in.\n"
        "# This file needs no other; 'dummybridge validate' reads it back to the same rules.\n"
    )
    for path, why in _unread(data):
        head += f"# {'.'.join(map(str, path))}: the default, as no value acts here ({why}).\n"
    body = yaml.dump(
        data,
        Dumper=_Dumper,
        sort_keys=False,
        allow_unicode=True,
        width=100,
        default_flow_style=False,
    )
    return head + body


def _unread(data: dict[str, Any]) -> list[tuple[tuple[str | int, ...], str]]:
    """Put back the schema's default of every setting the interpreter never
    reads under these rules (:data:`~dummybridge.language.semantics.INERT`):
    a base may set one that acts in its own rules, but a file that writes it
    where it cannot act is refused. Returns the paths changed, and why."""
    defaults: dict[str, Any] = {}
    schemas.apply_defaults(defaults, schemas.root())
    changed = []
    for path, never_read, why, _ in INERT:
        value = value_at(data, path)
        if value is None or not never_read(data):
            continue
        default = value_at(defaults, path)
        if default is None:
            default = (schemas.schema_at(path) or {}).get("default")
        parent_schema = schemas.resolve_ref(schemas.schema_at(path[:-1]) or {})
        if default == value or (default is None and path[-1] in parent_schema.get("required", ())):
            continue  # as it is: a required setting is the file's to write, acting or not
        parent = value_at(data, path[:-1])
        if default is None:
            del parent[path[-1]]
        else:
            parent[path[-1]] = copy.deepcopy(default)
        changed.append((path, why))
    return changed


def effective_text(
    source: str | os.PathLike[str], *, fmt: Literal["text", "json"] = "text", verbose: bool = False
) -> tuple[str, int]:
    """What ``dummybridge validate --effective FILE`` prints, and its exit
    status: the effective rules (YAML, or JSON with ``fmt="json"``) and 0; or,
    for a file that does not load, its diagnostics as ``validate`` prints them and 1."""
    try:
        document = load_document(source, verbose=verbose)
    except RuleFileError as exc:
        return format_diagnostics(exc.diagnostics, fmt), 1
    if fmt == "json":
        return json.dumps(document.data, indent=1, ensure_ascii=False), 0
    return effective_yaml(document).rstrip("\n"), 0
