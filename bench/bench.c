/* bench.c: `mtgsim bench`: engine throughput, thread scaling, fork cost,
 * and the fixed-seed signature, on the reference matchup; throughput and
 * fork cost on the spells reference matchup too (method in
 * bench/README.md). */
#define _GNU_SOURCE  /* syscall(2), for perf_event_open */
#include <inttypes.h>
#include <linux/perf_event.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include "sim/batch.h"
#include "sim/commands.h"
#include "sim/options.h"
#include "sim/report.h"
#include "engine/lookahead.h"
#include "engine/mcts.h"

#define SIGNATURE_GAMES 20000
#define SIGNATURE_SEED  1

static const char bench_usage[] =
    "usage: mtgsim bench [--json] [--games N] [--runs R] [--signature [--threads T]]\n"
    "\n"
    "Measures the engine on the reference matchup, after a warm-up: games per\n"
    "second on one thread (heuristic and random policies, through the same\n"
    "driver and statistics as `mtgsim run`), scaling over 1..all cores, the\n"
    "time and size of a fork of a mid-game state, look-ahead and MCTS decisions\n"
    "per second (their default budgets), instructions per game (when perf\n"
    "counters are available) and the\n"
    "signature: a hash of the full report of a fixed-seed batch (20000 games,\n"
    "seed 1, the baseline heuristic:version=1, whose play is frozen), which\n"
    "changes only when the engine's behaviour does. Then games\n"
    "per second, the fork, look-ahead and MCTS decisions per second on the spells\n"
    "reference matchup (decks/reference_spells), with a tenth as many games\n"
    "a run.\n"
    "Each figure is the median of --runs runs (default 5) of --games games\n"
    "(default 100000 per thread; about 30 s on 2 cores, and the spells\n"
    "matchup's runs). For a quick look: --games 10000 --runs 1. On a\n"
    "terminal, progress goes to standard error.\n"
    "\n"
    "  --json        print a JSON object instead of the table\n"
    "  --signature   print only the signature (computed on --threads T threads,\n"
    "                default all: it must not depend on T)\n";

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

typedef struct Bench {
    Pool pool;
    DeckList deck[2];
    DeckList spells[2];  /* the spells reference matchup (decks/reference_spells) */
    const Deck *play[2]; /* the decks the timed batches play: deck's or spells' */
    PolicySpec pol[2];
    RunOptions o;
    int progress;        /* batch_run's progress line on standard error (a terminal) */
} Bench;

/* Games per second of one batch of `games` on `threads`. The progress line
 * says `label`; open: the next batch's line overwrites it. */
static double rate(Bench *b, const Policy *pa, const Policy *pb, long games, int threads, uint64_t seed,
                   const char *label, int open)
{
    MatchSpec m = { pool_view(&b->pool), { b->play[0], b->play[1] }, { pa, pb }, EDITION_2011, 0, seed, 1, { NULL, NULL }, 0, 0 };
    StatsSetup su;
    Tally t;
    if (stats_setup(&su, &m) || tally_init(&t, &su)) return 0;
    BatchConfig bc = { games, threads, 0, b->progress && open ? 2 : b->progress, label, NULL, { NULL, NULL } };
    double secs = 0;
    batch_run(&bc, &m, &su, &t, &secs);
    tally_free(&t);
    stats_setup_free(&su);
    return secs > 0 ? (double)games / secs : 0;
}

/* The median of `runs` rates; the progress line says what, and which run. */
static double median_rate(Bench *b, const Policy *pa, const Policy *pb, long games, int threads, int runs, const char *what)
{
    double v[64];
    if (runs > 64) runs = 64;
    for (int r = 0; r < runs; r++) {
        char label[96];
        snprintf(label, sizeof label, "bench: %s, run %*d/%d", what, runs > 9 ? 2 : 1, r + 1, runs);
        v[r] = rate(b, pa, pb, games, threads, 100 + (uint64_t)r, label, r + 1 < runs);
    }
    return median(v, runs);
}

/* Instructions per game from the hardware counter, or -1 if unavailable. */
static double instructions_per_game(Bench *b, long games)
{
    struct perf_event_attr pe;
    memset(&pe, 0, sizeof pe);
    pe.type = PERF_TYPE_HARDWARE;
    pe.size = sizeof pe;
    pe.config = PERF_COUNT_HW_INSTRUCTIONS;
    pe.disabled = 1;
    pe.exclude_kernel = 1;
    pe.exclude_hv = 1;
    int fd = (int)syscall(SYS_perf_event_open, &pe, 0, -1, -1, 0);
    if (fd < 0) return -1;
    ioctl(fd, PERF_EVENT_IOC_RESET, 0);
    ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
    rate(b, &b->pol[0].inst, &b->pol[1].inst, games, 1, 7, "bench: instructions", 0);
    ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
    uint64_t count = 0;
    ssize_t got = read(fd, &count, sizeof count);
    close(fd);
    return got == (ssize_t)sizeof count && count ? (double)count / (double)games : -1;
}

