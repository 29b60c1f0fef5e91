"""Worker processes (``simulate --jobs N``, with or without ``--laws``): a map
in order that no signal can leave waiting and that leaves no process behind.

multiprocessing's ``Pool`` shares one lock among its workers to read its
task queue, and an idle worker waits holding it. SIGTERM sent to the whole
process group (``kill -TERM -PGID``, how a service manager or a batch system
stops a program) ended such a worker with the lock held, and the parent's
``Pool.terminate`` then waited on that lock for ever.

Here each worker has a pipe of its own and shares no lock with the others or
with its parent. A worker ignores SIGINT and SIGTERM (:func:`worker_signals`):
both are its parent's, which stops its workers itself, with SIGKILL, whenever
it stops before the end (a signal, an error, the caller leaving early), and
waits for them. A worker whose parent was killed outright (SIGKILL) notices
within :data:`ORPHAN_CHECK_SECONDS` and ends.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from multiprocessing.connection import Connection, wait
from multiprocessing.process import BaseProcess
from typing import Any, NamedTuple, TypeVar

__all__ = ["ORPHAN_CHECK_SECONDS", "ordered_map", "signals_blocked", "worker_signals"]

T = TypeVar("T")
R = TypeVar("R")

ORPHAN_CHECK_SECONDS = 1.0
"""How often an idle worker checks that its parent is still there."""

_SIGNALS = (signal.SIGINT, signal.SIGTERM)


def worker_signals() -> None:
    """In a worker process: Ctrl-C and SIGTERM, sent to the whole process group,
    are its parent's to act on; the parent ends its workers itself."""
    for signum in _SIGNALS:
        signal.signal(signum, signal.SIG_IGN)
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _SIGNALS)


@contextmanager
def signals_blocked() -> Iterator[None]:
    """Hold Ctrl-C and SIGTERM back while worker processes start (or are
    stopped), so that each starts with them held and sets its own handling
    (:func:`worker_signals`) before one can reach it; the parent gets any that
    came when the block ends."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    signal.pthread_sigmask(signal.SIG_BLOCK, _SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _SIGNALS)


class _Worker(NamedTuple):
    process: BaseProcess
    conn: Connection


def ordered_map(
    fn: Callable[[T], R],
    items: Sequence[T],
    jobs: int,
    chunksize: int,
    initializer: Callable[..., object],
    initargs: tuple[Any, ...],
) -> Iterator[R]:
    """``fn`` of each item, in order, computed by ``jobs`` worker processes
    that each run ``initializer(*initargs)`` first and take ``chunksize``
    items at a time. An exception raised by ``fn`` (or the initializer) in a
    worker is raised here; a worker that dies is a :class:`RuntimeError`."""
    if sys.platform == "win32":
        ctx: Any = multiprocessing.get_context("spawn")
    else:
        ctx = multiprocessing.get_context("fork")
    chunks = (len(items) + chunksize - 1) // chunksize
    workers: list[_Worker] = []
    finished = False
    try:
        with signals_blocked():  # a signal now is taken once the try can stop them
            for _ in range(min(jobs, chunks)):
                mine, theirs = ctx.Pipe()
                process = ctx.Process(
                    target=_serve, args=(theirs, fn, initializer, initargs, os.getpid())
                )
                process.start()
                theirs.close()
                workers.append(_Worker(process, mine))
        yield from _gather(
            workers, [items[i : i + chunksize] for i in range(0, len(items), chunksize)]
        )
        finished = True
    finally:
        _stop(workers, finished)


def _gather(workers: list[_Worker], chunks: list[Sequence[T]]) -> Iterator[Any]:
    """Hand out the chunks, one at a time to each idle worker; yield the
    results in order as soon as they are complete up to there."""
    process_of = {w.conn: w.process for w in workers}
    todo = iter(enumerate(chunks))
    busy: dict[Connection, int] = {}
    done: dict[int, list[Any]] = {}

    def give(conn: Connection) -> None:
        for index, chunk in todo:  # the next one, if any
            conn.send(chunk)
            busy[conn] = index
            return

    for worker in workers:
        give(worker.conn)
    wanted = 0
    while wanted < len(chunks):
        for conn in wait(list(busy)):
            assert isinstance(conn, Connection)
            index = busy.pop(conn)
            try:
                ok, value = conn.recv()
            except EOFError:
                process = process_of[conn]
                process.join()
                raise RuntimeError(
                    f"a worker process ended unexpectedly (exit status {process.exitcode})"
                ) from None
            if not ok:
                raise value
            done[index] = value
            give(conn)
        while wanted in done:
            yield from done.pop(wanted)
            wanted += 1


def _stop(workers: list[_Worker], finished: bool) -> None:
    """After the last result, tell each worker to end; otherwise kill them.
    Either way wait for every one, so that none is left behind."""
    with signals_blocked():
        for worker in workers:
            if finished:
                with suppress(OSError):
                    worker.conn.send(None)
            else:
                worker.process.kill()
        for worker in workers:
            worker.process.join(None if not finished else 10)
            if worker.process.is_alive():  # pragma: no cover - a worker stuck at the end
                worker.process.kill()
                worker.process.join()
            worker.conn.close()


def _serve(
    conn: Connection,
    fn: Callable[[Any], Any],
    initializer: Callable[..., object],
    initargs: tuple[Any, ...],
    parent: int,
) -> None:
    """A worker: take chunks until told to end (or the parent is gone)."""
    worker_signals()
    failure: BaseException | None = None
    try:
        initializer(*initargs)
    except Exception as exc:
        failure = exc
    while True:
        while not conn.poll(ORPHAN_CHECK_SECONDS):
            if os.getppid() != parent:
                return
        try:
            chunk = conn.recv()
        except EOFError:
            return
        if chunk is None:
            return
        try:
            if failure is not None:
                raise failure
            reply: tuple[bool, Any] = (True, [fn(item) for item in chunk])
        except Exception as exc:
            reply = (False, exc)
        try:
            conn.send(reply)
        except Exception as exc:  # an exception that cannot be pickled
            conn.send((False, RuntimeError(f"{type(reply[1]).__name__}: {exc}")))
