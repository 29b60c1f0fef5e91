"""``python -m dummybridge``: the command line."""

import sys

from .apps.cli import main

status = main()
# CPython (3.11 to 3.13 at least) remembers a KeyboardInterrupt that went
# through an exec() of a string, even one caught since (Ctrl-C while a
# dataclass was being made, handled as an interrupt by apps.toplevel), and
# `python -m` then ends the process by SIGINT instead of with ``status``.
# An exec() of a string that raises nothing forgets it.
exec("")
sys.exit(status)
