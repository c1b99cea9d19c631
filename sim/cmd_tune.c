/* cmd_tune.c: `mtgsim tune`: searches a policy's parameters for the best
 * win rate against a fixed opponent, by successive halving over a grid (or
 * a seeded random sample of a large one), then checks the winner against
 * the defaults on fresh games, so the reported edge is not the search's luck. */
#include <errno.h>
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "commands.h"
#include "batch.h"
#include "matrix.h"
#include "mpi_ranks.h"
#include "options.h"
#include "report.h"

#define TUNE_SCHEMA "mtgsim-tune/1"
#define TUNE_POINTS 64       /* at most this many candidates enter the search */

static const char tune_usage[] =
    "usage: mtgsim tune [DECK_A DECK_B] --param NAME=LO..HI [--param ...] [options]\n"
    "\n"
    "Searches the parameters of --policy (default heuristic; lookahead, mcts too)\n"
    "for the best win rate against --policy-b (default: the same policy with\n"
    "its default parameters), on both decks in turn. A grid of up to 64 points\n"
    "(else a seeded random sample of 64, the defaults always among them) goes\n"
    "through successive halving: each round plays every remaining point, the\n"
    "better half goes on with twice the games. The winner then plays fresh games\n"
    "(another seed) beside the defaults, and the report says how sure it is\n"
    "that it beats them.\n"
    "\n"
    "options:\n"
    "  --param NAME=LO..HI  a parameter and its range (integers), repeatable\n"
    "  --budget GAMES       games for the whole search (default 200000; a fifth\n"
    "                       of it checks the winner)\n"
    "  --policy P           the policy to tune, with fixed parameters if any\n"
    "  --policy-b P         the opponent\n"
    "  --seed, --threads, --edition, --turn-cap, --cards, --quiet as in run\n"
    "  --json FILE          the report (default results/tune.json)\n";

typedef struct Param { char name[64]; int lo, hi; } Param;

typedef struct Point {
    int v[16];          /* a value per parameter */
    long games, wins;   /* over the search so far */
    PolicySpec spec;
} Point;

/* Plays `games` games (half with each deck) of policy c against policy opp;
 * adds to *games and *wins. Returns 1 done, 0 interrupted, -1 no memory. */
static int play(const RunOptions *o, const Pool *pool, const DeckList deck[2], const Policy *c, const Policy *opp,
                long games, uint64_t seed, int threads, long *played, long *wins)
{
    for (int side = 0; side < 2; side++) {
        MatchSpec m = { pool_view(pool), { &deck[0].main, &deck[1].main },
                        { side ? opp : c, side ? c : opp }, o->edition, o->turn_cap, seed, o->pairs, { NULL, NULL }, 0, 0 };
        StatsSetup su;
        Tally t;
        memset(&t, 0, sizeof t);
        /* Out of memory on any rank: all give up together. */
        if (ranks_any_failed(stats_setup(&su, &m) || tally_init(&t, &su), NULL, 0)) {
            tally_free(&t);
            stats_setup_free(&su);
            return -1;
        }
        long n = (games / 2 + 1) & ~1L;
        BatchConfig bc = { n, threads, 0, 0, "tune", NULL, { deck[0].name, deck[1].name } };
        double secs;
        int done = batch_run(&bc, &m, &su, &t, &secs);
        *played += t.games;
        *wins += t.deck[side].wins;
        tally_free(&t);
        stats_setup_free(&su);
        if (done != 1) return done;
    }
    return 1;
}

/* NAME=LO..HI, whole numbers, LO <= HI. 0, or -1 with what is wrong. */
static int parse_param(const char *s, Param *p, char *err, size_t errlen)
{
    const char *eq = strchr(s, '='), *dots = eq ? strstr(eq, "..") : NULL;
    if (!eq || !dots || (size_t)(eq - s) >= sizeof p->name || eq == s) {
        snprintf(err, errlen, "expected NAME=LO..HI (whole numbers)");
        return -1;
    }
    memcpy(p->name, s, (size_t)(eq - s));
    p->name[eq - s] = 0;
    char *end;
    errno = 0;
    long lo = strtol(eq + 1, &end, 10);
    int bad = end != dots || end == eq + 1;
    long hi = strtol(dots + 2, &end, 10);
    if (bad || *end || end == dots + 2 || errno || lo < -1000000000L || hi > 1000000000L) {
        snprintf(err, errlen, "expected NAME=LO..HI (whole numbers)");
        return -1;
    }
    if (lo > hi) { snprintf(err, errlen, "LO %ld is above HI %ld", lo, hi); return -1; }
    if (hi - lo > 100000) { snprintf(err, errlen, "a range of %ld values; at most 100001", hi - lo + 1); return -1; }
    p->lo = (int)lo; p->hi = (int)hi;
    return 0;
}

