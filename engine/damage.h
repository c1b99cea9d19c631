/* damage.h: damage dealt by spells and abilities (119, 120): prevention,
 * protection, deathtouch, lifelink, infect and wither, as combat deals it. */
#ifndef MTG_DAMAGE_H
#define MTG_DAMAGE_H

#include "game.h"
#include "ability.h"

/* A source of damage: its permanent (NO_SLOT for a spell), card, controller,
 * colors and the keywords that change what its damage does. */
typedef struct DamageSource {
    uint8_t  slot;
    uint8_t  controller;
    uint8_t  colors;
    uint16_t card;
    uint16_t kw;
    uint8_t  no_prevent;  /* "The damage can't be prevented" (Combust): no prevention applies */
    uint8_t  doubled;     /* Fire Servant: the damage, after prevention, is doubled this many times */
} DamageSource;

/* Whether permanent i's own text prevents all damage dealt to it ("Prevent
 * all damage that would be dealt to ~", a static ability: Cho-Manno). */
static inline int perm_prevents_all(const GameState *s, int i)
{
    const CardDef *d = &s->cards[s->perm[i].card];
    for (int k = 0; k < d->n_abilities; k++) {
        const Ability *a = &d->ab[k];
        if (a->kind == AB_STATIC && !a->cond && a->n_effects && a->effect[0].op == OP_PREVENT_ALL &&
            a->effect[0].who == SEL_SELF)
            return 1;
    }
    return 0;
}

/* 615: whether a "prevent all damage ... this turn" effect (PC_PLAYER,
 * PC_CREATURES of GameState.prevent_combat) prevents all damage to
 * permanent i (i >= 0) or to player p. Applied before a shield of
 * "the next N damage": the affected player orders the two (616.1), and
 * this order keeps the shield, never worse for that player. */
static inline int damage_all_prevented(const GameState *s, int i, int p)
{
    unsigned pc = s->prevent_combat;
    if (!(pc & ~PC_COMBAT)) return 0;
    if (i < 0) return (pc & PC_PLAYER(p)) != 0;
    return perm_is_creature(s, i) && (pc & PC_CREATURES(perm_controller(s, i)));
}

/* 615: whether an Aura or Equipment attached to permanent i prevents the
 * damage that would be dealt to it (by 0) or dealt by it as the source (by
 * 1; 609.7a: an ability's source is the object whose ability it is), combat
 * damage or not: "Prevent all damage that would be dealt to and dealt by
 * enchanted creature" (Heart of Light), "Prevent all noncombat damage that
 * would be dealt to equipped creature" (Magebane Armor). Static abilities:
 * what the permanent is attached to as the damage would be dealt (611.3a). */
int damage_attached_prevents(const GameState *s, int i, int by, int combat);

/* Luminesce: whether a source of colors `colors` (CB_*, as it would deal the
 * damage: a permanent's now, a spell's, a source's as it last existed) deals
 * no damage this turn (615, GameState.prevent_colors). */
static inline int damage_color_prevented(const GameState *s, unsigned colors)
{
    return (s->prevent_colors & colors) != 0;
}

/* Guardian Seraph: how much of each damage from a source controlled by
 * src_ctl to player p the static abilities of p's permanents prevent.
 * Inline, the checks that need no look (asked at each blow):
 * damage_player_shields_of is the look. */
int damage_player_shields_of(const GameState *s, int p);
static inline int damage_player_shields(const GameState *s, int p, int src_ctl)
{
    if (src_ctl == p || (s->spells & SPELLS_NO_SHIELDS)) return 0;
    return damage_player_shields_of(s, p);
}

/* Furnace of Rath: how many permanents on the battlefield double the
 * damage of every source, whatever it is dealt to (static
 * OP_DOUBLE_DAMAGE on SEL_NONE, 614.1a). Each doubles it once (616.1:
 * after the recipient's preventions, the order its player would choose,
 * never more damage than the other). */
int damage_doublers_of(const GameState *s);
static inline int damage_doublers(const GameState *s)
{
    return s->spells & SPELLS_NO_DOUBLERS ? 0 : damage_doublers_of(s);   /* the look, where a card may double */
}

/* 614.9: where damage that would be dealt to player p by a source (its
 * controller src_ctl, its card `card`) is dealt instead: the slot of the
 * creature a redirection effect of p's names (Pariah: the creature it
 * enchants; for the combat damage of an unblocked creature, `unblocked`,
 * also a Kjeldoran Royal Guard activated this turn), or -1: to p. 616.1: p orders its preventions and the
 * redirection (its static preventions first; a shield of "the next N
 * damage" as p chooses, CH_PREVENT_FIRST) and chooses among several
 * redirections (CH_REDIRECT_OWN); *amt is what is left of the damage
 * after the preventions applied first (0: all of it prevented).
 * no_prevent: the damage can't be prevented. */
int damage_redirect(GameState *s, const Game *g, int p, int src_ctl, uint16_t card, int unblocked, int no_prevent,
                    int *amt);

/* Deals amt damage from src to permanent i (a creature or planeswalker) or
 * to player p (i < 0). Returns the damage dealt after prevention. */
int damage_deal(GameState *s, const Game *g, const DamageSource *src, int i, int p, int amt);

#endif
