/* zone.c: permanents entering and leaving, cards changing zones. */
#include "zone.h"
#include "layers.h"
#include "stack.h"
#include "effect.h"
#include "library.h"

/* enter's `others`: 0, no abilities that trigger on another permanent
 * entering; 1, those, with the layers refreshed; ENTER_OTHERS_UNSEEN,
 * those, the layers left to the caller when no card of the game has one
 * (GameState.trig_absent: trigger_event would queue none). */
enum { ENTER_OTHERS_UNSEEN = 2 };
static int enter(GameState *s, const Game *g, int ctl, int owner, uint16_t card, uint8_t obj, int others, int xv);

int perm_enter(GameState *s, const Game *g, int ctl, int owner, uint16_t card, uint8_t obj)
{
    return enter(s, g, ctl, owner, card, obj, 1, 0);
}

/* The record (Floating `op`: FL_CHOSEN, FL_COLOR) of what player ctl
 * chose as permanent i entered: a creature type `sub`, a color `kw`. */
static void choice_record(GameState *s, int op, int i, int ctl, uint8_t sub, uint16_t kw)
{
    Floating f;
    memset(&f, 0, sizeof f);
    f.op = (uint8_t)op;
    f.dur = DUR_FOREVER;
    f.slot = (uint8_t)i;
    f.controller = (uint8_t)ctl;
    f.sub = sub;
    f.kw = kw;
    f.perm_ts = s->px[i].ts;
    f.ts = state_ts(s);
    if (floating_add(s, &f) < 0) s->error = ERR_CAPACITY;   /* the game ends at the next priority */
}

/* 614.12: "As ~ enters the battlefield, choose a creature type": player
 * ctl chooses among the creature types of the game's cards (both decks'
 * creatures and the tokens their abilities make: a type no card has is
 * like any other absent one), those most of ctl's creatures have first
 * (the engine's default, option 0); kept as a Floating FL_CHOSEN. */
static void choose_type(GameState *s, const Game *g, int ctl, int i)
{
    uint8_t opt[SUBTYPE_CHOSEN];                     /* every id a table holds (1 .. 254) */
    int n = 0, mine[SUBTYPE_CHOSEN];
    for (int p = 0; p < 2; p++)
        for (int o = 0; o < s->pl[p].deck_n; o++) {
            const CardDef *d = &s->cards[s->pl[p].deck[o]];
            uint8_t ids[CARD_SUBTYPE_MAX + 2 * 6];
            int m = 0;
            if (d->types & TYPE_CREATURE)
                for (int k = 0; k < CARD_SUBTYPE_MAX && d->subtype[k]; k++) ids[m++] = d->subtype[k];
            for (int k = 0; k < d->n_abilities; k++)
                for (int e = 0; e < d->ab[k].n_effects; e++)
                    if (d->ab[k].effect[e].op == OP_TOKEN && d->ab[k].effect[e].token.subtype && m < (int)sizeof ids)
                        ids[m++] = d->ab[k].effect[e].token.subtype;
            for (int k = 0; k < m; k++) {
                int j = 0;
                while (j < n && opt[j] != ids[k]) j++;
                if (j == n && n < SUBTYPE_CHOSEN) { opt[n] = ids[k]; mine[n++] = 0; }
            }
        }
    if (!n) return;
    for (PermIter it = permset_iter(s->perm_ctl[ctl]); permiter_more(&it);) {
        int j = permiter_next(&it);
        if (j == i || !perm_is_creature(s, j)) continue;
        const CardDef *d = perm_def(s, j);
        for (int k = 0; k < n; k++)
            for (int t = 0; t < CARD_SUBTYPE_MAX && d->subtype[t]; t++) mine[k] += d->subtype[t] == opt[k];
    }
    for (int a = 1; a < n; a++)                      /* most first, then by id */
        for (int b = a; b > 0 && (mine[b] > mine[b - 1] || (mine[b] == mine[b - 1] && opt[b] < opt[b - 1])); b--) {
            int t = mine[b]; mine[b] = mine[b - 1]; mine[b - 1] = t;
            uint8_t u = opt[b]; opt[b] = opt[b - 1]; opt[b - 1] = u;
        }
    int pick = 0;
    const Policy *pol = g ? g->policy[ctl] : NULL;
    if (n > 1 && pol && pol->choose) {
        Choice ch = { CH_CREATURE_TYPE, s->perm[i].card, n, NULL, opt, 0, NULL, 0, 0, 0, 0 };
        pick = pol->choose(pol, s, g, ctl, g->policy_rng[ctl], &ch);
        if (pick < 0 || pick >= n) pick = 0;
    }
    choice_record(s, FL_CHOSEN, i, ctl, opt[pick], 0);
}

