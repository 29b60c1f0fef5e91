"""Tables: one :class:`~dummybridge.engine.game.Game` each, its places, its
connections and its bots; and :class:`Tables`, every table of one server.

Each table's engine calls run under that table's :class:`asyncio.Lock`; a
bot's decision (the sampling bots can take long) runs in a worker thread, so
the server stays responsive. An action is applied to the game (which refuses
an illegal one and changes nothing), then stored and committed, and only then
acknowledged and shown: every connection gets a new state, each its own view.

A bot's decisions come from a seed derived from the table's seed, its player
and the number of the action, so a rebuilt table needs no bot state.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import logging
import secrets
import sqlite3
import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Protocol

from ..engine.actions import Action
from ..engine.game import Game
from ..engine.observation import Observation
from ..errors import DummyBridgeError, IllegalActionError, InvalidNotationError
from ..language.ruleset import RuleSet
from . import deals, seating, views
from .analyses import Analyses
from .deals import DealStart, FinishedDeal
from .limits import Limits
from .protocol import Act
from .seating import BOT_KINDS, TableError
from .store import Store, StoredAction, StoredTable

__all__ = ["BOT_KINDS", "PLACE_KINDS", "Connection", "Table", "TableError", "Tables"]

log = logging.getLogger("dummybridge.web")

#: what a place may be
PLACE_KINDS = ("person", *BOT_KINDS)
#: who may watch a table
SPECTATORS = ("public", "none")
#: the longest wait a table may be made with before bots take its empty places
MAX_FILL_AFTER = 3600


class Connection(Protocol):
    """A client connected to a table: its player (``None``: a spectator),
    where its messages go (without waiting: a connection sends in order), and
    what it was last sent of a state's slow parts: the score sheet
    (:meth:`Table.score_json`), the sheets before it
    (:meth:`Table.sheets_json`), and the finished deals, up to the table's
    count of their changes (``finished_seen``; -1 at first: its first state
    is whole)."""

    player: str | None
    shown: str | None
    shown_sheets: str | None
    finished_seen: int

    def push(self, text: str) -> None:
        """Queue a message for the client."""


def token_hash(token: str) -> str:
    """What is stored of a token: its SHA-256, in hex."""
    return hashlib.sha256(token.encode("utf-8", "replace")).hexdigest()


def bot_seed(seed: int, player: str, n: int) -> int:
    """The seed of a bot's decision: from the table's seed, its player and the action number."""
    digest = hashlib.sha256(f"{seed}:{player}:{n}".encode()).digest()
    return int.from_bytes(digest[:8], "little")


def decide(kind: str, seed: int, rules: RuleSet, obs: Observation) -> Action:
    """A bot's decision from its player's observation (run in a worker thread)."""
    from ..bots.basic import make_bot

    return make_bot(kind, seed, rules).choose(obs)


@dataclass(frozen=True, slots=True)
class Options:
    """A table's settings."""

    laws: bool = False
    rubbers: int = 1
    spectators: str = "public"
    #: seconds after the table is made when bots take the places nobody has taken
    fill_after: int | None = None


