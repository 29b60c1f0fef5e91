"""Layer 5, the bots: players the computer can take, each seeing only its
player's :class:`~dummybridge.engine.game.Observation`.

- :mod:`.basic`: :class:`RandomBot`, :class:`RuleBot` (period-style play),
  :class:`PerfectBot` (double-dummy best card where every hand is seen) and
  :func:`make_bot`;
- :mod:`.sampling`: :class:`~.sampling.SamplingBot`, which samples the hidden
  hands and plays out each choice;
- :mod:`.ddsampling`: :class:`~.ddsampling.DDSamplingBot`, which solves each
  sample double dummy.

May import the engine, the language, the core and :mod:`dummybridge.analysis`.
"""

from .basic import BOT_KINDS, BOTS, Bot, PerfectBot, RandomBot, RuleBot, bot_seed, make_bot

__all__ = ["BOTS", "BOT_KINDS", "Bot", "PerfectBot", "RandomBot", "RuleBot", "bot_seed", "make_bot"]
