"""The analyst's options: ``solve`` from a position in mid-play, ``analyse`` filters.

``dummybridge solve RECORD.json --move N`` solves the position after the
record's first ``N`` actions (or a PBN file's, its ``Auction`` and ``Play``
replayed: ``solve FILE.pbn --move N``), in the middle of a trick or between tricks: the
tricks the side to play takes in the deal, with every hand in sight, and what
each card it may play keeps. ``dummybridge analyse`` takes ``--seat`` (one
hand's cards only), ``--costly`` (only the cards that cost tricks) and
``--deal N``.

Building the parser imports nothing heavy from here (``validate`` must stay
light): the solver and the engine are imported when a command runs.
"""

from __future__ import annotations

import argparse
import json
from typing import Any

__all__ = [
    "add_analysis_options",
    "add_position_options",
    "position_solution",
    "solve_command",
    "solve_position",
]

_SEAT_NAMES = ("North", "East", "South", "West")


def add_position_options(solve: argparse.ArgumentParser) -> None:
    """``solve --move N``: the first argument is then a JSON game record;
    the command is :func:`solve_command`."""
    solve.add_argument(
        "--move",
        type=int,
        metavar="N",
        help="DEAL is a JSON game record: solve the position after its first N actions "
        "(in the play of a deal)",
    )
    solve.add_argument(
        "--rules",
        metavar="FILE",
        help="with --move: the rule file of a record that names its rules by path; "
        "for a PBN file, the variant or rule file to replay it under (default: its Variant tag)",
    )
    solve.set_defaults(func=solve_command)


def solve_command(args: argparse.Namespace) -> int:
    """``dummybridge solve``: a deal in PBN for a leader (and ``--table``), or
    with ``--move N`` a position in a record's play (:func:`solve_position`)."""
    if args.move is not None:
        return solve_position(args)
    from ..analysis.doubledummy import parse_seat, parse_strain, solution_json, solution_text, table
    from ..analysis.doubledummy import solve as solve_deal

    solver = solver_option(args)
    sol = solve_deal(args.deal, parse_strain(args.trump), parse_seat(args.leader), solver)
    tab = table(args.deal, solver) if args.table else None
    if args.format == "json":
        print(json.dumps(solution_json(sol, args.deal, tab), indent=2))
    else:
        print(solution_text(sol, args.deal, tab))
    return 0


def add_memory_option(parser: argparse.ArgumentParser) -> None:
    """``--memory MIB``: the most memory the solver's table may grow to."""
    from ..analysis.doubledummy import MEMORY_DEFAULT_MIB, MEMORY_MAX_MIB

    parser.add_argument(
        "--memory",
        type=int,
        metavar="MIB",
        help=f"let the solver's table grow, when full, up to MIB MiB (1 to {MEMORY_MAX_MIB}; "
        f"default: a fixed {MEMORY_DEFAULT_MIB} MiB, forgetting half when full); "
        "long and freak deals solve faster with more",
    )


def solver_option(args: argparse.Namespace) -> Any:
    """The solver ``--memory`` asks for (None: the shared default one)."""
    from ..analysis.doubledummy import memory_solver

    mib = getattr(args, "memory", None)
    return None if mib is None else memory_solver(mib, "--memory")


def add_analysis_options(analyse: argparse.ArgumentParser) -> None:
    """``analyse --seat S``, ``--costly``, ``--deal N``."""
    analyse.add_argument(
        "--seat",
        type=str.upper,
        choices=("N", "E", "S", "W"),
        help="only the cards played from this hand",
    )
    analyse.add_argument("--costly", action="store_true", help="only the cards that cost tricks")
    analyse.add_argument("--deal", type=int, metavar="N", help="only deal N")


