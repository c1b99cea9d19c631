/* stack.c: casting, activating, triggers, resolving, and the priority loop
 * of games with rules text (117, 405, 601-608). */
#include <string.h>
#include "stack.h"
#include "turn.h"
#include "mana.h"
#include "effect.h"
#include "layers.h"
#include "zone.h"
#include "targets_many.h"

/* ---- triggered abilities (603) ---- */

static Pending *pend(GameState *s, uint16_t card, int k, int ctl, int slot, int player, int amount)
{
    if (s->pending_n >= TRIG_MAX) { s->error = ERR_CAPACITY; return NULL; }   /* ends the game at settle() */
    Pending *w = &s->pend[s->pending_n++];
    memset(w, 0, sizeof *w);
    w->card = card;
    w->ability = (uint8_t)k;
    w->controller = (uint8_t)ctl;
    w->source = (uint8_t)slot;
    w->source_ts = slot != NO_SLOT ? s->px[slot].ts : 0;
    w->ev_player = (uint8_t)player;
    w->ev_amount = (int16_t)amount;
    w->ev_perm = NO_SLOT;
    w->lki_att = NO_SLOT;
    return w;
}

static void trigger_gy(GameState *s, int trigger, int owner, int player, unsigned types, unsigned colors);

/* Whether player p is the one a trigger's `trig_ctl` names, for a source
 * controlled by ctl in slot src. */
static int ctl_match(const GameState *s, int trig_ctl, int ctl, int p, int src)
{
    switch (trig_ctl) {
    case CTL_ANY: return 1;
    case CTL_YOU: return p == ctl;
    case CTL_OPP: case CTL_NOT_YOU: return p != ctl;
    case CTL_ATTACHED: {
        int a = s->px[src].attached;
        return a != NO_SLOT && perm_controller(s, a) == p;
    }
    default: return 0;
    }
}

/* Triggers that look at the whole battlefield ("whenever a creature
 * enters", "at the beginning of each upkeep", "whenever a player casts"):
 * every permanent's abilities of that kind whose condition the event
 * meets. ev_slot is the event's permanent, ev_item its spell. */
static void trigger_scan(GameState *s, int trigger, int player, int ev_slot, const StackItem *ev_item, int amount)
{
    if (s->trig_absent >> trigger & 1) return;
    for (PermIter it = permset_iter(s->perm_used); permiter_more(&it);) {
        int i = permiter_next(&it);
        if (!(s->px[i].abk & PK_TRIGGERED)) continue;
        const CardDef *d = &s->cards[s->perm[i].card];
        for (int k = 0; k < d->n_abilities; k++) {
            const Ability *a = &d->ab[k];
            if (a->kind != AB_TRIGGERED || a->trigger != trigger) continue;
            if (a->zone == ZONE_GRAVEYARD) continue;         /* it functions in a graveyard only (113.6) */
            int ctl = perm_controller(s, i);
            if (trigger == TR_OTHER_ETB || trigger == TR_OTHER_DIES || trigger == TR_OTHER_TAPPED) {
                if (!filter_perm(s, &a->trig_filter, ev_slot, ctl, i)) continue;
            } else if (trigger == TR_CAST) {
                if (!ctl_match(s, a->trig_ctl, ctl, player, i) || !filter_spell(s, &a->trig_filter, ev_item)) continue;
            } else if (trigger == TR_GAIN_LIFE) {
                if (player != ctl) continue;                                   /* "whenever you gain life" */
            } else if (!ctl_match(s, a->trig_ctl, ctl, player, i)) {
                continue;
            }
            if (a->cond == COND_SELF_UNTAPPED && (s->perm[i].flags & PF_TAPPED)) continue;   /* 603.4 */
            if ((a->cond == COND_NO_CREATURES || a->cond == COND_ATTACHED_POWER_AT_LEAST) && !effect_trigger_cond(s, a, i, -1)) continue;
            if (a->cond == COND_EVENT_HAND_AT_MOST && s->pl[player].hand_n > a->cond_n) continue;
            Pending *w = pend(s, s->perm[i].card, k, ctl, i, player, amount);
            if (w && ev_slot != NO_SLOT) { w->ev_perm = (uint8_t)ev_slot; w->ev_ts = s->px[ev_slot].ts; }
        }
    }
}

void trigger_attached_of(GameState *s, int trigger, int slot, int player, int amount)
{
    for (PermIter it = permset_iter(s->perm_used); permiter_more(&it);) {
        int j = permiter_next(&it);
        if ((s->px[j].abk & (PK_ATTACH | PK_TRIGGERED)) == (PK_ATTACH | PK_TRIGGERED) && s->px[j].attached == slot)
            trigger_event_on(s, trigger, j, slot, player, amount);
    }
}

void trigger_event_any(GameState *s, int trigger, int slot, uint16_t card, int controller, int player, int amount)
{
    switch (trigger) {
    case TR_UPKEEP: case TR_END_STEP: case TR_DRAW_STEP: case TR_GAIN_LIFE: case TR_DRAW: case TR_DISCARD:
    case TR_TAP_LAND:
    case TR_PLAYER_NONCOMBAT_DAMAGE:
        trigger_scan(s, trigger, player, NO_SLOT, NULL, amount);
        /* "At the beginning of your upkeep, you may return ~ from your graveyard" (Squee) */
        if (trigger == TR_UPKEEP && (s->pl[player].flags & PL_GY_ABILITIES)) trigger_gy(s, TR_UPKEEP, player, player, 0, 0);
        return;
    case TR_OTHER_ETB:
        trigger_scan(s, trigger, player, slot, NULL, amount);
        return;
    default:
        break;
    }
    if (trigger == TR_ATTACKS) trigger_attached(s, TR_ATTACHED_ATTACKS, slot, player, 0);   /* 508.3a */
    const CardDef *d = &s->cards[card];
    for (int k = 0; !(s->trig_absent >> trigger & 1) && k < d->n_abilities; k++)
        if (d->ab[k].kind == AB_TRIGGERED && d->ab[k].trigger == trigger)
            /* A "dies" ability looks back in time (603.10a): its source has
             * left, and resolves with what it last knew. */
        {
            Pending *w = pend(s, card, k, controller, trigger == TR_DIES ? (int)NO_SLOT : slot, player, amount);
            /* its source's colors as it died (its slot's record still holds them) */
            if (w && trigger == TR_DIES && slot != NO_SLOT) w->lki_colors = (uint8_t)(LKI_KNOWN | s->px[slot].colors);
        }
}

