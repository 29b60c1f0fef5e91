"""Laws mode, the two codes side by side (issue 20): the Bridge code's law 75
(ELW05, Project Gutenberg #38000, the copy in ``cicadasolvers/txt``,
``38000.txt``) against the 1912 law 73; the 1912 laws 68-70 and 93 (Work's
*Auction of To-day*, Project Gutenberg #23086) each with a test of its own;
and every law a message names cited as the code the variant follows cites
it, at the engine and at the web table.

As in test_laws_exposed.py, South (B) declares, North (C) is his dummy, West
(A) leads and East (D) is West's partner.
"""

from __future__ import annotations

import json
import random
import re
from types import SimpleNamespace

import pytest
from test_laws_dummy import DEAL, EAST, NORTH, SOUTH, WEST, texts
from test_laws_exposed import (
    AUCTION,
    BRIDGE,
    CALLS,
    REQUIRES,
    SPLIT,
    _bridge_at_play,
    _west_plays_before_east,
    game_at_play,
    refused,
)

from dummybridge.core.cards import Hand, Seat
from dummybridge.engine.game import Game
from dummybridge.engine.laws.offences import irregularities_open
from dummybridge.errors import IllegalActionError
from dummybridge.formats.render import game_record, penalty_text
from dummybridge.language.loader import load_rules
from dummybridge.language.ruleset import RuleSet
from dummybridge.web.views import player_view
from support import with_changes

#: West holds clubs and hearts, East the club honours: the adversaries win
#: tricks, so the three tricks of the revoke penalty change the score
CLUBS = (
    Hand.from_pbn("AKQJ.AKQ.AKQ.432"),  # North, dummy
    Hand.from_pbn("T987.JT9.JT9.AKQ"),  # East
    Hand.from_pbn("6543.876.876.JT9"),  # South, the dealer
    Hand.from_pbn("2.5432.5432.8765"),  # West, the eldest hand
)


def _bridge_called_to_lead_clubs() -> Game:
    """Bridge: East leads the heart jack out of turn; the dealer calls a club
    lead from West (ELW05 law 76)."""
    game = Game(BRIDGE, 1, deals=[CLUBS], laws=True)
    for call in ("declare no_trumps", "pass", "pass"):
        game.apply(call)
    game.apply("play HJ", player=EAST)
    game.apply("call lead clubs")
    return game


@pytest.mark.parametrize(("choice", "odd"), [("claim revoke tricks", 7), ("waive revoke", 4)])
def test_law_73_the_bridge_code_elw05_law_75_called_on_to_lead_one_suit_he_leads_another(
    choice: str, odd: int
) -> None:
    """ELW05 law 75: "... or if, when called on to lead one suit, lead
    another, having in his hand one or more cards of the suit demanded (Law
    76) ... he is liable to the penalty for revoke, unless such play be
    corrected before the trick is turned and quitted." West leads a diamond
    holding clubs; uncorrected, the dealer may claim the revoke penalty,
    three tricks (ELW05 law 87): his four odd tricks become seven."""
    game = _bridge_called_to_lead_clubs()
    assert texts(game.legal_actions()) == ["play C5", "play C6", "play C7", "play C8"]
    assert texts(game.irregular_actions()) == [
        "play D2", "play D3", "play D4", "play D5",
        "play H2", "play H3", "play H4", "play H5", "play S2",
    ]  # fmt: skip
    game.apply("play D2")
    assert game.log[-3].to_data() == {
        "index": 9,
        "kind": "disobey",
        "seat": "W",
        "player": "A",
        "detail": {"card": "D2", "trick": 1, "liable": True},
    }
    while game.phase == "play":
        game.apply(game.legal_actions()[0])
    assert (game.tricks_won, game.to_act) == ([10, 3], Seat.SOUTH)
    assert texts(game.legal_actions()) == ["claim revoke tricks", "waive revoke"]
    game.apply(choice)
    entries = next(op for op in reversed(game.log) if op.kind == "score").detail["entries"]
    assert [(e["points"], e["note"]) for e in entries] == [
        (12 * odd, f"{odd} odd tricks at no trumps"),
        (30, "3 aces"),
    ]


