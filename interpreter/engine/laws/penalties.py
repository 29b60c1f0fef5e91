"""The penalties the adversaries may choose after an irregularity: one class each, in a registry.

An irregularity stops the game in the ``penalty`` phase: in the auction a call
out of turn (1912 laws 49, 57), an insufficient or an impossible bid (law 50);
in Bridge's declaration and doubling a call out of turn, or the declaration
passed back (ELW05 "Making the trump");
in the play a card dummy suggests (law 62), information about the bidding
(laws 51, 93), a revoke corrected in time (law 86). The deal keeps what is to
be decided in ``game.deal.pending`` (a :class:`Pending`: the offender, his
action, the choices, the hand to act after), and the adversary the laws name
chooses one of the penalties the rules allow. Each penalty is a class here,
registered with :func:`register`, that says:

- :attr:`~Penalty.kind` and :attr:`~Penalty.text`: its decision, as records
  spell it (``new_deal``, ``demand new deal``); :func:`register` makes it an
  :class:`~dummybridge.engine.actions.Action` that parses back from its text;
- :attr:`~Penalty.option`: its name among a rule file's options, the
  schema's enum (``laws: out_of_turn: bid: [new_deal, accept]``);
- :meth:`~Penalty.offered`: whether the rules' option is open after this
  irregularity (by default, always);
- :meth:`~Penalty.decide`: its effect, once chosen.

:func:`offer` lists the decisions that the rules' options open, and
:func:`decide` takes the one chosen: a lookup and a call.

How to add a penalty: write its class here, and add its option to the schema's
enum in ``interpreter/language/schema/ruleset.schema.json`` (here
``out_of_turn_option``) so that a rule file may offer it. A call out of turn
voided, with the offender's partner barred from bidding::

    @register
    class CancelAndBar(Penalty):
        \"\"\"The call is void and the offender's partner may not bid (as law 50 bars him).\"\"\"

        kind = "cancel_and_bar"
        text = "cancel call and bar partner"
        option = "cancel_and_bar"

        def decide(self, game: Game, pending: Pending, choice: Action) -> None:
            game.phase = Phase.AUCTION
            game.to_act = pending.resume
            game.deal.barred = pending.offender.partner

The revoke's own penalty, claimed at the end of the hand, is no such choice:
see :mod:`.revokes`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, ClassVar, NamedTuple, TypeVar

from ...core.cards import Card, Seat, Suit, seat_side
from .. import auction, declaration, doubling
from ..actions import (
    ACCEPT,
    ATTENTION,
    BID,
    BID_SEVEN,
    CALL_LEAD,
    CANCEL,
    COMPEL,
    CONSENT,
    DECLINE,
    END_DOUBLING,
    FORBID,
    INFORM,
    LEAD_ON,
    LEAD_STANDS,
    MAKE_SUFFICIENT,
    NEW_DEAL,
    PLAY,
    PREVIOUS_FINAL,
    REFER,
    REQUIRE,
    SHOW_HAND,
    TREAT_EXPOSED,
    WIN_TRICK,
    WITHHOLD_CONSENT,
    Action,
    register_decision,
)
from ..deal import begin as begin_deal
from ..phases import Phase

if TYPE_CHECKING:
    from ..game import Game

__all__ = [
    "PENALTIES",
    "Penalty",
    "Pending",
    "await_choice",
    "decide",
    "in_registry_order",
    "offer",
    "penalty_of",
    "pending_options",
    "register",
]


class Pending(NamedTuple):
    """What the adversaries are to decide (``game.deal.pending``)."""

    #: the hand that committed the irregularity
    offender: Seat
    #: his irregular action: a call, a remark, the correction of a revoke
    call: Action
    #: the decisions open
    options: tuple[Action, ...]
    #: the hand to act once the penalty is settled (in the auction, when the call is void)
    resume: Seat | None
    #: the phase the irregularity happened in, which a call accepted or voided returns to
    phase: Phase = Phase.AUCTION


class Penalty:
    """A penalty the adversaries may choose (laws mode): its decision, when
    the rules offer it, and its effect."""

    #: the kind of its decision (:attr:`Action.kind <dummybridge.engine.actions.Action.kind>`)
    kind: ClassVar[str]
    #: the decision's text, when it is a fixed one (``demand new deal``);
    #: ``None`` for a kind that actions.py spells with a parameter (``require
    #: highest``, ``call lead hearts``)
    text: ClassVar[str | None] = None
    #: its name: a rule file's option (the schema's enum) where the rules list
    #: it; ``decline`` is offered with every penalty in the play, ``call_lead``
    #: where ``laws.called_lead`` is true
    option: ClassVar[str]

    def __init__(self) -> None:
        #: the actions that choose it
        self.decisions: tuple[Action, ...] = self._decisions()

    def _decisions(self) -> tuple[Action, ...]:
        return (Action(self.kind),)

    def offered(self, game: Game, offender: Seat, call: Action) -> bool:
        """Whether the rules' option is open after ``offender``'s ``call``."""
        return True

    def decide(self, game: Game, pending: Pending, choice: Action) -> None:
        """Its effect: the game goes on as the laws say."""
        raise NotImplementedError


#: the penalties, in the order registered
PENALTIES: list[Penalty] = []
_BY_DECISION: dict[Action, Penalty] = {}
_BY_OPTION: dict[str, Penalty] = {}

_P = TypeVar("_P", bound=type[Penalty])


def register(cls: _P) -> _P:
    """Register a penalty class (a class decorator): its decision becomes an
    action (when its text is a fixed one), and its option one a rule file may name.

    :raises ValueError: for a decision or an option another penalty has.
    """
    if cls.text is not None:
        register_decision(cls.kind, cls.text)
    penalty = cls()
    if cls.option in _BY_OPTION or any(d in _BY_DECISION for d in penalty.decisions):
        raise ValueError(f"{cls.__name__}: another penalty has its option or decision")
    _BY_OPTION[cls.option] = penalty
    for decision in penalty.decisions:
        _BY_DECISION[decision] = penalty
    PENALTIES.append(penalty)
    return cls


def penalty_of(decision: Action) -> Penalty:
    """The penalty a decision chooses.

    :raises KeyError: for an action that chooses none.
    """
    return _BY_DECISION[decision]


def in_registry_order(options: Iterable[str]) -> tuple[str, ...]:
    """The options, in the registry's order rather than the rule file's."""
    given = set(options)
    return tuple(p.option for p in PENALTIES if p.option in given)


def offer(game: Game, options: Iterable[str], offender: Seat, call: Action) -> tuple[Action, ...]:
    """The decisions the ``options`` open after ``offender``'s ``call``, in their order."""
    out: list[Action] = []
    for option in options:
        penalty = _BY_OPTION[option]
        if penalty.offered(game, offender, call):
            out.extend(penalty.decisions)
    return tuple(out)


