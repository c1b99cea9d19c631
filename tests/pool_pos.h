/* pool_pos.h: positions of games with rules text built from real cards of
 * the default pool, for engine tests. A test defines, before including it,
 * `names` (the cards: both players own one of each, object id = index, in
 * exile until a case puts them somewhere) and C_N (their number). */
#ifndef TEST_POOL_POS_H
#define TEST_POOL_POS_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>
#include "decks/pool.h"
#include "engine/stack.h"
#include "engine/layers.h"
#include "engine/zone.h"

static Pool pool;

typedef struct Pos {
    GameState s;
    Game g;
    Deck deck;
    Rng rng[4];
    CardPool view;
} Pos;

/* cmocka group setup: loads the default pool and checks every card of
 * `names` is there and supported (lands aside: basic ones are counts). */
static int setup(void **state)
{
    (void)state;
    char err[256];
    pool_init(&pool);
    if (pool_load_default(&pool, err, sizeof err)) fail_msg("%s", err);
    for (int k = 0; k < C_N; k++) {
        int i = pool_find(&pool, names[k]);
        if (i < 0) fail_msg("%s is not in the pool", names[k]);
        if (pool.reason[i][0] && !(pool.cards[i].types & TYPE_LAND))
            fail_msg("%s is not supported: %s", names[k], pool_reason(&pool, i));
    }
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    pool_free(&pool);
    return 0;
}

static inline void pos_init(Pos *x)
{
    memset(x, 0, sizeof *x);
    for (int k = 0; k < C_N; k++) x->deck.card[k] = (uint16_t)pool_find(&pool, names[k]);
    x->deck.n = C_N;
    x->view = pool_view(&pool);
    state_clear(&x->s, &x->view, EDITION_2011);
    x->g.pool = &x->view;
    x->g.deck[0] = x->g.deck[1] = &x->deck;
    for (int k = 0; k < 4; k++) rng_seed(&x->rng[k], 11, (uint64_t)k, 0);
    x->g.deck_rng[0] = &x->rng[0]; x->g.deck_rng[1] = &x->rng[1];
    x->g.policy_rng[0] = &x->rng[2]; x->g.policy_rng[1] = &x->rng[3];
    x->g.check = 1;
    for (int p = 0; p < 2; p++) {
        x->s.pl[p].deck = x->deck.card;
        x->s.pl[p].deck_n = (uint8_t)x->deck.n;
        for (int k = 0; k < C_N; k++) bits256_set(x->s.exile[p], k);
    }
    x->s.spells = 1;
    x->s.step = STEP_MAIN1;
}

/* Card k of player p onto the battlefield, its own triggers dropped. */
static inline int put(Pos *x, int p, int k)
{
    bits256_clear(x->s.exile[p], k);
    int i = perm_enter(&x->s, &x->g, p, p, x->deck.card[k], (uint8_t)k);
    assert_true(i >= 0);
    x->s.perm[i].flags &= (uint8_t)~PF_SICK;
    x->s.pending_n = 0;
    layers_refresh(&x->s);
    return i;
}

static inline void give(Pos *x, int p, int k)
{
    bits256_clear(x->s.exile[p], k);
    x->s.pl[p].hand[x->s.pl[p].hand_n++] = (uint8_t)k;
}

/* Player p controls n untapped basic lands, the card objects k .. k+n-1
 * (basic lands are counts by color: state.h). */
static inline void pos_lands(Pos *x, int p, int k, int n)
{
    Player *pl = &x->s.pl[p];
    for (int j = k; j < k + n; j++) {
        bits256_clear(x->s.exile[p], j);
        bits256_set(pl->lands, j);
        pl->lands_n++;
        pl->land_n[x->s.cards[x->deck.card[j]].produces]++;
    }
}

/* Player p's library: the n cards of lib, top first. */
static inline void library(Pos *x, int p, const uint8_t *lib, int n)
{
    for (int k = 0; k < n; k++) bits256_clear(x->s.exile[p], lib[k]);
    x->s.pl[p].lib = lib;
    x->s.pl[p].lib_n = (uint8_t)n;
}

/* Card k of player p onto the battlefield with its triggers. */
static inline int enter(Pos *x, int p, int k)
{
    bits256_clear(x->s.exile[p], k);
    return perm_enter(&x->s, &x->g, p, p, x->deck.card[k], (uint8_t)k);
}

/* Waiting triggers onto the stack, then everything resolves (with state-
 * based actions and new triggers in between, as priority would). */
static inline void settle(Pos *x)
{
    for (;;) {
        layers_refresh(&x->s);
        sba_apply(&x->s, &x->g);
        layers_refresh(&x->s);
        if (triggers_put(&x->s, &x->g)) continue;
        if (!x->s.stack_n) break;
        stack_resolve_top(&x->s, &x->g);
    }
    char msg[256];
    if (state_check(&x->s, &x->g, msg, sizeof msg)) fail_msg("%s", msg);
}

static inline Action act(int type, int idx, int ability, int tk, int tv)
{
    Action a;
    memset(&a, 0, sizeof a);
    a.type = (uint8_t)type;
    a.hand_idx = (uint8_t)idx;
    a.ability = (uint8_t)ability;
    if (tk) { a.n_targets = 1; a.tk[0] = (uint8_t)tk; a.tv[0] = (uint8_t)tv; }
    return a;
}

static inline int hand_slot(const Pos *x, int p, int k)
{
    for (int h = 0; h < x->s.pl[p].hand_n; h++) if (x->s.pl[p].hand[h] == k) return h;
    fail_msg("card %d not in hand", k);
    return -1;
}

#endif
