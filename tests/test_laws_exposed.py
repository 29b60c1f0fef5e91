"""Laws mode: cards exposed, leads out of turn, the fourth hand before the
second (1912 laws 65-80, Work's *Auction of To-day*; the Bridge code's
"Cards exposed before play", "Cards exposed during play" and "Leads out of
turn", ELW07).

As in test_laws_dummy.py, South deals and bids one no trump and the others
pass: South (B) is the declarer, North (C) his dummy, West (A) leads and East
(D) is West's partner. Every test here takes no fixture (test_laws_registry
runs them to see each penalty chosen).
"""

from __future__ import annotations

import json
import tempfile
from pathlib import Path

import pytest
from test_laws_dummy import DEAL, EAST, NORTH, SOUTH, WEST, said, snapshot, texts

from dummybridge.apps.cli import main
from dummybridge.core.cards import Hand, Seat
from dummybridge.engine.game import Game
from dummybridge.errors import IllegalActionError
from dummybridge.formats.render import game_record
from dummybridge.language.loader import load_rules
from dummybridge.language.ruleset import RuleSet
from dummybridge.web.views import action_items
from support import with_changes

AUCTION = load_rules("auction-bridge")
BRIDGE = load_rules("bridge")

#: West (and South) hold no spade
VOID = (
    Hand.from_pbn("AKQJ.AKQ.AKQ.AKQ"),
    Hand.from_pbn("T98765432.J9.J.J"),
    Hand.from_pbn(".T876.T9876.T987"),
    Hand.from_pbn(".5432.5432.65432"),
)
CALLS = ["call lead clubs", "call lead diamonds", "call lead hearts", "call lead spades"]
#: what the declarer may require of the partner (laws 80, 92), or decline
REQUIRES = ["require highest", "require lowest", "require win", "require lose", "decline penalty"]


def game_at_play(
    deal: tuple[Hand, ...] = DEAL, laws: bool = True, rules: RuleSet = AUCTION
) -> Game:
    game = Game(rules, 1, deals=[deal], laws=laws)
    for call in ("bid 1 no_trumps", "pass", "pass", "pass"):
        game.apply(call)
    assert (game.declarer, game.dummy, game.to_act) == (Seat.SOUTH, Seat.NORTH, Seat.WEST)
    return game


def refused(game: Game, action: str, message: str, player: str | None = None) -> None:
    """``action`` is refused with exactly ``message`` and changes nothing."""
    before, log = snapshot(game), len(game.log)
    with pytest.raises(IllegalActionError) as info:
        game.apply(action, player=player)
    assert str(info.value) == message
    assert (snapshot(game), len(game.log)) == (before, log)


def pbn_round_trip(game: Game) -> str:
    """Export ``game``'s record to PBN and import it again: the same record
    (no fixture: test_laws_registry runs the tests that call this). Returns
    the file's OtherActions line."""
    with tempfile.TemporaryDirectory() as tmp:
        record, pbn, again = (Path(tmp) / n for n in ("r.json", "r.pbn", "again.json"))
        record.write_text(json.dumps(game.to_record()))
        assert main(["export", str(record), "-o", str(pbn)]) == 0
        other = next((line for line in pbn.read_text().splitlines() if "OtherActions" in line), "")
        assert main(["import", str(pbn), "-o", str(again)]) == 0
        assert json.loads(again.read_text()) == json.loads(record.read_text())
    return other


def test_law_65_a_card_exposed_in_the_auction_bars_the_partner() -> None:
    """Law 65: "If, after the cards have been dealt, and before the trump
    declaration has been finally determined, any player lead or expose a card,
    the partner of the offending player may not make any further bid or double
    during that hand, and the card is subject to call.\""""
    game = Game(AUCTION, 1, deals=[DEAL], laws=True)
    game.apply("bid 1 no_trumps")
    assert texts(game.remarks(EAST))[:3] == ["expose C9", "expose CT", "expose CJ"]
    game.apply("expose H9", player=EAST)
    assert game.log[-1].to_data() == {
        "index": 5,
        "kind": "expose_card",
        "seat": "E",
        "player": "D",
        "action": "expose H9",
        "detail": {"card": "H9", "when": "auction", "barred": True},
    }
    assert texts(game.legal_actions()) == ["pass"]  # West, East's partner
    message = "west (A) may not bid or double again: his partner exposed a card (law 65)"
    refused(game, "bid 2 clubs", f"bid 2 clubs refused: {message}")
    refused(game, "double", f"double refused: {message}")
    refused(game, "expose H9", "expose H9 refused: H9 is already exposed, face up (law 67)", EAST)
    assert game.irregular_actions() == ()  # no insufficient bid for him either
    for call in ("pass", "pass", "pass"):
        game.apply(call)
    # the card stays in East's hand, face up: every player sees it
    assert game.observation(SOUTH).cards_exposed == {Seat.EAST: Hand.from_pbn(".9..")}
    assert game.hands[Seat.EAST] == DEAL[1].bits


def test_law_65_the_declarer_prohibits_the_suit_of_the_exposed_card_at_the_initial_lead() -> None:
    """Law 65: "When the partner of the offending player is the original
    leader, the declarer may prohibit the suit of the exposed card being the
    initial lead." The prohibition binds the opening lead only."""
    game = Game(AUCTION, 1, deals=[DEAL], laws=True)
    game.apply("bid 1 no_trumps")
    game.apply("expose H9", player=EAST)
    for call in ("pass", "pass", "pass"):
        game.apply(call)
    assert said(game, SOUTH) == ["forbid lead hearts"]
    refused(
        game,
        "forbid lead spades",
        "forbid lead spades refused: only the declarer prohibits a suit, at the opening "
        "lead, when the leader's partner has exposed a card of it (laws 65, 66)",
        SOUTH,
    )
    game.apply("forbid lead hearts", player=SOUTH)
    assert game.log[-1].to_data() == {
        "index": 10,
        "kind": "forbid_lead",
        "seat": "W",
        "player": "B",
        "action": "forbid lead hearts",
    }
    assert said(game, SOUTH) == []  # once
    assert texts(game.legal_actions()) == [
        "play C2", "play C3", "play C4", "play C5",
        "play D2", "play D3", "play D4", "play D5", "play S2",
    ]  # fmt: skip
    # law 73: leading the suit prohibited is a failure to play as directed
    assert texts(game.irregular_actions()) == ["play H2", "play H3", "play H4", "play H5"]
    game.apply("play C2")
    assert game.deal.lead_forbidden is None


def test_law_66_the_declarer_may_call_the_card_in_addition_to_prohibiting_its_suit() -> None:
    """Law 66: "If, after the final declaration has been made and before a
    card is led, the partner of the leader to the first trick expose a card,
    the declarer may, in addition to calling the card, prohibit the lead of
    the suit of the exposed card; should the rightful leader expose a card it
    is subject to call." After the auction the partner is not barred (there
    is no more bidding): the entry says when."""
    game = game_at_play()
    game.apply("expose CJ", player=EAST)
    assert game.log[-1].detail == {"card": "CJ", "when": "lead", "barred": True}
    game.apply("forbid lead clubs", player=SOUTH)
    game.apply("expose S2", player=WEST)  # the rightful leader's card: subject to call
    assert said(game, SOUTH) == ["call S2"]
    game.apply("call S2", player=SOUTH)
    assert texts(game.legal_actions()) == ["play S2"]
    game.apply("play S2")
    game.apply("play SA")  # dummy
    # East's jack is still exposed (1912: in addition), but may not be called
    # while he holds spades: he would revoke (law 74)
    assert game.deal.cards_exposed == {Seat.EAST: 1 << 9, Seat.WEST: 0}
    assert said(game, SOUTH) == []


