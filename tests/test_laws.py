"""Laws mode: revokes and their penalties (ELW05 laws 85-96, rules-reference.md
§3.6 and A12; the 1912 Auction code laws 63 and 83-89, §4.7 and A13).

The deal below makes the play easy to follow: North holds every spade, East
every diamond, South the hearts and the two of clubs, West the other clubs and
the two of hearts. South deals and declares hearts (or bids one heart); West
leads. Playing the first legal card each time, the declaring side wins every
trick but one. If South revokes on the first trick (a heart to the club led,
holding the two of clubs) he still wins twelve tricks to East-West's one.
"""

from __future__ import annotations

import json

import pytest

from dummybridge.core.cards import Hand, Seat
from dummybridge.engine.game import Game
from dummybridge.engine.laws.calls import slip_corrections as calls_slip
from dummybridge.engine.laws.offences import irregularities_open
from dummybridge.engine.scoring import ScoreEntry
from dummybridge.errors import IllegalActionError
from dummybridge.language.loader import load_rules

BRIDGE = load_rules("bridge")
AUCTION = load_rules("auction-bridge")

DEAL = (
    Hand.from_pbn("AKQJT98765432..."),  # North: every spade
    Hand.from_pbn("..AKQJT98765432."),  # East: every diamond
    Hand.from_pbn(".AKQJT9876543..2"),  # South: the hearts but the two, the two of clubs
    Hand.from_pbn(".2..AKQJT9876543"),  # West: the clubs but the two, the two of hearts
)


def play_first_legal(game: Game, revoke_at: tuple[Seat, int] | None = None) -> None:
    """Play the deal out, each hand its first legal card; ``revoke_at`` makes that
    seat revoke (its first irregular card) in that trick."""
    deal = game.deal_number
    while game.deal_number == deal and game.phase == "play":
        seat, trick = game.to_act, len(game.tricks) + 1
        irregular = game.irregular_actions()
        if revoke_at == (seat, trick) and irregular:
            game.apply(irregular[0])
            continue
        game.apply(game.legal_actions()[0])


def bridge_game(laws: bool = True) -> Game:
    game = Game(BRIDGE, 1, deals=[DEAL], laws=laws)
    game.apply("declare hearts")
    game.apply("pass")
    game.apply("pass")
    return game


def test_strict_play_offers_no_revoke_and_refuses_one() -> None:
    """In strict play failing to follow suit is impossible."""
    game = bridge_game(laws=False)
    game.apply("play C3")  # West leads a club; North and East cannot follow
    game.apply("play S2")
    game.apply("play D2")
    assert game.irregular_actions() == ()
    with pytest.raises(
        IllegalActionError,
        match=r"play H3 refused: south \(.\) must follow "
        r"suit to the C3 led",
    ):
        game.apply("play H3")


def test_laws_mode_offers_the_revoke_and_records_it() -> None:
    """Laws mode: a revoke can happen; it is logged with the card and the suit led."""
    game = bridge_game()
    for card in ("C3", "S2", "D2"):
        game.apply(f"play {card}")
    assert [str(a) for a in game.legal_actions()] == ["play C2"]
    assert [str(a) for a in game.irregular_actions()][:2] == ["play H3", "play H4"]
    game.apply("play H3")
    assert game.revokes == [(Seat.SOUTH, 1, True)]
    (op,) = [op for op in game.log if op.kind == "revoke"]
    assert dict(op.detail) == {"card": "H3", "led": "C3", "trick": 1, "liable": True}
    assert game.tricks[-1].winner == Seat.SOUTH  # the trick is played as it fell


