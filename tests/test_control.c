/* test_control.c: gaining control (layer 2, 613.1b) on real cards of the
 * default pool, as the reader reads their printed text: control for a
 * duration and its end (611.2), an Aura's static ability and the Aura
 * leaving, summoning sickness and haste (302.6), removal from combat
 * (506.4), a permanent leaving for its owner's zones (108.3), the legend
 * rule under the new controller, the look-ahead's hidden cards. */
#include <stdio.h>
#include "engine/stack.h"
#include "engine/effect.h"
#include "engine/combat.h"
#include "engine/turn.h"
#include "engine/lookahead.h"
#include "engine/heuristic.h"

/* The cards of the positions (pool_pos.h). */
static const char *const names[] = {
    "Act of Treason", "Threaten", "Mind Control", "Persuasion", "Sleeper Agent", "Rootwater Matriarch",
    "Jinxed Idol", "Master Thief", "Grizzly Bears", "Hill Giant", "Holy Strength", "Ornithopter",
    "Unsummon", "Kamahl, Pit Fighter", "Kamahl, Pit Fighter", "Lightning Bolt", "Forest",
};
enum { C_TREASON, C_THREATEN, C_MIND, C_PERSUASION, C_SLEEPER, C_MATRIARCH, C_IDOL, C_THIEF, C_BEARS,
       C_GIANT, C_HOLY, C_ORNITHOPTER, C_UNSUMMON, C_KAMAHL, C_KAMAHL2, C_BOLT, C_FOREST, C_N };

#include "tests/pool_pos.h"

/* A position (pool_pos.h's), whose decks hold Ornithopter (mana value 0). */
static void init(Pos *x)
{
    pos_init(x);
    x->s.pl[0].flags |= PL_FREE_SPELLS;
    x->s.pl[1].flags |= PL_FREE_SPELLS;
}

/* Player p casts card k (mana taken as paid) with one target, and
 * everything resolves. */
static void cast(Pos *x, int p, int k, int tk, int tv)
{
    give(x, p, k);
    Action a = act(ACT_CAST, hand_slot(x, p, k), 0, tk, tv);
    assert_int_equal(action_apply(&x->s, &x->g, p, &a, 1), MTG_OK);
    settle(x);
}

/* Whether player p may cast card k (in hand) at target slot tv. */
static int castable_at(Pos *x, int p, int k, int tv)
{
    Action acts[ACTION_MAX];
    int n = actions_spells(&x->s, p, acts, 1), h = hand_slot(x, p, k);
    for (int j = 0; j < n; j++)
        if (acts[j].type == ACT_CAST && acts[j].hand_idx == h && acts[j].n_targets && acts[j].tk[0] == TK_PERM &&
            acts[j].tv[0] == tv)
            return 1;
    return 0;
}

/* The turn ends: the end step and cleanup of turn 4 (player 0's, or
 * player 1's with active 1) run, then the whole next turn (no policy: no
 * attack, no spell); the turn cap stops the game as turn 6 begins. */
static void next_turn(Pos *x)
{
    static const uint8_t lib[] = { C_FOREST };
    library(x, 0, lib, 1);
    library(x, 1, lib, 1);
    x->s.step = STEP_END;
    x->s.turn = 4;
    x->s.turn_cap = 5;
    game_run(&x->s, &x->g);
    char msg[256];
    if (state_check(&x->s, &x->g, msg, sizeof msg)) fail_msg("%s", msg);
}

/* 613.1b, 611.2a, 302.6: Act of Treason untaps the opponent's tapped
 * creature and gives it to its caster until end of turn with haste: it
 * has not been under its new controller's control since their turn began,
 * and haste lets it attack. At cleanup control returns: its owner has not
 * controlled it continuously since their turn began either, until their
 * untap step. */
