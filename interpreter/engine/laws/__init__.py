"""The laws: the irregularities of laws mode (``Game(..., laws=True)``) and their penalties.

In strict play an irregularity cannot happen; in laws mode it can, and the
laws of the rule file's ``laws`` section say what follows. This subpackage
holds them, by where they happen:

- :mod:`.calls`: irregular calls: out of turn in the auction (1912 laws 49,
  57) and in Bridge's declaration and doubling (ELW05), the declaration
  passed back (ELW05), the slip corrected (law 52), insufficient and
  impossible bids (law 50);
- :mod:`.conduct`: conduct in the play: remarks, touched and suggested cards,
  cards required or forbidden, called leads (laws 51, 59-64, 93), attention
  called to the trick before the partner plays (law 92), and the card
  played in laws mode;
- :mod:`.exposed`: cards exposed and called, winning cards led on before
  the partner plays (law 71), hands thrown down and "I have the rest" (law
  72), the opening lead of a suit prohibited, leads out of turn and the
  fourth hand before the second (laws 65-80; the Bridge code's "Cards
  exposed" and "Leads out of turn");
- :mod:`.revokes`: revokes, "Having none?" and the revoke corrected in time
  (laws 83-86), and the claims of the revoke penalty after the last trick with
  what they cost (laws 84, 87-89);
- :mod:`.offences`: every irregularity open now, by name (what the
  samplers of irregularities and the terminal offer);
- :mod:`.penalties`: the penalties the adversaries choose after an
  irregularity, one class each in a registry: a new penalty is one class
  there plus its option in the schema.

Each function takes the game first. The laws' own state of a deal is the
deal's (:class:`~dummybridge.engine.deal.Deal`, so a new deal starts without
it): ``pending`` (a :class:`.penalties.Pending`), ``barred``, ``constraint``,
``called_lead``, ``cards_exposed``, ``rest_claimed``, ``not_liable``,
``silenced``, ``lead_forbidden``, ``early_card``, ``led_on``,
``led_on_next``, ``revokes``, ``asked``, ``forfeited``, ``revoke_claims``
and ``revoke_penalties``; the session's is
the game's: ``actions_out_of_turn`` and ``_slips``.

The hooks
---------
The game consults the laws at fixed points, through the object it holds as
``game.hooks``: :data:`LAWS` in laws mode, :data:`STRICT_PLAY` (which answers
without consulting them) in strict play, as python-chess's variants override a
few hooks of its board. The points:

================================== ===============================================
hook                               where the game calls it
================================== ===============================================
``irregular_actions(game)``        ``Game.irregular_actions()``
``out_of_turn_actions(game, p)``   ``Game.out_of_turn_actions(p)``
``remarks(game, p)``               ``Game.remarks(p)``
``plays(game, cards)``             the play's legal actions (and in laws mode what
                                   it allows): the plays a card required or
                                   forbidden, or a called lead, leaves of ``cards``
                                   (``None``: all of them)
``remark(game, p, action)``        ``Game._apply()``, for a remark (refused in
                                   strict play, in the laws' words)
``call_out_of_turn(game, p, a)``   ``Game._apply()``, for an action by a player
                                   whose turn it is not (refused in strict play)
``bid(game, action)``              ``Game._apply()`` in the auction, before the
                                   call: an insufficient or impossible bid
                                   (``None``: a call like any other)
``in_turn(game, action)``          ``Game._apply()`` in the declaration and the
                                   doubling, for an action not open: the
                                   declaration passed back, the eldest hand's
                                   lead and his partner's double subject to
                                   consent (ELW05 laws 56, 58) (``None``:
                                   refused as in strict play)
``play(game, action)``             ``Game._apply()`` and the play's ``act``, for a
                                   card seen
``lean(game)``                     ``play.refresh_lean()``: whether no law binds
                                   the next card, so that the C card step may
                                   take a legal one (strict play: always)
``end_of_play(game)``              ``play.end_play()``, after the last trick:
                                   ``True`` when the revoke claims begin (the
                                   score waits for them)
``revoke_result(game)``            ``settlement.score()``, when a revoke penalty
                                   was claimed: what the claims cost
================================== ===============================================

The laws' two phases, ``penalty`` and ``claim``, happen only in laws mode:
their actions (:class:`~dummybridge.engine.phases.PhaseActions`) are in
:data:`PHASES`, which the game's table of phases includes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .. import play
from ..phases import Phase, PhaseActions
from . import calls, conduct, exposed, offences, penalties, revokes

if TYPE_CHECKING:
    from ..actions import Action, Operation
    from ..game import Game

__all__ = [
    "LAWS",
    "PHASES",
    "STRICT_PLAY",
    "Laws",
    "StrictPlay",
    "calls",
    "conduct",
    "exposed",
    "offences",
    "penalties",
    "revokes",
]


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

    def plays(self, game: Game, cards: int) -> tuple[Action, ...] | None:
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

    def in_turn(self, game: Game, action: Action) -> Operation | None:
        """An irregular call in turn in the declaration or doubling: none (it is refused)."""
        return None

    def play(self, game: Game, action: Action) -> Operation:
        """A card seen played: the play's own step."""
        return play.card(game, action)

    def lean(self, game: Game) -> bool:
        """Whether the C card step may take the next card (a legal one): always."""
        return True

    def end_of_play(self, game: Game) -> bool:
        """After the last trick: no revoke to claim; the deal is scored."""
        return False

    def revoke_result(self, game: Game) -> dict[str, Any]:
        """What the claimed revoke penalties cost, for the score (none is
        claimed in strict play: asked only in laws mode)."""
        return revokes.revoke_result(game)

    def deal_begun(self, game: Game) -> None:
        """A deal has begun: nothing to keep (no slip to correct in strict play)."""


