/* test_core.c -- plain-C tests of the dummybridge core.
 * Run by `make test` (plain, then under AddressSanitizer and
 * UndefinedBehaviorSanitizer). Uses only the public header. */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "dummybridge.h"
#include "test_check.h"

static int hand_is(dbr_hand h, const char *pbn) {
    char buf[DBR_HAND_TEXT_MAX];
    if (dbr_hand_format(h, buf, sizeof buf) != DBR_OK) return 0;
    if (strcmp(buf, pbn) != 0) {
        fprintf(stderr, "  hand %s, expected %s\n", buf, pbn);
        return 0;
    }
    return 1;
}

static void test_version_and_status(void) {
    CHECK(dbr_version() == DBR_VERSION);
    CHECK(strcmp(dbr_version_string(), DBR_VERSION_STRING) == 0);
    for (int i = 0; i < DBR_STATUS_COUNT; i++) {
        CHECK(dbr_status_str(i) != NULL);
        CHECK(strcmp(dbr_status_str(i), "unknown status") != 0);
        for (int j = 0; j < i; j++) {
            CHECK(strcmp(dbr_status_str(i), dbr_status_str(j)) != 0);
            CHECK(strcmp(dbr_status_name(i), dbr_status_name(j)) != 0);
        }
    }
    CHECK(strcmp(dbr_status_str(DBR_OK), "success") == 0);
    CHECK(strcmp(dbr_status_str(DBR_E_DUPLICATE), "card held twice") == 0);
    CHECK(strcmp(dbr_status_name(DBR_E_DUPLICATE), "E_DUPLICATE") == 0);
    CHECK(strcmp(dbr_status_str(-1), "unknown status") == 0);
    CHECK(strcmp(dbr_status_str(DBR_STATUS_COUNT), "unknown status") == 0);
    CHECK(strcmp(dbr_status_name(99), "UNKNOWN") == 0);
}

static void test_cards(void) {
    dbr_card c;
    /* The documented encoding: suit * 13 + rank, clubs 0 .. spades 3, two 0 .. ace 12. */
    CHECK(card("C2") == 0);
    CHECK(card("CA") == 12);
    CHECK(card("D2") == 13);
    CHECK(card("H2") == 26);
    CHECK(card("S2") == 39);
    CHECK(card("SA") == 51);
    CHECK(card("HT") == 2 * 13 + 8);
    CHECK(card("h10") == card("HT"));
    CHECK(card("sa") == 51);
    CHECK(card("dJ") == 13 + 9);
    CHECK_ST(dbr_card_make(3, 12, &c), DBR_OK);
    CHECK(c == 51);
    CHECK_ST(dbr_card_make(4, 0, &c), DBR_E_SUIT);
    CHECK_ST(dbr_card_make(-1, 0, &c), DBR_E_SUIT);
    CHECK_ST(dbr_card_make(0, 13, &c), DBR_E_CARD);
    CHECK_ST(dbr_card_make(0, 0, NULL), DBR_E_NULL);

    /* unknown card codes */
    c = 77;
    CHECK_ST(dbr_card_parse("SX", 2, &c), DBR_E_PARSE);
    CHECK(c == 77); /* outputs untouched on failure */
    CHECK_ST(dbr_card_parse("XA", 2, &c), DBR_E_PARSE);
    CHECK_ST(dbr_card_parse("S", 1, &c), DBR_E_PARSE);
    CHECK_ST(dbr_card_parse("", 0, &c), DBR_E_PARSE);
    CHECK_ST(dbr_card_parse("SAK", 3, &c), DBR_E_PARSE);
    CHECK_ST(dbr_card_parse("S1", 2, &c), DBR_E_PARSE);
    CHECK_ST(dbr_card_parse("S11", 3, &c), DBR_E_PARSE);
    CHECK_ST(dbr_card_parse("S100", 4, &c), DBR_E_PARSE);
    CHECK_ST(dbr_card_parse(NULL, 2, &c), DBR_E_NULL);
    CHECK_ST(dbr_card_parse("SA", 2, NULL), DBR_E_NULL);

    char buf[3];
    CHECK_ST(dbr_card_format(card("HT"), buf, sizeof buf), DBR_OK);
    CHECK(strcmp(buf, "HT") == 0);
    CHECK_ST(dbr_card_format(0, buf, sizeof buf), DBR_OK);
    CHECK(strcmp(buf, "C2") == 0);
    CHECK_ST(dbr_card_format(52, buf, sizeof buf), DBR_E_CARD);
    CHECK_ST(dbr_card_format(255, buf, sizeof buf), DBR_E_CARD);
    CHECK_ST(dbr_card_format(0, buf, 2), DBR_E_BUFFER);
    CHECK_ST(dbr_card_format(0, NULL, 3), DBR_E_NULL);
    for (int i = 0; i < 52; i++) {
        dbr_card back;
        CHECK_ST(dbr_card_format((dbr_card)i, buf, sizeof buf), DBR_OK);
        CHECK_ST(dbr_card_parse(buf, 2, &back), DBR_OK);
        CHECK(back == i);
    }
}

