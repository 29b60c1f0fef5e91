"""Issue 22, "Resource limits stated and enforced": "a maximum size for rule
files, records and PBN files, with memory and time linear and small: under
10x the input in memory, and a second per MiB, or a clear refusal".

A rule file is read from the parser's events straight into plain values,
where each was written kept in arrays (``yamlsrc.Source``) and found from a
JSON path when a message needs it; a file of more than ``MAX_VALUES`` values
(or an ``extends:`` chain of more in all) is refused at the first value past
the limit, and the schema's check stops after ``MAX_PROBLEMS`` problems
(docs/limits.md). The figures themselves are ``tools/bench_rules.py``'s.
"""

from __future__ import annotations

import re
import tracemalloc
from pathlib import Path
from typing import Any

import pytest
import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from dummybridge.core.files import MAX_RULE_FILE_BYTES
from dummybridge.language import explain, loader, yamlsrc
from dummybridge.language.loader import load_document, validate
from dummybridge.language.yamlsrc import MAX_VALUES

RULES = Path(__file__).resolve().parent.parent / "rules"
TOO_MANY = f"the file has too many values (at most {MAX_VALUES:,})"


def _reference(node: Node) -> Any:
    """The slow reference: PyYAML's composer, each scalar typed as the reader's rules say."""
    if isinstance(node, MappingNode):
        return {k.value: _reference(v) for k, v in node.value}
    if isinstance(node, SequenceNode):
        return [_reference(v) for v in node.value]
    assert isinstance(node, ScalarNode)
    text = node.value
    if node.style:
        return text
    if text in ("", "~", "null", "Null", "NULL"):
        return None
    if text in ("true", "True", "TRUE", "false", "False", "FALSE"):
        return text.lower() == "true"
    if re.fullmatch(r"[-+]?[0-9]+", text):  # YAML 1.2's core schema: 1_000, 0x1F stay text
        return int(text)
    if re.fullmatch(r"[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?", text):
        return float(text)
    if text.lower() in (".inf", "+.inf", "-.inf", ".nan"):
        return float(text.lower().replace(".", ""))
    return text


def _places(node: Node, path: tuple[Any, ...], key: tuple[int, int], into: dict[Any, Any]) -> None:
    """Every value's (line, column, key line, key column) by JSON path, from the composer."""
    mark = node.start_mark
    into[path] = (mark.line + 1, mark.column + 1, *key)
    if isinstance(node, MappingNode):
        for k, v in node.value:
            _places(v, (*path, k.value), (k.start_mark.line + 1, k.start_mark.column + 1), into)
    elif isinstance(node, SequenceNode):
        for i, v in enumerate(node.value):
            _places(v, (*path, i), (0, 0), into)


def _house_rules() -> str:
    """A large realistic house-rule file: Bridge written out, with many sources and notes."""
    text = (RULES / "bridge.yaml").read_text(encoding="utf-8")
    head, rest = text.split("sources:\n", 1)
    sources = "".join(
        f"  # note {i}: the committee's copy\n"
        f'  CLUB{i:04d}: "The Club Committee, Laws of Bridge, edition {i}, p. {i % 300}"\n'
        for i in range(1500)
    )
    extra = "\n".join(
        [
            "quirks: {a: 1.10, b: +3, c: , d: ~, e: 'yes', f: 0x1F, g: 1_000, h: .inf}",
            "lists: [[1, 2], [], {}, [a, [b, [c]]]]",
            "block: |\n  two\n  lines\n",
        ]
    )
    return head + "sources:\n" + sources + rest + extra


@pytest.mark.parametrize("libyaml", [True, False], ids=["libyaml", "pure"])
def test_a_large_file_reads_to_the_composers_data_and_places(libyaml: bool) -> None:
    """The events read straight into plain values give what PyYAML's composer
    gives, and every value's place (line, column, its key's) is the composer's."""
    if libyaml and yamlsrc._CParser is None:
        pytest.skip("PyYAML was built without libyaml")
    text = _house_rules()
    problems: list[yamlsrc.Problem] = []
    source = yamlsrc.parse(text, 0, problems, libyaml=libyaml)
    assert problems == []
    assert source is not None
    composer = yaml.CSafeLoader if libyaml else yaml.SafeLoader  # (the same parser's marks)
    node = yaml.compose(text, Loader=composer)
    assert source.data == _reference(node)
    places: dict[Any, Any] = {}
    _places(node, (), (0, 0), places)
    assert len(places) == source.sizes[0] > 1700
    for path, place in places.items():
        val = source.val(source.find(path))  # type: ignore[arg-type]
        assert (val.line, val.col, val.key_line, val.key_col) == place, path
    assert source.find(("quirks", "a")) is not None
    assert source.val(source.find(("quirks", "a"))).raw == "1.10"  # type: ignore[arg-type]
    assert source.val(source.find(("quirks", "c"))).raw == ""  # type: ignore[arg-type]
    assert source.find(("quirks", "zz")) is None
    assert source.find(("lists", 9)) is None


def _write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def test_a_file_of_more_than_max_values_is_refused_at_the_first_value_past_it(
    tmp_path: Path,
) -> None:
    """The refusal names the limit, at the value past it (line, column, JSON path)."""
    items = MAX_VALUES  # with the mapping, sources, L and dummybridge's value: 4 more
    text = "dummybridge: 1\nsources:\n  L:\n" + "    - x\n" * items
    [d] = validate(_write(tmp_path, "many.yaml", text))
    index = MAX_VALUES - 4  # the item that is the (MAX_VALUES + 1)th value
    assert (d.line, d.col, d.path, d.message) == (4 + index, 7, f"$.sources.L[{index}]", TOO_MANY)
    assert d.hint == "a rule file holds rules, not data: split it, or write it with fewer values"


