"""Only the compiled modules are named here; every other setting is in pyproject.toml.

- ``dummybridge._core``: the C core and its cffi binding (tools/ffi_build.py).
- ``dummybridge.engine._speedups``: the card step of ``Game.apply()`` in C, a plain
  CPython extension (cffi functions cannot build or return Python objects);
  it calls the C core through ``_core``, so it compiles no card rules itself.
"""

import sys

from setuptools import Extension, setup

setup(
    cffi_modules=["tools/ffi_build.py:ffibuilder"],
    ext_modules=[
        Extension(
            "dummybridge.engine._speedups",
            sources=["interpreter/engine/_speedups.c"],
            include_dirs=["csrc"],
            depends=["csrc/dummybridge.h"],
            extra_compile_args=[] if sys.platform == "win32" else ["-O3"],
        )
    ],
)
