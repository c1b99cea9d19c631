/* test_planeswalkers.c: planeswalkers on the real cards of the default
 * pool (306, 606): entering with their printed loyalty, loyalty abilities
 * (as a sorcery, one a turn per planeswalker, costs paid as they are
 * activated, a minus cost no greater than the loyalty, [-X]), damage to a
 * planeswalker (306.8, 119.3c), 704.5i, attacks on one (508.1b, 506.4),
 * 2011's redirection of noncombat damage (306.7) against Foundations',
 * the 2011 planeswalker uniqueness rule against Foundations' legend rule,
 * the cards' effects, and the policies in whole games. */
#include <stdio.h>
#include "engine/stack.h"
#include "engine/effect.h"
#include "engine/damage.h"
#include "engine/combat.h"
#include "engine/turn.h"
#include "engine/heuristic.h"

static const char *const names[] = {
    "Jace Beleren", "Jace Beleren", "Liliana Vess", "Garruk, Primal Hunter", "Chandra Nalaar",
    "Grizzly Bears", "Craw Wurm", "Lightning Bolt", "Soul Warden", "Elite Vanguard", "Giant Growth",
    "Forest", "Island", "Swamp", "Mountain", "Plains",
};
enum { C_JACE, C_JACE2, C_LILIANA, C_GARRUK, C_CHANDRA, C_BEARS, C_WURM, C_BOLT, C_WARDEN, C_VANGUARD,
       C_GROWTH, C_FOREST, C_ISLAND, C_SWAMP, C_MOUNTAIN, C_PLAINS, C_N };

#include "tests/pool_pos.h"

/* Loyalty ability k of permanent i, with X and one target (tk 0: none). */
static Action loyalty(int i, int k, int x, int tk, int tv)
{
    Action a = act(ACT_ACTIVATE, i, k, tk, tv);
    a.x = (uint8_t)x;
    return a;
}

/* 306.5b: a planeswalker spell resolves into a permanent with its printed
 * loyalty in loyalty counters. */
static void test_enters_with_loyalty(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    give(&x, 0, C_CHANDRA);
    Action cast = act(ACT_CAST, hand_slot(&x, 0, C_CHANDRA), 0, 0, 0);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &cast, 1), MTG_OK);
    settle(&x);
    int i = permset_first(x.s.perm_ctl[0]);
    assert_true(perm_is_planeswalker(&x.s, i));
    assert_int_equal(x.s.perm[i].loyalty, 6);
}

/* 606.3-606.4: Jace Beleren's +2 adds its counters as it is activated
 * (before it resolves) and makes each player draw; no second loyalty
 * ability of the same planeswalker that turn, though another planeswalker
 * may still activate one; cleanup (514) lets it act again next turn. */
static void test_once_each_turn(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    static const uint8_t lib[] = { C_BEARS, C_WURM, C_BOLT };
    library(&x, 0, lib, 3);
    library(&x, 1, lib, 3);
    int jace = put(&x, 0, C_JACE);
    int lili = put(&x, 0, C_LILIANA);
    Action plus = loyalty(jace, 0, 0, 0, 0);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &plus, 1), MTG_OK);
    assert_int_equal(x.s.perm[jace].loyalty, 5);                  /* paid on activation */
    assert_int_equal(x.s.stack_n, 1);
    settle(&x);
    assert_int_equal(x.s.pl[0].hand_n, 1);
    assert_int_equal(x.s.pl[1].hand_n, 1);
    Action minus = loyalty(jace, 1, 0, TK_PLAYER, 0);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &minus, 1), ERR_ILLEGAL_ACTION);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &plus, 1), ERR_ILLEGAL_ACTION);
    assert_int_equal(x.s.perm[jace].loyalty, 5);
    Action lili_plus = loyalty(lili, 0, 0, TK_PLAYER, 1);          /* another planeswalker: its own turn's one */
    assert_int_equal(action_apply(&x.s, &x.g, 0, &lili_plus, 1), MTG_OK);
    settle(&x);
    assert_int_equal(x.s.pl[1].hand_n, 0);
    assert_int_equal(x.s.perm[lili].loyalty, 6);
    /* listed: neither has a loyalty ability left this turn */
    Action acts[ACTION_MAX];
    int n = actions_spells(&x.s, 0, acts, 1);
    for (int k = 0; k < n; k++) assert_false(acts[k].type == ACT_ACTIVATE);
    /* the next turn (the flag is this turn's: cleanup ends it) */
    x.s.pw_used = 0;
    assert_int_equal(action_apply(&x.s, &x.g, 0, &minus, 1), MTG_OK);
    assert_int_equal(x.s.perm[jace].loyalty, 4);
}

