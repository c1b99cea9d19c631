/* policy_heuristic.c: the heuristic and aggro policies (see heuristic.h).
 *
 * Every decision reads only what its player may see: its own hand, the
 * battlefield, life totals and counts. Never the opponent's hand, nor the
 * order of either library. */
#include <string.h>
#include "heuristic.h"

static const HeuristicParams default_params = { 3, 4, 0, 100, 2, 5, 1, 1 };

const char *const heuristic_param_names[] = {
    "aggression", "chump_life", "trade", "card_value", "keep_min", "keep_max", "hold_back", "block_mode", NULL
};

void heuristic_defaults(HeuristicParams *p) { *p = default_params; }

int heuristic_set(HeuristicParams *p, const char *name, int v)
{
    static const struct { int lo, hi; } range[] = {
        { 0, 6 }, { 0, 20 }, { -500, 500 }, { 0, 1000 }, { 0, 7 }, { 0, 7 }, { 0, 1 }, { 0, 1 }
    };
    int *field[] = { &p->aggression, &p->chump_life, &p->trade, &p->card_value,
                     &p->keep_min, &p->keep_max, &p->hold_back, &p->block_mode };
    for (int k = 0; heuristic_param_names[k]; k++) {
        if (strcmp(name, heuristic_param_names[k])) continue;
        if (v < range[k].lo || v > range[k].hi) return -1;
        *field[k] = v;
        return 0;
    }
    return -1;
}

static const HeuristicParams *params(const Policy *p)
{
    return p->self ? (const HeuristicParams *)p->self : &default_params;
}

/* ---- evaluation ---- */

int heuristic_creature_value(const GameState *s, int i)
{
    int pw = perm_power(s, i), t = perm_toughness(s, i);
    unsigned kw = perm_kw(s, i);
    int v = 80 + pw * 15 + t * 10 + perm_def(s, i)->mana_value;
    if (kw & KW_FLYING) v += pw * 10;
    if ((kw & KW_REACH) && !(kw & KW_FLYING)) v += 5;
    if (kw & KW_DOUBLE_STRIKE) v += 10 + pw * 15;
    else if (kw & KW_FIRST_STRIKE) v += 10 + pw * 5;
    if (kw & KW_DEATHTOUCH) v += 25;
    if (kw & KW_LIFELINK) v += pw * 10;
    if ((kw & KW_TRAMPLE) && pw > 1) v += (pw - 1) * 15;
    if (kw & KW_VIGILANCE) v += pw * 5 + t * 5;
    if (kw & KW_MENACE) v += pw * 4;
    if (kw & KW_INDESTRUCTIBLE) v += 70;
    if (kw & KW_INFECT) v += pw * 15;
    if (kw & KW_WITHER) v += pw * 10;
    if (kw & KW_HASTE) v += 1;
    if (kw & KW_DEFENDER) v -= pw * 9 + 40;
    return v;
}

/* Value of a card in hand (a creature card by its printed body). */
static int card_hand_value(const CardDef *d)
{
    return d->power * 15 + d->toughness * 10 + d->mana_value * 5;
}

/* ---- one attacker against its blockers, as the rules would play it ---- */

typedef struct Fight {
    int attacker_dies;
    uint64_t blockers_die;  /* bit k: blocker k of the list dies */
    int through;            /* trample damage to the player */
} Fight;

/* Whether a creature with this toughness left, damage and counters dies. */
static int dies(int tough, int dmg, int counters, int dt, unsigned kw)
{
    if (tough - counters <= 0) return 1;
    if (kw & KW_INDESTRUCTIBLE) return 0;
    return dmg >= tough - counters || dt;
}

/* Whether a creature with keywords kw deals damage in the first-strike
 * step (fs) or the regular one, when the combat has a first-strike step
 * (any_fs) or not (510.4). */
static int deals_in(unsigned kw, int fs, int any_fs)
{
    if (!any_fs) return 1;
    if (fs) return (kw & (KW_FIRST_STRIKE | KW_DOUBLE_STRIKE)) != 0;
    return !(kw & KW_FIRST_STRIKE) || (kw & KW_DOUBLE_STRIKE);
}

/* Plays attacker a against blockers bl[0..n-1] (in damage assignment order)
 * through both damage steps, each assigning lethal damage in order. */
