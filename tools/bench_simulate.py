#!/usr/bin/env python3
"""Benchmark: `dummybridge simulate` with one worker and with several, side by side.

Plays the same seeded rubbers with ``--jobs 1`` and with ``--jobs K`` (default:
every core), checks that both runs give the same summaries (same seed, same
result, whatever the number of workers), and prints rubbers per second and
the speed-up ratio. This is a benchmark, not a test: it prints figures and
exits 0 (1 if the two runs differ).

    python tools/bench_simulate.py [--variant dummy-bridge] [--rubbers 200] [--jobs K]
"""

from __future__ import annotations

import argparse
import os
import sys
import time

from dummybridge.apps.simulate import simulate
from dummybridge.language.loader import load_rules


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="dummy-bridge")
    parser.add_argument("--rubbers", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--bots", default="rule")
    args = parser.parse_args()
    rules = load_rules(args.variant)
    bots = [args.bots] * rules.table.players
    times = {}
    runs = {}
    for jobs in (1, args.jobs):
        start = time.perf_counter()
        runs[jobs] = simulate(rules, args.rubbers, args.seed, bots, jobs=jobs)
        times[jobs] = time.perf_counter() - start
        print(
            f"--jobs {jobs}: {args.rubbers} rubbers in {times[jobs]:.2f} s, "
            f"{args.rubbers / times[jobs]:.1f} rubbers/s"
        )
    same = runs[1] == runs[args.jobs]
    print(
        f"speed-up with {args.jobs} workers: {times[1] / times[args.jobs]:.2f}x "
        f"({os.cpu_count()} cores); same result: {'yes' if same else 'NO'}"
    )
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
