/* policy_heuristic.c: the heuristic and aggro policies (see heuristic.h).
 *
 * Every decision reads only what its player may see: its own hand, the
 * battlefield, life totals and counts. Never the opponent's hand, nor the
 * order of either library. */
#include <string.h>
#include "heuristic.h"
#include "policy_board.h"
#include "mana.h"
#include "layers.h"

static const HeuristicParams default_params = HEURISTIC_DEFAULTS;

#define STALL_DRAWS 3   /* the draws left before an empty library ends a stall in which its
                           player attacks all out (README, Policies: 1, 3 and 6 measured) */

const char *const heuristic_param_names[] = {
    "aggression", "chump_life", "trade", "card_value", "keep_min", "keep_max", "hold_back", "block_mode", "version", NULL
};

void heuristic_defaults(HeuristicParams *p) { *p = default_params; }

int heuristic_set(HeuristicParams *p, const char *name, int v)
{
    static const struct { int lo, hi; } range[] = {
        { 0, 6 }, { 0, 20 }, { -500, 500 }, { 0, 1000 }, { 0, 7 }, { 0, 7 }, { 0, 1 }, { 0, 1 }, { 1, HEURISTIC_VERSION }
    };
    int *field[] = { &p->aggression, &p->chump_life, &p->trade, &p->card_value,
                     &p->keep_min, &p->keep_max, &p->hold_back, &p->block_mode, &p->version };
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

/* What the keywords add to a creature's value (body_value), per point of
 * power or toughness and as a constant, except trample (which counts only
 * with power 2 or more). No term ties a keyword of bits 0-6 (card.h) to
 * one of bits 7-13: each half is looked up in a table of its 128
 * combinations, built here from the sums (two loads in place of some
 * fifty instructions, at each creature a combat decision values). */
#define KWV_(kw, k) ((int)(((kw) & (k)) != 0))
#define KWV_PER_PW(kw)                                                                                          \
    (10 * KWV_(kw, KW_FLYING) + 15 * KWV_(kw, KW_DOUBLE_STRIKE) +                                               \
     5 * (KWV_(kw, KW_FIRST_STRIKE) & !KWV_(kw, KW_DOUBLE_STRIKE)) + 10 * KWV_(kw, KW_LIFELINK) +               \
     5 * KWV_(kw, KW_VIGILANCE) + 4 * KWV_(kw, KW_MENACE) + 15 * KWV_(kw, KW_INFECT) + 10 * KWV_(kw, KW_WITHER) - \
     9 * KWV_(kw, KW_DEFENDER))
#define KWV_PER_T(kw) (5 * KWV_(kw, KW_VIGILANCE))
#define KWV_FIXED(kw)                                                                                           \
    (5 * (KWV_(kw, KW_REACH) & !KWV_(kw, KW_FLYING)) + 10 * KWV_(kw, KW_DOUBLE_STRIKE | KW_FIRST_STRIKE) +     \
     25 * KWV_(kw, KW_DEATHTOUCH) + 70 * KWV_(kw, KW_INDESTRUCTIBLE) + KWV_(kw, KW_HASTE) -                     \
     40 * KWV_(kw, KW_DEFENDER))
#define KWV_ROW(kw) { (int8_t)KWV_PER_PW(kw), (int8_t)KWV_PER_T(kw), (int8_t)KWV_FIXED(kw) }
#define KWV_LO(k) KWV_ROW((unsigned)(k))
#define KWV_HI(k) KWV_ROW((unsigned)(k) << 7)
#define KWV_2(f, k) f(k), f((k) + 1)
#define KWV_8(f, k) KWV_2(f, k), KWV_2(f, (k) + 2), KWV_2(f, (k) + 4), KWV_2(f, (k) + 6)
#define KWV_32(f, k) KWV_8(f, k), KWV_8(f, (k) + 8), KWV_8(f, (k) + 16), KWV_8(f, (k) + 24)
#define KWV_128(f) KWV_32(f, 0), KWV_32(f, 32), KWV_32(f, 64), KWV_32(f, 96)
typedef struct KwValue { int8_t per_pw, per_t, fixed; } KwValue;
static const KwValue kw_value_lo[128] = { KWV_128(KWV_LO) }, kw_value_hi[128] = { KWV_128(KWV_HI) };

/* Value of a creature with this power, toughness, keywords and mana value:
 * the body, and what each keyword adds (kw_value_lo, kw_value_hi; trample
 * here), without branches (which keywords a creature has follows no
 * pattern a predictor could learn). */
static inline int body_value(int pw, int t, unsigned kw, int mana_value)
{
    KwValue lo = kw_value_lo[kw & 127], hi = kw_value_hi[(kw >> 7) & 127];
    int trample = ((kw & KW_TRAMPLE) != 0) & (pw > 1);
    int per_pw = lo.per_pw + hi.per_pw + 15 * trample, per_t = lo.per_t + hi.per_t;
    int fixed = lo.fixed + hi.fixed - 15 * trample;
    return 80 + mana_value + pw * (15 + per_pw) + t * (10 + per_t) + fixed;
}

int heuristic_card_value(const CardDef *d, int x)
{
    return body_value(d->power, d->toughness, d->keywords, d->mana_value + x);
}

int heuristic_creature_value(const GameState *s, int i)
{
    return body_value(perm_power(s, i), perm_toughness(s, i), perm_kw(s, i), perm_def(s, i)->mana_value);
}

/* Value of a card in hand (a creature card by its printed body). */
static int card_hand_value(const CardDef *d)
{
    return d->power * 15 + d->toughness * 10 + d->mana_value * 5;
}

/* ---- what a combat decision reads ----
 *
 * An attack or block decision reads each creature's power, toughness,
 * keywords and damage many times over (every attacker against every
 * blocker, sorts, greedy assignments, values for every comparison): the
 * permanents hold them (state.h), and a View adds, for the one state a
 * decision looks at (a policy never changes the state it reads), which
 * potential blockers can block flyers, and values computed on first use
 * and kept. */
typedef struct View {
    const GameState *s;
    const Permanent *q;       /* s->perm: power, toughness, keywords, damage by slot */
    uint64_t valued[2];       /* slots whose value is in val[], by word of 64 slots (a
                                 load and a shift to test, where a PermSet takes two) */
    PermSet  blockers_of[2];  /* who can block a ground attacker (every slot) and a flyer
                                 (potential blockers with flying or reach) */
    const PermSet *can;       /* games with rules text: who can block each attacker slot
                                 (combat_blockers_for), set for the slots a decision asks;
                                 unset (and unread) without */
    int      val[PERM_MAX];   /* heuristic_creature_value, for slots in `valued` */
} View;

static void view_init(View *v, const GameState *s, PermSet reach)
{
    v->s = s;
    v->q = s->perm;
    v->valued[0] = v->valued[1] = 0;
    v->blockers_of[0] = ~(PermSet)0;
    v->blockers_of[1] = reach;
}

/* Slot i alone when the permanent in it has flying or reach, else nothing. */
static inline PermSet reach_bit(const Permanent *q, int i)
{
    return permset_bit_if((q->kw & (KW_FLYING | KW_REACH)) != 0, i);
}

static __attribute__((noinline)) int view_value_first(View *v, int i)
{
    v->val[i] = body_value(v->q[i].power, v->q[i].toughness, v->q[i].kw, perm_def(v->s, i)->mana_value);
    v->valued[i >> 6] |= 1ull << (i & 63);
    return v->val[i];
}

/* heuristic_creature_value of slot i, computed on first use and kept (a
 * decision compares few of them, many times; the check is inline, the
 * comparisons that ask it are in loops). Computing every value up front
 * measured slower. */
static inline int view_value(View *v, int i)
{
    return (v->valued[i >> 6] >> (i & 63)) & 1 ? v->val[i] : view_value_first(v, i);
}

/* Damage attacker a deals to a player if unblocked (double strike hits twice). */
static int view_unblocked(const View *v, int a)
{
    return v->q[a].power * ((v->q[a].kw & KW_DOUBLE_STRIKE) ? 2 : 1);
}

/* The slots among `able` that could block attacker a: by flying and reach
 * alone (702.9b, 702.17b), or with rules text (`rules`, a constant in each
 * copy of a decision) by every restriction on the pair, evasion included
 * (v->can). */
static inline PermSet view_can_block(const View *v, int a, PermSet able, int rules)
{
    if (rules) return able & v->can[a];
    return able & v->blockers_of[(v->q[a].kw & KW_FLYING) != 0];   /* a load, not a branch */
}

/* ---- one attacker against its blockers, as the rules would play it ---- */

#define FIGHT_MAX 4  /* blockers fight() plays against one attacker */

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

/* Plays attacker a against blockers bl[0..n-1] (in damage assignment order,
 * n <= FIGHT_MAX) through both damage steps, each assigning lethal damage
 * in order. */
static inline __attribute__((always_inline)) Fight fight_n(const View *v, int a, const uint8_t *bl, int n)
{
    Fight f = { 0, 0, 0 };
    unsigned akw = v->q[a].kw;
    int a_t = v->q[a].toughness, a_dmg = v->q[a].damage, a_cnt = 0, a_dt = 0;
    int b_t[FIGHT_MAX], b_dmg[FIGHT_MAX], b_cnt[FIGHT_MAX], b_dt[FIGHT_MAX], b_p[FIGHT_MAX];
    unsigned bkw[FIGHT_MAX];
    int any_fs = (akw & (KW_FIRST_STRIKE | KW_DOUBLE_STRIKE)) != 0;
    for (int k = 0; k < n; k++) {
        bkw[k] = v->q[bl[k]].kw;
        b_t[k] = v->q[bl[k]].toughness;
        b_p[k] = v->q[bl[k]].power;
        b_dmg[k] = v->q[bl[k]].damage;
        b_cnt[k] = b_dt[k] = 0;
        any_fs |= (bkw[k] & (KW_FIRST_STRIKE | KW_DOUBLE_STRIKE)) != 0;
    }
    for (int step = any_fs ? 0 : 1; step < 2; step++) {
        int fs = step == 0;
        int a_deals = !f.attacker_dies && deals_in(akw, fs, any_fs);
        int give[FIGHT_MAX] = {0};
        int through = 0;
        if (a_deals) {
            int left = v->q[a].power, last = -1;
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
            int p = b_p[k];
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

/* fight_n is inlined where n is known (fight2); elsewhere, this copy. */
static Fight fight(const View *v, int a, const uint8_t *bl, int n) { return fight_n(v, a, bl, n); }

/* fight() against two blockers (gang blocks try every pair). Without
 * first or double strike there is one damage step, played here without
 * fight()'s arrays: the attacker assigns lethal damage in order (any
 * damage with deathtouch), the rest to the second blocker or through
 * with trample; both blockers hit it back. */
static inline __attribute__((always_inline)) Fight fight2(const View *v, int a, const uint8_t *bl)
{
    unsigned akw = v->q[a].kw;
    int b0 = bl[0], b1 = bl[1];
    unsigned k0 = v->q[b0].kw, k1 = v->q[b1].kw;
    if ((akw | k0 | k1) & (KW_FIRST_STRIKE | KW_DOUBLE_STRIKE)) return fight_n(v, a, bl, 2);
    Fight f = { 0, 0, 0 };
    int left = v->q[a].power, g0 = 0, g1 = 0;
    if (left > 0) {
        int need = (akw & KW_DEATHTOUCH) ? 1 : v->q[b0].toughness - v->q[b0].damage;
        g0 = need < 0 ? 0 : need < left ? need : left;
        left -= g0;
        if (left > 0) {
            need = (akw & KW_DEATHTOUCH) ? 1 : v->q[b1].toughness - v->q[b1].damage;
            g1 = need < 0 ? 0 : need < left ? need : left;
            left -= g1;
            if (left > 0) {
                if (akw & KW_TRAMPLE) f.through = left;
                else g1 += left;
            }
        }
    }
    /* Damage to the attacker, and -1/-1 counters from wither or infect. */
    int a_dmg = v->q[a].damage, a_cnt = 0, a_dt = 0;
    int p0 = v->q[b0].power, p1 = v->q[b1].power;
    if (p0 > 0) { if (k0 & (KW_WITHER | KW_INFECT)) a_cnt += p0; else a_dmg += p0; a_dt |= (k0 & KW_DEATHTOUCH) != 0; }
    if (p1 > 0) { if (k1 & (KW_WITHER | KW_INFECT)) a_cnt += p1; else a_dmg += p1; a_dt |= (k1 & KW_DEATHTOUCH) != 0; }
    f.attacker_dies = dies(v->q[a].toughness, a_dmg, a_cnt, a_dt, akw);
    int counters = (akw & (KW_WITHER | KW_INFECT)) != 0, dt = (akw & KW_DEATHTOUCH) != 0;
    if (dies(v->q[b0].toughness, v->q[b0].damage + (counters ? 0 : g0), counters ? g0 : 0, dt && g0 > 0, k0)) f.blockers_die |= 1;
    if (dies(v->q[b1].toughness, v->q[b1].damage + (counters ? 0 : g1), counters ? g1 : 0, dt && g1 > 0, k1)) f.blockers_die |= 2;
    return f;
}

/* duel() in general: the first-strike damage step when either has first
 * or double strike (510.4), then the regular one; wither and infect deal
 * -1/-1 counters, indestructible survives damage. */
static int duel_slow(const View *v, int a, int b)
{
    unsigned ak = v->q[a].kw, bk = v->q[b].kw;
    int ap = v->q[a].power, bp = v->q[b].power;
    int at = v->q[a].toughness, bt = v->q[b].toughness;
    int ad = v->q[a].damage, bd = v->q[b].damage;
    if (!((ak | bk) & (KW_WITHER | KW_INFECT | KW_INDESTRUCTIBLE))) {
        /* First strike alone (the common case here): damage kills as in
         * duel()'s one step, in two steps. */
        int adt = 0, bdt = 0;
        if (ap > 0 && (ak & (KW_FIRST_STRIKE | KW_DOUBLE_STRIKE))) { bd += ap; bdt |= (ak & KW_DEATHTOUCH) != 0; }
        if (bp > 0 && (bk & (KW_FIRST_STRIKE | KW_DOUBLE_STRIKE))) { ad += bp; adt |= (bk & KW_DEATHTOUCH) != 0; }
        int a_dead = ad >= at || adt, b_dead = bd >= bt || bdt;
        int a_hits = !a_dead && ap > 0 && (!(ak & KW_FIRST_STRIKE) || (ak & KW_DOUBLE_STRIKE));
        int b_hits = !b_dead && bp > 0 && (!(bk & KW_FIRST_STRIKE) || (bk & KW_DOUBLE_STRIKE));
        if (a_hits) { bd += ap; bdt |= (ak & KW_DEATHTOUCH) != 0; }
        if (b_hits) { ad += bp; adt |= (bk & KW_DEATHTOUCH) != 0; }
        a_dead = a_dead || ad >= at || adt;
        b_dead = b_dead || bd >= bt || bdt;
        return a_dead | (b_dead << 1);
    }
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

/* One attacker against one blocker: bit 0 the attacker dies, bit 1 the
 * blocker dies. The same outcome as fight() with one blocker, without its
 * arrays (this runs for every attacker and blocker at every decision). */
static inline int duel(const View *v, int a, int b)
{
    unsigned ak = v->q[a].kw, bk = v->q[b].kw;
    /* Most pairs have neither first strike, counters-dealing damage nor
     * indestructible: one damage step, and a creature dies of the other's
     * power (or any deathtouch damage) added to its damage; a toughness of
     * 0 or less dies too, which the sum covers (damage is never negative). */
    if (!((ak | bk) & (KW_FIRST_STRIKE | KW_DOUBLE_STRIKE | KW_WITHER | KW_INFECT | KW_INDESTRUCTIBLE))) {
        int ap = v->q[a].power, bp = v->q[b].power;
        int a_hit = bp > 0, b_hit = ap > 0;        /* (`&`, `|`: no branches on who dies) */
        int a_dead = (v->q[a].damage + (a_hit ? bp : 0) >= v->q[a].toughness) | (a_hit & ((bk & KW_DEATHTOUCH) != 0));
        int b_dead = (v->q[b].damage + (b_hit ? ap : 0) >= v->q[b].toughness) | (b_hit & ((ak & KW_DEATHTOUCH) != 0));
        return a_dead | (b_dead << 1);
    }
    return duel_slow(v, a, b);
}

/* ---- mulligan, bottom, discard ---- */

static int is_land(const GameState *s, int p, uint8_t obj) { return (s->cards[OBJ_CARD(s, p, obj)].types & TYPE_LAND) != 0; }

static int hand_lands(const GameState *s, int p)
{
    int n = 0;
    for (int h = 0; h < s->pl[p].hand_n; h++) n += is_land(s, p, s->pl[p].hand[h]);
    return n;
}

/* Whether the hand's lands could cast one of its spells in the first turns
 * (mana value at most the lands + 1, each of its colors made by a land in
 * hand; a nonbasic land counts as any color). */
static int early_play(const GameState *s, int p, int lands)
{
    const Player *pl = &s->pl[p];
    unsigned colors = 0;
    for (int h = 0; h < pl->hand_n; h++) {
        const CardDef *d = &s->cards[OBJ_CARD(s, p, pl->hand[h])];
        if (d->types & TYPE_LAND) colors |= d->produces >= 0 ? 1u << d->produces : 0x3Fu;
    }
    for (int h = 0; h < pl->hand_n; h++) {
        const CardDef *d = &s->cards[OBJ_CARD(s, p, pl->hand[h])];
        if ((d->types & TYPE_LAND) || d->mana_value > lands + 1) continue;
        int ok = 1;
        for (int c = 0; c < COLOR_COUNT; c++) ok &= !d->cost_color[c] || ((colors >> c) & 1);
        if (ok) return 1;
    }
    return 0;
}

static int h_keep(const Policy *pol, const GameState *s, const Game *g, int p, Rng *rng)
{
    const HeuristicParams *hp = params(pol);
    int m = s->pl[p].mulligans, lands = hand_lands(s, p);
    if (m >= 2) return 1;
    if (lands < hp->keep_min || lands > hp->keep_max) return 0;
    /* Version 2 counts the spells too: a seven-card hand keeps only with
     * something its lands can cast early. */
    return hp->version < 2 || m || early_play(s, p, lands);
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
    int target = 7 - player_basics_all(s, p);
    shed(s, p, n, target < 1 ? 1 : target, out);
}

/* ---- main phase: land drops and casting ---- */

/* Best set of castable creature cards to cast now: the most mana spent, then
 * the most value. Returns the index in legal[] of the one to cast first, or -1. */
static int best_cast(const GameState *s, int p, const Action *legal, int n)
{
    const Player *pl = &s->pl[p];
    int idx[12], card[12], nc = 0;   /* idx: index in legal[] */
    for (int k = 0; k < n && nc < 12; k++) {
        if (legal[k].type != ACT_CAST) continue;
        /* Sorted by card, so copies of one card sit together. */
        int c = OBJ_CARD(s, p, pl->hand[legal[k].hand_idx]), j = nc++;
        while (j > 0 && card[j - 1] > c) { idx[j] = idx[j - 1]; card[j] = card[j - 1]; j--; }
        idx[j] = k; card[j] = c;
    }
    if (nc <= 1) return nc ? idx[0] : -1;   /* one castable card: it is the set */
    /* Available mana by color, packed (mana.h) with each lane clamped to
     * 127 for the subset search below; `exact` when no lane needed it,
     * else avail[] holds the counts. */
    uint64_t avail_p = 0;
    int avail[COLOR_COUNT], total = 0;
    int exact = mana_available(pl, &avail_p);
    if (exact) total = mana_total(avail_p);
    else {
        for (int c = 0; c < COLOR_COUNT; c++) {
            avail[c] = pl->land_n[c] - pl->land_tapped[c] + pl->mana[c];
            total += avail[c];
            avail_p |= (uint64_t)(avail[c] > 127 ? 127 : avail[c]) << (8 * c);
        }
    }
    /* Colored costs packed the same way (on a little-endian machine the
     * lanes are in color order, as avail_p's). */
    uint64_t cost[12];
    int mv[12];
    for (int k = 0; k < nc; k++) {
        const CardDef *d = &s->cards[card[k]];
        cost[k] = mana_pack(d->cost_color);
        mv[k] = d->mana_value;
    }
    /* dup: copies after the first of a card; a set takes copies in order. */
    int dup = 0;
    for (int k = 1; k < nc; k++) if (card[k] == card[k - 1]) dup |= 1 << k;
    int best_mask = 0, best_mana = -1, best_val = -1;
    /* Most often everything castable fits at once: then that is the best
     * set, no search needed. */
    {
        int mana = 0, fits = 1;
        if (exact) {
            /* Lanes below 128 add without carrying; a sum reaching 128
             * exceeds every (exact) lane of avail_p, and stops the sum. */
            uint64_t need = 0, high = 0;
            for (int k = 0; k < nc; k++) {
                mana += mv[k];
                need += cost[k];
                high |= cost[k] | need;   /* once a lane reaches 128, sums may carry: no fit */
            }
            fits = ((high & MANA_HIGH) == 0) & mana_covers(avail_p, need);
        } else {
            int need[COLOR_COUNT] = {0};
            for (int k = 0; k < nc; k++) {
                for (int c = 0; c < COLOR_COUNT; c++) need[c] += s->cards[card[k]].cost_color[c];
                mana += mv[k];
            }
            for (int c = 0; c < COLOR_COUNT; c++) if (need[c] > avail[c]) fits = 0;
        }
        if (fits && mana <= total) best_mask = (1 << nc) - 1;
    }
    if (!best_mask) {
        /* Every subset in Gray-code order, each step adding or removing one
         * card; colored needs packed a byte per color, checked at once
         * (a lane that borrows means a color is short). */
        int val_k[12];
        for (int k = 0; k < nc; k++) val_k[k] = card_hand_value(&s->cards[card[k]]);
        uint64_t need = 0;
        int mask = 0, mana = 0, val = 0;
        /* Without branches on the subsets (which fit and which is best
         * follows no pattern): each step adds or subtracts, then keeps the
         * set if it fits and beats the best so far. */
        for (int i = 1; i < (1 << nc); i++) {
            int k = __builtin_ctz((unsigned)i);
            mask ^= 1 << k;
            /* + or - card k: x + 0 or (x ^ -1) + 1 = -x, kept off the
             * sums' dependency chains (a multiply by +-1 sat on them). */
            int neg = !((mask >> k) & 1);
            uint64_t neg64 = 0 - (uint64_t)neg;
            need += (cost[k] ^ neg64) + (uint64_t)neg;
            mana += (mv[k] ^ -neg) + neg;
            val += (val_k[k] ^ -neg) + neg;
            int fits = (mana <= total) & !(dup & mask & ~(mask << 1)) &
                       ((((avail_p | MANA_HIGH) - need) & MANA_HIGH) == MANA_HIGH);
            int better = fits & ((mana > best_mana) | ((mana == best_mana) & (val > best_val)));
            best_mask = better ? mask : best_mask;
            best_mana = better ? mana : best_mana;
            best_val = better ? val : best_val;
        }
    }
    /* Cast the costliest of the set first (colors were checked for the set). */
    int pick = -1, pick_mv = -1;
    for (int k = 0; k < nc; k++) {
        if (!((best_mask >> k) & 1)) continue;
        if (mv[k] > pick_mv) { pick_mv = mv[k]; pick = idx[k]; }
    }
    return pick;
}

/* The land whose color the hand needs most. */
static int best_land(const GameState *s, int p, const Action *legal, int n)
{
    const Player *pl = &s->pl[p];
    /* The colors the land drops on offer make: the hand's needs are read
     * only for those. */
    int8_t color[ACTION_MAX];
    unsigned colors = 0;
    for (int k = 0; k < n; k++) {
        if (legal[k].type != ACT_LAND) continue;
        color[k] = (int8_t)play_color(play_of(s, p, pl->hand[legal[k].hand_idx]));
        colors |= 1u << color[k];
    }
    if (!colors) return -1;
    /* Lands of one color score alike: the first of them. */
    if (!(colors & (colors - 1))) {
        for (int k = 0; k < n; k++) if (legal[k].type == ACT_LAND) return k;
    }
    int need[COLOR_COUNT] = {0};
    uint8_t objects[COLOR_COUNT];                  /* basic lands by color: counts, or permanents */
    const uint8_t *have = pl->land_n;
    if (state_land_objects(s)) {
        for (int c = 0; c < COLOR_COUNT; c++) objects[c] = (uint8_t)player_basics(s, p, c, 0);
        have = objects;
    }
    for (int h = 0; h < pl->hand_n; h++) {
        uint64_t info = play_of(s, p, pl->hand[h]);
        int spell = !(info & PLAY_ANY_LAND);
        for (unsigned m = colors; m; m &= m - 1) {   /* short of lands: 1 + what is missing */
            int c = __builtin_ctz(m), x = play_cost(info, c) - have[c];
            need[c] += (x > 0 ? x + 1 : 0) * spell;
        }
    }
    int pick = -1, best = -1000000;
    for (int k = 0; k < n; k++) {
        if (legal[k].type != ACT_LAND) continue;
        int c = color[k];
        int score = need[c] * 16 - have[c];
        if (score > best) { best = score; pick = k; }
    }
    return pick;
}

/* Whether a land drop can be among player p's legal actions: at sorcery
 * speed with a drop left (305.1-2, as actions.c lists them; a player who
 * played a land has another only where a card of the decks gives one,
 * SPELLS_NO_EXTRA_LAND). Elsewhere (most of h_main's calls) the list is
 * not searched for one. */
static int land_drop_possible(const GameState *s, int p)
{
    return s->active == p && !s->stack_n && (s->step == STEP_MAIN1 || s->step == STEP_MAIN2) &&
           (!(s->pl[p].flags & PL_LAND_PLAYED) || !(s->spells & SPELLS_NO_EXTRA_LAND));
}

/* h_main in a game without rules text: a land, else the best spell. Out
 * of line: h_main, asked at every main-phase priority, keeps the small
 * frame of its other path. */
static __attribute__((noinline)) int h_main_creatures(const GameState *s, int p, const Action *legal, int n)
{
    int land = best_land(s, p, legal, n);
    if (land >= 0) return land;
    int cast = best_cast(s, p, legal, n);
    return cast >= 0 ? cast : 0;
}

static int h_main(const Policy *pol, const GameState *s, const Game *g, int p, Rng *rng, const Action *legal, int n)
{
    if (!s->spells) return h_main_creatures(s, p, legal, n);
    /* The land drops listed: the first, and the colors the basics among
     * them make (not_basic for a land without a basic's one color, a
     * dual land). */
    const unsigned not_basic = 1u << 31;
    int land = -1, look = land_drop_possible(s, p) ? n : 0;
    unsigned colors = 0;
    for (int k = 0; k < look; k++)
        if (legal[k].type == ACT_LAND) {
            if (land < 0) land = k;
            int c = s->cards[OBJ_CARD(s, p, s->pl[p].hand[legal[k].hand_idx])].produces;
            colors |= c >= 0 ? 1u << c : not_basic;
        }
    /* A land drop is the choice (heuristic_spells_main returns it as it
     * is given): the first when one is not basic or all make one color
     * (best_land's pick then, without the call), else the one best_land
     * picks (with a land listed, it picks one); each way a tail call,
     * with no frame kept across a call to best_land. */
    if (land < 0) return heuristic_spells_main_version(s, g, p, legal, n, land, params(pol)->version);
    return !(colors & not_basic) && (colors & (colors - 1)) ? best_land(s, p, legal, n) : land;
}

static int h_choose(const Policy *pol, const GameState *s, const Game *g, int p, Rng *rng, const Choice *c)
{
    (void)rng;
    return heuristic_choose_version(s, g, p, c, params(pol)->version);
}

/* ---- attacking ---- */

/* Sorts attackers strongest first into order[] (stable: equal powers keep
 * their order), as damage_through takes them. */
static void sort_by_power(const View *v, const uint8_t *att, int na, uint8_t *order)
{
    for (int k = 0; k < na; k++) {
        uint8_t x = att[k];
        int j = k;
        while (j > 0 && v->q[order[j - 1]].power < v->q[x].power) { order[j] = order[j - 1]; j--; }
        order[j] = x;
    }
}

/* Damage (life and poison) the defender takes if it blocks as well as it
 * can: each potential blocker stops the strongest attacker it can block.
 * `order` lists the attackers strongest first (sort_by_power): a decision
 * sorts each list once and asks this of it against several sets of
 * blockers. */
static inline __attribute__((always_inline)) void damage_through(const View *v, const uint8_t *order, int na,
                                                                 PermSet blockers, int *life_dmg, int *poison,
                                                                 int rules)
{
    int life = 0, poi = 0;
    PermSet free_b = blockers;
    for (int k = 0; k < na; k++) {
        int a = order[k], d = v->q[a].power;
        unsigned akw = v->q[a].kw;
        if (!(akw & (KW_MENACE | KW_TRAMPLE))) {
            /* One blocker stops it all: the first that can (taken, and
             * the damage zeroed, without branching on whether one can). */
            PermSet m = view_can_block(v, a, free_b, rules), took = m & (0 - m);
            free_b &= ~took;
            d = took ? 0 : d;
        } else if (free_b) {
            int need = (akw & KW_MENACE) ? 2 : 1, got = 0, absorb = 0;
            PermSet took = 0;
            for (PermIter it = permset_iter(view_can_block(v, a, free_b, rules)); got < need && permiter_more(&it);) {
                int b = permiter_next(&it);
                took |= PERMSET_BIT(b); got++;
                absorb += v->q[b].toughness;
            }
            if (got == need) {
                free_b &= ~took;
                d -= (akw & KW_TRAMPLE) ? (d < absorb ? d : absorb) : d;
            }
        }
        d = d > 0 ? d * (1 + ((akw & KW_DOUBLE_STRIKE) != 0)) : 0;
        int infect = (akw & KW_INFECT) != 0;
        poi += infect ? d : 0;
        life += infect ? 0 : d;
    }
    *life_dmg = life;
    *poison = poi;
}

/* damage_through with no blockers: every attacker's power, twice with
 * double strike, as poison with infect. */
static void unblocked_damage(const View *v, const uint8_t *att, int na, int *life_dmg, int *poison)
{
    int life = 0, poi = 0;
    for (int k = 0; k < na; k++) {
        const Permanent *q = &v->q[att[k]];
        int d = q->power > 0 ? q->power << ((q->kw & KW_DOUBLE_STRIKE) != 0) : 0;
        if (q->kw & KW_INFECT) poi += d; else life += d;
    }
    *life_dmg = life;
    *poison = poi;
}

static int lethal(const GameState *s, int who, int life_dmg, int poison)
{
    return (life_dmg >= s->pl[who].life) | (poison >= POISON_LOSS - s->pl[who].poison);
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
 * potential blockers (Forge's aggression levels). The duels stop as soon
 * as the level's answer is known: only the answer is used. */
static inline __attribute__((always_inline)) int worth_attacking(View *v, int a, PermSet blockers, int aggression,
                                                                 int rules)
{
    if (aggression >= 6) return 1;
    PermSet can = view_can_block(v, a, blockers, rules);
    /* No blocker, or a menace attacker against a single one: unblockable. */
    if (!can || ((v->q[a].kw & KW_MENACE) && !(can & (can - 1)))) return aggression >= 1;
    if (aggression < 2) return 0;
    int killed_by = 0, kills_some = 0, trade_only = 1, cheaper_killer = 0;
    for (PermIter it = permset_iter(can); permiter_more(&it);) {
        int b = permiter_next(&it);
        int r = duel(v, a, b), kills = r >> 1, killed = r & 1;
        kills_some |= kills;
        killed_by |= killed;
        trade_only &= kills | !killed;
        if (r == 3 && aggression == 3 && view_value(v, b) < view_value(v, a)) cheaper_killer = 1;
        /* Once these hold, no later blocker changes the answer. */
        if (aggression == 5 ? kills_some
            : killed_by && (aggression == 2 || !trade_only || (aggression == 3 && cheaper_killer)))
            break;
    }
    switch (aggression) {
    case 5: return kills_some || !killed_by;
    case 4: return !killed_by || (trade_only && kills_some);
    case 3: return !killed_by || (trade_only && !cheaper_killer);
    default: return !killed_by;   /* 2 */
    }
}

/* Which of our creatures (all_mine, less those that can't block) can
 * block each of theirs, in can[]: asked only when the attack may have to
 * keep blockers home (most attacks never do). */
static void can_block_theirs(const GameState *s, PermSet all_mine, const uint8_t *theirs, int nt, PermSet *can)
{
    PermSet home = 0;
    for (PermIter it = permset_iter(all_mine); permiter_more(&it);) {
        int i = permiter_next(&it);
        home |= permset_bit_if(!(s->perm[i].flags & PF_NO_BLOCK), i);
    }
    combat_blockers_each(s, theirs, nt, home, can);
}

/* What the copy for games with rules text sees on its way, for the steps
 * after the decision (h_attack_rules): the rules abilities of all the
 * active player's permanents together, and whether any of the defender's
 * has loyalty. */
typedef struct AttackSeen {
    uint32_t our_rules;
    int their_loyalty;
} AttackSeen;

/* An attack or block decision reads every creature of both players and
 * compares masks of them over and over. Its body is compiled twice
 * (always_inline, `wide` a constant in each copy): for the usual
 * battlefield, with no permanent in a slot past 63, where permset_narrow
 * tells the compiler that every mask's high word is zero (it then drops
 * all that works on it, and inlines what it inlined when masks were 64
 * bits: damage_through, worth_attacking, fight2), and for a larger one.
 * Games with rules text have copies of their own (`rules`, of either
 * width too): who can block whom comes from combat_blockers_for
 * (evasion, protection, blocking limits), and the requirements are met.
 * h_attack and h_block pick the copy. */
static inline __attribute__((always_inline)) int h_attack_in(const Policy *pol, const GameState *s, const Game *g,
                                                             int p, Rng *rng, AttackDecl *out, int wide, int rules,
                                                             PermSet *can, AttackSeen *seen)
{
    const HeuristicParams *hp = params(pol);
    int opp = 1 - p;
    if (p != s->active) return 0;                      /* only the active player attacks (508.1) */
    uint32_t our_rules = 0;
    int their_loyalty = 0;
    /* Our creatures, and those that can attack (combat_can_attack) with
     * some power, in cand[]; their creatures that can block now, and
     * those that can hit back, in theirs[]. Made without branches:
     * which creature is which follows no pattern a branch predictor could
     * learn (lists are written at their end always, and grow or not).
     * Flying and reach (`reach`) are read for view_can_block without
     * rules text only: with it, v.can says who can block whom. */
    PermSet blockers = 0, reach = 0;
    uint8_t cand[PERM_MAX], theirs[PERM_MAX];
    int nc = 0, nt = 0;
    for (PermIter it = permset_iter(permset_narrow(s->perm_ctl[p], wide)); permiter_more(&it);) {
        int i = permiter_next(&it);
        const Permanent *q = &s->perm[i];
        if (!rules) reach |= reach_bit(q, i);
        if (rules) our_rules |= s->px[i].rules;
        cand[nc] = (uint8_t)i;
        /* combat_may_attack adds to perm_can_attack (i is the active
         * player's) only "can't attack unless": asked of those that have it. */
        nc += perm_can_attack(q) & (q->power > 0) &
              (!rules || !(s->px[i].rules & RULE_BIT(RULE_ATTACK_ONLY_IF)) || combat_may_attack(s, i));
    }
    if (rules) seen->our_rules = our_rules;
    if (!nc) return 0;
    for (PermIter it = permset_iter(permset_narrow(s->perm_ctl[opp], wide)); permiter_more(&it);) {
        int i = permiter_next(&it);
        const Permanent *q = &s->perm[i];
        int creature = (q->flags & PF_CREATURE) != 0;
        if (rules) their_loyalty |= q->loyalty;
        blockers |= permset_bit_if(creature & !(q->flags & (rules ? PF_TAPPED | PF_NO_BLOCK : PF_TAPPED)), i);
        if (!rules) reach |= reach_bit(q, i);
        theirs[nt] = (uint8_t)i;
        nt += creature & !(q->kw & KW_DEFENDER) & (q->power > 0);
    }
    if (rules) seen->their_loyalty = their_loyalty;
    View v;
    view_init(&v, s, reach);
    if (rules) {   /* who can block each of ours (which of ours each of theirs: the hold-back, below) */
        combat_blockers_each(s, cand, nc, blockers, can);
        v.can = can;
    }

    uint8_t order[PERM_MAX];
    int dmg, poi;
    if (blockers) {
        sort_by_power(&v, cand, nc, order);
        damage_through(&v, order, nc, blockers, &dmg, &poi, rules);
    } else {
        unblocked_damage(&v, cand, nc, &dmg, &poi);
    }
    int n = 0;
    if (lethal(s, opp, dmg, poi)) {          /* alpha strike */
        for (int k = 0; k < nc; k++) out[n++] = (AttackDecl){ cand[k], TARGET_PLAYER };
        return n;
    }
    /* The race: if our attack kills them no later than theirs kills us,
     * press (aggression 5 at least). */
    int aggression = hp->aggression;
    /* Their counterattack if nothing blocks it. */
    int their_dmg, their_poi;
    unblocked_damage(&v, theirs, nt, &their_dmg, &their_poi);
    if (aggression >= 2 && aggression < 5) {
        int my_clock = turns_to_kill(s, opp, dmg, poi);
        int their_clock = turns_to_kill(s, p, their_dmg, their_poi);
        if (my_clock <= their_clock) aggression = 5;
    }
    /* A stall that drawing will end (version 2): the opponent draws
     * first, so whoever has fewer cards in library than the other loses
     * by drawing from an empty one (704.5b). In the last turns before
     * that, the player who will lose attacks with everything (what it
     * keeps home cannot save it), and the one who will win attacks only
     * where nothing can block, holding back what stops a lethal attack. */
    if (hp->version >= 2 && hp->aggression < 6) {
        int mine = s->pl[p].lib_n, theirs_n = s->pl[opp].lib_n;
        if (mine < theirs_n && mine <= STALL_DRAWS) aggression = 6;
        else if (theirs_n <= mine && theirs_n <= STALL_DRAWS && aggression > 1) aggression = 1;
    }
    uint8_t att[PERM_MAX];
    for (int k = 0; k < nc; k++)
        if (worth_attacking(&v, cand[k], blockers, aggression, rules) ||
            (rules && (perm_must_attack(s, cand[k]) ||                       /* 508.1d */
                       perm_borrowed(s, cand[k]))))      /* its owner's again at cleanup: nothing to keep */
            att[n++] = cand[k];

    /* Keep blockers home when the counterattack could otherwise kill us,
     * and staying home would stop it. Blockers never add damage: when the
     * counterattack unblocked is not lethal, no one needs to stay. */
    if (hp->hold_back && aggression < 6 && n && lethal(s, p, their_dmg, their_poi)) {
        PermSet all_mine = 0;   /* our creatures (read here only: most attacks never get here) */
        for (PermIter it = permset_iter(permset_narrow(s->perm_ctl[p], wide)); permiter_more(&it);) {
            int i = permiter_next(&it);
            all_mine |= permset_bit_if((s->perm[i].flags & PF_CREATURE) != 0, i);
        }
        if (rules) can_block_theirs(s, all_mine, theirs, nt, can);
        int cd, cp;
        sort_by_power(&v, theirs, nt, order);
        damage_through(&v, order, nt, all_mine, &cd, &cp, rules);
        int savable = !lethal(s, p, cd, cp);
        while (savable && n) {
            PermSet home = all_mine;
            for (int k = 0; k < n; k++) if (!(v.q[att[k]].kw & KW_VIGILANCE)) home &= ~PERMSET_BIT(att[k]);
            damage_through(&v, order, nt, home, &cd, &cp, rules);
            if (!lethal(s, p, cd, cp)) break;
            /* Stay home with the attacker that blocks best: the toughest
             * (with rules text, of those that need not attack). */
            int drop = 0;
            if (rules) {
                drop = -1;
                for (int k = 0; k < n; k++)
                    if (!perm_must_attack(s, att[k]) && !perm_borrowed(s, att[k]) &&
                        (drop < 0 || v.q[att[k]].toughness > v.q[att[drop]].toughness))
                        drop = k;
                if (drop < 0) break;
            } else {
                for (int k = 1; k < n; k++) if (v.q[att[k]].toughness > v.q[att[drop]].toughness) drop = k;
            }
            att[drop] = att[--n];
        }
    }
    for (int k = 0; k < n; k++) out[k] = (AttackDecl){ att[k], TARGET_PLAYER };
    return n;
}

/* The copy for games with rules text, out of line: the creature-only
 * copies stay as they were without it. */
/* The attackers chosen, aimed at the defender's planeswalkers (508.1b)
 * when their power together falls short of the defender's life: each
 * planeswalker, the most loyal first, gets the weakest attacker that
 * alone could remove all its loyalty, else the strongest few that
 * together could; the rest stay at the player. */
static void aim_planeswalkers(const GameState *s, int p, AttackDecl *out, int n)
{
    int opp = 1 - p, total = 0;
    uint8_t pw[PERM_MAX];
    int npw = 0;
    for (PermIter it = permset_iter(s->perm_ctl[opp]); permiter_more(&it);) {
        int i = permiter_next(&it);
        if (s->perm[i].loyalty && perm_is_planeswalker(s, i)) pw[npw++] = (uint8_t)i;
    }
    if (!npw) return;
    for (int k = 0; k < n; k++) total += s->perm[out[k].attacker].power;
    if (total >= s->pl[opp].life) return;                        /* at the player: it may be lethal */
    for (int a = 1; a < npw; a++)                                /* the most loyal first */
        for (int b = a; b > 0 && s->perm[pw[b]].loyalty > s->perm[pw[b - 1]].loyalty; b--) {
            uint8_t t = pw[b]; pw[b] = pw[b - 1]; pw[b - 1] = t;
        }
    for (int w = 0; w < npw; w++) {
        int loyalty = s->perm[pw[w]].loyalty, one = -1;
        for (int k = 0; k < n; k++) {
            int pk = s->perm[out[k].attacker].power;
            if (out[k].target == TARGET_PLAYER && pk >= loyalty &&
                (one < 0 || pk < s->perm[out[one].attacker].power))
                one = k;
        }
        if (one >= 0) { out[one].target = pw[w]; continue; }
        int sum = 0, pick[PERM_MAX], np = 0;
        uint8_t used[PERM_MAX] = { 0 };
        while (sum < loyalty) {
            int best = -1;
            for (int k = 0; k < n; k++)
                if (out[k].target == TARGET_PLAYER && !used[k] && s->perm[out[k].attacker].power > 0 &&
                    (best < 0 || s->perm[out[k].attacker].power > s->perm[out[best].attacker].power))
                    best = k;
            if (best < 0) break;
            used[best] = 1;
            pick[np++] = best;
            sum += s->perm[out[best].attacker].power;
        }
        if (sum >= loyalty) for (int k = 0; k < np; k++) out[pick[k]].target = pw[w];
    }
}

/* What the attack repair asks for, the active player's rules abilities
 * together: an attack requirement, or "can't attack alone". */
#define ATTACK_REPAIR_RULES (RULE_BIT(RULE_MUST_ATTACK) | RULE_BIT(RULE_MUST_ATTACK_YOU) | RULE_BIT(RULE_NOT_ALONE))

static __attribute__((noinline)) int h_attack_rules(const Policy *pol, const GameState *s, const Game *g, int p,
                                                    Rng *rng, AttackDecl *out)
{
    PermSet can[PERM_MAX];
    AttackSeen seen = { ~0u, 1 };   /* (what h_attack_in leaves unread: ask everything) */
    /* Narrow masks on the usual battlefield, as in the creature-only copies. */
    int n = permset_wide(s->perm_used) ? h_attack_in(pol, s, g, p, rng, out, 1, 1, can, &seen)
                                       : h_attack_in(pol, s, g, p, rng, out, 0, 1, can, &seen);
    /* With no attacker, or no loyalty among the defender's permanents, no
     * look for planeswalkers; with none of ATTACK_REPAIR_RULES the repair
     * keeps the declaration as it is (each of cand[] is able). */
    if (n && seen.their_loyalty) aim_planeswalkers(s, p, out, n);
    if (!(seen.our_rules & ATTACK_REPAIR_RULES)) return n;
    return combat_attack_repair_able(s, out, n);
}

static int h_attack(const Policy *pol, const GameState *s, const Game *g, int p, Rng *rng, AttackDecl *out)
{
    if (s->spells) return h_attack_rules(pol, s, g, p, rng, out);
    if (permset_wide(s->perm_used)) return h_attack_in(pol, s, g, p, rng, out, 1, 0, NULL, NULL);
    return h_attack_in(pol, s, g, p, rng, out, 0, 0, NULL, NULL);
}

/* ---- blocking ---- */

typedef struct BlockPlan {
    uint8_t nb[PERM_MAX];           /* blockers assigned to each attacker slot */
    uint8_t bl[PERM_MAX][FIGHT_MAX];/* the first few of them */
    PermSet used;                   /* blockers already assigned */
} BlockPlan;

static void plan_add(BlockPlan *bp, int a, int b)
{
    if (bp->nb[a] < FIGHT_MAX) bp->bl[a][bp->nb[a]] = (uint8_t)b;
    bp->nb[a]++;
    bp->used |= PERMSET_BIT(b);
}

/* Life and poison the defender loses to the attackers at it under a plan. */
static void plan_damage(const View *v, const uint8_t *att, int na, const BlockPlan *bp, int *life, int *poison)
{
    int l = 0, po = 0;
    for (int k = 0; k < na; k++) {
        int a = att[k];
        unsigned kw = v->q[a].kw;
        int blocked = bp->nb[a] != 0;
        /* Which attackers are blocked follows no pattern: selects, not
         * branches, except for the rare blocked trampler. */
        int d = blocked ? 0 : view_unblocked(v, a);
        if (blocked && (kw & KW_TRAMPLE)) d = fight(v, a, bp->bl[a], bp->nb[a] < FIGHT_MAX ? bp->nb[a] : FIGHT_MAX).through;
        d = v->q[a].target == TARGET_PLAYER ? d : 0;
        int infect = (kw & KW_INFECT) != 0;
        po += infect ? d : 0;
        l += infect ? 0 : d;
    }
    *life = l;
    *poison = po;
}

/* The least valuable creature of a nonempty mask; the first of equals. */
static int cheapest(View *v, PermSet m)
{
    PermIter it = permset_iter(m);
    permiter_more(&it);
    int pick = permiter_next(&it);
    while (permiter_more(&it)) {
        int i = permiter_next(&it);
        if (view_value(v, i) < view_value(v, pick)) pick = i;
    }
    return pick;
}

static int in_danger(const GameState *s, int p, int life_dmg, int poison, int chump_life)
{
    return (s->pl[p].life - life_dmg <= chump_life) | (s->pl[p].poison + poison >= POISON_LOSS);
}

static inline __attribute__((always_inline)) int h_block_in(const Policy *pol, const GameState *s, const Game *g,
                                                            int p, Rng *rng, BlockDecl *out, int wide, int rules,
                                                            PermSet *can_of)
{
    const HeuristicParams *hp = params(pol);
    /* Only the defending player blocks (509.1): combat_can_block would
     * refuse every pair of anyone else. Past this, an untapped creature
     * of ours can block an attacker unless flying stops it, which is all
     * view_can_block checks. */
    if (p != 1 - s->active) return 0;
    uint8_t att[PERM_MAX];
    int na = 0;
    for (PermIter it = permset_iter(permset_narrow(s->combat.attackers, wide)); permiter_more(&it);)
        att[na++] = (uint8_t)permiter_next(&it);
    PermSet mine = 0, reach = 0;   /* who can block: our untapped creatures (no branches, as in h_attack) */
    for (PermIter it = permset_iter(permset_narrow(s->perm_ctl[p], wide)); permiter_more(&it);) {
        int i = permiter_next(&it);
        const Permanent *q = &s->perm[i];
        mine |= permset_bit_if((q->flags & (PF_CREATURE | PF_TAPPED | PF_NO_BLOCK)) == PF_CREATURE, i);
        if (!rules) reach |= reach_bit(q, i);   /* (with rules text, v.can: as in h_attack) */
    }
    reach &= mine;
    if (!mine) return 0;                     /* nothing to block with */
    View v;
    view_init(&v, s, reach);
    /* rules: who can block each attacker; "no more than one" attackers
     * (max_one) get no gang block, and with menace too no block at all. */
    PermSet max_one = 0;
    if (rules) {
        combat_blockers_each(s, att, na, mine, can_of);
        for (int k = 0; k < na; k++) {
            int a = att[k], mo = perm_rule(s, a, RULE_MAX_ONE_BLOCKER);
            if (mo && (v.q[a].kw & KW_MENACE)) can_of[a] = 0;
            max_one |= permset_bit_if(mo, a);
        }
        v.can = can_of;
    }
    /* Most valuable attackers first. */
    for (int k = 1; k < na; k++) {
        uint8_t x = att[k];
        int j = k;
        while (j > 0 && view_value(&v, att[j - 1]) < view_value(&v, x)) { att[j] = att[j - 1]; j--; }
        att[j] = x;
    }
    BlockPlan bp;   /* only the entries of attackers are read */
    bp.used = 0;
    for (int k = 0; k < na; k++) bp.nb[att[k]] = 0;

    if (hp->block_mode) {
        /* Single blocks, each fight played once, as masks over our
         * creatures: can[k] those that can block attacker att[k] alone,
         * kills[k] those that would kill it, lives[k] those that would
         * survive it. Attackers with menace or no power get none. */
        PermSet can[PERM_MAX], kills[PERM_MAX], lives[PERM_MAX];
        PermSet wanted[4] = { 0, 0, 0, 0 };   /* pass p's wants, all attackers together */
        for (int k = 0; k < na; k++) {
            int a = att[k];
            can[k] = kills[k] = lives[k] = 0;
            if ((v.q[a].kw & KW_MENACE) || v.q[a].power <= 0) continue;
            PermSet ck = view_can_block(&v, a, mine, rules), kk = 0, ll = 0;
            for (PermIter it = permset_iter(ck); permiter_more(&it);) {
                int b = permiter_next(&it), r = duel(&v, a, b);
                kk |= permset_bit_if(r & 1, b);
                ll |= permset_bit_if(~r >> 1 & 1, b);
            }
            can[k] = ck; kills[k] = kk; lives[k] = ll;
            wanted[1] |= kk & ll;
            wanted[2] |= ll;
            wanted[3] |= kk;
        }
        /* Pass 1: blocks that kill the attacker and survive; pass 2: blocks
         * that survive; pass 3: trades that pay. Cheapest blocker first. A
         * pass that wants no blocker for any attacker adds nothing: skipped. */
        for (int pass = 1; pass <= 3; pass++) {
            if (!wanted[pass]) continue;
            for (int k = 0; k < na; k++) {
                int a = att[k];
                /* Masks rather than branches: which attackers are still
                 * unblocked and who may block them follows no pattern. */
                PermSet open = permset_all_if(bp.nb[a] == 0);
                PermSet want = pass == 1 ? kills[k] & lives[k] : pass == 2 ? lives[k] : kills[k];
                PermSet ok = permset_narrow(can[k] & want, wide) & ~bp.used & open;
                if (pass == 3)
                    for (PermIter it = permset_iter(ok); permiter_more(&it);) {
                        int b = permiter_next(&it);
                        if (view_value(&v, a) + hp->trade < view_value(&v, b)) ok &= ~PERMSET_BIT(b);
                    }
                if (ok) plan_add(&bp, a, cheapest(&v, ok));
            }
        }
        /* Pass 4: gang blocks by two that kill an attacker worth more than what dies. */
        for (int k = 0; k < na; k++) {
            int a = att[k];
            if (bp.nb[a] || v.q[a].power <= 0 || (rules && permset_has(max_one, a))) continue;
            PermSet able = view_can_block(&v, a, mine & ~bp.used, rules);
            if (!(able & (able - 1))) continue;     /* not two of us to block it */
            int pb1 = -1, pb2 = -1, best_loss = view_value(&v, a);
            for (PermIter it1 = permset_iter(able); permiter_more(&it1);) {
                int b1 = permiter_next(&it1);
                for (PermIter it2 = it1; permiter_more(&it2);) {   /* the slots after b1 */
                    int b2 = permiter_next(&it2);
                    /* Two that cannot deal lethal together need no fight. */
                    if (!((v.q[b1].kw | v.q[b2].kw) & (KW_DEATHTOUCH | KW_DOUBLE_STRIKE | KW_WITHER | KW_INFECT)) &&
                        v.q[b1].power + v.q[b2].power < v.q[a].toughness - v.q[a].damage)
                        continue;
                    uint8_t two[2] = { (uint8_t)b1, (uint8_t)b2 };
                    /* The attacker orders: assume it kills the costlier first. */
                    if (view_value(&v, b2) > view_value(&v, b1)) { two[0] = (uint8_t)b2; two[1] = (uint8_t)b1; }
                    Fight f = fight2(&v, a, two);
                    if (!f.attacker_dies) continue;
                    int loss = ((f.blockers_die & 1) ? view_value(&v, two[0]) : 0) +
                               ((f.blockers_die & 2) ? view_value(&v, two[1]) : 0);
                    if (loss < best_loss) { best_loss = loss; pb1 = two[0]; pb2 = two[1]; }
                }
            }
            if (pb1 >= 0) { plan_add(&bp, a, pb1); plan_add(&bp, a, pb2); }
        }
    }

    /* Pass 5: chump blocks while the damage would be lethal or leave too
     * little life (aggro: only when lethal). */
    int chump_life = hp->block_mode ? hp->chump_life : 0;
    PermSet unblockable = 0;   /* attackers we found no (legal) chump for */
    int safe = 0;               /* the plan as it stands keeps us out of danger */
    for (int guard = 0; guard < na; guard++) {
        int dmg, poi;
        plan_damage(&v, att, na, &bp, &dmg, &poi);
        if (!in_danger(s, p, dmg, poi, chump_life)) { safe = 1; break; }
        /* The unblocked attacker at us that hurts most, blocked by our least valuable creature. */
        int worst = -1, worst_d = 0;
        for (int k = 0; k < na; k++) {   /* (without branches, as above) */
            int a = att[k];
            int open = (bp.nb[a] == 0) & (s->perm[a].target == TARGET_PLAYER) & !permset_has(unblockable, a);
            int d = view_unblocked(&v, a) * (1 + ((v.q[a].kw & KW_INFECT) != 0));
            int worse = open & (d > worst_d);
            worst = worse ? a : worst;
            worst_d = worse ? d : worst_d;
        }
        if (worst < 0) break;
        int need = (v.q[worst].kw & KW_MENACE) ? 2 : 1, got = 0;
        uint8_t pick[2];
        PermSet able = view_can_block(&v, worst, mine & ~bp.used, rules);
        for (int t = 0; t < need; t++) {
            int cheapest = -1;
            for (PermIter it = permset_iter(able); permiter_more(&it);) {
                int b = permiter_next(&it);
                if (got && pick[0] == b) continue;
                if (cheapest < 0 || view_value(&v, b) < view_value(&v, cheapest)) cheapest = b;
            }
            if (cheapest >= 0) pick[got++] = (uint8_t)cheapest;
        }
        if (got < need) { unblockable |= PERMSET_BIT(worst); continue; }
        for (int t = 0; t < got; t++) plan_add(&bp, worst, pick[t]);
    }

    /* Pass 6: still in danger, reinforce blocks against trample: another
     * blocker soaks up damage that would otherwise go through. */
    int trample = 0;
    for (int k = 0; k < na; k++) trample |= (v.q[att[k]].kw & KW_TRAMPLE) != 0;
    for (int guard = 0; guard < na && !safe && trample; guard++) {
        int dmg, poi;
        plan_damage(&v, att, na, &bp, &dmg, &poi);
        if (!in_danger(s, p, dmg, poi, chump_life)) break;
        int best = -1, best_through = 0;
        for (int k = 0; k < na; k++) {
            int a = att[k];
            if (!bp.nb[a] || bp.nb[a] >= FIGHT_MAX || !(v.q[a].kw & KW_TRAMPLE) || s->perm[a].target != TARGET_PLAYER ||
                (rules && permset_has(max_one, a)))
                continue;
            int through = fight(&v, a, bp.bl[a], bp.nb[a]).through;
            if (through > best_through && view_can_block(&v, a, mine & ~bp.used, rules)) { best_through = through; best = a; }
        }
        if (best < 0) break;
        plan_add(&bp, best, cheapest(&v, view_can_block(&v, best, mine & ~bp.used, rules)));
    }

    /* Menace: a lone blocker gets a partner or steps back. A combat holds
     * PAIR_MAX pairs: past them, an attacker's blockers are left out
     * together (one of two menace blockers alone would be illegal). */
    int n = 0;
    for (int k = 0; k < na; k++) {
        int a = att[k];
        if (bp.nb[a] == 1 && (v.q[a].kw & KW_MENACE)) {
            PermSet able = view_can_block(&v, a, mine & ~bp.used, rules);
            if (able) plan_add(&bp, a, permset_first(able));
            else bp.nb[a] = 0;
        }
        int nb = bp.nb[a] < FIGHT_MAX ? bp.nb[a] : FIGHT_MAX;
        if (n + nb > PAIR_MAX) continue;
        for (int t = 0; t < nb; t++) out[n++] = (BlockDecl){ bp.bl[a][t], (uint8_t)a };
    }
    return n;
}

static __attribute__((noinline)) int h_block_rules(const Policy *pol, const GameState *s, const Game *g, int p,
                                                   Rng *rng, BlockDecl *out)
{
    PermSet can[PERM_MAX];
    /* Narrow masks on the usual battlefield, as in h_attack_rules. */
    int n = permset_wide(s->perm_used) ? h_block_in(pol, s, g, p, rng, out, 1, 1, can)
                                       : h_block_in(pol, s, g, p, rng, out, 0, 1, can);
    return combat_block_repair(s, out, n);
}

static int h_block(const Policy *pol, const GameState *s, const Game *g, int p, Rng *rng, BlockDecl *out)
{
    if (s->spells) return h_block_rules(pol, s, g, p, rng, out);
    if (permset_wide(s->perm_used)) return h_block_in(pol, s, g, p, rng, out, 1, 0, NULL);
    return h_block_in(pol, s, g, p, rng, out, 0, 0, NULL);
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

/* Whether a creature that may assign its combat damage as though it
 * weren't blocked (Rhox) should, rather than divide it among its blockers
 * as `amount` does (dc's recipients, with trample the rest to the
 * defender): when all of it is lethal to the player or planeswalker it
 * attacks, else when the damage it adds there is worth at least the
 * blockers the division kills, as board_value counts both (life, the
 * first 6 points twice; loyalty 2 a point; board_creature_value). */
static int h_as_unblocked(const GameState *s, const DamageChoice *dc, const int16_t *amount)
{
    int src = dc->source, t = s->perm[src].target, worth;
    int through = dc->trample ? amount[dc->n - 1] : 0;   /* the division's own trample damage */
    if (t == TARGET_PLAYER) {
        int life = s->pl[1 - perm_controller(s, src)].life;
        if (dc->power >= life) return 1;
        worth = board_life_worth(life - through) - board_life_worth(life - dc->power);
    } else {
        int loyalty = s->perm[t].loyalty;
        if (dc->power >= loyalty) return 1;
        worth = 2 * (dc->power - through);
    }
    int killed = 0;
    for (int k = 0; k < dc->n; k++)
        if (dc->to[k] != RECIP_DEFENDER && dc->lethal[k] > 0 && amount[k] >= dc->lethal[k])
            killed += board_creature_value(s, dc->to[k]);
    return worth >= killed;
}

/* Lethal damage to each recipient in order (the most valuable first when
 * the edition imposes no order), the rest through with trample; a creature
 * that may assign its damage as though it weren't blocked compares that
 * division with all of it to the defender (h_as_unblocked). */
static void h_assign(const Policy *pol, const GameState *s, const Game *g, int p, Rng *rng, const DamageChoice *dc, int16_t *amount)
{
    if (dc->ordered && !dc->unblocked) { combat_default_division(dc, amount); return; }   /* the usual case */
    DamageChoice sorted = *dc;
    if (dc->unblocked) {                      /* the division among the blockers first */
        sorted.unblocked = 0;
        amount[dc->n - 1] = 0;
        if (!dc->trample) sorted.n--;         /* no share to the defender without trample */
    }
    if (sorted.n == 0) {
        /* no blocker left: only the defender (h_as_unblocked below) */
    } else if (dc->ordered) {
        combat_default_division(&sorted, amount);
    } else {
        uint8_t pos[ASSIGN_MAX];
        int nc = sorted.trample ? sorted.n - 1 : sorted.n;
        for (int k = 0; k < sorted.n; k++) pos[k] = (uint8_t)k;
        for (int k = 1; k < nc; k++) {
            uint8_t x = pos[k];
            int j = k;
            while (j > 0 && heuristic_creature_value(s, dc->to[pos[j - 1]]) < heuristic_creature_value(s, dc->to[x])) { pos[j] = pos[j - 1]; j--; }
            pos[j] = x;
        }
        for (int k = 0; k < sorted.n; k++) { sorted.to[k] = dc->to[pos[k]]; sorted.lethal[k] = dc->lethal[pos[k]]; }
        int16_t tmp[ASSIGN_MAX];
        combat_default_division(&sorted, tmp);
        for (int k = 0; k < sorted.n; k++) amount[pos[k]] = tmp[k];
    }
    if (dc->unblocked && (sorted.n == 0 || h_as_unblocked(s, dc, amount)))
        combat_default_division(dc, amount);  /* all of it to the defender */
}

/* A land drop comes first whenever one is legal (h_main). */
static int h_looks(const Policy *pol, const GameState *s, const Game *g, int p)
{
    (void)g;
    return heuristic_spells_looks(s, p, params(pol)->version) ? LOOK_LAND : LOOK_PASS;
}

static unsigned h_quiet(const Policy *pol, const GameState *s)
{
    (void)pol;
    return heuristic_spells_quiet(s);
}

/* Version 3 chooses its spells by rules (policy_rules.h). */
static unsigned h_tricks(const Policy *pol, const GameState *s)
{
    return params(pol)->version >= 3 ? rules_trick_steps(s) : 0u;
}

const Policy policy_heuristic = {
    "heuristic", &default_params,
    h_keep, h_bottom, h_main, h_attack, h_block, h_order, h_assign, h_discard, h_choose, h_looks, h_quiet, h_tricks
};

/* ---- aggro: everything attacks; blocks only to stay alive ---- */

static const HeuristicParams aggro_params = { 6, 0, 0, 100, 2, 5, 0, 0, HEURISTIC_VERSION };

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
    h_keep, h_bottom, h_main, aggro_attack, aggro_block, h_order, h_assign, h_discard, h_choose, h_looks, h_quiet,
    h_tricks
};
