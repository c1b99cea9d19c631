/* cmd_gauntlet.c: `mtgsim gauntlet DECK...`: every pair of decks (round
 * robin), a matchup matrix with intervals, and each deck against the field. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "commands.h"
#include "batch.h"
#include "capacity.h"
#include "matrix.h"
#include "mpi_ranks.h"
#include "options.h"
#include "report.h"

#define GAUNTLET_SCHEMA "mtgsim-gauntlet/1"

static const char gauntlet_usage[] =
    "usage: mtgsim gauntlet DECK DECK [DECK...] [options]\n"
    "\n"
    "Plays every pair of decks (round robin, both seats, seat-swapped pairs)\n"
    "and writes the matchup matrix: each cell is the row deck's win rate\n"
    "against the column deck with its 95% interval; the field column is each\n"
    "deck's wins over all its games. Every matchup uses the same seed, so each\n"
    "deck draws the same libraries against every opponent.\n"
    "\n"
    "options: as `mtgsim run` (--games per matchup, --seed, --threads,\n"
    "--policy/-a/-b, --edition, --turn-cap, --cards, --no-pairs, --ci-width,\n"
    "--quiet), plus\n"
    "  --json FILE   the matrix as JSON (default results/gauntlet.json; '-': stdout)\n"
    "  --csv DIR     matrix.csv and field.csv in DIR\n";

/* Plays one matchup of the round robin into t; returns batch_run's result. */
static int play_matchup(const RunOptions *o, const Pool *pool, const DeckList *a, const DeckList *b,
                        const PolicySpec pol[2], int threads, const char *label, Tally *t, StatsSetup *su,
                        double *secs)
{
    MatchSpec m = { pool_view(pool), { &a->main, &b->main }, { &pol[0].inst, &pol[1].inst },
                    o->edition, o->turn_cap, o->seed, o->pairs, { NULL, NULL }, 0, 0 };
    memset(t, 0, sizeof *t);
    /* Out of memory on any rank: all give up together. */
    if (ranks_any_failed(stats_setup(su, &m) || tally_init(t, su), NULL, 0)) return -1;
    BatchConfig bc = { (long)o->games, threads, o->ci_width, !o->quiet && isatty(2), label, NULL, { a->name, b->name } };
    return batch_run(&bc, &m, su, t, secs);
}

