/* matrix.c: win-rate matrices in JSON, CSV and text. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "matrix.h"
#include "report.h"
#include "options.h"
#include "mpi_ranks.h"
#include "output.h"

static double r6(double x) { return round(x * 1e6) / 1e6; }

static cJSON *record(long wins, long games, long draws)
{
    cJSON *o = cJSON_CreateObject();
    double lo, hi;
    wilson95(wins, games, &lo, &hi);
    cJSON_AddNumberToObject(o, "games", (double)games);
    cJSON_AddNumberToObject(o, "wins", (double)wins);
    cJSON_AddNumberToObject(o, "draws", (double)draws);
    if (games) cJSON_AddNumberToObject(o, "win_rate", r6((double)wins / (double)games));
    else cJSON_AddNullToObject(o, "win_rate");
    cJSON *ci = cJSON_AddArrayToObject(o, "ci95");
    cJSON_AddItemToArray(ci, cJSON_CreateNumber(r6(lo)));
    cJSON_AddItemToArray(ci, cJSON_CreateNumber(r6(hi)));
    return o;
}

static void field_of(int n, const Cell *cells, int i, long *w, long *g, long *d)
{
    *w = *g = *d = 0;
    for (int j = 0; j < n; j++) {
        if (j == i) continue;
        *w += cells[i * n + j].wins; *g += cells[i * n + j].games; *d += cells[i * n + j].draws;
    }
}

void matrix_add_json(cJSON *root, const char *key, const char *const *names, int n, const Cell *cells)
{
    cJSON *mx = cJSON_AddArrayToObject(root, "matrix");
    cJSON *field = cJSON_AddArrayToObject(root, "field");
    for (int i = 0; i < n; i++) {
        cJSON *row = cJSON_CreateArray();
        for (int j = 0; j < n; j++) {
            const Cell *c = &cells[i * n + j];
            cJSON_AddItemToArray(row, i == j || !c->games ? cJSON_CreateNull() : record(c->wins, c->games, c->draws));
        }
        cJSON_AddItemToArray(mx, row);
        long w, g, d;
        field_of(n, cells, i, &w, &g, &d);
        cJSON *f = record(w, g, d);
        cJSON_AddItemToObject(f, key, cJSON_CreateString(names[i]));
        cJSON_AddItemToArray(field, f);
    }
}

int matrix_csv_add(OutputSet *s, const char *dir)
{
    int first = output_file_in(s, "--csv", dir, "matrix.csv");
    output_file_in(s, "--csv", dir, "field.csv");
    return first;
}

int matrix_write_csv(OutputSet *s, int first, const char *key, const char *const *names, int n, const Cell *cells)
{
    FILE *f = output_open(s, first);
    if (!f) return -1;
    csv_field(f, key, 0);
    for (int j = 0; j < n; j++) csv_field(f, names[j], 0);
    csv_field(f, "field", 1);
    for (int i = 0; i < n; i++) {
        csv_field(f, names[i], 0);
        for (int j = 0; j < n; j++) {
            const Cell *c = &cells[i * n + j];
            char b[32] = "";
            if (i != j && c->games) snprintf(b, sizeof b, "%.6f", (double)c->wins / (double)c->games);
            csv_field(f, b, 0);
        }
        long w, g, d;
        field_of(n, cells, i, &w, &g, &d);
        char b[32] = "";
        if (g) snprintf(b, sizeof b, "%.6f", (double)w / (double)g);
        csv_field(f, b, 1);
    }

    if (!(f = output_open(s, first + 1))) return -1;
    fprintf(f, "%s,games,wins,draws,win_rate,ci95_low,ci95_high\r\n", key);
    for (int i = 0; i < n; i++) {
        long w, g, d;
        field_of(n, cells, i, &w, &g, &d);
        double lo, hi;
        wilson95(w, g, &lo, &hi);
        csv_field(f, names[i], 0);
        if (g) fprintf(f, "%ld,%ld,%ld,%.6f,%.6f,%.6f\r\n", g, w, d, (double)w / (double)g, lo, hi);
        else fprintf(f, "0,0,0,,,\r\n");  /* a rate over no games is empty, as null in JSON */
    }
    return 0;
}

