"""Measurement loop of the double-dummy solver: node counts and instructions.

Writes a deal set of ``tools/bench_dd.py`` (``random``: the first ``--deals``
of its seeded random deals; ``hard``: the freak deals of
``tests/data/dd_golden.json``; ``bs-hard``, ``bs-long``: bridge-solver's
``hard_deals/``, ``long_deals/`` from ``--bridge-solver DIR``; ``dds-hands``:
DDS's ``hands/largest.txt``, ``thomas1.txt`` and ``thomas2.txt`` from
``--dds-hands DIR``) to a file of
hands and known tables, builds ``tools/dd_nodes.c`` with ``csrc/`` at ``-O3``
(as the extension), and runs it: each deal's table nodes, CPU seconds and
evictions, the totals, and a check of every
table against the known one. ``--callgrind`` runs it under valgrind's
callgrind instead and prints the instruction count, which a loaded machine
does not disturb (about 50 times slower: use a few deals).

    python tools/dd_nodes.py [--set random|hard|bs-hard|bs-long|dds-hands] [--deals 20]
        [--first 0] [--count N] [--mib 32] [--csrc DIR] [--callgrind]

``--csrc`` builds another copy of the C core (a variant being measured)
against the same deals, so that two builds compare side by side.
"""

from __future__ import annotations

import argparse
import re
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_dd

ROOT = Path(__file__).resolve().parent.parent


def deal_lines(
    which: str, deals: int, bs_dir: Path | None, dds_dir: Path | None = None
) -> list[str]:
    if which == "random":
        chosen = bench_dd.random_deals(deals, 1)
    elif which == "hard":
        chosen = bench_dd.golden_hard()
    elif which == "dds-hands":
        if dds_dir is None:
            raise SystemExit(
                "dds-hands needs --dds-hands DIR (the hands/ folder of dds-bridge/dds)"
            )
        chosen = [
            d
            for f in ("largest.txt", "thomas1.txt", "thomas2.txt")
            for d in bench_dd.dds_hands(dds_dir / f)
        ]
    else:
        if bs_dir is None:
            raise SystemExit(f"{which} needs --bridge-solver DIR")
        chosen = bench_dd.bs_deals(bs_dir / ("hard_deals" if which == "bs-hard" else "long_deals"))
    out = []
    for d in chosen:
        table = " ".join(str(x) for row in d.published for x in row) if d.published else ""
        out.append(" ".join(f"{h:x}" for h in d.hands) + f" | {table} | {d.name}")
    return out


def build(csrc: Path, exe: Path) -> None:
    srcs = [csrc / f"{n}.c" for n in bench_sources()]
    cmd = ["cc", "-O3", "-std=c99", f"-I{csrc}", str(ROOT / "tools" / "dd_nodes.c")]
    subprocess.run([*cmd, *map(str, srcs), "-o", str(exe)], check=True)


def bench_sources() -> list[str]:
    return ["cards", "dd", "play", "playout", "rng", "sample", "stats", "status"]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument(
        "--set", choices=["random", "hard", "bs-hard", "bs-long", "dds-hands"], default="random"
    )
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--first", type=int, default=0)
    ap.add_argument("--count", type=int, default=1 << 30)
    ap.add_argument("--mib", type=int, default=32)
    ap.add_argument("--csrc", type=Path, default=ROOT / "csrc")
    ap.add_argument("--bridge-solver", type=Path, default=None)
    ap.add_argument("--dds-hands", type=Path, default=None)
    ap.add_argument("--callgrind", action="store_true")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        deals = Path(tmp) / "deals.txt"
        deals.write_text(
            "\n".join(deal_lines(args.set, args.deals, args.bridge_solver, args.dds_hands)) + "\n"
        )
        exe = Path(tmp) / "dd_nodes"
        build(args.csrc, exe)
        run = [str(exe), str(deals), str(args.mib), str(args.first), str(args.count)]
        if not args.callgrind:
            sys.exit(subprocess.run(run).returncode)
        out = Path(tmp) / "callgrind.out"
        res = subprocess.run(
            ["valgrind", "--tool=callgrind", f"--callgrind-out-file={out}", *run],
            capture_output=True,
            text=True,
        )
        print(res.stdout, end="")
        m = re.search(r"Collected : (\d+)", res.stderr)
        print(f"instructions {m.group(1) if m else '?'}")
        sys.exit(res.returncode)


if __name__ == "__main__":
    main()
