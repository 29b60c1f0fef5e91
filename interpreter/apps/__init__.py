"""Layer 6, applications: the command line (:mod:`.cli`), the terminal game
(:mod:`.terminal`, with :mod:`.trick_claims`), many rubbers with bots
(:mod:`.simulate`) and conformance testing of rule files (:mod:`.conform`, its
files read by :mod:`.scenarios`).

May import every layer below. Nothing imports it but ``dummybridge.__main__``
and the ``dummybridge`` command.
"""
