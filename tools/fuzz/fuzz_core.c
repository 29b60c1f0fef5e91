/* fuzz_core.c -- a libFuzzer-style harness for the C core's entry points
 * that take outside bytes (issue 22: "a libFuzzer or AFL-style harness for
 * the C parsers, built with sanitizers").
 *
 * The first byte chooses the entry point, the rest is its input:
 *   0  dbr_card_parse          a card code ("SA", "h10"), then format and parse again
 *   1  dbr_hand_parse          a PBN hand, then format and parse again
 *   2  dbr_deal_parse          a PBN deal ("N:... ... ... ..."), then validate it
 *   3  dbr_position_validate   48 bytes as a position; a valid one is then
 *                              asked its legal cards, stepped, played out and,
 *                              when small, solved double dummy
 *   4  dbr_deal_validate       hands, a count and a size from the bytes
 *   5  dbr_trick_winner        cards, leader, seats and trump from the bytes
 *   6  dbr_legal_plays and the hand statistics of any 64-bit hand
 *   7  dbr_deal_random / dbr_deck_deal with hands, sizes and dealer from the bytes
 *
 * Every call either succeeds or returns a status: both are fine (a "clean
 * error" is a status other than DBR_OK). An "internal error" is a broken
 * promise of dummybridge.h: a card or hand that does not read back as it
 * was written, a result out of its range, a status no input explains
 * (DBR_E_NULL, DBR_E_WORKSPACE). It calls fuzz_internal_error(), which
 * counts it and, with FUZZ_ABORT_ON_INTERNAL=1, aborts so that libFuzzer
 * keeps the input. Memory errors and undefined behaviour are the
 * sanitizers' (AddressSanitizer, UndefinedBehaviorSanitizer): a crash.
 *
 * Built by tools/fuzz/run.sh: with clang -fsanitize=fuzzer,address,undefined
 * when clang is installed, otherwise with gcc and tools/fuzz/driver.c. */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dummybridge.h"

/* Outcome counters, by input, printed at exit. An input is a clean error
 * when the entry point it chose refused it (its first call's status). */
static unsigned long long fuzz_clean_errors;
static unsigned long long fuzz_internal_errors;
static unsigned long long fuzz_successes;
static int first_status = -1; /* of the current input: -1 until its first call */

static void fuzz_internal_error(const char *what, const uint8_t *data, size_t size) {
    fuzz_internal_errors++;
    fprintf(stderr, "fuzz_core: internal error: %s (input of %zu bytes)\n", what, size);
    const char *dir = getenv("FUZZ_FINDINGS");
    if (dir != NULL) {
        char path[4096];
        snprintf(path, sizeof path, "%s/internal-core-%llu.bin", dir, fuzz_internal_errors);
        FILE *f = fopen(path, "wb");
        if (f != NULL) {
            fwrite(data, 1, size, f);
            fclose(f);
        }
    }
    const char *stop = getenv("FUZZ_ABORT_ON_INTERNAL");
    if (stop != NULL && stop[0] == '1') abort();
}

/* A status: counted as a clean error unless no input can explain it. */
static int outcome(dbr_status st, const uint8_t *data, size_t size) {
    if (first_status < 0) first_status = (int)st;
    if (st == DBR_OK) return 1;
    if (st == DBR_E_NULL || st == DBR_E_WORKSPACE || (int)st < 0 || (int)st >= DBR_STATUS_COUNT)
        fuzz_internal_error(dbr_status_name((int)st), data, size);
    return 0;
}

static uint64_t read_u64(const uint8_t *p) {
    uint64_t v = 0;
    for (int i = 0; i < 8; i++) v |= (uint64_t)p[i] << (8 * i);
    return v;
}

static void fuzz_card(const uint8_t *data, size_t size, const uint8_t *all, size_t all_size) {
    dbr_card card;
    if (!outcome(dbr_card_parse((const char *)data, size, &card), all, all_size)) return;
    char buf[3];
    dbr_card again;
    if (card >= DBR_NUM_CARDS || dbr_card_format(card, buf, sizeof buf) != DBR_OK ||
        dbr_card_parse(buf, 2, &again) != DBR_OK || again != card)
        fuzz_internal_error("a card does not read back as written", all, all_size);
}

