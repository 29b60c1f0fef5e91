"""Claims at the terminal (issue 7: the prompt offers `claim`): granted only
when the C core's exact search shows the claiming side sure of the tricks,
then played out as ordinary actions, so the record still replays."""

from __future__ import annotations

from dummybridge.apps.trick_claims import claim_position, settle_claim
from dummybridge.bots import make_bot
from dummybridge.core import _native
from dummybridge.engine.game import Game
from dummybridge.language.loader import load_rules


def _to_trick(seed: int, tricks: int) -> tuple[Game, dict[str, object]]:
    g = Game(load_rules("bridge"), seed)
    bots = {p: make_bot("rule", seed, g.rules) for p in g.players}
    while not (g.phase == "play" and len(g.tricks) >= tricks and not g._trick_cards):
        g.apply(bots[g.actor].choose(g.observation(g.actor)))  # type: ignore[index]
    return g, bots  # type: ignore[return-value]


def test_a_granted_claim_is_made_good_and_replays() -> None:
    granted = refused = 0
    for seed in range(5, 25):
        g, bots = _to_trick(seed, 8)
        side = int(g.to_act) & 1  # type: ignore[arg-type]
        player = g.actor
        assert player is not None
        before = list(g.actions)
        message = settle_claim(g, player, 5, bots, lambda: None)  # type: ignore[arg-type]
        if message.startswith("claim refused"):
            refused += 1
            assert g.actions == before  # a refused claim changes nothing
            continue
        assert message == "claim granted: your side takes 5 of the last 5 tricks"
        granted += 1
        scored = next(o.index for o in g.log if o.kind == "score")
        deal1 = [op for op in g.log[:scored] if op.kind == "trick" and op.detail["number"] > 8]
        assert len(deal1) == 5
        assert all(int(op.seat) & 1 == side for op in deal1)  # type: ignore[arg-type]
        assert Game.from_record(g.to_record()).actions == g.actions
    assert granted
    assert refused


def test_solve_target_agrees_with_the_end_of_a_deal() -> None:
    """At the last trick the search answers what the cards say."""
    g, _ = _to_trick(3, 12)
    pos = claim_position(g)
    side = int(g.to_act) & 1  # type: ignore[arg-type]
    one = _native.solve_target(pos, side, 1)
    other = _native.solve_target(pos, 1 - side, 1)
    assert {one, other} == {0, 1}
    assert _native.solve_target(pos, side, 0) == 1
    assert _native.solve_target(pos, side, 1, node_limit=0) is None


def test_claim_outside_the_play_is_refused() -> None:
    g = Game(load_rules("bridge"), 1)
    assert (
        settle_claim(g, g.actor or "", None, {}, lambda: None)
        == "refused: you may claim only in the play, when it is your turn"
    )
