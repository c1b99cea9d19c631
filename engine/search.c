/* search.c: candidates and playouts of the search policies (search.h). */
#include <math.h>
#include <string.h>
#include "search.h"
#include "stack.h"
#include "turn.h"
#include "policy_board.h"

Policy search_base(const Policy *pol)
{
    Policy h = policy_heuristic;
    if (pol->self) h.self = pol->self;   /* its HeuristicParams come first */
    return h;
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

int search_attacks(const GameState *s, const Game *g, int p, const Policy *h, Rng *rng, Candidate *c, int max)
{
    PermSet seen[CAND_MAX];
    /* The heuristic's own declaration keeps its targets. */
    c[0].n = h->attack(h, s, g, p, rng, c[0].d.att);
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
    return nc;
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

int search_blocks(const GameState *s, const Game *g, int p, const Policy *h, Rng *rng, Candidate *c, int max)
{
    Candidate x;
    c[0].n = h->block(h, s, g, p, rng, c[0].d.blk);
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
    return nc;
}

int search_declarations(const GameState *s, const Game *g, int p, const Policy *h, Rng *rng, int kind, Candidate *c,
                        int max)
{
    return kind == KIND_ATTACK ? search_attacks(s, g, p, h, rng, c, max) : search_blocks(s, g, p, h, rng, c, max);
}

int search_copy(int kind, const Candidate *c, void *out)
{
    if (kind == KIND_ATTACK) memcpy(out, c->d.att, (size_t)c->n * sizeof c->d.att[0]);
    else memcpy(out, c->d.blk, (size_t)c->n * sizeof c->d.blk[0]);
    return c->n;
}

int search_heuristic_declares(const Policy *h, const GameState *s, const Game *g, int p, Rng *rng, int kind, void *out)
{
    return kind == KIND_ATTACK ? h->attack(h, s, g, p, rng, (AttackDecl *)out) : h->block(h, s, g, p, rng, (BlockDecl *)out);
}

/* ---- plays ---- */

int search_play_point(const GameState *s, int p, const Action *legal, int n)
{
    if (!s->spells || s->stack_n || s->active != p || (s->step != STEP_MAIN1 && s->step != STEP_MAIN2)) return 0;
    for (int k = 0; k < n; k++) if (legal[k].type == ACT_LAND) return 0;
    return 1;
}

int search_plays(const GameState *s, const Game *g, int p, int version, const Action *legal, int n,
                 Candidate *c, int *idx, int max)
{
    int nc = heuristic_spells_ranked(s, g, p, legal, n, version, idx, max);
    for (int k = 0; k < nc; k++) { c[k].n = 1; c[k].d.play = legal[idx[k]]; }
    return nc;
}

/* ---- playouts ---- */

void search_game(Game *rg, const Game *g, const GameState *f, const Policy *p0, const Policy *p1,
                 uint64_t seed, uint64_t r, Rng dr[2], Rng pr[2], uint8_t *lib[2])
{
    memset(rg, 0, sizeof *rg);
    rg->pool = g->pool;
    rg->deck[0] = g->deck[0]; rg->deck[1] = g->deck[1];
    rg->edition = g->edition;
    rg->turn_cap = f->turn_cap;
    rg->policy[0] = p0;
    rg->policy[1] = p1;
    for (int x = 0; x < 2; x++) {
        rng_seed(&dr[x], seed, r, (uint64_t)x + 1);
        rng_seed(&pr[x], seed, r, (uint64_t)x + 3);
        rg->deck_rng[x] = &dr[x];
        rg->policy_rng[x] = &pr[x];
        rg->lib_buf[x] = lib[x];
    }
}

double search_run(GameState *f, Game *rg, int horizon)
{
    /* The playout ends as a draw at a nearer turn cap, and is then valued
     * by the board. */
    int cap = f->turn_cap;
    if (horizon && f->turn + horizon < cap) f->turn_cap = (uint16_t)(f->turn + horizon);
    game_run(f, rg);
    if (f->end_reason == END_TURN_CAP && f->turn_cap < cap) {
        f->over = 0;
        return 1.0 / (1.0 + exp(-board_value(f, 0) / SEARCH_HORIZON_SCALE));
    }
    return f->winner == 0 ? 1.0 : f->winner == 2 ? 0.5 : 0.0;
}

int search_apply(GameState *f, Game *rg, int p, int kind, const Candidate *c)
{
    if (kind == KIND_ATTACK) {
        if (combat_declare_attackers(f, rg, c->d.att, c->n) != MTG_OK) return ERR_ILLEGAL_ATTACK;
        f->step = c->n ? STEP_DECLARE_BLOCKERS : STEP_END_COMBAT;
    } else if (kind == KIND_PLAY) {
        if (c->d.play.type == ACT_PASS) f->step = f->step == STEP_MAIN1 ? STEP_BEGIN_COMBAT : STEP_END;
        else if (action_apply_listed(f, rg, p, &c->d.play) != MTG_OK) return ERR_ILLEGAL_ACTION;
    } else {
        if (combat_declare_blockers(f, rg, c->d.blk, c->n) != MTG_OK) return ERR_ILLEGAL_BLOCK;
        if (c->n && combat_ask_orders(f, rg) != MTG_OK) return ERR_ILLEGAL_ORDER;
        f->step = combat_has_first_strike(f) ? STEP_FIRST_STRIKE_DAMAGE : STEP_COMBAT_DAMAGE;
    }
    return MTG_OK;
}

uint64_t search_key(int kind, const Candidate *c)
{
    /* FNV-1a over the declarations; blocks in any order are one key. */
    uint64_t h = 0xcbf29ce484222325ull ^ (uint64_t)kind;
    if (kind == KIND_PLAY) {
        const Action *a = &c->d.play;
        uint8_t b[5 + 2 * ACTION_TARGETS] = { a->type, a->hand_idx, a->ability, a->x, a->towner };
        for (int k = 0; k < a->n_targets && k < ACTION_TARGETS; k++) { b[5 + 2 * k] = a->tk[k]; b[6 + 2 * k] = a->tv[k]; }
        for (size_t k = 0; k < sizeof b; k++) { h ^= b[k]; h *= 0x100000001b3ull; }
        return h ^ (uint64_t)a->n_targets << 56;
    }
    uint64_t sum = 0;
    for (int k = 0; k < c->n; k++) {
        uint64_t x = kind == KIND_ATTACK ? (uint64_t)c->d.att[k].attacker << 8 | c->d.att[k].target
                                         : (uint64_t)c->d.blk[k].blocker << 8 | c->d.blk[k].attacker;
        x = (x + 1) * 0x9E3779B97F4A7C15ull;
        sum += x ^ x >> 29;
    }
    return (h ^ sum) * 0x100000001b3ull + (uint64_t)c->n;
}

/* ---- the heuristic's decisions ---- */

#define DELEGATE(h) Policy h = search_base(pol)

int search_keep(const Policy *pol, const GameState *s, const Game *g, int p, Rng *rng)
{ DELEGATE(h); return h.keep(&h, s, g, p, rng); }
void search_bottom(const Policy *pol, const GameState *s, const Game *g, int p, Rng *rng, int n, uint8_t *o)
{ DELEGATE(h); h.bottom(&h, s, g, p, rng, n, o); }
void search_order(const Policy *pol, const GameState *s, const Game *g, int p, Rng *rng, int who, uint8_t *v, int n)
{ DELEGATE(h); h.order(&h, s, g, p, rng, who, v, n); }
void search_assign(const Policy *pol, const GameState *s, const Game *g, int p, Rng *rng, const DamageChoice *dc,
                   int16_t *a)
{ DELEGATE(h); h.assign(&h, s, g, p, rng, dc, a); }
void search_discard(const Policy *pol, const GameState *s, const Game *g, int p, Rng *rng, int n, uint8_t *o)
{ DELEGATE(h); h.discard(&h, s, g, p, rng, n, o); }
int search_choose(const Policy *pol, const GameState *s, const Game *g, int p, Rng *rng, const Choice *c)
{ DELEGATE(h); return h.choose(&h, s, g, p, rng, c); }
