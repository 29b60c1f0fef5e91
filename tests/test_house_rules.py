"""The house rules shipped in rules/house/ (issue 6, "House rules"), end to end through Game.

Each house rule is a few lines of YAML that ``extends:`` a built-in variant;
none needs a line of Python. They ship in the wheel as
``dummybridge.rules.house`` and are named ``house/NAME`` wherever a variant's
name is accepted (``load_rules``, ``find_variant``, ``extends:``, the command
line). Expected values are added up by hand from the rules the docstrings
quote, never computed by the code under test.

Seating (``Game``): with four players the first dealer is South (the lowest
cutter), seats turn to the left N, E, S, W; Dummy tables are laid out as in
tests/test_variants.py. Hands are PBN (spades, hearts, diamonds, clubs).
"""

from __future__ import annotations

import json
import re
import textwrap
from pathlib import Path

import pytest

from dummybridge.apps.cli import main
from dummybridge.core.cards import Card, Hand, Seat
from dummybridge.engine.game import Game
from dummybridge.errors import IllegalActionError, InvalidNotationError, RuleFileError
from dummybridge.language.loader import (
    builtin_variants,
    find_variant,
    house_rules,
    load_document,
    load_rules,
    validate,
)

HOUSE = Path(__file__).resolve().parent.parent / "rules" / "house"
NAMES = [
    "auction-1908",
    "auction-1908-doubling",
    "cap-100",
    "draw-bridge",
    "four-aces",
    "lilies",
    "three-games",
]

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST

# North every spade, East every diamond, South every heart, West every club.
ONE_SUIT_EACH = ("AKQJT98765432...", "..AKQJT98765432.", ".AKQJT98765432..", "...AKQJT98765432")
# North every club, East every diamond, South every spade, West every heart:
# at no trumps West leads hearts and wins all thirteen tricks.
HEARTS_WEST = ("...AKQJT98765432", "..AKQJT98765432.", "AKQJT98765432...", ".AKQJT98765432..")


def fixed(pbns: tuple[str, str, str, str]) -> tuple[Hand, ...]:
    return tuple(Hand.from_pbn(h) for h in pbns)


def deal(north: str) -> tuple[Hand, ...]:
    """North holds ``north``; the rest of the pack goes round E, S, W one card at a time."""
    given = Hand.from_pbn(north)
    rest = [Card(i) for i in range(52) if Card(i) not in set(given)]
    return (given, *(Hand.from_cards(rest[k::3]) for k in range(3)))


def sees(game: Game, player: str) -> str:
    """The seats whose hands ``player``'s observation holds, as letters in N E S W order."""
    hands = game.observation(player).hands
    return "".join(s.letter for s in (N, E, S, W) if s in hands)


def texts(actions: object) -> list[str]:
    return [str(a) for a in actions]  # type: ignore[attr-defined]


def entries(game: Game) -> list[tuple[str, int, int, str, str]]:
    """The score sheet: (column name, deal, points, line, kind) for each entry."""
    return [
        (game.sheet.names[e.column], e.deal, e.points, e.line, e.kind) for e in game.sheet.entries
    ]


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


def play_out_deal(game: Game) -> None:
    """Every hand plays its first legal card until the deal is scored."""
    number = game.deal_number
    while game.deal_number == number and not game.is_over:
        game.apply(game.legal_actions()[0])


# ===================================================================== shipping


def test_house_rules_ship_in_the_package_named_house_slash_name() -> None:
    """Issue 6: "At least six house-rule files under rules/house/". The package
    lists them as house/NAME, each file named after its rule, each loading
    from the installed package (not the checkout)."""
    infos = house_rules()
    assert [v.name for v in infos] == [f"house/{n}" for n in NAMES]
    for info in infos:
        assert info.path.name == info.name.removeprefix("house/") + ".yaml"
        assert "site-packages" in info.path.parts or "dist-packages" in info.path.parts
        assert info.title
        assert load_document(info.name).name == info.name.removeprefix("house/")
    assert sorted(p.stem for p in HOUSE.glob("*.yaml")) == NAMES


@pytest.mark.parametrize("name", NAMES)
def test_each_house_rule_is_a_few_lines_extending_a_built_in(name: str) -> None:
    """Issue 6: "each a few lines that extends: a built-in variant ... none
    needing a line of Python". At most 15 lines that are not comments, the
    chain ends in a built-in variant, and the file validates clean both by
    its house name and by path."""
    path = find_variant(f"house/{name}")
    lines = [
        line
        for line in path.read_text(encoding="utf-8").splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    ]
    assert len(lines) <= 15, lines
    doc = load_document(f"house/{name}")
    builtins = {v.path for v in builtin_variants()}
    houses = {v.path for v in house_rules()}
    assert doc.files[0] == path
    assert doc.files[1] in builtins | houses
    assert any(f in builtins for f in doc.files[1:])
    assert doc.display == f"<built-in>/house/{name}.yaml"
    assert validate(f"house/{name}") == []
    assert validate(HOUSE / f"{name}.yaml") == []


