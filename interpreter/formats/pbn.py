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
  ``DeclarationHistory`` (each step: ``S:Leave;N:hearts;W:X;N:Pass``) and
  ``Doublings`` (how many times the declaration was doubled). The Auction
  section is written only for the variants that have an auction.
- **The variant** is named in ``Variant`` and ``VariantVersion`` (the rule
  file's ``name`` and ``version``); ``Generator`` (4.1.5) gives the program
  and the seed, ``Scoring`` (3.4.12) is ``Rubber``, and ``ScoreRubber``
  (4.2.5) the points the deal scored above and below the line by side.
- **No vulnerability**: the period games have none, so ``Vulnerable`` is
  ``None`` (3.4.10).
- **Unknowns** (3.4, 3.4.3): ``Site`` is empty (inappropriate for a game at
  the computer), ``Date`` is ``????.??.??`` (records keep no date, so the
  same seed gives the same file).
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

Import (:func:`read_pbn`, :func:`parse_pbn`) reads the *import format*
(2.1): any line ends, tags in any order and spread over lines, ``%`` escape
lines (2.4), ``;`` and ``{...}`` comments (3.8), escaped strings (3.2),
unknown tags and sections (4.9), several games to a file (3), tag value
inheritance with ``#`` and ``##`` (4.8), ``-`` for a hand not given
(3.4.11), lower case (3.11), and the first tag of a repeated pair wins
(3.4). What cannot be read is reported as ``FILE:LINE:COL: error: TAG:
message``.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core.cards import Hand, Seat, Strain, format_deal, parse_deal
from ..core.files import read_bytes
from ..engine.actions import BID, DECLARE, DOUBLE, LEAVE, PASS, REDOUBLE, Action
from ..errors import DummyBridgeError, FileFormatError
from ..language.ruleset import Denomination, RuleSet

__all__ = [
    "MANDATORY_TAGS",
    "DealRecord",
    "PbnGame",
    "deal_records",
    "export_pbn",
    "parse_pbn",
    "read_pbn",
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
#: Tags whose value may not be inherited with "#" or "##" (PBN 4.8).
NO_INHERIT = frozenset(
    ("Dealer", "Vulnerable", "Deal", "Declarer", "Contract", "Auction", "Play", "Note")
)
_CLOCKWISE = (Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH)  # PBN's order from West (3.4)
_EOL = "\r\n"  # PBN 2.3: CR LF ends every line in export format


# ------------------------------------------------------------------ export


@dataclass
class DealRecord:
    """One deal of a game, as PBN needs it.

    :ivar board: the deal's number in the session (1-based).
    :ivar dealer: who dealt.
    :ivar hands: the hands as dealt, by seat (North, East, South, West).
    :ivar owners: the player holding each seat.
    :ivar dummies: the seats that are Dummies.
    :ivar calls: the calls of an auction, in order, as ``(seat, action)``.
    :ivar history: every declaration and doubling step, ``(seat, action)``.
    :ivar denomination: the final declaration, or ``None`` (passed out, abandoned).
    :ivar maker: who made it.
    :ivar declarer: who played the declaring side's hands.
    :ivar declared_from: ``own_hand``, ``partner``, ``dummy`` or ``auction``.
    :ivar doublings: how many times it was doubled.
    :ivar contract_level: the final bid's level, for an auction.
    :ivar tricks: each trick as ``(leader, card codes in play order)``.
    :ivar revokes: ``(trick number, card code)`` of each revoke.
    :ivar tricks_won: by side (North-South, East-West).
    :ivar ending: ``played``, ``passed_out`` or ``abandoned``.
    :ivar score: the deal's score entries (as :meth:`ScoreEntry.to_data`).
    """

    board: int
    dealer: Seat
    hands: tuple[Hand, Hand, Hand, Hand]
    owners: dict[Seat, str]
    dummies: tuple[Seat, ...]
    calls: list[tuple[Seat, Action]] = field(default_factory=list)
    history: list[tuple[Seat, Action]] = field(default_factory=list)
    denomination: Denomination | None = None
    maker: Seat | None = None
    declarer: Seat | None = None
    declared_from: str | None = None
    doublings: int = 0
    contract_level: int | None = None
    tricks: list[tuple[Seat, list[str]]] = field(default_factory=list)
    revokes: list[tuple[int, str]] = field(default_factory=list)
    tricks_won: tuple[int, int] = (0, 0)
    ending: str = "abandoned"
    score: list[dict[str, Any]] = field(default_factory=list)


def deal_records(game: Any) -> list[DealRecord]:
    """Every deal of ``game`` (a :class:`~dummybridge.engine.game.Game`), in order.

    The game's record is replayed on a fresh game so that each deal's
    declaration, declarer and calls can be read as they stood when its play
    began; hands, tricks, revokes and scores come from the log.
    """
    from ..engine.game import Game

    assert isinstance(game, Game)
    replay = Game(
        game.rules,
        game.seed,
        players=list(game.players),
        deals=[list(d) for d in game.preset_deals],
        rubbers=game.rubbers,
        laws=game.laws,
    )
    snaps: dict[int, dict[str, Any]] = {}

    def snap() -> None:
        if replay.is_over:
            return
        snaps[replay.deal_number] = {
            "calls": list(replay.calls),
            "history": list(replay.history),
            "denomination": replay.denomination,
            "maker": replay.maker,
            "declarer": replay.declarer,
            "declared_from": replay.declared_from,
            "doublings": replay.doubling_level,
            "level": None if replay.contract is None else replay.contract.level,
        }

    snap()
    out_of_turn = dict(game.actions_out_of_turn)
    for i, action in enumerate(game.actions):
        replay.apply(action, player=out_of_turn.get(i))
        snap()
    return _deals_from_log(game, snaps)


def _deals_from_log(game: Any, snaps: Mapping[int, Mapping[str, Any]]) -> list[DealRecord]:
    deals: list[DealRecord] = []
    owners: dict[Seat, str] = {}
    dummies: tuple[Seat, ...] = ()
    current: DealRecord | None = None
    last_call: tuple[Seat, Action] | None = None
    won = [0, 0]
    for op in game.log:
        d = op.detail
        kind = op.kind
        if kind == "rubber_start":
            owners = {Seat.from_str(k): v for k, v in d["seats"].items()}
            dummies = tuple(sorted(Seat.from_str(k) for k in d["dummies"]))
        elif kind == "deal":
            if d.get("seats"):
                owners = {Seat.from_str(k): v for k, v in d["seats"].items()}
            hands = tuple(Hand.from_pbn(d["hands"][s.letter]) for s in Seat)
            assert op.seat is not None
            current = DealRecord(
                board=d["deal"],
                dealer=op.seat,
                hands=hands,  # type: ignore[arg-type]
                owners=dict(owners),
                dummies=dummies,
            )
            s = snaps.get(current.board, {})
            current.calls = list(s.get("calls", []))
            current.history = list(s.get("history", []))
            current.denomination = s.get("denomination")
            current.maker = s.get("maker")
            current.declarer = s.get("declarer")
            current.declared_from = s.get("declared_from")
            current.doublings = s.get("doublings", 0)
            current.contract_level = s.get("level")
            deals.append(current)
            won = [0, 0]
        elif current is None:
            continue
        elif (
            kind in (PASS, BID, DOUBLE, REDOUBLE) and op.action is not None and op.seat is not None
        ):
            last_call = (op.seat, op.action)
        elif kind == "passed_out":
            current.ending = "passed_out"
            if len(current.calls) < 4 and last_call is not None:
                current.calls.append(last_call)
            current.denomination = None
        elif kind == "trick":
            assert op.seat is not None
            current.tricks.append((Seat.from_str(d["leader"]), list(d["cards"])))
            won[int(op.seat) & 1] += 1
            current.tricks_won = (won[0], won[1])
        elif kind == "revoke":
            current.revokes.append((d["trick"], d["card"]))
        elif kind == "score":
            current.ending = "played"
            current.score = [dict(e) for e in d["entries"]]
    return deals


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
    name, ``Leave``, ``X`` (a double or redouble) or ``Pass``."""
    items = []
    for seat, action in deal.history:
        if action.kind == DECLARE:
            what = action.denomination or ""
        elif action.kind == LEAVE:
            what = "Leave"
        elif action.kind in (DOUBLE, REDOUBLE):
            what = "X"
        elif action.kind == PASS:
            what = "Pass"
        else:
            continue
        items.append(f"{seat.letter}:{what}")
    if deal.declared_from == "dummy" and deal.maker is not None and deal.denomination is not None:
        # The Dummy's forced declaration is the rules', not a decision: put it in its place.
        at = next((i + 1 for i, (_, a) in enumerate(deal.history) if a.kind == LEAVE), 0)
        items.insert(at, f"{deal.maker.letter}:{deal.denomination.name}")
    return ";".join(items)


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
            seat = Seat((leader + i) & 3)
            token = code
            if (number, code) in revoked:
                token = f"^R {code}"
            column[(seat - first) & 3] = token
        lines.append(" ".join(column))
    if len(deal.tricks) < 13:
        lines.append("*")
    return first, lines


def _game_lines(deal: DealRecord, game: Any, event: str | None, site: str, date: str) -> list[str]:
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
        result = str(deal.tricks_won[int(deal.declarer) & 1])
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
    lines = [_tag(name, mandatory[name]) for name in MANDATORY_TAGS]
    lines += [_tag(name, supplemental[name]) for name in sorted(supplemental)]
    if auction and deal.calls:
        calls, notes = _auction_lines(deal, rules)
        lines.append(_tag("Auction", deal.dealer.letter))
        lines += calls
        lines += notes
    if played and deal.tricks:
        first, plays = _play_lines(deal)
        lines.append(_tag("Play", first.letter))
        lines += plays
    return lines


def export_pbn(
    game: Any, *, event: str | None = None, site: str = "", date: str = "????.??.??"
) -> str:
    """Every deal of ``game`` as a PBN 2.1 file in export format (see the module text).

    :param game: a :class:`~dummybridge.engine.game.Game` (finished or not: a deal
        still in progress is left out).
    :param event: the Event tag (default: the rules' title).
    :returns: the text, lines ended by CR LF; write it with
        ``encoding="latin-1", errors="replace", newline=""`` (see :func:`write_pbn`).
    """
    out = [f"% PBN 2.1{_EOL}% EXPORT{_EOL}"]
    first = True
    for deal in deal_records(game):
        if deal.ending == "abandoned" and deal.board == game.deal_number and not game.is_over:
            continue  # still being played
        if not first:
            out.append(_EOL)  # PBN 3: an empty line before each game but the first
        first = False
        out.append("".join(line + _EOL for line in _game_lines(deal, game, event, site, date)))
    return "".join(out)


def write_pbn(game: Any, path: str | os.PathLike[str], **kwargs: Any) -> None:
    """Write :func:`export_pbn` to ``path`` in ISO 8859-1 (PBN 2.2), ``?`` for
    a character outside it."""
    text = export_pbn(game, **kwargs)
    with open(path, "w", encoding="latin-1", errors="replace", newline="") as fh:
        fh.write(text)


# ------------------------------------------------------------------ import


@dataclass
class PbnGame:
    """One game of a PBN file, as read (import format).

    :ivar file: the file name, for messages.
    :ivar line: the line its first tag is on.
    :ivar tags: the tag values, inheritance (PBN 4.8) resolved; the first of
        a repeated tag wins (3.4). ``Note`` tags are in :attr:`notes`.
    :ivar positions: where each tag stood, ``(line, column)``.
    :ivar sections: the tokens after each tag that has any (the Auction and
        Play sections, supplemental tables), each ``(text, line, column)``.
    :ivar notes: the Note tags' values, in order.
    """

    file: str
    line: int
    tags: dict[str, str] = field(default_factory=dict)
    positions: dict[str, tuple[int, int]] = field(default_factory=dict)
    sections: dict[str, list[tuple[str, int, int]]] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)

    def error(self, tag: str, message: str) -> FileFormatError:
        """An error located at ``tag`` (or at the game when it is missing)."""
        line, col = self.positions.get(tag, (self.line, 1))
        return FileFormatError(self.file, message, line=line, col=col, path=tag)

    @property
    def board(self) -> str | None:
        """The Board tag, if any."""
        return self.tags.get("Board")

    def dealer(self) -> Seat | None:
        """The Dealer tag's seat, or ``None`` when it is missing or empty.

        :raises FileFormatError: for a value that is no seat.
        """
        value = self.tags.get("Dealer", "").strip()
        if not value or value == "?":
            return None
        if value.upper() not in ("N", "E", "S", "W"):
            raise self.error("Dealer", f"{value!r} is not a seat: expected W, N, E or S")
        return Seat.from_str(value.upper())

    def hands(self) -> tuple[Hand | None, Hand | None, Hand | None, Hand | None]:
        """The Deal tag's hands by seat (North, East, South, West), ``None`` for ``-``.

        :raises FileFormatError: when there is no Deal tag or it cannot be read.
        """
        if "Deal" not in self.tags:
            raise self.error("Deal", "this game has no Deal tag")
        value = self.tags["Deal"].strip()
        text = value
        if len(value) < 2 or value[1] != ":":
            # PBN 3.4.11 requires "<first>:"; some files leave it out: the dealer's then.
            dealer = self.dealer()
            if dealer is None:
                raise self.error(
                    "Deal",
                    f"{value!r} does not start with the first hand's "
                    'seat ("N:") and there is no Dealer tag',
                )
            text = f"{dealer.letter}:{value}"
        try:
            return parse_deal(text[0].upper() + text[1:])
        except DummyBridgeError as exc:
            raise self.error("Deal", str(exc)) from None

    def full_deal(self, cards_each: int = 13) -> tuple[Hand, Hand, Hand, Hand]:
        """All four hands, by seat; one hand given as ``-`` is the cards the
        other three do not hold.

        :raises FileFormatError: when two or more hands are not given, or a
            hand does not hold ``cards_each`` cards.
        """
        hands = list(self.hands())
        missing = [s for s in Seat if hands[s] is None]
        if len(missing) > 1:
            names = ", ".join(s.name.lower() for s in missing)
            raise self.error(
                "Deal",
                f"the {names} hands are not given ('-'); a deal to play needs all four, or three",
            )
        if missing:
            held = 0
            for h in hands:
                if h is not None:
                    held |= h.bits
            hands[missing[0]] = Hand((1 << 52) - 1 & ~held)
        for seat in Seat:
            hand = hands[seat]
            assert hand is not None
            if len(hand) != cards_each:
                raise self.error(
                    "Deal",
                    f"the {seat.name.lower()} hand holds {len(hand)} cards, not {cards_each}",
                )
        return (hands[0], hands[1], hands[2], hands[3])  # type: ignore[return-value]

    def auction(self) -> list[str]:
        """The Auction section's calls, upper case (``Pass`` as written in
        export format), annotations left out: suffixes, notes, NAGs,
        irregularity marks, ``*`` and ``+`` (PBN 3.5)."""
        calls = []
        for token, _, _ in self.sections.get("Auction", []):
            call = _lead(token).upper()
            if _is_call(call):
                calls.append("Pass" if call == "PASS" else call)
        return calls

    def play(self) -> list[list[str]]:
        """The Play section's cards, one list a line (a trick, in columns from
        the Play tag's seat), ``-`` for a card not given; annotations left out (PBN 3.6)."""
        lines: dict[int, list[str]] = {}
        for token, line, _ in self.sections.get("Play", []):
            card = _lead(token).upper()
            if _is_card(card):
                lines.setdefault(line, []).append(card)
        return list(lines.values())


def _lead(token: str) -> str:
    """A call or card token: the letters, digits and hyphens a section token
    starts with (PBN 3.2); what follows (``!``, ``=1=``) is annotation."""
    end = 0
    while end < len(token) and (
        (token[end].isascii() and token[end].isalnum()) or token[end] == "-"
    ):
        end += 1
    return token[:end]


def _is_call(token: str) -> bool:
    t = token.upper()
    if t in ("PASS", "X", "XX", "AP", "-"):
        return True
    return len(t) >= 2 and t[0] in "1234567" and t[1:] in ("C", "D", "H", "S", "NT")


def _is_card(token: str) -> bool:
    t = token.upper()
    return t == "-" or (len(t) == 2 and t[0] in "SHDC" and t[1] in "AKQJT98765432")


def _tokenize(text: str, file: str) -> list[PbnGame]:
    """Split PBN text into games of tags and section tokens (PBN 2.4, 3, 3.2, 3.3, 3.8)."""
    lines = text.splitlines()
    groups: list[PbnGame] = []
    raw_by_game: list[list[tuple[str, str, int, int]]] = []
    current: PbnGame | None = None
    section: str | None = None
    brace: tuple[int, int] | None = None
    # A tag pair may spread over lines in import format (3.3): its parts so far.
    pending: dict[str, Any] | None = None

    def fail(line: int, col: int, message: str, tag: str | None = None) -> FileFormatError:
        return FileFormatError(file, message, line=line, col=col, path=tag)

    for n, line in enumerate(lines, start=1):
        if brace is None and pending is None:
            if line.startswith("%"):
                continue  # PBN 2.4: the escape character in the first column
            if not line.strip():
                current = None  # PBN 3: a semi-empty line ends a game
                section = None
                continue
        i, length = 0, len(line)
        while i < length:
            if brace is not None:
                end = line.find("}", i)
                if end < 0:
                    i = length
                    break
                brace = None
                i = end + 1
                continue
            c = line[i]
            if pending is not None:
                if c in " \t\v\f":
                    i += 1
                    continue
                stage = pending["stage"]
                if stage == "name":
                    j = i
                    while (
                        j < length and (line[j].isalnum() or line[j] == "_") and line[j].isascii()
                    ):
                        j += 1
                    if j == i:
                        raise fail(n, i + 1, f"expected a tag name after '[', found {c!r}")
                    pending["name"] = line[i:j]
                    pending["stage"] = "value"
                    i = j
                elif stage == "value":
                    if c != '"':
                        raise fail(
                            n,
                            i + 1,
                            f"expected the tag's value in quotes, found {c!r}",
                            pending["name"],
                        )
                    j = i + 1
                    chars: list[str] = []
                    while True:
                        if j >= length:
                            raise fail(
                                n,
                                i + 1,
                                "a string is not closed on its line "
                                "(PBN 3.2: strings do not cross lines)",
                                pending["name"],
                            )
                        ch = line[j]
                        if ch == "\\" and j + 1 < length and line[j + 1] in '"\\':
                            chars.append(line[j + 1])  # PBN 3.2: \" and \\
                            j += 2
                        elif ch == '"':
                            break
                        else:
                            chars.append(ch)
                            j += 1
                    pending["value"] = "".join(chars)
                    pending["stage"] = "close"
                    i = j + 1
                else:  # close
                    if c != "]":
                        raise fail(
                            n, i + 1, f"expected ']' to close the tag, found {c!r}", pending["name"]
                        )
                    assert current is not None
                    raw_by_game[-1].append(
                        (pending["name"], pending["value"], pending["line"], pending["col"])
                    )
                    section = pending["name"]
                    pending = None
                    i += 1
                continue
            if c in " \t\v\f":
                i += 1
            elif c == ";":
                break  # PBN 3.8: to the end of the line
            elif c == "{":
                brace = (n, i + 1)
                i += 1
            elif c == "[":
                if current is None:
                    current = PbnGame(file, n)
                    groups.append(current)
                    raw_by_game.append([])
                pending = {"stage": "name", "line": n, "col": i + 1}
                i += 1
            else:
                j = i
                if c == '"':  # a string token in a section (a table's cell, 3.2)
                    j += 1
                    while j < length and line[j] != '"':
                        j += 2 if line[j] == "\\" else 1
                    j = min(j + 1, length)
                while j < length and line[j] not in " \t\v\f;{[":
                    j += 1
                token = line[i:j]
                if current is None or section is None:
                    raise fail(
                        n,
                        i + 1,
                        f'{token!r} is outside any tag: expected a tag such as [Deal "N:..."]',
                    )
                current.sections.setdefault(section, []).append((token, n, i + 1))
                i = j
    if brace is not None:
        raise fail(brace[0], brace[1], "this '{' comment is never closed with '}'")
    if pending is not None:
        raise fail(
            pending["line"],
            pending["col"],
            "this tag is never closed with ']'",
            pending.get("name"),
        )
    _inherit(groups, raw_by_game, file)
    return groups


def _inherit(games: list[PbnGame], raws: list[list[tuple[str, str, int, int]]], file: str) -> None:
    """Resolve ``#`` and ``##`` (PBN 4.8); the first of a repeated tag wins (3.4)."""
    previous: dict[str, str] = {}
    header: dict[str, str] = {}
    for game, raw in zip(games, raws, strict=True):
        for name, value, line, col in raw:
            if name == "Note":
                game.notes.append(value)
                continue
            if name in game.tags:
                continue  # PBN 3.4: a tag pair that already occurred is ignored
            if value.startswith("#") and name in NO_INHERIT:
                raise FileFormatError(
                    file,
                    f"the value {value!r} (inherit) is not allowed for this tag (PBN 4.8)",
                    line=line,
                    col=col,
                    path=name,
                )
            if value.startswith("##"):
                value = header[name] = value[2:]
            elif value == "#":
                value = previous.get(name, "")
            elif name in header:
                header[name] = value  # a redefined header value goes on (4.8)
            game.tags[name] = value
            game.positions[name] = (line, col)
        for name, value in header.items():
            game.tags.setdefault(name, value)
        previous = dict(game.tags)


def _decode(data: bytes) -> str:
    """PBN files are ISO 8859-1 (2.2); many real ones are UTF-8: try that first."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")


def parse_pbn(text: str, file: str = "<pbn>") -> list[PbnGame]:
    """The games of a PBN text (import format; see the module text).

    :raises FileFormatError: ``FILE:LINE:COL`` for what cannot be read.
    """
    return _tokenize(text.removeprefix("\ufeff"), file)


def read_pbn(path: str | os.PathLike[str]) -> list[PbnGame]:
    """The games of a PBN file.

    :raises FileFormatError: for what cannot be read.
    :raises OSError: when the file cannot be opened.
    """
    return parse_pbn(_decode(read_bytes(path)), os.fspath(path))


def deals_from_pbn(
    games: Iterable[PbnGame],
    board: str | None = None,
    cards_each: int = 13,
    file: str | None = None,
) -> list[tuple[Hand, Hand, Hand, Hand]]:
    """The deals to play from a file's games: every game with a Deal tag in
    file order, or only the game whose Board tag is ``board``.

    :raises FileFormatError: when there is no such board, no deal, or a deal
        that cannot be played (see :meth:`PbnGame.full_deal`); ``file``
        names a file with no games at all.
    """
    games = list(games)
    file = games[0].file if games else (file or "<pbn>")
    if board is not None:
        chosen = [g for g in games if (g.board or "").strip() == board]
        if not chosen:
            boards = ", ".join(sorted({g.board for g in games if g.board}, key=_board_key))
            raise FileFormatError(
                file,
                f"no board {board!r} in this file" + (f" (boards: {boards})" if boards else ""),
                path="Board",
            )
        return [chosen[0].full_deal(cards_each)]
    deals = [g.full_deal(cards_each) for g in games if "Deal" in g.tags]
    if not deals:
        raise FileFormatError(file, "no game in this file has a Deal tag", path="Deal")
    return deals


def _board_key(text: str) -> tuple[int, str]:
    return (int(text), "") if text.isdigit() else (1 << 30, text)
