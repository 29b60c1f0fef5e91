"""The declaration and doubling of a foreign PBN file, from its Contract and Declarer tags.

A PBN file made by other bridge software for a game of Bridge (or for
contract bridge, imported under a variant without an auction) has no
``DeclarationHistory`` tag: the declaration is read from the ``Contract``
tag (PBN 2.1 section 3.4.14: ``Pass``, or a level 1-7, a strain ``C``,
``D``, ``H``, ``S`` or ``NT`` and ``X`` or ``XX``) and the ``Declarer`` tag
(3.4.13: the seat that plays the hand). The import derives decisions the
variant allows that give exactly those tags:

- the declaration: the first declarer of the deal (the dealer, or his hand's
  holder) declares the contract's strain; the variant's own declaration of
  it (where it has two, the first it lists, as for an Auction bid), never a
  level: the period declaration has none, so a level above one is said in a
  note and otherwise left out;
- the doubling: ``X`` one doubling, ``XX`` two; each player to speak, in the
  variant's order, doubles (or redoubles) while the contract's doublings are
  not yet reached and the rules let him, and is content once they are;
- the declarer: the variant's, who then plays (in Bridge the dealer, even
  when his partner named the trump). A Declarer tag it cannot produce is
  reported at that tag, as is a doubling the variant cannot reach or a
  pass-out a declaration without one cannot have.

The play (the ``Play`` section) then replays as for any file.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..core.cards import Seat, Strain
from ..engine.actions import Action
from ..engine.game import Game
from ..language.ruleset import RuleSet
from .pbn_read import PbnGame

__all__ = ["ContractTags", "check_reached", "contract_of", "contract_step"]

_CONTRACT = re.compile(r"([1-7])(C|D|H|S|NT|N)(X{0,2})")
_STRAINS = {
    "C": Strain.CLUBS,
    "D": Strain.DIAMONDS,
    "H": Strain.HEARTS,
    "S": Strain.SPADES,
    "NT": Strain.NOTRUMP,
    "N": Strain.NOTRUMP,
}
_PASS = Action.pass_()


@dataclass(frozen=True)
class ContractTags:
    """What a game's Contract and Declarer tags say, in the variant's terms.

    :ivar text: the Contract tag as written, for messages.
    :ivar denomination: the variant's declaration of the contract's strain.
    :ivar doublings: 0, 1 (``X``) or 2 (``XX``).
    :ivar declarer: the Declarer tag's seat, turned as the import turns the file.
    :ivar turn: how many places to the left the import turns the file's seats.
    :ivar note: what the reader should know (a level left out), or ``""``.
    """

    game: PbnGame
    text: str
    denomination: str
    doublings: int
    declarer: Seat
    turn: int = 0
    note: str = ""

    def file_seat(self, seat: Seat) -> str:
        """A seat of the game as the file names it (``north``)."""
        return Seat((seat - self.turn) & 3).name.lower()


def contract_of(game: PbnGame, rules: RuleSet, turn: int) -> ContractTags | None:
    """The Contract and Declarer tags of ``game`` under ``rules`` (a variant
    without an auction), its seats turned ``turn`` places to the left;
    ``None`` where either tag is missing, empty or ``?`` (unknown, PBN 3.4).

    :raises FileFormatError: at the tag, for a value that is no contract or
        seat, a pass-out, or a strain the variant has no declaration of.
    """
    text = game.tags.get("Contract", "").strip()
    who = game.tags.get("Declarer", "").strip()
    if not text or not who or "?" in (text, who):
        return None
    if text.upper() == "PASS":
        raise game.error(
            "Contract",
            f"'Pass': {rules.name} has no pass-out (the dealer or his partner declares on "
            "every deal), so this deal cannot be replayed under it",
        )
    match = _CONTRACT.fullmatch(text.upper())
    if match is None:
        raise game.error(
            "Contract",
            f"{text[:20]!r} is not a contract: expected Pass, or a level 1 to 7, a strain "
            "(C, D, H, S, NT) and X or XX, such as 4H or 3NTX (PBN 3.4.14)",
        )
    level, letter, risk = match.groups()
    strain = _STRAINS[letter]
    names = [d.name for d in rules.denominations if int(d.strain) == int(strain)]
    if not names:
        raise game.error(
            "Contract", f"{text}: {rules.name} has no declaration in {_strain_words(strain)}"
        )
    if who.upper() not in ("N", "E", "S", "W"):
        raise game.error("Declarer", f"{who[:20]!r} is not a seat: expected W, N, E or S")
    declarer = Seat((Seat.from_str(who.upper()) + turn) & 3)
    note = ""
    if level != "1":
        note = (
            f"{game.file}:{game.where('Contract')[0]}: {rules.name}'s declaration has no "
            f"level: the Contract {text} is replayed as the declaration of "
            f"{names[0].replace('_', ' ')}"
            + ("" if not risk else f", {'doubled' if risk == 'X' else 'redoubled'}")
        )
    return ContractTags(game, text, names[0], len(risk), declarer, turn, note)


def _strain_words(strain: Strain) -> str:
    return "no trumps" if strain is Strain.NOTRUMP else strain.name.lower()


def contract_step(
    contract: ContractTags, phase: str, doublings: int, doubling: Action | None
) -> Action:
    """The decision the contract gives at a point of the declaration or the
    doubling (``phase``, the ``doublings`` made, the double or redouble the
    rules allow the player to act first, if any: :func:`.pbn_replay.situation`):
    the declaration, a double or redouble while the contract's doublings are
    not reached and the rules allow one, else content."""
    if phase == "declare":
        return Action.declare(contract.denomination)
    if doublings < contract.doublings and doubling is not None:
        return doubling
    return _PASS


def check_reached(game: Game, contract: ContractTags, number: int) -> None:
    """After a decision the contract gave: once the declaration is made, its
    declarer must be the Declarer tag's; once the doubling is over, the
    contract's doublings must have been made.

    :raises FileFormatError: at the tag the variant cannot give.
    """
    if game.deal_number != number:
        return
    deal = game.deal
    pbn = contract.game
    if deal.declarer is not None and deal.declarer != contract.declarer:
        seat = contract.file_seat
        raise pbn.error(
            "Declarer",
            f"{seat(contract.declarer)} cannot be the declarer: under {game.rules.name} "
            f"the hand is played by {seat(deal.declarer)} (the dealer is "
            f"{seat(game.dealer)}), whoever declares {contract.denomination.replace('_', ' ')}",
        )
    if game.phase not in ("declare", "double") and deal.doubling_level < contract.doublings:
        raise pbn.error(
            "Contract",
            f"{contract.text}: under {game.rules.name} this declaration cannot be "
            f"{'doubled' if contract.doublings == 1 else 'redoubled'} here (no player "
            "may double it so far)",
        )
