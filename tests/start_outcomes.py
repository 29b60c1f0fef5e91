"""What a Ctrl-C sent at a moment of a command's start gave: one classifier,
shared by tests/test_signals.py (which asserts on it) and
tools/bench_start_signals.py (which counts it), so that the two can never
count the same outcome differently (docs/limits.md: "Signals")."""

from __future__ import annotations

import os
import re
import signal

#: the outcomes that are not a defect of dummybridge
ALLOWED = frozenset({"notice", "done", "before Python's handler", "Python's start-up"})


def _before_our_handler(err: str, package: str) -> bool:
    """Whether every frame of the package in a traceback is a line of its
    ``__init__.py`` no later than the statement that sets the command's
    handler (the first statement that is not an import or a definition)."""
    init = os.path.join(package, "__init__.py")
    with open(init, encoding="utf-8") as f:
        sets = next(
            i for i, line in enumerate(f, 1) if line.startswith("if _started_as_the_command")
        )
    frames = re.findall(r'File "([^"]+)", line (\d+)', err)
    ours = [(path, int(line)) for path, line in frames if path.startswith(package)]
    return bool(ours) and all(path == init and line <= sets for path, line in ours)


def outcome(status: int, err: str, package: str) -> str:
    """What a Ctrl-C at start-up did: the command's notice, the command done
    (the signal came after it ended), ended by the signal before Python set
    its own handler, a traceback of Python's own start-up (no frame in the
    package), or a traceback from inside the package (the defect)."""
    if (status, err) == (130, "dummybridge: interrupted\n"):
        return "notice"
    if status == 0 and not err:
        return "done"
    if status == -signal.SIGINT and not err:
        return "before Python's handler"
    # (Python prints it as a traceback, or, when it came while importlib ran a
    # callback, as 'Exception ignored ... KeyboardInterrupt:' and goes on)
    if err.rstrip().endswith(("KeyboardInterrupt", "KeyboardInterrupt:")) and package not in err:
        return "Python's start-up"
    # (or in the package's own first statements, up to the one that sets its
    # handler: bytecode that runs under Python's handler, as close to the
    # start as Python code can be; seen once in 240 launches)
    if err.rstrip().endswith("KeyboardInterrupt") and _before_our_handler(err, package):
        return "Python's start-up"
    # (or, when it came while Python set up its standard streams, before any
    # module of ours or of the script: 'Fatal Python error: init_sys_streams',
    # the runtime 'core initialized', status 1; seen once in 240 launches)
    if err.startswith("Fatal Python error: ") and "core initialized" in err and package not in err:
        return "Python's start-up"
    return f"{status}: {err}"