class Laws(StrictPlay):
    """The hooks of laws mode: the irregularities the rules regulate may happen."""

    def irregular_actions(self, game: Game) -> tuple[Action, ...]:
        return conduct.irregular_actions(game)

    def out_of_turn_actions(self, game: Game, player: str) -> tuple[Action, ...]:
        return calls.out_of_turn_actions(game, player)

    def remarks(self, game: Game, player: str) -> tuple[Action, ...]:
        return conduct.remarks(game, player)

    def plays(self, game: Game, cards: int) -> tuple[Action, ...] | None:
        return conduct.plays(game, cards)

    def bid(self, game: Game, action: Action) -> Operation | None:
        return calls.irregular_bid(game, action)

    def in_turn(self, game: Game, action: Action) -> Operation | None:
        if game.phase is Phase.DECLARE:
            return calls.passed_back(game, action)
        return calls.irregular_in_doubling(game, action)

    def play(self, game: Game, action: Action) -> Operation:
        return conduct.play_card(game, action)

    def lean(self, game: Game) -> bool:
        return conduct.quiet(game)

    def end_of_play(self, game: Game) -> bool:
        return revokes.begin_revoke_claims(game)

    def deal_begun(self, game: Game) -> None:
        if game.rules.laws.slip:  # (law 52: a slip replays its deal from there)
            calls.mark_deal(game)


#: the hooks of strict play and of laws mode (they keep no state: one each will do)
STRICT_PLAY = StrictPlay()
LAWS = Laws()


def _offering(
    choices: Callable[[Game], tuple[Action, ...]], decide: Callable[[Game, Action], None]
) -> PhaseActions:
    """A phase of the laws: the side the laws name chooses one of
    ``choices(game)`` (no look is open); the choice is logged, then
    ``decide(game, choice)`` takes effect."""

    def why_not(game: Game, action: Action) -> str:
        options = ", ".join(str(a) for a in choices(game))
        return f"{game._seat_text(game.to_act)} may now only {options}"

    def act(game: Game, action: Action) -> Operation:
        return game._decision(action, lambda g, _, a: decide(g, a), log_sight=False)

    return PhaseActions.offering(choices, why_not, act, looks=False)


#: the actions of the laws' two phases (laws mode only), for the game's table
PHASES: dict[Phase, PhaseActions] = {
    Phase.REVOKE_CLAIM: _offering(revokes.revoke_claim_actions, revokes.revoke_claimed),
    Phase.PENALTY: _offering(penalties.pending_options, penalties.decide),
}
