"""The solver's memory (issue 19): "Bound the memory (the caller's workspace,
a documented default, growth only when asked)".

A :class:`DDSolver` keeps a fixed workspace unless asked to grow
(``max_size``): then a call that fills the table moves the workspace into
twice the memory (``dbr_dd_grow``) and goes on, up to ``max_size``. The
answers stay DDS's (tests/data/dd_golden.json); the option reaches
:mod:`dummybridge.analysis.doubledummy` (``memory_mib``) and the CLI's
``solve`` and ``analyse`` (``--memory MIB``), bad values refused with a
located message.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dummybridge.analysis.doubledummy import (
    MEMORY_DEFAULT_MIB,
    MEMORY_MAX_MIB,
    memory_solver,
    table,
)
from dummybridge.apps.cli import main
from dummybridge.core._native import DD_DEFAULT_BYTES, DD_MAX_BYTES, DDSolver, deal_parse
from dummybridge.errors import OutOfRangeError

DATA = json.loads(
    (Path(__file__).resolve().parent / "data" / "dd_golden.json").read_text(encoding="utf-8")
)
RECORD = Path(__file__).parent / "data" / "analyst-bridge-3.json"


def _hands(i: int) -> tuple[int, int, int, int]:
    return deal_parse(DATA["deals"][i]["deal"])[0]


def test_a_solver_asked_to_grow_grows_when_full_and_stays_exact() -> None:
    """From the smallest workspace, growing to 64 MiB (the deal needs about
    21 MiB): DDS's table, the workspace larger than it started and below its
    bound, nothing evicted."""
    solver = DDSolver(DDSolver.min_size, 64 << 20)
    got = [list(row) for row in solver.table(_hands(0))]
    assert got == DATA["deals"][0]["table"]
    assert DDSolver.min_size < solver.size < 64 << 20
    assert solver.max_size == 64 << 20
    assert solver.evictions == 0


def test_a_batch_that_fills_the_table_goes_on_from_the_deal_it_stopped_at() -> None:
    solver = DDSolver(DDSolver.min_size, 16 << 20)
    got = solver.tables([_hands(1), _hands(2)])
    assert [[list(r) for r in t] for t in got] == [
        DATA["deals"][1]["table"],
        DATA["deals"][2]["table"],
    ]
    assert solver.size > DDSolver.min_size


def test_a_fixed_solver_does_not_grow() -> None:
    solver = DDSolver(1 << 20)
    assert solver.max_size == solver.size == 1 << 20
    assert [list(r) for r in solver.table(_hands(3))] == DATA["deals"][3]["table"]
    assert solver.size == 1 << 20
    assert solver.evictions > 0  # full, it forgot about half and went on (9 times)


def test_growth_without_memory_to_be_had_stays_and_evicts(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Where the larger memory cannot be allocated the solver keeps its size,
    evicting when full, and answers exactly: no traceback mid-solve."""
    from dummybridge.core import _play

    real = _play.ffi

    class Tight:
        def __getattr__(self, name: str) -> object:
            return getattr(real, name)

        def new(self, ctype: str, *init: object) -> object:
            if ctype == "char[]" and init and isinstance(init[0], int) and init[0] > 1 << 20:
                raise MemoryError
            return real.new(ctype, *init)

    solver = DDSolver(1 << 20, 64 << 20)
    monkeypatch.setattr(_play, "ffi", Tight())
    assert [list(r) for r in solver.table(_hands(3))] == DATA["deals"][3]["table"]
    assert solver.size == solver.max_size == 1 << 20
    assert solver.evictions > 0


@pytest.mark.parametrize(
    ("size", "top", "message"),
    [
        (
            1 << 20,
            1 << 19,
            f"a solver workspace growing to {1 << 19} bytes (from {1 << 20}, at most "
            f"{DD_MAX_BYTES})",
        ),
        (
            1 << 20,
            DD_MAX_BYTES + 1,
            f"a solver workspace growing to {DD_MAX_BYTES + 1} bytes (from {1 << 20}, at most "
            f"{DD_MAX_BYTES})",
        ),
    ],
)
def test_a_bad_growth_bound_is_refused(size: int, top: int, message: str) -> None:
    with pytest.raises(OutOfRangeError) as err:
        DDSolver(size, top)
    assert str(err.value) == message + ": solver workspace too small or not initialised"


def test_memory_mib_starts_at_the_default_and_grows_to_the_bound() -> None:
    assert MEMORY_DEFAULT_MIB == 32 == DD_DEFAULT_BYTES >> 20
    big = memory_solver(256)
    assert (big.size, big.max_size) == (32 << 20, 256 << 20)
    small = memory_solver(4)
    assert (small.size, small.max_size) == (4 << 20, 4 << 20)
    deal = DATA["deals"][4]["deal"]
    assert table(deal, memory_mib=2) == DATA["deals"][4]["table"]


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (0, f"memory 0 MiB: choose from 1 to {MEMORY_MAX_MIB} (default 32)"),
        (65537, "memory 65537 MiB: choose from 1 to 65536 (default 32)"),
        (True, "memory True: not a whole number of MiB"),
        ("64", "memory '64': not a whole number of MiB"),
    ],
)
def test_a_bad_memory_is_refused_with_its_value(value: object, message: str) -> None:
    with pytest.raises(OutOfRangeError) as err:
        memory_solver(value)  # type: ignore[arg-type]
    assert str(err.value) == message


def test_the_cli_solve_takes_memory_and_gives_the_same_table(
    capsys: pytest.CaptureFixture[str],
) -> None:
    deal = DATA["deals"][0]["deal"]
    assert main(["solve", deal, "--table"]) == 0
    plain = capsys.readouterr().out
    assert main(["solve", deal, "--table", "--memory", "64"]) == 0
    assert capsys.readouterr().out == plain


@pytest.mark.parametrize("command", ["solve", "analyse"])
def test_the_cli_refuses_a_bad_memory_naming_the_option(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    target = DATA["deals"][0]["deal"] if command == "solve" else str(RECORD)
    assert main([command, target, "--memory", "0"]) == 1
    assert capsys.readouterr().err == (
        f"dummybridge: error: --memory 0 MiB: choose from 1 to {MEMORY_MAX_MIB} (default 32)\n"
    )
