"""The player at the terminal (issue 21): the end-of-deal review, refusals in
the screen's words, the auction grid, `last`, `hint` with its reason, a
redouble named as such, Ctrl-C keeping the resume hint, a finished save not
blocking a replay.

Most tests drive :class:`~dummybridge.apps.terminal.Session` with a scripted
``read`` (milliseconds); a few drive the installed program through a real
pseudo-terminal with pexpect.
"""

from __future__ import annotations

import io
import json
import re
import sys
from collections.abc import Callable
from pathlib import Path

import pexpect
import pytest
from test_interactive import spawn  # the installed program on a pseudo-terminal

from dummybridge.apps import terminal_text as text_
from dummybridge.apps.terminal import Session, finished_save
from dummybridge.core.cards import Hand, Seat
from dummybridge.engine.game import Game
from dummybridge.formats.render import diagram
from dummybridge.language.loader import load_rules

WAIT = "Press Enter for the next deal (or quit) > "


def _run(
    game: Game,
    human: str,
    answer: Callable[[Session, str], str],
    *,
    save: str | None = None,
    symbols: bool = True,
) -> list[str]:
    """Run a session; every prompt is recorded in the output as ``PROMPT:...``."""
    out: list[str] = []

    def read(prompt: str) -> str:
        out.append(f"PROMPT:{prompt}")
        return answer(session, prompt)

    session = Session(game, human, save_path=save, write=out.append, read=read, symbols=symbols)
    session.run()
    return out


def _hinted(session: Session, prompt: str) -> str:
    """Take the hinted action; at the review, go on; stop in deal 2."""
    if prompt == WAIT:
        return ""
    if session.game.deal_number > 1:
        raise EOFError
    return session._natural(session.hint())


def _tops_game() -> tuple[Game, str]:
    """Bridge with the dealer holding every top card (all thirteen tricks are his)."""
    rules = load_rules("bridge")
    dealer = Game(rules, 1).dealer
    hands = {
        dealer: Hand.from_pbn("AKQJ.AKQ.AKQ.AKQ"),
        dealer.partner: Hand.from_pbn("T987.JT9.JT9.JT9"),
        dealer.left: Hand.from_pbn("6543.876.876.876"),
        dealer.partner.left: Hand.from_pbn("2.5432.5432.5432"),
    }
    game = Game(rules, 1, deals=[tuple(hands[s] for s in Seat)])
    return game, game.seat_player[dealer]


# ------------------------------------------------------------------ the auction


def test_the_auction_is_shown_as_the_w_n_e_s_grid() -> None:
    """Issue 21: "the auction is one line, not the W N E S grid every bridge
    player reads": a column a seat, West first, a round a row."""
    calls = [
        (Seat.SOUTH, "1♣"),
        (Seat.WEST, "pass"),
        (Seat.NORTH, "pass"),
        (Seat.EAST, "double"),
        (Seat.SOUTH, "1NT"),
        (Seat.WEST, "pass"),
        (Seat.NORTH, "pass"),
    ]
    assert text_.auction_grid(calls) == [
        "W      N      E      S",
        "                     1♣",
        "pass   pass   double 1NT",
        "pass   pass",
    ]


def test_actions_lists_the_bids_as_a_grid_by_level_and_denomination() -> None:
    """Issue 21: `actions` listed 42 bids wrapped across lines ("royal sp /
    ades"); now a row a level, a column a denomination from the cheapest
    (spades at 2 a trick, seed 002's Auction Bridge), each line short; a bid
    no longer open is a dot, a level with none open is left out."""
    rules = load_rules("auction-bridge")
    game = Game(rules, 3)
    bids = [a for a in game.legal_actions() if a.kind == "bid"]
    assert text_.bid_grid(bids, rules, True) == [
        "      ♠   ♣   ♦   ♥  R♠  NT",
        *(f"{n}:   {n}♠  {n}♣  {n}♦  {n}♥ {n}R♠ {n}NT" for n in range(1, 8)),
    ]
    game.apply("bid 2 hearts")  # 16 points: 2 royal spades (18) and up remain
    bids = [a for a in game.legal_actions() if a.kind == "bid"]
    assert text_.bid_grid(bids, rules, False) == [
        "      C   D   H  RS  NT",
        "2:    ·   ·   · 2RS 2NT",
        *(f"{n}:   {n}C  {n}D  {n}H {n}RS {n}NT" for n in range(3, 8)),
    ]
    session = Session(game, game.player_of(game.to_act), save_path=None, write=print, read=input)
    text = session._actions_text()
    assert text.startswith(("You may: pass, double, or bid:\n", "You may: double, pass, or bid:\n"))
    assert max(len(line) for line in text.splitlines()) <= 40


