"""PBN import of whole games: a file's deals, auctions, declarations and play,
replayed through the engine under any variant.

:mod:`.pbn_read` reads a PBN file's games as written; this module turns each
game into a :class:`DealScript` (the decisions its sections give, each where
it stands in the file) and replays the scripts on a
:class:`~dummybridge.engine.game.Game` (:func:`import_games`), so that a
record (``dummybridge import``) or a game to go on with (``play --deal``) has
every decision the file gives. Each decision goes through the engine: a call
or card that the variant's rules refuse is reported with its line and column,
``FILE:LINE:COL: error: Play: play SA: ...``.

What is read (PBN 2.1, and what :mod:`.pbn`'s export writes):

- the **Auction** section (3.5), for the variants with an auction: ``Pass``,
  ``X``, ``XX``, bids (``1S`` .. ``7NT``), ``AP`` (all pass: passes until the
  auction ends); a note reference ``=N=`` whose Note tag is ``N:NAME`` names
  the declaration of a strain that has two (Auction Bridge's spades and royal
  spades; a bid of such a strain without one is the first the rules list);
  ``-`` (a call not known) and ``*`` stop the auction; annotations (``!``,
  ``?``, ``$N``, ``^S``, ``^I`` ...) are left out;
- the period **declaration** (the variants without an auction) from the
  ``DeclarationHistory`` tag the export writes, each step ``SEAT:WHAT``: a
  declaration's name, ``Leave``, ``X`` (a double; in a file written before
  issue 21, which wrote every doubling so, the redouble where that is what
  the rules allow next), ``XX`` (a redouble) or ``Pass``; the Dummy's forced declaration
  (``DeclaredFrom "dummy"``) is the rules', not a step, and is passed over;
  a file without that tag (another program's) gives the declaration and
  doubling by its ``Contract`` and ``Declarer`` tags (:mod:`.pbn_contract`);
- the **Play** section (3.6): the cards in fours, a trick each, in columns
  from the Play tag's seat; the card of the hand to play is taken from its
  column. ``-`` (a card not known) and ``*`` stop the play; ``^R`` and other
  annotations are left out;
- the supplemental tags the export adds for what PBN has no place for:
  ``Session`` (a JSON object: the seed, the players in their order, the
  rubbers, laws mode and how many deals were preset) and ``OtherActions``
  (a JSON list of ``[index, action]`` or ``[index, action, player]``: the
  decisions of a deal the sections above do not give, such as looks at a
  Dummy, a call out of turn, a penalty chosen, a revoke claimed, each at its
  place among the deal's decisions).

A deal's ``Result`` tag (3.4.15: the tricks the declarer won) is checked
against the play replayed: a deal played to its end must give the declarer
that many tricks, else the tag is reported with its line and column; a Play
section that stops early leaves the rest to a claim, which the Result may
count (a note says so) if it lies between the tricks won and those with
every trick left.

Where a game stops before its end (a ``*``, a ``-``, a section missing), the
replay stops there, and the game continues from that point; later games of
the file are then only deals, and may not have sections of their own.
When the file's first Dealer is not the hand the variant has deal, a file
for a table of four players is turned round the table so that it is (a note
says so). What a game makes the import hold is bounded by the game: at most
:data:`CALLS_MAX` calls, a trick for each card a hand holds, and
:data:`OTHER_ACTIONS_MAX` other decisions; more is refused where it starts.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol

from ..core.cards import SEATS, Card, Hand, Seat, Strain, seat_side
from ..engine.actions import BID, DECLARE, DOUBLE, LEAVE, PASS, REDOUBLE, Action
from ..engine.deal import Deal
from ..engine.game import Game
from ..engine.record import recorded_action
from ..errors import DummyBridgeError, FileFormatError
from ..language.ruleset import RuleSet
from .pbn_contract import ContractTags, check_reached, contract_of, contract_step
from .pbn_read import PbnGame
from .pbn_session import generator_seed, session_of, start, turned

__all__ = [
    "SCRIPT_TAGS",
    "DealScript",
    "Decisions",
    "ImportResult",
    "Situation",
    "history_action",
    "import_games",
    "proposal",
    "propose",
    "script_of",
    "situation",
]

#: The most calls an Auction section may give (a longer one is refused).
CALLS_MAX = 10_000
#: The most decisions a file's OtherActions tag may hold for one game.
OTHER_ACTIONS_MAX = 10_000
_HISTORY_KINDS = frozenset((DECLARE, LEAVE, DOUBLE, REDOUBLE, PASS))
_STRAINS = {"C": Strain.CLUBS, "D": Strain.DIAMONDS, "H": Strain.HEARTS, "S": Strain.SPADES}
_PLAYS = {Card(i).code: Action.play(Card(i)) for i in range(52)}  # each card's, by its code
_DOUBLE, _PASS, _REDOUBLE = Action.double(), Action.pass_(), Action.redouble()


class Step(NamedTuple):
    """One decision a section gives, and where it is written (a named tuple:
    a file's cards each make one, so it is made at a tuple's cost).

    :ivar text: the token as written, for messages.
    :ivar action: the action; ``None`` for a history's ``X`` (a double or a
        redouble: the engine's state says which).
    :ivar tag: the tag or section it is in.
    :ivar seat: the seat the file says makes it, where it says so.
    """

    text: str
    action: Action | None
    line: int
    col: int
    tag: str
    seat: Seat | None = None


@dataclass
class DealScript:
    """The decisions one PBN game gives for its deal (see the module text).

    :ivar game: the game as read.
    :ivar hands: the deal, by seat (North first), turned as the import turns it.
    :ivar dealer: the Dealer tag's seat (turned), if any.
    :ivar calls: the auction's calls in order.
    :ivar all_pass: whether the auction ends with ``AP``.
    :ivar history: the declaration's and doubling's steps in order.
    :ivar tricks: by trick, the card each seat plays.
    :ivar other: the OtherActions tag's decisions, by their place among the deal's.
    :ivar contract: without a DeclarationHistory tag (a variant without an
        auction), the Contract and Declarer tags the declaration is derived from.
    """

    game: PbnGame
    hands: tuple[Hand, Hand, Hand, Hand]
    dealer: Seat | None
    calls: list[Step] = field(default_factory=list)
    all_pass: bool = False
    history: list[Step] = field(default_factory=list)
    tricks: list[dict[Seat, Step]] = field(default_factory=list)
    other: dict[int, tuple[str, str | None]] = field(default_factory=dict)
    contract: ContractTags | None = None

    @property
    def has_sections(self) -> bool:
        """Whether the game gives any decision."""
        return bool(self.calls or self.all_pass or self.history or self.tricks or self.other) or (
            self.contract is not None
        )


class Decisions(Protocol):
    """What :func:`proposal` reads of a script: a :class:`DealScript`, or the
    export's own statement of what its game's sections give
    (:func:`.pbn_export.decisions_of`)."""

    @property
    def calls(self) -> list[Step]: ...
    @property
    def all_pass(self) -> bool: ...
    @property
    def history(self) -> list[Step]: ...
    @property
    def tricks(self) -> list[dict[Seat, Step]]: ...
    @property
    def contract(self) -> ContractTags | None: ...


@dataclass
class ImportResult:
    """What :func:`import_games` made.

    :ivar game: the game, every decision of the file replayed.
    :ivar notes: what the reader should know (a file turned, names not used ...).
    :ivar stopped: the game (``FILE:LINE``) whose deal the file leaves unfinished, if any.
    """

    game: Game
    notes: list[str] = field(default_factory=list)
    stopped: str | None = None


# ------------------------------------------------------------------ scripts


def _annotation(token: str) -> bool:
    return token[:1] in "^$=!?(" or token in ("+",)


def _lead(token: str) -> tuple[str, str]:
    """A token's call or card, upper case, and what is attached after it."""
    if len(token) == 2 and token.isascii() and token.isalnum():  # (a card: most tokens)
        return token.upper(), ""
    end = 0
    while end < len(token) and (
        (token[end].isascii() and token[end].isalnum()) or token[end] == "-"
    ):
        end += 1
    return token[:end].upper(), token[end:]


