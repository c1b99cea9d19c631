/* test_draw_family.c: cards that draw, discard, shuffle and count cards,
 * on real cards of the default pool as the reader reads them: Mind
 * Unbound's lore counters (122.1) and their last known number (608.2h),
 * Time Reversal (701.19, 608.2k) and the library it makes its own (copy
 * on write: a fork keeps the order it had), Visions of Beyond's condition
 * (608.2c, 614.1a), Monomania and Jace's Archivist (701.8), Grim
 * Lavamancer's cost of cards exiled from a graveyard (602.2b), Primal
 * Cocoon's counters on the creature it enchants (or enchanted, 608.2h),
 * Chandra's Phoenix's and Squee's abilities triggering in their owner's
 * graveyard (113.6), Primordial Hydra's X and its counters doubled,
 * Sphinx of Uthuun's two piles, Scalpelexis's exiles repeated, Hidden
 * Horror's "unless you discard a creature card", Agonizing Memories. */
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
    "Chandra's Phoenix", "Consume Spirit", "Prodigal Pyromancer", "Squee, Goblin Nabob",
    "Sphinx of Uthuun", "Scalpelexis", "Hidden Horror", "Agonizing Memories", "Primordial Hydra", "Forest", "Forest", "Forest", "Forest", "Forest",
};
enum { C_UNBOUND, C_REVERSAL, C_VISIONS, C_MONOMANIA, C_ARCHIVIST, C_BEARS, C_WURM, C_SHOCK, C_GIANT,
       C_DIVINATION, C_GROWTH, C_ROT, C_RUNECLAW, C_BOLT, C_ANGEL, C_LAVAMANCER, C_COCOON, C_PHOENIX, C_CONSUME,
       C_PYROMANCER, C_SQUEE, C_SPHINX, C_SCALPELEXIS, C_HORROR, C_MEMORIES, C_HYDRA, C_FOREST, C_N = C_FOREST + 5 };

#include "tests/pool_pos.h"

/* A position (pool_pos.h) whose players own Chandra's Phoenix: they are
 * marked as owning a card with an ability that functions in a graveyard,
 * as game_init marks them (PL_GY_ABILITIES). */
static void start(Pos *x)
{
    pos_init(x);
    for (int p = 0; p < 2; p++) if (player_gy_abilities(&x->s, p)) x->s.pl[p].flags |= PL_GY_ABILITIES;
}

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
    Pos x; start(&x);
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
    Pos x; start(&x);
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
    Pos y; start(&y);
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
    Pos x; start(&x);
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
        Pos x; start(&x);
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
    Pos x; start(&x);
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
    Pos x; start(&x);
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
    Pos x; start(&x);
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
    Pos x; start(&x);
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
    Pos y; start(&y);
    bears = put(&y, 0, C_BEARS);
    cocoon = put(&y, 0, C_COCOON);
    y.s.px[cocoon].attached = (uint8_t)bears;
    layers_refresh(&y.s);
    trigger_event(&y.s, TR_ATTACKS, bears, y.s.perm[bears].card, 0, 1, 0);
    settle(&y);
    assert_false(permset_has(y.s.perm_used, cocoon));
    assert_true(bits256_has(y.s.pl[0].gy, C_COCOON));
}

/* 113.6, 603.2: Chandra's Phoenix, in its owner's graveyard, triggers when
 * an opponent is dealt damage by a red instant or sorcery its owner
 * controls (Lightning Bolt), and returns to its owner's hand; not for a red
 * creature's ability nor combat damage by a red creature, nor a black
 * sorcery; two Phoenixes there both trigger. A Phoenix that left the
 * graveyard before its ability resolves is a new object (400.7): it stays
 * where it went. */
