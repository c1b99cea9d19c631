/* test_many.c: several targets of one spec and damage divided among them
 * (601.2c-d, 608.2b; engine/targets_many.c) on real cards of the default
 * pool: Ignite Disorder, Fireball, Bogardan Hellkite, Inferno Titan, Hail
 * of Arrows, Panic Attack, Frost Breath, Hunters' Feast; the legal action
 * list (one action per number of targets), the choices one by one, the
 * division, targets illegal on resolution, the heuristic's choices and
 * random games with state_check after every action. */
#include <stdio.h>
#include "engine/stack.h"
#include "engine/effect.h"
#include "engine/turn.h"
#include "engine/heuristic.h"
#include "engine/targets_many.h"

static const char *const names[] = {
    "Ignite Disorder", "Fireball", "Bogardan Hellkite", "Inferno Titan", "Hail of Arrows", "Panic Attack",
    "Frost Breath", "Hunters' Feast", "Grizzly Bears", "Elite Vanguard", "Serra Angel", "Air Elemental",
    "Craw Wurm",
    "Plains", "Plains", "Plains", "Island", "Island", "Island", "Swamp", "Swamp", "Swamp",
    "Mountain", "Mountain", "Mountain", "Mountain", "Mountain", "Mountain", "Forest", "Forest", "Forest", "Forest",
};
enum { C_IGNITE, C_FIREBALL, C_HELLKITE, C_TITAN, C_HAIL, C_PANIC, C_FROST, C_FEAST, C_BEARS, C_VANGUARD,
       C_SERRA, C_AIR, C_WURM, C_LANDS, C_N = C_LANDS + 19 };
#include "tests/pool_pos.h"

/* n untapped basic lands of a color onto player p's battlefield (basic
 * lands are counts by color, each a card object of the player's). */
static void lands(Pos *x, int p, int color, int n)
{
    static const int first[COLOR_COUNT] = { 0, 3, 6, 9, 15 }, count[COLOR_COUNT] = { 3, 3, 3, 6, 4 };
    Player *pl = &x->s.pl[p];
    for (int k = 0; k < count[color] && n > 0; k++) {
        int obj = C_LANDS + first[color] + k;
        if (!bits256_has(x->s.exile[p], obj)) continue;
        bits256_clear(x->s.exile[p], obj);
        bits256_set(pl->lands, obj);
        pl->lands_n++;
        pl->land_n[color]++;
        n--;
    }
    assert_int_equal(n, 0);
}

/* A scripted policy: its answers to choose, in order (then 0), and the
 * choices it was asked, by kind. An answer to CH_TARGET_NEXT names the
 * target: a permanent's slot, or PLAYER_ANSWER(p). */
#define PLAYER_ANSWER(p) (200 + (p))
typedef struct Script {
    int answer[16], n, next;
    int asked[16], asked_n[16];  /* kinds asked, in order; the options each had */
} Script;

static int script_choose(const Policy *pol, const GameState *s, const Game *g, int p, Rng *rng, const Choice *c)
{
    (void)s; (void)g; (void)p; (void)rng;
    Script *sc = (Script *)pol->self;
    int k = sc->next < 16 ? sc->next : 15;
    sc->asked[k] = c->kind;
    sc->asked_n[k] = c->n;
    int want = sc->next < sc->n ? sc->answer[sc->next] : 0;
    sc->next++;
    if (c->kind != CH_TARGET_NEXT) return want;
    for (int j = 0; j < c->n; j++)
        if ((c->opt[j].tk[0] == TK_PERM && c->opt[j].tv[0] == want) ||
            (c->opt[j].tk[0] == TK_PLAYER && PLAYER_ANSWER(c->opt[j].tv[0]) == want))
            return j;
    fail_msg("target %d is not among the options", want);
    return -1;
}

static Policy script_policy(Script *sc)
{
    Policy pol;
    memset(&pol, 0, sizeof pol);
    pol.name = "script";
    pol.self = sc;
    pol.choose = script_choose;
    return pol;
}

/* The legal casts of card k of player p: how many, and the counts of
 * targets they announce (bit n) and their X values (bit x). */
