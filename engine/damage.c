/* damage.c: noncombat damage (119.3, 119.4, 615, 702.16e). */
#include "damage.h"
#include "layers.h"
#include "stack.h"
#include "ability.h"
#include "policy.h"

/* Asks player `who` a choice (ChoiceKind kind, n options, idx, the
 * damage) and returns the option, 0 when it has no policy or answers out
 * of range. */
static int ask(const GameState *s, const Game *g, int who, int kind, uint16_t card, int n, const uint8_t *idx,
               int amount)
{
    const Policy *pol = g->policy[who];
    if (!pol || !pol->choose) return 0;
    Choice ch = { .kind = (uint8_t)kind, .card = card, .n = n, .idx = idx, .arg = amount };
    int k = pol->choose(pol, s, g, who, g->policy_rng[who], &ch);
    return k < 0 || k >= n ? 0 : k;
}

/* 306.7 (2011): noncombat damage that would be dealt to player p by a
 * source an opponent of p controls may be dealt to a planeswalker p
 * controls instead, as the source's controller chooses when the effect
 * applies (a redirection, 614.9). With a prevention shield on p as well,
 * p orders the two (616.1). Returns the planeswalker's slot, or -1: the
 * player (*amt may have been prevented in part). Foundations has no such
 * rule: damage to a player stays with the player. */
static int redirect(GameState *s, const Game *g, const DamageSource *src, int p, int *amt)
{
    uint8_t opt[PERM_MAX + 1];
    int n = 0;
    opt[n++] = NO_SLOT;
    for (PermIter it = permset_iter(s->perm_ctl[p]); permiter_more(&it);) {
        int i = permiter_next(&it);
        if (perm_is_planeswalker(s, i)) opt[n++] = (uint8_t)i;
    }
    if (n == 1) return -1;
    Player *pl = &s->pl[p];
    /* 616.1: with a shield too, the player orders the two, unless damage can't be prevented (Leyline of Punishment) */
    if (!src->no_prevent && !state_no_prevention(s) && pl->prevent > 0 &&
        ask(s, g, p, CH_PREVENT_FIRST, src->card, 2, NULL, *amt) == 0) {
        int stop = pl->prevent < *amt ? pl->prevent : *amt;
        pl->prevent = (int16_t)(pl->prevent - stop);
        *amt -= stop;
        if (*amt <= 0) return -1;
    }
    int k = ask(s, g, src->controller, CH_REDIRECT, src->card, n, opt, *amt);
    return k ? opt[k] : -1;
}

int damage_player_shields_of(const GameState *s, int p)
{
    int n = 0;
    for (PermIter it = permset_iter(s->perm_ctl[p]); permiter_more(&it);) {
        int i = permiter_next(&it);
        if (!(s->px[i].abk & PK_STATIC)) continue;                          /* no static ability */
        const CardDef *d = &s->cards[s->perm[i].card];
        for (int k = 0; k < d->n_abilities; k++) {
            const Ability *a = &d->ab[k];
            if (a->kind == AB_STATIC && !a->cond && a->n_effects == 1 && a->effect[0].op == OP_PREVENT_NEXT &&
                a->effect[0].who == SEL_YOU && a->effect[0].sel.ctl == CTL_OPP)
                n += a->effect[0].n.n;
        }
    }
    return n;
}

int damage_attached_prevents(const GameState *s, int i, int by, int combat)
{
    if (s->spells & SPELLS_NO_WARDS) return 0;
    for (PermIter it = permset_iter(s->perm_used); permiter_more(&it);) {
        int j = permiter_next(&it);
        if ((s->px[j].abk & (PK_ATTACH | PK_STATIC)) != (PK_ATTACH | PK_STATIC) || s->px[j].attached != i) continue;
        const CardDef *d = &s->cards[s->perm[j].card];
        for (int k = 0; k < d->n_abilities; k++) {
            const Ability *a = &d->ab[k];
            for (int e = 0; a->kind == AB_STATIC && !a->cond && e < a->n_effects; e++) {
                const Effect *f = &a->effect[e];
                if (f->op != OP_PREVENT_ALL || f->who != SEL_ATTACHED) continue;
                if (by && !(f->arg2 & PREVENT_DEALT_BY)) continue;
                if (combat && (f->arg2 & PREVENT_NONCOMBAT)) continue;
                return 1;
            }
        }
    }
    return 0;
}

