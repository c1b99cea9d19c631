/* test_heuristic_rules.c: version 3 of the heuristic, which chooses its
 * spells and abilities by rules without a fork (policy_rules.h), on
 * constructed positions of real cards where the right play is clear.
 * Each test checks that the rules decided (not the look they leave
 * unread kinds to) and what they chose. */
#include <stdio.h>
#include "engine/stack.h"
#include "engine/heuristic.h"
#include "engine/combat.h"
#include "engine/policy_rules.h"
#include "decks/decklist.h"

/* The cards of the positions (pool_pos.h). */
static const char *const names[] = {
    "Grizzly Bears", "Llanowar Elves", "Giant Growth", "Lightning Bolt", "Forest", "Forest", "Forest",
    "Mountain", "Centaur Courser", "Doom Blade", "Serra Angel", "Sengir Vampire", "Swamp", "Swamp",
    "Pacifism", "Plains", "Plains", "Furnace Whelp", "Mountain", "Mountain", "Divination", "Island",
    "Island", "Island", "Honor of the Pure", "Elite Vanguard",
};
enum { C_BEARS, C_ELVES, C_GROWTH, C_BOLT, C_FOREST, C_MOUNTAIN = C_FOREST + 3, C_COURSER, C_DOOM, C_ANGEL,
       C_VAMPIRE, C_SWAMP, C_PACIFISM = C_SWAMP + 2, C_PLAINS, C_WHELP = C_PLAINS + 2, C_MOUNTAIN2,
       C_DIVINATION = C_MOUNTAIN2 + 2, C_ISLAND, C_HONOR = C_ISLAND + 3, C_VANGUARD, C_N };

#include "tests/pool_pos.h"

/* Version 3's choice for p (heuristic_spells_main_version), after
 * checking that its rules made it. */
static const Action *ruled(Pos *x, int p, Action acts[ACTION_MAX])
{
    int n = game_legal_actions(&x->s, p, acts);
    int r = rules_play(&x->s, p, acts, n);
    assert_int_not_equal(r, RULES_LOOK);
    int k = heuristic_spells_main_version(&x->s, &x->g, p, acts, n, -1, 3);
    assert_int_equal(k, r);
    return &acts[k];
}

static void assert_targets(const Action *a, int type, int tk, int tv)
{
    assert_int_equal(a->type, type);
    assert_int_equal(a->tk[0], tk);
    assert_int_equal(a->tv[0], tv);
}

/* The opponent's end step. */
static void their_end_step(Pos *x)
{
    x->s.active = 1;
    x->s.step = STEP_END;
}

/* Lightning Bolt facing a Serra Angel: at 3 life the opponent is bolted
 * (lethal); at 4 the Bolt waits (it kills neither the Angel nor the
 * player). */
static void test_burn_that_wins(void **state)
{
    (void)state;
    for (int life = 3; life <= 4; life++) {
        Pos x; pos_init(&x);
        put(&x, 1, C_ANGEL);
        pos_lands(&x, 0, C_MOUNTAIN, 1);
        give(&x, 0, C_BOLT);
        x.s.pl[1].life = (int16_t)life;
        Action acts[ACTION_MAX];
        const Action *a = ruled(&x, 0, acts);
        if (life == 3) assert_targets(a, ACT_CAST, TK_PLAYER, 1);
        else assert_int_equal(a->type, ACT_PASS);
    }
}

/* Doom Blade in the opponent's end step facing Grizzly Bears, a Serra
 * Angel and a Sengir Vampire (black: no target): the Angel, worth most;
 * once the Angel is pacified, the Bears. */
