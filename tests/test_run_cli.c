/* test_run_cli.c: `mtgsim run` and `mtgsim gauntlet` through the binary.
 *
 * Checks the contract of results/README.md (and of issue 4) from the
 * outside: the same report on 1, 2 and 5 threads, seeds, seat-swapped pairs
 * (down to the opening hands, and through `mtgsim trace --json`),
 * the report's fields against tallies counted here from games.csv, the
 * relations between combat, cards and decks, the CSV files (parsed by a
 * strict RFC 4180 reader below), runs and gauntlets stopped by SIGINT or
 * SIGTERM, atomic writes, --ci-width, the gauntlet matrix, the progress
 * line, and bad input. Every file goes into one mkdtemp folder, removed at
 * the end. */
#define _XOPEN_SOURCE 700    /* posix_openpt, for the progress line on a terminal */
#define _DEFAULT_SOURCE
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <cjson/cJSON.h>
#include "testutil.h"
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/capability.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define DECKS_DIR TESTS_DIR "/../decks"
#define DECK_SIZE 40           /* every deck of decks/ has 40 main-deck cards */
#define BATCH 8192             /* sim/batch.h BATCH_GAMES: --ci-width checks after each */
#define EPS 1e-6               /* rates are rounded to 6 decimals */

static char tmp[256];                        /* this run's mkdtemp folder */
static char out_path[300], err_path[300];    /* where mtgv captures stdout and stderr */
static char deck_a[1024], deck_b[1024];      /* the reference matchup (decks/reference) */
static char deck_c[1024];                    /* a third deck, for the gauntlet */

static const char *const reasons[] = { "life", "poison", "empty_library", "turn_cap", "capacity", "error" };
#define N_REASONS 6

/* ------------------------------------------------------------- helpers */

/* A path in the temporary folder, in one of 64 rotating buffers: valid for
 * the next 63 calls. */
static const char *tp(const char *fmt, ...)
{
    static char buf[64][1024];
    static int k;
    char *b = buf[k++ % 64];
    char name[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(name, sizeof name, fmt, ap);
    va_end(ap);
    snprintf(b, sizeof buf[0], "%s/%s", tmp, name);
    return b;
}

static char *slurp(const char *path) { return test_slurp(path, NULL); }

static void spit(const char *path, const char *text)
{
    FILE *f = fopen(path, "wb");
    if (!f) fail_msg("cannot write %s: %s", path, strerror(errno));
    fputs(text, f);
    fclose(f);
}

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
        chmod(path, 0700);
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

/* ------------------------------------------------- running the binary */

typedef struct Proc {
    int status;    /* exit status, or -1 when it did not exit normally */
    char *out;     /* standard output */
    char *err;     /* standard error */
} Proc;

/* When set, mtgv runs mtgsim without root's power to pass over file
 * permissions: root may write in any folder (CAP_DAC_OVERRIDE), so a
 * read-only folder is read-only to root only without it. Dropped from the
 * capability bounding set in the child, it is gone from root's
 * capabilities after the exec (capabilities(7)); mtgsim stays root and can
 * reach its binary wherever the clone is (a clone under /root is out of
 * reach of any other user). */
static int drop_dac;

/* Runs `mtgsim ARGS...` (NULL-terminated), capturing stdout and stderr. */
static Proc mtgv(const char *const *args)
{
    const char *argv[80];
    int n = 0;
    argv[n++] = MTGSIM_BIN;
    for (; *args && n < 79; args++) argv[n++] = *args;
    argv[n] = NULL;
    const char *outp = out_path, *errp = err_path;
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) fail_msg("fork: %s", strerror(errno));
    if (pid == 0) {
        int fo = open(outp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        int fe = open(errp, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fo < 0 || fe < 0) _exit(127);
        dup2(fo, 1);
        dup2(fe, 2);
        if (drop_dac && (prctl(PR_CAPBSET_DROP, CAP_DAC_OVERRIDE, 0, 0, 0) ||
                         prctl(PR_CAPBSET_DROP, CAP_DAC_READ_SEARCH, 0, 0, 0))) {
            fprintf(stderr, "cannot drop CAP_DAC_OVERRIDE: %s\n", strerror(errno));
            _exit(126);
        }
        execv(MTGSIM_BIN, (char *const *)argv);
        _exit(127);
    }
    int st;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR) {}
    Proc p;
    p.status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    p.out = slurp(outp);
    p.err = slurp(errp);
    if (!p.out) p.out = strdup("");
    if (!p.err) p.err = strdup("");
    return p;
}

static Proc mtg(const char *first, ...)
{
    const char *args[80];
    int n = 0;
    va_list ap;
    va_start(ap, first);
    for (const char *a = first; a && n < 79; a = va_arg(ap, const char *)) args[n++] = a;
    va_end(ap);
    args[n] = NULL;
    return mtgv(args);
}

static void proc_free(Proc *p) { free(p->out); free(p->err); }

/* Runs and requires exit status 0. */
#define MTG_OK(...) do {                                                            \
        Proc p_ = mtg(__VA_ARGS__, NULL);                                           \
        if (p_.status != 0) fail_msg("mtgsim exited %d: %s", p_.status, p_.err);    \
        proc_free(&p_);                                                             \
    } while (0)

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Waits on events (a line printed, an exit), never on the clock: this
 * deadline only ends a hung mtgsim, however slow the build and busy the
 * machine. */
#define HANG_S 600.0
#define PROGRESS_MARK "games/s"    /* in every progress line */

/* mtgsim in the background, its standard error on a pseudo-terminal (so
 * that it prints its progress line, after each batch it plays), its
 * standard output to /dev/null. */
typedef struct Tty {
    pid_t pid;
    int master, slave;    /* the slave is held open: no hangup when mtgsim exits */
    char *text;           /* all it printed on the terminal so far, NUL-terminated */
    size_t n, cap;
    int status;           /* its exit status once it exited (-1: killed by a signal) */
    int exited;
} Tty;

static void tty_start(Tty *t, const char *const *args)
{
    const char *argv[80];
    int n = 0;
    argv[n++] = MTGSIM_BIN;
    for (; *args && n < 79; args++) argv[n++] = *args;
    argv[n] = NULL;
    memset(t, 0, sizeof *t);
    t->master = posix_openpt(O_RDWR | O_NOCTTY);
    if (t->master < 0 || grantpt(t->master) || unlockpt(t->master)) fail_msg("no pseudo-terminal: %s", strerror(errno));
    const char *name = ptsname(t->master);
    t->slave = open(name, O_RDWR | O_NOCTTY);
    if (t->slave < 0) fail_msg("%s: %s", name, strerror(errno));
    t->text = malloc(t->cap = 1 << 16);
    if (!t->text) fail_msg("out of memory");
    t->text[0] = 0;
    fflush(NULL);
    t->pid = fork();
    if (t->pid < 0) fail_msg("fork: %s", strerror(errno));
    if (t->pid == 0) {
        int dn = open("/dev/null", O_WRONLY);
        dup2(dn, 1);
        dup2(t->slave, 2);
        close(t->slave);
        close(t->master);
        execv(MTGSIM_BIN, (char *const *)argv);
        _exit(127);
    }
}

/* Reads what is on the terminal (waiting up to 50 ms for it), and notes
 * the exit. Reading also keeps mtgsim from blocking on a full terminal. */
static void tty_poll(Tty *t)
{
    struct pollfd pf = { t->master, POLLIN, 0 };
    if (poll(&pf, 1, 50) > 0 && (pf.revents & POLLIN)) {
        if (t->n + 4096 > t->cap) {
            char *bigger = realloc(t->text, t->cap *= 2);
            if (!bigger) fail_msg("out of memory");
            t->text = bigger;
        }
        ssize_t r = read(t->master, t->text + t->n, t->cap - t->n - 1);
        if (r > 0) t->text[t->n += (size_t)r] = 0;
    }
    int st;
    if (!t->exited && waitpid(t->pid, &st, WNOHANG) == t->pid) {
        t->exited = 1;
        t->status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    }
}

static void tty_kill(Tty *t)
{
    if (!t->exited) { kill(t->pid, SIGKILL); waitpid(t->pid, NULL, 0); t->exited = 1; t->status = -1; }
}

/* Ends it (if still running) and frees all; returns what it printed
 * (caller frees). */
static char *tty_close(Tty *t)
{
    tty_kill(t);
    close(t->slave);
    close(t->master);
    return t->text;
}

/* Waits until mtgsim has printed `mark`; fails if it exits first. */
static void tty_wait_for(Tty *t, const char *mark)
{
    for (double t0 = now_s(); !strstr(t->text, mark); tty_poll(t)) {
        if (t->exited || now_s() - t0 > HANG_S) {
            int exited = t->exited, status = t->status;
            free(tty_close(t));
            if (exited) fail_msg("mtgsim exited %d before printing \"%s\"", status, mark);
            fail_msg("mtgsim printed no \"%s\" in %.0f s", mark, HANG_S);
        }
    }
}

/* Waits for the exit, reading the terminal till then and once after (the
 * last line); its status. */
static int tty_wait_exit(Tty *t)
{
    for (double t0 = now_s(); !t->exited; tty_poll(t))
        if (now_s() - t0 > HANG_S) {
            free(tty_close(t));
            fail_msg("mtgsim did not stop within %.0f s", HANG_S);
        }
    tty_poll(t);
    return t->status;
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

static const cJSON *at(const cJSON *o, const char *key)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, key);
    if (!v) fail_msg("report: no \"%s\"", key);
    return v;
}

static const cJSON *nth(const cJSON *a, int i)
{
    const cJSON *v = cJSON_GetArrayItem(a, i);
    if (!v) fail_msg("report: no item %d in an array", i);
    return v;
}

static double num(const cJSON *o, const char *key)
{
    const cJSON *v = at(o, key);
    if (!cJSON_IsNumber(v)) fail_msg("report: \"%s\" is not a number", key);
    return v->valuedouble;
}

static long lnum(const cJSON *o, const char *key) { return (long)llround(num(o, key)); }

static const char *str(const cJSON *o, const char *key)
{
    const cJSON *v = at(o, key);
    if (!cJSON_IsString(v)) fail_msg("report: \"%s\" is not a string", key);
    return v->valuestring;
}

