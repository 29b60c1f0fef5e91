"""The rules of laws mode: revokes, calls out of turn, insufficient and
impossible bids, dummy's rights and the declarer's touched cards, cards
exposed, leads out of turn and the fourth hand playing before the second.

A part of the :class:`~dummybridge.language.ruleset.RuleSet` (its ``laws``),
built from the rule document's ``laws`` section, whose every default is the
schema's. Where the rules leave an irregularity out, its options are empty:
it is not regulated.

>>> from dummybridge.language.loader import load_rules
>>> load_rules("auction-bridge").laws.out_of_turn["bid"]
('new_deal', 'accept')
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from .options import (
    AdversaryDeclarationOption,
    ConsentOption,
    CorrectionPenalty,
    DeclarationOutOfTurnOption,
    DisobeyedPenalty,
    DoubleBeforeAskedOption,
    FourthHandOption,
    ImpossibleOption,
    LeadBeforeDoublingOption,
    LeadOutOfTurnOption,
    OutOfTurnOption,
    PassedBackOption,
    ProhibitLead,
    RedoubleOutOfTurnOption,
    RestClaimedOption,
    RevokeExempt,
    RevokePenaltyKind,
    RevokingSideScores,
    SuggestionOption,
)
from .schemas import section

__all__ = [
    "DummyConduct",
    "ExposedCards",
    "LawsRules",
    "RevokeCorrection",
    "RevokeRules",
    "laws_rules",
]


@dataclass(frozen=True, slots=True)
class RevokeCorrection:
    """Correcting a revoke before it is established (1912 laws 85-86)."""

    #: whether the partner of the player who renounced may ask "Having none?"
    partner_may_ask: bool
    #: what the declarer may require of an adversary who corrects (``highest``, ``lowest``)
    adversary: tuple[CorrectionPenalty, ...]
    #: what the declarer's left adversary may require of the declarer who corrects
    declarer: tuple[CorrectionPenalty, ...]


@dataclass(frozen=True, slots=True)
class RevokeRules:
    """The revoke in laws mode: liability and the penalty (rules-reference.md §3.6, §4.7)."""

    #: the hands whose revoke is never penalised (law 63; seed 000 Double Dummy)
    exempt: RevokeExempt
    penalty: RevokePenaltyKind
    tricks: int
    points: int
    further_points: int
    bars_game: bool
    #: whether tricks taken for a revoke count toward a doubled contract's bonus (law 84: no)
    tricks_earn_bonus: bool
    revoking_side_scores: RevokingSideScores
    #: correction before establishment (laws 85-86); None: established at once
    correction: RevokeCorrection | None


@dataclass(frozen=True, slots=True)
class DummyConduct:
    """What dummy's player may do once dummy is exposed, and touched cards (laws 60-64)."""

    #: law 60 a: dummy may ask the declarer "Having none?"
    asks_renounce: bool
    #: law 61: dummy calling attention to an adversary's revoke forfeits its penalty
    pointing_out_forfeits: bool
    #: law 62: what an adversary may do about a card dummy suggests (``require``, ``forbid``)
    suggestion: tuple[SuggestionOption, ...]
    #: law 64: a dummy card the declarer touches is played; his own only when quitted
    touched_card_played: bool


@dataclass(frozen=True, slots=True)
class ExposedCards:
    """Cards exposed before and during the play (1912 laws 65-75; the Bridge code)."""

    #: law 65: the offender's partner may not bid or double again (exposed before the lead)
    partner_barred: bool
    #: laws 65, 66: the declarer may prohibit the opening lead of the suit of a
    #: card the leader's partner exposed: ``in_addition`` to calling it, ``instead``, ``never``
    prohibit_lead: ProhibitLead
    #: the Bridge code: a card exposed by the dealer or his partner before the
    #: trump is made lets the eldest hand claim a new deal
    new_deal_before_declaration: bool
    #: law 72: an adversary of the declarer may throw his cards face up, all liable to be called
    hand_thrown_down: bool
    #: law 72: after the declarer's "I have the rest", what his adversaries may
    #: require (``show_hand``: his cards face up); empty: nothing (ELW05 law 74)
    rest_claimed: tuple[RestClaimedOption, ...]
    #: law 71: an adversary whose card wins as against the declarer and dummy
    #: may lead on several such cards before his partner plays ("lead on CARD")
    #: law 72, ELW05 law 74: the declarer may say "I have the rest"; the cards
    #: his adversaries then expose are not liable
    rest_claim: bool
    winners_led_on: bool = False


