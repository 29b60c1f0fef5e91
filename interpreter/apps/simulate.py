"""Many rubbers with bots, on all cores, and what they show.

:func:`simulate` plays ``n`` rubbers, each a fresh :class:`~dummybridge.engine.game.Game`
of one rubber whose seed is derived from the run's seed and the rubber's
index (:func:`rubber_seed`), so the result is the same whatever the number
of worker processes. Each rubber is boiled down in its worker to a small
:class:`RubberSummary`; the summaries are gathered in index order.

:func:`report` turns them into statistics, by player, by seat and by role:

- **rubber value**: a player's net points from the rubber's settlement, its
  mean and 95% confidence interval (normal approximation);
- **games won** (by the player's score column) and **rubbers won**;
- **declarations**, by the dealer's seat and role: made from the declarer's
  own hand, left to partner, forced (a Dummy's, by the rules' criteria) or
  won in an auction; and how often a forced declaration made its odd trick
  (the declaring side took more than half the tricks), and the declaring
  side's net points in the deal (its points above and below the line less
  the adversaries'), also by how the declaration was made.

A player's seat is the hand he sits at when the rubber starts (a Dummy's
holder: his own hand, not the Dummy's). Roles are read from the table, not
from the variant's name: ``Dummy's holder`` (a player who holds a Dummy),
``one hand`` (a player at one hand alone); for a deal, the dealer's role is
his player's, or ``Dummy`` when the Dummy deals.

:func:`compare` plays the same rubbers (same seeds, same bots) under two
rule sets and reports the paired differences with 95% confidence intervals.
"""

from __future__ import annotations

import hashlib
import math
import multiprocessing
import os
import sys
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TextIO

from ..core.cards import Seat, seat_side
from ..language.ruleset import RuleSet
from .toplevel import signals_blocked, worker_signals

