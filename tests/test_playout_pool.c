/* test_playout_pool.c: every card the engine supports, in whole games.
 *
 * Decks are built from the default pool as it is (decks/pool.json: the
 * four core sets), so the test follows the supported set as it grows:
 * every supported nonland card goes to a 60-card deck of two colors (one
 * deck per pair of colors, more when a pair has more cards than a deck
 * holds; colorless cards spread over them) with 24 lands for its colors,
 * the pair's supported dual lands among them. The decks play each other,
 * every ordered pair in turn, random policy on both sides, with state_check
 * after every action. The test fails on a broken invariant, a game ended
 * by an illegal answer (END_ERROR) or abandoned at a capacity other than a
 * full hand or a full stack (END_CAPACITY: no other was reached in these
 * runs, tokens included; a hand of HAND_MAX cards that must take one more,
 * after Mind Spring or Tidings, or STACK_MAX activations in response to
 * each other end a few games in 100,000, and may end 1 in 1,000), and on a
 * supported card never cast or played in the whole run (a card the engine
 * calls supported but no game can play), but those listed in `unplayable`.
 * A failure prints both decks as deck lists and the `mtgsim trace` command
 * that replays the game (games are seeded as sim/driver.c seeds them).
 *
 * Cost: state_check after every action is most of it (100,000 games of 20
 * decks, 475 cards, take about 210 s of one core in the release build and
 * 10,000 about 65 s under the sanitizers; 11 s without the checks when the
 * pool made 10 decks). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <cmocka.h>
#include "decks/pool.h"
#include "engine/ability.h"
#include "engine/game.h"
#include "engine/policy.h"

/* Games in all: 100,000 in the normal build, fewer in a sanitizer build
 * (.ci/test passes -DPLAYOUT_GAMES=10000 there, as for test_playout). */
#ifndef PLAYOUT_GAMES
#define PLAYOUT_GAMES 100000
#endif

#define SPELL_SLOTS 36        /* nonland cards a deck holds; 24 lands besides */
#define DECKS_MAX   64

static Pool pool;

typedef struct PoolDecks {
    Deck deck[DECKS_MAX];
    uint8_t colors[DECKS_MAX];   /* CB_* of each deck's two colors */
    int n;
} PoolDecks;

/* CB_* colors of the mana symbols of a card's cost. */
static unsigned cost_colors(const CardDef *c)
{
    unsigned m = 0;
    for (int col = 0; col < COLOR_C; col++) if (c->cost_color[col]) m |= 1u << col;
    return m;
}

/* CB_* colors a nonbasic land taps for (its mana abilities). */
static unsigned land_colors(const CardDef *c)
{
    unsigned m = 0;
    for (int a = 0; a < c->n_abilities; a++)
        if (c->ab[a].kind == AB_MANA)
            for (int e = 0; e < c->ab[a].n_effects; e++)
                if (c->ab[a].effect[e].op == OP_ADD_MANA) m |= c->ab[a].effect[e].arg2;
    return m;
}

static int popcount(unsigned m) { int n = 0; for (; m; m &= m - 1) n++; return n; }

/* The pool index of the basic land of color col. */
static int basic_of(int col)
{
    static const char *const names[] = { "Plains", "Island", "Swamp", "Mountain", "Forest" };
    int i = pool_find(&pool, names[col]);
    assert_true(i >= 0);
    return i;
}

/* Fills deck d of colors `pair` (two CB_* bits) from spells[0..n-1] (one
 * copy each, then again from the first until SPELL_SLOTS) and lands[0..nl-1]
 * (8 cards shared among them, four of each at most, one of each at least),
 * then basics of the two colors in proportion to the mana symbols, at
 * least 6 of each. */
