/* test_triggers.c: triggered abilities (603), regeneration (701.15),
 * bloodthirst (702.54), "you may", the legend rule, tokens, sacrifice
 * costs, extra turns (500.7) and players' rules abilities on real cards of the default pool, as
 * the reader reads their printed text: each case puts permanents onto the
 * battlefield, makes the event happen through the engine, and checks what
 * the rules say follows. */
#include <stdio.h>
#include "engine/stack.h"
#include "engine/effect.h"
#include "engine/damage.h"
#include "engine/combat.h"
#include "engine/turn.h"
#include "engine/heuristic.h"
#include "engine/zone.h"
#include "engine/game.h"

/* The cards of the positions (pool_pos.h). */
static const char *const names[] = {
    "Soul Warden", "Ajani's Pridemate", "Ball Lightning", "Drudge Skeletons", "Hypnotic Specter",
    "Bloodrage Vampire", "Angel's Feather", "Goldenglow Moth", "Inferno Elemental", "Firebreathing",
    "Underworld Dreams", "Grizzly Bears", "Glorious Anthem", "Lightning Bolt", "Angelic Chorus",
    "Garruk's Packleader", "Craw Wurm", "Mountain", "Forest", "Sanguine Bond", "Shock",
    "Kamahl, Pit Fighter", "Kamahl, Pit Fighter", "Captain of the Watch", "Howl of the Night Pack",
    "Nantuko Husk", "Time Warp", "Howling Mine", "Platinum Angel", "True Believer", "Dehydration",
    "Wall of Frost", "Cruel Edict", "Field Marshal", "Elite Vanguard",
};
enum { C_WARDEN, C_PRIDEMATE, C_BALL, C_SKELETONS, C_SPECTER, C_BLOODRAGE, C_FEATHER, C_MOTH, C_INFERNO,
       C_FIREBREATHING, C_DREAMS, C_BEARS, C_ANTHEM, C_BOLT, C_CHORUS, C_PACKLEADER, C_WURM, C_MOUNTAIN,
       C_FOREST, C_BOND, C_SHOCK, C_KAMAHL, C_KAMAHL2, C_CAPTAIN, C_HOWL, C_HUSK, C_WARP, C_MINE, C_ANGEL, C_BELIEVER, C_DEHYDRATION, C_WALL_FROST, C_EDICT, C_MARSHAL, C_VANGUARD, C_N };

#include "tests/pool_pos.h"

/* 603.2, 603.6a: Soul Warden sees another creature enter, either side's,
 * not itself; Ajani's Pridemate sees that life gain (a trigger from a
 * trigger's resolution). */
static void test_enters_and_gain_life(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int warden = enter(&x, 0, C_WARDEN);
    assert_int_equal(x.s.pending_n, 0);                         /* not "another" creature */
    int mate = put(&x, 0, C_PRIDEMATE);
    (void)warden;
    enter(&x, 1, C_BEARS);
    assert_int_equal(x.s.pending_n, 1);
    settle(&x);
    assert_int_equal(x.s.pl[0].life, 21);
    assert_int_equal(x.s.perm[mate].plus, 1);                   /* 1 life gained: one counter */
    assert_int_equal(x.s.perm[mate].power, 3);
    assert_int_equal(x.s.pl[1].life, 20);
}

/* 513.1, 701.14: Ball Lightning is sacrificed at the beginning of the end
 * step, on either player's turn; Sanguine Bond turns life gained into life
 * lost by the opponent ("that much"). */
static void test_end_step_and_that_much(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int ball = put(&x, 0, C_BALL);
    x.s.active = 1;
    trigger_event(&x.s, TR_END_STEP, NO_SLOT, 0, 1, 1, 0);
    settle(&x);
    assert_false(permset_has(x.s.perm_used, ball));
    assert_true(bits256_has(x.s.pl[0].gy, C_BALL));

    Pos y; pos_init(&y);
    put(&y, 0, C_BOND);
    put(&y, 0, C_WARDEN);
    put(&y, 0, C_CHORUS);
    enter(&y, 0, C_WURM);   /* Craw Wurm: 6/4 */
    settle(&y);
    /* Warden 1 and Angelic Chorus 4 (the Wurm's toughness): two life gains,
     * two Sanguine Bond triggers. */
    assert_int_equal(y.s.pl[0].life, 25);
    assert_int_equal(y.s.pl[1].life, 15);
}

