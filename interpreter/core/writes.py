"""Writing the files a user names (saves and records): never over what is not ours.

A save (``play --seat --save FILE``) or a game record (``play --record FILE``)
is written only to a path that is

- absent (a new file), or
- a regular file that is empty or already a save or record of dummybridge,
  recognised by its content (a JSON object whose first key is ``"format"``
  with a value ``dummybridge-...``), or
- with ``force``: any other regular file, or a symbolic link (the link is
  replaced by the file; what it pointed to is left alone).

A directory, a device node, a FIFO or a socket is refused even with
``force``. :func:`check_target` says so before any play, naming the path.

:func:`write_atomic` writes the text to a temporary file
``.dummybridge-XXXXXXXX.tmp`` in the target's directory, syncs it to disk and
renames it over the target (``os.replace`` is atomic), then syncs the
directory. SIGINT and SIGTERM are held back while the temporary file exists
(their handlers are swapped for one that notes them), so that no
interruption leaves one behind; they take effect as soon as it is gone.
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
from collections.abc import Iterator

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


class OutputRefusedError(DummyBridgeError):
    """An output path that may not be written (message names it and why)."""


def is_ours(path: str | os.PathLike[str]) -> bool:
    """Whether a regular file is empty or begins as a dummybridge save or record does."""
    with open(path, "rb") as fh:
        head = fh.read(_HEAD_BYTES)
    return not head.strip() or _OURS.match(head) is not None


def check_target(path: str, what: str, *, force: bool = False) -> None:
    """Refuse an output path that is not absent or a save/record of ours.

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
        ours = is_ours(path)
    except OSError as exc:
        raise OutputRefusedError(f"{what} {path}: {exc.strerror}") from None
    if not ours:
        raise OutputRefusedError(
            f"{what} {path} exists and is not a dummybridge save or record: "
            "name another file, or give --force to replace it"
        )


@contextlib.contextmanager
def _signals_held() -> Iterator[None]:
    """Hold SIGINT and SIGTERM back: on leaving, the first that came is
    raised again, to the handler that was there before (Python runs signal
    handlers in the main thread only, so elsewhere there is nothing to hold)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    came: list[int] = []

    def hold(signum: int, frame: object) -> None:
        came.append(signum)

    held = (signal.SIGINT, signal.SIGTERM)
    before = {s: signal.signal(s, hold) for s in held}
    try:
        yield
    finally:
        for s, handler in before.items():
            signal.signal(s, signal.SIG_DFL if handler is None else handler)
        if came:
            signal.raise_signal(came[0])


def write_atomic(path: str, text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` so that the file is always whole.

    A reader, or a program killed at any moment, sees either the old file or
    the new one, never a mixture; no temporary file outlives the call except
    after ``kill -9``. The target is not checked here: see :func:`check_target`.

    :raises OSError: if the file cannot be written, naming ``path`` (never
        the temporary file).
    """
    folder = os.path.dirname(os.path.abspath(path))
    with _signals_held():
        try:
            fd, tmp = tempfile.mkstemp(prefix=TEMP_PREFIX, suffix=TEMP_SUFFIX, dir=folder)
        except OSError as exc:  # named by the file asked for, not the temporary one
            raise type(exc)(exc.errno, exc.strerror, path) from None
        try:
            os.fchmod(fd, _mode_for(path))
            with os.fdopen(fd, "w", encoding="utf-8") as fh:
                fh.write(text)
                fh.flush()
                os.fsync(fh.fileno())
            os.replace(tmp, path)
        except BaseException as exc:
            with contextlib.suppress(OSError):
                os.unlink(tmp)
            if isinstance(exc, OSError):
                raise type(exc)(exc.errno, exc.strerror, path) from None
            raise
    _sync_directory(folder)


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