void trigger_leaves(GameState *s, int slot, uint16_t card, int controller)
{
    const CardDef *d = &s->cards[card];
    int owner = -1, obj = -1;                        /* the card its linked ability exiled (607.2a) */
    uint32_t ts = s->px[slot].ts;
    int k = 0;
    for (int j = 0; j < s->float_n; j++) {
        const Floating *f = &s->fl[j];
        if (f->op == FL_LINKED && f->slot == slot && f->perm_ts == ts) { owner = f->controller; obj = f->p; continue; }
        s->fl[k++] = *f;
    }
    s->float_n = (uint8_t)k;
    for (int a = 0; a < d->n_abilities; a++)
        if (d->ab[a].kind == AB_TRIGGERED && d->ab[a].trigger == TR_LEAVES) {
            Pending *w = pend(s, card, a, controller, NO_SLOT, owner < 0 ? controller : owner, obj);
            if (w) w->lki_colors = (uint8_t)(LKI_KNOWN | s->px[slot].colors);   /* 603.10a: as it left */
        }
}

void trigger_other_dies(GameState *s, int i, int ctl)
{
    if (!(s->trig_absent >> TR_OTHER_DIES & 1)) trigger_scan(s, TR_OTHER_DIES, ctl, i, NULL, 0);
}

PermSet triggers_watch_dies(const GameState *s, PermSet set)
{
    PermSet w = 0;
    if (s->trig_absent >> TR_OTHER_DIES & 1) return 0;
    for (PermIter it = permset_iter(set); permiter_more(&it);) {
        int i = permiter_next(&it);
        if (!(s->px[i].abk & PK_TRIGGERED)) continue;
        const CardDef *d = &s->cards[s->perm[i].card];
        for (int k = 0; k < d->n_abilities; k++)
            if (d->ab[k].kind == AB_TRIGGERED && d->ab[k].trigger == TR_OTHER_DIES) w |= PERMSET_BIT(i);
    }
    return w;
}

void trigger_attached_dies(GameState *s, int slot, int player)
{
    if (s->trig_absent >> TR_ATTACHED_DIES & 1) return;
    for (PermIter it = permset_iter(s->perm_used); permiter_more(&it);) {
        int j = permiter_next(&it);
        if ((s->px[j].abk & (PK_ATTACH | PK_TRIGGERED)) != (PK_ATTACH | PK_TRIGGERED) || s->px[j].attached != slot) continue;
        const CardDef *d = &s->cards[s->perm[j].card];
        int obj = s->perm[j].obj, card = obj == OBJ_NONE ? -1 : s->px[j].owner << 8 | obj;
        for (int k = 0; k < d->n_abilities; k++) {
            if (d->ab[k].kind != AB_TRIGGERED || d->ab[k].trigger != TR_ATTACHED_DIES) continue;
            Pending *w = pend(s, s->perm[j].card, k, perm_controller(s, j), j, player, card);
            if (w) { w->ev_perm = (uint8_t)slot; w->ev_ts = s->px[slot].ts; }
        }
    }
}

_Static_assert(TR_OPP_DAMAGED_BY < 64, "trigger_watched's kinds are bits of 64");

int trigger_watched(const GameState *s, uint64_t triggers)
{
    triggers &= ~s->trig_absent;
    if (!triggers) return 0;
    for (PermIter it = permset_iter(s->perm_used); permiter_more(&it);) {
        int i = permiter_next(&it);
        if (!(s->px[i].abk & PK_TRIGGERED)) continue;
        const CardDef *d = &s->cards[s->perm[i].card];
        for (int k = 0; k < d->n_abilities; k++)
            if (d->ab[k].kind == AB_TRIGGERED && (triggers >> d->ab[k].trigger & 1)) return 1;
    }
    return 0;
}

void trigger_tapped(GameState *s, int slot)
{
    if (!s->spells) return;
    trigger_scan(s, TR_OTHER_TAPPED, perm_controller(s, slot), slot, NULL, 0);
    trigger_attached(s, TR_ATTACHED_TAPPED, slot, perm_controller(s, slot), 0);   /* "enchanted permanent" */
}

/* The abilities of the cards in player `owner`'s graveyard that trigger on
 * `trigger` (113.6), whose source filter, for TR_OPP_DAMAGED_BY, the
 * damage's source of card types `types` and colors `colors` meets; `player`
 * the event's. Each waits with its card (Pending.gy_obj). */
static void trigger_gy(GameState *s, int trigger, int owner, int player, unsigned types, unsigned colors)
{
    const Player *pl = &s->pl[owner];
    for (int w = 0; w < 4; w++)
        for (uint64_t bits = pl->gy[w]; bits; bits &= bits - 1) {
            int obj = w * 64 + __builtin_ctzll(bits);
            uint16_t c = OBJ_CARD(s, owner, obj);
            const CardDef *d = &s->cards[c];
            for (int k = 0; k < d->n_abilities; k++) {
                const Ability *a = &d->ab[k];
                const Filter *f = &a->trig_filter;
                if (a->kind != AB_TRIGGERED || a->trigger != trigger || a->zone != ZONE_GRAVEYARD) continue;
                /* the source by its card's types: an instant or sorcery card is a spell (no
                 * such permanent exists, 304.4, 307.4), a planeswalker card a permanent or
                 * one as it last existed (a planeswalker spell deals no damage) */
                if (trigger == TR_OPP_DAMAGED_BY && ((f->types && !(types & f->types)) || (f->colors && !(colors & f->colors))))
                    continue;
                Pending *q = pend(s, c, k, owner, NO_SLOT, player, 0);
                if (q) q->gy_obj = (uint8_t)obj;
            }
        }
}

