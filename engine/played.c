/* played.c: which abilities the engine plays exactly (effect.h's
 * ability_played). The reader (decks/text.c) reads more than the engine
 * plays; a card is supported only when every ability it reads is played,
 * so that no card is ever played approximately. Grow this list with the
 * interpreter, never ahead of it. */
#include <stdio.h>
#include "effect.h"
#include "targets_many.h"

#define NOT(...) do { snprintf(why, whylen, "not played yet: " __VA_ARGS__); return 0; } while (0)

/* Filters the interpreter checks: every field of Filter (filter_perm). */
static int filter_ok(const Filter *f)
{
    return f->zone == ZONE_BATTLEFIELD;
}

/* What effect_count counts: permanents (filter_ok), or cards in graveyards
 * by what filter_card reads of them. */
static int count_ok(const Filter *f)
{
    if (f->zone == ZONE_BATTLEFIELD) return 1;
    return f->zone == ZONE_GRAVEYARD && !f->state && !f->other && !f->kw && !f->kw_not &&
           f->power_max == FILTER_NO_LIMIT && f->power_min == FILTER_NO_MIN;
}

/* Triggers whose event has a permanent ("that creature"), and an amount
 * ("that much"). */
static int trig_has_perm(int tr)
{
    return tr == TR_OTHER_ETB || tr == TR_BLOCKS_CREATURE || tr == TR_BLOCKED_BY_CREATURE || tr == TR_OTHER_ATTACKS ||
           tr == TR_OTHER_TAPPED;
}

static int trig_has_amount(int tr)
{
    return tr == TR_GAIN_LIFE || tr == TR_DAMAGE_OPPONENT || tr == TR_COMBAT_DAMAGE_PLAYER || tr == TR_PLAYER_NONCOMBAT_DAMAGE ||
           tr == TR_DEALT_DAMAGE || tr == TR_ATTACHED_DEALS_DAMAGE;
}

/* Triggers the engine raises (stack.c's trigger_event and its callers). */
static int trigger_ok(const Ability *a)
{
    switch (a->trigger) {
    case TR_ETB: case TR_DIES: case TR_ATTACKS: case TR_BLOCKS: case TR_BLOCKED: case TR_BLOCKS_CREATURE:
    case TR_BLOCKED_BY_CREATURE: case TR_COMBAT_DAMAGE_PLAYER: case TR_DAMAGE_OPPONENT: case TR_GAIN_LIFE:
    case TR_OTHER_ETB:
    case TR_BECOMES_TARGET: case TR_ATTACHED_BECOMES_TARGET:   /* stack.c's triggers_targeted */
    case TR_BECOMES_TARGET_BY:   /* stack.c's targeted_by: "that spell or ability" countered alone (effect.c) */
    case TR_DEALT_DAMAGE:        /* damage.c and combat.c, per source and recipient */
    case TR_ATTACHED_ATTACKS: case TR_ATTACHED_BLOCKS:        /* stack.c's trigger_attached */
    case TR_ATTACHED_DEALS_DAMAGE:   /* stack.c's trigger_attached_damage: a combat damage step's or an effect's */
    case TR_ATTACHED_COMBAT_DAMAGE_PLAYER:                    /* combat.c, through trigger_attached */
    case TR_ATTACHED_TAPPED:     /* stack.c's trigger_tapped, wherever a permanent becomes tapped (an
                                    enchanted land: a game with land objects, card_singles_out_land) */
    case TR_DAMAGED_CREATURE_DIES:                            /* stack.c's trigger_damaged_dies */
        return 1;
    case TR_OTHER_DIES:          /* zone.c's perm_leave, stack.c's trigger_other_dies (on no creature: played.c) */
        return filter_ok(&a->trig_filter) && (a->trig_filter.types & TYPE_CREATURE) && a->trig_filter.zone == ZONE_BATTLEFIELD;
    case TR_ATTACHED_DIES:       /* stack.c's trigger_attached_dies: "return ~ to its owner's hand" alone */
        return a->n_effects == 1 && a->effect[0].op == OP_BOUNCE && a->effect[0].who == SEL_SELF && !a->effect[0].flags;
    case TR_LEAVES:              /* zone.c's perm_leave, stack.c's trigger_leaves: its linked card */
        return a->n_effects == 1 && a->effect[0].who == SEL_LINKED;
    case TR_OTHER_TAPPED:        /* stack.c's trigger_tapped, wherever a permanent becomes tapped;
                                    a basic land (a count) is never one of them */
        return filter_ok(&a->trig_filter) && !filter_may_match_land(&a->trig_filter);
    case TR_OPP_DAMAGED_BY:          /* stack.c's trigger_gy_damage: a graveyard card's, "you control" */
        return a->zone == ZONE_GRAVEYARD && a->trig_ctl == CTL_OPP && a->trig_filter.ctl == CTL_YOU;
    case TR_TAP_LAND:                      /* mana.c raises it for each land tapped for mana, 106.12 */
        return a->trig_ctl == CTL_ANY || a->trig_ctl == CTL_YOU || a->trig_ctl == CTL_OPP || a->trig_ctl == CTL_NOT_YOU;
    case TR_OTHER_ATTACKS:                                   /* stack.c's triggers_attacks: two players */
        return a->trig_filter.ctl == CTL_OPP && (a->trig_filter.types & TYPE_CREATURE);
    case TR_UPKEEP: case TR_END_STEP: case TR_DRAW_STEP: case TR_DRAW: case TR_DISCARD: case TR_CAST:
    case TR_PLAYER_NONCOMBAT_DAMAGE:
        return a->trig_ctl == CTL_ANY || a->trig_ctl == CTL_YOU || a->trig_ctl == CTL_OPP ||
               a->trig_ctl == CTL_NOT_YOU || (a->trig_ctl == CTL_ATTACHED && a->trigger != TR_CAST);
    default:
        return 0;
    }
}

/* Conditions the engine checks: bloodthirst's as the permanent enters
 * (zone.c); an intervening "if" as the ability triggers and as it resolves
 * (603.4: stack.c's trigger_scan, effect.c's effect_resolve); a static
 * ability's whenever the layers look (604.1, 611.3a: layers.c's
 * layers_static_cond, watched through GameState.cond_key). */
static int filter_only(const Filter *f, unsigned keep);

static int cond_ok(const Ability *a)
{
    switch (a->kind) {
    case AB_ETB_COUNTERS:
        return a->cond == COND_OPP_DAMAGED;
    case AB_TRIGGERED:
        if (a->cond == COND_SELF_UNTAPPED) return a->trigger != TR_DIES;
        if (a->cond == COND_EVENT_HAND_AT_MOST) return a->trigger == TR_UPKEEP;   /* stack.c, effect.c */
        if (a->cond == COND_NO_CREATURES || a->cond == COND_ATTACHED_POWER_AT_LEAST)   /* trigger_scan's */
            return a->trigger == TR_UPKEEP || a->trigger == TR_END_STEP || a->trigger == TR_DRAW_STEP;
        return 0;
    case AB_STATIC:
        switch (a->cond) {
        case COND_YOU_CONTROL: case COND_FEWER_THAN:     /* effect_count: permanents and basic lands */
            return filter_ok(&a->trig_filter);
        case COND_LIFE_AT_LEAST: case COND_SELF_ENCHANTED: case COND_NO_OPP_DAMAGED: case COND_YOUR_TURN:
            return 1;
        case COND_SELF_COUNTERS_AT_LEAST:                /* layers.c, watched through cond_key */
            return a->n_effects == 1 && a->effect[0].who == SEL_SELF;
        case COND_TOP_CARD_COLOR:                        /* layers.c reads the library; cond_key watches it */
            return a->trig_filter.colors && filter_only(&a->trig_filter, 1);
        default:
            return 0;
        }
    default:
        return 0;
    }
}

static int qty_ok(const Ability *a, const Qty *q)
{
    switch (q->kind) {
    case QTY_CONST: case QTY_X: case QTY_COUNT: return 1;
    case QTY_EVENT: return a->kind == AB_TRIGGERED && trig_has_amount(a->trigger);
    case QTY_EVENT_TOUGHNESS: return a->kind == AB_TRIGGERED && trig_has_perm(a->trigger);
    case QTY_EVENT_POWER:                                    /* the damage its object deals (effect_ok) */
        return a->kind == AB_TRIGGERED && trig_has_perm(a->trigger) ? 4 : 0;
    case QTY_HALF_LIBRARY: case QTY_HAND_SIZE: return 2;     /* its player's: OP_MILL only (effect_ok) */
    case QTY_LIFE_LOST: return 1;                            /* the reader: after a "lose life" effect */
    case QTY_SACRIFICED_POWER:
        if (a->kind == AB_SPELL && a->cost.sac_n == 1) return 1;                 /* stack.c keeps it */
        /* right after the ability's own "sacrifice a creature" (effect.c keeps its power), if done */
        for (int k = 1; k < a->n_effects; k++)
            if (&a->effect[k].n == q)
                return a->effect[k - 1].op == OP_SACRIFICE && a->effect[k - 1].who == SEL_YOU && a->effect[k - 1].n.n == 1 &&
                       (a->effect[k].flags & EF_IF_DONE);
        return 0;
    case QTY_TARGET_POWER: case QTY_TARGET_TOUGHNESS:        /* a permanent target's (effect.c's lki_p, lki_t) */
        return 1;
    case QTY_COUNT_PLAYER: case QTY_LIFE_TOTAL: return 3;    /* its player's: life only (effect_ok) */
    case QTY_GREATEST_POWER: case QTY_DAMAGE_DEALT: return 1;
    case QTY_COUNT_SHARING: return a->kind == AB_STATIC;     /* layers.c's count_sharing */
    case QTY_PREV_MANA_VALUE: return 1;                      /* effect_ok: after OP_TOP_TO_HAND */
    case QTY_MOST_DISCARDED: return 1;                       /* effect_ok: right after an OP_DISCARD */
    case QTY_SELF_COUNTERS: return 5;                        /* lore counters, drawn: effect_ok */
    default: return 0;
    }
}

