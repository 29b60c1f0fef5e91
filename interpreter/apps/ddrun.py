"""``dummybridge dd``: double-dummy tables for many deals, on every core or a Dask cluster.

The deals come from PBN files (every game with a ``Deal`` tag; one hand may
be ``-``; an end position, four hands of fewer cards each as PBN 2.1 section
3.10 allows, is analysed too) or are dealt at random from a seed (``--random N --seed S``, the
C core's generator, so the same seed gives the same deals). Each deal's
table (the tricks each declarer takes in each strain with best play,
:func:`dummybridge.analysis.doubledummy.table`) is computed in five units,
one a strain (``dbr_dd_table_strain``): the units go out in chunks, to
threads of this process (``--jobs``; the solver releases the GIL, each
thread has its own workspace) or to a Dask cluster (``--scheduler``, see
:mod:`.cluster`), and come back into their places, so the output is the same
whatever ran them.

Output (``--format``):

- ``pbn``: each file as it was, byte for byte, with ``DoubleDummyTricks``
  and ``OptimumResultTable`` added to each game with a deal
  (:mod:`dummybridge.formats.pbn_dd`). A game that has them already is
  passed through and not solved again, so a stopped run is resumed by
  running ``dd`` on its output (``-o`` may name the input: it is then
  rewritten). With ``-o`` the output is saved every half minute while the
  work goes on, and when it stops.
- ``jsonl``: a JSON object a board: ``file``, ``board``, ``deal``, ``dd``
  (declarer, then strain, to tricks), and with ``--variant`` ``par``.
- ``csv``: a row a board: ``file,board,deal`` and the 20 results
  ``N_NT ... W_C`` (the order of ``DoubleDummyTricks``).

With ``--variant`` each board also gets the double-dummy value of each
declaration in that variant's scoring (:mod:`dummybridge.analysis.period_par`).
"""

from __future__ import annotations

import argparse
import csv
import functools
import io
import json
import os
import threading
import time
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ThreadPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any

from ..core.files import clip
from ..errors import DummyBridgeError

__all__ = ["DdFile", "add_arguments", "load_files", "random_file", "solve_units", "tables"]

Hands = tuple[int, int, int, int]
Table = list[list[int]]
#: how often ``-o`` is saved while the work goes on, in seconds
SAVE_EVERY = 30.0
#: the vulnerability of boards 1..16 (and so on, in turn), as on duplicate boards
VULNERABLE = (
    *("None", "NS", "EW", "All", "NS", "EW", "All", "None"),
    *("EW", "All", "None", "NS", "All", "None", "NS", "EW"),
)
#: the most deals ``--random`` deals
RANDOM_MAX = 100_000_000


@dataclass
class DdFile:
    """One PBN input: its bytes' encoding, its text and games, and each deal.

    :ivar deals: ``(game index, hands)`` of each game with a deal, in order.
    :ivar known: the tables of the games already annotated, by game index.
    :ivar solved: the tables computed in this run, by game index.
    """

    path: str
    encoding: str
    bom: bool
    text: str
    games: Sequence[Any]
    deals: list[tuple[int, Hands]]
    known: dict[int, Table] = field(default_factory=dict)
    solved: dict[int, Table] = field(default_factory=dict)


def _read_file(path: str, data: bytes) -> DdFile:
    from ..formats.pbn_dd import existing_table
    from ..formats.pbn_read import parse_pbn

    bom = data.startswith(b"\xef\xbb\xbf")
    body = data[3:] if bom else data
    try:
        text, encoding = body.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        text, encoding = body.decode("latin-1"), "latin-1"
    games = parse_pbn(text, path)
    out = DdFile(path, encoding, bom, text, games, [])
    for i, game in enumerate(games):
        if "Deal" not in game.tags:
            continue
        size = _deal_size(game)
        hands = game.full_deal(size)
        out.deals.append((i, (hands[0].bits, hands[1].bits, hands[2].bits, hands[3].bits)))
        table = existing_table(game, size)
        if table is not None:
            out.known[i] = table
    if not out.deals:
        from ..errors import FileFormatError

        raise FileFormatError(path, "no game in this file has a Deal tag", path="Deal")
    return out