static int casts_of(const Pos *x, int p, int k, unsigned *counts, unsigned *xs)
{
    Action acts[ACTION_MAX];
    int n = actions_spells(&x->s, p, acts, 0), m = 0;
    *counts = 0;
    if (xs) *xs = 0;
    for (int j = 1; j < n; j++) {
        if (acts[j].type != ACT_CAST || x->s.pl[p].hand[acts[j].hand_idx] != k) continue;
        assert_int_equal(acts[j].tk[0], TK_MANY);
        *counts |= 1u << acts[j].n_targets;
        if (xs) *xs |= 1u << acts[j].x;
        m++;
    }
    return m;
}

static Action cast_many(const Pos *x, int p, int k, int n, int xv)
{
    Action a = act(ACT_CAST, hand_slot(x, p, k), 0, 0, 0);
    a.tk[0] = TK_MANY;
    a.n_targets = (uint8_t)n;
    a.x = (uint8_t)xv;
    return a;
}

/* The legal targets' options of the last CH_TARGET_NEXT choice are the
 * slots; answer k picks option k. */
static void check_state(Pos *x)
{
    char msg[256];
    if (state_check(&x->s, &x->g, msg, sizeof msg)) fail_msg("%s", msg);
}

/* 601.2c-d: Ignite Disorder among one, two, or three target white and/or
 * blue creatures: one action per count the candidates allow (2 here: the
 * Bears are green); the targets are chosen one by one, each once, then the
 * division, each at least 1; the last gets the rest. */
static void test_ignite_disorder(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int van = put(&x, 1, C_VANGUARD), serra = put(&x, 1, C_SERRA);
    put(&x, 1, C_BEARS);
    give(&x, 0, C_IGNITE);
    lands(&x, 0, COLOR_R, 2);
    unsigned counts;
    assert_int_equal(casts_of(&x, 0, C_IGNITE, &counts, NULL), 2);
    assert_int_equal(counts, (1u << 1) | (1u << 2));
    /* Three targets: not legal with two candidates. */
    Action a = cast_many(&x, 0, C_IGNITE, 3, 0);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 0), ERR_ILLEGAL_ACTION);
    /* Two: the Vanguard, then the Angel (the only one left: no choice to
     * ask); 1 damage to the first (option 0 of 1..2). */
    Script sc = { .answer = { van, 0 }, .n = 2 };
    Policy pol = script_policy(&sc);
    x.g.policy[0] = &pol;
    a = cast_many(&x, 0, C_IGNITE, 2, 0);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 0), MTG_OK);
    assert_int_equal(sc.asked[0], CH_TARGET_NEXT);
    assert_int_equal(sc.asked_n[0], 2);
    assert_int_equal(sc.asked[1], CH_DIVIDE);
    assert_int_equal(sc.asked_n[1], 2);             /* 1 or 2: the other target needs 1 */
    assert_int_equal(sc.next, 2);                   /* the last share is not asked */
    const StackItem *it = &x.s.stack[0];
    assert_int_equal(it->n_targets, 2);
    assert_int_equal(it->t[0].v, van);
    assert_int_equal(it->t[0].amount, 1);
    assert_int_equal(it->t[1].v, serra);
    assert_int_equal(it->t[1].amount, 2);
    assert_int_equal(x.s.pl[0].land_tapped[COLOR_R], 2);
    check_state(&x);
    settle(&x);
    assert_false(permset_has(x.s.perm_used, van));
    assert_int_equal(x.s.perm[serra].damage, 2);
}

/* 608.2b: a target gone on resolution is dealt none of the damage; the
 * other keeps its share as divided on casting (not the whole 3). */
