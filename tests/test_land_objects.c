/* test_land_objects.c: basic lands as permanents in the games whose decks
 * hold a card that can single out a land (GameState.spells'
 * SPELLS_LAND_OBJECTS): chosen once per matchup (game_text), paid with by
 * the mana payer (305.6), destroyed (701.7), returned to hand and played
 * again (305.1), tapped (701.20), counted by landwalk (702.14c) and "for
 * each Plains"; Aegis Angel's indestructible for as long as its controller
 * controls it (611.2b); Legacy Weapon and Darksteel Colossus shuffled into
 * their owner's library instead of a graveyard (614.1a); whole games with
 * state_check on; and decks without such a card play exactly as with
 * counts. Real cards from the default pool. */
#include <stdio.h>
#include "decks/decklist.h"
#include "engine/policy.h"
#include "engine/mana.h"
#include "engine/combat.h"
#include "engine/heuristic.h"
#include "engine/turn.h"
#include "sim/driver.h"

static const char *const names[] = {
    "Demolish", "Cryoclasm", "Icy Manipulator", "Boomerang",
    "Mountain", "Mountain", "Mountain", "Mountain",
    "Plains", "Plains", "Island", "Island", "Forest", "Swamp",
    "Bog Wraith", "Armored Ascension", "Grizzly Bears", "Raging Goblin", "Aegis Angel", "Demolish",
    "Legacy Weapon", "Mind Rot", "Darksteel Colossus", "Tome Scour", "Garruk Wildspeaker", "Worldslayer",
    "Planar Cleansing", "Awakener Druid",
};
enum {
    C_DEMOLISH, C_CRYOCLASM, C_ICY, C_BOOMERANG,
    C_MTN1, C_MTN2, C_MTN3, C_MTN4,
    C_PLAINS1, C_PLAINS2, C_ISLAND, C_ISLAND2, C_FOREST, C_SWAMP,
    C_WRAITH, C_ASCENSION, C_BEARS, C_GOBLIN, C_AEGIS, C_DEMOLISH2, C_WEAPON, C_MIND_ROT, C_COLOSSUS, C_TOME, C_GARRUK, C_WORLDSLAYER, C_CLEANSING, C_DRUID, C_N
};
#include "pool_pos.h"

/* A position of a game with land objects. */
static void objects_init(Pos *x)
{
    pos_init(x);
    x->s.spells = SPELLS_ON | SPELLS_LAND_OBJECTS;
}

/* Basic land card k of player p onto the battlefield as a land drop would
 * put it (land_enter): its slot. */
static int land(Pos *x, int p, int k, int tapped)
{
    bits256_clear(x->s.exile[p], k);
    int i = land_enter(&x->s, &x->g, p, (uint8_t)k, tapped);
    assert_true(i >= 0 && i < PERM_MAX);
    return i;
}

/* Whether player p may take an action of this type, card or source, and
 * first target (the legal actions). */
static int legal(const Pos *x, int p, int type, int idx, int tk, int tv)
{
    Action acts[ACTION_MAX];
    int n = game_legal_actions(&x->s, p, acts);
    for (int k = 0; k < n; k++)
        if (acts[k].type == type && acts[k].hand_idx == idx && acts[k].n_targets >= 1 && acts[k].tk[0] == tk &&
            acts[k].tv[0] == tv)
            return 1;
    return 0;
}

/* How many of player p's legal actions cast hand card h (each a target). */
static int casts_of(const Pos *x, int p, int h)
{
    Action acts[ACTION_MAX];
    int n = game_legal_actions(&x->s, p, acts), m = 0;
    for (int k = 0; k < n; k++) m += acts[k].type == ACT_CAST && acts[k].hand_idx == h;
    return m;
}

/* SPELLS_NO_SHIELDS, SPELLS_NO_STATE_AURAS, SPELLS_NO_BECOMERS, SPELLS_NO_UPKEEP_ACTS,
 * SPELLS_NO_DECK_FLAGS, SPELLS_NO_OTHERS_UNTAP, SPELLS_NO_LEYLINES, SPELLS_NO_HAND_LOOKS,
 * SPELLS_NO_WALKERS. */
#define NO_MORE (SPELLS_NO_SHIELDS | SPELLS_NO_STATE_AURAS | SPELLS_NO_BECOMERS | SPELLS_NO_UPKEEP_ACTS | \
                 SPELLS_NO_DECK_FLAGS | SPELLS_NO_OTHERS_UNTAP | SPELLS_NO_LEYLINES | SPELLS_NO_HAND_LOOKS | \
                 SPELLS_NO_WALKERS)

/* The choice is made for a matchup: a deck with Demolish makes both
 * players' basic lands permanents; decks without such a card keep counts. */
