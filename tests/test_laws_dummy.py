"""Laws mode in the play: dummy's rights and duties (1912 laws 59-64, seed 002)
and correcting a revoke before it is established (laws 83, 85, 86).

The deal gives every hand cards of every suit, so that each revoke below is
one the player could have avoided. South deals and bids one no trump; the
others pass. South (player B) is the declarer, North (C) his dummy; West (A)
leads and East (D) is West's partner.
"""

from __future__ import annotations

import json

import pytest

from dummybridge.core.cards import Hand, Seat
from dummybridge.engine.game import Game
from dummybridge.errors import IllegalActionError
from dummybridge.language.loader import load_rules

AUCTION = load_rules("auction-bridge")
BRIDGE = load_rules("bridge")

DEAL = (
    Hand.from_pbn("AKQJ.AKQ.AKQ.AKQ"),  # North, dummy (player C)
    Hand.from_pbn("T987.JT9.JT9.JT9"),  # East (D)
    Hand.from_pbn("6543.876.876.876"),  # South, the declarer (B)
    Hand.from_pbn("2.5432.5432.5432"),  # West, the leader (A)
)
WEST, SOUTH, NORTH, EAST = "A", "B", "C", "D"


def game_at_play(laws: bool = True) -> Game:
    game = Game(AUCTION, 1, deals=[DEAL], laws=laws)
    for call in ("bid 1 no_trumps", "pass", "pass", "pass"):
        game.apply(call)
    assert (game.declarer, game.dummy, game.to_act) == (Seat.SOUTH, Seat.NORTH, Seat.WEST)
    return game


def texts(actions: tuple[object, ...]) -> list[str]:
    return [str(a) for a in actions]


def said(game: Game, player: str) -> list[str]:
    """The remarks open to ``player``, but the cards he may expose, the hand
    he may throw down and "I have the rest" (laws 65-72: tests/test_laws_exposed.py)."""
    return [
        t
        for t in texts(game.remarks(player))
        if not t.startswith("expose ") and t not in ("throw down hand", "have the rest")
    ]


def snapshot(game: Game) -> str:
    return json.dumps(game.state_dict(), sort_keys=True)


def test_law_59_dummy_is_spread_after_the_opening_lead() -> None:
    """Law 59: "As soon as the player to the left of the declarer has led, the
    declarer's partner shall place his cards face upward on the table, and the
    duty of playing the cards from that hand shall devolve upon the declarer."""
    game = game_at_play()
    assert not game.sees(EAST, Seat.NORTH)
    game.apply("play S2")
    assert game.exposed == {Seat.NORTH}
    assert game.sees(EAST, Seat.NORTH)
    assert game.sees(WEST, Seat.NORTH)
    assert game.to_act == Seat.NORTH
    assert game.actor == SOUTH


def test_law_85_the_partner_asks_and_the_revoke_is_corrected() -> None:
    """Law 85: "A player may ask his partner if he has a card of the suit which
    he has renounced; should the question be asked before the trick is turned
    and quitted, ... the error may be corrected." Law 86: the cards played after
    it are taken back; the declarer may require the offender's highest or
    lowest card of the suit."""
    game = game_at_play()
    for card in ("S2", "SJ", "H9", "S3"):  # East revokes, holding four spades
        game.apply(f"play {card}")
    assert game.revokes == [(Seat.EAST, 1, True)]
    assert game.to_act == Seat.NORTH  # dummy's lead: the trick is not yet quitted
    assert said(game, WEST) == ["ask having none", "mention bidding", "mention play"]
    assert said(game, EAST) == ["correct revoke", "mention bidding", "mention play"]
    game.apply("ask having none", player=WEST)
    assert [(op.kind, dict(op.detail)) for op in game.log[-2:]] == [
        ("ask", {"trick": 1, "revoke": True}),
        ("corrected", {"trick": 1, "card": "H9", "withdrawn": ["H9", "S3"], "reopened": True}),
    ]
    assert game.revokes == []
    assert game.tricks == []
    assert game.tricks_won == [0, 0]
    assert game.state_dict()["current"] == ["S2", "SJ"]
    assert game.state_dict()["hands"]["E"] == "T987.JT9.JT9.JT9"
    assert game.state_dict()["hands"]["S"] == "6543.876.876.876"
    # The declarer chooses the penalty of law 86.
    assert (game.phase, game.to_act) == ("penalty", Seat.SOUTH)
    assert texts(game.legal_actions()) == ["require highest", "require lowest", "decline penalty"]
    game.apply("require highest")
    assert (game.phase, game.to_act) == ("play", Seat.EAST)
    assert texts(game.legal_actions()) == ["play ST"]
    # law 73: he may yet fail to play as directed (liable to the revoke
    # penalty; tests/test_laws_exposed.py's law 73 tests)
    assert texts(game.irregular_actions()) == ["play S7", "play S8", "play S9"]
    game.apply("play ST")
    game.apply("play S6")  # South plays again, and may change his card
    assert [c.code for c in game.tricks[0].cards] == ["S2", "SJ", "ST", "S6"]
    assert game.tricks[0].winner == Seat.NORTH