def test_elw05_three_tricks_to_the_adversaries_and_no_game_for_the_revoking_side() -> None:
    """ELW05 laws 85-96 (A12): the revoking side loses three tricks to the
    adversaries; tricks gained by the penalty do not count toward a slam.

    As played North-South take 12 tricks, East-West 1; after the penalty 9 and 4:
    3 odd tricks at hearts = 24 below. Honours (5 in South's hand) 80; North's
    chicane 16; East's chicane deducted from North-South's honours, -16; the
    little slam North-South won in play, 20."""
    game = bridge_game()
    play_first_legal(game, revoke_at=(Seat.SOUTH, 1))
    assert game.phase == "claim"
    assert game.to_act == Seat.WEST
    assert [str(a) for a in game.legal_actions()] == ["claim revoke tricks", "waive revoke"]
    game.apply("claim revoke tricks")
    entries = [(e.column, e.points, e.line, e.kind) for e in game.sheets[0].entries]
    assert entries == [
        (0, 24, "below", "tricks"),
        (0, 80, "above", "honours"),
        (0, 16, "above", "chicane"),
        (0, -16, "above", "chicane"),
        (0, 20, "above", "slam"),
    ]


def test_elw05_a_waived_revoke_costs_nothing() -> None:
    game = bridge_game()
    play_first_legal(game, revoke_at=(Seat.SOUTH, 1))
    game.apply("waive revoke")
    first = game.sheets[0].entries[0]
    assert (first.column, first.points, first.kind) == (0, 48, "tricks")  # 6 odd tricks at 8


def test_elw05_the_revoking_side_cannot_reach_game_that_hand() -> None:
    """ELW05: the revoking side scores at most 28 toward game in that hand: with
    12 toward game already, North-South's 24 this hand are held to 16."""
    game = bridge_game()
    # North-South have 12 below the line from an earlier deal of this game.
    game.sheet.entries.append(ScoreEntry(0, 12, "below", "tricks", "earlier", 0, 1, 0))
    play_first_legal(game, revoke_at=(Seat.SOUTH, 1))
    game.apply("claim revoke tricks")
    tricks = [e for e in game.sheet.entries if e.kind == "tricks" and e.deal == 1]
    assert [(e.column, e.points) for e in tricks] == [(0, 16)]
    assert tricks[0].note == "3 odd tricks at hearts; revoke: held short of game"
    assert game.sheet.games == [0, 0]
    assert game.sheet.below(0) == 28


def test_law_63_dummy_is_not_liable_and_the_trick_stands() -> None:
    """Law 63 (seed 002) and ELW05: dummy is not liable to the penalty for a
    revoke; the trick stands and no penalty is claimed."""
    for seed in range(40):
        game = Game(BRIDGE, seed, laws=True)
        game.apply("declare hearts")
        game.apply("pass")
        game.apply("pass")
        revoked = False
        deal = game.deal_number
        while game.deal_number == deal and game.phase == "play":
            irregular = game.irregular_actions()
            if not revoked and game.to_act == game.dummy and irregular:
                game.apply(irregular[0])
                revoked = True
                continue
            game.apply(game.legal_actions()[0])
        if revoked:
            revokes = [op for op in game.log if op.kind == "revoke"]
            assert [(op.seat, op.detail["liable"]) for op in revokes] == [(Seat.NORTH, False)]
            assert game.phase != "claim"
            assert not any(op.kind == "claim" for op in game.log)
            return
    pytest.fail("no deal gave dummy a chance to revoke")


def test_law_84_85_auction_declarer_revokes_adversaries_score_150() -> None:
    """1912 laws 84-86 (A13): a revoke by the declarer's side gives the adversaries
    150 in the honour column; the revoking side scores nothing but honours and
    chicane (no tricks, no slam)."""
    game = Game(AUCTION, 1, deals=[DEAL], laws=True)
    for call in ("bid 1 hearts", "pass", "pass", "pass"):
        game.apply(call)
    play_first_legal(game, revoke_at=(Seat.SOUTH, 1))
    assert game.to_act == Seat.WEST
    assert [str(a) for a in game.legal_actions()] == ["claim revoke points", "waive revoke"]
    game.apply("claim revoke points")
    entries = [(e.column, e.points, e.kind) for e in game.sheets[0].entries]
    assert entries == [
        (1, 150, "revoke"),
        (0, 80, "honours"),
        (0, 16, "chicane"),
        (0, -16, "chicane"),
    ]


