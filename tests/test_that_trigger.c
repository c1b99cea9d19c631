/* test_that_trigger.c: effects of spells and abilities that were read but
 * not played, on real cards of the default pool: information (Peek, Aven
 * Windreader, Merfolk Spy: looking and revealing move nothing) and
 * skipping combat phases (Stonehorn Dignitary, 614.10: each effect one),
 * putting a card from a hand onto the battlefield (Elvish Piper, Skyshroud
 * Ranger, Hunted Wumpus: the putting player's choice, "may"), and "whenever
 * a source deals damage to ~" (Belltower Sphinx: once per source, after
 * prevention), "whenever enchanted creature attacks or blocks, its
 * controller loses 3 life" (Contaminated Bond, 508.3a, 509.5), Reminisce
 * (a graveyard shuffled into its library), Sengir Vampire ("whenever a
 * creature dealt damage by ~ this turn dies"). */
#include <stdio.h>
#include "engine/stack.h"
#include "engine/effect.h"
#include "engine/turn.h"
#include "engine/combat.h"

/* The cards of the positions (pool_pos.h). */
static const char *const names[] = {
    "Peek", "Aven Windreader", "Merfolk Spy", "Stonehorn Dignitary", "Stonehorn Dignitary", "Grizzly Bears",
    "Craw Wurm", "Lightning Bolt", "Giant Growth", "Shock", "Elvish Piper", "Skyshroud Ranger", "Hunted Wumpus",
    "Forest", "Belltower Sphinx", "Contaminated Bond", "Reminisce", "Sengir Vampire", "Giant Spider", "Giant Spider",
};
enum { C_PEEK, C_WINDREADER, C_SPY, C_DIGNITARY, C_DIGNITARY2, C_BEARS, C_WURM, C_BOLT, C_GROWTH, C_SHOCK, C_PIPER,
       C_RANGER, C_WUMPUS, C_FOREST, C_SPHINX, C_BOND, C_REMINISCE, C_SENGIR, C_SPIDER, C_SPIDER2, C_N };

#include "tests/pool_pos.h"

/* Peek: looks at target player's hand (nothing moves) and draws a card;
 * Aven Windreader's ability reveals the top card of a library, which stays
 * there. */
static void test_information(void **state)
{
    (void)state;
    static const uint8_t lib0[] = { C_WURM, C_BEARS }, lib1[] = { C_SHOCK, C_GROWTH };
    Pos x; pos_init(&x);
    library(&x, 0, lib0, 2);
    library(&x, 1, lib1, 2);
    give(&x, 1, C_BOLT);
    give(&x, 0, C_PEEK);
    Action a = act(ACT_CAST, hand_slot(&x, 0, C_PEEK), 0, TK_PLAYER, 1);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 1), MTG_OK);
    settle(&x);
    assert_int_equal(x.s.last_result, RES_RESOLVED);
    assert_int_equal(x.s.pl[0].hand_n, 1);                        /* drew the Wurm */
    assert_int_equal(x.s.pl[0].hand[0], C_WURM);
    assert_int_equal(x.s.pl[1].hand_n, 1);
    assert_true(bits256_has(x.s.pl[0].gy, C_PEEK));

    int wr = put(&x, 0, C_WINDREADER);
    a = act(ACT_ACTIVATE, wr, 0, TK_PLAYER, 1);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 1), MTG_OK);
    settle(&x);
    assert_int_equal(x.s.last_result, RES_RESOLVED);
    assert_int_equal(x.s.pl[1].lib_n, 2);
    assert_int_equal(x.s.pl[1].lib[x.s.pl[1].lib_top], C_SHOCK);
}

/* Merfolk Spy's combat damage trigger: that player reveals a card at
 * random; the hand keeps its cards. */
static void test_reveal_random(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int spy = put(&x, 0, C_SPY);
    give(&x, 1, C_BOLT);
    give(&x, 1, C_SHOCK);
    trigger_event_on(&x.s, TR_COMBAT_DAMAGE_PLAYER, spy, NO_SLOT, 1, 1);
    assert_int_equal(x.s.pending_n, 1);
    settle(&x);
    assert_int_equal(x.s.last_result, RES_RESOLVED);
    assert_int_equal(x.s.pl[1].hand_n, 2);
}

static int combats[2];
static void on_combat(void *ctx, const GameState *s, const Event *e)
{
    (void)ctx; (void)s;
    if (e->type == EV_COMBAT_END) combats[e->player]++;
}

/* Stonehorn Dignitary: its target opponent skips their next combat phase;
 * two of them, the next two (each effect skips one, then is gone). Turns
 * 2 to 4 with no one acting: the opponent's combat phases in turns 2 and
 * 4, player 0's in turn 3. */
