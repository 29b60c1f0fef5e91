"""Only the cffi hook lives here; every other setting is in pyproject.toml."""

from setuptools import setup

setup(cffi_modules=["tools/ffi_build.py:ffibuilder"])
