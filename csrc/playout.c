/* playout.c -- uniformly random legal playouts and the batch call. */
#include "internal.h"

/* Suit of each card (card / 13), as a table: avoids a division in the hot loop. */
static const uint8_t suit_of[DBR_NUM_CARDS] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
    2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3,
};

static const dbr_hand suit_mask[4] = {DBR_SUIT_MASK(0), DBR_SUIT_MASK(1), DBR_SUIT_MASK(2),
                                      DBR_SUIT_MASK(3)};

/* Choose a uniformly random legal card for `hand` (non-empty) with `led`
 * the suit led, or 4 (DBR_NO_SUIT) when on lead. */
DBR_INLINE int choose(dbr_hand hand, int led, uint64_t *s) {
    dbr_hand legal = hand;
    if (led != DBR_NO_SUIT) {
        dbr_hand follow = hand & suit_mask[led];
        if (follow) legal = follow;
    }
    uint32_t k = dbr__below(s, (uint32_t)dbr__popcount(legal));
    return dbr__select(legal, k);
}

/* Play out from a valid position. hands[] is consumed; tricks[] accumulates.
 * Returns the winner of the last trick (or leader if nothing was played). */
DBR_INLINE int play_out(dbr_hand hands[4], int trump, int leader, int trick_len,
                        const dbr_card *trick, unsigned tricks[2], uint64_t *s) {
    int win_card = -1, win_seat = leader, led = DBR_NO_SUIT;
    /* Finish the current trick first. */
    for (int i = 0; i < trick_len; i++) {
        int c = trick[i], seat = (leader + i) & 3;
        if (i == 0) {
            led = suit_of[c];
            win_card = c;
            win_seat = seat;
        } else if (suit_of[c] == suit_of[win_card] ? c > win_card : suit_of[c] == trump) {
            win_card = c;
            win_seat = seat;
        }
    }
    int seat = (leader + trick_len) & 3;
    int pos = trick_len;
    while (hands[seat]) {
        int c = choose(hands[seat], pos == 0 ? DBR_NO_SUIT : led, s);
        hands[seat] &= ~((dbr_hand)1 << c);
        if (pos == 0) {
            led = suit_of[c];
            win_card = c;
            win_seat = seat;
        } else if (suit_of[c] == suit_of[win_card] ? c > win_card : suit_of[c] == trump) {
            win_card = c;
            win_seat = seat;
        }
        if (++pos == 4) {
            tricks[win_seat & 1]++;
            seat = win_seat;
            pos = 0;
        } else {
            seat = (seat + 1) & 3;
        }
    }
    return win_seat;
}

dbr_status dbr_position_validate(const dbr_position *pos) {
    if (!pos) return DBR_E_NULL;
    if (pos->trump > DBR_NOTRUMP) return DBR_E_STRAIN;
    if (pos->leader > 3) return DBR_E_SEAT;
    if (pos->trick_len > 3) return DBR_E_TRICK;
    dbr_hand seen = 0;
    for (int i = 0; i < 4; i++) {
        if (!DBR__VALID_HAND(pos->hands[i])) return DBR_E_CARD;
        if (seen & pos->hands[i]) return DBR_E_DUPLICATE;
        seen |= pos->hands[i];
    }
    for (int i = 0; i < pos->trick_len; i++) {
        if (pos->trick[i] >= DBR_NUM_CARDS) return DBR_E_CARD;
        dbr_hand bit = (dbr_hand)1 << pos->trick[i];
        if (seen & bit) return DBR_E_DUPLICATE;
        seen |= bit;
    }
    int next = (pos->leader + pos->trick_len) & 3;
    int k = dbr__popcount(pos->hands[next]);
    for (int i = 0; i < 4; i++) {
        int seat = (pos->leader + i) & 3;
        int want = i < pos->trick_len ? k - 1 : k;
        if (dbr__popcount(pos->hands[seat]) != want) return DBR_E_HAND_SIZE;
    }
    if ((int)pos->tricks[0] + pos->tricks[1] + k > 13) return DBR_E_TRICK;
    return DBR_OK;
}