static void test_until_end_of_turn(void **state)
{
    (void)state;
    Pos x; init(&x);
    int bears = put(&x, 1, C_BEARS);
    x.s.perm[bears].flags |= PF_TAPPED;
    cast(&x, 0, C_TREASON, TK_PERM, bears);
    assert_int_equal(perm_controller(&x.s, bears), 0);
    assert_int_equal(x.s.px[bears].owner, 1);
    assert_false(x.s.perm[bears].flags & PF_TAPPED);
    assert_true(x.s.perm[bears].flags & PF_SICK);
    assert_true(perm_has(&x.s, bears, KW_HASTE));
    assert_true(combat_can_attack(&x.s, bears));
    assert_true(bits256_has(x.s.pl[0].gy, C_TREASON));           /* the sorcery: its caster's graveyard */

    /* It attacks its owner. */
    x.s.step = STEP_DECLARE_ATTACKERS;
    AttackDecl d = { (uint8_t)bears, TARGET_PLAYER };
    assert_int_equal(combat_declare_attackers(&x.s, &x.g, &d, 1), MTG_OK);
    assert_true(permset_has(x.s.combat.attackers, bears));
    memset(&x.s.combat, 0, sizeof x.s.combat);
    x.s.perm[bears].target = TARGET_NONE;

    next_turn(&x);                                              /* player 1's turn 5 */
    assert_int_equal(perm_controller(&x.s, bears), 1);
    assert_false(perm_has(&x.s, bears, KW_HASTE));
    assert_false(x.s.perm[bears].flags & PF_SICK);              /* its controller's untap step: 302.6 */
    assert_int_equal(x.s.float_n, 0);

    /* Threaten: the same on a creature its caster already controls: no
     * change of control, so no summoning sickness. */
    Pos y; init(&y);
    int giant = put(&y, 0, C_GIANT);
    y.s.perm[giant].flags |= PF_TAPPED;
    cast(&y, 0, C_THREATEN, TK_PERM, giant);
    assert_int_equal(perm_controller(&y.s, giant), 0);
    assert_false(y.s.perm[giant].flags & (PF_TAPPED | PF_SICK));
}

/* 613.1b, 611.3a: Mind Control's static ability gives its controller the
 * enchanted creature for as long as the Aura is on it; the creature can't
 * attack the turn it changed controller (no haste), can at its new
 * controller's next turn, and returns when the Aura leaves. */
static void test_aura(void **state)
{
    (void)state;
    Pos x; init(&x);
    int bears = put(&x, 1, C_BEARS);
    cast(&x, 0, C_MIND, TK_PERM, bears);
    int mind = -1;
    for (PermIter it = permset_iter(x.s.perm_used); permiter_more(&it);) {
        int i = permiter_next(&it);
        if (x.s.perm[i].card == x.deck.card[C_MIND]) mind = i;
    }
    assert_true(mind >= 0 && x.s.px[mind].attached == bears);
    assert_int_equal(perm_controller(&x.s, bears), 0);
    assert_int_equal(x.s.float_n, 0);                          /* a static ability: no effect recorded */
    assert_false(combat_can_attack(&x.s, bears));              /* 302.6 */
    x.s.active = 1;
    next_turn(&x);                                              /* player 0's turn 5 */
    assert_int_equal(x.s.turn, 6);
    assert_int_equal(perm_controller(&x.s, bears), 0);
    assert_false(x.s.perm[bears].flags & PF_SICK);
    x.s.active = 0;                                             /* back in player 0's turn */
    assert_true(combat_can_attack(&x.s, bears));

    /* The Aura leaves: its effect ends (611.3a), and the Aura goes to its
     * owner's graveyard, the creature stays. */
    x.s.step = STEP_MAIN1;
    x.s.over = 0;
    perm_leave(&x.s, &x.g, mind, ZONE_GRAVEYARD);
    settle(&x);
    assert_int_equal(perm_controller(&x.s, bears), 1);
    assert_true(x.s.perm[bears].flags & PF_SICK);
    assert_true(bits256_has(x.s.pl[0].gy, C_MIND));

    /* Timestamps (613.7): Act of Treason after Persuasion wins until end of
     * turn; then Persuasion's older effect decides again. */
    Pos y; init(&y);
    int giant = put(&y, 1, C_GIANT);
    cast(&y, 0, C_PERSUASION, TK_PERM, giant);
    assert_int_equal(perm_controller(&y.s, giant), 0);
    y.s.active = 1;
    cast(&y, 1, C_TREASON, TK_PERM, giant);
    assert_int_equal(perm_controller(&y.s, giant), 1);
    next_turn(&y);
    assert_int_equal(perm_controller(&y.s, giant), 0);
}

/* 108.3, 400.3: a stolen creature leaves for its owner's zones; an Aura
 * on it (its caster's) goes to its own owner's graveyard. */
