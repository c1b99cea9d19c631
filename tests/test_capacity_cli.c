/* test_capacity_cli.c: games abandoned at a capacity of the engine, as
 * `mtgsim run`, `gauntlet` and `tournament` report them.
 *
 * Two decks of 100 Ornithopters ({0}, 0/2 flying: every copy is cast as it
 * is drawn, none ever deals damage or dies) fill the battlefield's PERM_MAX
 * slots in every game: each such game ends as a capacity draw, the JSON
 * report counts it in end_reasons.capacity, and the terminal gets one
 * WARNING line on standard error, also with --quiet. A run that reaches no
 * capacity prints none. Every file goes into one mkdtemp folder, removed
 * at the end. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <cjson/cJSON.h>
#include "testutil.h"
#include "engine/state.h"

#define DECKS_DIR TESTS_DIR "/../decks"

static char tmp[64];                 /* this run's folder */
static char orni_a[128], orni_b[128]; /* the two decks of Ornithopters */

/* `mtgsim ARGS` run in tmp, its outputs captured. */
static Run mtgsim(const char *fmt, ...)
{
    char args[4096], cmd[8192];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(args, sizeof args, fmt, ap);
    va_end(ap);
    snprintf(cmd, sizeof cmd, "'%s' %s", MTGSIM_BIN, args);
    return test_run(tmp, cmd);
}

/* The warning line for n games of `games`, as the run must print it. */
static void warning(char *out, size_t len, long n, const char *share)
{
    snprintf(out, len, "WARNING: %ld games (%s) abandoned as draws: the battlefield reached its capacity of %d "
             "nonland permanents\n", n, share, PERM_MAX);
}

static int count(const char *text, const char *what)
{
    int n = 0;
    for (const char *p = strstr(text, what); p; p = strstr(p + 1, what)) n++;
    return n;
}

/* A JSON report's end_reasons.KEY. */
static long end_reason(const char *path, const char *key)
{
    char *text = test_slurp(path, NULL);
    assert_non_null(text);
    cJSON *j = cJSON_Parse(text);
    free(text);
    assert_non_null(j);
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(j, "end_reasons"), key);
    assert_true(cJSON_IsNumber(v));
    long n = (long)v->valuedouble;
    cJSON_Delete(j);
    return n;
}

static int setup(void **st)
{
    snprintf(tmp, sizeof tmp, "/tmp/mtgsim-capacity-XXXXXX");
    if (!mkdtemp(tmp)) return -1;
    snprintf(orni_a, sizeof orni_a, "%s/orni_a.txt", tmp);
    snprintf(orni_b, sizeof orni_b, "%s/orni_b.txt", tmp);
    for (int k = 0; k < 2; k++) {
        FILE *f = fopen(k ? orni_b : orni_a, "w");
        if (!f) return -1;
        fputs("100 Ornithopter\n", f);
        fclose(f);
    }
    return 0;
}

static int teardown(void **st)
{
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp);
    return system(cmd) == 0 ? 0 : -1;
}

/* Every game of the mirror fills the battlefield: 20 capacity draws in the
 * report, and the warning once, after the summary. */
static void test_run_warns(void **st)
{
    Run r = mtgsim("run '%s' '%s' --games 20 --turn-cap 300 --threads 1 --json '%s/run.json'", orni_a, orni_b, tmp);
    assert_int_equal(r.status, 0);
    char want[256];
    warning(want, sizeof want, 20, "100.0 %");
    assert_string_equal(r.err, want);
    assert_non_null(strstr(r.out, "orni_a vs orni_b: 20 games"));
    assert_int_equal(count(r.out, "WARNING"), 0);
    char path[128];
    snprintf(path, sizeof path, "%s/run.json", tmp);
    assert_int_equal(end_reason(path, "capacity"), 20);
    assert_int_equal(end_reason(path, "draws"), 20);
    assert_int_equal(end_reason(path, "turn_cap") + end_reason(path, "life") + end_reason(path, "error"), 0);
    run_free(&r);
}

/* --quiet keeps the summary, not the warning; a JSON report on standard
 * output keeps it too. */
static void test_quiet_run_warns(void **st)
{
    char want[256];
    warning(want, sizeof want, 8, "100.0 %");
    Run r = mtgsim("run '%s' '%s' --games 8 --turn-cap 300 --threads 2 --quiet --json '%s/quiet.json'", orni_a, orni_b, tmp);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "");
    assert_string_equal(r.err, want);
    run_free(&r);
    r = mtgsim("run '%s' '%s' --games 8 --turn-cap 300 --threads 1 --json -", orni_a, orni_b);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.err, want);
    cJSON *j = cJSON_Parse(r.out);
    assert_non_null(j);
    cJSON_Delete(j);
    run_free(&r);
}

/* The turn cap comes first: no game reaches the capacity, no warning. And
 * none for the reference matchup. */
static void test_no_capacity_no_warning(void **st)
{
    Run r = mtgsim("run '%s' '%s' --games 4 --turn-cap 60 --threads 1 --json '%s/cap60.json'", orni_a, orni_b, tmp);
    assert_int_equal(r.status, 0);
    assert_int_equal(count(r.err, "WARNING") + count(r.out, "WARNING"), 0);
    char path[128];
    snprintf(path, sizeof path, "%s/cap60.json", tmp);
    assert_int_equal(end_reason(path, "capacity"), 0);
    assert_int_equal(end_reason(path, "turn_cap"), 4);
    run_free(&r);
    r = mtgsim("run '%s/wu_flyers.txt' '%s/gr_beef.txt' --games 200 --threads 1 --json '%s/ref.json'",
               DECKS_DIR, DECKS_DIR, tmp);
    assert_int_equal(r.status, 0);
    assert_int_equal(count(r.err, "WARNING") + count(r.out, "WARNING"), 0);
    run_free(&r);
}

/* A gauntlet and a tournament warn once, with the games of all their
 * matchups: the Ornithopter mirror abandoned, the matchups against a real
 * deck not (it wins, or the Ornithopters outlast its 40 cards). */
static void test_gauntlet_and_tournament_warn(void **st)
{
    char want[256];
    warning(want, sizeof want, 20, "33.3 %");
    Run r = mtgsim("gauntlet '%s' '%s' '%s/wu_flyers.txt' --games 20 --turn-cap 300 --threads 1 --json '%s/g.json'",
                   orni_a, orni_b, DECKS_DIR, tmp);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.err, want);
    run_free(&r);
    warning(want, sizeof want, 20, "100.0 %");
    r = mtgsim("tournament --policies heuristic,random '%s' '%s' --games 10 --turn-cap 300 --threads 1 --json '%s/t.json'",
               orni_a, orni_b, tmp);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.err, want);
    run_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_run_warns),
        cmocka_unit_test(test_quiet_run_warns),
        cmocka_unit_test(test_no_capacity_no_warning),
        cmocka_unit_test(test_gauntlet_and_tournament_warn),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
