/* zone.c: permanents entering and leaving, cards changing zones. */
#include "zone.h"
#include "layers.h"
#include "stack.h"
#include "effect.h"

int perm_enter(GameState *s, const Game *g, int ctl, int owner, uint16_t card, uint8_t obj)
{
    int i = perm_create(s, ctl, card, obj);
    if (i < 0) return -1;
    const CardDef *d = &s->cards[card];
    PermX *x = &s->px[i];
    memset(x, 0, sizeof *x);
    x->ts = state_ts(s);
    x->owner = (uint8_t)owner;
    x->attached = NO_SLOT;
    x->colors = d->colors;
    if (d->types & TYPE_LAND) x->xflags |= PX_LAND;
    if (d->types & TYPE_CREATURE) s->perm[i].flags |= PF_SICK;                /* 302.6 */
    for (int k = 0; k < d->n_abilities; k++) {
        const Ability *a = &d->ab[k];
        if (a->kind == AB_ETB_TAPPED) {                                           /* 614.1c */
            int untapped = 0;
            if (a->trig_filter.types || a->trig_filter.subtype[0])
                untapped = effect_count(s, &a->trig_filter, ctl, i) > 0;
            if (!untapped) s->perm[i].flags |= PF_TAPPED;
        }
    }
    s->layers_dirty = 1;
    game_event(g, s, EV_ENTER, ctl, i, 0, card, 0, 0);
    trigger_event(s, TR_ETB, i, card, ctl, ctl, 0);
    return i;
}

void card_to_zone(GameState *s, int owner, uint8_t obj, int zone)
{
    if (obj == OBJ_NONE) return;
    Player *o = &s->pl[owner];
    switch (zone) {
    case ZONE_GRAVEYARD: bits256_set(o->gy, obj); o->gy_n++; break;
    case ZONE_EXILE: bits256_set(s->exile[owner], obj); break;
    case ZONE_HAND:
        if (o->hand_n < HAND_MAX) { o->hand[o->hand_n++] = obj; break; }
        bits256_set(o->gy, obj); o->gy_n++;      /* no room: a capacity the game ends on */
        s->error = ERR_CAPACITY;                 /* the game ends at the next priority (stack.c) */
        break;
    default: bits256_set(o->gy, obj); o->gy_n++; break;
    }
}

void perm_leave(GameState *s, const Game *g, int i, int zone)
{
    Permanent *q = &s->perm[i];
    PermX *x = &s->px[i];
    int ctl = perm_controller(s, i), owner = x->owner;
    uint16_t card = q->card;
    int creature = perm_is_creature(s, i);
    if (zone == ZONE_GRAVEYARD) game_event(g, s, EV_DIES, ctl, i, 0, card, 0, 0);
    else game_event(g, s, EV_LEAVE, ctl, i, 0, card, zone, 0);
    combat_remove(s, i);
    /* What was attached to it becomes unattached (the state-based actions
     * then put an Aura into its owner's graveyard, 704.5m). */
    for (PermIter it = permset_iter(s->perm_used); permiter_more(&it);) {
        int j = permiter_next(&it);
        if (s->px[j].attached == i) { s->px[j].attached = NO_SLOT; s->sba_pending = 1; }
    }
    s->perm_used &= ~PERMSET_BIT(i);
    s->perm_ctl[ctl] &= ~PERMSET_BIT(i);
    card_to_zone(s, owner, q->obj, zone);
    s->layers_dirty = 1;
    if (zone == ZONE_GRAVEYARD && creature) trigger_event(s, TR_DIES, i, card, ctl, ctl, 0);
}
