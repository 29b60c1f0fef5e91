"""Helpers of the web table's tests: a real server process on a free loopback
port, plain HTTP requests to it, and the leak check of one message against
the engine's observation (tests/test_web_leak.py, tests/test_web_server.py,
tests/test_web_restart.py)."""

from __future__ import annotations

import atexit
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path
from typing import Any

from dummybridge.core.cards import Seat
from dummybridge.engine.actions import Action
from dummybridge.engine.game import Game

SEATS = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
_LETTER = {s.letter: s for s in SEATS}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """``dummybridge serve`` in a process of its own, on a free loopback port."""

    def __init__(
        self, db: Path, *options: str, port: int | None = None, group: bool = False
    ) -> None:
        self.db = db
        self.port = port or free_port()
        self.options = options
        self.group = group  # a process group of its own, as at a terminal
        self.proc: subprocess.Popen[str] | None = None
        self.banner = ""

    def start(self) -> Server:
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        env.pop("DUMMYBRIDGE_WEB_STATIC", None)
        self.proc = subprocess.Popen(
            [
                *(sys.executable, "-m", "dummybridge", "serve", "--port", str(self.port)),
                *("--db", str(self.db), "--bot-delay", "0", "--allow-seeds"),
                *("--tables-per-hour", "0", *self.options),  # tests create many; one test sets it
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            env=env,
            start_new_session=self.group,
        )
        atexit.register(self._reap)  # never outlives the tests, whatever fails
        assert self.proc.stdout is not None
        self.banner = self.proc.stdout.readline().strip()
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise AssertionError(f"the server stopped: {self.proc.stderr.read()}")  # type: ignore[union-attr]
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1):
                    return self
            except OSError:
                time.sleep(0.05)
        raise AssertionError("the server did not start listening")

    def _reap(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)

    def kill(self) -> None:
        """SIGKILL: no chance to tidy anything."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> str:
        """Ctrl-C; returns what the server wrote on standard error."""
        assert self.proc is not None
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(5)
        return self.proc.stderr.read() if self.proc.stderr else ""

    def url(self, path: str) -> str:
        return f"http://127.0.0.1:{self.port}{path}"

    def ws(self, table: str) -> str:
        return f"ws://127.0.0.1:{self.port}/ws/{table}"

    def request(
        self, path: str, data: Any = None, *, raw: bytes | None = None, method: str | None = None
    ) -> tuple[int, Any, dict[str, str]]:
        """(status, body as JSON or text, headers)."""
        body = raw if raw is not None else None if data is None else json.dumps(data).encode()
        req = urllib.request.Request(self.url(path), data=body, method=method)
        if body is not None:
            req.add_header("content-type", "application/json")
        try:
            with urllib.request.urlopen(req, timeout=30) as resp:
                status, payload, headers = resp.status, resp.read(), dict(resp.headers)
        except urllib.error.HTTPError as exc:
            status, payload, headers = exc.code, exc.read(), dict(exc.headers)
        text = payload.decode("utf-8", "replace")
        kind = headers.get("content-type", "")
        return status, json.loads(text) if kind.startswith("application/json") else text, headers


# ------------------------------------------------------------------ the states

#: the parts of a state the server sends a connection only when they have
#: changed since it last sent them (docs/web.md)
SLOW = ("score", "sheets", "finished")


def merged(previous: dict[str, Any], msg: dict[str, Any]) -> dict[str, Any]:
    """A state as the page holds it (static/table.js, ``keepSlowParts``):
    ``msg``, its slow parts (left out when unchanged) kept from the
    ``previous`` state, and the deals of its ``finished_changed`` (new, or
    changed since last sent) put in their places by number."""
    if msg.get("type") != "state":
        return msg
    kept = {k: previous[k] for k in SLOW if k not in msg and k in previous}
    state = {**msg, **kept}
    changed = state.pop("finished_changed", None)
    if changed:
        deals = {d["number"]: d for d in state.get("finished", [])}
        deals.update((d["number"], d) for d in changed)
        state["finished"] = [deals[n] for n in sorted(deals)]
    return state


# ------------------------------------------------------------------ the leak check

_CODE = re.compile(r"(?<![A-Za-z0-9_-])([SHDC][2-9TJQKA])(?![A-Za-z0-9_-])")
_SYMBOL = re.compile(r"([♠♥♦♣])(10|[2-9TJQKA])")
_SUIT_OF = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}


def cards_in(value: Any) -> set[str]:
    """Every card a JSON value names, as a code or with a suit symbol."""
    found: set[str] = set()
    if isinstance(value, str):
        found.update(m.group(1) for m in _CODE.finditer(value))
        found.update(
            _SUIT_OF[m.group(1)] + ("T" if m.group(2) == "10" else m.group(2))
            for m in _SYMBOL.finditer(value)
        )
    elif isinstance(value, dict):
        for v in value.values():
            found |= cards_in(v)
    elif isinstance(value, list):
        for v in value:
            found |= cards_in(v)
    return found


def _codes(cards: Any) -> set[str]:
    return {str(c) for c in cards}


def _played_and_public(game: Game, player: str) -> set[str]:
    """Cards public to everyone now: played in this deal, named in its public
    history, exposed and left face up (laws mode)."""
    obs = game.observation(player)
    out: set[str] = set()
    for t in obs.tricks:
        out |= _codes(t.cards)
    if obs.current is not None:
        out |= _codes(obs.current.cards)
    for _, action in obs.history:
        if action.card is not None:
            out.add(str(action.card))
    for cards in obs.cards_exposed.values():  # laws 65-72: left face up
        out |= _codes(cards)
    return out


def public_seats(game: Game) -> dict[Seat, set[str]]:
    """The hands that lie face up: exposed, and in every player's observation."""
    seen: dict[Seat, set[str]] | None = None
    for p in game.players:
        obs = game.observation(p)
        mine = {s: _codes(h) for s, h in obs.hands.items() if s in obs.exposed}
        seen = mine if seen is None else {s: c for s, c in seen.items() if s in mine}
    return seen or {}


