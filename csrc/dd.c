/* dd.c -- the double-dummy solver.
 *
 * Method (the published one of DDS, Haglund and Hein; the code is ours):
 * - the value of a position is found by zero-window searches "can North-South
 *   take at least t of the remaining tricks?", iterated on t (MTD-style) until
 *   the lower and upper bounds meet;
 * - a transposition table at trick boundaries with partition search: a
 *   search also returns the cards whose ranks its verdict used (winners that
 *   beat a card of their own suit, and the winners a cut-off counted), and the
 *   entry covers every position with the same suit lengths in every hand, the
 *   same leader and strain (no trumps once no hand holds a trump), and the
 *   same owners of the cards from the top of
 *   each suit down to its lowest such card (relative ranks: cards already
 *   played do not count). An entry holds a lower and an upper bound on
 *   North-South's tricks from the position and the best lead found. Being a
 *   fact about positions, it stays valid across searches, targets, leaders
 *   and deals; when the table is full the entries no probe uses go (past
 *   a walk's reach, or dominated by a more general entry, see list_prune),
 *   then the least valuable half is evicted (the shallowest distributions,
 *   the stale before the used, see tt_evict).
 *   A distribution's entries sit in blocks of neighbouring memory, newest
 *   first (each block linked to the next and to the DD_SKIP-th after it,
 *   a walk asking for the blocks ahead), and an entry that cuts a search
 *   off moves to the front; a probe reads up to DD_MAX_CHAIN entries
 *   (DD_DEEP_CHAIN from DD_DEEP_TRICKS tricks left, where a miss costs a
 *   large search) and takes, of the entries near the first
 *   that decides it, the one describing the fewest cards, and a verdict's
 *   lowest relevant card of a suit moves up past the suit's bottom run of
 *   one hand's cards (see rel_compress);
 * - bounds at trick boundaries, tried after the table, their cut-offs
 *   stored in it (or before it, where DD_TABLE_FIRST_R says): quick tricks for the
 *   side on lead (the leader's top winners, partner's through an entry, or
 *   both; a whole suit once the others are out of it; Ax opposite Kx; the
 *   rounds of one suit the two hands can win in a row, crossing between
 *   them),
 *   sure trump tricks for either side (the run of the top trumps, the top
 *   two split, every trump held; for the side on lead needing one trick,
 *   bridge-solver's slow trump tricks: Kx behind A, Qxx behind AK), and an
 *   upper bound for
 *   the side on lead (DDS's "later tricks": the tricks the opponents are
 *   sure to get one of); and for the second hand to play, the tricks its
 *   side is sure of from the trick in progress (DDS's
 *   QuickTricksSecondHand);
 * - move generation that plays one card of each run of equivalent cards (cards
 *   of one hand adjacent in rank once the cards played to earlier tricks are
 *   removed), ordered by weights after DDS's (see gen_leads, gen_follows;
 *   the opening leads in no trumps on a deal of four voids or more by
 *   bridge-solver's classes, see gen_lead_classes, and with trumps on
 *   such a deal the leads into an opponent's ruff last, see DD_RUFF_LAST),
 *   with the table's best lead (the position's own, or the last deciding
 *   entry's at that depth, as DDS's bestMoveTT), and bridge-solver's
 *   cut-off cards: the card that last cut a search off, by a key shared by
 *   many positions (the leader's hand; the suit led's cards in play and the
 *   trick's winner), tried first (following; leading in no trumps but on
 *   a deal of eight voids, where the sure winners lead first, see
 *   DD_CASH_FIRST, and with trumps from DD_CUT_FIRST_R tricks left; before
 *   the other moves are generated and weighed, see try_first) or
 *   as the killer lead (leading with trumps nearer the end; a killer lead
 *   per depth where there is none);
 *   after a card fails, the cards of its suit below the lowest card its
 *   verdict depended on are skipped (they lead to positions of the same
 *   class), and where every card fails, a card tried before another that
 *   rules it out so hands up nothing of its own (see try_moves).
 *
 * No allocation, no globals: everything lives in the caller's workspace.
 * Growth only when asked (dbr_dd_set_stop_when_full): a full table then
 * stops the call (DBR_E_FULL; the search unwinds storing nothing more) and
 * the caller moves the workspace into more memory (dbr_dd_grow) and calls
 * again, finding its work so far in the table.
 */
#include <string.h>

#include "internal.h"

#if defined(__GNUC__) || defined(__clang__)
#define DD_PREFETCH(p) __builtin_prefetch(p)
#else
#define DD_PREFETCH(p) ((void)0)
#endif

/* Bits are counted at every node (pop13, dd_popcount). The default x86-64
 * target, which the Python extension is built for, has no POPCNT
 * instruction, so the counts come from a table and bit tricks (below).
 * With GCC and glibc on x86-64 the search is built twice instead: each
 * DD_HOT function is a GCC target_clones pair, one clone using POPCNT and
 * one for the default target, the loader choosing once (ifunc) by the CPU
 * it runs on; clones call the clones of their own kind directly. The
 * functions GCC inlines into those at -O3 anyway are forced inline
 * (DD_FLAT), so that each clone has its own copy: a counting function left
 * out of line and not cloned would call the library's count, slow, on
 * every CPU (check: `objdump -dr dd.o | grep __popcountdi2` names only
 * load and dbr_dd_table, once a solve). The search is the same either way
 * (the same node counts); with POPCNT the 100 bench deals' tables take
 * about 8% less CPU time with dd.c built into one program with its caller,
 * 5-8% less through the Python extension. The
 * default clone (CPUs without POPCNT, made before 2008-2010) counts by the
 * library's call. DD_NO_CLONES builds the one search of tables (the
 * sanitizer build of `make test` does, so that both ways stay tested).
 * Measured and not kept (harness, same nodes, alternated runs): the whole
 * file built for x86-64-v2 or v3, or with BMI1, BMI2 and LZCNT too, no
 * faster than with POPCNT alone; extend_runs and keys_remove forced inline
 * too (+2-3% a node), with gen_leads and tt_store (+0-3%); a card's suit
 * and rank by table instead of / 13 and % 13 in the loops of every node
 * (+1-6%). */
#if defined(__GNUC__) && !defined(__clang__) && __GNUC__ >= 6 && defined(__x86_64__) &&            \
    defined(__GLIBC__) && !defined(__POPCNT__) && !defined(DD_NO_CLONES)
#define DD_HOT __attribute__((target_clones("popcnt", "default")))
#define DD_FLAT __attribute__((always_inline)) inline
#define DD_BUILTIN_COUNT 1
#else
#define DD_HOT
#define DD_FLAT
#define DD_BUILTIN_COUNT 0
#endif

/* A population count that compiles to a few instructions everywhere (the
 * builtin becomes a library call unless the target has POPCNT). */
DBR_INLINE int dd_popcount(uint64_t x) {
#if defined(__POPCNT__) || defined(_MSC_VER) || DD_BUILTIN_COUNT
    return dbr__popcount(x);
#else
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return (int)((x * 0x0101010101010101ull) >> 56);
#endif
}

/* Population count of a suit's 13 bits (any value below 2^16), by table:
 * cheaper than the general count without a POPCNT instruction. */
#if !(defined(__POPCNT__) || DD_BUILTIN_COUNT)
static const uint8_t dd_pop8[256] = {
#define DD_P2(n) n, n + 1, n + 1, n + 2
#define DD_P4(n) DD_P2(n), DD_P2(n + 1), DD_P2(n + 1), DD_P2(n + 2)
#define DD_P6(n) DD_P4(n), DD_P4(n + 1), DD_P4(n + 1), DD_P4(n + 2)
    DD_P6(0), DD_P6(1), DD_P6(1), DD_P6(2)
#undef DD_P6
#undef DD_P4
#undef DD_P2
};
#endif
DBR_INLINE int pop13(unsigned x) {
#if defined(__POPCNT__) || DD_BUILTIN_COUNT
    return __builtin_popcount(x);
#else
    return dd_pop8[x & 0xFFu] + dd_pop8[(x >> 8) & 0xFFu];
#endif
}

/* BMI2's PEXT gathers the owners' bits of the cards in play (the keys of
 * the table, see keys_remove) in one instruction each. With GCC or Clang on
 * x86-64 the one function using it is built for BMI2 and called only where
 * the CPU has it (d->pext, decided at dbr_dd_init); elsewhere, and with
 * DD_NO_BMI2 (the sanitizer build of `make test`, so that both ways stay
 * tested), the keys lose a trick's cards one card at a time. */
#if defined(__BMI2__) && !defined(DD_NO_BMI2)
#include <immintrin.h>
#define DD_PEXT 2 /* every CPU the build runs on has BMI2 */
#elif (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__) && !defined(DD_NO_BMI2)
#include <immintrin.h>
#define DD_PEXT 1 /* where the CPU has it */
#else
#define DD_PEXT 0
#endif

#define DD_MAGIC 0x3176646464646264ull /* "dbdddv1" */
/* The entries of one distribution examined at most (newest first, and an
 * entry that cut a search off moves to the front). Measured and not kept
 * (issue 19, session 13; tables' nodes): 1000 before gen_lead_classes,
 * hard_deals/deal.4 250.8M -> 197.6M (-21%; 1.2% of its probes had read
 * 400 entries without a decision), the first 20 random deals -0.01%; with
 * gen_lead_classes, 2000: deal.4 82.1M -> 80.1M alone but +3.0% after the
 * other hard_deals/, hard_deals/ 280.5M -> 284.1M (+1.3%; -3.4% to +2.9% a
 * deal), the six freak deals -3.7%, the first 6 random deals' instructions
 * -0.01% (callgrind): not worth a longer walk. Session 15, after a
 * succeeding card's verdict stopped extending runs (search_follow): 1000,
 * tables' nodes the six freak deals -2.8%, long_deals/deal.10 -7.0%,
 * deal.11 -2.6%, hard_deals/ +0.4%, the first 60 random deals -0.05%
 * (instructions of the first 6 -0.01%), but the two long deals' CPU time
 * the same (28.1-28.5 s against 28.3 s, runs alternated, load 5-7): the
 * walk costs what the nodes save; 2000, the freak deals -3.2%, the two
 * long deals -6.1%. Session 16, after list_prune and with tt_store no
 * longer walking the list: long_deals/ (one workspace) 577.85M nodes;
 * 1000, 588.02M (+1.8%); 200, 642.46M (+11%). */
#ifndef DD_MAX_CHAIN
#define DD_MAX_CHAIN 400
#endif
/* From DD_DEEP_TRICKS tricks left a probe reads up to DD_DEEP_CHAIN
 * entries: a miss there costs a large search, the walk's entries cost the
 * same at any depth. DDS's hands/thomas2.txt (the symmetric 7-6
 * two-suiters: eight voids, few distributions, lists of thousands of
 * entries) had searched a fifth of its failing positions twice, the same
 * position and target, the entry stored by the first search past the
 * walk's 400 (East leading, the targets 8 and 7 from an empty table,
 * positions searched after 5 tricks: 491,771 visits of 408,494;
 * bridge-solver none). Measured (issue 19, session 18; tables' nodes at
 * 32 MiB, tools/dd_nodes.py): DDS's thomas2.txt alone 503.2M -> 287.5M
 * (-43%; CPU 45.1 s -> 36.3-37.5 s, load 2-3), DDS's three files
 * 936.6M -> 629.5M (CPU 94.1 s -> 73.2 s); the six freak deals of
 * dd_golden.json 162.35M -> 157.81M (-2.8%; CPU 15.12, 14.65 s ->
 * 15.14, 14.95 s alternated);
 * long_deals/ 407.90M -> 394.81M (-3.2%; CPU 47.58 s against 47.65 s),
 * deal.10 + deal.11 120.42M -> 118.59M (16.20, 16.53 s -> 16.38, 16.53 s
 * alternated); hard_deals/ 209.93M -> 208.92M (-0.5%); the first 60
 * random deals 64,546,032 -> 64,517,243 (CPU 6.43, 6.23 s -> 6.53, 6.09
 * s alternated), the first 6's instructions +0.2% (callgrind; their
 * walks never reach 400). Measured and not kept: every walk 100,000
 * (2,000) entries: thomas2.txt 275.6M (289.6M), but the freak deals'
 * CPU +10% and long_deals/deal.10 + deal.11 123.99M (+3.0%), CPU +15%;
 * from 5 tricks left, 100,000: thomas2.txt 280.3M, the freak deals
 * 158.09M, deal.10 + deal.11 118.39M, hard_deals/ 207.38M (about 7's;
 * more long walks); from 9, thomas2.txt 354.7M; from 6, 4,000:
 * 288.6M; list_prune keeping such lists' first 10,000 entries (not
 * 400): thomas2.txt 282.2M, but deal.10 + deal.11 121.32M (+2.3%);
 * DD_HIT_EXTRA 64 (not 8) there: thomas2.txt 287.08M, the freak deals
 * 157.27M, deal.10 + deal.11 114.22M (-3.7%), but hard_deals/ 211.26M
 * (+1.1%) and the first 6 random deals' instructions +1.2%; tt_store's
 * own walk (after an eviction) as deep: thomas2.txt alone 280.9M, but
 * after DDS's other hands the same nodes (629,500,469), the others the
 * same: luck. After the eight-void leads (see search_lead), thomas2.txt
 * alone with DD_DEEP_CHAIN 2,000 (4,000): 267.7M (259.0M, as 10,000's),
 * CPU within the noise. */
#ifndef DD_DEEP_TRICKS
#define DD_DEEP_TRICKS 7
#endif
#ifndef DD_DEEP_CHAIN
#define DD_DEEP_CHAIN 10000
#endif
/* A probe that finds an entry deciding the search reads on at most this
 * many entries (and the rest of the block) for one describing fewer cards
 * (see search). Tables' nodes and instructions (callgrind) from the first
 * walk ending at the first decision: first 6 random deals 18,971,999
 * nodes; 8: -3.1% nodes, -1.3% instructions; 24: -3.9%, -0.9%; the whole
 * list: -4.4%, +1.7% (measured and not kept: the walk costs more than the
 * nodes it saves); the rest of the block only: -1.1% nodes. Freak deal
 * four voids 0-3-5-5, 15,824,694 nodes: 8: -2.8% nodes, -0.6%
 * instructions; 24: -3.3%, 0.0%; the 6-7 two-suiters, 45,548,119 nodes:
 * 8: -6.7%, 24: -8.6%, the whole list -15%. Also not kept: the whole
 * list read where 6 tricks or more are left (8 entries below), nodes
 * -0.5% (the 6 random deals) and -6.3% (the 6-7 two-suiters) from 8's,
 * but instructions +3.4% (random) and +3.3% (four voids 0-3-5-5); 16
 * entries, nodes -0.5%, instructions +0.2% (random); the entry taken left
 * in its place (not moved to the front), nodes +0.6% (random) and +0.8%
 * (four voids 0-3-5-5). */
#ifndef DD_HIT_EXTRA
#define DD_HIT_EXTRA 8
#endif
/* The cache lines of the next block the walk asks for ahead: 1 (its
 * first, and its header), 2 (and its last), 4 (all three). Session 17
 * (24-byte entries, see dd_entry): the header not asked for ahead saves
 * 0.26% of the instructions of the first 6 random deals (6.468G ->
 * 6.451G), CPU of long_deals/deal.10 + deal.11 17.5 s and 19.4 s ->
 * 18.6 s and 19.7 s (runs alternated, load 3-5; kept). (The figures
 * below are of 32-byte entries, four cache lines a block, the link in
 * the last.) On the long
 * deals the walk is bound by memory: perf on long_deals/deal.10 and
 * deal.11 (32 MiB, 12 and 16 evictions) puts 55% of search_lead's
 * samples (25% of the whole) in the walk's loop, most of them on the
 * load of the next block's link, and 6.5% in tt_evict, 5.3% in tt_store.
 * Measured and not kept (session 16, CPU of deal.10 alone, runs
 * alternated, load 7-10): 1, 19.4 s and 17.9 s; 2, 19.0 s and 20.8 s;
 * 4, 18.9 s and 21.0 s (within the noise of a loaded machine); the
 * first 60 random deals 9.37, 9.14, 9.38 s against 4's 9.38, 9.37,
 * 9.41 s (+0.9%); 4 adds 1.7% instructions on long_deals/deal.01
 * (callgrind). */
#ifndef DD_WALK_PREFETCH
#define DD_WALK_PREFETCH 1
#endif
/* Skip links: a block's header keeps, beside the link to its list's next
 * block, the link to the DD_SKIP-th block after it (dd_head's `skip`, in
 * the room of the free-block mark, a free block's skip being
 * DD_FREE_BLOCK: the header stays 16 bytes, the entries as many), and the
 * walk, once past the list's first block (most hits end in it), asks for
 * every line of the block DD_SKIP ahead and its header, so that a long
 * walk (a miss on the long deals reads about 18 blocks) waits on DD_SKIP
 * blocks side by side instead of one link after another. A pure
 * prefetch: the same nodes everywhere. Issue 19, session 18
 * (solver19ah); CPU of tools/dd_nodes.py's program, main's build and
 * this alternated run after run, load 1.4-2.9 on two shared cores:
 * long_deals/deal.10 + deal.11 at 32 MiB 17.01, 16.97, 16.47, 16.94,
 * 16.48, 16.52, 17.33, 16.81 s -> 16.71, 16.60, 15.60, 16.79, 16.07,
 * 16.43, 16.34, 15.86 s (-3.1%, each run the faster), at load 1.6-2.0
 * 15.07, 15.04, 15.28 s -> 14.74, 15.02, 14.62 s (-2.2%); DDS's
 * thomas2.txt (503,226,733 nodes) 44.36, 45.90 s -> 42.86, 42.68 s
 * (-4.9%); at 96 MiB 12.72,
 * 12.81, 12.59 s -> 11.80, 11.93, 12.70 s (-4.4%); long_deals/ 48.38,
 * 47.94 s -> 48.22, 47.64 s; the six freak deals 15.00 s -> 14.52 s; the
 * first 60 random deals 6.31, 6.41, 6.38 s -> 6.20, 6.25, 6.48 s;
 * instructions of their first 6 (callgrind) 6.485G -> 6.526G (+0.63%).
 * Measured and not kept, the same runs: DD_SKIP 2, deal.10 + deal.11
 * 17.51, 16.94, 16.78, 16.59 s against main's 17.84, 17.34, 16.94,
 * 16.48 s; DD_SKIP 4 as 3 at 32 MiB (16.35, 16.66, 15.71, 16.50, 16.49
 * s), at 96 MiB 12.13, 12.33, 11.98 s, the random deals 6.22, 6.54, 6.57
 * s; with 4, the block 4 ahead asked for from the first block on, 15.70,
 * 16.69, 14.95, 16.20, 16.71, 17.03, 16.32 s, or the next block asked
 * for whole at the second, 15.35, 16.40, 16.69, 16.94, 16.14 s (no
 * better); with 3, the block ahead asked for only while no entry has
 * decided the probe (limit == DD_MAX_CHAIN), 15.01, 15.08, 15.35 s in
 * the quieter runs, instructions 6.540G. And solver19ae's skip links on
 * this layout: a 32-byte header (next, the links of the 5 blocks after
 * it, the best leads, the mark; two a cache line), the walk asking at the
 * second block for the 4 blocks ahead at once, then for the 4th ahead
 * block by block: 7% fewer entries (224 bytes a block against 208),
 * deal.10 + deal.11 at 32 MiB 124,694,759 nodes (+3.5%) in 17.47, 15.93, 17.72,
 * 17.76, 17.61, 17.25, 17.01 s (level with main), 3 links ahead 17.05,
 * 17.32 s, 5 17.84, 18.03 s; at 96 MiB 90,525,524 nodes in 12.45, 13.09,
 * 12.04 s (-1.4%). What is left of the walk's time (perf, deal.10 +
 * deal.11 at 32 MiB with the skip links): search_lead 49% of the
 * samples, of them 13% waiting on the slot (the table is probed first
 * at every trick, DD_TABLE_FIRST_R, so the slot is asked for no sooner
 * than it is read), about 10% on the first block's header and 12% on
 * the entries (most of them the first block's), 5% on the prefetches.
 * Session 20 (solver20d, CPU of DDS's thomas2.txt, 207,557,240 nodes,
 * builds alternated): DD_SKIP 3 17.37, 17.57 s; 5 17.53, 17.48 s; 8 17.63,
 * 17.60 s: the walk there waits no less with the block further ahead (its
 * skip prefetch itself now 10% of search_lead's samples, perf: the lines
 * in flight, not the distance, bound it). */
/* Measured and not kept (issue 19, session 19; long_deals/deal.10 +
 * deal.11, tables' nodes and CPU of tools/dd_nodes.py's program): the
 * entries that describe the top card of every suit in play in a list of
 * their own, keyed beside the distribution by those cards' owners (a
 * second slot a probe, asked for with the first; the others in the
 * distribution's list). Of the 784M entries deal.10's walks read, 62%
 * describe the top cards with other owners than the probe's (a split
 * list skips them), 27% describe fewer cards, 11% the probe's top cards.
 * At 32 MiB, 118.59M -> 132.66M nodes (+12%; 14 + 15 evictions against
 * 7 + 8: more lists, more part-filled blocks and slots), CPU 16.3 s ->
 * 18.8 s; at 128 MiB 84.78M -> 81.11M nodes (-4.3%), CPU 12.18 s ->
 * 11.88 s: per node no cheaper (0.144 -> 0.146 us). The walk's length
 * is not what a node costs here; its first lines (the slot, the first
 * block) are. It is on DDS's thomas2.txt (session 20): its walks read
 * 20.3 blocks each (1.90G blocks for 93.6M walks, 93% of them hits; 257
 * entries a walk with 8 tricks left, 353 with 9: each probe decided by
 * another entry deep in a long list), search_lead 68% of the CPU (perf),
 * most of it waiting on the blocks; the split lists there: 207.6M ->
 * 193.2M nodes (-6.9%), CPU 22.3, 23.2 s -> 17.7, 17.5 s (-22%); but
 * bridge-solver's hard_deals/ 208.9M -> 213.1M (+2.0%), CPU 23.1 ->
 * 26.0 s (+13%), the first 60 random deals -0.2% nodes, CPU 6.5 -> 6.9
 * s, the golden two-suiters level (7-6 1.26, 1.38 s -> 1.52, 1.43 s; 6-7
 * 1.14, 1.13 -> 1.20, 1.11 s): a win on that deal alone, not kept.
 * Nor a distribution's list split only once a walk has read
 * DD_SPLIT_AT entries of it (a mark in its slot; its top-card entries
 * stored after that go to the top lists; the same run, load 3):
 * thomas2.txt, 16: 199.1M nodes, CPU 18.5 -> 14.7 s (-21%); 64: 200.2M,
 * 15.6 s; 256: 203.8M, 18.0 s; but with 16 (64), hard_deals/ +0.9%
 * nodes, CPU +14% (-0.9%, level), long_deals/ +6.6%, +22% (+2.4%,
 * +9.4%: more lists, more evictions), the first 60 random deals level
 * nodes, CPU +3% (+6%); split at 16 only where 7 tricks or more are
 * left (where the walks are long): thomas2.txt 202.8M, CPU -16%, but
 * long_deals/ +3.7% nodes, +4.7% CPU (deal.10 +9.1%, +10%), hard_deals/
 * -0.4%, CPU +7%. The long deals, already the slowest against
 * bridge-solver, would lose what thomas2.txt gains. Nor (session 21)
 * fingerprints in the blocks' headers that spare the walk the entry lines
 * (see before dd_entry): the lines are not what the walk waits on.
 * Nor are the pages what costs: the workspace on 2 MiB pages (madvise,
 * MADV_HUGEPAGE, 2 MiB aligned) 16.5, 16.7 s against 15.8, 16.4 s on 4 KiB
 * pages. On the hard deals that fit the table (bridge-solver's
 * hard_deals/deal.11: 5.59M nodes against its 5.38M calls, 1.85M probes
 * against its 1.79M trick-start lookups) the gap is instructions:
 * 4.400G against bridge-solver's 3.223G (callgrind), 1.37 times, as the
 * CPU (1.39); on long_deals/deal.10 (7 evictions at 32 MiB) 58.92G
 * against 37.84G, 1.56 times, where the CPU is 1.90 times: the rest is
 * memory. */
#ifndef DD_SKIP
#define DD_SKIP 3
#endif
#define DD_NO_MOVE 0xFFu
/* Entries come in blocks of DD_BLOCK neighbours (a power of two; 192
 * bytes, three cache lines, for 8), each block owned by one distribution
 * and filled from its top down, so that a distribution's list runs through
 * each block in address order: its walk reads neighbouring entries without
 * waiting on each entry's link, and only hops from block to block. A
 * block's header (the links to the list's next block and to the
 * DD_SKIP-th, or the free-block mark, and the entries' best leads) is in
 * an array of its own. */
#ifndef DD_BLOCK
#define DD_BLOCK 8u
#endif
/* The bytes of entries for which the workspace has a slot of the table
 * of distributions (see dbr_dd_init): 64, one slot for every two entries
 * of the 32-byte layout before (as many slots as then; at 32 MiB the
 * pool fills long before the slots do). Measured and not kept (session
 * 17, 24-byte entries, tables' nodes at 32 MiB): 128, long_deals/deal.10
 * + deal.11 120.42M -> 115.62M (-4.0%), long_deals/ 407.90M -> 405.35M
 * (-0.6%), the six freak deals 162.35M -> 162.97M (+0.4%); 256, deal.10
 * + deal.11 121.89M (+1.2%, 22 evictions against 15: the slots fill).
 * Session 19 (tables' nodes and CPU at 32 MiB, one run each): 128,
 * the six freak deals 155.83M -> 154.52M (-0.8%), hard_deals/ 208.92M ->
 * 208.66M, long_deals/ 394.81M -> 389.83M (-1.3%; 46.4 s -> 45.4 s),
 * DDS's hands 502.35M -> 507.81M (+1.1%; 56.3 s -> 55.8 s), the first 60
 * random deals the same nodes and CPU (three pairs alternated): all the
 * sets together -0.1%, not worth the change. */
#ifndef DD_SLOT_BYTES
#define DD_SLOT_BYTES 64u
#endif
#define DD_FREE_BLOCK 0xFFFFFFFFu /* the skip of a block on the free list (no link) */
/* Measured and not kept (same nodes): a block as a first cache line of
 * fingerprints (the owners of the top two cards of each suit an entry
 * describes, and their mask, 32 bits an entry, tested four at a time with
 * SSE2), the entries' bounds, best leads and the block's link, then the
 * three-word keys, read only where a fingerprint matches (it rejects 93%
 * of the entries that do not match; the top three cards would reject
 * 97.5%, the top card 79%). Cachegrind on the first 15 bench deals
 * (single solve and table): first-level data misses 31.2M -> 18.5M but
 * instructions +1.9%; harness table median +1-3% (scalar test), +0-2%
 * (SSE2). The walk is not bound by memory here: the simulated last-level
 * misses are ~0.5M for 35.7G instructions (the 32 MiB pool fits the L3),
 * and the walk's instructions are about 3.5% of the search's. Walk statistics (100 bench deals,
 * single solves and tables): 12.9 entries read a probe in 2.3 blocks, 0.79
 * key matches a probe, 68% of probes decided by an entry (40% of those by
 * the head, 80% within the first 8 entries), misses read 22 entries.
 * Issue 19, session 21 (solver21a), fingerprints in the block's header
 * instead, one list a distribution, the walk testing them before the
 * entries (the same search: 206,973,058 nodes on DDS's thomas2.txt at
 * equal entries; tools/dd_nodes.py at 32 MiB, main's build and each
 * variant alternated, load 1.2-1.8; main 16.52-16.59 s there). Of the
 * 14.86G entries thomas2.txt's walks read (1.90G blocks, 93.5M walks),
 * 0.7% match the probe (5.3% of the blocks hold one); the key test
 * restricted to the owners of the top card of each suit passes 23% of
 * them (57% of the blocks hold one), the top two cards 8.8% (33%), the
 * top three 3.2% (16%; almost every such entry describes more cards, so
 * the fingerprint is rarely the whole test). Header of 32 bytes (the top
 * card's owners and the described top cards, a byte each, the block's 8
 * bytes tested as one word for a zero byte): 7% fewer entries (206.97M
 * nodes, 10 evictions against 8); the walk on the candidates only (a
 * loop over their bits) 20.6-25.0 s, or 21.5 s with main's prefetches;
 * all 8 entries tested without a branch (a rejected one read from a
 * constant entry no key matches) 30-37 s; a block skipped where no
 * fingerprint matches, else scanned as before, 18.8 s. Header of 64 bytes
 * (the top three cards, three planes of bytes each for owners and cards,
 * gathered by PEXT): 19% fewer entries; thomas2.txt 214,321,095 nodes
 * (+3.3%, 11 evictions) in 19.34, 19.33 s (+17%), with every block
 * scanned anyway (the fingerprints computed, not used) 17.77 s: the
 * unpredictable branch on the fingerprints costs more than the entry lines
 * it saves (the 32 MiB table fits the L3 this machine reports, 480 MiB, and the
 * skip links have the lines on their way); long_deals/deal.10 + deal.11
 * 118.59M -> 126.68M nodes (+6.8%; 10 + 12 evictions), CPU 10.18, 10.14 s
 * -> 11.31, 11.36 s (+11.5%), with DD_SLOT_BYTES 128 133.61M nodes,
 * 11.86 s (thomas2.txt 215.12M, 19.44 s); bridge-solver's
 * hard_deals/deal.11 0.437, 0.435 s -> 0.458, 0.460 s, instructions
 * (callgrind) 3.107G -> 3.513G (+13%); the first 60 random deals (same
 * nodes) 4.36, 4.32 s -> 4.53, 4.52 s, the first 6's instructions 4.624G
 * -> 5.229G (+13%: the probe's fingerprint, about 130 instructions a walk
 * before PEXT, the header's bytes set at each store and swapped at each
 * hit moved to the front). Not kept. */

/* An entry, 24 bytes: the owners' bits b0/b1 of the cards it describes
 * (see dd_probe), and the mask of those bits (per suit, its top `depth`
 * cards) with the entry's bounds on North-South's tricks from the
 * position in the spare bits above it (mw: the mask in bits 0-51, lb in
 * 56-59, ub in 60-63; the probe's keys have no bit above 51, so that
 * p.b0 & mw is p.b0 & mask). Its best lead is in its block's header, and
 * the lists link block to block through the headers (16 bytes a block: 26
 * bytes an entry, 1.23 times the entries of the 32-byte layout before,
 * whose entries held the mask, bounds, best lead, a link and the
 * free-block mark). Issue 19, session 17 (solver19af), tables' nodes at
 * 32 MiB (dd_nodes) from the 32-byte layout: long_deals/deal.10 +
 * deal.11 132,961,612 -> 120,423,402 (-9.4%), long_deals/ 432,633,063
 * -> 407,899,229 (-5.7%), the six freak deals of dd_golden.json
 * 163,580,528 -> 162,347,622 (-0.75%), the first 60 random deals the
 * same 64,546,032 (no eviction); instructions of the first 6 random deals
 * (callgrind) 6.372G -> 6.468G (+1.5%: the link and best lead read from
 * the header, the bounds and the mask's cards from mw). CPU
 * (tools/dd_nodes.py, the builds alternated, load 3-5): deal.10 + deal.11
 * 22.5, 23.9, 23.4, 20.4 s -> 20.1, 21.0, 17.5, 19.4 s (-11%); the first
 * 30 random deals 3.45, 3.45, 3.42, 3.52, 3.46 s -> 3.57, 3.71, 3.54,
 * 3.41, 3.14 s (within the noise).
 * Measured and not kept (instructions of the first 2 random deals, 843.0M
 * before, 854.1M with this layout): the header after the block's entries
 * (208 bytes a block, entry i's address by i / 8 and i % 8), 861.9M; the
 * bounds in the header with the best leads (28 bytes an entry, the mask
 * alone in the entry), 854.6M; the keys tested by xor, the bounds in the
 * top bytes of b0 and b1, 859.2M. And 16-byte entries (four a cache
 * line): the keys each suit at the top of a field of 13 bits (the probe's
 * keys moved there, by PDEP or shifts), so that the mask is that of the
 * four depths alone, kept in 4 bits each with the bounds in the 12 bits
 * of each word below the keys, the mask rebuilt by two lookups in tables
 * of the top cards of two suits (static, 2 KiB each); blocks of 128
 * bytes, their first 16 the header (the link, seven best leads, the
 * free-block mark), 18.3 bytes an entry (1.75 times the entries). Nodes:
 * long_deals/deal.10 + deal.11 109,470,256 (-17.7%; CPU 19.2 s and 21.5 s
 * against 23.9 s), long_deals/ 391,660,471 (-9.5%), the freak deals
 * 161,414,434 (-1.3%), the first 60 random deals 64,663,983 (+0.18%: a
 * walk reads to the end of its block, now of seven entries); but
 * instructions of the first 6 random deals +8.2% (6.894G; their nodes
 * +1.1%): the mask's lookups and the keys moved into place cost about 6
 * instructions an entry read and 25 a probe, against the mask loaded
 * whole. The masks of each suit's top k cards built at each probe (4 x
 * 14 words, the probe's keys as they are) instead: +21%. */
typedef struct dd_entry {
    uint64_t b0, b1, mw;
} dd_entry;
#define DD_MASK_BITS ((UINT64_C(1) << 52) - 1)

/* A block's header. */
typedef struct dd_head {
    uint32_t next;          /* the list's next block (the entry where it
                               starts); 0 ends the list; for a free block,
                               the next free block */
    uint32_t skip;          /* the list's DD_SKIP-th block after this one (0
                               past its end); DD_FREE_BLOCK for a block on
                               the free list (tt_evict) */
    uint8_t best[DD_BLOCK]; /* the entries' best leads: suit * 16 + cards
                               of the suit above it; DD_NO_MOVE */
} dd_head;

DBR_INLINE uint64_t entry_mask(const dd_entry *e) { return e->mw & DD_MASK_BITS; }
DBR_INLINE int entry_lb(const dd_entry *e) { return (int)(e->mw >> 56 & 0xFu); }
DBR_INLINE int entry_ub(const dd_entry *e) { return (int)(e->mw >> 60); }
DBR_INLINE void entry_set_bounds(dd_entry *e, int lb, int ub) {
    e->mw = entry_mask(e) | (uint64_t)lb << 56 | (uint64_t)ub << 60;
}
/* A list's head has a free place below it in its block (a new entry goes
 * there; else to a new block). */
DBR_INLINE int head_room(uint32_t head) { return head % DD_BLOCK != 0; }

/* The cut-off cards' salt's multiplier (see cut_find). */
#define DD_CUT_SALT 0x9E3779B97F4A7C15ull

/* The card that last cut a search off, by a key that many positions share
 * (see cut_find): a hint of move order, never a fact about positions. */
typedef struct dd_cut {
    uint32_t check; /* the key's hash's high bits, salted (d->cut_salt) */
    int8_t card[4]; /* by the seat to play; -1: none */
} dd_cut;

/* A distribution's slot in the open-addressed table of distributions. */
typedef struct dd_slot {
    uint64_t dist;  /* suit lengths, 4 bits per hand and suit */
    uint32_t head;  /* its first entry; 0 for none */
    uint16_t stamp; /* d->stamp when filled; any other value marks an empty slot */
    uint8_t ctl;    /* 1 + leader + 4 * strain */
    uint8_t used;   /* filled, given a new entry or deciding a search since the last
                       eviction (not for a bound tightened in place: see tt_evict) */
} dd_slot;

/* A slot's ctl: the leader and strain of its positions' search. */
DBR_INLINE uint8_t slot_ctl(int lead, int strain) { return (uint8_t)(1 + lead + 4 * strain); }

