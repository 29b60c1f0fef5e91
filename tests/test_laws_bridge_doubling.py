"""Laws mode: the eldest hand's lead before the doubling is done (ELW05, the
American club code, laws 56 and 58; the whole code in Project Gutenberg
#38000, the copy in cicadasolvers/txt, 38000.txt).

Law 58: "Should the eldest hand lead without asking permission, his partner
may double, but only if the maker of the trump consent."

Law 56: "If the eldest hand lead before the doubling be completed, his
partner may re-double only with the consent of the adversary who last
doubled; but such lead shall not affect the right of either adversary to
double."

Seed 1 seats B South (the dealer), C North, A West (the eldest hand), D East.
West holds C5 C9 CT CJ, D3 DA, H3 H4 H7 HT HK, S3 ST.
"""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest
from test_laws_exposed import pbn_round_trip

from dummybridge.core.cards import Seat
from dummybridge.engine.game import Game
from dummybridge.errors import IllegalActionError
from dummybridge.formats.render import game_record, penalty_text
from dummybridge.language.loader import load_rules
from dummybridge.web.views import player_view

BRIDGE = load_rules("bridge")
WEST_CARDS = [
    "play C5",
    "play C9",
    "play CT",
    "play CJ",
    "play D3",
    "play DA",
    "play H3",
    "play H4",
    "play H7",
    "play HT",
    "play HK",
    "play S3",
    "play ST",
]
CONSENT = ["consent to double", "withhold consent"]


def _texts(actions: object) -> list[str]:
    return [str(a) for a in actions]  # type: ignore[attr-defined]


def _led_without_asking() -> Game:
    """South makes hearts; West, in his turn to double or ask "May I lead?",
    leads the club ten instead (ELW05 law 58)."""
    game = Game(BRIDGE, 1, laws=True)
    game.apply("declare hearts")
    assert (game.phase, game.to_act, _texts(game.legal_actions())) == (
        "double",
        Seat.WEST,
        ["pass", "double"],
    )
    assert _texts(game.irregular_actions()) == WEST_CARDS
    game.apply("play CT")
    return game


def test_elw05_law_58_the_eldest_hand_leads_without_asking_the_maker_consents() -> None:
    """ELW05 law 58: "his partner may double, but only if the maker of the
    trump consent": East's double waits for South's consent; given, the
    double stands and the re-doubling may go on; the lead stands: it is
    West's opening lead, the only card he may play."""
    game = _led_without_asking()
    assert game.log[-1].to_data() == {
        "index": 5,
        "kind": "early_lead",
        "seat": "W",
        "player": "A",
        "action": "play CT",
        "detail": {"law": 58},
    }
    # West speaks no more; East may pass, or double subject to consent
    assert (game.phase, game.to_act, _texts(game.legal_actions())) == (
        "double",
        Seat.EAST,
        ["pass"],
    )
    assert _texts(game.irregular_actions()) == ["double"]
    game.apply("double")
    assert [(op.kind, op.seat, op.detail["law"]) for op in game.log[-1:]] == [
        ("double_asked", Seat.EAST, 58)
    ]
    assert (game.phase, game.to_act, _texts(game.legal_actions())) == (
        "penalty",
        Seat.SOUTH,
        CONSENT,
    )
    game.apply("consent to double")
    assert (game.phase, game.to_act, game.doubling_level) == ("double", Seat.SOUTH, 1)
    assert _texts(game.legal_actions()) == ["pass", "redouble"]
    game.apply("pass")
    game.apply("pass")
    assert (game.phase, game.to_act, game.doubling_level) == ("play", Seat.WEST, 1)
    assert _texts(game.legal_actions()) == ["play CT"]
    assert game.irregular_actions() == ()  # (no other card: the lead stands)
    game.apply("play CT")
    assert game.to_act == Seat.NORTH


def test_elw05_law_58_the_maker_withholds_his_consent() -> None:
    """ELW05 law 58, the maker not consenting: East's double is void; he may
    only pass (the refusal cites the law), and the play begins undoubled with
    West's lead. The deal played out round-trips through PBN and its record."""
    game = _led_without_asking()
    game.apply("double")
    game.apply("withhold consent")
    assert game.log[-1].kind == "withhold_consent"
    assert (game.phase, game.to_act, game.doubling_level) == ("double", Seat.EAST, 0)
    assert (_texts(game.legal_actions()), game.irregular_actions()) == (["pass"], ())
    with pytest.raises(
        IllegalActionError,
        match=r"^double refused: east \(D\) may double only with the consent of south "
        r"\(B\): his partner has led \(ELW05 law 58\)$",
    ):
        game.apply("double")
    game.apply("pass")
    assert (game.phase, game.to_act, game.doubling_level) == ("play", Seat.WEST, 0)
    assert _texts(game.legal_actions()) == ["play CT"]
    record = game_record(game)
    assert '  West (A) leads ♣T without asking "May I lead?" (ELW05 law 58): it stands' in (
        record.splitlines()
    )
    assert "  East (D) doubles, subject to consent (ELW05 law 58)" in record.splitlines()
    while game.deal_number == 1:
        game.apply(game.legal_actions()[0])
    assert '\\"withhold consent\\"' in pbn_round_trip(game)
    data = json.loads(json.dumps(game.to_record()))
    assert Game.from_record(data).state_dict() == game.state_dict()


