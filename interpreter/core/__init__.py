"""Layer 1, the core: the C library's binding (:mod:`._native`, which gathers
the only modules that talk to cffi), the value types of cards, hands and seats
(:mod:`.cards`), and bounded reading of the files a user names (:mod:`.files`).

May import only :mod:`dummybridge.errors` and the compiled ``dummybridge._core``.
"""