def test_law_67_cards_exposed_in_the_play_are_left_face_up_and_called() -> None:
    """Law 67: "All cards exposed after the original lead by the declarer's
    adversaries are liable to be called, and such cards must be left face
    upward on the table." The declarer calls it when its holder is to play
    and may play it; it is then his card to play, and no longer exposed."""
    game = game_at_play()
    game.apply("play S2")
    game.apply("play SA")
    game.apply("expose HJ", player=EAST)
    assert game.log[-1].detail == {"card": "HJ", "when": "play", "barred": False}
    for player in (WEST, SOUTH, NORTH, EAST):
        assert game.observation(player).cards_exposed == {Seat.EAST: Hand.from_pbn(".J..")}
    assert said(game, SOUTH) == []  # East must follow to spades: HJ would revoke
    game.apply("play S7")
    game.apply("play S3")
    game.apply("play HA")  # dummy leads hearts: now the jack may be called
    assert said(game, SOUTH) == ["call HJ"]
    game.apply("call HJ", player=SOUTH)
    assert game.log[-1].kind == "call_card"
    assert texts(game.legal_actions()) == ["play HJ"]
    refused(game, "play H9", "play H9 refused: east (D) must play HJ (required by an adversary)")
    game.apply("play HJ")
    assert game.deal.cards_exposed[Seat.EAST] == 0
    assert game.observation(WEST).cards_exposed == {}


def test_law_72_the_declarers_cards_are_not_liable() -> None:
    """Law 72: "Cards exposed by the declarer are not liable to be called";
    dummy lies face up. In the play only the adversaries expose a card."""
    game = game_at_play()
    assert not any(t.startswith("expose ") for t in texts(game.remarks(SOUTH)))
    assert [t for t in texts(game.remarks(WEST)) if t.startswith("expose ")][:2] == [
        "expose C2",
        "expose C3",
    ]
    refused(
        game,
        "expose S6",
        "expose S6 refused: B holds no S6 he may expose now (in the play only the "
        "declarer's adversaries' exposed cards are liable: law 72)",
        SOUTH,
    )


def test_law_72_an_adversary_throws_his_cards_on_the_table_face_upward() -> None:
    """Law 72: "If either or both of the declarer's adversaries throw his or
    their cards on the table face upward, such cards are exposed and are
    liable to be called; but if either adversary retain his hand he cannot be
    forced to abandon it." East's thirteen cards lie face up; West keeps his."""
    game = game_at_play()
    assert "throw down hand" in texts(game.remarks(WEST))
    assert "throw down hand" in texts(game.remarks(EAST))
    assert "throw down hand" not in texts(game.remarks(SOUTH))  # the declarer's: not liable
    assert "throw down hand" not in texts(game.remarks(NORTH))  # dummy lies face up
    # the web table offers it among the remarks the engine allows
    assert {"action": "throw down hand", "label": "throw down hand"} in action_items(
        game.remarks(EAST)
    )
    game.apply("play S2")
    game.apply("throw down hand", player=EAST)
    assert game.log[-1].to_data() == {
        "index": 11,
        "kind": "throw_down",
        "seat": "E",
        "player": "D",
        "action": "throw down hand",
        "detail": {"cards": "T987.JT9.JT9.JT9", "liable": True},
    }
    for player in (WEST, SOUTH, NORTH, EAST):
        assert game.observation(player).cards_exposed == {Seat.EAST: DEAL[1]}
    assert "throw down hand" not in texts(game.remarks(EAST))  # nothing left to throw
    assert "throw down hand" in texts(game.remarks(WEST))  # West retains his hand
    game.apply("play SA")
    # East is to play to the spade: the declarer may call any spade of his
    assert said(game, SOUTH) == ["call S7", "call S8", "call S9", "call ST"]
    game.apply("call S7", player=SOUTH)
    assert texts(game.legal_actions()) == ["play S7"]


def test_law_72_the_declarer_says_i_have_the_rest_and_must_show_his_cards() -> None:
    """Law 72: "If the declarer say, 'I have the rest,' or any other words
    indicating that the remaining tricks or any number thereof are his, he may
    be required to place his cards face upward on the table. His adversaries
    are not liable to have any of their cards called should they thereupon
    expose them." "Cards exposed by the declarer are not liable to be called.\""""
    game = game_at_play()
    assert "have the rest" not in texts(game.remarks(SOUTH))  # West is to lead
    game.apply("play S2")
    assert "have the rest" in texts(game.remarks(SOUTH))  # dummy is to play
    assert "have the rest" not in texts(game.remarks(NORTH))  # dummy's player: not his
    game.apply("have the rest", player=SOUTH)
    assert game.log[-1].to_data() == {
        "index": 11,
        "kind": "have_rest",
        "seat": "S",
        "player": "B",
        "action": "have the rest",
    }
    # the adversary on his left decides
    assert (game.phase, game.to_act, game.actor) == ("penalty", Seat.WEST, WEST)
    assert texts(game.legal_actions()) == ["require hand shown", "decline penalty"]
    game.apply("require hand shown")
    assert (game.phase, game.to_act) == ("play", Seat.NORTH)
    for player in (WEST, SOUTH, NORTH, EAST):
        assert game.observation(player).cards_exposed == {Seat.SOUTH: DEAL[2]}
    assert "have the rest" not in texts(game.remarks(SOUTH))  # said once
    game.apply("play SA")
    game.apply("throw down hand", player=EAST)
    assert game.log[-1].detail == {"cards": "T987.JT9.JT9.JT9", "liable": False}
    assert said(game, SOUTH) == []  # none of East's cards may be called
    refused(
        game,
        "call S7",
        "call S7 refused: only the declarer calls an exposed card, of the adversary to "
        "play, when it may be played without revoking (law 67; a call never makes him revoke)",
        SOUTH,
    )
    game.apply("play S7")
    game.apply("play S3")  # the play goes on: South's cards are played from the table
    assert game.observation(WEST).cards_exposed[Seat.SOUTH] == Hand.from_pbn("654.876.876.876")


def test_law_72_the_adversaries_need_not_require_his_cards() -> None:
    """Law 72: "he may be required": the adversary may decline, and the play
    goes on with nothing face up."""
    game = game_at_play()
    game.apply("play S2")
    game.apply("have the rest", player=SOUTH)
    game.apply("decline penalty")
    assert (game.phase, game.to_act, game.observation(WEST).cards_exposed) == (
        "play",
        Seat.NORTH,
        {},
    )
    assert texts(game.legal_actions())[:2] == ["play SJ", "play SQ"]
    assert "have the rest" not in texts(game.remarks(SOUTH))