static void test_removal_on_the_creature_worth_most(void **state)
{
    (void)state;
    for (int pacified = 0; pacified <= 1; pacified++) {
        Pos x; pos_init(&x);
        int bears = put(&x, 1, C_BEARS);
        int angel = put(&x, 1, C_ANGEL);
        put(&x, 1, C_VAMPIRE);
        if (pacified) {
            pos_lands(&x, 0, C_PLAINS, 2);
            give(&x, 0, C_PACIFISM);
            Action pac = act(ACT_CAST, hand_slot(&x, 0, C_PACIFISM), 0, TK_PERM, angel);
            assert_int_equal(action_apply(&x.s, &x.g, 0, &pac, 0), MTG_OK);
            settle(&x);
        }
        pos_lands(&x, 0, C_SWAMP, 2);
        give(&x, 0, C_DOOM);
        their_end_step(&x);
        Action acts[ACTION_MAX];
        assert_targets(ruled(&x, 0, acts), ACT_CAST, TK_PERM, pacified ? bears : angel);
    }
}

/* In player a's turn its `attacker` attacks and the other player's
 * `blocker` blocks it (-1: none): the declare blockers step. */
static void combat(Pos *x, int a, int attacker, int blocker)
{
    x->s.active = (uint8_t)a;
    x->s.step = STEP_DECLARE_ATTACKERS;
    AttackDecl ad = { (uint8_t)attacker, TARGET_PLAYER };
    assert_int_equal(combat_declare_attackers(&x->s, &x->g, &ad, 1), MTG_OK);
    x->s.step = STEP_DECLARE_BLOCKERS;
    BlockDecl bd = { (uint8_t)blocker, (uint8_t)attacker };
    assert_int_equal(combat_declare_blockers(&x->s, &x->g, &bd, blocker >= 0), MTG_OK);
}

/* Grizzly Bears attack, Giant Growth and a Forest after blocks: blocked by
 * a Centaur Courser (3/3) the Growth makes them win the fight; blocked by
 * Llanowar Elves they win it without help, and the Growth waits. */
static void test_trick_only_when_it_wins_the_fight(void **state)
{
    (void)state;
    for (int courser = 0; courser <= 1; courser++) {
        Pos x; pos_init(&x);
        int bears = put(&x, 0, C_BEARS);
        pos_lands(&x, 0, C_FOREST, 1);
        give(&x, 0, C_GROWTH);
        combat(&x, 0, bears, put(&x, 1, courser ? C_COURSER : C_ELVES));
        Action acts[ACTION_MAX];
        const Action *a = ruled(&x, 0, acts);
        if (courser) assert_targets(a, ACT_CAST, TK_PERM, bears);
        else assert_int_equal(a->type, ACT_PASS);
    }
}

/* The opponent's Grizzly Bears are blocked by the player's Llanowar
 * Elves: Lightning Bolt on the Bears saves the Elves (and kills the
 * attacker). */
static void test_removal_saves_a_blocker(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int bears = put(&x, 1, C_BEARS);
    int elves = put(&x, 0, C_ELVES);
    pos_lands(&x, 0, C_MOUNTAIN, 1);
    give(&x, 0, C_BOLT);
    combat(&x, 1, bears, elves);
    Action acts[ACTION_MAX];
    assert_targets(ruled(&x, 0, acts), ACT_CAST, TK_PERM, bears);
}

/* Pacifism facing Grizzly Bears and a Serra Angel: on the Angel. */
static void test_aura_that_hinders_on_the_best_creature(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    put(&x, 1, C_BEARS);
    int angel = put(&x, 1, C_ANGEL);
    pos_lands(&x, 0, C_PLAINS, 2);
    give(&x, 0, C_PACIFISM);
    Action acts[ACTION_MAX];
    assert_targets(ruled(&x, 0, acts), ACT_CAST, TK_PERM, angel);
}

/* A Serra Angel attacks: Doom Blade kills it before blocks. */
static void test_removal_on_an_attacker(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    pos_lands(&x, 0, C_SWAMP, 2);
    give(&x, 0, C_DOOM);
    int angel = put(&x, 1, C_ANGEL);
    x.s.active = 1;
    x.s.step = STEP_DECLARE_ATTACKERS;
    AttackDecl ad = { (uint8_t)angel, TARGET_PLAYER };
    assert_int_equal(combat_declare_attackers(&x.s, &x.g, &ad, 1), MTG_OK);
    Action acts[ACTION_MAX];
    assert_targets(ruled(&x, 0, acts), ACT_CAST, TK_PERM, angel);
}

