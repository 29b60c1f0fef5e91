"""The web server: a Starlette application under uvicorn.

Starlette is small, typed and well kept, and has what the table needs built
in (routing, WebSockets, static files); uvicorn runs it, with the
``websockets`` library for the WebSocket protocol. One process; each table's
engine calls run under its own lock (:mod:`.tables`).

HTTP: ``GET /`` (the home page), ``GET /t/{id}`` (the table page),
``/static/...`` (the page's files), ``GET /api/variants``,
``POST /api/validate``, ``POST /api/tables``, the downloads
``GET /api/tables/{id}/deals/{n}.pbn|.json`` (a finished deal) and
``GET /api/tables/{id}/record.json`` (once the game is over). WebSocket:
``/ws/{id}`` (see :mod:`.protocol`). Errors are JSON ``{"error": message}``
with a 4xx status; no traceback ever reaches a client.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import gc
import json
import logging
import os
import socket
from collections.abc import AsyncIterator, Coroutine, Generator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal
from urllib.parse import urlsplit

from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from . import deals, seating
from .api import BadRequest, table_request, validate_json, variants_json
from .limits import CreationLimit, Limits, TokenBucket
from .protocol import Act, Fill, Hello, Ping, ProtocolError, error, parse_message
from .store import Store
from .tables import Table, TableError, Tables

__all__ = ["STATIC", "ServerConfig", "create_app", "serve", "static_folder"]

log = logging.getLogger("dummybridge.web")

#: the page's files, shipped in the package
STATIC = Path(__file__).resolve().parent / "static"
#: a connection's messages waiting to be sent beyond which it is closed as too slow
_MAX_QUEUED = 512
#: connections with messages waiting at which they are sent without waiting
#: for the end of the event loop's turn (:class:`_Outbox`)
_SEND_AFTER = 48


def static_folder() -> Path:
    """Where the page's files are served from: ``$DUMMYBRIDGE_WEB_STATIC`` if set
    (a development aid: edit the page without reinstalling), else the package's."""
    folder = os.environ.get("DUMMYBRIDGE_WEB_STATIC")
    return Path(folder).resolve() if folder else STATIC


@dataclass(slots=True)
class ServerConfig:
    """How one server runs (the ``dummybridge serve`` options)."""

    db: Path
    limits: Limits = field(default_factory=Limits)
    bot_delay: float = 0.6
    allow_origins: tuple[str, ...] = ()
    allow_seeds: bool = False
    synchronous: Literal["FULL", "NORMAL"] = "NORMAL"
    analysis: bool = True


def _json_error(message: str, status: int, **extra: Any) -> JSONResponse:
    return JSONResponse({"error": message, **extra}, status_code=status)


async def _read_json(request: Request, most: int) -> Any:
    """The request's body as JSON, read up to ``most`` bytes."""
    length = request.headers.get("content-length")
    if length is not None and (not (length.isascii() and length.isdigit()) or int(length) > most):
        raise BadRequest(f"the request is too large (at most {most:,} bytes)", 413)
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > most:
            raise BadRequest(f"the request is too large (at most {most:,} bytes)", 413)
    try:
        return json.loads(body)
    except (ValueError, RecursionError) as exc:
        raise BadRequest(f"the request's body is not JSON: {exc}") from None


class _Resumed:
    """A send that was suspended, to be finished in a task: awaiting it
    carries on the coroutine from where it stopped (what ``await`` would do
    had the coroutine been awaited from the start)."""

    __slots__ = ("coro", "waiting")

    def __init__(self, coro: Coroutine[Any, Any, None], waiting: Any) -> None:
        self.coro = coro
        self.waiting = waiting

    def __await__(self) -> Generator[Any, Any, None]:
        coro, value = self.coro, self.waiting
        while True:
            try:
                sent = yield value
            except BaseException as exc:  # cancelled: passed on, as await would
                try:
                    value = coro.throw(exc)
                except StopIteration:
                    return
                continue
            try:
                value = coro.send(sent)
            except StopIteration:
                return