def test_law_73_the_bridge_code_elw05_law_75_corrected_before_the_trick_is_quitted() -> None:
    """ELW05 law 75: "unless such play be corrected before the trick is turned
    and quitted": the diamond goes back, the club lead binds West again, and
    no revoke is left to claim."""
    game = _bridge_called_to_lead_clubs()
    game.apply("play D2")
    game.apply("correct revoke", player=WEST)
    assert (game.to_act, game.revokes) == (Seat.WEST, [])
    assert texts(game.legal_actions()) == ["play C5", "play C6", "play C7", "play C8"]


def test_law_73_the_bridge_code_elw05_law_75_called_upon_to_win_he_fails_when_he_can() -> None:
    """ELW05 law 75: "or if called upon to win or lose a trick, fail to do so
    when he can (Laws 73, 82 and 100), he is liable to the penalty for
    revoke". West, fourth, played before East (ELW05 law 82); called upon to
    win, East plays a heart that does not: liable, as a revoke is."""
    game = Game(BRIDGE, 1, deals=[SPLIT], laws=True)
    for call in ("declare no_trumps", "pass", "pass", "play S2", "play SA", "play S8"):
        game.apply(call)
    game.apply("play S3")
    game.apply("play H7")
    game.apply("play H2", player=WEST)
    game.apply("require win")
    assert texts(game.legal_actions()) == ["play H8", "play H9", "play HJ"]
    assert texts(game.irregular_actions()) == ["play H4", "play H5", "play H6"]
    game.apply("play H4")
    assert game.log[-2].to_data()["detail"] == {"card": "H4", "trick": 2, "liable": True}
    assert game.revokes == [(Seat.EAST, 2, True)]


def test_law_73_the_bridge_code_elw05_law_75_the_highest_or_lowest_called() -> None:
    """ELW05 law 75: "If a player who has rendered himself liable to have the
    highest or lowest of a suit called (Laws 82, 91, 92 and 100), fail to play
    as directed": called upon for his lowest heart, East plays the jack."""
    game = _west_plays_before_east(_bridge_at_play())
    game.apply("require lowest")
    assert texts(game.legal_actions()) == ["play H9"]
    assert texts(game.irregular_actions()) == ["play HT", "play HJ"]
    game.apply("play HJ")
    assert game.log[-2].to_data()["detail"] == {"card": "HJ", "trick": 2, "liable": True}
    assert game.revokes == [(Seat.EAST, 2, True)]


def test_law_73_the_bridge_code_elw05_law_75_leaves_out_the_prohibited_lead() -> None:
    """ELW05 law 75 names no suit "called upon not to play" (the 1912 law 73's
    last case, Laws 65 and 66): in Bridge a lead of the suit prohibited after
    a card exposed before the lead (ELW05 law 68) is refused, and changes
    nothing; in Auction Bridge it is a failure to obey, liable."""
    hearts = ["play H2", "play H3", "play H4", "play H5"]
    for rules, first, irregular in (
        (BRIDGE, "declare no_trumps", []),
        (AUCTION, "bid 1 no_trumps", hearts),
    ):
        game = _hearts_forbidden(rules, first)
        assert texts(game.legal_actions()) == [
            "play C2", "play C3", "play C4", "play C5",
            "play D2", "play D3", "play D4", "play D5", "play S2",
        ]  # fmt: skip
        assert texts(game.irregular_actions()) == irregular
    refused(
        _hearts_forbidden(BRIDGE, "declare no_trumps"),
        "play H2",
        "play H2 refused: the declarer has prohibited the lead of hearts (ELW05 law 68)",
    )


def _hearts_forbidden(rules: RuleSet, first: str) -> Game:
    """East exposes the heart nine before the lead; the declarer prohibits
    West's lead of hearts (1912 law 65; ELW05 law 68)."""
    game = Game(rules, 1, deals=[DEAL], laws=True)
    game.apply(first)
    game.apply("expose H9", player=EAST)
    while game.phase != "play":
        game.apply("pass")
    game.apply("forbid lead hearts", player=SOUTH)
    assert game.to_act is Seat.WEST
    return game


# ------------------------------------------- the 1912 laws 68-70, 93, each a test


