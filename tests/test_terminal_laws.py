"""Laws mode at the terminal, through a pseudo-terminal (issue 20): before a
bot acts, the session stops where the laws let the person act out of turn,
so that in a four-player game a defender may lead on a winning card before
his partner plays (law 71), which he could not when only his own turns
prompted him."""

from __future__ import annotations

import json
from pathlib import Path

import pexpect
from test_interactive import ANSI, PROMPT, spawn

from dummybridge.apps.terminal import Session
from dummybridge.core.cards import Hand
from dummybridge.engine.game import Game
from dummybridge.engine.laws.calls import slip_corrections
from dummybridge.language.loader import load_rules

#: North (dummy, C), East (D), South (the declarer, B), West (the person, A):
#: West's spades are the top four, each one "a winning card, as against the
#: declarer and dummy" (law 71)
DEAL = (
    Hand.from_pbn("5432.AKQ.AKQ.AKQ"),
    Hand.from_pbn("T98.JT9.JT9.JT98"),
    Hand.from_pbn("76.876.8765.7654"),
    Hand.from_pbn("AKQJ.5432.432.32"),
)
#: the pause before another player acts
PAUSE = r"\) to (?:play|call|choose the penalty); you first\? \(Enter: no\) > "


def _saved_at_the_opening_lead(tmp_path: Path) -> Path:
    """South bids one no trump, the others pass (laws mode); West, the
    person, is to lead. Saved as ``play --seat W --laws`` saves."""
    game = Game(load_rules("auction-bridge"), 1, laws=True, deals=[DEAL])
    for call in ("bid 1 no_trumps", "pass", "pass", "pass"):
        game.apply(call)
    save = tmp_path / "game.json"
    Session(game, "A", save_path=str(save), write=lambda _: None, read=input).save()
    return save


def test_law_71_a_defender_leads_on_before_his_partner_plays(tmp_path: Path) -> None:
    """Law 71: "If an adversary of the declarer lead a winning card, as
    against the declarer and dummy, and then lead one or more such cards
    without waiting for his partner to play, the declarer may require that
    the partner win, if he can, the first or any of these tricks." The
    person leads the spade ace; North plays; before East (a bot) plays, the
    session stops, lists 'lead on SK' among what he may do out of turn, and
    takes it; the declarer's bot then chooses its penalty."""
    child = spawn(tmp_path, "resume", str(_saved_at_the_opening_lead(tmp_path)), "--ascii")
    child.expect(PROMPT)
    assert "West (you) to play > " in ANSI.sub("", child.before + child.after)
    child.sendline("SA")
    child.expect(PAUSE)  # before North plays: his card is on the trick already
    assert "North (C, dummy" in ANSI.sub("", child.before)
    child.sendline("")
    child.expect(r"North \(C, dummy\) plays S\d")
    child.expect(PAUSE)
    assert "East (D) to play" in ANSI.sub("", child.before + child.after)
    child.sendline("actions")
    child.expect(r"Laws mode, out of turn: ([^\r\n]*)\r\n")
    offered = child.match.group(1).split(", ")
    assert {"lead on SK", "lead on SQ", "lead on SJ", "expose SK"} <= set(offered)
    child.expect(PAUSE)
    child.sendline("lead on SK")
    child.expect(r"West \(you\) leads SK on before his partner plays \(law 71\)")
    # he may go on leading such cards while the declarer has not chosen
    child.expect(PAUSE)
    assert "South (B) to choose the penalty" in ANSI.sub("", child.before + child.after)
    child.sendline("")
    child.expect(r"South \(B\) calls upon him to win the trick \(laws 71, 80\)")
    child.expect(PAUSE)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    record = json.loads((tmp_path / "game.json").read_text())
    assert record["actions"][4:] == [
        "play SA",
        "play S2",
        {"player": "A", "action": "lead on SK"},  # out of turn: East was to play
        "require win",
    ]


def test_pause_off_lets_the_bots_play_on(tmp_path: Path) -> None:
    """'pause off' at a pause: the session stops only at the person's own
    turns again (the bots play the trick out); 'pause on' brings it back."""
    child = spawn(tmp_path, "resume", str(_saved_at_the_opening_lead(tmp_path)), "--ascii")
    child.expect(PROMPT)
    child.sendline("SA")
    child.expect(PAUSE)
    child.sendline("pause off")
    child.expect(r"pauses before the others act \(laws mode\): off")
    child.expect(r"East \(D\) plays S\w")
    child.expect(PROMPT)  # his own turn next: no pause before it
    assert "you first?" not in child.before
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()


