/* search.h: what the search policies (look-ahead, MCTS) share: the few
 * candidate decisions they weigh at an attack, a block or a main-phase
 * play (the heuristic's own first, then variations of it), how a fork of
 * the state takes one, and the playout's context.
 *
 * A search policy's parameters start with the heuristic's
 * (HeuristicParams first in LookaheadParams and MctsParams), so that the
 * decisions it leaves to the heuristic are delegated here, one function
 * for both policies. */
#ifndef MTG_SEARCH_H
#define MTG_SEARCH_H

#include "heuristic.h"

#define CAND_MAX 16   /* candidates per decision, at most */

enum { KIND_ATTACK, KIND_BLOCK, KIND_PLAY };

typedef struct Candidate {
    int n;   /* declarations (KIND_PLAY: 1) */
    union { AttackDecl att[PERM_MAX]; BlockDecl blk[PAIR_MAX]; Action play; } d;
} Candidate;

/* The heuristic a search policy builds on (its parameters come first in self). */
Policy search_base(const Policy *pol);

/* Candidate attacks of player p (at most max): the heuristic's, none, all
 * the creatures that can, then the heuristic's with one creature more or
 * less, most valuable first. Every one is legal. */
int search_attacks(const GameState *s, const Game *g, int p, const Policy *h, Rng *rng, Candidate *c, int max);
/* Candidate blocks: the heuristic's, none, the heuristic's without each of
 * its blocks, and with each unblocked attacker blocked by the least
 * valuable creature that can. Every one is legal. */
int search_blocks(const GameState *s, const Game *g, int p, const Policy *h, Rng *rng, Candidate *c, int max);
/* search_attacks or search_blocks, by kind (KIND_ATTACK, KIND_BLOCK). */
int search_declarations(const GameState *s, const Game *g, int p, const Policy *h, Rng *rng, int kind, Candidate *c,
                        int max);
/* Copies candidate c's declarations (AttackDecl, or BlockDecl for
 * KIND_BLOCK) to out; returns how many. */
int search_copy(int kind, const Candidate *c, void *out);
/* The heuristic's declaration of this kind (its attack or its blocks). */
int search_heuristic_declares(const Policy *h, const GameState *s, const Game *g, int p, Rng *rng, int kind, void *out);

/* Whether a main-phase decision among legal[0 .. n-1] is one a search
 * weighs: a game with spells, p's own main phase, the stack empty, and no
 * land to play (the heuristic plays one whenever it may). */
int search_play_point(const GameState *s, int p, const Action *legal, int n);
/* Candidate plays at such a point (heuristic_spells_ranked: its choice,
 * passing, then the next best): c[k] the action, idx[k] its index in legal. */
int search_plays(const GameState *s, const Game *g, int p, int version, const Action *legal, int n,
                 Candidate *c, int *idx, int max);

/* The playout's context of a fork: g's pool, decks and edition, the turn
 * cap of f, the policies given, random streams seeded from (seed, r), and
 * lib[] as its libraries' storage. dr and pr hold the streams. */
void search_game(Game *rg, const Game *g, const GameState *f, const Policy *p0, const Policy *p1,
                 uint64_t seed, uint64_t r, Rng dr[2], Rng pr[2], uint8_t *lib[2]);
/* Player p takes candidate c of this kind on fork f: the declaration is
 * made and the step set to the one after it; a play is applied, the
 * player holding priority (117.3c), and passing ends the phase (the
 * opponent's answers at sorcery speed left out). MTG_OK or the error. */
int search_apply(GameState *f, Game *rg, int p, int kind, const Candidate *c);
/* Plays fork f on to the end of the game or, with a horizon, for
 * `horizon` turns (both players' counted) at most, and returns player 0's
 * result: 1 for a win, 1/2 for a draw, 0 for a loss, and at the horizon
 * 1 / (1 + e^(-v / SEARCH_HORIZON_SCALE)) for the board's value v for
 * player 0 (policy_board.h: a creature's worth, about 150, ahead gives
 * 0.73). */
#define SEARCH_HORIZON_SCALE 150.0
double search_run(GameState *f, Game *rg, int horizon);

/* A key naming the candidate (equal candidates, equal keys). */
uint64_t search_key(int kind, const Candidate *c);

/* The heuristic's answers, for the decisions a search policy leaves to it. */
int  search_keep(const Policy *pol, const GameState *s, const Game *g, int p, Rng *rng);
void search_bottom(const Policy *pol, const GameState *s, const Game *g, int p, Rng *rng, int n, uint8_t *o);
void search_order(const Policy *pol, const GameState *s, const Game *g, int p, Rng *rng, int who, uint8_t *v, int n);
void search_assign(const Policy *pol, const GameState *s, const Game *g, int p, Rng *rng, const DamageChoice *dc,
                   int16_t *a);
void search_discard(const Policy *pol, const GameState *s, const Game *g, int p, Rng *rng, int n, uint8_t *o);
int  search_choose(const Policy *pol, const GameState *s, const Game *g, int p, Rng *rng, const Choice *c);

#endif