/* 701.15: a regeneration shield replaces destruction once: by lethal
 * damage (704.5g) and by a destroy effect alike; the creature is tapped
 * and its damage removed. */
static void test_regeneration(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int sk = put(&x, 0, C_SKELETONS);
    Action a = act(ACT_ACTIVATE, sk, 0, 0, 0);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 1), MTG_OK);
    settle(&x);
    assert_int_equal(x.s.px[sk].regen, 1);
    give(&x, 1, C_BOLT);
    x.s.active = 1;
    Action bolt = act(ACT_CAST, hand_slot(&x, 1, C_BOLT), 0, TK_PERM, sk);
    assert_int_equal(action_apply(&x.s, &x.g, 1, &bolt, 1), MTG_OK);
    settle(&x);
    assert_true(permset_has(x.s.perm_used, sk));
    assert_true(x.s.perm[sk].flags & PF_TAPPED);
    assert_int_equal(x.s.perm[sk].damage, 0);
    assert_int_equal(x.s.px[sk].regen, 0);
    give(&x, 1, C_SHOCK);                                       /* no shield left */
    Action shock = act(ACT_CAST, hand_slot(&x, 1, C_SHOCK), 0, TK_PERM, sk);
    assert_int_equal(action_apply(&x.s, &x.g, 1, &shock, 1), MTG_OK);
    settle(&x);
    assert_false(permset_has(x.s.perm_used, sk));
}

/* 702.54a: Bloodrage Vampire enters with a +1/+1 counter only when an
 * opponent was dealt damage this turn. */
static void test_bloodthirst(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int v = put(&x, 0, C_BLOODRAGE);
    assert_int_equal(x.s.perm[v].plus, 0);
    assert_int_equal(x.s.perm[v].power, 3);
    Pos y; pos_init(&y);
    int bears = put(&y, 0, C_BEARS);
    DamageSource src = { .slot = (uint8_t)bears, .controller = 0, .colors = CB_G, .card = y.deck.card[C_BEARS] };
    damage_deal(&y.s, &y.g, &src, -1, 1, 2);
    int w = put(&y, 0, C_BLOODRAGE);
    assert_int_equal(y.s.perm[w].plus, 1);
    assert_int_equal(y.s.perm[w].power, 4);
    /* Damage to its own controller is not an opponent's. */
    Pos z; pos_init(&z);
    damage_deal(&z.s, &z.g, &src, -1, 0, 2);
    assert_int_equal(z.s.perm[put(&z, 0, C_BLOODRAGE)].plus, 0);
}

/* Hypnotic Specter: damage to an opponent makes that player discard at
 * random; Underworld Dreams: an opponent's draw costs that player 1 life. */
static void test_that_player(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int sp = put(&x, 0, C_SPECTER);
    give(&x, 1, C_BEARS);
    give(&x, 1, C_SHOCK);
    DamageSource src = { .slot = (uint8_t)sp, .controller = 0, .colors = CB_B, .card = x.deck.card[C_SPECTER], .kw = KW_FLYING };
    damage_deal(&x.s, &x.g, &src, -1, 1, 2);
    settle(&x);
    assert_int_equal(x.s.pl[1].hand_n, 1);
    assert_int_equal(x.s.pl[1].gy_n, 1);
    damage_deal(&x.s, &x.g, &src, -1, 0, 1);                     /* to its controller: no trigger */
    assert_int_equal(x.s.pending_n, 0);

    Pos y; pos_init(&y);
    put(&y, 0, C_DREAMS);
    static const uint8_t lib[] = { C_BEARS, C_SHOCK };
    library(&y, 1, lib, 2);
    library(&y, 0, lib, 2);
    game_draw(&y.s, &y.g, 1);
    game_draw(&y.s, &y.g, 0);                                    /* its controller's draw: nothing */
    settle(&y);
    assert_int_equal(y.s.pl[1].life, 19);
    assert_int_equal(y.s.pl[0].life, 20);
}

