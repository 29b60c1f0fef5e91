"""The rule-language reference, generated from the JSON Schema shipped in the package.

Every keyword a rule file may use is a property somewhere in the schema;
:func:`keywords` walks them from the top of a rule file down (following local
``$ref``\\ s, list items and named entries), and :func:`reference_markdown`
writes each one's type, whether it is required or its default, its meaning
(the schema's ``description``) and an example in YAML. ``docs/rule-language.md``
is this text (``python tools/gen_reference.py`` writes it, ``dummybridge docs``
prints it), and a test fails when the two differ.

>>> first = next(iter(keywords()))
>>> first.name, first.required
('dummybridge', 'unless_extending')
>>> kw = next(k for k in keywords() if k.name == "scoring.rubber.games_to_win")
>>> type_text(kw.resolved), example(kw)
('integer, from 1 to 100', 2)
>>> print(example_yaml(kw), end="")
scoring:
  rubber: {games_to_win: 2, bonus: 100}
"""

from __future__ import annotations

import copy
import json
import re
from collections import Counter
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Literal

import yaml

from .schemas import load_schema

__all__ = [
    "Keyword",
    "example",
    "example_yaml",
    "examples",
    "has_example",
    "keywords",
    "reference_markdown",
    "type_text",
]

ITEM = "[]"
"""The path part that stands for every item of a list (``sight.rules[].who``)."""

_NO_EXAMPLE = object()


@dataclass(frozen=True)
class Keyword:
    """One keyword of the rule language, where it first appears.

    :ivar path: the keys from the top of a rule file: ``("sight", "rules", "[]", "who")``;
        ``[]`` is any item of a list, ``<name>`` any entry of a mapping whose keys the
        author chooses (``denominations.<name>.suit``).
    :ivar schema: the property's own schema (its ``description``, ``default``,
        ``examples`` and a ``$ref``, as written).
    :ivar resolved: the property's schema with its ``$ref`` chain merged in
        (the property's own keys win).
    :ivar required: ``"yes"``, ``"unless_extending"`` (required of a file that
        extends nothing) or ``"no"``.
    :ivar same_as: for an object defined once and used again, the name of the
        keyword that first documents its keys.
    """

    path: tuple[str, ...]
    schema: Mapping[str, Any]
    resolved: Mapping[str, Any]
    required: Literal["yes", "unless_extending", "no"]
    same_as: str | None = None

    @property
    def name(self) -> str:
        """The keyword's dotted name: ``sight.rules[].who``."""
        text = ""
        for part in self.path:
            text += part if part == ITEM or not text else f".{part}"
        return text

    @property
    def anchor(self) -> str:
        """The HTML anchor of its section in the reference."""
        return re.sub(r"[^a-z0-9_]+", "-", self.name.lower()).strip("-")

    @property
    def is_object(self) -> bool:
        """Whether its value is a mapping of further keywords."""
        return _is_object(self.resolved)


# --------------------------------------------------------------------------- the walk


def _deref(schema: Mapping[str, Any], root: Mapping[str, Any]) -> Mapping[str, Any]:
    target: Any = root
    for part in str(schema["$ref"]).lstrip("#").strip("/").split("/"):
        target = target[part]
    result: Mapping[str, Any] = target
    return result


def _resolve(schema: Mapping[str, Any], root: Mapping[str, Any]) -> dict[str, Any]:
    """``schema`` merged with its ``$ref`` chain; the referring schema's keys win."""
    chain = [schema]
    while "$ref" in chain[-1] and len(chain) < 50:
        chain.append(_deref(chain[-1], root))
    merged: dict[str, Any] = {}
    for part in reversed(chain):
        merged.update({k: v for k, v in part.items() if k != "$ref"})
    return merged


