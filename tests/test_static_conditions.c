/* test_static_conditions.c: static abilities that apply only while a
 * condition holds ("As long as you have 30 or more life", "As long as ~ is
 * enchanted", "As long as you control a Griffin creature", "can't attack
 * unless ...", "During your turn, ...": 604.1, 611.3a) and intervening
 * "if" clauses (603.4), on real cards of the default pool: each case makes
 * the condition change through the engine and checks that the layers
 * follow at the next look, without anything else marking them dirty. */
#include <stdio.h>
#include "engine/stack.h"
#include "engine/effect.h"
#include "engine/combat.h"
#include "engine/damage.h"

/* The cards of the positions (pool_pos.h). */
static const char *const names[] = {
    "Serra Ascendant", "Soul Warden", "Grizzly Bears", "Lightning Bolt", "Bloodcrazed Goblin", "Thran Golem",
    "Holy Strength", "Loxodon Warhammer", "Griffin Rider", "Griffin Sentinel", "Harbor Serpent", "Island",
    "Island", "Island", "Personal Sanctuary", "Call to the Grave", "Shock", "Act of Treason",
};
enum { C_ASCENDANT, C_WARDEN, C_BEARS, C_BOLT, C_GOBLIN, C_GOLEM, C_HOLY, C_HAMMER, C_RIDER, C_SENTINEL,
       C_SERPENT, C_ISLAND1, C_ISLAND2, C_ISLAND3, C_SANCTUARY, C_GRAVE, C_SHOCK, C_TREASON, C_N };

#include "tests/pool_pos.h"

static void check(const Pos *x)
{
    char msg[256];
    if (state_check(&x->s, &x->g, msg, sizeof msg)) fail_msg("%s", msg);
}

static void cast_at(Pos *x, int p, int k, int tk, int tv)
{
    give(x, p, k);
    Action a = act(ACT_CAST, hand_slot(x, p, k), 0, tk, tv);
    assert_int_equal(action_apply(&x->s, &x->g, p, &a, 1), MTG_OK);
    settle(x);
}

/* 604.1, 611.3a: Serra Ascendant is a 1/1 at 29 life; Soul Warden's life
 * gain makes 30 and a 6/6 flyer at once; an opponent's Lightning Bolt to
 * its controller ends it again. */
static void test_life_condition(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    x.s.pl[0].life = 29;
    int asc = put(&x, 0, C_ASCENDANT);
    put(&x, 0, C_WARDEN);
    assert_int_equal(x.s.perm[asc].power, 1);
    assert_false(perm_has(&x.s, asc, KW_FLYING));
    enter(&x, 1, C_BEARS);                                        /* another creature: +1 life */
    settle(&x);
    assert_int_equal(x.s.pl[0].life, 30);
    assert_int_equal(x.s.perm[asc].power, 6);
    assert_int_equal(x.s.perm[asc].toughness, 6);
    assert_true(perm_has(&x.s, asc, KW_FLYING));
    assert_true(perm_has(&x.s, asc, KW_LIFELINK));
    cast_at(&x, 1, C_BOLT, TK_PLAYER, 0);
    assert_int_equal(x.s.pl[0].life, 27);
    assert_int_equal(x.s.perm[asc].power, 1);
    assert_false(perm_has(&x.s, asc, KW_FLYING));
}

/* The state check sees a changed condition as layers not yet computed,
 * not as wrong characteristics: a life total set by hand, before and after
 * the next look. */
static void test_stale_then_fresh(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int asc = put(&x, 0, C_ASCENDANT);
    x.s.pl[0].life = 35;
    assert_true(layers_stale(&x.s));
    check(&x);
    assert_int_equal(x.s.perm[asc].power, 1);
    layers_refresh(&x.s);
    assert_false(layers_stale(&x.s));
    assert_int_equal(x.s.perm[asc].power, 6);
    check(&x);
}

/* Bloodcrazed Goblin can't attack unless an opponent has been dealt
 * damage this turn: refused before, legal after a Shock to the opponent
 * (508.1a); the damage of an earlier turn does not count. */
