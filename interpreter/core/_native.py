"""The binding layer: the only modules that import the compiled ``dummybridge._core``.

It calls the C core, checks every status it returns and turns failures into
exceptions of :mod:`dummybridge.errors`. At this layer cards are ints
(``suit * 13 + rank``), hands are ints used as bitsets (bit ``card`` set when
the hand holds ``card``), seats, suits and strains are ints; the value types
of :mod:`dummybridge.core.cards` are built on top.

The binding is three modules, and this one gathers their names: the rest of
the package imports the binding from here, never from its parts.

- :mod:`._binding`: the constants, the status codes and the errors they raise
  (:func:`error_for`, :func:`ensure`), and cards, hands and deals as ints.
- :mod:`._dealing`: the seeded generator (:class:`Rng`) and the deck:
  shuffling, cutting and dealing.
- :mod:`._play`: the play of the cards: legal cards and a trick's winner,
  :class:`Position` and a game's live :class:`PlayState`, playouts, sampling
  and claims for the bots, and the double-dummy solver (:class:`DDSolver`).

Objects owned by the binding (:class:`Rng`, :class:`DDSolver`) are plain
memory from ``ffi.new``, freed by the garbage collector; the C core allocates
nothing.
"""

from __future__ import annotations

from ._binding import (
    FULL_DECK,
    MAX_HANDS,
    NO_SUIT,
    NOTRUMP,
    NUM_CARDS,
    STATUS_COUNT,
    STEP_PACKED_ADDRESS,
    STEP_WINNER_SHIFT,
    VERSION,
    VERSION_STRING,
    Status,
    card_format,
    card_make,
    card_parse,
    deal_parse,
    deal_validate,
    ensure,
    error_for,
    hand_aces,
    hand_count,
    hand_format,
    hand_honours,
    hand_longest_suits,
    hand_parse,
    hand_pips,
    hand_suit_lengths,
    hands_honours,
    library_version,
    library_version_string,
    status_name,
    status_str,
)
from ._dealing import (
    Rng,
    deal_random,
    deal_with_cut,
    deck_cut,
    deck_deal,
    deck_from_hand,
    deck_init,
    deck_shuffle,
    pack_shuffled,
)
from ._play import (
    DD_DEFAULT_BYTES,
    DD_MAX_BYTES,
    BatchResult,
    DDSolver,
    PlayState,
    Position,
    batch_playout,
    deal_constrained,
    legal_plays,
    playout,
    playout_maxims,
    position_validate,
    sample_plays,
    solve_target,
    trick_winner,
)

__all__ = [
    "DD_DEFAULT_BYTES",
    "DD_MAX_BYTES",
    "FULL_DECK",
    "MAX_HANDS",
    "NOTRUMP",
    "NO_SUIT",
    "NUM_CARDS",
    "STATUS_COUNT",
    "STEP_PACKED_ADDRESS",
    "STEP_WINNER_SHIFT",
    "VERSION",
    "VERSION_STRING",
    "BatchResult",
    "DDSolver",
    "PlayState",
    "Position",
    "Rng",
    "Status",
    "batch_playout",
    "card_format",
    "card_make",
    "card_parse",
    "deal_constrained",
    "deal_parse",
    "deal_random",
    "deal_validate",
    "deal_with_cut",
    "deck_cut",
    "deck_deal",
    "deck_from_hand",
    "deck_init",
    "deck_shuffle",
    "ensure",
    "error_for",
    "hand_aces",
    "hand_count",
    "hand_format",
    "hand_honours",
    "hand_longest_suits",
    "hand_parse",
    "hand_pips",
    "hand_suit_lengths",
    "hands_honours",
    "legal_plays",
    "library_version",
    "library_version_string",
    "pack_shuffled",
    "playout",
    "playout_maxims",
    "position_validate",
    "sample_plays",
    "solve_target",
    "status_name",
    "status_str",
    "trick_winner",
]
