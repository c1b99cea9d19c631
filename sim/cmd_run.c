/* cmd_run.c: `mtgsim run`: a batch of games between two decks, in parallel
 * with OpenMP, every game seeded from (seed, game index) alone, tallies kept
 * per thread as integers and summed at the end. */
#include <errno.h>
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "commands.h"
#include "driver.h"
#include "decks/decklist.h"
#include "decks/pool.h"

#define SEED_DEFAULT 20111001ull

static const char run_usage[] =
    "usage: mtgsim run [DECK_A DECK_B] [options]\n"
    "\n"
    "Plays games between two decks and prints who wins how often. With no\n"
    "decks, plays the reference matchup named in decks/reference.\n"
    "Every game's randomness comes from (seed, game index) alone: the same\n"
    "seed gives the same tally on any number of threads.\n"
    "\n"
    "options:\n"
    "  --games N        games to play (default 10000)\n"
    "  --seed S         master seed (default 20111001)\n"
    "  --threads T      OpenMP threads (default: all cores)\n"
    "  --policy NAME    policy for both decks: random (more come with the AI issue)\n"
    "  --edition E      rules edition: 2011 (default) or foundations\n"
    "  --turn-cap N     a game still going after N turns is a draw (default 50)\n"
    "  --cards FILE     add an MTGJSON card file to the pool (repeatable)\n"
    "  --no-pairs       do not play seat-swapped pairs of games\n"
    "  --quiet          print nothing but errors\n";

/* Parses an unsigned integer option value in [lo, hi]; exits 2 otherwise. */
static int parse_num(const char *opt, const char *val, unsigned long long lo, unsigned long long hi,
                     unsigned long long *out)
{
    if (!val) { fprintf(stderr, "mtgsim run: %s needs a value\n", opt); return -1; }
    char *end;
    errno = 0;
    if (val[0] == '-' || val[0] == '+' || !val[0]) goto bad;
    unsigned long long v = strtoull(val, &end, 10);
    if (errno || *end) goto bad;
    if (v < lo || v > hi) {
        fprintf(stderr, "mtgsim run: %s %s: must be between %llu and %llu\n", opt, val, lo, hi);
        return -1;
    }
    *out = v;
    return 0;
bad:
    fprintf(stderr, "mtgsim run: %s '%s': not a whole number\n", opt, val);
    return -1;
}

/* Wilson score interval for k successes in n trials, 95 %. */
static void wilson(long k, long n, double *lo, double *hi)
{
    if (n == 0) { *lo = 0; *hi = 1; return; }
    const double z = 1.959963984540054;
    double p = (double)k / (double)n, z2n = z * z / (double)n;
    double mid = (p + z2n / 2) / (1 + z2n);
    double half = z * sqrt(p * (1 - p) / (double)n + z2n / (4.0 * (double)n)) / (1 + z2n);
    *lo = mid - half; *hi = mid + half;
}

/* Reads the two deck paths of the reference matchup. */
static int reference_decks(char a[1024], char b[1024])
{
    const char *path = MTGSIM_DECKS_DIR "/reference";
    FILE *f = fopen(path, "r");
    if (!f) { fprintf(stderr, "mtgsim run: %s: %s\n", path, strerror(errno)); return -1; }
    char line[256];
    int n = 0;
    while (n < 2 && fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = 0;
        if (!line[0] || line[0] == '#') continue;
        snprintf(n == 0 ? a : b, 1024, "%s/%s", MTGSIM_DECKS_DIR, line);
        n++;
    }
    fclose(f);
    if (n < 2) { fprintf(stderr, "mtgsim run: %s: needs two deck files\n", path); return -1; }
    return 0;
}

typedef struct Tally {
    long games, wins[3], starts[2], start_wins[2], turns, ends[END_COUNT], errors;
    char pad[64];  /* keeps two threads' tallies off one cache line */
} Tally;

