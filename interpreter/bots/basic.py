"""Players the computer can take: uniform-random, period-style rule-based, and double-dummy perfect.

A bot sees only what its player may see: it is given the player's
:class:`~dummybridge.engine.game.Observation` and returns one of its legal actions.
Each bot has its own PRNG, seeded from the game's seed and the player's name
(:func:`bot_seed`), so a whole game with bots flows from the one seed.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import Protocol

from ..core import _native
from ..core._native import Rng
from ..core.cards import Card, Hand, Rank, Seat, Suit, seat_side, trick_winner
from ..engine.actions import BID, DECLARE, DOUBLE, LEAVE, LOOK, PASS, PLAY, REDOUBLE, Action
from ..engine.game import Game, Observation
from ..language.ruleset import RuleSet

__all__ = ["BOTS", "Bot", "PerfectBot", "RandomBot", "RuleBot", "bot_seed", "make_bot"]


def bot_seed(seed: int, player: str) -> int:
    """A bot's seed, derived from the game's seed and its player's name.

    >>> bot_seed(1, "A") == bot_seed(1, "A") != bot_seed(1, "B")
    True
    """
    digest = hashlib.sha256(f"{seed}:{player}".encode()).digest()
    return int.from_bytes(digest[:8], "little")


class Bot(Protocol):
    """Anything that picks an action from an observation."""

    def choose(self, observation: Observation) -> Action:
        """Return one of ``observation.legal_actions``."""
        ...


class RandomBot:
    """Picks uniformly among the legal actions."""

    name = "random"

    def __init__(self, seed: int, rules: RuleSet | None = None) -> None:
        self.rng = Rng(seed)

    def choose(self, observation: Observation) -> Action:
        """A uniformly random legal action."""
        legal = _own_order(observation.phase, observation.legal_actions)
        return legal[self.rng.below(len(legal))] if len(legal) > 1 else legal[0]

    def choose_in(self, game: Game) -> Action:
        """The same choice taken straight from the game (no observation built): for speed."""
        legal = _own_order(game.phase, game.legal_actions())
        return legal[self.rng.below(len(legal))] if len(legal) > 1 else legal[0]


def _own_order(phase: str, legal: tuple[Action, ...]) -> tuple[Action, ...]:
    """The order the random bot draws from: the legal actions, except that in the
    doubling it puts ``double`` (or ``redouble``) before ``pass``, as the game listed
    them before it listed the quiet action first, so that a seed gives the bots
    the same choices."""
    if phase == "double" and len(legal) > 1 and legal[1].kind in (DOUBLE, REDOUBLE):
        return (legal[1], legal[0], *legal[2:])
    return legal


def _points(hand: Hand) -> int:
    """Milton Work's count: ace 4, king 3, queen 2, knave 1."""
    return sum(max(0, int(c.rank) - 8) for c in hand if c.rank >= Rank.JACK)


def _stopped(hand: Hand, suit: Suit) -> bool:
    cards = hand.suit(suit)
    ranks = {c.rank for c in cards}
    n = len(cards)
    return (
        (Rank.ACE in ranks) or (Rank.KING in ranks and n >= 2) or (Rank.QUEEN in ranks and n >= 3)
    )


