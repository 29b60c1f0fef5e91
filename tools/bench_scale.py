#!/usr/bin/env python3
"""Benchmark: dd and simulate past one process, side by side in one run (issue 18).

Prints, on the same seeded deals and rubbers:

- double-dummy tables a second with ``dd``'s work sharing on 1 and 2 threads
  (``--jobs``), and on a 2-worker ``LocalCluster`` (``--scheduler``), with the
  speed-ups against 1 thread; DDS's own multi-threaded batch
  (``endplay.dds.calc_all_tables``, 2 threads) on the same deals, if endplay
  is installed, and our tables/s against it;
- simulate's rubbers a second with ``--jobs 1``, ``--jobs 2`` and the
  2-worker ``LocalCluster``, and the cluster against ``--jobs 2``.

Each measure is taken ``--rounds`` times, the configurations taking turns
within a round so that the load of a shared machine falls on all alike; the
median is printed. The cluster is started before the clock runs (its start is
not the work's). Every run is checked against the first: the same tables, the
same summaries. A benchmark, not a test: it prints figures and exits 0 (1 if
two runs differ).

    python tools/bench_scale.py [--deals 40] [--rubbers 400] [--rounds 3] [--seed 1]
"""

from __future__ import annotations

import argparse
import resource
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

from dummybridge.apps.ddrun import tables
from dummybridge.apps.simulate import simulate
from dummybridge.core import _native
from dummybridge.language.loader import load_rules


def cpu_seconds() -> float:
    """CPU time of this process and of its children that have ended (--jobs processes)."""
    own, children = (
        resource.getrusage(resource.RUSAGE_SELF),
        resource.getrusage(resource.RUSAGE_CHILDREN),
    )
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def timed(run: Callable[[], Any]) -> tuple[float, float, Any]:
    """Wall seconds, CPU seconds here (a cluster's workers' not counted), the result."""
    start, cpu = time.perf_counter(), cpu_seconds()
    out = run()
    return time.perf_counter() - start, cpu_seconds() - cpu, out


def dds_batch(deals: list[list[int]]) -> Callable[[], Any] | None:
    try:
        from endplay import _dds
        from endplay.dds import calc_all_tables
        from endplay.types import Deal
    except ImportError:
        return None
    _dds.SetMaxThreads(2)
    boards = [Deal("N:" + " ".join(_native.hand_format(h) for h in d)) for d in deals]
    # DDS takes at most MAXNOOFTABLES (40) deals a call: the batch goes in calls of 40
    size = _dds.MAXNOOFTABLES
    return lambda: [calc_all_tables(boards[i : i + size]) for i in range(0, len(boards), size)]


def dd_runs(deals: list[list[int]], address: str) -> dict[str, Callable[[], Any]]:
    four = [(d[0], d[1], d[2], d[3]) for d in deals]
    runs: dict[str, Callable[[], Any]] = {
        "dd --jobs 1": lambda: tables(four, jobs=1),
        "dd --jobs 2": lambda: tables(four, jobs=2),
        "dd LocalCluster(2)": lambda: tables(four, scheduler=address),
    }
    dds = dds_batch(deals)
    if dds is not None:
        runs["DDS calc_all_tables, 2 threads"] = dds
    return runs


def sim_runs(rubbers: int, seed: int, address: str) -> dict[str, Callable[[], Any]]:
    rules = load_rules("bridge")
    bots = ["rule"] * rules.table.players
    return {
        "simulate --jobs 1": lambda: simulate(rules, rubbers, seed, bots, jobs=1),
        "simulate --jobs 2": lambda: simulate(rules, rubbers, seed, bots, jobs=2),
        "simulate LocalCluster(2)": lambda: simulate(rules, rubbers, seed, bots, scheduler=address),
    }


CPU: dict[str, float] = {}


def measure(runs: dict[str, Callable[[], Any]], rounds: int) -> tuple[dict[str, float], bool]:
    """Median seconds of each run over the rounds, and whether our runs agreed
    (the median CPU seconds go to :data:`CPU`)."""
    times: dict[str, list[float]] = {name: [] for name in runs}
    cpus: dict[str, list[float]] = {name: [] for name in runs}
    first: Any = None
    same = True
    for _ in range(rounds):
        for name, run in runs.items():
            seconds, cpu, out = timed(run)
            times[name].append(seconds)
            cpus[name].append(cpu)
            CPU[name] = statistics.median(cpus[name])
            if name.startswith("DDS"):
                continue
            if first is None:
                first = out
            same = same and out == first
    return {name: statistics.median(t) for name, t in times.items()}, same


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=40)
    parser.add_argument("--rubbers", type=int, default=400)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    from distributed import LocalCluster

    rng = _native.Rng(args.seed)
    deals = [_native.deal_random(rng) for _ in range(args.deals)]
    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=":0"
    ) as cluster:
        address = str(cluster.scheduler_address)
        dd, dd_same = measure(dd_runs(deals, address), args.rounds)
        sim, sim_same = measure(sim_runs(args.rubbers, args.seed, address), args.rounds)
    print(
        f"{args.deals} deals, {args.rubbers} rubbers of bridge (rule bots), median of {args.rounds}"
    )
    one = args.deals / dd["dd --jobs 1"]
    for name, seconds in dd.items():
        rate = args.deals / seconds
        print(
            f"  {name:<32} {rate:8.2f} tables/s   x{rate / one:.2f} against --jobs 1"
            f"   (CPU here {CPU[name] / args.deals:.3f} s/table)"
        )
    if "DDS calc_all_tables, 2 threads" in dd:
        ratio = dd["DDS calc_all_tables, 2 threads"] / dd["dd --jobs 2"]
        print(f"  dd --jobs 2 against DDS's 2-thread batch: x{ratio:.2f} (target >= 1.0)")
    print(
        f"  speed-up 1 -> 2 threads: x{dd['dd --jobs 1'] / dd['dd --jobs 2']:.2f} (target >= 1.8)"
    )
    one = args.rubbers / sim["simulate --jobs 1"]
    for name, seconds in sim.items():
        rate = args.rubbers / seconds
        print(
            f"  {name:<32} {rate:8.2f} rubbers/s x{rate / one:.2f} against --jobs 1"
            f"   (CPU here {CPU[name] / args.rubbers:.3f} s/rubber)"
        )
    ratio = sim["simulate --jobs 2"] / sim["simulate LocalCluster(2)"]
    print(f"  LocalCluster(2) against --jobs 2: x{ratio:.2f} (target >= 0.9)")
    if not (dd_same and sim_same):
        print("the runs differ", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
