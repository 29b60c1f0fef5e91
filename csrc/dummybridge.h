/*
 * dummybridge.h -- the dummybridge C core: cards, hands, dealing, tricks,
 * hand statistics and fast random playouts for the Bridge family.
 *
 * This is the only public header. Every public name carries the prefix
 * `dbr_` (functions, types) or `DBR_` (macros, enum constants).
 *
 * Conventions
 * -----------
 * - C99, no dependencies beyond <stddef.h> and <stdint.h>.
 * - No global or static mutable state, no allocation: the caller owns every
 *   object (hands, decks, the PRNG state, output arrays). Every function is
 *   therefore re-entrant and thread-safe when called on distinct objects.
 * - Every fallible function returns a dbr_status; DBR_OK (0) is success and
 *   each failure has its own code. Outputs come last, as `*_out` pointers,
 *   and are written only on success. Nothing ever prints, aborts or exits.
 * - Pure queries that cannot fail (dbr_card_suit on a valid card, ...) are
 *   not provided: the encoding below is part of the API, so a caller may
 *   compute them directly.
 *
 * Card encoding
 * -------------
 *   card = suit * 13 + rank          (0 .. 51)
 *   suit : 0 = clubs, 1 = diamonds, 2 = hearts, 3 = spades (DBR_CLUBS ...)
 *   rank : 0 = two, 1 = three, ..., 8 = ten, 9 = jack, 10 = queen,
 *          11 = king, 12 = ace (ace high in play)
 * So C2 = 0, CA = 12, D2 = 13, H2 = 26, S2 = 39, SA = 51.
 *
 * A hand (dbr_hand) is a 64-bit set of cards: bit `card` is set when the
 * hand holds that card. Bits 52..63 must be clear (DBR_E_CARD otherwise).
 * The cards of suit s are the 13 bits starting at bit 13*s.
 *
 * Card codes are two characters, suit letter then rank: "SA", "HT", "D2",
 * "CJ". Parsing is case-insensitive and also accepts "10" for the ten
 * ("H10"). Formatting always gives the canonical upper-case form ("HT").
 * PBN hand notation lists ranks by suit in the order spades, hearts,
 * diamonds, clubs, separated by dots: "AKQ.T98.76.5432"; a void is an empty
 * field ("AKQJT98765432...").
 *
 * Seats are 0 .. n-1 in clockwise order; for the ordinary four-hand table
 * 0 = North, 1 = East, 2 = South, 3 = West. "Left" of seat s is s + 1
 * (mod n): the deal and the play both move to the left.
 *
 * Strains (a trump suit or none) use the suit numbers 0..3, and
 * DBR_NOTRUMP (4) for no trumps.
 */
#ifndef DUMMYBRIDGE_H
#define DUMMYBRIDGE_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* ---------------------------------------------------------------- version */

#define DBR_VERSION_MAJOR 0
#define DBR_VERSION_MINOR 1
#define DBR_VERSION_PATCH 0
/* Single number for comparisons: major*10000 + minor*100 + patch. */
#define DBR_VERSION 100
#define DBR_VERSION_STRING "0.1.0"

/* DBR_VERSION of the library actually linked (may differ from the header). */
int dbr_version(void);
/* DBR_VERSION_STRING of the library actually linked; a static string. */
const char *dbr_version_string(void);

/* --------------------------------------------------------------- statuses */

