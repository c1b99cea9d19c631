/* test_library.c: libraries that cards change (701.15 search, 701.19
 * shuffle, putting a card on top or at the bottom) and cards targeted in
 * graveyards, on real cards of the default pool; and the copy-on-write of
 * a library's order: a state shares the game's order until a card writes
 * to it, and a fork copies an own order with it. */
#include <stdio.h>
#include <stdlib.h>
#include "engine/stack.h"
#include "engine/effect.h"
#include "engine/library.h"
#include "engine/turn.h"

static const char *const names[] = {
    "Rampant Growth", "Diabolic Tutor", "Excommunicate", "Borderland Ranger", "Forest", "Island",
    "Grizzly Bears", "Giant Growth", "Craw Wurm", "Lightning Bolt", "Disentomb", "Reclaim", "Gravedigger",
    "Doomed Necromancer", "Sage Owl", "Traumatize", "Preordain",
};
enum { C_GROWTH, C_TUTOR, C_EXCOMMUNICATE, C_RANGER, C_FOREST, C_ISLAND, C_BEARS, C_GIANT, C_WURM, C_BOLT,
       C_DISENTOMB, C_RECLAIM, C_GRAVEDIGGER, C_NECROMANCER, C_OWL, C_TRAUMATIZE, C_PREORDAIN, C_N };

#include "tests/pool_pos.h"

/* A policy whose every choice is its option `pick` (the last when fewer). */
static int pick;
static int choose_pick(const Policy *p, const GameState *s, const Game *g, int pl, Rng *r, const Choice *c)
{
    (void)p; (void)s; (void)g; (void)pl; (void)r;
    return pick < c->n ? pick : c->n - 1;
}

static Policy picker(void)
{
    Policy pol;
    memset(&pol, 0, sizeof pol);
    pol.choose = choose_pick;
    return pol;
}

static void cast_free(Pos *x, int p, int k, int tk, int tv)
{
    give(x, p, k);
    Action a = act(ACT_CAST, hand_slot(x, p, k), 0, tk, tv);
    assert_int_equal(action_apply(&x->s, &x->g, p, &a, 1), MTG_OK);
    settle(x);
}

/* 701.15, 305.2 (a land put onto the battlefield is not played): Rampant
 * Growth finds the basic Forest, tapped, and shuffles; the library becomes
 * the state's own, the game's order untouched. */
static void test_search_basic_land(void **state)
{
    (void)state;
    static const uint8_t lib[] = { C_BEARS, C_FOREST, C_WURM, C_ISLAND };
    Pos x; pos_init(&x);
    library(&x, 0, lib, 4);
    Policy pol = picker();
    pick = 0;                                     /* the first basic land from the top: the Forest */
    x.g.policy[0] = &pol;
    cast_free(&x, 0, C_GROWTH, 0, 0);
    Player *pl = &x.s.pl[0];
    assert_true(bits256_has(pl->lands, C_FOREST));
    assert_int_equal(pl->land_n[COLOR_G], 1);
    assert_int_equal(pl->land_tapped[COLOR_G], 1);
    assert_false(pl->flags & PL_LAND_PLAYED);
    assert_int_equal(pl->lib_n, 3);
    assert_true(pl->flags & PL_LIB_OWN);
    assert_ptr_equal(pl->lib, x.s.lib_buf[0]);
    assert_int_equal(lib[1], C_FOREST);           /* the game's order is not written */
    int seen = 0;
    for (int k = 0; k < pl->lib_n; k++) seen |= 1 << pl->lib[pl->lib_top + k];
    assert_int_equal(seen, (1 << C_BEARS) | (1 << C_WURM) | (1 << C_ISLAND));
    assert_false(x.s.pl[1].flags & PL_LIB_OWN);   /* the other library still shared */
}

/* 701.15b-c: a search for a card with a stated quality may find nothing;
 * one for "a card" must find one. */
