/* test_outputs_cli.c: no output of mtgsim ever destroys a file or is lost.
 *
 * Runs the real binary (MTGSIM_BIN) with standard output on /dev/full
 * (opened in the child: the device itself is never given as an output) and
 * checks that every command that prints exits with status 2 and the
 * reason, and with 0 when its standard output is a file. Everything happens
 * in one mkdtemp folder, removed at the end. */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "testutil.h"

#define DECKS TESTS_DIR "/../decks"
#define DECK_A DECKS "/wu_flyers.txt"
#define DECK_B DECKS "/gr_beef.txt"
#define SCENARIO TESTS_DIR "/scenarios/119.3a-704.5a-lethal-to-player.json"

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

static char *slurp(const char *path) { return test_slurp_or_empty(path); }

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

int main(void)
{
    snprintf(tmpdir, sizeof tmpdir, "/tmp/mtgsim-outputs-XXXXXX");
    if (!mkdtemp(tmpdir)) { perror("mkdtemp"); return 2; }
    standard_output();
    char cmd[160];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    if (system(cmd) != 0) fprintf(stderr, "could not remove %s\n", tmpdir);
    printf("%d checks, %d failures\n", checks, failures);
    return failures ? 1 : 0;
}