typedef enum dbr_status {
    DBR_OK = 0,
    DBR_E_NULL = 1,       /* a required pointer argument was NULL */
    DBR_E_CARD = 2,       /* a card number outside 0..51, or a hand with bits 52..63 set */
    DBR_E_PARSE = 3,      /* text that is not a card code / PBN hand / PBN deal */
    DBR_E_DUPLICATE = 4,  /* a card held twice (within a hand's text, or by two hands) */
    DBR_E_HAND_SIZE = 5,  /* a hand with the wrong number of cards */
    DBR_E_SUIT = 6,       /* a suit outside 0..3 */
    DBR_E_STRAIN = 7,     /* a strain outside 0..4 */
    DBR_E_SEAT = 8,       /* a seat outside 0..n-1 */
    DBR_E_COUNT = 9,      /* a count out of range (hands, cards, bound, trick size ...) */
    DBR_E_BUFFER = 10,    /* an output buffer too small */
    DBR_E_NOT_HELD = 11,  /* a card that the hand does not hold */
    DBR_E_REVOKE = 12,    /* a card that does not follow suit when the hand can */
    DBR_E_TRICK = 13,     /* an impossible current trick (cards, counts) */
    DBR_E_EMPTY = 14,     /* no cards where at least one is needed */
    DBR_E_RNG_STATE = 15, /* a PRNG state of all zeros (xoshiro256** would give 0 forever) */
    DBR_E_WORKSPACE = 16, /* a solver workspace too small, or not made by dbr_dd_init */
    DBR_E_FULL = 17       /* a solver's table full where the caller asked to grow it
                             (dbr_dd_set_stop_when_full, dbr_dd_grow) */
} dbr_status;

/* The number of distinct statuses (valid codes are 0 .. DBR_STATUS_COUNT-1). */
#define DBR_STATUS_COUNT 18

/* A static, human-readable description of a status ("card held twice").
 * Unknown codes give "unknown status". Never NULL. */
const char *dbr_status_str(int status);
/* The enum constant's name without prefix ("E_DUPLICATE", "OK"), or
 * "UNKNOWN". Never NULL. */
const char *dbr_status_name(int status);

/* ------------------------------------------------------- cards and hands */

typedef uint8_t dbr_card;  /* 0..51, see the encoding above */
typedef uint64_t dbr_hand; /* a set of cards */

enum {
    DBR_CLUBS = 0,
    DBR_DIAMONDS = 1,
    DBR_HEARTS = 2,
    DBR_SPADES = 3,
    DBR_NOTRUMP = 4, /* strain only */
    DBR_NO_SUIT = 4  /* "no suit led": the hand is on lead */
};

enum {
    DBR_RANK_2 = 0,
    DBR_RANK_3,
    DBR_RANK_4,
    DBR_RANK_5,
    DBR_RANK_6,
    DBR_RANK_7,
    DBR_RANK_8,
    DBR_RANK_9,
    DBR_RANK_T,
    DBR_RANK_J,
    DBR_RANK_Q,
    DBR_RANK_K,
    DBR_RANK_A
};

#define DBR_NUM_SUITS 4
#define DBR_NUM_RANKS 13
#define DBR_NUM_CARDS 52
#define DBR_MAX_HANDS 8 /* the most hands a deal may have */
#define DBR_FULL_DECK ((dbr_hand)0x000FFFFFFFFFFFFFull)
#define DBR_SUIT_MASK(s) ((dbr_hand)0x1FFFu << (13 * (s)))

/* Make a card from a suit (0..3) and a rank (0..12). */
dbr_status dbr_card_make(int suit, int rank, dbr_card *card_out);

/* Parse a card code of exactly `len` bytes ("SA", "h10"). */
dbr_status dbr_card_parse(const char *text, size_t len, dbr_card *card_out);

/* Write the canonical two-character code and a NUL: buf needs 3 bytes. */
dbr_status dbr_card_format(dbr_card card, char *buf, size_t bufsize);

/* Number of cards in a hand (DBR_E_CARD if bits 52..63 are set). */
dbr_status dbr_hand_count(dbr_hand hand, int *count_out);

/* Parse a PBN hand of exactly `len` bytes ("AKQ.T98.76.5432", spades first).
 * Exactly three dots; ranks "AKQJT98765432" in either case, "10" accepted
 * for the ten; a rank repeated within a suit is DBR_E_DUPLICATE. */
dbr_status dbr_hand_parse(const char *text, size_t len, dbr_hand *hand_out);

/* Write a PBN hand and a NUL (at most 52 + 3 + 1 = 56 bytes, see
 * DBR_HAND_TEXT_MAX). Ranks are written high to low. */
#define DBR_HAND_TEXT_MAX 56
dbr_status dbr_hand_format(dbr_hand hand, char *buf, size_t bufsize);

