/* policy_lookahead.c: the look-ahead policy (see lookahead.h). */
#include <string.h>
#include "lookahead.h"
#include "search.h"

static const LookaheadParams default_params = { HEURISTIC_DEFAULTS, 4, 8, 4 };

const char *const lookahead_param_names[] = { "candidates", "rollouts", "horizon", NULL };

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
    if (!strcmp(name, "horizon")) {
        if (v < 0 || v > 1000) return -1;
        p->horizon = v;
        return 0;
    }
    return heuristic_set(&p->base, name, v);
}

static const LookaheadParams *params(const Policy *pol)
{
    return pol->self ? (const LookaheadParams *)pol->self : &default_params;
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

/* Mean result for player p (win 1, draw 1/2, the board's at a horizon:
 * search_run) of `rollouts` playouts after declaring c. Playout r uses
 * the same random numbers for every candidate. */
static double evaluate(const GameState *s, const Game *g, int p, const LookaheadParams *lp,
                       int kind, const Candidate *c, uint64_t seed)
{
    Policy me = policy_heuristic;
    me.self = &lp->base;
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
        search_game(&rg, g, &f, p ? &policy_heuristic : &me, p ? &me : &policy_heuristic, seed, (uint64_t)r, dr, pr, libs);
        if (search_apply(&f, &rg, p, kind, c) != MTG_OK) return -1;
        double win0 = search_run(&f, &rg, lp->horizon);
        total += p ? 1 - win0 : win0;
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

/* Its attack or blocks (kind): the candidates played out. */
static int la_declare(const Policy *pol, const GameState *s, const Game *g, int p, Rng *rng, int kind, void *out)
{
    const LookaheadParams *lp = params(pol);
    Policy h = search_base(pol);
    Candidate c[CAND_MAX];
    int nc = search_declarations(s, g, p, &h, rng, kind, c, lp->candidates);
    return search_copy(kind, &c[choose(s, g, p, lp, rng, kind, c, nc)], out);
}

static int la_attack(const Policy *pol, const GameState *s, const Game *g, int p, Rng *rng, AttackDecl *out)
{ return la_declare(pol, s, g, p, rng, KIND_ATTACK, out); }
static int la_block(const Policy *pol, const GameState *s, const Game *g, int p, Rng *rng, BlockDecl *out)
{ return la_declare(pol, s, g, p, rng, KIND_BLOCK, out); }

/* In its own main phase with the stack empty, in a game with spells: the
 * heuristic's play, and the next best it looked at (passing among them),
 * each played out; elsewhere the heuristic's. */
static int la_main(const Policy *pol, const GameState *s, const Game *g, int p, Rng *rng, const Action *a, int n)
{
    const LookaheadParams *lp = params(pol);
    Policy h = search_base(pol);
    if (!search_play_point(s, p, a, n)) return h.main_action(&h, s, g, p, rng, a, n);
    Candidate c[CAND_MAX];
    int idx[CAND_MAX];                                  /* idx[0]: the heuristic's own choice */
    int nc = search_plays(s, g, p, lp->base.version, a, n, c, idx, lp->candidates);
    if (nc <= 1) return idx[0];
    return idx[choose(s, g, p, lp, rng, KIND_PLAY, c, nc)];
}

const Policy policy_lookahead = {
    "lookahead", &default_params,
    search_keep, search_bottom, la_main, la_attack, la_block, search_order, search_assign, search_discard,
    search_choose, NULL, NULL, NULL
};