static void test_divided_illegal_target(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int van = put(&x, 1, C_VANGUARD), air = put(&x, 1, C_AIR);
    give(&x, 0, C_IGNITE);
    lands(&x, 0, COLOR_R, 2);
    Script sc = { .answer = { air, 1 }, .n = 2 };   /* the Elemental, the Vanguard; 2 to the Elemental */
    Policy pol = script_policy(&sc);
    x.g.policy[0] = &pol;
    Action a = cast_many(&x, 0, C_IGNITE, 2, 0);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 0), MTG_OK);
    assert_int_equal(x.s.stack[0].t[0].v, air);
    assert_int_equal(x.s.stack[0].t[0].amount, 2);
    assert_int_equal(x.s.stack[0].t[1].amount, 1);
    perm_leave(&x.s, &x.g, van, ZONE_HAND);
    settle(&x);
    assert_int_equal(x.s.last_result, RES_RESOLVED);
    assert_int_equal(x.s.perm[air].damage, 2);
    /* Every target gone: it does not resolve (608.2b). */
    Pos y; pos_init(&y);
    int v2 = put(&y, 1, C_VANGUARD);
    give(&y, 0, C_IGNITE);
    lands(&y, 0, COLOR_R, 2);
    a = cast_many(&y, 0, C_IGNITE, 1, 0);
    assert_int_equal(action_apply(&y.s, &y.g, 0, &a, 0), MTG_OK);
    assert_int_equal(y.s.stack[0].t[0].amount, 3);
    perm_leave(&y.s, &y.g, v2, ZONE_HAND);
    settle(&y);
    assert_int_equal(y.s.last_result, RES_FIZZLED);
}

/* Fireball: {1} more for each target beyond the first (601.2e); X divided
 * evenly, rounded down, among the targets still legal as it resolves
 * (its rulings of 2009); zero targets is legal, and it then resolves
 * doing nothing. */
static void test_fireball(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    give(&x, 0, C_FIREBALL);
    lands(&x, 0, COLOR_R, 3);
    unsigned counts, xs;
    /* X 0: 0 to 3 targets ({R}, {1}{R}, {2}{R}); X 1: 0 to 2; X 2: 0 or 1 (two players, no creature yet). */
    int m = casts_of(&x, 0, C_FIREBALL, &counts, &xs);
    assert_int_equal(m, 3 + 3 + 2);                /* two candidates: at most 2 targets */
    assert_int_equal(xs, 7u);
    int bears = put(&x, 1, C_BEARS);
    m = casts_of(&x, 0, C_FIREBALL, &counts, &xs);
    assert_int_equal(m, 4 + 3 + 2);
    /* X = 1 with three targets costs {1}{R} + {2}: not payable with 3 lands. */
    Action a = cast_many(&x, 0, C_FIREBALL, 3, 1);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 0), ERR_ILLEGAL_ACTION);
    lands(&x, 0, COLOR_R, 3);
    /* X 4 at the opponent and the Bears: {4}{R} + {1}, 2 damage each. */
    Script sc = { .answer = { PLAYER_ANSWER(1), bears }, .n = 2 };
    Policy pol = script_policy(&sc);
    x.g.policy[0] = &pol;
    a = cast_many(&x, 0, C_FIREBALL, 2, 4);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 0), MTG_OK);
    assert_int_equal(x.s.pl[0].land_tapped[COLOR_R], 6);
    assert_int_equal(sc.next, 2);                   /* no division asked: it is even */
    assert_int_equal(x.s.stack[0].t[0].kind, TK_PLAYER);
    assert_int_equal(x.s.stack[0].t[1].v, bears);
    settle(&x);
    assert_int_equal(x.s.pl[1].life, 18);
    assert_false(permset_has(x.s.perm_used, bears));
    /* Again with the Bears gone before it resolves: X 4 among the one
     * legal target left. */
    Pos y; pos_init(&y);
    bears = put(&y, 1, C_BEARS);
    give(&y, 0, C_FIREBALL);
    lands(&y, 0, COLOR_R, 6);
    Script sy = { .answer = { PLAYER_ANSWER(1), bears }, .n = 2 };
    Policy py = script_policy(&sy);
    y.g.policy[0] = &py;
    a = cast_many(&y, 0, C_FIREBALL, 2, 4);
    assert_int_equal(action_apply(&y.s, &y.g, 0, &a, 0), MTG_OK);
    perm_leave(&y.s, &y.g, bears, ZONE_HAND);
    settle(&y);
    assert_int_equal(y.s.pl[1].life, 16);
    /* Zero targets: legal, not a targeted spell; resolves, deals nothing. */
    Pos z; pos_init(&z);
    give(&z, 0, C_FIREBALL);
    lands(&z, 0, COLOR_R, 4);
    a = cast_many(&z, 0, C_FIREBALL, 0, 3);
    assert_int_equal(action_apply(&z.s, &z.g, 0, &a, 0), MTG_OK);
    settle(&z);
    assert_int_equal(z.s.last_result, RES_RESOLVED);
    assert_int_equal(z.s.pl[0].life + z.s.pl[1].life, 40);
}

