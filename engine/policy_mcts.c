/* policy_mcts.c: the Monte Carlo tree search policy (see mcts.h). */
#include <math.h>
#include <stddef.h>
#include <string.h>
#include "mcts.h"
#include "lookahead.h"
#include "search.h"

#define NODE_MAX 256   /* nodes of one tree; past them the tree stops growing */
#define PATH_MAX 64    /* decisions one playout descends in a tree, at most */

static const MctsParams default_params = { HEURISTIC_DEFAULTS, 64, 16, 70, 4, 0, 4, NULL };

const char *const mcts_param_names[] = { "playouts", "trees", "explore", "candidates", "ms", "horizon", NULL };

void mcts_defaults(MctsParams *p) { *p = default_params; }

int mcts_set(MctsParams *p, const char *name, int v)
{
    static const struct { const char *name; size_t off; int lo, hi; } own[] = {
        { "playouts", offsetof(MctsParams, playouts), 1, 1000000 },
        { "trees", offsetof(MctsParams, trees), 1, 64 },
        { "explore", offsetof(MctsParams, explore), 0, 1000 },
        { "candidates", offsetof(MctsParams, candidates), 1, CAND_MAX },
        { "ms", offsetof(MctsParams, ms), 0, 600000 },
        { "horizon", offsetof(MctsParams, horizon), 0, 1000 },
    };
    for (size_t k = 0; k < sizeof own / sizeof *own; k++) {
        if (strcmp(name, own[k].name)) continue;
        if (v < own[k].lo || v > own[k].hi) return -1;
        memcpy((char *)p + own[k].off, &v, sizeof v);
        return 0;
    }
    return heuristic_set(&p->base, name, v);
}

static const MctsParams *params(const Policy *pol)
{
    return pol->self ? (const MctsParams *)pol->self : &default_params;
}

/* ---- the tree ---- */

/* A decision weighed, by the player `who`: its children are the candidates
 * seen there, by key (a later playout may see other candidates at the same
 * node, a hidden card's effect: those it sees are the ones it chooses
 * among, as in information set MCTS). */
typedef struct Node {
    uint8_t who, kind, n;          /* the deciding player, KIND_*, children known */
    uint64_t key[CAND_MAX];        /* each child's candidate (search_key) */
    uint32_t visits[CAND_MAX];
    float wins[CAND_MAX];          /* its playouts' results for `who`: a win 1, a draw 1/2 */
    int16_t next[CAND_MAX];        /* the child's node, or -1 */
} Node;

enum { W_OUT = -1, W_NEW = -2 };

/* One playout's walk down a tree: the policy of both players in it. */
typedef struct Walk {
    HeuristicParams base;   /* first: search_base reads it as the walk's parameters */
    const MctsParams *mp;
    Node *node;
    int n_nodes;
    int cur;                /* the node of the next decision weighed; W_NEW: a node to add there
                               (under parent's child parent_kid); W_OUT: the heuristic's from here */
    int parent, parent_kid;
    int first;              /* the root's first candidate to try: tree t starts at t mod nc, so that
                               every candidate is tried when a tree's playouts are fewer */
    int depth;              /* the decisions taken in the tree: path, path_kid */
    int16_t path[PATH_MAX];
    uint8_t path_kid[PATH_MAX];
} Walk;

static void node_init(Node *nd, int who, int kind)
{
    nd->who = (uint8_t)who;
    nd->kind = (uint8_t)kind;
    nd->n = 0;
}

/* The child of nd for candidate c, added if new and there is room; -1 if not. */
static int kid_of(Node *nd, int kind, const Candidate *c)
{
    uint64_t key = search_key(kind, c);
    for (int j = 0; j < nd->n; j++) if (nd->key[j] == key) return j;
    if (nd->n >= CAND_MAX) return -1;
    int j = nd->n++;
    nd->key[j] = key;
    nd->visits[j] = 0;
    nd->wins[j] = 0;
    nd->next[j] = -1;
    return j;
}

/* Candidate k of c[0 .. nc-1] by UCB1 among the children the node has for
 * them: the first never tried from candidate `first` on (0: the
 * heuristic's first), else the best mean plus explore * sqrt(ln N / n). */
static int ucb(const Node *nd, const int *kid, int nc, double explore, int first)
{
    double total = 0;
    for (int i = 0; i < nc; i++) {
        int k = (first + i) % nc;
        if (kid[k] < 0) continue;
        if (!nd->visits[kid[k]]) return k;
        total += nd->visits[kid[k]];
    }
    double lt = log(total > 1 ? total : 1);
    int best = -1;
    double best_v = -1;
    for (int k = 0; k < nc; k++) {
        if (kid[k] < 0) continue;
        double n = nd->visits[kid[k]], v = nd->wins[kid[k]] / n + explore * sqrt(lt / n);
        if (v > best_v) { best_v = v; best = k; }
    }
    return best;
}

