/* test_inputs_cli.c: bad input given through options and policy files, as
 * the README's "Bad input" table promises it: refused before anything runs,
 * exit status 2, nothing on standard output, and a message that names the
 * file and line, or the option and the value given. Runs the real binary
 * (MTGSIM_BIN). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "testutil.h"

static int failures, checks;
static char tmpdir[64];

#define DECK_A MTGSIM_DECKS_DIR "/green_stompy.txt"
#define DECK_B MTGSIM_DECKS_DIR "/red_aggro.txt"

/* TMPDIR/name, in a static buffer of four (enough for one call's args). */
static const char *tp(const char *name)
{
    static char buf[4][512];
    static int k;
    k = (k + 1) % 4;
    snprintf(buf[k], sizeof buf[k], "%s/%s", tmpdir, name);
    return buf[k];
}

static void spit(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    if (!f) { fprintf(stderr, "cannot write %s\n", path); exit(2); }
    fputs(text, f);
    fclose(f);
}

/* `mtgsim ARGS` must be refused: exit 2, nothing on stdout, no report at
 * TMPDIR/x.json, and stderr holding `want` (the whole message after the
 * command's prefix, so a vaguer message fails). */
static void refused(const char *args, const char *want)
{
    char *out, *err;
    int st = test_mtgsim(args, &out, &err);
    CHECK(st == 2, "mtgsim %s: exit %d, want 2 (stderr: %s)", args, st, err ? err : "");
    CHECK(out && !out[0], "mtgsim %s: printed on stdout: %s", args, out ? out : "");
    CHECK(err && strstr(err, want), "mtgsim %s:\n  stderr: %s  wants: %s", args, err ? err : "", want);
    CHECK(access(tp("x.json"), F_OK) != 0, "mtgsim %s: wrote a report", args);
    remove(tp("x.json"));
    free(out);
    free(err);
}

/* A policy file with this text, given to `run` as --policy-a. */
static void policy_file_refused(const char *text, const char *want)
{
    const char *pf = tp("p.json");
    spit(pf, text);
    char args[2048];
    snprintf(args, sizeof args, "run %s %s --games 2 --json '%s' --policy-a '%s'", DECK_A, DECK_B, tp("x.json"), pf);
    char full[1024];
    snprintf(full, sizeof full, "mtgsim run: --policy-a: %s:%s", pf, want);
    refused(args, full);
}

/* Policy files refuse what the command line refuses: a fraction is not
 * rounded, a key given twice does not silently take one of its values. */
static void test_policy_files(void)
{
    policy_file_refused("{\"policy\": \"heuristic\",\n \"aggression\": 5.5}\n",
                        "2: heuristic: parameter \"aggression\": 5.5 is not a whole number\n");
    policy_file_refused("{\"policy\": \"heuristic\",\n \"chump_life\": 1e-3}\n",
                        "2: heuristic: parameter \"chump_life\": 1e-3 is not a whole number\n");
    policy_file_refused("{\"policy\": \"heuristic\",\n \"aggression\": 4,\n \"chump_life\": 2,\n \"aggression\": 3}\n",
                        "4: \"aggression\" given twice (first on line 2)\n");
    policy_file_refused("{\"policy\": \"heuristic\",\n\n \"policy\": \"random\"}\n",
                        "3: \"policy\" given twice (first on line 1)\n");
    policy_file_refused("{\"policy\": \"heuristic\",\n \"aggression\": \"4\"}\n",
                        "2: \"aggression\" must be a number\n");
    policy_file_refused("{\"policy\": \"heuristic\",\n \"aggression\": 9}\n",
                        "2: heuristic: unknown parameter or value out of range: aggression=9");
    /* The command line refuses the same fraction. */
    char args[1024];
    snprintf(args, sizeof args, "run %s %s --games 2 --json '%s' --policy-a heuristic:aggression=5.5",
             DECK_A, DECK_B, tp("x.json"));
    refused(args, "mtgsim run: --policy-a: heuristic: parameter aggression=5.5 is not a whole number\n");

    /* A whole number written as one is taken: the run goes. */
    const char *pf = tp("ok.json");
    spit(pf, "{\"policy\": \"heuristic\", \"aggression\": 4.0, \"chump_life\": 2}\n");
    snprintf(args, sizeof args, "run %s %s --games 2 --quiet --json '%s' --policy-a '%s'", DECK_A, DECK_B, tp("ok_report.json"), pf);
    char *out, *err;
    int st = test_mtgsim(args, &out, &err);
    CHECK(st == 0, "a valid policy file: exit %d (stderr: %s)", st, err);
    char *rep = test_slurp_or_empty(tp("ok_report.json"));
    CHECK(strstr(rep, "ok.json") != NULL, "the report names the policy file: %.200s", rep);
    free(rep);
    free(out);
    free(err);
    remove(tp("ok_report.json"));
    remove(pf);
    remove(tp("p.json"));
}