def test_law_68_the_exposed_cards_each_one_expose() -> None:
    """Law 68: "The following are exposed cards:-- 1st. Two or more cards
    played at once. 2d. Any card dropped with its face upward on the table
    ... 3d. Any card so held by a player that his partner sees any portion of
    its face. 4th. Any card mentioned by either adversary as being held by
    him or his partner." Each way is one ``expose CARD`` per card, open to
    either adversary of the declarer in the play (not to the declarer or
    dummy: law 72); each card so exposed is face up to all and liable."""
    game = game_at_play()
    game.apply("play S2")
    for card, player in (("HJ", EAST), ("HT", EAST), ("C5", WEST)):
        assert f"expose {card}" in texts(game.remarks(player))
        game.apply(f"expose {card}", player=player)
        assert game.log[-1].detail == {"card": card, "when": "play", "barred": False}
    assert not any(t.startswith("expose") for t in texts(game.remarks(SOUTH)))
    assert not any(t.startswith("expose") for t in texts(game.remarks(NORTH)))
    for player in (WEST, SOUTH, NORTH, EAST):
        assert game.observation(player).cards_exposed == {
            Seat.EAST: Hand.from_pbn(".JT.."),
            Seat.WEST: Hand.from_pbn("...5"),
        }
    assert game.deal.not_liable == 0


def test_law_69_a_card_not_exposed_is_not_called() -> None:
    """Law 69: "A card dropped on the floor or elsewhere below the table or
    so held that an adversary but not the partner sees it, is not an exposed
    card." The engine has no action for it (only ``expose CARD``, law 68), so
    such a card is no exposed card: the declarer may not call it, and its
    holder plays as he likes."""
    game = game_at_play()
    game.apply("play S2")
    game.apply("play SA")
    game.apply("play S7")
    game.apply("play S3")
    game.apply("play HA")  # East is to play to dummy's heart
    refused(
        game,
        "call HJ",
        "call HJ refused: only the declarer calls an exposed card, of the adversary to "
        "play, when it may be played without revoking (law 67; a call never makes him revoke)",
        SOUTH,
    )
    assert texts(game.legal_actions()) == ["play H9", "play HT", "play HJ"]


def test_law_70_two_cards_played_at_once_the_declarer_calls_one_to_the_trick() -> None:
    """Law 70: "If two or more cards are played at once by either of the
    declarer's adversaries, the declarer shall have the right to call any one
    of such cards to the current trick, and the other card or cards are
    exposed." East, to play to dummy's heart, plays the nine and the ten at
    once (two exposures, law 68); the declarer calls the ten to the trick,
    and the nine stays face up, liable to be called."""
    game = game_at_play()
    for card in ("S2", "SA", "S7", "S3", "HA"):
        game.apply(f"play {card}")
    game.apply("expose H9", player=EAST)
    game.apply("expose HT", player=EAST)
    assert texts(game.remarks(SOUTH)) == ["call H9", "call HT"]
    game.apply("call HT", player=SOUTH)
    assert texts(game.legal_actions()) == ["play HT"]
    game.apply("play HT")
    assert game.observation(WEST).cards_exposed == {Seat.EAST: Hand.from_pbn(".9..")}
    for card in ("H6", "H2"):
        game.apply(f"play {card}")
    game.apply("play HK")  # dummy leads hearts again: the nine may be called
    assert texts(game.remarks(SOUTH)) == ["call H9"]


