"""The Bridge state machine end to end (rules-reference.md §3, ELW05/ELW07 laws).

The first dealer is always South (the lowest cutter); the players are named
by the cut. Deals are preset where a test needs exact cards.
"""

from __future__ import annotations

import json

import pytest

from dummybridge.core.cards import Card, Hand, Seat
from dummybridge.engine.actions import Action
from dummybridge.engine.game import Game
from dummybridge.errors import IllegalActionError, InvalidNotationError
from dummybridge.language.loader import load_rules
from support import with_changes

BRIDGE = load_rules("bridge")

# North holds every spade, East every diamond, South every heart, West every club.
ONE_SUIT_EACH = (
    Hand.from_pbn("AKQJT98765432..."),
    Hand.from_pbn("..AKQJT98765432."),
    Hand.from_pbn(".AKQJT98765432.."),
    Hand.from_pbn("...AKQJT98765432"),
)


def _play_out(game: Game) -> None:
    """Play every remaining card: each hand plays its first legal card."""
    while game.phase == "play":
        game.apply(game.legal_actions()[0])


def test_elw05_dealer_declares_first_and_may_leave_it_to_partner() -> None:
    """ELW05 laws 45-49: the dealer names the trump or no trumps, or leaves it to
    his partner, who must then declare (he may not pass it back)."""
    game = Game(BRIDGE, 7)
    assert game.phase == "declare"
    assert game.to_act == Seat.SOUTH
    assert [str(a) for a in game.legal_actions()] == [
        "declare spades",
        "declare clubs",
        "declare diamonds",
        "declare hearts",
        "declare no_trumps",
        "leave it",
    ]
    game.leave()
    assert game.to_act == Seat.NORTH
    assert "leave it" not in [str(a) for a in game.legal_actions()]
    with pytest.raises(
        IllegalActionError,
        match=r"leave it refused: the declaration was left to "
        r"north \(.\), who must declare",
    ):
        game.leave()
    game.declare("hearts")
    assert game.maker == Seat.NORTH
    assert game.declarer == Seat.SOUTH, (
        "the dealer plays the combined hands even when partner made it"
    )
    assert game.dummy == Seat.NORTH


def test_elw05_doubling_order_eldest_then_partner_then_maker_then_partner() -> None:
    """ELW05 laws 50-60: the eldest hand speaks first, then his partner; after a
    double the maker of the trump has the first right to redouble, then his
    partner; the right to go on belongs first to whoever last doubled."""
    game = Game(BRIDGE, 7)
    game.leave()
    game.declare("hearts")  # made by North
    assert game.phase == "double"
    assert game.to_act == Seat.WEST
    game.pass_()
    assert game.to_act == Seat.EAST
    game.double()
    assert game.to_act == Seat.NORTH  # the maker of the trump first
    game.pass_()
    assert game.to_act == Seat.SOUTH
    game.redouble()  # South redoubles
    assert game.doubling_level == 2
    assert game.to_act == Seat.EAST  # the last doubler of the defending side first
    game.pass_()
    assert game.to_act == Seat.WEST
    game.pass_()
    assert game.phase == "play"
    assert game.to_act == Seat.WEST, "the eldest hand leads"


def test_elw05_both_adversaries_content_starts_play() -> None:
    """ELW05: play begins when "May I lead?" is answered yes."""
    game = Game(BRIDGE, 3)
    game.declare("no_trumps")
    game.pass_()
    game.pass_()
    assert game.phase == "play"
    assert game.to_act == Seat.WEST
    assert game.doubling_level == 0


def test_a10_cap_at_100_stops_doubling_before_a_trick_passes_100() -> None:
    """§8 A10 (EB1911: "limited to 100"): hearts 8 -> 16 -> 32 -> 64; a fourth
    doubling would make 128, so doubling ends and play begins."""
    rules = with_changes(BRIDGE, doubling__limit={"kind": "cap", "trick_value": 100})
    game = Game(rules, 3)
    game.declare("hearts")
    game.pass_()
    game.double()
    game.redouble()
    assert game.phase == "double"
    assert [str(a) for a in game.legal_actions()] == ["pass", "double"]
    game.double()  # the adversaries double again
    assert game.doubling_level == 3
    assert game.phase == "play"


def test_a10_stop_after_exceeding_allows_the_last_doubling_past_100() -> None:
    """§8 A10 (ELW footnote): the last doubling may take a trick past 100, then no more."""
    rules = with_changes(
        BRIDGE, doubling__limit={"kind": "stop_after_exceeding", "trick_value": 100}
    )
    game = Game(rules, 3)
    game.declare("hearts")
    for level in range(4):
        assert game.phase == "double"
        game.redouble() if level % 2 else game.double()
    assert game.doubling_level == 4
    assert game.phase == "play"


