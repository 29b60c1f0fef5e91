"""Which bot plays better: duplicate matches over many seeded deals.

Each seed gives one deal (the game's own cut, shuffle and deal). It is played
twice with the same cards: once with bot X holding North-South and bot Y
East-West, once the other way round. The card luck cancels out: X's margin on
the deal is what its side scored minus what the other side scored (the deal's
score entries, by the rule file), summed over the two tables, and likewise in
tricks. The report gives the mean margin per deal with a 95% confidence
interval (normal approximation, mean +- 1.96 standard errors).

    python tools/bench_bots.py --deals 300
    python tools/bench_bots.py --pairs sampling:rule --deals 500 --variant auction-bridge
    python tools/bench_bots.py --pairs ddsampling:sampling --deals 100
    python tools/bench_bots.py --pairs ddsampling:sampling --dd-cards 10 --dd-samples 20

``--dd-cards`` and ``--dd-samples`` set the double-dummy sampling bot's
threshold (the most cards the hand to play holds for the solver to be used)
and its number of sampled deals per decision, to choose them by measurement.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time

from dummybridge.bots import Bot, bot_seed, make_bot
from dummybridge.bots.ddsampling import DDSamplingBot
from dummybridge.engine import session
from dummybridge.engine.game import Game
from dummybridge.language.loader import load_rules
from dummybridge.language.ruleset import RuleSet

#: the double-dummy sampling bot's settings (``--dd-cards``, ``--dd-samples``); empty: its defaults
DD_SETTINGS: dict[str, int] = {}


def bot(kind: str, seed: int, rules: RuleSet) -> Bot:
    """A bot by name, with the double-dummy sampling bot's settings of the command line."""
    if kind == "ddsampling" and DD_SETTINGS:
        return DDSamplingBot(seed, rules, **DD_SETTINGS)
    return make_bot(kind, seed, rules)


def table(rules: RuleSet, seed: int, ns: str, ew: str) -> tuple[int, int]:
    """Play the first deal of ``seed`` with bot ``ns`` at North-South and
    ``ew`` at East-West: (N-S points minus E-W points, N-S tricks)."""
    game = Game(rules, seed)
    # A side's points: those of one score-sheet column its points go to (with
    # a sheet per player, each player of the side gets them in full). Taken
    # now: where the dealer holds the Dummy the table is laid anew each deal.
    credit = session.credit(game)
    kinds = {p: ns if int(game.player_seats[p][0]) % 2 == 0 else ew for p in game.players}
    bots = {p: bot(kinds[p], bot_seed(seed, f"{p}:{kinds[p]}"), rules) for p in game.players}
    while game.deal_number == 1 and not game.is_over:
        actor = game.actor
        assert actor is not None
        game.apply(bots[actor].choose(game.observation(actor)))
    scored = next(op.detail for op in game.log if op.kind == "score")
    points = [0, 0]
    for entry in scored["entries"]:
        for side in (0, 1):
            if entry["kind"] != "rubber" and entry["column"] == credit[side][0]:
                points[side] += entry["points"]
    ns_tricks = sum(
        1 for op in game.log if op.kind == "trick" and op.seat is not None and int(op.seat) % 2 == 0
    )
    return points[0] - points[1], ns_tricks


def match(
    rules: RuleSet, x: str, y: str, deals: int, first_seed: int
) -> tuple[list[int], list[int]]:
    """X's margins in points and in tricks, per deal (both tables)."""
    points, tricks = [], []
    for seed in range(first_seed, first_seed + deals):
        p1, t1 = table(rules, seed, x, y)
        p2, t2 = table(rules, seed, y, x)
        points.append(p1 - p2)
        tricks.append(t1 - t2)
    return points, tricks


def interval(values: list[int]) -> str:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    verdict = "better" if mean - half > 0 else "worse" if mean + half < 0 else "not separated"
    return f"{mean:+8.2f}  [{mean - half:+8.2f}, {mean + half:+8.2f}]  {verdict}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default="bridge")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1, help="the first seed")
    parser.add_argument(
        "--pairs",
        nargs="+",
        default=["sampling:rule", "rule:random"],
        help="X:Y matches to play (default: sampling:rule rule:random)",
    )
    parser.add_argument(
        "--dd-cards",
        type=int,
        default=None,
        help="ddsampling: the most cards in hand for the solver to be used",
    )
    parser.add_argument(
        "--dd-samples",
        type=int,
        default=None,
        help="ddsampling: sampled deals per double-dummy decision",
    )
    args = parser.parse_args(argv)
    if args.dd_cards is not None:
        DD_SETTINGS["dd_cards"] = args.dd_cards
    if args.dd_samples is not None:
        DD_SETTINGS["dd_samples"] = args.dd_samples
    rules = load_rules(args.variant)
    print(
        f"{rules.title}: {args.deals} deals (seeds {args.seed}..{args.seed + args.deals - 1}), "
        "each played at two tables with the cards swapped"
    )
    print("X's margin per deal, mean and 95% confidence interval:")
    for pair in args.pairs:
        x, y = pair.split(":")
        start = time.perf_counter()
        points, tricks = match(rules, x, y, args.deals, args.seed)
        took = time.perf_counter() - start
        settings = ", ".join(f"{k} {v}" for k, v in DD_SETTINGS.items())
        print(
            f"  {x} vs {y}"
            + (f" (ddsampling: {settings})" if settings and "ddsampling" in pair else "")
        )
        print(f"    points {interval(points)}")
        print(f"    tricks {interval(tricks)}")
        print(f"    ({took:.1f} s)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
