"""House rules shipped as examples: each a few lines of YAML that ``extends:`` a built-in variant.

They are named ``house/NAME`` (``dummybridge play house/lilies``); docs/house-rules.md
shows how to write one.
"""
