"""The forced ("compulsory") declaration for a Dummy, driven by the rule file.

When the declaration is left to a Dummy, the player who examines its hand
(``declaration.forced.examined_by``) has no choice: the rule file's
``criteria`` decide, in order (seed 000 rules 1-4; EB1911; ELW05):

1. ``{aces_at_least: 3, declare: no_trumps}`` -- three or four aces: no trumps;
2. ``{longest: true}`` -- else the numerically longest suit;
3. ``{most_pips: {...}}`` -- equal length: the most pips (ace 11, the other
   honours 10, the rest face value);
4. ``{most_valuable: true}`` -- still equal: the suit whose trick is worth most.

An ``aces_at_least`` criterion that the hand meets declares at once. Each
other criterion keeps, of the suits still in question (at first all four),
those that are best by its test; the declaration is made as soon as one suit
is left. A suit is declared as its highest-valued denomination (where a rule
file has both ``spades`` and ``royal_spades``, ``royal_spades``), and
``most_valuable`` compares suits by that value.

Every question about the cards (aces, suit lengths, the longest suits, pips)
is answered by the C core through :class:`~dummybridge.core.cards.Hand`.

The worked check of ``rules-reference.md`` section 6.2: hearts A 9 7 4 and
diamonds K Q 8 3 are both four long and both 31 pips, so hearts, the more
valuable suit, is declared:

>>> from dummybridge.language.loader import load_rules
>>> from dummybridge.language.ruleset import ForcedCriterion, ForcedRules
>>> from dummybridge.core.cards import FORCED_DECLARATION_PIPS
>>> rules = load_rules("bridge")
>>> forced = ForcedRules("owner", (
...     ForcedCriterion("aces_at_least", aces=3, declare="no_trumps"),
...     ForcedCriterion("longest"),
...     ForcedCriterion("most_pips", pips=FORCED_DECLARATION_PIPS),
...     ForcedCriterion("most_valuable"),
... ))
>>> denomination, trace = forced_declaration(forced, Hand.from_pbn("652.A974.KQ83.32"),
...                                          rules.denominations)
>>> denomination.name
'hearts'
>>> for step in trace: print(step)
1 ace: fewer than 3
longest suits: hearts, diamonds (4)
pips: hearts 31, diamonds 31
most valuable: hearts
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.cards import Hand, Suit
from ..language.ruleset import Denomination, ForcedCriterion, ForcedRules

__all__ = ["forced_declaration", "suit_denominations"]

# Suits in the order of a hand diagram, for the trace.
_DISPLAY = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


def suit_denominations(denominations: Sequence[Denomination]) -> dict[Suit, Denomination]:
    """Each suit's highest-valued denomination (the first listed of equal value).

    A suit with no denomination is left out.

    >>> from dummybridge.language.loader import load_rules
    >>> best = suit_denominations(load_rules("bridge").denominations)
    >>> best[Suit.SPADES].name, best[Suit.HEARTS].trick_value
    ('spades', 8)
    """
    best: dict[Suit, Denomination] = {}
    for d in denominations:
        if d.suit is None:
            continue
        held = best.get(d.suit)
        if held is None or d.trick_value > held.trick_value:
            best[d.suit] = d
    return best


def _names(suits: Sequence[Suit]) -> str:
    return ", ".join(s.name_plural for s in suits)


def forced_declaration(
    forced: ForcedRules, hand: Hand, denominations: Sequence[Denomination]
) -> tuple[Denomination, tuple[str, ...]]:
    """The declaration the rules force for a Dummy holding ``hand``.

    :param forced: the rule file's ``declaration.forced``.
    :param hand: the Dummy's hand.
    :param denominations: the rules' denominations (:attr:`RuleSet.denominations`).
    :returns: the denomination declared, and the steps that led to it in
        plain words (``"3 aces: no trumps"``, ``"longest suits: hearts,
        diamonds (4)"``, ``"pips: hearts 31, diamonds 31"``,
        ``"most valuable: hearts"``).
    :raises ValueError: if the criteria name a denomination the rules lack,
        the chosen suit has no denomination, or the criteria leave more than
        one suit (the loader's semantic checks rule all three out for a rule
        file).
    """
    by_suit = suit_denominations(denominations)
    candidates: tuple[Suit, ...] = _DISPLAY
    trace: list[str] = []

    def decided(suit: Suit) -> tuple[Denomination, tuple[str, ...]]:
        if suit not in by_suit:
            raise ValueError(
                f"the forced declaration chose {suit.name_plural}, "
                "but no denomination has that suit"
            )
        return by_suit[suit], tuple(trace)

    for criterion in forced.criteria:
        if criterion.kind == "aces_at_least":
            denomination = _aces(criterion, hand, denominations, trace)
            if denomination is not None:
                return denomination, tuple(trace)
            continue
        candidates = _keep(criterion, hand, candidates, by_suit, trace)
        if len(candidates) == 1:
            return decided(candidates[0])
    raise ValueError(f"the forced declaration's criteria leave {_names(candidates)} equal")


def _aces(
    criterion: ForcedCriterion,
    hand: Hand,
    denominations: Sequence[Denomination],
    trace: list[str],
) -> Denomination | None:
    """An ``aces_at_least`` criterion: its denomination if the hand has the aces."""
    assert criterion.aces is not None
    assert criterion.declare is not None
    aces = hand.aces()
    held = f"{aces} ace" + ("" if aces == 1 else "s")
    if aces < criterion.aces:
        trace.append(f"{held}: fewer than {criterion.aces}")
        return None
    for d in denominations:
        if d.name == criterion.declare:
            trace.append(f"{held}: {d.label}")
            return d
    raise ValueError(
        f"the forced declaration names {criterion.declare!r}, "
        "which is not a denomination of these rules"
    )


def _keep(
    criterion: ForcedCriterion,
    hand: Hand,
    candidates: tuple[Suit, ...],
    by_suit: dict[Suit, Denomination],
    trace: list[str],
) -> tuple[Suit, ...]:
    """The suits that a suit criterion keeps of ``candidates``, noting why in ``trace``."""
    kind = criterion.kind
    if kind == "longest":
        # The longest suits of the hand cut down to the suits in question: the
        # other suits are then void, so they can tie only if every suit in
        # question is void too, and those are dropped again below.
        in_question = Hand()
        for s in candidates:
            in_question = in_question | hand.suit(s)
        longest = set(in_question.longest_suits())
        kept = tuple(s for s in candidates if s in longest)
        length = in_question.suit_lengths()[kept[0]]
        noun = "longest suit" if len(kept) == 1 else "longest suits"
        trace.append(f"{noun}: {_names(kept)} ({length})")
        return kept
    if kind == "most_pips":
        assert criterion.pips is not None
        pips = {s: hand.pips(s, criterion.pips) for s in candidates}
        trace.append("pips: " + ", ".join(f"{s.name_plural} {pips[s]}" for s in candidates))
        best = max(pips.values())
        return tuple(s for s in candidates if pips[s] == best)
    if kind == "most_valuable":
        missing = [s for s in candidates if s not in by_suit]
        if missing:
            raise ValueError(f"no denomination has {_names(missing)}, so its value is unknown")
        value = max(by_suit[s].trick_value for s in candidates)
        kept = tuple(s for s in candidates if by_suit[s].trick_value == value)
        if len(kept) == 1:
            trace.append(f"most valuable: {by_suit[kept[0]].label}")
        else:
            trace.append(f"most valuable: {_names(kept)} ({value})")
        return kept
    if kind == "suit_order":
        assert criterion.suit_order is not None
        first = next(s for s in criterion.suit_order if s in candidates)
        trace.append(f"suit order: {first.name_plural}")
        return (first,)
    raise ValueError(f"unknown forced-declaration criterion {kind!r}")