int damage_doublers_of(const GameState *s)
{
    int n = 0;
    for (PermIter it = permset_iter(s->perm_used); permiter_more(&it);) {
        int i = permiter_next(&it);
        if (!(s->px[i].abk & PK_STATIC)) continue;
        const CardDef *d = &s->cards[s->perm[i].card];
        for (int k = 0; k < d->n_abilities; k++) {
            const Ability *a = &d->ab[k];
            n += a->kind == AB_STATIC && !a->cond && a->n_effects == 1 && a->effect[0].op == OP_DOUBLE_DAMAGE &&
                 a->effect[0].who == SEL_NONE;
        }
    }
    return n;
}

/* Adds creature c to out[0 .. n-1] once; returns the new n. */
static int add_once(uint8_t *out, int n, int c)
{
    for (int j = 0; j < n; j++) if (out[j] == c) return n;
    out[n] = (uint8_t)c;
    return n + 1;
}

/* The creatures the redirection effects of player p would deal damage
 * dealt to p to instead (614.9), at most PERM_MAX: the creature each of
 * p's Pariahs enchants; for combat damage by an unblocked creature
 * (`unblocked`), each Kjeldoran Royal Guard p activated this turn. A
 * creature gone, or no longer a creature, is none (614.9: the effect does
 * nothing). */
static int redirections(const GameState *s, int p, int unblocked, uint8_t *out)
{
    int n = 0;
    for (int j = 0; unblocked && j < s->float_n; j++) {
        const Floating *f = &s->fl[j];
        if (f->op == OP_REDIRECT && f->controller == p && permset_has(s->perm_used, f->slot) &&
            s->px[f->slot].ts == f->perm_ts && perm_is_creature(s, f->slot))
            n = add_once(out, n, f->slot);
    }
    for (PermIter it = permset_iter(s->perm_ctl[p]); permiter_more(&it);) {
        int i = permiter_next(&it);
        if (!(s->px[i].abk & PK_STATIC)) continue;
        const CardDef *d = &s->cards[s->perm[i].card];
        for (int k = 0; k < d->n_abilities; k++) {
            const Ability *a = &d->ab[k];
            if (a->kind != AB_STATIC || a->cond || a->n_effects != 1 || a->effect[0].op != OP_REDIRECT ||
                a->effect[0].who != SEL_YOU || a->effect[0].arg2 != REDIRECT_ATTACHED)
                continue;
            int c = s->px[i].attached;
            if (c == NO_SLOT || !permset_has(s->perm_used, c) || !perm_is_creature(s, c)) continue;
            n = add_once(out, n, c);
        }
    }
    return n;
}