def pending_options(game: Game) -> tuple[Action, ...]:
    """The decisions open in the ``penalty`` phase."""
    pending = game.deal.pending
    assert pending is not None
    return pending.options


def await_choice(
    game: Game,
    offender: Seat,
    call: Action,
    options: tuple[Action, ...],
    resume: Seat | None,
    decider: Seat,
) -> None:
    """Stop in the ``penalty`` phase: ``decider`` chooses among ``options``."""
    game.deal.pending = Pending(offender, call, options, resume, game.phase)
    game.phase = Phase.PENALTY
    game.to_act = decider


def decide(game: Game, choice: Action) -> None:
    """The adversaries' choice (verified as one of the options) takes effect."""
    deal = game.deal
    pending = deal.pending
    assert pending is not None
    deal.pending = None
    _BY_DECISION[choice].decide(game, pending, choice)


# ------------------------------------------------------ in the auction


@register
class NewDeal(Penalty):
    """Laws 49, 50, 57: a new deal; the same dealer deals again."""

    kind = NEW_DEAL
    text = "demand new deal"
    option = "new_deal"

    def decide(self, game: Game, pending: Pending, choice: Action) -> None:
        begin_deal(game)


@register
class Accept(Penalty):
    """Laws 49, 50: the call stands as if made in turn; the turn passes to its
    left. In Bridge (ELW05): the partner's declaration stands and the doubling
    opens; the double made before "May I lead?" stands, and redoubling may go on."""

    kind = ACCEPT
    text = "accept call"
    option = "accept"

    def decide(self, game: Game, pending: Pending, choice: Action) -> None:
        game.phase = pending.phase
        game.history.append((pending.offender, pending.call))
        if pending.phase is Phase.AUCTION:
            auction.call(game, pending.offender, pending.call)
        elif pending.phase is Phase.DECLARE:
            declaration.stand(game, pending.offender, pending.call)
        else:
            doubling.stand(game, pending.offender, pending.call)