static void test_matchup_choice(void **state)
{
    (void)state;
    CardPool v = pool_view(&pool);
    Deck a = { .n = 3 }, b = { .n = 2 };
    a.card[0] = a.card[1] = (uint16_t)pool_find(&pool, "Mountain");
    a.card[2] = (uint16_t)pool_find(&pool, "Raging Goblin");
    b.card[0] = (uint16_t)pool_find(&pool, "Forest");
    b.card[1] = (uint16_t)pool_find(&pool, "Grizzly Bears");
    assert_int_equal(game_text(&v, &a, &b), 1);                            /* creature-only */
    /* SPELLS_NO_GRANTED: no Aura grants an activated ability (below, Trollhide's). */
    b.card[1] = (uint16_t)pool_find(&pool, "Lightning Bolt");
    assert_int_equal(game_text(&v, &a, &b), 1 + (SPELLS_ON | SPELLS_NO_GRANTED | SPELLS_NO_EXTRA_LAND | SPELLS_NO_DOUBLERS | SPELLS_NO_WARDS | SPELLS_NO_REDIRECT | NO_MORE));                /* counts */
    b.card[1] = (uint16_t)pool_find(&pool, "Demolish");
    assert_int_equal(game_text(&v, &a, &b), 1 + (SPELLS_ON | SPELLS_LAND_OBJECTS | SPELLS_NO_GRANTED | SPELLS_NO_EXTRA_LAND | SPELLS_NO_DOUBLERS | SPELLS_NO_WARDS | SPELLS_NO_REDIRECT | NO_MORE));
    assert_int_equal(game_text(&v, &b, &a), 1 + (SPELLS_ON | SPELLS_LAND_OBJECTS | SPELLS_NO_GRANTED | SPELLS_NO_EXTRA_LAND | SPELLS_NO_DOUBLERS | SPELLS_NO_WARDS | SPELLS_NO_REDIRECT | NO_MORE));
    b.card[1] = (uint16_t)pool_find(&pool, "Worldslayer");                /* "destroy all permanents other than ~" */
    assert_int_equal(game_text(&v, &a, &b), 1 + (SPELLS_ON | SPELLS_LAND_OBJECTS | SPELLS_NO_GRANTED | SPELLS_NO_EXTRA_LAND | SPELLS_NO_DOUBLERS | SPELLS_NO_WARDS | SPELLS_NO_REDIRECT | NO_MORE));
    b.card[1] = (uint16_t)pool_find(&pool, "Planar Cleansing");           /* "destroy all nonland permanents" */
    assert_int_equal(game_text(&v, &a, &b), 1 + (SPELLS_ON | SPELLS_NO_GRANTED | SPELLS_NO_EXTRA_LAND | SPELLS_NO_DOUBLERS | SPELLS_NO_WARDS | SPELLS_NO_REDIRECT | NO_MORE));
    b.card[1] = (uint16_t)pool_find(&pool, "Indestructibility");          /* "Enchant permanent" */
    assert_int_equal(game_text(&v, &a, &b), 1 + (SPELLS_ON | SPELLS_LAND_OBJECTS | SPELLS_NO_GRANTED | SPELLS_NO_EXTRA_LAND | SPELLS_NO_DOUBLERS | SPELLS_NO_WARDS | SPELLS_NO_REDIRECT | NO_MORE));
    b.card[1] = (uint16_t)pool_find(&pool, "Pacifism");                   /* "Enchant creature" */
    assert_int_equal(game_text(&v, &a, &b), 1 + (SPELLS_ON | SPELLS_NO_GRANTED | SPELLS_NO_EXTRA_LAND | SPELLS_NO_DOUBLERS | SPELLS_NO_WARDS | SPELLS_NO_REDIRECT | NO_MORE));
    b.card[1] = (uint16_t)pool_find(&pool, "Trollhide");                  /* has "{1}{G}: Regenerate this creature." */
    assert_int_equal(game_text(&v, &a, &b), 1 + (SPELLS_ON | SPELLS_NO_EXTRA_LAND | SPELLS_NO_DOUBLERS | SPELLS_NO_WARDS | SPELLS_NO_REDIRECT | NO_MORE));
    assert_int_equal(game_text(&v, &b, &a), 1 + (SPELLS_ON | SPELLS_NO_EXTRA_LAND | SPELLS_NO_DOUBLERS | SPELLS_NO_WARDS | SPELLS_NO_REDIRECT | NO_MORE));
    /* SPELLS_NO_DOUBLERS: no card doubles every source's damage (Furnace of Rath does). */
    b.card[1] = (uint16_t)pool_find(&pool, "Furnace of Rath");
    assert_int_equal(game_text(&v, &a, &b), 1 + (SPELLS_ON | SPELLS_NO_GRANTED | SPELLS_NO_EXTRA_LAND | SPELLS_NO_WARDS | SPELLS_NO_REDIRECT | NO_MORE));
    assert_int_equal(game_text(&v, &b, &a), 1 + (SPELLS_ON | SPELLS_NO_GRANTED | SPELLS_NO_EXTRA_LAND | SPELLS_NO_WARDS | SPELLS_NO_REDIRECT | NO_MORE));
    /* SPELLS_NO_WARDS: no card prevents damage to or by what it is attached to (Heart of Light does). */
    b.card[1] = (uint16_t)pool_find(&pool, "Heart of Light");
    assert_int_equal(game_text(&v, &a, &b), 1 + (SPELLS_ON | SPELLS_NO_GRANTED | SPELLS_NO_EXTRA_LAND | SPELLS_NO_DOUBLERS | SPELLS_NO_REDIRECT | NO_MORE));
    assert_int_equal(game_text(&v, &b, &a), 1 + (SPELLS_ON | SPELLS_NO_GRANTED | SPELLS_NO_EXTRA_LAND | SPELLS_NO_DOUBLERS | SPELLS_NO_REDIRECT | NO_MORE));
    /* SPELLS_NO_REDIRECT: no card redirects the damage dealt to a player (Pariah does). */
    b.card[1] = (uint16_t)pool_find(&pool, "Pariah");
    assert_int_equal(game_text(&v, &a, &b), 1 + (SPELLS_ON | SPELLS_NO_GRANTED | SPELLS_NO_EXTRA_LAND | SPELLS_NO_DOUBLERS | SPELLS_NO_WARDS | NO_MORE));
    assert_int_equal(game_text(&v, &b, &a), 1 + (SPELLS_ON | SPELLS_NO_GRANTED | SPELLS_NO_EXTRA_LAND | SPELLS_NO_DOUBLERS | SPELLS_NO_WARDS | NO_MORE));
    /* The other NO bits: no card has a static shield (Guardian Seraph), an Aura with a state
     * restriction (Entangling Vines), a land that becomes a creature (Forbidding Watchtower), an
     * upkeep-only ability (Colossus of Sardia), an ability from a graveyard (Squee), the untap
     * in others' steps (Seedborn Muse), a start on the battlefield (Leyline of Punishment), a
     * spell that targets a spell (Cancel) or a sorcery that burns (Lava Axe), a planeswalker
     * (Ajani Goldmane). */
    const char *denier[] = { "Guardian Seraph", "Entangling Vines", "Forbidding Watchtower", "Colossus of Sardia",
                             "Squee, Goblin Nabob", "Seedborn Muse", "Leyline of Punishment", "Cancel", "Lava Axe",
                             "Ajani Goldmane" };
    const unsigned denied[] = { SPELLS_NO_SHIELDS, SPELLS_NO_STATE_AURAS, SPELLS_NO_BECOMERS, SPELLS_NO_UPKEEP_ACTS,
                                SPELLS_NO_DECK_FLAGS, SPELLS_NO_OTHERS_UNTAP, SPELLS_NO_LEYLINES, SPELLS_NO_HAND_LOOKS,
                                SPELLS_NO_HAND_LOOKS, SPELLS_NO_WALKERS };
    for (int k = 0; k < 10; k++) {
        b.card[1] = (uint16_t)pool_find(&pool, denier[k]);
        unsigned want = SPELLS_ON | SPELLS_NO_GRANTED | SPELLS_NO_EXTRA_LAND | SPELLS_NO_DOUBLERS | SPELLS_NO_WARDS |
                        SPELLS_NO_REDIRECT | (NO_MORE & ~denied[k]);
        assert_int_equal(game_text(&v, &a, &b), 1 + (int)want);
        assert_int_equal(game_text(&v, &b, &a), 1 + (int)want);
    }
    for (int k = 0; k < C_N; k++) {
        const CardDef *d = &pool.cards[pool_find(&pool, names[k])];
        int want = k == C_DEMOLISH || k == C_CRYOCLASM || k == C_ICY || k == C_BOOMERANG || k == C_AEGIS ||
                   k == C_DEMOLISH2 || k == C_WEAPON || k == C_GARRUK || k == C_WORLDSLAYER || k == C_DRUID;
        assert_int_equal(card_singles_out_land(d), want);
    }
}