static void fuzz_hand(const uint8_t *data, size_t size, const uint8_t *all, size_t all_size) {
    dbr_hand hand;
    if (!outcome(dbr_hand_parse((const char *)data, size, &hand), all, all_size)) return;
    char buf[DBR_HAND_TEXT_MAX];
    dbr_hand again;
    int count;
    if ((hand & ~DBR_FULL_DECK) != 0 || dbr_hand_format(hand, buf, sizeof buf) != DBR_OK ||
        dbr_hand_parse(buf, strlen(buf), &again) != DBR_OK || again != hand ||
        dbr_hand_count(hand, &count) != DBR_OK || count > 13 * 4)
        fuzz_internal_error("a hand does not read back as written", all, all_size);
}

static void fuzz_deal(const uint8_t *data, size_t size, const uint8_t *all, size_t all_size) {
    dbr_hand hands[4];
    unsigned unknown = 0;
    if (!outcome(dbr_deal_parse((const char *)data, size, hands, &unknown), all, all_size)) return;
    if (unknown > 0xF || dbr_deal_validate(hands, 4, -1) != DBR_OK)
        fuzz_internal_error("a parsed deal is not a deal", all, all_size);
}

/* A small workspace for the double-dummy solver, made once. */
static dbr_dd *workspace(void) {
    static dbr_dd *dd;
    static void *memory;
    if (dd == NULL) {
        size_t bytes = dbr_dd_min_bytes() * 4;
        memory = malloc(bytes);
        if (memory == NULL || dbr_dd_init(memory, bytes, &dd) != DBR_OK) abort();
    }
    return dd;
}

static void fuzz_position(const uint8_t *data, size_t size, const uint8_t *all, size_t all_size) {
    if (size < 46) return;
    dbr_position pos;
    memset(&pos, 0, sizeof pos);
    for (int i = 0; i < 4; i++) pos.hands[i] = read_u64(data + 8 * i);
    memcpy(pos.trick, data + 32, 4);
    pos.trump = data[36];
    pos.leader = data[37];
    pos.trick_len = data[38];
    pos.tricks[0] = data[39];
    pos.tricks[1] = data[40];
    if (!outcome(dbr_position_validate(&pos), all, all_size)) return;
    dbr_hand legal = 0;
    dbr_status st = dbr_position_legal(&pos, &legal);
    if (st != DBR_OK && st != DBR_E_EMPTY)
        fuzz_internal_error("no legal cards in a valid position", all, all_size);
    int cards = 0;
    for (int i = 0; i < 4; i++) {
        int n;
        dbr_hand_count(pos.hands[i], &n);
        cards += n;
    }
    dbr_position step = pos;
    int winner = -1;
    dbr_hand next_legal;
    (void)outcome(
        dbr_position_step(&step, (dbr_card)(data[41] % 64), data[42] & 1, &winner, &next_legal),
        all, all_size);
    dbr_rng rng;
    dbr_rng_seed(&rng, read_u64(data + 32));
    dbr_position played = pos;
    if (outcome(dbr_playout(&played, &rng), all, all_size) &&
        played.tricks[0] + played.tricks[1] > 13)
        fuzz_internal_error("a playout took more than 13 tricks", all, all_size);
    played = pos;
    (void)outcome(dbr_playout_maxims(&played, &rng), all, all_size);
    int result = 2;
    (void)outcome(dbr_solve_target(&pos, data[43] % 3, data[44] % 15, 2000, &result), all,
                  all_size);
    if (cards <= 16) {
        int tricks = -1;
        int8_t scores[52];
        if (outcome(dbr_dd_solve_cards(workspace(), &pos, &tricks, scores), all, all_size) &&
            (tricks < 0 || tricks > 13))
            fuzz_internal_error("a double-dummy result out of range", all, all_size);
    }
}

static void fuzz_deal_validate(const uint8_t *data, size_t size, const uint8_t *all,
                               size_t all_size) {
    if (size < 2) return;
    dbr_hand hands[DBR_MAX_HANDS + 2];
    int n = (int)(data[0] % (DBR_MAX_HANDS + 3)) - 1; /* -1 .. MAX+1 */
    int each = (int)data[1] - 2;                      /* -2 .. 253 */
    memset(hands, 0, sizeof hands);
    for (size_t i = 0; i < DBR_MAX_HANDS + 2 && 2 + 8 * (i + 1) <= size; i++)
        hands[i] = read_u64(data + 2 + 8 * i);
    (void)outcome(dbr_deal_validate(hands, n, each), all, all_size);
}

