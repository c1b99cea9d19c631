/* test_engine.c: unit tests of the turn structure, mana, mulligans,
 * state-based actions, the policy interface's checks, and forks. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>
#include "fixtures.h"
#include "engine/mana.h"
#include "engine/heuristic.h"

static CardDef cards[FX_COUNT];
static CardPool pool;

/* Green creatures against white and red ones. */
static void harness(Harness *h, const Policy *p0, const Policy *p1, uint64_t seed)
{
    fx_pool(cards, &pool);
    fx_harness(h, &pool, p0, p1, seed);
    static const int green[] = { FX_BEARS, FX_SPIDER, FX_WURM };
    static const int white[] = { FX_SERRA, FX_KNIGHT, FX_HASTE };
    fx_deck(&h->deck[0], FX_FOREST, FX_FOREST, green, 3);
    fx_deck(&h->deck[1], FX_PLAINS, FX_MOUNTAIN, white, 3);
}

/* ---- a recording policy: keeps, passes, never attacks or blocks ---- */

typedef struct Log {
    int steps[64];     /* step at each main_action call */
    int nsteps;
    int keep_calls;
    int mull_until;    /* mulligan while mulligans < this */
} Log;
static Log logbook;

static int log_keep(const Policy *p, const GameState *s, const Game *g, int pl, Rng *r)
{
    logbook.keep_calls++;
    return s->pl[pl].mulligans >= logbook.mull_until;
}
static void log_bottom(const Policy *p, const GameState *s, const Game *g, int pl, Rng *r, int n, uint8_t *idx)
{
    for (int k = 0; k < n; k++) idx[k] = (uint8_t)(s->pl[pl].hand_n - 1 - k);
}
static int log_main(const Policy *p, const GameState *s, const Game *g, int pl, Rng *r, const Action *a, int n)
{
    if (logbook.nsteps < 64) logbook.steps[logbook.nsteps++] = s->step;
    return 0;
}
static int no_attack(const Policy *p, const GameState *s, const Game *g, int pl, Rng *r, AttackDecl *o) { return 0; }
static int no_block(const Policy *p, const GameState *s, const Game *g, int pl, Rng *r, BlockDecl *o) { return 0; }
static void keep_order(const Policy *p, const GameState *s, const Game *g, int pl, Rng *r, int who, uint8_t *v, int n) {}
static void first_discard(const Policy *p, const GameState *s, const Game *g, int pl, Rng *r, int n, uint8_t *idx)
{
    for (int k = 0; k < n; k++) idx[k] = (uint8_t)k;
}
static const Policy passive = { "passive", 0, log_keep, log_bottom, log_main, no_attack, no_block, keep_order, NULL, first_discard, NULL, NULL, NULL, NULL };

/* Drawing: the starting player skips the first draw (103.7a); hands stay at
 * most 7 after cleanup; a player who cannot draw loses (704.5b). */
static void test_draws_and_decking(void **st)
{
    Harness h;
    logbook = (Log){0};
    harness(&h, &passive, &passive, 1);
    h.g.turn_cap = 200;
    game_init(&h.s, &h.g, 0);
    assert_int_equal(h.s.pl[0].hand_n, 7);
    assert_int_equal(h.s.pl[1].hand_n, 7);
    assert_int_equal(h.s.pl[0].lib_n, 33);
    game_run(&h.s, &h.g);
    if (h.g.check_failed) fail_msg("%s", h.g.check_msg);
    /* Nobody plays anything. Player 1 draws on turns 2, 4, ..., 66 (33
     * cards) and fails on turn 68; player 0, who skipped the first draw,
     * would have failed on turn 69. */
    assert_true(h.s.over);
    assert_int_equal(h.s.end_reason, END_LIBRARY);
    assert_int_equal(h.s.winner, 0);
    assert_true(h.s.pl[1].flags & PL_DREW_EMPTY);
    assert_false(h.s.pl[0].flags & PL_LOST);
    assert_int_equal(h.s.turn, 68);
    assert_int_equal(h.s.pl[1].hand_n, 7);  /* discarded down to 7 each turn */
    assert_int_equal(h.s.pl[1].gy_n, 33);
    assert_int_equal(h.s.pl[0].lib_n, 0);
}