/* 305.6, 701.7: a Mountain is a permanent with the mana ability of its
 * type: Demolish is paid by tapping four of them, lists every land as a
 * target, and destroys the opponent's Mountain: it goes to its owner's
 * graveyard and the mana that player can make drops by one. */
static void test_demolish_mountain(void **state)
{
    (void)state;
    Pos x; objects_init(&x);
    int mine[4];
    for (int k = 0; k < 4; k++) mine[k] = land(&x, 0, C_MTN1 + k, 0);
    int mtn = land(&x, 1, C_MTN1, 0), plains = land(&x, 1, C_PLAINS1, 0);
    assert_int_equal(x.s.pl[1].lands_n, 0);                          /* no counts */
    assert_true(x.s.px[mtn].xflags & PX_LAND);
    assert_true(x.s.px[mtn].ts != x.s.px[plains].ts);                 /* objects with timestamps */
    assert_int_equal(mana_total_now(&x.s, 1, -1), 2);
    assert_int_equal(player_basics(&x.s, 1, COLOR_R, 0), 1);
    assert_int_equal(player_basics_all(&x.s, 0), 4);
    give(&x, 0, C_DEMOLISH);
    int h = hand_slot(&x, 0, C_DEMOLISH);
    assert_int_equal(casts_of(&x, 0, h), 6);                          /* every land: 4 + 2 */
    assert_true(legal(&x, 0, ACT_CAST, h, TK_PERM, mtn));
    Action a = act(ACT_CAST, h, 0, TK_PERM, mtn);
    a.tv[0] = (uint8_t)mtn;
    Action acts[ACTION_MAX];                                          /* the listed action, with its timestamp */
    int n = game_legal_actions(&x.s, 0, acts);
    for (int k = 0; k < n; k++)
        if (acts[k].type == ACT_CAST && acts[k].hand_idx == h && acts[k].tv[0] == mtn) a = acts[k];
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 0), MTG_OK);
    for (int k = 0; k < 4; k++) assert_true(x.s.perm[mine[k]].flags & PF_TAPPED);   /* paid with them */
    assert_int_equal(mana_total_now(&x.s, 0, -1), 0);
    settle(&x);
    assert_false(permset_has(x.s.perm_used, mtn));
    assert_true(bits256_has(x.s.pl[1].gy, C_MTN1));                   /* its owner's graveyard */
    assert_true(bits256_has(x.s.pl[0].gy, C_DEMOLISH));
    assert_int_equal(mana_total_now(&x.s, 1, -1), 1);
    assert_int_equal(player_basics(&x.s, 1, COLOR_R, 0), 0);
}

/* Cryoclasm: "Destroy target Plains or Island. Cryoclasm deals 3 damage
 * to that land's controller." A Forest or a Mountain is no legal target;
 * the Plains' controller is dealt 3 after it is gone (608.2h). */
