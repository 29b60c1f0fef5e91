"""Seeds 000 and 004, sentence by sentence, end to end through Game (issue 4, "Proof").

Seed 000 (DUMMY BRIDGE, DOUBLE DUMMY) runs under ``rules/dummy-bridge.yaml``
and ``rules/double-dummy.yaml``; its second way of playing under
``tests/good_rules/dummy-bridge-way2.yaml``. Seed 004 (EB1911 "Three-handed
Bridge", then "Dummy Bridge" up to the break "If the player of dummy declar")
runs under ``rules/three-handed.yaml`` and, where the EB1911 Dummy Bridge
differs from seed 000, ``rules/dummy-bridge-eb1911.yaml``. Each
test's docstring quotes the sentence it checks; docs/seed-traceability.md
maps every sentence to its tests.

Seating (``Game``): with a Dummy held for the rubber the holder sits South
with his Dummy North, the others West and East in cutting order, and the
first dealer is South (North with ``first_dealer: dummy``); with the Dummy
going round with the deal (three-handed) every deal is laid anew, the dealer
South with his Dummy North, his left West, his right East; in Double Dummy
the lowest cutter sits South with his Dummy North, the other West with his
Dummy East. Seats turn to the left: N, E, S, W. Hands are PBN (spades,
hearts, diamonds, clubs). Expected values are typed from the seeds (or added
up by hand from them), never computed by the code under test.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dummybridge.bots import bot_seed, make_bot
from dummybridge.core.cards import Card, Hand, Seat
from dummybridge.engine.game import Game
from dummybridge.errors import IllegalActionError
from dummybridge.language.loader import load_rules
from dummybridge.language.ruleset import RuleSet
from support import with_changes

GOOD = Path(__file__).resolve().parent / "good_rules"
DUMMY = load_rules("dummy-bridge")
WAY2 = load_rules(GOOD / "dummy-bridge-way2.yaml")
EB_DUMMY = load_rules("dummy-bridge-eb1911")
DOUBLE = load_rules("double-dummy")
THREE = load_rules("three-handed")

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST

# The worked check of rules-reference.md 6.2 as Dummy's hand: hearts A 9 7 4
# (11+9+7+4 = 31) and diamonds K Q 8 3 (10+10+8+3 = 31), spades and clubs shorter.
WORKED = "652.A974.KQ83.32"

# North every spade, East every diamond, South every heart, West every club:
# whoever declares hearts from South wins all thirteen tricks.
HEARTS_SOUTH = ("AKQJT98765432...", "..AKQJT98765432.", ".AKQJT98765432..", "...AKQJT98765432")
# North every club, East every diamond, South every spade, West every heart:
# at no trumps West leads hearts and wins all thirteen tricks.
HEARTS_WEST = ("...AKQJT98765432", "..AKQJT98765432.", "AKQJT98765432...", ".AKQJT98765432..")


def deal(
    north: str | None = None,
    east: str | None = None,
    south: str | None = None,
    west: str | None = None,
) -> tuple[Hand, Hand, Hand, Hand]:
    """A deal (N, E, S, W) with the given hands; the rest of the pack goes
    round the other seats one card at a time, in card order."""
    given = [north, east, south, west]
    hands = [Hand.from_pbn(h) if h is not None else None for h in given]
    used = {c for h in hands if h is not None for c in h}
    rest = [Card(i) for i in range(52) if Card(i) not in used]
    empty = [i for i, h in enumerate(hands) if h is None]
    for k, i in enumerate(empty):
        hands[i] = Hand.from_cards(rest[k :: len(empty)])
    assert all(h is not None and len(h) == 13 for h in hands)
    return tuple(hands)  # type: ignore[return-value]


def fixed(pbns: tuple[str, str, str, str]) -> tuple[Hand, ...]:
    return tuple(Hand.from_pbn(h) for h in pbns)


def sees(game: Game, player: str) -> str:
    """The seats whose hands ``player``'s observation holds, as letters in N E S W order."""
    hands = game.observation(player).hands
    return "".join(s.letter for s in (N, E, S, W) if s in hands)


def names(game: Game) -> tuple[str, str, str]:
    """A Dummy table's players: (the Dummy-player, West, East)."""
    return game.seat_player[S], game.seat_player[W], game.seat_player[E]


def kinds_since(game: Game, index: int) -> list[str]:
    return [op.kind for op in game.log[index:]]


def last(game: Game, kind: str):
    return next(op for op in reversed(game.log) if op.kind == kind)


def texts(actions) -> list[str]:
    return [str(a) for a in actions]


DECLARATIONS = [
    "declare spades",
    "declare clubs",
    "declare diamonds",
    "declare hearts",
    "declare no_trumps",
]


def play_a_quiet_deal(game: Game) -> None:
    """The first to declare names spades (2 a trick, so 13 tricks make only 14:
    two such deals cannot win a game), nobody doubles, each hand plays its
    first legal card."""
    deal_number = game.deal_number
    game.declare("spades")
    while game.phase == "double":
        game.pass_()
    while game.deal_number == deal_number:
        game.apply(game.legal_actions()[0])


def state(game: Game) -> str:
    return json.dumps(game.state_dict(), sort_keys=True)


def refused(game: Game, action: str, message: str) -> None:
    """``action`` raises IllegalActionError with exactly ``message`` and changes nothing."""
    before, legal = state(game), game.legal_actions()
    with pytest.raises(IllegalActionError) as info:
        game.apply(action)
    assert str(info.value) == message
    assert state(game) == before
    assert game.legal_actions() == legal


def cut_ranking(game: Game) -> list[str]:
    """The players from lowest cut to highest, ranked here by hand: the ace
    lowest, equal cards by suit, hearts lowest (ELW07, WORK13 law 14)."""
    cut = game.log[0]
    assert cut.kind == "cut"
    assert len(cut.detail["rounds"]) == 1
    order = "A23456789TJQK"
    suits = "HDCS"
    drawn = cut.detail["rounds"][0]
    return sorted(drawn, key=lambda p: (order.index(drawn[p][1]), suits.index(drawn[p][0])))


# ===================================================================== seed 000
# DUMMY BRIDGE


def test_seed000_dummy_bridge_is_played_by_three_players() -> None:
    """Seed 000: "DUMMY BRIDGE / Is played by three players." Three names, four
    hands: the Dummy-player holds two of them (South and his Dummy North)."""
    assert DUMMY.table.players == 3
    with pytest.raises(ValueError, match=r"^dummy-bridge needs 3 player names, got 4$"):
        Game(DUMMY, 1, players=["A", "B", "C", "D"])
    game = Game(DUMMY, 1)
    holder, west, east = names(game)
    assert len({holder, west, east}) == 3
    assert game.player_seats == {holder: (N, S), west: (W,), east: (E,)}
    assert game.manned == {E, S, W}, "North is the Dummy: nobody sits at it"