/* Every option's message echoes the value given, so a user sees which of
 * their words was refused. */
static void test_option_values(void)
{
    static const struct { const char *args, *want; } cases[] = {
        { "run --ci-width 0", "mtgsim run: --ci-width 0: must be above 0 and below 0.5 (e.g. 0.01)\n" },
        { "run --ci-width 0.5", "mtgsim run: --ci-width 0.5: must be above 0 and below 0.5 (e.g. 0.01)\n" },
        { "run --ci-width -1", "mtgsim run: --ci-width -1: must be above 0 and below 0.5 (e.g. 0.01)\n" },
        { "run --ci-width abc", "mtgsim run: --ci-width 'abc': not a number (e.g. 0.01)\n" },
        { "run --ci-width ''", "mtgsim run: --ci-width '': not a number (e.g. 0.01)\n" },
        { "gauntlet --ci-width 2", "mtgsim gauntlet: --ci-width 2: must be above 0 and below 0.5 (e.g. 0.01)\n" },
        { "run --edition 2012", "mtgsim run: --edition '2012': must be 2011 or foundations\n" },
        { "trace --edition 1999", "mtgsim trace: --edition '1999': must be 2011 or foundations\n" },
        { "tune --param aggression", "mtgsim tune: --param 'aggression': expected NAME=LO..HI\n" },
        { "run --policy mcts:depth=3", "mtgsim run: --policy-a: mcts: unknown parameter or value out of range: depth=3 "
          "(parameters: playouts, trees, explore, candidates, ms, horizon, aggression, chump_life, trade, card_value, keep_min, "
          "keep_max, hold_back, block_mode, version)\n" },
        { "run --policy mcts:trees=0", "mtgsim run: --policy-a: mcts: unknown parameter or value out of range: trees=0 "
          "(parameters: playouts, trees, explore, candidates, ms, horizon, aggression, chump_life, trade, card_value, keep_min, "
          "keep_max, hold_back, block_mode, version)\n" },
        { "tournament --policies heuristic", "mtgsim tournament: --policies 'heuristic': needs 2 to 16 policies, comma separated\n" },
        { "trace --json game.jsonl", "mtgsim trace: --json takes no file ('game.jsonl'): it prints JSON Lines on standard output" },
    };
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        char args[1024];
        snprintf(args, sizeof args, "%s --games 2 --json '%s'", cases[k].args, tp("x.json"));
        if (!strncmp(cases[k].args, "trace", 5)) snprintf(args, sizeof args, "%s", cases[k].args);
        refused(args, cases[k].want);
    }
    /* A value missing is said so. */
    refused("run --ci-width", "mtgsim run: --ci-width needs a value (e.g. 0.01)\n");
    refused("run --edition", "mtgsim run: --edition needs a value (2011 or foundations)\n");
}

/* tune's --param: a range is named as the user wrote it, not by the point
 * of it that failed; what is wrong with its shape is said. */
