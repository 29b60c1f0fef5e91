"""The kinds of the entries of a game's log: what :attr:`Operation.kind
<dummybridge.engine.actions.Operation.kind>` says.

An entry is a decision (its kind is the action's: ``play``, ``declare`` ...,
with the seat decided for, the player and the action), or a step the game
took by itself. Every entry the engine makes has one of these kinds; the
game refuses to log any other (``Game._append``).

Steps of the game (no action):

================ ============== =========================================================
kind             seat           detail
================ ============== =========================================================
CUT              --             ``rounds`` (each round's cards by player), ``order``
RUBBER_START     --             ``rubber``, ``seats`` (player by seat), ``dummies``
DEAL             the dealer     ``deal``, ``hands`` (PBN by seat); ``seats`` when the
                                dealer takes the Dummy
SIGHT            --             ``changes``: for each player, the hands he now ``sees``
                                and ``loses`` (face-up hands aside)
EXAMINE          the Dummy      -- (the player is the examiner)
FORCED           the Dummy      ``denomination``, ``steps``: the forced declaration
PASSED_OUT       the dealer     -- (all four passed: a new deal)
CONTRACT         the declarer   ``bid``, ``by``, ``doubled``, ``declarer``
EXPOSE           the hand       ``hand`` (PBN), laid face up at the first lead
TRICK            its winner     ``number``, ``cards``, ``leader``
SCORE            --             ``deal``, ``entries``
GAME             --             ``column``, ``name``, ``games``: a game won
RUBBER           --             the score sheet's result
================ ============== =========================================================

Decisions (the seat is the hand decided for; for ``look``, the hand looked at):

- the declaration and the auction: ``DECLARE``, ``LEAVE``, ``BID`` (its
  ``detail`` says ``made_sufficient`` or ``impossible`` when a penalty made
  it), ``DOUBLE``, ``REDOUBLE``, ``PASS``;
- the play: ``PLAY``, ``PLAY_BLIND`` (``card``: the card drawn, played
  next), ``LOOK``;
- laws mode, the claim of a revoke penalty: ``CLAIM``, ``WAIVE``;
- laws mode, a penalty chosen: ``ACCEPT``, ``CANCEL``, ``NEW_DEAL``,
  ``MAKE_SUFFICIENT``, ``BID_SEVEN``, ``PREVIOUS_FINAL``, ``COMPEL``,
  ``END_DOUBLING`` (ELW05 law 55: the double void, no further doubling),
  ``CONSENT``, ``WITHHOLD_CONSENT`` (ELW05 laws 56, 58: the double of the
  eldest hand's partner after the eldest hand led stands, or is void),
  ``REQUIRE``, ``FORBID``, ``DECLINE``, ``CALL_LEAD``, ``TREAT_EXPOSED``
  (law 76: the card led out of turn is an exposed card), ``LEAD_STANDS``
  (law 78: the lead out of turn stands, the others following it),
  ``SHOW_HAND`` (law 72: the declarer who said "I have the rest" places his
  cards face up), ``WIN_TRICK`` (law 71: the partner must win, if he
  can, the trick the card led on begins).

Irregularities and the laws' remarks (laws mode):

================ ============== =========================================================
kind             seat           detail
================ ============== =========================================================
OUT_OF_TURN      the offender   ``turn``: the seat whose turn it was; ``law`` (76, 80) for
                                a card led or played out of turn in the play (a card led
                                in Bridge's doubling has none: ELW07)
EXPOSE_CARD      the offender   ``card``, ``when`` (``auction``: before the play, ``lead``:
                                before the opening lead, ``play``: laws 65, 66, 67-72),
                                ``barred`` (his partner may not bid or double, law 65)
CALL_CARD        the offender   -- (law 67: the exposed card called, ``action``; the
                                player is the declarer's)
FORBID_LEAD      the leader     -- (laws 65, 66: the suit, ``action``; the player is the
                                declarer's)
THROW_DOWN       the thrower    ``cards`` (law 72: the cards thrown face up, PBN),
                                ``liable`` (false once the declarer said "I have the rest")
HAVE_REST        the declarer   -- (law 72: "I have the rest")
LEAD_ON          the offender   ``card``, ``first`` (law 71: a winning card led on before
                                his partner played; ``first``: his card on the trick)
SLIP             the next hand  -- (law 52: the call voided, ``action``)
INSUFFICIENT     the bidder     -- (law 50)
IMPOSSIBLE       the bidder     -- (law 50)
PASSED_BACK      the partner    -- (ELW05: the declaration passed back, ``leave it``)
EARLY_LEAD       eldest hand    ``law`` (ELW05 law 58: led in his turn to double or ask "May
                                I lead?"; law 56: in his turn once a doubling was made);
                                the card, ``action``, is his opening lead. Led out of
                                turn in the doubling: ``OUT_OF_TURN`` with ``law`` 56
DOUBLE_ASKED     his partner    ``law`` (56, 58): his double after it, subject to consent
REVOKE           the revoker    ``card``, ``led``, ``trick``, ``liable``
DISOBEY          the offender   ``card``, ``trick``, ``liable`` (law 73: he failed to play as
                                a penalty directed; corrected: ``CORRECT`` with ``law`` 73)
TOUCH            the hand       ``card``, ``played`` (law 64)
SUGGEST          dummy          -- (law 62)
INFORM           the informer   -- (laws 51, 93)
REFER            the offender   -- (law 93: a reference to an incident of the play)
ATTENTION        the offender   -- (law 92: attention called to the trick before his partner plays)
POINT_OUT        the revoker    ``trick`` (law 61)
ASK              the renouncer  ``trick``, ``revoke`` (law 85)
CORRECT          the revoker    ``trick``, ``revoke`` (law 86)
CORRECTED        the revoker    ``trick``, ``card``, ``withdrawn``, ``reopened``
FALSE_LEAD       the offender   ``card``, ``withdrawn``, ``turn``, ``forfeited`` (law 78: a
                                lead out of turn let stand, noticed before the fourth card:
                                the cards played to it taken back; the rightful leader is
                                ``turn``; noticed by dummy's player, its penalty forfeited,
                                law 61)
================ ============== =========================================================

>>> OpKind.TRICK, str(OpKind.PLAY_BLIND), OpKind("play") is OpKind.PLAY
('trick', 'play_blind', True)
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Any

from .phases import TextEnum

__all__ = ["NO_DETAIL", "OP_KINDS", "OpKind"]


class OpKind(TextEnum):
    """The kind of a log entry; equal to (and formatted as) its value, ``"play"``.

    Its ``repr`` is its value's too, so that logs print as text
    (``kind='play'``), as they did when kinds were strings.
    """

    # steps of the game
    CUT = "cut"
    RUBBER_START = "rubber_start"
    DEAL = "deal"
    SIGHT = "sight"
    EXAMINE = "examine"
    FORCED = "forced"
    PASSED_OUT = "passed_out"
    CONTRACT = "contract"
    EXPOSE = "expose"
    TRICK = "trick"
    SCORE = "score"
    GAME = "game"
    RUBBER = "rubber"
    # decisions
    DECLARE = "declare"
    LEAVE = "leave"
    BID = "bid"
    DOUBLE = "double"
    REDOUBLE = "redouble"
    PASS = "pass"
    PLAY = "play"
    PLAY_BLIND = "play_blind"
    LOOK = "look"
    CLAIM = "claim"
    WAIVE = "waive"
    ACCEPT = "accept"
    CANCEL = "cancel"
    NEW_DEAL = "new_deal"
    MAKE_SUFFICIENT = "make_sufficient"
    BID_SEVEN = "bid_seven"
    PREVIOUS_FINAL = "previous_final"
    COMPEL = "compel"
    END_DOUBLING = "end_doubling"
    CONSENT = "consent"
    WITHHOLD_CONSENT = "withhold_consent"
    REQUIRE = "require"
    FORBID = "forbid"
    DECLINE = "decline"
    CALL_LEAD = "call_lead"
    TREAT_EXPOSED = "treat_exposed"
    LEAD_STANDS = "lead_stands"
    SHOW_HAND = "show_hand"
    WIN_TRICK = "win_trick"
    # irregularities and remarks (laws mode)
    OUT_OF_TURN = "out_of_turn"
    EXPOSE_CARD = "expose_card"
    CALL_CARD = "call_card"
    FORBID_LEAD = "forbid_lead"
    THROW_DOWN = "throw_down"
    HAVE_REST = "have_rest"
    LEAD_ON = "lead_on"
    SLIP = "slip"
    INSUFFICIENT = "insufficient"
    IMPOSSIBLE = "impossible"
    PASSED_BACK = "passed_back"
    EARLY_LEAD = "early_lead"
    DOUBLE_ASKED = "double_asked"
    REVOKE = "revoke"
    DISOBEY = "disobey"
    TOUCH = "touch"
    SUGGEST = "suggest"
    INFORM = "inform"
    REFER = "refer"
    ATTENTION = "attention"
    POINT_OUT = "point_out"
    ASK = "ask"
    CORRECT = "correct"
    CORRECTED = "corrected"
    FALSE_LEAD = "false_lead"


#: each kind by its value, and by itself (a member is equal to its value):
#: how the game turns the kind it logs into the member, refusing any other
OP_KINDS: dict[str, OpKind] = {kind.value: kind for kind in OpKind}

#: the detail of an entry that has none
NO_DETAIL: Mapping[str, Any] = MappingProxyType({})