@dataclass(frozen=True, slots=True)
class LawsRules:
    """The irregularities the laws regulate, for laws mode.

    :ivar out_of_turn: for each kind of call out of turn (in the auction
        ``bid``, ``double``; in Bridge's declaration and doubling
        ``declaration_by_partner``, ``declaration_by_adversary``,
        ``double_before_asked``, ``redouble_out_of_turn``,
        ``lead_before_doubling``, the eldest hand's lead in the doubling,
        ``lead_without_asking`` and ``lead_before_doubling_completed``, and
        the partner's pass in turn,
        ``declaration_passed_back``), what may be done about it
        (``new_deal``, ``accept``, ``cancel``, ``end_doubling``, ``compel``,
        ``call_lead``, ``consent``, ``withhold_consent``);
        empty where the rules do not regulate calls out of turn.
    """

    revoke: RevokeRules
    out_of_turn: Mapping[
        str,
        tuple[
            OutOfTurnOption
            | DeclarationOutOfTurnOption
            | AdversaryDeclarationOption
            | DoubleBeforeAskedOption
            | RedoubleOutOfTurnOption
            | ConsentOption
            | PassedBackOption
            | LeadBeforeDoublingOption,
            ...,
        ],
    ]
    #: what may be done about an insufficient bid (empty: not regulated)
    insufficient_bid: tuple[OutOfTurnOption, ...]
    #: whether the partner of an insufficient bidder is barred once it is made good
    insufficient_bars_partner: bool
    #: what may be done about an impossible bid, more than seven (empty: not regulated)
    impossible_bid: tuple[ImpossibleOption, ...]
    #: whether the partner of an impossible bidder is barred once it counts as seven
    impossible_bars_partner: bool
    #: dummy's rights and the declarer's touched cards (laws 60-64)
    dummy: DummyConduct
    #: law 52: a call may be corrected by its maker before the next call
    slip: bool
    #: laws 51, 93: an adversary's reference to the bidding lets the declarer call a lead
    called_lead: bool
    #: law 93 (ELW05 law 101): an adversary's reference to an incident of the
    #: play lets the declarer call a lead
    reference_to_play: bool
    #: law 73 (ELW05 law 75): the penalties a hand may fail to obey, liable to
    #: the revoke penalty (empty: none; the card that disobeys is refused)
    failure_to_obey: tuple[DisobeyedPenalty, ...]
    #: laws 65-75: cards exposed (``None``: not regulated)
    exposed_cards: ExposedCards | None
    #: law 76: what the declarer may do about a lead out of turn (empty: not regulated)
    lead_out_of_turn: tuple[LeadOutOfTurnOption, ...]
    #: law 78, second clause: a lead out of turn let stand may be noticed
    #: before the fourth card falls, the cards played to it taken back
    false_lead_taken_back: bool
    #: law 80: what he may require of the second hand when the fourth plays first
    fourth_hand_early: tuple[FourthHandOption, ...]
    #: law 92 (ELW05 law 100): what he may require of the partner of an
    #: adversary who called attention to the trick before him (empty: not regulated)
    attention_to_trick: tuple[FourthHandOption, ...]
    #: how the code the variant follows cites each law of the 1912 code the
    #: engine's messages name (empty: the 1912 code's own numbers)
    citations: Mapping[int, str]

    def cite(self, text: str) -> str:
        """``text`` (a message, a record) with each law of the 1912 code it
        names ("law 72", "laws 71, 80", "laws 65-70") cited as the code the
        variant follows cites it (``citations``; a law not mapped as "1912
        law N"); as it is where there are no citations. Idempotent: a law
        already cited with its code ("ELW05 law 74") is left alone."""
        if not self.citations:
            return text
        return _LAWS.sub(lambda m: self._cited(m.group(2)), text)

    def _cited(self, numbers: str) -> str:
        """The laws ``numbers`` names ("71, 80", "65-70"), each as the code
        cites it, once; the runs of laws it does not map as "1912 laws 68-70"."""
        out: list[str] = []
        run: list[int] = []  # the 1912 laws not mapped, consecutive

        def close() -> None:
            if run:
                span = f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0])
                out.append(f"1912 law{'s' if len(run) > 1 else ''} {span}")
                run.clear()

        for part in _LAW_PARTS.findall(numbers):
            first, _, last = part.partition("-")
            for n in range(int(first), int(last or first) + 1):
                cited = self.citations.get(n)
                if cited is None:
                    if run and run[-1] != n - 1:
                        close()
                    run.append(n)
                    continue
                close()
                if cited not in out:
                    out.append(cited)
        close()
        return ", ".join(out)


