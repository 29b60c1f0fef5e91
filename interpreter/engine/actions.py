"""Actions (what a player decides) and operations (what happened, in the log).

An :class:`Action` is a decision without its author: ``declare hearts``,
``leave it``, ``double``, ``pass``, ``play SA``. The game knows whose turn it
is; the :class:`Operation` it returns and appends to its log records the
action together with the seat and player that took it, or a step the game
took by itself (the cut, the deal, a trick won, a score).

>>> Action.parse("play SA"), str(Action.declare("no_trumps"))
(Action.parse('play SA'), 'declare no_trumps')
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Mapping
from types import MappingProxyType
from typing import Any, Final, NamedTuple

from ..core.cards import Card, Seat
from ..core.files import clip
from ..errors import InvalidNotationError

__all__ = [
    "ACCEPT",
    "ASK",
    "ATTENTION",
    "BID",
    "BID_SEVEN",
    "BLIND",
    "CALLS",
    "CALL_CARD",
    "CALL_LEAD",
    "CANCEL",
    "COMPEL",
    "CONSENT",
    "CORRECT",
    "DECLARE",
    "DECLINE",
    "DOUBLE",
    "END_DOUBLING",
    "EXPOSE_CARD",
    "FALSE_LEAD",
    "FORBID",
    "FORBID_LEAD",
    "HAVE_REST",
    "INFORM",
    "LEAD_ON",
    "LEAD_STANDS",
    "LEAVE",
    "LOOK",
    "MAKE_SUFFICIENT",
    "NEW_DEAL",
    "PASS",
    "PLAY",
    "POINT_OUT",
    "PREVIOUS_FINAL",
    "REDOUBLE",
    "REFER",
    "REQUIRE",
    "REVOKE_CLAIM",
    "SHOW_HAND",
    "SUGGEST",
    "THROW_DOWN",
    "TOUCH",
    "TREAT_EXPOSED",
    "WAIVE",
    "WIN_TRICK",
    "WITHHOLD_CONSENT",
    "Action",
    "Operation",
]

DECLARE: Final = "declare"
LEAVE: Final = "leave"
DOUBLE: Final = "double"
PASS: Final = "pass"
PLAY: Final = "play"
LOOK: Final = "look"
BLIND: Final = "play_blind"
BID: Final = "bid"
REDOUBLE: Final = "redouble"
#: the kinds of the calls of the declaration, the doubling and the auction: what
#: an auction's grid or a list of the calls shows of a deal's history (which
#: holds the decisions of the laws' penalties too)
CALLS: Final = frozenset((DECLARE, LEAVE, DOUBLE, REDOUBLE, PASS, BID))
#: laws mode, after the last trick: the claim of a revoke's penalty (``claim revoke
#: tricks``), or its waiver; not the terminal's claim of the tricks still to play
REVOKE_CLAIM: Final = "claim"
WAIVE: Final = "waive"
NEW_DEAL: Final = "new_deal"
ACCEPT: Final = "accept"
CANCEL: Final = "cancel"
COMPEL: Final = "compel"
#: ELW05 law 55: a double out of turn not accepted ends the doubling
END_DOUBLING: Final = "end_doubling"
#: ELW05 laws 56, 58: the consent to the eldest hand's partner's double after
#: the eldest hand has led before the doubling is done, given or withheld
CONSENT: Final = "consent"
WITHHOLD_CONSENT: Final = "withhold_consent"
MAKE_SUFFICIENT: Final = "make_sufficient"
TOUCH: Final = "touch"
ASK: Final = "ask"
CORRECT: Final = "correct"
POINT_OUT: Final = "point_out"
SUGGEST: Final = "suggest"
REQUIRE: Final = "require"
FORBID: Final = "forbid"
DECLINE: Final = "decline"
INFORM: Final = "inform"
#: 1912 law 93 (ELW05 law 101): an adversary's unauthorised reference to an incident of the play
REFER: Final = "refer"
#: law 92 (ELW05 law 100): an adversary calls attention to the trick before his partner plays
ATTENTION: Final = "attention"
BID_SEVEN: Final = "bid_seven"
PREVIOUS_FINAL: Final = "previous_final"
CALL_LEAD: Final = "call_lead"
TREAT_EXPOSED: Final = "treat_exposed"
#: law 78: a lead out of turn let stand, the three others following it
LEAD_STANDS: Final = "lead_stands"
#: law 78, second clause: the error noticed before the fourth card falls, the
#: cards played to the false lead are taken back (``take back false lead``)
FALSE_LEAD: Final = "false_lead"
#: law 72: the declarer who said "I have the rest" places his cards face up
SHOW_HAND: Final = "show_hand"
#: laws mode: a card exposed, left face up (1912 laws 65-72: ``expose SA``); an
#: exposed card called by the declarer (law 67: ``call SA``); the lead
#: of a suit prohibited (laws 65, 66: ``forbid lead hearts``)
EXPOSE_CARD: Final = "expose_card"
CALL_CARD: Final = "call_card"
FORBID_LEAD: Final = "forbid_lead"
#: law 72: an adversary of the declarer throws his cards on the table face
#: upward (``throw down hand``); the declarer says "I have the rest" (``have the rest``)
THROW_DOWN: Final = "throw_down"
HAVE_REST: Final = "have_rest"
#: law 71: an adversary whose card wins as against the declarer and dummy leads
#: on another such card before his partner plays (``lead on SA``); the declarer
#: demands that the partner win the trick that card begins (``require win SA``)
LEAD_ON: Final = "lead_on"
WIN_TRICK: Final = "win_trick"
#: the words each of them is written with, before its card or suit
_CARD_WORDS = {
    PLAY: "play",
    TOUCH: "touch",
    SUGGEST: "suggest",
    EXPOSE_CARD: "expose",
    CALL_CARD: "call",
    LEAD_ON: "lead on",
    WIN_TRICK: "require win",
}
#: the kinds of those actions, by their words
_CARD_KINDS = {words: kind for kind, words in _CARD_WORDS.items()}
#: the penalties a revoke claim may name
_REVOKE_PENALTIES = ("tricks", "points")
#: what may be required of a player: his highest or lowest card of the suit
#: led (1912 laws 80, 86), to win or lose the trick (law 80), or the card dummy
#: suggested (law 62)
_REQUIREMENTS = {
    "highest": "require highest",
    "lowest": "require lowest",
    "win": "require win",
    "lose": "require lose",
    "suggested": "require suggested card",
}
_TEXTS = {
    LEAVE: "leave it",
    BLIND: "play blind",
    ASK: "ask having none",
    CORRECT: "correct revoke",
    POINT_OUT: "point out revoke",
    INFORM: "mention bidding",
    REFER: "mention play",
    ATTENTION: "claim trick",
    FALSE_LEAD: "take back false lead",
    THROW_DOWN: "throw down hand",
    HAVE_REST: "have the rest",
}
#: the suits a lead may be called in (laws 51, 93)
_LEAD_SUITS = ("clubs", "diamonds", "hearts", "spades")

_KINDS = (
    DECLARE,
    LEAVE,
    DOUBLE,
    PASS,
    PLAY,
    LOOK,
    BLIND,
    BID,
    REDOUBLE,
    REVOKE_CLAIM,
    WAIVE,
    ASK,
    CORRECT,
    POINT_OUT,
    INFORM,
    REFER,
    ATTENTION,
    FALSE_LEAD,
    THROW_DOWN,
    HAVE_REST,
)

#: the decisions with a fixed text that the laws' penalties declare, by kind
#: (``new_deal``: ``demand new deal``): each class of :mod:`.laws.penalties`
#: registers its own (see :func:`register_decision`)
_DECISION_TEXTS: dict[str, str] = {}


def register_decision(kind: str, text: str) -> None:
    """Make ``Action(kind)`` an action whose text is ``text``, parsed back from
    it: the decision of a penalty of the laws (:mod:`.laws.penalties`).

    :raises ValueError: for a kind or a text that another action has.
    """
    taken = (
        kind in (*_KINDS, *_CARD_WORDS, CALL_LEAD, FORBID_LEAD, REQUIRE) or kind in _DECISION_TEXTS
    )
    try:
        read = text in _DECISION_TEXTS.values() or Action._read(text.split()) is not None
    except InvalidNotationError:  # read as an action with a bad card, seat or name
        read = True
    if taken or read:
        raise ValueError(f"the action {kind!r} ({text!r}) would be read as another")
    _DECISION_TEXTS[kind] = text


def _decision_texts() -> dict[str, str]:
    """The penalties' decisions: registered when the laws' penalties are imported
    (which the game does), or else here, the first time one is asked for."""
    if not _DECISION_TEXTS:
        importlib.import_module(".laws.penalties", __package__)
    return _DECISION_TEXTS


def _card(card: Card | str) -> Card:
    """A card, given as one or by its code."""
    return card if isinstance(card, Card) else Card.from_str(card)


_DENOMINATION_NAME = re.compile(r"[a-z][a-z_]*")  # as the schema names denominations


def _check_denomination(name: object) -> None:
    """A bid's or declaration's denomination must be a name a rule file can
    give it, so that the action's text reads back as the same action."""
    if not isinstance(name, str) or not _DENOMINATION_NAME.fullmatch(name):
        raise ValueError(
            "a denomination is named by a lowercase letter, then lowercase letters "
            f"and underscores (such as no_trumps), not {name!r}"
        )


