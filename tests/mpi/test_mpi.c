/* test_mpi.c: `mpirun -np K mtgsim ...` gives the report of one process.
 *
 * Built and registered only when CMake found MPI (root CMakeLists.txt), so it
 * never passes without having run. Runs the binary under mpirun (Open MPI
 * flags: --oversubscribe, and --allow-run-as-root when root) and checks,
 * against a single process with the same seed: the run report and its CSV
 * (per-game rows too) byte for byte up to the "run" section, on 2 and 3
 * ranks; --ci-width; a gauntlet, a tournament and a tune; a run stopped by
 * a signal to one rank or to every rank (a prefix of the games, the same as
 * a single process playing that many); and errors on every rank or on one
 * rank only (exit status 2, one message, nothing written). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <cjson/cJSON.h>
#include "../testutil.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static char tmp[256];                    /* this run's mkdtemp folder */
static char out_path[300], err_path[300];/* the last run's stdout and stderr */
static char deck_a[1024], deck_b[1024];  /* the reference matchup (decks/reference) */
static char deck_c[1024];                /* a third deck, for the gauntlet */

/* ------------------------------------------------------------- helpers */

/* A path in the temporary folder, in one of 32 rotating buffers. */
static const char *tp(const char *name)
{
    static char buf[32][1024];
    static int k;
    char *b = buf[k++ % 32];
    snprintf(b, sizeof buf[0], "%s/%s", tmp, name);
    return b;
}

static char *slurp(const char *path) { return test_slurp(path, NULL); }

static int exists(const char *path)
{
    struct stat st;
    return stat(path, &st) == 0;
}

static void rm_rf(const char *path)
{
    struct stat st;
    if (lstat(path, &st) != 0) return;
    if (S_ISDIR(st.st_mode)) {
        DIR *d = opendir(path);
        struct dirent *e;
        while (d && (e = readdir(d))) {
            if (!strcmp(e->d_name, ".") || !strcmp(e->d_name, "..")) continue;
            char sub[2048];
            snprintf(sub, sizeof sub, "%s/%s", path, e->d_name);
            rm_rf(sub);
        }
        if (d) closedir(d);
        rmdir(path);
    } else {
        unlink(path);
    }
}

static void sleep_s(double s)
{
    struct timespec ts = { (time_t)s, (long)((s - (double)(time_t)s) * 1e9) };
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR) {}
}

/* ------------------------------------------------- running the binary */

#define ARGS_MAX 96

/* argv of `mpirun ... -np K mtgsim ARGS` (K 0: mtgsim alone). With two
 * argument lists (rest != NULL), rank 0 gets args and rank 1 rest (an MPMD
 * launch, for errors on one rank only). */
static void command(const char **argv, int ranks, const char *const *args, const char *const *rest)
{
    int n = 0;
    if (ranks) {
        argv[n++] = MPIEXEC;
        argv[n++] = "-q";                 /* no banner when a rank exits 2 */
        argv[n++] = "--oversubscribe";    /* 2 or 3 ranks on a machine of 2 cores */
        if (geteuid() == 0) argv[n++] = "--allow-run-as-root";
        argv[n++] = "-np";
        argv[n++] = rest ? "1" : ranks == 2 ? "2" : ranks == 3 ? "3" : "4";
    }
    argv[n++] = MTGSIM_BIN;
    for (; *args && n < ARGS_MAX - 8; args++) argv[n++] = *args;
    if (rest) {
        argv[n++] = ":";
        argv[n++] = "-np";
        argv[n++] = "1";
        argv[n++] = MTGSIM_BIN;
        for (; *rest && n < ARGS_MAX - 1; rest++) argv[n++] = *rest;
    }
    argv[n] = NULL;
}

