"""Layer 4, analysis: double-dummy solving of deals, tables and recorded games
on the C core's solver.

May import the engine, the language, the core and the errors.
"""