/* The report without its "run" section, printed compactly (caller frees). */
static char *without_run(const char *path)
{
    cJSON *j = load_json(path);
    if (!cJSON_GetObjectItemCaseSensitive(j, "run")) fail_msg("%s: no \"run\" section", path);
    cJSON_DeleteItemFromObjectCaseSensitive(j, "run");
    char *s = cJSON_PrintUnformatted(j);
    cJSON_Delete(j);
    return s;
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

/* Fails unless a and b are the same text, showing where they part. */
static void same_text(const char *what, const char *a, const char *b)
{
    if (!strcmp(a, b)) return;
    size_t i = 0;
    while (a[i] && a[i] == b[i]) i++;
    size_t from = i > 40 ? i - 40 : 0;
    fail_msg("%s: differ at byte %zu: \"%.80s\" vs \"%.80s\"", what, i, a + from, b + from);
}

/* 95 % Wilson score interval, written from the textbook formula. */
static void wilson(long k, long n, double *lo, double *hi)
{
    const double z = 1.959963984540054;
    double p = (double)k / (double)n, z2 = z * z;
    double centre = (p + z2 / (2.0 * n)) / (1 + z2 / n);
    double half = z / (1 + z2 / n) * sqrt(p * (1 - p) / n + z2 / (4.0 * n * n));
    *lo = fmax(0, centre - half);
    *hi = fmin(1, centre + half);
}

static void check_rate(const char *what, const cJSON *v, long k, long n)
{
    if (n == 0) {
        if (!cJSON_IsNull(v)) fail_msg("%s: a rate over no games must be null", what);
        return;
    }
    if (!cJSON_IsNumber(v) || fabs(v->valuedouble - (double)k / (double)n) > EPS)
        fail_msg("%s: %g, want %ld/%ld = %.6f", what, cJSON_IsNumber(v) ? v->valuedouble : NAN, k, n,
                 (double)k / (double)n);
}

static void check_ci(const char *what, const cJSON *ci, long k, long n)
{
    double lo, hi;
    wilson(k, n, &lo, &hi);
    if (!cJSON_IsArray(ci) || cJSON_GetArraySize(ci) != 2) fail_msg("%s: ci95 is not [low, high]", what);
    double a = nth(ci, 0)->valuedouble, b = nth(ci, 1)->valuedouble;
    if (fabs(a - lo) > EPS || fabs(b - hi) > EPS)
        fail_msg("%s: ci95 [%.6f, %.6f], Wilson(%ld, %ld) is [%.6f, %.6f]", what, a, b, k, n, lo, hi);
}

/* ----------------------------------------------------------------- CSV */

typedef struct Csv {
    int rows, cols;    /* rows counts the header */
    char **cell;       /* rows * cols fields, row-major */
} Csv;

static void csv_free(Csv *c)
{
    for (int i = 0; i < c->rows * c->cols; i++) free(c->cell[i]);
    free(c->cell);
    memset(c, 0, sizeof *c);
}

/* Strict RFC 4180: fields split by commas, records ended by CRLF (the last
 * too), a quoted field escapes '"' as '""', an unquoted field holds no '"',
 * CR or LF, every record has the header's number of fields. 0, or -1 with
 * the reason in err. */
static int csv_parse(const char *s, Csv *c, char *err, size_t errlen)
{
    memset(c, 0, sizeof *c);
    size_t n = 0, cap = 0;
    int fields = 0, line = 1;
    if (!*s) { snprintf(err, errlen, "empty file"); return -1; }
    while (*s) {
        size_t fl = 0, fcap = 32;
        char *f = malloc(fcap);
#define PUSH(ch) do { if (fl + 2 > fcap) f = realloc(f, fcap *= 2); f[fl++] = (ch); } while (0)
        if (*s == '"') {
            for (s++;; ) {
                if (!*s) { snprintf(err, errlen, "line %d: unterminated quoted field", line); free(f); goto bad; }
                if (*s == '"') {
                    if (s[1] == '"') { PUSH('"'); s += 2; continue; }
                    s++;
                    break;
                }
                PUSH(*s);
                s++;
            }
        } else {
            for (; *s && *s != ',' && *s != '\r' && *s != '\n'; s++) {
                if (*s == '"') { snprintf(err, errlen, "line %d: '\"' in an unquoted field", line); free(f); goto bad; }
                PUSH(*s);
            }
        }
#undef PUSH
        f[fl] = 0;
        if (n == cap) c->cell = realloc(c->cell, (cap = cap ? 2 * cap : 64) * sizeof *c->cell);
        c->cell[n++] = f;
        fields++;
        if (*s == ',') { s++; continue; }
        if (s[0] == '\r' && s[1] == '\n') {
            s += 2;
            if (c->rows == 0) c->cols = fields;
            else if (fields != c->cols) {
                snprintf(err, errlen, "line %d: %d fields, the header has %d", line, fields, c->cols);
                goto bad;
            }
            c->rows++;
            fields = 0;
            line++;
            continue;
        }
        if (*s == '\n') snprintf(err, errlen, "line %d: LF without CR", line);
        else if (!*s) snprintf(err, errlen, "line %d: the last record has no CRLF", line);
        else snprintf(err, errlen, "line %d: '%c' after a quoted field", line, *s);
        goto bad;
    }
    return 0;
bad:
    c->rows = c->cols ? (int)(n / (size_t)c->cols) : 0;
    for (size_t i = (size_t)c->rows * (size_t)c->cols; i < n; i++) free(c->cell[i]);
    csv_free(c);
    return -1;
}

static Csv csv_load(const char *path)
{
    char *t = slurp(path), err[256];
    if (!t) fail_msg("%s: not written", path);
    Csv c;
    int rc = csv_parse(t, &c, err, sizeof err);
    free(t);
    if (rc) fail_msg("%s: not RFC 4180: %s", path, err);
    return c;
}

/* Field of data row r (0 = the first after the header), by column name. */
static const char *csv_at(const Csv *c, int r, const char *col)
{
    for (int k = 0; k < c->cols; k++)
        if (!strcmp(c->cell[k], col)) {
            if (r + 1 >= c->rows) fail_msg("CSV: no data row %d", r);
            return c->cell[(r + 1) * c->cols + k];
        }
    fail_msg("CSV: no column \"%s\"", col);
    return NULL;
}

static void csv_header_is(const Csv *c, const char *what, const char *const *names, int n)
{
    if (c->rows < 1 || c->cols != n) fail_msg("%s: %d columns, want %d", what, c->cols, n);
    for (int k = 0; k < n; k++)
        if (strcmp(c->cell[k], names[k])) fail_msg("%s: column %d is \"%s\", want \"%s\"", what, k, c->cell[k], names[k]);
}

/* A CSV field holds the same number as the JSON value (empty for null). */
static void csv_same(const char *what, const char *field, const cJSON *v)
{
    if (cJSON_IsNull(v)) {
        if (field[0]) fail_msg("%s: \"%s\" in the CSV, null in the JSON", what, field);
        return;
    }
    if (!cJSON_IsNumber(v)) fail_msg("%s: not a number in the JSON", what);
    char *end;
    double x = strtod(field, &end);
    if (!field[0] || *end) fail_msg("%s: \"%s\" is not a number", what, field);
    if (fabs(x - v->valuedouble) > EPS) fail_msg("%s: CSV %s, JSON %.6f", what, field, v->valuedouble);
}

static long csv_long(const char *what, const char *field)
{
    char *end;
    long v = strtol(field, &end, 10);
    if (!field[0] || *end) fail_msg("%s: \"%s\" is not a whole number", what, field);
    return v;
}

/* The reader above refuses what RFC 4180 (with CRLF, as README says)
 * does not allow, so a CSV that passes it really is well formed. */
static void test_csv_reader(void **state)
{
    (void)state;
    Csv c;
    char err[256];
    assert_int_equal(csv_parse("a,b\r\n\"x,\"\"y\"\"\",\r\n", &c, err, sizeof err), 0);
    assert_int_equal(c.rows, 2);
    assert_int_equal(c.cols, 2);
    assert_string_equal(csv_at(&c, 0, "a"), "x,\"y\"");
    assert_string_equal(csv_at(&c, 0, "b"), "");
    csv_free(&c);
    assert_int_equal(csv_parse("a,\"b\r\nc\"\r\n", &c, err, sizeof err), 0);  /* CRLF inside quotes */
    assert_int_equal(c.rows, 1);
    csv_free(&c);
    const char *bad[] = {
        "a,b\n1,2\n",            /* LF line ends */
        "a,b\r\n1,2",             /* no CRLF after the last record */
        "a,b\r\n1,2,3\r\n",       /* more fields than the header */
        "a,b\r\n\"1,2\r\n",       /* unterminated quote */
        "a,b\r\n1\"x,2\r\n",      /* quote in an unquoted field */
        "a,b\r\n\"1\"x,2\r\n",    /* text after a closing quote */
        "",
    };
    for (size_t k = 0; k < sizeof bad / sizeof *bad; k++)
        if (csv_parse(bad[k], &c, err, sizeof err) == 0) fail_msg("the CSV reader accepted bad input %zu", k);
}

/* ------------------------------------------------------------ games.csv */

static const char *const games_header[] = {
    "game", "seed", "started", "winner", "turns", "end_reason", "life_a", "life_b", "poison_a", "poison_b"
};

typedef struct GameRow {
    long game;
    unsigned long long seed;
    int started;        /* deck on the play: 0 A, 1 B */
    int winner;         /* 0 A, 1 B, 2 draw */
    int turns;
    int reason;         /* index in reasons[] */
    int life[2], poison[2];
} GameRow;

/* Reads games.csv; names are deck A's and B's. Returns the row count. */
static int read_games(const char *path, const char *name_a, const char *name_b, GameRow **out)
{
    Csv c = csv_load(path);
    csv_header_is(&c, path, games_header, 10);
    int n = c.rows - 1;
    GameRow *g = calloc((size_t)n + 1, sizeof *g);
    for (int i = 0; i < n; i++) {
        const char *s = csv_at(&c, i, "started"), *w = csv_at(&c, i, "winner"), *e = csv_at(&c, i, "end_reason");
        g[i].game = csv_long("game", csv_at(&c, i, "game"));
        g[i].seed = (unsigned long long)csv_long("seed", csv_at(&c, i, "seed"));
        if (!strcmp(s, name_a)) g[i].started = 0;
        else if (!strcmp(s, name_b)) g[i].started = 1;
        else fail_msg("%s row %d: started \"%s\" is neither deck", path, i, s);
        if (!strcmp(w, name_a)) g[i].winner = 0;
        else if (!strcmp(w, name_b)) g[i].winner = 1;
        else if (!strcmp(w, "draw")) g[i].winner = 2;
        else fail_msg("%s row %d: winner \"%s\" is neither deck nor draw", path, i, w);
        g[i].turns = (int)csv_long("turns", csv_at(&c, i, "turns"));
        g[i].reason = -1;
        for (int r = 0; r < N_REASONS; r++) if (!strcmp(e, reasons[r])) g[i].reason = r;
        if (g[i].reason < 0) fail_msg("%s row %d: end_reason \"%s\" is not documented", path, i, e);
        g[i].life[0] = (int)csv_long("life_a", csv_at(&c, i, "life_a"));
        g[i].life[1] = (int)csv_long("life_b", csv_at(&c, i, "life_b"));
        g[i].poison[0] = (int)csv_long("poison_a", csv_at(&c, i, "poison_a"));
        g[i].poison[1] = (int)csv_long("poison_b", csv_at(&c, i, "poison_b"));
    }
    csv_free(&c);
    *out = g;
    return n;
}

/* ------------------------------------------------------------- fixture */

static int setup(void **state)
{
    (void)state;
    snprintf(tmp, sizeof tmp, "/tmp/mtgsim_run_cli.XXXXXX");
    if (!mkdtemp(tmp)) { fprintf(stderr, "mkdtemp: %s\n", strerror(errno)); return -1; }
    snprintf(out_path, sizeof out_path, "%s/stdout.txt", tmp);
    snprintf(err_path, sizeof err_path, "%s/stderr.txt", tmp);
    FILE *f = fopen(DECKS_DIR "/reference", "r");
    if (!f) { fprintf(stderr, "%s/reference: %s\n", DECKS_DIR, strerror(errno)); return -1; }
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
    return n == 2 ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    rm_rf(tmp);
    return 0;
}

/* ------------------------------------------------------------------ 1 */

/* The same seed gives the same report on 1, 2 and 5 threads: the parsed
 * report without "run", and the raw text up to "run". */
static void test_determinism_across_threads(void **state)
{
    (void)state;
    const char *threads[] = { "1", "2", "5" };
    char *norm[3], *raw[3];
    for (int k = 0; k < 3; k++) {
        const char *x = tp("det_%s.json", threads[k]);
        MTG_OK("run", deck_a, deck_b, "--games", "3000", "--seed", "7", "--json", x, "--threads", threads[k], "--quiet");
        cJSON *j = load_json(x);
        assert_int_equal(lnum(j, "games"), 3000);
        assert_true(cJSON_IsTrue(at(j, "complete")));
        assert_int_equal(lnum(at(j, "run"), "threads"), atoi(threads[k]));  /* it really ran on T threads */
        cJSON_Delete(j);
        norm[k] = without_run(x);
        raw[k] = raw_before_run(x);
    }
    for (int k = 1; k < 3; k++) {
        char what[64];
        snprintf(what, sizeof what, "report on 1 and %s threads", threads[k]);
        same_text(what, norm[0], norm[k]);
        snprintf(what, sizeof what, "raw report text on 1 and %s threads", threads[k]);
        same_text(what, raw[0], raw[k]);
    }
    for (int k = 0; k < 3; k++) { free(norm[k]); free(raw[k]); }
}

/* ------------------------------------------------------------------ 2 */

static void test_seed(void **state)
{
    (void)state;
    const char *a = tp("seed7a.json"), *b = tp("seed7b.json"), *c = tp("seed8.json");
    MTG_OK("run", deck_a, deck_b, "--games", "2000", "--seed", "7", "--json", a, "--threads", "2", "--quiet");
    MTG_OK("run", deck_a, deck_b, "--games", "2000", "--seed", "7", "--json", b, "--threads", "2", "--quiet");
    MTG_OK("run", deck_a, deck_b, "--games", "2000", "--seed", "8", "--json", c, "--threads", "2", "--quiet");
    char *ra = raw_before_run(a), *rb = raw_before_run(b);
    same_text("two runs with seed 7", ra, rb);
    char *na = without_run(a), *nc = without_run(c);
    assert_true(strcmp(na, nc) != 0);
    cJSON *ja = load_json(a), *jc = load_json(c);
    assert_int_equal(lnum(ja, "seed"), 7);
    assert_int_equal(lnum(jc, "seed"), 8);
    /* Not only the seed field: the games themselves differ. */
    cJSON_DeleteItemFromObjectCaseSensitive(ja, "seed");
    cJSON_DeleteItemFromObjectCaseSensitive(jc, "seed");
    assert_false(cJSON_Compare(at(ja, "cards"), at(jc, "cards"), 1));
    cJSON_Delete(ja); cJSON_Delete(jc);
    free(ra); free(rb); free(na); free(nc);

    /* The largest seed (2^53 - 1) is written exactly, so that the report
     * names the seed that replays its games. */
    const char *big = "9007199254740991";
    const char *x = tp("bigseed.json"), *gx = tp("bigseed_gauntlet.json");
    MTG_OK("run", deck_a, deck_b, "--games", "2", "--seed", big, "--json", x, "--quiet");
    MTG_OK("gauntlet", deck_a, deck_b, "--games", "2", "--seed", big, "--json", gx, "--quiet");
    const char *files[] = { x, gx };
    char msg[512] = "";
    for (int k = 0; k < 2; k++) {
        cJSON *j = load_json(files[k]);
        double seed = num(j, "seed");
        char *raw = slurp(files[k]);
        int text = strstr(raw, big) != NULL;
        free(raw);
        cJSON_Delete(j);
        if (seed != 9007199254740991.0 || !text)
            snprintf(msg + strlen(msg), sizeof msg - strlen(msg), "%s report: seed %s read back as %.17g; ",
                     k ? "gauntlet" : "run", big, seed);
    }
    if (msg[0]) fail_msg("%s", msg);
}

/* ------------------------------------------------------------------ 3 */

/* Opening hands of a 2-game run: per card of both decks, in how many of the
 * two games it was in the opening hand. With pairs both games draw each
 * deck's library from the same shuffles (and the policy decides the same
 * mulligans), so every count is 0 or 2. Returns 1 if some count is 1. */
static int opening_hands_split(const char *json, int want_paired)
{
    cJSON *j = load_json(json);
    int split = 0;
    for (int d = 0; d < 2; d++) {
        const cJSON *mu = at(nth(at(j, "decks"), d), "mulligans");
        if (want_paired && (lnum(mu, "total") % 2 || lnum(mu, "games") % 2))
            fail_msg("%s: deck %d took different mulligans in the two games of a pair", json, d);
        const cJSON *card;
        long held = 0;   /* (card, game) pairs: the comparison below is not over nothing */
        cJSON_ArrayForEach(card, at(nth(at(j, "cards"), d), "cards")) {
            long oh = lnum(card, "games_opening_hand");
            held += oh;
            if (oh == 1) split = 1;
            if (want_paired && oh == 1)
                fail_msg("%s: %s in the opening hand of one game of the pair only", json, str(card, "name"));
        }
        if (held < 2) fail_msg("%s: deck %d had no card in its opening hands", json, d);
    }
    cJSON_Delete(j);
    return split;
}

static void append_line(char *buf, size_t cap, const char *s)
{
    strncat(buf, s, cap - strlen(buf) - 1);
    strncat(buf, "\n", cap - strlen(buf) - 1);
}

/* Deck A's kept hand and drawn cards (one name a line, in order) from
 * `mtgsim trace --json` (JSON Lines: "keep" and "draw" events, "deck": "A").
 * Returns 0 when there is no keep event of deck A. */
static int trace_json_cards(const char *text, char *hand, char *draws, size_t cap)
{
    hand[0] = draws[0] = 0;
    int found = 0;
    char *copy = strdup(text), *save = NULL;
    for (char *line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        cJSON *e = cJSON_Parse(line);
        const char *ev = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(e, "event"));
        const char *dk = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(e, "deck"));
        if (ev && dk && !strcmp(dk, "A")) {
            if (!strcmp(ev, "keep") && !found) {
                const cJSON *c;
                cJSON_ArrayForEach(c, cJSON_GetObjectItemCaseSensitive(e, "hand"))
                    if (cJSON_IsString(c)) append_line(hand, cap, c->valuestring);
                found = 1;
            } else if (!strcmp(ev, "draw") && found) {
                const char *card = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(e, "card"));
                if (card) append_line(draws, cap, card);
            }
        }
        cJSON_Delete(e);
    }
    free(copy);
    return found;
}

