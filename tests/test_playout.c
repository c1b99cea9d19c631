/* test_playout.c: 100,000 full games between random policies, with
 * state_check after every action: cards neither created nor lost, counts
 * consistent, every attacker and blocker legal, the end consistent. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>
#include "fixtures.h"

/* Games with checks after every action: 100,000 in the normal build; a
 * sanitizer build (10-30x slower) may pass fewer with -DPLAYOUT_GAMES. */
#ifndef PLAYOUT_GAMES
#define PLAYOUT_GAMES 100000
#endif

typedef struct Tally {
    long events[EV_COUNT];
    long damage_to_players, lifelink, poison, attacks, blocks, deaths;
} Tally;

static void on_event(void *ctx, const GameState *s, const Event *e)
{
    Tally *t = ctx;
    t->events[e->type]++;
    if (e->type == EV_DAMAGE && e->other == TARGET_PLAYER) t->damage_to_players += e->amount;
}

static void play_many(int first, int games, int edition, const Deck *da, const Deck *db, long *ends, Tally *t)
{
    CardDef cards[FX_COUNT];
    CardPool pool;
    fx_pool(cards, &pool);
    uint8_t lib0[DECK_MAX], lib1[DECK_MAX];
    uint64_t play0[DECK_MAX], play1[DECK_MAX];
    game_play_table(&pool, da, play0);
    game_play_table(&pool, db, play1);
    for (int i = first; i < first + games; i++) {
        Rng dr[2], pr[2];
        for (int p = 0; p < 2; p++) {
            rng_seed(&dr[p], 12345, (uint64_t)i, (uint64_t)p);
            rng_seed(&pr[p], 12345, (uint64_t)i, (uint64_t)p + 2);
        }
        Game g = {0};
        g.pool = &pool;
        g.deck[0] = da; g.deck[1] = db;
        g.edition = (uint8_t)edition;
        g.policy[0] = g.policy[1] = &policy_random;
        g.deck_rng[0] = &dr[0]; g.deck_rng[1] = &dr[1];
        g.policy_rng[0] = &pr[0]; g.policy_rng[1] = &pr[1];
        g.lib_buf[0] = lib0; g.lib_buf[1] = lib1;
        if (i & 2) { g.play[0] = play0; g.play[1] = play1; }  /* half the games read the play tables */
        game_observe_all(&g, on_event, t);
        g.check = 1;
        GameState s;
        game_init(&s, &g, i & 1);
        game_run(&s, &g);
        if (g.check_failed) fail_msg("game %d: state_check: %s", i, g.check_msg);
        assert_true(s.over);
        assert_int_not_equal(s.end_reason, END_ERROR);
        assert_int_not_equal(s.end_reason, END_NONE);
        char msg[160];
        if (state_check(&s, &g, msg, sizeof msg)) fail_msg("game %d final: %s", i, msg);
        ends[s.end_reason]++;
        if (s.winner < 2) {
            const Player *l = &s.pl[1 - s.winner];
            assert_true(l->flags & PL_LOST);
            assert_true(l->life <= 0 || l->poison >= POISON_LOSS || (l->flags & PL_DREW_EMPTY));
        }
    }
}

static void test_random_playouts(void **state)
{
    static const int green[] = { FX_BEARS, FX_SPIDER, FX_WURM, FX_TYPHOID, FX_VAMPIRE, FX_INFECT, FX_WITHER, FX_TWOBLOCK };
    static const int white[] = { FX_SERRA, FX_KNIGHT, FX_GOBLIN, FX_WALL, FX_GARGOYLE, FX_MENACE, FX_HASTE, FX_DOUBLE, FX_INDESTRUCTIBLE };
    Deck a, b;
    fx_deck(&a, FX_FOREST, FX_SWAMP, green, 8);
    fx_deck(&b, FX_PLAINS, FX_MOUNTAIN, white, 9);
    long ends[END_COUNT] = {0};
    Tally t = {0};
    play_many(0, PLAYOUT_GAMES * 3 / 4, EDITION_2011, &a, &b, ends, &t);
    play_many(PLAYOUT_GAMES * 3 / 4, PLAYOUT_GAMES / 4, EDITION_FOUNDATIONS, &a, &b, ends, &t);
    /* The games really played: creatures attacked, blocked, died, players won. */
    assert_true(t.events[EV_ATTACK] > 2 * PLAYOUT_GAMES);
    assert_true(t.events[EV_BLOCK] > PLAYOUT_GAMES / 4);
    assert_true(t.events[EV_DIES] > PLAYOUT_GAMES / 4);
    assert_true(t.events[EV_POISON] > 0);
    assert_true(ends[END_LIFE] + ends[END_POISON] > PLAYOUT_GAMES / 4);
    assert_int_equal(ends[END_ERROR], 0);
    assert_int_equal(ends[END_CAPACITY], 0);
    print_message("ends: life %ld poison %ld library %ld cap %ld\n", ends[END_LIFE], ends[END_POISON],
                  ends[END_LIBRARY], ends[END_TURN_CAP]);
}

int main(void)
{
    const struct CMUnitTest tests[] = { cmocka_unit_test(test_random_playouts) };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
