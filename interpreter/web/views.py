"""The state a viewer is sent: built only from the engine's observation for
his player, the public score sheet and the finished deals.

A player's view (:func:`player_view`) holds the hands
:meth:`~dummybridge.engine.game.Game.observation` says he may see now,
and his choices when he may act (in laws mode also the irregularities,
remarks and calls out of turn the engine offers him). A spectator's view
(:func:`spectator_view`) holds only what lies face up: the hands every
player's observation shows and that are exposed (an exposed dummy), and the
cards played. Every other hand is only a count of cards.

Seats are written by their letters, ``N``, ``E``, ``S``, ``W``; cards as the
engine writes them (``SA``, ``HT``).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

import orjson

from ..core.cards import Card, Hand, Seat
from ..engine.actions import CALLS, PLAY, Action
from ..engine.observation import Observation, Trick
from ..formats.render import action_words, call_text, card_text, penalty_text
from .deals import NOT_DECISIONS, SEATS, call_json, hand_cards, trick_json

if TYPE_CHECKING:
    from ..language.ruleset import RuleSet
    from .tables import Table

__all__ = [
    "DealText",
    "action_items",
    "common_json",
    "json_text",
    "player_view",
    "public_hands",
    "spectator_view",
]

_SEAT_WORDS = {Seat.NORTH: "North", Seat.EAST: "East", Seat.SOUTH: "South", Seat.WEST: "West"}


#: each card for people, the ten as 10: ``♥10``
_CARD_LABELS = tuple(card_text(Card(i)).replace("T", "10") for i in range(52))


def json_text(data: object) -> str:
    """A message as compact JSON text (cards and suits as they are, not
    escaped). Encoded by orjson: a state is encoded for every action, and the
    standard library's encoder took a sixth of the event loop's time."""
    return orjson.dumps(data, option=orjson.OPT_NON_STR_KEYS).decode()


def _state_text(data: dict[str, Any]) -> str:
    """A state's part as JSON text: every key a string (seats by their
    letters), so without :func:`json_text`'s option for other keys, which
    took a third of the encoding's time."""
    return orjson.dumps(data).decode()


def action_items(actions: Iterable[Action]) -> list[dict[str, str]]:
    """Actions as the page offers them: ``{"action": "play SA", "label": "♠A"}``."""
    return [_action_item(a) for a in actions]


@functools.lru_cache(maxsize=1024)
def _action_item(action: Action) -> dict[str, str]:
    # actions are interned: each one's item is made once (never changed: only encoded)
    text = str(action)
    card = action.card
    if card is None:
        label = text.replace("_", " ")
    elif action.kind == PLAY:
        label = _CARD_LABELS[card.index]
    else:  # touch, suggest, expose, call, lead on a card: the words, then the card
        label = f"{text.rsplit(maxsplit=1)[0]} {_CARD_LABELS[card.index]}"
    return {"action": text, "label": label}


def public_hands(observations: Iterable[Observation]) -> dict[Seat, Hand]:
    """The hands that lie face up: exposed, and in every player's observation."""
    hands: dict[Seat, Hand] | None = None
    for obs in observations:
        shown = {s: h for s, h in obs.hands.items() if s in obs.exposed}
        hands = shown if hands is None else {s: h for s, h in hands.items() if s in shown}
    return hands or {}


def _call_words(action: Action, rules: RuleSet) -> str:
    """A call in words, a bid as bridge players write it: ``bids 1♠``, ``bids 2NT``."""
    if action.kind == "bid":
        return f"bids {call_text(action, rules, True)}"
    return action_words(action)


