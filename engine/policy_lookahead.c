/* policy_lookahead.c: the look-ahead policy (see lookahead.h). */
#include <string.h>
#include "lookahead.h"
#include "stack.h"

#define CAND_MAX 16

static const LookaheadParams default_params = { 4, 8, { 3, 4, 0, 100, 2, 5, 1, 1, HEURISTIC_VERSION } };

void lookahead_defaults(LookaheadParams *p) { *p = default_params; }

int lookahead_set(LookaheadParams *p, const char *name, int v)
{
    if (!strcmp(name, "candidates")) {
        if (v < 1 || v > CAND_MAX) return -1;
        p->candidates = v;
        return 0;
    }
    if (!strcmp(name, "rollouts")) {
        if (v < 1 || v > 10000) return -1;
        p->rollouts = v;
        return 0;
    }
    return heuristic_set(&p->base, name, v);
}

static const LookaheadParams *params(const Policy *pol)
{
    return pol->self ? (const LookaheadParams *)pol->self : &default_params;
}

/* The heuristic this look-ahead builds on. */
static Policy base_policy(const LookaheadParams *lp)
{
    Policy h = policy_heuristic;
    h.self = &lp->base;
    return h;
}

/* ---- determinization ---- */

void lookahead_determinize(GameState *s, int p, Rng *rng, uint8_t *lib[2])
{
    for (int x = 0; x < 2; x++) {
        Player *pl = &s->pl[x];
        const uint64_t *ex = s->exile[x];     /* exile is public (406.3) */
        uint64_t seen[4] = { pl->lands[0] | pl->gy[0] | ex[0], pl->lands[1] | pl->gy[1] | ex[1],
                             pl->lands[2] | pl->gy[2] | ex[2], pl->lands[3] | pl->gy[3] | ex[3] };
        /* x's cards on the battlefield, whoever controls them (108.3). */
        PermSet own = s->perm_ctl[x];
        if (s->spells) {
            own = 0;
            for (PermIter it = permset_iter(s->perm_used); permiter_more(&it);) {
                int i = permiter_next(&it);
                own |= permset_bit_if(s->px[i].owner == x, i);
            }
        }
        for (PermIter it = permset_iter(own); permiter_more(&it);) {
            uint8_t obj = s->perm[permiter_next(&it)].obj;
            if (obj != OBJ_NONE) bits256_set(seen, obj);
        }
        for (int k = 0; k < s->stack_n; k++) if (s->stack[k].kind == SI_SPELL && s->stack[k].owner == x) bits256_set(seen, s->stack[k].obj);
        if (x == p) for (int h = 0; h < pl->hand_n; h++) bits256_set(seen, pl->hand[h]);
        /* Object ids name deck positions, not where a card is: the unseen
         * set is the same whichever of them sit in the hand. */
        uint8_t unseen[DECK_MAX];
        int n = 0;
        for (int o = 0; o < pl->deck_n; o++) if (!bits256_has(seen, o)) unseen[n++] = (uint8_t)o;
        rng_shuffle(rng, unseen, n);
        int k = 0;
        if (x != p) for (int h = 0; h < pl->hand_n; h++) pl->hand[h] = unseen[k++];
        memcpy(lib[x], unseen + k, (size_t)(n - k));
        pl->lib = lib[x];
        pl->flags &= (uint8_t)~PL_LIB_OWN;
        pl->lib_top = 0;
        pl->lib_n = (uint8_t)(n - k);
    }
}

/* ---- playouts ---- */

enum { KIND_ATTACK, KIND_BLOCK, KIND_PLAY };

typedef struct Candidate {
    int n;
    union { AttackDecl att[PERM_MAX]; BlockDecl blk[PAIR_MAX]; Action play; } d;
} Candidate;

/* Mean result for player p (win 1, draw 1/2) of `rollouts` playouts after
 * declaring c. Playout r uses the same random numbers for every candidate. */