struct dbr_dd {
    uint64_t magic;
    dd_slot *slots;     /* the distributions, open addressing */
    uint64_t slot_mask; /* slots - 1 (a power of two) */
    uint64_t slots_used;
    dd_entry *pool; /* the entries; block 0 is unused (0 ends a list) */
    dd_head *heads; /* the blocks' headers: entry i's block's at i / DD_BLOCK */
    uint32_t pool_size, pool_used;
    uint32_t free_head; /* blocks freed by tt_evict, linked by `next` */
    uint32_t gen;
    uint16_t stamp;   /* the live slots' stamp (see dd_slot) */
    dbr_hand deal[4]; /* the hands of the deal the table holds */
    int root_r;       /* tricks to complete at the current root */
    int trump;        /* the strain in effect: no trumps once no hand holds a trump */
    int root_trump;   /* the strain of the current root */
    uint64_t nodes;
    uint64_t trick_nodes; /* nodes at trick boundaries (DDS counts these) */
    int8_t killer[53];    /* by cards left: the lead that last cut a search off */
    int8_t tt_lead[53];   /* by cards left: the best lead of the table's last
                             entry that decided a search (-1: none) */
    dbr_hand h[4];        /* the cards still held */
    dbr_hand played;      /* cards of completed tricks (absent from the play) */
    uint64_t dist;        /* the lengths of h, 4 bits per hand and suit (as dd_probe's) */
    uint64_t kb0, kb1;    /* the owners of the cards not in `played` (dd_probe's b0/b1),
                             kept up to date trick by trick (keys_remove) */
    int pext;             /* keys_remove may use BMI2's PEXT (see DD_PEXT) */
    int lead_classes;     /* a table of a deal of four voids or more (see
                             dd_strain): no-trump leads by gen_lead_classes, and
                             with trumps leads into a ruff last (gen_leads); 2
                             for eight voids or more (see search_lead) */
    dd_cut *cut;          /* the cut-off cards (see cut_find) */
    uint64_t cut_mask;    /* their number - 1 (a power of two) */
    uint64_t cut_salt;    /* mixed into their checks: a new salt forgets them all
                             (1, 2, ... times DD_CUT_SALT: see cut_find) */
    uint64_t evictions;   /* the times the table was full (tt_evict) */
    uintptr_t base;       /* the caller's memory (dbr_dd_init) and its size */
    size_t bytes;
    int stop_when_full; /* full: stop the call (DBR_E_FULL) instead of evicting */
    int stopped;        /* the table filled in this call: the search unwinds */
};

/* The header of entry i's block. */
DBR_INLINE dd_head *block_head(const dbr_dd *d, uint32_t i) { return &d->heads[i / DD_BLOCK]; }
/* The best lead of the entry in cell i (in its block's header). */
DBR_INLINE uint8_t *entry_best(const dbr_dd *d, uint32_t i) {
    return &block_head(d, i)->best[i % DD_BLOCK];
}
/* Ask for the cache lines of the block of entry i and its header. */
DBR_INLINE void prefetch_block(const dbr_dd *d, uint32_t i) {
    const char *b = (const char *)&d->pool[i & ~(DD_BLOCK - 1)];
    for (unsigned k = 0; k < DD_BLOCK * sizeof(dd_entry); k += 64) DD_PREFETCH(b + k);
    DD_PREFETCH(block_head(d, i));
}

/* A node of the search: the state of the current trick. */
typedef struct dd_node {
    int lead;       /* seat that led (or leads) the trick */
    int tlen;       /* cards played to it (0..3) */
    int led;        /* suit led (when tlen > 0) */
    int wseat;      /* seat winning so far (when tlen > 0) */
    int wcard;      /* card winning so far (when tlen > 0) */
    dbr_hand tmask; /* the cards played to the trick */
} dd_node;

typedef struct dd_move {
    int card;
    int score;
} dd_move;

DBR_INLINE unsigned suit_bits(dbr_hand h, int s) { return (unsigned)(h >> (13 * s)) & 0x1FFFu; }

/* The length of hand h's suit s, from d->dist (kept up to date card by
 * card): cheaper than counting the suit's bits. */
DBR_INLINE int hlen(const dbr_dd *d, int h, int s) {
    return (int)((d->dist >> (16 * s + 4 * h)) & 0xFu);
}

/* The suit and rank of card c (0..51; c * 79 / 1024 is c / 13 there): a
 * multiply and a shift, not the signed division's five instructions. In
 * beats, child_node, play_and_search, small_cards_done, gen_follows and
 * void3_trump_weight (session 19; the same nodes): instructions -2.0% on
 * bridge-solver's hard_deals/deal.11, the first 6 random deals and the
 * golden 6-7 two-suiters (callgrind). (Not a table: see the top of the
 * file, by table +1-6% CPU.) */
DBR_INLINE int card_suit(int c) { return (int)((unsigned)c * 79u >> 10); }
DBR_INLINE int card_rank(int c) { return c - 13 * card_suit(c); }

DBR_INLINE int beats(int c, int w, int trump) {
    int cs = card_suit(c), ws = card_suit(w);
    return cs == ws ? c > w : cs == trump;
}

/* ------------------------------------------------------------- workspace */

/* The cut-off cards take about a 32nd of the workspace, a power of two of
 * entries from DD_CUT_MIN to DD_CUT_MAX (1 MiB). */
#define DD_CUT_MIN 64u
#define DD_CUT_MAX (1u << 17)

size_t dbr_dd_min_bytes(void) {
    return sizeof(struct dbr_dd) + 128 + DD_CUT_MIN * sizeof(dd_cut) + 256 * sizeof(dd_slot) +
           512 * (sizeof(dd_entry) + sizeof(dd_head));
}

/* Forget every entry. */
static void tt_clear(dbr_dd *d) {
    memset(d->slots, 0, (size_t)(d->slot_mask + 1) * sizeof(dd_slot));
    d->stamp = 1;
    d->slots_used = 0;
    d->pool_used = DD_BLOCK;
    d->free_head = 0;
}

/* Forget every entry without touching the tables: the slots of another
 * stamp count as empty. (Entries stay
 * true for every deal, being keyed on relative ranks, but a new deal reaches
 * few of another deal's positions, and walking past them costs time.) */
static void tt_reset(dbr_dd *d) {
    if (++d->stamp == 0) {
        tt_clear(d);
        return;
    }
    d->slots_used = 0;
    d->pool_used = DD_BLOCK;
    d->free_head = 0;
}

DBR_INLINE int slot_live(const dbr_dd *d, const dd_slot *sl) { return sl->stamp == d->stamp; }

dbr_status dbr_dd_init(void *memory, size_t bytes, dbr_dd **dd_out) {
    if (!memory || !dd_out) return DBR_E_NULL;
    if (bytes < dbr_dd_min_bytes()) return DBR_E_WORKSPACE;
    const uintptr_t base = (uintptr_t)memory;
    const uintptr_t aligned = (base + 63u) & ~(uintptr_t)63u;
    dbr_dd *dd = (dbr_dd *)aligned;
    const uintptr_t cut = (aligned + sizeof(struct dbr_dd) + 63u) & ~(uintptr_t)63u;
    size_t avail = bytes - (size_t)(cut - base);
    uint64_t cuts = DD_CUT_MIN;
    while (cuts < DD_CUT_MAX && (cuts * 2) * sizeof(dd_cut) * 32 <= avail) cuts *= 2;
    const uintptr_t tables = cut + (uintptr_t)cuts * sizeof(dd_cut);
    avail -= (size_t)cuts * sizeof(dd_cut);
    /* one slot for every DD_SLOT_BYTES of entries (a power of two of
     * slots), the entries filling what is left */
    uint64_t slots = 256;
    while ((slots * 2) * (sizeof(dd_slot) + DD_SLOT_BYTES) <= avail) slots *= 2;
    size_t pool = (avail - (size_t)slots * sizeof(dd_slot)) * DD_BLOCK /
                  (DD_BLOCK * sizeof(dd_entry) + sizeof(dd_head));
    if (pool > 0xFFFFFFF0u) pool = 0xFFFFFFF0u;
    pool &= ~(size_t)(DD_BLOCK - 1);
    memset(dd, 0, sizeof *dd);
    dd->slots = (dd_slot *)tables;
    dd->slot_mask = slots - 1;
    dd->pool = (dd_entry *)((uintptr_t)dd->slots + (size_t)slots * sizeof(dd_slot));
    dd->heads = (dd_head *)(dd->pool + pool);
    dd->pool_size = (uint32_t)pool;
    dd->cut = (dd_cut *)cut;
    dd->cut_mask = cuts - 1;
    memset(dd->cut, 0, (size_t)cuts * sizeof(dd_cut));
    dd->cut_salt = DD_CUT_SALT;
    tt_clear(dd);
    memset(dd->killer, -1, sizeof dd->killer);
    memset(dd->tt_lead, -1, sizeof dd->tt_lead);
#if DD_PEXT == 2
    dd->pext = 1;
#elif DD_PEXT == 1
    __builtin_cpu_init();
    dd->pext = __builtin_cpu_supports("bmi2") != 0;
#endif
    dd->base = base;
    dd->bytes = bytes;
    dd->magic = DD_MAGIC;
    *dd_out = dd;
    return DBR_OK;
}

dbr_status dbr_dd_nodes(const dbr_dd *dd, uint64_t *nodes_out) {
    if (!dd || !nodes_out) return DBR_E_NULL;
    if (dd->magic != DD_MAGIC) return DBR_E_WORKSPACE;
    *nodes_out = dd->nodes;
    return DBR_OK;
}

/* ---------------------------------------------------- transposition table */

/* Partition search. A search proves its verdict using the ranks of only some
 * cards: those that won a trick by beating a card of their own suit, and
 * those that a cut-off counted. In each suit it is enough to know who holds
 * the cards from the top down to the lowest such card (the "depth" of the
 * suit); the cards below are small cards whose order never decided a trick.
 * So an entry is stored for the class of positions with the same leader,
 * strain and suit lengths in every hand (the distribution, `dist`), and the
 * same owners of the top `depth[s]` cards in each suit: the owners' two
 * bits per card, lowest card first, concatenated by suit (clubs first) into
 * b0 (East or West) and b1 (South or West), as PEXT gathers a hand's bits
 * at the places of the cards in play; a suit's top `depth` cards are the
 * top bits of its field. A search that consults an entry adopts its
 * depths as its own relevant cards. */

/* The entries matching a probe's position that its walk records for the
 * store (see tt_store). */
#ifndef DD_MATCH
#define DD_MATCH 8
#endif

typedef struct dd_probe {
    uint64_t dist;   /* the lengths, 4 bits per hand and suit */
    uint64_t b0, b1; /* the owners of every card in play, in the layout above */
    int off[5];      /* where each suit starts in b0/b1; off[4]: the cards in play */
    unsigned all[4]; /* the cards in play in each suit */
    uint8_t ctl;     /* 1 + leader + 4 * strain */
    dd_slot *slot;   /* the distribution's slot (or the empty slot where it goes),
                        when looked up */
    /* the walk's record for tt_store: the entries matching the position
     * (DD_MATCH + 1: more than DD_MATCH), and d->evictions at the walk */
    int nmatch;
    uint64_t evictions;
    uint32_t match[DD_MATCH];
} dd_probe;

/* The home slot of a distribution: one multiply and a fold of the high half
 * into the low (at every search_lead: before, splitmix64's finish, two
 * multiplies and three folds: the same nodes, instructions (callgrind) of
 * hard_deals/deal.11 / the first 6 random deals / the golden 6-7
 * two-suiters -0.45% / -0.45% / -0.51%; issue 19, session 20). */
DBR_INLINE uint64_t slot_home(const dbr_dd *d, uint64_t dist, uint8_t ctl) {
    uint64_t x = (dist ^ ((uint64_t)ctl * 0x9E3779B97F4A7C15ull)) * 0xBF58476D1CE4E5B9ull;
    x ^= x >> 32;
    return x & d->slot_mask;
}

/* The owners' bits (b0, b1 of dd_probe) of the cards of four hands. */
static void keys_build(const dbr_hand hands[4], uint64_t *b0_out, uint64_t *b1_out) {
    const dbr_hand ew = hands[1] | hands[3], sw = hands[2] | hands[3];
    uint64_t b0 = 0, b1 = 0;
    int pos = 0;
    for (dbr_hand all = hands[0] | ew | hands[2]; all; all &= all - 1, pos++) {
        const int c = dbr__ctz(all);
        b0 |= (uint64_t)(ew >> c & 1u) << pos;
        b1 |= (uint64_t)(sw >> c & 1u) << pos;
    }
    *b0_out = b0;
    *b1_out = b1;
}

/* The lengths of four hands, 4 bits per hand and suit. */
static uint64_t dist_build(const dbr_hand hands[4]) {
    uint64_t dist = 0;
    for (int s = 0; s < 4; s++)
        for (int h = 0; h < 4; h++)
            dist |= (uint64_t)pop13(suit_bits(hands[h], s)) << (16 * s + 4 * h);
    return dist;
}

#if DD_PEXT == 1
__attribute__((target("bmi2"), noinline))
#endif
#if DD_PEXT
static void keys_pext(dbr_dd *d, dbr_hand present) {
    d->kb0 = _pext_u64(d->h[1] | d->h[3], present);
    d->kb1 = _pext_u64(d->h[2] | d->h[3], present);
}
#endif

/* Take the cards `gone` (of the present cards `present`) out of d->kb0 and
 * d->kb1 without PEXT (see keys_remove): each card's two bits leave the
 * layout and the bits above it move down, the highest places first, so
 * that the places still to remove keep their meaning. */
static DD_HOT void keys_remove_bits(dbr_dd *d, dbr_hand present, dbr_hand gone) {
    uint64_t b0 = d->kb0, b1 = d->kb1;
    int off[4], pos = 0;
    for (int s = 0; s < 4; s++) {
        off[s] = pos;
        pos += pop13(suit_bits(present, s));
    }
    for (int s = 3; s >= 0; s--) {
        unsigned g = suit_bits(gone, s);
        const unsigned a = suit_bits(present, s);
        while (g) {
            const int rank = dbr__msb(g);
            g &= ~(1u << rank);
            const int k = off[s] + pop13(a & ((1u << rank) - 1u));
            const uint64_t low = ((uint64_t)1 << k) - 1;
            b0 = (b0 & low) | ((b0 >> 1) & ~low);
            b1 = (b1 & low) | ((b1 >> 1) & ~low);
        }
    }
    d->kb0 = b0;
    d->kb1 = b1;
}

/* Take the cards `gone` (of the present cards `present`) out of d->kb0 and
 * d->kb1, the cards left being those the hands hold (at the end of a
 * trick): with PEXT, the owners' bits of the cards held, gathered anew
 * (two instructions; about 170 card by card, keys_remove_bits). The test
 * of d->pext inline in its callers (not in a function of its own calling
 * keys_pext): instructions (callgrind, the same nodes) -0.8% on
 * bridge-solver's hard_deals/deal.11, -0.75% on the first 6 random deals,
 * -0.9% on the golden 6-7 two-suiters. */
DBR_INLINE void keys_remove(dbr_dd *d, dbr_hand present, dbr_hand gone) {
#if DD_PEXT
    if (d->pext) {
        keys_pext(d, present & ~gone);
        return;
    }
#endif
    keys_remove_bits(d, present, gone);
}

/* The probe's cards in play by suit and where each suit starts in its
 * keys (all, off). */
static DD_FLAT void tt_probe_suits(const dbr_dd *d, dd_probe *p) {
    int pos = 0;
    const dbr_hand all = d->h[0] | d->h[1] | d->h[2] | d->h[3];
    for (int s = 0; s < 4; s++) {
        const unsigned a = suit_bits(all, s);
        p->all[s] = a;
        p->off[s] = pos;
        pos += pop13(a);
    }
    p->off[4] = pos;
}

/* The probe of the position at a trick boundary, its slot, walk and
 * evictions aside: filled only where the table's walk found no hit (the
 * walk and a hit use the workspace's keys and the slot as they are, see
 * search_lead). */
static DD_FLAT void tt_probe_init(const dbr_dd *d, uint8_t ctl, dd_probe *p) {
    /* at a trick boundary the present cards are the cards held, so the
     * workspace's keys are the position's */
    p->dist = d->dist;
    p->b0 = d->kb0;
    p->b1 = d->kb1;
    p->ctl = ctl;
    tt_probe_suits(d, p);
}

/* The relevant cards of an entry's depths, in this position: per suit the
 * lowest of the top depth[s] cards. */
static DD_FLAT dbr_hand depths_rel(const dd_probe *p, unsigned depths) {
    dbr_hand rel = 0;
    for (int s = 0; s < 4; s++) {
        unsigned ds = (depths >> (4 * s)) & 0xFu;
        if (!ds) continue;
        unsigned a = p->all[s];
        for (unsigned i = 1; i < ds; i++) a &= ~(1u << dbr__msb(a));
        rel |= (dbr_hand)(1u << dbr__msb(a)) << (13 * s);
    }
    return rel;
}

#if DD_PEXT
/* Two sets of places of the keys' layout as cards (keys_pdep2's: one
 * call out of the target("bmi2") clone for the two PDEPs of a hit). */
typedef struct dd_pdep2 {
    dbr_hand a, b;
} dd_pdep2;
#endif
#if DD_PEXT == 1
__attribute__((target("bmi2"), noinline))
#endif
#if DD_PEXT
static dd_pdep2 keys_pdep2(uint64_t a, uint64_t b, dbr_hand present) {
    const dd_pdep2 x = {_pdep_u64(a, present), _pdep_u64(b, present)};
    return x;
}
#endif

/* The relevant cards of an entry's mask (see tt_store), in this position,
 * without PDEP (see tt_hit_rel), p's suits filled (tt_probe_suits): suit by
 * suit, about 170 instructions. */
static DD_FLAT dbr_hand mask_rel(const dd_probe *p, uint64_t mask) {
    unsigned depths = 0;
    for (int s = 0; s < 4; s++)
        depths |= (unsigned)pop13((unsigned)(mask >> p->off[s]) &
                                  ((1u << (p->off[s + 1] - p->off[s])) - 1u))
                  << (4 * s);
    return depths_rel(p, depths);
}

/* The slot of a distribution, or the empty slot where it would go, its
 * home slot_home's i (computed once where it is prefetched first). */
DBR_INLINE dd_slot *find_slot_from(dbr_dd *d, uint64_t i, uint64_t dist, uint8_t ctl,
                                   uint32_t *head) {
    for (;;) {
        dd_slot *sl = &d->slots[i];
        if (!slot_live(d, sl)) {
            *head = 0;
            return sl;
        }
        if (sl->dist == dist && sl->ctl == ctl) {
            *head = sl->head;
            return sl;
        }
        i = (i + 1) & d->slot_mask;
    }
}

/* The slot of a distribution, or the empty slot where it would go. */
static dd_slot *find_slot(dbr_dd *d, uint64_t dist, uint8_t ctl) {
    uint32_t head;
    return find_slot_from(d, slot_home(d, dist, ctl), dist, ctl, &head);
}

/* Tricks to complete from the positions of a slot: the leader's cards. */
DBR_INLINE int slot_tricks(const dd_slot *sl) {
    const int lead = (sl->ctl - 1) & 3;
    int r = 0;
    for (int s = 0; s < 4; s++) r += (int)((sl->dist >> (16 * s + 4 * lead)) & 0xFu);
    return r;
}

/* Remove slot i, shifting later slots of its cluster back (linear probing
 * without tombstones). */
static void slot_delete(dbr_dd *d, uint64_t i) {
    const uint64_t mask = d->slot_mask;
    uint64_t j = i;
    for (;;) {
        d->slots[i].stamp = 0;
        for (;;) {
            j = (j + 1) & mask;
            if (!slot_live(d, &d->slots[j])) return;
            uint64_t k = slot_home(d, d->slots[j].dist, d->slots[j].ctl);
            /* slot j may stay if its home lies cyclically in (i, j] */
            if (i <= j ? (i < k && k <= j) : (i < k || k <= j)) continue;
            break;
        }
        d->slots[i] = d->slots[j];
        i = j;
    }
}

/* The table is full: free the distributions least likely to pay, keeping
 * about half of the entries. Entries for another strain, or for positions
 * with more tricks to go than the current root, are never reached by this
 * search, so they go first (no-trump entries are reached from every strain,
 * once the trumps are out); then by rank, the tricks left plus
 * DD_USED_WEIGHT for a distribution used (filled, given a new entry or deciding a
 * search) since the last eviction: the shallowest, the cheapest to search
 * again, first, and of equal depth the stale before the used.
 * Measured (issue 19, session 14; tables' nodes at 32 MiB, dd_nodes):
 * long_deals/deal.10 and deal.11 from 119.9M + 108.2M (15 and 17 evictions,
 * the tricks left alone) to 100.8M + 107.9M (-8.5% together), the six freak
 * deals of dd_golden.json 214.92M -> 215.39M (+0.2%), the first 60 random
 * deals the same nodes (they do not evict) and the first 6's instructions
 * +0.01% (callgrind). Measured and not kept (the two long deals together,
 * 228.1M before): DD_USED_WEIGHT 1 214.5M, 3 211.6M, 4 222.2M, 14 (every
 * stale distribution before any used one) 251.2M; of the last rank
 * dropped, only the eighths of its distributions (by their hash) needed to
 * keep half: weight 0 234.6M, 2 216.2M, 4 211.3M; with weight 2, keeping
 * 5/8 (3/8) of the pool, not half: 205.2M (211.0M), within the spread
 * the weights show, more evictions (36 against 29).
 * Session 15b: before the ranks, each reachable list loses what no probe
 * uses (list_prune): its entries past the first DD_MAX_CHAIN (no walk
 * reads them) and those dominated by one of its first DD_PRUNE_TOP
 * entries (more general, bounds as tight). Tables' nodes at 32 MiB
 * (dd_nodes, load 4-9): long_deals/deal.10 and deal.11 100.999M +
 * 101.929M (13 and 17 evictions) -> 90.670M + 97.691M (11 and 16), -7.2%
 * together; the six freak deals of dd_golden.json 193.47M -> 192.82M
 * (-0.3%, the same evictions); the first 60 random deals the same nodes
 * (no eviction), the first 6's instructions -0.06% (callgrind). Measured
 * and not kept (the two long deals): the dominating entry sought in the
 * whole first DD_MAX_CHAIN, 195.1M (-3.9%), but 1.04G comparisons and
 * about 2.2 s of deal.10's 14 s; the first 16, 204.1M (+0.6%); the first
 * 64, 195.3M (-3.8%); only the entries past DD_MAX_CHAIN dropped, 201.1M
 * (-0.9%). Dominated entries are 6-9% of those the long deals' prunes
 * read, the unreachable tails about 4.5%. The whole long_deals/ set (one
 * workspace): 606.16M -> 588.66M (-2.9%; deal.04 -5.4%, deal.10 -14%,
 * deal.11 +4.1%, deal.14 +1.8%), CPU 82.6 s against 83.5 s (the two run
 * side by side, load 6-14): the prunes' own time (clock, deal.10 and
 * deal.11 alone) 1.14 s of 25.3 s, about what the nodes save.
 * Session 16: tt_evict counts the blocks each prune keeps instead of
 * walking every list again (the same nodes). Measured and not kept: the
 * dominated entries found at the store instead (among the entries the
 * probe's walk found matching the position, see tt_store): a new entry
 * stored over the first of them it dominates, then trading places with
 * the list's head (new entries go first; the same instructions as
 * without, the probe's walk reading them anyway): tables' nodes, the
 * first 60 random deals 72,359,326 -> 72,352,642 (-0.01%), the six freak
 * deals 192.81M -> 192.64M (-0.09%), long_deals/ 577.85M -> 582.24M
 * (+0.76%; deal.10 +4.4%, deal.14 -2.3%): a new entry dominates few
 * entries of its own position (it can only dominate an entry whose other
 * bound is still open), and moving the head back costs what the space
 * saves; no new entry is ever dominated by an existing one where the walk
 * read the whole reachable list (that entry would have decided the
 * probe).
 * Session 20: entries gone stale dropped from the lists tt_evict prunes
 * (a bit of mw, set where an entry is stored or decides a probe and
 * cleared at each eviction; an entry neither since the last eviction
 * went, and dominated nothing), before the ranks: long_deals/deal.10 +
 * deal.11 118,593,852 -> 118,082,425 nodes (-0.4%, the same 7 + 8
 * evictions), thomas2.txt alone 207,557,240 -> 207,303,191 (-0.1%): the
 * lists' order (new entries and those deciding a probe at the front, the
 * tails cut at DD_MAX_CHAIN) already keeps what is used. Not kept. Nor
 * (session 20) the prune skipped for lists not marked used since the
 * last eviction (their blocks counted by the links): deal.10 + deal.11
 * +6.0% nodes (bounds tightened in place are not marked, and change what
 * dominates); with DD_KEEP_8THS 6, 114.59M against 112.94M pruning all,
 * CPU within the noise of a loaded machine. A distribution marked used
 * where a store only tightens an entry's bound too: long_deals/
 * 394.81M -> 400.12M nodes (+1.3%), thomas2.txt +0.3%, the freak deals
 * the same: not kept (a new entry or a hit marks it). */
DBR_INLINE int strain_reachable(const dbr_dd *d, int strain) {
    return strain == d->root_trump || strain == DBR_NOTRUMP;
}

#ifndef DD_USED_WEIGHT
#define DD_USED_WEIGHT 2
#endif
#define DD_RANKS (14 + DD_USED_WEIGHT)

/* Mark the blocks of the list from entry i free (tt_evict links them). */
static void list_free(dbr_dd *d, uint32_t i) {
    while (i) {
        dd_head *h = block_head(d, i);
        i = h->next;
        h->skip = DD_FREE_BLOCK;
    }
}

/* A distribution's rank for tt_evict; -1: never reached by this search. */
DBR_INLINE int evict_rank(const dbr_dd *d, const dd_slot *sl) {
    const int r = slot_tricks(sl);
    if (!strain_reachable(d, (sl->ctl - 1) >> 2) || r > d->root_r) return -1;
    return r + (sl->used ? DD_USED_WEIGHT : 0);
}

/* The entries of a list a probe can read: its first blocks up to
 * DD_MAX_CHAIN entries (a walk stops at the first block boundary past it;
 * from DD_DEEP_TRICKS tricks left a walk reads on, to what the last
 * eviction kept and the entries stored since). */
#define DD_PRUNE_BLOCKS ((DD_MAX_CHAIN + DD_BLOCK - 1) / DD_BLOCK + 1)
#ifndef DD_PRUNE_TOP
#define DD_PRUNE_TOP 32
#endif

/* Entry a (mask ma, keys a0, a1) describes every position entry b (mb,
 * b0, b1) describes: a's cards are a subset of b's, with the same owners.
 * With bounds at least as tight, a dominates b: whatever b decides, a
 * decides. */
DBR_INLINE int entry_covers(uint64_t ma, uint64_t a0, uint64_t a1, uint64_t mb, uint64_t b0,
                            uint64_t b1) {
    return !((ma & ~mb) | ((b0 & ma) ^ a0) | ((b1 & ma) ^ a1));
}

/* The cell of a list's q-th entry, of blocks blk[] whose first holds the
 * list's head as its o-th entry. */
DBR_INLINE uint32_t prune_cell(const uint32_t *blk, int o, int q) {
    return blk[(q + o) / (int)DD_BLOCK] + (unsigned)(q + o) % DD_BLOCK;
}

/* Drop a list's entries no probe can use: those past its first
 * DD_PRUNE_BLOCKS blocks (no walk reaches them), and those a more general
 * entry of the list dominates (of two alike, the later goes). The
 * survivors move towards the list's end, keeping their order, and the
 * blocks emptied go free (marked; tt_evict links them). Returns the
 * blocks the list keeps. */
static uint64_t list_prune(dbr_dd *d, dd_slot *sl) {
    uint32_t blk[DD_PRUNE_BLOCKS];
    uint8_t drop[DD_PRUNE_BLOCKS * DD_BLOCK];
    uint64_t mask[DD_PRUNE_BLOCKS * DD_BLOCK];
    uint32_t cell[DD_PRUNE_BLOCKS * DD_BLOCK];
    int nb = 0;
    const int o = (int)(sl->head % DD_BLOCK);
    uint32_t i = sl->head;
    for (int n = 0; i && n < DD_MAX_CHAIN; nb++) {
        blk[nb] = i & ~(DD_BLOCK - 1);
        n += (int)DD_BLOCK - (nb ? 0 : o);
        i = block_head(d, blk[nb])->next;
    }
    if (i) {
        list_free(d, i);
        block_head(d, blk[nb - 1])->next = 0;
        /* the skip links past the new end */
        for (int k = 0; k < nb && k < DD_SKIP; k++) block_head(d, blk[nb - 1 - k])->skip = 0;
    }
    const int n = nb * (int)DD_BLOCK - o;
    for (int q = 0; q < n; q++) {
        cell[q] = prune_cell(blk, o, q);
        mask[q] = entry_mask(&d->pool[cell[q]]);
    }
    /* the dominating entries sought among the list's first DD_PRUNE_TOP
     * (the entries that last decided a search move to the front), their
     * keys and bounds copied side by side, each entry's search ending at
     * the first (issue 19, session 19: list_prune's instructions on
     * long_deals/deal.07 70.7M -> 42.5M, callgrind; the same nodes; testing
     * every pair without a branch, 58.9M). With the search this cheap,
     * measured and not kept: DD_PRUNE_TOP 64, long_deals/deal.10 + deal.11
     * 118.59M -> 117.30M nodes (-1.1%), CPU 15.6 s against 15.0-15.5 s;
     * 128, 119.68M */
    const int nt = n < DD_PRUNE_TOP ? n : DD_PRUNE_TOP;
    uint64_t tb0[DD_PRUNE_TOP], tb1[DD_PRUNE_TOP];
    int tlb[DD_PRUNE_TOP], tub[DD_PRUNE_TOP];
    for (int a = 0; a < nt; a++) {
        const dd_entry *ea = &d->pool[cell[a]];
        tb0[a] = ea->b0;
        tb1[a] = ea->b1;
        tlb[a] = entry_lb(ea);
        tub[a] = entry_ub(ea);
    }
    for (int q = 0; q < n; q++) {
        const dd_entry *eb = &d->pool[cell[q]];
        const uint64_t mb = mask[q], b0 = eb->b0, b1 = eb->b1;
        const int lb = entry_lb(eb), ub = entry_ub(eb);
        int dom = 0;
        for (int a = 0; a < nt && !dom; a++)
            if (entry_covers(mask[a], tb0[a], tb1[a], mb, b0, b1))
                dom = (tlb[a] >= lb) & (tub[a] <= ub) & (mask[a] != mb || a < q);
        drop[q] = (uint8_t)dom;
    }
    /* the survivors to the list's end, in order (the walk reads a block
     * from its head's place to its end). Measured and not kept (session
     * 20, tables' nodes at 32 MiB): the survivors ordered by the cards
     * they describe, fewest first (bridge-solver's trees look the general
     * patterns up first): thomas2.txt 207.56M -> 204.03M (-1.7%), CPU
     * level; long_deals/deal.10 -2.9%, deal.11 +3.1%. */
    int w = n;
    for (int q = n - 1; q >= 0; q--) {
        if (drop[q]) continue;
        if (--w == q) continue;
        const uint32_t to = cell[w], from = cell[q];
        d->pool[to] = d->pool[from];
        *entry_best(d, to) = *entry_best(d, from);
    }
    const int first = (w + o) / (int)DD_BLOCK;
    for (int k = 0; k < first; k++) block_head(d, blk[k])->skip = DD_FREE_BLOCK;
    sl->head = prune_cell(blk, o, w);
    return (uint64_t)(nb - first);
}

/* The eighths of the pool an eviction keeps at most. Measured and not
 * kept (session 16, tables' nodes at 32 MiB; before, 4): long_deals/
 * deal.10 + deal.11 from an empty workspace 197.30M (12 + 16
 * evictions); 5, 192.63M (-2.4%; 16 + 18); 6, 188.74M (-4.3%; 21 + 26).
 * With 6: long_deals/ (one workspace) 577.85M -> 573.25M (-0.8%;
 * deal.10 +6.5%, deal.11 -7.5%, deal.04 -4.8%), the six freak deals
 * 192.81M -> 189.80M (-1.6%), random deals the same (they do not
 * evict); but the evictions (each prunes every list) come twice as
 * often. Its CPU, measured after the covering of try_moves and with the
 * table first (DD_TABLE_FIRST_R), on a quiet machine (load 0.5-1), the
 * builds alternated twice (tools/dd_nodes.py --set bs-long): 4 gives
 * 432.63M nodes in 52.22 s and 49.92 s, 6 gives 424.74M (-1.8%) in
 * 53.09 s and 52.83 s (+1.7%, +5.8%): not kept. */
#ifndef DD_KEEP_8THS
#define DD_KEEP_8THS 4
#endif

static void tt_evict(dbr_dd *d) {
    const uint64_t n = d->slot_mask + 1;
    d->evictions++;
    /* the reachable lists pruned, and the slots and entries of each rank
     * (the blocks the prunes keep) */
    uint64_t ent[DD_RANKS] = {0}, cnt[DD_RANKS] = {0};
    for (uint64_t i = 0; i < n; i++) {
        dd_slot *sl = &d->slots[i];
        if (!slot_live(d, sl)) continue;
        const int k = evict_rank(d, sl);
        if (k < 0) continue;
        cnt[k]++;
        ent[k] += DD_BLOCK * list_prune(d, sl);
    }
    /* drop ranks -1 to t, t the least for which what stays is at most half
     * the pool and half the slot limit */
    const uint64_t ent_keep = d->pool_size / 8 * DD_KEEP_8THS, slot_keep = n * 3 / 8;
    uint64_t ek = 0, sk = 0;
    for (int k = 0; k < DD_RANKS; k++) {
        ek += ent[k];
        sk += cnt[k];
    }
    int t = -1;
    while (t < DD_RANKS - 1 && (ek > ent_keep || sk > slot_keep)) {
        t++;
        ek -= ent[t];
        sk -= cnt[t];
    }
    /* start at an empty slot so that no cluster wraps past the scan */
    uint64_t start = 0;
    while (slot_live(d, &d->slots[start])) start++;
    for (uint64_t k = 0; k < n;) {
        const uint64_t i = (start + k) & d->slot_mask;
        dd_slot *sl = &d->slots[i];
        if (slot_live(d, sl)) {
            if (evict_rank(d, sl) <= t) {
                list_free(d, sl->head);
                slot_delete(d, i);
                d->slots_used--;
                continue; /* slot i now holds a later slot (or is empty) */
            }
            sl->used = 0;
        }
        k++;
    }
    /* the free list in address order, so that new entries fill runs of
     * neighbouring memory as from the end of the pool */
    d->free_head = 0;
    for (uint32_t x = d->pool_used; x > DD_BLOCK;) {
        x -= DD_BLOCK;
        dd_head *h = block_head(d, x);
        if (h->skip != DD_FREE_BLOCK) continue;
        h->next = d->free_head;
        d->free_head = x;
    }
}

/* Store a verdict: the entry of its key (the position's owners of the
 * cards from the top of each suit down to the lowest relevant card) gets
 * the bound, a new one going to the front of its distribution's list.
 * The entry of that key, if any, is one of those the probe's walk found
 * matching the position (p->match), unless the table evicted since or
 * more than DD_MATCH matched: then the list is walked again. Measured
 * (issue 19, session 16; the same nodes): 98.5% of the stores on
 * long_deals/deal.10 and deal.11 are new entries, each of which had read
 * the list to DD_MAX_CHAIN a second time; instructions (callgrind)
 * long_deals/deal.01 11.116G -> 10.394G (-6.5%; tt_store's own 814M ->
 * 76M), the first 6 random deals 10.079G -> 9.927G (-1.5%); deal.10's
 * CPU 19.2 s and 18.0 s -> 17.5 s and 17.0 s (runs alternated, load
 * 9-10). */