def test_house_names_ignore_case_and_do_not_shadow_built_ins() -> None:
    """House rules are looked up like variants (case-insensitive, aliases) by
    house/NAME; by NAME alone only where no built-in variant has the name, so
    a built-in always wins (house/auction-1908 against the built-in alias
    auction-1908 of auction-bridge-1908)."""
    assert find_variant("HOUSE/Lilies").name == "lilies.yaml"
    assert load_rules("house/lilies").name == "lilies"
    assert find_variant("house/two-handed-bridge").name == "draw-bridge.yaml"
    assert find_variant("lilies") == find_variant("house/lilies")
    assert find_variant("Two-Handed-Bridge").name == "draw-bridge.yaml"
    assert find_variant("auction-1908").name == "auction-bridge-1908.yaml"
    assert find_variant("house/auction-1908").parent.name == "house"
    with pytest.raises(RuleFileError) as caught:
        find_variant("house/lilys")
    assert caught.value.diagnostics[0].hint == "did you mean 'house/lilies'?"


def test_a_house_rule_game_record_replays_by_its_name() -> None:
    """A game record names its rules by the rule set's name ("lilies", origin
    <built-in>/house/lilies.yaml, no file); Game.from_record finds the house
    rule by that name and replays to the same state."""
    game = Game(LILIES, 5)
    game.leave()
    game.declare("royal_spades")
    game.pass_()
    game.pass_()
    for _ in range(9):
        game.apply(game.legal_actions()[0])
    record = json.loads(json.dumps(game.to_record()))
    assert record["rules"] == {
        "name": "lilies",
        "version": "1.0",
        "origin": "<built-in>/house/lilies.yaml",
    }
    again = Game.from_record(record)
    assert again.rules == LILIES
    assert state(again) == state(game)


def test_a_house_rule_record_whose_name_is_an_alias_replays_under_the_house_rule() -> None:
    """The house rule ``auction-1908`` shares its name with an alias of the
    built-in auction-bridge-1908; its record replays under the house rule (found
    by its origin, <built-in>/house/auction-1908.yaml), not the variant. A
    record whose rules turn out to have another name is refused, not replayed
    under the wrong rules."""
    rules = load_rules("house/auction-1908")
    game = Game(rules, 2)
    for _ in range(12):
        game.apply(game.legal_actions()[0])
    record = json.loads(json.dumps(game.to_record()))
    assert record["rules"]["name"] == "auction-1908"
    again = Game.from_record(record)
    assert again.rules == rules
    assert state(again) == state(game)
    record["rules"]["name"] = "auction-bridge-1908"
    with pytest.raises(InvalidNotationError) as info:
        Game.from_record(record)
    assert str(info.value) == (
        "record made with rules 'auction-bridge-1908', but "
        "<built-in>/house/auction-1908.yaml is 'auction-1908'"
    )


def test_a_rule_file_may_extend_a_house_rule(tmp_path: Path) -> None:
    """``extends: house/NAME`` builds on a shipped house rule; a diagnostic in
    the position of an inherited value names the house file as <built-in>/house/NAME.yaml."""
    mine = tmp_path / "mine.yaml"
    mine.write_text(
        'extends: house/lilies\nname: mine\ntitle: Mine\nversion: "1"\nscoring:\n  game: 40\n',
        encoding="utf-8",
    )
    doc = load_document(mine)
    assert [p.name for p in doc.files] == ["mine.yaml", "lilies.yaml", "bridge.yaml"]
    assert doc.data["denominations"]["royal_spades"] == {"suit": "spades", "trick_value": 10}
    assert doc.position(("denominations", "royal_spades", "trick_value")) == (
        "<built-in>/house/lilies.yaml",
        10,
        45,
    )
    assert doc.data["scoring"]["game"] == 40


def test_command_line_validates_and_lists_house_rules(capsys: pytest.CaptureFixture[str]) -> None:
    """`dummybridge validate house/NAME` and `dummybridge variants` know the
    shipped house rules; a misspelt one gets a did-you-mean, no traceback."""
    assert main(["validate", "house/lilies", "house/Lilies"]) == 0
    assert capsys.readouterr().out == "house/lilies: ok\nhouse/Lilies: ok\n"
    assert main(["validate", "house/lilys"]) == 1
    assert capsys.readouterr().out == (
        "house/lilys:1:1: error: $: no such file, and unknown variant 'house/lilys' "
        "('dummybridge variants' lists the built-in ones)\n"
        "  hint: did you mean 'house/lilies'?\n"
    )
    assert main(["variants"]) == 0
    names = [line.split()[0] for line in capsys.readouterr().out.splitlines()]
    assert names == sorted(names)
    assert [n for n in names if n.startswith("house/")] == [f"house/{n}" for n in NAMES]