def test_calls_are_written_as_the_grid_writes_them_and_typed_back() -> None:
    """Issue 21: "bids 1 hearts", "1 spades": a bid is `1♥` (`1H` without
    symbols) in the narration, the grid, `actions` and `hint`, and what the
    screen shows can be typed back (`1R♠` is royal spades)."""
    from dummybridge.formats.natural import parse_input

    rules = load_rules("auction-bridge")
    game = Game(rules, 3)
    legal = game.legal_actions()
    for text, action in {
        "1♥": "bid 1 hearts",
        "1H": "bid 1 hearts",
        "1R♠": "bid 1 royal_spades",
        "1RS": "bid 1 royal_spades",
        "2NT": "bid 2 no_trumps",
    }.items():
        parsed = parse_input(text, rules, legal)
        assert str(parsed) == action, text
        symbols = any(c in text for c in "♥♠")
        if text != "1H" or not symbols:
            assert text_.call_text(parsed, rules, symbols or text == "1R♠") in (text, "1R♠")
    out = _run(Game(rules, 3), Game(rules, 3).players[1], _hinted)
    said = [line for line in out if " bids " in line]
    assert said
    assert all(re.fullmatch(r"  \w+ \(\w+\) bids [1-7](R?[♠♥♦♣]|NT)", line) for line in said), said


# ------------------------------------------------------------------ refusals


def test_refusal_is_said_once_in_the_screens_words() -> None:
    """Issue 21: `refused: play S9 refused: south (B) must follow suit to the
    CA led` becomes `refused ♠9: you must follow suit to the ♣A led`."""
    from dummybridge.core.cards import Card

    def who(seat: Seat) -> str:
        return {Seat.SOUTH: "you", Seat.NORTH: "your partner"}.get(seat, "West (C)")

    def card(c: Card) -> str:
        return c.suit.symbol + c.code[1]

    def refusal(message: str, action: str) -> str:
        return text_.refusal(message, action, who, card, "B")

    assert (
        refusal("play S9 refused: south (B) must follow suit to the CA led", "♠9")
        == "refused ♠9: you must follow suit to the ♣A led"
    )
    assert (
        refusal("play SA refused: it is south (B)'s turn to play a card", "♠A")
        == "refused ♠A: it is your turn to play a card"
    )
    assert (
        refusal("play HK refused: south (B) does not hold HK", "♥K")
        == "refused ♥K: you do not hold ♥K"
    )
    assert (
        refusal("look W refused: the rules do not let B look at that hand now", "look W")
        == "refused look W: the rules do not let you look at that hand now"
    )
    assert (
        refusal("double refused: west (C) may not double his own side's bid (law 54)", "double")
        == "refused double: West (C) may not double his own side's bid (law 54)"
    )


def test_a_card_that_does_not_follow_suit_is_refused_in_the_screens_words() -> None:
    """The whole path: the game refuses, the screen says why in its own words
    (the dummy's hand is played by the person: "you")."""
    game, human = _tops_game()
    typed: list[str] = []

    def answer(session: Session, prompt: str) -> str:
        obs = session.game.observation(human)
        if prompt == WAIT or typed:
            return "quit"
        if " to play > " in prompt and obs.current is not None and obs.current.cards:
            led = obs.current.cards[0]
            hand = obs.hands[obs.to_act]  # type: ignore[index]
            other = next(c for c in hand if c.suit is not led.suit)
            typed.append(f"{session.card(other)} {session.card(led)}")
            return other.code
        if " to declare > " in prompt:
            return "no trumps"
        return session._natural(session.hint())

    out = _run(game, human, answer)
    wrong, led = typed[0].split()
    assert f"refused {wrong}: you must follow suit to the {led} led" in out