def test_law_93_a_reference_to_the_bidding_in_the_play_costs_a_called_lead() -> None:
    """Law 93: "if, during the play of a hand, he make any unauthorized
    reference to any incident of the play, or of any bid previously made,
    the declarer may call a suit from the adversary whose turn it is next to
    lead." After the first trick, won by dummy, East refers to the bidding;
    the declarer calls clubs, which binds the adversaries' next lead, not
    dummy's: East, who wins the next trick with the club ace, must lead a
    club. (The reference to an incident of the play: the next test.)"""
    game = game_at_play(CLUBS)
    for card in ("S2", "SA", "S7", "S3"):
        game.apply(f"play {card}")
    assert "mention bidding" in texts(game.remarks(EAST))
    game.apply("mention bidding", player=EAST)
    assert (game.phase, game.to_act) == ("penalty", Seat.SOUTH)
    assert texts(game.legal_actions()) == [*CALLS, "decline penalty"]
    game.apply("call lead clubs")
    assert game.to_act is Seat.NORTH
    assert len(game.legal_actions()) == 12
    for card in ("C2", "CA", "C9", "C5"):  # dummy leads a club: East wins
        game.apply(f"play {card}")
    assert game.to_act is Seat.EAST
    assert texts(game.legal_actions()) == ["play CQ", "play CK"]
    assert "play H9" in texts(game.irregular_actions())  # law 73: liable, if he leads it
    game.apply("play H9")
    assert game.log[-2].kind == "disobey"
    # where law 73 is left out, the card is refused, citing the law that called the lead
    game = game_at_play(CLUBS, rules=with_changes(AUCTION, laws__failure_to_obey=False))
    for action in ("S2", "SA", "S7", "S3"):
        game.apply(f"play {action}")
    game.apply("mention bidding", player=EAST)
    game.apply("call lead clubs")
    for card in ("C2", "CA", "C9", "C5"):
        game.apply(f"play {card}")
    refused(
        game, "play H9", "play H9 refused: the declarer has called a lead of clubs (laws 51, 93)"
    )


def _first_trick_played(rules: RuleSet) -> Game:
    """CLUBS in laws mode, no trumps (South declares, West leads): the first
    trick played, S2 SA S7 S3, dummy wins it and leads next."""
    game = Game(rules, 1, deals=[CLUBS], laws=True)
    auction = rules.declaration.kind == "auction"
    for call in ("bid 1 no_trumps", "pass") if auction else ("declare no_trumps",):
        game.apply(call)
    for _ in range(2):
        game.apply("pass")
    assert "mention play" not in texts(game.remarks(EAST))  # no incident of the play yet
    for card in ("S2", "SA", "S7", "S3"):
        game.apply(f"play {card}")
    return game


@pytest.mark.parametrize(("rules", "law"), [(AUCTION, "law 93"), (BRIDGE, "ELW05 law 101")])
def test_law_93_a_reference_to_an_incident_of_the_play_costs_a_called_lead(
    rules: RuleSet, law: str
) -> None:
    """Law 93: "if, during the play of a hand, he make any unauthorized
    reference to any incident of the play ... the declarer may call a suit
    from the adversary whose turn it is next to lead"; the Bridge code's law
    101 (ELW05): "if he make any unauthorised reference to any incident of the
    play the dealer may call a suit from the adversary whose turn it is next
    to lead." After the first trick, East mentions the play ("mention play",
    offered to the adversaries alone, once a card is played); the declarer
    calls clubs, which binds the adversaries' next lead: East, who wins the
    next trick with the club ace, must lead a club. One called lead at a
    time. Where law 73 is left out, another suit is refused citing the law
    the variant's code has (law 93; ELW05 law 101)."""
    game = _first_trick_played(rules)
    assert "mention play" in texts(game.remarks(EAST))
    assert "mention play" in texts(game.remarks(WEST))
    assert "mention play" not in texts(game.remarks(SOUTH))
    assert "mention play" not in texts(game.remarks(NORTH))
    game.apply("mention play", player=EAST)
    assert (game.log[-1].kind, game.log[-1].seat) == ("refer", Seat.EAST)
    assert (game.phase, game.to_act) == ("penalty", Seat.SOUTH)
    assert texts(game.legal_actions()) == [*CALLS, "decline penalty"]
    assert penalty_text(game) == (
        f"East (D) mentions the play ({law}). South (B) may exact a penalty, or decline it"
    )
    game.apply("call lead clubs")
    refused(
        game,
        "mention play",
        "mention play refused: A is not an adversary of the declarer, or a lead is "
        f"already called, or no card is played yet ({law})",
        player=WEST,
    )
    for card in ("C2", "CA", "C9", "C5"):  # dummy leads a club: East wins
        game.apply(f"play {card}")
    assert texts(game.legal_actions()) == ["play CQ", "play CK"]
    game = _first_trick_played(with_changes(rules, laws__failure_to_obey=False))
    game.apply("mention play", player=WEST)
    game.apply("call lead clubs")
    for card in ("C2", "CA", "C9", "C5"):
        game.apply(f"play {card}")
    refused(game, "play H9", f"play H9 refused: the declarer has called a lead of clubs ({law})")


