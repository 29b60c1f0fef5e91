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
        [--compact] [--laws] [--export [--repeat N]] [--compare NAME=DIR ...]

``--laws`` measures records of laws mode instead, played with
irregularities (``play --laws --irregularities 0.05``: every action of them
in Python, the costliest to replay). ``--export`` measures ``dummybridge
export`` (PBN) instead: ``read`` is the record's reading alone, ``command``
the whole command, ``dummybridge export RECORD -o FILE`` run in the process
(``cli.main``: reading, export and writing, as a user runs it), ``export``
the difference, the export's own cost (with ``--repeat N``, the least of N
runs of each in the process: the code's cost, less a loaded machine's
noise); ``peak`` is the command's
(tracemalloc), ``export peak`` that of ``export_pbn`` alone (its text
returned whole), the game read before. ``--variant all`` measures every
built-in variant but the house rules.

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

_BUILT_IN = (
    *("bridge", "auction-bridge", "auction-bridge-1908", "double-dummy", "dummy-bridge"),
    *("dummy-bridge-eb1911", "three-handed", "three-handed-elwell"),
)
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

_MEASURE_EXPORT = """
import sys, time, tracemalloc
from dummybridge.core.files import read_utf8
from dummybridge.formats import pbn
from dummybridge.formats.records import load_game, read_record, record_rules
from dummybridge.apps.cli import main
path = sys.argv[1]
out = path + ".pbn"
record_rules(read_record(path, read_utf8(path)), path)
pbn.export_pbn(load_game(path)[0], board=1)  # the imports and the rules, out of the figures
def command():
    assert main(["export", path, "-o", out]) == 0
command()
repeat = int(sys.argv[2])
read = both = float("inf")
for _ in range(repeat):  # the least of each: what the code costs, less the machine's load
    start = time.process_time()
    game = load_game(path)[0]
    read = min(read, time.process_time() - start)
    start = time.process_time()
    command()
    both = min(both, time.process_time() - start)
tracemalloc.start()
command()
peak = tracemalloc.get_traced_memory()[1]
tracemalloc.reset_peak()
held = tracemalloc.get_traced_memory()[0]
pbn.export_pbn(game)
alone = tracemalloc.get_traced_memory()[1] - held
print(read, both, peak, alone, len(game.actions))
"""


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rubbers", type=int, default=100)
    parser.add_argument("--variant", action="append", default=[])
    parser.add_argument("--compare", action="append", default=[], metavar="NAME=DIR")
    parser.add_argument("--compact", action="store_true", help="also the records without spaces")
    parser.add_argument("--laws", action="store_true", help="records of laws mode, irregular")
    parser.add_argument("--export", action="store_true", help="measure the PBN export")
    parser.add_argument(
        "--repeat",
        type=int,
        default=1,
        help="with --export: run the reading and the command this many times in "
        "each process, and print the least CPU time of each (a loaded machine)",
    )
    args = parser.parse_args()
    variants = args.variant or ["bridge", "auction-bridge"]
    if variants == ["all"]:
        variants = [*_BUILT_IN]
    builds = {"installed": dict(os.environ)}
    for item in args.compare:
        name, _, where = item.partition("=")
        builds[name] = {**os.environ, "PYTHONPATH": str(Path(where).resolve())}
    if args.export:
        print(
            f"{'variant':>28} {'shape':>8} {'build':>10} {'MiB':>6} {'actions':>8}"
            f" {'read':>5} {'export':>6} {'command':>7} {'vs 1s':>6} {'peak':>5}"
            f" {'vs 10x':>6} {'export peak':>11}   (s/MiB of CPU; peaks x the file;"
            " vs: the command's)"
        )
    else:
        print(
            f"{'variant':>28} {'shape':>8} {'build':>10} {'MiB':>6} {'actions':>8} {'s/MiB':>6}"
            f" {'vs 1s':>6} {'peak/file':>9} {'held/file':>9} {'vs 10x':>7}"
        )
    with tempfile.TemporaryDirectory() as tmp:
        for variant in variants:
            record = Path(tmp) / f"{variant.replace('/', '_')}.json"
            subprocess.run(
                [sys.executable, "-m", "dummybridge", "play", variant, "--rubbers",
                 str(args.rubbers), "--seed", "5", "--record", str(record),
                 *(["--laws", "--irregularities", "0.05"] if args.laws else [])],
                check=True,
                stdout=subprocess.DEVNULL,
            )  # fmt: skip
            shapes = {"written": record}
            if args.compact:
                shapes["compact"] = record.with_suffix(".compact.json")
                data = json.loads(record.read_text("utf-8"))
                shapes["compact"].write_text(json.dumps(data, separators=(",", ":")), "utf-8")
            for shape, path in shapes.items():
                if args.export:
                    _measure_export(variant, shape, path, builds, args.repeat)
                else:
                    _measure(variant, shape, path, builds)
    return 0


def _figures(script: str, record: Path, env: dict[str, str], *more: str) -> list[float]:
    """What ``script`` prints for ``record`` in a fresh process of a build."""
    done = subprocess.run(
        [sys.executable, "-c", script, str(record), *more],
        check=True,
        capture_output=True,
        text=True,
        env=env,
    )
    return [float(x) for x in done.stdout.split()]


def _measure(variant: str, shape: str, record: Path, builds: dict[str, dict[str, str]]) -> None:
    """One record's figures, with each build."""
    mib = record.stat().st_size / 2**20
    for build, env in builds.items():
        cpu, peak, held, actions = _figures(_MEASURE, record, env)
        size = mib * 2**20
        print(
            f"{variant:>28} {shape:>8} {build:>10} {mib:>6.2f} {int(actions):>8}"
            f" {cpu / mib:>6.2f} {cpu / mib / SECONDS_PER_MIB:>6.2f}"
            f" {peak / size:>9.1f} {held / size:>9.1f}"
            f" {peak / size / TIMES_THE_FILE:>7.2f}"
        )


def _measure_export(
    variant: str, shape: str, record: Path, builds: dict[str, dict[str, str]], repeat: int
) -> None:
    """One record's export figures, with each build."""
    mib = record.stat().st_size / 2**20
    size = mib * 2**20
    for build, env in builds.items():
        read, both, peak, alone, actions = _figures(_MEASURE_EXPORT, record, env, str(repeat))
        print(
            f"{variant:>28} {shape:>8} {build:>10} {mib:>6.2f} {int(actions):>8}"
            f" {read / mib:>5.2f} {(both - read) / mib:>6.2f} {both / mib:>7.2f}"
            f" {both / mib / SECONDS_PER_MIB:>6.2f} {peak / size:>5.1f}"
            f" {peak / size / TIMES_THE_FILE:>6.2f} {alone / size:>11.1f}"
        )


if __name__ == "__main__":
    sys.exit(main())