/* Rules abilities the engine plays, on a permanent: those the layers
 * compute (layers.c) and combat, the policies and the rules read
 * (combat_rules.c for combat's: evasion, blocking limits, requirements). */
static int rule_ok(int r)
{
    switch (r) {
    case RULE_CANT_ATTACK: case RULE_CANT_BLOCK: case RULE_CANT_ATTACK_OR_BLOCK:
    case RULE_FLASH: case RULE_SHROUD: case RULE_HEXPROOF: case RULE_UNCOUNTERABLE:
    case RULE_LANDWALK: case RULE_UNBLOCKABLE: case RULE_UNBLOCKABLE_EXCEPT: case RULE_CANT_BE_BLOCKED_BY:
    case RULE_FEAR: case RULE_INTIMIDATE: case RULE_MAX_ONE_BLOCKER: case RULE_NOT_ALONE: case RULE_PROTECTION:
    case RULE_BLOCK_ONLY_FLYING: case RULE_BLOCK_ANY_NUMBER: case RULE_BLOCK_EXTRA:
    case RULE_MUST_ATTACK: case RULE_LURE: case RULE_ATTACK_ONLY_IF:
    case RULE_NO_ACTIVATE:       /* actions.c's activations and mana.c's sources */
    case RULE_UNTARGETABLE_BY:   /* effect.c's target_legal */
    case RULE_ASSIGN_AS_UNBLOCKED: /* combat.c's combat_damage_choice, check_assignment */
        return 1;
    default:
        return 0;
    }
}

/* Whether a filter says nothing but what `keep` allows: colors (1),
 * card types (2), subtypes (4). */
static int filter_only(const Filter *f, unsigned keep)
{
    if ((f->colors && !(keep & 1)) || (f->types && !(keep & 2)) || (f->subtype[0] && !(keep & 4))) return 0;
    return !f->types_not && !f->colors_not && !f->ctl && !f->state && !f->other && !f->subtype_not &&
           !f->supers && f->power_max == FILTER_NO_LIMIT && f->power_min == FILTER_NO_MIN &&
           f->mv_max == FILTER_NO_LIMIT && !f->kw && !f->kw_not && !f->types_all;
}

/* A static rules ability's parameter, as combat_rules.c and the layers
 * read it. */
static int rule_param_ok(const Effect *e)
{
    const Filter *f = &e->param;
    switch (e->arg2) {
    case RULE_PROTECTION:        /* 702.16a: from colors, card types, subtypes */
        return (f->colors || f->types || f->subtype[0]) && filter_only(f, 7);
    case RULE_LANDWALK:          /* a land type */
        return f->subtype[0] && filter_only(f, 4);
    case RULE_ATTACK_ONLY_IF:    /* "unless defending player controls an Island": a land type */
        return f->subtype[0] && (!f->types || f->types == TYPE_LAND) && filter_only(f, 6);
    case RULE_UNBLOCKABLE_EXCEPT: case RULE_CANT_BE_BLOCKED_BY:  /* blockers, by filter_perm */
        return filter_ok(f);
    case RULE_UNTARGETABLE_BY:   /* spells by filter_spell; abilities' sources by colors (effect.c) */
        return f->zone == ZONE_STACK && !f->ctl && !f->state && !f->subtype[0] && !f->subtype_not && !f->supers &&
               !f->kw && !f->kw_not && f->power_max == FILTER_NO_LIMIT && f->power_min == FILTER_NO_MIN &&
               !f->types_all && (!f->other || (!f->types && !f->types_not && f->mv_max == FILTER_NO_LIMIT));
    default:
        return 1;
    }
}

/* Rules abilities until end of turn: a resolved effect records the rule
 * alone (layers.c's Floating), so none with a parameter. */
static int rule_eot_ok(int r)
{
    switch (r) {
    case RULE_CANT_ATTACK: case RULE_CANT_BLOCK: case RULE_CANT_ATTACK_OR_BLOCK: case RULE_SHROUD:
    case RULE_HEXPROOF: case RULE_UNBLOCKABLE: case RULE_FEAR: case RULE_INTIMIDATE: case RULE_MAX_ONE_BLOCKER:
    case RULE_NOT_ALONE: case RULE_BLOCK_ONLY_FLYING: case RULE_BLOCK_ANY_NUMBER: case RULE_BLOCK_EXTRA:
    case RULE_MUST_ATTACK: case RULE_LURE:
    case RULE_MUST_ATTACK_YOU:   /* the player who made it (layers.c), the only other one */
        return 1;
    default:
        return 0;
    }
}