def test_seed000_lowest_cutter_deals_first_and_has_dummy_throughout_first_rubber() -> None:
    """Seed 000: "The player who cuts the lowest card deals first, and has the
    Dummy throughout the first rubber; the player who cuts the next lowest card
    has the Dummy for the second rubber." The first rubber is played out by
    rule bots; every deal of it leaves the Dummy with the lowest cutter. The
    seed does not say who deals first in the second rubber: the rules read it
    as the first (its Dummy-player deals, from South)."""
    seed = 5
    game = Game(DUMMY, seed, rubbers=2)
    lowest, next_lowest, highest = cut_ranking(game)
    bots = {p: make_bot("rule", bot_seed(seed, p), DUMMY) for p in game.players}
    assert game.dealer == S
    assert game.seat_player[S] == lowest, "the lowest cutter deals first"
    first_deal = next(op for op in game.log if op.kind == "deal")
    assert (first_deal.seat, first_deal.player) == (S, lowest)
    dealers = []
    while game.rubber_number == 1:
        assert game.seat_player[N] == game.seat_player[S] == lowest
        if game.deal_number > len(dealers):
            dealers.append(game.dealer)
        player = game.actor
        assert player is not None
        game.apply(bots[player].choose(game.observation(player)))
    # The deal goes round all four hands, the Dummy-player dealing for North.
    assert len(dealers) >= 4
    assert dealers == [(S, W, N, E)[i % 4] for i in range(len(dealers))]
    rubber = [op for op in game.log if op.kind == "rubber"]
    assert len(rubber) == 1
    assert game.phase == "declare"
    start = last(game, "rubber_start")
    assert start.detail["rubber"] == 2
    assert start.detail["seats"] == {"N": next_lowest, "S": next_lowest, "W": lowest, "E": highest}
    assert start.detail["dummies"] == ["N"]
    assert game.player_seats[next_lowest] == (N, S)
    assert game.dealer == S
    assert last(game, "deal").player == next_lowest


def test_seed000_dealer_may_make_any_bridge_declaration_on_his_own_hand() -> None:
    """Seed 000: "The dealer can make any of the ordinary Bridge declarations on
    his own hand, or he can leave it to the Dummy". He sees his own hand only."""
    game = Game(DUMMY, 3)
    holder, west, east = names(game)
    assert game.to_act == S
    assert game.actor == holder
    assert texts(game.legal_actions()) == [*DECLARATIONS, "leave it"]
    assert (sees(game, holder), sees(game, west), sees(game, east)) == ("S", "W", "E")
    game.declare("no_trumps")
    assert (game.maker, game.declared_from, game.declarer, game.dummy) == (S, "own_hand", S, N)
    assert game.phase == "double"
    assert game.to_act == W


def test_seed000_leaving_it_dealer_looks_at_dummy_without_exposing_it() -> None:
    """Seed 000: "or he can leave it to the Dummy, in which case he must look at
    the dummy, without exposing it". The log records his examination of North;
    no hand is exposed before the lead and the adversaries never see North till
    then; as soon as the first card is led, North is exposed."""
    game = Game(DUMMY, 3, deals=[deal(north=WORKED)])
    holder, west, east = names(game)
    start = len(game.log)
    game.leave()
    examine = last(game, "examine")
    assert (examine.seat, examine.player) == (N, holder)
    assert (game.examiner, game.examined) == (holder, N)
    assert sees(game, holder) == "N"
    assert (sees(game, west), sees(game, east)) == ("W", "E")
    game.pass_()  # West
    game.pass_()  # East
    assert game.phase == "play"
    assert game.exposed == set()
    assert "expose" not in kinds_since(game, start)
    assert (sees(game, west), sees(game, east)) == ("W", "E")
    game.apply(game.legal_actions()[0])  # West leads
    assert kinds_since(game, start).count("expose") == 1
    assert (last(game, "expose").seat, game.exposed) == (N, {N})
    assert (sees(game, west), sees(game, east)) == ("NW", "NE")


def test_seed000_left_to_dummy_the_declaration_is_forced_not_chosen() -> None:
    """Seed 000: "and must make the declaration as follows:" the dealer is not
    asked to declare for Dummy: leaving it declares at once, by rules 1-4, and
    doubling begins with West."""
    game = Game(DUMMY, 3, deals=[deal(north=WORKED)])
    holder = game.seat_player[S]
    start = len(game.log)
    game.leave()
    ops = [(op.kind, op.seat, op.player) for op in game.log[start:] if op.kind != "sight"]
    assert ops == [("leave", S, holder), ("examine", N, holder), ("forced", N, holder)]
    assert game.phase == "double"
    assert game.to_act == W
    assert (game.maker, game.declared_from, game.denomination.name) == (N, "dummy", "hearts")
    assert game.history == [(S, game.actions[0])]
    assert str(game.actions[0]) == "leave it"


def _forced(rules: RuleSet, north: str) -> tuple[str, list[str]]:
    """Leave it to Dummy holding ``north``; the forced entry's denomination and steps."""
    game = Game(rules, 3, deals=[deal(north=north)])
    game.leave()
    entry = last(game, "forced")
    assert entry.seat == N
    assert game.denomination.name == entry.detail["denomination"]
    return entry.detail["denomination"], list(entry.detail["steps"])


def test_seed000_rule1_three_or_four_aces_no_trumps() -> None:
    """Seed 000: "1. If Dummy holds three or four aces, he must declare "no
    trumps."" Three aces with a five-card club suit; then all four."""
    assert _forced(DUMMY, "A32.A54.A7.K9652") == ("no_trumps", ["3 aces: no trumps"])
    assert _forced(DUMMY, "A432.A54.A76.A96") == ("no_trumps", ["4 aces: no trumps"])


def test_seed000_rule2_without_three_aces_the_numerically_longest_suit() -> None:
    """Seed 000: "2. If Dummy has not three aces, he must declare his numerically
    longest suit." Five small clubs beat four top hearts."""
    assert _forced(DUMMY, "87.AKQJ.92.65432") == (
        "clubs",
        ["1 ace: fewer than 3", "longest suit: clubs (5)"],
    )


def test_seed000_rule3_equal_length_the_strongest_by_pips() -> None:
    """Seed 000: "3. If Dummy has two or three suits of equal length, he must
    declare the strongest, reckoned by addition of the pips, an ace counting
    eleven, and each of the other honors ten." Spades A Q J 9 = 11+10+10+9 = 40
    beat hearts K 4 3 2 = 10+4+3+2 = 19; of three four-card suits, spades
    Q J 9 8 = 37 beat hearts K 7 6 5 = 28 and diamonds A 4 3 2 = 20."""
    assert _forced(DUMMY, "AQJ9.K432.765.32") == (
        "spades",
        ["1 ace: fewer than 3", "longest suits: spades, hearts (4)", "pips: spades 40, hearts 19"],
    )
    assert _forced(DUMMY, "QJ98.K765.A432.T") == (
        "spades",
        [
            "1 ace: fewer than 3",
            "longest suits: spades, hearts, diamonds (4)",
            "pips: spades 37, hearts 28, diamonds 20",
        ],
    )


def test_seed000_rule4_equal_strength_the_most_valuable_worked_example() -> None:
    """Seed 000: "4. If Dummy's equal suits are also of equal strength, reckoned
    as above, then the most valuable of them must be declared." The worked
    check (rules-reference.md 6.2): hearts A 9 7 4 = 31, diamonds K Q 8 3 = 31,
    so hearts (8 a trick against 6)."""
    assert _forced(DUMMY, WORKED) == (
        "hearts",
        [
            "1 ace: fewer than 3",
            "longest suits: hearts, diamonds (4)",
            "pips: hearts 31, diamonds 31",
            "most valuable: hearts",
        ],
    )


