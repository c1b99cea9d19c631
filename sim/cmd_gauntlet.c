/* cmd_gauntlet.c: `mtgsim gauntlet DECK...`: every pair of decks (round
 * robin), a matchup matrix with intervals, and each deck against the field. */
#include <errno.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "commands.h"
#include "batch.h"
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

typedef struct Cell { long games, wins, draws; } Cell;

static cJSON *rate_ci(long wins, long games)
{
    cJSON *o = cJSON_CreateObject();
    double lo, hi;
    wilson95(wins, games, &lo, &hi);
    cJSON_AddNumberToObject(o, "games", (double)games);
    cJSON_AddNumberToObject(o, "wins", (double)wins);
    cJSON_AddNumberToObject(o, "win_rate", games ? (double)(long)((double)wins / (double)games * 1e6 + 0.5) / 1e6 : 0);
    cJSON *ci = cJSON_AddArrayToObject(o, "ci95");
    cJSON_AddItemToArray(ci, cJSON_CreateNumber((double)(long)(lo * 1e6 + 0.5) / 1e6));
    cJSON_AddItemToArray(ci, cJSON_CreateNumber((double)(long)(hi * 1e6 + 0.5) / 1e6));
    return o;
}

static int write_csv(const char *dir, int n, const DeckList *deck, const Cell *cell, char *err, size_t errlen)
{
    if (mkdir(dir, 0777) != 0 && errno != EEXIST) { snprintf(err, errlen, "%s: %s", dir, strerror(errno)); return -1; }
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    if (!f) { snprintf(err, errlen, "out of memory"); return -1; }
    csv_field(f, "deck", 0);
    for (int j = 0; j < n; j++) csv_field(f, deck[j].name, 0);
    csv_field(f, "field", 1);
    for (int i = 0; i < n; i++) {
        csv_field(f, deck[i].name, 0);
        long fw = 0, fg = 0;
        for (int j = 0; j < n; j++) {
            const Cell *c = &cell[i * n + j];
            char b[32] = "";
            if (i != j && c->games) snprintf(b, sizeof b, "%.6f", (double)c->wins / (double)c->games);
            csv_field(f, b, 0);
            fw += c->wins; fg += c->games;
        }
        char b[32] = "";
        if (fg) snprintf(b, sizeof b, "%.6f", (double)fw / (double)fg);
        csv_field(f, b, 1);
    }
    fclose(f);
    char path[4096];
    snprintf(path, sizeof path, "%s/matrix.csv", dir);
    int rc = report_write_atomic(path, buf, err, errlen);
    free(buf);
    if (rc) return rc;

    buf = NULL; len = 0;
    f = open_memstream(&buf, &len);
    if (!f) { snprintf(err, errlen, "out of memory"); return -1; }
    fputs("deck,games,wins,draws,win_rate,ci95_low,ci95_high\r\n", f);
    for (int i = 0; i < n; i++) {
        long fw = 0, fg = 0, fd = 0;
        for (int j = 0; j < n; j++) { fw += cell[i * n + j].wins; fg += cell[i * n + j].games; fd += cell[i * n + j].draws; }
        double lo, hi;
        wilson95(fw, fg, &lo, &hi);
        csv_field(f, deck[i].name, 0);
        fprintf(f, "%ld,%ld,%ld,%.6f,%.6f,%.6f\r\n", fg, fw, fd, fg ? (double)fw / (double)fg : 0.0, lo, hi);
    }
    fclose(f);
    snprintf(path, sizeof path, "%s/field.csv", dir);
    rc = report_write_atomic(path, buf, err, errlen);
    free(buf);
    return rc;
}

