"""Playing at the terminal, end to end: the real ``dummybridge`` program driven
through a pseudo-terminal with pexpect (issue 7, "Playing").

The driver answers each prompt the way a person would: it asks for a
``hint`` and types the hinted action back in one of the natural forms people
use (``as``, ``♠A``, ``10h``, ``two hearts`` ...), so each test plays a whole
deal of its variant through the prompt and its parser.
"""

from __future__ import annotations

import json
import os
import re
import signal
import sys
from pathlib import Path

import pexpect
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from dummybridge.apps.terminal import Session, load_session
from dummybridge.core.cards import Hand, Seat
from dummybridge.engine.game import Game
from dummybridge.formats.natural import parse_input
from dummybridge.language.loader import load_rules

PROMPT = r"\) to (?:play|call|declare|(?:re)?double or pass|claim|choose the penalty|act) > "
#: the end-of-deal review waits for the person
WAIT = r"Press Enter for the next deal \(or quit\) > "
#: a hint: the action, then why in brackets
HINT = r"hint: ([^\r\n(]+) \([^\r\n]*\)\r\n"
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def spawn(tmp_path: Path, *args: str) -> pexpect.spawn:
    """Start the installed program on a pseudo-terminal, as a user would."""
    env = dict(os.environ, PYTHONIOENCODING="utf-8", TERM="xterm", LANG="C.UTF-8", LC_ALL="C.UTF-8")
    env.pop("NO_COLOR", None)
    return pexpect.spawn(
        sys.executable,
        ["-m", "dummybridge", *args],
        cwd=str(tmp_path),
        env=env,
        encoding="utf-8",
        timeout=20,
        dimensions=(50, 200),
    )


_SUIT_WORD = {
    "♠": "spades",
    "♥": "hearts",
    "♦": "diamonds",
    "♣": "clubs",
    "S": "spades",
    "H": "hearts",
    "D": "diamonds",
    "C": "clubs",
}
_RANK_WORD = {"A": "ace", "K": "king", "Q": "queen", "J": "jack", "T": "ten"}


def natural(hint: str, turn: int) -> str:
    """A hinted action retyped in one of the forms a person uses, by turn."""
    m = re.fullmatch(r"([♠♥♦♣SHDC])([2-9TJQKA])", hint)
    if m:
        suit, rank = m.groups()
        letter = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}.get(suit, suit)
        forms = [
            hint,
            f"{rank.lower()}{letter.lower()}",
            f"{letter}{rank}",
            f"{'10' if rank == 'T' else rank}{letter.lower()}",
            f"{_RANK_WORD.get(rank, rank)} of {_SUIT_WORD[suit]}",
        ]
        return forms[turn % len(forms)]
    m = re.fullmatch(r"([1-7])(R?[♠♥♦♣SHDC]|NT)", hint)
    if m:  # a bid as the screen writes it: 1♥, 2NT, 1R♠ (1H, 1RS)
        level, short = m.groups()
        words = ["one", "two", "three", "four", "five", "six", "seven"][int(level) - 1]
        name = ("royal " if short.startswith("R") else "") + _SUIT_WORD.get(short[-1], "no trumps")
        forms = [f"{words} {name}", hint, f"{level} {name}"]
        return forms[turn % len(forms)]
    return hint


