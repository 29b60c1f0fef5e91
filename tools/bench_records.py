#!/usr/bin/env python3
"""Benchmark: replaying a valid record (what `export`, `analyse` and `resume`
do first), its memory and time against the targets of issue 22.

Plays ``--rubbers`` rubbers of each variant with ``play --record``, then, in a
fresh process for each, loads the record with
:func:`dummybridge.formats.records.load_game` (read, check, replay) and prints
the CPU time per MiB of record, the peak of the objects Python holds
(tracemalloc) and what the game and record still hold after it, each as a
multiple of the file's size, beside the targets (**1 s per MiB** and **10
times the file**) as ratios (under 1 is within). Each record is measured as
``play`` writes it and, with ``--compact``, written again as JSON without
spaces or line breaks: the costliest shape, the same actions in fewer bytes.
The imports and the built-in rules are loaded before measuring. This is a
benchmark, not a test: it prints figures and exits 0.

    python tools/bench_records.py [--rubbers 100] [--variant bridge ...]
        [--compact] [--compare NAME=DIR ...]

``--compare`` adds a build of the package installed elsewhere (``pip install
--no-deps --target DIR /path/to/checkout``), run with ``PYTHONPATH=DIR``: the
figures before and after a change, side by side.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

SECONDS_PER_MIB = 1.0
TIMES_THE_FILE = 10.0

_MEASURE = """
import os, sys, time, tracemalloc
from dummybridge.formats.records import load_game, read_record
from dummybridge.core.files import read_utf8
path = sys.argv[1]
import dummybridge.engine.game  # the imports and the rules, out of the figures
from dummybridge.formats.records import record_rules
record_rules(read_record(path, read_utf8(path)), path)
start = time.process_time()
load_game(path)
cpu = time.process_time() - start
tracemalloc.start()
game, record = load_game(path)
held, peak = tracemalloc.get_traced_memory()
print(cpu, peak, held, len(record["actions"]))
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rubbers", type=int, default=100)
    parser.add_argument("--variant", action="append", default=[])
    parser.add_argument("--compare", action="append", default=[], metavar="NAME=DIR")
    parser.add_argument("--compact", action="store_true", help="also the records without spaces")
    args = parser.parse_args()
    variants = args.variant or ["bridge", "auction-bridge"]
    builds = {"installed": dict(os.environ)}
    for item in args.compare:
        name, _, where = item.partition("=")
        builds[name] = {**os.environ, "PYTHONPATH": str(Path(where).resolve())}
    print(
        f"{'variant':>28} {'shape':>8} {'build':>10} {'MiB':>6} {'actions':>8} {'s/MiB':>6}"
        f" {'vs 1s':>6} {'peak/file':>9} {'held/file':>9} {'vs 10x':>7}"
    )
    with tempfile.TemporaryDirectory() as tmp:
        for variant in variants:
            record = Path(tmp) / f"{variant.replace('/', '_')}.json"
            subprocess.run(
                [sys.executable, "-m", "dummybridge", "play", variant, "--rubbers",
                 str(args.rubbers), "--seed", "5", "--record", str(record)],
                check=True,
                stdout=subprocess.DEVNULL,
            )  # fmt: skip
            shapes = {"written": record}
            if args.compact:
                shapes["compact"] = record.with_suffix(".compact.json")
                data = json.loads(record.read_text("utf-8"))
                shapes["compact"].write_text(json.dumps(data, separators=(",", ":")), "utf-8")
            for shape, path in shapes.items():
                _measure(variant, shape, path, builds)
    return 0


def _measure(variant: str, shape: str, record: Path, builds: dict[str, dict[str, str]]) -> None:
    """One record's figures, with each build."""
    mib = record.stat().st_size / 2**20
    for build, env in builds.items():
        done = subprocess.run(
            [sys.executable, "-c", _MEASURE, str(record)],
            check=True,
            capture_output=True,
            text=True,
            env=env,
        )
        cpu, peak, held, actions = (float(x) for x in done.stdout.split())
        size = mib * 2**20
        print(
            f"{variant:>28} {shape:>8} {build:>10} {mib:>6.2f} {int(actions):>8}"
            f" {cpu / mib:>6.2f} {cpu / mib / SECONDS_PER_MIB:>6.2f}"
            f" {peak / size:>9.1f} {held / size:>9.1f}"
            f" {peak / size / TIMES_THE_FILE:>7.2f}"
        )


if __name__ == "__main__":
    sys.exit(main())
