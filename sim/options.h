/* options.h: the options `run`, `gauntlet` and `trace` share, parsed and
 * checked before anything runs (bad input: a message and exit status 2). */
#ifndef MTG_OPTIONS_H
#define MTG_OPTIONS_H

#include "decks/decklist.h"
#include "decks/pool.h"
#include "policies.h"

#define OPT_FILES_MAX 64
#define OPT_CARDS_MAX 16
#define SEED_DEFAULT 20111001ull
#define SEED_MAX 9007199254740991ull   /* 2^53 - 1: exact in every JSON reader */

typedef struct RunOptions {
    unsigned long long games;    /* --games (default 10000) */
    unsigned long long seed;     /* --seed */
    unsigned long long game;     /* --game (trace) */
    int has_game;
    int threads;                 /* --threads, 0 = all cores */
    int turn_cap;                /* --turn-cap, 0 = default */
    int edition;                 /* --edition */
    int pairs;                   /* not --no-pairs */
    int quiet, per_game;
    double ci_width;             /* --ci-width, 0 = off */
    const char *policy[2];       /* --policy-a / --policy-b (or --policy) */
    const char *policies;        /* --policies (tournament) */
    const char *params[16];      /* --param NAME=LO..HI (tune) */
    int nparams;
    unsigned long long budget;   /* --budget (tune) */
    const char *json, *csv;      /* --json, --csv */
    const char *cards[OPT_CARDS_MAX];
    int ncards;
    const char *file[OPT_FILES_MAX]; /* deck files */
    int nfiles;
    char ref[2][1024];           /* the reference matchup's files, when no deck is given */
} RunOptions;

/* Parses argv. Returns -1 to go on, else the exit status (0 after --help,
 * 2 on bad input, with a message). Deck files: min..max, or none for the
 * reference matchup. */
int options_parse(int argc, char **argv, RunOptions *o, int min_files, int max_files,
                  const char *usage, const char *cmd);

/* Reads decks/LIST (`reference`, `reference_spells`): the first two lines
 * that are not blank or `#` comments name deck files of decks/, whose paths
 * go to files. 0, or -1 with a message in err. */
int options_matchup(const char *list, char files[2][1024], char *err, size_t errlen);

/* Loads the pool (default + --cards), the o->nfiles decks (at most
 * OPT_FILES_MAX) and the two policies. 0, or -1 with a message; on failure
 * nothing is left allocated. */
int options_load(const RunOptions *o, Pool *pool, DeckList *decks, PolicySpec pol[2], char *err, size_t errlen);

struct OutputSet;

/* Names every file the options read as an input of s (sim/output.h), which
 * no output may replace: the deck files (or decks/reference and its decks),
 * the default card pool, --cards files, policy files. */
void options_inputs(const RunOptions *o, struct OutputSet *s);

/* Makes the MPI ranks (sim/mpi_ranks.h) agree on a step that reads input
 * or checks outputs. Collective: each rank passes whether it failed, and
 * its message in err; returns 1 on every rank when any rank failed, after
 * rank 0 printed one message ("mtgsim CMD: ..."), unless rank 0 failed and
 * had printed it already (printed). Without MPI: prints err when failed
 * and not printed, returns failed. */
int options_agree(const char *cmd, int failed, int printed, char *err, size_t errlen);

#endif
