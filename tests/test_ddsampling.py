"""The double-dummy sampling bot (issue 8: "a perfect-play bot for positions where
the player can see every hand ..., and a sampling bot that uses it elsewhere")."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import pytest

from dummybridge.apps.cli import main
from dummybridge.bots import PerfectBot, bot_seed, make_bot
from dummybridge.bots.ddsampling import DDSamplingBot
from dummybridge.core import _native
from dummybridge.core.cards import Card, Hand, Seat
from dummybridge.engine.actions import Action
from dummybridge.engine.game import Game, Observation, Trick
from dummybridge.language.loader import builtin_variants, load_rules

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def _trick(leader: Seat, cards: str) -> Trick:
    return Trick(leader, tuple(Card.from_str(c) for c in cards.split()))


# Ten tricks played: North and South always follow; East and West show out of
# spades (and West of hearts, in the last trick); the six cards left hidden are
# the ace and king of hearts, of diamonds and of clubs.
_HISTORY = (
    _trick(N, "SJ S3 S4 CQ"),
    _trick(N, "ST CJ S5 CT"),
    _trick(N, "S9 C9 S6 C8"),
    _trick(N, "S8 DQ S7 DJ"),
    _trick(E, "HQ H3 H4 H5"),
    _trick(E, "HJ H6 H7 H8"),
    _trick(E, "DT D3 D4 D5"),
    _trick(E, "D9 D6 D7 D8"),
    _trick(E, "C7 C2 C3 C4"),
    _trick(E, "HT H9 C5 C6"),
)


def _ending(legal: tuple[str, ...] = ("S2", "H2", "D2")) -> Observation:
    """South (declarer, no trumps) to lead to trick 11, seeing dummy's spade
    ace, king and queen; South holds the spade, heart and diamond two."""
    return Observation(
        player="A",
        seats=(N, S),
        phase="play",
        deal_number=1,
        dealer=W,
        hands={N: Hand.from_pbn("AKQ..."), S: Hand.from_pbn("2.2.2.")},
        exposed=(N,),
        denomination=None,
        maker=S,
        declarer=S,
        doubling_level=0,
        tricks=_HISTORY,
        current=Trick(S, ()),
        tricks_won=(5, 5),
        to_act=S,
        legal_actions=tuple(Action.parse(f"play {c}") for c in legal),
        history=(),
        trump_suit=None,
        owners={N: "A", E: "B", S: "A", W: "C"},
        manned=(E, S, W),
        declared_from="own_hand",
    )


def test_the_card_that_reaches_dummy_keeps_every_trick_in_every_sample() -> None:
    """A three-card ending: only the spade two reaches dummy's three winners
    (three tricks); a heart or a diamond gives the adversaries the lead, dummy
    must throw a winner, and they take the rest (no trick). The solver finds
    this on each of the bot's 30 sampled deals, so the totals are exact."""
    bot = DDSamplingBot(7, load_rules("bridge"))
    totals = bot.card_totals(_ending())
    assert totals == {
        Card.from_str("S2").index: 90,
        Card.from_str("H2").index: 0,
        Card.from_str("D2").index: 0,
    }
    assert str(bot.choose(_ending())) == "play S2"


def test_sampled_deals_keep_the_hidden_cards_and_the_voids_seen() -> None:
    """Every deal the bot solves gives East and West three of the six unseen
    cards, and West (who showed out of hearts) none of the heart ace and king."""
    rules = load_rules("bridge")
    bot = DDSamplingBot(11, rules, dd_samples=40)
    seen: list[tuple[int, int, int, int]] = []
    solver = bot.solver

    class Spy:
        def solve_cards(self, pos: _native.Position) -> tuple[int, dict[int, int]]:
            seen.append(pos.hands)
            return solver.solve_cards(pos)

    bot.solver = Spy()  # type: ignore[assignment]
    bot.card_totals(_ending())
    hidden = Hand.from_pbn(".AK.AK.AK").bits
    hearts = Hand.from_pbn(".AK..").bits
    assert len(seen) == 40
    for hands in seen:
        assert hands[0] == Hand.from_pbn("AKQ...").bits
        assert hands[2] == Hand.from_pbn("2.2.2.").bits
        assert hands[1] | hands[3] == hidden
        assert hands[1] & hands[3] == 0
        assert bin(hands[1]).count("1") == bin(hands[3]).count("1") == 3
        assert hands[1] & hearts == hearts
    assert len(set(seen)) == 4  # East: both hearts and one of the four other cards


