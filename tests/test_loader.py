"""Tests of the rule-file schema and loader (issue 3: "the rule language's schema and loader").

Most of the loader's behaviour is pinned by golden files: ``bad_rules/NAME.yaml``
holds one kind of mistake and ``bad_rules/NAME.expected`` the exact diagnostics
(issue 3: "Keep a corpus of broken rule files with their exact expected
diagnostics under the tests"). Files are named relative to ``bad_rules/``
(the tests run there), files reached by ``extends:`` relative to that, and
built-in files as ``<built-in>/NAME.yaml``. Helper files that are extended by
the corpus, and valid on their own, live in ``bad_rules/bases/``.

To rewrite the ``.expected`` files after a deliberate change of wording, run
``DUMMYBRIDGE_UPDATE_GOLDEN=1 python -m pytest tests/test_loader.py`` and
review the diff.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from dummybridge.errors import Diagnostic, RuleFileError
from dummybridge.language import (
    explain,
    extends,
    loader,
    registry,
    schemas,
    semantics,
    wording,
    yamlsrc,
)
from dummybridge.language.loader import (
    Document,
    builtin_variants,
    find_variant,
    format_diagnostics,
    house_rules,
    load_document,
    load_schema,
    schema_text,
    validate,
    validate_files,
)

HERE = Path(__file__).resolve().parent
BAD = HERE / "bad_rules"
GOOD = HERE / "good_rules"
BAD_FILES = sorted(p.name for p in BAD.glob("*.yaml"))
GOOD_FILES = sorted(p.name for p in GOOD.glob("*.yaml"))
UPDATE = bool(os.environ.get("DUMMYBRIDGE_UPDATE_GOLDEN"))


def write(tmp_path: Path, name: str, text: str | bytes) -> Path:
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def messages(diagnostics: list[Diagnostic]) -> list[str]:
    return [d.message for d in diagnostics]


# --------------------------------------------------------------------------- the corpus


def test_corpus_is_complete() -> None:
    """Issue 3: at least 25 broken files, each with its expected diagnostics, and no orphans."""
    expected = sorted(p.with_suffix(".yaml").name for p in BAD.glob("*.expected"))
    assert expected == BAD_FILES
    assert len(BAD_FILES) >= 25


@pytest.mark.parametrize("name", BAD_FILES, ids=[n.removesuffix(".yaml") for n in BAD_FILES])
def test_bad_rule_file(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 3: "every problem in the file reported in one run, each as
    FILE:LINE:COL: error: $.json.path: message", exactly as in the .expected file."""
    monkeypatch.chdir(BAD)
    diagnostics = validate(name)
    text = format_diagnostics(diagnostics) + "\n"
    golden = BAD / name.replace(".yaml", ".expected")
    if UPDATE:
        golden.write_text(text, encoding="utf-8")
    assert diagnostics, f"{name} should not validate"
    assert text == golden.read_text(encoding="utf-8")
    # Sorted by position, and load_document raises the same problems.
    keys = [(d.file != name, d.line, d.col) for d in diagnostics]
    assert keys == sorted(keys)
    with pytest.raises(RuleFileError) as caught:
        load_document(name)
    assert caught.value.diagnostics == tuple(diagnostics)
    assert str(caught.value) == text.rstrip("\n")


def test_every_problem_in_one_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 3: a file with several errors has all of them reported, sorted by line."""
    monkeypatch.chdir(BAD)
    diagnostics = validate("several_errors.yaml")
    assert len(diagnostics) == 6
    assert [d.line for d in diagnostics] == sorted(d.line for d in diagnostics)


# --------------------------------------------------------------------------- good files


@pytest.mark.parametrize("name", GOOD_FILES)
def test_good_rule_file(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 3: house rules that extend bridge with small overrides validate clean."""
    monkeypatch.chdir(GOOD)
    assert validate(name) == []
    assert isinstance(load_document(name), Document)


def test_builtin_variants_validate_clean() -> None:
    """Every built-in rule file shipped in the package validates clean."""
    variants = builtin_variants()
    assert "bridge" in [v.name for v in variants]
    for info in variants:
        assert validate(info.path) == [], info.path
        assert validate(info.name) == []


