#!/usr/bin/env python3
"""Benchmark: random playouts per second, C core against the pure-Python reference.

Both run in this one process, one after the other, on the same seed: the C
core through ``dbr_batch_playout`` (called once through the binding, so the
figure is the C loop's), and the reference in ``tests/reference.py`` (the
pure-Python transcription used to cross-check the C core in the tests). A
"deal" is the whole job: shuffle, deal 4 x 13, 52 uniformly random legal
plays and 13 trick winners. The first deals of both runs are compared, so
the figures are for the same work.

Target (issue 2): at least 1,000,000 deals/s for the C core on one core and
at least 150x the reference. This is a benchmark, not a test: it prints
figures and exits 0 whatever they are (use --check to exit 1 below target).

    python tools/bench_core.py [--deals N] [--ref-deals N] [--repeat K] [--check]
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import time
from pathlib import Path

from dummybridge.core import _native

ROOT = Path(__file__).resolve().parent.parent


def load_reference():  # type: ignore[no-untyped-def]
    """Import tests/reference.py by path (it is not part of the package)."""
    path = ROOT / "tests" / "reference.py"
    spec = importlib.util.spec_from_file_location("dummybridge_reference", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"bench_core: cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def best_rate(run, deals: int, repeat: int) -> float:  # type: ignore[no-untyped-def]
    """The best of ``repeat`` runs, in deals per second."""
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        run(deals)
        best = min(best, time.perf_counter() - start)
    return deals / best


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=3_000_000, help="deals per C run")
    parser.add_argument("--ref-deals", type=int, default=3_000, help="deals per reference run")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each; the best counts")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--trump", type=int, default=2, help="0..3 a suit, 4 no trumps")
    parser.add_argument("--check", action="store_true", help="exit 1 if a target is missed")
    args = parser.parse_args(argv)
    reference = load_reference()

    # Same work: the first deals agree trick for trick.
    sample = min(200, args.ref_deals)
    c_sample = _native.batch_playout(_native.Rng(args.seed), sample, args.trump, 0, per_deal=True)
    ref_sample = reference.batch_playout(args.seed, sample, args.trump, 0)
    if list(c_sample.side0_tricks or ()) != list(ref_sample):
        print("bench_core: the C core and the reference disagree; not timing", file=sys.stderr)
        return 2

    def run_c(n: int) -> None:
        _native.batch_playout(_native.Rng(args.seed), n, args.trump, 0)

    def run_ref(n: int) -> None:
        reference.batch_playout(args.seed, n, args.trump, 0)

    c_rate = best_rate(run_c, args.deals, args.repeat)
    ref_rate = best_rate(run_ref, args.ref_deals, args.repeat)
    ratio = c_rate / ref_rate
    print("random deals played out (shuffle, deal, 52 legal random plays, 13 tricks)")
    print(
        f"  C core (dbr_batch_playout) : {c_rate:>12,.0f} deals/s  "
        f"({args.deals:,} deals, best of {args.repeat})"
    )
    print(
        f"  pure-Python reference      : {ref_rate:>12,.0f} deals/s  "
        f"({args.ref_deals:,} deals, best of {args.repeat})"
    )
    print(f"  ratio C / reference        : {ratio:>12,.0f}x")
    print(
        f"  targets: >= 1,000,000 deals/s {'met' if c_rate >= 1e6 else 'MISSED'}; "
        f">= 150x {'met' if ratio >= 150 else 'MISSED'}"
    )
    if args.check and (c_rate < 1e6 or ratio < 150):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
