/* mana.c: paying mana costs from basic lands and the mana pool (106,
 * 601.2g-h), and the pool emptying at the end of each step (500.4). */
#include "mana.h"
#include "ability.h"
#include "damage.h"
#include "effect.h"
#include "stack.h"
#include "zone.h"

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

/* Taps `generic` untapped basic lands, each of the color with the most
 * untapped lands left, the first of equals (keeping colors open); the
 * caller checked they suffice. Returns the lands tapped. (Inline: a
 * payment's usual path, made of little more.) */
static inline __attribute__((always_inline)) int tap_generic(Player *pl, int generic)
{
    /* The colors are many and which is most follows no pattern: the
     * maximum is taken without branches. The tapped counts are written
     * back packed, once (mana_unit). */
    uint8_t left[COLOR_COUNT];
    uint64_t tapped = mana_pack(pl->land_tapped), untapped = mana_pack(pl->land_n) - tapped;   /* no lane borrows */
    int n = 0;
    if (generic <= 0 || !untapped) return 0;
    /* Untapped lands of one color alone (a one-color deck's): as many of
     * them as there is generic, which the search below would take too. */
    int shift = __builtin_ctzll(untapped) & ~7;
    if (untapped >> shift <= 0xFF) {
        n = generic < (int)(untapped >> shift) ? generic : (int)(untapped >> shift);
        mana_unpack(pl->land_tapped, tapped + ((uint64_t)n << shift));
        return n;
    }
    mana_unpack(left, untapped);
    for (; n < generic; n++) {
        int best = 0, most = left[0];
        for (int c = 1; c < COLOR_COUNT; c++) {
            int more = left[c] > most;
            best = more ? c : best;
            most = more ? left[c] : most;
        }
        if (most <= 0) break;            /* defensive: the caller checked the lands suffice */
        left[best]--;
        tapped += mana_unit(best);
    }
    mana_unpack(pl->land_tapped, tapped);
    return n;
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
    tap_generic(pl, generic);                        /* then lands */
}

/* ---- games with rules text: mana abilities of permanents ---- */

/* In a game with rules text the payer activates mana abilities while
 * paying (605.3b, 601.2g): which ones, and which of a permanent's abilities,
 * is the paying player's choice (601.2g-h), made here for every policy the
 * same deterministic way: the pool and basic lands first, then the
 * permanents, lands before creatures, with as little damage as any way of
 * paying has (a pain land taps for {C} when its colored mana is not needed,
 * and for colored mana only when no painless way makes the colors). */

#define UNIT_MAX MANA_UNITS_MAX
#define BIT_C (1u << COLOR_C)  /* Unit bits: bit COLOR_c for mana of color c, BIT_C for {C} */

typedef ManaUnits Units;

#define tap_only ability_mana_tap_only

/* The mana ability a's colors as unit bits, and how much it makes. */
static unsigned ability_bits(const Ability *a) { return a->effect[0].arg2 ? a->effect[0].arg2 : BIT_C; }
static int ability_amount(const GameState *s, const Ability *a, int p, int i)
{
    const Effect *e = &a->effect[0];
    return e->n.kind == QTY_COUNT ? e->n.n * effect_count(s, &e->count, p, i) : e->n.n;
}
/* Whether it deals damage as it makes the mana (played.c: a pain land's). */
static int ability_pains(const Ability *a) { return a->n_effects > 1 && a->effect[1].op == OP_DAMAGE; }

/* The candidates for units_of, in one look at each permanent of p's (the
 * passes then see them alone): untapped, not kept, sources of mana
 * (mana_unit_source: those of perm_acts alone, unless any land of p's
 * makes mana); *creatures: those of them that are creatures. */
static inline PermSet unit_candidates(const GameState *s, int p, int keep, PermSet *creatures)
{
    PermSet cand = 0, cr = 0, in = s->perm_ctl[p];
    if (!(s->pl_rules[p] & PR_LANDS_ANY_COLOR)) in &= s->perm_acts;
    for (PermIter it = permset_iter(in); permiter_more(&it);) {
        int i = permiter_next(&it);
        if (!mana_unit_source(s, p, i)) continue;   /* most */
        PermSet bit = permset_bit_if(!(s->perm[i].flags & PF_TAPPED) && i != keep, i);
        cand |= bit;
        cr |= s->perm[i].flags & PF_CREATURE ? bit : 0;
    }
    *creatures = cr;
    return cand;
}

