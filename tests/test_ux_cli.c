/* test_ux_cli.c: what a person reads on the terminal: help texts, the run
 * summary, the gauntlet's and tournament's tables, bench's table and
 * progress, and plain ASCII where the locale is not UTF-8.
 *
 * Runs the real binary (MTGSIM_BIN) on small batches and checks the text
 * it prints. */
#define _XOPEN_SOURCE 700   /* posix_openpt, grantpt, unlockpt, ptsname */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cjson/cJSON.h>
#include "engine/mcts.h"
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

/* mcts:ms=N is a time budget: the spec gives the engine a clock, one that
 * moves forward (engine/mcts.h reads no clock of its own). */
static void mcts_clock(void)
{
    PolicySpec spec;
    char err[512];
    CHECK(policy_parse("mcts:ms=5", &spec, err, sizeof err) == 0, "mcts:ms=5 does not parse: %s", err);
    CHECK(spec.inst.self == &spec.mp && spec.mp.ms == 5 && spec.mp.clock != NULL,
          "mcts:ms=5: the policy reads no milliseconds or has no clock");
    if (spec.mp.clock) {
        double t0 = spec.mp.clock(), t1 = t0;
        for (long k = 0; k < 100000000 && t1 <= t0; k++) t1 = spec.mp.clock();
        CHECK(t1 > t0, "mcts's clock does not move");
    }
}

/* tune searches a search policy's own parameters: MCTS's number of trees
 * at a small budget; the report names the policy and the points played. */
static void tune_mcts(void)
{
    char dir[] = "/tmp/mtgsim_ux_XXXXXX", args[1024], path[128];
    if (!mkdtemp(dir)) { perror("mkdtemp"); exit(2); }
    snprintf(path, sizeof path, "%s/t.json", dir);
    snprintf(args, sizeof args, "tune --policy mcts:playouts=4 --param trees=1..2 --budget 40 --quiet --json '%s'", path);
    Run r = mtgsim(args);
    CHECK(r.status == 0, "tune --policy mcts: status %d (%s)", r.status, r.err);
    char *text = test_slurp_or_empty(path);
    cJSON *rep = cJSON_Parse(text);
    const cJSON *best = cJSON_GetObjectItem(cJSON_GetObjectItem(rep, "check"), "best");
    const char *pol = cJSON_GetStringValue(cJSON_GetObjectItem(best, "policy"));
    CHECK(pol && (!strcmp(pol, "mcts:playouts=4,trees=1") || !strcmp(pol, "mcts:playouts=4,trees=2")) &&
          cJSON_GetNumberValue(cJSON_GetObjectItem(best, "games")) > 0,
          "tune --policy mcts: the best point is '%s', or it played no games:\n%s", pol ? pol : "(none)", text);
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
    /* By deck: each cell is 60 games of the row policy with that deck, and
     * the two decks' cells add up to the cell over both. */
    const cJSON *bd = cJSON_GetObjectItem(rep, "by_deck"), *mx = cJSON_GetObjectItem(rep, "matrix");
    CHECK(cJSON_GetArraySize(bd) == 2, "tournament: by_deck has %d entries", cJSON_GetArraySize(bd));
    for (int i = 0; i < 3 && cJSON_GetArraySize(bd) == 2; i++)
        for (int j = 0; j < 3; j++) {
            if (i == j) continue;
            double g = 0, w = 0;
            for (int d = 0; d < 2; d++) {
                const cJSON *c = cJSON_GetArrayItem(cJSON_GetArrayItem(cJSON_GetObjectItem(cJSON_GetArrayItem(bd, d),
                                                                                          "matrix"), i), j);
                double cg = cJSON_GetNumberValue(cJSON_GetObjectItem(c, "games"));
                CHECK(cg == 60, "tournament: by_deck[%d] cell %d,%d has %.0f games, not 60", d, i, j, cg);
                g += cg;
                w += cJSON_GetNumberValue(cJSON_GetObjectItem(c, "wins"));
            }
            const cJSON *c = cJSON_GetArrayItem(cJSON_GetArrayItem(mx, i), j);
            CHECK(g == cJSON_GetNumberValue(cJSON_GetObjectItem(c, "games")) &&
                  w == cJSON_GetNumberValue(cJSON_GetObjectItem(c, "wins")),
                  "tournament: the cell %d,%d by deck (%.0f of %.0f) is not the cell over both", i, j, w, g);
        }
    CHECK(!strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(cJSON_GetArrayItem(bd, 1), "deck")) ?
                  cJSON_GetStringValue(cJSON_GetObjectItem(cJSON_GetArrayItem(bd, 1), "deck")) : "", "BG Deathtouch"),
          "tournament: by_deck[1] does not name deck B");
    cJSON_Delete(rep);
    free(text);
    run_free(&r);
    remove(json);
    rmdir(dir);
}