static double evaluate(const GameState *s, const Game *g, int p, const LookaheadParams *lp,
                       int kind, const Candidate *c, uint64_t seed)
{
    Policy me = base_policy(lp);
    double total = 0;
    for (int r = 0; r < lp->rollouts; r++) {
        GameState f;
        state_fork(&f, s);                      /* the fork */
        if (g->forks) (*g->forks)++;
        Rng rng, dr[2], pr[2];
        rng_seed(&rng, seed, (uint64_t)r, 0);
        uint8_t lib0[DECK_MAX], lib1[DECK_MAX];
        uint8_t *libs[2] = { lib0, lib1 };
        lookahead_determinize(&f, p, &rng, libs);
        Game rg;
        memset(&rg, 0, sizeof rg);
        rg.pool = g->pool;
        rg.deck[0] = g->deck[0]; rg.deck[1] = g->deck[1];
        rg.edition = g->edition;
        rg.turn_cap = f.turn_cap;
        rg.policy[p] = &me;
        rg.policy[1 - p] = &policy_heuristic;
        for (int x = 0; x < 2; x++) {
            rng_seed(&dr[x], seed, (uint64_t)r, (uint64_t)x + 1);
            rng_seed(&pr[x], seed, (uint64_t)r, (uint64_t)x + 3);
            rg.deck_rng[x] = &dr[x];
            rg.policy_rng[x] = &pr[x];
            rg.lib_buf[x] = libs[x];
        }
        if (kind == KIND_ATTACK) {
            if (combat_declare_attackers(&f, &rg, c->d.att, c->n) != MTG_OK) return -1;
            f.step = c->n ? STEP_DECLARE_BLOCKERS : STEP_END_COMBAT;
        } else if (kind == KIND_PLAY) {
            /* A play in its main phase: the game goes on from there, the
             * player holding priority (117.3c); passing ends the phase
             * (the opponent's answers at sorcery speed left out). */
            if (c->d.play.type == ACT_PASS) f.step = f.step == STEP_MAIN1 ? STEP_BEGIN_COMBAT : STEP_END;
            else if (action_apply_listed(&f, &rg, p, &c->d.play) != MTG_OK) return -1;
        } else {
            if (combat_declare_blockers(&f, &rg, c->d.blk, c->n) != MTG_OK) return -1;
            if (c->n && combat_ask_orders(&f, &rg) != MTG_OK) return -1;
            f.step = combat_has_first_strike(&f) ? STEP_FIRST_STRIKE_DAMAGE : STEP_COMBAT_DAMAGE;
        }
        game_run(&f, &rg);
        total += f.winner == p ? 1.0 : f.winner == 2 ? 0.5 : 0.0;
    }
    return total / lp->rollouts;
}

/* Index of the best candidate (the first wins ties: the heuristic's own). */
static int choose(const GameState *s, const Game *g, int p, const LookaheadParams *lp, Rng *rng,
                  int kind, const Candidate *c, int nc)
{
    if (nc <= 1) return 0;
    uint64_t seed = rng_next(rng);
    int best = 0;
    double best_v = -2;
    for (int k = 0; k < nc; k++) {
        double v = evaluate(s, g, p, lp, kind, &c[k], seed);
        if (v > best_v) { best_v = v; best = k; }
    }
    return best;
}

/* ---- attacks ---- */

static PermSet attack_mask(const Candidate *c)
{
    PermSet m = 0;
    for (int k = 0; k < c->n; k++) m |= PERMSET_BIT(c->d.att[k].attacker);
    return m;
}

/* Adds the attack of the creatures in mask, at the player, if it is new
 * and (with rules text: requirements and restrictions) legal. */
static int push_attack(const GameState *s, Candidate *c, int nc, int max, PermSet mask, PermSet *seen)
{
    if (nc >= max) return nc;
    for (int k = 0; k < nc; k++) if (seen[k] == mask) return nc;
    c[nc].n = 0;
    for (PermIter it = permset_iter(mask); permiter_more(&it);)
        c[nc].d.att[c[nc].n++] = (AttackDecl){ (uint8_t)permiter_next(&it), TARGET_PLAYER };
    if (s->spells && combat_check_attack(s, c[nc].d.att, c[nc].n) != MTG_OK) return nc;
    seen[nc] = mask;
    return nc + 1;
}

