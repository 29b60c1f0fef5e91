/* status.c -- status strings and the library version. */
#include "dummybridge.h"

static const char *const status_text[DBR_STATUS_COUNT] = {
    "success",
    "null pointer argument",
    "card number out of range",
    "text that cannot be parsed",
    "card held twice",
    "wrong number of cards in a hand",
    "suit out of range",
    "strain out of range",
    "seat out of range",
    "count out of range",
    "output buffer too small",
    "card not held",
    "card does not follow suit",
    "impossible current trick",
    "no cards",
    "generator state is all zero",
    "solver workspace too small or not initialised",
    "solver table full (the workspace stops when full: grow it)",
};

static const char *const status_names[DBR_STATUS_COUNT] = {
    "OK",       "E_NULL",   "E_CARD",  "E_PARSE",     "E_DUPLICATE", "E_HAND_SIZE",
    "E_SUIT",   "E_STRAIN", "E_SEAT",  "E_COUNT",     "E_BUFFER",    "E_NOT_HELD",
    "E_REVOKE", "E_TRICK",  "E_EMPTY", "E_RNG_STATE", "E_WORKSPACE", "E_FULL",
};

const char *dbr_status_str(int status) {
    if (status < 0 || status >= DBR_STATUS_COUNT) return "unknown status";
    return status_text[status];
}

const char *dbr_status_name(int status) {
    if (status < 0 || status >= DBR_STATUS_COUNT) return "UNKNOWN";
    return status_names[status];
}

int dbr_version(void) { return DBR_VERSION; }

const char *dbr_version_string(void) { return DBR_VERSION_STRING; }