void trigger_gy_damage_of(GameState *s, int p, uint16_t card, unsigned colors, int src_ctl)
{
    trigger_gy(s, TR_OPP_DAMAGED_BY, src_ctl, p, s->cards[card].types, colors);
}

void trigger_event_on_card(GameState *s, int trigger, int slot, int other, int player, int amount)
{
    const CardDef *d = &s->cards[s->perm[slot].card];
    for (int k = 0; k < d->n_abilities; k++)
        if (d->ab[k].kind == AB_TRIGGERED && d->ab[k].trigger == trigger) {
            Pending *w = pend(s, s->perm[slot].card, k, perm_controller(s, slot), slot, player, amount);
            if (w && other != NO_SLOT) { w->ev_perm = (uint8_t)other; w->ev_ts = s->px[other].ts; }
        }
}

void trigger_delayed(GameState *s, const StackItem *it)
{
    Pending *w = pend(s, it->card, it->ability, it->controller, NO_SLOT, it->controller, 0);
    if (!w) return;
    w->source = it->source;                 /* the same object, or nothing (400.7) */
    w->source_ts = it->source_ts;
    w->delayed = 1;
}

void triggers_end_of_combat(GameState *s)
{
    for (int w = 0; w < s->pending_n; w++) s->pend[w].delayed = 0;
}

void trigger_cast(GameState *s, const StackItem *spell)
{
    trigger_scan(s, TR_CAST, spell->controller, NO_SLOT, spell, 0);
}

/* "Whenever ~ becomes the target of a spell or ability an opponent
 * controls" (Frost Titan): permanent i's abilities of that trigger, when
 * item it's controller is such a player; "that spell or ability" is the
 * item, known by its timestamp (Pending.ev_ts, with no event permanent:
 * it may have left the stack when the ability resolves). */
static void targeted_by(GameState *s, int i, const StackItem *it)
{
    if (s->trig_absent >> TR_BECOMES_TARGET_BY & 1) return;
    const CardDef *d = &s->cards[s->perm[i].card];
    int ctl = perm_controller(s, i);
    for (int k = 0; k < d->n_abilities; k++) {
        const Ability *a = &d->ab[k];
        if (a->kind != AB_TRIGGERED || a->trigger != TR_BECOMES_TARGET_BY || !ctl_match(s, a->trig_ctl, ctl, it->controller, i))
            continue;
        Pending *w = pend(s, s->perm[i].card, k, ctl, i, it->controller, 0);
        if (w) w->ev_ts = it->ts;
    }
}

void triggers_targeted(GameState *s, const StackItem *it)
{
    const uint64_t kinds = 1ull << TR_BECOMES_TARGET | 1ull << TR_BECOMES_TARGET_BY | 1ull << TR_ATTACHED_BECOMES_TARGET;
    if (!(kinds & ~s->trig_absent)) return;  /* no card of the game has one */
    PermSet named = 0;                       /* each permanent once, however many targets name it */
    for (int k = 0; k < it->n_targets; k++) {
        Target t = it->t[k];
        if (t.kind == TK_PERM && t.v < PERM_MAX && permset_has(s->perm_used, t.v) && s->px[t.v].ts == t.ts)
            named |= PERMSET_BIT(t.v);
    }
    if (!named) return;
    for (PermIter m = permset_iter(s->perm_used); permiter_more(&m);) {
        int i = permiter_next(&m);
        if (!(s->px[i].abk & PK_TRIGGERED)) continue;
        int att = s->px[i].attached;
        /* trigger_event_on queues only the abilities of that trigger */
        if (permset_has(named, i)) {
            trigger_event_on(s, TR_BECOMES_TARGET, i, NO_SLOT, it->controller, 0);
            targeted_by(s, i, it);
        }
        if (att != NO_SLOT && permset_has(named, att))
            trigger_event_on(s, TR_ATTACHED_BECOMES_TARGET, i, att, it->controller, 0);
    }
}

/* Whether permanent i has "whenever a creature dealt damage by ~ this turn dies". */
static int watches_damaged(const GameState *s, int i)
{
    if (!(s->px[i].abk & PK_TRIGGERED)) return 0;
    const CardDef *d = &s->cards[s->perm[i].card];
    for (int k = 0; k < d->n_abilities; k++)
        if (d->ab[k].kind == AB_TRIGGERED && d->ab[k].trigger == TR_DAMAGED_CREATURE_DIES) return 1;
    return 0;
}

void trigger_damage_record_of(GameState *s, int src, int victim)
{
    if (src == NO_SLOT || !watches_damaged(s, src) || !perm_is_creature(s, victim)) return;
    for (int j = 0; j < s->float_n; j++) {
        const Floating *f = &s->fl[j];
        if (f->op == FL_DAMAGED_BY && f->slot == victim && f->perm_ts == s->px[victim].ts && f->p == src &&
            f->ts == s->px[src].ts)
            return;                                          /* already recorded */
    }
    Floating f;
    memset(&f, 0, sizeof f);
    f.op = FL_DAMAGED_BY;
    f.dur = DUR_EOT;                                         /* "this turn" */
    f.slot = (uint8_t)victim;
    f.controller = (uint8_t)perm_controller(s, src);
    f.p = (int16_t)src;
    f.perm_ts = s->px[victim].ts;
    f.ts = s->px[src].ts;
    if (floating_add(s, &f) < 0) s->error = ERR_CAPACITY;   /* the game ends at the next priority */
}

void trigger_damaged_dies(GameState *s, int victim)
{
    for (int j = 0; j < s->float_n; j++) {
        const Floating *f = &s->fl[j];
        if (f->op != FL_DAMAGED_BY || f->slot != victim || f->perm_ts != s->px[victim].ts) continue;
        int src = f->p;
        if (src != victim && permset_has(s->perm_used, src) && s->px[src].ts == f->ts)
            trigger_event_on(s, TR_DAMAGED_CREATURE_DIES, src, NO_SLOT, perm_controller(s, src), 0);
    }
}