def test_a_file_of_max_values_is_read(tmp_path: Path) -> None:
    text = "dummybridge: 1\nsources:\n  L:\n" + "    - x\n" * (MAX_VALUES - 4)
    messages = [d.message for d in validate(_write(tmp_path, "many.yaml", text))]
    assert TOO_MANY not in messages
    assert messages


def test_an_extends_chain_is_held_to_max_values_in_all(tmp_path: Path) -> None:
    """ "Keep extends: chains bounded the same way (the sum over the chain)":
    the error is in the base file, at its value that is the chain's first past it."""
    base = "dummybridge: 1\nsources:\n  L:\n" + "    - x\n" * 6000
    _write(tmp_path, "base.yaml", base)
    top = "dummybridge: 1\nextends: base.yaml\nsources:\n  M:\n" + "    - z\n" * 4000
    [d] = validate(_write(tmp_path, "top.yaml", top))
    # the top file holds 4,000 + 5 values; the base's value number 10,000 - 4,005 (from 0)
    first = MAX_VALUES - 4005
    assert d.file.endswith("base.yaml")
    assert (d.line, d.col, d.path) == (4 + first - 4, 7, f"$.sources.L[{first - 4}]")
    assert d.message == (
        f"the files of the extends: chain have too many values in all (at most {MAX_VALUES:,})"
    )


def test_the_schema_check_stops_after_max_problems(tmp_path: Path) -> None:
    """150 values of the wrong type: the first 100 problems, then where the check stopped."""
    text = "dummybridge: 1\nsources:\n" + "".join(f"  S{i:03d}: {i}\n" for i in range(150))
    found = validate(_write(tmp_path, "wrong.yaml", text))
    stopped = [d for d in found if d.message == explain.STOPPED]
    assert len(found) == explain.MAX_PROBLEMS + 1
    assert len(stopped) == 1
    assert stopped[0].message == "more than 100 problems: the check stops here"
    assert stopped[0].hint == "fix the problems reported, then check the file again"
    wrong = [d.path for d in found if d.message.startswith("expected a string")]
    assert wrong == [f"$.sources.S{i:03d}" for i in range(100)]  # (in the file's order)
    assert (stopped[0].path, stopped[0].line, stopped[0].col) == ("$.sources.S100", 103, 9)


def test_places_of_a_merged_chain_follow_the_merge(tmp_path: Path) -> None:
    """A merged mapping is the top file's, an inherited value its own file's, a
    deleted key is nowhere (its nearest written parent), aliases never inherited."""
    _write(
        tmp_path,
        "mid.yaml",
        "dummybridge: 1\nextends: bridge\nname: mid\naliases: [midway]\nscoring:\n  game: 40\n",
    )
    top = _write(
        tmp_path,
        "top.yaml",
        "dummybridge: 1\nextends: mid.yaml\nname: top\ntitle: Top\nversion: '1'\n"
        "scoring:\n  game: 50\ndescription: null\n",
    )
    doc = load_document(top)
    assert doc.position(("scoring",)) == (str(top), 7, 3)
    assert doc.position(("scoring", "game")) == (str(top), 7, 9)
    assert doc.position(("scoring", "rubber"))[0] == "<built-in>/bridge.yaml"
    assert doc.position(("description",)) == doc.position(())  # deleted: the document's place
    assert doc.position(("aliases",)) == doc.position(())  # not inherited: a default
    assert doc.position(("extends",)) == doc.position(())
    assert "aliases" in loader.load_document(tmp_path / "mid.yaml").data


def test_reading_a_file_at_the_limit_holds_under_ten_times_it(tmp_path: Path) -> None:
    """The shape that held 123 times the file (a mapping of short lists, 256 KiB)
    is refused at MAX_VALUES having held some 5.5 times it (a ratio with a wide
    margin: tracemalloc's peak of the reading alone)."""
    lines, i = ["dummybridge: 1\n"], 0
    while sum(map(len, lines)) < MAX_RULE_FILE_BYTES - 32:
        lines.append(f"k{i:05d}: [a, b]\n")
        i += 1
    path = _write(tmp_path, "lists.yaml", "".join(lines))
    yamlsrc.read_tree(path, 0)  # (the imports, out of the figure)
    tracemalloc.start()
    try:
        tree, problems = yamlsrc.read_tree(path, 0)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert tree is None
    assert [p.message for p in problems] == [TOO_MANY]
    assert peak < 10 * path.stat().st_size


def test_nesting_past_libyamls_own_bound_is_located_too(tmp_path: Path) -> None:
    """A file nested 100,000 deep (libyaml refuses past 1,000 levels, and PyYAML's
    own scanner takes the square of the depth) is refused at its first value
    too deep, as one nested 60 deep is: it was placed at 1:1 when the
    composer's recursion ran out."""
    path = _write(tmp_path, "deep.yaml", "a: " + "[" * 100_000 + "]" * 100_000 + "\n")
    [d] = validate(path)
    assert (d.line, d.col, d.path) == (1, 54, "$.a" + "[0]" * 49)
    assert d.message == "the file nests lists and mappings too deeply (at most 50 levels)"