/* Games 0 and 1 of a seed through `mtgsim trace --json`: deck A keeps the
 * same hand and draws the same cards in both games of the pair (the
 * shorter game's draws are the start of the longer one's). A trace that
 * fails, or has no keep event of deck A, fails the test. */
static void trace_pair_check(void)
{
    enum { CAP = 8192 };
    static char hand[2][CAP], draws[2][CAP];
    for (int g = 0; g < 2; g++) {
        const char *game = g ? "1" : "0";
        Proc t = mtg("trace", deck_a, deck_b, "--seed", "3", "--game", game, "--json", NULL);
        if (t.status != 0) fail_msg("mtgsim trace --game %s --json exited %d: %s", game, t.status, t.err);
        if (!trace_json_cards(t.out, hand[g], draws[g], CAP))
            fail_msg("mtgsim trace --game %s --json: no \"keep\" event of deck A in: %.300s", game, t.out);
        proc_free(&t);
    }
    if (!hand[0][0] || strcmp(hand[0], hand[1]))
        fail_msg("trace: deck A keeps a different hand in games 0 and 1 of a pair:\n%s--\n%s", hand[0], hand[1]);
    size_t l0 = strlen(draws[0]), l1 = strlen(draws[1]);
    if (!l0 || !l1 || strncmp(draws[0], draws[1], l0 < l1 ? l0 : l1))
        fail_msg("trace: deck A draws different cards in games 0 and 1 of a pair");
}