def _ref_name(schema: Mapping[str, Any], root: Mapping[str, Any]) -> str | None:
    """The ``$defs`` name a schema finally refers to (``None`` if it is written in place)."""
    name = None
    for _ in range(50):
        if "$ref" not in schema:
            break
        name = str(schema["$ref"]).rsplit("/", 1)[-1]
        schema = _deref(schema, root)
    return name


def _is_object(schema: Mapping[str, Any]) -> bool:
    return schema.get("type") == "object" or "properties" in schema


def _table_keys(schema: Mapping[str, Any]) -> tuple[str, ...]:
    """The keys of a table: a mapping of four or more fixed keys that all take
    the same kind of value (``most_pips``: a number for each of the thirteen
    ranks). A table is one keyword of the reference, not one per key.
    """
    props = schema.get("properties", {})
    if len(props) < 4 or schema.get("additionalProperties", False) is not False:
        return ()
    shapes = {
        json.dumps(
            {k: v for k, v in p.items() if k not in ("description", "examples", "default")},
            sort_keys=True,
        )
        for p in props.values()
    }
    return tuple(props) if len(shapes) == 1 else ()


def _entry_name(schema: Mapping[str, Any]) -> str:
    """What a mapping's author-chosen keys are called in a path."""
    names = schema.get("propertyNames", {})
    text = str(names.get("description", "")).lower()
    if "source key" in text:
        return "<key>"
    return "<name>"


def keywords(schema: Mapping[str, Any] | None = None) -> Iterator[Keyword]:
    """Every keyword of the rule language, depth first in the schema's order.

    An object defined once in ``$defs`` and used in several places is walked
    the first time only; later uses carry :attr:`Keyword.same_as`.

    :param schema: the schema to walk (default: the one shipped in the package).
    :returns: the keywords, each where it first appears.
    """
    root = load_schema() if schema is None else schema
    seen: dict[str, str] = {}
    unless = (
        set(root.get("else", {}).get("required", []))
        if root.get("if") == {"required": ["extends"]}
        else set()
    )
    yield from _walk(root, root, (), seen, unless)


def _walk(
    obj: Mapping[str, Any],
    root: Mapping[str, Any],
    path: tuple[str, ...],
    seen: dict[str, str],
    unless: set[str],
) -> Iterator[Keyword]:
    resolved = _resolve(obj, root)
    required = set(resolved.get("required", []))
    for key, prop in resolved.get("properties", {}).items():
        level: Literal["yes", "unless_extending", "no"] = (
            "yes" if key in required else "unless_extending" if key in unless else "no"
        )
        yield from _keyword(prop, root, (*path, key), level, seen)
    extra = resolved.get("additionalProperties")
    if isinstance(extra, dict):
        yield from _keyword(extra, root, (*path, _entry_name(resolved)), "no", seen)


def _keyword(
    prop: Mapping[str, Any],
    root: Mapping[str, Any],
    path: tuple[str, ...],
    level: Literal["yes", "unless_extending", "no"],
    seen: dict[str, str],
) -> Iterator[Keyword]:
    resolved = _resolve(prop, root)
    ref = _ref_name(prop, root)
    keyword = Keyword(path, prop, resolved, level)
    if _is_object(resolved) and ref is not None and ref in seen:
        yield Keyword(path, prop, resolved, level, same_as=seen[ref])
        return
    yield keyword
    if _table_keys(resolved):
        return
    if _is_object(resolved):
        if ref is not None:
            seen[ref] = keyword.name
        yield from _walk(resolved, root, path, seen, set())
    elif resolved.get("type") == "array" and isinstance(resolved.get("items"), dict):
        items = resolved["items"]
        if _is_object(_resolve(items, root)):
            item_ref = _ref_name(items, root)
            if item_ref is not None and item_ref in seen:
                return
            if item_ref is not None:
                seen[item_ref] = keyword.name
            yield from _walk(items, root, (*path, ITEM), seen, set())


# --------------------------------------------------------------------------- types


def _code(value: Any) -> str:
    return f"`{_inline(value)}`"


