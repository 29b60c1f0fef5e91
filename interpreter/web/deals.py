"""A finished deal, made public: its four hands as dealt, its calls, its
tricks, its score and its double-dummy analysis; and the downloads.

Once a deal is over nothing of it is secret any more, but the seed still
is: it regenerates every deal to come. So a deal's downloads are built
without it (PBN with a ``Generator`` tag that names no seed, a JSON deal
that is no replayable record), and the whole record (with the seed) is
offered only once the game is over.
"""

from __future__ import annotations

import contextlib
import functools
import sqlite3
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..core.cards import Card, Hand, Seat
from ..engine.actions import CALLS, LOOK, PLAY, SUGGEST, TOUCH, Action
from ..engine.game import Game
from ..engine.observation import Trick
from ..engine.record import recorded_action
from ..formats.render import action_words
from .store import StoredAction, read_table

if TYPE_CHECKING:
    from ..engine.deal import Deal
    from ..language.ruleset import RuleSet

__all__ = [
    "DealStart",
    "FinishedDeal",
    "analyse",
    "apply_stored",
    "call_json",
    "deal_json",
    "deal_pbn",
    "decisions_json",
    "finish",
    "hand_cards",
    "history_json",
    "pbn_date",
    "trick_json",
    "tricks_json",
]

SEATS = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)


_CODES = tuple(str(Card(i)) for i in range(52))  # card numbers: clubs first, two first
_HIGH_FIRST = range(51, -1, -1)


def hand_cards(hand: Hand | int) -> tuple[str, ...]:
    """A hand's cards as the engine writes them (``SA``, ``HT``), spades first, ace first."""
    return _hand_cards(hand.bits if isinstance(hand, Hand) else hand)


@functools.lru_cache(maxsize=4096)
def _hand_cards(bits: int) -> tuple[str, ...]:
    # every state shows a hand or two, most of them unchanged since the last
    return tuple(_CODES[i] for i in _HIGH_FIRST if bits >> i & 1)


@dataclass(slots=True)
class FinishedDeal:
    """One finished deal: what everyone may now see.

    :ivar number: the deal's number in the session (1-based).
    :ivar end: how many actions the table had taken when it ended.
    :ivar data: its public facts (JSON-ready).
    :ivar analysis: the double-dummy cost of each card, once worked out.
    :ivar score: its entries on the score sheet.
    :ivar rev: the table's count of changes to its finished deals when this
        one last changed (it ended, its analysis came).
    """

    number: int
    end: int
    data: dict[str, Any]
    analysis: list[dict[str, Any]] | None = None
    score: list[dict[str, Any]] = field(default_factory=list)
    rev: int = 0

    def public(self, table_id: str) -> dict[str, Any]:
        """The deal as the state view shows it (with its download links)."""
        base = f"/api/tables/{table_id}/deals/{self.number}"
        return {
            **self.data,
            "score": self.score,
            "analysis": self.analysis,
            "downloads": {"pbn": base + ".pbn", "json": base + ".json"},
        }


@dataclass(frozen=True, slots=True)
class DealStart:
    """What the game says of a deal when it begins (it says otherwise once the
    next deal has begun): the deal, its number, its dealer, who holds each hand."""

    deal: Deal
    number: int
    dealer: Seat
    owners: dict[Seat, str]
    manned: frozenset[Seat]

    @classmethod
    def of(cls, game: Game) -> DealStart:
        return cls(game.deal, game.deal_number, game.dealer, dict(game.seat_player), game.manned)


def call_json(seat: Seat, action: Action) -> dict[str, str]:
    """One call, as the page reads it (a finished deal's and the state's)."""
    return {"seat": seat.letter, "action": str(action), "text": action_words(action)}


def history_json(history: Iterable[tuple[Seat, Action]]) -> list[dict[str, str]]:
    """A deal's calls in order, as the page reads them (not the penalties
    chosen in laws mode, which its history holds too)."""
    return [call_json(s, a) for s, a in history if a.kind in CALLS]


#: what a deal's history holds besides its calls that is no decision of the laws
NOT_DECISIONS = CALLS | {PLAY, LOOK, TOUCH, SUGGEST}


def decisions_json(history: Iterable[tuple[Seat, Action]]) -> list[dict[str, str]]:
    """A deal's decisions in laws mode (a penalty chosen, a lead called, a
    revoke claimed ...), in order, as the page reads them: apart from the calls."""
    return [call_json(s, a) for s, a in history if a.kind not in NOT_DECISIONS]


def trick_json(trick: Trick) -> dict[str, Any]:
    """A completed trick, as the page reads it (a finished deal's and the state's)."""
    return {
        "leader": trick.leader.letter,
        "cards": [str(c) for c in trick.cards],
        "winner": None if trick.winner is None else trick.winner.letter,
    }