uint16_t card_tap_mana(const CardDef *d)
{
    unsigned fr = 0, pn = 0;
    for (int k = 0; k < d->n_abilities; k++) {
        const Ability *a = &d->ab[k];
        if (!tap_only(a)) continue;
        if (a->effect[0].n.kind == QTY_COUNT || a->effect[0].n.n != 1) return 0;   /* an amount: unit_add's */
        if (ability_pains(a)) pn |= ability_bits(a);
        else fr |= ability_bits(a);
    }
    if (d->produces >= 0) fr |= 1u << d->produces;           /* a basic land permanent (305.6) */
    return (uint16_t)(fr | pn << 8);
}

/* The units of candidate i (a creature or not) into *out. */
static inline __attribute__((always_inline)) void unit_add(const GameState *s, int p, int i, int creature, int lands_any,
                                                            Units *out)
{
    const Permanent *q = &s->perm[i];
    if (creature && (q->flags & PF_SICK) && !(q->kw & KW_HASTE)) return;
    if (s->px[i].rules & (1u << RULE_NO_ACTIVATE)) return;   /* Ice Cage: mana abilities too (605) */
    int any = lands_any && (s->px[i].xflags & PX_LAND);   /* Joiner Adept */
    const CardDef *d = &s->cards[q->card];
    unsigned fr = d->tap_mana & 0xFFu, pn = d->tap_mana >> 8;  /* made by the pool: one mana an ability */
    int amount = 1;
    if (!d->tap_mana) {
        for (int k = 0; k < d->n_abilities; k++) {
            const Ability *a = &d->ab[k];
            if (!tap_only(a)) continue;
            if (ability_pains(a)) pn |= ability_bits(a);
            else fr |= ability_bits(a);
            if (a->effect[0].n.kind == QTY_COUNT || a->effect[0].n.n != 1) amount = ability_amount(s, a, p, i);
        }
        if (d->produces >= 0) fr |= 1u << d->produces;       /* a basic land permanent (305.6) */
    }
    if (any) fr |= CB_W | CB_U | CB_B | CB_R | CB_G;
    pn &= ~fr;
    for (int u = 0; u < amount && out->n < UNIT_MAX && (fr | pn); u++) {
        out->slot[out->n] = (uint8_t)i;
        out->free[out->n] = (uint8_t)fr;
        out->pain[out->n++] = (uint8_t)pn;
    }
}

/* units_of's units of candidates cand, of which `creatures` are creatures
 * (none: no call, most often; out of line, so that its frame is made only
 * where there are some): the noncreatures first, then the creatures, each
 * in slot order. */
static __attribute__((noinline)) void units_list(const GameState *s, int p, PermSet cand, PermSet creatures, Units *out)
{
    int lands_any = (s->pl_rules[p] & PR_LANDS_ANY_COLOR) != 0;
    PermSet others = cand & ~creatures;
    /* With land objects the basic lands come first, as the counts are used
     * before any permanent where basic lands are counts. */
    if (state_land_objects(s)) {
        PermSet basic = 0;
        for (PermIter it = permset_iter(others); permiter_more(&it);) {
            int i = permiter_next(&it);
            basic |= permset_bit_if(s->cards[s->perm[i].card].produces >= 0, i);
        }
        for (PermIter it = permset_iter(basic); permiter_more(&it);) unit_add(s, p, permiter_next(&it), 0, lands_any, out);
        others &= ~basic;
    }
    for (PermIter it = permset_iter(others); permiter_more(&it);) unit_add(s, p, permiter_next(&it), 0, lands_any, out);
    for (PermIter it = permset_iter(creatures); permiter_more(&it);) unit_add(s, p, permiter_next(&it), 1, lands_any, out);
}

