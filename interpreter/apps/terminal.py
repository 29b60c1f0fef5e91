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

import json
from collections.abc import Callable, Mapping
from typing import Any

from ..bots.basic import BOT_KINDS, Bot, RuleBot, bot_seed, make_bot
from ..core.cards import Seat, seat_side
from ..core.writes import write_atomic
from ..engine.actions import (
    BID,
    CALLS,
    DOUBLE,
    LOOK,
    PLAY,
    REVOKE_CLAIM,
    WAIVE,
    Action,
)
from ..engine.game import Game, Observation
from ..engine.laws.calls import slip_corrections
from ..errors import (
    DummyBridgeError,
    IllegalActionError,
    InvalidNotationError,
)
from ..formats.natural import parse_input
from ..formats.records import load_game
from ..formats.render import (
    hand_lines,
    score_sheet,
)
from . import hints
from . import terminal_text as text_
from .narration import QUIT, Narration, Stop

__all__ = [
    "BOT_KINDS",
    "SESSION_FORMAT",
    "Session",
    "finished_save",
    "load_session",
    "save_atomic",
]

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
  out of turn     laws mode: before another player acts the session stops
                  ("you first? (Enter: no)") where the laws let you act out of
                  turn: a call, a lead, lead on SA, expose SA ('actions' lists
                  them), or the call you meant just after a slip of the tongue
                  (law 52: "Two Hearts -- I mean three Hearts"); Enter lets him
                  act; 'pause off' stops these pauses, 'pause on' brings them back
Commands:
  help            this text
  hint            what the rule-based bot would do in your place, and why
  hint dd         the best cards double dummy (it looks at every hand)
  actions         every action open to you now (the bids as a grid)
  show            the table again
  last            the last trick
  score           the score sheet so far
  claim           claim all the remaining tricks (claim N: that many of them);
                  granted when your side is sure of them however the others
                  play, and then played out for you (one refusal a deal); in
                  laws mode the declarer's claim is his "I have the rest"
                  (law 72): he may be required to show his cards
  quit            stop; the game is saved, continue with 'dummybridge resume FILE'
