/* output.c: a command's files, checked before it runs and written all or
 * nothing through temporaries (see output.h); the check of stdout. */
#define _XOPEN_SOURCE 700   /* realpath */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>
#include "output.h"

#define OUT_PATH 4096
#define TMP_TAG ".tmp.mtgsim."   /* .NAME.tmp.mtgsim.PID: a temporary being written */
#define OLD_TAG ".old.mtgsim."   /* .NAME.old.mtgsim.PID: the file replaced, while a commit may undo */
#define LINK_HOPS 40             /* symbolic links followed, as the kernel's limit */

enum { OUT_FILE, OUT_DIRECT, OUT_STDOUT };

struct OutputTarget {
    char *path;            /* as given: messages and summaries */
    const char *role;      /* the option that names it ("--json") */
    int kind;              /* OUT_FILE: temporary, then rename; OUT_DIRECT: a device or
                              FIFO, written in place; OUT_STDOUT: "-" */
    int existed;           /* real was a file at the check */
    mode_t mode;           /* its permission bits, given to the temporary */
    char real[OUT_PATH];   /* the file replaced: path, or where its links lead (output_check) */
    char tmp[OUT_PATH];    /* its temporary while one exists, else "" */
    char old[OUT_PATH];    /* a hard link to the file it replaced while a commit may undo, else "" */
    FILE *f;               /* the open stream, or NULL */
    int opened;            /* output_open was called */
    int renamed;           /* the temporary is in place */
    int made;              /* real did not exist when renamed: undone by removing it */
};

void output_init(OutputSet *s) { memset(s, 0, sizeof *s); }

/* Keeps the first error of the set. */
static void note(OutputSet *s, const char *fmt, ...)
{
    if (s->err[0]) return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->err, sizeof s->err, fmt, ap);
    va_end(ap);
}

void output_input(OutputSet *s, const char *what, const char *path)
{
    if (!path) return;
    if (s->nin == s->capin) {
        int cap = s->capin ? 2 * s->capin : 16;
        char **in = realloc(s->in, (size_t)cap * sizeof *in);
        if (in) s->in = in;
        const char **w = in ? realloc(s->in_what, (size_t)cap * sizeof *w) : NULL;
        if (w) s->in_what = w;
        if (!in || !w) { s->oom = 1; return; }
        s->capin = cap;
    }
    if (!(s->in[s->nin] = strdup(path))) { s->oom = 1; return; }
    s->in_what[s->nin++] = what;
}

void output_folder(OutputSet *s, const char *role, const char *dir)
{
    free(s->folder);
    s->folder = strdup(dir);
    s->folder_role = role;
    if (!s->folder) s->oom = 1;
}

int output_file(OutputSet *s, const char *role, const char *path)
{
    if (s->n == s->cap) {
        int cap = s->cap ? 2 * s->cap : 8;
        OutputTarget *t = realloc(s->t, (size_t)cap * sizeof *t);
        if (!t) { s->oom = 1; return -1; }
        s->t = t;
        s->cap = cap;
    }
    OutputTarget *t = &s->t[s->n];
    memset(t, 0, sizeof *t);
    if (!(t->path = strdup(path))) { s->oom = 1; return -1; }
    t->role = role;
    t->kind = strcmp(path, "-") ? OUT_FILE : OUT_STDOUT;
    return s->n++;
}

int output_file_in(OutputSet *s, const char *role, const char *dir, const char *name)
{
    char path[OUT_PATH];
    if ((size_t)snprintf(path, sizeof path, "%s/%s", dir, name) >= sizeof path) { s->oom = 1; return -1; }
    return output_file(s, role, path);
}

const char *output_path(const OutputSet *s, int k) { return k >= 0 && k < s->n ? s->t[k].path : ""; }

/* ---- paths ---- */

/* The folder part of a path ("." when none), and the name after it. */
static void parent_of(const char *path, char *out, size_t n)
{
    snprintf(out, n, "%s", path);
    char *slash = strrchr(out, '/');
    if (!slash) snprintf(out, n, ".");
    else if (slash == out) out[1] = 0;
    else *slash = 0;
}