/* Untapped permanents of p with a {T} mana ability, creatures free of
 * summoning sickness (302.6), lands first. */
static inline void units_of(const GameState *s, int p, int keep, Units *out)
{
    out->n = 0;
    PermSet creatures, cand = unit_candidates(s, p, keep, &creatures);
    if (cand) units_list(s, p, cand, creatures, out);
}

/* A way to pay: what the pool and basic lands give by color, which units
 * make which color, which of them painfully, and with Joiner Adept
 * (PR_LANDS_ANY_COLOR) how many basic lands make each color. */
typedef struct Plan {
    const Units *u;                   /* the units: `own`, or those listed for several plans */
    Units    own;
    uint8_t  from_basic[COLOR_COUNT]; /* symbols of each color the pool and basics of that color pay */
    uint8_t  wild[COLOR_COUNT];       /* basic lands tapped for "one mana of any color", by color made */
    uint8_t  made[UNIT_MAX];          /* the color each used unit makes (COLOR_COUNT: its own) */
    uint64_t used;                    /* units tapped */
    uint64_t pain;                    /* units making painful mana */
    int      left;                    /* the mana of the pool and basics beyond the colored symbols
                                         they pay (basic lands making any color aside) */
    int      wilds;                   /* basic lands able to make any color, untapped, not yet used */
} Plan;

/* Whether unit k is a basic land permanent's (a game with land objects). */
static int basic_unit(const GameState *s, const Units *u, int k)
{
    const Permanent *q = &s->perm[u->slot[k]];
    return !(q->flags & PF_CREATURE) && s->cards[q->card].produces >= 0;
}

/* Whether unit k is the only unit of its permanent. */
static int unit_single(const Units *u, int k)
{
    return (k == 0 || u->slot[k - 1] != u->slot[k]) && (k + 1 >= u->n || u->slot[k + 1] != u->slot[k]);
}

/* Whether an earlier unit, not used, is interchangeable with unit k: each
 * the only unit of its permanent, making the same mana alike. match()
 * tried that one at this depth first and failed, and a way to pay with k
 * would be one with it in k's place: k is passed by (the many basic lands
 * of one type of a game with land objects would otherwise be tried in
 * every order). The first way found is the one found without this. */
static int interchangeable_before(const Units *u, uint64_t used, int k)
{
    if (!unit_single(u, k)) return 0;
    for (int j = 0; j < k; j++)
        if (!(used >> j & 1) && u->free[j] == u->free[k] && u->pain[j] == u->pain[k] && unit_single(u, j)) return 1;
    return 0;
}

/* Whether the units not used (and basic lands making any color) can make
 * need[] (by COLOR_*), one symbol each, with at most `budget` units making
 * painful mana: a small matching, searched depth first (basic lands
 * first, then painless units, then painful ones; of the units of one
 * permanent, only the first unused one is tried). */
static int match(Plan *pl, uint8_t need[COLOR_COUNT], int budget)
{
    const Units *u = pl->u;
    int c = 0;
    while (c < COLOR_COUNT && !need[c]) c++;
    if (c == COLOR_COUNT) return 1;
    if (pl->wilds && c < COLOR_C) {
        pl->wilds--; pl->wild[c]++; need[c]--;
        int ok = match(pl, need, budget);
        need[c]++;
        if (ok) return 1;
        pl->wilds++; pl->wild[c]--;
    }
    for (int hurt = 0; hurt < 2 && hurt <= budget; hurt++)
        for (int k = 0; k < u->n; k++) {
            if (pl->used >> k & 1) continue;
            if (k && u->slot[k] == u->slot[k - 1] && !(pl->used >> (k - 1) & 1)) continue;
            if (!((hurt ? u->pain[k] : u->free[k]) >> c & 1)) continue;
            if (interchangeable_before(u, pl->used, k)) continue;
            pl->used |= 1ull << k;
            if (hurt) pl->pain |= 1ull << k;
            pl->made[k] = (uint8_t)c;
            need[c]--;
            int ok = match(pl, need, budget - hurt);
            need[c]++;
            if (ok) return 1;
            pl->used &= ~(1ull << k);
            pl->pain &= ~(1ull << k);
        }
    return 0;
}

