"""Layer 4, formats: what goes in and out as text or files: JSON game records
(:mod:`.records`), PBN (:mod:`.pbn`, which reads with :mod:`.pbn_read`), text
for people (:mod:`.render`) and natural input at the terminal (:mod:`.natural`).

May import the engine, the language, the core and the errors.
"""