# ===================================================================== lilies

LILIES = load_rules("house/lilies")


def test_lilies_spades_may_be_declared_as_royal_spades_at_10() -> None:
    """rules-reference.md 2.1: "Royal spades"/"lilies" is not a fifth suit: it
    is a second, higher-valued way of declaring spades as trumps; "in bridge
    some players valued royal spades at 10". The dealer (South) and, when he
    leaves it, his partner may declare spades either way."""
    assert [(d.name, d.trick_value) for d in LILIES.denominations] == [
        ("spades", 2),
        ("clubs", 4),
        ("diamonds", 6),
        ("hearts", 8),
        ("no_trumps", 12),
        ("royal_spades", 10),
    ]
    game = Game(LILIES, 7, deals=[fixed(ONE_SUIT_EACH)])
    declarations = [
        "declare spades",
        "declare clubs",
        "declare diamonds",
        "declare hearts",
        "declare no_trumps",
        "declare royal_spades",
    ]
    assert texts(game.legal_actions()) == [*declarations, "leave it"]
    game.leave()
    assert game.to_act == N
    assert texts(game.legal_actions()) == declarations


def test_lilies_royal_spades_score_10_a_trick_and_honours_at_10() -> None:
    """Royal spades at 10 a trick: North (every spade) declares royal spades
    and North-South win all thirteen tricks. 7 x 10 = 70 below, game; five
    honours in one hand 10 x 10 = 100; South void of trumps, chicane
    2 x 10 = 20; East and West both void, their double chicane 4 x 10 = 40
    taken off North-South's honours; grand slam 40 (ELW05 laws 6-10)."""
    game = Game(LILIES, 7, deals=[fixed(ONE_SUIT_EACH)])
    game.leave()
    game.declare("royal_spades")
    assert (game.denomination.name, game.denomination.trick_value) == ("royal_spades", 10)
    game.pass_()
    game.pass_()
    play_out_deal(game)
    ns = game.sheet.names[0]
    assert entries(game) == [
        (ns, 1, 70, "below", "tricks"),
        (ns, 1, 100, "above", "honours"),
        (ns, 1, 20, "above", "chicane"),
        (ns, 1, -40, "above", "chicane"),
        (ns, 1, 40, "above", "slam"),
    ]
    assert game.sheet.games == [1, 0]


def test_lilies_the_same_hand_as_plain_spades_scores_2_a_trick_and_no_game() -> None:
    """The same deal declared as plain spades (2 a trick): 7 x 2 = 14 below,
    no game; honours 10 x 2 = 20, chicane 4, double chicane against 8, slam 40."""
    game = Game(LILIES, 7, deals=[fixed(ONE_SUIT_EACH)])
    game.leave()
    game.declare("spades")
    game.pass_()
    game.pass_()
    play_out_deal(game)
    ns = game.sheet.names[0]
    assert entries(game) == [
        (ns, 1, 14, "below", "tricks"),
        (ns, 1, 20, "above", "honours"),
        (ns, 1, 4, "above", "chicane"),
        (ns, 1, -8, "above", "chicane"),
        (ns, 1, 40, "above", "slam"),
    ]
    assert game.sheet.games == [0, 0]


# ===================================================================== cap-100

CAP = load_rules("house/cap-100")


@pytest.mark.parametrize(
    ("denomination", "doublings"),
    [
        ("spades", 5),  # 2 -> 4 -> 8 -> 16 -> 32 -> 64; 128 would pass 100
        ("clubs", 4),  # 4 -> 8 -> 16 -> 32 -> 64
        ("diamonds", 4),  # 6 -> 12 -> 24 -> 48 -> 96
        ("hearts", 3),  # 8 -> 16 -> 32 -> 64
        ("no_trumps", 3),  # 12 -> 24 -> 48 -> 96
    ],
)
def test_cap_100_doubling_stops_before_a_trick_passes_100(
    denomination: str, doublings: int
) -> None:
    """EB1911 ("the value of a trick is limited to 100 points"; rules-reference
    A10, cap_at_100): no doubling that would make a trick worth more than 100.
    Every doubling up to the cap is offered (the adversaries' "double", the
    declaring side's "redouble", or "pass"); after the last one the play
    begins at once (West, the eldest, leads), and a further double is refused
    without changing anything."""
    game = Game(CAP, 7, deals=[fixed(ONE_SUIT_EACH)])
    game.declare(denomination)
    for level in range(doublings):
        assert game.phase == "double"
        call = "redouble" if level % 2 else "double"  # issue 21
        assert texts(game.legal_actions()) == ["pass", call]
        game.apply(call)
    assert game.doubling_level == doublings
    assert game.phase == "play"
    assert game.to_act == W
    refused(
        game, "double", f"double refused: it is west ({game.seat_player[W]})'s turn to play a card"
    )


