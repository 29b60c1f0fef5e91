"""The C core for embedders: ``make -C csrc install`` and the README's build.

The C sources are copied to a temporary folder (so a developer's own
``csrc/build`` is never raced or left changed) and built once; then the
README's embedding lines (between its ``embed-command`` markers) are run
verbatim with ``HOME`` pointing at a temporary folder: they install under
``$HOME/.local``, compile ``csrc/example.c`` against that installed copy
through pkg-config and the shared library, and run it. The example's output
is checked exactly, and its hands against the Python package's own deal.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from conftest import require_optional

from dummybridge import Rng, Seat, deal

REPO = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(
    not (REPO / "csrc" / "Makefile").is_file(),
    reason="no C sources beside the tests (e.g. cibuildwheel's copied tests)",
)

# csrc/example.c with seed 7: West deals, hearts are trumps, random legal cards
EXAMPLE_7 = """\
dummybridge 0.1.0, seed 7, West deals, hearts trumps
  North KJ8752.6.T92.T96
  East  643.4.AQJ84.A743
  South AQ9.T3.753.KQ852
  West  T.AKQJ98752.K6.J
trick  1: North S8 East S3 South SA West ST  -> South
trick  2: South HT West H2 North H6 East H4  -> South
trick  3: South SQ West D6 North S7 East S6  -> South
trick  4: South D7 West DK North DT East DA  -> East
trick  5: East C7 South C5 West CJ North C6  -> West
trick  6: West HK North D2 East CA South H3  -> West
trick  7: West HJ North SJ East DJ South CQ  -> West
trick  8: West H7 North C9 East C3 South CK  -> West
trick  9: West H9 North S5 East D4 South D3  -> West
trick 10: West H5 North D9 East C4 South S9  -> West
trick 11: West H8 North CT East DQ South C8  -> West
trick 12: West HA North S2 East S4 South D5  -> West
trick 13: West HQ North SK East D8 South C2  -> West
North-South 3 tricks, East-West 10 tricks
"""


def _run(cmd: list[str] | str, cwd: Path, env: dict[str, str] | None = None) -> str:
    proc = subprocess.run(
        cmd,
        cwd=cwd,
        env={**os.environ, **(env or {})},
        shell=isinstance(cmd, str),
        executable="/bin/bash" if isinstance(cmd, str) else None,
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, f"{cmd} failed ({proc.returncode}):\n{proc.stdout}\n{proc.stderr}"
    return proc.stdout


@pytest.fixture(scope="module")
def tree(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A copy of the checkout's csrc/ (without its build/), built once."""
    for tool in ("make", "cc", "pkg-config"):
        if shutil.which(tool) is None:
            require_optional(tool, install="apt-get install build-essential pkgconf")
    root = tmp_path_factory.mktemp("checkout")
    shutil.copytree(REPO / "csrc", root / "csrc", ignore=shutil.ignore_patterns("build"))
    _run(["make", "-C", "csrc", "-j2", "all"], cwd=root)
    return root


def _readme_block(marker: str) -> str:
    text = (REPO / "README.md").read_text(encoding="utf-8")
    found = re.search(rf"<!-- {marker} -->\n```\n(.*?)```\n<!-- /{marker} -->", text, re.S)
    assert found, f"README.md has no {marker} block"
    return found.group(1)


