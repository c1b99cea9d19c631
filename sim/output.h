/* output.h: the files a command writes, as one set written all or nothing.
 *
 * A command adds its targets (and the input files it read, which no target
 * may be), has them checked before anything runs, writes each into a
 * temporary beside the file it replaces, and commits: the temporaries are
 * renamed into place only once every one was written, flushed and synced;
 * on any failure every temporary is removed and every existing file is left
 * as it was. A device or FIFO (/dev/null, a named pipe) is written into
 * directly and never replaced; a symbolic link to a file is kept, and the
 * file it leads to is replaced. "-" is standard output.
 *
 * Temporaries are named .NAME.tmp.mtgsim.PID beside NAME (and the hard
 * link that keeps the file replaced while a commit may still undo,
 * .NAME.old.mtgsim.PID); those of a process that no longer exists (killed)
 * are removed when the next command starts to write NAME. Nothing else is
 * ever removed. Also here: the check of standard output that main() makes
 * after every command. */
#ifndef MTG_OUTPUT_H
#define MTG_OUTPUT_H

#include <stddef.h>
#include <stdio.h>

typedef struct OutputTarget OutputTarget;   /* one file of the set (output.c) */

typedef struct OutputSet {
    OutputTarget *t;         /* the targets, in the order added (and renamed) */
    int n, cap;              /* targets, room */
    char **in;               /* input files (as given), never to be written */
    const char **in_what;    /* what each input is, for messages ("deck file") */
    int nin, capin;          /* inputs, room */
    char *folder;            /* a folder the set makes when missing (--csv DIR), or NULL */
    const char *folder_role; /* its option, for messages */
    int folder_made;         /* 1 once output_begin made it (removed again on failure) */
    int oom;                 /* an add ran out of memory: output_check says so */
    char err[1024];          /* the first write error, reported by output_commit */
    int done;                /* committed or rolled back: output_free has nothing to undo */
} OutputSet;

void output_init(OutputSet *s);

/* An input file of the command: output_check refuses any target that is
 * this file (same device and inode, or the same path). `what` is kept as
 * a pointer ("deck file", "policy file"). */
void output_input(OutputSet *s, const char *what, const char *path);

/* A folder made by output_begin when missing (one level, as mkdir), and
 * removed again by a rollback if still empty: targets may be added in it
 * before it exists (--csv DIR, and --json DIR/r.json beside it). One per
 * set; `role` names it in messages ("--csv"). */
void output_folder(OutputSet *s, const char *role, const char *dir);

/* Adds a target: path as given ("-" for standard output), written under
 * `role` ("--json"); dir/name for output_file_in. Returns its index. */
int output_file(OutputSet *s, const char *role, const char *path);
int output_file_in(OutputSet *s, const char *role, const char *dir, const char *name);

/* Before anything runs, and without side effects: every target can be
 * written (its folder exists and is writable, or is the set's folder and
 * can be made; it is a file, a device or FIFO, or missing, never a folder
 * or socket), is no input and is not written twice. 0, or -1 with a
 * message ("PATH: what is wrong"). */
int output_check(OutputSet *s, char *err, size_t errlen);

/* After every check passed: makes the set's folder, removes the stale
 * temporaries of the targets (see above). 0, or -1 with a message. */
int output_begin(OutputSet *s, char *err, size_t errlen);

/* The stream of target k, opened on first call: its temporary, the device
 * or FIFO itself, or stdout. A FIFO blocks here until it has a reader.
 * Writes need no checks: output_commit finds their errors. NULL when it
 * cannot be opened (the error is kept for output_commit). */
FILE *output_open(OutputSet *s, int k);

/* Writes len bytes of text as all of target k, and finishes it (a
 * temporary is flushed, synced and closed at once). 0, or -1 (kept for
 * output_commit). */
int output_put(OutputSet *s, int k, const char *text, size_t len);

/* Keeps an error of the caller's (out of memory while building a file):
 * output_commit then rolls back and reports it. */
void output_fail(OutputSet *s, const char *why);

/* Finishes every target opened and renames the temporaries into place, in
 * the order added. 0, or -1 with the first error of the set, after a
 * rollback: no temporary is left, every file replaced so far is restored
 * (from a hard link taken before), every file made so far removed, the
 * folder removed if made here and empty. Targets never opened are left
 * alone. */
int output_commit(OutputSet *s, char *err, size_t errlen);

/* Rolls back (as a failed commit) unless committed, and frees the set. */
void output_free(OutputSet *s);

/* The path of target k as given, for messages and summaries. */
const char *output_path(const OutputSet *s, int k);

/* A path to show the user: a default under the current folder (the
 * compiled-in results/) relative to it, anything else as it is. */
const char *output_shown(const char *path, char *buf, size_t len);

/* The summary's line "INDENTreport: JSON[, CSV in DIR]" on standard
 * output: the report's path as the user gave it (given), else as
 * output_shown shows the default; csv may be NULL. */
void output_report_line(const char *indent, const char *json, int given, const char *csv);

/* After a command: flushes and closes standard output and checks that
 * every write to it succeeded. Returns status, or 2 when a write failed
 * (with "mtgsim CMD: cannot write to standard output: REASON" unless
 * status was already 2: the command failed and said why). */
int output_stdout_finish(const char *cmd, int status);

#endif
