/* damage.h: damage dealt by spells and abilities (119, 120): prevention,
 * protection, deathtouch, lifelink, infect and wither, as combat deals it. */
#ifndef MTG_DAMAGE_H
#define MTG_DAMAGE_H

#include "game.h"

/* A source of damage: its permanent (NO_SLOT for a spell), card, controller,
 * colors and the keywords that change what its damage does. */
typedef struct DamageSource {
    uint8_t  slot;
    uint8_t  controller;
    uint8_t  colors;
    uint16_t card;
    uint16_t kw;
} DamageSource;

/* Deals amt damage from src to permanent i (a creature or planeswalker) or
 * to player p (i < 0). Returns the damage dealt after prevention. */
int damage_deal(GameState *s, const Game *g, const DamageSource *src, int i, int p, int amt);

#endif