int damage_redirect(GameState *s, const Game *g, int p, int src_ctl, uint16_t card, int unblocked, int no_prevent,
                    int *amt)
{
    if (s->spells & SPELLS_NO_REDIRECT) return -1;
    uint8_t to[PERM_MAX];
    int n = redirections(s, p, unblocked, to);
    if (!n) return -1;
    no_prevent |= state_no_prevention(s);
    if (!no_prevent) {
        /* 616.1: the player orders the effects. Its "prevent all damage that would be dealt
         * to you" and its static preventions first (Guardian Seraph, which is not used up):
         * less damage redirected, never more */
        if ((s->pl_rules[p] & PR_NO_DAMAGE) || damage_all_prevented(s, -1, p)) { *amt = 0; return -1; }
        *amt -= damage_player_shields(s, p, src_ctl);
        if (*amt <= 0) return -1;
        /* a shield of "the next N damage": the player orders the two (0: the shield first,
         * the rest redirected; 1: all of it redirected, the shield kept) */
        Player *pl = &s->pl[p];
        if (pl->prevent > 0 && ask(s, g, p, CH_PREVENT_FIRST, card, 2, NULL, *amt) == 0) {
            int stop = pl->prevent < *amt ? pl->prevent : *amt;
            pl->prevent = (int16_t)(pl->prevent - stop);
            *amt -= stop;
            if (*amt <= 0) return -1;
        }
    }
    /* 616.1: of several redirections, the one the player chooses applies; the damage is then
     * dealt to a creature, not to the player, and the others no longer apply to it */
    return to[n > 1 ? ask(s, g, p, CH_REDIRECT_OWN, card, n, to, *amt) : 0];
}

