/* test_outputs_cli.c: no output of mtgsim ever destroys a file.
 *
 * Runs the real binary (MTGSIM_BIN) on outputs that are not plain files
 * and on outputs that are its inputs, and checks from the outside: a
 * symbolic link to a device stays a link and the device a device; a link
 * to a file keeps the link and gets the report; a FIFO gets the report and
 * stays a FIFO; a full device or a full standard output is exit status 2
 * with the reason, for every command that prints; an output naming an
 * input is refused before anything runs and the input stays byte for byte;
 * a run's files are written all or nothing (a failure while they are put in
 * place restores the files it had replaced), temporaries of killed runs are
 * removed by the next run and those of live processes kept; the JSON
 * report may go in the folder --csv makes. Real /dev nodes are never given
 * as outputs (only links to them): a broken build would replace them.
 * Everything happens in one mkdtemp folder, removed at the end. */
#define _XOPEN_SOURCE 700    /* realpath */
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
#include <cjson/cJSON.h>
#include "testutil.h"
#include "sim/output.h"

#define DECKS TESTS_DIR "/../decks"
#define DECK_A DECKS "/wu_flyers.txt"
#define DECK_B DECKS "/gr_beef.txt"
#define SCENARIO TESTS_DIR "/spec/scenarios/119.3a-704.5a-lethal-to-player.json"
#define TMP_TAG ".tmp.mtgsim."   /* sim/output.c: .NAME.tmp.mtgsim.PID */

static int failures, checks;
static char tmpdir[64];

/* ---- helpers ---- */

/* A path in the test's folder, in one of 64 rotating buffers. */
static const char *tp(const char *name)
{
    static char buf[64][512];
    static int k;
    char *b = buf[k++ % 64];
    snprintf(b, sizeof buf[0], "%s/%s", tmpdir, name);
    return b;
}

static void spit(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    if (!f) { fprintf(stderr, "cannot write %s: %s\n", path, strerror(errno)); exit(2); }
    fputs(text, f);
    fclose(f);
}

static char *slurp(const char *path) { return test_slurp_or_empty(path); }

static int is_text(const char *path, const char *text)
{
    char *t = test_slurp(path, NULL);
    int same = t && !strcmp(t, text);
    free(t);
    return same;
}

static int exists(const char *path) { struct stat st; return lstat(path, &st) == 0; }

static int kind_of(const char *path, int follow)
{
    struct stat st;
    if ((follow ? stat(path, &st) : lstat(path, &st)) != 0) return 0;
    return (int)(st.st_mode & S_IFMT);
}

/* A report of `mtgsim run` (its schema), or not. */
static int is_report(const char *text)
{
    cJSON *j = cJSON_Parse(text);
    const cJSON *s = cJSON_GetObjectItemCaseSensitive(j, "schema");
    int ok = cJSON_IsString(s) && !strncmp(s->valuestring, "mtgsim-", 7);
    cJSON_Delete(j);
    return ok;
}

static void sleep_s(double s)
{
    struct timespec ts = { (time_t)s, (long)((s - (double)(time_t)s) * 1e9) };
    while (nanosleep(&ts, &ts) != 0 && errno == EINTR) {}
}

/* Starts `mtgsim ARGS...` (NULL-terminated) with standard output on
 * out_path ("/dev/full", or a file) and standard error on DIR/err. */
static pid_t start(const char *out_path, const char *const *args)
{
    const char *argv[64];
    int n = 0;
    argv[n++] = MTGSIM_BIN;
    for (; *args && n < 63; args++) argv[n++] = *args;
    argv[n] = NULL;
    const char *errp = tp("err");
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) { perror("fork"); exit(2); }
    if (pid == 0) {
        int fo = open(out_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        int fe = open(errp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fo < 0 || fe < 0) _exit(127);
        dup2(fo, 1);
        dup2(fe, 2);
        execv(MTGSIM_BIN, (char *const *)argv);
        _exit(127);
    }
    return pid;
}

/* Waits up to limit seconds for pid; kills it after. Its exit status, or -1. */
static int finish(pid_t pid, double limit)
{
    int st;
    for (double t = 0; t < limit; t += 0.02) {
        if (waitpid(pid, &st, WNOHANG) == pid) return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
        sleep_s(0.02);
    }
    kill(pid, SIGKILL);
    waitpid(pid, &st, 0);
    return -1;
}