static void test_chandras_phoenix(void **state)
{
    (void)state;
    Pos x; start(&x);
    assert_true(x.s.pl[0].flags & PL_GY_ABILITIES);
    bury(&x, 0, C_PHOENIX);
    give(&x, 0, C_BOLT);
    Action a = act(ACT_CAST, hand_slot(&x, 0, C_BOLT), 0, TK_PLAYER, 1);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 1), MTG_OK);
    stack_resolve_top(&x.s, &x.g);
    assert_int_equal(x.s.pl[1].life, 17);
    assert_int_equal(x.s.pending_n, 1);
    settle(&x);
    assert_int_equal(x.s.pl[0].hand_n, 1);
    assert_int_equal(x.s.pl[0].hand[0], C_PHOENIX);
    assert_false(bits256_has(x.s.pl[0].gy, C_PHOENIX));

    /* a red creature's ability, combat damage by a red creature, a black sorcery: no */
    Pos y; start(&y);
    bury(&y, 0, C_PHOENIX);
    int pyro = put(&y, 0, C_PYROMANCER);
    a = act(ACT_ACTIVATE, pyro, 0, TK_PLAYER, 1);
    assert_int_equal(action_apply(&y.s, &y.g, 0, &a, 1), MTG_OK);
    settle(&y);
    assert_int_equal(y.s.pl[1].life, 19);
    give(&y, 0, C_CONSUME);
    a = act(ACT_CAST, hand_slot(&y, 0, C_CONSUME), 0, TK_PLAYER, 1);
    a.x = 2;
    assert_int_equal(action_apply(&y.s, &y.g, 0, &a, 1), MTG_OK);
    settle(&y);
    assert_int_equal(y.s.pl[1].life, 17);
    trigger_gy_damage(&y.s, 1, y.s.perm[pyro].card, y.s.px[pyro].colors, 0);   /* as combat.c calls it */
    assert_int_equal(y.s.pending_n, 0);
    assert_true(bits256_has(y.s.pl[0].gy, C_PHOENIX));
    assert_int_equal(y.s.pl[0].hand_n, 0);

    /* the opponent's Phoenix does not see its own owner's opponent's spell: player 1's
     * Bolt at player 0 returns player 1's Phoenix, not player 0's */
    Pos z; start(&z);
    bury(&z, 0, C_PHOENIX);
    bury(&z, 1, C_PHOENIX);
    give(&z, 1, C_BOLT);
    a = act(ACT_CAST, hand_slot(&z, 1, C_BOLT), 0, TK_PLAYER, 0);
    assert_int_equal(action_apply(&z.s, &z.g, 1, &a, 1), MTG_OK);
    settle(&z);
    assert_true(bits256_has(z.s.pl[0].gy, C_PHOENIX));
    assert_int_equal(z.s.pl[1].hand_n, 1);

    /* gone from the graveyard with the trigger waiting, then on the stack: nothing */
    Pos v; start(&v);
    bury(&v, 0, C_PHOENIX);
    give(&v, 0, C_BOLT);
    a = act(ACT_CAST, hand_slot(&v, 0, C_BOLT), 0, TK_PLAYER, 1);
    assert_int_equal(action_apply(&v.s, &v.g, 0, &a, 1), MTG_OK);
    stack_resolve_top(&v.s, &v.g);
    assert_int_equal(v.s.pending_n, 1);
    gy_leave(&v.s, 0, C_PHOENIX);                    /* exiled in response (Relic of Progenitus) */
    card_to_zone(&v.s, 0, C_PHOENIX, ZONE_EXILE);
    settle(&v);
    assert_true(bits256_has(v.s.exile[0], C_PHOENIX));
    assert_int_equal(v.s.pl[0].hand_n, 0);
    Pos u; start(&u);
    bury(&u, 0, C_PHOENIX);
    give(&u, 0, C_BOLT);
    a = act(ACT_CAST, hand_slot(&u, 0, C_BOLT), 0, TK_PLAYER, 1);
    assert_int_equal(action_apply(&u.s, &u.g, 0, &a, 1), MTG_OK);
    stack_resolve_top(&u.s, &u.g);
    assert_int_equal(triggers_put(&u.s, &u.g), 1);
    gy_leave(&u.s, 0, C_PHOENIX);                    /* left and came back: a new object */
    card_to_zone(&u.s, 0, C_PHOENIX, ZONE_GRAVEYARD);
    settle(&u);
    assert_true(bits256_has(u.s.pl[0].gy, C_PHOENIX));
    assert_int_equal(u.s.pl[0].hand_n, 0);
}