/* Check a deal: n hands (1..DBR_MAX_HANDS), no card held twice
 * (DBR_E_DUPLICATE), and, if cards_each >= 0, every hand holding exactly
 * cards_each cards (DBR_E_HAND_SIZE). Pass cards_each = -1 to skip sizes;
 * below -1 or above 52 is DBR_E_COUNT. */
dbr_status dbr_deal_validate(const dbr_hand *hands, int n, int cards_each);

/* Parse a PBN deal "N:h1 h2 h3 h4" (the first letter N, E, S or W names the
 * seat of the first hand, the others follow clockwise). A hand written "-"
 * is unknown and parsed as empty, and its seat's bit is set in
 * *unknown_out (may be NULL). hands_out[seat] receives each hand, with
 * seats 0 = N, 1 = E, 2 = S, 3 = W. The cards must be distinct. */
dbr_status dbr_deal_parse(const char *text, size_t len, dbr_hand hands_out[4],
                          unsigned *unknown_out);

/* -------------------------------------------------------------- the PRNG */

/* xoshiro256** (Blackman and Vigna), seeded through splitmix64:
 *   s[i] = splitmix64_next(&x) for i = 0..3, with x = seed initially.
 * The state is plain data; copy it to fork a stream. The all-zero state is
 * invalid (the generator would give 0 forever, and a bounded draw would never
 * end): seeding never makes it, and every function that draws refuses it
 * with DBR_E_RNG_STATE. */
typedef struct dbr_rng {
    uint64_t s[4];
} dbr_rng;

/* Seed the generator (every seed, including 0, is valid). */
dbr_status dbr_rng_seed(dbr_rng *rng, uint64_t seed);

/* The next raw 64-bit output. */
dbr_status dbr_rng_next(dbr_rng *rng, uint64_t *value_out);

/* An unbiased draw from 0 .. bound-1, for 1 <= bound <= 2^32 - 1
 * (DBR_E_COUNT otherwise). Specified exactly so that every platform gives
 * the same numbers: Lemire's multiply-and-reject on 32-bit words,
 *   loop: x = next() >> 32;  m = x * bound (64-bit);
 *         if (uint32)m >= (2^32 - bound) mod bound: return m >> 32
 * Each attempt consumes one raw output. */
dbr_status dbr_rng_below(dbr_rng *rng, uint32_t bound, uint32_t *value_out);

/* --------------------------------------------------------- deck and deal */

/* A pack of cards, top card first (cards[0] is dealt first). The deck
 * functions refuse a deck with more than 52 cards (DBR_E_COUNT), a card out
 * of range (DBR_E_CARD) or a card twice (DBR_E_DUPLICATE). */
typedef struct dbr_deck {
    dbr_card cards[DBR_NUM_CARDS];
    uint8_t count;
} dbr_deck;

/* The full pack in card-number order: C2, C3, ..., CA, D2, ..., SA. */
dbr_status dbr_deck_init(dbr_deck *deck);

/* Build a deck from the cards of a hand, in card-number order. */
dbr_status dbr_deck_from_hand(dbr_hand cards, dbr_deck *deck_out);

/* Fisher-Yates: for i = count-1 down to 1: j = below(i+1); swap(i, j). */
dbr_status dbr_deck_shuffle(dbr_deck *deck, dbr_rng *rng);

/* Cut: the top `at` cards go to the bottom, order kept (1 <= at < count;
 * at = 0 is allowed and does nothing). */
dbr_status dbr_deck_cut(dbr_deck *deck, int at);

/* Deal the top n_hands * cards_each cards one at a time, the first to the
 * hand on the dealer's left (dealer + 1 mod n_hands), then round to the
 * left. hands_out[0 .. n_hands-1] are overwritten. 1 <= n_hands <=
 * DBR_MAX_HANDS, cards_each >= 1, n_hands * cards_each <= deck->count. */
dbr_status dbr_deck_deal(const dbr_deck *deck, int n_hands, int cards_each, int dealer,
                         dbr_hand *hands_out);

/* A fresh deal: init, shuffle with rng, deal by the pattern. Equivalent to
 * the three calls above. */
