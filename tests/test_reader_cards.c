/* test_reader_cards.c: the engine on real cards of the default pool that
 * the reader's newer sentence templates read (decks/text.c): power and
 * toughness defined by a count (604.3), "named ~", each player's own
 * count, a doubled life total, the greatest power among, the damage dealt
 * this way, conditions of a spell's sentences (608.2c), a spell shuffling
 * itself into its library, Cultivate's two searches, a target player's
 * permanents (controls, owns), "those creatures" and a skipped untap step
 * bound to a player. */
#include <stdio.h>
#include <stdlib.h>
#include "engine/stack.h"
#include "engine/effect.h"
#include "engine/library.h"
#include "engine/turn.h"
#include "engine/combat.h"
#include "engine/heuristic.h"

static const char *const names[] = {
    "Nightmare", "Swamp", "Swamp", "Swamp", "Glorious Anthem", "Scion of the Wild", "Grizzly Bears", "Craw Wurm",
    "Relentless Rats", "Relentless Rats", "Squadron Hawk", "Squadron Hawk", "Squadron Hawk", "Forest", "Forest",
    "Stronghold Discipline", "Ornithopter", "Beacon of Immortality", "Overwhelming Stampede", "Corrupt",
    "Timely Reinforcements", "Cultivate", "Sleep", "Arbalest Elite", "Hurkyl's Recall", "Lightning Bolt",
    "Commune with Nature", "Ancient Hellkite", "Diminish", "Giant Growth", "Incite", "Coat of Arms", "Goblin Piker",
    "Raging Goblin", "Sunken Hope", "Stampeding Wildebeests", "Puppeteer",
    "Royal Assassin", "White Knight", "Stave Off", "Mortivore", "Ancestor's Chosen",
    "Lavaborn Muse", "Elixir of Immortality", "Fling", "Dark Tutelage", "Goblin Bangchuckers", "Scoria Wurm",
    "Lord of the Pit", "Lord of the Pit", "Xathrid Demon", "Rites of Flourishing", "Forest", "Forest",
    "Vampire Nocturnus", "Child of Night", "Doom Blade", "Rhox",
};
enum { C_NIGHTMARE, C_SWAMP1, C_SWAMP2, C_SWAMP3, C_ANTHEM, C_SCION, C_BEARS, C_WURM, C_RATS1, C_RATS2,
       C_HAWK1, C_HAWK2, C_HAWK3, C_FOREST1, C_FOREST2, C_DISCIPLINE, C_ORNITHOPTER, C_BEACON, C_STAMPEDE,
       C_CORRUPT, C_TIMELY, C_CULTIVATE, C_SLEEP, C_ARBALEST, C_HURKYL, C_BOLT, C_COMMUNE, C_HELLKITE, C_DIMINISH,
       C_GROWTH, C_INCITE, C_COAT, C_PIKER, C_RAGING, C_SUNKEN, C_WILDEBEESTS, C_PUPPETEER, C_ASSASSIN,
       C_WHITE_KNIGHT, C_STAVE, C_MORTIVORE, C_ANCESTOR, C_LAVABORN, C_ELIXIR, C_FLING, C_TUTELAGE, C_BANG, C_SCORIA, C_LORD, C_LORD2, C_XATHRID, C_RITES, C_FOREST3, C_FOREST4,
       C_NOCTURNUS, C_CHILD, C_BLADE, C_RHOX, C_N };

#include "tests/pool_pos.h"

/* A position (pool_pos.h); Ornithopter's mana value 0 is a free spell. */
static void init(Pos *x)
{
    pos_init(x);
    x->s.pl[0].flags |= PL_FREE_SPELLS;
    x->s.pl[1].flags |= PL_FREE_SPELLS;
}

/* Casts card k of player p from its hand, its mana taken as paid, and
 * lets everything resolve. */
static void cast_free(Pos *x, int p, int k, int tk, int tv)
{
    give(x, p, k);
    Action a = act(ACT_CAST, hand_slot(x, p, k), 0, tk, tv);
    assert_int_equal(action_apply(&x->s, &x->g, p, &a, 1), MTG_OK);
    settle(x);
}

/* Basic land card k of player p onto the battlefield. */
static void land(Pos *x, int p, int k)
{
    bits256_clear(x->s.exile[p], k);
    land_enter(&x->s, &x->g, p, (uint8_t)k, 0);
    layers_refresh(&x->s);
}

static int in_hand(const Pos *x, int p, int k)
{
    for (int h = 0; h < x->s.pl[p].hand_n; h++) if (x->s.pl[p].hand[h] == k) return 1;
    return 0;
}

/* 604.3, 613.3a (layer 7a), 613.3c: Nightmare is as large as its
 * controller's Swamps, counted again as they change; a pump applies after
 * it; none makes it 0/0 and it dies (704.5f). Scion of the Wild counts
 * itself. */
static void test_defined_power(void **state)
{
    (void)state;
    Pos x; init(&x);
    int n = put(&x, 0, C_NIGHTMARE);
    settle(&x);
    assert_false(permset_has(x.s.perm_used, n));
    assert_true(bits256_has(x.s.pl[0].gy, C_NIGHTMARE));

    Pos y; init(&y);
    land(&y, 0, C_SWAMP1);
    land(&y, 0, C_SWAMP2);
    land(&y, 1, C_SWAMP3);                                /* an opponent's Swamp: not "you control" */
    n = put(&y, 0, C_NIGHTMARE);
    assert_int_equal(y.s.perm[n].power, 2);
    assert_int_equal(y.s.perm[n].toughness, 2);
    bits256_clear(y.s.exile[0], C_SWAMP3);
    land_enter(&y.s, &y.g, 0, C_SWAMP3, 1);
    layers_refresh(&y.s);
    assert_int_equal(y.s.perm[n].power, 3);
    put(&y, 0, C_ANTHEM);
    assert_int_equal(y.s.perm[n].power, 4);
    assert_int_equal(y.s.perm[n].toughness, 4);
    settle(&y);

    Pos z; init(&z);
    int scion = put(&z, 0, C_SCION);
    assert_int_equal(z.s.perm[scion].power, 1);
    put(&z, 0, C_BEARS);
    put(&z, 1, C_WURM);
    assert_int_equal(z.s.perm[scion].toughness, 2);
    settle(&z);
}

/* 201.2: Relentless Rats counts the other creatures named Relentless
 * Rats, whoever controls them. */