static void test_no_opponent_damaged(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int gob = put(&x, 0, C_GOBLIN);
    settle(&x);
    assert_true(x.s.perm[gob].flags & PF_NO_ATTACK);
    x.s.step = STEP_DECLARE_ATTACKERS;
    AttackDecl ad = { (uint8_t)gob, TARGET_PLAYER };
    assert_int_not_equal(combat_declare_attackers(&x.s, &x.g, &ad, 1), MTG_OK);
    x.s.step = STEP_MAIN1;
    cast_at(&x, 0, C_SHOCK, TK_PLAYER, 1);
    assert_int_equal(x.s.pl[1].life, 18);
    assert_false(x.s.perm[gob].flags & PF_NO_ATTACK);
    x.s.step = STEP_DECLARE_ATTACKERS;
    assert_int_equal(combat_declare_attackers(&x.s, &x.g, &ad, 1), MTG_OK);
    x.s.damaged_opp = 0;                                          /* a new turn (cleanup clears it) */
    layers_refresh(&x.s);
    assert_true(x.s.perm[gob].flags & PF_NO_ATTACK);
}

/* Thran Golem: +2/+2, flying, first strike and trample while an Aura
 * enchants it (Holy Strength), not an Equipment (Loxodon Warhammer). */
static void test_enchanted(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int golem = put(&x, 0, C_GOLEM);
    int hammer = put(&x, 0, C_HAMMER);
    x.s.px[hammer].attached = (uint8_t)golem;
    x.s.layers_dirty = 1;
    settle(&x);
    assert_int_equal(x.s.perm[golem].power, 6);                   /* 3 + 3, no +2 */
    assert_int_equal(x.s.perm[golem].toughness, 3);
    assert_false(perm_has(&x.s, golem, KW_FLYING));
    cast_at(&x, 0, C_HOLY, TK_PERM, golem);
    assert_int_equal(x.s.perm[golem].power, 9);                   /* 3 + 3 + 1 + 2 */
    assert_int_equal(x.s.perm[golem].toughness, 7);               /* 3 + 2 + 2 */
    assert_true(perm_has(&x.s, golem, KW_FLYING | KW_FIRST_STRIKE));
    assert_true(perm_has(&x.s, golem, KW_TRAMPLE));
}

/* Griffin Rider: +3/+3 and flying while its controller controls a Griffin
 * creature (Griffin Sentinel), not while an opponent does. */
static void test_you_control(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int rider = put(&x, 0, C_RIDER);
    int opp = put(&x, 1, C_SENTINEL);
    assert_int_equal(x.s.perm[rider].power, 1);
    perm_leave(&x.s, &x.g, opp, ZONE_GRAVEYARD);
    put(&x, 0, C_SENTINEL);
    assert_int_equal(x.s.perm[rider].power, 4);
    assert_int_equal(x.s.perm[rider].toughness, 4);
    assert_true(perm_has(&x.s, rider, KW_FLYING));
}

/* Harbor Serpent can't attack unless there are five or more Islands on
 * the battlefield: both players' count (basic lands are counts). */
static void test_fewer_than(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int serp = put(&x, 0, C_SERPENT);
    for (int k = C_ISLAND1; k <= C_ISLAND3; k++) { bits256_clear(x.s.exile[0], k); land_enter(&x.s, &x.g, 0, (uint8_t)k, 0); }
    bits256_clear(x.s.exile[1], C_ISLAND1);
    land_enter(&x.s, &x.g, 1, C_ISLAND1, 0);
    settle(&x);
    assert_true(x.s.perm[serp].flags & PF_NO_ATTACK);            /* four */
    bits256_clear(x.s.exile[1], C_ISLAND2);
    land_enter(&x.s, &x.g, 1, C_ISLAND2, 0);
    settle(&x);
    assert_false(x.s.perm[serp].flags & PF_NO_ATTACK);           /* five: the opponent's count too */
}

