/* example.c -- embedding the dummybridge core: deal a seeded hand and play
 * it out card by card with random legal plays, using only the public
 * header and the library.
 *
 * Against an installed copy (make install PREFIX=..., then PKG_CONFIG_PATH):
 *   cc example.c $(pkg-config --cflags --libs dummybridge) \
 *      -Wl,-rpath,"$(pkg-config --variable=libdir dummybridge)" -o build/example
 *   ./build/example [SEED]
 * From this folder without installing: make example (build/example, static).
 */
#include <stdio.h>
#include <stdlib.h>

#include "dummybridge.h"

static const char *const seat_names[4] = {"North", "East", "South", "West"};

static int fail(const char *what, dbr_status st) {
    fprintf(stderr, "example: %s: %s\n", what, dbr_status_str(st));
    return 1;
}

int main(int argc, char **argv) {
    uint64_t seed = argc > 1 ? strtoull(argv[1], NULL, 10) : 1;
    dbr_rng rng;
    dbr_hand hands[4];
    dbr_status st;
    const int dealer = 3, trump = DBR_HEARTS; /* West deals, hearts are trumps */

    if ((st = dbr_rng_seed(&rng, seed)) != DBR_OK) return fail("seed", st);
    if ((st = dbr_deal_random(&rng, 4, 13, dealer, hands)) != DBR_OK) return fail("deal", st);

    printf("dummybridge %s, seed %llu, %s deals, hearts trumps\n", dbr_version_string(),
           (unsigned long long)seed, seat_names[dealer]);
    for (int seat = 0; seat < 4; seat++) {
        char text[DBR_HAND_TEXT_MAX];
        if ((st = dbr_hand_format(hands[seat], text, sizeof text)) != DBR_OK)
            return fail("format", st);
        printf("  %-5s %s\n", seat_names[seat], text);
    }

    int leader = (dealer + 1) % 4, won[2] = {0, 0};
    for (int trick_no = 1; trick_no <= 13; trick_no++) {
        dbr_card trick[4];
        printf("trick %2d:", trick_no);
        for (int i = 0; i < 4; i++) {
            int seat = (leader + i) % 4;
            int led = i == 0 ? DBR_NO_SUIT : trick[0] / 13;
            dbr_hand legal;
            uint32_t k;
            int count;
            if ((st = dbr_legal_plays(hands[seat], led, &legal)) != DBR_OK)
                return fail("legal plays", st);
            if ((st = dbr_hand_count(legal, &count)) != DBR_OK) return fail("count", st);
            if ((st = dbr_rng_below(&rng, (uint32_t)count, &k)) != DBR_OK) return fail("draw", st);
            /* the k-th lowest legal card */
            int c = 0;
            for (;; c++) {
                if (((legal >> c) & 1) && k-- == 0) break;
            }
            trick[i] = (dbr_card)c;
            hands[seat] &= ~((dbr_hand)1 << c);
            char code[3];
            dbr_card_format(trick[i], code, sizeof code);
            printf(" %s %s", seat_names[seat], code);
        }
        int winner;
        if ((st = dbr_trick_winner(trick, 4, leader, 4, trump, &winner, NULL)) != DBR_OK)
            return fail("trick winner", st);
        printf("  -> %s\n", seat_names[winner]);
        won[winner % 2]++;
        leader = winner;
    }
    printf("North-South %d tricks, East-West %d tricks\n", won[0], won[1]);
    return 0;
}
