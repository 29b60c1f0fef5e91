"""The top of the command line: every failure one message, every signal an exit status.

:func:`run` runs a command (``cli.main`` gives it the parsed command) and
turns whatever escapes it into a message on standard error and an exit status,
never a traceback:

- a :class:`~dummybridge.errors.DummyBridgeError`: its message (a rule file's
  or a data file's is already located, ``FILE:LINE:COL: error: ...``), exit 1;
- an :class:`OSError` (a file that cannot be opened or written): its reason
  and the file's name (cut to :data:`~dummybridge.core.files.MAX_NAME_CHARS`), exit 1;
- Ctrl-C (SIGINT) and SIGTERM: ``dummybridge: interrupted`` or
  ``dummybridge: terminated``, then the lines the command asked for with
  :func:`on_interrupt` (how to resume a game ...), exit 130 or 143, the status
  a shell gives a program the signal ended;
- anything else: ``dummybridge: internal error: ...``, exit 70 (a bug: set
  ``DUMMYBRIDGE_DEBUG=1`` to see the traceback).

While :func:`run` runs, SIGTERM raises :class:`Terminated`, a kind of
:class:`KeyboardInterrupt`, so that the code that tidies up on Ctrl-C (a
``finally`` removing a temporary file, the terminal saving the game) does the
same on SIGTERM. Before :func:`run` starts, while the program loads,
``dummybridge/__init__.py`` has both signals end the program with the same one
line and status. Worker processes leave both to their parent, which ends
them (:mod:`.workers`).
"""

from __future__ import annotations

import argparse
import os
import signal
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from types import FrameType
from typing import Any, NoReturn

from ..core.files import clip
from ..errors import DummyBridgeError, FileFormatError, RuleFileError

__all__ = [
    "EXIT_ERROR",
    "EXIT_INTERNAL",
    "EXIT_OK",
    "EXIT_SIGINT",
    "EXIT_SIGTERM",
    "MAX_MESSAGE_CHARS",
    "REDELIVER_SECONDS",
    "Parser",
    "Terminated",
    "on_interrupt",
    "run",
]

EXIT_OK = 0
EXIT_ERROR = 1
EXIT_INTERNAL = 70
EXIT_SIGINT = 128 + signal.SIGINT
EXIT_SIGTERM = 128 + signal.SIGTERM

MAX_MESSAGE_CHARS = 1000
"""The longest line of an error message printed: a longer one (input echoed
at length somewhere not cut to :data:`~dummybridge.core.files.MAX_NAME_CHARS`)
is cut in the middle."""

_SIGNALS = (signal.SIGINT, signal.SIGTERM)

_hints: list[str] = []
"""What the commands running now asked to be said on an interrupt (innermost last)."""
_hints_when_caught: list[str] = []


class Terminated(KeyboardInterrupt):
    """SIGTERM, while :func:`run` runs a command."""


@contextmanager
def on_interrupt(message: str) -> Iterator[None]:
    """While in the block, Ctrl-C or SIGTERM print ``message`` after the
    one-line notice (``dummybridge: interrupted``), on its own line."""
    _hints.append(message)
    try:
        yield
    finally:
        _hints.remove(message)


def _raise(signum: int, _frame: FrameType | None) -> None:
    _hints_when_caught[:] = _hints  # the blocks are left before run() reports
    if signum == signal.SIGTERM:
        raise Terminated
    raise KeyboardInterrupt


REDELIVER_SECONDS = 0.001
"""How long after an interrupt Python could not raise (it came while a
weakref's callback or a ``__del__`` ran) it is raised again."""


def _unraisable(unraisable: Any) -> None:
    """Ctrl-C or SIGTERM that came while Python ran code that may not raise
    (a weakref's callback, importlib's among them, or a ``__del__``): Python
    would print it as 'Exception ignored' and go on. It is raised again a
    moment later, in the command's own code."""
    interrupt = unraisable.exc_value
    if not isinstance(interrupt, KeyboardInterrupt) or not hasattr(signal, "setitimer"):
        sys.__unraisablehook__(unraisable)
        return
    again = signal.SIGTERM if isinstance(interrupt, Terminated) else signal.SIGINT
    _alarm.setdefault("previous", signal.signal(signal.SIGALRM, lambda _s, f: _raise(again, f)))
    signal.setitimer(signal.ITIMER_REAL, REDELIVER_SECONDS)


_alarm: dict[str, Any] = {}
"""SIGALRM's handler before :func:`_unraisable` took it, while it has it."""


