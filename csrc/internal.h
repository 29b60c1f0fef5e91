/* internal.h -- helpers shared by the dummybridge C sources (not installed). */
#ifndef DBR_INTERNAL_H
#define DBR_INTERNAL_H

#include "dummybridge.h"

#if defined(__GNUC__) || defined(__clang__)
#define DBR_INLINE static inline __attribute__((always_inline))
#define DBR_LIKELY(x) __builtin_expect(!!(x), 1)
#define DBR_UNLIKELY(x) __builtin_expect(!!(x), 0)
#else
#define DBR_INLINE static inline
#define DBR_LIKELY(x) (x)
#define DBR_UNLIKELY(x) (x)
#endif

#if defined(_MSC_VER) && !defined(__clang__)
#include <intrin.h>
#endif

DBR_INLINE int dbr__popcount(uint64_t x) {
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_popcountll(x);
#elif defined(_MSC_VER) && defined(_M_X64)
    return (int)__popcnt64(x);
#else
    int n = 0;
    while (x) {
        x &= x - 1;
        n++;
    }
    return n;
#endif
}

/* Index of the lowest set bit; x must not be 0. */
DBR_INLINE int dbr__ctz(uint64_t x) {
#if defined(__GNUC__) || defined(__clang__)
    return __builtin_ctzll(x);
#elif defined(_MSC_VER) && defined(_M_X64)
    unsigned long i;
    _BitScanForward64(&i, x);
    return (int)i;
#else
    int n = 0;
    while (!(x & 1u)) {
        x >>= 1;
        n++;
    }
    return n;
#endif
}

/* Index of the highest set bit; x must not be 0. */
DBR_INLINE int dbr__msb(uint64_t x) {
#if defined(__GNUC__) || defined(__clang__)
    return 63 - __builtin_clzll(x);
#elif defined(_MSC_VER) && defined(_M_X64)
    unsigned long i;
    _BitScanReverse64(&i, x);
    return (int)i;
#else
    int n = 63;
    while (!(x >> 63)) {
        x <<= 1;
        n--;
    }
    return n;
#endif
}

/* The k-th lowest set bit of x (k = 0 is the lowest); k < popcount(x). */
DBR_INLINE int dbr__select(uint64_t x, unsigned k) {
    while (k--) x &= x - 1;
    return dbr__ctz(x);
}

DBR_INLINE uint64_t dbr__rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

/* xoshiro256** step. */
DBR_INLINE uint64_t dbr__next(uint64_t *s) {
    const uint64_t result = dbr__rotl(s[1] * 5, 7) * 9;
    const uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = dbr__rotl(s[3], 45);
    return result;
}

/* Lemire's bounded draw on 32-bit words, 1 <= bound < 2^32. */
DBR_INLINE uint32_t dbr__below(uint64_t *s, uint32_t bound) {
    uint64_t m = (dbr__next(s) >> 32) * (uint64_t)bound;
    uint32_t low = (uint32_t)m;
    if (DBR_UNLIKELY(low < bound)) {
        const uint32_t threshold = (uint32_t)(0u - bound) % bound;
        while (low < threshold) {
            m = (dbr__next(s) >> 32) * (uint64_t)bound;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

#define DBR__VALID_HAND(h) (((h) & ~DBR_FULL_DECK) == 0)
#define DBR__ZERO_STATE(r) (((r)->s[0] | (r)->s[1] | (r)->s[2] | (r)->s[3]) == 0)

#endif