static int effect_ok(const Ability *a, const Effect *e, unsigned types, char *why, size_t whylen)
{
    static const char *const names[OP_COUNT] = {
        [OP_DAMAGE] = "damage", [OP_PUMP] = "+N/+N", [OP_SET_PT] = "set power and toughness",
        [OP_GRANT] = "gain keywords", [OP_LOSE_KW] = "lose keywords", [OP_RULE] = "rules ability",
        [OP_DESTROY] = "destroy", [OP_EXILE] = "exile", [OP_BOUNCE] = "return to hand",
        [OP_TO_LIBRARY] = "put into library", [OP_REANIMATE] = "put onto the battlefield",
        [OP_COUNTER] = "counter", [OP_GAIN_LIFE] = "gain life", [OP_LOSE_LIFE] = "lose life",
        [OP_DRAW] = "draw", [OP_DISCARD] = "discard", [OP_MILL] = "mill", [OP_SEARCH] = "search",
        [OP_SHUFFLE] = "shuffle", [OP_REORDER_TOP] = "reorder the top", [OP_PREVENT_NEXT] = "prevent",
        [OP_PREVENT_COMBAT] = "prevent combat damage", [OP_PREVENT_ALL] = "prevent all damage",
        [OP_REGENERATE] = "regenerate", [OP_TOKEN] = "tokens", [OP_COUNTERS] = "counters",
        [OP_TAP] = "tap", [OP_UNTAP] = "untap", [OP_NO_UNTAP] = "doesn't untap",
        [OP_CONTROL] = "gain control", [OP_EXTRA_TURN] = "extra turn", [OP_SACRIFICE] = "sacrifice",
        [OP_ADD_MANA] = "add mana", [OP_SCRY] = "scry", [OP_GIVE_CONTROL] = "give control",
        [OP_LOOK_HAND] = "look at a hand",
        [OP_REVEAL_TOP] = "reveal the top card", [OP_REVEAL_RANDOM] = "reveal a card at random",
        [OP_SKIP_COMBAT] = "skip a combat phase",
        [OP_BECOME] = "become a creature", [OP_DOUBLE_MANA] = "double the mana",
        [OP_SET_COLOR] = "change colors", [OP_DIG] = "look at the top", [OP_PILES] = "separate into piles", [OP_EXILE_TOP] = "exile the top",
        [OP_SHUFFLE_GRAVEYARD] = "shuffle a graveyard into a library", [OP_DOUBLE_DAMAGE] = "double damage",
        [OP_TOP_TO_HAND] = "the top card into the hand", [OP_FLIP_COIN] = "flip a coin",
        [OP_PAY_MANA] = "pay mana", [OP_ADD_SUBTYPE] = "add a subtype", [OP_REDIRECT] = "redirect damage",
    };
    const char *name = e->op < OP_COUNT && names[e->op] ? names[e->op] : "?";
    /* "with mana value X or less": a search's alone (effect.c gives it the item's X) */
    if ((e->sel.mv_max == FILTER_MV_X && e->op != OP_SEARCH) || e->count.mv_max == FILTER_MV_X || e->param.mv_max == FILTER_MV_X)
        NOT("%s of mana value X or less", name);
    unsigned flags_ok = EF_NO_REGEN | EF_OPTIONAL | (e->op == OP_DISCARD ? EF_RANDOM | EF_CHOOSER : 0u) |
                        (e->op == OP_SEARCH ? EF_TAPPED | EF_REVEAL : 0u) | (e->op == OP_SHUFFLE ? EF_IF_DONE | EF_OPTIONAL : 0u) |
                        (e->op == OP_TO_LIBRARY ? EF_BOTTOM | EF_CHOOSER : 0u) | (e->op == OP_RULE ? EF_CHOOSER : 0u) |
                        (e->op == OP_TO_LIBRARY && e->who == SEL_SELF ? EF_SHUFFLE : 0u) |
                        (e->op == OP_DAMAGE ? EF_NO_PREVENT | EF_DAMAGED_NO_REGEN : 0u) |
                        (e->op == OP_COUNTER ? EF_UNLESS_PAY : 0u) |   /* effect.c's paid_instead */
                        /* "sacrifice it unless you discard a creature card": a card filter_card reads */
                        (e->op == OP_SACRIFICE && e->who == SEL_SELF && e->sel.zone == ZONE_HAND && !e->sel.ctl &&
                         !e->sel.state && !e->sel.other && !e->sel.kw && !e->sel.kw_not &&
                         e->sel.power_max == FILTER_NO_LIMIT && e->sel.power_min == FILTER_NO_MIN ? EF_UNLESS_DISCARD : 0u) |
                        /* "sacrifice it at end of combat" of an "attacks" or "blocks" trigger:
                         * it resolves in its combat step (effect.c, stack.c's trigger_delayed) */
                        (e->op == OP_SACRIFICE && e->who == SEL_SELF && a->kind == AB_TRIGGERED &&
                         a->n_effects == 1 && (a->trigger == TR_ATTACKS || a->trigger == TR_BLOCKS) ? EF_END_OF_COMBAT : 0u);
    if (a->kind != AB_STATIC) flags_ok |= EF_IF_LESS_LIFE | EF_IF_FEWER;   /* effect_resolve checks them */
    if (a->kind != AB_STATIC && e->op == OP_DRAW) flags_ok |= EF_IF_GRAVEYARD | EF_UNLESS_GRAVEYARD;   /* likewise */
    for (const Effect *f = a->effect; f < e; f++)           /* the branches of a coin flip before it */
        if (f->op == OP_FLIP_COIN) flags_ok |= EF_IF_DONE | EF_IF_LOST;
    /* "you may pay {X}{R}. If you do, ...": the effects after the payment, if it was paid; the
     * effects right after one with EF_IF_DONE as it happened */
    for (const Effect *f = a->effect; f < e; f++)
        if (f->op == OP_PAY_MANA) flags_ok |= EF_IF_DONE;
    /* "sacrifice a creature other than ~. If you can't, ...": after the player's own
     * sacrifice, which effect.c marks done only if a permanent was sacrificed, and the
     * effects that happen only if it was (EF_IF_DONE: `done` unchanged when they do not) */
    if (e > a->effect) {
        const Effect *before = e - 1;
        while (before > a->effect && (before->flags & EF_IF_NOT_DONE)) before--;   /* the sentence's earlier ones */
        while (before > a->effect && (before->flags & EF_IF_DONE)) before--;
        if (before->op == OP_SACRIFICE && before->who == SEL_YOU && !(before->flags & EF_IF_NOT_DONE))
            flags_ok |= EF_IF_NOT_DONE;
        /* the effect after it that reads the creature sacrificed (QTY_SACRIFICED_POWER) */
        if ((e - 1)->op == OP_SACRIFICE && (e - 1)->who == SEL_YOU && e->n.kind == QTY_SACRIFICED_POWER)
            flags_ok |= EF_IF_DONE;
    }
    if (e->flags & ~flags_ok) NOT("%s with a condition or option", name);
    int q = qty_ok(a, &e->n);
    /* Damage to target player equal to the cards in that player's hand (Sudden Impact). */
    int hand_damage = e->op == OP_DAMAGE && e->n.kind == QTY_HAND_SIZE && e->who == SEL_TARGET && e->arg < a->n_targets &&
                      a->target[e->arg].what == TGT_PLAYER;
    /* "it deals damage equal to its power": the event's object deals it (effect.c's event_source;
     * zone.c keeps its power, controller, colors and keywords as it leaves, 608.2h) */
    int by_event = e->op == OP_DAMAGE && e->arg2 == DMG_BY_EVENT;
    if (by_event != (q == 4) || (by_event && (a->kind != AB_TRIGGERED || a->trigger != TR_OTHER_ETB || e->who == SEL_SELF ||
                                              e->who == SEL_ATTACHED || e->who == SEL_EVENT_OBJECT)))
        NOT("%s of that amount", name);
    for (const Effect *f = a->effect; by_event && f < a->effect + a->n_effects; f++)   /* ev_amount: one use */
        if (f != e && (f->n.kind == QTY_EVENT_TOUGHNESS || f->n.kind == QTY_EVENT)) NOT("%s of that amount", name);
    /* "discards their hand", "discards the rest" (effect.c): each its own hand, no condition */
    int hand_discard = e->op == OP_DISCARD && e->n.kind == QTY_HAND_SIZE && e->n.n == 1 && !(e->flags & ~(unsigned)EF_OPTIONAL) &&
                       e->arg2 <= 1;
    /* the source's lore counters drawn (Mind Unbound); its +1/+1 counters put on it again
     * (Primordial Hydra: none once it has left) */
    if (q == 5 && !(e->op == OP_DRAW && e->arg2 == COUNTER_LORE && !(types & TYPE_PLANESWALKER)) &&
        !(e->op == OP_COUNTERS && e->arg2 == COUNTER_PLUS && e->who == SEL_SELF))
        NOT("%s of that amount", name);
    if (!q || (q == 2 && e->op != OP_MILL && !hand_damage && !hand_discard) || (q == 3 && e->op != OP_GAIN_LIFE && e->op != OP_LOSE_LIFE) ||
        (e->n.kind == QTY_LIFE_TOTAL && (e->op != OP_GAIN_LIFE || e->n.n != 1)))
        NOT("%s of that amount", name);
    if ((e->n.kind == QTY_TARGET_POWER || e->n.kind == QTY_TARGET_TOUGHNESS) &&
        (e->arg >= a->n_targets || a->target[e->arg].what != TGT_OBJECT || a->target[e->arg].f.zone != ZONE_BATTLEFIELD))
        NOT("%s of that amount", name);
    if ((e->n.kind == QTY_COUNT && !count_ok(&e->count)) ||
        ((e->n.kind == QTY_COUNT_PLAYER || e->n.kind == QTY_GREATEST_POWER || (e->flags & EF_IF_FEWER)) && !filter_ok(&e->count)))
        NOT("counting outside the battlefield");
    if (e->n.kind == QTY_PREV_MANA_VALUE && (e == a->effect || (e - 1)->op != OP_TOP_TO_HAND || (e - 1)->who != SEL_YOU))
        NOT("%s of that amount", name);
    if (e->n.kind == QTY_MOST_DISCARDED && (e == a->effect || (e - 1)->op != OP_DISCARD || (e - 1)->flags))
        NOT("%s of that amount", name);
    if (e->n.kind == QTY_DAMAGE_DEALT) {                     /* the damage of the effect just before */
        const Effect *prev = e > a->effect ? e - 1 : NULL;
        if (!prev || prev->op != OP_DAMAGE || (prev->flags & ~(unsigned)EF_NO_PREVENT)) NOT("%s of that amount", name);
    }
    int sel = e->who;
    int trig = a->kind == AB_TRIGGERED;
    /* 607.2a: "return the exiled card to the battlefield under its owner's control" (effect.c's
     * return_linked), of a "leaves the battlefield" trigger; the exile it is linked to, an enters
     * trigger's exile of its target permanent (the record needs its source there, effect.c) */
    if (sel == SEL_LINKED) {
        if (e->op != OP_REANIMATE || e->arg2 != 1 || e->flags || !trig || a->trigger != TR_LEAVES) NOT("%s of the exiled card", name);
        return 1;
    }
    if (e->op == OP_EXILE && e->arg2 == EXILE_LINKED &&
        (!trig || a->trigger != TR_ETB || sel != SEL_TARGET || e->arg >= a->n_targets ||
         a->target[e->arg].what != TGT_OBJECT || a->target[e->arg].f.zone != ZONE_BATTLEFIELD || a->n_effects != 1))
        NOT("exile linked to another ability there");
    if (trig && a->trigger == TR_DIES && (sel == SEL_SELF || sel == SEL_ATTACHED))   /* its source has left */
        NOT("%s of a card that has left the battlefield", name);
    if (sel == SEL_TARGET && e->arg < a->n_targets && a->target[e->arg].what == TGT_OBJECT &&
        a->target[e->arg].f.zone == ZONE_GRAVEYARD) {                 /* a card in a graveyard */
        const Filter *f = &a->target[e->arg].f;
        if (e->op == OP_BOUNCE || e->op == OP_EXILE || (e->op == OP_TO_LIBRARY && !(e->flags & ~(unsigned)EF_BOTTOM)))
            return 1;
        /* Under your control: never a basic land of another's (basic lands are counts of their owner's). */
        if (e->op == OP_REANIMATE && !(e->flags & ~(unsigned)(EF_TAPPED | EF_OPTIONAL)) &&
            (e->arg2 != 0 || f->ctl == CTL_YOU || (f->types && !(f->types & TYPE_LAND)) || (f->types_not & TYPE_LAND)))
            return 1;
        NOT("%s of a card in a graveyard", name);
    }
    if ((sel == SEL_EVENT_OBJECT || sel == SEL_EVENT_CONTROLLER) && !(trig && trig_has_perm(a->trigger)) &&
        !(sel == SEL_EVENT_OBJECT && e->op == OP_COUNTER && trig && a->trigger == TR_BECOMES_TARGET_BY))
        NOT("%s on the object of that event", name);
    if (sel == SEL_EVENT_PLAYER && !(trig && a->trigger != TR_ETB && a->trigger != TR_DIES && a->trigger != TR_ATTACKS &&
                                     !trig_has_perm(a->trigger) && a->trigger != TR_BLOCKS && a->trigger != TR_BLOCKED))
        NOT("%s on the player of that event", name);
    int set = sel == SEL_ALL || sel == SEL_TARGET_PLAYER_ALL || sel == SEL_TARGET_PLAYER_OWNS;   /* a set by a filter */
    int on_perm = sel == SEL_TARGET || sel == SEL_SELF || sel == SEL_ATTACHED || set || sel == SEL_EVENT_OBJECT ||
                  sel == SEL_PREVIOUS;
    if (sel == SEL_PREVIOUS && (e == a->effect || (e - 1)->who == SEL_NONE)) NOT("%s of those", name);
    if (sel == SEL_PREVIOUS && a->kind == AB_STATIC) NOT("a static %s of those", name);
    int on_player = sel == SEL_TARGET || sel == SEL_YOU || sel == SEL_OPPONENTS || sel == SEL_EACH_PLAYER ||
                    sel == SEL_TARGET_CONTROLLER || sel == SEL_EVENT_PLAYER || sel == SEL_EVENT_CONTROLLER ||
                    (sel == SEL_ATTACHED_CONTROLLER && trig &&          /* the attacking or blocking player */
                     (a->trigger == TR_ATTACHED_ATTACKS || a->trigger == TR_ATTACHED_BLOCKS));
    /* "Creature spells can't be countered." (Gaea's Herald): effect.c's counter_item
     * reads it from the permanents, by filter_spell (card types, colors). */
    if (a->kind == AB_STATIC && e->op == OP_RULE && e->arg2 == RULE_UNCOUNTERABLE && sel == SEL_ALL &&
        e->sel.zone == ZONE_STACK && filter_only(&e->sel, 3) && !a->cond)
        return 1;
    /* Every creature card in graveyards onto the battlefield (effect.c's reanimate_all): no land, and
     * no Aura, which would need a choice of what it enchants as it enters (303.4f), no condition
     * but the card's own */
    if (sel == SEL_ALL && e->op == OP_REANIMATE && e->sel.zone == ZONE_GRAVEYARD && !e->flags &&
        e->sel.types == TYPE_CREATURE && !e->sel.types_all && !e->sel.state && !e->sel.kw &&
        !e->sel.kw_not && !e->sel.other && e->sel.power_max == FILTER_NO_LIMIT && e->sel.power_min == FILTER_NO_MIN)
        return 1;
    if (set && !filter_ok(&e->sel)) NOT("%s of cards outside the battlefield", name);
    /* "destroy all permanents": a game with such a card plays basic lands as permanents
     * (setup.c's card_singles_out_land) */
    if (set && a->kind != AB_STATIC && filter_may_match_land(&e->sel) && !(e->op == OP_DESTROY && e->sel.zone == ZONE_BATTLEFIELD))
        NOT("%s of lands (basic lands are not permanents yet)", name);
    if (a->kind == AB_STATIC) {
        if (e->dur != DUR_STATIC) NOT("a static %s with a duration", name);
        /* "During your turn, prevent all damage that would be dealt to you": noncombat
         * damage only reaches a player through damage.c, which reads it; combat
         * damage is dealt only to the defending player, never the active one in a
         * two-player game (506.2). */
        if (e->op == OP_PREVENT_ALL && sel == SEL_YOU && a->cond == COND_YOUR_TURN) return 1;
        /* "Damage can't be prevented." (the whole game): damage.c and combat.c read
         * PR_NO_PREVENT wherever they prevent (shields, protection, Fog, Cho-Manno). */
        if (e->op == OP_RULE && e->arg2 == RULE_NO_PREVENTION && sel == SEL_NONE) return 1;
        /* Furnace of Rath: every source's damage, whatever it is dealt to: damage.c's
         * damage_deal and combat.c's deal read damage_doublers wherever damage is dealt */
        if (e->op == OP_DOUBLE_DAMAGE && sel == SEL_NONE) {
            if (a->cond || a->n_effects != 1) NOT("static %s", name);
            return 1;
        }
        /* Pariah: "All damage that would be dealt to you is dealt to enchanted creature
         * instead." (614.9): damage.c's damage_deal and combat.c's deal read damage_redirect
         * wherever damage would be dealt to a player */
        if (e->op == OP_REDIRECT) {
            if (sel != SEL_YOU || e->arg2 != REDIRECT_ATTACHED || a->cond || a->n_effects != 1) NOT("static %s", name);
            return 1;
        }
        if (e->op == OP_DOUBLE_DAMAGE && sel == SEL_YOU) {   /* effect.c's doublers: your spells */
            if (e->sel.zone != ZONE_STACK || e->sel.ctl != CTL_YOU || a->cond || a->n_effects != 1) NOT("static %s", name);
            return 1;
        }
        if (e->op == OP_PREVENT_NEXT && sel == SEL_YOU) {    /* damage.c's damage_player_shields */
            if (e->sel.ctl != CTL_OPP || e->n.kind != QTY_CONST || a->cond || a->n_effects != 1) NOT("static %s", name);
            return 1;
        }
        if (sel == SEL_YOU || sel == SEL_OPPONENTS || sel == SEL_EACH_PLAYER) {     /* layers.c's player_rules */
            int r = e->arg2;
            if (e->op != OP_RULE || (r != RULE_CANT_LOSE && r != RULE_CANT_WIN && r != RULE_NO_MAX_HAND &&
                                     r != RULE_SHROUD && r != RULE_HAND_REVEALED && r != RULE_KEEP_MANA &&
                                     r != RULE_ONE_SPELL && r != RULE_CANT_CAST && r != RULE_HEXPROOF &&
                                     r != RULE_CAST_AS_FLASH && r != RULE_CANT_GAIN_LIFE &&
                                     r != RULE_EXTRA_LAND &&  /* actions.c's land_drop_ok */
                                     r != RULE_TOP_REVEALED))
                NOT("a static %s on players", name);
            /* "Play with the top card of your library revealed." (Vampire Nocturnus): information
             * only, no rule the engine plays changes with it (no policy reads a library's order to
             * choose); a card with another ability the engine does not play stays refused for that
             * one (Garruk's Horde: "You may cast creature spells from the top of your library") */
            if (r == RULE_TOP_REVEALED && (sel != SEL_YOU || a->cond || a->n_effects != 1))
                NOT("a static %s on players", name);
            /* actions.c: "creature spells" alone (Steel Golem), PR_NO_CREATURE_CAST */
            if (r == RULE_CANT_CAST && (e->param.types != TYPE_CREATURE || !filter_only(&e->param, 2)))
                NOT("a static rule on casting those spells");
            return 1;
        }
        if (sel != SEL_ALL && sel != SEL_SELF && sel != SEL_ATTACHED) NOT("a static %s on players", name);
        if (e->n.kind != QTY_CONST && !((e->op == OP_PUMP || e->op == OP_SET_PT) && e->n.kind == QTY_COUNT) &&
            !(e->op == OP_PUMP && sel == SEL_ALL && e->n.kind == QTY_COUNT_SHARING && filter_ok(&e->count)))
            NOT("a static %s of a varying amount", name);
        switch (e->op) {
        case OP_SET_PT:                                      /* layers.c's cdas: 604.3, 613.3a */
            if (sel != SEL_SELF || e->n.kind != QTY_COUNT || a->cond || a->n_effects != 1) NOT("static %s", name);
            return 1;
        case OP_PUMP: case OP_GRANT: return 1;
        case OP_ADD_SUBTYPE:         /* "~ is the chosen type in addition ...": layers.c's layers_added_subtype,
                                        read wherever a permanent's subtypes are (filters, protection, sharing) */
            if (a->cond || (sel == SEL_SELF ? a->n_effects != 1 || e->param.subtype[0] != SUBTYPE_CHOSEN
                                            : sel != SEL_ATTACHED || e->param.subtype[0] == SUBTYPE_CHOSEN))
                NOT("static %s", name);
            return 1;
        case OP_NO_UNTAP:                                    /* layers.c: PX_NO_UNTAP */
            return 1;
        case OP_CONTROL:                                     /* layers.c's layer 2: an Aura's */
            if (sel != SEL_ATTACHED || a->cond) NOT("static gain control");
            return 1;
        case OP_PREVENT_ALL:                                 /* "Prevent all damage ... to ~" */
            /* An Aura's or Equipment's "... to (and dealt by) enchanted creature", combat
             * damage or noncombat alone: damage.c's damage_deal and combat.c's deal read
             * damage_attached_prevents wherever damage is dealt (615) */
            if (sel == SEL_ATTACHED && !a->cond && !(e->arg2 & ~(unsigned)(PREVENT_DEALT_BY | PREVENT_NONCOMBAT)))
                return 1;
            if (sel != SEL_SELF || a->cond) NOT("static prevent all damage");
            return 1;
        case OP_RULE:
            /* "Untap all permanents you control during each other player's untap step":
             * turn.c's untap_others, every permanent and basic land of its controller */
            if (e->arg2 == RULE_OPENING_HAND) {              /* setup.c's opening_hand_actions (103.6) */
                if (sel != SEL_SELF || a->cond) NOT("that rules ability");
                return 1;
            }
            if (e->arg2 == RULE_SHUFFLE_INSTEAD) {           /* zone.c's card_to_graveyard, perm_leave (614.1a) */
                if (sel != SEL_SELF || a->cond) NOT("that rules ability");
                return 1;
            }
            if (e->arg2 == RULE_UNTAP_OTHERS_STEP) {
                Filter f = e->sel;
                f.ctl = CTL_ANY;
                if (sel != SEL_ALL || e->sel.ctl != CTL_YOU || f.zone != ZONE_BATTLEFIELD || !filter_only(&f, 0) || a->cond)
                    NOT("untapping those in other players' untap steps");
                return 1;
            }
            if (e->arg2 == RULE_TAP_ANY_COLOR) {                 /* layers.c: PR_LANDS_ANY_COLOR, mana.c */
                const Filter *f = &e->sel;
                if (sel != SEL_ALL || a->cond || f->types != TYPE_LAND || f->ctl != CTL_YOU || f->types_not ||
                    f->colors || f->colors_not || f->state || f->other || f->subtype[0] || f->subtype_not || f->supers ||
                    f->kw || f->kw_not || f->types_all || f->zone != ZONE_BATTLEFIELD)
                    NOT("that mana ability granted");
                return 1;
            }
            if (!rule_ok(e->arg2) || (e->arg2 == RULE_FLASH && sel != SEL_SELF)) NOT("that rules ability");
            /* Read from the card, not through the layers (actions.c, effect.c). */
            if (a->cond && (e->arg2 == RULE_FLASH || e->arg2 == RULE_UNCOUNTERABLE)) NOT("that rules ability with a condition");
            if (!rule_param_ok(e))
                NOT("%s", e->arg2 == RULE_PROTECTION ? "protection from that" : "that rules ability's parameter");
            return 1;
        default: NOT("static %s", name);
        }
    }
    if (e->op == OP_NO_UNTAP) {                              /* effect.c: PX_SKIP_UNTAP */
        if (e->dur != DUR_NEXT_UNTAP || !on_perm || sel == SEL_ALL || e->arg2 > 2) NOT("doesn't untap for that duration");
        return 1;
    }
    if (e->op == OP_CONTROL || e->op == OP_GIVE_CONTROL) {  /* effect.c, layers.c's layer 2 */
        /* "for as long as you control ~" needs a source (an ability's), "for as
         * long as that creature is enchanted" a permanent (what it gives) */
        if (e->dur != DUR_EOT && e->dur != DUR_FOREVER && e->dur != DUR_TARGET_ENCHANTED &&
            !(e->dur == DUR_SOURCE_CONTROLLED && a->kind != AB_SPELL))
            NOT("%s for that duration", name);
        if (e->op == OP_CONTROL && sel != SEL_TARGET) NOT("%s on that", name);
        if (e->op == OP_GIVE_CONTROL && (sel != SEL_SELF || e->arg2 >= a->n_targets || a->target[e->arg2].what != TGT_PLAYER))
            NOT("%s on that", name);
        if (sel == SEL_TARGET && (e->arg >= a->n_targets || a->target[e->arg].what != TGT_OBJECT)) NOT("%s on that", name);
        return 1;
    }
    if (e->dur != DUR_NOW && e->dur != DUR_EOT && !(e->op == OP_GRANT && e->dur == DUR_SOURCE_CONTROLLED) &&
        !(e->op == OP_BECOME && e->dur == DUR_SOURCE_PRESENT))
        NOT("%s for that duration", name);
    switch (e->op) {
    case OP_DAMAGE:
        /* "each creature that player or that planeswalker's controller controls" (Chandra Nalaar) */
        if (sel == SEL_TARGET_PLAYER_ALL && e->arg < a->n_targets && e->sel.ctl == CTL_ANY &&
            (a->target[e->arg].what == TGT_PLAYER || a->target[e->arg].what == TGT_PLAYER_OR_PW) &&
            !filter_may_match_land(&e->sel) && filter_ok(&e->sel))
            return 1;
        if (!on_perm && !on_player) break;
        if (sel == SEL_ATTACHED) break;
        if (sel == SEL_SELF && a->kind != AB_ACTIVATED && a->kind != AB_TRIGGERED) break;   /* "to itself" */
        return 1;
    case OP_PUMP: case OP_GRANT:
        /* "... for as long as you control ~" (Aegis Angel's indestructible): a permanent's
         * ability, its source's (effect.c, layers.c: 611.2b) */
        if (e->op == OP_GRANT && e->dur == DUR_SOURCE_CONTROLLED) {
            if (a->kind == AB_SPELL || !on_perm || sel != SEL_TARGET) NOT("%s for that duration", name);
            return 1;
        }
        if (e->dur != DUR_EOT || !on_perm) break;
        return 1;
    case OP_LOSE_KW:
        /* Until end of turn, applied after the static abilities in layer 6
         * (layers.c): exact while no static ability grants the keyword
         * lost, which no card of the pool does for defender (613.7 would
         * order them by timestamp). */
        if (e->dur != DUR_EOT || !on_perm || e->kw != KW_DEFENDER) break;
        return 1;
    case OP_SET_COLOR: case OP_SET_PT:                       /* layers 5 and 7b, resolved effects */
        if (e->dur != DUR_EOT || !on_perm || e->n.kind != QTY_CONST || (e->op == OP_SET_COLOR && !e->arg2)) break;
        return 1;
    case OP_REGENERATE:
        if (e->dur != DUR_NOW || !on_perm) break;
        return 1;
    case OP_PREVENT_COMBAT:
        if (e->dur != DUR_EOT) break;
        return 1;
    case OP_REDIRECT:                                        /* Kjeldoran Royal Guard: effect.c's Floating, this turn */
        if (e->dur != DUR_EOT || sel != SEL_YOU || e->arg2 != REDIRECT_SELF_UNBLOCKED || a->kind != AB_ACTIVATED ||
            a->n_effects != 1 || a->n_targets)
            break;
        return 1;
    case OP_PREVENT_ALL:                                     /* effect.c: PC_PLAYER, PC_CREATURES */
        if (e->dur != DUR_EOT) break;
        if (sel == SEL_YOU) return 1;
        /* Luminesce: the damage sources of those colors would deal this turn, whatever they
         * are (effect.c: GameState.prevent_colors, read by damage.c and combat.c) */
        if (sel == SEL_NONE && e->sel.colors && !(e->sel.colors & ~0x1Fu) && filter_only(&e->sel, 1)) return 1;
        if (sel == SEL_ALL && e->sel.types == TYPE_CREATURE && e->sel.ctl == CTL_YOU && !e->sel.types_not &&
            !e->sel.colors && !e->sel.colors_not && !e->sel.state && !e->sel.other && !e->sel.subtype[0] &&
            !e->sel.subtype_not && !e->sel.supers && e->sel.power_max == FILTER_NO_LIMIT &&
            e->sel.power_min == FILTER_NO_MIN && e->sel.mv_max == FILTER_NO_LIMIT && !e->sel.kw && !e->sel.kw_not &&
            !e->sel.types_all)
            return 1;
        break;
    case OP_PREVENT_NEXT:
        if (e->dur != DUR_EOT || sel == SEL_ALL || sel == SEL_EVENT_OBJECT || sel == SEL_ATTACHED ||
            (!on_perm && !on_player))
            break;
        return 1;
    case OP_SACRIFICE:                                       /* the source, or a player's choice of theirs */
        if (e->dur != DUR_NOW || (sel != SEL_SELF && !on_player && sel != SEL_OTHER_PLAYERS) || sel == SEL_TARGET_CONTROLLER ||
            (sel != SEL_SELF && (e->n.kind != QTY_CONST || e->sel.zone != ZONE_BATTLEFIELD)))
            break;
        /* A land: any land (effect.c's sacrifice_lands, basic lands by color
         * and tapped state), nothing narrower. */
        if (sel != SEL_SELF && filter_may_match_land(&e->sel) && (e->sel.types != TYPE_LAND || !filter_only(&e->sel, 2)))
            break;
        return 1;
    case OP_RULE:
        if (e->arg2 == RULE_CANT_CAST && e->dur == DUR_EOT && on_player && sel != SEL_TARGET_CONTROLLER &&
            sel != SEL_EVENT_CONTROLLER && filter_only(&e->param, 0))  /* Silence: Player PL_NO_CAST */
            return 1;
        if (e->dur != DUR_EOT || (sel != SEL_TARGET && sel != SEL_ALL && sel != SEL_SELF)) break;
        if (e->flags & EF_CHOOSER) {                         /* protection from a color chosen on resolution */
            if (e->arg2 != RULE_PROTECTION || e->param.colors != (CB_W | CB_U | CB_B | CB_R | CB_G) ||
                !filter_only(&e->param, 1))
                break;
            return 1;
        }
        if (!rule_eot_ok(e->arg2)) break;
        return 1;
    case OP_BOUNCE:                                          /* a player's choice of theirs (effect.c) */
        if (on_player && sel != SEL_TARGET) {
            if (e->dur != DUR_NOW || sel == SEL_TARGET_CONTROLLER || e->n.kind != QTY_CONST || e->n.n != 1 ||
                e->sel.zone != ZONE_BATTLEFIELD || e->sel.ctl || filter_may_match_land(&e->sel))
                break;
            return 1;
        }
        /* fall through */
    case OP_DESTROY: case OP_EXILE: case OP_TAP: case OP_UNTAP:
        if (e->op == OP_TAP && e->arg2 == 1 && sel != SEL_TARGET) break;  /* "tap or untap target ..." */
        /* "Whenever enchanted permanent becomes tapped, destroy it." (Brink of Disaster): what the
         * Aura is attached to, or was as it left (608.2h: lki_att), the permanent that became tapped */
        if (e->op == OP_DESTROY && e->dur == DUR_NOW && sel == SEL_ATTACHED && a->kind == AB_TRIGGERED &&
            a->trigger == TR_ATTACHED_TAPPED)
            return 1;
        if (e->dur != DUR_NOW || (sel != SEL_TARGET && !set && sel != SEL_SELF && sel != SEL_EVENT_OBJECT && sel != SEL_PREVIOUS))
            break;
        return 1;
    case OP_COUNTER:                                         /* a target, or the item that targeted the source */
        if (sel != SEL_TARGET && !(sel == SEL_EVENT_OBJECT && trig && a->trigger == TR_BECOMES_TARGET_BY)) break;
        return 1;
    case OP_GAIN_LIFE: case OP_LOSE_LIFE: case OP_DRAW:
        /* "Its controller gains life": the target permanent's controller as
         * the item began to resolve (effect.c's ctl, 608.2h). */
        if (!on_player || (sel == SEL_TARGET_CONTROLLER && (e->op != OP_GAIN_LIFE || e->arg >= a->n_targets ||
                                                           a->target[e->arg].what != TGT_OBJECT ||
                                                           a->target[e->arg].f.zone != ZONE_BATTLEFIELD)))
            break;
        return 1;
    case OP_DISCARD:                                         /* by the card's printed characteristics */
        if (!on_player || sel == SEL_TARGET_CONTROLLER) break;
        if (e->flags & EF_CHOOSER) {                         /* effect.c's discard_chosen: filter_card's fields */
            const Filter *f = &e->sel;
            if (e->n.kind != QTY_CONST || (e->flags & EF_RANDOM) || f->zone != ZONE_HAND || f->ctl || f->state ||
                f->other || f->power_max != FILTER_NO_LIMIT || f->power_min != FILTER_NO_MIN || f->kw || f->kw_not)
                break;
            return 1;
        }
        if (e->sel.types || e->sel.types_not) break;
        return 1;
    case OP_MILL:
        if (!on_player || sel == SEL_TARGET_CONTROLLER) break;
        return 1;
    case OP_EXTRA_TURN:
        if (sel != SEL_YOU && sel != SEL_TARGET) break;
        return 1;
    case OP_TOKEN:
        if (e->dur != DUR_NOW || (sel != SEL_YOU && sel != SEL_TARGET && sel != SEL_EACH_PLAYER && sel != SEL_OPPONENTS))
            break;                                           /* the pool gives each token its definition */
        return 1;
    case OP_SEARCH:                                          /* your own library, for your hand or battlefield */
        if (e->sel.mv_max == FILTER_MV_X && !a->cost.x) break;                /* X: its own ability's */
        if (sel != SEL_YOU || e->sel.zone != ZONE_LIBRARY || e->n.kind != QTY_CONST ||
            (e->arg2 != ZONE_HAND && e->arg2 != ZONE_BATTLEFIELD && e->arg2 != ZONE_LIBRARY) || (e->sel.state & ~(unsigned)FS_NAMED) || e->sel.kw ||
            e->sel.ctl > CTL_YOU)
            break;
        return 1;
    case OP_SHUFFLE: case OP_SHUFFLE_GRAVEYARD:
        /* "Each player shuffles their hand and graveyard into their library": each their own */
        if (e->op == OP_SHUFFLE_GRAVEYARD && sel == SEL_EACH_PLAYER && e->dur == DUR_NOW) return 1;
        if (sel != SEL_YOU && sel != SEL_TARGET) break;
        if (sel == SEL_TARGET && (e->arg >= a->n_targets || a->target[e->arg].what != TGT_PLAYER)) break;
        return 1;
    case OP_SCRY:                                            /* at most 4 cards: 120 choices */
        if (sel != SEL_YOU || e->n.kind != QTY_CONST || e->n.n > 4) break;
        return 1;
    case OP_TOP_TO_HAND: case OP_FLIP_COIN:
        if (sel != SEL_YOU) break;
        return 1;
    case OP_PAY_MANA:                                        /* effect.c's pay_optional: its mana alone */
        if (sel != SEL_YOU || e != a->effect || a->kind != AB_TRIGGERED || e->flags != EF_OPTIONAL || a->cost.tap ||
            a->cost.untap || a->cost.sac_self || a->cost.sac_n || a->cost.discard_n || a->cost.life ||
            a->cost.loyalty || a->cost.remove_counters || a->cost.exile_self || a->cost.x_colors || a->cost.x > 1)
            break;
        for (int k = 0; k < a->n_effects; k++)               /* the rest: "If you do" */
            if (k && !(a->effect[k].flags & EF_IF_DONE)) NOT("%s and more", name);
        return 1;
    case OP_EXILE_TOP:                                       /* effect.c: each its own library, at most 8 at once */
        if (!on_player || sel == SEL_TARGET_CONTROLLER || e->n.kind != QTY_CONST || e->n.n < 1 || e->n.n > 8) break;
        return 1;
    case OP_PILES:                                           /* effect.c's piles: at most 7 cards, two players */
        if (sel != SEL_YOU || e->n.kind != QTY_CONST || e->n.n < 1 || e->n.n > 7) break;
        return 1;
    case OP_DIG:                                             /* at most 5 cards: 120 orders */
        if (sel != SEL_YOU || e->n.kind != QTY_CONST || e->n.n > 5 || e->sel.zone != ZONE_LIBRARY ||
            (e->sel.state & ~(unsigned)FS_NAMED) || e->sel.kw || e->sel.kw_not || e->sel.ctl > CTL_YOU ||
            e->sel.power_max != FILTER_NO_LIMIT || e->sel.power_min != FILTER_NO_MIN)
            break;
        return 1;
    case OP_REORDER_TOP:                                     /* at most 5 cards: 120 orders */
        if (sel != SEL_YOU || e->n.kind != QTY_CONST || e->n.n > 5) break;
        return 1;
    case OP_TO_LIBRARY:
        if (e->flags & EF_CHOOSER)                           /* effect.c's hand_to_top: target player's hand */
            return e->dur == DUR_NOW && sel == SEL_TARGET && e->arg < a->n_targets && a->target[e->arg].what == TGT_PLAYER &&
                   e->n.kind == QTY_CONST && e->n.n >= 1 && e->n.n <= 3 && e->sel.zone == ZONE_HAND && !(e->flags & EF_BOTTOM);
        if (e->dur != DUR_NOW || (sel != SEL_TARGET && sel != SEL_SELF)) break;
        return 1;
    case OP_COUNTERS:
        /* lore counters on its own nonplaneswalker permanent (Permanent.loyalty, 122.1) */
        if (e->arg2 == COUNTER_LORE && sel == SEL_SELF && !(types & TYPE_PLANESWALKER)) return 1;
        /* SEL_ATTACHED: the permanent the source is attached to, or was as it left, if still there
         * (608.2h: effect.c's sel_perms), as Primal Cocoon's "enchanted creature" */
        if (e->arg2 != COUNTER_PLUS || (sel != SEL_TARGET && sel != SEL_SELF && sel != SEL_ALL && sel != SEL_EVENT_OBJECT &&
                                        sel != SEL_ATTACHED))
            break;
        return 1;
    case OP_REANIMATE:                                       /* effect.c's put_from_hand */
        if (e->dur != DUR_NOW || (sel != SEL_YOU && sel != SEL_OPPONENTS && sel != SEL_EACH_PLAYER &&
                                  sel != SEL_OTHER_PLAYERS) || e->n.kind != QTY_CONST || e->sel.zone != ZONE_HAND)
            break;
        {   /* creature or land cards: no Aura (303.4f), no other condition than the types */
            Filter f = e->sel;
            f.ctl = CTL_ANY;
            if (!f.types || (f.types & ~(unsigned)(TYPE_CREATURE | TYPE_LAND)) || !filter_only(&f, 2)) break;
        }
        return 1;
    case OP_LOOK_HAND: case OP_REVEAL_TOP: case OP_REVEAL_RANDOM:
        /* Information: seeing or showing a card changes no rule and moves nothing
         * (the engine keeps no hidden information): effect.c does nothing. */
        if (e->dur != DUR_NOW || !on_player || sel == SEL_TARGET_CONTROLLER) break;
        return 1;
    case OP_SKIP_COMBAT:                                     /* Combat.skip, turn.c's game_run */
        if (e->dur != DUR_NOW || !on_player || sel == SEL_TARGET_CONTROLLER) break;
        return 1;
    case OP_DOUBLE_MANA:
        if (a->kind != AB_MANA || sel != SEL_YOU) break;   /* mana.c's mana_activate */
        return 1;
    case OP_BECOME:
        /* A land's own "~ becomes a 2/1 red Warrior creature with first
         * strike until end of turn. It's still a land." (layers.c: 613.1d-f,
         * 613.3 layer 7b; played on lands alone, which the reader reads). */
        if (a->kind != AB_ACTIVATED || sel != SEL_SELF || e->dur != DUR_EOT || !(types & TYPE_LAND) ||
            (types & TYPE_CREATURE) || e->token.types != TYPE_CREATURE) {
            /* Awakener Druid: an enters trigger's target land, "for as long as ~ remains on the
             * battlefield" (effect.c: nothing once it has left; zone.c's perm_leave ends it) */
            if (a->kind == AB_TRIGGERED && a->trigger == TR_ETB && sel == SEL_TARGET && e->dur == DUR_SOURCE_PRESENT &&
                e->token.types == TYPE_CREATURE && e->arg < a->n_targets && a->target[e->arg].what == TGT_OBJECT &&
                a->target[e->arg].f.zone == ZONE_BATTLEFIELD && filter_only_lands(&a->target[e->arg].f))
                return 1;
            break;
        }
        return 1;
    case OP_ADD_MANA:
        if (a->kind == AB_MANA) return 1;                    /* ability_played checked which */
        /* A spell's mana (Pyretic Ritual): a constant amount of one color,
         * into its controller's pool as it resolves (effect.c). */
        if (a->kind != AB_SPELL || sel != SEL_YOU || e->n.kind != QTY_CONST || e->n.n < 1 || !e->arg2 ||
            (e->arg2 & (e->arg2 - 1)))
            break;
        return 1;
    default:
        break;
    }
    NOT("%s on that", name);
}

