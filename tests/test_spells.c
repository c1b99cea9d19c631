/* test_spells.c: the stack, priority and the interpreter on real cards of
 * the core sets (their printed text read by decks/text.c): Lightning Bolt,
 * Giant Growth, Counterspell, Doom Blade, Pacifism, Glorious Anthem,
 * Llanowar Elves; and whole games of them with state_check after every
 * action. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include "tests/text_cards.h"
#include "decks/text.h"
#include "engine/stack.h"
#include "engine/layers.h"
#include "engine/heuristic.h"
#include "engine/effect.h"
#include "engine/zone.h"

enum { S_BOLT = FX_COUNT, S_GROWTH, S_COUNTER, S_DOOM, S_PACIFISM, S_ANTHEM, S_ELVES, S_N };

static CardDef cards[S_N];
static TextCard texts[S_N];
static CardPool pool;
static SubtypeTable st;

static void spell(int k, const char *name, unsigned types, int generic, const char *colors, unsigned cb,
                  int power, int toughness, const char *text)
{
    text_card(cards, texts, &st, k, name, types, generic, colors, cb, power, toughness, "", text);
}

static int setup(void **state)
{
    (void)state;
    subtype_init(&st);
    fx_pool(cards, &pool);
    for (int k = FX_BEARS; k < FX_COUNT; k++) cards[k].colors = CB_G;   /* fixtures: colors unused but Bears' */
    spell(S_BOLT, "Lightning Bolt", TYPE_INSTANT, 0, "R", CB_R, 0, 0, "Lightning Bolt deals 3 damage to any target.");
    spell(S_GROWTH, "Giant Growth", TYPE_INSTANT, 0, "G", CB_G, 0, 0, "Target creature gets +3/+3 until end of turn.");
    spell(S_COUNTER, "Counterspell", TYPE_INSTANT, 0, "UU", CB_U, 0, 0, "Counter target spell.");
    spell(S_DOOM, "Doom Blade", TYPE_INSTANT, 1, "B", CB_B, 0, 0, "Destroy target nonblack creature.");
    spell(S_PACIFISM, "Pacifism", TYPE_ENCHANTMENT, 1, "W", CB_W, 0, 0,
          "Enchant creature\nEnchanted creature can't attack or block.");
    spell(S_ANTHEM, "Glorious Anthem", TYPE_ENCHANTMENT, 1, "WW", CB_W, 0, 0, "Creatures you control get +1/+1.");
    spell(S_ELVES, "Llanowar Elves", TYPE_CREATURE, 0, "G", CB_G, 1, 1, "{T}: Add {G}.");
    pool.cards = cards;
    pool.n = S_N;
    return 0;
}

/* A position (text_cards.h). */
typedef TextPos Pos;
static void pos_init(Pos *x) { text_pos_init(x, &pool, 7); }

static void give(Pos *x, int p, int card) { x->s.pl[p].hand[x->s.pl[p].hand_n++] = (uint8_t)card; }
static int put(Pos *x, int p, int card)
{
    int i = perm_enter(&x->s, &x->g, p, p, (uint16_t)card, (uint8_t)card);
    x->s.perm[i].flags &= (uint8_t)~PF_SICK;
    x->s.pending_n = 0;
    layers_refresh(&x->s);
    return i;
}
static void lands(Pos *x, int p, int color, int n) { x->s.pl[p].land_n[color] = (uint8_t)n; }

static Action cast(const Pos *x, int p, int card, int tk, int tv)
{
    Action a;
    memset(&a, 0, sizeof a);
    a.type = ACT_CAST;
    for (int h = 0; h < x->s.pl[p].hand_n; h++) if (x->s.pl[p].hand[h] == card) a.hand_idx = (uint8_t)h;
    if (tk) { a.n_targets = 1; a.tk[0] = (uint8_t)tk; a.tv[0] = (uint8_t)tv; }
    return a;
}

static void resolve_all(Pos *x)
{
    while (x->s.stack_n) { stack_resolve_top(&x->s, &x->g); layers_refresh(&x->s); sba_apply(&x->s, &x->g); }
    assert_int_equal(x->g.check_failed, 0);
}

