"""PBN (Portable Bridge Notation) 2.1 import: the games of a PBN file, as read.

The standard is *Portable Bridge Notation, version 2.1* (Tis Veugen and Kaj G.
Backas, 2017.02.14); sections are cited below as "PBN 3.4.11" and so on.
:mod:`.pbn` writes PBN and re-exports these names.

Import (:func:`read_pbn`, :func:`parse_pbn`) reads the *import format*
(2.1): any line ends, tags in any order and spread over lines, ``%`` escape
lines (2.4), ``;`` and ``{...}`` comments (3.8), escaped strings (3.2),
unknown tags and sections (4.9), several games to a file (3), tag value
inheritance with ``#`` and ``##`` (4.8), ``-`` for a hand not given
(3.4.11), lower case (3.11), and the first tag of a repeated pair wins
(3.4). What cannot be read is reported as ``FILE:LINE:COL: error: TAG:
message``.
"""

from __future__ import annotations

import os
import re
from array import array
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import overload

from ..core.cards import Hand, Seat, parse_deal
from ..core.files import read_bytes
from ..errors import DummyBridgeError, FileFormatError

__all__ = [
    "NO_INHERIT",
    "PbnGame",
    "PbnGames",
    "choose_board",
    "deals_from_pbn",
    "parse_pbn",
    "read_pbn",
    "split_lines",
]

#: Tags whose value may not be inherited with "#" or "##" (PBN 4.8).
NO_INHERIT = frozenset(
    ("Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Auction", "Play", "Note")
)
_BLANK = " \t\v\f"  # what separates the tokens of a line
_TOKEN_END = _BLANK + ";{["  # what ends a section token
# PBN 2.1 and 2.3: a line ends with CR LF, LF or CR, and nothing else ends one
# (never str.splitlines(), which also splits at 0x85, cp1252's "...", and form feeds).
_LINE_BODY = re.compile(r"([^\r\n]*)(?:\r\n|\r|\n|\Z)")
_TOKEN = re.compile(r"[^ \t\v\f]+")
_NOT_BLANK = re.compile(r"[^ \t\v\f]")
# section text up to a comment, a tag or a string (a quote that starts a token)
_RUN = re.compile(r'(?:[^;{\["]++|(?<![ \t\v\f])")++')  # possessive: no backtracking
# a tag's value: \" and \\ are escapes, any other backslash stands for itself (PBN 3.2)
_STRING = re.compile(r'"((?:[^"\\]++|\\["\\]|\\(?!["\\]))*+)"')
_TAG = re.compile(
    r'\[[ \t\v\f]*([A-Za-z0-9_]+)[ \t\v\f]*"((?:[^"\\]++|\\["\\]|\\(?!["\\]))*+)"[ \t\v\f]*\]'
)
_ESCAPE = re.compile(r'\\(["\\])')
_LINE = re.compile(r"[^\r\n]*(?:\r\n|\r|\n|\Z)")


def split_lines(text: str) -> list[str]:
    """``text``'s lines with their ends, split only where PBN ends a line."""
    return [line for line in _LINE.findall(text) if line]


