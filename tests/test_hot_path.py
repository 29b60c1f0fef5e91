"""The fast paths of the interpreter take exactly the steps of the general ones.

A card in strict play (the "lean" play) is taken by the C base class of
``Game`` (``dummybridge.engine._speedups.GameBase``: its ``apply()`` and
``legal_actions()``) with one C call (``dbr_position_step_packed``: the card,
then the next hand's legal cards); every other action, and a refused card, goes
to the Python methods ``Game._apply()`` and ``Game._legal_actions()``, the
reference; the end of a trick is ``_speedups.trick_won()`` on every path. The
log entries made for every deal keep their raw data and are formatted when
first read (:class:`~dummybridge.engine._lazy.LazyDetail`). None of this may show:
the same game, the same log, the same errors.
"""

from __future__ import annotations

import copy
import doctest
import gc
import inspect
import json
import pickle
import sys
from types import MappingProxyType
from typing import Any

import pytest

from dummybridge import Rng
from dummybridge.core import _native
from dummybridge.engine import _lazy, _speedups, hotpath, play
from dummybridge.engine.actions import Action
from dummybridge.engine.deal import Deal
from dummybridge.engine.game import Game, Operation
from dummybridge.engine.opkinds import OpKind
from dummybridge.errors import IllegalActionError, InvalidDealError
from dummybridge.language.loader import builtin_variants, load_rules
from support import THOROUGH

BRIDGE = load_rules("bridge")


def _random_game(seed: int, *, name_player: bool) -> Game:
    """A whole rubber of random decisions; with ``name_player`` every action
    names the player to act (apply's general path, not the lean one)."""
    game = Game(BRIDGE, seed)
    rng = Rng(seed)
    while not game.is_over:
        legal = game.legal_actions()
        action = legal[rng.below(len(legal))]
        game.apply(action, player=game.actor if name_player else None)
    return game


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_lean_play_path_gives_the_same_game_as_the_general_one(seed: int) -> None:
    lean = _random_game(seed, name_player=False)
    general = _random_game(seed, name_player=True)
    assert json.dumps(lean.state_dict(), sort_keys=True) == json.dumps(
        general.state_dict(), sort_keys=True
    )
    assert lean.log == general.log
    assert Game.from_record(lean.to_record()).state_dict() == lean.state_dict()


def test_a_refused_card_leaves_the_legal_cards_as_they_were() -> None:
    """ELW05 'The Play': following suit is compulsory; a refused card changes
    nothing, the cards the C core says may be played included."""
    game = Game(BRIDGE, 5)
    while game.phase != "play":
        game.apply(game.legal_actions()[-1])  # pass, or the last declaration
    game.apply(game.legal_actions()[0])
    legal = game.legal_actions()
    held = game.hands[game.to_act]  # type: ignore[index]
    offside = [c for c in range(52) if held >> c & 1 and all(a.index != c for a in legal)]
    not_held = next(c for c in range(52) if not held >> c & 1)
    assert offside, "the hand to play can follow suit, so it holds cards it may not play"
    before = json.dumps(game.state_dict(), sort_keys=True)
    for card in [*offside, not_held]:
        with pytest.raises(IllegalActionError, match="refused"):
            game.apply(f"play {_native.card_format(card)}")
        assert game.legal_actions() == legal
    assert json.dumps(game.state_dict(), sort_keys=True) == before


class _PythonGame(Game):
    """A game whose every action goes through the Python reference methods."""

    def apply(self, action: Action | str, *, player: str | None = None) -> Operation:
        return self._apply(action, player=player)

    def legal_actions(self) -> tuple[Action, ...]:
        return self._legal_actions()


def _trace(game: Game, seed: int) -> list[object]:
    """Every legal set offered and every record returned, over a random rubber."""
    rng = Rng(seed)
    seen: list[object] = []
    while not game.is_over:
        legal = game.legal_actions()
        op = game.apply(legal[rng.below(len(legal))])
        seen.append((legal, op, game.to_act))
    return seen


