/* test_mana.c: mana abilities with more to them (605), on real cards of the
 * default pool: pain lands (their damage as the mana is made, only for
 * colored mana, the payer's painless choice when there is one), Elvish
 * Archdruid's mana equal to a count, a spell's mana in the pool (Pyretic
 * Ritual) used by a later spell and emptied as the step ends (500.4),
 * Upwelling, Manabarbs (a trigger for each land tapped for mana, basics
 * included, 106.12). */
#include <stdio.h>
#include "engine/stack.h"
#include "engine/effect.h"
#include "engine/turn.h"
#include "engine/mana.h"
#include "engine/heuristic.h"
#include "engine/combat.h"
#include "engine/damage.h"

/* The cards of the positions (pool_pos.h). */
static const char *const names[] = {
    "Adarkar Wastes", "Brushland", "Llanowar Elves", "Grizzly Bears", "Forest", "Plains", "Mountain",
    "Pyretic Ritual", "Canyon Minotaur", "Upwelling", "Manabarbs", "Elvish Archdruid", "Craw Wurm",
    "Llanowar Elves", "Elite Vanguard", "Forest", "Forest", "Forest", "Mountain", "Mountain",
    "Treetop Village", "Doom Blade", "Giant Growth", "Chromatic Star", "Composite Golem",
    "Joiner Adept", "Doubling Cube", "Sunpetal Grove", "Forbidding Watchtower",
    "Spawning Pool",
};
enum { C_WASTES, C_BRUSHLAND, C_ELVES, C_BEARS, C_FOREST, C_PLAINS, C_MOUNTAIN, C_RITUAL, C_MINOTAUR,
       C_UPWELLING, C_BARBS, C_ARCHDRUID, C_WURM, C_ELVES2, C_LIONS,
       C_FOREST2, C_FOREST3, C_FOREST4, C_MOUNTAIN2, C_MOUNTAIN3, C_TREETOP, C_DOOM, C_GROWTH, C_STAR, C_GOLEM, C_JOINER, C_CUBE, C_GROVE, C_TOWER, C_POOL, C_N };

#include "tests/pool_pos.h"

/* n basic lands of one color for player p (basics are counts): card k
 * and the copies of it listed after the other cards. */
static void basics(Pos *x, int p, int k, int color, int n)
{
    static const uint8_t more[][3] = { [C_FOREST] = { C_FOREST2, C_FOREST3, C_FOREST4 },
                                       [C_MOUNTAIN] = { C_MOUNTAIN2, C_MOUNTAIN3 } };
    Player *pl = &x->s.pl[p];
    for (int j = 0; j < n; j++) {
        int o = j ? more[k][j - 1] : k;
        assert_true(o > 0);
        bits256_clear(x->s.exile[p], o);
        bits256_set(pl->lands, o);
    }
    pl->lands_n = (uint8_t)(pl->lands_n + n);
    pl->land_n[color] = (uint8_t)n;
}

static int cast_ok(Pos *x, int p, int k)
{
    Action a = act(ACT_CAST, hand_slot(x, p, k), 0, 0, 0);
    return action_apply(&x->s, &x->g, p, &a, 0);
}

static int pool_total(const Pos *x, int p)
{
    int n = 0;
    for (int c = 0; c < COLOR_COUNT; c++) n += x->s.pl[p].mana[c];
    return n;
}

/* 605.3a, 106.12: Adarkar Wastes pays Grizzly Bears' generic {1} with its
 * {C} and deals no damage; with no Forest, Brushland's {G} is needed and
 * it deals 1 damage to its controller as the mana is made. */
static void test_pain_land_only_for_colored(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int wastes = put(&x, 0, C_WASTES);
    basics(&x, 0, C_FOREST, COLOR_G, 1);
    give(&x, 0, C_BEARS);
    assert_int_equal(cast_ok(&x, 0, C_BEARS), MTG_OK);
    assert_true(x.s.perm[wastes].flags & PF_TAPPED);
    assert_int_equal(x.s.pl[0].land_tapped[COLOR_G], 1);
    assert_int_equal(x.s.pl[0].life, 20);
    assert_int_equal(pool_total(&x, 0), 0);

    Pos y; pos_init(&y);
    int brush = put(&y, 0, C_BRUSHLAND);
    basics(&y, 0, C_PLAINS, COLOR_W, 1);
    give(&y, 0, C_BEARS);
    assert_int_equal(cast_ok(&y, 0, C_BEARS), MTG_OK);
    assert_true(y.s.perm[brush].flags & PF_TAPPED);
    assert_int_equal(y.s.pl[0].land_tapped[COLOR_W], 1);
    assert_int_equal(y.s.pl[0].life, 19);                      /* the {G} hurt */
    assert_int_equal(y.s.pl[1].life, 20);
    assert_int_equal(pool_total(&y, 0), 0);
}