/* The lane-wise minimum of packed a and b, every lane of both below 128:
 * a >= b keeps the lane's high bit of (a | high) - b. */
static inline uint64_t lanes_min(uint64_t a, uint64_t b)
{
    uint64_t ge = ((((a | MANA_HIGH) - b) & MANA_HIGH) >> 7) * 0xFFu;
    return (b & ge) | (a & ~ge);
}

/* The plan: what the pool and basics give by color, which units make the
 * rest of the colored symbols (the fewest painful ones), and whether the
 * generic part is covered. */
static int plan(const GameState *s, int p, const uint8_t color[COLOR_COUNT], int generic, int keep, Plan *pn,
                ManaUnits *listed)
{
    const Player *pl = &s->pl[p];
    int any = (s->pl_rules[p] & PR_LANDS_ANY_COLOR) != 0;   /* basics make any color (Joiner Adept) */
    uint8_t need[COLOR_COUNT];
    int left = 0, needed = 0, basics = 0;
    uint64_t lands = mana_pack(pl->land_n), pool = mana_pack(pl->mana), cost = mana_pack(color);
    if (!((lands | pool | cost) & MANA_HIGH) && !((lands - mana_pack(pl->land_tapped) + pool) & MANA_HIGH)) {
        /* All lanes below 128 (the usual case): the same, lane by lane in
         * one word. */
        uint64_t untapped = lands - mana_pack(pl->land_tapped), have = (any ? 0 : untapped) + pool;
        uint64_t from = lanes_min(have, cost);
        mana_unpack(pn->from_basic, from);
        mana_unpack(need, cost - from);
        basics = mana_total(untapped);
        needed = mana_total(cost - from);
        left = mana_total(have) - mana_total(from);
    } else {
        for (int c = 0; c < COLOR_COUNT; c++) {
            int have = (any ? 0 : mana_untapped(pl, c)) + pl->mana[c];
            basics += mana_untapped(pl, c);
            pn->from_basic[c] = (uint8_t)(color[c] < have ? color[c] : have);
            need[c] = (uint8_t)(color[c] - pn->from_basic[c]);
            needed += need[c];
            left += have - pn->from_basic[c];
        }
    }
    pn->left = left;
    if (any) left += basics;
    if (!needed && left >= generic) {                        /* the pool and basics pay it all */
        pn->own.n = 0;
        pn->u = &pn->own;
        pn->used = pn->pain = 0;
        pn->wilds = any ? basics : 0;
        memset(pn->wild, 0, sizeof pn->wild);
        return 1;
    }
    if (!listed) {
        units_of(s, p, keep, &pn->own);
        pn->u = &pn->own;
    } else {
        if (listed->n == MANA_UNLISTED) units_of(s, p, -1, listed);
        pn->u = listed;
        if (keep >= 0 && listed->n == UNIT_MAX) {            /* maybe cut short: keep's place may hold another */
            units_of(s, p, keep, &pn->own);
            pn->u = &pn->own;
        } else if (keep >= 0) {                              /* the same, without keep's (units_of) */
            Units *o = &pn->own;
            o->n = 0;
            for (int k = 0; k < listed->n; k++) {
                if (listed->slot[k] == keep) continue;
                o->slot[o->n] = listed->slot[k];
                o->free[o->n] = listed->free[k];
                o->pain[o->n++] = listed->pain[k];
            }
            pn->u = o;
        }
    }
    if (left + pn->u->n - needed < generic) return 0;
    if (needed > pn->u->n + (any ? basics : 0)) return 0;    /* a unit or wild basic for each symbol left */
    for (int budget = 0; budget <= needed; budget++) {
        pn->used = pn->pain = 0;
        pn->wilds = any ? basics : 0;
        memset(pn->wild, 0, sizeof pn->wild);
        if (match(pn, need, budget)) return 1;
    }
    return 0;
}

int mana_can_pay_cost(const GameState *s, int p, const uint8_t color[COLOR_COUNT], int generic, int keep)
{
    Plan pn;
    return plan(s, p, color, generic, keep, &pn, NULL);
}

