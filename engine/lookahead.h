/* lookahead.h: the look-ahead policy, Monte Carlo search on forked states.
 *
 * For attacks and blocks it keeps a few candidate declarations (the
 * heuristic's own first, then variations of it), in its own main phases
 * of a game with spells a few plays (the heuristic's, passing, its next
 * best: heuristic_spells_ranked), and for each plays the
 * game out several times from a fork of the state in which the cards its
 * player cannot see (the opponent's hand, both libraries' order) are dealt
 * anew at random from what it cannot see (determinization), with the
 * heuristic playing both sides for `horizon` turns, after which the
 * board's value stands for the result (search_run), or to the end of the
 * game. It declares the candidate that won most.
 * Every other decision is the heuristic's. No allocation: forks and
 * library orders live on the stack. */
#ifndef MTG_LOOKAHEAD_H
#define MTG_LOOKAHEAD_H

#include "heuristic.h"

typedef struct LookaheadParams {
    HeuristicParams base;  /* the heuristic behind candidates and playouts (first: search.h) */
    int candidates;        /* candidate declarations or plays per decision (default 4) */
    int rollouts;          /* playouts per candidate (default 8) */
    int horizon;           /* turns (both players') a playout lasts before the board is valued
                              (search_run; default 4); 0: to the end of the game */
} LookaheadParams;

extern const Policy policy_lookahead;   /* self: const LookaheadParams * */

void lookahead_defaults(LookaheadParams *p);
/* Sets "candidates", "rollouts", "horizon", or a heuristic parameter. 0 or -1. */
int lookahead_set(LookaheadParams *p, const char *name, int value);
/* Its own parameter names, NULL-terminated, for help and messages. */
extern const char *const lookahead_param_names[];

/* Deals the cards player p cannot see anew: the opponent's hand and
 * library from the opponent's unseen cards, p's library from p's. New
 * library orders go to lib[2] (DECK_MAX bytes each). */
void lookahead_determinize(GameState *s, int p, Rng *rng, uint8_t *lib[2]);

#endif