static void test_skip_combat(void **state)
{
    (void)state;
    for (int n = 0; n <= 2; n++) {
        static const uint8_t lib0[] = { C_WURM, C_BEARS, C_SHOCK }, lib1[] = { C_GROWTH, C_BOLT, C_PEEK };
        Pos x; pos_init(&x);
        library(&x, 0, lib0, 3);
        library(&x, 1, lib1, 3);
        for (int k = 0; k < n; k++) {
            enter(&x, 0, C_DIGNITARY + k);
            settle(&x);
        }
        assert_int_equal(x.s.combat.skip[1], n);
        assert_int_equal(x.s.combat.skip[0], 0);
        x.s.step = STEP_END;
        x.s.turn = 1;
        x.s.turn_cap = 4;
        combats[0] = combats[1] = 0;
        x.g.on_event[EV_COMBAT_END] = on_combat;
        game_run(&x.s, &x.g);
        assert_int_equal(x.s.end_reason, END_TURN_CAP);
        assert_int_equal(combats[0], 1);
        assert_int_equal(combats[1], 2 - n);
        assert_int_equal(x.s.combat.skip[1], 0);
    }
}

static int put_asked, put_options[HAND_MAX + 1], put_n;
static int put_last(const Policy *p, const GameState *s, const Game *g, int pl, Rng *r, const Choice *c)
{
    (void)p; (void)s; (void)g; (void)pl; (void)r;
    if (c->kind != CH_PUT) return 0;
    put_asked = pl + 1;
    put_n = c->n;
    for (int k = 0; k < c->n; k++) put_options[k] = c->idx[k];
    return c->n - 1;                                              /* the last: "nothing" where it may */
}

/* Elvish Piper: its controller chooses among the creature cards of its
 * hand (not Lightning Bolt), or none ("may"): the default puts the first;
 * a policy answering "nothing" keeps them all. */
static void test_put_from_hand(void **state)
{
    (void)state;
    for (int no = 0; no < 2; no++) {
        Pos x; pos_init(&x);
        Policy pol;
        memset(&pol, 0, sizeof pol);
        pol.choose = put_last;
        if (no) x.g.policy[0] = &pol;
        int piper = put(&x, 0, C_PIPER);
        give(&x, 0, C_BOLT);
        give(&x, 0, C_WURM);
        Action a = act(ACT_ACTIVATE, piper, 0, 0, 0);
        assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 1), MTG_OK);
        settle(&x);
        assert_int_equal(x.s.pl[0].hand_n, no ? 2 : 1);
        assert_int_equal(permset_count(x.s.perm_ctl[0]), no ? 1 : 2);
        if (no) {
            assert_int_equal(put_n, 2);                           /* the Wurm, or nothing */
            assert_int_equal(put_options[0], hand_slot(&x, 0, C_WURM));
            assert_int_equal(put_options[1], PUT_NOTHING);
        } else {
            assert_int_equal(x.s.pl[0].hand[0], C_BOLT);
        }
    }
}

/* Skyshroud Ranger: a land card put onto the battlefield is not a land
 * played (305.4): the land drop stays; a basic land is a count. */
static void test_put_land(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int ranger = put(&x, 0, C_RANGER);
    give(&x, 0, C_FOREST);
    Action a = act(ACT_ACTIVATE, ranger, 0, 0, 0);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 1), MTG_OK);
    settle(&x);
    assert_int_equal(x.s.pl[0].lands_n, 1);
    assert_int_equal(x.s.pl[0].land_n[COLOR_G], 1);
    assert_false(x.s.pl[0].flags & PL_LAND_PLAYED);
    assert_int_equal(x.s.pl[0].hand_n, 0);
}

/* Hunted Wumpus: the other player (not its controller) may put a creature
 * card from their hand: that player is asked. */
static void test_each_other_player(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    Policy pol;
    memset(&pol, 0, sizeof pol);
    pol.choose = put_last;
    x.g.policy[0] = x.g.policy[1] = &pol;
    give(&x, 0, C_BEARS);
    give(&x, 1, C_WURM);
    give(&x, 1, C_BEARS);
    put_asked = 0;
    enter(&x, 0, C_WUMPUS);
    settle(&x);
    assert_int_equal(put_asked, 2);                               /* player 1 chose */
    assert_int_equal(x.s.pl[0].hand_n, 1);
    assert_int_equal(x.s.pl[1].hand_n, 2);                        /* its answer: nothing */

    Pos y; pos_init(&y);
    give(&y, 0, C_BEARS);
    give(&y, 1, C_SHOCK);
    give(&y, 1, C_WURM);
    enter(&y, 0, C_WUMPUS);
    settle(&y);
    assert_int_equal(y.s.pl[1].hand_n, 1);                        /* the default: the Wurm */
    assert_int_equal(y.s.pl[1].hand[0], C_SHOCK);
    assert_int_equal(permset_count(y.s.perm_ctl[1]), 1);
    assert_int_equal(y.s.pl[0].hand_n, 1);
}