/* Whether a discard cost's filter says only what effect_card_matches
 * reads (a card in a hand, by its printed characteristics). */
static int hand_filter_ok(const Filter *f)
{
    return f->zone == ZONE_HAND && !f->ctl && !f->state && !f->other && f->power_max == FILTER_NO_LIMIT &&
           f->power_min == FILTER_NO_MIN && !f->kw && !f->kw_not;
}

/* Several targets of one spec (targets_many.c): of a spell, or of a
 * triggered, activated or loyalty ability, with that one spec,
 * permanents or players; the effects on them act on each ("Tap up to two
 * target creatures", "Untap two target lands") or divide damage (601.2d);
 * nothing reads one target of them alone ("its controller", "its
 * power"). An activated ability's action has no slot for a permanent
 * sacrificed or a card discarded beside them (actions.c's list_costs),
 * and only a spell pays more for each target beyond the first (601.2e,
 * stack.c). */
static int many_ok(const Ability *a, char *why, size_t whylen)
{
    const TargetSpec *t = &a->target[0];
    if (a->n_targets != 1) NOT("several targets beside another target");
    if (a->kind != AB_SPELL && a->kind != AB_TRIGGERED && a->kind != AB_ACTIVATED && a->kind != AB_LOYALTY)
        NOT("an ability of several targets");
    if (a->kind != AB_SPELL && (a->cost.sac_n || a->cost.discard_n || a->cost.per_target))
        NOT("several targets with that cost");
    if (t->what == TGT_OBJECT && t->f.zone != ZONE_BATTLEFIELD) NOT("several targets outside the battlefield");
    if (t->distinct) NOT("several targets, each another");
    int damage = 0;
    for (int k = 0; k < a->n_effects; k++) {
        const Effect *e = &a->effect[k];
        if (e->who == SEL_TARGET_CONTROLLER || e->who == SEL_TARGET_OWNER || e->who == SEL_TARGET_PLAYER_ALL ||
            e->n.kind == QTY_TARGET_POWER || e->n.kind == QTY_TARGET_TOUGHNESS || e->op == OP_GIVE_CONTROL)
            NOT("an effect on one of several targets");
        if (e->op == OP_DAMAGE && e->who == SEL_TARGET) {
            if (e->n.kind != QTY_CONST && e->n.kind != QTY_X) NOT("damage of that amount divided");
            damage++;
        } else if (t->divided && e->who == SEL_TARGET) {
            NOT("an effect beside the damage divided among the targets");
        }
    }
    if (t->divided && damage != 1) NOT("dividing what is not damage");
    if (t->divided == DIV_CHOSEN && a->kind == AB_TRIGGERED) {
        for (int k = 0; k < a->n_effects; k++)
            if (a->effect[k].op == OP_DAMAGE && a->effect[k].n.kind == QTY_X) NOT("X damage divided by a trigger");
    }
    return 1;
}


