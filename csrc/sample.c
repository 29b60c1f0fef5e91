/* sample.c -- dealing the unseen cards consistently with what a player has
 * seen, heuristic playouts, the sampling evaluation of the cards a hand may
 * play, and an exact test of how many tricks a side is sure of (for claims). */
#include "internal.h"

static const dbr_hand suit_mask_s[4] = {DBR_SUIT_MASK(0), DBR_SUIT_MASK(1), DBR_SUIT_MASK(2),
                                        DBR_SUIT_MASK(3)};

DBR_INLINE int suit_of_card(int c) { return c / 13; }

/* Does `a` (played later) beat `b` (the card winning so far)? */
DBR_INLINE int beats(int a, int b, int trump) {
    return suit_of_card(a) == suit_of_card(b) ? a > b : suit_of_card(a) == trump;
}

/* ------------------------------------------------------ constrained deal */

/* Hall's condition for placing the pool: for every set T of suits, the pool
 * cards of T fit in the places of the hands that may hold some suit of T. */
static int feasible(dbr_hand pool, const int need[4], const unsigned voids[4]) {
    for (unsigned t = 1; t < 16; t++) {
        int cards = 0, room = 0;
        for (int s = 0; s < 4; s++)
            if (t >> s & 1u) cards += dbr__popcount(pool & suit_mask_s[s]);
        for (int h = 0; h < 4; h++)
            if (t & ~voids[h] & 15u) room += need[h];
        if (cards > room) return 0;
    }
    return 1;
}

dbr_status dbr_deal_constrained(dbr_rng *rng, const dbr_hand known[4], const int need[4],
                                const unsigned voids[4], dbr_hand pool, dbr_hand hands_out[4]) {
    if (!rng || !known || !need || !voids || !hands_out) return DBR_E_NULL;
    if (DBR__ZERO_STATE(rng)) return DBR_E_RNG_STATE;
    if (!DBR__VALID_HAND(pool)) return DBR_E_CARD;
    dbr_hand seen = pool;
    int total = 0;
    for (int h = 0; h < 4; h++) {
        if (!DBR__VALID_HAND(known[h])) return DBR_E_CARD;
        if (seen & known[h]) return DBR_E_DUPLICATE;
        seen |= known[h];
        if (need[h] < 0 || need[h] > DBR_NUM_CARDS || voids[h] > 15u) return DBR_E_COUNT;
        total += need[h];
    }
    if (total != dbr__popcount(pool) || !feasible(pool, need, voids)) return DBR_E_COUNT;
    int left[4] = {need[0], need[1], need[2], need[3]};
    dbr_hand out[4] = {known[0], known[1], known[2], known[3]};
    dbr_hand rest = pool;
    /* Each card in turn, in a random order, goes to a hand that may hold it
     * with probability proportional to its free places, among the hands that
     * keep the rest placeable: uniform when nothing is known of the voids. */
    while (rest) {
        int c = dbr__select(rest, dbr__below(rng->s, (uint32_t)dbr__popcount(rest)));
        int s = suit_of_card(c);
        dbr_hand after = rest & ~((dbr_hand)1 << c);
        int weight[4] = {0, 0, 0, 0}, sum = 0;
        for (int h = 0; h < 4; h++) {
            if (!left[h] || (voids[h] >> s & 1u)) continue;
            left[h]--;
            if (feasible(after, left, voids)) weight[h] = left[h] + 1;
            left[h]++;
            sum += weight[h];
        }
        if (!sum) return DBR_E_COUNT; /* cannot happen after the check above */
        int k = (int)dbr__below(rng->s, (uint32_t)sum), h = 0;
        while (k >= weight[h]) k -= weight[h++];
        out[h] |= (dbr_hand)1 << c;
        left[h]--;
        rest = after;
    }
    for (int h = 0; h < 4; h++) hands_out[h] = out[h];
    return DBR_OK;
}

/* ------------------------------------------------------ heuristic playout */

/* The lowest card of a set, preferring cards that are not trumps. */
DBR_INLINE int lowest_discard(dbr_hand legal, int trump) {
    dbr_hand plain = trump < 4 ? legal & ~suit_mask_s[trump] : legal;
    dbr_hand from = plain ? plain : legal;
    /* lowest rank over the suits */
    int best = -1;
    for (int s = 0; s < 4; s++) {
        dbr_hand x = from & suit_mask_s[s];
        if (!x) continue;
        int c = dbr__ctz(x);
        if (best < 0 || c % 13 < best % 13) best = c;
    }
    return best;
}

/* A hand's card by simple maxims: lead at random; follow by taking the trick
 * as cheaply as possible when the adversaries are winning it, otherwise play
 * low; discard the lowest card outside trumps. */
DBR_INLINE int choose_card(dbr_hand hand, const int *trick, int n, int leader, int seat, int trump,
                           uint64_t *s) {
    dbr_hand legal = hand;
    if (n == 0) return dbr__select(legal, dbr__below(s, (uint32_t)dbr__popcount(legal)));
    int led = suit_of_card(trick[0]);
    if (hand & suit_mask_s[led]) legal = hand & suit_mask_s[led];
    int win = 0;
    for (int i = 1; i < n; i++)
        if (beats(trick[i], trick[win], trump)) win = i;
    int win_seat = (leader + win) & 3;
    if ((win_seat & 1) == (seat & 1)) return lowest_discard(legal, trump);
    /* the cheapest winning card: same suit above, else the lowest trump */
    int best = -1;
    for (dbr_hand x = legal; x; x &= x - 1) {
        int c = dbr__ctz(x);
        if (!beats(c, trick[win], trump)) continue;
        if (best < 0 ||
            (suit_of_card(c) == suit_of_card(best) ? c < best : suit_of_card(best) == trump))
            best = c;
    }
    return best >= 0 ? best : lowest_discard(legal, trump);
}

