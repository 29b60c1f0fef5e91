"""The game: a state machine driven only by a :class:`~dummybridge.language.ruleset.RuleSet`.

Phases, in order (a phase with nothing to decide is skipped):

======== ===================================== ==================================
phase    decisions                             ends when
======== ===================================== ==================================
cut      none: the players cut (logged)        seats and first dealer are known
deal     none: the pack is shuffled, cut by    every hand is dealt
         the dealer's right, dealt (logged)
declare  ``declare NAME``, ``leave it``        a denomination is declared
double   ``double``, ``pass``                  both sides are content, or the
                                               doubling limit is reached
play     ``play CARD``                         all tricks are played
score    none: the deal is scored (logged)     the next deal, or the rubber ends
over     none                                  --
======== ===================================== ==================================

Every decision is an :class:`~dummybridge.engine.actions.Action`. :meth:`Game.legal_actions`
lists those open to the player to act; :meth:`Game.verify` raises
:class:`~dummybridge.errors.IllegalActionError` for any other, :meth:`Game.can`
says yes or no, and :meth:`Game.apply` verifies, then acts, and returns the
:class:`~dummybridge.engine.actions.Operation` appended to :attr:`Game.log` — so a
rejected action changes nothing. All randomness comes from the one seed,
through the C core's PRNG; the same rules, seed and actions give the same game.

>>> from dummybridge.language.loader import load_rules
>>> game = Game(load_rules("bridge"), seed=1)
>>> game.phase, game.to_act
('declare', <Seat.SOUTH: 2>)
"""

from __future__ import annotations

import os
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, NamedTuple

from ..core import _native
from ..core.cards import Card, Hand, Seat, Suit
from ..errors import IllegalActionError, InvalidNotationError
from ..language.ruleset import Condition, Denomination, RuleSet, SightRule
from . import hotpath
from ._lazy import LazyDetail
from ._speedups import GameBase, trick_won
from ._speedups import plays_of as _plays_of  # the play actions of a set of cards
from .actions import (
    ASK,
    BID,
    BLIND,
    CORRECT,
    DECLARE,
    DOUBLE,
    FORBID,
    INFORM,
    LEAVE,
    LOOK,
    PASS,
    PLAY,
    POINT_OUT,
    REDOUBLE,
    SUGGEST,
    TOUCH,
    Action,
    Operation,
)
from .forced import forced_declaration
from .laws import calls, conduct, penalties, revokes
from .opkinds import OP_KINDS, OpKind
from .phases import Phase
from .scoring import DealResult, ScoreEntry, ScoreSheet, _score_unpenalised, score_deal

__all__ = ["RECORD_FORMAT", "Game", "Observation", "Trick"]

RECORD_FORMAT = "dummybridge-record/1"

CUT = "cut"  # log kinds: the cut and the deal are steps, never a phase to stop in
DEAL = "deal"
DECLARE_PHASE = Phase.DECLARE
AUCTION_PHASE = Phase.AUCTION
DOUBLE_PHASE = Phase.DOUBLE
PLAY_PHASE = Phase.PLAY
CLAIM_PHASE = Phase.REVOKE_CLAIM
PENALTY_PHASE = Phase.PENALTY
OVER = Phase.OVER

_SEATS = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
_CARDS = tuple(Card(i) for i in range(52))
_PLAYS = tuple(Action.play(c) for c in _CARDS)
_CODES = tuple(c.code for c in _CARDS)
_new_op = tuple.__new__  # builds an Operation without the named-tuple constructor's overhead
_DOUBLE = Action.double()
_PASS = Action.pass_()
_LEAVE = Action.leave()
_PASS_ONLY = (_PASS,)
_DOUBLE_OR_PASS = (_DOUBLE, _PASS)
_REDOUBLE = Action.redouble()
_BLIND = Action.play_blind()
_ASK = Action(ASK)
_CORRECT = Action(CORRECT)
_POINT_OUT = Action(POINT_OUT)
_FORBID = Action(FORBID)
_DECLINE = Action.parse("decline penalty")
#: the remarks and touches of the play that the laws regulate (laws 60-64, 85-86)
_REMARKS = frozenset((TOUCH, ASK, CORRECT, POINT_OUT, SUGGEST, INFORM))
_INFORM = Action(INFORM)
_CALL_LEADS = tuple(Action.call_lead(s.name.lower()) for s in Suit)


_LEFT = tuple(_SEATS[(i + 1) & 3] for i in range(4))
_PARTNER = tuple(_SEATS[(i + 2) & 3] for i in range(4))  # Seat.partner, as a table
_SEAT_NAMES = tuple(s.name.lower() for s in _SEATS)
_DECLARE_ACTIONS: dict[tuple[str, ...], tuple[Action, ...]] = {}  # by denomination names
_NO_SEATS: frozenset[Seat] = frozenset()


class Trick(NamedTuple):
    """A trick: who led, the cards in play order, and (once complete) who won it."""

    leader: Seat
    cards: tuple[Card, ...]
    winner: Seat | None = None

    def seat_of(self, index: int) -> Seat:
        """The seat that played ``cards[index]``."""
        return _SEATS[(self.leader + index) & 3]


@dataclass(frozen=True, slots=True)
class Observation:
    """What one player may know at one moment: the hands he may see and the public facts.

    :ivar player: whose view this is.
    :ivar seats: the hands this player holds (plays from).
    :ivar phase: the current phase.
    :ivar deal_number: 1-based.
    :ivar dealer: the dealer of this deal.
    :ivar hands: the hands this player may see now, by seat (cards still held).
    :ivar exposed: the seats whose hands lie face up.
    :ivar denomination: the declaration, once made.
    :ivar maker: who declared it.
    :ivar declarer: who plays the declaring side's hands.
    :ivar doubling_level: doublings so far.
    :ivar tricks: the completed tricks.
    :ivar current: the trick in progress.
    :ivar tricks_won: by side.
    :ivar to_act: the hand whose turn it is (``None`` when the game is over).
    :ivar legal_actions: this player's choices now (empty unless he is to act).
    :ivar history: the public record of decisions so far in this deal.
    :ivar trump_suit: the trump suit's number, or ``None`` (no trumps, or not yet declared).
    :ivar owners: who holds each hand.
    :ivar manned: the hands a player sits at (the others are Dummies).
    :ivar declared_from: ``own_hand``, ``partner`` or ``dummy`` once declared.
    """

    player: str
    seats: tuple[Seat, ...]
    phase: Phase
    deal_number: int
    dealer: Seat
    hands: Mapping[Seat, Hand]
    exposed: tuple[Seat, ...]
    denomination: Denomination | None
    maker: Seat | None
    declarer: Seat | None
    doubling_level: int
    tricks: tuple[Trick, ...]
    current: Trick | None
    tricks_won: tuple[int, int]
    to_act: Seat | None
    legal_actions: tuple[Action, ...]
    history: tuple[tuple[Seat, Action], ...]
    trump_suit: int | None
    owners: Mapping[Seat, str]
    manned: tuple[Seat, ...]
    declared_from: str | None


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


