/* test_combat.c: unit tests of the combat module's interface: refused
 * declarations leave the state as it was, orders, the division offered to
 * policies, the default division, and illegal policy divisions. The rules
 * cases themselves live in tests/scenarios/ (and the format's examples in
 * tests/spec/scenarios/). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>
#include "fixtures.h"

static CardDef cards[FX_COUNT];
static CardPool pool;
static GameState s;
static Game g;

static int setup(void **st)
{
    fx_pool(cards, &pool);
    memset(&g, 0, sizeof g);
    g.pool = &pool;
    state_clear(&s, &pool, EDITION_2011);
    s.active = 0;
    s.step = STEP_DECLARE_ATTACKERS;
    return 0;
}

static void test_refused_declarations_change_nothing(void **st)
{
    int bears = perm_create(&s, 0, FX_BEARS, OBJ_NONE);
    int serra = perm_create(&s, 0, FX_SERRA, OBJ_NONE);
    int sick = perm_create(&s, 0, FX_GOBLIN, OBJ_NONE);
    s.perm[sick].flags |= PF_SICK;
    int wall = perm_create(&s, 1, FX_WALL, OBJ_NONE);
    int pw = perm_create(&s, 1, FX_PLANESWALKER, OBJ_NONE);
    GameState before = s;
    /* One legal attacker and one sick one: refused whole. */
    AttackDecl d[3] = { { (uint8_t)bears, TARGET_PLAYER }, { (uint8_t)sick, TARGET_PLAYER } };
    assert_int_equal(combat_declare_attackers(&s, &g, d, 2), ERR_ILLEGAL_ATTACK);
    assert_memory_equal(&s, &before, sizeof s);
    /* The same creature twice; a target that is not a planeswalker. */
    d[1] = d[0];
    assert_int_equal(combat_declare_attackers(&s, &g, d, 2), ERR_ILLEGAL_ATTACK);
    d[1] = (AttackDecl){ (uint8_t)serra, (uint8_t)wall };
    assert_int_equal(combat_declare_attackers(&s, &g, d, 2), ERR_ILLEGAL_ATTACK);
    assert_memory_equal(&s, &before, sizeof s);
    /* Legal: the bears at the player, the angel at the planeswalker. */
    d[1] = (AttackDecl){ (uint8_t)serra, (uint8_t)pw };
    assert_int_equal(combat_declare_attackers(&s, &g, d, 2), MTG_OK);
    assert_true(s.perm[bears].flags & PF_TAPPED);
    assert_false(s.perm[serra].flags & PF_TAPPED);       /* vigilance */
    assert_int_equal(s.perm[serra].target, pw);
    /* The wall cannot block the flyer: the whole declaration is refused. */
    before = s;
    BlockDecl b[2] = { { (uint8_t)wall, (uint8_t)bears }, { (uint8_t)wall, (uint8_t)serra } };
    assert_int_equal(combat_declare_blockers(&s, &g, b, 2), ERR_ILLEGAL_BLOCK);
    assert_memory_equal(&s, &before, sizeof s);
    assert_int_equal(combat_declare_blockers(&s, &g, b, 1), MTG_OK);
    assert_true(s.perm[bears].flags & PF_BLOCKED);
    assert_false(s.perm[serra].flags & PF_BLOCKED);
}

static void test_orders_and_division(void **st)
{
    int wurm = perm_create(&s, 0, FX_WURM, OBJ_NONE);      /* 6/4 trample */
    int b1 = perm_create(&s, 1, FX_BEARS, OBJ_NONE);
    int b2 = perm_create(&s, 1, FX_SPIDER, OBJ_NONE);      /* 2/4 */
    s.perm[b2].damage = 1;
    AttackDecl d = { (uint8_t)wurm, TARGET_PLAYER };
    assert_int_equal(combat_declare_attackers(&s, &g, &d, 1), MTG_OK);
    BlockDecl b[2] = { { (uint8_t)b1, (uint8_t)wurm }, { (uint8_t)b2, (uint8_t)wurm } };
    assert_int_equal(combat_declare_blockers(&s, &g, b, 2), MTG_OK);
    uint8_t v[PAIR_MAX];
    assert_int_equal(combat_blockers_of(&s, wurm, v), 2);
    assert_int_equal(v[0], b1);                         /* declaration order by default */
    uint8_t bad[2] = { (uint8_t)b2, (uint8_t)b2 };
    assert_int_equal(combat_set_attacker_order(&s, wurm, bad, 2), ERR_ILLEGAL_ORDER);
    assert_int_equal(combat_set_attacker_order(&s, wurm, bad, 1), ERR_ILLEGAL_ORDER);
    uint8_t good[2] = { (uint8_t)b2, (uint8_t)b1 };
    assert_int_equal(combat_set_attacker_order(&s, wurm, good, 2), MTG_OK);
    assert_int_equal(combat_blockers_of(&s, wurm, v), 2);
    assert_int_equal(v[0], b2);
    /* The division offered: the spider needs 3 more (4 toughness, 1 marked),
     * the bears 2, then the player. */
    int16_t assigned[PERM_MAX] = {0};
    DamageChoice dc;
    assert_true(combat_damage_choice(&s, wurm, 0, assigned, 0, &dc));
    assert_int_equal(dc.n, 3);
    assert_int_equal(dc.to[0], b2); assert_int_equal(dc.lethal[0], 3);
    assert_int_equal(dc.to[1], b1); assert_int_equal(dc.lethal[1], 2);
    assert_int_equal(dc.to[2], RECIP_DEFENDER);
    assert_true(dc.ordered);
    assert_true(dc.trample);
    int16_t amt[ASSIGN_MAX];
    combat_default_division(&dc, amt);
    assert_int_equal(amt[0], 3); assert_int_equal(amt[1], 2); assert_int_equal(amt[2], 1);
    /* Damage another creature of the same player assigned counts (510.1c). */
    assigned[b1] = 2;
    assert_true(combat_damage_choice(&s, wurm, 0, assigned, 0, &dc));
    assert_int_equal(dc.lethal[1], 0);
    /* The whole step with the default: both blockers die, 1 tramples over,
     * and the wurm takes 2 + 2, lethal for its toughness 4. */
    assert_int_equal(combat_damage_step(&s, &g, 0, NULL, 0), MTG_OK);
    assert_int_equal(s.pl[1].life, 19);
    assert_false((s.perm_used >> b1) & 1);
    assert_false((s.perm_used >> b2) & 1);
    assert_false((s.perm_used >> wurm) & 1);
    assert_int_equal(s.combat.attackers, 0);
}