static void test_hands(void) {
    dbr_hand h;
    int n;
    char buf[DBR_HAND_TEXT_MAX];
    h = hand("AKQ.T98.76.5432");
    CHECK_ST(dbr_hand_count(h, &n), DBR_OK);
    CHECK(n == 12);
    CHECK(h & ((dbr_hand)1 << card("SA")));
    CHECK(h & ((dbr_hand)1 << card("HT")));
    CHECK(h & ((dbr_hand)1 << card("C2")));
    CHECK(!(h & ((dbr_hand)1 << card("CA"))));
    CHECK(hand_is(h, "AKQ.T98.76.5432"));
    CHECK(hand_is(hand("akq.1098.76.5432"), "AKQ.T98.76.5432"));
    CHECK(hand_is(hand("..."), "..."));
    CHECK(hand_is(hand("AKQJT98765432..."), "AKQJT98765432..."));
    CHECK(hand_is(hand("...AKQJT98765432"), "...AKQJT98765432"));
    CHECK(hand_is(DBR_FULL_DECK, "AKQJT98765432.AKQJT98765432.AKQJT98765432.AKQJT98765432"));
    CHECK_ST(dbr_hand_format(DBR_FULL_DECK, buf, DBR_HAND_TEXT_MAX), DBR_OK);
    CHECK_ST(dbr_hand_format(DBR_FULL_DECK, buf, DBR_HAND_TEXT_MAX - 1), DBR_E_BUFFER);
    CHECK_ST(dbr_hand_format((dbr_hand)1 << 52, buf, sizeof buf), DBR_E_CARD);
    CHECK_ST(dbr_hand_format(0, NULL, 4), DBR_E_NULL);
    CHECK_ST(dbr_hand_count((dbr_hand)1 << 60, &n), DBR_E_CARD);
    CHECK_ST(dbr_hand_count(0, NULL), DBR_E_NULL);

    /* parse errors */
    CHECK_ST(dbr_hand_parse("AKQ.T98.76", 10, &h), DBR_E_PARSE);      /* two dots */
    CHECK_ST(dbr_hand_parse("AKQ.T98.76.54.3", 15, &h), DBR_E_PARSE); /* four dots */
    CHECK_ST(dbr_hand_parse("AKX.T98.76.5432", 15, &h), DBR_E_PARSE); /* bad rank */
    CHECK_ST(dbr_hand_parse("", 0, &h), DBR_E_PARSE);
    CHECK_ST(dbr_hand_parse("AKA.T98.76.5432", 15, &h), DBR_E_DUPLICATE);
    CHECK_ST(dbr_hand_parse("T10...", 6, &h), DBR_E_DUPLICATE);
    CHECK_ST(dbr_hand_parse(NULL, 0, &h), DBR_E_NULL);
    CHECK_ST(dbr_hand_parse("...", 3, NULL), DBR_E_NULL);
}

static void test_deal_validate_and_parse(void) {
    dbr_hand hands[4] = {hand("AKQJ.AKQ.AKQ.AKQ"), hand("T987.JT9.JT9.JT9"),
                         hand("654.8765.8765.87"), hand("32.432.432.65432")};
    CHECK_ST(dbr_deal_validate(hands, 4, 13), DBR_OK);
    CHECK_ST(dbr_deal_validate(hands, 4, -1), DBR_OK);
    CHECK_ST(dbr_deal_validate(hands, 4, 12), DBR_E_HAND_SIZE);
    CHECK_ST(dbr_deal_validate(hands, 0, 13), DBR_E_COUNT);
    CHECK_ST(dbr_deal_validate(hands, 9, 13), DBR_E_COUNT);
    CHECK_ST(dbr_deal_validate(hands, 4, 53), DBR_E_COUNT);
    CHECK_ST(dbr_deal_validate(NULL, 4, 13), DBR_E_NULL);
    dbr_hand twice[2] = {hand("A..."), hand("AK...")};
    CHECK_ST(dbr_deal_validate(twice, 2, -1), DBR_E_DUPLICATE);
    dbr_hand bad[1] = {(dbr_hand)1 << 63};
    CHECK_ST(dbr_deal_validate(bad, 1, -1), DBR_E_CARD);

    const char *pbn = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 654.8765.8765.87 32.432.432.65432";
    dbr_hand got[4];
    unsigned unknown = 99;
    CHECK_ST(dbr_deal_parse(pbn, strlen(pbn), got, &unknown), DBR_OK);
    CHECK(unknown == 0);
    for (int i = 0; i < 4; i++) CHECK(got[i] == hands[i]);
    /* first seat W: hands follow clockwise from West */
    const char *pbn_w = "W:32.432.432.65432 AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 654.8765.8765.87";
    CHECK_ST(dbr_deal_parse(pbn_w, strlen(pbn_w), got, NULL), DBR_OK);
    for (int i = 0; i < 4; i++) CHECK(got[i] == hands[i]);
    const char *dash = "S:- - AKQJ.AKQ.AKQ.AKQ -";
    CHECK_ST(dbr_deal_parse(dash, strlen(dash), got, &unknown), DBR_OK);
    CHECK(unknown == ((1u << 2) | (1u << 3) | (1u << 1)));
    CHECK(got[0] == hands[0]);
    const char *dup = "N:AKQJ.AKQ.AKQ.AKQ A... - -";
    CHECK_ST(dbr_deal_parse(dup, strlen(dup), got, NULL), DBR_E_DUPLICATE);
    const char *three = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 654.8765.8765.87";
    CHECK_ST(dbr_deal_parse(three, strlen(three), got, NULL), DBR_E_PARSE);
    const char *five = "N:... ... ... ... ...";
    CHECK_ST(dbr_deal_parse(five, strlen(five), got, NULL), DBR_E_PARSE);
    CHECK_ST(dbr_deal_parse("X:... ... ... ...", 17, got, NULL), DBR_E_PARSE);
    CHECK_ST(dbr_deal_parse("N... ... ... ...", 16, got, NULL), DBR_E_PARSE);
    CHECK_ST(dbr_deal_parse("N:... ... ... .Z..", 18, got, NULL), DBR_E_PARSE);
    CHECK_ST(dbr_deal_parse(NULL, 0, got, NULL), DBR_E_NULL);
}

/* Test vectors pinning the PRNG, the bounded draw and the deal. They were
 * computed independently (a pure-Python transcription of the specification
 * in dummybridge.h); the splitmix64 outputs for seed 0 are the published
 * ones. Any change here breaks reproducibility of every recorded game. */