/* A mid-game state of the matchup played (heuristic, turn 8). */
static void mid_game(Bench *b, GameState *s, Game *g, Rng rngs[4], uint8_t lib[2][DECK_MAX])
{
    for (uint64_t seed = 1;; seed++) {
        memset(g, 0, sizeof *g);
        g->pool = NULL;
        static CardPool view;
        view = pool_view(&b->pool);
        g->pool = &view;
        for (int p = 0; p < 2; p++) {
            rng_seed(&rngs[p], seed, 0, (uint64_t)p);
            rng_seed(&rngs[p + 2], seed, 0, (uint64_t)p + 2);
            g->deck[p] = b->play[p];
            g->policy[p] = &b->pol[p].inst;
            g->deck_rng[p] = &rngs[p];
            g->policy_rng[p] = &rngs[p + 2];
            g->lib_buf[p] = lib[p];
        }
        g->turn_cap = 8;
        game_init(s, g, 0);
        game_run(s, g);
        if (s->end_reason == END_TURN_CAP && permset_count(s->perm_used) >= 4) break;
    }
    s->over = 0; s->winner = 2; s->end_reason = END_NONE;
    s->turn_cap = TURN_CAP_DEFAULT;
    s->step = STEP_DECLARE_ATTACKERS;
}

/* Nanoseconds per fork (a copy of the state), median of runs. */
static double fork_ns(const GameState *s, int runs)
{
    double v[16];
    const long n = 2000000;
    static GameState sink[4];
    for (int r = 0; r < runs && r < 16; r++) {
        double t0 = now();
        for (long k = 0; k < n; k++) {
            state_fork(&sink[k & 3], s);
            __asm__ __volatile__("" : : "r"(&sink[k & 3]) : "memory");
        }
        v[r] = (now() - t0) * 1e9 / (double)n;
    }
    return median(v, runs < 16 ? runs : 16);
}

/* A policy that counts the decisions of the one it wraps that search
 * (attacks, blocks, and the plays of a main phase that fork) and hands
 * every decision to it. */
typedef struct Counted { const Policy *inner; long *decisions; } Counted;
#define INNER(p) (((const Counted *)(p)->self)->inner)
static int c_keep(const Policy *p, const GameState *s, const Game *g, int pl, Rng *r)
{ return INNER(p)->keep(INNER(p), s, g, pl, r); }
static void c_bottom(const Policy *p, const GameState *s, const Game *g, int pl, Rng *r, int n, uint8_t *o)
{ INNER(p)->bottom(INNER(p), s, g, pl, r, n, o); }
static int c_main(const Policy *p, const GameState *s, const Game *g, int pl, Rng *r, const Action *a, int n)
{
    uint64_t before = g->forks ? *g->forks : 0;
    int k = INNER(p)->main_action(INNER(p), s, g, pl, r, a, n);
    if (g->forks && *g->forks > before) (*((const Counted *)p->self)->decisions)++;
    return k;
}
static int c_attack(const Policy *p, const GameState *s, const Game *g, int pl, Rng *r, AttackDecl *o)
{ (*((const Counted *)p->self)->decisions)++; return INNER(p)->attack(INNER(p), s, g, pl, r, o); }
static int c_block(const Policy *p, const GameState *s, const Game *g, int pl, Rng *r, BlockDecl *o)
{ (*((const Counted *)p->self)->decisions)++; return INNER(p)->block(INNER(p), s, g, pl, r, o); }
static void c_order(const Policy *p, const GameState *s, const Game *g, int pl, Rng *r, int who, uint8_t *v, int n)
{ INNER(p)->order(INNER(p), s, g, pl, r, who, v, n); }
static void c_assign(const Policy *p, const GameState *s, const Game *g, int pl, Rng *r, const DamageChoice *dc, int16_t *a)
{ INNER(p)->assign(INNER(p), s, g, pl, r, dc, a); }
static void c_discard(const Policy *p, const GameState *s, const Game *g, int pl, Rng *r, int n, uint8_t *o)
{ INNER(p)->discard(INNER(p), s, g, pl, r, n, o); }

/* Decisions that search per second on one thread of a search policy
 * (look-ahead, MCTS; their default budgets) against the heuristic, on the
 * decks b->play, and the forks it made per second. */