/* Each main phase gives the active player priority: the policy is asked in
 * main 1 and main 2 only, on its own turns. */
static void test_main_phases(void **st)
{
    Harness h;
    logbook = (Log){0};
    harness(&h, &passive, &passive, 2);
    h.g.turn_cap = 4;
    game_init(&h.s, &h.g, 1);
    game_run(&h.s, &h.g);
    assert_int_equal(h.s.end_reason, END_TURN_CAP);
    assert_int_equal(h.s.winner, 2);
    assert_true(logbook.nsteps >= 6);
    for (int k = 0; k < logbook.nsteps; k++)
        assert_true(logbook.steps[k] == STEP_MAIN1 || logbook.steps[k] == STEP_MAIN2);
}

/* London mulligan (103.4): after two mulligans, seven drawn and two put on
 * the bottom, in the order chosen. */
static void test_london_mulligan(void **st)
{
    Harness h;
    logbook = (Log){0};
    logbook.mull_until = 2;
    harness(&h, &passive, &passive, 3);
    game_init(&h.s, &h.g, 0);
    const Player *pl = &h.s.pl[0];
    assert_int_equal(pl->mulligans, 2);
    assert_int_equal(pl->hand_n, 5);
    assert_int_equal(pl->lib_n, 35);
    assert_int_equal(h.g.check_failed, 0);
    /* The library's last two cards are the last two of the seven drawn. */
    Rng r;
    rng_seed(&r, 3, 0, 0);
    uint8_t order[DECK_MAX];
    for (int round = 0; round < 3; round++) {
        for (int k = 0; k < 40; k++) order[k] = (uint8_t)k;
        rng_shuffle(&r, order, 40);
    }
    assert_int_equal(pl->lib[pl->lib_top + 33], order[6]);
    assert_int_equal(pl->lib[pl->lib_top + 34], order[5]);
    for (int k = 0; k < 5; k++) assert_int_equal(pl->hand[k], order[k]);
}

/* ---- mana and casting ---- */

static void put_land(GameState *s, int p, int obj, int color)
{
    bits256_set(s->pl[p].lands, obj);
    s->pl[p].lands_n++;
    s->pl[p].land_n[color]++;
}

/* Legal main-phase actions, read off the cards (table 0) or off the
 * per-object table game_init makes (table 1): the same answers. */