/* 601.2g-h: the payer chooses a painless way when there is one: with
 * Llanowar Elves and Brushland for Grizzly Bears, the Elves make {G} and
 * Brushland {C} (no damage), whatever order they come in; with two pain
 * lands and nothing else, the one colored symbol costs 1 life, not 2.
 * The damage is prevented like any other (615): a shield of 1 stops it. */
static void test_payer_choice(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int brush = put(&x, 0, C_BRUSHLAND), elves = put(&x, 0, C_ELVES);
    give(&x, 0, C_BEARS);
    assert_true(mana_can_pay_cost(&x.s, 0, x.s.cards[x.deck.card[C_BEARS]].cost_color, 1, -1));
    assert_int_equal(cast_ok(&x, 0, C_BEARS), MTG_OK);
    assert_true(x.s.perm[brush].flags & PF_TAPPED);
    assert_true(x.s.perm[elves].flags & PF_TAPPED);
    assert_int_equal(x.s.pl[0].life, 20);

    Pos y; pos_init(&y);
    int a = put(&y, 0, C_BRUSHLAND), b = put(&y, 0, C_WASTES);
    give(&y, 0, C_LIONS);                                      /* {W}: one colored symbol */
    assert_int_equal(cast_ok(&y, 0, C_LIONS), MTG_OK);
    assert_int_equal(y.s.pl[0].life, 19);
    assert_int_equal(y.s.perm[a].flags & PF_TAPPED, PF_TAPPED);  /* the first land able: Brushland's {W} */
    assert_int_equal(y.s.perm[b].flags & PF_TAPPED, 0);

    /* {W}{G} from Sunpetal Grove ({G} or {W}), Brushland and Forbidding
     * Watchtower ({W}), in that order: the Grove's {W} first would leave
     * only Brushland's painful {G}; the painless way is the Watchtower's
     * {W} and the Grove's {G}, and the payer finds it. */
    Pos w; pos_init(&w);
    int grove = put(&w, 0, C_GROVE), brush2 = put(&w, 0, C_BRUSHLAND), tower = put(&w, 0, C_TOWER);
    w.s.perm[grove].flags &= (uint8_t)~PF_TAPPED;               /* (they enter tapped) */
    w.s.perm[tower].flags &= (uint8_t)~PF_TAPPED;
    uint8_t wg[COLOR_COUNT] = { [COLOR_W] = 1, [COLOR_G] = 1 };
    assert_true(mana_can_pay_cost(&w.s, 0, wg, 0, -1));
    mana_pay_cost(&w.s, &w.g, 0, wg, 0, -1);
    assert_int_equal(w.s.pl[0].life, 20);
    assert_true(w.s.perm[grove].flags & PF_TAPPED);
    assert_true(w.s.perm[tower].flags & PF_TAPPED);
    assert_false(w.s.perm[brush2].flags & PF_TAPPED);
    assert_int_equal(pool_total(&w, 0), 0);

    Pos z; pos_init(&z);
    put(&z, 0, C_BRUSHLAND);
    give(&z, 0, C_LIONS);
    z.s.pl[0].prevent = 1;
    assert_int_equal(cast_ok(&z, 0, C_LIONS), MTG_OK);
    assert_int_equal(z.s.pl[0].life, 20);
    assert_int_equal(z.s.pl[0].prevent, 0);
}

/* 106.4, 500.4: Pyretic Ritual's {R}{R}{R} waits in the pool, pays for
 * Canyon Minotaur cast later in the step (with the third Mountain), and
 * what is left empties as the step ends; before the Ritual resolves the
 * Minotaur cannot be cast. */