def test_builtin_names_and_aliases_are_unique() -> None:
    """Issue 3 (find_variant): names and aliases of the built-ins are unique, ignoring case,
    and each file is named after its variant."""
    seen: dict[str, str] = {}
    for info in builtin_variants():
        assert info.path.stem == info.name
        assert info.title
        for word in (info.name, *info.aliases):
            assert word.casefold() not in seen, (
                f"{word!r} of {info.name} is also {seen[word.casefold()]}"
            )
            seen[word.casefold()] = info.name


def test_royal_spades_adds_a_denomination(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 3 extends: mappings merge recursively; the house rule adds a denomination."""
    monkeypatch.chdir(GOOD)
    doc = load_document("royal_spades.yaml")
    assert doc.name == "bridge-royal-spades"
    assert list(doc.data["denominations"]) == [
        "spades", "clubs", "diamonds", "hearts", "no_trumps", "royal_spades"
    ]  # fmt: skip
    assert doc.data["denominations"]["royal_spades"] == {"suit": "spades", "trick_value": 10}
    assert doc.data["scoring"]["game"] == 30
    assert doc.position(("denominations", "royal_spades", "trick_value")) == (
        "royal_spades.yaml", 9, 45
    )  # fmt: skip
    assert doc.position("$.scoring.game") == ("<built-in>/bridge.yaml", 98, 9)


def test_extends_chain_merge_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 3 extends: a file may extend another file; scalars replace, null deletes
    (and the schema default then applies), the effective rule set is what runs."""
    monkeypatch.chdir(GOOD)
    doc = load_document("club_house.yaml")
    assert [p.name for p in doc.files] == ["club_house.yaml", "cap_100.yaml", "bridge.yaml"]
    assert doc.path == (GOOD / "club_house.yaml")
    assert doc.display == "club_house.yaml"
    assert doc.data["doubling"]["limit"] == {"kind": "stop_after_exceeding", "trick_value": 100}
    assert doc.data["doubling"]["source"] == "EB1911"
    assert doc.data["scoring"]["rubber"] == {"kind": "best_of", "games_to_win": 2, "bonus": 150}
    assert doc.data["scoring"]["chicane"]["against_honours"] == "deduct"  # deleted, then default
    assert doc.data["aliases"] == ["club"]  # a file's aliases are its own
    assert "extends" not in doc.data
    # Positions come from whichever file wrote the value.
    assert doc.position(("doubling", "limit", "trick_value")) == ("cap_100.yaml", 7, 35)
    assert doc.position(("doubling", "limit", "kind")) == ("club_house.yaml", 9, 17)
    assert doc.position(("scoring", "rubber", "games_to_win"))[0] == "<built-in>/bridge.yaml"


def test_null_deletes_and_lists_replace(tmp_path: Path) -> None:
    """Issue 3 extends: "lists and scalars replace, null deletes a key"."""
    path = write(
        tmp_path,
        "h.yaml",
        "extends: bridge\n"
        "name: h\n"
        "doubling: {limit: {kind: cap, trick_value: 100}}\n"
        "play: {exposure: []}\n"
        "scoring:\n"
        "  honours:\n"
        "    trumps: [{total: 4, multiplier: 4}, {total: 5, multiplier: 5}]\n"
        "    source: null\n",
    )
    doc = load_document(path)
    assert doc.data["play"]["exposure"] == []
    assert doc.data["scoring"]["honours"]["trumps"] == [
        {"total": 4, "multiplier": 4},
        {"total": 5, "multiplier": 5},
    ]
    assert "source" not in doc.data["scoring"]["honours"]
    assert doc.data["aliases"] == []  # not inherited; the schema default
    assert doc.data["title"] == "Bridge (Bridge Whist)"  # required keys are inherited


def test_no_doubling_deletes_inherited_trick_value(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 3 extends: `trick_value: null` drops an inherited key that the new kind forbids."""
    monkeypatch.chdir(GOOD)
    assert load_document("no_doubling.yaml").data["doubling"]["limit"] == {"kind": "none"}


def test_schema_defaults_fill_the_document(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 3: the schema is the one source of defaults; the interpreter gets complete data."""
    monkeypatch.chdir(GOOD)
    data = load_document("standalone.yaml").data
    assert data["table"] == {
        "players": 4,
        "hands": "seated",
        "dummy": {"holder": "per_rubber", "first_dealer": "holder"},
        "cut": {
            "ace": "low",
            "ties": "suit_order",
            "tie_suit_order": ["hearts", "diamonds", "clubs", "spades"],
        },
    }
    assert data["doubling"] == {
        "first": "eldest",
        "doublers": "both_adversaries",
        "redoubles": "maker_first",
        "limit": {"kind": "unlimited"},
        "blind": [],
        "redouble_when_left_to_dummy": "allowed",
        "max_doublings": 30,
    }
    assert data["declaration"] == {"kind": "make", "pass_to_partner": True}
    assert data["sight"] == {
        "rules": [{"who": "everyone", "hand": "own", "from": ["deal"], "how": "auto"}]
    }
    assert data["scoring"]["tricks"] == {
        "scored_by": "side_with_odd_tricks",
        "doubling": "multiplies",
        "toward_game": "both_sides",
    }
    assert data["scoring"]["book"] == 6
    assert data["scoring"]["ledger"] == "sides"
    assert data["scoring"]["game_bonus"] == 0
    assert data["scoring"]["rubber"]["kind"] == "best_of"
    assert data["scoring"]["settlement"] == "by_side"
    assert data["scoring"]["chicane"]["against_honours"] == "deduct"
    assert data["aliases"] == []
    assert data["sources"] == {}
    # A default is placed at the nearest value a person wrote.
    assert load_document("standalone.yaml").position(("doubling", "limit", "kind"))[1:] == (16, 11)


def test_load_by_alias_ignores_case() -> None:
    """Issue 3: a built-in variant is found by name or alias, ignoring case."""
    assert load_document("Bridge-Whist").name == "bridge"
    assert find_variant("ORDINARY-BRIDGE").name == "bridge.yaml"
    assert find_variant("bridge") == load_document("bridge").path


def test_find_variant_did_you_mean() -> None:
    """Issue 3: find_variant raises a RuleFileError with a did-you-mean."""
    with pytest.raises(RuleFileError) as caught:
        find_variant("brdge")
    (diagnostic,) = caught.value.diagnostics
    assert (
        diagnostic.message
        == "unknown variant 'brdge' ('dummybridge variants' lists the built-in ones)"
    )
    assert diagnostic.hint == "did you mean 'bridge'?"


@pytest.fixture
def fresh_registry() -> Any:
    """The registry's caches emptied before and after the test, so that what a
    test reads is read in it (and what it changes does not outlive it)."""
    cached = (registry._index, registry._builtin_variants, registry._house_rules)
    for function in cached:
        function.cache_clear()
    yield
    for function in cached:
        function.cache_clear()


def count_parses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The text of every file parsed as YAML from now on, in order."""
    parsed: list[str] = []
    real = yamlsrc.parse

    def counting(text: str, *args: Any, **kwargs: Any) -> Any:
        parsed.append(text)
        return real(text, *args, **kwargs)

    monkeypatch.setattr(yamlsrc, "parse", counting)
    return parsed


@pytest.mark.usefixtures("fresh_registry")
def test_an_alias_is_resolved_without_parsing_every_rule_file(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 16: "Resolving one alias parses every shipped rule file" no more:
    loading bridge by an alias parses bridge.yaml alone, and a house rule by
    its short name only the files of its chain. A shipped file is read once a
    process: loading it again, by any of its names, parses nothing."""
    monkeypatch.setattr(loader, "_SHIPPED_DOCUMENTS", {})
    monkeypatch.setattr(loader, "_SHIPPED_RULES", {})
    parsed = count_parses(monkeypatch)
    assert loader.load_rules("Bridge-Whist").name == "bridge"
    bridge = find_variant("bridge").read_text(encoding="utf-8")
    assert parsed == [bridge]
    parsed.clear()
    assert loader.load_rules("lilies").name == "lilies"
    assert parsed == [find_variant("house/lilies").read_text(encoding="utf-8"), bridge]
    parsed.clear()
    assert find_variant("dummy") == find_variant("dummy-bridge")
    assert loader.load_rules("bridge") is loader.load_rules("Bridge-Whist")
    assert loader.load_document("lilies").data == loader.load_rules("lilies").to_data()
    assert parsed == []


def test_the_index_of_shipped_files_agrees_with_their_parse() -> None:
    """The light scan reads every shipped rule file (nothing falls back to
    parsing them all) and finds the names and aliases that parsing finds."""
    builtin = registry._scan_package("dummybridge.rules", "")
    house = registry._scan_package("dummybridge.rules.house", registry.HOUSE_PREFIX)
    assert builtin is not None
    assert house is not None
    indexed = [(e.name, e.aliases, e.path) for e in (*builtin, *house)]
    parsed = [(v.name, v.aliases, v.path) for v in (*builtin_variants(), *house_rules())]
    assert indexed == parsed
    assert len(indexed) == len(list(find_variant("bridge").parent.glob("**/*.yaml")))


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("name: x\naliases:\n  - a\n  - 'b'\ntitle: T\n", ("x", ("a", "b"))),
        ('name: "x"  # a comment\naliases: [a,  b]\n', ("x", ("a", "b"))),
        ("aliases: []\ndescription: >\n  name: y\n", (None, ())),
        ("name: x\nname: y\n", None),
        ("name: {a: 1}\n", None),
        ("name: >\n  x\n", None),
        ("name: x\naliases: [a, b c]\n", None),
        ("name: x\naliases:\n- a\n", None),
    ],
)
def test_the_light_scan_reads_plain_names_or_says_it_cannot(
    text: str, expected: tuple[str | None, tuple[str, ...]] | None
) -> None:
    """The scan reads only one-line names, flow and indented block lists; any
    other form is left to a full parse (``None``), never guessed."""
    assert registry.scan(text) == expected


