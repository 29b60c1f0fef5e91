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
and takes the looks. The laws' irregularities are the game's own methods in
laws mode. The card step of strict play is in C (:mod:`.hotpath`).

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
from ..core.cards import Card, Hand, Seat, Suit
from ..errors import IllegalActionError
from ..language.ruleset import Denomination, RuleSet
from . import auction, declaration, doubling, hotpath, play, record, session, settlement, sight
from ._lazy import LazyDetail
from ._speedups import GameBase
from ._speedups import plays_of as _plays_of  # the play actions of a set of cards
from .actions import (
    ASK,
    BID,
    BID_SEVEN,
    CALL_LEAD,
    CANCEL,
    CLAIM,
    CORRECT,
    DOUBLE,
    FORBID,
    INFORM,
    LOOK,
    MAKE_SUFFICIENT,
    NEW_DEAL,
    PLAY,
    POINT_OUT,
    PREVIOUS_FINAL,
    REDOUBLE,
    REQUIRE,
    SUGGEST,
    TOUCH,
    Action,
    Operation,
)
from .deal import Deal
from .deal import begin as begin_deal
from .facts import facts
from .observation import Observation, Trick, observe, visible_hands
from .opkinds import NO_DETAIL, OP_KINDS, OpKind
from .phases import Phase, PhaseActions
from .record import RECORD_FORMAT
from .scoring import ScoreSheet

__all__ = ["RECORD_FORMAT", "Game", "Observation", "Trick"]

DECLARE_PHASE = Phase.DECLARE
AUCTION_PHASE = Phase.AUCTION
DOUBLE_PHASE = Phase.DOUBLE
PLAY_PHASE = Phase.PLAY
CLAIM_PHASE = Phase.REVOKE_CLAIM
PENALTY_PHASE = Phase.PENALTY
OVER = Phase.OVER

