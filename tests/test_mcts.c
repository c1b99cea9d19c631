/* test_mcts.c: the Monte Carlo tree search policy on a constructed
 * position of real cards: its budget in playouts and in time, the
 * candidates it chooses among, the same choice from the same random
 * numbers, and its parameters. (Its strength against the heuristic:
 * test_policies.) */
#include <math.h>
#include <stdio.h>
#include "engine/stack.h"
#include "engine/heuristic.h"
#include "engine/mcts.h"
#include "engine/search.h"
#include "engine/policy_board.h"

static const char *const names[] = {
    "Grizzly Bears", "Llanowar Elves", "Lightning Bolt", "Centaur Courser",
    "Forest", "Forest", "Mountain", "Forest", "Forest", "Forest",
};
enum { C_BEARS, C_ELVES, C_BOLT, C_COURSER, C_FOREST, C_MOUNTAIN = C_FOREST + 2, C_LIB, C_N = C_LIB + 3 };

#include "tests/pool_pos.h"

/* Player 0 in its first main phase, Grizzly Bears and Lightning Bolt in
 * hand and three lands, the opponent with Centaur Courser and Llanowar
 * Elves: several plays are worth weighing (the Bolt on either creature or
 * the player, the Bears, passing). Both libraries hold three Forests. */
static const uint8_t lib[3] = { C_LIB, C_LIB + 1, C_LIB + 2 };

/* The position, its legal actions for player 0 in acts[0 .. *n-1], and
 * the heuristic's ranked plays (MCTS's candidates there) in idx; returns
 * how many. */
static int position(Pos *x, Action *acts, int *n, int idx[4])
{
    pos_init(x);
    put(x, 1, C_COURSER);
    put(x, 1, C_ELVES);
    pos_lands(x, 0, C_FOREST, 2);
    pos_lands(x, 0, C_MOUNTAIN, 1);
    give(x, 0, C_BEARS);
    give(x, 0, C_BOLT);
    library(x, 0, lib, 3);
    library(x, 1, lib, 3);
    x->s.pl[0].life = x->s.pl[1].life = 20;
    *n = game_legal_actions(&x->s, 0, acts);
    return heuristic_spells_ranked(&x->s, &x->g, 0, acts, *n, HEURISTIC_VERSION, idx, 4);
}

/* MCTS's choice for player 0 among acts[0 .. n-1], with these parameters
 * and random numbers seeded by seed; the forks it made in *forks. */
static int decide(Pos *x, const MctsParams *mp, const Action *acts, int n, uint64_t seed, uint64_t *forks)
{
    Policy m = policy_mcts;
    m.self = mp;
    Rng rng;
    rng_seed(&rng, seed, 0, 0);
    *forks = 0;
    x->g.forks = forks;
    GameState before = x->s;
    int k = m.main_action(&m, &x->s, &x->g, 0, &rng, acts, n);
    assert_memory_equal(&before, &x->s, sizeof before);   /* the search works on forks */
    x->g.forks = NULL;
    return k;
}

/* The candidates are the heuristic's ranked plays (search.h); MCTS takes
 * one of them, after exactly `playouts` playouts, each on its own fork, and
 * takes the same one again from the same random numbers; with playouts to
 * the end of the game (horizon 0) and cut after two turns alike. */
static void test_playout_budget(void **state)
{
    (void)state;
    Pos x;
    Action acts[ACTION_MAX];
    int n, idx[4], nc = position(&x, acts, &n, idx);
    assert_true(nc >= 3);
    MctsParams mp;
    mcts_defaults(&mp);
    for (int run = 0; run < 4; run++) {
        mp.trees = run & 1 ? 4 : 1;
        mp.horizon = run & 2 ? 2 : 0;
        mp.playouts = 37;
        uint64_t forks;
        int k = decide(&x, &mp, acts, n, 5, &forks);
        int found = 0;
        for (int j = 0; j < nc; j++) found |= idx[j] == k;
        assert_true(found);
        assert_int_equal(forks, 37);
        uint64_t again;
        assert_int_equal(decide(&x, &mp, acts, n, 5, &again), k);
        assert_int_equal(again, 37);
    }
}

/* A fake clock: a millisecond more at each reading. */
static long ticks;
static double fake_clock(void) { return (double)ticks++ * 1e-3; }