def test_a10_unlimited_doubling_goes_on() -> None:
    """§8 A10 (ELW05): doubling "may be continued indefinitely"."""
    game = Game(BRIDGE, 3)
    game.declare("spades")
    for _ in range(5):
        game.double()  # the adversaries
        game.redouble()  # the declaring side (issue 21)
    assert game.doubling_level == 10
    assert game.phase == "double"


def test_no_doubling_rule_skips_the_phase() -> None:
    game = Game(with_changes(BRIDGE, doubling__limit={"kind": "none"}), 3)
    game.declare("clubs")
    assert game.phase == "play"


def test_elw05_dummy_exposed_after_the_first_lead_and_played_by_the_dealer() -> None:
    """ELW05 law 61: as soon as the first card is led the dealer's partner lays his
    cards face up, and the dealer plays both hands."""
    game = Game(BRIDGE, 11)
    south, north, east = (game.seat_player[s] for s in (Seat.SOUTH, Seat.NORTH, Seat.EAST))
    game.declare("hearts")
    game.pass_()
    game.pass_()
    assert Seat.NORTH not in game.observation(east).hands
    assert Seat.NORTH not in game.observation(south).hands
    game.apply(game.legal_actions()[0])  # West leads
    assert game.to_act == Seat.NORTH
    assert game.actor == south, "the dealer plays his partner's cards"
    assert game.observation(east).hands[Seat.NORTH] == Hand._of(game.hands[Seat.NORTH])
    assert game.observation(south).legal_actions  # South acts for North
    assert game.observation(north).legal_actions == ()
    assert set(game.observation(east).hands) == {Seat.EAST, Seat.NORTH}


def test_following_suit_is_compulsory_and_a_refused_card_changes_nothing() -> None:
    """ELW05 'The Play': following suit is compulsory when possible."""
    deal = (
        Hand.from_pbn("AKQJ.AKQ.AKQ.AKQ"),
        Hand.from_pbn("T987.JT9.JT9.JT9"),
        Hand.from_pbn("654.8765.8765.87"),
        Hand.from_pbn("32.432.432.65432"),
    )
    game = Game(BRIDGE, 5, deals=[deal])
    game.declare("no_trumps")
    game.pass_()
    game.pass_()
    game.play("C6")  # West leads a club
    assert [str(a) for a in game.legal_actions()] == ["play CQ", "play CK", "play CA"]
    before = json.dumps(game.state_dict(), sort_keys=True)
    with pytest.raises(
        IllegalActionError,
        match=r"play SA refused: north \(.\) must follow suit "
        r"to the C6 led",
    ):
        game.play("SA")
    with pytest.raises(IllegalActionError, match=r"play C2 refused: north \(.\) does not hold C2"):
        game.play("C2")
    with pytest.raises(IllegalActionError, match="declare hearts refused: it is north"):
        game.declare("hearts")
    with pytest.raises(InvalidNotationError, match="unknown action 'lead the ace'"):
        game.apply("lead the ace")
    assert json.dumps(game.state_dict(), sort_keys=True) == before


def test_grand_slam_deal_scores_exactly() -> None:
    """A deal whose result does not depend on the play: South holds all the hearts and
    declares them. West (eldest) leads clubs, South trumps every trick: 13 tricks.

    Expected from the tables: 7 odd tricks x 8 = 56 below; 5 honours in one hand
    10 x 8 = 80; North void in trumps: chicane 16, added (the adversaries score no
    honours); East and West both void: double chicane 32, deducted from North-South's
    honours; grand slam 40. Game to North-South."""
    game = Game(BRIDGE, 2, deals=[ONE_SUIT_EACH])
    game.declare("hearts")
    game.pass_()
    game.pass_()
    _play_out(game)
    entries = [(e.side, e.points, e.line, e.kind) for e in game.sheet.entries]
    assert entries == [
        (0, 56, "below", "tricks"),
        (0, 80, "above", "honours"),
        (0, 16, "above", "chicane"),
        (0, -32, "above", "chicane"),
        (0, 40, "above", "slam"),
    ]
    assert game.sheet.games == [1, 0]
    assert game.deal_number == 2
    assert game.dealer == Seat.WEST, "the deal passes to the left"


def test_doubled_tricks_count_toward_game_at_the_doubled_value() -> None:
    """ELW05 'The Game': doubled tricks count toward game at the doubled value."""
    game = Game(BRIDGE, 2, deals=[ONE_SUIT_EACH])
    game.declare("hearts")
    game.double()  # West doubles
    game.pass_()  # South content
    game.pass_()  # North content
    _play_out(game)
    assert game.sheet.entries[0].points == 7 * 8 * 2