static void test_cryoclasm(void **state)
{
    (void)state;
    Pos x; objects_init(&x);
    int plains = land(&x, 1, C_PLAINS1, 1), forest = land(&x, 1, C_FOREST, 0), mtn = land(&x, 1, C_MTN1, 0);
    for (int k = 0; k < 3; k++) land(&x, 0, C_MTN1 + k, 0);
    give(&x, 0, C_CRYOCLASM);
    int h = hand_slot(&x, 0, C_CRYOCLASM);
    assert_true(legal(&x, 0, ACT_CAST, h, TK_PERM, plains));
    assert_false(legal(&x, 0, ACT_CAST, h, TK_PERM, forest));
    assert_false(legal(&x, 0, ACT_CAST, h, TK_PERM, mtn));
    assert_int_equal(casts_of(&x, 0, h), 1);
    Action acts[ACTION_MAX];
    int n = game_legal_actions(&x.s, 0, acts), k = 0;
    while (k < n && !(acts[k].type == ACT_CAST && acts[k].hand_idx == h)) k++;
    assert_true(k < n);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &acts[k], 0), MTG_OK);
    settle(&x);
    assert_true(bits256_has(x.s.pl[1].gy, C_PLAINS1));
    assert_int_equal(x.s.pl[1].life, 17);
    assert_int_equal(x.s.pl[0].life, 20);
}

/* Icy Manipulator in the opponent's upkeep: "{1}, {T}: Tap target
 * artifact, creature, or land." Its Mountain is tapped before its draw
 * step and stays tapped: it makes no mana that turn. */
static void test_icy_upkeep(void **state)
{
    (void)state;
    Pos x; objects_init(&x);
    int icy = put(&x, 0, C_ICY), pay = land(&x, 0, C_MTN1, 0);
    int mtn = land(&x, 1, C_MTN1, 0), island = land(&x, 1, C_ISLAND, 0);
    x.s.active = 1;
    x.s.step = STEP_UPKEEP;
    assert_true(legal(&x, 0, ACT_ACTIVATE, icy, TK_PERM, mtn));
    assert_true(legal(&x, 0, ACT_ACTIVATE, icy, TK_PERM, island));
    assert_true(legal(&x, 0, ACT_ACTIVATE, icy, TK_PERM, pay));        /* its own land too */
    Action acts[ACTION_MAX];
    int n = game_legal_actions(&x.s, 0, acts), k = 0;
    while (k < n && !(acts[k].type == ACT_ACTIVATE && acts[k].hand_idx == icy && acts[k].tv[0] == mtn)) k++;
    assert_true(k < n);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &acts[k], 0), MTG_OK);
    assert_true(x.s.perm[pay].flags & PF_TAPPED);                     /* {1} from the Mountain */
    settle(&x);
    assert_true(x.s.perm[mtn].flags & PF_TAPPED);
    assert_false(x.s.perm[island].flags & PF_TAPPED);
    assert_int_equal(mana_total_now(&x.s, 1, -1), 1);
    assert_false(legal(&x, 0, ACT_ACTIVATE, icy, TK_PERM, mtn));      /* Icy is tapped */
}

/* Boomerang on a land: "Return target permanent to its owner's hand."
 * The Island leaves (its tapped state with it) and, in its owner's main
 * phase, is played again as the land drop (305.1): a new object (400.7),
 * untapped. */
static void test_boomerang_land(void **state)
{
    (void)state;
    Pos x; objects_init(&x);
    int island = land(&x, 1, C_ISLAND, 1);
    uint32_t ts = x.s.px[island].ts;
    land(&x, 0, C_ISLAND, 0);
    land(&x, 0, C_ISLAND2, 0);
    give(&x, 0, C_BOOMERANG);
    int h = hand_slot(&x, 0, C_BOOMERANG);
    Action acts[ACTION_MAX];
    int n = game_legal_actions(&x.s, 0, acts), k = 0;
    while (k < n && !(acts[k].type == ACT_CAST && acts[k].hand_idx == h && acts[k].tv[0] == island)) k++;
    assert_true(k < n);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &acts[k], 0), MTG_OK);
    settle(&x);
    assert_false(permset_has(x.s.perm_used, island) && x.s.px[island].ts == ts);
    assert_int_equal(x.s.pl[1].hand_n, 1);
    assert_int_equal(x.s.pl[1].hand[0], C_ISLAND);
    x.s.active = 1;
    x.s.step = STEP_MAIN1;
    n = game_legal_actions(&x.s, 1, acts);
    k = 0;
    while (k < n && acts[k].type != ACT_LAND) k++;
    assert_true(k < n);
    assert_int_equal(action_apply(&x.s, &x.g, 1, &acts[k], 0), MTG_OK);
    assert_true(x.s.pl[1].flags & PL_LAND_PLAYED);
    int again = -1;
    for (PermIter it = permset_iter(x.s.perm_ctl[1]); permiter_more(&it);) {
        int i = permiter_next(&it);
        if (x.s.perm[i].obj == C_ISLAND) again = i;
    }
    assert_true(again >= 0);
    assert_true(x.s.px[again].ts > ts);
    assert_false(x.s.perm[again].flags & PF_TAPPED);
    assert_int_equal(x.s.pl[1].lands_n, 0);
    assert_int_equal(mana_total_now(&x.s, 1, -1), 1);
    settle(&x);
}

/* 702.14c with land objects: Bog Wraith can't be blocked while the
 * defending player controls a Swamp permanent, and can once it is gone;
 * Armored Ascension's "+1/+1 for each Plains you control" counts Plains
 * permanents, again as one enters and as one leaves. */