def test_elw05_law_58_his_partner_need_not_double() -> None:
    """East passes ("Yes"): no consent is asked, the play begins."""
    game = _led_without_asking()
    game.apply("pass")
    assert (game.phase, game.to_act, _texts(game.legal_actions())) == (
        "play",
        Seat.WEST,
        ["play CT"],
    )


def test_elw05_law_58_is_refused_in_strict_play() -> None:
    game = Game(BRIDGE, 1)
    game.apply("declare hearts")
    assert game.irregular_actions() == ()
    with pytest.raises(IllegalActionError, match=r"^play CT refused: west \(A\) may only double"):
        game.apply("play CT")
    assert (game.phase, game.to_act) == ("double", Seat.WEST)


def _led_after_a_double() -> Game:
    """West doubles; before South, the maker, has spoken, West leads the
    club ten (ELW05 law 56: "before the doubling be completed")."""
    game = Game(BRIDGE, 1, laws=True)
    game.apply("declare hearts")
    game.apply("double")
    assert game.to_act == Seat.SOUTH
    assert _texts(game.out_of_turn_actions("A")) == WEST_CARDS
    game.apply("play CT", player="A")
    return game


def test_elw05_law_56_the_lead_does_not_affect_the_makers_right_to_redouble() -> None:
    """ELW05 law 56: "such lead shall not affect the right of either
    adversary to double": read as the eldest hand's adversaries, the dealer
    and his partner (who re-double); no decision follows the lead itself."""
    game = _led_after_a_double()
    assert game.log[-1].to_data() == {
        "index": 6,
        "kind": "out_of_turn",
        "seat": "W",
        "player": "A",
        "action": "play CT",
        "detail": {"turn": "S", "law": 56},
    }
    assert (game.phase, game.to_act, _texts(game.legal_actions())) == (
        "double",
        Seat.SOUTH,
        ["pass", "redouble"],
    )
    assert game.out_of_turn_actions("A") == ()  # (his lead is made)
    assert game.out_of_turn_actions("D") == ()  # (nor may East lead now: ELW05 law 60)
    game.apply("pass")
    game.apply("pass")  # North
    assert (game.phase, game.to_act, game.doubling_level) == ("play", Seat.WEST, 1)
    assert _texts(game.legal_actions()) == ["play CT"]


def test_elw05_law_56_his_partner_re_doubles_with_the_consent_of_the_last_doubler() -> None:
    """ELW05 law 56: "his partner may re-double only with the consent of the
    adversary who last doubled": South satisfied, North redoubles; West, who
    led, speaks no more (though the original doubler); East's doubling again
    waits for North's consent."""
    game = _led_after_a_double()
    game.apply("pass")  # South: satisfied
    game.apply("redouble")  # North
    assert (game.phase, game.to_act, game.doubling_level) == ("double", Seat.EAST, 2)
    assert (_texts(game.legal_actions()), _texts(game.irregular_actions())) == (
        ["pass"],
        ["double"],
    )
    game.apply("double")
    assert (game.log[-1].kind, game.log[-1].detail["law"]) == ("double_asked", 56)
    assert (game.phase, game.to_act, _texts(game.legal_actions())) == (
        "penalty",
        Seat.NORTH,
        CONSENT,
    )
    game.apply("consent to double")
    assert (game.phase, game.to_act, game.doubling_level) == ("double", Seat.NORTH, 3)


def test_elw05_law_56_the_adversary_who_last_doubled_withholds_his_consent() -> None:
    """South redoubles; East's doubling again is void without his consent
    (refused citing law 56), and the play begins redoubled with West's lead;
    the PBN round trip keeps the decisions."""
    game = _led_after_a_double()
    game.apply("redouble")  # South
    assert game.to_act == Seat.EAST
    game.apply("double")
    assert game.to_act == Seat.SOUTH
    game.apply("withhold consent")
    with pytest.raises(
        IllegalActionError, match=r"south \(B\): his partner has led \(ELW05 law 56\)"
    ):
        game.apply("double")
    game.apply("pass")
    assert (game.phase, game.to_act, game.doubling_level) == ("play", Seat.WEST, 2)
    assert "  West (A) leads ♣T before the doubling is done (ELW05 law 56): it stands" in (
        game_record(game).splitlines()
    )
    while game.deal_number == 1:
        game.apply(game.legal_actions()[0])
    assert '\\"withhold consent\\"' in pbn_round_trip(game)