static void test_tune_params(void)
{
    static const struct { const char *param, *want; } cases[] = {
        { "aggression=0..99", "mtgsim tune: --param 'aggression=0..99': heuristic: unknown parameter or value "
                              "out of range: aggression=99 (parameters: " },
        { "aggression=-3..2", "mtgsim tune: --param 'aggression=-3..2': heuristic: unknown parameter or value "
                              "out of range: aggression=-3 (parameters: " },
        { "nosuch=0..3", "mtgsim tune: --param 'nosuch=0..3': heuristic: unknown parameter or value "
                         "out of range: nosuch=0 (parameters: " },
        { "aggression=5..1", "mtgsim tune: --param 'aggression=5..1': LO 5 is above HI 1\n" },
        { "aggression=0..999999", "mtgsim tune: --param 'aggression=0..999999': a range of 1000000 values; at most 100001\n" },
        { "aggression=a..3", "mtgsim tune: --param 'aggression=a..3': expected NAME=LO..HI (whole numbers)\n" },
        { "aggression=1..", "mtgsim tune: --param 'aggression=1..': expected NAME=LO..HI (whole numbers)\n" },
        { "aggression=1..99999999999", "mtgsim tune: --param 'aggression=1..99999999999': expected NAME=LO..HI (whole numbers)\n" },
    };
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        char args[1024];
        snprintf(args, sizeof args, "tune --param '%s' --budget 8 --quiet --json '%s'", cases[k].param, tp("x.json"));
        refused(args, cases[k].want);
    }
    char args[1024];
    snprintf(args, sizeof args, "tune --policy my.json --param aggression=0..1 --budget 8 --json '%s'", tp("x.json"));
    refused(args, "mtgsim tune: --policy 'my.json': must be a name with parameters, not a file\n");
}

/* A help text is printed as it is (fputs), or as the argument of a %s: a
 * printf escape in it ("95%%") shows as written. Every command's --help,
 * and the usage shown after an unknown option, hold none. */
static void test_help_texts(void)
{
    static const char *const cmds[] = { "", "run", "gauntlet", "tournament", "tune", "trace", "plot",
                                        "cards", "scenario", "bench" };
    for (size_t k = 0; k < sizeof cmds / sizeof *cmds; k++) {
        char args[128], *out, *err;
        snprintf(args, sizeof args, "%s --help", cmds[k]);
        int st = test_mtgsim(args, &out, &err);
        CHECK(st == 0, "mtgsim %s: exit %d", args, st);
        CHECK(out && strstr(out, "usage: mtgsim"), "mtgsim %s: no usage on stdout", args);
        CHECK(out && !strstr(out, "%%"), "mtgsim %s: a printf escape in the help:\n%s", args, out ? out : "");
        free(out);
        free(err);
        if (!cmds[k][0]) continue;
        snprintf(args, sizeof args, "%s --frobnicate", cmds[k]);
        st = test_mtgsim(args, &out, &err);
        CHECK(st == 2, "mtgsim %s: exit %d", args, st);
        CHECK(err && !strstr(err, "%%"), "mtgsim %s: a printf escape in the usage:\n%s", args, err ? err : "");
        free(out);
        free(err);
    }
    /* The one that had it. */
    char *out, *err;
    test_mtgsim("run --help", &out, &err);
    CHECK(out && strstr(out, "stop once deck A's 95% interval"), "run --help: %s", out ? out : "");
    free(out);
    free(err);
}

int main(void)
{
    snprintf(tmpdir, sizeof tmpdir, "/tmp/mtgsim_inputs_XXXXXX");
    if (!mkdtemp(tmpdir)) { perror("mkdtemp"); return 2; }
    test_policy_files();
    test_option_values();
    test_tune_params();
    test_help_texts();
    rmdir(tmpdir);
    if (failures) fprintf(stderr, "test_inputs_cli: %d of %d checks failed\n", failures, checks);
    else printf("test_inputs_cli: %d checks passed\n", checks);
    return failures != 0;
}