static const char *name_of(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* Two spellings of one folder: "out" and "out/". */
static int same_folder(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    while (la > 1 && a[la - 1] == '/') la--;
    while (lb > 1 && b[lb - 1] == '/') lb--;
    return la == lb && !strncmp(a, b, la);
}

static int dir_writable(const char *dir, const char *what, char *err, size_t errlen)
{
    struct stat st;
    if (stat(dir, &st) != 0) { snprintf(err, errlen, "%s: folder %s: %s", what, dir, strerror(errno)); return -1; }
    if (!S_ISDIR(st.st_mode)) { snprintf(err, errlen, "%s: %s is not a folder", what, dir); return -1; }
    if (access(dir, W_OK | X_OK) != 0) { snprintf(err, errlen, "%s: folder %s is not writable", what, dir); return -1; }
    return 0;
}

/* Follows t->path's symbolic links to the file they lead to (t->real),
 * made or not. 0 with *st filled and *exists, or -1 with a message. */
static int resolve(OutputTarget *t, struct stat *st, int *exists, char *err, size_t errlen)
{
    snprintf(t->real, sizeof t->real, "%s", t->path);
    for (int hop = 0; hop <= LINK_HOPS; hop++) {
        if (lstat(t->real, st) != 0) {
            /* Missing, or a folder on the way missing: the folder check says which. */
            if (errno == ENOENT || errno == ENOTDIR) { *exists = 0; return 0; }
            snprintf(err, errlen, "%s %s: %s", t->role, t->path, strerror(errno));
            return -1;
        }
        if (!S_ISLNK(st->st_mode)) { *exists = 1; return 0; }
        char to[OUT_PATH], dir[OUT_PATH];
        ssize_t len = readlink(t->real, to, sizeof to - 1);
        if (len < 0) { snprintf(err, errlen, "%s %s: %s", t->role, t->path, strerror(errno)); return -1; }
        to[len] = 0;
        parent_of(t->real, dir, sizeof dir);
        int w = to[0] == '/' ? snprintf(t->real, sizeof t->real, "%s", to)
                             : snprintf(t->real, sizeof t->real, "%s/%s", dir, to);
        if (w < 0 || (size_t)w >= sizeof t->real) {
            snprintf(err, errlen, "%s %s: %s", t->role, t->path, strerror(ENAMETOOLONG));
            return -1;
        }
    }
    snprintf(err, errlen, "%s %s: %s", t->role, t->path, strerror(ELOOP));
    return -1;
}

/* ---- checks ---- */

static int check_target(OutputSet *s, OutputTarget *t, char *err, size_t errlen)
{
    struct stat st;
    int exists;
    if (resolve(t, &st, &exists, err, errlen)) return -1;
    char dir[OUT_PATH];
    parent_of(t->real, dir, sizeof dir);
    if (!exists) {
        t->kind = OUT_FILE;
        if (s->folder && same_folder(dir, s->folder)) return 0;   /* checked as the set's folder */
        return dir_writable(dir, t->path, err, errlen);
    }
    if (S_ISDIR(st.st_mode)) { snprintf(err, errlen, "%s %s: is a folder", t->role, t->path); return -1; }
    if (S_ISREG(st.st_mode)) {
        t->kind = OUT_FILE;
        t->existed = 1;
        t->mode = st.st_mode & 07777;
        return dir_writable(dir, t->path, err, errlen);
    }
    /* A disk would be overwritten, not a file replaced: never wanted. */
    if (S_ISBLK(st.st_mode)) {
        snprintf(err, errlen, "%s %s: is a disk (block device), not a file", t->role, t->path);
        return -1;
    }
    if (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode)) {
        t->kind = OUT_DIRECT;
        if (access(t->real, W_OK) != 0) { snprintf(err, errlen, "%s %s: %s", t->role, t->path, strerror(errno)); return -1; }
        return 0;
    }
    snprintf(err, errlen, "%s %s: is a socket, not a file", t->role, t->path);
    return -1;
}

