"""The finished deals' double-dummy analyses: worked out one at a time in a
process of their own, stored, and handed to their table.

The analyses are the server's heaviest work but nobody waits on them: in a
process of their own at the lowest priority, so that they use the CPU the
tables leave over. Not a thread: a thread at nice 19 shares the
interpreter's lock with the event loop, which then waits whenever the
system, busy elsewhere, leaves that thread holding the lock unscheduled
(tens to hundreds of milliseconds on a loaded machine).

**Nothing lost, memory bounded.** A deal to analyse is a row of the
database's ``pending`` table, stored with the action that ended it; the
queue in memory holds at most ``Limits.analysis_queue`` of them (a table's
id and a deal's number each), the oldest first. A deal that ends while the
queue is full waits in the database only; when the queue has emptied, the
deals pending longest are read back from it. An analysis stored leaves
``pending`` in the same transaction, so a server stopped or killed resumes
the rest when it starts again.

**Stopping and crashes.** The server stops the process itself, in order,
when it stops (the process ignores Ctrl-C and has a process group of its
own, so a signal to the server's process group does not end it first). A process
that stops otherwise (killed, crashed) is said in the log as an error and
replaced; its deal is tried once more in the new one, then given up.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import signal
import sqlite3
import threading
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from . import deals
from .limits import Limits
from .store import Store

__all__ = ["Analyses"]

log = logging.getLogger("dummybridge.web")

Key = tuple[str, int]
"""A deal to analyse: its table's id and its number."""
Costs = list[dict[str, Any]]


def _in_the_background(server: int) -> None:
    """Set up the analyses' worker process: the last the system schedules
    (nice 19), so that its work never delays the server's; stopped by the
    server alone, in order (a process group of its own, SIGINT ignored:
    Ctrl-C at a terminal, or a signal to the server's process group, does
    not end it under the server's feet, which the server would have to take
    for a crash); and gone when the server (process ``server``) is: killed,
    it cannot say so, so the worker watches for it.

    Not a session of its own (``setsid``): where the system schedules by
    session (Linux's autogroups), a session of its own would share the CPU
    with the server's as an equal, whatever its nice value (measured: the
    analyses took 0.109 ms of CPU an action of the benchmark, not 0.018)."""
    if hasattr(os, "nice"):  # not on Windows
        with contextlib.suppress(OSError):
            os.nice(19)
    if hasattr(os, "setpgid"):
        with contextlib.suppress(OSError):
            os.setpgid(0, 0)
    signal.signal(signal.SIGINT, signal.SIG_IGN)

    def watch() -> None:
        while os.getppid() == server:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="dummybridge-watch-server", daemon=True).start()