def play_one_deal(child: pexpect.spawn, expect_refusal: bool = True) -> list[str]:
    """Answer prompts with hinted actions until the first deal is scored; then quit.

    :returns: what was typed, in order.
    """
    typed: list[str] = []
    refused = not expect_refusal
    claimed = played = False  # Dummy's partner never plays: no prompt in the play
    turn = 0
    for _ in range(400):
        i = child.expect([PROMPT, r"Deal 1 is over", pexpect.EOF])
        assert "refused" not in child.before, child.before
        if i == 1:
            child.expect(r"The score for deal 1:")
            break
        assert i == 0, "the program ended before the first deal was scored"
        played = played or " to play > " in child.after
        if not claimed and re.search(r"trick 13\b", child.before) and " to play > " in child.after:
            # At the last trick a claim is always decided, one way or the other.
            child.sendline("claim")
            j = child.expect(
                [
                    r"claim granted: your side takes 1 of the last 1 tricks",
                    r"claim refused: your side is not sure of 1 of the 1 tricks left",
                ]
            )
            claimed = True
            if j == 0:
                continue
            child.expect(PROMPT)
        if not refused and " to play > " in child.after:
            # A card nobody may play now: refused with the game's own reason.
            child.sendline("zz")
            child.expect(r"refused: cannot read 'zz'")
            child.expect(PROMPT)
            refused = True
        child.sendline("hint")
        child.expect(HINT)
        hint = ANSI.sub("", child.match.group(1)).strip()
        assert "refused" not in child.before, child.before
        child.expect(PROMPT)
        text = natural(hint, turn)
        turn += 1
        typed.append(text)
        child.sendline(text)
    else:
        raise AssertionError("the first deal did not end")
    assert claimed or not played, "no prompt in the last trick"
    i = child.expect([WAIT, pexpect.EOF])
    if i == 0:  # the review waits for the person: he stops there
        child.sendline("quit")
        child.expect(r"continue with: dummybridge resume ")
        child.expect(pexpect.EOF)
    child.close()
    return typed


def test_bridge_deal_at_the_terminal_seat_south(tmp_path: Path) -> None:
    """Issue 7: `dummybridge play VARIANT --seat SEAT`: the diagram shows the
    player's own hand, hides the others until Dummy is laid face up, reads
    natural input, refuses bad input with a reason, and scores the deal."""
    save = tmp_path / "game.json"
    child = spawn(tmp_path, "play", "bridge", "--seat", "S", "--seed", "3", "--save", str(save))
    child.expect(r"Bridge \(Bridge Whist\): rubber 1, deal 1, South \(you\) dealt")
    child.expect(r"North \(C\)\s*\r\n\s*\(13 cards, hidden\)")
    child.expect(r"South \(you\) \*\s*\r\n\s*♠ A K 4 3\s*\r\n\s*\x1b\[31m♥\x1b\[0m A 5")
    child.expect(PROMPT)
    assert child.after == ") to declare > "
    child.sendline("2H")  # a bid where there is no auction: the game says why not
    child.expect("refused 2\x1b\\[31m♥\x1b\\[0m: you must declare now\r\n")
    child.sendline("as")  # a card before the play, in the screen's words (issue 21)
    child.expect("refused ♠A: you must declare now\r\n")
    child.sendline("no trumps")
    child.expect(r"South \(you\) declares no trumps")
    child.expect(PROMPT)
    child.sendline("claim")  # thirteen tricks to go: too many to prove sure
    child.expect(r"claim not decided: too many cards left to prove 13 tricks sure; play on")
    typed = play_one_deal(child, expect_refusal=True)
    assert len(typed) >= 13  # the human played at least his own thirteen cards
    # The save holds the whole game: it replays to the same point.
    data = json.loads(save.read_text(encoding="utf-8"))
    assert data["format"] == "dummybridge-record/1"
    assert data["session"]["human"] == game_human(data)
    game = Game.from_record(data)
    assert game.deal_number == 2
    # He stopped at the end-of-deal review: nothing of deal 2 was taken yet.
    assert game.phase == "declare"
    assert game.to_act == game.dealer
    assert data["actions"][0] == "declare no_trumps"


def game_human(data: dict[str, object]) -> str:
    """The player who sat South at the start of the saved game."""
    record = dict(data)
    record["actions"] = []
    return Game.from_record(record).seat_player[Seat.SOUTH]


