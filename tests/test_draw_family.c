/* test_draw_family.c: cards that draw, discard, shuffle and count cards,
 * on real cards of the default pool as the reader reads them: Mind
 * Unbound's lore counters (122.1) and their last known number (608.2h),
 * Time Reversal (701.19, 608.2k) and the library it makes its own (copy
 * on write: a fork keeps the order it had), Visions of Beyond's condition
 * (608.2c, 614.1a), Monomania and Jace's Archivist (701.8), Grim
 * Lavamancer's cost of cards exiled from a graveyard (602.2b), Primal
 * Cocoon's counters on the creature it enchants (or enchanted, 608.2h). */
#include <stdio.h>
#include "engine/stack.h"
#include "engine/effect.h"
#include "engine/library.h"
#include "engine/turn.h"
#include "engine/heuristic.h"

static const char *const names[] = {
    "Mind Unbound", "Time Reversal", "Visions of Beyond", "Monomania", "Jace's Archivist",
    "Grizzly Bears", "Craw Wurm", "Shock", "Hill Giant", "Divination", "Giant Growth", "Mind Rot",
    "Runeclaw Bear", "Lightning Bolt", "Serra Angel", "Grim Lavamancer", "Primal Cocoon",
};
enum { C_UNBOUND, C_REVERSAL, C_VISIONS, C_MONOMANIA, C_ARCHIVIST, C_BEARS, C_WURM, C_SHOCK, C_GIANT,
       C_DIVINATION, C_GROWTH, C_ROT, C_RUNECLAW, C_BOLT, C_ANGEL, C_LAVAMANCER, C_COCOON, C_N };

#include "tests/pool_pos.h"

/* Card k of player p into its graveyard. */
static void bury(Pos *x, int p, int k)
{
    bits256_clear(x->s.exile[p], k);
    bits256_set(x->s.pl[p].gy, k);
    x->s.pl[p].gy_n++;
}

static void upkeep(Pos *x, int p)
{
    x->s.active = (uint8_t)p;
    x->s.step = STEP_UPKEEP;
    trigger_event(&x->s, TR_UPKEEP, NO_SLOT, 0, p, p, 0);
}

/* 122.1, 503.1: each of its controller's upkeeps puts one more lore counter
 * on Mind Unbound, then that player draws one card for each: 1, then 2; the
 * opponent's upkeep does nothing. */
static void test_mind_unbound_counts_its_lore_counters(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    static const uint8_t lib[] = { C_BEARS, C_WURM, C_SHOCK, C_GIANT, C_DIVINATION };
    library(&x, 0, lib, 5);
    int mu = enter(&x, 0, C_UNBOUND);                /* it enters with none */
    assert_int_equal(x.s.perm[mu].loyalty, 0);
    upkeep(&x, 0);
    settle(&x);
    assert_int_equal(x.s.perm[mu].loyalty, 1);
    assert_int_equal(x.s.pl[0].hand_n, 1);
    upkeep(&x, 1);                                   /* "your upkeep": not the opponent's */
    settle(&x);
    assert_int_equal(x.s.perm[mu].loyalty, 1);
    assert_int_equal(x.s.pl[0].hand_n, 1);
    upkeep(&x, 0);
    settle(&x);
    assert_int_equal(x.s.perm[mu].loyalty, 2);
    assert_int_equal(x.s.pl[0].hand_n, 3);
    assert_int_equal(x.s.pl[0].lib_n, 2);
    /* A new object has no counters (400.7): the same card put back. */
    perm_leave(&x.s, &x.g, mu, ZONE_EXILE);
    mu = put(&x, 0, C_UNBOUND);
    assert_int_equal(x.s.perm[mu].loyalty, 0);
}

/* 608.2h: Mind Unbound leaves with its trigger on the stack: no counter is
 * put on it, and the draw counts the lore counters it had as it left (two),
 * not none and not three. */
static void test_mind_unbound_last_known_counters(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    static const uint8_t lib[] = { C_BEARS, C_WURM, C_SHOCK, C_GIANT, C_DIVINATION };
    library(&x, 0, lib, 5);
    int mu = put(&x, 0, C_UNBOUND);
    x.s.perm[mu].loyalty = 2;
    upkeep(&x, 0);
    assert_int_equal(triggers_put(&x.s, &x.g), 1);
    assert_int_equal(x.s.stack_n, 1);
    perm_leave(&x.s, &x.g, mu, ZONE_GRAVEYARD);      /* destroyed in response (Demystify) */
    settle(&x);
    assert_int_equal(x.s.pl[0].hand_n, 2);
    assert_int_equal(x.s.pl[0].lib_n, 3);
    assert_true(bits256_has(x.s.pl[0].gy, C_UNBOUND));
    /* And while it waits to be put on the stack (603.3): the same. */
    Pos y; pos_init(&y);
    library(&y, 0, lib, 5);
    mu = put(&y, 0, C_UNBOUND);
    y.s.perm[mu].loyalty = 1;
    upkeep(&y, 0);
    assert_int_equal(y.s.pending_n, 1);
    perm_leave(&y.s, &y.g, mu, ZONE_GRAVEYARD);
    settle(&y);
    assert_int_equal(y.s.pl[0].hand_n, 1);
}