/* Belltower Sphinx: Lightning Bolt's 3 damage makes the Bolt's controller
 * mill 3; a Shock whose damage a shield prevents deals none: no trigger. */
static void test_dealt_damage(void **state)
{
    (void)state;
    static const uint8_t lib1[] = { C_WURM, C_BEARS, C_SHOCK, C_GROWTH, C_PEEK };
    Pos x; pos_init(&x);
    library(&x, 1, lib1, 5);
    int sphinx = put(&x, 0, C_SPHINX);
    give(&x, 1, C_BOLT);
    Action a = act(ACT_CAST, hand_slot(&x, 1, C_BOLT), 0, TK_PERM, sphinx);
    assert_int_equal(action_apply(&x.s, &x.g, 1, &a, 1), MTG_OK);
    settle(&x);
    assert_int_equal(x.s.perm[sphinx].damage, 3);
    assert_int_equal(x.s.pl[1].lib_n, 2);                         /* milled 3 */
    assert_int_equal(x.s.pl[1].gy_n, 4);                          /* and the Bolt */
    assert_int_equal(x.s.pl[0].lib_n, 0);
    x.s.perm[sphinx].prevent = 2;                                 /* all of a Shock prevented */
    give(&x, 1, C_SHOCK);
    bits256_clear(x.s.pl[1].gy, C_SHOCK);                         /* the milled Shock, back in hand */
    x.s.pl[1].gy_n--;
    a = act(ACT_CAST, hand_slot(&x, 1, C_SHOCK), 0, TK_PERM, sphinx);
    assert_int_equal(action_apply(&x.s, &x.g, 1, &a, 1), MTG_OK);
    settle(&x);
    assert_int_equal(x.s.pl[1].lib_n, 2);                         /* no damage dealt: no trigger */
}

/* Contaminated Bond (player 0's) on player 1's Grizzly Bears: the Bears
 * attack, player 1 loses 3; on a blocker, the blocker's controller loses
 * 3 as blockers are declared; the attacker without it, nothing. */
static void test_attached_attacks_blocks(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int bears = put(&x, 1, C_BEARS);
    int bond = put(&x, 0, C_BOND);
    x.s.px[bond].attached = (uint8_t)bears;
    x.s.layers_dirty = 1;
    x.s.active = 1;
    x.s.step = STEP_DECLARE_ATTACKERS;
    AttackDecl ad = { (uint8_t)bears, TARGET_PLAYER };
    assert_int_equal(combat_declare_attackers(&x.s, &x.g, &ad, 1), MTG_OK);
    trigger_event(&x.s, TR_ATTACKS, bears, x.s.perm[bears].card, 1, 1, 0);
    assert_int_equal(x.s.pending_n, 1);
    settle(&x);
    assert_int_equal(x.s.pl[1].life, 17);
    assert_int_equal(x.s.pl[0].life, 20);

    Pos y; pos_init(&y);
    int wurm = put(&y, 0, C_WURM);
    int blocker = put(&y, 1, C_BEARS);
    bond = put(&y, 0, C_BOND);
    y.s.px[bond].attached = (uint8_t)blocker;
    y.s.layers_dirty = 1;
    y.s.step = STEP_DECLARE_ATTACKERS;
    ad = (AttackDecl){ (uint8_t)wurm, TARGET_PLAYER };
    assert_int_equal(combat_declare_attackers(&y.s, &y.g, &ad, 1), MTG_OK);
    trigger_event(&y.s, TR_ATTACKS, wurm, y.s.perm[wurm].card, 0, 0, 0);
    assert_int_equal(y.s.pending_n, 0);
    y.s.step = STEP_DECLARE_BLOCKERS;
    BlockDecl bd = { (uint8_t)blocker, (uint8_t)wurm };
    assert_int_equal(combat_declare_blockers(&y.s, &y.g, &bd, 1), MTG_OK);
    triggers_blocks(&y.s);
    settle(&y);
    assert_int_equal(y.s.pl[1].life, 17);
    assert_int_equal(y.s.pl[0].life, 20);
}

/* Reminisce: the target player's graveyard goes into their library, which
 * is shuffled; Reminisce itself goes to its owner's graveyard afterwards
 * (608.2k), not into the library. */
