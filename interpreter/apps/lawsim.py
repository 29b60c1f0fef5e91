"""``dummybridge simulate --laws [--irregularities RATE]``: rubbers in laws
mode, with irregularities now and then, and what the penalties cost.

The bots play as in :mod:`.simulate`; in laws mode, at each step, with
probability ``RATE`` (from its own random stream, seeded from the rubber's
seed) an irregularity happens instead: one of those the engine offers then
(:func:`~dummybridge.engine.laws.offences.irregularities_open`: an
insufficient or impossible bid, a slip corrected (law 52), the declaration
passed back, the eldest hand's lead before the doubling is done and his
partner's double subject to consent (ELW05 laws 56, 58), a revoke, a penalty
disobeyed, a call or card out of turn (a re-double: ELW05 law 55), a
card exposed, a hand thrown down, "I have the rest", a winning card led on, dummy's suggestion
or his pointing out a revoke, information about the bidding), its name
drawn first so that each open name is as likely. ``play --irregularities``
uses the same sampler (:func:`irregular_step`). A lead out of turn
goes unnoticed (``let lead stand``, law 78) one time in two where the rules
offer it, and is then noticed, while its cards may still be taken back, one
time in two at each card. A player who has led on a winning card before his
partner played (law 71) leads on another, where he may, one time in two
while the declarer has not chosen. A revoke is noticed in time ("Having
none?", laws 60 a, 85) one time in two where it may be. The penalty that
follows is chosen by the bot of the player the laws name, like any decision.

The report counts each irregularity (its log entry's kind, and for a call
out of turn the kind of call), the penalties chosen, and the offending side's
net points in the deals it happened in (its points less the other side's: a
negative mean is what the irregularity, and the penalty, cost it; a deal
dealt again counts 0).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.cards import seat_side
from ..errors import DummyBridgeError
from ..language.ruleset import RuleSet
from .simulate import (
    RubberSummary,
    _points_by_side,
    _summary,
    rubber_seed,
    simulate,
    worker_count,
)
from .simulate_report import _ci_text, _mean_ci
from .workers import ordered_map

__all__ = [
    "Irregularity",
    "LawsRun",
    "add_laws_arguments",
    "ask_having_none",
    "call_exposed",
    "commit_irregularity",
    "commit_named",
    "exposures",
    "irregular_step",
    "laws_run",
    "laws_text",
    "lead_on_again",
    "not_noticed",
    "notice_false_lead",
    "simulate_runs",
]

#: the highest rate of irregularities ``--irregularities`` takes
MAX_RATE = 0.5
#: the log entries of an irregularity (laws mode)
IRREGULAR = frozenset(
    (
        "out_of_turn",
        "insufficient",
        "impossible",
        "passed_back",
        "early_lead",
        "double_asked",
        "slip",
        "revoke",
        "disobey",
        "expose_card",
        "false_lead",
        "throw_down",
        "have_rest",
        "lead_on",
        "suggest",
        "inform",
        "refer",
        "attention",
        "point_out",
    )
)
#: the log entries of a penalty chosen, or of a revoke claimed or waived
DECISIONS = frozenset(
    (
        "accept",
        "cancel",
        "new_deal",
        "make_sufficient",
        "bid_seven",
        "previous_final",
        "compel",
        "end_doubling",
        "consent",
        "withhold_consent",
        "claim",
        "waive",
    )
)
#: the penalties in the play that close an exposed card, a lead out of turn
#: or the fourth hand's card before the second (laws 65-80), dummy's
#: suggestion (law 62), information about the bidding (laws 51, 93) or a
#: reference to the play (law 93), and no
#: other irregularity (a revoke's penalty is its claim)
PLAY_DECISIONS = frozenset(
    (
        "treat_exposed",
        "lead_stands",
        "call_lead",
        "call_card",
        "forbid_lead",
        "require",
        "forbid",
        "show_hand",
        "win_trick",
        "decline",
    )
)
#: the irregularities whose penalty is a revoke claim (law 73: a penalty
#: disobeyed is liable to the revoke penalty)
_REVOKES = ("revoke", "disobey")
_PLAY_IRREGULAR = (
    "expose_card",
    "out_of_turn play",
    "false_lead",
    "throw_down",
    "have_rest",
    "lead_on",
    "suggest",
    "inform",
    "refer",
    "attention",
)


@dataclass(frozen=True)
class Irregularity:
    """One irregularity of a simulated rubber: its name, the penalty chosen
    (``""``: none), and the offending side's net points in that deal."""

    name: str
    decision: str
    net: int