static void test_pairing(void **state)
{
    (void)state;
    const char *dp = tp("pairs_csv"), *dn = tp("nopairs_csv");
    MTG_OK("run", deck_a, deck_b, "--games", "40", "--seed", "11", "--json", tp("pairs.json"), "--csv", dp,
           "--per-game", "--quiet");
    MTG_OK("run", deck_a, deck_b, "--games", "40", "--seed", "11", "--json", tp("nopairs.json"), "--csv", dn,
           "--per-game", "--no-pairs", "--quiet");
    cJSON *jp = load_json(tp("pairs.json")), *jn = load_json(tp("nopairs.json"));
    assert_true(cJSON_IsTrue(at(jp, "pairs")));
    assert_true(cJSON_IsFalse(at(jn, "pairs")));
    char a[128], b[128];
    snprintf(a, sizeof a, "%s", str(nth(at(jp, "decks"), 0), "name"));
    snprintf(b, sizeof b, "%s", str(nth(at(jp, "decks"), 1), "name"));
    cJSON_Delete(jp); cJSON_Delete(jn);

    GameRow *gp, *gn;
    char path[1100];
    snprintf(path, sizeof path, "%s/games.csv", dp);
    assert_int_equal(read_games(path, a, b, &gp), 40);
    snprintf(path, sizeof path, "%s/games.csv", dn);
    assert_int_equal(read_games(path, a, b, &gn), 40);
    int differ = 0;
    for (int i = 0; i < 40; i++) {
        assert_int_equal(gp[i].game, i);
        assert_int_equal(gn[i].game, i);
        if (gp[i].started != (i & 1)) fail_msg("paired game %d started by deck %d", i, gp[i].started);
        if (gn[i].started != (i & 1)) fail_msg("--no-pairs game %d started by deck %d", i, gn[i].started);
        differ |= gp[i].winner != gn[i].winner || gp[i].turns != gn[i].turns || gp[i].reason != gn[i].reason ||
                  gp[i].life[0] != gn[i].life[0] || gp[i].life[1] != gn[i].life[1];
    }
    if (!differ) fail_msg("--no-pairs plays the same 40 games as the paired run");
    free(gp); free(gn);

    /* Library level: one pair at a time, 8 seeds. Paired: every opening
     * hand is the same in both games. Not paired: some hand differs. */
    int split_unpaired = 0;
    for (int s = 1; s <= 8; s++) {
        char seed[16];
        snprintf(seed, sizeof seed, "%d", s);
        MTG_OK("run", deck_a, deck_b, "--games", "2", "--seed", seed, "--json", tp("pair2.json"), "--threads", "1", "--quiet");
        opening_hands_split(tp("pair2.json"), 1);
        MTG_OK("run", deck_a, deck_b, "--games", "2", "--seed", seed, "--json", tp("nopair2.json"), "--threads", "1",
               "--no-pairs", "--quiet");
        split_unpaired |= opening_hands_split(tp("nopair2.json"), 0);
    }
    if (!split_unpaired) fail_msg("--no-pairs: the two games always had the same opening hands");

    trace_pair_check();
}

/* ------------------------------------------------------------------ 4 */

static void check_by_reason(const char *what, const cJSON *o, const long *want)
{
    for (int r = 0; r < N_REASONS; r++)
        if (lnum(o, reasons[r]) != want[r])
            fail_msg("%s.%s: %ld, counted %ld in games.csv", what, reasons[r], lnum(o, reasons[r]), want[r]);
}

/* The report of a run with --per-game --csv DIR against tallies counted
 * here from DIR/games.csv, and DIR/summary.csv against both. */
static void check_hand_tallies(const cJSON *j, const char *dir, long seed, int cap)
{
    const cJSON *decks = at(j, "decks");
    const char *name[2] = { str(nth(decks, 0), "name"), str(nth(decks, 1), "name") };
    GameRow *g;
    char path[1100];
    snprintf(path, sizeof path, "%s/games.csv", dir);
    int n = read_games(path, name[0], name[1], &g);
    assert_int_equal(n, lnum(j, "games"));
    assert_int_equal(lnum(j, "seed"), seed);
    assert_int_equal(lnum(j, "turn_cap"), cap);

    long wins[2] = {0}, losses[2] = {0}, draws = 0, pg[2] = {0}, pw[2] = {0}, dg[2] = {0}, dw[2] = {0};
    long tsum = 0, hist[1024] = {0}, ends[N_REASONS] = {0}, won_by[2][N_REASONS] = {{0}}, lost_by[2][N_REASONS] = {{0}};
    for (int i = 0; i < n; i++) {
        const GameRow *r = &g[i];
        if (r->game != i) fail_msg("games.csv row %d is game %ld", i, r->game);
        if (r->seed != (unsigned long long)seed) fail_msg("games.csv row %d: seed %llu, want %ld", i, r->seed, seed);
        if (r->turns < 1 || r->turns > cap) fail_msg("games.csv row %d: %d turns, turn cap %d", i, r->turns, cap);
        if (!strcmp(reasons[r->reason], "turn_cap") && (r->winner != 2 || r->turns != cap))
            fail_msg("games.csv row %d: ended by the turn cap after %d turns, winner %d", i, r->turns, r->winner);
        if (r->winner < 2) {
            int w = r->winner, l = 1 - w;
            if (!strcmp(reasons[r->reason], "life") && !(r->life[l] <= 0 && r->life[w] > 0))
                fail_msg("game %d lost by life with life %d (winner %d)", i, r->life[l], r->life[w]);
            if (!strcmp(reasons[r->reason], "poison") && r->poison[l] < 10)
                fail_msg("game %d lost by poison with %d poison counters", i, r->poison[l]);
            if (!strcmp(reasons[r->reason], "turn_cap")) fail_msg("game %d won at the turn cap", i);
        }
        for (int d = 0; d < 2; d++) {
            int won = r->winner == d;
            wins[d] += won;
            losses[d] += r->winner == 1 - d;
            if (r->started == d) { pg[d]++; pw[d] += won; }
            else { dg[d]++; dw[d] += won; }
            if (won) won_by[d][r->reason]++;
            if (r->winner == 1 - d) lost_by[d][r->reason]++;
        }
        draws += r->winner == 2;
        tsum += r->turns;
        hist[r->turns]++;
        ends[r->reason]++;
    }

    for (int d = 0; d < 2; d++) {
        const cJSON *o = nth(decks, d);
        char what[64];
        assert_int_equal(lnum(o, "wins"), wins[d]);
        assert_int_equal(lnum(o, "losses"), losses[d]);
        assert_int_equal(lnum(o, "draws"), draws);
        snprintf(what, sizeof what, "deck %d win_rate", d);
        check_rate(what, at(o, "win_rate"), wins[d], n);
        check_ci(what, at(o, "ci95"), wins[d], n);
        const cJSON *op = at(o, "on_play"), *od = at(o, "on_draw");
        assert_int_equal(lnum(op, "games"), pg[d]);
        assert_int_equal(lnum(op, "wins"), pw[d]);
        assert_int_equal(lnum(od, "games"), dg[d]);
        assert_int_equal(lnum(od, "wins"), dw[d]);
        snprintf(what, sizeof what, "deck %d on_play", d);
        check_rate(what, at(op, "win_rate"), pw[d], pg[d]);
        check_ci(what, at(op, "ci95"), pw[d], pg[d]);
        snprintf(what, sizeof what, "deck %d on_draw", d);
        check_rate(what, at(od, "win_rate"), dw[d], dg[d]);
        check_ci(what, at(od, "ci95"), dw[d], dg[d]);
    }

    const cJSON *turns = at(j, "turns");
    check_rate("turns.mean", at(turns, "mean"), tsum, n);
    long median = -1, acc = 0;
    for (int t = 0; t < 1024 && median < 0; t++) if ((acc += hist[t]) >= (n + 1) / 2) median = t;
    assert_int_equal(lnum(turns, "median"), median);
    const cJSON *bin;
    int bins = 0, last = -1;
    cJSON_ArrayForEach(bin, at(turns, "histogram")) {
        int t = (int)lnum(bin, "turns");
        if (t <= last) fail_msg("histogram bins not in increasing order of turns");
        if (t < 0 || t >= 1024 || lnum(bin, "games") != hist[t])
            fail_msg("histogram: %d turns, %ld games; counted %ld", t, lnum(bin, "games"), t >= 0 && t < 1024 ? hist[t] : -1);
        last = t;
        bins++;
    }
    int seen = 0;
    for (int t = 0; t < 1024; t++) seen += hist[t] > 0;
    assert_int_equal(bins, seen);

    const cJSON *er = at(j, "end_reasons");
    check_by_reason("end_reasons", er, ends);
    assert_int_equal(lnum(er, "draws"), draws);
    for (int d = 0; d < 2; d++) {
        const cJSON *bd = nth(at(er, "by_deck"), d);
        assert_string_equal(str(bd, "deck"), name[d]);
        check_by_reason("won_by", at(bd, "won_by"), won_by[d]);
        check_by_reason("lost_by", at(bd, "lost_by"), lost_by[d]);
    }

    /* summary.csv: the same numbers. */
    snprintf(path, sizeof path, "%s/summary.csv", dir);
    Csv c = csv_load(path);
    assert_int_equal(c.rows, 3);
    for (int d = 0; d < 2; d++) {
        const cJSON *o = nth(decks, d);
        double l, h;
        wilson(wins[d], n, &l, &h);
        assert_string_equal(csv_at(&c, d, "deck"), name[d]);
        assert_int_equal(csv_long("games", csv_at(&c, d, "games")), n);
        assert_int_equal(csv_long("wins", csv_at(&c, d, "wins")), wins[d]);
        assert_int_equal(csv_long("losses", csv_at(&c, d, "losses")), losses[d]);
        assert_int_equal(csv_long("draws", csv_at(&c, d, "draws")), draws);
        assert_true(fabs(atof(csv_at(&c, d, "win_rate")) - (double)wins[d] / n) <= EPS);
        assert_true(fabs(atof(csv_at(&c, d, "ci95_low")) - l) <= EPS);
        assert_true(fabs(atof(csv_at(&c, d, "ci95_high")) - h) <= EPS);
        assert_int_equal(csv_long("play_games", csv_at(&c, d, "play_games")), pg[d]);
        assert_int_equal(csv_long("play_wins", csv_at(&c, d, "play_wins")), pw[d]);
        assert_int_equal(csv_long("draw_games", csv_at(&c, d, "draw_games")), dg[d]);
        assert_int_equal(csv_long("draw_wins", csv_at(&c, d, "draw_wins")), dw[d]);
        assert_int_equal(csv_long("mulligans", csv_at(&c, d, "mulligans")), lnum(at(o, "mulligans"), "total"));
    }
    csv_free(&c);
    free(g);
}