def check_message(game: Game, player: str | None, msg: dict[str, Any], seed: int) -> None:
    """Fail if ``msg``, sent now to ``player`` (``None``: a spectator), holds
    anything beyond what the engine's observation lets him know now."""
    text = json.dumps(msg, ensure_ascii=False)
    assert '"seed"' not in text, "the seed was sent"
    assert str(seed) not in text, "the seed was sent"
    if msg.get("type") != "state":
        assert not cards_in(msg), msg
        return
    assert msg["you"] == player
    if player is None:
        visible = public_seats(game)
        legal: set[str] = set()
        viewer = game.players[0]
    else:
        obs = game.observation(player)
        visible = {s: _codes(h) for s, h in obs.hands.items()}
        legal = cards_in([str(a) for a in obs.legal_actions])
        viewer = player
        assert [a["action"] for a in msg["legal"]] == [str(a) for a in obs.legal_actions]
    shown = {_LETTER[k]: set(v) for k, v in msg["hands"].items()}
    assert shown == visible, f"hands shown {shown} != the observation's {visible}"
    allowed = set().union(*visible.values()) | _played_and_public(game, viewer) | legal
    public = ("finished", "finished_changed", "table", "record", "legal")
    rest = {k: v for k, v in msg.items() if k not in public}
    beyond = cards_in(rest) - allowed
    assert not beyond, f"{player or 'a spectator'} was shown {sorted(beyond)} beyond his sight"
    over = game.is_over
    for deal in [*msg.get("finished", []), *msg.get("finished_changed", [])]:
        assert deal["number"] < game.deal_number or (over and deal["number"] <= game.deal_number)


def choose(state: dict[str, Any], rng: Any, laws: bool) -> dict[str, Any] | None:
    """An action message a client might send from its state (random, seeded)."""
    options = list(state["legal"])
    if laws and state["irregular"] and rng.random() < 0.1:
        options = state["irregular"]
    if not options:
        return None
    pick = options[rng.randrange(len(options))]
    if Action.parse(pick["action"]).card is not None and rng.random() < 0.2:
        return {"type": "act", "text": pick["label"], "at": state["at"]}  # natural input
    return {"type": "act", "action": pick["action"], "at": state["at"]}