/* 608.2, 120.3e, 704.5g: Lightning Bolt kills a 2/2; it goes to the graveyard (608.2k). */
static void test_bolt_kills(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int bears = put(&x, 1, FX_BEARS);
    give(&x, 0, S_BOLT);
    lands(&x, 0, COLOR_R, 1);
    Action acts[ACTION_MAX];
    int n = game_legal_actions(&x.s, 0, acts);
    assert_int_equal(n, 1 + 3);                    /* pass; Bolt at the Bears or either player */
    Action a = cast(&x, 0, S_BOLT, TK_PERM, bears);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 0), MTG_OK);
    assert_int_equal(x.s.pl[0].land_tapped[COLOR_R], 1);
    assert_int_equal(x.s.stack_n, 1);
    resolve_all(&x);
    assert_false(permset_has(x.s.perm_used, bears));
    assert_true(bits256_has(x.s.pl[1].gy, FX_BEARS));
    assert_true(bits256_has(x.s.pl[0].gy, S_BOLT));
    /* Without mana no Bolt can be cast; at a player: 3 life. */
    Pos y; pos_init(&y);
    give(&y, 0, S_BOLT);
    assert_int_equal(game_legal_actions(&y.s, 0, acts), 1);
    lands(&y, 0, COLOR_R, 1);
    a = cast(&y, 0, S_BOLT, TK_PLAYER, 1);
    assert_int_equal(action_apply(&y.s, &y.g, 0, &a, 0), MTG_OK);
    resolve_all(&y);
    assert_int_equal(y.s.pl[1].life, 17);
}

/* 117.3c, 405.2, 611.2: Giant Growth in answer resolves first; the Bears
 * survive the Bolt as a 5/5, and are 2/2 again after cleanup (514.2). */
static void test_growth_answers_bolt(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int bears = put(&x, 1, FX_BEARS);
    give(&x, 0, S_BOLT); lands(&x, 0, COLOR_R, 1);
    give(&x, 1, S_GROWTH); lands(&x, 1, COLOR_G, 1);
    Action a = cast(&x, 0, S_BOLT, TK_PERM, bears);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 0), MTG_OK);
    Action b = cast(&x, 1, S_GROWTH, TK_PERM, bears);
    assert_int_equal(action_apply(&x.s, &x.g, 1, &b, 0), MTG_OK);
    stack_resolve_top(&x.s, &x.g); layers_refresh(&x.s);
    assert_int_equal(x.s.perm[bears].power, 5);
    resolve_all(&x);
    assert_true(permset_has(x.s.perm_used, bears));
    assert_int_equal(x.s.perm[bears].damage, 3);
    floating_end_of_turn(&x.s); layers_refresh(&x.s);
    assert_int_equal(x.s.perm[bears].toughness, 2);
}

/* 701.5: Counterspell counters Doom Blade; the Bears live, both spells
 * are in their owners' graveyards. A sorcery-speed spell can't answer. */
static void test_counterspell(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int bears = put(&x, 1, FX_BEARS);
    give(&x, 0, S_DOOM); lands(&x, 0, COLOR_B, 2);
    give(&x, 1, S_COUNTER); lands(&x, 1, COLOR_U, 2);
    give(&x, 1, S_PACIFISM); lands(&x, 1, COLOR_W, 2);
    Action a = cast(&x, 0, S_DOOM, TK_PERM, bears);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 0), MTG_OK);
    Action p = cast(&x, 1, S_PACIFISM, TK_PERM, bears);
    assert_int_equal(action_apply(&x.s, &x.g, 1, &p, 0), ERR_ILLEGAL_ACTION);   /* 307.1 */
    Action b = cast(&x, 1, S_COUNTER, TK_STACK, 0);
    assert_int_equal(action_apply(&x.s, &x.g, 1, &b, 0), MTG_OK);
    resolve_all(&x);
    assert_true(permset_has(x.s.perm_used, bears));
    assert_true(bits256_has(x.s.pl[0].gy, S_DOOM));
    assert_true(bits256_has(x.s.pl[1].gy, S_COUNTER));
    /* Doom Blade can't target a black creature (Vampire fixture is black). */
    Pos y; pos_init(&y);
    cards[FX_VAMPIRE].colors = CB_B;
    int vamp = put(&y, 1, FX_VAMPIRE);
    give(&y, 0, S_DOOM); lands(&y, 0, COLOR_B, 2);
    a = cast(&y, 0, S_DOOM, TK_PERM, vamp);
    assert_int_equal(action_apply(&y.s, &y.g, 0, &a, 0), ERR_ILLEGAL_ACTION);
    cards[FX_VAMPIRE].colors = CB_G;
}

