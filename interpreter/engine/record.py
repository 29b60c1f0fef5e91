"""A game as data: its record (made and replayed) and its snapshot.

A record holds what makes the game: the rules' name, version and origin, the
seed, the players, the preset deals and every decision, in order (one made
out of turn as ``{player, action}``). Replaying it gives the same game, since
all randomness flows from the seed. A snapshot (:func:`state_dict`) is the
whole state at one moment, for inspection and tests.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..core.cards import Card, Hand, Seat
from ..errors import IllegalActionError, InvalidNotationError
from ..language.ruleset import RuleSet

if TYPE_CHECKING:
    from .game import Game

__all__ = ["RECORD_FORMAT", "from_record", "state_dict", "to_record"]

RECORD_FORMAT = "dummybridge-record/1"

_SEATS = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)


def to_record(game: Game) -> dict[str, Any]:
    """The game as a JSON-compatible record: rules, seed, players, every decision."""
    out_of_turn = dict(game.actions_out_of_turn)
    return {
        "format": RECORD_FORMAT,
        "rules": {
            "name": game.rules.name,
            "version": game.rules.version,
            "origin": game.rules.origin,
        },
        "seed": game.seed,
        "players": list(game.players),
        "rubbers": game.rubbers,
        "laws": game.laws,
        "deals": [[h.pbn() for h in d] for d in game.preset_deals],
        # each decision as its text; one taken out of turn as {player, action}
        "actions": [
            {"player": out_of_turn[i], "action": str(a)} if i in out_of_turn else str(a)
            for i, a in enumerate(game.actions)
        ],
    }


def _rules_source(ref: Mapping[str, Any]) -> str:
    """What to load for a record's ``rules``: the file it names, if there is
    one; a shipped file by its built-in name (``<built-in>/house/X.yaml`` is
    ``house/X``, never an alias that happens to share the house rule's name);
    else the rules' name."""
    from ..language.loader import BUILTIN_PREFIX

    origin = str(ref.get("origin") or "")
    if origin and os.path.isfile(origin):
        return origin
    prefix = BUILTIN_PREFIX + "/"
    if origin.startswith(prefix) and origin.endswith(".yaml"):
        return origin[len(prefix) : -len(".yaml")]
    return str(ref["name"])


def from_record(cls: type[Game], record: Mapping[str, Any], rules: RuleSet | None) -> Game:
    """Replay a record made by :func:`to_record` (see :meth:`Game.from_record`)."""
    if not isinstance(record, Mapping) or record.get("format") != RECORD_FORMAT:
        raise InvalidNotationError(f"not a dummybridge game record (format {RECORD_FORMAT!r})")
    try:
        seed = int(record["seed"])
        players = [str(p) for p in record["players"]]
        actions = [
            (a["action"], a["player"]) if isinstance(a, Mapping) else (a, None)
            for a in record["actions"]
        ]
        for text, _ in actions:
            if not isinstance(text, str):
                raise TypeError(f"an action must be text, not {text!r}")
        rules_ref = record["rules"]
        if not isinstance(rules_ref, Mapping) or not isinstance(rules_ref.get("name"), str):
            raise TypeError(f"'rules' must be an object naming the rule file, not {rules_ref!r}")
        deals = [[Hand.from_pbn(h) for h in d] for d in record.get("deals", [])]
        rubbers = int(record.get("rubbers", 1))
        laws = bool(record.get("laws", False))
    except (KeyError, TypeError, ValueError) as exc:
        raise InvalidNotationError(f"malformed game record: {exc}") from None
    if rules is None:
        from ..language.loader import load_rules

        rules = load_rules(_rules_source(rules_ref))
        if rules_ref.get("name") not in (None, rules.name):
            raise InvalidNotationError(
                f"record made with rules {rules_ref.get('name')!r}, but "
                f"{rules_ref.get('origin') or rules_ref.get('name')} is {rules.name!r}"
            )
    if rules_ref.get("version") not in (None, rules.version):
        raise InvalidNotationError(
            f"record made with {rules_ref.get('name')} version {rules_ref.get('version')!r}, "
            f"rules are version {rules.version!r}"
        )
    game = cls(rules, seed, players=players, deals=deals, rubbers=rubbers, laws=laws)
    for i, (text, player) in enumerate(actions):
        try:
            game.apply(text, player=player)
        except (IllegalActionError, InvalidNotationError) as exc:
            raise type(exc)(f"record action {i + 1} ({text!r}): {exc}") from None
    return game


def state_dict(game: Game) -> dict[str, Any]:
    """A JSON-compatible snapshot of the whole state (for inspection and tests)."""
    deal = game.deal
    return {
        "rules": game.rules.name,
        "seed": game.seed,
        "rng": list(game.rng.getstate()),
        "players": list(game.players),
        "seats": {s.letter: p for s, p in game.seat_player.items()},
        "manned": sorted(s.letter for s in game.manned),
        "rubber_number": game.rubber_number,
        "looks": [[p, s.letter] for p, s in deal.looks],
        "phase": game.phase,
        "deal_number": game.deal_number,
        "dealer": game.dealer.letter,
        "hands": {s.letter: Hand._of(h).pbn() for s, h in zip(_SEATS, deal.hands, strict=True)},
        "original": {s.letter: h.pbn() for s, h in zip(_SEATS, deal.original, strict=True)},
        "denomination": None if deal.denomination is None else deal.denomination.name,
        "maker": None if deal.maker is None else deal.maker.letter,
        "declarer": None if deal.declarer is None else deal.declarer.letter,
        "doubling_level": deal.doubling_level,
        "exposed": sorted(s.letter for s in deal.exposed),
        "tricks": [[c.code for c in t.cards] for t in deal.tricks],
        "current": [Card(c).code for c in deal.trick_cards],
        "tricks_won": list(deal.tricks_won),
        "to_act": None if game.to_act is None else game.to_act.letter,
        "sheets": [sheet.to_data() for sheet in game.sheets],
        "log": [op.to_data() for op in game.log],
    }