def tricks_json(tricks: Iterable[Trick]) -> list[dict[str, Any]]:
    """Completed tricks, as the page reads them."""
    return [trick_json(t) for t in tricks]


def finish(game: Game, start: DealStart, end: int) -> FinishedDeal:
    """Snapshot the deal ``start`` began once it is over (``end`` actions taken)."""
    deal, number, owners = start.deal, start.number, start.owners
    data: dict[str, Any] = {
        "number": number,
        "dealer": start.dealer.letter,
        "hands": {s.letter: hand_cards(h) for s, h in zip(SEATS, deal.original, strict=True)},
        "owners": {s.letter: owners[s] for s in SEATS},
        "manned": [s.letter for s in SEATS if s in start.manned],
        "denomination": None if deal.denomination is None else deal.denomination.name,
        "maker": None if deal.maker is None else deal.maker.letter,
        "declarer": None if deal.declarer is None else deal.declarer.letter,
        "declared_from": deal.declared_from,
        "doubling_level": deal.doubling_level,
        "history": history_json(deal.history),
        "decisions": decisions_json(deal.history),
        "tricks": tricks_json(deal.tricks),
        "tricks_won": list(deal.tricks_won),
    }
    finished = FinishedDeal(number, end, data)
    finished.score = [
        e.to_data() for sheet in game.sheets for e in sheet.entries if e.deal == number
    ]
    return finished


def apply_stored(game: Game, stored: StoredAction) -> None:
    """Apply a stored action again (a rebuild), as it was taken: out of turn
    by its player, or in turn.

    :raises DummyBridgeError: if it is refused (the rules or engine changed).
    """
    action = recorded_action(game, stored.action)  # as any version stored it
    if stored.out_of_turn:
        game.apply(action, player=stored.player)
    else:
        game.apply(action)  # a card in turn takes the C card step (engine/hotpath.py)


def analyse(db: str, table_id: str, number: int) -> list[dict[str, Any]]:
    """The double-dummy cost of each card of deal ``number`` of a stored
    table (slow: the server runs it in a process of its own, which reads the
    table's rules, seed and actions from the database ``db`` itself, so that
    the server keeps nothing of the table for it while it waits its turn).

    :raises LookupError: if the table is not in the database.
    """
    from ..analysis.doubledummy import analyse_record, analysis_json

    with contextlib.closing(sqlite3.connect(db, isolation_level=None)) as conn:
        conn.execute("PRAGMA query_only=1")
        stored = read_table(conn, table_id)
    if stored is None:
        raise LookupError(f"no table {table_id} in {db}")
    rules = _rules(stored.rules, stored.rules_text)
    game = Game(rules, stored.seed, rubbers=stored.rubbers, laws=stored.laws)
    for action in stored.actions:
        if game.deal_number > number or game.is_over:
            break
        apply_stored(game, action)
    costs = analyse_record(game.to_record(), rules=rules, only_deal=number)
    return analysis_json(costs)


@functools.lru_cache(maxsize=16)
def _rules(name: str, text: str | None) -> RuleSet:
    """A table's rules, loaded once in the analyses' process."""
    from ..language.loader import load_rules, load_rules_text

    return load_rules_text(text) if text is not None else load_rules(name)


def deal_pbn(game: Game, number: int, played: float | None = None) -> str:
    """Deal ``number`` of ``game`` in PBN, without the seed; its ``Date`` the
    day it was played (``played``: when the action that ended it was stored,
    a ``time.time()``), or ``????.??.??`` unknown."""
    from ..formats.pbn import export_pbn

    return export_pbn(game, board=number, seed=False, date=pbn_date(played))


def pbn_date(played: float | None) -> str:
    """A PBN ``Date`` (PBN 3.4.3, ``YYYY.MM.DD``) of a ``time.time()``, in UTC
    (the server's clock: the players' zones are not known); ``????.??.??``
    for ``None``."""
    if played is None:
        return "????.??.??"
    return time.strftime("%Y.%m.%d", time.gmtime(played))


def deal_json(table_id: str, title: str, finished: FinishedDeal) -> dict[str, Any]:
    """Deal ``number`` as a JSON document: public facts only, no seed."""
    return {
        "format": "dummybridge-deal/1",
        "table": table_id,
        "rules": title,
        **finished.data,
        "score": finished.score,
        "analysis": finished.analysis,
    }


def card_label(code: str) -> str:
    """A card for people: ``♠A``, ``♥10``."""
    from ..formats.render import card_text

    return card_text(Card.parse(code))