@register
class Cancel(Penalty):
    """Law 57: the call is void; the hand whose turn it was calls (in Bridge,
    declares or speaks to the doubling: ELW05 "proceed as if no declaration
    had been made")."""

    kind = CANCEL
    text = "cancel call"
    option = "cancel"

    def decide(self, game: Game, pending: Pending, choice: Action) -> None:
        game.phase = pending.phase
        game.to_act = pending.resume


@register
class Compel(Cancel):
    """ELW05 "Making the trump": the dealer's partner passed the declaration
    back; the eldest hand compels "the offending player to declare the trump"
    (the pass is void, and he declares)."""

    kind = COMPEL
    text = "compel declaration"
    option = "compel"

    def decide(self, game: Game, pending: Pending, choice: Action) -> None:
        super().decide(game, pending, choice)
        game.deal.barred = pending.offender  # he must declare: no second pass back


@register
class EndDoubling(Cancel):
    """ELW05 law 55 (on law 59's double before "May I lead?"): the double is
    void, and "If any double or re-double out of turn be not accepted there
    shall be no further doubling in that hand": every hand may only pass."""

    kind = END_DOUBLING
    text = "end doubling"
    option = "end_doubling"

    def decide(self, game: Game, pending: Pending, choice: Action) -> None:
        super().decide(game, pending, choice)
        game.deal.doubling_ended = True


@register
class Consent(Accept):
    """ELW05 laws 56, 58: the eldest hand having led before the doubling was
    done, his partner "may double, but only if the maker of the trump
    consent" (law 58; law 56: "the adversary who last doubled"): consenting,
    the double stands, and the re-doubling may go on."""

    kind = CONSENT
    text = "consent to double"
    option = "consent"


@register
class WithholdConsent(Cancel):
    """ELW05 laws 56, 58: the consent withheld, his double is void; he may
    only pass, and the play begins with the eldest hand's lead."""

    kind = WITHHOLD_CONSENT
    text = "withhold consent"
    option = "withhold_consent"

    def decide(self, game: Game, pending: Pending, choice: Action) -> None:
        super().decide(game, pending, choice)
        game.deal.silenced.add(pending.offender)


def _bid_instead(game: Game, seat: Seat, bid: Action, detail: dict[str, str], bars: bool) -> None:
    """A bid made in the offender's name in place of his irregular one (law 50),
    his partner barred from bidding where the rules say so."""
    game.history.append((seat, bid))
    game._append(BID, seat=seat, player=game.seat_player[seat], action=bid, detail=detail)
    auction.call(game, seat, bid)
    if bars:
        game.deal.barred = seat.partner


@register
class MakeSufficient(Penalty):
    """Law 50: the insufficient bid becomes the lowest sufficient bid in the
    same declaration (else the highest bid left); the partner may be barred."""

    kind = MAKE_SUFFICIENT
    text = "make bid sufficient"
    option = "make_sufficient"

    def decide(self, game: Game, pending: Pending, choice: Action) -> None:
        seat, call = pending.offender, pending.call
        game.phase = Phase.AUCTION
        assert game.contract is not None
        assert call.denomination is not None
        rank = game._bid_rank[game.contract]
        good = next(
            (b for b in game._bids[rank + 1 :] if b.denomination == call.denomination), None
        )
        if good is None:  # nothing higher in that declaration: the highest bid left
            good = game._bids[-1]
        bars = game.rules.laws.insufficient_bars_partner
        _bid_instead(game, seat, good, {"made_sufficient": str(call)}, bars)