/* 701.19, 121.1, 608.2k: Time Reversal puts each player's hand and graveyard
 * into their library, shuffles, and each draws seven; the spell is exiled.
 * The libraries' order the game shared is not written: a fork taken before
 * keeps its own. */
static void test_time_reversal(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    static const uint8_t lib0[] = { C_BEARS, C_WURM, C_SHOCK };
    static const uint8_t lib1[] = { C_GIANT, C_DIVINATION, C_GROWTH, C_ROT };
    library(&x, 0, lib0, 3);
    library(&x, 1, lib1, 4);
    give(&x, 0, C_GIANT);
    give(&x, 0, C_ROT);
    bury(&x, 0, C_DIVINATION);
    bury(&x, 0, C_GROWTH);
    give(&x, 1, C_BEARS);
    bury(&x, 1, C_WURM);
    bury(&x, 1, C_SHOCK);
    give(&x, 0, C_REVERSAL);
    Action a = act(ACT_CAST, hand_slot(&x, 0, C_REVERSAL), 0, 0, 0);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 1), MTG_OK);
    settle(&x);
    assert_int_equal(x.s.pl[0].hand_n, 7);
    assert_int_equal(x.s.pl[0].lib_n, 0);
    assert_int_equal(x.s.pl[0].gy_n, 0);
    assert_int_equal(x.s.pl[1].hand_n, 7);
    assert_int_equal(x.s.pl[1].lib_n, 0);
    assert_int_equal(x.s.pl[1].gy_n, 0);
    assert_true(bits256_has(x.s.exile[0], C_REVERSAL));
    assert_false(x.s.pl[0].flags & PL_LOST);
    /* the game's own orders are untouched: the state took copies */
    assert_true(x.s.pl[0].lib != lib0 && x.s.pl[1].lib != lib1);
    assert_true(x.s.pl[0].flags & PL_LIB_OWN);
}

/* 608.2c, 614.1a: Visions of Beyond draws one card, or three when a single
 * graveyard (any player's) holds twenty or more cards as it resolves. */
static void test_visions_of_beyond(void **state)
{
    (void)state;
    static const uint8_t lib[] = { C_BEARS, C_WURM, C_SHOCK, C_GIANT };
    for (int big = 0; big < 2; big++) {
        Pos x; pos_init(&x);
        library(&x, 0, lib, 4);
        x.s.pl[1].gy_n = (uint8_t)(big ? 20 : 19);   /* the count is what the condition reads */
        give(&x, 0, C_VISIONS);
        Action a = act(ACT_CAST, hand_slot(&x, 0, C_VISIONS), 0, 0, 0);
        assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 1), MTG_OK);
        while (x.s.stack_n) stack_resolve_top(&x.s, &x.g);
        assert_int_equal(x.s.pl[0].hand_n, big ? 3 : 1);
        assert_int_equal(x.s.pl[0].lib_n, big ? 1 : 3);
    }
}

/* A policy that answers every discard with the last card offered. */
static int last_card(const Policy *p, const GameState *s, const Game *g, int pl, Rng *r, const Choice *c)
{
    (void)p; (void)s; (void)g; (void)pl; (void)r;
    return c->kind == CH_DISCARD ? c->n - 1 : 0;
}
static const Policy keep_first = { .name = "keep-first", .choose = last_card };

/* 701.8a: Monomania's target player chooses the card it keeps (its policy
 * is asked, not the caster's) and discards the rest. */
static void test_monomania_target_chooses(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    give(&x, 1, C_BEARS);
    give(&x, 1, C_WURM);
    give(&x, 1, C_SHOCK);
    x.g.policy[1] = &keep_first;                     /* discards the last each time: keeps the first */
    give(&x, 0, C_MONOMANIA);
    Action a = act(ACT_CAST, hand_slot(&x, 0, C_MONOMANIA), 0, TK_PLAYER, 1);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 1), MTG_OK);
    settle(&x);
    assert_int_equal(x.s.pl[1].hand_n, 1);
    assert_int_equal(x.s.pl[1].hand[0], C_BEARS);
    assert_int_equal(x.s.pl[1].gy_n, 2);
    assert_true(bits256_has(x.s.pl[1].gy, C_WURM) && bits256_has(x.s.pl[1].gy, C_SHOCK));
    assert_int_equal(x.s.pl[0].hand_n, 0);           /* its caster's hand untouched */
}

/* 701.8a, 121.1: Jace's Archivist: each player discards their hand, then
 * each draws as many as the most any player discarded (two); a player with
 * too small a library draws from an empty one and loses (704.5b). */