static DD_HOT void tt_store(dbr_dd *d, dd_probe *p, dbr_hand rel, int r, int success, int need,
                            int best) {
    if (d->stopped) return; /* a verdict of the unwinding, not a fact */
    /* the entry's mask: the places of the cards in play from the top of
     * each suit down to its lowest relevant card (the suit's depth), in
     * one loop (before, the depths and then their mask, two: instructions
     * (callgrind) of hard_deals/deal.11 / the first 6 random deals / the
     * golden 6-7 two-suiters -0.34% / -0.34% / -0.16%, issue 19, session
     * 20) */
    uint64_t m = 0;
    for (int s = 0; s < 4; s++) {
        const unsigned rs = suit_bits(rel, s) & p->all[s];
        if (!rs) continue;
        const int ds = pop13(p->all[s] >> dbr__ctz(rs));
        m |= (((uint64_t)1 << ds) - 1) << (p->off[s + 1] - ds);
    }
    const uint64_t b0 = p->b0 & m, b1 = p->b1 & m;
    uint32_t ei = 0; /* the entry's cell; 0 for none yet (block 0 is unused) */
    dd_slot *sl = p->slot;
    if (p->nmatch <= DD_MATCH && p->evictions == d->evictions) {
        /* the probe's walk read the list as it still is (no search below
         * stores to this distribution: its positions hold fewer cards), so
         * an entry of the same key is one of the entries it found matching
         * the position; the slot stays where it was unless it was empty
         * (then another distribution may have taken it since) */
        for (int k = 0; k < p->nmatch && !ei; k++)
            if (entry_mask(&d->pool[p->match[k]]) == m) ei = p->match[k];
        if (!p->nmatch && (!slot_live(d, sl) || sl->dist != p->dist || sl->ctl != p->ctl))
            sl = p->slot = find_slot(d, p->dist, p->ctl);
    } else if (slot_live(d, sl = p->slot = find_slot(d, p->dist, p->ctl))) {
        /* find the slot again: searches below the probe may have filled or
         * moved slots since */
        int n = 0;
        for (uint32_t i = sl->head; i && n < DD_MAX_CHAIN && !ei;) {
            const uint32_t blk = i & ~(DD_BLOCK - 1), end = blk + DD_BLOCK;
            for (; i < end; i++, n++) {
                const dd_entry *x = &d->pool[i];
                if (entry_mask(x) == m && x->b0 == b0 && x->b1 == b1) {
                    ei = i;
                    break;
                }
            }
            i = block_head(d, blk)->next;
        }
    }
    if (!ei) {
        /* a new block unless the slot's newest block has room below its head */
        if ((!d->free_head && d->pool_used + DD_BLOCK > d->pool_size &&
             (!slot_live(d, sl) || !head_room(sl->head))) ||
            (!slot_live(d, sl) && (d->slots_used + 1) * 4 > (d->slot_mask + 1) * 3)) {
            /* full: forget the least valuable half (the caller's size bounds
             * the memory), or, where the caller asked to grow instead, stop
             * the call with the table whole (see dbr_dd_grow) */
            if (d->stop_when_full) {
                d->stopped = 1;
                return;
            }
            tt_evict(d);
            sl = p->slot = find_slot(d, p->dist, p->ctl);
        }
        if (!slot_live(d, sl)) {
            sl->stamp = d->stamp;
            sl->ctl = p->ctl;
            sl->dist = p->dist;
            sl->head = 0;
            d->slots_used++;
        }
        sl->used = 1;
        if (head_room(sl->head)) {
            ei = sl->head - 1;
        } else {
            uint32_t blk;
            if (d->free_head) {
                blk = d->free_head;
                d->free_head = block_head(d, blk)->next;
            } else {
                blk = d->pool_used;
                d->pool_used += DD_BLOCK;
            }
            dd_head *bh = block_head(d, blk);
            bh->next = sl->head;
            /* the list's DD_SKIP-th block after it */
            uint32_t x = sl->head;
            for (int j = 1; j < DD_SKIP && x; j++) x = block_head(d, x)->next;
            bh->skip = x;
            ei = blk + DD_BLOCK - 1;
        }
        dd_entry *n = &d->pool[ei];
        n->b0 = b0;
        n->b1 = b1;
        n->mw = m | (uint64_t)r << 60;
        *entry_best(d, ei) = DD_NO_MOVE;
        sl->head = ei;
    }
    dd_entry *e = &d->pool[ei];
    if (success) {
        if (need > entry_lb(e)) entry_set_bounds(e, need, entry_ub(e));
    } else {
        if (need - 1 < entry_ub(e)) entry_set_bounds(e, entry_lb(e), need - 1);
    }
    if (best != (int)DD_NO_MOVE) *entry_best(d, ei) = (uint8_t)best;
}

/* ------------------------------------------------------ growth (asked) */

dbr_status dbr_dd_evictions(const dbr_dd *dd, uint64_t *evictions_out) {
    if (!dd || !evictions_out) return DBR_E_NULL;
    if (dd->magic != DD_MAGIC) return DBR_E_WORKSPACE;
    *evictions_out = dd->evictions;
    return DBR_OK;
}

dbr_status dbr_dd_set_stop_when_full(dbr_dd *dd, int stop) {
    if (!dd) return DBR_E_NULL;
    if (dd->magic != DD_MAGIC) return DBR_E_WORKSPACE;
    if (stop != 0 && stop != 1) return DBR_E_COUNT;
    dd->stop_when_full = stop;
    return DBR_OK;
}

/* The new workspace takes the old one's entries at the same pool indices
 * (the lists link by index), its distributions rehashed into its larger
 * slot table, and the rest of its state as it is (the cut-off cards where
 * the two tables of them have the same size). */
dbr_status dbr_dd_grow(const dbr_dd *dd, void *memory, size_t bytes, dbr_dd **dd_out) {
    if (!dd || !memory || !dd_out) return DBR_E_NULL;
    if (dd->magic != DD_MAGIC) return DBR_E_WORKSPACE;
    const uintptr_t m = (uintptr_t)memory;
    if (bytes < dd->bytes || (m < dd->base + dd->bytes && dd->base < m + bytes))
        return DBR_E_WORKSPACE; /* smaller, or overlapping the old memory */
    dbr_dd *g;
    dbr_status st = dbr_dd_init(memory, bytes, &g);
    if (st != DBR_OK) return st;
    if (g->pool_size < dd->pool_used || g->slot_mask < dd->slot_mask) {
        g->magic = 0;
        return DBR_E_WORKSPACE; /* cannot happen for bytes >= dd->bytes */
    }
    /* the fields of struct dbr_dd but its pointers into memory and sizes */
    dd_slot *slots = g->slots;
    dd_entry *pool = g->pool;
    dd_head *heads = g->heads;
    dd_cut *cut = g->cut;
    const uint64_t slot_mask = g->slot_mask, cut_mask = g->cut_mask;
    const uint32_t pool_size = g->pool_size;
    *g = *dd;
    g->slots = slots;
    g->pool = pool;
    g->heads = heads;
    g->cut = cut;
    g->slot_mask = slot_mask;
    g->cut_mask = cut_mask;
    g->pool_size = pool_size;
    g->base = m;
    g->bytes = bytes;
    g->stopped = 0;
    memcpy(g->pool, dd->pool, (size_t)dd->pool_used * sizeof(dd_entry));
    memcpy(g->heads, dd->heads, (size_t)dd->pool_used / DD_BLOCK * sizeof(dd_head));
    if (cut_mask == dd->cut_mask) memcpy(g->cut, dd->cut, (size_t)(cut_mask + 1) * sizeof(dd_cut));
    g->stamp = 1;
    memset(g->slots, 0, (size_t)(slot_mask + 1) * sizeof(dd_slot));
    for (uint64_t i = 0; i <= dd->slot_mask; i++) {
        const dd_slot *sl = &dd->slots[i];
        if (!slot_live(dd, sl)) continue;
        dd_slot *to = find_slot(g, sl->dist, sl->ctl);
        *to = *sl;
        to->stamp = g->stamp;
    }
    *dd_out = g;
    return DBR_OK;
}

/* ------------------------------------------------------------ bounds */

/* Hand h's run of top trumps draws the opponents' trumps: it is as long as
 * their longer holding (cashed first, the side suits are safe from their
 * ruffs). */
static DD_FLAT int draws_trumps(const dbr_dd *d, int h) {
    const int trump = d->trump, lho = (h + 1) & 3, rho = (h + 3) & 3;
    if (trump == DBR_NOTRUMP) return 0;
    const unsigned tl = suit_bits(d->h[lho], trump), tr = suit_bits(d->h[rho], trump);
    const unsigned mt = suit_bits(d->h[h], trump);
    if (!(tl | tr) || !mt) return 0;
    const unsigned a = tl | tr | mt | suit_bits(d->h[h ^ 2], trump);
    const int run = pop13(a >> (dbr__msb(a & ~mt) + 1));
    const int nl = hlen(d, lho, trump), nr = hlen(d, rho, trump);
    return run >= (nl > nr ? nl : nr);
}

/* Top winners hand `h` can cash in a row when it has the lead: in each suit
 * the run of top cards it holds (all its cards of the suit when no other hand
 * holds more cards of it than the run, and no other hand can ruff), cut in a
 * side suit (with a trump suit) to the length of each opponent who could
 * ruff, unless `draw` is set and the hand's run of top trumps is as long as
 * either opponent's trumps (cashed first, it draws them; *drawn_out tells);
 * the side-suit winners are cut to one more than the non-trump cards of
 * partner `p` (who must discard on them, or ruff and take the lead).
 * *entries receives the suits where the hand's winners begin (to reach it
 * from partner); per[s], when given, the tricks counted in suit s. */
static DD_HOT int cash_tricks(const dbr_dd *d, int h, int draw, dbr_hand *rel, unsigned *entries,
                              int *side_out, int *per, int *drawn_out) {
    const int trump = d->trump, p = h ^ 2, lho = (h + 1) & 3, rho = (h + 3) & 3;
    const dbr_hand all = d->h[0] | d->h[1] | d->h[2] | d->h[3];
    int qt = 0, side = 0;
    *entries = 0;
    const int drawn = draw && draws_trumps(d, h);
    if (drawn_out) *drawn_out = drawn;
    for (int s = 0; s < 4; s++) {
        unsigned ls = suit_bits(d->h[h], s);
        if (!ls) continue;
        /* the run: the cards in play above the best card of the others */
        const unsigned a = suit_bits(all, s), others = a & ~ls;
        int k = others ? pop13(a >> (dbr__msb(others) + 1)) : pop13(a);
        if (!k) continue;
        const int run = k;
        const int len = hlen(d, h, s);
        if (k < len &&
            (trump == DBR_NOTRUMP || s == trump || !(DBR_SUIT_MASK(trump) & all & ~d->h[h]))) {
            /* the others are out of the suit after the run: the rest of
             * the hand's cards of the suit are winners too */
            int most = 0;
            for (int o = 0; o < 4; o++) {
                if (o == h) continue;
                int n = hlen(d, o, s);
                if (n > most) most = n;
            }
            if (most <= k) k = len;
        }
        if (trump != DBR_NOTRUMP && s != trump && !drawn) {
            if (suit_bits(d->h[lho], trump)) {
                int n = hlen(d, lho, s);
                if (n < k) k = n;
            }
            if (suit_bits(d->h[rho], trump)) {
                int n = hlen(d, rho, s);
                if (n < k) k = n;
            }
        }
        if (k > 0) {
            /* no rank counts when the hand holds every card of the suit in
             * play: every position of the class has it so */
            if (others) {
                /* measured and not kept: the card as the lowest of the run
                 * cut to k (the run is all the hand's): -0.01% (callgrind) */
                unsigned a2 = suit_bits(all, s);
                for (int i = 1; i < (k < run ? k : run); i++) a2 &= ~(1u << dbr__msb(a2));
                *rel |= (dbr_hand)(1u << dbr__msb(a2)) << (13 * s);
            }
            *entries |= 1u << s;
        }
        if (trump != DBR_NOTRUMP && s != trump)
            side += k;
        else
            qt += k;
        if (per) per[s] = k;
    }
    if (side && trump != DBR_NOTRUMP) {
        const int spare = dd_popcount(d->h[p] & ~DBR_SUIT_MASK(trump));
        if (side > spare + 1) side = spare + 1;
    }
    *side_out = side;
    return qt + side;
}

/* No trumps (or a suit no opponent can ruff): the rounds of one suit the
 * side on lead can win in a row from now, the leader's cards `a` and
 * partner's `b` (13-bit sets), playing the suit only. In round i the side's
 * higher card must beat threat_at(i), the best card of an opponent still holding
 * cards of the suit then (opponents keep their best card to the last, the
 * most they can do against the run; what they discard does not count;
 * no opponent can ruff: see suit_run_tricks).
 * The hand that wins a round leads the next; the run ends when the hand on
 * lead has no card of the suit. Only the lowest card of each run of a
 * hand's cards adjacent among the cards in play (`present`) is tried, and
 * the search stops at a line of `goal` rounds. *low receives the lowest
 * card that won a round in the line found (the line holds in every position
 * with the same owners of the cards down to it: the relevant card). */
typedef struct dd_threat {
    int n_short, n_long; /* the opponents' lengths, shorter first */
    int t_both, t_long;  /* their best card while both hold cards; the longer's after */
} dd_threat;

DBR_INLINE int threat_at(const dd_threat *t, int i) {
    return i <= t->n_short ? t->t_both : i <= t->n_long ? t->t_long : -1;
}

static DD_HOT int run_rounds(unsigned a, unsigned b, unsigned present, int i, const dd_threat *thr,
                             int goal, int *low) {
    *low = 13;
    if (!a || goal <= 0) return 0;
    const int la = pop13(a), lb = pop13(b);
    const int lim = (la > lb ? la : lb) < goal ? (la > lb ? la : lb) : goal;
    const int t = threat_at(thr, i);
    int best = 0, best_low = 13;
    for (unsigned ra = a; ra; ra &= ra - 1) {
        const int c = dbr__ctz(ra);
        const unsigned below_c = present & ((1u << c) - 1u);
        if (below_c && (a >> dbr__msb(below_c) & 1u)) continue; /* same as a lower card */
        if (!b) {
            if (c <= t) continue;
            int l2;
            const int v =
                1 + run_rounds(a & ~(1u << c), 0, present & ~(1u << c), i + 1, thr, lim - 1, &l2);
            const int lw = l2 < c ? l2 : c;
            if (v > best || (v == best && lw > best_low)) {
                best = v;
                best_low = lw;
            }
            if (best >= lim) break;
            continue;
        }
        for (unsigned rb = b; rb; rb &= rb - 1) {
            const int e = dbr__ctz(rb);
            const unsigned below_e = present & ((1u << e) - 1u);
            if (below_e && (b >> dbr__msb(below_e) & 1u)) continue;
            const int hi = c > e ? c : e;
            if (hi <= t) continue;
            const unsigned na = a & ~(1u << c), nb = b & ~(1u << e);
            const unsigned np = present & ~(1u << c) & ~(1u << e);
            int l2;
            const int v = 1 + (c > e ? run_rounds(na, nb, np, i + 1, thr, lim - 1, &l2)
                                     : run_rounds(nb, na, np, i + 1, thr, lim - 1, &l2));
            const int lw = l2 < hi ? l2 : hi;
            if (v > best || (v == best && lw > best_low)) {
                best = v;
                best_low = lw;
            }
            if (best >= lim) break;
        }
        if (best >= lim) break;
    }
    *low = best_low;
    return best;
}

/* The most tricks the side on lead takes by running one suit (see
 * run_rounds), tried on the suits where that can reach `need`; with a trump
 * suit, only suits no opponent can ruff. In no trumps the leader first
 * cashes its top winners of the other suits (own_per, by suit, relevant
 * cards own_rel: see cash_tricks) when partner has cards enough outside the
 * suit to play to them (its cards of the suit stay for the run; the
 * opponents' discards can only shorten their holdings). Measured and not
 * kept (issue 19): the lengths from d->dist and a first test against the
 * leader's winners of all four suits before each suit's own `extra` (the
 * run cuts about 1% of the calls, most end at that test): the same nodes,
 * instructions +0.3% (callgrind, random deals 1-3 and 7-13). */
static DD_FLAT int suit_run_tricks(const dbr_dd *d, int lead, int need, const int own_per[4],
                                   dbr_hand own_rel, dbr_hand *rel) {
    const int p = lead ^ 2, lho = (lead + 1) & 3, rho = (lead + 3) & 3;
    const int trump = d->trump;
    int best = 0;
    dbr_hand brel = 0;
    for (int s = 0; s < 4; s++) {
        const unsigned a = suit_bits(d->h[lead], s), b = suit_bits(d->h[p], s);
        if (!a) continue;
        const int la = pop13(a), lb = pop13(b);
        int extra = 0;
        if (trump == DBR_NOTRUMP) {
            for (int t = 0; t < 4; t++)
                if (t != s) extra += own_per[t];
            if (dd_popcount(d->h[p] & ~DBR_SUIT_MASK(s)) < extra) extra = 0;
        }
        if ((la > lb ? la : lb) + extra < need || (la > lb ? la : lb) + extra <= best) continue;
        const unsigned l = suit_bits(d->h[lho], s), r = suit_bits(d->h[rho], s);
        if (trump != DBR_NOTRUMP && s != trump) {
            /* no opponent may ruff, and a hand of the side out of the suit
             * must have a side-suit card to discard on each round (so
             * that it never has to ruff its partner's winner) */
            if (suit_bits(d->h[lho], trump) || suit_bits(d->h[rho], trump)) continue;
            const dbr_hand other = DBR_FULL_DECK & ~DBR_SUIT_MASK(trump) & ~DBR_SUIT_MASK(s);
            const int most = la > lb ? la : lb;
            if (dd_popcount(d->h[lead] & other) < most - la ||
                dd_popcount(d->h[p] & other) < most - lb)
                continue;
        }
        const int nl = pop13(l), nr = pop13(r);
        const int tl = l ? (int)dbr__msb(l) : -1, tr = r ? (int)dbr__msb(r) : -1;
        dd_threat thr;
        thr.n_short = nl < nr ? nl : nr;
        thr.n_long = nl < nr ? nr : nl;
        thr.t_both = tl > tr ? tl : tr;
        thr.t_long = nl < nr ? tr : tl;
        /* each round while an opponent holds the suit takes a card of the
         * side above the threat: too few such cards, no run reaches the goal */
        const int goal = need - extra;
        const unsigned ab = a | b;
        if ((goal < thr.n_short ? goal : thr.n_short) > pop13(ab >> (thr.t_both + 1)) ||
            (goal < thr.n_long ? goal : thr.n_long) > pop13(ab >> (thr.t_long + 1)))
            continue;
        int low;
        const int v = extra + run_rounds(a, b, ab | l | r, 1, &thr, goal, &low);
        if (v > best) {
            best = v;
            brel = low < 13 ? (dbr_hand)1 << (13 * s + low) : 0;
            if (extra) brel |= own_rel & ~DBR_SUIT_MASK(s);
        }
    }
    *rel |= brel;
    return best;
}

/* The relevant cards of `goal` of the tricks cash_tricks counted for hand
 * `h` (per suit in per[], partner having spent `p_spent` of its cards):
 * the suit `first` first (the entry from partner; -1 for none), then the
 * suits no other hand holds (no rank counts there), then the others,
 * each down to the card of the last of its tricks used (the last card of
 * its run of top cards when the rest of the suit wins as the others run
 * out). With a trump suit the side-suit tricks stay within partner's
 * discards, as in cash_tricks. */
static DD_HOT dbr_hand cash_rel(const dbr_dd *d, int h, int p_spent, const int per[4], int first,
                                int goal) {
    const int trump = d->trump;
    const dbr_hand all = d->h[0] | d->h[1] | d->h[2] | d->h[3];
    int side_left = 13;
    if (trump != DBR_NOTRUMP) {
        side_left = dd_popcount(d->h[h ^ 2] & ~DBR_SUIT_MASK(trump)) - p_spent;
        side_left = (side_left < 0 ? 0 : side_left) + 1;
    }
    dbr_hand rel = 0;
    for (int pass = first < 0; pass < 3 && goal > 0; pass++) {
        for (int s = 0; s < 4 && goal > 0; s++) {
            const unsigned ls = suit_bits(d->h[h], s), a = suit_bits(all, s), others = a & ~ls;
            if (!per[s] || (pass == 0 ? s != first : s == first || (pass == 1) != !others))
                continue;
            const int side = trump != DBR_NOTRUMP && s != trump;
            int j = per[s] < goal ? per[s] : goal;
            if (side && j > side_left) j = side_left;
            if (j <= 0) continue;
            goal -= j;
            if (side) side_left -= j;
            if (!others) continue;
            const int run = pop13(a >> (dbr__msb(others) + 1));
            unsigned a2 = a;
            for (int i = 1; i < (j < run ? j : run); i++) a2 &= ~(1u << dbr__msb(a2));
            rel |= (dbr_hand)(1u << dbr__msb(a2)) << (13 * s);
        }
    }
    return rel;
}

/* Tricks the side of `lead` can cash at once from the top: the leader's own
 * winners, or partner's after a small card to partner's top card; or both,
 * the leader's first, when partner's winners have such an entry and there
 * are cards enough for both (partner discards a card that is not one of the
 * winners on each of the leader's tricks, and the leader on each of
 * partner's; with a trump suit, side-suit cards, so that no one has to ruff
 * partner's winner). In no trumps, after Ax opposite Kx the king is an entry
 * to partner's other winners as well, and a suit led towards partner's
 * top and third cards with the second at the leader's left gives partner
 * two tricks, as does partner's top card opposite the leader's second
 * (DDS's quick tricks for partner's hand). With a trump suit, a side that needs
 * one trick takes it when the leader can lead a side suit for partner to
 * ruff (no opponent can ruff it, or partner's best trump beats theirs).
 * A suit the opponents are out of (and cannot ruff) gives the side a round
 * for each card of its shorter hand, whatever the ranks (in no trumps,
 * after the leader's top winners of the other suits too). */
static DD_FLAT int quick_tricks(const dbr_dd *d, int lead, int need, dbr_hand *rel) {
    unsigned entries;
    dbr_hand own_rel = 0;
    int own_side;
    int own_per[4] = {0, 0, 0, 0};
    int drawn;
    int own = cash_tricks(d, lead, 1, &own_rel, &entries, &own_side, own_per, &drawn);
    if (own < need) {
        /* a suit only the side holds (no opponent can ruff it): each
         * round while both hands hold cards of it is the side's, whatever
         * the ranks */
        const int lho = (lead + 1) & 3, rho = (lead + 3) & 3, t = d->trump;
        const unsigned ot = t == DBR_NOTRUMP ? 0 : suit_bits(d->h[lho] | d->h[rho], t);
        for (int s = 0; s < 4; s++) {
            if (suit_bits(d->h[lho] | d->h[rho], s) || (ot && s != t)) continue;
            const int la = hlen(d, lead, s), lb = hlen(d, lead ^ 2, s);
            if ((la < lb ? la : lb) >= need) return la < lb ? la : lb;
            if (t == DBR_NOTRUMP && la && lb) {
                /* in no trumps, after the leader's top winners of the
                 * other suits, partner discarding outside the suit */
                int extra = 0;
                for (int u = 0; u < 4; u++)
                    if (u != s) extra += own_per[u];
                if (extra && dd_popcount(d->h[lead ^ 2] & ~DBR_SUIT_MASK(s)) >= extra &&
                    extra + (la < lb ? la : lb) >= need) {
                    *rel |= own_rel & ~DBR_SUIT_MASK(s);
                    return extra + (la < lb ? la : lb);
                }
            }
        }
    }
    if (own >= need) {
        /* the leader's own winners: the ranks of as many as needed (the
         * trumps first when they draw the opponents') */
        *rel |= cash_rel(d, lead, 0, own_per, drawn ? d->trump : -1, need);
        return own;
    }
    const int p = lead ^ 2;
    int best = own;
    dbr_hand best_rel = own_rel;
    /* partner's winners (see cash_tricks), found once when first wanted */
    dbr_hand rel0 = 0;
    unsigned ent0 = 0;
    int q0 = -1, side0 = 0, per0[4] = {0, 0, 0, 0};
    if (own < need && d->h[p]) {
        /* Ax opposite Kx: after the leader's other winners and the ace,
         * a small card to partner's king takes one more (partner keeps both
         * cards of the suit while it plays to the leader's other winners;
         * with trumps, side-suit cards, and no opponent can ruff the suit
         * twice led) */
        const dbr_hand all = d->h[0] | d->h[1] | d->h[2] | d->h[3];
        for (int s = 0; s < 4; s++) {
            const unsigned a = suit_bits(all, s), mine = suit_bits(d->h[lead], s);
            const unsigned pard = suit_bits(d->h[p], s);
            if (pop13(mine) < 2 || pop13(pard) < 2) continue;
            const unsigned top = 1u << dbr__msb(a), second = 1u << dbr__msb(a & ~top);
            if (!(mine & top) || !(pard & second)) continue;
            /* the ace alone counted for the suit: other hands hold more */
            int most = 0;
            for (int o = 0; o < 4; o++)
                if (o != lead && hlen(d, o, s) > most) most = hlen(d, o, s);
            if (most <= 1) continue;
            dbr_hand spare = d->h[p] & ~DBR_SUIT_MASK(s);
            if (d->trump != DBR_NOTRUMP) {
                /* no ruff of the two tricks, and partner need not ruff */
                int ruffed = 0;
                for (int o = 1; o < 4; o += 2) {
                    const int opp = (lead + o) & 3;
                    if (s != d->trump && suit_bits(d->h[opp], d->trump) && hlen(d, opp, s) < 2)
                        ruffed = 1;
                }
                if (ruffed) continue;
                spare &= ~DBR_SUIT_MASK(d->trump);
            }
            if (dd_popcount(spare) < own - 1) continue;
            best = own + 1;
            best_rel = own_rel | (dbr_hand)second << (13 * s);
            if (d->trump == DBR_NOTRUMP && best < need) {
                /* partner, in with the king, cashes its winners: it
                 * discards on the leader's other winners neither a card
                 * of the suit nor a winner, and the leader has cards
                 * enough to follow or discard on all of them */
                if (q0 < 0) q0 = cash_tricks(d, p, 0, &rel0, &ent0, &side0, per0, NULL);
                if (q0 > 0 && dd_popcount(spare) - q0 >= own - 1 &&
                    own + 1 + q0 <= dd_popcount(d->h[lead])) {
                    best = own + 1 + q0;
                    best_rel |= rel0;
                }
            }
            break;
        }
    }
    /* the suits the leader holds, and those of them whose top card partner
     * holds: where partner's winners can be reached (the entries of
     * cash_tricks are among them; without one, partner's winners are not
     * counted and need not be found) */
    unsigned held = 0, p_tops = 0;
    if (best < need && d->h[p]) {
        const dbr_hand all = d->h[0] | d->h[1] | d->h[2] | d->h[3];
        for (int s = 0; s < 4; s++) {
            if (!suit_bits(d->h[lead], s)) continue;
            held |= 1u << s;
            if (suit_bits(d->h[p], s) >> dbr__msb(suit_bits(all, s)) & 1u) p_tops |= 1u << s;
        }
    }
    if (best < need && (held & p_tops)) {
        /* partner's winners after an entry: with a trump suit, an entry in a
         * side suit spends one of the leader's side-suit cards, which cuts
         * partner's side-suit winners to one more than the leader's other
         * side-suit cards (the rest of cash_tricks is the same) */
        if (q0 < 0) q0 = cash_tricks(d, p, 0, &rel0, &ent0, &side0, per0, NULL);
        int q1 = -1;
        if (d->trump != DBR_NOTRUMP && (held & ~(1u << d->trump) & ent0)) {
            const int spare = dd_popcount(d->h[lead] & ~DBR_SUIT_MASK(d->trump));
            const int most = spare > 1 ? spare : 1;
            q1 = q0 - side0 + (side0 < most ? side0 : most);
        }
        /* no trumps, partner holds the top and third cards of a suit the
         * leader holds, the second at the leader's left: led from the
         * leader, the suit gives partner two tricks; or partner the top
         * and the leader the second, two cards each: after partner's other
         * winners, partner's small card to the leader's king is one trick
         * more (DDS's quick tricks for partner's hand) */
        unsigned fin = 0, fin_c3[4] = {0, 0, 0, 0}; /* the card the bound marks */
        if (d->trump == DBR_NOTRUMP) {
            const dbr_hand all = d->h[0] | d->h[1] | d->h[2] | d->h[3];
            const int lho = (lead + 1) & 3, rho = (lead + 3) & 3;
            for (int s = 0; s < 4; s++) {
                if (!(held >> s & 1u) || !(ent0 >> s & 1u)) continue;
                unsigned a = suit_bits(all, s);
                const unsigned pard = suit_bits(d->h[p], s);
                const unsigned c1 = 1u << dbr__msb(a);
                a &= ~c1;
                if (!a) continue;
                const unsigned c2 = 1u << dbr__msb(a);
                a &= ~c2;
                if (!a) continue;
                const unsigned c3 = 1u << dbr__msb(a);
                if ((pard & c1) && (suit_bits(d->h[lead], s) & c2) && pop13(pard) >= 2 &&
                    hlen(d, lead, s) >= 2) {
                    fin |= 1u << s;
                    fin_c3[s] = c2;
                    continue;
                }
                if (!(pard & c1) || !(pard & c3) || !(suit_bits(d->h[lho], s) & c2)) continue;
                /* partner's whole suit was not counted: another hand holds two */
                if (hlen(d, lead, s) < 2 && hlen(d, lho, s) < 2 && hlen(d, rho, s) < 2) continue;
                fin |= 1u << s;
                fin_c3[s] = c3;
            }
        }
        for (int s = 0; s < 4; s++) {
            if (!(held >> s & 1u) || !(ent0 >> s & 1u)) continue;
            const int spent = d->trump != DBR_NOTRUMP && s != d->trump;
            const int q = (spent ? q1 : q0) + (int)(fin >> s & 1u);
            if (q > best) {
                best = q;
                best_rel = rel0;
                if (fin >> s & 1u) {
                    best_rel |= (dbr_hand)fin_c3[s] << (13 * s);
                } else if (q >= need) {
                    /* the ranks of as many of partner's tricks as needed,
                     * the entry's first */
                    best_rel = cash_rel(d, p, spent, per0, s, need);
                }
            }
        }
        if (best < need && d->trump != DBR_NOTRUMP && (ent0 & held) >> d->trump & 1u &&
            draws_trumps(d, p)) {
            /* a trump to partner's top trump: when partner's run of top
             * trumps draws the opponents', its side winners are safe */
            dbr_hand reld = 0;
            unsigned entd;
            int sided, drawnd, perd[4] = {0, 0, 0, 0};
            const int qd = cash_tricks(d, p, 1, &reld, &entd, &sided, perd, &drawnd);
            if (drawnd && qd > best) {
                best = qd;
                best_rel = qd >= need ? cash_rel(d, p, 0, perd, d->trump, need) : reld;
            }
        }
        if (own && best < need && (ent0 & held)) {
            /* both: the leader's first, then partner's */
            int fits = own + q0 <= dd_popcount(d->h[lead]);
            if (d->trump != DBR_NOTRUMP) {
                /* neither hand may have to ruff the other's winners or
                 * throw its own: enough other side-suit cards to play */
                const dbr_hand side_mask = DBR_FULL_DECK & ~DBR_SUIT_MASK(d->trump);
                const int l_free = dd_popcount(d->h[lead] & side_mask) - own_side;
                const int p_free = dd_popcount(d->h[p] & side_mask) - side0;
                fits = fits && p_free >= own && l_free >= q0;
            }
            if (fits && own + q0 > best) {
                best = own + q0;
                best_rel = own_rel | rel0;
                if (best >= need)
                    best_rel = own_rel | cash_rel(d, p, 0, per0, dbr__ctz(ent0 & held), need - own);
            }
            if (fin && own + q0 + 1 <= dd_popcount(d->h[lead]) && own + q0 + 1 > best) {
                const int s = dbr__ctz(fin);
                best = own + q0 + 1;
                best_rel = own_rel | rel0 | (dbr_hand)fin_c3[s] << (13 * s);
            }
        }
    }
    if (!best && need <= 1 && d->trump != DBR_NOTRUMP && d->h[p]) {
        /* a lead for partner to ruff: partner void in a side suit the
         * leader holds, no opponent can ruff it, or partner ruffs over
         * the opponents who can (DDS) */
        const int t = d->trump, lho = (lead + 1) & 3, rho = (lead + 3) & 3;
        const unsigned tp = suit_bits(d->h[p], t);
        const unsigned tl = suit_bits(d->h[lho], t), tr = suit_bits(d->h[rho], t);
        for (int s = 0; tp && s < 4; s++) {
            if (s == t || !suit_bits(d->h[lead], s) || suit_bits(d->h[p], s)) continue;
            const unsigned over =
                (suit_bits(d->h[lho], s) ? 0 : tl) | (suit_bits(d->h[rho], s) ? 0 : tr);
            if (!over) {
                return 1;
            }
            if (dbr__msb(tp) > dbr__msb(over)) {
                *rel |= (dbr_hand)(1u << dbr__msb(tp)) << (13 * t);
                return 1;
            }
        }
    }
    if (best < need) {
        dbr_hand rr = 0;
        const int v = suit_run_tricks(d, lead, need, own_per, own_rel, &rr);
        if (v > best) {
            best = v;
            best_rel = rr;
        }
    }
    *rel |= best_rel;
    return best;
}

/* At most how many of the r tricks left the side of `lead` can take, and
 * the cards the bound depends on in *rel.
 * - No trumps, the leader holds cards only of suits whose top card an
 *   opponent holds: the opponents win this trick.
 * - No trumps, the side must take every trick, so it leads to every trick;
 *   a suit whose top card it holds can be led at most as often as the
 *   longer of its two hands holds cards of it. If these lengths add up to
 *   less than r, a trick goes to a suit topped by an opponent, who keeps
 *   that card for it.
 * - With a trump suit, once no hand holds a trump: as in no trumps.
 * - With a trump suit: a side without trumps against trumps loses a trick
 *   to each trump of the longer opponent; an opponent with the second trump
 *   and another, sitting over the hand with the top trump, wins a trick, and
 *   so do opponents holding the second and third trumps, the second with
 *   another (DDS's later tricks), and an opponent holding the third trump
 *   and two more, sitting over the hand with the top two (bridge-solver's
 *   slow trump tricks, Qxx behind AK).
 * But for a side without trumps, each bound is r - 1: no cut-off unless the
 * side needs every trick (`need`), where the rest is not counted (issue 19,
 * session 20; the same nodes, instructions (callgrind) of hard_deals/deal.11
 * / the first 6 random deals / the golden 6-7 two-suiters -0.4% / -0.5% /
 * -0.6%). */
static DD_FLAT int lead_side_max(const dbr_dd *d, int lead, int r, int need, dbr_hand *rel) {
    const int p = lead ^ 2, lho = (lead + 1) & 3, rho = (lead + 3) & 3;
    const dbr_hand all = d->h[0] | d->h[1] | d->h[2] | d->h[3];
    /* no trump left: as in no trumps */
    if (d->trump == DBR_NOTRUMP || !(all & DBR_SUIT_MASK(d->trump))) {
        if (need < r) return r; /* r - 1 would not cut */
        int sum = 0, opp_only = 1;
        dbr_hand opp_tops = 0, led_tops = 0;
        for (int s = 0; s < 4; s++) {
            unsigned a = suit_bits(all, s);
            if (!a) continue;
            unsigned top = 1u << dbr__msb(a);
            unsigned mine = suit_bits(d->h[lead], s), pard = suit_bits(d->h[p], s);
            if ((mine | pard) & top) {
                int lm = pop13(mine), lp = pop13(pard);
                sum += lm > lp ? lm : lp;
                if (mine) opp_only = 0;
            } else {
                const int o = suit_bits(d->h[lho], s) & top ? lho : rho;
                /* the owner matters unless no one else holds the suit */
                if (a & ~suit_bits(d->h[o], s)) opp_tops |= (dbr_hand)top << (13 * s);
                if (mine) led_tops |= (dbr_hand)top << (13 * s);
            }
        }
        if (opp_only) {
            *rel = led_tops;
            return r - 1;
        }
        if (sum < r) {
            *rel = opp_tops;
            return r - 1;
        }
        return r;
    }
    const int t = d->trump;
    const unsigned ours = suit_bits(d->h[lead] | d->h[p], t);
    const unsigned tl = suit_bits(d->h[lho], t), tr = suit_bits(d->h[rho], t);
    if (!ours) {
        if (!(tl | tr)) return r;
        int nl = pop13(tl), nr = pop13(tr);
        *rel = 0;
        return r - (nl > nr ? nl : nr);
    }
    if (need < r) return r; /* r - 1 would not cut */
    unsigned a = ours | tl | tr;
    unsigned top = 1u << dbr__msb(a);
    if (!(ours & top)) return r; /* the opponents' sure trump tricks cover this */
    a &= ~top;
    if (!a) return r;
    unsigned second = 1u << dbr__msb(a);
    const int hh = tl & second ? lho : tr & second ? rho : -1;
    if (hh < 0) {
        /* the top two trumps in one hand, an opponent after it holding the
         * third and two more: the third wins a trick (bridge-solver's slow
         * trump tricks, Qxx behind AK) */
        const int g = suit_bits(d->h[lead], t) & top ? lead : p;
        const unsigned rest = a & ~second, gt = suit_bits(d->h[g], t);
        if (rest && (gt & second)) {
            const unsigned third = 1u << dbr__msb(rest);
            const int q = (g + 1) & 3;
            if ((suit_bits(d->h[q], t) & third) && hlen(d, q, t) >= 3) {
                *rel = (dbr_hand)third << (13 * t);
                return r - 1;
            }
        }
        return r;
    }
    if (hlen(d, hh, t) < 2) return r;
    /* the top trump in the hand playing just before hh */
    if (suit_bits(d->h[(hh + 3) & 3], t) & top) {
        *rel = (dbr_hand)second << (13 * t);
        return r - 1;
    }
    /* the opponents hold the third trump as well */
    a &= ~second;
    if (a && ((tl | tr) >> dbr__msb(a) & 1u)) {
        *rel = (dbr_hand)(1u << dbr__msb(a)) << (13 * t);
        return r - 1;
    }
    return r;
}