/* 614.12: "As ~ enters the battlefield, choose a color." Player ctl
 * chooses among the five (option 0, white, by default); kept as a
 * Floating FL_COLOR. */
static void choose_color(GameState *s, const Game *g, int ctl, int i)
{
    int pick = 0;
    const Policy *pol = g ? g->policy[ctl] : NULL;
    if (pol && pol->choose) {
        Choice ch = { CH_COLOR, s->perm[i].card, 5, NULL, NULL, 0, NULL, 0, 0, 0, 0 };
        pick = pol->choose(pol, s, g, ctl, g->policy_rng[ctl], &ch);
        if (pick < 0 || pick >= 5) pick = 0;
    }
    choice_record(s, FL_COLOR, i, ctl, 0, (uint16_t)(1u << pick));
}

int perm_enter_with(GameState *s, const Game *g, int ctl, int owner, uint16_t card, uint8_t obj, int others)
{
    return enter(s, g, ctl, owner, card, obj, others, 0);
}

int perm_enter_x(GameState *s, const Game *g, int ctl, int owner, uint16_t card, uint8_t obj, int x)
{
    return enter(s, g, ctl, owner, card, obj, ENTER_OTHERS_UNSEEN, x);
}

static int enter(GameState *s, const Game *g, int ctl, int owner, uint16_t card, uint8_t obj, int others, int xv)
{
    int pending = s->sba_pending;
    int i = perm_create(s, ctl, card, obj);
    if (i < 0) return -1;
    const CardDef *d = &s->cards[card];
    PermX *x = &s->px[i];
    memset(x, 0, sizeof *x);
    if (s->pw_used) s->pw_used &= ~PERMSET_BIT(i);                            /* a new object (400.7) */
    x->ts = state_ts(s);
    x->owner = (uint8_t)owner;
    if (ctl != owner) x->xflags |= PX_CTL_OTHER;                              /* 110.2 */
    x->attached = NO_SLOT;
    x->colors = d->colors;
    perm_set_abk(s, i, d);
    /* What a permanent entering may call for besides its toughness (the
     * layers' results, layers_moved below): the legend rule, an Aura's or
     * Equipment's legality (704.5j-n). */
    if (s->spells && !(x->abk & (PK_LEGEND | PK_ATTACH))) s->sba_pending = (uint8_t)pending;
    if (d->types & TYPE_LAND) x->xflags |= PX_LAND;
    if (obj == OBJ_NONE) x->xflags |= PX_TOKEN;                               /* 111.1: no card */
    s->perm[i].flags |= PF_SICK;   /* 302.6: for any permanent (a land may become a creature this turn) */
    for (int k = 0; k < d->n_abilities; k++) {
        const Ability *a = &d->ab[k];
        if (a->kind == AB_ETB_COUNTERS && a->n_effects && (a->effect[0].n.kind == QTY_CONST || a->effect[0].n.kind == QTY_X) &&
            (a->cond == COND_NONE || (a->cond == COND_OPP_DAMAGED && (s->damaged_opp & (1u << (1 - ctl)))))) {
            /* 614.1c, 702.54a; X: its spell's (107.3: 0 if it did not come from the stack) */
            int v = s->perm[i].plus + a->effect[0].n.n * (a->effect[0].n.kind == QTY_X ? xv : 1);
            s->perm[i].plus = (uint8_t)(v > 255 ? 255 : v);
        }
        if (a->kind == AB_CHOOSE_TYPE) choose_type(s, g, ctl, i);                 /* 614.12 */
        if (a->kind == AB_CHOOSE_COLOR) choose_color(s, g, ctl, i);
        if (a->kind == AB_ETB_TAPPED) {                                           /* 614.1c */
            int untapped = 0;
            if (a->trig_filter.types || a->trig_filter.subtype[0])
                untapped = effect_any(s, &a->trig_filter, ctl, i);
            if (!untapped) s->perm[i].flags |= PF_TAPPED;
        }
    }
    layers_moved(s, i, ctl);
    game_event(g, s, EV_ENTER, ctl, i, 0, card, 0, 0);
    if (x->abk & PK_TRIGGERED) trigger_event(s, TR_ETB, i, card, ctl, ctl, 0);   /* its own card's abilities */
    if (!others) return i;
    /* Seen as it is (603.6a) by what triggers on it; with nothing to, the
     * caller of ENTER_OTHERS_UNSEEN refreshes the layers itself. */
    if (others == ENTER_OTHERS_UNSEEN && (s->trig_absent >> TR_OTHER_ETB & 1)) return i;
    if (s->layers_dirty) layers_refresh(s);
    trigger_event(s, TR_OTHER_ETB, i, card, ctl, ctl, 0);
    return i;
}

