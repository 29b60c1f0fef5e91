"""The JSON Schemas shipped in the package: the rule file's and the scenario file's.

The rule-file schema is the one source of the rule language's defaults:
:func:`apply_defaults` fills them into a document, and nothing else in the
package writes a default of its own. A load checks its document against the
schema of :data:`ACTIVE` (the rule file's, unless a load of another kind of
file sets its own for its duration); ``$ref``\\ s and paths are resolved in it.

>>> schema_at(("declaration", "auction", "max_level"))["default"]
7
>>> defaults_at(("laws", "dummy"))["touched_card_played"]
False
"""

from __future__ import annotations

import copy
import json
import re
from collections.abc import Iterator, Mapping
from contextvars import ContextVar
from functools import lru_cache
from importlib.resources import files as _resource_files
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from jsonschema import Validator

__all__ = [
    "ACTIVE",
    "RULE_SCHEMA",
    "apply_defaults",
    "defaults_at",
    "deref",
    "load_schema",
    "property_schema",
    "resolve_ref",
    "root",
    "rule_schema",
    "schema_at",
    "schema_of",
    "schema_text",
    "schema_text_of",
    "section",
    "validator",
    "validator_of",
    "with_defaults",
]

RULE_SCHEMA = "ruleset.schema.json"
"""The rule-file schema's file name in the package's ``schema`` folder."""

# The schema a load checks against: the rule-file schema unless a load of
# another kind of file (a scenario file) sets its own for its duration.
ACTIVE: ContextVar[str] = ContextVar("ACTIVE", default=RULE_SCHEMA)


@lru_cache(maxsize=4)
def schema_text_of(name: str = RULE_SCHEMA) -> str:
    """A schema's JSON text exactly as shipped, by its file name."""
    return (_resource_files("dummybridge.language") / "schema" / name).read_text(encoding="utf-8")


@lru_cache(maxsize=4)
def schema_of(name: str) -> dict[str, Any]:
    """A schema as data, parsed once (callers must not change it)."""
    result: dict[str, Any] = json.loads(schema_text_of(name))
    return result


def rule_schema() -> dict[str, Any]:
    """The rule-file schema as data, parsed once (callers must not change it)."""
    return schema_of(RULE_SCHEMA)


def schema_text() -> str:
    """The rule-file JSON Schema exactly as shipped (what ``dummybridge schema`` prints).

    :returns: the schema's JSON text.
    """
    return schema_text_of(RULE_SCHEMA)


def load_schema() -> dict[str, Any]:
    """The rule-file JSON Schema (draft 2020-12) as data; a fresh copy on each call.

    :returns: the parsed schema.
    """
    return copy.deepcopy(rule_schema())


def root() -> dict[str, Any]:
    """The schema of the load under way: what ``$ref``\\ s and paths are resolved in."""
    name = ACTIVE.get()
    return rule_schema() if name == RULE_SCHEMA else schema_of(name)


@lru_cache(maxsize=4)
def validator_of(name: str) -> Validator:
    """The compiled validator, built once: draft 2020-12 where only ints are integers."""
    from jsonschema import Draft202012Validator, validators

    def is_integer(checker: object, instance: object) -> bool:
        # jsonschema counts 30.0 as an integer; a rule file must write 30.
        return isinstance(instance, int) and not isinstance(instance, bool)

    checker = Draft202012Validator.TYPE_CHECKER.redefine("integer", is_integer)
    given = Draft202012Validator.VALIDATORS["additionalProperties"]

    def additional_in_order(v: Any, extra: Any, instance: Any, schema: Any) -> Iterator[Any]:
        # jsonschema's own goes through a set, so which errors come first would
        # change from run to run (the check stops after the first 100: explain.py).
        if not v.is_type(instance, "object") or not v.is_type(extra, "object"):
            yield from given(v, extra, instance, schema)
            return
        known = schema.get("properties", {})
        patterns = "|".join(schema.get("patternProperties", {}))
        for key in instance:
            if key not in known and not (patterns and re.search(patterns, key)):
                yield from v.descend(instance[key], extra, path=key)

    strict = validators.extend(  # type: ignore[no-untyped-call]
        Draft202012Validator,
        {"additionalProperties": additional_in_order},
        type_checker=checker,
    )
    validator: Validator = strict(schema_of(name))
    return validator


