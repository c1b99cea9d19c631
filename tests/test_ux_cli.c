/* test_ux_cli.c: what a person reads on the terminal: help texts, the run
 * summary, the gauntlet's and tournament's tables, bench's table and
 * progress, and plain ASCII where the locale is not UTF-8.
 *
 * Runs the real binary (MTGSIM_BIN) on small batches and checks the text
 * it prints. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cjson/cJSON.h>
#include "testutil.h"
#include "sim/policies.h"
#include "sim/report.h"

#define DECKS TESTS_DIR "/../decks"

static int failures, checks;

/* Runs `mtgsim ARGS`, both outputs captured. */
static Run mtgsim(const char *args)
{
    Run r;
    r.status = test_mtgsim(args, &r.out, &r.err);
    return r;
}

/* Every policy of the registry is named in run's help, with no "%%" left
 * of a format. */
static void help_lists_policies(void)
{
    Run r = mtgsim("run --help");
    CHECK(r.status == 0, "run --help: status %d", r.status);
    char names[256];
    snprintf(names, sizeof names, "%s", policy_names());
    for (char *name = strtok(names, ", "); name; name = strtok(NULL, ", ")) {
        PolicySpec spec;
        char err[512];
        CHECK(policy_parse(name, &spec, err, sizeof err) == 0, "policy_names() lists '%s', which does not parse: %s", name, err);
        char word[64];
        snprintf(word, sizeof word, " %s", name);
        CHECK(strstr(r.out, word) != NULL, "run --help does not name the policy '%s':\n%s", name, r.out);
    }
    CHECK(strstr(r.out, "%%") == NULL, "run --help prints '%%%%'");
    for (const char *line = r.out; *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : line + strlen(line))
        CHECK(strcspn(line, "\n") <= 79, "run --help: a line over 79 columns: %.*s", (int)strcspn(line, "\n"), line);
    run_free(&r);
}

/* The summary's draws line says how many draws came at the turn cap, and
 * which cap; one thread is "1 thread". */
static void run_summary(void)
{
    char dir[] = "/tmp/mtgsim_ux_XXXXXX", args[1024], path[128];
    if (!mkdtemp(dir)) { perror("mkdtemp"); exit(2); }
    snprintf(path, sizeof path, "%s/r.json", dir);
    snprintf(args, sizeof args, "run --games 200 --threads 1 --turn-cap 12 --json '%s'", path);
    Run r = mtgsim(args);
    CHECK(r.status == 0, "run: status %d (%s)", r.status, r.err);
    char *text = test_slurp_or_empty(path);
    cJSON *rep = cJSON_Parse(text);
    const cJSON *ends = cJSON_GetObjectItem(rep, "end_reasons");
    long draws = (long)cJSON_GetNumberValue(cJSON_GetObjectItem(ends, "draws"));
    long capped = (long)cJSON_GetNumberValue(cJSON_GetObjectItem(ends, "turn_cap"));
    CHECK(capped > 0, "no game reached a turn cap of 12: the check below proves nothing");
    char want[128];
    snprintf(want, sizeof want, "  draws %ld (%ld at the turn cap of 12)   ", draws, capped);
    CHECK(strstr(r.out, want) != NULL, "the summary does not say '%s':\n%s", want, r.out);
    CHECK(strstr(r.out, " on 1 thread\n") != NULL, "the summary does not say 'on 1 thread':\n%s", r.out);
    cJSON_Delete(rep);
    free(text);
    run_free(&r);
    remove(path);
    rmdir(dir);
}

/* The top-level help names --version, and --version prints one line. */
static void version(void)
{
    Run h = mtgsim("--help");
    CHECK(h.status == 0 && strstr(h.out, "--version"), "mtgsim --help does not mention --version:\n%s", h.out);
    Run v = mtgsim("--version");
    CHECK(v.status == 0 && !strncmp(v.out, "mtgsim ", 7) && strchr(v.out, '\n') == v.out + strlen(v.out) - 1,
          "mtgsim --version: status %d, '%s'", v.status, v.out);
    run_free(&h);
    run_free(&v);
}