# ------------------------------------------------------------------ the review


def test_the_end_of_deal_review_shows_the_hands_tricks_and_score_and_waits() -> None:
    """Issue 21: "at the end of a deal the four hands are never shown and the
    next deal starts at once": the review shows the four hands as dealt, every
    trick, the score for the deal, and waits before the next deal."""
    rules = load_rules("bridge")
    game = Game(rules, 3)
    human = game.seat_player[Seat.SOUTH]
    dealt = game.original
    out = _run(game, human, _hinted, symbols=False)
    text = "\n".join(out)
    over = out.index(next(x for x in out if x.startswith("\nDeal 1 is over")))
    review = out[over]
    dummy = next(op.seat for op in game.log if op.kind == "expose")
    labels = {
        s: f"{s.name.capitalize()} "
        + (
            "(dummy)"
            if s == dummy
            else f"({'you' if game.seat_player[s] == human else game.seat_player[s]})"
        )
        for s in Seat
    }
    assert (
        "The hands as dealt:\n" + diagram(dict(zip(Seat, dealt, strict=True)), labels, False)
        in review
    )
    tricks = re.findall(r"\n  trick +(\d+): ([^\n]+)", review)
    assert [int(n) for n, _ in tricks] == list(range(1, 14))
    first = next(op for op in game.log if op.kind == "trick")
    assert tricks[0][1].endswith(f"-> {first.seat.letter}")  # type: ignore[union-attr]
    assert "\nThe score for deal 1:\n" in review
    assert "\nScore sheet:\n" in review
    # The review waits: the next prompt is the pause, before deal 2 is told.
    assert out[over + 1 :][:1] == [f"PROMPT:{WAIT}"] or f"PROMPT:{WAIT}" in out[over + 1 :][:3]
    assert text.index(f"PROMPT:{WAIT}") < text.index("\nDeal 2: ")


def test_after_a_granted_claim_no_tricks_scroll_past() -> None:
    """Issue 21: "after a claim thirteen tricks scroll past": the cards played
    out for a granted claim are not told one by one (the review lists them)."""
    game, human = _tops_game()

    def answer(session: Session, prompt: str) -> str:
        if prompt == WAIT:
            return "quit"
        if " to declare > " in prompt:
            return "no trumps"
        if " to play > " in prompt and len(session.game.tricks) >= 8:
            return "claim"
        return session._natural(session.hint())

    out = _run(game, human, answer)
    granted = out.index("claim granted: your side takes 5 of the last 5 tricks")
    over = next(i for i, x in enumerate(out) if x.startswith("\nDeal 1 is over"))
    assert granted < over
    assert not [x for x in out[granted:over] if " plays " in x or " wins trick " in x]
    assert "  trick 13: " in out[over]


def test_the_rubber_is_announced_before_its_bonus_and_its_sheet_shown_once() -> None:
    """Issue 21: "at the end of the rubber the score sheet prints twice, with
    the rubber bonus before the rubber is announced"."""
    game = Game(load_rules("bridge"), 2)
    out = _run(game, game.players[0], lambda s, p: "" if p == WAIT else s._natural(s.hint()))
    text = "\n".join(out)
    last = text.rindex("\nDeal ")
    tail = text[last:]
    assert "Score sheet:" not in tail
    assert tail.count("-  the line") == 1
    announced = tail.index("The rubber is over.\n  Rubber to ")
    assert announced < tail.index("-  the line")


# ------------------------------------------------------------------ commands


