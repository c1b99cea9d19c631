/* test_capacity.c: the state's fixed capacities (PERM_MAX, HAND_MAX,
 * PAIR_MAX): a game that reaches one keeps every card object in exactly
 * one zone, even when it has to be abandoned as END_CAPACITY. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <cmocka.h>
#include "fixtures.h"
#include "engine/heuristic.h"

static CardDef cards[FX_COUNT];
static CardPool pool;

/* Each seat: `lands` Islands, then `walls` 0/7 defenders ({1}{U}). */
static void harness(Harness *h, int lands, int walls, const Policy *pol, uint64_t seed)
{
    fx_pool(cards, &pool);
    fx_harness(h, &pool, pol, pol, seed);
    for (int p = 0; p < 2; p++) {
        Deck *d = &h->deck[p];
        for (int k = 0; k < lands + walls; k++) d->card[d->n++] = (uint16_t)(k < lands ? FX_ISLAND : FX_WALL);
    }
}

/* Cards of player p in each zone, counted apart from state_check. */
static int cards_in_all_zones(const GameState *s, int p)
{
    const Player *pl = &s->pl[p];
    int n = pl->lib_n + pl->hand_n + bits256_count(pl->gy) + bits256_count(pl->lands);
    for (int k = 0; k < s->stack_n; k++) n += s->stack[k].kind == SI_SPELL && s->stack[k].owner == p;
    for (int i = 0; i < PERM_MAX; i++)
        n += (int)((s->perm_ctl[p] >> i) & 1) && s->perm[i].obj != OBJ_NONE;
    return n;
}

static void assert_consistent(const Harness *h)
{
    char msg[160] = "";
    int rc = state_check(&h->s, &h->g, msg, (int)sizeof msg);
    if (rc) print_error("state_check: %s\n", msg);
    assert_int_equal(rc, 0);
    if (h->g.check_failed) print_error("during the game: %s\n", h->g.check_msg);
    assert_int_equal(h->g.check_failed, 0);
    for (int p = 0; p < 2; p++) assert_int_equal(cards_in_all_zones(&h->s, p), h->s.pl[p].deck_n);
}

/* By hand: each player's first `lands` objects as untapped lands, the
 * next PERM_MAX / 2 as walls on the battlefield, one more in player 0's
 * hand, the rest in order in the libraries; player 0's first main phase. */
static void full_board(Harness *h, int lands)
{
    GameState *s = &h->s;
    state_clear(s, &pool, EDITION_2011);
    for (int p = 0; p < 2; p++) {
        Player *pl = &s->pl[p];
        pl->deck = h->deck[p].card;
        pl->deck_n = (uint8_t)h->deck[p].n;
        int o = 0;
        for (; o < lands; o++) {
            bits256_set(pl->lands, o);
            pl->lands_n++;
            pl->land_n[COLOR_U]++;
        }
        for (; o < lands + PERM_MAX / 2; o++) assert_true(perm_create(s, p, FX_WALL, (uint8_t)o) >= 0);
        if (p == 0) pl->hand[pl->hand_n++] = (uint8_t)o++;
        pl->lib = h->lib[p];
        for (; o < pl->deck_n; o++) h->lib[p][pl->lib_n++] = (uint8_t)o;
    }
    s->sba_pending = 0;
    s->step = STEP_MAIN1;
    assert_int_equal(permset_count(s->perm_used), PERM_MAX);
    assert_consistent(h);
}

/* A spell that resolves onto a full battlefield: the game is abandoned as
 * a capacity draw, and the card stays where the engine could keep it (on
 * the stack) instead of vanishing. */
static void test_full_board_keeps_the_spell(void **st)
{
    Harness h;
    harness(&h, 10, PERM_MAX / 2 + 10, &policy_heuristic, 1);
    full_board(&h, 10);
    game_run(&h.s, &h.g);
    assert_true(h.s.over);
    assert_int_equal(h.s.end_reason, END_CAPACITY);
    assert_int_equal(h.s.winner, 2);
    assert_int_equal(h.s.error, ERR_CAPACITY);
    assert_int_equal(h.s.stack_n, 1);                 /* the wall that found no room */
    assert_int_equal(h.s.pl[0].hand_n, 0);
    assert_consistent(&h);
}

/* Whole games of walls (nothing ever dies) fill the battlefield: every
 * game ends as a capacity draw, and every invariant holds after every
 * action of every game, for the heuristic and the random policy. */
