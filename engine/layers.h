/* layers.h: a permanent's characteristics in games with rules text (613):
 * printed values, then rules and keyword abilities gained (layer 6, static
 * abilities and effects of resolved spells in timestamp order), power and
 * toughness set by characteristic-defining abilities (7a), modified (7c),
 * counters (7d). The results are written into the cached Permanent fields
 * (power, toughness, kw) and PermX (rules, prot, walk, colors) that combat,
 * the policies and the rules read. */
#ifndef MTG_LAYERS_H
#define MTG_LAYERS_H

#include "game.h"
#include "ability.h"

/* Computes every permanent's characteristics again when something they
 * depend on changed (GameState.layers_dirty). */
void layers_refresh(GameState *s);

/* Adds a continuous effect (611.2) on permanent `slot`; the game is a
 * capacity draw when FLOAT_MAX are in force (returns -1). */
int floating_add(GameState *s, const Floating *f);

/* 514.2: "until end of turn" effects end. */
void floating_end_of_turn(GameState *s);

/* Whether permanent i has rules ability r (RULE_*) now. */
static inline int perm_rule(const GameState *s, int i, int r) { return (s->px[i].rules >> r) & 1u; }

/* A permanent's power and toughness from the last refresh, its keywords:
 * the same fields as without rules text (state.h). */

#endif