def test_law_85_a_renounce_with_none_of_the_suit_is_answered_no() -> None:
    """Law 85: the question answered in the negative leaves the trick as it is."""
    game = game_at_play()
    for card in (
        "C2",
        "CA",
        "C9",
        "C6",
        "SA",
        "S7",
        "S3",
        "S2",
        "HA",
        "H9",
        "H6",
        "H2",
        "DA",
        "D9",
        "D6",
        "D2",
        "SK",
        "S8",
        "S4",
    ):
        game.apply(f"play {card}")
    # West has no spade left: his club is a renounce, not a revoke.
    game.apply("play C3")
    game.apply("ask having none", player=EAST)
    assert dict(game.log[-1].detail) == {"trick": 5, "revoke": False}
    assert [c.code for c in game.tricks[-1].cards] == ["SK", "S8", "S4", "C3"]
    assert said(game, EAST) == ["mention bidding", "mention play"]  # asked once


def test_law_83_a_card_led_to_the_next_trick_establishes_the_revoke() -> None:
    """Law 83: the revoke is established once the trick is quitted; a card led
    to the following trick quits it. It can no longer be corrected."""
    game = game_at_play()
    for card in ("S2", "SJ", "H9", "S3", "SA"):
        game.apply(f"play {card}")
    assert "ask having none" not in said(game, WEST)
    assert said(game, EAST) == ["mention bidding", "mention play"]
    with pytest.raises(IllegalActionError, match=r"D has no revoke that may still be corrected"):
        game.apply("correct revoke", player=EAST)
    assert game.revokes == [(Seat.EAST, 1, True)]


def test_law_86_the_declarer_corrects_and_the_adversary_may_require_a_card() -> None:
    """Law 86: if the declarer corrects a revoke from his own hand once both
    adversaries have played to the trick, and he was not fourth hand, the
    adversary may require his highest or lowest card of the suit."""
    game = game_at_play()
    for card in ("S2", "SA", "S7", "S3"):  # North wins and leads
        game.apply(f"play {card}")
    for card in ("HA", "H9", "D6", "H2"):  # South, third hand, revokes; West plays
        game.apply(f"play {card}")
    assert game.to_act == Seat.NORTH
    assert game.actor == SOUTH
    game.apply("correct revoke")  # the declarer, in his own turn
    assert game.state_dict()["current"] == ["HA", "H9"]
    assert (game.phase, game.to_act) == ("penalty", Seat.WEST)
    assert texts(game.legal_actions()) == ["require highest", "require lowest", "decline penalty"]
    game.apply("require lowest")
    assert texts(game.legal_actions()) == ["play H6"]


def test_law_86_no_penalty_before_both_adversaries_have_played() -> None:
    """Law 86: the declarer's correction costs nothing before both adversaries
    have played to the trick."""
    game = game_at_play()
    for card in ("S2", "SA", "S7", "S3", "HA", "H9", "D6"):
        game.apply(f"play {card}")
    game.apply("ask having none", player=NORTH)  # law 60 a: dummy asks the declarer
    assert (game.phase, game.to_act) == ("play", Seat.SOUTH)
    assert texts(game.legal_actions()) == ["play H6", "play H7", "play H8"]