static void fill_deck(Deck *d, unsigned pair, const int *spells, int n, const int *lands, int nl)
{
    d->n = 0;
    assert_true(n > 0 && n <= SPELL_SLOTS);
    for (int k = 0; k < SPELL_SLOTS; k++) d->card[d->n++] = (uint16_t)spells[k % n];
    int placed = 0, copies = nl ? 8 / nl : 0;
    if (copies > 4) copies = 4;
    if (nl && copies < 1) copies = 1;
    for (int k = 0; k < nl; k++)
        for (int j = 0; j < copies; j++) { d->card[d->n++] = (uint16_t)lands[k]; placed++; }
    assert_true(placed <= 12);
    int pips[COLOR_C] = { 0 }, c1 = -1, c2 = -1;
    for (int k = 0; k < SPELL_SLOTS; k++)
        for (int col = 0; col < COLOR_C; col++) pips[col] += pool.cards[d->card[k]].cost_color[col];
    for (int col = 0; col < COLOR_C; col++)
        if (pair & (1u << col)) { if (c1 < 0) c1 = col; else c2 = col; }
    int basics = 60 - SPELL_SLOTS - placed;
    int n1 = pips[c1] + pips[c2] ? basics * pips[c1] / (pips[c1] + pips[c2]) : basics / 2;
    if (n1 < 6) n1 = 6;
    if (n1 > basics - 6) n1 = basics - 6;
    for (int k = 0; k < basics; k++) d->card[d->n++] = (uint16_t)basic_of(k < n1 ? c1 : c2);
    assert_int_equal(d->n, 60);
    /* In the order a deck list of it loads (each card's copies together,
     * cards in order of first appearance), so that print_deck's list
     * shuffles the same. */
    Deck g;
    g.n = 0;
    for (int k = 0; k < d->n; k++) {
        int first = 1;
        for (int j = 0; j < k; j++) first &= d->card[j] != d->card[k];
        for (int j = k; first && j < d->n; j++) if (d->card[j] == d->card[k]) g.card[g.n++] = d->card[k];
    }
    *d = g;
}

/* One deck per pair of colors (ten), more where a pair has more cards than
 * SPELL_SLOTS: a card of one color goes to the pairs holding its color in
 * turn, a colorless one to every pair in turn, a card of two colors to its
 * pair; a nonbasic land to the pair it taps for (a colorless one to any). */
static void build_decks(PoolDecks *pd, int *supported)
{
    static int bucket[10][512], nb[10], lands[10][16], nland[10];
    unsigned pairs[10];
    int np = 0;
    for (int a = 0; a < COLOR_C; a++)
        for (int b = a + 1; b < COLOR_C; b++) pairs[np++] = (1u << a) | (1u << b);
    memset(nb, 0, sizeof nb);
    memset(nland, 0, sizeof nland);
    int turn_of[COLOR_C] = { 0 }, colorless = 0, colorless_land = 0;
    *supported = 0;
    for (int i = 0; i < pool.n; i++) {
        const CardDef *c = &pool.cards[i];
        if (pool_reason(&pool, i) || (c->supertypes & SUPER_BASIC)) continue;
        (*supported)++;
        int is_land = card_is(c, TYPE_LAND);
        unsigned m = is_land ? land_colors(c) : cost_colors(c);
        if (popcount(m) > 2) fail_msg("%s: a card of more than two colors; this test builds two-color decks", c->name);
        int p = -1;
        if (popcount(m) == 2) {
            for (int k = 0; k < np; k++) if (pairs[k] == m) p = k;
        } else if (popcount(m) == 1) {
            int col = __builtin_ctz(m), seen = 0;
            for (int k = 0; k < np; k++)
                if ((pairs[k] & m) && seen++ == turn_of[col] % (COLOR_C - 1)) p = k;
            turn_of[col]++;
        } else {
            p = is_land ? colorless_land++ % np : colorless++ % np;
        }
        if (is_land) {
            assert_true(nland[p] < 16);
            lands[p][nland[p]++] = i;
        } else {
            assert_true(nb[p] < 512);
            bucket[p][nb[p]++] = i;
        }
    }
    pd->n = 0;
    for (int k = 0; k < np; k++) {
        if (nb[k] == 0) continue;
        int parts = (nb[k] + SPELL_SLOTS - 1) / SPELL_SLOTS;
        for (int part = 0; part < parts; part++) {
            int from = nb[k] * part / parts, to = nb[k] * (part + 1) / parts;
            assert_true(pd->n < DECKS_MAX);
            /* The pair's lands in every deck of the pair (each part). */
            fill_deck(&pd->deck[pd->n], pairs[k], bucket[k] + from, to - from, lands[k], nland[k]);
            pd->colors[pd->n++] = (uint8_t)pairs[k];
        }
    }
}