def test_seed000_adversaries_can_double_as_at_ordinary_bridge() -> None:
    """Seed 000: "The adversaries can double as at ordinary Bridge": West (the
    eldest) speaks first, then East; if both are content the play begins,
    West leading."""
    game = Game(DUMMY, 3, deals=[deal(north=WORKED)])
    holder, west, east = names(game)
    game.leave()
    assert (game.to_act, game.actor) == (W, west)
    assert texts(game.legal_actions()) == ["pass", "double"]
    game.pass_()
    assert (game.to_act, game.actor) == (E, east)
    game.double()
    assert game.doubling_level == 1
    assert game.to_act == N
    assert game.actor == holder


def test_seed000_dealer_may_redouble_although_he_has_seen_two_hands() -> None:
    """Seed 000: "and the dealer has the right of re-doubling, although he has
    seen two hands". Left to Dummy, doubled by West: the dealer (for North, the
    maker) may redouble, and then the adversaries may double again."""
    game = Game(DUMMY, 3, deals=[deal(north=WORKED)])
    holder, west, _ = names(game)
    game.leave()
    game.double()  # West
    assert (game.to_act, game.actor) == (N, holder)
    assert texts(game.legal_actions()) == ["pass", "redouble"]
    game.redouble()
    assert game.doubling_level == 2
    assert (game.to_act, game.actor) == (W, west)


def test_seed000_dealer_may_not_look_at_his_own_hand_again_before_deciding_to_redouble() -> None:
    """Seed 000: "but he may not look at his own hand again before deciding
    whether to re-double." From his examination of Dummy to his redouble
    decision his view holds North, not South, and no look is offered him;
    once he has decided (here: content), it holds South again."""
    game = Game(DUMMY, 3, deals=[deal(north=WORKED)])
    holder = game.seat_player[S]
    assert sees(game, holder) == "S"
    game.leave()
    assert sees(game, holder) == "N"
    game.double()  # West
    assert game.actor == holder
    assert sees(game, holder) == "N"
    assert texts(game.observation(holder).legal_actions) == ["pass", "redouble"]
    assert last(game, "sight").detail == {
        "changes": [{"player": holder, "sees": ["N"], "loses": ["S"]}]
    }
    game.pass_()
    assert sees(game, holder) == "NS"
    # Had nobody doubled, he sees his hand again when the play begins.
    game = Game(DUMMY, 3, deals=[deal(north=WORKED)])
    game.leave()
    game.pass_()
    assert sees(game, holder) == "N"
    game.pass_()
    assert game.phase == "play"
    assert sees(game, holder) == "NS"


def test_seed000_the_hand_is_then_played_as_at_ordinary_bridge() -> None:
    """Seed 000: "The hand is then played as at ordinary Bridge." (and "In all
    other cases the Rules of Bridge apply"). The Dummy-player plays both his
    hands; following suit is compulsory; the deal is scored as at Bridge.
    South holds all the hearts and declares them: West leads a club and South
    trumps every trick. As in bridge: 7 odd tricks x 8 = 56 below; 5 honours in
    one hand 10 x 8 = 80; North void, chicane 16; East and West void, double
    chicane 32 deducted from North-South's honours; grand slam 40; game."""
    game = Game(DUMMY, 2, deals=[fixed(HEARTS_SOUTH)])
    holder, west, east = names(game)
    game.declare("hearts")
    game.pass_()
    game.pass_()
    game.play("C2")  # West leads
    assert game.to_act == N
    assert game.actor == holder
    refused(game, "play HA", f"play HA refused: north ({holder}) does not hold HA")
    game.play("S2")
    game.play("D2")
    assert texts(game.legal_actions())[0] == "play H2"
    while game.phase == "play":
        game.apply(game.legal_actions()[0])
    entries = [(e.column, e.points, e.line, e.kind) for e in game.sheet.entries]
    assert entries == [
        (0, 56, "below", "tricks"),
        (0, 80, "above", "honours"),
        (0, 16, "above", "chicane"),
        (0, -32, "above", "chicane"),
        (0, 40, "above", "slam"),
    ]
    assert game.sheet.names == (f"N-S ({holder})", f"E-W ({east}, {west})")
    assert game.sheet.games == [1, 0]
    assert game.dealer == W


def test_seed000_opponent_deals_dummy_player_sees_first_the_hand_that_leads_dummy() -> None:
    """Seed 000: "When either of his opponents deals, the player of Dummy must
    look first at the hand which has to lead, and must double or lead to the
    first trick before looking at his other hand." West deals (deal 2): North,
    the Dummy, leads. The Dummy-player sees North only; he is content, leads
    from North, and only then sees South."""
    game = Game(DUMMY, 4)
    holder, west, _ = names(game)
    play_a_quiet_deal(game)
    assert game.deal_number == 2
    assert game.dealer == W
    assert game.actor == west
    assert sees(game, holder) == "N"
    game.declare("diamonds")
    assert (game.to_act, game.actor) == (N, holder), "the leading hand speaks first"
    assert sees(game, holder) == "N"
    game.pass_()
    assert game.phase == "play"
    assert game.to_act == N
    assert sees(game, holder) == "N"
    game.apply(game.legal_actions()[0])
    assert sees(game, holder) == "NES", "his other hand, and East (West's partner) exposed"
    assert game.exposed == {E}


def test_seed000_opponent_deals_dummy_player_sees_first_the_hand_that_leads_his_own() -> None:
    """Seed 000: "When either of his opponents deals, the player of Dummy must
    look first at the hand which has to lead, and must double or lead to the
    first trick before looking at his other hand." East deals (deal 4): South,
    the Dummy-player's own hand, leads. He sees South only; when he doubles he
    sees North too."""
    game = Game(DUMMY, 4)
    holder, _, east = names(game)
    for _ in range(3):
        play_a_quiet_deal(game)
    assert game.deal_number == 4
    assert game.dealer == E
    assert game.rubber_number == 1
    assert sees(game, holder) == "S"
    game.declare("hearts")
    assert (game.to_act, game.actor) == (S, holder)
    assert sees(game, holder) == "S"
    game.double()
    assert sees(game, holder) == "NS", "having doubled, he may look at his other hand"
    assert (game.to_act, game.actor) == (E, east)


def test_seed000_either_of_two_ways_the_rule_files_differ_only_in_exposure() -> None:
    """Seed 000: "The game can be played in either of the two following ways:"
    the first is rules/dummy-bridge.yaml, the second
    tests/good_rules/dummy-bridge-way2.yaml, which differs from it only in the
    hands exposed at the first lead."""
    one, two = DUMMY.to_data(), WAY2.to_data()
    assert [(e.hand, e.when) for e in DUMMY.play.exposure] == [("dummy", "first_lead")]
    assert [(e.hand, e.when) for e in WAY2.play.exposure] == [
        ("dummy", "first_lead"),
        ("unmanned", "first_lead"),
    ]
    for data in (one, two):
        for key in ("name", "title", "aliases", "description", "sources"):
            data.pop(key, None)
        data["play"].pop("exposure")
        data["play"].pop("source", None)
    assert one == two