/* The cards the hand to play may play in a valid position (0 if it holds none). */
DBR_INLINE dbr_hand legal_in(const dbr_position *pos) {
    dbr_hand hand = pos->hands[(pos->leader + pos->trick_len) & 3];
    if (hand && pos->trick_len) {
        dbr_hand follow = hand & suit_mask[suit_of[pos->trick[0]]];
        if (follow) hand = follow;
    }
    return hand;
}

dbr_status dbr_position_legal(const dbr_position *pos, dbr_hand *legal_out) {
    if (!pos || !legal_out) return DBR_E_NULL;
    dbr_status st = dbr_position_validate(pos);
    if (st != DBR_OK) return st;
    dbr_hand hand = legal_in(pos);
    if (!hand) return DBR_E_EMPTY;
    *legal_out = hand;
    return DBR_OK;
}

dbr_status dbr_position_play(dbr_position *pos, dbr_card card, unsigned flags, int *winner_out) {
    if (!pos) return DBR_E_NULL;
    if (card >= DBR_NUM_CARDS) return DBR_E_CARD;
    dbr_status st = dbr_position_validate(pos);
    if (st != DBR_OK) return st;
    const int seat = (pos->leader + pos->trick_len) & 3;
    const dbr_hand hand = pos->hands[seat], bit = (dbr_hand)1 << card;
    if (!(hand & bit)) return DBR_E_NOT_HELD;
    if (pos->trick_len && !(flags & DBR_PLAY_ALLOW_REVOKE)) {
        const int led = suit_of[pos->trick[0]];
        if (suit_of[card] != led && (hand & suit_mask[led])) return DBR_E_REVOKE;
    }
    pos->hands[seat] = hand & ~bit;
    pos->trick[pos->trick_len++] = card;
    int winner = -1;
    if (pos->trick_len == 4) {
        int best = 0;
        for (int i = 1; i < 4; i++) {
            int c = pos->trick[i], w = pos->trick[best];
            if (suit_of[c] == suit_of[w] ? c > w : suit_of[c] == pos->trump) best = i;
        }
        winner = (pos->leader + best) & 3;
        pos->tricks[winner & 1]++;
        pos->leader = (uint8_t)winner;
        pos->trick_len = 0;
    }
    if (winner_out) *winner_out = winner;
    return DBR_OK;
}

dbr_status dbr_position_step(dbr_position *pos, dbr_card card, unsigned flags, int *winner_out,
                             dbr_hand *legal_out) {
    dbr_status st = dbr_position_play(pos, card, flags, winner_out);
    if (st != DBR_OK) return st;
    if (legal_out) *legal_out = legal_in(pos);
    return DBR_OK;
}

int64_t dbr_position_step_packed(dbr_position *pos, dbr_card card, unsigned flags) {
    int winner = -1;
    dbr_status st = dbr_position_play(pos, card, flags, &winner);
    if (st != DBR_OK) return -(int64_t)st;
    return (int64_t)(legal_in(pos) | (uint64_t)(winner + 1) << DBR_STEP_WINNER_SHIFT);
}

dbr_status dbr_playout(dbr_position *pos, dbr_rng *rng) {
    if (!pos || !rng) return DBR_E_NULL;
    if (DBR__ZERO_STATE(rng)) return DBR_E_RNG_STATE;
    dbr_status st = dbr_position_validate(pos);
    if (st != DBR_OK) return st;
    dbr_hand hands[4] = {pos->hands[0], pos->hands[1], pos->hands[2], pos->hands[3]};
    unsigned tricks[2] = {pos->tricks[0], pos->tricks[1]};
    int last = play_out(hands, pos->trump, pos->leader, pos->trick_len, pos->trick, tricks, rng->s);
    /* A position with a trick in progress and no cards left cannot pass
     * validation (the next hand would hold -1), so every trick completes. */
    for (int i = 0; i < 4; i++) pos->hands[i] = 0;
    pos->leader = (uint8_t)last;
    pos->trick_len = 0;
    pos->tricks[0] = (uint8_t)tricks[0];
    pos->tricks[1] = (uint8_t)tricks[1];
    return DBR_OK;
}

