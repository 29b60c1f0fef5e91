"""One deal: its state (:class:`Deal`), and the deal itself (:func:`begin`).

A game keeps the deal in progress as ``game.deal``, made afresh by
:func:`begin` for each deal, so that nothing of one deal can leak into the
next: the laws' state of a deal too (a penalty pending, a card required, a
lead called, the revokes and their claims), which a new deal, even one the
adversaries demand, starts without by construction. The session's state (the
players, the seating, the dealer, the score sheets, the log, the calls made
out of turn) is the game's own; so is where it stands (``phase``,
``to_act``) and the C core's play state.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..core import _native
from ..core.cards import Hand, Seat
from ..language.ruleset import Denomination
from . import sight
from ._lazy import LazyDetail
from .actions import Action
from .opkinds import OpKind
from .phases import Phase

if TYPE_CHECKING:
    from .game import Game
    from .laws.penalties import Pending
    from .observation import Trick

__all__ = ["Deal", "begin"]

_SEATS = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)


class Deal:
    """Everything that belongs to one deal, from the deal to its score.

    The fields are grouped by the phase that fills them; the game shows most
    of them under the names they had as its own (``game.hands``,
    ``game.declarer``, ``game._trick_cards`` ...). The fields of the play the
    C card step reads are in :data:`~.hotpath.HOT_DEAL_FIELDS`.

    :param hands: the hands dealt, as bits, by seat (North first).
    :param dealer: who dealt.
    :param first_declarer: the hand that declares first.
    """

    # the cards
    dealt: tuple[int, ...]  #: the hands as dealt, as bits, by seat
    hands: list[int]  #: the cards each hand still holds, as bits
    # the declaration (made, or named by the auction)
    first_declarer: Seat  #: the hand that declares first (the dealer's side's live hand)
    denomination: Denomination | None
    maker: Seat | None  #: the hand that made the declaration (or the final bid)
    declarer: Seat | None  #: the hand that plays the declaring side's cards
    dummy: Seat | None  #: the declarer's partner
    declared_from: str | None  #: ``own_hand``, ``partner``, ``dummy`` or ``auction``
    passed_to: Seat | None  #: the partner the declaration was left to
    examiner: str | None  #: the player who examined a Dummy's hand (forced declaration)
    examined: Seat | None  #: the Dummy's hand he examined
    forced_trace: tuple[str, ...]  #: how the forced declaration was reached
    # the auction
    calls: list[tuple[Seat, Action]]
    contract: Action | None  #: the last bid
    contract_seat: Seat | None  #: who made it
    contract_index: int  #: its place in ``calls``
    passes: int  #: passes since the last bid, double or redouble
    first_named: dict[tuple[int, int], Seat]  #: by (side, strain): who first bid it
    # the doubling
    doubling_level: int  #: doublings (and redoublings) so far
    doubling_queue: list[Seat]  #: the hands still to speak, in order
    last_doubler: dict[int, Seat]  #: by side: the hand that last doubled
    # the play
    seat_actor: tuple[str, ...]  #: who plays each seat's cards (dummy's: the declarer)
    lead_due: bool  #: whether the next card is the first lead
    blind: frozenset[Seat]  #: the hands whose player may not see them now
    exposed: set[Seat]  #: the hands lying face up
    tricks: list[Trick]  #: the completed tricks
    trick_leader: Seat  #: who led the trick in progress
    trick_cards: list[int]  #: its cards so far, as card numbers
    tricks_won: list[int]  #: by side (North-South, East-West)
    # the decisions, and what the rules of sight depend on (see sight.py)
    history: list[tuple[Seat, Action]]  #: the public record of the decisions
    events: set[str]  #: the events the rules of sight name that have happened
    player_events: set[tuple[str, str]]  #: (event, player), for one player's events
    looked: set[tuple[int, str, Seat]]  #: (rule, player, hand) of each look taken
    looks: list[tuple[str, Seat]]  #: (player, hand) of each look, in order
    seen: dict[str, frozenset[Seat]]  #: what the log has said each player sees
    sight_version: int  #: bumped whenever sight may have changed
    sight_at: int  #: the version ``sight_cache`` was worked out at
    logged_at: int  #: the version the log last said sight at
    sight_cache: dict[str, frozenset[Seat]]  #: the hands each player sees
    # the laws (laws mode; see engine/laws/)
    pending: Pending | None  #: what the adversaries are to decide after an irregularity
    #: law 50: the partner barred from bidding; in Bridge's declaration, the
    #: partner compelled to declare (ELW05), who may not pass it back again
    barred: Seat | None
    #: a hand, and a card it must (True) or may not (False) play next (laws 62, 86)
    constraint: tuple[Seat, int, bool] | None
    called_lead: int | None  #: laws 51, 93: the suit the adversaries must lead, if they can
    #: the laws by which it was called, as the messages cite them: "laws 51,
    #: 93" (information about the bidding) or "law 76" (a lead out of turn)
    called_by: str
    #: law 73: the card required (``constraint``) is the highest or lowest of a suit (laws 80, 86)
    directed: bool
    #: law 73: a penalty disobeyed in the trick still open, as (seat, trick
    #: number, the penalty: constraint, directed, called_lead, lead_forbidden)
    disobeyed: tuple[Seat, int, tuple[Any, ...]] | None
    #: laws 65-72: the cards exposed and still held, by hand (face up, liable to
    #: be called but for the declarer's and those in ``not_liable``)
    cards_exposed: dict[Seat, int]
    #: law 72: the declarer has said "I have the rest" this deal
    rest_claimed: bool
    #: law 72: the cards face up that are not liable to be called (the
    #: adversaries' exposed after the declarer's "I have the rest")
    not_liable: int
    silenced: set[Seat]  #: law 65: the partners who may not bid or double again this hand
    #: ELW05 law 55: a double out of turn not accepted: no further doubling this hand
    doubling_ended: bool
    #: law 52 (laws mode): the last call made in turn in the auction, as (its
    #: index in the game's actions, the calls its maker could have made
    #: instead of it): what may correct it as a slip
    slip_calls: tuple[int, tuple[Action, ...]] | None
    lead_forbidden: int | None  #: laws 65, 66: the suit the opening leader may not lead
    early_card: tuple[Seat, int] | None  #: law 80: the fourth hand's card, played in his turn
    #: ELW05 laws 56, 58: the eldest hand's lead made before the doubling is
    #: done (the hand, the card): it stands as his opening lead, he speaks no
    #: more in the doubling, and his partner doubles only with consent
    early_lead: tuple[Seat, int] | None
    #: law 80: the second hand called upon to win (or lose) the trick: the
    #: hand, the cards that do so (those he may play without revoking),
    #: ``win`` or ``lose``, and the law (80; 71 for the partner of a player
    #: who led on winning cards)
    demand: tuple[Seat, int, str, int] | None
    #: law 71: the winning cards an adversary led on before his partner
    #: played, until the trick in progress is complete: (offender, his card on
    #: the trick, the cards led on in order)
    led_on: tuple[Seat, int, tuple[int, ...]] | None
    #: law 71: the card led on whose trick the partner must win: the
    #: offender's next lead (offender, card, led: True once it is led, his
    #: partner to be called upon to win when the second hand has played)
    led_on_next: tuple[Seat, int, bool] | None
    #: law 78: a lead out of turn let stand, (offender, rightful leader, the
    #: exposed cards played to it), until its trick is complete: the error
    #: may be noticed and the cards taken back (exposed ones exposed again)
    false_lead: tuple[Seat, Seat, int] | None
    revokes: list[tuple[Seat, int, bool]]  #: (seat, trick number, liable) of each revoke
    asked: set[tuple[int, Seat]]  #: laws 85-86: the renounces asked about, (trick, seat)
    forfeited: set[tuple[Seat, int]]  #: law 61: the revokes whose penalty dummy forfeited
    revoke_claims: list[int]  #: the revoking sides whose penalty is still to be claimed
    revoke_penalties: dict[int, str]  #: by revoking side: the penalty claimed

    def __init__(self, hands: Sequence[int], dealer: Seat, first_declarer: Seat) -> None:
        self.dealt = tuple(hands)
        self._original: tuple[Hand, ...] | None = None  # see original
        self.hands = list(hands)
        self.first_declarer = first_declarer
        self.denomination = None
        self.maker = None
        self.declarer = None
        self.dummy = None
        self.declared_from = None
        self.passed_to = None
        self.examiner = None
        self.examined = None
        self.forced_trace = ()
        self.calls = []
        self.contract = None
        self.contract_seat = None
        self.contract_index = -1
        self.passes = 0
        self.first_named = {}
        self.doubling_level = 0
        self.doubling_queue = []
        self.last_doubler = {}
        self.seat_actor = ()
        self.lead_due = False
        self.blind = frozenset()
        self.exposed = set()
        self.tricks = []
        self.trick_leader = dealer
        self.trick_cards = []
        self.tricks_won = [0, 0]
        self.history = []
        self.events = {"deal"}
        self.player_events = set()
        self.looked = set()
        self.looks = []
        self.seen = {}
        self.sight_version = 0
        self.sight_at = -1
        self.logged_at = -1
        self.sight_cache = {}
        self.pending = None
        self.barred = None
        self.constraint = None
        self.called_lead = None
        self.called_by = "law 76"
        self.directed = False
        self.disobeyed = None
        self.cards_exposed = {}
        self.rest_claimed = False
        self.not_liable = 0
        self.silenced = set()
        self.doubling_ended = False
        self.slip_calls = None
        self.lead_forbidden = None
        self.early_card = None
        self.early_lead = None
        self.demand = None
        self.led_on = None
        self.led_on_next = None
        self.false_lead = None
        self.revokes = []
        self.asked = set()
        self.forfeited = set()
        self.revoke_claims = []
        self.revoke_penalties = {}

    @property
    def original(self) -> tuple[Hand, ...]:
        """The hands as dealt, by seat (North first)."""
        original = self._original
        if original is None:  # made when first asked for: most deals never are
            original = self._original = tuple(map(Hand._of, self.dealt))
        return original


def begin(game: Game) -> None:
    """Deal: the next preset deal, or the pack shuffled, cut by the dealer's
    right-hand adversary (at least four cards in each packet) and dealt one
    at a time from his left. Then the first to declare (or call) is to act."""
    game._packed = game.log.pack(game.pack_after)  # the deals before this one, small (oplog.py)
    game.deal_number += 1
    rules, dealer = game.rules, game.dealer
    if game.deal_number <= len(game.preset_deals):
        hands = [h.bits for h in game.preset_deals[game.deal_number - 1]]
    else:
        hands, _ = _native.deal_with_cut(game.rng, 4, rules.deal.cards_each, int(dealer))
    # The first to declare holds the dealer's hand; when that is a Dummy,
    # its holder declares from his own hand (seed 000, Dummy's deal).
    first = dealer if dealer in game.manned else dealer.partner
    deal = game.deal = Deal(hands, dealer, first)
    game._ps = None
    game._lean = False
    if rules.declaration.kind == "auction":
        game.phase, game.to_act = Phase.AUCTION, dealer
    else:
        game.phase, game.to_act = Phase.DECLARE, first
    seats = (
        tuple(game.seat_player.items())
        if rules.table.hands == "dummy" and rules.table.dummy_holder == "dealer"
        else None
    )
    game._append(
        OpKind.DEAL,
        seat=dealer,
        player=game.seat_player[dealer],
        detail=LazyDetail(_deal_detail, (game.deal_number, deal.dealt, seats)),
    )
    sight.log(game)
    game.hooks.deal_begun(game)  # (laws mode: the deal's start kept, for law 52's slip)


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