def test_law_72_the_thrown_hand_and_the_claim_in_the_readable_record_and_the_replay() -> None:
    """The record says what happened, in the laws' words, and replays; exported
    to PBN and imported again it is the same record."""
    game = game_at_play()
    game.apply("play S2")
    game.apply("have the rest", player=SOUTH)
    game.apply("require hand shown")
    game.apply("play SA")
    game.apply("throw down hand", player=EAST)
    game.apply("play S7")
    game.apply("play S3")
    replayed = Game.from_record(json.loads(json.dumps(game.to_record())))
    assert snapshot(replayed) == snapshot(game)
    assert replayed.deal.cards_exposed == game.deal.cards_exposed
    while game.deal_number == 1:  # the trick's lines are written with its tricks
        game.apply(game.legal_actions()[0])
    lines = game_record(game, symbols=False).splitlines()
    at = lines.index("   1. W S2   N SA   E S7   S S3   -> North")
    assert lines[at - 3 : at] == [
        '      South (B) says "I have the rest" (law 72)',
        "      West (A) requires his cards face up (law 72)",
        "      East (D) throws his cards face up, not liable (law 72): "
        "C9 CT CJ D9 DT DJ H9 HT HJ S7 S8 S9 ST",
    ]
    assert "throw down hand" in pbn_round_trip(game)  # PBN's OtherActions keep them too


def test_strict_play_refuses_the_thrown_hand_and_the_claim() -> None:
    """Strict play regulates no remark; a rule file without ``rest_claim``
    does not regulate the claim."""
    game = game_at_play(laws=False)
    game.apply("play S2")
    refused(
        game,
        "throw down hand",
        "throw down hand refused: remarks in the play are regulated only in laws mode",
        EAST,
    )
    refused(
        game,
        "have the rest",
        "have the rest refused: remarks in the play are regulated only in laws mode",
        SOUTH,
    )
    assert AUCTION.laws.exposed_cards is not None
    assert AUCTION.laws.exposed_cards.rest_claimed == ("show_hand",)
    house = with_changes(BRIDGE, laws__exposed_cards__rest_claim=False)
    bridge = Game(house, 1, deals=[DEAL], laws=True)
    for call in ("declare no_trumps", "pass", "pass", "play S2"):
        bridge.apply(call)
    refused(
        bridge,
        "have the rest",
        "have the rest refused: bridge does not regulate the declarer's "
        '"I have the rest" (ELW05 law 74)',  # the Bridge code's law (laws.citations)
        SOUTH,
    )


def test_law_72_the_bridge_code_elw05_law_74_i_have_the_rest_requires_nothing() -> None:
    """The Bridge code, ELW05 law 74 (found in issue 20, Project Gutenberg
    #38000): "If, however, the dealer should say, 'I have the rest,' or any
    other words indicating that the remaining tricks are his, the adversaries
    of the dealer are not liable to have any of their cards called should
    they expose them, believing the dealer's claim to be true, should it
    subsequently prove false." Unlike the 1912 law 72, nothing may be
    required of the dealer: no penalty is offered, his cards stay in his
    hand, the play goes on; East's hand thrown down after it is not liable."""
    assert BRIDGE.laws.exposed_cards is not None
    assert BRIDGE.laws.exposed_cards.rest_claim
    assert BRIDGE.laws.exposed_cards.rest_claimed == ()
    game = _bridge_at_play()
    game.apply("play S2")
    game.apply("have the rest", player=SOUTH)
    assert [game.log[-1].kind, game.log[-1].seat] == ["have_rest", Seat.SOUTH]
    assert (game.phase, game.to_act) == ("play", Seat.NORTH)  # no adversary decides
    assert game.deal.cards_exposed == {}  # nothing face up: not required
    assert "have the rest" not in texts(game.remarks(SOUTH))  # said once
    game.apply("play SA")
    game.apply("throw down hand", player=EAST)
    assert game.log[-1].detail == {"cards": "T987.JT9.JT9.JT9", "liable": False}
    assert said(game, SOUTH) == []  # none of East's cards may be called
    game.apply("play S7")
    assert (game.phase, game.to_act) == ("play", Seat.SOUTH)


def test_law_72_the_bridge_code_elw05_law_74_an_adversary_throws_his_cards_face_up() -> None:
    """The Bridge code, ELW05 law 74 (found in issue 20): "If either or both
    of the dealer's adversaries throw his or their cards on the table face
    upward, such cards are exposed and are liable to be called; but if either
    adversary retain his hand he cannot be forced to abandon it." East throws
    his hand down: every card of it is face up and liable; West keeps his."""
    game = _bridge_at_play()
    game.apply("play S2")
    assert "throw down hand" in texts(game.remarks(EAST))
    game.apply("throw down hand", player=EAST)
    assert game.log[-1].kind == "throw_down"
    assert game.deal.cards_exposed == {Seat.EAST: DEAL[1].bits}
    assert game.observation(SOUTH).cards_exposed == {Seat.EAST: DEAL[1]}
    assert Seat.WEST not in game.deal.cards_exposed


def _west_called_to_lead_clubs(rules: RuleSet = AUCTION) -> Game:
    """East leads out of turn; the declarer calls a club lead from West (law 76)."""
    game = Game(rules, 1, deals=[DEAL], laws=True)
    for call in ("bid 1 no_trumps", "pass", "pass", "pass"):
        game.apply(call)
    game.apply("play HJ", player=EAST)
    game.apply("call lead clubs")
    return game


def test_law_73_called_on_to_lead_one_suit_he_leads_another_liable_to_the_revoke_penalty() -> None:
    """Law 73: "if, when called on to lead one suit, he lead another, having
    in his hand one or more cards of the suit demanded (Laws 66, 76, and 93),
    ... he is liable to the penalty for revoke (Law 84) unless such play be
    corrected before the trick be turned and quitted." West leads a diamond,
    holding clubs; uncorrected, the declarer claims the revoke penalty."""
    game = _west_called_to_lead_clubs()
    assert texts(game.legal_actions()) == ["play C2", "play C3", "play C4", "play C5"]
    assert texts(game.irregular_actions())[:2] == ["play D2", "play D3"]
    game.apply("play D2")
    assert game.log[-3].to_data() == {
        "index": 11,
        "kind": "disobey",
        "seat": "W",
        "player": "A",
        "detail": {"card": "D2", "trick": 1, "liable": True},
    }
    assert game.revokes == [(Seat.WEST, 1, True)]
    for card in ("DA", "D9", "D6"):
        game.apply(f"play {card}")
    assert "correct revoke" in texts(game.remarks(WEST))  # not yet quitted
    game.apply("play CA")  # dummy leads to the next trick: established
    assert "correct revoke" not in texts(game.remarks(WEST))
    while game.phase == "play":
        game.apply(game.legal_actions()[0])
    assert (game.phase, game.to_act) == ("claim", Seat.SOUTH)
    assert texts(game.legal_actions()) == [
        "claim revoke points",
        "claim revoke tricks",
        "waive revoke",
    ]


