"""Run one Python fuzz target (tools/fuzz/targets.py) and count its outcomes.

    python tools/fuzz/harness.py TARGET --stats FILE --findings DIR [OPTIONS] [CORPUS_DIR...]

TARGET is ``pbn``, ``notation``, ``record`` or ``rules``. With atheris
installed (``pip install atheris``, or the ``fuzz`` extra: ``pip install
'.[fuzz]'``) the target runs under libFuzzer with coverage of the package;
without it, under a blind mutator of the corpus (the same options:
``-max_total_time=S``, ``-runs=N``, ``-timeout=S``). Every input is one of

- *ok* or *clean error* (see targets.py);
- *internal error*: any other exception, or the documented error without its
  location; the first input of each kind (the exception and the line that
  raised it) is kept in the findings directory as ``internal-TARGET-HASH``,
  with ``.txt`` beside it saying what was raised;
- *hang*: an input that took longer than ``--hang-seconds`` (5 by default),
  kept as ``hang-TARGET-HASH``. An input that never ends is killed by
  libFuzzer's ``-timeout`` (run.sh counts that as a hang too).

The counts go to ``--stats FILE`` as JSON after every input.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import signal
import sys
import time
import traceback
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent

try:
    import atheris
except ImportError:  # the blind mutator below stands in
    atheris = None


def _raised_at(exc: BaseException) -> str:
    """The exception's type and the line that raised it (of its cause, for an
    error re-raised by targets.py as Unlocated)."""
    cause = exc.__cause__ if type(exc).__name__ == "Unlocated" and exc.__cause__ else exc
    frames = traceback.extract_tb(cause.__traceback__)
    last = frames[-1] if frames else None
    return (
        f"{type(exc).__name__}/{type(cause).__name__} at {last.filename}:{last.lineno}"
        if last
        else ""
    )


Classify = Callable[[str, bytes], tuple[str, BaseException | None]]


class Counter:
    """The outcome counts of one run, written to the stats file."""

    def __init__(self, target: str, stats: Path | None, findings: Path, hang_seconds: float):
        self.target, self.stats, self.findings = target, stats, findings
        self.hang_seconds = hang_seconds
        self.counts = {"inputs": 0, "ok": 0, "clean": 0, "internal": 0, "hangs": 0}
        self.kept: set[str] = set()
        findings.mkdir(parents=True, exist_ok=True)

    def keep(self, kind: str, data: bytes, note: str, where: str = "") -> None:
        """Keep an input that broke something, once per kind of failure and
        place raised from."""
        signature = f"{kind} {where}"
        if signature in self.kept or len(self.kept) >= 200:
            return
        self.kept.add(signature)
        name = f"{kind}-{self.target}-{hashlib.sha1(data).hexdigest()[:12]}"
        (self.findings / name).write_bytes(data)
        (self.findings / f"{name}.txt").write_text(note, encoding="utf-8")
        print(f"harness {self.target}: {kind}: {note.splitlines()[-1][:300]}", file=sys.stderr)

    def one(self, classify: Classify, data: bytes) -> None:
        """One input through the target, counted."""
        start = time.monotonic()
        outcome, exc = classify(self.target, data)
        took = time.monotonic() - start
        self.counts["inputs"] += 1
        self.counts[outcome] += 1
        if exc is not None:
            note = "".join(traceback.format_exception(exc, limit=-4))
            self.keep("internal", data, note, _raised_at(exc))
        if took > self.hang_seconds:
            self.counts["hangs"] += 1
            self.keep("hang", data, f"took {took:.1f} s (over {self.hang_seconds} s)")
        self.write()  # after every input: libFuzzer ends the process without a word

    def write(self) -> None:
        if self.stats is not None:
            self.stats.write_text(json.dumps(self.counts), encoding="utf-8")


def _corpus(dirs: list[str]) -> list[bytes]:
    inputs = []
    for d in dirs:
        for path in sorted(Path(d).iterdir()) if Path(d).is_dir() else [Path(d)]:
            if path.is_file():
                inputs.append(path.read_bytes()[:65536])
    return inputs


_TOKENS = [b"\n", b"\f", b"\x85", b"\x00", b"[", b"]", b'"', b"{", b"}", b":", b",", b"-",
           b"0", b"9" * 30, b"\xc2\xb2", b"[[[[", b"Infinity", b"NaN", b"null", b"true",
           b"declare ", b"bid ", b"play ", b" 10", b"N:", b"extends: ", b"&a ", b"*a"]  # fmt: skip


def _mutate(rng: random.Random, data: bytes, pool: list[bytes]) -> bytes:
    b = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        at = rng.randint(0, len(b))
        op = rng.randrange(5)
        if op == 0 and b:
            b[min(at, len(b) - 1)] = rng.randrange(256)
        elif op == 1:
            b[at:at] = bytes([rng.randrange(256)])
        elif op == 2 and b:
            del b[at : at + rng.randint(1, 8)]
        elif op == 3:
            other = rng.choice(pool)
            i = rng.randint(0, len(other))
            b[at:at] = other[i : i + rng.randint(1, 64)]
        else:
            b[at:at] = rng.choice(_TOKENS)
    return bytes(b[:65536])


def _blind(counter: Counter, classify: Classify, options: dict[str, str], dirs: list[str]) -> None:
    """Without atheris: replay the corpus, then mutate it until time is up."""
    budget = float(options.get("max_total_time", "0") or 0)
    runs = int(options.get("runs", "0") or 0)
    timeout = int(options.get("timeout", "0") or 0)
    rng = random.Random(int(options.get("seed", "1")))
    pool = _corpus(dirs) or [b""]
    data = b""

    def hung(*_: object) -> None:  # as libFuzzer's -timeout: keep the input, stop
        counter.counts["hangs"] += 1
        counter.keep("hang", data, f"still running after {timeout} s")
        counter.write()
        print(f"harness {counter.target}: timeout after {timeout} s", file=sys.stderr)
        os._exit(77)

    if timeout:
        signal.signal(signal.SIGALRM, hung)
    start = time.monotonic()
    i = 0
    while True:
        data = pool[i] if i < len(pool) else _mutate(rng, rng.choice(pool), pool)
        i += 1
        if timeout:
            signal.alarm(timeout)
        counter.one(classify, data)
        if (runs and i >= runs) or (not runs and time.monotonic() - start >= budget):
            break
    signal.alarm(0)
    print(f"Done {i} runs in {time.monotonic() - start:.0f} second(s)", file=sys.stderr)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("target", choices=["pbn", "notation", "record", "rules"])
    parser.add_argument("--stats", type=Path)
    parser.add_argument("--findings", type=Path, default=Path("fuzz-findings"))
    parser.add_argument("--hang-seconds", type=float, default=5.0)
    parser.add_argument("--blind", action="store_true", help="the blind mutator even with atheris")
    args, rest = parser.parse_known_args()
    counter = Counter(args.target, args.stats, args.findings, args.hang_seconds)
    if atheris is not None and not args.blind:
        with atheris.instrument_imports(include=["dummybridge"]):
            import targets
        for data in targets.seed_inputs(args.target):
            counter.one(targets.classify, data)
        atheris.Setup([sys.argv[0], *rest], lambda data: counter.one(targets.classify, data))
        atheris.Fuzz()
        return 0
    import targets

    options = dict(a[1:].split("=", 1) for a in rest if a.startswith("-") and "=" in a)
    dirs = [a for a in rest if not a.startswith("-")]
    try:
        for data in targets.seed_inputs(args.target):
            counter.one(targets.classify, data)
        _blind(counter, targets.classify, options, dirs)
    finally:
        counter.write()
    return 0


if __name__ == "__main__":
    sys.exit(main())
