"""The words of the loader's messages: JSON paths, values as a person wrote
them, type words, did-you-mean, and the schema's own descriptions for hints.

>>> json_path(("scoring", "honours", 2))
'$.scoring.honours[2]'
>>> got("30", None), got(30.0, "30.0")
("the string '30'", 'the number 30.0')
>>> did_you_mean("sorce", ["source", "suit"])
"did you mean 'source'?"
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from .schemas import deref, resolve_ref, root

if TYPE_CHECKING:
    from jsonschema.exceptions import ValidationError

__all__ = [
    "TYPE_WORDS",
    "JsonPath",
    "description",
    "did_you_mean",
    "error_description",
    "first_sentence",
    "got",
    "json_path",
    "one_of",
    "parse_json_path",
    "show",
]

JsonPath = tuple[str | int, ...]
"""A path into a document: keys and list indices from the root (``("scoring", "game")``)."""

TYPE_WORDS = {
    "object": "a mapping",
    "array": "a list",
    "string": "a string",
    "integer": "an integer",
    "number": "a number",
    "boolean": "true or false",
    "null": "nothing",
}
"""A JSON Schema type in the words of the messages."""


def json_path(path: Iterable[str | int]) -> str:
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


def parse_json_path(text: str) -> JsonPath:
    """The inverse of :func:`json_path`.

    :raises ValueError: if ``text`` is not a JSON path.
    """
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


def show(value: Any, raw: str | None = None) -> str:
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


def got(value: Any, raw: str | None) -> str:
    """What a wrong value is, for ``expected …, got …``: its kind, and itself."""
    if isinstance(value, str):
        if len(value) > _GOT_MAX:  # a whole file read as one scalar: quote its start
            return f"the string {value[:_GOT_MAX]!r}... ({len(value)} characters)"
        return f"the string {value!r}"
    if isinstance(value, bool):
        return f"the boolean {show(value)}"
    if isinstance(value, (int, float)):
        return f"the number {show(value, raw)}"
    if value is None:
        return "an empty value" if raw == "" else "null"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, list):
        return "a list"
    return repr(value)  # pragma: no cover - the JSON model has no other types


def one_of(values: Iterable[Any]) -> str:
    """The values allowed, as a person would write them, separated by commas."""
    return ", ".join(show(v) for v in values)


def did_you_mean(word: Any, choices: Iterable[Any]) -> str | None:
    """``did you mean 'x'?`` for the choice closest to a misspelt word, if one is close."""
    if not isinstance(word, str):
        return None
    names = [c for c in choices if isinstance(c, str)]
    close = difflib.get_close_matches(word, names, n=1, cutoff=0.6)
    if not close:
        lowered = {c.casefold(): c for c in names}
        close = [lowered[word.casefold()]] if word.casefold() in lowered else []
    return f"did you mean {close[0]!r}?" if close else None


# --------------------------------------------------------------------------- hints


def description(schema: Mapping[str, Any] | None) -> str | None:
    """A schema's description (its own, else its ``$ref`` target's)."""
    if schema is None:
        return None
    if "description" in schema:
        return str(schema["description"])
    resolved = resolve_ref(schema)
    return str(resolved["description"]) if "description" in resolved else None


_SENTENCE = re.compile(r"(.+?[.!?])(?=\s|$)", re.S)


def first_sentence(text: str | None) -> str | None:
    """The first sentence of a description, on one line: what a hint quotes."""
    if not text:
        return None
    match = _SENTENCE.match(text.strip())
    return " ".join((match.group(1) if match else text).split())


def error_description(error: ValidationError) -> str | None:
    """The description nearest the failing keyword along the error's schema path.

    The schema path does not name the ``$ref``\\ s it went through, so a part that
    a schema lacks is looked up in that schema's ``$ref`` target. A ``$ref``
    with a sibling ``description`` keeps that description (the property's own
    words) rather than the generic one of its target.
    """
    node: Any = root()
    found: str | None = node.get("description")
    for part in list(error.absolute_schema_path)[:-1]:  # the last part is the keyword
        pinned = False
        while isinstance(node, dict) and part not in node and "$ref" in node:
            pinned = pinned or "description" in node
            node = deref(node)
            if not pinned and "description" in node:
                found = node["description"]
        try:
            node = node[part]
        except (KeyError, IndexError, TypeError):
            return found
        if isinstance(node, dict) and "description" in node:
            found = node["description"]
    return found
