"""What ``print()`` and Jupyter show of a game, an observation and a score sheet
(issue 21, the programmer: "``print(game)``, ``print(game.sheet)`` and
``print(observation)`` show object addresses; ``render.diagram(hands)`` fails
without labels"). The model is python-chess's board: the whole position at a
glance, as a bridge player reads it in a column or a book."""

from __future__ import annotations

import pytest

import dummybridge
from dummybridge.core.cards import Hand, Seat
from dummybridge.formats import render

GAME = """\
Dummy Bridge, rubber 1, deal 1, dealer South
                      North (C's Dummy)
                      ♠ J 7 5 2
                      ♥ K Q 9 3
                      ♦ K T 7
                      ♣ -
West (B)              West  ♣T              East (A)
♠ 8                   North ♣K              ♠ Q T 9 6
♥ 8 7 6 4 2                                 ♥ J T
♦ 9 8 6 5                                   ♦ Q J 3 2
♣ Q                                         ♣ 6 4
                      South (C)
                      ♠ A K 4 3
                      ♥ A 5
                      ♦ A 4
                      ♣ A J 9 5
Calls: South declares spades, West passes, East passes
Declaration: spades by South
Tricks: N-S 0, E-W 1
To act: East (A), play"""

#: West's view of the same moment: his own hand and the Dummy's, laid face up
#: at the first lead (seed 000: "Dummy's hand is exposed as at ordinary Bridge")
OBSERVATION = """\
B's view (West), deal 1, dealer South
                      North (C's Dummy)
                      ♠ J 7 5 2
                      ♥ K Q 9 3
                      ♦ K T 7
                      ♣ -
West (B)              West  ♣T              East (A)
♠ 8                   North ♣K              (hidden)
♥ 8 7 6 4 2
♦ 9 8 6 5
♣ Q
                      South (C)
                      (hidden)



Calls: South declares spades, West passes, East passes
Declaration: spades by South
Tricks: N-S 0, E-W 1
To act: East (A), play"""

SHEET = """\
deal       N-S (C)  E-W (A, B)   for
1                4               3 honours
------------------------------------------  the line
1                2               1 odd trick at spades
      ------ game 1 not finished
==========================================
total            6           0"""

SHEET_HTML = (
    '<table style="font-family:monospace"><tr><th>deal</th><th>N-S (C)</th>'
    "<th>E-W (A, B)</th><th>for</th></tr>"
    "<tr><td>1</td><td>4</td><td></td><td>3 honours</td></tr>"
    '<tr style="border-top:2px solid"><td></td><td></td><td></td><td>the line</td></tr>'
    "<tr><td>1</td><td>2</td><td></td><td>1 odd trick at spades</td></tr>"
    '<tr style="border-top:1px solid"><td></td><td></td><td></td>'
    "<td>game 1 not finished</td></tr>"
    '<tr style="border-top:3px double"><td>total</td><td>6</td><td>0</td><td></td></tr>'
    "</table>"
)


@pytest.fixture(scope="module")
def game() -> dummybridge.Game:
    """Dummy Bridge, seed 3: South declares spades, West and East are content,
    and the play is one trick and two cards old."""
    game = dummybridge.Game(dummybridge.load_rules("dummy-bridge"), seed=3)
    for action in ("declare spades", "pass", "pass"):
        game.apply(action)
    for _ in range(6):
        game.apply(game.legal_actions()[0])
    return game


def test_print_game_shows_every_hand_the_trick_the_calls_and_the_turn(
    game: dummybridge.Game,
) -> None:
    assert str(game) == GAME


def test_print_observation_hides_what_its_player_may_not_see(game: dummybridge.Game) -> None:
    assert str(game.observation("B")) == OBSERVATION


def test_the_player_to_act_sees_his_choices(game: dummybridge.Game) -> None:
    text = str(game.observation("A")).splitlines()
    assert text[0] == "A's view (East), deal 1, dealer South"
    assert text[-1] == "Legal: play C4, play C6"  # he must follow suit to the club led


def test_print_score_sheet_above_and_below_the_line(game: dummybridge.Game) -> None:
    """After the first deal: South's side made one odd trick at spades (2 a
    trick, below the line) and holds three honours (4 above it)."""
    finished = dummybridge.Game(dummybridge.load_rules("dummy-bridge"), seed=3)
    finished.replay([str(a) for a in game.actions])
    while finished.deal_number == 1:
        finished.apply(finished.legal_actions()[0])
    sheet = finished.sheets[0]
    assert isinstance(sheet, dummybridge.ScoreSheet)
    assert str(sheet) == SHEET
    assert sheet._repr_html_() == SHEET_HTML


def test_html_is_the_same_position_as_a_table(game: dummybridge.Game) -> None:
    html = game._repr_html_()
    assert html.startswith(
        "<div><b>Dummy Bridge, rubber 1, deal 1, dealer South</b>"
        '<table style="font-family:monospace"><tr><td></td><td><b>North (C&#x27;s Dummy)</b>'
        '<br><span>♠ J 7 5 2</span><br><span style="color:#c00">♥ K Q 9 3</span>'
    )
    assert "<td>West  ♣T<br>North ♣K</td>" in html
    assert html.endswith(
        "<div>Calls: South declares spades, West passes, East passes</div>"
        "<div>Declaration: spades by South</div><div>Tricks: N-S 0, E-W 1</div>"
        "<div>To act: East (A), play</div></div>"
    )
    hidden = game.observation("B")._repr_html_()
    assert "<td><b>East (A)</b><br>(hidden)</td>" in hidden


def test_an_auction_shows_the_bids_and_the_contract() -> None:
    """1912 law 54: a bid doubled once and redoubled once."""
    game = dummybridge.Game(dummybridge.load_rules("auction-bridge"), seed=2)
    for call in ("bid 1 hearts", "double", "redouble", "pass", "pass", "pass"):
        game.apply(call)
    assert str(game).splitlines()[-4:] == [
        "Calls: South bids 1 hearts, West doubles, North redoubles, "
        "East passes, South passes, West passes",
        "Declaration: 1 hearts by South, redoubled",
        "Tricks: N-S 0, E-W 0",
        "To act: West (C), play",
    ]


def test_a_finished_game_says_so() -> None:
    game = dummybridge.Game(dummybridge.load_rules("bridge"), seed=1)
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    assert str(game).splitlines()[-1] == "The game is over."


def test_diagram_needs_no_labels() -> None:
    """``render.diagram(hands)`` alone: each hand headed by its seat."""
    text = render.diagram({Seat.SOUTH: Hand.from_pbn("AK.QJ..")}, symbols=False)
    assert text.splitlines()[-6:] == [
        "",
        "                      South",
        "                      S A K",
        "                      H Q J",
        "                      D -",
        "                      C -",
    ]
    assert text.splitlines()[:2] == [
        "                      North",
        "                      (hidden)",
    ]
