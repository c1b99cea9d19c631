/* library.h: libraries that cards change (searching, shuffling, putting a
 * card on top or at the bottom). A library's order is the game's, shared
 * by every fork of the state (Player.lib), until a card writes to it: then
 * the state takes its own copy (lib_buf, PL_LIB_OWN), which state_fork
 * copies with it. Games that never write to a library pay nothing. */
#ifndef MTG_LIBRARY_H
#define MTG_LIBRARY_H

#include "game.h"

/* Player p's library, made the state's own: its order, writable, from
 * lib[lib_top] (the top) to lib[lib_top + lib_n - 1]. There is room above
 * the top for cards put on top. */
uint8_t *library_own(GameState *s, int p);

/* Takes the card at position k from the top (0: the top) out of player p's
 * library; returns its object id. */
uint8_t library_take(GameState *s, int p, int k);

/* Puts object obj on top of (or, bottom: at the bottom of) its owner p's
 * library. */
void library_put(GameState *s, int p, uint8_t obj, int bottom);

/* Puts player p's top m cards back in the order of permutation number k
 * (0 .. m! - 1, in lexicographic order of the positions: 0 keeps them). */
void library_reorder(GameState *s, int p, int m, int k);

/* Shuffles player p's library (701.19) with the game's random stream of
 * that player's deck. */
void library_shuffle(GameState *s, const Game *g, int p);

#endif
