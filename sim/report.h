/* report.h: the JSON report and CSV files of a batch (schema in
 * results/README.md), written into an output set (output.h): all or
 * nothing, so a reader never sees half a file or half a set. */
#ifndef MTG_REPORT_H
#define MTG_REPORT_H

#include <cjson/cJSON.h>
#include <stdio.h>
#include "stats.h"
#include "decks/decklist.h"
#include "output.h"

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

/* Writes root, formatted and ending in a newline, as target k of s.
 * 0, or -1 (the error is kept for output_commit). */
int report_put_json(OutputSet *s, int k, const cJSON *root);

/* Adds summary.csv, combat.csv and cards.csv in dir to s, in that order;
 * returns the index of the first. */
int report_csv_add(OutputSet *s, const char *dir);

/* Writes them (targets first .. first+2 of s). 0, or -1 (kept). */
int report_write_csv(OutputSet *s, int first, const RunInfo *ri, const Tally *t, const StatsSetup *su,
                     const CardPool *pool);

/* Appends one field to a CSV line, quoted as RFC 4180 asks. */
void csv_field(FILE *f, const char *s, int last);

#endif
