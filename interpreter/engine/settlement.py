"""The score (a step, not a phase): the deal is scored, then the next deal, or the end.

After the last trick (and, in laws mode, the claims of revoke penalties) the
deal's tricks, honours and penalties go on the rubber's score sheet
(:mod:`.scoring` holds the rules of the count). A game won and the rubber's
end are logged; then the next dealer deals, a new rubber is seated, or the
session is over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core.cards import Suit
from . import deal as dealing
from . import session
from ._lazy import LazyDetail
from .opkinds import OpKind
from .phases import Phase
from .scoring import DealResult, ScoreEntry, ScoreSheet, _score_unpenalised, score_deal

if TYPE_CHECKING:
    from .game import Game

__all__ = ["score"]


def score(game: Game) -> None:
    """Score the deal, then deal the next one (or end the session)."""
    deal = game.deal
    assert deal.denomination is not None
    assert deal.declarer is not None
    contract = deal.contract
    if deal.revoke_penalties:
        lines = score_deal(
            game.rules,
            DealResult(
                hands=deal.original,  # type: ignore[arg-type]
                denomination=deal.denomination,
                declaring_side=deal.declarer.side,
                doubling_level=deal.doubling_level,
                tricks=(deal.tricks_won[0], deal.tricks_won[1]),
                contract_level=None if contract is None else contract.level,
                opening_one_spade=_opening_one_spade(game),
                **game.hooks.revoke_result(game),
            ),
        )
    else:  # no revoke penalty claimed: score_deal() of the same result, from its parts
        lines = _score_unpenalised(
            game.rules.scoring,
            deal.denomination,
            deal.declarer.side,
            deal.doubling_level,
            (deal.tricks_won[0], deal.tricks_won[1]),
            None if contract is None else contract.level,
            contract is not None and _opening_one_spade(game),
            deal.dealt,
        )
    sheet = game.sheet
    games_before = list(sheet.games)
    game_before = sheet.game_number
    added = sheet.add_deal(game.deal_number, lines, session.credit(game), game.dealer.side)
    game._append(OpKind.SCORE, detail=LazyDetail(_score_detail, (game.deal_number, tuple(added))))
    for col, before in enumerate(games_before if sheet.game_number != game_before else ()):
        if sheet.games[col] > before:
            game._append(
                OpKind.GAME,
                detail={"column": col, "name": sheet.columns[col][0], "games": list(sheet.games)},
            )
    if sheet.is_over:
        # The sheet is final (it takes no more deals): its result can wait to be read.
        game._append(OpKind.RUBBER, detail=LazyDetail(ScoreSheet.result_data, (sheet,)))
        if game.rubber_number >= game.rubbers:
            game.phase = Phase.OVER
            game.is_over = True
            game.to_act = None
            return
        session.begin_rubber(game)
        dealing.begin(game)
        return
    session.next_dealer(game)
    dealing.begin(game)


def _opening_one_spade(game: Game) -> bool:
    """Law 48: the final bid is the dealer's original One Spade, the first call
    of the auction, in the cheapest spade declaration (never the royals)."""
    deal = game.deal
    if deal.contract is None or deal.contract_index != 0 or deal.contract.level != 1:
        return False
    assert deal.denomination is not None
    spades = [d.trick_value for d in game.rules.denominations if d.suit is Suit.SPADES]
    return deal.denomination.suit is Suit.SPADES and deal.denomination.trick_value == min(spades)


def _score_detail(deal: int, entries: tuple[ScoreEntry, ...]) -> dict[str, Any]:
    return {"deal": deal, "entries": [e.to_data() for e in entries]}
