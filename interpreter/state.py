"""The game: a state machine driven only by a :class:`~dummybridge.ruleset.RuleSet`.

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

Every decision is an :class:`~dummybridge.actions.Action`. :meth:`Game.legal_actions`
lists those open to the player to act; :meth:`Game.verify` raises
:class:`~dummybridge.errors.IllegalActionError` for any other, :meth:`Game.can`
says yes or no, and :meth:`Game.apply` verifies, then acts, and returns the
:class:`~dummybridge.actions.Operation` appended to :attr:`Game.log` — so a
rejected action changes nothing. All randomness comes from the one seed,
through the C core's PRNG; the same rules, seed and actions give the same game.

>>> from dummybridge.loader import load_rules
>>> game = Game(load_rules("bridge"), seed=1)
>>> game.phase, game.to_act
('declare', <Seat.SOUTH: 2>)
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, NamedTuple

from . import _native
from .actions import DECLARE, DOUBLE, LEAVE, PASS, PLAY, Action, Operation
from .cards import Card, Hand, Seat
from .errors import IllegalActionError, InvalidNotationError
from .ruleset import Denomination, RuleSet
from .scoring import DealResult, ScoreSheet, score_deal

__all__ = ["RECORD_FORMAT", "Game", "Observation", "Trick"]

RECORD_FORMAT = "dummybridge-record/1"

CUT = "cut"
DEAL = "deal"
DECLARE_PHASE = "declare"
DOUBLE_PHASE = "double"
PLAY_PHASE = "play"
OVER = "over"

_SEATS = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
_CARDS = tuple(Card(i) for i in range(52))
_PLAYS = tuple(Action.play(c) for c in _CARDS)
_CODES = tuple(c.code for c in _CARDS)
_new_op = tuple.__new__  # builds an Operation without the named-tuple constructor's overhead
_DOUBLE = Action.double()
_PASS = Action.pass_()
_LEAVE = Action.leave()


_LEFT = tuple(_SEATS[(i + 1) & 3] for i in range(4))
# _SUIT_PLAYS[suit][13-bit pattern]: the play actions of the cards of that
# suit in the pattern, low to high; each filled on first use.
_SUIT_PLAYS: tuple[list[tuple[Action, ...] | None], ...] = tuple([None] * 8192 for _ in range(4))


def _suit_plays(suit: int, pattern: int) -> tuple[Action, ...]:
    plays = tuple(_PLAYS[13 * suit + r] for r in range(13) if pattern >> r & 1)
    _SUIT_PLAYS[suit][pattern] = plays
    return plays


def _plays_of(bits: int) -> tuple[Action, ...]:
    """The play actions for a set of cards, in card order."""
    out: tuple[Action, ...] = ()
    suit = 0
    while bits:
        pattern = bits & 0x1FFF
        if pattern:
            plays = _SUIT_PLAYS[suit][pattern] or _suit_plays(suit, pattern)
            out = plays if not out else out + plays
        bits >>= 13
        suit += 1
    return out


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
    """

    player: str
    seats: tuple[Seat, ...]
    phase: str
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


