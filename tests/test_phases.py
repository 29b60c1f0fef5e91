"""The engine by phase (issue 16): legality written once, one Deal a deal.

Each phase module says once what is open (its choices); ``legal_actions()``
lists them, and ``verify()``/``can()`` accept exactly those, whatever path
the action takes (the C card step, the quick path of the declaration and
the doubling, the general one). A deal's state is one object, made afresh
for each deal, and the game's old names for its fields read and write it.
"""

from __future__ import annotations

import pkgutil
import subprocess
import sys

import pytest

from dummybridge import Rng
from dummybridge.core.cards import Seat
from dummybridge.engine import declaration, doubling, play
from dummybridge.engine.actions import Action
from dummybridge.engine.deal import Deal
from dummybridge.engine.game import Game
from dummybridge.engine.phases import Phase
from dummybridge.errors import IllegalActionError
from dummybridge.language.loader import builtin_variants, load_rules
from support import THOROUGH

#: actions to ask about at every step: every kind a strict game offers
_PROBES = (
    *(Action.play(f"{s}{r}") for s in "CDHS" for r in "23456789TJQKA"),
    Action.play_blind(),
    Action.leave(),
    Action.double(),
    Action.redouble(),
    Action.pass_(),
    *(Action.look(s) for s in "NESW"),
)


def _probes(game: Game) -> tuple[Action, ...]:
    names = [d.name for d in game.rules.denominations]
    bids = [Action.bid(level, n) for level in (1, 2, 7) for n in names]
    return (*_PROBES, *(Action.declare(n) for n in names), *bids)


@pytest.mark.thorough
@pytest.mark.parametrize("variant", sorted(v.name for v in builtin_variants()))
def test_an_action_is_legal_exactly_when_it_is_offered(variant: str) -> None:
    """Strict play: at every step, verify() accepts an action if and only if
    legal_actions() offers it (the looks of the play included), and refuses
    every other with the reason; a random rubber is played out by its
    legal actions (every step of it checked in the thorough pass, the steps
    of its first two deals in the README's run)."""
    rules = load_rules(variant)
    game = Game(rules, 3)
    rng = Rng(3)
    probes = _probes(game)
    steps = 0
    while not game.is_over:
        legal = game.legal_actions()
        if not THOROUGH and game.deal_number > 2:
            game.apply(legal[rng.below(len(legal))])
            steps += 1
            continue
        for action in {*probes, *legal}:
            assert game.can(action) == (action in legal), (game.phase, action, legal)
        refused = next(a for a in probes if a not in legal)
        with pytest.raises(IllegalActionError, match=rf"^{refused} refused: "):
            game.verify(refused)
        game.apply(legal[rng.below(len(legal))])
        steps += 1
    assert steps > 52
    with pytest.raises(IllegalActionError, match=r"refused: the game is over$"):
        game.verify(Action.pass_())


def test_a_phase_allows_what_its_choices_hold() -> None:
    """The decision phases' allows() is membership in their choices(), which
    legal_actions() lists first (then the looks)."""
    game = Game(load_rules("bridge"), 1)
    assert game.phase == Phase.DECLARE
    offered = declaration.choices(game)
    assert game.legal_actions()[: len(offered)] == offered
    assert all(declaration.ACTIONS.allows(game, a) for a in offered)
    assert not declaration.ACTIONS.allows(game, Action.double())
    game.declare("hearts")
    assert game.phase == Phase.DOUBLE
    assert doubling.choices(game) == (Action.pass_(), Action.double())
    assert doubling.ACTIONS.allows(game, Action.pass_())
    assert not doubling.ACTIONS.allows(game, Action.declare("spades"))


def test_a_revoke_is_refused_in_strict_play_and_allowed_in_laws_mode() -> None:
    """ELW05 'The Play': following suit is compulsory; in laws mode a card
    that fails to follow suit is a revoke (law 63), irregular but allowed,
    and never offered as legal."""
    for laws in (False, True):
        game = Game(load_rules("bridge"), 5, laws=laws)
        while game.phase != Phase.PLAY:
            game.apply(game.legal_actions()[-1])
        game.apply(game.legal_actions()[0])
        seat = game.to_act
        assert seat is not None
        revokes = [a for a in play.PLAYS if game.hands[seat] >> a.index & 1]
        revokes = [a for a in revokes if a not in game.legal_actions()]
        assert revokes
        assert all(play.ACTIONS.allows(game, a) == laws for a in revokes)
        assert list(game.irregular_actions()) == (revokes if laws else [])


def test_each_deal_has_its_own_deal_object() -> None:
    """A new deal starts from nothing of the last: a fresh Deal, its fields
    shown as the game's under their old names, read and written."""
    game = Game(load_rules("bridge"), 2)
    first = game.deal
    assert isinstance(first, Deal)
    assert game.hands is first.hands
    assert game.tricks is first.tricks
    assert game._trick_cards is first.trick_cards
    game._trick_leader = Seat.WEST
    assert first.trick_leader is Seat.WEST
    game.declare("no_trumps")
    while game.deal_number == 1:
        game.apply(game.legal_actions()[-1])
    second = game.deal
    assert second is not first
    assert (second.denomination, second.tricks, second.history) == (None, [], [])
    assert first.denomination is not None
    assert sum(first.tricks_won) == 13
    assert game.original == second.original


def test_any_module_of_the_engine_may_be_imported_first() -> None:
    """The phase modules import one another (the play scores the deal, the
    score deals the next, a deal logs sight, sight asks the play): wherever a
    program starts, the imports resolve. (session.py took sight's MEMO_SIZE by
    name, and a program that imported deal.py or sight.py first failed.)"""
    import dummybridge.engine

    names = sorted(
        m.name for m in pkgutil.walk_packages(dummybridge.engine.__path__, "dummybridge.engine.")
    )
    assert {"dummybridge.engine.deal", "dummybridge.engine.laws.revokes"} <= set(names)
    for name in names:
        done = subprocess.run(
            [sys.executable, "-c", f"import {name}"], capture_output=True, text=True, check=False
        )
        assert done.returncode == 0, (name, done.stderr[-500:])