/* A 12-game run, at the first seed where a deck wins 7 of 12 (so the
 * Wilson interval is checked at k = 7, n = 12), and a 40-game run with a
 * turn cap that makes draws. */
static void test_report_vs_hand_tallies(void **state)
{
    (void)state;
    double lo, hi;
    wilson(7, 12, &lo, &hi);       /* the test's own formula, against the published value */
    assert_true(fabs(lo - 0.319511) < EPS && fabs(hi - 0.806740) < EPS);

    const char *x = tp("tiny.json"), *dir = tp("tiny_csv");
    cJSON *j = NULL;
    int seven = -1;
    long seed = 0;
    for (seed = 1; seed <= 60 && seven < 0; seed++) {
        char s[16];
        snprintf(s, sizeof s, "%ld", seed);
        MTG_OK("run", deck_a, deck_b, "--games", "12", "--seed", s, "--json", x, "--csv", dir, "--per-game", "--quiet");
        cJSON_Delete(j);
        j = load_json(x);
        for (int d = 0; d < 2; d++) if (lnum(nth(at(j, "decks"), d), "wins") == 7) seven = d;
    }
    seed--;
    if (seven < 0) fail_msg("no seed in 1..60 where a deck wins 7 of 12");
    check_ci("7 of 12", at(nth(at(j, "decks"), seven), "ci95"), 7, 12);
    assert_int_equal(lnum(j, "games"), 12);
    check_hand_tallies(j, dir, seed, 503);   /* the default cap: 2 x 250 + 3 (engine/game.h) */
    cJSON_Delete(j);
    j = NULL;

    /* With a turn cap low enough that some games are draws and some not. */
    int mixed = 0;
    for (int cap = 8; cap <= 40 && !mixed; cap += 2) {
        char cs[16];
        snprintf(cs, sizeof cs, "%d", cap);
        MTG_OK("run", deck_a, deck_b, "--games", "40", "--seed", "2", "--turn-cap", cs, "--json", x, "--csv", dir,
               "--per-game", "--quiet");
        j = load_json(x);
        long draws = lnum(at(j, "end_reasons"), "draws");
        mixed = draws > 0 && draws < 40;
        if (mixed) check_hand_tallies(j, dir, 2, cap);
        cJSON_Delete(j);
    }
    if (!mixed) fail_msg("no turn cap from 8 to 40 gives both draws and decisive games");
}

/* The relations that tie combat, cards and decks together, on 2000 games. */
static void test_report_consistency(void **state)
{
    (void)state;
    const char *x = tp("cons.json");
    MTG_OK("run", deck_a, deck_b, "--games", "2000", "--seed", "3", "--json", x, "--quiet");
    cJSON *j = load_json(x);
    long games = lnum(j, "games");
    assert_int_equal(games, 2000);
    const cJSON *decks = at(j, "decks"), *combat = at(j, "combat"), *cards = at(j, "cards");
    assert_int_equal(cJSON_GetArraySize(decks), 2);
    assert_int_equal(cJSON_GetArraySize(combat), 2);
    assert_int_equal(cJSON_GetArraySize(cards), 2);
    const cJSON *da = nth(decks, 0), *db = nth(decks, 1);
    assert_int_equal(lnum(da, "wins"), lnum(db, "losses"));
    assert_int_equal(lnum(da, "losses"), lnum(db, "wins"));
    assert_int_equal(lnum(da, "draws"), lnum(db, "draws"));
    assert_int_equal(lnum(at(da, "on_play"), "games"), lnum(at(db, "on_draw"), "games"));
    long all_attackers = 0, all_blocks = 0;
    for (int d = 0; d < 2; d++) {
        const cJSON *dk = nth(decks, d);
        const char *name = str(dk, "name");
        assert_int_equal(lnum(dk, "wins") + lnum(dk, "losses") + lnum(dk, "draws"), games);
        assert_int_equal(lnum(at(dk, "on_play"), "games") + lnum(at(dk, "on_draw"), "games"), games);
        assert_int_equal(lnum(at(dk, "on_play"), "wins") + lnum(at(dk, "on_draw"), "wins"), lnum(dk, "wins"));

        const cJSON *cb = nth(combat, d), *tot = at(cb, "totals"), *avg = at(cb, "per_game");
        const cJSON *opp = at(nth(combat, 1 - d), "totals");
        assert_string_equal(str(cb, "deck"), name);
        long att = lnum(tot, "attackers"), blocked = lnum(tot, "attackers_blocked"), blocks = lnum(tot, "blocks");
        assert_int_equal(blocked + lnum(tot, "attackers_unblocked"), att);
        assert_true(lnum(tot, "attacks_declared") <= att);
        assert_true(lnum(tot, "chump_blocks") + lnum(tot, "trades") <= blocks);
        /* An attacker is blocked by one or more of the other deck's blocks. */
        assert_true(blocked <= lnum(opp, "blocks"));
        assert_int_equal(blocked > 0, lnum(opp, "blocks") > 0);
        all_attackers += att;
        all_blocks += blocks;
        const cJSON *v;
        int nkeys = 0;
        cJSON_ArrayForEach(v, tot) {
            char what[128];
            snprintf(what, sizeof what, "combat[%d].per_game.%s", d, v->string);
            check_rate(what, at(avg, v->string), (long)llround(v->valuedouble), games);
            nkeys++;
        }
        assert_int_equal(nkeys, 16);
        long dmg = lnum(tot, "combat_damage_to_players") + lnum(tot, "combat_damage_to_creatures") +
                   lnum(tot, "combat_damage_to_planeswalkers");

        const cJSON *cd = nth(cards, d);
        assert_string_equal(str(cd, "deck"), name);
        long s_att = 0, s_blk = 0, s_dmg = 0, copies = 0;
        const cJSON *card;
        cJSON_ArrayForEach(card, at(cd, "cards")) {
            const char *cn = str(card, "name");
            long gih = lnum(card, "games_in_hand"), gns = lnum(card, "games_not_seen");
            long oh = lnum(card, "games_opening_hand"), gd = lnum(card, "games_drawn");
            if (gih + gns != games) fail_msg("%s: games_in_hand %ld + games_not_seen %ld != %ld", cn, gih, gns, games);
            if (oh + gd != gih) fail_msg("%s: games_opening_hand %ld + games_drawn %ld != games_in_hand %ld", cn, oh, gd, gih);
            const char *rk[] = { "gih_wr", "oh_wr", "gd_wr", "gns_wr" };
            long rn[] = { gih, oh, gd, gns };
            for (int k = 0; k < 4; k++) {
                const cJSON *r = at(card, rk[k]);
                if (cJSON_IsNull(r) != (rn[k] == 0)) fail_msg("%s.%s: null iff over no games", cn, rk[k]);
                if (!cJSON_IsNull(r) && (r->valuedouble < 0 || r->valuedouble > 1)) fail_msg("%s.%s out of [0, 1]", cn, rk[k]);
            }
            const cJSON *iwd = at(card, "iwd");
            if (cJSON_IsNull(at(card, "gih_wr")) || cJSON_IsNull(at(card, "gns_wr"))) assert_true(cJSON_IsNull(iwd));
            else if (fabs(iwd->valuedouble - (num(card, "gih_wr") - num(card, "gns_wr"))) > 2 * EPS)
                fail_msg("%s: iwd %.6f != gih_wr - gns_wr", cn, iwd->valuedouble);
            s_att += lnum(card, "attacked");
            s_blk += lnum(card, "blocked");
            s_dmg += lnum(card, "damage_dealt");
            copies += lnum(card, "copies");
            const cJSON *other;
            cJSON_ArrayForEach(other, at(cd, "cards"))
                if (other != card && !strcmp(str(other, "name"), cn)) fail_msg("%s listed twice in %s", cn, name);
        }
        if (s_att != att) fail_msg("%s: cards attacked %ld times, combat says %ld attackers", name, s_att, att);
        if (s_blk != blocks) fail_msg("%s: cards blocked %ld times, combat says %ld blocks", name, s_blk, blocks);
        if (s_dmg != dmg) fail_msg("%s: cards dealt %ld damage, combat says %ld", name, s_dmg, dmg);
        assert_int_equal(copies, DECK_SIZE);
    }
    /* The relations above are not empty. */
    assert_true(all_attackers > 0);
    assert_true(all_blocks > 0);
    cJSON_Delete(j);
}

/* ------------------------------------------------------------------ 5 */

static const char *const summary_header[] = {
    "deck", "file", "policy", "games", "wins", "losses", "draws", "win_rate", "ci95_low", "ci95_high",
    "play_games", "play_wins", "play_win_rate", "draw_games", "draw_wins", "draw_win_rate", "mulligans"
};
static const char *const combat_header[] = {
    "deck", "attacks_declared", "attackers", "attackers_blocked", "attackers_unblocked", "blocks",
    "chump_blocks", "trades", "creatures_lost_in_combat", "combat_damage_to_players",
    "combat_damage_to_creatures", "combat_damage_to_planeswalkers", "first_strike_kills",
    "trample_damage_through", "lifelink_life_gained", "poison_dealt", "deathtouch_kills"
};
static const char *const cards_header[] = {
    "deck", "card", "copies", "games_in_hand", "gih_wr", "games_opening_hand", "oh_wr", "games_drawn",
    "gd_wr", "games_not_seen", "gns_wr", "iwd", "cast", "attacked", "blocked", "damage_dealt",
    "creatures_killed", "deaths"
};

/* Deck A is a copy named `wu, "q"` (the name comes from the file name), so
 * names and paths in the CSV need RFC 4180 quoting. */