static void test_named(void **state)
{
    (void)state;
    Pos x; init(&x);
    int r1 = put(&x, 0, C_RATS1);
    assert_int_equal(x.s.perm[r1].power, 2);
    int r2 = put(&x, 1, C_RATS1);
    put(&x, 0, C_BEARS);
    assert_int_equal(x.s.perm[r1].power, 3);
    assert_int_equal(x.s.perm[r2].toughness, 3);
    int r3 = put(&x, 0, C_RATS2);
    assert_int_equal(x.s.perm[r1].power, 4);
    assert_int_equal(x.s.perm[r3].power, 4);
    settle(&x);
}

/* 701.15: Squadron Hawk's "you may search ... for up to three cards named
 * Squadron Hawk": both others in the library to the hand, nothing else. */
static void test_search_named(void **state)
{
    (void)state;
    static const uint8_t lib[] = { C_BEARS, C_HAWK2, C_FOREST1, C_HAWK3 };
    Pos x; init(&x);
    library(&x, 0, lib, 4);
    enter(&x, 0, C_HAWK1);
    settle(&x);
    assert_true(in_hand(&x, 0, C_HAWK2));
    assert_true(in_hand(&x, 0, C_HAWK3));
    assert_int_equal(x.s.pl[0].hand_n, 2);
    assert_int_equal(x.s.pl[0].lib_n, 2);
}

/* Stronghold Discipline: each player loses 1 life for each creature that
 * player controls (an artifact creature is one; a land is not). */
static void test_each_own_count(void **state)
{
    (void)state;
    Pos x; init(&x);
    put(&x, 0, C_BEARS);
    put(&x, 0, C_WURM);
    put(&x, 1, C_ORNITHOPTER);
    land(&x, 1, C_FOREST1);
    cast_free(&x, 0, C_DISCIPLINE, 0, 0);
    assert_int_equal(x.s.pl[0].life, 18);
    assert_int_equal(x.s.pl[1].life, 19);
}

/* Beacon of Immortality: the player gains as much life as they have; the
 * card is shuffled into its owner's library, not put into the graveyard
 * (608.2k). */
static void test_double_life(void **state)
{
    (void)state;
    Pos x; init(&x);
    x.s.pl[1].life = 7;
    cast_free(&x, 0, C_BEACON, TK_PLAYER, 1);
    assert_int_equal(x.s.pl[1].life, 14);
    assert_int_equal(x.s.pl[0].life, 20);
    assert_false(bits256_has(x.s.pl[0].gy, C_BEACON));
    assert_int_equal(x.s.pl[0].lib_n, 1);
    assert_int_equal(x.s.pl[0].lib[x.s.pl[0].lib_top], C_BEACON);
}

/* Overwhelming Stampede: X is the greatest power among the caster's
 * creatures as it resolves, for each of them. */
static void test_greatest_power(void **state)
{
    (void)state;
    Pos x; init(&x);
    int bears = put(&x, 0, C_BEARS), wurm = put(&x, 0, C_WURM), theirs = put(&x, 1, C_BEARS);
    cast_free(&x, 0, C_STAMPEDE, 0, 0);
    assert_int_equal(x.s.perm[bears].power, 8);
    assert_int_equal(x.s.perm[bears].toughness, 8);
    assert_int_equal(x.s.perm[wurm].power, 12);
    assert_true(x.s.perm[bears].kw & KW_TRAMPLE);
    assert_int_equal(x.s.perm[theirs].power, 2);
}

/* Corrupt: damage equal to the Swamps its caster controls; life equal to
 * the damage dealt, after prevention (615). */
static void test_damage_dealt(void **state)
{
    (void)state;
    Pos x; init(&x);
    land(&x, 0, C_SWAMP1); land(&x, 0, C_SWAMP2); land(&x, 0, C_SWAMP3);
    cast_free(&x, 0, C_CORRUPT, TK_PLAYER, 1);
    assert_int_equal(x.s.pl[1].life, 17);
    assert_int_equal(x.s.pl[0].life, 23);

    Pos y; init(&y);
    land(&y, 0, C_SWAMP1); land(&y, 0, C_SWAMP2); land(&y, 0, C_SWAMP3);
    int wurm = put(&y, 1, C_WURM);
    y.s.perm[wurm].prevent = 2;
    cast_free(&y, 0, C_CORRUPT, TK_PERM, wurm);
    assert_int_equal(y.s.perm[wurm].damage, 1);
    assert_int_equal(y.s.pl[0].life, 21);
}

/* 608.2c: each of Timely Reinforcements' sentences happens only if its
 * condition holds as the spell resolves. */
static void test_conditions(void **state)
{
    (void)state;
    Pos x; init(&x);
    x.s.pl[0].life = 10;
    put(&x, 1, C_BEARS);
    cast_free(&x, 0, C_TIMELY, 0, 0);
    assert_int_equal(x.s.pl[0].life, 16);
    assert_int_equal(permset_count(x.s.perm_ctl[0]), 3);

    Pos y; init(&y);                             /* equal life, as many creatures: nothing */
    put(&y, 0, C_WURM);
    put(&y, 1, C_BEARS);
    cast_free(&y, 0, C_TIMELY, 0, 0);
    assert_int_equal(y.s.pl[0].life, 20);
    assert_int_equal(permset_count(y.s.perm_ctl[0]), 1);

    Pos z; init(&z);                             /* more life, fewer creatures: the tokens alone */
    z.s.pl[1].life = 5;
    put(&z, 1, C_BEARS);
    cast_free(&z, 0, C_TIMELY, 0, 0);
    assert_int_equal(z.s.pl[0].life, 20);
    assert_int_equal(permset_count(z.s.perm_ctl[0]), 3);
}

/* Cultivate: one basic land onto the battlefield tapped, the other into
 * the hand, then a shuffle (701.15). */
static void test_cultivate(void **state)
{
    (void)state;
    static const uint8_t lib[] = { C_BEARS, C_FOREST1, C_SWAMP1, C_WURM };
    Pos x; init(&x);
    library(&x, 0, lib, 4);
    cast_free(&x, 0, C_CULTIVATE, 0, 0);
    assert_true(bits256_has(x.s.pl[0].lands, C_FOREST1));
    assert_int_equal(x.s.pl[0].land_tapped[COLOR_G], 1);
    assert_true(in_hand(&x, 0, C_SWAMP1));
    assert_int_equal(x.s.pl[0].lib_n, 2);
}

/* Sleep: every creature target player controls is tapped and skips that
 * player's next untap step (502.2), and untaps in the one after. */
