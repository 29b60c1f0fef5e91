"""The fuzz targets of the Python parsers: bytes in, an outcome out.

Each target takes the bytes a user could hand the program and runs the code
that reads them, as the command line does. Its outcome is one of:

- ``"ok"``: the input was read (and replayed, for records), or some of it
  was (notation: one of its readers took the text);
- ``"clean"``: the package refused it with its documented error, located
  (a :class:`~dummybridge.errors.FileFormatError` naming the file and a line
  or a JSON path, a :class:`~dummybridge.errors.RuleFileError` whose every
  diagnostic has a file, line and column, an
  :class:`~dummybridge.errors.InvalidNotationError` for notation);

and anything else is an *internal error*: another exception (what the
command line reports as exit 70), or the documented error without its
location. :func:`classify` decides; ``tools/fuzz/harness.py`` runs a target
under atheris and counts.
"""

from __future__ import annotations

import atexit
import json
import os
import shutil
import tempfile
from collections.abc import Callable

import dummybridge as db
from dummybridge.formats.natural import parse_input
from dummybridge.formats.pbn_read import _decode, deals_from_pbn, parse_pbn
from dummybridge.formats.records import load_record, replay_record
from dummybridge.language.loader import load_rules_text

MAX_BYTES = 64 * 1024
_SCRATCH = tempfile.mkdtemp(prefix="dummybridge-fuzz-")
# (removed when the process ends: the test suite imports this module, and each
# run once left a directory in /tmp)
atexit.register(shutil.rmtree, _SCRATCH, ignore_errors=True)


class Unlocated(Exception):
    """The documented error, but without the location the brief asks for."""


def _text(data: bytes) -> str:
    """What a terminal hands the program for these bytes (invalid UTF-8 replaced)."""
    return data.decode("utf-8", errors="replace")


def pbn(data: bytes) -> str:
    """A PBN file as ``play --deal FILE.pbn`` and ``dd FILE.pbn`` read it."""
    try:
        games = parse_pbn(_decode(data), "f.pbn")
        deals_from_pbn(games, file="f.pbn")
        for game in games:
            game.auction()
            game.play()
        if games:
            deals_from_pbn(games, board=games[0].board or "1", file="f.pbn")
    except db.FileFormatError as exc:
        _located(exc)
        return "clean"
    if games:  # a board the file lacks: refused, located, for a file read whole
        try:
            deals_from_pbn(games, board="no such board", file="f.pbn")
        except db.FileFormatError as exc:
            _located(exc)
        else:
            raise Unlocated("a board the file lacks was taken")
    return "ok"


def _located(exc: db.FileFormatError) -> None:
    """Raise :class:`Unlocated` unless ``exc`` names the file and a line or a tag."""
    if exc.file != "f.pbn" or (exc.line is None and exc.path is None):
        raise Unlocated(str(exc)) from exc


_BRIDGE = db.load_rules("bridge")
_AUCTION = db.load_rules("auction-bridge")


def _games() -> list[db.Game]:
    """Games at the points where a person types: a declaration, an auction,
    the doubling, the play."""
    declare = db.Game(_BRIDGE, 3, players=["A", "B", "C", "D"])
    double = db.Game(_BRIDGE, 3, players=["A", "B", "C", "D"])
    double.apply("declare hearts")
    play = db.Game(_BRIDGE, 3, players=["A", "B", "C", "D"])
    for text in ("declare hearts", "pass", "pass"):
        play.apply(text)
    auction = db.Game(_AUCTION, 3, players=["A", "B", "C", "D"])
    return [declare, double, play, auction]


_GAMES = _games()


def notation(data: bytes) -> str:
    """Card codes, PBN hands and deals, an action's text, and what a player
    types at the prompt, in four phases of a game."""
    text = _text(data)
    read = 0
    for parse in (db.Card.from_str, db.Hand.from_pbn, db.parse_deal):
        try:
            parse(text)
            read += 1
        except (db.InvalidNotationError, db.InvalidDealError):
            pass
    try:
        action = db.Action.parse(text)
        read += 1
    except db.InvalidNotationError:
        pass
    else:
        if db.Action.parse(str(action)) != action:
            raise AssertionError(f"{text!r} reads as {action}, which reads differently")
    for game in _GAMES:
        try:
            parse_input(text, game.rules, game.legal_actions())
            read += 1
        except db.InvalidNotationError:
            pass
    return "ok" if read else "clean"


def _file(data: bytes, name: str) -> str:
    path = os.path.join(_SCRATCH, name)
    with open(path, "wb") as f:
        f.write(data)
    return path


def record(data: bytes) -> str:
    """A game record as ``export`` and ``analyse`` load it, then replayed, and
    the same file as ``resume`` loads a save."""
    from dummybridge.apps.terminal import load_session

    path = _file(data, "g.json")
    outcome = "ok"
    for load in (lambda: replay_record(load_record(path), path), lambda: load_session(path)):
        try:
            load()
        except db.FileFormatError as exc:
            if exc.file != path or (exc.line is None and exc.path is None):
                raise Unlocated(str(exc)) from exc
            outcome = "clean"
        except db.RuleFileError:
            outcome = "clean"  # the rules it names do not load: their own located errors
    return outcome


def rules(data: bytes) -> str:
    """A rule file, as ``validate`` and ``play FILE`` load it, and its text
    (when it is UTF-8) as the web table's rule editor does."""
    path = _file(data, "house.yaml")
    try:
        db.load_rules(path)
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return "ok"
    except db.RuleFileError as exc:
        bad = [d for d in exc.diagnostics if d.file != path or d.line < 1 or d.col < 1]
        if bad or not exc.diagnostics:
            raise Unlocated(str(exc)) from exc
        text = data.decode("utf-8", errors="replace")
    try:
        load_rules_text(text, "house.yaml")
    except db.RuleFileError as exc:
        bad = [d for d in exc.diagnostics if d.file != "house.yaml" or d.line < 1 or d.col < 1]
        if bad or not exc.diagnostics:
            raise Unlocated(str(exc)) from exc
        return "clean"
    return "ok"


TARGETS: dict[str, Callable[[bytes], str]] = {
    "pbn": pbn,
    "notation": notation,
    "record": record,
    "rules": rules,
}


def classify(name: str, data: bytes) -> tuple[str, BaseException | None]:
    """``("ok" | "clean" | "internal", the exception)`` for one input."""
    try:
        return TARGETS[name](data[:MAX_BYTES]), None
    except Exception as exc:  # RecursionError and MemoryError included: defects
        return "internal", exc


def seed_inputs(name: str) -> list[bytes]:
    """A few valid inputs to start from (run.sh adds the files of tests/data
    and tests/fuzz/corpus)."""
    if name == "record":
        game = db.Game(_BRIDGE, 5, players=["A", "B", "C", "D"])
        for _ in range(12):
            game.apply(game.legal_actions()[0])
        return [json.dumps(game.to_record()).encode()]
    return []
