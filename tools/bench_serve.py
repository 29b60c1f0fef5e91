"""Benchmark the web table: N concurrent tables against a local server over
real WebSockets on loopback.

Each table is created with every place a *person*, and the benchmark connects
one WebSocket client per place, with that place's token. Each client acts for
its player whenever its state offers it actions (a random legal one, seeded,
so the client costs little) and receives every state. So every action makes
the full round trip the target is about: client send -> server (parse,
engine, SQLite commit) -> a state to every client of the table; the latency
of an action is from the actor's send to the actor receiving the state that
acknowledges it. (A bot-only table driven by the server would measure the
engine and the broadcast, not the round trip.)

    python tools/bench_serve.py [--tables 100] [--variant dummy-bridge] [--duration 30]
                                [--synchronous FULL|NORMAL] [--no-analysis] [--python PY]
                                [--url URL --pid PID]

It starts ``dummybridge serve`` on a free port with a fresh database (unless
``--url`` names a running server), and prints actions/s, p50/p99 action
latency, errors, and the server's memory per table (its RSS growth over the
tables, from /proc).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from dataclasses import dataclass, field
from typing import Any


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


async def _client(
    ws_url: str, token: str, seed: int, stats: Stats, stop: asyncio.Event, think: float
) -> None:
    """One player: act when offered, time each action to its acknowledgement."""
    import websockets

    rng = random.Random(seed)
    async with websockets.connect(ws_url, max_size=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        stats.connected += 1
        sent_at: int | None = None
        sent_time = 0.0
        while not stop.is_set():
            try:
                raw = await asyncio.wait_for(ws.recv(), 1.0)
            except TimeoutError:
                continue
            stats.messages += 1
            stats.bytes += len(raw)
            if sent_at is None and '"legal":[]' in raw and '"over":false' in raw:
                continue  # a state that asks nothing of this client: not read further
            msg = json.loads(raw)
            if msg["type"] == "error":
                stats.errors.append(msg["message"])
                sent_at = None
                continue
            if msg["type"] != "state":
                continue
            if sent_at is not None and msg["at"] > sent_at:
                if stats.measuring:
                    stats.latencies.append(time.perf_counter() - sent_time)
                    stats.actions += 1
                sent_at = None
            if msg["over"]:
                stats.over += 1
                return
            if msg["legal"] and sent_at is None:
                if think:
                    await asyncio.sleep(think * rng.uniform(0.5, 1.5))
                pick = msg["legal"][rng.randrange(len(msg["legal"]))]["action"]
                sent_at, sent_time = msg["at"], time.perf_counter()
                await ws.send(json.dumps({"type": "act", "action": pick, "at": msg["at"]}))


def _start_server(args: argparse.Namespace) -> tuple[subprocess.Popen[str], str]:
    port = _free_port()
    db = os.path.join(tempfile.mkdtemp(prefix="bench-serve-"), "tables.sqlite")
    command = [args.python, "-m", "dummybridge", "serve", "--port", str(port), "--db", db]
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


async def _bench(args: argparse.Namespace, url: str, pid: int | None) -> None:
    _post(url + "/api/tables", {"variant": args.variant})  # warm up the server's caches
    rss_before = _rss_kib(pid) if pid else 0
    created = [_post(url + "/api/tables", {"variant": args.variant}) for _ in range(args.tables)]
    stats, stop = Stats(), asyncio.Event()
    ws_base = url.replace("http://", "ws://") + "/ws/"
    tasks = [
        asyncio.create_task(
            _client(
                ws_base + c["table"],
                c["links"][p].split("#", 1)[1],
                i * 10 + j,
                stats,
                stop,
                args.think,
            )
        )
        for i, c in enumerate(created)
        for j, p in enumerate(c["links"])
    ]
    while stats.connected < len(tasks):  # every client connected, then a second to settle
        await asyncio.sleep(0.1)
    await asyncio.sleep(args.warmup)
    stats.measuring = True
    start = time.perf_counter()
    cpu = _cpu_seconds(pid) if pid else 0.0
    loop = _cpu_seconds(pid, pid) if pid else 0.0  # the main thread: the event loop
    own = time.process_time()
    await asyncio.wait(tasks, timeout=args.duration)
    stats.measuring = False  # what follows (closing 100s of connections) is not measured
    elapsed = time.perf_counter() - start
    stats.server_cpu = (_cpu_seconds(pid) - cpu) if pid else 0.0
    stats.loop_cpu = (_cpu_seconds(pid, pid) - loop) if pid else 0.0
    stats.client_cpu = time.process_time() - own
    rss_after = _rss_kib(pid) if pid else 0
    stop.set()
    await asyncio.gather(*tasks, return_exceptions=True)
    _report(args, stats, elapsed, rss_before, rss_after, len(tasks))


def _report(
    args: argparse.Namespace, stats: Stats, elapsed: float, before: int, after: int, clients: int
) -> None:
    lat = sorted(stats.latencies)
    p50 = statistics.median(lat) * 1000 if lat else float("nan")
    p99 = lat[min(len(lat) - 1, int(len(lat) * 0.99))] * 1000 if lat else float("nan")
    print(f"tables {args.tables} ({args.variant}), {clients} WebSocket clients, {elapsed:.1f} s")
    print(f"actions {stats.actions} ({stats.actions / elapsed:.0f}/s), clients done {stats.over}")
    print(
        f"messages received {stats.messages} ({stats.bytes / stats.messages / 1024:.1f} KiB each)"
    )
    print(f"action latency p50 {p50:.1f} ms, p99 {p99:.1f} ms, max {lat[-1] * 1000:.1f} ms")
    per = 1000 / max(1, stats.actions)
    print(
        f"CPU: server {stats.server_cpu:.1f} s ({stats.server_cpu * per:.2f} ms an action; "
        f"event loop {stats.loop_cpu * per:.2f} ms, other threads "
        f"{(stats.server_cpu - stats.loop_cpu) * per:.2f} ms), "
        f"clients {stats.client_cpu:.1f} s ({stats.client_cpu * per:.2f} ms an action)"
    )
    print(f"errors {len(stats.errors)}" + (f": {stats.errors[:3]}" if stats.errors else ""))
    if after:
        print(
            f"server RSS {before / 1024:.0f} -> {after / 1024:.0f} MiB: "
            f"{(after - before) / args.tables:.0f} KiB per table"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--variant", default="dummy-bridge")
    parser.add_argument("--duration", type=float, default=30.0, help="seconds at most")
    parser.add_argument("--warmup", type=float, default=2.0, help="seconds not measured")
    parser.add_argument(
        "--think", type=float, default=0.0, help="seconds a client waits before acting (mean)"
    )
    parser.add_argument("--synchronous", choices=["FULL", "NORMAL"], default="NORMAL")
    parser.add_argument("--no-analysis", action="store_true")
    parser.add_argument(
        "--python",
        default=sys.executable,
        help="the Python whose dummybridge serves (to compare two installs side by side)",
    )
    parser.add_argument("--url", help="a running server (else one is started)")
    parser.add_argument("--pid", type=int, help="the running server's process, for its memory")
    args = parser.parse_args()
    proc = None
    if args.url:
        url, pid = args.url.rstrip("/"), args.pid
    else:
        proc, url = _start_server(args)
        pid = proc.pid
    try:
        asyncio.run(_bench(args, url, pid))
    finally:
        if proc is not None:
            proc.terminate()
            proc.wait(20)


if __name__ == "__main__":
    main()
