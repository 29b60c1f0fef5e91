"""Laws mode: law 71, winning cards led on before the partner plays (1912
code, Work's *Auction of To-day*; the Bridge code's law 73, ELW05).

"If, without waiting for his partner to play, either of the declarer's
adversaries play or lead a winning card, as against the declarer and dummy,
and continue (without waiting for his partner to play) to lead several such
cards, the declarer may demand that the partner of the player in fault win,
if he can, the first or any other of these tricks, and the other cards thus
improperly played are exposed."

As in test_laws_exposed.py, South (B) is the declarer at one no trump, North
(C) his dummy, West (A) leads and East (D) is West's partner. West leads the
king of spades, which wins as against the declarer and dummy (East holds the
ace); dummy follows, and before East plays West leads on the king of hearts
and the queen of spades (East holds the ace of hearts). Every test here
takes no fixture (test_laws_registry runs them to see each penalty chosen).
"""

from __future__ import annotations

import json
from types import SimpleNamespace

from test_laws_dummy import EAST, SOUTH, WEST, snapshot, texts
from test_laws_exposed import AUCTION, BRIDGE, game_at_play, pbn_round_trip, refused

from dummybridge.core.cards import Hand, Seat
from dummybridge.engine.game import Game
from dummybridge.formats.render import game_record
from dummybridge.language.ruleset import RuleSet
from dummybridge.web.views import player_view
from support import with_changes

LED_ON = (
    Hand.from_pbn("T987.QJT.AKQ.AKQ"),  # North, dummy
    Hand.from_pbn("A65.A98.JT9.JT98"),  # East, the partner of the player in fault
    Hand.from_pbn("J43.7654.876.765"),  # South, the declarer
    Hand.from_pbn("KQ2.K32.5432.432"),  # West, the player in fault
)
#: the declarer's choices once West has led on HK and SQ
CHOICES = ["require win", "require win HK", "require win SQ", "decline penalty"]


def _view(game: Game, player: str) -> dict[str, list[dict[str, str]]]:
    """What the web table sends ``player`` now (his own part: legal actions, remarks)."""
    obs = game.observation(player)
    table = SimpleNamespace(game=game, stored=SimpleNamespace(stand_ins={}))  # (no place benched)
    text = player_view(table, player, obs.hands, obs.legal_actions, '{"at": 0}')
    return json.loads(text)  # (the view reads only the table's game)


def _led_on(rules: RuleSet = AUCTION) -> Game:
    """West leads SK, dummy plays S7; West leads on HK, then SQ."""
    game = game_at_play(LED_ON, rules=rules)
    game.apply("play SK")
    game.apply("play S7")
    assert game.to_act is Seat.EAST
    game.apply("lead on HK", player=WEST)
    game.apply("lead on SQ", player=WEST)
    assert (game.phase, game.to_act, texts(game.legal_actions())) == (
        "penalty",
        Seat.SOUTH,
        CHOICES,
    )
    return game


def test_law_71_a_winning_card_led_on_before_the_partner_plays() -> None:
    """ "... play or lead a winning card, as against the declarer and dummy,
    and continue (without waiting for his partner to play) to lead several
    such cards": West's SK is the best on the trick and neither the declarer
    (J43) nor dummy (T987, still holding them) can beat it; the cards he may
    lead on are those neither can beat (SQ over SJ, HK over HQ), not the
    two of spades nor a diamond (dummy's AKQ). Each card led on is logged and
    left face up, an exposed card; while the declarer has not chosen, West
    may lead on another."""
    game = game_at_play(LED_ON)
    game.apply("play SK")
    assert [t for t in texts(game.remarks(WEST)) if t.startswith("lead on")] == [
        "lead on HK",
        "lead on SQ",
    ]
    game.apply("play S7")
    # the web table's action list: West's view offers them among his remarks
    assert {"action": "lead on HK", "label": "lead on \u2665K"} in _view(game, WEST)["remarks"]
    game.apply("lead on HK", player=WEST)
    assert game.log[-1].to_data() == {
        "index": 12,
        "kind": "lead_on",
        "seat": "W",
        "player": "A",
        "action": "lead on HK",
        "detail": {"card": "HK", "first": "SK"},
    }
    assert (game.phase, game.to_act) == ("penalty", Seat.SOUTH)
    assert texts(game.legal_actions()) == ["require win", "require win HK", "decline penalty"]
    assert texts(game.remarks(WEST)) == ["lead on SQ"]  # he may continue
    assert game.deal.cards_exposed == {Seat.WEST: Hand.from_pbn(".K..").bits}
    game.apply("lead on SQ", player=WEST)
    assert texts(game.legal_actions()) == CHOICES
    assert [item["action"] for item in _view(game, SOUTH)["legal"]] == CHOICES
    assert texts(game.remarks(WEST)) == []  # no other card of his wins as against them
    assert texts(game.remarks(EAST)) == []


