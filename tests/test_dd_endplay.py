"""Optional cross-check of the double-dummy solver against DDS, run when ``endplay`` is installed.

Issue 8: zero disagreements with DDS on random small endings, mid-trick
positions and full deals. ``endplay`` (DDS 2.9) comes with the test extra; without
it these tests are skipped locally, with a message saying what to install, and
fail in CI (``DUMMYBRIDGE_REQUIRE_ALL=1``); the committed golden file
(tests/test_dd_golden.py) carries the check either way.
"""

from __future__ import annotations

import importlib.util

import pytest
from conftest import require_optional

from dummybridge.core._native import (
    DDSolver,
    PlayState,
    Position,
    Rng,
    card_format,
    deal_random,
    hand_format,
)

if importlib.util.find_spec("endplay") is None:
    require_optional("endplay (DDS 2.9)", install="pip install '.[test]'")

import endplay.dds as endplay_dds
import endplay.types as endplay_types

DENOMS = ["clubs", "diamonds", "hearts", "spades", "nt"]
PLAYERS = ["north", "east", "south", "west"]


def _pbn(hands: tuple[int, ...] | list[int]) -> str:
    return "N:" + " ".join(hand_format(h) for h in hands)


def _dds_values(hands: list[int], trump: int, leader: int, trick: list[int]) -> dict[str, int]:
    deal = endplay_types.Deal(_pbn(hands))
    deal.first = getattr(endplay_types.Player, PLAYERS[leader])
    deal.trump = getattr(endplay_types.Denom, DENOMS[trump])
    for card in trick:
        deal.play(endplay_types.Card(card_format(card)))
    return {
        (c.suit.name[0] + c.rank.abbr).upper(): int(t) for c, t in endplay_dds.solve_board(deal)
    }


@pytest.mark.parametrize("seed", range(4))
def test_random_endings_and_mid_trick_positions_agree_with_dds(seed: int) -> None:
    solver = DDSolver(4 << 20)
    rng = Rng(1000 + seed)
    disagreements = []
    for i in range(60):
        k = 2 + rng.below(7)
        trump, leader = rng.below(5), rng.below(4)
        hands = deal_random(rng, 4, k, 0)
        state = PlayState(hands, trump, leader)
        trick: list[int] = []
        for _ in range(rng.below(4)):
            legal = state.legal()
            cards = [c for c in range(52) if legal >> c & 1]
            card = cards[rng.below(len(cards))]
            state.play(card)
            trick.append(card)
        pos = Position(
            hands=(state.hand(0), state.hand(1), state.hand(2), state.hand(3)),
            trump=trump,
            leader=leader,
            trick=tuple(trick),
        )
        _, values = solver.solve_cards(pos)
        ours = {card_format(c): v for c, v in values.items()}
        theirs = _dds_values(hands, trump, leader, trick)
        if ours != theirs:
            disagreements.append((i, _pbn(hands), trump, leader, trick, ours, theirs))
    assert disagreements == []


def test_full_deals_agree_with_dds() -> None:
    solver = DDSolver()
    rng = Rng(77)
    for _ in range(2):
        hands = deal_random(rng)
        table = endplay_dds.calc_dd_table(endplay_types.Deal(_pbn(hands)))
        want = [
            [
                table[getattr(endplay_types.Denom, d), getattr(endplay_types.Player, p)]
                for p in PLAYERS
            ]
            for d in DENOMS
        ]
        assert [list(r) for r in solver.table(hands)] == want