/* A policy that assigns everything to the last recipient (illegal when an
 * earlier blocker has not been assigned lethal damage under 2011). */
static void all_to_last(const Policy *p, const GameState *st, const Game *gg, int pl, Rng *r,
                        const DamageChoice *dc, int16_t *amount)
{
    for (int k = 0; k < dc->n; k++) amount[k] = 0;
    amount[dc->n - 1] = dc->power;
}
static const Policy skipper = { "skipper", 0, NULL, NULL, NULL, NULL, NULL, NULL, all_to_last, NULL, NULL, NULL, NULL, NULL };

static void test_policy_division_checked(void **st)
{
    int a = perm_create(&s, 0, FX_SERRA, OBJ_NONE);        /* 4/4 */
    int b1 = perm_create(&s, 1, FX_GARGOYLE, OBJ_NONE);    /* 2/2 flying */
    int b2 = perm_create(&s, 1, FX_VAMPIRE, OBJ_NONE);     /* 2/3 flying deathtouch */
    AttackDecl d = { (uint8_t)a, TARGET_PLAYER };
    assert_int_equal(combat_declare_attackers(&s, &g, &d, 1), MTG_OK);
    BlockDecl b[2] = { { (uint8_t)b1, (uint8_t)a }, { (uint8_t)b2, (uint8_t)a } };
    assert_int_equal(combat_declare_blockers(&s, &g, b, 2), MTG_OK);
    g.policy[0] = &skipper;
    GameState before = s;
    assert_int_equal(combat_damage_step(&s, &g, 0, NULL, 0), ERR_ILLEGAL_ASSIGNMENT);
    assert_memory_equal(&s, &before, sizeof s);
    /* Under the Foundations rules the same division is legal. */
    s.edition = EDITION_FOUNDATIONS;
    assert_int_equal(combat_damage_step(&s, &g, 0, NULL, 0), MTG_OK);
    assert_false((s.perm_used >> a) & 1);                 /* deathtouch */
    assert_false((s.perm_used >> b2) & 1);                /* 4 damage */
    assert_true((s.perm_used >> b1) & 1);
    assert_int_equal(s.perm[b1].damage, 0);
    g.policy[0] = NULL;
}

/* A creature leaving the battlefield leaves combat: its pairs go, the
 * attacker it blocked stays blocked (509.1h), the order of the rest holds. */
static void test_removal_from_combat(void **st)
{
    int a = perm_create(&s, 0, FX_WURM, OBJ_NONE);
    int b1 = perm_create(&s, 1, FX_BEARS, OBJ_NONE);
    int b2 = perm_create(&s, 1, FX_SPIDER, OBJ_NONE);
    int b3 = perm_create(&s, 1, FX_GOBLIN, OBJ_NONE);
    AttackDecl d = { (uint8_t)a, TARGET_PLAYER };
    assert_int_equal(combat_declare_attackers(&s, &g, &d, 1), MTG_OK);
    BlockDecl b[3] = { { (uint8_t)b1, (uint8_t)a }, { (uint8_t)b2, (uint8_t)a }, { (uint8_t)b3, (uint8_t)a } };
    assert_int_equal(combat_declare_blockers(&s, &g, b, 3), MTG_OK);
    uint8_t ord[3] = { (uint8_t)b3, (uint8_t)b1, (uint8_t)b2 };
    assert_int_equal(combat_set_attacker_order(&s, a, ord, 3), MTG_OK);
    perm_to_graveyard(&s, &g, b1);
    uint8_t v[PAIR_MAX];
    assert_int_equal(combat_blockers_of(&s, a, v), 2);
    assert_int_equal(v[0], b3);
    assert_int_equal(v[1], b2);
    perm_to_graveyard(&s, &g, b2);
    perm_to_graveyard(&s, &g, b3);
    assert_true(s.perm[a].flags & PF_BLOCKED);
    /* Blocked, no blockers left, trample: all of it to the player (702.19e). */
    assert_int_equal(combat_damage_step(&s, &g, 0, NULL, 0), MTG_OK);
    assert_int_equal(s.pl[1].life, 14);
    combat_end(&s);
    assert_int_equal(s.combat.attackers, 0);
    assert_int_equal(s.perm[a].target, TARGET_NONE);
    assert_false(s.perm[a].flags & PF_BLOCKED);
    char msg[160];
    assert_int_equal(state_check(&s, &g, msg, sizeof msg), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup(test_refused_declarations_change_nothing, setup),
        cmocka_unit_test_setup(test_orders_and_division, setup),
        cmocka_unit_test_setup(test_policy_division_checked, setup),
        cmocka_unit_test_setup(test_removal_from_combat, setup),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
