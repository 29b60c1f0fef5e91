/* test_dd.c -- plain-C tests of the double-dummy solver.
 * Run by `make test` (plain, then under AddressSanitizer and
 * UndefinedBehaviorSanitizer). Uses only the public header.
 *
 * Exactness is checked against a brute-force minimax (every legal card, no
 * pruning) on random small endings, with and without a trick in progress;
 * the full-deal tables are checked against DDS by the Python golden test
 * (and one here). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dummybridge.h"
#include "test_check.h"

static void deal_pos(const char *pbn, int trump, int leader, dbr_position *pos) {
    memset(pos, 0, sizeof *pos);
    if (dbr_deal_parse(pbn, strlen(pbn), pos->hands, NULL) != DBR_OK) {
        fprintf(stderr, "bad deal in test: %s\n", pbn);
        failures++;
    }
    pos->trump = (uint8_t)trump;
    pos->leader = (uint8_t)leader;
}

/* Brute force: the most tricks the side of the hand to play takes, of the
 * tricks still to complete, trying every legal card. */
static int brute(const dbr_position *pos) {
    const int seat = (pos->leader + pos->trick_len) & 3;
    dbr_hand legal;
    if (dbr_position_legal(pos, &legal) != DBR_OK) return 0; /* no cards: nothing left */
    int best = -1;
    for (int c = 0; c < DBR_NUM_CARDS; c++) {
        if (!(legal >> c & 1)) continue;
        dbr_position child = *pos;
        int winner = -1;
        if (dbr_position_play(&child, (dbr_card)c, 0, &winner) != DBR_OK) return -100;
        int v;
        if (child.hands[0] == 0 && child.trick_len == 0) {
            v = winner >= 0 && (winner & 1) == (seat & 1);
        } else {
            int next = (child.leader + child.trick_len) & 3;
            int sub = brute(&child);
            /* sub counts tricks for the side of `next` among the tricks the
             * child still has to complete. */
            int child_rest = 0;
            {
                int k = 0;
                for (int i = 0; i < 4; i++) {
                    int n = 0;
                    dbr_hand_count(child.hands[i], &n);
                    if (n > k) k = n;
                }
                child_rest = k;
            }
            int mine = (next & 1) == (seat & 1) ? sub : child_rest - sub;
            v = mine + (winner >= 0 && (winner & 1) == (seat & 1));
        }
        if (v > best) best = v;
    }
    return best;
}

/* Play n random legal cards. */
static void play_random(dbr_rng *rng, dbr_position *pos, int n) {
    for (int i = 0; i < n; i++) {
        dbr_hand legal;
        dbr_position_legal(pos, &legal);
        int count = 0;
        dbr_hand_count(legal, &count);
        uint32_t pick;
        dbr_rng_below(rng, (uint32_t)count, &pick);
        int c = 0;
        for (c = 0; c < 52; c++)
            if (legal >> c & 1) {
                if (pick == 0) break;
                pick--;
            }
        dbr_position_play(pos, (dbr_card)c, 0, NULL);
    }
}

static unsigned char workspace_a[1 << 20];
static unsigned char workspace_small[64 << 10];

