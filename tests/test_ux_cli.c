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

int main(void)
{
    version();
    help_lists_policies();
    run_summary();
    printf("%d checks, %d failures\n", checks, failures);
    return failures ? 1 : 0;
}