/* Furnace Whelp attacks unblocked with three Mountains untapped: it
 * breathes fire with each, then passes. */
static void test_firebreathing_unblocked(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int whelp = put(&x, 0, C_WHELP);
    pos_lands(&x, 0, C_MOUNTAIN, 1);
    pos_lands(&x, 0, C_MOUNTAIN2, 2);
    combat(&x, 0, whelp, -1);
    Action acts[ACTION_MAX];
    for (int k = 0; k < 3; k++) {
        const Action *a = ruled(&x, 0, acts);
        assert_int_equal(a->type, ACT_ACTIVATE);
        assert_int_equal(a->hand_idx, whelp);
        Action take = *a;
        assert_int_equal(action_apply(&x.s, &x.g, 0, &take, 0), MTG_OK);
        settle(&x);
    }
    assert_int_equal(x.s.perm[whelp].power, 5);
    assert_int_equal(game_legal_actions(&x.s, 0, acts), 1);
}

/* The opponent bolts the player's Grizzly Bears: Giant Growth in answer
 * (5 toughness against 3 damage), and the Bears live. */
static void test_trick_answers_burn(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int bears = put(&x, 0, C_BEARS);
    pos_lands(&x, 0, C_FOREST, 1);
    give(&x, 0, C_GROWTH);
    pos_lands(&x, 1, C_MOUNTAIN, 1);
    give(&x, 1, C_BOLT);
    x.s.active = 1;
    Action bolt = act(ACT_CAST, hand_slot(&x, 1, C_BOLT), 0, TK_PERM, bears);
    assert_int_equal(action_apply(&x.s, &x.g, 1, &bolt, 0), MTG_OK);
    Action acts[ACTION_MAX];
    const Action *a = ruled(&x, 0, acts);
    assert_targets(a, ACT_CAST, TK_PERM, bears);
    assert_int_equal(action_apply(&x.s, &x.g, 0, a, 0), MTG_OK);
    settle(&x);
    assert_true(permset_has(x.s.perm_used, bears));
}

/* The opponent casts Giant Growth on its Grizzly Bears: the Bolt kills
 * them in answer, before they are 5/5. */
static void test_removal_answers_a_pump(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int bears = put(&x, 1, C_BEARS);
    pos_lands(&x, 1, C_FOREST, 1);
    give(&x, 1, C_GROWTH);
    pos_lands(&x, 0, C_MOUNTAIN, 1);
    give(&x, 0, C_BOLT);
    x.s.active = 1;
    Action growth = act(ACT_CAST, hand_slot(&x, 1, C_GROWTH), 0, TK_PERM, bears);
    assert_int_equal(action_apply(&x.s, &x.g, 1, &growth, 0), MTG_OK);
    Action acts[ACTION_MAX];
    assert_targets(ruled(&x, 0, acts), ACT_CAST, TK_PERM, bears);
}

/* In its first main phase, with Grizzly Bears able to attack: the Bolt
 * kills the opponent's Llanowar Elves, which could block them (an
 * instant waits otherwise, for the opponent's turn). */
static void test_removal_clears_a_blocker(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    put(&x, 0, C_BEARS);
    int elves = put(&x, 1, C_ELVES);
    pos_lands(&x, 0, C_MOUNTAIN, 1);
    give(&x, 0, C_BOLT);
    Action acts[ACTION_MAX];
    assert_targets(ruled(&x, 0, acts), ACT_CAST, TK_PERM, elves);
}

