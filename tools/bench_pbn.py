#!/usr/bin/env python3
"""Benchmark: reading PBN files, against the targets of docs/limits.md.

Makes PBN files of ``--mib`` MiB each: ``real`` (the games `dummybridge
export` writes for rubbers of Bridge and Auction Bridge, repeated), and the
shapes that cost most per byte: ``tiny games`` (a one-tag game to every
13 bytes), ``string tokens`` (a section of short quoted cells), ``many tags``
(one game of tags), ``play lines`` (one game's long Play section) and
``blank lines``. Each is read with :func:`dummybridge.formats.pbn_read.read_pbn`
in a fresh process, once for CPU time and once for the peak of memory
(tracemalloc, the objects Python holds), and printed beside the targets:
**1 s per MiB** and **10 times the file**, as ratios (under 1 is within).
This is a benchmark, not a test: it prints figures and exits 0.

    python tools/bench_pbn.py [--mib 8]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

SECONDS_PER_MIB = 1.0
TIMES_THE_FILE = 10.0

_MEASURE = """
import os, sys, time, tracemalloc
from dummybridge.formats.pbn_read import read_pbn
path, how = sys.argv[1], sys.argv[2]
if how == "memory":
    tracemalloc.start()
    games = read_pbn(path)
    print(tracemalloc.get_traced_memory()[1], len(games))
else:
    start = time.process_time()
    games = read_pbn(path)
    print(time.process_time() - start, len(games))
"""


def _exported(tmp: Path) -> str:
    """Games as `dummybridge export` writes them, of two variants."""
    out = []
    for variant in ("bridge", "auction-bridge"):
        record, pbn = tmp / f"{variant}.json", tmp / f"{variant}.pbn"
        command = [sys.executable, "-m", "dummybridge"]
        subprocess.run(
            [*command, "play", variant, "--rubbers", "4", "--seed", "3", "--record", str(record)],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        subprocess.run([*command, "export", str(record), "-o", str(pbn)], check=True)
        out.append(pbn.read_text(encoding="utf-8"))
    return "\n".join(out) + "\n"


def _shapes(tmp: Path) -> dict[str, str]:
    return {
        "real": _exported(tmp),
        "tiny games": '[Board "1"]\n\n',
        "string tokens": '[T "x"]\n' + '"a" ' * 5000 + "\n\n",
        "many tags": '[Board "1"]\n[West "B"]\n[North "C"]\n[East "A"]\n',
        "play lines": '[Play "W"]\n' + "H4 H3 HT HA\n" * 1000 + "\n",
        "blank lines": "\n",
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mib", type=float, default=8.0, help="size of each file")
    args = parser.parse_args()
    size = int(args.mib * 2**20)
    print(
        f"{'file':>14} {'MiB':>6} {'games':>8} {'s/MiB':>7} {'vs 1 s/MiB':>11}"
        f" {'peak/file':>10} {'vs 10x':>8}"
    )
    with tempfile.TemporaryDirectory() as tmp_dir:
        tmp = Path(tmp_dir)
        for name, unit in _shapes(tmp).items():
            path = tmp / "shape.pbn"
            text = unit * (size // len(unit) + 1)
            path.write_text(text[: text.rfind("\n", 0, size) + 1], encoding="utf-8")
            mib = os.path.getsize(path) / 2**20
            figures = {}
            for how in ("time", "memory"):
                done = subprocess.run(
                    [sys.executable, "-c", _MEASURE, str(path), how],
                    check=True,
                    capture_output=True,
                    text=True,
                )
                value, games = done.stdout.split()
                figures[how] = float(value)
            per_mib = figures["time"] / mib
            times = figures["memory"] / (mib * 2**20)
            print(
                f"{name:>14} {mib:>6.1f} {int(games):>8} {per_mib:>7.3f}"
                f" {per_mib / SECONDS_PER_MIB:>11.2f} {times:>10.2f}"
                f" {times / TIMES_THE_FILE:>8.2f}"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
