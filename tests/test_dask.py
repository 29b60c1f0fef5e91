"""`simulate` and `dd` on a real Dask cluster (issue 18): the same result as
`--jobs 1`, exactly, even when a worker is killed mid-run.

One `distributed.LocalCluster` (two worker processes on the loopback
interface) serves the module; the runs are small, so the module stays quick.
"""

from __future__ import annotations

import json
import os
import signal
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from dummybridge.apps import cluster as cluster_module
from dummybridge.apps.cli import main
from dummybridge.apps.simulate import simulate
from dummybridge.language.loader import load_rules

distributed = pytest.importorskip("distributed")

BRIDGE = load_rules("bridge")


@pytest.fixture(scope="module")
def address() -> Iterator[str]:
    with distributed.LocalCluster(
        n_workers=2,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=":0",
    ) as local:
        yield str(local.scheduler_address)


def _json(capsys: pytest.CaptureFixture[str], *args: str) -> object:
    assert main([*args, "--format", "json", "--no-progress"]) == 0
    return json.loads(capsys.readouterr().out)


def test_simulate_on_a_scheduler_equals_one_job(
    address: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """The JSON report, byte for byte the same as with --jobs 1, --compare too."""
    common = ["simulate", "bridge", "--rubbers", "8", "--seed", "5", "--compare", "house/cap-100"]
    one = _json(capsys, *common, "--jobs", "1")
    dask = _json(capsys, *common, "--scheduler", address)
    assert dask == one
    assert one["rubbers"] == 8  # type: ignore[index]


def test_a_worker_killed_mid_run_changes_nothing(address: str) -> None:
    """Kill a worker as soon as the first chunk is back: its chunks run again
    elsewhere, and the summaries are exactly those of --jobs 1."""
    with distributed.Client(address) as client:
        pids = sorted(client.run(os.getpid).values())
    killed: list[int] = []
    seen: list[int] = []

    def progress(done: int, total: int) -> None:
        seen.append(done)
        if not killed:
            os.kill(pids[0], signal.SIGKILL)
            killed.append(pids[0])

    bots = ["rule"] * 4
    dask = simulate(BRIDGE, 12, 9, bots, progress=progress, scheduler=address)
    assert killed
    assert seen[-1] == 12
    assert seen == sorted(seen)
    assert dask == simulate(BRIDGE, 12, 9, bots, jobs=1)


def test_simulate_local_cluster(capsys: pytest.CaptureFixture[str]) -> None:
    """--scheduler local:2 starts its own cluster: the same report."""
    common = ["simulate", "dummy-bridge", "--rubbers", "4", "--seed", "2"]
    assert _json(capsys, *common, "--scheduler", "local:2") == _json(capsys, *common, "--jobs", "1")


def test_without_dask_the_message_says_what_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)
    status = main(["simulate", "--rubbers", "2", "--scheduler", "local:1"])
    err = capsys.readouterr().err
    assert status == 2
    assert err == (
        "dummybridge: --scheduler needs Dask's distributed package, which is not "
        "installed: pip install 'dummybridge[dask]'\n"
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["--scheduler", "local:0"],
            "dummybridge: error: --scheduler 'local:0': local:N needs N, the worker "
            "processes, from 1 to 256\n",
        ),
        (
            ["--scheduler", "local:2", "--jobs", "2"],
            "dummybridge: error: --jobs counts local processes; with --scheduler the "
            "cluster's workers do the work (local:N for N local workers): give one or the other\n",
        ),
    ],
)
def test_bad_scheduler_options(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", "--rubbers", "2", *args]) == 1
    assert capsys.readouterr().err == message


def test_an_unreachable_scheduler_is_named(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    monkeypatch.setattr(cluster_module, "CONNECT_TIMEOUT", "1s")
    assert main(["simulate", "--rubbers", "2", "--scheduler", "tcp://127.0.0.1:9"]) == 1
    err = capsys.readouterr().err
    assert err.startswith(
        "dummybridge: error: --scheduler tcp://127.0.0.1:9: cannot reach a Dask scheduler there ("
    )
    assert "Traceback" not in err


def test_dd_on_a_scheduler_equals_one_job(address: str, tmp_path: Path) -> None:
    """dd's PBN, byte for byte the same as --jobs 1, a worker killed mid-run."""
    base = ["dd", "--random", "4", "--seed", "8", "--no-progress"]
    assert main([*base, "--jobs", "1", "-o", str(tmp_path / "one.pbn")]) == 0
    with distributed.Client(address) as client:
        pids = sorted(client.run(os.getpid).values())
    from dummybridge.apps import ddrun

    killed: list[int] = []
    real = ddrun.Saver.maybe

    def kill_once(saver: ddrun.Saver) -> None:  # called as each table arrives
        if not killed:
            os.kill(pids[-1], signal.SIGKILL)
            killed.append(pids[-1])
        real(saver)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(ddrun.Saver, "maybe", kill_once)
        assert main([*base, "--scheduler", address, "-o", str(tmp_path / "dask.pbn")]) == 0
    assert killed
    assert (tmp_path / "dask.pbn").read_bytes() == (tmp_path / "one.pbn").read_bytes()


def test_a_malformed_address_is_named(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--rubbers", "2", "--scheduler", "foo"]) == 1
    assert capsys.readouterr().err == (
        "dummybridge: error: --scheduler foo: cannot reach a Dask scheduler there "
        "(missing port number in address 'foo')\n"
    )
