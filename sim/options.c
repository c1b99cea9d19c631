/* options.c: shared command-line options of the batch commands. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "options.h"
#include "mpi_ranks.h"
#include "output.h"
#include "engine/game.h"

static int parse_u64(const char *cmd, const char *opt, const char *val, unsigned long long lo,
                     unsigned long long hi, unsigned long long *out)
{
    if (!val) { fprintf(stderr, "mtgsim %s: %s needs a value\n", cmd, opt); return -1; }
    char *end;
    errno = 0;
    unsigned long long v = 0;
    if (val[0] >= '0' && val[0] <= '9') v = strtoull(val, &end, 10);
    if (!(val[0] >= '0' && val[0] <= '9') || errno || *end) {
        fprintf(stderr, "mtgsim %s: %s '%s': not a whole number%s\n", cmd, opt, val,
                val[0] == '-' ? " (it must be positive)" : "");
        return -1;
    }
    if (v < lo || v > hi) {
        fprintf(stderr, "mtgsim %s: %s %s: must be from %llu to %llu\n", cmd, opt, val, lo, hi);
        return -1;
    }
    *out = v;
    return 0;
}

int options_matchup(const char *list, char files[2][1024], char *err, size_t errlen)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", MTGSIM_DECKS_DIR, list);
    FILE *f = fopen(path, "r");
    if (!f) { snprintf(err, errlen, "%s: %s", path, strerror(errno)); return -1; }
    char line[512];
    int n = 0;
    while (n < 2 && fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = 0;
        if (!line[0] || line[0] == '#') continue;
        snprintf(files[n], 1024, "%s/%s", MTGSIM_DECKS_DIR, line);
        n++;
    }
    fclose(f);
    if (n < 2) { snprintf(err, errlen, "%s: needs two deck files", path); return -1; }
    return 0;
}

static int reference_decks(RunOptions *o, const char *cmd)
{
    char err[1200];
    if (options_matchup("reference", o->ref, err, sizeof err)) {
        fprintf(stderr, "mtgsim %s: %s\n", cmd, err);
        return -1;
    }
    o->file[0] = o->ref[0];
    o->file[1] = o->ref[1];
    o->nfiles = 2;
    return 0;
}

int options_parse(int argc, char **argv, RunOptions *o, int min_files, int max_files,
                  const char *usage, const char *cmd)
{
    memset(o, 0, sizeof *o);
    o->games = 10000;
    o->seed = SEED_DEFAULT;
    o->edition = EDITION_2011;
    o->pairs = 1;
    o->policy[0] = o->policy[1] = "heuristic";
    unsigned long long v;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) { fputs(usage, stdout); return 0; }
        else if (!strcmp(a, "--games")) { if (parse_u64(cmd, a, val, 1, 1000000000000ull, &o->games)) return 2; i++; }
        else if (!strcmp(a, "--seed")) { if (parse_u64(cmd, a, val, 0, SEED_MAX, &o->seed)) return 2; i++; }
        else if (!strcmp(a, "--game")) { if (parse_u64(cmd, a, val, 0, 1000000000000ull, &o->game)) return 2; o->has_game = 1; i++; }
        else if (!strcmp(a, "--threads")) { if (parse_u64(cmd, a, val, 1, 1024, &v)) return 2; o->threads = (int)v; i++; }
        else if (!strcmp(a, "--turn-cap")) { if (parse_u64(cmd, a, val, 1, 10000, &v)) return 2; o->turn_cap = (int)v; i++; }
        else if (!strcmp(a, "--edition")) {
            if (!val) { fprintf(stderr, "mtgsim %s: --edition needs a value (2011 or foundations)\n", cmd); return 2; }
            if (!strcmp(val, "2011")) o->edition = EDITION_2011;
            else if (!strcmp(val, "foundations")) o->edition = EDITION_FOUNDATIONS;
            else { fprintf(stderr, "mtgsim %s: --edition '%s': must be 2011 or foundations\n", cmd, val); return 2; }
            i++;
        } else if (!strcmp(a, "--policy") || !strcmp(a, "--policy-a") || !strcmp(a, "--policy-b")) {
            if (!val) { fprintf(stderr, "mtgsim %s: %s needs a policy (known: %s)\n", cmd, a, policy_names()); return 2; }
            if (strcmp(a, "--policy-b")) o->policy[0] = val;
            if (strcmp(a, "--policy-a")) o->policy[1] = val;
            i++;
        } else if (!strcmp(a, "--policies")) {
            if (!val) { fprintf(stderr, "mtgsim %s: --policies needs a list (e.g. random,aggro,heuristic)\n", cmd); return 2; }
            o->policies = val;
            i++;
        } else if (!strcmp(a, "--param")) {
            if (!val) { fprintf(stderr, "mtgsim %s: --param needs NAME=LO..HI\n", cmd); return 2; }
            if (!strchr(val, '=')) { fprintf(stderr, "mtgsim %s: --param '%s': expected NAME=LO..HI\n", cmd, val); return 2; }
            if (o->nparams == 16) { fprintf(stderr, "mtgsim %s: at most 16 --param\n", cmd); return 2; }
            o->params[o->nparams++] = val;
            i++;
        } else if (!strcmp(a, "--budget")) {
            if (parse_u64(cmd, a, val, 1, 1000000000000ull, &o->budget)) return 2;
            i++;
        } else if (!strcmp(a, "--ci-width")) {
            if (!val) { fprintf(stderr, "mtgsim %s: --ci-width needs a value (e.g. 0.01)\n", cmd); return 2; }
            char *end;
            double w = strtod(val, &end);
            if (end == val || *end) {
                fprintf(stderr, "mtgsim %s: --ci-width '%s': not a number (e.g. 0.01)\n", cmd, val);
                return 2;
            }
            if (!(w > 0 && w < 0.5)) {
                fprintf(stderr, "mtgsim %s: --ci-width %s: must be above 0 and below 0.5 (e.g. 0.01)\n", cmd, val);
                return 2;
            }
            o->ci_width = w;
            i++;
        } else if (!strcmp(a, "--cards")) {
            if (!val) { fprintf(stderr, "mtgsim %s: --cards needs a file\n", cmd); return 2; }
            if (o->ncards == OPT_CARDS_MAX) { fprintf(stderr, "mtgsim %s: at most %d --cards files\n", cmd, OPT_CARDS_MAX); return 2; }
            o->cards[o->ncards++] = val;
            i++;
        } else if (!strcmp(a, "--json") || !strcmp(a, "--csv")) {
            if (!val || !val[0]) { fprintf(stderr, "mtgsim %s: %s needs a path\n", cmd, a); return 2; }
            if (!strcmp(a, "--json")) o->json = val; else o->csv = val;
            i++;
        } else if (!strcmp(a, "--no-pairs")) o->pairs = 0;
        else if (!strcmp(a, "--quiet")) o->quiet = 1;
        else if (!strcmp(a, "--per-game")) o->per_game = 1;
        else if (a[0] == '-' && a[1]) { fprintf(stderr, "mtgsim %s: unknown option '%s'\n\n%s", cmd, a, usage); return 2; }
        else if (o->nfiles < max_files && o->nfiles < OPT_FILES_MAX) o->file[o->nfiles++] = a;
        else { fprintf(stderr, "mtgsim %s: too many decks (at most %d)\n", cmd, max_files); return 2; }
    }
    if (o->per_game && !o->csv) { fprintf(stderr, "mtgsim %s: --per-game needs --csv DIR\n", cmd); return 2; }
    if (o->policies && strcmp(cmd, "tournament")) { fprintf(stderr, "mtgsim %s: --policies is for `mtgsim tournament`\n", cmd); return 2; }
    if ((o->nparams || o->budget) && strcmp(cmd, "tune")) { fprintf(stderr, "mtgsim %s: --param and --budget are for `mtgsim tune`\n", cmd); return 2; }
    if (o->nfiles == 0) return reference_decks(o, cmd) ? 2 : -1;
    if (o->nfiles < min_files) {
        fprintf(stderr, "mtgsim %s: give at least %d decks, or none for the reference matchup\n", cmd, min_files);
        return 2;
    }
    return -1;
}

int options_load(const RunOptions *o, Pool *pool, DeckList *decks, PolicySpec pol[2], char *err, size_t errlen)
{
    pool_init(pool);
    if (pool_load_default(pool, err, errlen)) goto fail;
    for (int k = 0; k < o->ncards; k++) if (pool_load_file(pool, o->cards[k], err, errlen)) goto fail;
    for (int d = 0; d < o->nfiles; d++) if (decklist_load(pool, o->file[d], &decks[d], err, errlen)) goto fail;
    for (int p = 0; p < 2; p++) {
        char perr[512];
        if (policy_parse(o->policy[p], &pol[p], perr, sizeof perr)) {
            snprintf(err, errlen, "--policy%s: %s", p ? "-b" : "-a", perr);
            goto fail;
        }
    }
    return 0;
fail:
    pool_free(pool);
    return -1;
}

void options_inputs(const RunOptions *o, OutputSet *s)
{
    for (int d = 0; d < o->nfiles; d++) output_input(s, "deck file", o->file[d]);
    if (o->ref[0][0]) output_input(s, "reference list", MTGSIM_DECKS_DIR "/reference");
    output_input(s, "card pool", MTGSIM_DECKS_DIR "/pool.json");
    for (int k = 0; k < o->ncards; k++) output_input(s, "--cards file", o->cards[k]);
    for (int p = 0; p < 2; p++) {
        size_t len = strlen(o->policy[p]);
        if (len > 5 && !strcmp(o->policy[p] + len - 5, ".json")) output_input(s, "policy file", o->policy[p]);
    }
}

int options_agree(const char *cmd, int failed, int printed, char *err, size_t errlen)
{
    if (failed && printed && errlen) err[0] = 0;   /* a message only this rank's stderr has */
    if (!ranks_any_failed(failed, err, errlen)) return 0;
    /* Only rank 0's standard error is shown (mpi_ranks.h). */
    if (!(failed && printed)) fprintf(stderr, "mtgsim %s: %s\n", cmd, err);
    return 1;
}