/* 608.2b: a spell whose only target left does not resolve. */
static void test_fizzle(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int bears = put(&x, 1, FX_BEARS);
    give(&x, 0, S_BOLT); lands(&x, 0, COLOR_R, 1);
    give(&x, 1, S_DOOM); lands(&x, 1, COLOR_B, 2);
    Action a = cast(&x, 0, S_BOLT, TK_PERM, bears);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 0), MTG_OK);
    Action b = cast(&x, 1, S_DOOM, TK_PERM, bears);
    assert_int_equal(action_apply(&x.s, &x.g, 1, &b, 0), MTG_OK);
    stack_resolve_top(&x.s, &x.g);
    assert_int_equal(x.s.last_result, RES_RESOLVED);
    stack_resolve_top(&x.s, &x.g);
    assert_int_equal(x.s.last_result, RES_FIZZLED);
    assert_true(bits256_has(x.s.pl[0].gy, S_BOLT));
    assert_int_equal(x.s.pl[1].life, 20);
}

/* 303.4, 704.5m, 613: Pacifism stops attacks and goes when its creature
 * does; Glorious Anthem pumps its controller's creatures only. */
static void test_aura_and_anthem(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int bears = put(&x, 1, FX_BEARS), mine = put(&x, 0, FX_SPIDER);
    give(&x, 0, S_PACIFISM); lands(&x, 0, COLOR_W, 3);
    Action a = cast(&x, 0, S_PACIFISM, TK_PERM, bears);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 0), MTG_OK);
    resolve_all(&x);
    int aura = -1;
    for (PermIter it = permset_iter(x.s.perm_ctl[0]); permiter_more(&it);) {
        int i = permiter_next(&it);
        if (x.s.perm[i].card == S_PACIFISM) aura = i;
    }
    assert_true(aura >= 0);
    assert_int_equal(x.s.px[aura].attached, bears);
    assert_true(perm_rule(&x.s, bears, RULE_CANT_ATTACK_OR_BLOCK));
    assert_false(perm_can_attack(&x.s.perm[bears]));                 /* what combat and the policies read */
    assert_true(x.s.perm[bears].flags & PF_NO_BLOCK);
    int anthem = put(&x, 0, S_ANTHEM);
    assert_int_equal(x.s.perm[mine].power, 3);
    assert_int_equal(x.s.perm[bears].power, 2);
    perm_to_graveyard(&x.s, &x.g, bears);
    sba_apply(&x.s, &x.g);
    assert_false(permset_has(x.s.perm_used, aura));
    assert_true(bits256_has(x.s.pl[0].gy, S_PACIFISM));
    perm_to_graveyard(&x.s, &x.g, anthem);
    layers_refresh(&x.s);
    assert_int_equal(x.s.perm[mine].power, 2);
}

/* 605.3a, 601.2g: Llanowar Elves pays with the Forest for Grizzly Bears;
 * not while summoning sick (302.6). */
static void test_mana_creature(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int elves = put(&x, 0, S_ELVES);
    give(&x, 0, FX_BEARS); lands(&x, 0, COLOR_G, 1);
    Action acts[ACTION_MAX];
    assert_int_equal(game_legal_actions(&x.s, 0, acts), 2);
    Action a = cast(&x, 0, FX_BEARS, 0, 0);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 0), MTG_OK);
    assert_true(x.s.perm[elves].flags & PF_TAPPED);
    assert_int_equal(x.s.pl[0].land_tapped[COLOR_G], 1);
    x.s.perm[elves].flags = (uint8_t)(x.s.perm[elves].flags & ~PF_TAPPED) | PF_SICK;
    x.s.pl[0].land_tapped[COLOR_G] = 0;
    give(&x, 0, FX_SPIDER);
    assert_int_equal(game_legal_actions(&x.s, 0, acts), 1);   /* a Spider needs 4; sick Elves make none */
}

/* Where the heuristic looks at its instants: with the opponent's Bears
 * on the battlefield and a Bolt and a Mountain, it passes in the
 * opponent's upkeep and at the beginning of combat, and bolts the Bears
 * in the opponent's end step, or once they attack (the declare attackers
 * step: with no attacker there, the Bolt waits for the end step); with a
 * spell of the opponent on the stack it looks too. */