/* Sure tricks of a side from its top trumps (bridge-solver's top trump
 * tricks): each trump of the unbroken run from the top that the side holds,
 * in either hand, wins a trick, up to as many tricks as its longer hand
 * has trumps (the two hands can fall on one trick only where the shorter
 * one has run out of lower trumps: the longer hand's trumps go to as many
 * tricks). A side holding every trump takes as many tricks as its longer
 * hand has trumps, whatever their ranks. Counted up to `want` tricks, so
 * that the bound depends on no more trumps than it needs. Issue 19,
 * session 15b: before, the run counted was one hand's, with partner's
 * second trump as a second trick (DDS's later tricks), so that EW's K /
 * QJxx of trumps against NS's 6 of 8 tricks on long_deals/deal.11 was no
 * cut-off at all: the search under it handed up 9 cards against the 3 of
 * this bound (solving identical positions in both solvers; see search_lead).
 * Measured (tables' nodes at 32 MiB, dd_nodes): the first 60 random deals
 * 72,973,879 -> 72,359,326 (-0.8%), the first 6's instructions -0.5%
 * (callgrind, 10.137G -> 10.084G); the six freak deals of dd_golden.json
 * 193.47M, the same; long_deals/ 606.2M -> 591.8M (-2.4%; deal.10 -11%,
 * deal.04 -6%, deal.11 +8.7%, with 16 evictions against 14; at 256 MiB,
 * no evictions, deal.10 -0.7%, deal.11 +1.4%). Inline (DD_FLAT; it was
 * DD_HOT, out of line): instructions (callgrind, the same nodes) of
 * hard_deals/deal.11 / the first 6 random deals / the golden 6-7
 * two-suiters -0.14% / -0.19% / -0.08% (issue 19, session 20). */
static DD_FLAT int sure_trump_tricks_in(const dbr_dd *d, int side, int want, dbr_hand *rel) {
    const int t = d->trump;
    const unsigned ta = suit_bits(d->h[side], t), tb = suit_bits(d->h[side ^ 2], t);
    const unsigned both = ta | tb;
    unsigned a = both | suit_bits(d->h[side ^ 1] | d->h[side ^ 3], t);
    if (!a || !(both & (1u << dbr__msb(a)))) return 0;
    const int la = pop13(ta), lb = pop13(tb), longer = la > lb ? la : lb;
    /* the side holds every trump: each trump of its longer hand wins a
     * trick of its own, whatever the ranks */
    if (both == a) return longer;
    const int cap = want < longer ? want : longer;
    int k = 0;
    unsigned lowest = 0;
    while (k < cap) {
        const unsigned b = 1u << dbr__msb(a);
        if (!(both & b)) break;
        k++;
        lowest = b;
        a &= ~b;
    }
    *rel |= (dbr_hand)lowest << (13 * t);
    return k;
}

/* no call in no trumps: instructions (callgrind, the same nodes) of
 * hard_deals/deal.11 / the first 6 random deals / the golden 6-7
 * two-suiters -0.15% / -0.15% / -0.12% (issue 19, session 19) */
DBR_INLINE int sure_trump_tricks(const dbr_dd *d, int side, int want, dbr_hand *rel) {
    return d->trump == DBR_NOTRUMP ? 0 : sure_trump_tricks_in(d, side, want, rel);
}

/* Second hand to play (one card on the trick): tricks its side is sure of,
 * 0 if it cannot be sure of this one. The side wins this trick when its
 * best card of the suit led beats the card led and third hand's cards, or
 * when one of its hands can ruff and third hand can neither ruff nor follow
 * with a trump led; in no trumps the hand that wins then cashes the suits
 * no one else holds, a second winner of the suit and its top winners of
 * the other suits; with a trump suit, a trick won by a card of the side
 * suit led adds the side's sure trump tricks when neither hand of the side
 * has to play a trump to it. Counted up to `want` tricks, so that the
 * bound depends on no more cards than it needs. */
static DD_FLAT int second_hand_tricks(const dbr_dd *d, const dd_node *nd, int want, dbr_hand *rel) {
    const int trump = d->trump, ss = nd->led;
    const int h = (nd->lead + 1) & 3, p = h ^ 2, third = (nd->lead + 2) & 3;
    const unsigned mine = suit_bits(d->h[h], ss), pard = suit_bits(d->h[p], ss);
    const unsigned l3 = suit_bits(d->h[third], ss);
    const int side_trump = trump != DBR_NOTRUMP && ss != trump;
    dbr_hand r = 0;
    if (side_trump &&
        ((!mine && suit_bits(d->h[h], trump)) || (!pard && suit_bits(d->h[p], trump)))) {
        if (!l3 && suit_bits(d->h[third], trump)) return 0;
        /* a ruff wins: no rank counted */
        *rel |= r;
        return 1;
    }
    const unsigned ours = mine | pard;
    if (!ours) return 0;
    /* beaten by the card led or third hand's best card: the bits of ours,
     * the card led's and third hand's are distinct, so that ours is the
     * smaller word exactly where its top card is the lower (one compare,
     * not two msb; the rank led by card_rank, not % 13). Issue 19, session
     * 20, instructions (callgrind, the same nodes) of deal.11 / random 6 /
     * golden 6-7: card_rank -0.19% / -0.22% / -0.12%, the compare a further
     * -0.12% / -0.16% / -0.04% */
    if (ours < (l3 | 1u << card_rank(nd->wcard))) return 0;
    /* third hand ruffs: tested where it matters, after the tests that
     * return first (not computed up front): deal.11 / random 6 / golden
     * 6-7 -0.09% / -0.11% / -0.08% (session 20) */
    if (side_trump && !l3 && suit_bits(d->h[third], trump)) return 0;
    const int top = dbr__msb(ours);
    r |= (dbr_hand)1 << (13 * ss + top);
    int q = 1;
    if (side_trump) {
        /* won by a card of the suit led: the side's sure trump tricks
         * come on top of it, unless a hand of ours void in the suit led
         * must play a trump to this trick */
        const dbr_hand tm = DBR_SUIT_MASK(trump);
        if ((mine || (d->h[h] & ~tm)) && (pard || (d->h[p] & ~tm)))
            q += sure_trump_tricks(d, h & 1, want - q, &r);
    }
    if (trump == DBR_NOTRUMP && q < want) {
        const int hh = mine >> top & 1u ? h : p;
        const dbr_hand all = d->h[0] | d->h[1] | d->h[2] | d->h[3];
        /* the suits no one else holds (no rank counts), then the
         * winners, until the tricks reach `want` */
        for (int s = 0; s < 4; s++) {
            const unsigned own = suit_bits(d->h[hh], s);
            if (s != ss && own && suit_bits(all, s) == own) q += pop13(own);
        }
        /* a second winner in the suit: the next card in play is hh's too */
        unsigned a = suit_bits(all, ss) & ~(1u << top);
        if (q < want && a && (suit_bits(d->h[hh], ss) >> dbr__msb(a) & 1u)) {
            q++;
            r |= (dbr_hand)1 << (13 * ss + dbr__msb(a));
        }
        for (int s = 0; s < 4 && q < want; s++) {
            const unsigned own = suit_bits(d->h[hh], s);
            if (s == ss || !own) continue;
            const unsigned as = suit_bits(all, s);
            if (as != own && (own >> dbr__msb(as) & 1u)) {
                q++;
                r |= (dbr_hand)1 << (13 * s + dbr__msb(as));
            }
        }
    }
    *rel |= r;
    return q;
}

/* The whole suits in which hand `h` holds a card. */
DBR_INLINE dbr_hand suit_hold_mask(dbr_hand h) {
    dbr_hand m = 0;
    for (int s = 0; s < 4; s++)
        if (suit_bits(h, s)) m |= DBR_SUIT_MASK(s);
    return m;
}

/* The side on lead wins a trick with its trumps (bridge-solver's slow
 * trump tricks; the code is ours): partner's second trump and another behind
 * the top trump at the leader's left, or the leader's behind the top trump
 * at its right with three tricks or more to go; partner's third trump and
 * two more behind the top two at the leader's left, or the leader's behind
 * them at its right with four tricks or more to go. The hand behind plays
 * after the top trumps' hand on every trick that hand or its partner leads,
 * and keeps its small trumps under them. Tried where the side needs one
 * trick and neither quick nor sure trump tricks gave it. With the
 * opponents' Qxx behind AK in lead_side_max: tables' nodes (one trump
 * strain after another, no-trump rows left out) 143.30M -> 132.63M (-7.4%)
 * on the six freak deals of dd_golden.json, 726.96M -> 706.88M (-2.8%)
 * on bridge-solver's hard_deals/ (deal.4 left out; deal.1-3 +4.5%) and
 * long_deals/, the first 200 random deals 256.02M -> 251.81M (-1.6%, all
 * strains, every table the same), the first 60 random deals
 * 76.31M -> 74.91M (-1.8%, all strains); instructions (callgrind, first 6
 * random deals) 11.99G -> 11.88G (-0.9%). */
static DD_FLAT int slow_trump_lead(const dbr_dd *d, int lead, int r, dbr_hand *rel) {
    const int t = d->trump, p = lead ^ 2, lho = (lead + 1) & 3, rho = (lead + 3) & 3;
    const unsigned tm = suit_bits(d->h[lead], t), tp = suit_bits(d->h[p], t);
    const unsigned tl = suit_bits(d->h[lho], t), tr = suit_bits(d->h[rho], t);
    unsigned a = tm | tp | tl | tr;
    if (pop13(a) < 3) return 0;
    const unsigned top = 1u << dbr__msb(a);
    a &= ~top;
    const unsigned second = 1u << dbr__msb(a);
    a &= ~second;
    const unsigned third = 1u << dbr__msb(a);
    if (((tp & second) && pop13(tp) >= 2 && (tl & top)) ||
        ((tm & second) && pop13(tm) >= 2 && (tr & top) && r >= 3)) {
        *rel = (dbr_hand)second << (13 * t);
        return 1;
    }
    if (((tp & third) && pop13(tp) >= 3 && (tl & top) && (tl & second)) ||
        ((tm & third) && pop13(tm) >= 3 && (tr & top) && (tr & second) && r >= 4)) {
        *rel = (dbr_hand)third << (13 * t);
        return 1;
    }
    return 0;
}

/* At most how many tricks the side of `lead` can count from its top cards,
 * by suit: none in a suit whose top card in play an opponent holds; where
 * the opponents hold none of the suit, the cards of the side's longer hand
 * there (a round each); elsewhere the side's cards above the lower of the
 * opponents' top cards, w (each round won while the longer opponent
 * holds cards takes one; see run_rounds), or the longer hand's cards where w
 * reaches the longer opponent's length (the opponents run out), with one
 * more in no trumps (partner's top and third cards over the second, see
 * quick_tricks). With a trump suit the opponents hold, and the side too few
 * trumps above theirs to draw them, a side suit's tricks are cut to the
 * length of each opponent holding trumps (see cash_tricks). Every line
 * quick_tricks counts takes its tricks so (the run of top cards, the suits
 * the opponents are out of, Ax opposite Kx, partner's top and third,
 * partner's winners after an entry, the rounds of one suit), but the ruff
 * by partner (one trick, the side needing one); the side's sure trump
 * tricks too, but one ruff more than the leader's trumps (see bounds_cut).
 * *quick receives the bound of quick_tricks where it reaches `need`: the
 * suits whose top card partner holds count only where the leader can reach
 * partner (a card of such a suit, or in no trumps the top card of a suit
 * whose second card partner holds, two cards each: Ax opposite Kx); the
 * sure trump tricks need no entry. Issue 19, session 20: quick_tricks not
 * called where *quick is short of the tricks needed (65% / 63% / 89% of its
 * calls on hard_deals/deal.11, the first 6 random deals, the golden 6-7
 * two-suiters), the same nodes; instructions (callgrind) with
 * lead_side_max's shortcut 3.601G / 5.388G / 8.851G -> 3.423G / 5.118G /
 * 8.556G (-5.0% / -5.0% / -3.3%). Measured and not kept (the same
 * three): w cut to the side's cards above the higher of the opponents' top
 * cards where they are fewer than the shorter opponent's length, +0.16% /
 * -0.16% / +0.28%; the entries found in the loop over suits, at every call,
 * +0.6% / +0.7% / -0.9%; the side's sure trump tricks not counted where the
 * trump suit's count and a ruff are short of `need`, +0.3% each. */
static DD_FLAT int side_top_tricks(const dbr_dd *d, int lead, int need, int *quick) {
    const int lho = (lead + 1) & 3, rho = (lead + 3) & 3, nt = d->trump == DBR_NOTRUMP;
    const dbr_hand side = d->h[lead] | d->h[lead ^ 2], opp = d->h[lho] | d->h[rho];
    int n = 0, np = 0;
    unsigned per = 0; /* the count by suit, 4 bits each */
    /* with a trump suit the opponents hold, and the side too few trumps
     * above theirs to draw them: a side suit's tricks are cut to the
     * length of each opponent holding trumps (see cash_tricks) */
    int cut_l = 0, cut_r = 0;
    if (!nt) {
        const int t = d->trump;
        const unsigned st = suit_bits(side, t), l = suit_bits(d->h[lho], t),
                       r = suit_bits(d->h[rho], t);
        const unsigned ot = l | r;
        if (ot) {
            const int nl = hlen(d, lho, t), nr = hlen(d, rho, t);
            if ((st > ot ? pop13(st >> (dbr__msb(ot) + 1)) : 0) < (nl > nr ? nl : nr)) {
                cut_l = l != 0;
                cut_r = r != 0;
            }
        }
    }
    for (int s = 0; s < 4; s++) {
        /* the sets are disjoint: the greater holds the top card */
        const unsigned sb = suit_bits(side, s), ob = suit_bits(opp, s);
        if (sb <= ob) continue;
        const int la = hlen(d, lead, s), lb = hlen(d, lead ^ 2, s);
        int most = la > lb ? la : lb;
        if (s != d->trump) {
            if (cut_l && hlen(d, lho, s) < most) most = hlen(d, lho, s);
            if (cut_r && hlen(d, rho, s) < most) most = hlen(d, rho, s);
        }
        int k = most;
        if (ob) {
            const unsigned l = suit_bits(d->h[lho], s), r = suit_bits(d->h[rho], s);
            const unsigned low = l && r ? (l < r ? l : r) : ob; /* the lower top's holding */
            const int w = pop13(sb >> (dbr__msb(low) + 1));
            const int nl = hlen(d, lho, s), nr = hlen(d, rho, s);
            if (w < (nl > nr ? nl : nr) && w + nt < most) k = w + nt;
        }
        n += k;
        per |= (unsigned)k << (4 * s);
    }
    *quick = n;
    if (n < need) return n;
    /* partner's suits count where the leader can reach partner */
    for (int s = 0; s < 4; s++) {
        const unsigned ml = suit_bits(d->h[lead], s), mp = suit_bits(d->h[lead ^ 2], s);
        const unsigned ob = suit_bits(opp, s);
        if ((ml | mp) <= ob) continue;
        if (mp <= ml) {
            if (nt && pop13(ml) >= 2 && pop13(mp) >= 2 &&
                (mp >> dbr__msb((ml | mp | ob) & ~(1u << dbr__msb(ml))) & 1u))
                return n;
        } else if (ml) {
            return n;
        } else {
            np += (int)(per >> (4 * s) & 0xFu);
        }
    }
    *quick = n - np;
    return n;
}

/* The bounds at a trick boundary against `target` (North-South's tricks of
 * the r left): 1 or 0 when they decide the search, with the cards they
 * depend on in *rel; -1 when they do not. Measured and not kept (issue 19,
 * session 19): the bounds of the side on lead's success (quick_tricks, its
 * sure trump tricks, slow_trump_lead) before those of its failure (sound
 * bounds cannot both decide, so the verdicts and their cards stay the same:
 * the same nodes), instructions (callgrind) of hard_deals/deal.11 / the
 * first 6 random deals / the golden 6-7 two-suiters +0.56% / +0.45% /
 * +0.56%: the failures' bounds cut more often, or more cheaply. */
static DD_FLAT int bounds_cut(const dbr_dd *d, int lead, int r, int target, dbr_hand *rel) {
    const int ns_lead = (lead & 1) == 0;
    dbr_hand qrel = 0, srel = 0, urel = 0;
    /* the side on lead: at least qt, at most um; the other side at least st */
    const int need = ns_lead ? target : r - target + 1;
    const int um = lead_side_max(d, lead, r, need, &urel);
    if (um < need) {
        *rel = urel;
        return !ns_lead;
    }
    const int st = sure_trump_tricks(d, (lead & 1) ^ 1, ns_lead ? r - target + 1 : target, &srel);
    if (ns_lead ? r - st < target : st >= target) {
        *rel = srel;
        return !ns_lead;
    }
    /* at most quick tricks from quick_tricks but for a ruff (need 1), at
     * most tops + 1 from the side's sure trump tricks (see
     * side_top_tricks). Measured and not kept (session 20):
     * side_top_tricks not counted where a ruff may give the one trick
     * needed (it bounds nothing there), instructions (callgrind) of
     * hard_deals/deal.11 / the first 6 random deals / the golden 6-7
     * two-suiters +0.02% / -0.04% / +0.16% */
    int quick;
    const int tops = side_top_tricks(d, lead, need, &quick);
    const int trumps = d->trump != DBR_NOTRUMP;
    if (quick >= need || (trumps && need == 1)) {
        const int qt = quick_tricks(d, lead, need, &qrel);
        if (qt >= need) {
            *rel = qrel;
            return ns_lead;
        }
    }
    if (tops + trumps < need) return -1;
    /* the side on lead's sure trump tricks (see sure_trump_tricks); when
     * it holds every trump and the leader has no fewer than partner, a
     * side suit partner is void in gives partner a ruff besides (DDS) */
    /* Measured and dropped: with fewer trumps than partner, the leader
     * ruffing a side suit partner leads after an entry (DDS's quick tricks
     * with communication): sound, but tables 47.38M -> 47.36M, 53.68M ->
     * 53.67M on the other deals: not worth its code. */
    dbr_hand lrel = 0;
    int lt = sure_trump_tricks(d, lead & 1, need, &lrel);
    if (lt && lt < need) {
        const int t = d->trump, p = lead ^ 2;
        const int la = hlen(d, lead, t), lb = hlen(d, p, t);
        const dbr_hand side = DBR_FULL_DECK & ~DBR_SUIT_MASK(t);
        if (!suit_bits(d->h[(lead + 1) & 3] | d->h[(lead + 3) & 3], t) && la >= lb && lb &&
            (d->h[lead] & side & ~suit_hold_mask(d->h[p])))
            lt = la + 1;
    }
    if (lt >= need) {
        *rel = lrel;
        return ns_lead;
    }
    if (need == 1 && d->trump != DBR_NOTRUMP) {
        dbr_hand xrel = 0;
        if (slow_trump_lead(d, lead, r, &xrel)) {
            *rel = xrel;
            return ns_lead;
        }
    }
    return -1;
}

/* -------------------------------------------------------- move generation */

/* The lowest card of each run of equivalent cards among `legal`: adjacent in
 * rank among the cards still in play (held, or played to this trick). */
static DD_FLAT dbr_hand representatives(dbr_hand legal, dbr_hand present) {
    /* g: the legal and the absent cards; each of its runs (within a suit)
     * holds one run of legal cards, whose lowest is where the carry of
     * the run's first card through the absent cards stops (the suits'
     * aces out of the absent cards, so that no carry leaves its suit).
     * Session 20, against a parallel prefix fill of the held cards upward
     * through the absent ones (the same cards: checked on 200M random
     * sets and every set of one suit): instructions (callgrind, the same
     * nodes) of bridge-solver's hard_deals/deal.11 / the first 6 random
     * deals / the golden 6-7 two-suiters 3.451G / 5.157G / 8.512G ->
     * 3.385G / 5.053G / 8.369G (-1.9% / -2.0% / -1.7%). */
    const dbr_hand not_low = DBR_FULL_DECK & ~(dbr_hand)0x0000008004002001ull;
    const dbr_hand aces = (dbr_hand)0x0008004002001000ull;
    const dbr_hand absent = ~present & DBR_FULL_DECK;
    const dbr_hand g = legal | absent;
    const dbr_hand starts = g & ~((g << 1) & not_low);
    return ((absent & ~aces) + starts) & legal;
}

/* Number of present cards of the card's suit above it. */
DBR_INLINE int rel_rank(int card, dbr_hand present) {
    int s = card / 13, r = card % 13;
    return pop13(suit_bits(present, s) >> (r + 1));
}

/* Sort the moves by score, best first, the moves of equal score in their
 * order (an insertion sort: a few moves at most nodes). Measured (issue
 * 19, session 19; the same nodes, instructions by callgrind): against
 * the best of the remaining moves brought to the front at each move tried
 * (a selection, most of the order never needed as most searches stop at
 * their first move), bridge-solver's hard_deals/deal.11 -1.7%, the first
 * 6 random deals -1.5%, the golden 6-7 two-suiters -2.0%; gen_follows
 * inserting each move in place as it weighs it, the same; a move already
 * in place left alone (not stored again), a further -0.45%. Measured and
 * not kept before (session 15): each score made unique (score * 16 + 15 -
 * place, the same order) and the best swapped into place instead of the
 * others shifted down: the same nodes, instructions +0.3% (callgrind, the
 * first 6 random deals). */
DBR_INLINE void sort_moves(dd_move *m, int n) {
    for (int i = 1; i < n; i++) {
        if (m[i - 1].score >= m[i].score) continue;
        const dd_move x = m[i];
        int j = i;
        for (; j > 0 && m[j - 1].score < x.score; j--) m[j] = m[j - 1];
        m[j] = x;
    }
}

/* The owner of the i-th highest present card of suit s (i = 0 the top),
 * -1 if there are fewer cards. */
DBR_INLINE int nth_owner(const dbr_dd *d, unsigned a, int i, int s) {
    while (i-- > 0 && a) a &= ~(1u << dbr__msb(a));
    if (!a) return -1;
    const dbr_hand bit = (dbr_hand)1 << (13 * s + dbr__msb(a));
    for (int h = 0; h < 4; h++)
        if (d->h[h] & bit) return h;
    return -1;
}

/* Leads in order of promise (the weights follow the published heuristics of
 * DDS): suits where the opponents have few cards to choose from first; a
 * winner of ours before a card that cannot win, the more so when the
 * opponents hold no second-best card to keep; a card that cannot win in a
 * finesse position (the winner at the leader's left, partner's second
 * best), or that sets up the suit for the side; no leads into a tenace at
 * the right, or into a ruff; a lead for partner to ruff. The lead that last
 * cut off a search with as many cards left, and the table's best lead, get a
 * bonus. Measured and dropped (tables' trick-boundary nodes, bench deals /
 * 100 other deals, from 47.38M / 53.68M): DDS's relative rank of the top
 * of the card's run (DDS's move is its group's top card), 47.38M /
 * 53.88M (single solves +0.1% / -3%); that and 17 - rank of
 * the run's top for a trump contract's non-winning leads, 47.48M /
 * 53.81M. Measured and not kept (issue 19, session 13): in no trumps an
 * opponent's void counted as no cards (not as many as the hand holds):
 * hard_deals/deal.4's no trumps, North leading, the searches for 8 and 9
 * from an empty table 39.1M -> 26.1M nodes, but the first 20 random deals'
 * tables 23,638,285 -> 26,533,278 (+12%) and the six freak deals' no
 * trumps mixed (0-4-4-5 -41%, 0-1-6-6 +86%). */
/* A lead into an opponent's ruff (the opponent void in the suit, holding
 * trumps) on a deal of four voids or more (d->lead_classes): -72, not -12,
 * as bridge-solver leaves such leads to the last. Measured (issue 19,
 * session 14; nodes of the tables, one workspace a set): the six freak
 * deals of dd_golden.json 214,924,683 -> 204,684,990 (-4.8%; two-suiters
 * 7-6 27.5M -> 22.8M, 6-7 20.6M -> 15.8M, four voids 0-1-6-6 63.8M ->
 * 56.7M; 0-4-4-5 +5.4%, 0-3-5-5 +5.0%, the three-suiter +7.2%);
 * hard_deals/deal.4 (four voids, alone) 83.4M -> 84.6M (its trump strains
 * 22.8M -> 22.2M); the deals of fewer voids (long_deals/, the other
 * hard_deals/, the random deals) keep their nodes. Measured and not kept:
 * on every deal (the six freak deals -4.8%, but long_deals/deal.11 alone
 * 103.2M -> 154.4M, deal.04 92.4M -> 150.6M) and every deal where the ruff is
 * a "real" trick: the ruffer holding no more trumps than the longer of
 * the leader's and partner's (golden -0.1%; deal.11 +28%, deal.04 +46%),
 * a shorter trump holding than the other opponent's (+0.7%), either
 * (-0.9%), partner unable to overruff (-4.8%; deal.11 +44%, deal.04
 * +72%), the ruffer longer in trumps than our side (-3.2%; deal.11 +16%,
 * deal.04 +14%); on the four-void deals only: -30 (-3.9%), -100 (-4.2%),
 * partner unable to overruff (-4.8%); with the leader's cut-off card first
 * there too (as bridge-solver), -6.7%, but the two-suiters 22.8M -> 27.4M
 * and 15.8M -> 21.3M (the cut-off card first alone: +2.3%); the killer's
 * bonus withheld from such leads there: +0.6% (206.0M). Not kept either:
 * bridge-solver's whole trump lead order (a partner's ruff, the
 * finesses, the strong suits, the others' top and bottom, free finesses
 * to the right, trumps, then leads into a ruff and the middle cards;
 * killer and cut-off card first) on the four-void deals, from 10 tricks
 * left: golden +1.9% (two-suiters 6-7 -25%, four voids 0-4-4-5 +20%);
 * from 7: +7%; at any number of tricks left: +26%. */
#ifndef DD_RUFF_LAST
#define DD_RUFF_LAST 72
#endif
/* No-trump leads on a deal of eight voids (the 7-6 two-suiters: each suit
 * held by two opponents), past the lead classes (r < DD_CLASS_TRICKS):
 * no cut-off card first (see search_lead), and a lead that wins the trick
 * (the leader's top card over the opponents', or partner's) weighs
 * DD_CASH_FIRST more.
 * Issue 19, session 18 (solver19ai), the diagnosis: DDS's thomas2.txt, no
 * trumps, East leading, the targets 8 then 7 from an empty table (ours
 * 48.8M nodes, bridge-solver 23.2M calls), both solvers made to count.
 * At the follows that cut, both try 1.00 cards, the cut-off card in
 * 98-99.5% (ours) and 99.8% (its) of them (the same keys); and as no suit
 * is held by partners, third hand only discards. The leads that cut part
 * the trees: of them, its leads a sure winner (a cash: the trick and the
 * lead kept) at 13% after 2 tricks, 20% after 3, 30% after 4, 29% after
 * 5 (229 of 1,773; 2,157 of 10,903; 15,331 of 50,754; 33,095 of
 * 114,114), ours at 6.4%, 6.5%, 5.7%, 23% (142 of 2,205; 897 of 13,766;
 * 3,499 of 61,511; 32,439 of 138,469): its classes (each suit's top card
 * first) and its cut-off card, keyed by the leader's hand, after them;
 * ours the cut-off card first, mostly a losing lead that once worked.
 * The suit led is not it (the other holder second hand in 70%, 19%, 80%
 * of ours after 2, 3, 4 tricks, 65%, 25%, 79% of its). The losing lead
 * leaves the opponents on lead, whose positions fail: after 3 tricks
 * ours reaches 52.2K positions where the side on lead fails (its 20.0K),
 * after 5 tricks 1.51M (its 0.36M), against 95.2K / 88.2K and 3.43M /
 * 1.88M where it succeeds; third hand's all-nodes after 3 tricks 104.6K
 * against its 57.1K. Measured (tables' nodes at 32 MiB, tools/dd_nodes.py):
 * thomas2.txt alone 259.0M -> 207.6M (-20%; CPU 31.0, 28.9 s -> 25.0, 22.6
 * s alternated, load 1-2), DDS's hands (--set dds-hands) 559.1M
 * -> 502.3M (-10%); the golden two-suiters 7-6 17.58M -> 16.05M, 6-7 13.07M
 * -> 13.20M (hard 157.45M -> 155.83M). Measured and not kept: no
 * cut-off card first, no bonus: thomas2.txt 211.7M, but 7-6 18.09M, 6-7
 * 13.87M (hard 158.55M); the bonus 200 (every cash first): 213.6M, hard
 * 156.01M; 30: 203.6M, hard 156.54M (6-7 13.68M); the bonus with the
 * cut-off card first: 252.8M; the lead classes down to 8 (5) tricks on
 * such deals: 256.0M (263.2M); the driver's first target one trick up
 * on such deals (the target that fails, as bridge-solver's driver
 * searches from the top: its E at 8 then 7, ours 6, 7, 8), from the
 * second leader on (for every leader): 253.6M (252.4M), but the
 * golden 7-6 19.79M (20.90M). Out of sample (the lead's check, ten
 * eight-void deals dealt at random, seed 18: five with each suit held by
 * two neighbours as in thomas2.txt, five with the partners sharing two
 * suits; no table known, exactness checked by the golden tests): 78.27M
 * -> 74.01M (-5.4%), the five of the first kind 28.17M -> 25.94M, 30.75M
 * -> 29.58M, 3.74M -> 3.95M (+5.7%), 8.41M -> 7.37M, 7.03M -> 7.00M; the
 * other five take 40K nodes or less either way. Measured and not kept
 * (the lead, after the above): the cut-off card still tried first where
 * it is its suit's top card in play (a sure winner): thomas2.txt
 * 207,469,435 (-0.04%), the freak deals 155,641,314 (-0.1%), the ten
 * 73,798,307 (-0.3%): too little for a rule. */
