"""What a PBN import reads of the session (:func:`.pbn_replay.import_games`):
the export's ``Session`` tag, checked; the seed of the ``Generator`` tag;
which way to turn the file so that its first dealer sits where the variant
has the first deal; and the order of the file's names in which the cut seats
them where the file does.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Sequence
from typing import Any

from ..core.cards import SEATS, Seat
from ..engine.game import Game
from ..errors import DummyBridgeError
from ..language.ruleset import RuleSet
from .pbn_read import PbnGame

__all__ = ["generator_seed", "session_of", "start", "turned"]


def turned(seat: Seat, turn: int) -> Seat:
    """``seat`` turned ``turn`` places to the left (as an import turns a file)."""
    return SEATS[(seat + turn) & 3]


def session_of(games: Sequence[PbnGame]) -> dict[str, Any]:
    """The first game's Session tag (the export's), checked, or ``{}``."""
    value = games[0].tags.get("Session", "").strip() if games else ""
    if not value:
        return {}
    try:
        data = json.loads(value)
    except (ValueError, RecursionError):
        data = None
    ok = (
        isinstance(data, dict)
        and type(data.get("seed")) is int
        and 0 <= data["seed"] < 2**64
        and isinstance(data.get("players"), list)
        and all(isinstance(p, str) for p in data["players"])
        and type(data.get("rubbers", 1)) is int
        and 1 <= data.get("rubbers", 1) <= 10_000
        and isinstance(data.get("laws", False), bool)
        and type(data.get("presets", 0)) is int
    )
    if not ok:
        raise games[0].error(
            "Session", "expected a JSON object: seed, players, rubbers, laws, presets"
        )
    assert isinstance(data, dict)
    return data


def generator_seed(games: Sequence[PbnGame]) -> int | None:
    words = games[0].tags.get("Generator", "").split() if games else []
    if len(words) >= 2 and words[-2] == "seed" and words[-1].isascii() and words[-1].isdecimal():
        seed = int(words[-1])
        return seed if seed < 2**64 else None
    return None


def _seat_names(games: Sequence[PbnGame], turn: int) -> dict[Seat, str]:
    names = {}
    for seat in Seat:
        name = games[0].tags.get(seat.name.capitalize(), "").strip()
        if name and name != "?":
            names[turned(seat, turn)] = name
    return names


def _players(rules: RuleSet, seed: int, laws: bool, by_seat: dict[Seat, str]) -> list[str] | None:
    """The order of the file's names in which the cut seats them where the file
    does, if there is one."""
    names = sorted(set(by_seat.values()))
    if len(names) != rules.table.players or len(by_seat) != 4:
        return None
    for order in itertools.permutations(names):
        try:
            probe = Game(rules, seed, players=list(order), laws=laws)
        except (DummyBridgeError, ValueError, TypeError):
            return None
        if all(probe.seat_player[s] == n for s, n in by_seat.items()):
            return list(order)
    return None


def start(
    rules: RuleSet,
    games: Sequence[PbnGame],
    seed: int,
    laws: bool,
    rubbers: int,
    players: list[str] | None,
    notes: list[str],
    replayed: bool,
) -> tuple[int, list[str] | None]:
    """Which way to turn the file (places to the left), and the players."""
    probe = Game(rules, seed, laws=laws, rubbers=rubbers, players=players)
    dealer = games[0].dealer()
    # Only a game to replay at a table of four players is turned: a deal
    # alone goes to its seats, and a Dummy's seat is the rules'.
    turn = 0
    if dealer is not None and replayed and len(probe.manned) == 4:
        turn = (probe.dealer - dealer) & 3
    if turn:
        notes.append(
            f"{games[0].file}: {rules.name} has {probe.dealer.name.lower()} deal first: "
            f"the file's deals are turned so that its dealer, {dealer.name.lower()}, "  # type: ignore[union-attr]
            "sits there"
        )
    if players is None and replayed:  # (a file of deals alone is dealt to the usual players)
        by_seat = _seat_names(games, turn)
        players = _players(rules, seed, laws, by_seat) if by_seat else None
        if by_seat and players is None:
            notes.append(
                f"{games[0].file}: the file's players do not sit as {rules.name} seats "
                "its players: they are named as usual"
            )
    return turn, players