/* 606.3: only as a sorcery: not with something on the stack, not in
 * combat, not in the opponent's turn. */
static void test_sorcery_speed(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    static const uint8_t lib[] = { C_VANGUARD, C_WURM };
    library(&x, 0, lib, 2);
    library(&x, 1, lib, 2);
    int jace = put(&x, 0, C_JACE);
    int jace1 = put(&x, 1, C_JACE);
    Action plus = loyalty(jace, 0, 0, 0, 0);
    x.s.step = STEP_DECLARE_ATTACKERS;
    assert_int_equal(action_apply(&x.s, &x.g, 0, &plus, 1), ERR_ILLEGAL_ACTION);
    x.s.step = STEP_MAIN2;
    Action opp = loyalty(jace1, 0, 0, 0, 0);
    assert_int_equal(action_apply(&x.s, &x.g, 1, &opp, 1), ERR_ILLEGAL_ACTION);   /* not its turn */
    give(&x, 0, C_GROWTH);
    int bears = put(&x, 0, C_BEARS);
    Action growth = act(ACT_CAST, hand_slot(&x, 0, C_GROWTH), 0, TK_PERM, bears);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &growth, 1), MTG_OK);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &plus, 1), ERR_ILLEGAL_ACTION);  /* the stack is not empty */
    settle(&x);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &plus, 1), MTG_OK);
    assert_int_equal(x.s.perm[jace].loyalty, 5);
}

/* 606.5: no minus cost greater than the loyalty; a cost that takes the
 * last counter is legal, the planeswalker goes (704.5i) and its ability
 * still resolves. [-X]: X from 0 to the loyalty. */
static void test_costs(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    static const uint8_t lib[] = { C_BEARS, C_WURM };
    library(&x, 1, lib, 2);
    int jace = put(&x, 0, C_JACE);
    Action ten = loyalty(jace, 2, 0, TK_PLAYER, 1);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &ten, 1), ERR_ILLEGAL_ACTION);  /* -10 > 3 */
    x.s.perm[jace].loyalty = 1;
    Action one = loyalty(jace, 1, 0, TK_PLAYER, 1);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &one, 1), MTG_OK);
    assert_int_equal(x.s.perm[jace].loyalty, 0);
    settle(&x);
    assert_false(permset_has(x.s.perm_used, jace));               /* 704.5i */
    assert_true(bits256_has(x.s.pl[0].gy, C_JACE));
    assert_int_equal(x.s.pl[1].hand_n, 1);                        /* the ability resolved */

    Pos y; pos_init(&y);
    int ch = put(&y, 0, C_CHANDRA);
    int wurm = put(&y, 1, C_WURM);                                /* 6/4 */
    Action seven = loyalty(ch, 1, 7, TK_PERM, wurm);
    assert_int_equal(action_apply(&y.s, &y.g, 0, &seven, 1), ERR_ILLEGAL_ACTION);
    Action acts[ACTION_MAX];
    int n = actions_spells(&y.s, 0, acts, 0), xs = 0;
    for (int k = 0; k < n; k++) xs += acts[k].type == ACT_ACTIVATE && acts[k].ability == 1;
    assert_int_equal(xs, 7 * 1);                                  /* X = 0..6, one creature to target */
    Action four = loyalty(ch, 1, 4, TK_PERM, wurm);
    assert_int_equal(action_apply(&y.s, &y.g, 0, &four, 1), MTG_OK);
    assert_int_equal(y.s.perm[ch].loyalty, 2);
    settle(&y);
    assert_false(permset_has(y.s.perm_used, wurm));
}

/* 306.8, 119.3c, 704.5i: damage to a planeswalker removes loyalty
 * counters; at 0 it goes to its owner's graveyard. Foundations: Lightning
 * Bolt's "any target" includes a planeswalker; 2011: its printed "target
 * creature or player" does not. */
