"""The sampler of irregularities (issue 20): ``simulate --laws`` and ``play
--irregularities`` draw from every irregularity the engine offers
(:func:`~dummybridge.engine.laws.offences.irregularities_open`), so that no
law can be left out of their statistics by a hand-kept list."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from dummybridge.apps import lawsim
from dummybridge.apps.cli import main
from dummybridge.apps.lawsim import irregularities, play_laws_rubber
from dummybridge.core._native import Rng
from dummybridge.engine.game import Game
from dummybridge.engine.laws.offences import OFFENCES, irregularities_open
from dummybridge.formats.records import load_game
from dummybridge.language.loader import load_rules
from support import BUILT_IN

#: each check plays the rubbers of these seeds in turn, at this rate, until
#: (after the first three) every name offered so far has been committed: a
#: name the sampler can never commit runs them all, and fails
SEEDS = range(20)
RATE = 0.3


class _Watch:
    """What the engine offered at each step of the sampler, and what the
    sampler committed, by name."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.offered: set[str] = set()
        self.committed: set[str] = set()
        #: each name's first offer: the game then, as its record
        self.first_offered: dict[str, dict[str, Any]] = {}
        step, commit = lawsim.irregular_step, lawsim.commit_irregularity

        def stepped(game: Game, slips: Any, threshold: int) -> str | None:
            # asked of the engine itself, not through the sampler
            names = irregularities_open(game).keys()
            for name in names - self.offered:
                self.first_offered[name] = game.to_record()
            self.offered |= names
            return step(game, slips, threshold)

        def committed(game: Game, slips: Any) -> str | None:
            name = commit(game, slips)
            if name is not None:
                self.committed.add(name)
            return name

        monkeypatch.setattr(lawsim, "irregular_step", stepped)
        monkeypatch.setattr(lawsim, "commit_irregularity", committed)

    def done(self, seed: int) -> bool:
        """Whether the check may stop after the rubber of ``seed``."""
        return seed >= 2 and self.committed == self.offered

    def commit_the_rest(self) -> set[str]:
        """The names these rubbers offered but never drew (offered only in a
        rare position: a re-double out of turn, ELW05 law 55, where a side of
        two players has been doubled), each committed by the sampler's own
        commit of a name where it was first offered, and found in the log
        under that name; the names so committed."""
        rest = self.offered - self.committed
        for name in sorted(rest):
            game = Game.from_record(self.first_offered[name])
            assert lawsim.commit_named(game, Rng(0), name) == name
            assert name in {i.name for i in irregularities(game.log)}, name
        return rest


@pytest.mark.parametrize("variant", BUILT_IN)
def test_simulate_laws_samples_every_irregularity_the_engine_offers(
    variant: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``simulate --laws``: every name the engine offers at some step of
    these rubbers is committed at some step, and is in the log as what it
    was named (an irregularity of the report); but for the rare ones these
    rubbers offer too seldom to draw, which are committed where first
    offered by the sampler's commit of a name (:meth:`_Watch.commit_the_rest`)."""
    rules = load_rules(variant)
    watch = _Watch(monkeypatch)
    logged: set[str] = set()
    for seed in SEEDS:
        _, found = play_laws_rubber(rules, 0, seed, ["rule"] * rules.table.players, RATE)
        logged |= {i.name for i in found}
        if watch.done(seed):
            break
    assert watch.offered  # (every variant has irregularities: a revoke at least)
    rest = watch.commit_the_rest()
    assert rest <= {"out_of_turn redouble", "double_asked"}, rest  # (the rare ones)
    assert watch.committed == watch.offered - rest
    assert watch.committed <= logged


@pytest.mark.parametrize("variant", ["auction-bridge", "bridge"])
def test_play_irregularities_samples_every_irregularity_the_engine_offers(
    variant: str,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """``play --irregularities``: the same sampler; laws 71 (a winning card
    led on), 72 (a hand thrown down, "I have the rest") and 78 (a lead out
    of turn let stand, then noticed) and 52 (a slip corrected) among what
    it commits, where the variant regulates them, and every irregularity in
    the record's log."""
    watch = _Watch(monkeypatch)
    logged: set[str] = set()
    for seed in SEEDS:
        record = tmp_path / f"{seed}.json"
        args = ["play", variant, "--seed", str(seed), "--irregularities", str(RATE)]
        assert main([*args, "--ascii", "--record", str(record)]) == 0
        capsys.readouterr()
        logged |= {i.name for i in irregularities(load_game(str(record))[0].log)}
        if watch.done(seed):
            break
    assert watch.committed == watch.offered
    assert watch.committed <= logged
    assert {"lead_on", "out_of_turn play", "false_lead", "refer"} <= logged
    if variant == "auction-bridge":
        # law 52: a slip, corrected before the next hand acts (issue 20)
        assert {"throw_down", "have_rest", "suggest", "inform", "slip"} <= logged


def test_the_offences_are_the_irregular_remarks() -> None:
    """Which remarks are offences, named once: the card exposed (laws 65-70),
    the winning card led on (law 71), the hand thrown down and "I have the
    rest" (law 72), dummy's suggestion (law 62) and pointing out (law 61), the
    information about the bidding (laws 51, 93) and the reference to an
    incident of the play (law 93; ELW05 law 101), attention called to the
    trick (law 92); not the rights and penalties (asking "Having none?", a
    correction, a card called ...)."""
    assert sorted(OFFENCES) == [
        "attention",
        "expose_card",
        "have_rest",
        "inform",
        "lead_on",
        "point_out",
        "refer",
        "suggest",
        "throw_down",
    ]


def test_nothing_is_offered_in_strict_play() -> None:
    game = Game(load_rules("auction-bridge"), 1)
    assert irregularities_open(game) == {}
