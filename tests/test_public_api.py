"""The top-level package is the public API (issue 16, "Done when"): it exports
``load_rules``, ``Game``, ``Action``, ``RuleSet``, the value types and the
errors with ``__all__``; the engine's names load on first use, so that
``import dummybridge`` (and reading a rule file) loads no engine."""

from __future__ import annotations

import json
import pydoc
import subprocess
import sys

import pytest

import dummybridge
from dummybridge.core.cards import Card, Seat
from dummybridge.engine.actions import Action
from dummybridge.engine.game import Game
from dummybridge.errors import DummyBridgeError, IllegalActionError
from dummybridge.language.loader import load_rules
from dummybridge.language.ruleset import RuleSet

PUBLIC = {
    "load_rules": load_rules,
    "Game": Game,
    "Action": Action,
    "RuleSet": RuleSet,
    "Card": Card,
    "Seat": Seat,
    "DummyBridgeError": DummyBridgeError,
    "IllegalActionError": IllegalActionError,
}


@pytest.mark.parametrize("name", sorted(PUBLIC))
def test_the_public_names_are_the_modules_own(name: str) -> None:
    assert name in dummybridge.__all__
    assert getattr(dummybridge, name) is PUBLIC[name]


def test_every_name_in_all_resolves_and_is_listed_by_dir() -> None:
    for name in dummybridge.__all__:
        assert getattr(dummybridge, name) is not None, name
    assert set(dummybridge.__all__) <= set(dir(dummybridge))
    assert len(dummybridge.__all__) == len(set(dummybridge.__all__))


def test_an_unknown_name_is_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match=r"^module 'dummybridge' has no attribute 'Gmae'$"):
        _ = dummybridge.Gmae  # type: ignore[attr-defined]


def test_a_game_from_the_top_level_alone() -> None:
    """The example of the package's docstring: a game with no other import."""
    game = dummybridge.Game(dummybridge.load_rules("bridge"), seed=1)
    assert (game.phase, game.to_act) == ("declare", dummybridge.Seat.SOUTH)
    op = game.apply(game.legal_actions()[0])
    assert isinstance(op.action, dummybridge.Action)
    assert str(op.action) == "declare spades"


def test_help_names_the_entry_points() -> None:
    text = pydoc.render_doc(dummybridge, renderer=pydoc.plaintext)
    for name in ("load_rules", "Game", "Action", "Operation", "observation", "RuleSet"):
        assert name in text, name
    # issue 21: what print() shows, the order of the legal actions, the bound
    for words in ("print(game)", "the quiet action first", "deal_length", "max_doublings"):
        assert words in text, words


def test_the_objects_print_as_a_bridge_player_reads_them() -> None:
    """Issue 21: "print(game), print(game.sheet) and print(observation) show
    object addresses" -- no longer (tests/test_display.py has the golden texts)."""
    game = dummybridge.Game(dummybridge.load_rules("bridge"), seed=1)
    for thing in (game, game.observation("A"), game.sheets[0]):
        assert " object at 0x" not in str(thing)
        assert thing._repr_html_().startswith(("<div>", "<table"))
    assert dummybridge.deal_length(game.rules) == 116  # 64 calls and 52 cards


def test_importing_the_package_or_the_language_loads_no_engine() -> None:
    code = (
        "import json, sys, dummybridge, dummybridge.language.loader as l\n"
        "l.load_document('bridge')\n"
        "print(json.dumps(sorted(m for m in sys.modules if m.startswith('dummybridge.'))))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    loaded = json.loads(out)
    assert "dummybridge.language.loader" in loaded
    allowed = ("core", "language", "errors", "_core", "rules")  # rules: the rule files
    assert [m for m in loaded if m.split(".")[1] not in allowed] == []