def test_law_73_corrected_before_the_trick_is_quitted_no_penalty() -> None:
    """Law 73: "unless such play be corrected before the trick be turned and
    quitted": the card goes back, the lead called binds him again, and no
    revoke is left to claim."""
    game = _west_called_to_lead_clubs()
    game.apply("play D2")
    game.apply("correct revoke", player=WEST)
    assert [op.to_data() for op in game.log[-2:]] == [
        {
            "index": 14,
            "kind": "correct",
            "seat": "W",
            "player": "A",
            "action": "correct revoke",
            "detail": {"trick": 1, "law": 73},
        },
        {
            "index": 15,
            "kind": "corrected",
            "seat": "W",
            "player": "A",
            "detail": {"trick": 1, "card": "D2", "withdrawn": ["D2"], "reopened": False},
        },
    ]
    assert (game.to_act, game.revokes) == (Seat.WEST, [])
    assert texts(game.legal_actions()) == ["play C2", "play C3", "play C4", "play C5"]
    game.apply("play C2")
    assert game.deal.called_lead is None
    while game.deal_number == 1:  # (the trick's lines are written with its tricks)
        game.apply(game.legal_actions()[0])
    lines = game_record(game, symbols=False).splitlines()
    assert (
        "      West (A) fails to play as directed in trick 1: D2 (law 73; liable to the "
        "revoke penalty)" in lines
    )
    assert "      A owns he failed to play as directed (law 73)" in lines
    replayed = Game.from_record(json.loads(json.dumps(game.to_record())))
    assert snapshot(replayed) == snapshot(game)


def test_law_73_fail_to_play_the_highest_required() -> None:
    """Law 73: "If a player who has rendered himself liable to have the highest
    or lowest of a suit called (Laws 80, 86 ...) fail to play as directed":
    West, the fourth hand, played before the second; East, required to play
    his highest heart, plays a lower one."""
    game = game_at_play()
    for card in ("S2", "SA", "S7", "S3", "HA"):
        game.apply(f"play {card}")
    game.apply("play H2", player=WEST)
    game.apply("require highest")
    assert texts(game.legal_actions()) == ["play HJ"]
    assert texts(game.irregular_actions()) == ["play H9", "play HT"]
    game.apply("play H9")
    assert game.log[-2].kind == "disobey"
    assert game.revokes == [(Seat.EAST, 2, True)]


def test_law_73_not_regulated_the_card_that_disobeys_is_refused() -> None:
    """Where the rules leave law 73 out (a house rule may), a card that
    disobeys is refused and changes nothing; the refusal cites the law by
    which the lead was called (law 76: a lead out of turn)."""
    game = _west_called_to_lead_clubs(with_changes(AUCTION, laws__failure_to_obey=False))
    assert game.irregular_actions() == ()
    refused(game, "play D2", "play D2 refused: the declarer has called a lead of clubs (law 76)")
    # the Bridge code's law 75 (ELW05) names every failure but the prohibited lead
    assert BRIDGE.laws.failure_to_obey == ("highest_lowest", "win_lose", "called_lead")
    assert AUCTION.laws.failure_to_obey == (
        "highest_lowest",
        "win_lose",
        "called_lead",
        "prohibited_lead",
    )


def test_law_74_a_called_card_never_makes_him_revoke() -> None:
    """Law 74: "A player cannot be compelled to play a card which would
    oblige him to revoke" (WORK13, the GITenberg copy of Project Gutenberg
    #23086; the Bridge code's law 79, ELW05: "In no case can a player be
    compelled ..."): an exposed card that its holder may not play without
    revoking is not called."""
    game = game_at_play()
    game.apply("expose H2", player=WEST)
    game.apply("play S2")
    game.apply("play SA")
    game.apply("play S7")
    game.apply("play S3")  # North wins; dummy leads a club
    game.apply("play CA")
    game.apply("play C9")
    game.apply("play C6")
    assert said(game, SOUTH) == []  # West holds clubs
    refused(
        game,
        "call H2",
        "call H2 refused: only the declarer calls an exposed card, of the adversary to "
        "play, when it may be played without revoking (law 67; a call never makes him revoke)",
        SOUTH,
    )


def test_law_75_the_call_of_an_exposed_card_may_be_repeated_until_it_is_played() -> None:
    """Law 75: "The call of an exposed card may be repeated until such card
    has been played" (the Bridge code's law 80, ELW05: "... at every trick
    until such card has been played"). West's exposed H2 may not be called
    while he must follow to clubs (law 74); at the first heart trick it may,
    but he plays another heart before the declarer calls it, and it stays face
    up, liable; at the next heart trick the call is offered again, made, and
    the card, once played, is exposed no longer."""
    game = game_at_play()
    game.apply("expose H2", player=WEST)
    for card in ("S2", "SA", "S7", "S3", "CA", "C9", "C6"):
        game.apply(f"play {card}")
    assert said(game, SOUTH) == []  # he holds clubs (law 74)
    for card in ("C2", "HA", "HJ", "H6"):
        game.apply(f"play {card}")
    assert said(game, SOUTH) == ["call H2"]
    game.apply("play H3")  # not called: he plays as he likes
    assert game.deal.cards_exposed == {Seat.WEST: Hand.from_pbn(".2..").bits}
    for card in ("HK", "HT", "H7"):
        game.apply(f"play {card}")
    assert said(game, SOUTH) == ["call H2"]  # the call, again
    game.apply("call H2", player=SOUTH)
    assert texts(game.legal_actions()) == ["play H2"]
    game.apply("play H2")
    assert game.deal.cards_exposed == {Seat.WEST: 0}
    assert not [t for t in said(game, SOUTH) if t.startswith("call ")]


def test_law_76_a_lead_out_of_turn_treated_as_an_exposed_card() -> None:
    """Law 76: "If either of the declarer's adversaries lead out of turn the
    declarer may either treat the card so led as an exposed card or may call a
    suit as soon as it is the turn of either adversary to lead.\""""
    game = game_at_play()
    assert texts(game.out_of_turn_actions(EAST))[:2] == ["play C9", "play CT"]
    assert game.out_of_turn_actions(SOUTH) == ()  # the declarer: law 77, no penalty
    game.apply("play HJ", player=EAST)
    assert game.log[-1].to_data() == {
        "index": 9,
        "kind": "out_of_turn",
        "seat": "E",
        "player": "D",
        "action": "play HJ",
        "detail": {"turn": "W", "law": 76},
    }
    assert (game.phase, game.to_act, game.actor) == ("penalty", Seat.SOUTH, SOUTH)
    assert texts(game.legal_actions()) == [
        "treat lead as exposed",
        *CALLS,
        "let lead stand",
        "decline penalty",
    ]
    game.apply("treat lead as exposed")
    assert (game.phase, game.to_act) == ("play", Seat.WEST)
    assert game.hands[Seat.EAST] == DEAL[1].bits  # taken back, face up
    assert game.observation(NORTH).cards_exposed == {Seat.EAST: Hand.from_pbn(".J..")}


def test_law_76_a_lead_out_of_turn_and_a_suit_called() -> None:
    """Law 76: the declarer calls a suit; the rightful leader must lead it."""
    game = game_at_play()
    game.apply("play HJ", player=EAST)
    game.apply("call lead spades")
    assert (game.phase, game.to_act) == ("play", Seat.WEST)
    assert texts(game.legal_actions()) == ["play S2"]
    assert game.deal.cards_exposed == {}  # not exposed: the suit was called instead