@pytest.mark.thorough
@pytest.mark.parametrize("variant", sorted(v.name for v in builtin_variants()))
def test_the_c_card_step_plays_every_variant_as_the_python_reference(variant: str) -> None:
    """Issue 3: every decision is an action with its frozen record, whichever
    path takes it: the C card step gives, action by action, the legal actions,
    the records and the state that Game._apply/_legal_actions give (one
    rubber in the README's run, two in the thorough pass)."""
    rules = load_rules(variant)
    for seed in (1, 2) if THOROUGH else (1,):
        fast, reference = Game(rules, seed), _PythonGame(rules, seed)
        assert _trace(fast, seed) == _trace(reference, seed)
        assert fast.log == reference.log
        assert fast.state_dict() == reference.state_dict()
        assert fast.to_record() == reference.to_record()
        plays = [op for op in fast.log if op.kind == "play"]
        assert len(plays) >= 52
        assert all(type(op) is Operation for op in plays)


def test_a_card_refused_by_the_c_step_is_refused_as_the_reference_refuses_it() -> None:
    """ELW05 'The Play': following suit is compulsory. The message names the
    rule broken, as the Python path's does, and nothing changes."""
    game, reference = Game(BRIDGE, 5), _PythonGame(BRIDGE, 5)
    for g in (game, reference):
        while g.phase != "play":
            g.apply(g.legal_actions()[-1])
        g.apply(g.legal_actions()[0])
    held = game.hands[game.to_act]  # type: ignore[index]
    legal = {a.index for a in game.legal_actions()}
    revoke = next(c for c in range(52) if held >> c & 1 and c not in legal)
    before = json.dumps(game.state_dict(), sort_keys=True)
    messages = []
    for g in (game, reference):
        with pytest.raises(IllegalActionError) as caught:
            g.apply(Action.play(_native.card_format(revoke)))
        messages.append(str(caught.value))
    assert messages == ["play D3 refused: north (B) must follow suit to the C2 led"] * 2
    assert json.dumps(game.state_dict(), sort_keys=True) == before


def test_the_c_card_step_keeps_no_reference_it_does_not_own() -> None:
    """A C step that leaked a reference, or dropped one, would show in the
    counts of the objects every card's record shares: the play actions, the
    kinds ``play`` and ``trick``, the empty detail, the seats (after a warm-up
    game, so the interpreter's memos are full: the same games then leave the
    same counts)."""
    shared = [*play.PLAYS, OpKind.PLAY, OpKind.TRICK, play.NO_DETAIL, *play.SEATS]

    def games() -> None:
        for seed in range(3):
            _trace(Game(BRIDGE, seed), seed)
        gc.collect()

    games()
    counts = [sys.getrefcount(x) for x in shared]
    games()
    assert [sys.getrefcount(x) for x in shared] == counts


def test_the_c_module_refuses_tables_that_are_not_the_game_modules() -> None:
    """The C module is bound once, when game.py is imported (hotpath.bind); a
    wrong table is named, and leaves the binding as it was (the games after
    still play)."""
    with pytest.raises(ValueError, match=r"^_bind: no step function$"):
        _speedups._bind(0, {})
    with pytest.raises(ValueError, match=r"^_bind: no Action in the tables$"):
        _speedups._bind(1, {})
    tables = {
        **play.C_TABLES,
        "PLAYS": play.PLAYS[:51],
        "FIELDS": hotpath.HOT_FIELDS,
        "DEAL_FIELDS": hotpath.HOT_DEAL_FIELDS,
        "METHODS": hotpath.HOT_METHODS,
    }
    with pytest.raises(ValueError, match=r"^_bind: no PLAYS in the tables$"):
        _speedups._bind(1, tables)
    tables["PLAYS"] = play.PLAYS
    wrong = "^_bind: Operation and Trick must be named tuples, LazyDetail a class with slots$"
    for name, value in [("Operation", dict), ("Trick", list), ("LazyDetail", dict)]:
        with pytest.raises(ValueError, match=wrong):
            _speedups._bind(1, {**tables, name: value})
    with pytest.raises(ValueError, match=r"^_bind: no FIELDS in the tables$"):
        _speedups._bind(1, {**tables, "FIELDS": hotpath.HOT_FIELDS[:-1]})
    with pytest.raises(ValueError, match=r"^_bind: the METHODS must be names \(str\)$"):
        _speedups._bind(1, {**tables, "METHODS": (1, 2)})
    with pytest.raises(ValueError, match=r"^_bind: no end_play in the tables$"):
        _speedups._bind(1, {**tables, "end_play": len})
    with pytest.raises(TypeError):
        _speedups._bind(1, list(tables))  # type: ignore[arg-type]
    assert _trace(Game(BRIDGE, 3), 3) == _trace(_PythonGame(BRIDGE, 3), 3)


