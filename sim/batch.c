/* batch.c: the parallel game loop, progress line and signal handling. */
#include <omp.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "batch.h"
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
    fprintf(stderr, "\r%s: %ld/%ld games  %.0f games/s  ETA %.0fs  %s %.1f%%   %s",
            bc->label, sum->games, bc->games, rate, left, bc->deck_name[0], wr, final ? "\n" : "");
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

int batch_run(const BatchConfig *bc, const MatchSpec *m, const StatsSetup *su, Tally *sum, double *seconds)
{
    int nt = bc->threads > 0 ? bc->threads : omp_get_max_threads();
    Tally *tl = calloc((size_t)nt, sizeof *tl);
    Observer *ob = calloc((size_t)nt, sizeof *ob);
    GameResult *res = bc->per_game ? calloc(BATCH_GAMES, sizeof *res) : NULL;
    int ok = tl && ob && (!bc->per_game || res);
    for (int k = 0; ok && k < nt; k++) ok = !tally_init(&tl[k], su) && !observer_init(&ob[k], su, &tl[k]);
    if (!ok) {
        for (int k = 0; tl && ob && k < nt; k++) { tally_free(&tl[k]); observer_free(&ob[k]); }
        free(tl); free(ob); free(res);
        return -1;
    }
    if (bc->per_game)
        fputs("game,seed,started,winner,turns,end_reason,life_a,life_b,poison_a,poison_b\r\n", bc->per_game);
    double t0 = omp_get_wtime(), last_print = 0;
    int done = 1;
    for (long start = 0; start < bc->games; start += BATCH_GAMES) {
        long end = start + BATCH_GAMES < bc->games ? start + BATCH_GAMES : bc->games;
        /* Threads claim games two at a time (a seat-swapped pair) and
         * finish every game they claim: stopped by a signal, the games
         * played are always 0 .. N-1, pairs whole. */
        long next = start;
        #pragma omp parallel num_threads(nt)
        {
            Observer *o = &ob[omp_get_thread_num()];
            for (;;) {
                long i;
                if (batch_stop) break;
                #pragma omp atomic capture
                { i = next; next += 2; }
                if (i >= end) break;
                for (long j = i; j < i + 2 && j < end; j++) {
                    GameResult r;
                    observer_play(o, m, (uint64_t)j, &r);
                    if (res) res[j - start] = r;
                }
            }
        }
        if (res)
            for (long i = next < end ? next : end; i < end; i++) res[i - start].turns = -1;
        /* Fold this batch into the sum, so the stopping rule sees it. */
        for (int k = 0; k < nt; k++) {
            tally_add(sum, &tl[k]);
            tally_reset(&tl[k]);
        }
        if (res)
            for (long i = start; i < end; i++)
                if (res[i - start].turns >= 0) per_game_row(bc->per_game, m, bc, i, &res[i - start]);
        double now = omp_get_wtime() - t0;
        if (batch_stop) { done = 0; break; }
        if (bc->progress && (now - last_print > 0.2 || end == bc->games)) {
            progress_line(bc, sum, now, end == bc->games);
            last_print = now;
        }
        if (bc->ci_width > 0) {
            double lo, hi;
            wilson95(sum->deck[0].wins, sum->games, &lo, &hi);
            if ((hi - lo) / 2 < bc->ci_width) {
                if (bc->progress && end != bc->games) progress_line(bc, sum, now, 1);
                break;
            }
        }
    }
    *seconds = omp_get_wtime() - t0;
    if (!done && bc->progress) progress_line(bc, sum, *seconds, 1);
    for (int k = 0; k < nt; k++) { tally_free(&tl[k]); observer_free(&ob[k]); }
    free(tl); free(ob); free(res);
    return done;
}
