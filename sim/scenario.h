/* scenario.h: combat scenario files (tests/spec/scenario-format.md),
 * read from memory, checked whole, run through engine/combat.h.
 *
 * `mtgsim scenario` (cmd_scenario) reads files and calls scenario_buffer;
 * the fuzz target feeds it bytes with every output off. No rule is decided
 * here: this module only translates between JSON and the engine. */
#ifndef MTG_SCENARIO_H
#define MTG_SCENARIO_H

#include <stddef.h>
#include <stdio.h>
#include "decks/pool.h"

/* A file's outcome, which is also the command's exit status. */
enum {
    SCENARIO_OK = 0,    /* run; expect held, or there was none */
    SCENARIO_FAIL = 1,  /* run; expect did not hold */
    SCENARIO_BAD = 2    /* unreadable or invalid: nothing was run */
};

/* The default card pool (decks/pool.json), loaded the first time a file
 * names a card by name, then kept for the files that follow. */
typedef struct ScenarioPool {
    Pool pool;     /* the cards, once loaded */
    int  tried;    /* load attempted */
    int  ok;       /* loaded */
    char err[256]; /* why not, when tried and not ok */
} ScenarioPool;

/* Starts an empty cache (nothing loaded). */
void scenario_pool_init(ScenarioPool *sp);
/* Frees what the cache holds. */
void scenario_pool_free(ScenarioPool *sp);

/* Reads, checks and runs one scenario: text[0 .. len-1] is the file's
 * content (no NUL needed), path names it in messages and in the result.
 * Messages ("FILE: FIELD: what is wrong", differences from expect) go to
 * msg, the JSON result line to out; either may be NULL for none. Returns
 * SCENARIO_OK, SCENARIO_FAIL or SCENARIO_BAD. The caller keeps text;
 * sp is loaded on demand and may serve many calls (one at a time). */
int scenario_buffer(const char *path, const char *text, size_t len, ScenarioPool *sp,
                    FILE *msg, FILE *out);

#endif