static void mana_and_actions(int table)
{
    Harness h;
    harness(&h, &passive, &passive, 4);
    GameState *s = &h.s;
    state_clear(s, &pool, EDITION_2011);
    Deck d = { .n = 6 };
    d.card[0] = FX_FOREST; d.card[1] = FX_PLAINS; d.card[2] = FX_BEARS; d.card[3] = FX_SERRA;
    d.card[4] = FX_FOREST; d.card[5] = FX_WURM;
    s->pl[0].deck = d.card;
    s->pl[0].deck_n = 6;
    uint64_t play[6];
    for (int o = 0; o < 6; o++) play[o] = play_info(&pool.cards[d.card[o]]);
    if (table) s->pl[0].play = play;
    s->pl[0].hand[0] = 2; s->pl[0].hand[1] = 3; s->pl[0].hand[2] = 4; s->pl[0].hand_n = 3;
    put_land(s, 0, 0, COLOR_G);
    put_land(s, 0, 1, COLOR_W);
    s->step = STEP_MAIN1;
    Action a[ACTION_MAX];
    int n = game_legal_actions(s, 0, a);
    /* pass, cast Grizzly Bears ({1}{G}: Forest + Plains), play the Forest; not Serra Angel ({3}{W}{W}). */
    assert_int_equal(n, 3);
    assert_int_equal(a[0].type, ACT_PASS);
    int cast = -1, land = -1;
    for (int k = 1; k < n; k++) {
        if (a[k].type == ACT_CAST) cast = a[k].hand_idx;
        if (a[k].type == ACT_LAND) land = a[k].hand_idx;
    }
    assert_int_equal(cast, 0);
    assert_int_equal(land, 2);
    /* Not on the other player's turn, nor outside a main phase. */
    assert_int_equal(game_legal_actions(s, 1, a), 1);
    s->step = STEP_BEGIN_COMBAT;
    assert_int_equal(game_legal_actions(s, 0, a), 1);
    /* No second land once one was played. */
    s->step = STEP_MAIN2;
    s->pl[0].flags |= PL_LAND_PLAYED;
    n = game_legal_actions(s, 0, a);
    for (int k = 0; k < n; k++) assert_int_not_equal(a[k].type, ACT_LAND);
    /* Colors matter: two Plains cannot pay {1}{G}. */
    s->pl[0].land_n[COLOR_G] = 0; s->pl[0].land_n[COLOR_W] = 2;
    assert_int_equal(game_legal_actions(s, 0, a), 1);
    /* Enough of both: the Bears, and with five lands Serra Angel too. */
    s->pl[0].land_n[COLOR_G] = 1; s->pl[0].land_n[COLOR_W] = 4;
    n = game_legal_actions(s, 0, a);
    assert_int_equal(n, 3);
    assert_true(a[1].type == ACT_CAST && a[1].hand_idx == 0 && a[2].type == ACT_CAST && a[2].hand_idx == 1);
}

static void test_mana_and_actions(void **st)
{
    mana_and_actions(0);
    mana_and_actions(1);
}

/* A policy that plays a land, then casts whatever it can, attacks with all. */
static int greedy_main(const Policy *p, const GameState *s, const Game *g, int pl, Rng *r, const Action *a, int n)
{
    for (int k = 1; k < n; k++) if (a[k].type == ACT_LAND) return k;
    return n - 1;
}
static int all_attack(const Policy *p, const GameState *s, const Game *g, int pl, Rng *r, AttackDecl *o)
{
    int n = 0;
    for (PermSet m = s->perm_ctl[pl]; m; m &= m - 1)
        if (combat_can_attack(s, permset_first(m))) { o[n].attacker = (uint8_t)permset_first(m); o[n].target = TARGET_PLAYER; n++; }
    return n;
}
static int keep7(const Policy *p, const GameState *s, const Game *g, int pl, Rng *r) { return 1; }
static const Policy greedy = { "greedy", 0, keep7, log_bottom, greedy_main, all_attack, no_block, keep_order, NULL, first_discard, NULL, NULL, NULL, NULL };

/* A spell of mana value 0 (Ornithopter) is castable with no mana left and
 * the land drop used: game_legal_actions lists it (it once returned only
 * "pass" there), and game_init marks the players whose deck has one. */
static void test_zero_cost_spells(void **st)
{
    Harness h;
    harness(&h, &passive, &passive, 5);
    static const int thopters[] = { FX_ORNITHOPTER };
    fx_deck(&h.deck[0], FX_FOREST, FX_FOREST, thopters, 1);
    game_init(&h.s, &h.g, 0);
    assert_true(h.s.pl[0].flags & PL_FREE_SPELLS);
    assert_false(h.s.pl[1].flags & PL_FREE_SPELLS);
    GameState *s = &h.s;
    int thopter = -1;
    for (int k = 0; k < s->pl[0].hand_n; k++)
        if (OBJ_CARD(s, 0, s->pl[0].hand[k]) == FX_ORNITHOPTER) thopter = k;
    if (thopter < 0) fail_msg("no Ornithopter in the opening hand (seed 5)");
    s->step = STEP_MAIN1;
    s->pl[0].flags |= PL_LAND_PLAYED;                 /* no land drop, no land, no mana */
    Action a[ACTION_MAX];
    int n = game_legal_actions(s, 0, a), found = 0;
    for (int k = 1; k < n; k++) found |= a[k].type == ACT_CAST && a[k].hand_idx == thopter;
    assert_true(found);
    /* Whole games: the list kept after each cast is the one asked anew (check_legal). */
    static const int mixed[] = { FX_ORNITHOPTER, FX_BEARS };
    for (uint64_t seed = 1; seed <= 20; seed++) {
        harness(&h, &greedy, &greedy, seed);
        fx_deck(&h.deck[0], FX_FOREST, FX_FOREST, mixed, 2);
        h.g.turn_cap = 12;
        game_init(&h.s, &h.g, (int)(seed & 1));
        game_run(&h.s, &h.g);
        if (h.g.check_failed) fail_msg("seed %llu: %s", (unsigned long long)seed, h.g.check_msg);
        for (int k = 0; k < h.s.pl[0].hand_n; k++)
            if (OBJ_CARD(&h.s, 0, h.s.pl[0].hand[k]) == FX_ORNITHOPTER)
                fail_msg("seed %llu: an Ornithopter left in hand by a policy that casts all it can", (unsigned long long)seed);
    }
}