static void test_find_nothing(void **state)
{
    (void)state;
    static const uint8_t lib[] = { C_BEARS, C_FOREST };
    Pos x; pos_init(&x);
    library(&x, 0, lib, 2);
    Policy pol = picker();
    pick = 99;                                    /* the last option: nothing, where allowed */
    x.g.policy[0] = &pol;
    cast_free(&x, 0, C_GROWTH, 0, 0);
    assert_int_equal(x.s.pl[0].lands_n, 0);
    assert_int_equal(x.s.pl[0].lib_n, 2);
    cast_free(&x, 0, C_TUTOR, 0, 0);              /* "a card": the last card is a card */
    assert_int_equal(x.s.pl[0].lib_n, 1);
    assert_int_equal(x.s.pl[0].hand_n, 1);
}

/* 608.2c "if you do": Borderland Ranger's shuffle happens only when its
 * controller chose to search. */
static void test_if_you_do(void **state)
{
    (void)state;
    static const uint8_t lib[] = { C_BEARS, C_WURM, C_FOREST };
    Pos x; pos_init(&x);
    library(&x, 0, lib, 3);
    Policy pol = picker();
    pick = 1;                                     /* "you may": no */
    x.g.policy[0] = &pol;
    enter(&x, 0, C_RANGER);
    settle(&x);
    assert_false(x.s.pl[0].flags & PL_LIB_OWN);   /* no search, no shuffle: nothing written */
    assert_int_equal(x.s.pl[0].hand_n, 0);
}

/* Excommunicate puts a creature on top of its owner's library: the next
 * draw is that card. */
static void test_on_top(void **state)
{
    (void)state;
    static const uint8_t lib[] = { C_FOREST, C_ISLAND };
    Pos x; pos_init(&x);
    library(&x, 1, lib, 2);
    int bears = put(&x, 1, C_BEARS);
    cast_free(&x, 0, C_EXCOMMUNICATE, TK_PERM, bears);
    assert_false(permset_has(x.s.perm_used, bears));
    assert_int_equal(x.s.pl[1].lib_n, 3);
    game_draw(&x.s, &x.g, 1);
    assert_int_equal(x.s.pl[1].hand[0], C_BEARS);
    library_put(&x.s, 1, x.s.pl[1].hand[--x.s.pl[1].hand_n], 1);   /* and at the bottom */
    assert_int_equal(x.s.pl[1].lib[x.s.pl[1].lib_top + x.s.pl[1].lib_n - 1], C_BEARS);
    settle(&x);
}

/* A fork shares a library the state has not written to (the same
 * pointer) and copies an own one: writing to the fork's leaves the
 * original as it was. */
static void test_fork_copy_on_write(void **state)
{
    (void)state;
    static const uint8_t lib[] = { C_BEARS, C_FOREST, C_WURM, C_ISLAND };
    Pos x; pos_init(&x);
    library(&x, 0, lib, 4);
    library(&x, 1, lib, 4);
    GameState *f = malloc(sizeof *f);
    state_fork(f, &x.s);
    assert_ptr_equal(f->pl[0].lib, lib);
    size_t shared = state_fork_bytes(&x.s);
    library_own(&x.s, 0);
    assert_int_equal(state_fork_bytes(&x.s), shared + 4);
    state_fork(f, &x.s);
    assert_ptr_equal(f->pl[0].lib, f->lib_buf[0]);
    assert_ptr_equal(f->pl[1].lib, lib);
    uint8_t taken = library_take(f, 0, 2);
    assert_int_equal(taken, C_WURM);
    assert_int_equal(f->pl[0].lib_n, 3);
    assert_int_equal(x.s.pl[0].lib_n, 4);
    for (int k = 0; k < 4; k++) assert_int_equal(x.s.pl[0].lib[x.s.pl[0].lib_top + k], lib[k]);
    assert_int_equal(f->pl[0].lib[f->pl[0].lib_top], C_BEARS);
    assert_int_equal(f->pl[0].lib[f->pl[0].lib_top + 2], C_ISLAND);
    free(f);
}