static void test_sleep(void **state)
{
    (void)state;
    static const uint8_t lib[] = { C_FOREST1, C_FOREST2 };
    Pos x; init(&x);
    library(&x, 0, lib, 2);
    library(&x, 1, lib, 2);
    int mine = put(&x, 0, C_BEARS), b = put(&x, 1, C_BEARS), w = put(&x, 1, C_WURM);
    cast_free(&x, 0, C_SLEEP, TK_PLAYER, 1);
    assert_true(x.s.perm[b].flags & PF_TAPPED);
    assert_true(x.s.perm[w].flags & PF_TAPPED);
    assert_false(x.s.perm[mine].flags & PF_TAPPED);
    assert_int_equal(x.s.float_n, 2);                /* player 1's next untap step, for each */
    assert_int_equal(x.s.fl[0].controller, 1);
    x.s.step = STEP_END;
    x.s.turn = 4;
    x.s.turn_cap = 5;                                /* player 1's turn 5, then the cap */
    game_run(&x.s, &x.g);
    assert_int_equal(x.g.check_failed, 0);
    assert_true(x.s.perm[b].flags & PF_TAPPED);
    assert_true(x.s.perm[w].flags & PF_TAPPED);
    assert_int_equal(x.s.float_n, 0);                /* that step ended them */
}

/* Arbalest Elite: "doesn't untap during your next untap step" is its
 * controller's as the ability resolved: under another player's control it
 * untaps in that player's untap step, and the effect waits for the first
 * player's. */
static void test_your_untap_step(void **state)
{
    (void)state;
    static const uint8_t lib[] = { C_FOREST1, C_FOREST2 };
    Pos x; init(&x);
    library(&x, 0, lib, 2);
    library(&x, 1, lib, 2);
    int elite = put(&x, 0, C_ARBALEST), wurm = put(&x, 1, C_WURM);
    x.s.active = 1;                                  /* player 1's Wurm attacks */
    x.s.step = STEP_DECLARE_BLOCKERS;
    x.s.combat.attackers |= PERMSET_BIT(wurm);
    x.s.perm[wurm].target = TARGET_PLAYER;
    Action a = act(ACT_ACTIVATE, elite, 0, TK_PERM, wurm);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 1), MTG_OK);
    settle(&x);
    x.s.active = 0;
    assert_int_equal(x.s.perm[wurm].damage, 3);
    assert_true(x.s.perm[elite].flags & PF_TAPPED);
    assert_int_equal(x.s.float_n, 1);
    assert_int_equal(x.s.fl[0].controller, 0);       /* player 0's next untap step */
    x.s.combat.attackers = 0;
    x.s.perm[wurm].target = TARGET_NONE;
    Floating ctl;                                    /* player 1 gains control of it (layer 2) */
    memset(&ctl, 0, sizeof ctl);
    ctl.op = OP_CONTROL;
    ctl.dur = DUR_FOREVER;
    ctl.slot = (uint8_t)elite;
    ctl.controller = 1;
    ctl.source = NO_SLOT;
    ctl.perm_ts = x.s.px[elite].ts;
    ctl.ts = state_ts(&x.s);
    assert_int_equal(floating_add(&x.s, &ctl), 0);
    layers_refresh(&x.s);
    assert_true(permset_has(x.s.perm_ctl[1], elite));
    x.s.step = STEP_END;
    x.s.turn = 4;
    x.s.turn_cap = 5;
    game_run(&x.s, &x.g);
    assert_int_equal(x.g.check_failed, 0);
    assert_false(x.s.perm[elite].flags & PF_TAPPED);
    assert_int_equal(x.s.float_n, 2);                /* the control, and player 0's next untap step's */
}

/* Hurkyl's Recall: the artifacts target player owns, whoever controls
 * them, to their owner's hand; not those the player only controls. */
static void test_owns(void **state)
{
    (void)state;
    Pos x; init(&x);
    bits256_clear(x.s.exile[1], C_ORNITHOPTER);
    int stolen = perm_enter(&x.s, &x.g, 0, 1, x.deck.card[C_ORNITHOPTER], C_ORNITHOPTER);   /* player 1's, player 0 controls */
    bits256_clear(x.s.exile[0], C_ORNITHOPTER);
    int borrowed = perm_enter(&x.s, &x.g, 1, 0, x.deck.card[C_ORNITHOPTER], C_ORNITHOPTER); /* player 0's, player 1 controls */
    int bears = put(&x, 1, C_BEARS);
    settle(&x);
    cast_free(&x, 0, C_HURKYL, TK_PLAYER, 1);
    assert_false(permset_has(x.s.perm_used, stolen));
    assert_true(in_hand(&x, 1, C_ORNITHOPTER));
    assert_true(permset_has(x.s.perm_used, borrowed));
    assert_true(permset_has(x.s.perm_used, bears));
}

/* Commune with Nature: a creature card among the top five into the hand,
 * the other four on the bottom; the sixth card is then on top. */
static void test_dig(void **state)
{
    (void)state;
    static const uint8_t lib[] = { C_FOREST1, C_BEARS, C_SWAMP1, C_WURM, C_BOLT, C_FOREST2 };
    Pos x; init(&x);
    library(&x, 0, lib, 6);
    cast_free(&x, 0, C_COMMUNE, 0, 0);
    assert_true(in_hand(&x, 0, C_BEARS));
    assert_int_equal(x.s.pl[0].hand_n, 1);
    const Player *pl = &x.s.pl[0];
    assert_int_equal(pl->lib_n, 5);
    assert_int_equal(pl->lib[pl->lib_top], C_FOREST2);
    assert_int_equal(pl->lib[pl->lib_top + 4], C_BOLT);
}

/* 602.5b: Ancient Hellkite's ability is no legal action unless it attacks. */
static void test_only_attacking(void **state)
{
    (void)state;
    Pos x; init(&x);
    int hk = put(&x, 0, C_HELLKITE), bears = put(&x, 1, C_BEARS);
    x.s.pl[0].land_n[COLOR_R] = 1;
    Action acts[ACTION_MAX];
    int n = game_legal_actions(&x.s, 0, acts), any = 0;
    for (int k = 0; k < n; k++) any |= acts[k].type == ACT_ACTIVATE;
    assert_false(any);
    x.s.step = STEP_DECLARE_ATTACKERS;
    x.s.combat.attackers |= PERMSET_BIT(hk);
    x.s.perm[hk].target = TARGET_PLAYER;
    n = game_legal_actions(&x.s, 0, acts);
    any = 0;
    for (int k = 0; k < n; k++)
        if (acts[k].type == ACT_ACTIVATE) { any++; assert_int_equal(acts[k].tv[0], bears); }
    assert_int_equal(any, 1);                        /* the defending player's creature only */
}