static void test_ritual_pool(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    basics(&x, 0, C_MOUNTAIN, COLOR_R, 3);
    give(&x, 0, C_RITUAL);
    give(&x, 0, C_MINOTAUR);
    Action acts[ACTION_MAX];
    int n = game_legal_actions(&x.s, 0, acts);
    assert_int_equal(n, 2);                                    /* pass, the Ritual */
    assert_int_equal(cast_ok(&x, 0, C_MINOTAUR), ERR_ILLEGAL_ACTION);
    assert_int_equal(cast_ok(&x, 0, C_RITUAL), MTG_OK);
    assert_int_equal(x.s.pl[0].land_tapped[COLOR_R], 2);
    settle(&x);
    assert_int_equal(x.s.pl[0].mana[COLOR_R], 3);
    assert_int_equal(cast_ok(&x, 0, C_MINOTAUR), MTG_OK);
    assert_int_equal(x.s.pl[0].mana[COLOR_R], 0);
    assert_int_equal(x.s.pl[0].land_tapped[COLOR_R], 3);
    settle(&x);

    /* What is left empties at the end of the step (500.4). */
    Pos y; pos_init(&y);
    basics(&y, 0, C_MOUNTAIN, COLOR_R, 2);
    give(&y, 0, C_RITUAL);
    assert_int_equal(cast_ok(&y, 0, C_RITUAL), MTG_OK);
    settle(&y);
    assert_int_equal(y.s.pl[0].mana[COLOR_R], 3);
    mana_empty(&y.s);
    assert_int_equal(y.s.pl[0].mana[COLOR_R], 0);
}

/* The heuristic casts the Ritual when its mana casts the Minotaur, and
 * not when nothing follows it. */
static void test_heuristic_ritual(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    basics(&x, 0, C_MOUNTAIN, COLOR_R, 3);
    give(&x, 0, C_RITUAL);
    give(&x, 0, C_MINOTAUR);
    Action acts[ACTION_MAX];
    int n = game_legal_actions(&x.s, 0, acts);
    int k = heuristic_spells_main(&x.s, &x.g, 0, acts, n, -1);
    assert_int_equal(acts[k].type, ACT_CAST);
    assert_int_equal(x.s.pl[0].hand[acts[k].hand_idx], C_RITUAL);

    Pos y; pos_init(&y);
    basics(&y, 0, C_MOUNTAIN, COLOR_R, 3);
    give(&y, 0, C_RITUAL);
    n = game_legal_actions(&y.s, 0, acts);
    assert_int_equal(heuristic_spells_main(&y.s, &y.g, 0, acts, n, -1), 0);
}

/* 500.4 does not apply with Upwelling: the pool keeps its mana as steps
 * end, both players' ("Mana pools don't empty"); gone with it. */
static void test_upwelling(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int up = put(&x, 0, C_UPWELLING);
    x.s.pl[0].mana[COLOR_R] = 2;
    x.s.pl[1].mana[COLOR_G] = 1;
    mana_empty(&x.s);
    assert_int_equal(x.s.pl[0].mana[COLOR_R], 2);
    assert_int_equal(x.s.pl[1].mana[COLOR_G], 1);
    perm_leave(&x.s, &x.g, up, ZONE_GRAVEYARD);
    layers_refresh(&x.s);
    mana_empty(&x.s);
    assert_int_equal(x.s.pl[0].mana[COLOR_R], 0);
    assert_int_equal(x.s.pl[1].mana[COLOR_G], 0);
}

/* Manabarbs: each land tapped for mana is one event (106.12), basic lands
 * (counts) as well as nonbasic ones; creatures tapped for mana are not
 * lands. Craw Wurm ({4}{G}{G}) from 4 Forests, Brushland and Llanowar
 * Elves: five lands, 5 damage to the player who tapped them. */
static void test_manabarbs(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    enter(&x, 1, C_BARBS);
    assert_int_equal(x.s.pending_n, 0);
    static const uint8_t lib[] = { C_LIONS };
    library(&x, 0, lib, 1);                                    /* (a library to draw from: none drawn) */
    basics(&x, 0, C_FOREST, COLOR_G, 4);
    put(&x, 0, C_BRUSHLAND);
    put(&x, 0, C_ELVES);
    give(&x, 0, C_WURM);
    assert_int_equal(cast_ok(&x, 0, C_WURM), MTG_OK);
    assert_int_equal(x.s.pending_n, 5);
    assert_int_equal(x.s.pl[0].life, 20);                      /* Brushland made {C}: no pain */
    settle(&x);
    assert_int_equal(x.s.pl[0].life, 15);
    assert_int_equal(x.s.pl[1].life, 20);
}

