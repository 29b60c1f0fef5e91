"""Build script for the cffi extension ``dummybridge._core`` (API, out-of-line mode).

``setup.py`` names it in ``cffi_modules``; setuptools then compiles the C core
(``csrc/*.c`` without the C tests and examples) together with the cffi glue
into one extension module. The declarations come from ``csrc/dummybridge.cdef``,
which mirrors the public header ``csrc/dummybridge.h``.

The files are found relative to this script, so it works from a checkout and
from an unpacked sdist alike; the paths handed to setuptools are relative to
the project root (setuptools refuses absolute source paths), which is the
working directory of every build. It is a developer tool: it is not shipped in the
wheel and never imported at run time.
"""

from __future__ import annotations

import sys
from pathlib import Path

from cffi import FFI

ROOT = Path(__file__).resolve().parent.parent
CSRC = ROOT / "csrc"


def core_sources(csrc: Path = CSRC, root: Path = ROOT) -> list[str]:
    """The C files of the library proper, sorted by name.

    :param csrc: the folder holding the C core.
    :param root: the folder the returned paths are relative to.
    :returns: the ``/``-separated paths of ``csrc/*.c`` relative to ``root``,
        except the C tests (``test_*.c``) and the examples (``example*.c``).
    :raises FileNotFoundError: if the folder holds no library source.
    """
    sources = sorted(
        path.relative_to(root).as_posix()
        for path in csrc.glob("*.c")
        if not path.name.startswith(("test_", "example"))
    )
    if not sources:
        raise FileNotFoundError(f"no C sources of the core in {str(csrc)!r}")
    return sources


def compile_args(platform: str = sys.platform) -> list[str]:
    """Extra compiler flags: ``-O3`` for GCC/Clang, nothing for MSVC.

    A profile-guided build (as bridge-solver's makefile does) was measured and
    not adopted (issue 19, session 20): GCC ``-fprofile-generate``, trained on
    20 random deals' tables, then ``-fprofile-use``: bridge-solver's
    hard_deals/deal.11 0.546, 0.546 s against 0.538, 0.550 s, 30 other random
    deals 2.26, 2.33 s against 2.35, 2.28 s: no faster, for a two-pass build.

    :param platform: the value of :data:`sys.platform` to decide for.
    :returns: the list of flags.
    """
    return [] if platform == "win32" else ["-O3"]


ffibuilder = FFI()
ffibuilder.cdef((CSRC / "dummybridge.cdef").read_text(encoding="utf-8"))
ffibuilder.set_source(
    "dummybridge._core",
    '#include "dummybridge.h"',
    sources=core_sources(),
    include_dirs=[CSRC.relative_to(ROOT).as_posix()],
    extra_compile_args=compile_args(),
)

if __name__ == "__main__":
    # A developer build into ./build-ffi, without setuptools: the relative
    # paths above need the project root as the working directory.
    import os

    os.chdir(ROOT)
    ffibuilder.compile(tmpdir="build-ffi", verbose=True)