class _Outbox:
    """The connections with messages to send, sent together when the event
    loop's turn that pushed them has done its work (one callback a turn).

    A message sent in the call that made it left the server at once, one
    small write among the turn's work: the clients' event loop, woken by
    each, took about three wake-ups (``epoll_pwait``) an action where the
    messages of a turn sent together took one, and its CPU an action rose
    by 40%, the server's by 10% (``perf stat``, docs/web.md, Benchmark).
    Once ``most`` connections have messages waiting they are sent at once,
    so that a busy turn (many actions come together) does not hold the
    first actions' answers until the last is taken: 48 did best of 12, 48
    and the whole turn in a benchmark of 100 tables.
    """

    __slots__ = ("clients", "most", "scheduled")

    def __init__(self, most: int = _SEND_AFTER) -> None:
        self.clients: list[_Client] = []
        self.most = most
        self.scheduled = False

    def add(self, client: _Client) -> None:
        if not self.scheduled:
            self.scheduled = True
            asyncio.get_running_loop().call_soon(self.flush)
        self.clients.append(client)
        if len(self.clients) >= self.most:
            self.send()

    def flush(self) -> None:
        self.scheduled = False
        self.send()

    def send(self) -> None:
        clients, self.clients = self.clients, []
        for client in clients:
            client.send_queued()


class _Client:
    """One WebSocket: its player, and its messages sent in order.

    A message pushed waits for the end of the event loop's turn
    (:class:`_Outbox`), then is sent without a task: the WebSocket's send
    completes without waiting unless the connection's buffer is full (the
    client reads slowly), so it is run by hand (a writer task woken through
    a queue for every message: py-spy found the queue's put, get and
    wake-ups at about 4% of the event loop's samples, besides a task step
    for each message). Only a send that has to wait is finished in a task,
    and the messages pushed meanwhile wait their turn behind it.
    """

    def __init__(self, websocket: WebSocket, outbox: _Outbox | None = None) -> None:
        self.websocket = websocket
        self.outbox = _Outbox() if outbox is None else outbox
        self.player: str | None = None
        self.shown: str | None = None
        self.shown_sheets: str | None = None
        self.finished_seen = -1
        #: messages pushed and not yet sent, in order
        self.queue: collections.deque[str] = collections.deque()
        self.writer: asyncio.Task[None] | None = None
        self.waiting = False  # in the outbox
        self.too_slow = False
        self.gone = False

    def push(self, text: str) -> None:
        if self.too_slow or self.gone:
            return
        if len(self.queue) >= _MAX_QUEUED:
            self.too_slow = True
            return
        self.queue.append(text)
        if self.writer is None and not self.waiting:
            self.waiting = True
            self.outbox.add(self)

    def send_queued(self) -> None:
        """Send the messages pushed, in order, until one has to wait."""
        self.waiting = False
        queue = self.queue
        while queue and self.writer is None and not (self.too_slow or self.gone):
            coro = self.websocket.send_text(queue.popleft())
            try:
                waiting = coro.send(None)
            except StopIteration:
                continue  # sent
            except Exception:  # the connection has gone: its reader finds out
                self.gone = True
                return
            resumed = _Resumed(coro, waiting)
            self.writer = asyncio.get_running_loop().create_task(self._drain(resumed))

    async def _drain(self, first: _Resumed) -> None:
        """Finish the send that had to wait, then the messages queued behind it."""
        try:
            await first
            while self.queue and not self.too_slow:
                await self.websocket.send_text(self.queue.popleft())
        except Exception:  # the connection has gone
            self.gone = True
        finally:
            self.writer = None

    async def finish(self) -> None:
        """The connection is ending: what is still to send (5 s at most), and
        a client too slow to read its messages is told so as it is closed."""
        if self.waiting:
            self.send_queued()  # not left to the outbox: the close would go first
        if self.writer is not None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(asyncio.shield(self.writer), 5)
        if self.too_slow:
            with contextlib.suppress(Exception):
                await self.websocket.close(code=1008, reason="too slow to read its messages")


