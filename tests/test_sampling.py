"""The sampling bot (issue 7: "draws the hidden hands consistent with what it
has seen ... and picks the card (and the declaration) with the best average
result, using the C core's fast playouts")."""

from __future__ import annotations

import pytest

from dummybridge.bots import bot_seed, make_bot
from dummybridge.bots.sampling import SamplingBot
from dummybridge.core import _native
from dummybridge.core._native import Rng
from dummybridge.core.cards import Hand
from dummybridge.engine.game import Game
from dummybridge.errors import OutOfRangeError
from dummybridge.language.loader import builtin_variants, load_rules


def test_constrained_deals_keep_what_was_seen() -> None:
    """Every sampled deal gives each hand its count, keeps the known cards
    where they are, and gives no card of a suit a hand has shown out of."""
    rng = Rng(5)
    south = Hand.from_pbn("AKQJ.AKQ.AKQ.AKQ").bits
    spades = Hand.from_pbn("AKQJT98765432...").bits
    pool = ((1 << 52) - 1) & ~south
    for _ in range(100):
        hands = _native.deal_constrained(
            rng, [0, 0, south, 0], [13, 13, 0, 13], [0, 1 << 3, 0, 0], pool
        )
        assert hands[2] == south
        assert [bin(h).count("1") for h in hands] == [13, 13, 13, 13]
        assert hands[1] & spades == 0  # East showed out of spades
    with pytest.raises(OutOfRangeError, match="count out of range"):
        _native.deal_constrained(rng, [0, 0, south, 0], [13, 13, 0, 13], [0, 0b1110, 0, 0], pool)


def test_the_sampling_bot_plays_every_variant_legally_and_reproducibly() -> None:
    for variant in builtin_variants():
        rules = load_rules(variant.name)
        records = []
        for _ in range(2):
            game = Game(rules, 4)
            bots = {p: make_bot("sampling", bot_seed(4, p), rules) for p in game.players}
            while game.deal_number == 1:
                actor = game.actor
                assert actor is not None
                action = bots[actor].choose(game.observation(actor))
                assert action in game.legal_actions()
                game.apply(action)
            records.append(game.to_record()["actions"])
        assert records[0] == records[1], variant.name


def test_sampled_plays_value_the_card_that_wins_the_trick() -> None:
    """North plays last at no trumps to East's king of spades: the ace wins
    this trick and the next (the two of spades, which nobody else can follow);
    the two loses both, as South has shown out of hearts and East-West hold
    them. So over 25 sampled deals: 50 tricks for the ace, none for the two."""
    north = Hand.from_pbn("A2...").bits
    sk, s3, s4, sa, s2 = 50, 40, 41, 51, 39
    pos = _native.Position(hands=(north, 0, 0, 0), trump=4, leader=1, trick=(sk, s3, s4))
    pool = Hand.from_pbn(".AK..2").bits
    totals = _native.sample_plays(Rng(3), pos, [0, 1, 1, 1], [0, 0, 1 << 2, 0], pool, 25)
    assert totals[sa] == 50
    assert totals[s2] == 0
    assert sum(1 for t in totals if t) == 1


def test_the_sampling_bot_plays_from_its_own_view() -> None:
    """Whenever it follows to a trick, the bot picks one of its legal cards,
    from the observation alone (the same observation gives the same card for
    the same seed)."""
    rules = load_rules("bridge")
    game = Game(rules, 9)
    rule = {p: make_bot("rule", 1, rules) for p in game.players}
    chosen = 0
    while game.deal_number == 1 and chosen < 20:
        actor = game.actor
        assert actor is not None
        obs = game.observation(actor)
        if game.phase == "play" and game._trick_cards and obs.to_act in obs.hands:
            first, second = SamplingBot(7, rules).choose(obs), SamplingBot(7, rules).choose(obs)
            assert first in obs.legal_actions
            assert first is second
            chosen += 1
        game.apply(rule[actor].choose(obs))
    assert chosen == 20