/* Personal Sanctuary: during its controller's turn all damage to that
 * player is prevented (the shield "prevent the next" kept); during the
 * opponent's turn none is. */
static void test_your_turn(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    put(&x, 0, C_SANCTUARY);
    x.s.pl[0].prevent = 2;
    cast_at(&x, 1, C_BOLT, TK_PLAYER, 0);
    assert_int_equal(x.s.pl[0].life, 20);
    assert_int_equal(x.s.pl[0].prevent, 2);
    x.s.active = 1;                                               /* the opponent's turn */
    x.s.pl[0].prevent = 0;
    cast_at(&x, 1, C_SHOCK, TK_PLAYER, 0);
    assert_int_equal(x.s.pl[0].life, 18);
}

/* 603.4: Call to the Grave's "if no creatures are on the battlefield" at
 * the beginning of the end step: no trigger while a creature is there;
 * triggered with none, and checked again as it resolves. */
static void test_intervening_if(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int grave = put(&x, 0, C_GRAVE);
    int bears = put(&x, 1, C_BEARS);
    trigger_event(&x.s, TR_END_STEP, NO_SLOT, 0, 0, 0, 0);
    assert_int_equal(x.s.pending_n, 0);
    perm_leave(&x.s, &x.g, bears, ZONE_GRAVEYARD);
    trigger_event(&x.s, TR_END_STEP, NO_SLOT, 0, 0, 0, 0);
    assert_int_equal(x.s.pending_n, 1);
    assert_int_equal(triggers_put(&x.s, &x.g), 1);
    put(&x, 1, C_WARDEN);                                         /* a creature before it resolves */
    settle(&x);
    assert_true(permset_has(x.s.perm_used, grave));
    perm_leave(&x.s, &x.g, permset_first(x.s.perm_ctl[1]), ZONE_GRAVEYARD);
    trigger_event(&x.s, TR_END_STEP, NO_SLOT, 0, 0, 0, 0);
    settle(&x);
    assert_false(permset_has(x.s.perm_used, grave));
    assert_true(bits256_has(x.s.pl[0].gy, C_GRAVE));
}

/* "An opponent" is seen from the controller layer 2 makes (613.1b): player
 * 0 was dealt damage this turn, so player 1's Bloodcrazed Goblin could
 * attack; taken by player 0's Act of Treason, its opponent is player 1,
 * who was not: it can't. The state check agrees at every step. */
static void test_condition_after_control(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int gob = put(&x, 1, C_GOBLIN);
    x.s.damaged_opp = 1u << 0;
    x.s.layers_dirty = 1;
    layers_refresh(&x.s);
    assert_false(x.s.perm[gob].flags & PF_NO_ATTACK);
    give(&x, 0, C_TREASON);
    Action a = act(ACT_CAST, hand_slot(&x, 0, C_TREASON), 0, TK_PERM, gob);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 1), MTG_OK);
    stack_resolve_top(&x.s, &x.g);
    layers_refresh(&x.s);                                         /* one look, as the layers make control */
    assert_int_equal(perm_controller(&x.s, gob), 0);
    assert_true(x.s.perm[gob].flags & PF_NO_ATTACK);
    assert_false(layers_stale(&x.s));
    check(&x);
    x.s.damaged_opp |= 1u << 1;                                   /* now player 1 is dealt damage */
    assert_true(layers_stale(&x.s));
    check(&x);
    layers_refresh(&x.s);
    assert_false(x.s.perm[gob].flags & PF_NO_ATTACK);
    check(&x);
}

int main(void)
{
    (void)library;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_life_condition),
        cmocka_unit_test(test_stale_then_fresh),
        cmocka_unit_test(test_no_opponent_damaged),
        cmocka_unit_test(test_enchanted),
        cmocka_unit_test(test_you_control),
        cmocka_unit_test(test_fewer_than),
        cmocka_unit_test(test_your_turn),
        cmocka_unit_test(test_intervening_if),
        cmocka_unit_test(test_condition_after_control),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