/* Elvish Archdruid makes {G} for each Elf its controller controls (itself
 * and two Llanowar Elves: 3), all at once: Grizzly Bears leaves one in the
 * pool; the sick Elves don't tap but still count. Craw Wurm's 6 need the
 * Archdruid's 3, the two Elves and a Forest. */
static void test_archdruid(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int druid = put(&x, 0, C_ARCHDRUID);
    int e1 = put(&x, 0, C_ELVES), e2 = put(&x, 0, C_ELVES2);
    x.s.perm[e1].flags |= PF_SICK;
    x.s.perm[e2].flags |= PF_SICK;
    give(&x, 0, C_BEARS);
    assert_int_equal(mana_total_now(&x.s, 0, -1), 3);
    assert_int_equal(cast_ok(&x, 0, C_BEARS), MTG_OK);
    assert_true(x.s.perm[druid].flags & PF_TAPPED);
    assert_int_equal(x.s.pl[0].mana[COLOR_G], 1);

    Pos y; pos_init(&y);
    put(&y, 0, C_ARCHDRUID);
    put(&y, 0, C_ELVES);
    put(&y, 0, C_ELVES2);
    give(&y, 0, C_WURM);
    assert_int_equal(cast_ok(&y, 0, C_WURM), ERR_ILLEGAL_ACTION);   /* 5 mana */
    basics(&y, 0, C_FOREST, COLOR_G, 1);
    assert_int_equal(cast_ok(&y, 0, C_WURM), MTG_OK);
    assert_int_equal(pool_total(&y, 0), 0);
}

/* The index of Treetop Village's "becomes" ability. */
static int become_ability(const Pos *x)
{
    const CardDef *d = &x->s.cards[x->deck.card[C_TREETOP]];
    for (int k = 0; k < d->n_abilities; k++)
        if (d->ab[k].kind == AB_ACTIVATED && d->ab[k].effect[0].op == OP_BECOME) return k;
    fail_msg("Treetop Village has no becomes ability");
    return -1;
}

/* Treetop Village untapped (it enters tapped), under player 0's control
 * since the turn began, with two Forests; "{1}{G}: ~ becomes a 3/3 green
 * Ape creature with trample until end of turn. It's still a land."
 * activated and resolved (paid with the Forests: the payer keeps the
 * Village untapped, to attack). */
static int animated_village(Pos *x, int forests)
{
    int v = put(x, 0, C_TREETOP);
    x->s.perm[v].flags &= (uint8_t)~PF_TAPPED;
    basics(x, 0, C_FOREST, COLOR_G, forests);
    assert_false(perm_is_creature(&x->s, v));
    assert_false(combat_can_attack(&x->s, v));
    assert_int_equal(mana_total_now(&x->s, 0, -1), forests + 1);
    Action a = act(ACT_ACTIVATE, v, become_ability(x), 0, 0);
    assert_int_equal(action_apply(&x->s, &x->g, 0, &a, 0), MTG_OK);
    assert_int_equal(x->s.pl[0].land_tapped[COLOR_G], 2);             /* {1}{G} from two Forests */
    assert_false(x->s.perm[v].flags & PF_TAPPED);
    settle(x);
    return v;
}

/* 613.1d-f, 613.3: the Village is a 3/3 green Ape creature with trample,
 * still a land; it attacks (302.6: under its controller's control since
 * the turn began); creature removal destroys it (Doom Blade: "target
 * nonblack creature") and it goes to its owner's graveyard. */
static void test_manland_animated_destroyed(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int v = animated_village(&x, 2);
    assert_true(perm_is_creature(&x.s, v));
    assert_int_equal(x.s.perm[v].power, 3);
    assert_int_equal(x.s.perm[v].toughness, 3);
    assert_true(perm_has(&x.s, v, KW_TRAMPLE));
    assert_int_equal(x.s.px[v].colors, CB_G);
    assert_true(x.s.px[v].xflags & PX_LAND);
    Filter ape = x.s.cards[x.deck.card[C_DOOM]].ab[0].target[0].f;   /* nonblack creature */
    assert_true(filter_perm(&x.s, &ape, v, 1, NO_SLOT));
    assert_true(combat_can_attack(&x.s, v));
    assert_int_equal(mana_total_now(&x.s, 0, -1), 1);          /* its {T}: Add {G} still usable */
    give(&x, 1, C_DOOM);
    Action a = act(ACT_CAST, hand_slot(&x, 1, C_DOOM), 0, TK_PERM, v);
    assert_int_equal(action_apply(&x.s, &x.g, 1, &a, 1), MTG_OK);
    settle(&x);
    assert_false(permset_has(x.s.perm_used, v));
    assert_true(bits256_has(x.s.pl[0].gy, C_TREETOP));
}