def test_the_hot_path_contract_is_checked_when_it_is_bound() -> None:
    """A field the C step reads that the game (or deal) class does not
    declare, or a method it lacks, stops the import of game.py (hotpath.bind),
    naming them, before the C module is bound."""

    class Partial:
        _lean: bool
        to_act: int | None

        def _apply(self) -> None: ...

    class PartialDeal:
        hands: list[int]

    def refusal(game: type, deal: type) -> str:
        with pytest.raises(RuntimeError) as caught:
            hotpath.bind(game, deal, {})
        return str(caught.value)

    missing = [*hotpath.HOT_FIELDS[2:], "_legal_actions"]
    assert refusal(Partial, Deal) == (
        f"the C card step uses {', '.join(missing)}, which Partial does not declare: "
        "rename them in dummybridge.engine.hotpath too"
    )
    assert refusal(Game, PartialDeal) == (
        f"the C card step uses {', '.join(hotpath.HOT_DEAL_FIELDS[1:])}, which PartialDeal "
        "does not declare: rename them in dummybridge.engine.hotpath too"
    )
    with pytest.raises(ValueError, match=r"^_bind: no Action in"):  # they pass; then the C
        hotpath.bind(Game, Deal, {})


@pytest.mark.parametrize("variant", sorted(v.name for v in builtin_variants()))
def test_every_card_of_the_lean_play_takes_the_c_step(
    variant: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 16, the hot path's contract: in strict play, a card played from a
    hand its player sees (no hand blind: the lean play) is taken by the C step,
    and its legal cards are offered by it; neither ever reaches the Python
    methods. A field or method of hotpath.py renamed on one side only would
    send them there, silently but for this test."""
    rules = load_rules(variant)
    in_python: list[str] = []
    apply, legal_actions = Game._apply, Game._legal_actions

    def lean(game: Game) -> bool:
        return not game.laws and game.phase == "play" and not game._blind

    def counted_apply(self: Game, action: Action | str, *, player: str | None = None) -> Operation:
        if lean(self) and Action.parse(str(action)).kind == "play":
            in_python.append(f"apply {action}")
        return apply(self, action, player=player)

    def counted_legal_actions(self: Game) -> tuple[Action, ...]:
        if lean(self):
            in_python.append("legal_actions")
        return legal_actions(self)

    seen: set[str] = set()

    def fields_of(game: Game) -> None:
        if game._lean:
            seen.update(name for name in hotpath.HOT_FIELDS if name in vars(game))
            seen.update(name for name in hotpath.HOT_DEAL_FIELDS if name in vars(game.deal))

    monkeypatch.setattr(Game, "_apply", counted_apply)
    monkeypatch.setattr(Game, "_legal_actions", counted_legal_actions)
    cards = 0
    for seed in (1, 2):
        game = Game(rules, seed)
        rng = Rng(seed)
        while not game.is_over:
            fields_of(game)
            legal = game.legal_actions()
            game.apply(legal[rng.below(len(legal))])
        cards += sum(op.kind == "play" for op in game.log)
    assert in_python == []
    assert cards >= 104
    # every field it reads is where it reads it
    assert seen == {*hotpath.HOT_FIELDS, *hotpath.HOT_DEAL_FIELDS}


def test_the_c_end_of_a_trick_refuses_what_is_not_one() -> None:
    """trick_won() ends a complete trick of a game in its play; any other call
    is refused with the reason, and changes nothing."""
    game = Game(BRIDGE, 1)
    with pytest.raises(ValueError, match=r"^trick_won: no seat 4$"):
        _speedups.trick_won(game, 4)
    with pytest.raises(TypeError):
        _speedups.trick_won(object(), 0)  # type: ignore[arg-type]
    before = game.state_dict()
    with pytest.raises(RuntimeError, match=r"^trick_won: not a game's complete trick$"):
        _speedups.trick_won(game, 0)
    assert game.state_dict() == before


def test_a_trick_record_is_the_trick_as_played() -> None:
    """ELW05: the trick goes to the highest trump, or the highest card of the
    suit led; its record names the trick, its cards in play order and the
    leader, and the next trick is led by its winner."""
    game = Game(BRIDGE, 4)
    while not game.tricks:  # (pass rather than double: Bridge sets no limit to redoubling)
        legal = game.legal_actions()
        game.apply(legal[0] if game.phase == "play" else legal[-1])
    op = game.log[-1]
    (trick,) = game.tricks
    assert op.kind == "trick"
    assert op.seat == trick.winner == game.to_act
    assert dict(op.detail) == {
        "number": 1,
        "cards": [c.code for c in trick.cards],
        "leader": trick.leader.letter,
    }
    plays = [o.action.card for o in game.log if o.kind == "play"]  # type: ignore[union-attr]
    assert plays == list(trick.cards)
    assert sum(game.tricks_won) == 1


def test_the_play_actions_of_a_set_of_cards_are_in_card_order() -> None:
    """plays_of(): the actions the game offers for a set of cards (the legal
    cards of the lean play, and every other set), clubs to spades, two up."""
    rng = Rng(21)
    for bits in [
        0,
        1,
        1 << 51,
        (1 << 52) - 1,
        *(rng.below(1 << 26) << 26 | rng.below(1 << 26) for _ in range(200)),
    ]:
        expected = tuple(Action.play(_native.card_format(c)) for c in range(52) if bits >> c & 1)
        assert _speedups.plays_of(bits) == expected
        assert all(a is b for a, b in zip(_speedups.plays_of(bits), expected, strict=True))
    with pytest.raises(ValueError, match=r"^plays_of: a set of cards is 52 bits"):
        _speedups.plays_of(1 << 52)
    with pytest.raises(ValueError, match=r"^plays_of: a set of cards is 52 bits"):
        _speedups.plays_of(-1)
    with pytest.raises(TypeError, match=r"^plays_of: a set of cards is an int, not str$"):
        _speedups.plays_of("SA")  # type: ignore[arg-type]


def test_apply_in_c_still_refuses_what_is_not_an_action() -> None:
    """Every path of apply() checks its argument: text is parsed, anything else refused."""
    game = Game(BRIDGE, 1)
    with pytest.raises(TypeError, match="an action must be an Action or its text, not 3"):
        game.apply(3)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        game.apply()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        game.legal_actions(1)  # type: ignore[call-arg]
    assert game.apply.__doc__ is not None
    assert game.apply.__doc__.startswith("Take ``action`` for the player to act")
    assert str(inspect.signature(Game.apply)) == "(self, /, action, *, player=None)"
    assert str(inspect.signature(game.legal_actions)) == "()"


def test_the_c_step_is_the_play_then_the_legal_cards() -> None:
    """dbr_position_step gives what dbr_position_play then dbr_position_legal give."""
    rng = Rng(11)
    for deal in range(20):
        hands = _native.deal_random(rng)
        step = _native.PlayState(hands, deal % 5, deal & 3)
        plain = _native.PlayState(hands, deal % 5, deal & 3)
        for n in range(52):
            legal = plain.legal()
            cards = [c for c in range(52) if legal >> c & 1]
            card = cards[rng.below(len(cards))]
            status = step.step_call(card, 0, step.winner_out, step.legal_out)
            assert status == _native.Status.OK
            assert step.winner_out[0] == plain.play(card)
            assert step.legal_out[0] == (plain.legal() if n < 51 else 0)
        assert step.tricks == plain.tricks


def test_the_packed_c_step_is_the_step_in_one_number() -> None:
    """dbr_position_step_packed: the legal cards in bits 0-51, 1 + the trick's
    winner (0 while the trick goes on) from STEP_WINNER_SHIFT, -status when
    the card is refused (and then nothing changes)."""
    rng = Rng(12)
    shift = _native.STEP_WINNER_SHIFT
    for deal in range(20):
        hands = _native.deal_random(rng)
        packed = _native.PlayState(hands, deal % 5, deal & 3)
        plain = _native.PlayState(hands, deal % 5, deal & 3)
        for n in range(52):
            legal = plain.legal()
            held = plain.hand(plain.to_play)
            if held != legal:  # a revoke is refused, and changes nothing
                revoke = next(c for c in range(52) if (held & ~legal) >> c & 1)
                assert packed.step_packed(revoke, 0) == -_native.Status.E_REVOKE
            missing = next(c for c in range(52) if not held >> c & 1)
            assert packed.step_packed(missing, 0) == -_native.Status.E_NOT_HELD
            cards = [c for c in range(52) if legal >> c & 1]
            card = cards[rng.below(len(cards))]
            step = packed.step_packed(card, 0)
            winner = plain.play(card)
            assert step >> shift == winner + 1
            assert step & ((1 << shift) - 1) == (plain.legal() if n < 51 else 0)
        assert packed.tricks == plain.tricks


def _detail(data: dict[str, object]) -> _lazy.LazyDetail:
    return _lazy.LazyDetail(dict, (data,))


def test_a_lazy_detail_is_built_once_and_reads_as_its_mapping() -> None:
    calls = []

    def build(number: int, cards: tuple[str, ...]) -> dict[str, object]:
        calls.append(number)
        return {"number": number, "cards": list(cards)}

    detail = _lazy.LazyDetail(build, (3, ("SA", "S2")))
    assert calls == []  # nothing is built before it is read
    assert detail == {"number": 3, "cards": ["SA", "S2"]}
    assert detail == MappingProxyType({"number": 3, "cards": ["SA", "S2"]})
    assert {"number": 3, "cards": ["SA", "S2"]} == detail  # noqa: SIM300 - the reflected ==
    assert detail != {"number": 4, "cards": ["SA", "S2"]}
    assert detail["cards"] is detail["cards"]
    assert list(detail) == ["number", "cards"]
    assert len(detail) == 2
    assert "number" in detail
    assert detail.get("leader") is None
    assert dict(detail.items())["number"] == 3
    assert repr(detail) == "LazyDetail({'number': 3, 'cards': ['SA', 'S2']})"
    assert calls == [3]
    with pytest.raises(TypeError):
        detail["number"] = 4  # type: ignore[index]
    with pytest.raises(TypeError):
        hash(detail)
    assert (detail == 3) is False


def test_a_lazy_detail_pickles_and_copies_as_its_mapping() -> None:
    detail = _lazy.LazyDetail(lambda n: {"n": n}, (1,))  # a lambda does not pickle
    assert pickle.loads(pickle.dumps(detail)) == {"n": 1}
    assert copy.deepcopy(detail) == {"n": 1}
    assert copy.copy(detail) == {"n": 1}
    assert _detail({"a": 1}) == _detail({"a": 1})


def test_lazy_doctests() -> None:
    assert doctest.testmod(_lazy, raise_on_error=False).failed == 0


@pytest.mark.parametrize(
    ("hands", "trump", "leader"),
    [
        ((1, 2, 4), 4, 0),  # three hands
        ((1, 2, 4, 8, 16), 4, 0),  # five
        ((1, 2, 4, -8), 4, 0),  # not a hand
        ((1, 2, 4, 1 << 52), 4, 0),  # a card beyond the pack
        ((1, 2, 4, 1 << 70), 4, 0),  # beyond 64 bits
        ((1, 2, 4, 4), 4, 0),  # a card held twice
        ((1, 2, 4, 24), 4, 0),  # hands of different sizes
        ((1, 2, 4, 8), 5, 0),  # no such strain
        ((1, 2, 4, 8), 300, 0),
        ((1, 2, 4, 8), 4, 4),  # no such seat
        ((1, 2, 4, 8), 4, -1),
    ],
)
def test_a_play_state_refuses_a_bad_position_as_the_c_core_does(
    hands: tuple[int, ...], trump: int, leader: int
) -> None:
    """PlayState fills its C struct directly when it can; a bad position is
    still refused with the message and exception of position_validate."""
    position = _native.Position(hands=hands, trump=trump, leader=leader)  # type: ignore[arg-type]
    with pytest.raises(Exception) as expected:  # noqa: PT011 - the class is what is compared
        _native.position_validate(position)
    with pytest.raises(type(expected.value)) as got:
        _native.PlayState(hands, trump, leader)
    assert str(got.value) == str(expected.value)


def test_a_play_state_takes_any_sequence_of_hands() -> None:
    hands = _native.deal_random(Rng(5))
    for given in (hands, tuple(hands), iter(hands)):
        state = _native.PlayState(given, 2, 1)  # type: ignore[arg-type]
        assert [state.hand(s) for s in range(4)] == hands
        assert state.legal() == hands[1]


def test_a_play_state_reset_for_a_new_deal_is_that_deal_or_refused() -> None:
    """A game makes its PlayState once and resets it for each deal's play: the
    reset position is exactly the one given (ELW05 'The Play': the eldest
    hand leads), and a position that is not one is refused (False), for a
    new PlayState to name the problem."""
    state = _native.PlayState((1 << 51, 1 << 50, 1 << 49, 1 << 12), trump=4, leader=0)
    assert state.play(51) == -1
    assert state.reset((1 << 0, 1 << 1, 1 << 2, 1 << 3), 0, 2)
    assert (state.leader, state.to_play, state.trick, state.tricks) == (2, 2, (), (0, 0))
    assert [state.hand(s) for s in range(4)] == [1, 2, 4, 8]
    assert state.legal() == 4
    assert (state.play(2), state.play(3), state.play(0), state.play(1)) == (-1, -1, -1, 3)
    assert not state.reset((1, 1, 2, 4), 0, 0)  # the same card twice
    assert not state.reset((1, 2, 4, 8), 9, 0)  # no strain 9
    assert not state.reset((1, 2, 4, 8), 0, 300)  # does not fit the seat's byte
    assert not state.reset((1, 2, 4), 0, 0)  # three hands
    with pytest.raises(InvalidDealError, match="card held twice"):
        _native.PlayState((1, 1, 2, 4), 0, 0)


def test_honours_worked_out_once_for_a_pattern_are_those_of_each_deal() -> None:
    """ELW05 laws 6 and 8: honours and chicane by who holds the honours and
    who is void of trumps; the memo of honour_entries gives each deal its own."""
    from dummybridge.core.cards import Hand
    from dummybridge.engine import scoring

    rng = Rng(9)
    for _ in range(200):
        hands, _ = _native.deal_with_cut(rng, 4, 13, 0)
        for denom in BRIDGE.denominations:
            result = scoring.DealResult(
                hands=tuple(map(Hand._of, hands)),  # type: ignore[arg-type]
                denomination=denom,
                declaring_side=0,
                doubling_level=0,
                tricks=(7, 6),
            )
            remembered = scoring.honour_entries(BRIDGE.scoring, result)
            scoring._HONOURS_MEMO.clear()
            assert remembered == scoring.honour_entries(BRIDGE.scoring, result)


def _laws_session(seed: int, watch: Any = lambda game: "") -> tuple[list[str], Game]:
    """A laws-mode rubber with revokes and the laws' remarks now and then
    (law 86's corrections take cards back and rebuild the play state); each
    step's line ends with ``watch(game)`` (by default nothing)."""
    game = Game(BRIDGE, seed, laws=True)
    rnd = Rng(seed)
    steps: list[str] = []
    while not game.is_over and len(steps) < 4000:
        legal = game.legal_actions()
        options = [(a, None) for a in legal] + [(a, None) for a in game.irregular_actions()[:3]]
        for p in game.players:
            options += [(a, p) for a in game.remarks(p)[:2]]
        pick = rnd.below(len(options)) if rnd.below(6) == 0 else rnd.below(len(legal))
        action, player = options[pick]
        try:  # (a card in turn given alone: the C step may take it)
            op = game.apply(action) if player is None else game.apply(action, player=player)
        except IllegalActionError as exc:
            steps.append(f"refused {action}: {exc}")
            continue
        steps.append(f"{game.phase} {legal} {op!r} {watch(game)}")
    return steps, game


@pytest.mark.parametrize("seed", [0, 1, 4, 7])
def test_a_play_state_reset_for_each_deal_plays_as_a_new_one(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Laws 84-86 (revokes and their corrections), deal after deal: the game's
    play state, reset for each deal, gives the game a new one each deal gives."""
    reset, game = _laws_session(seed)
    assert game.is_over
    monkeypatch.setattr(_native.PlayState, "reset", lambda self, *args: False)
    fresh, _ = _laws_session(seed)
    assert reset == fresh


@pytest.mark.parametrize("seed", [0, 1, 4, 7])
def test_laws_mode_lets_the_c_step_take_a_card_no_law_binds_to_the_same_game(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Laws mode (issue 22, the replay of laws-mode records): while nothing the
    laws keep of the deal binds the next card (``conduct.quiet``), a legal card
    takes the C step, as in strict play; the rubber is then step for step, log
    and state, the one in which every card goes through the laws' Python
    ``play_card``, and the C step took some of its cards."""
    from dummybridge.engine.laws import LAWS, conduct

    taken_by_python: list[int] = []
    real = conduct.play_card

    def counted(game: Game, action: Action, recorded: Action | None = None) -> Operation:
        taken_by_python.append(action.index)
        return real(game, action, recorded)

    def laws_of_the_deal(game: Game) -> str:  # (each step: what the laws keep, hands too)
        deal = game.deal
        return repr([getattr(deal, name) for name in (*_LAWS_OF_A_DEAL, "hands", "trick_cards")])

    monkeypatch.setattr(conduct, "play_card", counted)
    lean_steps, lean_game = _laws_session(seed, laws_of_the_deal)
    some = len(taken_by_python)
    monkeypatch.setattr(type(LAWS), "lean", lambda self, game: False)
    taken_by_python.clear()
    steps, game = _laws_session(seed, laws_of_the_deal)
    assert lean_steps == steps
    assert lean_game.log == game.log
    assert json.dumps(lean_game.state_dict(), sort_keys=True) == json.dumps(
        game.state_dict(), sort_keys=True
    )
    played = sum(1 for op in game.log if op.kind == "play")
    assert len(taken_by_python) == played  # (without the lean play: every card in Python)
    assert some < played * 0.8


#: the laws' state of a deal (the Deal's fields the laws keep: laws/__init__.py)
_LAWS_OF_A_DEAL = (
    *("pending", "barred", "constraint", "called_lead", "revokes", "asked", "forfeited"),
    *("revoke_claims", "revoke_penalties", "cards_exposed", "silenced", "lead_forbidden"),
    *("early_card", "demand", "led_on", "led_on_next", "false_lead", "rest_claimed"),
    *("not_liable", "directed", "disobeyed"),
)