/* With ms and a clock, the budget is time: each tree plays until its share
 * of the milliseconds has passed (after one playout per candidate at
 * least), whatever `playouts` says. The fake clock is read once at the
 * start and once before each playout past the first nc: with 10 ms and one
 * tree, it reads 1 .. 9 ms before the nine that fit. */
static void test_time_budget(void **state)
{
    (void)state;
    Pos x;
    Action acts[ACTION_MAX];
    int n, idx[4], nc = position(&x, acts, &n, idx);
    MctsParams mp;
    mcts_defaults(&mp);
    mp.trees = 1;
    mp.playouts = 1000;
    mp.ms = 10;
    mp.clock = fake_clock;
    ticks = 0;
    uint64_t forks;
    decide(&x, &mp, acts, n, 5, &forks);
    assert_int_equal(forks, (uint64_t)nc + 9);
    /* Two trees share the 10 ms: the first until 5, the second until 10. */
    mp.trees = 2;
    ticks = 0;
    decide(&x, &mp, acts, n, 5, &forks);
    assert_int_equal(forks, 2 * (uint64_t)nc + 8);
    /* Without a clock, ms is not a budget: the playouts are. */
    mp.clock = NULL;
    decide(&x, &mp, acts, n, 5, &forks);
    assert_int_equal(forks, 1000);
}

/* Its parameters: its own, in range, and the heuristic's. */
static void test_parameters(void **state)
{
    (void)state;
    MctsParams mp;
    mcts_defaults(&mp);
    assert_int_equal(mp.playouts, 64);
    assert_int_equal(mp.trees, 16);
    assert_int_equal(mp.horizon, 4);
    assert_int_equal(mcts_set(&mp, "horizon", 0), 0);
    assert_int_equal(mcts_set(&mp, "horizon", -1), -1);
    assert_int_equal(mcts_set(&mp, "playouts", 0), -1);
    assert_int_equal(mcts_set(&mp, "playouts", 500), 0);
    assert_int_equal(mp.playouts, 500);
    assert_int_equal(mcts_set(&mp, "trees", 65), -1);
    assert_int_equal(mcts_set(&mp, "candidates", 17), -1);
    assert_int_equal(mcts_set(&mp, "explore", -1), -1);
    assert_int_equal(mcts_set(&mp, "aggression", 5), 0);
    assert_int_equal(mp.base.aggression, 5);
    assert_int_equal(mcts_set(&mp, "depth", 3), -1);
    /* Every name listed (help, messages) is one it takes. */
    int listed = 0, known = 0;
    for (; mcts_param_names[listed]; listed++) {
        MctsParams t = mp;
        known += mcts_set(&t, mcts_param_names[listed], 1) == 0;
    }
    assert_int_equal(listed, 6);
    assert_int_equal(known, listed);
}

/* search_run, the playout of both search policies: with a horizon of two
 * turns it stops as the third turn after this one would begin, the game
 * not over, and gives the board's value for player 0 through the
 * logistic; with none it plays to the end (the three-card libraries run
 * out) and gives the result. The state it starts from is not touched. */
static void test_search_run(void **state)
{
    (void)state;
    Pos x;
    Action acts[ACTION_MAX];
    int n, idx[4];
    position(&x, acts, &n, idx);
    GameState before = x.s;
    int turn = x.s.turn;
    for (int horizon = 2; horizon >= 0; horizon -= 2) {
        GameState f;
        state_fork(&f, &x.s);
        Game rg;
        Rng dr[2], pr[2];
        uint8_t lib0[DECK_MAX], lib1[DECK_MAX];
        uint8_t *libs[2] = { lib0, lib1 };
        search_game(&rg, &x.g, &f, &policy_heuristic, &policy_heuristic, 9, 0, dr, pr, libs);
        double r = search_run(&f, &rg, horizon);
        if (horizon) {
            assert_false(f.over);
            assert_int_equal(f.turn, turn + horizon + 1);
            assert_true(fabs(r - 1.0 / (1.0 + exp(-board_value(&f, 0) / SEARCH_HORIZON_SCALE))) < 1e-12);
            assert_true(r > 0 && r < 1);
        } else {
            assert_true(f.over);
            assert_true(f.turn > turn + 2);
            assert_true(r == (f.winner == 0 ? 1.0 : f.winner == 2 ? 0.5 : 0.0));
        }
    }
    assert_memory_equal(&before, &x.s, sizeof before);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_playout_budget),
        cmocka_unit_test(test_time_budget),
        cmocka_unit_test(test_parameters),
        cmocka_unit_test(test_search_run),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