def test_law_71_the_partner_must_win_the_first_trick_if_he_can() -> None:
    """ "... the declarer may demand that the partner of the player in fault
    win, if he can, the first ... of these tricks, and the other cards thus
    improperly played are exposed": East must beat the king on the table,
    with his ace (law 80's demand, the same one); the cards led on stay face
    up, liable to be called (law 67), and West leads them when called. (The
    card that fails to win is refused where the rules leave law 73 out.)"""
    game = _led_on(with_changes(AUCTION, laws__failure_to_obey=False))
    game.apply("require win")
    assert game.log[-1].to_data() == {
        "index": 14,
        "kind": "require",
        "seat": "S",
        "player": "B",
        "action": "require win",
    }
    assert (game.to_act, texts(game.legal_actions())) == (Seat.EAST, ["play SA"])
    refused(
        game,
        "play S5",
        "play S5 refused: east (D) is called upon to win the trick: he must play a card "
        "that beats the cards on the table (law 71)",
    )
    game.apply("play SA")
    game.apply("play S3")  # East wins the trick: West's cards led on are exposed
    assert (game.to_act, game.deal.cards_exposed[Seat.WEST]) == (
        Seat.EAST,
        Hand.from_pbn("Q.K..").bits,
    )
    assert game.deal.led_on is None
    game.apply("play H8")
    game.apply("play H4")
    assert "call HK" in texts(game.remarks(SOUTH))  # liable to be called (law 67)


def test_law_71_the_partner_must_win_another_of_these_tricks() -> None:
    """ "... the first or any other of these tricks": the declarer names the
    trick the king of hearts begins. The trick in progress goes on freely
    (West wins it); West must then lead HK, no longer exposed, and once
    dummy has played to it East must win it with his ace; SQ stays exposed."""
    game = _led_on()
    game.apply("require win HK")
    assert game.log[-1].to_data() == {
        "index": 14,
        "kind": "win_trick",
        "seat": "S",
        "player": "B",
        "action": "require win HK",
    }
    assert texts(game.legal_actions()) == ["play S5", "play S6", "play SA"]
    game.apply("play S5")
    game.apply("play S3")  # West wins with SK
    assert game.deal.cards_exposed[Seat.WEST] == Hand.from_pbn("Q...").bits
    assert (game.to_act, texts(game.legal_actions())) == (Seat.WEST, ["play HK"])
    refused(
        game,
        "play H2",
        "play H2 refused: west (A) led HK on before his partner played: it is his lead (law 71)",
    )
    game.apply("play HK")
    game.apply("play HT")
    assert (game.to_act, texts(game.legal_actions())) == (Seat.EAST, ["play HA"])
    assert game.deal.demand is not None
    assert game.deal.demand[3] == 71
    game.apply("play HA")
    assert game.deal.demand is None
    assert game.deal.led_on_next is None


def test_law_71_another_trick_named_lapses_if_his_partner_takes_the_lead() -> None:
    """The trick the king of hearts would begin never comes if East overtakes
    (the trick in progress was not named): East leads the next trick, the
    demand lapses, and the king is exposed as the other card led on."""
    game = _led_on()
    game.apply("require win HK")
    game.apply("play SA")
    game.apply("play S3")
    assert game.to_act is Seat.EAST
    game.apply("play C8")
    assert game.deal.led_on_next is None
    assert game.deal.cards_exposed[Seat.WEST] == Hand.from_pbn("Q.K..").bits


def test_law_71_declined_the_cards_led_on_are_exposed() -> None:
    """The declarer exacts no demand: the play goes on, and the other cards
    "thus improperly played are exposed" all the same."""
    game = _led_on()
    game.apply("decline penalty")
    assert texts(game.legal_actions()) == ["play S5", "play S6", "play SA"]
    assert game.deal.cards_exposed[Seat.WEST] == Hand.from_pbn("Q.K..").bits
    # the declarer has chosen: no more cards led on to this trick
    assert [t for t in texts(game.remarks(WEST)) if t.startswith("lead on")] == []


def test_law_71_the_partner_who_fails_to_win_when_he_can_is_liable() -> None:
    """Law 73: "if, when called upon to win or lose a trick, he fail to do so
    when he can (Laws 71, 80, and 92) ... he is liable to the penalty for
    revoke": East's five of spades is his failure, logged and liable."""
    game = _led_on()
    game.apply("require win")
    assert texts(game.irregular_actions()) == ["play S5", "play S6"]
    game.apply("play S5")
    assert game.log[-2].kind == "disobey"
    assert game.revokes == [(Seat.EAST, 1, True)]