static void test_csv(void **state)
{
    (void)state;
    const char *qdeck = tp("wu, \"q\".txt");
    char *text = slurp(deck_a);
    assert_non_null(text);
    spit(qdeck, text);
    free(text);
    const char *dir = tp("csv"), *x = tp("csv.json");
    MTG_OK("run", qdeck, deck_b, "--games", "200", "--seed", "5", "--json", x, "--csv", dir, "--per-game", "--quiet");
    cJSON *j = load_json(x);
    const cJSON *decks = at(j, "decks");
    const char *name[2] = { str(nth(decks, 0), "name"), str(nth(decks, 1), "name") };
    assert_non_null(strchr(name[0], ','));   /* the quoting below is exercised */
    char path[1100];

    snprintf(path, sizeof path, "%s/summary.csv", dir);
    char *raw = slurp(path);
    assert_non_null(strstr(raw, "\"wu, \"\"q\"\"\""));   /* "" escapes a quote inside quotes */
    free(raw);
    Csv c = csv_load(path);
    csv_header_is(&c, "summary.csv", summary_header, 17);
    assert_int_equal(c.rows, 3);
    for (int d = 0; d < 2; d++) {
        const cJSON *o = nth(decks, d), *op = at(o, "on_play"), *od = at(o, "on_draw");
        assert_string_equal(csv_at(&c, d, "deck"), name[d]);
        assert_string_equal(csv_at(&c, d, "file"), str(o, "file"));
        assert_string_equal(csv_at(&c, d, "policy"), str(o, "policy"));
        csv_same("games", csv_at(&c, d, "games"), at(j, "games"));
        csv_same("wins", csv_at(&c, d, "wins"), at(o, "wins"));
        csv_same("losses", csv_at(&c, d, "losses"), at(o, "losses"));
        csv_same("draws", csv_at(&c, d, "draws"), at(o, "draws"));
        csv_same("win_rate", csv_at(&c, d, "win_rate"), at(o, "win_rate"));
        csv_same("ci95_low", csv_at(&c, d, "ci95_low"), nth(at(o, "ci95"), 0));
        csv_same("ci95_high", csv_at(&c, d, "ci95_high"), nth(at(o, "ci95"), 1));
        csv_same("play_games", csv_at(&c, d, "play_games"), at(op, "games"));
        csv_same("play_wins", csv_at(&c, d, "play_wins"), at(op, "wins"));
        csv_same("play_win_rate", csv_at(&c, d, "play_win_rate"), at(op, "win_rate"));
        csv_same("draw_games", csv_at(&c, d, "draw_games"), at(od, "games"));
        csv_same("draw_wins", csv_at(&c, d, "draw_wins"), at(od, "wins"));
        csv_same("draw_win_rate", csv_at(&c, d, "draw_win_rate"), at(od, "win_rate"));
        csv_same("mulligans", csv_at(&c, d, "mulligans"), at(at(o, "mulligans"), "total"));
    }
    csv_free(&c);

    snprintf(path, sizeof path, "%s/combat.csv", dir);
    c = csv_load(path);
    csv_header_is(&c, "combat.csv", combat_header, 17);
    assert_int_equal(c.rows, 3);
    for (int d = 0; d < 2; d++) {
        const cJSON *tot = at(nth(at(j, "combat"), d), "totals");
        assert_string_equal(csv_at(&c, d, "deck"), name[d]);
        for (int k = 1; k < 17; k++) csv_same(combat_header[k], csv_at(&c, d, combat_header[k]), at(tot, combat_header[k]));
    }
    csv_free(&c);

    snprintf(path, sizeof path, "%s/cards.csv", dir);
    c = csv_load(path);
    csv_header_is(&c, "cards.csv", cards_header, 18);
    int row = 0;
    for (int d = 0; d < 2; d++) {
        const cJSON *card;
        cJSON_ArrayForEach(card, at(nth(at(j, "cards"), d), "cards")) {
            if (row + 1 >= c.rows) fail_msg("cards.csv: fewer rows than cards in the JSON");
            assert_string_equal(csv_at(&c, row, "deck"), name[d]);
            assert_string_equal(csv_at(&c, row, "card"), str(card, "name"));
            for (int k = 2; k < 18; k++) csv_same(cards_header[k], csv_at(&c, row, cards_header[k]), at(card, cards_header[k]));
            row++;
        }
    }
    assert_int_equal(c.rows - 1, row);
    assert_true(row > 0);
    csv_free(&c);

    snprintf(path, sizeof path, "%s/games.csv", dir);
    GameRow *g;
    int n = read_games(path, name[0], name[1], &g);
    assert_int_equal(n, lnum(j, "games"));
    long wins[2] = {0};
    for (int i = 0; i < n; i++) if (g[i].winner < 2) wins[g[i].winner]++;
    assert_int_equal(wins[0], lnum(nth(decks, 0), "wins"));
    assert_int_equal(wins[1], lnum(nth(decks, 1), "wins"));
    free(g);
    /* Nothing but the four files, no temporary left. */
    assert_int_equal(test_count_named(dir, ".tmp"), 0);
    cJSON_Delete(j);
}

/* ---------------------------------------------------------------- 6, 7 */

/* A long run stopped by `sig`: while it runs, the report is not there (or
 * still holds what was there before); after, a complete-false report of the
 * games played, games.csv agreeing with it, and no temporary file left. */
static void interrupted(int sig, int preexisting)
{
    const char *x = tp("int%d.json", sig), *dir = tp("int%d_csv", sig);
    char tmpname[64], games_csv[1100];
    snprintf(tmpname, sizeof tmpname, "int%d.json.tmp.", sig);
    snprintf(games_csv, sizeof games_csv, "%s/games.csv", dir);
    if (preexisting) spit(x, "old\n");
    const char *args[] = { "run", deck_a, deck_b, "--games", "100000000", "--json", x, "--threads", "2",
                           "--csv", dir, "--per-game", NULL };
    /* Signalled once it printed a progress line: games are being played,
     * and its signal handlers are in place however slow its start was. */
    Tty run;
    tty_start(&run, args);
    tty_wait_for(&run, PROGRESS_MARK);
    if (preexisting) {
        char *t = slurp(x);
        int same = t && !strcmp(t, "old\n");
        free(t);
        if (!same) { free(tty_close(&run)); fail_msg("%s changed while the run was going", x); }
    } else if (exists(x)) {
        free(tty_close(&run));
        fail_msg("%s exists while the run is going", x);
    }
    if (exists(games_csv)) { free(tty_close(&run)); fail_msg("games.csv exists mid-run"); }
    kill(run.pid, sig);
    int status = tty_wait_exit(&run);
    free(tty_close(&run));
    assert_int_equal(status, 0);

    cJSON *j = load_json(x);
    assert_true(cJSON_IsFalse(at(j, "complete")));
    long games = lnum(j, "games");
    if (!(games > 0 && games < 100000000)) fail_msg("interrupted run: %ld games", games);
    assert_int_equal(lnum(j, "games_requested"), 100000000);
    assert_int_equal(test_count_named(tmp, tmpname), 0);
    assert_int_equal(test_count_named(dir, ".tmp"), 0);

    const cJSON *decks = at(j, "decks");
    GameRow *g;
    int n = read_games(games_csv, str(nth(decks, 0), "name"), str(nth(decks, 1), "name"), &g);
    assert_int_equal(n, games);
    long wins = 0, first_gap = -1, gap_game = -1;
    for (int i = 0; i < n; i++) {
        wins += g[i].winner == 0;
        if (first_gap < 0 && g[i].game != i) { first_gap = i; gap_game = g[i].game; }
    }
    long last = n ? g[n - 1].game : -1;
    assert_int_equal(wins, lnum(nth(decks, 0), "wins"));
    free(g);
    char sp[1100];
    snprintf(sp, sizeof sp, "%s/summary.csv", dir);
    Csv c = csv_load(sp);
    assert_int_equal(csv_long("games", csv_at(&c, 0, "games")), games);
    csv_free(&c);

    /* The games played are games 0..N-1: row I of games.csv is game I (what
     * `mtgsim trace --game I` replays), pairs are whole but for the last,
     * and the report is that of `--games N`. */
    if (first_gap >= 0)
        fail_msg("stopped by signal %d: %ld games played, but not games 0..%ld: row %ld is game %ld, the last "
                 "row game %ld (games skipped in the middle of a batch)", sig, games, games - 1, first_gap,
                 gap_game, last);
    char gs[32];
    snprintf(gs, sizeof gs, "%ld", games);
    const char *y = tp("int%d_again.json", sig);
    MTG_OK("run", deck_a, deck_b, "--games", gs, "--json", y, "--threads", "2", "--quiet");
    cJSON *again = load_json(y);
    const char *drop[] = { "run", "complete", "games_requested" };
    for (int k = 0; k < 3; k++) {
        cJSON_DeleteItemFromObjectCaseSensitive(j, drop[k]);
        cJSON_DeleteItemFromObjectCaseSensitive(again, drop[k]);
    }
    if (!cJSON_Compare(j, again, 1)) fail_msg("the interrupted report is not the report of --games %ld", games);
    cJSON_Delete(again);
    cJSON_Delete(j);
}

static void test_interrupt_sigint(void **state) { (void)state; interrupted(SIGINT, 0); }
static void test_interrupt_sigterm(void **state) { (void)state; interrupted(SIGTERM, 1); }

/* ------------------------------------------------------------------ 8 */