class DealText:
    """The deal in progress's calls and tricks as a state shows them, kept
    from one state to the next: an action adds a call or completes a trick,
    so only what is new is written (the states wrote the whole deal again at
    every action). What was written is compared with the observation's, so a
    new deal, or anything taken back, writes it afresh."""

    __slots__ = (
        "call_lines",
        "calls",
        "decisions",
        "forced",
        "history",
        "owners",
        "trick_lines",
        "tricks",
        "tricks_seen",
    )

    def __init__(self) -> None:
        self.owners: dict[Seat, str] = {}
        self.calls: tuple[tuple[Seat, Action], ...] = ()
        self.history: list[dict[str, str]] = []
        #: the laws' decisions (penalties chosen ...), apart from the calls
        self.decisions: list[dict[str, str]] = []
        self.call_lines: list[str] = []
        #: a declaration nobody called (a Dummy's, made by the rule file's
        #: table once the dealer has left it): where it goes among the call
        #: lines, and its line
        self.forced: tuple[int, str] | None = None
        self.tricks_seen: tuple[Trick, ...] = ()
        self.tricks: list[dict[str, Any]] = []
        self.trick_lines: list[str] = []

    def update(self, obs: Observation, rules: RuleSet) -> None:
        """Bring the text up to ``obs`` (any player's: its public part)."""
        owners, calls, tricks = obs.owners, obs.history, obs.tricks
        if owners != self.owners or calls[: len(self.calls)] != self.calls:
            self.owners, self.calls = dict(owners), ()
            self.history, self.decisions, self.call_lines = [], [], []
        new = calls[len(self.calls) :]
        for seat, action in new:
            if action.kind not in CALLS:  # a penalty chosen (laws mode): not a call
                if action.kind not in NOT_DECISIONS:
                    self.decisions.append(call_json(seat, action))
                continue
            self.history.append(call_json(seat, action))
            self.call_lines.append(
                f"{_SEAT_WORDS[seat]} ({owners.get(seat, '?')}) {_call_words(action, rules)}"
            )
        if new or not calls:  # a declaration is made by a call, or by one's effect
            self.forced = _forced(obs, [c for c in calls if c[1].kind in CALLS])
        self.calls = calls
        if tricks[: len(self.tricks_seen)] != self.tricks_seen:
            self.tricks_seen, self.tricks, self.trick_lines = (), [], []
        for number, trick in enumerate(tricks[len(self.tricks_seen) :], len(self.tricks_seen) + 1):
            self.tricks.append(trick_json(trick))
            cards = " ".join(_CARD_LABELS[c.index] for c in trick.cards)
            winner = "" if trick.winner is None else f", won by {_SEAT_WORDS[trick.winner]}"
            self.trick_lines.append(
                f"trick {number}: {_SEAT_WORDS[trick.leader]} led, {cards}{winner}"
            )
        self.tricks_seen = tricks

    def events(self, obs: Observation) -> list[str]:
        """This deal's public events, for people: calls, cards exposed, tricks."""
        owners = obs.owners
        exposed = [  # laws 65-72: left face up
            f"{_SEAT_WORDS[seat]} ({owners.get(seat, '?')}) has exposed "
            + " ".join(_CARD_LABELS[c.index] for c in cards)
            for seat, cards in obs.cards_exposed.items()
        ]
        calls = self.call_lines
        if self.forced is not None:
            at, line = self.forced
            calls = [*calls[:at], line, *calls[at:]]
        return [*calls, *exposed, *self.trick_lines]


def _forced(obs: Observation, calls: list[tuple[Seat, Action]]) -> tuple[int, str] | None:
    """The line of a declaration nobody called, if the deal has one, and where
    it goes: after the last "leave it" (the page's grid puts it there too)."""
    maker, denomination = obs.maker, obs.denomination
    if maker is None or denomination is None:
        return None
    if any(seat == maker and action.kind == "declare" for seat, action in calls):
        return None
    left = [i for i, (_, action) in enumerate(calls) if action.kind == "leave"]
    if not left:
        return None
    words = action_words(Action.parse(f"declare {denomination.name}"))
    return left[-1] + 1, f"{_SEAT_WORDS[maker]} ({obs.owners.get(maker, '?')}) {words} (forced)"


