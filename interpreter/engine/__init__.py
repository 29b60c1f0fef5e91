"""Layer 3, the engine: :class:`~.game.Game` runs a :class:`RuleSet`, phase by
phase, with the C core deciding every card question (the card step of the
strict play is the compiled :mod:`._speedups`).

May import :mod:`dummybridge.language`, :mod:`dummybridge.core` and
:mod:`dummybridge.errors`.
"""
