"""Issue 22's reproductions that are not one input file: a record used from
another directory (item 10) and API objects that escaped the checks (item 11).
The brief: "nothing crashes ... a rejected action changes no state; nothing
acknowledged is ever lost"."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from dummybridge import Action, Game, OutOfRangeError, Rng, load_rules
from dummybridge.core._native import PlayState
from dummybridge.language.registry import find_variant


def _cli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "dummybridge", *args],
        capture_output=True,
        text=True,
        cwd=cwd,
        check=False,
        timeout=300,
    )


def test_a_record_of_a_users_rule_file_is_exported_from_another_directory(tmp_path: Path) -> None:
    """Issue 22 item 10: 'Records and saves of a user's rule file only work
    from the directory they were made in, because the origin is stored as
    typed.' Made in made/, exported from elsewhere/."""
    made, elsewhere = tmp_path / "made", tmp_path / "elsewhere"
    made.mkdir()
    elsewhere.mkdir()
    house = find_variant("house/cap-100").read_text(encoding="utf-8")
    (made / "cap.yaml").write_text(house.replace("name: cap-100", "name: my-cap"), "utf-8")
    play = _cli("play", "cap.yaml", "--seed", "2", "--record", "game.json", cwd=made)
    assert play.returncode == 0, play.stderr
    export = _cli("export", str(made / "game.json"), cwd=elsewhere)
    assert export.returncode == 0, export.stderr
    assert export.stdout.startswith("% PBN 2.1"), export.stdout[:200]
    assert "Traceback" not in export.stderr


class _NotACard:
    """What item 11 played: any object with .code and .index (here the index
    of a card the player holds, and a code that is no card)."""

    code = "ZZ"

    def __init__(self, index: int) -> None:
        self.index = index


def test_an_action_whose_card_is_not_a_card_is_refused_and_changes_nothing() -> None:
    """Issue 22 item 11: 'Action("play", card=<any object with .code and
    .index>) is played and recorded as text that cannot be replayed.'"""
    game = Game(load_rules("bridge"), 11, players=["A", "B", "C", "D"])
    for text in ("declare no_trumps", "pass", "pass"):
        game.apply(text)
    before = game.to_record()
    held = next(a.card for a in game.legal_actions() if a.card is not None)
    with pytest.raises(ValueError, match=r"^a play needs a card \(a Card\) and nothing else$"):
        game.apply(Action("play", card=_NotACard(held.index)))  # type: ignore[arg-type]
    assert game.to_record() == before


@pytest.mark.parametrize("card", [-1, 52, 64, 2**70])
def test_playstate_play_of_a_number_that_is_no_card_is_out_of_range(card: int) -> None:
    """Issue 22 item 11: 'PlayState.play(-1) ... raise OverflowError ...
    instead of the documented errors' (OutOfRangeError: 'a number outside its
    range: a card ...'); the position is unchanged."""
    state = PlayState((1 << 51, 1 << 50, 1 << 49, 1 << 12), trump=4, leader=0)
    with pytest.raises(OutOfRangeError):
        state.play(card)
    assert state.play(51) == -1  # the hand to play still holds its card


@pytest.mark.parametrize("seed", [float("nan"), float("inf"), -1, 2**64])
def test_rng_of_a_seed_that_is_no_whole_number_in_range_is_out_of_range(seed: float) -> None:
    """Issue 22 item 11: 'Rng(nan) raise[s] ... ValueError instead of the
    documented errors' (Rng: ':raises OutOfRangeError: for a seed outside
    that range')."""
    with pytest.raises(OutOfRangeError):
        Rng(seed)  # type: ignore[arg-type]


def test_dd_adds_its_tags_to_the_game_whose_deal_line_ends_in_a_form_feed(tmp_path: Path) -> None:
    """Found by tools/fuzz (the PBN harness's inputs through dd's annotation):
    a Deal line ending in a form feed (issue 22 item 8: PBN lines are split on
    \\f) had `dd FILE.pbn -o OUT` write the double-dummy tags after an empty
    line, as a second game without a deal. README: 'The PBN output is the
    input byte for byte with two tags added to each game with a deal'."""
    from dummybridge.apps.ddrun import load_files
    from dummybridge.formats.pbn_dd import annotate, existing_table
    from dummybridge.formats.pbn_read import parse_pbn

    deal = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432"
    path = tmp_path / "f.pbn"
    path.write_bytes(f'[Board "1"]\n[Deal "{deal}"]\f'.encode("latin-1"))
    (read,) = load_files([str(path)])
    table = [[0, 13, 0, 13]] * 5
    games = parse_pbn(annotate(read.text, read.games, {0: table}), "out.pbn")
    assert [g.tags.get("Deal") for g in games] == [deal]
    assert existing_table(games[0]) is not None