static Fight fight(const GameState *s, int a, const uint8_t *bl, int n)
{
    Fight f = { 0, 0, 0 };
    unsigned akw = perm_kw(s, a);
    int a_t = perm_toughness(s, a), a_dmg = s->perm[a].damage, a_cnt = 0, a_dt = 0;
    int b_t[PAIR_MAX], b_dmg[PAIR_MAX], b_cnt[PAIR_MAX], b_dt[PAIR_MAX];
    unsigned bkw[PAIR_MAX];
    int any_fs = (akw & (KW_FIRST_STRIKE | KW_DOUBLE_STRIKE)) != 0;
    for (int k = 0; k < n; k++) {
        bkw[k] = perm_kw(s, bl[k]);
        b_t[k] = perm_toughness(s, bl[k]);
        b_dmg[k] = s->perm[bl[k]].damage;
        b_cnt[k] = b_dt[k] = 0;
        any_fs |= (bkw[k] & (KW_FIRST_STRIKE | KW_DOUBLE_STRIKE)) != 0;
    }
    for (int step = any_fs ? 0 : 1; step < 2; step++) {
        int fs = step == 0;
        int a_deals = !f.attacker_dies && deals_in(akw, fs, any_fs);
        int give[PAIR_MAX] = {0};
        int through = 0;
        if (a_deals) {
            int left = perm_power(s, a), last = -1;
            for (int k = 0; k < n && left > 0; k++) {
                if ((f.blockers_die >> k) & 1) continue;
                int need = (akw & KW_DEATHTOUCH) ? 1 : b_t[k] - b_cnt[k] - b_dmg[k];
                if (need < 0) need = 0;
                int g = need < left ? need : left;
                give[k] = g; left -= g; last = k;
            }
            if (left > 0) {
                if (akw & KW_TRAMPLE) through = left;
                else if (last >= 0) give[last] += left;
            }
        }
        int to_a = 0, dt_a = 0;
        for (int k = 0; k < n; k++) {
            if ((f.blockers_die >> k) & 1) continue;
            int deals = deals_in(bkw[k], fs, any_fs);
            int p = perm_power(s, bl[k]);
            if (deals && p > 0) {
                if (bkw[k] & (KW_WITHER | KW_INFECT)) a_cnt += p; else to_a += p;
                if (bkw[k] & KW_DEATHTOUCH) dt_a = 1;
            }
        }
        for (int k = 0; k < n; k++) {
            if (give[k] <= 0) continue;
            if (akw & (KW_WITHER | KW_INFECT)) b_cnt[k] += give[k]; else b_dmg[k] += give[k];
            if (akw & KW_DEATHTOUCH) b_dt[k] = 1;
        }
        f.through += through;
        a_dmg += to_a;
        a_dt |= dt_a;
        if (dies(a_t, a_dmg, a_cnt, a_dt, akw)) f.attacker_dies = 1;
        for (int k = 0; k < n; k++)
            if (dies(b_t[k], b_dmg[k], b_cnt[k], b_dt[k], bkw[k])) f.blockers_die |= 1ull << k;
    }
    return f;
}

/* One attacker against one blocker: bit 0 the attacker dies, bit 1 the
 * blocker dies. The same outcome as fight() with one blocker, without its
 * arrays (this runs for every attacker and blocker at every decision). */
static int duel(const GameState *s, int a, int b)
{
    unsigned ak = perm_kw(s, a), bk = perm_kw(s, b);
    int ap = perm_power(s, a), bp = perm_power(s, b);
    int at = perm_toughness(s, a), bt = perm_toughness(s, b);
    int ad = s->perm[a].damage, bd = s->perm[b].damage;
    int acnt = 0, bcnt = 0, adt = 0, bdt = 0, a_dead = 0, b_dead = 0;
    int any_fs = ((ak | bk) & (KW_FIRST_STRIKE | KW_DOUBLE_STRIKE)) != 0;
    for (int step = any_fs ? 0 : 1; step < 2; step++) {
        int fs = step == 0;
        int a_hits = !a_dead && ap > 0 && deals_in(ak, fs, any_fs);
        int b_hits = !b_dead && bp > 0 && deals_in(bk, fs, any_fs);
        if (a_hits) { if (ak & (KW_WITHER | KW_INFECT)) bcnt += ap; else bd += ap; bdt |= (ak & KW_DEATHTOUCH) != 0; }
        if (b_hits) { if (bk & (KW_WITHER | KW_INFECT)) acnt += bp; else ad += bp; adt |= (bk & KW_DEATHTOUCH) != 0; }
        a_dead = a_dead || dies(at, ad, acnt, adt, ak);
        b_dead = b_dead || dies(bt, bd, bcnt, bdt, bk);
    }
    return a_dead | (b_dead << 1);
}

/* ---- mulligan, bottom, discard ---- */

static int is_land(const GameState *s, int p, uint8_t obj) { return (s->cards[OBJ_CARD(s, p, obj)].types & TYPE_LAND) != 0; }