int land_enter(GameState *s, const Game *g, int p, uint8_t obj, int tapped)
{
    uint16_t card = OBJ_CARD(s, p, obj);
    const CardDef *d = &s->cards[card];
    if (d->produces >= 0 && !d->n_abilities && !state_land_objects(s)) {   /* a basic land: a count */
        Player *pl = &s->pl[p];
        bits256_set(pl->lands, obj);
        pl->lands_n++;
        pl->land_n[d->produces]++;
        if (tapped) pl->land_tapped[d->produces]++;
        layers_touch(s, LR_LANDS);    /* statics that count lands (Armored Ascension's Plains) */
        return NO_SLOT;
    }
    int i = perm_enter(s, g, p, p, card, obj);
    if (i >= 0 && tapped) s->perm[i].flags |= PF_TAPPED;
    return i;
}

void gy_leave(GameState *s, int owner, uint8_t obj)
{
    Player *o = &s->pl[owner];
    bits256_clear(o->gy, obj);
    o->gy_n--;
    for (int k = 0; k < s->stack_n; k++) {                   /* an Aura to return: a new object (400.7) */
        StackItem *it = &s->stack[k];
        if (it->kind == SI_TRIGGER && it->ev_amount == (owner << 8 | obj) && it->ability < s->cards[it->card].n_abilities &&
            s->cards[it->card].ab[it->ability].trigger == TR_ATTACHED_DIES)
            it->ev_amount = -1;
    }
    layers_touch(s, LR_GY);                          /* statics that count graveyards (Mortivore) */
    for (int k = 0; k < s->stack_n; k++)
        for (int j = 0; j < ITEM_TARGETS; j++) {             /* the last: a graveyard ability's own card */
            Target *t = &s->stack[k].t[j];
            if (t->kind == TK_CARD && t->owner == owner && t->v == obj) t->ts = 0;
        }
    for (int k = 0; k < s->pending_n; k++)                   /* a graveyard card's trigger waiting */
        if (s->pend[k].controller == owner && s->pend[k].gy_obj == obj && pend_from_gy(s, &s->pend[k])) s->pend[k].gy_obj = OBJ_NONE;
}

int card_shuffles_instead(const CardDef *d)
{
    for (int k = 0; k < d->n_abilities; k++) {
        const Ability *a = &d->ab[k];
        if (a->kind == AB_STATIC && a->n_effects && a->effect[0].op == OP_RULE && a->effect[0].arg2 == RULE_SHUFFLE_INSTEAD)
            return 1;
    }
    return 0;
}