/* Bogardan Hellkite: 5 damage divided among any number of targets as its
 * ability goes on the stack: at least one target (all of it is divided),
 * at most 5; the heuristic kills the opponent's creatures with lethal
 * damage each and sends the rest to the opponent. */
static void test_hellkite_heuristic(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    HeuristicParams hp;
    heuristic_defaults(&hp);
    Policy h = policy_heuristic;
    h.self = &hp;
    x.g.policy[0] = &h;
    int bears = put(&x, 1, C_BEARS), van = put(&x, 1, C_VANGUARD);
    int mine = put(&x, 0, C_AIR);
    int k = enter(&x, 0, C_HELLKITE);
    assert_true(k >= 0);
    settle(&x);
    assert_false(permset_has(x.s.perm_used, bears));
    assert_false(permset_has(x.s.perm_used, van));
    assert_true(permset_has(x.s.perm_used, mine));
    assert_int_equal(x.s.perm[mine].damage, 0);
    assert_int_equal(x.s.pl[1].life, 20 - 2);
    assert_int_equal(x.s.pl[0].life, 20);
}

/* A triggered ability asks the number of targets first: Inferno Titan's
 * 1 to 3 (CH_TARGET_COUNT from 1), then each, then the division. */
static void test_titan_count(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int wurm = put(&x, 1, C_WURM);
    /* 2 targets (option 1 of 1..3): the Wurm, then player 0; 2 damage to the Wurm. */
    Script sc = { .answer = { 1, wurm, PLAYER_ANSWER(0), 1 }, .n = 4 };
    Policy pol = script_policy(&sc);
    x.g.policy[0] = &pol;
    enter(&x, 0, C_TITAN);
    layers_refresh(&x.s);
    assert_int_equal(triggers_put(&x.s, &x.g), 1);
    assert_int_equal(sc.asked[0], CH_TARGET_COUNT);
    assert_int_equal(sc.asked_n[0], 3);             /* 1, 2 or 3 targets */
    assert_int_equal(sc.asked[1], CH_TARGET_NEXT);
    assert_int_equal(sc.asked_n[1], 4);             /* two players, the Wurm and the Titan itself */
    assert_int_equal(sc.asked[3], CH_DIVIDE);
    const StackItem *it = &x.s.stack[0];
    assert_int_equal(it->n_targets, 2);
    assert_int_equal(it->t[0].v, wurm);
    assert_int_equal(it->t[0].amount, 2);
    assert_int_equal(it->t[1].kind, TK_PLAYER);
    assert_int_equal(it->t[1].amount, 1);
    check_state(&x);
    settle(&x);
    assert_int_equal(x.s.perm[wurm].damage, 2);
}

/* Hail of Arrows: X damage divided among any number of target attacking
 * creatures: X 0 allows no target (nothing to divide); X 2, one or two. */
static void test_hail_of_arrows(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int bears = put(&x, 1, C_BEARS), van = put(&x, 1, C_VANGUARD);
    put(&x, 1, C_SERRA);
    x.s.active = 1;
    x.s.step = STEP_DECLARE_BLOCKERS;
    x.s.combat.attackers = PERMSET_BIT(bears) | PERMSET_BIT(van);
    x.s.perm[bears].target = x.s.perm[van].target = TARGET_PLAYER;
    give(&x, 0, C_HAIL);
    lands(&x, 0, COLOR_W, 3);
    unsigned counts, xs;
    casts_of(&x, 0, C_HAIL, &counts, &xs);
    assert_int_equal(xs, 7u);                        /* X 0, 1, 2 */
    Action acts[ACTION_MAX];
    int n = actions_spells(&x.s, 0, acts, 0), per_x[3] = { 0 };
    for (int j = 1; j < n; j++) {
        if (acts[j].type != ACT_CAST) continue;
        per_x[acts[j].x] |= 1 << acts[j].n_targets;
    }
    assert_int_equal(per_x[0], 1 << 0);
    assert_int_equal(per_x[1], 1 << 1);
    assert_int_equal(per_x[2], (1 << 1) | (1 << 2));
    Script sc = { .answer = { bears, 0 }, .n = 2 };   /* the Bears, then the Vanguard; 1 each */
    Policy pol = script_policy(&sc);
    x.g.policy[0] = &pol;
    Action a = cast_many(&x, 0, C_HAIL, 2, 2);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 0), MTG_OK);
    assert_int_equal(sc.asked_n[0], 2);             /* the attackers only, not the Angel */
    settle(&x);
    assert_int_equal(x.s.perm[bears].damage, 1);
    assert_false(permset_has(x.s.perm_used, van));
}