static void test_statuses(void) {
    dbr_dd *dd = NULL;
    CHECK(dbr_dd_min_bytes() <= sizeof workspace_small);
    CHECK_ST(dbr_dd_init(NULL, 1000, &dd), DBR_E_NULL);
    CHECK_ST(dbr_dd_init(workspace_a, sizeof workspace_a, NULL), DBR_E_NULL);
    CHECK_ST(dbr_dd_init(workspace_a, dbr_dd_min_bytes() - 1, &dd), DBR_E_WORKSPACE);
    CHECK(dd == NULL);
    /* any alignment */
    CHECK_ST(dbr_dd_init(workspace_a + 3, sizeof workspace_a - 3, &dd), DBR_OK);
    CHECK(dd != NULL);
    CHECK(strcmp(dbr_status_name(DBR_E_WORKSPACE), "E_WORKSPACE") == 0);
    CHECK(strcmp(dbr_status_str(DBR_E_WORKSPACE),
                 "solver workspace too small or not initialised") == 0);

    dbr_position pos;
    int tricks = -1;
    int table[20];
    int8_t scores[52];
    deal_pos("N:AKQ... JT9... 876... 543...", DBR_NOTRUMP, 0, &pos);
    CHECK_ST(dbr_dd_solve(NULL, &pos, &tricks), DBR_E_NULL);
    CHECK_ST(dbr_dd_solve(dd, NULL, &tricks), DBR_E_NULL);
    CHECK_ST(dbr_dd_solve(dd, &pos, NULL), DBR_E_NULL);
    CHECK_ST(dbr_dd_solve_cards(dd, &pos, &tricks, NULL), DBR_E_NULL);
    /* a workspace that dbr_dd_init did not make */
    unsigned char junk[4096];
    memset(junk, 0, sizeof junk);
    CHECK_ST(dbr_dd_solve((dbr_dd *)(void *)junk, &pos, &tricks), DBR_E_WORKSPACE);
    CHECK_ST(dbr_dd_table((dbr_dd *)(void *)junk, pos.hands, table), DBR_E_WORKSPACE);
    uint64_t nodes;
    CHECK_ST(dbr_dd_nodes((dbr_dd *)(void *)junk, &nodes), DBR_E_WORKSPACE);
    CHECK_ST(dbr_dd_nodes(dd, NULL), DBR_E_NULL);

    /* A card held twice. */
    dbr_position bad = pos;
    bad.hands[1] |= (dbr_hand)1 << card("SA");
    bad.hands[2] &= ~((dbr_hand)1 << card("S8"));
    CHECK_ST(dbr_dd_solve(dd, &bad, &tricks), DBR_E_DUPLICATE);
    /* Unequal hands. */
    bad = pos;
    bad.hands[3] &= ~((dbr_hand)1 << card("S5"));
    CHECK_ST(dbr_dd_solve(dd, &bad, &tricks), DBR_E_HAND_SIZE);
    CHECK_ST(dbr_dd_table(dd, bad.hands, table), DBR_E_HAND_SIZE);
    /* A bad strain, seat, card. */
    bad = pos;
    bad.trump = 5;
    CHECK_ST(dbr_dd_solve(dd, &bad, &tricks), DBR_E_STRAIN);
    bad = pos;
    bad.leader = 4;
    CHECK_ST(dbr_dd_solve(dd, &bad, &tricks), DBR_E_SEAT);
    bad = pos;
    bad.hands[0] |= (dbr_hand)1 << 60;
    CHECK_ST(dbr_dd_solve(dd, &bad, &tricks), DBR_E_CARD);
    CHECK_ST(dbr_dd_table(dd, bad.hands, table), DBR_E_CARD);
    /* An impossible current trick: East showed out of spades but holds one. */
    deal_pos("N:AKQ.2.. JT9.3.. 876.4.. 543.5..", DBR_NOTRUMP, 0, &bad);
    bad.hands[0] &= ~((dbr_hand)1 << card("SA"));
    bad.hands[1] &= ~((dbr_hand)1 << card("H3"));
    bad.trick[0] = card("SA");
    bad.trick[1] = card("H3");
    bad.trick_len = 2;
    CHECK_ST(dbr_dd_solve(dd, &bad, &tricks), DBR_E_TRICK);
    CHECK_ST(dbr_dd_solve_cards(dd, &bad, &tricks, scores), DBR_E_TRICK);
    /* A trick card also held. */
    bad.trick[1] = card("SJ");
    bad.hands[1] |= (dbr_hand)1 << card("H3");
    CHECK_ST(dbr_dd_solve(dd, &bad, &tricks), DBR_E_DUPLICATE);
    /* No cards at all. */
    memset(&bad, 0, sizeof bad);
    CHECK_ST(dbr_dd_solve(dd, &bad, &tricks), DBR_E_EMPTY);
    CHECK_ST(dbr_dd_table(dd, bad.hands, table), DBR_E_EMPTY);
    /* Batch: a NULL with deals, and the index of a bad deal. */
    CHECK_ST(dbr_dd_table_batch(dd, NULL, 1, table, NULL), DBR_E_NULL);
    CHECK_ST(dbr_dd_table_batch(dd, NULL, 0, NULL, NULL), DBR_OK);
    {
        int row[4];
        CHECK_ST(dbr_dd_table_strain(dd, NULL, 0, row), DBR_E_NULL);
        CHECK_ST(dbr_dd_table_strain(dd, bad.hands, 5, row), DBR_E_STRAIN);
        CHECK_ST(dbr_dd_table_strain(dd, bad.hands, -1, row), DBR_E_STRAIN);
        CHECK_ST(dbr_dd_table_strain(dd, bad.hands, 4, row), DBR_E_EMPTY);
        CHECK_ST(dbr_dd_table_strain((dbr_dd *)(void *)junk, bad.hands, 0, row), DBR_E_WORKSPACE);
    }
}

