/* mpi_ranks.h: the ranks of an MPI run (`mpirun -np K mtgsim run ...`):
 * who this process is, and the few collective steps the batch commands
 * need. Without MPI (not built with it, or not started by mpirun) there is
 * one rank and every step does nothing, so callers never test for MPI.
 *
 * Every rank reads the same input and takes the same decisions; rank 0
 * alone prints and writes files (the other ranks' standard output and error
 * go to /dev/null). A function marked "collective" must be called by every
 * rank, in the same order: a rank that fails must still reach the next
 * collective, which tells the others, so that no rank waits forever. */
#ifndef MTG_MPI_RANKS_H
#define MTG_MPI_RANKS_H

#include <stddef.h>
#include "stats.h"

/* Starts MPI when this process was started by mpirun, srun or another PMI
 * launcher (from its environment; a plain `mtgsim run` never touches MPI).
 * Returns 0 to go on; 1 when this rank has nothing to do (a build without
 * MPI started by mpirun: only rank 0 runs, with a warning). */
int  ranks_init(int *argc, char ***argv);

/* From now on this rank works alone (a command that is not split among
 * ranks: rank 0 runs it, the others wait in ranks_finish): ranks_count()
 * is 1 and the collectives do nothing. */
void ranks_alone(void);

/* Collective: the worst exit status of all ranks (2 > 1 > 0), then MPI
 * ends. Waiting ranks sleep rather than spin, as they wait for rank 0. */
int  ranks_finish(int status);

int  ranks_count(void);           /* K; 1 without MPI */
int  ranks_me(void);              /* 0 .. K-1 */
int  ranks_root(void);            /* rank 0: prints, writes the files */

/* Collective: 1 on every rank when any rank failed. Then rank 0's err holds
 * the message of the first rank that failed (its own when it failed); a
 * rank that failed without a message (err NULL or empty) is named. */
int  ranks_any_failed(int failed, char *err, size_t errlen);

/* Collective: the logical OR of flag over the ranks. */
int  ranks_any(int flag);

/* Rank r's contiguous part [lo, hi) of the games [start, end), start even:
 * K parts of whole seat-swapped pairs (even boundaries), in rank order. */
void ranks_part(long start, long end, int r, long *lo, long *hi);

/* Collective, after each batch [start, end): this rank played the prefix
 * [lo, lo + played) of its part [lo, hi). Returns N, the same on every
 * rank: the games [start, N) were all played (the longest prefix of the
 * batch that was); *stop is 1 on every rank when any rank was stopped by a
 * signal. */
long ranks_agree_played(long start, long end, long played, int stopped, int *stop);

/* Collective: t becomes the sum of t over all ranks, on every rank
 * (MPI_Allreduce of longs: integer sums, exact in any order). */
void ranks_sum_tally(Tally *t);

/* Collective: res[i - start] holds game i of this rank's part of the batch
 * [start, end); rank 0 receives the games [start, n) of every rank, each
 * into its place. */
void ranks_gather_results(GameResult *res, long start, long end, long n);

#endif