def _inline(value: Any) -> str:
    """A value as it is written in YAML, on one line."""
    text = yaml.safe_dump(
        value, default_flow_style=True, sort_keys=False, allow_unicode=True, width=10_000
    ).strip()
    return text.removesuffix("\n...").removesuffix("...").strip()


def type_text(schema: Mapping[str, Any], root: Mapping[str, Any] | None = None) -> str:
    """A keyword's type in words, from its resolved schema.

    >>> type_text({"type": "integer", "minimum": 1, "maximum": 4})
    'integer, from 1 to 4'
    >>> type_text({"type": "array", "items": {"enum": ["a", "b"]}, "uniqueItems": True})
    'list of: one of `a`, `b`; no repeats'
    """
    root = load_schema() if root is None else root
    schema = _resolve(schema, root)
    if "const" in schema:
        return f"always {_code(schema['const'])}"
    if "enum" in schema:
        return "one of " + ", ".join(_code(v) for v in schema["enum"])
    if "anyOf" in schema or "oneOf" in schema:
        parts = [type_text(s, root) for s in schema.get("anyOf", schema.get("oneOf", []))]
        values = [p.removeprefix("one of ").removeprefix("always ") for p in parts]
        if all(p.startswith(("one of ", "always ")) for p in parts):
            return "one of " + ", ".join(values)
        single = [
            v if v.count("`") == 2 and p.startswith(("one of ", "always ")) else p
            for p, v in zip(parts, values, strict=True)
        ]
        return "; or ".join(single)
    kind = schema.get("type")
    if kind == "integer" or kind == "number":
        low, high = schema.get("minimum"), schema.get("maximum")
        if low is not None and high is not None:
            return f"{kind}, from {low} to {high}"
        if low is not None:
            return f"{kind}, at least {low}"
        if high is not None:
            return f"{kind}, at most {high}"
        return str(kind)
    if kind == "string":
        if "pattern" in schema:
            return f"string matching `{schema['pattern']}`"
        return "non-empty string" if schema.get("minLength") == 1 else "string"
    if kind == "boolean":
        return "`true` or `false`"
    if kind == "array":
        text = "list"
        items = schema.get("items")
        if isinstance(items, dict):
            inner = _resolve(items, root)
            text += " of mappings" if _is_object(inner) else f" of: {type_text(inner, root)}"
        low, high = schema.get("minItems"), schema.get("maxItems")
        if low is not None and low == high:
            text += f"; exactly {low}"
        elif low is not None:
            text += f"; at least {low}"
        elif high is not None:
            text += f"; at most {high}"
        if schema.get("uniqueItems"):
            text += "; no repeats"
        return text
    table = _table_keys(schema)
    if table:
        value = type_text(schema["properties"][table[0]], root)
        keys = ", ".join(f"`{k}`" for k in table)
        required = set(schema.get("required", [])) >= set(table)
        return f"mapping of {keys}{' (every one required)' if required else ''} to {value}"
    if _is_object(schema):
        extra = schema.get("additionalProperties")
        if isinstance(extra, dict) and not schema.get("properties"):
            return f"mapping of `{_entry_name(schema)}` to {type_text(extra, root)}"
        if isinstance(extra, dict):
            return (
                f"mapping of keywords, and of `{_entry_name(schema)}` to {type_text(extra, root)}"
            )
        return "mapping of keywords"
    return "any value"  # pragma: no cover - every keyword of the schema has a type


# --------------------------------------------------------------------------- examples


def _own_example(keyword: Keyword, root: Mapping[str, Any]) -> Any:
    """The example the schema gives: ``examples``, else a non-empty ``default``, else ``const``,
    on the property first, then along its ``$ref`` chain."""
    chain: list[Mapping[str, Any]] = [keyword.schema]
    while "$ref" in chain[-1] and len(chain) < 50:
        chain.append(_deref(chain[-1], root))
    for part in chain:
        if part.get("examples"):
            return part["examples"][0]
    for part in chain:
        if "default" in part and part["default"] not in ({}, [], None):
            return part["default"]
        if "const" in part:
            return part["const"]
    return _NO_EXAMPLE