/* North-South's tricks with North on lead and with South: `north` and
 * `south`, and the brute force's. */
static void check_north_south(dbr_dd *dd, const char *pbn, int trump, int north, int south) {
    dbr_position pos;
    int tricks = -1;
    deal_pos(pbn, trump, 0, &pos);
    CHECK_ST(dbr_dd_solve(dd, &pos, &tricks), DBR_OK);
    CHECK(tricks == north && tricks == brute(&pos));
    pos.leader = 2;
    CHECK_ST(dbr_dd_solve(dd, &pos, &tricks), DBR_OK);
    CHECK(tricks == south && tricks == brute(&pos));
}

static void test_known_positions(void) {
    dbr_dd *dd;
    CHECK_ST(dbr_dd_init(workspace_a, sizeof workspace_a, &dd), DBR_OK);
    dbr_position pos;
    int tricks = -1;
    int8_t scores[52];

    /* North holds the three top spades: three tricks at no trumps. */
    deal_pos("N:AKQ... JT9... 876... 543...", DBR_NOTRUMP, 0, &pos);
    CHECK_ST(dbr_dd_solve(dd, &pos, &tricks), DBR_OK);
    CHECK(tricks == 3);
    /* East on lead: East-West take none. */
    pos.leader = 1;
    CHECK_ST(dbr_dd_solve(dd, &pos, &tricks), DBR_OK);
    CHECK(tricks == 0);

    /* A finesse: South leads towards North's AQ over West's king. */
    deal_pos("N:AQ... 32... 54... K6...", DBR_NOTRUMP, 2, &pos);
    CHECK_ST(dbr_dd_solve_cards(dd, &pos, &tricks, scores), DBR_OK);
    CHECK(tricks == 2);
    CHECK(scores[card("S5")] == 2 && scores[card("S4")] == 2);
    CHECK(scores[card("SA")] == -1 && scores[card("H2")] == -1);
    /* With East holding the king the finesse loses. */
    deal_pos("N:AQ... K6... 54... 32...", DBR_NOTRUMP, 2, &pos);
    CHECK_ST(dbr_dd_solve(dd, &pos, &tricks), DBR_OK);
    CHECK(tricks == 1);

    /* Trumps: North's small trump ruffs East-West's winning spade. */
    deal_pos("N:.2.A. AK... ..KQ. 2..2.", DBR_HEARTS, 1, &pos);
    CHECK_ST(dbr_dd_solve_cards(dd, &pos, &tricks, scores), DBR_OK);
    /* East leads SA: North ruffs, cashes DA; East-West take no trick... */
    CHECK(tricks == brute(&pos));

    /* Slow trump tricks (bridge-solver's; bounds_cut, lead_side_max):
     * North's HK2 behind West's HA, South on lead: North-South take two
     * (a diamond ruffed, and the king or a ruff again). */
    deal_pos("N:.K2..2 AKQ... ..432. .A.KQ.", DBR_HEARTS, 2, &pos);
    CHECK_ST(dbr_dd_solve(dd, &pos, &tricks), DBR_OK);
    CHECK(tricks == 2 && tricks == brute(&pos));
    /* East's HQ32 behind North's HAK, North on lead: the queen makes, and
     * North-South take two of the four. */
    deal_pos("N:AK.AK.. .Q32..2 ..5432. ...AKQJ", DBR_HEARTS, 0, &pos);
    CHECK_ST(dbr_dd_solve(dd, &pos, &tricks), DBR_OK);
    CHECK(tricks == 2 && tricks == brute(&pos));
    /* South on lead with HQ32 behind East's HAK: one trick, the queen. */
    deal_pos("N:AKQJ... .AK..AK .Q32..2 ..5432.", DBR_HEARTS, 2, &pos);
    CHECK_ST(dbr_dd_solve(dd, &pos, &tricks), DBR_OK);
    CHECK(tricks == 1 && tricks == brute(&pos));

    /* Top trump tricks split between the hands (bridge-solver's; see
     * sure_trump_tricks): East's HK5 and West's HQJ6 over North's HT are
     * three sure tricks, and with the ruffs East-West take all four,
     * North or South on lead. */
    check_north_south(dd, "N:AKQ.T.. .K5.32. ..AKQ.A 2.QJ6..", DBR_HEARTS, 0, 0);
    /* East's HK and West's HQJ: sure tricks no more than the longer hand
     * has trumps (two, not three: counted three, North-South could take
     * one at most), and North-South take two with North on lead, one with
     * South. */
    check_north_south(dd, "N:AKQ.T.. .K.32.2 ..AKQ.A 2.QJ..3", DBR_HEARTS, 2, 1);

    /* Mid-trick: West led SK, North to play with AQ: take both. */
    deal_pos("N:AQ... 32... 54... K6...", DBR_NOTRUMP, 3, &pos);
    pos.hands[3] &= ~((dbr_hand)1 << card("SK"));
    pos.trick[0] = card("SK");
    pos.trick_len = 1;
    CHECK_ST(dbr_dd_solve_cards(dd, &pos, &tricks, scores), DBR_OK);
    CHECK(tricks == 2);
    CHECK(scores[card("SA")] == 2 && scores[card("SQ")] == 1);
    CHECK(scores[card("S3")] == -1);

    /* A full deal, each hand a suit: the table. */
    int table[20];
    CHECK_ST(dbr_dd_table(dd, pos.hands, table), DBR_E_HAND_SIZE);
    dbr_hand h[4];
    const char *suits = "N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432";
    CHECK_ST(dbr_deal_parse(suits, strlen(suits), h, NULL), DBR_OK);
    CHECK_ST(dbr_dd_table(dd, h, table), DBR_OK);
    for (int strain = 0; strain < 5; strain++)
        for (int decl = 0; decl < 4; decl++) {
            /* the owner of the trump suit takes all 13 when his side declares
             * it (whoever leads, he ruffs or draws); at no trumps the leader
             * runs his suit: the declaring side takes none. */
            int owner = strain == 4 ? -1 : 3 - strain; /* spades N, hearts E, ... */
            int want;
            if (strain == 4)
                want = 0;
            else
                want = ((owner & 1) == (decl & 1)) ? 13 : 0;
            CHECK(table[strain * 4 + decl] == want);
        }
}