@dataclass
class LawsRun:
    """The rubbers of ``simulate --laws`` and their irregularities."""

    rate: float
    summaries: list[RubberSummary]
    irregularities: list[list[Irregularity]]

    def report(self) -> dict[str, Any]:
        """The irregularities' statistics, for the JSON report's ``laws``."""
        by_name: dict[str, list[Irregularity]] = {}
        for rubber in self.irregularities:
            for irregularity in rubber:
                by_name.setdefault(irregularity.name, []).append(irregularity)
        rubbers = len(self.summaries)
        out: dict[str, Any] = {}
        for name in sorted(by_name):
            found = by_name[name]
            decisions: dict[str, int] = {}
            for i in found:
                decisions[i.decision or "none"] = decisions.get(i.decision or "none", 0) + 1
            out[name] = {
                "count": len(found),
                "per_rubber": round(len(found) / rubbers, 3) if rubbers else 0.0,
                "decisions": dict(sorted(decisions.items())),
                "offender_net": _mean_ci([i.net for i in found]),
            }
        return {"rate": self.rate, "irregularities": out}


def add_laws_arguments(parser: argparse.ArgumentParser) -> None:
    """``--laws`` and ``--irregularities`` for ``simulate``."""
    parser.add_argument(
        "--laws", action="store_true", help="play in laws mode and report the irregularities"
    )
    parser.add_argument(
        "--irregularities",
        type=float,
        default=0.0,
        metavar="RATE",
        help="with --laws: the chance, at each step, of an irregularity (default 0.02 "
        f"with --laws, at most {MAX_RATE})",
    )


def laws_run(
    args: argparse.Namespace,
    rules: RuleSet,
    bots: Sequence[str],
    jobs: int,
    progress: Callable[[int, int], None] | None,
) -> LawsRun | None:
    """Play ``simulate --laws``'s rubbers; ``None`` without ``--laws``.

    :raises DummyBridgeError: for a rate out of range, or options it cannot go with.
    """
    rate = args.irregularities
    if not args.laws:
        if rate:
            raise DummyBridgeError("--irregularities needs --laws")
        return None
    if not 0 <= rate <= MAX_RATE:
        # (above it, an irregularity at every other step could deal again for ever)
        raise DummyBridgeError(f"--irregularities must be from 0 to {MAX_RATE}, not {rate}")
    if args.compare or args.scheduler:
        raise DummyBridgeError("--laws does not go with --compare or --scheduler")
    rate = rate or 0.02
    out = LawsRun(rate, [], [])
    for summary, found in _rubbers(rules, args.rubbers, args.seed, tuple(bots), rate, jobs):
        out.summaries.append(summary)
        out.irregularities.append(found)
        if progress:
            progress(len(out.summaries), args.rubbers)
    return out


def simulate_runs(
    args: argparse.Namespace,
    rules: RuleSet,
    bots: Sequence[str],
    jobs: int,
    progress: Callable[[int, int], None] | None,
) -> tuple[list[RubberSummary], dict[str, Any]]:
    """``simulate``'s rubbers, and the report's ``laws`` part: with
    ``--laws`` in laws mode (:func:`laws_run`), else in strict play
    (:func:`.simulate.simulate`, the part empty)."""
    laws = laws_run(args, rules, bots, jobs, progress)
    if laws is not None:
        return laws.summaries, {"laws": laws.report()}
    runs = simulate(rules, args.rubbers, args.seed, bots, jobs, progress, args.scheduler)
    return runs, {}


_ARGS: dict[str, Any] = {}


def _init(rules: RuleSet, seed: int, bots: tuple[str, ...], rate: float) -> None:
    _ARGS.update(rules=rules, seed=seed, bots=bots, rate=rate)


def _one(index: int) -> tuple[RubberSummary, list[Irregularity]]:
    return play_laws_rubber(_ARGS["rules"], index, _ARGS["seed"], _ARGS["bots"], _ARGS["rate"])