def test_law_84_auction_the_declarer_chooses_points_or_tricks() -> None:
    """1912 law 84: when an adversary revokes, the declarer chooses 150 points or
    three tricks."""
    game = Game(AUCTION, 1, deals=[DEAL], laws=True)
    for call in ("bid 1 hearts", "pass", "pass", "pass"):
        game.apply(call)
    # West wins the first trick and leads a club again; South trumps, then
    # leads a heart on the third trick, and West, holding the two of hearts,
    # revokes with a club.
    play_first_legal(game, revoke_at=(Seat.WEST, 3))
    assert game.revokes
    assert game.revokes[0][0] == Seat.WEST
    assert game.to_act == Seat.SOUTH  # the declarer chooses
    assert [str(a) for a in game.legal_actions()] == [
        "claim revoke points",
        "claim revoke tricks",
        "waive revoke",
    ]
    game.apply("claim revoke points")
    revoke = [(e.column, e.points) for e in game.sheets[0].entries if e.kind == "revoke"]
    assert revoke == [(0, 150)]


def test_laws_mode_records_replay() -> None:
    game = bridge_game()
    play_first_legal(game, revoke_at=(Seat.SOUTH, 1))
    game.apply("claim revoke tricks")
    record = json.loads(json.dumps(game.to_record()))
    assert record["laws"] is True
    assert Game.from_record(record).state_dict() == game.state_dict()


def test_claims_refuse_other_actions() -> None:
    game = bridge_game()
    play_first_legal(game, revoke_at=(Seat.SOUTH, 1))
    before = json.dumps(game.state_dict(), sort_keys=True)
    with pytest.raises(
        IllegalActionError,
        match=r"claim revoke points refused: west \(.\) may "
        r"now only claim revoke tricks, waive revoke",
    ):
        game.apply("claim revoke points")
    assert json.dumps(game.state_dict(), sort_keys=True) == before


def test_seed000_double_dummy_liable_in_his_own_hand_not_in_his_dummy() -> None:
    """Seed 000 Double Dummy: "Either player is liable to the penalty of a revoke
    in his own hand, but not in his Dummy." Over seeded deals, every revoke that
    can happen is made; those from a hand a player sits at are liable, those from
    a Dummy are not, the declarer's or the defender's (``laws.revoke.exempt:
    every_dummy`` in double-dummy.yaml; Bridge's default exempts only the
    declarer's dummy: test_a_revoke_from_the_defending_dummy_is_liable)."""
    rules = load_rules("double-dummy")
    seen: dict[bool, set[bool]] = {True: set(), False: set()}
    defending = False
    for seed in range(12):
        game = Game(rules, seed, laws=True)
        deal = game.deal_number
        while game.deal_number == deal and not game.is_over:
            if game.phase == "play" and game.irregular_actions():
                game.apply(game.irregular_actions()[0])
            elif game.phase == "double":
                game.apply("pass")
            else:
                game.apply(game.legal_actions()[0])
        for op in game.log:
            if op.kind == "revoke":
                seen[op.seat in game.manned].add(op.detail["liable"])
                defending |= op.seat not in game.manned and op.seat != game.dummy
    assert seen == {True: {True}, False: {False}}
    assert defending  # the defending Dummy is exempt too (exempt: every_dummy)


def _auction_game(laws: bool = True) -> Game:
    return Game(AUCTION, 1, laws=laws)


def test_strict_play_refuses_a_call_out_of_turn() -> None:
    """In strict play a call out of turn cannot be made; nothing changes."""
    game = _auction_game(laws=False)
    west = game.seat_player[Seat.WEST]
    before = json.dumps(game.state_dict(), sort_keys=True)
    with pytest.raises(
        IllegalActionError,
        match=r"bid 1 hearts refused: it is .'s turn; "
        r". may not call out of turn here \(strict play\)",
    ):
        game.apply("bid 1 hearts", player=west)
    assert json.dumps(game.state_dict(), sort_keys=True) == before
    assert game.out_of_turn_actions(west) == ()


def test_law_49_a_bid_out_of_turn_may_stand() -> None:
    """1912 law 49: after a declaration out of turn either adversary may demand a
    new deal, or allow it to stand; here it stands and the turn passes to the
    offender's left."""
    game = _auction_game()
    west = game.seat_player[Seat.WEST]
    assert str(game.out_of_turn_actions(west)[0]) == "bid 1 spades"
    game.apply("bid 1 hearts", player=west)  # South, the dealer, has not called
    assert game.phase == "penalty"
    assert game.to_act == Seat.NORTH
    assert [str(a) for a in game.legal_actions()] == ["demand new deal", "accept call"]
    game.apply("accept call")
    assert game.phase == "auction"
    assert str(game.contract) == "bid 1 hearts"
    assert game.to_act == Seat.NORTH
    assert [op.kind for op in game.log[-2:]] == ["out_of_turn", "accept"]


