"""The corpus of inputs that once broke something, replayed through the real
command line (issue 22, "Proof": "Every reproduction above is a test. The
command line never exits 70 on any input in the corpus").

Each case of ``corpus/cases.json`` runs ``python -m dummybridge ARGV`` in a
scratch directory holding the corpus files it names, and must end as the
brief says bad input ends: "a clear error naming the problem and where it is
(file, line/column or JSON path); nothing crashes; no traceback reaches a
user". A case names the issue 22 item it reproduces (``item``) and who fixes
it (``fixer``); a fuzz finding names its harness. Add a case for every new
finding: the file in ``corpus/``, a line in ``cases.json``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

CORPUS = Path(__file__).parent / "corpus"
CASES: list[dict[str, Any]] = json.loads((CORPUS / "cases.json").read_text(encoding="utf-8"))[
    "cases"
]
_PLACEHOLDER = re.compile(r"\{(@|fifo:)?([^{}]+)\}")
# A FIFO nobody writes to blocks an open() for ever: a case that takes this
# long has hung (the command should refuse the FIFO at once).
FIFO_TIMEOUT = 20
TIMEOUT = 120


def _prepare(case: dict[str, Any], where: Path) -> tuple[list[str], str]:
    """The case's argv with its placeholders filled in, and the name its
    error must show by default (the first file it names, or nothing)."""
    first: list[str] = []

    def fill(match: re.Match[str]) -> str:
        kind, name = match.group(1), match.group(2)
        if kind == "@":
            return (CORPUS / name).read_text(encoding="utf-8")
        if kind == "fifo:":
            os.mkfifo(where / name)
        else:
            shutil.copyfile(CORPUS / name, where / name)
        first.append(name)
        return name

    argv = [_PLACEHOLDER.sub(fill, arg) for arg in case["argv"]]
    for name in case.get("fifos", []):
        os.mkfifo(where / name)
    for name in case.get("files", []):
        shutil.copyfile(CORPUS / name, where / name)
    return argv, first[0] if first else ""


def test_every_case_names_its_item_and_files_that_exist() -> None:
    """A case whose file is missing would test nothing."""
    ids = [case["id"] for case in CASES]
    assert len(ids) == len(set(ids))
    for case in CASES:
        assert case.get("item") or case.get("harness"), case["id"]
        named = [n for a in case["argv"] for k, n in _PLACEHOLDER.findall(a) if k != "fifo:"]
        for name in named + case.get("files", []) + case.get("unchanged", []):
            assert (CORPUS / name).is_file(), (case["id"], name)


@pytest.mark.parametrize("case", CASES, ids=[case["id"] for case in CASES])
def test_corpus_case_ends_in_a_clean_error(case: dict[str, Any], tmp_path: Path) -> None:
    argv, default_name = _prepare(case, tmp_path)
    env = {k: v for k, v in os.environ.items() if k != "DUMMYBRIDGE_DEBUG"}
    fifo = any("{fifo:" in arg for arg in case["argv"]) or "fifos" in case
    before = {name: (CORPUS / name).read_bytes() for name in case.get("unchanged", [])}
    try:
        proc = subprocess.run(
            [sys.executable, "-m", "dummybridge", *argv],
            input=case.get("stdin", ""),
            capture_output=True,
            text=True,
            encoding="utf-8",
            errors="replace",
            cwd=tmp_path,
            env=env,
            timeout=FIFO_TIMEOUT if fifo else TIMEOUT,
            check=False,
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"{case['id']}: hung ({' '.join(case['argv'])[:200]})")
    output = proc.stdout + proc.stderr
    where = f"{case['id']} (issue 22 item {case.get('item')}): exit {proc.returncode}\n"
    where += output[-2000:]
    assert proc.returncode != 70, where
    assert "Traceback" not in output, where
    assert "internal error" not in output, where
    expected = case.get("exit", 1)
    if expected == "nonzero":
        assert proc.returncode != 0, where
    elif expected != "any":
        assert proc.returncode == expected, where
    if proc.returncode != 0:
        assert output.strip(), where
        assert case.get("names", default_name) in output, where
    for text in case.get("forbid", []):
        assert text not in output, where
    for name, data in before.items():
        assert (tmp_path / name).read_bytes() == data, f"{where}\n{name} was changed"
    if "max_stderr" in case:
        assert len(proc.stderr) <= case["max_stderr"], where


def test_the_fuzz_targets_count_their_valid_seeds_as_read() -> None:
    """``tools/fuzz/run.sh`` prints what its targets count: each target reads
    its valid seeds as ``ok`` and refuses a broken one as a clean error. (The
    PBN target once asked every file for a board it lacks inside the same
    ``try`` as the reading, so that all of its 69,425 inputs of a 10-minute
    run, its valid seed too, counted as clean errors.)"""
    import importlib.util

    root = Path(__file__).parents[2] / "tools" / "fuzz"
    spec = importlib.util.spec_from_file_location("fuzz_targets", root / "targets.py")
    assert spec is not None
    assert spec.loader is not None
    targets = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(targets)
    broken = {"pbn": b'[Deal "N:AKQ"]\r\n', "record": b'{"format": 1}', "rules": b"name: [\n"}
    for name, bad in broken.items():
        for seed in sorted((root / "seeds" / name).iterdir()):
            if name == "record" and not seed.name.endswith(".save.json"):
                continue  # (read whole only as a save: resume refuses a record)
            assert targets.classify(name, seed.read_bytes()) == ("ok", None), seed.name
        assert targets.classify(name, bad) == ("clean", None)
    assert targets.classify("notation", b"play SA") == ("ok", None)
    assert targets.classify("notation", b"\x00") == ("clean", None)


def test_the_fuzz_targets_leave_no_scratch_directory_behind() -> None:
    """The targets write each input to a scratch directory; it goes when the
    process ends (the suite imports them, and every run once left a
    ``dummybridge-fuzz-*`` directory in /tmp)."""
    targets = Path(__file__).parents[2] / "tools" / "fuzz" / "targets.py"
    code = (
        "import importlib.util, sys\n"
        f"spec = importlib.util.spec_from_file_location('t', {str(targets)!r})\n"
        "t = importlib.util.module_from_spec(spec); spec.loader.exec_module(t)\n"
        "assert t.classify('record', b'{}')[0] == 'clean'\n"
        "print(t._SCRATCH)\n"
    )
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    scratch = Path(proc.stdout.strip())
    assert scratch.name.startswith("dummybridge-fuzz-")
    assert not scratch.exists(), f"{scratch} was left behind"
