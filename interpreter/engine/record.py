"""A game as data: its record (made and replayed) and its snapshot.

A record holds what makes the game: the rules' name, version and origin, the
seed, the players, the preset deals and every decision, in order (one made
out of turn as ``{player, action}``). Replaying it gives the same game, since
all randomness flows from the seed. A snapshot (:func:`state_dict`) is the
whole state at one moment, for inspection and tests.

Records of every version replay: before issue 21 the doubling phase wrote a
redouble as ``double``; :func:`recorded_action` reads it as the redouble it
was.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..core.cards import Card, Hand, Seat
from ..errors import IllegalActionError, InvalidNotationError
from ..language.ruleset import RuleSet
from .actions import DOUBLE, Action
from .phases import Phase

if TYPE_CHECKING:
    from .game import Game

__all__ = [
    "RECORD_FORMAT",
    "builtin_name",
    "from_record",
    "recorded_action",
    "rules_of_reference",
    "rules_reference",
    "rules_text",
    "state_dict",
    "text_hash",
    "to_record",
]

RECORD_FORMAT = "dummybridge-record/1"

_SEATS = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
_REDOUBLE = Action.redouble()


def recorded_action(game: Game, action: Action | str) -> Action:
    """An action of a record (or a store, or a PBN file's ``OtherActions``) as
    any version wrote it, read for the game's state now.

    Before issue 21 the doubling phase of Bridge wrote every doubling
    ``double``: one by the declaring side (the odd-numbered doublings: the
    sides speak in turn) is read as the ``redouble`` it was. No record of this
    version writes that (the doubling phase refuses the declaring side's
    ``double``), so the reading is unambiguous.

    :raises InvalidNotationError: for text that is no action.
    """
    read = action if isinstance(action, Action) else Action.parse(action)
    if read.kind == DOUBLE and game.phase is Phase.DOUBLE and game.deal.doubling_level & 1:
        return _REDOUBLE
    return read


def to_record(game: Game) -> dict[str, Any]:
    """The game as a JSON-compatible record: rules, seed, players, every decision."""
    out_of_turn = dict(game.actions_out_of_turn)
    return {
        "format": RECORD_FORMAT,
        "rules": rules_reference(game.rules),
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


def rules_text(rules: RuleSet) -> str:
    """The text a record carries for rules that are not shipped: the effective
    rule document (the file with everything it ``extends:`` merged in and the
    defaults filled in) as JSON, which is YAML, so a rule file of its own."""
    return json.dumps(rules.to_data(), indent=1, ensure_ascii=False) + "\n"


def text_hash(text: str) -> str:
    """The SHA-256 of a text's UTF-8 bytes, in hex: what ``rules.sha256`` holds."""
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def rules_reference(rules: RuleSet) -> dict[str, Any]:
    """A record's ``rules``: a shipped rule file by name, version and origin
    (``<built-in>/bridge.yaml``); any other also with its :func:`rules_text`
    and that text's SHA-256, so that the record replays anywhere without
    opening a file."""
    from ..language.loader import BUILTIN_PREFIX

    ref: dict[str, Any] = {"name": rules.name, "version": rules.version, "origin": rules.origin}
    if not rules.origin.startswith(BUILTIN_PREFIX + "/"):
        text = rules_text(rules)
        ref["text"] = text
        ref["sha256"] = text_hash(text)
    return ref


def builtin_name(origin: str) -> str | None:
    """The shipped rule file a record's origin names (``<built-in>/house/X.yaml``
    is ``house/X``), or ``None`` when it names none exactly (a path, or
    ``<built-in>/../x.yaml``)."""
    from ..language.loader import BUILTIN_PREFIX
    from ..language.registry import builtin_display, lookup

    prefix = BUILTIN_PREFIX + "/"
    if not (origin.startswith(prefix) and origin.endswith(".yaml")):
        return None
    name = origin[len(prefix) : -len(".yaml")]
    entry = lookup(name)
    if entry is None or builtin_display(entry.path) != origin:
        return None
    return name


def rules_of_reference(ref: Mapping[str, Any]) -> RuleSet:
    """The rule set a record's ``rules`` names, never opening a path.

    The rules' text if the record carries it (checked against its SHA-256),
    else the shipped rule file its origin names, else a shipped rule file
    by the rules' name when no origin is given.

    :raises InvalidNotationError: for a text that does not match its hash, a
        record whose rules are a file it does not carry (give ``--rules
        FILE``), or a name that is no shipped rule file.
    :raises RuleFileError: for a carried text that is not a valid rule file.
    """
    from ..language.loader import load_rules, load_rules_text

    origin = ref.get("origin")
    if isinstance(ref.get("text"), str):
        text = ref["text"]
        if ref.get("sha256") != text_hash(text):
            raise InvalidNotationError(
                "the rules' text does not match its sha256: the record was altered"
            )
        return load_rules_text(text, display="$.rules.text")
    name = builtin_name(origin) if isinstance(origin, str) and origin else None
    if name is not None:
        return load_rules(name)
    if origin:
        raise InvalidNotationError(
            f"the record was made with the rule file {origin}, which it does not "
            "carry: give that file with --rules FILE"
        )
    from ..language.registry import lookup

    if lookup(str(ref.get("name"))) is None:
        raise InvalidNotationError(
            f"no built-in variant {ref.get('name')!r}: give the rule file with --rules FILE"
        )
    return load_rules(str(ref["name"]))


def from_record(cls: type[Game], record: Mapping[str, Any], rules: RuleSet | None) -> Game:
    """Replay a record made by :func:`to_record` (see :meth:`Game.from_record`)."""
    if not isinstance(record, Mapping) or record.get("format") != RECORD_FORMAT:
        raise InvalidNotationError(f"not a dummybridge game record (format {RECORD_FORMAT!r})")
    try:
        seed = record["seed"]
        rubbers = record.get("rubbers", 1)
        for what, number in (("seed", seed), ("rubbers", rubbers)):
            if isinstance(number, bool) or not isinstance(number, int):
                raise TypeError(f"the {what} must be a whole number, not {number!r}")
        laws = record.get("laws", False)
        if not isinstance(laws, bool):
            raise TypeError(f"laws must be true or false, not {laws!r}")
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
    except (KeyError, TypeError, ValueError) as exc:
        raise InvalidNotationError(f"malformed game record: {exc}") from None
    if rules is None:
        rules = rules_of_reference(rules_ref)
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
    game.pack_after = 0  # (a replayed record's log is read: packed at every deal)
    for i, (text, player) in enumerate(actions):
        try:
            game.apply(recorded_action(game, text), player=player)
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