def origin_allowed(origin: str | None, host: str | None, allowed: tuple[str, ...]) -> bool:
    """Whether a WebSocket upgrade's ``Origin`` may connect: none (not a
    browser), the server's own (its host and port, as the ``Host`` header
    says), or one of ``--allow-origin``."""
    if origin is None:
        return True
    if origin in allowed:
        return True
    parts = urlsplit(origin)
    return bool(host) and parts.scheme in ("http", "https") and parts.netloc == host


class _App:
    """The routes, over one server's tables."""

    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.limits = config.limits
        self.creations = CreationLimit(config.limits.tables_per_hour)
        self.store: Store | None = None
        self.tables: Tables | None = None
        self.outbox = _Outbox()

    @property
    def live(self) -> Tables:
        assert self.tables is not None, "the server has not started"
        return self.tables

    @contextlib.asynccontextmanager
    async def lifespan(self, app: Starlette) -> AsyncIterator[None]:
        self.store = Store(self.config.db, synchronous=self.config.synchronous)
        self.tables = Tables(
            self.store, self.limits, bot_delay=self.config.bot_delay, analysis=self.config.analysis
        )
        await asyncio.to_thread(self.tables.load)
        self.tables.start()
        gc.freeze()  # what was loaded lives on: no need to scan it in every collection
        # What an action allocates (observations, states) dies young: at the
        # default threshold (700) a young collection ran every action or two
        # and a full one every few seconds, and each stalls every table. At
        # 20,000 (tools/bench_serve.py, 100 tables, 20 s): 14 young
        # collections instead of 417, none older instead of 35 + 3, the loop
        # paused 0.3 s instead of 1.6 s, 6% less CPU an action.
        threshold = gc.get_threshold()
        gc.set_threshold(20_000, 20, 10)
        sweeper = asyncio.get_running_loop().create_task(self._put_away_idle_tables())
        try:
            yield
        finally:
            gc.set_threshold(*threshold)
            sweeper.cancel()
            await asyncio.gather(sweeper, return_exceptions=True)
            await self.tables.stop()
            self.store.close()

    async def _put_away_idle_tables(self) -> None:
        """Now and then, let go of the tables nobody uses (they stay stored)."""
        soonest = min(self.limits.idle_seconds, self.limits.finished_seconds)
        every = min(60.0, max(0.1, soonest / 2))
        while True:
            await asyncio.sleep(every)
            for table_id in self.live.put_away():
                log.info("table %s put away (idle); it comes back when opened", table_id)

    # ------------------------------------------------------------ pages

    async def home(self, request: Request) -> Response:
        return FileResponse(static_folder() / "index.html")

    async def table_page(self, request: Request) -> Response:
        if await self.live.open(request.path_params["table_id"]) is None:
            return PlainTextResponse("No such table: check the link.", status_code=404)
        return FileResponse(static_folder() / "table.html")

    # -------------------------------------------------------------- api

    async def variants(self, request: Request) -> Response:
        return JSONResponse(await asyncio.to_thread(variants_json))

    async def validate(self, request: Request) -> Response:
        data = await _read_json(request, self.limits.request_bytes)
        return JSONResponse(await asyncio.to_thread(validate_json, data, self.limits))

    async def create_table(self, request: Request) -> Response:
        data = await _read_json(request, self.limits.request_bytes)
        address = request.client.host if request.client else ""
        if not self.creations.take(address):
            raise BadRequest(
                "too many new tables from your address: at most "
                f"{self.limits.tables_per_hour} an hour; try again later",
                429,
            )
        req = await asyncio.to_thread(
            table_request, data, self.limits, allow_seeds=self.config.allow_seeds
        )
        try:
            table, tokens = self.live.create(req)
        except TableError as exc:
            raise BadRequest(str(exc), 503) from None
        links = {p: f"/t/{table.id}#{token}" for p, token in tokens.items()}
        spectate = f"/t/{table.id}" if table.options.spectators != "none" else None
        return JSONResponse({"table": table.id, "links": links, "spectate": spectate}, 201)

    async def _table(self, request: Request) -> Table:
        table = await self.live.open(request.path_params["table_id"])
        if table is None:
            raise BadRequest("no such table", 404)
        return table

    async def download_deal(self, request: Request) -> Response:
        table = await self._table(request)
        name = request.path_params["name"]
        number, _, kind = name.partition(".")
        if (
            kind not in ("pbn", "json")
            or not (number.isascii() and number.isdigit())
            or len(number) > 6
        ):
            raise BadRequest("a deal's download is deals/N.pbn or deals/N.json", 404)
        async with table.lock:
            finished = next((f for f in table.finished if f.number == int(number)), None)
            if finished is None:
                raise BadRequest(f"deal {int(number)} of this table is not over", 404)
            if kind == "json":
                data = deals.deal_json(table.id, table.game.rules.title, finished)
                return JSONResponse(data, headers=_attachment(f"{table.id}-deal-{number}.json"))
            # the export replays the game: in a thread, the table held still by its lock
            played = await asyncio.to_thread(
                self.live.store.action_time, table.id, finished.end - 1
            )
            text = await asyncio.to_thread(deals.deal_pbn, table.game, finished.number, played)
        return Response(
            text.encode("latin-1", "replace"),
            media_type="application/x-pbn; charset=iso-8859-1",
            headers=_attachment(f"{table.id}-deal-{number}.pbn"),
        )

    async def download_record(self, request: Request) -> Response:
        table = await self._table(request)
        async with table.lock:
            if not table.game.is_over:
                raise BadRequest(
                    "the game's record (which holds the seed of every deal) is offered "
                    "once the game is over",
                    404,
                )
            record = table.game.to_record()
        return JSONResponse(record, headers=_attachment(f"{table.id}-record.json"))

    # -------------------------------------------------------- websocket

    async def websocket(self, websocket: WebSocket) -> None:
        headers = websocket.headers
        if not origin_allowed(
            headers.get("origin"), headers.get("host"), self.config.allow_origins
        ):
            await websocket.close(code=1008)  # before accept: an HTTP 403
            return
        await websocket.accept()
        table = await self.live.open(websocket.path_params["table_id"])
        if table is None:
            await websocket.send_text(error("no such table: check the link"))
            await websocket.close(code=4404)
            return
        client = _Client(websocket, self.outbox)
        try:
            await self._converse(table, client)
        except WebSocketDisconnect:
            pass
        except Exception:  # a bug: log it, tell the client in words, keep serving
            log.exception("table %s: connection failed", table.id)
            client.push(error("the server failed on your message; the table is unchanged"))
        finally:
            table.leave(client)
            await client.finish()
            if client.writer is not None:
                client.writer.cancel()
            with contextlib.suppress(Exception):
                await websocket.close()

    async def _converse(self, table: Table, client: _Client) -> None:
        """Read a client's messages until it goes."""
        bucket = TokenBucket(self.limits.rate, self.limits.burst)
        joined = False
        while not (client.too_slow or client.gone):
            message = await client.websocket.receive()
            if message["type"] == "websocket.disconnect":
                return
            raw = message.get("text")
            if raw is None:
                client.push(error("send text messages (JSON), not binary ones"))
                continue
            if len(raw) > self.limits.message_bytes:
                client.push(error(f"message too large (at most {self.limits.message_bytes} bytes)"))
                continue
            if not bucket.take():
                client.push(error(f"too many messages: at most {self.limits.rate:g} a second"))
                continue
            try:
                msg = parse_message(raw)
            except ProtocolError as exc:
                client.push(error(str(exc)))
                continue
            if isinstance(msg, Ping):
                client.push('{"type":"pong"}')
            elif isinstance(msg, Hello):
                if joined:
                    client.push(error("you have already said hello"))
                    continue
                try:
                    table.join(client, msg.token)
                except TableError as exc:
                    client.push(error(str(exc)))
                    continue
                joined = True
            elif isinstance(msg, Fill):
                if not joined:
                    client.push(error("say hello first (with your link's token)"))
                    continue
                try:
                    await seating.fill(table, client.player, msg.bot)
                except TableError as exc:
                    client.push(error(str(exc)))
            else:
                await self._act(table, client, msg, joined)

    async def _act(self, table: Table, client: _Client, msg: Act, joined: bool) -> None:
        if not joined:
            client.push(error("say hello first (with your link's token)"))
            return
        if client.player is None:
            client.push(error("spectators cannot act: a player's link has a token after '#'"))
            return
        refused = await table.act(client, client.player, msg)
        if refused is not None:
            client.push(error(refused, at=table.at))


