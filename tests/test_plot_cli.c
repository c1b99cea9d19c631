/* test_plot_cli.c: `mtgsim plot` draws a run's and a gauntlet's pictures
 * with gnuplot, and refuses what it cannot draw.
 *
 * Runs the real binary (MTGSIM_BIN): a 200-game report, plotted, each
 * picture checked as PNG (signature) and SVG; a gauntlet report written by
 * hand in the documented shape (results/README.md), plotted; then reports
 * that are not JSON, have an unknown schema or lack a field, a missing
 * gnuplot and a missing --out, each refused with exit status 2, a message
 * naming the file and field, and nothing left in the output folder.
 * gnuplot is part of the project's setup (.ci/setup installs gnuplot-nox):
 * without it this test fails, it does not skip. */
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <sys/wait.h>
#include <cjson/cJSON.h>
#include "testutil.h"

#define DECKS TESTS_DIR "/../decks"

static int failures, checks;
static char tmpdir[64];


static char *slurp_n(const char *path, size_t *len)
{
    char *t = test_slurp(path, len);
    return t ? t : strdup("");
}

static char *slurp(const char *path) { return slurp_n(path, NULL); }

/* Runs `ENV mtgsim ARGS` (env may be ""), capturing both outputs. */
static Run mtgsim_env(const char *env, const char *args)
{
    char cmd[8192];
    snprintf(cmd, sizeof cmd, "%s '%s' %s", env, MTGSIM_BIN, args);
    return test_run(tmpdir, cmd);
}

static Run mtgsim(const char *args) { return mtgsim_env("", args); }

static int exists(const char *path) { struct stat st; return stat(path, &st) == 0; }

/* Entries of a folder, . and .. not counted; -1 when it does not exist. */
static int entries(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) return -1;
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d))) n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
    closedir(d);
    return n;
}

/* NAME.png is a PNG, NAME.svg an SVG, and NAME.gp and NAME.dat are kept. */
static void check_picture(const char *dir, const char *name)
{
    char path[512];
    size_t len;
    snprintf(path, sizeof path, "%s/%s.png", dir, name);
    char *png = slurp_n(path, &len);
    CHECK(len > 1000 && !memcmp(png, "\x89PNG\r\n\x1a\n", 8), "%s: not a PNG (%zu bytes)", path, len);
    free(png);
    snprintf(path, sizeof path, "%s/%s.svg", dir, name);
    char *svg = slurp_n(path, &len);
    CHECK(len > 1000 && strstr(svg, "<svg") && strstr(svg, "</svg>"), "%s: not an SVG (%zu bytes)", path, len);
    free(svg);
    snprintf(path, sizeof path, "%s/%s.gp", dir, name);
    CHECK(exists(path), "%s: the script is not kept", path);
    snprintf(path, sizeof path, "%s/%s.dat", dir, name);
    CHECK(exists(path), "%s: the data is not kept", path);
}

/* No temporary folder is left behind (in a folder that must exist). */
static void check_no_tmp(const char *dir)
{
    DIR *d = opendir(dir);
    CHECK(d != NULL, "%s: no such folder to look for temporary folders in", dir);
    if (!d) return;
    struct dirent *e;
    while ((e = readdir(d))) CHECK(strncmp(e->d_name, ".mtgsim-plot-", 13) != 0, "%s/%s left behind", dir, e->d_name);
    closedir(d);
}

static int gnuplot_installed(void)
{
    return system("command -v gnuplot >/dev/null 2>&1") == 0;
}

static void write_json(const char *path, const cJSON *o)
{
    char *text = cJSON_Print(o);
    FILE *f = fopen(path, "w");
    if (!f || !text) { fprintf(stderr, "cannot write %s\n", path); exit(2); }
    fputs(text, f);
    fclose(f);
    free(text);
}