def test_law_60a_dummy_asks_the_declarer_and_fourth_hand_pays_nothing() -> None:
    """Law 60 a: dummy has the right "to ask the declarer whether he has any of a
    suit in which he has renounced". Law 86: no penalty from a declarer who was
    fourth hand."""
    game = game_at_play()
    for card in ("S2", "SA", "S7", "H6"):  # South, fourth hand, revokes
        game.apply(f"play {card}")
    # North won the trick and is to lead: dummy could also suggest a card (law 62).
    assert said(game, NORTH)[:2] == ["ask having none", "suggest CQ"]
    game.apply("ask having none", player=NORTH)
    assert (game.phase, game.to_act, game.revokes) == ("play", Seat.SOUTH, [])
    assert texts(game.legal_actions()) == ["play S3", "play S4", "play S5", "play S6"]


def test_law_60_dummy_takes_no_other_part_in_the_play() -> None:
    """Law 60: after spreading his hand dummy "takes no part whatever in the
    play" except by his rights: he has no card to play and no other remark."""
    game = game_at_play()
    game.apply("play S2")
    assert game.actor == SOUTH  # the declarer plays dummy's cards
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match=r"^ask having none refused: C may not ask"):
        game.apply("ask having none", player=NORTH)
    with pytest.raises(IllegalActionError, match=r"^correct revoke refused"):
        game.apply("correct revoke", player=NORTH)
    with pytest.raises(IllegalActionError, match=r"^play SA refused"):
        game.apply("play SA", player=NORTH)
    assert snapshot(game) == before


def test_law_61_dummy_pointing_out_a_revoke_forfeits_its_penalty() -> None:
    """Law 61: "Should the declarer's partner call attention to any other
    incident of the play in consequence of which any penalty might have been
    exacted, the declarer is precluded from exacting such penalty." East's
    established revoke is pointed out by dummy: no claim at the end."""

    def play(point_out: bool) -> Game:
        game = game_at_play()
        for card in ("S2", "SJ", "H9", "S3", "SA"):
            game.apply(f"play {card}")
        if point_out:
            assert "point out revoke" in said(game, NORTH)
            game.apply("point out revoke", player=NORTH)
            assert "point out revoke" not in said(game, NORTH)
        while game.phase == "play":
            game.apply(game.legal_actions()[0])
        return game

    assert play(point_out=False).phase == "claim"
    game = play(point_out=True)
    assert game.phase != "claim"
    assert game.deal_number == 2
    assert [e.kind for e in game.sheets[0].entries if e.kind == "revoke"] == []


def test_law_61_pointed_out_in_time_the_revoke_is_corrected_without_penalty() -> None:
    game = game_at_play()
    for card in ("S2", "SJ", "H9"):
        game.apply(f"play {card}")
    game.apply("point out revoke", player=NORTH)
    assert (game.phase, game.to_act, game.revokes) == ("play", Seat.EAST, [])
    assert texts(game.legal_actions()) == ["play S7", "play S8", "play S9", "play ST"]


def test_law_62_a_card_dummy_suggests_may_be_forbidden() -> None:
    """Law 62: "If the declarer's partner, by touching a card or otherwise,
    suggest the play of a card from dummy, either adversary may call upon the
    declarer to play or not play the card suggested." """
    game = game_at_play()
    game.apply("play S2")
    game.apply("suggest SA", player=NORTH)
    assert (game.phase, game.to_act) == ("penalty", Seat.WEST)
    assert texts(game.legal_actions()) == [
        "require suggested card",
        "forbid suggested card",
        "decline penalty",
    ]
    game.apply("forbid suggested card")
    assert (game.phase, game.to_act) == ("play", Seat.NORTH)
    assert texts(game.legal_actions()) == ["play SJ", "play SQ", "play SK"]
    with pytest.raises(IllegalActionError, match=r"forbidden SA to this trick \(law 62\)"):
        game.apply("play SA")
    game.apply("play SK")
    game.apply("play S7")
    assert texts(game.legal_actions()) == ["play S3", "play S4", "play S5", "play S6"]