def test_law_49_a_bid_out_of_turn_and_a_new_deal() -> None:
    """1912 law 49: the adversary may demand a new deal; the same dealer deals again."""
    game = _auction_game()
    game.apply("bid 1 hearts", player=game.seat_player[Seat.EAST])
    assert game.to_act == Seat.SOUTH
    game.apply("demand new deal")
    assert game.deal_number == 2
    assert game.dealer == Seat.SOUTH
    assert game.phase == "auction"
    assert game.calls == []
    assert game.contract is None


def test_law_57_a_double_out_of_turn() -> None:
    """1912 law 57 (seed 002): "If a player double out of turn, either adversary
    may demand a new deal." If neither does, the double is void."""
    game = _auction_game()
    game.apply("bid 1 hearts")  # South; West is to call
    east = game.seat_player[Seat.EAST]
    assert "double" in [str(a) for a in game.out_of_turn_actions(east)]
    game.apply("double", player=east)
    assert game.to_act == Seat.SOUTH  # the adversary on East's left
    assert [str(a) for a in game.legal_actions()] == ["demand new deal", "cancel call"]
    with pytest.raises(
        IllegalActionError,
        match=r"accept call refused: south \(.\) may now only "
        r"demand new deal, cancel call",
    ):
        game.apply("accept call")
    game.apply("cancel call")
    assert game.phase == "auction"
    assert game.to_act == Seat.WEST
    assert game.doubling_level == 0


def test_out_of_turn_records_replay() -> None:
    game = _auction_game()
    game.apply("bid 1 hearts", player=game.seat_player[Seat.WEST])
    game.apply("accept call")
    game.apply("pass")
    record = json.loads(json.dumps(game.to_record()))
    assert record["actions"][0] == {"player": game.seat_player[Seat.WEST], "action": "bid 1 hearts"}
    assert Game.from_record(record).state_dict() == game.state_dict()


def test_law_50_an_insufficient_bid_made_sufficient_bars_the_partner() -> None:
    """1912 law 50: an insufficient bid, objected to, must be made sufficient, and
    the bidder's partner is barred from further bids unless an adversary later
    bids or doubles."""
    game = _auction_game()
    game.apply("bid 1 hearts")  # South
    assert [str(a) for a in game.irregular_actions()][-3:] == [
        "bid 3 spades",
        "bid 1 diamonds",
        "bid 1 hearts",
    ]  # law 44: by points, then tricks
    game.apply("bid 1 diamonds")  # West: 7 points, not more than 8
    assert game.phase == "penalty"
    assert game.to_act == Seat.NORTH
    assert [str(a) for a in game.legal_actions()] == ["make bid sufficient", "accept call"]
    game.apply("make bid sufficient")
    assert str(game.contract) == "bid 2 diamonds"
    assert game.to_act == Seat.NORTH
    game.apply("pass")  # North
    assert [str(a) for a in game.legal_actions()] == ["pass"]  # East is barred from bidding
    game.apply("pass")  # East
    game.apply("bid 2 hearts")  # South, an adversary of the barred East, bids
    game.apply("pass")  # West
    game.apply("pass")  # North
    assert "bid 3 diamonds" in [str(a) for a in game.legal_actions()]  # East may bid again


def test_law_50_an_insufficient_bid_accepted_stands() -> None:
    """1912 law 50: without objection the insufficient bid stands."""
    game = _auction_game()
    game.apply("bid 1 hearts")
    game.apply("bid 1 clubs")  # West: 6 points, insufficient
    game.apply("accept call")
    assert str(game.contract) == "bid 1 clubs"
    assert game.to_act == Seat.NORTH