dbr_status dbr_deal_random(dbr_rng *rng, int n_hands, int cards_each, int dealer,
                           dbr_hand *hands_out);

/* ------------------------------------------------------------------ play */

/* The cards the hand may play: the cards of the suit led if it holds any,
 * otherwise every card. led_suit = DBR_NO_SUIT when the hand is on lead;
 * outside 0..4 it is DBR_E_SUIT. An empty hand gives DBR_E_EMPTY. */
dbr_status dbr_legal_plays(dbr_hand hand, int led_suit, dbr_hand *legal_out);

/* The winner of a (possibly incomplete) trick: cards[0..n-1] in play order,
 * cards[0] led by seat `leader`, seat of cards[i] = (leader + i) mod
 * n_seats. The highest trump wins, otherwise the highest card of the suit
 * led. trump = 0..3 or DBR_NOTRUMP. Cards must be distinct. 1 <= n <=
 * n_seats <= DBR_MAX_HANDS. Writes the winning seat and (if not NULL) the
 * index in cards[] of the winning card. */
dbr_status dbr_trick_winner(const dbr_card *cards, int n, int leader, int n_seats, int trump,
                            int *seat_out, int *index_out);

/* ------------------------------------------------------ hand statistics */

/* Number of cards held in each suit: lengths_out[0..3] by suit number. */
dbr_status dbr_hand_suit_lengths(dbr_hand hand, int lengths_out[4]);

/* Number of aces held (0..4). */
dbr_status dbr_hand_aces(dbr_hand hand, int *aces_out);

/* Honours held for a strain: with a trump suit, the number of A K Q J T of
 * that suit (0..5); at no trumps (DBR_NOTRUMP), the number of aces (0..4). */
dbr_status dbr_hand_honours(dbr_hand hand, int strain, int *honours_out);

/* Pip strength of a suit: the sum of pip_table[rank] over the cards of the
 * suit held. pip_table has 13 entries, index = rank (0 = two .. 12 = ace).
 * The forced dummy declaration uses {2,3,4,5,6,7,8,9,10,10,10,10,11}. */
dbr_status dbr_hand_pips(dbr_hand hand, int suit, const uint8_t pip_table[13], int *pips_out);

/* The longest suits: bit s of *suits_out is set for every suit of maximal
 * length, and *length_out (may be NULL) is that length. An empty hand gives
 * all four suits and length 0. */
dbr_status dbr_hand_longest_suits(dbr_hand hand, unsigned *suits_out, int *length_out);

/* ------------------------------------------------------------- playouts */

/* A position in the play of a four-hand deal.
 *   hands[seat]   the cards still held (seats 0..3);
 *   trump         0..3 or DBR_NOTRUMP;
 *   leader        the seat that led to the current trick;
 *   trick_len     cards already played to the current trick (0..3);
 *   trick[i]      those cards in play order (only the first trick_len used);
 *   tricks[side]  tricks already won, side 0 = seats 0 and 2, side 1 = 1 and 3.
 * The hand to play next is (leader + trick_len) mod 4. It must hold k >= 0
 * cards; the hands that have already played to the trick hold k-1 and the
 * others k (DBR_E_HAND_SIZE otherwise); the trick's cards must be valid
 * (DBR_E_CARD) and all cards, in hands and the trick, distinct
 * (DBR_E_DUPLICATE); trump must be 0..4 (DBR_E_STRAIN), leader 0..3
 * (DBR_E_SEAT), trick_len 0..3 (DBR_E_TRICK), and the tricks already won
 * plus those still to play at most 13 (DBR_E_TRICK). A position may start
 * from any hand size. */
typedef struct dbr_position {
    dbr_hand hands[4];
    dbr_card trick[4];
    uint8_t trump;
    uint8_t leader;
    uint8_t trick_len;
    uint8_t tricks[2];
} dbr_position;

/* Check a position as described above. Its struct is 48 bytes on most
 * platforms (44 on i386, where uint64_t is 4-byte aligned): use sizeof. */
dbr_status dbr_position_validate(const dbr_position *pos);