/* The candidate player p takes at a decision weighed, c[0 .. nc-1]: the
 * tree's choice while the playout is in it; at the node it adds, and out
 * of the tree, the heuristic's (0). */
static int walk_pick(Walk *w, int p, int kind, const Candidate *c, int nc)
{
    int added = 0;
    if (w->cur == W_NEW) {
        if (w->n_nodes >= NODE_MAX) { w->cur = W_OUT; return 0; }
        int id = w->n_nodes++;
        node_init(&w->node[id], p, kind);
        w->node[w->parent].next[w->parent_kid] = (int16_t)id;
        w->cur = id;
        added = 1;
    }
    Node *nd = &w->node[w->cur];
    if (nd->who != p || nd->kind != kind || w->depth >= PATH_MAX) { w->cur = W_OUT; return 0; }
    int kid[CAND_MAX];
    for (int k = 0; k < nc; k++) kid[k] = kid_of(nd, kind, &c[k]);
    int k = added ? 0 : ucb(nd, kid, nc, w->mp->explore / 100.0, w->depth ? 0 : w->first);
    if (k < 0 || kid[k] < 0) { w->cur = W_OUT; return 0; }
    w->path[w->depth] = (int16_t)w->cur;
    w->path_kid[w->depth++] = (uint8_t)kid[k];
    int next = nd->next[kid[k]];
    if (added) w->cur = W_OUT;                     /* one node added per playout */
    else if (next >= 0) w->cur = next;
    else { w->parent = w->cur; w->parent_kid = kid[k]; w->cur = W_NEW; }
    return k;
}

/* ---- the walk's policy: the tree's decisions, the heuristic's others ---- */

#define WALK(pol) ((Walk *)(uintptr_t)(pol)->self)   /* the walk's own state, of this playout alone */

static int walk_main(const Policy *pol, const GameState *s, const Game *g, int p, Rng *rng, const Action *a, int n)
{
    Walk *w = WALK(pol);
    Policy h = search_base(pol);
    if (w->cur == W_OUT || !search_play_point(s, p, a, n)) return h.main_action(&h, s, g, p, rng, a, n);
    Candidate c[CAND_MAX];
    int idx[CAND_MAX];
    int nc = search_plays(s, g, p, w->base.version, a, n, c, idx, w->mp->candidates);
    if (nc <= 1) return idx[0];
    return idx[walk_pick(w, p, KIND_PLAY, c, nc)];
}

/* An attack or blocks (kind) of a player in the playout. */
static int walk_declare(const Policy *pol, const GameState *s, const Game *g, int p, Rng *rng, int kind, void *out)
{
    Walk *w = WALK(pol);
    Policy h = search_base(pol);
    if (w->cur == W_OUT) return search_heuristic_declares(&h, s, g, p, rng, kind, out);
    Candidate c[CAND_MAX];
    int nc = search_declarations(s, g, p, &h, rng, kind, c, w->mp->candidates);
    return search_copy(kind, &c[nc > 1 ? walk_pick(w, p, kind, c, nc) : 0], out);
}

static int walk_attack(const Policy *pol, const GameState *s, const Game *g, int p, Rng *rng, AttackDecl *out)
{ return walk_declare(pol, s, g, p, rng, KIND_ATTACK, out); }
static int walk_block(const Policy *pol, const GameState *s, const Game *g, int p, Rng *rng, BlockDecl *out)
{ return walk_declare(pol, s, g, p, rng, KIND_BLOCK, out); }

static int walk_looks(const Policy *pol, const GameState *s, const Game *g, int p)
{
    Policy h = search_base(pol);
    return h.looks(&h, s, g, p);
}

static unsigned walk_quiet(const Policy *pol, const GameState *s)
{
    Policy h = search_base(pol);
    return h.quiet ? h.quiet(&h, s) : 0;
}

static const Policy walk_policy = {
    "mcts-walk", NULL,
    search_keep, search_bottom, walk_main, walk_attack, walk_block, search_order, search_assign, search_discard,
    search_choose, walk_looks, walk_quiet, NULL
};

/* ---- the search ---- */

/* One playout on a fork of det: down the tree from its root (p's decision
 * among c[0 .. nc-1]), then the heuristic's to the end of the game or to
 * the horizon (search_run); the results go back up the path. */
