"""What a player may know: :class:`Observation`, and the :class:`Trick` it shows.

A bot decides from its player's observation alone: the hands he may see now
(by the rules of sight and what lies face up), the public facts of the deal,
and his legal actions when he is to act.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, NamedTuple

from ..core.cards import Card, Hand, Seat
from ..language.ruleset import Denomination
from .actions import Action
from .phases import Phase

if TYPE_CHECKING:
    from .game import Game

__all__ = ["Observation", "Trick", "observe", "visible_hands"]

_SEATS = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
_CARDS = tuple(Card(i) for i in range(52))


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
    :ivar cards_exposed: laws mode: the cards exposed and left face up, liable
        to be called (1912 laws 65-76), by hand; every player sees them. The
        declarer's cards shown after "I have the rest", and his adversaries'
        thrown down after it, lie here too, not liable (law 72).
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
    cards_exposed: Mapping[Seat, Hand] = field(default_factory=dict, repr=False)

    def __str__(self) -> str:
        """What this player sees, as a bridge player reads it: the hands he may
        see in a diagram (the others ``(hidden)``), the trick, the calls, the
        declaration, the tricks, the turn and, when he is to act, his choices."""
        from .display import observation_text

        return observation_text(self)

    def _repr_html_(self) -> str:
        """The observation as HTML, for Jupyter."""
        from .display import observation_html

        return observation_html(self)


def visible_hands(game: Game, player: str) -> dict[Seat, Hand]:
    """The hands ``player`` may see now, by the rules of sight and what lies face up.

    :raises ValueError: for an unknown player.
    """
    game._check_player(player)
    hands = game.deal.hands
    return {seat: Hand._of(hands[seat]) for seat in _SEATS if game.sees(player, seat)}


def observe(game: Game, player: str) -> Observation:
    """What ``player`` may know now.

    :raises ValueError: for an unknown player.
    """
    deal = game.deal
    hands = visible_hands(game, player)
    to_act = game.to_act
    mine = to_act is not None and game.player_of(to_act) == player
    current = (
        Trick(deal.trick_leader, tuple(_CARDS[c] for c in deal.trick_cards))
        if game.phase == Phase.PLAY
        else None
    )
    denomination = deal.denomination
    return Observation(
        player=player,
        seats=game.player_seats[player],
        phase=game.phase,
        deal_number=game.deal_number,
        dealer=game.dealer,
        hands=hands,
        exposed=tuple(sorted(deal.exposed)),
        denomination=denomination,
        maker=deal.maker,
        declarer=deal.declarer,
        doubling_level=deal.doubling_level,
        tricks=tuple(deal.tricks),
        current=current,
        tricks_won=(deal.tricks_won[0], deal.tricks_won[1]),
        to_act=to_act,
        legal_actions=tuple(game.legal_actions()) if mine else (),
        history=tuple(deal.history),
        trump_suit=None
        if denomination is None or denomination.suit is None
        else int(denomination.suit),
        owners=dict(game.seat_player),
        manned=tuple(s for s in _SEATS if s in game.manned),
        declared_from=deal.declared_from,
        cards_exposed={s: Hand._of(c) for s, c in deal.cards_exposed.items() if c},
    )