/* A policy that answers every "you may" with no. */
static int say_no(const Policy *p, const GameState *s, const Game *g, int pl, Rng *r, const Choice *c)
{
    (void)p; (void)s; (void)g; (void)pl; (void)r;
    return c->kind == CH_MAY ? 1 : 0;
}

/* 601.2i, 603.2: Angel's Feather triggers on any player's white spell;
 * "you may" is its controller's choice on resolution. */
static void test_cast_trigger_may(void **state)
{
    (void)state;
    for (int no = 0; no < 2; no++) {
        Pos x; pos_init(&x);
        Policy pol;
        memset(&pol, 0, sizeof pol);
        pol.choose = say_no;
        if (no) x.g.policy[0] = &pol;
        put(&x, 0, C_FEATHER);
        give(&x, 1, C_ANTHEM);
        x.s.active = 1;
        Action a = act(ACT_CAST, hand_slot(&x, 1, C_ANTHEM), 0, 0, 0);
        assert_int_equal(action_apply(&x.s, &x.g, 1, &a, 1), MTG_OK);
        assert_int_equal(x.s.pending_n, 1);
        settle(&x);
        assert_int_equal(x.s.pl[0].life, no ? 20 : 21);
        give(&x, 1, C_BOLT);                                      /* a red spell: nothing */
        a = act(ACT_CAST, hand_slot(&x, 1, C_BOLT), 0, TK_PLAYER, 0);
        assert_int_equal(action_apply(&x.s, &x.g, 1, &a, 1), MTG_OK);
        assert_int_equal(x.s.pending_n, 0);
    }
}

/* 509.5, 603.2: Goldenglow Moth's "blocks" and Inferno Elemental's "blocks
 * or becomes blocked by a creature" trigger when blockers are declared. */
static void test_block_triggers(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int wurm = put(&x, 0, C_WURM);
    int bears = put(&x, 0, C_BEARS);
    int moth = put(&x, 1, C_MOTH);
    int inferno = put(&x, 1, C_INFERNO);
    x.s.step = STEP_DECLARE_ATTACKERS;
    AttackDecl ad[2] = { { (uint8_t)wurm, TARGET_PLAYER }, { (uint8_t)bears, TARGET_PLAYER } };
    assert_int_equal(combat_declare_attackers(&x.s, &x.g, ad, 2), MTG_OK);
    x.s.step = STEP_DECLARE_BLOCKERS;
    BlockDecl bd[2] = { { (uint8_t)moth, (uint8_t)wurm }, { (uint8_t)inferno, (uint8_t)bears } };
    assert_int_equal(combat_declare_blockers(&x.s, &x.g, bd, 2), MTG_OK);
    triggers_blocks(&x.s);
    settle(&x);
    assert_int_equal(x.s.pl[1].life, 24);                         /* the Moth: 4 life */
    assert_false(permset_has(x.s.perm_used, bears));              /* 3 damage to the blocked Bears */
    assert_true(permset_has(x.s.perm_used, wurm));
}

/* 704.3, 613: the state-based actions after combat damage look at the
 * creatures dealt damage; when one that dies was a lord (Field Marshal:
 * other Soldiers get +1/+1), the Soldier it made 3/2, with 1 damage
 * marked, is a 2/1 with lethal damage and dies in the same check. */
static void test_lord_dies_with_its_bonus(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int marshal = put(&x, 0, C_MARSHAL);
    int vanguard = put(&x, 0, C_VANGUARD);
    layers_refresh(&x.s);
    assert_int_equal(x.s.perm[vanguard].toughness, 2);
    x.s.perm[vanguard].damage = 1;
    x.s.perm[marshal].damage = 2;
    x.s.sba_pending = 0;
    sba_apply_some(&x.s, &x.g, PERMSET_BIT(marshal));      /* combat damage touched the Marshal alone */
    assert_false(permset_has(x.s.perm_used, marshal));
    assert_false(permset_has(x.s.perm_used, vanguard));
    assert_int_equal(x.s.sba_pending, 0);
}