def _entry_value(keyword: Keyword, root: Mapping[str, Any]) -> Any:
    """Within an author-named entry (``denominations.<name>.suit``), the value
    the enclosing mapping's own example gives under the entry the reference
    shows (``hearts``), so that the name and the value agree; else none."""
    named = [i for i, part in enumerate(keyword.path) if part.startswith("<")]
    if not named:
        return _NO_EXAMPLE
    at = named[-1]
    parent = next(k for k in keywords(root) if k.path == keyword.path[:at])
    value: Any = example(parent, root)
    value = value.get(_entry_example(keyword.path[:at], root)) if isinstance(value, dict) else None
    for part in keyword.path[at + 1 :]:
        if part == ITEM:
            value = value[0] if isinstance(value, list) and value else None
        else:
            value = value.get(part) if isinstance(value, dict) else None
    return _NO_EXAMPLE if value is None else value


def has_example(keyword: Keyword, schema: Mapping[str, Any] | None = None) -> bool:
    """Whether the schema itself gives the keyword an example (see :func:`example`)."""
    root = load_schema() if schema is None else schema
    return _own_example(keyword, root) is not _NO_EXAMPLE


def example(keyword: Keyword, schema: Mapping[str, Any] | None = None) -> Any:
    """An example value of the keyword.

    The schema's own (``examples``, else a non-empty ``default``, else
    ``const``); for a mapping of keywords without one, a mapping built from
    the examples of its required keywords (or, if none is required, of all
    but ``source``).

    :raises LookupError: if the schema gives no example to build it from.
    """
    root = load_schema() if schema is None else schema
    within = _entry_value(keyword, root)
    if within is not _NO_EXAMPLE:
        return within
    own = _own_example(keyword, root)
    if own is not _NO_EXAMPLE:
        return own
    if keyword.is_object:
        children = [
            k
            for k in keywords(root)
            if len(k.path) == len(keyword.path) + 1 and k.path[:-1] == keyword.path
        ]
        if keyword.same_as is not None:
            base = next(k for k in keywords(root) if k.name == keyword.same_as)
            return example(base, root)
        chosen = [k for k in children if k.required == "yes"] or [
            k for k in children if k.path[-1] != "source" and not k.path[-1].startswith("<")
        ]
        return {k.path[-1]: example(k, root) for k in chosen}
    raise LookupError(f"the schema gives no example for {keyword.name}")


def examples(keyword: Keyword, schema: Mapping[str, Any] | None = None) -> list[Any]:
    """Every example of the keyword: the schema's ``examples`` list where it
    gives several, else the one :func:`example`."""
    root = load_schema() if schema is None else schema
    if _entry_value(keyword, root) is not _NO_EXAMPLE:
        return [example(keyword, root)]
    chain: list[Mapping[str, Any]] = [keyword.schema]
    while "$ref" in chain[-1] and len(chain) < 50:
        chain.append(_deref(chain[-1], root))
    for part in chain:
        if part.get("examples"):
            return list(part["examples"])
    return [example(keyword, root)]


def example_yaml(
    keyword: Keyword, schema: Mapping[str, Any] | None = None, value: Any = _NO_EXAMPLE
) -> str:
    """An example as a rule file would write it: the keyword inside its parents.

    :param value: the value to show (default: :func:`example`).
    """
    root = load_schema() if schema is None else schema
    if value is _NO_EXAMPLE:
        value = example(keyword, root)
    top = len(keyword.path) - 1
    context = _context(keyword, root)
    if context is not None:
        depth, whole = context
        item = _item_schema(keyword.path[:depth], root)
        if _put(whole, keyword.path[depth:], value) or _put_new(
            whole, keyword.path[depth:], value, item
        ):
            value, top = whole, depth - 1
    for depth in range(top, -1, -1):
        part = keyword.path[depth]
        if part == ITEM:
            value = _NestList([value])
            continue
        if part.startswith("<"):
            part = _entry_example(keyword.path[:depth], root)
        value = _Nest({part: value})
    text: str = yaml.dump(
        value, Dumper=_ExampleDumper, sort_keys=False, allow_unicode=True, width=10_000
    )
    return text