@pytest.mark.usefixtures("fresh_registry")
def test_a_file_the_scan_cannot_read_is_found_by_parsing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Where the light scan cannot read a shipped file, every file is parsed
    instead, and names resolve as before."""
    monkeypatch.setattr(registry, "scan", lambda text: None)
    parsed = count_parses(monkeypatch)
    assert find_variant("Bridge-Whist").name == "bridge.yaml"
    assert len(parsed) == len(builtin_variants()) + len(house_rules())
    assert find_variant("house/lilies").name == "lilies.yaml"


def test_load_rules_builds_the_rule_set() -> None:
    """Issue 3: load_rules builds the typed, immutable rule set (once ruleset.py exists)."""
    ruleset = pytest.importorskip("dummybridge.language.ruleset")
    assert isinstance(loader.load_rules("bridge"), ruleset.RuleSet)
    assert isinstance(loader.load_rules(GOOD / "club_house.yaml"), ruleset.RuleSet)


def test_load_rules_with_a_denominations_source(tmp_path: Path) -> None:
    """Issue 3: "Every section object may carry source", denominations included."""
    pytest.importorskip("dummybridge.language.ruleset")
    path = write(tmp_path, "s.yaml", "extends: bridge\ndenominations:\n  source: ELW05 law 4\n")
    assert validate(path) == []
    rules = loader.load_rules(path)
    assert "source" not in [d.name for d in rules.denominations]


def test_extends_builtin_written_as_a_file(tmp_path: Path) -> None:
    """Issue 3: extends: bridge.yaml is a path; the hint names the built-in variant."""
    (diagnostic,) = validate(write(tmp_path, "h.yaml", "extends: bridge.yaml\n"))
    assert diagnostic.message.startswith("cannot extend 'bridge.yaml' (")
    assert diagnostic.message.endswith("bridge.yaml): no such file")
    assert diagnostic.hint == "to extend the built-in variant, write extends: bridge"


@pytest.mark.parametrize(
    "module",
    [loader, yamlsrc, registry, extends, schemas, wording, explain, semantics],
    ids=lambda m: m.__name__,
)
def test_doctests(module: Any) -> None:
    """STYLE (c) 8: the >>> examples in the docstrings run and hold."""
    import doctest

    assert doctest.testmod(module, optionflags=doctest.ELLIPSIS).failed == 0


# --------------------------------------------------------------------------- bad input


def test_missing_file_and_directory(tmp_path: Path) -> None:
    """Issue 3: a missing file and a directory each get their own diagnostic at 1:1."""
    (missing,) = validate(tmp_path / "nope.yaml")
    assert (missing.line, missing.col, missing.path) == (1, 1, "$")
    assert missing.message == "cannot read the rule file: no such file"
    (directory,) = validate(tmp_path)
    assert directory.message == "cannot read the rule file: it is a directory"
    (unknown,) = validate("no-such-variant")
    assert unknown.message.startswith("no such file, and unknown variant 'no-such-variant'")


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="needs file permissions")
def test_unreadable_file(tmp_path: Path) -> None:
    """Issue 3: an unreadable file gets a clear diagnostic."""
    path = write(tmp_path, "locked.yaml", "name: x\n")
    path.chmod(0)
    try:
        (diagnostic,) = validate(path)
    finally:
        path.chmod(0o644)
    assert diagnostic.message == "cannot read the rule file: permission denied"


def test_deep_nesting_is_a_diagnostic(tmp_path: Path) -> None:
    """PRODUCT: no traceback reaches a user, even for absurd input."""
    path = write(tmp_path, "deep.yaml", "a: " + "[" * 5000 + "]" * 5000 + "\n")
    assert messages(validate(path)) == [
        "the file nests lists and mappings too deeply (at most 50 levels)"
    ]


def test_byte_order_mark_is_accepted(tmp_path: Path) -> None:
    text = (loader.find_variant("bridge")).read_text(encoding="utf-8")
    path = write(tmp_path, "bom.yaml", b"\xef\xbb\xbf" + text.encode("utf-8"))
    assert validate(path) == []


@settings(max_examples=150)
@given(st.text(max_size=200))
def test_any_text_gives_diagnostics_not_exceptions(text: str) -> None:
    """PRODUCT / STYLE (a) 1: a parser must never raise on bad input, only report it."""
    import tempfile

    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "fuzz.yaml"
        path.write_text(text, encoding="utf-8", errors="surrogatepass")
        result = validate(path)
    assert all(isinstance(d, Diagnostic) and d.line >= 1 and d.col >= 1 for d in result)


BRIDGE_LINES = loader.find_variant("bridge").read_text(encoding="utf-8").splitlines(keepends=True)


def mutant(edits: list[tuple[int, str]]) -> str:
    """bridge.yaml with each edit's text written over the start of its line."""
    lines = list(BRIDGE_LINES)
    for index, text in edits:
        lines[index] = text + lines[index][len(text) // 2 :]
    return "".join(lines)


@settings(max_examples=150)
@given(
    st.lists(
        st.tuples(
            st.integers(0, len(BRIDGE_LINES) - 1),
            st.sampled_from(
                [
                    "",
                    "  x: 1\n",
                    "\t",
                    "- ",
                    "yes\n",
                    "!!str ",
                    ": ",
                    "&a ",
                    "*a\n",
                    "null\n",
                    "1.0\n",
                ]
            ),
        ),
        max_size=4,
    )
)
def test_mutated_bridge_gives_diagnostics_not_exceptions(edits: list[tuple[int, str]]) -> None:
    """PRODUCT: every edit of a real rule file ends in diagnostics or a document, never a crash."""
    import tempfile

    text = mutant(edits)
    with tempfile.TemporaryDirectory() as directory:
        path = Path(directory) / "mutant.yaml"
        path.write_text(text, encoding="utf-8")
        result = validate(path)
    assert all(isinstance(d, Diagnostic) for d in result)


def parse_both(text: str) -> tuple[object, object]:
    fast: list[object] = []
    slow: list[object] = []
    return (
        (yamlsrc.parse(text, 0, fast), fast),  # type: ignore[arg-type]
        (yamlsrc.parse(text, 0, slow, libyaml=False), slow),  # type: ignore[arg-type]
    )


@pytest.mark.skipif(yamlsrc._CParser is None, reason="PyYAML was built without libyaml")
@pytest.mark.parametrize(
    "path", [*sorted(BAD.glob("*.yaml")), *sorted(GOOD.glob("*.yaml"))], ids=lambda p: p.name
)
def test_libyaml_and_pure_python_parse_alike(path: Path) -> None:
    """Diagnostics do not depend on whether PyYAML has libyaml: both parsers give the same tree."""
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        pytest.skip("not UTF-8")
    fast, slow = parse_both(text)
    assert fast == slow


@pytest.mark.skipif(yamlsrc._CParser is None, reason="PyYAML was built without libyaml")
@settings(max_examples=200)
@given(
    st.lists(
        st.tuples(
            st.integers(0, len(BRIDGE_LINES) - 1),
            st.sampled_from(
                [
                    "",
                    "é: ",
                    "  x: 1\n",
                    "- ",
                    "yes\n",
                    "!!str ",
                    "&a ",
                    "*a\n",
                    "'",
                    "{",
                    "# ",
                    "? ",
                ]
            ),
        ),
        max_size=4,
    )
)
def test_libyaml_and_pure_python_parse_alike_fuzzed(edits: list[tuple[int, str]]) -> None:
    fast, slow = parse_both(mutant(edits))
    assert fast == slow


# --------------------------------------------------------------------------- YAML hygiene


@pytest.mark.parametrize("word", ["yes", "No", "ON", "off", "y", "N", "yEs"])
def test_yaml11_booleans_are_rejected(tmp_path: Path, word: str) -> None:
    """Issue 3: "yes/no ... do not silently change type" (in any case)."""
    path = write(tmp_path, "b.yaml", f"extends: bridge\ndeclaration:\n  pass_to_partner: {word}\n")
    (diagnostic,) = validate(path)
    assert diagnostic.message == f"{word!r} is not a boolean here: only true and false are"
    assert diagnostic.hint == "write true/false, or quote it"
    assert (diagnostic.line, diagnostic.col) == (3, 20)


def test_yaml11_boolean_as_key_is_rejected(tmp_path: Path) -> None:
    path = write(tmp_path, "b.yaml", "extends: bridge\nsources:\n  on: x\n")
    (diagnostic,) = validate(path)
    assert (diagnostic.path, diagnostic.line, diagnostic.col) == ("$.sources.on", 3, 3)


@pytest.mark.parametrize("word", ["true", "True", "FALSE"])
def test_yaml12_booleans_are_booleans(tmp_path: Path, word: str) -> None:
    path = write(tmp_path, "b.yaml", f"extends: bridge\ndeclaration:\n  pass_to_partner: {word}\n")
    assert load_document(path).data["declaration"]["pass_to_partner"] is (word.lower() == "true")


def test_quoted_words_and_dates_stay_strings(tmp_path: Path) -> None:
    """Issue 3: dates and quoted yes/no stay strings; 1:30 and 0x10 are not numbers."""
    path = write(
        tmp_path,
        "s.yaml",
        'extends: bridge\nversion: 1905-06-01\ntitle: "yes"\ndescription: 1:30\n'
        "sources: {A: 0x10, B: 1_000, C: 2001-12-14t21:59:43.10-05:00}\n",
    )
    data = load_document(path).data
    assert data["version"] == "1905-06-01"
    assert data["title"] == "yes"
    assert data["description"] == "1:30"
    assert data["sources"]["A"] == "0x10"
    assert data["sources"]["B"] == "1_000"
    assert data["sources"]["C"] == "2001-12-14t21:59:43.10-05:00"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("game: !!int 30", "YAML tags are not allowed ('!!int')"),
        ("game: !custom 30", "YAML tags are not allowed ('!custom')"),
        ("? !!str game\n: 30", "YAML tags are not allowed ('!!str')"),
    ],
)
def test_every_tag_is_rejected(tmp_path: Path, text: str, message: str) -> None:
    """Issue 3: "no tags or Python objects", not even the harmless-looking ones."""
    path = write(
        tmp_path,
        "t.yaml",
        "extends: bridge\nscoring:\n" + "".join(f"  {line}\n" for line in text.split("\n")),
    )
    assert messages(validate(path)) == [message]


