/* capacity.h: what a batch says of the games the engine abandoned because
 * its state reached a fixed capacity (END_CAPACITY, engine/state.h). They
 * count as draws, `mtgsim run`'s JSON report counts them apart
 * (end_reasons.capacity), and the terminal is told loudly, on standard
 * error and even with --quiet: they are games not played to their end,
 * and the draws they add bias every win rate. */
#ifndef MTG_CAPACITY_H
#define MTG_CAPACITY_H

#include <stdio.h>

/* Writes one WARNING line to f when `abandoned` of `games` games ended as
 * capacity draws; nothing when none did. Returns whether it wrote. */
int capacity_warn(FILE *f, long games, long abandoned);

#endif
