/* mana_ability.c: activating a mana ability on its own (605.3). */
#include "mana_ability.h"
#include "effect.h"
#include "stack.h"

int mana_ability_activate(GameState *s, Game *g, int p, int slot, int k, int color)
{
    (void)g;
    if (slot < 0 || slot >= PERM_MAX || !permset_has(s->perm_ctl[p], slot)) return ERR_ILLEGAL_ACTION;
    Permanent *q = &s->perm[slot];
    const CardDef *d = &s->cards[q->card];
    unsigned colors;                                  /* CB_* it may make; 0: colorless */
    if (k < 0) {                                      /* 305.6: a basic land type's ability */
        if (d->produces < 0 || d->n_abilities) return ERR_ILLEGAL_ACTION;
        colors = d->produces == COLOR_C ? 0u : 1u << d->produces;
    } else {
        if (k >= d->n_abilities) return ERR_ILLEGAL_ACTION;
        const Ability *a = &d->ab[k];
        /* The mana abilities the engine plays (played.c): {T}: add one mana. */
        if (a->kind != AB_MANA || !a->cost.tap || a->n_effects != 1 || a->effect[0].op != OP_ADD_MANA ||
            a->effect[0].n.kind != QTY_CONST || a->effect[0].n.n != 1)
            return ERR_ILLEGAL_ACTION;
        colors = a->effect[0].arg2;
    }
    if (q->flags & PF_TAPPED) return ERR_ILLEGAL_ACTION;                               /* 602.5b */
    if ((q->flags & PF_CREATURE) && (q->flags & PF_SICK) && !(q->kw & KW_HASTE)) return ERR_ILLEGAL_ACTION;   /* 302.6 */
    int c;
    if (!colors) {
        if (color >= 0 && color != COLOR_C) return ERR_ILLEGAL_ACTION;
        c = COLOR_C;
    } else if (color >= 0) {
        if (color >= COLOR_C || !(colors >> color & 1)) return ERR_ILLEGAL_ACTION;
        c = color;
    } else {
        c = __builtin_ctz(colors);                    /* CB_* bits follow COLOR_* order, WUBRG */
    }
    q->flags |= PF_TAPPED;
    trigger_tapped(s, slot);
    Player *pl = &s->pl[p];
    if (pl->mana[c] < 255) pl->mana[c]++;
    return MTG_OK;
}
