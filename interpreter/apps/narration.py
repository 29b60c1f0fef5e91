"""The terminal game's narration: what happened, in the screen's words.

:class:`Narration` is the part of :class:`~dummybridge.apps.terminal.Session`
that tells the person what happened since he last acted, as far as it is
public (the log's calls, cards, tricks and scores), names the hands as the
screen does (``South (you)``, ``North (C, dummy)``), and ends each deal with
its review (the four hands as dealt, the tricks, the score), which waits for
the person before the next deal starts.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from ..core.cards import Card, Seat, seat_side
from ..engine.actions import BID, DOUBLE, LOOK, PLAY, REDOUBLE, Action, Operation
from ..engine.game import Game
from ..formats.render import action_words, result_lines, rubber_bonus_lines, score_sheet
from . import terminal_text as text_

__all__ = ["Narration", "Stop"]

_RED = "\x1b[31m"
_RESET = "\x1b[0m"
_ORDER = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
#: what the person types to stop
QUIT = ("quit", "exit", "q", "stop")


class Stop(Exception):
    """The person stopped at the end-of-deal review."""


def _colourise(text: str) -> str:
    return text.replace("♥", f"{_RED}♥{_RESET}").replace("♦", f"{_RED}♦{_RESET}")


class Narration:
    """Telling the person what happens; the output half of the terminal session."""

    game: Game
    human: str
    symbols: bool
    colour: bool
    _write: Callable[[str], None]
    _read: Callable[[str], str]
    _shown: int
    _quiet_until: int
    _review_pending: bool
    _last_trick: tuple[int, int, tuple[Seat, list[Card], Seat | None]] | None

    def write(self, text: str) -> None:
        """Show text, coloured if the session has colour."""
        self._write(_colourise(text) if self.colour and self.symbols else text)

    def card(self, card: Card) -> str:
        """A card as the session writes it: ``♠A`` or ``SA``."""
        return (card.suit.symbol if self.symbols else card.suit.letter) + card.code[1]

    def label(self, seat: Seat) -> str:
        """``South (B)``, ``North (B's Dummy)``, with ``you`` for the human's hands."""
        g = self.game
        player = g.seat_player[seat]
        name = seat.name.capitalize()
        who = "you" if player == self.human else player
        if g.phase == "play" and seat == g.dummy and g.player_of(seat) != player:
            return f"{name} ({who}, dummy)"
        if seat not in g.manned:
            return f"{name} ({'your' if who == 'you' else who + chr(39) + 's'} Dummy)"
        return f"{name} ({who})"

    def _call_text(self, action: Action, level_before: int = 0) -> str:
        return text_.call_text(action, self.game.rules, self.symbols, level_before)

    # ------------------------------------------------------------ narration

    def _narrate(self) -> None:
        """Tell the human what happened since the last time, as far as it is public.

        A deal's end shows its review, and the next deal waits for the person
        (:meth:`_wait`); the cards a granted claim played out are not told.
        """
        log = self.game.log
        while self._shown < len(log):
            op = log[self._shown]
            if self._review_pending and op.kind in ("deal", "rubber_start"):
                self._review_pending = False
                self._wait()
            self._shown += 1
            if op.index < self._quiet_until and op.kind in (PLAY, "trick", "play_blind"):
                continue
            text = self._describe(op)
            if text:
                self.write(self.game.rules.laws.cite(text))  # the variant's code's laws

    def _wait(self) -> None:
        """The end-of-deal review waits until the person is ready for the next deal."""
        try:
            answer = self._read("Press Enter for the next deal (or quit) > ")
        except EOFError:
            raise Stop from None
        if answer.strip().lower() in QUIT:
            raise Stop

    def _describe(self, op: Operation) -> str | None:
        d = op.detail
        kind = op.kind
        if kind == "rubber_start":
            seats = ", ".join(self.label(s) for s in _ORDER)
            return f"\nRubber {d['rubber']}: {seats}"
        if kind == "deal":
            assert op.seat is not None
            return f"\nDeal {d['deal']}: {self.label(op.seat)} deals."
        if kind == "sight":
            return self._describe_sight(d)
        if kind == PLAY:
            assert op.seat is not None
            assert op.action is not None
            assert op.action.card is not None
            return f"  {self.label(op.seat)} plays {self.card(op.action.card)}"
        if kind == "play_blind":
            assert op.seat is not None
            return f"  {op.player} plays blind from the {op.seat.name.lower()} hand:"
        if kind == "trick":
            assert op.seat is not None
            return f"  -> {self.label(op.seat)} wins trick {d['number']}"
        if kind == LOOK:
            assert op.seat is not None
            who = "You look" if op.player == self.human else f"{op.player} looks"
            return f"  {who} at the {op.seat.name.lower()} hand"
        if kind == "examine":
            assert op.seat is not None
            return f"  {op.player} examines the {op.seat.name.lower()} hand (without exposing it)"
        if kind == "forced":
            why = "; ".join(d.get("steps", ()))
            return f"  Dummy's declaration is forced: {d['denomination'].replace('_', ' ')}" + (
                f" ({why})" if why else ""
            )
        if kind == "expose":
            assert op.seat is not None
            return f"  {self.label(op.seat)} is laid face up"
        if kind == "contract":
            declarer = Seat.from_str(d["declarer"])
            bid = self._call_text(Action.parse(d["bid"]))
            doubled = {0: "", 1: " doubled", 2: " redoubled"}.get(d["doubled"], " doubled")
            return f"  Contract: {bid}{doubled}; {self.label(declarer)} plays"
        if kind == "passed_out":
            return "  All four pass: a new deal"
        return self._describe_result(op) or self._describe_call(op)

    def _describe_sight(self, d: Mapping[str, Any]) -> str | None:
        g = self.game
        lines = []
        own = g.player_seats[self.human]
        deal = g.deal
        human = self.human

        def happened(event: str) -> bool:
            return event in deal.events or (event, human) in deal.player_events

        for change in d["changes"]:
            if change["player"] != self.human:
                continue
            for x in change["sees"]:
                if Seat.from_str(x) in own and g.phase != "play":
                    continue  # his own hand, as it is dealt
                lines.append(f"  You may now see the {Seat.from_str(x).name.lower()} hand.")
            for x in change["loses"]:
                why = text_.sight_reason(g.rules, happened)
                lines.append(
                    f"  You may no longer look at the {Seat.from_str(x).name.lower()} hand: {why}."
                )
        return "\n".join(lines) or None

    def _describe_result(self, op: Operation) -> str | None:
        d = op.detail
        if op.kind == "score":
            return self._deal_score(op)
        if op.kind == "game":
            return f"  Game to {d['name']} (games {'-'.join(str(x) for x in d['games'])})"
        if op.kind == "rubber":
            return self._rubber_summary(d)
        return None

    def _describe_call(self, op: Operation) -> str | None:
        kind = op.kind
        if kind == "slip":  # law 52: told with the correction, the entry after it
            return None
        if kind in ("out_of_turn", "insufficient"):
            assert op.seat is not None
            assert op.action is not None
            what = "out of turn" if kind == "out_of_turn" else "(an insufficient bid)"
            return f"  {self.label(op.seat)} {self._call_words(op.action, 0)} {what}"
        if op.action is not None and op.seat is not None and kind not in ("revoke",):
            level = 0 if kind != DOUBLE else self._level_before(op)
            said = f"  {self.label(op.seat)} {self._call_words(op.action, level)}"
            before = self.game.log[op.index - 1] if op.index else None
            if before is not None and before.kind == "slip" and before.action is not None:
                # (a slip rebuilds the log: its entry takes the place of the call it voids)
                void = self._call_words(before.action, level)
                return f"{said}: a slip corrected, {void} is void (law 52)"
            return said
        return None  # revokes stay secret until claimed; cut details are not shown

    def _call_words(self, action: Action, level: int) -> str:
        """``bids 1♥``, ``passes``, ``doubles``, ``redoubles``, ``declares hearts``."""
        if action.kind == BID:
            return f"bids {self._call_text(action)}"
        auction = self.game.rules.declaration.kind == "auction"
        return action_words(action, level, auction, self.symbols)

    def _level_before(self, op: Operation) -> int:
        """How many doublings came before this double in its deal (for its wording)."""
        level = 0
        for prior in reversed(self.game.log[: op.index]):
            if prior.kind == "deal":
                break
            if prior.kind in (DOUBLE, REDOUBLE):
                level += 1
            elif prior.kind == BID:
                break
        return level

    def _deal_score(self, op: Operation) -> str:
        g = self.game
        d = op.detail
        won = [0, 0]
        for prior in reversed(g.log[: op.index]):
            if prior.kind == "deal":
                break
            if prior.kind == "trick" and prior.seat is not None:
                won[seat_side(prior.seat)] += 1
        sheet = g.sheets[-1] if g.sheets else g.sheet
        # The score belongs to the sheet of the rubber being played; a new
        # rubber's sheet is only opened after this entry is written.
        for s in reversed(g.sheets):
            if any(e.deal == d["deal"] for e in s.entries):
                sheet = s
                break
        lines = [f"\nDeal {d['deal']} is over: N-S won {won[0]} tricks, E-W {won[1]}."]
        lines += self._review(op)
        lines.append(f"The score for deal {d['deal']}:")
        for e in d["entries"]:
            if e["kind"] == "rubber":
                continue
            where = "below" if e["line"] == "below" else "above"
            lines.append(
                f"  {sheet.names[e['column']]}: {e['points']} {where} the line ({e['note']})"
            )
        if not d["entries"]:
            lines.append("  nothing scored")
        self._review_pending = True
        if not self._rubber_follows(op):  # else the rubber's summary shows the sheet, once
            lines += ["", "Score sheet:", score_sheet(sheet)]
        return "\n".join(lines)

    def _rubber_follows(self, op: Operation) -> bool:
        """Whether this deal's score ends the rubber (its summary comes next)."""
        for later in self.game.log[op.index + 1 :]:
            if later.kind == "rubber":
                return True
            if later.kind in ("deal", "rubber_start"):
                return False
        return False

    def _review(self, op: Operation) -> list[str]:
        """The four hands as dealt and the tricks of the deal the score ``op`` ends."""
        history = text_.deal_history(self.game.log, op.index)
        if history is None:
            return []
        labels = {
            seat: f"{seat.name.capitalize()} "
            + ("(dummy)" if seat == history.dummy else f"({'you' if p == self.human else p})")
            for seat, p in history.players.items()
        }
        cards_each = self.game.rules.deal.cards_each
        lines = text_.review_lines(history, cards_each, labels, self.symbols, self.card)
        if history.tricks:
            self._last_trick = (history.number, len(history.tricks), history.tricks[-1])
        return [*lines, ""] if lines else []

    def _rubber_summary(self, d: Mapping[str, Any]) -> str:
        g = self.game
        sheet = next(
            (s for s in g.sheets if s.is_over and s.result_data() == dict(d)), g.sheets[-1]
        )
        lines = ["", "The rubber is over.", *rubber_bonus_lines(sheet), "", score_sheet(sheet)]
        return "\n".join(lines + result_lines(sheet, d))