/* Same file: the same inode when both exist, else the same path. */
static int same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    if (stat(a, &sa) == 0 && stat(b, &sb) == 0) return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
    return !strcmp(a, b);
}

int output_check(OutputSet *s, char *err, size_t errlen)
{
    if (s->oom) { snprintf(err, errlen, "out of memory"); return -1; }
    if (s->folder) {
        struct stat st;
        if (stat(s->folder, &st) == 0) {
            if (dir_writable(s->folder, s->folder_role, err, errlen)) return -1;
        } else {
            char dir[OUT_PATH];
            parent_of(s->folder, dir, sizeof dir);
            if (dir_writable(dir, s->folder, err, errlen)) return -1;
        }
    }
    for (int k = 0; k < s->n; k++) {
        OutputTarget *t = &s->t[k];
        if (t->kind == OUT_STDOUT) continue;
        if (check_target(s, t, err, errlen)) return -1;
        if (t->kind != OUT_FILE) continue;   /* writing into a device or FIFO replaces nothing */
        for (int i = 0; i < s->nin; i++)
            if (same_file(t->real, s->in[i]) || !strcmp(t->path, s->in[i])) {
                snprintf(err, errlen, "%s %s: would overwrite the %s %s", t->role, t->path, s->in_what[i], s->in[i]);
                return -1;
            }
        for (int j = 0; j < k; j++)
            if (s->t[j].kind == OUT_FILE && same_file(t->real, s->t[j].real)) {
                snprintf(err, errlen, "%s %s: is also the file of %s %s", t->role, t->path, s->t[j].role, s->t[j].path);
                return -1;
            }
    }
    return 0;
}

/* ---- writing ---- */

/* The name of a temporary (tag TMP_TAG) or backup (OLD_TAG) of real. */
static int aside(const char *real, const char *tag, long pid, char *out, size_t n)
{
    char dir[OUT_PATH];
    parent_of(real, dir, sizeof dir);
    int w = snprintf(out, n, "%s/.%s%s%ld", dir, name_of(real), tag, pid);
    return w < 0 || (size_t)w >= n ? -1 : 0;
}

/* Removes real's temporaries and backups left by processes that no longer
 * exist: .NAME.tmp.mtgsim.PID and .NAME.old.mtgsim.PID, regular files, PID
 * dead. (A folder shared by two machines could hold a live temporary of a
 * PID unknown here: writing the same file from two machines at once is not
 * supported anyway.) */
static void remove_stale(const char *real)
{
    char dir[OUT_PATH], path[OUT_PATH + 256];
    parent_of(real, dir, sizeof dir);
    const char *name = name_of(real);
    size_t nl = strlen(name), tl = strlen(TMP_TAG);
    DIR *d = opendir(dir);
    if (!d) return;
    struct dirent *e;
    while ((e = readdir(d))) {
        const char *p = e->d_name;
        if (p[0] != '.' || strncmp(p + 1, name, nl)) continue;
        p += 1 + nl;
        if (strncmp(p, TMP_TAG, tl) && strncmp(p, OLD_TAG, tl)) continue;
        p += tl;
        if (!*p || strlen(p) > 9 || p[strspn(p, "0123456789")]) continue;
        long pid = atol(p);
        if (pid <= 0 || pid == (long)getpid() || kill((pid_t)pid, 0) == 0 || errno != ESRCH) continue;
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (lstat(path, &st) == 0 && S_ISREG(st.st_mode)) unlink(path);
    }
    closedir(d);
}

int output_begin(OutputSet *s, char *err, size_t errlen)
{
    if (s->folder) {
        if (mkdir(s->folder, 0777) == 0) s->folder_made = 1;
        else if (errno != EEXIST) { snprintf(err, errlen, "%s: cannot create: %s", s->folder, strerror(errno)); return -1; }
    }
    for (int k = 0; k < s->n; k++)
        if (s->t[k].kind == OUT_FILE) remove_stale(s->t[k].real);
    return 0;
}

