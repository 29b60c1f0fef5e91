"""Law 52's slip corrected by replaying its deal alone (issue 22: reading a
record "under 10x the input in memory, and a second per MiB").

Law 52 (rules-reference.md §4.3): "Two Hearts -- I mean three Hearts": the
player may correct his call before the next player calls; the first call is
void. The engine undoes every consequence of the void call by replaying the
game without it. It replayed the whole game, once for each slip, so that a
record with slips throughout cost the square of its length; it now replays
the slip's deal from its start (the slipped call is always the deal's last
action). These tests compare it with the whole game's rebuild (the slow
reference below, the engine's code before the change) on games with many
slips, calls out of turn and their penalties, in play and in a record's
reading, and count what a correction replays.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from dummybridge.engine.actions import Action, Operation
from dummybridge.engine.game import Game
from dummybridge.engine.laws import calls
from dummybridge.errors import IllegalActionError
from dummybridge.language.loader import load_rules

AUCTION = load_rules("auction-bridge")
AUCTION_1908 = load_rules("auction-bridge-1908")


def _whole_game_slip(game: Game, player: str, action: Action) -> Operation:
    """The slow reference: law 52's correction as the engine made it before,
    the whole game rebuilt from its first action without the slipped call."""
    said = game.actions[-1]
    if action == said:
        raise IllegalActionError(f"{action} refused: it is the call {player} has just made")
    fresh = type(game)(
        game.rules,
        game.seed,
        players=game.players,
        deals=game.preset_deals,
        rubbers=game.rubbers,
        laws=True,
    )
    out_of_turn = dict(game.actions_out_of_turn)
    slipped: Action | None = None
    for i, earlier in enumerate(game.actions[:-1]):
        if i in game._slips:
            slipped = earlier
            continue
        if slipped is not None:
            fresh._append("slip", seat=fresh.to_act, player=out_of_turn[i], action=slipped)
            fresh.apply(earlier)
            fresh.actions_out_of_turn.append((len(fresh.actions) - 1, out_of_turn[i]))
            slipped = None
            continue
        fresh.apply(earlier, player=out_of_turn.get(i))
    if not fresh.can(action):
        raise IllegalActionError(f"{action} refused: not a call {player} could have made")
    fresh._append("slip", seat=fresh.to_act, player=player, action=said)
    op = fresh.apply(action)
    fresh.actions = [*game.actions, action]
    fresh.actions_out_of_turn = [*game.actions_out_of_turn, (len(game.actions), player)]
    fresh._slips = game._slips | {len(game.actions) - 1}
    fresh.__dict__.pop("_deal_start", None)  # (the new code's, kept for its next slip)
    game.__dict__.update(fresh.__dict__)
    return op


def _drive(rules: Any, seed: int, steps: int) -> Game:
    """A laws-mode game of random decisions: passes mostly in the auction, a
    slip corrected after a call in three, a call out of turn now and then
    (and the adversaries' choice of its penalty, at random)."""
    game = Game(rules, seed, laws=True, rubbers=3)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        actor = game.actor
        assert actor is not None
        if game.phase == "auction" and rng.random() < 0.05:
            other = rng.choice([p for p in game.players if p != actor])
            wrong = game.out_of_turn_actions(other)
            if wrong:
                game.apply(rng.choice(wrong), player=other)
                continue
        legal = [a for a in game.legal_actions() if a.kind != "look"]
        quiet = game.phase == "auction" and rng.random() < 0.6
        game.apply(legal[0] if quiet else rng.choice(legal))
        corrections = calls.slip_corrections(game, actor)
        if corrections and rng.random() < 0.35:
            game.apply(rng.choice(corrections), player=actor)
    return game


def _facts(game: Game) -> tuple[Any, ...]:
    """What must be the same after a slip, however it is corrected: the
    state, the record, the log, and the laws' fields of the game and its deal."""
    deal = {k: v for k, v in game.deal.__dict__.items() if k != "_original"}
    return (
        game.state_dict(),
        json.dumps(game.to_record()),
        list(game.log),
        game.actions_out_of_turn,
        game._slips,
        deal,
        game.phase,
        game.to_act,
        game.deal_number,
    )


@pytest.mark.parametrize(("rules", "seed"), [(AUCTION, 3), (AUCTION, 11), (AUCTION_1908, 5)])
def test_a_game_with_many_slips_is_the_same_as_the_whole_games_rebuild(
    rules: Any, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Law 52: a game of many slips, with calls out of turn and their penalties
    between them, played and read back from its record, ends in the same
    state, record (byte for byte) and log as with the whole game rebuilt at
    each slip."""
    game = _drive(rules, seed, 900)
    slips = len(game._slips)
    assert slips >= 12
    assert game.deal_number >= 6
    assert game.actions_out_of_turn
    record = json.loads(json.dumps(game.to_record()))
    read = Game.from_record(record)
    with monkeypatch.context() as m:
        m.setattr(calls, "slip", _whole_game_slip)
        reference = _drive(rules, seed, 900)
        read_reference = Game.from_record(record)
    assert len(reference._slips) == slips
    assert _facts(game) == _facts(reference)
    assert _facts(read) == _facts(read_reference) == _facts(game)


def test_a_slips_correction_replays_its_deal_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """Law 52: correcting a slip replays the deal's actions before it, one
    apply each, whatever the game before the deal (here four deals), then
    makes the correction: the cost of a slip is its deal's, not the game's."""
    game = _drive(AUCTION, 3, 400)
    while game.phase != "auction" or game.calls:  # the next deal's auction, before its first call
        game.apply(game.legal_actions()[0])
    assert game.deal_number >= 4
    assert len(game.actions) > 150
    # what is kept is this deal's start alone, not a chain of every deal's
    assert "_deal_start" not in game._deal_start.fields
    assert game._deal_start.actions == len(game.actions)
    before = len(game.actions)
    dealer = game.actor
    game.apply("bid 1 hearts")
    game.apply("pass")
    game.apply("bid 2 clubs")
    east = game.actor
    game.apply("bid 2 hearts")
    assert calls.slip_corrections(game, str(east))
    applied: list[Action] = []
    apply = Game._apply

    def counted(self: Game, action: Action | str, *, player: str | None = None) -> Operation:
        applied.append(Action.parse(action) if isinstance(action, str) else action)
        return apply(self, action, player=player)

    monkeypatch.setattr(Game, "_apply", counted)
    game.apply("bid 3 hearts", player=east)
    # the correction itself, the deal's three calls before the slip, the correction made
    assert [str(a) for a in applied] == [
        "bid 3 hearts",
        "bid 1 hearts",
        "pass",
        "bid 2 clubs",
        "bid 3 hearts",
    ]
    assert len(game.actions) == before + 5
    assert [str(a) for _, a in game.calls] == [
        "bid 1 hearts",
        "pass",
        "bid 2 clubs",
        "bid 3 hearts",
    ]
    assert game.calls[0][0] == game.dealer
    assert dealer == game.seat_player[game.dealer]


def test_a_refused_correction_changes_nothing() -> None:
    """A rejected action changes no state: a correction the player could not
    have made instead (a redouble, nothing being doubled) is refused after the deal's
    replay, and the game is as it was, every field."""
    game = _drive(AUCTION, 11, 300)
    while game.phase != "auction" or game.calls:
        game.apply(game.legal_actions()[0])
    game.apply("bid 2 spades")
    maker = game.actor
    game.apply("bid 3 clubs")
    before = _facts(game)
    fields = dict(game.__dict__)
    with pytest.raises(IllegalActionError, match="only by a call he could have made instead"):
        game.apply("redouble", player=maker)
    assert _facts(game) == before
    assert game.__dict__ == fields
