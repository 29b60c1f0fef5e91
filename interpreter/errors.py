"""The exception hierarchy of dummybridge, and diagnostics for rule files.

Every error the package raises on purpose derives from :class:`DummyBridgeError`.
Errors about a bad *value* also derive from :class:`ValueError`, split by cause
(in the manner of python-chess):

- :class:`InvalidNotationError`: text that is not a card code, a PBN hand or a
  PBN deal;
- :class:`OutOfRangeError`: a number outside its range (a card number, suit,
  strain, seat or count);
- :class:`InvalidDealError`: cards that cannot form the deal or position given
  (a card held twice, a hand of the wrong size, an impossible trick);
- :class:`IllegalActionError`: a well-formed action the rules forbid now.

:class:`CoreError` reports a failure of the C core that no caller input
explains (a bug). An error raised for a status of the C core carries that
status in ``.status`` (an ``int``, a ``dbr_status`` code) and its name in
``.status_name`` (``"E_PARSE"``); errors found in Python have ``None`` there.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

__all__ = [
    "CoreError",
    "Diagnostic",
    "DummyBridgeError",
    "FileFormatError",
    "IllegalActionError",
    "InvalidDealError",
    "InvalidNotationError",
    "OutOfRangeError",
    "RuleFileError",
]


class DummyBridgeError(Exception):
    """The base class of every error raised by dummybridge.

    :ivar status: the C core's status code behind the error, or ``None``.
    :ivar status_name: that status's name without prefix (``"E_CARD"``), or ``None``.
    """

    status: int | None = None
    status_name: str | None = None


class InvalidNotationError(DummyBridgeError, ValueError):
    """Text that is not valid notation: a card code, a PBN hand or deal, a name."""


class FileFormatError(InvalidNotationError):
    """A data file that cannot be read (a PBN file, a game record), located
    as far as it can be: ``FILE:LINE:COL: error: PATH: message``.

    >>> str(FileFormatError("a.pbn", "bad deal", line=3, col=1, path="Deal"))
    'a.pbn:3:1: error: Deal: bad deal'
    >>> str(FileFormatError("g.json", "not a list", path="$.actions"))
    'g.json: error: $.actions: not a list'

    :ivar file: the file name as given.
    :ivar line: the 1-based line, or ``None``.
    :ivar col: the 1-based column, or ``None``.
    :ivar path: where in the document (a tag name, a JSON path), or ``None``.
    :ivar message: what is wrong.
    """

    def __init__(
        self,
        file: str,
        message: str,
        *,
        line: int | None = None,
        col: int | None = None,
        path: str | None = None,
    ) -> None:
        self.file, self.line, self.col, self.path, self.message = file, line, col, path, message
        where = (
            file
            + (f":{line}" if line is not None else "")
            + (f":{col}" if line is not None and col is not None else "")
        )
        super().__init__(f"{where}: error: {path + ': ' if path else ''}{message}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (_file_format_error, (self.file, self.message, self.line, self.col, self.path))


def _file_format_error(
    file: str, message: str, line: int | None, col: int | None, path: str | None
) -> FileFormatError:
    return FileFormatError(file, message, line=line, col=col, path=path)


class OutOfRangeError(DummyBridgeError, ValueError):
    """A number outside its range: a card, suit, strain, seat or count."""


class InvalidDealError(DummyBridgeError, ValueError):
    """Cards that cannot be the deal or position given.

    A card held twice, a hand with the wrong number of cards, or an impossible
    current trick.
    """


class IllegalActionError(DummyBridgeError, ValueError):
    """A well-formed action that the rules do not allow now (a revoke, a card not held)."""


class CoreError(DummyBridgeError):
    """A failure of the C core that no input explains, such as a NULL pointer.

    Seeing one is a bug in dummybridge; :attr:`status` and :attr:`status_name`
    say what the core reported.
    """

    status: int
    status_name: str

    def __init__(self, message: str, status: int, status_name: str) -> None:
        super().__init__(message)
        self.status = status
        self.status_name = status_name

    def __reduce__(self) -> tuple[type[CoreError], tuple[str, int, str]]:
        return (type(self), (str(self), self.status, self.status_name))


@dataclass(frozen=True, slots=True)
class Diagnostic:
    """One problem found in a rule file, located by position and by document path.

    :ivar file: the file name as given by the user.
    :ivar line: the 1-based line.
    :ivar col: the 1-based column.
    :ivar path: the JSON path in the document (``"$.scoring[1].per_trick"``).
    :ivar message: what is wrong.
    :ivar hint: how to fix it, taken from the schema, if any.
    :ivar severity: ``"error"`` or ``"warning"``.

    >>> Diagnostic("rules/x.yaml", 12, 5, "$.honours[2]", "'ten' is not of type 'integer'").format()
    "rules/x.yaml:12:5: error: $.honours[2]: 'ten' is not of type 'integer'"
    """

    file: str
    line: int
    col: int
    path: str
    message: str
    hint: str | None = None
    severity: Literal["error", "warning"] = "error"

    def format(self) -> str:
        """The diagnostic as text: one line, plus an indented ``hint:`` line if there is a hint.

        :returns: ``"FILE:LINE:COL: SEVERITY: PATH: MESSAGE"`` and maybe ``"\\n  hint: HINT"``.
        """
        text = f"{self.file}:{self.line}:{self.col}: {self.severity}: {self.path}: {self.message}"
        if self.hint:
            text += f"\n  hint: {self.hint}"
        return text

    def to_data(self) -> dict[str, str | int | None]:
        """The diagnostic as JSON-compatible data: ``file``, ``line``, ``column``,
        ``path``, ``severity``, ``message``, ``hint``."""
        return {
            "file": self.file,
            "line": self.line,
            "column": self.col,
            "path": self.path,
            "severity": self.severity,
            "message": self.message,
            "hint": self.hint,
        }


class RuleFileError(DummyBridgeError):
    """A rule file that cannot be loaded; it carries every problem found.

    :ivar diagnostics: the problems, sorted by position.
    """

    diagnostics: tuple[Diagnostic, ...]

    def __init__(self, diagnostics: tuple[Diagnostic, ...] | list[Diagnostic]) -> None:
        self.diagnostics = tuple(diagnostics)
        super().__init__("\n".join(d.format() for d in self.diagnostics))

    def __reduce__(self) -> tuple[type[RuleFileError], tuple[tuple[Diagnostic, ...]]]:
        return (type(self), (self.diagnostics,))