static void test_owner_zones(void **state)
{
    (void)state;
    Pos x; init(&x);
    int bears = put(&x, 1, C_BEARS);
    cast(&x, 0, C_TREASON, TK_PERM, bears);
    assert_int_equal(perm_controller(&x.s, bears), 0);
    cast(&x, 0, C_UNSUMMON, TK_PERM, bears);
    assert_int_equal(x.s.pl[1].hand_n, 1);
    assert_int_equal(x.s.pl[1].hand[0], C_BEARS);
    assert_int_equal(x.s.pl[0].hand_n, 0);
    assert_int_equal(x.s.float_n, 0);                          /* the effect ended with the object (400.7) */

    Pos y; init(&y);
    int giant = put(&y, 1, C_GIANT);
    cast(&y, 0, C_PERSUASION, TK_PERM, giant);
    cast(&y, 1, C_BOLT, TK_PERM, giant);                       /* 3 damage: it dies */
    assert_false(permset_has(y.s.perm_used, giant));
    assert_true(bits256_has(y.s.pl[1].gy, C_GIANT));
    assert_false(bits256_has(y.s.pl[0].gy, C_GIANT));
    assert_true(bits256_has(y.s.pl[0].gy, C_PERSUASION));      /* 704.5m: to its owner's */
    assert_true(y.s.perm_used == 0);
}

/* 506.4: Rootwater Matriarch takes an enchanted attacker during combat: it
 * is removed from combat. Its effect lasts for as long as the creature is
 * enchanted (611.2b): not at all on an unenchanted one, and it ends when
 * the Aura leaves, not when the Matriarch does. */
static void test_matriarch(void **state)
{
    (void)state;
    Pos x; init(&x);
    int giant = put(&x, 0, C_GIANT), mat = put(&x, 1, C_MATRIARCH), holy = put(&x, 0, C_HOLY);
    x.s.px[holy].attached = (uint8_t)giant;
    x.s.layers_dirty = 1;
    settle(&x);
    x.s.step = STEP_DECLARE_ATTACKERS;
    AttackDecl d = { (uint8_t)giant, TARGET_PLAYER };
    assert_int_equal(combat_declare_attackers(&x.s, &x.g, &d, 1), MTG_OK);
    Action a = act(ACT_ACTIVATE, mat, 0, TK_PERM, giant);
    assert_int_equal(action_apply(&x.s, &x.g, 1, &a, 1), MTG_OK);
    settle(&x);
    assert_int_equal(perm_controller(&x.s, giant), 1);
    assert_false(permset_has(x.s.combat.attackers, giant));    /* 506.4 */
    assert_int_equal(x.s.perm[giant].target, TARGET_NONE);
    assert_int_equal(perm_controller(&x.s, holy), 0);          /* the Aura's controller is unchanged */
    assert_int_equal(x.s.px[holy].attached, giant);
    perm_leave(&x.s, &x.g, mat, ZONE_GRAVEYARD);               /* not "for as long as you control ~" */
    settle(&x);
    assert_int_equal(perm_controller(&x.s, giant), 1);
    perm_leave(&x.s, &x.g, holy, ZONE_GRAVEYARD);
    settle(&x);
    assert_int_equal(perm_controller(&x.s, giant), 0);
    assert_int_equal(x.s.float_n, 0);

    Pos y; init(&y);
    giant = put(&y, 0, C_GIANT);
    mat = put(&y, 1, C_MATRIARCH);
    a = act(ACT_ACTIVATE, mat, 0, TK_PERM, giant);
    assert_int_equal(action_apply(&y.s, &y.g, 1, &a, 1), MTG_OK);
    settle(&y);
    assert_int_equal(perm_controller(&y.s, giant), 0);         /* 611.2b: over before it began */
    assert_int_equal(y.s.float_n, 0);
    holy = put(&y, 1, C_HOLY);                                 /* enchanted later: still nothing */
    y.s.px[holy].attached = (uint8_t)giant;
    y.s.layers_dirty = 1;
    settle(&y);
    assert_int_equal(perm_controller(&y.s, giant), 0);
}

/* "Target opponent gains control of ~": Sleeper Agent as it enters, then
 * its upkeep trigger hurts its new controller ("you"); Jinxed Idol by its
 * activated ability, a creature sacrificed as the cost. */
