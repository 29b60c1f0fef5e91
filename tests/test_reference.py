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
TEXT = reference_markdown()

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
    # a table (most_pips: a number for each rank) is one keyword: its keys are in its section
    for k in keywords(schema):
        if " to " in type_text(k.resolved) and type_text(k.resolved).startswith("mapping of `"):
            reached |= {id(p) for p in k.resolved.get("properties", {}).values()}
    missing = [n for n in _property_nodes(schema) if n not in reached]
    assert missing == []
    text = reference_markdown()
    for keyword in KEYWORDS:
        assert f'<a id="{keyword.anchor}"></a>' in text
        heading = "##" if len(keyword.path) == 1 else "###"
        assert f"\n{heading} `{keyword.name}`\n" in text
    assert len({k.anchor for k in KEYWORDS}) == len(KEYWORDS)


def _values_at(data: Any, path: tuple[str, ...]) -> list[Any]:
    """Every value at ``path`` in ``data`` (``[]``: any item; ``<name>``: any entry)."""
    if not path:
        return [data]
    part, rest = path[0], path[1:]
    if part == "[]":
        items = data if isinstance(data, list) else []
    elif part.startswith("<"):
        items = list(data.values()) if isinstance(data, dict) else []
    else:
        items = [data[part]] if isinstance(data, dict) and part in data else []
    return [v for item in items for v in _values_at(item, rest)]


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
        assert value in _values_at(shown, keyword.path)
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


# --------------------------------------------------------------------------- issue 21

HEADER = {
    "dummybridge": "dummybridge: 1",
    "extends": "extends: {base}",
    "name": "name: example",
    "title": "title: Example",
    "version": 'version: "1.0"',
}
BASES = (
    "bridge",
    "auction-bridge",
    "dummy-bridge",
    "three-handed",
    "three-handed-elwell",
    "double-dummy",
    "house/three-games",
)


def _load_fragment(keyword: Keyword, snippet: str, folder: Path) -> tuple[str, dict[str, Any]]:
    """Load ``snippet`` in a minimal rule file extending each base in turn; the
    first base that accepts it and its effective document."""
    from dummybridge.errors import RuleFileError
    from dummybridge.language.loader import load_document

    house = folder / "house"
    house.mkdir(exist_ok=True)
    # the `extends` example names a file beside the rule file
    (house / "base.yaml").write_text(
        "dummybridge: 1\nextends: bridge\nname: base\ntitle: Base\nversion: '1.0'\n"
    )
    errors = []
    for base in BASES:
        lines = [h.format(base=base) for key, h in HEADER.items() if key != keyword.path[0]]
        path = folder / "example.yaml"
        path.write_text("\n".join(lines) + "\n" + snippet, encoding="utf-8")
        try:
            return base, load_document(path).data
        except RuleFileError as exc:
            errors.append(f"{base}: {exc}")
    raise AssertionError("\n".join(errors))


@pytest.mark.parametrize("keyword", KEYWORDS, ids=lambda k: k.name)
def test_every_example_loads_in_a_house_rule_and_means_what_it_says(
    keyword: Keyword, tmp_path: Path
) -> None:
    """Issue 21: each example of the reference, as printed, is a fragment of a
    rule file that extends a built-in variant: the loader accepts it (schema
    and semantic checks), and the effective rule set holds the example's value
    at the keyword's place."""
    for value in examples(keyword):
        snippet = example_yaml(keyword, value=value)
        assert f"```yaml\n{snippet.rstrip()}\n```" in TEXT
        _, data = _load_fragment(keyword, snippet, tmp_path)
        if keyword.path[0] in ("extends", "dummybridge"):
            continue  # the loader consumes these: the file loaded is what they mean
        found = _values_at(data, keyword.path)
        if keyword.path[-1] == "source":
            continue  # a citation is kept where it was written, not always in the data
        assert any(_within(value, f) for f in found), (keyword.name, value, found)


def _within(shown: Any, effective: Any) -> bool:
    """Whether the effective value holds what the example shows (the loader
    adds the schema's defaults to mappings)."""
    if isinstance(shown, dict):
        return isinstance(effective, dict) and all(
            k in effective and _within(v, effective[k]) for k, v in shown.items()
        )
    if isinstance(shown, list):
        return (
            isinstance(effective, list)
            and len(shown) == len(effective)
            and all(_within(a, b) for a, b in zip(shown, effective, strict=True))
        )
    return bool(shown == effective)