static int hand_lands(const GameState *s, int p)
{
    int n = 0;
    for (int h = 0; h < s->pl[p].hand_n; h++) n += is_land(s, p, s->pl[p].hand[h]);
    return n;
}

static int h_keep(const Policy *pol, const GameState *s, const Game *g, int p, Rng *rng)
{
    const HeuristicParams *hp = params(pol);
    int m = s->pl[p].mulligans, lands = hand_lands(s, p);
    if (m >= 2) return 1;
    return lands >= hp->keep_min && lands <= hp->keep_max;
}

/* Picks n hand indices to part with: lands while the hand keeps more than
 * `land_target` of them, else the costliest spells. */
static void shed(const GameState *s, int p, int n, int land_target, uint8_t *out)
{
    const Player *pl = &s->pl[p];
    uint32_t used = 0;
    int lands = hand_lands(s, p);
    for (int k = 0; k < n; k++) {
        int pick = -1;
        if (lands > land_target) {
            for (int h = 0; h < pl->hand_n; h++)
                if (!((used >> h) & 1) && is_land(s, p, pl->hand[h])) { pick = h; break; }
            if (pick >= 0) lands--;
        }
        if (pick < 0) {
            int best = -1;
            for (int h = 0; h < pl->hand_n; h++) {
                if ((used >> h) & 1 || is_land(s, p, pl->hand[h])) continue;
                const CardDef *d = &s->cards[OBJ_CARD(s, p, pl->hand[h])];
                int score = d->mana_value * 1000 - card_hand_value(d);
                if (score > best) { best = score; pick = h; }
            }
        }
        if (pick < 0)  /* only lands left */
            for (int h = 0; h < pl->hand_n; h++) if (!((used >> h) & 1)) { pick = h; break; }
        used |= 1u << pick;
        out[k] = (uint8_t)pick;
    }
}

static void h_bottom(const Policy *pol, const GameState *s, const Game *g, int p, Rng *rng, int n, uint8_t *out)
{
    int final = s->pl[p].hand_n - n;
    shed(s, p, n, (final * 3 + 6) / 7, out);  /* about 3 lands in 7 */
}

static void h_discard(const Policy *pol, const GameState *s, const Game *g, int p, Rng *rng, int n, uint8_t *out)
{
    /* Lands past the seventh in play and hand are worth least. */
    int target = 7 - s->pl[p].lands_n;
    shed(s, p, n, target < 1 ? 1 : target, out);
}

/* ---- main phase: land drops and casting ---- */

/* Best set of castable creature cards to cast now: the most mana spent, then
 * the most value. Returns the hand index to cast first, or -1. */
static int best_cast(const GameState *s, int p, const Action *legal, int n)
{
    const Player *pl = &s->pl[p];
    int avail[COLOR_COUNT], total = 0;
    for (int c = 0; c < COLOR_COUNT; c++) { avail[c] = pl->land_n[c] - pl->land_tapped[c] + pl->mana[c]; total += avail[c]; }
    int idx[12], card[12], nc = 0;
    for (int k = 0; k < n && nc < 12; k++) {
        if (legal[k].type != ACT_CAST) continue;
        /* Sorted by card, so copies of one card sit together. */
        int c = OBJ_CARD(s, p, pl->hand[legal[k].hand_idx]), j = nc++;
        while (j > 0 && card[j - 1] > c) { idx[j] = idx[j - 1]; card[j] = card[j - 1]; j--; }
        idx[j] = legal[k].hand_idx; card[j] = c;
    }
    if (!nc) return -1;
    /* dup: copies after the first of a card; a set takes copies in order. */
    int dup = 0;
    for (int k = 1; k < nc; k++) if (card[k] == card[k - 1]) dup |= 1 << k;
    int best_mask = 0, best_mana = -1, best_val = -1;
    /* Most often everything castable fits at once (or only one card is):
     * then that is the best set, no search needed. */
    {
        int need[COLOR_COUNT] = {0}, mana = 0, fits = 1;
        for (int k = 0; k < nc; k++) {
            const CardDef *d = &s->cards[OBJ_CARD(s, p, pl->hand[idx[k]])];
            for (int c = 0; c < COLOR_COUNT; c++) need[c] += d->cost_color[c];
            mana += d->mana_value;
        }
        for (int c = 0; c < COLOR_COUNT; c++) if (need[c] > avail[c]) fits = 0;
        if (nc == 1 || (fits && mana <= total)) best_mask = (1 << nc) - 1;
    }
    if (!best_mask) {
        /* Every subset in Gray-code order, each step adding or removing one
         * card; colored needs packed a byte per color, checked at once
         * (a lane that borrows means a color is short). */
        uint64_t cost[12], avail_p = 0, high = 0;
        int mv[12], val_k[12];
        for (int c = 0; c < COLOR_COUNT; c++) {
            avail_p |= (uint64_t)(avail[c] > 127 ? 127 : avail[c]) << (8 * c);
            high |= 0x80ull << (8 * c);
        }
        for (int k = 0; k < nc; k++) {
            const CardDef *d = &s->cards[card[k]];
            cost[k] = 0;
            for (int c = 0; c < COLOR_COUNT; c++) cost[k] |= (uint64_t)d->cost_color[c] << (8 * c);
            mv[k] = d->mana_value;
            val_k[k] = card_hand_value(d);
        }
        uint64_t need = 0;
        int mask = 0, mana = 0, val = 0;
        for (int i = 1; i < (1 << nc); i++) {
            int k = __builtin_ctz((unsigned)i);
            mask ^= 1 << k;
            if ((mask >> k) & 1) { need += cost[k]; mana += mv[k]; val += val_k[k]; }
            else { need -= cost[k]; mana -= mv[k]; val -= val_k[k]; }
            if (mana > total || (dup & mask & ~(mask << 1))) continue;
            if ((((avail_p | high) - need) & high) != high) continue;
            if (mana > best_mana || (mana == best_mana && val > best_val)) { best_mask = mask; best_mana = mana; best_val = val; }
        }
    }
    /* Cast the costliest of the set first (colors were checked for the set). */
    int pick = -1, pick_mv = -1;
    for (int k = 0; k < nc; k++) {
        if (!((best_mask >> k) & 1)) continue;
        int mv = s->cards[OBJ_CARD(s, p, pl->hand[idx[k]])].mana_value;
        if (mv > pick_mv) { pick_mv = mv; pick = idx[k]; }
    }
    return pick;
}