/* Starts the command, stdout and stderr into out_path and err_path. */
static pid_t start(int ranks, const char *const *args, const char *const *rest)
{
    const char *argv[ARGS_MAX];
    command(argv, ranks, args, rest);
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) fail_msg("fork: %s", strerror(errno));
    if (pid == 0) {
        int fo = open(out_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        int fe = open(err_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fo < 0 || fe < 0) _exit(127);
        dup2(fo, 1);
        dup2(fe, 2);
        execv(argv[0], (char *const *)argv);
        _exit(127);
    }
    return pid;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Every wait is on an event (an exit, a file written); this deadline only
 * ends a hung run, however slow the build and busy the machine. */
#define HANG_S 600.0

/* The parent of the process named by a /proc entry, or 0 (not a process,
 * or gone); *pid gets the entry's pid. */
static pid_t proc_parent(const char *entry, pid_t *pid)
{
    char path[300];
    int ppid = 0;
    *pid = (pid_t)atol(entry);
    if (*pid <= 0) return 0;
    snprintf(path, sizeof path, "/proc/%d/stat", (int)*pid);
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    if (fscanf(f, "%*d %*s %*c %d", &ppid) != 1) ppid = 0;
    fclose(f);
    return (pid_t)ppid;
}

/* Kills mpirun and its ranks (children), and reaps mpirun. */
static void kill_all(pid_t mpirun)
{
    DIR *d = opendir("/proc");
    struct dirent *e;
    pid_t pid;
    while (d && (e = readdir(d)))
        if (proc_parent(e->d_name, &pid) == mpirun) kill(pid, SIGKILL);
    if (d) closedir(d);
    kill(mpirun, SIGKILL);
    waitpid(mpirun, NULL, 0);
}

/* The exit status (-1: not a normal exit); a run still going after HANG_S
 * is killed, and the test fails. */
static int wait_exit(pid_t pid)
{
    int st;
    for (double t0 = now_s(); now_s() - t0 < HANG_S; sleep_s(0.02))
        if (waitpid(pid, &st, WNOHANG) == pid) return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    kill_all(pid);
    fail_msg("did not stop within %.0f s", HANG_S);
    return -1;
}

/* Sets the value that follows option `opt` in args. */
static void arg_after(const char **args, const char *opt, const char *val)
{
    for (; *args; args++)
        if (!strcmp(*args, opt) && args[1]) { args[1] = val; return; }
    fail_msg("no %s in the arguments", opt);
}

/* Runs to the end; the exit status. */
static int run2(int ranks, const char *const *args, const char *const *rest)
{
    return wait_exit(start(ranks, args, rest));
}

static int run(int ranks, const char *const *args) { return run2(ranks, args, NULL); }

/* Runs and requires exit status 0. */
static void run_ok(int ranks, const char *const *args)
{
    int st = run(ranks, args);
    if (st != 0) {
        char *e = slurp(err_path);
        fail_msg("%s exited %d: %s", ranks ? "mpirun" : "mtgsim", st, e ? e : "");
    }
}

/* ---------------------------------------------------------------- JSON */

static cJSON *load_json(const char *path)
{
    char *t = slurp(path);
    if (!t) fail_msg("%s: not written", path);
    cJSON *j = cJSON_Parse(t);
    free(t);
    if (!j) fail_msg("%s: not valid JSON", path);
    return j;
}

static long lnum(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    if (!cJSON_IsNumber(v)) fail_msg("report: \"%s\" is not a number", key);
    return (long)v->valuedouble;
}

/* Fails unless a and b are the same text, showing where they part. */
static void same_text(const char *what, const char *a, const char *b)
{
    if (!a || !b) fail_msg("%s: not written", what);
    if (!strcmp(a, b)) return;
    size_t i = 0;
    while (a[i] && a[i] == b[i]) i++;
    size_t from = i > 40 ? i - 40 : 0;
    fail_msg("%s: differ at byte %zu: \"%.80s\" vs \"%.80s\"", what, i, a + from, b + from);
}

/* The raw text of a report up to its "run" section (caller frees). */
static char *raw_before_run(const char *path)
{
    char *t = slurp(path);
    if (!t) fail_msg("%s: not written", path);
    char *r = strstr(t, "\"run\":");
    if (!r) fail_msg("%s: no \"run\": in the text", path);
    *r = 0;
    return t;
}

static void same_before_run(const char *a, const char *b)
{
    char *x = raw_before_run(a), *y = raw_before_run(b);
    same_text(b, x, y);
    free(x); free(y);
}

static void same_file(const char *a, const char *b)
{
    char *x = slurp(a), *y = slurp(b);
    same_text(b, x, y);
    free(x); free(y);
}

/* The run section says how it ran. */
static void check_run(const char *path, long ranks, long per_rank)
{
    cJSON *j = load_json(path);
    const cJSON *r = cJSON_GetObjectItemCaseSensitive(j, "run");
    if (!r) fail_msg("%s: no run section", path);
    assert_int_equal(lnum(r, "ranks"), ranks);
    assert_int_equal(lnum(r, "threads_per_rank"), per_rank);
    assert_int_equal(lnum(r, "threads"), ranks * per_rank);
    cJSON_Delete(j);
}

/* Lines of the last run's stderr that start with "mtgsim". */
static int messages(const char *must_contain)
{
    char *e = slurp(err_path);
    int n = 0, found = 0;
    for (char *l = e; l && *l;) {
        char *nl = strchr(l, '\n');
        if (nl) *nl = 0;
        if (!strncmp(l, "mtgsim", 6)) n++;
        if (strstr(l, must_contain)) found = 1;
        l = nl ? nl + 1 : l + strlen(l);
    }
    if (!found) fail_msg("no message with \"%s\" in: %s", must_contain, e ? e : "");
    free(e);
    return n;
}

/* ----------------------------------------------------------------- tests */

/* Same seed: the same report, CSV files and per-game rows on 1 process of
 * 2 threads, 2 ranks of 1 thread and 3 ranks of 1 thread. 9193 games: a
 * whole batch, then an odd one of 1001 games (gathered at offset 8192),
 * split into uneven parts. */
static void run_same_report(void **state)
{
    (void)state;
    run_ok(0, (const char *[]){ "run", deck_a, deck_b, "--games", "9193", "--seed", "77", "--threads", "2",
                                "--json", tp("one.json"), "--csv", tp("one"), "--per-game", "--quiet", NULL });
    check_run(tp("one.json"), 1, 2);
    const char *np[2] = { "two", "three" };
    for (int k = 0; k < 2; k++) {
        char json[64], csv[64];
        snprintf(json, sizeof json, "%s.json", np[k]);
        snprintf(csv, sizeof csv, "%s", np[k]);
        run_ok(2 + k, (const char *[]){ "run", deck_a, deck_b, "--games", "9193", "--seed", "77", "--threads", "1",
                                        "--json", tp(json), "--csv", tp(csv), "--per-game", "--quiet", NULL });
        same_before_run(tp("one.json"), tp(json));
        check_run(tp(json), 2 + k, 1);
        const char *files[] = { "summary.csv", "cards.csv", "combat.csv", "games.csv" };
        for (int f = 0; f < 4; f++) {
            char a[64], b[64];
            snprintf(a, sizeof a, "one/%s", files[f]);
            snprintf(b, sizeof b, "%s/%s", csv, files[f]);
            same_file(tp(a), tp(b));
        }
    }
    char *rows = slurp(tp("two/games.csv"));
    int n = 0;
    for (char *p = rows; (p = strchr(p, '\n')); p++) n++;
    assert_int_equal(n, 9193 + 1);
    free(rows);
}

/* --ci-width: every rank stops after the same batch. */
static void ci_width_same_stop(void **state)
{
    (void)state;
    const char *args[] = { "run", deck_a, deck_b, "--games", "300000", "--seed", "5", "--ci-width", "0.009",
                           "--json", "", "--quiet", NULL };
    arg_after(args, "--json", tp("ci1.json"));
    run_ok(0, args);
    arg_after(args, "--json", tp("ci2.json"));
    run_ok(2, args);
    same_before_run(tp("ci1.json"), tp("ci2.json"));
    cJSON *j = load_json(tp("ci2.json"));
    long g = lnum(j, "games");
    cJSON_Delete(j);
    if (g <= 8192 || g >= 300000 || g % 8192)
        fail_msg("--ci-width stopped at %ld games, not at a batch boundary after the first and before the end", g);
}

static void gauntlet_same_matrix(void **state)
{
    (void)state;
    const char *args[] = { "gauntlet", deck_a, deck_b, deck_c, "--games", "3001", "--seed", "9", "--threads", "1",
                           "--json", "", "--csv", "", "--quiet", NULL };
    arg_after(args, "--json", tp("g1.json")); arg_after(args, "--csv", tp("g1"));
    run_ok(0, args);
    arg_after(args, "--json", tp("g2.json")); arg_after(args, "--csv", tp("g2"));
    run_ok(2, args);
    same_before_run(tp("g1.json"), tp("g2.json"));
    check_run(tp("g2.json"), 2, 1);
    same_file(tp("g1/matrix.csv"), tp("g2/matrix.csv"));
    same_file(tp("g1/field.csv"), tp("g2/field.csv"));
}

static void tournament_same_matrix(void **state)
{
    (void)state;
    const char *args[] = { "tournament", deck_a, deck_b, "--policies", "random,aggro,heuristic", "--games", "1001",
                           "--threads", "1", "--json", "", "--quiet", NULL };
    arg_after(args, "--json", tp("t1.json"));
    run_ok(0, args);
    arg_after(args, "--json", tp("t2.json"));
    run_ok(2, args);
    same_before_run(tp("t1.json"), tp("t2.json"));
    check_run(tp("t2.json"), 2, 1);
}

/* tune decides from the results as it goes: every rank must see the same. */
static void tune_same_choice(void **state)
{
    (void)state;
    const char *args[] = { "tune", deck_a, deck_b, "--param", "aggression=1..4", "--budget", "12000",
                           "--threads", "1", "--json", "", "--quiet", NULL };
    arg_after(args, "--json", tp("tune1.json"));
    run_ok(0, args);
    arg_after(args, "--json", tp("tune2.json"));
    run_ok(2, args);
    same_file(tp("tune1.json"), tp("tune2.json"));   /* no run section: all of it */
}

/* The pid of rank r, a child of mpirun (from its environment), or -1. */
static pid_t rank_pid(pid_t mpirun, int r)
{
    char want[64];
    snprintf(want, sizeof want, "OMPI_COMM_WORLD_RANK=%d", r);
    DIR *d = opendir("/proc");
    struct dirent *e;
    pid_t found = -1;
    while (d && found < 0 && (e = readdir(d))) {
        char path[300], buf[1 << 15];
        pid_t pid;
        if (proc_parent(e->d_name, &pid) != mpirun) continue;
        snprintf(path, sizeof path, "/proc/%d/environ", (int)pid);
        int fd = open(path, O_RDONLY);
        ssize_t n = fd >= 0 ? read(fd, buf, sizeof buf - 1) : -1;
        if (fd >= 0) close(fd);
        for (ssize_t i = 0; i < n; i += (ssize_t)strlen(buf + i) + 1) {
            buf[n] = 0;
            if (!strcmp(buf + i, want)) found = pid;
        }
    }
    if (d) closedir(d);
    return found;
}

/* A file in folder dir that is not empty. */
static int has_rows(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    int found = 0;
    while (d && !found && (e = readdir(d))) {
        char path[1300];
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        found = stat(path, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0;
    }
    if (d) closedir(d);
    return found;
}

/* Stopped by SIGTERM to rank `to_rank`, or to every rank at once (-1: what
 * mpirun does on Ctrl-C, Open MPI's odls_base_sigkill_timeout of 1 s after
 * it; it kills them 1 s later, a race this test leaves to Open MPI). The
 * signal goes once rank 0 has written games.csv rows, after a batch of
 * every rank: all are past MPI_Init with their handlers in place, however
 * slow the start. The games played are 0 .. N-1, and the report is that
 * of one process playing N. */
static void interrupted(int to_rank, const char *name)
{
    char json[64], csv[64], json1[64], csv1[64];
    snprintf(json, sizeof json, "%s.json", name);
    snprintf(csv, sizeof csv, "%s", name);
    snprintf(json1, sizeof json1, "%s1.json", name);
    snprintf(csv1, sizeof csv1, "%s1", name);
    pid_t pid = start(2, (const char *[]){ "run", deck_a, deck_b, "--games", "100000000", "--seed", "3",
                                           "--threads", "1", "--json", tp(json), "--csv", tp(csv), "--per-game",
                                           "--quiet", NULL }, NULL);
    for (double t0 = now_s(); !has_rows(tp(csv)); sleep_s(0.02)) {
        int st;
        if (waitpid(pid, &st, WNOHANG) == pid) fail_msg("mpirun ended (status %d) before a batch was played", st);
        if (now_s() - t0 > HANG_S) { kill_all(pid); fail_msg("no games.csv rows within %.0f s", HANG_S); }
    }
    pid_t r0 = rank_pid(pid, 0), r1 = rank_pid(pid, 1);
    if (r0 < 0 || r1 < 0) { kill_all(pid); fail_msg("the ranks of mpirun %d not found in /proc", (int)pid); }
    if (to_rank != 1) kill(r0, SIGTERM);
    if (to_rank != 0) kill(r1, SIGTERM);
    assert_int_equal(wait_exit(pid), 0);
    cJSON *j = load_json(tp(json));
    const cJSON *complete = cJSON_GetObjectItemCaseSensitive(j, "complete");
    if (!cJSON_IsFalse(complete)) fail_msg("an interrupted run must say \"complete\": false");
    long n = lnum(j, "games");
    cJSON_Delete(j);
    if (n <= 0 || n >= 100000000) fail_msg("interrupted after %ld games", n);
    char games[32];
    snprintf(games, sizeof games, "%ld", n);
    run_ok(0, (const char *[]){ "run", deck_a, deck_b, "--games", games, "--seed", "3", "--threads", "2",
                                "--json", tp(json1), "--csv", tp(csv1), "--per-game", "--quiet", NULL });
    const char *files[] = { "summary.csv", "cards.csv", "combat.csv", "games.csv" };
    for (int f = 0; f < 4; f++) {
        char a[64], b[64];
        snprintf(a, sizeof a, "%s/%s", csv1, files[f]);
        snprintf(b, sizeof b, "%s/%s", csv, files[f]);
        same_file(tp(a), tp(b));
    }
    /* The JSON reports differ only in complete, games_requested and run. */
    cJSON *x = load_json(tp(json1)), *y = load_json(tp(json));
    const char *drop[] = { "complete", "games_requested", "run" };
    for (int k = 0; k < 3; k++) {
        cJSON_DeleteItemFromObjectCaseSensitive(x, drop[k]);
        cJSON_DeleteItemFromObjectCaseSensitive(y, drop[k]);
    }
    char *sx = cJSON_Print(x), *sy = cJSON_Print(y);
    same_text(json, sx, sy);
    free(sx); free(sy);
    cJSON_Delete(x); cJSON_Delete(y);
}

static void interrupt_one_rank(void **state) { (void)state; interrupted(1, "int1"); interrupted(0, "int0"); }
static void interrupt_every_rank(void **state) { (void)state; interrupted(-1, "intall"); }

/* Bad input on every rank, or on one rank only: exit status 2, one
 * message (from rank 0), nothing written, no rank left waiting. */
static void errors_stop_all(void **state)
{
    (void)state;
    const char *json = tp("err.json");
    assert_int_equal(run(2, (const char *[]){ "run", tp("no-such-deck.txt"), deck_b, "--json", json, NULL }), 2);
    assert_int_equal(messages("no-such-deck.txt"), 1);
    assert_false(exists(json));

    assert_int_equal(run(2, (const char *[]){ "run", deck_a, deck_b, "--games", "100", "--json", tp("nodir/x.json"), NULL }), 2);
    assert_int_equal(messages("nodir"), 1);

    assert_int_equal(run(2, (const char *[]){ "gauntlet", deck_a, tp("no-such-deck.txt"), deck_c, "--json", json, NULL }), 2);
    assert_int_equal(messages("no-such-deck.txt"), 1);
    assert_false(exists(json));

    /* Rank 1 alone cannot read its deck: rank 0 tells its message. */
    assert_int_equal(run2(2, (const char *[]){ "run", deck_a, deck_b, "--games", "100", "--json", json, NULL },
                         (const char *[]){ "run", tp("rank1-only.txt"), deck_b, "--games", "100", "--json", json, NULL }), 2);
    assert_int_equal(messages("rank1-only.txt"), 1);
    assert_false(exists(json));

    /* Rank 1 alone rejects its options: rank 0 names the rank. */
    assert_int_equal(run2(2, (const char *[]){ "run", deck_a, deck_b, "--games", "100", "--json", json, NULL },
                         (const char *[]){ "run", deck_a, deck_b, "--games", "x", "--json", json, NULL }), 2);
    assert_int_equal(messages("rank 1 of 2"), 1);
    assert_false(exists(json));
}

/* ----------------------------------------------------------------- setup */

static int setup(void **state)
{
    (void)state;
    snprintf(tmp, sizeof tmp, "/tmp/mtgsim-mpi-XXXXXX");
    if (!mkdtemp(tmp)) return -1;
    snprintf(out_path, sizeof out_path, "%s/stdout", tmp);
    snprintf(err_path, sizeof err_path, "%s/stderr", tmp);
    FILE *f = fopen(DECKS_DIR "/reference", "r");
    if (!f) return -1;
    char line[512];
    int n = 0;
    while (n < 2 && fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = 0;
        if (!line[0] || line[0] == '#') continue;
        snprintf(n ? deck_b : deck_a, sizeof deck_a, "%s/%s", DECKS_DIR, line);
        n++;
    }
    fclose(f);
    snprintf(deck_c, sizeof deck_c, "%s/red_aggro.txt", DECKS_DIR);
    return n == 2 && exists(deck_c) ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    rm_rf(tmp);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(run_same_report),
        cmocka_unit_test(ci_width_same_stop),
        cmocka_unit_test(gauntlet_same_matrix),
        cmocka_unit_test(tournament_same_matrix),
        cmocka_unit_test(tune_same_choice),
        cmocka_unit_test(interrupt_one_rank),
        cmocka_unit_test(interrupt_every_rank),
        cmocka_unit_test(errors_stop_all),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
