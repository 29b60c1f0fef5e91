"""``dummybridge serve``: the web table's command (the server is :mod:`dummybridge.web`).

Building the parser imports nothing of the web layer: the server, Starlette
and uvicorn are imported when the command runs.
"""

from __future__ import annotations

import argparse
from typing import TypeAlias

__all__ = ["add_serve"]

_Commands: TypeAlias = "argparse._SubParsersAction[argparse.ArgumentParser]"


def add_serve(sub: _Commands) -> None:
    """Add the ``serve`` command to the command line's subparsers."""
    serve = sub.add_parser("serve", help="run the web table: play in the browser")
    serve.add_argument("--host", default="127.0.0.1", help="the address to listen on")
    serve.add_argument("--port", type=int, default=8000, help="the port to listen on")
    serve.add_argument("--db", metavar="FILE", help="the tables' SQLite database")
    serve.add_argument(
        "--bot-delay", type=float, default=0.6, metavar="S", help="between bot actions"
    )
    serve.add_argument("--max-tables", type=int, default=1000, help="tables live at once")
    serve.add_argument(
        "--tables-per-hour",
        type=int,
        default=60,
        metavar="N",
        help="new tables one client address may create an hour (0: no limit)",
    )
    serve.add_argument("--rate", type=float, default=10.0, help="messages a second per connection")
    serve.add_argument("--connections-per-table", type=int, default=32)
    serve.add_argument(
        "--idle",
        type=float,
        default=3600.0,
        metavar="S",
        help="put away a table nobody has used for S seconds (it stays stored)",
    )
    serve.add_argument(
        "--keep-finished",
        type=float,
        default=10.0,
        metavar="S",
        help="put away a table whose game is over S seconds after its last visitor left",
    )
    serve.add_argument("--allow-origin", action="append", default=[], metavar="URL")
    serve.add_argument("--allow-seeds", action="store_true", help="let a new table name its seed")
    serve.add_argument("--synchronous", choices=["FULL", "NORMAL"], default="NORMAL")
    serve.add_argument("--no-analysis", action="store_true", help="no double-dummy analysis")
    serve.add_argument(
        "--analysis-queue",
        type=int,
        default=256,
        metavar="N",
        help="finished deals waiting for analysis kept in memory (the rest wait in the database)",
    )
    serve.set_defaults(func=_cmd_serve)


def _cmd_serve(args: argparse.Namespace) -> int:
    from pathlib import Path

    from ..web.limits import Limits
    from ..web.server import ServerConfig, serve
    from ..web.store import default_db_path

    limits = Limits(
        max_tables=args.max_tables,
        rate=args.rate,
        burst=max(1, int(args.rate * 2)),
        connections_per_table=args.connections_per_table,
        idle_seconds=args.idle,
        finished_seconds=args.keep_finished,
        tables_per_hour=args.tables_per_hour,
        analysis_queue=max(1, args.analysis_queue),
    )
    config = ServerConfig(
        db=Path(args.db) if args.db else default_db_path(),
        limits=limits,
        bot_delay=args.bot_delay,
        allow_origins=tuple(args.allow_origin),
        allow_seeds=args.allow_seeds,
        synchronous=args.synchronous,
        analysis=not args.no_analysis,
    )
    serve(config, args.host, args.port)
    return 0