static void test_games_that_fill_the_board(void **st)
{
    const Policy *pols[] = { &policy_heuristic, &policy_random };
    for (int k = 0; k < 2; k++) {
        for (uint64_t seed = 1; seed <= 4; seed++) {
            Harness h;
            harness(&h, 24, PERM_MAX / 2 + 20, pols[k], seed);
            h.g.turn_cap = 1000;
            game_init(&h.s, &h.g, (int)(seed & 1));
            game_run(&h.s, &h.g);
            assert_true(h.s.over);
            assert_int_equal(h.s.end_reason, END_CAPACITY);
            assert_int_equal(permset_count(h.s.perm_used), PERM_MAX);
            assert_consistent(&h);
        }
    }
}

/* A draw into a full hand: a capacity draw, the card stays on top of the
 * library. */
static void test_full_hand_keeps_the_card(void **st)
{
    Harness h;
    harness(&h, 10, 30, NULL, 1);
    GameState *s = &h.s;
    state_clear(s, &pool, EDITION_2011);
    for (int p = 0; p < 2; p++) {
        Player *pl = &s->pl[p];
        pl->deck = h.deck[p].card;
        pl->deck_n = (uint8_t)h.deck[p].n;
        pl->lib = h.lib[p];
        for (int o = 0; o < pl->deck_n; o++) {
            if (p == 0 && pl->hand_n < HAND_MAX) pl->hand[pl->hand_n++] = (uint8_t)o;
            else h.lib[p][pl->lib_n++] = (uint8_t)o;
        }
    }
    uint8_t top = s->pl[0].lib[s->pl[0].lib_top];
    game_draw(s, &h.g, 0);
    assert_true(s->over);
    assert_int_equal(s->end_reason, END_CAPACITY);
    assert_int_equal(s->pl[0].hand_n, HAND_MAX);
    assert_int_equal(s->pl[0].lib[s->pl[0].lib_top], top);
    assert_consistent(&h);
}

/* More blocks than a combat holds are refused whole, the state as it was. */
static void test_too_many_blocks_refused(void **st)
{
    Harness h;
    harness(&h, 10, PERM_MAX / 2 + 10, NULL, 1);
    full_board(&h, 10);
    GameState *s = &h.s;
    GameState before = *s;
    BlockDecl d[PAIR_MAX + 1];
    for (int k = 0; k <= PAIR_MAX; k++) d[k] = (BlockDecl){ 0, 0 };
    s->step = STEP_DECLARE_BLOCKERS;
    before.step = STEP_DECLARE_BLOCKERS;
    assert_int_equal(combat_declare_blockers(s, &h.g, d, PAIR_MAX + 1), ERR_CAPACITY);
    assert_memory_equal(s, &before, sizeof before);
}

/* ---- slots past 63 ---- */

/* A battlefield built by hand with permanents of no card object: player
 * 0's tapped defenders in the first `filler` slots (they neither attack
 * nor block), then what the test puts. */
static void filled(Harness *h, int filler)
{
    GameState *s = &h->s;
    state_clear(s, &pool, EDITION_2011);
    for (int k = 0; k < filler; k++) {
        int i = perm_create(s, 0, FX_WALL, OBJ_NONE);
        assert_int_equal(i, k);
        s->perm[i].flags |= PF_TAPPED;
    }
    s->sba_pending = 0;
}

/* The policies and combat see creatures in the slots past 63: an attack
 * that kills, the chump block that stops it, both creatures dying in
 * combat damage (state-based actions look at the slots dealt damage). */
