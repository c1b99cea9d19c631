/* test_stats_spells.c: the statistics of games with spells (sim/stats.c)
 * on positions played by the engine with real cards read from their
 * printed text: a Lightning Bolt that kills a creature destroys it with 3
 * noncombat damage and counts in no combat figure; a creature that took
 * combat damage and dies to a Bolt in the same step is not lost in combat;
 * a Giant Growth in combat leaves combat damage combat damage; Doom Blade
 * destroys; activated abilities are counted, and a sacrifice as a cost in
 * a combat damage step is no combat death. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include <stdlib.h>
#include "tests/text_cards.h"
#include "decks/text.h"
#include "engine/stack.h"
#include "engine/layers.h"
#include "engine/effect.h"
#include "engine/zone.h"
#include "engine/combat.h"
#include "sim/stats.h"

enum { S_BOLT = FX_COUNT, S_GROWTH, S_DOOM, S_PYRO, S_FANATIC, S_N };

static CardDef cards[S_N];
static TextCard texts[S_N];
static CardPool pool;
static SubtypeTable st;

static void card(int k, const char *name, unsigned types, int generic, const char *colors, unsigned cb, int power,
                 int toughness, const char *text)
{
    text_card(cards, texts, &st, k, name, types, generic, colors, cb, power, toughness, "", text);
}

static int setup(void **state)
{
    (void)state;
    subtype_init(&st);
    fx_pool(cards, &pool);
    card(S_BOLT, "Lightning Bolt", TYPE_INSTANT, 0, "R", CB_R, 0, 0, "Lightning Bolt deals 3 damage to any target.");
    card(S_GROWTH, "Giant Growth", TYPE_INSTANT, 0, "G", CB_G, 0, 0, "Target creature gets +3/+3 until end of turn.");
    card(S_DOOM, "Doom Blade", TYPE_INSTANT, 1, "B", CB_B, 0, 0, "Destroy target nonblack creature.");
    card(S_PYRO, "Prodigal Pyromancer", TYPE_CREATURE, 2, "R", CB_R, 1, 1,
         "{T}: Prodigal Pyromancer deals 1 damage to any target.");
    card(S_FANATIC, "Mogg Fanatic", TYPE_CREATURE, 0, "R", CB_R, 1, 1,
         "Sacrifice Mogg Fanatic: Mogg Fanatic deals 1 damage to any target.");
    pool.cards = cards;
    pool.n = S_N;
    return 0;
}

/* A position watched by the statistics' observer: both seats play the
 * same deck (one of each card, object id = pool index); game 0, so seat 0
 * is deck A. Player 0 is active in its first main phase. */
typedef struct Pos {
    GameState s;
    Game g;
    Deck deck;
    Rng rng[4];
    MatchSpec m;
    StatsSetup su;
    Tally t;
    Observer o;
} Pos;

static Pos *pos_new(void)
{
    Pos *x = calloc(1, sizeof *x);
    assert_non_null(x);
    for (int k = 0; k < S_N; k++) x->deck.card[k] = (uint16_t)k;
    x->deck.n = S_N;
    x->m.pool = pool;
    x->m.deck[0] = x->m.deck[1] = &x->deck;
    assert_int_equal(stats_setup(&x->su, &x->m), 0);
    assert_int_equal(tally_init(&x->t, &x->su), 0);
    assert_int_equal(observer_init(&x->o, &x->su, &x->t), 0);
    observer_begin(&x->o, 0);
    state_clear(&x->s, &pool, EDITION_2011);
    x->g.pool = &pool;
    x->g.deck[0] = x->g.deck[1] = &x->deck;
    for (int k = 0; k < 4; k++) rng_seed(&x->rng[k], 7, (uint64_t)k, 0);
    x->g.deck_rng[0] = &x->rng[0]; x->g.deck_rng[1] = &x->rng[1];
    x->g.policy_rng[0] = &x->rng[2]; x->g.policy_rng[1] = &x->rng[3];
    x->g.check = 1;
    memcpy(x->g.on_event, observer_events(), sizeof x->g.on_event);
    x->g.event_ctx = &x->o;
    for (int p = 0; p < 2; p++) { x->s.pl[p].deck = x->deck.card; x->s.pl[p].deck_n = (uint8_t)x->deck.n; }
    x->s.spells = 1;
    x->s.step = STEP_MAIN1;
    return x;
}

