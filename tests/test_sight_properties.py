"""Who may see which hand, at every step of many seeded games (issue 4, "Proof").

Each variant's rules of sight are written out again below by hand, from the
seeds and rules-reference.md (sections 3.4, 5, 6; A1, A4, A8, A19), as plain
statements over what has happened in the deal -- read from the game's public
log, never from ``Game.sees`` or the rule file. At every step of whole
rubbers played by random and rule bots, each player's observation must hold
exactly the hands that statement allows, face-up hands must be the ones it
lays down, and nobody may ever see a hand another player sits at unless it
lies face up. Refused actions raise IllegalActionError and change nothing.

The variants: every built-in one of issues 3 and 4 (bridge, dummy-bridge,
double-dummy, three-handed, dummy-bridge-eb1911, three-handed-elwell) and
seed 000's second way (tests/good_rules/dummy-bridge-way2.yaml). Auction
Bridge (issue 5, seed 002) is not covered yet.

Seats turn to the left: N, E, S, W. Seating as ``Game`` lays it: bridge, the
four players round the table; a Dummy held for the rubber, its holder South
with the Dummy North; a Dummy going round with the deal (three-handed), the
dealer South with his Dummy North, his left West, his right East; Double
Dummy, one player South and North, the other West and East.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dummybridge.bots import bot_seed, make_bot
from dummybridge.core.cards import Card, Seat
from dummybridge.engine.actions import Action
from dummybridge.engine.game import Game
from dummybridge.errors import IllegalActionError
from dummybridge.language.loader import load_rules

GOOD = Path(__file__).resolve().parent / "good_rules"
N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
LEFT = {N: E, E: S, S: W, W: N}
PARTNER = {N: S, S: N, E: W, W: E}

RULES = {
    "bridge": load_rules("bridge"),
    "dummy-bridge": load_rules("dummy-bridge"),
    "double-dummy": load_rules("double-dummy"),
    "three-handed": load_rules("three-handed"),
    "dummy-bridge-eb1911": load_rules("dummy-bridge-eb1911"),
    "three-handed-elwell": load_rules("three-handed-elwell"),
    "dummy-bridge-way2": load_rules(GOOD / "dummy-bridge-way2.yaml"),
}


# --------------------------------------------------------------------- the deal so far


@dataclass
class Deal:
    """What has happened in the current deal, read from the game's log."""

    dealer: Seat
    owner: dict[Seat, str]  # who holds each hand
    unmanned: frozenset[Seat]  # the hands nobody sits at
    declared: bool = False
    forced: bool = False  # the declaration was left to a Dummy and forced
    examiner: str | None = None
    first_lead: bool = False
    doubled_by: set[str] = field(default_factory=set)  # players who doubled
    decided_by: set[str] = field(default_factory=set)  # players who doubled or passed
    decided_seats: set[Seat] = field(default_factory=set)
    looked: dict[str, set[Seat]] = field(default_factory=dict)

    def held(self, player: str) -> set[Seat]:
        return {s for s, p in self.owner.items() if p == player}


class Reader:
    """Follows a game's log, keeping the current deal's facts up to date."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.at = 0
        self.seats: dict[Seat, str] = {}
        self.unmanned: frozenset[Seat] = frozenset()
        self.deal: Deal | None = None

    def update(self) -> Deal:
        log = self.game.log
        while self.at < len(log):
            op = log[self.at]
            self.at += 1
            kind, d = op.kind, self.deal
            if kind == "rubber_start":
                self.seats = {Seat.from_str(s): p for s, p in op.detail["seats"].items()}
                self.unmanned = frozenset(Seat.from_str(s) for s in op.detail["dummies"])
            elif kind == "deal":
                if "seats" in op.detail:  # a table laid anew for each deal
                    self.seats = {Seat.from_str(s): p for s, p in op.detail["seats"].items()}
                self.deal = Deal(op.seat, dict(self.seats), self.unmanned)
            elif d is None:
                continue
            elif kind == "declare":
                d.declared = True
            elif kind == "forced":
                d.declared = d.forced = True
            elif kind == "examine":
                d.examiner = op.player
            elif kind in ("double", "redouble", "pass"):
                d.decided_by.add(op.player)
                d.decided_seats.add(op.seat)
                if kind != "pass":
                    d.doubled_by.add(op.player)
            elif kind == "look":
                d.looked.setdefault(op.player, set()).add(op.seat)
            elif kind == "play":
                d.first_lead = True
        assert self.deal is not None
        return self.deal


# --------------------------------------------------------------------- the rules, by hand


def _dummy_of_declaring_side(d: Deal) -> Seat:
    """The declaring side's hand that its declarer does not sit at: with the
    Dummy-player's side dealing, his Dummy; else the dealer's partner."""
    if d.unmanned and d.dealer in (N, S):
        return N
    return PARTNER[d.dealer]


def bridge(d: Deal, player: str, phase: str) -> tuple[set[Seat], set[Seat]]:
    """ELW05: each player takes up his own hand when it is dealt; as soon as the
    first card is led the dealer's partner lays his cards face up."""
    face_up = {PARTNER[d.dealer]} if d.first_lead else set()
    return d.held(player) | face_up, face_up


