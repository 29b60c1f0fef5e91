/* cards.c -- card and hand codes, PBN hands and deals, deal validation. */
#include "internal.h"

static const char suit_letters[4] = {'C', 'D', 'H', 'S'};
static const char rank_chars[13] = {'2', '3', '4', '5', '6', '7', '8',
                                    '9', 'T', 'J', 'Q', 'K', 'A'};

static int suit_from_char(char c) {
    switch (c) {
    case 'C':
    case 'c': return DBR_CLUBS;
    case 'D':
    case 'd': return DBR_DIAMONDS;
    case 'H':
    case 'h': return DBR_HEARTS;
    case 'S':
    case 's': return DBR_SPADES;
    default: return -1;
    }
}

static int rank_from_char(char c) {
    if (c >= '2' && c <= '9') return c - '2';
    switch (c) {
    case 'T':
    case 't': return DBR_RANK_T;
    case 'J':
    case 'j': return DBR_RANK_J;
    case 'Q':
    case 'q': return DBR_RANK_Q;
    case 'K':
    case 'k': return DBR_RANK_K;
    case 'A':
    case 'a': return DBR_RANK_A;
    default: return -1;
    }
}

/* Reads one rank at text[*i] ("10" counts as one rank); advances *i. */
static int read_rank(const char *text, size_t len, size_t *i) {
    if (text[*i] == '1') {
        if (*i + 1 < len && text[*i + 1] == '0') {
            *i += 2;
            return DBR_RANK_T;
        }
        return -1;
    }
    int r = rank_from_char(text[*i]);
    if (r >= 0) *i += 1;
    return r;
}

dbr_status dbr_card_make(int suit, int rank, dbr_card *card_out) {
    if (!card_out) return DBR_E_NULL;
    if (suit < 0 || suit > 3) return DBR_E_SUIT;
    if (rank < 0 || rank > 12) return DBR_E_CARD;
    *card_out = (dbr_card)(suit * 13 + rank);
    return DBR_OK;
}

dbr_status dbr_card_parse(const char *text, size_t len, dbr_card *card_out) {
    if (!text || !card_out) return DBR_E_NULL;
    if (len < 2 || len > 3) return DBR_E_PARSE;
    int suit = suit_from_char(text[0]);
    if (suit < 0) return DBR_E_PARSE;
    size_t i = 1;
    int rank = read_rank(text, len, &i);
    if (rank < 0 || i != len) return DBR_E_PARSE;
    *card_out = (dbr_card)(suit * 13 + rank);
    return DBR_OK;
}

dbr_status dbr_card_format(dbr_card card, char *buf, size_t bufsize) {
    if (!buf) return DBR_E_NULL;
    if (card >= DBR_NUM_CARDS) return DBR_E_CARD;
    if (bufsize < 3) return DBR_E_BUFFER;
    buf[0] = suit_letters[card / 13];
    buf[1] = rank_chars[card % 13];
    buf[2] = '\0';
    return DBR_OK;
}

dbr_status dbr_hand_count(dbr_hand hand, int *count_out) {
    if (!count_out) return DBR_E_NULL;
    if (!DBR__VALID_HAND(hand)) return DBR_E_CARD;
    *count_out = dbr__popcount(hand);
    return DBR_OK;
}

/* PBN order of suits in a hand: spades, hearts, diamonds, clubs. */
dbr_status dbr_hand_parse(const char *text, size_t len, dbr_hand *hand_out) {
    if (!text || !hand_out) return DBR_E_NULL;
    dbr_hand hand = 0;
    int suit = DBR_SPADES;
    size_t i = 0;
    while (i < len) {
        char c = text[i];
        if (c == '.') {
            if (suit == DBR_CLUBS) return DBR_E_PARSE; /* a fourth dot */
            suit--;
            i++;
            continue;
        }
        int rank = read_rank(text, len, &i);
        if (rank < 0) return DBR_E_PARSE;
        dbr_hand bit = (dbr_hand)1 << (suit * 13 + rank);
        if (hand & bit) return DBR_E_DUPLICATE;
        hand |= bit;
    }
    if (suit != DBR_CLUBS) return DBR_E_PARSE; /* fewer than three dots */
    *hand_out = hand;
    return DBR_OK;
}

dbr_status dbr_hand_format(dbr_hand hand, char *buf, size_t bufsize) {
    if (!buf) return DBR_E_NULL;
    if (!DBR__VALID_HAND(hand)) return DBR_E_CARD;
    size_t need = (size_t)dbr__popcount(hand) + 3 + 1;
    if (bufsize < need) return DBR_E_BUFFER;
    size_t n = 0;
    for (int suit = DBR_SPADES; suit >= DBR_CLUBS; suit--) {
        for (int rank = DBR_RANK_A; rank >= 0; rank--) {
            if (hand & ((dbr_hand)1 << (suit * 13 + rank))) buf[n++] = rank_chars[rank];
        }
        if (suit != DBR_CLUBS) buf[n++] = '.';
    }
    buf[n] = '\0';
    return DBR_OK;
}

dbr_status dbr_deal_validate(const dbr_hand *hands, int n, int cards_each) {
    if (!hands) return DBR_E_NULL;
    if (n < 1 || n > DBR_MAX_HANDS) return DBR_E_COUNT;
    if (cards_each > DBR_NUM_CARDS || cards_each < -1) return DBR_E_COUNT;
    dbr_hand seen = 0;
    for (int i = 0; i < n; i++) {
        if (!DBR__VALID_HAND(hands[i])) return DBR_E_CARD;
        if (seen & hands[i]) return DBR_E_DUPLICATE;
        seen |= hands[i];
    }
    if (cards_each >= 0) {
        for (int i = 0; i < n; i++) {
            if (dbr__popcount(hands[i]) != cards_each) return DBR_E_HAND_SIZE;
        }
    }
    return DBR_OK;
}

static int seat_from_char(char c) {
    switch (c) {
    case 'N':
    case 'n': return 0;
    case 'E':
    case 'e': return 1;
    case 'S':
    case 's': return 2;
    case 'W':
    case 'w': return 3;
    default: return -1;
    }
}

dbr_status dbr_deal_parse(const char *text, size_t len, dbr_hand hands_out[4],
                          unsigned *unknown_out) {
    if (!text || !hands_out) return DBR_E_NULL;
    if (len < 2 || text[1] != ':') return DBR_E_PARSE;
    int first = seat_from_char(text[0]);
    if (first < 0) return DBR_E_PARSE;
    dbr_hand hands[4] = {0, 0, 0, 0};
    unsigned unknown = 0;
    size_t i = 2;
    for (int k = 0; k < 4; k++) {
        if (k > 0) {
            /* hands are separated by one or more spaces */
            if (i >= len || text[i] != ' ') return DBR_E_PARSE;
            while (i < len && text[i] == ' ') i++;
        }
        size_t start = i;
        while (i < len && text[i] != ' ') i++;
        int seat = (first + k) % 4;
        if (i - start == 1 && text[start] == '-') {
            unknown |= 1u << seat;
            continue;
        }
        dbr_status st = dbr_hand_parse(text + start, i - start, &hands[seat]);
        if (st != DBR_OK) return st;
    }
    if (i != len) return DBR_E_PARSE;
    dbr_status st = dbr_deal_validate(hands, 4, -1);
    if (st != DBR_OK) return st;
    for (int k = 0; k < 4; k++) hands_out[k] = hands[k];
    if (unknown_out) *unknown_out = unknown;
    return DBR_OK;
}