/* Three Forests and two Plains in its main phase, Grizzly Bears, Centaur
 * Courser and Honor of the Pure in hand beside an Elite Vanguard: the
 * Courser first (the creature worth most), then the Bears (Honor of the
 * Pure would add +1/+1 to the Vanguard alone, less than their body). */
static void test_creatures_first_by_worth(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    put(&x, 0, C_VANGUARD);
    pos_lands(&x, 0, C_FOREST, 3);
    pos_lands(&x, 0, C_PLAINS, 2);
    give(&x, 0, C_BEARS);
    give(&x, 0, C_COURSER);
    give(&x, 0, C_HONOR);
    Action acts[ACTION_MAX];
    const Action *a = ruled(&x, 0, acts);
    assert_int_equal(a->type, ACT_CAST);
    assert_int_equal(x.s.pl[0].hand[a->hand_idx], C_COURSER);
    Action take = *a;
    assert_int_equal(action_apply(&x.s, &x.g, 0, &take, 0), MTG_OK);
    settle(&x);
    a = ruled(&x, 0, acts);
    assert_int_equal(a->type, ACT_CAST);
    assert_int_equal(x.s.pl[0].hand[a->hand_idx], C_BEARS);
}

/* Doom Blade and Centaur Courser in its second main phase, facing a
 * Serra Angel: with two Swamps and a Forest the Courser would leave too
 * little mana for the Blade, worth more (the Angel), and it holds its
 * mana (the Blade kills the Angel at the opponent's end step); with three
 * Forests there is mana for both, and it casts the Courser. */
static void test_holds_up_mana_for_removal(void **state)
{
    (void)state;
    for (int forests = 1; forests <= 3; forests += 2) {
        Pos x; pos_init(&x);
        int angel = put(&x, 1, C_ANGEL);
        pos_lands(&x, 0, C_SWAMP, 2);
        pos_lands(&x, 0, C_FOREST, forests);
        give(&x, 0, C_DOOM);
        give(&x, 0, C_COURSER);
        x.s.step = STEP_MAIN2;
        Action acts[ACTION_MAX];
        const Action *a = ruled(&x, 0, acts);
        if (forests == 1) {
            assert_int_equal(a->type, ACT_PASS);
        } else {
            assert_int_equal(a->type, ACT_CAST);
            assert_int_equal(x.s.pl[0].hand[a->hand_idx], C_COURSER);
        }
        their_end_step(&x);
        assert_targets(ruled(&x, 0, acts), ACT_CAST, TK_PERM, angel);
    }
}

/* Divination (draws): a kind the rules do not read; the look chooses. */
static void test_unread_kinds_go_to_the_look(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    pos_lands(&x, 0, C_ISLAND, 3);
    give(&x, 0, C_DIVINATION);
    Action acts[ACTION_MAX];
    int n = game_legal_actions(&x.s, 0, acts);
    assert_int_equal(n, 2);
    assert_int_equal(rules_play(&x.s, 0, acts, n), RULES_LOOK);
    assert_int_equal(heuristic_spells_main_version(&x.s, &x.g, 0, acts, n, -1, 3),
                     heuristic_spells_main_version(&x.s, &x.g, 0, acts, n, -1, 2));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_burn_that_wins),
        cmocka_unit_test(test_removal_on_the_creature_worth_most),
        cmocka_unit_test(test_trick_only_when_it_wins_the_fight),
        cmocka_unit_test(test_removal_saves_a_blocker),
        cmocka_unit_test(test_aura_that_hinders_on_the_best_creature),
        cmocka_unit_test(test_removal_on_an_attacker),
        cmocka_unit_test(test_firebreathing_unblocked),
        cmocka_unit_test(test_trick_answers_burn),
        cmocka_unit_test(test_removal_answers_a_pump),
        cmocka_unit_test(test_removal_clears_a_blocker),
        cmocka_unit_test(test_creatures_first_by_worth),
        cmocka_unit_test(test_holds_up_mana_for_removal),
        cmocka_unit_test(test_unread_kinds_go_to_the_look),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