/* The line of a script that starts with prefix, or NULL. */
static const char *script_line(const char *text, const char *prefix)
{
    size_t n = strlen(prefix);
    for (const char *p = text; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
        if (!strncmp(p, prefix, n)) return p;
    return NULL;
}

/* A card chart shows the differences it exists for: its x axis spans the
 * data (the whiskers inside, no empty 0..100), bars start at the deck's
 * win rate, no unlabelled 50 % line, each value label after its row's
 * whisker and the deck's line. */
static void check_cards_chart(const char *dir, const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s.gp", dir, name);
    char *gp = slurp(path);
    double x0 = NAN, x1 = NAN, base = NAN, t0, step, t1 = 1000;
    const char *l = script_line(gp, "set xrange [");
    CHECK(l && sscanf(l, "set xrange [%lf:%lf]", &x0, &x1) == 2, "%s: no xrange", path);
    l = script_line(gp, "set xtics ");
    CHECK(l && sscanf(l, "set xtics %lf,%lf,%lf", &t0, &step, &t1) == 3 && t1 <= 100, "%s: xtics past 100", path);
    l = script_line(gp, "BASE = ");
    CHECK(l && sscanf(l, "BASE = %lf", &base) == 1, "%s: no BASE (the deck's win rate)", path);
    CHECK(strstr(gp, "first 50, graph 0") == NULL, "%s: a 50 %% line", path);
    CHECK(strstr(gp, "($2<BASE?$2:BASE):($2<BASE?BASE:$2)") != NULL, "%s: bars do not start at the deck's win rate", path);
    free(gp);
    snprintf(path, sizeof path, "%s/%s.dat", dir, name);
    char *dat = slurp(path);
    double lo_all = base, hi_all = base;
    int rows = 0;
    for (char *line = strtok(dat, "\n"); line; line = strtok(NULL, "\n")) {
        int y, color;
        double gih, lo, hi, games, lx;
        if (line[0] == '#' || sscanf(line, "%d %lf %lf %lf %lf %d %lf", &y, &gih, &lo, &hi, &games, &color, &lx) != 7) continue;
        rows++;
        if (isnan(gih)) continue;
        CHECK(lo >= x0 && hi <= x1, "%s: card %d's whisker %.1f..%.1f outside the axis %.1f..%.1f", path, y, lo, hi, x0, x1);
        CHECK(lx >= hi && lx >= base, "%s: card %d's label at %.1f, before its whisker (%.1f) or the deck's line (%.1f)",
              path, y, lx, hi, base);
        if (lo < lo_all) lo_all = lo;
        if (hi > hi_all) hi_all = hi;
    }
    CHECK(rows > 5, "%s: %d cards", path, rows);
    CHECK(x1 - x0 <= 1.5 * (hi_all - lo_all) + 6, "%s: the axis %.1f..%.1f is far wider than the data %.1f..%.1f",
          path, x0, x1, lo_all, hi_all);
    free(dat);
}

/* Tic labels of a script's `set xtics (...)` (or ytics) line run at most
 * max characters to a line. */
static void check_tic_lines(const char *dir, const char *script, const char *which, int max)
{
    char path[512], prefix[32];
    snprintf(path, sizeof path, "%s/%s", dir, script);
    snprintf(prefix, sizeof prefix, "set %s ", which);
    char *gp = slurp(path);
    const char *l = script_line(gp, prefix);
    CHECK(l && strchr(l, '(') && strchr(l, '(') < strchr(l, '\n'), "%s: no '%s(...)'", path, prefix);
    int in = 0, run = 0, longest = 0;
    for (const char *p = l; p && *p && *p != '\n'; p++) {
        if (!in) { if (*p == '"') in = 1, run = 0; continue; }
        if (*p == '"') { in = 0; continue; }
        if (*p == '\\') { p++; if (*p == 'n') { run = 0; continue; } }
        if (((unsigned char)*p & 0xC0) != 0x80 && ++run > longest) longest = run;
    }
    CHECK(longest <= max, "%s: a %s label line of %d characters (at most %d)", path, which, longest, max);
    free(gp);
}

/* The picture is wide enough for its title: about 10 pixels a character
 * of the longest line at the title's font, and 30 on each side. */
static void check_title_fits(const char *dir, const char *name)
{
    char path[512];
    snprintf(path, sizeof path, "%s/%s.gp", dir, name);
    char *gp = slurp(path);
    const char *t = script_line(gp, "set title \"");
    const char *wl = script_line(gp, "W = ");
    int w = 0, longest = 0, run = 0;
    CHECK(t && wl && sscanf(wl, "W = %d", &w) == 1, "%s: no title or no width", path);
    for (const char *p = t ? t + 11 : ""; *p && *p != '\n' && *p != '"'; p++) {
        if (*p == '\\') { p++; if (*p == 'n') { run = 0; continue; } }
        if (((unsigned char)*p & 0xC0) != 0x80 && ++run > longest) longest = run;
    }
    CHECK(w >= 10 * longest + 60, "%s: %d pixels wide for a title line of %d characters", path, w, longest);
    free(gp);
}

static void run_report(const char *report)
{
    char args[2048], out[256];
    snprintf(out, sizeof out, "%s/plots", tmpdir);
    snprintf(args, sizeof args, "plot '%s' --out '%s'", report, out);
    Run r = mtgsim(args);
    CHECK(r.status == 0, "plot of a run report: status %d (%s)", r.status, r.err);
    CHECK(strstr(r.out, "4 pictures"), "plot did not list its pictures:\n%s", r.out);
    run_free(&r);
    check_picture(out, "winrates");
    check_picture(out, "turns");
    check_picture(out, "cards-a-wu_flyers");
    check_picture(out, "cards-b-gr_beef");
    check_no_tmp(out);
    check_cards_chart(out, "cards-a-wu_flyers");
    check_cards_chart(out, "cards-b-gr_beef");
    check_title_fits(out, "cards-a-wu_flyers");
    check_title_fits(out, "winrates");
    /* The scripts run again as they are, for users who tweak them. */
    char cmd[512];
    snprintf(cmd, sizeof cmd, "cd '%s' && gnuplot winrates.gp turns.gp 2>&1", out);
    CHECK(system(cmd) == 0, "the kept scripts do not run again");
    /* The card picture's data lists every card of the report. */
    char path[512];
    snprintf(path, sizeof path, "%s/cards-a-wu_flyers.dat", out);
    char *dat = slurp(path);
    CHECK(strstr(dat, "\"Serra Angel\"") && strstr(dat, "\"Plains\""), "cards data misses cards:\n%s", dat);
    free(dat);
    /* Plotting again into the same folder replaces the set. */
    Run again = mtgsim(args);
    CHECK(again.status == 0, "plotting twice: status %d (%s)", again.status, again.err);
    run_free(&again);
    check_no_tmp(out);
    /* Without a locale (a minimal install: no LANG), gnuplot draws the
     * same and says nothing: no "iconv failed" warning per picture. */
    Run bare = mtgsim_env("env -i PATH=\"$PATH\"", args);
    CHECK(bare.status == 0, "plot without a locale: status %d (%s)", bare.status, bare.err);
    CHECK(bare.err[0] == 0, "plot without a locale writes on standard error:\n%s", bare.err);
    run_free(&bare);
    check_picture(out, "cards-a-wu_flyers");
}

/* A gauntlet report of three decks, in the documented shape. */
static cJSON *gauntlet_report(void)
{
    static const char *const names[3] = { "wu_flyers", "gr_beef", "Red \"Aggro\", a deck name longer than a column" };
    static const double wr[3][3] = { { 0, 0.62, 0.55 }, { 0.38, 0, 0.71 }, { 0.45, 0.29, 0 } };
    cJSON *root = cJSON_CreateObject();
    cJSON_AddStringToObject(root, "schema", "mtgsim-gauntlet/1");
    cJSON_AddBoolToObject(root, "complete", 1);
    cJSON_AddNumberToObject(root, "games_per_matchup", 1000);
    cJSON_AddNumberToObject(root, "seed", 42);
    cJSON_AddStringToObject(root, "edition", "2011");
    cJSON *decks = cJSON_AddArrayToObject(root, "decks");
    cJSON *matrix = cJSON_AddArrayToObject(root, "matrix");
    cJSON *field = cJSON_AddArrayToObject(root, "field");
    for (int i = 0; i < 3; i++) {
        cJSON_AddItemToArray(decks, cJSON_CreateString(names[i]));
        cJSON *row = cJSON_CreateArray();
        double sum = 0;
        for (int j = 0; j < 3; j++) {
            if (i == j) { cJSON_AddItemToArray(row, cJSON_CreateNull()); continue; }
            cJSON *c = cJSON_CreateObject();
            cJSON_AddNumberToObject(c, "games", 1000);
            cJSON_AddNumberToObject(c, "wins", wr[i][j] * 1000);
            cJSON_AddNumberToObject(c, "win_rate", wr[i][j]);
            double ci[2] = { wr[i][j] - 0.03, wr[i][j] + 0.03 };
            cJSON_AddItemToObject(c, "ci95", cJSON_CreateDoubleArray(ci, 2));
            cJSON_AddItemToArray(row, c);
            sum += wr[i][j];
        }
        cJSON_AddItemToArray(matrix, row);
        cJSON *f = cJSON_CreateObject();
        cJSON_AddStringToObject(f, "deck", names[i]);
        cJSON_AddNumberToObject(f, "games", 2000);
        cJSON_AddNumberToObject(f, "win_rate", sum / 2);
        double ci[2] = { sum / 2 - 0.02, sum / 2 + 0.02 };
        cJSON_AddItemToObject(f, "ci95", cJSON_CreateDoubleArray(ci, 2));
        cJSON_AddItemToArray(field, f);
    }
    return root;
}

static void gauntlet(void)
{
    char path[256], out[256], args[1024];
    snprintf(path, sizeof path, "%s/gauntlet.json", tmpdir);
    snprintf(out, sizeof out, "%s/gplots", tmpdir);
    cJSON *g = gauntlet_report();
    write_json(path, g);
    snprintf(args, sizeof args, "plot '%s' --out '%s'", path, out);
    Run r = mtgsim(args);
    CHECK(r.status == 0, "plot of a gauntlet: status %d (%s)", r.status, r.err);
    run_free(&r);
    check_picture(out, "heatmap");
    check_picture(out, "winrates");
    check_no_tmp(out);
    check_title_fits(out, "heatmap");
    check_title_fits(out, "winrates");
    check_tic_lines(out, "heatmap.gp", "xtics", 11);
    check_tic_lines(out, "heatmap.gp", "ytics", 20);
    check_tic_lines(out, "winrates.gp", "xtics", 11);
    snprintf(path, sizeof path, "%s/heatmap.dat", out);
    char *dat = slurp(path);
    CHECK(strstr(dat, "62.0000") && strstr(dat, "71.0000"), "heatmap data misses the matrix:\n%s", dat);
    free(dat);

    /* The same gauntlet with a field missing, at each level. */
    static const char *const says[] = { "missing field field", "missing field matrix[0][1].ci95", "field decks[2] is not a string" };
    for (int k = 0; k < 3; k++) {
        cJSON *b = gauntlet_report();
        if (k == 0) cJSON_DeleteItemFromObject(b, "field");
        if (k == 1) cJSON_DeleteItemFromObject(cJSON_GetArrayItem(cJSON_GetArrayItem(cJSON_GetObjectItem(b, "matrix"), 0), 1), "ci95");
        if (k == 2) cJSON_ReplaceItemInArray(cJSON_GetObjectItem(b, "decks"), 2, cJSON_CreateNumber(3));
        snprintf(path, sizeof path, "%s/gbad%d.json", tmpdir, k);
        write_json(path, b);
        cJSON_Delete(b);
        snprintf(args, sizeof args, "plot '%s' --out '%s/gbad'", path, tmpdir);
        Run e = mtgsim(args);
        CHECK(e.status == 2, "gauntlet without '%s': status %d", says[k], e.status);
        CHECK(strstr(e.err, says[k]) && strstr(e.err, path), "gauntlet: stderr does not say '%s' and the file:\n%s", says[k], e.err);
        run_free(&e);
    }
    snprintf(path, sizeof path, "%s/gbad", tmpdir);
    CHECK(entries(path) < 0, "a refused gauntlet left %s", path);
    cJSON_Delete(g);
}

/* Deletes the field at a dotted path ("decks.1.on_draw.ci95": numbers index arrays). */
static void delete_path(cJSON *root, const char *path)
{
    char key[128], *seg[8];
    int n = 0;
    snprintf(key, sizeof key, "%s", path);
    for (char *s = strtok(key, "."); s && n < 8; s = strtok(NULL, ".")) seg[n++] = s;
    cJSON *o = root;
    for (int i = 0; i < n - 1 && o; i++)
        o = (seg[i][0] >= '0' && seg[i][0] <= '9') ? cJSON_GetArrayItem(o, atoi(seg[i])) : cJSON_GetObjectItem(o, seg[i]);
    if (o && n) cJSON_DeleteItemFromObject(o, seg[n - 1]);
}

/* Reports plot cannot draw: exit 2, the file and the field named, nothing made. */
static void refused(const char *report)
{
    char *text = slurp(report);
    cJSON *good = cJSON_Parse(text);
    free(text);
    CHECK(good != NULL, "the run's report is not JSON");
    if (!good) return;

    static const struct { const char *path, *says; } cut[] = {
        { "turns", "missing field turns" },
        { "cards", "missing field cards" },
        { "decks", "missing field decks" },
        { "decks.1.on_draw.ci95", "missing field decks[1].on_draw.ci95" },
        { "decks.0.win_rate", "missing field decks[0].win_rate" },
        { "turns.histogram", "missing field turns.histogram" },
        { "cards.1.cards.0.gih_wr", "missing field cards[1].cards[0].gih_wr" },
        { "schema", "missing field schema" },
        { "games", "missing field games" },
    };
    char path[256], out[256], args[1024];
    snprintf(out, sizeof out, "%s/refused", tmpdir);
    for (size_t k = 0; k < sizeof cut / sizeof *cut; k++) {
        cJSON *b = cJSON_Duplicate(good, 1);
        delete_path(b, cut[k].path);
        snprintf(path, sizeof path, "%s/cut%zu.json", tmpdir, k);
        write_json(path, b);
        cJSON_Delete(b);
        snprintf(args, sizeof args, "plot '%s' --out '%s'", path, out);
        Run r = mtgsim(args);
        CHECK(r.status == 2, "report without %s: status %d, want 2", cut[k].path, r.status);
        CHECK(strstr(r.err, cut[k].says) && strstr(r.err, path), "report without %s: stderr does not say '%s' and the file:\n%s",
              cut[k].path, cut[k].says, r.err);
        run_free(&r);
    }
    CHECK(entries(out) < 0, "a refused report left %s", out);

    /* A field of the wrong type. */
    cJSON *b = cJSON_Duplicate(good, 1);
    cJSON_ReplaceItemInObject(cJSON_GetObjectItem(b, "turns"), "histogram", cJSON_CreateString("many"));
    snprintf(path, sizeof path, "%s/wrongtype.json", tmpdir);
    write_json(path, b);
    cJSON_Delete(b);
    snprintf(args, sizeof args, "plot '%s' --out '%s'", path, out);
    Run r = mtgsim(args);
    CHECK(r.status == 2 && strstr(r.err, "turns.histogram is not an array"), "a string histogram: status %d\n%s", r.status, r.err);
    run_free(&r);

    /* A report of no games. */
    b = cJSON_Duplicate(good, 1);
    cJSON_ReplaceItemInObject(b, "games", cJSON_CreateNumber(0));
    snprintf(path, sizeof path, "%s/nogames.json", tmpdir);
    write_json(path, b);
    cJSON_Delete(b);
    snprintf(args, sizeof args, "plot '%s' --out '%s'", path, out);
    r = mtgsim(args);
    CHECK(r.status == 2 && strstr(r.err, "no games"), "a report of no games: status %d\n%s", r.status, r.err);
    run_free(&r);

    /* An unknown schema. */
    b = cJSON_Duplicate(good, 1);
    cJSON_ReplaceItemInObject(b, "schema", cJSON_CreateString("mtgsim-report/9"));
    snprintf(path, sizeof path, "%s/schema.json", tmpdir);
    write_json(path, b);
    cJSON_Delete(b);
    snprintf(args, sizeof args, "plot '%s' --out '%s'", path, out);
    r = mtgsim(args);
    CHECK(r.status == 2 && strstr(r.err, "mtgsim-report/9"), "an unknown schema: status %d\n%s", r.status, r.err);
    run_free(&r);

    /* Not JSON at all, and no file. */
    snprintf(path, sizeof path, "%s/broken.json", tmpdir);
    FILE *f = fopen(path, "w");
    if (f) { fputs("{\n  \"schema\": \"mtgsim-report/1\",\n  \"games\": 12,,\n}\n", f); fclose(f); }
    snprintf(args, sizeof args, "plot '%s' --out '%s'", path, out);
    r = mtgsim(args);
    CHECK(r.status == 2 && strstr(r.err, "not valid JSON") && strstr(r.err, path) && strstr(r.err, "line 3"),
          "a broken report: status %d\n%s", r.status, r.err);
    run_free(&r);
    snprintf(args, sizeof args, "plot '%s/none.json' --out '%s'", tmpdir, out);
    r = mtgsim(args);
    CHECK(r.status == 2 && strstr(r.err, "none.json"), "a missing report: status %d\n%s", r.status, r.err);
    run_free(&r);
    CHECK(entries(out) < 0, "a refused report left %s", out);

    /* Usage errors. */
    snprintf(args, sizeof args, "plot '%s'", report);
    r = mtgsim(args);
    CHECK(r.status == 2 && strstr(r.err, "--out"), "no --out: status %d\n%s", r.status, r.err);
    run_free(&r);
    r = mtgsim("plot --out /tmp");
    CHECK(r.status == 2 && strstr(r.err, "REPORT"), "no report: status %d\n%s", r.status, r.err);
    run_free(&r);
    snprintf(args, sizeof args, "plot '%s' --out '%s' --colour", report, out);
    r = mtgsim(args);
    CHECK(r.status == 2 && strstr(r.err, "--colour"), "an unknown option: status %d\n%s", r.status, r.err);
    run_free(&r);
    r = mtgsim("plot --help");
    CHECK(r.status == 0 && strstr(r.out, "usage: mtgsim plot"), "plot --help: status %d", r.status);
    run_free(&r);

    /* No gnuplot on the PATH: a clear message. */
    snprintf(args, sizeof args, "plot '%s' --out '%s'", report, out);
    r = mtgsim_env("PATH=/nonexistent", args);
    CHECK(r.status == 2 && strstr(r.err, "gnuplot not found: install the Debian package gnuplot-nox"),
          "without gnuplot: status %d\n%s", r.status, r.err);
    run_free(&r);
    CHECK(entries(out) < 0, "a refused plot left %s", out);
    cJSON_Delete(good);
}

int main(void)
{
    if (!gnuplot_installed()) {
        fprintf(stderr, "test_plot_cli: FAIL: gnuplot is not installed: `mtgsim plot` needs it; install the Debian "
                        "package gnuplot-nox (.ci/setup does)\n");
        return 1;
    }
    snprintf(tmpdir, sizeof tmpdir, "/tmp/mtgsim-plot-XXXXXX");
    if (!mkdtemp(tmpdir)) { perror("mkdtemp"); return 2; }
    char report[256], args[1024];
    snprintf(report, sizeof report, "%s/r.json", tmpdir);
    snprintf(args, sizeof args, "run '%s/wu_flyers.txt' '%s/gr_beef.txt' --games 200 --seed 3 --threads 2 --quiet --json '%s'",
             DECKS, DECKS, report);
    Run r = mtgsim(args);
    CHECK(r.status == 0, "run: status %d (%s)", r.status, r.err);
    run_free(&r);

    run_report(report);
    gauntlet();
    refused(report);

    char cmd[160];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    if (system(cmd) != 0) fprintf(stderr, "could not remove %s\n", tmpdir);
    printf("%d checks, %d failures\n", checks, failures);
    return failures ? 1 : 0;
}
