"""Cards exposed, leads out of turn and cards played in error (laws mode;
1912 laws 65-80, and the Bridge code's equivalents).

- A card exposed (``expose SA``, a remark any player may make for a hand he
  sits at) is left face up and stays in the hand, liable to be called
  (``game.deal.cards_exposed``). Before the opening lead (laws 65, 66) the
  offender's partner may not bid or double again where the rules say so
  (``laws.exposed_cards.partner_barred``); in Bridge, a card exposed by the
  dealer or his partner before the trump is made lets the eldest hand claim a
  new deal (``new_deal_before_declaration``). In the play only the declarer's
  adversaries' exposures are offered: "Cards exposed by the declarer are not
  liable to be called" (law 72), and dummy's hand is face up.
- Law 72: an adversary of the declarer who throws his cards on the table
  face upward (``throw down hand``, ``laws.exposed_cards.hand_thrown_down``)
  exposes them all, liable to be called; his partner keeps his own hand. The
  declarer who says "I have the rest" (``have the rest``, where
  ``laws.exposed_cards.rest_claim``) may be required by the adversary on his
  left to place his cards face upward (``rest_claimed``: ``show_hand``), not
  liable; the Bridge code (ELW05 law 74) lets them require nothing. The
  cards his adversaries then throw down are not liable (``deal.not_liable``).
  The play goes on.
- The declarer calls an exposed card (``call SA``) when its holder is to
  play and may play it without revoking (law 67; law 74: "A player cannot be
  compelled to play a card which would oblige him to revoke"), and again at
  any later trick until it is played (law 75: "The call of an exposed card
  may be repeated until such card has been played"); the call is a card
  required (``deal.constraint``), as law 62's is. At the opening lead he may
  prohibit the suit of a card exposed by the leader's partner (``forbid lead
  hearts``, laws 65, 66): in addition to calling it (1912), or instead
  (the Bridge code: "may either call the card or require the leader ...").
- A lead out of turn by an adversary of the declarer (law 76; ELW05 the
  same of the dealer's adversaries) is taken back and the declarer chooses
  what ``laws.lead_out_of_turn`` allows: to treat it as an exposed card, or
  to call a suit for the adversaries' next lead (law 79: a player called on
  to lead a suit he has none of has paid the penalty).
- Law 71: an adversary whose card on the trick wins as against the
  declarer and dummy leads on another such card before his partner plays
  (``lead on SA``, ``laws.exposed_cards.winners_led_on``), and may go on
  while the declarer has not chosen (``deal.led_on``); the cards led on are
  exposed, and the declarer demands that the partner win, if he can, the
  trick in progress (``require win``, law 80's demand) or the trick one of
  them begins (``require win SA``: the offender's next lead,
  ``deal.led_on_next``), or declines.
- Law 78: a lead out of turn the declarer lets stand (the error not
  noticed) is followed by the others; until the fourth card falls any player
  may notice it (``take back false lead``, ``laws.false_lead_taken_back``):
  "if only the second, or second and third play to the false lead, their
  cards may be taken back", the false lead too, and the offender "may be
  penalized as provided in Law 76".
- Law 80: the fourth hand, an adversary, plays before the second: his card
  is played in his turn (``deal.early_card``), and the declarer may require
  the second hand's highest or lowest card of the suit led, or that he win
  or lose the trick (``laws.fourth_hand_early``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.cards import Card, Hand, Seat, Suit, seat_side
from .._speedups import plays_of
from ..actions import (
    CALL_CARD,
    EXPOSE_CARD,
    FALSE_LEAD,
    FORBID_LEAD,
    HAVE_REST,
    LEAD_ON,
    THROW_DOWN,
    Action,
    Operation,
)
from ..phases import Phase
from . import penalties, revokes

if TYPE_CHECKING:
    from ..game import Game

__all__ = [
    "REMARKS",
    "card_played",
    "early_plays",
    "exposure_remarks",
    "false_lead_remarks",
    "lead_on_remarks",
    "lead_out_of_turn",
    "out_of_turn_plays",
    "remark",
    "why_not",
]

#: the remarks of this module: a card exposed, an exposed card called, a lead
#: prohibited, a false lead noticed; a hand thrown down, "I have the rest" (law
#: 72); a winning card led on before the partner played (law 71)
REMARKS = frozenset(
    (EXPOSE_CARD, CALL_CARD, FORBID_LEAD, FALSE_LEAD, THROW_DOWN, HAVE_REST, LEAD_ON)
)
_TAKE_BACK = Action(FALSE_LEAD)
_THROW_DOWN = Action(THROW_DOWN)
_HAVE_REST = Action(HAVE_REST)
_BEFORE_PLAY = (Phase.AUCTION, Phase.DECLARE, Phase.DOUBLE)
_SUIT_NAMES = tuple(s.name.lower() for s in Suit)
#: each card's exposure and call, each suit's prohibited lead, made once (interned:
#: the same objects as ``Action.expose(card)`` ...; a remark is checked among them)
_EXPOSES = tuple(Action.expose(Card(i)) for i in range(52))
_CALLS = tuple(Action.call_card(Card(i)) for i in range(52))
_FORBIDS = tuple(Action.forbid_lead(name) for name in _SUIT_NAMES)


def _adversary(game: Game, seat: Seat) -> bool:
    declarer = game.deal.declarer
    return declarer is not None and seat_side(seat) != seat_side(declarer)


def _opening_lead(game: Game) -> bool:
    """Whether no card of the deal is played yet (the play: the opening lead is due)."""
    deal = game.deal
    return game.phase is Phase.PLAY and not deal.tricks and not deal.trick_cards


def _exposing_seats(game: Game, player: str) -> list[Seat]:
    """The hands ``player`` sits at, and sees, whose cards he may expose now:
    any before the play (laws 65, 66 and the Bridge code); in the play the
    declarer's adversaries' (law 72: the declarer's are not liable)."""
    if game.phase not in _BEFORE_PLAY and game.phase is not Phase.PLAY:
        return []
    # (a hand he may not see now offers nothing: its cards would tell him them)
    return [
        s
        for s in game.player_seats.get(player, ())
        if s in game.manned
        and (game.phase in _BEFORE_PLAY or _adversary(game, s))
        and game.sees(player, s)
    ]


def exposure_remarks(game: Game, player: str, kind: str | None = None) -> list[Action]:
    """The exposures, calls and prohibitions the laws open to ``player`` now
    (``kind``: those of that kind, perhaps with a few others; the rest not made)."""
    rules = game.rules.laws.exposed_cards
    if rules is None or not game.laws or game.to_act is None:
        return []
    deal = game.deal
    out: list[Action] = (
        lead_on_remarks(game, player) if rules.winners_led_on and kind in (None, LEAD_ON) else []
    )
    if kind in (None, EXPOSE_CARD):
        for seat in _exposing_seats(game, player):
            held = deal.hands[seat] & ~deal.cards_exposed.get(seat, 0)
            out.extend(_EXPOSES[c.index] for c in Hand._of(held))
    if kind in (None, THROW_DOWN) and rules.hand_thrown_down and _thrower(game, player) is not None:
        out.append(_THROW_DOWN)
    if kind in (None, HAVE_REST) and _may_claim_rest(game, player):
        out.append(_HAVE_REST)
    declarer = deal.declarer
    if (
        kind in (None, CALL_CARD, FORBID_LEAD)
        and game.phase is Phase.PLAY
        and declarer is not None
        and player == game._seat_actor[declarer]
    ):
        out.extend(_CALLS[i] for i in _callable(game))
        out.extend(_FORBIDS[s] for s in _forbiddable(game))
    return out


def _callable(game: Game) -> list[int]:
    """The exposed cards the declarer may call from the hand to play: those it
    may play without revoking (law 67; the Bridge code: no call makes him
    revoke), none while a card is required of it."""
    deal, seat = game.deal, game.to_act
    assert seat is not None
    exposed = deal.cards_exposed.get(seat, 0) & ~deal.not_liable
    if not exposed or not _adversary(game, seat) or deal.early_card is not None:
        return []
    if deal.constraint is not None and deal.constraint[0] is seat:
        return []
    if deal.demand is not None and deal.demand[0] is seat:
        return []
    assert game._ps is not None
    open_ = exposed & game._ps.legal()
    plays = game.hooks.plays(game, open_)
    if plays is not None:
        open_ = sum(1 << a.index for a in plays)
    return [c.index for c in Hand._of(open_)]  # (lowest first, as range(52) gave them)


def _forbiddable(game: Game) -> list[int]:
    """Laws 65, 66: at the opening lead, the suits of the cards exposed by the
    leader's partner, which the declarer may prohibit the leader to lead."""
    rules = game.rules.laws.exposed_cards
    deal, leader = game.deal, game.to_act
    assert rules is not None
    if rules.prohibit_lead == "never" or deal.lead_forbidden is not None or not _opening_lead(game):
        return []
    assert leader is not None
    if deal.constraint is not None and deal.constraint[0] is leader:
        return []  # an exposed card of his own is called: the lead is made
    exposed = deal.cards_exposed.get(leader.partner, 0) & ~deal.not_liable
    return [s for s in range(4) if exposed >> 13 * s & 0x1FFF]


def remark(game: Game, seat: Seat, player: str, action: Action) -> Operation:
    """A card exposed, an exposed card called, a lead prohibited, a false
    lead noticed (verified as open)."""
    deal = game.deal
    if action.kind == FALSE_LEAD:
        return _take_back_false_lead(game, player, action)
    if action.kind == EXPOSE_CARD:
        return _expose(game, player, action)
    if action.kind == CALL_CARD:
        deal.constraint = (seat, action.index, True)
        deal.directed = False
        return game._append(CALL_CARD, seat=seat, player=player, action=action)
    if action.kind == THROW_DOWN:
        return _throw_down(game, player, action)
    if action.kind == HAVE_REST:
        return _have_rest(game, seat, player, action)
    if action.kind == LEAD_ON:
        return _lead_on(game, player, action)
    assert action.penalty is not None
    suit = _SUIT_NAMES.index(action.penalty)
    deal.lead_forbidden = suit
    rules = game.rules.laws.exposed_cards
    assert rules is not None
    if rules.prohibit_lead == "instead":  # the Bridge code: the card is no longer called
        deal.cards_exposed[seat.partner] &= ~(0x1FFF << 13 * suit)
    return game._append(FORBID_LEAD, seat=seat, player=player, action=action)


def _expose(game: Game, player: str, action: Action) -> Operation:
    rules = game.rules.laws.exposed_cards
    assert rules is not None
    deal = game.deal
    bit = 1 << action.index
    seat = next(s for s in _exposing_seats(game, player) if deal.hands[s] & bit)
    deal.cards_exposed[seat] = deal.cards_exposed.get(seat, 0) | bit
    before = game.phase in _BEFORE_PLAY or _opening_lead(game)
    when = "auction" if game.phase in _BEFORE_PLAY else "lead" if before else "play"
    barred = before and rules.partner_barred
    if barred:  # law 65: "may not make any further bid or double during that hand"
        deal.silenced.add(seat.partner)
    op = game._append(
        EXPOSE_CARD,
        seat=seat,
        player=player,
        action=action,
        detail={"card": action.card.code if action.card else "", "when": when, "barred": barred},
    )
    first = deal.first_declarer
    if (
        rules.new_deal_before_declaration
        and game.phase is Phase.DECLARE
        and seat.side == first.side
    ):
        # Bridge: "either the dealer or his partner expose a card from his hand,
        # the eldest hand may ... claim a new deal"
        offered = penalties.offer(game, ("new_deal", "decline"), seat, action)
        penalties.await_choice(game, seat, action, offered, game.to_act, game.dealer.left)
    return op


# ------------------------------------------- law 72: hands thrown down, "I have the rest"


def _thrower(game: Game, player: str) -> Seat | None:
    """Law 72: the hand of the declarer's adversaries that ``player`` may
    throw down in the play, holding two cards or more not face up (one is
    ``expose CARD``); ``None`` if none, or if he sits at two such hands."""
    deal = game.deal
    if game.phase is not Phase.PLAY:
        return None
    seats = [
        s
        for s in _exposing_seats(game, player)
        if (deal.hands[s] & ~deal.cards_exposed.get(s, 0)).bit_count() >= 2
    ]
    return seats[0] if len(seats) == 1 else None


def _may_claim_rest(game: Game, player: str) -> bool:
    """Law 72: the declarer's player may say "I have the rest" when his side
    is to play, two tricks or more left, once a deal, where the rules regulate it."""
    rules = game.rules.laws.exposed_cards
    deal, declarer = game.deal, game.deal.declarer
    return (
        rules is not None
        and rules.rest_claim
        and game.phase is Phase.PLAY
        and declarer is not None
        and not deal.rest_claimed
        and deal.early_card is None
        and game.to_act in (declarer, deal.dummy)
        and player == game._seat_actor[declarer]
        and len(deal.tricks) < 12
    )


def _throw_down(game: Game, player: str, action: Action) -> Operation:
    """Law 72: "If either or both of the declarer's adversaries throw his or
    their cards on the table face upward, such cards are exposed and are liable
    to be called" -- but not once the declarer has said "I have the rest"."""
    deal = game.deal
    seat = _thrower(game, player)
    assert seat is not None
    cards = deal.hands[seat] & ~deal.cards_exposed.get(seat, 0)
    deal.cards_exposed[seat] = deal.hands[seat]
    if deal.rest_claimed:  # "not liable ... should they thereupon expose them"
        deal.not_liable |= cards
    detail = {"cards": Hand._of(cards).pbn(), "liable": not deal.rest_claimed}
    return game._append(THROW_DOWN, seat=seat, player=player, action=action, detail=detail)


def _have_rest(game: Game, seat: Seat, player: str, action: Action) -> Operation:
    """Law 72: the declarer says "I have the rest"; the adversary on his left
    chooses whether he must place his cards face up (``rest_claimed``), where
    the rules let them require anything (ELW05 law 74 lets them require
    nothing: the play goes on)."""
    rules = game.rules.laws.exposed_cards
    declarer = game.deal.declarer
    assert rules is not None
    assert declarer is not None
    game.deal.rest_claimed = True
    op = game._append(HAVE_REST, seat=declarer, player=player, action=action)
    if not rules.rest_claimed:
        return op
    offered = penalties.offer(game, (*rules.rest_claimed, "decline"), declarer, action)
    penalties.await_choice(game, declarer, action, offered, seat, declarer.left)
    return op


def card_played(game: Game, seat: Seat, index: int) -> None:
    """A card played is no longer an exposed card; a lead made lifts the
    prohibition of its suit, and the early card of law 80 is played."""
    deal = game.deal
    exposed = deal.cards_exposed.get(seat)
    if exposed:
        deal.cards_exposed[seat] = exposed & ~(1 << index)
        if deal.false_lead is not None and exposed >> index & 1:  # law 78: kept, if taken back
            offender, leader, played = deal.false_lead
            deal.false_lead = (offender, leader, played | 1 << index)
    if deal.lead_forbidden is not None and _adversary(game, seat):
        deal.lead_forbidden = None
    if deal.early_card is not None and deal.early_card[0] is seat:
        deal.early_card = None
    if deal.false_lead is not None and len(deal.trick_cards) == 3:
        deal.false_lead = None  # law 78: "the three others follow": it stands
    if deal.led_on is not None and len(deal.trick_cards) == 3:
        deal.led_on = None  # law 71: the trick in progress is complete
    if deal.led_on_next is not None:
        _led_on_card_played(game, seat, index)


def early_plays(game: Game, cards: int) -> int | None:
    """The cards left to the hand to play by a prohibited lead (laws 65, 66),
    by its own card of law 80, or by the card led on whose trick the
    declarer named (law 71); ``None`` when none binds it."""
    deal, seat = game.deal, game.to_act
    early = deal.early_card
    if early is not None and early[0] is seat:
        return 1 << early[1]
    following = deal.led_on_next
    if following is not None and following[0] is seat and not deal.trick_cards:
        return 1 << following[1]  # law 71: the card led on is his lead
    forbidden = deal.lead_forbidden
    if forbidden is None or deal.trick_cards or seat is None or not _adversary(game, seat):
        return None
    left = cards & ~(0x1FFF << 13 * forbidden)
    return left or cards  # (a hand of nothing else leads it)


# ---------------------------------------------- leads and cards out of turn


def out_of_turn_plays(game: Game, player: str) -> list[tuple[Seat, str, Action]]:
    """The cards ``player`` could lead out of turn (law 76) or play as fourth
    hand before the second (law 80), each with its hand and kind."""
    laws = game.rules.laws
    deal, to_act = game.deal, game.to_act
    if (
        game.phase is not Phase.PLAY
        or to_act is None
        or deal.declarer is None
        or deal.early_card is not None
    ):
        return []
    out: list[tuple[Seat, str, Action]] = []
    for seat in game.player_seats.get(player, ()):
        if (
            seat not in game.manned
            or seat is to_act
            or not _adversary(game, seat)
            or not game.sees(player, seat)
        ):
            continue
        if not deal.trick_cards and laws.lead_out_of_turn:
            kind, cards = "lead", deal.hands[seat]
        elif (
            len(deal.trick_cards) == 1
            and laws.fourth_hand_early
            and seat is to_act.partner
            and _adversary(game, to_act)
        ):
            kind, cards = "fourth_hand", _following(game, seat)
        else:
            continue
        out.extend((seat, kind, a) for a in plays_of(cards))
    return out


def _following(game: Game, seat: Seat) -> int:
    """The cards of ``seat`` that follow the suit led, or all it holds."""
    suit = game.deal.trick_cards[0] // 13
    hand = game.deal.hands[seat]
    return hand & 0x1FFF << 13 * suit or hand


def lead_out_of_turn(game: Game, seat: Seat, kind: str, player: str, action: Action) -> Operation:
    """Law 76 (a lead) or law 80 (the fourth hand before the second): logged
    as out of turn; the declarer chooses among the rules' options."""
    laws = game.rules.laws
    declarer = game.deal.declarer
    assert declarer is not None
    options: tuple[str, ...]
    if kind == "lead":
        options = laws.lead_out_of_turn
    else:  # law 80: his card is played in his turn; the second hand may be penalised
        options = laws.fourth_hand_early
        game.deal.early_card = (seat, action.index)
    offered = penalties.offer(game, (*options, "decline"), seat, action)
    game.actions_out_of_turn.append((len(game.actions), player))
    game.actions.append(action)
    turn = game.to_act
    op = game._append(
        "out_of_turn",
        seat=seat,
        player=player,
        action=action,
        detail={"turn": None if turn is None else turn.letter, "law": 76 if kind == "lead" else 80},
    )
    penalties.await_choice(game, seat, action, offered, turn, declarer)
    return op


# ------------------------------------------------ law 78: the false lead noticed


def false_lead_remarks(game: Game, player: str) -> list[Action]:
    """``take back false lead``, for any player at the table, while a lead
    out of turn let stand has one, two or three cards on it (law 78)."""
    deal = game.deal
    if (
        deal.false_lead is None
        or game.phase is not Phase.PLAY
        or not deal.trick_cards
        or not any(s in game.manned for s in game.player_seats.get(player, ()))
    ):
        return []
    return [_TAKE_BACK]


def _take_back_false_lead(game: Game, player: str, action: Action) -> Operation:
    """Law 78: "if only the second, or second and third play to the false
    lead, their cards may be taken back": they and the false lead go back to
    their hands (an exposed card among them exposed again), the rightful
    leader is to lead, and the declarer may penalise the offender "as
    provided in Law 76" (``stands`` no longer: the error is noticed), unless
    dummy's player noticed it (law 61: the penalty is forfeited)."""
    deal = game.deal
    assert deal.false_lead is not None
    assert game._ps is not None
    offender, leader, exposed = deal.false_lead
    deal.false_lead = None
    cards = list(deal.trick_cards)
    revokes.take_back(game, offender)
    # what a penalty demanded of a hand in the trick taken back (to win or
    # lose it, laws 80, 92; his highest or lowest of its suit) lapses with it
    deal.demand = None
    if deal.directed:
        deal.constraint, deal.directed = None, False
    for j, card in enumerate(cards):  # an exposed card taken back is exposed again
        if exposed >> card & 1:
            seat = Seat((int(offender) + j) & 3)
            deal.cards_exposed[seat] = deal.cards_exposed.get(seat, 0) | 1 << card
    game._ps.leader = int(leader)
    deal.trick_leader = game.to_act = leader
    from .conduct import dummy_player  # (conduct imports this module)

    # law 61: dummy calling attention to it "precludes the declarer exacting such penalty"
    forfeited = game.rules.laws.dummy.pointing_out_forfeits and player == dummy_player(game)
    op = game._append(
        FALSE_LEAD,
        seat=offender,
        player=player,
        action=action,
        detail={
            "card": Card(cards[0]).code,
            "withdrawn": [Card(c).code for c in cards[1:]],
            "turn": leader.letter,
            "forfeited": forfeited,
        },
    )
    declarer = deal.declarer
    assert declarer is not None
    if forfeited:
        return op
    options = tuple(o for o in game.rules.laws.lead_out_of_turn if o != "stands")
    call = plays_of(1 << cards[0])[0]
    offered = penalties.offer(game, (*options, "decline"), offender, call)
    penalties.await_choice(game, offender, call, offered, leader, declarer)
    return op


def why_not(game: Game, player: str, action: Action) -> str:
    """Why ``player`` may not make this exposure, call, prohibition or notice now."""
    name = game.rules.name
    if action.kind == FALSE_LEAD:
        if not game.rules.laws.false_lead_taken_back:
            return f"{name} takes back no card played to a lead out of turn (law 78)"
        return (
            "no lead out of turn let stand has cards on it that may be taken back: "
            "once the three others follow, the trick is complete (law 78)"
        )
    rules = game.rules.laws.exposed_cards
    if rules is None:
        return f"{name} does not regulate exposed cards (laws 65-75)"
    if action.kind == EXPOSE_CARD:
        assert action.card is not None
        code, bit = action.card.code, 1 << action.index
        if any(game.deal.cards_exposed.get(s, 0) & bit for s in _exposing_seats(game, player)):
            return f"{code} is already exposed, face up (law 67)"
        return (
            f"{player} holds no {code} he may expose now "
            "(in the play only the declarer's adversaries' exposed cards are liable: law 72)"
        )
    if action.kind == CALL_CARD:
        return (
            "only the declarer calls an exposed card, of the adversary to play, "
            "when it may be played without revoking (law 67; a call never makes him revoke)"
        )
    if action.kind == THROW_DOWN:
        if not rules.hand_thrown_down:
            return f"{name} does not regulate hands thrown down (law 72)"
        return (
            f"{player} holds no hand he may throw down now: only an adversary of the "
            "declarer, in the play, holding two cards or more not face up (law 72)"
        )
    if action.kind == LEAD_ON:
        if not rules.winners_led_on:
            return f"{name} does not regulate winning cards led on (law 71)"
        return (
            f"{player} may not lead {action.card} on: only an adversary of the declarer "
            "whose card on the trick wins as against the declarer and dummy, before his "
            "partner plays, leads on another such card (law 71)"
        )
    if action.kind == HAVE_REST:
        if not rules.rest_claim:
            return f'{name} does not regulate the declarer\'s "I have the rest" (law 72)'
        return (
            'only the declarer says "I have the rest", once a deal, when his side '
            "is to play and two tricks or more are left (law 72)"
        )
    return (
        "only the declarer prohibits a suit, at the opening lead, when the "
        "leader's partner has exposed a card of it (laws 65, 66)"
    )


# ------------------------------------------- law 71: winning cards led on


def _wins_against(game: Game, card: int, table: tuple[int, ...]) -> bool:
    """Law 71: whether ``card`` is "a winning card, as against the declarer
    and dummy", read as a fact of the cards: it is the best of ``table`` (the
    trick's cards, ``card`` among them; a lead on: ``card`` alone), and
    neither the declarer nor dummy, if still to play to the trick, holds a
    card he may play that beats it (one of the suit led if he has any, else
    any: a trump)."""
    deal = game.deal
    trump = penalties.trump_suit(game)
    if penalties.best_card(table, trump) != card:
        return False
    suit, leader = table[0] // 13, int(deal.trick_leader)
    # (a card led on, or one led to the trick, has no card of theirs before it)
    played = {Seat((leader + j) & 3) for j in range(len(table))} if len(table) > 1 else set()
    for seat in (deal.declarer, deal.dummy):
        if seat is None or seat in played:
            continue
        hand = deal.hands[seat]
        cards = hand & 0x1FFF << 13 * suit or hand
        if any(cards >> c & 1 and penalties.beats(c, card, trump) for c in range(52)):
            return False
    return True


def _leading_on(game: Game, player: str) -> tuple[Seat, int] | None:
    """Law 71: the hand of ``player`` that may lead on a winning card now,
    with its card on the trick: an adversary of the declarer whose card on
    the trick wins as against the declarer and dummy, his partner not yet
    played to it; or the hand that has led on, while the declarer is still
    to choose (he may "continue ... to lead several such cards")."""
    deal = game.deal
    pending = deal.pending
    if game.phase is Phase.PENALTY:
        if pending is None or pending.call.kind != LEAD_ON or deal.led_on is None:
            return None
        seat = pending.offender
        return (seat, deal.led_on[1]) if seat in game.player_seats.get(player, ()) else None
    if (
        game.phase is not Phase.PLAY
        or not deal.trick_cards
        or deal.led_on is not None
        or deal.early_card is not None
        or deal.false_lead is not None
    ):
        return None
    leader = int(deal.trick_leader)
    for seat in _exposing_seats(game, player):
        position = (int(seat) - leader) & 3
        partner = (position + 2) & 3
        if position >= len(deal.trick_cards) or partner < len(deal.trick_cards):
            continue
        card = deal.trick_cards[position]
        if _wins_against(game, card, tuple(deal.trick_cards)):
            return seat, card
    return None


def lead_on_remarks(game: Game, player: str) -> list[Action]:
    """Law 71: the winning cards ``player`` may lead on before his partner
    plays (``lead on CARD``), each winning as against the declarer and dummy."""
    found = _leading_on(game, player)
    if found is None:
        return []
    deal, seat = game.deal, found[0]
    taken = deal.led_on[2] if deal.led_on is not None else ()
    held = deal.hands[seat] & ~sum(1 << c for c in taken)
    held &= ~(1 << found[1])
    return [Action.lead_on(c) for c in Hand._of(held) if _wins_against(game, c.index, (c.index,))]


def _lead_on(game: Game, player: str, action: Action) -> Operation:
    """Law 71: the card is led on, face up: an exposed card ("the other cards
    thus improperly played are exposed"); the declarer is to demand that the
    partner win, if he can, the first or any other of these tricks, or to
    decline, and until he does the offender may lead on another."""
    deal = game.deal
    found = _leading_on(game, player)
    assert found is not None
    seat, first = found
    cards: tuple[int, ...] = ()
    if deal.led_on is None:
        resume = game.to_act
    else:
        assert deal.pending is not None
        resume, cards = deal.pending.resume, deal.led_on[2]
        game.phase = Phase.PLAY  # (the penalty to choose is offered afresh)
    cards = (*cards, action.index)
    deal.led_on = (seat, first, cards)
    deal.cards_exposed[seat] = deal.cards_exposed.get(seat, 0) | 1 << action.index
    assert action.card is not None
    detail = {"card": action.card.code, "first": Card(first).code}
    op = game._append(LEAD_ON, seat=seat, player=player, action=action, detail=detail)
    declarer = deal.declarer
    assert declarer is not None
    options = (
        *penalties.offer(game, ("win",), seat, action),
        *(Action.win_trick(Card(c)) for c in cards),
        *penalties.offer(game, ("decline",), seat, action),
    )
    penalties.await_choice(game, seat, action, options, resume, declarer)
    return op


def _led_on_card_played(game: Game, seat: Seat, index: int) -> None:
    """Law 71: the card whose trick the declarer named is led (its trick
    begins), or another hand leads the next trick (the demand lapses, and
    the card is exposed as the others); once the second hand has played to
    it, the offender's partner must win the trick if he can."""
    deal = game.deal
    assert deal.led_on_next is not None
    offender, card, led = deal.led_on_next
    if not deal.trick_cards and not led:
        if seat is offender:  # (his lead is that card: early_plays)
            deal.led_on_next = (offender, card, True)
        else:
            deal.led_on_next = None
            deal.cards_exposed[offender] = deal.cards_exposed.get(offender, 0) | 1 << card
    elif led and len(deal.trick_cards) == 1:
        deal.led_on_next = None
        penalties.demand(game, offender.partner, (deal.trick_cards[0], index), "win", 71)
