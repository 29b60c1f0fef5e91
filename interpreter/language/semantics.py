"""Semantic checks of a rule file: what the schema alone cannot say.

The loader runs these on the effective document (``extends:`` merged, schema
defaults filled in) once it has passed the schema, so every value here has the
type and range the schema promises. Each check answers one requirement of
issue 3, "semantic checks (references that must resolve, tables that must be
complete, numbers that must be consistent)":

- the cut's ``tie_suit_order`` names each suit once;
- there is at least one denomination for the declaration to name, and at most one
  with ``suit: none``;
- each honours table has a base line (no ``in_one_hand``) for every total from the
  smallest listed up to the most there are (5 trump honours, 4 aces), no two lines for
  the same holding, and no ``in_one_hand`` above its ``total``;
- a doubling limit (``cap`` or ``stop_after_exceeding``) is not below the largest trick value;
- a deal has more tricks than the book, so that tricks can score toward game;
- ``hands: seated`` has a player for each of the four hands;
- at a table with a Dummy, a declaration that may be left to partner (``pass_to_partner``)
  has a forced declaration for the Dummy it may reach;
- no hand is listed twice for exposure;
- a forced declaration (``declaration.forced``) declares only denominations the rules
  have, has a denomination for every suit it may choose, ends with a criterion that always
  decides, and has no criterion after one that always decides;
- ``settlement: by_side`` has two sides of as many players each to settle;
- the file being checked changes no setting that the interpreter never reads under its
  rules (a change that cannot act is almost always a mistake, like a misspelt key, which
  is refused for the same reason): the Dummy's holder away from a ``hands: dummy`` table,
  the auction's laws without an auction, dummy's rights where no player sits at the
  dummy, and the like (``INERT`` lists each with its reason). Only what the file itself
  changes counts: restating the value it inherits (or the default) is harmless, and a
  setting inherited through ``extends:`` acts in the file that wrote it.

Each problem is ``(path, message, hint)``; the loader turns the path into the
file, line and column of the offending value.

>>> check({"denominations": {}})[0][:2]
(('denominations',), 'no denominations: the declaration needs at least one to name')
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Mapping, Sequence
from typing import Any

__all__ = ["Problem", "check"]

Path = tuple[str | int, ...]
Problem = tuple[Path, str, str | None]
"""One semantic problem: the path of the offending value, the message, a hint or ``None``."""

SUITS = ("clubs", "diamonds", "hearts", "spades")
HANDS = 4  # a bridge table always has four hands


def check(data: Mapping[str, Any], changed: Callable[[Path], bool] | None = None) -> list[Problem]:
    """Every semantic problem of an effective, schema-valid rule document.

    Sections missing from ``data`` are skipped, so a partial document can be
    checked too.

    :param data: the merged, defaulted document.
    :param changed: whether the file being checked changed the value at a path
        itself: wrote it, with a value other than the one it inherits (or the
        schema's default); without it (a plain document, nothing known of
        where its values came from) settings that have no effect are not checked.
    :returns: the problems, in the order of the checks (the loader sorts them by position).
    """
    problems: list[Problem] = []
    for step in _CHECKS:
        step(data, problems)
    if changed is not None:
        _check_inert(data, problems, changed)
    return problems


def _get(data: Mapping[str, Any], *keys: str) -> Any:
    node: Any = data
    for key in keys:
        if not isinstance(node, Mapping) or key not in node:
            return None
        node = node[key]
    return node


def _denominations(data: Mapping[str, Any]) -> dict[str, Mapping[str, Any]]:
    """The denominations by name (``source`` is the section's citation, not one)."""
    section = _get(data, "denominations")
    if not isinstance(section, Mapping):
        return {}
    return {k: v for k, v in section.items() if k != "source" and isinstance(v, Mapping)}


_PLAYERS_FOR_HANDS = {"seated": 4, "dummy": 3, "double_dummy": 2}
_HOW_HELD = {
    "seated": "one for each hand",
    "dummy": "three players and a Dummy",
    "double_dummy": "two players, each with a Dummy",
}


def _check_table(data: Mapping[str, Any], problems: list[Problem]) -> None:
    players, hands = _get(data, "table", "players"), _get(data, "table", "hands")
    need = _PLAYERS_FOR_HANDS.get(hands) if isinstance(hands, str) else None
    if need is not None and isinstance(players, int) and players != need:
        problems.append(
            (
                ("table", "players"),
                f"hands: {hands} needs {need} players ({_HOW_HELD[hands]}), "
                f"but players is {players}",
                f"write players: {need}, or a way of holding hands that fits {players} players",
            )
        )


def _check_dummy_declares(data: Mapping[str, Any], problems: list[Problem]) -> None:
    """At a table with a Dummy, a dealer who may leave the declaration to
    his partner may leave it to a Dummy (his partner is one under ``double_dummy``;
    under ``dummy`` the Dummy's partner deals, or declares for it, in turn),
    which declares only by the rules' forced declaration (seed 000)."""
    hands = _get(data, "table", "hands")
    if hands not in ("dummy", "double_dummy") or _get(data, "declaration", "kind") != "make":
        return
    if _get(data, "declaration", "pass_to_partner") and _get(data, "declaration", "forced") is None:
        problems.append(
            (
                ("table", "hands"),
                f"hands: {hands} puts a Dummy at the table and the dealer may leave the "
                "declaration to his partner (declaration.pass_to_partner), but there is no "
                "forced declaration (declaration.forced) for a Dummy left to declare",
                "add declaration.forced (as dummy-bridge has), "
                "or write declaration.pass_to_partner: false",
            )
        )


def _check_cut(data: Mapping[str, Any], problems: list[Problem]) -> None:
    order = _get(data, "table", "cut", "tie_suit_order")
    if not isinstance(order, Sequence):
        return
    missing = [s for s in SUITS if s not in order]
    first: dict[str, int] = {}
    for i, suit in enumerate(order):
        if suit in first:
            message = f"{suit!r} is listed twice (first at [{first[suit]}])"
            if missing:
                message += f", and {' and '.join(repr(s) for s in missing)} not at all"
            problems.append(
                (
                    ("table", "cut", "tie_suit_order", i),
                    message,
                    "list clubs, diamonds, hearts and spades once each, from lowest to highest",
                )
            )
        else:
            first[suit] = i


def _check_denominations(data: Mapping[str, Any], problems: list[Problem]) -> None:
    if _get(data, "denominations") is None:
        return
    denominations = _denominations(data)
    if not denominations:
        problems.append(
            (
                ("denominations",),
                "no denominations: the declaration needs at least one to name",
                "give at least one, such as hearts: {suit: hearts, trick_value: 8}",
            )
        )
        return
    no_trumps: str | None = None
    for name, entry in denominations.items():
        if entry.get("suit") != "none":
            continue
        if no_trumps is None:
            no_trumps = name
            continue
        problems.append(
            (
                ("denominations", name, "suit"),
                f"a second no-trump denomination: {no_trumps!r} already has suit: none",
                "at most one denomination may have suit: none",
            )
        )


def _check_honours_table(
    entries: Any, path: Path, most: int, unit: str, problems: list[Problem]
) -> None:
    if not isinstance(entries, Sequence) or not entries:
        return
    seen: dict[tuple[int, int | None], int] = {}
    for i, entry in enumerate(entries):
        total, in_one_hand = entry["total"], entry.get("in_one_hand")
        if in_one_hand is not None and in_one_hand > total:
            problems.append(
                (
                    (*path, i, "in_one_hand"),
                    f"in_one_hand {in_one_hand} is more than total {total}",
                    f"in_one_hand counts how many of the {total} {unit} one hand holds",
                )
            )
        holding = (total, in_one_hand)
        if holding in seen:
            what = f"total {total}" + (f", in_one_hand {in_one_hand}" if in_one_hand else "")
            problems.append(
                (
                    (*path, i),
                    f"a second line for {what} (first at [{seen[holding]}])",
                    "each holding may appear once in the table",
                )
            )
        else:
            seen[holding] = i
    lowest = min(entry["total"] for entry in entries)
    missing = [t for t in range(lowest, most + 1) if (t, None) not in seen]
    if missing:
        listed = " and ".join(str(t) for t in missing)
        if len(missing) > 2:
            listed = ", ".join(str(t) for t in missing[:-1]) + f" and {missing[-1]}"
        problems.append(
            (
                path,
                f"the table has no base line for {listed} {unit} (a line without in_one_hand)",
                f"give a line without in_one_hand for every total from {lowest} to {most}",
            )
        )


def _check_honours(data: Mapping[str, Any], problems: list[Problem]) -> None:
    honours = _get(data, "scoring", "honours")
    if not isinstance(honours, Mapping):
        return
    path = ("scoring", "honours")
    _check_honours_table(honours.get("trumps"), (*path, "trumps"), 5, "honours", problems)
    _check_honours_table(honours.get("no_trumps"), (*path, "no_trumps"), 4, "aces", problems)


def _check_limit(data: Mapping[str, Any], problems: list[Problem]) -> None:
    limit = _get(data, "doubling", "limit")
    if not isinstance(limit, Mapping) or limit.get("kind") not in ("cap", "stop_after_exceeding"):
        return
    denominations = _denominations(data)
    if not denominations:
        return
    name = max(denominations, key=lambda n: denominations[n]["trick_value"])
    value, limit_value = denominations[name]["trick_value"], limit["trick_value"]
    if limit_value >= value:
        return
    if limit["kind"] == "cap":
        message = (
            f"a cap of {limit_value} is below the {name} trick value of {value}: "
            f"a {name} trick is worth more than the cap before any double, "
            f"so {name} could never be doubled"
        )
    else:
        message = (
            f"doubling stops once a trick is worth more than {limit_value}, "
            f"but a {name} trick is worth {value} before any double, "
            f"so {name} could never be doubled"
        )
    problems.append(
        (
            ("doubling", "limit", "trick_value"),
            message,
            f"make trick_value at least {value} (the largest trick value), "
            "or write limit: {kind: none} to forbid doubling",
        )
    )


def _check_book(data: Mapping[str, Any], problems: list[Problem]) -> None:
    cards, book = _get(data, "deal", "cards_each"), _get(data, "scoring", "book")
    if isinstance(cards, int) and isinstance(book, int) and cards <= book:
        problems.append(
            (
                ("deal", "cards_each"),
                f"with {cards} cards each there are only {cards} tricks, never more than "
                f"the book of {book}, so no trick could ever score toward game",
                f"deal more than {book} cards each (scoring.book is {book})",
            )
        )


def _check_exposure(data: Mapping[str, Any], problems: list[Problem]) -> None:
    exposure = _get(data, "play", "exposure")
    if not isinstance(exposure, Sequence):
        return
    first: dict[tuple[Any, Any], int] = {}
    for i, entry in enumerate(exposure):
        key = (entry.get("hand"), entry.get("when"))
        if key in first:
            problems.append(
                (
                    ("play", "exposure", i),
                    f"the {key[0]} hand is listed twice for exposure (first at [{first[key]}])",
                    "list each exposed hand once",
                )
            )
        else:
            first[key] = i


_CRITERIA = ("aces_at_least", "longest", "most_pips", "most_valuable", "suit_order")
_ALWAYS_DECIDING = "end the criteria with {most_valuable: true} or {suit_order: [...]}"


def _criterion_kind(criterion: Mapping[str, Any]) -> str:
    return next((k for k in _CRITERIA if k in criterion), "?")


def _check_forced(data: Mapping[str, Any], problems: list[Problem]) -> None:
    forced = _get(data, "declaration", "forced")
    if not isinstance(forced, Mapping):
        return
    criteria = forced.get("criteria")
    denominations = _denominations(data)
    if not isinstance(criteria, Sequence) or not criteria or not denominations:
        return
    _check_forced_declares(criteria, denominations, problems)
    value = _suit_values(denominations, problems)
    equal = {
        v: [s for s in SUITS if value.get(s) == v]
        for v in value.values()
        if sum(1 for w in value.values() if w == v) > 1
    }
    _check_forced_order(criteria, equal, problems)


_FORCED_CRITERIA: Path = ("declaration", "forced", "criteria")


def _check_forced_declares(
    criteria: Sequence[Mapping[str, Any]],
    denominations: Mapping[str, Mapping[str, Any]],
    problems: list[Problem],
) -> None:
    """An ``aces_at_least`` declares a denomination the rules have."""
    names = list(denominations)
    for i, criterion in enumerate(criteria):
        name = criterion.get("declare")
        if "aces_at_least" in criterion and name not in denominations:
            close = difflib.get_close_matches(str(name), names, n=1)
            problems.append(
                (
                    (*_FORCED_CRITERIA, i, "declare"),
                    f"{name!r} is not a denomination of these rules",
                    f"did you mean {close[0]!r}?" if close else f"name one of: {', '.join(names)}",
                )
            )


def _suit_values(
    denominations: Mapping[str, Mapping[str, Any]], problems: list[Problem]
) -> dict[str, int]:
    """What each suit is worth a trick, declared as its highest-valued
    denomination; a suit that none has is a problem, as the forced declaration
    may have to declare any suit."""
    value: dict[str, int] = {}
    for entry in denominations.values():
        suit = entry.get("suit")
        if suit in SUITS:
            value[suit] = max(value.get(suit, 0), entry["trick_value"])
    missing = [s for s in SUITS if s not in value]
    if missing:
        listed = " or ".join(missing)
        problems.append(
            (
                ("declaration", "forced"),
                f"no denomination has the suit {listed}, but the forced declaration "
                "may have to declare any suit",
                f"add one, such as {missing[0]}: {{suit: {missing[0]}, trick_value: N}}",
            )
        )
    return value


def _check_forced_order(
    criteria: Sequence[Mapping[str, Any]], equal: Mapping[int, list[str]], problems: list[Problem]
) -> None:
    """The criteria end with one that always decides, and none comes after it.

    :param equal: the suits worth the same, by their trick value (where
        ``most_valuable`` cannot decide).
    """

    def decides(criterion: Mapping[str, Any]) -> bool:
        kind = _criterion_kind(criterion)
        return kind == "suit_order" or (kind == "most_valuable" and not equal)

    for i, criterion in enumerate(criteria[:-1]):
        if decides(criterion):
            kind = _criterion_kind(criterion)
            problems.append(
                (
                    (*_FORCED_CRITERIA, i + 1),
                    f"this criterion is never reached: {kind} at [{i}] always decides",
                    "delete the criteria after it, or move it last",
                )
            )
            return
    last, at = criteria[-1], len(criteria) - 1
    if decides(last):
        return
    kind = _criterion_kind(last)
    if kind == "most_valuable":
        v, suits = next(iter(equal.items()))
        message = (
            f"the last criterion, most_valuable, cannot decide between "
            f"{' and '.join(suits)}: each is worth {v} a trick"
        )
        hint = "give those suits different trick values, or end with {suit_order: [...]}"
    elif kind == "aces_at_least":
        message = (
            "the last criterion, aces_at_least, declares only when the hand has the "
            "aces, and no criterion after it chooses a suit otherwise"
        )
        hint = _ALWAYS_DECIDING
    else:
        message = (
            f"the last criterion, {kind}, can leave several suits equal, "
            "and no criterion after it decides between them"
        )
        hint = _ALWAYS_DECIDING
    problems.append(((*_FORCED_CRITERIA, at), message, hint))


def _check_settlement(data: Mapping[str, Any], problems: list[Problem]) -> None:
    if _get(data, "scoring", "settlement") != "by_side":
        return
    if _get(data, "scoring", "ledger") == "players":
        message = (
            "settlement: by_side needs ledger: sides: with a column for each "
            "player there are no sides to settle"
        )
    elif _get(data, "table", "hands") == "dummy":
        message = (
            "settlement: by_side needs two sides of as many players each, but with "
            "hands: dummy the player who holds the Dummy is a side alone against two"
        )
    else:
        return
    problems.append(
        (
            ("scoring", "settlement"),
            message,
            "write settlement: pairwise (every two players in different columns "
            "settle the difference of their totals)",
        )
    )


def _check_auction(data: Mapping[str, Any], problems: list[Problem]) -> None:
    """An auction chooses its declarer; a make declaration has the dealer play."""
    kind, declarer = _get(data, "declaration", "kind"), _get(data, "play", "declarer")
    if kind == "auction" and declarer != "auction":
        problems.append(
            (
                ("play", "declarer"),
                f"declaration.kind is auction, so the declarer is the one the auction names, "
                f"not {declarer!r}",
                "write play.declarer: auction",
            )
        )
    elif kind == "make" and declarer == "auction":
        problems.append(
            (
                ("play", "declarer"),
                "play.declarer is auction, but declaration.kind is make: there is no auction",
                "write play.declarer: dealer, or declaration.kind: auction",
            )
        )
    scored_by = _get(data, "scoring", "tricks", "scored_by")
    if scored_by == "contract" and kind != "auction":
        problems.append(
            (
                ("scoring", "tricks", "scored_by"),
                "tricks scored by contract need a contract: declaration.kind must be auction",
                "write scored_by: side_with_odd_tricks, or declaration.kind: auction",
            )
        )
    if scored_by != "contract":
        for key in ("undertricks", "doubled_bonus", "opening_spade_cap"):
            if _get(data, "scoring", key) is not None:
                problems.append(
                    (
                        ("scoring", key),
                        f"scoring.{key} applies only when tricks are scored by contract",
                        "write scoring.tricks.scored_by: contract, or leave this out",
                    )
                )
    if kind == "auction" and _get(data, "table", "hands") not in (None, "seated"):
        problems.append(
            (
                ("declaration", "kind"),
                "an auction needs four seated players (three-hand auction is not supported yet)",
                "write table.hands: seated and table.players: 4",
            )
        )


def _dealer_holds_the_dummy(data: Mapping[str, Any]) -> bool:
    """Three players and a Dummy that goes round with the deal."""
    return bool(
        _get(data, "table", "hands") == "dummy"
        and _get(data, "table", "dummy", "holder") == "dealer"
    )


def _no_dummy_player(data: Mapping[str, Any]) -> bool:
    """No player ever sits at the dummy of the play: each partnership is one
    player (``double_dummy``), or the dealer holds the Dummy and plays it
    (the declarer is then the dealer)."""
    return _get(data, "table", "hands") == "double_dummy" or _dealer_holds_the_dummy(data)


def _dummy_for_the_rubber(data: Mapping[str, Any]) -> bool:
    return bool(
        _get(data, "table", "hands") == "dummy"
        and _get(data, "table", "dummy", "holder") == "per_rubber"
    )


def _auction(data: Mapping[str, Any]) -> bool:
    return bool(_get(data, "declaration", "kind") == "auction")


def _no_auction(data: Mapping[str, Any]) -> bool:
    return not _auction(data)


def _leader_only(data: Mapping[str, Any]) -> bool:
    return bool(_get(data, "doubling", "doublers") == "leader_only")


def _one_player_a_side(data: Mapping[str, Any]) -> bool:
    return bool(_get(data, "table", "hands") == "double_dummy")


def _dealers_partner_is_his_dummy(data: Mapping[str, Any]) -> bool:
    """Whether the dealer's partner is always a Dummy: each side one player, or
    the dealer holding the Dummy for his deal."""
    return _one_player_a_side(data) or (
        _get(data, "table", "hands") == "dummy"
        and _get(data, "table", "dummy", "holder") == "dealer"
    )


def _declarer_is_dealer(data: Mapping[str, Any]) -> bool:
    """The declarer is always the dealer's own seat: the dealer plays
    (``play.declarer: dealer``) and never deals from a Dummy's seat (a Dummy
    held for the rubber deals in turn, and so does a Dummy of Double Dummy
    unless the deal skips the Dummies)."""
    hands = _get(data, "table", "hands")
    return bool(
        _get(data, "play", "declarer") == "dealer"
        and (
            hands == "seated"
            or _dealer_holds_the_dummy(data)
            or (hands == "double_dummy" and _get(data, "deal", "passes") == "left_skipping_dummies")
        )
    )


Inert = tuple[Path, Callable[[Mapping[str, Any]], bool], str, str]
"""A setting the interpreter reads only under some condition: its path, when
it is never read, why, and what to write instead."""

_AUCTION_DOUBLES = (
    "in an auction doubling is a call in the auction (declaration.auction), "
    "not the doubling section"
)

_NOT_ASKED = "no adversary doubles before his partner asks 'May I lead?'"
_CONSENT = "no double waits for consent after a lead"
INERT: tuple[Inert, ...] = (
    (
        ("table", "dummy", "holder"),
        lambda d: _get(d, "table", "hands") != "dummy",
        "who holds the Dummy is read only at a table of three players and a Dummy",
        "leave table.dummy out, or write table.hands: dummy",
    ),
    (
        ("table", "dummy", "first_dealer"),
        lambda d: not _dummy_for_the_rubber(d),
        "the first dealer of a rubber is chosen only where one player holds the "
        "Dummy for the rubber (hands: dummy, holder: per_rubber)",
        "leave first_dealer out",
    ),
    (
        ("deal", "passes"),
        lambda d: _get(d, "table", "hands") == "seated" or _dealer_holds_the_dummy(d),
        "no deal can skip a Dummy: every hand is manned, or the Dummy goes round with the deal",
        "leave deal.passes out",
    ),
    (
        ("doubling", "doublers"),
        _auction,
        _AUCTION_DOUBLES,
        "leave doubling out, or set declaration.auction.doubles",
    ),
    (
        ("doubling", "limit"),
        _auction,
        _AUCTION_DOUBLES,
        "leave doubling out, or set declaration.auction.doubles and redoubles",
    ),
    (
        ("doubling", "redouble_when_left_to_dummy"),
        lambda d: _auction(d) or _get(d, "table", "hands") == "seated",
        "no declaration is ever left to a Dummy: every hand is manned, or the "
        "declaration is an auction",
        "leave redouble_when_left_to_dummy out",
    ),
    (
        ("play", "opening_lead"),
        _declarer_is_dealer,
        "the declarer is always the dealer, so the declarer's left is the dealer's left",
        "leave opening_lead as it is",
    ),
    (
        ("laws", "slip"),
        _no_auction,
        "a slip of the tongue (law 52) is a call in an auction, and "
        "declaration.kind is not auction",
        "leave laws.slip out, or write declaration.kind: auction",
    ),
    (
        ("laws", "called_lead"),
        _no_auction,
        "a lead is called for information about the bidding (laws 51, 93), and "
        "declaration.kind is not auction",
        "leave laws.called_lead out, or write declaration.kind: auction",
    ),
    (
        ("laws", "impossible_bid"),
        _no_auction,
        "an impossible bid (law 50) is a call in an auction, and declaration.kind is not auction",
        "leave laws.impossible_bid out, or write declaration.kind: auction",
    ),
    (
        ("laws", "out_of_turn", "declaration_by_partner"),
        lambda d: _auction(d) or _dealers_partner_is_his_dummy(d),
        "the dealer's partner never makes Bridge's trump out of turn (ELW05): the "
        "declaration is an auction, or the dealer's partner is always his Dummy",
        "leave laws.out_of_turn.declaration_by_partner out",
    ),
    (
        ("laws", "out_of_turn", "declaration_passed_back"),
        lambda d: (
            _auction(d)
            or _dealers_partner_is_his_dummy(d)
            or not _get(d, "declaration", "pass_to_partner")
        ),
        "the dealer's partner never passes Bridge's declaration back (ELW05): the "
        "declaration is an auction, it is never left to the partner, or the dealer's "
        "partner is always his Dummy",
        "leave laws.out_of_turn.declaration_passed_back out",
    ),
    (
        ("laws", "out_of_turn", "declaration_by_adversary"),
        _auction,
        "an adversary's declaration out of turn is Bridge's (ELW05), and "
        "declaration.kind is auction: its calls out of turn are laws.out_of_turn.bid and double",
        "leave laws.out_of_turn.declaration_by_adversary out",
    ),
    *(  # Bridge's doubling out of turn (ELW05 laws 55, 56, 58, 59)
        (
            ("laws", "out_of_turn", key),
            lambda d, o=leader: _auction(d) or _one_player_a_side(d) or (o and _leader_only(d)),
            f"{what} (ELW05{law}): the declaration is an auction, each side is one player"
            + (", or only the leader doubles" if leader else ""),
            f"leave laws.out_of_turn.{key} out",
        )
        for key, what, law, leader in (
            ("double_before_asked", _NOT_ASKED, "", True),
            ("redouble_out_of_turn", "no player re-doubles out of turn", " law 55", False),
            ("lead_without_asking", _CONSENT, " law 58", True),
            ("lead_before_doubling_completed", _CONSENT, " law 56", True),
        )
    ),
    (
        ("laws", "out_of_turn", "lead_before_doubling"),
        _auction,
        "a lead before the doubling is done is Bridge's (ELW07), and declaration.kind "
        "is auction: a lead out of turn is laws.lead_out_of_turn",
        "leave laws.out_of_turn.lead_before_doubling out",
    ),
    (
        ("laws", "exposed_cards", "new_deal_before_declaration"),
        _auction,
        "the Bridge code's new deal is for a card exposed before the trump is made "
        "(ELW07), and declaration.kind is auction: law 65 bars the partner instead",
        "leave new_deal_before_declaration out",
    ),
    (
        ("laws", "exposed_cards", "partner_barred"),
        _one_player_a_side,
        "each side is one player: his partner's hand is his own Dummy, which "
        "exposes no card and never doubles (law 65; ELW07)",
        "leave partner_barred out",
    ),
    (
        ("laws", "exposed_cards", "prohibit_lead"),
        _one_player_a_side,
        "each side is one player: the leader's partner is a Dummy, which exposes "
        "no card before the lead (laws 65, 66; ELW07)",
        "leave prohibit_lead out",
    ),
    (
        ("laws", "fourth_hand_early"),
        _one_player_a_side,
        "each side is one player, who plays the second and the fourth hand of his "
        "side alike: the fourth never plays before the second out of turn (law 80)",
        "leave laws.fourth_hand_early out",
    ),
    (
        ("laws", "false_lead_taken_back"),
        lambda d: "stands" not in (_get(d, "laws", "lead_out_of_turn") or ()),
        "cards are taken back from a false lead (law 78) only after a lead out of "
        "turn let stand, and laws.lead_out_of_turn does not offer stands",
        "leave false_lead_taken_back out, or add stands to laws.lead_out_of_turn",
    ),
    (
        ("laws", "revoke", "points"),
        lambda d: _get(d, "laws", "revoke", "penalty") == "tricks",
        "the revoke penalty is always tricks (penalty: tricks), so its points are never scored",
        "leave points out, or write penalty: choice",
    ),
    (
        ("laws", "revoke", "tricks_earn_bonus"),
        lambda d: (
            _get(d, "scoring", "doubled_bonus") is None
            or (
                _get(d, "laws", "revoke", "penalty") != "choice"
                and _get(d, "laws", "revoke", "tricks") == 0
            )
        ),
        "no bonus is scored for a doubled contract (scoring.doubled_bonus is left out), "
        "or no tricks are ever taken for a revoke",
        "leave tricks_earn_bonus out",
    ),
    (
        ("laws", "dummy", "asks_renounce"),
        _no_dummy_player,
        "no player ever sits at the dummy of the play, so dummy never asks (law 60 a)",
        "leave asks_renounce out",
    ),
    (
        ("laws", "exposed_cards", "rest_claimed"),
        lambda d: not _get(d, "laws", "exposed_cards", "rest_claim"),
        "'I have the rest' is not regulated (rest_claim is not true), so nothing "
        "is required after it (law 72)",
        "write rest_claim: true, or leave rest_claimed out",
    ),
    (
        ("laws", "dummy", "pointing_out_forfeits"),
        _no_dummy_player,
        "no player ever sits at the dummy of the play, so dummy never points out a revoke (law 61)",
        "leave pointing_out_forfeits out",
    ),
    (
        ("laws", "dummy", "suggestion"),
        _no_dummy_player,
        "no player ever sits at the dummy of the play, so dummy never suggests a card (law 62)",
        "leave suggestion out",
    ),
    (
        ("laws", "revoke", "correction", "partner_may_ask"),
        lambda d: _get(d, "table", "hands") == "double_dummy",
        "each partnership is one player, who does not ask himself whether he has "
        "none of the suit (law 85)",
        "leave partner_may_ask out",
    ),
)


def _check_inert(
    data: Mapping[str, Any], problems: list[Problem], changed: Callable[[Path], bool]
) -> None:
    """A setting the file changes where the interpreter never reads it."""
    for path, never_read, why, hint in INERT:
        if _get(data, *path) is not None and changed(path) and never_read(data):  # type: ignore[arg-type]
            problems.append((path, f"has no effect here: {why}", hint))


_CHECKS: tuple[Callable[[Mapping[str, Any], list[Problem]], None], ...] = (
    _check_table,
    _check_dummy_declares,
    _check_cut,
    _check_book,
    _check_denominations,
    _check_limit,
    _check_honours,
    _check_exposure,
    _check_forced,
    _check_settlement,
    _check_auction,
)