/* 613.3b-c, 613.6: Diminish's base 1/1, then Giant Growth's +3/+3 in
 * either order; the end of the turn ends both (514.2). Incite's red
 * replaces the Bears' green (613.1e). */
static void test_layers_5_7b(void **state)
{
    (void)state;
    Pos x; init(&x);
    int wurm = put(&x, 0, C_WURM);
    cast_free(&x, 0, C_GROWTH, TK_PERM, wurm);
    cast_free(&x, 1, C_DIMINISH, TK_PERM, wurm);
    assert_int_equal(x.s.perm[wurm].power, 4);
    assert_int_equal(x.s.perm[wurm].toughness, 4);
    floating_end_of_turn(&x.s);
    layers_refresh(&x.s);
    assert_int_equal(x.s.perm[wurm].power, 6);
    int bears = put(&x, 1, C_BEARS);
    assert_int_equal(x.s.px[bears].colors, CB_G);
    cast_free(&x, 1, C_INCITE, TK_PERM, bears);
    assert_int_equal(x.s.px[bears].colors, CB_R);
    assert_true(perm_rule(&x.s, bears, RULE_MUST_ATTACK));
    floating_end_of_turn(&x.s);
    layers_refresh(&x.s);
    assert_int_equal(x.s.px[bears].colors, CB_G);
}

/* Coat of Arms: each creature's own count of the others sharing a type. */
static void test_sharing(void **state)
{
    (void)state;
    Pos x; init(&x);
    int piker = put(&x, 0, C_PIKER), raging = put(&x, 1, C_RAGING), bears = put(&x, 0, C_BEARS);
    put(&x, 0, C_COAT);
    assert_int_equal(x.s.perm[piker].power, 3);
    assert_int_equal(x.s.perm[raging].power, 2);
    assert_int_equal(x.s.perm[bears].power, 2);
    settle(&x);
}

/* Sunken Hope: at the beginning of each player's upkeep, that player (not
 * Sunken Hope's controller) returns a creature they control to its
 * owner's hand; Stampeding Wildebeests returns a green creature of its
 * controller's, itself if it is the only one. */
static void test_return_own(void **state)
{
    (void)state;
    Pos x; init(&x);
    put(&x, 0, C_SUNKEN);
    int mine = put(&x, 0, C_BEARS), theirs = put(&x, 1, C_WURM);
    trigger_event(&x.s, TR_UPKEEP, NO_SLOT, 0, 1, 1, 0);
    settle(&x);
    assert_false(permset_has(x.s.perm_used, theirs));
    assert_true(in_hand(&x, 1, C_WURM));
    assert_true(permset_has(x.s.perm_used, mine));
    trigger_event(&x.s, TR_UPKEEP, NO_SLOT, 0, 1, 1, 0);  /* none left: nothing happens */
    settle(&x);
    assert_true(permset_has(x.s.perm_used, mine));

    Pos y; init(&y);
    int w = put(&y, 0, C_WILDEBEESTS), goblin = put(&y, 0, C_PIKER);
    trigger_event(&y.s, TR_UPKEEP, NO_SLOT, 0, 0, 0, 0);
    settle(&y);
    assert_false(permset_has(y.s.perm_used, w));
    assert_true(in_hand(&y, 0, C_WILDEBEESTS));
    assert_true(permset_has(y.s.perm_used, goblin));
}

/* Lord of the Pit: at the beginning of its controller's upkeep, that
 * player sacrifices a creature other than it; only if they can't, it
 * deals 7 damage to them. Two Lords are sacrificed to each other (the
 * card's ruling): the first ability to resolve sacrifices the other Lord,
 * and the second, its source gone, the first (a creature other than that
 * Lord), so no damage is dealt. */
static void test_lord_of_the_pit(void **state)
{
    (void)state;
    Pos x; init(&x);
    int lord = put(&x, 0, C_LORD), bears = put(&x, 0, C_BEARS), wurm = put(&x, 1, C_WURM);
    trigger_event(&x.s, TR_UPKEEP, NO_SLOT, 0, 0, 0, 0);
    settle(&x);
    assert_false(permset_has(x.s.perm_used, bears));              /* the only other creature */
    assert_true(permset_has(x.s.perm_used, lord) && permset_has(x.s.perm_used, wurm));
    assert_int_equal(x.s.pl[0].life, 20);
    trigger_event(&x.s, TR_UPKEEP, NO_SLOT, 0, 1, 1, 0);           /* the opponent's upkeep: not its */
    settle(&x);
    assert_int_equal(x.s.pl[0].life, 20);
    trigger_event(&x.s, TR_UPKEEP, NO_SLOT, 0, 0, 0, 0);           /* none to sacrifice: 7 damage */
    settle(&x);
    assert_true(permset_has(x.s.perm_used, lord));
    assert_int_equal(x.s.pl[0].life, 13);
    assert_int_equal(x.s.pl[1].life, 20);

    Pos y; init(&y);
    int a = put(&y, 0, C_LORD), b = put(&y, 0, C_LORD2);
    trigger_event(&y.s, TR_UPKEEP, NO_SLOT, 0, 0, 0, 0);           /* each triggers */
    settle(&y);
    assert_false(permset_has(y.s.perm_used, a) || permset_has(y.s.perm_used, b));
    assert_int_equal(y.s.pl[0].gy_n, 2);
    assert_int_equal(y.s.pl[0].life, 20);
}

/* Xathrid Demon: its controller sacrifices a creature other than it, then
 * each opponent loses life equal to that creature's power as it last
 * existed (608.2h: the Craw Wurm under Glorious Anthem, 7); if they
 * can't, the Demon is tapped and they lose 7 life (both effects of that
 * sentence). */
static void test_xathrid_demon(void **state)
{
    (void)state;
    Pos x; init(&x);
    int demon = put(&x, 0, C_XATHRID), wurm = put(&x, 0, C_WURM);
    put(&x, 0, C_ANTHEM);
    settle(&x);
    trigger_event(&x.s, TR_UPKEEP, NO_SLOT, 0, 0, 0, 0);
    settle(&x);
    assert_false(permset_has(x.s.perm_used, wurm));
    assert_int_equal(x.s.pl[1].life, 13);
    assert_int_equal(x.s.pl[0].life, 20);
    assert_false(x.s.perm[demon].flags & PF_TAPPED);
    trigger_event(&x.s, TR_UPKEEP, NO_SLOT, 0, 0, 0, 0);           /* none other: tapped, 7 life lost */
    settle(&x);
    assert_true(x.s.perm[demon].flags & PF_TAPPED);
    assert_int_equal(x.s.pl[0].life, 13);
    assert_int_equal(x.s.pl[1].life, 13);
}