def test_the_readme_installs_builds_the_example_with_pkg_config_and_runs_it(
    tree: Path, tmp_path: Path
) -> None:
    home = tmp_path / "home"
    home.mkdir()
    block = _readme_block("embed-command")
    assert "pkg-config --cflags --libs dummybridge" in block
    out = _run(
        "set -euo pipefail\n" + block, cwd=tree, env={"HOME": str(home), "PKG_CONFIG_PATH": ""}
    )
    # make's own lines first, then the example's, exactly
    assert out.endswith("\n" + EXAMPLE_7)
    assert "make: Leaving directory" in out.removesuffix(EXAMPLE_7).splitlines()[-1]

    prefix = home / ".local"
    lib = prefix / "lib"
    assert sorted(p.relative_to(prefix).as_posix() for p in prefix.rglob("*")) == [
        "include",
        "include/dummybridge.h",
        "lib",
        "lib/libdummybridge.a",
        "lib/libdummybridge.so",
        "lib/libdummybridge.so.0",
        "lib/libdummybridge.so.0.1.0",
        "lib/pkgconfig",
        "lib/pkgconfig/dummybridge.pc",
    ]
    assert os.readlink(lib / "libdummybridge.so") == "libdummybridge.so.0.1.0"
    assert os.readlink(lib / "libdummybridge.so.0") == "libdummybridge.so.0.1.0"
    header = (tree / "csrc" / "dummybridge.h").read_bytes()
    assert (prefix / "include" / "dummybridge.h").read_bytes() == header
    assert (lib / "pkgconfig" / "dummybridge.pc").read_text() == (
        f"prefix={prefix}\n"
        f"libdir={lib}\n"
        f"includedir={prefix}/include\n"
        "\n"
        "Name: dummybridge\n"
        "Description: Card handling, trick evaluation and a double-dummy solver"
        " for the Bridge family\n"
        "Version: 0.1.0\n"
        "Cflags: -I${includedir}\n"
        "Libs: -L${libdir} -ldummybridge\n"
    )
    pc = {"PKG_CONFIG_PATH": str(lib / "pkgconfig")}
    assert _run(["pkg-config", "--modversion", "dummybridge"], tree, pc) == "0.1.0\n"

    # the example links the installed shared library (by its soname), not a static copy
    example = tree / "csrc" / "build" / "example"
    dynamic = _run(["readelf", "-d", str(example)], tree)
    assert "Shared library: [libdummybridge.so.0]" in dynamic
    assert f"Library runpath: [{lib}]" in dynamic
    assert "Library soname: [libdummybridge.so.0]" in _run(
        ["readelf", "-d", str(lib / "libdummybridge.so.0.1.0")], tree
    )
    # ... and nothing was written into the checkout's root
    assert sorted(p.name for p in tree.iterdir()) == ["csrc"]


def test_the_example_deals_as_the_python_package_does() -> None:
    hands = deal(Rng(7), Seat.WEST)
    lines = EXAMPLE_7.splitlines()[1:5]
    assert [line.split()[1] for line in lines] == [h.pbn() for h in hands]


def test_destdir_stages_under_a_root_and_the_pc_names_the_prefix(
    tree: Path, tmp_path: Path
) -> None:
    stage = tmp_path / "stage"
    make = ["make", "-C", "csrc", f"DESTDIR={stage}", "PREFIX=/opt/db"]
    _run([*make, "install"], tree)
    pc = (stage / "opt/db/lib/pkgconfig/dummybridge.pc").read_text()
    assert pc.startswith("prefix=/opt/db\nlibdir=/opt/db/lib\nincludedir=/opt/db/include\n")
    assert (stage / "opt/db/include/dummybridge.h").is_file()
    assert (stage / "opt/db/lib/libdummybridge.a").is_file()

    _run([*make, "uninstall"], tree)
    assert [p for p in stage.rglob("*") if not p.is_dir()] == []


def test_the_static_library_through_pkg_config(tree: Path, tmp_path: Path) -> None:
    prefix = tmp_path / "usr"
    _run(["make", "-C", "csrc", f"PREFIX={prefix}", "install"], tree)
    env = {"PKG_CONFIG_PATH": str(prefix / "lib" / "pkgconfig")}
    exe = tmp_path / "example-static"
    build = (
        "cc csrc/example.c $(pkg-config --cflags dummybridge) "
        '"$(pkg-config --variable=libdir dummybridge)/libdummybridge.a" '
        f"-o {exe}"
    )
    _run(build, tree, env)
    assert "libdummybridge" not in _run(["readelf", "-d", str(exe)], tree)
    assert _run([str(exe), "7"], tree) == EXAMPLE_7