/* Play out from pos with the maxims above; returns tricks for side 0 and 1. */
static void smart_out(dbr_position *pos, uint64_t *s) {
    int trick[4];
    int n = pos->trick_len, leader = pos->leader, trump = pos->trump;
    for (int i = 0; i < n; i++) trick[i] = pos->trick[i];
    int seat = (leader + n) & 3;
    while (pos->hands[seat]) {
        int c = choose_card(pos->hands[seat], trick, n, leader, seat, trump, s);
        pos->hands[seat] &= ~((dbr_hand)1 << c);
        trick[n++] = c;
        if (n == 4) {
            int win = 0;
            for (int i = 1; i < 4; i++)
                if (beats(trick[i], trick[win], trump)) win = i;
            leader = (leader + win) & 3;
            pos->tricks[leader & 1]++;
            n = 0;
            seat = leader;
        } else {
            seat = (seat + 1) & 3;
        }
    }
    pos->leader = (uint8_t)leader;
    pos->trick_len = 0;
}

dbr_status dbr_playout_maxims(dbr_position *pos, dbr_rng *rng) {
    if (!pos || !rng) return DBR_E_NULL;
    if (DBR__ZERO_STATE(rng)) return DBR_E_RNG_STATE;
    dbr_status st = dbr_position_validate(pos);
    if (st != DBR_OK) return st;
    smart_out(pos, rng->s);
    return DBR_OK;
}

dbr_status dbr_sample_plays(dbr_rng *rng, const dbr_position *pos, const int need[4],
                            const unsigned voids[4], dbr_hand pool, uint32_t n_samples,
                            uint32_t totals_out[DBR_NUM_CARDS]) {
    if (!rng || !pos || !need || !voids || !totals_out) return DBR_E_NULL;
    if (DBR__ZERO_STATE(rng)) return DBR_E_RNG_STATE;
    const int seat = (pos->leader + pos->trick_len) & 3;
    if (need[seat] != 0) return DBR_E_COUNT; /* the hand to play must be known */
    dbr_hand full[4];
    dbr_rng trial = *rng;
    dbr_status st = dbr_deal_constrained(&trial, pos->hands, need, voids, pool, full);
    if (st != DBR_OK) return st;
    dbr_position probe = *pos;
    for (int h = 0; h < 4; h++) probe.hands[h] = full[h];
    st = dbr_position_validate(&probe);
    if (st != DBR_OK) return st;
    dbr_hand legal;
    st = dbr_position_legal(&probe, &legal);
    if (st != DBR_OK) return st;
    uint32_t totals[DBR_NUM_CARDS] = {0};
    const int side = seat & 1;
    for (uint32_t k = 0; k < n_samples; k++) {
        dbr_deal_constrained(rng, pos->hands, need, voids, pool, full);
        dbr_position base = *pos;
        for (int h = 0; h < 4; h++) base.hands[h] = full[h];
        for (dbr_hand x = legal; x; x &= x - 1) {
            int c = dbr__ctz(x);
            dbr_position p = base;
            dbr_position_play(&p, (dbr_card)c, 0, NULL);
            smart_out(&p, rng->s);
            totals[c] += p.tricks[side];
        }
    }
    for (int c = 0; c < DBR_NUM_CARDS; c++) totals_out[c] = totals[c];
    return DBR_OK;
}

/* ------------------------------------------------------------- the solver */

/* Can `side` take at least `need` more tricks from this position, whatever
 * the other side plays? 1 yes, 0 no, -1 out of budget. */
static int reach(const dbr_position *pos, int side, int need, uint64_t *budget) {
    if (need <= 0) return 1;
    int left = dbr__popcount(pos->hands[pos->leader]) + (pos->trick_len ? 1 : 0);
    if (need > left) return 0;
    if (!*budget) return -1;
    (*budget)--;
    const int seat = (pos->leader + pos->trick_len) & 3;
    dbr_hand hand = pos->hands[seat], legal = hand;
    if (pos->trick_len && (hand & suit_mask_s[suit_of_card(pos->trick[0])]))
        legal = hand & suit_mask_s[suit_of_card(pos->trick[0])];
    const int ours = (seat & 1) == side;
    int unknown = 0;
    /* High cards first: they win tricks, which settles most lines soonest. */
    for (dbr_hand x = legal; x; x &= ~((dbr_hand)1 << dbr__msb(x))) {
        int c = dbr__msb(x);
        /* Cards of touching rank in one hand are equivalent: try only the
         * highest of each run. */
        int up = c + 1;
        if (up % 13 != 0 && (legal >> up & 1u)) continue;
        dbr_position p = *pos;
        int winner = -1;
        dbr_position_play(&p, (dbr_card)c, 0, &winner);
        int r = reach(&p, side, need - (winner >= 0 && (winner & 1) == side), budget);
        if (ours ? r == 1 : r == 0) return r;
        if (r < 0) unknown = 1;
    }
    return unknown ? -1 : (ours ? 0 : 1);
}

dbr_status dbr_solve_target(const dbr_position *pos, int side, int target, uint64_t node_limit,
                            int *result_out) {
    if (!pos || !result_out) return DBR_E_NULL;
    if (side < 0 || side > 1 || target < 0 || target > 13) return DBR_E_COUNT;
    dbr_status st = dbr_position_validate(pos);
    if (st != DBR_OK) return st;
    uint64_t budget = node_limit;
    *result_out = reach(pos, side, target, &budget);
    return DBR_OK;
}