static void test_high_slots_fight(void **st)
{
    Harness h;
    harness(&h, 10, 30, &policy_heuristic, 1);
    filled(&h, 100);
    GameState *s = &h.s;
    int att = perm_create(s, 0, FX_BEARS, OBJ_NONE);
    int blk = perm_create(s, 1, FX_BEARS, OBJ_NONE);
    assert_int_equal(att, 100);
    assert_int_equal(blk, 101);
    s->sba_pending = 0;
    s->pl[1].life = 2;
    s->step = STEP_DECLARE_ATTACKERS;

    AttackDecl ad[PERM_MAX];
    /* As if both libraries were far from empty (the heuristic plays
     * otherwise when one is about to run out): counts alone, for this
     * decision (state_check would look for their cards). */
    s->pl[0].lib_n = s->pl[1].lib_n = 20;
    int n = policy_heuristic.attack(&policy_heuristic, s, &h.g, 0, &h.pr[0], ad);
    s->pl[0].lib_n = s->pl[1].lib_n = 0;
    assert_int_equal(n, 1);
    assert_int_equal(ad[0].attacker, att);
    assert_int_equal(combat_declare_attackers(s, &h.g, ad, n), MTG_OK);
    assert_true(permset_has(s->combat.attackers, att));

    BlockDecl bd[PAIR_MAX];
    n = policy_heuristic.block(&policy_heuristic, s, &h.g, 1, &h.pr[1], bd);
    assert_int_equal(n, 1);
    assert_int_equal(bd[0].blocker, blk);
    assert_int_equal(bd[0].attacker, att);
    assert_int_equal(combat_declare_blockers(s, &h.g, bd, n), MTG_OK);
    assert_int_equal(combat_damage_step(s, &h.g, 0, NULL, 0), MTG_OK);
    assert_false(permset_has(s->perm_used, att));
    assert_false(permset_has(s->perm_used, blk));
    assert_int_equal(permset_count(s->perm_used), 100);
    assert_int_equal(s->pl[1].life, 2);
    combat_end(s);
    assert_consistent(&h);
}

/* Full battlefields of mixed creatures, slots taken at random between the
 * players: every policy's blocks against everything that can attack are
 * legal (a combat holds PAIR_MAX pairs: a policy that must leave some out
 * keeps a menace attacker's blockers together), and the combat plays out
 * with every invariant holding. */
static void test_full_board_combats(void **st)
{
    static const int kinds[] = { FX_BEARS, FX_MENACE, FX_SPIDER, FX_GOBLIN, FX_WALL, FX_TYPHOID,
                                 FX_WURM, FX_KNIGHT, FX_GARGOYLE, FX_TWOBLOCK, FX_DOUBLE };
    const int nk = (int)(sizeof kinds / sizeof *kinds);
    const Policy *pols[] = { &policy_heuristic, &policy_aggro, &policy_random };
    for (int pk = 0; pk < 3; pk++) {
        for (uint64_t seed = 1; seed <= 60; seed++) {
            Harness h;
            harness(&h, 10, 30, pols[pk], seed);
            GameState *s = &h.s;
            state_clear(s, &pool, seed & 1 ? EDITION_2011 : EDITION_FOUNDATIONS);
            Rng r;
            rng_seed(&r, seed, 7, 7);
            int menace_side = (int)rng_below(&r, 3);   /* 0: few menace attackers, else many */
            int share = 50 + 10 * (int)rng_below(&r, 3);  /* the defender's share of the slots, % */
            for (int k = 0; k < PERM_MAX; k++) {
                int p = rng_below(&r, 100) < (uint32_t)share;
                int card = kinds[rng_below(&r, (uint32_t)nk)];
                if (p == 0 && menace_side && rng_below(&r, 2)) card = FX_MENACE;
                int i = perm_create(s, p, (uint16_t)card, OBJ_NONE);
                assert_int_equal(i, k);
                if (rng_below(&r, 4) == 0) s->perm[i].flags |= PF_TAPPED;
            }
            s->sba_pending = 0;
            s->step = STEP_DECLARE_ATTACKERS;
            AttackDecl ad[PERM_MAX];
            int n = 0;
            for (PermIter it = permset_iter(s->perm_ctl[0]); permiter_more(&it);) {
                int i = permiter_next(&it);
                if (combat_can_attack(s, i)) ad[n++] = (AttackDecl){ (uint8_t)i, TARGET_PLAYER };
            }
            assert_int_equal(combat_declare_attackers(s, &h.g, ad, n), MTG_OK);
            s->step = STEP_DECLARE_BLOCKERS;
            BlockDecl bd[PAIR_MAX];
            int nb = pols[pk]->block(pols[pk], s, &h.g, 1, &h.pr[1], bd);
            assert_in_range(nb, 0, PAIR_MAX);
            assert_int_equal(combat_declare_blockers(s, &h.g, bd, nb), MTG_OK);
            assert_int_equal(combat_ask_orders(s, &h.g), MTG_OK);
            if (combat_has_first_strike(s)) assert_int_equal(combat_damage_step(s, &h.g, 1, NULL, 0), MTG_OK);
            assert_int_equal(combat_damage_step(s, &h.g, 0, NULL, 0), MTG_OK);
            combat_end(s);
            assert_consistent(&h);
        }
    }
}

/* More blocks than a combat holds: the heuristic, near death, blocks an
 * indestructible attacker with one creature and each of 40 menace
 * attackers with two (81 pairs). It declares PAIR_MAX of them at most,
 * and never one blocker alone of a menace attacker, which is illegal. */
