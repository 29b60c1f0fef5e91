"""Give every keyword of the rule-file schema an example, taken from the shipped rule files.

The rule-language reference (docs/rule-language.md, tools/gen_reference.py)
shows an example of every keyword: the schema's ``examples``, else its
``default`` or ``const``; a mapping of keywords is shown through its own. This
script fills in ``examples`` where a keyword has none, with the first value a
shipped rule file writes at that place (rules/bridge.yaml first, then the other
built-ins, the house rules and tests/good_rules), or with the value in
OVERRIDES below. It never changes an example that is already there, so running
it again changes nothing; it rewrites the schema as
``json.dumps(schema, indent=2, ensure_ascii=False) + "\\n"``.

    python tools/schema_examples.py           # edit interpreter/language/schema/ruleset.schema.json
    python tools/schema_examples.py --check   # exit 1 if a keyword still lacks an example

Run it after adding a keyword, then ``python tools/gen_reference.py``.
It imports the installed package (``pip install .`` first).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml

from dummybridge.language.keywords import ITEM, Keyword, example, has_example, keywords

REPO = Path(__file__).resolve().parent.parent
SCHEMA = REPO / "interpreter" / "language" / "schema" / "ruleset.schema.json"

# Where the shipped files have no short example of a keyword.
OVERRIDES: dict[str, Any] = {
    "title": 'Bridge with royal spades ("lilies") at 10',
    "description": "Bridge in which spades may also be declared as royal spades at 10 a trick.",
    "table.dummy.source": "SEED000 sentences 2-4",
    "declaration.forced.criteria[].suit_order": ["hearts", "diamonds", "clubs", "spades"],
    "declaration.forced.source": "SEED000 rules 1-4",
    "doubling.blind[].when.side": "defending",
    "doubling.blind[].when.holds": "two",
    "laws.source": "WORK13 laws 83-89",
}


def rule_files() -> list[Path]:
    """The files examples are taken from, in order of preference."""
    first = [REPO / "rules" / "bridge.yaml"]
    rest = (
        sorted((REPO / "rules").glob("*.yaml"))
        + sorted((REPO / "rules" / "house").glob("*.yaml"))
        + sorted((REPO / "tests" / "good_rules").glob("*.yaml"))
    )
    return first + [p for p in rest if p not in first]


def values_at(data: Any, path: tuple[str, ...]) -> Iterator[Any]:
    """Every value a document writes at a keyword's path."""
    if not path:
        yield data
        return
    part, rest = path[0], path[1:]
    if part == ITEM:
        if isinstance(data, list):
            for item in data:
                yield from values_at(item, rest)
    elif part.startswith("<"):
        if isinstance(data, dict):
            for key, value in data.items():
                if key != "source" and value is not None:
                    yield from values_at(value, rest)
    elif isinstance(data, dict) and part in data and data[part] is not None:
        yield from values_at(data[part], rest)


def needs_example(keyword: Keyword, schema: dict[str, Any]) -> bool:
    """A keyword needs one when the schema gives none and none can be built from
    its keywords (a mapping whose own keywords give nothing to show)."""
    if has_example(keyword, schema):
        return False
    if not keyword.is_object:
        return True
    try:
        return example(keyword, schema) in ({}, None)
    except LookupError:
        return False  # its keywords get their examples first


def fill(schema: dict[str, Any]) -> list[str]:
    """Add the missing examples to ``schema`` in place; the names of the keywords given one."""
    documents = [yaml.safe_load(p.read_text(encoding="utf-8")) for p in rule_files()]
    added = []
    for keyword in list(keywords(schema)):
        if not needs_example(keyword, schema):
            continue
        if keyword.name in OVERRIDES:
            value = OVERRIDES[keyword.name]
        else:
            value = next((v for d in documents for v in values_at(d, keyword.path)), None)
        if value is None:
            continue
        node = keyword.schema
        assert isinstance(node, dict)
        node["examples"] = [value]
        added.append(keyword.name)
    return added


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--check", action="store_true", help="change nothing; exit 1 if a keyword lacks an example"
    )
    args = parser.parse_args(argv)
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    if args.check:
        missing = [k.name for k in keywords(schema) if needs_example(k, schema)]
        for name in missing:
            print(f"{SCHEMA.relative_to(REPO)}: no example for {name}", file=sys.stderr)
        return 1 if missing else 0
    added = fill(schema)
    SCHEMA.write_text(json.dumps(schema, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    for name in added:
        print(f"example added: {name}")
    missing = [k.name for k in keywords(schema) if needs_example(k, schema)]
    for name in missing:
        print(f"no example found for {name}: add one to OVERRIDES", file=sys.stderr)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