/* The land drops player p may take now: its legal ACT_LAND actions. */
static int land_actions(const Pos *x, int p)
{
    Action acts[ACTION_MAX];
    int n = actions_spells(&x->s, p, acts, 0), m = 0;
    for (int k = 0; k < n; k++) m += acts[k].type == ACT_LAND;
    return m;
}

/* Plays the land card k of player p's hand (a listed land drop). */
static void play_land(Pos *x, int p, int k)
{
    Action a = act(ACT_LAND, hand_slot(x, p, k), 0, 0, 0);
    assert_int_equal(action_apply(&x->s, &x->g, p, &a, 0), MTG_OK);
    settle(x);
}

/* Rites of Flourishing (305.2): each player may play an additional land on
 * each of their turns, so two land drops a turn, one again once it is
 * gone; the opponent's turn gives none; and each player draws an
 * additional card in their draw step. */
static void test_rites_of_flourishing(void **state)
{
    (void)state;
    Pos x; init(&x);
    give(&x, 0, C_FOREST1); give(&x, 0, C_FOREST2); give(&x, 0, C_FOREST3);
    assert_int_equal(land_actions(&x, 0), 3);
    play_land(&x, 0, C_FOREST1);
    assert_int_equal(land_actions(&x, 0), 0);                      /* one a turn (305.2) */
    int rites = put(&x, 0, C_RITES);
    assert_int_equal(land_actions(&x, 0), 2);                      /* an additional one */
    play_land(&x, 0, C_FOREST2);
    assert_int_equal(land_actions(&x, 0), 0);
    assert_int_equal(x.s.pl[0].lands_n, 2);
    x.s.active = 1;
    give(&x, 1, C_FOREST1); give(&x, 1, C_FOREST2);
    assert_int_equal(land_actions(&x, 1), 2);                      /* "each player" */
    assert_int_equal(land_actions(&x, 0), 0);                      /* not on the opponent's turn */
    play_land(&x, 1, C_FOREST1);
    perm_leave(&x.s, &x.g, rites, ZONE_GRAVEYARD);                 /* gone: one land drop again */
    settle(&x);
    assert_int_equal(land_actions(&x, 1), 0);
    /* the draw step's additional card, for each player */
    Pos y; init(&y);
    put(&y, 0, C_RITES);
    static const uint8_t lib[3] = { C_BEARS, C_WURM, C_HAWK1 };
    library(&y, 1, lib, 3);
    trigger_event(&y.s, TR_DRAW_STEP, NO_SLOT, 0, 1, 1, 0);
    settle(&y);
    assert_int_equal(y.s.pl[1].hand_n, 1);
    assert_int_equal(y.s.pl[0].hand_n, 0);
}

/* Vampire Nocturnus's power, toughness and flying, and Child of Night's
 * (another Vampire its controller controls): +2/+1 and flying for both
 * when `on`, none when not; Grizzly Bears never. */
static void nocturnus_is(const Pos *x, int noct, int child, int bears, int on)
{
    assert_int_equal(x->s.perm[noct].power, on ? 5 : 3);
    assert_int_equal(x->s.perm[noct].toughness, on ? 4 : 3);
    assert_int_equal(!!(x->s.perm[noct].kw & KW_FLYING), on);
    assert_int_equal(x->s.perm[child].power, on ? 4 : 2);
    assert_int_equal(x->s.perm[child].toughness, on ? 2 : 1);
    assert_int_equal(!!(x->s.perm[child].kw & KW_FLYING), on);
    assert_true(x->s.perm[child].kw & KW_LIFELINK);
    assert_int_equal(x->s.perm[bears].power, 2);
    assert_false(x->s.perm[bears].kw & KW_FLYING);
}

/* Vampire Nocturnus: "As long as the top card of your library is black"
 * (604.1, 611.3a) is read from its controller's library whenever the
 * layers look (cond_key: the layers are stale once the answer changes,
 * and only then): a draw, a card put on top, a mill, a shuffle; an empty
 * library has no top card. state_check (settle) agrees at each step. */
static void test_vampire_nocturnus(void **state)
{
    (void)state;
    static const uint8_t lib[] = { C_BLADE, C_SWAMP1, C_BOLT, C_SWAMP2 };
    Pos x; init(&x);
    library(&x, 0, lib, 4);
    int noct = put(&x, 0, C_NOCTURNUS), child = put(&x, 0, C_CHILD), bears = put(&x, 0, C_BEARS);
    settle(&x);
    nocturnus_is(&x, noct, child, bears, 1);                  /* Doom Blade on top */
    game_draw(&x.s, &x.g, 0);                                 /* a Swamp on top: colorless (105.2c) */
    assert_true(layers_stale(&x.s));
    settle(&x);
    nocturnus_is(&x, noct, child, bears, 0);
    game_draw(&x.s, &x.g, 0);                                 /* Lightning Bolt, red: no change */
    assert_false(layers_stale(&x.s));
    settle(&x);
    nocturnus_is(&x, noct, child, bears, 0);
    bits256_clear(x.s.exile[0], C_NIGHTMARE);                 /* a black card put on top */
    card_to_zone(&x.s, 0, C_NIGHTMARE, ZONE_LIBRARY);
    assert_true(layers_stale(&x.s));
    settle(&x);
    nocturnus_is(&x, noct, child, bears, 1);
    card_to_zone(&x.s, 0, library_take(&x.s, 0, 0), ZONE_GRAVEYARD);   /* Nightmare milled: Bolt on top */
    assert_true(layers_stale(&x.s));
    settle(&x);
    nocturnus_is(&x, noct, child, bears, 0);
    bits256_clear(x.s.exile[0], C_RATS1);                     /* Bolt, a Swamp, Relentless Rats (black) */
    card_to_zone(&x.s, 0, C_RATS1, ZONE_LIBRARY_BOTTOM);
    settle(&x);
    nocturnus_is(&x, noct, child, bears, 0);
    int seen[2] = { 0, 0 };
    for (int k = 0; k < 12; k++) {                            /* shuffled (701.19): whatever comes on top */
        library_shuffle(&x.s, &x.g, 0);
        settle(&x);
        const Player *pl = &x.s.pl[0];
        int black = pl->lib[pl->lib_top] == C_RATS1;
        nocturnus_is(&x, noct, child, bears, black);
        seen[black]++;
    }
    assert_true(seen[0] && seen[1]);
    while (x.s.pl[0].lib_n) card_to_zone(&x.s, 0, library_take(&x.s, 0, 0), ZONE_GRAVEYARD);
    settle(&x);
    nocturnus_is(&x, noct, child, bears, 0);                  /* empty: no top card */
}