class Game:
    """A rubber of a variant, from the cut to the final score.

    :param rules: the rule set to run.
    :param seed: the one seed every random step flows from (0 .. 2**64 - 1).
    :param players: the players' names, as many as the rules have players
        (default ``A``, ``B``, ``C``, ``D``, in cutting order of nothing: the
        cut decides who sits where).
    :param deals: hands to deal instead of shuffling, in order, one deal per
        entry (four hands by seat, North first); once they are used up the
        pack is shuffled as usual. For tests, conformance scenarios and
        replaying a given deal under any variant.
    :raises ValueError: for a wrong number of names or a repeated name.
    :raises InvalidDealError: for a preset deal that is not one.
    """

    def __init__(self, rules: RuleSet, seed: int, *, players: Sequence[str] | None = None,
                 deals: Sequence[Sequence[Hand]] = ()) -> None:
        n = rules.table.players
        names = tuple(players) if players is not None else tuple("ABCD"[:n])
        if len(names) != n:
            raise ValueError(f"{rules.name} needs {n} player names, got {len(names)}")
        if len(set(names)) != n:
            raise ValueError(f"player names must differ, got {list(names)!r}")
        self.rules = rules
        self.seed = seed
        self.players = names
        self.preset_deals = tuple(tuple(d) for d in deals)
        for preset in self.preset_deals:
            _native.deal_validate([h.bits for h in preset], rules.deal.cards_each)
            if len(preset) != 4:
                raise ValueError(f"a preset deal needs four hands, got {len(preset)}")
        self.rng = _native.Rng(seed)
        self.log: list[Operation] = []
        self.actions: list[Action] = []
        self.sheet = ScoreSheet(rules)
        self.deal_number = 0
        self._trump_of_name = {d.name: d for d in rules.denominations}
        self._declare_actions = tuple(Action.declare(d.name) for d in rules.denominations)
        self._cut()
        self._begin_deal()

    # ----------------------------------------------------------- the cut

    def _cut(self) -> None:
        """Cut for partners and deal: each player draws a card from the spread
        pack; the lowest deals. Ties go by suit order or a re-cut, as the rules say."""
        cut = self.rules.table.cut
        order = {suit: i for i, suit in enumerate(cut.tie_suit_order)}
        names = list(self.players)
        rounds: list[dict[str, str]] = []
        keyed: dict[str, tuple[int, ...]] = {name: () for name in names}
        pending = names
        while pending:
            # Each round is a fresh spread pack; only tied players cut again.
            deck = _native.deck_shuffle(_native.deck_init(), self.rng)
            rounds.append({name: _CARDS[deck[i]].code for i, name in enumerate(pending)})
            for i, name in enumerate(pending):
                card = _CARDS[deck[i]]
                rank = (int(card.rank) + 1) % 13 if cut.ace_low else int(card.rank)
                tie = order[card.suit] if cut.ties == "suit_order" else 0
                keyed[name] = (*keyed[name], rank, tie)
            seen: dict[tuple[int, ...], list[str]] = {}
            for name in pending:
                seen.setdefault(keyed[name], []).append(name)
            pending = [name for group in seen.values() if len(group) > 1 for name in group]
        ranked = sorted(names, key=lambda nm: keyed[nm])
        self.cut_order = tuple(ranked)
        # The lowest deals from South; partners sit opposite: the two lowest
        # against the two highest; the third lowest on the dealer's left.
        n = len(ranked)
        if n != 4:  # pragma: no cover - schema allows only 4 for 'seated'
            raise ValueError("seated tables need four players")
        self.seat_player = {
            Seat.SOUTH: ranked[0],
            Seat.NORTH: ranked[1],
            Seat.WEST: ranked[2],
            Seat.EAST: ranked[3],
        }
        self.player_seats = {p: (s,) for s, p in self.seat_player.items()}
        self.dealer = Seat.SOUTH
        self._append(CUT, detail={"rounds": rounds,
                                  "seats": {s.letter: p for s, p in self.seat_player.items()}})

    # ---------------------------------------------------------- the deal

    def _begin_deal(self) -> None:
        self.deal_number += 1
        if self.deal_number <= len(self.preset_deals):
            hands = [h.bits for h in self.preset_deals[self.deal_number - 1]]
        else:
            # Shuffled, then cut by the dealer's right-hand adversary (at least
            # four cards in each packet), then dealt one at a time from his left.
            hands, _ = _native.deal_with_cut(self.rng, 4, self.rules.deal.cards_each,
                                             int(self.dealer))
        self.original = tuple(Hand._of(h) for h in hands)
        self.hands = list(hands)
        self.denomination: Denomination | None = None
        self.maker: Seat | None = None
        self.passed_to: Seat | None = None
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
        self.history: list[tuple[Seat, Action]] = []
        self.phase = DECLARE_PHASE
        self.to_act: Seat | None = self.dealer
        self._append(DEAL, seat=self.dealer, detail={
            "deal": self.deal_number,
            "hands": {s.letter: Hand._of(h).pbn() for s, h in zip(_SEATS, hands, strict=True)},
        })

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

    @property
    def is_over(self) -> bool:
        """Whether the rubber is finished."""
        return self.phase == OVER

    # ------------------------------------------------- legal actions

    def legal_actions(self) -> tuple[Action, ...]:
        """The actions open to the player to act now (empty when the game is over).

        In the play the C core decides which cards may be played.
        """
        phase = self.phase
        if phase is PLAY_PHASE:
            if self._legal_call():
                return ()  # pragma: no cover - a valid position always has a play
            return _plays_of(self._legal_out[0])
        if phase == DOUBLE_PHASE:
            if self._may_double():
                return (_DOUBLE, _PASS)
            return (_PASS,)
        if phase == DECLARE_PHASE:
            if self.passed_to is None and self.rules.declaration.pass_to_partner:
                return (*self._declare_actions, _LEAVE)
            return self._declare_actions
        return ()

    def _may_double(self) -> bool:
        assert self.denomination is not None
        return self.rules.doubling.limit.allows(self.denomination.trick_value, self.doubling_level)

    def verify(self, action: Action) -> None:
        """Raise unless ``action`` is legal now for the player to act.

        :raises IllegalActionError: naming the action, the seat and why not.
        """
        if self.phase == OVER or self.to_act is None:
            raise IllegalActionError(f"{action} refused: the game is over")
        seat = self.to_act
        who = f"{seat.name.lower()} ({self.player_of(seat)})"
        kind = action.kind
        if self.phase == PLAY_PHASE:
            if kind != PLAY or action.card is None:
                raise IllegalActionError(f"{action} refused: it is {who}'s turn to play a card")
            bit = 1 << action.card.index
            if not self.hands[seat] & bit:
                raise IllegalActionError(
                    f"{action} refused: {who} does not hold {action.card.code}")
            if not self._ps.legal() & bit:
                raise IllegalActionError(
                    f"{action} refused: {who} must follow suit to the "
                    f"{_CARDS[self._trick_cards[0]].code} led")
            return
        if self.phase == DOUBLE_PHASE:
            if kind == PASS:
                return
            if kind == DOUBLE:
                if not self._may_double():
                    raise IllegalActionError(
                        f"{action} refused: the doubling limit is reached "
                        f"({self.rules.doubling.limit.kind})")
                return
            raise IllegalActionError(f"{action} refused: {who} may only double or pass now")
        if self.phase == DECLARE_PHASE:
            if kind == DECLARE:
                if action.denomination not in self._trump_of_name:
                    names = ", ".join(self._trump_of_name)
                    raise IllegalActionError(
                        f"{action} refused: {self.rules.name} has no declaration "
                        f"{action.denomination!r} (it has: {names})")
                return
            if kind == LEAVE:
                if not self.rules.declaration.pass_to_partner:
                    raise IllegalActionError(
                        f"{action} refused: {self.rules.name} does not let the dealer leave it")
                if self.passed_to is not None:
                    raise IllegalActionError(
                        f"{action} refused: the declaration was left to {who}, who must declare")
                return
            raise IllegalActionError(f"{action} refused: {who} must declare now")
        raise IllegalActionError(f"{action} refused in phase {self.phase}")  # pragma: no cover

    def can(self, action: Action) -> bool:
        """Whether ``action`` is legal now."""
        try:
            self.verify(action)
        except IllegalActionError:
            return False
        return True

    # --------------------------------------------------------- acting

    def apply(self, action: Action | str) -> Operation:
        """Take ``action`` for the player to act, and return its log entry.

        The game then runs every step that needs no decision (a trick won,
        the score, the next deal) before returning.

        :param action: an :class:`Action` or its text (``"play SA"``).
        :raises IllegalActionError: if it is not legal now (nothing changes).
        :raises InvalidNotationError: for text that is no action.
        """
        if action.__class__ is not Action:
            if not isinstance(action, str):
                raise TypeError(f"an action must be an Action or its text, not {action!r}")
            action = Action.parse(action)
        if self.phase is PLAY_PHASE and action.kind is PLAY:
            return self._play(action)
        self.verify(action)
        seat = self.to_act
        assert seat is not None
        player = self.player_of(seat)
        op = self._append(action.kind, seat=seat, player=player, action=action)
        self.actions.append(action)
        self.history.append((seat, action))
        kind = action.kind
        if kind == DECLARE:
            assert action.denomination is not None
            self._declared(seat, self._trump_of_name[action.denomination])
        elif kind == LEAVE:
            self.passed_to = seat.partner
            self.to_act = self.passed_to
        elif kind == DOUBLE:
            self._double(seat)
        else:
            self._pass_double()
        return op

    # Convenience spellings of apply().
    def declare(self, denomination: str) -> Operation:
        """Declare ``denomination`` (its rule-file name)."""
        return self.apply(Action.declare(denomination))

    def leave(self) -> Operation:
        """Leave the declaration to partner."""
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

    # ------------------------------------------------------ the steps

    def _declared(self, seat: Seat, denomination: Denomination) -> None:
        self.denomination = denomination
        self.maker = seat
        # The dealer always plays the combined hands, whoever made the trump.
        self.declarer = self.dealer
        self.dummy = self.dealer.partner
        limit = self.rules.doubling.limit
        if limit.kind == "none" or not limit.allows(denomination.trick_value, 0):
            self._begin_play()
            return
        self.phase = DOUBLE_PHASE
        eldest = self.dealer.left
        self._dbl_queue = self._defenders_queue(eldest)
        self.to_act = self._dbl_queue.pop(0)

    def _defenders_queue(self, first: Seat) -> list[Seat]:
        if self.rules.doubling.doublers == "leader_only":
            return [self.dealer.left]
        return [first, first.partner]

    def _double(self, seat: Seat) -> None:
        self.doubling_level += 1
        side = int(seat) & 1
        self._last_doubler[side] = seat
        if not self._may_double():
            self._begin_play()
            return
        other = 1 - side
        assert self.maker is not None and self.declarer is not None
        declaring_side = int(self.declarer) & 1
        first = self._last_doubler.get(other)
        if other == declaring_side:
            first = first or self.maker
            queue = [first, first.partner]
        else:
            queue = self._defenders_queue(first or self.dealer.left)
        self._dbl_queue = queue
        self.to_act = self._dbl_queue.pop(0)

    def _pass_double(self) -> None:
        if self._dbl_queue:
            self.to_act = self._dbl_queue.pop(0)
        else:
            self._begin_play()

    def _begin_play(self) -> None:
        self.phase = PLAY_PHASE
        lead = self.rules.play.opening_lead
        assert self.declarer is not None
        leader = self.dealer.left if lead == "left_of_dealer" else self.declarer.left
        self._trick_leader = leader
        self._trick_cards = []
        self.to_act = leader
        assert self.denomination is not None
        ps = self._ps = _native.PlayState(self.hands, int(self.denomination.strain), int(leader))
        self._legal_call, self._legal_out = ps.legal_call, ps.legal_out
        self._play_call, self._winner_out = ps.play_call, ps.winner_out
        declarer_player = self.seat_player[self.declarer]
        self._seat_actor = tuple(
            declarer_player if seat == self.dummy else self.seat_player[seat] for seat in _SEATS)

    def _play(self, action: Action) -> Operation:
        """Play a card: the C core checks and plays it, and decides the trick."""
        seat = self.to_act
        assert seat is not None
        card = action.index
        if self._play_call(card, 0, self._winner_out):
            self.verify(action)  # raises the message that names the rule broken
            raise IllegalActionError(f"{action} refused")  # pragma: no cover - verify raised
        winner = self._winner_out[0]
        log = self.log
        op = _new_op(Operation, (len(log), PLAY, seat, self._seat_actor[seat], action, _EMPTY))
        log.append(op)
        self.actions.append(action)
        self.hands[seat] &= ~(1 << card)
        cards = self._trick_cards
        cards.append(card)
        if winner < 0:
            if len(cards) == 1 and not self.tricks:
                self._first_lead()
            self.to_act = _LEFT[seat]
            return op
        winner_seat = _SEATS[winner]
        trick = Trick(self._trick_leader, tuple([_CARDS[c] for c in cards]), winner_seat)
        tricks = self.tricks
        tricks.append(trick)
        self.tricks_won[winner & 1] += 1
        log.append(Operation(len(log), "trick", winner_seat, None, None, MappingProxyType({
            "number": len(tricks), "cards": [_CODES[c] for c in cards],
            "leader": self._trick_leader.letter})))
        self._trick_leader = winner_seat
        self._trick_cards = []
        if self.hands[winner]:
            self.to_act = winner_seat
        else:
            self._score()
        return op

    def _first_lead(self) -> None:
        """Expose what the rules expose once the first card is led."""
        for exp in self.rules.play.exposure:
            if exp.when == "first_lead" and exp.hand == "dummy" and self.dummy is not None \
                    and self.dummy not in self.exposed:
                self.exposed.add(self.dummy)
                self._append("expose", seat=self.dummy, detail={
                    "hand": Hand._of(self.hands[self.dummy]).pbn()})

    def _score(self) -> None:
        assert self.denomination is not None and self.declarer is not None
        result = DealResult(
            hands=self.original,  # type: ignore[arg-type]
            denomination=self.denomination,
            declaring_side=int(self.declarer) & 1,
            doubling_level=self.doubling_level,
            tricks=(self.tricks_won[0], self.tricks_won[1]),
        )
        lines = score_deal(self.rules, result)
        games_before = list(self.sheet.games)
        added = self.sheet.add_deal(self.deal_number, lines)
        self._append("score", detail={"deal": self.deal_number,
                                      "entries": [e.to_data() for e in added]})
        for side in (0, 1):
            if self.sheet.games[side] > games_before[side]:
                self._append("game", detail={"side": side, "games": list(self.sheet.games)})
        if self.sheet.is_over:
            winner, margin = self.sheet.difference()
            self._append("rubber", detail={
                "winner": self.sheet.winner, "totals": [self.sheet.total(0), self.sheet.total(1)],
                "difference": {"side": winner, "points": margin}})
            self.phase = OVER
            self.to_act = None
            return
        self.dealer = self.dealer.left
        self._begin_deal()

    def _append(self, kind: str, *, seat: Seat | None = None, player: str | None = None,
                action: Action | None = None, detail: Mapping[str, Any] | None = None) -> Operation:
        op = Operation(len(self.log), kind, seat, player, action,
                       MappingProxyType(dict(detail)) if detail else _EMPTY)
        self.log.append(op)
        return op

    # ------------------------------------------------- observations

    def visible_hands(self, player: str) -> dict[Seat, Hand]:
        """The hands ``player`` may see now: his own, and any exposed on the table.

        :raises ValueError: for an unknown player.
        """
        if player not in self.player_seats:
            raise ValueError(f"no player {player!r} in this game (players: {list(self.players)!r})")
        seen: dict[Seat, Hand] = {}
        for seat in self.player_seats[player]:
            seen[seat] = Hand._of(self.hands[seat])
        for seat in self.exposed:
            seen[seat] = Hand._of(self.hands[seat])
        return dict(sorted(seen.items()))

    def observation(self, player: str) -> Observation:
        """What ``player`` may know now.

        :raises ValueError: for an unknown player.
        """
        hands = self.visible_hands(player)
        to_act = self.to_act
        mine = to_act is not None and self.player_of(to_act) == player
        current = Trick(self._trick_leader, tuple(_CARDS[c] for c in self._trick_cards)) \
            if self.phase == PLAY_PHASE else None
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
            trump_suit=None if self.denomination is None or self.denomination.suit is None
            else int(self.denomination.suit),
        )

    # ------------------------------------------------ serialization

    def to_record(self) -> dict[str, Any]:
        """The game as a JSON-compatible record: rules, seed, players, every decision.

        :func:`Game.from_record` replays it to the same state.
        """
        return {
            "format": RECORD_FORMAT,
            "rules": {"name": self.rules.name, "version": self.rules.version,
                      "origin": self.rules.origin},
            "seed": self.seed,
            "players": list(self.players),
            "deals": [[h.pbn() for h in d] for d in self.preset_deals],
            "actions": [str(a) for a in self.actions],
        }

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
            actions = [str(a) for a in record["actions"]]
            rules_ref = record["rules"]
            deals = [[Hand.from_pbn(h) for h in d] for d in record.get("deals", [])]
        except (KeyError, TypeError, ValueError) as exc:
            raise InvalidNotationError(f"malformed game record: {exc}") from None
        if rules is None:
            from .loader import load_rules

            origin = str(rules_ref.get("origin") or "")
            rules = load_rules(origin if origin and os.path.isfile(origin) else rules_ref["name"])
        if rules_ref.get("version") not in (None, rules.version):
            raise InvalidNotationError(
                f"record made with {rules_ref.get('name')} version {rules_ref.get('version')!r}, "
                f"rules are version {rules.version!r}")
        game = cls(rules, seed, players=players, deals=deals)
        for i, text in enumerate(actions):
            try:
                game.apply(text)
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
            "sheet": self.sheet.to_data(),
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
