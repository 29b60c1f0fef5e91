"""The laws: the irregularities of laws mode (``Game(..., laws=True)``) and their penalties.

In strict play an irregularity cannot happen; in laws mode it can, and the
laws of the rule file's ``laws`` section say what follows. This subpackage
holds them, by where they happen:

- :mod:`.calls`: the auction's irregular calls: out of turn (1912 laws 49,
  57), the slip corrected (law 52), insufficient and impossible bids (law 50);
- :mod:`.conduct`: conduct in the play: remarks, touched and suggested cards,
  cards required or forbidden, called leads (laws 51, 59-64, 93), and the card
  played in laws mode;
- :mod:`.revokes`: revokes, "Having none?" and the revoke corrected in time
  (laws 83-86), and the claims of the revoke penalty after the last trick with
  what they cost (laws 84, 87-89);
- :mod:`.penalties`: the penalties the adversaries choose after an
  irregularity, one class each in a registry: a new penalty is one class
  there plus its option in the schema.

Each function takes the game first. The laws' own state of a deal is kept on
the game (reset by its deal): ``_pending`` (a :class:`.penalties.Pending`),
``_asked``, ``_forfeited``, ``_constraint``, ``_called_lead``, ``_barred``,
``_penalties``, ``_claims`` and ``revokes``; and for the session
``actions_out_of_turn`` and ``_slips``.

The hooks
---------
The game consults the laws at fixed points, through an object it holds:
:class:`Laws` in laws mode, :class:`StrictPlay` (which answers without
consulting them) in strict play, as python-chess's variants override a few
hooks of its board. The points, named by the methods of
:class:`~dummybridge.engine.game.Game` that call them:

================================== ===============================================
hook                               where the game calls it
================================== ===============================================
``irregular_actions(game)``        ``Game.irregular_actions()``
``out_of_turn_actions(game, p)``   ``Game.out_of_turn_actions(p)``
``remarks(game, p)``               ``Game.remarks(p)``
``plays(game, legal)``             ``Game._legal_actions()`` in the play: the plays
                                   a card required or forbidden, or a called lead,
                                   leaves (``None``: the legal cards)
``remark(game, p, action)``        ``Game._apply()``, for a remark (refused in
                                   strict play, in the laws' words)
``call_out_of_turn(game, p, a)``   ``Game._apply()``, for an action by a player
                                   whose turn it is not (refused in strict play)
``bid(game, action)``              ``Game._apply()`` in the auction, before the
                                   call: an insufficient or impossible bid
                                   (``None``: a call like any other)
``play(game, action)``             ``Game._apply()``, for a card seen
``end_of_play(game)``              ``Game._end_play()``: ``True`` when the revoke
                                   claims begin (the score waits for them)
``penalty_actions(game)``,         the ``penalty`` phase's legal actions and
``decide_penalty(game, a)``        decision (laws mode only)
``revoke_claim_actions(game)``,    the ``claim`` phase's legal actions and
``revoke_claimed(game, a)``,       decision, and what the claims cost in the
``revoke_result(game)``            score (``Game._score()``; laws mode only)
================================== ===============================================

(The game does not hold the hooks yet: its methods of those names call the
modules' functions directly.)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import calls, conduct, penalties, revokes

if TYPE_CHECKING:
    from ..actions import Action, Operation
    from ..game import Game

__all__ = ["LAWS", "STRICT_PLAY", "Laws", "StrictPlay", "calls", "conduct", "penalties", "revokes"]


class StrictPlay:
    """The hooks of strict play: nothing irregular is open, so none of them
    consults the laws, but to refuse an irregular action in their words."""

    def irregular_actions(self, game: Game) -> tuple[Action, ...]:
        """The irregular actions open to the player to act: none."""
        return ()

    def out_of_turn_actions(self, game: Game, player: str) -> tuple[Action, ...]:
        """The calls ``player`` could make out of turn: none.

        :raises ValueError: for an unknown player.
        """
        game._check_player(player)
        return ()

    def remarks(self, game: Game, player: str) -> tuple[Action, ...]:
        """What ``player`` may say in the play besides playing a card: nothing.

        :raises ValueError: for an unknown player.
        """
        game._check_player(player)
        return ()

    def plays(self, game: Game, legal: int) -> tuple[Action, ...] | None:
        """The plays a requirement leaves the hand to play: no requirement."""
        return None

    def remark(self, game: Game, player: str, action: Action) -> Operation:
        """A remark in the play (refused in strict play)."""
        return conduct.remark(game, player, action)

    def call_out_of_turn(self, game: Game, player: str, action: Action) -> Operation:
        """A call out of turn (refused in strict play)."""
        return calls.out_of_turn(game, player, action)

    def bid(self, game: Game, action: Action) -> Operation | None:
        """An irregular bid taken to the adversaries: none; the call is like any other."""
        return None

    def play(self, game: Game, action: Action) -> Operation:
        """A card seen played: the game's own step."""
        return game._play(action)

    def end_of_play(self, game: Game) -> bool:
        """After the last trick: no revoke to claim; the deal is scored."""
        return False

    def penalty_actions(self, game: Game) -> tuple[Action, ...]:
        """The ``penalty`` phase's choices (laws mode only)."""
        return penalties.pending_options(game)

    def decide_penalty(self, game: Game, action: Action) -> None:
        """The penalty chosen takes effect (laws mode only)."""
        penalties.decide(game, action)

    def revoke_claim_actions(self, game: Game) -> tuple[Action, ...]:
        """The ``claim`` phase's choices (laws mode only)."""
        return revokes.revoke_claim_actions(game)

    def revoke_claimed(self, game: Game, action: Action) -> None:
        """A revoke penalty claimed or waived (laws mode only)."""
        revokes.revoke_claimed(game, action)

    def revoke_result(self, game: Game) -> dict[str, Any]:
        """What the claimed revoke penalties cost, for the score (laws mode only)."""
        return revokes.revoke_result(game)


class Laws(StrictPlay):
    """The hooks of laws mode: the irregularities the rules regulate may happen."""

    def irregular_actions(self, game: Game) -> tuple[Action, ...]:
        return conduct.irregular_actions(game)

    def out_of_turn_actions(self, game: Game, player: str) -> tuple[Action, ...]:
        return calls.out_of_turn_actions(game, player)

    def remarks(self, game: Game, player: str) -> tuple[Action, ...]:
        return conduct.remarks(game, player)

    def plays(self, game: Game, legal: int) -> tuple[Action, ...] | None:
        return conduct.plays(game, legal)

    def bid(self, game: Game, action: Action) -> Operation | None:
        return calls.irregular_bid(game, action)

    def play(self, game: Game, action: Action) -> Operation:
        return conduct.play_card(game, action)

    def end_of_play(self, game: Game) -> bool:
        return revokes.begin_revoke_claims(game)


#: the hooks of strict play and of laws mode (they keep no state: one each will do)
STRICT_PLAY = StrictPlay()
LAWS = Laws()