def _first_lead_on_wests_deal(rules: RuleSet) -> tuple[Game, int]:
    """Deal 2 (West deals and declares hearts), content all round, North leads.
    Returns the game and where deal 2 begins in its log."""
    game = Game(rules, 4)
    play_a_quiet_deal(game)
    assert game.dealer == W
    start = len(game.log)
    game.declare("hearts")
    game.pass_()
    assert game.phase == "play"
    assert game.to_act == N
    game.apply(game.legal_actions()[0])
    return game, start


def test_seed000_way1_dummy_hand_exposed_at_the_first_lead_then_ordinary_bridge() -> None:
    """Seed 000: "1. As soon as the first card is led, Dummy's hand is exposed on
    the table, and the game proceeds as at ordinary Bridge." On the
    Dummy-player's deal his Dummy is exposed at the lead (see the test of
    "without exposing it"); on an opponent's deal, as at Bridge, the dealer's
    partner's hand (East) is the one exposed, and the Dummy-player's two hands
    stay closed to his opponents (rules-reference A8, standard)."""
    game, start = _first_lead_on_wests_deal(DUMMY)
    holder, west, east = names(game)
    assert game.exposed == {E}
    assert [op.seat for op in game.log[start:] if op.kind == "expose"] == [E]
    assert (sees(game, holder), sees(game, west), sees(game, east)) == ("NES", "EW", "E")
    assert game.declarer == W
    assert game.dummy == E


def test_seed000_way2_dummy_and_dealers_partner_both_exposed_double_dummy() -> None:
    """Seed 000: "2. As soon as the first card is led, both the Dummy's hand and
    the dealer's partner's hand are exposed on the table, and the hand is played
    Double Dummy." West deals: at North's lead East (West's partner) and North
    (the Dummy) are laid down and everyone sees both; on the Dummy-player's own
    deal his Dummy is the dealer's partner, so one hand is laid down."""
    game, start = _first_lead_on_wests_deal(WAY2)
    holder, west, east = names(game)
    assert game.exposed == {N, E}
    assert [op.seat for op in game.log[start:] if op.kind == "expose"] == [E, N]
    assert (sees(game, holder), sees(game, west), sees(game, east)) == ("NES", "NEW", "NE")
    own = Game(WAY2, 4)
    own.declare("hearts")
    own.pass_()
    own.pass_()
    own.apply(own.legal_actions()[0])
    assert own.exposed == {N}


def _dummys_deal(rules: RuleSet, north: str | None = None) -> Game:
    """Deals 1 and 2 played quietly; deal 3 is Dummy's (North deals)."""
    presets = [deal(), deal(), deal(north=north)] if north else []
    game = Game(rules, 6, deals=presets)
    play_a_quiet_deal(game)
    play_a_quiet_deal(game)
    assert game.deal_number == 3
    assert game.dealer == N
    assert game.rubber_number == 1
    return game


def test_seed000_dummys_deal_his_partner_looks_at_his_own_hand_first() -> None:
    """Seed 000: "When it is Dummy's deal, his partner looks at his own hand
    first, and makes the declaration or passes it precisely as in the case of
    his own deal". North deals; the Dummy-player, in South, sees South only and
    declares or leaves it; left to Dummy he examines North himself, by rule 4
    declares hearts, and sees South again after his redouble decision."""
    game = _dummys_deal(DUMMY, north=WORKED)
    holder, west, east = names(game)
    assert (game.to_act, game.actor, game.first_declarer) == (S, holder, S)
    assert (sees(game, holder), sees(game, west), sees(game, east)) == ("S", "W", "E")
    assert texts(game.legal_actions()) == [*DECLARATIONS, "leave it"]
    game.leave()
    assert (last(game, "examine").seat, last(game, "examine").player) == (N, holder)
    assert last(game, "forced").detail["denomination"] == "hearts"
    assert sees(game, holder) == "N"
    assert (game.to_act, game.actor) == (E, east), "the eldest is now East, Dummy's left"
    game.pass_()
    game.double()  # West
    assert game.actor == holder
    assert sees(game, holder) == "N"
    game.pass_()
    assert sees(game, holder) == "NS"


def test_seed000_dummys_deal_first_lead_from_his_right_through_his_hand() -> None:
    """Seed 000: "the only difference in the play being that the first lead is by
    the player on his right, and is consequently through his hand instead of.
    up to it." North deals: East (South's right, Dummy's left) leads and South
    plays second to the trick."""
    game = _dummys_deal(DUMMY)
    holder, _, east = names(game)
    game.declare("no_trumps")
    game.pass_()  # East
    game.pass_()  # West
    assert game.phase == "play"
    assert (game.to_act, game.actor) == (E, east)
    game.apply(game.legal_actions()[0])
    assert (game.to_act, game.actor) == (S, holder), "through his hand: he plays second"
    assert game.exposed == {N}


# ---------------------------------------------------------------- DOUBLE DUMMY


def test_seed000_double_dummy_rules_same_as_dummy_bridge() -> None:
    """Seed 000: "DOUBLE DUMMY / The rules are the same as in Dummy Bridge, with
    the following exceptions:" two players, each with a Dummy; the dealer may
    declare or leave it to Dummy, whose declaration is forced by the same rules
    (the worked check: hearts), and he may redouble."""
    assert DOUBLE.table.players == 2
    assert DOUBLE.table.hands == "double_dummy"
    assert DOUBLE.declaration.forced == DUMMY.declaration.forced
    game = Game(DOUBLE, 3, deals=[deal(north=WORKED)])
    south, west = game.seat_player[S], game.seat_player[W]
    assert game.player_seats == {south: (N, S), west: (E, W)}
    assert texts(game.legal_actions()) == [*DECLARATIONS, "leave it"]
    game.leave()
    assert last(game, "forced").detail == {
        "denomination": "hearts",
        "steps": [
            "1 ace: fewer than 3",
            "longest suits: hearts, diamonds (4)",
            "pips: hearts 31, diamonds 31",
            "most valuable: hearts",
        ],
    }
    assert last(game, "examine").player == south
    game.double()  # West
    assert game.actor == south
    assert texts(game.legal_actions()) == ["pass", "redouble"]
    game.redouble()
    assert game.doubling_level == 2


def test_seed000_double_dummy_dealer_deals_for_himself_never_for_his_dummy() -> None:
    """Seed 000: "The dealer deals for himself each time, never for his Dummy;"
    the deal alternates between the two players' own hands, South and West."""
    game = Game(DOUBLE, 8)
    south, west = game.seat_player[S], game.seat_player[W]
    dealt = []
    for _ in range(4):
        dealt.append((game.dealer, last(game, "deal").player))
        assert game.first_declarer == game.dealer
        assert game.dealer in game.manned
        play_a_quiet_deal(game)
    assert dealt == [(S, south), (W, west), (S, south), (W, west)]


