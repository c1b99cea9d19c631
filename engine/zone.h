/* zone.h: permanents entering and leaving the battlefield, and cards
 * moving between zones, in games with rules text (400, 603.6, 603.10). */
#ifndef MTG_ZONE_H
#define MTG_ZONE_H

#include "game.h"

/* Puts a permanent for card `card` (object obj of player owner, or
 * OBJ_NONE) onto the battlefield under player ctl: its timestamp, owner,
 * summoning sickness for a creature, entering tapped when its text says so,
 * and its enters-the-battlefield triggers. Returns its slot, or -1 when
 * PERM_MAX is reached. */
int perm_enter(GameState *s, const Game *g, int ctl, int owner, uint16_t card, uint8_t obj);
/* perm_enter, and with others 0 without the abilities that trigger on
 * another permanent entering: for permanents that enter together, whose
 * caller triggers those once all are there (603.6a: each sees the others). */
int perm_enter_with(GameState *s, const Game *g, int ctl, int owner, uint16_t card, uint8_t obj, int others);

/* perm_enter for a permanent spell whose X was x: "enters the battlefield
 * with X +1/+1 counters" (Primordial Hydra); perm_enter gives X = 0, as
 * for a permanent that did not come from the stack (107.3). When no card
 * of the game has an ability that triggers on another permanent entering,
 * the layers are left for the caller to refresh (stack.c's
 * resolve_permanent: once, its Aura attached, where perm_enter's refresh
 * and the attachment's made two). */
int perm_enter_x(GameState *s, const Game *g, int ctl, int owner, uint16_t card, uint8_t obj, int x);

/* Permanent i leaves the battlefield for its owner's `zone` (ZONE_GRAVEYARD,
 * ZONE_EXILE, ZONE_HAND): combat, attachments and
 * effects on it end; "dies" triggers for a graveyard. */
void perm_leave(GameState *s, const Game *g, int i, int zone);

/* 701.15: if permanent i has a regeneration shield (and may be
 * regenerated), uses it: i is tapped, its damage removed, and it leaves
 * combat; returns 1. Else returns 0 (it is destroyed). */
int perm_regenerate(GameState *s, int i);

/* Land card object obj of player p onto the battlefield (a land played,
 * or put there by an effect), tapped if `tapped`: a basic land joins the
 * counts (no slot: returns NO_SLOT), another becomes a permanent (its
 * slot, or -1 when PERM_MAX is reached). */
int land_enter(GameState *s, const Game *g, int p, uint8_t obj, int tapped);

/* Card object obj leaves its owner's graveyard: targets on the stack that
 * name it become illegal (a card that returns is a new object, 400.7). */
void gy_leave(GameState *s, int owner, uint8_t obj);

/* card_to_zone's zone for the bottom of the library (ZONE_LIBRARY: the top). */
enum { ZONE_LIBRARY_BOTTOM = 16 };

/* Puts card object obj of player owner (from no zone: a resolved or
 * countered spell, a discarded card) into `zone` (a library: on top, or
 * at the bottom for ZONE_LIBRARY_BOTTOM). */
void card_to_zone(GameState *s, int owner, uint8_t obj, int zone);

/* Whether card d says "If ~ would be put into a graveyard from anywhere,
 * reveal ~ and shuffle it into its owner's library instead." (Legacy
 * Weapon: RULE_SHUFFLE_INSTEAD, read from the card in every zone). */
int card_shuffles_instead(const CardDef *d);

/* Card object obj of `owner` (not on the battlefield: perm_leave) put
 * into its owner's graveyard, or, for a card that says so, revealed and
 * shuffled into its owner's library instead (614.1a: a replacement
 * effect; g's random stream shuffles). Returns the zone it went to. */
int card_to_graveyard(GameState *s, const Game *g, int owner, uint8_t obj);

#endif
