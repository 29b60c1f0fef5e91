"""The schema's errors in plain words: the loader's third stage.

``jsonschema`` reports what failed in the schema's terms (``'x' is not one
of [...]``, ``'kind' is a required property``, a ``oneOf`` with a context of
sub-errors); :class:`SchemaCheck` turns each into problems a person can act on:
the path of the offending value (or of its key), a message in the words of
:mod:`~dummybridge.language.wording`, and a hint from the schema's own
description or a did-you-mean. A misspelt key is reported once, as an unknown
key, not also as a missing one; a value of the wrong type only for its type.
"""

from __future__ import annotations

import ast
import difflib
import json
import re
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import islice
from typing import TYPE_CHECKING, Any

from .extends import Places, SourceFile
from .schemas import deref, property_schema, root, schema_at, validator
from .wording import (
    TYPE_WORDS,
    JsonPath,
    description,
    did_you_mean,
    error_description,
    first_sentence,
    got,
    one_of,
    show,
)
from .yamlsrc import Val

if TYPE_CHECKING:
    from jsonschema.exceptions import ValidationError

__all__ = ["Item", "SchemaCheck"]

Item = tuple[JsonPath, str, str | None, bool]
"""One problem: the path, the message, the hint, and whether it is placed at the key."""

# Keywords that a value of the wrong type fails too: only its type is reported.
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


MAX_PROBLEMS = 100
"""The most problems the schema's check reports of one document: past them it
stops, with :data:`STOPPED` at the next (each error the validator finds holds
some kilobytes; a file of 10,000 wrong values would hold tens of MiB)."""
STOPPED = f"more than {MAX_PROBLEMS} problems: the check stops here"
STOPPED_HINT = "fix the problems reported, then check the file again"


@dataclass(frozen=True, slots=True)
class _Failure:
    """One schema error, with what every explanation of it needs."""

    error: ValidationError
    path: JsonPath
    instance: Any
    wanted: Any  # what the keyword asks for
    schema: dict[str, Any]
    raw: str | None  # the value as written, for numbers
    described: str | None  # the first sentence of the nearest description


