"""How long a deal can be: the most actions one deal of a rule set can take,
in strict play (:func:`deal_length`).

A deal ends: the declaration is one call, or two where the dealer may leave
it to his partner; the doubling stops at the rules' limit, and where the rules
set none at the safeguard ``doubling.max_doublings`` (30 by default), each
double answered by at most one pass of the other side's first player before
the next; in an auction every call after the first bid is a bid (there are
``max_level`` times the denominations of them), a double or redouble (at
most as many as the auction allows, and the safeguard), or one of at most two
passes before the next of those, and three passes end it; then every card is
played once. Looks add at most four before each other action (a player looks
only at a hand he does not see). Laws mode adds the irregularities and their
penalties, which the bound does not count.

A rubber has no such bound: a deal that scores nothing below the line (a
declaration lost, an auction passed out) leaves the rubber where it was.
"""

from __future__ import annotations

from ..language.ruleset import RuleSet

__all__ = ["calls_length", "deal_length"]


def calls_length(rules: RuleSet) -> int:
    """The most calls (declarations, bids, doubles, redoubles, passes) before the play.

    >>> from dummybridge.language.loader import load_rules
    >>> calls_length(load_rules("bridge"))   # declare or leave, declare; 30 doublings
    64
    """
    most = rules.doubling.max_doublings
    auction = rules.declaration.auction
    if auction is None:
        doublings = 0 if rules.doubling.limit.kind == "none" else most
        return 2 + 2 * (doublings + 1)
    allowed = [n for n in (auction.doubles, auction.redoubles) if n is not None]
    per_bid = most if len(allowed) < 2 else min(most, sum(allowed))
    bids = auction.max_level * len(rules.denominations)
    events = bids * (1 + per_bid)  # bids, doubles, redoubles
    return 3 + events + 2 * (events - 1) + 3


def deal_length(rules: RuleSet) -> int:
    """The most actions one deal can take in strict play: the calls, every card,
    and where the rules offer looks, four looks before each of those.

    >>> from dummybridge.language.loader import load_rules
    >>> deal_length(load_rules("bridge"))   # 64 calls and 52 cards; no looks
    116
    """
    decisions = calls_length(rules) + 4 * rules.deal.cards_each
    if any(r.how == "on_request" for r in rules.sight.rules):
        return decisions + 4 * (decisions + 1)
    return decisions
