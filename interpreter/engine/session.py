"""The session: the players, the cut, who sits where, and who deals next.

A session is one or more rubbers. The players cut for partners and deal
once, at the start; before each rubber they are seated as the rules' table
says (``table.hands``), and the rubber's score sheet is opened with a column
per partnership, or per player. After each deal the deal passes to the left
(skipping a Dummy where the rules say so), or, where the dealer takes the
Dummy, the table is laid anew for each deal.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from ..core import _native
from ..core.cards import Seat
from ..language.ruleset import RuleSet
from . import sight
from .opkinds import OpKind
from .scoring import ScoreSheet

if TYPE_CHECKING:
    from .game import Game

__all__ = ["begin_rubber", "credit", "cut", "next_dealer", "player_names"]

_SEATS = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
_DEFAULT_NAMES = ("A", "B", "C", "D")  # the players' names unless given
_CODES = tuple(_native.card_format(c) for c in range(52))


def check_arguments(rules: object, seed: object, rubbers: object, laws: object) -> None:
    """Refuse arguments of the wrong type before a game is made of them: a
    float seed, say, would be played as its whole part but recorded as it is."""
    if not isinstance(rules, RuleSet):
        raise TypeError(f"rules must be a RuleSet (load_rules('bridge')), not {rules!r}")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise TypeError(f"the seed must be a whole number from 0 to 2**64 - 1, not {seed!r}")
    if not isinstance(rubbers, int) or isinstance(rubbers, bool):
        raise TypeError(f"rubbers must be a whole number, not {rubbers!r}")
    if not isinstance(laws, bool):
        raise TypeError(f"laws must be True or False, not {laws!r}")


def player_names(rules: RuleSet, players: Sequence[str] | None) -> tuple[str, ...]:
    """The players' names, checked: as many as the rules have players, printable, distinct.

    :raises TypeError: for a name that is not text.
    :raises ValueError: for a wrong number of names, an empty or repeated one.
    """
    n = rules.table.players
    if players is None:
        names = _DEFAULT_NAMES[:n]  # printable text, as a given name must be
    else:
        names = tuple(players)
        for name in names:
            if not isinstance(name, str):
                raise TypeError(f"player names must be text, not {name!r}")
            if not name.strip() or any(unicodedata.category(c)[0] == "C" for c in name):
                raise ValueError(f"a player's name must be printable text, not {name!r}")
    if len(names) != n:
        raise ValueError(f"{rules.name} needs {n} player names, got {len(names)}")
    if len(set(names)) != n:
        raise ValueError(f"player names must differ, got {list(names)!r}")
    return names


def cut(game: Game) -> None:
    """Cut for partners and deal: each player draws a card from the spread
    pack; the lowest deals. Ties go by suit order or a re-cut, as the rules say."""
    rules = game.rules.table.cut
    order = {int(suit): i for i, suit in enumerate(rules.tie_suit_order)}
    names = list(game.players)
    rounds: list[dict[str, str]] = []
    keyed: dict[str, tuple[int, ...]] = dict.fromkeys(names, ())
    pending = names
    while pending:
        # Each round is a fresh spread pack; only tied players cut again.
        deck = _native.pack_shuffled(game.rng)
        rounds.append({name: _CODES[deck[i]] for i, name in enumerate(pending)})
        for i, name in enumerate(pending):
            suit, rank = divmod(deck[i], 13)  # card number = suit * 13 + rank
            if rules.ace_low:
                rank = (rank + 1) % 13
            tie = order[suit] if rules.ties == "suit_order" else 0
            keyed[name] = (*keyed[name], rank, tie)
        seen: dict[tuple[int, ...], list[str]] = {}
        for name in pending:
            seen.setdefault(keyed[name], []).append(name)
        pending = [name for group in seen.values() if len(group) > 1 for name in group]
    game.cut_order = tuple(sorted(names, key=lambda nm: keyed[nm]))
    game._append(OpKind.CUT, detail={"rounds": rounds, "order": list(game.cut_order)})


def begin_rubber(game: Game) -> None:
    """Seat the players for a rubber and open its score sheet.

    seated: the lowest cutter sits South and deals first, the second lowest
    is his partner, the third sits on his left. dummy: the rubber's holder
    sits South with the Dummy opposite (the lowest cutter for the first
    rubber, the next for the second ...), the others West and East in
    cutting order; or, when the dealer holds the Dummy, the table is laid
    anew for each deal. double_dummy: the lowest cutter South with his
    Dummy North, the other West with his Dummy East.
    """
    game.rubber_number += 1
    t = game.rules.table
    order = game.cut_order
    game._circle = order  # the players round the table, for a dealer-held Dummy
    game._circle_at = 0
    if t.hands == "seated":
        _seat(
            game,
            {Seat.SOUTH: order[0], Seat.NORTH: order[1], Seat.WEST: order[2], Seat.EAST: order[3]},
            frozenset(_SEATS),
        )
        game.dealer = Seat.SOUTH
    elif t.hands == "double_dummy":
        _seat(
            game,
            {Seat.SOUTH: order[0], Seat.NORTH: order[0], Seat.WEST: order[1], Seat.EAST: order[1]},
            frozenset((Seat.SOUTH, Seat.WEST)),
        )
        game.dealer = Seat.SOUTH
    elif t.dummy_holder == "dealer":
        _seat_round_dealer(game)
    else:  # a Dummy held for the rubber
        holder = order[(game.rubber_number - 1) % len(order)]
        others = [p for p in order if p != holder]
        _seat(
            game,
            {Seat.SOUTH: holder, Seat.NORTH: holder, Seat.WEST: others[0], Seat.EAST: others[1]},
            frozenset((Seat.SOUTH, Seat.WEST, Seat.EAST)),
        )
        game.dealer = Seat.NORTH if t.first_dealer == "dummy" else Seat.SOUTH
    columns = game._sheet_columns.get(game._seating)
    if columns is None:  # the first rubber of this seating: the sheet checks its columns
        game.sheet = ScoreSheet(game.rules, _columns(game))
        if len(game._sheet_columns) >= sight.MEMO_SIZE:
            game._sheet_columns.clear()
        game._sheet_columns[game._seating] = game.sheet.columns
    else:
        game.sheet = ScoreSheet._blank(game.rules, columns)
    game.sheets.append(game.sheet)
    game._append(
        OpKind.RUBBER_START,
        detail={
            "rubber": game.rubber_number,
            "seats": {s.letter: p for s, p in game.seat_player.items()},
            "dummies": sorted(s.letter for s in _SEATS if s not in game.manned),
        },
    )


def _seat_round_dealer(game: Game) -> None:
    """The dealer holds the Dummy opposite him; his left and right as they sit."""
    c, k = game._circle, game._circle_at % len(game._circle)
    dealer, left, right = c[k], c[(k + 1) % 3], c[(k + 2) % 3]
    _seat(
        game,
        {Seat.SOUTH: dealer, Seat.NORTH: dealer, Seat.WEST: left, Seat.EAST: right},
        frozenset((Seat.SOUTH, Seat.WEST, Seat.EAST)),
    )
    game.dealer = Seat.SOUTH


def _seat(game: Game, owners: Mapping[Seat, str], manned: frozenset[Seat]) -> None:
    # who sits where: with the deal's roles, the key of the memo of sight
    seating = (game.players, tuple((s, owners[s]) for s in _SEATS), manned)
    memo = game._seating_memo
    seated = memo.get(seating)
    if seated is None:
        if len(memo) >= sight.MEMO_SIZE:
            memo.clear()
        held: dict[str, list[Seat]] = {p: [] for p in game.players}
        for seat in _SEATS:
            held[owners[seat]].append(seat)
        seated = memo[seating] = (
            seating,
            {p: tuple(seats) for p, seats in held.items()},
            {p: tuple(s for s in seats if s in manned) for p, seats in held.items()},
        )
    # The memo's own seating tuple (equal to this one) keys the memo of sight.
    game._seating, player_seats, own = seated
    game.seat_player = dict(seating[1])
    game.manned = manned
    game.player_seats = dict(player_seats)
    game._own = own  # read only


def _columns(game: Game) -> list[tuple[str, tuple[str, ...]]]:
    """The score sheet's columns: one per partnership, or one per player."""
    if game.rules.scoring.ledger == "players":
        return [(p, (p,)) for p in game.players]
    cols = []
    for side, label in ((0, "N-S"), (1, "E-W")):
        people = tuple(dict.fromkeys(game.seat_player[s] for s in _SEATS if s.side == side))
        cols.append((f"{label} ({', '.join(people)})", people))
    return cols


def credit(game: Game) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """For each side, the sheet columns its points go to (each gets them in full)."""
    if game.rules.scoring.ledger == "players":
        index = {p: i for i, p in enumerate(game.players)}
        return tuple(  # type: ignore[return-value]
            tuple(sorted({index[game.seat_player[s]] for s in _SEATS if s.side == side}))
            for side in (0, 1)
        )
    return ((0,), (1,))


def next_dealer(game: Game) -> None:
    """The deal passes to the left (past a Dummy, where the rules say so), or, where
    the dealer takes the Dummy, to the next player, who takes it with the deal."""
    rules = game.rules
    if rules.table.hands == "dummy" and rules.table.dummy_holder == "dealer":
        game._circle_at += 1  # the deal passes to the left; the new dealer takes the Dummy
        _seat_round_dealer(game)
        return
    nxt = game.dealer.left
    if rules.deal.passes == "left_skipping_dummies":
        while nxt not in game.manned:
            nxt = nxt.left
    game.dealer = nxt