void triggers_attacks(GameState *s)
{
    PermSet att = s->combat.attackers;
    if (!att || (s->trig_absent >> TR_OTHER_ATTACKS & 1)) return;
    for (PermIter it = permset_iter(s->perm_used); permiter_more(&it);) {
        int i = permiter_next(&it);
        if (!(s->px[i].abk & PK_TRIGGERED)) continue;
        const CardDef *d = &s->cards[s->perm[i].card];
        for (int k = 0; k < d->n_abilities; k++) {
            const Ability *a = &d->ab[k];
            if (a->kind != AB_TRIGGERED || a->trigger != TR_OTHER_ATTACKS) continue;
            int ctl = perm_controller(s, i);
            for (PermIter m = permset_iter(att); permiter_more(&m);) {
                int j = permiter_next(&m);
                if (!filter_perm(s, &a->trig_filter, j, ctl, i)) continue;
                Pending *w = pend(s, s->perm[i].card, k, ctl, i, perm_controller(s, j), 0);
                if (w) { w->ev_perm = (uint8_t)j; w->ev_ts = s->px[j].ts; }
            }
        }
    }
}

void triggers_blocks(GameState *s)
{
    const Combat *c = &s->combat;
    int def = 1 - s->active;
    for (PermIter it = permset_iter(c->blockers); permiter_more(&it);) {         /* 509.5 */
        int b = permiter_next(&it);
        trigger_attached(s, TR_ATTACHED_BLOCKS, b, def, 0);
        trigger_event_on(s, TR_BLOCKS, b, NO_SLOT, def, 0);
    }
    for (PermIter it = permset_iter(c->attackers); permiter_more(&it);) {
        int a = permiter_next(&it);
        if (s->perm[a].flags & PF_BLOCKED) trigger_event_on(s, TR_BLOCKED, a, NO_SLOT, s->active, 0);
    }
    for (int j = 0; j < c->n_pairs; j++) {
        trigger_event_on(s, TR_BLOCKS_CREATURE, c->pair_blk[j], c->pair_att[j], def, 0);
        trigger_event_on(s, TR_BLOCKED_BY_CREATURE, c->pair_att[j], c->pair_blk[j], s->active, 0);
    }
}

/* Targets for a triggered ability as it goes on the stack: every legal
 * choice, one asked of its controller's policy. Returns 0 when there is
 * none (the ability is removed, 603.3d). */
static int trigger_targets(GameState *s, Game *g, StackItem *it, const Ability *a)
{
    if (!a->n_targets) return 1;
    if (many_spec(a)) return many_trigger(s, g, it, a);
    Action opts[ACTION_MAX];
    int n = actions_targets(s, it, a, opts);
    if (!n) return 0;
    int pick = 0;
    const Policy *pol = g->policy[it->controller];
    if (n > 1 && pol && pol->choose) {
        Choice ch = { CH_TARGETS, it->card, n, opts, NULL, 0, NULL, 0, 0, 0, 0 };
        pick = pol->choose(pol, s, g, it->controller, g->policy_rng[it->controller], &ch);
        if (pick < 0 || pick >= n) pick = 0;
    }
    it->n_targets = a->n_targets;
    for (int j = 0; j < a->n_targets; j++) it->t[j] = action_target(s, &opts[pick], j);
    return 1;
}

int triggers_put_waiting(GameState *s, Game *g)
{
    int put = 0;
    /* Abilities that trigger as these go on the stack (one becoming the
     * target of another) wait for the next time a player would receive
     * priority, after state-based actions (603.3b): past `old`. */
    int old = s->pending_n;
    for (int side = 0; side < 2; side++) {                               /* 603.3b: APNAP */
        int p = side == 0 ? s->active : 1 - s->active;
        for (int w = 0; w < old; w++) {
            Pending pd = s->pend[w];
            if (pd.controller != p || pd.delayed) continue;
            memmove(&s->pend[w], &s->pend[w + 1], (size_t)(s->pending_n - w - 1) * sizeof *s->pend);
            s->pending_n--;
            old--;
            w--;
            if (s->stack_n >= STACK_MAX) { game_fail(s, g, ERR_CAPACITY); return put; }
            StackItem *it = &s->stack[s->stack_n];
            memset(it, 0, sizeof *it);
            it->kind = SI_TRIGGER;
            it->controller = pd.controller;
            it->owner = pd.controller;
            it->obj = OBJ_NONE;
            it->card = pd.card;
            it->ability = pd.ability;
            it->source = pd.source;
            it->source_ts = pd.source_ts;
            it->ev_player = pd.ev_player;
            it->ev_amount = pd.ev_amount;
            it->ev_perm = pd.ev_perm;
            it->ev_ts = pd.ev_ts;
            it->lki_att = pd.lki_att;
            it->lki_att_ts = pd.lki_att_ts;
            it->lki_tapped = pd.lki_tapped;
            it->lki_colors = pd.lki_colors;
            it->ev_lki = pd.ev_lki;
            it->ev_kw = pd.ev_kw;
            it->ev_card = pd.ev_card;
            it->lki_lore = pd.lki_lore;
            /* a graveyard card's ability: its card in the slot after the targets, as an
             * ability activated there has it (gone: a new object, 400.7) */
            if (pend_from_gy(s, &pd))
                it->t[ITEM_TARGETS - 1] = (Target){ TK_CARD, pd.gy_obj, pd.controller, 0,
                                                    pd.gy_obj != OBJ_NONE ? CARD_TARGET_HERE : 0 };
            it->ts = state_ts(s);
            /* the Aura of "When enchanted creature dies, return ~ ...": found in its owner's graveyard
             * only if it went there with the creature or for being attached to nothing (the
             * state-based actions just checked); zone.c's gy_leave forgets it if it leaves */
            if (s->cards[pd.card].ab[pd.ability].trigger == TR_ATTACHED_DIES && it->ev_amount >= 0 &&
                !bits256_has(s->pl[(it->ev_amount >> 8) & 1].gy, it->ev_amount & 0xFF))
                it->ev_amount = -1;
            if (!trigger_targets(s, g, it, &s->cards[pd.card].ab[pd.ability])) continue;   /* 603.3d */
            s->stack_n++;
            game_event(g, s, EV_TRIGGER, it->controller, it->source, 0, it->card, it->ability, 0);
            if (it->n_targets) triggers_targeted(s, it);
            put++;
        }
    }
    return put;
}