typedef struct Seen { int enter_turn[PERM_MAX]; int attacked_early; int attacks; int lands_per_turn_max; int lands_this_turn; } Seen;
static void watch(void *ctx, const GameState *s, const Event *e)
{
    Seen *w = ctx;
    if (e->type == EV_TURN) w->lands_this_turn = 0;
    if (e->type == EV_LAND && ++w->lands_this_turn > w->lands_per_turn_max) w->lands_per_turn_max = w->lands_this_turn;
    if (e->type == EV_ENTER) w->enter_turn[e->perm] = s->turn;
    if (e->type == EV_ATTACK) {
        w->attacks++;
        if (w->enter_turn[e->perm] == s->turn && !perm_has(s, e->perm, KW_HASTE)) w->attacked_early++;
    }
}

/* The engine asks a policy only when it has a choice (policy.h): for
 * attackers only when a creature can attack, for blockers only when an
 * untapped creature can block an attacker (menace and blocking limits
 * aside), for a main-phase action only when more than passing is legal.
 * The heuristic decides; these wrappers count the questions asked without
 * a choice, and with one. */
static long asked_without_choice, asked_attack, asked_block, asked_main;
static int checked_attack(const Policy *p, const GameState *s, const Game *g, int pl, Rng *r, AttackDecl *o)
{
    int any = 0;
    for (PermSet m = s->perm_ctl[pl]; m; m &= m - 1) any |= combat_can_attack(s, permset_first(m));
    asked_without_choice += !any;
    asked_attack++;
    return policy_heuristic.attack(&policy_heuristic, s, g, pl, r, o);
}
static int checked_block(const Policy *p, const GameState *s, const Game *g, int pl, Rng *r, BlockDecl *o)
{
    int any = 0;
    for (PermSet b = s->perm_ctl[pl]; b; b &= b - 1)
        for (PermSet a = s->combat.attackers; a; a &= a - 1) any |= combat_can_block(s, permset_first(b), permset_first(a));
    asked_without_choice += !any;
    asked_block++;
    return policy_heuristic.block(&policy_heuristic, s, g, pl, r, o);
}
static int checked_main(const Policy *p, const GameState *s, const Game *g, int pl, Rng *r, const Action *a, int n)
{
    asked_without_choice += n < 2;
    asked_main++;
    return policy_heuristic.main_action(&policy_heuristic, s, g, pl, r, a, n);
}

static void test_asked_only_with_a_choice(void **st)
{
    Policy checked = policy_heuristic;
    checked.attack = checked_attack;
    checked.block = checked_block;
    checked.main_action = checked_main;
    asked_without_choice = asked_attack = asked_block = asked_main = 0;
    for (int i = 0; i < 200; i++) {
        Harness h;
        harness(&h, &checked, &checked, (uint64_t)i + 100);
        game_init(&h.s, &h.g, i & 1);
        game_run(&h.s, &h.g);
        assert_int_equal(h.g.check_failed, 0);
        assert_int_not_equal(h.s.end_reason, END_ERROR);
    }
    assert_int_equal(asked_without_choice, 0);
    assert_true(asked_attack > 200 && asked_block > 100 && asked_main > 200);
}

