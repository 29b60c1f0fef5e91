"""Each deal of a recorded game in one line: what ``dummybridge analyse`` heads it with.

The declaration (the contract in Auction Bridge) and who played it, the
tricks the declaring side made, what it could have made double dummy at the
opening lead, and the tricks each side gave away by its errors (the sum of
the double-dummy costs of its cards, :func:`~dummybridge.analysis.doubledummy.analyse_record`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.cards import seat_side

if TYPE_CHECKING:
    from ..language.ruleset import RuleSet
    from .doubledummy import CardCost

__all__ = ["LEGEND", "DealSummary", "deal_summaries", "summary_line"]

SIDES = ("North-South", "East-West")
LEGEND = (
    "Legend: each card played, with the tricks its side could take double dummy "
    "before it -> after it; 'cost N': the tricks that card gave away (a "
    "double-dummy play costs nothing). Each deal's line: the declaration, the "
    "tricks the declaring side made, what it could make double dummy at the "
    "opening lead, and the tricks each side lost by its errors."
)


@dataclass(frozen=True)
class DealSummary:
    """One deal of a record, as its summary line tells it.

    :ivar deal: the deal number.
    :ivar declaration: the declaration in words (``4 hearts by South, doubled``).
    :ivar side: the declaring side (0 North-South, 1 East-West).
    :ivar made: the tricks the declaring side took (``None``: the play did not end).
    """

    deal: int
    declaration: str
    side: int
    made: int | None


def deal_summaries(record: Mapping[str, Any], rules: RuleSet) -> dict[int, DealSummary]:
    """Replay ``record`` (already checked) and sum up each deal that was played."""
    from ..engine.game import Game
    from ..engine.record import recorded_action

    game = Game.from_record({**record, "actions": []}, rules)
    seen: dict[int, tuple[str, int]] = {}
    for item in record["actions"]:
        text, player = (
            (item["action"], item["player"]) if isinstance(item, Mapping) else (str(item), None)
        )
        _note(game, seen)
        game.apply(recorded_action(game, text), player=player)
    _note(game, seen)
    won: dict[int, list[int]] = {}
    deal = 0
    for op in game.log:
        if op.kind == "deal":
            deal = int(op.detail["deal"])
        elif op.kind == "trick" and op.seat is not None:
            won.setdefault(deal, [0, 0])[seat_side(op.seat)] += 1
        elif op.kind == "score":
            won.setdefault(deal, [0, 0]).append(-1)  # the deal was played out
    out = {}
    for number, (words, side) in seen.items():
        tally = won.get(number, [0, 0])
        made = tally[side] if len(tally) > 2 else None
        out[number] = DealSummary(number, words, side, made)
    return out


def _note(game: Any, seen: dict[int, tuple[str, int]]) -> None:
    """At the start of a deal's play, note its declaration and declaring side."""
    if game.phase == "play" and game.deal_number not in seen and game.declarer is not None:
        seen[game.deal_number] = (_declaration(game), seat_side(game.declarer))


def _declaration(game: Any) -> str:
    name = game.denomination.name.replace("_", " ")
    if game.contract is not None:
        name = f"{game.contract.level} {name}"
    how = {"partner": " (left to partner)", "dummy": " (left to Dummy)"}.get(
        game.deal.declared_from or "", ""
    )
    doubled = {0: "", 1: ", doubled", 2: ", redoubled"}.get(
        game.doubling_level, f", doubled {game.doubling_level} times"
    )
    return f"{name}{how}{doubled}, played by {game.declarer.name.capitalize()}"


def summary_line(
    summary: DealSummary | None, deal: int, costs: Sequence[CardCost], cards_each: int
) -> str:
    """``Deal 3: 2 hearts, played by South; North-South made 8, 9 double dummy
    at the opening lead; lost by errors: North-South 1, East-West 0``.

    :param costs: every valued card of the deal, in order.
    """
    lost = [0, 0]
    for c in costs:
        lost[seat_side(c.seat)] += c.cost
    errors = f"lost by errors: {SIDES[0]} {lost[0]}, {SIDES[1]} {lost[1]}"
    if summary is None:
        return f"Deal {deal}: {errors}"
    side = SIDES[summary.side]
    made = "the play did not end" if summary.made is None else f"{side} made {summary.made}"
    if costs and costs[0].trick == 1:
        # The opening lead's value is its side's; the declaring side's is the rest.
        lead = costs[0]
        dd = lead.best if seat_side(lead.seat) == summary.side else cards_each - lead.best
        made += f", {dd} double dummy at the opening lead"
    return f"Deal {deal}: {summary.declaration}; {made}; {errors}"