/* Runs `mtgsim ARGS...` to the end: status, stdout in *out (if out), stderr in *err. */
static int mtg(const char *out_path, char **out, char **err, const char *const *args)
{
    int status = finish(start(out_path ? out_path : tp("out"), args), 120);
    if (out) *out = slurp(out_path ? out_path : tp("out"));
    *err = slurp(tp("err"));
    return status;
}

/* A process id that was just in use and is no more. */
static long dead_pid(void)
{
    pid_t pid = fork();
    if (pid == 0) _exit(0);
    waitpid(pid, NULL, 0);
    return (long)pid;
}

/* ---- 1. devices, links, FIFOs ---- */

/* The device at path (a character device), or 0 with a failed check: a
 * machine where something replaced it by a file cannot run the test (and
 * mtgsim would rightly replace that file). */
static dev_t device(const char *path)
{
    struct stat st;
    int ok = stat(path, &st) == 0 && S_ISCHR(st.st_mode);
    CHECK(ok, "%s is not a character device on this machine (something replaced it): cannot test", path);
    return ok ? st.st_rdev : 0;
}

/* A link to /dev/null stays a link, /dev/null the same character device. */
static void to_dev_null(void)
{
    const char *link = tp("null.json");
    dev_t null = device("/dev/null");
    if (!null) return;
    if (symlink("/dev/null", link) != 0) { CHECK(0, "symlink: %s", strerror(errno)); return; }
    char *err;
    const char *args[] = { "run", DECK_A, DECK_B, "--games", "20", "--threads", "1", "--quiet", "--json", link, NULL };
    int st = mtg(NULL, NULL, &err, args);
    CHECK(st == 0, "--json LINK-TO-/dev/null: exit %d (%s)", st, err);
    CHECK(kind_of(link, 0) == S_IFLNK, "--json LINK-TO-/dev/null: the link was replaced");
    struct stat sb;
    CHECK(lstat("/dev/null", &sb) == 0 && S_ISCHR(sb.st_mode) && sb.st_rdev == null,
          "/dev/null is no longer the character device it was");
    free(err);
    unlink(link);
}

/* A link to a file: the link stays, the file it leads to gets the report
 * (a gauntlet's too). */
static void to_link(void)
{
    mkdir(tp("real"), 0777);
    const char *target = tp("real/report.json"), *link = tp("link.json");
    spit(target, "old\n");
    if (symlink("real/report.json", link) != 0) { CHECK(0, "symlink: %s", strerror(errno)); return; }
    char *err;
    const char *args[] = { "run", DECK_A, DECK_B, "--games", "20", "--threads", "1", "--quiet", "--json", link, NULL };
    int st = mtg(NULL, NULL, &err, args);
    CHECK(st == 0, "--json LINK: exit %d (%s)", st, err);
    free(err);
    CHECK(kind_of(link, 0) == S_IFLNK, "--json LINK: the link was replaced by a file");
    char *t = slurp(target);
    CHECK(is_report(t), "--json LINK: the file it leads to did not get the report: %.40s", t);
    free(t);
    CHECK(test_count_named(tp("real"), TMP_TAG) == 0 && test_count_named(tmpdir, TMP_TAG) == 0, "--json LINK: a temporary is left");

    spit(target, "old\n");
    const char *g[] = { "gauntlet", DECK_A, DECK_B, "--games", "10", "--threads", "1", "--quiet", "--json", link, NULL };
    st = mtg(NULL, NULL, &err, g);
    CHECK(st == 0, "gauntlet --json LINK: exit %d (%s)", st, err);
    free(err);
    CHECK(kind_of(link, 0) == S_IFLNK, "gauntlet --json LINK: the link was replaced by a file");
    t = slurp(target);
    CHECK(is_report(t), "gauntlet --json LINK: the file it leads to did not get the report: %.40s", t);
    free(t);
    unlink(link);
}