int card_to_graveyard(GameState *s, const Game *g, int owner, uint8_t obj)
{
    if (obj != OBJ_NONE && card_shuffles_instead(&s->cards[OBJ_CARD(s, owner, obj)]) && g) {
        card_to_zone(s, owner, obj, ZONE_LIBRARY);
        library_shuffle(s, g, owner);                        /* 701.19 */
        return ZONE_LIBRARY;
    }
    card_to_zone(s, owner, obj, ZONE_GRAVEYARD);
    return ZONE_GRAVEYARD;
}

void card_to_zone(GameState *s, int owner, uint8_t obj, int zone)
{
    if (obj == OBJ_NONE) return;
    Player *o = &s->pl[owner];
    switch (zone) {
    case ZONE_GRAVEYARD: bits256_set(o->gy, obj); o->gy_n++; layers_touch(s, LR_GY); break;
    case ZONE_EXILE: bits256_set(s->exile[owner], obj); break;
    case ZONE_LIBRARY: library_put(s, owner, obj, 0); break;
    case ZONE_LIBRARY_BOTTOM: library_put(s, owner, obj, 1); break;
    case ZONE_HAND:
        if (o->hand_n < HAND_MAX) { o->hand[o->hand_n++] = obj; break; }
        bits256_set(o->gy, obj); o->gy_n++;      /* no room: a capacity the game ends on */
        s->error = ERR_CAPACITY;                 /* the game ends at the next priority (stack.c) */
        break;
    default: bits256_set(o->gy, obj); o->gy_n++; layers_touch(s, LR_GY); break;
    }
}

int perm_regenerate(GameState *s, int i)
{
    PermX *x = &s->px[i];
    if (!x->regen || (x->xflags & PX_NO_REGEN)) return 0;
    x->regen--;
    Permanent *q = &s->perm[i];
    if (!(q->flags & PF_TAPPED)) { q->flags |= PF_TAPPED; trigger_tapped(s, i); }   /* it becomes tapped */
    q->damage = 0;
    q->flags &= (uint8_t)~PF_DEATHTOUCHED;
    combat_remove(s, i);
    return 1;
}

/* Does an ability read "its toughness" of its event's object (1), or does
 * that object deal damage, "equal to its power" (2)? */
static int reads_toughness(const Ability *a)
{
    for (int k = 0; k < a->n_effects; k++) {
        if (a->effect[k].n.kind == QTY_EVENT_TOUGHNESS) return 1;
        if (a->effect[k].op == OP_DAMAGE && a->effect[k].arg2 == DMG_BY_EVENT) return 2;
    }
    return 0;
}

/* What abilities waiting or on the stack will need of permanent i once it
 * has left (608.2h): what it was attached to, for their source; its
 * toughness, for their event's object. */
static void last_known(GameState *s, int i)
{
    uint32_t ts = s->px[i].ts;
    uint8_t att = s->px[i].attached;
    uint8_t tapped = (s->perm[i].flags & PF_TAPPED) != 0;
    uint8_t colors = (uint8_t)(LKI_KNOWN | s->px[i].colors);
    uint8_t lore = perm_is_planeswalker(s, i) ? 0 : s->perm[i].loyalty;
    uint32_t att_ts = att != NO_SLOT ? s->px[att].ts : 0;
    int16_t tough = (int16_t)perm_toughness(s, i);
    /* as a source of damage (Warstorm Surge): its power, controller, colors, keywords */
    int16_t power = (int16_t)perm_power(s, i);
    uint8_t ev_lki = (uint8_t)(colors | (perm_controller(s, i) ? EV_LKI_CTL1 : 0u));
    uint16_t kw = s->perm[i].kw, card = s->perm[i].card;
    for (int k = 0; k < s->stack_n; k++) {
        StackItem *it = &s->stack[k];
        if (it->kind != SI_SPELL && it->source == i && it->source_ts == ts) {
            it->lki_att = att; it->lki_att_ts = att_ts; it->lki_tapped = tapped; it->lki_colors = colors;
            it->lki_lore = lore;
        }
        if (it->kind == SI_TRIGGER && it->ev_perm == i && it->ev_ts == ts) {
            int r = reads_toughness(&s->cards[it->card].ab[it->ability]);
            if (r == 1) it->ev_amount = tough;
            if (r == 2) { it->ev_amount = power; it->ev_lki = ev_lki; it->ev_kw = kw; it->ev_card = card; }
        }
    }
    for (int k = 0; k < s->pending_n; k++) {
        Pending *w = &s->pend[k];
        if (w->source == i && w->source_ts == ts) {
            w->lki_att = att; w->lki_att_ts = att_ts; w->lki_tapped = tapped; w->lki_colors = colors;
            w->lki_lore = lore;
        }
        if (w->ev_perm == i && w->ev_ts == ts) {
            int r = reads_toughness(&s->cards[w->card].ab[w->ability]);
            if (r == 1) w->ev_amount = tough;
            if (r == 2) { w->ev_amount = power; w->ev_lki = ev_lki; w->ev_kw = kw; w->ev_card = card; }
        }
    }
}