def test_seed000_double_dummy_hand_on_dealers_left_leads_and_doubles_first() -> None:
    """Seed 000: "and the hand on his left always leads first, and has the first
    right of doubling." South deals: West speaks first and leads; West deals:
    North (South's Dummy) speaks first and leads."""
    game = Game(DOUBLE, 8)
    south, west = game.seat_player[S], game.seat_player[W]
    game.declare("clubs")
    assert (game.to_act, game.actor) == (W, west)
    game.pass_()
    assert game.phase == "play"
    assert game.to_act == W
    while game.deal_number == 1:
        game.apply(game.legal_actions()[0])
    assert game.dealer == W
    game.declare("clubs")
    assert (game.to_act, game.actor) == (N, south)
    game.pass_()
    assert game.phase == "play"
    assert (game.to_act, game.actor) == (N, south)


def test_seed000_double_dummy_neither_may_look_at_more_than_one_hand_before_the_lead() -> None:
    """Seed 000: "Neither player may look at more than one of his two hands
    before the first card is led". South deals and declares from his hand: he
    sees South only. West may look at one of his hands, West or East, on his
    turn; having looked at West, a look at East is refused. After the lead each
    sees both his hands (and both Dummies lie face up)."""
    game = Game(DOUBLE, 3)
    south, west = game.seat_player[S], game.seat_player[W]
    assert (sees(game, south), sees(game, west)) == ("S", "")
    game.declare("spades")
    assert texts(game.legal_actions()) == ["pass", "double", "look E", "look W"]
    game.look("W")
    assert (sees(game, south), sees(game, west)) == ("S", "W")
    assert texts(game.legal_actions()) == ["pass", "double"]
    refused(game, "look E", f"look E refused: the rules do not let {west} look at that hand now")
    refused(game, "look N", f"look N refused: the rules do not let {west} look at that hand now")
    game.pass_()
    assert game.phase == "play"
    assert (sees(game, south), sees(game, west)) == ("S", "W")
    game.apply(game.legal_actions()[0])
    assert game.exposed == {N, E}
    assert (sees(game, south), sees(game, west)) == ("NES", "NEW")


def test_seed000_double_dummy_looking_at_the_other_hand_the_leader_plays_blind() -> None:
    """Seed 000: "Neither player may look at more than one of his two hands
    before the first card is led": West, having looked at East, may not see
    West, which must lead: he can only play a card blind (the game draws it),
    and a named card is refused."""
    game = Game(DOUBLE, 3)
    west = game.seat_player[W]
    game.declare("spades")
    game.look("E")
    game.pass_()
    assert game.to_act == W
    assert texts(game.legal_actions()) == ["play blind"]
    card = next(iter(game.original[W]))
    refused(
        game,
        f"play {card.code}",
        f"play {card.code} refused: {west} may not see the west "
        "hand, so he can only play a card blind",
    )
    start = len(game.log)
    game.apply("play blind")
    blind, played = game.log[start], game.log[start + 1]
    assert (blind.kind, blind.seat, blind.player) == ("play_blind", W, west)
    assert (played.kind, played.seat, str(played.action)) == (
        "play",
        W,
        f"play {blind.detail['card']}",
    )
    assert game.exposed == {N, E}
    assert sees(game, west) == "NEW"


def test_seed000_double_dummy_dealer_who_passes_the_call_to_dummy_sees_both() -> None:
    """Seed 000: "excepting in the case of the dealer when the call is passed to
    Dummy." South leaves it to his Dummy: he examines North; once his redouble
    decision is behind him he sees both his hands before the first lead, while
    West may still look at one only."""
    game = Game(DOUBLE, 3, deals=[deal(north=WORKED)])
    south, west = game.seat_player[S], game.seat_player[W]
    game.leave()
    assert sees(game, south) == "N"
    game.look("E")
    game.double()
    assert game.actor == south
    assert sees(game, south) == "N"
    game.pass_()
    assert game.phase == "play"
    assert not game.tricks
    assert not game.exposed
    assert (sees(game, south), sees(game, west)) == ("NS", "E")


def test_seed000_double_dummy_revoke_in_own_hand_not_in_dummy_is_not_testable() -> None:
    """Seed 000: "Either player is liable to the penalty of a revoke in his own
    hand, but not in his Dummy." Not testable yet: in strict play a revoke
    cannot happen (the laws mode with its penalties is a later capability).
    What holds now: a card that fails to follow suit is refused from a Dummy
    and from a player's own hand alike, and changes nothing."""
    game = Game(
        DOUBLE,
        5,
        deals=[
            fixed(("AKQJ.AKQ.AKQ.AKQ", "T987.JT9.JT9.JT9", "654.8765.8765.87", "32.432.432.65432"))
        ],
    )
    south, west = game.seat_player[S], game.seat_player[W]
    game.declare("no_trumps")
    game.look("W")
    game.pass_()
    game.play("C6")  # West leads a club
    refused(game, "play SA", f"play SA refused: north ({south}) must follow suit to the C6 led")
    game.play("CA")
    refused(game, "play ST", f"play ST refused: east ({west}) must follow suit to the C6 led")
    game.play("CT")
    refused(game, "play S6", f"play S6 refused: south ({south}) must follow suit to the C6 led")
    game.play("C7")
    assert game.tricks[0].winner == N


# ===================================================================== seed 004
# EB1911 "Three-handed Bridge"


def _three(deals=()) -> tuple[Game, str, str, str]:
    game = Game(THREE, 9, deals=list(deals))
    dealer, left, right = names(game)
    return game, dealer, left, right


def test_seed004_dealer_declares_then_both_adversaries_may_look_at_their_hands() -> None:
    """Seed 004: "[If] the dealer declares trumps, both adversaries may look at
    their hands;" (the sentence before the excerpt: the dealer declares without
    seeing Dummy's face-down cards). Before the declaration the dealer sees his
    own hand only and the adversaries none; after it each adversary his own."""
    game, dealer, left, right = _three()
    assert game.player_seats == {dealer: (N, S), left: (W,), right: (E,)}
    assert (sees(game, dealer), sees(game, left), sees(game, right)) == ("S", "", "")
    game.declare("hearts")
    assert (sees(game, dealer), sees(game, left), sees(game, right)) == ("S", "W", "E")
    assert game.declared_from == "own_hand"


def test_seed004_doubling_and_redoubling_proceeds_as_at_ordinary_bridge() -> None:
    """Seed 004: "doubling and redoubling proceeds as at ordinary bridge": West
    (the eldest) speaks first, then East; after a double the dealer may
    redouble; then the doubler's side speaks again, last doubler first."""
    game, dealer, left, right = _three()
    game.declare("hearts")
    assert (game.actor, texts(game.legal_actions())) == (left, ["pass", "double"])
    game.pass_()
    assert game.actor == right
    game.double()
    assert (game.to_act, game.actor) == (S, dealer)
    game.redouble()
    assert game.doubling_level == 2
    assert (game.to_act, game.actor) == (E, right)
    game.pass_()
    assert game.actor == left
    game.pass_()
    assert game.phase == "play"
    assert game.to_act == W