/* 704.3: the checks look at every permanent only when something they act
 * on changed (sba_pending): damage to a creature says so, damage to a
 * player does not (the players are looked at every time: the one at -5
 * life loses with nothing flagged, and sba_missed does not count it); a
 * lord leaving is said by the refresh of the Soldier it pumped, a 2/1
 * with 1 damage marked once the Field Marshal is gone. */
static void test_sba_flagged(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int marshal = put(&x, 0, C_MARSHAL);
    layers_refresh(&x.s);
    x.s.sba_pending = 0;
    DamageSource src = { (uint8_t)marshal, 0, x.s.px[marshal].colors, x.s.perm[marshal].card, x.s.perm[marshal].kw, 0, 0 };
    assert_int_equal(damage_deal(&x.s, &x.g, &src, -1, 1, 25), 25);
    assert_int_equal(x.s.sba_pending, 0);
    assert_false(sba_missed(&x.s, &x.g));
    sba_apply_some(&x.s, &x.g, 0);
    assert_true(x.s.over);
    assert_int_equal(x.s.winner, 0);

    Pos y; pos_init(&y);
    marshal = put(&y, 0, C_MARSHAL);
    int vanguard = put(&y, 0, C_VANGUARD);
    layers_refresh(&y.s);
    sba_apply_some(&y.s, &y.g, 0);
    assert_int_equal(y.s.sba_pending, 0);
    assert_int_equal(damage_deal(&y.s, &y.g, &src, vanguard, 0, 1), 1);     /* a 3/2: it lives */
    assert_int_equal(y.s.sba_pending, 1);
    sba_apply_some(&y.s, &y.g, 0);
    assert_true(permset_has(y.s.perm_used, vanguard));
    assert_int_equal(y.s.sba_pending, 0);
    perm_leave(&y.s, &y.g, marshal, ZONE_EXILE);
    layers_refresh(&y.s);
    assert_int_equal(y.s.perm[vanguard].toughness, 1);
    assert_int_equal(y.s.sba_pending, 1);
    sba_apply_some(&y.s, &y.g, 0);
    assert_false(permset_has(y.s.perm_used, vanguard));
}

/* 608.2h: Firebreathing pumps the creature it enchants; destroyed in
 * response, its ability still pumps the creature it was attached to. */
static void test_attached_last_known(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int bears = put(&x, 0, C_BEARS);
    int fb = put(&x, 0, C_FIREBREATHING);
    x.s.px[fb].attached = (uint8_t)bears;
    layers_refresh(&x.s);
    Action a = act(ACT_ACTIVATE, fb, 1, 0, 0);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 1), MTG_OK);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 1), MTG_OK);
    perm_leave(&x.s, &x.g, fb, ZONE_GRAVEYARD);                   /* gone with two activations waiting */
    settle(&x);
    assert_int_equal(x.s.perm[bears].power, 4);
    assert_int_equal(x.s.perm[bears].toughness, 2);
}

/* 603.6a: Garruk's Packleader sees the power of what enters with the
 * continuous effects applied: a Grizzly Bears under Glorious Anthem is a
 * 3/3 and draws a card. */
static void test_enters_as_it_is(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    static const uint8_t lib[] = { C_SHOCK, C_BOLT };
    library(&x, 0, lib, 2);
    put(&x, 0, C_PACKLEADER);
    enter(&x, 0, C_BEARS);
    assert_int_equal(x.s.pending_n, 0);
    put(&x, 0, C_ANTHEM);
    enter(&x, 0, C_WURM);
    settle(&x);
    assert_int_equal(x.s.pl[0].hand_n, 1);
}

/* Basic lands are counts: what counts lands counts them. A card that can
 * single out a land (Acidic Slime's target) is played, in games whose
 * basic lands are permanents (test_land_objects.c). */