def test_law_93_unregulated_mention_play_is_refused_and_changes_nothing() -> None:
    """Law 93 left out (laws.reference_to_play false): "mention play" is not
    offered, and refused with the law named."""
    game = _first_trick_played(with_changes(AUCTION, laws__reference_to_play=False))
    assert "mention play" not in texts(game.remarks(EAST))
    refused(
        game,
        "mention play",
        "mention play refused: auction-bridge calls no lead for a reference to an "
        "incident of the play (law 93)",
        player=EAST,
    )


def test_elw05_law_60_the_suit_called_after_a_lead_before_the_doubling_cites_law_60() -> None:
    """The suit the maker calls after the third hand's lead before the
    doubling (ELW05 law 60; ELW07 "Doubling, re-doubling") is the Bridge
    code's own law: another suit led, where law 75 is left out, is refused
    citing ELW05 law 60 (it cited law 76, the lead out of turn in the play)."""
    game = Game(with_changes(BRIDGE, laws__failure_to_obey=False), 1, deals=[CLUBS], laws=True)
    game.apply("declare hearts")
    game.apply("play HJ", player=EAST)
    game.apply("call lead clubs")
    game.apply("pass")
    game.apply("pass")
    assert game.to_act is Seat.WEST
    refused(
        game, "play H2", "play H2 refused: the declarer has called a lead of clubs (ELW05 law 60)"
    )


# ------------------------------------------ every message cites its own code's law

#: actions tried at every state the walk stops at, besides those it has seen offered
_TRIED = (
    "call lead clubs", "require highest", "require lowest", "require win", "require lose",
    "require suggested card", "forbid suggested card", "forbid lead hearts", "mention bidding",
    "mention play", "have the rest", "throw down hand", "correct revoke", "ask having none",
    "point out revoke", "take back false lead", "suggest SA", "touch SA", "call SA", "call H2",
    "expose SA", "expose H2", "lead on SA", "require win SA", "treat lead as exposed",
    "let lead stand", "decline penalty", "claim revoke tricks", "claim revoke points",
    "waive revoke", "play SA", "play H2", "play C5", "leave it", "double", "redouble", "pass",
    "bid 1 hearts", "bid 8 hearts", "require hand shown",
)  # fmt: skip


def _offered(game: Game, opened: dict[str, list[tuple[str, object]]]) -> dict[str, set[str]]:
    """What each player may do now, as the engine lists it."""
    offered = {
        p: {str(a) for a in (*game.remarks(p), *game.out_of_turn_actions(p))} for p in game.players
    }
    if game.actor is not None:
        offered[game.actor] |= {str(a) for a in (*game.legal_actions(), *game.irregular_actions())}
    for acts in opened.values():
        for player, action in acts:
            offered[player].add(str(action))
    return offered


def _walk(name: str, seed: int, steps: int = 250, every: int = 7) -> set[str]:
    """The texts a laws-mode game of ``name`` shows: a game in which an
    irregularity the engine offers (``irregularities_open``, as ``simulate
    --laws`` draws them) is committed at about a third of the steps; at every
    ``every``-th step each action tried or seen so far, by each player it is
    not offered to, is refused (and its message kept: a refusal changes
    nothing, and what the engine does not offer it never accepts); the penalty
    texts of the web table; and the readable record."""
    rng = random.Random(seed)
    game = Game(load_rules(name), seed, laws=True)
    tried, texts_seen = list(_TRIED), set()
    for step in range(steps):
        if game.is_over:
            break
        opened = irregularities_open(game)
        new = {str(a) for acts in opened.values() for _, a in acts}
        new |= {str(a) for a in game.legal_actions()}
        tried += sorted(new - set(tried))
        if game.phase == "penalty":
            texts_seen.add(str(penalty_text(game)))
        if step % every == 0:
            offered = _offered(game, opened)
            for text in (t for t in tried if not t.startswith("look ")):
                for player in (p for p in game.players if text not in offered[p]):
                    with pytest.raises(IllegalActionError) as refusal:
                        game.apply(text, player=player)
                    texts_seen.add(str(refusal.value))
        if opened and rng.random() < 0.3:
            player, action = rng.choice(opened[rng.choice(sorted(opened))])
            game.apply(action, player=player)
        else:
            game.apply(rng.choice(game.legal_actions()))
    return texts_seen | set(game_record(game).splitlines()[1:])  # (not the title)