def test_seed004_dummy_not_exposed_till_the_first_card_has_been_led() -> None:
    """Seed 004: "but dummy's hand is not exposed till the first card has been
    led." The dealer himself does not see North before the lead."""
    game, dealer, left, right = _three()
    start = len(game.log)
    game.declare("hearts")
    game.pass_()
    game.pass_()
    assert game.phase == "play"
    assert "expose" not in kinds_since(game, start)
    assert (sees(game, dealer), sees(game, left), sees(game, right)) == ("S", "W", "E")
    game.apply(game.legal_actions()[0])
    kinds = kinds_since(game, start)
    assert kinds.count("expose") == 1
    assert kinds.index("expose") == kinds.index("play") + 1
    assert game.exposed == {N}
    assert (sees(game, dealer), sees(game, left), sees(game, right)) == ("NS", "NW", "NE")


def test_seed004_passed_to_dummy_right_hand_adversary_examines_it_not_exposing_it() -> None:
    """Seed 004: "If the dealer passes the declaration to dummy, his right-hand
    adversary, who must not have looked at his own hand, examines dummy's, and
    declares trumps, not, however, exposing the hand." East, who has seen no
    hand, examines North and declares; the dealer and West do not see North."""
    game, dealer, left, right = _three(deals=[deal(north=WORKED)])
    assert sees(game, right) == ""
    start = len(game.log)
    game.leave()
    examine, forced = last(game, "examine"), last(game, "forced")
    assert (examine.seat, examine.player, forced.player) == (N, right, right)
    assert forced.detail["denomination"] == "hearts"
    assert game.declared_from == "dummy"
    assert (sees(game, dealer), sees(game, left), sees(game, right)) == ("S", "", "NE")
    assert "expose" not in kinds_since(game, start)
    assert game.exposed == set()


def test_seed004_forced_three_or_four_aces_sans_atout() -> None:
    """Seed 004: "The declaration is forced: with three or four aces sans atout
    (no trumps) must be declared:"."""
    game, _, _, right = _three(deals=[deal(north="A32.A54.A7.K9652")])
    game.leave()
    assert (last(game, "forced").player, game.denomination.name) == (right, "no_trumps")
    assert game.forced_trace == ("3 aces: no trumps",)


def test_seed004_forced_in_other_cases_the_longest_suit() -> None:
    """Seed 004: "in other cases the longest suit:"."""
    game, _, _, _ = _three(deals=[deal(north="87.AKQJ.92.65432")])
    game.leave()
    assert game.denomination.name == "clubs"
    assert game.forced_trace == ("1 ace: fewer than 3", "longest suit: clubs (5)")


def test_seed004_forced_equal_length_most_pips_ace_eleven_court_cards_ten() -> None:
    """Seed 004: "if suits are equal in length, the strongest, i.e. the suit
    containing most pips, ace counting eleven, king, queen and knave counting ten
    each." Spades A Q J 9 = 11+10+10+9 = 40 beat hearts K 4 3 2 = 19."""
    game, _, _, _ = _three(deals=[deal(north="AQJ9.K432.765.32")])
    game.leave()
    assert game.denomination.name == "spades"
    assert game.forced_trace == (
        "1 ace: fewer than 3",
        "longest suits: spades, hearts (4)",
        "pips: spades 40, hearts 19",
    )


def test_seed004_forced_equal_length_and_strength_higher_trick_value() -> None:
    """Seed 004: "If suits are equal in both length and strength, the one in
    which the trick has the higher value must be trumps." The worked check:
    hearts A 9 7 4 and diamonds K Q 8 3, 31 pips each: hearts."""
    game, _, _, right = _three(deals=[deal(north=WORKED)])
    game.leave()
    entry = last(game, "forced")
    assert entry.player == right
    assert entry.detail == {
        "denomination": "hearts",
        "steps": [
            "1 ace: fewer than 3",
            "longest suits: hearts, diamonds (4)",
            "pips: hearts 31, diamonds 31",
            "most valuable: hearts",
        ],
    }


def test_seed004_third_player_can_only_double_before_seeing_his_own_cards() -> None:
    """Seed 004: "On the dummy's declaration the third player can only double
    before seeing his own cards." West (the dealer's left, who has not seen
    Dummy; rules-reference A4) may double unseen; once he has looked at his
    hand the double is refused, and he may only pass."""
    game, _, left, right = _three(deals=[deal(north=WORKED)])
    game.leave()
    assert game.actor == left
    assert sees(game, left) == ""
    assert texts(game.legal_actions()) == ["pass", "double", "look W"]
    game.double()  # blind
    assert game.doubling_level == 1
    assert sees(game, left) == "W"
    game, _, left, right = _three(deals=[deal(north=WORKED)])
    game.leave()
    game.look("W")
    assert sees(game, left) == "W"
    assert texts(game.legal_actions()) == ["pass"]
    refused(game, "double", f"double refused: {left} may double only before seeing his own cards")
    game.pass_()
    assert game.actor == right
    assert texts(game.legal_actions()) == ["pass", "double"]
    # On the dealer's own declaration there is no such restriction.
    game, _, left, right = _three()
    game.declare("clubs")
    assert sees(game, left) == "W"
    assert texts(game.legal_actions()) == ["pass", "double"]


def test_seed004_dummy_exposed_when_first_card_led_never_before() -> None:
    """Seed 004: "When the first card has been led, dummy's hand is exposed, never
    before the lead." Left to Dummy and doubled and redoubled: North is exposed
    right after West's lead, not before; the dealer sees it only then."""
    game, dealer, left, right = _three(deals=[deal(north=WORKED)])
    start = len(game.log)
    game.leave()
    game.double()  # West, blind
    game.redouble()  # the dealer redoubles for North
    game.pass_()  # West
    game.pass_()  # East
    assert game.phase == "play"
    assert game.exposed == set()
    assert "expose" not in kinds_since(game, start)
    assert sees(game, dealer) == "S"
    game.apply(game.legal_actions()[0])
    kinds = kinds_since(game, start)
    assert kinds.index("expose") == kinds.index("play") + 1
    assert (sees(game, dealer), sees(game, left), sees(game, right)) == ("NS", "NW", "NE")


def _hearts_deal(game: Game) -> None:
    """The dealer holds every heart and declares them; all content; play out."""
    number = game.deal_number
    game.declare("hearts")
    game.pass_()
    game.pass_()
    while game.deal_number == number and not game.is_over:
        game.apply(game.legal_actions()[0])


def _no_trumps_deal(game: Game) -> None:
    """The dealer declares no trumps; West holds every heart and wins every trick."""
    number = game.deal_number
    game.declare("no_trumps")
    game.pass_()
    game.pass_()
    while game.deal_number == number and not game.is_over:
        game.apply(game.legal_actions()[0])