static void test_heuristic_blocks_fit_a_combat(void **st)
{
    Harness h;
    harness(&h, 10, 30, &policy_heuristic, 1);
    GameState *s = &h.s;
    state_clear(s, &pool, EDITION_2011);
    AttackDecl ad[PERM_MAX];
    int n = 0;
    for (int k = 0; k < 41; k++) {
        int i = perm_create(s, 0, k ? FX_MENACE : FX_INDESTRUCTIBLE, OBJ_NONE);
        ad[n++] = (AttackDecl){ (uint8_t)i, TARGET_PLAYER };
    }
    while (permset_count(s->perm_used) < PERM_MAX) perm_create(s, 1, FX_BEARS, OBJ_NONE);
    s->sba_pending = 0;
    s->pl[1].life = 1;
    s->step = STEP_DECLARE_ATTACKERS;
    assert_int_equal(combat_declare_attackers(s, &h.g, ad, n), MTG_OK);
    s->step = STEP_DECLARE_BLOCKERS;
    BlockDecl bd[PAIR_MAX];
    int nb = policy_heuristic.block(&policy_heuristic, s, &h.g, 1, &h.pr[1], bd);
    assert_in_range(nb, PAIR_MAX - 2, PAIR_MAX);
    assert_int_equal(combat_declare_blockers(s, &h.g, bd, nb), MTG_OK);
    assert_consistent(&h);
}

/* ---- the slot sets ---- */

/* PermSet's helpers on both words and their edges: slots 0, 63, 64 and
 * PERM_MAX - 1 (the 64-bit masks they replace dropped every slot past 63
 * without a word). */
static void test_permset_helpers(void **st)
{
    static const int slots[] = { 0, 1, 62, 63, 64, 65, 100, PERM_MAX - 1 };
    const int ns = (int)(sizeof slots / sizeof *slots);
    PermSet m = 0;
    for (int k = 0; k < ns; k++) {
        assert_false(permset_has(m, slots[k]));
        m |= PERMSET_BIT(slots[k]);
        assert_true(permset_has(m, slots[k]));
        assert_int_equal(permset_count(m), k + 1);
        assert_true(permset_bit_if(1, slots[k]) == PERMSET_BIT(slots[k]));
        assert_true(permset_bit_if(0, slots[k]) == 0);
    }
    for (int i = 0; i < PERM_MAX; i++) {
        int in = 0;
        for (int k = 0; k < ns; k++) in |= slots[k] == i;
        assert_int_equal(permset_has(m, i), in);
    }
    /* Visited lowest first, each once: from the full set, from one word alone. */
    int k = 0;
    for (PermIter it = permset_iter(m); permiter_more(&it);) assert_int_equal(permiter_next(&it), slots[k++]);
    assert_int_equal(k, ns);
    k = 4;
    for (PermIter it = permset_iter(m >> 64 << 64); permiter_more(&it);) assert_int_equal(permiter_next(&it), slots[k++]);
    assert_int_equal(k, ns);
    PermIter none = permset_iter(0);
    assert_false(permiter_more(&none));
    assert_int_equal(permset_first(m), 0);
    assert_int_equal(permset_first(m >> 64 << 64), 64);
    assert_int_equal(permset_first(PERMSET_BIT(PERM_MAX - 1)), PERM_MAX - 1);
    PermSet all = 0;
    for (int i = 0; i < PERM_MAX; i++) all |= PERMSET_BIT(i);
    assert_int_equal(permset_count(all), PERM_MAX);
    assert_true(permset_all_if(1) == ~(PermSet)0 && permset_all_if(0) == 0);
    assert_false(permset_wide(PERMSET_BIT(63)));
    assert_true(permset_wide(PERMSET_BIT(64)));
    assert_true(permset_narrow(PERMSET_BIT(63) | PERMSET_BIT(3), 0) == (PERMSET_BIT(63) | PERMSET_BIT(3)));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_permset_helpers),
        cmocka_unit_test(test_full_board_keeps_the_spell),
        cmocka_unit_test(test_games_that_fill_the_board),
        cmocka_unit_test(test_full_hand_keeps_the_card),
        cmocka_unit_test(test_too_many_blocks_refused),
        cmocka_unit_test(test_high_slots_fight),
        cmocka_unit_test(test_full_board_combats),
        cmocka_unit_test(test_heuristic_blocks_fit_a_combat),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