def dummy_bridge(
    d: Deal, player: str, phase: str, way2: bool = False
) -> tuple[set[Seat], set[Seat]]:
    """Seed 000, Dummy Bridge. The two adversaries see their own hands. The
    Dummy-player, on his side's deal, sees his own hand; if he leaves it to
    Dummy he sees Dummy's instead, and his own again only once he has decided
    whether to redouble (or the play begins). When an opponent deals he sees
    the hand that leads, and his other hand only when he has doubled or the
    first card is led. At the first lead the declaring side's Dummy is laid
    down (way 1); way 2 lays down the Dummy too."""
    face_up: set[Seat] = set()
    if d.first_lead:
        face_up = {_dummy_of_declaring_side(d)} | ({N} if way2 else set())
    mine = d.held(player)
    if len(mine) == 1:
        return mine | face_up, face_up
    if d.dealer in mine:
        if d.examiner is None:
            sees = {S}
        else:
            sees = {N}
            if phase == "play" or player in d.decided_by:
                sees.add(S)
    else:
        sees = {LEFT[d.dealer]}
        if d.first_lead or player in d.doubled_by:
            sees |= mine
    return sees | face_up, face_up


def dummy_bridge_way2(d: Deal, player: str, phase: str) -> tuple[set[Seat], set[Seat]]:
    """Seed 000, way 2: "both the Dummy's hand and the dealer's partner's hand
    are exposed"."""
    return dummy_bridge(d, player, phase, way2=True)


def dummy_bridge_eb1911(d: Deal, player: str, phase: str) -> tuple[set[Seat], set[Seat]]:
    """EB1911, Dummy Bridge (seed 004). The Dummy-player, on his side's deal,
    sees his own hand only (an adversary examines Dummy); the adversaries see
    no hand before the declaration (the text holds back only one of them; the
    other has nothing to decide before it). Declared from the hand, each
    adversary sees his own. Left to Dummy, the adversary on the dealing hand's
    right sees Dummy's hand and his own only after his partner's lead; the
    one on its left, the leader, sees his own. When an opponent deals, both
    opponents see their hands and the Dummy-player as in seed 000. At the
    first lead the declaring side's Dummy is laid down."""
    face_up = {_dummy_of_declaring_side(d)} if d.first_lead else set()
    mine = d.held(player)
    if len(mine) == 2:
        if d.dealer in mine:
            return {S} | face_up, face_up
        sees = {LEFT[d.dealer]}
        if d.first_lead or player in d.doubled_by:
            sees |= mine
        return sees | face_up, face_up
    if d.dealer not in (N, S):
        return mine | face_up, face_up
    if not d.declared:
        return face_up, face_up
    if not d.forced or mine == {LEFT[d.dealer]}:
        return mine | face_up, face_up
    return {N} | (mine if d.first_lead else set()) | face_up, face_up


def three_handed_elwell(d: Deal, player: str, phase: str) -> tuple[set[Seat], set[Seat]]:
    """ELW05, Bridge for Three Players (rules-reference 6.4). The two single
    players see their hands. The Dummy-player, on his side's deal, sees his
    own hand, and Dummy's too once he has left it the declaration and looked
    at it; when an opponent deals he sees the hand that leads and his other
    only after the first lead. At the lead the declaring side's Dummy is laid
    down."""
    face_up = {_dummy_of_declaring_side(d)} if d.first_lead else set()
    mine = d.held(player)
    if len(mine) == 1:
        return mine | face_up, face_up
    if d.dealer in mine:
        return {S} | ({N} if d.examiner == player else set()) | face_up, face_up
    return {LEFT[d.dealer]} | (mine if d.first_lead else set()) | face_up, face_up


