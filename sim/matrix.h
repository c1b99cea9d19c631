/* matrix.h: a square table of win rates (row against column) with 95 %
 * intervals and each row's record against the field, as gauntlet and
 * tournament report it, in JSON and CSV. */
#ifndef MTG_MATRIX_H
#define MTG_MATRIX_H

#include <stddef.h>
#include <cjson/cJSON.h>

typedef struct Cell { long games, wins, draws; } Cell;   /* the row's record against the column */

/* Adds "matrix" (rows of cells, null on the diagonal) and "field" to root;
 * each field entry names its row under `key` ("deck", "policy"). */
void matrix_add_json(cJSON *root, const char *key, const char *const *names, int n, const Cell *cells);

struct OutputSet;

/* Adds matrix.csv and field.csv in dir to s (sim/output.h), in that order;
 * returns the index of the first. */
int matrix_csv_add(struct OutputSet *s, const char *dir);

/* Writes them (targets first and first+1 of s), their first column headed
 * `key`. 0, or -1 (the error is kept for output_commit). */
int matrix_write_csv(struct OutputSet *s, int first, const char *key, const char *const *names, int n,
                     const Cell *cells);

/* Prints the title, then the table of win rates with their 95 %
 * intervals: a row per name (numbered, the name in full), a column per
 * number, and the row's record against the field. */
void matrix_print(const char *title, const char *const *names, int n, const Cell *cells);

struct RunOptions;

/* "seed S, edition E" and what else the options changed, for a header. */
void matrix_setup_text(const struct RunOptions *o, char *out, size_t n);

/* A matrix report's top: schema, complete, games (under `games_key`),
 * seed, edition, turn cap, pairs, as the options gave them. */
cJSON *matrix_report_new(const char *schema, int complete, const char *games_key, const struct RunOptions *o);

/* Its "run" section: threads in all, seconds, version, ranks, threads per rank. */
void matrix_report_run(cJSON *root, int threads_per_rank, double seconds);

#endif