/* A policy that declines every "you may". */
static int decline(const Policy *p, const GameState *s, const Game *g, int pl, Rng *r, const Choice *c)
{
    (void)p; (void)s; (void)g; (void)pl; (void)r;
    return c->kind == CH_MAY ? 1 : 0;
}
static const Policy declines = { .name = "declines", .choose = decline };

/* 113.6, 503.1: Squee triggers at the beginning of its owner's upkeep from
 * its graveyard ("you may": returned, or left there when declined), not
 * in the opponent's upkeep, and not while on the battlefield. */
static void test_squee(void **state)
{
    (void)state;
    Pos x; start(&x);
    bury(&x, 0, C_SQUEE);
    upkeep(&x, 1);
    assert_int_equal(x.s.pending_n, 0);
    upkeep(&x, 0);
    assert_int_equal(x.s.pending_n, 1);
    settle(&x);
    assert_int_equal(x.s.pl[0].hand_n, 1);
    assert_int_equal(x.s.pl[0].hand[0], C_SQUEE);
    assert_int_equal(x.s.pl[0].gy_n, 0);
    Pos y; start(&y);
    bury(&y, 0, C_SQUEE);
    y.g.policy[0] = &declines;
    upkeep(&y, 0);
    settle(&y);
    assert_true(bits256_has(y.s.pl[0].gy, C_SQUEE));
    assert_int_equal(y.s.pl[0].hand_n, 0);
    Pos z; start(&z);
    put(&z, 0, C_SQUEE);
    upkeep(&z, 0);
    assert_int_equal(z.s.pending_n, 0);               /* on the battlefield: it does not function */
}

/* 107.3, 601.2f, 614.1c: Primordial Hydra is offered with each X its
 * player's five Forests pay ({X}{G}{G}: 0 to 3); cast with X = 3 it taps
 * them all and enters with three +1/+1 counters. Each of its controller's
 * upkeeps doubles them (6, 12); with ten or more it has trample (604.1,
 * the layers' condition); gone with the trigger on the stack, nothing. */
static void test_primordial_hydra(void **state)
{
    (void)state;
    Pos x; start(&x);
    for (int j = C_FOREST; j < C_FOREST + 5; j++) {
        Player *pl = &x.s.pl[0];
        bits256_clear(x.s.exile[0], j);
        bits256_set(pl->lands, j);
        pl->lands_n++;
        pl->land_n[COLOR_G]++;
    }
    give(&x, 0, C_HYDRA);
    Action acts[ACTION_MAX];
    int n = actions_spells(&x.s, 0, acts, 0), max_x = -1, pick = -1;
    for (int k = 0; k < n; k++)
        if (acts[k].type == ACT_CAST && acts[k].x > max_x) { max_x = acts[k].x; pick = k; }
    assert_int_equal(max_x, 3);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &acts[pick], 0), MTG_OK);
    assert_int_equal(x.s.pl[0].land_tapped[COLOR_G], 5);
    settle(&x);
    int hydra = permset_first(x.s.perm_ctl[0]);
    assert_int_equal(x.s.perm[hydra].card, x.deck.card[C_HYDRA]);
    assert_int_equal(x.s.perm[hydra].plus, 3);
    assert_int_equal(x.s.perm[hydra].power, 3);
    upkeep(&x, 0);
    settle(&x);
    assert_int_equal(x.s.perm[hydra].plus, 6);
    assert_false(perm_has(&x.s, hydra, KW_TRAMPLE));
    upkeep(&x, 1);                                   /* the opponent's: nothing */
    settle(&x);
    assert_int_equal(x.s.perm[hydra].plus, 6);
    upkeep(&x, 0);
    settle(&x);
    assert_int_equal(x.s.perm[hydra].plus, 12);
    assert_int_equal(x.s.perm[hydra].toughness, 12);
    assert_true(perm_has(&x.s, hydra, KW_TRAMPLE));
    upkeep(&x, 0);
    assert_int_equal(triggers_put(&x.s, &x.g), 1);
    perm_leave(&x.s, &x.g, hydra, ZONE_GRAVEYARD);
    settle(&x);
    assert_int_equal(permset_count(x.s.perm_used), 0);
    /* put onto the battlefield from anywhere but the stack: X is 0 (107.3), a 0/0 that dies */
    Pos y; start(&y);
    enter(&y, 0, C_HYDRA);
    settle(&y);
    assert_true(bits256_has(y.s.pl[0].gy, C_HYDRA));
}

