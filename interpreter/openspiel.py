"""Every variant as an OpenSpiel game (``pip install 'dummybridge[openspiel]'``).

Importing this module registers, with ``pyspiel``:

- ``dummybridge``: any rule file, by the game parameter ``rules`` (a built-in
  name such as ``"bridge"`` or ``"house/lilies"``, or a path; ``"bridge"`` by
  default), and ``seed`` (the cut: who sits where and who deals; 0 by default);
- ``dummybridge_NAME`` for each built-in variant and shipped house rule
  (``dummybridge_dummy_bridge``, ``dummybridge_house_lilies``: the name with
  ``-`` and ``/`` as ``_``), the same game with that ``rules``.

>>> import pyspiel, dummybridge.openspiel
>>> game = pyspiel.load_game("dummybridge_dummy_bridge")
>>> game.num_players(), game.num_distinct_actions(), game.max_game_length()
(3, 66, 116)

One OpenSpiel game is **one deal** (docs/openspiel.md): 52 chance nodes deal
the cards, one outcome a card (uniform over the cards left), the first
thirteen to North, then East, South and West; then the rule file's players
(the game's ``players``, "A", "B" ... in that order) act by its rules, strict
play, until the deal is scored. The returns are each player's net winnings in
the variant's own settlement of that deal's points (above and below the line;
a rubber bonus belongs to no one deal): zero-sum. An auction passed out ends
the game at 0 for everyone.

Information is imperfect, by the rule file's rules of sight: a player's
observation is what :class:`~dummybridge.engine.observation.Observation`
shows him (the hands he may see now, the trick, the calls); his information
state adds perfect recall: every hand he has seen, as dealt, from the move he
first saw it, and every action of the deal in order.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pyspiel

from .core.cards import Card, Hand, Seat
from .engine.actions import Action
from .engine.bounds import deal_length
from .engine.facts import facts
from .engine.game import Game
from .engine.phases import Phase
from .language.loader import load_rules
from .language.registry import builtin_variants, house_rules
from .language.ruleset import RuleSet

__all__ = ["DummyBridgeGame", "DummyBridgeState", "game_type", "register", "short_name"]

_SEATS = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
_CARDS = 52
_PHASES = tuple(Phase)
_DEFAULTS: dict[str, Any] = {"rules": "bridge", "seed": 0}


def short_name(rules: str) -> str:
    """The registered name of a built-in variant: ``dummybridge_house_lilies``."""
    return "dummybridge_" + rules.replace("-", "_").replace("/", "_")


def _calls(rules: RuleSet) -> tuple[Action, ...]:
    """Every action but a card that a deal of ``rules`` can offer, in the order
    of their ids (after the 52 cards)."""
    names = [d.name for d in rules.denominations]
    calls = [Action.declare(n) for n in names]
    calls += [Action.leave(), Action.pass_(), Action.double(), Action.redouble()]
    if rules.declaration.auction is not None:
        calls += facts(rules).bids
    calls += [Action.look(s) for s in _SEATS]
    calls.append(Action.play_blind())
    return tuple(calls)


def _utility_bound(rules: RuleSet, players: int) -> float:
    """A bound on one player's winnings in one deal: every trick at the most
    valuable denomination, doubled as often as the safeguard allows, plus a
    generous allowance for honours, slams and penalties, paid to every other
    player."""
    top = max(d.trick_value for d in rules.denominations)
    return float((13 * top * 2**rules.doubling.max_doublings + 10_000) * (players - 1))


def game_type(short: str = "dummybridge", rules: str = "bridge") -> Any:
    """The ``pyspiel.GameType`` of a dummybridge game (``rules``: the default
    of its parameter ``rules``)."""
    kind = pyspiel.GameType
    return kind(
        short_name=short,
        long_name="dummybridge: the Bridge family as played around 1900-1915",
        dynamics=kind.Dynamics.SEQUENTIAL,
        chance_mode=kind.ChanceMode.EXPLICIT_STOCHASTIC,
        information=kind.Information.IMPERFECT_INFORMATION,
        utility=kind.Utility.ZERO_SUM,
        reward_model=kind.RewardModel.TERMINAL,
        max_num_players=4,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={**_DEFAULTS, "rules": rules},
    )


class DummyBridgeGame(pyspiel.Game):
    """One deal of a rule file, as an OpenSpiel game (see the module's docstring)."""

    def __init__(self, params: dict[str, Any] | None = None, short: str = "dummybridge") -> None:
        params = {**_DEFAULTS, **(params or {})}
        self.rules = load_rules(str(params["rules"]))
        self.seed = int(params["seed"])
        if self.rules.deal.cards_each * 4 != _CARDS:
            raise ValueError(f"{self.rules.name} does not deal the whole pack")
        self.players = Game(self.rules, self.seed).players
        self.calls = _calls(self.rules)
        self.action_id = {str(a): _CARDS + i for i, a in enumerate(self.calls)}
        self.action_id.update({f"play {Card(i).code}": i for i in range(_CARDS)})
        self.max_length = deal_length(self.rules)
        bound = _utility_bound(self.rules, len(self.players))
        info = pyspiel.GameInfo(
            num_distinct_actions=_CARDS + len(self.calls),
            max_chance_outcomes=_CARDS,
            num_players=len(self.players),
            min_utility=-bound,
            max_utility=bound,
            utility_sum=0.0,
            max_game_length=self.max_length,
        )
        super().__init__(game_type(short, str(params["rules"])), info, params)

    def __deepcopy__(self, memo: dict[int, Any]) -> DummyBridgeGame:
        """The game itself: it never changes, and a cloned state shares it."""
        return self

    def new_initial_state(self) -> DummyBridgeState:
        """The deal before the first card is dealt."""
        return DummyBridgeState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Observer:
        """The observer of information states (perfect recall) or observations."""
        if params:
            raise ValueError(f"observation parameters are not supported, got {params!r}")
        perfect = iig_obs_type is not None and iig_obs_type.perfect_recall
        return Observer(self, perfect)


class _Table:
    """The dummybridge game of a state, which a clone replays on the same rule
    set (a deep copy would rebuild the rule set and replay a record)."""

    def __init__(self, game: Game, hands: list[Hand]) -> None:
        self.game = game
        self.hands = hands

    def __deepcopy__(self, memo: dict[int, Any]) -> _Table:
        old = self.game
        game = Game(old.rules, old.seed, deals=[self.hands])
        for action in old.actions:
            game.apply(action)
        return _Table(game, self.hands)


class DummyBridgeState(pyspiel.State):
    """A deal in progress: the cards dealt so far, then the dummybridge game."""

    def __init__(self, game: DummyBridgeGame) -> None:
        super().__init__(game)
        self.spec = game
        self.dealt: list[int] = []
        self.table: _Table | None = None
        self.moves: list[int] = []  # the players' action ids, in order
        #: per player, the seats he has seen and the move from which he saw each
        self.seen: list[dict[Seat, int]] = [{} for _ in game.players]
        self._over = False

    # ------------------------------------------------------------ the API

    def current_player(self) -> int:
        """The player to act, ``CHANCE`` while dealing, ``TERMINAL`` at the end."""
        if self._over:
            return int(pyspiel.PlayerId.TERMINAL)
        if self.game is None:
            return int(pyspiel.PlayerId.CHANCE)
        return self.spec.players.index(self.game.actor or "")

    def _legal_actions(self, player: int) -> list[int]:
        assert self.game is not None
        ids = self.spec.action_id
        return sorted(ids[str(a)] for a in self.game.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The cards not yet dealt, each as likely."""
        left = sorted(set(range(_CARDS)) - set(self.dealt))
        return [(c, 1.0 / len(left)) for c in left]

    def _apply_action(self, action: int) -> None:
        if self.game is None:
            self.dealt.append(action)
            if len(self.dealt) == _CARDS:
                self._start()
            return
        self.moves.append(action)
        deal = self.game.deal_number
        self.game.apply(self._action(action))
        if self.game.deal_number != deal or self.game.is_over:
            self._over = True
        else:
            self._note_sight()

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {Card(action).code}"
        return str(self._action(action))

    def is_terminal(self) -> bool:
        """Whether the deal is scored (or passed out)."""
        return self._over

    def returns(self) -> list[float]:
        """Each player's net winnings in the variant's settlement of the deal."""
        if not self._over or self.game is None:
            return [0.0] * len(self.spec.players)
        net = self.game.sheets[0].settlement()
        return [float(net.get(p, 0)) for p in self.spec.players]

    def __str__(self) -> str:
        """The dealing so far, or the position as ``print(game)`` shows it."""
        if self.game is None:
            return f"dealing: {len(self.dealt)} of {_CARDS} cards dealt"
        return str(self.game)

    @property
    def game(self) -> Game | None:
        """The dummybridge game, once the cards are dealt."""
        return None if self.table is None else self.table.game

    # ------------------------------------------------------------ helpers

    def _action(self, action: int) -> Action:
        if action < _CARDS:
            return Action.play(Card(action))
        return self.spec.calls[action - _CARDS]

    def _start(self) -> None:
        each = self.spec.rules.deal.cards_each
        dealt = self.dealt
        hands = [
            Hand.from_cards(Card(c) for c in dealt[i * each : (i + 1) * each]) for i in range(4)
        ]
        self.table = _Table(Game(self.spec.rules, self.spec.seed, deals=[hands]), hands)
        self._note_sight()

    def _note_sight(self) -> None:
        """Each hand each player sees now for the first time, from this move."""
        game = self.game
        assert game is not None
        for i, player in enumerate(self.spec.players):
            seen = self.seen[i]
            for seat in _SEATS:
                if seat not in seen and game.sees(player, seat):
                    seen[seat] = len(self.moves)


class Observer:
    """What a player knows, as a string and a tensor (OpenSpiel's ``PyObserver``).

    The observation (``perfect_recall`` false) is the player's
    :class:`~dummybridge.engine.observation.Observation`: as a string what it
    prints; as a tensor the player, the cards of each hand he sees now, the
    cards each seat has played, the trick in progress, the phase, the
    declaration, the doubling, the declarer, the seat to act and the tricks
    won. The information state (``perfect_recall`` true) is, as a string, the
    player, each hand he has seen as dealt with the move he first saw it, and
    every action of the deal in order; as a tensor the player, the hands he has
    seen as dealt, each call (any action but a card) as a one-hot row, and
    each card played in order.
    """

    def __init__(self, spec: DummyBridgeGame, perfect_recall: bool) -> None:
        self.spec = spec
        self.perfect_recall = perfect_recall
        players = len(spec.players)
        calls = len(spec.calls)
        if perfect_recall:
            pieces = [
                ("player", (players,)),
                ("seen", (4, _CARDS)),
                ("calls", (spec.max_length - _CARDS, calls)),
                ("cards", (_CARDS, _CARDS)),
            ]
        else:
            pieces = [
                ("player", (players,)),
                ("hands", (4, _CARDS)),
                ("played", (4, _CARDS)),
                ("trick", (4, _CARDS)),
                ("phase", (len(_PHASES),)),
                ("declaration", (len(spec.rules.denominations),)),
                ("doubling", (spec.rules.doubling.max_doublings + 1,)),
                ("declarer", (4,)),
                ("to_act", (4,)),
                ("tricks", (2, 14)),
            ]
        size = sum(int(np.prod(shape)) for _, shape in pieces)
        self.tensor = np.zeros(size, np.float32)
        self.dict: dict[str, Any] = {}
        at = 0
        for name, shape in pieces:
            n = int(np.prod(shape))
            self.dict[name] = self.tensor[at : at + n].reshape(shape)
            at += n

    def set_from(self, state: DummyBridgeState, player: int) -> None:
        """Fill :attr:`tensor` for ``player`` in ``state``."""
        self.tensor.fill(0)
        self.dict["player"][player] = 1
        game = state.game
        if game is None:
            return
        if self.perfect_recall:
            self._recall(state, game, player)
        else:
            self._observe(game, player)

    def _recall(self, state: DummyBridgeState, game: Game, player: int) -> None:
        for seat in state.seen[player]:
            for card in game.original[seat]:
                self.dict["seen"][seat, card.index] = 1
        calls, cards = self.dict["calls"], self.dict["cards"]
        n_calls = n_cards = 0
        for move in state.moves:
            if move < _CARDS:
                cards[n_cards, move] = 1
                n_cards += 1
            else:
                calls[n_calls, move - _CARDS] = 1
                n_calls += 1

    def _observe(self, game: Game, player: int) -> None:
        obs = game.observation(self.spec.players[player])
        d = self.dict
        for seat, hand in obs.hands.items():
            for card in hand:
                d["hands"][seat, card.index] = 1
        for trick in obs.tricks:
            for i, card in enumerate(trick.cards):
                d["played"][trick.seat_of(i), card.index] = 1
        if obs.current is not None:
            for i, card in enumerate(obs.current.cards):
                d["played"][obs.current.seat_of(i), card.index] = 1
                d["trick"][i, card.index] = 1
        d["phase"][_PHASES.index(obs.phase)] = 1
        if obs.denomination is not None:
            names = [x.name for x in self.spec.rules.denominations]
            d["declaration"][names.index(obs.denomination.name)] = 1
        d["doubling"][min(obs.doubling_level, len(d["doubling"]) - 1)] = 1
        if obs.declarer is not None:
            d["declarer"][obs.declarer] = 1
        if obs.to_act is not None:
            d["to_act"][obs.to_act] = 1
        for side in (0, 1):
            d["tricks"][side, obs.tricks_won[side]] = 1

    def string_from(self, state: DummyBridgeState, player: int) -> str:
        """The observation or information state of ``player`` as text."""
        game = state.game
        name = self.spec.players[player]
        if game is None:
            return f"{name}: dealing, {len(state.dealt)} cards dealt"
        if not self.perfect_recall:
            return str(game.observation(name))
        seen = " ".join(
            f"{seat.letter}@{move}:{game.original[seat]}"
            for seat, move in sorted(state.seen[player].items())
        )
        moves = " ".join(str(state._action(m)).replace(" ", "_") for m in state.moves)
        return f"{name} seen {seen} moves {moves}"


def _game_class(rules: str, short: str) -> type[DummyBridgeGame]:
    """The game class registered for ``rules``: pyspiel calls it with the
    parameters. (A class, not a closure: pyspiel keeps what it registers until
    after Python has finalized, and a class is never freed then.)"""

    def __init__(self: DummyBridgeGame, params: dict[str, Any] | None = None) -> None:
        DummyBridgeGame.__init__(self, {**_DEFAULTS, "rules": rules, **(params or {})}, short)

    return type(short, (DummyBridgeGame,), {"__init__": __init__})


def register(rules: str) -> str:
    """Register ``rules`` (a built-in name or a rule file's path) under its own
    name, ``dummybridge_`` and the rule set's ``name``, and return that name;
    the built-in variants and shipped house rules are registered on import.

    :raises RuleFileError: for a rule file that does not load.
    """
    if not any(rules == v.name for v in _SHIPPED):
        rules = str(Path(rules).resolve())  # found again from any directory
        short = short_name(load_rules(rules).name)
    else:
        short = short_name(rules)
    if short not in pyspiel.registered_names():
        pyspiel.register_game(game_type(short, rules), _game_class(rules, short))
    return short


_SHIPPED = [*builtin_variants(), *house_rules()]
if "dummybridge" not in pyspiel.registered_names():
    pyspiel.register_game(game_type(), DummyBridgeGame)
for _variant in _SHIPPED:
    register(_variant.name)