static void test_landwalk_and_plains(void **state)
{
    (void)state;
    Pos x; objects_init(&x);
    int wraith = put(&x, 0, C_WRAITH), bears = put(&x, 1, C_BEARS);
    int swamp = land(&x, 1, C_SWAMP, 0);
    settle(&x);
    AttackDecl d = { (uint8_t)wraith, TARGET_PLAYER };
    x.s.step = STEP_DECLARE_ATTACKERS;
    assert_int_equal(combat_declare_attackers(&x.s, &x.g, &d, 1), MTG_OK);
    x.s.step = STEP_DECLARE_BLOCKERS;
    assert_false(combat_can_block(&x.s, bears, wraith));
    perm_leave(&x.s, &x.g, swamp, ZONE_GRAVEYARD);
    settle(&x);
    assert_true(combat_can_block(&x.s, bears, wraith));

    Pos y; objects_init(&y);
    int goblin = put(&y, 0, C_GOBLIN), asc = put(&y, 0, C_ASCENSION);
    y.s.px[asc].attached = (uint8_t)goblin;
    y.s.layers_dirty = 1;
    settle(&y);
    assert_int_equal(perm_power(&y.s, goblin), 1);
    int p1 = land(&y, 0, C_PLAINS1, 0);
    land(&y, 0, C_PLAINS2, 1);                                       /* tapped or not */
    land(&y, 0, C_MTN1, 0);
    land(&y, 1, C_PLAINS1, 0);                                       /* not its controller's */
    settle(&y);
    assert_int_equal(perm_power(&y.s, goblin), 3);
    perm_leave(&y.s, &y.g, p1, ZONE_GRAVEYARD);
    settle(&y);
    assert_int_equal(perm_power(&y.s, goblin), 2);
}

/* p1 casts Demolish (card k of its own) at target slot t, its mana aside. */
static void demolish(Pos *x, int k, int t)
{
    x->s.active = 1;
    x->s.step = STEP_MAIN1;
    give(x, 1, k);
    Action acts[ACTION_MAX];
    int h = hand_slot(x, 1, k), n = actions_spells(&x->s, 1, acts, 1), j = 0;
    while (j < n && !(acts[j].type == ACT_CAST && acts[j].hand_idx == h && acts[j].tv[0] == t)) j++;
    assert_true(j < n);
    assert_int_equal(action_apply(&x->s, &x->g, 1, &acts[j], 1), MTG_OK);
    settle(x);
}

/* Aegis Angel: "When Aegis Angel enters the battlefield, another target
 * permanent is indestructible for as long as you control Aegis Angel." On
 * a Plains (its only other permanent), Demolish does not destroy it
 * (702.12b); once the Angel has left, the effect has ended (611.2b) and
 * the next Demolish does. */
static void test_aegis_angel_on_a_land(void **state)
{
    (void)state;
    Pos x; objects_init(&x);
    int plains = land(&x, 0, C_PLAINS1, 0);
    int angel = enter(&x, 0, C_AEGIS);
    assert_int_equal(x.s.pending_n, 1);
    settle(&x);
    assert_true(perm_has(&x.s, plains, KW_INDESTRUCTIBLE));
    assert_false(perm_has(&x.s, angel, KW_INDESTRUCTIBLE));
    demolish(&x, C_DEMOLISH, plains);
    assert_true(permset_has(x.s.perm_used, plains));
    assert_true(bits256_has(x.s.pl[1].gy, C_DEMOLISH));
    perm_leave(&x.s, &x.g, angel, ZONE_GRAVEYARD);
    settle(&x);
    assert_false(perm_has(&x.s, plains, KW_INDESTRUCTIBLE));
    assert_int_equal(x.s.float_n, 0);
    demolish(&x, C_DEMOLISH2, plains);
    assert_false(permset_has(x.s.perm_used, plains));
    assert_true(bits256_has(x.s.pl[0].gy, C_PLAINS1));
}

/* How many times card k is in player p's library. */
static int in_library(const Pos *x, int p, int k)
{
    const Player *pl = &x->s.pl[p];
    int n = 0;
    for (int j = 0; j < pl->lib_n; j++) n += pl->lib[pl->lib_top + j] == k;
    return n;
}

/* Legacy Weapon: "{W}{U}{B}{R}{G}: Exile target permanent." on a Forest
 * (701.11); and "If Legacy Weapon would be put into a graveyard from
 * anywhere, reveal Legacy Weapon and shuffle it into its owner's library
 * instead." (614.1a): destroyed by Demolish, then discarded to Mind Rot,
 * it goes to its owner's library each time, never to the graveyard. */
static void test_legacy_weapon(void **state)
{
    (void)state;
    Pos x; objects_init(&x);
    static uint8_t lib[2] = { C_GOBLIN, C_BEARS };
    library(&x, 0, lib, 2);
    int weapon = put(&x, 0, C_WEAPON), forest = land(&x, 1, C_FOREST, 0);
    Action acts[ACTION_MAX];
    int n = actions_spells(&x.s, 0, acts, 1), k = 0;
    while (k < n && !(acts[k].type == ACT_ACTIVATE && acts[k].hand_idx == weapon && acts[k].tv[0] == forest)) k++;
    assert_true(k < n);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &acts[k], 1), MTG_OK);
    settle(&x);
    assert_true(bits256_has(x.s.exile[1], C_FOREST));
    assert_false(permset_has(x.s.perm_used, forest));

    demolish(&x, C_DEMOLISH, weapon);
    assert_false(permset_has(x.s.perm_used, weapon));
    assert_false(bits256_has(x.s.pl[0].gy, C_WEAPON));
    assert_int_equal(x.s.pl[0].gy_n, 0);
    assert_int_equal(x.s.pl[0].lib_n, 3);                            /* shuffled into its library */
    assert_int_equal(in_library(&x, 0, C_WEAPON), 1);

    /* from the hand: Mind Rot makes player 0 discard it and the Goblin (its whole hand) */
    static uint8_t rest[1] = { C_BEARS };
    x.s.pl[0].lib = rest;
    x.s.pl[0].lib_top = 0;
    x.s.pl[0].lib_n = 1;
    x.s.pl[0].flags &= (uint8_t)~PL_LIB_OWN;
    x.s.pl[0].hand[x.s.pl[0].hand_n++] = C_WEAPON;
    x.s.pl[0].hand[x.s.pl[0].hand_n++] = C_GOBLIN;
    give(&x, 1, C_MIND_ROT);
    Action a = act(ACT_CAST, hand_slot(&x, 1, C_MIND_ROT), 0, TK_PLAYER, 0);
    assert_int_equal(action_apply(&x.s, &x.g, 1, &a, 1), MTG_OK);
    settle(&x);
    assert_int_equal(x.s.pl[0].hand_n, 0);
    assert_true(bits256_has(x.s.pl[0].gy, C_GOBLIN));
    assert_false(bits256_has(x.s.pl[0].gy, C_WEAPON));
    assert_int_equal(x.s.pl[0].gy_n, 1);
    assert_int_equal(x.s.pl[0].lib_n, 2);
}