def test_cap_100_bridge_itself_goes_on_doubling() -> None:
    """The base rule (ELW05: doubling "may be continued indefinitely"): at
    hearts a fourth doubling, to 128 a trick, is still offered."""
    game = Game(load_rules("bridge"), 7, deals=[fixed(ONE_SUIT_EACH)])
    game.declare("hearts")
    game.double()
    game.redouble()
    game.double()
    assert game.phase == "double"
    assert texts(game.legal_actions()) == ["pass", "redouble"]


def test_cap_100_hearts_doubled_three_times_score_64_a_trick() -> None:
    """South (every heart) declares hearts, doubled three times (64 a trick);
    North-South win all thirteen: 7 x 64 = 448 below, one game; honours at the
    undoubled value, five in one hand 10 x 8 = 80; North void, chicane 16; the
    adversaries' double chicane 32 deducted; grand slam 40."""
    game = Game(CAP, 7, deals=[fixed(ONE_SUIT_EACH)])
    game.declare("hearts")
    game.double()
    game.redouble()
    game.double()
    play_out_deal(game)
    ns = game.sheet.names[0]
    assert entries(game) == [
        (ns, 1, 448, "below", "tricks"),
        (ns, 1, 80, "above", "honours"),
        (ns, 1, 16, "above", "chicane"),
        (ns, 1, -32, "above", "chicane"),
        (ns, 1, 40, "above", "slam"),
    ]
    assert game.sheet.games == [1, 0]


# ===================================================================== three-games

THREE_GAMES = load_rules("house/three-games")


def _declare_and_play(game: Game, denomination: str) -> None:
    """The dealer declares ``denomination``; both adversaries content; play out."""
    game.declare(denomination)
    game.pass_()
    game.pass_()
    play_out_deal(game)


def test_three_games_two_games_to_one_player_do_not_end_it() -> None:
    """EB1911 (rules-reference 6.3): "Sometimes three games are played without
    reference to a rubber, fifty points being scored for a game won." The
    players in cutting order, X, Y, Z, deal in turn, each from South. Deal 1
    (X deals, holds every heart): X's first game. Deals 2 and 3 (no trumps,
    West wins every trick out of his own deal): above the line only. Deal 4
    (X deals as deal 1): X's second game, which under three-handed itself wins
    the rubber; here the session goes on to a third game."""
    deals = [fixed(ONE_SUIT_EACH), fixed(HEARTS_WEST), fixed(HEARTS_WEST), fixed(ONE_SUIT_EACH)]
    base = Game(load_rules("three-handed"), 9, deals=deals)
    game = Game(THREE_GAMES, 9, deals=deals)
    x = game.seat_player[S]
    for each in (base, game):
        for denomination in ("hearts", "no_trumps", "no_trumps", "hearts"):
            _declare_and_play(each, denomination)
    assert base.is_over
    assert entries(base)[-1] == (x, 4, 50, "above", "rubber")
    assert not game.is_over
    assert game.phase == "declare"
    assert game.sheet.games == [2 if name == x else 0 for name in game.sheet.names]
    assert "rubber" not in [e.kind for e in game.sheet.entries]


def test_three_games_the_third_game_ends_it_fifty_a_game_no_rubber_settled_pairwise() -> None:
    """EB1911: three games, "fifty points being scored for a game won", and no
    rubber bonus; the totals settled between each pair of players ("A owes 78
    to B and 100 to C"). As the test above, then deal 5: Y deals, holds every
    heart, wins the third game. A hearts deal scores the dealer 56 below, 80
    honours (five in one hand), 16 chicane (Dummy void), -32 (the adversaries'
    double chicane), 40 grand slam, 50 game = 210; a no-trump deal out of one's
    own deal 84 (7 x 12) and 40 slam above the line to each adversary.
    X: 210 + 124 + 124 + 210 = 668; Y: 124 (deal 3) + 210 = 334; Z: 124.
    Y pays X 334, Z pays X 544, Z pays Y 210."""
    deals = [
        fixed(ONE_SUIT_EACH),
        fixed(HEARTS_WEST),
        fixed(HEARTS_WEST),
        fixed(ONE_SUIT_EACH),
        fixed(ONE_SUIT_EACH),
    ]
    game = Game(THREE_GAMES, 9, deals=deals)
    x, y, z = game.seat_player[S], game.seat_player[W], game.seat_player[E]
    for denomination in ("hearts", "no_trumps", "no_trumps", "hearts", "hearts"):
        _declare_and_play(game, denomination)
    assert game.is_over
    assert game.legal_actions() == ()
    col = {name: i for i, name in enumerate(game.sheet.names)}
    assert {p: game.sheet.games[col[p]] for p in (x, y, z)} == {x: 2, y: 1, z: 0}
    assert [
        (name, deal, points) for name, deal, points, _, kind in entries(game) if kind == "game"
    ] == [(x, 1, 50), (x, 4, 50), (y, 5, 50)]
    assert "rubber" not in [e.kind for e in game.sheet.entries]
    assert {p: game.sheet.total(col[p]) for p in (x, y, z)} == {x: 668, y: 334, z: 124}
    assert sorted(game.sheet.payments()) == sorted([(y, x, 334), (z, x, 544), (z, y, 210)])
    assert game.sheet.settlement() == {x: 878, y: -124, z: -754}
    end = game.log[-1]
    assert end.kind == "rubber"
    assert (end.detail["winner"], end.detail["winners"]) == (None, [])


