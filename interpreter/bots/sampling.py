"""The sampling bot: deals the unseen cards many times, consistently with what
its player has seen, and picks the card (and the declaration) with the best
average result over fast playouts in the C core.

What it knows is its player's :class:`~dummybridge.engine.game.Observation` and
nothing else: the hands it may see now, the cards played (so how many each
hand still holds) and the suits each hand has shown out of by failing to
follow. :func:`~dummybridge.core._native.deal_constrained` deals the rest to the
hidden hands within those limits; :func:`~dummybridge.core._native.sample_plays`
plays each legal card on every sampled deal and plays the deal out by simple
maxims (:func:`~dummybridge.core._native.playout_maxims`), so all card work is in C.

Declaring: it values each declaration open to it by the average over sampled
deals of ``(declaring side's tricks - 6) * trick value`` after a maxims
playout from the opening lead, and declares the best; whether to leave the
declaration to partner it decides as the rule-based bot does (it cannot see
partner's hand). Bidding, doubling, looks and the laws' choices are the
rule-based bot's.
"""

from __future__ import annotations

from ..core import _native
from ..core._native import Rng
from ..core.cards import SEATS, Seat, seat_side
from ..engine.actions import DECLARE, LEAVE, PLAY, Action
from ..engine.game import Observation
from ..errors import DummyBridgeError
from ..language.ruleset import RuleSet
from .basic import RuleBot

__all__ = ["SamplingBot"]

_FULL = (1 << 52) - 1


class SamplingBot:
    """Picks the card with the best average over sampled deals and playouts.

    :param seed: the bot's own seed (see :func:`~dummybridge.bots.bot_seed`).
    :param rules: the rules of the game.
    :param samples: deals drawn for each decision.
    """

    name = "sampling"

    def __init__(self, seed: int, rules: RuleSet, samples: int = 40) -> None:
        self.rng = Rng(seed)
        self.rules = rules
        self.samples = samples
        self.rule = RuleBot(seed, rules)
        self.rule.rng = self.rng  # one stream: the session saves self.rng
        self._value = {d.name: d.trick_value for d in rules.denominations}
        self._strain = {d.name: int(d.strain) for d in rules.denominations}

    def choose(self, obs: Observation) -> Action:
        """The sampled choice among ``obs.legal_actions``."""
        legal = obs.legal_actions
        if len(legal) == 1:
            return legal[0]
        kinds = {a.kind for a in legal}
        seat = obs.to_act
        if seat is not None and seat in obs.hands:
            try:
                if PLAY in kinds and obs.current is not None:
                    return self._play(obs, seat)
                if DECLARE in kinds and self.rules.deal.cards_each == 13:
                    return self._declare(obs, seat)
            except DummyBridgeError:
                pass  # what it saw does not fit a deal (a revoke in laws mode): play by rule
        return self.rule.choose(obs)

    # ------------------------------------------------------------ the play

    def _known(self, obs: Observation) -> tuple[list[int], list[int], list[int], int]:
        """Known cards, cards still to place and voids by seat, and the unseen pool."""
        cards_each = self.rules.deal.cards_each
        played = [0, 0, 0, 0]
        voids = [0, 0, 0, 0]
        gone = 0
        tricks = [*obs.tricks, *([obs.current] if obs.current is not None else [])]
        for trick in tricks:
            led = trick.cards[0].suit if trick.cards else None
            for i, card in enumerate(trick.cards):
                seat = trick.seat_of(i)
                played[seat] += 1
                gone |= 1 << card.index
                if led is not None and card.suit != led:
                    voids[seat] |= 1 << int(led)
        known = [obs.hands[s].bits if s in obs.hands else 0 for s in SEATS]
        need = [0 if s in obs.hands else cards_each - played[s] for s in SEATS]
        seen = gone
        for bits in known:
            seen |= bits
        return known, need, voids, _FULL & ~seen

    def _play(self, obs: Observation, seat: Seat) -> Action:
        current = obs.current
        assert current is not None
        known, need, voids, pool = self._known(obs)
        pos = _native.Position(
            hands=(known[0], known[1], known[2], known[3]),
            trump=4 if obs.trump_suit is None else obs.trump_suit,
            leader=int(current.leader),
            trick=tuple(c.index for c in current.cards),
            tricks=obs.tricks_won,
        )
        try:
            totals = _native.sample_plays(self.rng, pos, need, voids, pool, self.samples)
        except DummyBridgeError:
            totals = _native.sample_plays(self.rng, pos, need, [0, 0, 0, 0], pool, self.samples)
        plays = [a for a in obs.legal_actions if a.kind == PLAY and a.card is not None]
        # The best average; of equals, the lowest card (keep the high ones).
        return max(plays, key=lambda a: (totals[a.index], -int(a.card.rank)))  # type: ignore[union-attr]

    # ------------------------------------------------------- the declaration

    def _declare(self, obs: Observation, seat: Seat) -> Action:
        legal = obs.legal_actions
        ruled = self.rule.choose(obs)
        if ruled.kind == LEAVE:
            return ruled
        declares = [a for a in legal if a.kind == DECLARE]
        known, need, voids, pool = self._known(obs)
        declaring = seat_side(seat)
        leader = (
            int(obs.dealer.left)
            if self.rules.play.opening_lead != "left_of_declarer"
            else int(seat.left)
        )
        deals = [
            _native.deal_constrained(self.rng, known, need, voids, pool)
            for _ in range(self.samples)
        ]
        best: tuple[float, Action] | None = None
        for action in declares:
            name = action.denomination or ""
            total = 0
            for hands in deals:
                pos = _native.Position(hands=hands, trump=self._strain[name], leader=leader)
                end = _native.playout_maxims(pos, self.rng)
                total += (end.tricks[declaring] - 6) * self._value[name]
            mean = total / len(deals)
            if best is None or mean > best[0]:
                best = (mean, action)
        assert best is not None
        return best[1]