/* Summoning sickness (302.6): a creature attacks from its controller's next
 * turn on, unless it has haste; one land per turn (305.2). */
static void test_sickness_and_land_drops(void **st)
{
    Harness h;
    Seen w = {0};
    harness(&h, &greedy, &greedy, 5);
    game_observe_all(&h.g, watch, &w);
    game_init(&h.s, &h.g, 0);
    game_run(&h.s, &h.g);
    assert_int_equal(h.g.check_failed, 0);
    assert_true(h.s.over);
    assert_int_not_equal(h.s.end_reason, END_ERROR);
    assert_true(w.attacks > 5);
    assert_int_equal(w.attacked_early, 0);
    assert_int_equal(w.lands_per_turn_max, 1);
}

/* An illegal answer is refused and ends the game as an error. */
static int tapped_attack(const Policy *p, const GameState *s, const Game *g, int pl, Rng *r, AttackDecl *o)
{
    for (PermSet m = s->perm_ctl[pl]; m; m &= m - 1) {
        int i = permset_first(m);
        if (perm_is_creature(s, i) && !combat_can_attack(s, i)) { o[0].attacker = (uint8_t)i; o[0].target = TARGET_PLAYER; return 1; }
    }
    return 0;
}
static const Policy cheater = { "cheater", 0, keep7, log_bottom, greedy_main, tapped_attack, no_block, keep_order, NULL, first_discard, NULL, NULL, NULL, NULL };

static void test_illegal_answer_is_an_error(void **st)
{
    Harness h;
    harness(&h, &cheater, &passive, 6);
    game_init(&h.s, &h.g, 0);
    game_run(&h.s, &h.g);
    assert_true(h.s.over);
    assert_int_equal(h.s.end_reason, END_ERROR);
    assert_int_equal(h.s.error, ERR_ILLEGAL_ATTACK);
    assert_int_equal(h.s.winner, 2);
}

/* ---- state-based actions ---- */

static void test_state_based_actions(void **st)
{
    Harness h;
    harness(&h, NULL, NULL, 7);
    GameState *s = &h.s;
    state_clear(s, &pool, EDITION_2011);
    int a = perm_create(s, 0, FX_BEARS, OBJ_NONE);
    int b = perm_create(s, 0, FX_INDESTRUCTIBLE, OBJ_NONE);
    int c = perm_create(s, 1, FX_SPIDER, OBJ_NONE);
    int d = perm_create(s, 1, FX_PLANESWALKER, OBJ_NONE);
    int e = perm_create(s, 1, FX_WURM, OBJ_NONE);
    assert_int_equal(s->perm[d].loyalty, 3);
    s->perm[a].plus = 2; s->perm[a].minus = 3;        /* 704.5r: one -1/-1 counter stays: 1/1 */
    s->perm[b].damage = 5;                            /* indestructible: survives lethal damage */
    s->perm[c].flags |= PF_DEATHTOUCHED; s->perm[c].damage = 1;  /* 704.5h */
    s->perm[e].plus = 1; s->perm[e].minus = 1;
    perm_refresh(s, a); perm_refresh(s, e);          /* counters set by hand */
    sba_apply(s, &h.g);
    assert_true((s->perm_used >> a) & 1);
    assert_int_equal(s->perm[a].plus, 0);
    assert_int_equal(s->perm[a].minus, 1);
    assert_int_equal(perm_power(s, a), 1);
    assert_true((s->perm_used >> b) & 1);
    assert_false((s->perm_used >> c) & 1);
    assert_true((s->perm_used >> d) & 1);
    assert_int_equal(s->perm[e].plus + s->perm[e].minus, 0);
    /* Toughness 0 kills even an indestructible creature (704.5f); 0 loyalty (704.5i). */
    s->perm[b].minus = 2;
    perm_refresh(s, b);
    s->perm[d].loyalty = 0;
    sba_apply(s, &h.g);
    assert_false((s->perm_used >> b) & 1);
    assert_false((s->perm_used >> d) & 1);
    assert_false(s->over);
    /* Both players at 0 life at once: a draw (104.4a). */
    s->pl[0].life = 0; s->pl[1].life = -3;
    sba_apply(s, &h.g);
    assert_true(s->over);
    assert_int_equal(s->winner, 2);
    char msg[160];
    assert_int_equal(state_check(s, &h.g, msg, sizeof msg), 0);
}