static void test_rng_vectors(void) {
    dbr_rng rng;
    CHECK_ST(dbr_rng_seed(&rng, 0), DBR_OK);
    CHECK(rng.s[0] == 0xe220a8397b1dcdafull);
    CHECK(rng.s[1] == 0x6e789e6aa1b965f4ull);
    CHECK(rng.s[2] == 0x06c45d188009454full);
    CHECK(rng.s[3] == 0xf88bb8a8724c81ecull);
    const uint64_t want[4] = {0x99ec5f36cb75f2b4ull, 0xbf6e1f784956452aull, 0x1a5f849d4933e6e0ull,
                              0x6aa594f1262d2d2cull};
    for (int i = 0; i < 4; i++) {
        uint64_t v;
        CHECK_ST(dbr_rng_next(&rng, &v), DBR_OK);
        CHECK(v == want[i]);
    }
    CHECK_ST(dbr_rng_seed(&rng, 42), DBR_OK);
    const uint32_t draws[8] = {4, 19, 35, 48, 51, 40, 37, 44};
    for (int i = 0; i < 8; i++) {
        uint32_t v;
        CHECK_ST(dbr_rng_below(&rng, 52, &v), DBR_OK);
        CHECK(v == draws[i]);
    }
    uint32_t v = 1234;
    CHECK_ST(dbr_rng_below(&rng, 0, &v), DBR_E_COUNT);
    CHECK(v == 1234);
    CHECK_ST(dbr_rng_below(&rng, 1, &v), DBR_OK);
    CHECK(v == 0);
    CHECK_ST(dbr_rng_below(&rng, UINT32_MAX, &v), DBR_OK);
    CHECK(v < UINT32_MAX);
    CHECK_ST(dbr_rng_seed(NULL, 1), DBR_E_NULL);
    CHECK_ST(dbr_rng_next(&rng, NULL), DBR_E_NULL);
    CHECK_ST(dbr_rng_below(NULL, 5, &v), DBR_E_NULL);

    /* The all-zero state is refused by every drawing function, never a hang. */
    dbr_rng zero = {{0, 0, 0, 0}};
    uint64_t raw;
    dbr_deck zdeck;
    dbr_hand zhands[4];
    dbr_position zpos;
    dbr_batch_result zres;
    dbr_deck_init(&zdeck);
    memset(&zpos, 0, sizeof zpos);
    CHECK_ST(dbr_rng_next(&zero, &raw), DBR_E_RNG_STATE);
    CHECK_ST(dbr_rng_below(&zero, 3, &v), DBR_E_RNG_STATE);
    CHECK_ST(dbr_deck_shuffle(&zdeck, &zero), DBR_E_RNG_STATE);
    CHECK_ST(dbr_deal_random(&zero, 4, 13, 0, zhands), DBR_E_RNG_STATE);
    CHECK_ST(dbr_playout(&zpos, &zero), DBR_E_RNG_STATE);
    CHECK_ST(dbr_batch_playout(&zero, 1, 0, 0, NULL, &zres), DBR_E_RNG_STATE);
    CHECK(strcmp(dbr_status_str(DBR_E_RNG_STATE), "generator state is all zero") == 0);

    /* Uniformity sanity: 6 buckets of 60000 draws each within 3% of 10000. */
    int buckets[6] = {0};
    dbr_rng_seed(&rng, 5);
    for (int i = 0; i < 60000; i++) {
        dbr_rng_below(&rng, 6, &v);
        buckets[v]++;
    }
    for (int i = 0; i < 6; i++) CHECK(buckets[i] > 9700 && buckets[i] < 10300);
}

