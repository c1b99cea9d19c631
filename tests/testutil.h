/* testutil.h: what the command-line tests share: reading a whole file, and
 * running a command with its standard output and error captured. */
#ifndef TEST_TESTUTIL_H
#define TEST_TESTUTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/wait.h>
#include <unistd.h>

/* The whole file, NUL-terminated (its length in *len if len), or NULL when
 * it cannot be opened. Out of memory ends the test (exit 2). */
static inline char *test_slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f) { if (len) *len = 0; return NULL; }
    size_t cap = 1 << 16, n = 0, got;
    char *buf = malloc(cap);
    while (buf && (got = fread(buf + n, 1, cap - n - 1, f)) > 0) {
        n += got;
        if (n + 1 == cap) {
            char *bigger = realloc(buf, cap *= 2);
            if (!bigger) free(buf);
            buf = bigger;
        }
    }
    fclose(f);
    if (!buf) { fprintf(stderr, "out of memory\n"); exit(2); }
    buf[n] = 0;
    if (len) *len = n;
    return buf;
}

/* How many names in folder dir contain `part` (0 when it cannot be read). */
static inline int test_count_named(const char *dir, const char *part)
{
    DIR *d = opendir(dir);
    if (!d) return 0;
    int n = 0;
    struct dirent *e;
    while ((e = readdir(d))) n += strstr(e->d_name, part) != NULL;
    closedir(d);
    return n;
}

/* The whole file, or "" when it cannot be opened (caller frees). */
static inline char *test_slurp_or_empty(const char *path)
{
    char *t = test_slurp(path, NULL);
    return t ? t : strdup("");
}

/* A check that counts and goes on: the including file defines the ints
 * `checks` and `failures`, and main() reports them. (A file with a CHECK
 * of its own defines TESTUTIL_OWN_CHECK first.) */
#ifndef TESTUTIL_OWN_CHECK
#define CHECK(cond, ...) do {                                            \
        checks++;                                                        \
        if (!(cond)) {                                                   \
            failures++;                                                  \
            fprintf(stderr, "%s:%d: FAIL: ", __FILE__, __LINE__);        \
            fprintf(stderr, __VA_ARGS__);                                \
            fputc('\n', stderr);                                         \
        }                                                                \
    } while (0)
#endif

typedef struct Run {
    int status;  /* exit status, -1 when it did not exit normally */
    char *out;   /* standard output, NUL-terminated */
    char *err;   /* standard error */
} Run;

/* Runs the shell command `cmd` with its outputs sent to DIR/out and
 * DIR/err, and reads them back. */
static inline Run test_run(const char *dir, const char *cmd)
{
    char full[16384], out[512], err[512];
    snprintf(out, sizeof out, "%s/out", dir);
    snprintf(err, sizeof err, "%s/err", dir);
    snprintf(full, sizeof full, "%s >'%s' 2>'%s'", cmd, out, err);
    int st = system(full);
    Run r = { (st != -1 && WIFEXITED(st)) ? WEXITSTATUS(st) : -1, test_slurp_or_empty(out), test_slurp_or_empty(err) };
    return r;
}

static inline void run_free(Run *r) { free(r->out); free(r->err); }

/* Runs `mtgsim ARGS` in a folder of its own, removed after; the outputs
 * go to *out and *err (caller frees). Returns the exit status. */
static inline int test_mtgsim(const char *args, char **out, char **err)
{
    char dir[] = "/tmp/mtgsim_test_XXXXXX", cmd[8192], path[64];
    *out = *err = NULL;
    if (!mkdtemp(dir)) return -1;
    snprintf(cmd, sizeof cmd, "'%s' %s", MTGSIM_BIN, args);
    Run r = test_run(dir, cmd);
    snprintf(path, sizeof path, "%s/out", dir); remove(path);
    snprintf(path, sizeof path, "%s/err", dir); remove(path);
    rmdir(dir);
    *out = r.out;
    *err = r.err;
    return r.status;
}

#endif
