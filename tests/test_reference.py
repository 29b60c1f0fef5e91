"""The rule-language reference (issue 6, "The reference"): generated from the schema, never stale.

docs/rule-language.md is ``dummybridge.language.keywords.reference_markdown()`` run on
the schema shipped in the installed package; ``python tools/gen_reference.py``
writes it and ``dummybridge docs`` prints it. Every keyword of the schema is
in it, each with its type, default and meaning and an example that the
schema accepts.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from jsonschema import Draft202012Validator

from dummybridge.apps.cli import main
from dummybridge.language.keywords import (
    Keyword,
    example,
    example_yaml,
    examples,
    keywords,
    reference_markdown,
    type_text,
)
from dummybridge.language.loader import load_schema, schema_text

REPO = Path(__file__).resolve().parent.parent
DOC = REPO / "docs" / "rule-language.md"
SCHEMA = load_schema()
KEYWORDS = list(keywords())

in_checkout = pytest.mark.skipif(
    not (REPO / "tools" / "gen_reference.py").is_file() or not DOC.parent.is_dir(),
    reason="no checkout beside the tests (e.g. cibuildwheel's copied tests, an sdist)",
)


@in_checkout
def test_docs_rule_language_md_is_up_to_date_with_the_schema() -> None:
    """Issue 6: "a test fails when the generated reference is out of date with
    the schema". The file in the checkout is exactly what the installed
    package's schema generates."""
    assert DOC.is_file(), "docs/rule-language.md is missing: run python tools/gen_reference.py"
    current = DOC.read_text(encoding="utf-8")
    assert current == reference_markdown(), (
        "docs/rule-language.md is out of date with the schema: run "
        "`pip install . && python tools/gen_reference.py` and commit the result"
    )


@in_checkout
def test_installed_schema_is_the_checkouts() -> None:
    """The reference is generated from the installed schema: it must be the
    checkout's (reinstall after editing it), written as json.dumps(indent=2)."""
    text = (REPO / "interpreter" / "language" / "schema" / "ruleset.schema.json").read_text(
        encoding="utf-8"
    )
    assert text == schema_text(), "the installed schema differs: run pip install ."
    assert text == json.dumps(json.loads(text), indent=2, ensure_ascii=False) + "\n"


def _property_nodes(schema: dict[str, Any]) -> list[int]:
    """The identity of every property schema written anywhere in ``schema``
    (in ``properties`` of the root and of every ``$defs`` entry, and every
    ``additionalProperties`` schema), outside if/then/else branches."""
    found: list[int] = []

    def visit(node: Any) -> None:
        if not isinstance(node, dict):
            return
        for prop in node.get("properties", {}).values():
            found.append(id(prop))
        if isinstance(node.get("additionalProperties"), dict):
            found.append(id(node["additionalProperties"]))
        for key in ("properties", "items"):
            sub = node.get(key)
            if isinstance(sub, dict):
                for value in sub.values() if key == "properties" else [sub]:
                    visit(value)

    visit(schema)
    for definition in schema["$defs"].values():
        visit(definition)
    return found


def test_every_keyword_of_the_schema_is_in_the_reference() -> None:
    """Issue 6: "every keyword". Each property the schema defines is reached by
    the walk from the top of a rule file, and has a section in the reference."""
    schema = load_schema()
    reached = {id(k.schema) for k in keywords(schema)}
    missing = [n for n in _property_nodes(schema) if n not in reached]
    assert missing == []
    text = reference_markdown()
    for keyword in KEYWORDS:
        assert f'<a id="{keyword.anchor}"></a>' in text
        heading = "##" if len(keyword.path) == 1 else "###"
        assert f"\n{heading} `{keyword.name}`\n" in text
    assert len({k.anchor for k in KEYWORDS}) == len(KEYWORDS)


def _validator_for(keyword: Keyword) -> Draft202012Validator:
    return Draft202012Validator({**keyword.schema, "$defs": SCHEMA["$defs"]})


