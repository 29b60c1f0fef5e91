"""The double-dummy sampling bot: sampled deals valued by the exact solver late in the play.

It is the sampling bot (:class:`~dummybridge.bots.basic.sampling.SamplingBot`) with a
better judge of each sampled deal where the judge is cheap. When the hand to
play holds no more than :attr:`DDSamplingBot.dd_cards` cards, it deals the
hidden cards :attr:`DDSamplingBot.dd_samples` times consistently with what its
player has seen (:func:`~dummybridge.core._native.deal_constrained`: the cards still
held, the suits a hand has shown out of), values every legal card on each
deal by the C core's double-dummy solver
(:meth:`~dummybridge.core._native.DDSolver.solve_cards`, on the position with the
trick in progress), and plays the card with the most tricks in total, of
equals the lowest. Earlier in the play it plays as the sampling bot does
(maxims playouts), since a full deal takes the solver tens of milliseconds.
Where its player sees every hand it plays as
:class:`~dummybridge.bots.PerfectBot`: the exact best card, of equals
the lowest; where the one hidden hand can only hold the cards it has not seen
(Double Dummy, where each player sees three hands), it solves that one deal
at any stage of the play.

The defaults (eight cards, 30 deals) were chosen by measurement: the solver
values every card of a random ending in a median of about 0.6 ms with eight
cards a hand, 1.7 ms with nine and 3.6 ms with ten; a whole decision of this
bot in Bridge play takes a median of about 18 ms with eight cards in hand
(worst seen 0.34 s), but 116 ms with ten (worst seen 4.4 s), against about
0.3 ms for the maxims sampling. In duplicate matches against the sampling bot
(``tools/bench_bots.py``, the same 300 Bridge deals) ten cards gave a higher
mean margin (+0.83 tricks a deal against +0.64) but not a separated one, at
about eleven times the running time; 10 or 60 deals instead of 30 changed
little (see the README).

Declaring, bidding, doubling and the laws' choices are the sampling bot's.
Everything random comes from the bot's own seed.
"""

from __future__ import annotations

from dataclasses import replace

from ..core import _native
from ..core.cards import Hand, Seat
from ..engine.actions import PLAY, Action
from ..engine.game import Observation
from ..errors import DummyBridgeError
from ..language.ruleset import RuleSet
from .basic import PerfectBot
from .sampling import SamplingBot

__all__ = ["DDSamplingBot"]

#: the solver's workspace: endings of eight cards a hand need far less than the default
_WORKSPACE = 8 << 20


class DDSamplingBot(SamplingBot):
    """Values each legal card by the double-dummy solver over sampled deals, late in the play.

    :param seed: the bot's own seed (see :func:`~dummybridge.bots.bot_seed`).
    :param rules: the rules of the game.
    :param samples: deals drawn for each maxims-sampled decision (earlier in the play).
    :param dd_samples: deals drawn for each double-dummy decision.
    :param dd_cards: the most cards the hand to play may hold for the solver to be used.
    """

    name = "ddsampling"

    def __init__(
        self, seed: int, rules: RuleSet, samples: int = 40, dd_samples: int = 30, dd_cards: int = 8
    ) -> None:
        super().__init__(seed, rules, samples)
        self.dd_samples = dd_samples
        self.dd_cards = dd_cards
        self.solver = _native.DDSolver(_WORKSPACE)
        self._perfect = PerfectBot(seed, rules)
        self._perfect._solver = self.solver  # one workspace for both

    def choose(self, obs: Observation) -> Action:
        """The double-dummy choice late in the play (or with every hand known),
        else the sampling bot's."""
        legal = obs.legal_actions
        if len(legal) == 1:
            return legal[0]
        seat = obs.to_act
        if (
            seat is not None
            and seat in obs.hands
            and all(a.kind == PLAY and a.card is not None for a in legal)
        ):
            try:
                if len(obs.hands) == 4:
                    return self._perfect.choose(obs)
                if obs.current is not None:
                    whole = self._whole(obs)
                    if whole is not None:
                        return self._perfect.choose(whole)
                    if len(obs.hands[seat]) <= self.dd_cards:
                        return self._dd_play(obs)
            except DummyBridgeError:
                pass  # what it saw fits no deal (a revoke in laws mode): the sampling bot decides
        return super().choose(obs)

    def _whole(self, obs: Observation) -> Observation | None:
        """The observation with the one hidden hand filled in, if it can only hold
        the cards not seen (Double Dummy, where each player sees three hands)."""
        _, need, _, pool = self._known(obs)
        hidden = [i for i, n in enumerate(need) if n]
        if len(hidden) != 1 or pool.bit_count() != need[hidden[0]]:
            return None
        return replace(obs, hands={**obs.hands, Seat(hidden[0]): Hand(pool)})

    def card_totals(self, obs: Observation, samples: int | None = None) -> dict[int, int]:
        """For each legal card (by index), the tricks its side takes after it, summed
        over ``samples`` (default :attr:`dd_samples`) sampled deals, each solved double dummy.

        :raises DummyBridgeError: if what the player saw fits no deal.
        """
        if samples is None:
            samples = self.dd_samples
        current = obs.current
        assert current is not None
        known, need, voids, pool = self._known(obs)
        trick = tuple(c.index for c in current.cards)
        trump = 4 if obs.trump_suit is None else int(obs.trump_suit)
        plays = [a.card.index for a in obs.legal_actions if a.card is not None]
        totals = dict.fromkeys(plays, 0)
        for _ in range(samples):
            try:
                hands = _native.deal_constrained(self.rng, known, need, voids, pool)
            except DummyBridgeError:
                # The voids cannot all be kept (a revoke in laws mode): drop them.
                hands = _native.deal_constrained(self.rng, known, need, [0, 0, 0, 0], pool)
            pos = _native.Position(
                hands=hands, trump=trump, leader=int(current.leader), trick=trick
            )
            _, values = self.solver.solve_cards(pos)
            for card in plays:
                totals[card] += values[card]
        return totals

    def _dd_play(self, obs: Observation) -> Action:
        totals = self.card_totals(obs)
        plays = [(a.card, a) for a in obs.legal_actions if a.card is not None]
        # The most tricks over the samples; of equals, the lowest card (keep the high ones).
        return max(plays, key=lambda p: (totals[p[0].index], -int(p[0].rank), -p[0].index))[1]
