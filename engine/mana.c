/* mana.c: paying mana costs from basic lands and the mana pool (106,
 * 601.2g-h), and the pool emptying at the end of each step (500.4). */
#include "mana.h"
#include "ability.h"

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

/* ---- games with rules text: mana abilities of permanents ---- */

#define SOURCE_MAX 32

typedef struct Sources {
    int n;
    uint8_t slot[SOURCE_MAX];
    uint8_t colors[SOURCE_MAX];  /* CB_* it can make one of; 0: {C} */
} Sources;

/* Untapped permanents of p with a {T} mana ability, creatures free of
 * summoning sickness (302.6), lands first. */
static void sources_of(const GameState *s, int p, int keep, Sources *out)
{
    out->n = 0;
    for (int pass = 0; pass < 2; pass++)
        for (PermIter it = permset_iter(s->perm_ctl[p]); permiter_more(&it);) {
            int i = permiter_next(&it);
            const Permanent *q = &s->perm[i];
            int creature = (q->flags & PF_CREATURE) != 0;
            if (i == keep || (q->flags & PF_TAPPED) || creature != pass) continue;
            if (creature && (q->flags & PF_SICK) && !(q->kw & KW_HASTE)) continue;
            const CardDef *d = &s->cards[q->card];
            for (int k = 0; k < d->n_abilities && out->n < SOURCE_MAX; k++) {
                const Ability *a = &d->ab[k];
                if (a->kind != AB_MANA || !a->cost.tap) continue;
                if (s->px[i].rules & (1u << RULE_NO_ACTIVATE)) break;   /* Ice Cage: mana abilities too (605) */
                out->slot[out->n] = (uint8_t)i;
                out->colors[out->n++] = a->effect[0].arg2;
                break;
            }
        }
}

/* Whether sources not in `used` can make need[] (by COLOR_*), one symbol
 * each: a small matching, searched depth first. Marks the ones used. */
static int match(const Sources *src, uint8_t need[COLOR_COUNT], uint32_t *used)
{
    int c = 0;
    while (c < COLOR_COUNT && !need[c]) c++;
    if (c == COLOR_COUNT) return 1;
    for (int k = 0; k < src->n; k++) {
        if (*used >> k & 1) continue;
        int ok = c == COLOR_C ? src->colors[k] == 0 : (src->colors[k] >> c) & 1;
        if (!ok) continue;
        *used |= 1u << k;
        need[c]--;
        if (match(src, need, used)) { need[c]++; return 1; }
        need[c]++;
        *used &= ~(1u << k);
    }
    return 0;
}

/* The plan: what the pool and basics give by color, and which sources. */
static int plan(const GameState *s, int p, const uint8_t color[COLOR_COUNT], int generic, int keep,
                Sources *src, uint8_t from_basic[COLOR_COUNT], uint32_t *used)
{
    const Player *pl = &s->pl[p];
    uint8_t need[COLOR_COUNT];
    int left = 0;
    sources_of(s, p, keep, src);
    for (int c = 0; c < COLOR_COUNT; c++) {
        int have = mana_untapped(pl, c) + pl->mana[c];
        from_basic[c] = (uint8_t)(color[c] < have ? color[c] : have);
        need[c] = (uint8_t)(color[c] - from_basic[c]);
        left += have - from_basic[c];
    }
    *used = 0;
    if (!match(src, need, used)) return 0;
    return left + src->n - bits64_count(*used) >= generic;
}

int mana_can_pay_cost(const GameState *s, int p, const uint8_t color[COLOR_COUNT], int generic, int keep)
{
    Sources src;
    uint8_t fb[COLOR_COUNT];
    uint32_t used;
    return plan(s, p, color, generic, keep, &src, fb, &used);
}

int mana_total_now(const GameState *s, int p, int keep)
{
    Sources src;
    sources_of(s, p, keep, &src);
    int n = src.n;
    for (int c = 0; c < COLOR_COUNT; c++) n += mana_untapped(&s->pl[p], c) + s->pl[p].mana[c];
    return n;
}

void mana_pay_cost(GameState *s, int p, const uint8_t color[COLOR_COUNT], int generic, int keep)
{
    Sources src;
    uint8_t fb[COLOR_COUNT];
    uint32_t used;
    if (!plan(s, p, color, generic, keep, &src, fb, &used)) return;
    Player *pl = &s->pl[p];
    /* Colored symbols: pool, then basic lands, then the matched sources. */
    for (int c = 0; c < COLOR_COUNT; c++) {
        int from_pool = pl->mana[c] < fb[c] ? pl->mana[c] : fb[c];
        pl->mana[c] = (uint8_t)(pl->mana[c] - from_pool);
        pl->land_tapped[c] = (uint8_t)(pl->land_tapped[c] + fb[c] - from_pool);
    }
    for (int k = 0; k < src.n; k++) if (used >> k & 1) s->perm[src.slot[k]].flags |= PF_TAPPED;
    /* Generic: pool, basics of the color with most left, then sources. */
    for (; generic > 0; generic--) {
        int best = -1, most = 0;
        for (int c = 0; c < COLOR_COUNT; c++) if (pl->mana[c]) { best = c; break; }
        if (best >= 0) { pl->mana[best]--; continue; }
        for (int c = 0; c < COLOR_COUNT; c++)
            if (mana_untapped(pl, c) > most) { most = mana_untapped(pl, c); best = c; }
        if (best >= 0) { pl->land_tapped[best]++; continue; }
        int k = 0;
        while (k < src.n && (used >> k & 1)) k++;
        if (k == src.n) break;                 /* defensive: plan said it suffices */
        used |= 1u << k;
        s->perm[src.slot[k]].flags |= PF_TAPPED;
    }
}