/* Play the position out to the end with uniformly random legal cards:
 * at each turn, legal = dbr_legal_plays(hand, suit led); k =
 * below(popcount(legal)); the card played is the k-th lowest card of legal.
 * Each completed trick is won per dbr_trick_winner, and its winner leads
 * to the next. On success *pos holds the final position: empty hands,
 * trick_len 0, leader = the winner of the last trick, tricks[] the totals.
 * On failure *pos and *rng are unchanged. */
dbr_status dbr_playout(dbr_position *pos, dbr_rng *rng);

/* The cards the hand to play may play in this position (it must hold at
 * least one card: DBR_E_EMPTY otherwise). The position must be valid. */
dbr_status dbr_position_legal(const dbr_position *pos, dbr_hand *legal_out);

/* Flags for dbr_position_play. */
#define DBR_PLAY_ALLOW_REVOKE 1u /* accept a card that fails to follow suit */

/* Play `card` from the hand whose turn it is, the step a game takes for
 * each card. The position must be valid; the card must be held by that hand
 * (DBR_E_NOT_HELD) and follow suit when it can (DBR_E_REVOKE), unless flags
 * has DBR_PLAY_ALLOW_REVOKE (laws mode: a revoke happens and is dealt with
 * by the caller). When the card completes a trick the trick is decided as by
 * dbr_trick_winner, tricks[] counts it, the winner becomes the leader and
 * trick_len returns to 0; *winner_out (may be NULL) is then the winning seat,
 * otherwise -1. On failure nothing changes. */
dbr_status dbr_position_play(dbr_position *pos, dbr_card card, unsigned flags, int *winner_out);

/* dbr_position_play, then the next turn's choices: the whole step of a game's
 * play in one call. On success *legal_out (may be NULL) holds the cards the
 * hand to play next may play, as dbr_position_legal gives them, or 0 when it
 * holds none (the play is over). On failure nothing changes, *winner_out and
 * *legal_out included, and the status is dbr_position_play's. */
dbr_status dbr_position_step(dbr_position *pos, dbr_card card, unsigned flags, int *winner_out,
                             dbr_hand *legal_out);

/* dbr_position_step with its results packed in the return value, for a
 * binding's inner loop (one value crosses the boundary instead of three).
 * The one exception to the rule that a function returns a dbr_status: on
 * failure it returns -status (negative; nothing changes), on success
 * legal | (uint64_t)(winner + 1) << DBR_STEP_WINNER_SHIFT, legal and winner
 * being dbr_position_step's *legal_out and *winner_out (so the field is 0
 * while the trick goes on, 1 + the winning seat when the card completes it). */
#define DBR_STEP_WINNER_SHIFT 56
int64_t dbr_position_step_packed(dbr_position *pos, dbr_card card, unsigned flags);

/* Results of a batch of random deals. */
typedef struct dbr_batch_result {
    uint64_t deals;         /* deals played */
    uint64_t tricks[2];     /* total tricks won by side 0 (N-S) and side 1 (E-W) */
    uint64_t histogram[14]; /* histogram[t] = deals in which side 0 won t tricks */
} dbr_batch_result;

/* Deal and play out n_deals random deals: for each, dbr_deal_random(rng, 4,
 * 13, dealer, hands), then dbr_playout from the lead of the seat on the
 * dealer's left with the given trump. If side0_tricks_out is not NULL it
 * receives side 0's tricks for each deal (n_deals entries). The result is
 * overwritten (not accumulated). Exactly the same numbers as the single
 * calls with the same rng. */
dbr_status dbr_batch_playout(dbr_rng *rng, uint32_t n_deals, int trump, int dealer,
                             uint8_t *side0_tricks_out, dbr_batch_result *result_out);

/* ------------------------------------------------- sampling and claims */

/* Deal the cards of `pool` to the four hands, consistently with what is
 * known: hands_out[h] = known[h] plus need[h] cards of the pool, none of a
 * suit whose bit is set in voids[h] (a hand seen to fail to follow suit).
 * The need[] must add up to the pool's size and the voids must leave a way
 * to place every card (DBR_E_COUNT otherwise); known hands and the pool must
 * be disjoint (DBR_E_DUPLICATE). Each pool card in turn, in random order,
 * goes to a hand that may hold it with probability proportional to that
 * hand's free places, among the hands that leave the rest placeable: without
 * voids every deal is equally likely. */
