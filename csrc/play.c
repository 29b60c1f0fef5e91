/* play.c -- legal plays and trick winners. */
#include "internal.h"

dbr_status dbr_legal_plays(dbr_hand hand, int led_suit, dbr_hand *legal_out) {
    if (!legal_out) return DBR_E_NULL;
    if (!DBR__VALID_HAND(hand)) return DBR_E_CARD;
    if (led_suit < 0 || led_suit > DBR_NO_SUIT) return DBR_E_SUIT;
    if (hand == 0) return DBR_E_EMPTY;
    if (led_suit != DBR_NO_SUIT) {
        dbr_hand follow = hand & DBR_SUIT_MASK(led_suit);
        if (follow) {
            *legal_out = follow;
            return DBR_OK;
        }
    }
    *legal_out = hand;
    return DBR_OK;
}

dbr_status dbr_trick_winner(const dbr_card *cards, int n, int leader, int n_seats, int trump,
                            int *seat_out, int *index_out) {
    if (!cards || !seat_out) return DBR_E_NULL;
    if (n_seats < 1 || n_seats > DBR_MAX_HANDS || n < 1 || n > n_seats) return DBR_E_COUNT;
    if (leader < 0 || leader >= n_seats) return DBR_E_SEAT;
    if (trump < 0 || trump > DBR_NOTRUMP) return DBR_E_STRAIN;
    dbr_hand seen = 0;
    for (int i = 0; i < n; i++) {
        if (cards[i] >= DBR_NUM_CARDS) return DBR_E_CARD;
        dbr_hand bit = (dbr_hand)1 << cards[i];
        if (seen & bit) return DBR_E_DUPLICATE;
        seen |= bit;
    }
    int best = 0;
    for (int i = 1; i < n; i++) {
        int suit = cards[i] / 13, best_suit = cards[best] / 13;
        if (suit == best_suit) {
            if (cards[i] > cards[best]) best = i;
        } else if (suit == trump) {
            best = i;
        }
    }
    *seat_out = (leader + best) % n_seats;
    if (index_out) *index_out = best;
    return DBR_OK;
}