static void test_basic_lands_counted(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    Player *pl = &x.s.pl[0];
    bits256_clear(x.s.exile[0], C_FOREST);
    bits256_set(pl->lands, C_FOREST); pl->lands_n = 3; pl->land_n[COLOR_G] = 3; pl->land_tapped[COLOR_G] = 1;
    bits256_set(x.s.pl[1].lands, C_MOUNTAIN); x.s.pl[1].lands_n = 2; x.s.pl[1].land_n[COLOR_R] = 2;
    Filter f;
    memset(&f, 0, sizeof f);
    f.zone = ZONE_BATTLEFIELD;
    f.types = TYPE_LAND;
    f.power_max = FILTER_NO_LIMIT; f.power_min = FILTER_NO_MIN; f.mv_max = FILTER_NO_LIMIT;
    assert_int_equal(effect_count(&x.s, &f, 0, -1), 5);
    f.ctl = CTL_YOU;
    assert_int_equal(effect_count(&x.s, &f, 0, -1), 3);
    f.state = FS_UNTAPPED;
    assert_int_equal(effect_count(&x.s, &f, 0, -1), 2);
    f.state = 0;
    f.colors = CB_G;                                             /* lands are colorless */
    assert_int_equal(effect_count(&x.s, &f, 0, -1), 0);
    const int acidic = pool_find(&pool, "Acidic Slime");         /* "destroy target artifact, enchantment, or land" */
    assert_null(pool_reason(&pool, acidic));
    assert_true(card_singles_out_land(&pool.cards[acidic]));
    assert_false(card_singles_out_land(&pool.cards[pool_find(&pool, "Forest")]));
}

/* 111.1-111.4, 704.5d: Captain of the Watch's three Soldier tokens are
 * 1/1 white Soldiers its lord ability makes 2/2 with vigilance; a token
 * that leaves the battlefield ceases to exist (no card anywhere).
 * Howl of the Night Pack counts the Forests, basic ones included. */
static void test_tokens(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    enter(&x, 0, C_CAPTAIN);
    settle(&x);
    int tokens = 0;
    for (PermIter it = permset_iter(x.s.perm_ctl[0]); permiter_more(&it);) {
        int i = permiter_next(&it);
        if (!(x.s.px[i].xflags & PX_TOKEN)) continue;
        tokens++;
        const CardDef *d = &x.s.cards[x.s.perm[i].card];
        assert_string_equal(d->name, "Soldier");
        assert_int_equal(x.s.perm[i].obj, OBJ_NONE);
        assert_int_equal(x.s.px[i].colors, CB_W);
        assert_int_equal(x.s.perm[i].power, 2);
        assert_int_equal(x.s.perm[i].toughness, 2);
        assert_true(x.s.perm[i].kw & KW_VIGILANCE);
    }
    assert_int_equal(tokens, 3);
    give(&x, 1, C_BOLT);
    int victim = -1;
    for (PermIter it = permset_iter(x.s.perm_ctl[0]); permiter_more(&it);) {
        int i = permiter_next(&it);
        if (x.s.px[i].xflags & PX_TOKEN) victim = i;
    }
    x.s.active = 1;
    Action a = act(ACT_CAST, hand_slot(&x, 1, C_BOLT), 0, TK_PERM, victim);
    assert_int_equal(action_apply(&x.s, &x.g, 1, &a, 1), MTG_OK);
    settle(&x);                                  /* state_check: no card was lost or made */
    assert_false(permset_has(x.s.perm_used, victim));
    assert_int_equal(x.s.pl[0].gy_n, 0);

    Pos y; pos_init(&y);
    bits256_clear(y.s.exile[0], C_FOREST);
    bits256_set(y.s.pl[0].lands, C_FOREST);
    y.s.pl[0].lands_n = 1;
    y.s.pl[0].land_n[COLOR_G] = 1;
    give(&y, 0, C_HOWL);
    a = act(ACT_CAST, hand_slot(&y, 0, C_HOWL), 0, 0, 0);
    assert_int_equal(action_apply(&y.s, &y.g, 0, &a, 1), MTG_OK);
    settle(&y);
    assert_int_equal(permset_count(y.s.perm_ctl[0]), 1);   /* one Forest: one Wolf */
}

