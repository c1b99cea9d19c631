/* capacity.c: the warning of games abandoned at a capacity of the engine. */
#include "capacity.h"
#include "engine/state.h"

int capacity_warn(FILE *f, long games, long abandoned)
{
    if (abandoned <= 0) return 0;
    double pct = games > 0 ? 100.0 * (double)abandoned / (double)games : 0.0;
    char share[32];
    if (pct >= 0.1 || pct == 0.0) snprintf(share, sizeof share, "%.1f %%", pct);
    else snprintf(share, sizeof share, "%.2g %%", pct);
    /* In the turn loop only the battlefield's capacity can be reached: a
     * hand holds at most 8 cards there and the policies declare at most
     * PAIR_MAX blocks (engine/state.h). */
    fflush(stdout);   /* after the summary, when both go to one terminal or file */
    fprintf(f, "WARNING: %ld game%s (%s) abandoned as draws: the battlefield reached its capacity of %d nonland "
               "permanents\n", abandoned, abandoned == 1 ? "" : "s", share, PERM_MAX);
    return 1;
}