@dataclass(slots=True)
class PbnGame:
    """One game of a PBN file, as read (import format).

    A file's games cost a few times its size (docs/limits.md): they are held
    as columns by :class:`PbnGames`, which builds a game when it is asked
    for; a section is kept as places in the file's text, which the games
    share, and a place as one packed number (``line << 32 | column``).

    :ivar file: the file name, for messages.
    :ivar line: the line its first tag is on.
    :ivar tags: the tag values, inheritance (PBN 4.8) resolved; the first of
        a repeated tag wins (3.4). ``Note`` tags are in :attr:`notes`.
    :ivar at: where the tags given in the game stood, packed, in the order of
        :attr:`tags` (those inherited from a header come after them and have
        none); see :meth:`where`.
    :ivar spans: the text after each tag that has any (the Auction and Play
        sections, supplemental tables), as read: for each run of
        blank-separated tokens or string token, three numbers, its place
        packed, and its start and end in :attr:`text`; :meth:`tokens` splits
        them when asked.
    :ivar text: the file's text (shared by its games).
    :ivar notes: the Note tags' values, in order.
    :ivar last_line: the last line that belongs to it (a tag, a section, a
        comment), where ``dd`` adds its tags.
    """

    file: str
    line: int
    last_line: int = 0
    tags: dict[str, str] = field(default_factory=dict)
    at: array[int] = field(default_factory=lambda: array("Q"))
    spans: dict[str, array[int]] = field(default_factory=dict)
    text: str = field(default="", repr=False)
    notes: list[str] = field(default_factory=list)

    def tokens(self, tag: str) -> Iterator[tuple[str, int, int]]:
        """The section tokens after ``tag``, each ``(text, line, column)``."""
        runs = self.spans.get(tag, ())
        for k in range(0, len(runs), 3):
            place, start, end = runs[k : k + 3]
            line, col = place >> 32, place & 0xFFFFFFFF
            text = self.text[start:end]
            if text.startswith('"'):
                yield text, line, col
                continue
            for m in _TOKEN.finditer(text):
                yield m.group(), line, col + m.start()

    @property
    def sections(self) -> dict[str, list[tuple[str, int, int]]]:
        """Every tag's section tokens (see :meth:`tokens`)."""
        return {tag: list(self.tokens(tag)) for tag in self.spans}

    def where(self, tag: str) -> tuple[int, int]:
        """Where ``tag`` stood, ``(line, column)``; the game's first line when it is missing."""
        if tag in self.tags:
            index = list(self.tags).index(tag)
            if index < len(self.at):
                packed = self.at[index]
                return packed >> 32, packed & 0xFFFFFFFF
        return self.line, 1

    def error(self, tag: str, message: str) -> FileFormatError:
        """An error located at ``tag`` (or at the game when it is missing)."""
        line, col = self.where(tag)
        return FileFormatError(self.file, message, line=line, col=col, path=tag)

    @property
    def board(self) -> str | None:
        """The Board tag, if any."""
        return self.tags.get("Board")

    def dealer(self) -> Seat | None:
        """The Dealer tag's seat, or ``None`` when it is missing or empty.

        :raises FileFormatError: for a value that is no seat.
        """
        value = self.tags.get("Dealer", "").strip()
        if not value or value == "?":
            return None
        if value.upper() not in ("N", "E", "S", "W"):
            raise self.error("Dealer", f"{value!r} is not a seat: expected W, N, E or S")
        return Seat.from_str(value.upper())

    def hands(self) -> tuple[Hand | None, Hand | None, Hand | None, Hand | None]:
        """The Deal tag's hands by seat (North, East, South, West), ``None`` for ``-``.

        :raises FileFormatError: when there is no Deal tag or it cannot be read.
        """
        if "Deal" not in self.tags:
            raise self.error("Deal", "this game has no Deal tag")
        value = self.tags["Deal"].strip()
        text = value
        if len(value) < 2 or value[1] != ":":
            # PBN 3.4.11 requires "<first>:"; some files leave it out: the dealer's then.
            dealer = self.dealer()
            if dealer is None:
                raise self.error(
                    "Deal",
                    f"{value!r} does not start with the first hand's "
                    'seat ("N:") and there is no Dealer tag',
                )
            text = f"{dealer.letter}:{value}"
        try:
            return parse_deal(text[0].upper() + text[1:])
        except DummyBridgeError as exc:
            raise self.error("Deal", str(exc)) from None

    def full_deal(self, cards_each: int = 13) -> tuple[Hand, Hand, Hand, Hand]:
        """All four hands, by seat; one hand given as ``-`` is the cards the
        other three do not hold.

        :raises FileFormatError: when two or more hands are not given, or a
            hand does not hold ``cards_each`` cards.
        """
        hands = list(self.hands())
        missing = [s for s in Seat if hands[s] is None]
        if len(missing) > 1:
            names = ", ".join(s.name.lower() for s in missing)
            raise self.error(
                "Deal",
                f"the {names} hands are not given ('-'); a deal to play needs all four, or three",
            )
        if missing:
            held = 0
            for h in hands:
                if h is not None:
                    held |= h.bits
            hands[missing[0]] = Hand((1 << 52) - 1 & ~held)
        for seat in Seat:
            hand = hands[seat]
            assert hand is not None
            if len(hand) != cards_each:
                raise self.error(
                    "Deal",
                    f"the {seat.name.lower()} hand holds {len(hand)} cards, not {cards_each}",
                )
        return (hands[0], hands[1], hands[2], hands[3])  # type: ignore[return-value]

    def auction(self) -> list[str]:
        """The Auction section's calls, upper case (``Pass`` as written in
        export format), annotations left out: suffixes, notes, NAGs,
        irregularity marks, ``*`` and ``+`` (PBN 3.5)."""
        calls = []
        for token, _, _ in self.tokens("Auction"):
            call = _lead(token).upper()
            if _is_call(call):
                calls.append("Pass" if call == "PASS" else call)
        return calls

    def play(self) -> list[list[str]]:
        """The Play section's cards, one list a line (a trick, in columns from
        the Play tag's seat), ``-`` for a card not given; annotations left out (PBN 3.6)."""
        lines: dict[int, list[str]] = {}
        for token, line, _ in self.tokens("Play"):
            card = _lead(token).upper()
            if _is_card(card):
                lines.setdefault(line, []).append(card)
        return list(lines.values())