static void test_give_control(void **state)
{
    (void)state;
    Pos x; init(&x);
    int agent = enter(&x, 0, C_SLEEPER);
    settle(&x);
    assert_int_equal(perm_controller(&x.s, agent), 1);
    assert_int_equal(x.s.px[agent].owner, 0);
    x.s.active = 1;
    trigger_event(&x.s, TR_UPKEEP, NO_SLOT, 0, 1, 1, 0);
    settle(&x);
    assert_int_equal(x.s.pl[1].life, 18);
    assert_int_equal(x.s.pl[0].life, 20);

    Pos y; init(&y);
    int idol = put(&y, 0, C_IDOL), bears = put(&y, 0, C_BEARS);
    Action acts[ACTION_MAX];
    int n = actions_spells(&y.s, 0, acts, 1), k = -1;
    for (int j = 0; j < n; j++)
        if (acts[j].type == ACT_ACTIVATE && acts[j].hand_idx == idol && acts[j].tv[ACTION_TARGETS - 1] == bears &&
            acts[j].tk[0] == TK_PLAYER) {
            assert_int_equal(acts[j].tv[0], 1);                /* target opponent: never its controller */
            k = j;
        }
    assert_true(k >= 0);
    assert_int_equal(action_apply(&y.s, &y.g, 0, &acts[k], 1), MTG_OK);
    settle(&y);
    assert_int_equal(perm_controller(&y.s, idol), 1);
    assert_true(bits256_has(y.s.pl[0].gy, C_BEARS));
    /* Player 1 sends it back, sacrificing a creature of player 0's it took:
     * that creature goes to player 0's graveyard. */
    int giant = put(&y, 0, C_GIANT);
    y.s.active = 1;
    cast(&y, 1, C_TREASON, TK_PERM, giant);
    Action b = act(ACT_ACTIVATE, idol, acts[k].ability, TK_PLAYER, 0);
    b.tk[ACTION_TARGETS - 1] = TK_SAC;
    b.tv[ACTION_TARGETS - 1] = (uint8_t)giant;
    assert_int_equal(action_apply(&y.s, &y.g, 1, &b, 1), MTG_OK);
    settle(&y);
    assert_int_equal(perm_controller(&y.s, idol), 0);
    assert_true(bits256_has(y.s.pl[0].gy, C_GIANT));
}

/* Master Thief: "for as long as you control Master Thief" (611.2b). The
 * effect ends when its controller loses control of the Thief, and does
 * not begin again when control comes back; it ends when the Thief leaves. */
static void test_master_thief(void **state)
{
    (void)state;
    Pos x; init(&x);
    int orni = put(&x, 1, C_ORNITHOPTER);
    int thief = enter(&x, 0, C_THIEF);
    settle(&x);
    assert_int_equal(perm_controller(&x.s, orni), 0);
    assert_true(x.s.perm[orni].flags & PF_SICK);
    x.s.active = 1;
    cast(&x, 1, C_TREASON, TK_PERM, thief);                    /* player 1 takes the Thief */
    assert_int_equal(perm_controller(&x.s, thief), 1);
    assert_int_equal(perm_controller(&x.s, orni), 1);          /* the Thief's effect ended */
    next_turn(&x);                                              /* the Thief returns, the Ornithopter stays */
    assert_int_equal(perm_controller(&x.s, thief), 0);
    assert_int_equal(perm_controller(&x.s, orni), 1);

    Pos y; init(&y);
    orni = put(&y, 1, C_ORNITHOPTER);
    thief = enter(&y, 0, C_THIEF);
    settle(&y);
    assert_int_equal(perm_controller(&y.s, orni), 0);
    cast(&y, 1, C_UNSUMMON, TK_PERM, thief);
    assert_int_equal(perm_controller(&y.s, orni), 1);
    assert_int_equal(y.s.float_n, 0);
    assert_int_equal(y.s.pl[0].hand[0], C_THIEF);

    /* The Thief leaves with its trigger on the stack: the duration is over
     * before the effect begins (611.2b). */
    Pos z; init(&z);
    orni = put(&z, 1, C_ORNITHOPTER);
    thief = enter(&z, 0, C_THIEF);
    assert_true(triggers_put(&z.s, &z.g));
    perm_leave(&z.s, &z.g, thief, ZONE_HAND);
    settle(&z);
    assert_int_equal(perm_controller(&z.s, orni), 1);
    assert_int_equal(z.s.float_n, 0);
}

/* The legend rule looks at the controllers layer 2 makes: under
 * Foundations (704.5j) two Kamahls, one each, stay; Persuasion on the
 * other's makes two under one player, who keeps one; the other goes to
 * its owner's graveyard. Under 2011 (704.5k) both were gone already. */
