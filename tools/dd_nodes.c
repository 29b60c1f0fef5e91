/* dd_nodes.c -- the solver's node counts and CPU time on a file of deals,
 * the measurement loop of issue 19 (tools/dd_nodes.py writes the file,
 * builds this with csrc/ and runs it; under `valgrind --tool=callgrind`
 * it gives instruction counts that a loaded machine does not disturb).
 *
 *   dd_nodes FILE [MIB [FIRST [COUNT]]]
 *
 * FILE: a line a deal, "N E S W | T | NAME": the four hands as hexadecimal
 * card sets, then optionally the 20 results of the table (strains C D H S
 * NT, declarers N E S W) to check, then a name. One workspace of MIB MiB
 * (32) serves every deal, as in tools/bench_dd.py. Prints each deal's
 * nodes, CPU seconds and the table's evictions, then the totals; exits 1
 * if a table differs. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "dummybridge.h"

static int parse_line(char *line, dbr_hand hands[4], int expect[20], char **name) {
    char *p = line;
    for (int i = 0; i < 4; i++) hands[i] = (dbr_hand)strtoull(p, &p, 16);
    int have = 0;
    char *bar = strchr(p, '|');
    if (bar) {
        p = bar + 1;
        for (; have < 20; have++) {
            char *q;
            const long v = strtol(p, &q, 10);
            if (q == p) break;
            expect[have] = (int)v;
            p = q;
        }
    }
    char *last = strrchr(line, '|');
    *name = last && last != bar ? last + 1 : (char *)"";
    (*name)[strcspn(*name, "\n")] = 0;
    return have;
}

int main(int argc, char **argv) {
    if (argc < 2) {
        fprintf(stderr, "usage: dd_nodes FILE [MIB [FIRST [COUNT]]]\n");
        return 2;
    }
    const size_t bytes = (size_t)(argc > 2 ? atoi(argv[2]) : 32) << 20;
    const int first = argc > 3 ? atoi(argv[3]) : 0, count = argc > 4 ? atoi(argv[4]) : 1 << 30;
    FILE *f = fopen(argv[1], "r");
    void *mem = malloc(bytes);
    dbr_dd *dd;
    if (!f || !mem || dbr_dd_init(mem, bytes, &dd) != DBR_OK) return 2;
    char line[1024];
    uint64_t total = 0;
    double cpu = 0;
    int wrong = 0;
    for (int idx = 0; fgets(line, sizeof line, f); idx++) {
        if (idx < first || idx - first >= count) continue;
        dbr_hand hands[4];
        int expect[20], table[20];
        char *name;
        const int have = parse_line(line, hands, expect, &name);
        uint64_t n0, n1, e0, e1;
        dbr_dd_nodes(dd, &n0);
        dbr_dd_evictions(dd, &e0);
        const clock_t c0 = clock();
        if (dbr_dd_table(dd, hands, table) != DBR_OK) return 3;
        const double dt = (double)(clock() - c0) / CLOCKS_PER_SEC;
        dbr_dd_nodes(dd, &n1);
        dbr_dd_evictions(dd, &e1);
        int ok = have == 20;
        for (int i = 0; ok && i < 20; i++) ok = table[i] == expect[i];
        wrong += have == 20 && !ok;
        total += n1 - n0;
        cpu += dt;
        printf("%-32s %12llu %8.3fs %3llu evictions %s\n", name, (unsigned long long)(n1 - n0), dt,
               (unsigned long long)(e1 - e0),
               have < 20 ? "-"
               : ok      ? "ok"
                         : "WRONG");
    }
    printf("TOTAL nodes %llu  cpu %.3fs  wrong %d\n", (unsigned long long)total, cpu, wrong);
    fclose(f);
    free(mem);
    return wrong ? 1 : 0;
}