def _both_sides_revoke() -> Game:
    """South revokes in the first trick, West in the second; both stand."""
    game = Game(AUCTION, 1, deals=[DEAL], laws=True)
    for call in ("bid 1 hearts", "pass", "pass", "pass"):
        game.apply(call)
    for card in ("C3", "S2", "D2", "H3"):  # South trumps, holding the two of clubs
        game.apply(f"play {card}")
    for card in ("HA", "C4"):  # West discards a club, holding the two of hearts
        game.apply(f"play {card}")
    play_first_legal(game)
    assert game.revokes == [(Seat.SOUTH, 1, True), (Seat.WEST, 2, True)]
    return game


def test_law_87_the_claimants_may_search_all_the_tricks() -> None:
    """Law 87: at the end of the hand the claimants of a revoke may search all
    the tricks: the claimant's view holds every trick, the revoking card in it."""
    game = _both_sides_revoke()
    assert game.phase == "claim"
    view = game.observation(game.actor or "")
    assert len(view.tricks) == 13
    assert [c.code for c in view.tricks[0].cards] == ["C3", "S2", "D2", "H3"]


def test_law_88_a_revoke_is_claimed_before_the_next_deal() -> None:
    """Law 88: a revoke must be claimed before the cards are cut for the next
    deal: once the claims are settled the next deal begins, and no claim is open."""
    game = _both_sides_revoke()
    game.apply("waive revoke")
    game.apply("waive revoke")
    assert game.deal_number == 2
    assert game.phase == "auction"
    before = json.dumps(game.state_dict(), sort_keys=True)
    with pytest.raises(IllegalActionError, match=r"^claim revoke points refused"):
        game.apply("claim revoke points")
    assert json.dumps(game.state_dict(), sort_keys=True) == before


def test_law_89_both_sides_revoke_only_honours_and_chicane_are_scored() -> None:
    """Laws 84, 89 (rules-reference.md §4.7): when both sides revoke, neither
    scores except for honours and chicane; each side's revoke still costs it
    150. North-South took twelve tricks but score none of them."""
    game = _both_sides_revoke()
    assert game.to_act == Seat.WEST  # against the declarer's side, his left adversary claims
    game.apply("claim revoke points")
    assert game.to_act == Seat.SOUTH
    game.apply("claim revoke points")
    entries = [(e.column, e.points, e.line, e.kind) for e in game.sheets[0].entries]
    assert entries == [
        (0, 150, "above", "revoke"),
        (1, 150, "above", "revoke"),
        (0, 80, "above", "honours"),
        (0, 16, "above", "chicane"),
        (0, -16, "above", "chicane"),
    ]


def test_law_52_a_slip_of_the_tongue_is_corrected_before_the_next_call() -> None:
    """Law 52 (rules-reference.md §4.3): "Two Hearts -- I mean three Hearts": the
    player who made a call may correct it before the next player calls; the
    first call is void. The record keeps both and replays to the same state."""
    game = _auction_game()
    south = game.seat_player[Seat.SOUTH]
    game.apply("bid 2 hearts")
    game.apply("bid 3 hearts", player=south)
    assert [(s.letter, str(a)) for s, a in game.calls] == [("S", "bid 3 hearts")]
    assert str(game.contract) == "bid 3 hearts"
    assert game.to_act == Seat.WEST
    slip = [op for op in game.log if op.kind == "slip"]
    assert [(op.player, str(op.action)) for op in slip] == [(south, "bid 2 hearts")]
    record = json.loads(json.dumps(game.to_record()))
    assert record["actions"][-2:] == ["bid 2 hearts", {"player": south, "action": "bid 3 hearts"}]
    assert Game.from_record(record).state_dict() == game.state_dict()


def test_law_52_too_late_once_the_next_player_has_called() -> None:
    """Once the next player has called, a second call is no correction but a
    call out of turn (law 49): the adversaries decide."""
    game = _auction_game()
    south = game.seat_player[Seat.SOUTH]
    game.apply("bid 2 hearts")
    game.apply("pass")  # West
    game.apply("bid 3 hearts", player=south)
    assert [op.kind for op in game.log[-2:]] == ["pass", "out_of_turn"]
    assert (game.phase, game.to_act) == ("penalty", Seat.WEST)
    assert [str(c) for _, c in game.calls] == ["bid 2 hearts", "pass"]