/* The batch loop, written once and instantiated below: plain, and (on
 * x86-64 with GCC or Clang) compiled for the POPCNT instruction, chosen at
 * run time. Both give the same numbers; POPCNT is only faster. */
DBR_INLINE void batch_loop(uint64_t *s, uint32_t n_deals, int trump, int dealer,
                           uint8_t *side0_tricks_out, dbr_batch_result *res) {
    const int leader = (dealer + 1) & 3;
    for (uint32_t d = 0; d < n_deals; d++) {
        /* dbr_deal_random fused: Fisher-Yates from the top of the pack down;
         * position i is final once step i is done, and goes to seat
         * (dealer + 1 + i) mod 4. */
        dbr_card deck[DBR_NUM_CARDS];
        for (int i = 0; i < DBR_NUM_CARDS; i++) deck[i] = (dbr_card)i;
        dbr_hand hands[4] = {0, 0, 0, 0};
        for (int i = DBR_NUM_CARDS - 1; i > 0; i--) {
            uint32_t j = dbr__below(s, (uint32_t)i + 1);
            dbr_card t = deck[j];
            deck[j] = deck[i];
            hands[(leader + i) & 3] |= (dbr_hand)1 << t;
        }
        hands[leader] |= (dbr_hand)1 << deck[0];
        unsigned tricks[2] = {0, 0};
        play_out(hands, trump, leader, 0, NULL, tricks, s);
        res->tricks[0] += tricks[0];
        res->tricks[1] += tricks[1];
        res->histogram[tricks[0]]++;
        if (side0_tricks_out) side0_tricks_out[d] = (uint8_t)tricks[0];
    }
    res->deals = n_deals;
}

static void batch_generic(uint64_t *s, uint32_t n_deals, int trump, int dealer,
                          uint8_t *side0_tricks_out, dbr_batch_result *res) {
    batch_loop(s, n_deals, trump, dealer, side0_tricks_out, res);
}

#if (defined(__x86_64__) || defined(__i386__)) && (defined(__GNUC__) || defined(__clang__)) &&     \
    !defined(__POPCNT__)
#define DBR_HAVE_POPCNT_CLONE 1
__attribute__((target("popcnt"))) static void batch_popcnt(uint64_t *s, uint32_t n_deals, int trump,
                                                           int dealer, uint8_t *side0_tricks_out,
                                                           dbr_batch_result *res) {
    batch_loop(s, n_deals, trump, dealer, side0_tricks_out, res);
}
#endif

dbr_status dbr_batch_playout(dbr_rng *rng, uint32_t n_deals, int trump, int dealer,
                             uint8_t *side0_tricks_out, dbr_batch_result *result_out) {
    if (!rng || !result_out) return DBR_E_NULL;
    if (DBR__ZERO_STATE(rng)) return DBR_E_RNG_STATE;
    if (trump < 0 || trump > DBR_NOTRUMP) return DBR_E_STRAIN;
    if (dealer < 0 || dealer > 3) return DBR_E_SEAT;
    dbr_batch_result res = {0, {0, 0}, {0}};
    uint64_t s[4] = {rng->s[0], rng->s[1], rng->s[2], rng->s[3]};
#ifdef DBR_HAVE_POPCNT_CLONE
    if (__builtin_cpu_supports("popcnt"))
        batch_popcnt(s, n_deals, trump, dealer, side0_tricks_out, &res);
    else
#endif
        batch_generic(s, n_deals, trump, dealer, side0_tricks_out, &res);
    for (int i = 0; i < 4; i++) rng->s[i] = s[i];
    *result_out = res;
    return DBR_OK;
}