def _attachment(name: str) -> dict[str, str]:
    return {"content-disposition": f'attachment; filename="{name}"'}


async def _bad_request(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, BadRequest)
    return _json_error(exc.message, exc.status, **exc.extra)


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    message = {404: "not found", 405: "method not allowed"}.get(exc.status_code, str(exc.detail))
    return _json_error(message, exc.status_code)


async def _internal_error(request: Request, exc: Exception) -> Response:
    log.error("%s %s failed", request.method, request.url.path, exc_info=exc)
    return _json_error("internal error: the server failed on this request (see its log)", 500)


def create_app(config: ServerConfig) -> Starlette:
    """The application for one server."""
    app = _App(config)
    routes = [
        Route("/", app.home),
        Route("/t/{table_id}", app.table_page),
        Route("/api/variants", app.variants),
        Route("/api/validate", app.validate, methods=["POST"]),
        Route("/api/tables", app.create_table, methods=["POST"]),
        Route("/api/tables/{table_id}/deals/{name}", app.download_deal),
        Route("/api/tables/{table_id}/record.json", app.download_record),
        WebSocketRoute("/ws/{table_id}", app.websocket),
        Mount("/static", StaticFiles(directory=static_folder(), check_dir=False), name="static"),
    ]
    return Starlette(
        routes=routes,
        lifespan=app.lifespan,
        exception_handlers={
            BadRequest: _bad_request,
            HTTPException: _http_error,
            Exception: _internal_error,
        },
    )


