/* replay.c: a main() for a fuzz target without libFuzzer, so any compiler
 * (and ctest) can feed it inputs: every regular file of each folder given,
 * or files given directly, in name order, one call each.
 *
 * A broken promise aborts inside the target, which fails the test with the
 * file named on stderr just before. Exit 0 when every input passed, 2 when
 * a folder or file could not be read or a folder given holds no input (a
 * corpus moved or emptied would otherwise pass unnoticed). */
#define _POSIX_C_SOURCE 200809L
#include "fuzz.h"

#include <dirent.h>
#include <errno.h>
#include <string.h>
#include <sys/stat.h>

#define REPLAY_FILE_MAX (16 << 20)  /* larger inputs are not fuzz inputs */

static int replay_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        fprintf(stderr, "replay: %s: cannot open: %s\n", path, strerror(errno));
        return -1;
    }
    uint8_t *buf = malloc(REPLAY_FILE_MAX);
    size_t n = buf ? fread(buf, 1, REPLAY_FILE_MAX, f) : 0;
    int failed = !buf || ferror(f) || !feof(f);
    fclose(f);
    if (failed) {
        fprintf(stderr, "replay: %s: cannot read, or larger than %d bytes\n", path, REPLAY_FILE_MAX);
        free(buf);
        return -1;
    }
    /* An exact-size copy, as libFuzzer gives: reading past it is caught
     * by AddressSanitizer in a sanitizer build. */
    uint8_t *data = malloc(n ? n : 1);
    if (!data) {
        free(buf);
        return -1;
    }
    memcpy(data, buf, n);
    free(buf);
    fprintf(stderr, "replay: %s\n", path);  /* names the input if the target aborts */
    LLVMFuzzerTestOneInput(data, n);
    free(data);
    return 0;
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Replays every regular file of dir; returns how many, or -1. */
static int replay_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) {
        fprintf(stderr, "replay: %s: cannot open: %s\n", dir, strerror(errno));
        return -1;
    }
    char **names = NULL;
    size_t n = 0, cap = 0;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (e->d_name[0] == '.') continue;  /* ., .., and hidden files such as .gitkeep */
        if (n == cap) {
            cap = cap ? 2 * cap : 64;
            char **nn = realloc(names, cap * sizeof *nn);
            if (!nn) break;
            names = nn;
        }
        names[n] = malloc(strlen(dir) + strlen(e->d_name) + 2);
        if (!names[n]) break;
        sprintf(names[n], "%s/%s", dir, e->d_name);
        n++;
    }
    closedir(d);
    if (n) qsort(names, n, sizeof *names, by_name);  /* names is NULL when the folder is empty */
    int count = 0, rc = 0;
    for (size_t i = 0; i < n; i++) {
        struct stat st;
        if (stat(names[i], &st) == 0 && S_ISREG(st.st_mode)) {
            if (replay_file(names[i]) < 0) rc = -1;
            else count++;
        }
        free(names[i]);
    }
    free(names);
    return rc < 0 ? -1 : count;
}

int main(int argc, char **argv)
{
    int total = 0, status = 0;
    if (argc < 2) {
        fprintf(stderr, "usage: %s DIR|FILE...\n", argv[0]);
        return 2;
    }
    for (int i = 1; i < argc; i++) {
        struct stat st;
        int n;
        if (stat(argv[i], &st) == 0 && S_ISDIR(st.st_mode)) n = replay_dir(argv[i]);
        else n = replay_file(argv[i]) < 0 ? -1 : 1;
        if (n == 0) fprintf(stderr, "replay: %s: no input in this folder\n", argv[i]);
        if (n <= 0) status = 2;
        else total += n;
    }
    printf("%s: %d inputs replayed%s\n", argv[0], total, status ? ", but a folder or file could not be read or held nothing" : "");
    return status;
}
