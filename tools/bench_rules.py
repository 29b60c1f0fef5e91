#!/usr/bin/env python3
"""Benchmark: reading and checking a rule file, its memory and time against
the targets of issue 22 (**under 10 times the file in memory, and a second per
MiB**).

For each input, in a fresh process (the imports and one built-in rule file's
check done first, out of the figures), it measures two things:

- ``read``: the strict YAML reader alone (``yamlsrc.read_tree``: the file
  read, decoded and parsed into values with where each was written);
- ``validate``: what ``dummybridge validate FILE`` does (``loader.validate``:
  the reading of the ``extends:`` chain, the merge, the schema and the
  semantic checks, and the diagnostics made);

each as CPU seconds per MiB of the file (the least of ``--repeat`` runs) and
tracemalloc's peak as a multiple of the file's size, beside the targets;
``validate`` also per MiB and as a multiple of the ``extends:`` chain's
files together (``chain``: what it reads; a house rule of 500 bytes reads
Bridge's 17 kB too), and how far its peak is over 10 times the chain (the
``N`` of docs/limits.md's "under 10 times the files plus N KiB").
The inputs: the built-in rule files (the house rules too), a large realistic
house-rule file (generated: a variant written out in full with many sources,
notes in comments and citations), and adversarial files just under the limit
(``core.files.MAX_RULE_FILE_BYTES``): a mapping of many short lists, a long
flow list of distinct short scalars, nesting as deep as allowed again and
again, long strings, many keys, and thousands of distinct two-character
values. This is a benchmark, not a test: it prints figures and exits 0.

    python tools/bench_rules.py [--repeat 3] [--only NAME ...] [--compare NAME=DIR ...]

``--compare`` adds a build of the package installed elsewhere (``pip install
--no-deps --target DIR /path/to/checkout``), run with ``PYTHONPATH=DIR``: the
figures before and after a change, side by side in one run.
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
LIMIT = 256 * 2**10
_RULES = Path(__file__).resolve().parent.parent / "rules"

_MEASURE = """
import sys, time, tracemalloc
from pathlib import Path
from dummybridge.language import loader, yamlsrc
path, repeat = Path(sys.argv[1]), int(sys.argv[2])
loader.validate("bridge")  # the imports and the schema, out of the figures
out = []
for name, run in (
    ("read", lambda: yamlsrc.read_tree(path, 0)),
    ("validate", lambda: loader.validate(path)),
):
    best = None
    for _ in range(repeat):
        start = time.process_time()
        result = run()
        cpu = time.process_time() - start
        best = cpu if best is None else min(best, cpu)
    del result
    tracemalloc.start()
    result = run()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    problems = len(result) if name == "validate" else len(result[1])
    del result
    out += [best, peak, problems]
