"""Playing at the terminal: one person plays his hands, bots play the rest.

A :class:`Session` runs a :class:`~dummybridge.engine.game.Game` for one human
player. Everything it shows comes from what that player may know: his
:meth:`~dummybridge.engine.game.Game.observation` (the hands he may see now, by the
variant's rules of sight), the public log entries (calls, cards played,
tricks, scores) and the public score sheet; a hidden hand shows only how many
cards it holds. What he types is read by :func:`~dummybridge.formats.natural.parse_input`
and checked by the game, whose own message says why an action is refused.

After every action the game is saved (:func:`save_atomic`): the JSON game
record (:meth:`~dummybridge.engine.game.Game.to_record`) plus a ``session`` entry
naming the human player, the bots and the state of each bot's PRNG, so that
:func:`load_session` continues exactly where the game stopped, whatever
moment it was stopped at.

The session does not print: it is given a ``write`` function for output and
a ``read`` function for input (the command line passes ``print`` and
``input``), which also makes it easy to drive from tests.
"""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from collections.abc import Callable, Mapping
from typing import Any

from ..bots.basic import BOT_KINDS, Bot, RuleBot, bot_seed, make_bot
from ..core._native import Rng
from ..core.cards import Card, Seat, Suit, seat_side
from ..core.files import read_utf8
from ..engine.actions import (
    BID,
    DOUBLE,
    LOOK,
    PASS,
    PLAY,
    REDOUBLE,
    REVOKE_CLAIM,
    WAIVE,
    Action,
    Operation,
)
from ..engine.game import Game, Observation
from ..errors import (
    DummyBridgeError,
    FileFormatError,
    IllegalActionError,
    InvalidNotationError,
    OutOfRangeError,
)
from ..formats.natural import parse_input
from ..formats.render import (
    action_words,
    hand_lines,
    result_lines,
    rubber_bonus_lines,
    score_sheet,
)

__all__ = ["BOT_KINDS", "SESSION_FORMAT", "Session", "load_session", "save_atomic"]

SESSION_FORMAT = "dummybridge-session/1"

_RED = "\x1b[31m"
_BOLD = "\x1b[1m"
_RESET = "\x1b[0m"
_ORDER = (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST)
_WIDTH = 24

HELP = """\
What you can type (any case):
  a card          SA  ♠A  as  A♠  10h  h10  ace of spades  (or just the rank
                  when only one card of that rank may be played)
  a declaration   hearts  ♥  no trumps  nt  declare clubs   leave it
  a bid           2H  2♥  2 hearts  two hearts  1 no trumps  1 royal spades
  other calls     pass  double (x)  redouble (xx)  content
  looks           look north  (where the rules let you look at a hand)
  laws mode       claim tricks  claim points  waive; a card that does not
                  follow suit (a revoke); ask having none, correct revoke,
                  touch SA, mention bidding ... ('actions' lists them)
  any action      exactly as 'actions' lists it (play SA, bid 2 hearts ...)
Commands:
  help            this text
  hint            what the rule-based bot would do in your place
  actions         every action open to you now
  show            the table again
  score           the score sheet so far
  claim           claim all the remaining tricks (claim N: that many of them);
                  granted when your side is sure of them however the others
                  play, and then played out for you (one refusal a deal)
  quit            stop; the game is saved, continue with 'dummybridge resume FILE'
"""


def save_atomic(path: str, data: Mapping[str, Any]) -> None:
    """Write ``data`` as JSON to ``path`` so that the file is always whole.

    The text goes to a temporary file in the same directory, which is flushed
    and synced to disk and then renamed over ``path`` (``os.replace`` is
    atomic); finally the directory is synced so the rename itself survives a
    crash. A reader, or a program killed at any moment, sees either the old
    file or the new one, never a mixture.

    :raises OSError: if the file cannot be written.
    """
    folder = os.path.dirname(os.path.abspath(path))
    try:
        fd, tmp = tempfile.mkstemp(prefix=".dummybridge-", suffix=".tmp", dir=folder)
    except OSError as exc:  # named by the file asked for, not the temporary one
        raise type(exc)(exc.errno, exc.strerror, path) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, indent=1, ensure_ascii=False)
            fh.write("\n")
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException as exc:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        if isinstance(exc, OSError):
            raise type(exc)(exc.errno, exc.strerror, path) from None
        raise
    try:
        dir_fd = os.open(folder, os.O_RDONLY)
    except OSError:  # pragma: no cover - a platform without directory handles
        return
    try:
        os.fsync(dir_fd)
    except OSError:  # pragma: no cover
        pass
    finally:
        os.close(dir_fd)


