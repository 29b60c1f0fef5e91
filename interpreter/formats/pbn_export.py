"""The export's one replay of a game (:func:`.pbn.export_pbn`): each deal as
PBN needs it, and the decisions its PBN game cannot give.

A deal's hands, tricks, revokes and score come from the game's log; its
declaration, declarer and calls as they stood when its play began, from a
replay of the game's actions on a fresh game of the same session (a
:class:`Snap` at each step before the play). The same replay keeps, for each
action, the point the game had reached (its :func:`.pbn_replay.situation`:
the call or trick and the hand to act), each point once and for each action
its number, a byte an action (while the points are 256 or fewer). An
import of the deal's own PBN game proposes at each point the decision its
sections give (:func:`.pbn_replay.proposal`, the very function the import
replays with): the actions it would not propose are the deal's
``OtherActions`` (:meth:`Replayed.other_actions`), so that importing the
file replays the game exactly. What the sections give is made from the
deal's record as the import would read it from the text
(:func:`decisions_of`), not read back from the text, which cost half the
export.

The replay is the one a record's loader makes anyway: ``export`` passes a
:class:`Replayed` to :func:`~.records.load_game` (``see=``), which shows it
the game before each action, and then to the export, which replays nothing
more. Given a game alone, the export replays it once (:func:`replay_of`).
The deals' records are made one at a time as the export asks for them
(:func:`deals_of`), so that it holds one deal's, not the game's.
"""

from __future__ import annotations

from array import array
from bisect import bisect_left
from collections.abc import Iterator
from dataclasses import dataclass, field
from operator import itemgetter
from typing import Any, NamedTuple

from ..core.cards import SEATS, Card, Hand, Seat, seat_side
from ..engine.actions import BID, DOUBLE, PASS, REDOUBLE, Action
from ..engine.game import Game
from ..errors import DummyBridgeError
from ..language.ruleset import Denomination, RuleSet
from .pbn import history_items
from .pbn_contract import ContractTags
from .pbn_replay import CALLS_MAX, Decisions, Situation, Step, history_action, proposal, situation

#: the log entries a deal's record is read from (the others, the cards above all, are not read)
_KINDS_READ = frozenset(
    (
        *("rubber_start", "deal", PASS, BID, DOUBLE, REDOUBLE),
        *("passed_out", "trick", "revoke", "corrected", "score"),
    )
)

_SEAT_OF = {seat.letter: seat for seat in Seat}  # a trick's leader, as its detail writes it

__all__ = [
    "DealRecord",
    "Replayed",
    "Snap",
    "deal_records",
    "deals_of",
    "decisions_of",
    "fresh",
    "replay_of",
]


@dataclass
class DealRecord:
    """One deal of a game, as PBN needs it.

    :ivar board: the deal's number in the session (1-based).
    :ivar dealer: who dealt.
    :ivar hands: the hands as dealt, by seat (North, East, South, West).
    :ivar owners: the player holding each seat.
    :ivar dummies: the seats that are Dummies.
    :ivar calls: the calls of an auction, in order, as ``(seat, action)``.
    :ivar history: every declaration and doubling step, ``(seat, action)``.
    :ivar denomination: the final declaration, or ``None`` (passed out, abandoned).
    :ivar maker: who made it.
    :ivar declarer: who played the declaring side's hands.
    :ivar declared_from: ``own_hand``, ``partner``, ``dummy`` or ``auction``.
    :ivar doublings: how many times it was doubled.
    :ivar contract_level: the final bid's level, for an auction.
    :ivar tricks: each trick as ``(leader, card codes in play order)``.
    :ivar revokes: ``(trick number, card code)`` of each revoke.
    :ivar tricks_won: by side (North-South, East-West).
    :ivar ending: ``played``, ``passed_out`` or ``abandoned``.
    :ivar score: the deal's score entries (as :meth:`ScoreEntry.to_data`).
    """

    board: int
    dealer: Seat
    hands: tuple[Hand, Hand, Hand, Hand]
    owners: dict[Seat, str]
    dummies: tuple[Seat, ...]
    calls: list[tuple[Seat, Action]] = field(default_factory=list)
    history: list[tuple[Seat, Action]] = field(default_factory=list)
    denomination: Denomination | None = None
    maker: Seat | None = None
    declarer: Seat | None = None
    declared_from: str | None = None
    doublings: int = 0
    contract_level: int | None = None
    tricks: list[tuple[Seat, list[str]]] = field(default_factory=list)
    revokes: list[tuple[int, str]] = field(default_factory=list)
    tricks_won: tuple[int, int] = (0, 0)
    ending: str = "abandoned"
    score: list[dict[str, Any]] = field(default_factory=list)