static void test_reminisce(void **state)
{
    (void)state;
    static const uint8_t lib1[] = { C_WURM };
    Pos x; pos_init(&x);
    library(&x, 1, lib1, 1);
    for (int k = C_BOLT; k <= C_SHOCK; k++) {
        bits256_clear(x.s.exile[1], k);
        bits256_set(x.s.pl[1].gy, k);
        x.s.pl[1].gy_n++;
    }
    give(&x, 1, C_REMINISCE);
    x.s.active = 1;
    Action a = act(ACT_CAST, hand_slot(&x, 1, C_REMINISCE), 0, TK_PLAYER, 1);
    assert_int_equal(action_apply(&x.s, &x.g, 1, &a, 1), MTG_OK);
    settle(&x);
    assert_int_equal(x.s.pl[1].lib_n, 4);
    assert_int_equal(x.s.pl[1].gy_n, 1);
    assert_true(bits256_has(x.s.pl[1].gy, C_REMINISCE));
    int seen = 0;
    for (int k = 0; k < 4; k++) seen |= 1 << x.s.pl[1].lib[x.s.pl[1].lib_top + k];
    assert_int_equal(seen, (1 << C_WURM) | (1 << C_BOLT) | (1 << C_GROWTH) | (1 << C_SHOCK));
}

/* Sengir Vampire, blocked by a Giant Spider, kills it: a +1/+1 counter.
 * Blocked by a Giant Spider made 5/7 by Giant Growth, it deals its 4 and the
 * Spider survives (4 damage); a Lightning Bolt kills it later this turn: a counter
 * too; a creature it never damaged dying: nothing; after the turn the
 * record is gone. */
static void sengir_blocked(Pos *x, int sengir, int spider)
{
    x->s.step = STEP_DECLARE_ATTACKERS;
    AttackDecl ad = { (uint8_t)sengir, TARGET_PLAYER };
    assert_int_equal(combat_declare_attackers(&x->s, &x->g, &ad, 1), MTG_OK);
    x->s.step = STEP_DECLARE_BLOCKERS;
    BlockDecl bd = { (uint8_t)spider, (uint8_t)sengir };
    assert_int_equal(combat_declare_blockers(&x->s, &x->g, &bd, 1), MTG_OK);
    x->s.step = STEP_COMBAT_DAMAGE;
    assert_int_equal(combat_damage_step(&x->s, &x->g, 0, NULL, 0), MTG_OK);
    settle(x);
    combat_end(&x->s);
    x->s.step = STEP_MAIN2;
}

static void test_damaged_creature_dies(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int sengir = put(&x, 0, C_SENGIR);
    int spider = put(&x, 1, C_SPIDER);
    sengir_blocked(&x, sengir, spider);
    assert_false(permset_has(x.s.perm_used, spider));
    assert_int_equal(x.s.perm[sengir].plus, 1);

    Pos y; pos_init(&y);
    sengir = put(&y, 0, C_SENGIR);
    spider = put(&y, 1, C_SPIDER);
    int other = put(&y, 1, C_SPY);
    give(&y, 1, C_GROWTH);
    Action a = act(ACT_CAST, hand_slot(&y, 1, C_GROWTH), 0, TK_PERM, spider);
    assert_int_equal(action_apply(&y.s, &y.g, 1, &a, 1), MTG_OK);
    settle(&y);
    y.s.perm[sengir].prevent = 5;                                 /* the 5/7's damage prevented */
    sengir_blocked(&y, sengir, spider);
    assert_true(permset_has(y.s.perm_used, sengir));
    assert_true(permset_has(y.s.perm_used, spider));
    assert_int_equal(y.s.perm[spider].damage, 4);
    assert_int_equal(y.s.perm[sengir].plus, 0);
    give(&y, 0, C_BOLT);
    a = act(ACT_CAST, hand_slot(&y, 0, C_BOLT), 0, TK_PERM, spider);
    assert_int_equal(action_apply(&y.s, &y.g, 0, &a, 1), MTG_OK);
    settle(&y);
    assert_false(permset_has(y.s.perm_used, spider));
    assert_int_equal(y.s.perm[sengir].plus, 1);
    give(&y, 0, C_SHOCK);
    a = act(ACT_CAST, hand_slot(&y, 0, C_SHOCK), 0, TK_PERM, other);
    assert_int_equal(action_apply(&y.s, &y.g, 0, &a, 1), MTG_OK);
    settle(&y);
    assert_false(permset_has(y.s.perm_used, other));
    assert_int_equal(y.s.perm[sengir].plus, 1);                   /* never damaged by it */
    floating_end_of_turn(&y.s);
    assert_int_equal(y.s.float_n, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_information),
        cmocka_unit_test(test_reveal_random),
        cmocka_unit_test(test_skip_combat),
        cmocka_unit_test(test_put_from_hand),
        cmocka_unit_test(test_put_land),
        cmocka_unit_test(test_each_other_player),
        cmocka_unit_test(test_dealt_damage),
        cmocka_unit_test(test_attached_attacks_blocks),
        cmocka_unit_test(test_reminisce),
        cmocka_unit_test(test_damaged_creature_dies),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