/* The land whose color the hand needs most. */
static int best_land(const GameState *s, int p, const Action *legal, int n)
{
    const Player *pl = &s->pl[p];
    int any = 0;
    for (int k = 0; k < n && !any; k++) any = legal[k].type == ACT_LAND;
    if (!any) return -1;
    int need[COLOR_COUNT] = {0};
    for (int h = 0; h < pl->hand_n; h++) {
        const CardDef *d = &s->cards[OBJ_CARD(s, p, pl->hand[h])];
        if (d->types & TYPE_LAND) continue;
        for (int c = 0; c < COLOR_COUNT; c++)
            if (d->cost_color[c] > pl->land_n[c]) need[c] += 1 + d->cost_color[c] - pl->land_n[c];
    }
    int pick = -1, best = -1000000;
    for (int k = 0; k < n; k++) {
        if (legal[k].type != ACT_LAND) continue;
        int c = s->cards[OBJ_CARD(s, p, pl->hand[legal[k].hand_idx])].produces;
        int score = need[c] * 16 - pl->land_n[c];
        if (score > best) { best = score; pick = k; }
    }
    return pick;
}

static int h_main(const Policy *pol, const GameState *s, const Game *g, int p, Rng *rng, const Action *legal, int n)
{
    int land = best_land(s, p, legal, n);
    if (land >= 0) return land;
    int h = best_cast(s, p, legal, n);
    if (h < 0) return 0;
    for (int k = 0; k < n; k++) if (legal[k].type == ACT_CAST && legal[k].hand_idx == h) return k;
    return 0;
}

/* ---- attacking ---- */

static int can_block_kw(unsigned akw, unsigned bkw)
{
    return !(akw & KW_FLYING) || (bkw & (KW_FLYING | KW_REACH));
}

/* Damage (life and poison) the defender takes if it blocks as well as it
 * can: each potential blocker stops the strongest attacker it can block. */