def test_law_78_a_lead_out_of_turn_the_three_others_follow_the_trick_stands() -> None:
    """Law 78: "If any player lead out of turn and the three others follow, the
    trick is complete and the error cannot be rectified." The error is not
    noticed (``let lead stand``, ``laws.lead_out_of_turn: stands``): East's
    card is led in his turn, South, West and North follow, and the trick
    counts as played, North's queen winning it; no penalty remains."""
    game = game_at_play()
    game.apply("play HJ", player=EAST)
    game.apply("let lead stand")
    assert (game.phase, game.to_act, texts(game.legal_actions())) == (
        "play",
        Seat.EAST,
        ["play HJ"],
    )
    refused(
        game,
        "play H9",
        "play H9 refused: east (D) led HJ out of turn and the lead stands: it is his card (law 78)",
    )
    for card in ("HJ", "H6", "H2", "HQ"):
        game.apply(f"play {card}")
    assert game.log[-1].to_data() == {
        "index": 16,
        "kind": "trick",
        "seat": "N",
        "detail": {"number": 1, "cards": ["HJ", "H6", "H2", "HQ"], "leader": "E"},
    }
    assert (game.to_act, game.deal.cards_exposed, game.deal.called_lead) == (Seat.NORTH, {}, None)
    assert [(op.kind, str(op.action), op.seat.letter) for op in game.log[9:12]] == [
        ("out_of_turn", "play HJ", "E"),
        ("lead_stands", "let lead stand", "S"),
        ("play", "play HJ", "E"),  # the opening lead: dummy is laid down after it
    ]


def test_law_79_called_to_lead_a_suit_he_has_none_of_pays_the_penalty() -> None:
    """Law 79: "If a player called on to lead a suit has none of it, the
    penalty is paid.\""""
    game = game_at_play(VOID)
    game.apply("play HJ", player=EAST)
    game.apply("call lead spades")
    assert len(game.legal_actions()) == 13  # West has no spade: any card
    game.apply("play H2")
    assert game.deal.called_lead is None


def test_law_80_the_fourth_hand_plays_before_the_second() -> None:
    """Law 80: "Should the fourth hand, not being dummy or declarer, play
    before the second, the latter may be called upon to play his highest or
    lowest card of the suit played, or to win or lose the trick." The fourth
    hand's card is his play to the trick (the engine takes it in his turn)."""
    game = _west_plays_before_east(game_at_play())
    game.apply("require highest")
    assert texts(game.legal_actions()) == ["play HJ"]
    game.apply("play HJ")
    game.apply("play H6")
    assert texts(game.legal_actions()) == ["play H2"]
    refused(
        game,
        "play H5",
        "play H5 refused: west (A) played H2 before the second hand: it is his card (law 80)",
    )
    game.apply("play H2")
    assert game.deal.early_card is None
    assert game.log[-1].detail["cards"] == ["HA", "HJ", "H6", "H2"]


def _west_plays_before_east(game: Game) -> Game:
    """Trick 1 to dummy's spade ace; dummy leads HA; West, fourth, plays H2
    before East, second (law 80; ELW05 law 82); the declarer is to choose."""
    for card in ("S2", "SA", "S7", "S3", "HA"):
        game.apply(f"play {card}")
    assert texts(game.out_of_turn_actions(WEST)) == ["play H2", "play H3", "play H4", "play H5"]
    game.apply("play H2", player=WEST)
    assert game.log[-1].detail == {"turn": "E", "law": 80}
    assert (game.phase, game.to_act) == ("penalty", Seat.SOUTH)
    assert texts(game.legal_actions()) == REQUIRES
    return game


#: North leads the seven of hearts to trick 2; East, second, holds J98 above
#: it and 654 below; West, fourth, holds K2
SPLIT = (
    Hand.from_pbn("AKQJ.A7.AKQ.AKQJ"),
    Hand.from_pbn("T98.J98654.JT.T9"),
    Hand.from_pbn("76543.QT3.98.876"),
    Hand.from_pbn("2.K2.765432.5432"),
)


def _fourth_before_second(card: str, rules: RuleSet = AUCTION) -> Game:
    """Trick 1 to dummy's spade ace; dummy leads H7; West, fourth, plays ``card``
    before East, second; the declarer is to choose."""
    game = game_at_play(SPLIT, rules=rules)
    for played in ("S2", "SA", "S8", "S3", "H7"):
        game.apply(f"play {played}")
    assert texts(game.out_of_turn_actions(WEST)) == ["play H2", "play HK"]
    game.apply(f"play {card}", player=WEST)
    assert (game.phase, game.to_act) == ("penalty", Seat.SOUTH)
    return game


def test_law_80_the_second_hand_called_upon_to_win_the_trick() -> None:
    """Law 80: "... the latter may be called upon to play his highest or lowest
    card of the suit played, or to win or lose the trick." Called upon to win,
    East must play a card that beats both cards on the table (dummy's seven,
    West's two): his jack, nine or eight; any other is open to him only as the
    failure of law 73 (below), and where the rules leave law 73 out, not at all."""
    game = _fourth_before_second("H2", with_changes(AUCTION, laws__failure_to_obey=False))
    game.apply("require win")
    assert game.log[-1].to_data() == {
        "index": 17,
        "kind": "require",
        "seat": "S",
        "player": "B",
        "action": "require win",
    }
    assert (game.to_act, texts(game.legal_actions())) == (
        Seat.EAST,
        ["play H8", "play H9", "play HJ"],
    )
    assert game.irregular_actions() == ()
    refused(
        game,
        "play H4",
        "play H4 refused: east (D) is called upon to win the trick: he must play a card "
        "that beats the cards on the table (law 80)",
    )
    game.apply("play H8")
    assert game.deal.demand is None
    assert texts(game.legal_actions()) == ["play H3", "play HT", "play HQ"]  # South: free


def test_law_73_called_upon_to_win_the_trick_he_fails_to_when_he_can() -> None:
    """Law 73 (the later printing's whole text): "or if, when called upon to
    win or lose a trick, he fail to do so when he can (Laws 71, 80, and 92)
    ... he is liable to the penalty for revoke (Law 84) unless such play be
    corrected before the trick be turned and quitted". Called upon to win,
    East plays his four: logged as disobeyed, liable; corrected in time, the
    card goes back and the demand binds him again."""
    game = _fourth_before_second("H2")
    game.apply("require win")
    assert texts(game.irregular_actions()) == ["play H4", "play H5", "play H6"]
    game.apply("play H4")
    assert game.log[-2].kind == "disobey"
    assert game.revokes == [(Seat.EAST, 2, True)]
    assert game.deal.demand is None
    game.apply("correct revoke", player=EAST)
    assert game.revokes == []
    assert (game.to_act, texts(game.legal_actions())) == (
        Seat.EAST,
        ["play H8", "play H9", "play HJ"],
    )


