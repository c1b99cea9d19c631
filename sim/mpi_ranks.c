/* mpi_ranks.c: the ranks of an MPI run, and their collective steps; the
 * only file that includes mpi.h. */
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include "mpi_ranks.h"

#ifdef MTGSIM_MPI
#include <mpi.h>
#endif

/* Process-wide facts, set once by ranks_init before any thread starts. */
static int rank_me;        /* this rank, 0 .. rank_n - 1 */
static int rank_n = 1;     /* ranks working together (1: alone) */

int ranks_count(void) { return rank_n; }
int ranks_me(void) { return rank_me; }
int ranks_root(void) { return rank_me == 0; }

/* The size and rank a launcher gives in the environment, or 0. */
static int launcher_env(const char *const *names)
{
    for (; *names; names++) {
        const char *v = getenv(*names);
        if (v && *v) return atoi(v);
    }
    return 0;
}

static const char *const size_vars[] = { "OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_SIZE", NULL };

/* A rank other than 0 prints nothing: rank 0 speaks for all. (A failed
 * freopen leaves the stream as it was, which is harmless.) */
static void quiet_stdio(void)
{
    FILE *out = freopen("/dev/null", "w", stdout), *err = freopen("/dev/null", "w", stderr);
    (void)out; (void)err;
}

void ranks_part(long start, long end, int r, long *lo, long *hi)
{
    long pairs = (end - start + 1) / 2, k = rank_n;
    *lo = start + 2 * (pairs * r / k);
    *hi = start + 2 * (pairs * (r + 1) / k);
    if (*lo > end) *lo = end;
    if (*hi > end) *hi = end;
}

/* This rank's bound on N: the end of the batch when it played its whole
 * part, else the end of what it played. The parts are in order, so the
 * smallest bound of all ranks is the end of the longest prefix played. */
static long prefix_bound(long start, long end, long played)
{
    long lo, hi;
    ranks_part(start, end, rank_me, &lo, &hi);
    return played < hi - lo ? lo + played : end;
}

#ifdef MTGSIM_MPI

static int ranks_on;       /* MPI was started (so ranks_finish ends it) */
static int ranks_active;   /* the collectives talk to the other ranks */

_Static_assert(offsetof(Tally, card) % sizeof(long) == 0, "a Tally opens with longs only, up to card");
_Static_assert(sizeof(GameResult) % sizeof(int) == 0, "a GameResult is ints only");

int ranks_init(int *argc, char ***argv)
{
    if (!launcher_env(size_vars) && !getenv("PMIX_RANK") && !getenv("PMI_RANK")) return 0;
    int provided;
    /* Only the main thread calls MPI; OpenMP threads play games. */
    if (MPI_Init_thread(argc, argv, MPI_THREAD_FUNNELED, &provided) != MPI_SUCCESS) {
        fprintf(stderr, "mtgsim: MPI did not start\n");
        exit(2);
    }
    ranks_on = ranks_active = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank_me);
    MPI_Comm_size(MPI_COMM_WORLD, &rank_n);
    if (rank_me != 0) quiet_stdio();
    return 0;
}

void ranks_alone(void)
{
    ranks_active = 0;
    rank_n = 1;
}

/* Waits for a collective by naps of `us` microseconds: Open MPI spins while
 * it waits, taking a core from the threads of the ranks still playing (on
 * the same node) or from whatever else runs there. */
static void wait_napping(MPI_Request *rq, long us)
{
    struct timespec nap = { 0, us * 1000 };
    int done = 0;
    while (MPI_Test(rq, &done, MPI_STATUS_IGNORE) == MPI_SUCCESS && !done) nanosleep(&nap, NULL);
}

int ranks_finish(int status)
{
    if (!ranks_on) return status;
    int worst = status;
    MPI_Request rq;
    MPI_Iallreduce(&status, &worst, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD, &rq);
    wait_napping(&rq, 2000);
    MPI_Finalize();
    ranks_on = ranks_active = 0;
    return worst;
}