#ifndef DD_CASH_FIRST
#define DD_CASH_FIRST 60
#endif
static DD_FLAT int gen_leads_in(const dbr_dd *d, int lead, int best, int killer, dd_move *m,
                                const int nt) {
    const int trump = d->trump, p = lead ^ 2, lho = (lead + 1) & 3, rho = (lead + 3) & 3;
    const dbr_hand present = ~d->played & DBR_FULL_DECK;
    const dbr_hand all = d->h[0] | d->h[1] | d->h[2] | d->h[3];
    const int tricks = dd_popcount(d->h[lead]);
    dbr_hand reps = representatives(d->h[lead], present);
    const unsigned tp = !nt ? suit_bits(d->h[p], trump) : 0;
    const unsigned tl = !nt ? suit_bits(d->h[lho], trump) : 0;
    const unsigned tr = !nt ? suit_bits(d->h[rho], trump) : 0;
    const unsigned tm = !nt ? suit_bits(d->h[lead], trump) : 0;
    const int ruff_pen = d->lead_classes ? DD_RUFF_LAST : 12;
    /* Issue 19, session 19 (solver19am), the same scores by other means
     * (checked against the former code's card and score on every call of
     * the random 60, the hard and bridge-solver's hard deals): the lead's
     * run by masks (no msb), its places by one count less (the cards above
     * its run are those above it but the run's), the top card of its suit
     * where nothing of the others is above it, the second where one card
     * is above its run, the killer and the best lead by compares of a bit
     * and a place, pwin and partner's overruff as compares of the masks,
     * the owners of the top three cards from one shift of each key word,
     * and per suit, not per lead: whether our top card and another card
     * win, the losing lead's weights of partner's cards, the top card an
     * opponent's singleton. Instructions (callgrind, the same nodes) of
     * bridge-solver's hard_deals/deal.11 / the first 6 random deals / the
     * golden 6-7 two-suiters 3,770.8M -> 3,680.4M (-2.4%) / 5,649.4M ->
     * 5,505.0M (-2.6%) / 9,260.6M -> 9,137.6M (-1.3%); gen_leads itself on
     * the random 6 757.5M -> 631.0M (-17%). Measured and not kept (the
     * random 6 / deal.11, against the code of the step it was tried on):
     * the side suits each other hand ruffs as a per-call mask of d->dist's
     * zero lengths (a bit at 16s + 4): +0.43% / +0.40%; every other
     * per-suit case of the weights (the winning and the losing lead's, by
     * the top card's owner) set per suit, the lead adding rrank or its
     * run's case: +0.15% / +0.12%; the owners relative to the leader (0..3,
     * 4 none, compared with constants): +0.28% / +0.28%; the lead's bit as
     * rs & -rs (rs ^= bit): +0.13% / +0.12%; a void's choices as
     * `nl ? nl : tricks`: +0.13% / +0.13% (kept in session 20, the
     * lengths from the turned word: -0.04% / -0.05%, golden 6-7 -0.04%;
     * the ruffs' voids from the lengths too, !nl for !l: +0.00%); w2's
     * and w3's -1 by `| -(na < 2)`, no select: +0.10% / +0.10%. */
    const int tlh = tl != 0, trh = tr != 0, tph = tp != 0;
    /* the table's best lead: its place among its suit's cards in play, a
     * byte a suit (64 elsewhere); the killer as a card bit */
    const unsigned bsw = (best >> 4) < 4 ? (0x40404040u & ~(0xFFu << (8 * (best >> 4)))) |
                                               (unsigned)(best & 15) << (8 * (best >> 4))
                                         : 0x40404040u;
    const dbr_hand kcard = (unsigned)killer < 52u ? (dbr_hand)1 << killer : 0;
    /* the suits' lengths, a 16-bit lane a suit (as d->dist), each lane
     * turned so that its nibbles run leader, left, partner, right: a
     * suit's four lengths by one shift of the word and constant shifts
     * (hlen's shifts by 16 * s + 4 * h each). Issue 19, session 20,
     * instructions (callgrind, the same nodes; scores and order checked
     * against the former code on every call of the random 60, the hard
     * and bridge-solver's hard deals) of bridge-solver's
     * hard_deals/deal.11 / the first 6 random deals / the golden 6-7
     * two-suiters 3,382.1M -> 3,376.3M / 5,048.7M -> 5,039.5M / 8,362.4M ->
     * 8,357.8M (-0.17% / -0.18% / -0.05%). Measured and not kept: the
     * suit's cards in play (na) and `off` from the lanes' sums of the
     * lengths (their prefix sums by one multiply), too: -0.05% / -0.05% /
     * +0.09%; `off` alone that way: +0.14% / +0.15% / +0.11%; the leader's
     * suit bits packed beside the lengths in the word: deal.11 +0.2%; the
     * loop over the suits with leads only (the next by the lowest lead
     * left): deal.11 +0.01%. */
    const uint64_t dist = d->dist, sh = 4u * (unsigned)lead;
    const uint64_t lo = 0x0001000100010001ull * (0xFFFFu >> sh);
    const uint64_t rd = ((dist >> sh) & lo) | ((dist << (16 - sh)) & ~lo);
    int n = 0;
    for (int s = 0; s < 4; s++) {
        unsigned rs = suit_bits(reps, s);
        if (!rs) continue;
        const unsigned v = (unsigned)(rd >> (16 * s));
        const int nm = (int)(v & 15u), nl = (int)(v >> 4 & 15u), np = (int)(v >> 8 & 15u),
                  nr = (int)(v >> 12 & 15u);
        const unsigned mine = suit_bits(d->h[lead], s), pard = suit_bits(d->h[p], s);
        const unsigned l = suit_bits(d->h[lho], s), r = suit_bits(d->h[rho], s);
        const unsigned a = suit_bits(all, s);
        const int na = pop13(a);
        /* the end of the suit's place in the workspace's keys (see
         * tt_probe_init): the cards in play of the suits up to it, counted
         * only for a suit with leads (not summed from every suit's
         * lengths): instructions (callgrind, the same nodes) of
         * hard_deals/deal.11 / the first 6 random deals / the golden 6-7
         * two-suiters -0.52% / -0.51% / -0.42% (issue 19, session 19);
         * the suits above s shifted out (one shift, not a mask built):
         * -0.11% / -0.12% / -0.07% (session 20) */
        const int off = dd_popcount(all << (51 - 13 * s));
        /* the owners of the suit's top three cards (the leader holds one),
         * the top places of the suit's field (at a trick boundary d->kb0
         * holds each place's East-West bit, d->kb1 its South-West bit),
         * both words' three bits below `off` at once */
        const unsigned t0 = (unsigned)(d->kb0 << (64 - off) >> 61),
                       t1 = (unsigned)(d->kb1 << (64 - off) >> 61);
        const int w1 = (int)((t0 >> 2) | ((t1 >> 1) & 2u)),
                  w2 = na > 1 ? (int)(((t0 >> 1) & 1u) | (t1 & 2u)) : -1,
                  w3 = na > 2 ? (int)((t0 & 1u) | ((t1 << 1) & 2u)) : -1;
        const int side_trump = !nt && s != trump;
        const int lruff = side_trump & !l & tlh, rruff = side_trump & !r & trh;
        const int pruff = side_trump & !pard & tph;
        /* the opponents' choices: a void counts as many cards as the hand
         * holds (it may discard any of them; DDS counts its cards per hand,
         * not one more: one more ranks suits an opponent is void in too
         * low, e.g. a trump lead to draw a singleton top trump) */
        const unsigned cl = nl ? nl : tricks, cr = nr ? nr : tricks;
        int sw = -(int)((cl + cr) * 128u / (nt ? 19u : 13u));
        if (nt) {
            if (!pard) sw -= 9;
        } else {
            /* into an opponent's ruff: last on a deal of four voids or
             * more (see DD_RUFF_LAST) */
            if (lruff || rruff) sw -= ruff_pen;
            if (pruff && r) sw += 17;
            if (side_trump && nm == 1 && tm && np > 1 && w1 == p) sw += 19;
            if (w1 == rho || w2 == rho) {
                if (nr != 1) sw -= 12;
            } else if (w1 == lho && w2 == p && np != 1) {
                sw += 27;
            }
        }
        /* partner's best card beats the opponents' */
        const int pwin = pard > (l | r);
        /* can the side win the trick with the suit's top card (ours), with
         * another card? */
        int win_top = 1, win_other = pwin;
        if (side_trump) {
            /* partner may overruff an opponent's ruff (DDS) */
            win_top = pruff ? (l || tp > tl) && (r || tp > tr) : !lruff && !rruff;
            win_other = pwin    ? !lruff && !rruff
                        : pruff ? (!lruff || tp > (tl | 1u)) && (!rruff || tp > (tr | 1u))
                                : 0;
        }
        /* a losing lead's weights that are the suit's: partner's second
         * and third cards, or ours and partner's */
        int nwk = w2 == p && w3 == p                               ? (nt ? 35 : 20)
                  : np > 1 && (w2 ^ w3) == 2 && !((w2 ^ lead) & 1) ? (nt ? 25 : 13)
                                                                   : 0;
        if (nt) {
            if (w1 == rho || w2 == rho) {
                if (nr != 1) nwk -= 10;
            } else if (w1 == lho && w2 == p && np != 1) {
                nwk += 31;
            }
        }
        /* the top card an opponent's singleton: its owner's place from
         * the leader (odd: an opponent) picks its length from the turned
         * lengths, not two tests of owner and length: deal.11 / random 6 /
         * golden 6-7 -0.17% / -0.17% / -0.03% (session 20) */
        const unsigned w1r = (unsigned)(w1 - lead) & 3u;
        const int single = (w1r & 1u) && (v >> (4 * w1r) & 15u) == 1u;
        const int bs = (int)(bsw >> (8 * s)) & 0xFF;
        /* in no trumps a winning lead's weights but its rank are the
         * suit's (second card's owner, the eight-void deals' bonus):
         * summed once a suit, not a lead: deal.11 / random 6 / golden 6-7
         * -0.06% / -0.08% / -0.07% (session 20) */
        int ntw = 0;
        if (nt) {
            ntw = d->lead_classes == 2 ? DD_CASH_FIRST : 0;
            if (w2 == rho && nr != 1)
                ntw -= 1;
            else if (w2 == lho)
                ntw += nl != 1 ? 22 : 16;
            ntw += (w2 != lho || nl == 1) && (w2 != rho || nr == 1) ? 45 : 18;
        }
        const unsigned kb = suit_bits(kcard, s);
        const unsigned others = a & ~mine;
        while (rs) {
            const int rank = dbr__ctz(rs);
            rs &= rs - 1;
            const int card = 13 * s + rank;
            /* its run: up through the present cards while they are the
             * leader's (the present cards above it, below the first that
             * is not) */
            const unsigned bit = 1u << rank, higher = 0u - (bit + bit);
            const unsigned above = a & higher, stop = others & higher;
            const unsigned run_above = above & ((stop & (0u - stop)) - 1u);
            const int pa = pop13(above), pr = pop13(run_above), seq = run_above != 0;
            /* DDS's relative rank: 1 for the highest card in play, counting down */
            const int rrank = 1 + pa;
            /* the killer and the table's best lead match any card of the run */
            const int is_killer = kb >= bit && kb <= (run_above | bit);
            const int is_best = (unsigned)(pa - bs) <= (unsigned)pr;
            const int is_top = !stop, is_second = pa - pr == 1;
            const int wins = is_top ? win_top : win_other;
            int sc = sw;
            if (wins) {
                if (nt) {
                    sc += ntw + rrank;
                } else if (single) {
                    sc += 35 + rrank;
                } else if (w1 == lead) {
                    sc += w2 == p ? 48 + rrank : is_top ? 31 : -3 + rrank;
                } else if (w1 == p) {
                    sc += w2 == lead ? 42 + rrank : 28 + rrank;
                } else {
                    sc += is_second && seq ? 40 : seq ? 22 + rrank : 11 + rrank;
                }
                if (is_killer)
                    sc += nt ? 126 : 55;
                else if (is_best)
                    sc += nt ? 32 : 18;
            } else {
                sc += nwk;
                if (single)
                    sc += (nt ? 28 : 2) + rrank;
                else if (w1 == lead)
                    sc += (nt ? -17 : (w2 == p ? 33 : is_top ? 38 : -14)) + rrank;
                else if (!nt && w1 == p)
                    sc += 34 + rrank;
                else if (is_second && seq)
                    sc += nt ? 48 : 35;
                else if (!nt)
                    sc += 17 - (rank + 2); /* DDS's ranks run 2..14 */
                else if (!seq)
                    sc += 12 + rrank;
                else
                    sc += 29 - rrank;
                if (is_killer)
                    sc += nt ? 47 : 18;
                else if (is_best)
                    sc += nt ? 19 : 0;
            }
            m[n].card = card;
            m[n].score = sc;
            n++;
        }
    }
    return n;
}

/* gen_leads_in compiled twice, in no trumps and with trumps, the tests of
 * the strain folded away: instructions (callgrind, the same nodes) of
 * hard_deals/deal.11 / the first 6 random deals / the golden 6-7
 * two-suiters -0.37% / -0.43% / -0.45% (issue 19, session 19). */
static DD_HOT int gen_leads(const dbr_dd *d, int lead, int best, int killer, dd_move *m) {
    if (d->trump == DBR_NOTRUMP) return gen_leads_in(d, lead, best, killer, m, 1);
    return gen_leads_in(d, lead, best, killer, m, 0);
}

/* The class of a no-trump lead of suit s for gen_lead_classes (after
 * bridge-solver's; the code is ours): 3, a finesse against the leader's
 * left (partner's K over the left's A; A over K with partner's Q or our Q
 * and J; K over Q with partner's J or our J and 10, the ranks counted among
 * the cards in play, partner and the left holding two cards or more); 2, a
 * strong suit (we hold two of the top three, both opponents hold the
 * suit); 1, any other. */
static DD_FLAT int lead_class(const dbr_dd *d, int lead, int s) {
    const int p = lead ^ 2, lho = (lead + 1) & 3, rho = (lead + 3) & 3;
    const unsigned pard = suit_bits(d->h[p], s), l = suit_bits(d->h[lho], s);
    const unsigned ours = suit_bits(d->h[lead], s) | pard;
    unsigned t[5] = {0, 0, 0, 0, 0};
    unsigned rest = ours | l | suit_bits(d->h[rho], s);
    for (int i = 0; i < 5 && rest; i++) {
        t[i] = 1u << dbr__msb(rest);
        rest &= ~t[i];
    }
    const unsigned qj = t[3] ? t[2] | t[3] : 0x8000u, jt = t[4] ? t[3] | t[4] : 0x8000u;
    if (hlen(d, p, s) >= 2 && hlen(d, lho, s) >= 2 &&
        (((pard & t[1]) && (l & t[0])) ||
         ((pard & t[0]) && (l & t[1]) && ((pard & t[2]) || (ours & qj) == qj)) ||
         ((pard & t[1]) && (l & t[2]) && ((pard & t[3]) || (ours & jt) == jt))))
        return 3;
    if (l && suit_bits(d->h[rho], s) && pop13(ours & (t[0] | t[1] | t[2])) >= 2) return 2;
    return 1;
}

/* No-trump leads on a deal of four voids or more, while DD_CLASS_TRICKS
 * tricks or more are left (the opening leads: they choose the line a proof
 * follows), in bridge-solver's classes (lead_class): the top and the bottom
 * card of each suit, the finesses first, then the strong suits, then the
 * others, spades first and the top before the bottom; then every other
 * card. The lead that last cut off a search with as many cards left goes
 * before any class, the table's best lead before its own class; the
 * cut-off card first but on a deal of eight voids (see search_lead). Measured (issue 19; nodes):
 * hard_deals/deal.4, no trumps, North leading, the searches for 8 and 9
 * from an empty table, every lead so: 28.7M -> 8.8M (both with
 * DD_MAX_CHAIN 1000);
 * the classes first and gen_leads' weights within them 28.0M; top and
 * bottom first without the classes 16.9M; clubs first 9.9M. Its table
 * (no trumps 221M before): every lead so 250.8M -> 77.4M, but the six freak
 * deals of dd_golden.json 208.9M -> 238.5M (their no trumps 64.5M ->
 * 92.1M); at 10 tricks or more 82.1M and 226.9M (81.6M); at 12 or more
 * 105.3M; at 11 or more 77.4M, at 9 or fewer 276.2M (the classes deeper
 * in the tree cost). On the random deals the order costs nodes everywhere
 * (the first 20: +8.3% every lead so, +6.4% at 10 tricks or more: 23.6M
 * -> 25.1M), hence only on deals of four voids or more (as
 * bridge-solver forgets its cut-off cards at each leader there; random
 * deals rarely have four voids: the first 20 keep their nodes). */
#define DD_CLASS_TRICKS 10
/* Leading with trumps, from this many tricks left the leader's cut-off card
 * is tried first, before the leads (the table's best lead among them) are
 * generated and weighed (as in no trumps; bridge-solver tries its cut-off
 * card first at every lead, its table holding no lead). Below it the card
 * is the killer of gen_leads' weights. Issue 19, session 22: on
 * long_deals/deal.11 (a crossruff: North void in hearts, South in spades,
 * West in clubs) our hearts searched 1.7 times bridge-solver's positions
 * from the fifth trick, positions almost disjoint from its (of those with
 * 9 tricks left, 357 searched by both, 88,857 by ours alone, 65,749 by
 * its alone: where the two lines of play part, see "Where the time goes,
 * session 22"), and its verdicts no more general than ours on the
 * positions both searched (17.7 cards against its 19.2). Tables' nodes and
 * CPU at 32 MiB (tools/dd_nodes.c, a workspace a set, one run each, load
 * 0-1), main -> this: long_deals/ 394.81M, 29.32 s -> 333.27M, 23.07 s
 * (-15.6%, -21%; deal.10 57.16M, 4.54 s -> 43.22M, 3.40 s; deal.11 55.51M,
 * 4.62 s -> 23.08M, 1.68 s), the six freak deals of dd_golden.json
 * 155.83M, 9.67 s -> 139.25M, 8.53 s (-10.6%, -12%), bridge-solver's
 * hard_deals/ 208.92M, 14.97 s -> 214.93M, 15.04 s (+2.9%, level), the
 * first 60 random deals 64.52M, 4.16 s -> 62.65M, 3.92 s (-2.9%, -6%),
 * DDS's hands 502.35M, 37.44 s -> 491.01M, 36.24 s (-2.3%, -3%). Measured
 * and not kept (nodes long_deals/ / hard_deals/ / the freak deals): at
 * every lead, 359.54M / 226.04M / 145.59M (random 60 66.04M, DDS's hands
 * 506.42M); from 5 tricks left 352.38M / 225.46M; 7, 344.28M / 219.95M /
 * 139.40M; 9, 339.29M / 214.28M / 139.48M; 10, 352.87M / 209.69M /
 * 144.33M; 11, 369.62M / 209.74M / 147.91M; at every lead where the table
 * has no best lead (where it has one, the card weighed with the others),
 * 408.99M / 218.74M / 150.99M.
 * After DD_CUT_FIRST_R_8V (333.27M / 214.93M / 138.12M), measured and not
 * kept: with fewer tricks left too where the table's best lead is not the
 * position's own (the last deciding entry's at that depth, tt_lead),
 * 355.65M / 221.89M / 142.47M; where the cut-off card failed, the depth's
 * killer (not the card again) weighed by gen_leads, 336.14M / 216.22M /
 * 137.57M; in no trumps only from 4 (7) tricks left, 341.60M / 215.48M /
 * 137.56M (342.74M / 216.22M / 134.66M); only where the cut-off card is
 * a trump (is not), 410.33M / 214.62M / 150.85M (348.49M / 214.87M /
 * 143.50M); and from 8 tricks left only where the table has no best lead
 * of the position's own, 346.08M / 214.00M / 145.01M. */
#ifndef DD_CUT_FIRST_R
#define DD_CUT_FIRST_R 8
#endif
/* On a deal of eight voids (the 7-6 two-suiters; their no-trump leads put
 * the sure winners first instead, see DD_CASH_FIRST), from this many
 * tricks left. Measured (session 22, after DD_CUT_FIRST_R; tables' nodes
 * and CPU at 32 MiB): DDS's thomas2.txt alone 207.56M, 16.61 s ->
 * 185.80M, 13.86 s (-10.5%, -16.5%), DDS's hands 491.01M, 36.36 s ->
 * 470.31M, 33.73 s (-4.2%, -7.2%), the golden two-suiters 7-6 16.05M ->
 * 15.32M, 6-7 13.20M -> 12.79M (no other deal of the sets has eight
 * voids). Measured and not kept (7-6 / 6-7 / thomas2.txt): from 5 tricks
 * left 18.32M / 16.41M / 202.39M; 8, 15.77M / 13.83M / 184.48M; 9,
 * 15.59M / 13.40M / 182.42M; 10, 15.16M / 13.40M / 182.83M (13.27 s);
 * 12, 15.78M / 13.01M / 193.27M. */
#ifndef DD_CUT_FIRST_R_8V
#define DD_CUT_FIRST_R_8V 11
#endif
static DD_HOT int gen_lead_classes(const dbr_dd *d, int lead, int best, int killer, dd_move *m) {
    const dbr_hand present = ~d->played & DBR_FULL_DECK;
    const dbr_hand all = d->h[0] | d->h[1] | d->h[2] | d->h[3];
    const dbr_hand reps = representatives(d->h[lead], present);
    int n = 0;
    for (int s = 0; s < 4; s++) {
        unsigned rs = suit_bits(reps, s);
        if (!rs) continue;
        const unsigned mine = suit_bits(d->h[lead], s), a = suit_bits(all, s);
        const int cls = lead_class(d, lead, s), top = dbr__msb(mine), bottom = dbr__ctz(mine);
        while (rs) {
            const int rank = dbr__ctz(rs);
            rs &= rs - 1;
            /* the top of its run (as gen_leads) */
            const unsigned above = a & ~((2u << rank) - 1u), stop = above & ~mine;
            const unsigned run_above = stop ? above & ((stop & (0u - stop)) - 1u) : above;
            const int run_top = run_above ? dbr__msb(run_above) : rank;
            const int n_above = pop13(a >> (run_top + 1)), n_run = 1 + pop13(run_above);
            int sc = 2 * s;
            if (run_top == top)
                sc += 100 * cls + 1;
            else if (rank == bottom)
                sc += 100 * cls;
            if (killer >= 13 * s + rank && killer <= 13 * s + run_top)
                sc += 150;
            else if (best != (int)DD_NO_MOVE && (best >> 4) == s && (best & 15) >= n_above &&
                     (best & 15) < n_above + n_run)
                sc += 60;
            m[n].card = 13 * s + rank;
            m[n].score = sc;
            n++;
        }
    }
    return n;
}

/* Third hand, void in the suit led, with a trump suit: the weights of
 * DDS's third-hand void follows (ranks 2..14 as in DDS; rrank counts down
 * from 1 for the highest card held). Discard low from a long suit; do not
 * ruff partner's sure winner; do not underruff second hand; ruff low when
 * fourth hand must follow; ruff over fourth hand's trumps when possible. */
static DD_FLAT int void3_trump_weight(const dbr_dd *d, const dd_node *nd, int seat, int c,
                                      dbr_hand present) {
    const int trump = d->trump, led = nd->led, s = card_suit(c), rank = c - 13 * s, R = rank + 2;
    const int len = hlen(d, seat, s);
    const int o4 = (nd->lead + 3) & 3, p = nd->lead, wr = card_rank(nd->wcard);
    const unsigned l4 = suit_bits(d->h[o4], led), t4 = suit_bits(d->h[o4], trump);
    if (led == trump || s != trump) return -R + len * 64 / 40;
    if (nd->wseat == p && (!l4 || wr > (int)dbr__msb(l4)) && (l4 || !t4)) return -R - 50;
    const int add = len * 64 / 50;
    if (card_suit(nd->wcard) == trump && rank < wr) {
        const unsigned held = suit_bits(d->h[0] | d->h[1] | d->h[2] | d->h[3], s);
        return -32 + 1 + pop13(held >> (rank + 1)) + len * 64 / 40;
    }
    if (nd->wseat == p) {
        if (l4)
            return (nth_owner(d, suit_bits(present | nd->tmask, led), 1, led) == p ? 36 : 48) - R +
                   add;
        return ((1u << rank) > t4 ? 48 : -12) - R + add;
    }
    if (l4) return 72 - R + add;
    return ((1u << rank) > t4 ? 48 : 36) - R + add;
}

/* Follows in order of promise (the weights after DDS's). Measured and
 * dropped (trick-boundary nodes of the 100 bench deals' tables, and of
 * 100 other deals, seed 4242): DDS's weights for second hand following
 * suit with a trump suit (WeightAllocTrumpNotvoid1) in place of ours,
 * 51.60M -> 52.84M (ranks of the top of the run) or 52.29M (of the card
 * played); only where partner will not win the trick, 50.05M, and only on
 * side-suit leads 49.88M, but 57.21M -> 58.50M / 58.08M on the other
 * deals (the bench's own tuning); only where partner will win, 53.67M.
 * Kept: DDS's constants for a second hand not sure to win the trick with
 * a trump suit (our own categories), 48.15M -> 47.38M and 54.06M ->
 * 53.68M on the other deals; of these, only the low card's -9 (not -3):
 * 47.02M but 54.95M; -6: 48.05M / 54.06M; not -16 below the card led:
 * 47.75M / 54.47M; only the covers' weights: 48.50M / 55.01M. DDS's
 * weights for second hand void with a trump suit (WeightAllocTrumpVoid1):
 * 48.80M / 54.47M (from 48.51M / 54.10M); second hand's ruff under third
 * hand's best trump (third hand void) after the discards: 53.63M /
 * 59.03M, level with them 52.98M / 57.84M; the lowest ruff over third
 * hand's trumps first: 48.52M / 53.90M. DDS's no-trump discard weights
 * for second and third hand (WeightAllocNTVoid1/2): tables 48.15M /
 * 54.08M (from 48.15M / 54.06M), single solves +0.4%. From 47.38M /
 * 53.68M: DDS's weights where partner will win, with a trump suit
 * (a card over the one led and under partner's first), 49.79M / 55.60M;
 * a safe winner of ours before partner's, 49.51M / 55.59M (50.0M in no
 * trumps too); second hand void discarding when partner, void too, can
 * ruff (DDS), 47.78M / 54.24M; DDS's relative rank of the top of the run
 * for the cards not sure to win, 47.19M / 53.89M; DDS's discard weights
 * for second hand on a trump lead, 47.42M / 53.78M. */
/* The moves of `reps` but those in `skip` (the cut-off card tried first
 * and the cards its failure rules out, see try_first) are weighed; the
 * weights still read all of `reps` (the cheapest card that forces or
 * overtakes), so the order is the same. Not weighing the moves skipped
 * anyway (session 19; the same nodes): instructions -1.3% on
 * bridge-solver's hard_deals/deal.11, -1.1% on the first 6 random deals,
 * -0.7% on the golden 6-7 two-suiters (callgrind). */
static DD_FLAT int gen_follows(const dbr_dd *d, const dd_node *nd, const int tlen, dbr_hand reps,
                               dbr_hand skip, dd_move *m) {
    const int trump = d->trump;
    const int seat = (nd->lead + tlen) & 3, p = seat ^ 2;
    const int partner_winning = nd->wseat == p;
    dbr_hand present = ~d->played & DBR_FULL_DECK;
    dbr_hand hand = d->h[seat];
    dbr_hand follow = hand & DBR_SUIT_MASK(nd->led);
    int n = 0;
    /* Cards the opponents still to play to this trick hold in the suit led:
     * the next hand's, unless it led (partner is the other hand that may be
     * still to play; not a loop over the hands: instructions -0.7%, the
     * same nodes, session 19) */
    unsigned later_led = 0;
    int later_can_ruff = 0;
    if (tlen < 3) {
        const int o = (seat + 1) & 3;
        later_led = suit_bits(d->h[o], nd->led);
        later_can_ruff =
            !later_led && trump != DBR_NOTRUMP && nd->led != trump && suit_bits(d->h[o], trump);
    }
    /* Is partner's card sure to win the trick? */
    int partner_sure = 0;
    if (partner_winning) {
        if (tlen == 3)
            partner_sure = 1;
        else if (card_suit(nd->wcard) == nd->led)
            partner_sure = !later_can_ruff &&
                           (later_led == 0 || (int)dbr__msb(later_led) < card_rank(nd->wcard));
        else                  /* partner ruffed */
            partner_sure = 1; /* approximate: an overruff is rare */
    }
    /* Second hand: partner, last to play, beats the card led and third hand
     * (pl and l3, partner's and third hand's cards of the suit led, are
     * read at second hand only) */
    int partner_will_win = 0;
    const unsigned l3 = later_led; /* second hand: third hand's */
    unsigned pl = 0;
    if (tlen == 1) {
        pl = suit_bits(d->h[p], nd->led);
        if (pl && dbr__msb(pl) > card_rank(nd->wcard)) {
            if (l3)
                partner_will_win = dbr__msb(pl) > dbr__msb(l3);
            else
                partner_will_win = trump == DBR_NOTRUMP || nd->led == trump ||
                                   !suit_bits(d->h[(nd->lead + 2) & 3], trump);
        }
    }
    /* Third hand that cannot beat fourth hand's best card: the cheapest card
     * that forces it out (over fourth hand's second best, or over second
     * hand's winning card) */
    int force = -1;
    if (tlen == 2 && follow && !partner_sure && card_suit(nd->wcard) == nd->led) {
        const unsigned l4 = suit_bits(d->h[(nd->lead + 3) & 3], nd->led);
        const unsigned own = suit_bits(follow, nd->led);
        const int w = card_rank(nd->wcard);
        if (l4 && own && dbr__msb(l4) > dbr__msb(own) && dbr__msb(l4) > w) {
            const unsigned rest4 = l4 & ~(1u << dbr__msb(l4));
            int over = -1;
            if (rest4 && dbr__msb(rest4) > w)
                over = dbr__msb(rest4);
            else if (nd->wseat != p)
                over = w;
            if (over >= 0) {
                const unsigned higher = suit_bits(reps, nd->led) & ~((2u << over) - 1u);
                if (higher) force = 13 * nd->led + dbr__ctz(higher);
            }
        }
    }
    /* No trumps, partner's singleton lead wins and we hold the top cards:
     * overtake (with the cheapest card that does) to run the suit when our
     * top cards left outlast both opponents' holdings (DDS) */
    int overtake = -1;
    if (tlen == 2 && trump == DBR_NOTRUMP && partner_sure && follow &&
        !suit_bits(d->h[p], nd->led)) {
        unsigned u = suit_bits(d->h[0] | d->h[1] | d->h[2] | d->h[3], nd->led);
        const unsigned mine = suit_bits(hand, nd->led);
        int top = 0;
        while (u && (mine >> dbr__msb(u) & 1u)) {
            top++;
            u &= ~(1u << dbr__msb(u));
        }
        if (top) {
            const int o4 = (nd->lead + 3) & 3, o2 = (nd->lead + 1) & 3;
            int opp = hlen(d, o4, nd->led) - 1;
            const int l2 = hlen(d, o2, nd->led);
            if (l2 > opp) opp = l2;
            const unsigned over = suit_bits(reps, nd->led) & ~((2u << card_rank(nd->wcard)) - 1u);
            if (opp <= top - 1 && over) overtake = 13 * nd->led + dbr__ctz(over);
        }
    }
    for (dbr_hand gen = reps & ~skip; gen; gen &= gen - 1) {
        const int c = dbr__ctz(gen);
        const int s = card_suit(c), rank = c - 13 * s;
        int wins = beats(c, nd->wcard, trump);
        int sc;
        if (follow) {
            const int safe =
                wins &&
                (tlen == 3 || (!later_can_ruff && (later_led == 0 || dbr__msb(later_led) < rank)));
            if (partner_sure || partner_will_win) {
                sc = -rank + (c == overtake ? 20 : 0);
            } else if (safe) {
                sc = (tlen == 1 ? 81 : tlen == 2 ? 60 : 30) - rank; /* win cheaply */
            } else if (tlen == 1) {
                const unsigned a = suit_bits(present, s);
                /* DDS's relative rank: 1 for the highest card held, counting down */
                const unsigned held = suit_bits(d->h[0] | d->h[1] | d->h[2] | d->h[3], s);
                const int rrank = 1 + pop13(held >> (rank + 1));
                const int seq =
                    rank < 12 && (a >> (rank + 1)) &&
                    (suit_bits(hand, s) >> dbr__ctz(a >> (rank + 1) << (rank + 1)) & 1u);
                /* with a trump suit, DDS's weights for a card not sure
                 * to win the trick: a low card goes after a cover that
                 * forces third hand's winner out (a smaller subtree, and
                 * when the cover fails the low cards are skipped) */
                const int tc = trump != DBR_NOTRUMP;
                if ((l3 && rank < dbr__ctz(l3)) || (pl && rank < dbr__ctz(pl)))
                    sc = (tc ? -9 : -3) + rrank; /* makes no difference */
                else if (!wins)
                    sc = (tc ? -16 : -11) + rrank;
                else if (seq)
                    sc = tc ? 22 - (rank + 2) : 10 + rrank;
                else
                    sc = (tc ? 10 : 13) - (rank + 2); /* DDS's ranks run 2..14 */
            } else if (tlen == 2 && wins && nd->wseat != p &&
                       !suit_bits(d->h[(nd->lead + 3) & 3], nd->led)) {
                /* second hand wins and fourth hand, void, can ruff: beat
                 * second hand cheaply so that fourth hand must ruff (DDS) */
                sc = 20 - rank;
            } else {
                sc = -rank + (c == force ? 20 : 0);
            }
        } else if (trump != DBR_NOTRUMP && tlen == 2) {
            sc = void3_trump_weight(d, nd, seat, c, present);
        } else if (s == trump) {
            if (partner_sure || partner_will_win)
                sc = -40 - rank;
            else if (wins)
                sc = 50 - rank;
            else
                sc = -50 - rank;
        } else {
            /* discard: low cards of long suits; not from Kx or a singleton winner */
            unsigned all = suit_bits(present, s);
            unsigned mine = suit_bits(hand, s);
            const int len = hlen(d, seat, s);
            sc = -rank + (len * 64) / 27;
            if (len == 1 && (mine & (1u << dbr__msb(all))))
                sc -= 8;
            else if (len == 2 && nth_owner(d, all, 1, s) == seat)
                sc -= 6;
        }
        m[n].card = c;
        m[n].score = sc;
        n++;
    }
    return n;
}

/* ------------------------------------------------------------------ search */

/* The cut-off cards (bridge-solver's cut-off cache; the code is ours): the
 * card that last reached the target for the hand to play, kept by a key
 * that positions far apart share, and tried first when the key comes back.
 * The key: the place in the trick and, leading, the leader's hand;
 * following suit, the cards of the suit led still in play and the card
 * winning the trick; discarding or ruffing, the hand and the trick's winner
 * (its seat in no trumps, its card with trumps). Entries hold a card for
 * each seat. cut_hash: a key's entry, and its check. */
DBR_INLINE dd_cut *cut_hash(const dbr_dd *d, uint64_t key, uint32_t *check) {
    key ^= d->cut_salt; /* the salt times DD_CUT_SALT, kept so (one multiply less) */
    key *= 0xBF58476D1CE4E5B9ull;
    key ^= key >> 29;
    key *= 0x94D049BB133111EBull;
    key ^= key >> 32;
    *check = (uint32_t)(key >> 32) | 1u; /* never 0, the check of an unused entry */
    return &d->cut[key & d->cut_mask];
}

/* The leader's entry at a trick boundary (cut_find's, the trick empty). */
DBR_INLINE dd_cut *cut_find_lead(const dbr_dd *d, int seat, uint32_t *check) {
    return cut_hash(d, d->h[seat] << 2, check);
}

/* A follower's entry (search_follow: nd->tlen > 0; the leader's is
 * cut_find_lead's, no test of the trick's length): instructions (issue 19,
 * session 19, callgrind, the same nodes) of hard_deals/deal.11 / the first
 * 6 random deals / the golden 6-7 two-suiters 3.700G / 5.546G / 8.996G ->
 * 3.691G / 5.532G / 8.974G (-0.2% each).
 * The entry's load is most of what the follow searches wait on (session
 * 21, perf record's timer samples against callgrind's instructions on
 * hard_deals/deal.11: the test of its check and the paths after it 2.3% of
 * the samples, 0.2% of the instructions; simulated, these loads hit the
 * second-level cache). Measured and not kept (session 21, the same
 * nodes): at second and third hand's search, the next hand's entry asked
 * for should the trick's winner stay (cut_find for tlen + 1): deal.11
 * 0.432 s against 0.431 without (medians of 6, alternated; both with
 * search_last's slot prefetch, see play_end), instructions +2.1%. */
static DD_FLAT dd_cut *cut_find(const dbr_dd *d, const dd_node *nd, const int tlen, int seat,
                                uint32_t *check) {
    const dbr_hand hand = d->h[seat];
    uint64_t key = (uint64_t)tlen;
    if (hand & DBR_SUIT_MASK(nd->led)) {
        key |= (~d->played & DBR_SUIT_MASK(nd->led)) << 2 | (uint64_t)nd->wcard << 54;
    } else {
        const int w = d->trump == DBR_NOTRUMP ? nd->wseat : nd->wcard;
        key |= hand << 2 | (uint64_t)w << 54 | (uint64_t)1 << 60;
    }
    return cut_hash(d, key, check);
}

/* The entry's card for `seat` if it is one of `legal`, else -1. Measured
 * and not kept (issue 19, session 19, callgrind, the same nodes): the card
 * read before the check is tested and no test of c >= 0 (no card, -1,
 * tested as bit 63 of `legal`, in no hand): hard_deals/deal.11 3.700G ->
 * 3.707G (+0.2%). Session 21 (solver21b): the three tests without a
 * branch (the card read always, its validity as a mask OR-ed in), one
 * branch left (search_follow's on the card): CPU of deal.11 0.437 ->
 * 0.443 s, the golden 6-7 two-suiters 0.757 -> 0.769 s (medians, builds
 * alternated): the branch on the check lets the search run on ahead of
 * the entry's load where it guesses right. */
DBR_INLINE int cut_card(const dd_cut *e, uint32_t check, int seat, dbr_hand legal) {
    const int c = e->check == check ? e->card[seat] : -1;
    return c >= 0 && (legal >> c & 1) ? c : -1;
}

DBR_INLINE void cut_save(dd_cut *e, uint32_t check, int seat, int card) {
    if (e->check != check) {
        e->check = check;
        memset(e->card, -1, sizeof e->card);
    }
    e->card[seat] = (int8_t)card;
}

/* The move of card c's run: the lowest card of the run, the highest of the
 * representatives `reps` of c's suit not above c. c being one of the cards
 * `reps` represent, that is the highest representative not above c (the
 * run's own lies in c's suit, between any lower suit's and c): no suit
 * mask needed (instructions -0.4%, the same nodes; session 19, callgrind,
 * deal.11 / random 6 / golden 6-7). */
DBR_INLINE int cut_move(dbr_hand reps, int c) { return dbr__msb(reps & (((dbr_hand)2 << c) - 1)); }

/* The move of card c's run first (the moves are the lowest cards of their
 * runs: the highest move of c's suit not above c). */
DBR_INLINE void cut_first(dd_move *m, int n, int c) {
    int k = -1;
    for (int i = 0; i < n; i++)
        if (m[i].card / 13 == c / 13 && m[i].card <= c && (k < 0 || m[i].card > m[k].card)) k = i;
    if (k >= 0) m[k].score = 1 << 20;
}

static DD_HOT int search_lead(dbr_dd *d, const dd_node *nd, int target, dbr_hand *rel);
static DD_HOT int search_second(dbr_dd *d, const dd_node *nd, int target, dbr_hand *rel);
static DD_HOT int search_third(dbr_dd *d, const dd_node *nd, int target, dbr_hand *rel);
static DD_HOT int search_last(dbr_dd *d, const dd_node *nd, int target, dbr_hand *rel);

/* The search of a node whose trick holds tlen cards (a constant where the
 * caller knows it: the choice compiles away). */
DBR_INLINE int search_in(dbr_dd *d, const dd_node *nd, const int tlen, int target, dbr_hand *rel) {
    switch (tlen) {
    case 1: return search_second(d, nd, target, rel);
    case 2: return search_third(d, nd, target, rel);
    case 3: return search_last(d, nd, target, rel);
    default: return search_lead(d, nd, target, rel);
    }
}

/* The lowest relevant card of each suit: the rest of rel adds nothing.
 * x & (~x + 1) in each suit's field, for the even and the odd suits at once
 * (a field of no relevant card carries out into the empty field above). */
DBR_INLINE dbr_hand rel_lowest(dbr_hand rel) {
    const dbr_hand ev = DBR_SUIT_MASK(0) | DBR_SUIT_MASK(2),
                   od = DBR_SUIT_MASK(1) | DBR_SUIT_MASK(3);
    const dbr_hand b_ev = (dbr_hand)1 | (dbr_hand)1 << 26, b_od = b_ev << 13;
    const dbr_hand e = rel & ev, o = rel & od;
    return (e & ((~e & ev) + b_ev)) | (o & ((~o & od) + b_od));
}

/* At a trick boundary: a class of positions whose cards below the lowest
 * relevant card of a suit are all one hand's is the class of the cards down
 * to the lowest card above them held by another hand (the suit lengths place
 * the rest: every position that matches down to there gives that hand all
 * the cards below), or of no card of the suit when that hand holds the
 * whole suit. The verdict is the same; the smaller set handed up makes the
 * entries above more general (bridge-solver's pattern, extended up through
 * the suit's bottom run). Applied where a search stores (a table hit's
 * entry is already so). With the bounds' cut-offs too (kept at first):
 * tables' nodes 35,872,332 -> 35,514,432 (-1.0%) on the first 20 random
 * deals, 344,748,946 -> 330,774,649 (-4.1%) on the six freak deals of
 * dd_golden.json; instructions (callgrind) +0.2% on the first 6 random
 * deals, -3.1% on the 6-7 two-suiters. About 100 instructions a call;
 * measured after the walk of DD_HIT_EXTRA, the bounds' cut-offs left
 * out: nodes +0.4% (20 random deals: 34,671,726 -> 34,799,353), +1.0%
 * (the six freak deals: 315,074,949 -> 318,229,461; four voids 0-1-6-6
 * +3.3%, 0-3-5-5 0.0%), instructions -0.3% (6 random deals) and -0.8%
 * (four voids 0-3-5-5): about even, kept as the one call. */