# ===================================================================== four-aces

FOUR_ACES = load_rules("house/four-aces")


def _forced(rules_name: str, north: str) -> tuple[str, list[str]]:
    """Under ``rules_name``, South deals and leaves it to his Dummy (North)
    holding ``north``: the forced entry's denomination and steps."""
    game = Game(load_rules(rules_name), 3, deals=[deal(north)])
    holder = game.seat_player[S]
    game.leave()
    forced = next(op for op in reversed(game.log) if op.kind == "forced")
    assert (forced.seat, forced.player) == (N, holder)
    assert game.denomination.name == forced.detail["denomination"]
    assert game.phase == "double"
    assert game.to_act == W
    return forced.detail["denomination"], list(forced.detail["steps"])


def test_four_aces_three_aces_no_longer_force_no_trumps() -> None:
    """The house rule: no trumps only with all four aces. Seed 000 rule 1 ("If
    Dummy holds three or four aces, he must declare no trumps") gives way to
    rule 2 ("his numerically longest suit"): three aces and five clubs, clubs;
    under dummy-bridge the same hand is no trumps."""
    hand = "A32.A54.A7.K9652"
    assert _forced("house/four-aces", hand) == (
        "clubs",
        ["3 aces: fewer than 4", "longest suit: clubs (5)"],
    )
    assert _forced("dummy-bridge", hand) == ("no_trumps", ["3 aces: no trumps"])


def test_four_aces_all_four_aces_still_declare_no_trumps() -> None:
    """With all four aces the Dummy declares no trumps, as under seed 000."""
    assert _forced("house/four-aces", "A432.A54.A76.A96") == ("no_trumps", ["4 aces: no trumps"])


def test_four_aces_three_aces_then_pips_then_the_most_valuable() -> None:
    """Seed 000 rules 3 and 4 still follow: three aces, spades A 6 5 4 and
    clubs 8 7 6 5 both four long and both 26 pips (11+6+5+4, 8+7+6+5), so the
    most valuable, clubs (4 a trick against 2). The worked check of
    rules-reference 6.2 (one ace) is unchanged: hearts."""
    assert _forced("house/four-aces", "A654.A32.A2.8765") == (
        "clubs",
        [
            "3 aces: fewer than 4",
            "longest suits: spades, clubs (4)",
            "pips: spades 26, clubs 26",
            "most valuable: clubs",
        ],
    )
    assert _forced("house/four-aces", "652.A974.KQ83.32") == (
        "hearts",
        [
            "1 ace: fewer than 4",
            "longest suits: hearts, diamonds (4)",
            "pips: hearts 31, diamonds 31",
            "most valuable: hearts",
        ],
    )


def test_four_aces_changes_nothing_else_in_dummy_bridge() -> None:
    """Only the criteria change: the Dummy-player still examines his Dummy
    (A1, seed 000) and every other rule is dummy-bridge's."""
    dummy = load_rules("dummy-bridge")
    assert FOUR_ACES.declaration.forced is not None
    assert FOUR_ACES.declaration.forced.examined_by == "owner"
    assert [c.aces for c in FOUR_ACES.declaration.forced.criteria] == [4, None, None, None]
    assert (
        FOUR_ACES.table,
        FOUR_ACES.sight,
        FOUR_ACES.play,
        FOUR_ACES.scoring,
        FOUR_ACES.doubling,
    ) == (dummy.table, dummy.sight, dummy.play, dummy.scoring, dummy.doubling)


# ===================================================================== draw-bridge

DRAW = load_rules("house/draw-bridge")