/* Random endings of k cards each, some with a trick in progress: every card
 * valued, against brute force; in a fresh, a reused and a tiny workspace. */
static void test_against_brute_force(void) {
    dbr_dd *big, *small;
    CHECK_ST(dbr_dd_init(workspace_a, sizeof workspace_a, &big), DBR_OK);
    CHECK_ST(dbr_dd_init(workspace_small, sizeof workspace_small, &small), DBR_OK);
    dbr_rng rng;
    dbr_rng_seed(&rng, 20260101);
    int positions = 0, disagreements = 0;
    for (int iter = 0; iter < 600; iter++) {
        uint32_t k, trump, leader, played;
        dbr_rng_below(&rng, 4, &k);
        k += 1; /* 1..4 cards each */
        dbr_rng_below(&rng, 5, &trump);
        dbr_rng_below(&rng, 4, &leader);
        dbr_rng_below(&rng, 4, &played);
        dbr_position pos;
        memset(&pos, 0, sizeof pos);
        CHECK_ST(dbr_deal_random(&rng, 4, (int)k, 0, pos.hands), DBR_OK);
        pos.trump = (uint8_t)trump;
        pos.leader = (uint8_t)leader;
        /* play 0..3 random legal cards of the first trick */
        play_random(&rng, &pos, played < 3 ? (int)played : 3);
        int want = brute(&pos);
        int got = -1, got_small = -1, got_cards = -1;
        int8_t scores[52];
        CHECK_ST(dbr_dd_solve(big, &pos, &got), DBR_OK);
        CHECK_ST(dbr_dd_solve(small, &pos, &got_small), DBR_OK);
        CHECK_ST(dbr_dd_solve_cards(big, &pos, &got_cards, scores), DBR_OK);
        positions++;
        if (got != want || got_small != want || got_cards != want) {
            disagreements++;
            fprintf(stderr, "  position %d: brute %d, solver %d/%d/%d\n", iter, want, got,
                    got_small, got_cards);
        }
        /* every legal card's value, by brute force on the child */
        dbr_hand legal;
        dbr_position_legal(&pos, &legal);
        const int seat = (pos.leader + pos.trick_len) & 3;
        for (int c = 0; c < 52; c++) {
            if (!(legal >> c & 1)) {
                CHECK(scores[c] == -1);
                continue;
            }
            dbr_position child = pos;
            int winner = -1;
            dbr_position_play(&child, (dbr_card)c, 0, &winner);
            int v = winner >= 0 && (winner & 1) == (seat & 1);
            if (child.hands[0] | child.hands[1] | child.hands[2] | child.hands[3]) {
                int next = (child.leader + child.trick_len) & 3;
                int sub = brute(&child), rest = 0;
                for (int i = 0; i < 4; i++) {
                    int n = 0;
                    dbr_hand_count(child.hands[i], &n);
                    if (n > rest) rest = n;
                }
                v += (next & 1) == (seat & 1) ? sub : rest - sub;
            }
            if (scores[c] != v) {
                disagreements++;
                fprintf(stderr, "  position %d card %d: brute %d, solver %d\n", iter, c, v,
                        scores[c]);
            }
        }
    }
    CHECK(positions == 600);
    CHECK(disagreements == 0);
}

