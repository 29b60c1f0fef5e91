"""Reading the files a user names: never without end, never a raw decoding error.

Every input file (a rule file, a scenario file, a PBN file, a game record, a
saved game) is read through :func:`read_bytes`, the one reading function. It
opens the file without waiting (a FIFO with no writer would block for ever),
refuses anything but a regular file (a FIFO, a device such as ``/dev/zero``, a
socket, a directory) and stops at a size limit (:data:`MAX_BYTES`, or the
caller's smaller one, such as :data:`MAX_RULE_FILE_BYTES`), each with a clear
error that names the file. docs/limits.md lists every limit.
"""

from __future__ import annotations

import os
import stat

from ..errors import FileFormatError

__all__ = [
    "MAX_BYTES",
    "MAX_NAME_CHARS",
    "MAX_RULE_FILE_BYTES",
    "FileTooLargeError",
    "NotAFileError",
    "clip",
    "not_a_file",
    "read_bytes",
    "read_utf8",
]

MAX_BYTES = 64 * 2**20
"""The most bytes an input file may hold (64 MiB: far more than any record or
PBN file of real use)."""

MAX_RULE_FILE_BYTES = 256 * 2**10
"""The most bytes a rule file or a scenario file may hold (256 KiB, some 15
times the largest built-in rule file); a larger one is refused unread. Under
it a file is read in under 10 times its size plus 2 MiB, and a second per MiB
plus 10 ms (docs/limits.md, ``language.yamlsrc.MAX_VALUES``)."""

MAX_NAME_CHARS = 100
"""The most characters of a user's input (a file name, an argument) that an
error message repeats; longer ones are cut in the middle (:func:`clip`)."""

_KINDS = (
    (stat.S_ISDIR, "it is a directory"),
    (stat.S_ISFIFO, "it is a FIFO (named pipe), not a regular file"),
    (stat.S_ISCHR, "it is a character device, not a regular file"),
    (stat.S_ISBLK, "it is a block device, not a regular file"),
    (stat.S_ISSOCK, "it is a socket, not a regular file"),
)


class FileTooLargeError(FileFormatError):
    """A file larger than the limit it is read with."""


class NotAFileError(FileFormatError):
    """A name that is not a regular file: a directory, a FIFO, a device, a socket,
    or no name at all."""


def clip(text: str, limit: int = MAX_NAME_CHARS) -> str:
    """``text`` as an error message repeats it: at most ``limit`` characters.

    >>> clip("abc")
    'abc'
    >>> clip("x" * 1000, 21)
    'xxxxxxxxx…xxxxxxxxxx (1000 characters)'
    """
    if len(text) <= limit:
        return text
    head = (limit - 1) // 2
    tail = limit - 1 - head
    return f"{text[:head]}…{text[-tail:]} ({len(text)} characters)"


def not_a_file(path: str | os.PathLike[str]) -> str | None:
    """Why ``path`` is not a file to read (``"it is a directory"``), or
    ``None`` for a regular file or a name that cannot be looked at (its reading
    will say why). :func:`read_bytes` checks again on the file it opens."""
    try:
        mode = os.stat(path).st_mode
    except (OSError, ValueError):
        return None
    return next((what for is_kind, what in _KINDS if is_kind(mode)), None)


def read_bytes(path: str | os.PathLike[str], limit: int | None = None) -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes (:data:`MAX_BYTES`).

    :raises NotAFileError: ``FILE:1:1: error: cannot read the file: it is a
        directory`` (a FIFO, a device, a socket; or an empty name).
    :raises FileTooLargeError: ``FILE:1:1: error: the file is larger than N bytes``.
    :raises OSError: when the file cannot be opened or read (its ``filename``
        is the name given).
    """
    name = os.fspath(path)
    limit = MAX_BYTES if limit is None else limit
    if not name:
        raise NotAFileError("''", "no file name given (an empty name)", line=1, col=1)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(name, flags)
    try:
        status = os.fstat(fd)
        mode, size = status.st_mode, status.st_size
        for is_kind, what in _KINDS:
            if is_kind(mode):
                message = f"cannot read the file: {what}"
                raise NotAFileError(clip(name), message, line=1, col=1)
    except BaseException:
        os.close(fd)
        raise
    chunks: list[bytes] = []
    total = 0
    with os.fdopen(fd, "rb", buffering=0) as fh:
        if size <= limit:  # else refused unread (the size is checked again below)
            os.set_blocking(fd, True)
            # What the size says and a byte more, read into a buffer of that
            # size (not 64 KiB: a small file's reading would peak at that),
            # then 64 KiB at a time if the file holds more (it grew; /proc
            # says 0); one chunk is the bytes returned, not copied.
            while total <= limit:
                step = size + 1 - total if total <= size else 1 << 16
                more = fh.read(min(step, limit + 1 - total))
                if not more:
                    break
                chunks.append(more)
                total += len(more)
                del more
    if size > limit or total > limit:
        raise FileTooLargeError(clip(name), f"the file is larger than {limit} bytes", line=1, col=1)
    return b"".join(chunks)


def read_utf8(path: str | os.PathLike[str], limit: int | None = None) -> str:
    """The text of a UTF-8 file of at most ``limit`` bytes (:data:`MAX_BYTES`).

    :raises FileFormatError: for a file too large, not a file, or not UTF-8
        (located at the line and column of the first bad byte).
    :raises OSError: when the file cannot be opened or read.
    """
    raw = read_bytes(path, limit)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        before = raw[: error.start]
        line = before.count(b"\n") + 1
        col = len(before[before.rfind(b"\n") + 1 :].decode("utf-8", "replace")) + 1
        raise FileFormatError(
            clip(os.fspath(path)),
            f"the file is not valid UTF-8 (byte 0x{raw[error.start]:02x})",
            line=line,
            col=col,
        ) from None
