"""The web server's event-loop work for one action, counted in instructions
(valgrind's callgrind), for one install or several side by side.

What an action costs the event loop besides the WebSocket's framing and the
socket's ``write``: the action parsed and applied, stored and committed in
SQLite, a state made for each of the table's connections and handed to its
WebSocket (Starlette's ``send_text``, here over an ASGI ``send`` that only
takes the text). Dummy Bridge, every place a person, one connection a
player; a seeded random legal action at a time through ``Table.act``, as
``dummybridge serve`` takes a client's; new tables as games end. Instruction
counts do not depend on how loaded the machine is, so a change is measured
even when wall-clock figures (``tools/bench_serve.py``) are noise.

    python tools/bench_table.py [--actions 600] [--python PY [--python PY2 ...]]

Each install runs this file twice under callgrind, with no action and with
``--actions``; the difference over the actions is an action's count.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any


async def _actions(n: int, folder: Path) -> int:
    """Take ``n`` actions at Dummy Bridge tables as the server does; the bytes sent."""
    from starlette.websockets import WebSocket

    from dummybridge.engine.actions import Action
    from dummybridge.web.api import table_request
    from dummybridge.web.limits import Limits
    from dummybridge.web.protocol import Act
    from dummybridge.web.server import _Client
    from dummybridge.web.store import Store
    from dummybridge.web.tables import Tables

    sent = [0]

    async def receive() -> dict[str, Any]:
        return {"type": "websocket.connect"}

    async def send(message: dict[str, Any]) -> None:
        if message["type"] == "websocket.send":
            sent[0] += len(message["text"])

    limits = Limits()
    tables = Tables(Store(folder / "tables.sqlite", "NORMAL"), limits, bot_delay=0, analysis=False)
    rng = random.Random(1)
    taken = 0
    seed = 1
    while taken < n:
        request = {"variant": "dummy-bridge", "seed": seed}
        table, tokens = tables.create(table_request(request, limits, allow_seeds=True))
        seed += 1
        clients = {}
        for player, token in tokens.items():
            websocket = WebSocket({"type": "websocket", "path": "/ws"}, receive, send)
            await websocket.accept()
            client = clients[player] = _Client(websocket)
            if hasattr(client, "write"):  # an install whose connections have a writer task
                asyncio.get_running_loop().create_task(client.write())
            table.join(client, token)
        while taken < n and not table.game.is_over:
            game = table.game
            player = game.actor
            assert player is not None
            action: Action = rng.choice(game.legal_actions())
            refused = await table.act(clients[player], player, Act(str(action), None, table.at))
            assert refused is None, refused
            await asyncio.sleep(0)  # let writer tasks run, where there are any
            taken += 1
    await asyncio.sleep(0)
    return sent[0]


def _inner(n: int) -> None:
    try:
        import uvloop

        run = uvloop.run
    except ImportError:  # pragma: no cover - Windows
        run = asyncio.run
    with tempfile.TemporaryDirectory() as folder:
        sent = run(_actions(n, Path(folder)))
    print(f"bytes sent {sent}")


def _count(python: str, n: int) -> tuple[int, int]:
    """Instructions of a run of ``n`` actions under callgrind, and the bytes it sent."""
    command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
    command += [python, __file__, "--inner", str(n)]
    out = subprocess.run(command, capture_output=True, text=True, check=True)
    found = re.search(r"Collected : (\d+)", out.stderr)
    sent = re.search(r"bytes sent (\d+)", out.stdout)
    if found is None or sent is None:
        raise SystemExit(f"no count from callgrind:\n{out.stderr[-2000:]}")
    return int(found.group(1)), int(sent.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=600)
    parser.add_argument("--python", action="append", help="an install's Python (this one if none)")
    parser.add_argument("--inner", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.inner is not None:
        _inner(args.inner)
        return
    rows = []
    for python in args.python or [sys.executable]:
        base, _ = _count(python, 0)
        total, sent = _count(python, args.actions)
        rows.append((python, (total - base) / args.actions, sent / args.actions))
        print(f"{python}: {rows[-1][1]:,.0f} instructions an action", flush=True)
    print(f"\n{'python':<40} {'instructions':>12} {'ratio':>6} {'sent':>7}")
    for python, per, sent in rows:
        print(
            f"{python[-40:]:<40} {per:12,.0f} {per / rows[0][1]:6.2f} "
            f"{sent:7,.0f}  (characters sent an action)"
        )


if __name__ == "__main__":
    os.environ.setdefault("PYTHONHASHSEED", "0")
    main()