class RuleBot:
    """A sensible period player.

    Declaring (the dealer first, then his partner if it is left to him):
    no trumps with three aces, or a strong hand with every suit guarded; a
    red suit of five or more with two honours; otherwise the dealer leaves it
    to his partner, who names his best suit, or the cheapest declaration as a
    defence with a weak hand. Doubling: the adversaries double with length
    and honours in the trump suit; the declaring side redoubles only with
    great strength; nobody doubles past a second time. Play follows the
    maxims: lead from the longest suit (top of a sequence, else the fourth
    best), draw trumps when declaring with the majority of them, second hand
    low, third hand high, win as cheaply as possible, do not take a partner's
    trick, trump a trick the adversaries are winning, discard from the
    weakest suit.
    """

    name = "rule"

    def __init__(self, seed: int, rules: RuleSet) -> None:
        self.rng = Rng(seed)
        self.rules = rules
        self._suit_of = {d.name: d.suit for d in rules.denominations}
        self._value_of = {d.name: d.trick_value for d in rules.denominations}

    # ------------------------------------------------------------ choose

    def choose(self, obs: Observation) -> Action:
        """The rule-based choice among ``obs.legal_actions``."""
        legal = obs.legal_actions
        if len(legal) == 1:
            return legal[0]
        looks = [a for a in legal if a.kind == LOOK]
        if looks:
            # Look where the rules allow: first at the hand that leads.
            leading = obs.dealer.left
            return next((a for a in looks if a.seat == leading), looks[0])
        kinds = {a.kind for a in legal}
        if kinds & {"accept", "cancel", "new_deal"}:
            # A call out of turn: let a bid stand, have a double cancelled.
            for kind in ("accept", "cancel", "new_deal"):
                for a in legal:
                    if a.kind == kind:
                        return a
        if "claim" in kinds:
            # Claim what the laws give: points where they are offered, else tricks.
            claims = [a for a in legal if a.kind == "claim"]
            return next((a for a in claims if a.penalty == "points"), claims[0])
        if PLAY in kinds:
            return self._play(obs, legal)
        if BID in kinds or obs.phase == "auction":
            return self._bid(obs, legal)
        if DECLARE in kinds:
            return self._declare(obs, legal)
        if kinds & {DOUBLE, REDOUBLE, PASS}:
            return self._double(obs, legal)
        return legal[0]

    # -------------------------------------------------------- declaring

    def _declare(self, obs: Observation, legal: Sequence[Action]) -> Action:
        seat = obs.to_act
        assert seat is not None
        hand = obs.hands.get(seat)
        declares = [a for a in legal if a.kind == DECLARE]
        can_leave = any(a.kind == LEAVE for a in legal)
        if hand is None:  # the hand cannot be seen: take the cheapest declaration
            return self._cheapest(declares)
        points = _points(hand)
        lengths = hand.suit_lengths()
        if hand.aces() >= 3 or (points >= 18 and all(_stopped(hand, s) for s in Suit)):
            nt = self._strongest_for(declares, None)
            if nt is not None:
                return nt
        # A long suit with honours; a cheap suit only with a strong hand.
        order = sorted(Suit, key=lambda s: (lengths[s], hand.honours(s), s), reverse=True)
        top_value = max(self._value_of.values())
        for suit in order:
            if lengths[suit] < 5 or hand.honours(suit) < 2:
                continue
            choice = self._strongest_for(declares, suit)
            if choice is None:
                continue
            valuable = 2 * self._value_of[choice.denomination or ""] >= top_value
            if valuable or not can_leave or points >= 16:
                return choice
        if can_leave:
            return Action.leave()
        # Bound to declare: the best long suit if there is any strength, else defend cheaply.
        best = order[0]
        if points >= 10 or lengths[best] >= 6:
            choice = self._strongest_for(declares, best)
            if choice is not None:
                return choice
        return self._cheapest(declares)

    def _strongest_for(self, declares: Sequence[Action], suit: Suit | None) -> Action | None:
        """The highest-valued declaration of ``suit`` (``None``: no trumps), if any."""
        options = [a for a in declares if self._suit_of.get(a.denomination or "") == suit]
        if not options:
            return None
        return max(options, key=lambda a: self._value_of[a.denomination or ""])

    def _cheapest(self, declares: Sequence[Action]) -> Action:
        """The lowest-valued declaration: the defence of a weak hand."""
        return min(declares, key=lambda a: self._value_of[a.denomination or ""])

    # ---------------------------------------------------------- bidding

    def _bid(self, obs: Observation, legal: Sequence[Action]) -> Action:
        """Bid what the hand is worth, cheaply, and no higher: the side's tricks
        are estimated from the count (a side with 20 points takes about six
        tricks, three more points about one more trick) plus the length of the
        suit; the dealer with nothing better opens with the cheapest
        declaration (the period's defensive "One Spade")."""
        seat = obs.to_act
        assert seat is not None
        hand = obs.hands.get(seat)
        bids = [a for a in legal if a.kind == BID]
        can_pass = any(a.kind == PASS for a in legal)
        if hand is None:
            return Action.pass_() if can_pass else min(bids, key=self._bid_key)
        points = _points(hand)
        lengths = hand.suit_lengths()
        calls = [(s, a) for s, a in obs.history if a.kind in (BID, PASS, DOUBLE, REDOUBLE)]
        partner_bids = [a for s, a in calls if s == seat.partner and a.kind == BID]
        last_bid = next(((s, a) for s, a in reversed(calls) if a.kind == BID), None)
        partner_points = 13 if partner_bids else 9
        partner_strains = {self._suit_of.get(a.denomination or "") for a in partner_bids}
        side_points = points + partner_points

        def max_level(suit: Suit | None) -> int:
            if suit is None:
                balanced = min(lengths) >= 2
                if not balanced or points < 15:
                    return 0
                extra = 0
            else:
                length = lengths[suit]
                support = 3 if suit in partner_strains else 0
                if length + support < 8 and length < 5:
                    return 0
                extra = max(0, length - 4) + (2 if suit in partner_strains else 0)
            return int((side_points - 20) / 3 + extra)

        best: Action | None = None
        for bid in sorted(bids, key=self._bid_key):
            assert bid.level is not None
            suit = self._suit_of.get(bid.denomination or "")
            if bid.level <= max_level(suit) and self._value_of[bid.denomination or ""] * 2 >= max(
                self._value_of.values()
            ):
                best = bid
                break
        ours = last_bid is not None and seat_side(last_bid[0]) == seat_side(seat)
        if best is not None and not (
            ours
            and last_bid is not None
            and last_bid[0] == seat.partner
            and self._suit_of.get(best.denomination or "") in partner_strains
        ):
            return best
        if not can_pass:  # the dealer must bid: the cheapest declaration, to lose little
            return min(bids, key=self._bid_key)
        if (
            last_bid is not None
            and not ours
            and obs.doubling_level == 0
            and any(a.kind == DOUBLE for a in legal)
        ):
            level = last_bid[1].level or 1
            defence = (side_points - 20) / 3 + 6.5
            if defence >= 13 - (level + 6) + 3:
                return Action.double()
        return Action.pass_()

    def _bid_key(self, bid: Action) -> tuple[int, int]:
        level = bid.level or 0
        return (level * self._value_of[bid.denomination or ""], level)

    # --------------------------------------------------------- doubling

    def _double(self, obs: Observation, legal: Sequence[Action]) -> Action:
        can_double = any(a.kind in (DOUBLE, REDOUBLE) for a in legal)
        if not can_double or obs.doubling_level >= 2:
            return Action.pass_()
        seat = obs.to_act
        assert seat is not None
        assert obs.declarer is not None
        hand = obs.hands.get(seat)
        if hand is None:
            return Action.pass_()
        defending = seat_side(seat) != seat_side(obs.declarer)
        if obs.trump_suit is None:
            strong = hand.aces() >= 3 and _points(hand) >= 15
        else:
            trumps = hand.suit(obs.trump_suit)
            strong = len(trumps) >= 5 and hand.honours(obs.trump_suit) >= 3
        if defending and strong and obs.doubling_level == 0:
            return Action.double()
        if not defending and strong and _points(hand) >= 18 and obs.doubling_level == 1:
            return Action.redouble()
        return Action.pass_()

    # ------------------------------------------------------------ play

    def _play(self, obs: Observation, legal: Sequence[Action]) -> Action:
        seat = obs.to_act
        assert seat is not None
        cards = [a.card for a in legal if a.card is not None]
        current = obs.current
        trump = obs.trump_suit
        if current is None or not current.cards:
            return Action.play(self._lead(obs, seat, cards, trump))
        led = current.cards[0].suit
        position = len(current.cards)  # 1: second hand, 2: third, 3: fourth
        win_seat = trick_winner(list(current.cards), current.leader, 4 if trump is None else trump)
        partner_winning = win_seat == seat.partner
        following = any(c.suit == led for c in cards)
        winners = [
            c
            for c in cards
            if trick_winner([*current.cards, c], current.leader, 4 if trump is None else trump)
            == seat
        ]
        if following:
            if position == 1:  # second hand low (unless a cheap win with the top card)
                return Action.play(min(cards))
            if partner_winning:
                return Action.play(min(cards))
            if winners:  # third hand high, fourth wins cheaply: the lowest card that wins
                return Action.play(min(winners))
            return Action.play(min(cards))
        # Cannot follow: trump a trick the adversaries are winning, as cheaply as possible.
        if not partner_winning and winners and position >= 2:
            return Action.play(min(winners, key=lambda c: c.rank))
        if not partner_winning and winners and position == 1 and trump is not None:
            return Action.play(min(winners, key=lambda c: c.rank))
        return Action.play(self._discard(cards, trump))

    @staticmethod
    def _discard(cards: Sequence[Card], trump: int | None) -> Card:
        """The lowest card of the weakest suit, keeping trumps."""
        pool = [c for c in cards if c.suit != trump] or list(cards)
        by_suit: dict[Suit, list[Card]] = {}
        for c in pool:
            by_suit.setdefault(c.suit, []).append(c)
        weakest = min(by_suit, key=lambda s: (max(c.rank for c in by_suit[s]), len(by_suit[s])))
        return min(by_suit[weakest], key=lambda c: c.rank)

    def _lead(self, obs: Observation, seat: Seat, cards: Sequence[Card], trump: int | None) -> Card:
        assert obs.declarer is not None
        declaring = seat_side(seat) == seat_side(obs.declarer)
        hand = Hand.from_cards(cards)
        if declaring and trump is not None:
            mine = hand.suit(trump)
            partner = obs.hands.get(seat.partner)
            ours = len(mine) + (len(partner.suit(trump)) if partner is not None else 0)
            played = sum(1 for t in obs.tricks for c in t.cards if c.suit == trump)
            outstanding = 13 - played - ours
            if mine and outstanding > 0 and ours > outstanding:
                return max(mine) if Rank.ACE in {c.rank for c in mine} else min(mine)
        # Lead from the longest suit (not trumps for the defence): top of a sequence, else 4th best.
        lengths = hand.suit_lengths()
        candidates = [s for s in Suit if lengths[s] and (declaring or s != trump)] or [
            s for s in Suit if lengths[s]
        ]
        suit = max(candidates, key=lambda s: (lengths[s], s))
        in_suit = sorted(hand.suit(suit), key=lambda c: c.rank, reverse=True)
        if (
            len(in_suit) >= 2
            and int(in_suit[0].rank) - int(in_suit[1].rank) == 1
            and in_suit[0].rank >= Rank.QUEEN
        ):
            return in_suit[0]
        if len(in_suit) >= 4:
            return in_suit[3]
        return in_suit[-1]


