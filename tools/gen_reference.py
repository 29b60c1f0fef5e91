"""Write docs/rule-language.md, the rule-language reference, from the shipped schema.

    python tools/gen_reference.py           # (re)write docs/rule-language.md
    python tools/gen_reference.py --check   # exit 1 if docs/rule-language.md is out of date

The text comes from ``dummybridge.language.keywords.reference_markdown()`` (the
installed package's; ``pip install .`` first) run on the checkout's schema,
which once installed is what ``dummybridge docs`` prints; tests/test_reference.py
fails when the file differs from what the installed schema gives. After adding
a keyword to the schema, run ``python tools/schema_examples.py`` first so that
it has an example.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from dummybridge.language.keywords import reference_markdown

REPO = Path(__file__).resolve().parent.parent
TARGET = REPO / "docs" / "rule-language.md"
SCHEMA = REPO / "interpreter" / "language" / "schema" / "ruleset.schema.json"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--check", action="store_true", help="write nothing; exit 1 if the file is out of date"
    )
    args = parser.parse_args(argv)
    text = reference_markdown(json.loads(SCHEMA.read_text(encoding="utf-8")))
    current = TARGET.read_text(encoding="utf-8") if TARGET.exists() else None
    if args.check:
        if current != text:
            print(
                f"{TARGET.relative_to(REPO)} is out of date: run python tools/gen_reference.py",
                file=sys.stderr,
            )
            return 1
        return 0
    if current != text:
        TARGET.write_text(text, encoding="utf-8")
        print(f"wrote {TARGET.relative_to(REPO)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