def test_law_52_the_correction_must_be_a_call_he_could_have_made() -> None:
    game = _auction_game()
    south = game.seat_player[Seat.SOUTH]
    game.apply("bid 2 hearts")
    before = json.dumps(game.state_dict(), sort_keys=True)
    with pytest.raises(
        IllegalActionError,
        match=r"^pass refused: .* may correct his call "
        r"\(bid 2 hearts\) only by a call he could have "
        r"made instead$",
    ):
        game.apply("pass", player=south)  # law 42: the dealer must bid
    assert json.dumps(game.state_dict(), sort_keys=True) == before


def test_law_52_the_same_call_again_is_no_correction() -> None:
    """Law 52 ("Two Hearts -- I mean three Hearts"): a slip is corrected by
    another call; saying the same call again corrects nothing and is refused,
    changing nothing, as the calls offered for the slip leave it out (found by
    tests/test_laws_codes.py's walk, which the engine logged as a slip)."""
    game = _auction_game()
    south = game.seat_player[Seat.SOUTH]
    game.apply("bid 2 hearts")
    assert "bid 2 hearts" not in [str(a) for a in calls_slip(game, south)]
    before = json.dumps(game.state_dict(), sort_keys=True)
    with pytest.raises(IllegalActionError) as refusal:
        game.apply("bid 2 hearts", player=south)
    assert str(refusal.value) == (
        f"bid 2 hearts refused: it is the call {south} has just made; "
        "a slip is corrected by another call (law 52)"
    )
    assert json.dumps(game.state_dict(), sort_keys=True) == before


def test_law_52_the_slip_is_offered_as_the_calls_he_could_have_made_instead() -> None:
    """Law 52 (rules-reference.md §4.3): the call may be corrected "before the
    next player calls". What the engine offers the sampler of irregularities
    (issue 20) under ``slip``: the maker of the last call, with each call he
    could have made instead of it (the dealer must bid, law 42: no pass),
    until the next hand acts; never in strict play, nor in Bridge (no auction)."""
    game = _auction_game()
    south = game.seat_player[Seat.SOUTH]
    west = game.seat_player[Seat.WEST]
    before = [str(a) for a in game.legal_actions() if a.kind == "bid"]
    game.apply("bid 2 hearts")  # South, the dealer
    offered = irregularities_open(game)["slip"]
    assert {p for p, _ in offered} == {south}
    calls = [str(a) for _, a in offered]
    assert len(before) == 42  # seven levels of six declarations (royal spades too)
    assert calls == [c for c in before if c != "bid 2 hearts"]  # and no pass: law 42
    assert calls == [str(a) for a in calls_slip(game, south)]
    before = [str(a) for a in game.legal_actions() if a.kind in ("bid", "pass", "double")]
    game.apply("pass")  # West: South's slip may no longer be corrected
    offered = irregularities_open(game)["slip"]
    assert {p for p, _ in offered} == {west}
    calls = [str(a) for _, a in offered]
    assert calls == before[1:]  # every call open to him but his pass
    assert calls[0] == "bid 2 royal_spades"
    assert calls[-1] == "double"
    strict = _auction_game(laws=False)
    strict.apply("bid 2 hearts")
    assert "slip" not in irregularities_open(strict)
    bridge = Game(BRIDGE, 1, laws=True)
    bridge.apply(bridge.legal_actions()[0])
    assert "slip" not in irregularities_open(bridge)


def test_law_52_the_slip_corrected_costs_nothing() -> None:
    """Law 52: "Two Hearts -- I mean three Hearts" -- the first call is void and
    there is no penalty: no adversary decides anything, and the deal goes on
    and is scored exactly as if the correction had been the first call."""
    slipped, straight = _auction_game(), _auction_game()
    slipped.apply("bid 2 hearts")
    slipped.apply("bid 3 hearts", player=slipped.seat_player[Seat.SOUTH])
    straight.apply("bid 3 hearts")
    assert (slipped.phase, slipped.to_act) == ("auction", Seat.WEST)
    for game in (slipped, straight):
        while not game.is_over and game.deal_number == 1:
            game.apply(game.legal_actions()[0])
    assert [op.kind for op in slipped.log if op.kind in ("slip", "new_deal", "accept")] == ["slip"]
    assert slipped.sheets[0].to_data() == straight.sheets[0].to_data()
    assert slipped.sheets[0].entries  # (the deal was scored)


