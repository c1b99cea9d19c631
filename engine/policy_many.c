/* policy_many.c: the heuristic's choices of several targets and of the
 * division of damage among them (targets_many.h): what hurts goes to the
 * opponent's side and what helps to its own; divided damage kills the
 * opponent's most valuable creatures it can (lethal damage each), and the
 * rest goes to the opponent. Pure: no search, one pass over the options. */
#include "heuristic.h"
#include "targets_many.h"
#include "layers.h"

/* The ability of several targets of the card asking. */
static const Ability *many_of(const GameState *s, uint16_t card)
{
    const CardDef *d = &s->cards[card];
    for (int k = 0; k < d->n_abilities; k++)
        if (many_spec(&d->ab[k])) return &d->ab[k];
    return NULL;
}

/* Whether the ability does its targets harm (damage, tapping, "can't
 * block") rather than good (life, +N/+N). */
static int harmful(const Ability *a)
{
    for (int k = 0; k < a->n_effects; k++) {
        const Effect *e = &a->effect[k];
        if (e->who != SEL_TARGET) continue;
        switch (e->op) {
        case OP_GAIN_LIFE: case OP_UNTAP: case OP_GRANT: case OP_REGENERATE: case OP_COUNTERS: case OP_DRAW:
        case OP_PREVENT_NEXT:
            return 0;
        case OP_PUMP: return e->p < 0 || e->t < 0;
        default: return 1;
        }
    }
    return 1;
}

/* Damage that kills creature i (at least 1; none kills what damage
 * cannot destroy). */
static int lethal(const GameState *s, int i)
{
    const Permanent *q = &s->perm[i];
    if (q->kw & KW_INDESTRUCTIBLE) return 1000;
    int l = q->toughness - q->damage;
    return l < 1 ? 1 : l;
}

static int is_opp_creature(const GameState *s, int p, const Action *t)
{
    return t->tk[0] == TK_PERM && perm_controller(s, t->tv[0]) != p && perm_is_creature(s, t->tv[0]);
}

/* The targets among t[0 .. m-1] that `amount` divided damage kills, the
 * most valuable first, each getting its lethal damage: bit k for t[k]
 * (the first 64 options). */
static uint64_t planned_kills(const GameState *s, int p, const Action *t, int m, int amount)
{
    uint64_t kill = 0;
    for (;;) {
        int best = -1, best_v = -1;
        for (int k = 0; k < m && k < 64; k++) {
            if ((kill >> k & 1) || !is_opp_creature(s, p, &t[k]) || lethal(s, t[k].tv[0]) > amount) continue;
            int v = heuristic_creature_value(s, t[k].tv[0]);
            if (v > best_v) { best_v = v; best = k; }
        }
        if (best < 0) return kill;
        kill |= 1ull << best;
        amount -= lethal(s, t[best].tv[0]);
    }
}

/* What target t is worth to player p when it is dealt `share` damage
 * (damage: dealt, else harm or help of another kind). */
static int score(const GameState *s, int p, const Action *t, int harm, int damage, int share, int killed)
{
    int sign = harm ? 1 : -1;
    if (t->tk[0] == TK_PLAYER) {
        int opp = t->tv[0] != p;
        if (!opp) return harm ? -100000 : 100;
        if (!harm) return -100;
        if (damage && share >= s->pl[t->tv[0]].life) return 1000000;
        return 500 + 10 * share;
    }
    int i = t->tv[0], v = heuristic_creature_value(s, i);
    if (perm_controller(s, i) == p) return -sign * (1000 + v);
    if (!perm_is_creature(s, i)) return sign * 10;
    if (!harm) return -(1000 + v);
    if (damage) return killed || share >= lethal(s, i) ? 1000 + v : v / 4;
    return 100 + v - (s->perm[i].flags & PF_TAPPED ? 50 : 0);
}