/* A land that is a creature is dealt damage and dies of it (704.5g) as a
 * creature, to the graveyard; until end of turn only: at cleanup (514.2)
 * it is a land again, 0/0 and no creature, and Doom Blade cannot target
 * it. A pump on it (Giant Growth, layer 7c) adds to its base 3/3 (7b). */
static void test_manland_damage_and_end_of_turn(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int v = animated_village(&x, 2);
    DamageSource src = { NO_SLOT, 1, CB_R, x.deck.card[C_DOOM], 0, 0, 0 };
    damage_deal(&x.s, &x.g, &src, v, 0, 3);
    settle(&x);
    assert_false(permset_has(x.s.perm_used, v));
    assert_true(bits256_has(x.s.pl[0].gy, C_TREETOP));

    Pos y; pos_init(&y);
    v = animated_village(&y, 3);
    give(&y, 0, C_GROWTH);
    Action a = act(ACT_CAST, hand_slot(&y, 0, C_GROWTH), 0, TK_PERM, v);
    assert_int_equal(action_apply(&y.s, &y.g, 0, &a, 0), MTG_OK);
    settle(&y);
    assert_int_equal(y.s.perm[v].power, 6);
    assert_int_equal(y.s.perm[v].toughness, 6);
    floating_end_of_turn(&y.s);
    layers_refresh(&y.s);
    assert_false(perm_is_creature(&y.s, v));
    assert_int_equal(y.s.perm[v].power, 0);
    assert_int_equal(y.s.px[v].colors, 0);
    assert_false(perm_has(&y.s, v, KW_TRAMPLE));
    Filter f = y.s.cards[y.deck.card[C_DOOM]].ab[0].target[0].f;
    assert_false(filter_perm(&y.s, &f, v, 1, NO_SLOT));
    char msg[256];
    if (state_check(&y.s, &y.g, msg, sizeof msg)) fail_msg("%s", msg);
}

/* 302.6: a Village that came under its controller's control this turn
 * (played this turn) taps for mana as a land, but once a creature it can
 * neither attack nor tap for mana ({T} abilities of a creature). */
static void test_manland_summoning_sick(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    bits256_clear(x.s.exile[0], C_TREETOP);
    int v = land_enter(&x.s, &x.g, 0, C_TREETOP, 0);
    x.s.pending_n = 0;
    x.s.perm[v].flags &= (uint8_t)~PF_TAPPED;                 /* (it enters tapped) */
    assert_true(x.s.perm[v].flags & PF_SICK);
    basics(&x, 0, C_FOREST, COLOR_G, 2);
    assert_int_equal(mana_total_now(&x.s, 0, -1), 3);          /* a land: not a creature, no sickness */
    Action a = act(ACT_ACTIVATE, v, become_ability(&x), 0, 0);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 0), MTG_OK);
    settle(&x);
    assert_true(perm_is_creature(&x.s, v));
    assert_false(combat_can_attack(&x.s, v));
    assert_int_equal(mana_total_now(&x.s, 0, -1), 0);
    give(&x, 0, C_GROWTH);                                     /* {G}: no mana for it */
    Action acts[ACTION_MAX];
    assert_int_equal(game_legal_actions(&x.s, 0, acts), 1);
}

/* The heuristic animates the Village at the beginning of its combat (to
 * attack with it), not in its first main phase. */
static void test_heuristic_animates(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int v = put(&x, 0, C_TREETOP);
    x.s.perm[v].flags &= (uint8_t)~PF_TAPPED;
    basics(&x, 0, C_FOREST, COLOR_G, 2);
    Action acts[ACTION_MAX];
    int n = game_legal_actions(&x.s, 0, acts);
    assert_int_equal(heuristic_spells_main(&x.s, &x.g, 0, acts, n, -1), 0);
    x.s.step = STEP_BEGIN_COMBAT;
    n = game_legal_actions(&x.s, 0, acts);
    int k = heuristic_spells_main(&x.s, &x.g, 0, acts, n, -1);
    assert_int_equal(acts[k].type, ACT_ACTIVATE);
    assert_int_equal(acts[k].hand_idx, v);
}

