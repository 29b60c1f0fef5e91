"""Text rendering of hands, deals, tricks and score sheets.

Everything here returns strings; only :mod:`dummybridge.apps.cli` prints. Suit
symbols are used when ``symbols=True`` (the command line checks that the
terminal can show them), letters otherwise.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..core.cards import Card, Hand, Seat, Suit
from ..core.diagram import card_text, diagram, hand_lines, seat_label, suit_text
from ..engine.actions import BID, DECLARE, DOUBLE, LEAVE, PASS, REDOUBLE, Action, Operation
from ..engine.display import score_sheet
from ..engine.scoring import BELOW, ScoreSheet
from ..errors import InvalidNotationError

if TYPE_CHECKING:
    from ..engine.game import Game
    from ..language.ruleset import RuleSet

__all__ = [  # card_text ... suit_text: core.diagram's, score_sheet: engine.display's
    "call_text",
    "card_text",
    "denomination_short",
    "diagram",
    "hand_lines",
    "penalty_text",
    "result_lines",
    "rubber_bonus_lines",
    "score_sheet",
    "seat_label",
    "settlement_text",
    "suit_text",
]

#: log entries with an action that are shown among the tricks
_PLAY_REMARKS = frozenset(
    (
        "play",
        "look",
        "ask",
        "correct",
        "touch",
        "suggest",
        "point_out",
        "inform",
        "refer",
        "attention",
        "false_lead",
    )
)


#: the words of the actions whose words do not depend on anything else
_FIXED_WORDS = {
    "waive": "waives the revoke penalty",
    "new_deal": "demands a new deal",
    "accept": "lets the call stand",
    "cancel": "has the call cancelled",
    "compel": "compels him to declare",
    "end_doubling": "lets the double not stand: no further doubling (ELW05 law 55)",
    "consent": "consents: the double stands (ELW05 laws 56, 58)",
    "withhold_consent": "withholds his consent: the double is void (ELW05 laws 56, 58)",
    "make_sufficient": "has the bid made sufficient",
    "bid_seven": "has the bid count as seven",
    "previous_final": "makes his side's last bid final",
    "forbid": "forbids the suggested card",
    "treat_exposed": "treats the card led as an exposed card (law 76)",
    "lead_stands": "lets the lead stand (law 78)",
    "show_hand": "requires his cards face up (law 72)",
    "throw_down": "throws his cards face up (law 72)",
    "have_rest": 'says "I have the rest" (law 72)',
    "attention": "calls attention to the trick before his partner plays (law 92)",
    "decline": "exacts no penalty",
    "redouble": "redoubles",
    LEAVE: "leaves it to partner",
}
#: what a requirement asks for (laws 62, 86)
_REQUIRED_WORDS = {
    "highest": "requires the highest card of the suit",
    "lowest": "requires the lowest card of the suit",
    "suggested": "requires the suggested card",
    "win": "calls upon him to win the trick (laws 71, 80)",
    "lose": "calls upon him to lose the trick (law 80)",
}


def denomination_short(name: str, rules: RuleSet, symbols: bool) -> str:
    """``♥`` (``H``) for hearts, ``NT`` for no trumps, ``R♠`` (``RS``) for the dearer
    of two denominations with the same trump suit (royal spades)."""
    for d in rules.denominations:
        if d.name != name:
            continue
        if d.suit is None:
            return "NT"
        letter = d.suit.symbol if symbols else d.suit.letter
        same = [e for e in rules.denominations if e.suit is d.suit]
        dearest = max(same, key=lambda e: e.trick_value)
        return ("R" if len(same) > 1 and d is dearest else "") + letter
    try:  # a name the rules do not know (an old record): its suit, if it names one
        suit = Suit.from_str(name.split("_")[-1])
    except InvalidNotationError:
        return "NT" if "trump" in name else name
    return suit.symbol if symbols else suit.letter


def call_text(action: Action, rules: RuleSet, symbols: bool, level_before: int = 0) -> str:
    """A call as the screen writes it everywhere: ``1♥``, ``2NT``, ``pass``,
    ``double``, ``redouble``; in Bridge's doubling the adversaries' double
    after a redouble is ``double again`` (ELW05: "the right to again double")."""
    if action.kind == BID:
        return f"{action.level}{denomination_short(action.denomination or '', rules, symbols)}"
    if action.kind == DOUBLE:
        return "double again" if level_before else "double"
    if action.kind in (PASS, REDOUBLE):
        return action.kind
    return str(action)


def action_words(
    action: Action, doubling_level_before: int = 0, auction: bool = False, symbols: bool = True
) -> str:
    """An action in words: ``declares hearts``, ``leaves it``, ``bids 2 hearts``,
    ``doubles``, ``redoubles``, ``doubles again`` (the adversaries, after a
    redouble), ``passes``, ``exposes ♦Q`` (``DQ`` without ``symbols``)."""
    kind = action.kind
    fixed = _FIXED_WORDS.get(kind)
    if fixed is not None:
        return fixed
    if kind == "claim":
        return f"claims the revoke penalty in {action.penalty}"
    if kind == "require":
        return _REQUIRED_WORDS[action.penalty or ""]
    if kind == "call_lead":
        return f"calls a lead of {action.penalty}"
    if kind == "lead_on" and action.card is not None:
        return f"leads {card_text(action.card, symbols)} on before his partner plays (law 71)"
    if kind == "win_trick" and action.card is not None:
        card = card_text(action.card, symbols)
        return f"calls upon his partner to win the trick {card} leads (law 71)"
    if kind in ("expose_card", "call_card") and action.card is not None:
        verb = "exposes" if kind == "expose_card" else "calls the exposed card"
        return f"{verb} {card_text(action.card, symbols)}"
    if kind == "bid":
        return f"bids {action.level} {(action.denomination or '').replace('_', ' ')}"
    if kind == DECLARE:
        return f"declares {(action.denomination or '').replace('_', ' ')}"
    if kind == DOUBLE:
        return "doubles again" if doubling_level_before else "doubles"
    if kind == PASS:
        return "passes" if auction or not doubling_level_before else "is content"
    return str(action)


def settlement_text(sheet: ScoreSheet) -> str:
    """The settlement in words, one payment a line (``A pays B 78``), or
    ``all square`` when no one owes anything.

    :raises ValueError: when the sheet cannot be settled (see
        :meth:`ScoreSheet.payments`).
    """
    payments = sheet.payments()
    if not payments:
        return "all square"
    return "\n".join(f"{payer} pays {payee} {points}" for payer, payee, points in payments)


def rubber_bonus_lines(sheet: ScoreSheet) -> list[str]:
    """The rubber bonuses on a sheet, a line each: ``  Rubber to N-S: 250 above the line``."""
    return [
        f"  Rubber to {sheet.names[e.column]}: {e.points} above the line"
        for e in sheet.entries
        if e.kind == "rubber"
    ]


def result_lines(sheet: ScoreSheet, result: Mapping[str, Any]) -> list[str]:
    """What follows a finished rubber's sheet: the final difference and the
    settlement, when its result (:meth:`ScoreSheet.result_data`) has them."""
    lines = []
    diff = result.get("difference")
    if diff is not None:
        lines.append(f"Final difference: {diff['name']} +{diff['points']} points")
    if result.get("payments") is not None:
        lines.append("Settlement: " + "; ".join(settlement_text(sheet).splitlines()))
    return lines


def _hand_word(seat: Seat, owners: Mapping[Seat, str], manned: Sequence[Seat]) -> str:
    name = seat.name.capitalize()
    return name if seat in manned else f"{name} ({owners[seat]}'s Dummy)"


def _seat_labels(owners: Mapping[Seat, str], manned: Collection[Seat]) -> dict[Seat, str]:
    """Each seat with who holds it: ``South (A)``, or ``North (A's Dummy)``."""
    return {
        s: f"{s.name.capitalize()} ({p})" if s in manned else f"{s.name.capitalize()} ({p}'s Dummy)"
        for s, p in owners.items()
    }


def game_record(game: object, symbols: bool = True) -> str:
    """The whole game as a readable record, from its log: for each rubber the
    seats; for each deal the hands as a diagram, who sees which hand and
    when, the declaration (and a forced one's reasons) and doubling, the
    tricks and the score; then each score sheet, its result and settlement."""
    from ..engine.game import Game

    assert isinstance(game, Game)
    return _GameRecord(game, symbols).text()


def penalty_text(game: object, symbols: bool = True) -> str | None:
    """In the ``penalty`` phase, what the player who decides reads: the
    irregularity, as the readable record words it, with the law cited as the
    code the variant follows cites it (``laws.citations``), and who decides;
    ``None`` in any other phase."""
    from ..engine.game import Game

    assert isinstance(game, Game)
    pending = game.deal.pending
    if game.phase != "penalty" or game.to_act is None or pending is None:
        return None

    def offence(op: Operation) -> bool:
        # the irregularity itself: its card, if any, is the one the table saw
        return op.action == pending.call and op.seat is pending.offender

    lines = _GameRecord(game, symbols).lines_of(offence)
    what = "; ".join(line.strip() for line in lines)
    if pending.call.kind == "play" and pending.call.card is not None:
        # a card led or played out of turn is not yet the table's (no player's
        # observation shows it until the penalty is chosen): not named
        what = what.replace(card_text(pending.call.card, symbols), "a card")
    decider = f"{game.to_act.name.capitalize()} ({game.player_of(game.to_act)})"
    return game.rules.laws.cite(f"{what}. {decider} may exact a penalty, or decline it")


class _GameRecord:
    """The writer of :func:`game_record`: what it has learnt so far from the
    log (the seats, the doubling, the current deal's tricks), and a method
    for each kind of log entry, found in :data:`_WRITE_FIRST` and
    :data:`_WRITE_LATER`."""

    def __init__(self, game: Game, symbols: bool) -> None:
        self.game = game
        self.symbols = symbols
        self.out: list[str] = [f"{game.rules.title} - seed {game.seed}"]
        self.auction = game.rules.declaration.kind == "auction"
        self.level = 0  # doublings since the last declaration or bid
        #: the current deal's tricks and what happened among them, written
        #: out before the next call, claim or score
        self.trick_lines: list[str] = []
        self.owners: dict[Seat, str] = {}
        self.manned: list[Seat] = []
        self.labels: dict[Seat, str] = {}
        self.sheet_no = -1

    def text(self) -> str:
        """The record."""
        for op in self.game.log:
            self.write(op)
        if self.game.rubbers > 1 and self.game.is_over:
            self._session()
        return self.game.rules.laws.cite("\n".join(self.out))

    def write(self, op: Operation) -> None:
        """Write the lines of one log entry (if it has any)."""
        write = _WRITE_FIRST.get(op.kind)
        if write is None:
            if op.action is not None and op.kind not in _PLAY_REMARKS:
                write = _GameRecord._action
            else:
                write = _WRITE_LATER.get(op.kind)
        if write is not None:
            write(self, op)

    def lines_of(self, wanted: Callable[[Operation], bool]) -> list[str]:
        """The lines of the last log entry ``wanted`` accepts, as the record
        words them (the laws named as the 1912 code numbers them)."""
        last: list[str] = []
        for op in self.game.log:
            before = len(self.out), len(self.trick_lines)
            self.write(op)
            if wanted(op):  # (a deal's end moves the trick lines to the record)
                last = self.trick_lines[before[1] :] or self.out[before[0] :]
        return last

    # ------------------------------------------------------------ words

    def _card(self, code: str) -> str:
        return card_text(Card.from_str(code), self.symbols)

    def _hand(self, seat: Seat) -> str:
        return _hand_word(seat, self.owners, self.manned)

    def _label(self, op: Operation) -> str:
        assert op.seat is not None
        return self.labels[op.seat]

    def _words(self, op: Operation) -> str:
        """``op``'s action in words, as said in the declaration or the auction."""
        assert op.action is not None
        return action_words(op.action, self.level, self.auction, self.symbols)

    def _end_of_tricks(self) -> None:
        self.out.extend(self.trick_lines)
        self.trick_lines = []

    # ------------------------------------------------------------ seats and deals

    def _cut(self, op: Operation) -> None:
        d = op.detail
        rounds = d["rounds"]
        cut = ", ".join(f"{p} {self._card(c)}" for p, c in rounds[0].items())
        extra = f" (and {len(rounds) - 1} re-cut)" if len(rounds) > 1 else ""
        self.out.append(f"The cut: {cut}{extra}; order {', '.join(d['order'])}")

    def _rubber_start(self, op: Operation) -> None:
        d = op.detail
        self.sheet_no += 1
        self.owners = {Seat.from_str(k): v for k, v in d["seats"].items()}
        dummies = {Seat.from_str(k) for k in d["dummies"]}
        self.manned = [s for s in self.owners if s not in dummies]
        self.labels = _seat_labels(self.owners, self.manned)
        if self.game.rubbers > 1 or self.sheet_no == 0:
            self.out.append("")
            self.out.append(f"Rubber {d['rubber']}: " + ", ".join(self.labels[s] for s in _ORDER))

    def _deal(self, op: Operation) -> None:
        d = op.detail
        self.level = 0
        self.trick_lines = []
        assert op.seat is not None
        if d.get("seats"):
            self.owners = {Seat.from_str(k): v for k, v in d["seats"].items()}
            self.labels = _seat_labels(self.owners, self.manned)
        self.out.append("")
        self.out.append(f"Deal {d['deal']}: {self.labels[op.seat]} deals")
        hands = {Seat.from_str(k): Hand.from_pbn(v) for k, v in d["hands"].items()}
        self.out.append(diagram(hands, self.labels, self.symbols))

    def _sight(self, op: Operation) -> None:
        for change in op.detail["changes"]:
            seen = ", ".join(self._hand(Seat.from_str(x)) for x in change["sees"])
            lost = ", ".join(self._hand(Seat.from_str(x)) for x in change["loses"])
            if seen:
                self.out.append(f"  {change['player']} sees {seen}")
            if lost:
                self.out.append(f"  {change['player']} may no longer look at {lost}")

    def _examine(self, op: Operation) -> None:
        assert op.seat is not None
        self.out.append(f"  {op.player} examines {self._hand(op.seat)}, without exposing it")

    def _look(self, op: Operation) -> None:
        assert op.seat is not None
        self.out.append(f"  {op.player} looks at {self._hand(op.seat)}")

    def _expose(self, op: Operation) -> None:
        self.out.append(f"  {self._label(op)} is laid face up")

    # ------------------------------------------------------------ declaration and auction

    def _forced(self, op: Operation) -> None:
        d = op.detail
        steps = "; ".join(d["steps"])
        self.out.append(
            f"  Dummy's declaration is forced: {d['denomination'].replace('_', ' ')} ({steps})"
        )

    def _action(self, op: Operation) -> None:
        """A call, a declaration, a doubling, a claim of a penalty, a waiver..."""
        if op.kind in ("claim", "waive"):
            self._end_of_tricks()
        self.out.append(f"  {self._label(op)} {self._words(op)}")
        if op.kind in (DOUBLE, "redouble"):
            self.level += 1
        elif op.kind == "bid":
            self.level = 0

    def _bad_bid(self, op: Operation) -> None:  # law 50
        self.out.append(f"  {self._label(op)} {self._words(op)}, an {op.kind} bid")

    def _out_of_turn(self, op: Operation) -> None:
        if op.detail.get("law") == 56:  # the eldest hand's lead in the doubling
            self._early_lead(op)
            return
        if op.action is not None and op.action.card is not None:  # a card: laws 76, 80
            law = op.detail.get("law")
            what = "plays, before the second hand," if law == 80 else "leads"
            why = f"law {law}" if law else "before the doubling is done"
            line = f"{self._label(op)} {what} {self._card(op.action.card.code)} out of turn ({why})"
            if law:
                self.trick_lines.append(f"      {line}")
            else:
                self.out.append(f"  {line}")
            return
        law = " (ELW05 law 55)" if op.detail.get("law") == 55 else ""  # a re-double
        self.out.append(f"  {self._label(op)} {self._words(op)} out of turn{law}")

    def _early_lead(self, op: Operation) -> None:
        """ELW05 laws 56, 58: the eldest hand leads before the doubling is done."""
        assert op.action is not None
        assert op.action.card is not None
        card = self._card(op.action.card.code)
        when = (
            'without asking "May I lead?"'
            if op.detail["law"] == 58
            else "before the doubling is done"
        )
        self.out.append(
            f"  {self._label(op)} leads {card} {when} (ELW05 law {op.detail['law']}): it stands"
        )

    def _double_asked(self, op: Operation) -> None:
        """ELW05 laws 56, 58: his partner's double, subject to consent."""
        law = op.detail["law"]
        self.out.append(
            f"  {self._label(op)} {self._words(op)}, subject to consent (ELW05 law {law})"
        )

    def _forbidden(self, op: Operation) -> None:
        """Laws 65, 66: the declarer prohibits the opening leader a suit."""
        assert op.action is not None
        self.trick_lines.append(
            f"      {op.player} prohibits {self._label(op)}'s lead of {op.action.penalty} "
            "(laws 65, 66)"
        )

    def _called(self, op: Operation) -> None:
        """Law 67: the declarer calls an adversary's exposed card."""
        assert op.action is not None
        assert op.action.card is not None
        self.trick_lines.append(
            f"      {op.player} calls {self._label(op)}'s exposed {self._card(op.action.card.code)}"
        )

    def _slip(self, op: Operation) -> None:  # law 52
        self.out.append(f"  {self._label(op)} {self._words(op)}, a slip, and corrects it at once:")

    def _contract(self, op: Operation) -> None:
        d = op.detail
        doubled = {0: "", 1: " doubled", 2: " redoubled"}.get(d["doubled"], " doubled")
        bid = d["bid"].removeprefix("bid ").replace("_", " ")
        declarer = Seat.from_str(d["declarer"])
        self.out.append(
            f"  Contract: {bid}{doubled}; {self.labels[declarer]} plays, "
            f"{self.labels[declarer.left]} leads"
        )

    def _passed_out(self, op: Operation) -> None:
        self.out.append("  All four pass: the hand is dealt again")

    # ------------------------------------------------------------ the play

    def _play_blind(self, op: Operation) -> None:
        assert op.seat is not None
        self.out.append(
            f"  {op.player} plays blind from {self._hand(op.seat)}: {self._card(op.detail['card'])}"
        )

    def _inform(self, op: Operation) -> None:
        self.trick_lines.append(f"      {self._label(op)} mentions the bidding (laws 51, 93)")

    def _refer(self, op: Operation) -> None:
        self.trick_lines.append(f"      {self._label(op)} mentions the play (law 93)")

    def _attention(self, op: Operation) -> None:
        assert op.action is not None
        self.trick_lines.append(f"      {self._label(op)} {action_words(op.action)}")

    def _penalty(self, op: Operation) -> None:
        """A penalty in the play: required, forbidden or declined; a lead called."""
        assert op.action is not None
        self.trick_lines.append(
            f"      {self._label(op)} {action_words(op.action, symbols=self.symbols)}"
        )

    def _exposure(self, op: Operation) -> None:
        """A card exposed (laws 65-72): among the calls before the play, else
        among the trick's lines, as the play's penalties are."""
        assert op.action is not None
        if op.detail.get("when") == "auction":
            barred = ": his partner may not bid or double again" if op.detail["barred"] else ""
            words = action_words(op.action, symbols=self.symbols)
            self.out.append(f"  {self._label(op)} {words}{barred}")
        else:
            self._penalty(op)

    def _thrown(self, op: Operation) -> None:
        """Law 72: an adversary throws his cards face up (not liable once the
        declarer has said "I have the rest")."""
        cards = " ".join(self._card(c.code) for c in Hand.from_pbn(op.detail["cards"]))
        liable = "liable to be called" if op.detail["liable"] else "not liable"
        self.trick_lines.append(
            f"      {self._label(op)} throws his cards face up, {liable} (law 72): {cards}"
        )

    def _revoke(self, op: Operation) -> None:
        d = op.detail
        liable = "" if d["liable"] else " (not liable: the trick stands)"
        self.trick_lines.append(
            f"      {self._label(op)} revokes in trick {d['trick']}: "
            f"{self._card(d['card'])} to the {self._card(d['led'])} led{liable}"
        )

    def _ask_or_correct(self, op: Operation) -> None:
        assert op.seat is not None
        asked = (
            f"{op.player} asks {self._label(op)}: having none?"
            if op.kind == "ask"
            else f"{op.player} owns he failed to play as directed (law 73)"
            if op.detail.get("law") == 73
            else f"{op.player} owns to a revoke"
        )
        answer = "" if op.kind == "correct" else " Yes." if op.detail["revoke"] else " No."
        self.trick_lines.append(f"      {asked}{answer}")

    def _disobey(self, op: Operation) -> None:
        """Law 73: a card that fails to play as a penalty directed."""
        d = op.detail
        liable = "liable to the revoke penalty" if d["liable"] else "not liable"
        self.trick_lines.append(
            f"      {self._label(op)} fails to play as directed in trick {d['trick']}: "
            f"{self._card(d['card'])} (law 73; {liable})"
        )

    def _corrected(self, op: Operation) -> None:
        d = op.detail
        assert op.seat is not None
        if d["reopened"]:  # the trick is played again: drop its line
            number = f"  {d['trick']:>2}. "
            self.trick_lines = [line for line in self.trick_lines if not line.startswith(number)]
        withdrawn = " ".join(self._card(c) for c in d["withdrawn"])
        self.trick_lines.append(
            f"      The revoke in trick {d['trick']} is corrected: {withdrawn} taken back"
        )

    def _false_lead(self, op: Operation) -> None:
        """Law 78: a lead out of turn let stand, noticed before the fourth card."""
        d = op.detail
        back = " ".join(self._card(c) for c in (d["card"], *d["withdrawn"]))
        self.trick_lines.append(
            f"      {op.player} notices {self._label(op)}'s lead out of turn: "
            f"{back} taken back (law 78)"
        )

    def _touch(self, op: Operation) -> None:
        d = op.detail
        assert op.seat is not None
        what = "played" if d["played"] else "not played until quitted"
        self.trick_lines.append(f"      {op.player} touches {self._card(d['card'])} ({what})")

    def _suggest(self, op: Operation) -> None:
        assert op.action is not None
        assert op.action.card is not None
        self.trick_lines.append(
            f"      Dummy ({op.player}) suggests {card_text(op.action.card, self.symbols)}"
        )

    def _point_out(self, op: Operation) -> None:
        self.trick_lines.append(
            f"      Dummy ({op.player}) points out {self._label(op)}'s revoke "
            f"in trick {op.detail['trick']}: the penalty is forfeited"
        )

    def _trick(self, op: Operation) -> None:
        d = op.detail
        cards = [Card.from_str(c) for c in d["cards"]]
        leader = Seat.from_str(d["leader"])
        played = "  ".join(
            f"{Seat((leader + i) & 3).letter} {card_text(c, self.symbols):<3}"
            for i, c in enumerate(cards)
        )
        assert op.seat is not None
        self.trick_lines.append(f"  {d['number']:>2}. {played}  -> {op.seat.name.capitalize()}")

    # ------------------------------------------------------------ the score

    def _score(self, op: Operation) -> None:
        d = op.detail
        self._end_of_tricks()
        names = self.game.sheets[self.sheet_no].names
        for e in d["entries"]:
            if e["kind"] == "rubber":
                continue  # shown with the rubber's end
            where = "below" if e["line"] == BELOW else "above"
            self.out.append(f"  {names[e['column']]}: {e['points']} {where} the line ({e['note']})")
        if not d["entries"]:
            self.out.append("  nothing scored")

    def _game(self, op: Operation) -> None:
        d = op.detail
        self.out.append(f"  Game to {d['name']} (games {'-'.join(str(g) for g in d['games'])})")

    def _rubber(self, op: Operation) -> None:
        sheet = self.game.sheets[self.sheet_no]
        self.out.extend(rubber_bonus_lines(sheet))
        self.out.append("")
        rubber = f" of rubber {self.sheet_no + 1}" if self.game.rubbers > 1 else ""
        self.out.append(f"Score sheet{rubber}")
        self.out.append(score_sheet(sheet))
        self.out.extend(result_lines(sheet, op.detail))

    def _session(self) -> None:
        """The whole session's settlement, after more than one rubber."""
        net: dict[str, int] = dict.fromkeys(self.game.players, 0)
        for sheet in self.game.sheets:
            if sheet.is_over or sheet.winner is not None:
                for player, points in sheet.settlement().items():
                    net[player] += points
        self.out.append("")
        self.out.append("Session: " + ", ".join(f"{p} {points:+d}" for p, points in net.items()))


_Write = Callable[[_GameRecord, Operation], None]

#: the log entries written by their own method even when they carry an action
_WRITE_FIRST: dict[str, _Write] = {
    "cut": _GameRecord._cut,
    "rubber_start": _GameRecord._rubber_start,
    "deal": _GameRecord._deal,
    "sight": _GameRecord._sight,
    "examine": _GameRecord._examine,
    "forced": _GameRecord._forced,
    "play_blind": _GameRecord._play_blind,
    "insufficient": _GameRecord._bad_bid,
    "impossible": _GameRecord._bad_bid,
    "out_of_turn": _GameRecord._out_of_turn,
    "early_lead": _GameRecord._early_lead,
    "double_asked": _GameRecord._double_asked,
    "slip": _GameRecord._slip,
    "inform": _GameRecord._inform,
    "refer": _GameRecord._refer,
    "attention": _GameRecord._attention,
    "require": _GameRecord._penalty,
    "forbid": _GameRecord._penalty,
    "decline": _GameRecord._penalty,
    "call_lead": _GameRecord._penalty,
    "treat_exposed": _GameRecord._penalty,
    "lead_stands": _GameRecord._penalty,
    "call_card": _GameRecord._called,
    "forbid_lead": _GameRecord._forbidden,
    "expose_card": _GameRecord._exposure,
    "show_hand": _GameRecord._penalty,
    "have_rest": _GameRecord._penalty,
    "throw_down": _GameRecord._thrown,
    "lead_on": _GameRecord._penalty,
    "win_trick": _GameRecord._penalty,
}
#: the others, when they carry no action or are among the play's remarks (an
#: entry with any other action is written as one, by ``_GameRecord._action``)
_WRITE_LATER: dict[str, _Write] = {
    "contract": _GameRecord._contract,
    "revoke": _GameRecord._revoke,
    "disobey": _GameRecord._disobey,
    "ask": _GameRecord._ask_or_correct,
    "correct": _GameRecord._ask_or_correct,
    "corrected": _GameRecord._corrected,
    "false_lead": _GameRecord._false_lead,
    "touch": _GameRecord._touch,
    "suggest": _GameRecord._suggest,
    "point_out": _GameRecord._point_out,
    "passed_out": _GameRecord._passed_out,
    "look": _GameRecord._look,
    "expose": _GameRecord._expose,
    "trick": _GameRecord._trick,
    "score": _GameRecord._score,
    "game": _GameRecord._game,
    "rubber": _GameRecord._rubber,
}


_ORDER = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