def _deal_size(game: Any) -> int:
    """The cards a hand of the game's deal: 13, or fewer in an end position
    (PBN 2.1 section 3.10: a Deal tag whose four hands hold as many cards
    each, fewer than 13).

    :raises FileFormatError: at the Deal tag, for four hands of different
        sizes, or four empty hands.
    """
    hands = game.hands()
    if None in hands:
        return 13  # a hand given as '-' is the rest of the pack (full_deal)
    sizes = [len(h) for h in hands]
    if len(set(sizes)) != 1:
        said = ", ".join(f"{seat} {n}" for seat, n in zip("NESW", sizes, strict=True))
        raise game.error(
            "Deal",
            f"the hands hold different numbers of cards ({said}): a deal needs as many "
            "in each, 13, or fewer in an end position",
        )
    size = sizes[0]
    if size == 0:
        raise game.error("Deal", "the four hands hold no card: there is nothing to analyse")
    return size


def cards_each(hands: Hands) -> int:
    """The cards a hand of a deal (13, or fewer in an end position)."""
    return hands[0].bit_count()


def load_files(paths: Sequence[str]) -> list[DdFile]:
    """The PBN files to analyse, every deal checked before any is solved.

    :raises FileFormatError: ``FILE:LINE:COL: error: TAG: message`` for what
        cannot be read (a deal that is not four hands of as many cards, a bad
        ``DoubleDummyTricks``), or a file with no deal.
    :raises OSError: for a file that cannot be read.
    """
    from ..core.files import read_bytes

    return [_read_file(path, read_bytes(path)) for path in paths]


def random_file(count: int, seed: int) -> DdFile:
    """``count`` deals from the seed, as a PBN file of boards 1..count in
    export format (dealer and vulnerability as on duplicate boards)."""
    from ..core import _native

    rng = _native.Rng(seed)
    lines = ["% PBN 2.1", "% EXPORT", ""]
    for board in range(1, count + 1):
        hands = _native.deal_random(rng)
        deal = "N:" + " ".join(_native.hand_format(h) for h in hands)
        lines += [
            f'[Event "dummybridge dd --random {count} --seed {seed}"]',
            '[Site ""]',
            '[Date "????.??.??"]',
            f'[Board "{board}"]',
            *(f'[{seat} ""]' for seat in ("West", "North", "East", "South")),
            f'[Dealer "{"NESW"[(board - 1) % 4]}"]',
            f'[Vulnerable "{VULNERABLE[(board - 1) % 16]}"]',
            f'[Deal "{deal}"]',
            *(f'[{tag} ""]' for tag in ("Scoring", "Declarer", "Contract", "Result")),
            "",
        ]
    text = "\r\n".join(lines)
    return _read_file(f"<random {count} seed {seed}>", text.encode("latin-1"))


# ---------------------------------------------------------------- solving

_LOCAL = threading.local()


def solve_units(units: Sequence[tuple[Hands, int]]) -> list[tuple[int, int, int, int]]:
    """Solve (deal, strain) units: each one strain's row of the deal's table,
    by declarer. Each thread (of this process or of a Dask worker) keeps one
    solver workspace for all its units."""
    from ..core._native import DDSolver

    solver = getattr(_LOCAL, "solver", None)
    if solver is None:
        solver = _LOCAL.solver = DDSolver()
    return [solver.table_strain(hands, strain) for hands, strain in units]