@register
class BidSeven(Penalty):
    """Law 50: the impossible bid counts as a bid of seven, all thirteen tricks,
    in its declaration; offered where that is higher than the last bid."""

    kind = BID_SEVEN
    text = "make bid seven"
    option = "bid_seven"

    def offered(self, game: Game, offender: Seat, call: Action) -> bool:
        seven = self._seven(game, call)
        return game.contract is None or game._bid_rank[seven] > game._bid_rank[game.contract]

    def decide(self, game: Game, pending: Pending, choice: Action) -> None:
        seven = self._seven(game, pending.call)
        game.phase = Phase.AUCTION
        bars = game.rules.laws.impossible_bars_partner
        _bid_instead(game, pending.offender, seven, {"impossible": str(pending.call)}, bars)

    @staticmethod
    def _seven(game: Game, call: Action) -> Action:
        auction = game.rules.declaration.auction
        assert auction is not None
        assert call.denomination is not None
        return Action.bid(auction.max_level, call.denomination)


@register
class PreviousFinal(Penalty):
    """Law 50: the adversaries' own last bid is the final declaration; offered
    where they have made one."""

    kind = PREVIOUS_FINAL
    text = "make previous bid final"
    option = "previous_final"

    def offered(self, game: Game, offender: Seat, call: Action) -> bool:
        bidder = game._contract_seat
        return bidder is not None and seat_side(bidder) != seat_side(offender)

    def decide(self, game: Game, pending: Pending, choice: Action) -> None:
        auction.end(game)


# --------------------------------------------------------- in the play


class _InThePlay(Penalty):
    """A penalty in the play: the play goes on with the hand it stopped at
    (``decline`` also after a card exposed in Bridge's declaration: it goes on there)."""

    def decide(self, game: Game, pending: Pending, choice: Action) -> None:
        game.phase = pending.phase
        assert pending.resume is not None
        game.to_act = pending.resume
        self.effect(game, pending, choice)

    def effect(self, game: Game, pending: Pending, choice: Action) -> None:
        """What it requires of the play to come."""


@register
class RequireSuggested(_InThePlay):
    """Law 62: the declarer must play the card dummy suggested; offered when he may."""

    kind = REQUIRE
    option = "require"

    def _decisions(self) -> tuple[Action, ...]:
        return (Action.require("suggested"),)

    def offered(self, game: Game, offender: Seat, call: Action) -> bool:
        return bool(game._ps.legal() >> call.index & 1)  # type: ignore[union-attr]

    def effect(self, game: Game, pending: Pending, choice: Action) -> None:
        assert pending.resume is not None
        game.deal.constraint = (pending.resume, pending.call.index, True)
        game.deal.directed = False


@register
class ForbidSuggested(_InThePlay):
    """Law 62: the declarer may not play the card dummy suggested to this trick;
    offered when he has another card to play."""

    kind = FORBID
    text = "forbid suggested card"
    option = "forbid"

    def offered(self, game: Game, offender: Seat, call: Action) -> bool:
        return bool(game._ps.legal() & ~(1 << call.index))  # type: ignore[union-attr]

    def effect(self, game: Game, pending: Pending, choice: Action) -> None:
        assert pending.resume is not None
        game.deal.constraint = (pending.resume, pending.call.index, False)
        game.deal.directed = False


class _RequireOfTheSuit(_InThePlay):
    """Law 86: the offender who corrected a revoke must play his highest or
    lowest card of the suit led. Law 80: after the fourth hand played before
    the second (his irregular action is a card), the second hand must."""

    kind = REQUIRE

    def _decisions(self) -> tuple[Action, ...]:
        return (Action.require(self.option),)

    @staticmethod
    def _bound(offender: Seat, call: Action) -> Seat:
        # law 80: the fourth hand's card; law 92: attention called to the trick
        return offender.partner if call.kind in (PLAY, ATTENTION) else offender

    def offered(self, game: Game, offender: Seat, call: Action) -> bool:
        suit = game._trick_cards[0] // 13
        return bool(game.hands[self._bound(offender, call)] >> 13 * suit & 0x1FFF)

    def effect(self, game: Game, pending: Pending, choice: Action) -> None:
        suit = game._trick_cards[0] // 13
        seat = self._bound(pending.offender, pending.call)
        pattern = game.hands[seat] >> 13 * suit & 0x1FFF
        game.deal.constraint = (seat, 13 * suit + self._rank(pattern), True)
        game.deal.directed = True  # law 73: "fail to play as directed"

    @staticmethod
    def _rank(pattern: int) -> int:
        """The rank required among the ranks held (bit ``r`` for rank ``r``)."""
        raise NotImplementedError


