"""The package's shape, as docs/architecture.md draws it (issue 16).

- Imports go downwards only: each layer imports the layers below it and
  nothing above (a module may also import its own subpackage).
- No module is over 800 lines, and no function over 80 lines unless a comment
  on the line above its ``def`` (or its first line) says why, starting ``# long:``.

The source tree is read as text (``ast``), so these hold for what ships
whatever is installed; the modules themselves are not imported.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "interpreter"

#: layer of each subpackage (and of the top-level modules with a layer)
LAYERS = {
    "errors": 0,
    "core": 1,
    "language": 2,
    "engine": 3,
    "analysis": 4,
    "formats": 4,
    "bots": 5,
    "openspiel": 5,  # dummybridge.openspiel, the OpenSpiel game (one module)
    "web": 6,
    "apps": 7,
}

#: not in a layer: the package's entry points, which may import anything
#: (``dummybridge/__init__.py`` imports the engine's names lazily, on first use)
ENTRY_POINTS = {"__init__", "__main__"}

MAX_MODULE_LINES = 800
MAX_FUNCTION_LINES = 80


def _modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def _name(path: Path) -> str:
    return path.relative_to(PACKAGE).as_posix()


def _layer_of(parts: tuple[str, ...]) -> str | None:
    """The layer a module (as parts below the package) belongs to."""
    if not parts:
        return None
    head = parts[0].removesuffix(".py")
    return head if head in LAYERS else None


def _imported(path: Path) -> list[tuple[int, tuple[str, ...]]]:
    """(line, module parts below ``dummybridge``) of every import of the package."""
    rel = path.relative_to(PACKAGE).with_suffix("").parts
    package = rel[:-1]  # a module's package; for __init__, the package itself
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)]
                target = (*base, *(node.module.split(".") if node.module else ()))
                if not node.module:  # from . import x, y
                    out += [(node.lineno, (*target, a.name)) for a in node.names]
                    continue
            elif node.module and node.module.split(".")[0] == "dummybridge":
                target = tuple(node.module.split(".")[1:])
            else:
                continue
            out.append((node.lineno, target))
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "dummybridge":
                    out.append((node.lineno, tuple(alias.name.split(".")[1:])))
    return out


@pytest.mark.parametrize("path", _modules(), ids=_name)
def test_imports_go_downwards_only(path: Path) -> None:
    rel = path.relative_to(PACKAGE).with_suffix("").parts
    if rel[0] in ENTRY_POINTS:
        return
    own = _layer_of(rel)
    assert own is not None, f"{_name(path)} is in no layer: add it to LAYERS and the doc"
    wrong = []
    for line, target in _imported(path):
        theirs = _layer_of(target)
        if theirs is None or theirs == own:
            continue  # the compiled _core, the version, or its own subpackage
        if LAYERS[theirs] >= LAYERS[own]:
            wrong.append(f"{_name(path)}:{line}: {own} imports {'.'.join(target)} ({theirs})")
    assert not wrong, "\n".join(wrong)


def test_every_subpackage_is_a_layer() -> None:
    folders = {p.name for p in PACKAGE.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    assert folders == {name for name in LAYERS if name not in ("errors", "openspiel")}


def _long_functions(path: Path) -> dict[str, int]:
    lines = path.read_text(encoding="utf-8").splitlines()
    found = {}
    for node in ast.walk(ast.parse("\n".join(lines))):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            length = (node.end_lineno or node.lineno) - node.lineno + 1
            first = node.decorator_list[0].lineno if node.decorator_list else node.lineno
            around = " ".join(lines[max(0, first - 3) : node.body[0].lineno])
            if length > MAX_FUNCTION_LINES and "# long:" not in around:
                found[f"{_name(path)}:{node.name}"] = length
    return found


def test_no_module_is_too_long() -> None:
    long = {
        _name(p): n
        for p in _modules()
        if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES
    }
    assert long == {}


def test_no_function_is_too_long_without_saying_why() -> None:
    long: dict[str, int] = {}
    for path in _modules():
        long.update(_long_functions(path))
    assert long == {}


def test_the_architecture_page_names_every_module() -> None:
    """docs/architecture.md must match the tree: each module is named there."""
    page = (PACKAGE.parent / "docs" / "architecture.md").read_text(encoding="utf-8")
    missing = [
        _name(p)
        for p in _modules()
        if p.stem not in ENTRY_POINTS and not re.search(rf"\b{re.escape(p.stem)}\b", page)
    ]
    missing += [
        _name(p) for p in PACKAGE.rglob("*.c") if p.name not in page
    ]  # the C extension, by file name
    assert missing == []