def test_draw_bridge_no_hand_is_ever_laid_face_up() -> None:
    """EB1911 Draw or Two-handed Bridge (rules-reference 5.3, A19: "dummies on
    stands visible only to their owner"): the only change from Double Dummy
    is that no hand is exposed. South deals and declares spades; West looks at
    his own hand (Double Dummy's one look before the lead) and is content.
    From the first lead to the last card each player sees his own two hands
    and never his opponent's: South N and S, West E and W; under double-dummy
    both Dummies lie face up and each sees three hands."""
    assert DRAW.play.exposure == ()
    double = load_rules("double-dummy")
    assert (DRAW.table, DRAW.sight, DRAW.declaration, DRAW.doubling, DRAW.scoring) == (
        double.table,
        double.sight,
        double.declaration,
        double.doubling,
        double.scoring,
    )
    for rules, exposed, south_sees, west_sees in (
        (DRAW, set(), "NS", "EW"),
        (double, {N, E}, "NES", "NEW"),
    ):
        game = Game(rules, 3)
        south, west = game.seat_player[S], game.seat_player[W]
        assert game.player_seats == {south: (N, S), west: (E, W)}
        game.declare("spades")
        game.look("W")
        game.pass_()
        assert (sees(game, south), sees(game, west)) == ("S", "W")
        game.apply(game.legal_actions()[0])  # West leads
        assert game.exposed == exposed
        while game.deal_number == 1:
            assert (sees(game, south), sees(game, west)) == (south_sees, west_sees)
            game.apply(game.legal_actions()[0])


def test_draw_bridge_expose_never_appears_in_the_log_and_the_deal_alternates() -> None:
    """Seed 000 Double Dummy, kept: "The dealer deals for himself each time,
    never for his Dummy"; in Draw Bridge no deal of the session exposes a
    hand: four deals, dealt by South, West, South, West, without an expose
    entry, West's Dummy (East) hidden from South throughout."""
    game = Game(DRAW, 8)
    south, west = game.seat_player[S], game.seat_player[W]
    dealers = []
    for _ in range(4):
        dealers.append(game.dealer)
        number = game.deal_number
        game.declare("clubs")
        while game.phase == "double":
            game.pass_()
        while game.deal_number == number:
            assert "E" not in sees(game, south)
            assert "N" not in sees(game, west)
            game.apply(game.legal_actions()[0])
    assert dealers == [S, W, S, W]
    assert "expose" not in [op.kind for op in game.log]


def test_draw_bridge_dummy_left_the_call_is_examined_by_its_owner_alone() -> None:
    """Seed 000 (kept by Draw Bridge): the dealer who leaves the call to Dummy
    examines it "without exposing it"; EB1911 notes the opponent cannot check
    the forced declaration: West never sees North, before or after the lead."""
    game = Game(DRAW, 3, deals=[deal("652.A974.KQ83.32")])
    south, west = game.seat_player[S], game.seat_player[W]
    game.leave()
    assert game.denomination.name == "hearts"
    assert sees(game, south) == "N"
    game.look("W")
    game.pass_()
    assert game.phase == "play"
    assert (sees(game, south), sees(game, west)) == ("NS", "W")
    game.apply(game.legal_actions()[0])
    assert game.exposed == set()
    assert (sees(game, south), sees(game, west)) == ("NS", "EW")


# ===================================================================== auction-1908

AUCTION_1908 = load_rules("house/auction-1908")


def test_auction_1908_is_the_1912_laws_with_the_bridge_count() -> None:
    """rules-reference 2.1 and A14: the 1908 English code valued the tricks
    "as at ordinary bridge" (spades 2, clubs 4, diamonds 6, hearts 8, no
    trumps 12) without royal spades. Written as a house rule on the 1912
    laws, it runs exactly as the built-in auction-bridge-1908 (itself such a
    file): every rule but the name, title and description is the same."""
    assert [(d.name, d.trick_value) for d in AUCTION_1908.denominations] == [
        ("spades", 2),
        ("clubs", 4),
        ("diamonds", 6),
        ("hearts", 8),
        ("no_trumps", 12),
    ]
    builtin = load_rules("auction-bridge-1908")
    fields = (
        "table",
        "deal",
        "denominations",
        "declaration",
        "doubling",
        "play",
        "sight",
        "scoring",
        "laws",
    )
    assert [getattr(AUCTION_1908, f) for f in fields] == [getattr(builtin, f) for f in fields]


def test_auction_1908_bids_rank_by_points_at_the_bridge_count() -> None:
    """WORK13 laws 44 and 53 (rules-reference 2.2): bids rank by their total
    points, equal points by the number of tricks. At the bridge count the
    dealer's first possible bids run 1 spade (2), 1 club (4), 2 spades (4),
    1 diamond (6), 3 spades (6), 1 heart (8), 2 clubs (8), 4 spades (8),
    5 spades (10), 1 no trump (12), 2 diamonds (12), 3 clubs (12), 6 spades
    (12), 7 spades (14); a royal-spades bid is refused."""
    game = Game(AUCTION_1908, 7)
    assert texts(game.legal_actions())[:14] == [
        "bid 1 spades",
        "bid 1 clubs",
        "bid 2 spades",
        "bid 1 diamonds",
        "bid 3 spades",
        "bid 1 hearts",
        "bid 2 clubs",
        "bid 4 spades",
        "bid 5 spades",
        "bid 1 no_trumps",
        "bid 2 diamonds",
        "bid 3 clubs",
        "bid 6 spades",
        "bid 7 spades",
    ]
    refused(
        game,
        "bid 1 royal_spades",
        "bid 1 royal_spades refused: auction-1908 has no "
        "declaration 'royal_spades' (it has: spades, clubs, diamonds, hearts, no_trumps)",
    )