static void test_jaces_archivist(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    static const uint8_t lib0[] = { C_GIANT, C_DIVINATION, C_GROWTH };
    static const uint8_t lib1[] = { C_ROT };
    library(&x, 0, lib0, 3);
    library(&x, 1, lib1, 1);
    give(&x, 0, C_BEARS);
    give(&x, 1, C_WURM);
    give(&x, 1, C_SHOCK);
    int arch = put(&x, 0, C_ARCHIVIST);
    Action a = act(ACT_ACTIVATE, arch, 0, 0, 0);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 1), MTG_OK);
    assert_true(x.s.perm[arch].flags & PF_TAPPED);
    settle(&x);
    assert_int_equal(x.s.pl[0].hand_n, 2);
    assert_int_equal(x.s.pl[0].gy_n, 1);
    assert_int_equal(x.s.pl[1].gy_n, 2);
    assert_int_equal(x.s.pl[1].hand_n, 1);
    assert_true(x.s.over && x.s.winner == 0);        /* player 1 drew from an empty library */
}

/* 602.2b: Grim Lavamancer's cost exiles two cards of its controller's
 * graveyard, each chosen as it is paid: the heuristic keeps the creature
 * card and exiles the two others; with one card left it can't be activated
 * (the opponent's graveyard pays nothing). */
static void test_grim_lavamancer(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    x.g.policy[0] = &policy_heuristic;
    bury(&x, 0, C_BEARS);
    bury(&x, 0, C_SHOCK);
    bury(&x, 0, C_DIVINATION);
    bury(&x, 1, C_WURM);
    bury(&x, 1, C_GIANT);
    int lava = put(&x, 0, C_LAVAMANCER);
    Action a = act(ACT_ACTIVATE, lava, 0, TK_PLAYER, 1);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 1), MTG_OK);
    assert_int_equal(x.s.pl[0].gy_n, 1);                         /* paid before it resolves */
    assert_true(bits256_has(x.s.pl[0].gy, C_BEARS));
    assert_true(bits256_has(x.s.exile[0], C_SHOCK) && bits256_has(x.s.exile[0], C_DIVINATION));
    settle(&x);
    assert_int_equal(x.s.pl[1].life, 18);
    x.s.perm[lava].flags &= (uint8_t)~PF_TAPPED;
    assert_int_not_equal(action_apply(&x.s, &x.g, 0, &a, 1), MTG_OK);   /* one card left */
    assert_int_equal(x.s.pl[1].gy_n, 2);
}

/* 122.1, 608.2h: Primal Cocoon puts a +1/+1 counter on the creature it
 * enchants at the beginning of its controller's upkeep; sacrificed with the
 * trigger on the stack, the counter still goes on the creature it enchanted
 * as it left; the creature attacking makes its controller sacrifice it. */
static void test_primal_cocoon(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int bears = put(&x, 0, C_BEARS);
    int cocoon = put(&x, 0, C_COCOON);
    x.s.px[cocoon].attached = (uint8_t)bears;
    layers_refresh(&x.s);
    upkeep(&x, 0);
    settle(&x);
    assert_int_equal(x.s.perm[bears].plus, 1);
    assert_int_equal(x.s.perm[bears].power, 3);
    upkeep(&x, 1);                                   /* the opponent's upkeep: nothing */
    settle(&x);
    assert_int_equal(x.s.perm[bears].plus, 1);
    upkeep(&x, 0);
    assert_int_equal(triggers_put(&x.s, &x.g), 1);
    perm_leave(&x.s, &x.g, cocoon, ZONE_GRAVEYARD);  /* gone in response (Naturalize) */
    settle(&x);
    assert_int_equal(x.s.perm[bears].plus, 2);
    assert_int_equal(x.s.perm[bears].toughness, 4);
    /* attacks: sacrificed */
    Pos y; pos_init(&y);
    bears = put(&y, 0, C_BEARS);
    cocoon = put(&y, 0, C_COCOON);
    y.s.px[cocoon].attached = (uint8_t)bears;
    layers_refresh(&y.s);
    trigger_event(&y.s, TR_ATTACKS, bears, y.s.perm[bears].card, 0, 1, 0);
    settle(&y);
    assert_false(permset_has(y.s.perm_used, cocoon));
    assert_true(bits256_has(y.s.pl[0].gy, C_COCOON));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mind_unbound_counts_its_lore_counters),
        cmocka_unit_test(test_mind_unbound_last_known_counters),
        cmocka_unit_test(test_time_reversal),
        cmocka_unit_test(test_visions_of_beyond),
        cmocka_unit_test(test_monomania_target_chooses),
        cmocka_unit_test(test_jaces_archivist),
        cmocka_unit_test(test_grim_lavamancer),
        cmocka_unit_test(test_primal_cocoon),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