class Analyses:
    """The analyses of one server's finished deals.

    :param store: the database (``pending``, ``analyses``).
    :param limits: ``analysis_queue``, the most deals waiting in memory.
    :param analysed: called with each analysis once stored (to show it).
    :param enabled: ``False``: no analyses (``--no-analysis``).
    """

    def __init__(
        self,
        store: Store,
        limits: Limits,
        analysed: Callable[[str, int, Costs], Awaitable[None]],
        *,
        enabled: bool = True,
    ) -> None:
        self.store = store
        self.most = limits.analysis_queue
        self.enabled = enabled
        self._analysed = analysed
        #: the deals waiting in memory, in order (the dict's keys)
        self._jobs: dict[Key, None] = {}
        #: the database may hold pending deals that are not in ``_jobs``
        #: (true on start: a restart resumes the analyses left pending)
        self._behind = True
        self._job: Key | None = None  # the one at work
        #: deals at work when the process stopped unexpectedly
        self._crashed: set[Key] = set()
        #: deals given up in this run (not read back again until a restart)
        self._failed: set[Key] = set()
        self._stopping = False
        self._task: asyncio.Task[None] | None = None
        self._pool: ProcessPoolExecutor | None = None

    @property
    def waiting(self) -> int:
        """How many deals wait in memory (at most ``most``)."""
        return len(self._jobs)

    @property
    def busy(self) -> bool:
        """Whether an analysis is at work or waiting in memory."""
        return self._task is not None

    def to_store(self, number: int, done: dict[int, Any]) -> int | None:
        """``number``, a deal just ended, if it is to be stored pending (an
        analysis to work out, not ``done``), else ``None``."""
        return number if self.enabled and number not in done else None

    def add(self, table_id: str, number: int) -> None:
        """Have a finished deal analysed (in the running loop). It is pending
        in the database (stored with the action that ended it); it waits in
        memory too while the queue there has room and nothing older waits in
        the database only."""
        key = (table_id, number)
        if not self.enabled or key in self._jobs or key == self._job:
            return
        if self._behind or len(self._jobs) >= self.most:
            self.add_pending(table_id, number)  # a rebuilt table's deal may not be there yet
        else:
            self._jobs[key] = None
        self.start()

    def add_pending(self, table_id: str, number: int) -> None:
        """Leave a deal pending in the database only (read back in its turn)."""
        if self.enabled:
            self._behind = True
            self.store.add_pending(table_id, number)

    def start(self) -> None:
        """Start the analyses' task if it is not running (in the running loop)."""
        if self.enabled and self._task is None and not self._stopping:
            self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        """The server is stopping: the analysis at work is dropped (its deal
        stays pending, resumed at the next start) and the process ended and
        waited for (5 s at most)."""
        self._stopping = True
        if self._task is not None:
            self._task.cancel()
            await asyncio.gather(self._task, return_exceptions=True)
        await asyncio.to_thread(self._stop_process, 5.0)

    def _refill(self) -> None:
        """The queue in memory is empty: the deals pending longest, from the database."""
        ask = self.most + len(self._failed)
        try:
            rows = self.store.pending(ask)
        except sqlite3.Error as exc:
            log.error("could not read the analyses pending: %s", exc)
            return
        self._behind = len(rows) >= ask
        self._jobs.update(dict.fromkeys([k for k in rows if k not in self._failed][: self.most]))

    async def _run(self) -> None:
        """Work out the analyses waiting, in turn, reading more from the
        database whenever the queue in memory is empty."""
        try:
            while True:
                self._job = None
                if not self._jobs and self._behind:
                    self._refill()
                if not self._jobs:
                    return
                self._job = key = next(iter(self._jobs))
                del self._jobs[key]
                costs = await self._analysis(key)
                if costs is None:
                    continue
                try:
                    self.store.add_analysis(*key, costs)
                except sqlite3.Error as exc:  # shown all the same; worked out again when reopened
                    log.error("table %s: could not store an analysis: %s", key[0], exc)
                    self._failed.add(key)
                await self._analysed(*key, costs)
        finally:
            self._job = self._task = None

    async def _analysis(self, key: Key) -> Costs | None:
        """One deal's analysis, from the analyses' process; ``None`` if it failed."""
        if self._pool is None:  # started when first needed
            spawn = multiprocessing.get_context("spawn")  # no fork of a threaded server
            self._pool = ProcessPoolExecutor(
                1, mp_context=spawn, initializer=_in_the_background, initargs=(os.getpid(),)
            )
        db = str(self.store.path)
        try:
            return await asyncio.get_running_loop().run_in_executor(
                self._pool, deals.analyse, db, *key
            )
        except BrokenProcessPool:
            if not self._crashed_at(key):
                return None  # tried again
        except Exception:
            log.exception("table %s: the analysis of deal %d failed", *key)
        self._failed.add(key)  # given up
        with contextlib.suppress(sqlite3.Error):
            self.store.drop_pending(*key)
        return None

    def _crashed_at(self, key: Key) -> bool:
        """The process stopped unexpectedly, working on ``key``: said, and
        replaced; whether ``key`` is given up (its second time)."""
        # it has ended: waiting for it only reaps it, so its exit status is known
        codes = self._stop_process(wait=1.0)
        again = key not in self._crashed
        self._crashed.add(key)
        log.error(
            "the analyses' process stopped unexpectedly (exit status %s) analysing deal %d "
            "of table %s: %s",
            ", ".join(map(str, codes)) or "unknown",
            key[1],
            key[0],
            "a new one is started and tries that deal again" if again else "that deal is given up",
        )
        if again:
            self._jobs = {key: None, **self._jobs}
        return not again

    def _stop_process(self, wait: float = 0.0) -> list[int | None]:
        """Let the analyses' process go, ending the analysis at work (if any),
        waiting up to ``wait`` seconds for it to end; its exit status."""
        pool, self._pool = self._pool, None
        if pool is None:
            return []
        # no public way to the processes before Python 3.14
        workers = list((getattr(pool, "_processes", None) or {}).values())
        pool.shutdown(wait=False, cancel_futures=True)
        deadline = time.monotonic() + wait
        for worker in workers:
            with contextlib.suppress(OSError, ValueError, AttributeError):
                if worker.exitcode is None:
                    worker.terminate()  # SIGTERM
                # the pool's own thread may reap the process first (a broken
                # pool joins its workers): then join returns at once and the
                # exit status appears when that thread has stored it
                while worker.exitcode is None and time.monotonic() < deadline:
                    worker.join(0.02)
                    if worker.exitcode is None:
                        time.sleep(0.005)
        return [getattr(w, "exitcode", None) for w in workers]