static void test_ci_width(void **state)
{
    (void)state;
    long games[2];
    char *norm[2];
    for (int t = 0; t < 2; t++) {
        const char *x = tp("ci%d.json", t);
        MTG_OK("run", deck_a, deck_b, "--games", "1000000", "--ci-width", "0.02", "--json", x, "--threads", t ? "2" : "1", "--quiet");
        cJSON *j = load_json(x);
        games[t] = lnum(j, "games");
        if (!(games[t] > 0 && games[t] < 1000000)) fail_msg("--ci-width 0.02: %ld games", games[t]);
        if (games[t] % BATCH) fail_msg("--ci-width 0.02: %ld games, not a multiple of %d", games[t], BATCH);
        const cJSON *ci = at(nth(at(j, "decks"), 0), "ci95");
        double half = (nth(ci, 1)->valuedouble - nth(ci, 0)->valuedouble) / 2;
        if (!(half < 0.02)) fail_msg("--ci-width 0.02 stopped at half-width %.6f", half);
        assert_true(cJSON_IsTrue(at(j, "complete")));
        assert_true(fabs(num(j, "ci_width") - 0.02) < 1e-12);
        assert_int_equal(lnum(j, "games_requested"), 1000000);
        cJSON_Delete(j);
        norm[t] = without_run(x);
    }
    assert_int_equal(games[0], games[1]);
    same_text("--ci-width report on 1 and 2 threads", norm[0], norm[1]);
    free(norm[0]); free(norm[1]);

    /* A narrower width needs more than one batch (0.009: the half-width is
     * 0.0108 after one, at seed 5): it stops at the first batch boundary
     * that reaches it, and the report is that of --games G. */
    const char *x = tp("ci_narrow.json");
    MTG_OK("run", deck_a, deck_b, "--games", "1000000", "--ci-width", "0.009", "--seed", "5", "--json", x, "--quiet");
    cJSON *j = load_json(x);
    long g = lnum(j, "games");
    if (g <= BATCH || g % BATCH) fail_msg("--ci-width 0.009: %ld games", g);
    char gs[32], gp[32];
    snprintf(gs, sizeof gs, "%ld", g);
    snprintf(gp, sizeof gp, "%ld", g - BATCH);
    MTG_OK("run", deck_a, deck_b, "--games", gp, "--seed", "5", "--json", tp("ci_prev.json"), "--quiet");
    cJSON *prev = load_json(tp("ci_prev.json"));
    const cJSON *ci = at(nth(at(prev, "decks"), 0), "ci95");
    double half = (nth(ci, 1)->valuedouble - nth(ci, 0)->valuedouble) / 2;
    if (half < 0.009) fail_msg("--ci-width 0.009 went on past %ld games, where the half-width was %.6f", g - BATCH, half);
    MTG_OK("run", deck_a, deck_b, "--games", gs, "--seed", "5", "--json", tp("ci_same.json"), "--quiet");
    cJSON *same = load_json(tp("ci_same.json"));
    const char *drop[] = { "run", "games_requested", "ci_width" };
    for (int k = 0; k < 3; k++) {
        cJSON_DeleteItemFromObjectCaseSensitive(j, drop[k]);
        cJSON_DeleteItemFromObjectCaseSensitive(same, drop[k]);
    }
    if (!cJSON_Compare(j, same, 1)) fail_msg("the --ci-width run is not the run of --games %ld", g);
    cJSON_Delete(j); cJSON_Delete(prev); cJSON_Delete(same);
}

/* ------------------------------------------------------------------ 9 */

static void test_gauntlet(void **state)
{
    (void)state;
    const char *x1 = tp("g1.json"), *x2 = tp("g2.json"), *d1 = tp("g1_csv"), *d2 = tp("g2_csv");
    MTG_OK("gauntlet", deck_a, deck_b, deck_c, "--games", "2000", "--seed", "9", "--json", x1, "--csv", d1,
           "--threads", "1", "--quiet");
    MTG_OK("gauntlet", deck_a, deck_b, deck_c, "--games", "2000", "--seed", "9", "--json", x2, "--csv", d2,
           "--threads", "2", "--quiet");
    char *n1 = without_run(x1), *n2 = without_run(x2);
    same_text("gauntlet report on 1 and 2 threads", n1, n2);
    free(n1); free(n2);
    const char *files[] = { "matrix.csv", "field.csv" };
    for (int k = 0; k < 2; k++) {
        char p1[1100], p2[1100];
        snprintf(p1, sizeof p1, "%s/%s", d1, files[k]);
        snprintf(p2, sizeof p2, "%s/%s", d2, files[k]);
        char *a = slurp(p1), *b = slurp(p2);
        assert_non_null(a); assert_non_null(b);
        same_text(files[k], a, b);
        free(a); free(b);
    }

    cJSON *j = load_json(x1);
    assert_string_equal(str(j, "schema"), "mtgsim-gauntlet/1");
    assert_true(cJSON_IsTrue(at(j, "complete")));
    assert_int_equal(lnum(j, "games_per_matchup"), 2000);
    const cJSON *names = at(j, "decks"), *mx = at(j, "matrix"), *field = at(j, "field");
    int n = cJSON_GetArraySize(names);
    assert_int_equal(n, 3);
    assert_int_equal(cJSON_GetArraySize(mx), n);
    assert_int_equal(cJSON_GetArraySize(field), n);
    long draws_of[3] = {0};
    for (int i = 0; i < n; i++) {
        const cJSON *row = nth(mx, i);
        assert_int_equal(cJSON_GetArraySize(row), n);
        assert_true(cJSON_IsNull(nth(row, i)));
        long w = 0, g = 0;
        for (int k = 0; k < n; k++) {
            if (k == i) continue;
            const cJSON *c = nth(row, k), *t = nth(nth(mx, k), i);
            long games = lnum(c, "games");
            assert_int_equal(games, 2000);
            assert_int_equal(lnum(t, "games"), games);
            assert_int_equal(lnum(c, "draws"), lnum(t, "draws"));
            if (lnum(c, "wins") + lnum(t, "wins") + lnum(c, "draws") != games)
                fail_msg("matrix[%d][%d].wins + matrix[%d][%d].wins + draws != games", i, k, k, i);
            char what[64];
            snprintf(what, sizeof what, "matrix[%d][%d]", i, k);
            check_rate(what, at(c, "win_rate"), lnum(c, "wins"), games);
            check_ci(what, at(c, "ci95"), lnum(c, "wins"), games);
            w += lnum(c, "wins");
            g += games;
            draws_of[i] += lnum(c, "draws");
        }
        const cJSON *f = nth(field, i);
        assert_string_equal(str(f, "deck"), cJSON_GetStringValue(nth(names, i)));
        assert_int_equal(lnum(f, "wins"), w);
        assert_int_equal(lnum(f, "games"), g);
        check_rate("field", at(f, "win_rate"), w, g);
        check_ci("field", at(f, "ci95"), w, g);
    }

    /* The cell of A against B is the run of A against B with the same seed. */
    MTG_OK("run", deck_a, deck_b, "--games", "2000", "--seed", "9", "--json", tp("g_ab.json"), "--quiet");
    cJSON *r = load_json(tp("g_ab.json"));
    assert_int_equal(lnum(nth(nth(mx, 0), 1), "wins"), lnum(nth(at(r, "decks"), 0), "wins"));
    cJSON_Delete(r);

    char path[1100];
    snprintf(path, sizeof path, "%s/matrix.csv", d1);
    Csv c = csv_load(path);
    assert_int_equal(c.cols, n + 2);
    assert_int_equal(c.rows, n + 1);
    assert_string_equal(c.cell[n + 1], "field");
    for (int k = 0; k < n; k++) assert_string_equal(c.cell[k + 1], cJSON_GetStringValue(nth(names, k)));
    for (int i = 0; i < n; i++) {
        const char *rowname = cJSON_GetStringValue(nth(names, i));
        assert_string_equal(c.cell[(i + 1) * c.cols], rowname);   /* the row deck */
        for (int k = 0; k < n; k++) {
            const char *cell = csv_at(&c, i, cJSON_GetStringValue(nth(names, k)));
            if (k == i) { assert_string_equal(cell, ""); continue; }
            csv_same("matrix.csv cell", cell, at(nth(nth(mx, i), k), "win_rate"));
        }
        csv_same("matrix.csv field", csv_at(&c, i, "field"), at(nth(field, i), "win_rate"));
    }
    csv_free(&c);

    snprintf(path, sizeof path, "%s/field.csv", d1);
    c = csv_load(path);
    static const char *const field_header[] = { "deck", "games", "wins", "draws", "win_rate", "ci95_low", "ci95_high" };
    csv_header_is(&c, "field.csv", field_header, 7);
    assert_int_equal(c.rows, n + 1);
    for (int i = 0; i < n; i++) {
        const cJSON *f = nth(field, i);
        assert_string_equal(csv_at(&c, i, "deck"), str(f, "deck"));
        csv_same("field.csv games", csv_at(&c, i, "games"), at(f, "games"));
        csv_same("field.csv wins", csv_at(&c, i, "wins"), at(f, "wins"));
        assert_int_equal(csv_long("draws", csv_at(&c, i, "draws")), draws_of[i]);
        csv_same("field.csv win_rate", csv_at(&c, i, "win_rate"), at(f, "win_rate"));
        csv_same("field.csv ci95_low", csv_at(&c, i, "ci95_low"), nth(at(f, "ci95"), 0));
        csv_same("field.csv ci95_high", csv_at(&c, i, "ci95_high"), nth(at(f, "ci95"), 1));
    }
    csv_free(&c);
    cJSON_Delete(j);
}

/* A gauntlet stopped by SIGINT during its first matchup: a complete-false
 * report whose played cells add up, and a deck that played no game has a
 * null win rate ("a rate over no games is null"). */
static void test_gauntlet_interrupted(void **state)
{
    (void)state;
    const char *x = tp("gint.json"), *dir = tp("gint_csv");
    const char *args[] = { "gauntlet", deck_a, deck_b, deck_c, "--games", "100000000", "--json", x,
                           "--csv", dir, "--threads", "2", NULL };
    Tty run;
    tty_start(&run, args);
    tty_wait_for(&run, PROGRESS_MARK);   /* playing its first matchup */
    if (exists(x)) { free(tty_close(&run)); fail_msg("%s exists while the gauntlet is going", x); }
    kill(run.pid, SIGINT);
    int status = tty_wait_exit(&run);
    free(tty_close(&run));
    assert_int_equal(status, 0);
    assert_int_equal(test_count_named(tmp, "gint.json.tmp."), 0);
    assert_int_equal(test_count_named(dir, ".tmp"), 0);

    cJSON *j = load_json(x);
    assert_true(cJSON_IsFalse(at(j, "complete")));
    const cJSON *mx = at(j, "matrix"), *field = at(j, "field");
    const cJSON *ab = nth(nth(mx, 0), 1), *ba = nth(nth(mx, 1), 0);
    long games = lnum(ab, "games");
    if (!(games > 0 && games < 100000000)) fail_msg("interrupted gauntlet: %ld games in the first matchup", games);
    assert_int_equal(lnum(ab, "wins") + lnum(ba, "wins") + lnum(ab, "draws"), games);
    for (int i = 0; i < 3; i++) {
        long w = 0, g = 0;
        for (int k = 0; k < 3; k++) {
            const cJSON *c = nth(nth(mx, i), k);
            if (k == i || cJSON_IsNull(c)) continue;
            w += lnum(c, "wins");
            g += lnum(c, "games");
        }
        const cJSON *f = nth(field, i);
        assert_int_equal(lnum(f, "wins"), w);
        assert_int_equal(lnum(f, "games"), g);
        char what[64];
        snprintf(what, sizeof what, "interrupted gauntlet: field[%d].win_rate", i);
        check_rate(what, at(f, "win_rate"), w, g);
    }
    char path[1100];
    snprintf(path, sizeof path, "%s/field.csv", dir);
    Csv c = csv_load(path);
    for (int i = 0; i < 3; i++)
        csv_same("interrupted gauntlet: field.csv win_rate", csv_at(&c, i, "win_rate"), at(nth(field, i), "win_rate"));
    csv_free(&c);
    cJSON_Delete(j);
}