static void search_rate(Bench *b, const Policy *search, double seconds, double *decisions_per_s, double *forks_per_s)
{
    long decisions = 0;
    uint64_t forks = 0;
    Counted c = { search, &decisions };
    Policy counted = { "counted", &c, c_keep, c_bottom, c_main, c_attack, c_block, c_order, c_assign, c_discard, NULL, NULL, NULL,
                        NULL };
    CardPool view = pool_view(&b->pool);
    double t0 = now();
    for (long games = 0; now() - t0 < seconds; games++) {
        Rng rngs[4];
        uint8_t lib[2][DECK_MAX];
        Game g;
        memset(&g, 0, sizeof g);
        g.pool = &view;
        g.forks = &forks;
        for (int p = 0; p < 2; p++) {
            rng_seed(&rngs[p], 77, (uint64_t)games, (uint64_t)p);
            rng_seed(&rngs[p + 2], 77, (uint64_t)games, (uint64_t)p + 2);
            g.deck[p] = b->play[p];
            g.deck_rng[p] = &rngs[p];
            g.policy_rng[p] = &rngs[p + 2];
            g.lib_buf[p] = lib[p];
        }
        g.policy[games & 1] = &counted;
        g.policy[1 - (games & 1)] = &policy_heuristic;
        GameState s;
        game_init(&s, &g, 0);
        game_run(&s, &g);
    }
    double secs = now() - t0;
    *decisions_per_s = (double)decisions / secs;
    *forks_per_s = (double)forks / secs;
}

/* FNV-1a, 64 bits. */
static uint64_t fnv1a(const char *s)
{
    uint64_t h = 0xcbf29ce484222325ull;
    for (; *s; s++) { h ^= (unsigned char)*s; h *= 0x100000001b3ull; }
    return h;
}

/* The hash of the report of a fixed-seed batch, without its run section,
 * played by the baseline heuristic (version 1) on both sides: its play is
 * frozen, so that the hash follows the engine alone, not the policies'
 * progress (the heuristic of version 2 breaks stalls in creature games).
 * The hashed report names it "heuristic", as when the signature was
 * pinned: it plays creature-only games as the heuristic did then. */
static uint64_t signature(Bench *b, int threads)
{
    static PolicySpec base;
    char err[256];
    if (policy_parse("heuristic:version=1", &base, err, sizeof err)) return 0;
    MatchSpec m = { pool_view(&b->pool), { &b->deck[0].main, &b->deck[1].main }, { &base.inst, &base.inst },
                    EDITION_2011, 0, SIGNATURE_SEED, 1, { NULL, NULL }, 0, 0 };
    StatsSetup su;
    Tally t;
    if (stats_setup(&su, &m) || tally_init(&t, &su)) return 0;
    BatchConfig bc = { SIGNATURE_GAMES, threads, 0, b->progress, "bench: signature", NULL, { NULL, NULL } };
    double secs;
    batch_run(&bc, &m, &su, &t, &secs);
    RunInfo ri = { { b->deck[0].name, b->deck[1].name }, { "a", "b" }, { "heuristic", "heuristic" },
                   SIGNATURE_SEED, EDITION_2011, TURN_CAP_DEFAULT, 1, 1, SIGNATURE_GAMES, 0, 1, 0 };
    cJSON *rep = report_build(&ri, &t, &su, &m.pool);
    cJSON_DeleteItemFromObject(rep, "run");
    char *text = cJSON_PrintUnformatted(rep);
    uint64_t h = fnv1a(text);
    free(text);
    cJSON_Delete(rep);
    tally_free(&t);
    stats_setup_free(&su);
    return h;
}

static long max_rss_kib(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return ru.ru_maxrss;
}