/* Endings from two suits only, so that a hand holds several cards of a
 * suit and the cards tried at a node often fail one after another
 * (try_moves: where every move fails, a card that a later card's verdict
 * covers, lying below that verdict's lowest card of the suit, leaves its
 * own cards out of the union handed up; issue 19). Each deal of 6 cards a
 * hand is played on at random to endings of 3 or 4 cards, solved one after
 * another in one workspace (the hands only lose cards, so the table is
 * kept: the entries one ending stores decide another's searches), each
 * against brute force. */
static void test_two_suit_endings(void) {
    dbr_dd *dd;
    CHECK_ST(dbr_dd_init(workspace_a, sizeof workspace_a, &dd), DBR_OK);
    dbr_rng rng;
    dbr_rng_seed(&rng, 20261203);
    int positions = 0, disagreements = 0;
    for (int deal = 0; deal < 30; deal++) {
        uint32_t trump, leader, s1, s2;
        dbr_rng_below(&rng, 5, &trump);
        dbr_rng_below(&rng, 4, &leader);
        dbr_rng_below(&rng, 4, &s1);
        dbr_rng_below(&rng, 3, &s2);
        s2 = (s1 + 1 + s2) % 4;
        int cards[26];
        for (int i = 0; i < 13; i++) {
            cards[i] = 13 * (int)s1 + i;
            cards[13 + i] = 13 * (int)s2 + i;
        }
        for (int i = 25; i > 0; i--) {
            uint32_t j;
            dbr_rng_below(&rng, (uint32_t)i + 1, &j);
            const int t = cards[i];
            cards[i] = cards[j];
            cards[j] = t;
        }
        dbr_position start;
        memset(&start, 0, sizeof start);
        for (int i = 0; i < 24; i++) start.hands[i % 4] |= (dbr_hand)1 << cards[i];
        start.trump = (uint8_t)trump;
        start.leader = (uint8_t)leader;
        for (int e = 0; e < 10; e++) {
            uint32_t left;
            dbr_rng_below(&rng, 2, &left);
            dbr_position pos = start;
            play_random(&rng, &pos, 4 * (3 - (int)left)); /* to 3 or 4 cards each */
            const int want = brute(&pos);
            int got = -1;
            CHECK_ST(dbr_dd_solve(dd, &pos, &got), DBR_OK);
            positions++;
            if (got != want) {
                disagreements++;
                fprintf(stderr, "  two-suit deal %d ending %d: brute %d, solver %d\n", deal, e,
                        want, got);
            }
        }
    }
    CHECK(positions == 300);
    CHECK(disagreements == 0);
}