/* Card k of player p into its graveyard. */
static void bury(Pos *x, int p, int k)
{
    bits256_clear(x->s.exile[p], k);
    card_to_zone(&x->s, p, (uint8_t)k, ZONE_GRAVEYARD);
}

static Action target_card(Action a, int owner, int obj)
{
    a.n_targets = 1;
    a.tk[0] = TK_CARD;
    a.tv[0] = (uint8_t)obj;
    a.towner = (uint8_t)owner;
    return a;
}

/* 115.1, 608.2b: Disentomb targets a creature card in its caster's own
 * graveyard only; Reclaim in response puts it on top of the library, and
 * Disentomb does nothing (its only target is illegal). */
static void test_graveyard_targets(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    bury(&x, 0, C_BEARS);
    bury(&x, 0, C_BOLT);
    bury(&x, 1, C_WURM);
    give(&x, 0, C_DISENTOMB);
    Action acts[ACTION_MAX];
    int n = actions_spells(&x.s, 0, acts, 1), casts = 0;
    for (int k = 0; k < n; k++)
        if (acts[k].type == ACT_CAST) {
            casts++;
            assert_int_equal(acts[k].tk[0], TK_CARD);
            assert_int_equal(acts[k].tv[0], C_BEARS);     /* not the Bolt, not the opponent's Wurm */
            assert_int_equal(acts[k].towner, 0);
        }
    assert_int_equal(casts, 1);
    Action a = target_card(act(ACT_CAST, hand_slot(&x, 0, C_DISENTOMB), 0, 0, 0), 0, C_BEARS);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 1), MTG_OK);
    give(&x, 0, C_RECLAIM);
    Action b = target_card(act(ACT_CAST, hand_slot(&x, 0, C_RECLAIM), 0, 0, 0), 0, C_BEARS);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &b, 1), MTG_OK);
    stack_resolve_top(&x.s, &x.g);                        /* Reclaim: the Bears on top */
    assert_int_equal(x.s.pl[0].lib[x.s.pl[0].lib_top], C_BEARS);
    bury(&x, 0, C_GIANT);
    stack_resolve_top(&x.s, &x.g);
    assert_int_equal(x.s.last_result, RES_FIZZLED);
    assert_int_equal(x.s.pl[0].hand_n, 0);
    settle(&x);

    /* A card that left and came back is a new object (400.7). */
    Pos y; pos_init(&y);
    bury(&y, 0, C_BEARS);
    give(&y, 0, C_DISENTOMB);
    a = target_card(act(ACT_CAST, hand_slot(&y, 0, C_DISENTOMB), 0, 0, 0), 0, C_BEARS);
    assert_int_equal(action_apply(&y.s, &y.g, 0, &a, 1), MTG_OK);
    gy_leave(&y.s, 0, C_BEARS);
    card_to_zone(&y.s, 0, C_BEARS, ZONE_GRAVEYARD);
    settle(&y);
    assert_int_equal(y.s.last_result, RES_FIZZLED);
    assert_true(bits256_has(y.s.pl[0].gy, C_BEARS));
}

/* Gravedigger's trigger returns a creature card; Doomed Necromancer puts
 * one onto the battlefield under its controller's control. */
static void test_graveyard_to_hand_and_battlefield(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    bury(&x, 0, C_WURM);
    enter(&x, 0, C_GRAVEDIGGER);
    settle(&x);
    assert_int_equal(x.s.pl[0].hand_n, 1);
    assert_int_equal(x.s.pl[0].hand[0], C_WURM);
    assert_int_equal(x.s.pl[0].gy_n, 0);

    bury(&x, 0, C_BEARS);
    int nec = put(&x, 0, C_NECROMANCER);
    Action a = target_card(act(ACT_ACTIVATE, nec, 0, 0, 0), 0, C_BEARS);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 1), MTG_OK);   /* {B}, {T}, sacrifice it */
    settle(&x);
    int bears = 0, necro = 0;
    for (PermIter it = permset_iter(x.s.perm_ctl[0]); permiter_more(&it);) {
        int i = permiter_next(&it);
        bears |= x.s.perm[i].obj == C_BEARS;
        necro |= x.s.perm[i].obj == C_NECROMANCER;
    }
    assert_true(bears);
    assert_false(necro);                                  /* sacrificed as the cost */
    assert_true(bits256_has(x.s.pl[0].gy, C_NECROMANCER));
}