def _session(game: Game) -> Session:
    return Session(game, "B", save_path=None, write=lambda _: None, read=input)


def test_actions_when_the_dealer_must_bid_lists_the_bids_alone() -> None:
    """Law 42: the dealer must bid, so no pass is open and nothing but bids is
    offered: ``actions`` says "You may bid:" (not an empty list joined,
    "You may: , or bid:"), then the grid."""
    game = Game(load_rules("auction-bridge"), 1, laws=True, deals=[DEAL])
    lines = _session(game)._actions_text().splitlines()
    assert lines[0] == "You may bid:"
    assert lines[2].split() == ["1:", "1♠", "1♣", "1♦", "1♥", "1R♠", "1NT"]
    game.apply("bid 1 no_trumps")
    assert _session(game)._actions_text().splitlines()[0] == "You may: pass, double, or bid:"


def test_the_auction_grid_shows_the_calls_not_the_penalties_chosen() -> None:
    """Law 71: the declarer's "require win" after a winning card led on is a
    penalty chosen, not a call: the deal's history holds it, the auction grid
    does not (nor the web's list of calls)."""
    from dummybridge.web.deals import history_json

    game = Game(load_rules("auction-bridge"), 1, laws=True, deals=[DEAL])
    for call in ("bid 1 no_trumps", "pass", "pass", "pass", "play SA", "play S2"):
        game.apply(call)
    game.apply("lead on SK", player="A")
    game.apply("require win")
    assert [str(a) for _, a in game.deal.history][-1] == "require win"
    view = _session(game).view().splitlines()
    grid = view[view.index("Auction:") + 1 : view.index("Auction:") + 4]
    assert [line.split() for line in grid] == [["W", "N", "E", "S"], ["1NT"], ["pass"] * 3]
    assert not any("require" in line or "win" in line for line in grid)
    calls = [c["action"] for c in history_json(game.deal.history)]
    assert calls == ["bid 1 no_trumps", "pass", "pass", "pass"]


def test_law_52_the_person_corrects_his_slip_before_the_next_call(tmp_path: Path) -> None:
    """Law 52 ("Two Hearts -- I mean three Hearts", rules-reference.md §4.3): a
    call may be corrected by the player who made it before the next player
    calls; the first is void. The person, West, bids two hearts; before North
    (a bot) calls, the session stops, says he may correct his call, lists the
    calls he could have made instead, and takes the one he types: three
    hearts, which the record keeps after the call it voids."""
    game = Game(load_rules("auction-bridge"), 1, laws=True, deals=[DEAL])
    game.apply("bid 1 no_trumps")  # South deals and bids
    save = tmp_path / "game.json"
    Session(game, "A", save_path=str(save), write=lambda _: None, read=input).save()
    child = spawn(tmp_path, "resume", str(save), "--ascii")
    child.expect(PROMPT)
    assert "West (you) to call > " in ANSI.sub("", child.before + child.after)
    child.sendline("2H")
    child.expect(
        r"You may correct your call as a slip of the tongue before the next call \(law 52\)"
    )
    child.expect(PAUSE)
    assert "North (C) to call" in ANSI.sub("", child.before + child.after)
    child.sendline("actions")
    child.expect(r"Laws mode, out of turn: ([^\r\n]*)\r\n")
    offered = child.match.group(1).split(", ")
    game.apply("bid 2 hearts")  # (the same game in this process: the calls the engine offers)
    slips = [str(a) for a in slip_corrections(game, "A")]
    assert offered[: len(slips)] == slips  # then the cards he may expose (law 65)
    assert all(a.startswith("expose ") for a in offered[len(slips) :])
    assert "double" in offered
    assert "bid 3 hearts" in offered
    assert "bid 2 hearts" not in offered  # the call he made: no correction
    child.expect(PAUSE)
    child.sendline("3H")
    child.expect(r"West \(you\) bids 3H: a slip corrected, bids 2H is void \(law 52\)")
    child.expect(PAUSE)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    record = json.loads(save.read_text())
    assert record["actions"] == [
        "bid 1 no_trumps",
        "bid 2 hearts",
        {"player": "A", "action": "bid 3 hearts"},
    ]