typedef struct Seen {
    long cast[4096];              /* per pool index: times cast (EV_CAST) or played (EV_LAND) */
} Seen;

static void on_play(void *ctx, const GameState *s, const Event *e)
{
    Seen *seen = ctx;
    if (e->card < 4096) seen->cast[e->card]++;
}

/* Prints deck d as a deck list ("N Name" lines), for a failure's repro. */
static void print_deck(const char *label, const Deck *d)
{
    print_error("%s:\n", label);
    for (int k = 0; k < d->n; k++) {
        int first = 1, n = 0;
        for (int j = 0; j < d->n; j++) { first &= !(j < k && d->card[j] == d->card[k]); n += d->card[j] == d->card[k]; }
        if (first) print_error("%d %s\n", n, pool.cards[d->card[k]].name);
    }
}

#define SEED 4242

/* Supported cards no game can play, as found by this test (and reported):
 * each must stay supported and never cast, or leave the list. */
static const struct { const char *name, *why; } unplayable[] = {
    /* Cryoclasm was, until played.c refused targeting lands while basic
     * lands are counts (its Plains or Island could never be a target). */
    { NULL, NULL },
};

static const char *unplayable_why(const char *name)
{
    for (size_t k = 0; k < sizeof unplayable / sizeof *unplayable; k++)
        if (unplayable[k].name && !strcmp(unplayable[k].name, name)) return unplayable[k].why;
    return NULL;
}

/* A failed game: the two decks, and the command that replays it with the
 * same shuffles and choices (this test seeds games as sim/driver.c does). */
static void fail_game(long i, const PoolDecks *pd, int a, int b, int edition, const char *what)
{
    print_deck("deck A (a.txt)", &pd->deck[a]);
    print_deck("deck B (b.txt)", &pd->deck[b]);
    fail_msg("game %ld: %s; replay: mtgsim trace a.txt b.txt --policy random --seed %d --game %ld%s",
             i, what, SEED, i, edition == EDITION_FOUNDATIONS ? " --edition foundations" : "");
}