class PbnGames(Sequence[PbnGame]):
    """A file's games, as read: held as columns (numbers in arrays, the tag
    names and values in two lists), each :class:`PbnGame` built when it is
    asked for, so that a file of many tiny games (``[Board "1"]`` and an
    empty line) costs a few times its size, not a Python object and a table
    of tags each (issue 22, docs/limits.md). A game asked for twice is two
    equal objects; its ``spans`` and ``notes`` are the ones held here.
    """

    __slots__ = (
        "_at",
        "_at_end",
        "_last",
        "_line",
        "_names",
        "_notes",
        "_spans",
        "_tag_end",
        "_values",
        "file",
        "text",
    )

    def __init__(self, file: str, text: str) -> None:
        self.file, self.text = file, text
        self._line: array[int] = array("Q")
        self._last: array[int] = array("Q")
        self._names: list[str] = []
        self._values: list[str] = []
        self._tag_end: array[int] = array("Q")  # where each game's tags end in the lists
        self._at: array[int] = array("Q")
        self._at_end: array[int] = array("Q")
        self._spans: dict[int, dict[str, array[int]]] = {}  # only the games that have any
        self._notes: dict[int, list[str]] = {}

    def add(self, game: PbnGame) -> None:
        """Keep ``game`` (read and resolved) as the next one."""
        i = len(self._line)
        self._line.append(game.line)
        self._last.append(game.last_line)
        self._names += game.tags
        self._values += game.tags.values()
        self._tag_end.append(len(self._names))
        self._at += game.at
        self._at_end.append(len(self._at))
        if game.spans:
            self._spans[i] = game.spans
        if game.notes:
            self._notes[i] = game.notes

    def __len__(self) -> int:
        return len(self._line)

    @overload
    def __getitem__(self, index: int) -> PbnGame: ...

    @overload
    def __getitem__(self, index: slice) -> list[PbnGame]: ...

    def __getitem__(self, index: int | slice) -> PbnGame | list[PbnGame]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        i = range(len(self._line))[index]  # IndexError past the end; -1 the last
        tags, ats = (0, 0) if i == 0 else (self._tag_end[i - 1], self._at_end[i - 1])
        end = self._tag_end[i]
        return PbnGame(
            self.file,
            self._line[i],
            self._last[i],
            dict(zip(self._names[tags:end], self._values[tags:end], strict=True)),
            self._at[ats : self._at_end[i]],
            self._spans.get(i, {}),
            self.text,
            self._notes.get(i, []),
        )