@pytest.mark.parametrize(
    ("rules_name", "points", "games"),
    [
        ("house/auction-1908", [28, 40, -16, 8, 40], [0, 0]),
        ("auction-bridge", [42, 60, -24, 12, 40], [0, 1]),
    ],
)
def test_auction_1908_a_grand_slam_in_clubs_is_short_of_game(
    rules_name: str, points: list[int], games: list[int]
) -> None:
    """South (the dealer, every heart) opens one spade; West (every club) bids
    one club and all pass: West plays it, North leads, East-West win all
    thirteen. At the bridge count 7 x 4 = 28 below, short of game; under the
    1912 count 7 x 6 = 42, game. Honours five in one hand 10 x the value;
    North-South both void, double chicane 4 x the value against; East void,
    chicane 2 x the value; grand slam 40 (laws 4, 6-9)."""
    game = Game(load_rules(rules_name), 7, deals=[fixed(ONE_SUIT_EACH)])
    for call in ("bid 1 spades", "bid 1 clubs", "pass", "pass", "pass"):
        game.apply(call)
    assert game.phase == "play"
    assert (game.declarer, game.to_act) == (W, N)
    play_out_deal(game)
    ew = game.sheet.names[1]
    assert entries(game) == [
        (ew, 1, points[0], "below", "tricks"),
        (ew, 1, points[1], "above", "honours"),
        (ew, 1, points[2], "above", "chicane"),
        (ew, 1, points[3], "above", "chicane"),
        (ew, 1, points[4], "above", "slam"),
    ]
    assert game.sheet.games == games


# ===================================================================== auction-1908-doubling

DOUBLING = load_rules("house/auction-1908-doubling")


def _doubling_calls(game: Game, times: int) -> list[tuple[str, list[str]]]:
    """After South's one heart: each player's calls other than bids, and he
    doubles or redoubles while he may, ``times`` times at most."""
    game.apply("bid 1 hearts")
    seen = []
    for _ in range(times):
        calls = [str(a) for a in game.legal_actions() if not str(a).startswith("bid")]
        seen.append((game.to_act.letter, calls))
        doubling = [c for c in calls if c != "pass"]
        if not doubling:
            break
        game.apply(doubling[0])
    return seen


def test_auction_1908_doubling_goes_on_any_number_of_times() -> None:
    """EB1911 on the 1908 code (rules-reference 4.8, A17): each player may
    "pass, or double, or redouble, or overcall ... any number of times till
    all are satisfied". After South's one heart the adversaries double and
    South's side redoubles in turn, five times and more; under the 1912 count
    (law 54: "doubled once and redoubled once, no more") East may only pass
    after the redouble."""
    assert DOUBLING.declaration.auction is not None
    assert (DOUBLING.declaration.auction.doubles, DOUBLING.declaration.auction.redoubles) == (
        None,
        None,
    )
    game = Game(DOUBLING, 7, deals=[fixed(ONE_SUIT_EACH)])
    assert _doubling_calls(game, 6) == [
        ("W", ["pass", "double"]),
        ("N", ["pass", "redouble"]),
        ("E", ["pass", "double"]),
        ("S", ["pass", "redouble"]),
        ("W", ["pass", "double"]),
        ("N", ["pass", "redouble"]),
    ]
    assert game.doubling_level == 6
    once = Game(load_rules("house/auction-1908"), 7, deals=[fixed(ONE_SUIT_EACH)])
    assert _doubling_calls(once, 6) == [
        ("W", ["pass", "double"]),
        ("N", ["pass", "redouble"]),
        ("E", ["pass"]),
    ]
    assert once.doubling_level == 2
    refused(once, "double", "double refused: the bid is already doubled (law 54: once only)")


def test_auction_doubles_counts_each_sides_doubles() -> None:
    """auction.doubles and redoubles count each side's calls: with two of each
    the bid goes double, redouble, double, redouble, and then no more; each
    refusal says why and changes nothing."""
    rules = load_rules("auction-bridge")
    data = rules.to_data()
    data["declaration"]["auction"].update(doubles=2, redoubles=2)
    two = type(rules).from_data(data, origin="test")
    game = Game(two, 7, deals=[fixed(ONE_SUIT_EACH)])
    assert _doubling_calls(game, 6) == [
        ("W", ["pass", "double"]),
        ("N", ["pass", "redouble"]),
        ("E", ["pass", "double"]),
        ("S", ["pass", "redouble"]),
        ("W", ["pass"]),
    ]
    assert game.doubling_level == 4
    refused(
        game,
        "double",
        "double refused: the bid has been doubled 2 times, as often as the rules allow",
    )
    game.pass_()
    refused(
        game,
        "redouble",
        "redouble refused: the bid is already redoubled; the other side must answer first",
    )
    game.pass_()
    refused(
        game,
        "double",
        "double refused: the bid has been doubled 2 times, as often as the rules allow",
    )


