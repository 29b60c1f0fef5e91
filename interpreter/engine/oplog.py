"""The game's log, kept small: :attr:`Game.log <dummybridge.engine.game.Game.log>`.

A game logs about 1.3 entries for every action (a card, and a trick every
four), and a long session keeps them all: as named tuples (an
:class:`~.actions.Operation`, its index, a trick's detail), a record's replay
held about 15 times the record's size in its log alone, where issue 22 asks
for under 10 times in all. So once :data:`PACK_AFTER` entries have gathered,
the next deal's start *packs* them: each becomes one 64-bit integer in an
array (its kind, seat, player and action, and a trick's number, cards and
leader); any other detail (the deal's hands, the sight, the score), or an
entry that does not fit (a player who is none of the game's), is kept aside
as it was logged, but a flat one (laws mode's: ``{"revoke": ..., "trick":
...}``, text, numbers and truth values only), kept as a tuple of its names
(shared) and values, some 80 bytes for the 260 of a mapping. Reading an entry unpacks it into an
:class:`~.actions.Operation` equal to the one logged (the same fields; a
trick's detail built when first read, as before). A game of a rubber or two,
a bot's or a simulation's, never packs, and plays at the speed it did.

The entries not packed yet, :attr:`OpLog.entries`, are the list the C card
step appends to (the game's ``_ops``, after its ``_packed`` packed ones:
:mod:`.hotpath`). :class:`OpLog` reads as a read-only sequence of
operations: ``len``, indexing, slices (a list), iteration, ``reversed``, and
``==`` with another log or a list of operations.

>>> from dummybridge.engine.opkinds import OpKind
>>> from dummybridge.engine.actions import Action, Operation
>>> from dummybridge.core.cards import Seat
>>> log = OpLog(("A", "B", "C", "D"))
>>> log.entries.append(Operation(0, OpKind.PLAY, Seat.NORTH, "B", Action.play("SA")))
>>> log.pack(), log.entries, len(log)
(1, [], 1)
>>> log[0] == Operation(0, OpKind.PLAY, Seat.NORTH, "B", Action.play("SA"))
True
"""

from __future__ import annotations

import threading
from array import array
from collections.abc import Collection, Iterator, Sequence
from itertools import compress, repeat
from operator import is_, itemgetter
from types import MappingProxyType
from typing import Any, overload

from ..core.cards import SEATS, Card, Seat
from ._lazy import LazyDetail
from .actions import Action, Operation
from .opkinds import NO_DETAIL, OpKind

__all__ = ["PACK_AFTER", "OpLog", "trick_detail"]

_new_op = tuple.__new__
_KINDS = tuple(OpKind)
_KIND_CODE = {kind: i for i, kind in enumerate(_KINDS)}
_CARDS = tuple(Card(i) for i in range(52))
# The fields of a packed entry, from bit 0: the kind (7 bits), the seat + 1
# (3: 0 for none), the player's place + 1 (3), the form of its detail (2: none,
# a trick's, another kept aside, or the whole entry kept aside), the action's
# number + 1 (16: 0 for none), and then for a trick its number (4), its four
# cards (6 each) and its leader (2), for what is kept aside its place there:
# at most 61 bits (the array's items are signed 64-bit integers).
_SEAT_AT, _PLAYER_AT, _FORM_AT, _ACTION_AT, _DETAIL_AT = 7, 10, 13, 15, 31
_KIND_MASK = 127
_TRICK, _ASIDE, _WHOLE = 1, 2, 3
_MOST_ACTIONS = 2**16 - 1
#: how many entries the game lets gather before it packs them (at a deal's start)
PACK_AFTER = 512
_MEMO_SIZE = 4096  # the most (kind, seat, player, action) a memo remembers the code of
_MEMOS_KEPT = 16  # the most memos kept, one for each set of players in turn
_MEMOS: dict[tuple[str, ...], dict[tuple[Any, ...], int]] = {}
_KEY, _DETAIL = itemgetter(slice(1, 5)), itemgetter(5)
_NO_DETAIL_ID = id(NO_DETAIL)
_FLAT = frozenset((str, int, bool, type(None)))  # a value a flat detail holds
_NAMES: dict[tuple[str, ...], tuple[str, ...]] = {}  # each flat detail's names, once
assert len(_KINDS) <= _KIND_MASK + 1, "a packed entry holds its kind in 7 bits"

#: every action an entry was packed with, by its number (actions are
#: interned: a few hundred in any process)
_ACTIONS: list[Action] = []
_ACTION_NUMBER: dict[Action, int] = {}
_NUMBERING = threading.Lock()