/* Rhox: "You may have Rhox assign its combat damage as though it weren't
 * blocked" is a rules ability the layers give it (and nothing else has).
 * Blocked by Grizzly Bears, the division offered has the defending player
 * last, without trample; the engine's default gives it all 5 (510.1b as
 * though unblocked); the heuristic kills the Bears (board worth 8) rather
 * than take 5 of 20 life (worth 5), and takes the player at 8 life (14 to
 * 6) or when the 5 are lethal; the random policy's divisions are all
 * legal. */
static void test_rhox(void **state)
{
    (void)state;
    Pos x; init(&x);
    int rhox = put(&x, 0, C_RHOX), bears = put(&x, 1, C_BEARS);
    settle(&x);
    assert_true(perm_rule(&x.s, rhox, RULE_ASSIGN_AS_UNBLOCKED));
    assert_false(perm_rule(&x.s, bears, RULE_ASSIGN_AS_UNBLOCKED));
    x.s.step = STEP_DECLARE_ATTACKERS;
    AttackDecl d = { (uint8_t)rhox, TARGET_PLAYER };
    assert_int_equal(combat_declare_attackers(&x.s, &x.g, &d, 1), MTG_OK);
    BlockDecl b = { (uint8_t)bears, (uint8_t)rhox };
    assert_int_equal(combat_declare_blockers(&x.s, &x.g, &b, 1), MTG_OK);
    int16_t assigned[PERM_MAX] = {0}, amt[ASSIGN_MAX];
    DamageChoice dc;
    assert_true(combat_damage_choice(&x.s, rhox, 0, assigned, 0, &dc));
    assert_int_equal(dc.n, 2);
    assert_int_equal(dc.to[0], bears); assert_int_equal(dc.lethal[0], 2);
    assert_int_equal(dc.to[1], RECIP_DEFENDER);
    assert_true(dc.unblocked);
    assert_false(dc.trample);
    combat_default_division(&dc, amt);
    assert_int_equal(amt[0], 0); assert_int_equal(amt[1], 5);
    static const int life[3] = { 20, 8, 5 }, to_bears[3] = { 5, 0, 0 };
    for (int k = 0; k < 3; k++) {
        x.s.pl[1].life = (int16_t)life[k];
        policy_heuristic.assign(&policy_heuristic, &x.s, &x.g, 0, x.g.policy_rng[0], &dc, amt);
        assert_int_equal(amt[0], to_bears[k]);
        assert_int_equal(amt[1], 5 - to_bears[k]);
    }
    /* The Bears' own division (a blocker) has no player in it. */
    assert_true(combat_damage_choice(&x.s, bears, 0, assigned, 0, &dc));
    assert_int_equal(dc.n, 1);
    assert_false(dc.unblocked);
    x.s.pl[1].life = 20;
    x.g.policy[0] = x.g.policy[1] = &policy_random;
    int seen[2] = { 0, 0 };
    for (int k = 0; k < 16; k++) {
        Pos y = x;
        y.g.policy_rng[0] = &y.rng[2]; y.g.policy_rng[1] = &y.rng[3];
        rng_seed(&y.rng[2], 5, (uint64_t)k, 0);
        assert_int_equal(combat_damage_step(&y.s, &y.g, 0, NULL, 0), MTG_OK);
        int hit = y.s.pl[1].life == 15;
        assert_true(hit || y.s.pl[1].life == 20);
        assert_int_equal(!!permset_has(y.s.perm_used, bears), hit);   /* one or the other */
        seen[hit]++;
    }
    assert_true(seen[0] && seen[1]);
}

/* A policy answering its choices from a script, in order (then 0). */
static int script[4], script_n, script_at;
static int choose_script(const Policy *pol, const GameState *s, const Game *g, int pl, Rng *r, const Choice *c)
{
    (void)pol; (void)s; (void)g; (void)pl; (void)r; (void)c;
    return script_at < script_n ? script[script_at++] : 0;
}

/* Puppeteer: "You may tap or untap target creature": yes, then untap (the
 * second answer); by default it taps. */
static void test_tap_or_untap(void **state)
{
    (void)state;
    Pos x; init(&x);
    int pup = put(&x, 0, C_PUPPETEER), bears = put(&x, 0, C_BEARS);
    x.s.perm[bears].flags |= PF_TAPPED;
    Policy pol;
    memset(&pol, 0, sizeof pol);
    pol.choose = choose_script;
    x.g.policy[0] = &pol;
    script[0] = 0; script[1] = 1; script_n = 2; script_at = 0;
    Action a = act(ACT_ACTIVATE, pup, 0, TK_PERM, bears);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 1), MTG_OK);
    settle(&x);
    assert_int_equal(script_at, 2);
    assert_false(x.s.perm[bears].flags & PF_TAPPED);
    assert_true(x.s.perm[pup].flags & PF_TAPPED);
    x.s.perm[pup].flags &= (uint8_t)~PF_TAPPED;
    script_n = 0;                                    /* the defaults: yes, tap */
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 1), MTG_OK);
    settle(&x);
    assert_true(x.s.perm[bears].flags & PF_TAPPED);
}

/* 702.16b, 608.2h: an ability's source is of the colors it has now, or
 * had as it left the battlefield: Royal Assassin made red by Incite can
 * target White Knight (protection from black), and its ability still
 * destroys it after the Assassin has died. */
static void test_source_colors(void **state)
{
    (void)state;
    Pos x; init(&x);
    int ra = put(&x, 0, C_ASSASSIN), wk = put(&x, 1, C_WHITE_KNIGHT);
    x.s.perm[wk].flags |= PF_TAPPED;
    Action a = act(ACT_ACTIVATE, ra, 0, TK_PERM, wk);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 1), ERR_ILLEGAL_ACTION);   /* black: protection */
    cast_free(&x, 0, C_INCITE, TK_PERM, ra);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 1), MTG_OK);
    give(&x, 1, C_BOLT);
    Action b = act(ACT_CAST, hand_slot(&x, 1, C_BOLT), 0, TK_PERM, ra);
    assert_int_equal(action_apply(&x.s, &x.g, 1, &b, 1), MTG_OK);
    settle(&x);
    assert_false(permset_has(x.s.perm_used, ra));
    assert_false(permset_has(x.s.perm_used, wk));                              /* destroyed: red as it left */
}