/* Milled with four other cards by Tome Scour ("Target player mills five
 * cards."): the five top cards leave the library at once (701.13), Legacy
 * Weapon is shuffled back in (614.1a) and the four others are in the
 * graveyard; the cards below them stay in the library, whatever the
 * shuffle. */
static void test_legacy_weapon_milled(void **state)
{
    (void)state;
    static const uint8_t lib[9] = { C_WEAPON, C_GOBLIN, C_BEARS, C_WRAITH, C_ASCENSION,
                                    C_AEGIS, C_COLOSSUS, C_MIND_ROT, C_BOOMERANG };
    for (int seed = 0; seed < 8; seed++) {
        Pos x; objects_init(&x);
        rng_seed(x.g.deck_rng[0], 77, (uint64_t)seed, 0);
        library(&x, 0, lib, 9);
        x.s.active = 1;                                         /* its main phase: a sorcery */
        give(&x, 1, C_TOME);
        Action a = act(ACT_CAST, hand_slot(&x, 1, C_TOME), 0, TK_PLAYER, 0);
        assert_int_equal(action_apply(&x.s, &x.g, 1, &a, 1), MTG_OK);
        settle(&x);
        const Player *pl = &x.s.pl[0];
        assert_int_equal(pl->gy_n, 4);
        for (int k = 1; k < 5; k++) assert_true(bits256_has(pl->gy, lib[k]));
        assert_int_equal(pl->lib_n, 5);
        for (int k = 5; k < 9; k++) assert_false(bits256_has(pl->gy, lib[k]));
        assert_int_equal(in_library(&x, 0, C_WEAPON), 1);
    }
}

/* Darksteel Colossus says the same: with toughness 0 (704.5f) it is put
 * into its owner's library instead of the graveyard; it never dies, so no
 * "dies" event is seen. */
static int deaths;
static void on_dies(void *ctx, const GameState *s, const Event *e) { (void)ctx; (void)s; (void)e; deaths++; }

static void test_colossus_to_library(void **state)
{
    (void)state;
    Pos x; objects_init(&x);
    x.g.on_event[EV_DIES] = on_dies;
    deaths = 0;
    int k = put(&x, 1, C_COLOSSUS);
    x.s.perm[k].minus = 11;
    perm_refresh(&x.s, k);
    x.s.layers_dirty = 1;
    x.s.sba_pending = 1;
    settle(&x);
    assert_false(permset_has(x.s.perm_used, k));
    assert_int_equal(x.s.pl[1].gy_n, 0);
    assert_int_equal(x.s.pl[1].lib_n, 1);
    assert_int_equal(x.s.pl[1].lib[x.s.pl[1].lib_top], C_COLOSSUS);
    assert_int_equal(deaths, 0);
}

/* ---- whole games ---- */

static const char deck_red[] =
    "4 Demolish\n4 Cryoclasm\n4 Tectonic Rift\n4 Raging Goblin\n4 Goblin Chieftain\n4 Lightning Bolt\n"
    "4 Icy Manipulator\n4 Prodigal Pyromancer\n2 Legacy Weapon\n2 Darksteel Colossus\n24 Mountain\n";
static const char deck_multi[] =
    "4 Boomerang\n4 Twitch\n4 Vedalken Mastermind\n4 Rain of Tears\n4 Acidic Slime\n2 Indestructibility\n2 Brink of Disaster\n"
    "4 Creeping Mold\n4 Archon of Justice\n4 Aegis Angel\n8 Island\n6 Swamp\n6 Forest\n4 Plains\n";
static const char deck_plain_a[] =
    "4 Raging Goblin\n4 Goblin Piker\n4 Lightning Bolt\n4 Shock\n4 Grizzly Bears\n4 Llanowar Elves\n"
    "4 Giant Growth\n4 Craw Wurm\n10 Mountain\n12 Forest\n";
static const char deck_plain_b[] =
    "4 Bog Wraith\n4 Armored Ascension\n4 Serra Angel\n4 Pacifism\n4 Doom Blade\n4 Grizzly Bears\n"
    "4 Elite Vanguard\n4 Sengir Vampire\n12 Plains\n12 Swamp\n";

static void parse_deck(const char *text, DeckList *out)
{
    char err[256];
    if (decklist_parse(&pool, "test", text, strlen(text), out, err, sizeof err)) fail_msg("%s", err);
}

/* Games with checks after every action (state_check: every card in
 * exactly one zone, no basic land counted) between random policies, and
 * heuristic ones, of decks holding every card that singles out a land. */