/* Builds the policy of a point: the base spec with the point's values. */
static int point_spec(const char *base, const Param *par, int np, const int *v, PolicySpec *out, char *err, size_t errlen)
{
    char spec[512];
    snprintf(spec, sizeof spec, "%s", base);
    for (int k = 0; k < np; k++) {
        size_t l = strlen(spec);
        snprintf(spec + l, sizeof spec - l, "%s%s=%d", (k == 0 && !strchr(base, ':')) ? ":" : ",", par[k].name, v[k]);
    }
    return policy_parse(spec, out, err, errlen);
}

static double rate(long w, long n) { return n ? (double)w / (double)n : 0; }

int cmd_tune(int argc, char **argv)
{
    RunOptions o;
    char err[2048] = "";
    /* --policy sets both; here --policy is the tuned one, --policy-b the opponent.
     * Under MPI each step that reads input or checks outputs ends in
     * options_agree: all ranks fail together (sim/mpi_ranks.h). */
    int rc = options_parse(argc, argv, &o, 2, 2, tune_usage, "tune");
    if (options_agree("tune", rc == 2, 1, err, sizeof err)) return 2;
    if (rc >= 0) return rc;
    if (!o.nparams) { fprintf(stderr, "mtgsim tune: give at least one --param NAME=LO..HI\n\n%s", tune_usage); return 2; }
    if (o.per_game || o.csv) { fprintf(stderr, "mtgsim tune: --csv and --per-game are for `mtgsim run`\n"); return 2; }
    Param par[16];
    for (int k = 0; k < o.nparams; k++)
        if (parse_param(o.params[k], &par[k], err, sizeof err)) { fprintf(stderr, "mtgsim tune: --param '%s': %s\n", o.params[k], err); return 2; }
    const char *base = o.policy[0];
    if (strchr(base, '.') && strstr(base, ".json")) {
        fprintf(stderr, "mtgsim tune: --policy '%s': must be a name with parameters, not a file\n", base);
        return 2;
    }
    unsigned long long budget = o.budget ? o.budget : 200000;

    Pool pool;
    static DeckList deck[2];
    PolicySpec fixed[2];
    int bad = options_load(&o, &pool, deck, fixed, err, sizeof err) != 0;
    if (options_agree("tune", bad, 0, err, sizeof err)) { if (!bad) pool_free(&pool); return 2; }
    const char *json = o.json ? o.json : MTGSIM_RESULTS_DIR "/tune.json";
    /* Rank 0 alone writes, so it alone checks the output. */
    OutputSet out;
    output_init(&out);
    int k_json = -1;
    if (ranks_root()) {
        options_inputs(&o, &out);
        k_json = output_file(&out, "--json", json);
    }
    if (options_agree("tune", ranks_root() && output_check(&out, err, sizeof err), 0, err, sizeof err)) {
        output_free(&out);
        pool_free(&pool);
        return 2;
    }

    /* Each range's ends (the parameters' valid values are intervals), so
     * that a range partly out of bounds is reported as the user wrote it,
     * not by one of the points drawn from it. */
    for (int k = 0; k < o.nparams && !bad; k++)
        for (int end = 0; end < 2 && !bad; end++) {
            static PolicySpec probe;
            char perr[1024];
            int v = end ? par[k].hi : par[k].lo;
            if ((bad = point_spec(base, &par[k], 1, &v, &probe, perr, sizeof perr) != 0))
                snprintf(err, sizeof err, "--param '%s': %s", o.params[k], perr);
        }
    if (options_agree("tune", bad, 0, err, sizeof err)) { output_free(&out); pool_free(&pool); return 2; }

    /* The defaults: the base spec as given. */
    static Point def;
    memset(&def, 0, sizeof def);
    policy_spec_copy(&def.spec, &fixed[0]);
    const Policy *opp = &fixed[1].inst;
    if (!strcmp(o.policy[0], o.policy[1])) opp = &def.spec.inst;

    /* The candidates: the grid, or a seeded sample of it. */
    double grid = 1;
    for (int k = 0; k < o.nparams; k++) grid *= par[k].hi - par[k].lo + 1;
    static Point pts[TUNE_POINTS];
    int npts = 0;
    Rng rng;
    rng_seed(&rng, o.seed, 0x74756e65ull, 0);
    if (grid <= TUNE_POINTS) {
        int idx[16] = {0};
        for (long g = 0; g < (long)grid; g++) {
            long r = g;
            for (int k = 0; k < o.nparams; k++) {
                long span = par[k].hi - par[k].lo + 1;
                idx[k] = (int)(r % span); r /= span;
                pts[npts].v[k] = par[k].lo + idx[k];
            }
            npts++;
        }
    } else {
        for (int tries = 0; npts < TUNE_POINTS && tries < 100000; tries++) {
            Point *p = &pts[npts];
            for (int k = 0; k < o.nparams; k++) p->v[k] = par[k].lo + (int)rng_below(&rng, (uint32_t)(par[k].hi - par[k].lo + 1));
            int dup = 0;
            for (int j = 0; j < npts && !dup; j++) dup = !memcmp(pts[j].v, p->v, sizeof p->v);
            if (!dup) npts++;
        }
    }
    bad = 0;
    for (int k = 0; k < npts && !bad; k++) bad = point_spec(base, par, o.nparams, pts[k].v, &pts[k].spec, err, sizeof err) != 0;
    if (options_agree("tune", bad, 0, err, sizeof err)) { output_free(&out); pool_free(&pool); return 2; }

    batch_catch_signals();
    int threads = o.threads ? o.threads : omp_get_max_threads();
    long search_budget = (long)(budget * 4 / 5), check_budget = (long)budget - search_budget;
    int rounds = 1;
    while ((1 << (rounds - 1)) < npts) rounds++;
    int alive = npts, complete = 1;
    int order[TUNE_POINTS];
    for (int k = 0; k < npts; k++) order[k] = k;
    for (int r = 0; r < rounds && alive > 1 && complete; r++) {
        long per = search_budget / rounds / alive;
        if (per < 4) per = 4;
        for (int k = 0; k < alive && complete; k++) {
            Point *p = &pts[order[k]];
            int done = play(&o, &pool, deck, &p->spec.inst, opp, per, o.seed + 1 + (uint64_t)r, threads, &p->games, &p->wins);
            if (done < 0) { output_free(&out); pool_free(&pool); fprintf(stderr, "mtgsim tune: out of memory\n"); return 2; }
            complete = done == 1;
        }
        /* Keep the better half (by win rate over all their games). */
        for (int a = 1; a < alive; a++) {
            int x = order[a], j = a;
            while (j > 0 && rate(pts[order[j - 1]].wins, pts[order[j - 1]].games) < rate(pts[x].wins, pts[x].games)) { order[j] = order[j - 1]; j--; }
            order[j] = x;
        }
        if (!o.quiet) fprintf(stderr, "tune: round %d: %d points, %ld games each, best %.1f%%\n", r + 1, alive, per,
                              100 * rate(pts[order[0]].wins, pts[order[0]].games));
        alive = (alive + 1) / 2;
    }
    Point *best = &pts[order[0]];

    /* The check: the winner and the defaults on the same fresh games. */
    long bg = 0, bw = 0, dg = 0, dw = 0;
    uint64_t check_seed = o.seed ^ 0x5EEDC4ECull;
    if (complete) complete = play(&o, &pool, deck, &best->spec.inst, opp, check_budget / 2, check_seed, threads, &bg, &bw) == 1;
    if (complete) complete = play(&o, &pool, deck, &def.spec.inst, opp, check_budget / 2, check_seed, threads, &dg, &dw) == 1;
    double pb = rate(bw, bg), pd = rate(dw, dg);
    double se = sqrt(pb * (1 - pb) / (double)(bg ? bg : 1) + pd * (1 - pd) / (double)(dg ? dg : 1));
    double z = se > 0 ? (pb - pd) / se : 0;
    double p_better = 0.5 * erfc(-z / sqrt(2.0));

    cJSON *root = cJSON_CreateObject();
    cJSON_AddStringToObject(root, "schema", TUNE_SCHEMA);
    cJSON_AddBoolToObject(root, "complete", complete);
    cJSON_AddStringToObject(root, "policy", base);
    cJSON_AddStringToObject(root, "opponent", opp == &def.spec.inst ? base : o.policy[1]);
    cJSON_AddNumberToObject(root, "budget", (double)budget);
    json_add_u64(root, "seed", o.seed);
    cJSON_AddStringToObject(root, "search", grid <= TUNE_POINTS ? "grid, successive halving" : "random sample, successive halving");
    cJSON *jd = cJSON_AddArrayToObject(root, "decks");
    for (int d = 0; d < 2; d++) cJSON_AddItemToArray(jd, cJSON_CreateString(deck[d].name));
    cJSON *jpar = cJSON_AddArrayToObject(root, "params");
    for (int k = 0; k < o.nparams; k++) {
        cJSON *x = cJSON_CreateObject();
        cJSON_AddStringToObject(x, "name", par[k].name);
        cJSON_AddNumberToObject(x, "lo", par[k].lo);
        cJSON_AddNumberToObject(x, "hi", par[k].hi);
        cJSON_AddItemToArray(jpar, x);
    }
    cJSON *jpts = cJSON_AddArrayToObject(root, "points");
    for (int k = 0; k < npts; k++) {
        const Point *p = &pts[order[k]];
        cJSON *x = cJSON_CreateObject();
        cJSON_AddStringToObject(x, "policy", p->spec.text);
        cJSON_AddNumberToObject(x, "games", (double)p->games);
        cJSON_AddNumberToObject(x, "wins", (double)p->wins);
        cJSON_AddNumberToObject(x, "win_rate", round(rate(p->wins, p->games) * 1e6) / 1e6);
        cJSON_AddItemToArray(jpts, x);
    }
    cJSON *chk = cJSON_AddObjectToObject(root, "check");
    Cell cells[2] = { { bg, bw, 0 }, { dg, dw, 0 } };
    const char *names[2] = { best->spec.text, base };
    for (int k = 0; k < 2; k++) {
        double lo, hi;
        wilson95(cells[k].wins, cells[k].games, &lo, &hi);
        cJSON *x = cJSON_AddObjectToObject(chk, k ? "defaults" : "best");
        cJSON_AddStringToObject(x, "policy", names[k]);
        cJSON_AddNumberToObject(x, "games", (double)cells[k].games);
        cJSON_AddNumberToObject(x, "wins", (double)cells[k].wins);
        cJSON_AddNumberToObject(x, "win_rate", round(rate(cells[k].wins, cells[k].games) * 1e6) / 1e6);
        cJSON *ci = cJSON_AddArrayToObject(x, "ci95");
        cJSON_AddItemToArray(ci, cJSON_CreateNumber(round(lo * 1e6) / 1e6));
        cJSON_AddItemToArray(ci, cJSON_CreateNumber(round(hi * 1e6) / 1e6));
    }
    cJSON_AddNumberToObject(chk, "difference", round((pb - pd) * 1e6) / 1e6);
    cJSON_AddNumberToObject(chk, "p_better", round(p_better * 1e6) / 1e6);
    int status = 0;
    /* Every rank holds the same results; rank 0 writes them. */
    if (ranks_root()) {
        int bad_out = output_begin(&out, err, sizeof err) != 0;
        if (!bad_out) {
            report_put_json(&out, k_json, root);
            bad_out = output_commit(&out, err, sizeof err) != 0;
        }
        if (bad_out) { fprintf(stderr, "mtgsim tune: %s\n", err); status = 2; }
    }
    output_free(&out);
    cJSON_Delete(root);
    if (!status && !o.quiet && strcmp(json, "-")) {
        printf("best: %s\n", best->spec.text);
        printf("  on fresh games: %.1f%% (%ld games) against %.1f%% for the defaults (%s)\n", 100 * pb, bg, 100 * pd, base);
        printf("  difference %+.1f points; probability the best beats the defaults: %.3f%s\n", 100 * (pb - pd), p_better,
               p_better > 0.975 ? " (significant)" : "");
        output_report_line("", json, o.json != NULL, NULL);
    }
    pool_free(&pool);
    return status;
}