static void test_pool_playouts(void **state)
{
    (void)state;
    static PoolDecks pd;
    int supported;
    build_decks(&pd, &supported);
    assert_true(pd.n >= 10 && supported > 0);
    CardPool view = pool_view(&pool);
    static uint64_t play[DECKS_MAX][DECK_MAX];
    for (int d = 0; d < pd.n; d++) game_play_table(&view, &pd.deck[d], play[d]);
    static Seen seen;
    memset(&seen, 0, sizeof seen);
    long ends[END_COUNT] = { 0 };
    uint8_t lib0[DECK_MAX], lib1[DECK_MAX];
    long first_full = 0;   /* 1 + the first game abandoned with a full hand or stack */
    clock_t t0 = clock();
    for (long i = 0; i < PLAYOUT_GAMES; i++) {
        /* As sim/driver.c seeds game i of a match of seat-swapped pairs:
         * games 2k and 2k+1 shuffle each deck from stream k, deck A starts
         * the even one. Pair k plays decks (k mod n, k / n mod n), every
         * ordered pair in turn, one pair in four by the Foundations rules. */
        long k = i / 2;
        int a = (int)(k % pd.n), b = (int)(k / pd.n % pd.n), seat[2] = { (int)(i & 1), 1 - (int)(i & 1) };
        int edition = k % 4 == 3 ? EDITION_FOUNDATIONS : EDITION_2011;
        const Deck *deck[2] = { &pd.deck[a], &pd.deck[b] };
        const uint64_t *tables[2] = { play[a], play[b] };
        Rng dr[2], pr[2];
        Game g;
        memset(&g, 0, sizeof g);
        for (int d = 0; d < 2; d++) {
            int p = seat[d];
            rng_seed(&dr[p], SEED, (uint64_t)k, (uint64_t)d);
            rng_seed(&pr[p], SEED, (uint64_t)k, (uint64_t)d + 2);
            g.deck[p] = deck[d];
            g.deck_rng[p] = &dr[p];
            g.policy_rng[p] = &pr[p];
            if (i & 2) g.play[p] = tables[d];   /* half the games read the play tables */
        }
        g.pool = &view;
        g.edition = (uint8_t)edition;
        g.policy[0] = g.policy[1] = &policy_random;
        g.lib_buf[0] = lib0; g.lib_buf[1] = lib1;
        g.on_event[EV_CAST] = g.on_event[EV_LAND] = on_play;
        g.event_ctx = &seen;
        g.check = 1;
        GameState s;
        game_init(&s, &g, 0);
        assert_true(s.spells);
        game_run(&s, &g);
        char msg[200];
        if (g.check_failed) {
            snprintf(msg, sizeof msg, "state_check: %s", g.check_msg);
            fail_game(i, &pd, a, b, edition, msg);
        }
        /* The three capacities legal play reaches: a hand of HAND_MAX cards
         * that must take one more (after Mind Spring or Tidings), a stack
         * of STACK_MAX items (an ability activated again and again in
         * response to itself, as the random policy may), TRIG_MAX
         * triggered abilities waiting at once (Liliana Vess's -8 bringing
         * back a graveyard of creatures beside Garruk's Packleader);
         * counted, and bounded below. Any other is a failure. */
        int full = s.end_reason == END_CAPACITY &&
                   (s.pl[0].hand_n == HAND_MAX || s.pl[1].hand_n == HAND_MAX || s.stack_n == STACK_MAX ||
                    s.pending_n == TRIG_MAX);
        if (full && !first_full) first_full = i + 1;
        if (!s.over || s.end_reason == END_ERROR || (s.end_reason == END_CAPACITY && !full) ||
            s.end_reason == END_NONE) {
            snprintf(msg, sizeof msg, "ended by %s (error %s)", mtg_end_reason_name(s.end_reason), mtg_error_name(s.error));
            fail_game(i, &pd, a, b, edition, msg);
        }
        if (state_check(&s, &g, msg, sizeof msg)) fail_game(i, &pd, a, b, edition, msg);
        ends[s.end_reason]++;
    }
    double secs = (double)(clock() - t0) / CLOCKS_PER_SEC;
    /* Every supported card was cast or played somewhere, but the known
     * exceptions, which must still be supported and never cast. */
    int never = 0;
    for (int i = 0; i < pool.n; i++) {
        if (pool_reason(&pool, i) || (pool.cards[i].supertypes & SUPER_BASIC) || seen.cast[i]) continue;
        if (unplayable_why(pool.cards[i].name)) continue;
        print_error("never cast or played: %s\n", pool.cards[i].name);
        never++;
    }
    for (size_t k = 0; k < sizeof unplayable / sizeof *unplayable && unplayable[k].name; k++) {
        int i = pool_find(&pool, unplayable[k].name);
        if (i < 0 || pool_reason(&pool, i) || seen.cast[i]) {
            print_error("%s is listed as never playable (%s) but is %s: take it off the list\n", unplayable[k].name,
                        unplayable[k].why, i < 0 ? "not in the pool" : pool_reason(&pool, i) ? "unsupported" : "cast");
            never++;
        }
    }
    print_message("%ld games of %d decks (%d supported cards besides the basic lands) in %.1f s: "
                  "ends by life %ld, library %ld, turn cap %ld, poison %ld, a full hand, stack or trigger queue %ld (first: game %ld)\n",
                  (long)PLAYOUT_GAMES, pd.n, supported, secs, ends[END_LIFE], ends[END_LIBRARY],
                  ends[END_TURN_CAP], ends[END_POISON], ends[END_CAPACITY], first_full - 1);
    assert_int_equal(never, 0);
    assert_true(ends[END_LIFE] > PLAYOUT_GAMES / 2);
    assert_true(ends[END_CAPACITY] <= PLAYOUT_GAMES / 1000);
}

static int setup(void **state)
{
    (void)state;
    char err[512];
    pool_init(&pool);
    if (pool_load_default(&pool, err, sizeof err)) { fprintf(stderr, "%s\n", err); return -1; }
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    pool_free(&pool);
    return 0;
}

int main(void)
{
    const struct CMUnitTest tests[] = { cmocka_unit_test(test_pool_playouts) };
    return cmocka_run_group_tests(tests, setup, teardown);
}