static void damage_through(const GameState *s, const uint8_t *att, int na, uint64_t blockers,
                           int *life_dmg, int *poison)
{
    if (!blockers) {
        *life_dmg = *poison = 0;
        for (int k = 0; k < na; k++) {
            int d = perm_power(s, att[k]) * (perm_has(s, att[k], KW_DOUBLE_STRIKE) ? 2 : 1);
            if (d <= 0) continue;
            if (perm_has(s, att[k], KW_INFECT)) *poison += d; else *life_dmg += d;
        }
        return;
    }
    int stopped[PERM_MAX];
    uint8_t order[PERM_MAX];
    for (int k = 0; k < na; k++) stopped[k] = 0;
    for (int k = 0; k < na; k++) order[k] = att[k];
    for (int k = 1; k < na; k++) {  /* strongest first */
        uint8_t v = order[k];
        int j = k;
        while (j > 0 && perm_power(s, order[j - 1]) < perm_power(s, v)) { order[j] = order[j - 1]; j--; }
        order[j] = v;
    }
    uint64_t free_b = blockers;
    for (int k = 0; k < na; k++) {
        int a = order[k];
        unsigned akw = perm_kw(s, a);
        int need = (akw & KW_MENACE) ? 2 : 1, got = 0, absorb = 0;
        uint64_t took = 0;
        for (uint64_t m = free_b; m && got < need; m &= m - 1) {
            int b = bit_first(m);
            if (!can_block_kw(akw, perm_kw(s, b))) continue;
            took |= 1ull << b; got++;
            absorb += perm_toughness(s, b);
        }
        if (got < need) continue;
        free_b &= ~took;
        stopped[k] = (akw & KW_TRAMPLE) ? (perm_power(s, a) < absorb ? perm_power(s, a) : absorb) : perm_power(s, a);
    }
    *life_dmg = *poison = 0;
    for (int k = 0; k < na; k++) {
        int a = order[k], d = perm_power(s, a) - stopped[k];
        if (d <= 0) continue;
        int mult = perm_has(s, a, KW_DOUBLE_STRIKE) ? 2 : 1;
        if (perm_has(s, a, KW_INFECT)) *poison += d * mult; else *life_dmg += d * mult;
    }
}

static int lethal(const GameState *s, int who, int life_dmg, int poison)
{
    return life_dmg >= s->pl[who].life || poison >= POISON_LOSS - s->pl[who].poison;
}

/* Turns needed to kill player `who` at this much damage a turn (99: never). */
static int turns_to_kill(const GameState *s, int who, int life_dmg, int poison)
{
    int by_life = life_dmg > 0 ? (s->pl[who].life + life_dmg - 1) / life_dmg : 99;
    int left = POISON_LOSS - s->pl[who].poison;
    int by_poison = poison > 0 ? (left + poison - 1) / poison : 99;
    return by_life < by_poison ? by_life : by_poison;
}

/* Whether attacker a should attack at this aggression against these
 * potential blockers (Forge's aggression levels). */
static int worth_attacking(const GameState *s, int a, uint64_t blockers, int aggression)
{
    if (aggression >= 6) return 1;
    unsigned akw = perm_kw(s, a);
    int n_can = 0, killed_by = 0, kills_some = 0, trade_only = 1, cheaper_killer = 0;
    int av = aggression == 3 ? heuristic_creature_value(s, a) : 0;
    for (uint64_t m = blockers; m; m &= m - 1) {
        int b = bit_first(m);
        if (!can_block_kw(akw, perm_kw(s, b))) continue;
        n_can++;
        int r = duel(s, a, b);
        if (r & 2) kills_some = 1;
        if (r & 1) {
            killed_by = 1;
            if (!(r & 2)) trade_only = 0;
            else if (heuristic_creature_value(s, b) < av) cheaper_killer = 1;
        }
    }
    if ((akw & KW_MENACE) && n_can < 2) n_can = 0;
    if (n_can == 0) return aggression >= 1;
    switch (aggression) {
    case 5: return kills_some || !killed_by;
    case 4: return !killed_by || (trade_only && kills_some);
    case 3: return !killed_by || (trade_only && !cheaper_killer);
    case 2: return !killed_by;
    default: return 0;
    }
}

