"""The words of the rule language's options, as ``Literal`` types.

Each type holds the words of one ``enum`` of the schema's ``$defs`` (the same
name in CamelCase: ``hands`` is :data:`Hands`), and types the
:class:`~dummybridge.language.ruleset.RuleSet`'s fields that take it, so that
mypy checks every comparison of an option with a word. A test holds each type
to its enum.

>>> from typing import get_args
>>> get_args(Hands)
('seated', 'dummy', 'double_dummy')
"""

from __future__ import annotations

from typing import Literal, TypeAlias

__all__ = [
    "AdversaryDeclarationOption",
    "AgainstHonours",
    "AuctionDeclarer",
    "AuctionPassout",
    "ConsentOption",
    "CorrectionPenalty",
    "CutTies",
    "DealPasses",
    "DeclarationKind",
    "DeclarationOutOfTurnOption",
    "DeclaredFrom",
    "Declarer",
    "DisobeyedPenalty",
    "DoubleBeforeAskedOption",
    "Doublers",
    "DoublingFirst",
    "DoublingLimitKind",
    "DummyHolder",
    "ExposedHand",
    "FirstDealer",
    "ForcedExaminer",
    "ForcedKind",
    "FourthHandOption",
    "Hands",
    "HandsHeld",
    "ImpossibleOption",
    "LeadBeforeDoublingOption",
    "LeadOutOfTurnOption",
    "Ledger",
    "OpeningLead",
    "OutOfTurnOption",
    "PassedBackOption",
    "PlayerSide",
    "ProhibitLead",
    "RedoubleLeftToDummy",
    "RedoubleOutOfTurnOption",
    "Redoubles",
    "RestClaimedOption",
    "RevokeExempt",
    "RevokePenaltyKind",
    "RevokingSideScores",
    "RubberKind",
    "Settlement",
    "SightEvent",
    "SightHand",
    "SightHow",
    "SightWho",
    "SuggestionOption",
    "TowardGame",
    "TricksDoubling",
    "TricksScoredBy",
]

Hands: TypeAlias = Literal["seated", "dummy", "double_dummy"]
CutTies: TypeAlias = Literal["suit_order", "recut"]
DummyHolder: TypeAlias = Literal["per_rubber", "dealer"]
FirstDealer: TypeAlias = Literal["holder", "dummy"]
DealPasses: TypeAlias = Literal["left", "left_skipping_dummies"]
DeclarationKind: TypeAlias = Literal["make", "auction"]
ForcedExaminer: TypeAlias = Literal["owner", "right_hand_adversary"]
AuctionDeclarer: TypeAlias = Literal["first_to_name_strain", "last_bidder"]
AuctionPassout: TypeAlias = Literal["redeal"]
DoublingFirst: TypeAlias = Literal["eldest"]
Doublers: TypeAlias = Literal["both_adversaries", "leader_only"]
Redoubles: TypeAlias = Literal["maker_first"]
DoublingLimitKind: TypeAlias = Literal["unlimited", "cap", "stop_after_exceeding", "none"]
RedoubleLeftToDummy: TypeAlias = Literal["allowed", "forbidden"]
Declarer: TypeAlias = Literal["dealer", "auction"]
OpeningLead: TypeAlias = Literal["left_of_dealer", "left_of_declarer"]
ExposedHand: TypeAlias = Literal["dummy", "unmanned"]
SightWho: TypeAlias = Literal[
    "everyone",
    "dealer",
    "dummy_holder",
    "adversaries",
    "left_adversary",
    "right_adversary",
    "examiner",
    "declaring_side",
]
SightHand: TypeAlias = Literal["own", "dummy", "held", "leading_hand", "other_hand", "examined"]
SightEvent: TypeAlias = Literal[
    "deal",
    "declared",
    "examined",
    "own_doubling_decision",
    "own_double",
    "redouble_decision",
    "doubling_end",
    "first_lead",
]
SightHow: TypeAlias = Literal["auto", "on_request"]
DeclaredFrom: TypeAlias = Literal["own_hand", "partner", "dummy"]
PlayerSide: TypeAlias = Literal["declaring", "defending"]
HandsHeld: TypeAlias = Literal["one", "two"]
Ledger: TypeAlias = Literal["sides", "players"]
TricksScoredBy: TypeAlias = Literal["side_with_odd_tricks", "contract"]
TricksDoubling: TypeAlias = Literal["multiplies"]
TowardGame: TypeAlias = Literal["both_sides", "dealer_side_only"]
RubberKind: TypeAlias = Literal["best_of", "fixed_games"]
Settlement: TypeAlias = Literal["by_side", "pairwise"]
AgainstHonours: TypeAlias = Literal["deduct", "add"]
RevokeExempt: TypeAlias = Literal["declarers_dummy", "every_dummy", "none"]
RevokePenaltyKind: TypeAlias = Literal["tricks", "choice"]
RevokingSideScores: TypeAlias = Literal["everything", "honours_only"]
CorrectionPenalty: TypeAlias = Literal["highest", "lowest"]
#: law 80: what the second hand may be called upon to do after the fourth played first
FourthHandOption: TypeAlias = Literal["highest", "lowest", "win", "lose"]
#: law 73 (ELW05 law 75): a penalty a hand may fail to obey, liable to the revoke penalty
DisobeyedPenalty: TypeAlias = Literal[
    "highest_lowest", "win_lose", "called_lead", "prohibited_lead"
]
SuggestionOption: TypeAlias = Literal["require", "forbid"]
OutOfTurnOption: TypeAlias = Literal["new_deal", "accept", "cancel", "make_sufficient"]
ImpossibleOption: TypeAlias = Literal["bid_seven", "new_deal", "previous_final"]
DeclarationOutOfTurnOption: TypeAlias = Literal["accept", "new_deal", "cancel"]
#: ELW05 laws 55, 59: the double before "May I lead?"
DoubleBeforeAskedOption: TypeAlias = Literal["accept", "cancel", "end_doubling"]
#: ELW05 law 55: a re-double out of turn
RedoubleOutOfTurnOption: TypeAlias = Literal["accept", "end_doubling"]
#: ELW05 laws 56, 58: the consent to the double of the partner of the eldest
#: hand who has led before the doubling was done
ConsentOption: TypeAlias = Literal["consent", "withhold_consent"]
AdversaryDeclarationOption: TypeAlias = Literal["new_deal", "cancel"]
LeadOutOfTurnOption: TypeAlias = Literal["exposed", "call_lead", "stands"]
LeadBeforeDoublingOption: TypeAlias = Literal["call_lead"]
ProhibitLead: TypeAlias = Literal["never", "in_addition", "instead"]
PassedBackOption: TypeAlias = Literal["new_deal", "compel"]
RestClaimedOption: TypeAlias = Literal["show_hand"]

ForcedKind: TypeAlias = Literal[
    "aces_at_least", "longest", "most_pips", "most_valuable", "suit_order"
]
"""The kind of a forced declaration's criterion: the key that the rule file's item has."""