/* "Up to three target creatures can't block this turn": 0 to 3 targets;
 * "Tap up to two target creatures. Those creatures don't untap during
 * their controller's next untap step." */
static void test_up_to(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int bears = put(&x, 1, C_BEARS), van = put(&x, 1, C_VANGUARD), serra = put(&x, 1, C_SERRA);
    give(&x, 0, C_PANIC);
    give(&x, 0, C_FROST);
    lands(&x, 0, COLOR_R, 3);
    lands(&x, 0, COLOR_U, 3);
    unsigned counts;
    assert_int_equal(casts_of(&x, 0, C_PANIC, &counts, NULL), 4);
    assert_int_equal(counts, 0xFu);                 /* 0, 1, 2, 3 */
    assert_int_equal(casts_of(&x, 0, C_FROST, &counts, NULL), 3);
    assert_int_equal(counts, 7u);
    Script sc = { .answer = { bears, serra }, .n = 2 };
    Policy pol = script_policy(&sc);
    x.g.policy[0] = &pol;
    Action a = cast_many(&x, 0, C_PANIC, 2, 0);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 0), MTG_OK);
    settle(&x);
    assert_true(x.s.px[bears].rules & (1u << RULE_CANT_BLOCK));
    assert_true(x.s.px[serra].rules & (1u << RULE_CANT_BLOCK));
    assert_false(x.s.px[van].rules & (1u << RULE_CANT_BLOCK));
    /* Frost Breath on the Vanguard and the Angel. */
    sc.next = 0;
    sc.answer[0] = van; sc.answer[1] = serra;
    a = cast_many(&x, 0, C_FROST, 2, 0);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 0), MTG_OK);
    settle(&x);
    assert_true(x.s.perm[van].flags & PF_TAPPED);
    assert_true(x.s.perm[serra].flags & PF_TAPPED);
    assert_false(x.s.perm[bears].flags & PF_TAPPED);
    assert_true(x.s.px[van].xflags & PX_SKIP_UNTAP);
    assert_true(x.s.px[serra].xflags & PX_SKIP_UNTAP);
    assert_false(x.s.px[bears].xflags & PX_SKIP_UNTAP);
    /* Zero targets: legal; it resolves and does nothing. */
    give(&x, 0, C_FEAST);
    lands(&x, 0, COLOR_G, 4);
    a = cast_many(&x, 0, C_FEAST, 0, 0);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 0), MTG_OK);
    settle(&x);
    assert_int_equal(x.s.last_result, RES_RESOLVED);
    assert_int_equal(x.s.pl[0].life, 20);
}

/* Hunters' Feast: any number of target players; the heuristic gains the
 * life itself and gives the opponent none. */
static void test_feast_heuristic(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    HeuristicParams hp;
    heuristic_defaults(&hp);
    Policy h = policy_heuristic;
    h.self = &hp;
    x.g.policy[0] = &h;
    give(&x, 0, C_FEAST);
    lands(&x, 0, COLOR_G, 4);
    Action acts[ACTION_MAX];
    int n = actions_spells(&x.s, 0, acts, 0);
    assert_int_equal(n, 1 + 3);                      /* pass; 0, 1 or 2 players */
    int k = h.main_action(&h, &x.s, &x.g, 0, x.g.policy_rng[0], acts, n);
    assert_int_equal(acts[k].n_targets, 1);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &acts[k], 0), MTG_OK);
    settle(&x);
    assert_int_equal(x.s.pl[0].life, 26);
    assert_int_equal(x.s.pl[1].life, 20);
}