/* ---- casting and activating (601, 602) ---- */

static void item_targets(const GameState *s, StackItem *it, const Action *a)
{
    it->n_targets = a->n_targets;
    for (int k = 0; k < a->n_targets; k++) it->t[k] = action_target(s, a, k);
}

static int apply(GameState *s, Game *g, int p, const Action *a, int free_mana);

/* Whether a is among the legal actions of p now (X aside: a scenario gives it). */
static int is_legal(const GameState *s, int p, const Action *a, int free_mana)
{
    Action acts[ACTION_MAX];
    int n = actions_spells(s, p, acts, free_mana);
    for (int k = 0; k < n; k++) {
        Action b = acts[k];
        /* a loyalty ability's X is no mana: listed 0 .. loyalty even then (606.4, 606.5) */
        int loyal = b.type == ACT_ACTIVATE && s->cards[s->perm[b.hand_idx].card].ab[b.ability].kind == AB_LOYALTY;
        if (free_mana && !loyal) b.x = a->x;
        if (!memcmp(&b, a, sizeof b)) return 1;
    }
    return 0;
}

void land_play(GameState *s, Game *g, int p, int h)
{
    Player *pl = &s->pl[p];
    uint16_t card = OBJ_CARD(s, p, pl->hand[h]);
    uint8_t obj = hand_take(pl, h);
    pl->flags |= PL_LAND_PLAYED;
    if (s->lands_played[p] < 255) s->lands_played[p]++;
    game_event(g, s, EV_LAND, p, 0, 0, card, 0, 0);
    if (land_enter(s, g, p, obj, 0) < 0) { card_to_zone(s, p, obj, ZONE_GRAVEYARD); game_fail(s, g, ERR_CAPACITY); }
}

void action_default_costs(const GameState *s, int p, Action *a, int free_mana)
{
    Action acts[ACTION_MAX];
    int n = actions_spells(s, p, acts, free_mana);
    for (int k = 0; k < n; k++) {
        const Action *b = &acts[k];
        if (b->type != a->type || b->hand_idx != a->hand_idx || b->ability != a->ability ||
            b->n_targets != a->n_targets || (!free_mana && b->x != a->x))
            continue;
        int same = 1, costs = 0;
        for (int j = 0; j < a->n_targets; j++) same &= b->tk[j] == a->tk[j] && b->tv[j] == a->tv[j];
        for (int j = a->n_targets; j < ACTION_TARGETS; j++) costs |= b->tk[j] == TK_SAC || b->tk[j] == TK_DISCARD;
        if (!same || !costs) continue;
        for (int j = a->n_targets; j < ACTION_TARGETS; j++) { a->tk[j] = b->tk[j]; a->tv[j] = b->tv[j]; }
        return;
    }
}

int action_apply(GameState *s, Game *g, int p, const Action *a, int free_mana)
{
    if (a->type == ACT_PASS) return MTG_OK;
    if (!is_legal(s, p, a, free_mana)) return ERR_ILLEGAL_ACTION;
    return apply(s, g, p, a, free_mana);
}

int action_apply_listed(GameState *s, Game *g, int p, const Action *a)
{
    return a->type == ACT_PASS ? MTG_OK : apply(s, g, p, a, 0);
}

/* 602.2b, 701.8: the cards action a discards as a cost (TK_DISCARD, hand
 * indices), the highest first so that the others keep their place. */
static void pay_discards(GameState *s, Game *g, int p, const Action *a)
{
    Player *pl = &s->pl[p];
    for (int j = ACTION_TARGETS - 1; j >= 0; j--) {          /* the last slot holds the highest */
        if (a->tk[j] != TK_DISCARD || a->tv[j] >= pl->hand_n) continue;
        int h = a->tv[j];
        uint8_t obj = pl->hand[h];
        memmove(&pl->hand[h], &pl->hand[h + 1], (size_t)(pl->hand_n - h - 1));
        pl->hand_n--;
        card_to_graveyard(s, g, p, obj);
        game_event(g, s, EV_DISCARD, p, 0, 0, OBJ_CARD(s, p, obj), 0, 0);
        trigger_event(s, TR_DISCARD, NO_SLOT, 0, p, p, 0);
    }
}

/* 602.2b: player p exiles n cards from its graveyard to pay a cost, each
 * its choice (CH_GY_EXILE) among those still there; can_pay_other saw
 * that there are enough. */
static void pay_gy_exile(GameState *s, Game *g, int p, int n, uint16_t card)
{
    const Policy *pol = g->policy[p];
    for (; n > 0; n--) {
        const Player *pl = &s->pl[p];
        uint8_t idx[256];
        int m = 0;
        for (int w = 0; w < 4; w++)
            for (uint64_t bits = pl->gy[w]; bits; bits &= bits - 1) idx[m++] = (uint8_t)(w * 64 + __builtin_ctzll(bits));
        if (!m) return;
        int pick = 0;
        if (m > 1 && pol && pol->choose) {
            Choice ch = { CH_GY_EXILE, card, m, NULL, idx, 0, NULL, 0, 0, 0, 0 };
            pick = pol->choose(pol, s, g, p, g->policy_rng[p], &ch);
            if (pick < 0 || pick >= m) pick = 0;
        }
        gy_leave(s, p, idx[pick]);
        card_to_zone(s, p, idx[pick], ZONE_EXILE);
    }
}