@pytest.mark.parametrize("keyword", KEYWORDS, ids=lambda k: k.name)
def test_every_keyword_has_an_example_the_schema_accepts(keyword: Keyword) -> None:
    """Issue 6: "every keyword, its type, default and meaning, with an example".
    The example is the schema's own (examples, default, const) or, for a
    mapping of keywords, built from its keywords' examples; each is valid for
    the keyword, and the YAML shown parses back to it."""
    assert example(keyword) == examples(keyword)[0]
    for value in examples(keyword):
        errors = [e.message for e in _validator_for(keyword).iter_errors(value)]
        assert errors == [], value
        shown = yaml.safe_load(example_yaml(keyword, value=value))
        for part in keyword.path:
            if part == "[]":
                (shown,) = shown
            else:
                ((_, shown),) = shown.items()
        assert shown == value
    assert keyword.resolved.get("description"), keyword.name
    assert type_text(keyword.resolved)


def test_keyword_sections_give_type_requirement_and_default() -> None:
    """Exact sections for three kinds of keyword: a required integer, an enum
    with a default (its values' meanings from the definition), and an
    author-named entry."""
    text = reference_markdown()
    assert (
        '<a id="scoring-game"></a>\n\n### `scoring.game`\n\n'
        "*Type:* integer, from 1 to 10000. *Required.*\n\n"
        "The trick points that win a game, from 1 to 10,000 (30 in Bridge); "
        "the bound keeps every rubber finite.\n\n"
        "Example:\n\n```yaml\nscoring:\n  game: 30\n```\n"
    ) in text
    assert (
        "### `doubling.limit.kind`\n\n"
        "*Type:* one of `unlimited`, `cap`, `stop_after_exceeding`, `none`. *Required.*\n\n"
    ) in text
    assert (
        "### `denominations.<name>.trick_value`\n\n"
        "*Type:* integer, at least 1. *Required.*\n\n"
        "The points scored for each trick over the book, before doubling (a whole number, "
        "at least 1).\n\n"
        "Example:\n\n```yaml\ndenominations:\n  hearts:\n    trick_value: 8\n```\n"
    ) in text


def test_a_change_to_the_schema_changes_the_reference() -> None:
    """The staleness test has teeth: a new keyword (with its description and
    example) appears in the text generated from the changed schema, and the
    text differs from the one generated from the shipped schema."""
    schema = copy.deepcopy(SCHEMA)
    schema["$defs"]["slams"]["properties"]["tiny"] = {
        "description": "A tiny slam: eleven tricks.",
        "type": "integer",
        "minimum": 0,
        "examples": [10],
    }
    changed = reference_markdown(schema)
    assert changed != reference_markdown()
    assert (
        "### `scoring.slams.tiny`\n\n*Type:* integer, at least 0. *Optional.*\n\n"
        "A tiny slam: eleven tricks.\n\nExample:\n\n```yaml\nscoring:\n  slams:\n"
        "    tiny: 10\n```\n"
    ) in changed


def test_dummybridge_docs_prints_the_reference(capsys: pytest.CaptureFixture[str]) -> None:
    """`dummybridge docs` prints what docs/rule-language.md holds."""
    assert main(["docs"]) == 0
    assert capsys.readouterr().out == reference_markdown()


@in_checkout
@pytest.mark.parametrize("tool", ["schema_examples.py", "gen_reference.py"])
def test_tools_check_mode_passes(tool: str) -> None:
    """`python tools/schema_examples.py --check` (every keyword has an example)
    and `python tools/gen_reference.py --check` (the file is current) exit 0."""
    proc = subprocess.run(
        [sys.executable, str(REPO / "tools" / tool), "--check"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert (proc.returncode, proc.stderr) == (0, ""), (
        f"{proc.stderr}run `pip install . && python tools/schema_examples.py && "
        "python tools/gen_reference.py` and commit the schema and docs/rule-language.md"
    )