def test_whole_rubber_ends_with_rubber_bonus_and_difference() -> None:
    """ELW05 'The Rubber': two games win it; the winners add 100; the result is the difference."""
    game = Game(BRIDGE, 2)
    while not game.is_over:
        game.apply(game.legal_actions()[-1])  # leave it / no trumps / content / last card
    assert game.phase == "over"
    assert game.to_act is None
    assert game.legal_actions() == ()
    winner = game.sheet.winner
    assert winner is not None
    assert game.sheet.games[winner] == 2
    rubber = [e for e in game.sheet.entries if e.kind == "rubber"]
    assert [(e.side, e.points) for e in rubber] == [(winner, 100)]
    assert game.log[-1].kind == "rubber"
    with pytest.raises(IllegalActionError, match="the game is over"):
        game.apply("pass")


def test_record_round_trip_replays_to_the_same_state() -> None:
    """Issue 3: state and logs serialize to JSON, and a loaded log replays to the same state."""
    game = Game(BRIDGE, 99)
    moves = 0
    while not game.is_over and moves < 300:
        legal = game.legal_actions()
        game.apply(legal[moves % len(legal)])
        moves += 1
    text = json.dumps(game.to_record())
    again = Game.from_record(json.loads(text))
    assert again.state_dict() == game.state_dict()
    assert [op.to_data() for op in again.log] == [op.to_data() for op in game.log]


@pytest.mark.parametrize(
    "variant", ["bridge", "auction-bridge", "three-handed", "double-dummy", "house/lilies"]
)
def test_a_game_and_its_rules_pickle_and_deep_copy_to_the_same_state(variant: str) -> None:
    """Issue 3: state serializes; a Game (C state inside) and its RuleSet (frozen
    mappings inside) survive pickle and copy.deepcopy, for multiprocessing and
    for bots that search copies: same state, same log, and the copy plays on
    independently of the original."""
    import copy
    import pickle

    rules = load_rules(variant)
    assert pickle.loads(pickle.dumps(rules)) == rules
    assert copy.deepcopy(rules) == rules
    game = Game(rules, 3, laws=True)
    for _ in range(40):
        game.apply(game.legal_actions()[-1])
    for twin in (pickle.loads(pickle.dumps(game)), copy.deepcopy(game)):
        assert twin.rules == rules
        assert twin.state_dict() == game.state_dict()
        assert twin.log == game.log
        twin.apply(twin.legal_actions()[0])
        assert len(twin.log) > len(game.log)


def test_record_with_preset_deal_replays() -> None:
    game = Game(BRIDGE, 4, deals=[ONE_SUIT_EACH])
    game.declare("hearts")
    again = Game.from_record(json.loads(json.dumps(game.to_record())))
    assert again.state_dict() == game.state_dict()


def test_bad_records_are_refused_clearly() -> None:
    with pytest.raises(InvalidNotationError, match="not a dummybridge game record"):
        Game.from_record({"format": "x"})
    record = Game(BRIDGE, 4).to_record()
    record["actions"] = ["declare hearts", "play SA"]
    with pytest.raises(
        IllegalActionError,
        match=r"record action 2 \('play SA'\): play SA refused: "
        r"west \(.\) may only double or pass now",
    ):
        Game.from_record(record)
    record["rules"]["version"] = "0.9"
    with pytest.raises(InvalidNotationError, match=r"record made with bridge version '0\.9'"):
        Game.from_record(record)


def test_same_seed_same_game() -> None:
    """Everything random flows from one seed."""
    a, b = Game(BRIDGE, 123), Game(BRIDGE, 123)
    assert a.state_dict() == b.state_dict()
    assert Game(BRIDGE, 124).state_dict()["original"] != a.state_dict()["original"]


def test_cut_ace_low_lowest_deals_from_south() -> None:
    """ELW05 laws 14-20: the lowest cutter deals; ace is low; two lowest against two highest."""
    for seed in range(30):
        game = Game(BRIDGE, seed)
        first = game.log[0]
        assert first.kind == "cut"
        cards = {p: Card.from_str(c) for p, c in first.detail["rounds"][0].items()}

        def key(card: Card) -> tuple[int, int]:
            order = ["H", "D", "C", "S"]
            return ((int(card.rank) + 1) % 13, order.index(card.suit.letter))

        ranked = sorted(cards, key=lambda p: key(cards[p]))
        assert game.seat_player[Seat.SOUTH] == ranked[0]
        assert game.seat_player[Seat.NORTH] == ranked[1]
        assert {game.seat_player[Seat.EAST], game.seat_player[Seat.WEST]} == set(ranked[2:])
        assert game.dealer == Seat.SOUTH