def load_session(path: str) -> tuple[Game, dict[str, Any]]:
    """Read a saved session: the game replayed from its record, and the session entry.

    :raises FileFormatError: for a file that is not a saved session.
    :raises IllegalActionError: if the record does not replay.
    :raises OSError: if the file cannot be read.
    """
    try:
        data = json.loads(read_utf8(path))
    except json.JSONDecodeError as exc:
        raise FileFormatError(
            path, f"not a saved game: {exc.msg}", line=exc.lineno, col=exc.colno
        ) from None
    session = data.get("session") if isinstance(data, dict) else None
    if not isinstance(session, dict) or session.get("format") != SESSION_FORMAT:
        raise FileFormatError(
            path,
            f"not a saved game (expected a 'session' entry of format "
            f"{SESSION_FORMAT!r}, as 'dummybridge play --seat' writes)",
            path="$.session",
        )
    game = Game.from_record(data)
    human = session.get("human")
    if human not in game.players:
        raise FileFormatError(
            path,
            f"{human!r} is not one of the players {list(game.players)!r}",
            path="$.session.human",
        )
    if session.get("bots", "rule") not in BOT_KINDS:
        raise FileFormatError(
            path,
            f"{session.get('bots')!r} is not one of {', '.join(BOT_KINDS)}",
            path="$.session.bots",
        )
    states = session.get("bot_states", {})
    if not isinstance(states, dict):
        raise FileFormatError(path, "not an object", path="$.session.bot_states")
    for player, state in states.items():
        if player not in game.players or player == human:
            raise FileFormatError(
                path, f"no bot plays {player!r}", path=f"$.session.bot_states.{player}"
            )
        try:
            Rng(1).setstate(state)
        except (OutOfRangeError, TypeError) as exc:
            raise FileFormatError(path, str(exc), path=f"$.session.bot_states.{player}") from None
    return game, session


def _colourise(text: str) -> str:
    return text.replace("♥", f"{_RED}♥{_RESET}").replace("♦", f"{_RED}♦{_RESET}")