def test_seed004_game_30_fifty_a_game_fifty_the_rubber_only_own_deal_toward_game() -> None:
    """Seed 004: "The game is 30: the player wins the rubber who is the first to
    win two games. Fifty points are scored for each game won, and fifty more for
    the rubber." and "No tricks score towards game except those which a player
    wins in his own deal; the value of tricks won in other deals is scored
    above the line with honours, slam and chicane."

    The players in cutting order, X, Y, Z, deal in turn, each from South.
    Deal 1 (X deals, holds every heart, declares hearts, wins 13 tricks):
    7 x 8 = 56 below (game), 5 honours in one hand 10 x 8 = 80, Dummy void
    chicane 2 x 8 = 16, the adversaries' double chicane 4 x 8 = 32 deducted,
    grand slam 40, game 50. Deal 2 (Y deals, no trumps; West, Z, wins 13):
    Z and X each 7 x 12 = 84 above the line (not their deal) and grand slam 40;
    no honours (two aces a side). Deal 3 (Z deals; West is now X): X and Y
    each 84 and 40 above. Deal 4 (X deals, as deal 1): 56 below, the second
    game, game 50 and rubber 50.
    X: 56+80+16-32+40+50 + 84+40 + 84+40 + 56+80+16-32+40+50+50 = 718;
    Y: 84+40 = 124; Z: 84+40 = 124. Y and Z each pay X 718-124 = 594."""
    deals = [fixed(HEARTS_SOUTH), fixed(HEARTS_WEST), fixed(HEARTS_WEST), fixed(HEARTS_SOUTH)]
    game = Game(THREE, 9, deals=deals)
    x, y, z = game.seat_player[S], game.seat_player[W], game.seat_player[E]
    assert game.rules.scoring.game == 30
    _hearts_deal(game)
    assert (game.seat_player[S], game.seat_player[W], game.seat_player[E]) == (y, z, x)
    _no_trumps_deal(game)
    assert (game.seat_player[S], game.seat_player[W], game.seat_player[E]) == (z, x, y)
    _no_trumps_deal(game)
    assert game.seat_player[S] == x
    assert not game.is_over
    assert game.sheet.games == [1 if p == x else 0 for p in game.sheet.names]
    _hearts_deal(game)
    assert game.is_over
    col = {name: i for i, name in enumerate(game.sheet.names)}
    entries = [
        (game.sheet.names[e.column], e.deal, e.points, e.line, e.kind) for e in game.sheet.entries
    ]
    assert entries == [
        (x, 1, 56, "below", "tricks"),
        (x, 1, 80, "above", "honours"),
        (x, 1, 16, "above", "chicane"),
        (x, 1, -32, "above", "chicane"),
        (x, 1, 40, "above", "slam"),
        (x, 1, 50, "above", "game"),
        *sorted(
            [(z, 2, 84, "above", "tricks"), (x, 2, 84, "above", "tricks")], key=lambda t: col[t[0]]
        ),
        *sorted(
            [(z, 2, 40, "above", "slam"), (x, 2, 40, "above", "slam")], key=lambda t: col[t[0]]
        ),
        *sorted(
            [(x, 3, 84, "above", "tricks"), (y, 3, 84, "above", "tricks")], key=lambda t: col[t[0]]
        ),
        *sorted(
            [(x, 3, 40, "above", "slam"), (y, 3, 40, "above", "slam")], key=lambda t: col[t[0]]
        ),
        (x, 4, 56, "below", "tricks"),
        (x, 4, 80, "above", "honours"),
        (x, 4, 16, "above", "chicane"),
        (x, 4, -32, "above", "chicane"),
        (x, 4, 40, "above", "slam"),
        (x, 4, 50, "above", "game"),
        (x, 4, 50, "above", "rubber"),
    ]
    assert game.sheet.games[col[x]] == 2
    assert game.sheet.winner == col[x]
    assert {p: game.sheet.total(col[p]) for p in (x, y, z)} == {x: 718, y: 124, z: 124}
    assert sorted(game.sheet.payments()) == sorted([(y, x, 594), (z, x, 594)])
    assert game.sheet.settlement() == {x: 1188, y: -594, z: -594}


def test_seed004_three_games_without_a_rubber_fifty_a_game() -> None:
    """Seed 004: "Sometimes three games are played without reference to a
    rubber, fifty points being scored for a game won." (The score sheet alone:
    test_scoring_players.py::test_eb1911_three_games_without_a_rubber_fifty_a_game.)
    End to end, under three-handed with the three-games option: each player
    in turn deals and wins a game with every heart; after three games the
    session is over, each has 56 + 80 + 16 - 32 + 40 + 50 = 210, no rubber."""
    rules = with_changes(THREE, scoring__rubber={"kind": "fixed_games", "games": 3})
    game = Game(rules, 9, deals=[fixed(HEARTS_SOUTH)] * 3)
    for _ in range(3):
        _hearts_deal(game)
    assert game.is_over
    assert game.sheet.games == [1, 1, 1]
    assert [e.kind for e in game.sheet.entries].count("game") == 3
    assert "rubber" not in [e.kind for e in game.sheet.entries]
    assert game.sheet.totals() == [210, 210, 210]


def test_seed004_totals_added_up_and_adjusted_pairwise() -> None:
    """Seed 004: "At the end of the rubber the totals are added up, and the
    points won or lost are adjusted thus. Suppose A is credited with 212, B with
    290, and C with 312, then A owes 78 to B and 100 to C; B owes 22 to C."
    The example itself is checked on the score sheet in
    test_scoring_players.py::test_eb1911_settlement_a_212_b_290_c_312; here the
    rule file's settlement is pairwise and a played rubber ends with the
    difference paid between each pair (see the game test above for figures)."""
    assert THREE.scoring.settlement == "pairwise"
    game = Game(
        THREE,
        9,
        deals=[fixed(HEARTS_SOUTH), fixed(HEARTS_WEST), fixed(HEARTS_WEST), fixed(HEARTS_SOUTH)],
    )
    x = game.seat_player[S]
    for play in (_hearts_deal, _no_trumps_deal, _no_trumps_deal, _hearts_deal):
        play(game)
    assert game.is_over
    rubber = last(game, "rubber").detail
    totals = dict(zip(rubber["names"], rubber["totals"], strict=True))
    y, z = sorted(p for p in totals if p != x)
    assert totals == {x: 718, y: 124, z: 124}
    assert sorted(map(tuple, rubber["payments"])) == sorted([(y, x, 594), (z, x, 594)])
    assert rubber["settlement"] == {x: 1188, y: -594, z: -594}


# ---------------------------------------------------------------- EB1911 "Dummy Bridge"


def test_seed004_dummy_bridge_lowest_cutter_takes_dummy() -> None:
    """Seed 004 (Dummy Bridge): "The player who cuts the lowest card takes
    dummy." So in rules/dummy-bridge.yaml and rules/dummy-bridge-eb1911.yaml."""
    for rules in (DUMMY, EB_DUMMY):
        game = Game(rules, 11)
        lowest = cut_ranking(game)[0]
        assert game.player_seats[lowest] == (N, S)
        assert game.manned == {E, S, W}


def test_seed004_dummy_bridge_dummy_deals_the_first_hand_of_all() -> None:
    """Seed 004 (Dummy Bridge): "Dummy deals the first hand of all." The option
    table.dummy.first_dealer: dummy (A9) says it; rules/dummy-bridge-eb1911.yaml
    sets it, while rules/dummy-bridge.yaml follows seed 000 (the lowest cutter
    deals)."""
    game = Game(EB_DUMMY, 11)
    assert EB_DUMMY.table.first_dealer == "dummy"
    assert DUMMY.table.first_dealer == "holder"
    assert game.dealer == N
    assert last(game, "deal").seat == N
    assert Game(DUMMY, 11).dealer == S