def test_law_80_the_second_hand_called_upon_to_lose_the_trick() -> None:
    """Law 80: called upon to lose the trick, East must play a card that beats
    neither card on the table: his six, five or four (any other, where the
    rules leave law 73 out, is refused)."""
    game = _fourth_before_second("H2", with_changes(AUCTION, laws__failure_to_obey=False))
    game.apply("require lose")
    assert texts(game.legal_actions()) == ["play H4", "play H5", "play H6"]
    refused(
        game,
        "play HJ",
        "play HJ refused: east (D) is called upon to lose the trick: he must play a card "
        "that beats neither of the cards on the table (law 80)",
    )


def test_law_80_a_second_hand_who_cannot_win_has_paid_the_penalty() -> None:
    """Law 80 read with laws 75 and 79 ("If a player called on to lead a suit
    has none of it, the penalty is paid"): West's king on the table, East
    holds no heart that wins; called upon to win, he plays any heart, as the
    declarer, who cannot see his hand, could not know."""
    game = _fourth_before_second("HK")
    assert "require win" in texts(game.legal_actions())
    game.apply("require win")
    assert game.deal.demand is None
    assert texts(game.legal_actions()) == [f"play H{r}" for r in "45689J"]


def test_law_80_the_bridge_code_elw05_law_82_the_fourth_hand_before_the_second() -> None:
    """The Bridge code, ELW05 law 82: "Should the third hand not have played
    and the fourth play before his partner, the latter (not being dummy or
    dealer) may be called upon to play his highest or lowest card of the suit
    played, or to win or lose the trick" (found in issue 20 in a copy of
    Project Gutenberg #38000): the 1912 law 80 in other words, so bridge
    regulates it as auction-bridge does. West, fourth, plays before East,
    second; the dealer requires East's lowest heart."""
    assert BRIDGE.laws.fourth_hand_early == ("highest", "lowest", "win", "lose")
    assert AUCTION.laws.fourth_hand_early == ("highest", "lowest", "win", "lose")
    game = _west_plays_before_east(_bridge_at_play())
    game.apply("require lowest")
    assert texts(game.legal_actions()) == ["play H9"]
    for card in ("H9", "H6", "H2"):
        game.apply(f"play {card}")
    assert game.log[-1].detail["cards"] == ["HA", "H9", "H6", "H2"]


def _false_lead(rules: str = "auction-bridge") -> Game:
    """East leads the heart jack out of turn (West's turn); the declarer lets
    it stand; South follows with the six."""
    game = game_at_play() if rules == "auction-bridge" else _bridge_at_play()
    game.apply("play HJ", player=EAST)
    game.apply("let lead stand")
    game.apply("play HJ")
    return game


def _bridge_at_play() -> Game:
    game = Game(BRIDGE, 1, deals=[DEAL], laws=True)
    game.apply("declare no_trumps")
    game.apply("pass")
    game.apply("pass")
    assert (game.declarer, game.to_act) == (Seat.SOUTH, Seat.WEST)
    return game


def test_law_78_the_second_and_third_hands_cards_are_taken_back() -> None:
    """Law 78: "... but if only the second, or second and third play to the
    false lead, their cards may be taken back; there is no penalty against any
    except the original offender, who, if he be one of the declarer's
    adversaries, may be penalized as provided in Law 76." After South and
    West follow East's false lead, West notices it: the three cards go back
    to their hands, West (the rightful leader) is to lead, and the declarer
    may treat the jack as exposed or call a suit (no longer let it stand)."""
    game = _false_lead()
    assert "take back false lead" in texts(game.remarks(WEST))
    assert "take back false lead" in texts(game.remarks(SOUTH))
    game.apply("play H6")
    game.apply("play H2")
    game.apply("take back false lead", player=WEST)
    assert game.log[-1].to_data() == {
        "index": 15,
        "kind": "false_lead",
        "seat": "E",
        "player": "A",
        "action": "take back false lead",
        "detail": {"card": "HJ", "withdrawn": ["H6", "H2"], "turn": "W", "forfeited": False},
    }
    assert game.hands == [h.bits for h in DEAL]
    assert (game.phase, game.to_act, texts(game.legal_actions())) == (
        "penalty",
        Seat.SOUTH,
        ["treat lead as exposed", *CALLS, "decline penalty"],
    )
    game.apply("treat lead as exposed")
    assert (game.phase, game.to_act, game.deal.trick_cards) == ("play", Seat.WEST, [])
    assert game.deal.cards_exposed == {Seat.EAST: 1 << 35}  # the jack, face up
    game.apply("play S2")  # West leads; the trick goes on from his left
    assert game.to_act == Seat.NORTH


def test_law_78_an_exposed_card_played_to_the_false_lead_is_exposed_again() -> None:
    """Law 78: "there is no penalty against any except the original
    offender": the cards taken back are no new exposed cards, but West's two
    of hearts, exposed before (law 67) and played to the false lead, goes back
    to his hand as it was, face up and liable to be called."""
    game = game_at_play()
    game.apply("expose H2", player=WEST)
    game.apply("play HJ", player=EAST)
    game.apply("let lead stand")
    for card in ("HJ", "H6", "H2"):
        game.apply(f"play {card}")
    assert game.deal.cards_exposed == {Seat.WEST: 0}
    game.apply("take back false lead", player=SOUTH)
    game.apply("decline penalty")
    assert game.deal.cards_exposed == {Seat.WEST: 1 << 26}  # the two of hearts
    assert game.hands == [h.bits for h in DEAL]


def test_law_78_noticed_by_dummy_the_cards_go_back_without_penalty() -> None:
    """Law 61 (seed 002): "Should the dummy call attention to any other
    incident in the play of the hand in respect of which any penalty might be
    exacted, the fact that he has done so deprives the declarer of the right
    of exacting such penalty." North's player notices the false lead: the
    cards go back (law 78), West leads, and no penalty is chosen."""
    game = _false_lead()
    game.apply("play H6")
    game.apply("take back false lead", player=NORTH)
    assert game.log[-1].detail["forfeited"] is True
    assert (game.phase, game.to_act, game.deal.cards_exposed) == ("play", Seat.WEST, {})
    assert len(game.legal_actions()) == 13  # West leads what he likes


def test_law_78_once_the_three_others_follow_the_error_cannot_be_rectified() -> None:
    """Law 78: "If any player lead out of turn and the three others follow,
    the trick is complete and the error cannot be rectified": with three cards
    on the false lead it may still be noticed; the fourth ends it."""
    game = _false_lead()
    for card in ("H6", "H2"):
        game.apply(f"play {card}")
    assert "take back false lead" in texts(game.remarks(NORTH))
    game.apply("play HQ")
    assert game.deal.false_lead is None
    assert "take back false lead" not in texts(game.remarks(WEST))
    refused(
        game,
        "take back false lead",
        "take back false lead refused: no lead out of turn let stand has cards on it "
        "that may be taken back: once the three others follow, the trick is complete "
        "(law 78)",
        WEST,
    )