static void test_deal_vectors(void) {
    struct {
        uint64_t seed;
        const char *hands[4];
    } vec[3] = {
        {0, {"K74.KJ7632.Q32.J", "QT5.QT98.KJ9.Q43", "A6.4.8765.K97652", "J9832.A5.AT4.AT8"}},
        {1, {"AJT8.AKQ95.3.KT4", "954.J8.T9862.QJ6", "Q62.743.AJ75.532", "K73.T62.KQ4.A987"}},
        {2026, {"AJ87.AT985.8.J94", "96542.J3.KT62.K3", "KQT3.Q7.AQJ974.6", ".K642.53.AQT8752"}},
    };
    for (int k = 0; k < 3; k++) {
        dbr_rng rng;
        dbr_hand h[4];
        dbr_rng_seed(&rng, vec[k].seed);
        CHECK_ST(dbr_deal_random(&rng, 4, 13, 0, h), DBR_OK);
        for (int i = 0; i < 4; i++) CHECK(hand_is(h[i], vec[k].hands[i]));
        CHECK_ST(dbr_deal_validate(h, 4, 13), DBR_OK);
    }
    /* Three hands of 17 (the pattern is data), dealer 2: first card to hand 0. */
    dbr_rng rng;
    dbr_hand h[3];
    dbr_rng_seed(&rng, 7);
    CHECK_ST(dbr_deal_random(&rng, 3, 17, 2, h), DBR_OK);
    CHECK(hand_is(h[0], "AKJ5.K752.A9742.8742"));
    CHECK(hand_is(h[1], "Q642.AJ9643.65.AKT93"));
    CHECK(hand_is(h[2], "T9873.T8.KQJT83.QJ65"));

    /* The deck functions compose to the same deal. */
    dbr_deck deck;
    dbr_hand a[4], b[4];
    dbr_rng_seed(&rng, 1);
    CHECK_ST(dbr_deck_init(&deck), DBR_OK);
    CHECK(deck.count == 52 && deck.cards[0] == 0 && deck.cards[51] == 51);
    CHECK_ST(dbr_deck_shuffle(&deck, &rng), DBR_OK);
    CHECK_ST(dbr_deck_deal(&deck, 4, 13, 0, a), DBR_OK);
    dbr_rng_seed(&rng, 1);
    dbr_deal_random(&rng, 4, 13, 0, b);
    for (int i = 0; i < 4; i++) CHECK(a[i] == b[i]);
    /* One card at a time from the dealer's left: dealer 3 gives card 0 to seat 0. */
    dbr_deck_init(&deck);
    CHECK_ST(dbr_deck_deal(&deck, 4, 13, 3, a), DBR_OK);
    CHECK(a[0] & 1u);
    CHECK(a[1] & 2u);
    CHECK(hand_is(a[0], "J73.Q84.K95.AT62"));
    /* A cut moves the top cards to the bottom. */
    CHECK_ST(dbr_deck_cut(&deck, 5), DBR_OK);
    CHECK(deck.cards[0] == 5 && deck.cards[46] == 51 && deck.cards[47] == 0);
    CHECK_ST(dbr_deck_cut(&deck, 0), DBR_OK);
    CHECK(deck.cards[0] == 5);
    CHECK_ST(dbr_deck_cut(&deck, 52), DBR_E_COUNT);
    CHECK_ST(dbr_deck_cut(&deck, -1), DBR_E_COUNT);
    CHECK_ST(dbr_deck_cut(NULL, 1), DBR_E_NULL);
    /* Pattern errors. */
    CHECK_ST(dbr_deck_deal(&deck, 4, 14, 0, a), DBR_E_COUNT);
    CHECK_ST(dbr_deck_deal(&deck, 0, 13, 0, a), DBR_E_COUNT);
    CHECK_ST(dbr_deck_deal(&deck, 9, 5, 0, a), DBR_E_COUNT);
    CHECK_ST(dbr_deck_deal(&deck, 4, 0, 0, a), DBR_E_COUNT);
    CHECK_ST(dbr_deck_deal(&deck, 4, 13, 4, a), DBR_E_SEAT);
    CHECK_ST(dbr_deck_deal(&deck, 4, 13, -1, a), DBR_E_SEAT);
    CHECK_ST(dbr_deck_deal(NULL, 4, 13, 0, a), DBR_E_NULL);
    CHECK_ST(dbr_deal_random(&rng, 4, 13, 7, a), DBR_E_SEAT);
    CHECK_ST(dbr_deal_random(NULL, 4, 13, 0, a), DBR_E_NULL);
    /* A huge count is refused: n_hands * cards_each once overflowed int
     * (undefined behaviour) and dealt four empty hands. */
    a[0] = 12345;
    CHECK_ST(dbr_deal_random(&rng, 4, INT_MAX, 0, a), DBR_E_COUNT);
    CHECK_ST(dbr_deck_deal(&deck, 4, INT_MAX, 0, a), DBR_E_COUNT);
    CHECK_ST(dbr_deck_deal(&deck, 8, INT_MAX / 4 + 1, 0, a), DBR_E_COUNT);
    CHECK(a[0] == 12345);
    /* A corrupted deck is refused, not dealt. */
    deck.cards[3] = deck.cards[4];
    CHECK_ST(dbr_deck_shuffle(&deck, &rng), DBR_E_DUPLICATE);
    CHECK_ST(dbr_deck_deal(&deck, 4, 13, 0, a), DBR_E_DUPLICATE);
    deck.cards[3] = 60;
    CHECK_ST(dbr_deck_deal(&deck, 4, 13, 0, a), DBR_E_CARD);
    deck.count = 53;
    CHECK_ST(dbr_deck_shuffle(&deck, &rng), DBR_E_COUNT);
    CHECK_ST(dbr_deck_from_hand(hand("AK..Q.2"), &deck), DBR_OK);
    CHECK(deck.count == 4 && deck.cards[0] == 0 && deck.cards[3] == 51);
    CHECK_ST(dbr_deck_from_hand((dbr_hand)1 << 55, &deck), DBR_E_CARD);
}