def _notes(game: PbnGame) -> dict[str, str]:
    out: dict[str, str] = {}
    for value in game.notes:
        number, _, text = value.partition(":")
        out.setdefault(number.strip(), text.strip())
    return out


def _bid(
    game: PbnGame,
    rules: RuleSet,
    names_of: dict[int, list[str]],
    call: str,
    note: str | None,
    where: tuple[int, int],
) -> Action:
    """The bid ``call`` (``1S``, ``3NT``) as an action of ``rules`` (its
    declarations' names by strain: ``names_of``)."""
    level, letter = int(call[0]), call[1:]
    strain = Strain.NOTRUMP if letter in ("NT", "N") else _STRAINS[letter]
    names = names_of.get(int(strain), [])
    if note is not None and note in names:
        return Action.bid(level, note)
    if not names:
        raise FileFormatError(
            game.file,
            f"{call}: {rules.name} has no declaration in {strain.name.lower().replace('_', ' ')}",
            line=where[0],
            col=where[1],
            path="Auction",
        )
    return Action.bid(level, names[0])


def _auction(script: DealScript, rules: RuleSet) -> None:
    game = script.game
    notes = _notes(game)
    names_of: dict[int, list[str]] = {}
    for den in rules.denominations:
        names_of.setdefault(int(den.strain), []).append(den.name)
    for token, line, col in game.tokens("Auction"):
        if _annotation(token):
            if token.startswith("=") and script.calls:
                _attach_note(script, rules, notes, token)
            continue
        call, rest = _lead(token)
        if token.startswith("*") or call == "-":
            break
        if call == "AP":
            script.all_pass = True
            break
        if call == "PASS":
            action = _PASS
        elif call == "X":
            action = _DOUBLE
        elif call == "XX":
            action = _REDOUBLE
        elif (
            len(call) >= 2 and call[0] in "1234567" and call[1:] in ("C", "D", "H", "S", "NT", "N")
        ):
            note = notes.get(rest.strip("=")) if rest.startswith("=") else None
            action = _bid(game, rules, names_of, call, note, (line, col))
        else:
            raise FileFormatError(
                game.file,
                f"{token!r} is not a call: expected Pass, X, XX or a bid such as 1S",
                line=line,
                col=col,
                path="Auction",
            )
        if len(script.calls) >= CALLS_MAX:
            raise FileFormatError(
                game.file,
                f"more than {CALLS_MAX:,} calls: no auction is that long",
                line=line,
                col=col,
                path="Auction",
            )
        script.calls.append(Step(token, action, line, col, "Auction"))