int ranks_any_failed(int failed, char *err, size_t errlen)
{
    if (!ranks_active) return failed != 0;
    int mine = failed ? rank_me : rank_n, first = rank_n;
    MPI_Allreduce(&mine, &first, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (first == rank_n) return 0;
    if (first != 0) {
        char msg[1024] = "";
        if (rank_me == first) {
            if (err && errlen) snprintf(msg, sizeof msg, "%s", err);
            MPI_Send(msg, (int)sizeof msg, MPI_CHAR, 0, 1, MPI_COMM_WORLD);
        } else if (rank_me == 0) {
            MPI_Recv(msg, (int)sizeof msg, MPI_CHAR, first, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            if (!msg[0]) snprintf(msg, sizeof msg, "rank %d of %d failed on input that rank 0 read"
                                  " (do all nodes see the same files?)", first, rank_n);
            if (err && errlen) snprintf(err, errlen, "%s", msg);
        }
    }
    return 1;
}

int ranks_any(int flag)
{
    if (!ranks_active) return flag != 0;
    int mine = flag != 0, any = 0;
    MPI_Allreduce(&mine, &any, 1, MPI_INT, MPI_LOR, MPI_COMM_WORLD);
    return any;
}

long ranks_agree_played(long start, long end, long played, int stopped, int *stop)
{
    long n = prefix_bound(start, end, played);
    if (!ranks_active) { *stop = stopped != 0; return n; }
    /* One collective: the max of -bound is -(the smallest bound). Here
     * the ranks done first wait for the others: napping, not spinning. */
    long mine[2] = { -n, stopped != 0 }, v[2];
    MPI_Request rq;
    MPI_Iallreduce(mine, v, 2, MPI_LONG, MPI_MAX, MPI_COMM_WORLD, &rq);
    wait_napping(&rq, 100);
    *stop = v[1] != 0;
    return -v[0];
}

/* MPI's default error handler ends the job on any failure of a collective,
 * so their return codes need no check here. */
void ranks_sum_tally(Tally *t)
{
    if (!ranks_active) return;
    MPI_Allreduce(MPI_IN_PLACE, t, (int)(offsetof(Tally, card) / sizeof(long)), MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
    for (int d = 0; d < 2; d++)
        MPI_Allreduce(MPI_IN_PLACE, t->card[d], (int)((size_t)t->ncard[d] * (sizeof(CardTally) / sizeof(long))),
                      MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
}

void ranks_gather_results(GameResult *res, long start, long end, long n)
{
    if (!ranks_active) return;
    int *count = malloc(2 * (size_t)rank_n * sizeof *count), *at = count ? count + rank_n : NULL;
    if (!count) {
        /* Defensive: the other ranks are already in the gather. */
        fprintf(stderr, "mtgsim: out of memory\n");
        MPI_Abort(MPI_COMM_WORLD, 2);
    }
    for (int r = 0; r < rank_n; r++) {
        long lo, hi;
        ranks_part(start, end, r, &lo, &hi);
        long k = (hi < n ? hi : n) - lo;
        count[r] = (int)(k > 0 ? k : 0);
        at[r] = (int)(lo - start);
    }
    MPI_Datatype row;
    MPI_Type_contiguous((int)(sizeof(GameResult) / sizeof(int)), MPI_INT, &row);
    MPI_Type_commit(&row);
    if (rank_me == 0)
        MPI_Gatherv(MPI_IN_PLACE, 0, row, res, count, at, row, 0, MPI_COMM_WORLD);
    else
        MPI_Gatherv(res + at[rank_me], count[rank_me], row, NULL, NULL, NULL, row, 0, MPI_COMM_WORLD);
    MPI_Type_free(&row);
    free(count);
}

#else  /* one process: a build without MPI */

static const char *const rank_vars[] = { "OMPI_COMM_WORLD_RANK", "PMI_RANK", "PMIX_RANK", NULL };

int ranks_init(int *argc, char ***argv)
{
    (void)argc; (void)argv;
    int n = launcher_env(size_vars);
    if (n <= 1) return 0;
    /* Started by mpirun, but each process would play every game: rank 0
     * plays them alone. */
    if (launcher_env(rank_vars) != 0) { quiet_stdio(); return 1; }
    fprintf(stderr, "mtgsim: started as %d processes, but built without MPI: rank 0 plays every game alone\n", n);
    return 0;
}

void ranks_alone(void) {}
int ranks_finish(int status) { return status; }
int ranks_any_failed(int failed, char *err, size_t errlen) { (void)err; (void)errlen; return failed != 0; }
int ranks_any(int flag) { return flag != 0; }

long ranks_agree_played(long start, long end, long played, int stopped, int *stop)
{
    *stop = stopped != 0;
    return prefix_bound(start, end, played);
}

void ranks_sum_tally(Tally *t) { (void)t; }
void ranks_gather_results(GameResult *res, long start, long end, long n)
{
    (void)res; (void)start; (void)end; (void)n;
}

#endif