/* The index of card k's mana ability. */
static int mana_ability(const Pos *x, int k)
{
    const CardDef *d = &x->s.cards[x->deck.card[k]];
    for (int j = 0; j < d->n_abilities; j++) if (d->ab[j].kind == AB_MANA) return j;
    fail_msg("no mana ability");
    return -1;
}

/* 605.3a: Chromatic Star's "{1}, {T}, Sacrifice ~: Add one mana of any
 * color." is an action with priority, one per color: the Forest pays {1},
 * the Star goes to the graveyard and its "when put into a graveyard from
 * the battlefield, draw a card" triggers; the {W} then pays for Elite
 * Vanguard. The heuristic does just that (the Star's {W} for the
 * Vanguard). */
static void test_chromatic_star(void **state)
{
    (void)state;
    Action acts[ACTION_MAX];
    Pos x; pos_init(&x);
    int star = put(&x, 0, C_STAR);
    basics(&x, 0, C_FOREST, COLOR_G, 1);
    static const uint8_t lib2[] = { C_BEARS };
    library(&x, 0, lib2, 1);
    int n = game_legal_actions(&x.s, 0, acts);
    assert_int_equal(n, 1 + 5);                                 /* pass, the Star's five colors */
    int k = heuristic_spells_main(&x.s, &x.g, 0, acts, n, -1);
    assert_int_equal(k, 0);                                     /* nothing to cast with it: it waits */
    Action a = act(ACT_ACTIVATE, star, mana_ability(&x, C_STAR), 0, 0);
    a.x = COLOR_W;
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 0), MTG_OK);
    assert_false(permset_has(x.s.perm_used, star));
    assert_true(bits256_has(x.s.pl[0].gy, C_STAR));
    assert_int_equal(x.s.pl[0].land_tapped[COLOR_G], 1);
    assert_int_equal(x.s.pl[0].mana[COLOR_W], 1);
    assert_int_equal(x.s.stack_n, 0);                           /* no stack for the mana */
    assert_int_equal(x.s.pending_n, 1);                         /* the draw */
    settle(&x);
    assert_int_equal(x.s.pl[0].hand_n, 1);
    assert_int_equal(x.s.pl[0].mana[COLOR_W], 1);

    Pos z; pos_init(&z);
    star = put(&z, 0, C_STAR);
    basics(&z, 0, C_FOREST, COLOR_G, 1);
    library(&z, 0, lib2, 1);
    give(&z, 0, C_LIONS);                                       /* Elite Vanguard, {W} */
    n = game_legal_actions(&z.s, 0, acts);
    k = heuristic_spells_main(&z.s, &z.g, 0, acts, n, -1);
    assert_int_equal(acts[k].type, ACT_ACTIVATE);
    assert_int_equal(acts[k].x, COLOR_W);
    assert_int_equal(action_apply(&z.s, &z.g, 0, &acts[k], 0), MTG_OK);
    settle(&z);
    assert_int_equal(cast_ok(&z, 0, C_LIONS), MTG_OK);
    assert_int_equal(pool_total(&z, 0), 0);
}

/* Composite Golem: "Sacrifice ~: Add {W}{U}{B}{R}{G}." (605.3a): five
 * mana in the pool at once, with a Forest enough for Craw Wurm. */
static void test_composite_golem(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int golem = put(&x, 0, C_GOLEM);
    basics(&x, 0, C_FOREST, COLOR_G, 1);
    give(&x, 0, C_WURM);
    assert_int_equal(cast_ok(&x, 0, C_WURM), ERR_ILLEGAL_ACTION);
    Action a = act(ACT_ACTIVATE, golem, mana_ability(&x, C_GOLEM), 0, 0);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 0), MTG_OK);
    assert_false(permset_has(x.s.perm_used, golem));
    assert_int_equal(pool_total(&x, 0), 5);
    for (int c = COLOR_W; c <= COLOR_G; c++) assert_int_equal(x.s.pl[0].mana[c], 1);
    assert_int_equal(cast_ok(&x, 0, C_WURM), MTG_OK);
    assert_int_equal(pool_total(&x, 0), 0);
    assert_int_equal(x.s.pl[0].land_tapped[COLOR_G], 1);
}