def double_dummy(d: Deal, player: str, phase: str) -> tuple[set[Seat], set[Seat]]:
    """Seed 000, Double Dummy. The dealer sees his own hand; if he passes the
    call to Dummy he sees Dummy's, and his own again once he has decided
    whether to redouble (or the play begins). The other sees, before the first
    card is led, only the one hand he chose to look at (if any). At the first
    lead both Dummies are laid down (A19) and each sees both his hands."""
    face_up = {N, E} if d.first_lead else set()
    mine = d.held(player)
    if d.owner[d.dealer] == player:
        if d.examiner is None:
            sees = {d.dealer}
        else:
            sees = {PARTNER[d.dealer]}
            if phase == "play" or player in d.decided_by:
                sees.add(d.dealer)
    else:
        sees = set(d.looked.get(player, set()))
        assert len(sees) <= 1, "looked at more than one hand before the first lead"
        if d.first_lead:
            sees = mine
    return sees | face_up, face_up


def three_handed(d: Deal, player: str, phase: str) -> tuple[set[Seat], set[Seat]]:
    """EB1911 (seed 004), Three-handed. The dealer sees his own hand, never his
    Dummy's before the lead. Before the declaration the adversaries see
    nothing; after a declaration from the dealer's hand each sees his own. Left
    to Dummy: the right-hand adversary sees Dummy's hand and his own; the
    left-hand one his own once he has looked, made his doubling decision, or
    the first card is led. Dummy is laid down at the first lead."""
    assert d.dealer == S
    face_up = {N} if d.first_lead else set()
    if d.owner[S] == player:
        return {S} | face_up, face_up
    if not d.declared:
        return face_up, face_up
    if not d.forced:
        return d.held(player) | face_up, face_up
    if d.owner[E] == player:
        return {E, N} | face_up, face_up
    if d.first_lead or W in d.decided_seats or d.looked.get(player):
        return {W} | face_up, face_up
    return face_up, face_up


STATEMENTS: dict[str, Callable[[Deal, str, str], tuple[set[Seat], set[Seat]]]] = {
    "bridge": bridge,
    "dummy-bridge": dummy_bridge,
    "double-dummy": double_dummy,
    "three-handed": three_handed,
    "dummy-bridge-eb1911": dummy_bridge_eb1911,
    "three-handed-elwell": three_handed_elwell,
    "dummy-bridge-way2": dummy_bridge_way2,
}


def letters(seats) -> str:
    return "".join(s.letter for s in (N, E, S, W) if s in seats)


def check_views(variant: str, game: Game, reader: Reader) -> None:
    """Every player's view now, against the hand-written statement."""
    d = reader.update()
    for player in game.players:
        allowed, face_up = STATEMENTS[variant](d, player, game.phase)
        view = set(game.observation(player).hands)
        assert letters(view) == letters(allowed), (variant, game.deal_number, game.phase, player)
        assert letters(game.exposed) == letters(face_up)
        mine = d.held(player)
        for seat in view:
            # Nobody sees a hand another player sits at unless it lies face up;
            # a Dummy's hand he may see by holding it, or by examining it.
            assert (
                seat in mine
                or seat in game.exposed
                or (seat in d.unmanned and player == d.examiner)
            ), (player, seat)
        if d.first_lead:
            assert set(game.exposed) <= view, "face-up hands are seen by all"
        if variant == "three-handed" and d.owner[S] == player and not d.first_lead:
            assert N not in view, "the dealer never sees his Dummy before the lead"


def play_checked(variant: str, bot: str, seed: int) -> Game:
    rules = RULES[variant]
    game = Game(rules, seed)
    reader = Reader(game)
    bots = {p: make_bot(bot, bot_seed(seed, p), rules) for p in game.players}
    while not game.is_over:
        check_views(variant, game, reader)
        player = game.actor
        assert player is not None
        game.apply(bots[player].choose(game.observation(player)))
    return game


@pytest.mark.parametrize("bot", ["random", "rule"])
@pytest.mark.parametrize("variant", list(RULES))
@settings(max_examples=15)
@given(seed=st.integers(min_value=0, max_value=2**64 - 1))
def test_each_player_sees_exactly_what_the_rules_let_him_see(
    variant: str, bot: str, seed: int
) -> None:
    """At every step of a whole rubber, each observation holds exactly the hands
    the variant's rules (stated by hand above) let that player see now."""
    game = play_checked(variant, bot, seed)
    assert game.is_over
    assert game.sheet.is_over


# --------------------------------------------------------------------- refused actions

UNIVERSE = (
    *(Action.play(Card(i)) for i in range(52)),
    *(Action.look(s) for s in "NESW"),
    *(
        Action.declare(n)
        for n in ("spades", "clubs", "diamonds", "hearts", "no_trumps", "royal_spades")
    ),
    Action.double(),
    Action.redouble(),
    Action.pass_(),
    Action.leave(),
    Action.play_blind(),
)