/* 601.2h, 701.14: "Sacrifice a creature" is paid with any creature of its
 * controller's, the source included, each a choice of its own; the Bears
 * go, and the Husk gets +2/+2. */
static void test_sacrifice_cost(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int husk = put(&x, 0, C_HUSK);
    int bears = put(&x, 0, C_BEARS);
    put(&x, 1, C_WURM);                                          /* not its controller's */
    Action acts[ACTION_MAX];
    int n = actions_spells(&x.s, 0, acts, 1), sac = 0, mask = 0;
    for (int k = 0; k < n; k++)
        if (acts[k].type == ACT_ACTIVATE && acts[k].hand_idx == husk) {
            assert_int_equal(acts[k].tk[ACTION_TARGETS - 1], TK_SAC);
            mask |= 1 << acts[k].tv[ACTION_TARGETS - 1];
            sac++;
        }
    assert_int_equal(sac, 2);
    assert_int_equal(mask, (1 << husk) | (1 << bears));
    Action a = act(ACT_ACTIVATE, husk, 0, 0, 0);
    a.tk[ACTION_TARGETS - 1] = TK_SAC;
    a.tv[ACTION_TARGETS - 1] = (uint8_t)bears;
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 1), MTG_OK);
    assert_false(permset_has(x.s.perm_used, bears));            /* paid on activation */
    assert_true(bits256_has(x.s.pl[0].gy, C_BEARS));
    settle(&x);
    assert_int_equal(x.s.perm[husk].power, 4);
    assert_int_equal(x.s.perm[husk].toughness, 4);
}

/* 603.4: Howling Mine's intervening "if": it triggers only untapped, and
 * does nothing if it is tapped by the time it resolves. */
static void test_intervening_if(void **state)
{
    (void)state;
    static const uint8_t lib[] = { C_BEARS, C_SHOCK, C_BOLT };
    Pos x; pos_init(&x);
    library(&x, 1, lib, 3);
    int mine = put(&x, 0, C_MINE);
    trigger_event(&x.s, TR_DRAW_STEP, NO_SLOT, 0, 1, 1, 0);       /* the opponent's draw step */
    settle(&x);
    assert_int_equal(x.s.pl[1].hand_n, 1);
    trigger_event(&x.s, TR_DRAW_STEP, NO_SLOT, 0, 1, 1, 0);
    triggers_put(&x.s, &x.g);
    x.s.perm[mine].flags |= PF_TAPPED;                           /* tapped in response */
    settle(&x);
    assert_int_equal(x.s.pl[1].hand_n, 1);
    trigger_event(&x.s, TR_DRAW_STEP, NO_SLOT, 0, 1, 1, 0);       /* tapped: no trigger at all */
    assert_int_equal(x.s.pending_n, 0);
}

/* Platinum Angel: its controller at 0 life does not lose (104.3b, 704.5a
 * don't apply) until the Angel is gone; True Believer: its controller has
 * shroud, so no Lightning Bolt can target that player. */
static void test_player_rules(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int angel = put(&x, 0, C_ANGEL);
    x.s.pl[0].life = 0;
    settle(&x);
    assert_false(x.s.over);
    assert_false(x.s.pl[0].flags & PL_LOST);
    give(&x, 1, C_BOLT);
    x.s.active = 1;
    Action a = act(ACT_CAST, hand_slot(&x, 1, C_BOLT), 0, TK_PERM, angel);
    assert_int_equal(action_apply(&x.s, &x.g, 1, &a, 1), MTG_OK);
    settle(&x);                                     /* 3 damage: a 4/4 lives */
    assert_false(x.s.over);
    perm_leave(&x.s, &x.g, angel, ZONE_GRAVEYARD);
    x.s.layers_dirty = 1;
    settle(&x);
    assert_true(x.s.over);
    assert_int_equal(x.s.winner, 1);

    Pos y; pos_init(&y);
    put(&y, 0, C_BELIEVER);
    give(&y, 1, C_BOLT);
    Action acts[ACTION_MAX];
    y.s.active = 1;
    int n = actions_spells(&y.s, 1, acts, 1);
    for (int k = 0; k < n; k++)
        if (acts[k].type == ACT_CAST && acts[k].tk[0] == TK_PLAYER) assert_int_equal(acts[k].tv[0], 1);
    a = act(ACT_CAST, hand_slot(&y, 1, C_BOLT), 0, TK_PLAYER, 0);
    assert_int_equal(action_apply(&y.s, &y.g, 1, &a, 1), ERR_ILLEGAL_ACTION);
}