static void test_damage_removes_loyalty(void **state)
{
    (void)state;
    for (int ed = 0; ed < 2; ed++) {
        Pos x; pos_init(&x);
        x.s.edition = (uint8_t)(ed ? EDITION_FOUNDATIONS : EDITION_2011);
        int ch = put(&x, 1, C_CHANDRA);
        give(&x, 0, C_BOLT);
        Action bolt = act(ACT_CAST, hand_slot(&x, 0, C_BOLT), 0, TK_PERM, ch);
        if (!ed) { assert_int_equal(action_apply(&x.s, &x.g, 0, &bolt, 1), ERR_ILLEGAL_ACTION); continue; }
        assert_int_equal(action_apply(&x.s, &x.g, 0, &bolt, 1), MTG_OK);
        settle(&x);
        assert_int_equal(x.s.perm[ch].loyalty, 3);
        assert_int_equal(x.s.pl[1].life, 20);
        DamageSource src = { .slot = NO_SLOT, .controller = 0, .colors = CB_R, .card = x.deck.card[C_BOLT] };
        damage_deal(&x.s, &x.g, &src, ch, 1, 3);
        settle(&x);
        assert_false(permset_has(x.s.perm_used, ch));
        assert_true(bits256_has(x.s.pl[1].gy, C_CHANDRA));
    }
}

/* A policy that redirects to the first planeswalker offered, and puts
 * prevention after the redirection. */
static int to_walker(const Policy *p, const GameState *s, const Game *g, int pl, Rng *r, const Choice *c)
{
    (void)p; (void)s; (void)g; (void)pl; (void)r;
    if (c->kind == CH_REDIRECT) { assert_true(c->n >= 2 && c->idx[0] == NO_SLOT); return 1; }
    if (c->kind == CH_PREVENT_FIRST) return 1;
    return 0;
}

/* 306.7 (2011): noncombat damage to a player from a source an opponent
 * controls may be dealt to a planeswalker of that player's instead, as
 * that opponent chooses; never combat damage, never damage from the
 * player's own source. Foundations: no redirection. */
static void test_redirection(void **state)
{
    (void)state;
    Policy pol;
    memset(&pol, 0, sizeof pol);
    pol.choose = to_walker;
    for (int ed = 0; ed < 2; ed++) {
        Pos x; pos_init(&x);
        x.s.edition = (uint8_t)(ed ? EDITION_FOUNDATIONS : EDITION_2011);
        x.g.policy[0] = x.g.policy[1] = &pol;
        int ch = put(&x, 1, C_CHANDRA);
        give(&x, 0, C_BOLT);
        Action bolt = act(ACT_CAST, hand_slot(&x, 0, C_BOLT), 0, TK_PLAYER, 1);
        assert_int_equal(action_apply(&x.s, &x.g, 0, &bolt, 1), MTG_OK);
        settle(&x);
        assert_int_equal(x.s.pl[1].life, ed ? 17 : 20);
        assert_int_equal(x.s.perm[ch].loyalty, ed ? 6 : 3);
        /* its controller's own source: no choice */
        DamageSource own = { .slot = NO_SLOT, .controller = 1, .colors = CB_R, .card = x.deck.card[C_BOLT] };
        damage_deal(&x.s, &x.g, &own, -1, 1, 2);
        assert_int_equal(x.s.pl[1].life, ed ? 15 : 18);
        assert_int_equal(x.s.perm[ch].loyalty, ed ? 6 : 3);
    }
    /* without a policy (the default, option 0) the damage stays with the player */
    Pos y; pos_init(&y);
    int ch = put(&y, 1, C_CHANDRA);
    DamageSource src = { .slot = NO_SLOT, .controller = 0, .colors = CB_R, .card = y.deck.card[C_BOLT] };
    damage_deal(&y.s, &y.g, &src, -1, 1, 3);
    assert_int_equal(y.s.pl[1].life, 17);
    assert_int_equal(y.s.perm[ch].loyalty, 6);
    /* 616.1: with a prevention shield the damaged player orders the two: redirection first keeps it */
    y.g.policy[0] = y.g.policy[1] = &pol;
    y.s.pl[1].prevent = 2;
    damage_deal(&y.s, &y.g, &src, -1, 1, 3);
    assert_int_equal(y.s.pl[1].prevent, 2);
    assert_int_equal(y.s.perm[ch].loyalty, 3);
    /* combat damage is never redirected: an unblocked attacker at the player */
    Pos z; pos_init(&z);
    z.g.policy[0] = z.g.policy[1] = &pol;
    int bears = put(&z, 0, C_BEARS);
    int ch2 = put(&z, 1, C_CHANDRA);
    z.s.step = STEP_DECLARE_ATTACKERS;
    AttackDecl ad = { (uint8_t)bears, TARGET_PLAYER };
    assert_int_equal(combat_declare_attackers(&z.s, &z.g, &ad, 1), MTG_OK);
    z.s.step = STEP_COMBAT_DAMAGE;
    assert_int_equal(combat_damage_step(&z.s, &z.g, 0, NULL, 0), MTG_OK);
    assert_int_equal(z.s.pl[1].life, 18);
    assert_int_equal(z.s.perm[ch2].loyalty, 6);
}