def _run_threads(
    chunks: Iterable[Sequence[tuple[Hands, int]]],
    jobs: int,
    arrived: Callable[[int, list[tuple[int, int, int, int]]], None],
) -> None:
    """Run the chunks on ``jobs`` threads (here, for one), at most three a
    thread in flight, and hand each result to ``arrived`` as it comes."""
    if jobs <= 1:
        for i, chunk in enumerate(chunks):
            arrived(i, solve_units(chunk))
        return
    todo = iter(enumerate(chunks))
    running: dict[Future[list[tuple[int, int, int, int]]], int] = {}
    pool = ThreadPoolExecutor(jobs, thread_name_prefix="dd")

    def submit() -> None:
        for i, chunk in todo:
            running[pool.submit(solve_units, chunk)] = i
            return

    try:
        for _ in range(3 * jobs):
            submit()
        while running:
            done, _ = wait(running, return_when=FIRST_COMPLETED)
            for future in done:
                arrived(running.pop(future), future.result())
                submit()
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def tables(
    deals: Sequence[Hands],
    jobs: int = 1,
    scheduler: str | None = None,
    on_table: Callable[[int, Table], None] | None = None,
) -> list[Table]:
    """The table ``[strain][declarer]`` of each deal, in order.

    :param jobs: threads of this process (without ``scheduler``).
    :param scheduler: a Dask scheduler's address or ``local[:N]``.
    :param on_table: called with (deal's index, its table) as each deal's
        last unit arrives (in no fixed order).
    :raises DummyBridgeError: for a deal the solver refuses.
    """
    from .cluster import chunk_bounds, connect, run_chunks, worker_threads

    units = [(hands, strain) for hands in deals for strain in range(5)]
    rows: list[list[tuple[int, int, int, int]]] = [[] for _ in deals]
    left = [5] * len(deals)
    starts: Sequence[int] = []

    def arrived(i: int, result: list[tuple[int, int, int, int]]) -> None:
        for k, row in enumerate(result):
            deal, strain = divmod(starts[i] + k, 5)
            if not rows[deal]:
                rows[deal] = [(0, 0, 0, 0)] * 5
            rows[deal][strain] = row
            left[deal] -= 1
            if left[deal] == 0 and on_table:
                on_table(deal, [list(r) for r in rows[deal]])

    if scheduler is not None:
        with connect(scheduler) as client:
            bounds = chunk_bounds(len(units), worker_threads(client), 20)
            starts = [a for a, _ in bounds]
            run_chunks(client, solve_units, (), [(units[a:b],) for a, b in bounds], arrived)
    else:
        jobs = max(1, min(jobs, len(units), os.cpu_count() or 1))
        starts = range(len(units))
        # A unit a chunk: a thread's hand-over costs microseconds against a
        # unit's tens of milliseconds, and the last chunks leave a thread idle
        # while the other ends its own. Measured on bench_scale's 40 deals (200
        # units, 9.2 s on one thread, the costliest unit 1.4 s), scheduled as
        # the pool does: 2 threads x1.90 with chunks of 12 units, x1.97 with
        # one. Dask's tasks cost milliseconds: its chunks shrink towards the end
        # (cluster.chunk_bounds). The chunks are made as the threads ask.
        _run_threads(([unit] for unit in units), jobs, arrived)
    return [[list(row) for row in r] for r in rows]


# ---------------------------------------------------------------- output


def _deal_text(hands: Hands) -> str:
    from ..core import _native

    return "N:" + " ".join(_native.hand_format(h) for h in hands)


def board_rows(
    files: Sequence[DdFile], par: Callable[[Hands, Table, int], Any] | None
) -> list[dict[str, Any]]:
    """One entry a board with a deal, in file order: what ``jsonl`` writes."""
    from ..formats.pbn_dd import DECLARERS, STRAINS

    out = []
    for f in files:
        for i, hands in f.deals:
            table = f.known.get(i) or f.solved[i]
            row: dict[str, Any] = {
                "file": f.path,
                "board": f.games[i].board or "",
                "deal": _deal_text(hands),
                "dd": {dn: {sn: table[s][d] for s, sn in STRAINS} for d, dn in DECLARERS},
            }
            if par is not None and cards_each(hands) < 13:
                row["par"] = None  # the scoring and the par are of whole deals
            elif par is not None:
                dealer = f.games[i].dealer()
                row["par"] = par(hands, table, 0 if dealer is None else int(dealer))
            out.append(row)
    return out


def jsonl_text(rows: Sequence[dict[str, Any]]) -> str:
    """JSON lines: one object a board."""
    return "".join(json.dumps(row) + "\n" for row in rows)


def csv_text(rows: Sequence[dict[str, Any]]) -> str:
    """CSV: ``file,board,deal`` and the 20 results, declarers N S E W, strains NT S H D C."""
    from ..formats.pbn_dd import DECLARERS, STRAINS

    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    names = [f"{dn}_{sn}" for _, dn in DECLARERS for _, sn in STRAINS]
    pars = [row["par"] for row in rows if row.get("par")]
    extra = sorted(pars[0]["flat"]) if pars else []
    writer.writerow(["file", "board", "deal", *names, *extra])
    for row in rows:
        cells = [row["dd"][n.split("_")[0]][n.split("_")[1]] for n in names]
        flat = (row.get("par") or {}).get("flat", {})
        writer.writerow(
            [row["file"], row["board"], row["deal"], *cells, *(flat.get(k, "") for k in extra)]
        )
    return buffer.getvalue()


def pbn_bytes(f: DdFile) -> bytes:
    """The file with the tables of this run added (see :mod:`dummybridge.formats.pbn_dd`)."""
    from ..formats.pbn_dd import annotate

    text = annotate(f.text, f.games, f.solved)
    return (b"\xef\xbb\xbf" if f.bom else b"") + text.encode(f.encoding)