class PerfectBot:
    """Plays double-dummy perfect cards whenever it can see all four hands.

    In the double-dummy ways of play every hand is on the table, so the best
    card is computable; among the cards that keep the most tricks it plays the
    lowest. Where it cannot see every hand, and outside the play, it acts as
    :class:`RuleBot`.

    :param seed: the seed of the rule bot it falls back on.
    :param rules: the rule set of the game.
    """

    name = "perfect"

    def __init__(self, seed: int, rules: RuleSet) -> None:
        self._fallback = RuleBot(seed, rules)
        self._solver = _native.DDSolver()

    def choose(self, obs: Observation) -> Action:
        """The best card double dummy, or the rule bot's choice."""
        if obs.phase != "play" or len(obs.hands) != 4 or obs.to_act is None:
            return self._fallback.choose(obs)
        plays = [(a, a.card.index) for a in obs.legal_actions if a.card is not None]
        if not plays or len(plays) != len(obs.legal_actions):
            return self._fallback.choose(obs)
        current = obs.current
        trick = tuple(c.index for c in current.cards) if current is not None else ()
        leader = int(current.leader) if current is not None and current.cards else int(obs.to_act)
        held = {int(seat): hand.bits for seat, hand in obs.hands.items()}
        hands = (held[0], held[1], held[2], held[3])
        trump = 4 if obs.trump_suit is None else int(obs.trump_suit)
        pos = _native.Position(hands=hands, trump=trump, leader=leader, trick=trick)
        best, values = self._solver.solve_cards(pos)
        choices = [(card, a) for a, card in plays if values.get(card) == best]
        return min(choices)[1] if choices else plays[0][0]


BOTS: dict[str, type[RandomBot] | type[RuleBot] | type[PerfectBot]] = {
    "random": RandomBot,
    "rule": RuleBot,
    "perfect": PerfectBot,
}
#: every bot make_bot() builds, by name (the sampling bots live in their own modules)
BOT_KINDS = ("ddsampling", "perfect", "random", "rule", "sampling")


def make_bot(kind: str, seed: int, rules: RuleSet) -> RandomBot | RuleBot | PerfectBot:
    """A bot by name (``random``, ``rule``, ``perfect``, ``sampling`` or ``ddsampling``)
    for a game under ``rules``.

    :raises ValueError: for an unknown kind.
    """
    if kind == "sampling":
        from .sampling import SamplingBot

        return SamplingBot(seed, rules)  # type: ignore[return-value]
    if kind == "ddsampling":
        from .ddsampling import DDSamplingBot

        return DDSamplingBot(seed, rules)  # type: ignore[return-value]
    if kind not in BOTS:
        raise ValueError(f"unknown bot {kind!r} (choose from: {', '.join(BOT_KINDS)})")
    return BOTS[kind](seed, rules)
