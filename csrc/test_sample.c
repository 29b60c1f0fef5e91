/* test_sample.c -- plain-C tests of the constrained deal, the maxims
 * playout, the sampling evaluation and the claim solver (sample.c).
 * Run by `make test`, plain and under ASan/UBSan. Uses only the public header. */
#include <stdio.h>
#include <string.h>

#include "dummybridge.h"
#include "test_check.h"

static int count(dbr_hand h) {
    int n = -1;
    dbr_hand_count(h, &n);
    return n;
}

static void test_deal_constrained(void) {
    dbr_rng rng;
    dbr_rng_seed(&rng, 42);
    /* South known; East void in spades and hearts; the 39 others to place. */
    dbr_hand south = hand("AKQJ.AKQ.AKQ.AKQ");
    dbr_hand known[4] = {0, 0, south, 0};
    int need[4] = {13, 13, 0, 13};
    unsigned voids[4] = {0, (1u << DBR_SPADES) | (1u << DBR_HEARTS), 0, 0};
    dbr_hand pool = DBR_FULL_DECK & ~south, out[4];
    for (int k = 0; k < 200; k++) {
        CHECK_ST(dbr_deal_constrained(&rng, known, need, voids, pool, out), DBR_OK);
        CHECK(out[2] == south);
        CHECK(count(out[0]) == 13 && count(out[1]) == 13 && count(out[3]) == 13);
        CHECK((out[0] | out[1] | out[2] | out[3]) == DBR_FULL_DECK);
        CHECK((out[1] & (DBR_SUIT_MASK(DBR_SPADES) | DBR_SUIT_MASK(DBR_HEARTS))) == 0);
    }
    /* East void in three suits cannot hold 13 of the 10 clubs left. */
    voids[1] = 7u << 1; /* diamonds, hearts, spades */
    CHECK_ST(dbr_deal_constrained(&rng, known, need, voids, pool, out), DBR_E_COUNT);
    voids[1] = 0;
    need[0] = 12; /* the counts do not add up to the pool */
    CHECK_ST(dbr_deal_constrained(&rng, known, need, voids, pool, out), DBR_E_COUNT);
    need[0] = 13;
    known[0] = hand("A...");
    CHECK_ST(dbr_deal_constrained(&rng, known, need, voids, pool, out), DBR_E_DUPLICATE);
    CHECK_ST(dbr_deal_constrained(NULL, known, need, voids, pool, out), DBR_E_NULL);
}

static void test_maxims_and_sampling(void) {
    dbr_rng rng;
    dbr_rng_seed(&rng, 7);
    /* Three cards each at no trumps, South to lead: SA SK SQ wins all three
     * whatever the others hold (they hold no spades above). */
    dbr_position pos;
    memset(&pos, 0, sizeof pos);
    pos.hands[0] = hand("..432.");
    pos.hands[1] = hand("...432");
    pos.hands[2] = hand("AKQ...");
    pos.hands[3] = hand(".432..");
    pos.trump = DBR_NOTRUMP;
    pos.leader = 2;
    pos.tricks[0] = 5;
    pos.tricks[1] = 5;
    dbr_position p = pos;
    CHECK_ST(dbr_playout_maxims(&p, &rng), DBR_OK);
    CHECK(p.tricks[0] == 8 && p.tricks[1] == 5 && p.hands[0] == 0);
    /* Sampling: South knows his own hand; the other nine cards unknown. */
    dbr_position known = pos;
    known.hands[0] = known.hands[1] = known.hands[3] = 0;
    int need[4] = {3, 3, 0, 3};
    unsigned voids[4] = {0, 0, 0, 0};
    dbr_hand pool = pos.hands[0] | pos.hands[1] | pos.hands[3];
    uint32_t totals[52];
    CHECK_ST(dbr_sample_plays(&rng, &known, need, voids, pool, 10, totals), DBR_OK);
    CHECK(totals[51] == 80 && totals[50] == 80 && totals[49] == 80 && totals[0] == 0);
    need[2] = 1; /* the hand to play must be known */
    CHECK_ST(dbr_sample_plays(&rng, &known, need, voids, pool, 10, totals), DBR_E_COUNT);
}

static void test_solve_target(void) {
    dbr_position pos;
    memset(&pos, 0, sizeof pos);
    /* Hearts trumps, South on lead: North-South hold the top trumps and the
     * top clubs; East-West can ruff nothing South leads once trumps are out. */
    pos.hands[0] = hand(".AK..32"); /* North */
    pos.hands[1] = hand("432..4."); /* East */
    pos.hands[2] = hand("..32.AK"); /* South */
    pos.hands[3] = hand(".Q..QJ5"); /* West */
    pos.trump = DBR_HEARTS;
    pos.leader = 2;
    int r = 9;
    CHECK_ST(dbr_solve_target(&pos, 0, 4, 100000, &r), DBR_OK);
    CHECK(r == 1); /* the clubs cash, then North ruffs ... */
    CHECK_ST(dbr_solve_target(&pos, 0, 5, 100000, &r), DBR_OK);
    CHECK(r == 0); /* five tricks from four cards: never */
    CHECK_ST(dbr_solve_target(&pos, 1, 1, 100000, &r), DBR_OK);
    CHECK(r == 0); /* East-West are sure of nothing */
    CHECK_ST(dbr_solve_target(&pos, 0, 4, 1, &r), DBR_OK);
    CHECK(r == -1); /* out of budget */
    CHECK_ST(dbr_solve_target(&pos, 2, 1, 10, &r), DBR_E_COUNT);
    CHECK_ST(dbr_solve_target(NULL, 0, 1, 10, &r), DBR_E_NULL);
}

int main(void) {
    test_deal_constrained();
    test_maxims_and_sampling();
    test_solve_target();
    printf("%d checks, %d failed\n", checks, failures);
    return failures ? 1 : 0;
}