static void test_play(void) {
    dbr_hand h = hand("AKQ.T98.76.5432"), legal;
    /* Following suit is compulsory when possible. */
    CHECK_ST(dbr_legal_plays(h, DBR_HEARTS, &legal), DBR_OK);
    CHECK(hand_is(legal, ".T98.."));
    CHECK_ST(dbr_legal_plays(h, DBR_NO_SUIT, &legal), DBR_OK);
    CHECK(legal == h);
    dbr_hand void_h = hand("AKQ..76.5432");
    CHECK_ST(dbr_legal_plays(void_h, DBR_HEARTS, &legal), DBR_OK);
    CHECK(legal == void_h);
    CHECK_ST(dbr_legal_plays(0, DBR_HEARTS, &legal), DBR_E_EMPTY);
    CHECK_ST(dbr_legal_plays(h, 5, &legal), DBR_E_SUIT);
    CHECK_ST(dbr_legal_plays(h, -1, &legal), DBR_E_SUIT);
    CHECK_ST(dbr_legal_plays((dbr_hand)1 << 52, 0, &legal), DBR_E_CARD);
    CHECK_ST(dbr_legal_plays(h, 0, NULL), DBR_E_NULL);

    int seat = -1, idx = -1;
    dbr_card t1[4] = {card("H5"), card("HK"), card("HA"), card("H2")};
    CHECK_ST(dbr_trick_winner(t1, 4, 1, 4, DBR_NOTRUMP, &seat, &idx), DBR_OK);
    CHECK(seat == 3 && idx == 2); /* ace by seat 1+2 */
    dbr_card t2[4] = {card("H5"), card("S2"), card("HA"), card("D2")};
    CHECK_ST(dbr_trick_winner(t2, 4, 0, 4, DBR_SPADES, &seat, &idx), DBR_OK);
    CHECK(seat == 1 && idx == 1); /* a trump wins */
    CHECK_ST(dbr_trick_winner(t2, 4, 0, 4, DBR_NOTRUMP, &seat, NULL), DBR_OK);
    CHECK(seat == 2); /* no trumps: the highest of the suit led */
    CHECK_ST(dbr_trick_winner(t2, 4, 0, 4, DBR_DIAMONDS, &seat, NULL), DBR_OK);
    CHECK(seat == 3);
    dbr_card t3[4] = {card("C5"), card("S2"), card("S3"), card("CA")};
    CHECK_ST(dbr_trick_winner(t3, 4, 2, 4, DBR_SPADES, &seat, NULL), DBR_OK);
    CHECK(seat == 0); /* the higher trump (S3 by seat 2+2) overtrumps */
    CHECK_ST(dbr_trick_winner(t3, 2, 2, 4, DBR_HEARTS, &seat, NULL), DBR_OK);
    CHECK(seat == 2); /* incomplete trick: discard does not win */
    CHECK_ST(dbr_trick_winner(t3, 3, 0, 3, DBR_SPADES, &seat, NULL), DBR_OK);
    CHECK(seat == 2); /* three seats */
    CHECK_ST(dbr_trick_winner(t3, 4, 0, 4, 5, &seat, NULL), DBR_E_STRAIN);
    CHECK_ST(dbr_trick_winner(t3, 4, 4, 4, 0, &seat, NULL), DBR_E_SEAT);
    CHECK_ST(dbr_trick_winner(t3, 5, 0, 4, 0, &seat, NULL), DBR_E_COUNT);
    CHECK_ST(dbr_trick_winner(t3, 0, 0, 4, 0, &seat, NULL), DBR_E_COUNT);
    CHECK_ST(dbr_trick_winner(t3, 4, 0, 9, 0, &seat, NULL), DBR_E_COUNT);
    dbr_card tdup[2] = {card("C5"), card("C5")};
    CHECK_ST(dbr_trick_winner(tdup, 2, 0, 4, 0, &seat, NULL), DBR_E_DUPLICATE);
    dbr_card tbad[2] = {card("C5"), 52};
    CHECK_ST(dbr_trick_winner(tbad, 2, 0, 4, 0, &seat, NULL), DBR_E_CARD);
    CHECK_ST(dbr_trick_winner(NULL, 2, 0, 4, 0, &seat, NULL), DBR_E_NULL);
    CHECK_ST(dbr_trick_winner(t3, 2, 0, 4, 0, NULL, NULL), DBR_E_NULL);
}

static void test_stats(void) {
    int len[4], n;
    unsigned suits;
    dbr_hand h = hand("AKQ.T98.76.5432");
    CHECK_ST(dbr_hand_suit_lengths(h, len), DBR_OK);
    CHECK(len[DBR_SPADES] == 3 && len[DBR_HEARTS] == 3 && len[DBR_DIAMONDS] == 2 &&
          len[DBR_CLUBS] == 4);
    CHECK_ST(dbr_hand_aces(h, &n), DBR_OK);
    CHECK(n == 1);
    CHECK_ST(dbr_hand_aces(hand("A.A.A.A"), &n), DBR_OK);
    CHECK(n == 4);
    /* Honours are A K Q J 10 of trumps, or the four aces at no trumps. */
    CHECK_ST(dbr_hand_honours(h, DBR_SPADES, &n), DBR_OK);
    CHECK(n == 3);
    CHECK_ST(dbr_hand_honours(h, DBR_HEARTS, &n), DBR_OK);
    CHECK(n == 1);
    CHECK_ST(dbr_hand_honours(h, DBR_CLUBS, &n), DBR_OK);
    CHECK(n == 0);
    CHECK_ST(dbr_hand_honours(hand(".AKQJT98.."), DBR_HEARTS, &n), DBR_OK);
    CHECK(n == 5);
    CHECK_ST(dbr_hand_honours(h, DBR_NOTRUMP, &n), DBR_OK);
    CHECK(n == 1);
    CHECK_ST(dbr_hand_honours(h, 5, &n), DBR_E_STRAIN);
    /* The forced declaration's worked check: hearts A-9-7-4 and diamonds
     * K-Q-8-3 are 31 pips each (ace 11, other honours 10). */
    const uint8_t pips[13] = {2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10, 11};
    dbr_hand dummy = hand("52.A974.KQ83.J6");
    CHECK_ST(dbr_hand_pips(dummy, DBR_HEARTS, pips, &n), DBR_OK);
    CHECK(n == 31);
    CHECK_ST(dbr_hand_pips(dummy, DBR_DIAMONDS, pips, &n), DBR_OK);
    CHECK(n == 31);
    CHECK_ST(dbr_hand_pips(dummy, DBR_SPADES, pips, &n), DBR_OK);
    CHECK(n == 7);
    CHECK_ST(dbr_hand_longest_suits(dummy, &suits, &n), DBR_OK);
    CHECK(suits == ((1u << DBR_HEARTS) | (1u << DBR_DIAMONDS)) && n == 4);
    CHECK_ST(dbr_hand_longest_suits(h, &suits, NULL), DBR_OK);
    CHECK(suits == (1u << DBR_CLUBS));
    CHECK_ST(dbr_hand_longest_suits(0, &suits, &n), DBR_OK);
    CHECK(suits == 15u && n == 0);
    CHECK_ST(dbr_hand_pips(dummy, 4, pips, &n), DBR_E_SUIT);
    CHECK_ST(dbr_hand_pips(dummy, 0, NULL, &n), DBR_E_NULL);
    dbr_hand bad = (dbr_hand)1 << 52;
    CHECK_ST(dbr_hand_suit_lengths(bad, len), DBR_E_CARD);
    CHECK_ST(dbr_hand_aces(bad, &n), DBR_E_CARD);
    CHECK_ST(dbr_hand_honours(bad, 0, &n), DBR_E_CARD);
    CHECK_ST(dbr_hand_pips(bad, 0, pips, &n), DBR_E_CARD);
    CHECK_ST(dbr_hand_longest_suits(bad, &suits, &n), DBR_E_CARD);
    CHECK_ST(dbr_hand_suit_lengths(h, NULL), DBR_E_NULL);
    CHECK_ST(dbr_hand_aces(h, NULL), DBR_E_NULL);
    CHECK_ST(dbr_hand_honours(h, 0, NULL), DBR_E_NULL);
    CHECK_ST(dbr_hand_longest_suits(h, NULL, &n), DBR_E_NULL);
}

