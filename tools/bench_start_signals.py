#!/usr/bin/env python3
"""Benchmark: Ctrl-C at every moment of a command's start, and what it gives.

Starts ``dummybridge variants`` many times, in both forms (pip's
``dummybridge`` script and ``python -m dummybridge``), and sends SIGINT to
each at a moment spread evenly over the first ``--span`` milliseconds,
interleaving the forms (and the builds compared) so that the machine's load
falls on all alike. Each outcome is counted as ``tests/start_outcomes.py``
classifies it, the classifier tests/test_signals.py asserts on, so that the
two count alike:

- ``notice``: ``dummybridge: interrupted`` and exit status 130 (the aim);
- ``done``: the command had finished (exit 0);
- ``before Python's handler``: ended by SIGINT before Python set its own
  handler (status -2, nothing printed; a shell says 130 too);
- ``Python's start-up``: a traceback of Python's own start-up, in which no
  frame is dummybridge's (``site``, ``runpy``, the script's ``import re``), or
  its 'Exception ignored' when the signal came while importlib ran a callback;
  a traceback whose only frames of ours are the package's first statements,
  before the one that sets its handler; or Python's fatal error while it sets
  up its standard streams (docs/limits.md says why none of these can be
  closed by Python code);
- ``DEFECT``: anything else (a traceback through dummybridge's code, exit 70,
  an interrupted command that ended by SIGINT instead of exit 130).

It also prints the moments (ms after the start) of the last outcome before
the notice (the window that remains) and of the first notice. This is a
benchmark, not a test: it prints figures and exits 0.

    python tools/bench_start_signals.py [--launches 60] [--span 120]
        [--compare NAME=DIR ...]

``--compare`` adds a build of the package installed elsewhere (``pip install
--no-deps --target DIR /path/to/checkout``), run with this Python and
``PYTHONPATH=DIR``: the figures before and after a change, side by side.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

# the classifier the tests assert on (tests/ is not a package: it is imported
# from its folder, as pytest does)
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from start_outcomes import ALLOWED, outcome

#: pip's console-script template (pip 23): the lines before the package loads
SCRIPT = """\
#!{python}
# -*- coding: utf-8 -*-
import re
import sys
from dummybridge.apps.cli import main
if __name__ == '__main__':
    sys.argv[0] = re.sub(r'(-script\\.pyw|\\.exe)?$', '', sys.argv[0])
    sys.exit(main())
"""


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _launch(command: list[str], env: dict[str, str], package: str, delay: float) -> tuple[str, str]:
    proc = subprocess.Popen(
        command,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        preexec_fn=_default_sigint,  # not ignored, as in a background job
    )
    time.sleep(delay)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate()
    seen = outcome(proc.returncode, err, package)
    return (seen if seen in ALLOWED else "DEFECT"), f"status {proc.returncode}: {err}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--launches", type=int, default=60, help="of each form and build")
    parser.add_argument("--span", type=float, default=120.0, help="ms over which to signal")
    parser.add_argument("--compare", action="append", default=[], metavar="NAME=DIR")
    args = parser.parse_args()
    spec = importlib.util.find_spec("dummybridge")
    if spec is None or spec.origin is None:
        sys.exit("bench_start_signals: dummybridge is not installed in this Python")
    # each build: its environment and its package's folder (for the classifier)
    builds = {"installed": (dict(os.environ), os.path.dirname(spec.origin))}
    for item in args.compare:
        name, _, where = item.partition("=")
        root = Path(where).resolve()
        builds[name] = ({**os.environ, "PYTHONPATH": str(root)}, str(root / "dummybridge"))
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "dummybridge"
        script.write_text(SCRIPT.format(python=sys.executable))
        script.chmod(0o755)
        forms = {
            "script": [str(script), "variants"],
            "-m": [sys.executable, "-m", "dummybridge", "variants"],
        }
        seen: dict[tuple[str, str], Counter[str]] = {}
        last_early: dict[tuple[str, str], float] = {}
        first_notice: dict[tuple[str, str], float] = {}
        for i in range(args.launches):
            delay = args.span * i / args.launches
            for build, (env, package) in builds.items():
                for form, command in forms.items():
                    key = (build, form)
                    kind, said = _launch(command, env, package, delay / 1000)
                    if kind == "DEFECT":
                        print(f"{build} {form} at {delay:.1f} ms: {said}", file=sys.stderr)
                    seen.setdefault(key, Counter())[kind] += 1
                    if kind not in ("notice", "done"):
                        last_early[key] = max(last_early.get(key, 0.0), delay)
                    if kind == "notice":
                        first_notice.setdefault(key, delay)
    kinds = ["notice", "done", "before Python's handler", "Python's start-up", "DEFECT"]
    widths = [max(12, len(k)) for k in kinds]
    print(
        f"{'build':>12} {'form':>7} "
        + " ".join(f"{k:>{w}}" for k, w in zip(kinds, widths, strict=True)),
        end="",
    )
    print(f" {'last other ms':>14} {'first notice ms':>16}")
    for (build, form), counts in seen.items():
        row = " ".join(f"{counts.get(k, 0):>{w}}" for k, w in zip(kinds, widths, strict=True))
        last = last_early.get((build, form))
        first = first_notice.get((build, form))
        print(
            f"{build:>12} {form:>7} {row} {'-' if last is None else f'{last:.1f}':>14}"
            f" {'-' if first is None else f'{first:.1f}':>16}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