__all__ = [
    "RubberSummary",
    "compare",
    "play_rubber",
    "play_rubbers",
    "report",
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
    :ivar declarations: for each played deal ``(dealer seat, dealer role,
        how, odd trick made, declaring side's net points)``, ``how`` one of
        :data:`HOW`.
    """

    index: int
    seed: int
    seat: dict[str, str]
    role: dict[str, str]
    value: dict[str, int]
    games: dict[str, int]
    won: dict[str, bool]
    deals: int
    declarations: list[tuple[str, str, str, bool, int]] = field(default_factory=list)


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
    declarations: list[tuple[str, str, str, bool, int]] = []
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
    )


def _declaration(
    dealer: Seat, deal_ops: Sequence[Any], owners: Mapping[Seat, str], dummies: Sequence[Seat]
) -> tuple[str, str, str, bool, int] | None:
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
    return (
        dealer.letter,
        dealer_role,
        _how_declared({op.kind for op in deal_ops}),
        2 * won > len(tricks),
        points[side] - points[1 - side],
    )


def _how_declared(kinds: set[str]) -> str:
    """How a deal's declaration was made (one of :data:`HOW`), from the kinds of its log entries."""
    if "forced" in kinds:
        return "dummy"
    if "contract" in kinds:
        return "auction"
    if "leave" in kinds:
        return "partner"
    return "own_hand"


def _points_by_side(deal_ops: Sequence[Any]) -> list[int]:
    """Each side's points in a deal, above and below the line; a side's
    points are counted once, from the first column they were entered in."""
    points = [0, 0]
    first_column: dict[int, int] = {}
    for op in deal_ops:
        if op.kind != "score":
            continue
        for e in op.detail["entries"]:
            if (
                e.get("side") in (0, 1)
                and first_column.setdefault(e["side"], e["column"]) == e["column"]
            ):
                points[e["side"]] += e["points"]
    return points


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


def _init_pool_worker(spec: str | RuleSet, bots: Sequence[str], seed: int) -> None:
    worker_signals()
    _init_worker(spec, bots, seed)


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
    ctx = multiprocessing.get_context("spawn" if sys.platform == "win32" else "fork")
    out = []
    with signals_blocked():  # each worker leaves Ctrl-C and SIGTERM to this process
        pool = ctx.Pool(jobs, initializer=_init_pool_worker, initargs=(rules, tuple(bots), seed))
    with pool:
        for summary in pool.imap(_work, range(rubbers), chunksize=chunk):
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
    from .cluster import chunk_size, connect, run_chunks, worker_threads

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
        size = chunk_size(rubbers, worker_threads(client), 25)
        chunks = [(i, min(i + size, rubbers)) for i in range(0, rubbers, size)]
        out.extend([] for _ in chunks)
        run_chunks(client, play_rubbers, (ruleset, seed, tuple(bots)), chunks, arrived)
    return [s for chunk in out for s in chunk]


# ------------------------------------------------------------ statistics


def _mean_ci(values: Sequence[float]) -> dict[str, Any]:
    n = len(values)
    mean = sum(values) / n if n else 0.0
    if n < 2:
        return {"n": n, "mean": round(mean, 3), "ci95": None}
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = 1.96 * math.sqrt(var / n)
    return {"n": n, "mean": round(mean, 3), "ci95": [round(mean - half, 3), round(mean + half, 3)]}


def _group(
    summaries: Sequence[RubberSummary],
    key: Callable[[RubberSummary, str], str],
    bots: Mapping[str, str] | None = None,
) -> dict[str, dict[str, Any]]:
    groups: dict[str, dict[str, list[Any]]] = {}
    for s in summaries:
        for p in s.value:
            g = groups.setdefault(key(s, p), {"value": [], "games": [], "won": []})
            g["value"].append(s.value[p])
            g["games"].append(s.games[p])
            g["won"].append(s.won[p])
    out: dict[str, dict[str, Any]] = {}
    for name in sorted(groups):
        g = groups[name]
        entry: dict[str, Any] = {}
        if bots is not None:
            entry["bot"] = bots[name]
        entry.update(
            {
                "rubbers": len(g["value"]),
                "value": _mean_ci(g["value"]),
                "games_won": sum(g["games"]),
                "rubbers_won": sum(1 for w in g["won"] if w),
            }
        )
        out[name] = entry
    return out


def _declarations(
    summaries: Sequence[RubberSummary], key: Callable[[tuple[str, str, str, bool, int]], str]
) -> dict[str, Any]:
    groups: dict[str, dict[str, Any]] = {}
    nets: dict[str, list[int]] = {}
    for s in summaries:
        for d in s.declarations:
            name = key(d)
            g = groups.setdefault(
                name, {"deals": 0, **dict.fromkeys(HOW, 0), "forced_odd_trick": 0}
            )
            g["deals"] += 1
            g[d[2]] += 1
            if d[2] == "dummy" and d[3]:
                g["forced_odd_trick"] += 1
            nets.setdefault(name, []).append(d[4])
    for name, g in groups.items():
        g["declarer_net"] = _mean_ci(nets[name])
    return {k: groups[k] for k in sorted(groups)}


def report(
    rules: RuleSet, summaries: Sequence[RubberSummary], seed: int, bots: Mapping[str, str]
) -> dict[str, Any]:
    """The statistics of a run, as JSON-compatible data (see the module text)."""
    deals = [s.deals for s in summaries]
    total = _declarations(summaries, lambda d: "all").get("all") or {
        "deals": 0,
        **dict.fromkeys(HOW, 0),
        "forced_odd_trick": 0,
        "declarer_net": _mean_ci([]),
    }
    return {
        "variant": rules.name,
        "version": rules.version,
        "seed": seed,
        "rubbers": len(summaries),
        "deals": {"total": sum(deals), "per_rubber": _mean_ci(deals)},
        "players": _group(summaries, lambda s, p: p, bots),
        "seats": _group(summaries, lambda s, p: s.seat[p]),
        "roles": _group(summaries, lambda s, p: s.role[p]),
        "declarations": {
            "all": total,
            "by_dealer_seat": _declarations(summaries, lambda d: d[0]),
            "by_dealer_role": _declarations(summaries, lambda d: d[1]),
            "by_how": _declarations(summaries, lambda d: d[2]),
        },
    }


def compare(
    base: RuleSet, other: RuleSet, a: Sequence[RubberSummary], b: Sequence[RubberSummary]
) -> dict[str, Any]:
    """The differences ``other - base``, rubber by rubber (the same seeds),
    with 95% confidence intervals: each player's value, by player, by his
    seat and by his role under the base rules, and the deals per rubber."""

    def paired(key: Callable[[RubberSummary, str], str]) -> dict[str, Any]:
        diffs: dict[str, list[int]] = {}
        for x, y in zip(a, b, strict=True):
            for p in x.value:
                diffs.setdefault(key(x, p), []).append(y.value[p] - x.value[p])
        return {k: _mean_ci(diffs[k]) for k in sorted(diffs)}

    forced = []
    for runs in (a, b):
        made = [d[3] for s in runs for d in s.declarations if d[2] == "dummy"]
        forced.append(None if not made else round(sum(made) / len(made), 3))
    return {
        "base": {"variant": base.name, "version": base.version},
        "other": {"variant": other.name, "version": other.version},
        "value_by_player": paired(lambda s, p: p),
        "value_by_seat": paired(lambda s, p: s.seat[p]),
        "value_by_role": paired(lambda s, p: s.role[p]),
        "deals_per_rubber": _mean_ci([y.deals - x.deals for x, y in zip(a, b, strict=True)]),
        "forced_odd_trick_rate": {"base": forced[0], "other": forced[1]},
    }


# ------------------------------------------------------------ text


def _ci_text(stat: Mapping[str, Any]) -> str:
    if stat["ci95"] is None:
        return f"{stat['mean']:+.1f}"
    lo, hi = stat["ci95"]
    return f"{stat['mean']:+.1f} [{lo:+.1f}, {hi:+.1f}]"


def text_report(data: Mapping[str, Any]) -> str:
    """The report for people: tables by player, seat and role, the declarations, the comparison."""
    out = [
        f"{data['variant']} {data['version']}: {data['rubbers']} rubbers, seed {data['seed']}, "
        f"{data['deals']['total']} deals ({data['deals']['per_rubber']['mean']:.2f} a rubber)"
    ]
    for title, key in (("player", "players"), ("seat", "seats"), ("role", "roles")):
        out.append("")
        out.append(
            f"{'by ' + title:<16}{'rubbers':>8}  {'value (95% CI)':<26}{'games':>6}{'won':>6}"
        )
        for name, g in data[key].items():
            label = f"{name} ({g['bot']})" if "bot" in g else name
            out.append(
                f"{label:<16}{g['rubbers']:>8}  {_ci_text(g['value']):<26}"
                f"{g['games_won']:>6}{g['rubbers_won']:>6}"
            )
    dec = data["declarations"]
    out.append("")
    out.append(
        f"{'declarations':<24}{'deals':>6}{'own':>6}{'partner':>8}{'forced':>7}"
        f"{'auction':>8}  {'declarer net (95% CI)':<26}forced made the odd trick"
    )
    rows = [("all", dec["all"])]
    rows += [(f"dealer {k}", v) for k, v in dec["by_dealer_seat"].items()]
    rows += [(f"dealer {k}", v) for k, v in dec["by_dealer_role"].items()]
    rows += [(f"declared: {k}", v) for k, v in dec["by_how"].items()]
    for name, g in rows:
        rate = f"{g['forced_odd_trick']}/{g['dummy']}" + (
            f" ({100 * g['forced_odd_trick'] / g['dummy']:.0f}%)" if g["dummy"] else ""
        )
        out.append(
            f"{name:<24}{g['deals']:>6}{g['own_hand']:>6}{g['partner']:>8}"
            f"{g['dummy']:>7}{g['auction']:>8}  {_ci_text(g['declarer_net']):<26}{rate}"
        )
    cmp = data.get("compare")
    if cmp:
        out.append("")
        out.append(
            f"{cmp['other']['variant']} {cmp['other']['version']} minus "
            f"{cmp['base']['variant']} {cmp['base']['version']}, rubber by rubber "
            "(mean [95% CI]):"
        )
        for title, key in (
            ("player", "value_by_player"),
            ("seat", "value_by_seat"),
            ("role", "value_by_role"),
        ):
            for name, stat in cmp[key].items():
                out.append(f"  value, {title} {name:<16} {_ci_text(stat)}")
        out.append(f"  deals a rubber{'':<14} {_ci_text(cmp['deals_per_rubber'])}")
        rate = cmp["forced_odd_trick_rate"]
        out.append(f"  forced declarations making the odd trick: {rate['base']} -> {rate['other']}")
    return "\n".join(out)


class ProgressBar:
    """A progress bar on a stream: redrawn in place on a terminal, else a
    line at every tenth (so logs stay short), each line starting with the
    command's name; with ``rate``, also the items a second so far."""

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

    def _speed(self, done: int) -> str:
        if not self.rate:
            return ""
        elapsed = time.monotonic() - self.start
        return f", {done / elapsed:.2f} {self.label}/s" if elapsed > 0 and done else ""

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
            self.stream.write(
                f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} {self.label}"
                f"{self._speed(done)}"
            )
            if done == total:
                self.stream.write("\n")
            self.stream.flush()
            return
        tenth = 10 * done // total
        if tenth > self.shown:
            self.shown = tenth
            self.stream.write(f"{self.command}: {done}/{total} {self.label}{self._speed(done)}\n")
            self.stream.flush()