dbr_status dbr_deal_constrained(dbr_rng *rng, const dbr_hand known[4], const int need[4],
                                const unsigned voids[4], dbr_hand pool, dbr_hand hands_out[4]);

/* Play the position out by simple maxims instead of at random: a hand on
 * lead plays a random card; a hand following takes the trick as cheaply as
 * it can (the lowest card of the suit led that wins, else the lowest trump
 * that wins) when the adversaries are winning it, and otherwise plays its
 * lowest card (discarding the lowest card outside trumps). As dbr_playout
 * otherwise. */
dbr_status dbr_playout_maxims(dbr_position *pos, dbr_rng *rng);

/* The sampling evaluation of the cards the hand to play may play. pos
 * holds what the player knows: the hands' known cards (the hand to play
 * must be complete: need[] of it 0, DBR_E_COUNT otherwise), the trick and
 * the tricks won; need/voids/pool as for dbr_deal_constrained. For each of
 * n_samples deals drawn by dbr_deal_constrained, every legal card is played
 * and the position played out by dbr_playout_maxims; totals_out[card] sums
 * the final tricks of the side to play (0 for cards not legal). */
dbr_status dbr_sample_plays(dbr_rng *rng, const dbr_position *pos, const int need[4],
                            const unsigned voids[4], dbr_hand pool, uint32_t n_samples,
                            uint32_t totals_out[DBR_NUM_CARDS]);

/* Whether `side` (0 = seats 0 and 2) is sure to take at least `target` of
 * the tricks still to be played from a valid position, with every hand seen
 * (double dummy): *result_out is 1 (yes, whatever the other side plays),
 * 0 (no: the other side can stop it), or -1 (undecided within node_limit
 * positions searched). side outside 0..1 or target outside 0..13 is
 * DBR_E_COUNT. */
dbr_status dbr_solve_target(const dbr_position *pos, int side, int target, uint64_t node_limit,
                            int *result_out);

/* ---------------------------------------------------- double-dummy solver */

/* Perfect play with every hand seen ("the hand is played double dummy").
 *
 * The solver works in a workspace that lives in memory the caller supplies:
 * a small header, the cut-off cards (move-order hints, about a 32nd of it, at
 * most 1 MiB) and a transposition table filling the rest. Nothing is
 * allocated and nothing is global, so calls on distinct workspaces may run in
 * parallel threads; one workspace serves one thread at a time. The table's
 * entries are facts about positions, valid for every later call, so a
 * workspace is initialised once and reused: later solves get faster.
 *
 *   size_t bytes = DBR_DD_DEFAULT_BYTES;       (or any size >= dbr_dd_min_bytes())
 *   void *mem = malloc(bytes);                 (the caller's memory)
 *   dbr_dd *dd;
 *   dbr_dd_init(mem, bytes, &dd);              (dd points into mem)
 *   dbr_dd_solve(dd, &pos, &tricks);
 *   free(mem);                                 (no dbr_dd_free: nothing else to release)
 *
 * Positions are dbr_position (see "playouts"): any number of cards left, equal
 * hands or a trick in progress, a trump suit or DBR_NOTRUMP. pos->tricks[] is
 * checked as by dbr_position_validate but does not affect the results, which
 * always count the tricks still to complete, the current one included. A
 * position whose current trick shows a hand failing to follow suit while it
 * still holds the suit led is impossible (DBR_E_TRICK). */

/* The default workspace size: 32 MiB. Any size from dbr_dd_min_bytes() up
 * works; more memory keeps more positions and helps on hard deals. */
#define DBR_DD_DEFAULT_BYTES ((size_t)32 << 20)

typedef struct dbr_dd dbr_dd; /* opaque; lives inside the caller's memory */

/* The smallest workspace dbr_dd_init accepts (a few tens of KiB). */
size_t dbr_dd_min_bytes(void);

/* Make a workspace in `memory` (any alignment; `bytes` >= dbr_dd_min_bytes(),
 * DBR_E_WORKSPACE otherwise). *dd_out points into memory, which must stay
 * valid and untouched while the workspace is used. */