class Table:
    """One table: its game, its places (person or bot), its connections.

    :param stored: the table as stored (its id, rules, options, seed, places).
    :param rules: its rule set, loaded.
    """

    def __init__(self, stored: StoredTable, rules: RuleSet, tables: Tables) -> None:
        self.id = stored.id
        self.stored = stored
        self.options = Options(
            laws=stored.laws,
            rubbers=stored.rubbers,
            spectators=str(stored.options.get("spectators", "public")),
            fill_after=stored.options.get("fill_after"),
        )
        self.game = Game(rules, stored.seed, rubbers=self.options.rubbers, laws=self.options.laws)
        self.places = {p: kind for p, (kind, _) in stored.places.items()}
        self._tokens = {p: sha for p, (_, sha) in stored.places.items() if sha}
        self.tables = tables
        self.at = 0
        self.lock = asyncio.Lock()
        self.connections: list[Connection] = []
        self.finished: list[FinishedDeal] = []
        self._start = DealStart.of(self.game)
        self._over_seen = False
        self.driver: asyncio.Task[None] | None = None
        self._views: dict[str | None, str] = {}
        self._common: str | None = None
        self._obs: Observation | None = None
        #: the deal in progress's calls and tricks, written as states show them
        self.text = views.DealText()
        self._players: tuple[tuple[Any, ...], list[dict[str, Any]]] = ((), [])
        self._score_key: tuple[int, ...] = ()
        self._score = ""
        self._sheets_key: tuple[int, ...] = ()
        self._sheets = ""
        self._finished_json: str | None = None
        #: changes to the finished deals so far (each one's ``rev`` is its last)
        self._finished_rev = 0
        self._deal_texts: dict[tuple[int, int], str] = {}
        self._to_analyse: list[FinishedDeal] = []
        self.broken: str | None = None
        #: when someone last acted or came or went (``time.monotonic()``)
        self.active = time.monotonic()

    # (No more attributes: one more, and each action cost 0.6% more
    # instructions, tools/bench_table.py; CPython shares the keys of its
    # instances' dicts only up to a size.)

    @property
    def stand_ins(self) -> dict[str, str]:
        """The persons' places a bot plays for now (the bot's kind), by
        player: kept with the table as stored, as the store keeps them."""
        return self.stored.stand_ins

    @property
    def deal_began(self) -> int:
        """How many actions the table had taken when the deal in progress began."""
        return self.finished[-1].end if self.finished else 0

    @property
    def idle(self) -> bool:
        """Whether the table may be put away: nobody connected, no bot at
        work, no finished deal waiting to be handed to the analyses, and
        nothing done for the server's ``idle_seconds``, or for its
        ``finished_seconds`` once the game is over (its analyses need it
        not: they read the table from the database and store what they find)."""
        if self.connections or self.driver is not None or self._to_analyse:
            return False
        limits = self.tables.limits
        quiet = time.monotonic() - self.active
        return quiet >= limits.idle_seconds or (
            self.game.is_over and quiet >= limits.finished_seconds
        )

    # ------------------------------------------------------------ acting

    def replay(self, actions: Iterable[StoredAction]) -> None:
        """Apply stored actions (a rebuild): as they were taken, nothing stored again.

        :raises DummyBridgeError: if one is refused (the rules or engine changed).
        """
        for stored in actions:
            deals.apply_stored(self.game, stored)
            self.at += 1
            self._after()

    def _take(self, player: str, action: Action) -> str | None:
        """Apply, store and count ``action`` by ``player``; the engine's message if refused."""
        game = self.game
        out_of_turn = player != game.actor
        try:
            game.apply(action, player=player if out_of_turn else None)
        except (IllegalActionError, InvalidNotationError) as exc:
            return str(exc)
        start, over = self._start, game.is_over and not self._over_seen
        pending = None  # a deal this action ended, to be analysed: stored with it
        if (game.deal is not start.deal or over) and start.deal.tricks:
            pending = self.tables.analyses.to_store(start.number, self.stored.analyses)
        try:
            self.tables.store.add_action(
                self.id,
                self.at,
                StoredAction(player, out_of_turn, str(action)),
                ended=pending,
                over=over,
            )
        except sqlite3.Error as exc:
            log.error("table %s: could not store action %d: %s", self.id, self.at, exc)
            self._rebuild()
            return f"the server could not store your action ({exc}); nothing changed"
        self.at += 1
        self.active = time.monotonic()
        self._after()
        return None

    def _rebuild(self) -> None:
        """Back to what is stored: the game replayed from its stored actions."""
        stored = self.tables.store.table(self.id)
        if stored is not None:
            self.game = Game(
                self.game.rules, stored.seed, rubbers=self.options.rubbers, laws=self.options.laws
            )
            self.at = 0
            self.finished = []
            self._deal_texts.clear()
            self._finished_json = None
            for conn in self.connections:  # their finished deals are sent whole again
                conn.finished_seen = -1
            self._start = DealStart.of(self.game)
            self._over_seen = False
            self.replay(stored.actions)
        self._changed()

    def _after(self) -> None:
        """After an action: a deal that has ended becomes public."""
        game = self.game
        ended = game.deal is not self._start.deal or (game.is_over and not self._over_seen)
        if ended:
            finished = deals.finish(game, self._start, self.at)
            self.finished.append(finished)
            self._finished_changed(finished)
            if finished.data["tricks"]:
                finished.analysis = self.stored.analyses.get(finished.number)
                if finished.analysis is None:
                    self._to_analyse.append(finished)
            self._start = DealStart.of(game)
            self._over_seen = game.is_over
            seating.give_back(self)
        self._changed()

    def _changed(self) -> None:
        """The table has changed: every view is to be made again."""
        self._views.clear()
        self._common = None
        self._obs = None

    def parse(self, player: str, msg: Act) -> Action:
        """The action a client sent (its text, or natural words read against
        what the engine offers this player now).

        :raises InvalidNotationError: for text that is no action.
        """
        if msg.action is not None:
            return Action.parse(msg.action)
        from ..formats.natural import parse_input

        game = self.game
        offered: list[Action] = []
        if game.actor == player:
            offered += game.legal_actions()
            offered += game.irregular_actions()
        if game.laws and not game.is_over:
            offered += game.remarks(player)
            offered += game.out_of_turn_actions(player)
        return parse_input(msg.text or "", game.rules, legal=offered)

    async def act(self, conn: Connection, player: str, msg: Act) -> str | None:
        """A person's action: ``None`` when taken (everyone has the new state),
        else why it was refused (nothing changed)."""
        async with self.lock:
            if msg.at != self.at:
                conn.push(self.state_for(conn))
                return (
                    f"the table has moved on: your state showed {msg.at} actions, it is now "
                    f"at {self.at} (here is the current state); nothing was done"
                )
            if player in self.stored.stand_ins:  # (self.stand_ins)
                return (
                    f"a bot ({self.stand_ins[player]}) plays your place until this deal is "
                    "over: you take it back when the next deal begins"
                )
            try:
                action = self.parse(player, msg)
            except InvalidNotationError as exc:
                return str(exc)
            error = self._take(player, action)
            if error is not None:
                return error
            self.broadcast()
        self.wake()
        return None

    # -------------------------------------------------------------- bots

    def _bot_to_act(self) -> str | None:
        game = self.game
        actor = game.actor
        if self.broken or game.is_over or actor is None:
            return None
        if self.places.get(actor) == "person" and actor not in self.stored.stand_ins:
            return None
        return actor

    def kind(self, player: str) -> str:
        """Who plays ``player``'s place now: ``person`` or a bot's kind (a
        bot standing in for a person included)."""
        return self.stand_ins.get(player) or self.places[player]

    def wake(self) -> None:
        """Start the bots if one is to act; schedule the analysis of deals just over."""
        while self._to_analyse:
            self.tables.analyse(self, self._to_analyse.pop(0))
        if self.options.fill_after is not None:
            self.tables.fills.start(self)
        if self.driver is None and self._bot_to_act() is not None:
            self.driver = asyncio.get_running_loop().create_task(self._drive())

    async def _drive(self) -> None:
        """Let the bots act while one is to act, at the server's pace."""
        try:
            while True:
                if self.tables.bot_delay:
                    await asyncio.sleep(self.tables.bot_delay)
                async with self.lock:
                    bot = self._bot_to_act()
                    if bot is None:
                        return
                    at, obs = self.at, self.game.observation(bot)
                seed = bot_seed(self.game.seed, bot, at)
                action = await asyncio.to_thread(decide, self.kind(bot), seed, self.game.rules, obs)
                async with self.lock:
                    if self.at != at:
                        continue  # someone acted meanwhile (out of turn): decide again
                    error = self._take(bot, action)
                    if error is not None:
                        self.broken = f"the {self.kind(bot)} bot of {bot} failed: {error}"
                        log.error("table %s: %s", self.id, self.broken)
                    self.broadcast()
                while self._to_analyse:
                    self.tables.analyse(self, self._to_analyse.pop(0))
        except Exception:  # a bug: keep the server up, say so in the log
            log.exception("table %s: the bots stopped", self.id)
            self.broken = "the bots stopped (see the server's log)"
        finally:
            self.driver = None

    # ------------------------------------------------------------ viewers

    def join(self, conn: Connection, token: str | None) -> str | None:
        """Seat a connection: as the player whose token it gives, or as a
        spectator. Sends it the welcome and the state.

        :raises TableError: for a token of no place here, or a full table.
        """
        player = None
        if token is not None:
            digest = token_hash(token)
            for name, sha in self._tokens.items():
                if hmac.compare_digest(sha, digest):
                    player = name
            if player is None:
                raise TableError(
                    "this link's token is not one of this table's: ask for your link again"
                )
        elif self.options.spectators == "none":
            raise TableError("this table has no spectators: a player's link has a token after '#'")
        if len(self.connections) >= self.tables.limits.connections_per_table:
            raise TableError("this table has as many connections as it may have: try again later")
        conn.player = player
        self.connections.append(conn)
        self.active = time.monotonic()
        conn.push(
            views.json_text({"type": "welcome", "table": self.id, "player": player, "at": self.at})
        )
        self._views.clear()  # who is connected has changed
        self._common = None
        if player in self.stand_ins and self.at == self.deal_began:
            seating.give_back(self)  # between two deals: his place is his again at once
        self.broadcast()
        return player

    def seated(self) -> None:
        """Who plays which place has changed (:mod:`.seating`): every view is
        made again (the players' list too: its key holds who the bots stand
        in for; the caller broadcasts)."""
        self._changed()

    def leave(self, conn: Connection) -> None:
        """A connection has gone."""
        if conn in self.connections:
            self.connections.remove(conn)
            self.active = time.monotonic()
            self._views.clear()
            self._common = None
            self.broadcast()

    def view(self, player: str | None) -> str:
        """The state ``player`` (``None``: a spectator) is shown now, as JSON
        text, without its slow parts (:meth:`state_for`)."""
        text = self._views.get(player)
        if text is None:
            game = self.game
            obs = self._obs
            if obs is None:
                # one observation a change: the actor's (his choices are in it),
                # its public facts for everyone; the others' hands from the
                # same rules of sight (Game.visible_hands, what observe uses)
                actor = game.actor
                obs = self._obs = game.observation(game.players[0] if actor is None else actor)
            common = self._common
            if common is None:
                common = self._common = views.common_json(self, obs)
            if player is None:
                text = views.spectator_view(self, common)
            elif player == obs.player:
                text = views.player_view(self, player, obs.hands, obs.legal_actions, common)
            else:
                text = views.player_view(self, player, game.visible_hands(player), (), common)
            self._views[player] = text
        return text

    def score_json(self) -> str:
        """``"score": ...``: the score sheet of this rubber (JSON text, made
        again only when a deal has been scored; the same object until then)."""
        game = self.game
        key = (game.rubber_number, len(game.sheets), len(game.sheet.entries), game.is_over)
        if key != self._score_key:
            self._score_key = key
            self._score = f'"score":{views.json_text(game.sheet.to_data())}'
        return self._score

    def sheets_json(self) -> str:
        """``"sheets": ...``: the score sheets of the rubbers before this one
        (JSON text, made again only when a rubber ends; the same object until then)."""
        game = self.game
        key = (game.rubber_number, len(game.sheets), game.is_over)
        if key != self._sheets_key:
            self._sheets_key = key
            sheets = [s.to_data() for s in game.sheets if s is not game.sheet]
            self._sheets = f'"sheets":{views.json_text(sheets)}'
        return self._sheets

    def finished_part(self, conn: Connection) -> str | None:
        """The finished deals ``conn`` has not been sent as they are now:
        ``"finished": [...]``, all of them, in its first state; after that
        ``"finished_changed": [...]``, only the deals that are new or changed
        (an analysis has come) since it was last sent them, so that a table of
        many deals does not send them all again at each one's end (the page
        puts each in its place by its number); ``None`` when nothing has changed."""
        seen = conn.finished_seen
        if seen == self._finished_rev:
            return None
        conn.finished_seen = self._finished_rev
        if seen < 0:
            return f'"finished":{self.finished_json()}'
        changed = ",".join(self.deal_json(f) for f in self.finished if f.rev > seen)
        return f'"finished_changed":[{changed}]'

    def deal_json(self, finished: FinishedDeal) -> str:
        """A finished deal as the state shows it (JSON text, made again only when it changes)."""
        key = (finished.number, finished.rev)
        text = self._deal_texts.get(key)
        if text is None:
            text = self._deal_texts[key] = views.json_text(finished.public(self.id))
        return text

    def state_for(self, conn: Connection) -> str:
        """The state ``conn``'s viewer is shown now, as JSON text: with the
        slow parts only where they have changed since ``conn`` was last sent
        them (a new connection gets the whole state)."""
        core = self.view(conn.player)
        parts = []
        score, sheets = self.score_json(), self.sheets_json()
        if conn.shown is not score:
            conn.shown = score
            parts.append(score)
        if conn.shown_sheets is not sheets:
            conn.shown_sheets = sheets
            parts.append(sheets)
        finished = self.finished_part(conn)
        if finished is not None:
            parts.append(finished)
        if not parts:
            return core
        return f"{core[:-1]},{','.join(parts)}}}"

    def broadcast(self) -> None:
        """Send every connection the state its viewer is shown now."""
        for conn in self.connections:
            conn.push(self.state_for(conn))

    def players_view(self) -> list[dict[str, Any]]:
        """The players, for the state: name, hands held, person or bot, connected
        (made again only when a deal begins or someone comes or goes)."""
        game = self.game
        here = {c.player for c in self.connections}
        key = (game.rubber_number, game.deal_number, frozenset(here), frozenset(self.stand_ins))
        if key != self._players[0]:
            self._players = (key, self._players_view(here))
        return self._players[1]

    def _players_view(self, here: set[str | None]) -> list[dict[str, Any]]:
        out = []
        for p in self.game.players:
            kind = self.kind(p)
            player = {
                "name": p,
                "seats": [s.letter for s in self.game.player_seats[p]],
                "kind": "person" if kind == "person" else "bot",
                "bot": None if kind == "person" else kind,
                "connected": p in here or kind != "person",
            }
            if p in self.stand_ins:  # only then: every state carries the players
                player["stand_in"] = True
            out.append(player)
        return out

    def finished_json(self) -> str:
        """The finished deals, for a connection's first state (JSON text, made
        again only when one changes)."""
        if self._finished_json is None:
            self._finished_json = f"[{','.join(self.deal_json(f) for f in self.finished)}]"
        return self._finished_json

    def _finished_changed(self, finished: FinishedDeal) -> None:
        """A finished deal is new or has changed: counted, so that each
        connection is sent it (:meth:`finished_part`)."""
        self._finished_rev += 1
        finished.rev = self._finished_rev
        self._finished_json = None

    def analysed(self, number: int, costs: list[dict[str, Any]]) -> None:
        """Deal ``number``'s analysis is ready (and stored): show it."""
        self.stored.analyses[number] = costs
        finished = next((f for f in self.finished if f.number == number), None)
        if finished is None or finished.analysis is not None:
            return
        finished.analysis = costs
        self._deal_texts.pop((finished.number, finished.rev), None)
        self._finished_changed(finished)
        self._changed()
        self.broadcast()