/* Piles made and chosen by policies: the separator puts the top card alone,
 * the chooser takes the second pile. */
static int separate_top(const Policy *p, const GameState *s, const Game *g, int pl, Rng *r, const Choice *c)
{
    (void)p; (void)s; (void)g; (void)pl; (void)r;
    return c->kind == CH_SEPARATE ? 1 : c->kind == CH_PILE ? 1 : 0;
}
static const Policy top_alone = { .name = "top-alone", .choose = separate_top };

/* 603.2, 608.2c: Sphinx of Uthuun's ability: the top five cards revealed,
 * the opponent separates them (its policy is asked: the top card alone),
 * the controller takes a pile (the second: that card) into its hand, the
 * other four go to the graveyard. With the heuristic on both sides the
 * piles it makes are as even as it can make them (8 + mana value each:
 * Serra Angel and Craw Wurm against three one-mana cards, 27 and 27). */
static void test_sphinx_of_uthuun(void **state)
{
    (void)state;
    static const uint8_t lib[] = { C_BEARS, C_WURM, C_SHOCK, C_GIANT, C_DIVINATION, C_GROWTH };
    Pos x; start(&x);
    library(&x, 0, lib, 6);
    x.g.policy[0] = x.g.policy[1] = &top_alone;
    enter(&x, 0, C_SPHINX);
    settle(&x);
    assert_int_equal(x.s.pl[0].hand_n, 1);
    assert_int_equal(x.s.pl[0].hand[0], C_BEARS);
    assert_int_equal(x.s.pl[0].gy_n, 4);
    assert_int_equal(x.s.pl[0].lib_n, 1);
    assert_int_equal(x.s.pl[0].lib[x.s.pl[0].lib_top], C_GROWTH);
    static const uint8_t lib2[] = { C_ANGEL, C_SHOCK, C_WURM, C_BOLT, C_GROWTH };
    Pos y; start(&y);
    library(&y, 0, lib2, 5);
    y.g.policy[0] = y.g.policy[1] = &policy_heuristic;
    enter(&y, 0, C_SPHINX);
    settle(&y);
    int big = 0;
    for (int h = 0; h < y.s.pl[0].hand_n; h++) big += y.s.pl[0].hand[h] == C_ANGEL || y.s.pl[0].hand[h] == C_WURM;
    assert_true((y.s.pl[0].hand_n == 2 && big == 2) || (y.s.pl[0].hand_n == 3 && big == 0));
    assert_int_equal(y.s.pl[0].hand_n + y.s.pl[0].gy_n, 5);
    /* a library of two: two revealed */
    static const uint8_t lib3[] = { C_SHOCK, C_BOLT };
    Pos z; start(&z);
    library(&z, 0, lib3, 2);
    enter(&z, 0, C_SPHINX);
    settle(&z);
    assert_int_equal(z.s.pl[0].hand_n, 2);
    assert_false(z.s.over);
}

/* A policy that declines to discard for Hidden Horror. */
static int keep_cards(const Policy *p, const GameState *s, const Game *g, int pl, Rng *r, const Choice *c)
{
    (void)p; (void)s; (void)g; (void)pl; (void)r;
    return c->kind == CH_DISCARD_OR ? c->n - 1 : 0;
}
static const Policy keeps = { .name = "keeps", .choose = keep_cards };

/* 603.2, 701.8a, 701.14a: Hidden Horror's controller may discard a creature
 * card (the heuristic: the cheapest, Grizzly Bears before Craw Wurm; never
 * the noncreature Shock) to keep it, or decline and sacrifice it. */
