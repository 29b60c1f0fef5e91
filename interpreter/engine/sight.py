"""Sight: which hands each player may see, and the looks the rules offer.

The rules of sight (``sight.rules`` of the rule file) each give some players
some hands, from an event to an event (``deal``, ``declared``,
``first_lead`` ...), automatically or when the player asks (``look S``). A
hand lying face up is seen by everyone besides. What a player sees is a
function of the seating, the deal's roles, the events so far and the looks
taken, so it is worked out once for each such state (a memo shared by the
games of a rule set) and again only when one of them changes: every change
bumps ``deal.sight_version``.

Whenever sight changes, the game logs the change (``sight`` entries). A look
may be taken in any phase where a rule offers it: the game verifies and takes
it here, before any phase's own rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.cards import SEATS, Seat
from ..errors import IllegalActionError
from ..language.ruleset import Condition, SightRule
from . import play
from ._lazy import LazyDetail
from .actions import Action, Operation
from .opkinds import OpKind
from .phases import Phase

if TYPE_CHECKING:
    from .game import Game

__all__ = ["current", "event", "log", "look", "look_actions", "sees", "verify_look", "with_looks"]

_NO_SEATS: frozenset[Seat] = frozenset()
_SEAT_SETS: dict[frozenset[Seat], frozenset[Seat]] = {_NO_SEATS: _NO_SEATS}
_NO_EVENTS: frozenset[Any] = frozenset()
#: keys for one rule set before a memo of sight starts afresh
MEMO_SIZE = 4096


def side_of_player(game: Game, player: str) -> str:
    """``declaring`` if ``player`` holds a hand of the dealer's side, else ``defending``."""
    dealer_side = game.dealer.side
    return (
        "declaring"
        if any(s.side == dealer_side for s in game.player_seats[player])
        else "defending"
    )


def who(game: Game, who: str, player: str) -> bool:
    """Whether ``player`` is one of those a rule names (``who:``)."""
    if who == "everyone":
        return True
    if who == "dealer":
        return player == game.seat_player[game.dealer]
    if who == "dummy_holder":
        return any(s not in game.manned for s in game.player_seats[player])
    if who == "adversaries":
        return side_of_player(game, player) == "defending"
    if who == "declaring_side":
        return side_of_player(game, player) == "declaring"
    if who == "left_adversary":
        return player == game.seat_player[game.dealer.left]
    if who == "right_adversary":
        return player == game.seat_player[game.dealer.right]
    if who == "examiner":
        return player == game.deal.examiner
    raise AssertionError(who)  # pragma: no cover - the schema allows no other


def holds(game: Game, cond: Condition, player: str) -> bool:
    """Whether a rule's condition (``when:``) holds now for ``player``."""
    if cond.declared_from is not None and cond.declared_from != game.deal.declared_from:
        return False
    if cond.side is not None and cond.side != side_of_player(game, player):
        return False
    if cond.holds is not None:
        n = len(game.player_seats[player])
        if (cond.holds == "one") != (n == 1):
            return False
    return True


def leading_hand(game: Game) -> Seat:
    """The hand that leads to the first trick: left of the declarer, or of the dealer."""
    declarer = game.deal.declarer
    if game.rules.play.opening_lead == "left_of_declarer" and declarer is not None:
        return declarer.left
    return game.dealer.left


def hands_for(game: Game, hand: str, player: str) -> tuple[Seat, ...]:
    """The hands of ``player`` a rule names (``hand:``)."""
    if hand == "own":
        return game._own[player]
    held = game.player_seats[player]
    if hand == "dummy":
        return tuple(s for s in held if s not in game.manned)
    if hand == "held":
        return held
    lead = leading_hand(game)
    if hand == "leading_hand":
        return (lead,) if lead in held else ()
    if hand == "other_hand":
        return tuple(s for s in held if s != lead) if lead in held else ()
    if hand == "examined":
        examined = game.deal.examined
        return (examined,) if examined is not None else ()
    raise AssertionError(hand)  # pragma: no cover


def _happened(game: Game, events: tuple[str, ...], player: str) -> bool:
    deal = game.deal
    for e in events:  # noqa: SIM110 - a loop is faster than any() here, on a hot path
        if e in deal.events or (e, player) in deal.player_events:
            return True
    return False


def _active(game: Game, rule: SightRule, player: str) -> tuple[Seat, ...]:
    """The hands ``rule`` offers ``player`` now (to see, or to look at)."""
    if not who(game, rule.who, player) or not holds(game, rule.when, player):
        return ()
    if not _happened(game, rule.start, player) or _happened(game, rule.end, player):
        return ()
    return hands_for(game, rule.hand, player)


def sees(game: Game, player: str, seat: Seat) -> bool:
    """Whether ``player`` may see the hand at ``seat`` now (face up, or by the rules).

    :raises KeyError: for an unknown player.
    """
    return seat in game.deal.exposed or seat in current(game)[player]


def current(game: Game) -> dict[str, frozenset[Seat]]:
    """The hands each player sees through the rules of sight (face-up hands
    aside), worked out again only when something sight depends on has changed."""
    deal = game.deal
    if deal.sight_at != deal.sight_version:
        # Sight is a function of these alone (see _active): the seating,
        # the deal's roles, the events the rules of sight name, the looks.
        events = game._sight_events
        player_events, looked = deal.player_events, deal.looked
        key = (
            game._seating,
            game.dealer,
            deal.declarer,
            deal.declared_from,
            deal.examiner,
            deal.examined,
            frozenset(deal.events & events),
            frozenset(e for e in player_events if e[0] in events) if player_events else _NO_EVENTS,
            frozenset(looked) if looked else _NO_EVENTS,
        )
        memo = game._sight_memo
        seen = memo.get(key)
        if seen is None:
            if len(memo) >= MEMO_SIZE:
                memo.clear()
            seen = memo[key] = _compute(game)
        deal.sight_cache = seen
        deal.sight_at = deal.sight_version
    return deal.sight_cache


