"""Layer 3, the engine: :class:`~.game.Game` runs a :class:`RuleSet`, phase by
phase, with the C core deciding every card question (the card step of the
strict play is the compiled :mod:`._speedups`).

- :mod:`.game`: the thin :class:`~.game.Game`: the session's state, and
  ``legal_actions()``, ``verify()``, ``apply()`` dispatched on the phase
  (:mod:`.phases`: the phases, and the :class:`~.phases.PhaseActions` each
  phase module gives);
- the phases: :mod:`.declaration` (with :mod:`.forced`), :mod:`.auction`,
  :mod:`.doubling`, :mod:`.play`; the steps between them: :mod:`.session`
  (cut, seating, next dealer), :mod:`.deal` (a deal's state, and the deal),
  :mod:`.settlement` (the score, with :mod:`.scoring`'s count); :mod:`.sight`
  (who sees which hand, and the looks);
- laws mode: :mod:`.laws`, the irregularities and their penalties, which the
  game consults through its hooks (``game.hooks``);
- the values: :mod:`.actions` (``Action``, ``Operation``), :mod:`.opkinds`
  (the kinds of log entries), :mod:`.observation` (``Observation``,
  ``Trick``), :mod:`.record` (records and snapshots), :mod:`.facts` (what a
  rule set gives every game);
- the hot path: :mod:`.hotpath`, the fields and methods the C card step
  (``_speedups.c``) uses.

May import :mod:`dummybridge.language`, :mod:`dummybridge.core` and
:mod:`dummybridge.errors`.
"""