class Action:
    """An immutable decision. Build with the class methods or :meth:`parse`.

    Equal actions are the same object (they are interned), so actions can be
    compared with ``is`` and used as dict keys cheaply.
    """

    __slots__ = ("_text", "card", "denomination", "index", "kind", "level", "penalty", "seat")

    kind: str
    card: Card | None
    denomination: str | None
    #: the hand looked at, for a look
    seat: Seat | None
    #: the tricks over the book, for a bid
    level: int | None
    #: the penalty claimed (``tricks`` or ``points``), for a revoke claim; what
    #: is required (``highest``, ``lowest``, ``suggested``), for a requirement;
    #: the suit, for a called lead
    penalty: str | None
    #: the card number of a play (0..51), -1 for every other action
    index: int
    _text: str

    _interned: dict[str, Action] = {}  # noqa: RUF012 - a class-level cache

    def __new__(
        cls,
        kind: str,
        *,
        card: Card | None = None,
        denomination: str | None = None,
        seat: Seat | None = None,
        level: int | None = None,
        penalty: str | None = None,
    ) -> Action:
        given = sum(x is not None for x in (card, denomination, seat, level, penalty))
        if kind == REVOKE_CLAIM:
            if penalty not in _REVOKE_PENALTIES or given != 1:
                raise ValueError("a claim needs a penalty: tricks or points")
            text = f"claim revoke {penalty}"
        elif kind == WAIVE:
            if given:
                raise ValueError("a waiver takes nothing")
            text = "waive revoke"
        elif kind == BID:
            # Bids above seven are impossible (1912 law 50) but can be made in laws mode.
            if denomination is None or type(level) is not int or given != 2 or not 1 <= level <= 13:
                raise ValueError("a bid needs a level from 1 to 13 and a denomination")
            _check_denomination(denomination)
            text = f"bid {level} {denomination}"
        elif kind in _CARD_WORDS:
            if not isinstance(card, Card) or given != 1:
                raise ValueError(f"a {kind} needs a card (a Card) and nothing else")
            text = f"{_CARD_WORDS[kind]} {card.code}"
        elif kind in (CALL_LEAD, FORBID_LEAD):
            if penalty not in _LEAD_SUITS or given != 1:
                raise ValueError(f"a {kind} needs a suit: clubs, diamonds, hearts or spades")
            text = f"{'call' if kind == CALL_LEAD else 'forbid'} lead {penalty}"
        elif kind == REQUIRE:
            if penalty not in _REQUIREMENTS or given != 1:
                raise ValueError("a requirement is highest, lowest or suggested")
            text = _REQUIREMENTS[penalty]
        elif kind == DECLARE:
            if denomination is None or given != 1:
                raise ValueError("a declaration needs a denomination and nothing else")
            _check_denomination(denomination)
            text = f"declare {denomination}"
        elif kind == LOOK:
            if not isinstance(seat, Seat) or given != 1:
                raise ValueError("a look needs a seat and nothing else")
            text = f"look {seat.letter}"
        elif kind in _KINDS or kind in _decision_texts():
            if given:
                raise ValueError(f"{kind!r} takes no card, denomination or seat")
            text = _TEXTS.get(kind) or _DECISION_TEXTS.get(kind, kind)
        else:
            raise ValueError(f"unknown action kind {kind!r}")
        cached = cls._interned.get(text)
        if cached is not None:
            return cached
        self = object.__new__(cls)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "card", card)
        object.__setattr__(self, "denomination", denomination)
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "level", level)
        object.__setattr__(self, "penalty", penalty)
        object.__setattr__(self, "_text", text)
        object.__setattr__(self, "index", -1 if card is None else card.index)
        cls._interned[text] = self
        return self

    @classmethod
    def play(cls, card: Card | str) -> Action:
        """Play a card (``Action.play("SA")``)."""
        return cls(PLAY, card=_card(card))

    @classmethod
    def declare(cls, denomination: str) -> Action:
        """Declare a denomination, by its rule-file name (``"hearts"``, ``"no_trumps"``)."""
        return cls(DECLARE, denomination=denomination)

    @classmethod
    def leave(cls) -> Action:
        """Leave the declaration to partner (or to dummy)."""
        return cls(LEAVE)

    @classmethod
    def double(cls) -> Action:
        """Double an adversary's declaration or bid (in Bridge's doubling, the
        adversaries' doublings: each doubles the value of the tricks again)."""
        return cls(DOUBLE)

    @classmethod
    def pass_(cls) -> Action:
        """Pass: content not to double ("May I lead?", "satisfied")."""
        return cls(PASS)

    @classmethod
    def bid(cls, level: int, denomination: str) -> Action:
        """Bid ``level`` tricks over the book in ``denomination`` (its rule-file name)."""
        return cls(BID, level=level, denomination=denomination)

    @classmethod
    def claim_revoke_penalty(cls, penalty: str) -> Action:
        """Claim the revoke penalty: ``tricks`` or ``points`` (laws mode)."""
        return cls(REVOKE_CLAIM, penalty=penalty)

    @classmethod
    def waive(cls) -> Action:
        """Let a revoke go unpunished (laws mode)."""
        return cls(WAIVE)

    @classmethod
    def touch(cls, card: Card | str) -> Action:
        """Name or touch a card without playing it yet (1912 law 64; laws mode)."""
        return cls(TOUCH, card=_card(card))

    @classmethod
    def suggest(cls, card: Card | str) -> Action:
        """Dummy suggests a card from dummy (1912 law 62; laws mode)."""
        return cls(SUGGEST, card=_card(card))

    @classmethod
    def expose(cls, card: Card | str) -> Action:
        """A card exposed, left face up, liable to be called (1912 laws 65-72; laws mode)."""
        return cls(EXPOSE_CARD, card=_card(card))

    @classmethod
    def call_card(cls, card: Card | str) -> Action:
        """The declarer calls an adversary's exposed card (law 67; laws mode)."""
        return cls(CALL_CARD, card=_card(card))

    @classmethod
    def lead_on(cls, card: Card | str) -> Action:
        """Law 71: an adversary leads on a winning card before his partner plays (laws mode)."""
        return cls(LEAD_ON, card=_card(card))

    @classmethod
    def win_trick(cls, card: Card | str) -> Action:
        """Law 71: the partner must win, if he can, the trick this card led on begins."""
        return cls(WIN_TRICK, card=_card(card))

    @classmethod
    def forbid_lead(cls, suit: str) -> Action:
        """The declarer prohibits the opening lead of a suit (laws 65, 66; laws mode)."""
        return cls(FORBID_LEAD, penalty=suit)

    @classmethod
    def require(cls, what: str) -> Action:
        """Require the offender's ``highest`` or ``lowest`` card of the suit (laws 80,
        86), that he ``win`` or ``lose`` the trick (law 80), or the ``suggested``
        card (law 62)."""
        return cls(REQUIRE, penalty=what)

    @classmethod
    def call_lead(cls, suit: str) -> Action:
        """Call a suit to be led (laws 51, 93): ``clubs``, ``diamonds``, ``hearts``, ``spades``."""
        return cls(CALL_LEAD, penalty=suit)

    @classmethod
    def redouble(cls) -> Action:
        """Redouble one's own side's doubled declaration or bid (in Bridge's
        doubling, the declaring side's doublings: "I re-double", ELW05)."""
        return cls(REDOUBLE)

    @classmethod
    def look(cls, seat: Seat | str) -> Action:
        """Look at a hand (by its seat) where the rules give the choice."""
        return cls(LOOK, seat=seat if isinstance(seat, Seat) else Seat.from_str(seat))

    @classmethod
    def play_blind(cls) -> Action:
        """Play a card unseen from a hand one may not look at: the game draws it."""
        return cls(BLIND)

    @classmethod
    def parse(cls, text: str) -> Action:
        """Parse the canonical text of an action, as :func:`str` writes it.

        :raises InvalidNotationError: for any other text.
        """
        known = cls._interned.get(text)  # the text of an action made before: that action
        if known is not None:
            return known
        words = text.strip().split()
        try:
            action = cls._read(words)
        except InvalidNotationError:
            raise
        except ValueError as exc:  # "declare Hearts": a denomination's name is lower case
            raise InvalidNotationError(f"bad action {text[:60]!r}: {exc}") from None
        if action is not None:
            return action
        for kind, spelled in _decision_texts().items():
            if words == spelled.split():
                return cls(kind)
        raise InvalidNotationError(
            f"unknown action {clip(text)!r}: expected 'declare NAME', 'leave it', 'bid N NAME', "
            "'double', 'redouble', 'pass', 'play CARD', 'play blind', 'look SEAT', "
            "'claim revoke tricks|points', 'waive revoke', 'demand new deal', 'accept call', "
            "'cancel call', 'make bid sufficient', 'touch CARD', 'suggest CARD', "
            "'ask having none', 'correct revoke', 'point out revoke', "
            "'require highest|lowest|win|lose|suggested card', 'forbid suggested card', "
            "'decline penalty', 'take back false lead', "
            "'mention bidding', 'mention play', 'call lead SUIT', 'expose CARD', 'call CARD', "
            "'forbid lead SUIT', 'treat lead as exposed', 'let lead stand', "
            "'throw down hand', 'have the rest', 'lead on CARD', 'require win CARD', "
            "'require hand shown', "
            "'make bid seven' "
            "or 'make previous bid final'"
        )

    @classmethod
    def _read(cls, words: list[str]) -> Action | None:
        """The action of these words, but for the penalties' decisions; ``None``
        for words that are no such action."""
        if words == ["play", "blind"]:
            return cls.play_blind()
        if len(words) in (2, 3):
            kind = _CARD_KINDS.get(" ".join(words[:-1]))
            if kind is not None:
                return cls(kind, card=Card.from_str(words[-1]))
        if len(words) == 3 and words[1] == "lead" and words[2] in _LEAD_SUITS:
            if words[0] == "call":
                return cls.call_lead(words[2])
            if words[0] == "forbid":
                return cls.forbid_lead(words[2])
        if len(words) in (2, 3) and words[0] == REQUIRE:
            for what, words_of in _REQUIREMENTS.items():
                if words == words_of.split():
                    return cls.require(what)
        if len(words) == 2 and words[0] == DECLARE and words[1].replace("_", "").isalpha():
            return cls.declare(words[1])
        if words == ["leave", "it"]:
            return cls.leave()
        if words == ["waive", "revoke"]:
            return cls.waive()
        for kind, words_of in _TEXTS.items():
            if kind not in (LEAVE, BLIND) and words == words_of.split():
                return cls(kind)
        if len(words) == 3 and words[:2] == ["claim", "revoke"] and words[2] in _REVOKE_PENALTIES:
            return cls.claim_revoke_penalty(words[2])
        if len(words) == 2 and words[0] == LOOK and len(words[1]) == 1:
            return cls.look(words[1])
        if len(words) == 1 and words[0] in (DOUBLE, PASS, REDOUBLE):
            return cls(words[0])
        if (
            len(words) == 3
            and words[0] == BID
            and words[1].isascii()
            and words[1].isascii()
            and words[1].isdigit()
            and 1 <= int(words[1]) <= 13
            and words[2].replace("_", "").isalpha()
        ):
            return cls.bid(int(words[1]), words[2])
        return None

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Action.parse({self._text!r})"

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("actions are immutable")

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (Action.parse, (self._text,))