class Snap(NamedTuple):
    """A deal's declaration as it stood when its play began (or at its end, if
    it was never played): what the PBN game says of it beside the log."""

    calls: tuple[tuple[Seat, Action], ...]
    history: tuple[tuple[Seat, Action], ...]
    denomination: Denomination | None
    maker: Seat | None
    declarer: Seat | None
    declared_from: str | None
    doublings: int
    level: int | None


def _snap(game: Game) -> Snap:
    contract = game.contract
    return Snap(
        tuple(game.calls),
        tuple(game.history),
        game.denomination,
        game.maker,
        game.declarer,
        game.declared_from,
        game.doubling_level,
        None if contract is None else contract.level,
    )


class Replayed:
    """What a replay of a game shows the export (see the module text): give
    :meth:`see` the game before each action and once after the last."""

    def __init__(self) -> None:
        #: by deal number, its :class:`Snap`
        self.snaps: dict[int, Snap] = {}
        #: ``(deal number, index of its first action)``, a run of actions each
        self.runs: list[tuple[int, int]] = []
        #: the points the game reached, each once, and by action (before each,
        #: and after the last) the number of its point among them (a byte,
        #: while there are at most 256 points: two, past them; four past 65,536)
        self.points: list[Situation] = []
        self.situations = array("B")
        self._number_of: dict[Situation, int] = {}
        self._in_play = -1  # the deal whose play has begun (its snap changes no more)
        self._number = -1
        self._ordered = True  # whether the runs' deal numbers rise (a deal's found by bisection)
        self._out_of_turn: dict[int, str] | None = None
        self._pairs: dict[Any, Any] = {}  # the snaps' (seat, action), each once

    def see(self, game: Game) -> None:
        """Note where ``game`` stands, before its next action (or after its last)."""
        number = game.deal_number
        phase = game.phase
        if phase == "play":
            if self._in_play != number:
                self._in_play = number
                self.snaps[number] = _snap(game)
        elif not game.is_over:
            self.snaps[number] = _snap(game)
        if number != self._number:
            self._share(self._number)
            self._ordered = self._ordered and number > self._number
            self.runs.append((number, len(self.situations)))
            self._number = number
        at = situation(game)
        point = self._number_of.get(at)
        if point is None:
            point = self._number_of[at] = len(self.points)
            self.points.append(at)
            if point in (256, 65536):  # (the numbers need wider items)
                self.situations = array("H" if point == 256 else "I", self.situations)
        self.situations.append(point)

    def _share(self, number: int) -> None:
        """Deal ``number``'s snap, done with, its ``(seat, action)`` pairs
        made the ones the other snaps hold (a few hundred in all, where each
        deal's own are some 60 bytes a call)."""
        snap = self.snaps.get(number)
        if snap is not None:
            share = self._pairs.setdefault
            calls = tuple(share(p, p) for p in snap.calls)
            history = tuple(share(p, p) for p in snap.history)
            self.snaps[number] = snap._replace(calls=calls, history=history)

    def other_actions(self, game: Game, number: int, script: Decisions) -> list[list[Any]]:
        """The decisions of deal ``number`` that ``script`` (what its PBN game
        gives without OtherActions: :func:`decisions_of`) does not give, each
        ``[index in the deal, action]`` or ``[index, action, player]`` for one
        taken out of turn."""
        actions, at, points = game.actions, self.situations, self.points
        if len(at) != len(actions) + 1:
            raise ValueError("this replay is not of this game (its actions differ)")
        if self._out_of_turn is None:
            self._out_of_turn = dict(game.actions_out_of_turn)
        out: list[list[Any]] = []
        out_of_turn = self._out_of_turn
        for start, end in self._spans(number, len(actions)):
            for k, i in enumerate(range(start, end)):
                player = out_of_turn.get(i)
                step = None
                if player is None:
                    try:
                        step = proposal(points[at[i]], script)
                    except DummyBridgeError:
                        step = None
                if step is None or step.action != actions[i]:
                    out.append([k, str(actions[i])] + ([] if player is None else [player]))
        return out

    def _spans(self, number: int, total: int) -> Iterator[tuple[int, int]]:
        """Deal ``number``'s runs of actions, each ``(start, end)`` (of
        ``total`` actions), found in :attr:`runs` (by bisection, where the
        deals' numbers rise: nothing is kept for it)."""
        runs = self.runs
        first = bisect_left(runs, number, key=itemgetter(0)) if self._ordered else 0
        for j in range(first, len(runs)):
            deal, start = runs[j]
            if deal == number:
                yield start, runs[j + 1][1] if j + 1 < len(runs) else total
            elif self._ordered:
                return


