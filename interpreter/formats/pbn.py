"""PBN (Portable Bridge Notation) 2.1: export of played deals, import of deals.

The standard is *Portable Bridge Notation, version 2.1* (Tis Veugen and Kaj G.
Backas, 2017.02.14); sections are cited below as "PBN 3.4.11" and so on.

Export (:func:`export_pbn`) writes every deal of a game in the *export
format* (PBN 2.1): lines end in CR LF and hold no tabs (2.3); the file opens
with ``% PBN 2.1`` and ``% EXPORT`` (2.4); games are separated by an empty
line (3); each game has the 15 mandatory tags in their fixed order (3.4),
then the supplemental tags sorted by name (3.4), then the auction section
(3.5) and the play section (3.6). Text is ISO 8859-1 (2.2); a character it
cannot hold is written ``?``.

The period games need a few decisions the standard leaves to us:

- **The old declaration has no level.** In Bridge the dealer (or his
  partner, or the rules for a Dummy) names a trump or no trumps, and the
  declaring side scores for every trick over six: its undertaking is the odd
  trick. The Contract tag (3.4.14) must be ``<k><denomination><risk>`` for a
  play section to follow (3.1), so it is written with ``k = 1`` (the odd
  trick), the strain, and ``X``/``XX`` for one or two doublings (three or
  more are written ``XX``). What was really declared is kept in supplemental
  tags (4.9: a parser skips tags it does not know): ``Declaration`` (the rule
  file's name of the declaration, such as ``no_trumps`` or ``royal_spades``),
  ``DeclarationMaker`` (who made it), ``DeclaredFrom`` (``own_hand``,
  ``partner``, ``dummy`` for a Dummy's forced declaration, or ``auction``),
  ``DeclarationHistory`` (each step: ``S:Leave;N:hearts;W:X;N:XX;E:Pass``,
  ``X`` a double, ``XX`` a redouble) and ``Doublings`` (how many times the
  declaration was doubled). The Auction section is written only for the
  variants that have an auction.
- **The variant** is named in ``Variant`` and ``VariantVersion`` (the rule
  file's ``name`` and ``version``); ``Generator`` (4.1.5) gives the program
  and the seed, ``Scoring`` (3.4.12) is ``Rubber``, and ``ScoreRubber``
  (4.2.5) the points the deal scored above and below the line by side.
- **The session** is in ``Session``, a JSON object: the seed, the players in
  their order, the rubbers, laws mode and how many deals were preset (left
  out with the seed when the seed is not to be shown); with it an import
  (:mod:`.pbn_replay`) makes the very record again.
- **What PBN has no place for** (a look at a Dummy, a call out of turn, a
  "Having none?", a penalty chosen, a revoke claimed, a card withdrawn) is in
  ``OtherActions``, a JSON list of ``[index, action]`` (``[index, action,
  player]`` for one taken out of turn), the index its place among the deal's
  decisions; it is found by importing the game's own sections, so it holds
  only what they do not give.
- **No vulnerability**: the period games have none, so ``Vulnerable`` is
  ``None`` (3.4.10).
- **Unknowns** (3.4, 3.4.3): ``Site`` is empty (inappropriate for a game at
  the computer), ``Date`` is ``????.??.??`` (records keep no date, so the
  same seed gives the same file; ``date=`` names one: the web table's
  downloads give the day the deal was played).
- **Players** (3.4.5): the player at each seat; a Dummy's seat names its
  holder, and the supplemental ``Dummies`` tag lists the Dummies' seats.
- **Declarer and the opening lead**: ``Declarer`` is the hand that plays the
  declaring side's cards; the Play tag (3.6) names the player who led to
  the first trick. In some variants (the Dummy's deal in Dummy Bridge) the
  rules let the dealer's left lead, which is then not the declarer's left.
- **A pass-out** (auction variants whose dealer need not bid): ``Declarer``
  and ``Result`` empty, ``Contract`` ``Pass`` (3.4.13-3.4.15), the four
  passes in the auction and no play section.
- **A deal abandoned** in laws mode (a new deal demanded): the auction so far,
  ended by ``*`` (3.5), empty Declarer, Contract and Result, and
  ``Termination "abandoned"`` (4.1.8).
- **Irregularities** (3.9): ``^R`` before a revoke, ``^I`` before an
  insufficient bid that was let stand, ``^S`` for each player skipped by a
  call out of rotation that was let stand.
- **Two declarations of one strain** (Auction Bridge's spades and royal
  spades) share a PBN call: each such bid carries a note reference (3.5.4)
  whose Note tag gives the declaration's name.

Import (:func:`read_pbn`, :func:`parse_pbn`, :func:`deals_from_pbn`) reads
the import format; it lives in :mod:`.pbn_read`, and its names are exported
here too.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..core.cards import SEATS, Seat, Strain, format_deal, seat_side
from ..engine.actions import BID, DECLARE, DOUBLE, LEAVE, PASS, REDOUBLE
from ..language.ruleset import Denomination, RuleSet
from .pbn_read import NO_INHERIT, PbnGame, deals_from_pbn, parse_pbn, read_pbn

if TYPE_CHECKING:
    from .pbn_export import DealRecord, Replayed, deal_records
    from .pbn_replay import DealScript

__all__ = [
    "MANDATORY_TAGS",
    "NO_INHERIT",
    "DealRecord",
    "PbnGame",
    "deal_records",
    "deals_from_pbn",
    "export_pbn",
    "export_pbn_parts",
    "parse_pbn",
    "read_pbn",
    "write_pbn",
]

#: The Mandatory Tag Set in its export order (PBN 3.4).
MANDATORY_TAGS = (
    "Event",
    "Site",
    "Date",
    "Board",
    "West",
    "North",
    "East",
    "South",
    "Dealer",
    "Vulnerable",
    "Deal",
    "Scoring",
    "Declarer",
    "Contract",
    "Result",
)
_CLOCKWISE = (Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH)  # PBN's order from West (3.4)
_EOL = "\r\n"  # PBN 2.3: CR LF ends every line in export format


# ------------------------------------------------------------------ export


def __getattr__(name: str) -> Any:
    """``DealRecord`` and ``deal_records``, from :mod:`.pbn_export` when first
    asked for (it imports the engine's game, which reading PBN does not need)."""
    if name in ("DealRecord", "deal_records"):
        from . import pbn_export

        return getattr(pbn_export, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def _json(value: Any) -> str:
    """A supplemental tag's JSON value: ASCII, so that ISO 8859-1 keeps every name."""
    return json.dumps(value, ensure_ascii=True, separators=(",", ":"))


def _session(game: Any) -> str:
    """The Session tag: what an import needs to make the very record again."""
    return _json(
        {
            "seed": game.seed,
            "players": list(game.players),
            "rubbers": game.rubbers,
            "laws": game.laws,
            "presets": len(game.preset_deals),
        }
    )


def _escape(value: str) -> str:
    """A tag value as a PBN string token (3.2): quote and backslash escaped."""
    return value.replace("\\", "\\\\").replace('"', '\\"')


def _tag(name: str, value: str) -> str:
    """A tag pair in export format (3.3): ``[Name "value"]``."""
    return f'[{name} "{_escape(value)}"]'


def _strain_text(denomination: Denomination) -> str:
    return Strain(int(denomination.strain)).letter


def _risk(doublings: int) -> str:
    return "" if doublings <= 0 else "X" if doublings == 1 else "XX"


def _score_rubber(entries: Sequence[Mapping[str, Any]]) -> str:
    """``NS a/b EW c/d``: above and below the line by side (PBN 4.2.5).

    With scoring by player a side's points are entered for each of its
    players; they are counted once, from the side's first column.
    """
    above, below = [0, 0], [0, 0]
    first_column: dict[int, int] = {}
    for e in entries:
        side = e.get("side")
        if side not in (0, 1):
            continue
        column = first_column.setdefault(side, e["column"])
        if e["column"] != column:
            continue
        if e["line"] == "below":
            below[side] += e["points"]
        else:
            above[side] += e["points"]
    return f"NS {above[0]}/{below[0]} EW {above[1]}/{below[1]}"


def _history_text(deal: DealRecord) -> str:
    """The declaration and doubling, each step ``SEAT:WHAT``: a declaration's
    name, ``Leave``, ``X`` (a double), ``XX`` (a redouble: every doubling after
    the first, as the Auction section writes one) or ``Pass``."""
    return ";".join(f"{seat.letter}:{what}" for seat, what in history_items(deal))


def history_items(deal: DealRecord) -> list[tuple[Seat, str]]:
    """The steps of :func:`_history_text`, each ``(seat, what)`` (the export
    reads them as the import reads the tag: :func:`.pbn_export.decisions_of`)."""
    items = []
    for seat, action in deal.history:
        if action.kind == DECLARE:
            what = action.denomination or ""
        elif action.kind == LEAVE:
            what = "Leave"
        elif action.kind == DOUBLE:
            what = "X"
        elif action.kind == REDOUBLE:
            what = "XX"
        elif action.kind == PASS:
            what = "Pass"
        else:
            continue
        items.append((seat, what))
    if deal.declared_from == "dummy" and deal.maker is not None and deal.denomination is not None:
        # The Dummy's forced declaration is the rules', not a decision: put it in its place.
        at = next((i + 1 for i, (_, a) in enumerate(deal.history) if a.kind == LEAVE), 0)
        items.insert(at, (deal.maker, deal.denomination.name))
    return items


def _auction_lines(deal: DealRecord, rules: RuleSet) -> tuple[list[str], list[str]]:
    """The auction section's lines and its Note tags (PBN 3.5)."""
    strains: dict[int, list[str]] = {}
    for den in rules.denominations:
        strains.setdefault(int(den.strain), []).append(den.name)
    values = {den.name: den.trick_value for den in rules.denominations}
    by_name = {den.name: den for den in rules.denominations}
    notes: dict[str, int] = {}
    tokens: list[str] = []
    expected = deal.dealer
    best: tuple[int, int] | None = None
    for seat, action in deal.calls:
        while expected != seat:  # PBN 3.9 (B): a call out of rotation skipped these players
            tokens.append("^S")
            expected = expected.left
        expected = seat.left
        if action.kind == PASS:
            tokens.append("Pass")
        elif action.kind == DOUBLE:
            tokens.append("X")
        elif action.kind == REDOUBLE:
            tokens.append("XX")
        elif action.kind == BID:
            assert action.level is not None
            assert action.denomination is not None
            den = by_name[action.denomination]
            key = (action.level * values[den.name], action.level)
            text = f"{action.level}{_strain_text(den)}"
            if best is not None and key <= best:
                text = f"^I {text}"  # PBN 3.9 (A): an insufficient bid let stand
            best = key if best is None or key > best else best
            if len(strains[int(den.strain)]) > 1:
                index = notes.setdefault(den.name, len(notes) + 1)
                text += f" ={index}="
            tokens.append(text)
    lines = [" ".join(tokens[i : i + 4]) for i in range(0, len(tokens), 4)]
    if deal.ending == "abandoned":
        lines.append("*")
    note_tags = [_tag("Note", f"{i}:{name}") for name, i in notes.items()]
    return lines, note_tags


def _play_lines(deal: DealRecord) -> tuple[Seat, list[str]]:
    """The opening leader and the play section's lines: one line a trick, the
    cards in columns from the opening leader clockwise (PBN 3.6, 1.2)."""
    first = deal.tricks[0][0]
    revoked = set(deal.revokes)
    lines = []
    for number, (leader, cards) in enumerate(deal.tricks, start=1):
        column = ["-"] * 4
        for i, code in enumerate(cards):
            seat = SEATS[(leader + i) & 3]
            token = code
            if (number, code) in revoked:
                token = f"^R {code}"
            column[(seat - first) & 3] = token
        lines.append(" ".join(column))
    if len(deal.tricks) < 13:
        lines.append("*")
    return first, lines


def _game_parts(
    deal: DealRecord, game: Any, event: str | None, site: str, date: str
) -> tuple[list[str], dict[str, str], list[str]]:
    """A game's mandatory tag lines, its supplemental tags (but OtherActions)
    and its sections' lines (see :func:`_game_lines`)."""
    from .. import __version__

    rules: RuleSet = game.rules
    auction = rules.declaration.kind == "auction"
    played = deal.ending == "played" and deal.denomination is not None and deal.declarer is not None
    if played:
        assert deal.denomination is not None
        assert deal.declarer is not None
        level = deal.contract_level if deal.contract_level is not None else 1
        contract = f"{level}{_strain_text(deal.denomination)}{_risk(deal.doublings)}"
        declarer = deal.declarer.letter
        result = str(deal.tricks_won[seat_side(deal.declarer)])
    else:
        contract = "Pass" if deal.ending == "passed_out" else ""
        declarer = result = ""
    mandatory = {
        "Event": rules.title if event is None else event,
        "Site": site,
        "Date": date,
        "Board": str(deal.board),
        "West": deal.owners.get(Seat.WEST, ""),
        "North": deal.owners.get(Seat.NORTH, ""),
        "East": deal.owners.get(Seat.EAST, ""),
        "South": deal.owners.get(Seat.SOUTH, ""),
        "Dealer": deal.dealer.letter,
        "Vulnerable": "None",
        "Deal": format_deal(deal.hands, deal.dealer),
        "Scoring": "Rubber",
        "Declarer": declarer,
        "Contract": contract,
        "Result": result,
    }
    supplemental: dict[str, str] = {
        "Generator": f"dummybridge {__version__} seed {game.seed}",
        "Variant": rules.name,
        "VariantVersion": rules.version,
        "Session": _session(game),
    }
    if deal.dummies:
        supplemental["Dummies"] = "".join(s.letter for s in _CLOCKWISE if s in deal.dummies)
    if played:
        assert deal.denomination is not None
        assert deal.maker is not None
        supplemental["Declaration"] = deal.denomination.name
        supplemental["DeclarationMaker"] = deal.maker.letter
        supplemental["DeclaredFrom"] = deal.declared_from or ""
        supplemental["Doublings"] = str(deal.doublings)
        supplemental["ScoreRubber"] = _score_rubber(deal.score)
    if not auction and deal.history:
        supplemental["DeclarationHistory"] = _history_text(deal)
    if deal.ending == "abandoned":
        supplemental["Termination"] = "abandoned"
    sections: list[str] = []
    if auction and deal.calls:
        calls, notes = _auction_lines(deal, rules)
        sections.append(_tag("Auction", deal.dealer.letter))
        sections += calls
        sections += notes
    if played and deal.tricks:
        first, plays = _play_lines(deal)
        sections.append(_tag("Play", first.letter))
        sections += plays
    return [_tag(name, mandatory[name]) for name in MANDATORY_TAGS], supplemental, sections


def _game_lines(
    parts: tuple[list[str], dict[str, str], list[str]], other: list[list[Any]] | None = None
) -> list[str]:
    """A game's lines: the mandatory tags, the supplemental tags sorted by
    name (with OtherActions, ``other``, if any: PBN 3.4), the sections."""
    mandatory, supplemental, sections = parts
    if other:
        supplemental = {**supplemental, "OtherActions": _json(other)}
    tags = [_tag(name, supplemental[name]) for name in sorted(supplemental)]
    return mandatory + tags + sections


def export_pbn(game: Any, **options: Any) -> str:
    """Every deal of ``game`` as a PBN 2.1 file in export format (see the
    module text): :func:`export_pbn_parts` joined (``options`` are its).

    :returns: the text, lines ended by CR LF; write it with
        ``encoding="latin-1", errors="replace", newline=""`` (see :func:`write_pbn`).
    """
    return "".join(export_pbn_parts(game, **options))


def export_pbn_parts(
    game: Any,
    *,
    event: str | None = None,
    site: str = "",
    date: str = "????.??.??",
    board: int | None = None,
    seed: bool = True,
    replayed: Replayed | None = None,
) -> Iterator[str]:
    """The text of :func:`export_pbn` in parts, the file's first lines and
    then a game at a time, each made when asked for, so that a long file
    need not be held (:func:`write_pbn`).

    :param game: a :class:`~dummybridge.engine.game.Game` (finished or not: a deal
        still in progress is left out).
    :param event: the Event tag (default: the rules' title).
    :param board: that deal only (its number in the session).
    :param seed: name the seed in the Generator tag (``False``: a deal shown
        while the game goes on, whose seed would give away the deals to come).
    :param replayed: what the record's loader saw as it replayed the game
        (:class:`~.pbn_export.Replayed`, given to
        :func:`~.records.load_game` as ``see=``); by default the game is
        replayed once here.
    """
    from .pbn_export import deals_of, decisions_of, replay_of

    if replayed is None:
        replayed = replay_of(game)
    yield f"% PBN 2.1{_EOL}% EXPORT{_EOL}"
    # What the sections cannot say goes in OtherActions: the decisions the
    # import's own proposal would not make from them, at the points the
    # replay reached, a deal at a time. What the sections give is made from
    # the deal's record (decisions_of), or, where it cannot say, read back
    # from the game's text. A deal's record, too, is made and let go.
    first = True
    for deal in deals_of(game, replayed):
        if (deal.ending == "abandoned" and deal.board == game.deal_number and not game.is_over) or (
            board is not None and deal.board != board
        ):
            continue  # (a deal still being played is left out)
        parts = _game_parts(deal, game, event, site, date)
        script = decisions_of(deal, game.rules) or read_back(parts, game.rules)
        lines = _game_lines(parts, replayed.other_actions(game, deal.board, script))
        if not seed:
            lines = [_unseeded(line) for line in lines if not line.startswith("[Session ")]
        # PBN 3: an empty line before each game but the first
        yield ("" if first else _EOL) + "".join(line + _EOL for line in lines)
        first = False


def read_back(parts: tuple[list[str], dict[str, str], list[str]], rules: RuleSet) -> DealScript:
    """What an import reads from a game's text (its parts, :func:`_game_parts`):
    the game written with only the tags it reads decisions from and read back."""
    from .pbn_replay import script_of

    return script_of(parse_pbn(_script_text(parts))[0], rules)


def _script_text(parts: tuple[list[str], dict[str, str], list[str]]) -> str:
    """A game's text with only the tags an import reads its decisions from
    (:data:`.pbn_replay.SCRIPT_TAGS`) and its sections: the text the export
    reads back to find OtherActions where :func:`.pbn_export.decisions_of`
    cannot say, half the game's lines."""
    from .pbn_replay import SCRIPT_TAGS

    mandatory, supplemental, sections = parts
    lines = [
        line for name, line in zip(MANDATORY_TAGS, mandatory, strict=True) if name in SCRIPT_TAGS
    ]
    lines += [
        _tag(name, supplemental[name]) for name in sorted(supplemental) if name in SCRIPT_TAGS
    ]
    return "".join(line + _EOL for line in lines + sections)


def _unseeded(line: str) -> str:
    """A line of a game, the Generator tag without the seed."""
    from .. import __version__

    return (
        _tag("Generator", f"dummybridge {__version__}") if line.startswith("[Generator ") else line
    )


def write_pbn(game: Any, path: str | os.PathLike[str], **kwargs: Any) -> None:
    """Write :func:`export_pbn` to ``path`` in ISO 8859-1 (PBN 2.2), ``?`` for
    a character outside it: a game at a time as it is made, into a temporary
    file renamed over ``path`` at the end, so that a failure (or Ctrl-C)
    part-way leaves the file as it was and no temporary file
    (:func:`~dummybridge.core.writes.write_streamed`)."""
    from ..core.writes import write_streamed

    parts = export_pbn_parts(game, **kwargs)
    write_streamed(os.fspath(path), (p.encode("latin-1", errors="replace") for p in parts))
