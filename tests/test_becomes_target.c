/* test_becomes_target.c: "When ~ becomes the target of a spell or
 * ability, sacrifice it" (Phantasmal Bear, Illusionary Servant, Phantom
 * Beast, Phantasmal Dragon) on real cards of the default pool: the ability
 * triggers as a spell is cast, an ability activated or a triggered ability
 * put on the stack with it as a target (601.2i, 602.2i, 603.3, 115.1), goes
 * on the stack above that spell or ability the next time a player would
 * receive priority (603.3), and so resolves first; nothing triggers without
 * a target. */
#include <stdio.h>
#include "engine/stack.h"
#include "engine/effect.h"

/* The cards of the positions (pool_pos.h). */
static const char *const names[] = {
    "Phantasmal Bear", "Illusionary Servant", "Phantom Beast", "Phantasmal Dragon", "Lightning Bolt",
    "Giant Growth", "Prodigal Pyromancer", "Aether Adept", "Pacifism", "Pyroclasm", "Grizzly Bears",
};
enum { C_PBEAR, C_SERVANT, C_BEAST, C_DRAGON, C_BOLT, C_GROWTH, C_PYRO, C_ADEPT, C_PACIFISM, C_PYROCLASM,
       C_BEARS, C_N };

#include "tests/pool_pos.h"

static int here(const Pos *x, int i, int k)
{
    return permset_has(x->s.perm_used, i) && x->s.perm[i].obj == k;
}

/* 601.2i, 603.3, 608.2b: an opponent's Lightning Bolt at Phantasmal Bear:
 * the Bear's ability triggers as the Bolt is cast, resolves first, and the
 * Bolt, its only target gone, does not resolve (no damage anywhere). */
static void test_spell_target(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int bear = put(&x, 0, C_PBEAR);
    give(&x, 1, C_BOLT);
    Action a = act(ACT_CAST, hand_slot(&x, 1, C_BOLT), 0, TK_PERM, bear);
    assert_int_equal(action_apply(&x.s, &x.g, 1, &a, 1), MTG_OK);
    assert_int_equal(x.s.pending_n, 1);                        /* triggered as the Bolt was cast */
    assert_int_equal(x.s.pend[0].controller, 0);                /* its controller's ability */
    assert_int_equal(triggers_put(&x.s, &x.g), 1);
    assert_int_equal(x.s.stack_n, 2);                           /* above the Bolt */
    stack_resolve_top(&x.s, &x.g);
    assert_false(here(&x, bear, C_PBEAR));
    assert_true(bits256_has(x.s.pl[0].gy, C_PBEAR));
    stack_resolve_top(&x.s, &x.g);
    assert_int_equal(x.s.last_result, RES_FIZZLED);
    assert_int_equal(x.s.pl[0].life, 20);
    assert_int_equal(x.s.pl[1].life, 20);
    settle(&x);
}

/* Its controller's own spell too: Giant Growth on Illusionary Servant
 * sacrifices it; the same Giant Growth on Grizzly Bears pumps them and
 * nothing triggers. */
static void test_own_spell(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int servant = put(&x, 0, C_SERVANT);
    int bears = put(&x, 0, C_BEARS);
    give(&x, 0, C_GROWTH);
    Action a = act(ACT_CAST, hand_slot(&x, 0, C_GROWTH), 0, TK_PERM, servant);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 1), MTG_OK);
    settle(&x);
    assert_false(here(&x, servant, C_SERVANT));
    assert_true(bits256_has(x.s.pl[0].gy, C_SERVANT));

    Pos y; pos_init(&y);
    put(&y, 0, C_SERVANT);
    bears = put(&y, 0, C_BEARS);
    give(&y, 0, C_GROWTH);
    a = act(ACT_CAST, hand_slot(&y, 0, C_GROWTH), 0, TK_PERM, bears);
    assert_int_equal(action_apply(&y.s, &y.g, 0, &a, 1), MTG_OK);
    assert_int_equal(y.s.pending_n, 0);
    settle(&y);
    assert_int_equal(y.s.perm[bears].power, 5);
    assert_int_equal(permset_count(y.s.perm_used), 2);
}

