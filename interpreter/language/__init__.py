"""Layer 2, the rule language: a rule file becomes a frozen
:class:`~.ruleset.RuleSet`. The only reader of YAML in the package.

May import :mod:`dummybridge.core` and :mod:`dummybridge.errors`, never the
engine: ``dummybridge validate`` runs on this layer alone.

- :mod:`.loader`: the public API (``load_rules``, ``load_document``,
  ``validate`` …) and the stages of a load;
- :mod:`.yamlsrc`: strict YAML, each value with where it was written;
- :mod:`.registry`: the shipped rule files (built-in variants, house rules) by name or alias;
- :mod:`.extends`: the ``extends:`` chain and the merge;
- :mod:`.schemas`: the JSON Schemas, and the defaults (which live only there);
- :mod:`.explain` and :mod:`.wording`: the messages of the diagnostics;
- :mod:`.semantics`: the checks the schema cannot express;
- :mod:`.ruleset`: the typed, frozen rule set, with :mod:`.irregularities`
  (the rules of laws mode) and :mod:`.options` (the ``Literal`` types of its options);
- :mod:`.keywords`: the reference of the language, made from the schema.
"""
