/* batch.h: plays a match's games in parallel (OpenMP threads, and MPI
 * ranks under mpirun: sim/mpi_ranks.h), in fixed batches of game indices,
 * so that stopping rules (--ci-width), per-game rows and the progress line
 * depend on the seed only, never on the threads or ranks. */
#ifndef MTG_BATCH_H
#define MTG_BATCH_H

#include <signal.h>
#include <stdio.h>
#include "stats.h"

#define BATCH_GAMES 8192

typedef struct BatchConfig {
    long games;          /* games to play (the most, with ci_width) */
    int threads;         /* OpenMP threads */
    double ci_width;     /* stop once deck A's 95 % interval is narrower than +-this (0: off) */
    int progress;        /* print a progress line on stderr (rank 0 only); 2: leave the
                            last one open (no newline), for the next batch's to overwrite */
    const char *label;   /* what the progress line names */
    FILE *per_game;      /* games.csv rows, or NULL (under MPI: rank 0's file,
                            NULL on the other ranks, which send it their rows) */
    const char *deck_name[2];   /* for games.csv, and deck A's win rate on the progress line (NULL: none) */
} BatchConfig;

/* Set by SIGINT/SIGTERM: games not yet started are skipped. */
extern volatile sig_atomic_t batch_stop;
void batch_catch_signals(void);

/* Plays the games into sum (initialised by the caller). Returns 1 when all
 * requested games were played (or the interval was reached), 0 when
 * stopped by a signal (on any rank), -1 out of memory (on any rank).
 * Under MPI it is collective: each rank plays a contiguous part of every
 * batch, and returns the same result and the same sum of all ranks. */
int batch_run(const BatchConfig *bc, const MatchSpec *m, const StatsSetup *su, Tally *sum, double *seconds);

#endif
