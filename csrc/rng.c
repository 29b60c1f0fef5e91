/* rng.c -- the specified PRNG (xoshiro256** seeded by splitmix64), the
 * deck, Fisher-Yates shuffle, cut and dealing by pattern. */
#include "internal.h"

static uint64_t splitmix64(uint64_t *x) {
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

dbr_status dbr_rng_seed(dbr_rng *rng, uint64_t seed) {
    if (!rng) return DBR_E_NULL;
    uint64_t x = seed;
    for (int i = 0; i < 4; i++) rng->s[i] = splitmix64(&x);
    return DBR_OK;
}

dbr_status dbr_rng_next(dbr_rng *rng, uint64_t *value_out) {
    if (!rng || !value_out) return DBR_E_NULL;
    if (DBR__ZERO_STATE(rng)) return DBR_E_RNG_STATE;
    *value_out = dbr__next(rng->s);
    return DBR_OK;
}

dbr_status dbr_rng_below(dbr_rng *rng, uint32_t bound, uint32_t *value_out) {
    if (!rng || !value_out) return DBR_E_NULL;
    if (bound == 0) return DBR_E_COUNT;
    if (DBR__ZERO_STATE(rng)) return DBR_E_RNG_STATE;
    *value_out = dbr__below(rng->s, bound);
    return DBR_OK;
}

dbr_status dbr_deck_init(dbr_deck *deck) {
    if (!deck) return DBR_E_NULL;
    for (int i = 0; i < DBR_NUM_CARDS; i++) deck->cards[i] = (dbr_card)i;
    deck->count = DBR_NUM_CARDS;
    return DBR_OK;
}

dbr_status dbr_deck_from_hand(dbr_hand cards, dbr_deck *deck_out) {
    if (!deck_out) return DBR_E_NULL;
    if (!DBR__VALID_HAND(cards)) return DBR_E_CARD;
    uint8_t n = 0;
    while (cards) {
        deck_out->cards[n++] = (dbr_card)dbr__ctz(cards);
        cards &= cards - 1;
    }
    deck_out->count = n;
    return DBR_OK;
}

static dbr_status check_deck(const dbr_deck *deck) {
    if (deck->count > DBR_NUM_CARDS) return DBR_E_COUNT;
    dbr_hand seen = 0;
    for (int i = 0; i < deck->count; i++) {
        dbr_card c = deck->cards[i];
        if (c >= DBR_NUM_CARDS) return DBR_E_CARD;
        dbr_hand bit = (dbr_hand)1 << c;
        if (seen & bit) return DBR_E_DUPLICATE;
        seen |= bit;
    }
    return DBR_OK;
}

dbr_status dbr_deck_shuffle(dbr_deck *deck, dbr_rng *rng) {
    if (!deck || !rng) return DBR_E_NULL;
    if (DBR__ZERO_STATE(rng)) return DBR_E_RNG_STATE;
    dbr_status st = check_deck(deck);
    if (st != DBR_OK) return st;
    for (int i = deck->count - 1; i > 0; i--) {
        uint32_t j = dbr__below(rng->s, (uint32_t)i + 1);
        dbr_card t = deck->cards[i];
        deck->cards[i] = deck->cards[j];
        deck->cards[j] = t;
    }
    return DBR_OK;
}

dbr_status dbr_deck_cut(dbr_deck *deck, int at) {
    if (!deck) return DBR_E_NULL;
    dbr_status st = check_deck(deck);
    if (st != DBR_OK) return st;
    if (at < 0 || (at > 0 && at >= deck->count)) return DBR_E_COUNT;
    dbr_card tmp[DBR_NUM_CARDS];
    int n = deck->count;
    for (int i = 0; i < n; i++) tmp[i] = deck->cards[(i + at) % n];
    for (int i = 0; i < n; i++) deck->cards[i] = tmp[i];
    return DBR_OK;
}

static dbr_status check_pattern(int n_hands, int cards_each, int dealer, int available) {
    if (n_hands < 1 || n_hands > DBR_MAX_HANDS) return DBR_E_COUNT;
    /* divided, not multiplied: n_hands * cards_each could overflow int */
    if (cards_each < 1 || cards_each > available / n_hands) return DBR_E_COUNT;
    if (dealer < 0 || dealer >= n_hands) return DBR_E_SEAT;
    return DBR_OK;
}

dbr_status dbr_deck_deal(const dbr_deck *deck, int n_hands, int cards_each, int dealer,
                         dbr_hand *hands_out) {
    if (!deck || !hands_out) return DBR_E_NULL;
    dbr_status st = check_deck(deck);
    if (st != DBR_OK) return st;
    st = check_pattern(n_hands, cards_each, dealer, deck->count);
    if (st != DBR_OK) return st;
    dbr_hand hands[DBR_MAX_HANDS] = {0};
    int seat = dealer;
    for (int p = 0; p < n_hands * cards_each; p++) {
        seat = seat + 1 == n_hands ? 0 : seat + 1;
        hands[seat] |= (dbr_hand)1 << deck->cards[p];
    }
    for (int i = 0; i < n_hands; i++) hands_out[i] = hands[i];
    return DBR_OK;
}

dbr_status dbr_deal_random(dbr_rng *rng, int n_hands, int cards_each, int dealer,
                           dbr_hand *hands_out) {
    if (!rng || !hands_out) return DBR_E_NULL;
    if (DBR__ZERO_STATE(rng)) return DBR_E_RNG_STATE;
    dbr_status st = check_pattern(n_hands, cards_each, dealer, DBR_NUM_CARDS);
    if (st != DBR_OK) return st;
    dbr_deck deck;
    dbr_deck_init(&deck);
    dbr_deck_shuffle(&deck, rng);
    return dbr_deck_deal(&deck, n_hands, cards_each, dealer, hands_out);
}