def snapshot(game: Game) -> tuple[str, tuple]:
    return json.dumps(game.state_dict(), sort_keys=True), game.legal_actions()


def assert_all_others_refused(game: Game) -> int:
    """Every action not in the legal list raises and leaves the game as it was."""
    before = snapshot(game)
    legal = set(before[1])
    tried = 0
    for action in UNIVERSE:
        if action in legal:
            continue
        with pytest.raises(IllegalActionError):
            game.apply(action)
        tried += 1
    assert snapshot(game) == before
    return tried


@pytest.mark.parametrize("variant", list(RULES))
@settings(max_examples=6)
@given(seed=st.integers(min_value=0, max_value=2**64 - 1), every=st.integers(3, 17))
def test_refused_actions_raise_and_change_nothing(variant: str, seed: int, every: int) -> None:
    """Through a whole rubber of random play, at every ``every``-th step: each
    action that is not legal now is refused with IllegalActionError, and the
    state (log, hands, score, PRNG) and the legal actions stay as they were."""
    rules = RULES[variant]
    game = Game(rules, seed)
    bot = make_bot("random", bot_seed(seed, "all"), rules)
    step = 0
    while not game.is_over:
        if step % every == 0:
            assert_all_others_refused(game)
        game.apply(bot.choose_in(game))
        step += 1


@settings(max_examples=15)
@given(
    seed=st.integers(min_value=0, max_value=2**64 - 1),
    first=st.sampled_from("WE"),
    leave=st.booleans(),
)
def test_double_dummy_a_second_look_is_refused_and_changes_nothing(
    seed: int, first: str, leave: bool
) -> None:
    """Seed 000, Double Dummy: "Neither player may look at more than one of his two
    hands before the first card is led". Having looked at one, a look at his
    other hand (or at any other) is refused and changes nothing."""
    game = Game(RULES["double-dummy"], seed)
    west = game.seat_player[W]
    if leave:
        game.leave()
    else:
        game.declare("hearts")
    game.look(first)
    other = "E" if first == "W" else "W"
    for seat in (other, "N", "S"):
        before = snapshot(game)
        with pytest.raises(IllegalActionError) as info:
            game.look(seat)
        assert str(info.value) == (
            f"look {seat} refused: the rules do not let {west} look at that hand now"
        )
        assert snapshot(game) == before
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match="already sees that hand"):
        game.look(first)
    assert snapshot(game) == before


@settings(max_examples=15)
@given(seed=st.integers(min_value=0, max_value=2**64 - 1))
def test_double_dummy_a_card_from_an_unseen_hand_is_refused_and_changes_nothing(seed: int) -> None:
    """Seed 000, Double Dummy: West, having looked at East, may not see West when
    it must lead: naming any card is refused (only a blind play is open), and
    nothing changes."""
    game = Game(RULES["double-dummy"], seed)
    game.declare("spades")
    game.look("E")
    game.pass_()
    assert game.to_act == W
    assert [str(a) for a in game.legal_actions()] == ["play blind"]
    before = snapshot(game)
    for i in range(52):
        with pytest.raises(IllegalActionError):
            game.play(Card(i))
    assert snapshot(game) == before


@settings(max_examples=15)
@given(seed=st.integers(min_value=0, max_value=2**64 - 1))
def test_three_handed_a_double_after_looking_is_refused_and_changes_nothing(seed: int) -> None:
    """Seed 004: "On the dummy's declaration the third player can only double
    before seeing his own cards." West, having looked at his hand, may not
    double: refused with the reason, nothing changed; passing is still open."""
    game = Game(RULES["three-handed"], seed)
    left = game.seat_player[W]
    game.leave()
    game.look("W")
    before = snapshot(game)
    with pytest.raises(IllegalActionError) as info:
        game.double()
    assert str(info.value) == f"double refused: {left} may double only before seeing his own cards"
    assert snapshot(game) == before
    game.pass_()


@settings(max_examples=15)
@given(seed=st.integers(min_value=0, max_value=2**64 - 1))
def test_eb1911_dummy_bridge_a_redouble_left_to_dummy_is_refused(seed: int) -> None:
    """Seed 004 (Dummy Bridge): "The dealer can only redouble on his own hand."
    Left to Dummy and doubled, a redouble is refused and changes nothing."""
    game = Game(RULES["dummy-bridge-eb1911"], seed)
    game.leave()
    game.double()
    before = snapshot(game)
    with pytest.raises(IllegalActionError) as info:
        game.redouble()
    assert str(info.value) == (
        "redouble refused: the declaring side may not redouble a declaration left to Dummy"
    )
    assert snapshot(game) == before