def _compute(game: Game) -> dict[str, frozenset[Seat]]:
    seen: dict[str, frozenset[Seat]] = {}
    rules, looked = game.rules.sight.rules, game.deal.looked
    for player in game.players:
        hands: set[Seat] = set()
        for i, rule in enumerate(rules):
            for seat in _active(game, rule, player):
                if rule.how == "auto" or (i, player, seat) in looked:
                    hands.add(seat)
        seen[player] = frozenset(hands)
    return seen


def event(game: Game, name: str, player: str | None = None) -> None:
    """``name`` has happened (for ``player`` alone, if given): sight may change."""
    if name not in game._sight_events:
        return  # only the rules of sight look at events (see _happened)
    deal = game.deal
    if player is None:
        deal.events.add(name)
    else:
        deal.player_events.add((name, player))
    deal.sight_version += 1


def log(game: Game) -> None:
    """Log, in one entry, each change in who may see which hand (face-up hands aside)."""
    deal = game.deal
    if deal.logged_at == deal.sight_version:
        return
    deal.logged_at = deal.sight_version
    sight = current(game)
    exposed, seen = deal.exposed, deal.seen
    fresh = not seen and not exposed  # a new deal: what everyone sees is all new
    if fresh:
        logged = game._fresh_sight.get(id(sight))
        if logged is not None and logged[0] is sight:
            deal.seen = logged[1].copy()
            if logged[2] is not None:  # the same entry's detail, for every such deal
                game._append(OpKind.SIGHT, detail=logged[2])
            return
    changes = []
    for player in game.players:
        now = sight[player]
        before = seen.get(player, _NO_SEATS)
        if exposed:
            now, before = now - exposed, before - exposed
        if now != before:
            changes.append(
                (player, _one(now - before), _one(before - now))
                if before
                else (player, _one(now), _NO_SEATS)
            )
            seen[player] = now
    detail = LazyDetail(_sight_detail, (tuple(changes),)) if changes else None
    if fresh:  # the same sight at the start of another deal logs the same
        memo = game._fresh_sight
        if len(memo) >= MEMO_SIZE:
            memo.clear()
        memo[id(sight)] = (sight, seen.copy(), detail)
    if detail is not None:
        game._append(OpKind.SIGHT, detail=detail)


def _one(seats: frozenset[Seat]) -> frozenset[Seat]:
    """One set for all equal sets of seats (16 in all): a long game logs a
    change of sight at every deal, and keeps the log (issue 22)."""
    return _SEAT_SETS.setdefault(seats, seats)


def _sight_detail(
    changes: tuple[tuple[str, frozenset[Seat], frozenset[Seat]], ...],
) -> dict[str, Any]:
    return {
        "changes": [
            {
                "player": player,
                "sees": [s.letter for s in SEATS if s in sees],
                "loses": [s.letter for s in SEATS if s in loses],
            }
            for player, sees, loses in changes
        ]
    }


# ------------------------------------------------------------------- looks


def _looks_open(game: Game, player: str) -> list[tuple[int, Seat]]:
    """(rule, seat) pairs ``player`` may choose to look at now."""
    out: list[tuple[int, Seat]] = []
    looked = game.deal.looked
    for i, rule in enumerate(game.rules.sight.rules):
        if rule.how != "on_request":
            continue
        seats = _active(game, rule, player)
        if (
            rule.limit is not None
            and sum(1 for (j, p, _) in looked if j == i and p == player) >= rule.limit
        ):
            continue
        for seat in seats:
            if not sees(game, player, seat) and all(s != seat for _, s in out):
                out.append((i, seat))
    return out


def with_looks(game: Game, choices: tuple[Action, ...]) -> tuple[Action, ...]:
    """``choices``, then the looks open to the player to act: his legal actions."""
    if not game._may_look:
        return choices
    looks = look_actions(game)
    return (*choices, *looks) if looks else choices


def look_actions(game: Game) -> tuple[Action, ...]:
    """The looks open to the player to act now (part of his legal actions)."""
    if game.to_act is None or not game._may_look:
        return ()
    return tuple(Action.look(seat) for _, seat in _looks_open(game, game.player_of(game.to_act)))


def verify_look(game: Game, action: Action) -> None:
    """Raise unless the look ``action`` is open to the player to act now.

    :raises IllegalActionError: saying whether he already sees the hand.
    """
    assert game.to_act is not None
    player = game.player_of(game.to_act)
    if action.seat is not None and any(s == action.seat for _, s in _looks_open(game, player)):
        return
    if action.seat is not None and sees(game, player, action.seat):
        raise IllegalActionError(f"{action} refused: {player} already sees that hand")
    raise IllegalActionError(
        f"{action} refused: the rules do not let {player} look at that hand now"
    )


def look(game: Game, action: Action) -> Operation:
    """Take a look verified as open: the hand is seen from now on."""
    assert game.to_act is not None
    assert action.seat is not None
    deal = game.deal
    player = game.player_of(game.to_act)
    rule = next(i for i, s in _looks_open(game, player) if s == action.seat)
    deal.looked.add((rule, player, action.seat))
    deal.sight_version += 1
    deal.looks.append((player, action.seat))
    game.actions.append(action)
    op = game._append(OpKind.LOOK, seat=action.seat, player=player, action=action)
    deal.seen[player] = deal.seen.get(player, frozenset()) | {action.seat}
    log(game)
    if game.phase is Phase.PLAY:
        play.refresh_blind(game)
    return op