static DD_FLAT dbr_hand rel_compress(const dbr_dd *d, dbr_hand rel) {
    if (!rel) return 0;
    /* the lowest relevant card of each suit, and the cards at or below it,
     * for the even and the odd suits at once (a field's carry lands in the
     * empty field above it): x & (~x + 1) in each field, a field of no
     * relevant card carrying out; then (r << 1) - base in each field */
    const dbr_hand ev = DBR_SUIT_MASK(0) | DBR_SUIT_MASK(2),
                   od = DBR_SUIT_MASK(1) | DBR_SUIT_MASK(3);
    const dbr_hand b_ev = (dbr_hand)1 | (dbr_hand)1 << 26, b_od = b_ev << 13;
    const dbr_hand e = rel & ev, odd = rel & od;
    const dbr_hand te = (~e & ev) + b_ev, to = (~odd & od) + b_od;
    const dbr_hand empty = ((te & b_od) | (to & b_ev << 26)) >> 13;
    rel = (e & te) | (odd & to);
    const dbr_hand low = (rel << 1) - ((b_ev | b_od) & ~empty);
    const dbr_hand all = d->h[0] | d->h[1] | d->h[2] | d->h[3];
    /* suit by suit (not bit by bit, the suit found by ctz / 13):
     * instructions (callgrind, the same nodes) of hard_deals/deal.11 / the
     * first 6 random deals / the golden 6-7 two-suiters -0.38% / -0.42% /
     * -0.31% (issue 19, session 19) */
    const dbr_hand lows = rel;
    for (int s = 0; s < 4; s++) {
        const dbr_hand sm = DBR_SUIT_MASK(s), bit = lows & sm;
        if (!bit) continue;
        const int o = (d->h[1] & bit ? 1 : 0) | (d->h[2] & bit ? 2 : 0) | (d->h[3] & bit ? 3 : 0);
        const dbr_hand not_o = all & ~d->h[o] & sm;
        if (not_o & low) continue;
        rel = (rel & ~sm) | (not_o & (0 - not_o));
    }
    return rel;
}

/* The search tried one card of each run of equivalent cards, and every card
 * failed (a card that succeeds needs none of this, see search_follow). If the lowest
 * relevant card of a suit (rel holds no other: see rel_lowest) falls inside
 * a run of the hand to play (some of the run above it, some below), the
 * run's lower cards become relevant too, so that in every position of the
 * class the cards skipped are equivalent to the one tried. Measured: the
 * loop over the relevant cards the hand holds (one suit's at most, when it
 * follows suit), not over the four suits, with rel_lowest by fields: the
 * same nodes, instructions -2.0% (callgrind, random deals 1-3 and 7-13). */
static DD_HOT dbr_hand extend_runs(dbr_hand rel, dbr_hand legal, dbr_hand present) {
    dbr_hand add = 0;
    /* a threshold card not ours: a run of ours cannot straddle it */
    for (dbr_hand ours = rel & legal; ours; ours &= ours - 1) {
        const dbr_hand t = ours & (0 - ours);
        /* our present cards below t down to the first present card not ours */
        const dbr_hand below = present & (t - 1) & DBR_SUIT_MASK(dbr__ctz(t) / 13);
        const dbr_hand theirs = below & ~legal;
        const dbr_hand run = theirs ? below & ~(((dbr_hand)2 << dbr__msb(theirs)) - 1) : below;
        add |= run & (0 - run);
    }
    return rel | add;
}

/* The node after `seat` plays `c` at nd, in *ch. Returns the winning card
 * when c completes the trick (ch is then the next trick, led by the
 * winner), -1 otherwise. */
DBR_INLINE int child_node_in(const dd_node *nd, const int tlen, int seat, int c, int trump,
                             dd_node *ch) {
    const dbr_hand bit = (dbr_hand)1 << c;
    if (tlen == 0) {
        ch->lead = seat;
        ch->tlen = 1;
        ch->led = card_suit(c);
        ch->wseat = seat;
        ch->wcard = c;
        ch->tmask = bit;
        return -1;
    }
    int wseat = nd->wseat, wcard = nd->wcard;
    if (beats(c, wcard, trump)) {
        wseat = seat;
        wcard = c;
    }
    if (tlen == 3) {
        ch->lead = wseat;
        ch->tlen = 0;
        ch->led = DBR_NO_SUIT;
        ch->wseat = wseat;
        ch->wcard = -1;
        ch->tmask = 0;
        return wcard;
    }
    ch->lead = nd->lead;
    ch->tlen = tlen + 1;
    ch->led = nd->led;
    ch->wseat = wseat;
    ch->wcard = wcard;
    ch->tmask = nd->tmask | bit;
    return -1;
}
DBR_INLINE int child_node(const dd_node *nd, int seat, int c, int trump, dd_node *ch) {
    return child_node_in(nd, nd->tlen, seat, c, trump, ch);
}

/* Play `c` from the hand to play at nd and search the child; returns the
 * child's verdict and adds the relevant cards to *rel. Measured and not
 * kept (issue 19): forced inline (DD_FLAT) into both searches,
 * instructions -0.5% (callgrind, random deals 1-3 and 7-13) but CPU
 * 0.999 (60 random deals alternated with the build without); again in
 * session 19 (after the follow path's savings): instructions -2.7% on
 * bridge-solver's hard_deals/deal.11 and the first 6 random deals, -2.4%
 * on the golden 6-7 two-suiters, but CPU of the first 60 random deals
 * 5.82, 5.87, 6.04 s against 5.73, 5.73, 5.79 s (alternated, load 3),
 * deal.11 level (0.574-0.599 s against 0.573-0.621 s): the larger code
 * costs more than the calls it saves. The end of a trick out of line in
 * a function of its own (a smaller frame for the other plays): +0.8% to
 * +1.0% instructions.
 * Kept (issue 19, session 20): one function for each place in the trick,
 * the caller's (its place known where it is built, see search_follow):
 * play_lead, play_second and play_third (play_mid: the child is searched
 * by the follower's own search) and play_end (the end of the trick), no
 * test of the trick's length at run time, see search_follow for the
 * figures. */
static DD_FLAT int play_mid(dbr_dd *d, const dd_node *nd, const int tlen, int c, int target,
                            dbr_hand *rel) {
    const int seat = (nd->lead + tlen) & 3;
    const dbr_hand bit = (dbr_hand)1 << c;
    const uint64_t len1 = (uint64_t)1 << (16 * card_suit(c) + 4 * seat);
    dd_node ch;
    /* the child before the hand loses the card (one register fewer to
     * save: instructions -0.08%, session 20) */
    child_node_in(nd, tlen, seat, c, d->trump, &ch);
    d->h[seat] &= ~bit;
    d->dist -= len1;
    const int res = search_in(d, &ch, tlen + 1, target, rel);
    d->h[seat] |= bit;
    d->dist += len1;
    return res;
}

/* The last card of a trick (nd->tlen == 3).
 * Measured and not kept (issue 19, session 20, solver20d; pure
 * prefetches, the same nodes; CPU s of tools/dd_nodes.c, builds
 * alternated run after run, load 1.2-3.5): the slot search_lead probes
 * next asked for earlier. perf on long_deals/deal.10 at 32 MiB puts 9% of
 * search_lead's samples on the slot's line, ~5% on the first header, the
 * rest on the entries and the walk's skip prefetch. Deal.10 + deal.11
 * (118,593,852 nodes), main 11.31, 11.62, 11.87, 11.30, 11.83, 11.58,
 * 11.35, 11.58, 11.60, 11.55, 11.09, 11.51, 11.50, 11.58, 11.52 s:
 * - here, the child's slot once its leader is known: 11.29, 11.57, 11.76;
 * - in play_third, the slots of every last card (the suit led's two
 *   winners, or each suit a void hand holds): 11.22, 11.53, 11.54, 11.05,
 *   11.62, 11.35 (the slot's samples 9% -> 4% of search_lead's, but
 *   play_third's 1.7% -> 6.0% of all); with the one here too 11.25, 11.62,
 *   11.56, and the slot read here and its first block asked for 11.51,
 *   11.61, 11.62;
 * - in play_third, where the last hand follows suit, the slots of its two
 *   winners only: 11.10, 11.52, 11.35, 11.22, 11.50, 11.56, 11.23, 11.10,
 *   11.77 (-1.3%, within the spread); only where that hand holds 6 cards
 *   or more 11.43, 11.53, 11.35; with the skip block asked for into L2
 *   (locality 1) 11.21, 11.32, 11.76; with second hand's child asking for
 *   the three slots where both hands after follow suit 11.37, 11.40,
 *   11.57; the two slots read in play_third instead and their first
 *   entry and header asked for 11.51, 11.75, 11.59. The two winners' slots:
 *   DDS's thomas2.txt 17.97, 17.37, 17.29 s -> 17.42, 17.54, 17.41 s, the
 *   first 60 random deals 4.67, 4.75, 4.73 s -> 4.65, 4.70, 4.65 s, but
 *   instructions of the first 6 +2.2% (callgrind, 4.677G -> 4.780G;
 *   play_third 158M -> 260M). Not a clear win: the lead a prefetch gets
 *   from the trick's last two cards is short, and the walk's misses
 *   (most of search_lead's wait) are not the slot's.
 * Kept (issue 19, session 21, solver21b): the slot asked for here, once
 * the trick's winner is known, on the deals that do not evict. No PMU
 * on this machine (perf stat counts no cycles): perf record's timer
 * samples per instruction of tools/dd_nodes.c's program against
 * callgrind's instructions per instruction (the same binary) on
 * bridge-solver's hard_deals/deal.11 put 4.3% of the samples on the
 * slot's first load in find_slot_from (0.25% of the instructions) and
 * 1.1% more on the test of its stamp; with this prefetch 1.9% and 0.6%.
 * Simulated (cachegrind, 48 KiB L1, 2 MiB L2) ours against
 * bridge-solver there: first-level misses 10.46M / 10.26M, second-level
 * 0.75M / 1.51M (reads): not memory; the rest of our extra cycles is in
 * the walk's scan (block_scan's cases: 11% of the samples, 5% of the
 * instructions). CPU s (builds alternated run after run, load 1-2), main
 * -> this: deal.11 0.438 -> 0.434, 0.436 -> 0.432, 0.442 -> 0.436 (medians
 * of 6-10 runs); the golden 6-7 two-suiters 0.753 -> 0.747, 0.758 ->
 * 0.752; the first 60 random deals 4.425 -> 4.381; instructions +1.0%
 * (deal.11 3.107G -> 3.138G). Measured and not kept (the same nodes):
 * in search_last where the hand follows suit, the slots of the trick's
 * winner so far and, where the hand can beat it, of the hand itself
 * (before its cut-off entry is read): deal.11 0.431, golden 0.749,
 * random 60 4.374 s, instructions +1.8% (no better); with the prefetch
 * here too, random 60 4.382 s; here, the slot read and its first block
 * asked for (prefetch_block): deal.11 0.439 against main's 0.439 (the
 * slot's wait moved here); here, the next leader's cut-off entry too
 * (cut_find_lead): 0.435 against this alone's 0.433. The workspace in
 * huge pages (the driver's memory 2 MiB-aligned, madvise MADV_HUGEPAGE,
 * touched before the clock starts; THP is madvise-only here) against 4 KiB
 * pages also touched: deal.11 0.436 -> 0.431 (-1%): the TLB is not where
 * the cycles go. */
static DD_HOT int play_end(dbr_dd *d, const dd_node *nd, int c, int target, dbr_hand *rel) {
    const int seat = (nd->lead + 3) & 3;
    const dbr_hand bit = (dbr_hand)1 << c;
    const uint64_t len1 = (uint64_t)1 << (16 * card_suit(c) + 4 * seat);
    dd_node ch;
    d->h[seat] &= ~bit;
    d->dist -= len1;
    const int wcard = child_node_in(nd, 3, seat, c, d->trump, &ch);
    /* the next trick's slot, its leader known (see above: session 21) */
    DD_PREFETCH(&d->slots[slot_home(d, d->dist, slot_ctl(ch.lead, d->trump))]);
    const dbr_hand cards = nd->tmask | bit;
    const uint64_t kb0 = d->kb0, kb1 = d->kb1;
    keys_remove(d, ~d->played & DBR_FULL_DECK, cards);
    d->played |= cards;
    /* once no hand holds a trump the play is no trumps' (see load).
     * Measured and not kept (session 19): the trump suit's lengths
     * read from d->dist instead of the four hands: instructions +0.15%
     * (GCC's code around it); session 20, the hands read only where the
     * trick holds a trump: -0.03% on deal.11, not worth a test */
    const int trump = d->trump;
    if (trump != DBR_NOTRUMP && !((d->h[0] | d->h[1] | d->h[2] | d->h[3]) & DBR_SUIT_MASK(trump)))
        d->trump = DBR_NOTRUMP;
    const int res = search_lead(d, &ch, target - ((ch.lead & 1) == 0), rel);
    d->trump = trump;
    d->played &= ~cards;
    d->kb0 = kb0;
    d->kb1 = kb1;
    /* the winner's rank counted if it beat a card of its own suit */
    if (cards & DBR_SUIT_MASK(card_suit(wcard)) & ~((dbr_hand)1 << wcard))
        *rel |= (dbr_hand)1 << wcard;
    d->h[seat] |= bit;
    d->dist += len1;
    return res;
}

static DD_HOT int play_lead(dbr_dd *d, const dd_node *nd, int c, int target, dbr_hand *rel) {
    return play_mid(d, nd, 0, c, target, rel);
}
static DD_HOT int play_second(dbr_dd *d, const dd_node *nd, int c, int target, dbr_hand *rel) {
    return play_mid(d, nd, 1, c, target, rel);
}
static DD_HOT int play_third(dbr_dd *d, const dd_node *nd, int c, int target, dbr_hand *rel) {
    return play_mid(d, nd, 2, c, target, rel);
}

DBR_INLINE int play_and_search(dbr_dd *d, const dd_node *nd, const int tlen, int c, int target,
                               dbr_hand *rel) {
    return tlen == 0   ? play_lead(d, nd, c, target, rel)
           : tlen == 1 ? play_second(d, nd, c, target, rel)
           : tlen == 2 ? play_third(d, nd, c, target, rel)
                       : play_end(d, nd, c, target, rel);
}

/* A card `c` failed, its verdict depending on the cards `crel`. If c lies
 * below the lowest relevant card of its suit (or the suit has none), every
 * other card of the suit below that card leads to a position of the same
 * class (the same owners of the relevant cards, the same suit lengths),
 * hence to the same verdict: returns those cards of the suit, below the
 * lowest relevant one, to be skipped (DDS skips so after the first card of
 * each suit; any failed card will do); none when c is not below it. */
DBR_INLINE dbr_hand small_cards_done(int c, dbr_hand crel) {
    const int base = 13 * card_suit(c);
    const unsigned rs = suit_bits(crel, card_suit(c));
    const unsigned below = rs ? (rs & (0u - rs)) - 1u : 0x1FFFu;
    return below >> (c - base) & 1u ? (dbr_hand)below << base : 0;
}

/* The last trick: every hand holds one card. Returns 1 if North-South win
 * it, and the winner in *rel if it beat a card of its suit. */
static DD_FLAT int last_trick_ns(const dbr_dd *d, int lead, dbr_hand *rel) {
    int wcard = dbr__ctz(d->h[lead]), wseat = lead;
    dbr_hand cards = d->h[0] | d->h[1] | d->h[2] | d->h[3];
    for (int i = 1; i < 4; i++) {
        int seat = (lead + i) & 3, c = dbr__ctz(d->h[seat]);
        if (beats(c, wcard, d->trump)) {
            wcard = c;
            wseat = seat;
        }
    }
    if (cards & DBR_SUIT_MASK(wcard / 13) & ~((dbr_hand)1 << wcard)) *rel = (dbr_hand)1 << wcard;
    return (wseat & 1) == 0;
}

/* Can North-South take at least `target` of the tricks still to complete
 * (the current one included)? *rel receives the cards whose ranks the
 * verdict depends on (per suit, everything from the top down to the lowest
 * of them). */
/* The moves in order of merit until one reaches the target for the side to
 * move: its card, with the cards its verdict depended on in *rel; or -1 when
 * none does, with the union of the failed cards' in *rel. The moves in
 * `skip` are not tried; after a card fails, the cards of its suit below
 * the lowest one its verdict used are skipped too (they lead to positions
 * of the same class: small_cards_done). `first` is a move tried before
 * (see try_first; -1 for none), its cards in *rel on entry.
 * Where every move fails, a card tried before another card's failure
 * ruled it out (it lies in that card's small_cards_done) leaves its own
 * cards out of the union: in every position of the class the union
 * describes, the later card's verdict covers it (the same owners down to
 * that card's lowest relevant card, the same suit lengths, so the earlier
 * card leads to a position of the later card's class). So the verdict is
 * the one the search would have found trying the higher card first,
 * without the order (measured and lost, session 15b) that finds it: e.g.
 * West leading from DQ8, the D8 refuted by North's DT, then the DQ by
 * South's DK: the D8 lies below the DK, and DT is not handed up.
 * Measured (issue 19, session 16; tables' nodes at 32 MiB, dd_nodes, every
 * table the same): the first 200 random deals 243,980,691 -> 217,598,622
 * (-10.8%; the first 60 72,359,326 -> 64,175,952); the six freak deals of
 * dd_golden.json 192,813,198 -> 151,922,417 (-21.2%); bridge-solver's
 * hard_deals/ 266,818,235 -> 205,644,443 (-22.9%; deal.4 -37%) and
 * long_deals/ 577,847,083 -> 414,573,678 (-28.3%; deal.10 94.6M -> 59.3M,
 * deal.11 92.1M -> 63.6M), CPU 96.0 s -> 64.7 s (load 3-11); the first 6
 * random deals' instructions 10.079G -> 8.151G (-19.1%, callgrind; about
 * 944 a node either way). On the first 20 random deals the union loses
 * cards at 10.5% of the leads where every lead fails (79K of 755K), 2.4%
 * of third hand's such nodes, 1.1% of second hand's, 0.05% of fourth's.
 * Measured and not kept (session 21, the same nodes): the union's test of
 * `later` without a branch (a mask): CPU of deal.11 0.436 -> 0.440 s, the
 * golden 6-7 two-suiters 0.755 -> 0.753 s (medians, alternated). */
DBR_INLINE int try_moves_in(dbr_dd *d, const dd_node *nd, const int tlen, dd_move *moves, int n,
                            int target, int first, dbr_hand skip, dbr_hand *rel) {
    const int ns_to_move = (((nd->lead + tlen) & 3) & 1) == 0;
    int fc[14];
    dbr_hand frel[14], fcov[14];
    int nf = 0;
    if (first >= 0) {
        fc[0] = first;
        frel[0] = *rel;
        fcov[0] = 0; /* the union reads no card's cover after the first card's */
        nf = 1;
    }
    sort_moves(moves, n);
    for (int i = 0; i < n; i++) {
        const int c = moves[i].card;
        if (skip >> c & 1u) continue;
        dbr_hand crel = 0;
        if (play_and_search(d, nd, tlen, c, target, &crel) == ns_to_move) {
            *rel = crel;
            return c;
        }
        const dbr_hand cov = small_cards_done(c, crel);
        fc[nf] = c;
        frel[nf] = crel;
        fcov[nf] = cov;
        nf++;
        skip |= cov;
    }
    dbr_hand acc = 0, later = 0;
    for (int i = nf - 1; i >= 0; i--) {
        if (!(later >> fc[i] & 1u)) acc |= frel[i];
        later |= fcov[i];
    }
    *rel = acc;
    return -1;
}

/* One move tried before the others are generated and weighed (the cut-off
 * card: most searches stop at it). Returns c if it reaches the target for
 * the side to move, its verdict's cards in *rel; else -1, with its cards
 * in *rel and the moves it rules out (c and the small cards
 * small_cards_done finds) in *skip, for try_moves. Measured (the first 20
 * random deals, 23,283,403 nodes either way): instructions on the first 6
 * -10.8% (callgrind, 11.93G -> 10.64G), following and leading in no
 * trumps; gen_follows' weights had been found at every node with two
 * moves or more. With search_follow's prefetch, the first 20 random
 * deals: 24.73G -> 22.27G instructions (1,062 -> 957 a node); the six
 * freak deals of dd_golden.json and bridge-solver's hard_deals/ keep
 * their nodes (204,934,235 and 280,305,998), CPU -11% and -14% (load
 * 7-10). tools/bench_dd.py --set random (200 deals), ours / bridge-solver
 * total, p50, p90: 0.97, 0.91, 1.03 before (load 4-7); 0.89, 0.87, 0.93
 * and 0.86, 0.82, 0.91 after (load 4 and 7-10); ours / DDS p50 0.84 ->
 * 0.79 and 0.78. */
DBR_INLINE int try_first_in(dbr_dd *d, const dd_node *nd, const int tlen, int c, int target,
                            dbr_hand *rel, dbr_hand *skip) {
    const int ns_to_move = (((nd->lead + tlen) & 3) & 1) == 0;
    if (play_and_search(d, nd, tlen, c, target, rel) == ns_to_move) return c;
    *skip = small_cards_done(c, *rel) | (dbr_hand)1 << c;
    return -1;
}

/* try_moves_in and try_first_in at a trick boundary (search_lead). */
DBR_INLINE int try_moves(dbr_dd *d, const dd_node *nd, dd_move *moves, int n, int target, int first,
                         dbr_hand skip, dbr_hand *rel) {
    return try_moves_in(d, nd, 0, moves, n, target, first, skip, rel);
}
DBR_INLINE int try_first(dbr_dd *d, const dd_node *nd, int c, int target, dbr_hand *rel,
                         dbr_hand *skip) {
    return try_first_in(d, nd, 0, c, target, rel, skip);
}

/* A table entry decided the search at a trick boundary with `cards_left`:
 * its best lead (suit * 16 + cards of the suit above it) becomes the card
 * tried as the table's best lead where a position has none of its own
 * (DDS's bestMoveTT). */
DBR_INLINE void note_tt_lead(dbr_dd *d, int cards_left, unsigned best, dbr_hand present) {
    if (best == DD_NO_MOVE) return;
    const int s = (int)(best >> 4);
    unsigned a = suit_bits(present, s);
    for (unsigned i = 0; i < (best & 15u) && a; i++) a &= ~(1u << dbr__msb(a));
    if (a) d->tt_lead[cards_left] = (int8_t)(13 * s + dbr__msb(a));
}

/* A table entry (its mask and best lead) decided the search at a trick
 * boundary: its relevant cards in this position (mask_rel), and its best
 * lead noted (note_tt_lead). With PDEP both in one call: the relevant
 * cards are those at the lowest place of each suit's run of places in the
 * mask, the best lead the card at its place below the top of its suit.
 * Issue 19, session 19 (solver19an), instructions (callgrind,
 * tools/dd_nodes.py at 32 MiB, the same nodes) of hard_deals/deal.11 / the
 * first 6 random deals / the golden 6-7 two-suiters, 3.771G / 5.649G /
 * 9.261G before: the probe's slot_home once (for the prefetch and the
 * slot), its suits' cards and offsets (tt_probe_suits) only after a walk
 * without a hit (a hit's suit starts by popcount from the cards in play)
 * 3.729G / 5.588G / 9.101G; with the best lead by the same PDEP call (the
 * loop before cost ~32 instructions a best lead) 3.727G on deal.11; with
 * find_slot_from handing the list's head back (slot_live tested once) and
 * the cut-off cards' salt kept multiplied (cut_hash) 3.708G / 5.558G /
 * 9.019G; the probe filled (tt_probe_init) only after a walk without a
 * hit, and search_lead's cut-off entry by the leader's hand alone
 * (cut_find_lead) 3.700G / 5.546G / 8.996G (-1.9% / -1.8% / -2.9% in all). */
static DD_FLAT dbr_hand tt_hit_rel(dbr_dd *d, dd_probe *p, uint64_t mask, unsigned best,
                                   int cards_left, dbr_hand present) {
#if DD_PEXT
    if (d->pext) {
        /* a place whose place below is out of the mask or in another suit
         * (the runs of two suits may meet): each suit starts after the
         * cards in play of the suits below it */
        const uint64_t starts =
            1u | (uint64_t)1 << dd_popcount(present & DBR_SUIT_MASK(0)) |
            (uint64_t)1 << dd_popcount(present & (DBR_SUIT_MASK(0) | DBR_SUIT_MASK(1))) |
            (uint64_t)1 << dd_popcount(present & ~DBR_SUIT_MASK(3));
        uint64_t lead = 0;
        if (best != DD_NO_MOVE) {
            const int s = (int)(best >> 4), above = (int)(best & 15u);
            const int top = dd_popcount(present & (((dbr_hand)1 << (13 * s + 13)) - 1));
            if (above < pop13(suit_bits(present, s))) lead = (uint64_t)1 << (top - 1 - above);
        }
        const dd_pdep2 x = keys_pdep2(mask & ~((mask << 1) & ~starts), lead, present);
        if (x.b) d->tt_lead[cards_left] = (int8_t)dbr__ctz(x.b);
        return x.a;
    }
#endif
    note_tt_lead(d, cards_left, best, present);
    tt_probe_suits(d, p); /* the probe is filled only after a miss */
    return mask_rel(p, mask);
}

/* Measured and not kept (issue 19; tables' nodes, from 35,872,332 on the
 * first 20 of bench_dd's random deals and 880,520,671 on bridge-solver's 19
 * hard_deals/): a cut-off cache by the exact position (the four hands, the
 * trick's cards, leader and strain; 32-bit check and card, a sixteenth of
 * the workspace), tried first when the position comes back: in the middle
 * of tricks 35,835,500 (-0.1%), at trick boundaries too 35,807,686 (-0.2%)
 * and 875,372,332 (-0.6%), CPU time no better (one hash and one likely
 * cache miss a node). bridge-solver's own key is not the position but
 * what cut_find builds, which comes back across positions that differ
 * elsewhere: that one is kept (session 12, below cut_first).
 * Its figures (tables' nodes, first 20 random deals 34,799,353 and the six
 * freak deals of dd_golden.json 318,229,461 before it; CPU from runs on a
 * loaded machine, one process each): as kept 23,762,012 (-32%, CPU -31%)
 * and 213,490,915 (-33%, CPU -30%); with another hash of the key
 * 22,987,483 and 210,174,861 (about 3% is luck); 2^14 entries (2^16,
 * 2^19, the table's pool the smaller) 24,881,234 (23,762,012, 22,828,332)
 * on the random deals. Measured and not kept: the cut-off
 * card tried first at leads too, before the table's best lead: 42.2M
 * (+21%) and 376.6M (+18%); first at leads only when the table has no
 * best lead: 32.8M (-6%); following only, 24.6M (-29%) and 227.6M
 * (-28.5%); the cards kept across the strains (bridge-solver forgets them
 * at each): 29.5M (-15%); forgotten at every leader: following only 28.0M
 * (-20%, against 24.6M forgotten at each strain); not forgotten at each
 * leader of a deal of four voids or more, following only: the golden
 * deals 313.8M (-1.4%; the four-void deals +7% to +30%, against -13% to
 * -21% forgotten). Then kept too: in no trumps the leader's cut-off card
 * first (before the table's best lead; with trumps it stays the killer):
 * 23,638,285 (-0.5%), 208,892,369 (-2.2%), and hard_deals/deal.4's no
 * trumps 449,794,051 -> 220,634,239 (-51%). Not kept: forgotten at each
 * leader from two voids (not four): random 26,029,410 (+10%), the freak
 * deals the same (all have four voids or more); 2^18 entries (2 MiB, an
 * eighth of the default workspace): random 22,938,026 (-3%), the freak
 * deals 210,191,754 (+0.6%), CPU no better. bridge-solver's diagnosis (its statistics build):
 * no trumps, North leading, on hard_deals/deal.4, the targets 8 then 9:
 * its 9.2M search calls, 36.0M without its cut-off cache; ours 69.1M
 * before it. */
/* Where the time goes, session 17 (solver19ae): long_deals/deal.11 at
 * equal memory (ours at 96 MiB, the table cleared at each strain, taken
 * in bridge-solver's order; its SearchWithCache calls counted by depth in
 * a copy of its source, -O3, 3.48 s user in all). Nodes / its calls and
 * CPU by strain: NT 2.11M / 10.47M (0.27 / 0.77 s), S 9.57M / 10.94M
 * (1.66 / 0.95 s), H 26.28M / 15.29M (5.61 / 1.53 s), D 1.02M / 2.44M,
 * C 2.23M / 3.68M (0.31 / 0.37 s): 41.2M against 42.8M in all, 7.86 s
 * against 3.62 s. Hearts at the trick boundaries, thousands after 2 to
 * 11 tricks: 5/6, 54/68, 266/268, 764/615, 1471/911, 2202/1167,
 * 2401/1210, 1643/937, 632/454, 129/123; the table cuts 67% / 75% of
 * them after 4 tricks, 71% / 78% after 5, then ours more. In all the
 * same nodes, so the gap is the cost of a node (191 ns against its 85 ns a
 * call; hearts 213 / 100, spades 174 / 87); by strain, hearts' 11M nodes
 * more (1.72 times its from the fifth trick: the table's reach of
 * sessions 14-15, not memory nor move order) cost 2.3 s, our no trumps'
 * 8.4M fewer save 1.1 s. The node's cost is memory: perf of hearts
 * alone puts 63% of the samples in search_lead, half of them waiting on
 * the walk's next block link and 13% on the slot; a probe reads 55-73
 * entries on average from the fourth to the eighth trick (a miss about
 * 147, 18 blocks, each one a dependent load), on random deals 13.
 * Measured and not merged (branch solver19ae, on the 32-byte entries):
 * skip links, each block keeping the links of the 4 blocks after it in
 * its last entries' unused links, the walk asking, once past the first
 * block, for every line of the block 4 ahead (a pure prefetch, the same
 * nodes): deal.11's hearts alone at 96 MiB -15% CPU, deal.10 + deal.11
 * at 96 MiB -13%; on a quiet machine at 32 MiB (tools/dd_nodes.py's
 * harness, runs alternated) deal.10 + deal.11 19.14, 19.20 s -> 18.47,
 * 18.80 s (-3%), the first 60 random deals 6.84, 6.76, 6.86 s -> 6.93,
 * 6.91, 6.88 s (+1.3%), instructions of the first 6 +0.8%; the 24-byte
 * entries (struct dd_entry) took the same runs to 17.20, 17.01 s (-11%)
 * and 6.91, 6.88, 6.54 s and were kept instead: their block header has
 * no room for the links (session 18: one link in the mark's room, see
 * DD_SKIP; a 32-byte header holding five, measured there). Left: the
 * slot's and the first block's misses (16% and 21% of search_lead's
 * samples with the skip links), the walk's own instructions; measured
 * and not kept, the slot asked for in
 * play_and_search once the trick's winner is known (before keys_remove):
 * hearts alone 4.64, 4.97, 4.65 s against 4.92, 4.75, 4.64 s. At our
 * 32 MiB deal.11 takes 61.1M nodes (hearts 44.5M, 12 evictions), tt_evict
 * 7% of the samples. */
/* Where the time goes, session 22 (before DD_CUT_FIRST_R, which came of
 * it): long_deals/deal.11 by strain, each on a new workspace of 128 MiB
 * (no eviction), CPU s against bridge-solver's by strain (its -t, a
 * process each): no trumps 0.14 / 0.77, spades 1.00 / 0.93, hearts 2.51 /
 * 1.36, diamonds 0.06 / 0.14, clubs 0.11 / 0.21. Hearts (North void in
 * hearts, South in spades, West in clubs: a crossruff), the probes at
 * trick boundaries and the share the table cuts by tricks left, ours /
 * bridge-solver's (its lookups and cuts counted in a copy of its source):
 *   11: 6.6k 35% / 5.5k 32%     10: 66.9k 61% / 67.6k 66%
 *    9: 295k 69% / 267k 75%      8: 774k 72% / 612k 78%
 *    7: 1.42M 73% / 898k 78%     6: 2.11M 78% / 1.12M 78%
 *    5: 2.32M 83% / 1.12M 79%    4: 1.54M 86% / 834k 82%
 * A position searched asks as many probes of the trick after it (11.2 /
 * 11.5 from 10 tricks left, 8.6 / 9.1 from 9), but from 10 to 7 tricks
 * left the table cuts 5-6 points fewer and the searches compound: 90k /
 * 67k positions searched with 9 tricks left, 374k / 199k with 7; 9.24M
 * probes against 5.41M lookups in all. Of our positions searched with 9
 * (8) tricks left, 6.5% (14.5%) had an entry matching them at all. The
 * verdicts both solvers stored (position, leader, bound and the cards
 * named, dumped from each) show why: the positions hardly meet (with 9
 * tricks left 357 searched by both, 88,857 by ours alone, 65,749 by its
 * alone; with 11 left 492, 3,558, 3,013), and where they meet ours name
 * fewer cards (17.7 against 19.2 with 9 left, 13.9 against 15.4 with 8).
 * Not the table, then, but the lines of play searched: its cut-off card
 * led first, ours weighed with the other leads, the killer's bonus
 * against the table's best lead's and the rest (hearts 26.17M -> 11.30M
 * nodes with the cut-off card first at every lead). Nor the walk's reach
 * (at 128 MiB, hearts): DD_HIT_EXTRA 64, DD_MAX_CHAIN 2000,
 * DD_DEEP_TRICKS 5 give 26.26M, 26.09M, 26.09M nodes against 26.17M.
 * The workspace's size (tools/dd_nodes.c, a new workspace a deal, CPU s
 * and evictions): deal.10 / deal.11 at 32 MiB 5.15 (7) / 4.77 (8), 48
 * MiB 5.01 (4) / 4.25 (3), 64 MiB 3.93 (2) / 3.94 (2), 128 MiB 3.69 (0) /
 * 3.79 (0) (bridge-solver, growing to 107 and 79 MiB: 4.08 / 3.56); DDS's
 * thomas2.txt at 32, 48, 64, 128 MiB 16.49, 16.58, 17.20, 17.51 s (its
 * lists grow longer): the default stays 32 MiB. */