static void fuzz_trick(const uint8_t *data, size_t size, const uint8_t *all, size_t all_size) {
    if (size < 4) return;
    dbr_card cards[DBR_MAX_HANDS + 2];
    memset(cards, 0, sizeof cards);
    int n = (int)(data[0] % (DBR_MAX_HANDS + 3)) - 1;
    int seats = (int)(data[1] % (DBR_MAX_HANDS + 3)) - 1;
    int leader = (int)(data[2] % 12) - 1;
    int trump = (int)(data[3] % 8) - 1;
    for (size_t i = 0; i < DBR_MAX_HANDS + 2 && 4 + i < size; i++) cards[i] = data[4 + i];
    int seat = -1, index = -1;
    if (outcome(dbr_trick_winner(cards, n, leader, seats, trump, &seat, &index), all, all_size) &&
        (seat < 0 || seat >= seats || index < 0 || index >= n))
        fuzz_internal_error("a trick won by no one at the table", all, all_size);
}

static void fuzz_hand_stats(const uint8_t *data, size_t size, const uint8_t *all, size_t all_size) {
    if (size < 9) return;
    dbr_hand hand = read_u64(data), legal;
    int lengths[4], aces, honours, length, pips;
    unsigned suits;
    uint8_t table[13];
    for (int i = 0; i < 13; i++) table[i] = (uint8_t)i;
    (void)outcome(dbr_legal_plays(hand, (int)(data[8] % 8) - 1, &legal), all, all_size);
    (void)outcome(dbr_hand_suit_lengths(hand, lengths), all, all_size);
    (void)outcome(dbr_hand_aces(hand, &aces), all, all_size);
    (void)outcome(dbr_hand_honours(hand, (int)(data[8] % 8) - 1, &honours), all, all_size);
    (void)outcome(dbr_hand_pips(hand, (int)(data[8] % 8) - 1, table, &pips), all, all_size);
    (void)outcome(dbr_hand_longest_suits(hand, &suits, &length), all, all_size);
    char buf[DBR_HAND_TEXT_MAX];
    (void)outcome(dbr_hand_format(hand, buf, (size_t)(data[8] % 64)), all, all_size);
}

static void fuzz_dealing(const uint8_t *data, size_t size, const uint8_t *all, size_t all_size) {
    if (size < 12) return;
    dbr_hand hands[DBR_MAX_HANDS];
    dbr_rng rng;
    int n = (int)(data[0] % (DBR_MAX_HANDS + 3)) - 1;
    int each = (int)(data[1] % 60) - 2;
    int dealer = (int)(data[2] % 12) - 1;
    dbr_rng_seed(&rng, read_u64(data + 3));
    if (n > DBR_MAX_HANDS) n = DBR_MAX_HANDS + 1; /* must be refused before anything is written */
    (void)outcome(dbr_deal_random(&rng, n, each, dealer, hands), all, all_size);
    dbr_deck deck;
    dbr_deck_init(&deck);
    (void)outcome(dbr_deck_cut(&deck, (int)data[11] - 10), all, all_size);
}

/* The counts, for tools/fuzz/run.sh: printed when the process ends normally. */
__attribute__((destructor)) static void report(void) {
    fprintf(stderr,
            "fuzz_core: outcomes: %llu successes, %llu clean errors, %llu internal errors\n",
            fuzz_successes, fuzz_clean_errors, fuzz_internal_errors);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1) {
        fuzz_successes++;
        return 0;
    }
    const uint8_t *rest = data + 1;
    size_t n = size - 1;
    first_status = -1;
    switch (data[0] % 8) {
    case 0: fuzz_card(rest, n, data, size); break;
    case 1: fuzz_hand(rest, n, data, size); break;
    case 2: fuzz_deal(rest, n, data, size); break;
    case 3: fuzz_position(rest, n, data, size); break;
    case 4: fuzz_deal_validate(rest, n, data, size); break;
    case 5: fuzz_trick(rest, n, data, size); break;
    case 6: fuzz_hand_stats(rest, n, data, size); break;
    default: fuzz_dealing(rest, n, data, size); break;
    }
    if (first_status > 0)
        fuzz_clean_errors++;
    else
        fuzz_successes++; /* read, or too short to call anything with */
    return 0;
}