static int cost_ok(const Ability *a, const Cost *c, int kind, char *why, size_t whylen)
{
    if (c->untap || c->life || c->x_colors) NOT("that cost");
    /* One permanent sacrificed, chosen with the action (actions.c), from
     * the permanents (never a basic land: those are counts). */
    if (c->sac_n > 1 || (c->sac_n && (kind != AB_ACTIVATED || a->n_targets >= ACTION_TARGETS ||
                                      c->sac.zone != ZONE_BATTLEFIELD || filter_may_match_land(&c->sac))))
        NOT("that sacrifice");
    /* Up to two cards discarded, chosen with the action in its slots
     * after the targets (actions.c's list_costs). */
    if (c->discard_n && (kind != AB_ACTIVATED || c->discard_n > 2 || !hand_filter_ok(&c->discard) ||
                         a->n_targets + c->discard_n + c->sac_n > ACTION_TARGETS))
        NOT("that cost");
    if (c->x && kind != AB_SPELL && kind != AB_ACTIVATED && kind != AB_LOYALTY) NOT("an ability with {X}");
    /* cards of your graveyard exiled, each chosen as it is paid (stack.c's pay_gy_exile) */
    if (c->exile_gy && kind != AB_ACTIVATED) NOT("that cost");
    return 1;
}