static int h_attack(const Policy *pol, const GameState *s, const Game *g, int p, Rng *rng, AttackDecl *out)
{
    const HeuristicParams *hp = params(pol);
    int opp = 1 - p;
    uint8_t cand[PERM_MAX];
    int nc = 0;
    for (uint64_t m = s->perm_ctl[p]; m; m &= m - 1)
        if (combat_can_attack(s, bit_first(m)) && perm_power(s, bit_first(m)) > 0) cand[nc++] = (uint8_t)bit_first(m);
    if (!nc) return 0;
    uint64_t their = 0;   /* opposing creatures, and those that can block now */
    for (uint64_t m = s->perm_ctl[opp]; m; m &= m - 1) if (perm_is_creature(s, bit_first(m))) their |= 1ull << bit_first(m);
    uint64_t blockers = 0;
    for (uint64_t m = their; m; m &= m - 1) if (!(s->perm[bit_first(m)].flags & PF_TAPPED)) blockers |= 1ull << bit_first(m);

    int dmg, poi;
    damage_through(s, cand, nc, blockers, &dmg, &poi);
    int n = 0;
    if (lethal(s, opp, dmg, poi)) {          /* alpha strike */
        for (int k = 0; k < nc; k++) out[n++] = (AttackDecl){ cand[k], TARGET_PLAYER };
        return n;
    }
    /* The race: if our attack kills them no later than theirs kills us,
     * press (aggression 5 at least). */
    uint8_t theirs[PERM_MAX];
    int nt = 0;
    for (uint64_t m = their; m; m &= m - 1)
        if (!perm_has(s, bit_first(m), KW_DEFENDER) && perm_power(s, bit_first(m)) > 0) theirs[nt++] = (uint8_t)bit_first(m);
    uint64_t all_mine = 0;
    for (uint64_t m = s->perm_ctl[p]; m; m &= m - 1) if (perm_is_creature(s, bit_first(m))) all_mine |= 1ull << bit_first(m);
    int aggression = hp->aggression;
    if (aggression >= 2 && aggression < 5) {
        int their_dmg, their_poi;
        damage_through(s, theirs, nt, 0, &their_dmg, &their_poi);
        int my_clock = turns_to_kill(s, opp, dmg, poi);
        int their_clock = turns_to_kill(s, p, their_dmg, their_poi);
        if (my_clock <= their_clock) aggression = 5;
    }
    uint8_t att[PERM_MAX];
    for (int k = 0; k < nc; k++)
        if (worth_attacking(s, cand[k], blockers, aggression)) att[n++] = cand[k];

    /* Keep blockers home when the counterattack could otherwise kill us,
     * and staying home would stop it. */
    if (hp->hold_back && aggression < 6 && n) {
        int cd, cp;
        damage_through(s, theirs, nt, all_mine, &cd, &cp);
        int savable = !lethal(s, p, cd, cp);
        while (savable && n) {
            uint64_t home = all_mine;
            for (int k = 0; k < n; k++) if (!perm_has(s, att[k], KW_VIGILANCE)) home &= ~(1ull << att[k]);
            damage_through(s, theirs, nt, home, &cd, &cp);
            if (!lethal(s, p, cd, cp)) break;
            /* Stay home with the attacker that blocks best: the toughest. */
            int drop = 0;
            for (int k = 1; k < n; k++) if (perm_toughness(s, att[k]) > perm_toughness(s, att[drop])) drop = k;
            att[drop] = att[--n];
        }
    }
    for (int k = 0; k < n; k++) out[k] = (AttackDecl){ att[k], TARGET_PLAYER };
    return n;
}

/* ---- blocking ---- */

typedef struct BlockPlan {
    uint8_t nb[PERM_MAX];           /* blockers assigned to each attacker slot */
    uint8_t bl[PERM_MAX][4];        /* the first few of them */
    uint64_t used;                  /* blockers already assigned */
} BlockPlan;

static void plan_add(BlockPlan *bp, int a, int b)
{
    if (bp->nb[a] < 4) bp->bl[a][bp->nb[a]] = (uint8_t)b;
    bp->nb[a]++;
    bp->used |= 1ull << b;
}

/* Life and poison the defender loses to the attackers at it under a plan. */
static void plan_damage(const GameState *s, const uint8_t *att, int na, const BlockPlan *bp, int *life, int *poison)
{
    *life = *poison = 0;
    for (int k = 0; k < na; k++) {
        int a = att[k];
        if (s->perm[a].target != TARGET_PLAYER) continue;
        int d;
        if (!bp->nb[a]) d = perm_power(s, a) * (perm_has(s, a, KW_DOUBLE_STRIKE) ? 2 : 1);
        else if (perm_has(s, a, KW_TRAMPLE)) d = fight(s, a, bp->bl[a], bp->nb[a] < 4 ? bp->nb[a] : 4).through;
        else d = 0;
        if (perm_has(s, a, KW_INFECT)) *poison += d; else *life += d;
    }
}

static int in_danger(const GameState *s, int p, int life_dmg, int poison, int chump_life)
{
    return s->pl[p].life - life_dmg <= chump_life || s->pl[p].poison + poison >= POISON_LOSS;
}