static void test_playout(void) {
    dbr_position pos;
    memset(&pos, 0, sizeof pos);
    dbr_rng rng;
    dbr_rng_seed(&rng, 3);
    dbr_deal_random(&rng, 4, 13, 3, pos.hands);
    pos.trump = DBR_HEARTS;
    pos.leader = 0;
    CHECK_ST(dbr_position_validate(&pos), DBR_OK);
    dbr_position copy = pos;
    CHECK_ST(dbr_playout(&pos, &rng), DBR_OK);
    CHECK(pos.tricks[0] + pos.tricks[1] == 13);
    CHECK(pos.hands[0] == 0 && pos.hands[1] == 0 && pos.hands[2] == 0 && pos.hands[3] == 0);
    CHECK(pos.trick_len == 0);

    /* The batch call gives exactly the single calls' numbers. */
    dbr_rng a, b;
    dbr_rng_seed(&a, 99);
    dbr_rng_seed(&b, 99);
    uint8_t per[50];
    dbr_batch_result res;
    CHECK_ST(dbr_batch_playout(&a, 50, DBR_SPADES, 2, per, &res), DBR_OK);
    CHECK(res.deals == 50);
    CHECK(res.tricks[0] + res.tricks[1] == 50 * 13);
    uint64_t hist_total = 0, side0 = 0;
    for (int t = 0; t < 14; t++) {
        hist_total += res.histogram[t];
        side0 += (uint64_t)t * res.histogram[t];
    }
    CHECK(hist_total == 50 && side0 == res.tricks[0]);
    for (int d = 0; d < 50; d++) {
        dbr_position p;
        memset(&p, 0, sizeof p);
        dbr_deal_random(&b, 4, 13, 2, p.hands);
        p.trump = DBR_SPADES;
        p.leader = 3;
        dbr_playout(&p, &b);
        CHECK(p.tricks[0] == per[d]);
    }
    CHECK(memcmp(&a, &b, sizeof a) == 0);

    /* Mid-trick: East led, South played; West, North, ... to play. */
    memset(&pos, 0, sizeof pos);
    pos.hands[0] = hand("A...");
    pos.hands[1] = hand("...");
    pos.hands[2] = hand("...");
    pos.hands[3] = hand(".2..");
    pos.trick[0] = card("S2");
    pos.trick[1] = card("S3");
    pos.trick_len = 2;
    pos.leader = 1;
    pos.trump = DBR_NOTRUMP;
    pos.tricks[1] = 12;
    CHECK_ST(dbr_playout(&pos, &rng), DBR_OK);
    CHECK(pos.tricks[0] == 1 && pos.tricks[1] == 12 && pos.leader == 0);
    /* ... with hearts trumps West's H2 wins instead. */
    memset(&pos, 0, sizeof pos);
    pos.hands[0] = hand("A...");
    pos.hands[3] = hand(".2..");
    pos.trick[0] = card("S2");
    pos.trick[1] = card("S3");
    pos.trick_len = 2;
    pos.leader = 1;
    pos.trump = DBR_HEARTS;
    CHECK_ST(dbr_playout(&pos, &rng), DBR_OK);
    CHECK(pos.tricks[0] == 0 && pos.tricks[1] == 1 && pos.leader == 3);

    /* Bad positions are refused and leave everything unchanged. */
    pos = copy;
    dbr_rng before = rng;
    pos.hands[1] |= pos.hands[0] & (~pos.hands[0] + 1); /* a card held twice */
    CHECK_ST(dbr_playout(&pos, &rng), DBR_E_DUPLICATE);
    CHECK(memcmp(&rng, &before, sizeof rng) == 0);
    pos = copy;
    pos.hands[1] &= pos.hands[1] - 1; /* East one card short */
    CHECK_ST(dbr_position_validate(&pos), DBR_E_HAND_SIZE);
    pos = copy;
    pos.trump = 5;
    CHECK_ST(dbr_position_validate(&pos), DBR_E_STRAIN);
    pos = copy;
    pos.leader = 4;
    CHECK_ST(dbr_position_validate(&pos), DBR_E_SEAT);
    pos = copy;
    pos.trick_len = 4;
    CHECK_ST(dbr_position_validate(&pos), DBR_E_TRICK);
    pos = copy;
    pos.tricks[0] = 1;
    CHECK_ST(dbr_position_validate(&pos), DBR_E_TRICK);
    pos = copy;
    pos.hands[2] |= (dbr_hand)1 << 58;
    CHECK_ST(dbr_position_validate(&pos), DBR_E_CARD);
    pos = copy;
    pos.trick_len = 1;
    pos.trick[0] = 52;
    CHECK_ST(dbr_position_validate(&pos), DBR_E_CARD);
    pos = copy;
    pos.trick_len = 1;
    pos.trick[0] = (dbr_card)dbr_status_str(0)[0]; /* 's' = 115 */
    CHECK_ST(dbr_position_validate(&pos), DBR_E_CARD);
    /* a trick card still held by a hand */
    pos = copy;
    pos.hands[0] &= pos.hands[0] - 1;
    {
        dbr_hand h = copy.hands[0] & ~pos.hands[0];
        int c = 0;
        while (!((h >> c) & 1)) c++;
        pos.trick[0] = (dbr_card)c;
        pos.trick_len = 1;
        pos.leader = 0;
        CHECK_ST(dbr_position_validate(&pos), DBR_OK);
        pos.hands[3] = (pos.hands[3] & (pos.hands[3] - 1)) | h;
        CHECK_ST(dbr_position_validate(&pos), DBR_E_DUPLICATE);
    }
    CHECK_ST(dbr_position_validate(NULL), DBR_E_NULL);
    CHECK_ST(dbr_playout(NULL, &rng), DBR_E_NULL);
    CHECK_ST(dbr_playout(&copy, NULL), DBR_E_NULL);
    CHECK_ST(dbr_batch_playout(&rng, 1, 5, 0, NULL, &res), DBR_E_STRAIN);
    CHECK_ST(dbr_batch_playout(&rng, 1, 0, 4, NULL, &res), DBR_E_SEAT);
    CHECK_ST(dbr_batch_playout(NULL, 1, 0, 0, NULL, &res), DBR_E_NULL);
    CHECK_ST(dbr_batch_playout(&rng, 1, 0, 0, NULL, NULL), DBR_E_NULL);
    CHECK_ST(dbr_batch_playout(&rng, 0, 0, 0, NULL, &res), DBR_OK);
    CHECK(res.deals == 0 && res.tricks[0] == 0);
}

