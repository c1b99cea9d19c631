/* policy_random.c: the baseline policy, a uniformly random legal choice at
 * every decision (each attacker attacks or not with even odds, each blocker
 * picks uniformly among "no block" and the attackers it can block, ...). */
#include "policy.h"
#include "layers.h"

static int rnd_keep(const Policy *p, const GameState *s, const Game *g, int player, Rng *rng)
{
    return (int)rng_below(rng, 2);
}

/* n distinct indices out of 0..m-1, uniformly. */
static void pick_distinct(Rng *rng, int m, int n, uint8_t *out)
{
    uint8_t idx[HAND_MAX];
    for (int k = 0; k < m; k++) idx[k] = (uint8_t)k;
    for (int k = 0; k < n; k++) {
        int j = k + (int)rng_below(rng, (uint32_t)(m - k));
        uint8_t t = idx[k]; idx[k] = idx[j]; idx[j] = t;
        out[k] = idx[k];
    }
}

static void rnd_bottom(const Policy *p, const GameState *s, const Game *g, int player, Rng *rng,
                       int n, uint8_t *out)
{
    pick_distinct(rng, s->pl[player].hand_n, n, out);
}

static int rnd_main(const Policy *p, const GameState *s, const Game *g, int player, Rng *rng,
                    const Action *legal, int n)
{
    return (int)rng_below(rng, (uint32_t)n);
}

static int rnd_attack(const Policy *p, const GameState *s, const Game *g, int player, Rng *rng,
                      AttackDecl *out)
{
    uint8_t pw[PERM_MAX];
    int npw = 0, n = 0;
    for (PermIter it = permset_iter(s->perm_ctl[1 - player]); permiter_more(&it);) {
        int i = permiter_next(&it);
        if (perm_is_planeswalker(s, i)) pw[npw++] = (uint8_t)i;
    }
    for (PermIter it = permset_iter(s->perm_ctl[player]); permiter_more(&it);) {
        int i = permiter_next(&it);
        if (!combat_can_attack(s, i) || !rng_below(rng, 2)) continue;
        int t = (int)rng_below(rng, (uint32_t)npw + 1);
        out[n].attacker = (uint8_t)i;
        out[n].target = t == npw ? TARGET_PLAYER : pw[t];
        n++;
    }
    /* With rules text: a creature that can't attack drops out, one that
     * must attack joins in (combat.h). */
    return s->spells ? combat_attack_repair(s, out, n) : n;
}

/* With rules text: as rnd_block, and the attackers all able must block
 * (509.1c) come first in a blocker's choices (can[0 .. nl-1]): its slots
 * go to them, uniformly, while there are any; of the blockers of a
 * creature that can't be blocked by more than one, one stays, uniformly;
 * combat_block_repair then settles what the whole declaration must be. */
static __attribute__((noinline)) int rnd_block_rules(const GameState *s, int player, Rng *rng, BlockDecl *out)
{
    int n = 0;
    uint8_t blockers_of[PERM_MAX] = {0};
    for (PermIter it = permset_iter(s->perm_ctl[player]); permiter_more(&it);) {
        int b = permiter_next(&it);
        if (!perm_is_creature(s, b)) continue;
        uint8_t can[PERM_MAX];
        int nc = 0, nl = 0;
        for (PermIter at = permset_iter(s->combat.attackers); permiter_more(&at);) {
            int a = permiter_next(&at);
            if (!combat_can_block(s, b, a)) continue;
            can[nc++] = (uint8_t)a;
            if (perm_rule(s, a, RULE_LURE)) { can[nc - 1] = can[nl]; can[nl++] = (uint8_t)a; }
        }
        int slots = combat_block_capacity(s, b);
        for (int k = 0; k < slots && nc > 0 && n < PAIR_MAX; k++) {
            int c = nl ? (int)rng_below(rng, (uint32_t)nl) : (int)rng_below(rng, (uint32_t)nc + 1);
            if (c == nc) break;  /* no (further) block */
            if (nl) { uint8_t t = can[c]; can[c] = can[nl - 1]; can[nl - 1] = t; c = --nl; }
            out[n].blocker = (uint8_t)b;
            out[n].attacker = can[c];
            blockers_of[can[c]]++;
            n++;
            can[c] = can[--nc];
        }
    }
    int k2 = 0;
    for (int k = 0; k < n; k++) {                                            /* 702.111b */
        int a = out[k].attacker;
        if (blockers_of[a] == 1 && perm_has(s, a, KW_MENACE)) continue;
        out[k2++] = out[k];
    }
    n = k2;
    for (PermIter at = permset_iter(s->combat.attackers); permiter_more(&at);) {
        int a = permiter_next(&at);
        if (blockers_of[a] < 2 || !perm_rule(s, a, RULE_MAX_ONE_BLOCKER)) continue;
        int keep = (int)rng_below(rng, blockers_of[a]), seen = 0;
        k2 = 0;
        for (int k = 0; k < n; k++)
            if (out[k].attacker != a || seen++ == keep) out[k2++] = out[k];
        n = k2;
    }
    return combat_block_repair(s, out, n);
}