def test_hygiene_problems_are_all_reported(tmp_path: Path) -> None:
    """Issue 3: each YAML problem has its own message, and all are reported in one run."""
    path = write(
        tmp_path,
        "h.yaml",
        "extends: bridge\n"
        "name: a\n"
        "name: b\n"
        "sources: &s {A: x}\n"
        "deal: {<<: {passes: left}}\n"
        "title: no\n",
    )
    assert messages(validate(path)) == [
        "duplicate key 'name' (first defined at line 2)",
        "YAML anchors are not allowed ('&s')",
        "YAML merge keys ('<<') are not allowed",
        "'no' is not a boolean here: only true and false are",
    ]


def test_syntax_error_with_earlier_tag(tmp_path: Path) -> None:
    """Problems found before a syntax error are reported with it."""
    path = write(tmp_path, "s.yaml", "title: !x a\nname: [\n")
    assert [(d.line, d.message.split(":")[0]) for d in validate(path)] == [
        (1, "YAML tags are not allowed ('!x')"),
        (3, "YAML syntax error"),
    ]


# --------------------------------------------------------------------------- messages


def test_json_output_format(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 3: `dummybridge validate --format json` emits the same fields as the text."""
    monkeypatch.chdir(BAD)
    text, status = validate_files(["unknown_key.yaml", "unquoted_version.yaml"], fmt="json")
    assert status == 1
    assert text == (
        "[\n"
        "  {\n"
        '    "file": "unknown_key.yaml",\n'
        '    "line": 90,\n'
        '    "column": 3,\n'
        '    "path": "$.scoring.gmae",\n'
        '    "severity": "error",\n'
        '    "message": "unknown key \'gmae\' (expected one of: book, chicane, doubled_bonus, game,'
        " game_bonus, honours, ledger, opening_spade_cap, rubber, settlement, slams, source,"
        ' tricks, undertricks)",\n'
        '    "hint": "did you mean \'game\'?"\n'
        "  },\n"
        "  {\n"
        '    "file": "unquoted_version.yaml",\n'
        '    "line": 5,\n'
        '    "column": 10,\n'
        '    "path": "$.version",\n'
        '    "severity": "error",\n'
        '    "message": "expected a string, got the number 1.10",\n'
        '    "hint": "The rule file\'s own version as a quoted string: write \\"1.0\\", since an'
        ' unquoted 1.0 is a number."\n'
        "  }\n"
        "]"
    )
    assert validate_files([GOOD / "cap_100.yaml"], fmt="json") == ("[]", 0)


def test_text_output_and_exit_status(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 3: `dummybridge validate FILE…` exits 0/1 and prints FILE: ok for a valid file."""
    monkeypatch.chdir(HERE)
    text, status = validate_files(["good_rules/cap_100.yaml", "bridge"])
    assert (text, status) == ("good_rules/cap_100.yaml: ok\nbridge: ok", 0)
    text, status = validate_files(["good_rules/cap_100.yaml", "bad_rules/wrong_type.yaml"])
    assert status == 1
    assert text.splitlines()[:2] == [
        "good_rules/cap_100.yaml: ok",
        "bad_rules/wrong_type.yaml:90:9: error: $.scoring.game:"
        " expected an integer, got the string 'thirty'",
    ]


def test_format_diagnostics_rejects_unknown_format() -> None:
    with pytest.raises(ValueError, match="unknown diagnostics format"):
        format_diagnostics([], "xml")  # type: ignore[arg-type]


def test_json_paths_quote_odd_keys() -> None:
    assert wording.json_path(("scoring", "honours", 2, "total")) == "$.scoring.honours[2].total"
    assert wording.json_path(("sources", "a b", "it's")) == "$.sources['a b']['it\\'s']"
    for path in [("a", 0, "b c"), ("it's", 3), ()]:
        assert wording.parse_json_path(wording.json_path(path)) == path
    with pytest.raises(ValueError, match="not a JSON path"):
        wording.parse_json_path("scoring.game")


COUNT = {
    "type": "object",
    "properties": {"count": {"type": "integer", "description": "A count."}},
    "required": ["count"],
    "additionalProperties": False,
}
SIZE = {
    "type": "object",
    "properties": {"size": {"enum": ["small", "big"]}},
    "required": ["size"],
    "additionalProperties": False,
}
SYNTHETIC = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "type": "object",
    "properties": {"x": {"description": "Either a count or a named size.", "oneOf": [COUNT, SIZE]}},
}