static void test_hidden_horror(void **state)
{
    (void)state;
    Pos x; start(&x);
    give(&x, 0, C_WURM);
    give(&x, 0, C_SHOCK);
    give(&x, 0, C_BEARS);
    x.g.policy[0] = &policy_heuristic;
    int horror = enter(&x, 0, C_HORROR);
    settle(&x);
    assert_true(permset_has(x.s.perm_used, horror));
    assert_true(bits256_has(x.s.pl[0].gy, C_BEARS));
    assert_int_equal(x.s.pl[0].hand_n, 2);
    Pos y; start(&y);
    give(&y, 0, C_BEARS);
    y.g.policy[0] = &keeps;
    horror = enter(&y, 0, C_HORROR);
    settle(&y);
    assert_false(permset_has(y.s.perm_used, horror));
    assert_true(bits256_has(y.s.pl[0].gy, C_HORROR));
    assert_int_equal(y.s.pl[0].hand_n, 1);
}

/* 603.2, 201.2: Scalpelexis's trigger exiles the top four cards of the
 * damaged player's library, again while two of those exiled at once share
 * a name: Forest, Forest, ... then four names once each. */
static void test_scalpelexis(void **state)
{
    (void)state;
    static const uint8_t lib[] = { C_FOREST, C_SHOCK, C_FOREST + 1, C_BEARS, C_WURM, C_GIANT, C_BOLT, C_ANGEL,
                                   C_GROWTH, C_ROT };
    Pos x; start(&x);
    library(&x, 1, lib, 10);
    int scal = put(&x, 0, C_SCALPELEXIS);
    trigger_event_on(&x.s, TR_COMBAT_DAMAGE_PLAYER, scal, NO_SLOT, 1, 1);
    settle(&x);
    assert_int_equal(x.s.pl[1].lib_n, 2);
    assert_int_equal(x.s.pl[1].lib[x.s.pl[1].lib_top], C_GROWTH);
    assert_true(bits256_has(x.s.exile[1], C_FOREST) && bits256_has(x.s.exile[1], C_ANGEL));
    assert_int_equal(x.s.pl[0].lib_n, 0);            /* its controller's own: untouched */
}

/* A policy that puts the second card chosen on top (CH_ORDER 1). */
static int second_on_top(const Policy *p, const GameState *s, const Game *g, int pl, Rng *r, const Choice *c)
{
    (void)p; (void)pl; (void)r;
    return c->kind == CH_ORDER ? 1 : heuristic_choose(s, g, 0, c);
}
static const Policy reorders = { .name = "reorders", .choose = second_on_top };

/* 400.3, 608.2c: Agonizing Memories: the heuristic takes the opponent's two
 * dearest cards (Craw Wurm, then Hill Giant) and puts them on top of that
 * player's library, the first chosen on top; a caster's order puts the
 * other on top. No card goes to a graveyard, no discard triggers. */
static void test_agonizing_memories(void **state)
{
    (void)state;
    static const uint8_t lib[] = { C_DIVINATION };
    for (int order = 0; order < 2; order++) {
        Pos x; start(&x);
        library(&x, 1, lib, 1);
        give(&x, 1, C_SHOCK);
        give(&x, 1, C_WURM);
        give(&x, 1, C_GIANT);
        x.g.policy[0] = order ? &reorders : &policy_heuristic;
        give(&x, 0, C_MEMORIES);
        Action a = act(ACT_CAST, hand_slot(&x, 0, C_MEMORIES), 0, TK_PLAYER, 1);
        assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 1), MTG_OK);
        settle(&x);
        const Player *pl = &x.s.pl[1];
        assert_int_equal(pl->hand_n, 1);
        assert_int_equal(pl->hand[0], C_SHOCK);
        assert_int_equal(pl->lib_n, 3);
        assert_int_equal(pl->lib[pl->lib_top], order ? C_GIANT : C_WURM);
        assert_int_equal(pl->lib[pl->lib_top + 1], order ? C_WURM : C_GIANT);
        assert_int_equal(pl->lib[pl->lib_top + 2], C_DIVINATION);
        assert_int_equal(pl->gy_n, 0);
    }
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
        cmocka_unit_test(test_chandras_phoenix),
        cmocka_unit_test(test_squee),
        cmocka_unit_test(test_primordial_hydra),
        cmocka_unit_test(test_sphinx_of_uthuun),
        cmocka_unit_test(test_hidden_horror),
        cmocka_unit_test(test_scalpelexis),
        cmocka_unit_test(test_agonizing_memories),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