/* 508.1b, 510.1, 306.8: a creature attacking a planeswalker deals its
 * combat damage to it; a planeswalker of the attacking player or of no
 * one is no legal target; 506.4: a planeswalker that leaves is no longer
 * attacked, and its attacker deals no damage to the player. */
static void test_attack_planeswalker(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int wurm = put(&x, 0, C_WURM);
    int bears = put(&x, 0, C_BEARS);
    int own = put(&x, 0, C_LILIANA);
    int ch = put(&x, 1, C_CHANDRA);
    x.s.step = STEP_DECLARE_ATTACKERS;
    AttackDecl bad = { (uint8_t)bears, (uint8_t)own };
    assert_int_equal(combat_check_attack(&x.s, &bad, 1), ERR_ILLEGAL_ATTACK);
    AttackDecl ad[2] = { { (uint8_t)wurm, (uint8_t)ch }, { (uint8_t)bears, TARGET_PLAYER } };
    assert_int_equal(combat_declare_attackers(&x.s, &x.g, ad, 2), MTG_OK);
    x.s.step = STEP_COMBAT_DAMAGE;
    assert_int_equal(combat_damage_step(&x.s, &x.g, 0, NULL, 0), MTG_OK);
    assert_false(permset_has(x.s.perm_used, ch));                  /* 6 damage, 6 loyalty: 704.5i */
    assert_int_equal(x.s.pl[1].life, 18);

    Pos y; pos_init(&y);
    int w2 = put(&y, 0, C_WURM);
    int j = put(&y, 1, C_JACE);
    y.s.step = STEP_DECLARE_ATTACKERS;
    AttackDecl a2 = { (uint8_t)w2, (uint8_t)j };
    assert_int_equal(combat_declare_attackers(&y.s, &y.g, &a2, 1), MTG_OK);
    perm_to_graveyard(&y.s, &y.g, j);
    assert_int_equal(y.s.perm[w2].target, TARGET_GONE);
    y.s.step = STEP_COMBAT_DAMAGE;
    assert_int_equal(combat_damage_step(&y.s, &y.g, 0, NULL, 0), MTG_OK);
    assert_int_equal(y.s.pl[1].life, 20);
}

/* 704.5j (2011): a player who controls two planeswalkers sharing a type
 * keeps one; two players' Jaces both stay (the 2011 legend rule would have
 * taken both). Foundations: the legend rule, per player, by name. */
static void test_uniqueness(void **state)
{
    (void)state;
    for (int ed = 0; ed < 2; ed++) {
        Pos x; pos_init(&x);
        x.s.edition = (uint8_t)(ed ? EDITION_FOUNDATIONS : EDITION_2011);
        int a = put(&x, 0, C_JACE);
        int b = enter(&x, 1, C_JACE);
        settle(&x);
        assert_true(permset_has(x.s.perm_used, a) && permset_has(x.s.perm_used, b));
        int c = put(&x, 0, C_JACE2);
        settle(&x);
        assert_int_equal(permset_count(x.s.perm_ctl[0]), 1);        /* one of player 0's two stays */
        assert_true(permset_has(x.s.perm_used, b));
        assert_true(permset_has(x.s.perm_used, a) != permset_has(x.s.perm_used, c));
        /* different types, different names: both stay */
        int g = put(&x, 0, C_GARRUK);
        settle(&x);
        assert_true(permset_has(x.s.perm_used, g));
        assert_int_equal(permset_count(x.s.perm_ctl[0]), 2);
    }
}