def _lead(token: str) -> str:
    """A call or card token: the letters, digits and hyphens a section token
    starts with (PBN 3.2); what follows (``!``, ``=1=``) is annotation."""
    end = 0
    while end < len(token) and (
        (token[end].isascii() and token[end].isalnum()) or token[end] == "-"
    ):
        end += 1
    return token[:end]


def _is_call(token: str) -> bool:
    t = token.upper()
    if t in ("PASS", "X", "XX", "AP", "-"):
        return True
    return len(t) >= 2 and t[0] in "1234567" and t[1:] in ("C", "D", "H", "S", "NT")


def _is_card(token: str) -> bool:
    t = token.upper()
    return t == "-" or (len(t) == 2 and t[0] in "SHDC" and t[1] in "AKQJT98765432")


@dataclass
class _PendingTag:
    """A tag pair being read: in import format it may spread over lines (3.3).

    :ivar line: where its ``[`` stands.
    :ivar col: the column of its ``[``.
    :ivar stage: the part expected next: ``name``, ``value`` or ``close``.
    """

    line: int
    col: int
    stage: str = "name"
    name: str | None = None
    value: str = ""


class _Tokenizer:
    """Splits PBN text into games of tags and section tokens (PBN 2.4, 3, 3.2,
    3.3, 3.8), line by line: a ``{`` comment and a tag pair may go on to the
    next line, so what is open is kept between lines."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.games = PbnGames(file, "")
        self.last: PbnGame | None = None  # the game read last, kept when the next begins
        #: the current game's tags as written, ``(name, value, line, col)``: resolved
        #: (inheritance) and let go when the next game begins, so a file is not held twice
        self.raw: list[str] = []  # name, value, name, value ...
        self.raw_at: array[int] = array("Q")  # where each stood, packed
        self.inheritance = _Inheritance(file)
        self.current: PbnGame | None = None
        self.section: str | None = None  # the tag the section tokens belong to
        self.brace: tuple[int, int] | None = None  # where an open "{" comment began
        self.pending: _PendingTag | None = None
        self.text = ""
        self.start = 0  # where the line being read starts in the text
        self.names: dict[str, str] = {}  # one string for each tag name (and short value)

    def fail(self, line: int, col: int, message: str, tag: str | None = None) -> FileFormatError:
        return FileFormatError(self.file, message, line=line, col=col, path=tag)

    def read(self, text: str) -> PbnGames:
        """The games of ``text``, tag inheritance resolved."""
        self.text = self.games.text = text
        for n, m in enumerate(_LINE_BODY.finditer(text), start=1):  # one line at a time
            line = m.group(1)
            self.start = m.start()
            if self.brace is None and self.pending is None:
                if line.startswith("%"):
                    continue  # PBN 2.4: the escape character in the first column
                if not line.strip(_BLANK):
                    self.current = None  # PBN 3: a semi-empty line ends a game
                    self.section = None
                    continue
            self._line(n, line)
            if self.current is not None:
                self.current.last_line = n
        if self.brace is not None:
            raise self.fail(*self.brace, "this '{' comment is never closed with '}'")
        if self.pending is not None:
            raise self.fail(
                self.pending.line,
                self.pending.col,
                "this tag is never closed with ']'",
                self.pending.name,
            )
        self._keep_last()
        return self.games

    def _keep_last(self) -> None:
        """Resolve the game read last and keep it in :attr:`games`."""
        if self.last is not None:
            self.inheritance.resolve(self.last, self.raw, self.raw_at)
            self.games.add(self.last)

    def _line(self, n: int, line: str) -> None:
        """Read line ``n``: comments, the parts of tag pairs, section tokens."""
        i, length = 0, len(line)
        while i < length:
            if self.brace is not None:
                end = line.find("}", i)
                if end < 0:
                    return
                self.brace = None
                i = end + 1
                continue
            if self.pending is None:
                m = _NOT_BLANK.search(line, i)
                if m is None:
                    return
                i = m.start()
            c = line[i]
            if c in _BLANK:
                i += 1
            elif self.pending is not None:
                i = self._tag_part(self.pending, n, line, i)
            elif c == ";":
                return  # PBN 3.8: to the end of the line
            elif c == "{":
                self.brace = (n, i + 1)
                i += 1
            elif c == "[":
                if self.current is None:
                    self._keep_last()
                    self.current = self.last = PbnGame(self.file, n, text=self.text)
                    self.raw, self.raw_at = [], array("Q")
                m = _TAG.match(line, i)
                if m is not None:  # a whole tag pair on the line, as nearly all are
                    value = m.group(2)
                    value = _ESCAPE.sub(r"\1", value) if "\\" in value else value
                    self._tag(m.group(1), value, n, i + 1)
                    i = m.end()
                    continue
                self.pending = _PendingTag(n, i + 1)
                i += 1
            elif c == '"':
                i = self._section_token(n, line, i)
            else:
                i = self._section_run(n, line, i)

    def _tag_part(self, pending: _PendingTag, n: int, line: str, i: int) -> int:
        """Read the next part of an open tag pair at ``line[i]``; where reading goes on."""
        c = line[i]
        if pending.stage == "name":
            j = i
            while j < len(line) and (line[j].isalnum() or line[j] == "_") and line[j].isascii():
                j += 1
            if j == i:
                raise self.fail(n, i + 1, f"expected a tag name after '[', found {c!r}")
            pending.name = line[i:j]
            pending.stage = "value"
            return j
        assert pending.name is not None
        if pending.stage == "value":
            if c != '"':
                raise self.fail(
                    n, i + 1, f"expected the tag's value in quotes, found {c!r}", pending.name
                )
            pending.value, end = self._string(pending.name, n, line, i)
            pending.stage = "close"
            return end
        if c != "]":
            raise self.fail(n, i + 1, f"expected ']' to close the tag, found {c!r}", pending.name)
        assert self.current is not None
        self._tag(pending.name, pending.value, pending.line, pending.col)
        self.pending = None
        return i + 1

    def _tag(self, name: str, value: str, n: int, col: int) -> None:
        """A whole tag pair read: tag names, and short values (a seat, a
        number), are kept once for the whole file."""
        name = self.names.setdefault(name, name)
        if len(value) <= 8:
            value = self.names.setdefault(value, value)
        self.raw += (name, value)
        self.raw_at.append(n << 32 | col)
        self.section = name

    def _string(self, tag: str, n: int, line: str, i: int) -> tuple[str, int]:
        """The tag value in quotes at ``line[i]``, unescaped, and the index after it."""
        m = _STRING.match(line, i)
        if m is None:
            raise self.fail(
                n,
                i + 1,
                "a string is not closed on its line (PBN 3.2: strings do not cross lines)",
                tag,
            )
        value = m.group(1)
        return (_ESCAPE.sub(r"\1", value) if "\\" in value else value), m.end()

    def _section_token(self, n: int, line: str, i: int) -> int:
        """Add the section token at ``line[i]`` to the current tag's; the index after it."""
        j, length = i, len(line)
        if line[i] == '"':  # a string token in a section (a table's cell, 3.2)
            j += 1
            while j < length and line[j] != '"':
                j += 2 if line[j] == "\\" else 1
            j = min(j + 1, length)
        while j < length and line[j] not in _TOKEN_END:
            j += 1
        self._add(n, i, j)
        return j

    def _section_run(self, n: int, line: str, i: int) -> int:
        """Add the tokens from ``line[i]`` up to a comment, tag or string; the index after them."""
        m = _RUN.match(line, i)
        assert m is not None
        self._add(n, i, i + len(m.group().rstrip(_BLANK)))
        return m.end()

    def _add(self, n: int, i: int, j: int) -> None:
        """Section text ``line[i:j]`` of line ``n``, for the current tag."""
        if self.current is None or self.section is None:
            text = self.text[self.start + i : self.start + j]
            token = _TOKEN.match(text)
            raise self.fail(
                n,
                i + 1,
                f"{(token.group() if token else text)[:40]!r} is outside any tag: "
                'expected a tag such as [Deal "N:..."]',
            )
        runs = self.current.spans.get(self.section)
        if runs is None:
            runs = self.current.spans[self.section] = array("Q")
        runs.extend((n << 32 | (i + 1), self.start + i, self.start + j))