static void test_poison_and_life_loss(void **st)
{
    Harness h;
    harness(&h, NULL, NULL, 8);
    GameState *s = &h.s;
    state_clear(s, &pool, EDITION_2011);
    s->pl[1].poison = 10;
    sba_apply(s, &h.g);
    assert_true(s->over);
    assert_int_equal(s->winner, 0);
    assert_int_equal(s->end_reason, END_POISON);
}

/* ---- forks ---- */

/* A fork is a copy: playing it on copies of the random streams gives the
 * same game as playing the original, and leaves the original untouched. */
static void test_fork_is_independent(void **st)
{
    Harness h;
    /* Advance to the middle of a game (a seed whose game lasts 8 turns). */
    uint64_t seed = 9;
    do {
        harness(&h, &policy_random, &policy_random, seed++);
        h.g.turn_cap = 8;
        game_init(&h.s, &h.g, 0);
        game_run(&h.s, &h.g);
    } while (h.s.end_reason != END_TURN_CAP);
    assert_true(h.s.perm_used != 0);
    h.s.over = 0; h.s.end_reason = END_NONE; h.s.winner = 2;
    h.s.turn_cap = 50;
    GameState before = h.s;
    GameState fork = h.s;
    Rng saved_d[2] = { h.dr[0], h.dr[1] }, saved_p[2] = { h.pr[0], h.pr[1] };
    game_run(&fork, &h.g);
    assert_true(fork.over);
    assert_memory_equal(&h.s, &before, sizeof before);
    h.dr[0] = saved_d[0]; h.dr[1] = saved_d[1]; h.pr[0] = saved_p[0]; h.pr[1] = saved_p[1];
    game_run(&h.s, &h.g);
    assert_memory_equal(&h.s, &fork, sizeof fork);
    assert_true(state_fork_bytes(&h.s) <= 3072);   /* a creature-only game forks its first part */
    GameState part;
    memset(&part, 0xAB, sizeof part);
    state_fork(&part, &h.s);
    /* its first part: what comes before and after the permanents, and the
     * permanents up to the highest slot in use (the rest is not copied) */
    size_t span = (size_t)permset_span(h.s.perm_used) * sizeof(Permanent);
    assert_true(span > 0 && span < sizeof h.s.perm);
    assert_int_equal(state_fork_bytes(&h.s), STATE_HOT_BYTES - (sizeof h.s.perm - span));
    assert_memory_equal(&part, &h.s, STATE_PERM_AT);
    assert_memory_equal(part.perm, h.s.perm, span);
    assert_memory_equal((char *)&part + STATE_PERM_END, (char *)&h.s + STATE_PERM_END, STATE_HOT_BYTES - STATE_PERM_END);
    assert_int_equal(((unsigned char *)part.perm)[span], 0xAB);   /* past the span: left as it was */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_draws_and_decking),
        cmocka_unit_test(test_main_phases),
        cmocka_unit_test(test_london_mulligan),
        cmocka_unit_test(test_mana_and_actions),
        cmocka_unit_test(test_zero_cost_spells),
        cmocka_unit_test(test_sickness_and_land_drops),
        cmocka_unit_test(test_asked_only_with_a_choice),
        cmocka_unit_test(test_illegal_answer_is_an_error),
        cmocka_unit_test(test_state_based_actions),
        cmocka_unit_test(test_poison_and_life_loss),
        cmocka_unit_test(test_fork_is_independent),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
