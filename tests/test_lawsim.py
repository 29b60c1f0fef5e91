"""`dummybridge simulate --laws [--irregularities RATE]` (issue 20): rubbers in
laws mode, and how often each irregularity happened and what it cost."""

from __future__ import annotations

import json
from typing import Any

import pytest

from dummybridge.apps import lawsim
from dummybridge.apps.cli import main
from dummybridge.apps.lawsim import Irregularity, irregularities, play_laws_rubber
from dummybridge.apps.simulate import rubber_seed
from dummybridge.core.cards import Hand
from dummybridge.engine.game import Game
from dummybridge.language.loader import load_rules

BRIDGE = load_rules("bridge")
# North every spade, East every diamond, South the hearts but the two and the
# two of clubs, West the other clubs and the two of hearts (tests/test_laws.py).
DEAL = (
    Hand.from_pbn("AKQJT98765432..."),
    Hand.from_pbn("..AKQJT98765432."),
    Hand.from_pbn(".AKQJT9876543..2"),
    Hand.from_pbn(".2..AKQJT9876543"),
)


def test_an_irregularity_its_penalty_and_what_the_deal_cost_the_offenders() -> None:
    """East declares out of turn (ELW05: the dealer may "proceed as if no
    declaration had been made"); South then declares hearts and North-South
    take twelve tricks: 6 odd at hearts 48, South's five honours 80, North's
    chicane 16 less East's 16, the little slam 20 (rules-reference 2.3, the
    conformance case bridge-laws-revoke-three-tricks-to-the-adversaries):
    148 to North-South, so the offending side's net is -148. A new deal
    demanded after the partner's declaration costs nothing: the deal is void."""
    game = Game(BRIDGE, 1, deals=[DEAL, DEAL], laws=True)
    game.apply("declare hearts", player="C")  # North, the dealer's partner
    game.apply("demand new deal")
    game.apply("declare spades", player="D")  # East, an adversary
    game.apply("cancel call")
    game.apply("declare hearts")
    game.apply("pass")
    game.apply("pass")
    while game.deal_number == 2 and game.phase == "play":
        game.apply(game.legal_actions()[0])
    assert irregularities(game.log) == [
        Irregularity("out_of_turn declare", "new_deal", 0),
        Irregularity("out_of_turn declare", "cancel", -148),
    ]


def test_a_declaration_passed_back_and_compelled_is_counted_with_the_deal() -> None:
    """ELW05 "Making the trump": North, to whom South left it, passes it back;
    West compels him "to declare the trump"; spades, and North-South take all
    thirteen: 7 odd at spades 14, North's five honours in one hand 10 x 2 = 20,
    South's chicane 4, East-West's double chicane 8 deducted, grand slam 40
    (ELW05 laws 1-13, rules-reference 2.3): the offending side nets 70."""
    game = Game(BRIDGE, 1, deals=[DEAL], laws=True)
    for action in ("leave it", "leave it", "compel declaration", "declare spades"):
        game.apply(action)
    game.apply("pass")
    game.apply("pass")
    while game.deal_number == 1 and game.phase == "play":
        game.apply(game.legal_actions()[0])
    assert irregularities(game.log) == [Irregularity("passed_back", "compel", 70)]


def test_a_revoke_claimed_is_counted_with_its_claim() -> None:
    """A revoke (ELW05 laws 85-96): the claim at the end of the hand is its penalty."""
    game = Game(BRIDGE, 1, deals=[DEAL], laws=True)
    game.apply("declare hearts")
    game.apply("pass")
    game.apply("pass")
    game.apply("play C3")  # West leads a club
    game.apply("play S2")
    game.apply("play D2")
    game.apply("play H3")  # South revokes, holding the two of clubs
    while game.phase == "play":
        game.apply(game.legal_actions()[0])
    game.apply("claim revoke tricks")
    # after the penalty 9 tricks to 4: 3 odd at hearts 24, honours 80,
    # chicane 16 - 16, the little slam made in play 20 (the conformance case)
    assert irregularities(game.log) == [Irregularity("revoke", "claim", 124)]


def test_a_false_lead_noticed_is_counted_with_its_penalty() -> None:
    """Law 78 (ELW07 "Leads out of turn"): East's lead out of turn let stand,
    then noticed after South and West followed ("their cards may be taken
    back"), is a second irregularity of the same side, with the penalty then
    chosen (the dealer calls the card: "treat lead as exposed"); both count
    the deal's points."""
    game = Game(BRIDGE, 1, deals=[DEAL], laws=True)
    for action in ("declare hearts", "pass", "pass"):
        game.apply(action)
    game.apply("play D2", player="D")
    game.apply("let lead stand")
    for card in ("D2", "C2", "C3"):
        game.apply(f"play {card}")
    game.apply("take back false lead", player="B")
    game.apply("treat lead as exposed")
    while game.deal_number == 1 and game.phase == "play":
        game.apply(game.legal_actions()[0])
    found = irregularities(game.log)
    assert [(i.name, i.decision) for i in found] == [
        ("out_of_turn play", "lead_stands"),
        ("false_lead", "treat_exposed"),
    ]
    assert found[0].net == found[1].net < 0