/* The line of text that starts with prefix, or NULL. */
static const char *line_starting(const char *text, const char *prefix)
{
    size_t n = strlen(prefix);
    for (const char *p = text; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
        if (!strncmp(p, prefix, n)) return p;
    return NULL;
}

/* "wr [lo, hi]" in percent, as the tables print a record. */
static void record_text(const cJSON *rec, char *out, size_t n)
{
    long wins = (long)cJSON_GetNumberValue(cJSON_GetObjectItem(rec, "wins"));
    long games = (long)cJSON_GetNumberValue(cJSON_GetObjectItem(rec, "games"));
    double lo, hi;
    wilson95(wins, games, &lo, &hi);
    snprintf(out, n, "%.1f [%4.1f, %4.1f]", 100.0 * (double)wins / (double)games, 100 * lo, 100 * hi);
}

/* A matrix table as gauntlet and tournament print it: each row "  K  NAME"
 * with the name in full, then each cell of the report's matrix with its
 * interval, "-" on the diagonal, and the field record last. */
static void check_table(const char *what, const char *out, const cJSON *rep, const char *const *names, int n)
{
    const cJSON *mx = cJSON_GetObjectItem(rep, "matrix"), *field = cJSON_GetObjectItem(rep, "field");
    CHECK(cJSON_GetArraySize(mx) == n, "%s: the report has %d rows", what, cJSON_GetArraySize(mx));
    for (int i = 0; i < n && i < cJSON_GetArraySize(mx); i++) {
        char prefix[256];
        snprintf(prefix, sizeof prefix, "  %d  %s ", i + 1, names[i]);
        const char *line = line_starting(out, prefix);
        CHECK(line != NULL, "%s: no row starting '%s' in\n%s", what, prefix, out);
        if (!line) continue;
        const char *p = line + strlen(prefix);
        const char *end = strchr(line, '\n') ? strchr(line, '\n') : line + strlen(line);
        for (int j = 0; j <= n; j++) {
            char want[64];
            if (j == i) snprintf(want, sizeof want, "-");
            else record_text(j < n ? cJSON_GetArrayItem(cJSON_GetArrayItem(mx, i), j) : cJSON_GetArrayItem(field, i),
                             want, sizeof want);
            const char *at = strstr(p, want);
            CHECK(at && at < end, "%s: row %d, column %d: no '%s' after the cells before it:\n%.*s", what, i + 1, j + 1,
                  want, (int)(end - line), line);
            if (at && at < end) p = at + strlen(want);
        }
    }
}

/* gauntlet: a header line with decks, policy, games, seed and edition;
 * names of any length in full; every cell with its interval. */
static void gauntlet_table(void)
{
    char dir[] = "/tmp/mtgsim_ux_XXXXXX", args[2048], deck[256], json[256];
    if (!mkdtemp(dir)) { perror("mkdtemp"); exit(2); }
    static const char *const names[3] = { "wu_flyers", "a_deck_with_a_name_much_longer_than_any_column", "BG Deathtouch" };
    snprintf(deck, sizeof deck, "%s/%s.txt", dir, names[1]);
    char *text = test_slurp_or_empty(DECKS "/gr_beef.txt");
    FILE *f = fopen(deck, "w");
    if (!f) { perror(deck); exit(2); }
    fputs(text, f);
    fclose(f);
    free(text);
    snprintf(json, sizeof json, "%s/g.json", dir);
    snprintf(args, sizeof args, "gauntlet '%s/wu_flyers.txt' '%s' '%s/bg_deathtouch.dck' --games 100 --seed 5 --threads 2 "
             "--json '%s'", DECKS, deck, DECKS, json);
    Run r = mtgsim(args);
    CHECK(r.status == 0, "gauntlet: status %d (%s)", r.status, r.err);
    CHECK(!strncmp(r.out, "gauntlet of 3 decks, policy heuristic, 100 games per matchup, seed 5, edition 2011\n", 83),
          "gauntlet: the header line is not the first:\n%s", r.out);
    text = test_slurp_or_empty(json);
    cJSON *rep = cJSON_Parse(text);
    CHECK(rep != NULL, "gauntlet: no report");
    if (rep) check_table("gauntlet", r.out, rep, names, 3);
    cJSON_Delete(rep);
    free(text);
    run_free(&r);
    remove(json);
    remove(deck);
    rmdir(dir);
}

/* tournament: the same for policies, whose specs can be long. */
static void tournament_table(void)
{
    char dir[] = "/tmp/mtgsim_ux_XXXXXX", args[1024], json[256];
    if (!mkdtemp(dir)) { perror("mkdtemp"); exit(2); }
    static const char *const names[3] = { "random", "heuristic:aggression=5,chump_life=2,keep_min=3", "aggro" };
    snprintf(json, sizeof json, "%s/t.json", dir);
    snprintf(args, sizeof args, "tournament --policies %s,%s,%s --games 60 --seed 9 --edition foundations --threads 2 "
             "--json '%s'", names[0], names[1], names[2], json);
    Run r = mtgsim(args);
    CHECK(r.status == 0, "tournament: status %d (%s)", r.status, r.err);
    const char *head = "tournament of 3 policies on wu_flyers vs BG Deathtouch, 60 games per pairing and side, seed 9, "
                       "edition foundations\n";
    CHECK(!strncmp(r.out, head, strlen(head)), "tournament: the header line is not the first:\n%s", r.out);
    char *text = test_slurp_or_empty(json);
    cJSON *rep = cJSON_Parse(text);
    CHECK(rep != NULL, "tournament: no report");
    if (rep) check_table("tournament", r.out, rep, names, 3);
    cJSON_Delete(rep);
    free(text);
    run_free(&r);
    remove(json);
    rmdir(dir);
}

int main(void)
{
    version();
    help_lists_policies();
    run_summary();
    gauntlet_table();
    tournament_table();
    printf("%d checks, %d failures\n", checks, failures);
    return failures ? 1 : 0;
}