def test_law_62_a_card_dummy_suggests_may_be_required() -> None:
    game = game_at_play()
    game.apply("play S2")
    game.apply("suggest SJ", player=NORTH)
    game.apply("require suggested card")
    assert texts(game.legal_actions()) == ["play SJ"]


def _refused_changing_nothing(game: Game, action: str, player: str, message: str) -> None:
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match=message):
        game.apply(action, player=player)
    assert snapshot(game) == before


def test_law_62_dummy_may_suggest_only_a_card_of_dummy_when_dummy_plays() -> None:
    """Law 62 concerns "the play of a card from dummy": a suggestion, or a
    touch by dummy (issue 20), before dummy is to play is refused, in the
    law's words, and changes nothing."""
    game = game_at_play()
    _refused_changing_nothing(
        game, "suggest SA", NORTH, r"^suggest SA refused: C is not dummy, or dummy is not to play"
    )
    game.apply("play S2")
    game.apply("play SA")  # dummy's card is played: East is to play
    _refused_changing_nothing(
        game,
        "touch SK",
        NORTH,
        r"^touch SK refused: dummy touches a card only to suggest one of dummy's, "
        r"when dummy is to play \(law 62\)$",
    )


def test_law_64_a_dummy_card_touched_is_played_one_of_his_own_is_not() -> None:
    """Law 64: a card from the declarer's own hand is not played until quitted;
    one of dummy's that he names or touches is played."""
    game = game_at_play()
    game.apply("play S2")
    game.apply("touch SK")  # the declarer touches a card of dummy's: it is played
    assert game.tricks == []
    assert game.state_dict()["current"] == ["S2", "SK"]
    assert [(op.kind, dict(op.detail)) for op in game.log[-2:-1]] == [
        ("touch", {"card": "SK", "played": True})
    ]
    game.apply("play S7")
    game.apply("touch S6")  # one of his own: not played
    assert game.to_act == Seat.SOUTH
    assert game.state_dict()["current"] == ["S2", "SK", "S7"]
    game.apply("play S3")
    assert [c.code for c in game.tricks[0].cards] == ["S2", "SK", "S7", "S3"]
    record = json.loads(json.dumps(game.to_record()))
    assert "touch SK" in record["actions"]
    assert "touch S6" in record["actions"]
    assert Game.from_record(record).state_dict() == game.state_dict()


def test_law_64_a_touched_barred_dummy_card_is_refused_and_changes_nothing() -> None:
    """Laws 62 and 64: once the adversaries require the card dummy suggested,
    touching another card of dummy's cannot play it: the touch is not offered,
    and is refused with nothing recorded (it once left a touch in the log that
    the record could not replay)."""
    game = game_at_play()
    game.apply("play S2")
    game.apply("suggest SJ", player=NORTH)
    game.apply("require suggested card")
    touches = [a for a in said(game, game.seat_player[Seat.SOUTH]) if a.startswith("touch")]
    assert touches == ["touch SJ"]
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match=r"^touch SK refused: "):
        game.apply("touch SK")
    assert snapshot(game) == before
    game.apply("touch SJ")
    assert game.state_dict()["current"] == ["S2", "SJ"]
    assert Game.from_record(json.loads(json.dumps(game.to_record()))).log == game.log


def test_law_64_only_the_declarer_touches_cards() -> None:
    game = game_at_play()
    before = snapshot(game)
    with pytest.raises(IllegalActionError, match=r"^touch S2 refused: only the declarer touches"):
        game.apply("touch S2")  # West, on lead
    assert snapshot(game) == before


