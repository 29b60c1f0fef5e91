"""``dummybridge docs KEYWORD``: one keyword's section of the rule-language reference.

A keyword is named as the reference names it (``doubling.limit.kind``,
``sight.rules[].who``, ``denominations.<name>.suit``), or by its last part
when only one keyword ends so (``most_pips``); an entry the author names may
be written with its name (``denominations.hearts.suit``). An unknown name is
an error that names the closest keywords.

>>> print(keyword_section("games_to_win").splitlines()[0])
### `scoring.rubber.games_to_win`
"""

from __future__ import annotations

import difflib
import re

from ..errors import DummyBridgeError
from .keywords import ITEM, Keyword, keywords, reference_markdown

__all__ = ["UnknownKeywordError", "find_keywords", "keyword_section"]


class UnknownKeywordError(DummyBridgeError, LookupError):
    """A name that is no keyword of the rule language, or that fits several."""


def _normal(name: str) -> str:
    return name.strip().lower()


def _matches(keyword: Keyword, parts: list[str]) -> bool:
    """Whether ``a.b[].c`` split into parts names this keyword, an author-named
    entry (``<name>``) matching any key."""
    path = [p for p in keyword.path if p != ITEM]
    return len(path) == len(parts) and all(
        p.startswith("<") or p.lower() == q for p, q in zip(path, parts, strict=True)
    )


def find_keywords(name: str) -> list[Keyword]:
    """The keywords ``name`` refers to: the one of that full name, else those
    whose path it spells with entry names filled in, else those whose last part it is.

    :raises UnknownKeywordError: when no keyword fits, naming the closest ones.
    """
    every = list(keywords())
    wanted = _normal(name)
    exact = [k for k in every if k.name.lower() == wanted]
    if exact:
        return exact
    parts = [p for p in re.split(r"\.|\[\]", wanted) if p]
    spelled = [k for k in every if _matches(k, parts)]
    if spelled:
        return spelled[:1]
    last = [k for k in every if k.path[-1].lower() == wanted]
    if last:
        return last
    names = sorted({k.name for k in every} | {k.path[-1] for k in every})
    close = difflib.get_close_matches(wanted, names, n=5, cutoff=0.6)
    hint = f"; did you mean {', '.join(close)}?" if close else ""
    raise UnknownKeywordError(
        f"docs: no keyword {name!r} in the rule language{hint} (`dummybridge docs` prints them all)"
    )


def keyword_section(name: str) -> str:
    """The reference's section of the keyword ``name`` (Markdown, ending with one newline).

    A last part that several keywords end with (``kind``) gives all their
    sections, one after the other, under a line that says so.

    :raises UnknownKeywordError: when no keyword fits, naming the closest ones.
    """
    found = find_keywords(name)
    text = reference_markdown()
    sections = []
    for keyword in found:
        start = text.index(f'<a id="{keyword.anchor}"></a>\n\n') + len(keyword.anchor) + 15
        end = text.find("<a id=", start)
        body = text[start : end if end >= 0 else len(text)].strip("\n")
        sections.append(re.sub(r"^## ", "### ", body))
    head = []
    if len(found) > 1:
        head = [f"{len(found)} keywords end in `{found[0].path[-1]}`:", ""]
    return "\n\n".join(["\n".join(head).rstrip("\n"), *sections] if head else sections) + "\n"