def position_solution(game: Any, solver: Any = None) -> dict[str, Any]:
    """The double-dummy answer for the hand to play in ``game`` (in its play):
    the most tricks its side takes in the deal, and what each card keeps
    (on ``solver``, by default a new one of the default size)."""
    from ..analysis.doubledummy import play_position
    from ..core import _native
    from ..core.cards import seat_side

    pos = play_position(game)
    best, values = (solver or _native.DDSolver()).solve_cards(pos)
    side = seat_side(game.to_act)
    won = game.observation(game.players[0]).tricks_won
    return {
        "side": side,
        "won": (won[0], won[1]),
        "left": bin(pos.hands[pos.leader]).count("1") + (1 if pos.trick else 0),
        "best": best,
        "cards": values,
    }


def _check_position(game: Any, move: int, total: int, file: str) -> None:
    from ..errors import DummyBridgeError

    if not 0 <= move <= total:
        raise DummyBridgeError(f"--move {move}: {file} has {total} actions (0 to {total})")
    if game.phase != "play" or game.to_act is None or game.denomination is None:
        phase = {"double": "doubling", "declare": "declaration"}.get(game.phase, game.phase)
        where = "the game is over" if game.is_over else f"deal {game.deal_number} is in its {phase}"
        raise DummyBridgeError(
            f"--move {move}: after it {where}, not in the play of the cards: "
            "name a move in the play"
        )


def solve_position(args: argparse.Namespace) -> int:
    """``dummybridge solve RECORD --move N`` (a JSON record, or a PBN file)."""
    from ..analysis.doubledummy import card_text
    from ..core import _native
    from ..formats.records import load_game, replay_record

    if args.deal.lower().endswith(".pbn"):
        from .pbn_import import import_file

        whole = import_file(args.deal, args.rules, None)
        record = whole.to_record()
    else:
        whole, record = load_game(args.deal, rules_file=args.rules)
    actions = record["actions"]
    game = replay_record(
        {**record, "actions": actions[: max(0, args.move)]}, args.deal, rules=whole.rules
    )
    _check_position(game, args.move, len(actions), args.deal)
    sol = position_solution(game, solver_option(args))
    side, best, values = sol["side"], sol["best"], sol["cards"]
    total = sol["won"][side] + best
    assert game.to_act is not None  # (_check_position)
    assert game.denomination is not None
    seat = int(game.to_act)
    strain = int(game.denomination.strain)
    if args.format == "json":
        print(
            json.dumps(
                {
                    "move": args.move,
                    "deal": game.deal_number,
                    "trick": len(game.tricks) + 1,
                    "to_play": "NESW"[seat],
                    "trump": ("C", "D", "H", "S", "NT")[strain],
                    "won": {"NS": sol["won"][0], "EW": sol["won"][1]},
                    "tricks": total,
                    "best": [
                        _native.card_format(c)
                        for c, v in sorted(values.items(), reverse=True)
                        if v == best
                    ],
                    "cards": {
                        _native.card_format(c): sol["won"][side] + v
                        for c, v in sorted(values.items(), reverse=True)
                    },
                },
                indent=2,
            )
        )
        return 0
    names = ("North-South", "East-West")
    trumps = "no trumps" if strain == 4 else f"{'♣♦♥♠'[strain]} trumps"
    tops = [c for c, v in sorted(values.items(), reverse=True) if v == best]
    lines = [
        f"After move {args.move}: deal {game.deal_number}, trick {len(game.tricks) + 1}, "
        f"{trumps}; {names[0]} have won {sol['won'][0]}, {names[1]} {sol['won'][1]}",
        f"{_SEAT_NAMES[seat]} to play: {names[side]} take {total} "
        f"trick{'' if total == 1 else 's'} in the deal "
        f"({best} of the {sol['left']} left)",
    ]
    if len(tops) == len(values):
        lines.append(
            "best: any card (all take the same)"
            if len(values) > 1
            else f"best: {card_text(tops[0])}"
        )
    else:
        lines.append("best: " + " ".join(card_text(c) for c in tops))
        others = sorted(
            ((v, c) for c, v in values.items() if v != best), key=lambda x: (-x[0], -x[1])
        )
        lines.append(
            "others: " + " ".join(f"{card_text(c)}:{sol['won'][side] + v}" for v, c in others)
        )
    print("\n".join(lines))
    return 0
