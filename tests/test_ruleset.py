"""The typed rule set (issue 16): "``ruleset.py`` has dozens of plain ``str``
options where ``Literal`` or enums belong; … defaults such as ``max_level: 7``
live in the schema, the dataclass and a ``.get(…, 7)``".

Each option's ``Literal`` type holds exactly the words of its ``enum`` in the
schema, and the schema is the only place a default is written: the rule set's
dataclasses have none, ``RuleSet.from_data`` reads no default of its own, and
a document built by hand gets the schema's defaults as a loaded one does.
"""

from __future__ import annotations

import ast
import copy
import dataclasses
from pathlib import Path
from typing import Any, get_args

import pytest
import yaml

from dummybridge.language import irregularities, options, ruleset, schemas
from dummybridge.language.loader import find_variant, load_rules, load_schema

LANGUAGE = Path(__file__).resolve().parents[1] / "interpreter" / "language"
#: the modules that build the rule set from a document
BUILDERS = (LANGUAGE / "ruleset.py", LANGUAGE / "irregularities.py")

#: the enums of words the rule set holds otherwise, and how
NOT_LITERALS = {
    "suit": "a Suit",
    "cut_ace": "CutRules.ace_low, a bool",
    "auction_doubling_unlimited": "None in AuctionRules.doubles and redoubles",
    "exposure_when": "Exposure.when, a str: one word, which the engine checks",
}


def _enums_of_words() -> dict[str, list[str]]:
    return {
        name: sub["enum"]
        for name, sub in load_schema()["$defs"].items()
        if "enum" in sub and all(isinstance(v, str) for v in sub["enum"])
    }


def _literal_name(enum: str) -> str:
    """The name of an enum's Literal type: ``hands`` is ``Hands``, ``sight_who`` ``SightWho``."""
    return "".join(word.capitalize() for word in enum.split("_"))


@pytest.mark.parametrize("name", sorted(set(_enums_of_words()) - set(NOT_LITERALS)))
def test_each_enum_of_words_has_its_literal_type(name: str) -> None:
    """Every enum of words but those the rule set holds otherwise (a new
    one needs its type in options.py, or a word on how it is held)."""
    literal = getattr(options, _literal_name(name))
    assert get_args(literal) == tuple(_enums_of_words()[name])


def test_the_literal_types_are_the_enums_and_one_more() -> None:
    """options.py holds no type that is not an enum's, but the criterion's kind."""
    named = {_literal_name(name) for name in _enums_of_words()}
    assert set(options.__all__) - named == {"ForcedKind"}
    assert set(NOT_LITERALS) <= set(_enums_of_words())


def _dataclasses() -> list[type]:
    return [
        value
        for name in ruleset.__all__
        if dataclasses.is_dataclass(value := getattr(ruleset, name)) and isinstance(value, type)
    ]


def test_the_dataclasses_have_no_defaults_but_not_given() -> None:
    """A field's default is at most None, "not given" (a criterion's aces, a
    condition that holds always): every value of the rule language comes from
    the document, and so from the schema where the file does not write it."""
    found = {
        f"{cls.__name__}.{f.name}": f.default
        for cls in _dataclasses()
        for f in dataclasses.fields(cls)
        if (f.default is not dataclasses.MISSING and f.default is not None)
        or f.default_factory is not dataclasses.MISSING
    }
    assert found == {}


def _defaulted_keys(node: Any) -> set[str]:
    """Every property name that has a default anywhere in the schema."""
    found: set[str] = set()
    if isinstance(node, dict):
        for key, sub in node.get("properties", {}).items():
            if isinstance(sub, dict) and "default" in sub:
                found.add(key)
        for value in node.values():
            found |= _defaulted_keys(value)
    elif isinstance(node, list):
        for value in node:
            found |= _defaulted_keys(value)
    return found


@pytest.mark.parametrize("source", BUILDERS, ids=lambda p: p.name)
def test_from_data_repeats_no_default_of_the_schema(source: Path) -> None:
    """No ``.get(key, default)`` of the builders reads a key that the schema
    gives a default: the schema's is already in the document. (Those left
    say what an absent section means: no undertricks, no regulation.)"""
    defaulted = _defaulted_keys(load_schema())
    tree = ast.parse(source.read_text(encoding="utf-8"))
    gets = [
        node.args[0].value
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "get"
        and len(node.args) == 2
        and isinstance(node.args[0], ast.Constant)
    ]
    assert gets  # the check sees the calls it is about
    assert sorted(set(gets) & defaulted) == []


def test_a_document_built_by_hand_gets_the_schema_defaults() -> None:
    """``RuleSet.from_data`` on a document that did not go through the loader
    (bridge.yaml as plain YAML) gives the rule set the loader gives; an auction
    section it leaves out has the schema's defaults (max_level 7 and the rest)."""
    raw = yaml.safe_load(find_variant("bridge").read_text(encoding="utf-8"))
    given = copy.deepcopy(raw)
    loaded = load_rules("bridge")
    assert "sight" in raw
    assert "how" not in raw["sight"]["rules"][0]  # a default the schema fills in
    assert ruleset.RuleSet.from_data(raw, origin=loaded.origin) == loaded
    assert raw == given  # the document given is not changed

    raw["declaration"] = {"kind": "auction"}
    auction = ruleset.RuleSet.from_data(raw).declaration
    assert auction.pass_to_partner is True
    assert auction.auction == ruleset.AuctionRules(
        dealer_must_bid=True,
        max_level=schemas.schema_at(("declaration", "auction", "max_level"))["default"],  # type: ignore[index]
        doubles=1,
        redoubles=1,
        declarer="first_to_name_strain",
        passed_out="redeal",
    )
    assert auction.auction.max_level == 7


def test_an_absent_section_is_read_as_the_schema_defaults_make_it() -> None:
    """Sections without a default of their own (laws.dummy, scoring.doubled_bonus)
    read as their keys' defaults when the document leaves them out."""
    data = load_rules("auction-bridge").to_data()
    del data["laws"]["dummy"], data["scoring"]["doubled_bonus"]
    rules = ruleset.RuleSet.from_data(data)
    assert rules.laws.dummy == ruleset.DummyConduct(
        asks_renounce=False, pointing_out_forfeits=False, suggestion=(), touched_card_played=False
    )
    assert rules.scoring.redoubled_bonus_factor == 2
    assert (rules.scoring.doubled_bonus, rules.scoring.doubled_bonus_per_overtrick) == (0, 0)
    assert schemas.defaults_at(("scoring", "doubled_bonus")) == {"redoubled_factor": 2}


@pytest.mark.parametrize("module", [options, irregularities], ids=lambda m: m.__name__)
def test_doctests(module: Any) -> None:
    """STYLE (c) 8: the >>> examples in the docstrings run and hold."""
    import doctest

    assert doctest.testmod(module, optionflags=doctest.ELLIPSIS).failed == 0