def _attach_note(script: DealScript, rules: RuleSet, notes: dict[str, str], token: str) -> None:
    """A note reference ``=N=`` after a bid: its Note may name the declaration."""
    last = script.calls[-1]
    name = notes.get(token.strip("="))
    if last.action is None or last.action.kind != BID or name is None:
        return
    assert last.action.level is not None
    den = {d.name: d for d in rules.denominations}.get(name)
    old = {d.name: d for d in rules.denominations}.get(last.action.denomination or "")
    if den is not None and old is not None and den.strain == old.strain:
        script.calls[-1] = Step(
            last.text, Action.bid(last.action.level, name), last.line, last.col, last.tag
        )


def _history(script: DealScript, turn: int) -> None:
    game = script.game
    value = game.tags.get("DeclarationHistory", "")
    if not value.strip():
        return
    line, col = game.where("DeclarationHistory")
    col += len('[DeclarationHistory "')
    forced = game.tags.get("DeclaredFrom") == "dummy"
    maker = game.tags.get("DeclarationMaker", "").strip().upper()
    offset = 0
    for item in value.split(";"):
        at = col + offset
        offset += len(item) + 1
        seat_text, colon, what = item.strip().partition(":")
        if not colon or seat_text.upper() not in ("N", "E", "S", "W"):
            raise FileFormatError(
                game.file,
                f"{item!r} is not SEAT:WHAT (such as S:no_trumps, W:Pass)",
                line=line,
                col=at,
                path="DeclarationHistory",
            )
        if forced and seat_text.upper() == maker and what == game.tags.get("Declaration"):
            forced = False  # the Dummy's forced declaration: the rules', not a decision
            continue
        seat = turned(Seat.from_str(seat_text.upper()), turn)
        try:
            action = history_action(what)
        except (DummyBridgeError, ValueError) as exc:
            raise FileFormatError(
                game.file, f"{item!r}: {exc}", line=line, col=at, path="DeclarationHistory"
            ) from None
        script.history.append(Step(item, action, line, at, "DeclarationHistory", seat))