/* Larger deals (9 cards each, to keep the sanitizer run short): the same
 * answers from fresh and reused workspaces, and the table agrees with single
 * solves. */
static void test_full_deals(void) {
    static unsigned char mem1[4 << 20], mem2[4 << 20];
    dbr_dd *a, *b;
    CHECK_ST(dbr_dd_init(mem1, sizeof mem1, &a), DBR_OK);
    dbr_rng rng;
    dbr_rng_seed(&rng, 8);
    for (int deal = 0; deal < 3; deal++) {
        dbr_hand h[4];
        CHECK_ST(dbr_deal_random(&rng, 4, 9, 0, h), DBR_OK);
        int table[20], table2[20];
        CHECK_ST(dbr_dd_table(a, h, table), DBR_OK);
        CHECK_ST(dbr_dd_init(mem2, sizeof mem2, &b), DBR_OK);
        CHECK_ST(dbr_dd_table_batch(b, h, 1, table2, NULL), DBR_OK);
        CHECK(memcmp(table, table2, sizeof table) == 0);
        for (int strain = 0; strain < 5; strain++) {
            int row[4] = {-1, -1, -1, -1};
            CHECK_ST(dbr_dd_table_strain(b, h, strain, row), DBR_OK);
            CHECK(memcmp(row, table + 4 * strain, sizeof row) == 0);
        }
        for (int strain = 0; strain < 5; strain += 2) {
            dbr_position pos;
            memset(&pos, 0, sizeof pos);
            memcpy(pos.hands, h, sizeof h);
            pos.trump = (uint8_t)strain;
            pos.leader = 1; /* East leads: North or South declares */
            int t = -1;
            CHECK_ST(dbr_dd_solve(b, &pos, &t), DBR_OK);
            CHECK(9 - t == table[strain * 4 + 0]);
        }
    }
    uint64_t nodes = 0;
    CHECK_ST(dbr_dd_nodes(a, &nodes), DBR_OK);
    CHECK(nodes > 0);
    /* A batch with a bad deal names it. */
    dbr_hand two[8];
    CHECK_ST(dbr_deal_random(&rng, 4, 13, 0, two), DBR_OK);
    memcpy(two + 4, two, 4 * sizeof two[0]);
    two[4] = two[5];
    int tables[40];
    size_t failed = 99;
    CHECK_ST(dbr_dd_table_batch(a, two, 2, tables, &failed), DBR_E_DUPLICATE);
    CHECK(failed == 1);
}

/* A full deal's table equals DDS 2.9's (the first deal of
 * tests/data/dd_golden.json). The plain build of `make test` keeps the
 * table's keys by PEXT where the CPU has BMI2, the sanitizer build card by
 * card (DD_NO_BMI2): a 13-card deal runs every trick of both ways. */
