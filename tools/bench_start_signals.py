#!/usr/bin/env python3
"""Benchmark: Ctrl-C at every moment of a command's start, and what it gives.

Starts ``dummybridge variants`` many times, in both forms (pip's
``dummybridge`` script and ``python -m dummybridge``), and sends SIGINT to
each at a moment spread evenly over the first ``--span`` milliseconds,
interleaving the forms (and the builds compared) so that the machine's load
falls on all alike. Each outcome is counted as one of:

- ``notice``: ``dummybridge: interrupted`` and exit status 130 (the aim);
- ``done``: the command had finished (exit 0);
- ``killed early``: ended by SIGINT before Python set its own handler
  (status -2, nothing printed; a shell says 130 too);
- ``python start``: a traceback of Python's own start-up, in which no frame
  is dummybridge's (``site``, ``runpy``, the script's ``import re``), or its
  'Exception ignored' when the signal came while importlib ran a callback
  (Python then goes on, and the command runs to its end);
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
import os
import signal
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

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


def _outcome(status: int, err: str) -> str:
    if (status, err) == (130, "dummybridge: interrupted\n"):
        return "notice"
    if status == 0 and not err:
        return "done"
    if status == -signal.SIGINT and not err:
        return "killed early"
    package = os.sep + "dummybridge" + os.sep  # a frame in the package, not the script
    if err.rstrip().endswith(("KeyboardInterrupt", "KeyboardInterrupt:")) and package not in err:
        return "python start"
    return "DEFECT"


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def _launch(command: list[str], env: dict[str, str], delay: float) -> tuple[str, str]:
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
    return _outcome(proc.returncode, err), f"status {proc.returncode}: {err}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--launches", type=int, default=60, help="of each form and build")
    parser.add_argument("--span", type=float, default=120.0, help="ms over which to signal")
    parser.add_argument("--compare", action="append", default=[], metavar="NAME=DIR")
    args = parser.parse_args()
    builds = {"installed": dict(os.environ)}
    for item in args.compare:
        name, _, where = item.partition("=")
        builds[name] = {**os.environ, "PYTHONPATH": str(Path(where).resolve())}
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
            for build, env in builds.items():
                for form, command in forms.items():
                    key = (build, form)
                    outcome, said = _launch(command, env, delay / 1000)
                    if outcome == "DEFECT":
                        print(f"{build} {form} at {delay:.1f} ms: {said}", file=sys.stderr)
                    seen.setdefault(key, Counter())[outcome] += 1
                    if outcome in ("killed early", "python start", "DEFECT"):
                        last_early[key] = max(last_early.get(key, 0.0), delay)
                    if outcome == "notice":
                        first_notice.setdefault(key, delay)
    kinds = ["notice", "done", "killed early", "python start", "DEFECT"]
    print(f"{'build':>12} {'form':>7} " + " ".join(f"{k:>12}" for k in kinds), end="")
    print(f" {'last other ms':>14} {'first notice ms':>16}")
    for (build, form), counts in seen.items():
        row = " ".join(f"{counts.get(k, 0):>12}" for k in kinds)
        last = last_early.get((build, form))
        first = first_notice.get((build, form))
        print(
            f"{build:>12} {form:>7} {row} {'-' if last is None else f'{last:.1f}':>14}"
            f" {'-' if first is None else f'{first:.1f}':>16}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
