"""The game: a state machine driven only by a :class:`~dummybridge.language.ruleset.RuleSet`.

A session runs from the cut to the final settlement; the game stops only
where someone decides, in one of the phases of :class:`~.phases.Phase` (its
docstring has the table). Every decision is an
:class:`~dummybridge.engine.actions.Action`. :meth:`Game.legal_actions`
lists those open to the player to act; :meth:`Game.verify` raises
:class:`~dummybridge.errors.IllegalActionError` for any other, :meth:`Game.can`
says yes or no, and :meth:`Game.apply` verifies, then acts, and returns the
:class:`~dummybridge.engine.actions.Operation` appended to :attr:`Game.log` — so a
rejected action changes nothing. All randomness comes from the one seed,
through the C core's PRNG; the same rules, seed and actions give the same game.

:class:`Game` itself is thin: it holds the session and dispatches on its phase.
Each phase is a module with its legal actions, its refusals and its effects
together (:class:`~.phases.PhaseActions`): :mod:`.declaration` (and the forced
declaration), :mod:`.auction`, :mod:`.doubling`, :mod:`.play`; the steps
between decisions are :mod:`.session` (the cut, the seating, the next
dealer), :mod:`.deal` (one deal's state, :class:`~.deal.Deal`, and the deal)
and :mod:`.settlement` (the score); :mod:`.sight` says who sees which hand,
and takes the looks. The laws of laws mode are :mod:`.laws`, which the game
consults at fixed points through the hooks it holds (``game.hooks``: the laws'
own in laws mode, strict play's no-op else). The card step of strict play is
in C (:mod:`.hotpath`).

>>> from dummybridge.language.loader import load_rules
>>> game = Game(load_rules("bridge"), seed=1)
>>> game.phase, game.to_act
('declare', <Seat.SOUTH: 2>)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from operator import attrgetter
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from ..core import _native
from ..core.cards import Card, Hand, Seat
from ..errors import IllegalActionError
from ..language.ruleset import Denomination, RuleSet
from . import auction, declaration, display, doubling, hotpath, play, record, session, sight
from ._lazy import LazyDetail
from ._speedups import GameBase
from .actions import BID, LOOK, PLAY, Action, Operation
from .deal import Deal
from .deal import begin as begin_deal
from .facts import facts
from .laws import LAWS, PHASES, STRICT_PLAY, StrictPlay
from .laws.conduct import REMARKS
from .observation import Observation, Trick, observe, visible_hands
from .opkinds import NO_DETAIL, OP_KINDS, OpKind
from .oplog import PACK_AFTER, OpLog
from .phases import Phase, PhaseActions
from .record import RECORD_FORMAT
from .scoring import ScoreSheet

if TYPE_CHECKING:
    from .laws.calls import DealStart

__all__ = ["RECORD_FORMAT", "Game", "Observation", "Trick"]

DECLARE_PHASE = Phase.DECLARE
AUCTION_PHASE = Phase.AUCTION
DOUBLE_PHASE = Phase.DOUBLE
PLAY_PHASE = Phase.PLAY
OVER = Phase.OVER

_SEATS = play.SEATS
_EMPTY = NO_DETAIL
_new_op = tuple.__new__  # builds an Operation without the named-tuple constructor's overhead
_DOUBLE = Action.double()
_REDOUBLE = Action.redouble()
_PASS = Action.pass_()
_LEAVE = Action.leave()
_SEAT_NAMES = tuple(s.name.lower() for s in _SEATS)


class _IsOver:
    """:attr:`Game.is_over`: the value the game keeps in its ``__dict__`` (a
    non-data descriptor, so that value is read as directly as any attribute),
    or, for a game that has none, whether its phase is ``over``."""

    def __get__(self, game: Any, owner: type | None = None) -> Any:
        if game is None:
            return self
        return game.phase == OVER


def _of_deal(field: str) -> Any:
    """A field of the deal in progress, read and written as the game's own
    (``game.hands`` is ``game.deal.hands``), under the name it had when the
    game kept it."""

    def put(game: Game, value: object) -> None:
        setattr(game.deal, field, value)

    return property(attrgetter(f"deal.{field}"), put, doc=f"``deal.{field}`` (see Deal)")


class Game(GameBase):
    """A session of a variant, from the cut to the final settlement.

    :param rules: the rule set to run.
    :param seed: the one seed every random step flows from (0 .. 2**64 - 1).
    :param players: the players' names, as many as the rules have players
        (default ``A``, ``B``, ``C``, ``D``; the cut decides who sits where).
    :param deals: hands to deal instead of shuffling, in order, one deal per
        entry (four hands by seat, North first); once they are used up the
        pack is shuffled as usual. For tests, conformance scenarios and
        replaying a given deal under any variant.
    :param rubbers: how many rubbers the session lasts (who holds the Dummy
        may change between rubbers, as the rules say).
    :param laws: laws mode: irregularities the laws regulate may happen (a
        revoke is a card that fails to follow suit, offered by
        :meth:`irregular_actions`), and the adversaries may claim their
        penalties at the end of the hand, as the rules' ``laws`` section says.
    :raises ValueError: for a wrong number of names, a repeated name or a bad count.
    :raises InvalidDealError: for a preset deal that is not one.
    """

    # The game's fields the C card step reads and writes (hotpath.HOT_FIELDS);
    # it reads those of the deal in progress in the deal's (hotpath.HOT_DEAL_FIELDS).
    _lean: bool
    to_act: Seat | None
    _ps: _native.PlayState | None  # the deal's play state, once the play has begun
    _step: int
    _ops: list[Operation]  # the log's entries not packed (log.entries), appended to by the C step
    _packed: int  # how many entries of the log are packed before them (log.packed)
    log: OpLog
    actions: list[Action]
    deal: Deal

    # Where the session stands, set by the phases and session.py.
    phase: Phase
    cut_order: tuple[str, ...]  # the players as they cut, lowest first
    dealer: Seat
    seat_player: dict[Seat, str]  # who holds each hand
    manned: frozenset[Seat]  # the hands a player sits at (the others are Dummies)
    player_seats: dict[str, tuple[Seat, ...]]  # the hands each player holds
    _own: dict[str, tuple[Seat, ...]]  # the hands each player sits at
    _circle: tuple[str, ...]  # the players round the table, for a dealer-held Dummy
    _circle_at: int  # the dealer's place in it
    sheet: ScoreSheet  # the rubber's score sheet
    hooks: StrictPlay  # where the game consults the laws: LAWS in laws mode, else STRICT_PLAY
    _deal_start: DealStart  # law 52: the game as its deal began (laws.calls.mark_deal)
    # The C core's play state (made at the first play, reset for each deal's)
    # and its entry points (see PlayState): set by play.begin().
    _legal_call: Any
    _legal_out: Any
    _play_call: Any
    _winner_out: Any
    _step_packed: Any
    #: how many log entries gather before a deal's start packs them
    #: (engine/oplog.py): :data:`~.oplog.PACK_AFTER`, so that a game of a
    #: rubber or two never packs; a record's replay sets 0 (its log is read,
    #: not played on: packed at every deal, a small record is held in a few
    #: times its size)
    pack_after: int = PACK_AFTER

    # The deal's fields, as the game's own (see Deal for what each holds).
    hands: list[int] = _of_deal("hands")
    denomination: Denomination | None = _of_deal("denomination")
    maker: Seat | None = _of_deal("maker")
    declarer: Seat | None = _of_deal("declarer")
    dummy: Seat | None = _of_deal("dummy")
    declared_from: str | None = _of_deal("declared_from")
    passed_to: Seat | None = _of_deal("passed_to")
    examiner: str | None = _of_deal("examiner")
    examined: Seat | None = _of_deal("examined")
    forced_trace: tuple[str, ...] = _of_deal("forced_trace")
    first_declarer: Seat = _of_deal("first_declarer")
    calls: list[tuple[Seat, Action]] = _of_deal("calls")
    contract: Action | None = _of_deal("contract")
    doubling_level: int = _of_deal("doubling_level")
    exposed: set[Seat] = _of_deal("exposed")
    tricks: list[Trick] = _of_deal("tricks")
    tricks_won: list[int] = _of_deal("tricks_won")
    history: list[tuple[Seat, Action]] = _of_deal("history")
    looks: list[tuple[str, Seat]] = _of_deal("looks")
    revokes: list[tuple[Seat, int, bool]] = _of_deal("revokes")
    _contract_seat: Seat | None = _of_deal("contract_seat")
    _trick_leader: Seat = _of_deal("trick_leader")
    _trick_cards: list[int] = _of_deal("trick_cards")
    _seat_actor: tuple[str, ...] = _of_deal("seat_actor")
    _blind: frozenset[Seat] = _of_deal("blind")

    def __init__(
        self,
        rules: RuleSet,
        seed: int,
        *,
        players: Sequence[str] | None = None,
        deals: Sequence[Sequence[Hand]] = (),
        rubbers: int = 1,
        laws: bool = False,
    ) -> None:
        session.check_arguments(rules, seed, rubbers, laws)
        names = session.player_names(rules, players)
        if rubbers < 1:
            raise ValueError(f"a session needs at least one rubber, got {rubbers!r}")
        self.rules = rules
        self.seed = seed
        self.players = names
        self.rubbers = rubbers
        self.laws = laws
        self.hooks = LAWS if laws else STRICT_PLAY
        self.preset_deals = tuple(tuple(d) for d in deals)
        for preset in self.preset_deals:
            if len(preset) != 4:
                raise ValueError(f"a preset deal needs four hands, got {len(preset)}")
            _native.deal_validate([h.bits for h in preset], rules.deal.cards_each)
        self.rng = _native.Rng(seed)
        self.log = OpLog(names)
        self._ops = self.log.entries
        self._packed = 0
        self.is_over = False
        self.actions = []
        #: (index in actions, player) of each action taken out of turn
        self.actions_out_of_turn: list[tuple[int, str]] = []
        # law 52: the indices in actions of calls voided as slips
        self._slips: set[int] = set()
        self.sheets: list[ScoreSheet] = []
        self.deal_number = 0
        self.rubber_number = 0
        known = facts(rules)
        self._trump_of_name = known.trump_of_name
        # The events a rule of sight starts or ends at: only these change sight.
        self._sight_events = known.sight_events
        self._sight_on_declaration = known.sight_on_declaration
        self._sight_memo = known.sight_memo
        self._fresh_sight = known.fresh_sight
        self._seating_memo = known.seating_memo
        self._sheet_columns = known.sheet_columns
        self._seating: tuple[Any, ...] = ()
        self._may_look = known.may_look
        self._may_leave = rules.declaration.pass_to_partner
        self._limit = rules.doubling.limit
        self._unlimited = self._limit.kind == "unlimited"
        self._max_doublings = rules.doubling.max_doublings  # the safeguard
        self._doubling_opens = known.doubling_opens
        self._strain_of = known.strain_of
        self._leader_only = rules.doubling.doublers == "leader_only"
        self._double_free = (
            self._unlimited
            and not rules.doubling.blind
            and rules.doubling.redouble_when_left_to_dummy != "forbidden"
        )
        self._declare_actions = known.declare_actions
        self._bids = known.bids
        self._bid_rank = known.bid_rank
        # the C core's play state: made at the first play, then reset for each deal's
        self._play_state: _native.PlayState | None = None
        self._step = 0
        session.cut(self)
        session.begin_rubber(self)
        begin_deal(self)

    @property
    def original(self) -> tuple[Hand, ...]:
        """The deal's hands as dealt, by seat (North first)."""
        return self.deal.original

    # ------------------------------------------------------ who acts

    def player_of(self, seat: Seat) -> str:
        """The player who decides for ``seat`` now: its holder, or the declarer's
        player for the dummy once play has begun."""
        if self.phase == PLAY_PHASE:
            return self.deal.seat_actor[seat]
        return self.seat_player[seat]

    @property
    def actor(self) -> str | None:
        """The player to act, or ``None`` when the game is over."""
        return None if self.to_act is None else self.player_of(self.to_act)

    is_over: bool = _IsOver()  # type: ignore[assignment]
    """Whether the session is finished (read once for every action a program
    takes: kept as a plain value on the game, set when the phase becomes ``over``)."""

    def _seat_text(self, seat: Seat | None) -> str:
        """A hand and who decides for it, for messages: ``south (A)``."""
        assert seat is not None
        return f"{_SEAT_NAMES[seat]} ({self.player_of(seat)})"

    def sees(self, player: str, seat: Seat) -> bool:
        """Whether ``player`` may see the hand at ``seat`` now, by the rules of sight.

        :raises ValueError: for an unknown player.
        """
        try:
            return sight.sees(self, player, seat)
        except KeyError:
            raise ValueError(
                f"no player {player!r} in this game (players: {list(self.players)!r})"
            ) from None

    # ------------------------------------------------- legal actions

    if TYPE_CHECKING:  # implemented by the C base class, dummybridge.engine._speedups.GameBase

        def legal_actions(self) -> tuple[Action, ...]:
            """The actions open to the player to act now (empty when the game is over).

            In the play the C core decides which cards may be played; a player
            who may not see the hand he plays from can only play a card blind.
            Where the rules give him the choice, he may also look at a hand.

            The first is the quiet one, so that always taking it ends a deal:
            ``pass`` (content) in the doubling and the auction, then the bids
            from the lowest, then ``double`` or ``redouble``; the rule file's
            declarations in its order, then ``leave it``; the cards from the
            lowest (clubs, diamonds, hearts, spades, each from the two up).
            Looks come last. A deal is at most
            :func:`~dummybridge.engine.bounds.deal_length` actions long.
            """

        def apply(self, action: Action | str, *, player: str | None = None) -> Operation:
            """Take ``action`` for the player to act, and return its log entry.

            The game then runs every step that needs no decision (a forced
            declaration, a trick won, the score, the next deal) before returning.

            :param action: an :class:`Action` or its text (``"play SA"``).
            :param player: who acts; by default the player to act. In laws mode
                another player may make a call out of turn in the auction (see
                :meth:`out_of_turn_actions`).
            :raises IllegalActionError: if it is not legal now (nothing changes).
            :raises InvalidNotationError: for text that is no action.
            """

    def _legal_actions(self) -> tuple[Action, ...]:
        """:meth:`legal_actions` (the C base class takes the cards of the lean
        play itself, from the legal cards of the last step, and calls this for
        every other case: the reference the tests compare it with)."""
        if self.phase is OVER:
            return ()
        return _PHASES[self.phase].legal(self)

    def irregular_actions(self) -> tuple[Action, ...]:
        """In laws mode, the irregular actions open to the player to act: the
        cards that would fail to follow suit (revokes), or in the auction the
        insufficient bids where the rules regulate them. Empty in strict play."""
        return self.hooks.irregular_actions(self)

    def out_of_turn_actions(self, player: str) -> tuple[Action, ...]:
        """In laws mode, the calls ``player`` could make out of turn now (the
        rules regulate them in ``laws.out_of_turn``): bids, doubles and
        redoubles he could make in his turn. Empty in strict play, outside the
        auction, for the player whose turn it is, or a kind the rules leave out.

        :raises ValueError: for an unknown player.
        """
        return self.hooks.out_of_turn_actions(self, player)

    def remarks(self, player: str) -> tuple[Action, ...]:
        """In laws mode, what the laws let ``player`` say or do in the play
        besides playing a card, whether or not it is his turn:

        - ``ask having none``: the partner of a player who has not followed suit
          asks him, before the revoke is established (law 85); dummy asks the
          declarer where the rules give dummy that right (law 60 a);
        - ``correct revoke``: the player corrects his own revoke in time (law 86);
        - ``point out revoke``: dummy calls attention to an adversary's revoke,
          forfeiting its penalty (law 61);
        - ``suggest CARD``: dummy suggests a card from dummy (law 62);
        - ``touch CARD``: the declarer names or touches a card; one of dummy's
          is played, one of his own is not until quitted (law 64).

        Empty in strict play and outside the play.

        :raises ValueError: for an unknown player.
        """
        return self.hooks.remarks(self, player)

    def verify(self, action: Action) -> None:
        """Raise unless ``action`` is legal now for the player to act.

        :raises IllegalActionError: naming the action, the seat and why not.
        """
        if self.phase == OVER or self.to_act is None:
            raise IllegalActionError(f"{action} refused: the game is over")
        if action.kind == LOOK:
            sight.verify_look(self, action)
            return
        actions = _PHASES[self.phase]
        if not actions.allows(self, action):
            why = f"{action} refused: {actions.why_not(self, action)}"
            raise IllegalActionError(self.rules.laws.cite(why))

    def can(self, action: Action) -> bool:
        """Whether ``action`` is legal now."""
        try:
            self.verify(action)
        except IllegalActionError:
            return False
        return True

    # --------------------------------------------------------- acting

    def _apply(self, action: Action | str, *, player: str | None = None) -> Operation:
        """:meth:`apply` (the C base class takes a card of the lean play itself
        and calls this for every other action, and for a card it refused, so
        that the message names the rule broken). A refusal cites the laws as
        the code the rules follow cites them (``rules.laws.cite``). In laws
        mode, what the laws keep of the deal may have changed: whether the C
        step may take the next card is asked again (:func:`.play.refresh_lean`)."""
        try:
            op = self._take(action, player)
        except IllegalActionError as exc:
            cited = self.rules.laws.cite(str(exc))
            if cited == str(exc):
                raise
            raise IllegalActionError(cited) from None
        if self.laws and (self._lean or self.phase is PLAY_PHASE):
            play.refresh_lean(self)  # (off outside the play: a penalty to choose ...)
        return op

    def _take(self, action: Action | str, player: str | None) -> Operation:
        """:meth:`_apply`'s steps: the action taken (its general path)."""
        if action.__class__ is not Action:
            if not isinstance(action, str):
                raise TypeError(f"an action must be an Action or its text, not {action!r}")
            action = Action.parse(action)
        phase = self.phase
        if player == self.actor:
            player = None  # (named or not, the player to act acts in turn)
        if player is None and (phase is DOUBLE_PHASE or phase is DECLARE_PHASE):
            actions = _PHASES[phase]  # no laws there: a decision open now is taken at once
            if actions.allows(self, action):
                return actions.act(self, action)
            # laws mode: the declaration passed back, the eldest hand's lead in
            # the doubling, his partner's double asked (ELW05 laws 56, 58)
            irregular = self.hooks.in_turn(self, action)
            if irregular is not None:
                return irregular
        kind = action.kind
        if kind in REMARKS:
            if player is None and self.actor is None:
                raise IllegalActionError(f"{action} refused: the game is over")
            return self.hooks.remark(self, player or self.actor or "", action)
        if player is not None and player != self.actor:
            return self.hooks.call_out_of_turn(self, player, action)
        if phase == AUCTION_PHASE and kind == BID:
            irregular = self.hooks.bid(self, action)
            if irregular is not None:
                return irregular
        if phase is PLAY_PHASE and kind is PLAY and self.to_act not in self.deal.blind:
            return self.hooks.play(self, action)
        self.verify(action)
        if kind == LOOK:
            return sight.look(self, action)
        return _PHASES[self.phase].act(self, action)

    def _decision(
        self,
        action: Action,
        effect: Callable[[Game, Seat, Action], None],
        *,
        log_sight: bool = True,
    ) -> Operation:
        """Take a decision verified as open (not a look or a card): log it, then
        its ``effect``, then (unless the deal is over) what it changed in sight."""
        seat: Seat = self.to_act  # type: ignore[assignment]  # never None here
        log = self._ops
        op: Operation = _new_op(
            Operation,
            (
                self._packed + len(log),
                OP_KINDS[action.kind],
                seat,
                self.seat_player[seat],
                action,
                _EMPTY,
            ),
        )
        log.append(op)
        self.actions.append(action)
        deal = self.deal
        deal.history.append((seat, action))
        effect(self, seat, action)
        if (
            log_sight
            and deal.logged_at != deal.sight_version
            and self.deal is deal
            and self.phase is not OVER
        ):
            sight.log(self)  # sight changed
        return op

    # Convenience spellings of apply().
    def declare(self, denomination: str) -> Operation:
        """Declare ``denomination`` (its rule-file name)."""
        return self.apply(Action.declare(denomination))

    def leave(self) -> Operation:
        """Leave the declaration to partner (or to Dummy)."""
        return self.apply(_LEAVE)

    def double(self) -> Operation:
        """Double (an undoubled declaration or bid)."""
        return self.apply(_DOUBLE)

    def redouble(self) -> Operation:
        """Redouble (a doubled declaration or bid)."""
        return self.apply(_REDOUBLE)

    def pass_(self) -> Operation:
        """Pass: content with the doubling as it stands."""
        return self.apply(_PASS)

    def play(self, card: Card | str) -> Operation:
        """Play a card from the hand whose turn it is."""
        return self.apply(Action.play(card))

    def look(self, seat: Seat | str) -> Operation:
        """Look at a hand, where the rules give the player to act that choice."""
        return self.apply(Action.look(seat))

    # ------------------------------------------------------------ the log

    def _append(
        self,
        kind: str,
        *,
        seat: Seat | None = None,
        player: str | None = None,
        action: Action | None = None,
        detail: Mapping[str, Any] | None = None,
    ) -> Operation:
        """Log an entry of ``kind`` (an :class:`~.opkinds.OpKind`, or its value).

        :raises ValueError: for a kind not in the table (nothing is logged).
        """
        if kind.__class__ is not OpKind:  # its value (the laws' functions give one)
            op_kind = OP_KINDS.get(kind)
            if op_kind is None:
                raise ValueError(f"no kind of log entry {kind!r} (see OpKind)")
            kind = op_kind
        if detail is None:
            detail = _EMPTY
        elif detail.__class__ is not LazyDetail:  # a LazyDetail is built when read
            detail = MappingProxyType(dict(detail)) if detail else _EMPTY
        log = self._ops
        op: Operation = _new_op(
            Operation, (self._packed + len(log), kind, seat, player, action, detail)
        )
        log.append(op)
        return op

    # ------------------------------------------------- observations

    def _check_player(self, player: str) -> None:
        """:raises ValueError: unless ``player`` plays in this game."""
        if player not in self.player_seats:
            raise ValueError(f"no player {player!r} in this game (players: {list(self.players)!r})")

    def visible_hands(self, player: str) -> dict[Seat, Hand]:
        """The hands ``player`` may see now, by the rules of sight and what lies face up.

        :raises ValueError: for an unknown player.
        """
        return visible_hands(self, player)

    def observation(self, player: str) -> Observation:
        """What ``player`` may know now.

        :raises ValueError: for an unknown player.
        """
        return observe(self, player)

    def __str__(self) -> str:
        """The position as a bridge player reads it: every hand in a diagram,
        the trick in progress, the calls, the declaration, the tricks, the turn."""
        return display.game_text(self)

    def _repr_html_(self) -> str:
        """The position as HTML, for Jupyter."""
        return display.game_html(self)

    # ------------------------------------------------ serialization

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (and deep-copied) as its record and rules, and rebuilt by
        replaying it (:meth:`from_record`): the C core's state is not Python data."""
        return (_game_from_record, (self.to_record(), self.rules))

    def to_record(self) -> dict[str, Any]:
        """The game as a JSON-compatible record: rules, seed, players, every decision.

        :func:`Game.from_record` replays it to the same state.
        """
        return record.to_record(self)

    @classmethod
    def from_record(cls, data: Mapping[str, Any], rules: RuleSet | None = None) -> Game:
        """Replay a record made by :meth:`to_record`.

        :param rules: the rule set to replay under; by default the record's:
            the text it carries (checked against its SHA-256) or the shipped
            rule file it names. A path in a record is never opened.
        :raises InvalidNotationError: for a record that is not one, or whose
            rules are a file it does not carry (pass ``rules``).
        :raises RuleFileError: for carried rules that are not a valid rule file.
        :raises IllegalActionError: if an action in it is not legal when replayed.
        """
        return record.from_record(cls, data, rules)

    def state_dict(self) -> dict[str, Any]:
        """A JSON-compatible snapshot of the whole state (for inspection and tests)."""
        return record.state_dict(self)

    def play_out(self, choose: Any, limit: int = 100_000) -> None:
        """Drive the game to its end, asking ``choose(game)`` for each action."""
        for _ in range(limit):
            if self.phase == OVER:
                return
            self.apply(choose(self))
        raise RuntimeError("game did not finish")  # pragma: no cover

    def replay(self, actions: Iterable[Action | str]) -> None:
        """Apply several actions in turn."""
        for a in actions:
            self.apply(a)


def _game_from_record(data: Mapping[str, Any], rules: RuleSet) -> Game:
    """Unpickle a :class:`Game` (see ``Game.__reduce__``)."""
    return Game.from_record(data, rules)


#: each phase's actions: the table the game dispatches on
_PHASES: dict[Phase, PhaseActions] = {
    Phase.DECLARE: declaration.ACTIONS,
    Phase.AUCTION: auction.ACTIONS,
    Phase.DOUBLE: doubling.ACTIONS,
    Phase.PLAY: play.ACTIONS,
    **PHASES,  # the laws' two: penalty and claim (laws mode only)
}

# The card step of apply() and legal_actions() in the lean play, and the end
# of a trick, in C (_speedups.c): the fields and tables it works with.
hotpath.bind(Game, Deal, play.C_TABLES)
