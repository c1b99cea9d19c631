/* batch.c: the parallel game loop (OpenMP threads, and MPI ranks when
 * started by mpirun), progress line and signal handling. */
#include <omp.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "batch.h"
#include "mpi_ranks.h"
#include "report.h"

volatile sig_atomic_t batch_stop = 0;

static void on_signal(int sig) { (void)sig; batch_stop = 1; }

void batch_catch_signals(void)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

static void progress_line(const BatchConfig *bc, const Tally *sum, double elapsed, int final)
{
    double rate = elapsed > 0 ? (double)sum->games / elapsed : 0;
    double left = rate > 0 ? (double)(bc->games - sum->games) / rate : 0;
    double wr = sum->games ? 100.0 * (double)sum->deck[0].wins / (double)sum->games : 0;
    fprintf(stderr, "\r%s: %ld/%ld games  %.0f games/s  ETA %.0fs", bc->label, sum->games, bc->games, rate, left);
    if (bc->deck_name[0]) fprintf(stderr, "  %s %.1f%%", bc->deck_name[0], wr);
    fputs(final && bc->progress != 2 ? "   \n" : "   ", stderr);
    fflush(stderr);
}

static void per_game_row(FILE *f, const MatchSpec *m, const BatchConfig *bc, long index, const GameResult *r)
{
    char buf[64];
    snprintf(buf, sizeof buf, "%ld", index); csv_field(f, buf, 0);
    snprintf(buf, sizeof buf, "%llu", (unsigned long long)m->seed); csv_field(f, buf, 0);
    csv_field(f, bc->deck_name[r->starter], 0);
    csv_field(f, r->winner == 2 ? "draw" : bc->deck_name[r->winner], 0);
    snprintf(buf, sizeof buf, "%d", r->turns); csv_field(f, buf, 0);
    csv_field(f, mtg_end_reason_name(r->end_reason), 0);
    snprintf(buf, sizeof buf, "%d", r->life[0]); csv_field(f, buf, 0);
    snprintf(buf, sizeof buf, "%d", r->life[1]); csv_field(f, buf, 0);
    snprintf(buf, sizeof buf, "%d", r->poison[0]); csv_field(f, buf, 0);
    snprintf(buf, sizeof buf, "%d", r->poison[1]); csv_field(f, buf, 1);
}

int batch_run(const BatchConfig *bc, const MatchSpec *spec, const StatsSetup *su, Tally *sum, double *seconds)
{
    /* Each deck's play table, made once for all the games. */
    uint64_t play[2][DECK_MAX];
    MatchSpec ms = *spec;
    for (int d = 0; d < 2; d++)
        if (!ms.play[d]) { game_play_table(&ms.pool, ms.deck[d], play[d]); ms.play[d] = play[d]; }
    if (!ms.text) {
        ms.text = game_text(&ms.pool, ms.deck[0], ms.deck[1]);
        ms.trig_absent = ~game_triggers(&ms.pool, ms.deck[0], ms.deck[1]);
    }
    const MatchSpec *m = &ms;
    int nt = bc->threads > 0 ? bc->threads : omp_get_max_threads();
    /* Under MPI only rank 0 has the games.csv file; every rank keeps rows. */
    int rows = ranks_any(bc->per_game != NULL), progress = bc->progress && ranks_root();
    Tally *tl = stats_alloc(((size_t)nt + 1) * sizeof *tl), *bt = tl ? &tl[nt] : NULL;
    Observer *ob = stats_alloc((size_t)nt * sizeof *ob);
    GameResult *res = rows ? calloc(BATCH_GAMES, sizeof *res) : NULL;
    int ok = tl && ob && (!rows || res);
    for (int k = 0; ok && k < nt; k++) ok = !tally_init(&tl[k], su) && !observer_init(&ob[k], su, &tl[k]);
    if (ok) ok = !tally_init(bt, su);
    if (ranks_any_failed(!ok, NULL, 0)) {
        for (int k = 0; tl && ob && k <= nt; k++) { tally_free(&tl[k]); if (k < nt) observer_free(&ob[k]); }
        free(tl); free(ob); free(res);
        return -1;
    }
    if (bc->per_game)
        fputs("game,seed,started,winner,turns,end_reason,life_a,life_b,poison_a,poison_b\r\n", bc->per_game);
    double t0 = omp_get_wtime(), last_print = 0;
    int done = 1;
    for (long start = 0; start < bc->games; start += BATCH_GAMES) {
        long end = start + BATCH_GAMES < bc->games ? start + BATCH_GAMES : bc->games;
        /* Each MPI rank plays its contiguous part [lo, hi) of the batch
         * (all of it without MPI). Threads claim games two at a time (a
         * seat-swapped pair) and finish every game they claim: stopped by
         * a signal, a rank has played a prefix of its part, pairs whole. */
        long lo, hi;
        ranks_part(start, end, ranks_me(), &lo, &hi);
        long next = lo;
        #pragma omp parallel num_threads(nt)
        {
            Observer *o = &ob[omp_get_thread_num()];
            for (;;) {
                long i;
                if (batch_stop) break;
                #pragma omp atomic capture
                { i = next; next += 2; }
                if (i >= hi) break;
                for (long j = i; j < i + 2 && j < hi; j++) {
                    GameResult r;
                    observer_play(o, m, (uint64_t)j, &r);
                    if (res) res[j - start] = r;
                }
            }
        }
        /* The ranks agree on n: the games start .. n-1 were all played
         * (n = end unless a signal came). A rank whose part starts past n
         * played games that do not count; the stop is taken by all. */
        int stop;
        long n = ranks_agree_played(start, end, (next < hi ? next : hi) - lo, batch_stop, &stop);
        for (int k = 0; k < nt; k++) {
            tally_add(bt, &tl[k]);
            tally_reset(&tl[k]);
        }
        if (lo > n) tally_reset(bt);
        /* Fold this batch of all ranks into the sum, so the stopping rule
         * sees it (every rank holds the same sum, takes the same decision). */
        ranks_sum_tally(bt);
        tally_add(sum, bt);
        tally_reset(bt);
        if (res) ranks_gather_results(res, start, end, n);
        if (bc->per_game)
            for (long i = start; i < n; i++) per_game_row(bc->per_game, m, bc, i, &res[i - start]);
        double now = omp_get_wtime() - t0;
        if (stop) { batch_stop = 1; done = 0; break; }
        if (progress && (now - last_print > 0.2 || end == bc->games)) {
            progress_line(bc, sum, now, end == bc->games);
            last_print = now;
        }
        if (bc->ci_width > 0) {
            double ci_lo, ci_hi;
            wilson95(sum->deck[0].wins, sum->games, &ci_lo, &ci_hi);
            if ((ci_hi - ci_lo) / 2 < bc->ci_width) {
                if (progress && end != bc->games) progress_line(bc, sum, now, 1);
                break;
            }
        }
    }
    *seconds = omp_get_wtime() - t0;
    if (done == 0 && progress) progress_line(bc, sum, *seconds, 1);
    for (int k = 0; k <= nt; k++) { tally_free(&tl[k]); if (k < nt) observer_free(&ob[k]); }
    free(tl); free(ob); free(res);
    return done;
}