static void pos_free(Pos *x)
{
    observer_free(&x->o);
    tally_free(&x->t);
    stats_setup_free(&x->su);
    free(x);
}

/* The tally of pool card c in deck d (seat d: game 0). */
static const CardTally *tally_of(const Pos *x, int d, int c) { return &x->t.card[d][x->su.index[d][c]]; }
static const CombatTally *combat_of(const Pos *x, int d) { return &x->t.deck[d].combat; }

static int put(Pos *x, int p, int c)
{
    int i = perm_enter(&x->s, &x->g, p, p, (uint16_t)c, (uint8_t)c);
    x->s.perm[i].flags &= (uint8_t)~PF_SICK;
    x->s.pending_n = 0;
    layers_refresh(&x->s);
    return i;
}

/* Casts pool card c from player p's hand (given to it here, with free
 * mana) at permanent `at`, and resolves the stack. */
static void cast_at(Pos *x, int p, int c, int at)
{
    Player *pl = &x->s.pl[p];
    pl->hand[pl->hand_n++] = (uint8_t)c;
    Action a;
    memset(&a, 0, sizeof a);
    a.type = ACT_CAST;
    a.hand_idx = (uint8_t)(pl->hand_n - 1);
    a.n_targets = 1;
    a.tk[0] = TK_PERM;
    a.tv[0] = (uint8_t)at;
    assert_int_equal(action_apply(&x->s, &x->g, p, &a, 1), MTG_OK);
}

/* Activates ability 0 of permanent i at player `player`. */
static void activate_at_player(Pos *x, int p, int i, int player)
{
    Action a;
    memset(&a, 0, sizeof a);
    a.type = ACT_ACTIVATE;
    a.hand_idx = (uint8_t)i;
    a.ability = 0;
    a.n_targets = 1;
    a.tk[0] = TK_PLAYER;
    a.tv[0] = (uint8_t)player;
    assert_int_equal(action_apply(&x->s, &x->g, p, &a, 1), MTG_OK);
}

static void resolve_all(Pos *x)
{
    while (x->s.stack_n) { stack_resolve_top(&x->s, &x->g); layers_refresh(&x->s); sba_apply(&x->s, &x->g); }
    assert_int_equal(x->g.check_failed, 0);
}

/* Player 0's `att` attacks, player 1's `blk` blocks it (if >= 0); the
 * step becomes the combat damage step and damage is dealt. */
static void combat(Pos *x, int att, int blk)
{
    x->s.step = STEP_DECLARE_ATTACKERS;
    AttackDecl ad = { (uint8_t)att, TARGET_PLAYER };
    assert_int_equal(combat_declare_attackers(&x->s, &x->g, &ad, 1), MTG_OK);
    x->s.step = STEP_DECLARE_BLOCKERS;
    if (blk >= 0) {
        BlockDecl bd = { (uint8_t)blk, (uint8_t)att };
        assert_int_equal(combat_declare_blockers(&x->s, &x->g, &bd, 1), MTG_OK);
    }
}

static void combat_damage(Pos *x)
{
    x->s.step = STEP_COMBAT_DAMAGE;
    assert_int_equal(combat_damage_step(&x->s, &x->g, 0, NULL, 0), MTG_OK);
}

static void combat_finish(Pos *x)
{
    x->s.step = STEP_END_COMBAT;
    game_event(&x->g, &x->s, EV_COMBAT_END, x->s.active, 0, 0, 0, 0, 0);
    combat_end(&x->s);
}

/* The issue's case: a Bolt kills a creature. It is cast, destroys one
 * creature with 3 noncombat damage; no combat figure moves. */