/* Takes legal action a (not a pass). */
static int apply(GameState *s, Game *g, int p, const Action *a, int free_mana)
{
    if (a->type == ACT_LAND) { land_play(s, g, p, a->hand_idx); return MTG_OK; }
    if (a->type == ACT_ACTIVATE && s->cards[s->perm[a->hand_idx].card].ab[a->ability].kind == AB_MANA)
        return mana_activate(s, g, p, a->hand_idx, a->ability, a->x, free_mana);      /* 605.3a: no stack */
    if (s->stack_n >= STACK_MAX) return ERR_CAPACITY;
    StackItem *it = &s->stack[s->stack_n];
    memset(it, 0, sizeof *it);
    it->controller = (uint8_t)p;
    it->x = a->x;
    it->ev_perm = it->lki_att = NO_SLOT;
    if (a->type == ACT_CAST) {
        Player *pl = &s->pl[p];
        uint16_t card = OBJ_CARD(s, p, pl->hand[a->hand_idx]);
        const CardDef *d = &s->cards[card];
        int k = spell_ability(d);
        it->kind = SI_SPELL;
        it->owner = (uint8_t)p;
        it->card = card;
        it->ability = (uint8_t)(k < 0 ? 0xFF : k);
        it->source = NO_SLOT;
        int more = 0;
        if (a->tk[0] == TK_MANY) {                                               /* 601.2c-d */
            const Ability *ab = &d->ab[k];
            Target cand[PERM_MAX + 2];
            int m = many_candidates(s, it, ab, cand);
            if (!many_count_ok(ab, a->n_targets, m, many_amount(ab, a->x)) || !many_choose(s, g, it, ab, a->n_targets))
                return ERR_ILLEGAL_ACTION;
            more = a->n_targets > 1 ? (a->n_targets - 1) * ab->cost.per_target : 0;   /* 601.2e */
        } else {
            item_targets(s, it, a);                                              /* 601.2c */
        }
        if (!free_mana) {                                                        /* 601.2g-h */
            uint8_t col[COLOR_COUNT];
            int generic;
            spell_mana(d, k, a->x, col, &generic);
            mana_pay_cost(s, g, p, col, generic + more, -1);
        }
        it->obj = hand_take(pl, a->hand_idx);
        pl->flags |= PL_CAST;
        it->ts = state_ts(s);
        s->stack_n++;
        if (k >= 0 && d->ab[k].kind == AB_SPELL && d->ab[k].cost.sac_n && a->tk[ACTION_TARGETS - 1] == TK_SAC) {
            int v = a->tv[ACTION_TARGETS - 1];
            it->ev_amount = (int16_t)perm_power(s, v);                           /* its last known power */
            perm_leave(s, g, v, ZONE_GRAVEYARD);                                  /* 601.2h: the additional cost */
        }
        game_event(g, s, EV_CAST, p, 0, 0, card, 0, 0);
        trigger_cast(s, it);                                                     /* 601.2i */
        if (it->n_targets) triggers_targeted(s, it);
        return MTG_OK;
    }
    if (a->type == ACT_GY_ACTIVATE) {                                            /* 113.6, 602.2 */
        uint16_t card = OBJ_CARD(s, p, a->hand_idx);
        const Ability *ab = &s->cards[card].ab[a->ability];
        it->kind = SI_ABILITY;
        it->owner = (uint8_t)p;
        it->obj = OBJ_NONE;
        it->card = card;
        it->ability = a->ability;
        it->source = NO_SLOT;
        /* Its source, a card in a graveyard: the slot after the targets,
         * which a card leaving the graveyard marks gone (zone.c's gy_leave:
         * a new object if it comes back, 400.7). */
        it->t[ITEM_TARGETS - 1] = (Target){ TK_CARD, a->hand_idx, (uint8_t)p, 0, CARD_TARGET_HERE };
        if (!free_mana) mana_pay_cost(s, g, p, ab->cost.color, ab->cost.generic, -1);
        it->ts = state_ts(s);
        s->stack_n++;
        game_event(g, s, EV_ACTIVATE, p, NO_SLOT, 0, card, a->ability, 0);
        return MTG_OK;
    }
    /* ACT_ACTIVATE */
    int i = a->hand_idx;
    uint16_t card = s->perm[i].card;                 /* the card the ability is printed on */
    const Ability *ab = &s->cards[card].ab[a->ability];
    /* An Aura's "Enchanted creature has '...'": the creature is the source (613.1f) */
    if (ab->granted == GRANT_ATTACHED) i = s->px[i].attached;
    Permanent *q = &s->perm[i];
    it->kind = SI_ABILITY;
    it->owner = (uint8_t)p;
    it->obj = OBJ_NONE;
    it->card = card;
    it->ev_card = q->card;                           /* the source's own card (item_source_card) */
    it->ability = a->ability;
    it->source = (uint8_t)i;
    it->source_ts = s->px[i].ts;
    if (a->tk[0] == TK_MANY) {                                                   /* 602.2b, 601.2c */
        Target cand[PERM_MAX + 2];
        if (!many_count_ok(ab, a->n_targets, many_candidates(s, it, ab, cand), many_amount(ab, a->x)) ||
            !many_choose(s, g, it, ab, a->n_targets))
            return ERR_ILLEGAL_ACTION;
    } else {
        item_targets(s, it, a);
    }
    /* The payer leaves the source untapped when it can (a land animating
     * itself keeps its own mana ability unused, to attack): the player's
     * choice of mana abilities, 601.2g, 602.2b. A source that makes no
     * mana (most) is kept without asking: the payment is the same. */
    if (!free_mana) {
        int generic = ab->cost.generic + a->x * ab->cost.x;
        int keep = ab->cost.tap || !mana_unit_source(s, p, i) || mana_can_pay_cost(s, p, ab->cost.color, generic, i) ? i : -1;
        mana_pay_cost(s, g, p, ab->cost.color, generic, keep);
    }
    if (ab->cost.discard_n) pay_discards(s, g, p, a);
    if (ab->cost.exile_gy) pay_gy_exile(s, g, p, ab->cost.exile_gy, q->card);
    if (ab->cost.tap) { q->flags |= PF_TAPPED; trigger_tapped(s, i); }
    if (ab->timing & (TM_ONCE | TM_TWICE)) {                                    /* 602.5b */
        if (s->px[i].xflags & PX_USED) s->used_twice |= PERMSET_BIT(i);
        else { s->px[i].xflags |= PX_USED; s->used_twice &= ~PERMSET_BIT(i); }
    }
    if (ab->cost.remove_counters) { q->plus = (uint8_t)(q->plus - ab->cost.remove_counters); layers_changed(s, i); }
    if (ab->kind == AB_LOYALTY) {                          /* 606.4: loyalty counters put on or removed */
        int v = q->loyalty + (ab->cost.x ? -(int)a->x : ab->cost.loyalty);
        q->loyalty = (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v);
        s->pw_used |= PERMSET_BIT(i);                      /* 606.3 */
        s->sba_pending = 1;                                /* 704.5i: at 0 it goes as the ability waits */
    }
    it->ts = state_ts(s);
    s->stack_n++;
    game_event(g, s, EV_ACTIVATE, p, i, 0, card, a->ability, 0);
    if (ab->cost.sac_n && a->tk[ACTION_TARGETS - 1] == TK_SAC) perm_leave(s, g, a->tv[ACTION_TARGETS - 1], ZONE_GRAVEYARD);
    if (ab->cost.sac_self) perm_leave(s, g, i, ZONE_GRAVEYARD);
    if (ab->cost.exile_self) perm_leave(s, g, i, ZONE_EXILE);
    /* Activated once its costs are paid (602.2i): what a cost sacrificed
     * is no longer there to become a target. */
    if (it->n_targets) triggers_targeted(s, &s->stack[s->stack_n - 1]);
    return MTG_OK;
}

