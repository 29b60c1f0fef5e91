"""The ``dummybridge`` command line: the only module that prints.

Every :class:`~dummybridge.errors.DummyBridgeError` becomes a one-line (or,
for rule files, one-line-per-problem) message and exit status 1; anything
else is reported as an internal error with exit status 70 and no traceback
(set ``DUMMYBRIDGE_DEBUG=1`` to see one).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import TextIO

from . import __version__
from .errors import DummyBridgeError, RuleFileError

__all__ = ["main"]

EXIT_OK = 0
EXIT_ERROR = 1
EXIT_USAGE = 2
EXIT_INTERNAL = 70


def _can_show_symbols(stream: TextIO) -> bool:
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        "♠♥♦♣".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def _cmd_play(args: argparse.Namespace) -> int:
    from ._native import Rng
    from .bots import bot_seed, make_bot
    from .loader import load_rules
    from .render import game_record
    from .state import Game

    rules = load_rules(args.variant)
    if args.rubbers < 1:
        raise DummyBridgeError(f"--rubbers must be at least 1, not {args.rubbers}")
    if not 0 <= args.irregularities <= 1:
        raise DummyBridgeError(f"--irregularities must be from 0 to 1, not {args.irregularities}")
    laws = args.laws or args.irregularities > 0
    game = Game(rules, args.seed, rubbers=args.rubbers, laws=laws)
    bots = {p: make_bot(args.bots, bot_seed(args.seed, p), rules) for p in game.players}
    # Irregularities come from their own stream, seeded from the game's seed.
    slips = Rng(bot_seed(args.seed, "irregularities"))
    while not game.is_over:
        player = game.actor
        assert player is not None
        slips_open = game.irregular_actions() if args.irregularities else ()
        if slips_open and slips.next() < args.irregularities * 2**64:
            if game.phase == "auction":  # an insufficient bid: just short of enough
                game.apply(slips_open[-1])
            else:  # a revoke
                game.apply(slips_open[slips.below(len(slips_open))])
            continue
        if args.irregularities and game.phase == "auction" and \
                slips.next() < args.irregularities * 2**64:
            others = [p for p in game.players if game.out_of_turn_actions(p)]
            if others:
                culprit = others[slips.below(len(others))]
                # Calling too soon, with the cheapest call he could make.
                game.apply(game.out_of_turn_actions(culprit)[0], player=culprit)
                continue
        game.apply(bots[player].choose(game.observation(player)))
    symbols = not args.ascii and _can_show_symbols(sys.stdout)
    print(game_record(game, symbols=symbols))
    if args.record:
        with open(args.record, "w", encoding="utf-8") as fh:
            json.dump(game.to_record(), fh, indent=1)
            fh.write("\n")
    return EXIT_OK


def _cmd_variants(args: argparse.Namespace) -> int:
    from .loader import builtin_variants

    variants = builtin_variants()
    width = max(len(v.name) for v in variants)
    for v in variants:
        aliases = f"  (also: {', '.join(v.aliases)})" if v.aliases else ""
        print(f"{v.name:<{width}}  {v.title}{aliases}")
    return EXIT_OK


def _cmd_validate(args: argparse.Namespace) -> int:
    from .loader import validate_files

    text, status = validate_files(args.files, fmt=args.format, verbose=args.verbose)
    print(text)
    return status


def _cmd_schema(args: argparse.Namespace) -> int:
    from .loader import schema_text

    print(schema_text(), end="")
    return EXIT_OK


def _cmd_solve(args: argparse.Namespace) -> int:
    from .doubledummy import parse_seat, parse_strain, solution_json, solution_text, solve, table

    sol = solve(args.deal, parse_strain(args.trump), parse_seat(args.leader))
    tab = table(args.deal) if args.table else None
    if args.format == "json":
        print(json.dumps(solution_json(sol, args.deal, tab), indent=2))
    else:
        print(solution_text(sol, args.deal, tab))
    return EXIT_OK


def _cmd_analyse(args: argparse.Namespace) -> int:
    from .doubledummy import analyse_record, analysis_json, analysis_text
    from .errors import InvalidNotationError

    try:
        with open(args.record, encoding="utf-8") as f:
            record = json.load(f)
    except json.JSONDecodeError as exc:
        raise InvalidNotationError(
            f"{args.record}:{exc.lineno}:{exc.colno}: error: {exc.msg}") from None
    costs = analyse_record(record)
    if args.format == "json":
        print(json.dumps(analysis_json(costs), indent=2))
    else:
        print(analysis_text(costs))
    return EXIT_OK


def build_parser() -> argparse.ArgumentParser:
    """The argument parser (exposed for the docs and the tests)."""
    parser = argparse.ArgumentParser(
        prog="dummybridge",
        description="Rules engine for Bridge, Dummy Bridge, Double Dummy, Three-handed and "
                    "Auction Bridge as played c. 1900-1915.",
    )
    parser.add_argument("--version", action="version", version=f"dummybridge {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    play = sub.add_parser("play", help="play a whole rubber with bots and print the record")
    play.add_argument("variant", nargs="?", default="bridge",
                      help="a built-in variant (see 'variants') or a rule file (default: bridge)")
    play.add_argument("--seed", type=int, default=1, help="the one seed of every random step")
    play.add_argument("--bots", choices=["rule", "random", "perfect"], default="rule",
                      help="which bots play (default: rule; perfect: double-dummy best "
                           "cards whenever the bot sees every hand)")
    play.add_argument("--rubbers", type=int, default=1,
                      help="how many rubbers to play (default: 1)")
    play.add_argument("--laws", action="store_true",
                      help="laws mode: irregularities may happen and are penalised")
    play.add_argument("--irregularities", type=float, default=0.0, metavar="RATE",
                      help="in laws mode, the chance that a player able to revoke does so, "
                           "and that someone calls out of turn in the auction (implies --laws)")
    play.add_argument("--ascii", action="store_true", help="letters instead of suit symbols")
    play.add_argument("--record", metavar="FILE", help="also write the JSON game record to FILE")
    play.set_defaults(func=_cmd_play)

    variants = sub.add_parser("variants", help="list the built-in rule files")
    variants.set_defaults(func=_cmd_variants)

    validate = sub.add_parser("validate", help="check rule files; exit 0 if all are valid")
    validate.add_argument("files", nargs="+", metavar="FILE")
    validate.add_argument("--format", choices=["text", "json"], default="text")
    validate.add_argument("-v", "--verbose", action="store_true",
                          help="show every alternative of a oneOf/anyOf failure")
    validate.set_defaults(func=_cmd_validate)

    schema = sub.add_parser("schema", help="print the rule-file JSON Schema")
    schema.set_defaults(func=_cmd_schema)

    solve = sub.add_parser("solve", help="double-dummy: the tricks the side on lead can take")
    solve.add_argument("deal", help='a PBN deal, "N:AKQ.xx.xx.xx ..." (equal hands of any size)')
    solve.add_argument("--trump", default="N", help="C, D, H, S or NT (default: NT)")
    solve.add_argument("--leader", default="W", help="N, E, S or W (default: W)")
    solve.add_argument("--table", action="store_true",
                       help="also the 20-result table (every declarer and strain)")
    solve.add_argument("--format", choices=["text", "json"], default="text")
    solve.set_defaults(func=_cmd_solve)

    analyse = sub.add_parser("analyse", aliases=["analyze"],
                             help="the double-dummy cost of each card played in a game record")
    analyse.add_argument("record", metavar="RECORD", help="a JSON record from 'play --record'")
    analyse.add_argument("--format", choices=["text", "json"], default="text")
    analyse.set_defaults(func=_cmd_analyse)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return EXIT_USAGE
    try:
        return int(args.func(args))
    except RuleFileError as exc:
        print(str(exc), file=sys.stderr)
        return EXIT_ERROR
    except DummyBridgeError as exc:
        print(f"dummybridge: error: {exc}", file=sys.stderr)
        return EXIT_ERROR
    except BrokenPipeError:
        # The reader went away (``dummybridge play | head``): stop quietly.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return EXIT_OK
    except OSError as exc:
        print(f"dummybridge: error: {exc.strerror or exc}: {exc.filename or ''}".rstrip(": "),
              file=sys.stderr)
        return EXIT_ERROR
    except KeyboardInterrupt:
        print("dummybridge: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:
        if os.environ.get("DUMMYBRIDGE_DEBUG"):
            raise
        print(f"dummybridge: internal error: {type(exc).__name__}: {exc}", file=sys.stderr)
        return EXIT_INTERNAL


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
