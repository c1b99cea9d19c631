/* cmd_tournament.c: `mtgsim tournament --policies P,Q,... DECK_A DECK_B`:
 * every policy against every other on the same two decks, both seats,
 * seat-swapped pairs of games, as a matrix of win rates with intervals. */
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

#define TOURNAMENT_SCHEMA "mtgsim-tournament/1"
#define POLICIES_MAX 16

static const char tournament_usage[] =
    "usage: mtgsim tournament --policies P,Q[,...] [DECK_A DECK_B] [options]\n"
    "\n"
    "Plays every policy against every other on the same decks: for each pair,\n"
    "--games games with P on deck A and Q on deck B, and --games with the\n"
    "decks swapped, in seat-swapped pairs. Each cell is the row policy's win\n"
    "rate against the column policy over both, with its 95% interval.\n"
    "A policy is NAME or NAME:key=value,key=value (a token with '=' and no ':'\n"
    "continues the parameters of the policy before it) or a JSON file.\n"
    "Without decks: the reference matchup.\n"
    "\n"
    "options: as `mtgsim run` (--games per pairing and side, --seed,\n"
    "--threads, --edition, --turn-cap, --cards, --no-pairs, --quiet), plus\n"
    "  --json FILE   the matrix as JSON (default results/tournament.json)\n"
    "  --csv DIR     matrix.csv and field.csv in DIR\n";

/* Splits the --policies list into specs (parameters may contain commas). */
static int split_policies(const char *list, char specs[POLICIES_MAX][256], int *n)
{
    *n = 0;
    const char *p = list;
    while (*p) {
        size_t len = strcspn(p, ",");
        char tok[256];
        if (len >= sizeof tok) return -1;
        memcpy(tok, p, len); tok[len] = 0;
        if (strchr(tok, '=') && !strchr(tok, ':') && *n > 0) {
            size_t cur = strlen(specs[*n - 1]);
            if (cur + len + 2 > 256) return -1;
            specs[*n - 1][cur] = ',';
            memcpy(specs[*n - 1] + cur + 1, tok, len + 1);
        } else {
            if (*n == POLICIES_MAX || !len) return -1;
            memcpy(specs[(*n)++], tok, len + 1);
        }
        p += len;
        if (*p == ',') p++;
    }
    return 0;
}