def trick_detail(number: int, cards: tuple[Card, ...], leader: Seat) -> dict[str, Any]:
    """A trick's log detail (built by the C module's trick_won when first read)."""
    return {"number": number, "cards": [c.code for c in cards], "leader": leader.letter}


def _action_code(action: Action | None) -> int:
    """The action's number + 1 (0 for none), or -1 when too many are numbered."""
    if action is None:
        return 0
    number = _ACTION_NUMBER.get(action)
    if number is None:
        # (games in several threads, a Dask worker's or the web server's, may
        # number actions at once: a number is given under the lock, and only
        # once its action is in the list)
        with _NUMBERING:
            number = _ACTION_NUMBER.get(action)
            if number is None:
                if len(_ACTIONS) >= _MOST_ACTIONS or action.__class__ is not Action:
                    return -1
                _ACTIONS.append(action)
                number = _ACTION_NUMBER[action] = len(_ACTIONS) - 1
    return number + 1


def _is_trick(detail: Any) -> bool:
    """Whether a detail is a trick's as the card step makes it (its number and
    four cards fit a packed entry)."""
    if detail.__class__ is not LazyDetail or detail._build is not trick_detail:
        return False
    number, cards, _ = detail._raw
    return 1 <= number <= 15 and len(cards) == 4


def _flat(detail: Any) -> Any:
    """A detail to keep aside: a flat one (a read-only mapping of text,
    numbers and truth values) as ``(names, *values)``, the names shared."""
    if detail.__class__ is not MappingProxyType or not _FLAT.issuperset(map(type, detail.values())):
        return detail
    names = tuple(detail)
    return (_NAMES.setdefault(names, names), *detail.values())