/* The next target: the best option for its share. */
static int next_target(const GameState *s, int p, const Choice *c, const Ability *a)
{
    int harm = harmful(a), damage = a->target[0].divided != DIV_NONE;
    int share = a->target[0].divided == DIV_EVENLY && c->total ? c->amount / c->total : c->amount;
    /* Divided as chosen: the kills planned over every candidate (those
     * chosen and those left), the same at each step. */
    uint64_t kills = 0;
    if (a->target[0].divided == DIV_CHOSEN) {
        Action all[PERM_MAX + 2 + ITEM_TARGETS];
        int m = 0;
        for (int k = 0; k < c->n; k++) all[m++] = c->opt[k];
        for (int j = 0; j < c->step; j++) {
            Action x = { 0 };
            x.tk[0] = c->chosen[j].kind;
            x.tv[0] = c->chosen[j].v;
            all[m++] = x;
        }
        kills = planned_kills(s, p, all, m, c->amount);
    }
    int best = 0, best_v = -2000000;
    for (int k = 0; k < c->n; k++) {
        int v = score(s, p, &c->opt[k], harm, damage, share, k < 64 && (kills >> k & 1));
        if (v > best_v) { best_v = v; best = k; }
    }
    return best;
}

/* How many targets a triggered ability takes: those its damage kills and
 * the opponent, or every target it helps or hinders worth it. */
static int target_count(const GameState *s, int p, const Choice *c, const Ability *a)
{
    int harm = harmful(a), want = 0, m = c->total;
    if (a->target[0].divided == DIV_CHOSEN) {
        uint64_t kills = planned_kills(s, p, c->opt, m, c->amount);
        int spent = 0, opp_player = 0;
        for (int k = 0; k < m; k++) {
            if (k < 64 && (kills >> k & 1)) { want++; spent += lethal(s, c->opt[k].tv[0]); }
            opp_player |= c->opt[k].tk[0] == TK_PLAYER && c->opt[k].tv[0] != p;
        }
        if (opp_player && (spent < c->amount || !want)) want++;
    } else {
        for (int k = 0; k < m; k++) want += score(s, p, &c->opt[k], harm, a->target[0].divided != DIV_NONE, 0, 0) > 0;
    }
    int k = want - c->base;
    return k < 0 ? 0 : k >= c->n ? c->n - 1 : k;
}

/* The share of target `step`: lethal damage to the opponent's creatures
 * it plans to kill, the rest to the opponent (or the last target). */
static int divide(const GameState *s, int p, const Choice *c)
{
    int j = c->step, left = c->amount, n = c->total;
    int want[ITEM_TARGETS], done[ITEM_TARGETS] = { 0 };
    int extra = left - (n - j);                          /* beyond 1 each */
    int sink = -1;
    for (int i = j; i < n; i++) {
        want[i] = 1;
        const Target *t = &c->chosen[i];
        if (t->kind == TK_PLAYER && t->v != p && sink < 0) sink = i;
    }
    /* Kills, the most valuable first, while the damage lasts. */
    for (;;) {
        int best = -1, best_v = -1;
        for (int i = j; i < n; i++) {
            const Target *t = &c->chosen[i];
            if (done[i] || t->kind != TK_PERM || perm_controller(s, t->v) == p || !perm_is_creature(s, t->v)) continue;
            if (lethal(s, t->v) - 1 > extra) continue;
            int v = heuristic_creature_value(s, t->v);
            if (v > best_v) { best_v = v; best = i; }
        }
        if (best < 0) break;
        done[best] = 1;
        want[best] = lethal(s, c->chosen[best].v);
        extra -= want[best] - 1;
    }
    if (sink >= 0 && extra > 0) want[sink] += extra;
    int k = want[j] - 1;
    return k < 0 ? 0 : k >= c->n ? c->n - 1 : k;
}

int heuristic_choose_many(const GameState *s, int p, const Choice *c)
{
    const Ability *a = many_of(s, c->card);
    if (!a) return 0;
    switch (c->kind) {
    case CH_TARGET_COUNT: return target_count(s, p, c, a);
    case CH_TARGET_NEXT: return next_target(s, p, c, a);
    case CH_DIVIDE: return divide(s, p, c);
    default: return 0;
    }
}
