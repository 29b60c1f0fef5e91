"""Ctrl-C and SIGTERM (issue 22 item 5): 'Ctrl-C prints tracebacks. During
simulate --jobs 2, the workers' traceback headers appear every time. In the
first 0.2 s of any command, a full traceback appears'. The brief: "no
traceback reaches a user"; issue 22: "SIGINT and SIGTERM: a clean message and
exit status 130 (or 143) everywhere, including in worker processes".

Real processes, real signals: each test asserts the exact message and status.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time

import pytest

import dummybridge
from dummybridge.apps import toplevel

#: each signal, the exit status a shell gives a program it ended, the word said
EACH_SIGNAL = pytest.mark.parametrize(
    ("signum", "status", "word"),
    [(signal.SIGINT, 130, "interrupted"), (signal.SIGTERM, 143, "terminated")],
)


def _wait_for_line(proc: subprocess.Popen[str]) -> str:
    assert proc.stderr is not None
    return proc.stderr.readline()


@EACH_SIGNAL
def test_a_signal_while_the_command_loads_is_one_line_and_the_shells_status(
    signum: int, status: int, word: str
) -> None:
    """'timeout -s INT 0.1 dummybridge variants' printed a full traceback: the
    signal came while the package was being imported, before main() ran.
    Importing dummybridge as the command sets the handling first thing."""
    code = (
        "import sys; sys.argv[0] = '/usr/bin/dummybridge'\n"
        "import dummybridge.apps.cli, os, time\n"
        f"os.kill(os.getpid(), {int(signum)})\n"
        "time.sleep(60)\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, timeout=60
    )
    assert (proc.returncode, proc.stderr) == (status, f"dummybridge: {word}\n")


def test_a_program_that_imports_dummybridge_keeps_its_own_signals() -> None:
    """Only the command changes the handling: a library import leaves it."""
    assert sys.argv[0] != "dummybridge"
    assert signal.getsignal(signal.SIGTERM) is not dummybridge._quit_on_signal
    assert signal.getsignal(signal.SIGINT) is not dummybridge._quit_on_signal


@EACH_SIGNAL
def test_a_command_adds_its_own_line_to_the_notice(
    signum: int, status: int, word: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The general mechanism: a command says what to do next (how to resume)
    with on_interrupt(); the signal came inside the block, the notice is
    printed after the block was left."""
    left = []

    def command() -> int:
        try:
            with toplevel.on_interrupt("resume it with: dummybridge resume game.json"):
                os.kill(os.getpid(), signum)
                time.sleep(30)
        finally:
            left.append(True)  # what tidies up on Ctrl-C runs on SIGTERM too
        return 0

    assert toplevel.run(command) == status
    assert left == [True]
    assert capsys.readouterr().err == (
        f"dummybridge: {word}\nresume it with: dummybridge resume game.json\n"
    )
    assert signal.getsignal(signal.SIGINT) is not toplevel._raise  # put back


def _group_is_gone(pgid: int, within: float = 30.0) -> bool:
    """Whether no process of the group ``pgid`` is left (waiting up to ``within`` s)."""
    deadline = time.monotonic() + within
    while True:
        try:
            os.killpg(pgid, 0)
        except ProcessLookupError:
            return True
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)


def _simulate(*args: str, code: str | None = None) -> subprocess.Popen[str]:
    """``dummybridge simulate ARGS`` in a process group of its own."""
    command = [sys.executable, "-m", "dummybridge", "simulate", *args]
    if code is not None:
        command = [sys.executable, "-c", code, "simulate", *args]
    return subprocess.Popen(
        command,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )


def _signal_and_wait(proc: subprocess.Popen[str], signum: int) -> tuple[int, list[str], bool]:
    """Send ``signum`` to the whole group; the status, the lines that are not
    progress, and whether the group is then empty (no worker left behind)."""
    try:
        os.killpg(proc.pid, signum)
        _, rest = proc.communicate(timeout=60)
        gone = _group_is_gone(proc.pid, within=0)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    lines = [line for line in rest.splitlines() if not line.startswith("simulate: ")]
    return proc.returncode, lines, gone


@EACH_SIGNAL
@pytest.mark.parametrize("laws", [(), ("--laws",)], ids=["plain", "laws"])
def test_simulate_with_two_workers_stops_cleanly_when_signalled(
    signum: int, status: int, word: str, laws: tuple[str, ...]
) -> None:
    """Ctrl-C at a terminal, and SIGTERM from a service manager or a batch
    system, reach the whole process group: the parent and both workers. The
    workers printed 'Process ForkPoolWorker-1:' and a traceback each; the
    parent is left the only one to act, and it leaves no worker behind."""
    proc = _simulate("--rubbers", "100000", "--jobs", "2", *laws)
    first = _wait_for_line(proc)  # the first rubber is back: the workers are at work
    assert first.startswith("simulate: 1/100000 rubbers, "), first  # then its rate, time left
    assert _signal_and_wait(proc, signum) == (status, [f"dummybridge: {word}"], True)


#: simulate whose rubber 2 takes a minute: with 3 rubbers on 2 workers, once
#: two are back one worker plays rubber 2 and the other waits for work
SLOW_LAST_RUBBER = """
import sys, time
import dummybridge.apps.simulate as simulate
real = simulate.play_rubber
def play_rubber(rules, index, *rest):
    if index == 2:
        time.sleep(60)
    return real(rules, index, *rest)
simulate.play_rubber = play_rubber
from dummybridge.apps.cli import main
sys.exit(main())
"""


@EACH_SIGNAL
def test_a_signal_to_the_group_while_a_worker_waits_for_work_ends_the_run(
    signum: int, status: int, word: str
) -> None:
    """Issue 22: 'SIGTERM to the whole process group during simulate --jobs N
    can hang'. A Pool's idle worker waits holding the lock of its task queue;
    SIGTERM ended it with the lock held and Pool.terminate waited on it for
    ever (every time, in this very run). Each worker now has its own pipe and
    leaves both signals to its parent, which kills it."""
    proc = _simulate("--rubbers", "3", "--jobs", "2", code=SLOW_LAST_RUBBER)
    assert proc.stderr is not None
    for line in proc.stderr:  # until two rubbers are back: one worker is idle
        if line.startswith("simulate: 2/3 rubbers"):
            break
    time.sleep(0.2)  # the idle worker is waiting for work again
    assert _signal_and_wait(proc, signum) == (status, [f"dummybridge: {word}"], True)


def test_the_workers_of_a_parent_killed_outright_end_too() -> None:
    """SIGKILL to the parent alone (the kernel's out-of-memory killer): its
    workers, which ignore SIGINT and SIGTERM, see that it is gone and end
    (within workers.ORPHAN_CHECK_SECONDS of finishing the rubbers they
    hold) instead of waiting for work for ever."""
    proc = _simulate("--rubbers", "100000", "--jobs", "2")
    _wait_for_line(proc)  # the workers are at work
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    try:
        assert _group_is_gone(proc.pid, within=120)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGKILL)