def test_last_shows_the_last_trick() -> None:
    """Issue 21: "no 'last trick' command"."""
    game = Game(load_rules("bridge"), 3)
    human = game.seat_player[Seat.SOUTH]
    asked: list[int] = []

    def answer(session: Session, prompt: str) -> str:
        tricks = session.game.tricks
        if len(tricks) == 2 and not asked and " to play > " in prompt:
            asked.append(1)
            return "last"
        if session.game.deal_number == 2 and prompt != WAIT:
            asked.append(2)
            return "last" if len(asked) == 2 else "quit"
        return _hinted(session, prompt)

    out = _run(game, human, answer, symbols=False)
    shown = next(x for x in out if x.startswith("Last trick: "))
    trick = next(op for op in game.log if op.kind == "trick" and op.detail["number"] == 2)
    cards = [op for op in game.log[: trick.index] if op.kind == "play"][-4:]
    played = "  ".join(f"{op.seat.letter} {op.action.card.code}" for op in cards)  # type: ignore[union-attr]
    assert shown.startswith(f"Last trick: trick  2: {played}  -> {trick.seat.name.capitalize()} (")  # type: ignore[union-attr]
    # At the start of the next deal: the last trick of the deal before, its seats by letter.
    end = next(op for op in game.log if op.kind == "trick" and op.detail["number"] == 13)
    cards = [op for op in game.log[: end.index] if op.kind == "play"][-4:]
    played = "  ".join(f"{op.seat.letter} {op.action.card.code}" for op in cards)  # type: ignore[union-attr]
    assert f"Last trick of deal 1: trick 13: {played}  -> {end.seat.letter}" in out  # type: ignore[union-attr]


def test_hint_says_why_and_asks_the_solver_when_asked() -> None:
    """Issue 21: "`hint` gives no reason and never uses the solver"."""
    game, human = _tops_game()
    said: list[str] = []

    def answer(session: Session, prompt: str) -> str:
        if prompt == WAIT or len(said) >= 2:
            return "quit"
        if " to declare > " in prompt:
            return "no trumps"
        if " to play > " in prompt and session.game.observation(human).current:
            said.append(session.hint_text())
            said.append(session.hint_text(solver=True))
            return "quit"
        return session._natural(session.hint())

    _run(game, human, answer)
    # The dummy follows the lead: the lowest of the suit led, and double dummy
    # the declaring side makes all thirteen tricks whatever it plays.
    led = game.observation(human).current.cards[0]  # type: ignore[union-attr]
    dummy = game.observation(human).hands[game.to_act]  # type: ignore[index]
    lowest = min(dummy.suit(led.suit), key=lambda c: c.rank)
    card = lowest.suit.symbol + lowest.code[1]
    assert said[0] == f"hint: {card} (following suit with the lowest)"
    everything = " ".join(c.suit.symbol + c.code[1] for c in sorted(dummy.suit(led.suit))[::-1])
    assert said[1] == f"{said[0]}\ndouble dummy: {everything} make 13 tricks for your side"


def test_a_redouble_is_named_a_redouble() -> None:
    """Issue 21: "a redouble is called 'double' in the prompt and `actions`"."""
    game = Game(load_rules("bridge"), 1)
    game.apply(game.legal_actions()[0] if game.phase != "declare" else "declare hearts")
    while game.phase == "double" and game.deal.doubling_level == 0:
        game.apply("double")
    assert game.phase == "double"
    human = game.player_of(game.to_act)  # type: ignore[arg-type]
    session = Session(game, human, save_path=None, write=print, read=input)
    assert session._prompt().endswith(" to redouble or pass > ")
    assert sorted(session._actions_text().removeprefix("You may: ").split(", ")) == [
        "pass",
        "redouble",
    ]


def test_sight_refusals_and_the_forced_declaration_give_their_reason() -> None:
    """Issue 21: "You may no longer look at the south hand." with no reason;
    the Dummy's forced declaration with none either (seed 000)."""
    rules = load_rules("dummy-bridge")
    out = _run(Game(rules, 2), "A", _hinted)  # A deals, and leaves it to Dummy
    assert (
        "  Dummy's declaration is forced: diamonds (0 aces: fewer than 3; longest suits: "
        "spades, diamonds (4); pips: spades 21, diamonds 29)" in out
    )
    assert (
        "  You may no longer look at the south hand: the rules of sight allow it only until "
        "the Dummy's hand has been examined for its forced declaration." in out
    )


def test_ctrl_c_stops_with_the_resume_hint(tmp_path: Path) -> None:
    """Issue 21: "Ctrl-C loses the resume hint that `quit` prints"; the
    interruption is passed on (the command line exits 130)."""
    save = tmp_path / "s.json"
    game = Game(load_rules("bridge"), 3)

    def answer(session: Session, prompt: str) -> str:
        raise KeyboardInterrupt

    out: list[str] = []
    session = Session(
        game,
        game.players[0],
        save_path=str(save),
        write=out.append,
        read=lambda p: answer(session, p),
    )
    with pytest.raises(KeyboardInterrupt):
        session.run()
    assert out[-1] == f"\nStopped at deal 1; continue with: dummybridge resume {save}"
    assert json.loads(save.read_text(encoding="utf-8"))["session"]["human"] == game.players[0]