/* 702.16b: Stave Off's color is its caster's choice as it resolves (red
 * here): Lightning Bolt can't target the creature, and until end of turn
 * only (514.2). */
static void test_chosen_protection(void **state)
{
    (void)state;
    Pos x; init(&x);
    int bears = put(&x, 0, C_BEARS);
    Policy pol;
    memset(&pol, 0, sizeof pol);
    pol.choose = choose_script;
    x.g.policy[0] = &pol;
    script[0] = COLOR_R; script_n = 1; script_at = 0;
    cast_free(&x, 0, C_STAVE, TK_PERM, bears);
    assert_int_equal(x.s.px[bears].prot, CB_R);
    give(&x, 1, C_BOLT);
    Action b = act(ACT_CAST, hand_slot(&x, 1, C_BOLT), 0, TK_PERM, bears);
    assert_int_equal(action_apply(&x.s, &x.g, 1, &b, 1), ERR_ILLEGAL_ACTION);
    floating_end_of_turn(&x.s);
    layers_refresh(&x.s);
    assert_int_equal(x.s.px[bears].prot, 0);
    assert_int_equal(action_apply(&x.s, &x.g, 1, &b, 1), MTG_OK);
}

/* Cards counted in graveyards: Mortivore's creature cards in all of them
 * (604.3), counted again as cards come and go; Ancestor's Chosen's cards
 * in its controller's own. */
static void test_graveyard_counts(void **state)
{
    (void)state;
    Pos x; init(&x);
    bits256_clear(x.s.exile[0], C_BEARS); card_to_zone(&x.s, 0, C_BEARS, ZONE_GRAVEYARD);
    bits256_clear(x.s.exile[1], C_WURM); card_to_zone(&x.s, 1, C_WURM, ZONE_GRAVEYARD);
    bits256_clear(x.s.exile[1], C_BOLT); card_to_zone(&x.s, 1, C_BOLT, ZONE_GRAVEYARD);
    int m = put(&x, 0, C_MORTIVORE);
    assert_int_equal(x.s.perm[m].power, 2);
    assert_int_equal(x.s.perm[m].toughness, 2);
    bits256_clear(x.s.exile[1], C_PIKER);
    card_to_zone(&x.s, 1, C_PIKER, ZONE_GRAVEYARD);          /* a creature card arrives */
    layers_refresh(&x.s);
    assert_int_equal(x.s.perm[m].power, 3);
    gy_leave(&x.s, 0, C_BEARS);                              /* one leaves */
    bits256_set(x.s.exile[0], C_BEARS);
    layers_refresh(&x.s);
    assert_int_equal(x.s.perm[m].toughness, 2);
    settle(&x);

    Pos y; init(&y);
    bits256_clear(y.s.exile[0], C_BEARS); card_to_zone(&y.s, 0, C_BEARS, ZONE_GRAVEYARD);
    bits256_clear(y.s.exile[0], C_BOLT); card_to_zone(&y.s, 0, C_BOLT, ZONE_GRAVEYARD);
    bits256_clear(y.s.exile[1], C_WURM); card_to_zone(&y.s, 1, C_WURM, ZONE_GRAVEYARD);
    enter(&y, 0, C_ANCESTOR);
    settle(&y);
    assert_int_equal(y.s.pl[0].life, 22);
}

/* 603.4: Lavaborn Muse's intervening "if": it triggers only when that
 * opponent has two or fewer cards in hand, and does nothing if they hold
 * more as it resolves. */
static void test_hand_condition(void **state)
{
    (void)state;
    Pos x; init(&x);
    put(&x, 0, C_LAVABORN);
    give(&x, 1, C_BEARS); give(&x, 1, C_WURM); give(&x, 1, C_BOLT);
    trigger_event(&x.s, TR_UPKEEP, NO_SLOT, 0, 1, 1, 0);
    assert_int_equal(x.s.pending_n, 0);                      /* three cards: no trigger */
    trigger_event(&x.s, TR_UPKEEP, NO_SLOT, 0, 0, 0, 0);
    assert_int_equal(x.s.pending_n, 0);                      /* its controller's upkeep: none */
    x.s.pl[1].hand_n = 2;
    bits256_set(x.s.exile[1], C_BOLT);
    trigger_event(&x.s, TR_UPKEEP, NO_SLOT, 0, 1, 1, 0);
    assert_int_equal(x.s.pending_n, 1);
    settle(&x);
    assert_int_equal(x.s.pl[1].life, 17);
    trigger_event(&x.s, TR_UPKEEP, NO_SLOT, 0, 1, 1, 0);
    assert_true(triggers_put(&x.s, &x.g));
    bits256_clear(x.s.exile[1], C_BOLT);
    x.s.pl[1].hand[x.s.pl[1].hand_n++] = C_BOLT;              /* three again as it resolves */
    settle(&x);
    assert_int_equal(x.s.pl[1].life, 17);
}

/* Elixir of Immortality: it and the graveyard go into the library, shuffled. */
static void test_elixir(void **state)
{
    (void)state;
    static const uint8_t lib[] = { C_FOREST1 };
    Pos x; init(&x);
    library(&x, 0, lib, 1);
    bits256_clear(x.s.exile[0], C_BEARS); card_to_zone(&x.s, 0, C_BEARS, ZONE_GRAVEYARD);
    bits256_clear(x.s.exile[0], C_BOLT); card_to_zone(&x.s, 0, C_BOLT, ZONE_GRAVEYARD);
    int el = put(&x, 0, C_ELIXIR);
    Action a = act(ACT_ACTIVATE, el, 0, 0, 0);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 1), MTG_OK);
    settle(&x);
    assert_int_equal(x.s.pl[0].life, 25);
    assert_false(permset_has(x.s.perm_used, el));
    assert_int_equal(x.s.pl[0].gy_n, 0);
    assert_int_equal(x.s.pl[0].lib_n, 4);
}

/* 601.2h: Fling's additional cost, a creature sacrificed as it is cast
 * (each creature one legal action); its damage is that creature's power as
 * it last existed (608.2h: a Giant Growth counted). No creature: no cast. */