dbr_status dbr_dd_init(void *memory, size_t bytes, dbr_dd **dd_out);

/* The most tricks the side of the hand to play can take, of the tricks still
 * to complete (the current one included), against best defence. */
dbr_status dbr_dd_solve(dbr_dd *dd, const dbr_position *pos, int *tricks_out);

/* The value of every legal card of the hand to play: scores_out[card] is the
 * most tricks that side can take (as for dbr_dd_solve) after playing it, and
 * -1 for every card it may not play. *tricks_out (may be NULL) is the best of
 * them, the result of dbr_dd_solve. */
dbr_status dbr_dd_solve_cards(dbr_dd *dd, const dbr_position *pos, int *tricks_out,
                              int8_t scores_out[52]);

/* The table of a deal of four equal hands (1..13 cards each): for each strain
 * (0..3 the suits, 4 = no trumps) and declarer seat (0..3), the tricks the
 * declarer's side takes with the declarer's left-hand opponent on lead:
 * table_out[strain * 4 + declarer]. */
dbr_status dbr_dd_table(dbr_dd *dd, const dbr_hand hands[4], int table_out[20]);

/* One strain's row of the table, the unit that parallel callers share out:
 * out[declarer] is table_out[strain * 4 + declarer] of dbr_dd_table (the
 * same search, so the same numbers). strain outside 0..4 is DBR_E_STRAIN. */
dbr_status dbr_dd_table_strain(dbr_dd *dd, const dbr_hand hands[4], int strain, int out[4]);

/* dbr_dd_table for n_deals deals: hands[4*i .. 4*i+3] give deal i and
 * tables_out[20*i .. 20*i+19] its table. On a bad deal the status is that
 * of dbr_dd_table, *failed_out (may be NULL) is the deal's index, and the
 * tables of the deals before it are written. */
dbr_status dbr_dd_table_batch(dbr_dd *dd, const dbr_hand *hands, size_t n_deals, int *tables_out,
                              size_t *failed_out);

/* The search nodes visited in this workspace so far (for benchmarks). */
dbr_status dbr_dd_nodes(const dbr_dd *dd, uint64_t *nodes_out);

/* Growth, only when asked. A workspace's memory is what the caller gave
 * dbr_dd_init: when its table is full the solver forgets about half of it
 * (the least useful entries) and goes on, always exact; *evictions_out is
 * how many times that has happened in this workspace. A caller that would
 * rather give more memory than forget asks for it:
 *
 *   dbr_dd_set_stop_when_full(dd, 1);
 *   while ((st = dbr_dd_table(dd, hands, table)) == DBR_E_FULL) {
 *       void *more = malloc(2 * bytes);        (the caller's memory again)
 *       dbr_dd *bigger;
 *       dbr_dd_grow(dd, more, 2 * bytes, &bigger);
 *       free(mem); mem = more; bytes *= 2; dd = bigger;
 *       (at the largest size it will give: dbr_dd_set_stop_when_full(dd, 0))
 *   }
 *
 * With stop set (stop 1; 0, the default, evicts), a call that fills the
 * table stops and returns DBR_E_FULL, its outputs unwritten and the table
 * whole: every entry stored is a fact, so the same call again (on a grown
 * workspace) finds its work so far in the table. dbr_dd_grow makes a new
 * workspace in `memory` (`bytes` at least the old workspace's size, the two
 * not overlapping; DBR_E_WORKSPACE otherwise) holding everything the old
 * one holds, the stop setting included; the old workspace is unchanged, and
 * the caller frees its memory when it likes. stop outside 0..1 is
 * DBR_E_COUNT. */
dbr_status dbr_dd_evictions(const dbr_dd *dd, uint64_t *evictions_out);
dbr_status dbr_dd_set_stop_when_full(dbr_dd *dd, int stop);
dbr_status dbr_dd_grow(const dbr_dd *dd, void *memory, size_t bytes, dbr_dd **dd_out);

#ifdef __cplusplus
}
#endif

#endif /* DUMMYBRIDGE_H */