def test_natural_input_forms() -> None:
    """Issue 7: the prompt accepts `SA`, `♠A`, `as`, `10h`, `pass`, `double`,
    `no trumps`, `leave it`, bids like `2H` and `two hearts`, and looks."""
    bridge = load_rules("bridge")
    auction = load_rules("auction-bridge")
    cases = {
        "SA": "play SA",
        "♠A": "play SA",
        "as": "play SA",
        "A♠": "play SA",
        "10h": "play HT",
        "h10": "play HT",
        "ace of spades": "play SA",
        "Ten of Hearts": "play HT",
        "pass": "pass",
        "double": "double",
        "no trumps": "declare no_trumps",
        "NT": "declare no_trumps",
        "leave it": "leave it",
        "hearts": "declare hearts",
        "♥": "declare hearts",
        "declare clubs": "declare clubs",
        "look north": "look N",
        "look at the west hand": "look W",
        "play SA": "play SA",
        "blind": "play blind",
        "claim tricks": "claim revoke tricks",
        "waive": "waive revoke",
        # an action on a card as the web table labels it (laws 67, 71): its
        # random clients type it back (found in issue 20, tests/test_web_leak.py)
        "require win ♣10": "require win CT",
        "call ♣10": "call CT",
        "lead on ♠A": "lead on SA",
        "suggest ♦Q": "suggest DQ",
        "expose ace of spades": "expose SA",
    }
    for text, action in cases.items():
        assert str(parse_input(text, bridge)) == action, text
    bids = {
        "2H": "bid 2 hearts",
        "two hearts": "bid 2 hearts",
        "2 ♥": "bid 2 hearts",
        "1nt": "bid 1 no_trumps",
        "one no trumps": "bid 1 no_trumps",
        "1 royal spades": "bid 1 royal_spades",
        "bid 3 clubs": "bid 3 clubs",
        "redouble": "redouble",
        "xx": "redouble",
    }
    game = Game(auction, 1)
    legal = game.legal_actions()
    for text, action in bids.items():
        assert str(parse_input(text, auction, legal)) == action, text
    # Issue 21: in Bridge's doubling the declaring side redoubles ("I
    # re-double") and the adversaries double ("the right to again double":
    # ELW05 "Doubling, re-doubling"); there either word says the one open, but
    # never in an auction, where a double of one's own side's bid is refused
    # (law 54).
    from dummybridge.engine.actions import Action

    declaring = (Action.pass_(), Action.redouble())
    assert str(parse_input("double", bridge, declaring)) == "redouble"
    assert str(parse_input("x", bridge, declaring)) == "redouble"
    assert str(parse_input("redouble", bridge, declaring)) == "redouble"
    adversaries = (Action.pass_(), Action.double())
    assert str(parse_input("redouble", bridge, adversaries)) == "double"
    assert str(parse_input("xx", bridge, adversaries)) == "double"
    in_auction = (Action.pass_(), Action.bid(2, "hearts"), Action.redouble())
    assert str(parse_input("double", auction, in_auction)) == "double"
    # A bare rank when one legal card has it; several: say which suit.
    plays = (Action.play("S7"), Action.play("H7"), Action.play("SA"))
    assert str(parse_input("A", bridge, plays)) == "play SA"
    with pytest.raises(ValueError, match=r"'7' could be S7 or H7: say which suit"):
        parse_input("7", bridge, plays)
    with pytest.raises(ValueError, match=r"cannot read 'bogus'"):
        parse_input("bogus", bridge)


def answer_prompts(child: pexpect.spawn, count: int) -> None:
    """Answer ``count`` prompts with the hinted action."""
    for turn in range(count):
        child.expect(PROMPT)
        child.sendline("hint")
        child.expect(HINT)
        hint = ANSI.sub("", child.match.group(1)).strip()
        child.expect(PROMPT)
        child.sendline(natural(hint, turn))