def common_json(table: Table, obs: Observation) -> str:
    """What every viewer's state holds (the public facts), as JSON text: made
    once for each change of the table, then joined to each viewer's own part.

    :param obs: any player's observation now: only its public fields are read.
    """
    game = table.game
    current = obs.current
    owners = obs.owners
    hands = game.deal.hands
    text = table.text
    text.update(obs, game.rules)
    common = {
        "type": "state",
        "table": table.id,
        "title": game.rules.title,
        "variant": game.rules.name,
        "laws": game.laws,
        "rubbers": game.rubbers,
        "at": table.at,
        "players": table.players_view(),
        "phase": str(obs.phase),
        "deal_number": obs.deal_number,
        "rubber_number": game.rubber_number,
        "dealer": obs.dealer.letter,
        "to_act": None if obs.to_act is None else obs.to_act.letter,
        "actor": game.actor,
        "owners": {s.letter: owners[s] for s in SEATS if s in owners},
        "manned": [s.letter for s in obs.manned],
        "counts": {s.letter: hands[s].bit_count() for s in SEATS},
        "exposed": [s.letter for s in obs.exposed],
        "declaration": None
        if obs.denomination is None
        else {
            "denomination": obs.denomination.name,
            "maker": None if obs.maker is None else obs.maker.letter,
            "declarer": None if obs.declarer is None else obs.declarer.letter,
            "declared_from": obs.declared_from,
            "level": None if game.contract is None else game.contract.level,
        },
        "doubling_level": obs.doubling_level,
        "history": text.history,
        "decisions": text.decisions,
        "current": None
        if current is None
        else {
            "leader": current.leader.letter,
            "cards": [
                {"seat": current.seat_of(i).letter, "card": str(c)}
                for i, c in enumerate(current.cards)
            ],
        },
        "tricks": text.tricks,
        "tricks_won": list(obs.tricks_won),
        "events": text.events(obs),
        "over": game.is_over,
        "record": f"/api/tables/{table.id}/record.json" if game.is_over else None,
    }
    if table.broken:
        common["broken"] = table.broken
    # the score sheets and the finished deals (the longest parts) are added
    # by Table.state_for, and only when they have changed
    return _state_text(common)


def _joined(common: str, own: dict[str, Any]) -> str:
    """The state: the common part and a viewer's own, as one JSON object."""
    return common[:-1] + "," + _state_text(own)[1:]


def player_view(
    table: Table,
    player: str,
    hands: Mapping[Seat, Hand],
    legal: Iterable[Action],
    common: str,
) -> str:
    """What ``player`` is shown now (JSON text), given :func:`common_json`:
    the hands he may see now and his choices (his observation's ``hands``
    and ``legal_actions``)."""
    game = table.game
    benched = player in table.stored.stand_ins  # a bot plays his place: no choices of his
    own: dict[str, Any] = {
        "you": player,
        "seats": [s.letter for s in game.player_seats[player]],
        "hands": {s.letter: hand_cards(h) for s, h in hands.items()},
        "legal": [] if benched else action_items(legal),
        "irregular": [],
        "remarks": [],
        "out_of_turn": [],
    }
    if game.laws and not game.is_over and not benched:
        if game.actor == player:
            own["irregular"] = action_items(game.irregular_actions())
            penalty = penalty_text(game)  # the irregularity, its law as the variant cites it
            if penalty is not None:
                own["penalty"] = penalty
        own["remarks"] = action_items(game.remarks(player))
        own["out_of_turn"] = action_items(game.out_of_turn_actions(player))
    return _joined(common, own)


def spectator_view(table: Table, common: str) -> str:
    """What a spectator is shown now (JSON text): only what lies face up."""
    game = table.game
    hands = public_hands(game.observation(p) for p in game.players)
    own: dict[str, Any] = {
        "you": None,
        "seats": [],
        "hands": {s.letter: hand_cards(h) for s, h in hands.items()},
        "legal": [],
        "irregular": [],
        "remarks": [],
        "out_of_turn": [],
    }
    return _joined(common, own)