_LAW = re.compile(r"\blaws? \d")


@pytest.mark.parametrize(
    "name", ["bridge", "auction-bridge", "dummy-bridge", "double-dummy", "three-handed-elwell"]
)
def test_every_message_of_the_laws_cites_the_code_the_variant_follows(name: str) -> None:
    """Issue 20: every law a message names (a refusal, the readable record,
    the web table's penalty text) is cited as the code the variant follows
    cites it: in Auction Bridge by the 1912 numbers alone; in the Bridge
    variants each as "ELW05 law N" (laws.citations), a 1912 law only where
    the message says the variant does not regulate it (information about
    the bidding: the Bridge code has no bidding). The called lead after a
    lead out of turn cites ELW05 law 76, not the 1912 law 51 it cited."""
    seen = _walk(name, 1)
    cited = [t for t in seen if _LAW.search(t)]
    assert len(cited) > 50  # (the walk reaches the laws)
    for text in cited:
        if name == "auction-bridge":
            assert "ELW05" not in text, text
            assert "1912" not in text, text
            continue
        for law in _LAW.finditer(text):
            before = text[: law.start()]
            assert before.endswith(("ELW05 ", "1912 ")), text
        if "1912" in text:
            assert "calls no lead for information about the bidding" in text, text


def test_the_web_table_shows_the_penalty_with_the_law_the_variant_cites() -> None:
    """The web table: the player who decides a penalty reads the
    irregularity with its law cited as his variant's code cites it (ELW05
    law 76 in Bridge, law 76 in Auction Bridge); the others are not sent it,
    and nothing outside the penalty phase."""
    for game, law in ((game_at_play(), "law 76"), (_bridge_at_play(), "ELW05 law 76")):
        assert "penalty" not in _view(game, SOUTH)
        game.apply("play HJ", player=EAST)
        assert _view(game, SOUTH)["penalty"] == (
            f"East (D) leads a card out of turn ({law}). South (B) may exact a penalty, "
            "or decline it"  # (no player's observation shows the card before the choice)
        )
        assert "penalty" not in _view(game, WEST)
        game.apply("call lead clubs")
        assert "penalty" not in _view(game, SOUTH)


def _view(game: Game, player: str) -> dict[str, object]:
    """What the web table sends ``player`` now (the view reads only the table's game)."""
    obs = game.observation(player)
    table = SimpleNamespace(game=game, stored=SimpleNamespace(stand_ins={}))  # (no place benched)
    return dict(json.loads(player_view(table, player, obs.hands, obs.legal_actions, '{"at": 0}')))


# ------------------------------ law 92 (ELW05 law 100): attention called to the trick


def _attention_called(rules: RuleSet = AUCTION) -> Game:
    """West leads the spade two, dummy plays the ace; before East plays, West
    calls attention to the trick ("saying it is his")."""
    game = Game(rules, 1, deals=[SPLIT], laws=True)
    for call in ("declare no_trumps", "pass", "pass") if rules is BRIDGE else ():
        game.apply(call)
    if rules is not BRIDGE:
        for call in ("bid 1 no_trumps", "pass", "pass", "pass"):
            game.apply(call)
    game.apply("play S2")
    game.apply("play SA")
    assert "claim trick" in texts(game.remarks(WEST))
    game.apply("claim trick", player=WEST)
    return game