static int h_block(const Policy *pol, const GameState *s, const Game *g, int p, Rng *rng, BlockDecl *out)
{
    const HeuristicParams *hp = params(pol);
    uint8_t att[PERM_MAX];
    int na = 0;
    for (uint64_t m = s->combat.attackers; m; m &= m - 1) att[na++] = (uint8_t)bit_first(m);
    /* Most valuable attackers first. */
    int val[PERM_MAX];
    for (int k = 0; k < na; k++) val[att[k]] = heuristic_creature_value(s, att[k]);
    for (int k = 1; k < na; k++) {
        uint8_t v = att[k];
        int j = k;
        while (j > 0 && val[att[j - 1]] < val[v]) { att[j] = att[j - 1]; j--; }
        att[j] = v;
    }
    uint64_t mine = 0;
    for (uint64_t m = s->perm_ctl[p]; m; m &= m - 1) {
        int b = bit_first(m);
        if (perm_is_creature(s, b) && !(s->perm[b].flags & PF_TAPPED)) { mine |= 1ull << b; val[b] = heuristic_creature_value(s, b); }
    }
    BlockPlan bp;
    memset(&bp, 0, sizeof bp);
    /* Single-block fights, computed once: bit 0 known, 1 attacker dies, 2 blocker dies. */
    uint8_t dense[PERM_MAX];
    int nmine = 0;
    for (uint64_t m = mine; m; m &= m - 1) dense[bit_first(m)] = (uint8_t)nmine++;
    uint8_t fr[PERM_MAX * PERM_MAX];
    memset(fr, 0, (size_t)(na * nmine));

    if (hp->block_mode) {
        /* Pass 1: blocks that kill the attacker and survive; pass 2: blocks
         * that survive; pass 3: trades that pay. Cheapest blocker first. */
        for (int pass = 1; pass <= 3; pass++) {
            for (int k = 0; k < na; k++) {
                int a = att[k];
                if (bp.nb[a] || perm_has(s, a, KW_MENACE) || perm_power(s, a) <= 0) continue;
                int pick = -1;
                for (uint64_t m = mine & ~bp.used; m; m &= m - 1) {
                    int b = bit_first(m);
                    if (!combat_can_block(s, b, a)) continue;
                    uint8_t *r = &fr[k * nmine + dense[b]];
                    if (!*r) *r = (uint8_t)(1 | (duel(s, a, b) << 1));
                    int a_dies = (*r & 2) != 0, b_dies = (*r & 4) != 0;
                    int ok = pass == 1 ? (a_dies && !b_dies)
                           : pass == 2 ? !b_dies
                           : (a_dies && val[a] + hp->trade >= val[b]);
                    if (ok && (pick < 0 || val[b] < val[pick])) pick = b;
                }
                if (pick >= 0) plan_add(&bp, a, pick);
            }
        }
        /* Pass 4: gang blocks by two that kill an attacker worth more than what dies. */
        for (int k = 0; k < na; k++) {
            int a = att[k];
            if (bp.nb[a] || perm_power(s, a) <= 0) continue;
            int pb1 = -1, pb2 = -1, best_loss = val[a];
            for (uint64_t m1 = mine & ~bp.used; m1; m1 &= m1 - 1) {
                int b1 = bit_first(m1);
                if (!combat_can_block(s, b1, a)) continue;
                for (uint64_t m2 = (m1 & (m1 - 1)); m2; m2 &= m2 - 1) {
                    int b2 = bit_first(m2);
                    if (!combat_can_block(s, b2, a)) continue;
                    /* Two that cannot deal lethal together need no fight. */
                    if (!((perm_kw(s, b1) | perm_kw(s, b2)) & (KW_DEATHTOUCH | KW_DOUBLE_STRIKE | KW_WITHER | KW_INFECT)) &&
                        perm_power(s, b1) + perm_power(s, b2) < perm_toughness(s, a) - s->perm[a].damage)
                        continue;
                    uint8_t two[2] = { (uint8_t)b1, (uint8_t)b2 };
                    /* The attacker orders: assume it kills the costlier first. */
                    if (val[b2] > val[b1]) { two[0] = (uint8_t)b2; two[1] = (uint8_t)b1; }
                    Fight f = fight(s, a, two, 2);
                    if (!f.attacker_dies) continue;
                    int loss = ((f.blockers_die & 1) ? val[two[0]] : 0) + ((f.blockers_die & 2) ? val[two[1]] : 0);
                    if (loss < best_loss) { best_loss = loss; pb1 = two[0]; pb2 = two[1]; }
                }
            }
            if (pb1 >= 0) { plan_add(&bp, a, pb1); plan_add(&bp, a, pb2); }
        }
    }

    /* Pass 5: chump blocks while the damage would be lethal or leave too
     * little life (aggro: only when lethal). */
    int chump_life = hp->block_mode ? hp->chump_life : 0;
    uint64_t unblockable = 0;   /* attackers we found no (legal) chump for */
    for (int guard = 0; guard < na; guard++) {
        int dmg, poi;
        plan_damage(s, att, na, &bp, &dmg, &poi);
        if (!in_danger(s, p, dmg, poi, chump_life)) break;
        /* The unblocked attacker at us that hurts most, blocked by our least valuable creature. */
        int worst = -1, worst_d = 0;
        for (int k = 0; k < na; k++) {
            int a = att[k];
            if (bp.nb[a] || s->perm[a].target != TARGET_PLAYER || ((unblockable >> a) & 1)) continue;
            int d = perm_power(s, a) * (perm_has(s, a, KW_DOUBLE_STRIKE) ? 2 : 1);
            if (perm_has(s, a, KW_INFECT)) d *= 2;
            if (d > worst_d) { worst_d = d; worst = a; }
        }
        if (worst < 0) break;
        int need = perm_has(s, worst, KW_MENACE) ? 2 : 1, got = 0;
        uint8_t pick[2];
        for (int t = 0; t < need; t++) {
            int cheapest = -1;
            for (uint64_t m = mine & ~bp.used; m; m &= m - 1) {
                int b = bit_first(m);
                if ((got && pick[0] == b) || !combat_can_block(s, b, worst)) continue;
                if (cheapest < 0 || val[b] < val[cheapest]) cheapest = b;
            }
            if (cheapest >= 0) pick[got++] = (uint8_t)cheapest;
        }
        if (got < need) { unblockable |= 1ull << worst; continue; }
        for (int t = 0; t < got; t++) plan_add(&bp, worst, pick[t]);
    }

    /* Menace: a lone blocker gets a partner or steps back. */
    int n = 0;
    for (int k = 0; k < na; k++) {
        int a = att[k];
        if (bp.nb[a] == 1 && perm_has(s, a, KW_MENACE)) {
            int partner = -1;
            for (uint64_t m = mine & ~bp.used; m && partner < 0; m &= m - 1)
                if (combat_can_block(s, bit_first(m), a)) partner = bit_first(m);
            if (partner >= 0) plan_add(&bp, a, partner);
            else bp.nb[a] = 0;
        }
        for (int t = 0; t < bp.nb[a] && t < 4 && n < PAIR_MAX; t++) out[n++] = (BlockDecl){ bp.bl[a][t], (uint8_t)a };
    }
    return n;
}