def test_law_52_a_second_slip_replays_the_first_and_a_call_out_of_turn() -> None:
    """A corrected call cannot be corrected again: a further call by the same
    player is out of turn (law 49). A later slip rebuilds the game through the
    earlier slip and that call, and the record replays to the same state."""
    game = _auction_game()
    south, west = game.seat_player[Seat.SOUTH], game.seat_player[Seat.WEST]
    game.apply("bid 1 hearts")
    game.apply("bid 2 hearts", player=south)  # law 52
    assert game.out_of_turn_actions(south)  # corrected once: now it is out of turn
    game.apply("bid 3 hearts", player=south)  # law 49
    assert (game.phase, game.to_act) == ("penalty", Seat.WEST)
    game.apply("accept call")
    game.apply("bid 3 no_trumps")  # West
    assert game.out_of_turn_actions(west) == ()  # his slip is open: a call corrects it
    game.apply("bid 4 hearts", player=west)  # law 52 again
    assert [(s.letter, str(a)) for s, a in game.calls] == [
        ("S", "bid 2 hearts"),
        ("S", "bid 3 hearts"),
        ("W", "bid 4 hearts"),
    ]
    assert [str(op.action) for op in game.log if op.kind == "slip"] == [
        "bid 1 hearts",
        "bid 3 no_trumps",
    ]
    record = json.loads(json.dumps(game.to_record()))
    assert Game.from_record(record).state_dict() == game.state_dict()


def test_law_50_an_impossible_bid_counts_as_seven_and_bars_the_partner() -> None:
    """Law 50 (WORK13's summary of penalties): an impossible declaration is
    "made 7 tricks and partner debarred from bidding; or new deal; or previous
    declaration may be made final"."""
    game = _auction_game()
    game.apply("bid 1 hearts")  # South
    game.apply("bid 8 diamonds")  # West: more than seven
    assert [op.kind for op in game.log[-1:]] == ["impossible"]
    assert (game.phase, game.to_act) == ("penalty", Seat.NORTH)
    assert [str(a) for a in game.legal_actions()] == [
        "make bid seven",
        "demand new deal",
        "make previous bid final",
    ]
    game.apply("make bid seven")
    assert str(game.contract) == "bid 7 diamonds"
    assert game.to_act == Seat.NORTH
    game.apply("pass")  # North
    assert [str(a) for a in game.legal_actions()] == ["pass"]  # East, West's partner, is barred


def test_law_50_the_adversaries_may_make_their_own_last_bid_final() -> None:
    game = _auction_game()
    game.apply("bid 1 hearts")
    game.apply("bid 9 clubs")
    game.apply("make previous bid final")
    assert game.phase == "play"
    assert str(game.contract) == "bid 1 hearts"
    assert game.declarer == Seat.SOUTH
    assert game.to_act == Seat.WEST


def test_law_50_an_impossible_bid_and_a_new_deal() -> None:
    game = _auction_game()
    game.apply("bid 8 no_trumps")  # the dealer: no bid of the adversaries to make final
    assert [str(a) for a in game.legal_actions()] == ["make bid seven", "demand new deal"]
    game.apply("demand new deal")
    assert (game.deal_number, game.phase, game.dealer) == (2, "auction", Seat.SOUTH)
    record = json.loads(json.dumps(game.to_record()))
    assert Game.from_record(record).state_dict() == game.state_dict()


def test_strict_play_refuses_an_impossible_bid() -> None:
    game = _auction_game(laws=False)
    before = json.dumps(game.state_dict(), sort_keys=True)
    with pytest.raises(
        IllegalActionError,
        match=r"^bid 8 hearts refused: no bid may be more "
        r"than 7$",
    ):
        game.apply("bid 8 hearts")
    assert json.dumps(game.state_dict(), sort_keys=True) == before