static void test_whole_games_checked(void **state)
{
    (void)state;
    static DeckList dl[2];
    parse_deck(deck_red, &dl[0]);
    parse_deck(deck_multi, &dl[1]);
    CardPool v = pool_view(&pool);
    assert_int_equal((game_text(&v, &dl[0].main, &dl[1].main) - 1) & ~(SPELLS_NO_GRANTED | SPELLS_NO_EXTRA_LAND | SPELLS_NO_DOUBLERS | SPELLS_NO_WARDS | SPELLS_NO_REDIRECT | NO_MORE), SPELLS_ON | SPELLS_LAND_OBJECTS);
    long destroyed = 0, games = 0;
    for (int i = 0; i < 300; i++) {
        Rng dr[2], pr[2];
        uint8_t lib[2][DECK_MAX];
        for (int p = 0; p < 2; p++) { rng_seed(&dr[p], 77, (uint64_t)i, (uint64_t)p); rng_seed(&pr[p], 77, (uint64_t)i, (uint64_t)p + 2); }
        Game g = {0};
        g.pool = &v;
        g.deck[0] = &dl[i & 1].main; g.deck[1] = &dl[1 - (i & 1)].main;
        const Policy *pol = i % 3 == 2 ? &policy_heuristic : &policy_random;
        g.policy[0] = g.policy[1] = pol;
        g.deck_rng[0] = &dr[0]; g.deck_rng[1] = &dr[1];
        g.policy_rng[0] = &pr[0]; g.policy_rng[1] = &pr[1];
        g.lib_buf[0] = lib[0]; g.lib_buf[1] = lib[1];
        g.check = 1;
        GameState s;
        game_init(&s, &g, i & 1);
        assert_true(state_land_objects(&s));
        game_run(&s, &g);
        if (g.check_failed) fail_msg("game %d: state_check: %s", i, g.check_msg);
        assert_true(s.over);
        assert_int_not_equal(s.end_reason, END_ERROR);
        assert_int_equal(s.pl[0].lands_n + s.pl[1].lands_n, 0);
        for (int p = 0; p < 2; p++)                                  /* lands went to graveyards */
            for (int o = 0; o < s.pl[p].deck_n; o++)
                destroyed += bits256_has(s.pl[p].gy, o) && (pool.cards[s.pl[p].deck[o]].types & TYPE_LAND);
        games++;
    }
    assert_int_equal(games, 300);
    assert_true(destroyed > 100);
}

/* Decks without a card that singles out a land: their games are those of
 * counts, and the same games played with land objects (the matchup's
 * choice forced) come out alike: the objects play as the counts do. */
static void test_objects_play_as_counts(void **state)
{
    (void)state;
    static DeckList dl[2];
    parse_deck(deck_plain_a, &dl[0]);
    parse_deck(deck_plain_b, &dl[1]);
    MatchSpec m = { pool_view(&pool), { &dl[0].main, &dl[1].main }, { &policy_heuristic, &policy_heuristic },
                    EDITION_2011, 0, 5, 1, { NULL, NULL }, 0, 0 };
    assert_int_equal((game_text(&m.pool, m.deck[0], m.deck[1]) - 1) & ~(SPELLS_NO_GRANTED | SPELLS_NO_EXTRA_LAND | SPELLS_NO_DOUBLERS | SPELLS_NO_WARDS | SPELLS_NO_REDIRECT | NO_MORE), SPELLS_ON);
    MatchSpec o = m;
    o.text = 1 + (SPELLS_ON | SPELLS_LAND_OBJECTS);
    int same = 0;
    for (int i = 0; i < 200; i++) {
        GameResult a, b;
        driver_play(&m, (uint64_t)i, &a, NULL, NULL);
        driver_play(&o, (uint64_t)i, &b, NULL, NULL);
        assert_int_not_equal(a.end_reason, END_ERROR);
        assert_int_not_equal(b.end_reason, END_ERROR);
        same += a.winner == b.winner && a.turns == b.turns && a.life[0] == b.life[0] && a.life[1] == b.life[1];
    }
    assert_int_equal(same, 200);
}

/* Garruk Wildspeaker's +1, "Untap two target lands" (601.2c, 606): one
 * action, for exactly two targets, chosen one by one as it is activated
 * (targets_many.h), lands of either player, not a creature; not listed
 * with one land on the battlefield. The heuristic untaps its own tapped
 * lands to cast the Grizzly Bears they then pay for, rather than spend
 * its last loyalty counter on a Beast, and the random policy's targets
 * are legal ones. */