static void test_golden_deal(void) {
    static unsigned char mem[8 << 20];
    static const int want[20] = {5, 7, 6, 7, 9, 3, 9, 2, 9, 4, 9, 4, 10, 3, 10, 3, 6, 6, 6, 6};
    const char *pbn = "N:AJ87.AT985.8.J94 96542.J3.KT62.K3 KQT3.Q7.AQJ974.6 .K642.53.AQT8752";
    dbr_hand h[4];
    dbr_dd *dd;
    CHECK_ST(dbr_deal_parse(pbn, strlen(pbn), h, NULL), DBR_OK);
    CHECK_ST(dbr_dd_init(mem, sizeof mem, &dd), DBR_OK);
    int table[20];
    CHECK_ST(dbr_dd_table(dd, h, table), DBR_OK);
    for (int i = 0; i < 20; i++) CHECK(table[i] == want[i]);
}

/* One workspace over more deals than the table's 16-bit stamp counts (each
 * new deal forgets the table by advancing the stamp, and the stamp wraps
 * round to a full clear): every answer still equal to brute force. */
static void test_many_deals(void) {
    static unsigned char mem[256 << 10];
    dbr_dd *dd;
    CHECK_ST(dbr_dd_init(mem, sizeof mem, &dd), DBR_OK);
    dbr_rng rng;
    dbr_rng_seed(&rng, 77);
    int disagreements = 0;
    for (int iter = 0; iter < 70000; iter++) {
        uint32_t k, trump, leader;
        dbr_rng_below(&rng, 3, &k);
        dbr_rng_below(&rng, 5, &trump);
        dbr_rng_below(&rng, 4, &leader);
        dbr_position pos;
        memset(&pos, 0, sizeof pos);
        CHECK_ST(dbr_deal_random(&rng, 4, (int)k + 1, 0, pos.hands), DBR_OK);
        pos.trump = (uint8_t)trump;
        pos.leader = (uint8_t)leader;
        int got = -1;
        CHECK_ST(dbr_dd_solve(dd, &pos, &got), DBR_OK);
        if (got != brute(&pos)) disagreements++;
    }
    CHECK(disagreements == 0);
}

/* Growth when asked (dbr_dd_set_stop_when_full, dbr_dd_grow): a call on a
 * full table stops with DBR_E_FULL, the caller moves the workspace into
 * twice the memory and calls again, until it succeeds; the answers are
 * exact (the golden deal's table; every card's value against a workspace
 * that never fills), nothing is evicted, and the old workspace still works. */