/* ---- resolving (608) ---- */

/* 608.3: a permanent spell enters the battlefield; an Aura whose target
 * became illegal is countered on resolution (608.3b) to the graveyard. */
static int resolve_permanent(GameState *s, Game *g, StackItem *it)
{
    const CardDef *d = &s->cards[it->card];
    int aura = it->ability != 0xFF && it->ability < d->n_abilities && d->ab[it->ability].kind == AB_ENCHANT;
    if (aura && !spell_target_legal(s, it, &d->ab[it->ability], 0, it->t[0])) {
        card_to_graveyard(s, g, it->owner, it->obj);
        return 0;
    }
    int i = perm_enter_x(s, g, it->controller, it->owner, it->card, it->obj, it->x);
    if (i < 0) { card_to_zone(s, it->owner, it->obj, ZONE_GRAVEYARD); game_fail(s, g, ERR_CAPACITY); return 1; }
    if (aura) { s->px[i].attached = it->t[0].v; layers_changed(s, it->t[0].v); }   /* 303.4f */
    if (s->layers_dirty) layers_refresh(s);          /* once, the Aura attached (perm_enter_x) */
    return 1;
}

/* 702.6a: equip attaches the source to the target creature. */
static int resolve_equip(GameState *s, StackItem *it)
{
    int src = it->source, c = it->t[0].v;
    if (src == NO_SLOT || !permset_has(s->perm_used, src) || s->px[src].ts != it->source_ts) return 1;
    if (!permset_has(s->perm_ctl[it->controller], c) || s->px[c].ts != it->t[0].ts || !perm_is_creature(s, c) ||
        (s->px[c].rules & (1u << RULE_SHROUD)))
        return 0;
    if (s->px[src].attached != NO_SLOT) layers_changed(s, s->px[src].attached);   /* moved from it */
    s->px[src].attached = (uint8_t)c;
    layers_changed(s, c);
    return 1;
}

void stack_resolve_top(GameState *s, Game *g)
{
    const StackItem *top = &s->stack[s->stack_n - 1];
    game_event(g, s, EV_RESOLVE, top->controller, top->source, top->kind, top->card, top->ability, 0);
    StackItem it = s->stack[--s->stack_n];
    const CardDef *d = &s->cards[it.card];
    int ok;
    if (it.kind == SI_SPELL && !(d->types & (TYPE_INSTANT | TYPE_SORCERY))) {
        /* resolve_permanent refreshed the layers with the permanent in
         * (an Aura attached). */
        ok = resolve_permanent(s, g, &it);
        if (!ok) s->layers_dirty = 1;
    } else if (it.kind == SI_ABILITY && d->ab[it.ability].kind == AB_EQUIP) {
        ok = resolve_equip(s, &it);
    } else {
        ok = effect_resolve(s, g, &it);
        if (it.kind == SI_SPELL) card_to_graveyard(s, g, it.owner, it.obj);   /* 608.2k */
    }
    if (!ok) game_event(g, s, EV_FIZZLE, it.controller, it.source, it.kind, it.card, it.ability, 0);
    s->last_result = (uint8_t)(ok ? RES_RESOLVED : RES_FIZZLED);
    /* What an effect changes that the layers read flags them itself: a
     * permanent entering or leaving, a continuous effect, counters, an
     * attachment, a card put into a graveyard (layers_touch); life and the
     * other conditions are checked as they are (layers_stale). What the
     * state-based actions look at is flagged likewise (sba_pending): by
     * damage, a permanent entering, an attachment or what it is on leaving,
     * the layers' results (layers_recompute), untapping under an Aura that
     * reads it (sba_state_auras); the players' life, poison and draws are
     * looked at every time. */
}

/* ---- priority (117) ---- */

/* 117.5: state-based actions, then triggered abilities, until neither. */
static void settle(GameState *s, Game *g)
{
    if (settled_now(s, g)) return;
    /* A capacity reached where no Game was at hand (a trigger with no room
     * to wait, a card with no room in a hand) ends the game here, with its
     * events, as every other capacity draw. */
    if (s->error == ERR_CAPACITY && !s->over) { game_fail(s, g, ERR_CAPACITY); return; }
    do {
        layers_refresh(s);
        /* The permanents are looked at when something changed them
         * (sba_pending: damage, counters, a new permanent, the layers'
         * results); the players always. */
        if (g->check && sba_missed(s, g)) {
            static const char msg[] = "a state-based action applied with sba_pending clear";
            if (!g->check_failed) memcpy(g->check_msg, msg, sizeof msg);
            g->check_failed++;
        }
        sba_apply_some(s, g, 0);
        layers_refresh(s);
    } while (!s->over && triggers_put(s, g));
}

