"""Layer 1, the core: the C library's binding (:mod:`._native`, the only module
that talks to cffi), the value types of cards, hands and seats
(:mod:`.cards`), and bounded reading of the files a user names (:mod:`.files`).

May import only :mod:`dummybridge.errors` and the compiled ``dummybridge._core``.
"""