def _context(keyword: Keyword, root: Mapping[str, Any]) -> tuple[int, Any] | None:
    """Where a keyword cannot stand alone, the value it is shown within: the
    whole list holding it (a list's items depend on each other: a table needs
    its base line, the forced criteria a last one that decides), or the
    mapping whose keys depend on each other (``if``/``then``: ``trick_value``
    only with ``kind: cap``), as (the depth of that value's keyword, the value);
    ``None`` when the keyword is shown alone."""
    if ITEM in keyword.path:
        depth = keyword.path.index(ITEM)
    elif len(keyword.path) >= 2 and not keyword.path[-2].startswith("<"):
        depth = len(keyword.path) - 1
        parent = next(k for k in keywords(root) if k.path == keyword.path[:depth])
        conditional = any(k in parent.resolved for k in ("if", "allOf", "oneOf", "anyOf"))
        conditions = json.dumps(
            [parent.resolved.get("if"), *(c.get("if") for c in parent.resolved.get("allOf", []))]
        )
        if not conditional or f'"{keyword.path[-1]}"' in conditions:
            return None
    else:
        return None
    holder = next(k for k in keywords(root) if k.path == keyword.path[:depth])
    samples = examples(holder, root)
    for sample in samples:
        if _put(copy.deepcopy(sample), keyword.path[depth:], None):
            return depth, copy.deepcopy(sample)
    return depth, copy.deepcopy(samples[0])


def _item_schema(path: tuple[str, ...], root: Mapping[str, Any]) -> Mapping[str, Any] | None:
    """The schema of an item of the list keyword at ``path`` (``None`` if it is no list)."""
    holder = next((k for k in keywords(root) if k.path == path), None)
    items = holder.resolved.get("items") if holder is not None else None
    return items if isinstance(items, dict) else None


def _put(whole: Any, path: tuple[str, ...], value: Any) -> bool:
    """Set ``value`` at ``path`` inside ``whole`` (the first list item that has
    the key); whether it was found."""
    if not path:
        return False
    if path[0] == ITEM:
        return (
            isinstance(whole, list)
            and any(_put(item, path[1:], value) for item in whole if isinstance(item, dict | list))
            if len(path) > 1
            else False
        )
    if not isinstance(whole, dict) or path[0] not in whole:
        return False
    if len(path) == 1:
        whole[path[0]] = value
        return True
    return _put(whole[path[0]], path[1:], value)


def _put_new(
    whole: Any, path: tuple[str, ...], value: Any, item: Mapping[str, Any] | None = None
) -> bool:
    """Add ``value`` at ``path`` to the first item of the list ``whole`` (a key
    its example does not write); where that item would no longer fit the item
    schema ``item`` (one test to a criterion), the last item becomes one of that
    key alone instead. Whether there was such an item."""
    if not (path and path[0] == ITEM and isinstance(whole, list) and whole):
        return False
    first = copy.deepcopy(whole[0])
    target = first
    for part in path[1:-1]:
        if not isinstance(target, dict):
            return False
        target = target.setdefault(part, {})
    if not isinstance(target, dict):
        return False
    target[path[-1]] = value
    if item is not None and len(path) == 2 and not _fits(first, item):
        whole[-1] = {path[-1]: value}
    else:
        whole[0] = first
    return True