class _IsOver:
    """:attr:`Game.is_over`: the value the game keeps in its ``__dict__`` (a
    non-data descriptor, so that value is read as directly as any attribute),
    or, for a game that has none, whether its phase is ``over``."""

    def __get__(self, game: Any, owner: type | None = None) -> Any:
        if game is None:
            return self
        return game.phase == OVER


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

    # The fields the C card step reads and writes (hotpath.HOT_FIELDS).
    _lean: bool
    to_act: Seat | None
    _ps: _native.PlayState | None
    _step: int
    log: list[Operation]
    actions: list[Action]
    hands: list[int]
    _trick_cards: list[int]
    _seat_actor: tuple[str, ...]
    _lead_due: bool
    _trick_leader: Seat
    tricks: list[Trick]
    tricks_won: list[int]

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
        _check_arguments(rules, seed, rubbers, laws)
        n = rules.table.players
        if players is None:
            names = _DEFAULT_NAMES[:n]  # printable text, as a given name must be
        else:
            names = tuple(players)
            for name in names:
                if not isinstance(name, str):
                    raise TypeError(f"player names must be text, not {name!r}")
                if not name.strip() or any(unicodedata.category(c)[0] == "C" for c in name):
                    raise ValueError(f"a player's name must be printable text, not {name!r}")
        if len(names) != n:
            raise ValueError(f"{rules.name} needs {n} player names, got {len(names)}")
        if len(set(names)) != n:
            raise ValueError(f"player names must differ, got {list(names)!r}")
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
        self.log: list[Operation] = []
        self.is_over = False
        self.actions: list[Action] = []
        #: (index in actions, player) of each action taken out of turn
        self.actions_out_of_turn: list[tuple[int, str]] = []
        # law 52: the indices in actions of calls voided as slips
        self._slips: set[int] = set()
        self.sheets: list[ScoreSheet] = []
        self.deal_number = 0
        self.rubber_number = 0
        facts = _facts(rules)
        self._trump_of_name = facts.trump_of_name
        # The events a rule of sight starts or ends at: only these change sight.
        self._sight_events = facts.sight_events
        self._sight_on_declaration = facts.sight_on_declaration
        self._sight_version = 0
        self._sight_memo = facts.sight_memo
        self._fresh_sight = facts.fresh_sight
        self._seating_memo = facts.seating_memo
        self._sheet_columns = facts.sheet_columns
        self._seating: tuple[Any, ...] = ()
        self._may_look = facts.may_look
        self._may_leave = rules.declaration.pass_to_partner
        self._limit = rules.doubling.limit
        self._unlimited = self._limit.kind == "unlimited"
        self._doubling_opens = facts.doubling_opens
        self._strain_of = facts.strain_of
        self._leader_only = rules.doubling.doublers == "leader_only"
        self._double_free = (
            self._unlimited
            and not rules.doubling.blind
            and rules.doubling.redouble_when_left_to_dummy != "forbidden"
        )
        self._declare_actions = facts.declare_actions
        self._bids = facts.bids
        self._bid_rank = facts.bid_rank
        self._cut()
        self._begin_rubber()
        self._begin_deal()

    # ----------------------------------------------------------- the cut

    def _cut(self) -> None:
        """Cut for partners and deal: each player draws a card from the spread
        pack; the lowest deals. Ties go by suit order or a re-cut, as the rules say."""
        cut = self.rules.table.cut
        order = {int(suit): i for i, suit in enumerate(cut.tie_suit_order)}
        names = list(self.players)
        rounds: list[dict[str, str]] = []
        keyed: dict[str, tuple[int, ...]] = dict.fromkeys(names, ())
        pending = names
        while pending:
            # Each round is a fresh spread pack; only tied players cut again.
            deck = _native.pack_shuffled(self.rng)
            rounds.append({name: _CODES[deck[i]] for i, name in enumerate(pending)})
            for i, name in enumerate(pending):
                suit, rank = divmod(deck[i], 13)  # card number = suit * 13 + rank
                if cut.ace_low:
                    rank = (rank + 1) % 13
                tie = order[suit] if cut.ties == "suit_order" else 0
                keyed[name] = (*keyed[name], rank, tie)
            seen: dict[tuple[int, ...], list[str]] = {}
            for name in pending:
                seen.setdefault(keyed[name], []).append(name)
            pending = [name for group in seen.values() if len(group) > 1 for name in group]
        self.cut_order = tuple(sorted(names, key=lambda nm: keyed[nm]))
        self._append(CUT, detail={"rounds": rounds, "order": list(self.cut_order)})

    # ----------------------------------------------- who holds which hand

    def _begin_rubber(self) -> None:
        """Seat the players for a rubber and open its score sheet.

        seated: the lowest cutter sits South and deals first, the second lowest
        is his partner, the third sits on his left. dummy: the rubber's holder
        sits South with the Dummy opposite (the lowest cutter for the first
        rubber, the next for the second ...), the others West and East in
        cutting order; or, when the dealer holds the Dummy, the table is laid
        anew for each deal. double_dummy: the lowest cutter South with his
        Dummy North, the other West with his Dummy East.
        """
        self.rubber_number += 1
        t = self.rules.table
        order = self.cut_order
        self._circle = order  # the players round the table, for a dealer-held Dummy
        self._circle_at = 0
        if t.hands == "seated":
            self._seat(
                {
                    Seat.SOUTH: order[0],
                    Seat.NORTH: order[1],
                    Seat.WEST: order[2],
                    Seat.EAST: order[3],
                },
                frozenset(_SEATS),
            )
            self.dealer = Seat.SOUTH
        elif t.hands == "double_dummy":
            self._seat(
                {
                    Seat.SOUTH: order[0],
                    Seat.NORTH: order[0],
                    Seat.WEST: order[1],
                    Seat.EAST: order[1],
                },
                frozenset((Seat.SOUTH, Seat.WEST)),
            )
            self.dealer = Seat.SOUTH
        elif t.dummy_holder == "dealer":
            self._seat_round_dealer()
        else:  # a Dummy held for the rubber
            k = (self.rubber_number - 1) % len(order)
            holder = order[k]
            others = [p for p in order if p != holder]
            self._seat(
                {
                    Seat.SOUTH: holder,
                    Seat.NORTH: holder,
                    Seat.WEST: others[0],
                    Seat.EAST: others[1],
                },
                frozenset((Seat.SOUTH, Seat.WEST, Seat.EAST)),
            )
            self.dealer = Seat.NORTH if t.first_dealer == "dummy" else Seat.SOUTH
        columns = self._sheet_columns.get(self._seating)
        if columns is None:  # the first rubber of this seating: the sheet checks its columns
            self.sheet = ScoreSheet(self.rules, self._columns())
            if len(self._sheet_columns) >= _SIGHT_MEMO_SIZE:
                self._sheet_columns.clear()
            self._sheet_columns[self._seating] = self.sheet.columns
        else:
            self.sheet = ScoreSheet._blank(self.rules, columns)
        self.sheets.append(self.sheet)
        self._append(
            "rubber_start",
            detail={
                "rubber": self.rubber_number,
                "seats": {s.letter: p for s, p in self.seat_player.items()},
                "dummies": sorted(s.letter for s in _SEATS if s not in self.manned),
            },
        )

    def _seat_round_dealer(self) -> None:
        """The dealer holds the Dummy opposite him; his left and right as they sit."""
        c, k = self._circle, self._circle_at % len(self._circle)
        dealer, left, right = c[k], c[(k + 1) % 3], c[(k + 2) % 3]
        self._seat(
            {Seat.SOUTH: dealer, Seat.NORTH: dealer, Seat.WEST: left, Seat.EAST: right},
            frozenset((Seat.SOUTH, Seat.WEST, Seat.EAST)),
        )
        self.dealer = Seat.SOUTH

    def _seat(self, owners: Mapping[Seat, str], manned: frozenset[Seat]) -> None:
        # who sits where: with the deal's roles, the key of the memo of sight
        seating = (self.players, tuple((s, owners[s]) for s in _SEATS), manned)
        memo = self._seating_memo
        seated = memo.get(seating)
        if seated is None:
            if len(memo) >= _SIGHT_MEMO_SIZE:
                memo.clear()
            held: dict[str, list[Seat]] = {p: [] for p in self.players}
            for seat in _SEATS:
                held[owners[seat]].append(seat)
            seated = memo[seating] = (
                seating,
                {p: tuple(seats) for p, seats in held.items()},
                {p: tuple(s for s in seats if s in manned) for p, seats in held.items()},
            )
        # The memo's own seating tuple (equal to this one) keys the memo of sight.
        self._seating, player_seats, own = seated
        self.seat_player = dict(seating[1])
        self.manned = manned
        self.player_seats = dict(player_seats)
        self._own = own  # read only

    def _columns(self) -> list[tuple[str, tuple[str, ...]]]:
        """The score sheet's columns: one per partnership, or one per player."""
        if self.rules.scoring.ledger == "players":
            return [(p, (p,)) for p in self.players]
        cols = []
        for side, label in ((0, "N-S"), (1, "E-W")):
            people = tuple(dict.fromkeys(self.seat_player[s] for s in _SEATS if int(s) & 1 == side))
            cols.append((f"{label} ({', '.join(people)})", people))
        return cols

    def _credit(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """For each side, the sheet columns its points go to (each gets them in full)."""
        if self.rules.scoring.ledger == "players":
            index = {p: i for i, p in enumerate(self.players)}
            return tuple(  # type: ignore[return-value]
                tuple(sorted({index[self.seat_player[s]] for s in _SEATS if int(s) & 1 == side}))
                for side in (0, 1)
            )
        return ((0,), (1,))

    # ---------------------------------------------------------- the deal

    def _begin_deal(self) -> None:
        self.deal_number += 1
        if self.deal_number <= len(self.preset_deals):
            hands = [h.bits for h in self.preset_deals[self.deal_number - 1]]
        else:
            # Shuffled, then cut by the dealer's right-hand adversary (at least
            # four cards in each packet), then dealt one at a time from his left.
            hands, _ = _native.deal_with_cut(
                self.rng, 4, self.rules.deal.cards_each, int(self.dealer)
            )
        self._dealt = tuple(hands)  # as bits
        self._original: tuple[Hand, ...] | None = None  # see original
        self.hands = list(hands)
        self.denomination: Denomination | None = None
        self.maker: Seat | None = None
        self.passed_to: Seat | None = None
        self.declared_from: str | None = None
        self.examiner: str | None = None
        self.examined: Seat | None = None
        self.forced_trace: tuple[str, ...] = ()
        self.doubling_level = 0
        self._dbl_queue: list[Seat] = []
        self._last_doubler: dict[int, Seat] = {}
        self.declarer: Seat | None = None
        self.dummy: Seat | None = None
        self.exposed: set[Seat] = set()
        self.tricks: list[Trick] = []
        self._trick_leader = self.dealer
        self._trick_cards: list[int] = []
        self.tricks_won = [0, 0]
        self._ps: _native.PlayState | None = None
        self._seat_actor: tuple[str, ...] = ()
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
        self.history: list[tuple[Seat, Action]] = []
        self._events: set[str] = {"deal"}
        self._player_events: set[tuple[str, str]] = set()
        self._looked: set[tuple[int, str, Seat]] = set()
        self.looks: list[tuple[str, Seat]] = []
        self._seen: dict[str, frozenset[Seat]] = {}
        self._blind: frozenset[Seat] = frozenset()
        self._lean = False
        self._sight_version += 1  # a new deal: everything is seen afresh
        self._sight_at = -1
        self._logged_at = -1
        self._sight_cache: dict[str, frozenset[Seat]] = {}
        # The first to declare holds the dealer's hand; when that is a Dummy,
        # its holder declares from his own hand (seed 000, Dummy's deal).
        self.first_declarer = self.dealer if self.dealer in self.manned else self.dealer.partner
        self.to_act: Seat | None = self.first_declarer
        self.phase = DECLARE_PHASE
        self.calls: list[tuple[Seat, Action]] = []
        self.contract: Action | None = None
        self._contract_seat: Seat | None = None
        self._contract_index = -1
        self._passes = 0
        self._first_named: dict[tuple[int, int], Seat] = {}
        if self.rules.declaration.kind == "auction":
            self.phase = AUCTION_PHASE
            self.to_act = self.dealer
        seats = (
            tuple(self.seat_player.items())
            if self.rules.table.hands == "dummy" and self.rules.table.dummy_holder == "dealer"
            else None
        )
        self._append(
            DEAL,
            seat=self.dealer,
            player=self.seat_player[self.dealer],
            detail=LazyDetail(_deal_detail, (self.deal_number, self._dealt, seats)),
        )
        self._log_sight()

    @property
    def original(self) -> tuple[Hand, ...]:
        """The deal's hands as dealt, by seat (North first)."""
        original = self._original
        if original is None:  # made when first asked for: most deals never are
            original = self._original = tuple(map(Hand._of, self._dealt))
        return original

    # ------------------------------------------------------ who acts

    def player_of(self, seat: Seat) -> str:
        """The player who decides for ``seat`` now: its holder, or the declarer's
        player for the dummy once play has begun."""
        if self.phase == PLAY_PHASE:
            return self._seat_actor[seat]
        return self.seat_player[seat]

    @property
    def actor(self) -> str | None:
        """The player to act, or ``None`` when the game is over."""
        return None if self.to_act is None else self.player_of(self.to_act)

    is_over: bool = _IsOver()  # type: ignore[assignment]
    """Whether the session is finished (read once for every action a program
    takes: kept as a plain value on the game, set when the phase becomes ``over``)."""

    # ---------------------------------------------------------- sight

    def _side_of_player(self, player: str) -> str:
        dealer_side = int(self.dealer) & 1
        return (
            "declaring"
            if any(int(s) & 1 == dealer_side for s in self.player_seats[player])
            else "defending"
        )

    def _who(self, who: str, player: str) -> bool:
        if who == "everyone":
            return True
        if who == "dealer":
            return player == self.seat_player[self.dealer]
        if who == "dummy_holder":
            return any(s not in self.manned for s in self.player_seats[player])
        if who == "adversaries":
            return self._side_of_player(player) == "defending"
        if who == "declaring_side":
            return self._side_of_player(player) == "declaring"
        if who == "left_adversary":
            return player == self.seat_player[self.dealer.left]
        if who == "right_adversary":
            return player == self.seat_player[self.dealer.right]
        if who == "examiner":
            return player == self.examiner
        raise AssertionError(who)  # pragma: no cover - the schema allows no other

    def _holds(self, cond: Condition, player: str) -> bool:
        if cond.declared_from is not None and cond.declared_from != self.declared_from:
            return False
        if cond.side is not None and cond.side != self._side_of_player(player):
            return False
        if cond.holds is not None:
            n = len(self.player_seats[player])
            if (cond.holds == "one") != (n == 1):
                return False
        return True

    def _leading_hand(self) -> Seat:
        if self.rules.play.opening_lead == "left_of_declarer" and self.declarer is not None:
            return self.declarer.left
        return self.dealer.left

    def _hands_for(self, hand: str, player: str) -> tuple[Seat, ...]:
        if hand == "own":
            return self._own[player]
        held = self.player_seats[player]
        if hand == "dummy":
            return tuple(s for s in held if s not in self.manned)
        if hand == "held":
            return held
        lead = self._leading_hand()
        if hand == "leading_hand":
            return (lead,) if lead in held else ()
        if hand == "other_hand":
            return tuple(s for s in held if s != lead) if lead in held else ()
        if hand == "examined":
            return (self.examined,) if self.examined is not None else ()
        raise AssertionError(hand)  # pragma: no cover

    def _happened(self, events: tuple[str, ...], player: str) -> bool:
        for e in events:  # noqa: SIM110 - a loop is faster than any() here, on a hot path
            if e in self._events or (e, player) in self._player_events:
                return True
        return False

    def _active(self, i: int, rule: SightRule, player: str) -> tuple[Seat, ...]:
        """The hands rule ``i`` offers ``player`` now (to see, or to look at)."""
        if not self._who(rule.who, player) or not self._holds(rule.when, player):
            return ()
        if not self._happened(rule.start, player) or self._happened(rule.end, player):
            return ()
        return self._hands_for(rule.hand, player)

    def sees(self, player: str, seat: Seat) -> bool:
        """Whether ``player`` may see the hand at ``seat`` now, by the rules of sight.

        :raises ValueError: for an unknown player.
        """
        try:
            return seat in self.exposed or seat in self._sight()[player]
        except KeyError:
            raise ValueError(
                f"no player {player!r} in this game (players: {list(self.players)!r})"
            ) from None

    def _sight(self) -> dict[str, frozenset[Seat]]:
        """The hands each player sees through the rules of sight (face-up hands
        aside), recomputed only when something sight depends on has changed."""
        if self._sight_at != self._sight_version:
            # Sight is a function of these alone (see _active): the seating,
            # the deal's roles, the events the rules of sight name, the looks.
            events = self._sight_events
            player_events, looked = self._player_events, self._looked
            key = (
                self._seating,
                self.dealer,
                self.declarer,
                self.declared_from,
                self.examiner,
                self.examined,
                frozenset(self._events & events),
                frozenset(e for e in player_events if e[0] in events)
                if player_events
                else _NO_EVENTS,
                frozenset(looked) if looked else _NO_EVENTS,
            )
            memo = self._sight_memo
            seen = memo.get(key)
            if seen is None:
                if len(memo) >= _SIGHT_MEMO_SIZE:
                    memo.clear()
                seen = memo[key] = self._compute_sight()
            self._sight_cache = seen
            self._sight_at = self._sight_version
        return self._sight_cache

    def _compute_sight(self) -> dict[str, frozenset[Seat]]:
        seen: dict[str, frozenset[Seat]] = {}
        rules, looked = self.rules.sight.rules, self._looked
        for player in self.players:
            hands: set[Seat] = set()
            for i, rule in enumerate(rules):
                for seat in self._active(i, rule, player):
                    if rule.how == "auto" or (i, player, seat) in looked:
                        hands.add(seat)
            seen[player] = frozenset(hands)
        return seen

    def _looks_open(self, player: str) -> list[tuple[int, Seat]]:
        """(rule, seat) pairs ``player`` may choose to look at now."""
        out: list[tuple[int, Seat]] = []
        for i, rule in enumerate(self.rules.sight.rules):
            if rule.how != "on_request":
                continue
            seats = self._active(i, rule, player)
            if (
                rule.limit is not None
                and sum(1 for (j, p, _) in self._looked if j == i and p == player) >= rule.limit
            ):
                continue
            for seat in seats:
                if not self.sees(player, seat) and all(s != seat for _, s in out):
                    out.append((i, seat))
        return out

    def _log_sight(self) -> None:
        """Log, in one entry, each change in who may see which hand (face-up hands aside)."""
        if self._logged_at == self._sight_version:
            return
        self._logged_at = self._sight_version
        sight = self._sight()
        exposed = self.exposed
        seen = self._seen
        fresh = not seen and not exposed  # a new deal: what everyone sees is all new
        if fresh:
            logged = self._fresh_sight.get(id(sight))
            if logged is not None and logged[0] is sight:
                self._seen = logged[1].copy()
                if logged[2]:
                    self._append("sight", detail=LazyDetail(_sight_detail, (logged[2],)))
                return
        changes = []
        for player in self.players:
            now = sight[player]
            before = seen.get(player, _NO_SEATS)
            if exposed:
                now, before = now - exposed, before - exposed
            if now != before:
                changes.append(
                    (player, now - before, before - now) if before else (player, now, _NO_SEATS)
                )
                seen[player] = now
        if fresh:  # the same sight at the start of another deal logs the same
            memo = self._fresh_sight
            if len(memo) >= _SIGHT_MEMO_SIZE:
                memo.clear()
            memo[id(sight)] = (sight, seen.copy(), tuple(changes))
        if changes:
            self._append("sight", detail=LazyDetail(_sight_detail, (tuple(changes),)))

    def _event(self, name: str, player: str | None = None) -> None:
        if name not in self._sight_events:
            return  # only the rules of sight look at events (see _happened)
        if player is None:
            self._events.add(name)
        else:
            self._player_events.add((name, player))
        self._sight_version += 1

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
        phase = self.phase
        if phase is PLAY_PHASE:
            if self.to_act in self._blind:
                return self._blind_actions()
            if self._legal_call():
                return ()  # pragma: no cover - a valid position always has a play
            if self._constraint is not None and self._constraint[0] is self.to_act:
                return self._constrained(self._legal_out[0])
            if self._called_lead is not None and self._lead_called():
                return _plays_of(self._lead_cards())
            return _plays_of(self._legal_out[0])
        if phase is OVER:
            return ()
        if phase == CLAIM_PHASE:
            return self._claim_actions()
        if phase == PENALTY_PHASE:
            return self._penalty_actions()
        if phase is DOUBLE_PHASE and not self._may_look:
            return _DOUBLE_OR_PASS if self._may_double() else _PASS_ONLY
        looks = self._look_actions() if self._may_look else ()
        if phase == AUCTION_PHASE:
            base = self._auction_calls()
        elif phase == DOUBLE_PHASE:
            base = _DOUBLE_OR_PASS if self._may_double() else _PASS_ONLY
        elif self.passed_to is None and self.rules.declaration.pass_to_partner:
            base = (*self._declare_actions, _LEAVE)
        else:
            base = self._declare_actions
        return (*base, *looks) if looks else base

    def irregular_actions(self) -> tuple[Action, ...]:
        """In laws mode, the irregular actions open to the player to act: the
        cards that would fail to follow suit (revokes), or in the auction the
        insufficient bids where the rules regulate them. Empty in strict play."""
        return conduct.irregular_actions(self)

    def out_of_turn_actions(self, player: str) -> tuple[Action, ...]:
        """In laws mode, the calls ``player`` could make out of turn now (the
        rules regulate them in ``laws.out_of_turn``): bids, doubles and
        redoubles he could make in his turn. Empty in strict play, outside the
        auction, for the player whose turn it is, or a kind the rules leave out.

        :raises ValueError: for an unknown player.
        """
        return calls.out_of_turn_actions(self, player)

    def _penalty_actions(self) -> tuple[Action, ...]:
        return penalties.pending_options(self)

    def _constrained(self, legal: int) -> tuple[Action, ...]:
        return conduct.constrained(self, legal)

    def _lead_called(self) -> bool:
        return conduct.lead_called(self)

    def _lead_cards(self) -> int:
        return conduct.lead_cards(self)

    # ------------------------------------------- remarks in the play (laws mode)

    def _open_trick(self) -> tuple[Seat, list[int], int] | None:
        return revokes.open_trick(self)

    def _renounces(self) -> list[tuple[Seat, int, bool]]:
        return revokes.renounces(self)

    def _dummy_player(self) -> str | None:
        return conduct.dummy_player(self)

    def _penal_revokes(self) -> list[tuple[Seat, int]]:
        return revokes.penal_revokes(self)

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
        return conduct.remarks(self, player)

    def _claim_actions(self) -> tuple[Action, ...]:
        return revokes.revoke_claim_actions(self)

    def _auction_calls(self) -> tuple[Action, ...]:
        """Law 43: pass, a higher bid, double the last bid of an adversary,
        or redouble a doubled bid of one's own side; the dealer must bid first
        when the rules say so (law 42); as many doubles and redoubles as the
        rules allow, alternately (law 54: one of each)."""
        assert self.to_act is not None
        return self._calls_for(self.to_act)

    def _calls_for(self, seat: Seat) -> tuple[Action, ...]:
        """The calls ``seat`` could make if it were his turn."""
        auction = self.rules.declaration.auction
        assert auction is not None
        calls: list[Action] = []
        opening = not self.calls
        if not (opening and auction.dealer_must_bid):
            calls.append(_PASS)
        start = 0 if self.contract is None else self._bid_rank[self.contract] + 1
        if seat != self._barred:  # law 50: a barred partner may not bid
            calls.extend(self._bids[start:])
        if self.contract is not None:
            assert self._contract_seat is not None
            ours = int(self._contract_seat) & 1 == int(seat) & 1
            # Doubles and redoubles alternate; each side makes as many as the rules allow.
            made = self.doubling_level // 2
            if (
                not ours
                and self.doubling_level % 2 == 0
                and (auction.doubles is None or made < auction.doubles)
            ):
                calls.append(_DOUBLE)
            if (
                ours
                and self.doubling_level % 2 == 1
                and (auction.redoubles is None or made < auction.redoubles)
            ):
                calls.append(_REDOUBLE)
        return tuple(calls)

    def _look_actions(self) -> tuple[Action, ...]:
        if self.to_act is None or not self._may_look:
            return ()
        return tuple(Action.look(seat) for _, seat in self._looks_open(self.player_of(self.to_act)))

    def _blind_actions(self) -> tuple[Action, ...]:
        looks = self._look_actions()
        return (_BLIND, *looks)

    @property
    def _blind_play(self) -> bool:
        """Whether the player to play may not see the hand he plays from."""
        return self.to_act in self._blind

    def _refresh_blind(self) -> None:
        """The hands whose player may not see them now (sight only changes at
        the start of the play, at the first lead and with a look)."""
        sight, exposed, actor = self._sight(), self.exposed, self._seat_actor
        blind = _NO_SEATS  # the hands whose player may not see them (see sees())
        for seat in _SEATS:
            if seat not in exposed and seat not in sight[actor[seat]]:
                blind = blind | {seat}
        self._blind = blind
        self._lean = not self._blind and not self.laws  # apply() may take its lean play path
        if self._lean:  # the lean legal_actions() (in C) reads the legal cards from self._step
            self._step = 0 if self._legal_call() else int(self._legal_out[0])

    def _may_double(self) -> bool:
        if self._double_free:  # no limit, no blind doubling, no bar on redoubling: always
            return True
        assert self.denomination is not None
        assert self.to_act is not None
        if not self._unlimited and not self._limit.allows(
            self.denomination.trick_value, self.doubling_level
        ):
            return False
        declaring = self.to_act & 1 == self.dealer & 1
        if (
            declaring
            and self.declared_from == "dummy"
            and self.rules.doubling.redouble_when_left_to_dummy == "forbidden"
        ):
            return False
        blind = self.rules.doubling.blind
        if not blind:
            return True
        player = self.seat_player[self.to_act]
        for rule in blind:
            if (
                self._who(rule.who, player)
                and self._holds(rule.when, player)
                and any(self.sees(player, s) for s in self._hands_for("own", player))
            ):
                return False
        return True

    def _seat_text(self, seat: Seat) -> str:
        """A hand and who decides for it, for messages: ``south (A)``."""
        return f"{_SEAT_NAMES[seat]} ({self.player_of(seat)})"

    def verify(self, action: Action) -> None:
        """Raise unless ``action`` is legal now for the player to act.

        :raises IllegalActionError: naming the action, the seat and why not.
        """
        if self.phase == OVER or self.to_act is None:
            raise IllegalActionError(f"{action} refused: the game is over")
        seat = self.to_act
        kind = action.kind
        if kind == LOOK:
            player = self.player_of(seat)
            if action.seat is None or all(s != action.seat for _, s in self._looks_open(player)):
                if action.seat is not None and self.sees(player, action.seat):
                    raise IllegalActionError(f"{action} refused: {player} already sees that hand")
                raise IllegalActionError(
                    f"{action} refused: the rules do not let {player} look at that hand now"
                )
            return
        if self.phase == PLAY_PHASE:
            if self._blind_play:
                if kind != BLIND:
                    raise IllegalActionError(
                        f"{action} refused: {self.player_of(seat)} may not see the "
                        f"{seat.name.lower()} hand, so he can only play a card blind"
                    )
                return
            if kind != PLAY or action.card is None:
                raise IllegalActionError(
                    f"{action} refused: it is {self._seat_text(seat)}'s turn to play a card"
                )
            bit = 1 << action.card.index
            if not self.hands[seat] & bit:
                raise IllegalActionError(
                    f"{action} refused: {self._seat_text(seat)} does not hold {action.card.code}"
                )
            if not self._ps.legal() & bit and not self.laws:  # type: ignore[union-attr]
                raise IllegalActionError(
                    f"{action} refused: {self._seat_text(seat)} must follow suit to the "
                    f"{_CARDS[self._trick_cards[0]].code} led"
                )
            constraint = self._constraint
            if (
                constraint is not None
                and constraint[0] is seat
                and (action.index == constraint[1]) != constraint[2]
            ):
                code = _CODES[constraint[1]]
                raise IllegalActionError(
                    f"{action} refused: {self._seat_text(seat)} must play {code} "
                    "(required by an adversary)"
                    if constraint[2]
                    else f"{action} refused: an adversary has forbidden {code} "
                    "to this trick (law 62)"
                )
            if (
                self._called_lead is not None
                and self._lead_called()
                and not self._lead_cards() & bit
            ):
                suit = Suit(self._called_lead).name.lower()
                raise IllegalActionError(
                    f"{action} refused: the declarer has called a lead of {suit} (law 51)"
                )
            return
        if self.phase == PENALTY_PHASE:
            if action in self._penalty_actions():
                return
            options = ", ".join(str(a) for a in self._penalty_actions())
            raise IllegalActionError(
                f"{action} refused: {self._seat_text(seat)} may now only {options}"
            )
        if self.phase == CLAIM_PHASE:
            if action in self._claim_actions():
                return
            options = ", ".join(str(a) for a in self._claim_actions())
            raise IllegalActionError(
                f"{action} refused: {self._seat_text(seat)} may now only {options}"
            )
        if self.phase == AUCTION_PHASE:
            if action in self._auction_calls():
                return
            raise IllegalActionError(f"{action} refused: {self._why_not_call(action)}")
        if self.phase == DOUBLE_PHASE:
            if kind == PASS:
                return
            if kind == DOUBLE:
                if not self._may_double():
                    raise IllegalActionError(f"{action} refused: {self._why_no_double()}")
                return
            raise IllegalActionError(
                f"{action} refused: {self._seat_text(seat)} may only double or pass now"
            )
        if self.phase == DECLARE_PHASE:
            if kind == DECLARE:
                if action.denomination not in self._trump_of_name:
                    names = ", ".join(self._trump_of_name)
                    raise IllegalActionError(
                        f"{action} refused: {self.rules.name} has no declaration "
                        f"{action.denomination!r} (it has: {names})"
                    )
                return
            if kind == LEAVE:
                if not self.rules.declaration.pass_to_partner:
                    raise IllegalActionError(
                        f"{action} refused: {self.rules.name} does not let the dealer leave it"
                    )
                if self.passed_to is not None:
                    raise IllegalActionError(
                        f"{action} refused: the declaration was left to "
                        f"{self._seat_text(seat)}, who must declare"
                    )
                return
            raise IllegalActionError(f"{action} refused: {self._seat_text(seat)} must declare now")
        raise IllegalActionError(f"{action} refused in phase {self.phase}")  # pragma: no cover

    def _why_not_call(self, action: Action) -> str:
        """Why a call is not open now, in the words of the laws."""
        auction = self.rules.declaration.auction
        assert auction is not None
        assert self.to_act is not None
        who = f"{self.to_act.name.lower()} ({self.player_of(self.to_act)})"
        kind = action.kind
        if kind == PASS:
            return f"the dealer must bid (law 42); {who} may not pass the first call"
        if kind == BID:
            assert action.denomination is not None
            assert action.level is not None
            if action.denomination not in self._trump_of_name:
                names = ", ".join(self._trump_of_name)
                return (
                    f"{self.rules.name} has no declaration {action.denomination!r} "
                    f"(it has: {names})"
                )
            if action.level > auction.max_level:
                return f"no bid may be more than {auction.max_level}"
            return (
                f"it is not higher than {self.contract} "
                "(law 44: more points, or as many with more tricks)"
            )
        if kind in (DOUBLE, REDOUBLE):
            if self.contract is None:
                return "there is no bid to double"
            assert self._contract_seat is not None
            ours = int(self._contract_seat) & 1 == int(self.to_act) & 1
            if kind == DOUBLE and ours:
                return f"{who} may not double his own side's bid (law 54)"
            if kind == DOUBLE:
                return self._why_no_more("double", auction.doubles, 0)
            if not ours:
                return f"{who} may redouble only his own side's doubled bid (law 54)"
            if self.doubling_level == 0:
                return "the bid is not doubled"
            return self._why_no_more("redouble", auction.redoubles, 1)
        return f"{who} must pass, bid, double or redouble now"

    def _why_no_more(self, call: str, allowed: int | None, parity: int) -> str:
        """Why a double (``parity`` 0) or redouble (1) is not open in the auction."""
        if allowed == 0:
            return f"the rules allow no {call} in the auction"
        if allowed == 1:
            return f"the bid is already {call}d (law 54: once only)"
        if self.doubling_level % 2 != parity:
            return f"the bid is already {call}d; the other side must answer first"
        return f"the bid has been {call}d {allowed} times, as often as the rules allow"

    def _why_no_double(self) -> str:
        assert self.denomination is not None
        assert self.to_act is not None
        if not self.rules.doubling.limit.allows(self.denomination.trick_value, self.doubling_level):
            return f"the doubling limit is reached ({self.rules.doubling.limit.kind})"
        player = self.seat_player[self.to_act]
        declaring = int(self.to_act) & 1 == int(self.dealer) & 1
        if declaring and self.declared_from == "dummy":
            return "the declaring side may not redouble a declaration left to Dummy"
        return f"{player} may double only before seeing his own cards"

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
            # The declaration and the doubling: verify()'s checks, then the step.
            kind = action.kind
            if phase is DOUBLE_PHASE:
                ok = kind == PASS or (kind == DOUBLE and self._may_double())
            else:
                ok = (kind == DECLARE and action.denomination in self._trump_of_name) or (
                    kind == LEAVE and self._may_leave and self.passed_to is None
                )
            if ok:
                decider: Seat = self.to_act  # type: ignore[assignment]  # never None here
                return self._decision(decider, self.seat_player[decider], action, kind)
        if action.kind in _REMARKS:
            if player is None and self.actor is None:
                raise IllegalActionError(f"{action} refused: the game is over")
            return self._remark(player or self.actor or "", action)
        if player is not None and player != self.actor:
            return self._out_of_turn(player, action)
        if (
            self.phase == AUCTION_PHASE
            and action.kind == BID
            and self.laws
            and action in self.irregular_actions()
        ):
            return self._insufficient(action)
        if (
            self.phase == AUCTION_PHASE
            and action.kind == BID
            and self.laws
            and self._impossible_open(action)
        ):
            return self._impossible(action)
        if self.phase is PLAY_PHASE and action.kind is PLAY and self.to_act not in self._blind:
            if self.laws:
                return self._play_laws(action)
            return self._play(action)
        self.verify(action)
        seat = self.to_act
        assert seat is not None
        player = self.player_of(seat)
        kind = action.kind
        if kind == LOOK:
            assert action.seat is not None
            rule = next(i for i, s in self._looks_open(player) if s == action.seat)
            self._looked.add((rule, player, action.seat))
            self._sight_version += 1
            self.looks.append((player, action.seat))
            self.actions.append(action)
            op = self._append(LOOK, seat=action.seat, player=player, action=action)
            self._seen[player] = self._seen.get(player, frozenset()) | {action.seat}
            self._log_sight()
            if self.phase is PLAY_PHASE:
                self._refresh_blind()
            return op
        if kind == BLIND:
            legal = self._ps.legal()  # type: ignore[union-attr]
            cards = [c for c in range(52) if legal >> c & 1]
            card = cards[self.rng.below(len(cards))] if len(cards) > 1 else cards[0]
            self._append(
                BLIND, seat=seat, player=player, action=action, detail={"card": _CODES[card]}
            )
            return self._play(_PLAYS[card], recorded=action)
        return self._decision(seat, player, action, kind)

    def _decision(self, seat: Seat, player: str, action: Action, kind: str) -> Operation:
        """Take a decision verified as legal (not a look or a card) and log it."""
        log = self.log
        op: Operation = _new_op(Operation, (len(log), OP_KINDS[kind], seat, player, action, _EMPTY))
        log.append(op)
        self.actions.append(action)
        self.history.append((seat, action))
        deal = self.deal_number
        phase = self.phase
        if phase is DOUBLE_PHASE:  # (verified: a double or a pass)
            if kind == DOUBLE:
                self._double(seat)
            else:
                self._pass_double(seat)
        elif phase == CLAIM_PHASE:
            self._claimed(action)
            return op
        elif phase == PENALTY_PHASE:
            self._penalty_decided(action)
            return op
        elif phase == AUCTION_PHASE:
            self._call(seat, action)
        elif kind == DECLARE:
            assert action.denomination is not None
            frm = "own_hand" if seat == self.first_declarer else "partner"
            self._declared(seat, self._trump_of_name[action.denomination], frm)
        elif kind == LEAVE:
            self._leave(seat)
        elif kind == DOUBLE:
            self._double(seat)
        else:
            self._pass_double(seat)
        if (
            self._logged_at != self._sight_version
            and self.phase is not OVER
            and self.deal_number == deal
        ):
            self._log_sight()  # sight changed
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
        return calls.out_of_turn(self, player, action)

    def _slip_open(self, player: str) -> bool:
        return calls.slip_open(self, player)

    def _slip(self, player: str, action: Action) -> Operation:
        return calls.slip(self, player, action)

    def _impossible_open(self, action: Action) -> bool:
        return calls.impossible_open(self, action)

    def _impossible(self, action: Action) -> Operation:
        return calls.impossible(self, action)

    def _insufficient(self, action: Action) -> Operation:
        return calls.insufficient(self, action)

    def _remark(self, player: str, action: Action) -> Operation:
        return conduct.remark(self, player, action)

    def _why_no_remark(self, player: str, action: Action) -> str:
        return conduct.why_no_remark(self, player, action)

    def _correct(self, seat: Seat, action: Action, *, penalise: bool) -> None:
        revokes.correct(self, seat, action, penalise=penalise)

    def _penalty_decided(self, action: Action) -> None:
        penalties.decide(self, action)

    def _call(self, seat: Seat, action: Action) -> None:
        """A call in the auction; three passes after a bid (or double) end it (law 45)."""
        self.calls.append((seat, action))
        kind = action.kind
        if self._barred is not None and kind != PASS and int(seat) & 1 != int(self._barred) & 1:
            self._barred = None  # law 50: an adversary bid or doubled
        if kind == PASS:
            self._passes += 1
            if self.contract is not None and self._passes == 3:
                self._end_auction()
                return
            if self.contract is None and self._passes == 4:
                # A18: all four passed (only when the dealer need not bid): a new deal.
                self._append("passed_out", seat=self.dealer)
                self._next_dealer()
                self._begin_deal()
                return
        else:
            self._passes = 0
            if kind == BID:
                assert action.denomination is not None
                self.contract = action
                self._contract_seat = seat
                self._contract_index = len(self.calls) - 1
                self.doubling_level = 0  # law 55: a new bid cancels the double
                strain = int(self._trump_of_name[action.denomination].strain)
                self._first_named.setdefault((int(seat) & 1, strain), seat)
            else:  # double or redouble
                self.doubling_level += 1
        self.to_act = seat.left

    def _end_auction(self) -> None:
        """The final bid stands: law 46 names the declarer; law 58 the leader."""
        assert self.contract is not None
        assert self._contract_seat is not None
        denomination = self._trump_of_name[self.contract.denomination or ""]
        side = int(self._contract_seat) & 1
        if self.rules.declaration.auction.declarer == "last_bidder":  # type: ignore[union-attr]
            declarer = self._contract_seat
        else:
            declarer = self._first_named[(side, int(denomination.strain))]
        self._settle_declaration(self._contract_seat, denomination, "auction", declarer)
        self._append(
            "contract",
            seat=declarer,
            player=self.seat_player[declarer],
            detail={
                "bid": str(self.contract),
                "by": self._contract_seat.letter,
                "doubled": self.doubling_level,
                "declarer": declarer.letter,
            },
        )
        self._begin_play()

    def _leave(self, seat: Seat) -> None:
        target = seat.partner
        self.passed_to = target
        self._event("passed")
        if target in self.manned:
            self.to_act = target  # a partner who sits at his hand must declare
            return
        # A Dummy's declaration is forced: someone examines its hand, without
        # exposing it, and declares by the rules' criteria.
        forced = self.rules.declaration.forced
        if forced is None:  # pragma: no cover - the semantic checks require it
            raise IllegalActionError("these rules give no forced declaration for a Dummy")
        examiner_seat = target if forced.examined_by == "owner" else self.dealer.right
        self.examiner = self.seat_player[examiner_seat]
        self.examined = target
        self._sight_version += 1
        self._event("examined")
        denomination, trace = forced_declaration(
            forced, self.original[target], self.rules.denominations
        )
        self.forced_trace = trace
        self._append("examine", seat=target, player=self.examiner)
        self._append(
            "forced",
            seat=target,
            player=self.examiner,
            detail={"denomination": denomination.name, "steps": list(trace)},
        )
        self._declared(target, denomination, "dummy")

    def _settle_declaration(
        self, maker: Seat, denomination: Denomination, declared_from: str, declarer: Seat
    ) -> None:
        """Record the final declaration, who made it and who plays; sight may change."""
        self.denomination = denomination
        self.maker = maker
        self.declared_from = declared_from
        self.declarer = declarer
        self.dummy = _PARTNER[declarer]
        if self._sight_on_declaration:
            self._sight_version += 1
        self._event("declared")

    def _declared(self, seat: Seat, denomination: Denomination, declared_from: str) -> None:
        # The dealer's side's live hand plays both: the dealer, or, when the
        # dealer's hand is a Dummy, its holder from his own hand.
        self._settle_declaration(seat, denomination, declared_from, self.first_declarer)
        if not self._doubling_opens[denomination.name]:
            self._begin_play()
            return
        self.phase = DOUBLE_PHASE
        self._dbl_queue = self._defenders_queue(_LEFT[self.dealer])
        self.to_act = self._dbl_queue.pop(0)

    def _queue(self, first: Seat, second: Seat | None) -> list[Seat]:
        """A side's turns to speak; one player holding both hands speaks once."""
        if second is None or self.seat_player[first] == self.seat_player[second]:
            return [first]
        return [first, second]

    def _defenders_queue(self, first: Seat) -> list[Seat]:
        if self._leader_only:
            return [_LEFT[self.dealer]]
        return self._queue(first, _PARTNER[first])

    def _double(self, seat: Seat) -> None:
        side = seat & 1
        declaring_side = self.dealer & 1
        events = self._sight_events  # only these matter (see _event)
        if "own_doubling_decision" in events:
            self._event("own_doubling_decision", self.seat_player[seat])
        if "own_double" in events:
            self._event("own_double", self.seat_player[seat])
        self.doubling_level += 1
        if side == declaring_side and "redouble_decision" in events:
            self._event("redouble_decision")
        self._last_doubler[side] = seat
        if not self._unlimited and not self._limit.allows(
            self.denomination.trick_value,  # type: ignore[union-attr]
            self.doubling_level,
        ):
            self._begin_play()
            return
        other = 1 - side
        assert self.maker is not None
        # Whoever of that side last (re)doubled speaks first (ELW07: "The
        # original doubler has the first right"); else the maker, or the eldest.
        # (A seat is an int: North is 0, so "is None", never "or".)
        first = self._last_doubler.get(other)
        if other == declaring_side:
            if first is None:
                first = self.maker
            self._dbl_queue = self._queue(first, _PARTNER[first])
        else:
            self._dbl_queue = self._defenders_queue(_LEFT[self.dealer] if first is None else first)
        self.to_act = self._dbl_queue.pop(0)

    def _pass_double(self, seat: Seat) -> None:
        events = self._sight_events  # only these matter (see _event)
        if "own_doubling_decision" in events:
            self._event("own_doubling_decision", self.seat_player[seat])
        if "redouble_decision" in events and seat & 1 == self.dealer & 1:
            self._event("redouble_decision")
        if self._dbl_queue:
            self.to_act = self._dbl_queue.pop(0)
        else:
            self._begin_play()

    def _begin_play(self) -> None:
        events = self._sight_events  # only these matter (see _event)
        if "doubling_end" in events:
            self._event("doubling_end")
        if "redouble_decision" in events:
            self._event("redouble_decision")
        self.phase = PLAY_PHASE
        assert self.declarer is not None
        assert self.denomination is not None
        leader = self._leading_hand()
        self._trick_leader = leader
        self._trick_cards = []
        self.to_act = leader
        # The game's play state is made once, then reset for each deal's play.
        ps = self.__dict__.get("_play_state")
        strain = self._strain_of[self.denomination.name]
        if ps is None or not ps.reset(self.hands, strain, int(leader)):
            ps = self._play_state = _native.PlayState(self.hands, strain, int(leader))
            self._legal_call, self._legal_out = ps.legal_call, ps.legal_out
            self._play_call, self._winner_out = ps.play_call, ps.winner_out
            # A card is played by the PlayState's packed step (dbr_position_step_packed,
            # in apply() or _play()), which keeps self._step, the legal cards of the
            # hand to play and the trick's winner, current for legal_actions().
            self._step_packed = ps.step_packed
        self._ps = ps
        self._lead_due = True  # the first card of the play is the first lead
        owners, dummy = self.seat_player, self.dummy
        declarer_player = owners[self.declarer]
        self._seat_actor = tuple(
            [declarer_player if seat == dummy else owners[seat] for seat in _SEATS]
        )
        self._refresh_blind()

    def _play_laws(self, action: Action, recorded: Action | None = None) -> Operation:
        return conduct.play_card(self, action, recorded)

    def _play(self, action: Action, recorded: Action | None = None, flags: int = 0) -> Operation:
        """Play a card: the C core checks and plays it, and decides the trick."""
        seat = self.to_act
        assert seat is not None
        card = action.index
        step = self._step_packed(card, flags)
        if step < 0:
            self.verify(action)  # raises the message that names the rule broken
            raise IllegalActionError(f"{action} refused")  # pragma: no cover - verify raised
        self._step = step
        winner = (step >> _WINNER_SHIFT) - 1
        log = self.log
        op = _new_op(
            Operation, (len(log), OpKind.PLAY, seat, self._seat_actor[seat], action, _EMPTY)
        )
        log.append(op)
        self.actions.append(recorded or action)
        self.hands[seat] &= ~(1 << card)
        cards = self._trick_cards
        cards.append(card)
        if winner < 0:
            if len(cards) == 1 and not self.tricks:
                self._first_lead()
            self.to_act = _LEFT[seat]
            return op
        trick_won(self, winner)  # the end of the trick (in C: interpreter/_speedups.c)
        return op

    def _first_lead(self) -> None:
        """Expose what the rules expose once the first card is led."""
        self._lead_due = False
        self._event("first_lead")
        for exp in self.rules.play.exposure:
            if exp.when != "first_lead":
                continue
            if exp.hand == "dummy":
                seats: tuple[Seat, ...] = (self.dummy,) if self.dummy is not None else ()
            else:  # unmanned
                seats = tuple(s for s in _SEATS if s not in self.manned)
            for seat in seats:
                if seat not in self.exposed:
                    self.exposed.add(seat)
                    self._append(
                        "expose", seat=seat, detail=LazyDetail(_hand_detail, (self.hands[seat],))
                    )
        self._log_sight()
        self._refresh_blind()

    def _end_play(self) -> None:
        """After the last trick: the claims for revokes (laws mode), then the score."""
        self._lean = False  # the play is over
        # (without a revoke, nothing to claim: no need to look for a penal one)
        sides = sorted({seat & 1 for seat, _ in self._penal_revokes()}) if self.revokes else []
        if not sides:
            self._score()
            return
        self._claims = sides
        self._begin_claim()

    def _begin_claim(self) -> None:
        revokes.begin_revoke_claim(self)

    def _claimed(self, action: Action) -> None:
        revokes.revoke_claimed(self, action)

    def _revoke_result(self) -> dict[str, Any]:
        return revokes.revoke_result(self)

    def _score(self) -> None:
        assert self.denomination is not None
        assert self.declarer is not None
        contract = self.contract
        if self._penalties:
            lines = score_deal(
                self.rules,
                DealResult(
                    hands=self.original,  # type: ignore[arg-type]
                    denomination=self.denomination,
                    declaring_side=int(self.declarer) & 1,
                    doubling_level=self.doubling_level,
                    tricks=(self.tricks_won[0], self.tricks_won[1]),
                    contract_level=None if contract is None else contract.level,
                    opening_one_spade=self._opening_one_spade(),
                    **self._revoke_result(),
                ),
            )
        else:  # no revoke penalty claimed: score_deal() of the same result, from its parts
            lines = _score_unpenalised(
                self.rules.scoring,
                self.denomination,
                self.declarer & 1,
                self.doubling_level,
                (self.tricks_won[0], self.tricks_won[1]),
                None if contract is None else contract.level,
                contract is not None and self._opening_one_spade(),
                self._dealt,
            )
        sheet = self.sheet
        games_before = list(sheet.games)
        game_before = sheet.game_number
        added = sheet.add_deal(self.deal_number, lines, self._credit(), int(self.dealer) & 1)
        self._append("score", detail=LazyDetail(_score_detail, (self.deal_number, tuple(added))))
        for col, before in enumerate(games_before if sheet.game_number != game_before else ()):
            if sheet.games[col] > before:
                self._append(
                    "game",
                    detail={
                        "column": col,
                        "name": sheet.columns[col][0],
                        "games": list(sheet.games),
                    },
                )
        if sheet.is_over:
            # The sheet is final (it takes no more deals): its result can wait to be read.
            self._append("rubber", detail=LazyDetail(ScoreSheet.result_data, (sheet,)))
            if self.rubber_number >= self.rubbers:
                self.phase = OVER
                self.is_over = True
                self.to_act = None
                return
            self._begin_rubber()
            self._begin_deal()
            return
        self._next_dealer()
        self._begin_deal()

    def _opening_one_spade(self) -> bool:
        """Law 48: the final bid is the dealer's original One Spade, the first call
        of the auction, in the cheapest spade declaration (never the royals)."""
        if self.contract is None or self._contract_index != 0 or self.contract.level != 1:
            return False
        assert self.denomination is not None
        spades = [d.trick_value for d in self.rules.denominations if d.suit is Suit.SPADES]
        return self.denomination.suit is Suit.SPADES and self.denomination.trick_value == min(
            spades
        )

    def _next_dealer(self) -> None:
        if self.rules.table.hands == "dummy" and self.rules.table.dummy_holder == "dealer":
            self._circle_at += 1  # the deal passes to the left; the new dealer takes the Dummy
            self._seat_round_dealer()
            return
        nxt = self.dealer.left
        if self.rules.deal.passes == "left_skipping_dummies":
            while nxt not in self.manned:
                nxt = nxt.left
        self.dealer = nxt

    def _append(
        self,
        kind: str,
        *,
        seat: Seat | None = None,
        player: str | None = None,
        action: Action | None = None,
        detail: Mapping[str, Any] | None = None,
    ) -> Operation:
        op_kind = OP_KINDS.get(kind)
        if op_kind is None:
            raise ValueError(f"no kind of log entry {kind!r} (see OpKind)")
        if detail is None:
            detail = _EMPTY
        elif detail.__class__ is not LazyDetail:  # a LazyDetail is built when read
            detail = MappingProxyType(dict(detail)) if detail else _EMPTY
        log = self.log
        op: Operation = _new_op(Operation, (len(log), op_kind, seat, player, action, detail))
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
        self._check_player(player)
        return {seat: Hand._of(self.hands[seat]) for seat in _SEATS if self.sees(player, seat)}

    def observation(self, player: str) -> Observation:
        """What ``player`` may know now.

        :raises ValueError: for an unknown player.
        """
        hands = self.visible_hands(player)
        to_act = self.to_act
        mine = to_act is not None and self.player_of(to_act) == player
        current = (
            Trick(self._trick_leader, tuple(_CARDS[c] for c in self._trick_cards))
            if self.phase == PLAY_PHASE
            else None
        )
        return Observation(
            player=player,
            seats=self.player_seats[player],
            phase=self.phase,
            deal_number=self.deal_number,
            dealer=self.dealer,
            hands=hands,
            exposed=tuple(sorted(self.exposed)),
            denomination=self.denomination,
            maker=self.maker,
            declarer=self.declarer,
            doubling_level=self.doubling_level,
            tricks=tuple(self.tricks),
            current=current,
            tricks_won=(self.tricks_won[0], self.tricks_won[1]),
            to_act=to_act,
            legal_actions=tuple(self.legal_actions()) if mine else (),
            history=tuple(self.history),
            trump_suit=None
            if self.denomination is None or self.denomination.suit is None
            else int(self.denomination.suit),
            owners=dict(self.seat_player),
            manned=tuple(s for s in _SEATS if s in self.manned),
            declared_from=self.declared_from,
        )

    # ------------------------------------------------ serialization

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled (and deep-copied) as its record and rules, and rebuilt by
        replaying it (:meth:`from_record`): the C core's state is not Python data."""
        return (_game_from_record, (self.to_record(), self.rules))

    def to_record(self) -> dict[str, Any]:
        """The game as a JSON-compatible record: rules, seed, players, every decision.

        :func:`Game.from_record` replays it to the same state.
        """
        return {
            "format": RECORD_FORMAT,
            "rules": {
                "name": self.rules.name,
                "version": self.rules.version,
                "origin": self.rules.origin,
            },
            "seed": self.seed,
            "players": list(self.players),
            "rubbers": self.rubbers,
            "laws": self.laws,
            "deals": [[h.pbn() for h in d] for d in self.preset_deals],
            "actions": self._recorded_actions(),
        }

    def _recorded_actions(self) -> list[Any]:
        """Each decision as its text; one taken out of turn as {player, action}."""
        out_of_turn = dict(self.actions_out_of_turn)
        return [
            {"player": out_of_turn[i], "action": str(a)} if i in out_of_turn else str(a)
            for i, a in enumerate(self.actions)
        ]

    @classmethod
    def from_record(cls, record: Mapping[str, Any], rules: RuleSet | None = None) -> Game:
        """Replay a record made by :meth:`to_record`.

        :param rules: the rule set to replay under; by default the record's
            rules, loaded by name (built-in) or path.
        :raises InvalidNotationError: for a record that is not one.
        :raises IllegalActionError: if an action in it is not legal when replayed.
        """
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
                raise TypeError(
                    f"'rules' must be an object naming the rule file, not {rules_ref!r}"
                )
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

    def state_dict(self) -> dict[str, Any]:
        """A JSON-compatible snapshot of the whole state (for inspection and tests)."""
        return {
            "rules": self.rules.name,
            "seed": self.seed,
            "rng": list(self.rng.getstate()),
            "players": list(self.players),
            "seats": {s.letter: p for s, p in self.seat_player.items()},
            "manned": sorted(s.letter for s in self.manned),
            "rubber_number": self.rubber_number,
            "looks": [[p, s.letter] for p, s in self.looks],
            "phase": self.phase,
            "deal_number": self.deal_number,
            "dealer": self.dealer.letter,
            "hands": {s.letter: Hand._of(h).pbn() for s, h in zip(_SEATS, self.hands, strict=True)},
            "original": {s.letter: h.pbn() for s, h in zip(_SEATS, self.original, strict=True)},
            "denomination": None if self.denomination is None else self.denomination.name,
            "maker": None if self.maker is None else self.maker.letter,
            "declarer": None if self.declarer is None else self.declarer.letter,
            "doubling_level": self.doubling_level,
            "exposed": sorted(s.letter for s in self.exposed),
            "tricks": [[c.code for c in t.cards] for t in self.tricks],
            "current": [_CARDS[c].code for c in self._trick_cards],
            "tricks_won": list(self.tricks_won),
            "to_act": None if self.to_act is None else self.to_act.letter,
            "sheets": [sheet.to_data() for sheet in self.sheets],
            "log": [op.to_data() for op in self.log],
        }

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


_EMPTY: Mapping[str, Any] = MappingProxyType({})

_NO_EVENTS: frozenset[Any] = frozenset()
_DEFAULT_NAMES = ("A", "B", "C", "D")  # the players' names unless given
_SIGHT_MEMO_SIZE = 4096  # keys for one rule set before its memo of sight starts afresh


class _Facts:
    """What every game of a rule set works out from it alone, worked out once
    (read only: the games of the rule set share it)."""

    __slots__ = (
        "bid_rank",
        "bids",
        "declare_actions",
        "doubling_opens",
        "fresh_sight",
        "may_look",
        "rules",
        "seating_memo",
        "sheet_columns",
        "sight_events",
        "sight_memo",
        "sight_on_declaration",
        "strain_of",
        "trump_of_name",
    )

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules  # kept alive: the registry is by id
        self.trump_of_name = {d.name: d for d in rules.denominations}
        # by denomination: its strain's number; whether it may be doubled at all
        self.strain_of = {d.name: int(d.strain) for d in rules.denominations}
        limit = rules.doubling.limit
        self.doubling_opens = {
            d.name: limit.kind != "none" and limit.allows(d.trick_value, 0)
            for d in rules.denominations
        }
        sight = rules.sight.rules
        self.sight_events = frozenset(e for r in sight for e in (*r.start, *r.end))
        self.sight_on_declaration = any(
            r.when.declared_from is not None or r.hand == "examined" or r.who == "examiner"
            for r in sight
        ) or any(b.when.declared_from for b in rules.doubling.blind)
        self.may_look = any(r.how == "on_request" for r in sight)
        names = tuple(d.name for d in rules.denominations)
        self.declare_actions = _DECLARE_ACTIONS.get(names) or _DECLARE_ACTIONS.setdefault(
            names, tuple(Action.declare(name) for name in names)
        )
        auction = rules.declaration.auction
        # Every bid, lowest first by law 44: by points (level x trick value), then by tricks.
        self.bids: tuple[Action, ...] = ()
        if auction is not None:
            values = {d.name: d.trick_value for d in rules.denominations}
            self.bids = tuple(
                sorted(
                    (
                        Action.bid(level, d.name)
                        for level in range(1, auction.max_level + 1)
                        for d in rules.denominations
                    ),
                    key=lambda a: ((a.level or 0) * values[a.denomination or ""], a.level or 0),
                )
            )
        self.bid_rank = {a: i for i, a in enumerate(self.bids)}
        # The hands each player sees by the rules of sight, by everything sight
        # depends on (see Game._sight): once for each seating, dealer and stage.
        self.sight_memo: dict[tuple[Any, ...], dict[str, frozenset[Seat]]] = {}
        # Game._log_sight's work at the start of a deal, by id of the sight (a
        # value of sight_memo, kept alive here): (sight, seen after, changes).
        self.fresh_sight: dict[
            int,
            tuple[
                dict[str, frozenset[Seat]],
                dict[str, frozenset[Seat]],
                tuple[tuple[str, frozenset[Seat], frozenset[Seat]], ...],
            ],
        ] = {}
        # Game._seat's work by seating: (the seating, player_seats, own hands).
        self.seating_memo: dict[
            tuple[Any, ...],
            tuple[tuple[Any, ...], dict[str, tuple[Seat, ...]], dict[str, tuple[Seat, ...]]],
        ] = {}
        # The score sheet's columns (as a sheet accepted them) by seating.
        self.sheet_columns: dict[tuple[Any, ...], tuple[tuple[str, tuple[str, ...]], ...]] = {}


_FACTS: dict[int, _Facts] = {}  # by id of the rule set


def _facts(rules: RuleSet) -> _Facts:
    facts = _FACTS.get(id(rules))
    if facts is None or facts.rules is not rules:
        if len(_FACTS) >= 64:  # many rule sets loaded: forget the old ones
            _FACTS.clear()
        facts = _FACTS[id(rules)] = _Facts(rules)
    return facts


_WINNER_SHIFT = _native.STEP_WINNER_SHIFT  # where a packed step keeps 1 + the trick's winner


# The details of the log entries made for every deal, built when first read.


def _deal_detail(
    number: int, hands: tuple[int, ...], seats: tuple[tuple[Seat, str], ...] | None
) -> dict[str, Any]:
    detail: dict[str, Any] = {
        "deal": number,
        "hands": {s.letter: Hand._of(h).pbn() for s, h in zip(_SEATS, hands, strict=True)},
    }
    if seats is not None:
        detail["seats"] = {s.letter: p for s, p in seats}
    return detail


def _sight_detail(
    changes: tuple[tuple[str, frozenset[Seat], frozenset[Seat]], ...],
) -> dict[str, Any]:
    return {
        "changes": [
            {
                "player": player,
                "sees": [s.letter for s in _SEATS if s in sees],
                "loses": [s.letter for s in _SEATS if s in loses],
            }
            for player, sees, loses in changes
        ]
    }


def _hand_detail(bits: int) -> dict[str, Any]:
    return {"hand": Hand._of(bits).pbn()}


def _trick_detail(number: int, cards: tuple[Card, ...], leader: Seat) -> dict[str, Any]:
    return {"number": number, "cards": [c.code for c in cards], "leader": leader.letter}


def _score_detail(deal: int, entries: tuple[ScoreEntry, ...]) -> dict[str, Any]:
    return {"deal": deal, "entries": [e.to_data() for e in entries]}


def _check_arguments(rules: object, seed: object, rubbers: object, laws: object) -> None:
    """Refuse arguments of the wrong type before a game is made of them: a
    float seed, say, would be played as its whole part but recorded as it is."""
    if not isinstance(rules, RuleSet):
        raise TypeError(f"rules must be a RuleSet (load_rules('bridge')), not {rules!r}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TypeError(f"the seed must be a whole number from 0 to 2**64 - 1, not {seed!r}")
    if not isinstance(rubbers, int) or isinstance(rubbers, bool):
        raise TypeError(f"rubbers must be a whole number, not {rubbers!r}")
    if not isinstance(laws, bool):
        raise TypeError(f"laws must be True or False, not {laws!r}")


def _game_from_record(record: Mapping[str, Any], rules: RuleSet) -> Game:
    """Unpickle a :class:`Game` (see ``Game.__reduce__``)."""
    return Game.from_record(record, rules)


# The card step of apply() and legal_actions() in the lean play, and the end
# of a trick, in C (_speedups.c): the fields and tables it works with.
hotpath.bind(
    Game,
    {
        "Action": Action,
        "Operation": Operation,
        "PLAY": PLAY,
        "PLAYED": OpKind.PLAY,
        "EMPTY": _EMPTY,
        "LEFT": _LEFT,
        "PLAYS": _PLAYS,
        "Trick": Trick,
        "TRICK": OpKind.TRICK,
        "trick_detail": _trick_detail,
        "SEATS": _SEATS,
        "CARDS": _CARDS,
        "first_lead": Game._first_lead,
        "end_play": Game._end_play,
        "LazyDetail": LazyDetail,
    },
)
