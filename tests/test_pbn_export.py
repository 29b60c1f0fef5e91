"""The PBN export's one replay (formats/pbn_export.py): issue 22's "memory and
time linear and small" for ``dummybridge export``, without weakening issue
20's proof (every record exported and imported again replays to the same
record: tests/test_pbn_import.py).

The export once replayed a record twice more after reading it: once for each
deal's declaration as it stood when its play began, once to find
``OtherActions`` by importing each deal's PBN game beside a second replay. It
now keeps, from the one replay the record's loader makes, each deal's
declaration and the point each action was taken at, and asks the import's own
``proposal`` what the deal's PBN game gives there.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from dummybridge.formats import pbn, pbn_export
from dummybridge.formats.pbn import export_pbn, export_pbn_parts, parse_pbn
from dummybridge.formats.pbn_export import Replayed, deal_records, deals_of, replay_of
from dummybridge.formats.pbn_replay import import_games, script_of
from dummybridge.formats.records import load_game
from support import BUILT_IN, random_game


def _written(tmp_path: Path, variant: str, laws: bool, seed: int = 3) -> Path:
    path = tmp_path / "game.json"
    game = random_game(variant, seed, rubbers=1, laws=laws)
    path.write_text(json.dumps(game.to_record(), separators=(",", ":")), "utf-8")
    return path


@pytest.mark.parametrize("laws", [False, True])
@pytest.mark.parametrize("variant", BUILT_IN)
def test_the_loaders_replay_is_the_exports(
    tmp_path: Path, variant: str, laws: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``export`` replays a record once, as it reads it: given what the
    loader saw (load_game(see=Replayed().see)), the export makes no game
    (pbn_export.fresh is never called), writes what it writes when it
    replays the game itself, and that file imports to the very record
    (issue 20), in every built-in variant, strict and laws mode (random play
    with irregularities: OtherActions in most deals)."""
    path = _written(tmp_path, variant, laws)
    replayed = Replayed()
    game, _ = load_game(path, see=replayed.see)
    assert len(replayed.situations) == len(game.actions) + 1
    expected = export_pbn(game)  # (its own replay)
    with monkeypatch.context() as m:
        m.setattr(pbn_export, "fresh", lambda _: pytest.fail("the export replayed the game"))
        text = export_pbn(game, replayed=replayed)
    assert text == expected
    assert "".join(export_pbn_parts(game, replayed=replayed)) == text
    others = [g.tags.get("OtherActions", "[]") for g in parse_pbn(text)]
    played = [i[1] for tag in others for i in json.loads(tag) if re.fullmatch("play [SHDC].", i[1])]
    if not laws:  # (a card of strict play is always the Play section's: PBN 3.6)
        assert played == []
    again = import_games(parse_pbn(text), game.rules).game
    assert again.to_record() == game.to_record()
    assert [d.board for d in deal_records(game, replayed)] == [
        d.board for d in deals_of(game, replay_of(game))
    ]


def test_a_replay_of_another_game_is_refused(tmp_path: Path) -> None:
    """What the loader saw of one record is no other's: the export says so
    rather than write OtherActions at the wrong places."""
    replayed = Replayed()
    load_game(_written(tmp_path, "bridge", False, seed=3), see=replayed.see)
    other, _ = load_game(_written(tmp_path, "bridge", False, seed=4))
    with pytest.raises(ValueError, match="not of this game"):
        export_pbn(other, replayed=replayed)


@pytest.mark.parametrize("variant", BUILT_IN)
def test_the_text_read_back_gives_what_the_whole_game_gives(tmp_path: Path, variant: str) -> None:
    """The export reads back each deal's PBN game with only the tags an
    import reads decisions from (pbn_replay.SCRIPT_TAGS) and the sections:
    the decisions it proposes, and so each deal's OtherActions, are those of
    the whole game as written (laws mode, random play with irregularities)."""
    game, _ = load_game(_written(tmp_path, variant, True, seed=5))
    replayed = replay_of(game)
    others = 0
    for deal in deals_of(game, replayed):
        parts = pbn._game_parts(deal, game, None, "", "????.??.??")
        whole = "".join(line + "\r\n" for line in pbn._game_lines(parts))
        full = script_of(parse_pbn(whole)[0], game.rules)
        read_back = script_of(parse_pbn(pbn._script_text(parts))[0], game.rules)
        other = replayed.other_actions(game, deal.board, read_back)
        assert other == replayed.other_actions(game, deal.board, full)
        assert [s.action for s in read_back.calls] == [s.action for s in full.calls]
        assert [s.action for s in read_back.history] == [s.action for s in full.history]
        assert read_back.contract == full.contract or (
            read_back.contract is not None
            and full.contract is not None
            and read_back.contract.denomination == full.contract.denomination
            and read_back.contract.doublings == full.contract.doublings
        )
        assert [{k: s.action for k, s in t.items()} for t in read_back.tricks] == [
            {k: s.action for k, s in t.items()} for t in full.tricks
        ]
        others += len(other)
    assert others  # (laws mode: decisions the sections cannot give)


