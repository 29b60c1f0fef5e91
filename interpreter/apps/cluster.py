"""Work on a Dask cluster: the optional scale-out of ``simulate`` and ``dd``.

``--scheduler ADDRESS`` sends the work to a running Dask scheduler
(``tcp://host:8786``, as ``dask scheduler`` prints it); ``--scheduler
local[:N]`` starts a :class:`distributed.LocalCluster` of ``N`` worker
processes (default: one per core) on the loopback interface, so that the
same path runs on one machine and in the tests.

The work is a list of chunks; :func:`run_chunks` submits them with at most a
few per worker thread in flight, and hands each result back as it arrives,
with the chunk's number, so the caller puts it in its place: the result never
depends on which worker ran what, nor in what order. A worker lost mid-run
costs nothing but time: the scheduler gives its chunks to another worker
(Dask's own recovery); a chunk that kills worker after worker is reported.

Dask is an optional extra (``pip install 'dummybridge[dask]'``); without it
:class:`DaskMissingError` says what to install. Every worker must have the
same version of dummybridge installed (checked when connecting).
"""

from __future__ import annotations

import argparse
import logging
import os
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from .. import __version__
from ..errors import DummyBridgeError

__all__ = [
    "INSTALL",
    "DaskMissingError",
    "add_scheduler_argument",
    "chunk_bounds",
    "connect",
    "parse_scheduler",
    "run_chunks",
    "scheduler_problem",
]

#: How long to try reaching a scheduler before saying it cannot be reached.
CONNECT_TIMEOUT = "15s"

#: What a user installs to get the Dask commands.
INSTALL = "pip install 'dummybridge[dask]'"


class DaskMissingError(DummyBridgeError):
    """``--scheduler`` was given but Dask's ``distributed`` is not installed."""


def require_dask() -> None:
    """Check that ``distributed`` can be imported.

    :raises DaskMissingError: naming what to install.
    """
    try:
        import distributed  # noqa: F401
    except ImportError:
        raise DaskMissingError(
            f"--scheduler needs Dask's distributed package, which is not installed: {INSTALL}"
        ) from None


def scheduler_problem(scheduler: str | None, jobs: int | None) -> str | None:
    """What stops ``--scheduler`` (``None``: nothing, or no ``--scheduler``):
    Dask not installed, said with what to install.

    :raises DummyBridgeError: for ``--jobs`` given too, or a bad ``--scheduler``.
    """
    if scheduler is None:
        return None
    if jobs is not None:
        raise DummyBridgeError(
            "--jobs counts local processes; with --scheduler the cluster's workers "
            "do the work (local:N for N local workers): give one or the other"
        )
    parse_scheduler(scheduler)
    try:
        require_dask()
    except DaskMissingError as exc:
        return str(exc)
    return None


def add_scheduler_argument(parser: argparse.ArgumentParser) -> None:
    """The ``--scheduler`` option of ``simulate`` and ``dd``."""
    parser.add_argument(
        "--scheduler",
        metavar="ADDRESS|local[:N]",
        help="run on a Dask cluster: a scheduler's address (tcp://HOST:8786), or "
        "local:N for N worker processes here; needs 'dummybridge[dask]'; the result is the same",
    )


def parse_scheduler(text: str) -> tuple[str, int | str]:
    """``("local", workers)`` for ``local`` or ``local:N``, else ``("address", text)``.

    >>> parse_scheduler("local:2"), parse_scheduler("tcp://10.0.0.5:8786")
    (('local', 2), ('address', 'tcp://10.0.0.5:8786'))

    :raises DummyBridgeError: for ``local:`` with no whole number from 1 to 256,
        or an empty address.
    """
    text = text.strip()
    if text == "local":
        return ("local", os.cpu_count() or 1)
    if text.startswith("local:"):
        count = text.removeprefix("local:")
        if not (count.isascii() and count.isdigit()) or not 1 <= int(count) <= 256:
            raise DummyBridgeError(
                f"--scheduler {text!r}: local:N needs N, the worker processes, from 1 to 256"
            )
        return ("local", int(count))
    if not text or any(c.isspace() for c in text):
        raise DummyBridgeError(
            f"--scheduler {text!r}: give a scheduler's address (tcp://HOST:PORT) or local[:N]"
        )
    return ("address", text)


def _worker_version() -> str:
    """Run on each worker when connecting: the dummybridge it has."""
    return __version__