def serve(config: ServerConfig, host: str = "127.0.0.1", port: int = 8000) -> None:
    """Run the server until interrupted: Ctrl-C or SIGTERM stop it cleanly,
    then raise :class:`KeyboardInterrupt` (the command line's
    :mod:`~dummybridge.apps.toplevel` turns it into exit status 130 or 143)."""
    import uvicorn

    logging.basicConfig(level=logging.WARNING, format="dummybridge: %(message)s")
    uv = uvicorn.Config(
        create_app(config),
        host=host,
        port=port,
        ws="websockets-sansio",
        ws_max_size=config.limits.message_bytes,
        # a state is about 2 KiB: compressing it costs more CPU than it saves
        ws_per_message_deflate=False,
        log_level="warning",
        access_log=False,
        server_header=False,
    )
    server = uvicorn.Server(uv)
    # Bound here, so that a port in use is an error before anything is said to
    # be served (and --port 0 shows the port the system chose).
    sock = socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError:
        sock.close()
        raise
    shown = f"[{host}]" if ":" in host else host
    port = sock.getsockname()[1]
    print(f"dummybridge: serving on http://{shown}:{port}/ (tables in {config.db})", flush=True)
    try:
        server.run(sockets=[sock])
    finally:
        # uvicorn has stopped cleanly (connections closed, the bots and the
        # analyses' process stopped, the database closed), then passes Ctrl-C
        # or SIGTERM on: the command ends as any other (docs/limits.md,
        # Signals: exit 130 or 143)
        print("dummybridge: stopped", flush=True)