def test_remarks_replay_from_the_record() -> None:
    """Remarks made out of turn are recorded with their player and replay exactly."""
    game = game_at_play()
    for card in ("S2", "SJ", "H9", "S3"):
        game.apply(f"play {card}")
    game.apply("ask having none", player=WEST)
    game.apply("decline penalty")
    game.apply("play S7")  # East, following suit now
    game.apply("play S6")  # the trick is complete: North (dummy) won and leads
    game.apply("touch SA")  # law 64: the declarer touches a card of dummy's
    record = json.loads(json.dumps(game.to_record()))
    assert {"player": WEST, "action": "ask having none"} in record["actions"]
    assert Game.from_record(record).state_dict() == game.state_dict()


def test_strict_play_has_no_remarks() -> None:
    """In strict play the laws' remarks do not arise: illegal play is impossible."""
    game = game_at_play(laws=False)
    game.apply("play S2")
    assert game.remarks(NORTH) == ()
    assert game.remarks(SOUTH) == ()
    before = snapshot(game)
    with pytest.raises(
        IllegalActionError,
        match=r"^touch SA refused: remarks in the play are "
        r"regulated only in laws mode$",
    ):
        game.apply("touch SA")
    assert snapshot(game) == before


def test_bridge_dummy_may_ask_but_touched_cards_are_not_regulated() -> None:
    """ELW05 (rules-reference.md §3.4): the bridge dummy may ask the dealer
    "Having none?"; the bridge rule file does not regulate touched cards."""
    game = Game(BRIDGE, 1, deals=[DEAL], laws=True)
    game.apply("declare no_trumps")
    game.apply("pass")
    game.apply("pass")
    assert game.declarer == Seat.SOUTH
    game.apply("play S2")
    assert not any(a.kind == "touch" for a in game.remarks(game.seat_player[Seat.SOUTH]))
    for card in ("SA", "S7", "H6"):
        game.apply(f"play {card}")
    assert said(game, game.seat_player[Seat.NORTH])[:2] == [
        "ask having none",
        "suggest CQ",
    ]


def _laws_deal_with_corrections() -> Game:
    """A whole deal in laws mode in which East revokes, is asked and corrects,
    and South revokes and it stands."""
    game = game_at_play()
    for card in ("S2", "SJ", "H9", "S3"):
        game.apply(f"play {card}")
    game.apply("ask having none", player=WEST)
    game.apply("require lowest")
    for card in ("S7", "S6", "HA", "H9", "D6", "H2"):  # South revokes in trick 2
        game.apply(f"play {card}")
    while game.phase == "play":
        game.apply(game.legal_actions()[0])
    return game


def test_law_60b_every_trick_has_one_card_from_each_hand() -> None:
    """Law 60 b gives dummy the right to say that too many or too few cards
    were played to a trick. Here that cannot happen: every trick, corrected or
    not, holds one card from each hand in turn."""
    game = _laws_deal_with_corrections()
    tricks = game.tricks
    assert len(tricks) == 13
    for trick in tricks:
        assert len(trick.cards) == 4
    played = [c.code for t in tricks for c in t.cards]
    assert len(set(played)) == 52
    assert [c.code for c in tricks[0].cards] == ["S2", "SJ", "S7", "S6"]


def test_law_60c_only_a_penalty_the_adversaries_are_entitled_to_is_offered() -> None:
    """Law 60 c: dummy may correct an adversary's claim to a penalty he is not
    entitled to. Here such a claim is refused: against the declarer's revoke the
    adversaries may claim 150 points (law 84 a), not three tricks."""
    game = _laws_deal_with_corrections()
    assert game.revokes == [(Seat.SOUTH, 2, True)]
    assert (game.phase, game.to_act) == ("claim", Seat.WEST)
    assert texts(game.legal_actions()) == ["claim revoke points", "waive revoke"]
    before = snapshot(game)
    with pytest.raises(
        IllegalActionError,
        match=r"^claim revoke tricks refused: west \(A\) may "
        r"now only claim revoke points, waive revoke$",
    ):
        game.apply("claim revoke tricks")
    assert snapshot(game) == before


def test_law_60d_each_trick_goes_to_the_side_that_won_it() -> None:
    """Law 60 d: dummy may point out a trick taken by the wrong side. Here each
    trick is credited to its winner's side, as the C core decides it."""
    game = _laws_deal_with_corrections()
    won = [0, 0]
    for trick in game.tricks:
        assert trick.winner is not None
        won[int(trick.winner) & 1] += 1
    assert won == game.tricks_won == [13, 0]