/* 502.2: Dehydration's creature never untaps in its controller's untap
 * step; the creature Wall of Frost blocked skips only the next one. */
static void test_doesnt_untap(void **state)
{
    (void)state;
    static const uint8_t lib[] = { C_SHOCK, C_BOLT, C_FOREST };
    Pos x; pos_init(&x);
    library(&x, 0, lib, 3);
    library(&x, 1, lib, 3);
    int bears = put(&x, 1, C_BEARS), wurm = put(&x, 1, C_WURM);
    int dry = put(&x, 0, C_DEHYDRATION), wall = put(&x, 0, C_WALL_FROST);
    x.s.px[dry].attached = (uint8_t)bears;
    x.s.perm[bears].flags |= PF_TAPPED;
    x.s.perm[wurm].flags |= PF_TAPPED;
    x.s.layers_dirty = 1;
    trigger_event_on(&x.s, TR_BLOCKS_CREATURE, wall, wurm, 0, 0);
    settle(&x);
    x.s.step = STEP_END;
    x.s.turn = 4;
    x.s.turn_cap = 5;                        /* player 1's turn 5, then the cap */
    game_run(&x.s, &x.g);
    assert_true(x.s.perm[bears].flags & PF_TAPPED);
    assert_true(x.s.perm[wurm].flags & PF_TAPPED);
    assert_false(x.s.px[wurm].xflags & PX_SKIP_UNTAP);           /* only that one step: it untaps next */
    assert_true(x.s.px[bears].xflags & PX_NO_UNTAP);
}

static int turns_seen[8], n_turns_seen;
static void on_turn(void *ctx, const GameState *s, const Event *e)
{
    (void)ctx; (void)s;
    if (e->type == EV_TURN && n_turns_seen < 8) turns_seen[n_turns_seen++] = e->player;
}

/* 500.7: Time Warp on player 1, then on player 0, in player 0's turn:
 * the extra turn made last (player 0's) comes first, then player 1's,
 * then the turn that would have come next anyway (player 1's again);
 * without extra turns the order would be 1, 0, 1. */
static void test_extra_turns(void **state)
{
    (void)state;
    static const uint8_t lib[] = { C_BEARS, C_SHOCK, C_BOLT, C_WURM };
    Pos x; pos_init(&x);
    library(&x, 0, lib, 4);
    library(&x, 1, lib, 4);
    give(&x, 0, C_WARP);
    Action a = act(ACT_CAST, hand_slot(&x, 0, C_WARP), 0, TK_PLAYER, 1);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 1), MTG_OK);
    settle(&x);
    bits256_clear(x.s.pl[0].gy, C_WARP);                         /* the same card once more */
    x.s.pl[0].gy_n--;
    x.s.pl[0].hand[x.s.pl[0].hand_n++] = C_WARP;
    a = act(ACT_CAST, hand_slot(&x, 0, C_WARP), 0, TK_PLAYER, 0);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 1), MTG_OK);
    settle(&x);
    x.s.step = STEP_END;
    x.s.turn = 1;
    x.s.turn_cap = 4;
    x.g.on_event[EV_TURN] = on_turn;
    n_turns_seen = 0;
    game_run(&x.s, &x.g);
    assert_int_equal(n_turns_seen, 3);                            /* turns 2, 3, 4 */
    assert_int_equal(turns_seen[0], 0);
    assert_int_equal(turns_seen[1], 1);
    assert_int_equal(turns_seen[2], 1);
    assert_int_equal(x.s.end_reason, END_TURN_CAP);
}

