"""Double-dummy tables in PBN files, as bridge software writes and reads them.

``dummybridge dd`` adds two tags to each game of a PBN file that has a deal
(the tags BridgeComposer, DDS-based tools and ``endplay`` use; PBN 2.1
supplemental tags, 4.9, and a supplemental table, 4.7):

- ``[DoubleDummyTricks "..."]``: 20 hexadecimal digits, the tricks the
  declarer takes with best play on both sides, declarers in the order
  ``N S E W``, for each the strains ``NT S H D C`` (``0``-``9``, ``a``-``d``
  for 10-13);
- ``[OptimumResultTable "Declarer;Denomination\\2R;Result\\2R"]`` followed by
  the same 20 results one a line, ``N NT  9`` (declarer, the strain right
  aligned in two columns, the tricks in two), in the same order.

:func:`annotate` inserts them into the file's text after each game's last
line, in that line's line ending, and changes nothing else: the file goes
through byte for byte apart from the added lines. A game that already has
``DoubleDummyTricks`` is left as it is (so a run stopped half way can be
resumed on its output).

Tables here are ``table[strain][declarer]``, strains ``C D H S NT`` (0..4)
and declarers ``N E S W`` (0..3), as the solver gives them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .pbn_read import PbnGame, split_lines

__all__ = [
    "DD_TAG",
    "TABLE_TAG",
    "annotate",
    "dd_tag_lines",
    "dd_tricks_text",
    "existing_table",
    "parse_dd_tricks",
]

DD_TAG = "DoubleDummyTricks"
TABLE_TAG = "OptimumResultTable"
#: the order of the tags' results: declarers, and for each the strains
DECLARERS = ((0, "N"), (2, "S"), (1, "E"), (3, "W"))
STRAINS = ((4, "NT"), (3, "S"), (2, "H"), (1, "D"), (0, "C"))
_HEX = "0123456789abcd"

Table = Sequence[Sequence[int]]


def dd_tricks_text(table: Table) -> str:
    """The value of ``DoubleDummyTricks`` for a table.

    >>> dd_tricks_text([[7, 6, 7, 6], [8, 5, 8, 5], [9, 4, 9, 4], [10, 3, 10, 3], [13, 0, 12, 1]])
    'dab87cab870123612345'
    """
    return "".join(_HEX[table[s][d]] for d, _ in DECLARERS for s, _ in STRAINS)


def parse_dd_tricks(text: str) -> list[list[int]] | None:
    """The table a ``DoubleDummyTricks`` value gives, ``None`` if it is not
    20 hexadecimal digits from 0 to d (13).

    >>> parse_dd_tricks("dab87cab870123612345")[4]
    [13, 0, 12, 1]
    """
    text = text.strip().lower()
    if len(text) != 20 or any(c not in _HEX for c in text):
        return None
    table = [[0] * 4 for _ in range(5)]
    digits = iter(text)
    for d, _ in DECLARERS:
        for s, _ in STRAINS:
            table[s][d] = _HEX.index(next(digits))
    return table


def dd_tag_lines(table: Table) -> list[str]:
    """The lines :func:`annotate` adds for a table (without line endings)."""
    lines = [
        f'[{DD_TAG} "{dd_tricks_text(table)}"]',
        f'[{TABLE_TAG} "Declarer;Denomination\\2R;Result\\2R"]',
    ]
    lines += [f"{dn} {sn:>2} {table[s][d]:>2}" for d, dn in DECLARERS for s, sn in STRAINS]
    return lines


def existing_table(game: PbnGame, cards_each: int = 13) -> list[list[int]] | None:
    """The table of a game already annotated (its ``DoubleDummyTricks``), or ``None``.

    :param cards_each: the cards a hand of the game's deal (fewer than 13 in
        an end position): no result may be more.
    :raises FileFormatError: for a ``DoubleDummyTricks`` that is not 20
        hexadecimal digits from 0 to d, or has a result above ``cards_each``,
        at the tag.
    """
    if DD_TAG not in game.tags:
        return None
    table = parse_dd_tricks(game.tags[DD_TAG])
    if table is None:
        raise game.error(
            DD_TAG,
            f"{game.tags[DD_TAG]!r} is not 20 hexadecimal digits from 0 to d "
            "(declarers N S E W, strains NT S H D C)",
        )
    if max(max(row) for row in table) > cards_each:
        raise game.error(
            DD_TAG,
            f"{game.tags[DD_TAG]!r} gives a declarer more tricks than the deal's "
            f"{cards_each} cards a hand",
        )
    return table


def _ending(line: str, default: str) -> str:
    stripped = line.rstrip("\r\n")
    return line[len(stripped) :] or default


def annotate(text: str, games: Sequence[PbnGame], tables: Mapping[int, Table]) -> str:
    """``text`` (the file the games were read from) with the tags of
    ``tables[i]`` added after the last line of ``games[i]``.

    Lines are counted as the reader counts them (:func:`.pbn_read.split_lines`); the
    added lines end as the game's last line does (the file's first line
    ending when that line has none: the end of the file).
    """
    lines = split_lines(text)
    first = next((_ending(line, "") for line in lines if _ending(line, "")), "\r\n")
    after: dict[int, list[str]] = {}
    for i, table in tables.items():
        after[games[i].last_line] = dd_tag_lines(table)
    out: list[str] = []
    for n, line in enumerate(lines, start=1):
        out.append(line)
        added = after.get(n)
        if added:
            end = _ending(line, first)
            if not line.endswith(end):
                out.append(end)
            out.extend(a + end for a in added)
    return "".join(out)