def test_auction_1908_doubling_scores_each_doubling() -> None:
    """One heart doubled, redoubled and doubled again (8 a trick, x 8 = 64);
    South, with every heart, makes all thirteen tricks: 7 x 64 = 448 below;
    the doubled bonus (law 56: 50 and 50 for each of the 6 tricks over,
    doubled for each doubling after the first) 350 x 4 = 1400; honours 80,
    chicane 16, the adversaries' double chicane 32 deducted, grand slam 40."""
    game = Game(DOUBLING, 7, deals=[fixed(ONE_SUIT_EACH)])
    for call in ("bid 1 hearts", "double", "redouble", "double", "pass", "pass", "pass"):
        game.apply(call)
    assert (game.phase, game.declarer, game.doubling_level) == ("play", S, 3)
    play_out_deal(game)
    ns = game.sheet.names[0]
    assert entries(game) == [
        (ns, 1, 448, "below", "tricks"),
        (ns, 1, 1400, "above", "bonus"),
        (ns, 1, 80, "above", "honours"),
        (ns, 1, 16, "above", "chicane"),
        (ns, 1, -32, "above", "chicane"),
        (ns, 1, 40, "above", "slam"),
    ]


def test_auction_doubles_takes_a_number_or_unlimited(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The schema keyword: a whole number of at least 0, or unlimited; anything
    else is reported where it was written, with the keyword's description."""
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        'extends: auction-bridge\nname: x\ntitle: X\nversion: "1"\n'
        "declaration:\n  auction:\n    doubles: many\n    redoubles: -1\n",
        encoding="utf-8",
    )
    assert main(["validate", str(bad)]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == (
        f"{bad}:7:14: error: $.declaration.auction.doubles: expected an "
        "integer, got the string 'many' (1 more, use -v)"
    )
    assert lines[1].startswith(
        "  hint: How many times the adversaries may double a bid: a whole number"
    )
    assert lines[2] == (
        f"{bad}:8:16: error: $.declaration.auction.redoubles: expected an "
        "integer of at least 0, got -1 (1 more, use -v)"
    )
    assert len(lines) == 4


# ===================================================================== the guide

GUIDE = Path(__file__).resolve().parent.parent / "docs" / "house-rules.md"


def _blocks(text: str, language: str = r"\w+") -> list[tuple[str, str]]:
    """The fenced blocks of ``language`` in a Markdown text, in order, as
    (language, body) with the body unindented."""
    found = re.findall(rf"^( *)```({language})\n(.*?)^\1```$", text, re.S | re.M)
    return [
        (kind, textwrap.dedent("\n".join(line.removeprefix(indent) for line in body.splitlines())))
        for indent, kind, body in found
    ]


@pytest.mark.skipif(not GUIDE.is_file(), reason="no docs beside the tests")
def test_the_guide_files_and_outputs_are_what_dummybridge_says(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """docs/house-rules.md stays true: in the guide's order, each YAML block
    headed by a file name is written out and each `dummybridge validate`
    shown prints exactly the output shown; the finished file is the shipped
    house/lilies; the Python example prints the score sheet its comment gives."""
    text = GUIDE.read_text(encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    files: dict[str, str] = {}
    commands = 0
    for kind, block in _blocks(text, "yaml|console"):
        first, *rest = block.rstrip("\n").split("\n")
        if kind == "yaml" and re.fullmatch(r"# [a-z0-9-]+\.yaml", first):
            files[first[2:]] = block
            Path(first[2:]).write_text(block, encoding="utf-8")
        elif kind == "console" and first.startswith("$ dummybridge validate "):
            status = main(first.split()[2:])
            assert capsys.readouterr().out.rstrip("\n").split("\n") == rest, first
            assert status == (0 if rest[-1].endswith(": ok") else 1)
            commands += 1
    assert sorted(files) == [
        "lilies-idle.yaml",
        "lilies-typo.yaml",
        "lilies-wrong.yaml",
        "lilies.yaml",
    ]
    assert commands == 4
    shipped = find_variant("house/lilies").read_text(encoding="utf-8")
    assert files["lilies.yaml"].splitlines()[1:] == [
        line for line in shipped.splitlines() if not line.startswith("#")
    ]
    ((_, python),) = _blocks(text, "python")
    exec(compile(python, "docs/house-rules.md", "exec"), {})  # the guide's own example
    printed = capsys.readouterr().out.strip()
    comment = python.split("# [", 1)[1]
    assert printed == "[" + " ".join(line.lstrip("# ").strip() for line in comment.splitlines())