@contextmanager
def connect(spec: str) -> Iterator[Any]:
    """A :class:`distributed.Client` for ``--scheduler spec``, closed (and a
    local cluster shut down) on leaving.

    :raises DaskMissingError: without Dask.
    :raises DummyBridgeError: when the scheduler cannot be reached, has no
        workers, or a worker has another dummybridge (or none).
    """
    require_dask()
    from distributed import Client, LocalCluster

    kind, value = parse_scheduler(spec)
    cluster = None
    try:
        if kind == "local":
            cluster = LocalCluster(
                n_workers=int(value),
                threads_per_worker=1,
                processes=True,
                host="127.0.0.1",
                dashboard_address=":0",
                silence_logs=logging.ERROR,
            )
            client = Client(cluster)
        else:
            client = Client(str(value), timeout=CONNECT_TIMEOUT)
    except (OSError, TimeoutError, ValueError, TypeError) as exc:  # unreachable, or no address
        if cluster is not None:
            cluster.close()
        raise DummyBridgeError(
            f"--scheduler {spec}: cannot reach a Dask scheduler there ({exc})"
        ) from None
    try:
        _check_workers(client, spec)
        yield client
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def _check_workers(client: Any, spec: str) -> None:
    try:
        client.wait_for_workers(1, timeout=60)
    except TimeoutError:
        raise DummyBridgeError(
            f"--scheduler {spec}: the scheduler has no workers (start some with "
            f"'dask worker {spec}')"
        ) from None
    try:
        versions = client.run(_worker_version)
    except ImportError:
        raise DummyBridgeError(
            f"--scheduler {spec}: a worker cannot import dummybridge; install "
            f"dummybridge {__version__} on every worker"
        ) from None
    other = {w: v for w, v in versions.items() if v != __version__}
    if other:
        listed = ", ".join(f"{w} has {v}" for w, v in sorted(other.items()))
        raise DummyBridgeError(
            f"--scheduler {spec}: every worker needs dummybridge {__version__} ({listed})"
        )


def worker_threads(client: Any) -> int:
    """The worker threads the cluster has now (at least 1)."""
    return max(1, sum(client.nthreads().values()))


def chunk_bounds(items: int, threads: int, most: int) -> list[tuple[int, int]]:
    """The chunks of ``items`` as ``(start, end)``, in order: each half of a
    worker thread's share of what is left (the items left over twice the
    threads), at most ``most`` and at least one, so that chunks shrink towards
    the end (guided scheduling), every thread stays busy to the last, and a
    lost worker costs little. Measured on
    bench_scale's 40 deals (200 units, the pool's schedule with 2 ms a task):
    2 threads x1.95, where chunks of one size (12) gave x1.90.

    >>> chunk_bounds(10, 2, 25)[:3], len(chunk_bounds(1000, 2, 25))
    ([(0, 2), (2, 4), (4, 5)], 53)
    """
    out: list[tuple[int, int]] = []
    start = 0
    while start < items:
        size = max(1, min(most, (items - start) // (threads * 2)))
        out.append((start, min(items, start + size)))
        start += size
    return out


def run_chunks(
    client: Any,
    func: Callable[..., Any],
    common: Sequence[Any],
    chunks: Sequence[Sequence[Any]],
    on_result: Callable[[int, Any], None],
) -> None:
    """Run ``func(*common, *chunk)`` on the cluster for every chunk and call
    ``on_result(number, result)`` as each finishes (in no fixed order).

    At most three chunks a worker thread are in flight, so that a run of a
    million chunks does not build a million futures at once.

    :raises DummyBridgeError: when a chunk keeps killing its workers, or a
        worker cannot run it; an error the chunk raises itself is raised as is.
    """
    from distributed import as_completed
    from distributed.client import FutureCancelledError
    from distributed.scheduler import KilledWorker

    todo = iter(enumerate(chunks))
    number: dict[str, int] = {}
    pending = as_completed()

    def submit_next() -> None:
        for i, chunk in todo:
            future = client.submit(func, *common, *chunk, pure=False)
            number[future.key] = i
            pending.add(future)
            return

    for _ in range(3 * worker_threads(client)):
        submit_next()
    for future in pending:
        i = number.pop(future.key)
        try:
            result = future.result()
        except KilledWorker:
            raise DummyBridgeError(
                f"chunk {i} of the work killed the Dask workers that ran it, again and "
                "again; see the workers' logs"
            ) from None
        except (FutureCancelledError, ImportError) as exc:
            raise DummyBridgeError(f"a Dask worker could not run chunk {i}: {exc}") from None
        future.release()
        on_result(i, result)
        submit_next()