/* Garruk, Primal Hunter: -3 draws as many cards as the greatest power
 * among its controller's creatures; -6 makes a Wurm for each land,
 * basic lands counted. Liliana Vess: -8 puts every creature card of both
 * graveyards onto the battlefield at once under its controller's
 * control: Soul Warden sees the Bears enter with it (603.6a). */
static void test_card_effects(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    static const uint8_t lib[] = { C_BEARS, C_BOLT, C_WARDEN, C_GROWTH, C_VANGUARD, C_PLAINS, C_ISLAND };
    library(&x, 0, lib, 7);
    int garruk = put(&x, 0, C_GARRUK);
    put(&x, 0, C_WURM);
    Action draw = loyalty(garruk, 1, 0, 0, 0);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &draw, 1), MTG_OK);
    settle(&x);
    assert_int_equal(x.s.pl[0].hand_n, 6);                        /* Craw Wurm's power */
    assert_false(permset_has(x.s.perm_used, garruk));             /* 3 - 3: 704.5i */

    Pos y; pos_init(&y);
    int g2 = put(&y, 0, C_GARRUK);
    y.s.perm[g2].loyalty = 6;
    bits256_clear(y.s.exile[0], C_FOREST);
    land_enter(&y.s, &y.g, 0, C_FOREST, 0);
    bits256_clear(y.s.exile[0], C_MOUNTAIN);
    land_enter(&y.s, &y.g, 0, C_MOUNTAIN, 0);
    Action wurms = loyalty(g2, 2, 0, 0, 0);
    assert_int_equal(action_apply(&y.s, &y.g, 0, &wurms, 1), MTG_OK);
    settle(&y);
    assert_true(bits256_has(y.s.pl[0].gy, C_GARRUK));            /* 6 - 6 (a Wurm may take its slot) */
    int tokens = 0;
    for (PermIter it = permset_iter(y.s.perm_ctl[0]); permiter_more(&it);) {
        int i = permiter_next(&it);
        tokens += (y.s.px[i].xflags & PX_TOKEN) && y.s.perm[i].power == 6 && y.s.perm[i].toughness == 6;
    }
    assert_int_equal(tokens, 2);

    Pos z; pos_init(&z);
    int lili = put(&z, 0, C_LILIANA);
    z.s.perm[lili].loyalty = 8;
    for (int p = 0; p < 2; p++) {
        static const int k[] = { C_WARDEN, C_BEARS };
        for (int j = 0; j < 2; j++) {
            int c = k[(j + p) % 2];   /* either order in the graveyards */
            bits256_clear(z.s.exile[p], c);
            bits256_set(z.s.pl[p].gy, c);
            z.s.pl[p].gy_n++;
        }
    }
    bits256_clear(z.s.exile[1], C_BOLT);                           /* not a creature card: stays */
    bits256_set(z.s.pl[1].gy, C_BOLT);
    z.s.pl[1].gy_n++;
    Action all = loyalty(lili, 2, 0, 0, 0);
    assert_int_equal(action_apply(&z.s, &z.g, 0, &all, 1), MTG_OK);
    settle(&z);
    assert_int_equal(permset_count(z.s.perm_ctl[0]), 4);           /* Liliana went at 0 loyalty */
    assert_int_equal(permset_count(z.s.perm_ctl[1]), 0);
    assert_int_equal(z.s.pl[1].gy_n, 1);
    /* each Warden sees the three other creatures: 6 life */
    assert_int_equal(z.s.pl[0].life, 26);
}

/* Chandra Nalaar's -8: 10 damage to the target player and each creature
 * that player controls; a planeswalker target: to it and its
 * controller's creatures, not to the player. */
static void test_chandra_ultimate(void **state)
{
    (void)state;
    for (int at_pw = 0; at_pw < 2; at_pw++) {
        Pos x; pos_init(&x);
        x.s.edition = EDITION_FOUNDATIONS;
        int ch = put(&x, 0, C_CHANDRA);
        x.s.perm[ch].loyalty = 9;
        int mine = put(&x, 0, C_BEARS);
        int theirs = put(&x, 1, C_WURM);
        int jace = put(&x, 1, C_JACE);
        Action ult = at_pw ? loyalty(ch, 2, 0, TK_PERM, jace) : loyalty(ch, 2, 0, TK_PLAYER, 1);
        assert_int_equal(action_apply(&x.s, &x.g, 0, &ult, 1), MTG_OK);
        settle(&x);
        assert_int_equal(x.s.perm[ch].loyalty, 1);
        assert_true(permset_has(x.s.perm_used, mine));
        assert_false(permset_has(x.s.perm_used, theirs));
        assert_int_equal(x.s.pl[1].life, at_pw ? 20 : 10);
        assert_int_equal(permset_has(x.s.perm_used, jace), !at_pw);
    }
}

