/* driver.c -- a small stand-in for libFuzzer, so that fuzz_core.c builds and
 * runs with gcc alone (tools/fuzz/run.sh uses it when clang is missing).
 *
 *   driver [-max_total_time=S] [-runs=N] [-timeout=S] [-seed=N] FILE_OR_DIR...
 *
 * It replays every file given (directories: every file in them), then, until
 * the time or the run count is spent, runs mutants of them: bytes flipped,
 * set, inserted, deleted, a piece of another input spliced in, or a token of
 * the notations ("10", ":", ".", " ", "N:", a suit letter) inserted. There is
 * no coverage feedback: it is a blind mutator over a good corpus.
 *
 * A crash (a sanitizer's report, then abort, or a fatal signal) leaves the
 * input in $FUZZ_FINDINGS/crash-core-N (or the current directory); an input
 * that runs longer than -timeout seconds leaves timeout-core-N and exits
 * with status 77. At the end it prints "Done N runs in S second(s)" as
 * libFuzzer does. */

#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_INPUT 4096
#define MAX_FILES 4096

static uint8_t *inputs[MAX_FILES];
static size_t sizes[MAX_FILES];
static size_t n_inputs;
static uint8_t current[MAX_INPUT];
static volatile size_t current_size;

static void keep(const char *kind) {
    const char *dir = getenv("FUZZ_FINDINGS");
    char path[4096];
    snprintf(path, sizeof path, "%s/%s-core-%ld", dir ? dir : ".", kind, (long)getpid());
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd >= 0) {
        ssize_t ignored = write(fd, current, current_size);
        (void)ignored;
        close(fd);
    }
}

static void on_crash(int sig) {
    keep("crash");
    signal(sig, SIG_DFL);
    raise(sig);
}

static void on_alarm(int sig) {
    (void)sig;
    keep("timeout");
    _exit(77);
}

static void add_input(const char *path) {
    FILE *f = fopen(path, "rb");
    if (f == NULL || n_inputs == MAX_FILES) return;
    uint8_t *buf = malloc(MAX_INPUT);
    size_t n = buf ? fread(buf, 1, MAX_INPUT, f) : 0;
    fclose(f);
    if (buf == NULL) return;
    inputs[n_inputs] = buf;
    sizes[n_inputs++] = n;
}

static void add_path(const char *path) {
    struct stat st;
    if (stat(path, &st) != 0) return;
    if (!S_ISDIR(st.st_mode)) {
        add_input(path);
        return;
    }
    DIR *dir = opendir(path);
    if (dir == NULL) return;
    struct dirent *entry;
    while ((entry = readdir(dir)) != NULL) {
        if (entry->d_name[0] == '.') continue;
        char child[4096];
        snprintf(child, sizeof child, "%s/%s", path, entry->d_name);
        add_input(child);
    }
    closedir(dir);
}

static uint64_t state = 0x9E3779B97F4A7C15ull;

static uint64_t next(void) {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
}

static const char *const tokens[] = {"10", ":", ".", " ", "N:", "E:", "S", "H",  "D",   "C",
                                     "A",  "K", "Q", "J", "T",  "-",  "x", "\0", "\xff"};

static void mutate(void) {
    size_t size = current_size;
    int rounds = 1 + (int)(next() % 4);
    for (int r = 0; r < rounds; r++) {
        size_t at = size ? next() % size : 0;
        switch (next() % 6) {
        case 0:
            if (size) current[at] ^= (uint8_t)(1u << (next() % 8));
            break;
        case 1:
            if (size) current[at] = (uint8_t)next();
            break;
        case 2:
            if (size < MAX_INPUT) {
                memmove(current + at + 1, current + at, size - at);
                current[at] = (uint8_t)next();
                size++;
            }
            break;
        case 3:
            if (size > 1) {
                size_t len = 1 + next() % (size - at);
                memmove(current + at, current + at + len, size - at - len);
                size -= len;
            }
            break;
        case 4: {
            const uint8_t *other = inputs[next() % n_inputs];
            size_t other_size = sizes[next() % n_inputs];
            size_t len = other_size ? next() % (other_size + 1) : 0;
            if (len > MAX_INPUT - at) len = MAX_INPUT - at;
            memcpy(current + at, other, len < other_size ? len : other_size);
            if (at + len > size) size = at + len;
            break;
        }
        default: {
            const char *token = tokens[next() % (sizeof tokens / sizeof *tokens)];
            size_t len = strlen(token) ? strlen(token) : 1;
            if (size + len <= MAX_INPUT) {
                memmove(current + at + len, current + at, size - at);
                memcpy(current + at, token, len);
                size += len;
            }
            break;
        }
        }
    }
    current_size = size;
}

static void run_one(unsigned timeout) {
    if (timeout) alarm(timeout);
    /* the harness gets its own copy, of exactly the input's size (ASan sees overreads) */
    uint8_t *copy = malloc(current_size ? current_size : 1);
    if (copy == NULL) abort();
    memcpy(copy, current, current_size);
    LLVMFuzzerTestOneInput(copy, current_size);
    free(copy);
}

int main(int argc, char **argv) {
    double budget = 0;
    unsigned long long runs = 0, limit = 0;
    unsigned timeout = 10;
    for (int i = 1; i < argc; i++) {
        if (strncmp(argv[i], "-max_total_time=", 16) == 0)
            budget = atof(argv[i] + 16);
        else if (strncmp(argv[i], "-runs=", 6) == 0)
            limit = strtoull(argv[i] + 6, NULL, 10);
        else if (strncmp(argv[i], "-timeout=", 9) == 0)
            timeout = (unsigned)atoi(argv[i] + 9);
        else if (strncmp(argv[i], "-seed=", 6) == 0)
            state = strtoull(argv[i] + 6, NULL, 10) | 1;
        else if (argv[i][0] != '-')
            add_path(argv[i]);
    }
    signal(SIGABRT, on_crash);
    signal(SIGSEGV, on_crash);
    signal(SIGBUS, on_crash);
    signal(SIGFPE, on_crash);
    signal(SIGILL, on_crash);
    signal(SIGALRM, on_alarm);
    struct timespec start, now;
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (size_t i = 0; i < n_inputs; i++) {
        memcpy(current, inputs[i], sizes[i]);
        current_size = sizes[i];
        run_one(timeout);
        runs++;
    }
    if (n_inputs == 0) {
        inputs[0] = calloc(1, 1);
        sizes[0] = 1;
        n_inputs = 1;
    }
    double elapsed = 0;
    while ((limit == 0 || runs < limit) && (budget > 0 ? elapsed < budget : limit > 0)) {
        size_t pick = next() % n_inputs;
        memcpy(current, inputs[pick], sizes[pick]);
        current_size = sizes[pick];
        mutate();
        run_one(timeout);
        runs++;
        if ((runs & 1023) == 0) {
            clock_gettime(CLOCK_MONOTONIC, &now);
            elapsed = (double)(now.tv_sec - start.tv_sec) + (now.tv_nsec - start.tv_nsec) / 1e9;
        }
    }
    clock_gettime(CLOCK_MONOTONIC, &now);
    elapsed = (double)(now.tv_sec - start.tv_sec) + (now.tv_nsec - start.tv_nsec) / 1e9;
    fprintf(stderr, "Done %llu runs in %.0f second(s)\n", runs, elapsed);
    return 0;
}