static void playout(Walk *w, const GameState *det, const Game *g, int p, int kind, const Candidate *c, int nc,
                    uint64_t seed, uint64_t r)
{
    GameState f;
    state_fork(&f, det);
    if (g->forks) (*g->forks)++;
    w->cur = 0;
    w->depth = 0;
    int k = walk_pick(w, p, kind, c, nc);
    Policy walker = walk_policy;
    walker.self = w;
    Rng dr[2], pr[2];
    uint8_t *libs[2] = { f.lib_buf[0], f.lib_buf[1] };   /* (setup's alone: the fork's own are in it) */
    Game rg;
    search_game(&rg, g, &f, &walker, &walker, seed, r, dr, pr, libs);
    double win0 = search_apply(&f, &rg, p, kind, &c[k]) != MTG_OK ? (p ? 1 : 0)   /* never: candidates are legal */
                : search_run(&f, &rg, w->mp->horizon);
    for (int d = 0; d < w->depth; d++) {
        Node *nd = &w->node[w->path[d]];
        nd->visits[w->path_kid[d]]++;
        nd->wins[w->path_kid[d]] += (float)(nd->who ? 1 - win0 : win0);
    }
}

/* The candidate of c[0 .. nc-1] (p's, a decision of this kind) that the
 * trees played most; ties to the earlier (the heuristic's first). */
static int search(const Policy *pol, const GameState *s, const Game *g, int p, Rng *rng, int kind,
                  const Candidate *c, int nc)
{
    const MctsParams *mp = params(pol);
    if (nc <= 1) return 0;
    uint64_t seed = rng_next(rng);
    Node node[NODE_MAX];
    Walk w;
    w.base = mp->base;
    w.mp = mp;
    w.node = node;
    double visits[CAND_MAX] = {0}, wins[CAND_MAX] = {0};
    int timed = mp->ms > 0 && mp->clock;
    double t0 = timed ? mp->clock() : 0;
    uint64_t r = 0;
    for (int t = 0; t < mp->trees; t++) {
        /* The tree's deal of the cards p cannot see. */
        GameState det;
        uint8_t lib0[DECK_MAX], lib1[DECK_MAX];
        uint8_t *libs[2] = { lib0, lib1 };
        state_fork(&det, s);
        Rng deal;
        rng_seed(&deal, seed, (uint64_t)t, 0x74726565ull);
        lookahead_determinize(&det, p, &deal, libs);
        w.n_nodes = 1;
        w.first = t % nc;
        node_init(&node[0], p, kind);
        /* This tree's share of the budget: playouts, or time. */
        long quota = mp->playouts / mp->trees + (t < mp->playouts % mp->trees);
        double until = t0 + mp->ms / 1000.0 * (t + 1) / mp->trees;
        for (long i = 0; timed ? i < nc || mp->clock() < until : i < quota; i++)
            playout(&w, &det, g, p, kind, c, nc, seed, r++);
        /* The root's children by candidate. */
        for (int k = 0; k < nc; k++) {
            uint64_t key = search_key(kind, &c[k]);
            for (int j = 0; j < node[0].n; j++)
                if (node[0].key[j] == key) { visits[k] += node[0].visits[j]; wins[k] += node[0].wins[j]; }
        }
    }
    int best = 0;
    for (int k = 1; k < nc; k++)
        if (visits[k] > visits[best] || (visits[k] == visits[best] && wins[k] > wins[best])) best = k;
    return best;
}

/* ---- the policy ---- */

static int mcts_main(const Policy *pol, const GameState *s, const Game *g, int p, Rng *rng, const Action *a, int n)
{
    const MctsParams *mp = params(pol);
    Policy h = search_base(pol);
    if (!search_play_point(s, p, a, n)) return h.main_action(&h, s, g, p, rng, a, n);
    Candidate c[CAND_MAX];
    int idx[CAND_MAX];
    int nc = search_plays(s, g, p, mp->base.version, a, n, c, idx, mp->candidates);
    return idx[search(pol, s, g, p, rng, KIND_PLAY, c, nc)];
}

/* Its attack or blocks (kind), searched. */
static int mcts_declare(const Policy *pol, const GameState *s, const Game *g, int p, Rng *rng, int kind, void *out)
{
    Policy h = search_base(pol);
    Candidate c[CAND_MAX];
    int nc = search_declarations(s, g, p, &h, rng, kind, c, params(pol)->candidates);
    return search_copy(kind, &c[search(pol, s, g, p, rng, kind, c, nc)], out);
}

static int mcts_attack(const Policy *pol, const GameState *s, const Game *g, int p, Rng *rng, AttackDecl *out)
{ return mcts_declare(pol, s, g, p, rng, KIND_ATTACK, out); }
static int mcts_block(const Policy *pol, const GameState *s, const Game *g, int p, Rng *rng, BlockDecl *out)
{ return mcts_declare(pol, s, g, p, rng, KIND_BLOCK, out); }

const Policy policy_mcts = {
    "mcts", &default_params,
    search_keep, search_bottom, mcts_main, mcts_attack, mcts_block, search_order, search_assign, search_discard,
    search_choose, walk_looks, walk_quiet, NULL
};