def test_killed_at_any_moment_the_save_resumes_with_nothing_lost(tmp_path: Path) -> None:
    """Issue 7: the game is saved after every action; killing the program
    (SIGKILL, mid-game, even mid-write) never corrupts the save, and
    `dummybridge resume FILE` continues exactly: the same game as one never
    interrupted."""
    whole = tmp_path / "whole.json"
    child = spawn(tmp_path, "play", "bridge", "--seat", "W", "--seed", "7", "--save", str(whole))
    play_one_deal(child, expect_refusal=False)
    expected = json.loads(whole.read_text(encoding="utf-8"))["actions"]

    save = tmp_path / "killed.json"
    for answered in (2, 3, 4):
        args = (
            ("play", "bridge", "--seat", "W", "--seed", "7", "--save", str(save))
            if not save.exists()
            else ("resume", str(save))
        )
        child = spawn(tmp_path, *args)
        answer_prompts(child, answered)
        before = json.loads(save.read_text(encoding="utf-8"))["actions"]
        child.kill(signal.SIGKILL)  # at once: the last answer may be half processed
        child.close()
        assert child.signalstatus == signal.SIGKILL
        data = json.loads(save.read_text(encoding="utf-8"))  # whole JSON, never torn
        assert data["actions"][: len(before)] == before  # nothing acknowledged is lost
        assert data["actions"] == expected[: len(data["actions"])]
    child = spawn(tmp_path, "resume", str(save))
    child.expect(r"Resuming .*killed\.json: Bridge \(Bridge Whist\), deal 1, \d+ actions so far")
    play_one_deal(child, expect_refusal=False)
    assert json.loads(save.read_text(encoding="utf-8"))["actions"] == expected


