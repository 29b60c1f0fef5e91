"""Write tests/data/dd_golden.json: double-dummy results from DDS (through ``endplay``).

The file is committed; ``tests/test_dd_golden.py`` checks our solver against
it in CI, where ``endplay`` is not installed. Run it again only to extend the
data (``pip install 'dummybridge[dds]'`` first)::

    python tools/gen_dd_golden.py [--deals 20] [--endings 150] [--seed 2026]

The deals come from the C core's seeded generator, so the file is reproducible:
- ``deals``: full deals with DDS's 20-result table (``calc_dd_table``),
  ``table[strain][declarer]`` with strains C, D, H, S, NT and seats N, E, S, W;
- ``positions``: small endings (2..7 cards each) in every strain with a random
  leader, a third of them with 1..3 cards already played to the current
  trick, and DDS's value of every legal card (``solve_board``): the tricks the
  side of the hand to play takes from here, the current trick included.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from endplay import __version__ as endplay_version
from endplay import dds
from endplay.types import Card, Deal, Denom, Player

from dummybridge.core import _native

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "data" / "dd_golden.json"
SEATS = "NESW"
STRAINS = "CDHSN"
ENDPLAY_DENOM = [Denom.clubs, Denom.diamonds, Denom.hearts, Denom.spades, Denom.nt]
ENDPLAY_PLAYER = [Player.north, Player.east, Player.south, Player.west]


def pbn(hands: list[int] | tuple[int, ...]) -> str:
    """A PBN deal from North: ``N:h h h h`` (an empty hand is ``...``)."""
    return "N:" + " ".join(_native.hand_format(h) for h in hands)


def table_of(hands: list[int]) -> list[list[int]]:
    """DDS's table, ``[strain][declarer]``."""
    t = dds.calc_dd_table(Deal(pbn(hands)))
    return [[t[d, p] for p in ENDPLAY_PLAYER] for d in ENDPLAY_DENOM]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--endings", type=int, default=150)
    ap.add_argument("--seed", type=int, default=2026)
    args = ap.parse_args()
    rng = _native.Rng(args.seed)
    deals = []
    for _ in range(args.deals):
        hands = _native.deal_random(rng)
        deals.append({"deal": pbn(hands), "table": table_of(hands)})
    positions = []
    for i in range(args.endings):
        k = 2 + rng.below(6)
        trump = i % 5
        leader = rng.below(4)
        hands = _native.deal_random(rng, 4, k, 0)
        played = rng.below(4) if i % 3 == 0 else 0
        state = _native.PlayState(hands, trump, leader)
        trick: list[int] = []
        for _ in range(played):
            legal = state.legal()
            cards = [c for c in range(52) if legal >> c & 1]
            card = cards[rng.below(len(cards))]
            state.play(card)
            trick.append(card)
        deal = Deal(pbn(hands))
        deal.first = ENDPLAY_PLAYER[leader]
        deal.trump = ENDPLAY_DENOM[trump]
        for card in trick:
            deal.play(Card(_native.card_format(card)))
        values = {
            _native.card_format(_native.card_parse(c.suit.name[0] + c.rank.abbr)): int(t)
            for c, t in dds.solve_board(deal)
        }
        positions.append(
            {
                "deal": pbn(hands),
                "trump": STRAINS[trump],
                "leader": SEATS[leader],
                "trick": [_native.card_format(c) for c in trick],
                "cards": dict(sorted(values.items())),
            }
        )
    data = {
        "source": (
            f"DDS through endplay {endplay_version}, tools/gen_dd_golden.py --seed {args.seed}"
        ),
        "deals": deals,
        "positions": positions,
    }
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}: {len(deals)} deals, {len(positions)} positions")


if __name__ == "__main__":
    main()