FILE *output_open(OutputSet *s, int k)
{
    if (k < 0 || k >= s->n) { note(s, "out of memory"); return NULL; }
    OutputTarget *t = &s->t[k];
    if (t->f || t->opened) return t->f;
    t->opened = 1;
    if (t->kind == OUT_STDOUT) return t->f = stdout;
    int fd;
    if (t->kind == OUT_DIRECT) {
        fd = open(t->real, O_WRONLY | O_NOCTTY | O_CLOEXEC);
    } else if (aside(t->real, TMP_TAG, (long)getpid(), t->tmp, sizeof t->tmp)) {
        errno = ENAMETOOLONG;
        fd = -1;
    } else {
        /* A file of this name is a leftover of a dead process that had our PID. */
        unlink(t->tmp);
        fd = open(t->tmp, O_WRONLY | O_CREAT | O_EXCL | O_NOCTTY | O_CLOEXEC, 0666);
        if (fd < 0) t->tmp[0] = 0;
        else if (t->existed) fchmod(fd, t->mode);
    }
    if (fd >= 0 && !(t->f = fdopen(fd, "w"))) {
        int e = errno;
        close(fd);
        errno = e;
    }
    if (!t->f) note(s, "%s: cannot write: %s", t->path, strerror(errno));
    return t->f;
}

void output_fail(OutputSet *s, const char *why) { note(s, "%s", why); }

/* Flushes and closes target t's stream (a temporary synced first).
 * 0, or -1 with the error kept. */
static int finish(OutputSet *s, OutputTarget *t)
{
    FILE *f = t->f;
    if (!f) return 0;
    t->f = NULL;
    /* e: the reason, or -1 when an earlier write failed and its errno is
     * gone (output_put notes it at once). */
    int e = 0;
    if (fflush(f) != 0) e = errno;
    if (!e && ferror(f)) e = -1;
    if (t->kind == OUT_STDOUT) {
        if (e) note(s, "cannot write to standard output%s%s", e > 0 ? ": " : "", e > 0 ? strerror(e) : "");
        return e ? -1 : 0;
    }
    if (!e && t->kind == OUT_FILE && fsync(fileno(f)) != 0) e = errno;
    if (fclose(f) != 0 && !e) e = errno;
    if (e) note(s, "%s: cannot write%s%s", t->path, e > 0 ? ": " : "", e > 0 ? strerror(e) : "");
    return e ? -1 : 0;
}

int output_put(OutputSet *s, int k, const char *text, size_t len)
{
    FILE *f = output_open(s, k);
    if (!f) return -1;
    if (fwrite(text, 1, len, f) != len) {
        /* Said now: a write larger than the buffer fails at once, and its
         * errno would be gone by the flush. */
        if (s->t[k].kind == OUT_STDOUT) note(s, "cannot write to standard output: %s", strerror(errno));
        else note(s, "%s: cannot write: %s", s->t[k].path, strerror(errno));
        if (s->t[k].kind != OUT_STDOUT) finish(s, &s->t[k]);
        return -1;
    }
    return s->t[k].kind == OUT_STDOUT ? 0 : finish(s, &s->t[k]);
}

/* Undoes everything: streams closed, temporaries removed, files put back
 * (in reverse order), the folder removed if made here and left empty. */
static void rollback(OutputSet *s)
{
    for (int k = s->n - 1; k >= 0; k--) {
        OutputTarget *t = &s->t[k];
        if (t->f && t->kind != OUT_STDOUT) fclose(t->f);
        t->f = NULL;
        if (t->renamed) {
            if (t->old[0]) rename(t->old, t->real);
            else if (t->made) unlink(t->real);
            /* else: replaced, and no link to put back (a file system without
             * hard links): the new file stays rather than none. */
        } else if (t->old[0]) {
            unlink(t->old);
        }
        if (t->tmp[0]) unlink(t->tmp);
        t->tmp[0] = t->old[0] = 0;
        t->renamed = 0;
    }
    if (s->folder_made) rmdir(s->folder);
    s->folder_made = 0;
    s->done = 1;
}

