"""SQLite persistence: every table and every action, each action committed
before it is acknowledged or shown to anyone.

The database is in WAL mode; each action is one transaction. On start the
server reads back the recently used tables whose game is not over
(:meth:`Store.recent`, :meth:`Store.table`) and rebuilds each game from its
rules, its seed and its actions, so a server killed with SIGKILL loses
nothing it acknowledged; any other table is read back the same way when
someone opens it. Tokens are kept only as their SHA-256. A finished deal's
double-dummy analysis is kept too, so that a table read back shows it at
once instead of working it out again; until it is, the deal is ``pending``
(stored with the action that ended it), so that the analyses' queue in
memory may be short and none is lost: the server reads the pending deals
back as the queue empties, and after a restart.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

__all__ = ["Store", "StoredAction", "StoredTable", "default_db_path", "read_table"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    created REAL NOT NULL,
    rules TEXT NOT NULL,          -- a built-in variant's name, or '' for uploaded text
    rules_text TEXT,              -- the uploaded rule file, if any
    options TEXT NOT NULL,        -- JSON: laws, rubbers, spectators, fill_after, filled
    seed TEXT NOT NULL,           -- decimal (a seed may not fit SQLite's integer)
    over INTEGER NOT NULL DEFAULT 0 -- 1 once the game is over (not rebuilt on start)
);
CREATE TABLE IF NOT EXISTS places (
    table_id TEXT NOT NULL REFERENCES tables(id),
    player TEXT NOT NULL,
    kind TEXT NOT NULL,           -- person, or a bot's kind
    token_sha256 TEXT,            -- a person's token, hashed
    stand_in TEXT,                -- a bot's kind while one plays a person's place
    PRIMARY KEY (table_id, player)
);
CREATE TABLE IF NOT EXISTS actions (
    table_id TEXT NOT NULL REFERENCES tables(id),
    n INTEGER NOT NULL,           -- 0-based, in order
    player TEXT NOT NULL,         -- who took it
    out_of_turn INTEGER NOT NULL, -- taken with apply(..., player=) (not the player to act)
    action TEXT NOT NULL,
    time REAL NOT NULL,
    PRIMARY KEY (table_id, n)
) WITHOUT ROWID;                  -- one b-tree: a commit writes one page to the WAL, not two
CREATE TABLE IF NOT EXISTS analyses (
    table_id TEXT NOT NULL REFERENCES tables(id),
    deal INTEGER NOT NULL,        -- the deal's number in the session (1-based)
    costs TEXT NOT NULL,          -- JSON: the double-dummy cost of each card played
    PRIMARY KEY (table_id, deal)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS pending (
    seq INTEGER PRIMARY KEY,      -- the order the deals ended in
    table_id TEXT NOT NULL REFERENCES tables(id),
    deal INTEGER NOT NULL,        -- a finished deal whose analysis is still to be worked out
    UNIQUE (table_id, deal)
);
"""

_INSERT_ACTION = (
    "INSERT INTO actions (table_id, n, player, out_of_turn, action, time) VALUES (?, ?, ?, ?, ?, ?)"
)
_INSERT_PENDING = "INSERT OR IGNORE INTO pending (table_id, deal) VALUES (?, ?)"
_DELETE_PENDING = "DELETE FROM pending WHERE table_id = ? AND deal = ?"


