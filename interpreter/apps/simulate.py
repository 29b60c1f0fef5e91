"""Many rubbers with bots, on all cores, and what they show.

:func:`simulate` plays ``n`` rubbers, each a fresh :class:`~dummybridge.engine.game.Game`
of one rubber whose seed is derived from the run's seed and the rubber's
index (:func:`rubber_seed`), so the result is the same whatever the number
of worker processes. Each rubber is boiled down in its worker to a small
:class:`RubberSummary`; the summaries are gathered in index order.

:mod:`.simulate_report` turns them into statistics and the report (the
comparison of two rule sets, ``--compare``, among them).

A player's seat is the hand he sits at when the rubber starts (a Dummy's
holder: his own hand, not the Dummy's). Roles are read from the table, not
from the variant's name: ``Dummy's holder`` (a player who holds a Dummy),
``one hand`` (a player at one hand alone); for a deal, the dealer's role is
his player's, or ``Dummy`` when the Dummy deals.
"""

from __future__ import annotations

import hashlib
import os
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, TextIO

from ..core.cards import Seat, seat_side
from ..language.ruleset import RuleSet
from .workers import ordered_map

__all__ = [
    "DealSummary",
    "ProgressBar",
    "RubberSummary",
    "play_rubber",
    "play_rubbers",
    "rubber_seed",
    "simulate",
]

HOW = ("own_hand", "partner", "dummy", "auction")