static void test_growth(void) {
    static const int want[20] = {5, 7, 6, 7, 9, 3, 9, 2, 9, 4, 9, 4, 10, 3, 10, 3, 6, 6, 6, 6};
    const char *pbn = "N:AJ87.AT985.8.J94 96542.J3.KT62.K3 KQT3.Q7.AQJ974.6 .K642.53.AQT8752";
    dbr_hand h[4];
    CHECK_ST(dbr_deal_parse(pbn, strlen(pbn), h, NULL), DBR_OK);
    size_t bytes = dbr_dd_min_bytes();
    void *mem = malloc(bytes);
    dbr_dd *dd;
    CHECK_ST(dbr_dd_init(mem, bytes, &dd), DBR_OK);
    CHECK_ST(dbr_dd_set_stop_when_full(dd, 2), DBR_E_COUNT);
    CHECK_ST(dbr_dd_set_stop_when_full(NULL, 1), DBR_E_NULL);
    CHECK_ST(dbr_dd_set_stop_when_full(dd, 1), DBR_OK);
    int table[20], grows = 0;
    dbr_status st;
    while ((st = dbr_dd_table(dd, h, table)) == DBR_E_FULL) {
        void *more = malloc(2 * bytes);
        dbr_dd *bigger = NULL;
        CHECK_ST(dbr_dd_grow(dd, more, bytes - 1, &bigger), DBR_E_WORKSPACE); /* smaller */
        CHECK_ST(dbr_dd_grow(dd, mem, bytes, &bigger), DBR_E_WORKSPACE);      /* itself */
        CHECK_ST(dbr_dd_grow(dd, NULL, 2 * bytes, &bigger), DBR_E_NULL);
        CHECK_ST(dbr_dd_grow(dd, more, 2 * bytes, &bigger), DBR_OK);
        uint64_t n_old = 0, n_new = 1;
        CHECK_ST(dbr_dd_nodes(dd, &n_old), DBR_OK);
        CHECK_ST(dbr_dd_nodes(bigger, &n_new), DBR_OK);
        CHECK(n_old == n_new);
        if (grows == 0) {
            /* the old workspace is unchanged and still answers, exactly */
            dbr_position pos;
            deal_pos("N:AQ... 32... 54... K6...", DBR_NOTRUMP, 2, &pos);
            int t = -1;
            CHECK_ST(dbr_dd_solve(dd, &pos, &t), DBR_OK);
            CHECK(t == 2);
        }
        free(mem);
        mem = more;
        bytes *= 2;
        dd = bigger;
        grows++;
        if (grows > 12) break;
    }
    CHECK_ST(st, DBR_OK);
    CHECK(grows >= 3);
    for (int i = 0; i < 20; i++) CHECK(table[i] == want[i]);
    uint64_t evictions = 99;
    CHECK_ST(dbr_dd_evictions(dd, &evictions), DBR_OK);
    CHECK(evictions == 0);
    CHECK_ST(dbr_dd_evictions(dd, NULL), DBR_E_NULL);
    /* every card's value from a 13-card position, growing from the smallest */
    static unsigned char big_mem[8 << 20];
    dbr_dd *big, *small;
    CHECK_ST(dbr_dd_init(big_mem, sizeof big_mem, &big), DBR_OK);
    size_t sb = dbr_dd_min_bytes();
    void *smem = malloc(sb);
    CHECK_ST(dbr_dd_init(smem, sb, &small), DBR_OK);
    CHECK_ST(dbr_dd_set_stop_when_full(small, 1), DBR_OK);
    dbr_position pos;
    memset(&pos, 0, sizeof pos);
    memcpy(pos.hands, h, sizeof h);
    pos.trump = DBR_SPADES;
    pos.leader = 1;
    int8_t want_scores[52], scores[52];
    int wt = -1, t = -2;
    CHECK_ST(dbr_dd_solve_cards(big, &pos, &wt, want_scores), DBR_OK);
    while ((st = dbr_dd_solve_cards(small, &pos, &t, scores)) == DBR_E_FULL && sb < (8u << 20)) {
        void *more = malloc(2 * sb);
        CHECK_ST(dbr_dd_grow(small, more, 2 * sb, &small), DBR_OK);
        free(smem);
        smem = more;
        sb *= 2;
    }
    CHECK_ST(st, DBR_OK);
    CHECK(t == wt && memcmp(scores, want_scores, sizeof scores) == 0);
    /* the same table full with stop off: the solver evicts and goes on */
    CHECK_ST(dbr_dd_set_stop_when_full(dd, 0), DBR_OK);
    free(smem);
    /* the smallest workspace, its memory not zeroed (every byte 0xFF),
     * evicting over and over: each eviction drops the entries no probe
     * reads and those a more general entry dominates (list_prune), and
     * the scores stay exact */
    smem = malloc(dbr_dd_min_bytes());
    memset(smem, 0xFF, dbr_dd_min_bytes());
    CHECK_ST(dbr_dd_init(smem, dbr_dd_min_bytes(), &small), DBR_OK);
    t = -2;
    CHECK_ST(dbr_dd_solve_cards(small, &pos, &t, scores), DBR_OK);
    CHECK(t == wt && memcmp(scores, want_scores, sizeof scores) == 0);
    uint64_t ev = 0;
    CHECK_ST(dbr_dd_evictions(small, &ev), DBR_OK);
    CHECK(ev > 10);
    free(smem);
    free(mem);
    CHECK(strcmp(dbr_status_name(DBR_E_FULL), "E_FULL") == 0);
}

int main(void) {
    test_statuses();
    test_known_positions();
    test_against_brute_force();
    test_two_suit_endings();
    test_full_deals();
    test_golden_deal();
    test_many_deals();
    test_growth();
    if (failures) {
        fprintf(stderr, "test_dd: %d of %d checks failed\n", failures, checks);
        return 1;
    }
    printf("test_dd: all %d checks passed\n", checks);
    return 0;
}
