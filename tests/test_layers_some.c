/* test_layers_some.c: the layers computed again for the permanents that
 * changed alone (GameState.layers_some, layers.h), on real cards of the
 * default pool: what marks only some permanents (a creature entering, an
 * Aura attached, an effect until end of turn), what marks them all (a
 * lord entering, a count of permanents in force), and in every case the
 * characteristics a whole pass makes (state_check compares them after
 * each settle). */
#include <stdio.h>
#include "engine/stack.h"
#include "engine/effect.h"
#include "engine/layers.h"

/* The cards of the positions (pool_pos.h). */
static const char *const names[] = {
    "Honor of the Pure", "Elite Vanguard", "Holy Strength", "Giant Growth", "Grizzly Bears",
    "Veteran Armorsmith", "Armored Ascension", "Plains", "Plains",
};
enum { C_HONOR, C_VANGUARD, C_HOLY, C_GROWTH, C_BEARS, C_ARMORSMITH, C_ASCENSION, C_PLAINS1, C_PLAINS2, C_N };

#include "tests/pool_pos.h"

/* Player 0 casts card k (mana taken as paid) at permanent tv, or with no
 * target (tv < 0); the layers are looked at before anything resolves. */
static void cast(Pos *x, int k, int tv)
{
    give(x, 0, k);
    Action a = act(ACT_CAST, hand_slot(x, 0, k), 0, tv < 0 ? 0 : TK_PERM, tv < 0 ? 0 : tv);
    assert_int_equal(action_apply(&x->s, &x->g, 0, &a, 1), MTG_OK);
}

/* Card k of player p onto the battlefield, the layers not looked at yet
 * (perm_enter looks at them for the abilities that watch others enter). */
static int arrive(Pos *x, int p, int k)
{
    bits256_clear(x->s.exile[p], k);
    int i = perm_enter_with(&x->s, &x->g, p, p, x->deck.card[k], (uint8_t)k, 0);
    assert_true(i >= 0);
    return i;
}

/* Whether the layers wait for slot i alone (and perhaps others alone). */
static int some_has(const GameState *s, int i)
{
    if ((s->layers_dirty & ~LAYERS_BARE) != LAYERS_SOME) return 0;
    for (int k = 0; k < s->layers_n; k++) if (s->layers_some[k] == i) return 1;
    return 0;
}

/* 613.4c, 613.7: Honor of the Pure in force; Elite Vanguard entering,
 * Holy Strength attached to it, Giant Growth on it: each marks that
 * creature alone (Giant Growth's end changes its power and toughness at
 * once), and its power and toughness are those a whole pass makes, the
 * other creatures' untouched. */
static void test_only_the_changed(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    x.s.pl[0].flags |= PL_FREE_SPELLS;
    put(&x, 0, C_HONOR);
    settle(&x);
    int bears = put(&x, 0, C_BEARS);                          /* green: Honor does not apply */
    settle(&x);
    int vanguard = arrive(&x, 0, C_VANGUARD);
    assert_true(some_has(&x.s, vanguard));
    assert_false(some_has(&x.s, bears));
    settle(&x);
    assert_int_equal(perm_power(&x.s, vanguard), 3);          /* 2/1, Honor's +1/+1 */
    assert_int_equal(perm_toughness(&x.s, vanguard), 2);
    /* The opponent's, with nothing attached and no lord of theirs in
     * force: no static ability reaches it (LAYERS_BARE, LR_LORDS). */
    int theirs = arrive(&x, 1, C_VANGUARD);
    assert_int_equal(x.s.layers_dirty, LAYERS_SOME | LAYERS_BARE);
    assert_true(x.s.layers_reads & LR_LORDS(0));
    assert_false(x.s.layers_reads & LR_LORDS(1));
    settle(&x);
    assert_int_equal(perm_power(&x.s, theirs), 2);            /* as printed */

    cast(&x, C_HOLY, vanguard);
    settle(&x);
    assert_int_equal(perm_power(&x.s, vanguard), 4);          /* Holy Strength's +1/+2 */
    assert_int_equal(perm_toughness(&x.s, vanguard), 4);

    cast(&x, C_GROWTH, vanguard);
    settle(&x);
    assert_int_equal(perm_power(&x.s, vanguard), 7);
    assert_int_equal(perm_toughness(&x.s, bears), 2);
    floating_end_of_turn(&x.s);
    assert_false(x.s.layers_dirty);                           /* a +N/+N ends at once (613.4c) */
    assert_int_equal(perm_power(&x.s, vanguard), 4);
    settle(&x);
    assert_int_equal(perm_power(&x.s, vanguard), 4);
}

/* What may change other permanents marks them: a lord entering (Veteran
 * Armorsmith: "Other Soldier creatures you control get +0/+1") the
 * creatures of its controller, a land entering while a count of lands is in force
 * what the count acts on (the Ascension's creature); while a count of permanents is in force (Armored Ascension
 * counts Plains, a land: not others) a creature entering is still alone. */
static void test_all_when_others_change(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int vanguard = put(&x, 0, C_VANGUARD);
    settle(&x);
    arrive(&x, 0, C_ARMORSMITH);
    assert_int_equal(x.s.layers_dirty, LAYERS_SOME | LAYERS_CTL_CREATURES(0));   /* a lord: its controller's creatures */
    settle(&x);
    assert_int_equal(perm_toughness(&x.s, vanguard), 2);

    int ascension = put(&x, 0, C_ASCENSION);
    x.s.px[ascension].attached = (uint8_t)vanguard;
    x.s.layers_dirty = 1;
    settle(&x);
    assert_true(x.s.layers_reads & LR_LANDS);                 /* it counts Plains */
    assert_false(x.s.layers_reads & LR_PERMS);
    bits256_clear(x.s.exile[0], C_PLAINS1);
    land_enter(&x.s, &x.g, 0, C_PLAINS1, 0);                  /* one more Plains: its creature again */
    assert_int_equal(x.s.layers_dirty, LAYERS_SOME);
    assert_true(some_has(&x.s, vanguard));
    settle(&x);
    assert_int_equal(perm_power(&x.s, vanguard), 3);          /* 2/1 + 1 Plains, flying */
    int bears = arrive(&x, 0, C_BEARS);
    assert_true(some_has(&x.s, bears));
    settle(&x);
    assert_int_equal(perm_power(&x.s, vanguard), 3);
}

int main(void)
{
    (void)library;
    (void)enter;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_only_the_changed),
        cmocka_unit_test(test_all_when_others_change),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