def _actions(script: Any) -> tuple[list[Any], list[Any], list[Any], bool]:
    return (
        [s.action for s in script.calls],
        [(s.action, s.text, s.seat) for s in script.history],
        [{k: s.action for k, s in t.items()} for t in script.tricks],
        script.all_pass,
    )


@pytest.mark.parametrize("laws", [False, True])
@pytest.mark.parametrize("variant", BUILT_IN)
def test_what_the_export_derives_is_what_its_text_reads_back(
    tmp_path: Path, variant: str, laws: bool
) -> None:
    """Issue 22 ("a second per MiB"): the export no longer writes each deal's
    game and reads it back to learn what its sections give (half its cost);
    it makes that from the deal's record (pbn_export.decisions_of). For every
    deal of random games of every built-in variant, strict and laws mode
    (irregularities: out-of-turn calls, revokes, deals abandoned), what it
    makes is what the import reads from the text (pbn.read_back, the
    import's own script_of), call by call, step by step, card by card, and
    so are the deal's OtherActions; where it cannot say (a declaration the
    import would read from the Contract tag) it says None and the text is
    read back."""
    derived = 0
    for seed in (5, 6):
        game, _ = load_game(_written(tmp_path, variant, laws, seed=seed))
        replayed = replay_of(game)
        for deal in deals_of(game, replayed):
            parts = pbn._game_parts(deal, game, None, "", "????.??.??")
            read = pbn.read_back(parts, game.rules)
            made = pbn_export.decisions_of(deal, game.rules)
            if made is None:
                assert read.contract is not None or not read.has_sections
                continue
            derived += 1
            assert made.contract is None
            assert _actions(made) == _actions(read)
            other = replayed.other_actions(game, deal.board, made)
            assert other == replayed.other_actions(game, deal.board, read)
    assert derived >= 4


def test_the_points_of_a_replay_take_a_byte_each_while_they_are_few(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 22 ("under 10x the input in memory"): the replay keeps, for each
    action, the number of the point it was taken at: a byte while there are at
    most 256 points (every game of the built-in variants), two past them and
    four past 65,536, the numbers kept as they were."""
    points = iter(range(70_000))
    monkeypatch.setattr(pbn_export, "situation", lambda _: ("auction", next(points)))
    over = SimpleNamespace(deal_number=1, phase="over", is_over=True)  # (no declaration to snap)
    replayed = Replayed()
    sizes = []
    for n in range(70_000):
        replayed.see(over)  # type: ignore[arg-type]
        if n in (255, 256, 65535, 65536):
            sizes.append(replayed.situations.itemsize)
    assert sizes == [1, 2, 2, 4]
    assert list(replayed.situations) == list(range(70_000))
    assert replayed.runs == [(1, 0)]


def test_a_deals_actions_are_found_where_the_deal_numbers_rise_and_where_not() -> None:
    """The export finds a deal's runs of actions by bisection, keeping nothing
    for it, where the deal numbers rise (always, in a game); else by a scan."""
    replayed = Replayed()
    replayed.runs = [(1, 0), (2, 5), (4, 9)]
    assert [list(replayed._spans(n, 12)) for n in (1, 2, 3, 4)] == [
        [(0, 5)],
        [(5, 9)],
        [],
        [(9, 12)],
    ]
    replayed.runs, replayed._ordered = [(1, 0), (2, 5), (1, 9)], False
    assert list(replayed._spans(1, 12)) == [(0, 5), (9, 12)]