/* Where the time goes (issue 19, session 10). bridge-solver's own count of
 * its search calls (its per-depth visits times branches, built with its
 * statistics on) on the first 20 of bench_dd's random deals is 39,510,899
 * against our 35,872,332 nodes: it searches 10% more nodes than we do and
 * still takes about 0.73 of our time, so on random deals the gap is the
 * cost of a node, not the size of the search. On the six freak deals of
 * dd_golden.json it is the other way: 192.7M calls against our 344.7M
 * nodes (0.56; the 6-7 two-suiters 10.6M against 47.1M, the three-suiter
 * 38.2M against 94.8M), there its search is the smaller. Session 11
 * (tools/dd_nodes.py): on the freak deals neither the workspace nor the
 * first targets are the gap: the 7-6 two-suiters take 50.4M nodes at 128
 * or 512 MiB against 49.4M at 32; the true values as first targets save
 * 0.8% on four voids 0-3-5-5 and cost 1.8% on the 7-6 two-suiters. The
 * worst of bridge-solver's hard_deals/ is deal.4: 552M nodes, 88 s
 * against its 7.3 s (12 times; the others 0.7-2.6 times).
 * Session 12, hard_deals/deal.4 by strain and leader (its hands are one
 * hand turned round the table): before the cut-off cards each trump
 * strain took 22-24M nodes, 18M of them in the one zero-window search
 * proving that the side on lead falls short of its target (bridge-solver:
 * 6.4-9.5M calls a trump strain), and no trumps 464M, spent in proofs
 * that the side on lead makes its target (North leading: targets 6, 7, 8
 * made, 9M, 42M, 99M nodes; 63M for 8 from an empty table; bridge-solver
 * 9.2M calls for 8 and 9, and 34M for the whole strain). With them the
 * trump strains take 5.3-6.4M nodes and no trumps 220.6M (43-66M a
 * leader): no trumps is what is left of the gap there. On the golden
 * freak deals the zero-window searches at targets other than the value
 * and the value + 1 take 2.5% of the nodes: the first targets are not
 * the gap there.
 * Session 13, hard_deals/deal.4's no trumps, North leading, the searches
 * for 8 and 9 from an empty table: ours 32.9M + 6.1M nodes, bridge-solver
 * (its statistics build, first guess 8) 9.25M calls, 5.94M of them
 * searched (not cut by its bounds or table). Searched nodes at the trick
 * boundaries, ours for 8 alone against its for both: 2,934 / 1,516 after
 * two tricks, 29,952 / 13,686 after three, 110,791 / 46,194 after four,
 * 308,976 / 97,126 after six, 427,144 / 102,526 after seven. Not the
 * gap: the move order (where the side to move reaches the target it tries
 * 1.00-1.15 cards on average at every depth); the table's sharing (its
 * entries are per seat to play too, kept across a strain's leaders as
 * ours); fail-soft bounds (of the 1.5M misses for 8, whole lists read,
 * 109K had an entry matching the position whose bounds did not decide). The gap is the line the
 * proof follows, chosen by the opening leads: bridge-solver's lead classes at the leads of the
 * first two tricks alone take deal.4's table from 250.8M to 105.3M nodes, its no trumps to 82.4M
 * (see gen_lead_classes). Profile of ours (perf, first 40 random deals, the DD_FLAT functions kept
 * out of line): the trick-boundary bounds about 25% (cash_tricks 11%, quick_tricks 6%,
 * suit_run_tricks 3%, the rest 5%), search's own code 34% (of which the table walk a fifth),
 * try_moves and play_and_search 14%, gen_follows 10%, extend_runs 4%, keys_remove 4%,
 * mask_rel/depths_rel 4%. Of 21.3M bounds calls, quick_tricks cuts 4.7M
 * of the 20.4M it is called on, the table 10.8M of the 15.6M left.
 * Kept: quick_tricks finds partner's winners once (the count after an
 * entry that spends a leader's side-suit card is the same count cut to
 * fewer discards; the draw of trumps is tested before partner's winners
 * are counted again with it), and not at all when partner holds the top
 * card of no suit the leader holds: the same nodes, instructions -4.3%
 * (callgrind, the first 6 random deals; cash_tricks 13.7% -> 10.2% of
 * them), CPU 0.945 and 0.966 on 40 deals alternated. The small cards a
 * failed card rules out kept as one set of cards, tested by a bit, instead
 * of a rank per suit (c % 13 < low[c / 13]): instructions -0.8%, CPU 0.995
 * and 1.013 (within the noise; kept as the shorter code).
 * Session 12, the cost of a node (callgrind, random deals 1-3 and 7-13,
 * 6,186,154 nodes): 1,124 instructions a node -> 981 (PEXT keys, PDEP
 * for a hit's cards, gen_follows' early return, rel_lowest by fields,
 * gen_leads' runs by bits, search split in two; see the git log). Where
 * they go now (the DD_FLAT functions out of line): gen_follows 13%,
 * search_follow's own code 11%, cash_tricks 10%, gen_leads 10%,
 * search_lead's own 10% (the table walk a third of it), play_and_search
 * 9%, quick_tricks 8%, suit_run_tricks 4%, sure_trump_tricks 3%,
 * lead_side_max 2.5%, keys_remove 0.7% (4.8% before PEXT): no one place
 * left; suit_bits' shift and mask alone is 8% of the whole.
 * Measured and not kept (nodes of the tables; CPU ratios from runs of the
 * same 60 deals alternated with the unchanged build):
 * - cash_tricks with its trump tests taken out of the suit loop (the side
 *   suits, the suits no other hand can ruff, the opponents who can ruff,
 *   as bit sets) and the other hands' lengths compared from d->dist at
 *   once: the same nodes, but instructions +1.1% (cash_tricks' own +13%,
 *   callgrind, 6 deals), CPU 1.012 and 0.996 on 40 deals alternated;
 * - the table probed before quick tricks (lead_side_max and the other
 *   side's sure trump tricks still first, quick tricks and the side's sure
 *   trump tricks after a miss): random 200 deals 313,366,822 ->
 *   320,683,501 nodes (+2.3%) but CPU 0.91-0.94; the six freak deals of
 *   dd_golden.json 344.7M -> 379.3M (+10%), CPU 1.06 (not alternated);
 *   bridge-solver's hard_deals/ but deal.4, 271.7M -> 289.4M (+6.5%),
 *   CPU 1.03 (the two run side by side). A hit
 *   hands up the entry's ranks, more of them than the quick tricks' would
 *   be, and the entries above grow narrower. Only where 4 tricks or fewer
 *   are left: +1.1% nodes, CPU level; 7 or fewer: +2.3%, CPU 0.97-0.98, but
 *   two freak deals +12%; only in no trumps (only with trumps): random
 *   +0.8% (+1.5%), the two freak deals +6.6% (+5.0%); the table first,
 *   but on a hit by an entry describing more than 4 cards the quick
 *   tricks tried too and their ranks handed up when they cut: nodes
 *   +0.6% random, -0.2% the two freak deals, CPU 1.02-1.05 and 1.04-1.09;
 * - quick_tricks skipped when the side's longest holdings in the suits it
 *   tops, plus one, fall short of the tricks needed (the same search: it
 *   never cut there): 12% of the calls skipped, CPU 0.999-1.007;
 * - fail-soft values instead of verdicts (bounds, entries and moves
 *   returning the tricks they prove, the zero-window driver moving to
 *   them, entries storing them): 313,366,822 -> 312,780,070 (-0.2%), CPU
 *   +1% (not alternated); the quick tricks' ranks hold for the tricks needed only, so that
 *   bound still returns the target (measured again, issue 19, solver19ad: see dd_strain);
 * - bridge-solver's slow no-trump tricks (one opponent holding the top
 *   card of every suit the leader holds takes one trick a suit): -0.2%
 *   nodes on 60 deals;
 * - a profile-guided build (gcc -fprofile-use, trained on 30 other deals),
 *   with the POPCNT clones or built for POPCNT alone: CPU 1.00-1.03;
 * - a larger workspace: 256 MiB (8 MiB) against 32 MiB on the first freak
 *   deal, 55.9M (89.8M) nodes against 64.5M, CPU 0.98 (1.31, not alternated): the six
 *   evict 1 to 12 times each at 32 MiB, the 200 random deals once in all.
 * Session 13, the trump strains of the hard deals (nodes of one trump
 * strain after another, no-trump rows left out; bridge-solver's count of
 * its search calls from its per-depth visits and branches, the STATS lines
 * of Play::EvaluatePlayableCards turned on). The 6-7 two-suiters, spades
 * alone: 3.76M nodes against its 0.96M calls; leading branches 2.33 a
 * searched lead (its 1.89), third hand 1.97 (1.64): our leads into an
 * opponent's ruff come too early (bridge-solver leaves them to the last).
 * long_deals/deal.10 hearts, West leading from an empty table: 70.5M nodes
 * against 20.7M: the branches a node of each place in the trick are the
 * same (2.41/1.15/2.00/1.13 against 2.41/1.18/1.89/1.16) and so is the
 * share of leads the bounds and the table cut overall (84%), but not by
 * depth: to trick 4 we search fewer leads than it does (depth 12: 9.4k
 * against 10.3k; depth 16: 54k against 42k), then the share of leads
 * searched stays higher (7 tricks left: 32% of those reached against its
 * 23%; 6 left 21% against 17%) and the tree grows 3-5 times its size at 3-7 tricks left: the gap
 * there is the table's and the bounds' reach in the middle of the play, not move order. Measured
 * and not kept (the six freak deals 143.30M, the first 30 random deals' trump strains 27.58M,
 * before the slow trump tricks):
 * - a lead into an opponent's ruff at -60 (not -12): the freak deals
 *   132.85M (-7.3%; the two-suiters 7-6 18.3M -> 12.5M, 6-7 16.1M ->
 *   10.2M; four voids 0-4-4-5 +14%, the three-suiter +13%), random +0.6%,
 *   but hard_deals/ and long_deals/ (deal.4 left out) 727.0M -> 829.3M
 *   (+14%; long_deals/deal.11 hearts 78.3M -> 102.5M); -30: 138.7M; -100:
 *   132.5M and random +1.3%;
 * - with it, a trump lead at -30 (bridge-solver's trump leads come last):
 *   140.5M; partner's ruff lead only with both opponents holding the suit
 *   and partner holding no more trumps than the leader, +40: 134.3M; the cut-off card first
 *   at leads with trumps where the table has no best lead: 128.8M (-3%)
 *   but random +5.5%; first always: 126.8M, random +9%;
 * - third hand void with trumps ordered as bridge-solver's (the cheapest
 *   ruff that wins, then the lowest card of each side suit, longest
 *   first): level (132.96M against 132.85M);
 * - after the slow trump tricks, the leader's side-suit winners (partner
 *   playing side-suit cards to them) added to the side's sure trump
 *   tricks: -0.5% nodes on the freak deals, but one wrong table in 60
 *   random deals (random 42, clubs): not sound as tried.
 * The long deals lose much of their table to evictions at 32 MiB:
 * long_deals/deal.10 hearts, West leading from an empty table (before the
 * slow trump tricks), 70.5M nodes
 * (8 evictions, the pool full with 40k of the 262k slots in use), 47.8M at
 * 64 MiB, 41.9M at 128 or 256 MiB (none); that deal's and deal.11's hearts
 * rows 88.1M and 75.4M nodes at 32 MiB, 45.0M and 38.7M at 128 MiB
 * (bridge-solver's peak there 107 and 79 MiB). Measured and not kept at
 * 32 MiB (the 70.5M above): evictions keeping 3/4 (7/8) of the entries,
 * not half: 72.3M (74.6M); half of every class's distributions dropped
 * (by a bit of their hash, the other half at the next eviction) instead
 * of the shallowest classes: 64.8M (-8%), but the six freak deals of
 * dd_golden.json 197.4M -> 206.5M (+4.6%); DD_BLOCK 4 (2): 66.7M
 * (64.4M); a slot for every 4 (8) entries, not 2: 70.8M (65.8M; 37k of
 * the 65k slots in use, near the 3/4 that evicts).
 * Session 14, at equal memory (tools/bench_dd.py --equal-memory: ours on a
 * workspace of bridge-solver's peak resident size on each deal, GNU time's
 * count; a machine at load 7-11): the hard and long sets' total 1.28 of
 * bridge-solver's time (1.35 at our 32 MiB), deal.10 and deal.11 still
 * 2.7 and 2.9 times its time at its 107 and 79 MiB. Their tables' nodes at
 * 32 MiB 100.8M and 107.9M (after tt_evict's recency rank), 107 MiB 73.1M
 * (one eviction), 256 MiB 66.9M and 65.2M (none): the table's memory is a
 * third of their nodes, not the gap, which stays the search's size in the
 * middle of the play (see above).
 * Session 14, long_deals/deal.11 hearts (3.4-3.6 times bridge-solver's
 * CPU on the whole deal: ours 16.4 s, its 4.8 s user, load 9-12), the
 * strain alone from an empty workspace: ours 72.7M nodes, 51.6M of them
 * searched (moves generated); bridge-solver's statistics build 15.3M
 * calls, 10.6M searched. The branches a searched node are the same at
 * every depth (after 6 tricks, the four places: 2.35/1.27/1.64/1.23
 * against 2.22/1.27/1.56/1.34), so move order is not the gap there (and a
 * lead into a ruff put last costs that deal 16-50%, see DD_RUFF_LAST).
 * The positions reaching a trick boundary (r > 1, the target open) and
 * what cuts them, ours / its: after 2 tricks 5,444 / 5,507 reached, the
 * table cutting 1,270 (23%) / 1,758 (32%), the bounds none; after 3
 * tricks 63,168 / 67,620, the table 31,400 (50%) / 44,295 (65%); after 7
 * tricks 4.75M / 1.12M, bounds 7.0% / 0.8% (its cache is probed first),
 * table 65.9% / 78.1%, searched 27% / 21%. With the same positions
 * reached at tricks 2 and 3, its cache cuts a third more of them, and
 * the gap compounds (ours reached / its: 0.93 after 3 tricks, 1.44, 2.06,
 * 3.08, 4.26 after 7): the table's reach (what an
 * entry covers, what a verdict hands up), not the leads nor the bounds.
 * Session 15, the first 20 of bench_dd's random deals (tools/dd_nodes.py's
 * harness, load 5-7): our nodes at trick boundaries 7,719,561 (23,283,403
 * in all) against bridge-solver's 12,400,312 calls there (its statistics
 * build's count at depths 0, 4, ..., 44); CPU 2.52 s against its 3.06 s
 * (3.13 s less its start-up, 3.4 ms a deal): we search 0.62 of its nodes
 * and a node costs 1.3 times its (326 ns a trick-boundary node against
 * 247), so on random deals the gap is the cost of a node. Callgrind, the
 * same 20 deals: 24.73G instructions (1,062 a node); search_follow 30%
 * and search_lead 28% of them with what is inlined into them, cash_tricks
 * 11%, gen_leads 9% (1,340 instructions a call, 4.6 leads), play_and_search
 * 9%. Of search_follow's 15.6M calls, 4.7M have one move, 7.8M a cut-off
 * card (6.6M of which reach the target), 2.7M none; of the 3.9M that try
 * the ordered moves, 3.4M try them all and fail. Of bounds_cut's 7.3M
 * calls, lead_side_max cuts 2.2%, the other side's sure trump tricks
 * 1.8%, quick_tricks 24.5%, the side's sure trump tricks 0.7%, the slow
 * trump lead 0.8%; 70% cut nothing. Kept: try_first and search_follow's
 * prefetch of its cut-off entry (below). Measured and not kept: the
 * bounds that prove the side on lead makes its target tried before those
 * that prove it falls short (the same search: no position has both):
 * instructions -0.3%, CPU +0.3% (random deals 21-60, four runs
 * alternated); DD_CUT_MAX 2^16 or 2^15 entries (512 or 256 KiB, for the
 * second-level cache): nodes the same or +1.0% on 60 random deals, CPU no
 * better; after a cut-off card fails, the other moves in descending rank
 * instead of gen_follows' weights (most such searches fail whatever the
 * order): 24,254,777 nodes on the first 20 random deals (+4.2%), CPU
 * worse (every following move so: 518M nodes, 22 times). What stays:
 * the cut-off entry's load (a miss, about 2% of the
 * CPU samples), the table's first entry's (search_lead's walk), and no
 * one place above 10% of the instructions. */
/* Session 17, DDS's hands/thomas2.txt (the symmetric 7-6 two-suiters, no
 * cards equivalent; bridge-solver 2.6 times faster on its table, most of
 * it no trumps). Its no trumps from an empty table: ours 538.1M nodes,
 * bridge-solver (its statistics build) 91.2M calls, 52.7M searched. The
 * two agree for two tricks; then each trick multiplies the gap. Searched
 * trick-boundary nodes, ours / its, after 3 tricks 180,850 / 95,742,
 * after 4 1.48M / 0.36M, after 5 4.75M / 0.72M, after 6 3.59M / 0.70M,
 * after 7 1.43M / 0.43M; the table and bounds cut 83% of ours after 4
 * tricks against 90% of its, and a searched boundary node leads to 49
 * boundary calls a trick later in ours against its 36 (after 5: 34
 * against 27): it tries 3.2 leads a searched node where we try 4.3, and
 * its third hand 2.7 cards where ours tries 3.4 (second and fourth hand:
 * ours 1.2 each, its 1.45 and 1.4). The no-trump strain's nodes are
 * luck as much as method there: 538M from an empty table, 346M after
 * the four suit strains, 352M with the cut-off cards kept across the
 * leaders (477M after the suits); the lead classes down to 8 tricks
 * 503M, 6 tricks 557M.
 * Session 18 (solver19ag), the leads are not the gap. Both solvers made to
 * count, in no trumps on thomas2.txt, East leading, the targets 8 then 7
 * from an empty table (bridge-solver's cache is emptied at each leader on
 * a deal of eight voids): where the side on lead reaches the target, the
 * first lead tried does at 99.3% of our searched trick-boundary nodes
 * after 4 tricks, 99.7% of its; where every lead fails, ours tries 7.05
 * leads, its 7.02 (after 5 tricks 6.16 / 6.11), third hand 6.03 / 5.84
 * cards, fourth hand 5.21 / 4.61. The 4.3 leads against 3.2 are the mix:
 * ours reaches more positions where the side on lead fails, which try
 * every lead (after 3 tricks 81K of the 151K reached against its 20K of
 * 108K; searched 20.7K against 6.9K). The positions searched, compared by
 * hands, leader and target: after 3 tricks 3.0K of our 29.8K are among
 * its 17.8K (the same lead in 822 of the 1,547 succeeding ones, our
 * subtrees there 2.3 times its), after 5 tricks 3.5K of our 659K among its
 * 183K: the trees part from the third trick on. And ours searched 20% of
 * its failing positions after 5 tricks twice (the table's walk, see
 * DD_DEEP_TRICKS; kept): 94.3M -> 54.4M nodes for the two searches, its
 * 23.2M calls. Measured and not kept after it (thomas2.txt alone, tables'
 * nodes at 32 MiB, 287.5M): gen_lead_classes without the killer's and
 * the table's best lead's bonuses (bridge-solver's order: the cut-off
 * card, then the classes), 293.5M; the classes down to 8 tricks, 297.7M.
 * Kept: no cut-off card before the classes on a deal of eight voids
 * (259.0M; see search_lead). What is left (ours 48.8M nodes against its
 * 23.2M calls on the two searches): where every card fails, ours tries
 * more (fourth hand 5.2 against 4.6): the verdicts' cards (session 15).
 * Session 18 (solver19ai), the decisions above the failing positions:
 * not the follows (at those that cut, both solvers try 1.00 cards, the
 * cut-off card in 99.5% / 99.8%; third hand only discards there) nor
 * the driver's targets (the critical target costs the most in both;
 * ours from an empty table, East 6, 7, 8: 9.9M, 43.3M, 8.6M nodes, its
 * 8, 7: 1.3M, 12.1M searched), but the leads past the classes: it
 * cashes a sure winner at 30% of its succeeding trick-boundary nodes
 * after 4 tricks, ours at 5.7%, our losing leads handing the lead to
 * the side that fails. Kept: DD_CASH_FIRST (see there; thomas2.txt
 * alone 259.0M -> 207.6M; East's 8 then 7 from an empty table 48.8M ->
 * 35.6M nodes, the cashes after 4 tricks 75% of the succeeding leads, the
 * failing positions reached after 5 tricks 421K, its 360K). */
/* Session 15, the same strain from an empty workspace, the misses at the
 * trick boundaries (the bounds did not cut, no entry decided) classified
 * by the whole list read again: (e) an entry matching and deciding past
 * the walk's DD_MAX_CHAIN; (c) an entry matching whose bounds do not
 * decide; (b) an entry deciding that matches once the lowest card it
 * describes in each suit is dropped (its pattern one card too deep); (a)
 * an entry of another leader matching and deciding (bridge-solver keeps a
 * tree per seat to play too: not its reach); (d) none. After 2 tricks
 * 4,211 misses (1,266 hits): (e) 0, (c) 330 (8%), (b) 1,083 (26%), (a)
 * 252 (6%), (d) 2,546 (60%); after 3 tricks 32,325 (31,223 hits): 143
 * (0.4%), 1,489 (4.6%), 14,089 (44%), 1,500 (4.6%), 15,104 (47%); after 8
 * tricks 1.34M: 0%, 24%, 49%, 9%, 18%. The patterns' size, its
 * statistics build (the cards of each pattern it stores and of each it
 * hits) against our entries' described cards: stored after 2 tricks 30.3
 * against 33.5, after 3 24.4 / 28.4, after 5 15.0 / 18.2, after 7 8.8 /
 * 10.3; hit after 3 tricks 21.0 / 25.5 (the fewest-card deciding entry of
 * the whole list 25.5: not the walk). Not the bounds: without
 * second_hand_tricks, lead_side_max or the other side's sure trump tricks
 * the entries after 3 tricks describe 28.2-28.5 cards. Our verdicts hand
 * up 3-4 cards more than its at every depth, though the rules of a node
 * read the same (trick winner, runs, the suit's bottom run); kept: a card
 * that reaches the target hands up its own cards, runs extended only where
 * every card fails (see search_follow; after 3 tricks 27.5 cards, hits
 * 52% of the probes against 49%). Measured and not kept: cash_tricks' and
 * cash_rel's relevant card cut to the longest other holding of the suit
 * (bridge-solver's rank winners: the cards past it win by length), before
 * the above: the six freak deals -0.1%, long_deals/deal.10 +8.8%, deal.11
 * -2.0%, the first 60 random deals -0.5%; a hit's cards through
 * rel_compress: the same nodes everywhere (no entry compresses further in
 * the position that hits it). Left for a next step, measured: at the end
 * of deal.11's hearts (32 MiB, 12 evictions) 19.4% of the 417K entries
 * live are dominated (a more general entry of the list matching them, its
 * bounds as tight), deal.10's hearts 11.6% (lists over 3,000 entries left
 * out): pruning them at a store would free that much of the pool, which
 * the long deals are short of (see session 14 above). Measured and not
 * kept: a new entry taking the place of the first entry of its store's walk
 * that it dominates (no new slot used): tables' nodes, the six freak deals
 * -1.3%, hard_deals/ -1.6%, long_deals/deal.10 +3.5%, deal.11 -5.0%, the
 * first 60 random deals +0.07%, the first 6's instructions +0.6%
 * (callgrind): not a win on the random deals. */
/* Session 15b, the same positions in both solvers (bridge-solver's
 * SearchWithCache and our search_lead made to print every verdict at a
 * trick boundary, with r >= 2: the four hands, leader, target, verdict and
 * the cards handed up, compared as the cards each verdict describes; both
 * from an empty table). long_deals/deal.11 hearts after 3 random tricks
 * (East on lead, NS 3 of 10): of ours 22,008 verdicts and its 17,626, the
 * 520 (position, target) pairs both reach describe fewer cards in ours at
 * every depth (r = 4: 3.01 against 3.93, r = 6: 7.76 / 8.79, r = 8: 14.98
 * / 15.47); the first root verdict of 14 positions after 5 and 7 random
 * tricks, each searched from every first target (96 pairs): ours 8.9 /
 * 9.5 cards (r = 8), 4.8 / 5.9 (r = 6). So the rules of a node do not hand up more (the trick's
 * winner, the bottom run, the union over the moves searched, the cut-off
 * card's read the same; of the 520 pairs ours is the larger in 73, its in
 * 218). Two things make its averages smaller: (1) it stores the
 * cut-offs of its fast and slow tricks (small patterns), we do not store
 * the bounds', so "stored" compares different sets: counting the bounds'
 * verdicts too, ours / its at r = 2..8 on the position above 1.1 / 1.1,
 * 1.9 / 1.9, 3.3 / 3.2, 5.2 / 4.7, 8.2 / 6.6, 12.2 / 8.8, 17.4 / 14.7
 * (stored only: 1.6 / 1.2 ... 13.4 / 9.5 at r = 7); (2) the trees differ
 * from the first lead on (only 520 pairs in common), and where the top of
 * our tree describes more cards (r >= 6) it is a different proof, not a
 * rule: e.g. East-West on lead proving 4 tricks by four rounds of trumps
 * (K Q J then W's 7: 6 cards) where it proves three top trumps and a
 * diamond queen (4 cards). Found and fixed on the way: its top trump tricks
 * count a run split between the hands (sure_trump_tricks). The smallest
 * pair where ours hands up more, traced move by move (its debug build's
 * trace): 2 tricks left, West on lead with DQ8, North DT CK, East DA6,
 * South DK9, North-South to take 1. Every lead fails for East-West; it
 * leads the DQ first, its verdict needs DA and DK only (South covers with
 * the king), and the D8, below the king, is skipped (its min_relevant_ranks,
 * our small_cards_done); ours leads the D8 first (gen_leads), North's DT
 * wins that trick, and the DQ is tried too: DA, DK and DT handed up (4
 * cards against 2). So where every move fails, the order of the moves
 * decides what the union holds: the higher card of a suit tried first
 * makes the lower ones skippable and the verdict shallower. Measured and
 * not kept: once a lead has failed (try_moves at a trick boundary, or
 * try_first's card), the remaining leads of each suit given its scores
 * highest card first (the suits' order kept): tables' nodes at 32 MiB,
 * the first 60 random deals 72.36M -> 75.47M (+4.3%), long_deals/ 591.8M
 * -> 687.0M (+16%; deal.11 100.0M -> 125.3M): the lower lead's quicker
 * refutation is worth more than the shallower verdict (as for follows,
 * session 15 above). Left for a next step: the choice between proofs
 * (the bound or line that needs the fewest cards) and its first guess
 * (GuessTricks, 0 or all the tricks). */
/* Session 16, the shallower verdict without the order: where every move
 * fails, a card another failed card's verdict covers hands up nothing (see
 * try_moves; tables' nodes -11% on random deals, -21% to -28% on the hard
 * sets). The orders, long_deals/deal.11 hearts, West leading, from an
 * empty workspace (both solvers' traces of the first trick; the value
 * North-South 5): ours searches North-South's targets 8, 7, 6, 5,
 * bridge-solver 2, 3, 4, 5, 6 (its driver climbs from its guess). Where
 * every lead of West's fails (ours at 5, its at 2 to 5), ours leads D8 DQ
 * SA H4 H6 HJ S2 S4 S7 S9 SJ, its DQ D8 HQ H4 SA SJ S9 S7 S4 S2 H7: its
 * leads are each suit's top then bottom card by classes, the middle cards
 * last, so the top card of a suit comes first, ours the bottom card (the
 * lowest of its run; either card of a run leads to the same class). At 3
 * its SJ's verdict rules out S9 to S2 (7 leads against ours 11).
 * Measured and not kept, with the covering (tables' nodes at 32 MiB, the
 * first 60 random deals 64,175,952; long_deals/deal.10 and deal.11 alone
 * in one workspace 125,039,090): its rule for that case, once a lead has
 * failed the rest of each suit highest card first (as session 15b):
 * random 69,309,313 (+8.0%), the cheap refutations of the low cards are
 * worth more and the covering hands up the shallower verdict anyway; its
 * second hand's order, the winners highest first where third hand can
 * beat them (before DDS's weights): +6.9% and +12.4%; third hand's
 * winners where fourth hand can beat them, lowest first (20 - rank):
 * -0.6% and +3.6%; highest first, the card that forces fourth hand's
 * winner out first of all: -1.8% and +5.9%; highest first (20 + rank,
 * bridge-solver's): -1.2% and -0.05%, the six freak deals of
 * dd_golden.json -0.1%, long_deals/ -0.3%, the first 6 random deals'
 * instructions -2.2% (callgrind), but hard_deals/ 205,644,443 ->
 * 210,086,179 (+2.2%): not a win on the hard deals. */
/* Where r <= DD_TABLE_FIRST_R tricks are left, search_lead probes the
 * table before the bounds, and stores their cut-offs (bounds_decide);
 * above, the bounds come first and store nothing. 13 by default (the
 * table first everywhere); the sanitizer build of `make test` takes 0
 * (the bounds first everywhere), so that both ways stay tested.
 * Kept (session 16, after the covering of try_moves was merged), measured
 * on a quiet machine (load 1-2), tools/dd_nodes.py, builds alternated
 * twice, CPU seconds 0 -> 13: the first 60 random deals 6.84, 6.95 ->
 * 6.42, 6.51 (-6%; nodes 64,175,952 -> 64,546,032); the six freak deals
 * 16.20, 15.99 -> 15.42, 15.82 (-2.4%, -1.1%; nodes 151,922,417 ->
 * 163,580,528); long_deals/deal.10 and deal.11 in one workspace 18.66,
 * 18.29 -> 18.59, 17.91 (-0.4%, -2.1%; nodes 125,039,090 -> 132,961,612).
 * More nodes, fewer instructions, and less time on every set; the figures
 * below, taken at load 9-11 before the covering, had shown CPU level.
 * Issue 19, session 16 (solver19aa): bridge-solver probes its cache
 * first and stores its fast and slow tricks' cut-offs there (small
 * patterns); ours had found the bounds again at every visit ("their
 * cut-offs are cheaper to find again than to store": measured so far only
 * with the table first and nothing stored, session 12, see below search).
 * Tables' nodes at 32 MiB (tools/dd_nodes.py) of the first 60 random deals
 * / the six freak deals of dd_golden.json / long_deals/ (from 72,359,326 /
 * 192,813,198 / 577,847,083), instructions (callgrind) of the first 6
 * random deals / of the 6-7 two-suiters and four voids 0-3-5-5 together
 * (from 10.079G, 10,677,429 nodes / 28.00G, 27,599,697 nodes):
 * - 13, the table first everywhere, the cut-offs stored: 73,432,453
 *   (+1.5%) / 204,688,869 (+6.2%) / 597,407,379 (+3.4%; deal.10 +6.0%,
 *   deal.11 +8.9%, more evictions), instructions 8.007G (-20.6%) /
 *   23.25G (-17.0%, 29,786,662 nodes); but CPU about level: random 60,
 *   three runs alternated with the build before (load 9-11), 26.92 s
 *   against 27.17 s (-0.9%); the freak deals, two runs, 54.11 s against
 *   53.81 s (+0.6%). The
 *   probe's memory (the slot, the list's first block) at every node,
 *   where the bounds had cut 30% of them touching none, costs what the
 *   instructions save on this loaded machine; a slot prefetched at the
 *   end of the trick before (play_and_search) did not help (54.03 s);
 * - 4: 72,727,104 (+0.5%) / 197,341,269 (+2.3%), instructions 9.856G
 *   (-2.2%); 7: 73,257,068 / 204,373,467; 9: 73,359,653 random;
 * - 13, storing nothing: 75,354,107 (+4.1%) / 226,792,706 (+17.6%),
 *   instructions 8.712G (-13.6%);
 * - 13, stored only where 5 tricks or more are left: 74,408,387 /
 *   213,773,607; only patterns of 4 (8) cards or fewer: 73,388,219 /
 *   203,828,172 (73,432,022 / 204,627,008); the bounds tried after a hit
 *   by an entry describing more than 4 (8) cards, theirs handed up when
 *   they cut: 72,453,373 / 197,829,104 (73,058,521 / 201,476,820),
 *   instructions 9.286G (-7.9%) / 26.97G (-3.7%); the tighter bound
 *   stored (lead_side_max's count and the other side's sure trump tricks,
 *   not the target): the same nodes (73,432,142 / 204,688,841);
 * - the bounds first, their cut-offs stored: 72,073,309 (-0.4%) /
 *   192,837,561 (0.0%), CPU +13% (not alternated): a position the entry
 *   describes is cut by the same bound before its probe; the bounds'
 *   cards through rel_compress, nothing stored: 72,112,746 (-0.3%) /
 *   191,566,473 (-0.6%), instructions +1.0%. */
#ifndef DD_TABLE_FIRST_R
#define DD_TABLE_FIRST_R 13
#endif
/* The bounds at a trick boundary (bounds_cut), tried where the table
 * decides nothing (r <= DD_TABLE_FIRST_R): their verdict (1 or 0), with
 * its cards in *rel_out, or -1. A verdict is stored in the table (no best
 * lead) for the class its cards describe (rel_compress): most bounds need
 * few cards, so the entry is a small pattern, which a later probe finds
 * before the bounds are counted again. */
static DD_FLAT int bounds_decide(dbr_dd *d, dd_probe *p, int lead, int r, int target,
                                 dbr_hand *rel_out) {
    dbr_hand brel = 0;
    const int sure = bounds_cut(d, lead, r, target, &brel);
    if (sure < 0) return -1;
    brel = rel_compress(d, brel);
    tt_store(d, p, brel, r, sure, target, DD_NO_MOVE);
    *rel_out = brel;
    return sure;
}

/* The first entry of block e from its k-th on whose cards the probe's keys
 * match (DD_BLOCK: none), the entries tested one after another without a
 * loop's counter (most entries fail on b0): 5 instructions an entry that
 * fails on b0, against 9 in the loop before (i, chain and the block's end
 * counted at every entry). A whole block (every block past the list's
 * first) starts at its first entry without the switch's jump. Issue 19,
 * session 19 (solver19al), instructions (callgrind, tools/dd_nodes.py's
 * program at 32 MiB, the same nodes) of hard_deals/deal.11 / the first 6
 * random deals / the golden 6-7 two-suiters: 4.400G / 6.536G / 11.076G ->
 * 4.306G / 6.430G / 10.515G (-2.1% / -1.6% / -5.1%); the whole blocks
 * without the switch, with gen_leads compiled per strain (see gen_leads)
 * 4.268G / 6.376G / 10.353G (-3.0% / -2.5% / -6.5% in all). */
#define DD_KEY_MATCH(j)                                                                            \
    if ((pb0 & e[j].mw) == e[j].b0 && (pb1 & e[j].mw) == e[j].b1) return j
DBR_INLINE unsigned block_scan(const dd_entry *e, unsigned k, uint64_t pb0, uint64_t pb1) {
#if DD_BLOCK == 8
    switch (k) {
    case 0: DD_KEY_MATCH(0u); /* fall through */
    case 1: DD_KEY_MATCH(1u); /* fall through */
    case 2: DD_KEY_MATCH(2u); /* fall through */
    case 3: DD_KEY_MATCH(3u); /* fall through */
    case 4: DD_KEY_MATCH(4u); /* fall through */
    case 5: DD_KEY_MATCH(5u); /* fall through */
    case 6: DD_KEY_MATCH(6u); /* fall through */
    case 7: DD_KEY_MATCH(7u); /* fall through */
    default: return DD_BLOCK;
    }
#else
    for (; k < DD_BLOCK; k++) DD_KEY_MATCH(k);
    return DD_BLOCK;
#endif
}
#undef DD_KEY_MATCH

/* The entries of a block, from entry k on, that match the probe's keys: a
 * mask (bit j for entry j), without a branch. Used on a list's first block,
 * where most hits end (the scan's tests there mispredict: the entries match
 * or not by turns), block_scan on the blocks after it (where misses read
 * long runs of entries that match nothing, tests the predictor gets right).
 * Issue 19, session 21 (solver21b), the same nodes: perf record's timer
 * samples on bridge-solver's hard_deals/deal.11 put 11% of the samples on
 * block_scan's cases against 5% of the instructions (callgrind); CPU s of
 * tools/dd_nodes.c (builds alternated run after run, load 1-2), main ->
 * this: deal.11 0.438 -> 0.429 (medians of 4 runs), the golden 6-7
 * two-suiters 0.757 -> 0.749, the six freak deals of dd_golden.json 10.12
 * -> 9.99, the first 60 random deals 4.371 -> 4.225 (-3.3%),
 * long_deals/deal.10 + deal.11 10.40 -> 10.20, DDS's thomas2.txt 16.67 ->
 * 16.66 (medians of 2); instructions +4.7% / +5.9% / +4.6% (deal.11 /
 * golden 6-7 / random 6). Measured and not kept: the mask on every block,
 * deal.11 0.421 (-4%), random 60 4.146 (-4.4%), bridge-solver's hard_deals/
 * 15.88 -> 15.35 s, but the golden 6-7 0.757 -> 0.789 (+4.2%) and the six
 * freak deals 10.00 -> 10.32 s (+3.3%); on the list's first two blocks
 * (with play_end's slot prefetch of branch solver21b), against the first
 * alone: deal.11 0.427 -> 0.421, random 60 4.264 -> 4.242, but the golden
 * 6-7 0.748 -> 0.757; block_scan itself by the mask (computed again at each
 * call) deal.11 0.424. */
DBR_INLINE unsigned block_matches(const dd_entry *e, unsigned k, uint64_t pb0, uint64_t pb1) {
    unsigned m = 0;
    for (unsigned j = 0; j < DD_BLOCK; j++)
        m |= (unsigned)(((pb0 & e[j].mw) == e[j].b0) & ((pb1 & e[j].mw) == e[j].b1)) << j;
    return m & (~0u << k);
}