int mana_can_pay_listed(const GameState *s, int p, const uint8_t color[COLOR_COUNT], int generic, int keep,
                        ManaUnits *u)
{
    Plan pn;
    return plan(s, p, color, generic, keep, &pn, u);
}

void mana_list_units(const GameState *s, int p, ManaUnits *u)
{
    units_of(s, p, -1, u);
}

int mana_total_now(const GameState *s, int p, int keep)
{
    Units u;
    units_of(s, p, keep, &u);
    int n = u.n;
    for (int c = 0; c < COLOR_COUNT; c++) n += mana_untapped(&s->pl[p], c) + s->pl[p].mana[c];
    return n;
}

/* Whether a permanent has a "whenever a player taps a land for mana"
 * ability (Manabarbs): the payer then raises the event for each land. */
static int watches_land_taps(const GameState *s)
{
    return !(s->trig_absent >> TR_TAP_LAND & 1) && trigger_watched(s, 1ull << TR_TAP_LAND);   /* most: no card has one */
}

/* Taps permanent i for mana (605.3b): the units of it in `used` make the
 * color they were matched to (made[k]), the others their first painless
 * color; into p's pool. A painful unit's ability deals its damage as the
 * mana is made (605.3a: no stack). */
static void tap_for_mana(GameState *s, const Game *g, int p, const Units *u, int first, uint64_t pain,
                         const uint8_t made[UNIT_MAX], int barbs)
{
    int i = u->slot[first];
    Player *pl = &s->pl[p];
    s->perm[i].flags |= PF_TAPPED;
    trigger_tapped(s, i);
    int hurt = 0;
    for (int k = first; k < u->n && u->slot[k] == i; k++) {
        int c = made[k];
        if (c == COLOR_COUNT) {                   /* not matched: its first painless color */
            c = 0;
            while (c < COLOR_COUNT && !(u->free[k] >> c & 1)) c++;
            if (c == COLOR_COUNT) continue;       /* only painful mana, not needed */
        }
        hurt |= (int)(pain >> k & 1);
        if (pl->mana[c] < 255) pl->mana[c]++;
    }
    if (hurt) {                                   /* the pain land's "~ deals 1 damage to you" */
        const CardDef *d = &s->cards[s->perm[i].card];
        for (int k = 0; k < d->n_abilities; k++) {
            const Ability *a = &d->ab[k];
            if (!tap_only(a) || !ability_pains(a)) continue;
            DamageSource src = { (uint8_t)i, (uint8_t)p, s->px[i].colors, s->perm[i].card, s->perm[i].kw, 0, 0 };
            trigger_attached_damage(s, i, damage_deal(s, g, &src, -1, p, a->effect[1].n.n));
            break;
        }
    }
    if (barbs && (s->px[i].xflags & PX_LAND)) trigger_event(s, TR_TAP_LAND, NO_SLOT, 0, p, p, 0);
}

static void pay_planned(GameState *s, const Game *g, int p, const uint8_t color[COLOR_COUNT], int generic, int keep);

void mana_pay_cost(GameState *s, const Game *g, int p, const uint8_t color[COLOR_COUNT], int generic, int keep)
{
    Player *pl = &s->pl[p];
    /* The usual payment first: the pool empty and the untapped basic lands
     * paying it all (plan's first answer: no unit tapped), colored symbols
     * from lands of their color, generic as below. */
    uint64_t avail, cost = mana_pack(color), tapped = mana_pack(pl->land_tapped);
    if (!mana_pack(pl->mana) && !(s->pl_rules[p] & PR_LANDS_ANY_COLOR) &&
        mana_available_of(mana_pack(pl->land_n), tapped, 0, &avail) &&
        mana_covers(avail, cost) && mana_total(avail) - mana_total(cost) >= generic) {
        mana_unpack(pl->land_tapped, tapped + cost);                      /* lanes cannot carry: covered */
        int tapped_basics = mana_total(cost) + tap_generic(pl, generic);
        if (tapped_basics && watches_land_taps(s))                       /* 106.12, as below */
            for (int k = 0; k < tapped_basics; k++) trigger_event(s, TR_TAP_LAND, NO_SLOT, 0, p, p, 0);
        return;
    }
    pay_planned(s, g, p, color, generic, keep);
}