int damage_deal(GameState *s, const Game *g, const DamageSource *src, int i, int p, int amt)
{
    if (amt <= 0) return 0;
    int no_prevent = src->no_prevent || state_no_prevention(s);           /* Leyline of Punishment */
    /* 615: what prevents all the source's damage, whatever it would be dealt to (a
     * redirection, 306.7, would change nothing of it): Luminesce's colors, Heart of
     * Light on the source (609.7a: a permanent whose ability deals the damage) */
    if (!no_prevent && (damage_color_prevented(s, src->colors) ||
                        (src->slot != NO_SLOT && damage_attached_prevents(s, src->slot, 1, 0))))
        return 0;
    /* Pariah (614.9): the same source's damage, dealt to the creature instead. Applied before
     * 306.7's redirection to a planeswalker: the damaged player orders the two (616.1), and
     * this order, one of those the rules allow, leaves the player's life and planeswalkers
     * whole */
    if (i < 0 && !(s->spells & SPELLS_NO_REDIRECT)) {
        int to = damage_redirect(s, g, p, src->controller, src->card, 0, src->no_prevent, &amt);
        if (to >= 0) return damage_deal(s, g, src, to, p, amt);
        if (amt <= 0) return 0;
    }
    if (i < 0 && s->edition == EDITION_2011 && p != src->controller) {
        int to = redirect(s, g, src, p, &amt);
        if (to >= 0) return damage_deal(s, g, src, to, p, amt);
        if (amt <= 0) return 0;
    }
    int doubled = src->doubled + damage_doublers(s);                       /* Fire Servant, Furnace of Rath */
    unsigned flags = DMG_NONCOMBAT;
    if (src->kw & KW_DEATHTOUCH) flags |= DMG_DEATHTOUCH;
    if (src->kw & KW_LIFELINK) flags |= DMG_LIFELINK;
    if (src->kw & KW_INFECT) flags |= DMG_INFECT;
    if (src->kw & KW_WITHER) flags |= DMG_WITHER;
    if (i >= 0) {
        Permanent *q = &s->perm[i];
        Quality pq = quality_of_card(&s->cards[src->card]);
        pq.colors = src->colors;
        if (src->slot != NO_SLOT && perm_is_creature(s, src->slot)) pq.types |= TYPE_CREATURE;
        if (!no_prevent) {                                                     /* 615 */
            if (layers_protected(s, i, &pq) || perm_prevents_all(s, i) || damage_all_prevented(s, i, 0) ||
                damage_attached_prevents(s, i, 0, 0))                              /* Heart of Light, Magebane Armor */
                return 0;                                                           /* 702.16e */
            int stop = q->prevent < amt ? q->prevent : amt;
            q->prevent = (uint8_t)(q->prevent - stop);
            amt -= stop;
            if (amt <= 0) return 0;
        }
        for (int k = 0; k < doubled && amt < 10000; k++) amt *= 2;          /* 616.1: after prevention */
        int pw = perm_is_planeswalker(s, i) && !perm_is_creature(s, i);
        game_event(g, s, EV_DAMAGE, src->controller, src->slot, i, src->card, amt, (int)(flags | (pw ? DMG_TO_PW : 0)));
        if (pw) {                                                                   /* 120.3c */
            q->loyalty = (uint8_t)(q->loyalty > amt ? q->loyalty - amt : 0);
        } else if (flags & (DMG_INFECT | DMG_WITHER)) {                             /* 120.3d */
            int v = q->minus + amt;
            v = v > 255 ? 255 : v;
            q->power = (int16_t)(q->power - (v - q->minus));
            q->toughness = (int16_t)(q->toughness - (v - q->minus));
            q->minus = (uint8_t)v;
        } else {                                                                    /* 120.3e */
            int v = q->damage + amt;
            q->damage = (uint8_t)(v > 255 ? 255 : v);
        }
        if (flags & DMG_DEATHTOUCH) q->flags |= PF_DEATHTOUCHED;
        s->sba_pending = 1;                            /* 704.5f-i (a player's life and poison: looked at always) */
        trigger_damage_record(s, src->slot, i);                                     /* Sengir Vampire */
        if (s->px[i].abk & PK_TRIGGERED)                                            /* Belltower Sphinx */
            trigger_event_on(s, TR_DEALT_DAMAGE, i, NO_SLOT, src->controller, amt);
    } else {
        Player *pl = &s->pl[p];
        if (!no_prevent && ((s->pl_rules[p] & PR_NO_DAMAGE) || damage_all_prevented(s, -1, p))) return 0;
        /* 615, 616.1: the player's choice of order; a static prevention first leaves
         * more of a "next N damage" shield, never less */
        if (!no_prevent) amt -= damage_player_shields(s, p, src->controller);
        if (amt <= 0) return 0;
        int stop = no_prevent ? 0 : pl->prevent < amt ? pl->prevent : amt;
        pl->prevent = (int16_t)(pl->prevent - stop);
        amt -= stop;
        if (amt <= 0) return 0;
        for (int k = 0; k < doubled && amt < 10000; k++) amt *= 2;          /* 616.1: after prevention */
        game_event(g, s, EV_DAMAGE, src->controller, src->slot, TARGET_PLAYER, src->card, amt,
                   (int)(flags | (p == src->controller ? DMG_TO_CONTROLLER : 0)));
        if (flags & DMG_INFECT) {                                                   /* 120.3b */
            int v = pl->poison + amt;
            pl->poison = (uint8_t)(v > 255 ? 255 : v);
            game_event(g, s, EV_POISON, p, src->slot, 0, 0, amt, DMG_NONCOMBAT);
        } else {                                                                    /* 120.3a */
            int v = pl->life - amt;
            pl->life = (int16_t)(v < -30000 ? -30000 : v);
            game_event(g, s, EV_LIFE, p, src->slot, 0, 0, -amt, 0);
        }
        s->damaged_opp |= (uint8_t)(1u << p);
        if (src->slot != NO_SLOT && p != src->controller) trigger_event_on(s, TR_DAMAGE_OPPONENT, src->slot, NO_SLOT, p, amt);
        trigger_event(s, TR_PLAYER_NONCOMBAT_DAMAGE, NO_SLOT, 0, p, p, amt);      /* Chandra's Spitfire */
        trigger_gy_damage(s, p, src->card, src->colors, src->controller);         /* Chandra's Phoenix */
    }
    if ((flags & DMG_LIFELINK) && !(s->pl_rules[src->controller] & PR_NO_GAIN)) {   /* 120.3f */
        int v = s->pl[src->controller].life + amt;
        s->pl[src->controller].life = (int16_t)(v > 30000 ? 30000 : v);
        game_event(g, s, EV_LIFE, src->controller, 0, 0, 0, amt, DMG_LIFELINK);
        trigger_event(s, TR_GAIN_LIFE, NO_SLOT, 0, src->controller, src->controller, amt);
    }
    return amt;
}
