"""Packaging: the sdist carries everything a wheel needs, and that wheel installs and imports.

This is the local stand-in for cibuildwheel (which needs Docker): build an
sdist from the checkout with ``python -m build`` (isolated, as a user's pip
would), unpack it, build a wheel from the unpacked sdist alone, install the
wheel into a fresh venv and use it from outside the checkout.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import tarfile
import zipfile
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent

pytestmark = [
    pytest.mark.slow,
    pytest.mark.skipif(
        importlib.util.find_spec("build") is None,
        reason="the 'build' package is not installed (pip install '.[test]' brings it)",
    ),
    pytest.mark.skipif(
        not (REPO / "pyproject.toml").is_file(),
        reason="no source tree beside the tests (e.g. cibuildwheel's copied tests)",
    ),
]

SMOKE = """
import dummybridge, dummybridge.rules
from dummybridge import Hand, Rng, deal, trick_winner
from dummybridge.core._native import batch_playout
hand = Hand.from_pbn("AKQ.T98.76.5432")
assert hand.suit_lengths() == (4, 2, 3, 3), hand.suit_lengths()
assert [h.pbn() for h in deal(Rng(1))][0] == "AJT8.AKQ95.3.KT4"
assert trick_winner(["HK", "HA", "S2", "H3"], "N", "S").letter == "S"
assert batch_playout(Rng(1), 10, 4, 0).deals == 10
print(dummybridge.__version__, dummybridge.__file__)
"""


def _run(*args: str | Path, cwd: Path) -> str:
    env = {**os.environ, "PIP_DISABLE_PIP_VERSION_CHECK": "1", "PYTHONDONTWRITEBYTECODE": "1"}
    env.pop("PYTHONPATH", None)
    proc = subprocess.run(
        [str(a) for a in args], cwd=cwd, env=env, capture_output=True, text=True, check=False
    )
    assert proc.returncode == 0, f"{args} failed:\n{proc.stdout}\n{proc.stderr}"
    return proc.stdout


def test_wheel_built_from_the_sdist_installs_and_imports(tmp_path: Path) -> None:
    sdist_dir = tmp_path / "sdist"
    _run(sys.executable, "-m", "build", "--sdist", "--outdir", sdist_dir, REPO, cwd=tmp_path)
    (sdist,) = sdist_dir.glob("dummybridge-0.1.0.tar.gz")

    with tarfile.open(sdist) as tar:
        names = {name.split("/", 1)[1] for name in tar.getnames() if "/" in name}
        if hasattr(tarfile, "data_filter"):  # Python >= 3.11.4
            tar.extractall(tmp_path / "unpacked", filter="data")
        else:
            tar.extractall(tmp_path / "unpacked")
    for needed in (
        "setup.py",
        "pyproject.toml",
        "MANIFEST.in",
        "tools/ffi_build.py",
        "csrc/dummybridge.h",
        "csrc/dummybridge.cdef",
        "rules/__init__.py",
        "interpreter/__init__.py",
        "interpreter/py.typed",
        "tests/reference.py",
        "tests/conformance/bridge.yaml",
        "tools/mutate_rules.py",
    ):
        assert needed in names, needed
    assert not [n for n in names if n.endswith((".so", ".o", ".a", ".pyc"))]
    assert not [n for n in names if n.startswith(("csrc/build/", "interpreter/_core"))]
    assert not [n for n in names if ".hypothesis/" in n or "__pycache__" in n]

    wheel_dir = tmp_path / "wheel"
    _run(
        sys.executable,
        "-m",
        "build",
        "--wheel",
        "--outdir",
        wheel_dir,
        tmp_path / "unpacked" / "dummybridge-0.1.0",
        cwd=tmp_path,
    )
    (wheel,) = wheel_dir.glob("dummybridge-0.1.0-*.whl")
    with zipfile.ZipFile(wheel) as zf:
        files = set(zf.namelist())
    assert "dummybridge/py.typed" in files
    assert "dummybridge/language/schema/scenario.schema.json" in files
    assert "dummybridge/engine/_speedups.pyi" in files
    assert [f for f in files if f.startswith("dummybridge/engine/_speedups")]
    assert "dummybridge/rules/__init__.py" in files
    assert "dummybridge/rules/house/__init__.py" in files
    assert [f for f in files if f.startswith("dummybridge/_core")]
    assert not [f for f in files if f.startswith(("tools/", "tests/", "csrc/", "interpreter/"))]
    # The built-in rule files and the schema ship inside the wheel.
    for source in [
        *REPO.glob("rules/*.yaml"),
        *REPO.glob("rules/house/*.yaml"),
        *REPO.glob("interpreter/language/schema/*.json"),
        # the web table's page (dummybridge serve needs nothing else)
        *REPO.glob("interpreter/web/static/*"),
        # every module of every layer (pyproject.toml lists the subpackages)
        *REPO.glob("interpreter/**/*.py"),
    ]:
        shipped = source.relative_to(REPO).as_posix()
        shipped = shipped.replace("interpreter/", "dummybridge/").replace(
            "rules/", "dummybridge/rules/"
        )
        assert shipped in files, shipped

    venv = tmp_path / "venv"
    _run(sys.executable, "-m", "venv", venv, cwd=tmp_path)
    python = venv / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")
    _run(python, "-m", "pip", "install", "--quiet", wheel, cwd=tmp_path)
    out = _run(python, "-I", "-c", SMOKE, cwd=tmp_path)
    version, location = out.split()
    assert version == "0.1.0"
    assert Path(location).is_relative_to(venv)