/* Joiner Adept: "Lands you control have '{T}: Add one mana of any
 * color.'" Basic lands too: without the Adept the Forests make only {G},
 * with it one pays Elite Vanguard's {W}, and each land tapped is still one
 * Manabarbs event. A Mountain and Treetop Village pay Doom Blade's {1}{B};
 * the opponent's Forest gains nothing. */
static void test_joiner_adept(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    basics(&x, 0, C_FOREST, COLOR_G, 2);
    give(&x, 0, C_LIONS);
    assert_int_equal(cast_ok(&x, 0, C_LIONS), ERR_ILLEGAL_ACTION);
    int adept = put(&x, 0, C_JOINER);
    assert_true(x.s.pl_rules[0] & PR_LANDS_ANY_COLOR);
    assert_false(x.s.pl_rules[1] & PR_LANDS_ANY_COLOR);
    put(&x, 1, C_BARBS);
    assert_int_equal(cast_ok(&x, 0, C_LIONS), MTG_OK);
    assert_int_equal(x.s.pl[0].land_tapped[COLOR_G], 1);
    assert_int_equal(pool_total(&x, 0), 0);
    assert_int_equal(x.s.pending_n, 1);
    settle(&x);
    assert_int_equal(x.s.pl[0].life, 19);
    (void)adept;

    Pos y; pos_init(&y);
    put(&y, 0, C_JOINER);
    int v = put(&y, 0, C_TREETOP);
    y.s.perm[v].flags &= (uint8_t)~PF_TAPPED;
    basics(&y, 0, C_MOUNTAIN, COLOR_R, 1);
    give(&y, 0, C_WURM);                                       /* {4}{G}{G}: no */
    give(&y, 1, C_LIONS);
    basics(&y, 1, C_FOREST, COLOR_G, 1);
    assert_int_equal(cast_ok(&y, 1, C_LIONS), ERR_ILLEGAL_ACTION);   /* not the opponent's Forest */
    give(&y, 0, C_MINOTAUR);                                   /* {3}{R}: no, three lands */
    give(&y, 0, C_DOOM);                                       /* {1}{B}: the Mountain's {B} and the Village */
    assert_int_equal(cast_ok(&y, 0, C_MINOTAUR), ERR_ILLEGAL_ACTION);
    put(&y, 1, C_BEARS);
    Action a = act(ACT_CAST, hand_slot(&y, 0, C_DOOM), 0, TK_PERM, permset_first(y.s.perm_ctl[1]));
    assert_int_equal(action_apply(&y.s, &y.g, 0, &a, 0), MTG_OK);
    assert_true(y.s.perm[v].flags & PF_TAPPED);
    assert_int_equal(y.s.pl[0].land_tapped[COLOR_R], 1);
    settle(&y);
    assert_int_equal(y.s.perm_ctl[1], 0);
}

/* Doubling Cube: "{3}, {T}: Double the amount of each type of unspent mana
 * you have." (605.3a): after Pyretic Ritual's {R}{R}{R}, three Forests pay
 * the {3} (the pool kept for the Cube: the player's choice) and the pool
 * holds six {R}; with no land, Composite Golem's five pay the {3} from the
 * pool ({W}{U}{B}, in order) and {R}{G} double to {R}{R}{G}{G}. */
static void test_doubling_cube(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int cube = put(&x, 0, C_CUBE);
    basics(&x, 0, C_FOREST, COLOR_G, 3);
    x.s.pl[0].mana[COLOR_R] = 3;
    Action a = act(ACT_ACTIVATE, cube, mana_ability(&x, C_CUBE), 0, 0);
    Action acts[ACTION_MAX];
    int n = game_legal_actions(&x.s, 0, acts), listed = 0;
    for (int k = 0; k < n; k++) listed |= acts[k].type == ACT_ACTIVATE && acts[k].hand_idx == cube;
    assert_true(listed);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 0), MTG_OK);
    assert_true(x.s.perm[cube].flags & PF_TAPPED);
    assert_int_equal(x.s.pl[0].land_tapped[COLOR_G], 3);
    assert_int_equal(x.s.pl[0].mana[COLOR_R], 6);
    assert_int_equal(pool_total(&x, 0), 6);

    Pos y; pos_init(&y);
    cube = put(&y, 0, C_CUBE);
    int golem = put(&y, 0, C_GOLEM);
    a = act(ACT_ACTIVATE, golem, mana_ability(&y, C_GOLEM), 0, 0);
    assert_int_equal(action_apply(&y.s, &y.g, 0, &a, 0), MTG_OK);
    a = act(ACT_ACTIVATE, cube, mana_ability(&y, C_CUBE), 0, 0);
    assert_int_equal(action_apply(&y.s, &y.g, 0, &a, 0), MTG_OK);
    assert_int_equal(pool_total(&y, 0), 4);
    assert_int_equal(y.s.pl[0].mana[COLOR_R], 2);
    assert_int_equal(y.s.pl[0].mana[COLOR_G], 2);
}