int cmd_bench(int argc, char **argv)
{
    int json = 0, sig_only = 0, threads = 0;
    long games = 100000;
    int runs = 5;
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) { fputs(bench_usage, stdout); return 0; }
        else if (!strcmp(argv[i], "--json")) json = 1;
        else if (!strcmp(argv[i], "--signature")) sig_only = 1;
        else if ((!strcmp(argv[i], "--games") || !strcmp(argv[i], "--runs") || !strcmp(argv[i], "--threads")) && i + 1 < argc) {
            char *end;
            long v = strtol(argv[i + 1], &end, 10);
            if (*end || v < 1 || v > 100000000) { fprintf(stderr, "mtgsim bench: %s %s: not a positive whole number\n", argv[i], argv[i + 1]); return 2; }
            if (!strcmp(argv[i], "--games")) games = v;
            else if (!strcmp(argv[i], "--runs")) runs = (int)v;
            else threads = (int)v;
            i++;
        } else { fprintf(stderr, "mtgsim bench: unknown argument '%s'\n\n%s", argv[i], bench_usage); return 2; }
    }
    static Bench b;
    b.progress = isatty(2);
    char err[2048];
    char *noargs[1] = { NULL };
    if (options_parse(0, noargs, &b.o, 2, 2, bench_usage, "bench") >= 0) return 2;
    if (options_load(&b.o, &b.pool, b.deck, b.pol, err, sizeof err)) { fprintf(stderr, "mtgsim bench: %s\n", err); return 2; }
    b.play[0] = &b.deck[0].main;
    b.play[1] = &b.deck[1].main;

    uint64_t sig = signature(&b, threads);
    if (sig_only) {
        printf("%016" PRIx64 "\n", sig);
        pool_free(&b.pool);
        return 0;
    }
    int cores = omp_get_num_procs();
    /* Warm-up: caches, page faults, the CPU's clock. */
    rate(&b, &b.pol[0].inst, &b.pol[1].inst, games / 4 + 1, 1, 99, "bench: warm-up", 0);
    /* The heuristic on 1 thread is the first figure of the scaling too. */
    double th[64];
    int nth = cores < 64 ? cores : 64;
    th[0] = median_rate(&b, &b.pol[0].inst, &b.pol[1].inst, games, 1, runs, "heuristic, 1 thread");
    double heur = th[0];
    double rnd = median_rate(&b, &policy_random, &policy_random, games, 1, runs, "random, 1 thread");
    for (int t = 2; t <= nth; t++) {
        char what[64];
        snprintf(what, sizeof what, "heuristic, %d threads", t);
        th[t - 1] = median_rate(&b, &b.pol[0].inst, &b.pol[1].inst, games * t, t, runs, what);
    }
    long rss_small = max_rss_kib();
    rate(&b, &b.pol[0].inst, &b.pol[1].inst, games * 10, nth, 5, "bench: memory", 0);
    long rss_big = max_rss_kib();
    if (b.progress) fputs("bench: fork, look-ahead and MCTS timings (4 s)\n", stderr);

    GameState s;
    Game g;
    Rng rngs[4];
    uint8_t lib[2][DECK_MAX];
    mid_game(&b, &s, &g, rngs, lib);
    double fns = fork_ns(&s, runs);
    double la_dps, la_fps, mc_dps, mc_fps;
    search_rate(&b, &policy_lookahead, 2.0, &la_dps, &la_fps);
    search_rate(&b, &policy_mcts, 2.0, &mc_dps, &mc_fps);
    double ipg = instructions_per_game(&b, games / 4 + 1);

    /* The spells reference matchup: its games are slower (the stack,
     * priority in every step, the heuristic's forks for each spell), so a
     * tenth as many a run. */
    char files[2][1024];
    if (options_matchup("reference_spells", files, err, sizeof err) ||
        decklist_load(&b.pool, files[0], &b.spells[0], err, sizeof err) ||
        decklist_load(&b.pool, files[1], &b.spells[1], err, sizeof err)) {
        fprintf(stderr, "mtgsim bench: %s\n", err);
        pool_free(&b.pool);
        return 2;
    }
    b.play[0] = &b.spells[0].main;
    b.play[1] = &b.spells[1].main;
    long sgames = games / 10 > 0 ? games / 10 : 1;
    rate(&b, &b.pol[0].inst, &b.pol[1].inst, sgames / 4 + 1, 1, 98, "bench: spells warm-up", 0);
    double sheur = median_rate(&b, &b.pol[0].inst, &b.pol[1].inst, sgames, 1, runs, "spells, heuristic, 1 thread");
    double srnd = median_rate(&b, &policy_random, &policy_random, sgames, 1, runs, "spells, random, 1 thread");
    GameState ss;
    mid_game(&b, &ss, &g, rngs, lib);
    double sfns = fork_ns(&ss, runs);
    double sla_dps, sla_fps, smc_dps, smc_fps;
    search_rate(&b, &policy_lookahead, 2.0, &sla_dps, &sla_fps);
    search_rate(&b, &policy_mcts, 2.0, &smc_dps, &smc_fps);

    if (json) {
        printf("{\n  \"games_per_second_per_thread\": %.0f,\n  \"random_games_per_second_per_thread\": %.0f,\n", heur, rnd);
        printf("  \"threads\": [");
        for (int t = 1; t <= nth; t++) printf("%s{\"threads\": %d, \"games_per_second\": %.0f}", t > 1 ? ", " : "", t, th[t - 1]);
        printf("],\n  \"fork_ns\": %.1f,\n  \"state_bytes\": %zu,\n", fns, state_fork_bytes(&s));
        printf("  \"lookahead_decisions_per_second\": %.0f,\n  \"forks_per_second\": %.0f,\n", la_dps, la_fps);
        printf("  \"mcts_decisions_per_second\": %.0f,\n  \"mcts_forks_per_second\": %.0f,\n", mc_dps, mc_fps);
        if (ipg > 0) printf("  \"instructions_per_game\": %.0f,\n", ipg);
        else printf("  \"instructions_per_game\": null,\n");
        printf("  \"max_rss_kib\": {\"after_%ld_games\": %ld, \"after_%ld_more\": %ld},\n", games * (nth + 1) * runs, rss_small, games * 10, rss_big);
        printf("  \"signature\": \"%016" PRIx64 "\",\n  \"games_per_run\": %ld,\n  \"runs\": %d,\n  \"matchup\": \"%s vs %s\",\n  \"cores\": %d,\n",
               sig, games, runs, b.deck[0].name, b.deck[1].name, cores);
        printf("  \"spells\": {\"games_per_second_per_thread\": %.0f, \"random_games_per_second_per_thread\": %.0f, "
               "\"fork_ns\": %.1f, \"state_bytes\": %zu, \"lookahead_decisions_per_second\": %.0f, "
               "\"forks_per_second\": %.0f, \"mcts_decisions_per_second\": %.0f, \"mcts_forks_per_second\": %.0f, "
               "\"games_per_run\": %ld, \"matchup\": \"%s vs %s\"}\n}\n",
               sheur, srnd, sfns, state_fork_bytes(&ss), sla_dps, sla_fps, smc_dps, smc_fps, sgames, b.spells[0].name, b.spells[1].name);
    } else {
        printf("mtgsim bench: %s vs %s, median of %d runs of %ld games per thread\n", b.deck[0].name, b.deck[1].name, runs, games);
        printf("  %-44s %12.0f\n", "games/s, heuristic vs heuristic, 1 thread", heur);
        for (int t = 2; t <= nth; t++) {
            char label[64];
            snprintf(label, sizeof label, "games/s, heuristic vs heuristic, %d threads", t);
            printf("  %-44s %12.0f   (x%.2f the 1-thread rate)\n", label, th[t - 1], th[t - 1] / th[0]);
        }
        printf("  %-44s %12.0f\n", "games/s, random vs random, 1 thread", rnd);
        printf("  %-44s %12.1f\n", "fork of a mid-game state, ns", fns);
        printf("  %-44s %12zu\n", "bytes a fork copies", state_fork_bytes(&s));
        printf("  %-44s %12.0f\n", "look-ahead decisions/s, 1 thread", la_dps);
        printf("  %-44s %12.0f\n", "forks/s in look-ahead, 1 thread", la_fps);
        printf("  %-44s %12.0f\n", "MCTS decisions/s, 1 thread", mc_dps);
        printf("  %-44s %12.0f\n", "forks/s in MCTS, 1 thread", mc_fps);
        if (ipg > 0) printf("  %-44s %12.0f\n", "instructions per game", ipg);
        else printf("  %-44s %12s\n", "instructions per game", "n/a (no perf counters)");
        printf("  %-44s %7ld -> %ld\n", "max RSS KiB (10x more games)", rss_small, rss_big);
        printf("  %-44s %016" PRIx64 "\n", "signature", sig);
        printf("spells matchup: %s vs %s, median of %d runs of %ld games\n", b.spells[0].name, b.spells[1].name, runs, sgames);
        printf("  %-44s %12.0f   (%.0f %% of the creature-only rate)\n", "games/s, heuristic vs heuristic, 1 thread", sheur,
               heur > 0 ? 100 * sheur / heur : 0);
        printf("  %-44s %12.0f   (%.0f %%)\n", "games/s, random vs random, 1 thread", srnd, rnd > 0 ? 100 * srnd / rnd : 0);
        printf("  %-44s %12.1f\n", "fork of a mid-game state, ns", sfns);
        printf("  %-44s %12zu\n", "bytes a fork copies", state_fork_bytes(&ss));
        printf("  %-44s %12.0f\n", "look-ahead decisions/s, 1 thread", sla_dps);
        printf("  %-44s %12.0f\n", "forks/s in look-ahead, 1 thread", sla_fps);
        printf("  %-44s %12.0f\n", "MCTS decisions/s, 1 thread", smc_dps);
        printf("  %-44s %12.0f\n", "forks/s in MCTS, 1 thread", smc_fps);
    }
    pool_free(&b.pool);
    return 0;
}