def test_a_finished_save_does_not_block_a_replay(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 21: "a finished save file blocks replaying the same seed"; a
    game in progress still does (test_interactive)."""
    from dummybridge.apps.cli import main

    game = Game(load_rules("bridge"), 2)
    save = tmp_path / "dummybridge-bridge-2.json"
    session = Session(
        game,
        game.players[0],
        save_path=None,  # saved once at the end: a save a card would take seconds
        write=lambda text: None,
        read=lambda p: "" if p == WAIT else session._natural(session.hint()),
    )
    session.run()
    session.save_path = str(save)
    session.save()
    assert game.is_over
    assert finished_save(str(save))
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["play", "bridge", "--seat", "N", "--seed", "2"]) == 0
    assert "continue with: dummybridge resume dummybridge-bridge-2.json" in capsys.readouterr().out
    assert not finished_save(str(save))  # a new game of seed 2 in its place


# ------------------------------------------------------------------ pexpect


def test_auction_grid_actions_and_refusal_at_a_real_terminal(tmp_path: Path) -> None:
    """Through a pseudo-terminal: the auction as the W N E S grid, `actions`
    as the bid grid, a refusal in the screen's words, Ctrl-C's resume hint."""
    child = spawn(tmp_path, "play", "auction-bridge", "--seat", "E", "--seed", "3", "--ascii")
    child.expect(r"Auction:\r\n  W      N      E      S\r\n {23}1C\r\n  pass   pass\r\n")
    child.expect(r"East \(you\) to call > ")
    child.sendline("actions")
    child.expect(r"You may: (pass, double|double, pass), or bid:\r\n")
    child.expect(r"        S   C   D   H  RS  NT\r\n  1:    ·   ·  1D  1H 1RS 1NT\r\n")
    child.expect(r"  7:   7S  7C  7D  7H 7RS 7NT\r\n")
    child.sendline("2s")
    child.expect(
        r"refused 2S: it is not higher than 1C \(law 44: more points, or as many with more "
        r"tricks\)\r\n"
    )
    child.expect(r"East \(you\) to call > ")
    child.sendintr()
    child.expect(
        r"Stopped at deal 1; continue with: dummybridge resume dummybridge-auction-bridge-3\.json"
    )
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130


def test_end_of_deal_review_at_a_real_terminal(tmp_path: Path) -> None:
    """Through a pseudo-terminal: a claim at the last trick, the review (hands,
    tricks, score) and the pause before the next deal."""
    child = spawn(tmp_path, "play", "bridge", "--seat", "S", "--seed", "3", "--ascii")
    for _ in range(60):
        i = child.expect([r"\) to (?:play|declare|(?:re)?double or pass) > ", "Deal 1 is over"])
        if i == 1:
            break
        last = " to play > " in child.after and re.search(r"trick 13\b", child.before)
        child.sendline("claim" if last else "hint")
        if last:
            child.expect(
                [r"claim (not decided|refused|granted)[^\r\n]*\r\n", "refused: your claim"]
            )
            if "granted" in child.after:
                continue
            child.expect(r"\) to play > ")
            child.sendline("hint")
        child.expect(r"hint: (\S+(?: \S+)*?) \(")
        hint = child.match.group(1)
        child.expect(r"\) to \S+(?: or pass)? > ")
        child.sendline(hint)
    child.expect(r"The hands as dealt:\r\n {22}North \(")
    child.expect(r"The tricks \(the leader first\):\r\n  trick  1: ")
    child.expect(r"  trick 13: [^\r\n]+\r\n")
    child.expect(r"The score for deal 1:\r\n")
    child.expect(r"Score sheet:")
    child.expect_exact(WAIT)
    assert "Deal 2:" not in child.before
    child.sendline("")
    child.expect(r"Deal 2: ")
    child.sendline("quit")
    child.expect([r"continue with: dummybridge resume", pexpect.EOF])
    child.close(force=True)