int ability_played(const Ability *a, unsigned types, char *why, size_t whylen)
{
    if (a->cond && !cond_ok(a)) NOT("a condition");
    for (int k = 0; k < a->n_targets; k++) {
        const TargetSpec *t = &a->target[k];
        if (t->f.mv_max == FILTER_MV_X) NOT("targets of mana value X or less");
        if ((t->min != 1 || t->max != 1 || t->divided) && !many_ok(a, why, whylen)) return 0;
        if (t->what == TGT_OBJECT && t->f.zone != ZONE_BATTLEFIELD && t->f.zone != ZONE_STACK &&
            t->f.zone != ZONE_GRAVEYARD)
            NOT("targets outside the battlefield, the stack and graveyards");
        if (t->what == TGT_OBJECT && t->f.zone == ZONE_GRAVEYARD &&
            (t->f.state || t->f.kw || t->f.kw_not || t->f.power_max != FILTER_NO_LIMIT || t->f.power_min != FILTER_NO_MIN || t->f.other))
            NOT("targeting cards in a graveyard by that");
        /* A land on the battlefield: a game with such a card plays basic
         * lands as permanents (GameState.spells' SPELLS_LAND_OBJECTS,
         * game_text), so "target land" names every land there. */
        if (t->what == TGT_OBJECT && t->f.zone != ZONE_BATTLEFIELD && filter_may_match_land(&t->f))
            NOT("targeting lands (basic lands are not permanents yet)");
    }
    switch (a->kind) {
    case AB_SPELL:
        /* 601.2b: "sacrifice a Goblin", chosen with the action (actions.c's
         * list_costs) from the permanents; "Spend only <color> mana on X"
         * (actions.c's spell_mana), one color. */
        if (a->cost.generic || a->cost.tap || a->cost.sac_self || a->cost.discard_n || a->cost.life ||
            a->cost.exile_self || a->cost.exile_gy || (a->cost.x_colors & (a->cost.x_colors - 1)) ||
            (a->cost.sac_n && (a->cost.sac_n > 1 || a->n_targets >= ACTION_TARGETS ||
                               a->cost.sac.zone != ZONE_BATTLEFIELD || filter_may_match_land(&a->cost.sac))))
            NOT("an additional cost");
        if (a->cost.per_target && !many_spec(a)) NOT("a cost for each target beyond the first, with one target");
        break;
    case AB_ACTIVATED:
        if (a->zone != ZONE_BATTLEFIELD) {
            /* 113.6: "Return ~ from your graveyard to your hand / the
             * battlefield tapped": mana its only cost, its card its only
             * object (stack.c's ACT_GY_ACTIVATE, effect.c's run_on_card). */
            const Cost *c = &a->cost;
            if (a->zone != ZONE_GRAVEYARD || a->timing || a->n_targets || a->n_effects != 1 || c->x || c->tap ||
                c->untap || c->sac_self || c->sac_n || c->discard_n || c->life || c->remove_counters || c->exile_self ||
                c->exile_gy)
                NOT("abilities activated from a graveyard");
            const Effect *e = &a->effect[0];
            if (e->who != SEL_SELF || (e->op != OP_BOUNCE && e->op != OP_REANIMATE) || e->arg2 != 0 ||
                (e->flags & ~(unsigned)EF_TAPPED) || (e->op == OP_BOUNCE && e->flags))
                NOT("abilities activated from a graveyard");
            return 1;
        }
        /* granted by the land's own "becomes a ... creature with ..." (actions.c lists it
         * only while that effect makes it a creature: perm_became) */
        if (a->granted == GRANT_BECOME && (!(types & TYPE_LAND) || (types & TYPE_CREATURE))) NOT("that granted ability");
        /* An Aura's "Enchanted creature has '...'": actions.c's list_granted, the creature its source */
        if (a->granted == GRANT_ATTACHED && !(types & TYPE_ENCHANTMENT)) NOT("that granted ability");
        if (a->timing & ~(unsigned)(TM_SORCERY | TM_ONCE | TM_TWICE | TM_UPKEEP | TM_YOUR_TURN | TM_ATTACKING))
            NOT("that timing restriction");
        if (!cost_ok(a, &a->cost, a->kind, why, whylen)) return 0;
        break;
    case AB_LOYALTY:                                        /* 606: its cost is loyalty alone */
        if (a->timing || a->zone != ZONE_BATTLEFIELD || a->cost.generic || a->cost.tap || a->cost.sac_self ||
            a->cost.sac_n || a->cost.remove_counters || a->cost.exile_self || (a->cost.x && a->cost.loyalty))
            NOT("that loyalty ability");
        if (!cost_ok(a, &a->cost, a->kind, why, whylen)) return 0;
        for (int c = 0; c < 6; c++) if (a->cost.color[c]) NOT("that loyalty ability");
        break;
    case AB_MANA:
        /* The payer activates those whose only cost is {T} (mana.c): one
         * mana of one of some colors, or of one color for each permanent
         * counted (Elvish Archdruid), or one colored mana that deals damage
         * to you as it is made (a pain land, 605.3a: no stack). */
        if (a->cost.sac_n || a->cost.x || a->cost.exile_self || a->cost.exile_gy || a->cost.remove_counters ||
            a->n_targets || !a->n_effects || (a->effect[0].op != OP_ADD_MANA && a->effect[0].op != OP_DOUBLE_MANA))
            NOT("that mana ability");
        if (a->effect[0].op == OP_DOUBLE_MANA) {   /* Doubling Cube: alone, an action (605.3a) */
            if (a->n_effects != 1 || a->effect[0].who != SEL_YOU || ability_mana_tap_only(a) || a->cost.life ||
                a->cost.discard_n || a->cost.untap)
                NOT("that mana ability");
            break;
        }
        if (!ability_mana_tap_only(a)) {
            /* Activated as an action with priority (605.3a, mana.c's
             * mana_activate): a mana cost, {T}, sacrificing the source;
             * constant mana, one choice of color at most, for one mana. */
            if (a->cost.life || a->cost.discard_n || a->cost.untap || (!a->cost.tap && !a->cost.sac_self))
                NOT("that mana ability");
            int choices = 0;
            for (int j = 0; j < a->n_effects; j++) {
                const Effect *e = &a->effect[j];
                if (e->op != OP_ADD_MANA || e->who != SEL_YOU || e->n.kind != QTY_CONST || e->n.n < 1 || e->flags)
                    NOT("that mana ability");
                if (e->arg2 & (e->arg2 - 1)) {
                    if (e->n.n != 1 || choices++) NOT("that mana ability");
                }
            }
            break;
        }
        if (a->n_effects == 1) {
            const Effect *e = &a->effect[0];
            if (e->n.kind == QTY_CONST && e->n.n == 1) break;
            if (e->n.kind == QTY_COUNT && e->n.n == 1 && e->arg2 && !(e->arg2 & (e->arg2 - 1)) && filter_ok(&e->count))
                break;
            NOT("add mana on that");
        }
        if (a->n_effects == 2 && a->effect[0].n.kind == QTY_CONST && a->effect[0].n.n == 1 && a->effect[0].arg2 &&
            a->effect[1].op == OP_DAMAGE && a->effect[1].who == SEL_YOU && a->effect[1].n.kind == QTY_CONST &&
            a->effect[1].n.n > 0 && !a->effect[1].flags)
            break;
        NOT("that mana ability");
    case AB_TRIGGERED:
        if (!trigger_ok(a)) NOT("that trigger");
        if (a->trigger == TR_OTHER_DIES && (types & TYPE_CREATURE)) NOT("that trigger on a creature");
        if (a->zone == ZONE_GRAVEYARD) {
            /* 113.6: "return ~ from your graveyard to your hand" alone, its card its only
             * object (stack.c's trigger_gy_damage, effect.c's run_on_card); the source
             * filter by card types, colors and controller (trigger_gy_damage reads no more) */
            const Filter *f = &a->trig_filter;
            if ((a->trigger != TR_OPP_DAMAGED_BY && !(a->trigger == TR_UPKEEP && a->trig_ctl == CTL_YOU)) ||
                a->cond || a->n_targets || a->n_effects != 1 ||
                a->effect[0].op != OP_BOUNCE || a->effect[0].who != SEL_SELF || (a->effect[0].flags & ~(unsigned)EF_OPTIONAL) ||
                f->types_not || f->types_all || f->colors_not || f->state || f->other || f->subtype[0] ||
                f->subtype_not || f->supers || f->kw || f->kw_not || f->power_max != FILTER_NO_LIMIT ||
                f->power_min != FILTER_NO_MIN || f->mv_max != FILTER_NO_LIMIT ||
                (f->types & ~(unsigned)(TYPE_INSTANT | TYPE_SORCERY | TYPE_PLANESWALKER)))
                NOT("that trigger in a graveyard");
            return 1;
        }
        if (a->trigger == TR_OTHER_ETB && filter_may_match_land(&a->trig_filter))
            NOT("a trigger on lands entering (basic lands are not permanents yet)");
        break;
    case AB_ETB_COUNTERS:                                    /* zone.c; X: its spell's (pool.c, cost.x) */
        if (a->n_effects != 1 || a->effect[0].arg2 != 0 ||
            !(a->effect[0].n.kind == QTY_CONST || (a->effect[0].n.kind == QTY_X && a->cost.x == 1 && !a->cond)))
            NOT("entering with those counters");
        return 1;
    case AB_STATIC:
        break;
    case AB_ENCHANT:
        /* A land: a game with such an Aura plays basic lands as permanents (card_singles_out_land) */
        if (a->trig_filter.zone != ZONE_BATTLEFIELD) NOT("enchanting that");
        return 1;
    case AB_EQUIP:
        if (!cost_ok(a, &a->cost, a->kind, why, whylen)) return 0;
        return 1;
    case AB_ETB_TAPPED:
    case AB_CHOOSE_COLOR:                                   /* zone.c's choose_color (614.12) */
    case AB_CHOOSE_TYPE:                                    /* zone.c's choose_type (614.12) */
        return 1;
    default:
        NOT("that kind of ability");
    }
    for (int k = 0; k < a->n_effects; k++)
        if (!effect_ok(a, &a->effect[k], types, why, whylen)) return 0;
    return 1;
}
