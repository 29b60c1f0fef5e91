#!/usr/bin/env python3
"""Trace random sessions of every built-in variant, for comparing two builds.

A speed-up of the interpreter must not change anything anyone can observe.
This script plays seeded random sessions of every built-in variant, in
strict play and in laws mode (revokes, out-of-turn calls, remarks in the
play, insufficient and impossible bids), and writes everything observable
along the way as text: at every step the phase, the player to act, the
legal (and irregular, out-of-turn, remark) actions, the action taken and
the log entry it returned, each player's observation; now and then an
illegal action with its error message (and the state, unchanged); at the
end the state snapshot, the log, the record (JSON), the replay of the
record, a pickled copy, and the readable record ``dummybridge play`` prints.

Run it under two builds and compare the outputs::

    python tools/trace_sessions.py --seeds 4 > /tmp/a.txt     # one build
    python tools/trace_sessions.py --seeds 4 > /tmp/b.txt     # the other
    diff /tmp/a.txt /tmp/b.txt

It prints one line per session with the SHA-256 of its trace (and the
traces themselves with ``--full``; ``--only VARIANT/SEED/LAWS`` picks one
session, e.g. ``--only bridge/3/True``).
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import hashlib
import io
import json
import pickle
import random
import sys
from typing import Any

from dummybridge.apps import cli
from dummybridge.engine.actions import Action
from dummybridge.engine.game import Game
from dummybridge.errors import DummyBridgeError
from dummybridge.formats.render import game_record
from dummybridge.language.loader import load_rules

VARIANTS = (
    "bridge",
    "auction-bridge",
    "auction-bridge-1908",
    "double-dummy",
    "dummy-bridge",
    "dummy-bridge-eb1911",
    "three-handed",
    "three-handed-elwell",
    "house/auction-1908",
    "house/auction-1908-doubling",
    "house/cap-100",
    "house/draw-bridge",
    "house/four-aces",
    "house/lilies",
    "house/three-games",
)

# Actions to try when they are not open: each must be refused, changing nothing.
_PROBES = tuple(
    Action.parse(t)
    for t in (
        "play SA",
        "play C2",
        "play HT",
        "declare hearts",
        "declare no_trumps",
        "leave it",
        "double",
        "redouble",
        "pass",
        "bid 1 spades",
        "bid 7 no_trumps",
        "bid 2 hearts",
        "look N",
        "look E",
        "play blind",
        "claim revoke tricks",
        "waive revoke",
        "accept call",
        "touch D5",
        "ask having none",
        "decline penalty",
    )
)


def _texts(actions: Any) -> str:
    return ",".join(str(a) for a in actions)


def _state(game: Game) -> str:
    return json.dumps(game.state_dict(), sort_keys=True)


def trace(variant: str, seed: int, laws: bool, out: list[str], rubbers: int = 1) -> None:
    rules = load_rules(variant)
    game = Game(rules, seed, laws=laws, rubbers=rubbers)
    rnd = random.Random(f"{variant}/{seed}/{laws}")
    w = out.append
    w(f"== {variant} seed {seed} laws {laws}")
    w(f"players {game.players} seats {game.seat_player}")
    step = 0
    while not game.is_over and step < 4000:
        step += 1
        actor = game.actor
        legal = game.legal_actions()
        w(
            f"{step} {game.phase} {game.to_act!r} {actor} deal {game.deal_number} "
            f"legal {_texts(legal)}"
        )
        options: list[tuple[Action, str | None]] = [(a, None) for a in legal]
        if laws:
            irregular = game.irregular_actions()
            w(f"  irregular {_texts(irregular)}")
            options += [(a, None) for a in irregular[:3]]
            for p in game.players:
                ooo = game.out_of_turn_actions(p)
                rem = game.remarks(p)
                if ooo or rem:
                    w(f"  {p} out_of_turn {_texts(ooo)} remarks {_texts(rem)}")
                options += [(a, p) for a in ooo[:2]] + [(a, p) for a in rem[:2]]
        for p in game.players:
            w(f"  obs {p} {game.observation(p)!r}")
            w(f"  sees {p} {[s.letter for s in game.visible_hands(p)]}")
        if step % 7 == 0:
            before = _state(game)
            n_log = len(game.log)
            open_now = {*legal, *game.irregular_actions(), *game.remarks(actor or "")}
            for probe in _PROBES:
                if probe in open_now or game.can(probe):
                    continue
                try:
                    game.apply(probe)
                except DummyBridgeError as exc:
                    w(f"  refused {probe}: {type(exc).__name__}: {exc}")
                    assert len(game.log) == n_log
                    continue
                raise AssertionError(f"{probe} was accepted")  # pragma: no cover
            assert _state(game) == before, "a refused action changed the state"
            w(f"  can {[game.can(p) for p in _PROBES]}")
        # Prefer the legal actions; irregular ones now and then. In an
        # auction, pass more often than a uniform choice would, so that
        # random auctions end before the bidding reaches seven.
        if game.phase == "auction" and rnd.random() < 0.75 and any(a.kind == "pass" for a in legal):
            action, player = next(a for a in legal if a.kind == "pass"), None
        elif laws and len(options) > len(legal) and rnd.random() < 0.15:
            action, player = options[rnd.randrange(len(legal), len(options))]
        else:
            action, player = options[rnd.randrange(len(legal))]
        text = rnd.random() < 0.1
        try:
            op = game.apply(str(action) if text else action, player=player)
        except DummyBridgeError as exc:  # e.g. a slip that may not be corrected so
            w(f"  {player} {action}: refused: {exc}")
            continue
        w(f"  {player} {action} -> {json.dumps(op.to_data(), sort_keys=True)}")
        w(f"  op {op!r}")
    w(f"over {game.is_over} steps {step}")
    state = _state(game)
    w(f"state {state}")
    w(f"log {json.dumps([op.to_data() for op in game.log], sort_keys=True)}")
    w(f"log repr {game.log!r}")
    record = game.to_record()
    w(f"record {json.dumps(record, sort_keys=True)}")
    replayed = Game.from_record(json.loads(json.dumps(record)))
    w(f"replay same state: {_state(replayed) == state} same log: {replayed.log == game.log}")
    for name, how in (
        ("pickled", lambda g: pickle.loads(pickle.dumps(g))),
        ("copied", copy.deepcopy),
    ):
        try:
            w(f"{name} same state: {_state(how(game)) == state}")
        except Exception as exc:
            w(f"{name}: {type(exc).__name__}: {exc}")
    w(f"sheets {[sheet.to_data() for sheet in game.sheets]}")
    w(game_record(game, symbols=False))


def cli_runs(out: list[str], seeds: int) -> None:
    for variant in VARIANTS:
        for seed in range(seeds):
            args = [variant, "--seed", str(seed), "--ascii", "--color", "never"]
            if seed % 2:
                args += ["--irregularities", "0.2"]
            if seed % 3 == 2:
                args += ["--bots", "random"]
            buf = io.StringIO()
            with contextlib.redirect_stdout(buf):
                rc = cli.main(["play", *args])
            out.append(f"== cli play {' '.join(args)} -> {rc}")
            out.append(buf.getvalue())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=4, help="seeds per variant and mode")
    parser.add_argument(
        "--cli-seeds", type=int, default=2, help="dummybridge play runs per variant"
    )
    parser.add_argument("--full", action="store_true", help="print the traces themselves")
    parser.add_argument("--only", help="one session: VARIANT/SEED/LAWS (LAWS True or False)")
    args = parser.parse_args(argv)
    total = hashlib.sha256()

    def emit(name: str, out: list[str]) -> None:
        text = "\n".join(out) + "\n"
        total.update(text.encode())
        if args.full:
            sys.stdout.write(text)
        print(f"{name}: {hashlib.sha256(text.encode()).hexdigest()}", flush=True)

    for variant in VARIANTS:
        for seed in range(args.seeds):
            for laws in (False, True):
                name = f"{variant}/{seed}/{laws}"
                if args.only and args.only != name:
                    continue
                out: list[str] = []
                trace(variant, seed, laws, out, rubbers=1 + (seed % 3 == 2))
                emit(name, out)
    if not args.only:
        out = []
        cli_runs(out, args.cli_seeds)
        emit("cli play", out)
        print(f"all: {total.hexdigest()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