int cmd_gauntlet(int argc, char **argv)
{
    RunOptions o;
    char err[2048] = "";
    /* Under MPI each step that reads input or checks outputs ends in
     * options_agree: all ranks fail together (sim/mpi_ranks.h). */
    int rc = options_parse(argc, argv, &o, 2, OPT_FILES_MAX, gauntlet_usage, "gauntlet");
    if (options_agree("gauntlet", rc == 2, 1, err, sizeof err)) return 2;
    if (rc >= 0) return rc;
    if (o.per_game) { fprintf(stderr, "mtgsim gauntlet: --per-game is for `mtgsim run`\n"); return 2; }
    int n = o.nfiles;
    Pool pool;
    DeckList *deck = calloc((size_t)n, sizeof *deck);
    Cell *cell = calloc((size_t)n * (size_t)n, sizeof *cell);
    const char **names = calloc((size_t)n, sizeof *names);
    PolicySpec pol[2];
    snprintf(err, sizeof err, "out of memory");
    if (options_agree("gauntlet", !deck || !cell || !names, 0, err, sizeof err)) { free(deck); free(cell); free(names); return 2; }
    int bad = options_load(&o, &pool, deck, pol, err, sizeof err) != 0;
    if (options_agree("gauntlet", bad, 0, err, sizeof err)) {
        if (!bad) pool_free(&pool);
        free(deck); free(cell); free(names);
        return 2;
    }
    const char *json = o.json ? o.json : MTGSIM_RESULTS_DIR "/gauntlet.json";
    /* Rank 0 alone writes, so it alone checks the outputs. */
    OutputSet out;
    output_init(&out);
    int k_json = -1, k_csv = -1;
    if (ranks_root()) {
        options_inputs(&o, &out);
        k_json = output_file(&out, "--json", json);
        if (o.csv) { output_folder(&out, "--csv", o.csv); k_csv = matrix_csv_add(&out, o.csv); }
    }
    if (options_agree("gauntlet", ranks_root() && output_check(&out, err, sizeof err), 0, err, sizeof err)) {
        output_free(&out);
        pool_free(&pool); free(deck); free(cell); free(names);
        return 2;
    }
    for (int i = 0; i < n; i++) names[i] = deck[i].name;
    batch_catch_signals();
    int complete = 1, threads = o.threads ? o.threads : omp_get_max_threads(), status = 0;
    long errors = 0, games_all = 0, capacity = 0;   /* capacity: games abandoned at a capacity of the engine */
    double secs_all = 0;
    for (int i = 0; i < n && complete; i++) {
        for (int j = i + 1; j < n && complete; j++) {
            char label[160];
            snprintf(label, sizeof label, "%s vs %s", deck[i].name, deck[j].name);
            StatsSetup su;
            Tally t;
            double secs = 0;
            int done = play_matchup(&o, &pool, &deck[i], &deck[j], pol, threads, label, &t, &su, &secs);
            if (done < 0) { fprintf(stderr, "mtgsim gauntlet: out of memory\n"); status = 2; complete = 0; }
            else {
                complete = done == 1;
                cell[i * n + j] = (Cell){ t.games, t.deck[0].wins, t.deck[0].draws };
                cell[j * n + i] = (Cell){ t.games, t.deck[1].wins, t.deck[1].draws };
                errors += t.errors;
                games_all += t.games;
                capacity += t.ends[END_CAPACITY];
            }
            secs_all += secs;
            tally_free(&t);
            stats_setup_free(&su);
        }
    }

    if (!ranks_root()) {
        /* Every rank holds the same cells; rank 0 writes them. */
        pool_free(&pool);
        free(deck); free(cell); free(names);
        return status ? status : errors ? 1 : 0;
    }
    if (!status && output_begin(&out, err, sizeof err)) { fprintf(stderr, "mtgsim gauntlet: %s\n", err); status = 2; }
    cJSON *root = matrix_report_new(GAUNTLET_SCHEMA, complete, "games_per_matchup", &o);
    cJSON *pl = cJSON_AddArrayToObject(root, "policies");
    cJSON_AddItemToArray(pl, cJSON_CreateString(pol[0].text));
    cJSON_AddItemToArray(pl, cJSON_CreateString(pol[1].text));
    cJSON *jn = cJSON_AddArrayToObject(root, "decks");
    cJSON *jf = cJSON_AddArrayToObject(root, "files");
    for (int i = 0; i < n; i++) {
        cJSON_AddItemToArray(jn, cJSON_CreateString(deck[i].name));
        cJSON_AddItemToArray(jf, cJSON_CreateString(o.file[i]));
    }
    matrix_add_json(root, "deck", names, n, cell);
    matrix_report_run(root, threads, secs_all);
    /* All the files or none. */
    if (!status) {
        report_put_json(&out, k_json, root);
        if (o.csv) matrix_write_csv(&out, k_csv, "deck", names, n, cell);
        if (output_commit(&out, err, sizeof err)) { fprintf(stderr, "mtgsim gauntlet: %s\n", err); status = 2; }
    }
    output_free(&out);
    cJSON_Delete(root);
    if (!status && !o.quiet && strcmp(json, "-")) {
        char setup[256];
        matrix_setup_text(&o, setup, sizeof setup);
        if (!strcmp(pol[0].text, pol[1].text)) printf("gauntlet of %d decks, policy %s", n, pol[0].text);
        else printf("gauntlet of %d decks, policy %s for the first deck of each matchup, %s for the second", n, pol[0].text, pol[1].text);
        printf(", %llu games per matchup, %s%s\n", o.games, setup, complete ? "" : " (interrupted)");
        matrix_print("win rate (%) of the row deck against the column deck, with its 95% interval\n"
                     "(field: the row deck against all the others)", names, n, cell);
        output_report_line("", json, o.json != NULL, o.csv);
    }
    capacity_warn(stderr, games_all, capacity);
    if (!status && errors) { fprintf(stderr, "mtgsim gauntlet: %ld games ended on an illegal policy answer\n", errors); status = 1; }
    pool_free(&pool);
    free(deck); free(cell); free(names);
    return status;
}