class Session:
    """One person at the table, the bots at the other hands.

    :param game: the game to play (new, or replayed from a save).
    :param human: the player the person plays (he plays every hand that player plays).
    :param bots: which bots play the others (one of :data:`~dummybridge.bots.BOT_KINDS`).
    :param save_path: where the game is saved after every action (``None``: nowhere).
    :param write: shows a piece of text (one or more lines).
    :param read: asks with a prompt and returns the line typed; raises
        :class:`EOFError` when input ends.
    :param symbols: suit symbols (else letters).
    :param colour: red hearts and diamonds (ANSI colours).
    :param bot_states: saved PRNG states of the bots, by player (on resume).
    :param resumed: the game was replayed from a save: tell only what happens next.
    """

    def __init__(
        self,
        game: Game,
        human: str,
        *,
        bots: str = "rule",
        save_path: str | None,
        write: Callable[[str], None],
        read: Callable[[str], str],
        symbols: bool = True,
        colour: bool = False,
        bot_states: Mapping[str, Any] | None = None,
        resumed: bool = False,
    ) -> None:
        if human not in game.players:
            raise DummyBridgeError(
                f"no player {human!r} in this game (players: {', '.join(game.players)})"
            )
        self.game = game
        self.human = human
        self.bot_kind = bots
        self.save_path = save_path
        self._write = write
        self._read = read
        self.symbols = symbols
        self.colour = colour
        self.bots: dict[str, Bot] = {
            p: make_bot(bots, bot_seed(game.seed, p), game.rules)
            for p in game.players
            if p != human
        }
        for p, state in (bot_states or {}).items():
            bot = self.bots.get(p)
            rng = getattr(bot, "rng", None)
            if rng is not None:
                rng.setstate(state)
        # A new game is told from its start (the cut is not shown); a resumed
        # one from where it stopped.
        self._shown = len(game.log) if resumed else 0
        self._refused_claim: tuple[int, int] | None = None

    # ------------------------------------------------------------ output

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

    # ------------------------------------------------------------ saving

    def record(self) -> dict[str, Any]:
        """The game record with the session entry: what :meth:`save` writes."""
        data = self.game.to_record()
        states = {}
        for p, bot in self.bots.items():
            rng = getattr(bot, "rng", None)
            if rng is not None:
                states[p] = list(rng.getstate())
        data["session"] = {
            "format": SESSION_FORMAT,
            "human": self.human,
            "bots": self.bot_kind,
            "bot_states": states,
        }
        return data

    def save(self) -> None:
        """Save the game now (atomically), if the session has a file."""
        if self.save_path is not None:
            save_atomic(self.save_path, self.record())

    # ------------------------------------------------------------ the view

    def _held_count(self, obs: Observation, seat: Seat) -> int:
        played = sum(1 for t in obs.tricks for i in range(len(t.cards)) if t.seat_of(i) == seat)
        if obs.current is not None:
            played += sum(
                1 for i in range(len(obs.current.cards)) if obs.current.seat_of(i) == seat
            )
        return self.game.rules.deal.cards_each - played

    def _block(self, obs: Observation, seat: Seat) -> list[str]:
        mark = " *" if obs.to_act == seat else ""
        head = self.label(seat) + mark
        hand = obs.hands.get(seat)
        if hand is None:
            n = self._held_count(obs, seat)
            return [head, f"({n} card{'' if n == 1 else 's'}, hidden)", "", "", ""]
        return [head, *hand_lines(hand, self.symbols)]

    def _trick_lines(self, obs: Observation) -> list[str]:
        cur = obs.current
        if cur is None:
            return ["", "", "", "", ""]
        at = {cur.seat_of(i): self.card(c) for i, c in enumerate(cur.cards)}
        number = len(obs.tricks) + 1

        def slot(seat: Seat) -> str:
            return f"{seat.letter} {at[seat]}" if seat in at else ""

        return [
            f"    trick {number}",
            f"      {slot(Seat.NORTH)}",
            f"{slot(Seat.WEST):<12}{slot(Seat.EAST)}",
            f"      {slot(Seat.SOUTH)}",
            "",
        ]

    def view(self) -> str:
        """The table as the human may see it now."""
        g = self.game
        obs = g.observation(self.human)
        pad = " " * _WIDTH
        north, south = self._block(obs, Seat.NORTH), self._block(obs, Seat.SOUTH)
        west, east = self._block(obs, Seat.WEST), self._block(obs, Seat.EAST)
        mid = self._trick_lines(obs)
        lines = [self._status(obs), ""]
        lines += [pad + x for x in north]
        lines += [f"{west[i]:<{_WIDTH}}{mid[i]:<{_WIDTH}}{east[i]}" for i in range(5)]
        lines += [pad + x for x in south]
        lines.append("")
        lines += self._calls(obs)
        return "\n".join(line.rstrip() for line in lines)

    def _status(self, obs: Observation) -> str:
        g = self.game
        sheet = g.sheet
        below = ", ".join(f"{sheet.names[c]} {sheet.below(c)}" for c in range(len(sheet.names)))
        games = "-".join(str(x) for x in sheet.games)
        return (
            f"{g.rules.title}: rubber {g.rubber_number}, deal {obs.deal_number}, "
            f"{self.label(obs.dealer)} dealt.  Games {games}; below the line: {below}"
        )

    def _calls(self, obs: Observation) -> list[str]:
        g = self.game
        out: list[str] = []
        if g.rules.declaration.kind == "auction" and obs.history:
            out.append(
                "Auction: " + "  ".join(f"{s.letter} {self._call_text(a)}" for s, a in obs.history)
            )
        if obs.denomination is not None and obs.maker is not None and obs.declarer is not None:
            how = {"partner": ", left to partner", "dummy": ", forced (left to Dummy)"}.get(
                obs.declared_from or "", ""
            )
            doubled = {0: "", 1: ", doubled", 2: ", redoubled"}.get(
                obs.doubling_level, f", doubled {obs.doubling_level} times"
            )
            contract = obs.denomination.name.replace("_", " ")
            if g.contract is not None:
                contract = f"{g.contract.level} {contract}"
            out.append(
                f"Declaration: {contract} by {self.label(obs.maker)}{how}{doubled}; "
                f"{self.label(obs.declarer)} plays"
            )
        if obs.phase == "play" or obs.tricks:
            out.append(f"Tricks: N-S {obs.tricks_won[0]}, E-W {obs.tricks_won[1]}")
        return out

    def _call_text(self, action: Action) -> str:
        if action.kind == BID:
            return f"{action.level}{_short(action.denomination or '', self.symbols)}"
        return {PASS: "pass", DOUBLE: "double", REDOUBLE: "redouble"}.get(action.kind, str(action))

    # ------------------------------------------------------------ narration

    def _narrate(self) -> None:
        """Tell the human what happened since the last time, as far as it is public."""
        g = self.game
        log = g.log
        while self._shown < len(log):
            op = log[self._shown]
            self._shown += 1
            text = self._describe(op)
            if text:
                self.write(text)

    def _describe(self, op: Operation) -> str | None:
        g = self.game
        d = op.detail
        kind = op.kind
        if kind == "rubber_start":
            seats = ", ".join(self.label(s) for s in _ORDER)
            return f"\nRubber {d['rubber']}: {seats}"
        if kind == "deal":
            assert op.seat is not None
            return f"\nDeal {d['deal']}: {self.label(op.seat)} deals."
        if kind == "sight":
            lines = []
            own = g.player_seats[self.human]
            for change in d["changes"]:
                if change["player"] != self.human:
                    continue
                for x in change["sees"]:
                    if Seat.from_str(x) in own and g.phase != "play":
                        continue  # his own hand, as it is dealt
                    lines.append(f"  You may now see the {Seat.from_str(x).name.lower()} hand.")
                for x in change["loses"]:
                    lines.append(
                        f"  You may no longer look at the {Seat.from_str(x).name.lower()} hand."
                    )
            return "\n".join(lines) or None
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
            return f"  Dummy's declaration is forced: {d['denomination'].replace('_', ' ')}"
        if kind == "expose":
            assert op.seat is not None
            return f"  {self.label(op.seat)} is laid face up"
        if kind == "contract":
            declarer = Seat.from_str(d["declarer"])
            bid = d["bid"].removeprefix("bid ").replace("_", " ")
            doubled = {0: "", 1: " doubled", 2: " redoubled"}.get(d["doubled"], " doubled")
            return f"  Contract: {bid}{doubled}; {self.label(declarer)} plays"
        if kind == "passed_out":
            return "  All four pass: a new deal"
        if kind in ("out_of_turn", "insufficient"):
            assert op.seat is not None
            assert op.action is not None
            what = "out of turn" if kind == "out_of_turn" else "(an insufficient bid)"
            return f"  {self.label(op.seat)} {action_words(op.action, 0, True)} {what}"
        if kind == "score":
            return self._deal_score(op)
        if kind == "game":
            return f"  Game to {d['name']} (games {'-'.join(str(x) for x in d['games'])})"
        if kind == "rubber":
            return self._rubber_summary(d)
        if op.action is not None and op.seat is not None and kind not in ("revoke",):
            auction = g.rules.declaration.kind == "auction"
            level = 0 if kind != DOUBLE else self._level_before(op)
            return f"  {self.label(op.seat)} {action_words(op.action, level, auction)}"
        return None  # revokes stay secret until claimed; cut details are not shown

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
        for e in d["entries"]:
            if e["kind"] == "rubber":
                continue
            where = "below" if e["line"] == "below" else "above"
            lines.append(
                f"  {sheet.names[e['column']]}: {e['points']} {where} the line ({e['note']})"
            )
        if not d["entries"]:
            lines.append("  nothing scored")
        lines.append("")
        lines.append("Score sheet:")
        lines.append(score_sheet(sheet))
        return "\n".join(lines)

    def _rubber_summary(self, d: Mapping[str, Any]) -> str:
        g = self.game
        sheet = next(
            (s for s in g.sheets if s.is_over and s.result_data() == dict(d)), g.sheets[-1]
        )
        lines = ["", "The rubber is over.", *rubber_bonus_lines(sheet), score_sheet(sheet)]
        return "\n".join(lines + result_lines(sheet, d))

    # ------------------------------------------------------------ the loop

    def hint(self) -> Action:
        """What the rule-based bot would do in the human's place (from his own view only)."""
        obs = self.game.observation(self.human)
        adviser = RuleBot(
            bot_seed(self.game.seed, f"hint:{len(self.game.actions)}"), self.game.rules
        )
        return adviser.choose(obs)

    def run(self) -> int:
        """Play until the session ends or the person quits; returns an exit status."""
        g = self.game
        self._narrate()
        self.save()
        shown_for = None
        while not g.is_over:
            actor = g.actor
            assert actor is not None
            if actor != self.human:
                bot = self.bots[actor]
                g.apply(bot.choose(g.observation(actor)))
                self.save()
                self._narrate()
                continue
            key = (g.deal_number, len(g.actions))
            if shown_for != key:
                self.write(self.view())
                shown_for = key
            if not self._turn():
                return 0
            self.save()
            self._narrate()
        self.write(self._final())
        return 0

    def _final(self) -> str:
        g = self.game
        lines = ["", "The session is over."]
        net: dict[str, int] = dict.fromkeys(g.players, 0)
        for sheet in g.sheets:
            if sheet.is_over or sheet.winner is not None:
                for player, points in sheet.settlement().items():
                    net[player] += points
        lines.append(
            "Net: "
            + ", ".join(
                f"{'you' if p == self.human else p} {points:+d}" for p, points in net.items()
            )
        )
        return "\n".join(lines)

    def _prompt(self) -> str:
        g = self.game
        assert g.to_act is not None
        seat = g.to_act
        what = {
            "play": "play",
            "auction": "call",
            "declare": "declare",
            "double": "double or pass",
            "claim": "claim",
            "penalty": "choose the penalty",
        }.get(g.phase, "act")
        return f"{self.label(seat)} to {what} > "

    def _turn(self) -> bool:
        """Read and take one action of the human's; ``False`` when he quits."""
        g = self.game
        while True:
            try:
                line = self._read(self._prompt())
            except EOFError:
                self.write(self._stopped())
                return False
            text = line.strip()
            word = text.lower()
            if not text:
                continue
            if word in ("help", "?", "h?"):
                self.write(HELP)
                continue
            if word in ("quit", "exit", "q", "stop"):
                self.write(self._stopped())
                return False
            if word in ("show", "table", "redraw", "look"):
                self.write(self.view())
                continue
            if word in ("score", "sheet"):
                self.write(score_sheet(g.sheet))
                continue
            if word in ("actions", "legal", "options"):
                self.write("You may: " + ", ".join(self._natural(a) for a in g.legal_actions()))
                irregular = self._laws_offered()
                if irregular:
                    self.write("Laws mode: " + ", ".join(str(a) for a in irregular))
                continue
            if word == "hint":
                self.write(f"hint: {self._natural(self.hint())}")
                continue
            if word == "claim" or (word.startswith("claim ") and word[6:].strip().isdecimal()):
                self.write(self._claim(word))
                if g.is_over or g.phase != "play" or g.actor != self.human:
                    return True
                continue
            laws_action = self._laws_action(text)
            if laws_action is not None:  # a revoke or a remark (laws mode)
                g.apply(laws_action, player=self.human)
                return True
            legal = g.legal_actions()
            try:
                action = parse_input(text, g.rules, legal)
                g.verify(action)
            except (InvalidNotationError, IllegalActionError) as exc:
                self.write(f"refused: {exc}")
                continue
            g.apply(action)
            return True

    def _laws_offered(self) -> tuple[Action, ...]:
        """In laws mode, what the laws let the person do besides the legal
        actions: a card that does not follow suit, and the remarks of
        :meth:`Game.remarks` (asking "Having none?", touching a card ...)."""
        g = self.game
        if not g.laws:
            return ()
        return (*g.irregular_actions(), *g.remarks(self.human))

    def _laws_action(self, text: str) -> Action | None:
        """The laws-mode action ``text`` means, if it is one of those offered."""
        offered = self._laws_offered()
        if not offered:
            return None
        try:
            action = parse_input(text, self.game.rules, offered)
        except InvalidNotationError:
            return None
        return action if action in offered else None

    def _natural(self, action: Action) -> str:
        """An action as the person would type it."""
        if action.kind == PLAY and action.card is not None:
            return self.card(action.card)
        if action.kind == BID:
            return f"{action.level} {(action.denomination or '').replace('_', ' ')}"
        if action.kind == "declare":
            return (action.denomination or "").replace("_", " ")
        if action.kind == REVOKE_CLAIM:
            return f"claim {action.penalty}"
        if action.kind == WAIVE:
            return "waive"
        return str(action)

    def _stopped(self) -> str:
        where = f"; continue with: dummybridge resume {self.save_path}" if self.save_path else ""
        return f"\nStopped at deal {self.game.deal_number}{where}"

    def _claim(self, word: str) -> str:
        from .trick_claims import settle_claim

        # A refused claim tells something of the hidden hands, so one refusal
        # per deal: the person cannot probe the cards by claiming again.
        deal = (self.game.rubber_number, self.game.deal_number)
        if self._refused_claim == deal:
            return "refused: your claim was refused earlier in this deal; play on"
        parts = word.split()
        wanted = int(parts[1]) if len(parts) > 1 else None
        before = len(self.game.actions)
        message = settle_claim(self.game, self.human, wanted, self.bots, self.save)
        if message.startswith("claim refused"):
            self._refused_claim = deal
        if len(self.game.actions) > before:
            self.save()
        return message


def _short(name: str, symbols: bool) -> str:
    """``H`` / ``♥`` for hearts, ``NT`` for no trumps, ``RS`` for royal spades."""
    words = name.split("_")
    try:
        suit = Suit.from_str(words[-1])
    except InvalidNotationError:
        return "NT" if "trump" in name else name
    letter = suit.symbol if symbols else suit.letter
    return ("R" if len(words) > 1 else "") + letter