def test_elw07_the_false_lead_taken_back_the_dealer_calls_the_card() -> None:
    """ELW07 "Leads out of turn": "but if only the second, or second and third
    play to the false lead, their cards may be taken back; there is no penalty
    against any one except the original offender, who, if he be one of the
    dealer's adversaries, may be penalised as above" ("the dealer may call the
    card erroneously led, or may call a suit")."""
    game = _false_lead("bridge")
    game.apply("play H6")
    game.apply("take back false lead", player=SOUTH)
    assert game.log[-1].detail == {
        "card": "HJ",
        "withdrawn": ["H6"],
        "turn": "W",
        "forfeited": False,
    }
    assert texts(game.legal_actions()) == ["treat lead as exposed", *CALLS, "decline penalty"]
    game.apply("decline penalty")
    assert (game.phase, game.to_act, game.hands) == ("play", Seat.WEST, [h.bits for h in DEAL])


def test_law_78_a_house_rule_without_the_second_clause_lets_nothing_be_taken_back() -> None:
    """``laws.false_lead_taken_back: false``: a lead let stand is never taken
    back, and the refusal says why."""
    with tempfile.TemporaryDirectory() as tmp:
        house = Path(tmp) / "house.yaml"
        house.write_text(
            "extends: auction-bridge\nname: no-take-back\nlaws:\n  false_lead_taken_back: false\n"
        )
        rules = load_rules(str(house))
    game = Game(rules, 1, deals=[DEAL], laws=True)
    for call in ("bid 1 no_trumps", "pass", "pass", "pass"):
        game.apply(call)
    game.apply("play HJ", player=EAST)
    game.apply("let lead stand")
    game.apply("play HJ")
    assert game.deal.false_lead is None
    refused(
        game,
        "take back false lead",
        "take back false lead refused: no-take-back takes back no card played to a "
        "lead out of turn (law 78)",
        WEST,
    )


def test_law_78_the_false_lead_taken_back_replays_from_its_record() -> None:
    """The notice and its penalty are in the record with their player:
    replayed, it is the same game; its readable record says what was taken
    back; exported to PBN (the notice goes in OtherActions with its player)
    and imported again, it is the same record."""
    game = _false_lead()
    game.apply("play H6")
    game.apply("take back false lead", player=WEST)
    game.apply("call lead spades")
    for card in ("S2", "SA", "S7", "S3"):
        game.apply(f"play {card}")
    replayed = Game.from_record(json.loads(json.dumps(game.to_record())))
    assert replayed.log == game.log
    assert snapshot(replayed) == snapshot(game)
    while game.deal_number == 1:  # the record writes a deal's tricks at its end
        game.apply(game.legal_actions()[0])
    text = game_record(game, symbols=False)
    assert "A notices East (D)'s lead out of turn: HJ H6 taken back (law 78)" in text
    assert "take back false lead" in pbn_round_trip(game)  # exported and imported: the same


def test_elw07_a_card_exposed_before_the_trump_lets_the_eldest_hand_claim_a_new_deal() -> None:
    """ELW07 "Cards exposed before play": "If, after the deal has been
    completed and before the trump declaration has been made, either the
    dealer or his partner expose a card from his hand, the eldest hand may,
    without consulting with his partner, claim a new deal.\""""
    game = Game(BRIDGE, 1, laws=True)
    assert game.dealer == Seat.SOUTH
    card = texts(game.remarks(NORTH))[0]
    game.apply(card, player=NORTH)
    assert (game.phase, game.to_act) == ("penalty", Seat.WEST)
    assert texts(game.legal_actions()) == ["demand new deal", "decline penalty"]
    game.apply("demand new deal")
    assert (game.deal_number, game.phase, game.dealer) == (2, "declare", Seat.SOUTH)


def test_elw07_the_partner_forfeits_his_right_to_double() -> None:
    """ELW07: "If, after the deal has been completed and before a card is led,
    any player shall expose a card, his partner shall forfeit any right to
    double or re-double which he otherwise would have been entitled to
    exercise." An adversary's card exposed before the trump is made costs no
    new deal."""
    game = Game(BRIDGE, 1, laws=True)
    game.apply(texts(game.remarks(WEST))[0], player=WEST)
    assert game.phase == "declare"  # no penalty to choose: West is no dealer's partner
    game.apply("declare hearts")
    assert (game.to_act, texts(game.legal_actions())) == (Seat.WEST, ["pass", "double"])
    game.apply("pass")  # "May I lead?"
    assert (game.to_act, texts(game.legal_actions())) == (Seat.EAST, ["pass"])
    refused(
        game,
        "double",
        "double refused: east (D) has forfeited his right to double: "
        "his partner exposed a card before the lead",
    )


def test_elw07_the_dealer_may_either_call_the_card_or_forbid_its_suit() -> None:
    """ELW07: "in case of a card being so exposed by the leader's partner, the
    dealer may either call the card or require the leader" not to lead its
    suit: prohibited, the card is no longer liable (1912 law 66: in addition)."""
    game = Game(BRIDGE, 1, laws=True)
    game.apply("declare no_trumps")
    game.apply("pass")
    game.apply("pass")
    exposed = next(
        a for a in game.remarks(EAST) if a.card is not None and a.card.suit.name == "HEARTS"
    )
    game.apply(exposed, player=EAST)
    assert said(game, SOUTH) == ["forbid lead hearts"]
    game.apply("forbid lead hearts", player=SOUTH)
    assert game.deal.cards_exposed == {Seat.EAST: 0}
    assert not any(a.kind == "play" and a.card.suit.name == "HEARTS" for a in game.legal_actions())  # type: ignore[union-attr]


def test_strict_play_refuses_exposures_and_leads_out_of_turn() -> None:
    """In strict play nothing of this can happen, and a refusal changes nothing."""
    game = game_at_play(laws=False)
    assert game.remarks(EAST) == ()
    assert game.out_of_turn_actions(EAST) == ()
    refused(
        game,
        "expose HJ",
        "expose HJ refused: remarks in the play are regulated only in laws mode",
        EAST,
    )
    refused(
        game,
        "play HJ",
        "play HJ refused: it is A's turn; D may not play out of turn here (strict play)",
        EAST,
    )


def test_exposures_and_leads_out_of_turn_replay_from_their_record() -> None:
    """A record keeps each exposure, call, prohibition and card out of turn
    with its player: replayed, it is the same game; exported to PBN (they go
    in the OtherActions tag) and imported again, it is the same record."""
    game = Game(AUCTION, 1, deals=[DEAL], laws=True)
    game.apply("bid 1 no_trumps")
    game.apply("expose H9", player=EAST)
    for call in ("pass", "pass", "pass"):
        game.apply(call)
    game.apply("forbid lead hearts", player=SOUTH)
    game.apply("play DJ", player=EAST)
    game.apply("treat lead as exposed")
    game.apply("play D2")
    game.apply("play DA")
    game.apply("call DJ", player=SOUTH)
    game.apply("play DJ")
    replayed = Game.from_record(json.loads(json.dumps(game.to_record())))
    assert replayed.log == game.log
    assert snapshot(replayed) == snapshot(game)
    while game.deal_number == 1:  # PBN holds finished deals
        game.apply(game.legal_actions()[0])
    other = pbn_round_trip(game)
    for text in ("expose H9", "forbid lead hearts", "play DJ", "treat lead as exposed"):
        assert text in other
    assert "call DJ" in other