def rubber_seed(seed: int, index: int) -> int:
    """The seed of rubber ``index`` (from 0) of a run seeded ``seed``.

    >>> rubber_seed(1, 0) == rubber_seed(1, 0) != rubber_seed(1, 1)
    True
    """
    digest = hashlib.sha256(f"{seed}:rubber:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "little")


class DealSummary(NamedTuple):
    """What one played deal showed (its first five fields by position, as before).

    :ivar dealer: the dealer's seat letter.
    :ivar dealer_role: the dealer's role (``Dummy`` when the Dummy deals).
    :ivar how: how the declaration was made, one of :data:`HOW`.
    :ivar odd_trick: whether the declaring side took more than half the tricks.
    :ivar net: the declaring side's net points in the deal.
    :ivar denomination: the denomination declared (or bid).
    :ivar level: the contract's level in an auction; 0 where there is none.
    :ivar doublings: the doubles and redoubles of the declaration.
    :ivar honours: the honours (and chicane) points scored in the deal, both sides'.
    :ivar slam: ``little``, ``grand``, or ``""``.
    """

    dealer: str
    dealer_role: str
    how: str
    odd_trick: bool
    net: int
    denomination: str = ""
    level: int = 0
    doublings: int = 0
    honours: int = 0
    slam: str = ""


@dataclass
class RubberSummary:
    """What one rubber showed.

    :ivar index: the rubber's index in the run.
    :ivar seed: its seed.
    :ivar seat: each player's seat at the start (his own hands' letters).
    :ivar role: each player's role.
    :ivar value: each player's net points from the settlement.
    :ivar games: games won by each player's column.
    :ivar won: whether each player's column won the rubber.
    :ivar deals: how many deals were dealt (passed-out ones included).
    :ivar declarations: a :class:`DealSummary` for each played deal.
    :ivar games_played: the games won in the rubber, by every column.
    """

    index: int
    seed: int
    seat: dict[str, str]
    role: dict[str, str]
    value: dict[str, int]
    games: dict[str, int]
    won: dict[str, bool]
    deals: int
    declarations: list[DealSummary] = field(default_factory=list)
    games_played: int = 0


def _role(player: str, owners: Mapping[Seat, str], dummies: Iterable[Seat]) -> str:
    held = [s for s, p in owners.items() if p == player]
    dummy = set(dummies)
    if any(s in dummy for s in held):
        return "Dummy's holder"
    return "one hand" if len(held) == 1 else f"{len(held)} hands"


def play_rubber(rules: RuleSet, index: int, seed: int, bots: Sequence[str]) -> RubberSummary:
    """Play rubber ``index`` of a run seeded ``seed`` with the given bots (one
    per player, in player order) and summarise it."""
    from ..bots.basic import bot_seed, make_bot
    from ..engine.game import Game

    own_seed = rubber_seed(seed, index)
    game = Game(rules, own_seed)
    players = game.players
    chosen = {
        p: make_bot(kind, bot_seed(own_seed, p), rules)
        for p, kind in zip(players, bots, strict=True)
    }
    while not game.is_over:
        actor = game.actor
        assert actor is not None
        game.apply(chosen[actor].choose(game.observation(actor)))
    return _summary(game, index, own_seed)


def _summary(game: Any, index: int, seed: int) -> RubberSummary:
    """Boil a finished rubber down to its :class:`RubberSummary`, reading its log."""
    sheet = game.sheets[0]
    owners: dict[Seat, str] = {}
    dummies: list[Seat] = []
    seat: dict[str, str] = {}
    role: dict[str, str] = {}
    declarations: list[DealSummary] = []
    deals = 0
    dealer: Seat | None = None
    deal_ops: list[Any] = []

    def close() -> None:  # the end of a deal
        if dealer is not None:
            declaration = _declaration(dealer, deal_ops, owners, dummies)
            if declaration is not None:
                declarations.append(declaration)

    for op in game.log:
        if op.kind == "rubber_start":
            owners = {Seat.from_str(k): v for k, v in op.detail["seats"].items()}
            dummies = [Seat.from_str(k) for k in op.detail["dummies"]]
            for p in game.players:
                seat[p] = "".join(s.letter for s in Seat if owners.get(s) == p and s not in dummies)
                role[p] = _role(p, owners, dummies)
        elif op.kind == "deal":
            close()
            deals += 1
            dealer = op.seat
            deal_ops = []
            if op.detail.get("seats"):
                owners = {Seat.from_str(k): v for k, v in op.detail["seats"].items()}
        else:
            deal_ops.append(op)
    close()
    value = _rubber_value(game, sheet)
    return RubberSummary(
        index=index,
        seed=seed,
        seat=seat,
        role=role,
        value={p: int(value.get(p, 0)) for p in game.players},
        games={p: sheet.games[sheet.column_of(p)] for p in game.players},
        won={p: sheet.column_of(p) in sheet.winners for p in game.players},
        deals=deals,
        declarations=declarations,
        games_played=sum(sheet.games),
    )


def _declaration(
    dealer: Seat, deal_ops: Sequence[Any], owners: Mapping[Seat, str], dummies: Sequence[Seat]
) -> DealSummary | None:
    """A played deal's entry of :attr:`RubberSummary.declarations`, from the
    log entries after its ``deal``; ``None`` for a deal passed out or abandoned."""
    tricks = [op for op in deal_ops if op.kind == "trick"]
    if not tricks:
        return None  # passed out, or abandoned
    contract = next((op for op in deal_ops if op.kind == "contract"), None)
    declarer = dealer if contract is None else Seat.from_str(contract.detail["declarer"])
    side = seat_side(declarer)
    won = sum(1 for op in tricks if seat_side(op.seat) == side)
    dealer_role = "Dummy" if dealer in dummies else _role(owners[dealer], owners, dummies)
    points = _points_by_side(deal_ops)
    honours = _points_by_side(deal_ops, ("honours", "chicane"))
    denomination, level, doublings = _contract(deal_ops, contract)
    return DealSummary(
        dealer.letter,
        dealer_role,
        _how_declared({op.kind for op in deal_ops}),
        2 * won > len(tricks),
        points[side] - points[1 - side],
        denomination,
        level,
        doublings,
        honours[0] + honours[1],
        _slam(deal_ops),
    )


def _contract(deal_ops: Sequence[Any], contract: Any) -> tuple[str, int, int]:
    """A played deal's denomination, level (0: no auction) and doublings, from its log."""
    if contract is not None:  # "bid 2 no_trumps"
        _, level, denomination = contract.detail["bid"].split()
        return denomination, int(level), int(contract.detail["doubled"])
    denomination = ""
    for op in deal_ops:
        if op.kind == "forced":
            denomination = op.detail["denomination"]
        elif op.kind == "declare" and op.action is not None:
            denomination = op.action.denomination or ""
    return denomination, 0, sum(1 for op in deal_ops if op.kind in ("double", "redouble"))


def _how_declared(kinds: set[str]) -> str:
    """How a deal's declaration was made (one of :data:`HOW`), from the kinds of its log entries."""
    if "forced" in kinds:
        return "dummy"
    if "contract" in kinds:
        return "auction"
    if "leave" in kinds:
        return "partner"
    return "own_hand"


def _points_by_side(deal_ops: Sequence[Any], kinds: Sequence[str] = ()) -> list[int]:
    """Each side's points in a deal, above and below the line (only entries
    of ``kinds``, if given); a side's points are counted once, from the first
    column they were entered in."""
    points = [0, 0]
    first_column: dict[int, int] = {}
    for op in deal_ops:
        if op.kind != "score":
            continue
        for e in op.detail["entries"]:
            if (
                e.get("side") in (0, 1)
                and first_column.setdefault(e["side"], e["column"]) == e["column"]
                and (not kinds or e.get("kind") in kinds)
            ):
                points[e["side"]] += e["points"]
    return points


def _slam(deal_ops: Sequence[Any]) -> str:
    """``grand`` or ``little`` for a deal that scored a slam, else ``""``."""
    notes = {
        e.get("note")
        for op in deal_ops
        if op.kind == "score"
        for e in op.detail["entries"]
        if e.get("kind") == "slam"
    }
    return "grand" if "grand slam" in notes else "little" if notes else ""


def _rubber_value(game: Any, sheet: Any) -> dict[str, int]:
    """Each player's net points: the settlement, or, when the sheet has none,
    his column's total less the best other column's."""
    try:
        value: dict[str, int] = sheet.settlement()
    except ValueError:  # no settlement for this sheet: the difference of totals
        totals = sheet.totals()
        value = {
            p: totals[sheet.column_of(p)]
            - max(t for c, t in enumerate(totals) if c != sheet.column_of(p))
            for p in game.players
        }
    return value


# ------------------------------------------------------------ running


_WORKER: dict[str, Any] = {}


def _init_worker(spec: str | RuleSet, bots: Sequence[str], seed: int) -> None:
    from ..language.loader import load_rules

    _WORKER["rules"] = spec if isinstance(spec, RuleSet) else load_rules(spec)
    _WORKER["bots"] = tuple(bots)
    _WORKER["seed"] = seed


def _work(index: int) -> RubberSummary:
    return play_rubber(_WORKER["rules"], index, _WORKER["seed"], _WORKER["bots"])


def worker_count(jobs: int, rubbers: int) -> int:
    """The worker processes :func:`simulate` starts for ``jobs`` asked: no more
    than the rubbers to play or the cores to play them on (the result is the
    same whatever the number; more would only exhaust the machine)."""
    return max(1, min(jobs, rubbers, os.cpu_count() or 1))


def simulate(
    rules: str | RuleSet,
    rubbers: int,
    seed: int,
    bots: Sequence[str],
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
    scheduler: str | None = None,
) -> list[RubberSummary]:
    """Play ``rubbers`` rubbers and summarise each, in index order.

    :param rules: a rule set, or what :func:`~dummybridge.language.loader.load_rules`
        takes (workers load it themselves).
    :param bots: one bot kind per player, in player order.
    :param jobs: worker processes (1: play here); at most :func:`worker_count`.
    :param progress: called with (rubbers done, rubbers) as they finish.
    :param scheduler: a Dask scheduler's address, or ``local[:N]``, to play
        on a Dask cluster instead (``jobs`` is then not used); see
        :mod:`dummybridge.apps.cluster`. The result is the same.
    """
    if scheduler is not None:
        return _simulate_dask(rules, rubbers, seed, bots, scheduler, progress)
    jobs = worker_count(jobs, rubbers)
    if jobs <= 1 or rubbers <= 1:
        _init_worker(rules, bots, seed)
        out = []
        for i in range(rubbers):
            out.append(_work(i))
            if progress:
                progress(i + 1, rubbers)
        return out
    chunk = max(1, min(8, rubbers // (jobs * 4)))
    out = []
    for summary in ordered_map(
        _work, range(rubbers), jobs, chunk, _init_worker, (rules, bots, seed)
    ):
        out.append(summary)
        if progress:
            progress(len(out), rubbers)
    return out


def play_rubbers(
    rules: RuleSet, seed: int, bots: Sequence[str], start: int, stop: int
) -> list[RubberSummary]:
    """Rubbers ``start`` to ``stop - 1`` of a run: one chunk of a Dask run."""
    return [play_rubber(rules, i, seed, bots) for i in range(start, stop)]


def _simulate_dask(
    rules: str | RuleSet,
    rubbers: int,
    seed: int,
    bots: Sequence[str],
    scheduler: str,
    progress: Callable[[int, int], None] | None,
) -> list[RubberSummary]:
    """:func:`simulate` on a Dask cluster: chunks of rubbers, put in index order."""
    from ..language.loader import load_rules
    from .cluster import chunk_bounds, connect, run_chunks, worker_threads

    ruleset = rules if isinstance(rules, RuleSet) else load_rules(rules)
    out: list[list[RubberSummary]] = []
    done = 0

    def arrived(i: int, summaries: list[RubberSummary]) -> None:
        nonlocal done
        out[i] = summaries
        done += len(summaries)
        if progress:
            progress(done, rubbers)

    with connect(scheduler) as client:
        chunks = chunk_bounds(rubbers, worker_threads(client), 25)
        out.extend([] for _ in chunks)
        run_chunks(client, play_rubbers, (ruleset, seed, tuple(bots)), chunks, arrived)
    return [s for chunk in out for s in chunk]


class ProgressBar:
    """A progress bar on a stream: redrawn in place on a terminal, else a
    line at every tenth (so logs stay short), each line starting with the
    command's name; with ``rate``, also the items a second so far and the
    time left at that rate.

    >>> import io
    >>> bar = ProgressBar(io.StringIO())
    >>> half = bar.part(0, 4)  # the first of two runs of 2, on one bar of 4
    >>> half(2, 2); bar.stream.getvalue()
    'simulate: 2/4 rubbers\\n'
    """

    def __init__(
        self, stream: TextIO, label: str = "rubbers", command: str = "simulate", rate: bool = False
    ) -> None:
        self.stream: TextIO | None = stream
        self.label = label
        self.command = command
        self.rate = rate
        self.start = time.monotonic()
        self.tty = bool(getattr(stream, "isatty", lambda: False)())
        self.shown = -1
        self.drawn = 0  # the length of the line last drawn on a terminal

    def part(self, offset: int, total: int) -> Callable[[int, int], None]:
        """A callback for one run of several shown on this bar: its ``done``
        counts from ``offset``, out of ``total`` for all of them."""
        return lambda done, _: self(offset + done, total)

    def _speed(self, done: int, total: int) -> str:
        if not self.rate:
            return ""
        elapsed = time.monotonic() - self.start
        if elapsed <= 0 or not done:
            return ""
        speed = done / elapsed
        left = f", {_clock((total - done) / speed)} left" if done < total else ""
        return f", {speed:.2f} {self.label}/s{left}"

    def __call__(self, done: int, total: int) -> None:
        if self.stream is None:
            return
        try:
            self._draw(done, total)
        except OSError:  # no room on its stream (2>/dev/full): the run goes on without it
            self.stream = None

    def _draw(self, done: int, total: int) -> None:
        assert self.stream is not None
        if self.tty:
            width = 30
            filled = width * done // total
            line = (
                f"[{'#' * filled}{'.' * (width - filled)}] {done}/{total} {self.label}"
                f"{self._speed(done, total)}"
            )
            # blanks over the end of a longer line before (the time left gone)
            self.stream.write(f"\r{line}{' ' * (self.drawn - len(line))}")
            self.drawn = len(line)
            if done == total:
                self.stream.write("\n")
            self.stream.flush()
            return
        tenth = 10 * done // total
        if tenth > self.shown:
            self.shown = tenth
            self.stream.write(
                f"{self.command}: {done}/{total} {self.label}{self._speed(done, total)}\n"
            )
            self.stream.flush()


def _clock(seconds: float) -> str:
    """A duration as ``M:SS`` or ``H:MM:SS``.

    >>> _clock(75.4), _clock(3725)
    ('1:15', '1:02:05')
    """
    whole = round(seconds)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    return f"{hours}:{minutes:02}:{secs:02}" if hours else f"{minutes}:{secs:02}"