def _fits(value: Any, schema: Mapping[str, Any]) -> bool:
    from jsonschema import Draft202012Validator

    return bool(Draft202012Validator({**schema, "$defs": load_schema()["$defs"]}).is_valid(value))


def _is_flat(value: Any) -> bool:
    """Scalars, or a list or mapping of scalars."""
    members = (
        value.values() if isinstance(value, dict) else value if isinstance(value, list) else ()
    )
    return not any(isinstance(m, dict | list) for m in members)


def _flows(value: Any) -> bool:
    """Whether a collection is written on one line (``{kind: cap, trick_value: 100}``):
    when it is short and holds scalars, or a list of such mappings that is short."""
    if isinstance(value, list) and all(isinstance(v, dict) for v in value) and value:
        return all(_is_flat(v) for v in value) and len(_inline(value)) <= 60
    return _is_flat(value) and len(_inline(value)) <= 72


class _Nest(dict[str, Any]):
    """A keyword's parents in an example: always written in block style."""


class _NestList(list[Any]):
    """The list a keyword's item sits in, in an example: always in block style."""


class _ExampleDumper(yaml.SafeDumper):
    """Block style for the nesting, flow style for short collections of scalars."""


def _represent_dict(dumper: yaml.SafeDumper, data: dict[Any, Any]) -> yaml.MappingNode:
    return dumper.represent_mapping("tag:yaml.org,2002:map", data.items(), flow_style=_flows(data))


def _represent_list(dumper: yaml.SafeDumper, data: list[Any]) -> yaml.SequenceNode:
    return dumper.represent_sequence("tag:yaml.org,2002:seq", data, flow_style=_flows(data))


_ExampleDumper.add_representer(dict, _represent_dict)
_ExampleDumper.add_representer(list, _represent_list)
_ExampleDumper.add_representer(
    _Nest, lambda d, v: d.represent_mapping("tag:yaml.org,2002:map", v.items(), flow_style=False)
)
_ExampleDumper.add_representer(
    _NestList, lambda d, v: d.represent_sequence("tag:yaml.org,2002:seq", v, flow_style=False)
)


def _entry_example(path: tuple[str, ...], root: Mapping[str, Any]) -> str:
    """A plausible key for an author-named entry: the first key of the mapping's example."""
    parent = next(k for k in keywords(root) if k.path == path)
    sample = example(parent, root)
    if isinstance(sample, dict):
        for key in sample:
            if key != "source":
                return str(key)
    return "name"  # pragma: no cover - every such mapping has an example


# --------------------------------------------------------------------------- the document

_HEADER = """\
# The rule language

<!-- Generated from interpreter/language/schema/ruleset.schema.json by
     `python tools/gen_reference.py` (or `dummybridge docs`): do not edit by hand. -->

This is the reference of every keyword a rule file may use, generated from the
JSON Schema that `dummybridge validate` checks rule files against (print it with
`dummybridge schema`). Each keyword gives its type, whether it is required or
what it defaults to, its meaning, and an example to copy.

{root}

A keyword left out takes its default. A file that `extends:` another need not
give the keywords marked *required unless extending*: it inherits them, and
overrides only what it writes (mappings merge key by key, lists and other values
replace, `null` deletes an inherited key). `docs/house-rules.md` shows how to
write such a file from scratch.

In the names below, `[]` stands for each item of a list (`sight.rules[].who`)
and `<name>` for a key the author chooses (`denominations.<name>.suit`).
"""


def _required_text(keyword: Keyword) -> str:
    if keyword.required == "yes":
        return "required"
    if keyword.required == "unless_extending":
        return "required unless extending"
    if "default" in keyword.schema:
        return f"default {_code(keyword.schema['default'])}"
    if "default" in keyword.resolved:
        return f"default {_code(keyword.resolved['default'])}"
    return "optional"


def _summary(text: str) -> str:
    match = re.match(r"(.+?[.!?])(?=\s|$)", text.strip(), re.S)
    return " ".join((match.group(1) if match else text).split())


