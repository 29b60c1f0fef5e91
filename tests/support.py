"""Helpers shared by the test files: a house rule without a file, hands built to
order, and the size of the randomised and exhaustive checks."""

from __future__ import annotations

import os
import random

from dummybridge.core.cards import Hand, Seat, Suit
from dummybridge.engine.game import Game
from dummybridge.language.loader import load_rules
from dummybridge.language.ruleset import RuleSet

#: ``DUMMYBRIDGE_THOROUGH=1`` (``.ci/run`` sets it for its second pass) runs the
#: randomised and exhaustive checks at full size; the README's test command runs
#: every one of them at a tenth of that, so that it stays under five minutes.
THOROUGH = os.environ.get("DUMMYBRIDGE_THOROUGH") == "1"

#: the built-in variants (without the house rules)
BUILT_IN = (
    "auction-bridge",
    "auction-bridge-1908",
    "bridge",
    "double-dummy",
    "dummy-bridge",
    "dummy-bridge-eb1911",
    "three-handed",
    "three-handed-elwell",
)


def examples(full: int) -> int:
    """How many examples a property test draws: ``full`` in the thorough pass,
    a tenth of it (at least 25) otherwise."""
    return full if THOROUGH else max(25, full // 10)


def with_changes(rules: RuleSet, **changes: object) -> RuleSet:
    """``rules`` with settings replaced, each named by its path with ``__``
    between the keys (``doubling__limit={"kind": "cap", "trick_value": 100}``).

    The result is built from the changed document without the loader's checks:
    tests use it only for changes the schema allows.
    """
    data = rules.to_data()
    for dotted, value in changes.items():
        node = data
        *parents, last = dotted.split("__")
        for key in parents:
            node = node[key]
        node[last] = value
    return RuleSet.from_data(data, origin="test")


def honour_hands(
    trump: Suit,
    honours: tuple[str, str, str, str] = ("", "", "", ""),
    voids: tuple[Seat, ...] = (),
) -> tuple[Hand, Hand, Hand, Hand]:
    """Four hands (N, E, S, W) holding the given honours of ``trump``; every
    hand not in ``voids`` also holds one small card of it, so that no chicane
    arises by accident. No hand holds an ace of another suit."""
    small = iter("5432")
    hands = []
    for seat, ranks in zip(Seat, honours, strict=True):
        codes = [f"{trump.letter}{r}" for r in ranks]
        if seat not in voids:
            codes.append(f"{trump.letter}{next(small)}")
        hands.append(Hand.from_cards(codes))
    return (hands[0], hands[1], hands[2], hands[3])


#: the declarations of Bridge (and Dummy Bridge), in the rule file's order: the
#: legal actions of the declaration, before "leave it"
BRIDGE_DECLARATIONS = [
    "declare spades",
    "declare clubs",
    "declare diamonds",
    "declare hearts",
    "declare no_trumps",
]


def random_game(variant: str, seed: int, rubbers: int, laws: bool = False) -> Game:
    """A game played to its end by random choices, in laws mode among the
    irregular actions and remarks too (so that its log has every shape)."""
    game = Game(load_rules(variant), seed, rubbers=rubbers, laws=laws)
    rng = random.Random(seed)
    for _ in range(100_000):
        if game.is_over:
            return game
        choices = list(game.legal_actions())
        if rng.random() < 0.5:  # the quiet action (a pass) half the time: the deals end
            choices = choices[:1]
        elif laws and rng.random() < 0.2:
            choices += [*game.irregular_actions(), *game.remarks(game.actor or "")]
        game.apply(rng.choice(choices))
    raise AssertionError("the game did not end")