/* Runs the shell command cmd with its standard error on a terminal of its
 * own (a pseudo-terminal) and its standard output in a file, as a person
 * running it sees it. Returns the exit status; *out and *tty (caller
 * frees) what went to each, the terminal's with its "\r\n" for "\n". */
static int run_on_terminal(const char *cmd, char **out, char **tty)
{
    char dir[] = "/tmp/mtgsim_ux_XXXXXX", path[64];
    *out = *tty = NULL;
    int m = posix_openpt(O_RDWR | O_NOCTTY);
    if (m < 0 || grantpt(m) || unlockpt(m) || !ptsname(m) || !mkdtemp(dir)) { perror("pseudo-terminal"); exit(2); }
    snprintf(path, sizeof path, "%s/out", dir);
    const char *slave = ptsname(m);
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) { perror("fork"); exit(2); }
    if (pid == 0) {
        setsid();
        int s = open(slave, O_RDWR), o = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (s < 0 || o < 0) _exit(126);
        dup2(s, 2);
        dup2(o, 1);
        close(s); close(o); close(m);
        execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
        _exit(127);
    }
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    for (;;) {
        if (n + 1024 > cap && !(buf = realloc(buf, cap *= 2))) { fprintf(stderr, "out of memory\n"); exit(2); }
        ssize_t got = read(m, buf + n, cap - n - 1);
        if (got > 0) n += (size_t)got;
        else if (got < 0 && errno == EINTR) continue;
        else break;   /* EIO: the command and all it started are gone */
    }
    buf[n] = 0;
    close(m);
    int st;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {}
    *tty = buf;
    *out = test_slurp_or_empty(path);
    remove(path);
    rmdir(dir);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* bench: progress on standard error on a terminal (none elsewhere), a
 * table whose rows each say what they measure (one 1-thread heuristic
 * figure, not two), and the JSON keys other tools read. */