def test_ties_go_to_the_lowest_card() -> None:
    """South has led the spade two and West thrown the club king: dummy's ace,
    king and queen of spades each win this trick and the next two, so dummy
    plays the queen (of equals, the lowest)."""
    obs = replace(
        _ending(("SA", "SK", "SQ")),
        to_act=N,
        hands={N: Hand.from_pbn("AKQ..."), S: Hand.from_pbn(".2.2.")},
        current=_trick(S, "S2 CK"),
    )
    bot = DDSamplingBot(3, load_rules("bridge"), dd_samples=5)
    assert bot.card_totals(obs) == {Card.from_str(c).index: 15 for c in ("SA", "SK", "SQ")}
    assert str(bot.choose(obs)) == "play SQ"


def _play_deal(variant: str, seed: int, kind: str = "ddsampling") -> list[object]:
    rules = load_rules(variant)
    game = Game(rules, seed)
    bots = {p: make_bot(kind, bot_seed(seed, p), rules) for p in game.players}
    while game.deal_number == 1 and not game.is_over:
        actor = game.actor
        assert actor is not None
        action = bots[actor].choose(game.observation(actor))
        assert action in game.legal_actions()
        game.apply(action)
    return list(game.to_record()["actions"])


def test_the_bot_plays_every_variant_legally_and_reproducibly_from_its_seed() -> None:
    for variant in builtin_variants():
        assert _play_deal(variant.name, 5) == _play_deal(variant.name, 5), variant.name


def test_the_same_seed_gives_the_same_samples_and_another_seed_other_ones() -> None:
    """Deterministic from the bot's seed: the sampled totals of a position whose
    hidden cards can lie many ways repeat exactly for one seed."""
    rules = load_rules("bridge")
    game = Game(rules, 12)
    rule = {p: make_bot("rule", 1, rules) for p in game.players}
    while True:  # play by rule until the hand to play holds six cards
        actor = game.actor
        assert actor is not None
        obs = game.observation(actor)
        if (
            obs.phase == "play"
            and obs.to_act is not None
            and len(obs.hands[obs.to_act]) == 6
            and len(obs.legal_actions) > 1
        ):
            break
        game.apply(rule[actor].choose(obs))
    first = DDSamplingBot(99, rules).card_totals(obs)
    assert DDSamplingBot(99, rules).card_totals(obs) == first
    assert len({tuple(DDSamplingBot(s, rules).card_totals(obs).values()) for s in range(6)}) > 1


def test_with_every_hand_known_it_plays_as_the_perfect_bot() -> None:
    """Double Dummy: each player sees three hands, so the fourth holds exactly
    the cards not seen; at every card of a deal once the Dummies are down the
    bot plays what the perfect bot plays seeing all four hands."""
    rules = load_rules("double-dummy")
    game = Game(rules, 21)
    bots = {p: DDSamplingBot(bot_seed(21, p), rules) for p in game.players}
    perfect = PerfectBot(1, rules)
    compared = 0
    while game.deal_number == 1 and not game.is_over:
        actor = game.actor
        assert actor is not None
        obs = game.observation(actor)
        action = bots[actor].choose(obs)
        if obs.phase == "play" and len(obs.legal_actions) > 1 and len(obs.hands) == 3:
            whole = replace(obs, hands={Seat(i): Hand(game.hands[i]) for i in range(4)})
            assert action == perfect.choose(whole)
            compared += 1
        game.apply(action)
    assert compared >= 20


def test_play_bots_ddsampling_plays_the_bots_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``dummybridge play --bots ddsampling``: the recorded rubber begins with
    exactly the deal these bots play from the same seed."""
    record = tmp_path / "game.json"
    assert (
        main(
            ["play", "dummy-bridge", "--seed", "2", "--bots", "ddsampling", "--record", str(record)]
        )
        == 0
    )
    assert "Final difference: " in capsys.readouterr().out
    actions = json.loads(record.read_text(encoding="utf-8"))["actions"]
    first = _play_deal("dummy-bridge", 2)
    assert actions[: len(first)] == first
