"""STYLE.md, "Formatting": the code passes ``ruff check`` and ``ruff format
--check`` (the rules in pyproject.toml), and the package passes ``mypy --strict``
as installed. Each test shows the tool's own report when it fails."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, check=False
    )


def test_ruff_check_finds_nothing() -> None:
    result = _run("ruff", "check", "--no-cache", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_format_leaves_every_file_as_it_is() -> None:
    result = _run("ruff", "format", "--check", "--no-cache", ".")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_strict_finds_nothing_in_the_installed_package() -> None:
    result = _run("mypy", "--no-incremental", "-p", "dummybridge")
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.startswith("Success: no issues found"), result.stdout


def test_clang_format_leaves_every_c_source_as_it_is() -> None:
    """STYLE.md: ``clang-format`` for ``csrc/``, the C extension beside the
    Python code (interpreter/engine/_speedups.c) and the fuzz harness of the core
    (tools/fuzz/), in the style of csrc/.clang-format;
    the tool comes with the test extra, as the clang-format package."""
    from clang_format import get_executable

    sources = sorted(
        str(p.relative_to(ROOT))
        for p in [
            *(ROOT / "csrc").glob("*.[ch]"),
            *(ROOT / "interpreter").rglob("*.c"),
            *(ROOT / "tools" / "fuzz").glob("*.c"),
        ]
    )
    assert len(sources) >= 11, sources
    assert "interpreter/engine/_speedups.c" in sources, sources
    style = "--style=file:csrc/.clang-format"
    result = subprocess.run(
        [get_executable("clang-format"), style, "--dry-run", "--Werror", *sources],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