def test_a_laws_rubber_is_a_laws_game_of_the_rubbers_seed() -> None:
    summary, found = play_laws_rubber(BRIDGE, 0, 25, ["rule"] * 4, 0.2)
    assert summary.seed == rubber_seed(25, 0)
    assert found  # at this rate something irregular happens
    assert {i.name for i in found} <= {
        "out_of_turn declare",
        "out_of_turn leave",
        "out_of_turn double",
        "out_of_turn play",
        "expose_card",
        "passed_back",
        "revoke",
        "false_lead",
        "lead_on",  # ELW05 law 73 (the 1912 law 71)
        "suggest",  # dummy's suggestion, and his pointing out a revoke (ELW05)
        "point_out",
        "throw_down",  # ELW05 law 74
        "have_rest",  # ELW05 law 74: nothing may be required of the dealer
        "disobey",  # ELW05 law 75: a penalty not obeyed, liable to the revoke penalty
        "attention",  # ELW05 law 100: attention called to the trick
        "refer",  # ELW05 law 101: a reference to an incident of the play
        "early_lead",  # ELW05 laws 56, 58: the eldest hand leads before the doubling is done
        "double_asked",  # ... his partner's double, subject to consent
        "out_of_turn redouble",  # ELW05 law 55
    }
    assert "early_lead" in {i.name for i in found}
    # (seed 25: the draws change whenever the engine offers one more
    # irregularity; since ELW05 laws 55, 56, 58, seed 2 has no pass back)
    # ELW05: the partner's pass back is generated too (the rule bot, as the
    # eldest hand, claims the new deal)
    assert Irregularity("passed_back", "new_deal", 0) in found
    assert play_laws_rubber(BRIDGE, 0, 25, ["rule"] * 4, 0.2) == (summary, found)
    # ELW05 law 74: nothing is required of the dealer who has "the rest"
    assert {i.decision for i in found if i.name == "have_rest"} == {""}


def test_law_71_is_sampled_winning_cards_led_on_counted_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Law 71 in ``simulate --laws``: an adversary leads on a winning card
    before his partner plays, and another one time in two while the declarer
    has not chosen; the cards led on are one irregularity, with the
    declarer's choice (the rule bot demands that the partner win the trick in
    progress: ``require``). In this rubber, one episode, with two cards led
    on: one irregularity."""
    logs: list[Any] = []

    def read(log: Any) -> list[Irregularity]:
        logs.append(log)
        return irregularities(log)

    monkeypatch.setattr(lawsim, "irregularities", read)
    # (seed 38: the draws change whenever the engine offers one more irregularity)
    _, found = play_laws_rubber(load_rules("auction-bridge"), 0, 38, ["rule"] * 4, 0.2)
    led_on = [(i.name, i.decision) for i in found if i.name == "lead_on"]
    assert led_on == [("lead_on", "require")]
    assert sum(op.kind == "lead_on" for op in logs[0]) == 2


def test_law_72_is_sampled_a_hand_thrown_down_and_i_have_the_rest() -> None:
    """Law 72 in ``simulate --laws``: an adversary's hand thrown down face up
    (its cards then called by the declarer, as law 67's) and the declarer's "I
    have the rest", with the adversary's choice of his cards face up."""
    _, found = play_laws_rubber(load_rules("auction-bridge"), 0, 1, ["rule"] * 4, 0.1)
    law_72 = {(i.name, i.decision) for i in found if i.name in ("throw_down", "have_rest")}
    assert ("throw_down", "call_card") in law_72
    assert ("have_rest", "show_hand") in law_72
    assert {d for n, d in law_72 if n == "have_rest"} <= {"show_hand", "decline"}


def test_simulate_laws_reports_the_irregularities(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "auction-bridge", "--rubbers", "2", "--jobs", "1", "--no-progress"]
    assert main([*args, "--laws", "--irregularities", "0.1", "--format", "json"]) == 0
    laws = json.loads(capsys.readouterr().out)["laws"]
    assert laws["rate"] == 0.1
    assert laws["irregularities"]
    for name, stat in laws["irregularities"].items():
        assert name in {
            "out_of_turn bid",
            "out_of_turn double",
            "out_of_turn play",
            "expose_card",
            "throw_down",
            "have_rest",
            "insufficient",
            "revoke",
            "false_lead",
            "disobey",
            "impossible",
            "lead_on",
            "suggest",
            "inform",
            "refer",
            "attention",
            "point_out",
            "out_of_turn redouble",
            "slip",
        }
        assert stat["count"] == sum(stat["decisions"].values()) == stat["offender_net"]["n"]
        assert stat["per_rubber"] == stat["count"] / 2
    assert main([*args, "--laws", "--irregularities", "0.1"]) == 0
    text = capsys.readouterr().out
    assert "irregularities (laws mode, rate 0.1)" in text
    assert main([*args, "--format", "json"]) == 0
    assert "laws" not in json.loads(capsys.readouterr().out)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--irregularities", "0.1"], "dummybridge: error: --irregularities needs --laws\n"),
        (
            ["--laws", "--irregularities", "0.6"],
            "dummybridge: error: --irregularities must be from 0 to 0.5, not 0.6\n",
        ),
        (
            ["--laws", "--compare", "bridge"],
            "dummybridge: error: --laws does not go with --compare or --scheduler\n",
        ),
    ],
)
def test_simulate_laws_errors(
    args: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["simulate", "bridge", "--no-progress", "--rubbers", "1", *args]) == 1
    assert capsys.readouterr().err == message