@dataclass(frozen=True, slots=True)
class TableRequest:
    """A request to create a table, checked."""

    rules: RuleSet
    rules_name: str
    rules_text: str | None
    options: Options
    places: dict[str, str]
    seed: int | None


class Tables:
    """Every table of one server.

    :param store: where tables and actions are kept.
    :param limits: the server's limits.
    :param bot_delay: seconds between bot actions (0: at once).
    :param analysis: work out each finished deal's double-dummy analysis.
    """

    def __init__(
        self, store: Store, limits: Limits, *, bot_delay: float = 0.6, analysis: bool = True
    ) -> None:
        self.store = store
        self.limits = limits
        self.bot_delay = bot_delay
        self.analysis = analysis
        self.tables: dict[str, Table] = {}
        self.analyses = Analyses(store, limits, self.analysed, enabled=analysis)
        #: the tables' ``fill_after`` timers
        self.fills = seating.FillTimers()
        #: the tables being read back from the database (:meth:`open`)
        self._opening: dict[str, asyncio.Task[Table | None]] = {}

    def load(self) -> None:
        """Rebuild the tables whose game is not over used within the last
        ``idle_seconds`` from their rules, seeds and actions (the others are
        rebuilt when opened). A game found over (stored before its end was
        marked) is marked and let go, its deals still to be analysed left
        pending in the database."""
        for table_id in self.store.recent(time.time() - self.limits.idle_seconds):
            table = self._open(table_id)
            if table is not None and table.game.is_over:
                del self.tables[table_id]
                for finished in table._to_analyse:
                    self.analyses.add_pending(table_id, finished.number)

    def _open(self, table_id: str) -> Table | None:
        """Rebuild one stored table and keep it in memory; ``None`` if there is
        no such table or it cannot be rebuilt (said in the log)."""
        table = self._rebuilt(table_id)
        if table is not None:
            self.tables[table.id] = table
        return table

    def _rebuilt(self, table_id: str) -> Table | None:
        """One stored table rebuilt (not kept); ``None`` as :meth:`_open`."""
        from ..language.loader import load_rules, load_rules_text

        stored = self.store.table(table_id)
        if stored is None:
            return None
        try:
            rules = (
                load_rules_text(stored.rules_text)
                if stored.rules_text is not None
                else load_rules(stored.rules)
            )
            table = Table(stored, rules, self)
            table.replay(stored.actions)
        except (DummyBridgeError, ValueError) as exc:
            log.error("table %s could not be rebuilt: %s", stored.id, exc)
            return None
        if table.game.is_over and not stored.over:  # stored before its end was marked
            self.store.mark_over(table.id)
        return table

    def put_away(self) -> list[str]:
        """Let go of the idle tables (:attr:`Table.idle`): they stay in the
        database and come back when opened. Returns their ids."""
        idle = [table_id for table_id, table in self.tables.items() if table.idle]
        for table_id in idle:
            del self.tables[table_id]
            self.fills.cancel(table_id)  # set again when it is opened
        return idle

    def start(self) -> None:
        """Set every table going again (bots, analyses, those left pending
        in the database among them): in the running loop."""
        for table in self.tables.values():
            table.wake()
        self.analyses.start()

    async def stop(self) -> None:
        """Stop the bots and the analyses (the server is stopping)."""
        self.fills.cancel()
        tasks = [t.driver for t in self.tables.values() if t.driver]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self.analyses.stop()

    def get(self, table_id: str) -> Table | None:
        """The table with this id, if there is one: read back from the database
        if it was put away (in the running loop: its bots start again)."""
        table = self.tables.get(table_id)
        if table is None and len(table_id) <= 64:
            table = self._open(table_id)
            if table is not None:
                table.wake()
        return table

    async def open(self, table_id: str) -> Table | None:
        """:meth:`get`, with a table put away rebuilt in a worker thread, not
        on the event loop, which serves the other tables meanwhile (replaying
        a rubber of Dummy Bridge takes 2.5 ms of CPU, twenty rubbers 26 ms,
        more when the rules are loaded first); requests for it meanwhile wait
        for the same rebuild."""
        table = self.tables.get(table_id)
        if table is not None or len(table_id) > 64:
            return table
        opening = self._opening.get(table_id)
        if opening is None:
            opening = asyncio.get_running_loop().create_task(self._reopen(table_id))
            self._opening[table_id] = opening
        return await asyncio.shield(opening)  # a caller who goes does not stop it

    async def _reopen(self, table_id: str) -> Table | None:
        try:
            table = await asyncio.to_thread(self._rebuilt, table_id)
            if table is not None:
                table = self.tables.setdefault(table_id, table)
                table.wake()
            return table
        finally:
            del self._opening[table_id]

    def live(self) -> int:
        """How many tables are not over."""
        return sum(1 for t in self.tables.values() if not t.game.is_over)

    def create(self, request: TableRequest) -> tuple[Table, dict[str, str]]:
        """Create, store and start a table; returns it and each person's token.

        :raises TableError: when the server holds as many tables as it may.
        """
        if self.live() >= self.limits.max_tables:
            raise TableError(
                f"the server holds as many tables as it may ({self.limits.max_tables}): "
                "try again when one is over"
            )
        table_id = secrets.token_urlsafe(9)
        while table_id in self.tables:  # pragma: no cover - 72 random bits
            table_id = secrets.token_urlsafe(9)
        tokens = {p: secrets.token_urlsafe(18) for p, k in request.places.items() if k == "person"}
        seed = request.seed if request.seed is not None else secrets.randbits(64)
        stored = StoredTable(
            id=table_id,
            created=time.time(),
            rules=request.rules_name,
            rules_text=request.rules_text,
            options={
                "laws": request.options.laws,
                "rubbers": request.options.rubbers,
                "spectators": request.options.spectators,
                **(
                    {"fill_after": request.options.fill_after} if request.options.fill_after else {}
                ),
            },
            seed=seed,
            places={
                p: (kind, token_hash(tokens[p]) if p in tokens else None)
                for p, kind in request.places.items()
            },
        )
        table = Table(stored, request.rules, self)
        self.store.add_table(stored)
        self.tables[table_id] = table
        table.wake()
        return table, tokens

    def analyse(self, table: Table, finished: FinishedDeal) -> None:
        """Have a finished deal's analysis worked out (:class:`.analyses.Analyses`)."""
        self.analyses.add(table.id, finished.number)

    async def analysed(self, table_id: str, number: int, costs: list[dict[str, Any]]) -> None:
        """A deal's analysis is ready and stored: shown if its table is in
        memory (one put away shows it when opened)."""
        table = self.tables.get(table_id)
        if table is not None:
            async with table.lock:
                table.analysed(number, costs)