def history_action(what: str) -> Action | None:
    """A DeclarationHistory step's action (``None`` for ``X``: a double, or
    the redouble the rules allow next)."""
    word = what.strip()
    if word.lower() == "leave":
        return Action.leave()
    if word.lower() == "pass":
        return Action.pass_()
    if word.upper() == "X":
        return None
    if word.upper() == "XX":
        return Action.redouble()
    return Action.declare(word)


def _play(script: DealScript, turn: int, tricks_most: int) -> None:
    game = script.game
    if "Play" not in game.tags or not game.tags["Play"].strip():
        return
    first_text = game.tags["Play"].strip().upper()
    if first_text not in ("N", "E", "S", "W"):
        raise game.error("Play", f"{game.tags['Play']!r} is not a seat: expected W, N, E or S")
    first = turned(Seat.from_str(first_text), turn)
    column = 0
    trick: dict[Seat, Step] = {}
    for token, line, col in game.tokens("Play"):
        play = _PLAYS.get(token)  # (a card as the export writes it: most tokens)
        card = token
        if play is None:
            if _annotation(token):
                continue
            card, _ = _lead(token)
            if token.startswith("*"):
                break
            play = _PLAYS.get(card)
        if play is None and card != "-":  # (_PLAYS holds every card: SA to C2)
            raise FileFormatError(
                game.file,
                f"{token!r} is not a card: expected a suit and a rank, such as SA or H9",
                line=line,
                col=col,
                path="Play",
            )
        if len(script.tricks) >= tricks_most:
            raise FileFormatError(
                game.file,
                f"{token[:20]!r}: the hands hold {tricks_most} tricks, and they are played",
                line=line,
                col=col,
                path="Play",
            )
        seat = SEATS[(first + column) & 3]
        if play is not None:
            trick[seat] = Step(token, play, line, col, "Play", seat)
        column += 1
        if column == 4:
            script.tricks.append(trick)
            trick, column = {}, 0
    if trick:
        script.tricks.append(trick)


def _other(script: DealScript) -> None:
    game = script.game
    value = game.tags.get("OtherActions", "").strip()
    if not value:
        return
    try:
        items = json.loads(value)
        if not isinstance(items, list) or len(items) > OTHER_ACTIONS_MAX:
            raise ValueError
        for item in items:
            if not (
                isinstance(item, list)
                and len(item) in (2, 3)
                and type(item[0]) is int
                and 0 <= item[0] < 1 << 20
                and all(isinstance(x, str) for x in item[1:])
            ):
                raise ValueError
            script.other[item[0]] = (item[1], item[2] if len(item) == 3 else None)
    except (ValueError, RecursionError):
        raise game.error(
            "OtherActions",
            'expected a JSON list of [index, "action"] or [index, "action", "player"]',
        ) from None