_CALL_KINDS = frozenset((PASS, DOUBLE, REDOUBLE, BID))  # the calls an Auction section writes
#: a Play section's card as the import reads it (its seat, the column's, is not kept)
_PLAY_STEPS = {c.code: Step(c.code, Action.play(c), 0, 0, "Play") for c in map(Card, range(52))}


@dataclass
class _Written:
    """What a deal's PBN game gives, as :func:`decisions_of` reads it (a
    :class:`~.pbn_replay.Decisions`; the places of its steps are not kept)."""

    calls: list[Step] = field(default_factory=list)
    history: list[Step] = field(default_factory=list)
    tricks: list[dict[Seat, Step]] = field(default_factory=list)
    all_pass: bool = False  # (the export writes no AP)
    contract: ContractTags | None = None  # (nor a declaration by the Contract tag alone)


def decisions_of(deal: DealRecord, rules: RuleSet) -> Decisions | None:
    """What an import reads from the sections and tags :mod:`.pbn` writes for
    ``deal`` (:func:`.pbn_replay.script_of` of the game's text), made from the
    deal's record instead of reading the text back; ``None`` where the reading
    is not this simple (the import would read the declaration from the
    Contract tag, or refuse the text), and the text must be read back.

    It mirrors the writer (:func:`.pbn._game_parts`) and the reader: the
    Auction section's calls are the deal's (``^S``, ``^I`` and notes are
    annotations, and a note names the very declaration); the
    DeclarationHistory tag's steps are read by the import's own
    :func:`~.pbn_replay.history_action`, the Dummy's forced declaration
    passed over as the import passes it; a trick's cards go to the seats
    whose columns they are written in. ``tests/test_pbn_export.py`` checks it
    against the text read back for games of every variant, laws mode too.
    """
    played = deal.ending == "played" and deal.denomination is not None and deal.declarer is not None
    out = _Written()
    if rules.declaration.kind == "auction":
        if len(deal.calls) > CALLS_MAX:
            return None
        out.calls = [Step("", a, 0, 0, "Auction") for _, a in deal.calls if a.kind in _CALL_KINDS]
    elif not deal.history:
        return None  # (the import reads the Contract and Declarer tags)
    elif not _history_steps(deal, played, out.history):
        return None
    if played and deal.tricks:
        if len(deal.tricks) > rules.deal.cards_each:
            return None
        for leader, cards in deal.tricks:
            trick = {}
            for i, code in enumerate(cards):
                step = _PLAY_STEPS.get(code)
                if step is None:
                    return None
                trick[SEATS[(leader + i) & 3]] = step
            out.tricks.append(trick)
    return out


def _history_steps(deal: DealRecord, played: bool, steps: list[Step]) -> bool:
    """The DeclarationHistory tag's steps as the import reads them, into
    ``steps``; ``False`` if it would refuse one."""
    forced = played and deal.declared_from == "dummy"
    declaration = deal.denomination.name if played and deal.denomination else None
    for seat, what in history_items(deal):
        if forced and seat == deal.maker and what == declaration:
            forced = False  # the Dummy's forced declaration: the rules', not a decision
            continue
        try:
            action = history_action(what)
        except (DummyBridgeError, ValueError):
            return False
        steps.append(Step(f"{seat.letter}:{what}", action, 0, 0, "DeclarationHistory", seat))
    return True