/* search at a trick boundary (nd->tlen == 0) */
static DD_HOT int search_lead(dbr_dd *d, const dd_node *nd, int target, dbr_hand *rel_out) {
    if (d->stopped) { /* the table is full and the caller grows it: unwind */
        *rel_out = 0;
        return 0;
    }
    d->nodes++;
    const int ns_to_move = (nd->lead & 1) == 0;
    const dbr_hand present = ~d->played & DBR_FULL_DECK;
    dd_move moves[13];
    dbr_hand rel = 0;
    int n, result = !ns_to_move;
    d->trick_nodes++;
    const int r = dd_popcount(d->h[nd->lead]);
    *rel_out = 0;
    if (target <= 0) return 1;
    if (target > r) return 0;
    if (r == 1) return last_trick_ns(d, nd->lead, rel_out) >= target;
    dd_probe p;
    const uint8_t ctl = slot_ctl(nd->lead, d->trump);
    /* the bounds first (see DD_TABLE_FIRST_R), while the distribution's
     * slot comes in. r <= 13: at the default DD_TABLE_FIRST_R a constant,
     * so that this path (a second copy of the bounds inlined) is compiled
     * out (before, r compared at every call: the same nodes, instructions
     * (callgrind) of hard_deals/deal.11 / the first 6 random deals / the
     * golden 6-7 two-suiters -0.72% / -0.69% / -0.76%; issue 19, session
     * 20) */
    const int table_first = DD_TABLE_FIRST_R >= 13 || r <= DD_TABLE_FIRST_R;
    const uint64_t home = slot_home(d, d->dist, ctl);
    if (!table_first) {
        DD_PREFETCH(&d->slots[home]);
        dbr_hand brel = 0;
        const int sure = bounds_cut(d, nd->lead, r, target, &brel);
        if (sure >= 0) {
            *rel_out = brel;
            return sure;
        }
    }
    int best = DD_NO_MOVE;
    int chain = 0;
    uint32_t head; /* the distribution's list (0: none) */
    dd_slot *const sl = find_slot_from(d, home, d->dist, ctl, &head);
    int nm = 0;
    /* of the entries that decide the search (read on DD_HIT_EXTRA
     * entries past the first), the one describing the fewest cards
     * (bridge-solver's pattern tree looks the general patterns up
     * first): what it hands up keeps the entries above general */
    uint32_t hit = 0;
    const int max_chain = r >= DD_DEEP_TRICKS ? DD_DEEP_CHAIN : DD_MAX_CHAIN;
    int hit_cards = 99, limit = max_chain;
    const uint64_t pb0 = d->kb0, pb1 = d->kb1;
    for (uint32_t i = head; i && chain < limit;) {
        const uint32_t blk = i & ~(DD_BLOCK - 1);
        const dd_head *bh = block_head(d, blk);
        const uint32_t next_block = bh->next;
        DD_PREFETCH(&d->pool[next_block]);
        DD_PREFETCH(block_head(d, next_block));
#if DD_WALK_PREFETCH >= 2
        DD_PREFETCH(&d->pool[next_block | (DD_BLOCK - 1)]);
#endif
#if DD_WALK_PREFETCH >= 4
        DD_PREFETCH(&d->pool[(next_block & ~(DD_BLOCK - 1)) + DD_BLOCK / 2]);
#endif
        /* entry blk + k is the walk's entry number cbase + k */
        const dd_entry *e = &d->pool[blk];
        const int cbase = chain - (int)(i - blk);
        /* past the list's first block (most hits end in it), the block
         * DD_SKIP ahead (see DD_SKIP) */
        if (i == blk && blk != head && bh->skip) prefetch_block(d, bh->skip);
        /* the entries that match: the list's first block by block_matches,
         * the others by block_scan */
        unsigned mm = 0, k;
        if (chain == 0)
            mm = block_matches(e, i - blk, pb0, pb1);
        else
            for (k = block_scan(e, 0, pb0, pb1); k < DD_BLOCK; k = block_scan(e, k + 1, pb0, pb1))
                mm |= 1u << k;
        for (; mm; mm &= mm - 1) {
            k = (unsigned)dbr__ctz(mm);
            if (nm < DD_MATCH) p.match[nm] = blk + k;
            nm++;
            if (entry_lb(&e[k]) >= target || entry_ub(&e[k]) < target) {
                const int cards = dd_popcount(e[k].mw & DD_MASK_BITS);
                if (cards < hit_cards) {
                    hit_cards = cards;
                    hit = blk + k;
                }
                if (limit == max_chain) limit = cbase + (int)k + DD_HIT_EXTRA;
            } else if (bh->best[k] != DD_NO_MOVE && best == DD_NO_MOVE) {
                best = bh->best[k];
            }
        }
        chain = cbase + (int)DD_BLOCK;
        i = next_block;
    }
    if (hit) {
        sl->used = 1;
        dd_entry *e = &d->pool[hit];
        *rel_out = tt_hit_rel(d, &p, entry_mask(e), *entry_best(d, hit), 4 * r, present);
        const int res = entry_lb(e) >= target;
        if (hit != head) {
            /* to the front: entries that cut off are found sooner.
             * The entry trades places with the head (the lists keep
             * their blocks' order). */
            dd_entry *h = &d->pool[head];
            const dd_entry tmp = *h;
            *h = *e;
            *e = tmp;
            uint8_t *hb = entry_best(d, head), *eb = entry_best(d, hit);
            const uint8_t tb = *hb;
            *hb = *eb;
            *eb = tb;
        }
        return res;
    }
    tt_probe_init(d, ctl, &p);
    p.slot = sl;
    p.nmatch = nm;
    p.evictions = d->evictions; /* as at the walk */
    if (table_first) {
        const int sure = bounds_decide(d, &p, nd->lead, r, target, rel_out);
        if (sure >= 0) return sure;
    }
    const int cards_left = 4 * r;
    const int tl = d->tt_lead[cards_left];
    if (best == DD_NO_MOVE && tl >= 0 && (d->h[nd->lead] >> tl & 1))
        best = (tl / 13) * 16 + rel_rank(tl, present);
    /* the leader's cut-off card goes first in no trumps, and with trumps
     * from DD_CUT_FIRST_R tricks left (DD_CUT_FIRST_R_8V on a deal of
     * eight voids); below that it stands in for the killer (a bonus among
     * gen_leads' weights, as the table's best lead has one).
     * Measured and not kept (issue 19, session 15): its entry found and
     * prefetched right after the bounds, before the table's walk (as
     * search_follow does before second hand's tricks): CPU +2.5% on random
     * deals 1-30 (four runs alternated; the key found where the table
     * cuts) */
    uint32_t check;
    dd_cut *ce = cut_find_lead(d, nd->lead, &check);
    const int cc = cut_card(ce, check, nd->lead, d->h[nd->lead]);
    const int nt = d->trump == DBR_NOTRUMP;
    int c = -1;
    dbr_hand skip = 0;
    int first = -1;
    if (nt && d->lead_classes && r >= DD_CLASS_TRICKS) {
        n = gen_lead_classes(d, nd->lead, best, d->killer[cards_left], moves);
        /* not before the classes on a deal of eight voids (the two-suiters).
         * Measured (issue 19, session 18; tables' nodes at 32 MiB): DDS's
         * thomas2.txt alone 287.5M -> 259.0M (-10%), after DDS's other
         * hands (tools/dd_nodes.py --set dds-hands) 330.6M -> 260.2M
         * (-21%), its no trumps with East (West) leading, the targets 8
         * and 7 from an empty table, 54.4M -> 48.8M (48.9M -> 38.7M); the
         * golden two-suiters 7-6 17.75M -> 17.58M, 6-7 13.47M -> 13.07M;
         * no other deal of the sets has eight voids (the same nodes).
         * There the cut-off card (keyed by the leader's hand alone) is
         * mostly a middle card: after two tricks, of the 583 succeeding
         * positions both solvers search, bridge-solver leads another card
         * than ours in 550 (most a suit's top), with subtrees of 0.45M calls
         * against our 4.34M nodes. Measured and not kept: not before the
         * classes on any deal of four voids or more: thomas2.txt 259.0M,
         * but the golden four voids 0-4-4-5 +6.8%, the three-suiter +9.7%
         * (the freak deals 157.81M -> 162.91M); nor the killer's and the
         * table's best lead's bonuses on such deals (bridge-solver's own
         * order, the classes alone): thomas2.txt 244.2M, the freak deals
         * 229.7M (+46%); on the eight-void deals only, 244.2M, but the
         * golden 7-6 two-suiters 17.58M -> 28.89M (+64%). */
        if (cc >= 0 && d->lead_classes < 2) cut_first(moves, n, cc);
    } else {
        n = 0;
        /* in no trumps on a deal of eight voids not at all: there
         * gen_leads puts the sure winners first (see DD_CASH_FIRST) */
        if (cc >= 0 && (nt ? d->lead_classes < 2
                           : r >= (d->lead_classes < 2 ? DD_CUT_FIRST_R : DD_CUT_FIRST_R_8V))) {
            /* tried before the leads are generated and weighed (as in
             * search_follow) */
            first = cut_move(representatives(d->h[nd->lead], present), cc);
            c = try_first(d, nd, first, target, &rel, &skip);
        }
        if (c < 0)
            n = gen_leads(d, nd->lead, best, cc >= 0 && !nt ? cc : d->killer[cards_left], moves);
    }
    int found = DD_NO_MOVE;
    if (c < 0) c = try_moves(d, nd, moves, n, target, first, skip, &rel);
    if (c >= 0) {
        if (c != cc) cut_save(ce, check, nd->lead, c);
        result = ns_to_move;
        found = (c / 13) * 16 + rel_rank(c, present);
        d->killer[cards_left] = (int8_t)c;
    }
    /* a lead that reaches the target needs no run extended (see
     * search_follow) */
    rel = rel_lowest(rel);
    if (c < 0) rel = extend_runs(rel, d->h[nd->lead], present);
    rel = rel_compress(d, rel);
    tt_store(d, &p, rel, r, result, target, found);
    *rel_out = rel;
    return result;
}

/* search in the middle of a trick (nd->tlen == tlen > 0): built once for
 * each place in the trick (search_second, search_third, search_last), so
 * that the place is a constant in each (gen_follows, cut_find, the plays
 * through play_and_search, child_node_in, second_hand_tricks at second hand
 * only). Issue 19, session 20, instructions (callgrind, the same nodes) of
 * bridge-solver's hard_deals/deal.11 / the first 6 random deals / the
 * golden 6-7 two-suiters, 3.601G / 5.388G / 8.851G before: the last hand's
 * own search (search_last) 3.576G on deal.11; with play_and_search split in
 * play_mid and play_end, chosen by the place, 3.567G; a search for each
 * place 3.521G / 5.264G / 8.679G; a play_mid for each place (the child's
 * search called directly) 3.451G / 5.157G / 8.512G (-4.2% / -4.3% /
 * -3.8%). CPU (tools/dd_nodes.c, the builds alternated, load 3): deal.11
 * 0.626, 0.599, 0.612 s -> 0.593, 0.592, 0.541 s; hard_deals/deal.5
 * 0.272, 0.274, 0.270 s -> 0.260, 0.264, 0.267 s. The code of the three
 * searches 14.0 KB against search_follow's 8.1 KB. With representatives'
 * carry and play_mid's order (session 20 in all): 3.382G / 5.049G /
 * 8.362G (-6.1% / -6.3% / -5.5%); CPU deal.11 0.518, 0.509, 0.513 s ->
 * 0.495, 0.500, 0.502 s, deal.5 0.261, 0.261, 0.260 s -> 0.253, 0.255,
 * 0.252 s, the first 60 random deals 5.40, 5.28, 5.27 s -> 5.33, 5.19,
 * 5.12 s (alternated, load 3). */
static DD_FLAT int search_follow(dbr_dd *d, const dd_node *nd, int target, dbr_hand *rel_out,
                                 const int tlen) {
    d->nodes++;
    const int seat = (nd->lead + tlen) & 3;
    const int ns_to_move = (seat & 1) == 0;
    const dbr_hand present = ~d->played & DBR_FULL_DECK;
    dd_move moves[13];
    dbr_hand rel = 0;
    int result = !ns_to_move;
    /* 1 <= target <= the tricks still to complete (the cards of the hand
     * to play), no test needed: search_lead returns before playing a card
     * otherwise, a trick's cards keep the target, and a root in the middle
     * of a trick (dbr_position_validate: the hands still to play hold as
     * many cards) searches targets 1 to its tricks (node_value) */
    dbr_hand hand = d->h[seat], legal = hand & DBR_SUIT_MASK(nd->led);
    if (!legal) legal = hand;
    /* Measured and not kept (session 19, instructions by callgrind on
     * deal.11 / random 6 / golden 6-7, the same nodes): the representatives
     * not found where one card is legal, -0.1% / 0.0% / +0.45%; the moves'
     * weighing and trying (gen_follows, try_moves) out of line in a
     * function of their own, so that the paths that end at one card keep a
     * smaller frame, +0.03% / +0.03% / +0.12%. */
    const dbr_hand reps = representatives(legal, present);
    uint32_t check = 0;
    dd_cut *ce = NULL;
    if (reps & (reps - 1)) {
        /* the cut-off card's entry comes in while second hand's sure
         * tricks are counted (its load had been 10% of this function's
         * CPU samples, perf): CPU -1.9% on random deals 21-60 (six runs
         * alternated with the build without, load 5-6), instructions
         * +0.7% (the key found where second hand's tricks cut) */
        ce = cut_find(d, nd, tlen, seat, &check);
        DD_PREFETCH(ce);
    }
    if (tlen == 1) {
        /* the tricks second hand's side needs (1 or more): enough is a
         * cut-off either way (one test, not the side's two): deal.11 /
         * random 6 / golden 6-7 -0.03% / -0.04% / -0.03% (session 20) */
        const int want = ns_to_move ? target : dd_popcount(hand) - target + 1;
        dbr_hand qrel = 0;
        if (second_hand_tricks(d, nd, want, &qrel) >= want) {
            *rel_out = qrel;
            return ns_to_move;
        }
    }
    if (!ce) {
        /* one card to try (a hand has a card at every node): no order to
         * find (31% of the calls on the first 20 random deals; instructions
         * -3.8%, callgrind, random deals 1-3 and 7-13), and none of
         * try_moves' bookkeeping (its verdict is the card's). Measured and
         * not kept with it: the loop of gen_follows over suits and ranks,
         * without / 13 and % 13: the gain gone (GCC's code for the search
         * around it); a follow's suit and rank from the suit led: +0.2%
         * (again in session 19, after the moves were sorted: +0.2% on
         * deal.11, random 6 and golden 6-7) */
        const int res = play_and_search(d, nd, tlen, dbr__ctz(reps), target, &rel);
        *rel_out = res == ns_to_move ? rel : extend_runs(rel_lowest(rel), legal, present);
        return res;
    }
    int c = -1, first = -1;
    dbr_hand skip = 0;
    const int cc = cut_card(ce, check, seat, legal);
    if (cc >= 0) {
        /* the cut-off card goes first, tried before the others are
         * generated and weighed (most searches stop at it): its run's
         * move, the lowest card of the run */
        first = cut_move(reps, cc);
        c = try_first_in(d, nd, tlen, first, target, &rel, &skip);
    }
    if (c < 0) {
        const int n = gen_follows(d, nd, tlen, reps, skip, moves);
        c = try_moves_in(d, nd, tlen, moves, n, target, first, skip, &rel);
    }
    if (c >= 0) {
        result = ns_to_move;
        if (c != cc) cut_save(ce, check, seat, c);
    }
    /* Only a verdict that every card fails extends the runs (extend_runs:
     * the cards skipped as equivalent to a tried one must stay so). A card
     * that reaches the target proves the verdict by itself, with its own
     * relevant cards: every position of the class holds it (it is
     * described there) or a card of its suit below the lowest relevant one
     * (the same number of them), which plays to a position of the same
     * class. Measured (issue 19, session 15; tables' nodes at 32 MiB): the
     * six freak deals of dd_golden.json 204.93M -> 193.47M (-5.6%),
     * long_deals/deal.10 and deal.11 100.77M + 107.95M -> 101.00M + 101.93M
     * (-2.8%), the first 60 random deals 74.91M -> 72.97M (-2.6%); the first
     * 6 random deals' instructions -5.0% (callgrind). A succeeding card's
     * cards go up as they are, not cut to each suit's lowest (rel_lowest):
     * every reader of a verdict's cards reads each suit's lowest alone
     * (small_cards_done, the union of try_moves, rel_lowest in both
     * searches). With try_moves no longer finding the cut-off card's
     * cover again: the same nodes, instructions -1.0% (session 19,
     * callgrind: bridge-solver's hard_deals/deal.11, the first 6 random
     * deals, the golden 6-7 two-suiters). Measured and not kept (session
     * 19, the same three): extend_runs called only where a lowest relevant
     * card is the hand's, -0.1%; in gen_follows, fourth hand's cards of the
     * suit led at third hand read from later_led, -0.0%. */
    *rel_out = c >= 0 ? rel : extend_runs(rel_lowest(rel), legal, present);
    return result;
}

static DD_HOT int search_second(dbr_dd *d, const dd_node *nd, int target, dbr_hand *rel_out) {
    return search_follow(d, nd, target, rel_out, 1);
}
static DD_HOT int search_third(dbr_dd *d, const dd_node *nd, int target, dbr_hand *rel_out) {
    return search_follow(d, nd, target, rel_out, 2);
}
static DD_HOT int search_last(dbr_dd *d, const dd_node *nd, int target, dbr_hand *rel_out) {
    return search_follow(d, nd, target, rel_out, 3);
}

/* Can North-South take at least `target` of the tricks still to complete
 * (see search_lead and search_follow)? */
DBR_INLINE int search(dbr_dd *d, const dd_node *nd, int target, dbr_hand *rel_out) {
    return search_in(d, nd, nd->tlen, target, rel_out);
}

/* North-South's tricks from the node (of the `r` tricks still to complete),
 * found by zero-window searches from the guess. */
static int node_value(dbr_dd *d, const dd_node *nd, int r, int guess) {
    int lo = 0, hi = r;
    if (guess < 0) guess = 0;
    if (guess > r) guess = r;
    int t = guess < 1 ? 1 : guess;
    while (lo < hi) {
        if (t <= lo) t = lo + 1;
        if (t > hi) t = hi;
        dbr_hand rel;
        const int yes = search(d, nd, t, &rel);
        if (d->stopped) break;
        if (yes) {
            lo = t;
            t = t + 1;
        } else {
            hi = t - 1;
            t = t - 1;
        }
    }
    return lo;
}

/* ----------------------------------------------------------- public calls */

/* Load a position into the workspace; fills the root node and the number of
 * tricks still to complete. */
static dbr_status load(dbr_dd *d, const dbr_position *pos, dd_node *nd, int *r_out) {
    dbr_status st = dbr_position_validate(pos);
    if (st != DBR_OK) return st;
    const int seat = (pos->leader + pos->trick_len) & 3;
    const int k = dd_popcount(pos->hands[seat]);
    if (k == 0) return DBR_E_EMPTY;
    nd->lead = pos->leader;
    nd->tlen = pos->trick_len;
    nd->led = DBR_NO_SUIT;
    nd->wseat = pos->leader;
    nd->wcard = -1;
    nd->tmask = 0;
    dbr_hand in_trick = 0;
    for (int i = 0; i < pos->trick_len; i++) {
        int c = pos->trick[i], s = (pos->leader + i) & 3;
        if (i == 0) {
            nd->led = c / 13;
            nd->wcard = c;
            nd->wseat = s;
        } else {
            /* a hand that did not follow suit must be void in the suit led */
            if (c / 13 != nd->led && (pos->hands[s] & DBR_SUIT_MASK(nd->led))) return DBR_E_TRICK;
            if (beats(c, nd->wcard, pos->trump)) {
                nd->wcard = c;
                nd->wseat = s;
            }
        }
        in_trick |= (dbr_hand)1 << c;
    }
    nd->tmask = in_trick;
    /* a hand holding a card it did not hold in the deal the table knows
     * starts a new deal */
    dbr_hand held[4];
    for (int i = 0; i < 4; i++) held[i] = pos->hands[i];
    for (int i = 0; i < pos->trick_len; i++)
        held[(pos->leader + i) & 3] |= (dbr_hand)1 << pos->trick[i];
    int fresh = 0;
    for (int i = 0; i < 4; i++) fresh |= (held[i] & ~d->deal[i]) != 0;
    if (fresh) {
        tt_reset(d);
        d->cut_salt += DD_CUT_SALT;
        for (int i = 0; i < 4; i++) d->deal[i] = held[i];
    }
    for (int i = 0; i < 4; i++) d->h[i] = pos->hands[i];
    d->played = DBR_FULL_DECK & ~(d->h[0] | d->h[1] | d->h[2] | d->h[3] | in_trick);
    d->dist = dist_build(d->h);
    keys_build(held, &d->kb0, &d->kb1); /* the cards held and the trick's */
    /* A position at a trick boundary in which no hand holds a trump plays
     * exactly as in no trumps: it is searched, and keyed in the table, as a
     * no-trump position, so that the strains of a table share such
     * positions' entries (and no-trump rules apply). */
    d->trump = d->root_trump = pos->trump;
    if (pos->trump != DBR_NOTRUMP && !pos->trick_len &&
        !((d->h[0] | d->h[1] | d->h[2] | d->h[3]) & DBR_SUIT_MASK(pos->trump)))
        d->trump = DBR_NOTRUMP;
    d->gen++;
    d->stopped = 0;
    d->lead_classes = 0;
    d->root_r = k;
    *r_out = k;
    return DBR_OK;
}

DBR_INLINE int side_value(int ns, int r, int seat) { return (seat & 1) == 0 ? ns : r - ns; }

/* The first target of the zero-window searches, as North-South's tricks:
 * the side to play tries for half the tricks, rounded down (the side on
 * lead tends to take fewer than half: on the bench deals this probes fewer
 * times than North-South trying for half, rounded up). */
DBR_INLINE int first_guess(int r, int seat) { return (seat & 1) == 0 ? r / 2 : r - r / 2 + 1; }

dbr_status dbr_dd_solve(dbr_dd *dd, const dbr_position *pos, int *tricks_out) {
    if (!dd || !pos || !tricks_out) return DBR_E_NULL;
    if (dd->magic != DD_MAGIC) return DBR_E_WORKSPACE;
    dd_node nd;
    int r;
    dbr_status st = load(dd, pos, &nd, &r);
    if (st != DBR_OK) return st;
    int seat = (pos->leader + pos->trick_len) & 3;
    int ns = node_value(dd, &nd, r, first_guess(r, seat));
    if (dd->stopped) return DBR_E_FULL;
    *tricks_out = side_value(ns, r, seat);
    return DBR_OK;
}

dbr_status dbr_dd_solve_cards(dbr_dd *dd, const dbr_position *pos, int *tricks_out,
                              int8_t scores_out[DBR_NUM_CARDS]) {
    if (!dd || !pos || !scores_out) return DBR_E_NULL;
    if (dd->magic != DD_MAGIC) return DBR_E_WORKSPACE;
    dd_node nd;
    int r;
    dbr_status st = load(dd, pos, &nd, &r);
    if (st != DBR_OK) return st;
    const int seat = (nd.lead + nd.tlen) & 3;
    dbr_hand hand = dd->h[seat], legal = hand;
    if (nd.tlen) {
        dbr_hand f = hand & DBR_SUIT_MASK(nd.led);
        if (f) legal = f;
    }
    const dbr_hand present = ~dd->played & DBR_FULL_DECK;
    dbr_hand reps = representatives(legal, present);
    int8_t scores[DBR_NUM_CARDS];
    for (int i = 0; i < DBR_NUM_CARDS; i++) scores[i] = -1;
    int best_ns = -1, worst_ns = 99;
    int guess = first_guess(r, seat);
    /* Value each representative exactly; its run shares the value. */
    while (reps) {
        int c = dbr__ctz(reps);
        reps &= reps - 1;
        /* the value after playing c, as North-South's tricks of the r left */
        const dbr_hand bit = (dbr_hand)1 << c;
        dd_node ch;
        int bonus = 0, rr = r;
        const uint64_t len1 = (uint64_t)1 << (16 * (c / 13) + 4 * seat);
        const uint64_t kb0 = dd->kb0, kb1 = dd->kb1;
        dd->h[seat] &= ~bit;
        dd->dist -= len1;
        dbr_hand done = 0;
        if (child_node(&nd, seat, c, dd->trump, &ch) >= 0) { /* c completes the trick */
            done = nd.tmask | bit;
            keys_remove(dd, ~dd->played & DBR_FULL_DECK, done);
            dd->played |= done;
            bonus = (ch.lead & 1) == 0;
            rr = r - 1;
        }
        int ns = bonus + (rr ? node_value(dd, &ch, rr, guess - bonus) : 0);
        dd->played &= ~done;
        dd->h[seat] |= bit;
        dd->dist += len1;
        dd->kb0 = kb0;
        dd->kb1 = kb1;
        guess = ns;
        if (ns > best_ns) best_ns = ns;
        if (ns < worst_ns) worst_ns = ns;
        int v = side_value(ns, r, seat);
        /* the whole run of equivalent cards */
        int s = c / 13;
        unsigned p = suit_bits(present, s), l = suit_bits(legal, s);
        for (int rk = c % 13; rk < 13; rk++) {
            unsigned b = 1u << rk;
            if (!(p & b)) continue;
            if (!(l & b)) break;
            scores[13 * s + rk] = (int8_t)v;
        }
    }
    if (dd->stopped) return DBR_E_FULL;
    for (int i = 0; i < DBR_NUM_CARDS; i++) scores_out[i] = scores[i];
    if (tricks_out) *tricks_out = (seat & 1) == 0 ? best_ns : r - worst_ns;
    return DBR_OK;
}

/* The table: five strains of four leaders, one workspace, its entries kept
 * across the twenty solves (no-trump ones shared by every strain once the
 * trumps are out, see load). Measured on the 100 bench deals and not kept
 * (table trick-boundary nodes, 59,388,679 with what is here):
 * - first targets: the same leader's result in the previous strain
 *   +6%, only for a strain's first leader +2%, the median of the strains
 *   solved +5%, the last result +-1 when the other side leads +1..+4%;
 *   a perfect first target saves 3% at most;
 * - orders: no trumps first -0.3% (but the next single solve, in no
 *   trumps, inherits the killers of a suit strain: +1.7%); other suit
 *   orders within 0.2%; leaders N, S, E, W the same as partner's result;
 * - killers (and best leads by depth) forgotten at each strain: -0.2%;
 * - a new entry taking the place of a narrower one of weaker bounds
 *   (tt_store): -0.7% nodes, 5% fewer entries read a probe, no faster;
 * - the slot looked up before the bounds (its first block prefetched,
 *   the slot itself at the end of the trick before): 4-8% slower;
 * - workspace: 32 MiB evicts twice in the 100 tables; 8 MiB (+7% nodes)
 *   is no faster per node, so the table's size is not what costs;
 * - no table for positions of two tricks (three): +1.8% (+17%) nodes,
 *   slower;
 * - DD_BLOCK 16 (4): 59,706,964 (59,251,764) nodes, table median within
 *   the noise (slower). */
/* Issue 19, session 16 (solver19aa): bridge-solver's driver against ours
 * (tables' nodes at 32 MiB, tools/dd_nodes.py, first 60 random deals /
 * the six freak deals of dd_golden.json; ours 72,359,326 / 192,813,198).
 * Its driver: a first target per strain from GuessTricks (0 or all the
 * tricks, by the sides' high-card points and trump lengths; no trumps
 * half + 1 where North-South hold fewer points but not half as many),
 * leaders West, East, North, South, each next leader's first target the
 * last result + 1; its searches are fail-soft (a search returns the
 * tricks it proves, and the next target moves to them), ours give a
 * verdict, one trick a search. Measured and not kept: its driver whole,
 * 76,310,823 (+5.5%) / 195,433,042 (+1.4%; four voids 0-1-6-6 -9.7%,
 * 6-7 two-suiters -4.2%, the three-suiter +8.5%), instructions of the
 * first 6 random deals 10.079G -> 11.353G (+12.6%); GuessTricks in our
 * leaders' order, the last result + 1 after: 78.26M (+8.2%) / 195.39M
 * (+1.3%); GuessTricks for the first leader only, then ours, leaders W E
 * N S: 75.70M (+4.6%) / 195.22M (+1.2%); our guesses, leaders W E N S:
 * 77.49M (+7.1%) / 193.01M (+0.1%); all the tricks at every leader (its
 * extreme guess, searched down a trick at a time): 80.16M (+10.8%) /
 * 201.04M (+4.3%); none at every leader: 80.65M (+11.5%) / 198.39M
 * (+2.9%); ours + 1 after the first leader (its "+ 1"): 72.56M (+0.3%) /
 * 192.48M (-0.2%); ours - 1: 77.02M (+6.4%) / 200.05M (+3.8%). Without
 * fail-soft searches an extreme guess costs a search a trick; our guess
 * near the value and the leaders' order stay. */
/* Issue 19 (solver19ad): fail-soft searches, measured and not kept. A
 * search returned the bound it proves on North-South's tricks (at least
 * the target when it succeeds, below it when it fails), each from what
 * proves it with the same relevant cards: a deciding entry's lb or ub,
 * the bounds' counts (lead_side_max's, either side's sure trump tricks,
 * the quick tricks' where their cards hold for the count; the target
 * where cash_rel gives the cards of the tricks needed only, see below),
 * the last trick, the card that
 * reaches the target, and where every move fails the best of the moves'
 * bounds for the side to move; tt_store kept the bound, and node_value's
 * next target moved to it (L + 1 after a success, U after a failure).
 * Tables' nodes at 32 MiB (tools/dd_nodes.py), from this build's: the
 * first 60 random deals 64,546,032 -> 64,345,203 (-0.31%); the six freak
 * deals of dd_golden.json 163,580,528 -> 163,674,282 (+0.06%);
 * long_deals/deal.10 and deal.11 132,961,612 -> 122,237,120 (-8.1%),
 * long_deals/ 432,633,063 -> 425,314,575 (-1.7%). Instructions
 * (callgrind): random deals 1-6 6.372G -> 6.492G (+1.9%; nodes +0.5%),
 * deals 7-12 2.163G -> 2.194G (+1.4%; nodes -0.1%), 1.3-1.6% a node
 * (the bound carried through play_and_search and try_moves, kept in the
 * side to move's order, ~v for East-West, with no branch; with a branch
 * on the side to move, +2.7-2.8% on deals 1-6). CPU
 * (load 4-5, builds alternated twice): random 60 7.50, 7.23 s -> 7.13,
 * 6.96 s; deal.10 and deal.11 20.42, 21.88 s -> 20.49, 19.75 s: within
 * the noise of the loaded machine. The driver gains nothing: the root
 * searches of the 60 random deals' 1,200 rows 3,117 -> 3,108 (a search
 * rarely proves more than its target: the bounds count up to the tricks
 * needed, a search asked for 0 or fewer tricks proves 0, and the first
 * move that reaches the target ends the node); what the nodes gain is
 * the failing nodes' bounds in the table: with those left at the target
 * (fail-soft only where a move succeeds, the table or a bound decides),
 * random 64,542,995, freak 163,604,471, the gain gone. Also not kept:
 * the quick tricks' whole count with the cards of all the tricks counted
 * (cash_rel to the count): random 64,606,424 (+0.4% against the target's
 * 64,339,956); bridge-solver's extreme first guesses with the fail-soft
 * searches (random 60, from 64,342,576): all the tricks at every leader
 * 70,803,511 (+10.0%; 8,341 root searches, one trick a search down from
 * the top), none 71,265,606 (+10.8%), GuessTricks for the first leader
 * then the last result + 1 (its driver, our leaders' order) 69,213,556
 * (+7.6%), GuessTricks for the first leader then ours 68,877,758
 * (+7.0%), all the tricks for the first leader then ours 69,328,885
 * (+7.8%). Not a win on the random deals' instructions nor on the freak
 * deals' nodes. */
/* One strain of a deal's table (hands already validated, k cards each):
 * out[declarer] for the four declarers. */
static dbr_status dd_strain(dbr_dd *dd, const dbr_hand hands[4], int strain, int out[4]) {
    /* the first target: the last result, or partner's as leader when known
     * (the same side on lead; fewer searches than the other side's result) */
    int ns_led[4];
    int guess = first_guess(dd_popcount(hands[0] & DBR_FULL_DECK), 0);
    /* the cut-off cards are forgotten at each strain, and at each leader
     * when the hands have four voids or more (as bridge-solver does).
     * Measured and not kept (issue 19, session 17; tables' nodes, 32 MiB):
     * kept across the leaders where the hands have eight voids (the
     * two-suiters), DDS's thomas2.txt alone 491.1M -> 624.8M (+27%), yet
     * after thomas1.txt in the same workspace 580.5M -> 500.2M (-14%), the
     * golden 7-6 -9.4%, 6-7 -2.8%: the order of the leaders' work on such
     * a deal is luck worth +-15%, not a rule. Nor (session 20) the table
     * emptied at each leader there, as bridge-solver empties its cache
     * (shorter lists, shorter walks): thomas2.txt 207.56M -> 241.68M
     * nodes, CPU 18.4 -> 18.9 s; the golden 7-6 16.05M -> 21.68M, 6-7
     * 13.20M -> 18.98M (CPU 1.00 -> 1.28 s, 0.82 -> 1.13 s). */
    int voids = 0;
    for (int h = 0; h < 4; h++)
        for (int s = 0; s < 4; s++) voids += !(hands[h] & DBR_SUIT_MASK(s));
    dd->cut_salt += DD_CUT_SALT;
    for (int leader = 0; leader < 4; leader++) {
        if (leader && voids >= 4) dd->cut_salt += DD_CUT_SALT;
        if (leader >= 2) guess = ns_led[leader - 2];
        dbr_position pos;
        memset(&pos, 0, sizeof pos);
        for (int i = 0; i < 4; i++) pos.hands[i] = hands[i];
        pos.trump = (uint8_t)strain;
        pos.leader = (uint8_t)leader;
        dd_node nd;
        int r;
        dbr_status st = load(dd, &pos, &nd, &r);
        if (st != DBR_OK) return st;
        dd->lead_classes = voids >= 8 ? 2 : voids >= 4;
        int ns = node_value(dd, &nd, r, guess);
        if (dd->stopped) return DBR_E_FULL;
        guess = ns_led[leader] = ns;
        int declarer = (leader + 3) & 3;
        out[declarer] = (declarer & 1) == 0 ? ns : r - ns;
    }
    return DBR_OK;
}

/* The checks dbr_dd_table and dbr_dd_table_strain share. */
static dbr_status dd_table_check(const dbr_dd *dd, const dbr_hand *hands) {
    if (dd->magic != DD_MAGIC) return DBR_E_WORKSPACE;
    int k = dd_popcount(hands[0] & DBR_FULL_DECK);
    dbr_status st = dbr_deal_validate(hands, 4, k);
    if (st != DBR_OK) return st;
    return k == 0 ? DBR_E_EMPTY : DBR_OK;
}

dbr_status dbr_dd_table(dbr_dd *dd, const dbr_hand hands[4], int table_out[20]) {
    if (!dd || !hands || !table_out) return DBR_E_NULL;
    dbr_status st = dd_table_check(dd, hands);
    if (st != DBR_OK) return st;
    int table[20];
    for (int strain = 0; strain < 5; strain++) {
        st = dd_strain(dd, hands, strain, table + 4 * strain);
        if (st != DBR_OK) return st;
    }
    for (int i = 0; i < 20; i++) table_out[i] = table[i];
    return DBR_OK;
}

dbr_status dbr_dd_table_strain(dbr_dd *dd, const dbr_hand hands[4], int strain, int out[4]) {
    if (!dd || !hands || !out) return DBR_E_NULL;
    if (strain < 0 || strain > DBR_NOTRUMP) return DBR_E_STRAIN;
    dbr_status st = dd_table_check(dd, hands);
    if (st != DBR_OK) return st;
    int row[4];
    st = dd_strain(dd, hands, strain, row);
    if (st != DBR_OK) return st;
    for (int i = 0; i < 4; i++) out[i] = row[i];
    return DBR_OK;
}

dbr_status dbr_dd_table_batch(dbr_dd *dd, const dbr_hand *hands, size_t n_deals, int *tables_out,
                              size_t *failed_out) {
    if (!dd || (n_deals && (!hands || !tables_out))) return DBR_E_NULL;
    if (dd->magic != DD_MAGIC) return DBR_E_WORKSPACE;
    for (size_t i = 0; i < n_deals; i++) {
        dbr_status st = dbr_dd_table(dd, hands + 4 * i, tables_out + 20 * i);
        if (st != DBR_OK) {
            if (failed_out) *failed_out = i;
            return st;
        }
    }
    return DBR_OK;
}