class _Inheritance:
    """Resolves ``#`` and ``##`` (PBN 4.8) game by game, as each is read; the
    first of a repeated tag wins (3.4)."""

    def __init__(self, file: str) -> None:
        self.file = file
        self.previous: dict[str, str] = {}
        self.header: dict[str, str] = {}

    def resolve(self, game: PbnGame, raw: list[str], raw_at: array[int]) -> None:
        header = self.header
        for k, place in enumerate(raw_at):
            name, value = raw[2 * k], raw[2 * k + 1]
            if name == "Note":
                game.notes.append(value)
                continue
            if name in game.tags:
                continue  # PBN 3.4: a tag pair that already occurred is ignored
            if value.startswith("#") and name in NO_INHERIT:
                raise FileFormatError(
                    self.file,
                    f"the value {value[:40]!r} (inherit) is not allowed for this tag (PBN 4.8)",
                    line=place >> 32,
                    col=place & 0xFFFFFFFF,
                    path=name,
                )
            if value.startswith("##"):
                value = header[name] = value[2:]
            elif value == "#":
                value = self.previous.get(name, "")
            elif name in header:
                header[name] = value  # a redefined header value goes on (4.8)
            game.tags[name] = value
            game.at.append(place)
        for name, value in header.items():
            game.tags.setdefault(name, value)
        self.previous = game.tags


