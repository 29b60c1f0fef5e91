"""Writing the files a user names (saves, records, PBN exports): never over what is not ours.

A save (``play --seat --save FILE``), a game record (``play --record FILE``)
or a PBN export (``export -o FILE``) is written only to a path that is

- absent (a new file), or
- a regular file that is empty or already a file of the same kind that
  dummybridge wrote, recognised by its content: for a save or record, a JSON
  object whose first key is ``"format"`` with a value ``dummybridge-...``;
  for a PBN export, ``% PBN`` and ``% EXPORT`` lines and nothing more, or a
  first game whose ``Generator`` tag names dummybridge; or
- with ``force``: any other regular file, or a symbolic link (the link is
  replaced by the file; what it pointed to is left alone).

A directory, a device node, a FIFO or a socket is refused even with
``force``. :func:`check_target` says so before any play, naming the path.

:func:`write_atomic` writes the text (:func:`write_streamed`, parts made as
they are asked for: a PBN export a game at a time) to a temporary file
``.dummybridge-XXXXXXXX.tmp`` in the target's directory, syncs it to disk and
renames it over the target (``os.replace`` is atomic), then syncs the
directory. SIGINT and SIGTERM are held back while the temporary file exists
(their handlers are swapped for one that notes them), so that no
interruption leaves one behind; they take effect as soon as it is gone: at
once after a stop between two parts, which removes the temporary file and
leaves the old file as it was.
Only ``kill -9`` (or a crash of the machine) can leave one, and
:func:`remove_stale_temporaries` removes those at the next start (the rule is
in its docstring).
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import stat
import tempfile
import threading
import time
from collections.abc import Iterable, Iterator

from ..errors import DummyBridgeError

__all__ = [
    "STALE_AFTER",
    "TEMP_PREFIX",
    "TEMP_SUFFIX",
    "OutputRefusedError",
    "check_target",
    "is_ours",
    "remove_stale_temporaries",
    "write_atomic",
    "write_streamed",
]

TEMP_PREFIX = ".dummybridge-"
TEMP_SUFFIX = ".tmp"
#: how old (in seconds, before this program started) a temporary file must be
#: for :func:`remove_stale_temporaries` to take it as a leftover
STALE_AFTER = 60.0

#: when this program started (this module is imported by the first write)
_STARTED = time.time()
#: the names :func:`tempfile.mkstemp` gives with our prefix and suffix
_TEMP_NAME = re.compile(re.escape(TEMP_PREFIX) + r"[A-Za-z0-9_]{8}" + re.escape(TEMP_SUFFIX))
#: the start of a file this program wrote: ``{"format": "dummybridge-record/1", ...``
_OURS = re.compile(rb'\A\s*\{\s*"format"\s*:\s*"dummybridge-[a-z]+/[0-9]+"')
_HEAD_BYTES = 256
#: the start of a PBN file this program exported, and its first game's Generator tag
_OURS_PBN = re.compile(rb"\A% PBN [0-9.]+\r?\n% EXPORT\r?\n")
_OUR_GENERATOR = re.compile(rb'^\[Generator "dummybridge[ "]', re.MULTILINE)
_PBN_HEAD_BYTES = 16384  # a first game's tags: names of up to 100 characters


class OutputRefusedError(DummyBridgeError):
    """An output path that may not be written (message names it and why)."""


def is_ours(path: str | os.PathLike[str], *, pbn: bool = False) -> bool:
    """Whether a regular file is empty or begins as a dummybridge save or
    record does (with ``pbn``: as a PBN file dummybridge exported does)."""
    with open(path, "rb") as fh:
        head = fh.read(_PBN_HEAD_BYTES if pbn else _HEAD_BYTES)
    if not head.strip():
        return True
    if not pbn:
        return _OURS.match(head) is not None
    start = _OURS_PBN.match(head)
    if start is None:
        return False
    first = re.split(rb"\r?\n[ \t]*\r?\n", head[start.end() :], maxsplit=1)[0]
    return not first.strip() or _OUR_GENERATOR.search(first) is not None


def check_target(path: str, what: str, *, force: bool = False, pbn: bool = False) -> None:
    """Refuse an output path that is not absent or a save/record of ours
    (with ``pbn``: a PBN export of ours).

    :param path: the file to be written, as the user gave it.
    :param what: how the user named it, for messages (``--save``).
    :param force: allow a foreign regular file, or a symbolic link.
    :raises OutputRefusedError: ``--save x: ... : name another file`` and why.
    """
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return
    except OSError as exc:
        raise OutputRefusedError(f"{what} {path}: {exc.strerror}") from None
    mode = st.st_mode
    if stat.S_ISLNK(mode):
        if force:
            return
        raise OutputRefusedError(
            f"{what} {path} is a symbolic link (to {os.readlink(path)}): name the file "
            "itself, or give --force to replace the link"
        )
    if stat.S_ISDIR(mode):
        raise OutputRefusedError(f"{what} {path} is a directory: name a file")
    if not stat.S_ISREG(mode):
        kind = (
            "a FIFO" if stat.S_ISFIFO(mode) else "a socket" if stat.S_ISSOCK(mode) else "a device"
        )
        raise OutputRefusedError(f"{what} {path} is {kind}, not a regular file: name a file")
    if force:
        return
    try:
        ours = is_ours(path, pbn=pbn)
    except OSError as exc:
        raise OutputRefusedError(f"{what} {path}: {exc.strerror}") from None
    if not ours:
        kind = "a PBN file dummybridge exported" if pbn else "a dummybridge save or record"
        raise OutputRefusedError(
            f"{what} {path} exists and is not {kind}: "
            "name another file, or give --force to replace it"
        )


@contextlib.contextmanager
def _signals_held() -> Iterator[list[int]]:
    """Hold SIGINT and SIGTERM back: the block gets the list of those that
    came (so that a long write can stop early); on leaving, the first that
    came is raised again, to the handler that was there before (Python runs
    signal handlers in the main thread only, so elsewhere there is nothing
    to hold)."""
    came: list[int] = []
    if threading.current_thread() is not threading.main_thread():
        yield came
        return

    def hold(signum: int, frame: object) -> None:
        came.append(signum)

    held = (signal.SIGINT, signal.SIGTERM)
    before = {s: signal.signal(s, hold) for s in held}
    try:
        yield came
    finally:
        for s, handler in before.items():
            signal.signal(s, signal.SIG_DFL if handler is None else handler)
        if came:
            signal.raise_signal(came[0])


def write_atomic(path: str, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` so that the file is always whole
    (:func:`write_streamed`, with the text as its one part).

    :raises OSError: if the file cannot be written, naming ``path`` (never
        the temporary file).
    """
    write_streamed(path, (text.encode("utf-8"),))


