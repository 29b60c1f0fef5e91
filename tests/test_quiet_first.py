"""The order of the legal actions, and the length of a deal (issue 21, the
programmer: "A loop that always takes the first legal action never ends: in
the doubling the first action is ``double``, and doubling is unlimited in
Bridge and Dummy Bridge. Nothing documents a bound on a game's length"; issue
22: "a maximum number of doublings where the rules set none (a documented
safeguard, a setting)", and "after about 14,300 doublings in Bridge the score
has too many digits to print").

The first legal action is the quiet one: ``pass`` (content) in the doubling
and the auction, the rule file's first declaration, the lowest card the C core
lists (clubs first, then diamonds, hearts, spades, each from the two up).
"""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import pytest

from dummybridge import Game, IllegalActionError, RuleFileError, load_rules
from dummybridge.bots.basic import RandomBot
from dummybridge.core._native import Rng
from dummybridge.engine.actions import Action
from dummybridge.engine.bounds import calls_length, deal_length
from dummybridge.formats.pbn import export_pbn
from dummybridge.language.registry import builtin_variants, house_rules
from support import BRIDGE_DECLARATIONS

EVERY = sorted(v.name for v in [*builtin_variants(), *house_rules()])


def _texts(actions: tuple[Action, ...]) -> list[str]:
    return [str(a) for a in actions]


@pytest.mark.parametrize("name", EVERY)
def test_taking_the_first_legal_action_ends_the_rubber(name: str) -> None:
    """Every built-in variant and shipped house rule: the first legal action,
    always, finishes the session, and no deal is longer than the documented
    bound (:func:`deal_length`)."""
    rules = load_rules(name)
    bound = deal_length(rules)
    game = Game(rules, seed=1)
    longest = length = 0
    deal = game.deal_number
    for _ in range(200 * bound):
        if game.is_over:
            break
        game.apply(game.legal_actions()[0])
        length += 1
        if game.deal_number != deal or game.is_over:
            longest, length, deal = max(longest, length), 0, game.deal_number
    assert game.is_over
    assert 52 <= longest <= bound
    assert str(game.sheets[-1]).splitlines()[-1].startswith("total")


def test_the_quiet_action_comes_first() -> None:
    """ELW07: the adversaries "double or are content"; 1912 law 45: a pass."""
    game = Game(load_rules("bridge"), seed=1)
    assert _texts(game.legal_actions()) == [*BRIDGE_DECLARATIONS, "leave it"]
    game.apply("declare hearts")
    assert _texts(game.legal_actions()) == ["pass", "double"]
    game.apply("pass")
    game.apply("pass")
    assert _texts(game.legal_actions()[:3]) == ["play C5", "play C9", "play CT"]
    auction = Game(load_rules("auction-bridge"), seed=1)
    auction.apply("bid 1 hearts")
    legal = _texts(auction.legal_actions())
    # then the bids from the lowest (law 44: 4 spades, 8 points, as many as 1 heart
    # with more tricks), then the double
    assert (legal[0], legal[1], legal[-1]) == ("pass", "bid 4 spades", "double")


def test_bridge_doubling_stops_at_the_safeguard() -> None:
    """ELW05/ELW07 set no limit ("may be continued indefinitely"); the safeguard,
    ``doubling.max_doublings`` (30), ends the doubling: after the thirtieth the
    play begins, and the score still prints."""
    rules = load_rules("bridge")
    assert rules.doubling.max_doublings == 30
    assert calls_length(rules) == 64
    game = Game(rules, seed=1)
    game.apply("declare hearts")
    for level in range(30):
        assert game.phase == "double"
        # issue 21: the declaring side's doublings are redoubles (ELW05)
        call = "redouble" if level % 2 else "double"
        assert _texts(game.legal_actions()) == ["pass", call]
        game.apply(call)
        assert game.doubling_level == level + 1
    assert game.phase == "play"
    before = pickle.dumps(game)
    with pytest.raises(IllegalActionError) as info:
        game.apply("double")
    assert str(info.value) == "double refused: it is west (A)'s turn to play a card"
    assert pickle.dumps(game) == before
    while game.deal_number == 1:
        game.apply(game.legal_actions()[0])
    # hearts are 8 a trick (ELW07), doubled 30 times: 8 * 2**30 a trick, three odd tricks
    assert "  25769803776   3 odd tricks at hearts doubled 30 times" in str(game.sheets[0])
    # issue 22 item 3: "after about 14,300 doublings in Bridge the score has too
    # many digits to print, so export, state_dict() and the end-of-deal display
    # fail": at the safeguard's most, each shows the score
    assert "25769803776" in json.dumps(game.state_dict())
    assert "25769803776" in export_pbn(game)
    assert str(game).startswith("Bridge (Bridge Whist), rubber 1, deal 2, ")


def test_a_lower_safeguard_is_a_setting(tmp_path: Path) -> None:
    """A house rule may set the safeguard lower; a double past it is refused
    with the reason, and nothing changes."""
    path = tmp_path / "two.yaml"
    path.write_text(
        'dummybridge: 1\nextends: bridge\nname: two\ntitle: Two\nversion: "1"\n'
        "doubling:\n  max_doublings: 2\n",
        encoding="utf-8",
    )
    game = Game(load_rules(path), seed=1)
    game.apply("declare hearts")
    game.apply("double")
    assert _texts(game.legal_actions()) == ["pass", "redouble"]
    game.apply("redouble")
    assert game.phase == "play"


def test_unlimited_auction_doubling_stops_at_the_safeguard() -> None:
    """EB1911 on the 1908 code: doubles and redoubles "any number of times till
    all are satisfied" (house/auction-1908-doubling): the thirtieth is the last."""
    game = Game(load_rules("house/auction-1908-doubling"), seed=1)
    game.apply("bid 1 hearts")
    for level in range(30):
        legal = _texts(game.legal_actions())
        assert legal[-1] == ("double" if level % 2 == 0 else "redouble")
        game.apply(legal[-1])
    assert game.doubling_level == 30
    assert "double" not in _texts(game.legal_actions())
    with pytest.raises(IllegalActionError) as info:
        game.apply("double")
    assert str(info.value) == (
        "double refused: no more than 30 doubles and redoubles "
        "(doubling.max_doublings, a safeguard where the rules set no limit)"
    )


def test_the_safeguard_cannot_be_raised(tmp_path: Path) -> None:
    """Past 30 a score could outgrow a JSON number (2**53): the schema refuses it."""
    path = tmp_path / "many.yaml"
    path.write_text(
        'dummybridge: 1\nextends: bridge\nname: many\ntitle: Many\nversion: "1"\n'
        "doubling:\n  max_doublings: 31\n",
        encoding="utf-8",
    )
    with pytest.raises(RuleFileError) as info:
        load_rules(path)
    assert f"{path}:7:18: error: $.doubling.max_doublings: expected an integer from 0 to 30" in (
        str(info.value)
    )


def test_the_random_bot_draws_as_before_the_quiet_order() -> None:
    """The random bot keeps its own order in the doubling (double, then pass),
    so that a seed gives the same games as before the quiet action came first."""
    rules = load_rules("bridge")
    for seed in range(20):
        game = Game(rules, seed=1)
        game.apply("declare hearts")
        expected = ("double", "pass")[Rng(seed).below(2)]
        assert str(RandomBot(seed).choose_in(game)) == expected
        assert str(RandomBot(seed).choose(game.observation(game.actor or ""))) == expected