int cmd_gauntlet(int argc, char **argv)
{
    RunOptions o;
    char err[2048];
    int rc = options_parse(argc, argv, &o, 2, OPT_FILES_MAX, gauntlet_usage, "gauntlet");
    if (rc >= 0) return rc;
    if (o.per_game) { fprintf(stderr, "mtgsim gauntlet: --per-game is for `mtgsim run`\n"); return 2; }
    int n = o.nfiles;
    Pool pool;
    DeckList *deck = calloc((size_t)n, sizeof *deck);
    Cell *cell = calloc((size_t)n * (size_t)n, sizeof *cell);
    PolicySpec pol[2];
    if (!deck || !cell) { fprintf(stderr, "mtgsim gauntlet: out of memory\n"); return 2; }
    if (options_load(&o, &pool, deck, pol, err, sizeof err)) {
        fprintf(stderr, "mtgsim gauntlet: %s\n", err);
        free(deck); free(cell);
        return 2;
    }
    const char *json = o.json ? o.json : MTGSIM_RESULTS_DIR "/gauntlet.json";
    if (options_check_outputs(json, o.csv, err, sizeof err)) {
        fprintf(stderr, "mtgsim gauntlet: %s\n", err);
        pool_free(&pool); free(deck); free(cell);
        return 2;
    }
    batch_catch_signals();
    int complete = 1, threads = o.threads ? o.threads : omp_get_max_threads();
    long errors = 0;
    double secs_all = 0;
    for (int i = 0; i < n && complete; i++) {
        for (int j = i + 1; j < n && complete; j++) {
            MatchSpec m = { pool_view(&pool), { &deck[i].main, &deck[j].main }, { &pol[0].inst, &pol[1].inst },
                            o.edition, o.turn_cap, o.seed, o.pairs };
            StatsSetup su;
            Tally t;
            if (stats_setup(&su, &m) || tally_init(&t, &su)) { fprintf(stderr, "mtgsim gauntlet: out of memory\n"); return 2; }
            char label[160];
            snprintf(label, sizeof label, "%s vs %s", deck[i].name, deck[j].name);
            BatchConfig bc = { (long)o.games, threads, o.ci_width, !o.quiet && isatty(2), label, NULL,
                               { deck[i].name, deck[j].name } };
            double secs;
            int done = batch_run(&bc, &m, &su, &t, &secs);
            if (done < 0) { fprintf(stderr, "mtgsim gauntlet: out of memory\n"); return 2; }
            secs_all += secs;
            complete = done == 1;
            errors += t.errors;
            cell[i * n + j] = (Cell){ t.games, t.deck[0].wins, t.deck[0].draws };
            cell[j * n + i] = (Cell){ t.games, t.deck[1].wins, t.deck[1].draws };
            tally_free(&t);
            stats_setup_free(&su);
        }
    }

    cJSON *root = cJSON_CreateObject();
    cJSON_AddStringToObject(root, "schema", GAUNTLET_SCHEMA);
    cJSON_AddBoolToObject(root, "complete", complete);
    cJSON_AddNumberToObject(root, "games_per_matchup", (double)o.games);
    cJSON_AddNumberToObject(root, "seed", (double)o.seed);
    cJSON_AddStringToObject(root, "edition", o.edition == EDITION_2011 ? "2011" : "foundations");
    cJSON_AddNumberToObject(root, "turn_cap", o.turn_cap ? o.turn_cap : TURN_CAP_DEFAULT);
    cJSON_AddBoolToObject(root, "pairs", o.pairs);
    cJSON *pl = cJSON_AddArrayToObject(root, "policies");
    cJSON_AddItemToArray(pl, cJSON_CreateString(pol[0].text));
    cJSON_AddItemToArray(pl, cJSON_CreateString(pol[1].text));
    cJSON *names = cJSON_AddArrayToObject(root, "decks");
    cJSON *files = cJSON_AddArrayToObject(root, "files");
    for (int i = 0; i < n; i++) {
        cJSON_AddItemToArray(names, cJSON_CreateString(deck[i].name));
        cJSON_AddItemToArray(files, cJSON_CreateString(o.file[i]));
    }
    cJSON *mx = cJSON_AddArrayToObject(root, "matrix");
    cJSON *field = cJSON_AddArrayToObject(root, "field");
    for (int i = 0; i < n; i++) {
        cJSON *row = cJSON_CreateArray();
        long fw = 0, fg = 0;
        for (int j = 0; j < n; j++) {
            const Cell *c = &cell[i * n + j];
            if (i == j || !c->games) { cJSON_AddItemToArray(row, cJSON_CreateNull()); continue; }
            cJSON *x = rate_ci(c->wins, c->games);
            cJSON_AddNumberToObject(x, "draws", (double)c->draws);
            cJSON_AddItemToArray(row, x);
            fw += c->wins; fg += c->games;
        }
        cJSON_AddItemToArray(mx, row);
        cJSON *f = rate_ci(fw, fg);
        cJSON_AddItemToObjectCS(f, "deck", cJSON_CreateString(deck[i].name));
        cJSON_AddItemToArray(field, f);
    }
    cJSON *run = cJSON_AddObjectToObject(root, "run");
    cJSON_AddNumberToObject(run, "threads", threads);
    cJSON_AddNumberToObject(run, "seconds", (double)(long)(secs_all * 1000 + 0.5) / 1000);
    cJSON_AddStringToObject(run, "version", MTGSIM_VERSION);

    int status = 0;
    char *text = cJSON_Print(root);
    size_t tl = strlen(text);
    text = realloc(text, tl + 2);
    text[tl] = '\n'; text[tl + 1] = 0;
    if (report_write_atomic(json, text, err, sizeof err)) { fprintf(stderr, "mtgsim gauntlet: %s\n", err); status = 2; }
    free(text);
    cJSON_Delete(root);
    if (!status && o.csv && write_csv(o.csv, n, deck, cell, err, sizeof err)) {
        fprintf(stderr, "mtgsim gauntlet: %s\n", err);
        status = 2;
    }
    if (!o.quiet && strcmp(json, "-")) {
        printf("%-24s", "win rate (row vs column)");
        for (int j = 0; j < n; j++) printf(" %8.8s", deck[j].name);
        printf("    field\n");
        for (int i = 0; i < n; i++) {
            printf("%-24.24s", deck[i].name);
            long fw = 0, fg = 0;
            for (int j = 0; j < n; j++) {
                const Cell *c = &cell[i * n + j];
                if (i == j || !c->games) printf(" %8s", "-");
                else printf(" %7.1f%%", 100.0 * (double)c->wins / (double)c->games);
                fw += c->wins; fg += c->games;
            }
            printf("   %5.1f%%\n", fg ? 100.0 * (double)fw / (double)fg : 0.0);
        }
        printf("report: %s%s%s\n", json, o.csv ? ", CSV in " : "", o.csv ? o.csv : "");
    }
    if (!status && errors) { fprintf(stderr, "mtgsim gauntlet: %ld games ended on an illegal policy answer\n", errors); status = 1; }
    pool_free(&pool);
    free(deck);
    free(cell);
    return status;
}