/* A FIFO: a reader (a child process) gets the whole report, the FIFO stays. */
static void to_fifo(void)
{
    const char *fifo = tp("fifo.json"), *got = tp("from_fifo");
    if (mkfifo(fifo, 0644) != 0) { CHECK(0, "mkfifo: %s", strerror(errno)); return; }
    fflush(NULL);
    pid_t reader = fork();
    if (reader == 0) {
        int in = open(fifo, O_RDONLY), out = open(got, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        char buf[4096];
        ssize_t n;
        while (in >= 0 && out >= 0 && (n = read(in, buf, sizeof buf)) > 0)
            if (write(out, buf, (size_t)n) != n) _exit(1);
        _exit(in >= 0 && out >= 0 ? 0 : 1);
    }
    char *err;
    const char *args[] = { "run", DECK_A, DECK_B, "--games", "20", "--threads", "1", "--quiet", "--json", fifo, NULL };
    int st = mtg(NULL, NULL, &err, args);
    CHECK(st == 0, "--json FIFO: exit %d (%s)", st, err);
    free(err);
    /* A reader still blocked in open() means nobody wrote to the FIFO. */
    int rs = finish(reader, 10);
    CHECK(rs == 0, "--json FIFO: the reader got no end of file (status %d)", rs);
    CHECK(kind_of(fifo, 0) == S_IFIFO, "--json FIFO: the FIFO was replaced");
    char *t = slurp(got);
    CHECK(is_report(t), "--json FIFO: the reader did not get the report: %.40s", t);
    free(t);
    unlink(fifo);
}

/* A full device: exit 2 with the reason, and none of the run's files. */
static void to_dev_full(void)
{
    const char *link = tp("full.json"), *dir = tp("full_csv");
    dev_t full = device("/dev/full");
    if (!full) return;
    if (symlink("/dev/full", link) != 0) { CHECK(0, "symlink: %s", strerror(errno)); return; }
    mkdir(dir, 0777);
    spit(tp("full_csv/summary.csv"), "old\n");
    char *err;
    const char *args[] = { "run", DECK_A, DECK_B, "--games", "20", "--threads", "1", "--quiet", "--json", link,
                           "--csv", dir, "--per-game", NULL };
    int st = mtg(NULL, NULL, &err, args);
    CHECK(st == 2, "--json LINK-TO-/dev/full: exit %d, want 2", st);
    CHECK(strstr(err, "full.json") && strstr(err, "No space left on device"),
          "--json LINK-TO-/dev/full: the message does not name the file and the reason: %s", err);
    free(err);
    struct stat sb;
    CHECK(kind_of(link, 0) == S_IFLNK && lstat("/dev/full", &sb) == 0 && S_ISCHR(sb.st_mode) && sb.st_rdev == full,
          "--json LINK-TO-/dev/full: replaced");
    CHECK(is_text(tp("full_csv/summary.csv"), "old\n"), "a failed run replaced summary.csv");
    CHECK(!exists(tp("full_csv/cards.csv")) && !exists(tp("full_csv/games.csv")), "a failed run wrote some CSV files");
    CHECK(test_count_named(dir, TMP_TAG) == 0, "a failed run left temporaries in %s", dir);
    unlink(link);
}

/* ---- 2. an output that is an input ---- */

static char deck_a[512], deck_b[512];   /* copies of DECK_A and DECK_B in the test's folder */

/* Fresh copies of the two decks (a case that fails may have overwritten
 * one: the next must not fail for that). */
static void fresh_decks(void)
{
    char *text = slurp(DECK_A);
    spit(deck_a, text);
    free(text);
    text = slurp(DECK_B);
    spit(deck_b, text);
    free(text);
}

/* `mtgsim ARGS` is refused (exit 2, input named) and file keeps its bytes. */
static void keeps(const char *what, const char *file, const char *const *args)
{
    fresh_decks();
    char *before = slurp(file), *err;
    int st = mtg(NULL, NULL, &err, args);
    char *after = slurp(file);
    CHECK(st == 2, "%s: exit %d, want 2 (%s)", what, st, err);
    CHECK(strstr(err, file) != NULL, "%s: the message does not name %s: %s", what, file, err);
    CHECK(before[0] && !strcmp(before, after), "%s: %s was changed", what, file);
    free(before); free(after); free(err);
}

static void inputs(void)
{
    snprintf(deck_a, sizeof deck_a, "%s/a.txt", tmpdir);
    snprintf(deck_b, sizeof deck_b, "%s/b.txt", tmpdir);
    const char *a = deck_a, *b = deck_b;
    char *text;
    const char *run[] = { "run", a, b, "--games", "10", "--quiet", "--json", a, NULL };
    keeps("run --json DECK", a, run);
    const char *gauntlet[] = { "gauntlet", a, b, "--games", "10", "--quiet", "--json", b, NULL };
    keeps("gauntlet --json DECK", b, gauntlet);
    const char *tournament[] = { "tournament", a, b, "--policies", "random,aggro", "--games", "10", "--quiet",
                                 "--json", a, NULL };
    keeps("tournament --json DECK", a, tournament);
    const char *tune[] = { "tune", a, b, "--param", "aggression=2..3", "--budget", "40", "--quiet", "--json", b, NULL };
    keeps("tune --json DECK", b, tune);

    /* Through a link, and a policy file. */
    const char *link = tp("deck_link.json"), *pol = tp("pol.json");
    if (symlink("a.txt", link) == 0) {
        const char *via[] = { "run", a, b, "--games", "10", "--quiet", "--json", link, NULL };
        keeps("run --json LINK-TO-DECK", a, via);
        CHECK(kind_of(link, 0) == S_IFLNK, "run --json LINK-TO-DECK: the link was replaced");
    }
    spit(pol, "{\"policy\": \"heuristic\", \"aggression\": 4}\n");
    const char *p[] = { "run", a, b, "--policy-a", pol, "--games", "10", "--quiet", "--json", pol, NULL };
    keeps("run --json POLICY-FILE", pol, p);

    /* A deck in the --csv folder under a name the run writes there. */
    mkdir(tp("deckdir"), 0777);
    const char *in_csv = tp("deckdir/summary.csv");
    text = slurp(DECK_A);
    spit(in_csv, text);
    free(text);
    const char *csv[] = { "run", in_csv, b, "--games", "10", "--quiet", "--json", tp("csvin.json"),
                          "--csv", tp("deckdir"), NULL };
    keeps("run --csv DIR-HOLDING-THE-DECK", in_csv, csv);
    CHECK(!exists(tp("csvin.json")), "run --csv DIR-HOLDING-THE-DECK: wrote the report anyway");

    /* plot: the report among the files it writes. */
    mkdir(tp("plotdir"), 0777);
    const char *report = tp("plotdir/turns.dat");
    const char *make[] = { "run", DECK_A, DECK_B, "--games", "20", "--threads", "1", "--quiet", "--json", report, NULL };
    char *err;
    int st = mtg(NULL, NULL, &err, make);
    CHECK(st == 0, "run: exit %d (%s)", st, err);
    free(err);
    const char *plot[] = { "plot", report, "--out", tp("plotdir"), NULL };
    keeps("plot REPORT --out THE-REPORT'S-FOLDER", report, plot);
    CHECK(!exists(tp("plotdir/winrates.png")), "plot: drew pictures after refusing");

    /* plot's working folders: a killed plot's is removed, a live one's kept. */
    char dead[600], live[600], file[700];
    snprintf(dead, sizeof dead, "%s/.mtgsim-plot-%ld-abcdef", tp("plotdir"), dead_pid());
    snprintf(live, sizeof live, "%s/.mtgsim-plot-%ld-abcdef", tp("plotdir"), (long)getpid());
    mkdir(dead, 0777);
    mkdir(live, 0777);
    snprintf(file, sizeof file, "%s/winrates.png", dead);
    spit(file, "half a picture\n");
    char moved[600];
    snprintf(moved, sizeof moved, "%s/r.json", tmpdir);
    rename(report, moved);   /* out of DIR, so that plot may write there */
    const char *good[] = { "plot", moved, "--out", tp("plotdir"), NULL };
    st = mtg(NULL, NULL, &err, good);
    CHECK(st == 0, "plot: exit %d (%s)", st, err);
    free(err);
    CHECK(exists(tp("plotdir/winrates.png")), "plot: no picture");
    CHECK(!exists(dead), "plot: the working folder of a killed plot is still there");
    CHECK(exists(live), "plot: the working folder of a live process was removed");
    rmdir(live);
}

/* ---- 3. standard output ---- */

/* `mtgsim ARGS` with standard output on /dev/full: exit 2 and the reason;
 * on a file: exit 0 (so that the test means something). */
static void full_stdout(const char *what, const char *const *args)
{
    char *out, *err;
    int st = mtg(tp("stdout"), &out, &err, args);
    CHECK(st == 0 && out[0], "%s: exit %d on a file, with %zu bytes (%s)", what, st, strlen(out), err);
    free(out); free(err);
    st = mtg("/dev/full", NULL, &err, args);
    CHECK(st == 2, "%s >/dev/full: exit %d, want 2", what, st);
    CHECK(strstr(err, "cannot write to standard output: No space left on device") != NULL,
          "%s >/dev/full: no message with the reason: %s", what, err);
    free(err);
}

static void standard_output(void)
{
    if (!device("/dev/full")) return;
    const char *json_dash[] = { "run", DECK_A, DECK_B, "--games", "20", "--threads", "1", "--quiet", "--json", "-", NULL };
    full_stdout("run --json -", json_dash);
    const char *summary[] = { "run", DECK_A, DECK_B, "--games", "20", "--threads", "1", "--json", tp("s.json"), NULL };
    full_stdout("run (summary)", summary);
    const char *cards[] = { "cards", NULL };
    full_stdout("cards", cards);
    const char *cards_json[] = { "cards", "--json", NULL };
    full_stdout("cards --json", cards_json);
    const char *scenario[] = { "scenario", SCENARIO, NULL };
    full_stdout("scenario", scenario);
    const char *gauntlet[] = { "gauntlet", DECK_A, DECK_B, "--games", "10", "--threads", "1", "--json", tp("g.json"), NULL };
    full_stdout("gauntlet (matrix)", gauntlet);
}

/* ---- 4. all or nothing, temporaries ---- */

/* Temporaries of dead processes beside the targets go; those of live
 * processes, of other files and other names stay. */
static void stale_temporaries(void)
{
    const char *x = tp("st.json"), *dir = tp("st_csv");
    mkdir(dir, 0777);
    char dead[600], live[600], other[600], odd[600], games[600];
    long d = dead_pid();
    snprintf(dead, sizeof dead, "%s/.st.json" TMP_TAG "%ld", tmpdir, d);
    snprintf(live, sizeof live, "%s/.st.json" TMP_TAG "%ld", tmpdir, (long)getpid());
    snprintf(other, sizeof other, "%s/.other.json" TMP_TAG "%ld", tmpdir, d);
    snprintf(odd, sizeof odd, "%s/.st.json" TMP_TAG "%ldx", tmpdir, d);
    snprintf(games, sizeof games, "%s/.games.csv" TMP_TAG "%ld", dir, d);
    const char *all[] = { dead, live, other, odd, games };
    for (int k = 0; k < 5; k++) spit(all[k], "temporary\n");
    char *err;
    const char *args[] = { "run", DECK_A, DECK_B, "--games", "20", "--threads", "1", "--quiet", "--json", x,
                           "--csv", dir, "--per-game", NULL };
    int st = mtg(NULL, NULL, &err, args);
    CHECK(st == 0, "run: exit %d (%s)", st, err);
    free(err);
    CHECK(!exists(dead), "a temporary of a dead process beside the report was kept");
    CHECK(!exists(games), "a temporary of a dead process beside games.csv was kept");
    CHECK(exists(live), "a temporary of a live process (this test) was removed");
    CHECK(exists(other), "a temporary of another file was removed");
    CHECK(exists(odd), "a file not named as a temporary was removed");
    for (int k = 0; k < 5; k++) unlink(all[k]);

    /* The real case: a run killed while it plays leaves its games.csv
     * temporary; the next run to write there removes it. */
    const char *big[] = { "run", DECK_A, DECK_B, "--games", "100000000", "--threads", "2", "--quiet", "--json", x,
                          "--csv", dir, "--per-game", NULL };
    pid_t pid = start(tp("out"), big);
    char tmp[600];
    snprintf(tmp, sizeof tmp, "%s/.games.csv" TMP_TAG "%ld", dir, (long)pid);
    for (double t = 0; t < 30 && !exists(tmp); t += 0.02) sleep_s(0.02);
    CHECK(exists(tmp), "no %s while the run plays", tmp);
    kill(pid, SIGKILL);
    finish(pid, 10);
    CHECK(exists(tmp), "SIGKILL: the temporary should be left (the test needs it)");
    st = mtg(NULL, NULL, &err, args);
    CHECK(st == 0, "run after a killed run: exit %d (%s)", st, err);
    free(err);
    CHECK(!exists(tmp), "the temporary of the killed run is still there");
}

/* A failure while the files are put in place (combat.csv became a folder
 * during the run): exit 2 naming it, and every file as before: the report
 * and summary.csv already renamed are put back, games.csv and cards.csv
 * not made, no temporary nor backup left. */
static void all_or_nothing(void)
{
    const char *x = tp("aon.json"), *dir = tp("aon_csv");
    mkdir(dir, 0777);
    spit(x, "old report\n");
    spit(tp("aon_csv/summary.csv"), "old summary\n");
    const char *args[] = { "run", DECK_A, DECK_B, "--games", "100000000", "--threads", "2", "--quiet", "--json", x,
                           "--csv", dir, "--per-game", NULL };
    pid_t pid = start(tp("out"), args);
    char tmp[600];
    snprintf(tmp, sizeof tmp, "%s/.games.csv" TMP_TAG "%ld", dir, (long)pid);
    for (double t = 0; t < 30 && !exists(tmp); t += 0.02) sleep_s(0.02);
    CHECK(exists(tmp), "no %s while the run plays", tmp);
    mkdir(tp("aon_csv/combat.csv"), 0777);
    kill(pid, SIGINT);   /* stops the run, which then writes the games played */
    int st = finish(pid, 30);
    char *err = slurp(tp("err"));
    CHECK(st == 2, "combat.csv a folder: exit %d, want 2 (%s)", st, err);
    CHECK(strstr(err, "combat.csv") != NULL, "the message does not name combat.csv: %s", err);
    free(err);
    CHECK(is_text(x, "old report\n"), "the report was replaced by a run that failed");
    CHECK(is_text(tp("aon_csv/summary.csv"), "old summary\n"), "summary.csv was replaced by a run that failed");
    CHECK(!exists(tp("aon_csv/cards.csv")) && !exists(tp("aon_csv/games.csv")), "a run that failed made CSV files");
    CHECK(test_count_named(dir, ".mtgsim.") == 0 && test_count_named(tmpdir, ".mtgsim.") == 0, "temporaries or backups left");
    rmdir(tp("aon_csv/combat.csv"));
}

/* ---- 5. paths ---- */

/* The report may go in the folder --csv makes in the same run; the summary
 * names the files as given; a default under the current folder is shown
 * relative to it. */
static void paths(void)
{
    const char *args[] = { "run", DECK_A, DECK_B, "--games", "20", "--threads", "1", "--json", tp("new/r.json"),
                           "--csv", tp("new"), NULL };
    char *out, *err;
    int st = mtg(NULL, &out, &err, args);
    CHECK(st == 0, "--json DIR/r.json --csv DIR (DIR new): exit %d (%s)", st, err);
    CHECK(exists(tp("new/r.json")) && exists(tp("new/summary.csv")), "--json DIR/r.json --csv DIR: files missing");
    char line[1200];
    snprintf(line, sizeof line, "report: %s, CSV in %s\n", tp("new/r.json"), tp("new"));
    CHECK(strstr(out, line) != NULL, "the summary does not say \"%s\": %s", line, out);
    free(out); free(err);

    char cwd[512], buf[512], want[600];
    if (!getcwd(cwd, sizeof cwd) || chdir(tmpdir) != 0) { CHECK(0, "chdir %s", tmpdir); return; }
    char real[512];
    if (!realpath(tmpdir, real)) snprintf(real, sizeof real, "%s", tmpdir);
    snprintf(want, sizeof want, "%s/new/r.json", real);
    const char *s = output_shown(want, buf, sizeof buf);
    CHECK(!strcmp(s, "new/r.json"), "a default under the current folder is shown as %s", s);
    s = output_shown("/nonexistent/x.json", buf, sizeof buf);
    CHECK(!strcmp(s, "/nonexistent/x.json"), "a path elsewhere is shown as %s", s);
    s = output_shown("new/r.json", buf, sizeof buf);
    CHECK(!strcmp(s, "new/r.json"), "a relative path is shown as %s", s);
    if (chdir(cwd) != 0) CHECK(0, "chdir %s", cwd);
}

int main(void)
{
    snprintf(tmpdir, sizeof tmpdir, "/tmp/mtgsim-outputs-XXXXXX");
    if (!mkdtemp(tmpdir)) { perror("mkdtemp"); return 2; }
    to_dev_null();
    to_link();
    to_fifo();
    to_dev_full();
    inputs();
    standard_output();
    stale_temporaries();
    all_or_nothing();
    paths();
    char cmd[160];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    if (system(cmd) != 0) fprintf(stderr, "could not remove %s\n", tmpdir);
    printf("%d checks, %d failures\n", checks, failures);
    return failures ? 1 : 0;
}