def test_action_text_round_trips() -> None:
    for text in ["declare hearts", "declare no_trumps", "leave it", "double", "pass", "play ST"]:
        assert str(Action.parse(text)) == text
    assert Action.parse("play s10") is Action.play("ST")


def test_a11_recut_ties_cut_again_instead_of_by_suit() -> None:
    """§8 A11 (ELW05 laws 19-20): with `ties: recut`, players who cut equal cards cut again."""
    rules = with_changes(BRIDGE, table__cut__ties="recut")
    recuts = 0
    for seed in range(200):
        game = Game(rules, seed)
        rounds = game.log[0].detail["rounds"]
        if len(rounds) == 1:
            continue
        recuts += 1
        first = rounds[0]
        ranks = [Card.from_str(c).rank for c in first.values()]
        tied = {p for p, c in first.items() if ranks.count(Card.from_str(c).rank) > 1}
        assert set(rounds[1]) == tied  # only the tied players cut again
    assert recuts > 0


def test_elw05_three_hand_only_the_leader_doubles() -> None:
    """ELW05 'Bridge for Three Players' (§8 A3): with `doublers: leader_only` the
    eldest hand alone may double; if he is content, play begins."""
    rules = with_changes(BRIDGE, doubling__doublers="leader_only")
    game = Game(rules, 3)
    game.declare("hearts")
    assert game.to_act == Seat.WEST
    game.pass_()
    assert game.phase == "play"
    game = Game(rules, 3)
    game.declare("hearts")
    game.double()
    game.pass_()  # South, the maker
    game.redouble()  # North redoubles
    assert game.to_act == Seat.WEST
    assert game.doubling_level == 2
    game.pass_()
    assert game.phase == "play"


def test_opening_lead_left_of_declarer_is_rule_data() -> None:
    """`play.opening_lead` is rule data: with the dealer as declarer both readings agree."""
    rules = with_changes(BRIDGE, play__opening_lead="left_of_declarer")
    game = Game(rules, 3)
    game.leave()
    game.declare("spades")
    game.pass_()
    game.pass_()
    assert game.to_act == Seat.WEST


def test_every_log_entry_has_a_kind_of_the_table() -> None:
    """Issue 16: OpKind is the true list of log entry kinds. The game logs
    no other (an unknown kind is refused before anything is logged), every
    entry holds its member, and the table in opkinds.py names every member."""
    import inspect
    import re

    from dummybridge.engine import opkinds
    from dummybridge.engine.opkinds import OpKind

    game = Game(BRIDGE, 2)
    _play_out_rubber(game)
    assert all(type(op.kind) is OpKind for op in game.log)
    assert repr(game.log[0]).startswith("Operation(index=0, kind='cut', ")
    before = list(game.log)
    with pytest.raises(ValueError, match=r"^no kind of log entry 'nap' \(see OpKind\)$"):
        game._append("nap")
    assert game.log == before
    table = inspect.getdoc(opkinds) or ""
    assert [kind.name for kind in OpKind if not re.search(rf"\b{kind.name}\b", table)] == []


def _play_out_rubber(game: Game) -> None:
    while not game.is_over:
        game.apply(game.legal_actions()[-1])


def test_issue_21_the_declaring_side_redoubles_the_adversaries_double() -> None:
    """ELW05 "Doubling, re-doubling": the maker "may say, 'I re-double'";
    "their adversaries shall have the right to again double". Issue 21: the
    declaring side's doubling is the action ``redouble`` (as in an auction,
    1912 law 54), the adversaries' a ``double``; the wrong word is refused
    with the right one named, and nothing changes."""
    game = Game(BRIDGE, 7)
    game.leave()
    game.declare("hearts")  # North makes the trump
    with pytest.raises(IllegalActionError) as info:
        game.redouble()
    assert str(info.value) == "redouble refused: there is no double to redouble"
    game.double()  # West
    assert [str(a) for a in game.legal_actions()] == ["pass", "redouble"]
    before = game.state_dict()
    with pytest.raises(IllegalActionError) as info:
        game.double()
    assert str(info.value) == "double refused: the declaring side redoubles: redouble or pass"
    assert game.state_dict() == before
    game.redouble()  # North
    assert [str(a) for a in game.legal_actions()] == ["pass", "double"]
    with pytest.raises(IllegalActionError) as info:
        game.redouble()
    assert str(info.value) == (
        "redouble refused: the adversaries double; only the declaring side redoubles"
    )
    game.double()  # West again
    assert [(op.kind, op.seat, str(op.action)) for op in game.log[-3:]] == [
        ("double", Seat.WEST, "double"),
        ("redouble", Seat.NORTH, "redouble"),
        ("double", Seat.WEST, "double"),
    ]
    assert game.doubling_level == 3
    assert game.to_record()["actions"][-3:] == ["double", "redouble", "double"]
