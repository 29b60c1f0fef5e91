"""PBN import of a foreign file under a variant without an auction (issue 20).

tests/data/foreign/club-4sx-by-west.pbn is a file as a club's scoring program
writes one for contract bridge: PBN 2.1's tags (3.4: Dealer 3.4.6, Deal
3.4.11, Declarer 3.4.13, Contract 3.4.14, Result 3.4.15), an Auction section
(3.5) and a Play section (3.6), but no DeclarationHistory, the tag the
project's own export adds. Under Bridge the declaration and doubling are
derived from the Contract and Declarer tags (formats/pbn_contract.py), and
the play is replayed; tags no Bridge declaration could give are reported at
the tag, with its line and column.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from dummybridge.apps import cli
from dummybridge.errors import FileFormatError
from dummybridge.formats.pbn_read import parse_pbn
from dummybridge.formats.pbn_replay import import_games
from dummybridge.language.loader import load_rules
from support import with_changes

FILE = Path(__file__).parent / "data" / "foreign" / "club-4sx-by-west.pbn"
TEXT = FILE.read_text(encoding="utf-8")
BRIDGE = load_rules("bridge")


def _import(text: str = TEXT, rules: object = BRIDGE) -> object:
    return import_games(parse_pbn(text, "club.pbn"), rules)  # type: ignore[arg-type]


def test_a_foreign_contract_and_play_are_replayed_under_bridge() -> None:
    """PBN 3.4.13-3.4.14: West declares four spades, doubled. Under Bridge
    (ELW05 "Making the trump"; "Doubling, re-doubling") the dealer West
    declares spades from his own hand (the file is turned so that he deals
    where Bridge's first dealer sits, South), the eldest hand doubles, both
    of the declaring side are content and the eldest hand's partner asks no
    more; then the file's 52 cards are played. West's side takes ten tricks
    (the Result tag): four odd tricks at spades, 2 a trick, doubled: 16 below
    the line; North-South hold three honours (K, J, 10 of spades): simple
    honours, 2 x 2 = 4 (ELW07 scoring table)."""
    result = _import()
    game = result.game  # type: ignore[attr-defined]
    assert [str(a) for a in game.actions[:4]] == ["declare spades", "double", "pass", "pass"]
    assert len(game.actions) == 4 + 52
    assert result.stopped is None  # type: ignore[attr-defined]
    assert (game.deal_number, game.phase) == (2, "declare")
    assert result.notes == [  # type: ignore[attr-defined]
        "club.pbn: bridge has south deal first: the file's deals are turned so that its "
        "dealer, west, sits there",
        "club.pbn:3: the Auction section is not replayed: bridge has no auction (its "
        "declaration is read from a DeclarationHistory tag, or from the Contract and "
        "Declarer tags)",
        "club.pbn:16: bridge's declaration has no level: the Contract 4SX is replayed as "
        "the declaration of spades, doubled",
    ]
    # the file's West (Wendy) and East (Ed) are the declaring side, whose
    # column the turned table names N-S
    entries = game.sheets[0].to_data()["entries"]
    assert [(e["column"], e["points"], e["line"], e["note"]) for e in entries] == [
        (0, 16, "below", "4 odd tricks at spades doubled"),
        (1, 4, "above", "3 honours"),
    ]
    assert game.sheets[0].columns[0][1] == ("Ed", "Wendy")
    declare = next(op for op in game.log if op.kind == "declare")
    assert declare.player == "Wendy"


def test_dummybridge_import_writes_the_record_of_a_foreign_file(tmp_path: Path) -> None:
    """``dummybridge import FILE.pbn -o RECORD.json``: the record replays (the
    record loader checks it) and exports again with the derived declaration."""
    out = tmp_path / "club.json"
    assert cli.main(["import", str(FILE), "--variant", "bridge", "-o", str(out)]) == 0
    record = json.loads(out.read_text(encoding="utf-8"))
    assert record["actions"][:5] == ["declare spades", "double", "pass", "pass", "play C5"]
    pbn = tmp_path / "again.pbn"
    assert cli.main(["export", str(out), "-o", str(pbn)]) == 0
    assert '[DeclarationHistory "S:spades;W:X;S:Pass;N:Pass"]' in pbn.read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        (
            '[Declarer "W"]',
            '[Declarer "E"]',
            "club.pbn:15:1: error: Declarer: east cannot be the declarer: under bridge the "
            "hand is played by west (the dealer is west), whoever declares spades",
        ),
        (
            '[Declarer "W"]',
            '[Declarer "N"]',
            "club.pbn:15:1: error: Declarer: north cannot be the declarer: under bridge the "
            "hand is played by west (the dealer is west), whoever declares spades",
        ),
        (
            '[Contract "4SX"]',
            '[Contract "Pass"]',
            "club.pbn:16:1: error: Contract: 'Pass': bridge has no pass-out (the dealer or "
            "his partner declares on every deal), so this deal cannot be replayed under it",
        ),
        (
            '[Contract "4SX"]',
            '[Contract "4SXXX"]',
            "club.pbn:16:1: error: Contract: '4SXXX' is not a contract: expected Pass, or a "
            "level 1 to 7, a strain (C, D, H, S, NT) and X or XX, such as 4H or 3NTX "
            "(PBN 3.4.14)",
        ),
        (
            '[Declarer "W"]',
            '[Declarer "X"]',
            "club.pbn:15:1: error: Declarer: 'X' is not a seat: expected W, N, E or S",
        ),
    ],
)
def test_tags_no_bridge_declaration_could_give_are_reported_at_the_tag(
    old: str, new: str, message: str
) -> None:
    """ELW05: the dealer (or his partner, for him) makes the trump and the
    dealer plays the hand: a declarer other than the dealer, or a deal passed
    out, is no Bridge declaration."""
    with pytest.raises(FileFormatError) as info:
        _import(TEXT.replace(old, new))
    assert str(info.value) == message


def test_a_doubling_the_variant_cannot_make_is_reported_at_the_contract() -> None:
    """A house rule without doubling (``doubling.limit: none``) cannot give
    the Contract's X."""
    rules = with_changes(BRIDGE, doubling__limit={"kind": "none"})
    with pytest.raises(FileFormatError) as info:
        _import(rules=rules)
    assert str(info.value) == (
        "club.pbn:16:1: error: Contract: 4SX: under bridge this declaration cannot be "
        "doubled here (no player may double it so far)"
    )
    undoubled = _import(TEXT.replace('"4SX"', '"4S"'), rules).game  # type: ignore[attr-defined]
    assert [str(a) for a in undoubled.actions[:2]] == ["declare spades", "play C5"]


def test_a_redoubled_contract_and_an_unknown_one() -> None:
    """``XX`` (PBN 3.4.14): the eldest hand doubles, the maker redoubles. A
    Contract or Declarer of ``?`` (unknown, PBN 3.4) gives no declaration:
    only the deal is used, as before."""
    game = _import(TEXT.replace('"4SX"', '"4SXX"')).game  # type: ignore[attr-defined]
    assert [str(a) for a in game.actions[:5]] == [
        "declare spades",
        "double",
        "redouble",
        "pass",
        "pass",
    ]
    unknown = _import(TEXT.replace('[Contract "4SX"]', '[Contract "?"]'))
    assert unknown.game.actions == []  # type: ignore[attr-defined]
    assert unknown.stopped == "club.pbn:3"  # type: ignore[attr-defined]


def test_a_result_the_play_does_not_give_is_reported_at_the_result_tag() -> None:
    """PBN 2.1 3.4.15: the Result is the number of tricks the declarer won.
    The file's play gives West ten (the first test); a Result of 9 is an
    error at the tag, with its line and column, and no game is made."""
    with pytest.raises(FileFormatError) as info:
        _import(TEXT.replace('[Result "10"]', '[Result "9"]'))
    assert str(info.value) == (
        "club.pbn:17:1: error: Result: 9 tricks to the declarer, but the play gives the "
        "declarer (south) 10 (PBN 3.4.15: the tricks the declarer won)"
    )
    for unknown in ('[Result ""]', '[Result "?"]', '[Result "NS 3"]'):  # not checked
        assert _import(TEXT.replace('[Result "10"]', unknown)).stopped is None  # type: ignore[attr-defined]


def _stopped_after_nine(result: str) -> str:
    """The file with its Play section ended (``*``) after nine tricks and
    the given Result; the declarer's side has won six of the nine."""
    lines = TEXT.splitlines()
    first = lines.index('[Play "N"]') + 1
    kept = [*lines[: first + 9], "*"]
    return "\n".join(kept).replace('[Result "10"]', f'[Result "{result}"]') + "\n"


def test_a_result_with_the_play_stopped_early_counts_a_claim() -> None:
    """PBN 2.1 3.6: a Play section may end (``*``) before the thirteenth
    trick, the rest claimed; the Result then counts the claimed tricks too.
    After nine tricks West's side has six; a Result of 9 claims three of the
    four left: a note says so, and the game stops there to go on with."""
    text = _stopped_after_nine("9")
    result = _import(text)
    game = result.game  # type: ignore[attr-defined]
    assert (len(game.tricks), game.phase) == (9, "play")
    assert result.stopped == "club.pbn:3"  # type: ignore[attr-defined]
    assert result.notes[-1] == (  # type: ignore[attr-defined]
        "club.pbn:3: the Play section stops after 9 trick(s): the Result 9 counts 3 of "
        "the 4 left as the declarer's, a claim that is not replayed (PBN 3.4.15)"
    )
    for impossible in ("5", "11"):  # fewer than won, more than could be
        with pytest.raises(FileFormatError) as info:
            _import(_stopped_after_nine(impossible))
        assert str(info.value) == (
            f"club.pbn:17:1: error: Result: {impossible} tricks to the declarer, but after "
            "9 trick(s) the play gives the declarer (south) 6, and 4 are left (PBN 3.4.15: "
            "the tricks the declarer won)"
        )