static void test_heuristic_when(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int bears = put(&x, 1, FX_BEARS);
    give(&x, 0, S_BOLT);
    lands(&x, 0, COLOR_R, 1);
    x.s.active = 1;
    Action acts[ACTION_MAX];
    static const struct { int step, looks; } at[] = {
        { STEP_UPKEEP, 0 }, { STEP_DRAW, 0 }, { STEP_MAIN1, 0 }, { STEP_BEGIN_COMBAT, 0 },
        { STEP_DECLARE_ATTACKERS, 0 }, { STEP_END_COMBAT, 0 }, { STEP_END, 1 },
    };
    for (size_t k = 0; k < sizeof at / sizeof at[0]; k++) {
        x.s.step = (uint8_t)at[k].step;
        int n = game_legal_actions(&x.s, 0, acts);
        assert_int_equal(n, 1 + 3);
        int c = heuristic_spells_main(&x.s, &x.g, 0, acts, n, -1);
        if (!at[k].looks) { assert_int_equal(c, 0); continue; }
        assert_int_equal(acts[c].type, ACT_CAST);
        assert_int_equal(acts[c].tk[0], TK_PERM);
        assert_int_equal(acts[c].tv[0], bears);
    }
    x.s.step = STEP_DECLARE_ATTACKERS;
    AttackDecl ad = { (uint8_t)bears, TARGET_PLAYER };
    assert_int_equal(combat_declare_attackers(&x.s, &x.g, &ad, 1), MTG_OK);
    int n = game_legal_actions(&x.s, 0, acts);
    int c = heuristic_spells_main(&x.s, &x.g, 0, acts, n, -1);
    assert_int_equal(acts[c].type, ACT_CAST);
    assert_int_equal(acts[c].tv[0], bears);
    combat_remove(&x.s, bears);
    /* In its own upkeep it passes too; with a spell on the stack it looks. */
    x.s.active = 0;
    x.s.step = STEP_UPKEEP;
    n = game_legal_actions(&x.s, 0, acts);
    assert_int_equal(heuristic_spells_main(&x.s, &x.g, 0, acts, n, -1), 0);
    give(&x, 1, S_GROWTH);
    lands(&x, 1, COLOR_G, 1);
    x.s.step = STEP_DECLARE_BLOCKERS;
    x.s.active = 1;
    Action g = cast(&x, 1, S_GROWTH, TK_PERM, bears);
    assert_int_equal(action_apply(&x.s, &x.g, 1, &g, 0), MTG_OK);
    x.s.step = STEP_UPKEEP;                          /* where it would not look with the stack empty */
    n = game_legal_actions(&x.s, 0, acts);
    c = heuristic_spells_main(&x.s, &x.g, 0, acts, n, -1);
    assert_int_equal(acts[c].type, ACT_CAST);        /* the Bolt in answer, while the Bears are 2/2 */
    assert_int_equal(acts[c].tv[0], bears);
}

/* What the heuristic tries: in its main phase with a Bolt, facing a Craw
 * Wurm (6/4: 3 damage cannot kill it), a Vampire Nighthawk (2/3) and
 * Goblin Piker (2/1), beside its own Bears: it bolts the Nighthawk, the
 * most valuable creature it can kill; with Giant Growth and nothing in
 * combat, it keeps it (+3/+3 until end of turn changes no board). */
static void test_heuristic_targets(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    put(&x, 1, FX_WURM);
    int hawk = put(&x, 1, FX_VAMPIRE);
    put(&x, 1, FX_GOBLIN);
    put(&x, 0, FX_BEARS);
    give(&x, 0, S_BOLT);
    lands(&x, 0, COLOR_R, 1);
    Action acts[ACTION_MAX];
    int n = game_legal_actions(&x.s, 0, acts);
    assert_int_equal(n, 1 + 4 + 2);
    int c = heuristic_spells_main(&x.s, &x.g, 0, acts, n, -1);
    assert_int_equal(acts[c].type, ACT_CAST);
    assert_int_equal(acts[c].tk[0], TK_PERM);
    assert_int_equal(acts[c].tv[0], hawk);
    Pos y; pos_init(&y);
    put(&y, 0, FX_BEARS);
    put(&y, 1, FX_GOBLIN);
    give(&y, 0, S_GROWTH);
    lands(&y, 0, COLOR_G, 1);
    n = game_legal_actions(&y.s, 0, acts);
    assert_int_equal(n, 1 + 2);
    assert_int_equal(heuristic_spells_main(&y.s, &y.g, 0, acts, n, -1), 0);
}

/* 117: a policy whose `looks` says it passes at a priority point is not
 * asked (its main_action would count the question), and the step ends
 * with its Bolt in hand; one that looks is asked and casts. */
