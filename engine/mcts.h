/* mcts.h: the Monte Carlo tree search policy, an ensemble of determinized
 * trees (Cowling, Ward and Powley, "Ensemble Determinization in Monte
 * Carlo Tree Search for the Imperfect Information Card Game Magic: The
 * Gathering", 2012).
 *
 * At each attack, block and main-phase play that search weighs (the
 * look-ahead's decisions: search.h), it deals the cards its player cannot
 * see anew `trees` times (lookahead_determinize) and grows one tree on
 * each deal. A tree's nodes are the later decisions of either player that
 * search weighs, each with the same candidates (the heuristic's first);
 * every playout descends the tree by UCB1, adds one node, and plays on
 * with the heuristic on both sides to the end of the game, or for
 * `horizon` turns after which the board's value stands for the result
 * (early playout termination). The candidate
 * played most often over all the trees is chosen. Every other decision is
 * the heuristic's. No allocation: the trees live on the stack. */
#ifndef MTG_MCTS_H
#define MTG_MCTS_H

#include "heuristic.h"

typedef struct MctsParams {
    HeuristicParams base;  /* the heuristic behind candidates and playouts (first: search.h) */
    int playouts;          /* playouts per decision, over all the trees (default 64) */
    int trees;             /* determinizations, one tree each (default 16) */
    int explore;           /* UCB1's exploration constant, in hundredths (default 70) */
    int candidates;        /* candidates per decision in the tree (default 4) */
    int ms;                /* if above 0 and `clock` is set: milliseconds per decision instead
                              of `playouts` (results then depend on the machine's speed) */
    int horizon;           /* turns (both players') a playout is played before the board is
                              valued instead (default 4); 0: to the end of the game */
    double (*clock)(void); /* seconds from any fixed origin; the caller's (the engine reads no
                              clock of its own) */
} MctsParams;

extern const Policy policy_mcts;   /* self: const MctsParams * */

void mcts_defaults(MctsParams *p);
/* Sets "playouts", "trees", "explore", "candidates", "ms", "horizon", or a heuristic
 * parameter. 0 or -1 (unknown name, value out of range). */
int mcts_set(MctsParams *p, const char *name, int value);
/* Its own parameter names, NULL-terminated, for help and messages. */
extern const char *const mcts_param_names[];

#endif