static void test_garruk_untaps_two_lands(void **state)
{
    (void)state;
    Pos x; objects_init(&x);
    x.s.spells |= SPELLS_NO_GRANTED;
    int garruk = put(&x, 0, C_GARRUK);
    int forest = land(&x, 0, C_FOREST, 1);
    Action acts[ACTION_MAX];
    int n = game_legal_actions(&x.s, 0, acts), plus = 0;
    for (int k = 0; k < n; k++) plus += acts[k].type == ACT_ACTIVATE && acts[k].hand_idx == garruk && acts[k].ability == 0;
    assert_int_equal(plus, 0);                                     /* one land: no two targets */
    int mountain = land(&x, 0, C_MTN1, 1), island = land(&x, 1, C_ISLAND, 1);
    put(&x, 0, C_GOBLIN);                                          /* a creature: no land to untap */
    n = game_legal_actions(&x.s, 0, acts);
    int k_plus = -1, k_minus = -1;
    for (int k = 0; k < n; k++) {
        if (acts[k].type != ACT_ACTIVATE || acts[k].hand_idx != garruk) continue;
        if (acts[k].ability == 0) {
            assert_int_equal(acts[k].tk[0], TK_MANY);
            assert_int_equal(acts[k].n_targets, 2);
            assert_int_equal(k_plus, -1);                          /* one action: the count is two */
            k_plus = k;
        }
        if (acts[k].ability == 1) k_minus = k;
    }
    assert_true(k_plus > 0 && k_minus > 0);
    give(&x, 0, C_BEARS);
    x.s.perm[garruk].loyalty = 1;
    n = game_legal_actions(&x.s, 0, acts);
    int pick = heuristic_spells_main(&x.s, &x.g, 0, acts, n, -1);
    assert_true(acts[pick].type == ACT_ACTIVATE && acts[pick].hand_idx == garruk && acts[pick].ability == 0);
    HeuristicParams hp;
    heuristic_defaults(&hp);
    Policy h = policy_heuristic;
    h.self = &hp;
    x.g.policy[0] = &h;
    assert_int_equal(action_apply(&x.s, &x.g, 0, &acts[pick], 0), MTG_OK);
    const StackItem *it = &x.s.stack[x.s.stack_n - 1];
    assert_int_equal(it->n_targets, 2);
    assert_true((it->t[0].v == forest && it->t[1].v == mountain) || (it->t[0].v == mountain && it->t[1].v == forest));
    assert_int_equal(x.s.perm[garruk].loyalty, 2);                 /* 606.4: paid as it is activated */
    settle(&x);                                                    /* it resolves */
    assert_false(x.s.perm[forest].flags & PF_TAPPED);
    assert_false(x.s.perm[mountain].flags & PF_TAPPED);
    assert_true(x.s.perm[island].flags & PF_TAPPED);
    n = game_legal_actions(&x.s, 0, acts);
    int bears = hand_slot(&x, 0, C_BEARS), castable = 0;
    for (int k = 0; k < n; k++) castable |= acts[k].type == ACT_CAST && acts[k].hand_idx == bears;
    assert_true(castable);

    /* The random policy: each choice among the legal targets left. */
    Pos y; objects_init(&y);
    y.s.spells |= SPELLS_NO_GRANTED;
    int g2 = put(&y, 0, C_GARRUK), l[3];
    l[0] = land(&y, 0, C_FOREST, 1);
    l[1] = land(&y, 1, C_ISLAND, 1);
    l[2] = land(&y, 1, C_SWAMP, 1);
    y.g.policy[0] = &policy_random;
    n = game_legal_actions(&y.s, 0, acts);
    int k = 0;
    while (k < n && !(acts[k].type == ACT_ACTIVATE && acts[k].hand_idx == g2 && acts[k].ability == 0)) k++;
    assert_true(k < n);
    assert_int_equal(action_apply(&y.s, &y.g, 0, &acts[k], 0), MTG_OK);
    it = &y.s.stack[y.s.stack_n - 1];
    assert_int_equal(it->n_targets, 2);
    assert_true(it->t[0].v != it->t[1].v);
    for (int j = 0; j < 2; j++) assert_true(it->t[j].v == l[0] || it->t[j].v == l[1] || it->t[j].v == l[2]);
    settle(&y);
    int untapped = 0;
    for (int j = 0; j < 3; j++) untapped += !(y.s.perm[l[j]].flags & PF_TAPPED);
    assert_int_equal(untapped, 2);
}

/* Awakener Druid (611.2b): its enters trigger makes a Forest a 4/5
 * Treefolk creature for as long as the Druid remains on the battlefield,
 * so not at all when the Druid has left before it resolves; the Forest is
 * a land again as the Druid leaves. The heuristic (version 2) targets its
 * own Forest, the opponent's listed first; the baseline the opponent's. */
static void test_awakener_druid(void **state)
{
    (void)state;
    Pos x; objects_init(&x);
    int forest = land(&x, 0, C_FOREST, 0);
    int druid = enter(&x, 0, C_DRUID);                             /* its trigger waits */
    settle(&x);
    assert_true(perm_is_creature(&x.s, forest));
    assert_int_equal(perm_power(&x.s, forest), 4);
    assert_int_equal(perm_toughness(&x.s, forest), 5);
    perm_leave(&x.s, &x.g, druid, ZONE_GRAVEYARD);
    settle(&x);
    assert_false(perm_is_creature(&x.s, forest));
    assert_true(permset_has(x.s.perm_used, forest));

    Pos y; objects_init(&y);
    int f2 = land(&y, 0, C_FOREST, 0);
    int d2 = enter(&y, 0, C_DRUID);
    perm_leave(&y.s, &y.g, d2, ZONE_GRAVEYARD);                   /* gone before its trigger resolves */
    settle(&y);
    assert_false(perm_is_creature(&y.s, f2));
    assert_int_equal(y.s.float_n, 0);

    for (int version = 1; version <= 2; version++) {
        Pos z; objects_init(&z);
        int mine = land(&z, 0, C_FOREST, 0), theirs = land(&z, 1, C_FOREST, 0);   /* the highest free slot first */
        assert_true(theirs < mine);                                /* the first target listed */
        HeuristicParams hp;
        heuristic_defaults(&hp);
        hp.version = version;
        Policy h = policy_heuristic;
        h.self = &hp;
        z.g.policy[0] = &h;
        enter(&z, 0, C_DRUID);
        settle(&z);
        assert_int_equal(perm_is_creature(&z.s, mine), version == 2);
        assert_int_equal(perm_is_creature(&z.s, theirs), version == 1);
    }
}

int main(void)
{
    (void)library;
    (void)enter;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_matchup_choice),
        cmocka_unit_test(test_demolish_mountain),
        cmocka_unit_test(test_cryoclasm),
        cmocka_unit_test(test_icy_upkeep),
        cmocka_unit_test(test_boomerang_land),
        cmocka_unit_test(test_landwalk_and_plains),
        cmocka_unit_test(test_aegis_angel_on_a_land),
        cmocka_unit_test(test_garruk_untaps_two_lands),
        cmocka_unit_test(test_awakener_druid),
        cmocka_unit_test(test_legacy_weapon),
        cmocka_unit_test(test_legacy_weapon_milled),
        cmocka_unit_test(test_colossus_to_library),
        cmocka_unit_test(test_whole_games_checked),
        cmocka_unit_test(test_objects_play_as_counts),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
