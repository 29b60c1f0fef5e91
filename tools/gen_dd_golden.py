"""Write tests/data/dd_golden.json: double-dummy results from DDS (through ``endplay``).

The file is committed; ``tests/test_dd_golden.py`` checks our solver against
it in CI, where ``endplay`` is not installed. Run it again only to extend the
data (``pip install 'dummybridge[dds]'`` first)::

    python tools/gen_dd_golden.py [--deals 20] [--endings 150] [--seed 2026]
    python tools/gen_dd_golden.py --hard-only [--hard 8]   (rewrites ``hard`` alone)
    python tools/gen_dd_golden.py --published-only --bridge-solver DIR --dds-hands DIR

The deals come from the C core's seeded generator, so the file is reproducible:
- ``deals``: full deals with DDS's 20-result table (``calc_dd_table``),
  ``table[strain][declarer]`` with strains C, D, H, S, NT and seats N, E, S, W;
- ``positions``: small endings (2..7 cards each) in every strain with a random
  leader, a third of them with 1..3 cards already played to the current
  trick, and DDS's value of every legal card (``solve_board``): the tricks the
  side of the hand to play takes from here, the current trick included;
- ``hard``: freak deals, where solvers differ by 10x and more, with DDS's
  table, built from their own seeded generator (``--seed`` + 19), so that
  the earlier parts stay as they were. Each suit's lengths rotate round the
  table (hand ``h`` holds ``LENGTHS[(suit - h) % 4]`` cards of ``suit``): four
  voids (0-4-4-5, 0-3-5-5, 0-1-6-6), two-suiters (7-6-0-0, 6-7-0-0) and
  three-suiters (5-4-4-0 ... ), either with the ranks of each suit dealt at
  random or, as in DDS's hands/thomas1.txt and thomas2.txt, with the same
  split of ranks in every suit (``symmetric``: no hand holds two adjacent
  ranks of a suit, so no cards are equivalent).
- ``published``: the hard-deal sets that solvers publish with their
  results (issue 19): bridge-solver's ``hard_deals/`` and ``long_deals/``
  (github macroxue/bridge-solver, MIT or Apache-2.0, at the commit
  ``tools/bench_dd.py`` names; its ``RESULTS``, each table checked here
  against DDS's) and DDS's ``hands/largest.txt``, ``thomas1.txt`` (the
  four-void deal) and ``thomas2.txt`` (the 7-6 two-suiters) (github
  dds-bridge/dds, Apache-2.0; their ``TABLE`` lines, DDS's own results).
  Each entry names its source file; the deals and tables are data, read
  by ``tools/bench_dd.py``'s parsers from the two checkouts (written by
  ``--published-only``; a rewrite of the rest keeps them).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from endplay import __version__ as endplay_version
from endplay import dds
from endplay.types import Card, Deal, Denom, Player

from dummybridge.core import _native

sys.path.insert(0, str(Path(__file__).resolve().parent))
import bench_dd

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


# (name, lengths of suits S H D C for North; the other hands rotate them,
# symmetric ranks): DDS's tables of the symmetric ones take it minutes.
HARD_SHAPES: list[tuple[str, tuple[int, int, int, int], bool]] = [
    ("four voids 0-4-4-5", (0, 4, 4, 5), False),
    ("two-suiters 7-6", (7, 6, 0, 0), False),
    ("four voids 0-1-6-6", (0, 1, 6, 6), False),
    ("two-suiters 6-7", (6, 7, 0, 0), False),
    ("four voids 0-3-5-5", (0, 3, 5, 5), False),
    ("three-suiters 5-4-4-0", (5, 4, 4, 0), False),
    ("two-suiters 7-6 symmetric", (7, 6, 0, 0), True),
    ("four voids 0-4-4-5 symmetric", (0, 4, 4, 5), True),
]


def hard_deal(rng: _native.Rng, lengths: tuple[int, ...], symmetric: bool) -> list[int]:
    """Hand h holds lengths[(s - h) % 4] cards of suit s (suits 0..3 = C D H S):
    each suit's ranks are shuffled and cut into the four holdings, or when
    symmetric dealt in turn from the top."""

    def shuffled() -> list[int]:
        ranks = list(range(13))
        for i in range(12, 0, -1):
            j = rng.below(i + 1)
            ranks[i], ranks[j] = ranks[j], ranks[i]
        return ranks

    hands = [0, 0, 0, 0]
    for s in range(4):
        want = [lengths[(s - h) % 4] for h in range(4)]
        if symmetric:
            # the ranks from the top dealt in turn to the hands that hold
            # the suit, the longest first (no hand holds adjacent ranks)
            turn = sorted((h for h in range(4) if want[h]), key=lambda h: (-want[h], h))
            held = [0, 0, 0, 0]
            i = 0
            for r in range(12, -1, -1):
                while held[turn[i % len(turn)]] == want[turn[i % len(turn)]]:
                    i += 1
                h = turn[i % len(turn)]
                hands[h] |= 1 << (13 * s + r)
                held[h] += 1
                i += 1
            continue
        ranks = shuffled()
        at = 0
        for h in range(4):
            for r in ranks[at : at + want[h]]:
                hands[h] |= 1 << (13 * s + r)
            at += want[h]
    return hands


def hard_deals(seed: int, n: int) -> list[dict[str, object]]:
    rng = _native.Rng(seed + 19)
    out = []
    for name, lengths, symmetric in HARD_SHAPES[:n]:
        hands = hard_deal(rng, lengths, symmetric)
        print(f"  {name}: {pbn(hands)}", flush=True)
        out.append({"name": name, "deal": pbn(hands), "table": table_of(hands)})
    return out


def published_deals(bs_dir: Path, dds_dir: Path) -> list[dict[str, object]]:
    """The published hard deals with their sources' tables; bridge-solver's
    are checked against DDS's (a disagreement stops the run)."""
    out: list[dict[str, object]] = []
    for sub in ("hard_deals", "long_deals"):
        for d in bench_dd.bs_deals(bs_dir / sub):
            if d.published is None:
                raise SystemExit(f"{d.name}: not in its RESULTS")
            dds_table = table_of(list(d.hands))
            if dds_table != d.published:
                raise SystemExit(f"{d.name}: RESULTS {d.published} but DDS {dds_table}")
            print(f"  bridge-solver {d.name}: {pbn(d.hands)}", flush=True)
            out.append(
                {"name": f"bridge-solver {d.name}", "deal": pbn(d.hands), "table": d.published}
            )
    for f in ("largest.txt", "thomas1.txt", "thomas2.txt"):
        for d in bench_dd.dds_hands(dds_dir / f):
            print(f"  {d.name}: {pbn(d.hands)}", flush=True)
            out.append(
                {"name": f"DDS hands/{d.name[4:]}", "deal": pbn(d.hands), "table": d.published}
            )
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=20)
    ap.add_argument("--endings", type=int, default=150)
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--hard", type=int, default=6, help="hard deals (the symmetric ones: 8)")
    ap.add_argument("--hard-only", action="store_true", help="rewrite the hard deals alone")
    ap.add_argument(
        "--published-only", action="store_true", help="rewrite the published hard deals alone"
    )
    ap.add_argument("--bridge-solver", type=Path, help="a checkout of macroxue/bridge-solver")
    ap.add_argument("--dds-hands", type=Path, help="the hands/ folder of a dds-bridge/dds checkout")
    args = ap.parse_args()
    if args.published_only:
        if args.bridge_solver is None or args.dds_hands is None:
            ap.error("--published-only needs --bridge-solver DIR and --dds-hands DIR")
        data = json.loads(OUT.read_text(encoding="utf-8"))
        data["published"] = published_deals(args.bridge_solver, args.dds_hands)
        OUT.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {OUT.relative_to(ROOT)}: {len(data['published'])} published deals")
        return
    if args.hard_only:
        data = json.loads(OUT.read_text(encoding="utf-8"))
        data["hard"] = hard_deals(args.seed, args.hard)
        OUT.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {OUT.relative_to(ROOT)}: {len(data['hard'])} hard deals")
        return
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
        "hard": hard_deals(args.seed, args.hard),
    }
    if OUT.is_file():
        # the published deals come from the two checkouts (--published-only)
        old = json.loads(OUT.read_text(encoding="utf-8"))
        if "published" in old:
            data["published"] = old["published"]
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}: {len(deals)} deals, {len(positions)} positions")


if __name__ == "__main__":
    main()