chain = loader._Load(False)  # the files of the extends: chain, for their size
chain.read(chain.resolve_source(path))
out.append(sum(f.path.stat().st_size for f in chain.files))
print(*out)
"""


def _fill(head: str, item: object, limit: int = LIMIT - 64, tail: str = "") -> str:
    """``head`` then ``item(i)`` for i = 0, 1 ... while the text stays under ``limit`` bytes."""
    parts, size, i = [head], len(head.encode()) + len(tail.encode()), 0
    while True:
        piece = item(i)  # type: ignore[operator]
        size += len(piece.encode())
        if size > limit:
            return "".join(parts) + tail
        parts.append(piece)
        i += 1


def _house_rules() -> str:
    """A large house-rule file as a user might write it: Bridge written out in
    full, with many sources, citations and comments (valid)."""
    bridge = (_RULES / "bridge.yaml").read_text(encoding="utf-8")
    bridge = bridge.replace("name: bridge\n", "name: club-bridge\n", 1)
    bridge = bridge.replace("aliases: [bridge-whist, whist-bridge, ordinary-bridge]\n", "")
    head, rest = bridge.split("sources:\n", 1)

    def source(i: int) -> str:
        return (
            f"  # Source {i}: the club's copy, annotated by the committee in {1900 + i % 15}.\n"
            f'  CLUB{i:05d}: "The Club Committee, Laws of Bridge as played at the club, '
            f'edition {i}, p. {i % 300 + 1}"\n'
        )

    return _fill(head + "sources:\n", source, LIMIT - 64 - len(rest), rest)


def _inputs() -> dict[str, str]:
    """The generated inputs: name -> text."""
    return {
        "house rules (large, valid)": _house_rules(),
        "mapping of short lists": _fill("dummybridge: 1\n", lambda i: f"k{i:05d}: [a, b]\n"),
        "flow list of distinct scalars": _fill(
            "dummybridge: 1\naliases: [", lambda i: f"a{i:x}, ", tail="z]\n"
        ),
        "deep nesting, again and again": _fill(
            "dummybridge: 1\n",
            lambda i: f"d{i}: " + "{a: " * 49 + "1" + "}" * 49 + "\n",
        ),
        "long strings": _fill(
            "dummybridge: 1\nsources:\n", lambda i: f'  S{i}: "{"x" * 2000} {i}"\n'
        ),
        "many keys": _fill("dummybridge: 1\nsources:\n", lambda i: f"  K{i}: c\n"),
        "unknown keys, under the value limit": _fill(
            "dummybridge: 1\n", lambda i: f"k{i:04d}: [a, b]\n", limit=3_300 * 14
        ),
        "nested mappings, under the value limit": _fill(
            "dummybridge: 1\n",
            lambda i: f"d{i}: " + "{a: " * 49 + "1" + "}" * 49 + "\n",
            limit=199 * 253,
        ),
        "nested lists, under the value limit": _fill(
            "dummybridge: 1\n",
            lambda i: f"l{i}: " + "[" * 49 + "]" * 49 + "\n",
            limit=202 * 106,
        ),
        "wrong values, under the value limit": _fill(
            "dummybridge: 1\nsources:\n", lambda i: f"  S{i:04d}: 1\n", limit=9_900 * 10
        ),
        "distinct 2-character values": _fill(
            "dummybridge: 1\nsources:\n  L: [",
            lambda i: f"{chr(0x4E00 + i // 64)}{chr(0x4E00 + i % 64)},",
            tail="z]\n",
        ),
    }


def _measure(path: Path, repeat: int, pythonpath: str | None) -> list[float]:
    env = dict(os.environ)
    if pythonpath is not None:
        env["PYTHONPATH"] = pythonpath
    out = subprocess.run(
        [sys.executable, "-c", _MEASURE, str(path), str(repeat)],
        capture_output=True, text=True, env=env, check=True,
    ).stdout  # fmt: skip
    return [float(x) for x in out.split()]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--only", action="append", default=[], help="inputs whose name has this")
    parser.add_argument("--compare", action="append", default=[], metavar="NAME=DIR")
    args = parser.parse_args()
    builds: list[tuple[str, str | None]] = [("this", None)]
    builds += [tuple(c.split("=", 1)) for c in args.compare]
    with tempfile.TemporaryDirectory() as tmp:
        files = sorted(_RULES.glob("*.yaml")) + sorted((_RULES / "house").glob("*.yaml"))
        for name, text in _inputs().items():
            path = Path(tmp) / (name.split(" (")[0].replace(" ", "-") + ".yaml")
            path.write_text(text, encoding="utf-8")
            files.append(path)
        chosen = [f for f in files if not args.only or any(o in f.name for o in args.only)]
        print(f"targets: {SECONDS_PER_MIB} s/MiB, {TIMES_THE_FILE:g} times the file")
        print(
            f"{'input':34} {'bytes':>7} {'build':>6} | {'read s/MiB':>10} {'peak/size':>9}"
            f" | {'validate s/MiB':>14} {'peak/size':>9} {'problems':>8}"
            f" | {'chain':>7} {'s/MiB':>6} {'peak/size':>9} {'over 10x KiB':>12}"
        )
        for path in chosen:
            size = path.stat().st_size
            for build, where in builds:
                figures = _measure(path, args.repeat, where)
                r_cpu, r_peak, _, v_cpu, v_peak, v_problems, chain = figures
                mib, chain_mib = size / 2**20, chain / 2**20
                print(
                    f"{path.name[:34]:34} {size:7d} {build:>6} | {r_cpu / mib:10.2f}"
                    f" {r_peak / size:9.1f} | {v_cpu / mib:14.2f} {v_peak / size:9.1f}"
                    f" {int(v_problems):8d} | {int(chain):7d} {v_cpu / chain_mib:6.2f}"
                    f" {v_peak / chain:9.1f} {max(0.0, v_peak - 10 * chain) / 1024:12.0f}",
                    flush=True,
                )
    return 0


if __name__ == "__main__":
    sys.exit(main())
