/* test_check.h -- what the C test programs share: the check counters and
 * macros, and card and hand helpers that count a bad code in a test as a
 * failure. Included once by each test_*.c; not part of the library. */
#ifndef DBR_TEST_CHECK_H
#define DBR_TEST_CHECK_H

#include <stdio.h>
#include <string.h>

#include "dummybridge.h"

static int failures = 0, checks = 0;

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        checks++;                                                                                  \
        if (!(cond)) {                                                                             \
            failures++;                                                                            \
            fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #cond);               \
        }                                                                                          \
    } while (0)

#define CHECK_ST(expr, want)                                                                       \
    do {                                                                                           \
        int got_ = (int)(expr);                                                                    \
        checks++;                                                                                  \
        if (got_ != (int)(want)) {                                                                 \
            failures++;                                                                            \
            fprintf(stderr, "%s:%d: %s returned %s, expected %s\n", __FILE__, __LINE__, #expr,     \
                    dbr_status_name(got_), dbr_status_name(want));                                 \
        }                                                                                          \
    } while (0)

static inline dbr_card card(const char *code) {
    dbr_card c = 255;
    if (dbr_card_parse(code, strlen(code), &c) != DBR_OK) {
        fprintf(stderr, "bad card in test: %s\n", code);
        failures++;
    }
    return c;
}

static inline dbr_hand hand(const char *pbn) {
    dbr_hand h = 0;
    if (dbr_hand_parse(pbn, strlen(pbn), &h) != DBR_OK) {
        fprintf(stderr, "bad hand in test: %s\n", pbn);
        failures++;
    }
    return h;
}

#endif