def _split_lead(text: str) -> tuple[str, str, str]:
    """A description's lead-in, the mark after it (``:`` or ``.``) and the rest:
    ``"Who may double: a (...) or b."`` gives ``("Who may double", ":", "a (...) or b.")``."""
    depth = 0
    for i, char in enumerate(text):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth == 0 and char in ":." and text[i + 1 : i + 2] in (" ", ""):
            return text[:i], char, text[i + 1 :].strip()
    return text.rstrip("."), ".", ""


def _description(keyword: Keyword, root: Mapping[str, Any], shared: bool) -> list[str]:
    """The property's meaning, once.

    A property that refers to an enumeration whose definition explains each
    value has two texts saying the same thing, a summary and the full one:
    the definition's is printed; where the definition is used in several
    places (``shared``), the property's own lead-in (what the values mean
    here) comes first, then the definition's values.
    """
    own = str(keyword.schema.get("description", ""))
    more = ""
    if "$ref" in keyword.schema:
        target = _resolve(_deref(keyword.schema, root), root)
        if "enum" in target or not own or _table_keys(target):
            more = str(target.get("description", ""))
    if not more or more == own:
        return [own] if own else []
    if not own:
        return [more]
    if _table_keys(_resolve(keyword.schema, root)):
        return [own, more]
    lead, mark, rest = _split_lead(more)
    if shared and rest:
        return [f"{_split_lead(own)[0]}{mark} {rest}"]
    missing = [r for r in re.findall(r"\((A\d+)\)", own) if r not in more]
    return [f"{lead} ({', '.join(missing)}){mark} {rest}".rstrip() if missing else more]


def reference_markdown(schema: Mapping[str, Any] | None = None) -> str:
    """The rule-language reference in Markdown (``docs/rule-language.md``).

    :param schema: the schema (default: the one shipped in the package).
    :returns: the document, ending with one newline.
    """
    root = load_schema() if schema is None else schema
    every = list(keywords(root))
    top = [k for k in every if len(k.path) == 1]
    uses = Counter(_ref_name(k.schema, root) for k in every if "$ref" in k.schema)
    out = [_HEADER.format(root=root.get("description", "")).rstrip(), ""]

    out += [
        "## Top-level keywords",
        "",
        "| keyword | type | required or default | meaning |",
        "| --- | --- | --- | --- |",
    ]
    for k in top:
        meaning = _summary(str(k.schema.get("description", ""))).replace("|", "\\|")
        kind = type_text(k.resolved, root).replace("|", "\\|")
        out.append(f"| [`{k.name}`](#{k.anchor}) | {kind} | {_required_text(k)} | {meaning} |")
    out.append("")

    for k in every:
        level = "##" if len(k.path) == 1 else "###"
        out += [f'<a id="{k.anchor}"></a>', "", f"{level} `{k.name}`", ""]
        out += [f"*Type:* {type_text(k.resolved, root)}. *{_required_text(k).capitalize()}.*", ""]
        shared = uses[_ref_name(k.schema, root)] > 1 if "$ref" in k.schema else False
        for paragraph in _description(k, root, shared):
            out += [paragraph, ""]
        if k.same_as is not None:
            same = next(s for s in every if s.name == k.same_as)
            out += [f"Its keywords are those of [`{same.name}`](#{same.anchor}).", ""]
        else:
            children = [c for c in every if c.path[:-1] in (k.path, (*k.path, ITEM))]
            if children:
                links = ", ".join(f"[`{c.path[-1]}`](#{c.anchor})" for c in children)
                out += [f"Keywords: {links}.", ""]
        shown = [example_yaml(k, root, v).rstrip("\n") for v in examples(k, root)]
        out += ["Example:" if len(shown) == 1 else "Examples:", ""]
        for snippet in shown:
            out += ["```yaml", snippet, "```", ""]
    return "\n".join(out).rstrip("\n") + "\n"