def save(path: str, data: bytes) -> None:
    """Write ``path`` whole or not at all (a temporary file, then a rename)."""
    tmp = f"{path}.dd-tmp"
    with open(tmp, "wb") as fh:
        fh.write(data)
    os.replace(tmp, path)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of ``dummybridge dd``."""
    parser.add_argument("files", nargs="*", metavar="FILE.pbn", help="PBN files to analyse")
    parser.add_argument(
        "-o",
        "--output",
        metavar="OUT",
        help="write here (default: standard output); PBN with several files: a directory; "
        "may be the input file, which is then annotated in place",
    )
    parser.add_argument("--format", choices=["pbn", "jsonl", "csv"], default="pbn")
    parser.add_argument(
        "--jobs", type=int, default=None, help="threads solving (default: every core)"
    )
    parser.add_argument(
        "--random", type=int, metavar="N", help="analyse N deals dealt at random instead"
    )
    parser.add_argument("--seed", type=int, default=1, help="with --random: the seed (default: 1)")
    parser.add_argument(
        "--variant",
        metavar="VARIANT",
        help="also each declaration's double-dummy value in this variant's scoring, "
        "and the par (bridge, auction-bridge, ...; jsonl and csv)",
    )
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")


def check_arguments(args: argparse.Namespace) -> None:
    """Refuse what cannot be run, before any work.

    :raises DummyBridgeError: naming the option and the problem.
    """
    if args.random is not None:
        if args.files:
            raise DummyBridgeError("--random deals its own deals: give no FILE.pbn with it")
        if not 1 <= args.random <= RANDOM_MAX:
            raise DummyBridgeError(f"--random must be from 1 to {RANDOM_MAX:,}, not {args.random}")
        if not 0 <= args.seed < 2**64:
            raise DummyBridgeError(
                f"--seed must be from 0 to 2**64 - 1, not {clip(str(args.seed))}"
            )
    elif not args.files:
        raise DummyBridgeError("name PBN files to analyse, or --random N for random deals")
    if args.jobs is not None and args.jobs < 1:
        raise DummyBridgeError(f"--jobs must be at least 1, not {args.jobs}")
    several = len(args.files) > 1 and args.format == "pbn"
    if several and not (args.output and os.path.isdir(args.output)):
        raise DummyBridgeError(
            "with several files, PBN output needs -o DIRECTORY (each file is written there "
            "under its name), or --format jsonl or csv"
        )
    if args.format != "pbn" and args.output and os.path.isdir(args.output):
        raise DummyBridgeError(f"-o {args.output} is a directory: name a file")
    if args.variant is not None and args.format == "pbn":
        raise DummyBridgeError("--variant adds the period values to --format jsonl or csv")


class Saver:
    """Saves the PBN output while the work goes on (every :data:`SAVE_EVERY` s)."""

    def __init__(self, targets: Sequence[tuple[DdFile, str]]) -> None:
        self.targets = targets
        self.last = time.monotonic()

    def maybe(self) -> None:
        if self.targets and time.monotonic() - self.last >= SAVE_EVERY:
            self.now()

    def now(self) -> None:
        for f, path in self.targets:
            save(path, pbn_bytes(f))
        self.last = time.monotonic()


def run(args: argparse.Namespace, progress: Callable[[int, int], None] | None) -> bytes | None:
    """Run ``dummybridge dd``: what goes to standard output, or ``None`` when
    all went to ``-o``.

    :raises DummyBridgeError: for bad options or input (see :func:`load_files`).
    """
    check_arguments(args)
    if args.random is not None:
        files = [random_file(args.random, args.seed)]
    else:
        files = load_files(args.files)
    par: Callable[[Hands, Table, int], Any] | None = None
    if args.variant is not None:
        from ..analysis.period_par import par_values
        from ..language.loader import load_rules

        par = functools.partial(par_values, load_rules(args.variant))

    targets: list[tuple[DdFile, str]] = []
    if args.format == "pbn" and args.output:
        for f in files:
            out = args.output
            if os.path.isdir(out):
                out = os.path.join(out, os.path.basename(f.path))
            targets.append((f, out))
    todo = [(f, i, hands) for f in files for i, hands in f.deals if i not in f.known]
    saver = Saver(targets)
    done = 0

    def on_table(k: int, table: Table) -> None:
        nonlocal done
        f, i, _ = todo[k]
        f.solved[i] = table
        done += 1
        if progress:
            progress(done, len(todo))
        saver.maybe()

    jobs = args.jobs if args.jobs is not None else (os.cpu_count() or 1)
    try:
        tables([hands for _, _, hands in todo], jobs, args.scheduler, on_table)
    finally:
        saver.now()
    if args.format == "pbn":
        return None if targets else b"".join(pbn_bytes(f) for f in files)
    rows = board_rows(files, par)
    text = jsonl_text(rows) if args.format == "jsonl" else csv_text(rows)
    if args.output:
        save(args.output, text.encode("utf-8"))
        return None
    return text.encode("utf-8")
