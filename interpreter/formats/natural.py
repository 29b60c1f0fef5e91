"""Natural input for people at the terminal: ``SA``, ``♠A``, ``as``, ``10h``,
``pass``, ``double``, ``no trumps``, ``leave it``, ``2H``, ``two hearts`` ...

:func:`parse_input` turns what a player types into an
:class:`~dummybridge.engine.actions.Action`. It only reads the words: whether the
action is legal now is the game's to say (:meth:`~dummybridge.engine.game.Game.verify`),
so the player hears the game's own reason when it is not.

>>> from dummybridge.language.loader import load_rules
>>> rules = load_rules("auction-bridge")
>>> [str(parse_input(t, rules)) for t in ("as", "10h", "♦Q", "two hearts", "2NT", "xx")]
['play SA', 'play HT', 'play DQ', 'bid 2 hearts', 'bid 2 no_trumps', 'redouble']
>>> str(parse_input("2H", rules, legal=[Action.bid(2, "hearts")]))
'bid 2 hearts'
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from ..core.cards import Card, Rank, Seat, Suit
from ..core.files import clip
from ..engine.actions import BID, DECLARE, DOUBLE, PLAY, REDOUBLE, Action
from ..errors import InvalidNotationError
from ..language.ruleset import RuleSet

__all__ = ["parse_card", "parse_input"]

_SYMBOLS = {"♠": "s", "♤": "s", "♥": "h", "♡": "h", "♦": "d", "♢": "d", "♣": "c", "♧": "c"}
_RANK_WORDS = {
    "ace": "a",
    "king": "k",
    "queen": "q",
    "jack": "j",
    "knave": "j",
    "ten": "t",
    "nine": "9",
    "eight": "8",
    "seven": "7",
    "six": "6",
    "five": "5",
    "four": "4",
    "three": "3",
    "two": "2",
    "deuce": "2",
    "10": "t",
}
_SUIT_WORDS = {
    "spade": "s",
    "spades": "s",
    "heart": "h",
    "hearts": "h",
    "diamond": "d",
    "diamonds": "d",
    "club": "c",
    "clubs": "c",
}
_LEVELS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}
_RANKS = "23456789tjqka"
_ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
_SUITS = "cdhs"
_NO_TRUMPS = ("nt", "no trump", "no trumps", "notrump", "notrumps", "no trumpers", "sans atout")


def _normal(text: str) -> str:
    """Lower case, suit symbols as letters, punctuation as spaces, single spaces."""
    out = _ANSI.sub("", text).lower()
    for sym, letter in _SYMBOLS.items():
        out = out.replace(sym, f" {letter} ")
    # A minus sign before a number is no hyphen: "-1 hearts" is no bid.
    out = re.sub(r"(?<![a-z0-9])-\s*(?=\d)", " minus ", out)
    out = re.sub(r"[-_,.!?:;]", " ", out)
    return " ".join(out.split())


def parse_card(text: str) -> Card | None:
    """A card in any of the forms people write: ``SA``, ``sa``, ``♠A``, ``as``,
    ``A♠``, ``10h``, ``h10``, ``ace of spades``, ``ten hearts``; else ``None``.

    >>> parse_card("10h"), parse_card("Queen of Diamonds"), parse_card("hello")
    (Card.from_str('HT'), Card.from_str('DQ'), None)
    """
    words = [w for w in _normal(text).split() if w != "of"]
    words = [_RANK_WORDS.get(w, _SUIT_WORDS.get(w, w)) for w in words]
    joined = "".join(words).replace("10", "t")
    if len(joined) != 2:
        return None
    a, b = joined[0], joined[1]
    if a in _SUITS and b in _RANKS:
        suit, rank = a, b
    elif a in _RANKS and b in _SUITS:
        suit, rank = b, a
    else:
        return None
    return Card.make(Suit.from_str(suit), Rank.from_str(rank))


def _denomination(words: str, rules: RuleSet) -> str | None:
    """The rule-file name of a denomination written in words (``hearts``, ``h``,
    ``no trumps``, ``royal spades``), or ``None``."""
    if not words:
        return None
    for d in rules.denominations:
        spoken = d.name.replace("_", " ")
        if words in (spoken, spoken.replace(" ", ""), d.name):
            return d.name
        if spoken.endswith("s") and words == spoken[:-1]:  # singular: "heart", "royal spade"
            return d.name
    royal = re.fullmatch(r"r ?([cdhs])", words)
    if royal is not None:  # "R♠", "RS": the dearer of two denominations of one suit
        suit = Suit.from_str(royal.group(1))
        pair = [d for d in rules.denominations if d.suit is suit]
        if len(pair) > 1:
            return max(pair, key=lambda d: d.trick_value).name
    if words in _NO_TRUMPS or words == "n t":
        return next((d.name for d in rules.denominations if d.suit is None), None)
    letter = _SUIT_WORDS.get(words, words if words in _SUITS else None)
    if letter is not None:
        suit = Suit.from_str(letter)
        # The plain suit: the cheapest denomination with that suit as trumps.
        same = [d for d in rules.denominations if d.suit is suit]
        if same:
            return min(same, key=lambda d: d.trick_value).name
    return None


def _bid(words: str, rules: RuleSet) -> Action | None:
    """A bid in words (``2 h``, ``two hearts``, ``bid 1 royal spades``), or ``None``."""
    m = re.fullmatch(r"(?:i )?(?:bid )?([1-7]|one|two|three|four|five|six|seven) ?(.+)", words)
    if m:
        level = int(m.group(1)) if m.group(1).isdigit() else _LEVELS[m.group(1)]
        name = _denomination(m.group(2).strip(), rules)
        if name is not None:
            return Action.bid(level, name)
    return None


#: what people say for the calls and plays that take no more words
_PHRASES: dict[str, Callable[[], Action]] = {
    **dict.fromkeys(
        (
            "pass",
            "p",
            "content",
            "no bid",
            "nobid",
            "satisfied",
            "may i lead",
            "no double",
            "i pass",
        ),
        Action.pass_,
    ),
    **dict.fromkeys(("double", "x", "dbl", "i double"), Action.double),
    **dict.fromkeys(("redouble", "xx", "rdbl", "re double", "i redouble"), Action.redouble),
    **dict.fromkeys(
        (
            "leave it",
            "leave",
            "i leave it",
            "leave it to you",
            "leave it partner",
            "pass it",
            "leave it to partner",
            "leave it to dummy",
        ),
        Action.leave,
    ),
    **dict.fromkeys(("blind", "play blind"), Action.play_blind),
    **dict.fromkeys(("waive", "waive revoke", "waive penalty"), Action.waive),
}


def parse_input(text: str, rules: RuleSet, legal: Sequence[Action] = ()) -> Action:
    """The action a player means by ``text``.

    Understood, besides every action's own text (``play SA``, ``bid 2 hearts``,
    ``look N``, ``claim revoke tricks`` ...): a card in any common form; a bare
    rank when exactly one legal card has it; ``pass`` (``content``, ``no bid``),
    ``double`` (``x``), ``redouble`` (``xx``; in Bridge's doubling, where
    nothing else could be meant, either word is the one of the two open),
    ``leave it``, a denomination
    to declare (``hearts``, ``♥``, ``no trumps``, ``declare clubs``), a bid
    (``2H``, ``2 ♥``, ``two hearts``, ``bid 1 royal spades``), ``look north``,
    ``blind``, ``claim tricks``, ``claim points``, ``waive``; an action on
    a card with the card in any form (``call ♣10``, ``require win ♠A``, as
    the web table labels them).

    :param legal: the actions open now: used to resolve a bare rank and to
        tell a redouble from a double.
    :raises InvalidNotationError: for text that means no action.
    """
    words = _normal(text)
    if not words:
        raise InvalidNotationError("nothing typed: type help for what you can say")
    text = _ANSI.sub("", text)
    kinds = {a.kind for a in legal}
    action = _own_text(text, kinds)
    if action is None and (BID in kinds or (kinds and PLAY not in kinds)):
        action = _bid(words, rules)  # "2H": a bid, unless cards are played
    if action is not None:
        return action
    words = words.removeprefix("play ")
    action = _card(words, text, legal)
    if action is None:
        action = _card_action(words)
    if action is None:
        action = _phrase(words, kinds)
    if action is None:
        action = _claim_or_look(words)
    if action is None:
        action = _bid(words, rules)
    if action is None:
        action = _declaration(words, text, rules, kinds)
    if action is None:
        raise InvalidNotationError(
            f"cannot read {clip(text.strip())!r}: type a card (SA, as, 10h), a call (pass, double, "
            "2H, two hearts, no trumps, leave it) or help"
        )
    return action


def _own_text(text: str, kinds: set[str]) -> Action | None:
    """The action whose own text ``text`` is (``play SA``, ``bid 2 hearts``), or ``None``."""
    try:
        action = Action.parse(text.strip())
    except (InvalidNotationError, ValueError):
        return None
    return _again(action, kinds)


def _again(action: Action, kinds: set[str]) -> Action:
    """A ``double`` or ``redouble`` said in Bridge's doubling (no bids open)
    where the other is open: the one open (the adversaries "again double",
    the declaring side "re-double": ELW05)."""
    if BID in kinds or action.kind not in (DOUBLE, REDOUBLE) or action.kind in kinds:
        return action
    if DOUBLE in kinds:
        return Action.double()
    return Action.redouble() if REDOUBLE in kinds else action


def _card(words: str, text: str, legal: Sequence[Action]) -> Action | None:
    """The play of a card named in any form, or of the one legal card of a
    bare rank; ``None`` for neither.

    :raises InvalidNotationError: for a rank that more than one legal card has.
    """
    card = parse_card(words)
    if card is not None:
        return Action.play(card)
    rank_only = _RANK_WORDS.get(words, words)
    if len(rank_only) == 1 and rank_only in _RANKS:
        rank = _RANKS.index(rank_only)
        plays = [a for a in legal if a.card is not None and int(a.card.rank) == rank]
        if len(plays) == 1:
            return plays[0]
        if plays:
            options = " or ".join(a.card.code for a in plays if a.card is not None)
            raise InvalidNotationError(f"{clip(text.strip())!r} could be {options}: say which suit")
    return None


#: the words of the actions on one card besides its play, as the web table
#: labels them with the card in any form (``call ♣10``, ``require win ♠A``)
_CARD_ACTION = re.compile(r"(call|expose|lead on|suggest|touch|require win) (.+)")


def _card_action(words: str) -> Action | None:
    """An action on a card with the card named in any form, or ``None``."""
    m = _CARD_ACTION.fullmatch(words)
    card = parse_card(m.group(2)) if m else None
    if m is None or card is None:
        return None
    return Action.parse(f"{m.group(1)} {card.code}")


def _phrase(words: str, kinds: set[str]) -> Action | None:
    """A call or play said in words of :data:`_PHRASES`, or ``None``."""
    make = _PHRASES.get(words)
    if make is None:
        return None
    return _again(make(), kinds)


def _claim_or_look(words: str) -> Action | None:
    """``claim tricks``, ``claim points``, ``look north``..., or ``None``."""
    m = re.fullmatch(r"claim (?:revoke |penalty |the )?(tricks|points)", words)
    if m:
        return Action.claim_revoke_penalty(m.group(1))
    m = re.fullmatch(r"look (?:at )?(?:the )?(\w+)(?: hand)?", words)
    if m:
        return Action.look(Seat.from_str(m.group(1)))
    return None


def _declaration(words: str, text: str, rules: RuleSet, kinds: set[str]) -> Action | None:
    """A denomination to declare (``hearts``, ``declare no trumps``), or ``None``.

    :raises InvalidNotationError: for a denomination without a level when
        only a bid can name one.
    """
    bare = re.sub(r"^(?:i )?(?:declare |make it |call |bid )", "", words)
    name = _denomination(bare, rules)
    if name is None:
        return None
    if BID in kinds and DECLARE not in kinds:
        raise InvalidNotationError(
            f"{clip(text.strip())!r}: say how many tricks, as in '1 {name.replace('_', ' ')}'"
        )
    return Action.declare(name)