/* 602.2i: an activated ability's target (Prodigal Pyromancer at Phantom
 * Beast): the Beast is gone before the damage; a spell with no target
 * (Pyroclasm) makes nothing trigger and deals its damage. */
static void test_ability_target_and_no_target(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int beast = put(&x, 0, C_BEAST);
    int pyro = put(&x, 1, C_PYRO);
    Action a = act(ACT_ACTIVATE, pyro, 0, TK_PERM, beast);
    assert_int_equal(action_apply(&x.s, &x.g, 1, &a, 1), MTG_OK);
    assert_int_equal(x.s.pending_n, 1);
    settle(&x);
    assert_false(here(&x, beast, C_BEAST));
    assert_true(bits256_has(x.s.pl[0].gy, C_BEAST));
    assert_true(x.s.perm[pyro].flags & PF_TAPPED);

    Pos y; pos_init(&y);
    int dragon = put(&y, 0, C_DRAGON);
    give(&y, 1, C_PYROCLASM);
    y.s.active = 1;
    a = act(ACT_CAST, hand_slot(&y, 1, C_PYROCLASM), 0, 0, 0);
    assert_int_equal(action_apply(&y.s, &y.g, 1, &a, 1), MTG_OK);
    assert_int_equal(y.s.pending_n, 0);
    settle(&y);
    assert_true(here(&y, dragon, C_DRAGON));                      /* 5/5: two damage */
    assert_int_equal(y.s.perm[dragon].damage, 2);
}

/* 603.3: a triggered ability put on the stack with the Bear as its target
 * (Aether Adept's) makes the Bear's ability trigger; that one waits for the
 * next time a player would receive priority, then goes above the Adept's
 * and resolves first: the Adept's ability has no legal target left. */
static void test_trigger_target_waits(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int bear = put(&x, 1, C_PBEAR);
    enter(&x, 0, C_ADEPT);
    assert_int_equal(x.s.pending_n, 1);
    assert_int_equal(triggers_put(&x.s, &x.g), 1);                /* the Adept's, at the only target */
    assert_int_equal(x.s.stack_n, 1);
    assert_int_equal(x.s.pending_n, 1);                           /* the Bear's waits */
    assert_int_equal(x.s.pend[0].controller, 1);
    assert_int_equal(triggers_put(&x.s, &x.g), 1);
    assert_int_equal(x.s.stack_n, 2);
    settle(&x);
    assert_false(here(&x, bear, C_PBEAR));
    assert_true(bits256_has(x.s.pl[1].gy, C_PBEAR));              /* sacrificed, not returned to hand */
    assert_int_equal(x.s.pl[1].hand_n, 0);
}

/* 608.3b: an Aura spell targets too: Pacifism cast at Phantasmal Bear;
 * the Bear is sacrificed, and the Aura, its target gone, is countered on
 * resolution and goes to the graveyard. */
static void test_aura_target(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int bear = put(&x, 1, C_PBEAR);
    give(&x, 0, C_PACIFISM);
    Action a = act(ACT_CAST, hand_slot(&x, 0, C_PACIFISM), 0, TK_PERM, bear);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 1), MTG_OK);
    settle(&x);
    assert_false(here(&x, bear, C_PBEAR));
    assert_true(bits256_has(x.s.pl[0].gy, C_PACIFISM));
    assert_int_equal(permset_count(x.s.perm_used), 0);
}

int main(void)
{
    (void)library;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_spell_target),
        cmocka_unit_test(test_own_spell),
        cmocka_unit_test(test_ability_target_and_no_target),
        cmocka_unit_test(test_trigger_target_waits),
        cmocka_unit_test(test_aura_target),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
