"""Benchmark: our double-dummy solver against DDS and bridge-solver on the same deals.

Issue 19's targets, single thread: on random deals our total time no more
than bridge-solver's (ratio <= 1.0) and our median no more than 0.9x DDS's;
on the hard deals our worst case no more than bridge-solver's and no more
than half DDS's; no disagreement with DDS anywhere.

    python tools/bench_dd.py [--set random|hard|all] [--deals 200] [--seed 1]
                             [--bridge-solver DIR] [--dds-hands DIR] [--no-dds]
                             [--limit SECONDS] [--mib 32] [--grow MIB]
                             [--equal-memory]

Each deal's full table (20 results) is solved by every solver in turn, the
order rotating deal by deal, so that the load of a shared machine falls on
all alike. Times are CPU seconds (user + system), which a loaded machine
disturbs far less than wall time: ``time.process_time`` around our call and
DDS's, and the child's own usage (``os.wait4``) for bridge-solver.

The solvers:

- ours: ``dbr_dd_table`` on one workspace reused for all deals (the default
  32 MiB unless ``--mib``); the C core allocates nothing else, so our peak
  memory on every deal is the workspace, whatever the deal. ``--grow MIB``
  lets it grow when full up to MIB (``DDSolver``'s ``max_size``; its size
  after each deal is printed as our peak); ``--equal-memory`` gives ours a new
  workspace each deal as large as bridge-solver's peak on that deal (the
  comparison at equal memory; bridge-solver then runs first on each deal).
- DDS 2.9 through ``endplay`` (``pip install 'dummybridge[dds]'``),
  ``CalcDDtable`` with ``SetMaxThreads(1)``. ``--no-dds`` leaves it out (the
  hard deals take DDS minutes each); the tables are then checked against the
  golden data's and the published ones.
- bridge-solver (github macroxue/bridge-solver, MIT or Apache-2.0), a
  program of its own: a checkout of that repository at commit
  ``205aacad40d9e00a58991cc098b5816c209f03d0``, built in place by its own
  makefile's default target as its README says (nothing of it is part of this
  project). Name the directory with ``--bridge-solver DIR`` or
  ``$BRIDGE_SOLVER_DIR``; without one (or without ``DIR/solver``) its column is
  skipped with a message. It solves each deal in a new process (``solver -f
  FILE``, all strains and leaders), so its time includes starting up (about a
  millisecond, printed); its peak memory is its peak resident size (``ru_maxrss``, from
  ``/usr/bin/time -f %M`` where GNU time is installed, else ``os.wait4``'s, which
  then counts this process's size at the spawn too), printed with its own report
  of it (the last column it prints).

The deal sets:

- random: ``--deals`` full deals from the C core's seeded generator.
- hard: the freak deals of ``tests/data/dd_golden.json`` (``hard``: deals
  built by ``tools/gen_dd_golden.py``, with DDS's tables), and where the
  directories are given, bridge-solver's ``hard_deals/`` and ``long_deals/``
  (from ``--bridge-solver DIR``, checked against its ``RESULTS``) and the
  ``largest.txt``, ``thomas1.txt`` (the four-void deal) and ``thomas2.txt``
  (the 7-6 two-suiters) of DDS's ``hands/`` (``--dds-hands DIR``: the folder of
  a checkout of github dds-bridge/dds at commit
  ``d2bc4c2c703941664fc1d73e69caa5233cdeac18``; checked against their
  ``TABLE`` lines). Those files are read where they are, never copied here.
  ``largest.txt`` holds 21 records of 16 deals (a deal played more than once
  is recorded each time): a deal met again is left out of the set, since our
  workspace, kept from deal to deal, would answer it from what its table
  still holds of it, and bridge-solver (a new process a deal) could not
  (before, the five repeats counted: ours 0.40-1.12 s on them at 32 MiB,
  0.000 s with ``--grow 256``, bridge-solver 1.3-2.0 s).

``--limit`` skips, for the deals after, a solver that took more than that
many CPU seconds on one deal (bridge-solver is stopped there), so that a run
on the hard deals ends; a skipped result prints as ``-`` and leaves that
solver's statistics out of the ratios.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import resource
import shlex
import shutil
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from dummybridge.core import _native

ROOT = Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "tests" / "data" / "dd_golden.json"
BS_COMMIT = "205aacad40d9e00a58991cc098b5816c209f03d0"
DDS_COMMIT = "d2bc4c2c703941664fc1d73e69caa5233cdeac18"
TIMER = os.access("/usr/bin/time", os.X_OK)  # GNU time: bridge-solver's own peak RSS
SEATS = "NESW"
STRAINS = "CDHSN"

Table = list[list[int]]  # [strain C D H S NT][declarer N E S W]


def pbn(hands: list[int] | tuple[int, ...]) -> str:
    return "N:" + " ".join(_native.hand_format(h) for h in hands)


# ------------------------------------------------------------------ deal sets


class Deal:
    def __init__(self, name: str, hands: tuple[int, int, int, int], published: Table | None):
        self.name = name
        self.hands = hands
        self.published = published  # the table its source publishes, if any


def random_deals(n: int, seed: int) -> list[Deal]:
    rng = _native.Rng(seed)
    return [
        Deal(f"random {i + 1}", tuple(_native.deal_random(rng)), None)  # type: ignore[arg-type]
        for i in range(n)
    ]


def golden_hard() -> list[Deal]:
    data = json.loads(GOLDEN.read_text(encoding="utf-8"))
    return [
        Deal(f"golden {d['name']}", _native.deal_parse(d["deal"])[0], d["table"])
        for d in data.get("hard", [])
    ]


def _bs_hand(tokens: list[str]) -> str:
    """bridge-solver's hand (suits S H D C, ``-`` for a void) as PBN's."""
    return ".".join("" if t == "-" else t.upper() for t in tokens)


def bs_results(text: str) -> dict[str, Table]:
    """bridge-solver's RESULTS: per deal, a line per strain N S H D C with the
    tricks of declarers South, North, West, East."""
    out: dict[str, Table] = {}
    name = ""
    for line in text.splitlines():
        parts = line.split()
        if len(parts) == 1:
            name = parts[0]
            out[name] = [[0] * 4 for _ in range(5)]
        elif len(parts) >= 5 and name:
            st = STRAINS.index(parts[0]) if parts[0] != "N" else 4
            south, north, west, east = (int(x) for x in parts[1:5])
            out[name][st] = [north, east, south, west]
    return out


def bs_deals(directory: Path) -> list[Deal]:
    results = bs_results((directory / "RESULTS").read_text(encoding="utf-8"))
    deals = []
    files = sorted(
        (p for p in directory.iterdir() if p.name.startswith("deal.")),
        key=lambda p: int(p.name.split(".")[1]),
    )
    for path in files:
        # three lines (North, West and East, South) of holdings S H D C, "-"
        # for a void, possibly with seat letters and suit symbols between
        lines = [
            [t for t in ln.split() if t not in ("N", "E", "S", "W", "♠", "♥", "♦", "♣")]
            for ln in path.read_text(encoding="utf-8").splitlines()
            if ln.strip()
        ]
        north, we, south = lines[0][:4], lines[1], lines[2][:4]
        west, east = we[:4], we[4:8]
        text = "N:" + " ".join(_bs_hand(h) for h in (north, east, south, west))
        hands = _native.deal_parse(text)[0]
        deals.append(Deal(f"{directory.name}/{path.name}", hands, results.get(path.name)))
    return deals


def dds_hands(path: Path) -> list[Deal]:
    """A DDS hands file: ``PBN ... "first:h h h h"`` then ``TABLE`` with the
    20 results, strains S H D C NT, declarers N E S W."""
    deals = []
    pending: tuple[int, int, int, int] | None = None
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("PBN "):
            text = line.split('"')[1]
            first = "NESW".index(text[0])
            hs = text[2:].split()
            hands = [0, 0, 0, 0]
            for i, h in enumerate(hs):
                hands[(first + i) % 4] = _native.hand_parse(h)
            pending = (hands[0], hands[1], hands[2], hands[3])
        elif line.startswith("TABLE ") and pending is not None:
            v = [int(x) for x in line.split()[1:21]]
            rows = {s: v[4 * i : 4 * i + 4] for i, s in enumerate("SHDCN")}
            table = [rows[s] for s in "CDHSN"]
            deals.append(Deal(f"dds {path.name} #{len(deals) + 1}", pending, table))
            pending = None
    return deals


# -------------------------------------------------------------------- solvers


class Solver:
    name = ""

    def table(self, hands: tuple[int, int, int, int]) -> tuple[Table, float, int | None]:
        """The table, CPU seconds, and peak memory in bytes (None: not known)."""
        raise NotImplementedError


class Ours(Solver):
    name = "ours"

    def __init__(self, mib: int, grow_mib: int | None = None) -> None:
        self.solver = _native.DDSolver(mib << 20, None if grow_mib is None else grow_mib << 20)
        self.fresh_bytes: int | None = None  # --equal-memory: a new workspace of this size

    def table(self, hands: tuple[int, int, int, int]) -> tuple[Table, float, int | None]:
        if self.fresh_bytes is not None:
            self.solver = _native.DDSolver(max(self.fresh_bytes, _native.DDSolver.min_size))
        t0 = time.process_time()
        t = self.solver.table(hands)
        # the workspace is all our memory (after growth, its size now)
        return [list(r) for r in t], time.process_time() - t0, self.solver.size


class DDS(Solver):
    name = "DDS"

    def __init__(self) -> None:
        from endplay import _dds
        from endplay import dds as edds
        from endplay.types import Deal as EDeal
        from endplay.types import Denom, Player

        _dds.SetMaxThreads(1)
        self._calc = edds.calc_dd_table
        self._deal = EDeal
        self._order = [Denom.clubs, Denom.diamonds, Denom.hearts, Denom.spades, Denom.nt]
        self._seats = [Player.north, Player.east, Player.south, Player.west]

    def table(self, hands: tuple[int, int, int, int]) -> tuple[Table, float, int | None]:
        deal = self._deal(pbn(hands))
        t0 = time.process_time()
        t = self._calc(deal)
        used = time.process_time() - t0
        return [[t[d, p] for p in self._seats] for d in self._order], used, None


class BridgeSolver(Solver):
    name = "bridge-solver"

    def __init__(self, directory: Path) -> None:
        self.exe = directory / "solver"
        self.tmp = Path(tempfile.mkdtemp(prefix="bench_dd_"))
        self.limit: float | None = None
        self.own_peak = 0  # its own report of its peak memory on the last deal

    def close(self) -> None:
        shutil.rmtree(self.tmp, ignore_errors=True)

    def _file(self, hands: tuple[int, int, int, int]) -> Path:
        def fmt(h: int) -> str:
            suits = _native.hand_format(h).split(".")  # S.H.D.C
            return " ".join(s or "-" for s in suits)

        path = self.tmp / "deal"
        path.write_text(
            f"  {fmt(hands[0])}\n{fmt(hands[3])}      {fmt(hands[1])}\n  {fmt(hands[2])}\n",
            encoding="utf-8",
        )
        return path

    def run(self, args: list[str]) -> tuple[str, float, int, bool]:
        """Output, CPU seconds, peak resident bytes, and whether it finished."""
        out = self.tmp / "out"
        with open(out, "wb") as f:
            # through a shell that forks it: a program started straight from
            # this process would count this process's size in its peak
            # resident size (the high-water mark survives exec); wait4 on the
            # shell reports the larger of the program's and the shell's peak
            # resident size, and the shell's is this process's at the spawn:
            # GNU time, started by the shell, reports the program's own peak
            rss_file = self.tmp / "rss"
            rss_file.unlink(missing_ok=True)
            timer = ["/usr/bin/time", "-f", "%M", "-o", str(rss_file)] if TIMER else []
            cmd = " ".join(shlex.quote(a) for a in [*timer, str(self.exe), *args]) + "; :"
            pid = os.posix_spawn(
                "/bin/sh",
                ["/bin/sh", "-c", cmd],
                os.environ,
                file_actions=[(os.POSIX_SPAWN_DUP2, f.fileno(), 1)],
            )
        done = False
        start = time.monotonic()
        while True:
            wpid, status, ru = os.wait4(pid, os.WNOHANG)
            if wpid:
                done = os.waitstatus_to_exitcode(status) == 0
                break
            if self.limit is not None and time.monotonic() - start > 10 * self.limit:
                # a loaded machine: allow ten times the CPU limit in wall time
                os.kill(pid, 9)
                _, status, ru = os.wait4(pid, 0)
                break
            time.sleep(0.0005)
        rss = ru.ru_maxrss
        if TIMER and rss_file.is_file():
            text = rss_file.read_text(encoding="utf-8").split()
            rss = int(text[-1]) if text and text[-1].isdigit() else rss
        return out.read_text(encoding="utf-8"), ru.ru_utime + ru.ru_stime, rss * 1024, done

    def startup(self) -> float:
        """CPU seconds of a run that only prints the deal (``-o``)."""
        path = self._file(tuple(random_deals(1, 1)[0].hands))  # type: ignore[arg-type]
        return min(self.run(["-o", "-f", str(path)])[1] for _ in range(5))

    def table(self, hands: tuple[int, int, int, int]) -> tuple[Table, float, int | None]:
        text, used, rss, done = self.run(["-f", str(self._file(hands)), "-m0"])
        if not done:
            raise TimeoutError
        table = bs_results("deal\n" + text)["deal"]
        # its own report of its peak memory (the last column, in MiB), printed
        # beside its peak resident size (wait4's ru_maxrss: program and table)
        self.own_peak = int(float(text.split()[-2]) * 2**20) if text.split() else 0
        return table, used, rss


# ------------------------------------------------------------------- reports


def pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, max(0, math.ceil(q * len(s)) - 1))]


STATS: list[tuple[str, Callable[[list[float]], float]]] = [
    ("p50", lambda x: pct(x, 0.50)),
    ("p90", lambda x: pct(x, 0.90)),
    ("p99", lambda x: pct(x, 0.99)),
    ("worst", max),
    ("total", sum),
]


def report(title: str, names: list[str], times: dict[str, list[float | None]]) -> None:
    # the statistics of each solver over the deals every solver finished
    n = len(times["ours"])
    both = [i for i in range(n) if all(times[s][i] is not None for s in names)]
    print(f"\n{title}: {len(both)} deals solved by every solver of {n}")
    if not both:
        return
    cols = {s: [float(times[s][i]) for i in both] for s in names}  # type: ignore[arg-type]
    print(f"  {'CPU seconds':<16}" + "".join(f"{k:>10}" for k, _ in STATS))
    for s in names:
        print(f"  {s:<16}" + "".join(f"{f(cols[s]):10.3f}" for _, f in STATS))
    for s in names[1:]:
        print(
            f"  {'ours / ' + s:<16}"
            + "".join(f"{f(cols['ours']) / max(f(cols[s]), 1e-9):10.2f}" for _, f in STATS)
        )
        per = sorted(o / max(t, 1e-9) for o, t in zip(cols["ours"], cols[s], strict=True))
        print(
            f"    per-deal ratio ours / {s}: median {pct(per, 0.5):.2f}, "
            f"best {per[0]:.2f}, worst {per[-1]:.2f}"
        )
    left = [s for s in names if any(times[s][i] is None for i in range(n))]
    for s in left:
        print(f"  {s}: {sum(1 for t in times[s] if t is None)} deals not solved (over --limit)")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--set", choices=["random", "hard", "all"], default="random")
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--bridge-solver", type=Path, default=os.environ.get("BRIDGE_SOLVER_DIR"))
    ap.add_argument("--dds-hands", type=Path, default=None)
    ap.add_argument("--no-dds", action="store_true")
    ap.add_argument("--limit", type=float, default=None, help="CPU seconds a deal, then skip")
    ap.add_argument("--only", default="", help="run only deals whose name contains this")
    ap.add_argument(
        "--mib",
        type=int,
        default=_native.DD_DEFAULT_BYTES >> 20,
        help="our workspace in MiB (default: the library default)",
    )
    ap.add_argument(
        "--grow",
        type=int,
        metavar="MIB",
        default=None,
        help="our workspace starts at --mib and grows, when full, up to MIB (DDSolver max_size)",
    )
    ap.add_argument(
        "--equal-memory",
        action="store_true",
        help="ours on a new workspace each deal as large as bridge-solver's peak on it "
        "(bridge-solver then runs first on every deal)",
    )
    args = ap.parse_args()

    ours = Ours(args.mib, args.grow)
    solvers: list[Solver] = [ours]
    if not args.no_dds:
        solvers.append(DDS())
    bs: BridgeSolver | None = None
    if args.bridge_solver and (Path(args.bridge_solver) / "solver").is_file():
        bs = BridgeSolver(Path(args.bridge_solver))
        bs.limit = args.limit
        solvers.append(bs)
        print(
            f"bridge-solver: {bs.exe} (expected at commit {BS_COMMIT[:12]}); "
            f"start-up {bs.startup() * 1e3:.1f} ms CPU a run (through /bin/sh; in its times)"
        )
    else:
        print(
            "bridge-solver: skipped (no build; give --bridge-solver DIR or $BRIDGE_SOLVER_DIR, a "
            f"checkout of github macroxue/bridge-solver at {BS_COMMIT[:12]} built by its makefile)"
        )

    sets: list[tuple[str, list[Deal]]] = []
    if args.set in ("random", "all"):
        sets.append(
            (f"{args.deals} random deals (seed {args.seed})", random_deals(args.deals, args.seed))
        )
    if args.set in ("hard", "all"):
        hard = golden_hard()
        if bs is not None:
            for sub in ("hard_deals", "long_deals"):
                if (bs.exe.parent / sub / "RESULTS").is_file():
                    hard += bs_deals(bs.exe.parent / sub)
        if args.dds_hands:
            for f in ("largest.txt", "thomas1.txt", "thomas2.txt"):
                if (args.dds_hands / f).is_file():
                    hard += dds_hands(args.dds_hands / f)
        else:
            print("DDS hands/: not given (--dds-hands DIR), its hard deals left out")
        sets.append(("hard deals", hard))

    names = [s.name for s in solvers]
    for title, deals in sets:
        deals = [d for d in deals if args.only in d.name]
        # a deal met again measures nothing new (see the deal sets above)
        firsts: dict[tuple[int, int, int, int], Deal] = {}
        for d in deals:
            firsts.setdefault(d.hands, d)
        if len(firsts) < len(deals):
            print(
                f"{title}: {len(deals) - len(firsts)} deals left out, each a deal met "
                f"before in the set: "
                + ", ".join(d.name for d in deals if firsts[d.hands] is not d)
            )
            deals = list(firsts.values())
        times: dict[str, list[float | None]] = {s: [] for s in names}
        over: set[str] = set()
        print(
            f"\n{title}: {len(deals)} deals; CPU seconds a table; "
            + ", ".join(names)
            + "; ours on a "
            + (
                "workspace of bridge-solver's peak on each deal"
                if args.equal_memory
                else f"{args.mib} MiB workspace"
                + (f" growing up to {args.grow} MiB" if args.grow else "")
            )
        )
        for i, deal in enumerate(deals):
            order = solvers[i % len(solvers) :] + solvers[: i % len(solvers)]
            if args.equal_memory and bs is not None:
                order = [bs] + [s for s in order if s is not bs]
            got: dict[str, Table] = {}
            peaks: dict[str, int | None] = {}
            for s in order:
                if s.name in over:
                    times[s.name].append(None)
                    continue
                if s is ours and args.equal_memory:
                    ours.fresh_bytes = peaks.get("bridge-solver") or args.mib << 20
                try:
                    tab, used, peak = s.table(deal.hands)
                except TimeoutError:
                    times[s.name].append(None)
                    over.add(s.name)
                    continue
                got[s.name] = tab
                peaks[s.name] = peak
                times[s.name].append(used)
                if args.limit is not None and used > args.limit:
                    over.add(s.name)
            want = got.get("DDS", deal.published)
            for s, tab in got.items():
                if want is not None and tab != want:
                    raise SystemExit(
                        f"{deal.name}: {s} {tab} but DDS/published {want} ({pbn(deal.hands)})"
                    )
            if deal.published is not None and "DDS" in got and got["DDS"] != deal.published:
                raise SystemExit(f"{deal.name}: DDS disagrees with the published table")
            cells = []
            for s in names:
                t = times[s][-1]
                cells.append(f"{s} {'-' if t is None else f'{t:8.3f}'}")
            mem = f"ours {(peaks.get('ours') or 0) / 2**20:.0f} MiB"
            if bs is not None and peaks.get("bridge-solver"):
                mem += (
                    f", bridge-solver {peaks['bridge-solver'] / 2**20:.0f} MiB RSS "
                    f"({bs.own_peak / 2**20:.0f} its own report)"
                )
            print(f"{deal.name:>28}: " + "  ".join(cells) + f"  | peak {mem}", flush=True)
        report(title, names, times)
    print("\nall tables equal to DDS's (or, with --no-dds, to the published ones)")
    print(
        "our peak memory: the workspace (as printed a deal; while it grows the old and the "
        "new are both held for a moment) "
        f"(process peak RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB, "
        "DDS included)"
    )
    if bs is not None:
        bs.close()


if __name__ == "__main__":
    main()