void priority_quiet_make(const GameState *s, Game *g)
{
    unsigned q = ~0u;
    for (int p = 0; p < 2; p++) {
        const Policy *pol = g->policy[p];
        if (pol) q &= pol->quiet ? pol->quiet(pol, s) : 0u;
        g->tricks_steps[p] = (uint16_t)(pol && pol->tricks ? pol->tricks(pol, s) : 0u);
        g->quiet_of[p] = pol;
    }
    g->quiet_spells = s->spells;
    g->quiet_steps = (uint16_t)q;
}

/* Check mode: a policy that looked at something in a step both policies
 * called quiet (Policy.quiet), with the stack empty, is a failure. */
static void check_quiet(const GameState *s, Game *g, int look)
{
    if (look == LOOK_PASS || s->stack_n || !(priority_quiet(s, g) >> s->step & 1)) return;
    static const char msg[] = "priority: a policy looks in a step it called quiet";
    if (!g->check_failed) memcpy(g->check_msg, msg, sizeof msg);
    g->check_failed++;
}

/* Check mode: actions_surely_none said player p has nothing to do (but
 * tricks, with `tricks`): the list it spared is passing alone, or with
 * tricks only such that p's policy passes (asked with a copy of its
 * randomness: the game goes on as it would without the check). */
static __attribute__((noinline)) void check_none(const GameState *s, Game *g, int p, int tricks)
{
    Action acts[ACTION_MAX];
    int n = actions_spells(s, p, acts, 0);
    if (n == 1) return;
    const char *msg = "priority: actions_surely_none, but actions to take";
    if (tricks) {
        Rng r = *g->policy_rng[p];
        const Policy *pol = g->policy[p];
        int k = pol->main_action(pol, s, g, p, &r, acts, n);
        if (k == 0 || (k > 0 && k < n && acts[k].type == ACT_PASS)) return;
        msg = "priority: a policy that passes on tricks took one";
    }
    if (!g->check_failed) memcpy(g->check_msg, msg, strlen(msg) + 1);   /* both fit check_msg */
    g->check_failed++;
}

/* actions_surely_none, verified in check mode; tricks count as nothing
 * where p's policy passes on them alone (Policy.tricks). Inline at each
 * of priority_looked's looks. */
static inline __attribute__((always_inline)) int surely_none(const GameState *s, Game *g, int p)
{
    int tricks = !s->stack_n && (priority_tricks(s, g, p) >> s->step & 1);
    if (!actions_surely_none(s, p, tricks)) return 0;
    if (g->check) check_none(s, g, p, tricks);
    return 1;
}

/* What player p does with priority (117.3): PRIO_PASS, PRIO_ACTED (an
 * action taken: p keeps priority, 117.3c), or PRIO_FAILED (the game ended
 * as an error). `look`: p's policy's answer to looks here, or LOOK_ASK
 * (not asked yet). Inlined at each of priority_looked's calls. */
enum { PRIO_PASS, PRIO_ACTED, PRIO_FAILED };
static inline __attribute__((always_inline)) int take_priority(GameState *s, Game *g, int p, Action *acts, int look)
{
    /* Check mode verifies the state here; outside it, not even the call is made. */
    if (g->check) game_check_state(s, g);
    /* With no policy, or one that passes here whatever is legal, the
     * legal actions are not listed (n 1: passing alone, acts[0] of a
     * list). */
    const Policy *pol = g->policy[p];
    if (look == LOOK_ASK) look = priority_look(s, g, p);
    if (g->check) check_quiet(s, g, look);
    if (look == LOOK_PASS || surely_none(s, g, p)) return PRIO_PASS;
    int n = look == LOOK_LAND ? actions_lands(s, p, acts) : 1, k = 0;
    if (n == 1) n = actions_spells(s, p, acts, 0);
    if (n > 1) k = pol->main_action(pol, s, g, p, g->policy_rng[p], acts, n);
    if (k < 0 || k >= n) { game_fail(s, g, ERR_ILLEGAL_ACTION); return PRIO_FAILED; }
    if (n == 1 || acts[k].type == ACT_PASS) return PRIO_PASS;
    int err = apply(s, g, p, &acts[k], 0);
    if (err) { game_fail(s, g, err); return PRIO_FAILED; }
    return PRIO_ACTED;
}

void priority_looked(GameState *s, Game *g, int p, int look)
{
    Action acts[ACTION_MAX];
    if (p != s->active) {                   /* the active player passed: the other's answer */
        int r = take_priority(s, g, p, acts, look);
        if (r != PRIO_ACTED) return;        /* 500.2: both passed, the stack empty */
        look = LOOK_ASK;                    /* 117.3c: p keeps priority */
    }
    /* Written out for the player who has priority and for the other after
     * a pass: each test of what a player did is a branch of its own, which
     * the predictor learns (the first most often a pass, the second most
     * often the step's end), where one test taken twice alternated. */
    while (!s->over) {
        settle(s, g);
        if (s->over) return;
        int r = take_priority(s, g, p, acts, look);
        look = LOOK_ASK;
        if (r == PRIO_ACTED) continue;                                      /* 117.3c */
        if (r == PRIO_FAILED) return;
        /* 117.3d: the other player. A pass changes nothing: the state is
         * as settled as it was (no state-based action applies, no trigger
         * waits), and the game still on. */
        r = take_priority(s, g, 1 - p, acts, LOOK_ASK);
        if (r == PRIO_ACTED) { p = 1 - p; continue; }                       /* 117.3c */
        if (r == PRIO_FAILED) return;
        if (!s->stack_n) return;                                            /* 500.2 */
        stack_resolve_top(s, g);                                            /* 117.4, 608 */
        p = s->active;                                                      /* 117.3b */
    }
}