/* ---- damage assignment ---- */

/* Orders slots by value, most valuable first: the attacker kills the best
 * blockers first; the defender's blocker hits the best attacker first. */
static void h_order(const Policy *pol, const GameState *s, const Game *g, int p, Rng *rng, int who, uint8_t *v, int n)
{
    int val[PAIR_MAX];
    for (int k = 0; k < n; k++) val[k] = heuristic_creature_value(s, v[k]);
    for (int k = 1; k < n; k++) {
        uint8_t x = v[k];
        int xv = val[k], j = k;
        while (j > 0 && val[j - 1] < xv) { v[j] = v[j - 1]; val[j] = val[j - 1]; j--; }
        v[j] = x; val[j] = xv;
    }
}

/* Lethal damage to each recipient in order (the most valuable first when
 * the edition imposes no order), the rest through with trample. */
static void h_assign(const Policy *pol, const GameState *s, const Game *g, int p, Rng *rng, const DamageChoice *dc, int16_t *amount)
{
    if (dc->ordered) { combat_default_division(dc, amount); return; }
    DamageChoice sorted = *dc;
    uint8_t pos[ASSIGN_MAX];
    int nc = dc->trample ? dc->n - 1 : dc->n;
    for (int k = 0; k < dc->n; k++) pos[k] = (uint8_t)k;
    for (int k = 1; k < nc; k++) {
        uint8_t x = pos[k];
        int j = k;
        while (j > 0 && heuristic_creature_value(s, dc->to[pos[j - 1]]) < heuristic_creature_value(s, dc->to[x])) { pos[j] = pos[j - 1]; j--; }
        pos[j] = x;
    }
    for (int k = 0; k < dc->n; k++) { sorted.to[k] = dc->to[pos[k]]; sorted.lethal[k] = dc->lethal[pos[k]]; }
    int16_t tmp[ASSIGN_MAX];
    combat_default_division(&sorted, tmp);
    for (int k = 0; k < dc->n; k++) amount[pos[k]] = tmp[k];
}

const Policy policy_heuristic = {
    "heuristic", &default_params,
    h_keep, h_bottom, h_main, h_attack, h_block, h_order, h_assign, h_discard
};

/* ---- aggro: everything attacks; blocks only to stay alive ---- */

static const HeuristicParams aggro_params = { 6, 0, 0, 100, 2, 5, 0, 0 };

static int aggro_attack(const Policy *pol, const GameState *s, const Game *g, int p, Rng *rng, AttackDecl *out)
{
    Policy inner = policy_heuristic;
    inner.self = &aggro_params;
    return h_attack(&inner, s, g, p, rng, out);
}

static int aggro_block(const Policy *pol, const GameState *s, const Game *g, int p, Rng *rng, BlockDecl *out)
{
    Policy inner = policy_heuristic;
    inner.self = &aggro_params;
    return h_block(&inner, s, g, p, rng, out);
}

const Policy policy_aggro = {
    "aggro", &aggro_params,
    h_keep, h_bottom, h_main, aggro_attack, aggro_block, h_order, h_assign, h_discard
};