@register
class RequireHighest(_RequireOfTheSuit):
    """Law 86: his highest card of the suit led."""

    option = "highest"

    @staticmethod
    def _rank(pattern: int) -> int:
        return pattern.bit_length() - 1


@register
class RequireLowest(_RequireOfTheSuit):
    """Law 86: his lowest card of the suit led."""

    option = "lowest"

    @staticmethod
    def _rank(pattern: int) -> int:
        return (pattern & -pattern).bit_length() - 1


def beats(card: int, best: int, trump: int) -> bool:
    """Whether ``card`` beats ``best`` (the best card of a trick so far):
    higher in its suit, or a trump on a card of another suit."""
    if card // 13 == best // 13:
        return card > best
    return card // 13 == trump


def trump_suit(game: Game) -> int:
    """The trump suit's number (4, which no card has, at no trumps)."""
    assert game.denomination is not None
    return int(game.denomination.strain)


def best_card(cards: Iterable[int], trump: int) -> int:
    """The card that wins, of ``cards`` played in this order (the first led)."""
    best = -1
    for card in cards:
        if best < 0 or beats(card, best, trump):
            best = card
    return best


def demand(game: Game, seat: Seat, table: tuple[int, ...], option: str, law: int) -> None:
    """The demand that ``seat`` win (or lose) the trick (laws 71, 80): he must
    play a card that beats every card of ``table`` (the cards on the table),
    or one that beats none, of the cards he may play without revoking (law 74);
    if he holds none that does, any will do: he has paid the penalty."""
    deal = game.deal
    trump = trump_suit(game)
    best = best_card(table, trump)
    hand = deal.hands[seat]
    legal = hand & 0x1FFF << 13 * (deal.trick_cards[0] // 13) or hand
    wins = sum(1 << c for c in range(52) if legal >> c & 1 and beats(c, best, trump))
    cards = wins if option == "win" else legal & ~wins
    if cards:  # (none: he cannot, and has paid the penalty)
        deal.demand = (seat, cards, option, law)


class _WinOrLose(_InThePlay):
    """Law 80: after the fourth hand played before the second, the second hand
    "may be called upon ... to win or lose the trick": he must play a card
    that beats every card on the table (the lead and the fourth hand's card),
    or one that beats neither. Only a card he may play without revoking is
    asked of him (law 74); if he holds none that does what is asked, any card
    he may play will do: he has paid the penalty, as law 79 says of a suit
    called that a player has none of. (The third hand is still to play: the
    trick is won or lost as far as the cards on the table go.) Law 71: after
    an adversary led on winning cards before his partner played, ``require
    win`` is the demand that the partner win the first of these tricks, the
    one in progress."""

    kind = REQUIRE

    def _decisions(self) -> tuple[Action, ...]:
        return (Action.require(self.option),)

    def effect(self, game: Game, pending: Pending, choice: Action) -> None:
        deal = game.deal
        if pending.call.kind in (LEAD_ON, ATTENTION):  # laws 71, 92: the trick in progress
            law = 71 if pending.call.kind == LEAD_ON else 92
            demand(game, pending.offender.partner, tuple(deal.trick_cards), self.option, law)
            return
        assert deal.early_card is not None
        table = (*deal.trick_cards, deal.early_card[1])
        demand(game, pending.offender.partner, table, self.option, 80)


@register
class RequireWin(_WinOrLose):
    """Law 80: the second hand must win the trick, if he can."""

    option = "win"


@register
class RequireLose(_WinOrLose):
    """Law 80: the second hand must lose the trick, if he can."""

    option = "lose"


@register
class WinTrick(_InThePlay):
    """Law 71: the declarer demands that the partner of the player in fault
    win, if he can, not the first of these tricks but the one a card led on
    begins: that card is no longer exposed but is the offender's next lead
    (``deal.led_on_next``), and when he leads it his partner must win the
    trick, if he can, as law 80's demand says (:func:`demand`); the other
    cards led on stay exposed. Offered with each card led on."""

    kind = WIN_TRICK
    option = "win_trick"

    def _decisions(self) -> tuple[Action, ...]:
        return tuple(Action.win_trick(Card(i)) for i in range(52))

    def effect(self, game: Game, pending: Pending, choice: Action) -> None:
        deal, seat = game.deal, pending.offender
        deal.cards_exposed[seat] &= ~(1 << choice.index)
        deal.led_on_next = (seat, choice.index, False)


@register
class CallLead(_InThePlay):
    """Laws 51, 93: the declarer calls the suit the adversaries' next lead must
    be in, if they can (after information about the bidding, or a reference
    to an incident of the play: law 93, ELW05 law 101; law 76 after a lead out
    of turn; ELW05 law 60 and ELW07 after one before the doubling is done)."""

    kind = CALL_LEAD
    option = "call_lead"

    def _decisions(self) -> tuple[Action, ...]:
        return tuple(Action.call_lead(s.name.lower()) for s in Suit)

    def effect(self, game: Game, pending: Pending, choice: Action) -> None:
        assert choice.penalty is not None
        game.deal.called_lead = int(Suit.from_str(choice.penalty))
        game.deal.called_by = _called_by(pending)
        if pending.phase is Phase.DOUBLE:
            # ELW07: the eldest hand, called on to lead, "may only double if the
            # maker of the trump consent": calling the suit, he does not
            game.deal.silenced.add(pending.offender.partner)


def _called_by(pending: Pending) -> str:
    """The law the refusal of another suit than the one called cites:
    information about the bidding (laws 51, 93), a reference to an incident of
    the play (law 93; ELW05 law 101), a lead before the doubling is done (the
    Bridge code's own law, ELW05 law 60: no 1912 law has it), else a lead out
    of turn in the play (law 76)."""
    if pending.call.kind == INFORM:
        return "laws 51, 93"
    if pending.call.kind == REFER:
        return "law 93"
    return "ELW05 law 60" if pending.phase is Phase.DOUBLE else "law 76"


@register
class TreatAsExposed(_InThePlay):
    """Law 76: the card led out of turn is taken back as an exposed card,
    liable to be called (ELW05: "the dealer may call the card erroneously led")."""

    kind = TREAT_EXPOSED
    text = "treat lead as exposed"
    option = "exposed"

    def effect(self, game: Game, pending: Pending, choice: Action) -> None:
        exposed = game.deal.cards_exposed
        exposed[pending.offender] = exposed.get(pending.offender, 0) | 1 << pending.call.index


@register
class LeadStands(_InThePlay):
    """Law 78: "If any player lead out of turn and the three others follow,
    the trick is complete and the error cannot be rectified": the error is
    not noticed. The card is led in the offender's turn (``deal.early_card``,
    as law 80's card), and the trick goes on from his left; until its fourth
    card, the error may yet be noticed (``deal.false_lead``; see
    :func:`.exposed.false_lead_remarks`)."""

    kind = LEAD_STANDS
    text = "let lead stand"
    option = "stands"

    def effect(self, game: Game, pending: Pending, choice: Action) -> None:
        offender = pending.offender
        assert game._ps is not None
        game._ps.leader = int(offender)
        game.deal.trick_leader = game.to_act = offender
        game.deal.early_card = (offender, pending.call.index)
        if game.rules.laws.false_lead_taken_back:  # the error may yet be noticed
            assert pending.resume is not None
            game.deal.false_lead = (offender, pending.resume, 0)


@register
class ShowHand(_InThePlay):
    """Law 72: "If the declarer say, 'I have the rest,' ... he may be required
    to place his cards face upward on the table": they are left face up, and
    are not liable to be called ("Cards exposed by the declarer are not liable")."""

    kind = SHOW_HAND
    text = "require hand shown"
    option = "show_hand"

    def effect(self, game: Game, pending: Pending, choice: Action) -> None:
        deal, declarer = game.deal, pending.offender
        deal.cards_exposed[declarer] = deal.hands[declarer]
        deal.not_liable |= deal.hands[declarer]


@register
class Decline(_InThePlay):
    """The adversaries exact no penalty: the play goes on (offered with every
    penalty in the play)."""

    kind = DECLINE
    text = "decline penalty"
    option = "decline"