def test_resume_refuses_what_is_not_a_save(tmp_path: Path) -> None:
    """A clear error, no traceback, for a file that is not a saved game."""
    import subprocess

    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "dummybridge-record/1",\n "seed": }\n', encoding="utf-8")
    out = subprocess.run(
        [sys.executable, "-m", "dummybridge", "resume", str(bad)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode == 1
    assert out.stderr == f"{bad}:2:10: error: not a saved game: Expecting value\n"
    bad.write_text('{"format": "dummybridge-record/1"}\n', encoding="utf-8")
    out = subprocess.run(
        [sys.executable, "-m", "dummybridge", "resume", str(bad)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert out.returncode == 1
    assert out.stderr == (
        f"{bad}: error: $.session: not a saved game (expected a "
        "'session' entry of format 'dummybridge-session/1', as 'dummybridge play --seat' "
        "writes)\n"
    )


VARIANTS = sorted(p.stem for p in (Path(__file__).parent.parent / "rules").glob("*.yaml"))


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_whole_deal_in_every_variant(tmp_path: Path, variant: str) -> None:
    """Issue 7: a whole deal of every built-in variant played through the
    terminal; where a player holds several hands (Dummy Bridge, Three-handed,
    Double Dummy) --player plays all of his, and the Dummy's hand stays hidden
    until the rules let him see it."""
    rules = load_rules(variant)
    game = Game(rules, 11)
    # The player who holds the most hands: the Dummy's holder where there is one.
    human = max(game.players, key=lambda p: len(game.player_seats[p]))
    save = tmp_path / "save.json"
    child = spawn(
        tmp_path, "play", variant, "--player", human, "--seed", "11", "--save", str(save), "--ascii"
    )
    child.expect(rf"{re.escape(rules.title)}: rubber 1, deal 1")
    typed = play_one_deal(child, expect_refusal=False)
    assert typed
    data = json.loads(save.read_text(encoding="utf-8"))
    replayed = Game.from_record(data)
    assert replayed.deal_number >= 2 or replayed.is_over
    assert "♠" not in child.before


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_screen_shows_only_what_the_player_may_see(variant: str) -> None:
    """Issue 7: "the screen shows only what your player may see at that
    moment, by the variant's rules": at every prompt of a whole deal, for
    every player in turn, each hand shown face up on the table is one his
    observation lets him see; every other hand shows only its card count."""
    from dummybridge.apps.terminal import Session
    from dummybridge.formats.render import hand_lines

    rules = load_rules(variant)
    for human in Game(rules, 5).players:
        game = Game(rules, 5)
        screens: list[str] = []

        def read(
            prompt: str, game: Game = game, human: str = human, screens: list[str] = screens
        ) -> str:
            obs = game.observation(human)
            # session is this iteration's: read() only runs inside its session.play()
            view = session.view()  # noqa: B023
            screens.append(view)
            for seat in Seat:
                block = session._block(obs, seat)  # noqa: B023 - the lines laid out for the seat
                assert block[0] in view
                if seat in obs.hands:
                    assert block[1:] == hand_lines(obs.hands[seat], False), view
                else:
                    assert re.fullmatch(r"\(\d+ cards?, hidden\)", block[1]), view
                    assert block[2:] == ["", "", ""]
            if game.deal_number > 1:
                raise EOFError
            return session._natural(session.hint())  # noqa: B023

        session = Session(
            game, human, save_path=None, write=lambda text: None, read=read, symbols=False
        )
        assert session.run() == 0
        assert screens


def test_resume_with_sampling_bots_continues_the_same_game(tmp_path: Path) -> None:
    """The save carries each bot's PRNG state, so a game stopped and resumed
    (here with the sampling bots, who draw many random deals) goes on exactly
    as it would have."""
    from dummybridge.apps.terminal import Session, load_session

    rules = load_rules("dummy-bridge")

    def driver(stop_after: int | None) -> tuple[Session, list[int]]:
        calls = [0]

        def read(prompt: str) -> str:
            calls[0] += 1
            if stop_after is not None and calls[0] > stop_after:
                raise EOFError
            if session.game.deal_number > 1:
                raise EOFError
            return session._natural(session.hint())

        session = Session(
            Game(rules, 8), "B", bots="sampling", save_path=None, write=lambda text: None, read=read
        )
        return session, calls

    whole, _ = driver(None)
    whole.run()
    part, _ = driver(6)
    part.save_path = str(tmp_path / "s.json")
    part.run()
    game, saved = load_session(str(tmp_path / "s.json"))
    assert saved["bots"] == "sampling"

    def read_on(prompt: str) -> str:
        if resumed.game.deal_number > 1:
            raise EOFError
        return resumed._natural(resumed.hint())

    resumed = Session(
        game,
        "B",
        bots="sampling",
        save_path=None,
        write=lambda text: None,
        read=read_on,
        bot_states=saved["bot_states"],
        resumed=True,
    )
    resumed.run()
    assert resumed.game.actions == whole.game.actions
    assert len(whole.game.actions) > 20


def test_irregularities_are_for_bot_games_only(capsys: pytest.CaptureFixture[str]) -> None:
    from dummybridge.apps.cli import main

    assert main(["play", "bridge", "--seat", "S", "--irregularities", "0.1"]) == 1
    assert capsys.readouterr().err == (
        "dummybridge: error: --irregularities makes bots slip in games of bots only; "
        "with --seat/--player use --laws\n"
    )


def test_sigkill_at_many_moments_never_tears_the_save(tmp_path: Path) -> None:
    """Killed at a spread of moments after an answer (while the bots play and
    the game is being saved again and again), the save is always a whole
    record that replays, holding at least everything acknowledged before."""
    import time

    save = tmp_path / "g.json"
    child = spawn(
        tmp_path,
        "play",
        "dummy-bridge",
        "--player",
        "A",
        "--seed",
        "21",
        "--save",
        str(save),
        "--bots",
        "sampling",
        "--ascii",
    )
    child.expect(PROMPT)
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    for pause in (0.0, 0.001, 0.003, 0.006, 0.01, 0.02, 0.04):
        known = json.loads(save.read_text(encoding="utf-8"))["actions"]
        child = spawn(tmp_path, "resume", str(save), "--ascii")
        child.expect(PROMPT)
        child.sendline("hint")
        child.expect(HINT)
        hint = ANSI.sub("", child.match.group(1)).strip()
        child.expect(PROMPT)
        child.sendline(hint)
        time.sleep(pause)  # not a measurement: only where in the work the kill lands
        child.kill(signal.SIGKILL)
        child.close()
        data = json.loads(save.read_text(encoding="utf-8"))
        assert data["actions"][: len(known)] == known
        game, _ = load_session(str(save))
        assert game.to_record()["actions"] == data["actions"]


def test_a_whole_rubber_ends_with_its_summary_and_settlement() -> None:
    """Issue 7: the score sheet after each deal, the rubber summary and the
    settlement at the end."""
    from dummybridge.apps.terminal import Session

    out: list[str] = []
    game = Game(load_rules("bridge"), 2)

    def read(prompt: str) -> str:
        if prompt.startswith("Press Enter for the next deal"):
            return ""
        return session._natural(session.hint())

    session = Session(
        game, game.players[0], save_path=None, write=out.append, read=read, symbols=False
    )
    assert session.run() == 0
    text = "\n".join(out)
    deals = game.deal_number
    assert re.findall(r"\nDeal (\d+) is over", text) == [str(d) for d in range(1, deals + 1)]
    # Issue 21: the sheet once at the end of the rubber, which is announced
    # before its bonus; each other deal shows the sheet after its score.
    assert text.count("Score sheet:") == deals - 1
    assert text.count("-  the line\n") == deals  # one sheet a deal, none twice
    assert "\nThe rubber is over.\n  Rubber to " in text
    tail = text[text.index("The rubber is over.") :]
    assert "Final difference: " in tail
    assert "Settlement: " in tail
    net = game.sheets[0].settlement()
    assert tail.endswith(
        "\nThe session is over.\nNet: "
        + ", ".join(f"{'you' if p == game.players[0] else p} {net[p]:+d}" for p in game.players)
    )


def test_the_default_save_is_never_overwritten(tmp_path: Path) -> None:
    """Starting the same game again does not silently replace its save."""
    import subprocess

    existing = tmp_path / "dummybridge-bridge-4.json"
    existing.write_text("{}\n", encoding="utf-8")
    out = subprocess.run(
        [sys.executable, "-m", "dummybridge", "play", "bridge", "--seat", "N", "--seed", "4"],
        capture_output=True,
        text=True,
        check=False,
        cwd=tmp_path,
        input="",
    )
    assert out.returncode == 1
    assert out.stderr == (
        "dummybridge: error: dummybridge-bridge-4.json exists: continue it with "
        "'dummybridge resume dummybridge-bridge-4.json', or name another file with --save FILE\n"
    )
    assert existing.read_text(encoding="utf-8") == "{}\n"


_PARSER_CASES = [
    (load_rules(v), Game(load_rules(v), 1).legal_actions()) for v in ("bridge", "auction-bridge")
]


@settings(max_examples=400, deadline=None)
@given(
    st.text(alphabet=st.sampled_from(list("SHDCNTshdcnt0123456789AKQJakqj♠♥♦♣ xX-_")), max_size=14)
    | st.text(max_size=20)
)
def test_any_input_is_an_action_or_a_clear_refusal(text: str) -> None:
    """Whatever is typed, the parser returns an action or raises
    InvalidNotationError with a message: never another exception."""
    from dummybridge.errors import InvalidNotationError

    for rules, legal in _PARSER_CASES:
        try:
            parse_input(text, rules, legal)
        except InvalidNotationError as exc:
            assert str(exc)  # noqa: PT017 - any text, checked for every parser case in turn


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            {"bots": "clever"},
            "$.session.bots: expected one of ddsampling, perfect, random, rule, sampling, "
            "found 'clever'",
        ),
        ({"human": "Z"}, "$.session.human: 'Z' is not one of the players ['A', 'B', 'C', 'D']"),
        (
            {"bot_states": {"A": [0, 0, 0, 0]}},
            "$.session.bot_states.A: Rng state (0, 0, 0, 0) is all zero: xoshiro256** would only "
            "ever give 0",
        ),
        ({"bot_states": {"Q": [1, 2, 3, 4]}}, "$.session.bot_states.Q: no bot plays 'Q'"),
        (
            {"bot_states": []},
            "$.session.bot_states: expected an object of PRNG states by player, "
            "found a list of 0 items",
        ),
    ],
)
def test_a_damaged_save_is_refused_clearly(
    tmp_path: Path, change: dict[str, object], message: str
) -> None:
    """Every field of the session entry is checked before the game goes on."""
    from dummybridge.apps.terminal import Session
    from dummybridge.errors import InvalidNotationError

    game = Game(load_rules("bridge"), 3)
    human = game.seat_player[Seat.SOUTH]
    session = Session(
        game,
        human,
        save_path=str(tmp_path / "s.json"),
        write=lambda text: None,
        read=lambda prompt: "quit",
    )
    session.run()
    data = json.loads((tmp_path / "s.json").read_text(encoding="utf-8"))
    if (
        "bot_states" in change
        and isinstance(change["bot_states"], dict)
        and "A" in change["bot_states"]
        and human == "A"
    ):
        change = {"bot_states": {game.players[1]: [0, 0, 0, 0]}}
        message = message.replace(".A:", f".{game.players[1]}:")
    data["session"].update(change)
    (tmp_path / "s.json").write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(InvalidNotationError) as info:
        load_session(str(tmp_path / "s.json"))
    assert str(info.value) == f"{tmp_path / 's.json'}: error: {message}"


def test_a_refused_claim_cannot_be_repeated_in_the_deal() -> None:
    """A refusal says something of the hidden hands: after one, further claims
    in that deal are refused without looking at the cards."""
    from dummybridge.apps.terminal import Session

    game = Game(load_rules("bridge"), 5)
    human = game.seat_player[Seat.WEST]
    out: list[str] = []
    answers: list[str] = []
    asked = [False]

    def read(prompt: str) -> str:
        if game.phase == "play" and game.actor == human and len(game.tricks) == 8 and not asked[0]:
            asked[0] = True
            answers.extend(["claim", "claim", "claim 1"])
        if answers:
            return answers.pop(0)
        if game.deal_number > 1:
            return "quit"
        return session._natural(session.hint())

    session = Session(game, human, save_path=None, write=out.append, read=read, symbols=False)
    session.run()
    claims = [line for line in out if "claim" in line]
    assert claims[0].startswith("claim refused: your side is not sure of 5 of the 5 tricks")
    assert claims[1:3] == ["refused: your claim was refused earlier in this deal; play on"] * 2


def test_laws_mode_at_the_prompt_revoke_and_remarks() -> None:
    """Issue 5 at the terminal: in laws mode the person may fail to follow
    suit (a revoke, law 83) and make the remarks the laws give him, here the
    declarer touching a card of dummy's (law 64); 'actions' lists them."""
    from dummybridge.apps.terminal import Session

    game = _laws_game_at_dummys_turn()
    laws_lines = _laws_lines(game, ["actions", "touch SK", "quit"])
    assert any("touch SK" in x for x in laws_lines)
    assert game.state_dict()["current"][:2] == ["S2", "SK"]  # touched from dummy: played
    # South, the person, now revokes with a heart though he holds spades.
    game2 = Game(load_rules("auction-bridge"), 1, laws=True, deals=list(game.preset_deals))
    for call in ("bid 1 no_trumps", "pass", "pass", "pass", "play S2", "play SK", "play S7"):
        game2.apply(call)
    script2 = iter(["h6", "quit"])
    Session(
        game2,
        "B",
        save_path=None,
        write=lambda text: None,
        read=lambda prompt: next(script2),
        symbols=False,
    ).run()
    assert game2.revokes == [(Seat.SOUTH, 1, True)]


def test_law_72_at_the_prompt_i_have_the_rest() -> None:
    """Law 72 at the terminal: the declarer, the person, says "I have the
    rest" ('actions' lists it); the bot on his left decides whether his cards
    must lie face up ("he may be required to place his cards face upward")."""
    game = _laws_game_at_dummys_turn()
    laws_lines = _laws_lines(game, ["actions", "have the rest", "quit"])
    assert any("have the rest" in x for x in laws_lines)
    kinds = [op.kind for op in game.log]
    at = kinds.index("have_rest")
    assert game.log[at].player == "B"
    assert kinds[at + 1] in ("show_hand", "decline")  # West's bot chose
    assert game.log[at + 1].player == "A"
    assert game.phase == "play"


def test_law_72_the_terminals_claim_is_the_declarers_i_have_the_rest() -> None:
    """Law 72: "If the declarer say, 'I have the rest,' or any other words
    indicating that the remaining tricks or any number thereof are his, he may
    be required to place his cards face upward on the table." In laws mode the
    terminal's 'claim' is said as 'have the rest' first (the bot on his left
    decides), then granted or refused as in strict play, and played out."""
    game = _laws_game_at_dummys_turn()
    out: list[str] = []
    script = iter(["claim", "quit"])
    Session(
        game, "B", save_path=None, write=out.append, read=lambda prompt: next(script), symbols=False
    ).run()
    said = next(line for line in out if "claim granted" in line)
    assert said.startswith('you say "I have the rest" (law 72); A ')
    assert said.endswith("claim granted: your side takes 13 of the last 13 tricks")
    kinds = [op.kind for op in game.log]
    at = kinds.index("have_rest")
    assert kinds[at + 1] in ("show_hand", "decline")
    assert game.deal_number == 2  # played out
    # in strict play the claim says nothing of the kind
    strict = Game(load_rules("auction-bridge"), 1, deals=list(game.preset_deals))
    for call in ("bid 1 no_trumps", "pass", "pass", "pass", "play S2"):
        strict.apply(call)
    out.clear()
    script = iter(["claim", "quit"])
    Session(
        strict,
        "B",
        save_path=None,
        write=out.append,
        read=lambda prompt: next(script),
        symbols=False,
    ).run()
    assert "claim granted: your side takes 13 of the last 13 tricks" in out
    assert "have_rest" not in [op.kind for op in strict.log]


def _laws_game_at_dummys_turn() -> Game:
    """Auction in laws mode: South (B) declares one no trump, West leads S2;
    dummy, North, is to play (the person, B, plays it)."""
    deal = (
        Hand.from_pbn("AKQJ.AKQ.AKQ.AKQ"),
        Hand.from_pbn("T987.JT9.JT9.JT9"),
        Hand.from_pbn("6543.876.876.876"),
        Hand.from_pbn("2.5432.5432.5432"),
    )
    game = Game(load_rules("auction-bridge"), 1, laws=True, deals=[deal])
    for call in ("bid 1 no_trumps", "pass", "pass", "pass", "play S2"):
        game.apply(call)
    return game


def _laws_lines(game: Game, typed: list[str]) -> list[str]:
    """The person B types ``typed`` at the prompt; the lines that list the laws' actions."""
    from dummybridge.apps.terminal import Session

    out: list[str] = []
    script = iter(typed)
    session = Session(
        game, "B", save_path=None, write=out.append, read=lambda prompt: next(script), symbols=False
    )
    session.run()
    return [x for line in out for x in line.split("\n") if x.startswith("Laws mode: ")]


def test_laws_mode_at_the_prompt_a_false_lead_taken_back() -> None:
    """Law 78 at the terminal: East's lead out of turn let stand, the person
    (South, the declarer) notices it before he follows ('take back false
    lead'), then, as law 76 lets him, calls a suit for West's lead; 'actions'
    lists the notice among the laws' actions."""
    game = Game(load_rules("auction-bridge"), 1, laws=True)
    for call in ("bid 1 no_trumps", "pass", "pass", "pass"):
        game.apply(call)
    assert game.to_act == Seat.WEST
    east = game.out_of_turn_actions("D")[0]
    game.apply(east, player="D")
    game.apply("let lead stand")
    game.apply(east)  # East's card, led in his turn; South is to play
    laws_lines = _laws_lines(game, ["actions", "take back false lead", "call lead spades", "quit"])
    assert any("take back false lead" in x for x in laws_lines)
    kinds = [(op.kind, op.player) for op in game.log if op.kind in ("false_lead", "call_lead")]
    assert kinds == [("false_lead", "B"), ("call_lead", "B")]
    assert game.deal.trick_leader == Seat.WEST