def test_elw07_the_third_hand_leads_before_the_doubling_the_maker_calls_a_suit() -> None:
    """ELW07 "Doubling, re-doubling": "If the right-hand adversary of the
    dealer lead out of turn, the maker of the trump may call a suit from the
    eldest hand, who may only double if the maker of the trump consent.\""""
    game = Game(BRIDGE, 1, laws=True)
    game.apply("declare hearts")
    assert (game.phase, game.to_act) == ("double", Seat.WEST)
    assert texts(game.out_of_turn_actions(EAST))[:3] == ["double", "play C8", "play CK"]
    game.apply("play C8", player=EAST)
    assert game.log[-1].to_data() == {
        "index": 5,
        "kind": "out_of_turn",
        "seat": "E",
        "player": "D",
        "action": "play C8",
        "detail": {"turn": "W"},
    }
    assert (game.phase, game.to_act) == ("penalty", Seat.SOUTH)  # the maker
    assert texts(game.legal_actions()) == [*CALLS, "decline penalty"]
    game.apply("call lead spades")
    # the card goes back; the eldest hand, not consented to, may only pass
    assert (game.phase, game.to_act, texts(game.legal_actions())) == ("double", Seat.WEST, ["pass"])
    game.apply("pass")
    assert texts(game.legal_actions()) == ["pass", "double"]  # East may double
    game.apply("pass")
    assert (game.phase, game.to_act) == ("play", Seat.WEST)
    assert all(a.card is not None and a.card.suit.name == "SPADES" for a in game.legal_actions())


def test_elw07_the_maker_consents_the_eldest_hand_may_double() -> None:
    """ELW07: declining the penalty, the maker consents: the eldest hand may
    double and lead what he likes."""
    game = Game(BRIDGE, 1, laws=True)
    game.apply("declare hearts")
    game.apply("play C8", player=EAST)
    game.apply("decline penalty")
    assert (game.phase, game.to_act, texts(game.legal_actions())) == (
        "double",
        Seat.WEST,
        ["pass", "double"],
    )


def test_a_hand_its_player_may_not_see_offers_no_card_to_expose() -> None:
    """Seed 000 (Double Dummy): "neither may look at more than one hand": a
    hand its player may not see now offers no card to expose or lead out of
    turn, whose list would tell him its cards."""
    game = Game(load_rules("double-dummy"), 1, laws=True)
    game.apply("declare hearts")
    game.apply("pass")
    assert not game.sees("A", Seat.WEST)
    assert game.remarks("A") == ()
    game.apply("look W")
    assert game.sees("A", Seat.WEST)
    assert [t for t in texts(game.remarks("A")) if t.startswith("expose ")][:2] == [
        "expose C5",
        "expose C9",
    ]


def test_law_65_the_readable_record_names_the_exposed_card_as_the_screen_shows_it() -> None:
    """Law 65, in the record ``play`` prints: the card as the play's cards are
    written (``♥9``; ``H9`` with ``--ascii``), never the internal code beside
    symbols (issue 21's complaint of "internal card codes")."""
    game = Game(AUCTION, 1, deals=[DEAL], laws=True)
    game.apply("bid 1 no_trumps")
    game.apply("expose H9", player=EAST)
    line = "  East (D) exposes {}: his partner may not bid or double again"
    assert line.format("♥9") in game_record(game).splitlines()[-6:]
    assert line.format("H9") in game_record(game, symbols=False).splitlines()[-6:]


def test_law_83_a_lead_out_of_turn_let_stand_establishes_the_revokers_revoke() -> None:
    """Law 83: a revoke is established when "either the revoking player or
    his partner, whether in his right turn or otherwise, has led or played to
    the following trick". East renounces a heart (he holds two); North wins
    the trick, and East leads the ten of spades out of turn, which the
    declarer lets stand (law 78): the revoke may no longer be asked about or
    corrected (found by the sampler of issue 20: before, West asked "Having
    none?", the trick was played again and the false lead's state broke the
    play)."""
    game = game_at_play(VOID)
    for card in ("H2", "HA", "S2", "H6"):
        game.apply(f"play {card}")
    assert "ask having none" in texts(game.remarks(WEST))
    assert "correct revoke" in texts(game.remarks(EAST))
    game.apply("play ST", player=EAST)
    game.apply("let lead stand")
    assert "ask having none" not in texts(game.remarks(WEST))
    assert "correct revoke" not in texts(game.remarks(EAST))
    refused(
        game,
        "ask having none",
        "ask having none refused: A may not ask: no partner of his has failed to follow suit "
        "in a trick still open (law 85; dummy: law 60 a)",
        player=WEST,
    )


def test_messages_cite_the_law_of_the_code_the_variant_follows() -> None:
    """Issue 20: a message cites the law of the code the variant follows, as
    the rule file's ``laws.citations`` maps the 1912 numbers the engine
    names, read against the whole ELW05 code (Project Gutenberg #38000): the
    same refusal cites law 67 in Auction Bridge and ELW05 law 69 ("All cards
    exposed by the dealer's adversaries are liable to be called") in Bridge;
    law 71 is ELW05 law 73; a 1912 law of the bidding, which the Bridge code
    has not, is cited as the 1912 code's. The readable record cites them so
    too."""
    calls = (
        "call C4 refused: only the declarer calls an exposed card, of the adversary to play, "
        "when it may be played without revoking"
    )
    auction = game_at_play()
    bridge = _bridge_at_play()
    for game, law in ((auction, "law 67"), (bridge, "ELW05 law 69")):
        game.apply("play S2")
        with pytest.raises(IllegalActionError) as refusal:
            game.apply("call C4", player=SOUTH)
        assert str(refusal.value) == (f"{calls} ({law}; a call never makes him revoke)")
    assert BRIDGE.laws.cite("(laws 71, 80)") == "(ELW05 law 73, ELW05 law 82)"
    # law 93's reference to the play is ELW05 law 101 (the bidding's messages
    # cite "1912 law 51, 1912 law 93" in full: the Bridge code has no bidding)
    assert BRIDGE.laws.cite("(laws 51, 93)") == "(1912 law 51, ELW05 law 101)"
    assert BRIDGE.laws.cite("laws 65-70") == (
        "ELW05 law 68, ELW05 law 69, ELW05 law 70, ELW05 law 71, ELW05 law 72"
    )
    assert BRIDGE.laws.cite("(law 60 a)") == "(ELW05 law 62 a)"
    assert BRIDGE.laws.cite("ELW05 law 74") == "ELW05 law 74"  # cited once only
    assert AUCTION.laws.cite("(laws 71, 80)") == "(laws 71, 80)"
    for game in (auction, bridge):
        game.apply("throw down hand", player=EAST)
        while game.deal_number == 1:  # (the record writes a deal's tricks at its end)
            game.apply(game.legal_actions()[0])
    thrown = "      East (D) throws his cards face up, liable to be called ({}): "
    assert any(
        line.startswith(thrown.format("law 72")) for line in game_record(auction).split("\n")
    )
    assert any(
        line.startswith(thrown.format("ELW05 law 74")) for line in game_record(bridge).split("\n")
    )
    assert "law 72" not in game_record(bridge)