/* Runs `mtgsim run ... [EXTRA]` with standard error on a pseudo-terminal
 * and returns what it printed there (caller frees). */
static char *stderr_on_terminal(const char *extra)
{
    const char *args[] = { "run", deck_a, deck_b, "--games", "3000", "--json", tp("tty.json"), extra, NULL };
    Tty run;
    tty_start(&run, args);
    int status = tty_wait_exit(&run);
    char *text = tty_close(&run);
    if (status != 0) { free(text); fail_msg("mtgsim run on a terminal exited %d", status); }
    return text;
}

/* A progress line on standard error when it is a terminal; nothing when it
 * is piped or with --quiet. */
static void test_progress_line(void **state)
{
    (void)state;
    Proc p = mtg("run", deck_a, deck_b, "--games", "3000", "--json", tp("piped.json"), NULL);
    assert_int_equal(p.status, 0);
    if (p.err[0]) fail_msg("progress written to a pipe: %s", p.err);
    assert_non_null(strstr(p.out, "report:"));    /* the summary is on stdout */
    proc_free(&p);
    char *t = stderr_on_terminal(NULL);
    if (!strstr(t, PROGRESS_MARK)) fail_msg("no progress line on a terminal: \"%s\"", t);
    free(t);
    t = stderr_on_terminal("--quiet");
    if (t[0]) fail_msg("--quiet: wrote on the terminal: \"%s\"", t);
    free(t);
}

/* The summary says plainly when over 1 % of the games ended at the turn
 * cap or by an empty library, with the count and share the report has;
 * and says nothing of either when none did. */
static void summary_note(const char *const *args, const char *needle, int want)
{
    Proc p = mtgv(args);
    assert_int_equal(p.status, 0);
    const char *hit = strstr(p.out, needle);
    if (!want) {
        if (strstr(p.out, "note:")) fail_msg("a note where none is due: %s", p.out);
        proc_free(&p);
        return;
    }
    if (!hit) fail_msg("no note \"%s\" in the summary: %s", needle, p.out);
    cJSON *j = load_json(tp("notes.json"));
    long games = lnum(j, "games");
    long n = lnum(at(j, "end_reasons"), strstr(needle, "turn cap") ? "turn_cap" : "empty_library");
    char line[128];
    snprintf(line, sizeof line, "note: %ld games (%.1f%%)", n, 100.0 * (double)n / (double)games);
    if (n * 100 <= games || !strstr(p.out, line)) fail_msg("want \"%s\" (over 1 %%) in: %s", line, p.out);
    cJSON_Delete(j);
    proc_free(&p);
}

static void test_summary_notes(void **state)
{
    (void)state;
    char bg[1100], stompy[1100];
    snprintf(bg, sizeof bg, "%s/bg_deathtouch.dck", DECKS_DIR);
    snprintf(stompy, sizeof stompy, "%s/green_stompy.txt", DECKS_DIR);
    const char *j = tp("notes.json");
    /* Deathtouch blockers on both sides: with the baseline heuristic, which
     * does not break stalls, about a third of the games end by drawing. */
    summary_note((const char *const[]){ "run", bg, bg, "--games", "400", "--policy", "heuristic:version=1", "--json", j,
                                        NULL },
                 "ended when a player drew from an empty library", 1);
    summary_note((const char *const[]){ "run", bg, bg, "--games", "400", "--turn-cap", "16", "--json", j, NULL },
                 "were still going at the turn cap of 16 turns", 1);
    summary_note((const char *const[]){ "run", stompy, stompy, "--games", "200", "--json", j, NULL }, "", 0);
}

/* ----------------------------------------------------------------- 10 */

/* Bad input: exit status 2, `needle` on stderr, nothing on stdout, and
 * neither the report nor the CSV folder created. */
static void refused(const char *needle, const char *json, const char *csvdir, const char *const *args)
{
    Proc p = mtgv(args);
    char what[256] = "";
    for (const char *const *a = args; *a; a++) {
        strncat(what, " ", sizeof what - strlen(what) - 1);
        strncat(what, *a, sizeof what - strlen(what) - 1);
    }
    if (p.status != 2) fail_msg("mtgsim%s: exit %d, want 2 (stderr: %s)", what, p.status, p.err);
    if (!p.err[0] || !strstr(p.err, needle)) fail_msg("mtgsim%s: stderr does not name \"%s\": %s", what, needle, p.err);
    if (p.out[0]) fail_msg("mtgsim%s: printed on stdout: %s", what, p.out);
    if (json && exists(json)) fail_msg("mtgsim%s: wrote %s", what, json);
    if (csvdir && exists(csvdir)) fail_msg("mtgsim%s: created %s", what, csvdir);
    proc_free(&p);
}

static void test_bad_input(void **state)
{
    (void)state;
    const char *x = tp("bad.json"), *dir = tp("bad_csv");
    static const struct { const char *opt, *val, *needle; } cases[] = {
        { "--games", "0", "--games" },
        { "--games", "-5", "--games" },
        { "--games", "abc", "--games" },
        { "--threads", "0", "--threads" },
        { "--seed", "notanumber", "--seed" },
        { "--seed", "9007199254740992", "--seed" },
        { "--edition", "2012", "--edition" },
        { "--policy", "nosuch", "nosuch" },
        { "--ci-width", "2", "--ci-width" },
    };
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        const char *args[] = { "run", deck_a, deck_b, "--games", "10", "--json", x, "--csv", dir,
                               cases[k].opt, cases[k].val, NULL };
        refused(cases[k].needle, x, dir, args);
    }
    const char *per_game[] = { "run", deck_a, deck_b, "--games", "10", "--json", x, "--per-game", NULL };
    refused("--per-game", x, NULL, per_game);
    char missing[1100];
    snprintf(missing, sizeof missing, "%s/no_such_deck.txt", tmp);
    const char *no_deck[] = { "run", missing, deck_b, "--games", "10", "--json", x, "--csv", dir, NULL };
    refused("no_such_deck.txt", x, dir, no_deck);
    const char *one_deck[] = { "run", deck_a, "--games", "10", "--json", x, "--csv", dir, NULL };
    refused("deck", x, dir, one_deck);
    const char *no_dir[] = { "run", deck_a, deck_b, "--games", "10", "--json", "/nonexistent_dir/x.json", "--csv", dir, NULL };
    refused("/nonexistent_dir", NULL, dir, no_dir);
    const char *g_one[] = { "gauntlet", deck_a, "--games", "10", "--json", x, "--csv", dir, NULL };
    refused("deck", x, dir, g_one);
    const char *unknown[] = { "run", deck_a, deck_b, "--games", "10", "--json", x, "--csv", dir, "--frobnicate", NULL };
    refused("--frobnicate", x, dir, unknown);
    const char *no_value[] = { "run", deck_a, deck_b, "--json", x, "--csv", dir, "--games", NULL };
    refused("--games", x, dir, no_value);
    const char *json_dir[] = { "run", deck_a, deck_b, "--games", "10", "--json", tmp, "--csv", dir, NULL };
    refused(tmp, NULL, dir, json_dir);
    const char *afile = tp("a_file");
    spit(afile, "keep\n");
    const char *csv_file[] = { "run", deck_a, deck_b, "--games", "10", "--json", x, "--csv", afile, NULL };
    refused("a_file", x, NULL, csv_file);
    char *kept = slurp(afile);
    assert_string_equal(kept, "keep\n");
    free(kept);

    /* A folder mtgsim may not write in: as root (CI), mtgsim runs without
     * the capability that lets root write anywhere (drop_dac); a user who
     * can write in it anyway fails the test. */
    const char *ro = tp("readonly");
    assert_int_equal(mkdir(ro, 0700), 0);
    assert_int_equal(chmod(ro, 0500), 0);
    if (geteuid() == 0) {
        drop_dac = 1;
    } else if (access(ro, W_OK) == 0) {
        fail_msg("%s: mode 0500, yet writable by uid %d: cannot test a read-only folder", ro, (int)geteuid());
    }
    char rx[1100], rd[1100];
    snprintf(rx, sizeof rx, "%s/x.json", ro);
    snprintf(rd, sizeof rd, "%s/csv", ro);
    const char *ro_json[] = { "run", deck_a, deck_b, "--games", "10", "--json", rx, NULL };
    refused("readonly", rx, NULL, ro_json);
    const char *ro_csv[] = { "run", deck_a, deck_b, "--games", "10", "--json", "-", "--csv", rd, NULL };
    refused("readonly", NULL, rd, ro_csv);
    drop_dac = 0;
    chmod(ro, 0700);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_csv_reader),
        cmocka_unit_test(test_determinism_across_threads),
        cmocka_unit_test(test_seed),
        cmocka_unit_test(test_pairing),
        cmocka_unit_test(test_report_vs_hand_tallies),
        cmocka_unit_test(test_report_consistency),
        cmocka_unit_test(test_csv),
        cmocka_unit_test(test_interrupt_sigint),
        cmocka_unit_test(test_interrupt_sigterm),
        cmocka_unit_test(test_ci_width),
        cmocka_unit_test(test_gauntlet),
        cmocka_unit_test(test_gauntlet_interrupted),
        cmocka_unit_test(test_progress_line),
        cmocka_unit_test(test_summary_notes),
        cmocka_unit_test(test_bad_input),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
