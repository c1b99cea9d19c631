/* policy_read.h: what the heuristic reads of a candidate action, shared by
 * its look (policy_spells.c) and its rules (policy_rules.c): the ability
 * the action casts or activates, and how an effect treats its target's
 * controller. Inline: both read them for every candidate of a decision. */
#ifndef MTG_POLICY_READ_H
#define MTG_POLICY_READ_H

#include "policy.h"
#include "turn.h"

/* How an effect on its target treats the target's controller: -1 it
 * harms it (damage, destroy, exile, bounce, tap, -N/-N, "can't attack or
 * block", gaining control of it), 1 it helps it (+N/+N, keywords,
 * regeneration, +1/+1 counters, untap, prevention), 0 neither or both. */
static inline int policy_sense(const Effect *e)
{
    switch (e->op) {
    case OP_DAMAGE: case OP_DESTROY: case OP_EXILE: case OP_BOUNCE: case OP_TO_LIBRARY: case OP_TAP:
    case OP_NO_UNTAP: case OP_CONTROL:          /* taking it from its controller */
        return -1;
    case OP_PUMP:
        return e->p <= 0 && e->t <= 0 && (e->p || e->t) ? -1 : e->p >= 0 && e->t >= 0 && (e->p || e->t) ? 1 : 0;
    case OP_COUNTERS: return e->arg2 == COUNTER_MINUS ? -1 : e->arg2 == COUNTER_PLUS ? 1 : 0;
    case OP_RULE:
        return e->arg2 == RULE_CANT_ATTACK || e->arg2 == RULE_CANT_BLOCK || e->arg2 == RULE_CANT_ATTACK_OR_BLOCK ? -1 : 0;
    case OP_GRANT: case OP_REGENERATE: case OP_UNTAP: case OP_PREVENT_NEXT:
    case OP_BECOME:                             /* a land made a creature (Awakener Druid) */
        return 1;
    default: return 0;
    }
}

/* The ability action a casts or activates: a spell's (NULL for a
 * permanent spell), an activated ability's. */
static inline __attribute__((always_inline)) const Ability *policy_action_ability(const GameState *s, int p,
                                                                                 const Action *a)
{
    if (a->type == ACT_ACTIVATE) return &s->cards[s->perm[a->hand_idx].card].ab[a->ability];
    if (a->type != ACT_CAST) return NULL;
    const CardDef *d = &s->cards[OBJ_CARD(s, p, s->pl[p].hand[a->hand_idx])];
    int k = spell_ability(d);
    return k >= 0 && d->ab[k].kind == AB_SPELL ? &d->ab[k] : NULL;
}

#endif