def test_one_of_is_reduced_to_the_best_match(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 3: "oneOf/anyOf failures reduced to the most relevant one", with "(N more, use -v)",
    and -v shows every alternative."""
    monkeypatch.setattr(schemas, "rule_schema", lambda: SYNTHETIC)
    monkeypatch.setattr(schemas, "validator_of", lambda name: Draft202012Validator(SYNTHETIC))
    path = write(tmp_path, "x.yaml", "x:\n  count: many\n")
    (best,) = validate(path)
    assert (best.path, best.line, best.col) == ("$.x.count", 2, 10)
    assert best.message.startswith("expected an integer, got the string 'many' (")
    assert best.message.endswith(" more, use -v)")
    assert best.hint == "A count."
    every = validate(path, verbose=True)
    assert len(every) > 1
    assert {d.path for d in every} >= {"$.x", "$.x.count"}


# --------------------------------------------------------------------------- the schema


def walk(schema: Any, where: str = "#") -> Any:
    """Every subschema with its JSON pointer."""
    if isinstance(schema, dict):
        yield where, schema
        for key, value in schema.items():
            if key in ("properties", "$defs", "patternProperties"):
                for name, sub in value.items():
                    yield from walk(sub, f"{where}/{key}/{name}")
            elif key in (
                "items",
                "additionalProperties",
                "propertyNames",
                "not",
                "if",
                "then",
                "else",
            ):
                yield from walk(value, f"{where}/{key}")
            elif key in ("allOf", "anyOf", "oneOf"):
                for i, sub in enumerate(value):
                    yield from walk(sub, f"{where}/{key}/{i}")


def test_schema_is_valid_draft_2020_12() -> None:
    """Issue 3: "A JSON Schema (draft 2020-12, with $id ...) shipped inside the package"."""
    schema = load_schema()
    Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["$id"] == "https://dummybridge.invalid/schema/ruleset-1.json"
    assert schema["title"]
    assert json.loads(schema_text()) == schema
    schema["title"] = "changed"
    assert load_schema()["title"] != "changed"  # a fresh copy each time


def test_schema_describes_every_keyword() -> None:
    """Issue 3: "a description on every keyword": every property and $def has one."""
    schema = load_schema()
    for where, sub in walk(schema):
        parts = where.split("/")
        if len(parts) >= 2 and parts[-2] in ("properties", "$defs") and "/if/" not in where:
            target = sub
            if "description" not in target and "$ref" in target:
                pytest.fail(f"{where}: a $ref without its own description")
            assert target.get("description"), f"{where} has no description"


def test_schema_is_strict() -> None:
    """Issue 3: additionalProperties: false on every object; enums only in $defs."""
    schema = load_schema()
    for where, sub in walk(schema):
        if sub.get("type") == "object":
            assert "additionalProperties" in sub, f"{where} allows any key"
            if "propertyNames" not in sub:
                assert sub["additionalProperties"] is False, where
        if "enum" in sub and "/if/" not in where:
            assert where.startswith("#/$defs/"), f"{where}: enum outside $defs"
            assert where.count("/") == 2, f"{where}: enum outside $defs"


def test_schema_defaults_are_valid() -> None:
    """Every schema default validates against the schema it belongs to."""
    schema = load_schema()
    validator = schemas.validator()
    for where, sub in walk(schema):
        if "default" in sub:
            probe = {key: value for key, value in sub.items() if key != "default"}
            probe["$defs"] = schema["$defs"]
            errors = list(type(validator)(probe).iter_errors(sub["default"]))
            assert not errors, (
                f"{where}: default {sub['default']!r} is invalid: {errors[0].message}"
            )


def test_schema_validates_bridge_yaml_directly() -> None:
    """The schema alone (as an editor uses it) accepts bridge.yaml and a partial extending file."""
    import yaml

    validator = Draft202012Validator(load_schema())
    bridge = yaml.safe_load(find_variant("bridge").read_text(encoding="utf-8"))
    assert list(validator.iter_errors(bridge)) == []
    assert (
        list(validator.iter_errors({"extends": "bridge", "doubling": {"limit": {"kind": "none"}}}))
        == []
    )
    assert list(validator.iter_errors({"name": "x"}))  # without extends, required keys apply


def test_defaults_come_from_the_schema() -> None:
    """Issue 3: the schema is the one source of defaults: the loader has no defaults of its own."""
    data: dict[str, Any] = {"doubling": {}, "scoring": {"chicane": {}}}
    schemas.apply_defaults(data, load_schema())
    assert data["doubling"]["limit"] == {"kind": "unlimited"}
    assert data["scoring"]["chicane"] == {"against_honours": "deduct"}
    assert data["aliases"] == []


# --------------------------------------------------------------------------- semantics


def test_semantics_on_a_partial_document() -> None:
    """The semantic checks skip sections that are absent."""
    assert semantics.check({}) == []


def test_semantics_accepts_bridge() -> None:
    assert semantics.check(load_document("bridge").data) == []


def test_semantics_report_each_problem() -> None:
    """Issue 3: "tables that must be complete, numbers that must be consistent"."""
    data = load_document("bridge").data
    data["scoring"]["honours"]["trumps"] = [
        {"total": 4, "in_one_hand": 4, "multiplier": 8},
        {"total": 3, "in_one_hand": 4, "multiplier": 1},
    ]
    data["play"]["exposure"] = [{"hand": "dummy", "when": "first_lead"}] * 2
    found = {path: message for path, message, _hint in semantics.check(data)}
    assert found == {
        ("scoring", "honours", "trumps", 1, "in_one_hand"): "in_one_hand 4 is more than total 3",
        ("scoring", "honours", "trumps"): "the table has no base line for 3, 4 and 5 honours"
        " (a line without in_one_hand)",
        ("play", "exposure", 1): "the dummy hand is listed twice for exposure (first at [0])",
    }
