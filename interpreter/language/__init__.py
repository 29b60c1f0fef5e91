"""Layer 2, the rule language: a rule file becomes a frozen
:class:`~.ruleset.RuleSet`. The only reader of YAML in the package.

May import :mod:`dummybridge.core` and :mod:`dummybridge.errors`, never the
engine: ``dummybridge validate`` runs on this layer alone.
"""