/* state_check: a division that gives a target nothing, or does not add
 * up to the damage, is a broken state. */
static void test_check_division(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    put(&x, 1, C_VANGUARD); put(&x, 1, C_SERRA);
    give(&x, 0, C_IGNITE);
    lands(&x, 0, COLOR_R, 2);
    Action a = cast_many(&x, 0, C_IGNITE, 2, 0);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 0), MTG_OK);
    char msg[256];
    assert_int_equal(state_check(&x.s, &x.g, msg, sizeof msg), 0);
    x.s.stack[0].t[0].amount = 0;
    x.s.stack[0].t[1].amount = 3;
    assert_int_not_equal(state_check(&x.s, &x.g, msg, sizeof msg), 0);
    assert_non_null(strstr(msg, "share"));
    x.s.stack[0].t[0].amount = 2;
    assert_int_not_equal(state_check(&x.s, &x.g, msg, sizeof msg), 0);
    assert_non_null(strstr(msg, "add up"));
    x.s.stack[0].t[0].amount = 1;
    x.s.stack[0].t[1] = x.s.stack[0].t[0];
    x.s.stack[0].t[1].amount = 2;
    assert_int_not_equal(state_check(&x.s, &x.g, msg, sizeof msg), 0);
    assert_non_null(strstr(msg, "twice"));
}

/* Random choices: every legal count, target and division, uniformly at
 * each step; the states stay sound. Many casts from one position. */
static void test_random_choices(void **state)
{
    (void)state;
    for (int seed = 0; seed < 200; seed++) {
        Pos x; pos_init(&x);
        rng_seed(&x.rng[2], (uint64_t)seed, 5, 0);
        x.g.policy[0] = &policy_random;
        put(&x, 1, C_BEARS); put(&x, 1, C_VANGUARD); put(&x, 1, C_SERRA); put(&x, 0, C_AIR);
        int card = (int[]){ C_IGNITE, C_FIREBALL, C_PANIC, C_FROST, C_FEAST }[seed % 5];
        give(&x, 0, card);
        for (int c = 0; c < COLOR_C; c++) lands(&x, 0, c, 3);
        Action acts[ACTION_MAX];
        int n = actions_spells(&x.s, 0, acts, 0);
        assert_true(n > 1);
        int k = 1 + (int)rng_below(&x.rng[2], (uint32_t)(n - 1));
        assert_int_equal(action_apply(&x.s, &x.g, 0, &acts[k], 0), MTG_OK);
        check_state(&x);
        settle(&x);
    }
    /* Hellkites entering with random choices. */
    for (int seed = 0; seed < 100; seed++) {
        Pos x; pos_init(&x);
        rng_seed(&x.rng[2], (uint64_t)seed, 7, 0);
        x.g.policy[0] = &policy_random;
        put(&x, 1, C_BEARS); put(&x, 1, C_VANGUARD);
        enter(&x, 0, seed & 1 ? C_HELLKITE : C_TITAN);
        layers_refresh(&x.s);
        triggers_put(&x.s, &x.g);
        assert_int_equal(x.s.stack_n, 1);
        int total = 0;
        for (int j = 0; j < x.s.stack[0].n_targets; j++) total += x.s.stack[0].t[j].amount;
        assert_int_equal(total, seed & 1 ? 5 : 3);
        check_state(&x);
        settle(&x);
    }
}

int main(void)
{
    (void)library;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ignite_disorder),
        cmocka_unit_test(test_divided_illegal_target),
        cmocka_unit_test(test_fireball),
        cmocka_unit_test(test_hellkite_heuristic),
        cmocka_unit_test(test_titan_count),
        cmocka_unit_test(test_hail_of_arrows),
        cmocka_unit_test(test_up_to),
        cmocka_unit_test(test_feast_heuristic),
        cmocka_unit_test(test_check_division),
        cmocka_unit_test(test_random_choices),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
