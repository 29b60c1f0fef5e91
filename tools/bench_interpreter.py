#!/usr/bin/env python3
"""Benchmark: complete random hands per second through the interpreter.

A "hand" is one deal from the shuffle to the score: declaration, doubling,
52 plays and scoring, every decision taken by the usual API
(``legal_actions()``, a uniformly random choice among them, ``apply()``).
Rubbers are played back to back until the time is up; each new rubber's
``Game`` (the cut, the seating, the first deal) is counted in the time.

If OpenSpiel (``pyspiel``) is installed, the same run also measures
``bridge(use_double_dummy_result=false)`` random games (its deal is 52 chance
actions, then a random auction and the play) through its Python API, and
prints the ratio. Both loops choose with the same ``random.Random.randrange``,
so the difference is the games' own work. The machine may be shared, so the
two are measured side by side, alternately, ``--runs`` times, and the range of
the ratios is printed; by default the time is the process's CPU time, which
other work on the machine disturbs less than the wall clock (``--clock wall``).
Target (issue 3): at least as fast as OpenSpiel, and never below 2,000 hands/s.
This is a benchmark, not a test: it prints figures and exits 0 (``--check``
exits 1 if the median misses a target).

    python tools/bench_interpreter.py [--seconds S] [--runs N] [--clock cpu|wall] [--check]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable

from dummybridge.engine.game import Game
from dummybridge.language.loader import load_rules

CLOCKS = {"cpu": time.process_time, "wall": time.perf_counter}


def bench_dummybridge(
    variant: str, seconds: float, seed: int, clock: Callable[[], float] = time.process_time
) -> tuple[float, int, int]:
    """(hands per second, hands, actions) over about ``seconds``."""
    rules = load_rules(variant)
    rnd = random.Random(seed)
    hands = actions = 0
    game_seed = seed
    start = clock()
    while True:
        game = Game(rules, game_seed)
        game_seed += 1
        while not game.is_over:
            legal = game.legal_actions()
            game.apply(legal[rnd.randrange(len(legal))])
            actions += 1
        hands += game.deal_number
        elapsed = clock() - start
        if elapsed >= seconds:
            return hands / elapsed, hands, actions


def bench_openspiel(
    seconds: float, seed: int, idiom: str, clock: Callable[[], float] = time.process_time
) -> tuple[float, int] | None:
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
    start = clock()
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
        elapsed = clock() - start
        if elapsed >= seconds:
            return games / elapsed, games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement")
    parser.add_argument("--runs", type=int, default=3, help="side-by-side measurements")
    parser.add_argument("--variant", default="bridge")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--clock",
        choices=("cpu", "wall"),
        default="cpu",
        help="CPU time of this process (default) or the wall clock",
    )
    parser.add_argument("--check", action="store_true", help="exit 1 if a target is missed")
    args = parser.parse_args(argv)
    clock = CLOCKS[args.clock]

    print(
        f"random hands through the interpreter ({args.variant}), "
        f"{args.runs} x {args.seconds:g} s {args.clock} time each, side by side"
    )
    ours_rates: list[float] = []
    ratios: list[float] = []
    for run in range(1, args.runs + 1):
        ours, hands, actions = bench_dummybridge(args.variant, args.seconds, args.seed, clock)
        ours_rates.append(ours)
        line = (
            f"  run {run}: dummybridge {ours:>8,.0f} hands/s ({hands:,} hands, "
            f"{actions / hands:.1f} actions a hand)"
        )
        spiel = bench_openspiel(args.seconds, args.seed, "plain", clock)
        if spiel is not None:
            rate, games = spiel
            ratios.append(ours / rate)
            line += (
                f" | OpenSpiel {rate:>8,.0f} games/s ({games:,} games) | ratio {ours / rate:.2f}"
            )
        print(line)
    median = statistics.median(ours_rates)
    print(
        f"  dummybridge : {median:>8,.0f} hands/s median "
        f"(range {min(ours_rates):,.0f} - {max(ours_rates):,.0f})"
    )
    ok = median >= 2000
    if not ratios:
        print("  OpenSpiel   : not installed (pip install open_spiel to compare)")
    else:
        ratio = statistics.median(ratios)
        print(
            f"  ratio       : {ratio:>8.2f}x median (range {min(ratios):.2f} - "
            f"{max(ratios):.2f}; OpenSpiel bridge(use_double_dummy_result=false), "
            "plain random loop)"
        )
        print(f"  target ratio >= 1.00: {'met' if ratio >= 1 else 'MISSED'}")
        ok = ok and ratio >= 1
        example = bench_openspiel(args.seconds, args.seed, "example", clock)
        if example is not None:
            rate2, games2 = example
            print(
                f"  OpenSpiel   : {rate2:>8,.0f} games/s ({games2:,} games) with the loop of "
                f"OpenSpiel's examples/example.py (numpy at chance nodes): ratio "
                f"{median / rate2:.2f}"
            )
    print(f"  floor 2,000 hands/s: {'met' if median >= 2000 else 'MISSED'}")
    return 1 if args.check and not ok else 0


if __name__ == "__main__":
    sys.exit(main())