/* The heuristic activates a loyalty ability where it helps (Garruk's
 * +1, a 3/3 Beast) and sends an attacker it can spare at a planeswalker
 * it can finish when its attack cannot kill the player; the random
 * policy's list holds every legal loyalty activation. */
static void test_policies(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int garruk = put(&x, 0, C_GARRUK);
    Action acts[ACTION_MAX];
    int n = actions_spells(&x.s, 0, acts, 0);
    int loyal = 0;
    for (int k = 0; k < n; k++) loyal += acts[k].type == ACT_ACTIVATE && acts[k].hand_idx == garruk;
    assert_int_equal(loyal, 2);                                    /* +1 and -3: not -6 at 3 loyalty */
    int pick = heuristic_spells_main(&x.s, &x.g, 0, acts, n, -1);
    assert_true(acts[pick].type == ACT_ACTIVATE && acts[pick].hand_idx == garruk);

    Pos y; pos_init(&y);
    int wurm = put(&y, 0, C_WURM);
    int jace = put(&y, 1, C_JACE);
    y.s.step = STEP_DECLARE_ATTACKERS;
    AttackDecl out[PERM_MAX];
    HeuristicParams hp;
    heuristic_defaults(&hp);
    Policy h = policy_heuristic;
    h.self = &hp;
    int m = h.attack(&h, &y.s, &y.g, 0, y.g.policy_rng[0], out);
    assert_int_equal(m, 1);
    assert_int_equal(out[0].attacker, wurm);
    assert_int_equal(out[0].target, jace);
    y.s.pl[1].life = 5;                                            /* lethal: at the player */
    m = h.attack(&h, &y.s, &y.g, 0, y.g.policy_rng[0], out);
    assert_int_equal(m, 1);
    assert_int_equal(out[0].target, TARGET_PLAYER);
}

/* Whole games, every action checked (state_check): the loyalty abilities
 * of each planeswalker at most one a turn, some planeswalker acting in
 * two turns, creatures attacking planeswalkers, under both editions and
 * both policies. */
typedef struct Watch {
    uint16_t turn[PERM_MAX];   /* the turn of each slot's last loyalty activation */
    uint32_t ts[PERM_MAX];     /* the activated planeswalker's timestamp */
    int twice, again, loyalty_acts, pw_attacks;
    int untaps;                /* Garruk Wildspeaker's +1: two target lands (several targets, 601.2c) */
    uint16_t wildspeaker;      /* its card */
    const GameState *s;
} Watch;

static void watch(void *ctx, const GameState *s, const Event *e)
{
    Watch *w = ctx;
    if (e->type == EV_ATTACK && e->other < PERM_MAX) w->pw_attacks++;
    if (e->type != EV_ACTIVATE || s->cards[e->card].ab[e->amount].kind != AB_LOYALTY) return;
    w->loyalty_acts++;
    if (e->card == w->wildspeaker && e->amount == 0) {
        const StackItem *it = &s->stack[s->stack_n - 1];
        assert_int_equal(it->n_targets, 2);
        for (int k = 0; k < 2; k++) assert_true(it->t[k].kind == TK_PERM && (s->px[it->t[k].v].xflags & PX_LAND));
        assert_true(it->t[0].v != it->t[1].v);
        w->untaps++;
    }
    int i = e->perm;
    if (w->ts[i] == s->px[i].ts) {
        if (w->turn[i] == s->turn) w->twice++;
        else w->again++;
    }
    w->ts[i] = s->px[i].ts;
    w->turn[i] = s->turn;
}