/* Sage Owl looks at the top four and puts them back in any order: order
 * number k of library_reorder's numbering (the last, 23, reverses them);
 * the fifth card stays where it was. */
static void test_reorder_top(void **state)
{
    (void)state;
    static const uint8_t lib[] = { C_BEARS, C_FOREST, C_WURM, C_ISLAND, C_BOLT };
    Pos x; pos_init(&x);
    library(&x, 0, lib, 5);
    Policy pol = picker();
    pick = 23;
    x.g.policy[0] = &pol;
    enter(&x, 0, C_OWL);
    settle(&x);
    const Player *pl = &x.s.pl[0];
    static const uint8_t want[] = { C_ISLAND, C_WURM, C_FOREST, C_BEARS, C_BOLT };
    for (int k = 0; k < 5; k++) assert_int_equal(pl->lib[pl->lib_top + k], want[k]);
    library_reorder(&x.s, 0, 3, 2);                 /* 2 = (1, 0, 2): orders 0 (0 1 2), 1 (0 2 1), 2 (1 0 2) */
    assert_int_equal(pl->lib[pl->lib_top], C_WURM);
    assert_int_equal(pl->lib[pl->lib_top + 1], C_ISLAND);
    assert_int_equal(pl->lib[pl->lib_top + 2], C_FOREST);
}

/* Traumatize: target player mills half their library, rounded down. */
static void test_mill_half(void **state)
{
    (void)state;
    static const uint8_t lib[] = { C_BEARS, C_FOREST, C_WURM, C_ISLAND, C_BOLT };
    Pos x; pos_init(&x);
    library(&x, 1, lib, 5);
    cast_free(&x, 0, C_TRAUMATIZE, TK_PLAYER, 1);
    assert_int_equal(x.s.pl[1].lib_n, 3);
    assert_true(bits256_has(x.s.pl[1].gy, C_BEARS) && bits256_has(x.s.pl[1].gy, C_FOREST));
}

/* 701.18: Preordain scries 2 then draws: option 4 = order 1 (the two
 * swapped) with the last one to the bottom: the second card is drawn, the
 * first goes under the rest. */
static void test_scry(void **state)
{
    (void)state;
    static const uint8_t lib[] = { C_BEARS, C_FOREST, C_WURM, C_ISLAND };
    Pos x; pos_init(&x);
    library(&x, 0, lib, 4);
    Policy pol = picker();
    pick = 4;
    x.g.policy[0] = &pol;
    cast_free(&x, 0, C_PREORDAIN, 0, 0);
    const Player *pl = &x.s.pl[0];
    assert_int_equal(pl->hand_n, 1);
    assert_int_equal(pl->hand[0], C_FOREST);
    assert_int_equal(pl->lib_n, 3);
    assert_int_equal(pl->lib[pl->lib_top], C_WURM);
    assert_int_equal(pl->lib[pl->lib_top + 2], C_BEARS);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_search_basic_land),
        cmocka_unit_test(test_find_nothing),
        cmocka_unit_test(test_if_you_do),
        cmocka_unit_test(test_on_top),
        cmocka_unit_test(test_fork_copy_on_write),
        cmocka_unit_test(test_graveyard_targets),
        cmocka_unit_test(test_graveyard_to_hand_and_battlefield),
        cmocka_unit_test(test_reorder_top),
        cmocka_unit_test(test_mill_half),
        cmocka_unit_test(test_scry),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