/* Spawning Pool "becomes a 1/1 black Skeleton creature with '{B}:
 * Regenerate this creature' until end of turn": the regeneration ability
 * is its own only while it is that creature (layer 6): not listed before,
 * listed after; a shield from it saves it from lethal damage (701.15); at
 * end of turn the ability is gone with the creature. */
static void test_spawning_pool(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int pool_slot = put(&x, 0, C_POOL);
    x.s.perm[pool_slot].flags &= (uint8_t)~PF_TAPPED;
    basics(&x, 0, C_MOUNTAIN, COLOR_R, 1);
    x.s.pl[0].mana[COLOR_B] = 3;
    const CardDef *d = &x.s.cards[x.deck.card[C_POOL]];
    int become = -1, regen = -1;
    for (int k = 0; k < d->n_abilities; k++) {
        if (d->ab[k].kind == AB_ACTIVATED && d->ab[k].effect[0].op == OP_BECOME) become = k;
        if (d->ab[k].kind == AB_ACTIVATED && d->ab[k].granted) regen = k;
    }
    assert_true(become >= 0 && regen >= 0);
    assert_int_equal(d->ab[regen].effect[0].op, OP_REGENERATE);
    Action acts[ACTION_MAX];
    int n = game_legal_actions(&x.s, 0, acts), listed = 0;
    for (int k = 0; k < n; k++) listed |= acts[k].type == ACT_ACTIVATE && acts[k].ability == regen;
    assert_false(listed);
    Action a = act(ACT_ACTIVATE, pool_slot, become, 0, 0);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 0), MTG_OK);      /* {1}{B}: the Mountain and a {B} */
    settle(&x);
    assert_true(perm_is_creature(&x.s, pool_slot));
    assert_int_equal(x.s.px[pool_slot].colors, CB_B);
    n = game_legal_actions(&x.s, 0, acts);
    listed = 0;
    for (int k = 0; k < n; k++) listed |= acts[k].type == ACT_ACTIVATE && acts[k].ability == regen;
    assert_true(listed);
    a = act(ACT_ACTIVATE, pool_slot, regen, 0, 0);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 0), MTG_OK);
    settle(&x);
    DamageSource src = { NO_SLOT, 1, CB_R, x.deck.card[C_DOOM], 0, 0, 0 };
    damage_deal(&x.s, &x.g, &src, pool_slot, 0, 2);
    settle(&x);
    assert_true(permset_has(x.s.perm_used, pool_slot));                 /* regenerated */
    assert_true(x.s.perm[pool_slot].flags & PF_TAPPED);
    assert_int_equal(x.s.perm[pool_slot].damage, 0);
    floating_end_of_turn(&x.s);
    layers_refresh(&x.s);
    x.s.pl[0].mana[COLOR_B] = 1;
    n = game_legal_actions(&x.s, 0, acts);
    listed = 0;
    for (int k = 0; k < n; k++) listed |= acts[k].type == ACT_ACTIVATE && acts[k].ability == regen;
    assert_false(listed);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_pain_land_only_for_colored),
        cmocka_unit_test(test_payer_choice),
        cmocka_unit_test(test_ritual_pool),
        cmocka_unit_test(test_heuristic_ritual),
        cmocka_unit_test(test_upwelling),
        cmocka_unit_test(test_manabarbs),
        cmocka_unit_test(test_archdruid),
        cmocka_unit_test(test_manland_animated_destroyed),
        cmocka_unit_test(test_manland_damage_and_end_of_turn),
        cmocka_unit_test(test_manland_summoning_sick),
        cmocka_unit_test(test_heuristic_animates),
        cmocka_unit_test(test_chromatic_star),
        cmocka_unit_test(test_composite_golem),
        cmocka_unit_test(test_joiner_adept),
        cmocka_unit_test(test_doubling_cube),
        cmocka_unit_test(test_spawning_pool),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