static void test_games(void **state)
{
    (void)state;
    CardPool view = pool_view(&pool);
    static const char *const a_cards[] = { "Jace Beleren", "Liliana Vess", "Garruk, Primal Hunter",
                                           "Chandra Nalaar", "Grizzly Bears", "Craw Wurm", "Garruk Wildspeaker" };
    static const int a_n[] = { 4, 4, 4, 4, 6, 6, 4 };
    static const char *const b_cards[] = { "Grizzly Bears", "Elite Vanguard", "Lightning Bolt", "Craw Wurm" };
    static const int b_n[] = { 12, 12, 8, 4 };
    static const char *const lands[] = { "Island", "Swamp", "Forest", "Mountain" };
    Deck da = { { 0 }, 0 }, db = { { 0 }, 0 };
    for (int k = 0; k < 7; k++) for (int j = 0; j < a_n[k]; j++) da.card[da.n++] = (uint16_t)pool_find(&pool, a_cards[k]);
    for (int k = 0; k < 4; k++) for (int j = 0; j < 7; j++) da.card[da.n++] = (uint16_t)pool_find(&pool, lands[k]);
    for (int k = 0; k < 4; k++) for (int j = 0; j < b_n[k]; j++) db.card[db.n++] = (uint16_t)pool_find(&pool, b_cards[k]);
    for (int j = 0; j < 12; j++) db.card[db.n++] = (uint16_t)pool_find(&pool, "Forest");
    for (int j = 0; j < 12; j++) db.card[db.n++] = (uint16_t)pool_find(&pool, "Mountain");
    HeuristicParams hp;
    heuristic_defaults(&hp);
    Policy h = policy_heuristic;
    h.self = &hp;
    int heur_loyalty = 0, heur_pw_attacks = 0, heur_untaps = 0;
    for (int pol = 0; pol < 2; pol++) {
        static Watch w;
        memset(&w, 0, sizeof w);
        w.wildspeaker = (uint16_t)pool_find(&pool, "Garruk Wildspeaker");
        for (int i = 0; i < 120; i++) {
            Rng dr[2], pr[2];
            Game g;
            memset(&g, 0, sizeof g);
            for (int p = 0; p < 2; p++) {
                rng_seed(&dr[p], 77, (uint64_t)i, (uint64_t)p);
                rng_seed(&pr[p], 77, (uint64_t)i, (uint64_t)p + 2);
                g.deck_rng[p] = &dr[p];
                g.policy_rng[p] = &pr[p];
                g.policy[p] = pol ? &h : &policy_random;
            }
            uint8_t lib0[DECK_MAX], lib1[DECK_MAX];
            g.lib_buf[0] = lib0; g.lib_buf[1] = lib1;
            g.pool = &view;
            g.deck[i & 1] = &da;
            g.deck[1 - (i & 1)] = &db;
            g.edition = (uint8_t)(i % 3 == 2 ? EDITION_FOUNDATIONS : EDITION_2011);
            memset(w.turn, 0, sizeof w.turn);                     /* each game's own slots */
            memset(w.ts, 0, sizeof w.ts);
            game_observe_all(&g, watch, &w);
            g.check = 1;
            GameState s;
            game_init(&s, &g, 0);
            game_run(&s, &g);
            if (g.check_failed) fail_msg("game %d: state_check: %s", i, g.check_msg);
            assert_true(s.over && s.end_reason != END_ERROR);
        }
        assert_int_equal(w.twice, 0);
        assert_true(w.again > 0);
        assert_true(w.loyalty_acts > 50);
        assert_true(w.pw_attacks > 0);
        assert_true(w.untaps > 0);
        if (pol) { heur_loyalty = w.loyalty_acts; heur_pw_attacks = w.pw_attacks; heur_untaps = w.untaps; }
    }
    printf("heuristic: %d loyalty activations (%d untapping two lands), %d attacks on planeswalkers\n", heur_loyalty,
           heur_untaps, heur_pw_attacks);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_enters_with_loyalty),
        cmocka_unit_test(test_once_each_turn),
        cmocka_unit_test(test_sorcery_speed),
        cmocka_unit_test(test_costs),
        cmocka_unit_test(test_damage_removes_loyalty),
        cmocka_unit_test(test_redirection),
        cmocka_unit_test(test_attack_planeswalker),
        cmocka_unit_test(test_uniqueness),
        cmocka_unit_test(test_card_effects),
        cmocka_unit_test(test_chandra_ultimate),
        cmocka_unit_test(test_policies),
        cmocka_unit_test(test_games),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