/* mana_pay_cost's other payments, by plan (out of line: its usual path
 * needs no frame for these). */
static __attribute__((noinline)) void pay_planned(GameState *s, const Game *g, int p, const uint8_t color[COLOR_COUNT],
                                                  int generic, int keep)
{
    Player *pl = &s->pl[p];
    int barbs = watches_land_taps(s);
    Plan pn;
    if (!plan(s, p, color, generic, keep, &pn, NULL)) return;
    const Units *u = pn.u;
    int any = (s->pl_rules[p] & PR_LANDS_ANY_COLOR) != 0;
    int left = pn.left + (any ? pn.wilds : 0);
    for (int k = 0; k < u->n; k++) if (!(pn.used >> k & 1)) pn.made[k] = COLOR_COUNT;   /* made[]: the matched ones' */
    /* Generic beyond the pool and basics: units of permanents tapped
     * already first (their mana is made anyway), then the others in order,
     * and last a unit that makes only painful mana. */
    int more = generic - left;
    /* With land objects, basic lands first as the counts are (below): one at a time, of the color
     * with most left (units of one basic land permanent each, listed first: units_of). */
    for (; more > 0 && state_land_objects(s); more--) {
        int n[COLOR_COUNT] = { 0 }, best = -1, most = 0;
        for (int k = 0; k < u->n; k++)
            if (!(pn.used >> k & 1) && basic_unit(s, u, k)) n[s->cards[s->perm[u->slot[k]].card].produces]++;
        for (int c = 0; c < COLOR_COUNT; c++) if (n[c] > most) { most = n[c]; best = c; }
        if (best < 0) break;
        for (int k = 0; k < u->n; k++)
            if (!(pn.used >> k & 1) && basic_unit(s, u, k) && s->cards[s->perm[u->slot[k]].card].produces == best) {
                pn.used |= 1ull << k;
                pn.made[k] = (uint8_t)best;
                break;
            }
    }
    for (int pass = 0; pass < 3 && more > 0; pass++)
        for (int k = 0; k < u->n && more > 0; k++) {
            if (pn.used >> k & 1 || (pass < 2 && !u->free[k])) continue;
            int tapped = 0;
            for (int j = 0; j < u->n; j++) tapped |= u->slot[j] == u->slot[k] && (pn.used >> j & 1);
            if (pass == 0 && !tapped) continue;
            pn.used |= 1ull << k;
            pn.made[k] = COLOR_COUNT;
            if (pass == 2) {                                   /* its first painful color */
                pn.made[k] = (uint8_t)__builtin_ctz(u->pain[k]);
                pn.pain |= 1ull << k;
            }
            more--;
        }
    /* Activate them (605.3b): their mana goes to the pool. */
    for (int k = 0; k < u->n; k++) {
        if (k && u->slot[k] == u->slot[k - 1]) continue;
        int used = 0;
        for (int j = k; j < u->n && u->slot[j] == u->slot[k]; j++) used |= (int)(pn.used >> j & 1);
        if (used) tap_for_mana(s, g, p, u, k, pn.pain, pn.made, barbs);
    }
    int tapped_basics = 0;
    if (any) {
        /* Basic lands tapped for "{T}: Add one mana of any color." (Joiner
         * Adept): for each color made, a land of the color with most left. */
        for (int c = 0; c < COLOR_C; c++)
            for (int n = 0; n < pn.wild[c]; n++) {
                int best = -1, most = 0;
                for (int b = 0; b < COLOR_COUNT; b++)
                    if (mana_untapped(pl, b) > most) { most = mana_untapped(pl, b); best = b; }
                if (best < 0) break;                                 /* defensive */
                pl->land_tapped[best]++;
                if (pl->mana[c] < 255) pl->mana[c]++;
                tapped_basics++;
            }
    }
    /* 601.2h: colored symbols from the pool, then basic lands; in one word
     * when every lane is below 128 (no lane then carries: the tapped plus
     * the cost stay below 256). */
    uint64_t pool = mana_pack(pl->mana), cost = mana_pack(color), tapped = mana_pack(pl->land_tapped);
    if (!((pool | cost | tapped) & MANA_HIGH)) {
        uint64_t from = lanes_min(pool, cost);
        mana_unpack(pl->mana, pool - from);
        mana_unpack(pl->land_tapped, tapped + (cost - from));
        tapped_basics += mana_total(cost - from);
    } else {
        for (int c = 0; c < COLOR_COUNT; c++) {
            int from_pool = pl->mana[c] < color[c] ? pl->mana[c] : color[c];
            pl->mana[c] = (uint8_t)(pl->mana[c] - from_pool);
            pl->land_tapped[c] = (uint8_t)(pl->land_tapped[c] + color[c] - from_pool);
            tapped_basics += color[c] - from_pool;
        }
    }
    /* Generic: the pool in color order, then basics of the color with most
     * left (tap_generic; the pool, once empty, stays so). */
    for (int c = 0; c < COLOR_COUNT && generic > 0; c++) {
        int take = pl->mana[c] < generic ? pl->mana[c] : generic;
        pl->mana[c] = (uint8_t)(pl->mana[c] - take);
        generic -= take;
    }
    tapped_basics += tap_generic(pl, generic);
    /* 106.12: each basic land tapped for mana is a land tapped for mana. */
    for (int k = 0; barbs && k < tapped_basics; k++) trigger_event(s, TR_TAP_LAND, NO_SLOT, 0, p, p, 0);
}