def write_streamed(path: str, parts: Iterable[bytes]) -> None:
    """Write ``parts`` to ``path`` in turn, each made as it is asked for (a
    long export need hold one game's text, not the file's), so that the file
    is always whole.

    A reader, or a program killed at any moment, sees either the old file or
    the new one, never a mixture; no temporary file outlives the call except
    after ``kill -9``. A failure before the end (an error raised while the
    parts are made, a full disk) removes the temporary file, leaves the old
    file as it was and is raised again; so does SIGINT or SIGTERM, held back
    while the temporary file exists: the writing stops at the next part and
    the signal goes, once the temporary file is gone, to the handler that was
    there before. The target is not checked here: see :func:`check_target`.

    :raises OSError: if the file cannot be written, naming ``path`` (never
        the temporary file); an error raised by ``parts`` as it was.
    """
    folder = os.path.dirname(os.path.abspath(path))
    with _signals_held() as came:
        with _naming(path):
            fd, tmp = tempfile.mkstemp(prefix=TEMP_PREFIX, suffix=TEMP_SUFFIX, dir=folder)
        try:
            try:
                whole = _fill(fd, parts, came, path)
            finally:
                os.close(fd)
            if whole:
                with _naming(path):
                    os.replace(tmp, path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            raise
        if not whole:  # a signal came: the temporary file goes, then the signal
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            return
    _sync_directory(folder)


def _fill(fd: int, parts: Iterable[bytes], came: list[int], path: str) -> bool:
    """Write each part to ``fd`` and sync it (True), or stop as soon as a
    signal came (False). An error of the parts' own passes as it is."""
    with _naming(path):
        os.fchmod(fd, _mode_for(path))
    for part in parts:
        if came:
            return False
        view = memoryview(part)
        with _naming(path):
            while view:
                view = view[os.write(fd, view) :]
    if came:
        return False
    with _naming(path):
        os.fsync(fd)
    return True


@contextlib.contextmanager
def _naming(path: str) -> Iterator[None]:
    """An OSError in the block names the file asked for (not the temporary one)."""
    try:
        yield
    except OSError as exc:
        raise type(exc)(exc.errno, exc.strerror, path) from None


def _mode_for(path: str) -> int:
    """The permissions the written file gets: those of the file it replaces,
    else what the user's umask gives a new file (not the temporary file's 0600)."""
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        umask = os.umask(0o22)
        os.umask(umask)
        return 0o666 & ~umask


def _sync_directory(folder: str) -> None:
    """Sync a directory, so that a rename in it survives a crash."""
    try:
        dir_fd = os.open(folder, os.O_RDONLY)
    except OSError:  # pragma: no cover - a platform without directory handles
        return
    try:
        os.fsync(dir_fd)
    except OSError:  # pragma: no cover
        pass
    finally:
        os.close(dir_fd)


def remove_stale_temporaries(folder: str) -> list[str]:
    """Remove the temporary files that a killed dummybridge left in ``folder``.

    The rule, safe against another dummybridge writing there at the same
    time: a file is removed only if its name is exactly one that
    :func:`write_atomic` makes (``.dummybridge-`` + 8 letters, digits or
    ``_`` + ``.tmp``), it is a regular file (not a link) owned by this user,
    and it was last modified more than :data:`STALE_AFTER` seconds before this
    program started. A live write holds its temporary file for milliseconds,
    so a file that old is a leftover of ``kill -9`` or a crash. Problems
    (a directory that cannot be listed, a file already gone) are ignored.

    :returns: the paths removed.
    """
    removed: list[str] = []
    limit = _STARTED - STALE_AFTER
    try:
        entries = list(os.scandir(folder or "."))
    except OSError:
        return removed
    for entry in entries:
        if not _TEMP_NAME.fullmatch(entry.name):
            continue
        try:
            st = entry.stat(follow_symlinks=False)
            if stat.S_ISREG(st.st_mode) and st.st_uid == os.getuid() and st.st_mtime < limit:
                os.unlink(entry.path)
                removed.append(entry.path)
        except OSError:
            continue
    return removed