static void test_sacrifice_to_cast(void **state)
{
    (void)state;
    Pos x; init(&x);
    Action acts[ACTION_MAX];
    give(&x, 0, C_FLING);
    int n = actions_spells(&x.s, 0, acts, 1), casts = 0;
    for (int k = 0; k < n; k++) casts += acts[k].type == ACT_CAST;
    assert_int_equal(casts, 0);
    int wurm = put(&x, 0, C_WURM);
    put(&x, 0, C_BEARS);
    n = actions_spells(&x.s, 0, acts, 1);
    casts = 0;
    for (int k = 0; k < n; k++) casts += acts[k].type == ACT_CAST && acts[k].tk[0] == TK_PLAYER && acts[k].tv[0] == 1;
    assert_int_equal(casts, 2);                              /* at player 1, sacrificing either creature */
    cast_free(&x, 0, C_GROWTH, TK_PERM, wurm);
    Action a = act(ACT_CAST, hand_slot(&x, 0, C_FLING), 0, TK_PLAYER, 1);
    a.tk[ACTION_TARGETS - 1] = TK_SAC;
    a.tv[ACTION_TARGETS - 1] = (uint8_t)wurm;
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 1), MTG_OK);
    assert_false(permset_has(x.s.perm_used, wurm));          /* sacrificed as it is cast */
    settle(&x);
    assert_int_equal(x.s.pl[1].life, 11);
}

/* Dark Tutelage: the top card into the hand (not a draw: an empty
 * library loses no game, 704.5b), then life equal to its mana value. */
static void test_top_to_hand(void **state)
{
    (void)state;
    static const uint8_t lib[] = { C_WURM, C_BEARS };
    Pos x; init(&x);
    library(&x, 0, lib, 2);
    put(&x, 0, C_TUTELAGE);
    trigger_event(&x.s, TR_UPKEEP, NO_SLOT, 0, 0, 0, 0);
    settle(&x);
    assert_true(in_hand(&x, 0, C_WURM));
    assert_int_equal(x.s.pl[0].life, 14);
    assert_int_equal(x.s.pl[0].lib_n, 1);

    Pos y; init(&y);                                 /* an empty library: nothing, no loss */
    put(&y, 0, C_TUTELAGE);
    trigger_event(&y.s, TR_UPKEEP, NO_SLOT, 0, 0, 0, 0);
    settle(&y);
    assert_int_equal(y.s.pl[0].life, 20);
    assert_false(y.s.pl[0].flags & PL_DREW_EMPTY);
}

/* 705: a coin flip, won or lost at random: Goblin Bangchuckers deals its 2
 * damage to the target when won, to itself when lost, never both; over
 * games both happen. Scoria Wurm returns to its owner's hand when lost. */
static void test_coin_flip(void **state)
{
    (void)state;
    int won = 0, lost = 0, kept = 0, returned = 0;
    for (int seed = 0; seed < 24; seed++) {
        Pos x; init(&x);
        rng_seed(&x.rng[0], (uint64_t)seed, 0, 0);
        int bang = put(&x, 0, C_BANG), wurm = put(&x, 1, C_WURM);
        Action a = act(ACT_ACTIVATE, bang, 0, TK_PERM, wurm);
        assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 1), MTG_OK);
        settle(&x);
        int hit = x.s.perm[wurm].damage == 2, self = !permset_has(x.s.perm_used, bang) || x.s.perm[bang].damage == 2;
        assert_true(hit != self);
        won += hit;
        lost += self;
        Pos y; init(&y);
        rng_seed(&y.rng[0], (uint64_t)seed, 0, 0);
        int sw = put(&y, 0, C_SCORIA);
        trigger_event(&y.s, TR_UPKEEP, NO_SLOT, 0, 0, 0, 0);
        settle(&y);
        if (permset_has(y.s.perm_used, sw)) kept++;
        else { assert_true(in_hand(&y, 0, C_SCORIA)); returned++; }
    }
    assert_true(won > 0 && lost > 0);
    assert_true(kept > 0 && returned > 0);
}

/* 613.7: a control effect with no end supersedes the earlier such ones on
 * the same permanent for good; they are dropped (a permanent traded back
 * and forth never fills the effects in force), and the latest decides. */
static void test_control_superseded(void **state)
{
    (void)state;
    Pos x; init(&x);
    int bears = put(&x, 0, C_BEARS);
    for (int k = 0; k < FLOAT_MAX + 4; k++) {
        Floating f;
        memset(&f, 0, sizeof f);
        f.op = OP_CONTROL;
        f.dur = DUR_FOREVER;
        f.slot = (uint8_t)bears;
        f.controller = (uint8_t)((k + 1) & 1);
        f.source = NO_SLOT;
        f.perm_ts = x.s.px[bears].ts;
        f.ts = state_ts(&x.s);
        assert_int_equal(floating_add(&x.s, &f), 0);
        assert_int_equal(x.s.float_n, 1);
    }
    layers_refresh(&x.s);
    assert_true(permset_has(x.s.perm_ctl[(FLOAT_MAX + 4) & 1], bears));
    settle(&x);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_defined_power),
        cmocka_unit_test(test_named),
        cmocka_unit_test(test_search_named),
        cmocka_unit_test(test_each_own_count),
        cmocka_unit_test(test_double_life),
        cmocka_unit_test(test_greatest_power),
        cmocka_unit_test(test_damage_dealt),
        cmocka_unit_test(test_conditions),
        cmocka_unit_test(test_cultivate),
        cmocka_unit_test(test_sleep),
        cmocka_unit_test(test_your_untap_step),
        cmocka_unit_test(test_owns),
        cmocka_unit_test(test_dig),
        cmocka_unit_test(test_only_attacking),
        cmocka_unit_test(test_layers_5_7b),
        cmocka_unit_test(test_sharing),
        cmocka_unit_test(test_return_own),
        cmocka_unit_test(test_tap_or_untap),
        cmocka_unit_test(test_source_colors),
        cmocka_unit_test(test_chosen_protection),
        cmocka_unit_test(test_graveyard_counts),
        cmocka_unit_test(test_hand_condition),
        cmocka_unit_test(test_elixir),
        cmocka_unit_test(test_sacrifice_to_cast),
        cmocka_unit_test(test_top_to_hand),
        cmocka_unit_test(test_coin_flip),
        cmocka_unit_test(test_control_superseded),
        cmocka_unit_test(test_lord_of_the_pit),
        cmocka_unit_test(test_xathrid_demon),
        cmocka_unit_test(test_vampire_nocturnus),
        cmocka_unit_test(test_rhox),
        cmocka_unit_test(test_rites_of_flourishing),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
