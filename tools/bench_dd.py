"""Benchmark: our double-dummy solver against DDS (through ``endplay``) on the same deals.

Issue 8's target: our median no more than DDS's (ratio <= 1.0) for single
solves and for full tables, and our worst case no more than 3x DDS's worst.
Both run in this process, one thread each (``SetMaxThreads(1)`` for DDS; our
solver is single-threaded), on the same random full deals from the C core's
seeded generator, alternating deal by deal so that the load of a shared
machine falls on both alike. Needs ``pip install 'dummybridge[dds]'``.

    python tools/bench_dd.py [--deals 100] [--seed 1] [--no-tables] [--mib 32]

Single solve: West (the hand on lead for a South declarer) in no trumps, the
best result only (DDS ``SolveBoard`` with solutions = 1, our ``dbr_dd_solve``).
Table: the 20 results (DDS ``CalcDDtable``, our ``dbr_dd_table``).
Our solver reuses one workspace for all deals, as a program would; its peak
memory is the workspace itself (the C core allocates nothing else), reported
with the process's peak resident size.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import time

from endplay import _dds
from endplay import dds as edds
from endplay.dds.solve import SolveMode
from endplay.types import Deal, Denom, Player

from dummybridge.core import _native


def pbn(hands: list[int]) -> str:
    return "N:" + " ".join(_native.hand_format(h) for h in hands)


def summary(name: str, ours: list[float], theirs: list[float]) -> None:
    mo, mt = statistics.median(ours), statistics.median(theirs)
    wo, wt = max(ours), max(theirs)
    print(f"{name}:")
    print(
        f"  median  ours {mo * 1e3:9.2f} ms   DDS {mt * 1e3:9.2f} ms   ratio {mo / mt:7.2f}"
        f"   (target <= 1.0)"
    )
    print(
        f"  worst   ours {wo * 1e3:9.2f} ms   DDS {wt * 1e3:9.2f} ms   ratio {wo / wt:7.2f}"
        f"   (target <= 3.0)"
    )
    print(
        f"  mean    ours {statistics.fmean(ours) * 1e3:9.2f} ms   "
        f"DDS {statistics.fmean(theirs) * 1e3:9.2f} ms"
    )
    per = sorted((o / t for o, t in zip(ours, theirs, strict=True)))
    print(
        f"  per-deal ratio: median {statistics.median(per):.2f}, "
        f"best {per[0]:.2f}, worst {per[-1]:.2f}"
    )


def main() -> None:
    ap = argparse.ArgumentParser(description="our double-dummy solver vs DDS")
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--no-tables", action="store_true", help="single solves only")
    ap.add_argument(
        "--mib",
        type=int,
        default=_native.DD_DEFAULT_BYTES >> 20,
        help="our workspace in MiB (default: the library default)",
    )
    args = ap.parse_args()
    _dds.SetMaxThreads(1)
    rng = _native.Rng(args.seed)
    deals = [_native.deal_random(rng) for _ in range(args.deals)]
    solver = _native.DDSolver(args.mib << 20)
    ours_s, dds_s, ours_t, dds_t = [], [], [], []
    for i, hands in enumerate(deals):
        deal = Deal(pbn(hands))
        deal.first = Player.west
        deal.trump = Denom.nt
        t0 = time.perf_counter()
        fut = edds.solve_board(deal, SolveMode.OptimalOne)
        t1 = time.perf_counter()
        mine = solver.solve(_native.Position(hands=tuple(hands), trump=4, leader=3))
        t2 = time.perf_counter()
        theirs = max(t for _, t in fut)
        if mine != theirs:
            raise SystemExit(f"deal {i}: ours {mine}, DDS {theirs} ({pbn(hands)})")
        dds_s.append(t1 - t0)
        ours_s.append(t2 - t1)
        if not args.no_tables:
            t0 = time.perf_counter()
            table = edds.calc_dd_table(Deal(pbn(hands)))
            t1 = time.perf_counter()
            mine_t = solver.table(hands)
            t2 = time.perf_counter()
            dds_t.append(t1 - t0)
            ours_t.append(t2 - t1)
            order = [Denom.clubs, Denom.diamonds, Denom.hearts, Denom.spades, Denom.nt]
            seats = [Player.north, Player.east, Player.south, Player.west]
            want = [[table[d, p] for p in seats] for d in order]
            if [list(r) for r in mine_t] != want:
                raise SystemExit(f"deal {i}: table disagrees with DDS ({pbn(hands)})")
        print(
            f"deal {i + 1:3}/{len(deals)}: single ours {ours_s[-1] * 1e3:8.1f} ms "
            f"DDS {dds_s[-1] * 1e3:7.1f} ms"
            + (
                ""
                if args.no_tables
                else f" | table ours {ours_t[-1] * 1e3:9.1f} ms DDS {dds_t[-1] * 1e3:8.1f} ms"
            ),
            flush=True,
        )
    print(
        f"\n{len(deals)} random full deals (seed {args.seed}), one thread each, "
        "all results equal to DDS's"
    )
    summary("single solve (NT, West leads, best result only)", ours_s, dds_s)
    if not args.no_tables:
        summary("full table (20 results)", ours_t, dds_t)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(
        f"our peak memory: the workspace, {solver.size / 2**20:.0f} MiB "
        f"(process peak RSS {peak / 1024:.0f} MiB, DDS included)"
    )


if __name__ == "__main__":
    main()