static void test_bolt_kills(void **state)
{
    (void)state;
    Pos *x = pos_new();
    int bears = put(x, 1, FX_BEARS);
    cast_at(x, 0, S_BOLT, bears);
    resolve_all(x);
    assert_false(permset_has(x->s.perm_used, bears));
    const CardTally *b = tally_of(x, 0, S_BOLT);
    assert_int_equal(b->cast, 1);
    assert_int_equal(b->destroyed, 1);
    assert_int_equal(b->spell_dmg_creatures, 3);
    assert_int_equal(b->spell_dmg_players, 0);
    assert_int_equal(b->damage, 0);
    assert_int_equal(b->kills, 0);
    assert_int_equal(tally_of(x, 1, FX_BEARS)->deaths, 1);
    for (int d = 0; d < 2; d++) {
        assert_int_equal(combat_of(x, d)->dmg_creatures, 0);
        assert_int_equal(combat_of(x, d)->dmg_players, 0);
        assert_int_equal(combat_of(x, d)->lost_in_combat, 0);
    }
    /* At a player: damage to players, nothing destroyed. */
    Player *pl = &x->s.pl[0];
    pl->hand[pl->hand_n++] = S_BOLT;
    Action a;
    memset(&a, 0, sizeof a);
    a.type = ACT_CAST;
    a.hand_idx = (uint8_t)(pl->hand_n - 1);
    a.n_targets = 1;
    a.tk[0] = TK_PLAYER;
    a.tv[0] = 1;
    assert_int_equal(action_apply(&x->s, &x->g, 0, &a, 1), MTG_OK);
    resolve_all(x);
    assert_int_equal(x->s.pl[1].life, 17);
    assert_int_equal(b->cast, 2);
    assert_int_equal(b->spell_dmg_players, 3);
    assert_int_equal(b->destroyed, 1);
    assert_int_equal(combat_of(x, 0)->dmg_players, 0);
    pos_free(x);
}

/* Bears attack, a Giant Spider (2/4) blocks: the Bears die of combat
 * damage (lost in combat, the Spider's kill); in the same damage step a
 * Bolt finishes the Spider: Bolt's, not combat's, and not a trade. */
static void test_bolt_after_combat_damage(void **state)
{
    (void)state;
    Pos *x = pos_new();
    int bears = put(x, 0, FX_BEARS), spider = put(x, 1, FX_SPIDER);
    combat(x, bears, spider);
    combat_damage(x);
    assert_false(permset_has(x->s.perm_used, bears));
    assert_int_equal(x->s.perm[spider].damage, 2);
    cast_at(x, 0, S_BOLT, spider);
    resolve_all(x);
    assert_false(permset_has(x->s.perm_used, spider));
    combat_finish(x);
    assert_int_equal(combat_of(x, 0)->lost_in_combat, 1);     /* the Bears */
    assert_int_equal(combat_of(x, 1)->lost_in_combat, 0);     /* the Spider died of the Bolt */
    assert_int_equal(combat_of(x, 0)->dmg_creatures, 2);      /* combat damage stays combat damage */
    assert_int_equal(combat_of(x, 1)->dmg_creatures, 2);
    assert_int_equal(combat_of(x, 0)->trades + combat_of(x, 1)->trades, 0);
    assert_int_equal(combat_of(x, 1)->chumps, 0);
    assert_int_equal(tally_of(x, 0, FX_BEARS)->kills, 0);
    assert_int_equal(tally_of(x, 0, FX_BEARS)->damage, 2);
    assert_int_equal(tally_of(x, 1, FX_SPIDER)->kills, 1);
    assert_int_equal(tally_of(x, 0, S_BOLT)->destroyed, 1);
    assert_int_equal(tally_of(x, 0, S_BOLT)->spell_dmg_creatures, 3);
    assert_int_equal(tally_of(x, 0, S_BOLT)->damage, 0);
    pos_free(x);
}

/* Giant Growth on the blocked Bears: they kill the Spider in combat, a
 * combat death and the Bears' kill; Growth destroys nothing. Then Doom
 * Blade destroys a creature outside combat. */