static int la_attack(const Policy *pol, const GameState *s, const Game *g, int p, Rng *rng, AttackDecl *out)
{
    const LookaheadParams *lp = params(pol);
    Policy h = base_policy(lp);
    Candidate c[CAND_MAX];
    PermSet seen[CAND_MAX];
    int max = lp->candidates;
    c[0].n = h.attack(&h, s, g, p, rng, c[0].d.att);
    seen[0] = attack_mask(&c[0]);
    int nc = 1;
    PermSet able = 0;
    for (PermIter it = permset_iter(s->perm_ctl[p]); permiter_more(&it);) {
        int i = permiter_next(&it);
        if (combat_can_attack(s, i) && perm_power(s, i) > 0) able |= PERMSET_BIT(i);
    }
    nc = push_attack(s, c, nc, max, 0, seen);
    nc = push_attack(s, c, nc, max, able, seen);
    /* One creature more or less than the heuristic's attack, most valuable first. */
    uint8_t order[PERM_MAX];
    int no = 0;
    for (PermIter it = permset_iter(able); permiter_more(&it);) order[no++] = (uint8_t)permiter_next(&it);
    for (int k = 1; k < no; k++) {
        uint8_t v = order[k];
        int j = k;
        while (j > 0 && heuristic_creature_value(s, order[j - 1]) < heuristic_creature_value(s, v)) { order[j] = order[j - 1]; j--; }
        order[j] = v;
    }
    for (int k = 0; k < no; k++) nc = push_attack(s, c, nc, max, seen[0] ^ PERMSET_BIT(order[k]), seen);
    /* The heuristic's own declaration keeps its targets. */
    int pick = choose(s, g, p, lp, rng, KIND_ATTACK, c, nc);
    memcpy(out, c[pick].d.att, (size_t)c[pick].n * sizeof *out);
    return c[pick].n;
}

/* ---- blocks ---- */

static int same_blocks(const Candidate *a, const Candidate *b)
{
    if (a->n != b->n) return 0;
    for (int k = 0; k < a->n; k++) {
        int found = 0;
        for (int j = 0; j < b->n && !found; j++)
            found = a->d.blk[k].blocker == b->d.blk[j].blocker && a->d.blk[k].attacker == b->d.blk[j].attacker;
        if (!found) return 0;
    }
    return 1;
}

/* Adds a candidate if it is new and a legal declaration. */
static int push_block(const GameState *s, Candidate *c, int nc, int max, const Candidate *x)
{
    if (nc >= max) return nc;
    for (int k = 0; k < nc; k++) if (same_blocks(&c[k], x)) return nc;
    if (combat_check_block(s, x->d.blk, x->n) != MTG_OK) return nc;
    c[nc] = *x;
    return nc + 1;
}