def test_law_51_information_about_the_bidding_costs_a_called_lead() -> None:
    """Law 51 (WORK13's summary of penalties: "Giving information about bidding
    after final bid -- Called lead"): the declarer may call a suit from the
    adversary next to lead, who must lead it if he can."""
    game = game_at_play()
    assert "mention bidding" not in said(game, SOUTH)
    assert "mention bidding" not in said(game, NORTH)
    game.apply("mention bidding", player=EAST)
    assert (game.phase, game.to_act) == ("penalty", Seat.SOUTH)
    assert texts(game.legal_actions()) == [
        "call lead clubs",
        "call lead diamonds",
        "call lead hearts",
        "call lead spades",
        "decline penalty",
    ]
    game.apply("call lead hearts")
    assert (game.phase, game.to_act) == ("play", Seat.WEST)
    assert texts(game.legal_actions()) == ["play H2", "play H3", "play H4", "play H5"]
    # law 73: another suit led is a failure to play as directed
    assert texts(game.irregular_actions()) == [
        "play C2", "play C3", "play C4", "play C5",
        "play D2", "play D3", "play D4", "play D5", "play S2",
    ]  # fmt: skip
    game.apply("play H5")
    assert said(game, EAST) == ["mention bidding", "mention play"]  # the lead is made: free again


def test_law_51_the_called_lead_waits_for_the_adversaries_lead() -> None:
    """A lead called while the declarer's side is on lead binds the adversaries'
    next lead, not the declarer's leads nor the adversaries' following."""
    game = game_at_play()
    for card in ("S2", "SA", "S7", "S3"):  # North wins: the declarer's side leads
        game.apply(f"play {card}")
    game.apply("mention bidding", player=WEST)
    game.apply("call lead diamonds")
    assert game.to_act == Seat.NORTH
    assert len(game.legal_actions()) == 12
    assert "mention bidding" not in said(game, WEST)  # one called lead at a time
    game.apply("play SK")  # North leads; East follows, then South and West
    assert texts(game.legal_actions()) == ["play S8", "play S9", "play ST"]


def test_law_86_a_later_revoke_in_the_trick_goes_back_with_the_cards() -> None:
    """Law 86: the cards played after the corrected revoke are taken back, a
    second revoke among them too: only revokes that stand are penalised."""
    game = game_at_play()
    for card in ("S2", "SJ", "H9", "H6"):  # East revokes, then South
        game.apply(f"play {card}")
    assert game.revokes == [(Seat.EAST, 1, True), (Seat.SOUTH, 1, True)]
    game.apply("ask having none", player=WEST)
    assert game.revokes == []
    game.apply("decline penalty")
    assert texts(game.legal_actions()) == ["play S7", "play S8", "play S9", "play ST"]


def test_law_62_dummy_touching_a_card_suggests_it() -> None:
    """Law 62 (seed 002): "If the declarer's partner, by touching a card or
    otherwise, suggest the play of a card from dummy, either adversary may call
    upon the declarer to play or not play the card suggested." Dummy touching
    a card of dummy's is a suggestion: logged as one, and the adversary on the
    declarer's left may require or forbid the card (issue 20: it was refused,
    "only the declarer touches a card")."""
    game = game_at_play()
    game.apply("play S2")
    assert "touch SA" in said(game, NORTH)
    game.apply("touch SA", player=NORTH)
    assert [(op.kind, op.player, str(op.action)) for op in game.log[-1:]] == [
        ("suggest", NORTH, "touch SA")
    ]
    assert (game.phase, game.to_act) == ("penalty", Seat.WEST)
    assert texts(game.legal_actions()) == [
        "require suggested card",
        "forbid suggested card",
        "decline penalty",
    ]
    game.apply("require suggested card")
    assert (game.phase, game.to_act, texts(game.legal_actions())) == (
        "play",
        Seat.NORTH,
        ["play SA"],
    )