"""


def save_atomic(path: str, data: Mapping[str, Any]) -> None:
    """Write ``data`` as JSON to ``path`` so that the file is always whole
    (:func:`~dummybridge.core.writes.write_atomic`: a temporary file in the
    same directory, synced and renamed over ``path``; none is left behind).

    :raises OSError: if the file cannot be written.
    """
    write_atomic(path, json.dumps(data, indent=1, ensure_ascii=False) + "\n")


def load_session(path: str, rules_file: str | None = None) -> tuple[Game, dict[str, Any]]:
    """Read a saved session with the loader of every record
    (:func:`~dummybridge.formats.records.load_game`): the game replayed from
    its record, and the session entry.

    :param rules_file: ``--rules FILE``, for a save that names its rule file
        without carrying it.
    :raises FileFormatError: for a file that is not a saved session, located.
    :raises OSError: if the file cannot be read.
    """
    game, record = load_game(path, save=True, rules_file=rules_file)
    session: dict[str, Any] = record["session"]
    return game, session


def finished_save(path: str) -> bool:
    """Whether ``path`` holds a saved game that is over (so a new game of the
    same seed may take its place); ``False`` for anything else, unreadable too."""
    try:
        game, _ = load_session(path)
    except (DummyBridgeError, OSError, ValueError):
        return False
    return game.is_over


class Session(Narration):
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
        self._quiet_until = 0
        self._review_pending = False
        self._last_trick = None
        #: laws mode: whether the session stops before a bot acts, for the
        #: person's irregularities out of turn (``pause off``, ``pause on``)
        self.pauses = True
        self._paused_at: tuple[int, int] | None = None

    # ------------------------------------------------------------ output

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
            # (the calls only: the penalties chosen are told as they happen)
            calls = [(s, self._call_text(a)) for s, a in obs.history if a.kind in CALLS]
            out += ["Auction:", *("  " + x for x in text_.auction_grid(calls))]
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

    # ------------------------------------------------------------ the loop

    def hint(self) -> Action:
        """What the rule-based bot would do in the human's place (from his own view only)."""
        obs = self.game.observation(self.human)
        adviser = RuleBot(
            bot_seed(self.game.seed, f"hint:{len(self.game.actions)}"), self.game.rules
        )
        return adviser.choose(obs)

    def hint_text(self, solver: bool = False) -> str:
        """``hint: ♠2 (following suit with the lowest)``; with ``solver`` (or when the
        person sees every hand anyway) the double-dummy answer too."""
        obs = self.game.observation(self.human)
        action = self.hint()
        lines = [f"hint: {self._natural(action)} ({hints.reason(obs, action)})"]
        if solver or len(obs.hands) == len(Seat):
            dd = hints.double_dummy(self.game, self.card)
            if dd is not None:
                lines.append(dd)
            elif solver:
                lines.append("double dummy: only in the play of the cards")
        return "\n".join(lines)

    def run(self) -> int:
        """Play until the session ends or the person quits; returns an exit status.

        Ctrl-C stops it as ``quit`` does (the game is saved after every
        action), says how to continue, and is passed on to the caller (as is
        an exit a signal handler raises).
        """
        try:
            return self._run()
        except Stop:
            self.write(self._stopped())
            return 0
        except (KeyboardInterrupt, SystemExit):  # Ctrl-C, or a signal the CLI turns into an exit
            self.write(self._stopped())
            raise

    def _run(self) -> int:
        g = self.game
        self._narrate()
        self.save()
        shown_for = None
        while not g.is_over:
            actor = g.actor
            assert actor is not None
            if actor != self.human:
                acted = self._before_others()  # laws mode: his irregularities first
                if acted is None:
                    return 0
                if not acted:
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
            "double": "redouble or pass" if g.deal.doubling_level & 1 else "double or pass",
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
            word = " ".join(text.lower().split())
            if not text:
                continue
            if word in QUIT:
                self.write(self._stopped())
                return False
            if self._command(word):
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
            except InvalidNotationError as exc:
                self.write(f"refused: {exc}")
                continue
            try:
                g.verify(action)
            except IllegalActionError as exc:
                self.write(self._refusal(action, exc))
                continue
            g.apply(action)
            return True

    def _command(self, word: str) -> bool:
        """Answer a command that takes no action (``help``, ``show``, ``last`` ...);
        ``False`` if ``word`` is none."""
        g = self.game
        if word in ("help", "?", "h?"):
            self.write(HELP)
        elif word in ("show", "table", "redraw", "look"):
            self.write(self.view())
        elif word in ("score", "sheet"):
            self.write(score_sheet(g.sheet))
        elif word in ("actions", "legal", "options"):
            self.write(self._actions_text())
        elif word in ("last", "last trick"):
            self.write(self._last_text())
        elif word in ("hint", "hint dd", "hint solver", "hint double dummy"):
            self.write(self.hint_text(solver=word != "hint"))
        elif word in ("pause off", "pause on"):
            self.pauses = word == "pause on"
            self.write(f"pauses before the others act (laws mode): {word[6:]}")
        else:
            return False
        return True

    def _actions_text(self) -> str:
        """Every action open now; the bids as a grid by level and denomination."""
        g = self.game
        legal = g.legal_actions()
        bids = [a for a in legal if a.kind == BID]
        others = [self._natural(a) for a in legal if a.kind != BID]
        if not others:  # (the dealer who must bid, law 42)
            lines = ["You may bid:"]
        else:
            lines = ["You may: " + ", ".join(others) + (", or bid:" if bids else "")]
        if bids:
            lines += ["  " + x for x in text_.bid_grid(bids, g.rules, self.symbols)]
        irregular = self._laws_offered()
        if irregular:
            lines.append("Laws mode: " + ", ".join(str(a) for a in irregular))
        return "\n".join(lines)

    def _last_text(self) -> str:
        """The last trick played (in this deal, else the last of the deal before)."""
        tricks = self.game.observation(self.human).tricks
        if tricks:
            t = tricks[-1]
            trick = (t.leader, list(t.cards), t.winner)
            number = len(tricks)
        elif self._last_trick is not None:  # the deal before's (its seats by letter)
            deal, number, trick = self._last_trick
            return f"Last trick of deal {deal}: " + text_.trick_line(number, trick, self.card)
        else:
            return "No trick has been played yet."
        return "Last trick: " + text_.trick_line(number, trick, self.card, self.label)

    def _refusal(self, action: Action, exc: IllegalActionError) -> str:
        g = self.game
        own = g.player_seats[self.human]
        sides = {seat_side(s) for s in own}

        def who(seat: Seat) -> str:
            player = g.player_of(seat)
            if player == self.human:
                return "you"
            if seat_side(seat) in sides and g.seat_player[seat] != self.human:
                return "your partner"
            return self.label(seat)

        return text_.refusal(
            str(exc), self._natural(action), who, self.card, self.human, self._call_text
        )

    def _laws_offered(self) -> tuple[Action, ...]:
        """In laws mode, what the laws let the person do besides the legal
        actions: a card that does not follow suit, and the remarks of
        :meth:`Game.remarks` (asking "Having none?", touching a card ...)."""
        g = self.game
        if not g.laws:
            return ()
        return (*g.irregular_actions(), *g.remarks(self.human))

    def _out_of_turn_offered(self) -> tuple[Action, ...]:
        """In laws mode, what the laws let the person do while another
        player is to act: his calls and cards out of turn (a lead out of
        turn, a winning card led on before his partner plays ...) and the
        remarks of :meth:`Game.remarks` (a card exposed, "Having none?" ...)."""
        g = self.game
        if not g.laws or not self.pauses:
            return ()
        return (
            *slip_corrections(g, self.human),  # law 52: his last call corrected
            *g.out_of_turn_actions(self.human),
            *g.remarks(self.human),
        )

    def _before_others(self) -> bool | None:
        """Laws mode: before a bot acts, the person may act out of turn, if
        the laws let him do anything now; ``True`` when he did, ``False``
        when he let the bot act (an empty line), ``None`` when he quit."""
        offered = self._out_of_turn_offered()
        if not offered:
            return False
        g, key = self.game, (self.game.deal_number, len(self.game.actions))
        if self._paused_at != key and g.phase == "play":  # (the trick as it is)
            self._paused_at = key
            self.write(self.view())
        if self._paused_at != key and slip_corrections(g, self.human):
            self._paused_at = key
            self.write(
                "You may correct your call as a slip of the tongue before the next "
                "call (law 52): type the call you meant ('actions' lists them)."
            )
        while True:
            try:
                line = self._read(self._prompt()[:-3] + "; you first? (Enter: no) > ")
            except EOFError:
                self.write(self._stopped())
                return None
            word = " ".join(line.lower().split())
            if not word:
                return False
            if word in QUIT:
                self.write(self._stopped())
                return None
            if word in ("actions", "legal", "options"):
                self.write("Laws mode, out of turn: " + ", ".join(str(a) for a in offered))
                continue
            if not word.startswith("hint") and self._command(word):  # (no hint: not his turn)
                if not self.pauses:
                    return False
                continue
            try:
                action = parse_input(line.strip(), g.rules, offered)
                g.apply(action, player=self.human)
            except (InvalidNotationError, IllegalActionError) as exc:
                self.write(f"refused: {exc}")
                continue
            return True

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
        if action.kind in (BID, DOUBLE):
            g = self.game
            return self._call_text(action, g.deal.doubling_level if g.phase == "double" else 0)
        if action.kind == "declare":
            return (action.denomination or "").replace("_", " ")
        if action.kind == LOOK and action.seat is not None:
            return f"look {action.seat.name.lower()}"
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
            self._quiet_until = len(self.game.log)  # the cards played out are not told
        return message