class OpLog(Sequence[Operation]):
    """A game's log: the entries of the deals before packed, then the others.

    :param players: the game's players (an entry names one of them).
    """

    __slots__ = ("_aside", "_codes", "_memo", "entries", "players")

    _memo: dict[tuple[Any, ...], int]

    def __init__(self, players: Sequence[str]) -> None:
        #: the entries not packed yet, the last of the log (the game's ``_ops``)
        self.entries: list[Operation] = []
        self.players = tuple(players)
        self._codes = array("q")  # the packed entries, the first of the log
        self._aside: list[Any] = []  # what a code keeps aside: details, whole entries
        # the code of each (kind, seat, player, action) seen, shared by the
        # games of the same players (a game of a few deals fills few of them)
        memo = _MEMOS.get(self.players)
        if memo is None:
            if len(_MEMOS) >= _MEMOS_KEPT:
                _MEMOS.clear()
            memo = _MEMOS[self.players] = {}
        self._memo = memo

    @property
    def packed(self) -> int:
        """How many entries are packed (the first of the log)."""
        return len(self._codes)

    # ------------------------------------------------------------------ packing

    def pack(self, least: int = 0) -> int:
        """Pack the entries not packed yet, if there are at least ``least``.

        The game asks for :data:`PACK_AFTER` at every deal, so that a game
        of a rubber or two (a bot's, a simulation's) never packs; this runs
        in C loops (``map``) over the entries but those with a detail or not
        seen before (about a third of a microsecond an entry).

        :returns: how many entries are packed now (:attr:`packed`).
        """
        entries = self.entries
        n = len(entries)
        if n < least or not n:
            return len(self._codes)
        chunk: list[Any] = entries[:]
        codes = list(map(self._memo.get, map(_KEY, chunk)))
        special = set(compress(range(n), map(_NO_DETAIL_ID.__ne__, map(id, map(_DETAIL, chunk)))))
        special.update(compress(range(n), map(is_, codes, repeat(None))))
        memo, aside = self._memo, self._aside
        for i in sorted(special):
            op = chunk[i]
            code = memo.get(op[1:5])
            if code is None:
                code = self._code(op)
            detail: Any = op[5]
            if code < 0:  # kept whole
                code = len(aside) << _DETAIL_AT | _WHOLE << _FORM_AT
                aside.append(op)
            elif _is_trick(detail):
                number, (a, b, c, d), leader = detail._raw
                bits = number | a._index << 4 | b._index << 10 | c._index << 16 | d._index << 22
                code |= (bits | leader << 28) << _DETAIL_AT | _TRICK << _FORM_AT
            elif detail is not NO_DETAIL:
                code |= len(aside) << _DETAIL_AT | _ASIDE << _FORM_AT
                aside.append(_flat(detail))
            codes[i] = code
        self._codes.extend(codes)  # type: ignore[arg-type]  # every one an int now
        del entries[:]
        return len(self._codes)

    def _code(self, op: Operation) -> int:
        """An entry's code but its detail's bits, or -1 if it cannot be packed."""
        key = op[1:5]
        known = self._memo.get(key)
        if known is not None:
            return known
        _, kind, seat, player, action, _ = op
        kind_code = _KIND_CODE.get(kind)  # type: ignore[call-overload]
        action_code = _action_code(action)
        if player is None:
            place = 0
        elif player in self.players and self.players.index(player) < 7:
            place = self.players.index(player) + 1
        else:
            return -1
        if kind_code is None or action_code < 0 or not (seat is None or seat.__class__ is Seat):
            return -1
        seat_code = 0 if seat is None else int(seat) + 1
        code: int = (
            kind_code | seat_code << _SEAT_AT | place << _PLAYER_AT | action_code << _ACTION_AT
        )
        if len(self._memo) < _MEMO_SIZE:
            self._memo[key] = code
        return code

    def _unpack(self, index: int) -> Operation:
        code = self._codes[index]
        form = code >> _FORM_AT & 3
        if form == _WHOLE:
            return self._aside[code >> _DETAIL_AT]  # type: ignore[no-any-return]
        seat = code >> _SEAT_AT & 7
        place = code >> _PLAYER_AT & 7
        action = code >> _ACTION_AT & _MOST_ACTIONS
        detail: Any = NO_DETAIL
        if form == _TRICK:
            bits = code >> _DETAIL_AT
            cards = tuple(_CARDS[bits >> (4 + 6 * i) & 63] for i in range(4))
            detail = LazyDetail(trick_detail, (bits & 15, cards, SEATS[bits >> 28 & 3]))
        elif form == _ASIDE:
            detail = self._aside[code >> _DETAIL_AT]
            if detail.__class__ is tuple:  # a flat detail: names, then values
                detail = MappingProxyType(dict(zip(detail[0], detail[1:], strict=True)))
        return _new_op(
            Operation,
            (
                index,
                _KINDS[code & _KIND_MASK],
                None if seat == 0 else SEATS[seat - 1],
                None if place == 0 else self.players[place - 1],
                None if action == 0 else _ACTIONS[action - 1],
                detail,
            ),
        )

    # ----------------------------------------------------------------- reading

    def __len__(self) -> int:
        return len(self._codes) + len(self.entries)

    @overload
    def __getitem__(self, index: int) -> Operation: ...
    @overload
    def __getitem__(self, index: slice) -> list[Operation]: ...
    def __getitem__(self, index: int | slice) -> Operation | list[Operation]:
        if isinstance(index, slice):
            return [self._at(i) for i in range(*index.indices(len(self)))]
        size = len(self)
        if not -size <= index < size:
            raise IndexError("log index out of range")
        return self._at(index + size if index < 0 else index)

    def _at(self, index: int) -> Operation:
        packed = len(self._codes)
        return self._unpack(index) if index < packed else self.entries[index - packed]

    def __iter__(self) -> Iterator[Operation]:
        for i in range(len(self._codes)):
            yield self._unpack(i)
        yield from self.entries

    def of_kinds(self, kinds: Collection[str]) -> Iterator[Operation]:
        """The entries of the given kinds, in order: those packed of any
        other kind are passed over unread (a reader of the deals, the PBN
        export's, skips the cards, three entries in four)."""
        wanted = [kind in kinds for kind in _KINDS]  # by kind code (a kind equals its value)
        codes = self._codes
        kinds_of = map(_KIND_MASK.__and__, codes)
        for i in compress(range(len(codes)), map(wanted.__getitem__, kinds_of)):
            yield self._unpack(i)
        for op in self.entries:
            if op.kind in kinds:
                yield op

    def __reversed__(self) -> Iterator[Operation]:
        yield from reversed(self.entries)
        for i in range(len(self._codes) - 1, -1, -1):
            yield self._unpack(i)

    def copy(self) -> list[Operation]:
        """The operations as a list (as a list's ``copy()`` gave them)."""
        return list(self)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, OpLog | list):  # as a list: equal to a list, not a tuple
            return len(self) == len(other) and all(a == b for a, b in zip(self, other, strict=True))
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # a mutable sequence's: unhashable

    def __repr__(self) -> str:
        return f"OpLog({list(self)!r})"