def test_seed004_dummy_bridge_dummy_player_looks_at_his_own_hand_first() -> None:
    """Seed 004 (Dummy Bridge): "The player who takes dummy always looks at his
    own hand first, when he deals for himself or for dummy; he can either declare
    trumps or "leave it" to dummy." Dealing for Dummy (deal 1) and for himself
    (deal 3), he is first to act, sees South only, and may declare or leave it."""
    game = Game(EB_DUMMY, 12)
    holder = game.seat_player[S]
    for dealer in (N, S):
        if dealer == S:
            play_a_quiet_deal(game)
            play_a_quiet_deal(game)
        assert game.dealer == dealer
        assert (game.to_act, game.actor) == (S, holder)
        assert sees(game, holder) == "S"
        assert texts(game.legal_actions()) == [*DECLARATIONS, "leave it"]
    # rules/dummy-bridge.yaml agrees on the Dummy-player's own deal and Dummy's.
    game = Game(DUMMY, 12)
    assert (game.actor, sees(game, holder)) == (holder, "S")


def test_seed004_dummy_bridge_dummys_declaration_is_compulsory() -> None:
    """Seed 004 (Dummy Bridge): "Dummy's declaration is compulsory, as in
    three-handed bridge." Left to Dummy it is forced by the same rules in both
    Dummy Bridge files (the worked check: hearts); in
    rules/dummy-bridge-eb1911.yaml the dealing hand's right-hand adversary
    examines it, as in three-handed (A1)."""

    def criteria(rules: RuleSet) -> list[tuple]:
        return [
            (c.kind, c.aces, c.declare, c.pips, c.suit_order)
            for c in rules.declaration.forced.criteria
        ]

    assert criteria(EB_DUMMY) == criteria(THREE) == criteria(DUMMY)
    game = Game(EB_DUMMY, 12, deals=[deal(north=WORKED)])
    game.leave()
    assert game.denomination.name == "hearts"
    assert game.declared_from == "dummy"
    assert last(game, "examine").player == game.seat_player[W]  # North's right


def test_seed004_dummy_bridge_dealing_for_dummy_left_player_waits_for_declaration() -> None:
    """Seed 004 (Dummy Bridge): "When the dealer deals for dummy, the player on
    the dealer's left must not look at his cards till either the dealer has
    declared trumps or, the declaration having been left to dummy, his own
    partner has led a card." North deals (for Dummy); the Dummy-player in South
    has West on his left. Declared: West sees his hand at once. Left to Dummy:
    West (who examines North) sees his own only after East, his partner, leads;
    East sees his hand and leads a card of his choosing, not blind.

    (Catches the first version of rules/dummy-bridge-eb1911.yaml, which made
    the leader wait instead, so that East had to lead blind while West saw
    both his hand and Dummy's. The file lets the leader too take up his hand
    only at the declaration, before which he has nothing to decide.)"""
    game = Game(EB_DUMMY, 12)
    holder, west, east = names(game)
    assert sees(game, west) == ""
    game.declare("diamonds")
    assert (sees(game, west), sees(game, east)) == ("W", "E")
    game = Game(EB_DUMMY, 12, deals=[deal(north=WORKED)])
    game.leave()
    assert (sees(game, west), sees(game, east)) == ("N", "E")
    game.pass_()  # East
    game.pass_()  # West
    assert game.phase == "play"
    assert (game.to_act, game.actor) == (E, east)
    assert sees(game, west) == "N"
    assert sees(game, east) == "E"
    legal = texts(game.legal_actions())
    assert "play blind" not in legal
    assert legal == [f"play {c.code}" for c in sorted(game.original[E])]
    game.apply(game.legal_actions()[0])
    assert (sees(game, west), sees(game, east), sees(game, holder)) == ("NW", "NE", "NS")


def test_seed004_dummy_bridge_leader_may_double_his_partner_only_unseen() -> None:
    """Seed 004 (Dummy Bridge): "The latter can double, but his partner can only
    double without seeing his hand." Left to Dummy on North's deal: East (the
    leader) doubles seeing his hand; West doubles without seeing his."""
    game = Game(EB_DUMMY, 12, deals=[deal(north=WORKED)])
    _, west, east = names(game)
    game.leave()
    assert game.actor == east
    assert sees(game, east) == "E"
    assert texts(game.legal_actions()) == ["pass", "double"]
    game.pass_()
    assert game.actor == west
    assert sees(game, west) == "N"
    assert texts(game.legal_actions()) == ["pass", "double"]
    game.double()
    assert game.doubling_level == 1
    assert sees(game, west) == "N"


def test_seed004_dummy_bridge_dealer_can_only_redouble_on_his_own_hand() -> None:
    """Seed 004 (Dummy Bridge): "The dealer can only redouble on his own hand."
    Left to Dummy and doubled, the Dummy-player may not redouble; declared from
    his own hand, he may. (rules/dummy-bridge.yaml follows seed 000 instead:
    "the dealer has the right of re-doubling, although he has seen two hands".)"""
    game = Game(EB_DUMMY, 12, deals=[deal(north=WORKED)])
    holder = game.seat_player[S]
    game.leave()
    game.double()  # East
    assert (game.to_act, game.actor) == (N, holder)
    assert texts(game.legal_actions()) == ["pass"]
    refused(
        game,
        "redouble",
        "redouble refused: the declaring side may not redouble a declaration left to Dummy",
    )
    game = Game(EB_DUMMY, 12)
    game.declare("hearts")
    game.double()  # East
    assert game.actor == holder
    assert texts(game.legal_actions()) == ["pass", "redouble"]
    game.redouble()
    assert game.doubling_level == 2


def test_seed004_dummy_bridge_dealing_for_himself_right_hand_player_examines() -> None:
    """Seed 004 (Dummy Bridge): "When the player of dummy deals for himself, the
    player on his right hand looks at dummy's hand if the declaration is passed,
    the positions and restrictions of his partner and himself being reversed."
    Deal 3: South deals; left to Dummy, East (his right) examines North and sees
    his own hand only after West, his partner, leads; West sees his hand from
    the declaration, may double, and leads a card he sees."""
    presets = [deal(), deal(), deal(north=WORKED)]
    game = Game(EB_DUMMY, 12, deals=presets)
    holder, west, east = names(game)
    play_a_quiet_deal(game)
    play_a_quiet_deal(game)
    assert game.deal_number == 3
    assert game.dealer == S
    assert (sees(game, holder), sees(game, east)) == ("S", "")
    game.leave()
    examine = last(game, "examine")
    assert (examine.seat, examine.player) == (N, east)
    assert (sees(game, holder), sees(game, west), sees(game, east)) == ("S", "W", "N")
    assert game.actor == west
    assert texts(game.legal_actions()) == ["pass", "double"]
    game.pass_()
    assert game.actor == east
    assert texts(game.legal_actions()) == ["pass", "double"]
    game.pass_()
    assert (game.to_act, game.actor) == (W, west)
    assert texts(game.legal_actions()) == [f"play {c.code}" for c in sorted(game.original[W])]
    game.apply(game.legal_actions()[0])
    assert (sees(game, holder), sees(game, west), sees(game, east)) == ("NS", "NW", "NE")