#: The tags :func:`script_of` reads, with the Auction and Play sections: a
#: game's other tags give no decision, so a game made to be read for its
#: script alone (the export's, :mod:`.pbn_export`) need hold only these.
SCRIPT_TAGS = frozenset(
    (
        *("Deal", "Dealer", "Declarer", "Contract", "Declaration", "DeclarationMaker"),
        *("DeclaredFrom", "DeclarationHistory", "Auction", "Note", "Play", "OtherActions"),
    )
)


def script_of(game: PbnGame, rules: RuleSet, turn: int = 0) -> DealScript:
    """The decisions ``game`` gives under ``rules``, its seats turned ``turn``
    places to the left.

    :raises FileFormatError: for a section or tag that cannot be read.
    """
    hands = game.full_deal(rules.deal.cards_each)
    n, e, s, w = (hands[(seat - turn) & 3] for seat in Seat)
    dealer = game.dealer()
    script = DealScript(game, (n, e, s, w), None if dealer is None else turned(dealer, turn))
    if rules.declaration.kind == "auction":
        _auction(script, rules)
    else:
        _history(script, turn)
        if "DeclarationHistory" not in game.tags:
            script.contract = contract_of(game, rules, turn)
    _play(script, turn, rules.deal.cards_each)
    _other(script)
    return script


# ------------------------------------------------------------------ replay


def _history_count(game: Game) -> int:
    return sum(1 for _, a in game.history if a.kind in _HISTORY_KINDS)


#: What :func:`proposal` reads of a game (:func:`situation`): ``("auction",
#: calls made)``; ``(phase, history steps made, whether a double is open, the
#: doublings, the double or redouble open first)`` in the declaration and the
#: doubling; ``("play", tricks played, the hand to play)``; ``None`` elsewhere.
Situation = tuple[Any, ...] | None


def situation(game: Game) -> Situation:
    """The point ``game`` has reached, as :func:`proposal` reads it (the
    export keeps one for each action of its replay: :mod:`.pbn_export`)."""
    phase = game.phase
    if phase == "play":
        return None if game.to_act is None else ("play", len(game.tricks), game.to_act)
    if phase == "auction":
        return ("auction", len(game.calls))
    if phase in ("declare", "double"):
        doubling = next((a for a in game.legal_actions() if a.kind in (DOUBLE, REDOUBLE)), None)
        can = game.can(_DOUBLE)
        return (phase, _history_count(game), can, game.deal.doubling_level, doubling)
    return None


def propose(game: Game, script: DealScript) -> Step | None:
    """The decision ``script`` gives for the point ``game`` has reached, or
    ``None`` where it gives none."""
    return proposal(situation(game), script)


def proposal(at: Situation, script: Decisions) -> Step | None:
    """The decision ``script`` gives at the point ``at`` (:func:`situation`), or ``None``."""
    if at is None:
        return None
    phase = at[0]
    if phase == "play":
        t = at[1]
        return script.tricks[t].get(at[2]) if t < len(script.tricks) else None
    if phase == "auction":
        i = at[1]
        if i < len(script.calls):
            return script.calls[i]
        return Step("AP", _PASS, 0, 0, "Auction") if script.all_pass else None
    _, i, can_double, doublings, doubling = at
    contract = script.contract
    if contract is not None:
        line, col = contract.game.where("Contract")
        action = contract_step(contract, phase, doublings, doubling)
        return Step(contract.text, action, line, col, "Contract")
    if i >= len(script.history):
        return None
    step = script.history[i]
    if step.action is None:  # X: a double, or the redouble the rules allow next
        action = _DOUBLE if can_double else _REDOUBLE
        return Step(step.text, action, step.line, step.col, step.tag, step.seat)
    return step


def _apply_step(game: Game, step: Step, file: str) -> None:
    assert step.action is not None
    if step.seat is not None and step.seat != game.to_act and game.to_act is not None:
        raise FileFormatError(
            file,
            f"{step.text}: it is {game.to_act.name.lower()}'s turn here, not "
            f"{step.seat.name.lower()}'s",
            line=step.line,
            col=step.col,
            path=step.tag,
        )
    try:
        game.apply(step.action)
    except DummyBridgeError as exc:
        raise FileFormatError(file, str(exc), line=step.line, col=step.col, path=step.tag) from None