/* A cell's text: the win rate and its 95 % interval, in percent. */
static void cell_text(long wins, long games, char *out, size_t n)
{
    double lo, hi;
    wilson95(wins, games, &lo, &hi);
    snprintf(out, n, "%5.1f [%4.1f, %4.1f]", 100.0 * (double)wins / (double)games, 100 * lo, 100 * hi);
}

void matrix_print(const char *title, const char *const *names, int n, const Cell *cells)
{
    /* Rows carry the names in full and columns their numbers, so the table
     * reads at any name length; cells are as wide as the widest. */
    char (*text)[48] = malloc((size_t)n * (size_t)(n + 1) * sizeof *text);
    if (!text) return;
    int namew = 0, cellw = 5, numw = n >= 10 ? 2 : 1;
    for (int i = 0; i < n; i++) {
        if ((int)strlen(names[i]) > namew) namew = (int)strlen(names[i]);
        for (int j = 0; j <= n; j++) {
            char *t = text[i * (n + 1) + j];
            long w, g, d;
            if (j == n) field_of(n, cells, i, &w, &g, &d);
            else w = cells[i * n + j].wins, g = cells[i * n + j].games;
            if ((j == i && j < n) || !g) snprintf(t, sizeof *text, "%5s", "-");
            else cell_text(w, g, t, sizeof *text);
            if ((int)strlen(t) > cellw) cellw = (int)strlen(t);
        }
    }
    printf("%s\n", title);
    printf("  %*s  %-*s", numw, "", namew, "");
    for (int j = 0; j < n; j++) printf("  %*d%*s", 5, j + 1, cellw - 5, "");
    printf("  %5s\n", "field");
    for (int i = 0; i < n; i++) {
        printf("  %*d  %-*s", numw, i + 1, namew, names[i]);
        for (int j = 0; j <= n; j++) printf("  %-*s", j < n ? cellw : 0, text[i * (n + 1) + j]);
        putchar('\n');
    }
    free(text);
}

void matrix_setup_text(const RunOptions *o, char *out, size_t n)
{
    snprintf(out, n, "seed %llu, edition %s%s", o->seed, o->edition == EDITION_2011 ? "2011" : "foundations",
             o->pairs ? "" : ", no seat-swapped pairs");
    if (o->turn_cap) snprintf(out + strlen(out), n - strlen(out), ", turn cap %d", o->turn_cap);
}

cJSON *matrix_report_new(const char *schema, int complete, const char *games_key, const RunOptions *o)
{
    cJSON *root = cJSON_CreateObject();
    cJSON_AddStringToObject(root, "schema", schema);
    cJSON_AddBoolToObject(root, "complete", complete);
    cJSON_AddNumberToObject(root, games_key, (double)o->games);
    json_add_u64(root, "seed", o->seed);
    cJSON_AddStringToObject(root, "edition", o->edition == EDITION_2011 ? "2011" : "foundations");
    cJSON_AddNumberToObject(root, "turn_cap", o->turn_cap ? o->turn_cap : TURN_CAP_DEFAULT);
    cJSON_AddBoolToObject(root, "pairs", o->pairs);
    return root;
}

void matrix_report_run(cJSON *root, int threads_per_rank, double seconds)
{
    cJSON *run = cJSON_AddObjectToObject(root, "run");
    cJSON_AddNumberToObject(run, "threads", ranks_count() * threads_per_rank);
    cJSON_AddNumberToObject(run, "seconds", round(seconds * 1000) / 1000);
    cJSON_AddStringToObject(run, "version", MTGSIM_VERSION);
    cJSON_AddNumberToObject(run, "ranks", ranks_count());
    cJSON_AddNumberToObject(run, "threads_per_rank", threads_per_rank);
}