static int rnd_block(const Policy *p, const GameState *s, const Game *g, int player, Rng *rng,
                     BlockDecl *out)
{
    if (s->spells) return rnd_block_rules(s, player, rng, out);
    int n = 0;
    uint8_t blockers_of[PERM_MAX] = {0};
    for (PermIter it = permset_iter(s->perm_ctl[player]); permiter_more(&it);) {
        int b = permiter_next(&it);
        if (!perm_is_creature(s, b)) continue;
        uint8_t can[PERM_MAX];
        int nc = 0;
        for (PermIter at = permset_iter(s->combat.attackers); permiter_more(&at);) {
            int a = permiter_next(&at);
            if (combat_can_block(s, b, a)) can[nc++] = (uint8_t)a;
        }
        int slots = perm_def(s, b)->max_blocks;
        for (int k = 0; k < slots && nc > 0 && n < PAIR_MAX; k++) {
            int c = (int)rng_below(rng, (uint32_t)nc + 1);
            if (c == nc) break;  /* no (further) block */
            out[n].blocker = (uint8_t)b;
            out[n].attacker = can[c];
            blockers_of[can[c]]++;
            n++;
            can[c] = can[--nc];
        }
    }
    /* Menace (702.111b): a lone blocker of a menace attacker steps back. */
    int k2 = 0;
    for (int k = 0; k < n; k++) {
        int a = out[k].attacker;
        if (blockers_of[a] == 1 && perm_has(s, a, KW_MENACE)) continue;
        out[k2++] = out[k];
    }
    return k2;
}

static void rnd_order(const Policy *p, const GameState *s, const Game *g, int player, Rng *rng,
                      int who, uint8_t *slots, int n)
{
    rng_shuffle(rng, slots, n);
}

/* A random legal division: recipients in order (a random order when the
 * edition imposes none); each gets either everything left, or at least its
 * lethal damage and a random share of the rest; trample damage reaches the
 * defender only once all creatures got lethal. A creature that may assign
 * its damage as though it weren't blocked does so one time in two. */
static void rnd_assign(const Policy *p, const GameState *s, const Game *g, int player, Rng *rng,
                       const DamageChoice *dc, int16_t *amount)
{
    uint8_t order[ASSIGN_MAX];
    int nc = dc->trample || dc->unblocked ? dc->n - 1 : dc->n;
    for (int k = 0; k < dc->n; k++) { order[k] = (uint8_t)k; amount[k] = 0; }
    if (dc->unblocked && (nc == 0 || rng_below(rng, 2))) { amount[dc->n - 1] = dc->power; return; }
    if (!dc->ordered) rng_shuffle(rng, order, nc);
    int left = dc->power;
    for (int k = 0; k < nc && left > 0; k++) {
        int j = order[k];
        int last = k == nc - 1 && !dc->trample;
        if (last || left <= dc->lethal[j]) { amount[j] = (int16_t)left; left = 0; break; }
        int x = dc->lethal[j] + (int)rng_below(rng, (uint32_t)(left - dc->lethal[j]) + 1);
        amount[j] = (int16_t)x;
        left -= x;
    }
    if (left > 0) amount[dc->n - 1] = (int16_t)(amount[dc->n - 1] + left);
}

static void rnd_discard(const Policy *p, const GameState *s, const Game *g, int player, Rng *rng,
                        int n, uint8_t *out)
{
    pick_distinct(rng, s->pl[player].hand_n, n, out);
}

/* Every choice of an ability uniformly among its options. */
static int rnd_choose(const Policy *p, const GameState *s, const Game *g, int player, Rng *rng, const Choice *c)
{
    (void)p; (void)s; (void)g; (void)player;
    return (int)rng_below(rng, (uint32_t)c->n);
}

const Policy policy_random = {
    "random", 0,
    rnd_keep, rnd_bottom, rnd_main, rnd_attack, rnd_block, rnd_order, rnd_assign, rnd_discard, rnd_choose, NULL, NULL,
    NULL
};