@dataclass(slots=True)
class SchemaCheck:
    """The schema's verdict on one merged document, in plain words.

    :ivar data: the merged document as plain data.
    :ivar positions: where each value was written, by path; a missing key that
        a null deleted is placed at that null when it is reported.
    :ivar files: the chain of files, for whether the file of a value extends another.
    :ivar deleted: the nulls that deleted inherited keys, by path.
    :ivar verbose: report every alternative of a failed ``oneOf``/``anyOf``.
    """

    data: Any
    positions: Places
    files: Sequence[SourceFile]
    deleted: Mapping[JsonPath, Val]
    verbose: bool = False
    typos: set[tuple[JsonPath, str]] = field(default_factory=set)

    def problems(self) -> Iterator[Item]:
        """Every problem of the document, error by error in the validator's order
        (of the first :data:`MAX_PROBLEMS` errors; then :data:`STOPPED` at the next)."""
        errors = list(islice(validator().iter_errors(self.data), MAX_PROBLEMS + 1))
        more = errors[MAX_PROBLEMS:]
        del errors[MAX_PROBLEMS:]
        self.find_typos(errors)
        mistyped = {tuple(e.absolute_path) for e in errors if e.validator == "type"}
        for error in errors:
            if tuple(error.absolute_path) in mistyped and error.validator in _SAME_VALUE_KEYWORDS:
                continue
            yield from self.explain(error)
        if more:
            yield (tuple(more[0].absolute_path), STOPPED, STOPPED_HINT, False)

    def find_typos(self, errors: list[ValidationError]) -> None:
        """A misspelt key is also a missing one: note it, so that it is reported
        once, as the unknown key with its did-you-mean."""
        for error in errors:
            if error.validator == "additionalProperties" and isinstance(error.schema, dict):
                known = list(error.schema.get("properties", {}))
                instance: Any = error.instance
                unknown = (key for key in instance if key not in known)
                for key in islice(unknown, MAX_PROBLEMS + 1):  # (no more are reported)
                    for match in difflib.get_close_matches(key, known, n=1, cutoff=0.6):
                        self.typos.add((tuple(error.absolute_path), match))

    def explain(self, error: ValidationError) -> list[Item]:
        """One schema error in plain words: ``(path, message, hint, at_key)`` items."""
        path: JsonPath = tuple(error.absolute_path)
        failure = _Failure(
            error=error,
            path=path,
            instance=error.instance,
            wanted=error.validator_value,
            schema=error.schema if isinstance(error.schema, dict) else {},
            raw=self.positions[path].raw if path in self.positions else None,
            described=first_sentence(error_description(error)),
        )
        keyword: Any = error.validator
        if keyword in ("oneOf", "anyOf"):
            return self.alternatives(failure)
        if keyword in ("additionalProperties", "required"):
            return _HANDLERS[keyword](self, failure)
        if "propertyNames" in error.absolute_schema_path:
            return self.key_name(failure)
        return _HANDLERS.get(keyword, SchemaCheck.other)(self, failure)

    def alternatives(self, f: _Failure) -> list[Item]:
        """A ``oneOf``/``anyOf``: the values allowed when every alternative is
        one; else the best match, with how many more there are."""
        from jsonschema.exceptions import best_match

        leaves = list(_leaves(f.error))
        if leaves and all(
            e.validator in ("enum", "const") and tuple(e.absolute_path) == f.path for e in leaves
        ):
            allowed: list[Any] = []
            for e in leaves:
                value: Any = e.validator_value
                for v in value if e.validator == "enum" else [value]:
                    if v not in allowed:
                        allowed.append(v)
            message = f"{show(f.instance, f.raw)} is not one of {one_of(allowed)}"
            return [(f.path, message, did_you_mean(f.instance, allowed) or f.described, False)]
        if self.verbose:
            return [item for leaf in leaves for item in self.explain(leaf)]
        best = best_match([f.error])
        if best is f.error or best.validator in ("oneOf", "anyOf"):
            best = max(leaves, key=lambda e: len(e.absolute_path))
        items = self.explain(best)
        if len(leaves) > 1 and items:
            p, m, h, k = items[0]
            items[0] = (p, f"{m} ({len(leaves) - 1} more, use -v)", h, k)
        return items

    def unknown_keys(self, f: _Failure) -> list[Item]:
        known = sorted(f.schema.get("properties", {}))
        unknown = (key for key in f.instance if key not in known)
        return [
            (
                (*f.path, key),
                f"unknown key {key!r} (expected one of: {', '.join(known)})",
                did_you_mean(key, known),
                True,
            )
            for key in islice(unknown, MAX_PROBLEMS + 1)  # (no more are reported)
        ]

    def missing_key(self, f: _Failure) -> list[Item]:
        path = f.path
        key = _missing_key(f.error)
        if (path, key) in self.typos:
            return []
        origin = self.deleted.get((*path, key))
        hint = first_sentence(description(property_schema(schema_at(path) or {}, key)))
        if origin is not None:
            self.positions[(*path, key)] = origin
            message = f"missing required key {key!r} (this null deletes the inherited one)"
            return [((*path, key), message, hint, False)]
        return [(path, f"missing required key {key!r}", hint, False)]

    def key_name(self, f: _Failure) -> list[Item]:
        key = str(f.instance)
        message = f"{key!r} is not a valid key here"
        if f.error.validator == "pattern":
            message += f": it must match {f.wanted}"
        return [((*f.path, key), message, f.described, True)]

    def wrong_type(self, f: _Failure) -> list[Item]:
        kinds = f.wanted if isinstance(f.wanted, list) else [f.wanted]
        expected = " or ".join(TYPE_WORDS.get(str(k), str(k)) for k in kinds)
        message = f"expected {expected}, got {got(f.instance, f.raw)}"
        if f.instance is None and f.path in self.positions and self.is_extending(f.path):
            message += " (null deletes an inherited key, but nothing is inherited here)"
        return [(f.path, message, f.described, False)]

    def not_allowed(self, f: _Failure) -> list[Item]:
        allowed = list(f.wanted)
        message = f"{show(f.instance, f.raw)} is not one of {one_of(allowed)}"
        return [(f.path, message, did_you_mean(f.instance, allowed) or f.described, False)]

    def not_constant(self, f: _Failure) -> list[Item]:
        message = f"expected {show(f.wanted)}, got {show(f.instance, f.raw)}"
        return [(f.path, message, f.described, False)]

    def out_of_range(self, f: _Failure) -> list[Item]:
        low, high = f.schema.get("minimum"), f.schema.get("maximum")
        noun = "an integer" if f.schema.get("type") == "integer" else "a number"
        value = show(f.instance, f.raw)
        if low is not None and high is not None:
            message = f"expected {noun} from {low} to {high}, got {value}"
        elif f.error.validator == "minimum":
            message = f"expected {noun} of at least {low}, got {value}"
        else:
            message = f"expected {noun} of at most {high}, got {value}"
        return [(f.path, message, f.described, False)]

    def wrong_length(self, f: _Failure) -> list[Item]:
        low, high = f.schema.get("minItems"), f.schema.get("maxItems")
        count = len(f.instance)
        if low is not None and low == high:
            message = f"expected {low} entries, got {count}"
        elif f.error.validator == "minItems":
            message = f"expected at least {low} entries, got {count}"
        else:
            message = f"expected at most {high} entries, got {count}"
        return [(f.path, message, f.described, False)]

    def duplicates(self, f: _Failure) -> list[Item]:
        first: dict[str, int] = {}
        items: list[Item] = []
        for i, item in enumerate(f.instance):
            token = json.dumps(item, sort_keys=True)
            if token in first:
                message = f"duplicate entry {show(item)} (already at [{first[token]}])"
                items.append(((*f.path, i), message, f.described, False))
            else:
                first[token] = i
        return items

    def empty_string(self, f: _Failure) -> list[Item]:
        return [(f.path, "expected a non-empty string", f.described, False)]

    def no_match(self, f: _Failure) -> list[Item]:
        return [(f.path, f"{show(f.instance)} does not match {f.wanted}", f.described, False)]

    def key_not_allowed(self, f: _Failure) -> list[Item]:
        """A key that this branch does not allow (a ``not``, or a ``false`` schema)."""
        where = f.path[-1] if f.path else "$"
        message = f"key {where!r} is not allowed" + self.condition(f.error, f.path[:-1])
        return [(f.path, message, f.described, True)]

    def other(self, f: _Failure) -> list[Item]:  # pragma: no cover - keywords unused so far
        return [(f.path, f.error.message, f.described, False)]

    def condition(self, error: ValidationError, parent: JsonPath) -> str:
        """`` when kind is 'unlimited'``: the ``if`` that chose the failing ``then``, in words."""
        parts = list(error.absolute_schema_path)
        if "then" not in parts:
            return " here"
        node: Any = root()
        branch: Any = None
        for part in parts[: len(parts) - parts[::-1].index("then") - 1]:
            while isinstance(node, dict) and part not in node and "$ref" in node:
                node = deref(node)
            try:
                node = node[part]
            except (KeyError, IndexError, TypeError):
                return " here"
        branch = node.get("if", {}) if isinstance(node, dict) else {}
        instance: Any = self.data
        for part in parent:
            instance = instance[part]
        words = [
            f"{name} is {show(instance[name])}"
            for name, sub in branch.get("properties", {}).items()
            if isinstance(instance, dict) and name in instance and ("const" in sub or "enum" in sub)
        ]
        return f" when {' and '.join(words)}" if words else " here"

    def is_extending(self, path: JsonPath) -> bool:
        """Whether the file that wrote the value at ``path`` extends another."""
        return self.files[self.positions[path].file].extends


_HANDLERS: dict[Any, Callable[[SchemaCheck, _Failure], list[Item]]] = {
    "additionalProperties": SchemaCheck.unknown_keys,
    "required": SchemaCheck.missing_key,
    "type": SchemaCheck.wrong_type,
    "enum": SchemaCheck.not_allowed,
    "const": SchemaCheck.not_constant,
    "minimum": SchemaCheck.out_of_range,
    "maximum": SchemaCheck.out_of_range,
    "minItems": SchemaCheck.wrong_length,
    "maxItems": SchemaCheck.wrong_length,
    "uniqueItems": SchemaCheck.duplicates,
    "minLength": SchemaCheck.empty_string,
    "pattern": SchemaCheck.no_match,
    "not": SchemaCheck.key_not_allowed,
    None: SchemaCheck.key_not_allowed,
}
"""The explanation of each schema keyword's failure."""


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