/* Puts target t's temporary in place, first linking the file it replaces
 * to a backup name so that a later failure can put it back. */
static int put_in_place(OutputSet *s, OutputTarget *t)
{
    struct stat st;
    if (lstat(t->real, &st) == 0) {
        if (!S_ISREG(st.st_mode)) {
            note(s, "%s %s: %s", t->role, t->path, S_ISDIR(st.st_mode) ? "is a folder" : "is no longer a regular file");
            return -1;
        }
        /* Without hard links (some file systems), no backup: still written. */
        if (aside(t->real, OLD_TAG, (long)getpid(), t->old, sizeof t->old) == 0) {
            unlink(t->old);
            if (link(t->real, t->old) != 0) t->old[0] = 0;
        } else {
            t->old[0] = 0;
        }
    } else {
        t->made = 1;
    }
    if (rename(t->tmp, t->real) != 0) {
        note(s, "%s: cannot write: %s", t->path, strerror(errno));
        if (t->old[0]) unlink(t->old);
        t->old[0] = 0;
        return -1;
    }
    t->tmp[0] = 0;
    t->renamed = 1;
    return 0;
}

int output_commit(OutputSet *s, char *err, size_t errlen)
{
    int bad = s->err[0] != 0;
    for (int k = 0; k < s->n; k++) bad |= finish(s, &s->t[k]) != 0;
    for (int k = 0; k < s->n && !bad; k++)
        if (s->t[k].kind == OUT_FILE && s->t[k].opened) bad = put_in_place(s, &s->t[k]) != 0;
    if (bad) {
        rollback(s);
        snprintf(err, errlen, "%s", s->err);
        return -1;
    }
    for (int k = 0; k < s->n; k++)
        if (s->t[k].old[0]) { unlink(s->t[k].old); s->t[k].old[0] = 0; }
    s->done = 1;
    return 0;
}

void output_free(OutputSet *s)
{
    if (!s->done) rollback(s);
    for (int k = 0; k < s->n; k++) free(s->t[k].path);
    for (int i = 0; i < s->nin; i++) free(s->in[i]);
    free(s->t);
    free(s->in);
    free(s->in_what);
    free(s->folder);
    output_init(s);
}

/* ---- paths shown, standard output ---- */

const char *output_shown(const char *path, char *buf, size_t len)
{
    char dir[OUT_PATH], real[PATH_MAX], cwd[PATH_MAX];
    if (path[0] != '/' || !getcwd(cwd, sizeof cwd)) return path;
    parent_of(path, dir, sizeof dir);
    if (!realpath(dir, real)) return path;
    size_t n = strlen(cwd);
    if (!strcmp(real, cwd)) { snprintf(buf, len, "%s", name_of(path)); return buf; }
    if (strncmp(real, cwd, n) || real[n] != '/') return path;
    snprintf(buf, len, "%s/%s", real + n + 1, name_of(path));
    return buf;
}

void output_report_line(const char *indent, const char *json, int given, const char *csv)
{
    char shown[OUT_PATH];
    printf("%sreport: %s%s%s\n", indent, given ? json : output_shown(json, shown, sizeof shown),
           csv ? ", CSV in " : "", csv ? csv : "");
}

int output_stdout_finish(const char *cmd, int status)
{
    /* e: the reason, or -1 when a write failed earlier and took its errno
     * with it (a write larger than the buffer fails at once). */
    int e = 0;
    if (fflush(stdout) != 0) e = errno;
    if (!e && ferror(stdout)) e = -1;
    /* A closed standard output (>&-) that was never written to is no error. */
    if (fclose(stdout) != 0 && !e && errno != EBADF) e = errno;
    if (!e) return status;
    if (status != 2)
        fprintf(stderr, "mtgsim%s%s: cannot write to standard output%s%s\n", cmd ? " " : "", cmd ? cmd : "",
                e > 0 ? ": " : "", e > 0 ? strerror(e) : "");
    return 2;
}