static int la_block(const Policy *pol, const GameState *s, const Game *g, int p, Rng *rng, BlockDecl *out)
{
    const LookaheadParams *lp = params(pol);
    Policy h = base_policy(lp);
    Candidate c[CAND_MAX], x;
    int max = lp->candidates;
    c[0].n = h.block(&h, s, g, p, rng, c[0].d.blk);
    int nc = 1;
    x.n = 0;
    nc = push_block(s, c, nc, max, &x);
    /* Each of the heuristic's blocks left out. */
    for (int k = 0; k < c[0].n && nc < max; k++) {
        x.n = 0;
        for (int j = 0; j < c[0].n; j++) if (j != k) x.d.blk[x.n++] = c[0].d.blk[j];
        nc = push_block(s, c, nc, max, &x);
    }
    /* Each unblocked attacker blocked by our least valuable creature that can. */
    PermSet used = 0, blocked = 0;
    for (int k = 0; k < c[0].n; k++) { used |= PERMSET_BIT(c[0].d.blk[k].blocker); blocked |= PERMSET_BIT(c[0].d.blk[k].attacker); }
    for (PermIter it = permset_iter(s->combat.attackers & ~blocked); nc < max && permiter_more(&it);) {
        int a = permiter_next(&it), pick = -1;
        for (PermIter bt = permset_iter(s->perm_ctl[p] & ~used); permiter_more(&bt);) {
            int b = permiter_next(&bt);
            if (combat_can_block(s, b, a) &&
                (pick < 0 || heuristic_creature_value(s, b) < heuristic_creature_value(s, pick)))
                pick = b;
        }
        if (pick < 0 || c[0].n >= PAIR_MAX) continue;
        x = c[0];
        x.d.blk[x.n++] = (BlockDecl){ (uint8_t)pick, (uint8_t)a };
        nc = push_block(s, c, nc, max, &x);
    }
    int pick = choose(s, g, p, lp, rng, KIND_BLOCK, c, nc);
    memcpy(out, c[pick].d.blk, (size_t)c[pick].n * sizeof *out);
    return c[pick].n;
}

/* ---- everything else is the heuristic's ---- */

#define DELEGATE(h) Policy h = base_policy(params(pol))

static int la_keep(const Policy *pol, const GameState *s, const Game *g, int p, Rng *rng)
{ DELEGATE(h); return h.keep(&h, s, g, p, rng); }
static void la_bottom(const Policy *pol, const GameState *s, const Game *g, int p, Rng *rng, int n, uint8_t *o)
{ DELEGATE(h); h.bottom(&h, s, g, p, rng, n, o); }
/* In its own main phase with the stack empty, in a game with spells: the
 * heuristic's play, and the next best it looked at (passing among them),
 * each played out; elsewhere the heuristic's. */
static int la_main(const Policy *pol, const GameState *s, const Game *g, int p, Rng *rng, const Action *a, int n)
{
    const LookaheadParams *lp = params(pol);
    Policy h = base_policy(lp);
    int land = 0;                                       /* the heuristic plays a land whenever it may */
    for (int k = 0; k < n && !land; k++) land = a[k].type == ACT_LAND;
    if (!s->spells || s->stack_n || s->active != p || (s->step != STEP_MAIN1 && s->step != STEP_MAIN2) || land)
        return h.main_action(&h, s, g, p, rng, a, n);
    int idx[CAND_MAX];                                  /* idx[0]: the heuristic's own choice */
    int nc = heuristic_spells_ranked(s, g, p, a, n, lp->base.version, idx, lp->candidates);
    if (nc <= 1) return idx[0];
    Candidate c[CAND_MAX];
    for (int k = 0; k < nc; k++) { c[k].n = 1; c[k].d.play = a[idx[k]]; }
    return idx[choose(s, g, p, lp, rng, KIND_PLAY, c, nc)];
}
static void la_order(const Policy *pol, const GameState *s, const Game *g, int p, Rng *rng, int who, uint8_t *v, int n)
{ DELEGATE(h); h.order(&h, s, g, p, rng, who, v, n); }
static void la_assign(const Policy *pol, const GameState *s, const Game *g, int p, Rng *rng, const DamageChoice *dc, int16_t *a)
{ DELEGATE(h); h.assign(&h, s, g, p, rng, dc, a); }
static void la_discard(const Policy *pol, const GameState *s, const Game *g, int p, Rng *rng, int n, uint8_t *o)
{ DELEGATE(h); h.discard(&h, s, g, p, rng, n, o); }

static int la_choose(const Policy *pol, const GameState *s, const Game *g, int p, Rng *rng, const Choice *c)
{ DELEGATE(h); return h.choose(&h, s, g, p, rng, c); }

const Policy policy_lookahead = {
    "lookahead", &default_params,
    la_keep, la_bottom, la_main, la_attack, la_block, la_order, la_assign, la_discard, la_choose, NULL
};