def run(command: Callable[[], int]) -> int:
    """Run ``command`` with the handling above; its exit status, or the failure's."""
    previous: dict[signal.Signals, Any] = {}
    hook = sys.unraisablehook
    try:
        try:
            try:
                for signum in _SIGNALS:
                    previous[signum] = signal.signal(signum, _raise)
            except ValueError:  # not the main thread (a test calling main): signals stay
                pass
            if previous:
                sys.unraisablehook = _unraisable
            return _guarded(command)
        except KeyboardInterrupt as interrupt:  # also one that came while reporting
            return _interrupted(interrupt)
        finally:
            _restore(previous, hook)
    except KeyboardInterrupt as interrupt:
        # It came (or an interrupt raised again came due) as the command ended,
        # before _restore held the signals: reported like any other, and the
        # handlers put back (a traceback once in 240 launches before).
        try:
            return _interrupted(interrupt)
        finally:
            _restore(previous, hook)


def _restore(previous: dict[signal.Signals, Any], hook: Any) -> None:
    """Put back the handlers :func:`run` replaced, with the signals held
    meanwhile: one that comes now goes to the handler put back (the command's
    notice, or the caller's), never to :func:`_raise` outside ``run``'s try."""
    held = (*_SIGNALS, signal.SIGALRM)
    blocking = previous and hasattr(signal, "pthread_sigmask")
    if blocking:
        signal.pthread_sigmask(signal.SIG_BLOCK, held)
    try:
        sys.unraisablehook = hook
        if _alarm:  # an interrupt was raised again: the alarm is no longer needed
            signal.setitimer(signal.ITIMER_REAL, 0)
            if blocking and signal.SIGALRM in signal.sigpending():
                signal.sigtimedwait([signal.SIGALRM], 0)  # the alarm already due: dropped
            signal.signal(signal.SIGALRM, _alarm.pop("previous"))
        for signum, handler in previous.items():
            signal.signal(signum, handler)
    finally:
        if blocking:
            signal.pthread_sigmask(signal.SIG_UNBLOCK, held)


def _guarded(command: Callable[[], int]) -> int:
    try:
        return int(command())
    except (RuleFileError, FileFormatError) as exc:
        _say(str(exc))
    except DummyBridgeError as exc:
        _say(f"dummybridge: error: {exc}")
    except BrokenPipeError:
        # The reader went away (``dummybridge play | head``): stop quietly.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_OK
    except OSError as exc:
        where = clip(os.fsdecode(exc.filename)) if exc.filename is not None else ""
        _say(f"dummybridge: error: {exc.strerror or exc}: {where}".rstrip(": "))
    except (KeyboardInterrupt, SystemExit):
        raise
    except Exception as exc:
        interrupt = _interrupt_within(exc)
        if interrupt is not None:  # Ctrl-C came in code that wraps what it raises
            raise interrupt from None
        if os.environ.get("DUMMYBRIDGE_DEBUG"):
            raise
        _say(f"dummybridge: internal error: {type(exc).__name__}: {clip(str(exc), 500)}")
        return EXIT_INTERNAL
    return EXIT_ERROR


def _interrupt_within(exc: BaseException) -> KeyboardInterrupt | None:
    """The interrupt that caused ``exc``, if one did: Python turns one raised
    while a class is made (in ``__set_name__``) into a RuntimeError."""
    seen: set[int] = set()
    cause: BaseException | None = exc
    while cause is not None and id(cause) not in seen:
        if isinstance(cause, KeyboardInterrupt):
            return cause
        seen.add(id(cause))
        cause = cause.__cause__ or cause.__context__
    return None


def _interrupted(interrupt: KeyboardInterrupt) -> int:
    for signum in _SIGNALS:  # a second Ctrl-C while saying so is not another traceback
        signal.signal(signum, signal.SIG_IGN)
    terminated = isinstance(interrupt, Terminated)
    lines = ["dummybridge: terminated" if terminated else "dummybridge: interrupted"]
    lines += _hints_when_caught or _hints
    _hints_when_caught.clear()
    _say("\n".join(lines))
    return EXIT_SIGTERM if terminated else EXIT_SIGINT


def _say(text: str) -> None:
    """One message on standard error; nothing if standard error is gone."""
    text = "\n".join(clip(line, MAX_MESSAGE_CHARS) for line in text.split("\n"))
    with suppress(OSError, ValueError):
        print(text, file=sys.stderr, flush=True)


def _ascii_int(text: str) -> int:
    """An integer argument: ASCII digits only (Python's ``int`` reads ``٣`` as 3)."""
    if not text.isascii():
        raise ValueError(text)
    return int(text)


_ascii_int.__name__ = "int"  # argparse says "invalid int value: ..."


class Parser(argparse.ArgumentParser):
    """The command line's parser: ``type=int`` takes ASCII digits only, and a
    usage error repeats at most :data:`MAX_MESSAGE_CHARS` of what was typed."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.register("type", int, _ascii_int)

    def error(self, message: str) -> NoReturn:
        super().error(clip(message, MAX_MESSAGE_CHARS))