int mana_activate(GameState *s, const Game *g, int p, int i, int k, int color, int free_mana)
{
    uint16_t card = s->perm[i].card;
    const Ability *a = &s->cards[card].ab[k];
    Player *pl = &s->pl[p];
    if (!free_mana) {                                                                 /* 602.2b */
        /* An ability that doubles the pool (Doubling Cube) is paid from
         * lands and other sources when they suffice, the pool kept for it
         * (the player's choice of how to pay, 601.2g-h). */
        uint8_t kept[COLOR_COUNT] = { 0 };
        if (a->effect[0].op == OP_DOUBLE_MANA) {
            memcpy(kept, pl->mana, sizeof kept);
            memset(pl->mana, 0, sizeof pl->mana);
            if (!mana_can_pay_cost(s, p, a->cost.color, a->cost.generic, i)) {
                memcpy(pl->mana, kept, sizeof kept);
                memset(kept, 0, sizeof kept);
            }
        }
        mana_pay_cost(s, g, p, a->cost.color, a->cost.generic, i);
        for (int c = 0; c < COLOR_COUNT; c++) {
            int v = pl->mana[c] + kept[c];
            pl->mana[c] = (uint8_t)(v > 255 ? 255 : v);
        }
    }
    int land = (s->px[i].xflags & PX_LAND) != 0;
    if (a->cost.tap) { s->perm[i].flags |= PF_TAPPED; trigger_tapped(s, i); }
    if (a->cost.sac_self) perm_leave(s, g, i, ZONE_GRAVEYARD);
    for (int j = 0; j < a->n_effects; j++) {                                          /* 106.4 */
        const Effect *e = &a->effect[j];
        if (e->op == OP_DOUBLE_MANA)
            for (int c = 0; c < COLOR_COUNT; c++) pl->mana[c] = (uint8_t)(pl->mana[c] > 127 ? 255 : 2 * pl->mana[c]);
        if (e->op != OP_ADD_MANA) continue;
        int c = !e->arg2 ? COLOR_C : (e->arg2 & (e->arg2 - 1)) ? color : __builtin_ctz(e->arg2);
        int v = pl->mana[c] + e->n.n;
        pl->mana[c] = (uint8_t)(v > 255 ? 255 : v);
    }
    if (a->cost.tap && land && watches_land_taps(s)) trigger_event(s, TR_TAP_LAND, NO_SLOT, 0, p, p, 0);
    return MTG_OK;
}