def _check_result(
    script: DealScript, deal: Deal, tricks: int, finished: bool, notes: list[str]
) -> None:
    """PBN 2.1 3.4.15: the Result tag is the number of tricks the declarer
    won. A deal whose Play section the replay played to its end must give
    the declarer that many tricks, else the Result is reported at its tag;
    a Play section that stops before the end (3.6: ``*``) leaves the tricks
    not played to a claim, which the Result may count: it must lie between
    the declarer's tricks so far and those with every trick left, and a
    note says that the claimed tricks are not replayed. A Result that is
    empty, ``?`` or not a number of tricks is not checked."""
    pbn = script.game
    text = pbn.tags.get("Result", "").strip()
    if not script.tricks or deal.declarer is None or not text.isdecimal():
        return
    result = int(text)
    won = deal.tricks_won[seat_side(deal.declarer)]
    left = tricks - len(deal.tricks) if not finished else 0
    if won <= result <= won + left:
        if left:
            notes.append(
                f"{_where(pbn)}: the Play section stops after {len(deal.tricks)} trick(s): "
                f"the Result {result} counts {result - won} of the {left} left as the "
                "declarer's, a claim that is not replayed (PBN 3.4.15)"
            )
        return
    played = "the play gives" if finished else f"after {len(deal.tricks)} trick(s) the play gives"
    bound = "" if finished else f", and {left} are left"
    raise pbn.error(
        "Result",
        f"{result} tricks to the declarer, but {played} the declarer "
        f"({deal.declarer.name.lower()}) {won}{bound} (PBN 3.4.15: the tricks the "
        "declarer won)",
    )


def _replay_deal(game: Game, script: DealScript, notes: list[str]) -> bool:
    """Replay one deal's decisions; whether the deal was played to its end
    (its Result checked against the tricks, :func:`_check_result`)."""
    pbn = script.game
    number = game.deal_number
    deal = game.deal
    k = 0
    while game.deal_number == number and not game.is_over:
        if k in script.other:
            text, player = script.other[k]
            try:
                game.apply(recorded_action(game, text), player=player)
            except DummyBridgeError as exc:
                raise pbn.error("OtherActions", f"[{k}, {text!r}]: {exc}") from None
        else:
            step = propose(game, script)
            if step is None:
                if game.phase == "play":
                    _check_result(script, deal, game.rules.deal.cards_each, False, notes)
                return False
            _apply_step(game, step, pbn.file)
            if step.tag == "Contract" and script.contract is not None:
                check_reached(game, script.contract, number)
        k += 1
    if len(deal.tricks) == game.rules.deal.cards_each:
        _check_result(script, deal, game.rules.deal.cards_each, True, notes)
    return True


class _Mismatch(Exception):
    """The seed did not deal a game's hands: preset them all."""


def _where(game: PbnGame) -> str:
    return f"{game.file}:{game.line}"


def _check_seats(game: Game, pbn: PbnGame) -> None:
    """The session's players sit where the file says (its own export's players)."""
    for seat in Seat:
        tag = seat.name.capitalize()
        name = pbn.tags.get(tag, "")
        if name and name != game.seat_player[seat]:
            raise pbn.error(
                tag,
                f"{name[:40]!r} sits {tag.lower()} here, but in this session {game.rules.name} "
                f"seats {game.seat_player[seat]!r} there: this game cannot be replayed "
                "without those before it (import the whole file)",
            )