static void test_legend_rule(void **state)
{
    (void)state;
    Pos x; init(&x);
    x.s.edition = EDITION_FOUNDATIONS;
    int a = put(&x, 0, C_KAMAHL), b = put(&x, 1, C_KAMAHL2);
    settle(&x);
    assert_true(permset_has(x.s.perm_used, a) && permset_has(x.s.perm_used, b));
    cast(&x, 0, C_PERSUASION, TK_PERM, b);
    assert_int_equal(permset_has(x.s.perm_used, a) + permset_has(x.s.perm_used, b), 1);
    if (permset_has(x.s.perm_used, a)) {
        assert_true(bits256_has(x.s.pl[1].gy, C_KAMAHL2));
        assert_true(bits256_has(x.s.pl[0].gy, C_PERSUASION));   /* enchanting nothing (704.5m) */
    } else {
        assert_true(bits256_has(x.s.pl[0].gy, C_KAMAHL));
    }
}

/* Targets: Act of Treason and Mind Control name creatures, either
 * player's; never a noncreature artifact (115.1). */
static void test_targets(void **state)
{
    (void)state;
    Pos x; init(&x);
    int idol = put(&x, 1, C_IDOL), bears = put(&x, 1, C_BEARS);
    give(&x, 0, C_TREASON);
    give(&x, 0, C_MIND);
    assert_true(castable_at(&x, 0, C_TREASON, bears));
    assert_false(castable_at(&x, 0, C_TREASON, idol));
    assert_true(castable_at(&x, 0, C_MIND, bears));
    assert_false(castable_at(&x, 0, C_MIND, idol));
}

/* The look-ahead deals the hidden cards again: a stolen creature is its
 * owner's card, never dealt into its owner's library as well; exiled
 * cards are seen too. */
static void test_determinize(void **state)
{
    (void)state;
    static const uint8_t lib1[] = { C_FOREST, C_UNSUMMON };
    Pos x; init(&x);
    int bears = put(&x, 1, C_BEARS);
    cast(&x, 0, C_TREASON, TK_PERM, bears);
    library(&x, 1, lib1, 2);
    char msg[256];
    if (state_check(&x.s, &x.g, msg, sizeof msg)) fail_msg("%s", msg);
    uint8_t b0[DECK_MAX], b1[DECK_MAX];
    uint8_t *libs[2] = { b0, b1 };
    GameState t = x.s;
    lookahead_determinize(&t, 0, &x.rng[0], libs);
    assert_int_equal(t.pl[1].lib_n, 2);
    assert_int_equal(t.pl[0].lib_n, 0);
    if (state_check(&t, &x.g, msg, sizeof msg)) fail_msg("%s", msg);
}

/* The heuristic (policy_spells.c) values a creature taken until end of
 * turn by the attack it makes: Act of Treason in the first main phase on
 * a creature no untapped creature of its owner's would block and survive;
 * not in the second, when the attack is over; and the heuristic's attack
 * sends the creature, which goes back at cleanup anyway. */
static void test_heuristic(void **state)
{
    (void)state;
    Action acts[ACTION_MAX];
    Pos x; init(&x);
    int giant = put(&x, 1, C_GIANT);
    put(&x, 1, C_MATRIARCH);                                    /* 2/3: blocks the Giant and dies */
    give(&x, 0, C_TREASON);
    x.s.pl[0].land_n[COLOR_R] = 3;
    x.s.step = STEP_MAIN2;
    int n = game_legal_actions(&x.s, 0, acts);
    assert_int_equal(heuristic_spells_main(&x.s, &x.g, 0, acts, n, -1), 0);
    x.s.step = STEP_MAIN1;
    n = game_legal_actions(&x.s, 0, acts);
    int c = heuristic_spells_main(&x.s, &x.g, 0, acts, n, -1);
    assert_int_equal(acts[c].type, ACT_CAST);
    assert_int_equal(acts[c].tv[0], giant);
    x.s.pl[0].land_n[COLOR_R] = 0;                              /* mana as if paid: no land objects */
    assert_int_equal(action_apply(&x.s, &x.g, 0, &acts[c], 1), MTG_OK);
    settle(&x);
    assert_int_equal(perm_controller(&x.s, giant), 0);
    x.s.step = STEP_DECLARE_ATTACKERS;
    AttackDecl out[PERM_MAX];
    int na = policy_heuristic.attack(&policy_heuristic, &x.s, &x.g, 0, &x.rng[2], out);
    assert_int_equal(na, 1);
    assert_int_equal(out[0].attacker, giant);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_until_end_of_turn),
        cmocka_unit_test(test_aura),
        cmocka_unit_test(test_owner_zones),
        cmocka_unit_test(test_matriarch),
        cmocka_unit_test(test_give_control),
        cmocka_unit_test(test_master_thief),
        cmocka_unit_test(test_legend_rule),
        cmocka_unit_test(test_targets),
        cmocka_unit_test(test_determinize),
        cmocka_unit_test(test_heuristic),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
