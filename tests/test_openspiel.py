"""The variants as OpenSpiel games (issue 21, the programmer: "OpenSpiel users
expect ``pyspiel.load_game(...)``, ``str(state)``, ``clone()``, an
information-state string and tensor, ``max_game_length``"; the proof: "runs
OpenSpiel's random-simulation checks and one of its algorithms (e.g. MCTS or
CFR on a small position) on two variants"). docs/openspiel.md describes the game.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from conftest import require_optional

from support import BRIDGE_DECLARATIONS

try:
    import numpy as np
    import pyspiel
    from open_spiel.python.algorithms import mcts

    import dummybridge.openspiel as dbspiel
except ImportError:
    require_optional("OpenSpiel (open_spiel)", install="pip install '.[openspiel]'")

TWO = ("dummybridge_bridge", "dummybridge_dummy_bridge")


def _dealt(game: Any) -> Any:
    """A state after the deal: the cards dealt in order, North's thirteen first."""
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    return state


@pytest.mark.parametrize("name", TWO)
def test_openspiel_random_simulation_checks(name: str) -> None:
    """OpenSpiel's own API checks for a game (legal actions, clone, strings,
    tensors, returns, history) on random playthroughs."""
    pyspiel.random_sim_test(pyspiel.load_game(name), num_sims=1, serialize=False, verbose=False)


def test_every_shipped_variant_is_registered() -> None:
    names = set(pyspiel.registered_names())
    assert {"dummybridge", "dummybridge_bridge", "dummybridge_house_lilies"} <= names
    assert "dummybridge_auction_bridge_1908" in names


def test_the_game_follows_the_rule_files_players_and_bounds() -> None:
    """Dummy Bridge (seed 000): three players, one of them with the Dummy; a deal
    is at most 116 actions (engine.bounds.deal_length: 64 calls, 52 cards)."""
    game = pyspiel.load_game("dummybridge_dummy_bridge")
    assert (game.num_players(), game.max_game_length(), game.max_chance_outcomes()) == (3, 116, 52)
    assert game.num_distinct_actions() == 52 + 5 + 4 + 4 + 1  # cards, declarations, calls, looks
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    state = _dealt(game)
    assert state.current_player() == ["A", "B", "C"].index("C")  # C holds South, the dealer
    assert str(state).splitlines()[0] == "Dummy Bridge, rubber 1, deal 1, dealer South"
    assert [state.action_to_string(a) for a in state.legal_actions()] == [
        *BRIDGE_DECLARATIONS,
        "leave it",
    ]


def test_information_is_imperfect_by_the_rules_of_sight() -> None:
    """Each player sees his own hand as dealt (North's thirteen are the first
    cards dealt: C, who holds North, the Dummy, sees them at once); the others'
    are hidden from him, in the string and in the tensor."""
    game = pyspiel.load_game("dummybridge_bridge")
    state = _dealt(game)
    seat_of = {"A": "E", "B": "W", "C": "N", "D": "S"}  # the cut of seed 0
    for player, name in enumerate(["A", "B", "C", "D"]):
        text = state.information_state_string(player)
        assert text.startswith(f"{name} seen {seat_of[name]}@0:"), text
        tensor = np.asarray(state.information_state_tensor(player))
        assert tensor[:4].tolist() == [float(i == player) for i in range(4)]
        seen = tensor[4 : 4 + 4 * 52].reshape(4, 52)
        assert seen.sum() == 13  # his own hand only
    assert "(hidden)" in state.observation_string(0)
    assert len(state.observation_tensor(0)) == game.observation_tensor_size()


def test_one_seed_one_game() -> None:
    """The same chance outcomes and actions give the same states and returns;
    clone() continues independently."""
    game = pyspiel.load_game("dummybridge_bridge", {"seed": 3})
    first, second = _dealt(game), _dealt(game)
    copy = first.clone()
    while not first.is_terminal():
        action = first.legal_actions()[0]
        first.apply_action(action)
        second.apply_action(action)
        assert str(first) == str(second)
    assert first.returns() == second.returns()
    assert sum(first.returns()) == 0
    assert not copy.is_terminal()
    assert copy.history() == _dealt(game).history()


def test_a_rule_file_is_a_game(tmp_path: Path) -> None:
    path = tmp_path / "capped.yaml"
    path.write_text(
        'dummybridge: 1\nextends: bridge\nname: capped\ntitle: Capped\nversion: "1"\n'
        "doubling:\n  limit: {kind: cap, trick_value: 100}\n",
        encoding="utf-8",
    )
    assert dbspiel.register(str(path)) == "dummybridge_capped"
    game = pyspiel.load_game("dummybridge_capped")
    assert game.num_players() == 4
    same = pyspiel.load_game("dummybridge", {"rules": str(path)})
    assert same.max_game_length() == game.max_game_length()


def _best(state: Any) -> tuple[list[float], set[int]]:
    """Exhaustive search of a small position: each player maximises his own
    return (partners share theirs); the value and the best actions."""
    if state.is_terminal():
        return state.returns(), set()
    player = state.current_player()
    values = {}
    for action in state.legal_actions():
        child = state.clone()
        child.apply_action(action)
        values[action] = _best(child)[0]
    top = max(v[player] for v in values.values())
    best = {a for a, v in values.items() if v[player] == top}
    return values[next(iter(best))], best


def test_mcts_finds_the_best_card_in_the_last_tricks() -> None:
    """OpenSpiel's MCTS (with its solver) on the last two tricks of a deal of
    Bridge, each player's cards known to it: it plays a card that an exhaustive
    search of the position finds best."""
    game = pyspiel.load_game("dummybridge_bridge", {"seed": 2})
    state = _dealt(game)
    while sum(1 for a in state.history()[52:] if a < 52) < 44:  # eleven tricks played
        state.apply_action(state.legal_actions()[0])
    _, best = _best(state)
    bot = mcts.MCTSBot(
        game,
        uct_c=2.0,
        max_simulations=100,
        evaluator=mcts.RandomRolloutEvaluator(1, np.random.RandomState(0)),
        solve=True,
        random_state=np.random.RandomState(0),
    )
    assert bot.step(state) in best