_NO_DETAIL: Mapping[str, Any] = MappingProxyType({})


class Operation(NamedTuple):
    """One entry of a game's log: an action taken, or a step of the game itself.

    An immutable named tuple (cheap to create: the log grows by one for every
    card played).

    :ivar index: position in the log, from 0.
    :ivar kind: what it records, an :class:`~dummybridge.engine.opkinds.OpKind`
        (a ``str``: ``deal``, ``play``, ``trick``, ``score`` ...); its table
        says, for each kind, the seat and the detail.
    :ivar seat: the hand it concerns (the hand played from, the dealer, the
        trick's winner), if any.
    :ivar player: the player who took the action, if it is one.
    :ivar action: the action, for decisions.
    :ivar detail: anything else, as JSON-compatible data (read-only).
    """

    index: int  # type: ignore[assignment]  # the log position; shadows tuple.index on purpose
    kind: str
    seat: Seat | None = None
    player: str | None = None
    action: Action | None = None
    detail: Mapping[str, Any] = _NO_DETAIL

    def to_data(self) -> dict[str, Any]:
        """The operation as JSON-compatible data."""
        data: dict[str, Any] = {"index": self.index, "kind": self.kind}
        if self.seat is not None:
            data["seat"] = self.seat.letter
        if self.player is not None:
            data["player"] = self.player
        if self.action is not None:
            data["action"] = str(self.action)
        if self.detail:
            data["detail"] = dict(self.detail)
        return data
