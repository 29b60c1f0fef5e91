"""Benchmark the web table: N concurrent tables against a local server over
real WebSockets on loopback.

Each table is created with every place a *person*, and the benchmark connects
one WebSocket client per place, with that place's token. Each client reads
(parses) every message it receives and acts for its player whenever its state
offers it actions (a random legal one, seeded). So every action makes the
full round trip the target is about: client send -> server (parse, engine,
SQLite commit) -> a state to every client of the table; the latency of an
action is from the actor's send to the actor receiving the state that
acknowledges it. (A bot-only table driven by the server would measure the
engine and the broadcast, not the round trip.) When a table's game is over
its clients leave and a new table takes its place, so N tables are in play
all through the measured time.

    python tools/bench_serve.py [--tables 100] [--variant dummy-bridge] [--duration 30]
                                [--think S] [--synchronous FULL|NORMAL] [--no-analysis]
                                [--python PY [--python PY2 ...] [--rounds R]]
                                [--url URL --pid PID]

It starts ``dummybridge serve`` on a free port with a fresh database (unless
``--url`` names a running server), and prints actions/s, p50/p99 action
latency, errors, the CPU an action of the server and of the clients, and the
server's memory per table (its RSS growth over the tables, from /proc). With
two or more ``--python`` (say, the one before a change and the one after), it
runs each in turn, ``--rounds`` times, and ends with the runs side by side.

The clients are cheap so that the server is what is measured: they share the
machine's cores with it. Each is a plain asyncio protocol over the
``websockets`` library's sans-I/O WebSocket protocol (the real handshake,
masked frames, pings answered), its messages parsed with orjson, on uvloop
where it is installed: no task or timer per message.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import json
import os
import random
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Coroutine
from dataclasses import dataclass, field
from typing import Any

import orjson
from websockets.client import ClientProtocol
from websockets.frames import Frame, Opcode
from websockets.http11 import Response
from websockets.protocol import State
from websockets.uri import parse_uri


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _rss_kib(pid: int) -> int:
    with open(f"/proc/{pid}/status", encoding="ascii") as fh:
        for line in fh:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def _cpu_seconds(pid: int, thread: int | None = None) -> float:
    """A process's CPU time so far (user + system); or one of its threads'."""
    path = f"/proc/{pid}/stat" if thread is None else f"/proc/{pid}/task/{thread}/stat"
    with open(path, encoding="ascii") as fh:
        fields = fh.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _children(pid: int) -> list[int]:
    """The processes ``pid`` started (the server's analyses' process)."""
    found = []
    for task in os.listdir(f"/proc/{pid}/task"):
        try:
            with open(f"/proc/{pid}/task/{task}/children", encoding="ascii") as fh:
                found += [int(c) for c in fh.read().split()]
        except OSError:
            continue
    return found


def _tree_cpu(pid: int) -> dict[int, float]:
    """The CPU time so far of a process and of each process it started."""
    out = {}
    for p in [pid, *_children(pid)]:
        try:
            out[p] = _cpu_seconds(p)
        except OSError:
            continue
    return out


def _post(url: str, data: Any) -> Any:
    req = urllib.request.Request(url, json.dumps(data).encode(), method="POST")
    req.add_header("content-type", "application/json")
    with urllib.request.urlopen(req, timeout=60) as resp:
        return json.loads(resp.read())


@dataclass
class Stats:
    latencies: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    actions: int = 0
    messages: int = 0
    bytes: int = 0
    over: int = 0
    measuring: bool = False
    connected: int = 0
    server_cpu: float = 0.0
    loop_cpu: float = 0.0
    client_cpu: float = 0.0
    elapsed: float = 0.0
    load: str = ""


class _Player(asyncio.Protocol):
    """One player's WebSocket: act when offered, time each action to its
    acknowledgement. Every message received is parsed."""

    def __init__(self, ws_url: str, token: str, seed: int, bench: _Bench) -> None:
        self.ws = ClientProtocol(parse_uri(ws_url), max_size=None)
        self.token = token
        self.rng = random.Random(seed)
        self.bench = bench
        self.stats = bench.stats
        self.transport: asyncio.Transport | None = None
        self.parts: list[bytes | bytearray | memoryview] = []
        self.sent_at: int | None = None
        self.sent_time = 0.0
        self.deciding = False
        self.done: asyncio.Future[bool] = asyncio.get_running_loop().create_future()

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        self.transport = transport  # type: ignore[assignment]  # uvloop's is no subclass
        self.ws.send_request(self.ws.connect())
        self._flush()

    def _flush(self) -> None:
        if self.transport is not None:
            for data in self.ws.data_to_send():
                if data:
                    self.transport.write(data)

    def send(self, msg: dict[str, Any]) -> None:
        self.ws.send_text(orjson.dumps(msg))
        self._flush()

    def data_received(self, data: bytes) -> None:
        self.ws.receive_data(data)
        for event in self.ws.events_received():
            if isinstance(event, Response):
                if self.ws.handshake_exc is not None:
                    self._finish(f"handshake refused: {self.ws.handshake_exc}")
                    return
                self.stats.connected += 1
                self.send({"type": "hello", "token": self.token})
            elif isinstance(event, Frame) and event.opcode in (Opcode.TEXT, Opcode.CONT):
                self.parts.append(event.data)
                if event.fin:
                    raw = b"".join(self.parts)
                    self.parts = []
                    self.message(raw)
        self._flush()  # pongs, and the answer to a close

    def message(self, raw: bytes) -> None:
        stats = self.stats
        msg = orjson.loads(raw)
        if stats.measuring:
            stats.messages += 1
            stats.bytes += len(raw)
        kind = msg["type"]
        if kind == "error":
            stats.errors.append(msg["message"])
            self.sent_at = None
            return
        if kind != "state":
            return
        if self.sent_at is not None and msg["at"] > self.sent_at:
            if stats.measuring:
                stats.latencies.append(time.perf_counter() - self.sent_time)
                stats.actions += 1
            self.sent_at = None
        if msg["over"]:
            stats.over += 1
            self.close()
        elif msg["legal"] and self.sent_at is None and not self.deciding:
            think = self.bench.think
            if think:
                self.deciding = True
                delay = think * self.rng.uniform(0.5, 1.5)
                asyncio.get_running_loop().call_later(delay, self.act, msg)
            else:
                self.act(msg)

    def act(self, msg: dict[str, Any]) -> None:
        self.deciding = False
        if self.done.done():
            return
        legal = msg["legal"]
        pick = legal[self.rng.randrange(len(legal))]["action"]
        self.sent_at, self.sent_time = msg["at"], time.perf_counter()
        self.send({"type": "act", "action": pick, "at": msg["at"]})

    def close(self) -> None:
        """Say goodbye (a close frame), then let the connection go."""
        if self.transport is not None and not self.transport.is_closing():
            if self.ws.state is State.OPEN:
                self.ws.send_close(1000)
                self._flush()
            self.transport.close()
        self._finish(None)

    def _finish(self, error: str | None) -> None:
        if error is not None:
            self.stats.errors.append(error)
        if not self.done.done():
            self.done.set_result(error is None)

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.bench.stopping and not self.done.done():
            self._finish(f"connection lost: {exc or 'closed by the server'}")


class _Bench:
    """N tables kept in play: a table whose game is over is replaced by a new one."""

    def __init__(self, args: argparse.Namespace, url: str) -> None:
        self.args = args
        self.url = url
        self.think = args.think
        self.stats = Stats()
        self.stopping = False
        self.players: list[_Player] = []
        self.tables = 0
        self.host, port = url.split("//", 1)[1].rsplit(":", 1)
        self.port = int(port)

    async def table(self) -> None:
        """Create a table, connect its players; when its game is over, start another."""
        while not self.stopping:
            created = await asyncio.to_thread(
                _post, self.url + "/api/tables", {"variant": self.args.variant}
            )
            number = self.tables
            self.tables += 1
            ws_url = f"ws://{self.host}:{self.port}/ws/{created['table']}"
            loop = asyncio.get_running_loop()
            players = []
            for j, link in enumerate(created["links"].values()):
                token = link.split("#", 1)[1]
                seed = number * 10 + j
                _, player = await loop.create_connection(
                    functools.partial(_Player, ws_url, token, seed, self), self.host, self.port
                )
                players.append(player)
                self.players.append(player)
            results = await asyncio.gather(*(p.done for p in players))
            if not all(results):
                return  # an error: it is counted; this table is not replaced

    def stop(self) -> None:
        self.stopping = True
        for player in self.players:
            player.close()


async def _bench(args: argparse.Namespace, url: str, pid: int | None) -> Stats:
    _post(url + "/api/tables", {"variant": args.variant})  # warm up the server's caches
    rss_before = _rss_kib(pid) if pid else 0
    bench = _Bench(args, url)
    stats = bench.stats
    tasks = [asyncio.create_task(bench.table()) for _ in range(args.tables)]
    clients = None
    while clients is None or stats.connected < clients:  # every client connected
        await asyncio.sleep(0.1)
        clients = len(bench.players) if bench.tables >= args.tables else None
    await asyncio.sleep(args.warmup)
    stats.measuring = True
    start = time.perf_counter()
    cpu = _tree_cpu(pid) if pid else {}
    loop = _cpu_seconds(pid, pid) if pid else 0.0  # the main thread: the event loop
    own = time.process_time()
    await asyncio.sleep(args.duration)
    stats.measuring = False  # what follows (closing 100s of connections) is not measured
    stats.elapsed = elapsed = time.perf_counter() - start
    # the server's CPU, and its children's (the analyses run in a process of their own)
    after = _tree_cpu(pid) if pid else {}
    stats.server_cpu = sum(t - cpu.get(p, 0.0) for p, t in after.items())
    stats.loop_cpu = (_cpu_seconds(pid, pid) - loop) if pid else 0.0
    stats.client_cpu = time.process_time() - own
    rss_after = _rss_kib(pid) if pid else 0
    bench.stop()
    await asyncio.gather(*tasks, return_exceptions=True)
    _report(args, stats, elapsed, rss_before, rss_after, bench)
    return stats


def _report(
    args: argparse.Namespace, stats: Stats, elapsed: float, before: int, after: int, bench: _Bench
) -> None:
    lat = sorted(stats.latencies)
    p50 = statistics.median(lat) * 1000 if lat else float("nan")
    p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1000 if lat else float("nan")
    top = lat[-1] * 1000 if lat else float("nan")
    print(
        f"tables {args.tables} ({args.variant}) in play all through, {elapsed:.1f} s measured; "
        f"{bench.tables} tables made, {len(bench.players)} WebSocket clients, "
        f"{stats.over} clients saw their game over"
    )
    print(f"actions {stats.actions} ({stats.actions / elapsed:.0f}/s)")
    print(
        f"messages received (measured) {stats.messages} "
        f"({stats.bytes / max(1, stats.messages) / 1024:.1f} KiB each), every one parsed"
    )
    print(f"action latency p50 {p50:.1f} ms, p99 {p99:.1f} ms, max {top:.1f} ms")
    per = 1000 / max(1, stats.actions)
    print(
        f"CPU: server {stats.server_cpu:.1f} s ({stats.server_cpu * per:.3f} ms an action; "
        f"event loop {stats.loop_cpu * per:.3f} ms, other threads and processes "
        f"{(stats.server_cpu - stats.loop_cpu) * per:.3f} ms), "
        f"clients {stats.client_cpu:.1f} s ({stats.client_cpu * per:.3f} ms an action)"
    )
    print(
        f"cores used: server {stats.server_cpu / elapsed:.2f}, clients "
        f"{stats.client_cpu / elapsed:.2f} (of {os.cpu_count()}, shared with whatever else runs)"
    )
    print(f"errors {len(stats.errors)}" + (f": {stats.errors[:3]}" if stats.errors else ""))
    if after:
        print(  # the tables whose game is over stay in memory until put away (--idle)
            f"server RSS {before / 1024:.0f} -> {after / 1024:.0f} MiB: "
            f"{(after - before) / bench.tables:.0f} KiB per table made"
        )
    with open("/proc/loadavg", encoding="ascii") as fh:
        stats.load = fh.read().split()[0]
    print(f"load average {stats.load}", flush=True)


def _start_server(
    args: argparse.Namespace, python: str, folder: str
) -> tuple[subprocess.Popen[str], str]:
    port = _free_port()
    db = os.path.join(folder, "tables.sqlite")
    command = [python, "-m", "dummybridge", "serve", "--port", str(port), "--db", db]
    command += ["--bot-delay", "0", "--rate", "100000", "--max-tables", str(args.tables + 10)]
    command += ["--tables-per-hour", "0"]
    command += ["--synchronous", args.synchronous]
    if args.no_analysis:
        command.append("--no-analysis")
    proc = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    proc.stdout.readline()
    for _ in range(600):
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1):
                break
        except OSError:
            time.sleep(0.05)
    return proc, f"http://127.0.0.1:{port}"


def _run(args: argparse.Namespace, python: str | None) -> Stats:
    """One run: against ``args.url``, or a server started from ``python``."""
    proc = None
    folder = tempfile.mkdtemp(prefix="bench-serve-")  # the server's database
    try:
        if python is None:
            url, pid = args.url.rstrip("/"), args.pid
        else:
            proc, url = _start_server(args, python, folder)
            pid = proc.pid
        return _event_loop_run(_bench(args, url, pid))
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(20)
        shutil.rmtree(folder, ignore_errors=True)


def _event_loop_run(coro: Coroutine[Any, Any, Stats]) -> Stats:
    """Run the clients on uvloop where it is installed (as the server does)."""
    try:
        import uvloop
    except ImportError:  # pragma: no cover - Windows
        return asyncio.run(coro)
    asyncio.set_event_loop_policy(uvloop.EventLoopPolicy())
    try:
        return asyncio.run(coro)
    finally:
        asyncio.set_event_loop_policy(None)


def _side_by_side(runs: list[tuple[str, Stats]]) -> None:
    print("\nside by side (CPU: ms an action; loop: the server's event loop)")
    print(
        f"{'python':<32} {'actions/s':>9} {'p50':>6} {'p99':>6} {'max':>6} "
        f"{'server':>6} {'loop':>6} {'clients':>7} {'load':>5}"
    )
    for python, stats in runs:
        lat = sorted(stats.latencies) or [float("nan")]
        p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))]
        per = 1000 / max(1, stats.actions)
        print(
            f"{python[-32:]:<32} {stats.actions / stats.elapsed:9.0f} "
            f"{statistics.median(lat) * 1000:6.1f} {p99 * 1000:6.1f} {lat[-1] * 1000:6.0f} "
            f"{stats.server_cpu * per:6.3f} {stats.loop_cpu * per:6.3f} "
            f"{stats.client_cpu * per:7.3f} {stats.load:>5}"
            + (f"  errors {len(stats.errors)}" if stats.errors else "")
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--variant", default="dummy-bridge")
    parser.add_argument("--duration", type=float, default=30.0, help="seconds measured")
    parser.add_argument("--warmup", type=float, default=2.0, help="seconds not measured")
    parser.add_argument(
        "--think", type=float, default=0.0, help="seconds a client waits before acting (mean)"
    )
    parser.add_argument("--synchronous", choices=["FULL", "NORMAL"], default="NORMAL")
    parser.add_argument("--no-analysis", action="store_true")
    parser.add_argument(
        "--python",
        action="append",
        help="the Python whose dummybridge serves (this one if none); give two or more "
        "to compare installs side by side, run in turn",
    )
    parser.add_argument("--rounds", type=int, default=1, help="runs of each --python")
    parser.add_argument("--url", help="a running server (else one is started)")
    parser.add_argument("--pid", type=int, help="the running server's process, for its memory")
    args = parser.parse_args()
    if args.url:
        _run(args, None)
        return
    pythons = args.python or [sys.executable]
    runs = []
    for _ in range(args.rounds):
        for python in pythons:
            if len(pythons) > 1 or args.rounds > 1:
                print(f"\n--- server: {python}", flush=True)
            runs.append((python, _run(args, python)))
    if len(runs) > 1:
        _side_by_side(runs)


if __name__ == "__main__":
    main()