static void bench(void)
{
    char cmd[1024], *out, *tty;
    snprintf(cmd, sizeof cmd, "'%s' bench --games 2000 --runs 2", MTGSIM_BIN);
    int st = run_on_terminal(cmd, &out, &tty);
    CHECK(st == 0, "bench on a terminal: status %d\n%s", st, tty);
    CHECK(strstr(tty, "\rbench: heuristic, 1 thread, run 2/2: 2000/2000 games  ") != NULL,
          "bench shows no progress on a terminal:\n%s", tty);
    CHECK(strstr(tty, "\rbench: random, 1 thread, run 1/2: ") != NULL, "bench shows no progress of the random runs:\n%s", tty);
    CHECK(strstr(out, "\r") == NULL && strstr(out, "bench: heuristic, 1") == NULL, "the progress went to standard output:\n%s", out);
    CHECK(line_starting(out, "  games/s, heuristic vs heuristic, 1 thread ") != NULL, "bench: no 1-thread heuristic row:\n%s", out);
    CHECK(line_starting(out, "  games/s, random vs random, 1 thread ") != NULL, "bench: no 1-thread random row:\n%s", out);
    int one = 0;
    for (const char *p = strstr(out, "1 thread"); p; p = strstr(p + 1, "1 thread")) one++;
    CHECK(one == 12, "bench: %d rows say '1 thread' (heuristic, random, look-ahead and MCTS decisions and forks; "
          "the spells matchup's heuristic, random, look-ahead and MCTS decisions and forks):\n%s", one, out);
    const char *sp = line_starting(out, "spells matchup: ");
    CHECK(sp && line_starting(sp, "  games/s, heuristic vs heuristic, 1 thread ") &&
          strstr(line_starting(sp, "  games/s, heuristic vs heuristic, 1 thread "), "% of the creature-only rate)"),
          "bench: no spells matchup rows saying what their percentage is:\n%s", out);
    CHECK(strstr(tty, "\rbench: spells, heuristic, 1 thread, run 2/2: 200/200 games  ") != NULL,
          "bench shows no progress of the spells runs:\n%s", tty);
    const char *two = line_starting(out, "  games/s, heuristic vs heuristic, 2 threads ");
    CHECK(!two || strstr(two, "the 1-thread rate)"), "bench: the 2-thread row does not say what its ratio is:\n%s", out);
    free(out);
    free(tty);

    Run j = mtgsim("bench --games 2000 --runs 1 --json");
    CHECK(j.status == 0, "bench --json: status %d (%s)", j.status, j.err);
    CHECK(j.err[0] == 0, "bench --json off a terminal printed on standard error:\n%s", j.err);
    cJSON *o = cJSON_Parse(j.out);
    CHECK(o != NULL, "bench --json: not JSON:\n%s", j.out);
    static const char *const keys[] = {
        "games_per_second_per_thread", "random_games_per_second_per_thread", "threads", "fork_ns", "state_bytes",
        "lookahead_decisions_per_second", "forks_per_second", "mcts_decisions_per_second", "mcts_forks_per_second",
        "instructions_per_game", "max_rss_kib", "signature", "games_per_run", "runs", "matchup", "cores"
    };
    for (size_t k = 0; o && k < sizeof keys / sizeof *keys; k++)
        CHECK(cJSON_GetObjectItem(o, keys[k]) != NULL, "bench --json: no key %s", keys[k]);
    const cJSON *t1 = cJSON_GetArrayItem(cJSON_GetObjectItem(o, "threads"), 0);
    CHECK(cJSON_GetNumberValue(cJSON_GetObjectItem(t1, "threads")) == 1 &&
          cJSON_GetNumberValue(cJSON_GetObjectItem(t1, "games_per_second")) ==
              cJSON_GetNumberValue(cJSON_GetObjectItem(o, "games_per_second_per_thread")),
          "bench --json: threads[0] is not the 1-thread figure");
    /* The spells matchup's figures, in their own object. */
    const cJSON *sj = cJSON_GetObjectItem(o, "spells");
    static const char *const skeys[] = {
        "games_per_second_per_thread", "random_games_per_second_per_thread", "fork_ns", "state_bytes",
        "lookahead_decisions_per_second", "forks_per_second", "mcts_decisions_per_second", "mcts_forks_per_second",
        "games_per_run", "matchup"
    };
    for (size_t k = 0; k < sizeof skeys / sizeof *skeys; k++)
        CHECK(cJSON_GetObjectItem(sj, skeys[k]) != NULL, "bench --json: no key spells.%s", skeys[k]);
    CHECK(cJSON_GetNumberValue(cJSON_GetObjectItem(sj, "games_per_run")) == 200 &&
          cJSON_GetNumberValue(cJSON_GetObjectItem(sj, "games_per_second_per_thread")) > 0 &&
          cJSON_GetNumberValue(cJSON_GetObjectItem(sj, "state_bytes")) >
              cJSON_GetNumberValue(cJSON_GetObjectItem(o, "state_bytes")),
          "bench --json: spells figures not a tenth of the games, no rate, or a fork no larger than a creature-only one");
    /* The look-ahead searches its plays there: decisions that fork, and forks. */
    CHECK(cJSON_GetNumberValue(cJSON_GetObjectItem(sj, "lookahead_decisions_per_second")) > 0 &&
          cJSON_GetNumberValue(cJSON_GetObjectItem(sj, "forks_per_second")) >
              cJSON_GetNumberValue(cJSON_GetObjectItem(sj, "lookahead_decisions_per_second")),
          "bench --json: no look-ahead decisions or forks on the spells matchup");
    /* MCTS: its default budget of playouts, a fork each, per decision that
     * searched (an attack with one candidate counts, without a fork; the
     * rates are rounded). */
    MctsParams mp;
    mcts_defaults(&mp);
    for (int m = 0; m < 2; m++) {
        const cJSON *at = m ? sj : o;
        double d = cJSON_GetNumberValue(cJSON_GetObjectItem(at, "mcts_decisions_per_second")),
               f = cJSON_GetNumberValue(cJSON_GetObjectItem(at, "mcts_forks_per_second"));
        CHECK(d > 0 && f >= mp.playouts * d * 0.5 && f <= mp.playouts * (d + 1),
              "bench --json: %sMCTS %.0f decisions/s and %.0f forks/s, not %d forks a decision", m ? "spells: " : "", d, f,
              mp.playouts);
    }
    cJSON_Delete(o);
    run_free(&j);
}

int main(void)
{
    version();
    help_lists_policies();
    run_summary();
    gauntlet_table();
    tournament_table();
    tune_mcts();
    mcts_clock();
    bench();
    printf("%d checks, %d failures\n", checks, failures);
    return failures ? 1 : 0;
}