static int asked;
static int ask_main(const Policy *pol, const GameState *s, const Game *g, int p, Rng *rng, const Action *legal, int n)
{
    (void)pol; (void)s; (void)g; (void)p; (void)rng;
    asked++;
    for (int k = 0; k < n; k++) if (legal[k].type == ACT_CAST && legal[k].tk[0] == TK_PLAYER && legal[k].tv[0] == 1) return k;
    return 0;
}
static int never_looks(const Policy *pol, const GameState *s, const Game *g, int p)
{
    (void)pol; (void)s; (void)g; (void)p;
    return 0;
}
static void test_policy_looks(void **state)
{
    (void)state;
    Policy pol = { "asker", 0, NULL, NULL, ask_main, NULL, NULL, NULL, NULL, NULL, NULL, never_looks, NULL, NULL };
    for (int looks = 0; looks < 2; looks++) {
        Pos x; pos_init(&x);
        give(&x, 0, S_BOLT);
        lands(&x, 0, COLOR_R, 1);
        pol.looks = looks ? NULL : never_looks;
        x.g.policy[0] = x.g.policy[1] = &pol;
        x.g.check = 0;                                  /* a position, not a whole game's zones */
        x.s.step = STEP_UPKEEP;
        asked = 0;
        priority_run(&x.s, &x.g);
        assert_int_equal(asked, looks ? 1 : 0);             /* with the Bolt (then nothing is left to do) */
        assert_int_equal(x.s.pl[1].life, looks ? 17 : 20);
        assert_int_equal(x.s.pl[0].hand_n, looks ? 0 : 1);
    }
}

/* Whole games of decks of these cards, random and heuristic policies,
 * state_check after every action: no check fails, no illegal answer. */
static void test_games(void **state)
{
    (void)state;
    static const int list[][2] = { { FX_MOUNTAIN, 9 }, { FX_FOREST, 8 }, { FX_PLAINS, 4 }, { FX_ISLAND, 2 },
                                   { FX_SWAMP, 2 }, { FX_BEARS, 4 }, { S_BOLT, 4 }, { S_GROWTH, 3 },
                                   { S_COUNTER, 2 }, { S_DOOM, 2 }, { S_PACIFISM, 2 }, { S_ANTHEM, 2 },
                                   { S_ELVES, 4 }, { FX_SPIDER, 4 }, { FX_WURM, 2 } };
    Deck d;
    d.n = 0;
    for (size_t k = 0; k < sizeof list / sizeof *list; k++)
        for (int j = 0; j < list[k][1]; j++) d.card[d.n++] = (uint16_t)list[k][0];
    extern const Policy policy_heuristic;
    const Policy *pols[2] = { &policy_random, &policy_heuristic };
    int spells_cast = 0, decided = 0;
    for (int game = 0; game < 400; game++) {
        GameState s;
        Game g;
        memset(&g, 0, sizeof g);
        Rng r[4];
        uint8_t lib[2][DECK_MAX];
        for (int k = 0; k < 4; k++) rng_seed(&r[k], 11, (uint64_t)(game * 4 + k), 0);
        g.pool = &pool;
        g.deck[0] = g.deck[1] = &d;
        g.policy[0] = pols[game & 1];
        g.policy[1] = pols[(game >> 1) & 1];
        g.deck_rng[0] = &r[0]; g.deck_rng[1] = &r[1];
        g.policy_rng[0] = &r[2]; g.policy_rng[1] = &r[3];
        g.lib_buf[0] = lib[0]; g.lib_buf[1] = lib[1];
        g.check = 1;
        game_init(&s, &g, game & 1);
        assert_true(s.spells);
        game_run(&s, &g);
        if (g.check_failed) fail_msg("game %d: %s", game, g.check_msg);
        assert_int_not_equal(s.end_reason, END_ERROR);
        decided += s.winner < 2;
        for (int p = 0; p < 2; p++) spells_cast += s.pl[p].gy_n;
    }
    assert_true(decided > 300);
    assert_true(spells_cast > 400);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bolt_kills),
        cmocka_unit_test(test_growth_answers_bolt),
        cmocka_unit_test(test_counterspell),
        cmocka_unit_test(test_fizzle),
        cmocka_unit_test(test_aura_and_anthem),
        cmocka_unit_test(test_mana_creature),
        cmocka_unit_test(test_heuristic_when),
        cmocka_unit_test(test_heuristic_targets),
        cmocka_unit_test(test_policy_looks),
        cmocka_unit_test(test_games),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
