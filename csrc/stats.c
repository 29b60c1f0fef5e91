/* stats.c -- hand statistics used by the period rules. */
#include "internal.h"

dbr_status dbr_hand_suit_lengths(dbr_hand hand, int lengths_out[4]) {
    if (!lengths_out) return DBR_E_NULL;
    if (!DBR__VALID_HAND(hand)) return DBR_E_CARD;
    for (int s = 0; s < 4; s++) lengths_out[s] = dbr__popcount(hand & DBR_SUIT_MASK(s));
    return DBR_OK;
}

dbr_status dbr_hand_aces(dbr_hand hand, int *aces_out) {
    if (!aces_out) return DBR_E_NULL;
    if (!DBR__VALID_HAND(hand)) return DBR_E_CARD;
    const dbr_hand aces =
        ((dbr_hand)1 << 12) | ((dbr_hand)1 << 25) | ((dbr_hand)1 << 38) | ((dbr_hand)1 << 51);
    *aces_out = dbr__popcount(hand & aces);
    return DBR_OK;
}

dbr_status dbr_hand_honours(dbr_hand hand, int strain, int *honours_out) {
    if (!honours_out) return DBR_E_NULL;
    if (!DBR__VALID_HAND(hand)) return DBR_E_CARD;
    if (strain < 0 || strain > DBR_NOTRUMP) return DBR_E_STRAIN;
    if (strain == DBR_NOTRUMP) return dbr_hand_aces(hand, honours_out);
    /* A K Q J T are ranks 8..12 of the suit. */
    const dbr_hand honours = (dbr_hand)0x1F00u << (13 * strain);
    *honours_out = dbr__popcount(hand & honours);
    return DBR_OK;
}

dbr_status dbr_hand_pips(dbr_hand hand, int suit, const uint8_t pip_table[13], int *pips_out) {
    if (!pip_table || !pips_out) return DBR_E_NULL;
    if (!DBR__VALID_HAND(hand)) return DBR_E_CARD;
    if (suit < 0 || suit > 3) return DBR_E_SUIT;
    dbr_hand cards = (hand >> (13 * suit)) & 0x1FFFu;
    int total = 0;
    while (cards) {
        total += pip_table[dbr__ctz(cards)];
        cards &= cards - 1;
    }
    *pips_out = total;
    return DBR_OK;
}

dbr_status dbr_hand_longest_suits(dbr_hand hand, unsigned *suits_out, int *length_out) {
    if (!suits_out) return DBR_E_NULL;
    if (!DBR__VALID_HAND(hand)) return DBR_E_CARD;
    int best = -1;
    unsigned suits = 0;
    for (int s = 0; s < 4; s++) {
        int len = dbr__popcount(hand & DBR_SUIT_MASK(s));
        if (len > best) {
            best = len;
            suits = 1u << s;
        } else if (len == best) {
            suits |= 1u << s;
        }
    }
    *suits_out = suits;
    if (length_out) *length_out = best;
    return DBR_OK;
}
