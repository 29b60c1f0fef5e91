#!/usr/bin/env python3
"""Benchmark: complete random hands per second through the interpreter.

A "hand" is one deal from the shuffle to the score: declaration, doubling,
52 plays and scoring, every decision taken by the usual API
(``legal_actions()`` then ``apply()``), with uniformly random choices from
the C core's PRNG. Rubbers are played back to back until the time is up.

If OpenSpiel (``pyspiel``) is installed, the same run also measures
``bridge(use_double_dummy_result=false)`` random games (its deal is 52 chance
actions, then a random auction and the play) through its Python API, and
prints the ratio. Target (issue 3): at least as fast as OpenSpiel, and never
below 2,000 hands/s. This is a benchmark, not a test: it prints figures and
exits 0 (``--check`` exits 1 below target).

    python tools/bench_interpreter.py [--seconds S] [--variant bridge] [--check]
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from dummybridge import Rng
from dummybridge.loader import load_rules
from dummybridge.state import Game


def bench_dummybridge(variant: str, seconds: float, seed: int) -> tuple[float, int, int]:
    """(hands per second, hands, actions) over about ``seconds``."""
    rules = load_rules(variant)
    rng = Rng(seed)
    hands = actions = 0
    game_seed = seed
    start = time.perf_counter()
    while True:
        game = Game(rules, game_seed)
        game_seed += 1
        while not game.is_over:
            legal = game.legal_actions()
            game.apply(legal[rng.below(len(legal))] if len(legal) > 1 else legal[0])
            actions += 1
        hands += game.deal_number
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return hands / elapsed, hands, actions


def bench_openspiel(seconds: float, seed: int, idiom: str) -> tuple[float, int] | None:
    """(games per second, games), or None without pyspiel.

    ``idiom`` is ``plain`` (random.randrange over chance outcomes and legal
    actions: the fastest pure-Python loop) or ``example`` (the loop of
    OpenSpiel's own python/examples/example.py: numpy.random.choice with the
    outcome probabilities at chance nodes, random.choice elsewhere).
    """
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game("bridge(use_double_dummy_result=false)")
    rnd = random.Random(seed)
    if idiom == "example":
        try:
            import numpy as np
        except ImportError:
            return None
        np_rng = np.random.default_rng(seed)
    games = 0
    start = time.perf_counter()
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                if idiom == "example":
                    actions, probs = zip(*outcomes, strict=True)
                    state.apply_action(int(np_rng.choice(actions, p=probs)))
                else:
                    state.apply_action(outcomes[rnd.randrange(len(outcomes))][0])
            else:
                legal = state.legal_actions()
                state.apply_action(legal[rnd.randrange(len(legal))])
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return games / elapsed, games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per measurement")
    parser.add_argument("--variant", default="bridge")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--check", action="store_true", help="exit 1 if a target is missed")
    args = parser.parse_args(argv)

    ours, hands, actions = bench_dummybridge(args.variant, args.seconds, args.seed)
    print(f"random hands through the interpreter ({args.variant})")
    print(f"  dummybridge : {ours:>10,.0f} hands/s  ({hands:,} hands, {actions:,} actions, "
          f"{actions / hands:.1f} actions a hand)")
    ok = ours >= 2000
    spiel = bench_openspiel(args.seconds, args.seed, "plain")
    if spiel is None:
        print("  OpenSpiel   : not installed (pip install open_spiel to compare)")
    else:
        rate, games = spiel
        ratio = ours / rate
        print(f"  OpenSpiel   : {rate:>10,.0f} games/s  ({games:,} games, "
              "bridge(use_double_dummy_result=false), plain random loop)")
        print(f"  ratio       : {ratio:>10.2f}x  (target >= 1.00: {'met' if ratio >= 1 else 'MISSED'})")
        ok = ok and ratio >= 1
        example = bench_openspiel(args.seconds, args.seed, "example")
        if example is not None:
            rate2, games2 = example
            print(f"  OpenSpiel   : {rate2:>10,.0f} games/s  ({games2:,} games, the loop of "
                  "OpenSpiel's examples/example.py, numpy at chance nodes)")
            print(f"  ratio       : {ours / rate2:>10.2f}x")
    print(f"  floor 2,000 hands/s: {'met' if ours >= 2000 else 'MISSED'}")
    return 1 if args.check and not ok else 0


if __name__ == "__main__":
    sys.exit(main())