void perm_leave(GameState *s, const Game *g, int i, int zone)
{
    Permanent *q = &s->perm[i];
    PermX *x = &s->px[i];
    int ctl = perm_controller(s, i), owner = x->owner;
    uint16_t card = q->card;
    int creature = perm_is_creature(s, i);
    /* Legacy Weapon's replacement (614.1a): to its owner's library, shuffled, instead; it never
     * goes to a graveyard (no "dies" event or trigger) */
    int shuffle = zone == ZONE_GRAVEYARD && q->obj != OBJ_NONE && g && s->spells && (x->abk & PK_STATIC) &&
                  card_shuffles_instead(&s->cards[card]);
    if (shuffle) zone = ZONE_LIBRARY;
    if (zone == ZONE_GRAVEYARD) game_event(g, s, EV_DIES, ctl, i, 0, card, 0, 0);
    else game_event(g, s, EV_LEAVE, ctl, i, 0, card, zone, 0);
    if (s->stack_n || s->pending_n) last_known(s, i);
    if (zone == ZONE_GRAVEYARD && creature && s->float_n) trigger_damaged_dies(s, i);   /* Sengir Vampire */
    if (zone == ZONE_GRAVEYARD && creature && s->spells) {
        trigger_attached_dies(s, i, ctl);
        trigger_other_dies(s, i, ctl);   /* Grave Pact: i still there, as the watchers see it */
    }
    combat_remove(s, i);
    /* What was attached to it becomes unattached (the state-based actions
     * then put an Aura into its owner's graveyard, 704.5m). */
    for (PermIter it = permset_iter(s->perm_used); permiter_more(&it);) {
        int j = permiter_next(&it);
        if (s->px[j].attached == i) { s->px[j].attached = NO_SLOT; s->sba_pending = 1; }
    }
    if (s->float_n) floating_source_left(s, i);   /* "for as long as you control ~" ends (611.2b) */
    s->perm_used &= ~PERMSET_BIT(i);
    s->perm_ctl[ctl] &= ~PERMSET_BIT(i);
    card_to_zone(s, owner, q->obj, zone);         /* its owner's zone, whoever controlled it (108.3, 400.3) */
    if (shuffle) library_shuffle(s, g, owner);
    layers_moved(s, i, ctl);
    /* "When ~ dies" (a creature), or, on a noncreature card, "When ~ is
     * put into a graveyard from the battlefield" (Chromatic Star): the
     * reader reads both as TR_DIES (700.4). */
    if (zone == ZONE_GRAVEYARD && (creature || !(s->cards[card].types & TYPE_CREATURE)))
        trigger_event(s, TR_DIES, i, card, ctl, ctl, 0);
    if (s->spells && (x->abk & PK_TRIGGERED)) trigger_leaves(s, i, card, ctl);   /* any zone (603.6c) */
}