def test_law_92_attention_called_to_the_trick_before_the_partner_plays() -> None:
    """Law 92: "If either of the declarer's adversaries, prior to his partner
    playing, call attention to the trick, either by saying it is his, or
    without being requested so to do, by naming his card or drawing it
    towards him, the declarer may require such partner to play his highest or
    lowest card of the suit led, or to win or lose the trick." Required to
    play his lowest spade, East must play the eight; his ten would be law
    73's failure to obey, liable to the revoke penalty."""
    game = _attention_called()
    assert game.log[-1].to_data() == {
        "index": 12,
        "kind": "attention",
        "seat": "W",
        "player": "A",
        "action": "claim trick",
    }
    assert (game.phase, game.to_act) == ("penalty", Seat.SOUTH)
    assert texts(game.legal_actions()) == REQUIRES
    assert penalty_text(game) == (
        "West (A) calls attention to the trick before his partner plays (law 92). "
        "South (B) may exact a penalty, or decline it"
    )
    game.apply("require lowest")
    assert (game.to_act, texts(game.legal_actions())) == (Seat.EAST, ["play S8"])
    assert texts(game.irregular_actions()) == ["play S9", "play ST"]
    game.apply("play ST")
    assert game.log[-2].kind == "disobey"
    assert game.revokes == [(Seat.EAST, 1, True)]


def test_law_92_the_partner_called_upon_to_lose_the_trick() -> None:
    """Law 92: "... or to win or lose the trick": dummy's ace is on the
    trick, so every spade East holds loses it; declined, nothing binds him."""
    game = _attention_called()
    game.apply("require lose")
    assert texts(game.legal_actions()) == ["play S8", "play S9", "play ST"]
    game = _attention_called()
    game.apply("decline penalty")
    assert texts(game.legal_actions()) == ["play S8", "play S9", "play ST"]
    assert game.deal.demand is None


def test_law_92_the_bridge_code_elw05_law_100() -> None:
    """ELW05 law 100, the same words of the dealer's adversaries: the
    messages cite the Bridge code's law (laws.citations: 92 is ELW05 law 100)."""
    assert BRIDGE.laws.attention_to_trick == ("highest", "lowest", "win", "lose")
    game = _attention_called(BRIDGE)
    assert penalty_text(game) == (
        "West (A) calls attention to the trick before his partner plays (ELW05 law 100). "
        "South (B) may exact a penalty, or decline it"
    )
    game.apply("require highest")
    assert texts(game.legal_actions()) == ["play ST"]


def test_law_92_only_before_the_partner_plays_and_where_the_rules_regulate_it() -> None:
    """The remark is open only to an adversary of the declarer whose card is
    on the trick while his partner has still to play; where the rules leave
    law 92 out it is refused, and a refusal changes nothing."""
    game = game_at_play(SPLIT)
    refused(
        game,
        "claim trick",
        "claim trick refused: A holds no hand of the declarer's adversaries whose card is on "
        "the trick while his partner has still to play to it (law 92)",
        WEST,
    )
    game.apply("play S2")
    assert "claim trick" not in texts(game.remarks(EAST))  # his partner has played
    assert "claim trick" not in texts(game.remarks(SOUTH))  # the declarer
    game = game_at_play(SPLIT, rules=with_changes(AUCTION, laws__attention_to_trick=None))
    game.apply("play S2")
    refused(
        game,
        "claim trick",
        "claim trick refused: auction-bridge does not regulate attention called to the trick "
        "(law 92)",
        WEST,
    )


def test_law_78_a_false_lead_taken_back_takes_back_the_demand_of_law_92() -> None:
    """Law 78's false lead taken back (ELW05 law 78) with law 92's demand
    made on its trick (ELW05 law 100): East leads out of turn, the dealer lets
    it stand; East calls attention to the trick, the dealer requires West to
    win it; the false lead is then noticed and taken back. The demand lapses
    with the trick: West, the rightful leader, may lead any card (it had
    held him to the clubs that won the club trick, and, when none of his
    cards could win it, left him none: found by simulate --laws, issue 20)."""
    game = Game(BRIDGE, 1, laws=True)
    for call in ("declare hearts", "pass", "pass"):
        game.apply(call)
    game.apply("play C8", player=EAST)
    game.apply("let lead stand")
    game.apply("play C8")
    game.apply("claim trick", player=EAST)
    game.apply("require win")
    assert game.deal.demand is not None
    game.apply("play C2")  # South
    game.apply("take back false lead", player=WEST)
    game.apply("decline penalty")
    assert (game.phase, game.to_act, game.deal.demand) == ("play", Seat.WEST, None)
    assert len(game.legal_actions()) == 13
