/* turn.h: what the engine's turn files (turn.c, actions.c, setup.c and the
 * stack's) share; not for the engine's callers. */
#ifndef MTG_TURN_H
#define MTG_TURN_H

#include "policy.h"
#include "ability.h"

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

/* ---- games with rules text (actions.c) ---- */

/* The legal actions of player p at this priority point; free_mana: mana
 * costs are taken as paid (scenarios). PASS first. */
int actions_spells(const GameState *s, int p, Action *out, int free_mana);
/* Passing and the land drops of actions_spells' list alone, in its order
 * (LOOK_LAND); 1 (passing) when p may play no land now. */
int actions_lands(const GameState *s, int p, Action *out);

/* Whether actions_spells (paying mana) would surely list passing alone for
 * player p: no land to play now, no untapped permanent with a mana
 * ability, no card of mana value 0 or with a graveyard ability in the
 * deck, no Aura granting its creature an activated ability, no activated
 * ability without a mana cost; and, with mana in the pool or untapped
 * basic lands, no card of the hand castable now nor activated ability
 * activatable now that this mana pays for. A quick look that the engine
 * makes before listing; 0 when anything might be legal. With but_tricks
 * (its policy passes on tricks alone here: Policy.tricks), the same but
 * for tricks: casts of cards of PLAY_TRICK and activations of a
 * creature's abilities of RF_ACTS_TRICK (card.h), at most TRICKS_MAX of
 * them. */
int actions_surely_none(const GameState *s, int p, int but_tricks);

/* The ability of card d whose targets its spell names as it is cast (an
 * instant's or sorcery's effect, an Aura's enchant), or -1. Inline: each
 * look at a castable card of the listings and of the heuristic asks it. */
static inline int spell_ability(const CardDef *d)
{
    for (int k = 0; k < d->n_abilities; k++)
        if (d->ab[k].kind == AB_SPELL || d->ab[k].kind == AB_ENCHANT) return k;
    return -1;
}

/* The {X} symbols in the cost of card d's spell (ability k), 0 if none. */
int spell_x(const CardDef *d, int k);

/* What the legal actions read of card d as it may be cast, packed in a
 * byte (CardDef.cast, made once by the pool): its spell_ability and
 * spell_x; 0 where they do not fit (then read from its abilities). */
uint8_t card_cast_facts(const CardDef *d);

/* Whether list_activations lists ability a from the battlefield (113.6):
 * a loyalty ability (606), or an activated ability of the permanent's own
 * (an Aura's for its creature: list_granted's), Equip, a mana ability with
 * more than {T} to pay (605.3a: activated with priority, as an action). */
static inline int ability_act_listed(const Ability *a)
{
    if (a->zone != ZONE_BATTLEFIELD) return 0;
    if (a->kind == AB_LOYALTY) return 1;
    return a->granted != GRANT_ATTACHED && (a->kind == AB_ACTIVATED || a->kind == AB_EQUIP ||
                                            (a->kind == AB_MANA && !ability_mana_tap_only(a)));
}

/* Which of card d's abilities the legal actions list from the battlefield
 * as activations, as bits, and whether each of them is listed only at
 * sorcery speed (CardDef.acts, made once by the pool); 0 where they do not
 * fit (then read from its abilities). */
uint8_t card_act_facts(const CardDef *d);

/* The mana of a spell of card d (ability k) with X = x, by COLOR_* and
 * generic: "Spend only black mana on X" pays X in black (107.3). */
void spell_mana(const CardDef *d, int k, int x, uint8_t color[COLOR_COUNT], int *generic);

/* target_legal for a spell's ability, an Aura's enchant included. */
int spell_target_legal(const GameState *s, const StackItem *it, const Ability *a, int k, Target t);

/* Target k of action a as a Target (with the object's timestamp now). */
Target action_target(const GameState *s, const Action *a, int k);

/* Every legal choice of targets for ability a of item it (as it would be
 * made: controller, source, card), as actions holding them; how many. */
int actions_targets(const GameState *s, const StackItem *it, const Ability *a, Action *out);

/* Plays basic or nonbasic land card in hand slot h (305.1). */
void land_play(GameState *s, Game *g, int p, int h);

#endif
