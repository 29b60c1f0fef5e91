"""Log details built on first reading.

A game logs a few entries for every deal (the hands dealt, each trick, the
score), and most are never read: a bot plays deal after deal, and a record is
its actions. :class:`LazyDetail` keeps the raw, immutable data an entry is made
from (card numbers, hands as bits, frozen score entries) and builds the
JSON-compatible mapping -- PBN texts, card codes, seat letters -- the first
time anyone reads it; after that it is that mapping, read-only.

>>> detail = LazyDetail(lambda n, c: {"number": n, "cards": list(c)}, (1, (51, 12)))
>>> detail == {"number": 1, "cards": [51, 12]}, detail["number"], len(detail)
(True, 1, 2)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

__all__ = ["LazyDetail"]


class LazyDetail(Mapping[str, Any]):
    """A read-only mapping ``build(*raw)``, built when first read.

    :param build: makes the mapping; it must depend only on ``raw``.
    :param raw: its arguments: immutable data (a snapshot of the moment logged).
    """

    __slots__ = ("_build", "_data", "_raw")

    _data: dict[str, Any] | None

    def __init__(self, build: Callable[..., dict[str, Any]], raw: tuple[Any, ...]) -> None:
        # (dummybridge.engine._speedups makes a trick's detail as this does, setting
        # the three slots itself: keep the two in step)
        self._build = build
        self._raw = raw
        self._data = None

    def _get(self) -> dict[str, Any]:
        data = self._data
        if data is None:
            data = self._data = self._build(*self._raw)
        return data

    def unkept(self) -> dict[str, Any]:
        """The mapping, for one reading: built again, and not kept, if it
        has not been read before (a reader of a whole log, the PBN export's,
        would otherwise leave every entry it read built: some 3 times a
        record's size). Read it, never change it."""
        data = self._data
        return self._build(*self._raw) if data is None else data

    def __getitem__(self, key: str) -> Any:
        return self._get()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._get())

    def __len__(self) -> int:
        return len(self._get())

    def __contains__(self, key: object) -> bool:
        return key in self._get()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, LazyDetail):
            return self._get() == other._get()
        if isinstance(other, Mapping):
            return self._get() == dict(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # a mapping: unhashable, as a mappingproxy

    def __repr__(self) -> str:
        return f"LazyDetail({self._get()!r})"

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return (_built, (self._get(),))


def _built(data: dict[str, Any]) -> LazyDetail:
    """A detail already built (for pickling: the builder need not be importable)."""
    detail = LazyDetail(dict, ())
    detail._data = data
    return detail