def test_law_71_not_a_winning_card_no_lead_on() -> None:
    """A card that does not win as against the declarer and dummy is no case
    of law 71: West's two of spades led, or his card beaten on the table,
    lets him lead nothing on; nor once his partner has played."""
    game = game_at_play(LED_ON)
    game.apply("play S2")  # dummy's T987 beat it
    refused(
        game,
        "lead on HK",
        "lead on HK refused: A may not lead HK on: only an adversary of the declarer whose "
        "card on the trick wins as against the declarer and dummy, before his partner "
        "plays, leads on another such card (law 71)",
        WEST,
    )
    game = game_at_play(LED_ON)
    for card in ("SK", "S7", "S5"):
        game.apply(f"play {card}")
    assert [t for t in texts(game.remarks(WEST)) if t.startswith("lead on")] == []


def test_law_71_a_house_rule_and_strict_play_refuse_it() -> None:
    """``laws.exposed_cards.winners_led_on: false`` leaves law 71 out; strict
    play regulates no remark; the Bridge code has it (ELW05 law 73)."""
    game = game_at_play(
        LED_ON, rules=with_changes(AUCTION, laws__exposed_cards__winners_led_on=False)
    )
    game.apply("play SK")
    refused(
        game,
        "lead on HK",
        "lead on HK refused: auction-bridge does not regulate winning cards led on (law 71)",
        WEST,
    )
    game = game_at_play(LED_ON, laws=False)
    game.apply("play SK")
    refused(
        game,
        "lead on HK",
        "lead on HK refused: remarks in the play are regulated only in laws mode",
        WEST,
    )
    assert BRIDGE.laws.exposed_cards is not None
    assert BRIDGE.laws.exposed_cards.winners_led_on


def test_law_71_in_the_bridge_code() -> None:
    """ELW05 law 73: "If, without waiting for his partner to play, either of
    the dealer's adversaries should play on the table the best card or lead
    one which is a winning card, as against the dealer and dummy ... may
    demand that the partner of the player in fault, win, if he can, the
    first, or any other of these tricks": the same in Bridge."""
    game = Game(BRIDGE, 1, deals=[LED_ON], laws=True)
    for call in ("declare no_trumps", "pass", "pass", "play SK", "play S7"):
        game.apply(call)
    game.apply("lead on HK", player=WEST)
    assert texts(game.legal_actions()) == ["require win", "require win HK", "decline penalty"]
    game.apply("require win")
    assert texts(game.legal_actions()) == ["play SA"]


def test_law_71_replays_from_its_record_and_pbn() -> None:
    """The leads on and the choice are in the record with their players:
    replayed, it is the same game; its readable record says what happened;
    exported to PBN (OtherActions) and imported again, the same record."""
    game = _led_on()
    game.apply("require win SQ")
    replayed = Game.from_record(json.loads(json.dumps(game.to_record())))
    assert replayed.log == game.log
    assert snapshot(replayed) == snapshot(game)
    while game.deal_number == 1:
        game.apply(game.legal_actions()[0])
    lines = game_record(game, symbols=False).splitlines()
    assert "      West (A) leads HK on before his partner plays (law 71)" in lines
    assert "      West (A) leads SQ on before his partner plays (law 71)" in lines
    assert "      South (B) calls upon his partner to win the trick SQ leads (law 71)" in lines
    assert "lead on SQ" in pbn_round_trip(game)


def test_law_71_at_the_prompt_the_dummy_player_leads_on() -> None:
    """At the terminal: in Double Dummy the person (A) plays both hands of
    the defending side (West's, and East's, a Dummy), so he is at the prompt
    when his partner's hand is to play; 'actions' lists his winning cards to
    lead on, he leads one on, and the dealer's bot chooses among the demands."""
    from dummybridge.apps.terminal import Session
    from dummybridge.language.loader import load_rules

    game = Game(load_rules("double-dummy"), 1, deals=[LED_ON], laws=True)
    for call in ("declare no_trumps", "pass", "look W", "play SK", "play S7"):
        game.apply(call)
    assert game.seat_player[Seat.WEST] == game.seat_player[Seat.EAST] == "A"
    out: list[str] = []
    # (after his card the session stops before the dealer's bot chooses: he
    # may lead on another while it has not; Enter lets it choose)
    script = iter(["actions", "lead on HK", "", "quit"])
    Session(
        game, "A", save_path=None, write=out.append, read=lambda prompt: next(script), symbols=False
    ).run()
    listed = [x for line in out for x in line.split("\n") if x.startswith("Laws mode: ")]
    assert any("lead on HK" in x for x in listed)
    kinds = [op.kind for op in game.log]
    at = kinds.index("lead_on")
    assert (game.log[at].player, str(game.log[at].action)) == ("A", "lead on HK")
    assert kinds[at + 1] in ("require", "win_trick", "decline")  # the declarer's bot chose
    assert game.log[at + 1].seat is Seat.SOUTH