static int heuristic_choose_policy(const Policy *p, const GameState *s, const Game *g, int pl, Rng *r, const Choice *c)
{
    (void)p; (void)r;
    return heuristic_choose(s, g, pl, c);
}

/* 701.14: Cruel Edict's target opponent sacrifices a creature of its
 * choice (the heuristic gives up the least valuable: the Bears, not the
 * Wurm); its noncreature permanents are not choices. */
static void test_edict(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    Policy pol;
    memset(&pol, 0, sizeof pol);
    pol.choose = heuristic_choose_policy;
    x.g.policy[1] = &pol;
    int wurm = put(&x, 1, C_WURM), bears = put(&x, 1, C_BEARS);
    put(&x, 1, C_ANTHEM);
    give(&x, 0, C_EDICT);
    Action a = act(ACT_CAST, hand_slot(&x, 0, C_EDICT), 0, TK_PLAYER, 1);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 1), MTG_OK);
    settle(&x);
    assert_true(permset_has(x.s.perm_used, wurm));
    assert_false(permset_has(x.s.perm_used, bears));
    assert_int_equal(permset_count(x.s.perm_ctl[1]), 2);
}

/* A policy that keeps the last of the permanents the legend rule offers. */
static int keep_last(const Policy *p, const GameState *s, const Game *g, int pl, Rng *r, const Choice *c)
{
    (void)p; (void)s; (void)g; (void)pl; (void)r;
    return c->kind == CH_KEEP ? c->n - 1 : 0;
}

/* The legend rule. 2011 (704.5k): two Kamahls on the battlefield, whoever
 * controls them, both go. Foundations (704.5j): only two under one player's
 * control matter, and that player keeps the one it chooses. */
static void test_legend_rule(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int a = put(&x, 0, C_KAMAHL);
    int b = put(&x, 1, C_KAMAHL);
    settle(&x);
    assert_false(permset_has(x.s.perm_used, a));
    assert_false(permset_has(x.s.perm_used, b));
    assert_true(bits256_has(x.s.pl[0].gy, C_KAMAHL) && bits256_has(x.s.pl[1].gy, C_KAMAHL));

    Pos y; pos_init(&y);
    y.s.edition = EDITION_FOUNDATIONS;
    a = put(&y, 0, C_KAMAHL);
    b = put(&y, 1, C_KAMAHL);
    settle(&y);
    assert_true(permset_has(y.s.perm_used, a) && permset_has(y.s.perm_used, b));
    Policy pol;
    memset(&pol, 0, sizeof pol);
    pol.choose = keep_last;
    y.g.policy[0] = &pol;
    int c = put(&y, 0, C_KAMAHL2);
    settle(&y);
    assert_true(permset_has(y.s.perm_used, b));
    int kept = a > c ? a : c, lost = a > c ? c : a;          /* offered in slot order: the last kept */
    assert_true(permset_has(y.s.perm_used, kept));
    assert_false(permset_has(y.s.perm_used, lost));
    assert_true(bits256_has(y.s.pl[0].gy, lost == a ? C_KAMAHL : C_KAMAHL2));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_enters_and_gain_life),
        cmocka_unit_test(test_end_step_and_that_much),
        cmocka_unit_test(test_regeneration),
        cmocka_unit_test(test_bloodthirst),
        cmocka_unit_test(test_that_player),
        cmocka_unit_test(test_cast_trigger_may),
        cmocka_unit_test(test_block_triggers),
        cmocka_unit_test(test_attached_last_known),
        cmocka_unit_test(test_enters_as_it_is),
        cmocka_unit_test(test_basic_lands_counted),
        cmocka_unit_test(test_legend_rule),
        cmocka_unit_test(test_tokens),
        cmocka_unit_test(test_sacrifice_cost),
        cmocka_unit_test(test_edict),
        cmocka_unit_test(test_extra_turns),
        cmocka_unit_test(test_intervening_if),
        cmocka_unit_test(test_player_rules),
        cmocka_unit_test(test_lord_dies_with_its_bonus),
        cmocka_unit_test(test_sba_flagged),
        cmocka_unit_test(test_doesnt_untap),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