def test_named_entries_show_a_value_that_fits_the_name() -> None:
    """Issue 21: the example of denominations.<name> was `hearts: {suit: spades ...}`;
    an entry's example is now the one its mapping's example gives under that name."""
    text = reference_markdown()
    assert (
        "### `denominations.<name>`\n\n*Type:* mapping of keywords. *Optional.*\n\n"
        "One declaration: its trump suit (or none for no trumps) and the value of each "
        "trick over the book.\n\n"
        "Keywords: [`suit`](#denominations-name-suit), "
        "[`trick_value`](#denominations-name-trick_value).\n\n"
        "Example:\n\n```yaml\ndenominations:\n  hearts: {suit: hearts, trick_value: 8}\n```\n"
    ) in text
    assert "denominations:\n  hearts:\n    suit: hearts\n```" in text
    assert "suit: spades" not in text.split("### `denominations.<name>`")[1].split("## `decl")[0]


def test_each_meaning_is_printed_once() -> None:
    """Issue 21: 24 keywords printed their own summary and then their
    definition's full text; each section now has one paragraph of meaning."""
    text = reference_markdown()
    assert "How equal cards in the cut are settled: suit_order or recut." not in text
    assert (
        "### `table.cut.ties`\n\n*Type:* one of `suit_order`, `recut`. *Default `suit_order`.*\n\n"
        "How equal cards in the cut are settled: suit_order (by the suits' order in "
        "tie_suit_order) or recut (the tied players cut again).\n\nExample:"
    ) in text
    # a definition used in two places keeps each place's own lead-in
    assert "\nThe players who may double only unseen. everyone; dealer (who holds" in text
    assert "\nThe players the rule gives sight to. everyone; dealer (who holds" in text
    # a section reference only the summary gave is kept
    assert "What happens when all four pass without a bid (only possible if the dealer " in text
    assert "need not bid) (A18): redeal" in text
    for section in text.split('<a id="')[1:]:
        paragraphs = [p for p in section.split("\n\n") if p and not p.startswith(("`", "*"))]
        assert len(paragraphs) == len(set(paragraphs)), section[:60]


def test_a_table_is_one_keyword() -> None:
    """Issue 21: most_pips had 13 sections, one per rank; it is one section."""
    text = reference_markdown()
    assert text.count("### `declaration.forced.criteria[].most_pips") == 1
    assert (
        "*Type:* mapping of `A`, `K`, `Q`, `J`, `T`, `9`, `8`, `7`, `6`, `5`, `4`, `3`, "
        "`2` (every one required) to integer, from 0 to 255. *Optional.*"
    ) in text


def test_docs_keyword_prints_one_section(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 21: `dummybridge docs KEYWORD`, by full name, by a name with the
    entry filled in, or by its last part."""
    assert main(["docs", "scoring.rubber.games_to_win"]) == 0
    assert capsys.readouterr().out == (
        "### `scoring.rubber.games_to_win`\n\n*Type:* integer, from 1 to 100. *Optional.*\n\n"
        "How many games must be won to win the rubber, from 1 to 100 (2 for the best of "
        "three). Only with kind best_of.\n\n"
        "Example:\n\n```yaml\nscoring:\n  rubber: {games_to_win: 2, bonus: 100}\n```\n"
    )
    assert main(["docs", "games_to_win"]) == 0
    by_last = capsys.readouterr().out
    assert by_last.startswith("### `scoring.rubber.games_to_win`\n")
    assert main(["docs", "denominations.hearts.suit"]) == 0
    assert capsys.readouterr().out.startswith("### `denominations.<name>.suit`\n")
    assert main(["docs", "kind"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("3 keywords end in `kind`:\n\n### `declaration.kind`\n")
    assert "\n### `doubling.limit.kind`\n" in out
    assert "\n### `scoring.rubber.kind`\n" in out


def test_docs_unknown_keyword_names_the_close_ones(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 21: an unknown keyword is a clear error with the close matches, no traceback."""
    assert main(["docs", "games_to_wn"]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == (
        "dummybridge: error: docs: no keyword 'games_to_wn' in the rule language; "
        "did you mean games_to_win, game_bonus, games? (`dummybridge docs` prints them all)\n"
    )
