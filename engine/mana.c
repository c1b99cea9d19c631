/* mana.c: paying mana costs from basic lands and the mana pool (106,
 * 601.2g-h), and the pool emptying at the end of each step (500.4). */
#include "mana.h"

/* Whether player p's mana pool and untapped basic lands can pay card d's cost. */
int mana_can_pay(const Player *pl, const CardDef *d)
{
    int total = 0;
    for (int c = 0; c < COLOR_COUNT; c++) {
        int u = mana_untapped(pl, c) + pl->mana[c];
        if (u < d->cost_color[c]) return 0;
        total += u;
    }
    return total >= d->mana_value;
}

/* Taps lands for the cost and spends the mana at once: colored symbols from
 * lands of their color, generic from the color with the most untapped lands
 * left (keeping colors open). The caller checked mana_can_pay. */
void mana_pay(Player *pl, const CardDef *d)
{
    int generic = d->mana_value, pool = 0;
    if (mana_pack(pl->mana) == 0) {
        /* No pool (nothing fills one yet): lands pay every colored symbol.
         * Lanes cannot carry: tapped plus cost stays within the lands,
         * which mana_can_pay checked. */
        uint64_t cost = mana_pack(d->cost_color);
        mana_unpack(pl->land_tapped, mana_pack(pl->land_tapped) + cost);
        generic -= mana_total(cost);
    } else {
        for (int c = 0; c < COLOR_COUNT; c++) {
            int need = d->cost_color[c];
            int from_pool = pl->mana[c] < need ? pl->mana[c] : need;
            pl->mana[c] = (uint8_t)(pl->mana[c] - from_pool);
            pl->land_tapped[c] = (uint8_t)(pl->land_tapped[c] + need - from_pool);
            generic -= need;
            pool += pl->mana[c];
        }
    }
    if (generic <= 0) return;
    for (; generic > 0 && pool; generic--, pool--)   /* the pool first, in color order */
        for (int c = 0; c < COLOR_COUNT; c++) if (pl->mana[c]) { pl->mana[c]--; break; }
    /* Then a land of the color with the most untapped lands left, the
     * first of equals (the colors are many and which is most follows no
     * pattern: the maximum is taken without branches). The tapped counts
     * are written back packed, once (mana_unit). */
    uint8_t left[COLOR_COUNT];
    uint64_t tapped = mana_pack(pl->land_tapped);
    for (int c = 0; c < COLOR_COUNT; c++) left[c] = (uint8_t)mana_untapped(pl, c);
    for (; generic > 0; generic--) {
        int best = 0, most = left[0];
        for (int c = 1; c < COLOR_COUNT; c++) {
            int more = left[c] > most;
            best = more ? c : best;
            most = more ? left[c] : most;
        }
        if (most <= 0) break;            /* defensive: mana_can_pay said the lands suffice */
        left[best]--;
        tapped += mana_unit(best);
    }
    mana_unpack(pl->land_tapped, tapped);
}

void mana_empty(GameState *s)  /* 500.4 */
{
    memset(s->pl[0].mana, 0, sizeof s->pl[0].mana);
    memset(s->pl[1].mana, 0, sizeof s->pl[1].mana);
}
