/* report.h: the JSON report and CSV files of a batch (schema in
 * results/README.md), written atomically: to a temporary name, then renamed,
 * so a reader never sees half a file. */
#ifndef MTG_REPORT_H
#define MTG_REPORT_H

#include <cjson/cJSON.h>
#include <stdio.h>
#include "stats.h"
#include "decks/decklist.h"

#define REPORT_SCHEMA "mtgsim-report/1"

typedef struct RunInfo {
    const char *deck_name[2];   /* deck names */
    const char *deck_file[2];   /* files as given */
    const char *policy[2];      /* policy specs as given */
    uint64_t seed;
    int edition;
    int turn_cap;
    int pairs;
    int complete;               /* all games requested were played */
    long games_requested;
    double ci_width;            /* 0 if not asked */
    int threads;
    double seconds;
} RunInfo;

/* Adds an unsigned integer exactly (cJSON's numbers are doubles, which
 * round above 2^53 and print 15 digits). */
void json_add_u64(cJSON *o, const char *name, uint64_t v);

/* Wilson score interval, 95 %, for k successes in n trials. */
void wilson95(long k, long n, double *lo, double *hi);

/* The report as a cJSON tree (caller frees). */
cJSON *report_build(const RunInfo *ri, const Tally *t, const StatsSetup *su, const CardPool *pool);

/* Writes text to path atomically (path "-" is standard output). 0 or -1
 * with a message in err. */
int report_write_atomic(const char *path, const char *text, char *err, size_t errlen);

/* Writes summary.csv, cards.csv and combat.csv into dir (created if need
 * be), each atomically. 0 or -1 with a message. */
int report_write_csv(const char *dir, const RunInfo *ri, const Tally *t, const StatsSetup *su,
                     const CardPool *pool, char *err, size_t errlen);

/* Appends one field to a CSV line, quoted as RFC 4180 asks. */
void csv_field(FILE *f, const char *s, int last);

#endif
