"""Semantic checks of a rule file: what the schema alone cannot say.

The loader runs these on the effective document (``extends:`` merged, schema
defaults filled in) once it has passed the schema, so every value here has the
type and range the schema promises. Each check answers one requirement of
issue 3, "semantic checks (references that must resolve, tables that must be
complete, numbers that must be consistent)":

- the cut's ``tie_suit_order`` names each suit once;
- there is at least one denomination for the declaration to name, and at most
  one with ``suit: none``;
- each honours table has a base line (no ``in_one_hand``) for every total from
  the smallest listed up to the most there are (5 trump honours, 4 aces), no
  two lines for the same holding, and no ``in_one_hand`` above its ``total``;
- a doubling limit (``cap`` or ``stop_after_exceeding``) is not below the
  largest trick value;
- a deal has more tricks than the book, so that tricks can score toward game;
- ``hands: seated`` has a player for each of the four hands;
- no hand is listed twice for exposure.

Each problem is ``(path, message, hint)``; the loader turns the path into the
file, line and column of the offending value.

>>> check({"denominations": {}})[0][:2]
(('denominations',), 'no denominations: the declaration needs at least one to name')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

__all__ = ["Problem", "check"]

Path = tuple[str | int, ...]
Problem = tuple[Path, str, str | None]
"""One semantic problem: the path of the offending value, the message, a hint or ``None``."""

SUITS = ("clubs", "diamonds", "hearts", "spades")
HANDS = 4  # a bridge table always has four hands


def check(data: Mapping[str, Any]) -> list[Problem]:
    """Every semantic problem of an effective, schema-valid rule document.

    Sections missing from ``data`` are skipped, so a partial document can be
    checked too.

    :param data: the merged, defaulted document.
    :returns: the problems, in the order of the checks (the loader sorts them by position).
    """
    problems: list[Problem] = []
    for step in _CHECKS:
        step(data, problems)
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


def _check_table(data: Mapping[str, Any], problems: list[Problem]) -> None:
    players, hands = _get(data, "table", "players"), _get(data, "table", "hands")
    if hands == "seated" and isinstance(players, int) and players != HANDS:
        problems.append(
            (
                ("table", "players"),
                f"hands: seated needs {HANDS} players, one for each hand, but players is {players}",
                f"write players: {HANDS}, or a way of holding hands that fits {players} players",
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


_CHECKS: tuple[Callable[[Mapping[str, Any], list[Problem]], None], ...] = (
    _check_table,
    _check_cut,
    _check_book,
    _check_denominations,
    _check_limit,
    _check_honours,
    _check_exposure,
)