#: "law 72", "laws 71, 80", "laws 65-70", "laws 84, 87-89" (not after a code
#: key or a year: "ELW05 law 74", "1912 law 73" are cited already)
_LAWS = re.compile(r"(?<![A-Za-z0-9] )\b(laws?) (\d+(?:-\d+)?(?:(?:, | and )\d+(?:-\d+)?)*)")
_LAW_PARTS = re.compile(r"\d+(?:-\d+)?")


#: ``failure_to_obey: true``: every penalty the 1912 law 73 names
_EVERY_DISOBEYED: tuple[DisobeyedPenalty, ...] = (
    "highest_lowest",
    "win_lose",
    "called_lead",
    "prohibited_lead",
)


def _disobeyed(value: bool | list[DisobeyedPenalty]) -> tuple[DisobeyedPenalty, ...]:
    """``laws.failure_to_obey`` as the penalties named: true is every one."""
    if isinstance(value, bool):
        return _EVERY_DISOBEYED if value else ()
    return tuple(value)


def laws_rules(data: Mapping[str, Any]) -> LawsRules:
    """The rules of laws mode, from a rule document whose schema defaults are filled in."""
    laws = data["laws"]
    insufficient = section(data, "laws", "insufficient_bid")
    impossible = section(data, "laws", "impossible_bid")
    dummy = section(data, "laws", "dummy")
    return LawsRules(
        # Without options, the irregularity is not regulated.
        insufficient_bid=tuple(insufficient.get("options", ())),
        insufficient_bars_partner=insufficient["partner_barred"],
        impossible_bid=tuple(impossible.get("options", ())),
        impossible_bars_partner=impossible["partner_barred"],
        slip=laws["slip"],
        called_lead=laws["called_lead"],
        reference_to_play=laws["reference_to_play"],
        failure_to_obey=_disobeyed(laws["failure_to_obey"]),
        dummy=DummyConduct(
            asks_renounce=dummy["asks_renounce"],
            pointing_out_forfeits=dummy["pointing_out_forfeits"],
            suggestion=tuple(dummy["suggestion"]),
            touched_card_played=dummy["touched_card_played"],
        ),
        out_of_turn=MappingProxyType(
            {
                kind: tuple(options)
                for kind, options in laws.get("out_of_turn", {}).items()
                if kind != "source"
            }
        ),
        revoke=_revoke(laws["revoke"]),
        exposed_cards=_exposed(laws.get("exposed_cards")),
        lead_out_of_turn=tuple(laws.get("lead_out_of_turn", ())),
        false_lead_taken_back=laws["false_lead_taken_back"],
        fourth_hand_early=tuple(laws.get("fourth_hand_early", ())),
        attention_to_trick=tuple(laws.get("attention_to_trick") or ()),
        citations=MappingProxyType({int(n): c for n, c in laws["citations"].items()}),
    )


def _exposed(exposed: Mapping[str, Any] | None) -> ExposedCards | None:
    if exposed is None:
        return None
    return ExposedCards(
        partner_barred=exposed["partner_barred"],
        prohibit_lead=exposed["prohibit_lead"],
        new_deal_before_declaration=exposed["new_deal_before_declaration"],
        hand_thrown_down=exposed["hand_thrown_down"],
        rest_claimed=tuple(exposed.get("rest_claimed", ())),
        winners_led_on=exposed["winners_led_on"],
        rest_claim=exposed["rest_claim"],
    )


def _revoke(revoke: Mapping[str, Any]) -> RevokeRules:
    correction = revoke.get("correction")
    return RevokeRules(
        exempt=revoke["exempt"],
        penalty=revoke["penalty"],
        tricks=revoke["tricks"],
        points=revoke["points"],
        further_points=revoke["further_points"],
        bars_game=revoke["bars_game"],
        tricks_earn_bonus=revoke["tricks_earn_bonus"],
        revoking_side_scores=revoke["revoking_side_scores"],
        correction=None
        if correction is None
        else RevokeCorrection(
            partner_may_ask=correction["partner_may_ask"],
            adversary=tuple(correction["adversary"]),
            declarer=tuple(correction["declarer"]),
        ),
    )