def validator() -> Validator:
    """The validator of the load under way."""
    return validator_of(ACTIVE.get())


def deref(schema: Mapping[str, Any]) -> Mapping[str, Any]:
    """The target of a schema's local ``$ref`` (``#/$defs/x``), one level."""
    target: Any = root()
    for part in schema["$ref"].lstrip("#").strip("/").split("/"):
        if part:
            target = target[part]
    result: Mapping[str, Any] = target
    return result


def resolve_ref(schema: Mapping[str, Any]) -> Mapping[str, Any]:
    """Follow local ``$ref``\\ s until a schema without one."""
    for _ in range(50):
        if "$ref" not in schema:
            break
        schema = deref(schema)
    return schema


def property_schema(schema: Mapping[str, Any], key: str) -> Mapping[str, Any] | None:
    """The schema of ``key`` in an object (``properties``, else ``additionalProperties``)."""
    schema = resolve_ref(schema)
    sub: Mapping[str, Any] | None = schema.get("properties", {}).get(key)
    if sub is None and isinstance(schema.get("additionalProperties"), dict):
        sub = schema["additionalProperties"]
    return sub


def schema_at(path: tuple[str | int, ...]) -> Mapping[str, Any] | None:
    """The schema describing the value at ``path`` (the property's own, before ``$ref``)."""
    schema: Mapping[str, Any] | None = root()
    for part in path:
        if schema is None:
            return None
        if isinstance(part, int):
            schema = resolve_ref(schema).get("items")
        else:
            schema = property_schema(schema, part)
    return schema


def apply_defaults(data: Any, schema: Mapping[str, Any]) -> None:
    """Fill in every missing property that has a schema ``default``, recursively.

    Only plain object ``properties`` (through ``$ref``), ``additionalProperties``
    schemas and array ``items`` are followed: enough for the rule language, where
    the schema is the one source of defaults.
    """
    if isinstance(data, dict):
        resolved = resolve_ref(schema)
        properties: Mapping[str, Any] = resolved.get("properties", {})
        for key, sub in properties.items():
            if key not in data:
                default = sub["default"] if "default" in sub else resolve_ref(sub).get("default")
                if default is None:
                    continue
                data[key] = copy.deepcopy(default)
            apply_defaults(data[key], sub)
        extra = resolved.get("additionalProperties")
        if isinstance(extra, dict):
            for key, value in data.items():
                if key not in properties:
                    apply_defaults(value, extra)
    elif isinstance(data, list):
        items = resolve_ref(schema).get("items")
        if isinstance(items, dict):
            for value in data:
                apply_defaults(value, items)


def with_defaults(data: Mapping[str, Any]) -> dict[str, Any]:
    """A deep copy of a rule document with the rule-file schema's defaults filled in.

    A document the loader returns has them already (filling them again
    changes nothing); a document built or changed by hand gets them here.
    """
    result: dict[str, Any] = _plain_copy(data)
    token = ACTIVE.set(RULE_SCHEMA)
    try:
        apply_defaults(result, rule_schema())
    finally:
        ACTIVE.reset(token)
    return result


def _plain_copy(value: Any) -> Any:
    """A deep copy of JSON-like data as plain dicts and lists (read-only mappings too)."""
    if isinstance(value, Mapping):
        return {k: _plain_copy(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain_copy(v) for v in value]
    return value


def defaults_at(path: tuple[str, ...]) -> dict[str, Any]:
    """What the rule-file schema's defaults make of a section that a document
    leaves out: an empty mapping with the defaults of its keys filled in.

    :param path: the section's keys from the root (``("laws", "dummy")``).
    """
    section: dict[str, Any] = {}
    token = ACTIVE.set(RULE_SCHEMA)
    try:
        schema = schema_at(path)
        if schema is not None:
            apply_defaults(section, schema)
    finally:
        ACTIVE.reset(token)
    return section


def section(data: Mapping[str, Any], *path: str) -> Mapping[str, Any]:
    """The section of a rule document at ``path``; where the document leaves it
    out, what the rule-file schema's defaults make of it (:func:`defaults_at`)."""
    node: Mapping[str, Any] = data
    for key in path:
        if key not in node:
            return defaults_at(path)
        node = node[key]
    return node