int cmd_tournament(int argc, char **argv)
{
    RunOptions o;
    char err[2048] = "";
    /* Under MPI each step that reads input or checks outputs ends in
     * options_agree: all ranks fail together (sim/mpi_ranks.h). */
    int rc = options_parse(argc, argv, &o, 2, 2, tournament_usage, "tournament");
    if (options_agree("tournament", rc == 2, 1, err, sizeof err)) return 2;
    if (rc >= 0) return rc;
    if (!o.policies) { fprintf(stderr, "mtgsim tournament: --policies P,Q,... is required\n\n%s", tournament_usage); return 2; }
    if (o.per_game) { fprintf(stderr, "mtgsim tournament: --per-game is for `mtgsim run`\n"); return 2; }
    static char specs[POLICIES_MAX][256];
    int np;
    if (split_policies(o.policies, specs, &np) || np < 2) {
        fprintf(stderr, "mtgsim tournament: --policies '%s': needs 2 to %d policies, comma separated\n", o.policies, POLICIES_MAX);
        return 2;
    }
    static PolicySpec pol[POLICIES_MAX];
    int bad = 0;
    for (int k = 0; k < np && !bad; k++) {
        char perr[1024];
        if ((bad = policy_parse(specs[k], &pol[k], perr, sizeof perr) != 0)) snprintf(err, sizeof err, "--policies: %s", perr);
    }
    if (options_agree("tournament", bad, 0, err, sizeof err)) return 2;
    Pool pool;
    static DeckList deck[2];
    PolicySpec unused[2];
    bad = options_load(&o, &pool, deck, unused, err, sizeof err) != 0;
    if (options_agree("tournament", bad, 0, err, sizeof err)) { if (!bad) pool_free(&pool); return 2; }
    const char *json = o.json ? o.json : MTGSIM_RESULTS_DIR "/tournament.json";
    /* Rank 0 alone writes, so it alone checks the outputs. */
    OutputSet out;
    output_init(&out);
    int k_json = -1, k_csv = -1;
    if (ranks_root()) {
        options_inputs(&o, &out);
        for (int k = 0; k < np; k++) {
            size_t len = strlen(specs[k]);
            if (len > 5 && !strcmp(specs[k] + len - 5, ".json")) output_input(&out, "policy file", specs[k]);
        }
        k_json = output_file(&out, "--json", json);
        if (o.csv) { output_folder(&out, "--csv", o.csv); k_csv = matrix_csv_add(&out, o.csv); }
    }
    if (options_agree("tournament", ranks_root() && output_check(&out, err, sizeof err), 0, err, sizeof err)) {
        output_free(&out);
        pool_free(&pool);
        return 2;
    }

    Cell cell[POLICIES_MAX * POLICIES_MAX];
    static Cell by_deck[2][POLICIES_MAX * POLICIES_MAX];   /* the row policy on deck d, the column on the other */
    memset(cell, 0, sizeof cell);
    memset(by_deck, 0, sizeof by_deck);
    const char *names[POLICIES_MAX];
    for (int k = 0; k < np; k++) names[k] = pol[k].text;
    batch_catch_signals();
    int complete = 1, status = 0, threads = o.threads ? o.threads : omp_get_max_threads();
    long errors = 0, games_all = 0, capacity = 0;   /* capacity: games abandoned at a capacity of the engine */
    double secs_all = 0;
    for (int i = 0; i < np && complete; i++) {
        for (int j = i + 1; j < np && complete; j++) {
            for (int side = 0; side < 2 && complete; side++) {
                /* side 0: policy i plays deck A; side 1: policy i plays deck B. */
                int pa = side ? j : i, pb = side ? i : j;
                MatchSpec m = { pool_view(&pool), { &deck[0].main, &deck[1].main }, { &pol[pa].inst, &pol[pb].inst },
                                o.edition, o.turn_cap, o.seed, o.pairs, { NULL, NULL }, 0, 0 };
                StatsSetup su;
                Tally t;
                snprintf(err, sizeof err, "out of memory");
                if (options_agree("tournament", stats_setup(&su, &m) || tally_init(&t, &su), 0, err, sizeof err)) {
                    output_free(&out);
                    return 2;
                }
                char label[600];
                snprintf(label, sizeof label, "%s (%s) vs %s (%s)", pol[pa].text, deck[0].name, pol[pb].text, deck[1].name);
                BatchConfig bc = { (long)o.games, threads, o.ci_width, !o.quiet && isatty(2), label, NULL,
                                   { deck[0].name, deck[1].name } };
                double secs = 0;
                int done = batch_run(&bc, &m, &su, &t, &secs);
                if (done < 0) { output_free(&out); fprintf(stderr, "mtgsim tournament: out of memory\n"); return 2; }
                complete = done == 1;
                secs_all += secs;
                errors += t.errors;
                games_all += t.games;
                capacity += t.ends[END_CAPACITY];
                int di = side ? 1 : 0;           /* the deck policy i played */
                Cell *ij = &cell[i * np + j], *ji = &cell[j * np + i];
                ij->games += t.games; ij->wins += t.deck[di].wins; ij->draws += t.deck[di].draws;
                ji->games += t.games; ji->wins += t.deck[1 - di].wins; ji->draws += t.deck[1 - di].draws;
                Cell *dij = &by_deck[di][i * np + j], *dji = &by_deck[1 - di][j * np + i];
                dij->games += t.games; dij->wins += t.deck[di].wins; dij->draws += t.deck[di].draws;
                dji->games += t.games; dji->wins += t.deck[1 - di].wins; dji->draws += t.deck[1 - di].draws;
                tally_free(&t);
                stats_setup_free(&su);
            }
        }
    }

    if (!ranks_root()) {
        /* Every rank holds the same cells; rank 0 writes them. */
        pool_free(&pool);
        return errors ? 1 : 0;
    }
    cJSON *root = matrix_report_new(TOURNAMENT_SCHEMA, complete, "games_per_side", &o);
    cJSON *jd = cJSON_AddArrayToObject(root, "decks");
    for (int d = 0; d < 2; d++) {
        cJSON *x = cJSON_CreateObject();
        cJSON_AddStringToObject(x, "name", deck[d].name);
        cJSON_AddStringToObject(x, "file", o.file[d]);
        cJSON_AddItemToArray(jd, x);
    }
    cJSON *jp = cJSON_AddArrayToObject(root, "policies");
    for (int k = 0; k < np; k++) cJSON_AddItemToArray(jp, cJSON_CreateString(pol[k].text));
    matrix_add_json(root, "policy", names, np, cell);
    /* The same with each deck: how each policy does from either seat. */
    cJSON *jb = cJSON_AddArrayToObject(root, "by_deck");
    for (int d = 0; d < 2; d++) {
        cJSON *x = cJSON_CreateObject();
        cJSON_AddStringToObject(x, "deck", deck[d].name);
        matrix_add_json(x, "policy", names, np, by_deck[d]);
        cJSON_AddItemToArray(jb, x);
    }
    matrix_report_run(root, threads, secs_all);
    /* All the files or none. */
    bad = output_begin(&out, err, sizeof err) != 0;
    if (!bad) {
        report_put_json(&out, k_json, root);
        if (o.csv) matrix_write_csv(&out, k_csv, "policy", names, np, cell);
        bad = output_commit(&out, err, sizeof err) != 0;
    }
    if (bad) { fprintf(stderr, "mtgsim tournament: %s\n", err); status = 2; }
    output_free(&out);
    cJSON_Delete(root);
    if (!status && !o.quiet && strcmp(json, "-")) {
        char setup[256];
        matrix_setup_text(&o, setup, sizeof setup);
        printf("tournament of %d policies on %s vs %s, %llu games per pairing and side, %s%s\n", np, deck[0].name,
               deck[1].name, o.games, setup, complete ? "" : " (interrupted)");
        matrix_print("win rate (%) of the row policy against the column policy on both sides, with its\n"
                     "95% interval (field: the row policy against all the others)", names, np, cell);
        output_report_line("", json, o.json != NULL, o.csv);
    }
    capacity_warn(stderr, games_all, capacity);
    if (!status && errors) { fprintf(stderr, "mtgsim tournament: %ld games ended on an illegal policy answer\n", errors); status = 1; }
    pool_free(&pool);
    return status;
}