def _replay(
    game: Game,
    scripts: Sequence[DealScript],
    check: bool,
    names: bool = False,
    notes: list[str] | None = None,
) -> str | None:
    """Replay every script in order; where the file leaves a deal unfinished,
    if it does. ``names``: the file's names are the session's players;
    ``notes`` takes what the reader should know of the Result tags."""
    notes = [] if notes is None else notes
    stopped: str | None = None
    for script in scripts:
        pbn = script.game
        if stopped is not None:
            if check:
                raise _Mismatch  # the deals after the stop are the file's: preset them
            if script.has_sections:
                raise pbn.error(
                    "Board",
                    f"the game at {stopped} stops before its end, so this game's "
                    "auction and play cannot follow it",
                )
            continue
        if game.is_over:
            raise pbn.error(
                "Board",
                f"the session of {game.rubbers} rubber(s) is over before this game "
                "(give more rubbers)",
            )
        if check and tuple(game.deal.original) != script.hands:
            raise _Mismatch
        if script.dealer is not None and script.dealer != game.dealer and script.has_sections:
            raise pbn.error(
                "Dealer",
                f"{game.rules.name} has {game.dealer.name.lower()} deal here, "
                f"not {script.dealer.name.lower()}",
            )
        if names and script.has_sections:
            _check_seats(game, pbn)
        if not _replay_deal(game, script, notes):
            stopped = _where(pbn)
    return stopped


def import_games(
    games: Sequence[PbnGame],
    rules: RuleSet,
    *,
    seed: int | None = None,
    laws: bool | None = None,
    rubbers: int | None = None,
) -> ImportResult:
    """Replay the games of a PBN file (those with a Deal tag, in order) as one
    session of ``rules``.

    :param seed: the session's seed (default: the Session tag's, the
        Generator tag's, else 0); with the seed of the export, deals the
        seed deals are not preset, so the record is the one exported.
    :param laws: laws mode (default: the Session tag's, else strict play).
    :param rubbers: the session's rubbers (default: the Session tag's, else 1).
    :raises FileFormatError: ``FILE:LINE:COL`` for what cannot be read or replayed.
    """
    games = [g for g in games if "Deal" in g.tags] or list(games)  # (no Deal: said at the game)
    if not games:
        raise FileFormatError("<pbn>", "no game in this file has a Deal tag", path="Deal")
    session = session_of(games)
    exact = bool(session) and seed in (None, session["seed"])
    if seed is None:
        seed = session.get("seed", generator_seed(games) or 0)
    laws = bool(session.get("laws", False)) if laws is None else laws
    rubbers = int(session.get("rubbers", 1)) if rubbers is None else rubbers
    notes: list[str] = []
    players = list(session["players"]) if session else None
    try:
        replayed = any(script_of(g, rules).has_sections for g in games)
        turn, players = start(rules, games, seed, laws, rubbers, players, notes, replayed)
    except (DummyBridgeError, ValueError) as exc:
        if isinstance(exc, FileFormatError):
            raise
        raise games[0].error("Session" if session else "Deal", str(exc)) from None
    scripts = [script_of(g, rules, turn) for g in games]
    hands = [s.hands for s in scripts]
    auctions = [g for g in games if "Auction" in g.tags]
    if auctions and rules.declaration.kind != "auction":
        notes.append(
            f"{_where(auctions[0])}: the Auction section is not replayed: {rules.name} "
            "has no auction (its declaration is read from a DeclarationHistory tag, or "
            "from the Contract and Declarer tags)"
        )
    notes.extend(s.contract.note for s in scripts if s.contract is not None and s.contract.note)
    if exact and not turn:
        try:
            k = min(int(session.get("presets", 0)), len(hands))
            game = Game(rules, seed, players=players, deals=hands[:k], rubbers=rubbers, laws=laws)
            results: list[str] = []
            stopped = _replay(game, scripts, True, True, results)
            return ImportResult(game, notes + results, stopped)
        except _Mismatch:
            pass
    game = Game(rules, seed, players=players, deals=hands, rubbers=rubbers, laws=laws)
    stopped = _replay(game, scripts, False, bool(session) and not turn, notes)
    return ImportResult(game, notes, stopped)