static void test_position_play(void) {
    dbr_position pos;
    memset(&pos, 0, sizeof pos);
    pos.hands[0] = hand("AK...");
    pos.hands[1] = hand("Q..3.");
    pos.hands[2] = hand("J...2");
    pos.hands[3] = hand("3.2..");
    pos.trump = DBR_HEARTS;
    pos.leader = 0;
    dbr_hand legal;
    int winner = 99;
    CHECK_ST(dbr_position_legal(&pos, &legal), DBR_OK);
    CHECK(legal == pos.hands[0]); /* on lead: any card */
    CHECK_ST(dbr_position_play(&pos, card("SA"), 0, &winner), DBR_OK);
    CHECK(winner == -1 && pos.trick_len == 1);
    CHECK_ST(dbr_position_legal(&pos, &legal), DBR_OK);
    CHECK(hand_is(legal, "Q...")); /* East must follow to the spade */
    dbr_position before = pos;
    CHECK_ST(dbr_position_play(&pos, card("D3"), 0, &winner), DBR_E_REVOKE);
    CHECK(memcmp(&pos, &before, sizeof pos) == 0); /* a refused card changes nothing */
    CHECK_ST(dbr_position_play(&pos, card("SK"), 0, &winner), DBR_E_NOT_HELD);
    CHECK_ST(dbr_position_play(&pos, 52, 0, &winner), DBR_E_CARD);
    CHECK_ST(dbr_position_play(&pos, card("SQ"), 0, &winner), DBR_OK);
    CHECK_ST(dbr_position_play(&pos, card("SJ"), 0, NULL), DBR_OK);
    /* West must follow with his S3; in laws mode he may revoke, trumping with the H2 */
    CHECK_ST(dbr_position_legal(&pos, &legal), DBR_OK);
    CHECK(hand_is(legal, "3..."));
    CHECK_ST(dbr_position_play(&pos, card("H2"), 0, &winner), DBR_E_REVOKE); /* holds S3 */
    CHECK_ST(dbr_position_play(&pos, card("H2"), DBR_PLAY_ALLOW_REVOKE, &winner), DBR_OK);
    CHECK(winner == 3 && pos.leader == 3 && pos.trick_len == 0);
    CHECK(pos.tricks[0] == 0 && pos.tricks[1] == 1);
    /* the revoking hand still holds its spade; West leads it */
    CHECK_ST(dbr_position_play(&pos, card("S3"), 0, &winner), DBR_OK);
    CHECK_ST(dbr_position_play(&pos, card("SK"), 0, &winner), DBR_OK);
    CHECK_ST(dbr_position_play(&pos, card("D3"), 0, &winner), DBR_OK);
    CHECK_ST(dbr_position_play(&pos, card("C2"), 0, &winner), DBR_OK);
    CHECK(winner == 0 && pos.tricks[0] == 1 && pos.leader == 0);
    CHECK_ST(dbr_position_legal(&pos, &legal), DBR_E_EMPTY); /* all played */
    /* errors */
    CHECK_ST(dbr_position_legal(NULL, &legal), DBR_E_NULL);
    CHECK_ST(dbr_position_legal(&pos, NULL), DBR_E_NULL);
    CHECK_ST(dbr_position_play(NULL, 0, 0, &winner), DBR_E_NULL);
    dbr_position empty;
    memset(&empty, 0, sizeof empty);
    CHECK_ST(dbr_position_legal(&empty, &legal), DBR_E_EMPTY);
    CHECK_ST(dbr_position_play(&empty, 0, 0, &winner), DBR_E_NOT_HELD);
    pos = before;
    pos.hands[2] |= pos.hands[0]; /* a card held twice */
    CHECK_ST(dbr_position_play(&pos, card("SQ"), 0, &winner), DBR_E_DUPLICATE);
    CHECK_ST(dbr_position_legal(&pos, &legal), DBR_E_DUPLICATE);
}

/* dbr_position_step is dbr_position_play then dbr_position_legal, in one call:
 * over whole random deals (every strain, revokes allowed at random) the two
 * ways give the same positions, winners and legal cards at every card. */