_SEATS = play.SEATS
_CARDS = play.CARDS
_PLAYS = play.PLAYS
_CODES = tuple(c.code for c in _CARDS)
_EMPTY = NO_DETAIL
_new_op = tuple.__new__  # builds an Operation without the named-tuple constructor's overhead
_DOUBLE = Action.double()
_PASS = Action.pass_()
_LEAVE = Action.leave()
_ASK = Action(ASK)
_CORRECT = Action(CORRECT)
_POINT_OUT = Action(POINT_OUT)
_FORBID = Action(FORBID)
_DECLINE = Action.parse("decline penalty")
#: the remarks and touches of the play that the laws regulate (laws 60-64, 85-86)
_REMARKS = frozenset((TOUCH, ASK, CORRECT, POINT_OUT, SUGGEST, INFORM))
_INFORM = Action(INFORM)
_CALL_LEADS = tuple(Action.call_lead(s.name.lower()) for s in Suit)
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
    log: list[Operation]
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
    # The C core's play state (made at the first play, reset for each deal's)
    # and its entry points (see PlayState): set by play.begin().
    _legal_call: Any
    _legal_out: Any
    _play_call: Any
    _winner_out: Any
    _step_packed: Any

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
        self.preset_deals = tuple(tuple(d) for d in deals)
        for preset in self.preset_deals:
            if len(preset) != 4:
                raise ValueError(f"a preset deal needs four hands, got {len(preset)}")
            _native.deal_validate([h.bits for h in preset], rules.deal.cards_each)
        self.rng = _native.Rng(seed)
        self.log = []
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
        self._begin_deal()

    def _forget_irregularities(self) -> None:
        """A new deal: the laws' fields of a deal start afresh (the laws' own,
        kept on the game; the rest of a deal's state is its :class:`Deal`)."""
        self.revokes: list[tuple[Seat, int, bool]] = []  # seat, trick number, liable
        self._claims: list[int] = []  # the revoking sides whose penalty is to be claimed
        # a decision the adversaries owe: (offender, his action, the options, who acts after)
        self._pending: tuple[Seat, Action, tuple[Action, ...], Seat | None] | None = None
        # laws 85-86: the renounces asked about, by (trick number, seat)
        self._asked: set[tuple[int, Seat]] = set()
        # law 61: the revokes, by (seat, trick number), whose penalty dummy forfeited
        self._forfeited: set[tuple[Seat, int]] = set()
        # a card a hand must play (True) or may not play (False) next (laws 62, 86)
        self._constraint: tuple[Seat, int, bool] | None = None
        # laws 51, 93: the suit the adversaries' next lead must be in, if they can
        self._called_lead: int | None = None
        self._barred: Seat | None = None
        self._penalties: dict[int, str] = {}  # revoking side -> penalty claimed

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
        seat = self.to_act
        if (
            self.laws
            and self.phase == AUCTION_PHASE
            and self.rules.laws.insufficient_bid
            and self.contract is not None
            and seat != self._barred
        ):
            # Law 50: a bid that is not higher than the last.
            return self._bids[: self._bid_rank[self.contract] + 1]
        if (
            not self.laws
            or self.phase is not PLAY_PHASE
            or seat is None
            or seat in self._blind
            or (self._constraint is not None and self._constraint[0] is seat)
            or (self._called_lead is not None and self._lead_called())
        ):
            return ()
        if self._legal_call():
            return ()  # pragma: no cover
        return _plays_of(self.hands[seat] & ~self._legal_out[0])

    def out_of_turn_actions(self, player: str) -> tuple[Action, ...]:
        """In laws mode, the calls ``player`` could make out of turn now (the
        rules regulate them in ``laws.out_of_turn``): bids, doubles and
        redoubles he could make in his turn. Empty in strict play, outside the
        auction, for the player whose turn it is, or a kind the rules leave out.

        :raises ValueError: for an unknown player.
        """
        self._check_player(player)
        if (
            not self.laws
            or self.phase != AUCTION_PHASE
            or player == self.actor
            or self._slip_open(player)
        ):  # his call now corrects his last (law 52)
            return ()
        regulated = self.rules.laws.out_of_turn
        seats = [s for s in self.player_seats.get(player, ()) if s in self.manned]
        if not seats:
            return ()
        out = []
        for call in self._calls_for(seats[0]):
            kind = (
                "bid" if call.kind == BID else "double" if call.kind in (DOUBLE, REDOUBLE) else None
            )
            if kind in regulated:
                out.append(call)
        return tuple(out)

    def _penalty_actions(self) -> tuple[Action, ...]:
        assert self._pending is not None
        return self._pending[2]

    def _constrained(self, legal: int) -> tuple[Action, ...]:
        """The plays left by a card required or forbidden (laws 62, 86)."""
        assert self._constraint is not None
        _, card, required = self._constraint
        if required:
            return (_PLAYS[card],)
        return _plays_of(legal & ~(1 << card))

    def _lead_called(self) -> bool:
        """Whether an adversary of the declarer is on lead with a lead called (laws 51, 93)."""
        assert self.declarer is not None
        assert self.to_act is not None
        return not self._trick_cards and int(self.to_act) & 1 != int(self.declarer) & 1

    def _lead_cards(self) -> int:
        """The cards he may lead: those of the called suit, if he has any."""
        assert self._called_lead is not None
        assert self.to_act is not None
        hand = self.hands[self.to_act]
        suit = hand & 0x1FFF << 13 * self._called_lead
        return suit or hand

    def _open_trick(self) -> tuple[Seat, list[int], int] | None:
        """The trick whose revokes may still be corrected, as (leader, cards, number):
        the trick being played, or the one just completed until a card is led to
        the next; a card played to the next trick establishes them (law 83)."""
        if self._trick_cards:
            return self._trick_leader, self._trick_cards, len(self.tricks) + 1
        if self.tricks and self.phase is PLAY_PHASE:
            last = self.tricks[-1]
            return last.leader, [c.index for c in last.cards], len(self.tricks)
        return None

    def _renounces(self) -> list[tuple[Seat, int, bool]]:
        """(seat, trick number, whether a revoke) for each hand that did not
        follow suit in the open trick."""
        found = self._open_trick()
        if found is None:
            return []
        leader, cards, number = found
        led = cards[0] // 13
        out = []
        for j in range(1, len(cards)):
            if cards[j] // 13 != led:
                seat = _SEATS[(int(leader) + j) & 3]
                revoke = any(s is seat and n == number for s, n, _ in self.revokes)
                out.append((seat, number, revoke))
        return out

    def _dummy_player(self) -> str | None:
        """Dummy's own player once dummy is exposed, if he is not the declarer."""
        dummy = self.dummy
        if dummy is None or dummy not in self.exposed or dummy not in self.manned:
            return None
        assert self.declarer is not None
        player = self.seat_player[dummy]
        return None if player == self.seat_player[self.declarer] else player

    def _penal_revokes(self) -> list[tuple[Seat, int]]:
        """The revokes liable to the penalty and not forfeited (laws 61, 63), by (seat, trick)."""
        return [(s, n) for s, n, liable in self.revokes if liable and (s, n) not in self._forfeited]

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
        self._check_player(player)
        if not self.laws or self.phase is not PLAY_PHASE or self.declarer is None:
            return ()
        laws = self.rules.laws
        out: list[Action] = []
        if laws.revoke.correction is not None:
            for seat, number, revoke in self._renounces():
                if (number, seat) in self._asked:
                    continue
                controller = self._seat_actor[seat]
                if revoke and player == controller and _CORRECT not in out:
                    out.append(_CORRECT)
                partner = seat.partner
                if (
                    partner not in self.manned
                    or self.seat_player[partner] != player
                    or player == controller
                ):
                    continue
                may = (
                    laws.dummy.asks_renounce
                    if partner is self.dummy
                    else laws.revoke.correction.partner_may_ask
                )
                if may and _ASK not in out:
                    out.append(_ASK)
        if (
            laws.called_lead
            and self.rules.declaration.kind == "auction"
            and self._called_lead is None
            and any(int(s) & 1 != int(self.declarer) & 1 for s in self.player_seats.get(player, ()))
        ):
            out.append(_INFORM)
        if player == self._dummy_player():
            declaring = int(self.declarer) & 1
            if laws.dummy.pointing_out_forfeits and any(
                int(s) & 1 != declaring for s, _ in self._penal_revokes()
            ):
                out.append(_POINT_OUT)
            dummy = self.dummy
            if (
                laws.dummy.suggestion
                and dummy is not None
                and self.to_act is dummy
                and self._constraint is None
            ):
                out.extend(Action.suggest(c) for c in Hand._of(self.hands[dummy]))
        to_act = self.to_act
        if (
            laws.dummy.touched_card_played
            and to_act is not None
            and to_act in (self.declarer, self.dummy)
            and player == self._seat_actor[to_act]
        ):
            cards: Iterable[Card] = Hand._of(self.hands[to_act])
            if to_act is self.dummy:  # a card of dummy's touched is played: one that may be
                cards = [c for c in cards if self.can(_PLAYS[c.index])]
            out.extend(Action.touch(c) for c in cards)
        return tuple(out)

    def _claim_actions(self) -> tuple[Action, ...]:
        """The penalty the non-offending side may claim for the revoking side's revokes."""
        side = self._claims[0]
        rule = self.rules.laws.revoke
        assert self.declarer is not None
        declaring = int(self.declarer) & 1
        if rule.penalty == "tricks":
            return (Action.claim("tricks"), Action.waive())
        if side == declaring:  # the declarer's side revoked: points to the adversaries
            return (Action.claim("points"), Action.waive())
        return (Action.claim("points"), Action.claim("tricks"), Action.waive())

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
            raise IllegalActionError(f"{action} refused: {actions.why_not(self, action)}")

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
        that the message names the rule broken)."""
        if action.__class__ is not Action:
            if not isinstance(action, str):
                raise TypeError(f"an action must be an Action or its text, not {action!r}")
            action = Action.parse(action)
        phase = self.phase
        if player is None and (phase is DOUBLE_PHASE or phase is DECLARE_PHASE):
            actions = _PHASES[phase]  # no laws there: a decision open now is taken at once
            if actions.allows(self, action):
                return actions.act(self, action)
        kind = action.kind
        if kind in _REMARKS:
            if player is None and self.actor is None:
                raise IllegalActionError(f"{action} refused: the game is over")
            return self._remark(player or self.actor or "", action)
        if player is not None and player != self.actor:
            return self._out_of_turn(player, action)
        if phase == AUCTION_PHASE and kind == BID and self.laws:
            if action in self.irregular_actions():
                return self._insufficient(action)
            if self._impossible_open(action):
                return self._impossible(action)
        if phase is PLAY_PHASE and kind is PLAY and self.to_act not in self.deal.blind:
            return self._play_laws(action) if self.laws else play.card(self, action)
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
        log = self.log
        op: Operation = _new_op(
            Operation,
            (len(log), OP_KINDS[action.kind], seat, self.seat_player[seat], action, _EMPTY),
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
        """Double (or redouble)."""
        return self.apply(_DOUBLE)

    def pass_(self) -> Operation:
        """Pass: content with the doubling as it stands."""
        return self.apply(_PASS)

    def play(self, card: Card | str) -> Operation:
        """Play a card from the hand whose turn it is."""
        return self.apply(Action.play(card))

    def look(self, seat: Seat | str) -> Operation:
        """Look at a hand, where the rules give the player to act that choice."""
        return self.apply(Action.look(seat))

    # ------------------------------------------------------ the steps

    def _out_of_turn(self, player: str, action: Action) -> Operation:
        """A call out of turn (laws mode): logged, then the adversary on the
        offender's left chooses what the rules allow (1912 laws 49, 57)."""
        if player not in self.player_seats:
            raise IllegalActionError(f"{action} refused: no player {player!r} in this game")
        if self._slip_open(player):
            return self._slip(player, action)
        if action not in self.out_of_turn_actions(player):
            turn = "" if self.actor is None else f"it is {self.actor}'s turn"
            raise IllegalActionError(
                f"{action} refused: {turn or 'no call is open'}; {player} may not "
                f"call out of turn here" + ("" if self.laws else " (strict play)")
            )
        seat = next(s for s in self.player_seats[player] if s in self.manned)
        kind = "bid" if action.kind == BID else "double"
        options = tuple(Action(option) for option in self.rules.laws.out_of_turn[kind])
        self.actions_out_of_turn.append((len(self.actions), player))
        self.actions.append(action)
        op = self._append(
            "out_of_turn",
            seat=seat,
            player=player,
            action=action,
            detail={"turn": None if self.to_act is None else self.to_act.letter},
        )
        self._pending = (seat, action, options, self.to_act)
        self.phase = PENALTY_PHASE
        self.to_act = seat.left
        return op

    def _slip_open(self, player: str) -> bool:
        """Whether ``player`` made the last call, in turn, and no one has acted since (law 52)."""
        if not (
            self.laws
            and self.rules.laws.slip
            and self.phase == AUCTION_PHASE
            and self.calls
            and self.actions
        ):
            return False
        seat, call = self.calls[-1]
        last = len(self.actions) - 1
        return (
            self.actions[last] is call
            and self.seat_player[seat] == player
            and not any(i == last for i, _ in self.actions_out_of_turn)
        )

    def _slip(self, player: str, action: Action) -> Operation:
        """Law 52: the player corrects the call he has just made; the first is void.

        The game is rebuilt from its decisions without that call (so every
        consequence of it is undone), then the new call is made in its place.
        """
        said = self.actions[-1]
        fresh = Game(
            self.rules,
            self.seed,
            players=self.players,
            deals=self.preset_deals,
            rubbers=self.rubbers,
            laws=True,
        )
        out_of_turn = dict(self.actions_out_of_turn)
        slipped: Action | None = None
        for i, earlier in enumerate(self.actions[:-1]):
            # Earlier slips replay as their corrections alone, so that this
            # rebuild never rebuilds again (each slip costs one replay).
            if i in self._slips:
                slipped = earlier
                continue
            if slipped is not None:
                fresh._append("slip", seat=fresh.to_act, player=out_of_turn[i], action=slipped)
                fresh.apply(earlier)
                # as in the game itself: a corrected call cannot be corrected again
                fresh.actions_out_of_turn.append((len(fresh.actions) - 1, out_of_turn[i]))
                slipped = None
                continue
            fresh.apply(earlier, player=out_of_turn.get(i))
        if not fresh.can(action):
            raise IllegalActionError(
                f"{action} refused: {player} may correct his call "
                f"({said}) only by a call he could have made instead"
            )
        fresh._append("slip", seat=fresh.to_act, player=player, action=said)
        op = fresh.apply(action)
        # The record keeps both calls, the second made "out of turn" by the
        # same player, so that replaying it corrects the slip again.
        fresh.actions = [*self.actions, action]
        fresh.actions_out_of_turn = [*self.actions_out_of_turn, (len(self.actions), player)]
        fresh._slips = self._slips | {len(self.actions) - 1}
        self.__dict__.update(fresh.__dict__)
        return op

    def _impossible_open(self, action: Action) -> bool:
        """Whether ``action`` is an impossible bid the rules regulate (law 50):
        more than seven, in a declaration the rules have, by a bidder not barred."""
        auction = self.rules.declaration.auction
        return (
            bool(self.rules.laws.impossible_bid)
            and auction is not None
            and (action.level or 0) > auction.max_level
            and action.denomination in self._trump_of_name
            and self.to_act != self._barred
        )

    def _impossible(self, action: Action) -> Operation:
        """Law 50: an impossible bid; the adversary on the bidder's left decides."""
        seat = self.to_act
        assert seat is not None
        assert action.denomination is not None
        auction = self.rules.declaration.auction
        assert auction is not None
        options = []
        for option in self.rules.laws.impossible_bid:
            if option == "bid_seven":
                seven = Action.bid(auction.max_level, action.denomination)
                if (
                    self.contract is not None
                    and self._bid_rank[seven] <= self._bid_rank[self.contract]
                ):
                    continue  # seven of it would not be enough either
            if option == "previous_final" and (
                self._contract_seat is None or int(self._contract_seat) & 1 == int(seat) & 1
            ):
                continue  # no bid of theirs to make final
            options.append(Action(option))
        self.actions.append(action)
        op = self._append("impossible", seat=seat, player=self.seat_player[seat], action=action)
        self._pending = (seat, action, tuple(options), seat)
        self.phase = PENALTY_PHASE
        self.to_act = seat.left
        return op

    def _insufficient(self, action: Action) -> Operation:
        """Law 50: an insufficient bid; the adversary on the bidder's left decides."""
        seat = self.to_act
        assert seat is not None
        self.actions.append(action)
        op = self._append("insufficient", seat=seat, player=self.seat_player[seat], action=action)
        self._pending = (
            seat,
            action,
            tuple(Action(option) for option in self.rules.laws.insufficient_bid),
            seat,
        )
        self.phase = PENALTY_PHASE
        self.to_act = seat.left
        return op

    def _remark(self, player: str, action: Action) -> Operation:
        """A remark or touch in the play (laws mode; see :meth:`remarks`)."""
        if player not in self.player_seats:
            raise IllegalActionError(f"{action} refused: no player {player!r} in this game")
        if action not in self.remarks(player):
            raise IllegalActionError(f"{action} refused: {self._why_no_remark(player, action)}")
        kind = action.kind
        if player != self.actor:
            self.actions_out_of_turn.append((len(self.actions), player))
        seat = self.to_act
        assert seat is not None
        assert self.declarer is not None
        if kind == TOUCH:
            assert action.card is not None
            played = seat is self.dummy
            if played:  # refused before anything is recorded, like the play itself
                self.verify(_PLAYS[action.index])
            self._append(
                TOUCH,
                seat=seat,
                player=player,
                action=action,
                detail={"card": action.card.code, "played": played},
            )
            if played:  # law 64: a card of dummy's named or touched is played
                return self._play_laws(_PLAYS[action.index], recorded=action)
            self.actions.append(action)  # his own card is not played until quitted
            return self.log[-1]
        self.actions.append(action)
        if kind == SUGGEST:
            op = self._append(SUGGEST, seat=seat, player=player, action=action)
            legal = self._ps.legal()  # type: ignore[union-attr]
            options = []
            if "require" in self.rules.laws.dummy.suggestion and legal >> action.index & 1:
                options.append(Action.require("suggested"))
            if "forbid" in self.rules.laws.dummy.suggestion and legal & ~(1 << action.index):
                options.append(_FORBID)
            self._pending = (seat, action, (*options, _DECLINE), seat)
            self.phase = PENALTY_PHASE
            self.to_act = self.declarer.left  # law 62: either adversary; the left one here
            return op
        if kind == INFORM:  # laws 51, 93: the declarer may call a lead
            offender = next(
                s for s in self.player_seats[player] if int(s) & 1 != int(self.declarer) & 1
            )
            op = self._append(INFORM, seat=offender, player=player, action=action)
            self._pending = (offender, action, (*_CALL_LEADS, _DECLINE), seat)
            self.phase = PENALTY_PHASE
            self.to_act = self.declarer
            return op
        if kind == POINT_OUT:
            declaring = int(self.declarer) & 1
            target, number = next(
                (s, n) for s, n in self._penal_revokes() if int(s) & 1 != declaring
            )
            op = self._append(
                POINT_OUT, seat=target, player=player, action=action, detail={"trick": number}
            )
            if any(s is target and n == number for s, n, _ in self._renounces()):
                self._correct(target, action, penalise=False)  # found in time: set right
            else:
                self._forfeited.add((target, number))  # law 61: the penalty is lost
            return op
        # ask having none, or correct revoke
        target, number, revoke = next(
            (s, n, r)
            for s, n, r in self._renounces()
            if (n, s) not in self._asked
            and (
                player == self._seat_actor[s]
                if kind == CORRECT
                else self.seat_player[s.partner] == player
            )
        )
        self._asked.add((number, target))
        op = self._append(
            kind,
            seat=target,
            player=player,
            action=action,
            detail={"trick": number, "revoke": revoke},
        )
        if revoke:
            self._correct(target, action, penalise=True)
        return op

    def _why_no_remark(self, player: str, action: Action) -> str:
        if not self.laws:
            return "remarks in the play are regulated only in laws mode"
        if self.phase is not PLAY_PHASE:
            return "it is not the play"
        kind = action.kind
        if kind == TOUCH:
            if not self.rules.laws.dummy.touched_card_played:
                return f"{self.rules.name} does not regulate touched cards"
            return "only the declarer touches a card, from the hand to play, holding it"
        if kind == SUGGEST:
            return (
                f"{player} is not dummy, or dummy is not to play, or "
                f"{self.rules.name} does not regulate dummy's suggestions (law 62)"
            )
        if kind == POINT_OUT:
            return f"{player} is not dummy, or no adversary's revoke is liable to a penalty"
        if kind == CORRECT:
            return f"{player} has no revoke that may still be corrected (laws 83, 86)"
        if kind == INFORM:
            if not self.rules.laws.called_lead or self.rules.declaration.kind != "auction":
                return (
                    f"{self.rules.name} calls no lead for information about the "
                    "bidding (laws 51, 93)"
                )
            return (
                f"{player} is not an adversary of the declarer, or a lead is "
                "already called (laws 51, 93)"
            )
        return (
            f"{player} may not ask: no partner of his has failed to follow suit "
            "in a trick still open (law 85; dummy: law 60 a)"
        )

    def _correct(self, seat: Seat, action: Action, *, penalise: bool) -> None:
        """Laws 85-86: a revoke corrected before it is established. The wrong card
        and the cards played after it to the trick go back to their hands; the
        player must follow suit and the others play again (they may change their
        cards). Then the adversaries may require what the rules allow."""
        found = self._open_trick()
        assert found is not None
        assert self.declarer is not None
        assert self.denomination is not None
        leader, cards, number = found
        cards = list(cards)
        reopened = not self._trick_cards
        if reopened:  # the trick was complete: it is played again
            trick = self.tricks.pop()
            assert trick.winner is not None
            self.tricks_won[int(trick.winner) & 1] -= 1
        k = (int(seat) - int(leader)) & 3
        for j in range(k, len(cards)):
            self.hands[(int(leader) + j) & 3] |= 1 << cards[j]
        start = list(self.hands)
        for j in range(k):
            start[(int(leader) + j) & 3] |= 1 << cards[j]
        ps = self._ps = self._play_state = _native.PlayState(  # the next deals reset this one
            start, int(self.denomination.strain), int(leader)
        )
        self._legal_call, self._legal_out = ps.legal_call, ps.legal_out
        self._play_call, self._winner_out = ps.play_call, ps.winner_out
        self._step_packed = ps.step_packed
        for j in range(k):
            status = self._play_call(cards[j], 1, self._winner_out)
            assert status == 0, status
        self._trick_leader = leader
        self._trick_cards = cards[:k]
        self.to_act = seat
        # His revoke, and any later one in the trick, went back with the cards.
        withdrawn = {_SEATS[(int(leader) + j) & 3] for j in range(k, len(cards))}
        self.revokes = [r for r in self.revokes if not (r[0] in withdrawn and r[1] == number)]
        self._append(
            "corrected",
            seat=seat,
            player=self.seat_player[seat],
            detail={
                "trick": number,
                "card": _CODES[cards[k]],
                "withdrawn": [_CODES[c] for c in cards[k:]],
                "reopened": reopened,
            },
        )
        correction = self.rules.laws.revoke.correction
        assert correction is not None
        adversaries = (self.declarer.left, self.declarer.left.partner)
        options: tuple[str, ...] = ()
        if not penalise:
            pass
        elif int(seat) & 1 != int(self.declarer) & 1:
            options, decider = correction.adversary, self.declarer
        elif (
            seat is self.declarer
            and k != 3
            and all((int(a) - int(leader)) & 3 < len(cards) for a in adversaries)
        ):
            options, decider = correction.declarer, self.declarer.left
        if options:
            self._pending = (seat, action, (*(Action.require(o) for o in options), _DECLINE), seat)
            self.phase = PENALTY_PHASE
            self.to_act = decider

    def _penalty_decided(self, action: Action) -> None:
        assert self._pending is not None
        seat, call, _, resume = self._pending
        self._pending = None
        if call.kind in _REMARKS:  # a penalty in the play (laws 62, 86)
            self.phase = PLAY_PHASE
            assert resume is not None
            self.to_act = resume
            if action.kind == CALL_LEAD:
                assert action.penalty is not None
                self._called_lead = int(Suit.from_str(action.penalty))
            elif (
                action.kind == REQUIRE and action.penalty == "suggested"
            ) or action.kind == FORBID:
                self._constraint = (resume, call.index, action.kind == REQUIRE)
            elif action.kind == REQUIRE:
                suit = self._trick_cards[0] // 13
                pattern = self.hands[seat] >> 13 * suit & 0x1FFF
                rank = (
                    pattern.bit_length() - 1
                    if action.penalty == "highest"
                    else (pattern & -pattern).bit_length() - 1
                )
                self._constraint = (seat, 13 * suit + rank, True)
            return
        if action.kind == MAKE_SUFFICIENT:
            # The lowest sufficient bid in the same declaration; the partner may be barred.
            self.phase = AUCTION_PHASE
            assert self.contract is not None
            assert call.denomination is not None
            rank = self._bid_rank[self.contract]
            good = next(
                (b for b in self._bids[rank + 1 :] if b.denomination == call.denomination), None
            )
            if good is None:  # nothing higher in that declaration: the highest bid left
                good = self._bids[-1]
            self.history.append((seat, good))
            self._append(
                BID,
                seat=seat,
                player=self.seat_player[seat],
                action=good,
                detail={"made_sufficient": str(call)},
            )
            self._call(seat, good)
            if self.rules.laws.insufficient_bars_partner:
                self._barred = seat.partner
            return
        if action.kind == BID_SEVEN:  # law 50: it counts as a bid of all thirteen tricks
            auction = self.rules.declaration.auction
            assert auction is not None
            assert call.denomination is not None
            seven = Action.bid(auction.max_level, call.denomination)
            self.phase = AUCTION_PHASE
            self.history.append((seat, seven))
            self._append(
                BID,
                seat=seat,
                player=self.seat_player[seat],
                action=seven,
                detail={"impossible": str(call)},
            )
            self._call(seat, seven)
            if self.rules.laws.impossible_bars_partner:
                self._barred = seat.partner
            return
        if action.kind == PREVIOUS_FINAL:  # law 50: the adversaries' own last bid is final
            self._end_auction()
            return
        if action.kind == NEW_DEAL:
            # The same dealer deals again.
            self._begin_deal()
            return
        self.phase = AUCTION_PHASE
        if action.kind == CANCEL:
            self.to_act = resume
            return
        # accept: the call stands as if made in turn; the turn passes to its left.
        self.history.append((seat, call))
        self._call(seat, call)

    # The phases' steps the laws' methods take by these names.
    def _call(self, seat: Seat, action: Action) -> None:
        auction.call(self, seat, action)

    def _calls_for(self, seat: Seat) -> tuple[Action, ...]:
        return auction.calls_for(self, seat)

    def _end_auction(self) -> None:
        auction.end(self)

    def _begin_deal(self) -> None:
        begin_deal(self)

    def _credit(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        return session.credit(self)

    def _score(self) -> None:
        settlement.score(self)

    def _play_laws(self, action: Action, recorded: Action | None = None) -> Operation:
        """Laws mode: a card that fails to follow suit is a revoke, played all
        the same; whether it is liable to a penalty is the rules' (law 63)."""
        seat = self.to_act
        assert seat is not None
        self.verify(action)
        if self._legal_call():
            raise IllegalActionError(f"{action} refused")  # pragma: no cover
        if not self._legal_out[0] >> action.index & 1:
            rule = self.rules.laws.revoke
            liable = rule.dummy_liable or (seat != self.dummy and seat in self.manned)
            number = len(self.tricks) + 1
            self.revokes.append((seat, number, liable))
            self._append(
                "revoke",
                seat=seat,
                player=self._seat_actor[seat],
                detail={
                    "card": _CODES[action.index],
                    "led": _CODES[self._trick_cards[0]],
                    "trick": number,
                    "liable": liable,
                },
            )
        called = self._called_lead is not None and self._lead_called()
        op = self._play(action, recorded, flags=1)
        if self._constraint is not None and self._constraint[0] is seat:
            self._constraint = None
        if called:
            self._called_lead = None
        return op

    def _play(self, action: Action, recorded: Action | None = None, flags: int = 0) -> Operation:
        return play.card(self, action, recorded, flags)

    def _begin_claim(self) -> None:
        side = self._claims[0]
        assert self.declarer is not None
        # The declarer claims against the adversaries; against the declarer's
        # side, the adversary on his left.
        self.phase = CLAIM_PHASE
        self.to_act = self.declarer if side != int(self.declarer) & 1 else self.declarer.left
        self._seat_actor = tuple(self.seat_player[s] for s in _SEATS)

    def _claimed(self, action: Action) -> None:
        side = self._claims.pop(0)
        if action.kind == CLAIM:
            assert action.penalty is not None
            self._penalties[side] = action.penalty
        if self._claims:
            self._begin_claim()
        else:
            self._score()

    def _revoke_result(self) -> dict[str, Any]:
        """The DealResult fields for the claimed revoke penalties."""
        rule = self.rules.laws.revoke
        given, points = [0, 0], [0, 0]
        cap: list[int | None] = [None, None]
        only = [False, False]
        for side, penalty in self._penalties.items():
            count = sum(1 for seat, _ in self._penal_revokes() if int(seat) & 1 == side)
            other = 1 - side
            if penalty == "tricks":
                first = min(rule.tricks, self.tricks_won[side] - given[other] + given[side])
                given[other] += max(0, first)
                if rule.further_points:
                    points[other] += rule.further_points * (count - 1)
                else:  # each revoke its three tricks, never more than the side has
                    more = rule.tricks * (count - 1)
                    given[other] += max(0, min(more, self.tricks_won[side] - given[other]))
            else:
                points[other] += (
                    rule.points + rule.further_points * (count - 1)
                    if rule.further_points
                    else rule.points * count
                )
            if rule.bars_game:
                column = self._credit()[side][0]
                cap[side] = max(0, self.rules.scoring.game - 2 - self.sheet.below(column))
            if rule.revoking_side_scores == "honours_only":
                only[side] = True
        return {
            "revoke_tricks": (given[0], given[1]),
            "revoke_points": (points[0], points[1]),
            "below_cap": (cap[0], cap[1]),
            "honours_only": (only[0], only[1]),
        }

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
        if kind.__class__ is not OpKind:  # its value (the laws' methods give one)
            op_kind = OP_KINDS.get(kind)
            if op_kind is None:
                raise ValueError(f"no kind of log entry {kind!r} (see OpKind)")
            kind = op_kind
        if detail is None:
            detail = _EMPTY
        elif detail.__class__ is not LazyDetail:  # a LazyDetail is built when read
            detail = MappingProxyType(dict(detail)) if detail else _EMPTY
        log = self.log
        op: Operation = _new_op(Operation, (len(log), kind, seat, player, action, detail))
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

        :param rules: the rule set to replay under; by default the record's
            rules, loaded by name (built-in) or path.
        :raises InvalidNotationError: for a record that is not one.
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


# The laws' phases: their choices are the laws' methods, their refusals and
# effects below (to move to engine/laws/ with them).
def _only_offered(game: Game, action: Action) -> str:
    options = ", ".join(str(a) for a in _PHASES[game.phase].legal(game))
    return f"{game._seat_text(game.to_act)} may now only {options}"


def _claim_decided(game: Game, action: Action) -> Operation:
    return game._decision(action, lambda g, _, a: g._claimed(a), log_sight=False)


def _penalty_chosen(game: Game, action: Action) -> Operation:
    return game._decision(action, lambda g, _, a: g._penalty_decided(a), log_sight=False)


#: each phase's actions: the table the game dispatches on
_PHASES: dict[Phase, PhaseActions] = {
    Phase.DECLARE: declaration.ACTIONS,
    Phase.AUCTION: auction.ACTIONS,
    Phase.DOUBLE: doubling.ACTIONS,
    Phase.PLAY: play.ACTIONS,
    Phase.REVOKE_CLAIM: PhaseActions.offering(
        Game._claim_actions, _only_offered, _claim_decided, looks=False
    ),
    Phase.PENALTY: PhaseActions.offering(
        Game._penalty_actions, _only_offered, _penalty_chosen, looks=False
    ),
}

# The card step of apply() and legal_actions() in the lean play, and the end
# of a trick, in C (_speedups.c): the fields and tables it works with.
hotpath.bind(Game, Deal, play.C_TABLES)