def default_db_path() -> Path:
    """``$XDG_DATA_HOME/dummybridge/tables.sqlite`` (``~/.local/share/...`` by default)."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(
        os.path.expanduser("~"), ".local", "share"
    )
    return Path(base) / "dummybridge" / "tables.sqlite"


@dataclass(frozen=True, slots=True)
class StoredAction:
    """One action as stored: who took it, whether out of turn, its text."""

    player: str
    out_of_turn: bool
    action: str


@dataclass(slots=True)
class StoredTable:
    """A table as stored."""

    id: str
    created: float
    rules: str
    rules_text: str | None
    options: dict[str, Any]
    seed: int
    places: dict[str, tuple[str, str | None]] = field(default_factory=dict)
    actions: list[StoredAction] = field(default_factory=list)
    #: the finished deals' analyses worked out so far, by deal number
    analyses: dict[int, list[dict[str, Any]]] = field(default_factory=dict)
    #: the game is over (marked with its last action)
    over: bool = False
    #: the persons' places a bot plays for now: the bot's kind, by player
    stand_ins: dict[str, str] = field(default_factory=dict)

    @property
    def rubbers(self) -> int:
        """The rubbers its game lasts."""
        return int(self.options.get("rubbers", 1))

    @property
    def laws(self) -> bool:
        """Whether it plays in laws mode."""
        return bool(self.options.get("laws", False))


class Store:
    """One SQLite database of tables (one connection, used under a lock).

    :param path: the database file (its folder is made if need be).
    :param synchronous: SQLite's ``synchronous`` setting: ``FULL`` (each commit
        on disk) or ``NORMAL`` (in WAL mode, a commit survives a process kill,
        not a power cut).
    """

    def __init__(
        self, path: str | os.PathLike[str], synchronous: Literal["FULL", "NORMAL"] = "FULL"
    ) -> None:
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self._lock = threading.Lock()
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute(f"PRAGMA synchronous={synchronous}")
        self._db.execute("PRAGMA foreign_keys=ON")
        # The WAL is copied into the database by a thread of its own (its
        # fsyncs would stall the server's event loop): not at a commit.
        self._db.execute("PRAGMA wal_autocheckpoint=0")
        self._db.executescript(_SCHEMA)
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(tables)")}
        if "over" not in columns:  # a database made before: its games over are found on start
            self._db.execute("ALTER TABLE tables ADD COLUMN over INTEGER NOT NULL DEFAULT 0")
        columns = {row[1] for row in self._db.execute("PRAGMA table_info(places)")}
        if "stand_in" not in columns:  # a database made before: no bot stands in yet
            self._db.execute("ALTER TABLE places ADD COLUMN stand_in TEXT")
        self._stop = threading.Event()
        self._checkpointer = threading.Thread(
            target=self._checkpoint, name="dummybridge-checkpoint", daemon=True
        )
        self._checkpointer.start()

    def _checkpoint(self, every: float = 2.0) -> None:
        """Copy the WAL into the database now and then (a passive checkpoint,
        which never blocks a writer)."""
        db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        try:
            while not self._stop.wait(every):
                db.execute("PRAGMA wal_checkpoint(PASSIVE)")
        except sqlite3.Error:  # pragma: no cover - a full disk: the next commit says so
            pass
        finally:
            db.close()

    def close(self) -> None:
        """Close the database."""
        self._stop.set()
        self._checkpointer.join(10)
        with self._lock:
            self._db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            self._db.close()

    def add_table(self, table: StoredTable) -> None:
        """Store a new table and its places, in one transaction."""
        with self._lock, self._transaction():
            self._db.execute(
                "INSERT INTO tables (id, created, rules, rules_text, options, seed) "
                "VALUES (?, ?, ?, ?, ?, ?)",
                (
                    table.id,
                    table.created,
                    table.rules,
                    table.rules_text,
                    json.dumps(table.options),
                    str(table.seed),
                ),
            )
            self._db.executemany(
                "INSERT INTO places (table_id, player, kind, token_sha256) VALUES (?, ?, ?, ?)",
                [(table.id, p, kind, sha) for p, (kind, sha) in table.places.items()],
            )

    def add_action(
        self,
        table_id: str,
        n: int,
        action: StoredAction,
        *,
        ended: int | None = None,
        over: bool = False,
    ) -> None:
        """Store action number ``n`` of a table; committed when this returns.

        One statement in SQLite's autocommit mode is one transaction of its
        own, committed as the statement ends: the same guarantee as
        ``BEGIN``/``INSERT``/``COMMIT`` for a third of the calls into SQLite
        (py-spy found a tenth of the event loop's samples in the commit; it
        costs about 12 us of CPU, the rest is waiting on the file). An action
        that ends a deal to be analysed (``ended``, its number: the deal is
        added to ``pending``) or the game (``over``) is stored with those
        facts in one transaction, so that none is lost without the others.

        :raises sqlite3.Error: if it could not be stored (nothing is).
        """
        row = (table_id, n, action.player, int(action.out_of_turn), action.action, time.time())
        with self._lock:
            if ended is None and not over:
                self._db.execute(_INSERT_ACTION, row)
                return
            with self._transaction():
                self._db.execute(_INSERT_ACTION, row)
                if ended is not None:
                    self._db.execute(_INSERT_PENDING, (table_id, ended))
                if over:
                    self._db.execute("UPDATE tables SET over = 1 WHERE id = ?", (table_id,))

    def set_stand_ins(
        self,
        table_id: str,
        changes: dict[str, str | None],
        *,
        options: dict[str, Any] | None = None,
    ) -> None:
        """Have a bot of the given kind play each named person's place, or
        (``None``) give it back to its person, and store the table's
        ``options`` anew if given, in one transaction.

        :raises sqlite3.Error: if it could not be stored (nothing is).
        """
        with self._lock, self._transaction():
            self._db.executemany(
                "UPDATE places SET stand_in = ? WHERE table_id = ? AND player = ?",
                [(kind, table_id, player) for player, kind in changes.items()],
            )
            if options is not None:
                self._db.execute(
                    "UPDATE tables SET options = ? WHERE id = ?", (json.dumps(options), table_id)
                )

    def mark_over(self, table_id: str) -> None:
        """Mark a table's game over (one stored before the mark was kept)."""
        with self._lock:
            self._db.execute("UPDATE tables SET over = 1 WHERE id = ?", (table_id,))

    def add_pending(self, table_id: str, deal: int) -> None:
        """Have a finished deal analysed (kept until its analysis is stored)."""
        with self._lock:
            self._db.execute(_INSERT_PENDING, (table_id, deal))

    def pending(self, most: int) -> list[tuple[str, int]]:
        """The ``most`` deals waiting longest for their analysis: (table, deal number)."""
        with self._lock:
            rows = self._db.execute(
                "SELECT table_id, deal FROM pending ORDER BY seq LIMIT ?", (most,)
            )
            return [(t, d) for t, d in rows]

    def drop_pending(self, table_id: str, deal: int) -> None:
        """Give up a deal's analysis (it cannot be worked out)."""
        with self._lock:
            self._db.execute(_DELETE_PENDING, (table_id, deal))

    def action_time(self, table_id: str, n: int) -> float | None:
        """When action number ``n`` of a table was stored (``time.time()``), or ``None``."""
        with self._lock:
            row = self._db.execute(
                "SELECT time FROM actions WHERE table_id = ? AND n = ?", (table_id, n)
            ).fetchone()
        return None if row is None else float(row[0])

    def recent(self, since: float) -> list[str]:
        """The tables whose game is not over made or acted at since ``since``
        (a ``time.time()``), oldest first."""
        with self._lock:
            return [
                r[0]
                for r in self._db.execute(
                    "SELECT id FROM tables t WHERE NOT over AND (created >= ? OR EXISTS "
                    "(SELECT 1 FROM actions a WHERE a.table_id = t.id AND a.time >= ?)) "
                    "ORDER BY created",
                    (since, since),
                )
            ]

    def add_analysis(self, table_id: str, deal: int, costs: list[dict[str, Any]]) -> None:
        """Store the analysis of a table's finished deal (once worked out), no
        longer pending, in one transaction.

        :raises sqlite3.Error: if it could not be stored.
        """
        with self._lock, self._transaction():
            self._db.execute(
                "INSERT OR REPLACE INTO analyses (table_id, deal, costs) VALUES (?, ?, ?)",
                (table_id, deal, json.dumps(costs, separators=(",", ":"))),
            )
            self._db.execute(_DELETE_PENDING, (table_id, deal))

    def table(self, table_id: str) -> StoredTable | None:
        """One stored table with its places, actions and analyses, or ``None``."""
        with self._lock:
            return read_table(self._db, table_id)

    def _transaction(self) -> _Transaction:
        return _Transaction(self._db)


