"""Reading the files a user names: never without end, never a raw decoding error.

Every input file (a rule file, a scenario file, a PBN file, a game record, a
saved game) is read through :func:`read_bytes`, which stops at
:data:`MAX_BYTES`: a device such as ``/dev/zero`` or a file given by mistake
is refused with a clear error instead of filling the memory.
"""

from __future__ import annotations

import os

from ..errors import FileFormatError

__all__ = ["MAX_BYTES", "FileTooLargeError", "read_bytes", "read_utf8"]

MAX_BYTES = 64 * 2**20
"""The most bytes an input file may hold (64 MiB: far more than any rule
file, record or PBN file of real use)."""


class FileTooLargeError(FileFormatError):
    """A file larger than :data:`MAX_BYTES`."""


def read_bytes(path: str | os.PathLike[str]) -> bytes:
    """The bytes of a file of at most :data:`MAX_BYTES`.

    :raises FileTooLargeError: ``FILE:1:1: error: the file is larger than N bytes``.
    :raises OSError: when the file cannot be opened or read.
    """
    limit = MAX_BYTES
    with open(path, "rb") as fh:
        data = fh.read(limit + 1)
    if len(data) > limit:
        raise FileTooLargeError(
            os.fspath(path), f"the file is larger than {limit} bytes", line=1, col=1
        )
    return data


def read_utf8(path: str | os.PathLike[str]) -> str:
    """The text of a UTF-8 file of at most :data:`MAX_BYTES`.

    :raises FileFormatError: for a file too large, or not UTF-8 (located at
        the line and column of the first bad byte).
    :raises OSError: when the file cannot be opened or read.
    """
    raw = read_bytes(path)
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as error:
        before = raw[: error.start]
        line = before.count(b"\n") + 1
        col = len(before[before.rfind(b"\n") + 1 :].decode("utf-8", "replace")) + 1
        raise FileFormatError(
            os.fspath(path),
            f"the file is not valid UTF-8 (byte 0x{raw[error.start]:02x})",
            line=line,
            col=col,
        ) from None