static void test_growth_in_combat_and_doom_blade(void **state)
{
    (void)state;
    Pos *x = pos_new();
    int bears = put(x, 0, FX_BEARS), spider = put(x, 1, FX_SPIDER), wurm = put(x, 1, FX_WURM);
    combat(x, bears, spider);
    cast_at(x, 0, S_GROWTH, bears);
    resolve_all(x);
    combat_damage(x);
    assert_false(permset_has(x->s.perm_used, spider));
    assert_true(permset_has(x->s.perm_used, bears));
    combat_finish(x);
    assert_int_equal(combat_of(x, 1)->lost_in_combat, 1);
    assert_int_equal(combat_of(x, 0)->dmg_creatures, 5);
    assert_int_equal(tally_of(x, 0, FX_BEARS)->kills, 1);
    assert_int_equal(tally_of(x, 0, FX_BEARS)->damage, 5);
    assert_int_equal(tally_of(x, 0, S_GROWTH)->cast, 1);
    assert_int_equal(tally_of(x, 0, S_GROWTH)->destroyed, 0);
    x->s.step = STEP_MAIN2;
    cast_at(x, 0, S_DOOM, wurm);
    resolve_all(x);
    assert_false(permset_has(x->s.perm_used, wurm));
    assert_int_equal(tally_of(x, 0, S_DOOM)->destroyed, 1);
    assert_int_equal(tally_of(x, 0, S_DOOM)->spell_dmg_creatures, 0);
    assert_int_equal(combat_of(x, 1)->lost_in_combat, 1);
    pos_free(x);
}

/* Activated abilities: Prodigal Pyromancer pings a player (activated,
 * damage to players); Mogg Fanatic attacks unblocked, then is sacrificed
 * in the combat damage step to ping: a death, not lost in combat. */
static void test_activations(void **state)
{
    (void)state;
    Pos *x = pos_new();
    int pyro = put(x, 0, S_PYRO), fanatic = put(x, 0, S_FANATIC);
    activate_at_player(x, 0, pyro, 1);
    resolve_all(x);
    assert_int_equal(x->s.pl[1].life, 19);
    combat(x, fanatic, -1);
    combat_damage(x);
    assert_int_equal(x->s.pl[1].life, 18);
    activate_at_player(x, 0, fanatic, 1);
    assert_false(permset_has(x->s.perm_used, fanatic));
    resolve_all(x);
    combat_finish(x);
    assert_int_equal(x->s.pl[1].life, 17);
    const CardTally *p = tally_of(x, 0, S_PYRO), *f = tally_of(x, 0, S_FANATIC);
    assert_int_equal(p->activated, 1);
    assert_int_equal(p->spell_dmg_players, 1);
    assert_int_equal(p->damage, 0);
    assert_int_equal(f->activated, 1);
    assert_int_equal(f->spell_dmg_players, 1);
    assert_int_equal(f->damage, 1);                            /* its combat damage */
    assert_int_equal(f->deaths, 1);
    assert_int_equal(combat_of(x, 0)->lost_in_combat, 0);
    assert_int_equal(combat_of(x, 0)->dmg_players, 1);
    pos_free(x);
}

/* Noncombat damage that is not lethal credits no destruction, even if the
 * creature dies later in combat that turn (a combat death). */
static void test_ping_then_combat_death(void **state)
{
    (void)state;
    Pos *x = pos_new();
    int pyro = put(x, 1, S_PYRO), bears = put(x, 0, FX_BEARS), spider = put(x, 1, FX_SPIDER);
    Action a;
    memset(&a, 0, sizeof a);
    a.type = ACT_ACTIVATE;
    a.hand_idx = (uint8_t)pyro;
    a.n_targets = 1;
    a.tk[0] = TK_PERM;
    a.tv[0] = (uint8_t)bears;
    assert_int_equal(action_apply(&x->s, &x->g, 1, &a, 1), MTG_OK);
    resolve_all(x);
    assert_int_equal(x->s.perm[bears].damage, 1);
    combat(x, bears, spider);
    combat_damage(x);
    assert_false(permset_has(x->s.perm_used, bears));
    combat_finish(x);
    assert_int_equal(tally_of(x, 1, S_PYRO)->spell_dmg_creatures, 1);
    assert_int_equal(tally_of(x, 1, S_PYRO)->destroyed, 0);
    assert_int_equal(tally_of(x, 1, FX_SPIDER)->kills, 1);
    assert_int_equal(combat_of(x, 0)->lost_in_combat, 1);
    pos_free(x);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bolt_kills),
        cmocka_unit_test(test_bolt_after_combat_damage),
        cmocka_unit_test(test_growth_in_combat_and_doom_blade),
        cmocka_unit_test(test_activations),
        cmocka_unit_test(test_ping_then_combat_death),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