class _Transaction:
    """BEGIN ... COMMIT, or ROLLBACK on an error."""

    def __init__(self, db: sqlite3.Connection) -> None:
        self._db = db

    def __enter__(self) -> None:
        self._db.execute("BEGIN IMMEDIATE")

    def __exit__(self, kind: object, value: object, tb: object) -> None:
        if kind is None:
            self._db.execute("COMMIT")
        else:
            self._db.execute("ROLLBACK")


def read_table(db: sqlite3.Connection, table_id: str) -> StoredTable | None:
    """One stored table from a connection to the database (the server's, or
    one of the analyses' process), or ``None``."""
    row = db.execute(
        "SELECT id, created, rules, rules_text, options, seed, over FROM tables WHERE id = ?",
        (table_id,),
    ).fetchone()
    if row is None:
        return None
    id_, created, rules, text, options, seed, over = row
    table = StoredTable(id_, created, rules, text, json.loads(options), int(seed), over=bool(over))
    for player, kind, sha, stand_in in db.execute(
        "SELECT player, kind, token_sha256, stand_in FROM places WHERE table_id = ?", (id_,)
    ):
        table.places[player] = (kind, sha)
        if stand_in is not None:
            table.stand_ins[player] = stand_in
    table.actions = [
        StoredAction(p, bool(o), a)
        for p, o, a in db.execute(
            "SELECT player, out_of_turn, action FROM actions WHERE table_id = ? ORDER BY n", (id_,)
        )
    ]
    table.analyses = {
        deal: json.loads(costs)
        for deal, costs in db.execute("SELECT deal, costs FROM analyses WHERE table_id = ?", (id_,))
    }
    return table
