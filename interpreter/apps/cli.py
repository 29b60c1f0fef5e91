"""The ``dummybridge`` command line: the only module that prints.

Every :class:`~dummybridge.errors.DummyBridgeError` becomes a one-line (or,
for rule files, one-line-per-problem) message and exit status 1; anything
else is reported as an internal error with exit status 70 and no traceback
(set ``DUMMYBRIDGE_DEBUG=1`` to see one); Ctrl-C exits 130, SIGTERM 143
(:mod:`.toplevel`).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Callable, Sequence
from typing import TextIO, TypeAlias

from .. import __version__
from ..core.files import clip
from ..errors import DummyBridgeError
from .outputs import (
    add_force_option,
    add_record_schema_option,
    add_rules_option,
    check_outputs,
    print_record_schema,
    write_record,
)
from .pbn_import import add_import, start_game
from .serving import add_serve
from .toplevel import Parser, run

__all__ = ["main"]

EXIT_OK = 0
EXIT_ERROR = 1
EXIT_USAGE = 2
EXIT_INTERNAL = 70

# What add_subparsers() returns: where each command adds its parser.
_Commands: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"


def _out(text: str, end: str = "\n") -> None:
    """Print to standard output; if its reader has gone (``dummybridge ... | head``),
    print nothing more but let the command finish: files it writes are still
    written and its exit status still says what it found."""
    try:
        print(text, end=end, flush=True)
    except BrokenPipeError:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)


def _can_show_symbols(stream: TextIO) -> bool:
    encoding = getattr(stream, "encoding", None) or "ascii"
    try:
        "♠♥♦♣".encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def _use_colour(choice: str, stream: TextIO) -> bool:
    if choice != "auto":
        return choice == "always"
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") in (None, "", "dumb"):
        return False
    return bool(getattr(stream, "isatty", lambda: False)())


def _read_line(prompt: str) -> str:
    sys.stdout.write(prompt)
    sys.stdout.flush()
    line = sys.stdin.readline()
    if not line:
        raise EOFError
    return line


def _run_session(
    game: object, human: str, args: argparse.Namespace, save: str | None, bot_states: object = None
) -> int:
    from ..engine.game import Game
    from .terminal import Session

    assert isinstance(game, Game)
    symbols = not args.ascii and _can_show_symbols(sys.stdout)
    session = Session(
        game,
        human,
        bots=args.bots,
        save_path=save,
        write=print,
        read=_read_line,
        symbols=symbols,
        colour=symbols and _use_colour(args.color, sys.stdout),
        bot_states=bot_states if isinstance(bot_states, dict) else None,
        resumed=bot_states is not None,
    )
    return session.run()


#: The most rubbers one session of ``play`` may last: the session keeps its
#: whole log, so the bound keeps its memory in hand.
PLAY_RUBBERS_MAX = 10_000
#: The most rubbers ``simulate`` plays (each a game of its own).
SIMULATE_RUBBERS_MAX = 1_000_000
#: The bots ``--bots`` may name: those of :data:`dummybridge.bots.basic.BOT_KINDS`,
#: written here so that building the parser imports no bot (a test holds them equal).
BOT_KINDS = ("ddsampling", "perfect", "random", "rule", "sampling")


def _check_rubbers(rubbers: int, most: int) -> None:
    if not 1 <= rubbers <= most:
        raise DummyBridgeError(f"--rubbers must be from 1 to {most:,}, not {rubbers}")


def _cmd_play_interactive(args: argparse.Namespace) -> int:
    from ..core.cards import Seat
    from ..language.loader import load_rules
    from .terminal import finished_save

    rules = load_rules(args.variant)
    if args.irregularities:
        raise DummyBridgeError(
            "--irregularities makes bots slip in games of bots only; "
            "with --seat/--player use --laws"
        )
    _check_rubbers(args.rubbers, PLAY_RUBBERS_MAX)
    if args.pbn:
        raise DummyBridgeError(
            "--pbn writes the deals of a game of bots; with --seat/--player "
            "the game is saved as you play (--save)"
        )
    game = start_game(args, rules, args.laws)
    if args.player is not None:
        if args.player not in game.players:
            raise DummyBridgeError(
                f"--player {args.player!r}: {rules.name} has the players {', '.join(game.players)}"
            )
        human = args.player
    else:
        seat = Seat.from_str(args.seat)
        human = game.seat_player[seat]
    save = args.save
    if save is None:
        save = f"dummybridge-{rules.name}-{args.seed}.json"
        if os.path.exists(save) and not finished_save(save):  # a finished one may be replaced
            raise DummyBridgeError(
                f"{save} exists: continue it with 'dummybridge resume {save}', or name "
                "another file with --save FILE"
            )
    check_outputs(
        {"the rule file": args.variant, "--deal": args.deal}, {"--save": save}, force=args.force
    )
    return _run_session(game, human, args, save or None)


def _cmd_resume(args: argparse.Namespace) -> int:
    from .terminal import load_session

    game, session = load_session(args.file, rules_file=args.rules)
    check_outputs({}, {"--save": args.file}, force=True)  # ours: only where it is, and leftovers
    args.bots = session.get("bots", "rule")
    print(
        f"Resuming {args.file}: {game.rules.title}, deal {game.deal_number}, "
        f"{len(game.actions)} actions so far; you are {session['human']}."
    )
    return _run_session(
        game, str(session["human"]), args, args.file, session.get("bot_states") or {}
    )


def _cmd_play(args: argparse.Namespace) -> int:
    if args.seat is not None or args.player is not None:
        return _cmd_play_interactive(args)
    from ..bots.basic import bot_seed, make_bot
    from ..core._native import Rng
    from ..formats.render import game_record
    from ..language.loader import load_rules
    from .lawsim import irregular_step

    rules = load_rules(args.variant)
    check_outputs(
        {"the rule file": args.variant, "--deal": args.deal},
        {"--record": args.record, "--pbn": args.pbn},
        force=args.force,
        exports=("--pbn",),
    )
    _check_rubbers(args.rubbers, PLAY_RUBBERS_MAX)
    if not 0 <= args.irregularities <= 1:
        raise DummyBridgeError(f"--irregularities must be from 0 to 1, not {args.irregularities}")
    laws = args.laws or args.irregularities > 0
    game = start_game(args, rules, laws)  # with --deal FILE.pbn: the file's games replayed
    bots = {p: make_bot(args.bots, bot_seed(args.seed, p), rules) for p in game.players}
    # Irregularities come from their own stream, seeded from the game's seed.
    slips = Rng(bot_seed(args.seed, "irregularities"))
    threshold = min(int(args.irregularities * 2**64), 2**64)
    while not game.is_over:
        player = game.actor
        assert player is not None
        # the sampler of simulate --laws: every irregularity the engine offers
        if args.irregularities and irregular_step(game, slips, threshold):
            continue
        game.apply(bots[player].choose(game.observation(player)))
    symbols = not args.ascii and _can_show_symbols(sys.stdout)
    _out(game_record(game, symbols=symbols))
    if args.record:
        write_record(args.record, game.to_record())
    if args.pbn:
        from ..formats.pbn import write_pbn

        write_pbn(game, args.pbn)
    return EXIT_OK


def _cmd_export(args: argparse.Namespace) -> int:
    from ..formats.pbn import export_pbn_parts, write_pbn
    from ..formats.pbn_export import Replayed
    from ..formats.records import load_game

    output = None if args.output in (None, "-") else args.output
    check_outputs({"the record": args.record}, {"-o": output}, force=args.force, exports=("-o",))
    replayed = Replayed()  # what the export needs of the replay, seen as the record loads
    game = load_game(args.record, rules_file=args.rules, see=replayed.see, spend=True)[0]
    if output:  # a game at a time, into a file renamed over the target at the end
        write_pbn(game, output, replayed=replayed)
        return EXIT_OK
    sys.stdout.flush()
    for part in export_pbn_parts(game, replayed=replayed):  # streamed as it is made
        sys.stdout.buffer.write(part.encode("latin-1", errors="replace"))
    sys.stdout.buffer.flush()
    return EXIT_OK


def _cmd_simulate(args: argparse.Namespace) -> int:
    from ..language.loader import load_rules
    from .lawsim import laws_text, simulate_runs
    from .simulate import ProgressBar, simulate
    from .simulate_report import compare, report, text_report

    rules = load_rules(args.variant)
    _check_rubbers(args.rubbers, SIMULATE_RUBBERS_MAX)
    if not 0 <= args.seed < 2**64:
        raise DummyBridgeError(f"--seed must be from 0 to 2**64 - 1, not {clip(str(args.seed))}")
    jobs = args.jobs if args.jobs is not None else (os.cpu_count() or 1)
    if jobs < 1:
        raise DummyBridgeError(f"--jobs must be at least 1, not {jobs}")
    if _dask_unusable(args):
        return EXIT_USAGE
    n = rules.table.players
    kinds = [k.strip() for k in args.bots.split(",")]
    if len(kinds) == 1:
        kinds *= n
    if len(kinds) != n:
        raise DummyBridgeError(
            f"--bots: {rules.name} has {n} players; give one bot for all "
            f"or {n} separated by commas, not {len(kinds)}"
        )
    for kind in kinds:
        if kind not in BOT_KINDS:
            raise DummyBridgeError(
                f"--bots: unknown bot {kind!r} (choose from: {', '.join(BOT_KINDS)})"
            )
    other = load_rules(args.compare) if args.compare else None
    if other is not None and other.table.players != n:
        raise DummyBridgeError(
            f"--compare: {other.name} has {other.table.players} players "
            f"and {rules.name} {n}; rubbers can only be paired with as many"
        )
    players = "ABCD"[:n]
    bots = dict(zip(players, kinds, strict=True))
    bar, total = None if args.no_progress else ProgressBar(sys.stderr, rate=True), args.rubbers
    total *= 1 if other is None else 2  # one bar for both runs
    # with --laws, in laws mode
    runs, laws = simulate_runs(args, rules, kinds, jobs, bar and bar.part(0, total))
    data = report(rules, runs, args.seed, bots) | laws
    if other is not None:
        again = simulate(
            other,
            args.rubbers,
            args.seed,
            kinds,
            jobs,
            bar and bar.part(args.rubbers, total),
            args.scheduler,
        )
        data["compare"] = compare(rules, other, runs, again)
    if args.format == "json":
        _out(json.dumps(data, indent=1))
    else:
        _out(text_report(data) + laws_text(data))
    return EXIT_OK


def _dask_unusable(args: argparse.Namespace) -> bool:
    """With ``--scheduler``: True when Dask is missing (said on standard error; exit status 2)."""
    from .cluster import scheduler_problem

    problem = scheduler_problem(args.scheduler, args.jobs)
    if problem:
        print(f"dummybridge: {problem}", file=sys.stderr)
    return problem is not None


def _cmd_dd(args: argparse.Namespace) -> int:
    from .ddrun import run
    from .simulate import ProgressBar

    if args.output and not os.path.isdir(args.output):  # PBN may be annotated in place
        inputs = {f"input {i + 1}": p for i, p in enumerate(args.files) if args.format != "pbn"}
        check_outputs(inputs, {"-o": args.output})
    if _dask_unusable(args):
        return EXIT_USAGE
    bar = None if args.no_progress else ProgressBar(sys.stderr, "boards", "dd", rate=True)
    data = run(args, bar)
    if data is not None:
        sys.stdout.flush()
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
    return EXIT_OK


def _cmd_variants(args: argparse.Namespace) -> int:
    from ..language.loader import builtin_variants, house_rules

    # One list sorted by name: the shipped house rules fall together as house/NAME.
    variants = sorted((*builtin_variants(), *house_rules()), key=lambda v: v.name)
    width = max(len(v.name) for v in variants)
    for v in variants:
        aliases = f"  (also: {', '.join(v.aliases)})" if v.aliases else ""
        _out(f"{v.name:<{width}}  {v.title}{aliases}")
    return EXIT_OK


def _cmd_validate(args: argparse.Namespace) -> int:
    from ..language.loader import validate_files

    if args.effective:
        from .authoring import effective_command

        return effective_command(args, _out)
    text, status = validate_files(args.files, fmt=args.format, verbose=args.verbose)
    _out(text)
    return status


def _cmd_schema(args: argparse.Namespace) -> int:
    from ..language.loader import schema_text

    if args.record:
        return print_record_schema()
    if args.scenario:
        from .conform import scenario_schema_text

        _out(scenario_schema_text(), end="")
        return EXIT_OK
    _out(schema_text(), end="")
    return EXIT_OK


def _cmd_conform(args: argparse.Namespace) -> int:
    from .authoring import conform_command

    return conform_command(args, _out)


def _cmd_docs(args: argparse.Namespace) -> int:
    from ..language.keyword_lookup import keyword_section
    from ..language.keywords import reference_markdown

    _out(keyword_section(args.keyword) if args.keyword else reference_markdown(), end="")
    return EXIT_OK


def _cmd_analyse(args: argparse.Namespace) -> int:
    from ..analysis.doubledummy import analyse_record, analysis_json, analysis_text
    from ..formats.records import load_game
    from .analyst import solver_option

    # Replayed first as 'export' does, so that a bad record is reported at its path.
    game, record = load_game(args.record, rules_file=args.rules)
    rules = game.rules
    costs = analyse_record(record, solver_option(args), rules=rules)
    if args.format == "json":
        _out(json.dumps(analysis_json(costs, args.seat, args.costly, args.deal), indent=2))
    else:
        _out(analysis_text(costs, record, rules, args.seat, args.costly, args.deal))
    return EXIT_OK


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The argument parser (exposed for the docs and the tests).

    Building it imports nothing beyond this module: each command imports what
    it needs when it runs, so that ``dummybridge validate`` loads the rule
    language alone, never the engine or the bots.

    :param command: a command's name: the parser with that command's alone,
        all that running it needs (the others' arguments cost some 3 ms of
        CPU to build: 6.2 ms against 9.0 for the export of a 7.5 kB record,
        some 8% of that of a 40 kB one); ``None``, or
        a name that is no command's: with every command, for ``--help`` and
        the errors.
    """
    parser: argparse.ArgumentParser = Parser(
        prog="dummybridge",
        description="Rules engine for Bridge, Dummy Bridge, Double Dummy, Three-handed and "
        "Auction Bridge as played c. 1900-1915.",
    )
    parser.add_argument("--version", action="version", version=f"dummybridge {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    command = _ALIASES.get(command or "", command)
    for add in [_COMMANDS[command]] if command in _COMMANDS else _COMMANDS.values():
        add(sub)
    return parser


def _add_format(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--format", choices=["text", "json"], default="text")


def _add_colour(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--color",
        choices=["auto", "always", "never"],
        default="auto",
        help="red hearts and diamonds (default: when the terminal has colour)",
    )


def _add_play(sub: _Commands) -> None:
    play = sub.add_parser("play", help="play a whole rubber with bots and print the record")
    play.add_argument(
        "variant",
        nargs="?",
        default="bridge",
        help="a built-in variant (see 'variants') or a rule file (default: bridge)",
    )
    play.add_argument("--seed", type=int, default=1, help="the one seed of every random step")
    play.add_argument(
        "--bots",
        choices=BOT_KINDS,
        default="rule",
        help="which bots play (default: rule; sampling: deals the unseen cards "
        "many times and picks the best card on average; perfect: "
        "double-dummy best cards whenever the bot sees every hand; "
        "ddsampling: as sampling, but late in the play values each card "
        "on every sampled deal by the double-dummy solver)",
    )
    play.add_argument(
        "--rubbers",
        type=int,
        default=1,
        help=f"how many rubbers to play (default: 1; at most {PLAY_RUBBERS_MAX:,})",
    )
    play.add_argument(
        "--laws", action="store_true", help="laws mode: irregularities may happen and are penalised"
    )
    play.add_argument(
        "--irregularities",
        type=float,
        default=0.0,
        metavar="RATE",
        help="in laws mode, the chance that a player able to revoke does so, "
        "and that someone calls out of turn in the auction (implies --laws)",
    )
    play.add_argument("--ascii", action="store_true", help="letters instead of suit symbols")
    play.add_argument("--record", metavar="FILE", help="also write the JSON game record to FILE")
    play.add_argument(
        "--pbn", metavar="FILE", help="also write every deal to FILE in PBN 2.1 export format"
    )
    play.add_argument(
        "--deal",
        metavar="FILE.pbn",
        help="replay this PBN file's games in order (the deals, each hand to its "
        "seat, the auctions or declarations and the play) and play on from where they stop",
    )
    play.add_argument(
        "--board", metavar="N", help="with --deal: only the game whose Board tag is N"
    )
    _add_play_yourself(play)
    add_force_option(play, "--save/--record/--pbn", "save, record or PBN export")
    play.set_defaults(func=_cmd_play)


def _add_play_yourself(play: argparse.ArgumentParser) -> None:
    """The options of ``play`` for a person at the table: who, where to save, colour."""
    who = play.add_mutually_exclusive_group()
    who.add_argument(
        "--seat",
        metavar="SEAT",
        help="play yourself: the player at SEAT (N, E, S, W) when the game "
        "starts; bots play the others",
    )
    who.add_argument(
        "--player",
        metavar="NAME",
        help="play yourself as the player NAME (A, B, ...), with every hand he "
        "plays (for variants where a player holds several)",
    )
    play.add_argument(
        "--save",
        metavar="FILE",
        help="with --seat/--player: save the game here after every action "
        "(default: dummybridge-VARIANT-SEED.json, never overwritten; "
        "--save '' saves nothing)",
    )
    _add_colour(play)


def _add_resume(sub: _Commands) -> None:
    resume = sub.add_parser("resume", help="continue a game saved by 'play --seat/--player'")
    resume.add_argument("file", metavar="FILE")
    add_rules_option(resume)
    resume.add_argument("--ascii", action="store_true", help="letters instead of suit symbols")
    _add_colour(resume)
    resume.set_defaults(func=_cmd_resume)


def _add_export(sub: _Commands) -> None:
    export = sub.add_parser("export", help="write a JSON game record's deals as PBN 2.1")
    export.add_argument("record", metavar="RECORD", help="a record from 'play --record'")
    export.add_argument(
        "-o",
        "--output",
        metavar="FILE.pbn",
        help="write to this file, only if it is absent or a PBN file dummybridge "
        "exported, unless --force (default, or '-': standard output)",
    )
    add_force_option(export, "-o", "PBN export")
    add_rules_option(export)
    export.set_defaults(func=_cmd_export)


def _add_simulate(sub: _Commands) -> None:
    simulate = sub.add_parser("simulate", help="play many rubbers with bots and report statistics")
    simulate.add_argument(
        "variant",
        nargs="?",
        default="bridge",
        help="a built-in variant or a rule file (default: bridge)",
    )
    simulate.add_argument(
        "--rubbers",
        type=int,
        default=100,
        help=f"how many (default: 100; at most {SIMULATE_RUBBERS_MAX:,})",
    )
    simulate.add_argument(
        "--seed",
        type=int,
        default=1,
        help="the run's seed; each rubber's is derived from it and its number",
    )
    simulate.add_argument(
        "--jobs",
        type=int,
        default=None,
        help="worker processes, at most one per core and per rubber "
        "(default: every core); the result is the same",
    )
    simulate.add_argument(
        "--bots",
        default="rule",
        help="one bot for every player, or one per player (A,B,...) "
        "separated by commas (default: rule)",
    )
    _add_format(simulate)
    simulate.add_argument(
        "--compare",
        metavar="OTHER_RULE_FILE",
        help="play the same rubbers under these rules too and show the "
        "differences with 95%% confidence intervals",
    )
    simulate.add_argument("--no-progress", action="store_true", help="no progress bar")
    from .cluster import add_scheduler_argument
    from .lawsim import add_laws_arguments

    add_scheduler_argument(simulate)
    add_laws_arguments(simulate)
    simulate.set_defaults(func=_cmd_simulate)


def _add_variants(sub: _Commands) -> None:
    variants = sub.add_parser("variants", help="list the built-in variants and house rules")
    variants.set_defaults(func=_cmd_variants)


def _add_validate(sub: _Commands) -> None:
    validate = sub.add_parser("validate", help="check rule files; exit 0 if all are valid")
    validate.add_argument("files", nargs="+", metavar="FILE")
    _add_format(validate)
    validate.add_argument(
        "-v",
        "--verbose",
        action="store_true",
        help="show every alternative of a oneOf/anyOf failure",
    )
    validate.add_argument("--effective", action="store_true", help="print the merged rules as YAML")
    validate.set_defaults(func=_cmd_validate)


def _add_conform(sub: _Commands) -> None:
    conform = sub.add_parser(
        "conform", help="run conformance scenarios against a rule file; exit 0 if every case passes"
    )
    conform.add_argument(
        "rules",
        metavar="[RULEFILE]",
        help="a built-in variant or a rule file; left out, each scenario file's rules:",
    )
    conform.add_argument(
        "scenarios", nargs="*", metavar="SCENARIO", help="scenario files (see docs/scenarios.md)"
    )
    _add_format(conform)
    conform.add_argument("--junit", metavar="FILE", help="also write JUnit XML to FILE")
    conform.set_defaults(func=_cmd_conform)


def _add_schema(sub: _Commands) -> None:
    schema = sub.add_parser("schema", help="print the rule-file JSON Schema")
    schema.add_argument(
        "--scenario", action="store_true", help="print the scenario-file JSON Schema instead"
    )
    add_record_schema_option(schema)
    schema.set_defaults(func=_cmd_schema)


def _add_docs(sub: _Commands) -> None:
    docs = sub.add_parser("docs", help="print the rule-language reference (Markdown)")
    docs.add_argument(
        "keyword", nargs="?", help="only this keyword's section (doubling.limit.kind, most_pips)"
    )
    docs.set_defaults(func=_cmd_docs)


def _add_solve(sub: _Commands) -> None:
    from .analyst import add_memory_option, add_position_options

    solve = sub.add_parser("solve", help="double-dummy: the tricks the side on lead can take")
    solve.add_argument("deal", help='a PBN deal, "N:AKQ.xx.xx.xx ..." (equal hands of any size)')
    solve.add_argument("--trump", default="N", help="C, D, H, S or NT (default: NT)")
    solve.add_argument("--leader", default="W", help="N, E, S or W (default: W)")
    solve.add_argument(
        "--table", action="store_true", help="also the 20-result table (every declarer and strain)"
    )
    _add_format(solve)
    add_position_options(solve)  # --move N: a position in a record's play; its command
    add_memory_option(solve)


def _add_analyse(sub: _Commands) -> None:
    from .analyst import add_analysis_options, add_memory_option

    analyse = sub.add_parser(
        "analyse",
        aliases=["analyze"],
        help="the double-dummy cost of each card played in a game record",
    )
    analyse.add_argument("record", metavar="RECORD", help="a JSON record from 'play --record'")
    add_rules_option(analyse)
    _add_format(analyse)
    analyse.set_defaults(func=_cmd_analyse)
    add_analysis_options(analyse)  # --seat, --costly, --deal
    add_memory_option(analyse)


def _add_dd(sub: _Commands) -> None:
    from .cluster import add_scheduler_argument
    from .ddrun import add_arguments

    dd = sub.add_parser("dd", help="double-dummy tables of many deals, into PBN, JSON lines or CSV")
    add_arguments(dd)
    add_scheduler_argument(dd)
    dd.set_defaults(func=_cmd_dd)


#: Each command's parser by its name, in the order ``dummybridge --help`` lists them.
_COMMANDS: dict[str, Callable[[_Commands], None]] = {
    "play": _add_play,
    "resume": _add_resume,
    "export": _add_export,
    "import": add_import,
    "simulate": _add_simulate,
    "variants": _add_variants,
    "validate": _add_validate,
    "conform": _add_conform,
    "schema": _add_schema,
    "docs": _add_docs,
    "solve": _add_solve,
    "analyse": _add_analyse,
    "serve": add_serve,
    "dd": _add_dd,
}
#: the other names of commands (their parsers' ``aliases``)
_ALIASES = {"analyze": "analyse"}


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (:mod:`.toplevel`: errors and signals)."""
    return run(lambda: _main(argv))


def _main(argv: Sequence[str] | None) -> int:
    # An output that cannot show some text (an ASCII-only terminal and a rule
    # file titled "Brídge") gets escapes, never a UnicodeEncodeError.
    reconfigure = getattr(sys.stdout, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(errors="backslashreplace")
    argv = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser(argv[0] if argv else None)  # the command's alone, if it is one
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return EXIT_USAGE
    # The parser of every command (some 90 kB) is let go before the command
    # runs: a command's memory is bounded by its input's size (issue 22).
    del parser
    return int(args.func(args))


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
