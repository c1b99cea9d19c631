/* turn.h: what the engine's turn files (turn.c, actions.c, setup.c and the
 * stack's) share; not for the engine's callers. */
#ifndef MTG_TURN_H
#define MTG_TURN_H

#include "policy.h"

/* Takes the card in hand slot h out of the hand (the last card moves into
 * its place) and returns its object id. */
uint8_t hand_take(Player *pl, int h);

/* Ends the game for an engine error: END_CAPACITY for ERR_CAPACITY, else
 * END_ERROR (an illegal answer from a policy), with the code kept. */
void game_fail(GameState *s, Game *g, int err);

/* Tests (g->check): runs state_check and records the first failure. */
void game_check_state(const GameState *s, Game *g);

/* The legal actions after acts[k], a cast from a hand of hand_n cards,
 * made from the list before it (acts[0..n-1], game_legal_actions'). */
int actions_after_cast(const GameState *s, int p, Action *acts, int n, int k, int hand_n);

#endif
