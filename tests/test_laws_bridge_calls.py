"""Laws mode: Bridge's declaration and doubling out of turn (ELW05, the
American club code: "Making the trump" and "Doubling, re-doubling";
rules-reference.md §3.2 and §3.3).

Seed 1 seats B South (the dealer), C North, A West (the eldest hand), D East
(the dealer's right-hand adversary).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_laws_exposed import pbn_round_trip

from dummybridge.core.cards import Seat
from dummybridge.engine.game import Game
from dummybridge.errors import IllegalActionError, RuleFileError
from dummybridge.language.loader import load_rules
from dummybridge.language.ruleset import RuleSet
from support import with_changes

BRIDGE = load_rules("bridge")
DECLARATIONS = [
    "declare spades",
    "declare clubs",
    "declare diamonds",
    "declare hearts",
    "declare no_trumps",
]


def _game(laws: bool = True, rules: RuleSet = BRIDGE) -> Game:
    game = Game(rules, 1, laws=laws)
    assert (game.dealer, game.actor) == (Seat.SOUTH, "B")
    return game


def _texts(actions: object) -> list[str]:
    return [str(a) for a in actions]  # type: ignore[attr-defined]


def test_elw05_partner_makes_the_trump_the_eldest_hand_lets_it_stand() -> None:
    """ELW05 "Making the trump": "Should the dealer's partner make the trump
    without receiving permission from the dealer, the eldest hand may demand,
    1st. That the trump shall stand, or 2d. That there shall be a new deal.\""""
    game = _game()
    assert _texts(game.out_of_turn_actions("C")) == DECLARATIONS  # no "leave it" for him
    game.apply("declare hearts", player="C")
    assert game.phase == "penalty"
    assert game.to_act == Seat.WEST  # the eldest hand decides
    assert _texts(game.legal_actions()) == ["accept call", "demand new deal"]
    assert [op.kind for op in game.log[-1:]] == ["out_of_turn"]
    assert game.log[-1].detail["turn"] == "S"
    game.apply("accept call")
    assert (game.phase, game.to_act) == ("double", Seat.WEST)
    assert game.denomination is not None
    assert game.denomination.name == "hearts"
    assert (game.maker, game.declarer, game.declared_from) == (Seat.NORTH, Seat.SOUTH, "partner")


def test_elw05_partner_makes_the_trump_the_eldest_hand_claims_a_new_deal() -> None:
    """ELW05: "2d. That there shall be a new deal" (by the same dealer)."""
    game = _game()
    game.apply("declare no_trumps", player="C")
    game.apply("demand new deal")
    assert (game.deal_number, game.dealer, game.phase, game.to_act) == (
        2,
        Seat.SOUTH,
        "declare",
        Seat.SOUTH,
    )
    assert game.denomination is None


def test_elw05_partner_may_not_make_the_trump_out_of_turn_once_it_is_left_to_him() -> None:
    """Once the dealer has passed it, the partner must declare: in turn."""
    game = _game()
    game.apply("leave it")
    assert game.to_act == Seat.NORTH
    assert game.out_of_turn_actions("C") == ()
    assert game.out_of_turn_actions("B") == ()  # the dealer's turn is over
    # the adversaries may still declare out of turn
    assert _texts(game.out_of_turn_actions("A")) == [*DECLARATIONS, "leave it"]


def test_elw05_an_adversary_declares_the_dealer_proceeds_as_if_none() -> None:
    """ELW05: "If either of the dealer's adversaries make or pass the
    declaration, the dealer may, after looking at his hand, either claim a new
    deal or proceed as if no declaration had been made.\""""
    game = _game()
    game.apply("declare spades", player="D")
    assert (game.phase, game.to_act) == ("penalty", Seat.SOUTH)  # the dealer decides
    assert _texts(game.legal_actions()) == ["demand new deal", "cancel call"]
    with pytest.raises(
        IllegalActionError,
        match=r"accept call refused: south \(B\) may now only demand new deal, cancel call",
    ):
        game.apply("accept call")
    game.apply("cancel call")
    assert (game.phase, game.to_act, game.deal_number) == ("declare", Seat.SOUTH, 1)
    assert game.denomination is None
    game.apply("declare clubs")
    assert (game.maker, game.declared_from) == (Seat.SOUTH, "own_hand")


def test_elw05_an_adversary_passes_the_declaration_the_dealer_claims_a_new_deal() -> None:
    """ELW05: an adversary who "pass[es] the declaration": a new deal, claimed."""
    game = _game()
    game.apply("leave it", player="A")
    assert game.log[-1].kind == "out_of_turn"
    game.apply("demand new deal")
    assert (game.deal_number, game.phase, game.to_act) == (2, "declare", Seat.SOUTH)


def test_elw05_double_before_may_i_lead_stands_and_redoubling_goes_on() -> None:
    """ELW05 "Doubling, re-doubling": "Should the right-hand adversary of the
    dealer double before his partner has asked 'May I lead?' the maker of the
    trump shall have the right to say whether or not the double shall stand.
    If he decide that the double shall stand, the process of re-doubling may
    continue.\""""
    game = _game()
    game.apply("declare hearts")  # South makes the trump; West (A) speaks first
    # (and his cards, led before the doubling is done: test_laws_exposed)
    assert _texts(game.out_of_turn_actions("D"))[0] == "double"
    assert {a.kind for a in game.out_of_turn_actions("D")} == {"double", "play"}
    assert game.out_of_turn_actions("C") == ()  # the declaring side: not this law
    game.apply("double", player="D")
    assert (game.phase, game.to_act) == ("penalty", Seat.SOUTH)  # the maker decides
    assert _texts(game.legal_actions()) == ["accept call", "end doubling"]
    game.apply("accept call")
    assert (game.phase, game.to_act, game.doubling_level) == ("double", Seat.SOUTH, 1)
    assert _texts(game.legal_actions()) == ["pass", "redouble"]  # issue 21
    game.apply("redouble")  # South redoubles
    assert (game.to_act, game.doubling_level) == (Seat.EAST, 2)  # the original doubler
    assert [str(op.action) for op in game.log[-3:] if op.action] == [
        "double",
        "accept call",
        "redouble",
    ]


def test_elw05_law_55_a_double_out_of_turn_not_accepted_ends_the_doubling() -> None:
    """ELW05 law 55: "If any double or re-double out of turn be not accepted
    there shall be no further doubling in that hand" (bridge.yaml's
    double_before_asked: [accept, end_doubling], ELW05 law 59's double before
    "May I lead?"). North, the maker, says it shall not stand ("end
    doubling"): the double is void, and both adversaries may only pass; the
    play begins with the eldest hand's lead, undoubled."""
    game = _game()
    game.apply("leave it")
    game.apply("declare spades")
    game.apply("double", player="D")
    assert (game.phase, game.to_act) == ("penalty", Seat.NORTH)
    assert _texts(game.legal_actions()) == ["accept call", "end doubling"]
    game.apply("end doubling")
    assert game.log[-1].kind == "end_doubling"
    assert (game.phase, game.to_act, game.doubling_level) == ("double", Seat.WEST, 0)
    _no_further_doubling(game, "double", Seat.EAST)


def _no_further_doubling(game: Game, refused: str, second: Seat) -> None:
    """After ELW05 law 55's "end doubling": the hand to act may only pass, his
    ``refused`` call is refused citing the law, ``second`` may only pass, the
    play begins at the level reached, and the deal played out round-trips
    through PBN with the decision (its OtherActions)."""
    level = game.doubling_level
    assert _texts(game.legal_actions()) == ["pass"]
    with pytest.raises(
        IllegalActionError,
        match=rf"^{refused} refused: no further doubling in this hand: a double or "
        r"re-double out of turn was not accepted \(ELW05 law 55\)$",
    ):
        game.apply(refused)
    game.apply("pass")
    assert (game.to_act, _texts(game.legal_actions())) == (second, ["pass"])
    game.apply("pass")
    assert (game.phase, game.to_act, game.doubling_level) == ("play", Seat.WEST, level)
    while game.deal_number == 1:  # the deal played out: the PBN round trip keeps it
        game.apply(game.legal_actions()[0])
    assert '\\"end doubling\\"' in pbn_round_trip(game)


def test_elw05_double_before_may_i_lead_the_maker_says_it_shall_not_stand() -> None:
    """ELW05 law 59 with the option ``cancel`` (a house rule: the doubling goes
    on): the maker of the trump says the double shall not stand: it is void,
    and the eldest hand speaks as if it had not been made."""
    game = _game(
        rules=with_changes(BRIDGE, laws__out_of_turn__double_before_asked=["accept", "cancel"])
    )
    game.apply("leave it")
    game.apply("declare spades")  # North makes the trump: he decides
    game.apply("double", player="D")
    assert game.to_act == Seat.NORTH
    game.apply("cancel call")
    assert (game.phase, game.to_act, game.doubling_level) == ("double", Seat.WEST, 0)
    # "May I lead?" asked: from now on the third hand's double is in turn
    game.apply("pass")
    assert game.out_of_turn_actions("D") == ()
    assert game.to_act == Seat.EAST


def test_elw05_the_eldest_hands_own_double_is_not_out_of_turn_after_a_double() -> None:
    """Only a double before the eldest hand has spoken is regulated so."""
    game = _game()
    game.apply("declare hearts")
    game.apply("double")  # West doubles in turn
    assert not any(a.kind == "double" for a in game.out_of_turn_actions("D"))
    assert game.to_act == Seat.SOUTH


def test_strict_play_refuses_a_declaration_out_of_turn() -> None:
    game = _game(laws=False)
    assert game.out_of_turn_actions("C") == ()
    with pytest.raises(
        IllegalActionError,
        match=r"declare hearts refused: it is B's turn; C may not call out of turn "
        r"here \(strict play\)",
    ):
        game.apply("declare hearts", player="C")
    assert (game.phase, len(game.log)) == ("declare", len(_game(laws=False).log))


def test_a_bridge_call_out_of_turn_replays_from_its_record() -> None:
    game = _game()
    game.apply("declare hearts", player="C")
    game.apply("accept call")
    game.apply("double", player="D")
    game.apply("accept call")
    game.apply("pass")
    record = json.loads(json.dumps(game.to_record()))
    assert record["actions"][0] == {"player": "C", "action": "declare hearts"}
    assert Game.from_record(record).state_dict() == game.state_dict()


def test_the_auction_has_no_bridge_calls_out_of_turn() -> None:
    """Auction Bridge regulates its calls out of turn by laws 49 and 57 alone."""
    assert set(load_rules("auction-bridge").laws.out_of_turn) == {"bid", "double"}


def _refused_house_rule(tmp_path: Path, base: str, setting: str) -> str:
    """The loader's message for a house rule extending ``base`` with one
    ``laws.out_of_turn`` setting."""
    path = tmp_path / "house.yaml"
    path.write_text(
        f"dummybridge: 1\nextends: {base}\nname: house\nlaws:\n  out_of_turn:\n    {setting}\n",
        encoding="utf-8",
    )
    with pytest.raises(RuleFileError) as caught:
        load_rules(str(path))
    return str(caught.value)


def test_bridge_calls_out_of_turn_in_an_auction_have_no_effect(tmp_path: Path) -> None:
    message = _refused_house_rule(tmp_path, "auction-bridge", "declaration_by_partner: [accept]")
    assert (
        "$.laws.out_of_turn.declaration_by_partner: has no effect here: the dealer's "
        "partner never makes Bridge's trump out of turn (ELW05): the declaration is an "
        "auction, or the dealer's partner is always his Dummy"
    ) in message


def _house_game(tmp_path: Path, settings: str) -> Game:
    """A laws-mode game (seed 1) of a house rule of Bridge with these
    ``laws.out_of_turn`` settings."""
    path = tmp_path / "house.yaml"
    path.write_text(
        f"dummybridge: 1\nextends: bridge\nname: house\nlaws:\n  out_of_turn:\n    {settings}\n",
        encoding="utf-8",
    )
    return Game(load_rules(str(path)), 1, laws=True)


def test_a_house_rule_changes_what_may_be_done(tmp_path: Path) -> None:
    """The options are rule data: a house rule that only ignores an adversary's
    declaration, and lets no double before "May I lead?" stand."""
    game = _house_game(
        tmp_path, "declaration_by_adversary: [cancel]\n    double_before_asked: [cancel]"
    )
    game.apply("declare hearts", player="A")
    assert _texts(game.legal_actions()) == ["cancel call"]
    game.apply("cancel call")
    game.apply("declare hearts")
    game.apply("double", player="D")
    assert _texts(game.legal_actions()) == ["cancel call"]


# ELW05 "Making the trump": "Should the dealer's partner pass the declaration
# to the dealer, it shall be the right of the eldest hand to claim a new deal
# or to compel the offending player to declare the trump; provided, that no
# declaration as to doubling has been made."


def test_elw05_partner_passes_the_declaration_back_the_eldest_hand_compels_him() -> None:
    """ELW05: the eldest hand may "compel the offending player to declare the
    trump": North, to whom South left it, says "leave it" in his turn; West
    compels him; he declares, from his own hand, and the doubling opens."""
    game = _game()
    game.apply("leave it")
    assert (game.to_act, game.actor) == (Seat.NORTH, "C")
    assert "leave it" not in _texts(game.legal_actions())  # he must declare
    assert _texts(game.irregular_actions()) == ["leave it"]  # laws mode: he may pass it back
    # (named as the player to act, as the terminal and the sampler name him, he
    # acts in turn: issue 20, it was refused so)
    game.apply("leave it", player="C")
    assert [(op.kind, op.seat, op.player) for op in game.log[-1:]] == [
        ("passed_back", Seat.NORTH, "C")
    ]
    assert (game.phase, game.to_act, game.actor) == ("penalty", Seat.WEST, "A")
    assert _texts(game.legal_actions()) == ["demand new deal", "compel declaration"]
    game.apply("compel declaration")
    assert (game.phase, game.to_act) == ("declare", Seat.NORTH)
    assert _texts(game.legal_actions()) == DECLARATIONS
    assert game.irregular_actions() == ()  # compelled: no second pass back
    game.apply("declare no_trumps")
    assert (game.maker, game.declarer, game.declared_from) == (Seat.NORTH, Seat.SOUTH, "partner")
    assert (game.phase, game.to_act, game.doubling_level) == ("double", Seat.WEST, 0)
    assert game.to_record()["actions"] == [
        "leave it",
        "leave it",
        "compel declaration",
        "declare no_trumps",
    ]


def test_elw05_partner_passes_the_declaration_back_the_eldest_hand_claims_a_new_deal() -> None:
    """ELW05: "it shall be the right of the eldest hand to claim a new deal":
    the same dealer deals again (ELW05 laws 32-37: the deal is an advantage),
    and the score is as before."""
    game = _game()
    hands = game.state_dict()["original"]
    game.apply("leave it")
    game.apply("leave it")
    game.apply("demand new deal")
    assert (game.deal_number, game.dealer, game.phase, game.to_act) == (
        2,
        Seat.SOUTH,
        "declare",
        Seat.SOUTH,
    )
    assert game.state_dict()["original"] != hands
    assert game.denomination is None
    assert game.sheets[0].to_data() == _game().sheets[0].to_data()  # nothing scored


def test_elw05_the_pass_back_is_refused_in_strict_play_and_by_the_dealer() -> None:
    """Strict play: "If the declaration be passed to partner, he must make the
    trump" (ELW05), so his "leave it" is refused, nothing changed; and in
    laws mode only the partner it was left to can pass it back (the dealer's
    own "leave it" is the law's pass, not an irregularity)."""
    game = _game(laws=False)
    game.apply("leave it")
    before = game.state_dict()
    with pytest.raises(IllegalActionError) as info:
        game.apply("leave it")
    assert (
        str(info.value)
        == "leave it refused: the declaration was left to north (C), who must declare"
    )
    assert game.state_dict() == before
    assert game.irregular_actions() == ()
    laws = _game()
    assert laws.irregular_actions() == ()  # the dealer may leave it: nothing irregular
    laws.apply("leave it")
    laws.apply("leave it")
    laws.apply("compel declaration")
    before = laws.state_dict()
    with pytest.raises(IllegalActionError) as info:
        laws.apply("leave it")  # compelled, he may not pass it back again
    assert str(info.value) == (
        "leave it refused: the declaration was left to north (C), who must declare"
    )
    assert laws.state_dict() == before


def test_elw05_a_declaration_passed_back_replays_from_its_record() -> None:
    game = _game()
    for action in ("leave it", "leave it", "compel declaration", "declare hearts", "pass"):
        game.apply(action)
    record = json.loads(json.dumps(game.to_record()))
    assert Game.from_record(record).state_dict() == game.state_dict()


def test_a_house_rule_may_only_let_the_eldest_hand_compel(tmp_path: Path) -> None:
    """The options are rule data (``laws.out_of_turn.declaration_passed_back``)."""
    game = _house_game(tmp_path, "declaration_passed_back: [compel]")
    game.apply("leave it")
    game.apply("leave it")
    assert _texts(game.legal_actions()) == ["compel declaration"]
    game = _house_game(tmp_path, "declaration_passed_back: null")
    game.apply("leave it")
    assert game.irregular_actions() == ()  # not regulated: refused as in strict play
    with pytest.raises(IllegalActionError):
        game.apply("leave it")


def test_a_pass_back_in_an_auction_or_to_a_dummy_has_no_effect(tmp_path: Path) -> None:
    for base in ("auction-bridge", "three-handed"):
        message = _refused_house_rule(tmp_path, base, "declaration_passed_back: [new_deal]")
        assert (
            "$.laws.out_of_turn.declaration_passed_back: has no effect here: the dealer's "
            "partner never passes Bridge's declaration back (ELW05): the declaration is an "
            "auction, it is never left to the partner, or the dealer's partner is always his "
            "Dummy"
        ) in message


# ELW05 law 55: "Should any player re-double out of turn, the adversary who
# last doubled shall decide whether or not such double shall stand. If it is
# decided that the re-double shall stand, the process of re-doubling may
# continue as described in this and foregoing laws (52 and 53). If any double
# or re-double out of turn be not accepted there shall be no further doubling
# in that hand." (bridge.yaml: redouble_out_of_turn: [accept, end_doubling])


def _redoubled_out_of_turn() -> Game:
    """South makes hearts, West doubles; North redoubles before South, the
    maker, who has the first right (ELW05 law 52), has spoken."""
    game = _game()
    game.apply("declare hearts")
    game.apply("double")
    assert (game.to_act, _texts(game.legal_actions())) == (Seat.SOUTH, ["pass", "redouble"])
    assert _texts(game.out_of_turn_actions("C")) == ["redouble"]
    # (East's side doubled: not its turn; his cards, ELW07's lead, only)
    assert {a.kind for a in game.out_of_turn_actions("D")} == {"play"}
    game.apply("redouble", player="C")
    return game


def test_elw05_law_55_a_redouble_out_of_turn_the_adversary_who_last_doubled_lets_it_stand() -> None:
    """ELW05 law 55: West, "the adversary who last doubled", decides; "If it
    is decided that the re-double shall stand, the process of re-doubling may
    continue" (law 53: "The original doubler has the first right")."""
    game = _redoubled_out_of_turn()
    assert [(op.kind, op.seat, op.player, str(op.action)) for op in game.log[-1:]] == [
        ("out_of_turn", Seat.NORTH, "C", "redouble")
    ]
    assert game.log[-1].detail["turn"] == "S"
    assert (game.phase, game.to_act) == ("penalty", Seat.WEST)
    assert _texts(game.legal_actions()) == ["accept call", "end doubling"]
    game.apply("accept call")
    assert (game.phase, game.to_act, game.doubling_level) == ("double", Seat.WEST, 2)
    assert _texts(game.legal_actions()) == ["pass", "double"]
    # the adversaries' doubling again, out of turn: East before West, the
    # original doubler; North, who last re-doubled, decides
    assert _texts(game.out_of_turn_actions("D"))[0] == "double"  # (then his cards)
    game.apply("double", player="D")
    assert (game.phase, game.to_act) == ("penalty", Seat.NORTH)
    game.apply("accept call")
    assert (game.phase, game.to_act, game.doubling_level) == ("double", Seat.NORTH, 3)


def test_elw05_law_55_the_adversary_who_last_doubled_is_the_third_hand_when_he_doubled() -> None:
    """The decider is the adversary who last doubled, whichever he is: East
    doubles after West's "May I lead?"; North redoubles out of turn."""
    game = _game()
    game.apply("declare hearts")
    game.apply("pass")
    game.apply("double")  # East
    game.apply("redouble", player="C")
    assert (game.phase, game.to_act) == ("penalty", Seat.EAST)


def test_elw05_law_55_a_redouble_out_of_turn_not_accepted_ends_the_doubling() -> None:
    """ELW05 law 55: "If any double or re-double out of turn be not accepted
    there shall be no further doubling in that hand": the redouble is void,
    the double stands, and every hand may only pass."""
    game = _redoubled_out_of_turn()
    game.apply("end doubling")
    assert game.log[-1].kind == "end_doubling"
    assert (game.phase, game.to_act, game.doubling_level) == ("double", Seat.SOUTH, 1)
    assert game.out_of_turn_actions("C") == ()
    _no_further_doubling(game, "redouble", Seat.NORTH)


def test_elw05_law_55_only_before_the_partner_with_the_first_right_has_spoken() -> None:
    """Once the maker has said "Satisfied" his partner redoubles in turn, and
    the maker may not redouble after him; in strict play none is offered."""
    game = _game()
    game.apply("declare hearts")
    game.apply("double")
    game.apply("pass")  # South: satisfied
    assert game.to_act == Seat.NORTH
    assert game.out_of_turn_actions("B") == ()
    strict = _game(laws=False)
    strict.apply("declare hearts")
    strict.apply("double")
    assert strict.out_of_turn_actions("C") == ()
    with pytest.raises(IllegalActionError, match=r"C may not call out of turn here \(strict"):
        strict.apply("redouble", player="C")


def test_elw05_law_55_a_redouble_out_of_turn_replays_from_its_record() -> None:
    game = _redoubled_out_of_turn()
    game.apply("accept call")
    game.apply("pass")
    record = json.loads(json.dumps(game.to_record()))
    assert record["actions"][2] == {"player": "C", "action": "redouble"}
    assert Game.from_record(record).state_dict() == game.state_dict()


def test_a_house_rule_may_only_let_a_redouble_out_of_turn_stand(tmp_path: Path) -> None:
    """The options are rule data: a house rule with ``[accept]`` alone."""
    game = _house_game(tmp_path, "redouble_out_of_turn: [accept]")
    game.apply("declare hearts")
    game.apply("double")
    game.apply("redouble", player="C")
    assert _texts(game.legal_actions()) == ["accept call"]


def test_a_redouble_out_of_turn_in_an_auction_has_no_effect(tmp_path: Path) -> None:
    message = _refused_house_rule(tmp_path, "auction-bridge", "redouble_out_of_turn: [accept]")
    assert "$.laws.out_of_turn.redouble_out_of_turn: has no effect here" in message