def _decode(data: bytes) -> str:
    """PBN files are ISO 8859-1 (2.2); many real ones are UTF-8: try that first."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def parse_pbn(text: str, file: str = "<pbn>") -> PbnGames:
    """The games of a PBN text (import format; see the module text).

    :raises FileFormatError: ``FILE:LINE:COL`` for what cannot be read.
    """
    return _Tokenizer(file).read(text.removeprefix("\ufeff"))


def read_pbn(path: str | os.PathLike[str]) -> PbnGames:
    """The games of a PBN file.

    :raises FileFormatError: for what cannot be read.
    :raises OSError: when the file cannot be opened.
    """
    return parse_pbn(_decode(read_bytes(path)), os.fspath(path))


def deals_from_pbn(
    games: Iterable[PbnGame],
    board: str | None = None,
    cards_each: int = 13,
    file: str | None = None,
) -> list[tuple[Hand, Hand, Hand, Hand]]:
    """The deals to play from a file's games: every game with a Deal tag in
    file order, or only the game whose Board tag is ``board``.

    :raises FileFormatError: when there is no such board, no deal, or a deal
        that cannot be played (see :meth:`PbnGame.full_deal`); ``file``
        names a file with no games at all.
    """
    return [g.full_deal(cards_each) for g in choose_board(games, board, file)]


def choose_board(
    games: Iterable[PbnGame], board: str | None = None, file: str | None = None
) -> list[PbnGame]:
    """Every game with a Deal tag in file order, or only the (first) game
    whose Board tag is ``board``.

    :raises FileFormatError: when there is no such board, or no deal; ``file``
        names a file with no games at all.
    """
    games = games if isinstance(games, Sequence) else list(games)  # PbnGames: built as read
    file = games[0].file if games else (file or "<pbn>")
    if board is not None:
        chosen = [g for g in games if (g.board or "").strip() == board]
        if not chosen:
            boards = ", ".join(sorted({g.board for g in games if g.board}, key=_board_key))
            raise FileFormatError(
                file,
                f"no board {board[:40]!r} in this file"
                + (f" (boards: {boards[:200]})" if boards else ""),
                path="Board",
            )
        return chosen[:1]
    chosen = [g for g in games if "Deal" in g.tags]
    if not chosen:
        raise FileFormatError(file, "no game in this file has a Deal tag", path="Deal")
    return chosen


def _board_key(text: str) -> tuple[int, str]:
    # ASCII digits only: "²" is a digit to str.isdigit() but no number to int()
    return (int(text), "") if text.isascii() and text.isdecimal() else (1 << 30, text)