def fresh(game: Game) -> Game:
    """A new game of ``game``'s session (rules, seed, players, presets), to replay it on."""
    return Game(
        game.rules,
        game.seed,
        players=list(game.players),
        deals=[list(d) for d in game.preset_deals],
        rubbers=game.rubbers,
        laws=game.laws,
    )


def replay_of(game: Game) -> Replayed:
    """Replay ``game``'s actions on a fresh game, seeing each step."""
    replay = fresh(game)
    seen = Replayed()
    see = seen.see
    out_of_turn = dict(game.actions_out_of_turn)
    for i, action in enumerate(game.actions):
        see(replay)
        player = out_of_turn.get(i)
        if player is None:
            replay.apply(action)  # (in turn: a card takes the C step)
        else:
            replay.apply(action, player=player)
    see(replay)
    return seen


def deal_records(game: Game, replayed: Replayed | None = None) -> list[DealRecord]:
    """Every deal of ``game`` (a :class:`~dummybridge.engine.game.Game`), in order.

    Each deal's declaration, declarer and calls are read as they stood when
    its play began, from ``replayed`` (by default a replay of the game's
    record on a fresh game); hands, tricks, revokes and scores come from the log.
    """
    return list(deals_of(game, replayed))


def deals_of(game: Game, replayed: Replayed | None = None) -> Iterator[DealRecord]:
    """:func:`deal_records`, each made as it is asked for (so that an export
    holds one at a time)."""
    if replayed is None:
        replayed = replay_of(game)
    snaps = replayed.snaps
    owners: dict[Seat, str] = {}
    dummies: tuple[Seat, ...] = ()
    current: DealRecord | None = None
    last_call: tuple[Seat, Action] | None = None
    winners: list[int] = []  # the side that won each trick
    for op in game.log.of_kinds(_KINDS_READ):
        d = op.detail
        unkept = getattr(d, "unkept", None)  # a detail built when read (engine._lazy)
        if unkept is not None:
            d = unkept()  # (read once here: not left built in the game's log)
        kind = op.kind
        if kind == "rubber_start":
            owners = {Seat.from_str(k): v for k, v in d["seats"].items()}
            dummies = tuple(sorted(Seat.from_str(k) for k in d["dummies"]))
        elif kind == "deal":
            if d.get("seats"):
                owners = {Seat.from_str(k): v for k, v in d["seats"].items()}
            hands = tuple(Hand.from_pbn(d["hands"][s.letter]) for s in Seat)
            assert op.seat is not None
            if current is not None:
                yield current
            current = DealRecord(
                board=d["deal"],
                dealer=op.seat,
                hands=hands,  # type: ignore[arg-type]
                owners=dict(owners),
                dummies=dummies,
            )
            s = snaps.get(current.board)
            if s is not None:
                current.calls, current.history = list(s.calls), list(s.history)
                (current.denomination, current.maker, current.declarer) = s[2:5]
                (current.declared_from, current.doublings, current.contract_level) = s[5:]
            winners = []
        elif current is None:
            continue
        elif (
            kind in (PASS, BID, DOUBLE, REDOUBLE) and op.action is not None and op.seat is not None
        ):
            last_call = (op.seat, op.action)
        elif kind == "passed_out":
            current.ending = "passed_out"
            if len(current.calls) < 4 and last_call is not None:
                current.calls.append(last_call)
            current.denomination = None
        elif kind == "trick":
            assert op.seat is not None
            # A trick taken back to correct a revoke (law 83) is logged again: keep the last.
            del current.tricks[d["number"] - 1 :], winners[d["number"] - 1 :]
            current.tricks.append((_SEAT_OF[d["leader"]], list(d["cards"])))
            winners.append(seat_side(op.seat))
            current.tricks_won = (winners.count(0), winners.count(1))
        elif kind == "revoke":
            current.revokes.append((d["trick"], d["card"]))
        elif kind == "corrected":
            current.revokes = [r for r in current.revokes if r != (d["trick"], d["card"])]
        elif kind == "score":
            current.ending = "played"
            current.score = [dict(e) for e in d["entries"]]
    if current is not None:
        yield current