def test_elw05_law_56_in_his_turn_once_a_doubling_is_made() -> None:
    """West, the original doubler, has the first right to double again after
    South's redouble (law 53); leading then, in his turn, is law 56's lead."""
    game = Game(BRIDGE, 1, laws=True)
    game.apply("declare hearts")
    game.apply("double")
    game.apply("redouble")
    assert (game.to_act, _texts(game.irregular_actions())) == (Seat.WEST, WEST_CARDS)
    game.apply("play H3")
    assert (game.log[-1].kind, game.log[-1].detail) == ("early_lead", {"law": 56})
    assert (game.to_act, _texts(game.legal_actions())) == (Seat.EAST, ["pass"])


def test_no_lead_before_the_doubling_where_the_partner_never_doubles() -> None:
    """Double Dummy: each side is one player, whose partner is his own Dummy:
    there is no consent to ask (nor in an auction, which has no such lead)."""
    game = Game(load_rules("double-dummy"), 1, laws=True)
    game.apply("declare hearts")
    assert game.phase == "double"
    assert not any(a.kind == "play" for a in game.irregular_actions())
    assert not any(a.kind == "play" for p in game.players for a in game.out_of_turn_actions(p))


def _view(game: Game, player: str) -> dict[str, object]:
    """What the web table sends ``player`` now (as test_laws_codes reads it)."""
    obs = game.observation(player)
    table = SimpleNamespace(game=game, stored=SimpleNamespace(stand_ins={}))
    return dict(json.loads(player_view(table, player, obs.hands, obs.legal_actions, '{"at": 0}')))


def test_the_web_table_offers_the_lead_the_double_and_the_consent() -> None:
    """The web table sends each player what the engine offers him (ELW05
    laws 56, 58): West his leads among his irregular actions, then East the
    double subject to consent; South, who decides, the penalty text citing
    the law. (The terminal lists the same ``irregular_actions()`` under
    "Laws mode".)"""
    game = Game(BRIDGE, 1, laws=True)
    game.apply("declare hearts")
    view = _view(game, "A")
    assert [item["action"] for item in view["irregular"]] == WEST_CARDS  # type: ignore[union-attr,index]
    game.apply("play CT")
    view = _view(game, "D")
    assert [item["action"] for item in view["legal"]] == ["pass"]  # type: ignore[union-attr,index]
    assert [item["action"] for item in view["irregular"]] == ["double"]  # type: ignore[union-attr,index]
    game.apply("double")
    assert _view(game, "B")["penalty"] == (
        "East (D) doubles, subject to consent (ELW05 law 58). South (B) may exact a "
        "penalty, or decline it"
    )
    assert [item["action"] for item in _view(game, "B")["legal"]] == CONSENT  # type: ignore[union-attr,index]
    assert "penalty" not in _view(game, "D")
    game.apply("consent to double")
    assert "penalty" not in _view(game, "B")


def test_the_penalty_text_of_a_redouble_out_of_turn_cites_law_55() -> None:
    """ELW05 law 55, as the player who decides reads it (and the record)."""
    game = Game(BRIDGE, 1, laws=True)
    game.apply("declare hearts")
    game.apply("double")
    game.apply("redouble", player="C")
    assert penalty_text(game) == (
        "North (C) redoubles out of turn (ELW05 law 55). West (A) may exact a penalty, "
        "or decline it"
    )
    game.apply("accept call")
    assert "  West (A) lets the call stand" in game_record(game).splitlines()


def test_elw05_law_56_out_of_turn_while_his_partner_is_to_double_again() -> None:
    """East doubled after West's "May I lead?", South redoubled: East, the
    original doubler, speaks first, West after him. West leads out of turn
    now: he speaks no more, and East's doubling again waits for South's
    consent (ELW05 law 56); East content, the play begins with the lead."""
    game = Game(BRIDGE, 1, laws=True)
    game.apply("declare hearts")
    game.apply("pass")  # West: "May I lead?"
    game.apply("double")  # East
    game.apply("redouble")  # South
    assert (game.to_act, game.deal.doubling_queue) == (Seat.EAST, [Seat.WEST])
    game.apply("play S3", player="A")
    assert (game.to_act, game.deal.doubling_queue) == (Seat.EAST, [])
    assert (_texts(game.legal_actions()), _texts(game.irregular_actions())) == (
        ["pass"],
        ["double"],
    )
    game.apply("pass")
    assert (game.phase, game.to_act, game.doubling_level) == ("play", Seat.WEST, 2)
    assert _texts(game.legal_actions()) == ["play S3"]
