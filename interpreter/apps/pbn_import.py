"""``dummybridge import FILE.pbn -o RECORD.json``, and the game that
``play --deal FILE.pbn`` goes on with.

Both read a PBN file and replay its games through the engine
(:mod:`dummybridge.formats.pbn_replay`): the deals, the auctions or the
period declarations, the play, and what the project's own export adds. A
decision the variant's rules refuse is reported with its place,
``FILE:LINE:COL: error: Play: ...``.

``import`` writes the game as a record (``play --record``'s format), checked
by the record loader before it is written, so that what ``import`` writes
``export``, ``analyse`` and ``resume`` read. ``play --deal`` plays on from
where the file stops: the next card of an unfinished play, or the next deal.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..errors import DummyBridgeError

if TYPE_CHECKING:  # the parser is built without the engine: these are imported when run
    from ..engine.game import Game
    from ..formats.pbn_read import PbnGame
    from ..formats.pbn_replay import ImportResult
    from ..language.ruleset import RuleSet

__all__ = ["add_import", "cmd_import", "import_file", "start_game"]


def _rules(args: argparse.Namespace, games: Sequence[PbnGame]) -> RuleSet:
    """``--variant``, else the built-in variant the file's Variant tag names
    (never a path: a file from someone else opens none)."""
    from ..language.loader import load_rules
    from ..language.registry import lookup

    if args.variant:
        return load_rules(args.variant)
    named = next((g for g in games if g.tags.get("Variant", "").strip()), None)
    if named is None:
        raise DummyBridgeError(
            f"{args.file} names no variant (a Variant tag): give one with --variant"
        )
    name = named.tags["Variant"].strip()
    entry = lookup(name)
    if entry is None:
        raise named.error(
            "Variant",
            f"{name[:80]!r} is no built-in variant: name the rules with --variant "
            "(a rule file's path, or 'dummybridge variants')",
        )
    rules = load_rules(entry.name)  # by its name: the record says "<built-in>"
    version = named.tags.get("VariantVersion", "").strip()
    if version and version != rules.version:
        print(
            f"{args.file}: note: the file was written with {rules.name} version "
            f"{version[:40]!r}; the rules are version {rules.version!r}",
            file=sys.stderr,
        )
    return rules


def _import(
    path: str,
    rules_of: Any,
    board: str | None,
    **options: Any,
) -> ImportResult:
    from ..formats.pbn_read import choose_board, read_pbn
    from ..formats.pbn_replay import import_games

    games = read_pbn(path)
    chosen = choose_board(games, board, path)
    rules = rules_of(chosen)
    result = import_games(chosen, rules, **options)
    for note in result.notes:
        print(f"note: {note}", file=sys.stderr)
    return result


def import_file(path: str, variant: str | None, board: str | None) -> Game:
    """A PBN file's games replayed under ``variant`` (a built-in name or a rule
    file; by default the built-in variant its ``Variant`` tag names), as
    ``import`` replays them: what ``solve FILE.pbn --move N`` starts from.

    :raises FileFormatError: for what in the file cannot be read or replayed.
    """
    args = argparse.Namespace(file=path, variant=variant)
    return _import(path, lambda games: _rules(args, games), board).game


def start_game(args: argparse.Namespace, rules: RuleSet, laws: bool) -> Game:
    """The game ``play`` starts: with ``--deal FILE.pbn [--board N]``, the
    file's games replayed (the play goes on from where they stop), else a new one.

    :raises FileFormatError: for what in the file cannot be read or replayed.
    """
    if args.deal:
        result = _import(
            args.deal,
            lambda games: rules,
            args.board,
            seed=args.seed,
            laws=laws,
            rubbers=args.rubbers,
        )
        return result.game
    if args.board is not None:
        raise DummyBridgeError("--board chooses a board of the --deal file: give --deal FILE.pbn")
    from ..engine.game import Game

    return Game(rules, args.seed, rubbers=args.rubbers, laws=laws)


def write_record(game: Game, path: str | None) -> None:
    """Write ``game``'s record to ``path`` (standard output for ``None``),
    checked first by the record loader, as ``export`` and ``resume`` will read it,
    and written whole (:func:`~dummybridge.core.writes.write_atomic`).

    The one place ``import`` writes a record: the record loader's functions
    are called here only.
    """
    from ..formats.records import read_record, replay_record
    from .outputs import write_record as write_whole

    record = game.to_record()
    text = json.dumps(record, indent=1) + "\n"
    where = path or "<import>"
    replay_record(read_record(where, text), where, rules=game.rules)
    if path is None:
        sys.stdout.write(text)
        return
    write_whole(path, record)


def cmd_import(args: argparse.Namespace) -> int:
    """``dummybridge import``: see the module text."""
    if args.output:
        # a record, so written only where a record may go (docs/records.md)
        from .outputs import check_outputs

        check_outputs(
            {"the PBN file": args.file}, {"-o": args.output}, force=args.force, saves=("-o",)
        )
    if args.seed is not None and not 0 <= args.seed < 2**64:
        raise DummyBridgeError(f"--seed must be from 0 to 2**64 - 1, not {args.seed}")
    if args.rubbers is not None and not 1 <= args.rubbers <= 10_000:
        raise DummyBridgeError(f"--rubbers must be from 1 to 10,000, not {args.rubbers}")
    result = _import(
        args.file,
        lambda games: _rules(args, games),
        args.board,
        seed=args.seed,
        laws=True if args.laws else None,
        rubbers=args.rubbers,
    )
    game = result.game
    write_record(game, args.output)
    state = "is over" if game.is_over else f"stops at deal {game.deal_number}"
    if result.stopped:
        state += f" (the game at {result.stopped} is not played to its end)"
    print(
        f"{args.file}: {len(game.actions)} decisions replayed under {game.rules.name}; "
        f"the session {state}",
        file=sys.stderr,
    )
    return 0


def add_import(sub: Any) -> None:
    """The ``import`` subcommand's arguments."""
    cmd = sub.add_parser(
        "import", help="replay a PBN file's games (auction, declaration, play) into a record"
    )
    cmd.add_argument("file", metavar="FILE.pbn")
    cmd.add_argument(
        "-o", "--output", metavar="RECORD.json", help="write here (default: standard output)"
    )
    cmd.add_argument(
        "--variant",
        metavar="VARIANT|FILE",
        help="the rules to replay under "
        "(default: the built-in variant the file's Variant tag names)",
    )
    cmd.add_argument("--board", metavar="N", help="only the game whose Board tag is N")
    cmd.add_argument("--seed", type=int, help="the session's seed (default: the file's, else 0)")
    cmd.add_argument(
        "--rubbers", type=int, help="the session's rubbers (default: the file's, else 1)"
    )
    cmd.add_argument("--laws", action="store_true", help="laws mode (default: as the file says)")
    cmd.add_argument(
        "--force",
        action="store_true",
        help="let -o replace a file that is not a dummybridge record, or a symbolic link",
    )
    cmd.set_defaults(func=cmd_import)