static void test_position_step(void) {
    dbr_rng rng;
    CHECK_ST(dbr_rng_seed(&rng, 2024), DBR_OK);
    int mismatches = 0, steps = 0;
    for (int d = 0; d < 200; d++) {
        dbr_position a, b;
        memset(&a, 0, sizeof a);
        CHECK_ST(dbr_deal_random(&rng, 4, 13, d & 3, a.hands), DBR_OK);
        a.trump = (uint8_t)(d % 5);
        a.leader = (uint8_t)((d + 1) & 3);
        b = a;
        dbr_hand legal_a = 0, legal_b = 0;
        CHECK_ST(dbr_position_legal(&a, &legal_a), DBR_OK);
        for (int n = 0; n < 52; n++) {
            dbr_hand held = a.hands[(a.leader + a.trick_len) & 3];
            uint32_t k = 0;
            unsigned flags = 0;
            dbr_hand from = legal_a;
            CHECK_ST(dbr_rng_below(&rng, 8, &k), DBR_OK);
            if (k == 0 && held != legal_a) { /* now and then a revoke, allowed */
                from = held & ~legal_a;
                flags = DBR_PLAY_ALLOW_REVOKE;
            }
            int count = 0;
            for (int c = 0; c < DBR_NUM_CARDS; c++) count += (int)((from >> c) & 1);
            CHECK_ST(dbr_rng_below(&rng, (uint32_t)count, &k), DBR_OK);
            dbr_card pick = 0;
            for (int c = 0; c < DBR_NUM_CARDS; c++) {
                if ((from >> c) & 1 && k-- == 0) {
                    pick = (dbr_card)c;
                    break;
                }
            }
            int win_a = 99, win_b = 99;
            dbr_position c = a;
            int64_t packed = dbr_position_step_packed(&c, pick, flags);
            CHECK_ST(dbr_position_step(&a, pick, flags, &win_a, &legal_a), DBR_OK);
            /* the packed step: the same position, legal cards and winner */
            if (packed < 0 || memcmp(&a, &c, sizeof a) != 0 ||
                (dbr_hand)packed != (legal_a | (uint64_t)(win_a + 1) << DBR_STEP_WINNER_SHIFT))
                mismatches++;
            CHECK_ST(dbr_position_play(&b, pick, flags, &win_b), DBR_OK);
            dbr_status st = dbr_position_legal(&b, &legal_b);
            if (n == 51) {
                CHECK(st == DBR_E_EMPTY && legal_a == 0); /* the play is over */
            } else if (st != DBR_OK || legal_a != legal_b) {
                mismatches++;
            }
            if (win_a != win_b || memcmp(&a, &b, sizeof a) != 0) mismatches++;
            steps++;
        }
        CHECK(a.tricks[0] + a.tricks[1] == 13);
    }
    CHECK(mismatches == 0 && steps == 200 * 52);
    /* a refused card changes nothing, the outputs included; the outputs may be NULL */
    dbr_position pos;
    memset(&pos, 0, sizeof pos);
    pos.hands[0] = hand("A...2");
    pos.hands[1] = hand("K..3.");
    pos.hands[2] = hand("Q.3..");
    pos.hands[3] = hand("J...3");
    pos.trump = DBR_NOTRUMP;
    CHECK_ST(dbr_position_step(&pos, card("SA"), 0, NULL, NULL), DBR_OK);
    dbr_position before = pos;
    int winner = 7;
    dbr_hand legal = 5;
    CHECK_ST(dbr_position_step(&pos, card("D3"), 0, &winner, &legal), DBR_E_REVOKE);
    CHECK_ST(dbr_position_step(&pos, card("SQ"), 0, &winner, &legal), DBR_E_NOT_HELD);
    CHECK_ST(dbr_position_step(&pos, 52, 0, &winner, &legal), DBR_E_CARD);
    CHECK_ST(dbr_position_step(NULL, 0, 0, &winner, &legal), DBR_E_NULL);
    CHECK(winner == 7 && legal == 5 && memcmp(&pos, &before, sizeof pos) == 0);
    CHECK(dbr_position_step_packed(&pos, card("D3"), 0) == -(int64_t)DBR_E_REVOKE);
    CHECK(dbr_position_step_packed(&pos, card("SQ"), 0) == -(int64_t)DBR_E_NOT_HELD);
    CHECK(dbr_position_step_packed(&pos, 52, 0) == -(int64_t)DBR_E_CARD);
    CHECK(dbr_position_step_packed(NULL, 0, 0) == -(int64_t)DBR_E_NULL);
    CHECK(memcmp(&pos, &before, sizeof pos) == 0);
    CHECK_ST(dbr_position_step(&pos, card("SK"), 0, &winner, &legal), DBR_OK);
    CHECK(winner == -1 && hand_is(legal, "Q...")); /* South must follow to the spade */
    CHECK_ST(dbr_position_step(&pos, card("SQ"), 0, &winner, &legal), DBR_OK);
    CHECK(winner == -1 && hand_is(legal, "J..."));
    CHECK_ST(dbr_position_step(&pos, card("SJ"), 0, &winner, &legal), DBR_OK);
    CHECK(winner == 0 && hand_is(legal, "...2")); /* North won and leads his last card */
    before = pos;
    CHECK(dbr_position_step_packed(&before, card("C2"), 0) ==
          (int64_t)hand("..3.")); /* East's turn, the trick goes on: no winner field */
    pos.hands[2] |= pos.hands[0]; /* a card held twice */
    CHECK_ST(dbr_position_step(&pos, card("C2"), 0, &winner, &legal), DBR_E_DUPLICATE);
    CHECK(winner == 0 && hand_is(legal, "...2"));
}

int main(void) {
    test_version_and_status();
    test_cards();
    test_hands();
    test_deal_validate_and_parse();
    test_rng_vectors();
    test_deal_vectors();
    test_play();
    test_stats();
    test_playout();
    test_position_play();
    test_position_step();
    printf("%d checks, %d failed\n", checks, failures);
    return failures ? 1 : 0;
}
