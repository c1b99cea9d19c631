/* mana_ability.h: a mana ability activated on its own (605), as a player
 * with priority may (605.3a): its {T} cost paid, the mana added to the
 * pool at once, without the stack (605.3b). The engine itself activates
 * mana abilities only while paying a cost (mana.h); the scenario runner
 * activates them from `spells`. */
#ifndef MTG_MANA_ABILITY_H
#define MTG_MANA_ABILITY_H

#include "game.h"

/* Player p activates ability k (an AB_MANA ability) of the permanent in
 * `slot` (k = -1: a basic land's, 305.6), choosing `color` (COLOR_*) when
 * it makes one of several colors (-1: the first it can). MTG_OK, or
 * ERR_ILLEGAL_ACTION (not p's, tapped, summoning sick, not a mana ability,
 * a color it does not make) with the state unchanged. */
int mana_ability_activate(GameState *s, Game *g, int p, int slot, int k, int color);

#endif
