/* test_permanent_abilities.c: static and triggered abilities of permanents
 * on real cards of the default pool: "whenever a creature an opponent
 * controls becomes tapped" (Gideon's Avenger: every way a creature becomes
 * tapped, attacks, {T} costs, mana abilities, effects and regeneration;
 * not vigilance, not entering tapped, not a creature already tapped). */
#include <stdio.h>
#include "engine/stack.h"
#include "engine/effect.h"
#include "engine/turn.h"
#include "engine/combat.h"
#include "engine/mana.h"
#include "engine/mana_ability.h"

/* The cards of the positions (pool_pos.h). */
static const char *const names[] = {
    "Gideon's Avenger", "Grizzly Bears", "Serra Angel", "Llanowar Elves", "Blinding Mage", "Gideon's Avenger",
    "Drudge Skeletons",
};
enum { C_AVENGER, C_BEARS, C_ANGEL, C_ELVES, C_MAGE, C_AVENGER2, C_SKELETONS, C_N };

#include "tests/pool_pos.h"

/* Gideon's Avenger: an opponent's creature that attacks becomes tapped
 * (508.1f): a counter each; one with vigilance does not (702.20b); its
 * controller's own attacker is not an opponent's. */
static void test_avenger_attacks(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int av = put(&x, 0, C_AVENGER);
    int own = put(&x, 0, C_BEARS);
    int bears = put(&x, 1, C_BEARS);
    int angel = put(&x, 1, C_ANGEL);
    x.s.active = 1;
    x.s.step = STEP_DECLARE_ATTACKERS;
    AttackDecl d[2] = { { (uint8_t)bears, TARGET_PLAYER }, { (uint8_t)angel, TARGET_PLAYER } };
    assert_int_equal(combat_declare_attackers(&x.s, &x.g, d, 2), MTG_OK);
    assert_int_equal(x.s.pending_n, 1);                           /* the Bears, not the Angel */
    settle(&x);
    assert_int_equal(x.s.perm[av].plus, 1);
    assert_int_equal(perm_power(&x.s, av), 3);

    /* The Avenger's controller attacks: none of its own creatures counts. */
    Pos y; pos_init(&y);
    av = put(&y, 0, C_AVENGER);
    own = put(&y, 0, C_BEARS);
    y.s.step = STEP_DECLARE_ATTACKERS;
    AttackDecl e[1] = { { (uint8_t)own, TARGET_PLAYER } };
    assert_int_equal(combat_declare_attackers(&y.s, &y.g, e, 1), MTG_OK);
    assert_int_equal(y.s.pending_n, 0);
}

/* A {T} cost (Blinding Mage's, 602.2b), the creature it taps (an effect),
 * a mana ability activated alone and one the payer activates (605.3b):
 * each opponent's creature that becomes tapped is one counter; tapping a
 * tapped creature is no event. Two Avengers: each triggers. */
static void test_avenger_costs_and_effects(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int av = put(&x, 0, C_AVENGER);
    int av2 = put(&x, 0, C_AVENGER2);
    int own = put(&x, 0, C_BEARS);
    int mage = put(&x, 1, C_MAGE);
    int bears = put(&x, 1, C_BEARS);
    int elves = put(&x, 1, C_ELVES);
    x.s.active = 1;
    Action a = act(ACT_ACTIVATE, mage, 0, TK_PERM, bears);
    assert_int_equal(action_apply(&x.s, &x.g, 1, &a, 1), MTG_OK);
    settle(&x);                                                   /* the Mage, then the Bears */
    assert_int_equal(x.s.perm[av].plus, 2);
    assert_int_equal(x.s.perm[av2].plus, 2);

    /* The Mage untapped, tapping the already tapped Bears again: the
     * Mage's cost counts, its effect does not. */
    x.s.perm[mage].flags &= (uint8_t)~PF_TAPPED;
    a = act(ACT_ACTIVATE, mage, 0, TK_PERM, bears);
    assert_int_equal(action_apply(&x.s, &x.g, 1, &a, 1), MTG_OK);
    settle(&x);
    assert_int_equal(x.s.perm[av].plus, 3);

    /* Its controller's own creature tapped by the opponent: not an opponent's. */
    x.s.perm[mage].flags &= (uint8_t)~PF_TAPPED;
    a = act(ACT_ACTIVATE, mage, 0, TK_PERM, own);
    assert_int_equal(action_apply(&x.s, &x.g, 1, &a, 1), MTG_OK);
    settle(&x);
    assert_int_equal(x.s.perm[av].plus, 4);                       /* the Mage alone */

    /* Llanowar Elves tapped for mana: alone (605.3a) and by the payer. */
    assert_int_equal(mana_ability_activate(&x.s, &x.g, 1, elves, 0, -1), MTG_OK);
    settle(&x);
    assert_int_equal(x.s.perm[av].plus, 5);
    x.s.perm[elves].flags &= (uint8_t)~PF_TAPPED;
    memset(x.s.pl[1].mana, 0, sizeof x.s.pl[1].mana);
    uint8_t green[COLOR_COUNT] = { 0 };
    green[COLOR_G] = 1;
    mana_pay_cost(&x.s, &x.g, 1, green, 0, -1);
    assert_true(x.s.perm[elves].flags & PF_TAPPED);
    settle(&x);
    assert_int_equal(x.s.perm[av].plus, 6);
    assert_int_equal(x.s.perm[av2].plus, 6);
}

/* Regeneration taps the creature (Drudge Skeletons): an event when it was
 * untapped, none when it was tapped already. */
static void test_avenger_regeneration(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int av = put(&x, 0, C_AVENGER);
    int sk = put(&x, 1, C_SKELETONS);
    x.s.px[sk].regen = 1;
    assert_true(perm_regenerate(&x.s, sk));
    settle(&x);
    assert_int_equal(x.s.perm[av].plus, 1);
    x.s.px[sk].regen = 1;                                         /* tapped already: no event */
    assert_true(perm_regenerate(&x.s, sk));
    settle(&x);
    assert_int_equal(x.s.perm[av].plus, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_avenger_attacks),
        cmocka_unit_test(test_avenger_costs_and_effects),
        cmocka_unit_test(test_avenger_regeneration),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