# The defending Dummy (issue 20). The first deal is DEAL (South, the
# Dummy-player's own hand, deals); the second is dealt by West (C), whose
# partner East (A) is his exposed dummy; North is B's Dummy, a closed hand of
# the defending side, and leads. West declares no trumps. North leads H2, East's
# ace wins; East leads D3, South follows D6 and wins, and North, holding D2,
# plays H3: a revoke from a hand no one sits at.
DEFENDING_DUMMY_DEAL = (
    Hand.from_pbn(".KQJT98765432.2."),  # North: B's Dummy, defending
    Hand.from_pbn(".A.A43.T98765432"),  # East: A, the declarer's dummy
    Hand.from_pbn("..KQJT98765.AKQJ"),  # South: B
    Hand.from_pbn("AKQJT98765432..."),  # West: C, the declarer
)


def _defending_dummy_revokes(variant: str) -> Game:
    game = Game(load_rules(variant), 1, deals=[DEAL, DEFENDING_DUMMY_DEAL], laws=True)
    while game.deal_number == 1:
        legal = game.legal_actions()
        game.apply("pass" if "pass" in [str(a) for a in legal] else legal[0])
    assert (game.dealer, game.seat_player[Seat.NORTH], game.seat_player[Seat.SOUTH]) == (
        Seat.WEST,
        "B",
        "B",
    )
    game.apply("declare no_trumps")
    while game.phase == "double":
        game.apply("pass")
    for card in ("H2", "HA", "D5", "S2", "D3", "D6", "S3", "H3"):
        game.apply(f"play {card}")
    return game


def _check_defending_dummy_revoke_is_liable(variant: str) -> None:
    """Issue 20: "The Rules of Bridge exempt only the declarer's dummy" ("Dummy
    cannot be penalised for a revoke", ELW05 laws 61-66, rules-reference 3.4;
    1912 law 63, seed 002: "Dummy is not liable to the penalty for a revoke");
    seed 000 makes "not in his Dummy" an exception of Double Dummy only. In Dummy
    Bridge ("In all other cases the Rules of Bridge apply") and Elwell's Bridge
    for Three Players (ELW05: the Rules of Bridge but where it says otherwise),
    North, B's Dummy defending, revokes; the penalty is
    claimed: three tricks from North-South to East-West (ELW05 laws 85-96, A12).
    In the play East-West win seven tricks, North-South six; with the three,
    East-West have ten, four odd tricks at no trumps, 4 x 12 = 48 below; the
    aces, two in East's hand and one in West's, are three aces, 30 above."""
    game = _defending_dummy_revokes(variant)
    [revoke] = [op for op in game.log if op.kind == "revoke"]
    assert (revoke.seat, revoke.player, revoke.detail["liable"]) == (Seat.NORTH, "B", True)
    while game.phase == "play":
        game.apply(game.legal_actions()[0])
    assert game.deal.tricks_won == [6, 7]
    assert (game.phase, game.to_act, [str(a) for a in game.legal_actions()]) == (
        "claim",
        Seat.WEST,
        ["claim revoke tricks", "waive revoke"],
    )
    game.apply("claim revoke tricks")
    [score] = [op for op in game.log if op.kind == "score" and op.detail["deal"] == 2]
    assert [(e["side"], e["line"], e["points"], e["kind"]) for e in score.detail["entries"]] == [
        (1, "below", 48, "tricks"),
        (1, "above", 30, "honours"),
    ]


def test_a_revoke_from_the_defending_dummy_is_liable_in_dummy_bridge() -> None:
    """Seed 000 Dummy Bridge: "In all other cases the Rules of Bridge apply", and
    they exempt only the declarer's dummy (1912 law 63; ELW05 laws 61-66):
    a revoke from the Dummy-player's Dummy, defending, costs three tricks."""
    _check_defending_dummy_revoke_is_liable("dummy-bridge")


def test_a_revoke_from_the_defending_dummy_is_liable_in_elwells_three_handed_game() -> None:
    """ELW05 "Bridge for Three Players": the permanent Dummy defends when an
    adversary deals; its revoke costs three tricks as in Bridge (ELW05 laws
    85-96), only the declarer's dummy being exempt."""
    _check_defending_dummy_revoke_is_liable("three-handed-elwell")