def _rubbers(
    rules: RuleSet, rubbers: int, seed: int, bots: tuple[str, ...], rate: float, jobs: int
) -> Any:
    """The rubbers in index order, played here or by worker processes."""
    jobs = worker_count(jobs, rubbers)
    if jobs <= 1 or rubbers <= 1:
        _init(rules, seed, bots, rate)
        yield from map(_one, range(rubbers))
        return
    chunk = max(1, min(8, rubbers // (jobs * 4)))
    yield from ordered_map(_one, range(rubbers), jobs, chunk, _init, (rules, seed, bots, rate))


def play_laws_rubber(
    rules: RuleSet, index: int, seed: int, bots: Sequence[str], rate: float
) -> tuple[RubberSummary, list[Irregularity]]:
    """Rubber ``index`` of a run seeded ``seed``, in laws mode, irregularities
    happening at ``rate``; its summary and its irregularities."""
    from ..bots.basic import bot_seed, make_bot
    from ..core._native import Rng
    from ..engine.game import Game

    own_seed = rubber_seed(seed, index)
    game = Game(rules, own_seed, laws=True)
    chosen = {
        p: make_bot(kind, bot_seed(own_seed, p), rules)
        for p, kind in zip(game.players, bots, strict=True)
    }
    slips = Rng(bot_seed(own_seed, "irregularities"))
    threshold = int(rate * 2**64)
    while not game.is_over:
        actor = game.actor
        assert actor is not None
        if irregular_step(game, slips, threshold):
            continue
        game.apply(chosen[actor].choose(game.observation(actor)))
    return _summary(game, index, own_seed), irregularities(game.log)


def irregular_step(game: Any, slips: Any, threshold: int) -> str | None:
    """One step of the sampler of irregularities (``simulate --laws`` and
    ``play --irregularities`` alike): an irregularity, when ``slips.next()``
    falls below ``threshold`` (the rate times 2**64) and one is open; else
    the others' answer to one, where the laws give them one (an exposed card
    called, a false lead noticed or let stand, another card led on, "Having
    none?" asked). What was done, by name; ``None`` when nothing was (the
    bot of the player to act acts)."""
    if slips.next() < threshold:
        name = commit_irregularity(game, slips)
        if name is not None:
            return name
    if any(game.deal.cards_exposed.values()) and call_exposed(game):
        return "call_card"
    if game.deal.false_lead is not None and notice_false_lead(game, slips):
        return "false_lead"
    if game.phase == "penalty":
        if not_noticed(game, slips):
            return "lead_stands"
        if lead_on_again(game, slips):
            return "lead_on"
    if game.phase == "play" and game.revokes and ask_having_none(game, slips):
        return "ask"
    return None


def commit_irregularity(game: Any, slips: Any) -> str | None:
    """Commit one irregularity open now (:func:`irregularities_open
    <dummybridge.engine.laws.offences.irregularities_open>`, every one the
    engine offers): its name drawn first, each open name as likely, then
    who commits it and how (an insufficient bid: the one just short of
    enough); the name, or ``None`` when none is open."""
    from ..engine.laws.offences import irregularities_open

    found = irregularities_open(game)
    if not found:
        return None
    names = sorted(found)
    return commit_named(game, slips, names[slips.below(len(names))], found)


def commit_named(
    game: Any, slips: Any, name: str, found: Mapping[str, Sequence[Any]] | None = None
) -> str:
    """Commit the irregularity ``name``, open now (``found``: the open ones,
    by name, if known): who commits it and how drawn from ``slips`` (an
    insufficient bid: the one just short of enough); its name."""
    from ..engine.laws.offences import irregularities_open

    choices = (irregularities_open(game) if found is None else found)[name]
    player, action = choices[-1] if name == "insufficient" else choices[slips.below(len(choices))]
    game.apply(action, player=player)
    return name


def ask_having_none(game: Any, slips: Any) -> bool:
    """Laws 60 a, 85: a revoke may be noticed in time: the first player who
    may ask "Having none?" does so one time in two: True when he did."""
    askers = [p for p in game.players if any(a.kind == "ask" for a in game.remarks(p))]
    if not askers or slips.below(2):
        return False
    game.apply("ask having none", player=askers[0])
    return True


def exposures(game: Any, player: str) -> list[Any]:
    """The cards ``player`` may expose now (laws 65-72)."""
    return [a for a in game.remarks(player) if a.kind == "expose_card"]


def call_exposed(game: Any) -> bool:
    """The declarer calls an exposed card of the adversary to play, when he
    may (law 67): True when he did."""
    declarer = game.declarer
    if declarer is None or game.phase != "play":
        return False
    player = game.seat_player[declarer]
    calls = [a for a in game.remarks(player) if a.kind == "call_card"]
    if not calls:
        return False
    game.apply(calls[0], player=player)
    return True


def not_noticed(game: Any, slips: Any) -> bool:
    """Law 78: a lead out of turn goes unnoticed (``let lead stand``, where the
    rules offer it) one time in two: True when it did."""
    stands = [a for a in game.legal_actions() if a.kind == "lead_stands"]
    if not stands or slips.below(2):
        return False
    game.apply(stands[0])
    return True


def notice_false_lead(game: Any, slips: Any) -> bool:
    """Law 78: a lead out of turn let stand, with cards on it, is noticed by
    the declarer's player one time in two: True when it was."""
    declarer = game.declarer
    if declarer is None:
        return False
    player = game.seat_player[declarer]
    notice = [a for a in game.remarks(player) if a.kind == "false_lead"]
    if not notice or slips.below(2):
        return False
    game.apply(notice[0], player=player)
    return True


def lead_on_again(game: Any, slips: Any) -> bool:
    """Law 71: the player who led on a winning card, while the declarer has
    not chosen, leads on another one time in two, where he may: True when he did."""
    pending = game.deal.pending
    if pending is None or pending.call.kind != "lead_on":
        return False
    player = game.seat_player[pending.offender]
    more = [a for a in game.remarks(player) if a.kind == "lead_on"]
    if not more or slips.below(2):
        return False
    game.apply(more[slips.below(len(more))], player=player)
    return True


def irregularities(log: Sequence[Any]) -> list[Irregularity]:
    """The irregularities of a game's log, each with the penalty chosen next
    and the offending side's net points in its deal."""
    out: list[Irregularity] = []
    deal: list[Any] = []
    open_: list[tuple[str, int, str]] = []  # name, side, decision

    def close() -> None:
        points = _points_by_side(deal)
        out.extend(Irregularity(n, d, points[s] - points[1 - s]) for n, s, d in open_)
        open_.clear()

    for op in log:
        if op.kind == "deal":
            close()
            deal = []
            continue
        deal.append(op)
        if op.kind == "lead_on" and open_ and open_[-1][0] == "lead_on" and not open_[-1][2]:
            continue  # law 71: another card led on, the same irregularity
        if op.kind in IRREGULAR:
            name = op.kind
            if op.kind == "out_of_turn" and op.action is not None:
                name = f"out_of_turn {op.action.kind}"
            open_.append((name, seat_side(op.seat), ""))
        elif (
            op.kind in PLAY_DECISIONS
            and open_
            and not open_[-1][2]
            and open_[-1][0] in _PLAY_IRREGULAR
            # "I have the rest" is decided at once, or never (ELW05 law 74)
            and (open_[-1][0] != "have_rest" or deal[-2].kind == "have_rest")
        ):
            open_[-1] = (*open_[-1][:2], op.kind)
        elif op.kind in DECISIONS and open_ and not open_[-1][2]:
            if op.kind in ("claim", "waive"):  # a revoke's penalty: all of them
                open_[:] = [(n, s, d or (op.kind if n in _REVOKES else d)) for n, s, d in open_]
            else:
                open_[-1] = (*open_[-1][:2], op.kind)
    close()
    return out


def laws_text(data: Mapping[str, Any]) -> str:
    """The irregularities' table for the text report ("" without ``laws``)."""
    laws = data.get("laws")
    if not laws:
        return ""
    out = [
        "",
        f"irregularities (laws mode, rate {laws['rate']:g}){'':<6}"
        f"{'count':>6}{'a rubber':>9}  {'offender net (95% CI)':<26}penalties chosen",
    ]
    for name, g in laws["irregularities"].items():
        chosen = ", ".join(f"{k} {v}" for k, v in g["decisions"].items())
        out.append(
            f"{name:<42}{g['count']:>6}{g['per_rubber']:>9.2f}  "
            f"{_ci_text(g['offender_net']):<26}{chosen}"
        )
    if not laws["irregularities"]:
        out.append("none happened")
    return "\n".join(out)