int cmd_run(int argc, char **argv)
{
    unsigned long long games = 10000, seed = SEED_DEFAULT, threads = 0, turn_cap = 0;
    int edition = EDITION_2011, pairs = 1, quiet = 0;
    const char *files[2] = {0, 0};
    const char *cards[16];
    int ncards = 0, nfiles = 0;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) { fputs(run_usage, stdout); return 0; }
        else if (!strcmp(a, "--games")) { if (parse_num(a, v, 1, 1000000000ull, &games)) return 2; i++; }
        else if (!strcmp(a, "--seed")) { if (parse_num(a, v, 0, ~0ull, &seed)) return 2; i++; }
        else if (!strcmp(a, "--threads")) { if (parse_num(a, v, 1, 1024, &threads)) return 2; i++; }
        else if (!strcmp(a, "--turn-cap")) { if (parse_num(a, v, 1, 10000, &turn_cap)) return 2; i++; }
        else if (!strcmp(a, "--edition")) {
            if (v && !strcmp(v, "2011")) edition = EDITION_2011;
            else if (v && !strcmp(v, "foundations")) edition = EDITION_FOUNDATIONS;
            else { fprintf(stderr, "mtgsim run: --edition must be 2011 or foundations\n"); return 2; }
            i++;
        } else if (!strcmp(a, "--policy")) {
            if (!v || strcmp(v, "random")) { fprintf(stderr, "mtgsim run: --policy: unknown policy '%s' (known: random)\n", v ? v : ""); return 2; }
            i++;
        } else if (!strcmp(a, "--cards")) {
            if (!v) { fprintf(stderr, "mtgsim run: --cards needs a file\n"); return 2; }
            if (ncards == 16) { fprintf(stderr, "mtgsim run: at most 16 --cards files\n"); return 2; }
            cards[ncards++] = v; i++;
        } else if (!strcmp(a, "--no-pairs")) pairs = 0;
        else if (!strcmp(a, "--quiet")) quiet = 1;
        else if (a[0] == '-' && a[1]) { fprintf(stderr, "mtgsim run: unknown option '%s'\n\n%s", a, run_usage); return 2; }
        else if (nfiles < 2) files[nfiles++] = a;
        else { fprintf(stderr, "mtgsim run: more than two decks given\n"); return 2; }
    }
    if (nfiles == 1) { fprintf(stderr, "mtgsim run: give two decks, or none for the reference matchup\n"); return 2; }
    char ref[2][1024];
    if (nfiles == 0) {
        if (reference_decks(ref[0], ref[1])) return 2;
        files[0] = ref[0]; files[1] = ref[1];
    }

    char err[1024];
    Pool pool;
    pool_init(&pool);
    if (pool_load_default(&pool, err, sizeof err)) { fprintf(stderr, "mtgsim run: %s\n", err); pool_free(&pool); return 2; }
    for (int k = 0; k < ncards; k++)
        if (pool_load_file(&pool, cards[k], err, sizeof err)) { fprintf(stderr, "mtgsim run: %s\n", err); pool_free(&pool); return 2; }
    static DeckList deck[2];
    for (int d = 0; d < 2; d++)
        if (decklist_load(&pool, files[d], &deck[d], err, sizeof err)) {
            fprintf(stderr, "mtgsim run: %s\n", err); pool_free(&pool); return 2;
        }

    MatchSpec m = { pool_view(&pool), { &deck[0].main, &deck[1].main }, { &policy_random, &policy_random },
                    edition, (int)turn_cap, seed, pairs };
    int nthreads = threads ? (int)threads : omp_get_max_threads();
    Tally *tally = calloc((size_t)nthreads, sizeof *tally);
    if (!tally) { fprintf(stderr, "mtgsim run: out of memory\n"); pool_free(&pool); return 2; }
    double t0 = omp_get_wtime();
    #pragma omp parallel num_threads(nthreads)
    {
        Tally *t = &tally[omp_get_thread_num()];
        #pragma omp for schedule(dynamic, 64)
        for (long long i = 0; i < (long long)games; i++) {
            GameResult r;
            driver_play(&m, (uint64_t)i, &r, NULL, NULL, NULL);
            t->games++;
            t->wins[r.winner]++;
            t->starts[r.starter]++;
            if (r.winner == r.starter) t->start_wins[r.starter]++;
            t->turns += r.turns;
            t->ends[r.end_reason]++;
            if (r.end_reason == END_ERROR) t->errors++;
        }
    }
    double secs = omp_get_wtime() - t0;
    Tally sum = {0};
    for (int k = 0; k < nthreads; k++) {
        sum.games += tally[k].games; sum.turns += tally[k].turns; sum.errors += tally[k].errors;
        for (int j = 0; j < 3; j++) sum.wins[j] += tally[k].wins[j];
        for (int j = 0; j < 2; j++) { sum.starts[j] += tally[k].starts[j]; sum.start_wins[j] += tally[k].start_wins[j]; }
        for (int j = 0; j < END_COUNT; j++) sum.ends[j] += tally[k].ends[j];
    }
    free(tally);
    if (!quiet) {
        printf("%s vs %s: %ld games, seed %llu, edition %s, policy random\n", deck[0].name, deck[1].name,
               sum.games, seed, edition == EDITION_2011 ? "2011" : "foundations");
        for (int d = 0; d < 2; d++) {
            double lo, hi;
            wilson(sum.wins[d], sum.games, &lo, &hi);
            long play_g = sum.starts[d], play_w = sum.start_wins[d];
            long draw_g = sum.games - play_g, draw_w = sum.wins[d] - play_w;
            printf("  %-28s wins %6ld  %5.1f%% [%4.1f, %4.1f]  on the play %5.1f%%  on the draw %5.1f%%\n",
                   deck[d].name, sum.wins[d], 100.0 * (double)sum.wins[d] / (double)sum.games, 100 * lo, 100 * hi,
                   play_g ? 100.0 * (double)play_w / (double)play_g : 0.0,
                   draw_g ? 100.0 * (double)draw_w / (double)draw_g : 0.0);
        }
        printf("  draws %ld (turn cap %ld)  mean turns %.2f\n", sum.wins[2], sum.ends[END_TURN_CAP],
               (double)sum.turns / (double)sum.games);
        printf("  ended by life %ld, poison %ld, empty library %ld\n", sum.ends[END_LIFE], sum.ends[END_POISON],
               sum.ends[END_LIBRARY]);
        printf("  %.2f s, %.0f games/s on %d threads\n", secs, (double)sum.games / secs, nthreads);
    }
    pool_free(&pool);
    if (sum.errors) { fprintf(stderr, "mtgsim run: %ld games ended on an illegal policy answer\n", sum.errors); return 1; }
    return 0;
}
