/* test_heuristic_spells.c: the heuristic's choices with spells and
 * abilities on constructed positions of real cards where the right play is
 * clear, each beside the choice of the baseline (HeuristicParams.version
 * 1, the heuristic as it was before version 2) where the two differ, and
 * version 3's where its rules read the position (checked to be theirs, not
 * the look's they leave the other kinds to), so that a change that breaks
 * a decision fails here rather than shifting a win rate. */
#include <stdio.h>
#include "engine/stack.h"
#include "engine/heuristic.h"
#include "engine/combat.h"
#include "engine/lookahead.h"
#include "engine/policy_rules.h"
#include "decks/decklist.h"

/* The cards of the positions (pool_pos.h). */
static const char *const names[] = {
    "Grizzly Bears", "Llanowar Elves", "Giant Growth", "Lightning Bolt", "Terramorphic Expanse",
    "Forest", "Forest", "Forest", "Forest", "Mountain", "Centaur Courser", "Doom Blade", "Serra Angel",
    "Sengir Vampire", "Swamp", "Swamp", "Drudge Skeletons", "Cancel", "Island", "Island", "Island",
    "Pacifism", "Plains", "Plains", "Plains", "Plains", "Plains", "Prodigal Pyromancer", "Divination",
    "Furnace Whelp", "Chandra Nalaar", "Mountain", "Mountain", "Overrun", "Ponder", "Disentomb",
    "Shock", "Field Marshal", "Elite Vanguard", "Honor of the Pure", "Furnace of Rath", "Lava Axe",
    "Leonin Scimitar",
};
enum { C_BEARS, C_ELVES, C_GROWTH, C_BOLT, C_EXPANSE, C_FOREST, C_FOREST4 = C_FOREST + 3, C_MOUNTAIN, C_COURSER,
       C_DOOM, C_ANGEL, C_VAMPIRE, C_SWAMP, C_SKELETONS = C_SWAMP + 2, C_CANCEL, C_ISLAND, C_PACIFISM = C_ISLAND + 3,
       C_PLAINS, C_PYROMANCER = C_PLAINS + 5, C_DIVINATION, C_WHELP, C_CHANDRA, C_MOUNTAIN2,
       C_OVERRUN = C_MOUNTAIN2 + 2, C_PONDER, C_DISENTOMB, C_SHOCK, C_MARSHAL, C_VANGUARD, C_HONOR, C_FURNACE, C_AXE,
       C_SCIMITAR, C_N };

#include "tests/pool_pos.h"

/* The heuristic of this version's choice for p among the legal actions. */
static const Action *choice(Pos *x, int p, int version, Action acts[ACTION_MAX])
{
    int n = game_legal_actions(&x->s, p, acts);
    int k = heuristic_spells_main_version(&x->s, &x->g, p, acts, n, -1, version);
    assert_true(k >= 0 && k < n);
    return &acts[k];
}

/* Version 3's choice for p, after checking that its rules made it (not
 * the look they leave the kinds they do not read to). */
static const Action *ruled(Pos *x, int p, Action acts[ACTION_MAX])
{
    int n = game_legal_actions(&x->s, p, acts);
    int r = rules_play(&x->s, p, acts, n);
    assert_int_not_equal(r, RULES_LOOK);
    assert_int_equal(heuristic_spells_main_version(&x->s, &x->g, p, acts, n, -1, 3), r);
    return &acts[r];
}

/* The choice of this version: version 3's by its rules (ruled). */
static const Action *pick(Pos *x, int p, int version, Action acts[ACTION_MAX])
{
    return version == 3 ? ruled(x, p, acts) : choice(x, p, version, acts);
}

/* That action a casts player p's card k (on target kind tk, value tv, when tk). */
static void assert_casts(const Pos *x, int p, const Action *a, int k, int tk, int tv)
{
    assert_int_equal(a->type, ACT_CAST);
    assert_int_equal(x->s.pl[p].hand[a->hand_idx], k);
    if (!tk) return;
    assert_int_equal(a->tk[0], tk);
    assert_int_equal(a->tv[0], tv);
}

/* Whether the heuristic of this version looks at its plays (Policy.looks). */
static int looks(const Pos *x, int p, int version)
{
    HeuristicParams hp;
    heuristic_defaults(&hp);
    hp.version = version;
    Policy pol = policy_heuristic;
    pol.self = &hp;
    return pol.looks(&pol, &x->s, &x->g, p) != LOOK_PASS;
}

/* The opponent's end step: where the heuristic takes what waited in its
 * own main phase at instant speed (policy_spells.c, waits). */
static void their_end_step(Pos *x)
{
    x->s.active = 1;
    x->s.step = STEP_END;
}

/* Its own Grizzly Bears on the stack, Llanowar Elves on the battlefield and
 * Giant Growth in hand with a Forest untapped: the heuristic lets the
 * Bears resolve (a pump now would end before anything sees it). The
 * baseline answered its own spell: it valued the Bears on the stack below
 * the creature they become, so that anything that let them resolve
 * looked better than passing, and it spent the Growth. */
static void test_lets_its_own_spell_resolve(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    put(&x, 0, C_ELVES);
    pos_lands(&x, 0, C_FOREST, 3);
    give(&x, 0, C_BEARS);
    give(&x, 0, C_GROWTH);
    Action bears = act(ACT_CAST, hand_slot(&x, 0, C_BEARS), 0, 0, 0);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &bears, 0), MTG_OK);
    assert_int_equal(x.s.stack_n, 1);
    Action acts[ACTION_MAX];
    assert_int_equal(choice(&x, 0, 2, acts)->type, ACT_PASS);
    assert_false(looks(&x, 0, 2));
    const Action *a = choice(&x, 0, 1, acts);
    assert_casts(&x, 0, a, C_GROWTH, 0, 0);
    assert_true(looks(&x, 0, 1));
}

/* Player 1, the opponent, active, casts its card k on permanent i, paid
 * by one untapped land of card `land`. */
static void they_cast_on(Pos *x, int k, int land, int i)
{
    pos_lands(x, 1, land, 1);
    give(x, 1, k);
    x->s.active = 1;
    Action a = act(ACT_CAST, hand_slot(x, 1, k), 0, TK_PERM, i);
    assert_int_equal(action_apply(&x->s, &x->g, 1, &a, 0), MTG_OK);
}

/* The opponent's Lightning Bolt on its Grizzly Bears, in the opponent's
 * main phase, with Giant Growth and a Forest: the heuristic saves the
 * Bears (5/5, they survive the 3 damage, and the damage goes at the end of
 * the turn with the +3/+3: 514.2). The baseline valued passing with the
 * Bolt unresolved and the Growth's board with the damage kept after the
 * pump ended (the Bears dead either way): it let them die. */
static void test_saves_a_creature_from_burn(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int bears = put(&x, 0, C_BEARS);
    pos_lands(&x, 0, C_FOREST, 1);
    give(&x, 0, C_GROWTH);
    they_cast_on(&x, C_BOLT, C_MOUNTAIN, bears);
    Action acts[ACTION_MAX];
    assert_true(looks(&x, 0, 2));
    const Action *a = choice(&x, 0, 2, acts);
    assert_casts(&x, 0, a, C_GROWTH, TK_PERM, bears);
    Action acts3[ACTION_MAX];
    assert_casts(&x, 0, ruled(&x, 0, acts3), C_GROWTH, TK_PERM, bears);   /* version 3's rule: answer() */
    assert_int_equal(choice(&x, 0, 1, acts)->type, ACT_PASS);
    /* And so it goes: the Growth, then the Bolt; the Bears live, 5/5 until
     * the end of the turn. */
    assert_int_equal(action_apply(&x.s, &x.g, 0, a, 0), MTG_OK);
    settle(&x);
    assert_true(permset_has(x.s.perm_used, bears));
    assert_int_equal(x.s.perm[bears].toughness, 5);
}

/* Terramorphic Expanse untapped, a Forest in its library: the heuristic
 * fetches the Forest (a land that makes mana is worth more than one that
 * does not), in the opponent's end step (in its own main phase, with no
 * creature to attack, the ability waits: the land enters tapped anyway).
 * The baseline's value saw a permanent go and no land come (basic lands
 * are counts), and kept the Expanse. */
static void test_fetches_a_land(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int expanse = enter(&x, 0, C_EXPANSE);                 /* a land: no summoning sickness for its {T} */
    static const uint8_t lib[] = { C_FOREST4, C_BEARS, C_BOLT, C_GROWTH, C_DOOM, C_ANGEL };
    library(&x, 0, lib, 6);
    settle(&x);
    Action acts[ACTION_MAX];
    assert_int_equal(choice(&x, 0, 2, acts)->type, ACT_PASS);
    their_end_step(&x);
    const Action *a = choice(&x, 0, 2, acts);
    assert_int_equal(a->type, ACT_ACTIVATE);
    assert_int_equal(a->hand_idx, expanse);
    assert_int_equal(choice(&x, 0, 1, acts)->type, ACT_PASS);
    assert_int_equal(action_apply(&x.s, &x.g, 0, a, 0), MTG_OK);
    settle(&x);
    assert_false(permset_has(x.s.perm_used, expanse));
    assert_int_equal(x.s.pl[0].land_n[COLOR_G], 1);
    assert_int_equal(x.s.pl[0].land_tapped[COLOR_G], 1);   /* "onto the battlefield tapped" */
}

/* Lightning Bolt in its main phase with the opponent at 3 life, a Serra
 * Angel facing it: the Bolt goes to the opponent's face and wins (both
 * versions). At 4 life the Bolt wins nothing and cannot kill the Angel
 * (4/4): whatever it does, it does not spend the Bolt on the Angel. */
static void test_burn_that_wins(void **state)
{
    (void)state;
    for (int life = 3; life <= 4; life++) {
        Pos x; pos_init(&x);
        int angel = put(&x, 1, C_ANGEL);
        pos_lands(&x, 0, C_MOUNTAIN, 1);
        give(&x, 0, C_BOLT);
        x.s.pl[1].life = (int16_t)life;
        Action acts[ACTION_MAX];
        for (int version = 1; version <= 3; version++) {
            const Action *a = pick(&x, 0, version, acts);
            if (life == 3) {
                assert_int_equal(a->type, ACT_CAST);
                assert_int_equal(a->tk[0], TK_PLAYER);
                assert_int_equal(a->tv[0], 1);
            } else {
                assert_false(a->type == ACT_CAST && a->tk[0] == TK_PERM && a->tv[0] == angel);
            }
        }
    }
}

/* Doom Blade facing Grizzly Bears, a Serra Angel and a Sengir Vampire
 * (black: not a legal target), in the opponent's end step: it destroys
 * the Angel, the creature worth most that it may (both versions). */
static void test_removal_on_the_creature_worth_most(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    put(&x, 1, C_BEARS);
    int angel = put(&x, 1, C_ANGEL);
    put(&x, 1, C_VAMPIRE);
    pos_lands(&x, 0, C_SWAMP, 2);
    give(&x, 0, C_DOOM);
    their_end_step(&x);
    Action acts[ACTION_MAX];
    int n = game_legal_actions(&x.s, 0, acts);
    assert_int_equal(n, 1 + 2);                              /* pass, the Bears, the Angel */
    for (int version = 1; version <= 3; version++) {
        const Action *a = pick(&x, 0, version, acts);
        assert_int_equal(a->type, ACT_CAST);
        assert_int_equal(a->tk[0], TK_PERM);
        assert_int_equal(a->tv[0], angel);
    }
}

/* In player a's turn its permanent `attacker` attacks and the other
 * player's `blocker` blocks it: the declare blockers step. */
static void combat(Pos *x, int a, int attacker, int blocker)
{
    x->s.active = (uint8_t)a;
    x->s.step = STEP_DECLARE_ATTACKERS;
    AttackDecl ad = { (uint8_t)attacker, TARGET_PLAYER };
    assert_int_equal(combat_declare_attackers(&x->s, &x->g, &ad, 1), MTG_OK);
    x->s.step = STEP_DECLARE_BLOCKERS;
    BlockDecl bd = { (uint8_t)blocker, (uint8_t)attacker };
    assert_int_equal(combat_declare_blockers(&x->s, &x->g, &bd, 1), MTG_OK);
}

/* Player 0's Grizzly Bears attack and player 1's `blocker` blocks them; in
 * the declare blockers step player 0 has Giant Growth and a Forest. */
static int blocked(Pos *x, int blocker)
{
    int bears = put(x, 0, C_BEARS);
    pos_lands(x, 0, C_FOREST, 1);
    give(x, 0, C_GROWTH);
    combat(x, 0, bears, put(x, 1, blocker));
    return bears;
}

/* Blocked by a Centaur Courser (3/3): the Growth after blocks makes the
 * Bears 5/5, which kill the Courser and survive; the heuristic casts it
 * (and so would the baseline, which valued the pump by the creature it
 * made bigger). */
static void test_trick_that_wins_a_combat(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int bears = blocked(&x, C_COURSER);
    Action acts[ACTION_MAX];
    for (int version = 2; version <= 3; version++) {
        const Action *a = pick(&x, 0, version, acts);
        assert_int_equal(a->type, ACT_CAST);
        assert_int_equal(a->tv[0], bears);
    }
}

/* Blocked by Llanowar Elves (1/1): the Bears kill them and survive without
 * help; the heuristic keeps the Growth. The baseline, valuing a pump by
 * the creature it made bigger whatever the combat, spent it. */
static void test_keeps_a_trick_the_combat_does_not_need(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int bears = blocked(&x, C_ELVES);
    Action acts[ACTION_MAX];
    assert_int_equal(choice(&x, 0, 2, acts)->type, ACT_PASS);
    assert_int_equal(ruled(&x, 0, acts)->type, ACT_PASS);
    const Action *a = choice(&x, 0, 1, acts);
    assert_int_equal(a->type, ACT_CAST);
    assert_int_equal(a->tv[0], bears);
}

/* The opponent's Centaur Courser (3/3) attacks and the player's Drudge
 * Skeletons (1/1, "{B}: Regenerate") block, a Swamp untapped: the
 * heuristic regenerates them before damage, as they would die. The baseline valued
 * the board before the damage, where a shield changes nothing, and let
 * them die. */
static void test_regenerates_a_creature_that_would_die(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int skeletons = put(&x, 0, C_SKELETONS);
    pos_lands(&x, 0, C_SWAMP, 1);
    combat(&x, 1, put(&x, 1, C_COURSER), skeletons);
    Action acts[ACTION_MAX];
    const Action *a = choice(&x, 0, 2, acts);
    assert_int_equal(a->type, ACT_ACTIVATE);
    assert_int_equal(a->hand_idx, skeletons);
    assert_int_equal(choice(&x, 0, 1, acts)->type, ACT_PASS);
}

/* The opponent casts Serra Angel; with Cancel and three Islands the
 * heuristic counters it (the Angel would be worth more to the opponent
 * than the Cancel in hand is to it). */
static void test_counters_a_spell_worth_countering(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    pos_lands(&x, 0, C_ISLAND, 3);
    give(&x, 0, C_CANCEL);
    pos_lands(&x, 1, C_PLAINS, 5);                               /* {3}{W}{W} */
    give(&x, 1, C_ANGEL);
    x.s.active = 1;
    Action angel = act(ACT_CAST, hand_slot(&x, 1, C_ANGEL), 0, 0, 0);
    assert_int_equal(action_apply(&x.s, &x.g, 1, &angel, 0), MTG_OK);
    Action acts[ACTION_MAX];
    const Action *a = choice(&x, 0, 2, acts);
    assert_int_equal(a->type, ACT_CAST);
    assert_int_equal(x.s.pl[0].hand[a->hand_idx], C_CANCEL);
    assert_int_equal(a->tk[0], TK_STACK);
    assert_int_equal(action_apply(&x.s, &x.g, 0, a, 0), MTG_OK);
    settle(&x);
    assert_true(bits256_has(x.s.pl[1].gy, C_ANGEL));         /* countered */
    assert_true(permset_count(x.s.perm_ctl[1]) == 0);
}

/* Where version 3 looks (heuristic_spells_looks, rules_looks_at_item,
 * rules_main2_looks): at the opponent's spell on the stack only when it
 * targets one permanent (what its rules answer) or a counterspell is in
 * hand (the look weighs countering it), not in its own declare attackers
 * step (a pump waits for the blocks), in the opponent's declare blockers
 * step only with a creature of its own blocking, and in its second main
 * phase only for what combat may have changed; version 2 looks at all of
 * them. */
static void test_where_version_3_looks(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    pos_lands(&x, 0, C_MOUNTAIN, 1);
    give(&x, 0, C_BOLT);
    int bears = put(&x, 0, C_BEARS);
    pos_lands(&x, 1, C_PLAINS, 5);
    give(&x, 1, C_ANGEL);
    x.s.active = 1;
    Action angel = act(ACT_CAST, hand_slot(&x, 1, C_ANGEL), 0, 0, 0);
    assert_int_equal(action_apply(&x.s, &x.g, 1, &angel, 0), MTG_OK);
    assert_true(looks(&x, 0, 2));
    assert_false(looks(&x, 0, 3));                    /* a creature spell: nothing to answer */
    pos_lands(&x, 0, C_ISLAND, 3);
    give(&x, 0, C_CANCEL);
    assert_true(looks(&x, 0, 3));                     /* unless to counter it */

    Pos y; pos_init(&y);
    int target = put(&y, 0, C_BEARS);
    they_cast_on(&y, C_BOLT, C_MOUNTAIN, target);
    assert_true(looks(&y, 0, 3));                     /* the Bolt on the Bears: an answer to look for */

    x.s.stack_n = 0;
    x.s.active = 0;
    x.s.step = STEP_DECLARE_ATTACKERS;
    x.s.perm[bears].flags &= (uint8_t)~PF_SICK;
    AttackDecl ad = { (uint8_t)bears, TARGET_PLAYER };
    assert_int_equal(combat_declare_attackers(&x.s, &x.g, &ad, 1), MTG_OK);
    assert_true(looks(&x, 0, 2));
    assert_false(looks(&x, 0, 3));
    x.s.active = 1;                                   /* the opponent's attackers: removal on them */
    assert_true(looks(&x, 0, 3));

    /* The opponent's Centaur Courser attacks: after blocks, with none of its
     * own, removal on the attacker was its choice before; with its Bears
     * blocking, a trick or a rescue may be. */
    for (int block = 0; block < 2; block++) {
        Pos b; pos_init(&b);
        pos_lands(&b, 0, C_FOREST, 1);
        give(&b, 0, C_GROWTH);
        int blocker = put(&b, 0, C_BEARS), courser = put(&b, 1, C_COURSER);
        if (block) combat(&b, 1, courser, blocker);
        else {
            b.s.active = 1;
            b.s.step = STEP_DECLARE_ATTACKERS;
            AttackDecl att = { (uint8_t)courser, TARGET_PLAYER };
            assert_int_equal(combat_declare_attackers(&b.s, &b.g, &att, 1), MTG_OK);
            b.s.step = STEP_DECLARE_BLOCKERS;
        }
        assert_true(looks(&b, 0, 2));
        assert_int_equal(looks(&b, 0, 3), block);
    }

    /* Its second main phase, a creature in hand it held in its first: version 3
     * looks again only for a sorcery that burns (Lava Axe), an Equipment its
     * creature left (Leonin Scimitar attached to nothing) or a land drop. */
    Pos z; pos_init(&z);
    pos_lands(&z, 0, C_PLAINS, 5);
    put(&z, 0, C_BEARS);
    give(&z, 0, C_ANGEL);
    z.s.step = STEP_MAIN2;
    z.s.spells |= SPELLS_NO_EXTRA_LAND;               /* one land a turn */
    z.s.pl[0].flags |= PL_LAND_PLAYED;
    assert_true(looks(&z, 0, 2));
    assert_false(looks(&z, 0, 3));
    give(&z, 0, C_PLAINS);
    assert_false(looks(&z, 0, 3));                    /* a land, but the drop was played */
    z.s.pl[0].flags &= (uint8_t)~PL_LAND_PLAYED;
    assert_true(looks(&z, 0, 3));
    z.s.pl[0].flags |= PL_LAND_PLAYED;
    give(&z, 0, C_DIVINATION);
    assert_false(looks(&z, 0, 3));                    /* a sorcery that draws waited in the first */
    give(&z, 0, C_AXE);
    assert_true(looks(&z, 0, 3));
    Pos e; pos_init(&e);
    e.s.step = STEP_MAIN2;
    put(&e, 0, C_SCIMITAR);
    assert_false(looks(&e, 0, 3));                    /* no creature to equip */
    put(&e, 0, C_BEARS);
    assert_true(looks(&e, 0, 3));
}

/* Pacifism in its main phase facing Grizzly Bears and a Serra Angel, its
 * own Centaur Courser beside: the Aura goes on the Angel, the opponent's
 * creature worth most (never on its own creature, which it would stop). */
static void test_aura_on_the_right_creature(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    put(&x, 0, C_COURSER);
    put(&x, 1, C_BEARS);
    int angel = put(&x, 1, C_ANGEL);
    pos_lands(&x, 0, C_PLAINS, 2);
    give(&x, 0, C_PACIFISM);
    Action acts[ACTION_MAX];
    for (int version = 1; version <= 3; version++) {
        const Action *a = pick(&x, 0, version, acts);
        assert_int_equal(a->type, ACT_CAST);
        assert_int_equal(a->tk[0], TK_PERM);
        assert_int_equal(a->tv[0], angel);
    }
}

/* Prodigal Pyromancer ("{T}: 1 damage to any target") in its main phase,
 * facing Llanowar Elves and a Serra Angel: it pings the Elves, the
 * creature the damage kills, not the Angel nor (at 20 life) the player. */
static void test_pinger_kills_what_it_can(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int pyromancer = put(&x, 0, C_PYROMANCER);
    int elves = put(&x, 1, C_ELVES);
    put(&x, 1, C_ANGEL);
    Action acts[ACTION_MAX];
    for (int version = 1; version <= 2; version++) {
        const Action *a = choice(&x, 0, version, acts);
        assert_int_equal(a->type, ACT_ACTIVATE);
        assert_int_equal(a->hand_idx, pyromancer);
        assert_int_equal(a->tk[0], TK_PERM);
        assert_int_equal(a->tv[0], elves);
    }
}

/* Furnace Whelp (2/2 flying, "{R}: Furnace Whelp gets +1/+0 until end of
 * turn") attacks unblocked with three Mountains untapped after blockers:
 * the heuristic breathes fire with each (three more damage to the
 * player), then passes with no mana left. */
static void test_firebreathing_with_spare_mana(void **state)
{
    (void)state;
    for (int version = 2; version <= 3; version++) {
        Pos x; pos_init(&x);
        int whelp = put(&x, 0, C_WHELP);
        pos_lands(&x, 0, C_MOUNTAIN, 1);
        pos_lands(&x, 0, C_MOUNTAIN2, 2);
        x.s.active = 0;
        x.s.step = STEP_DECLARE_ATTACKERS;
        AttackDecl ad = { (uint8_t)whelp, TARGET_PLAYER };
        assert_int_equal(combat_declare_attackers(&x.s, &x.g, &ad, 1), MTG_OK);
        x.s.step = STEP_DECLARE_BLOCKERS;
        assert_int_equal(combat_declare_blockers(&x.s, &x.g, NULL, 0), MTG_OK);
        Action acts[ACTION_MAX];
        for (int k = 0; k < 3; k++) {
            const Action *a = pick(&x, 0, version, acts);
            assert_int_equal(a->type, ACT_ACTIVATE);
            assert_int_equal(a->hand_idx, whelp);
            Action take = *a;
            assert_int_equal(action_apply(&x.s, &x.g, 0, &take, 0), MTG_OK);
            settle(&x);
        }
        assert_int_equal(x.s.perm[whelp].power, 5);
        assert_int_equal(game_legal_actions(&x.s, 0, acts), 1);   /* passing alone is left */
    }
}

/* Two Forests and Llanowar Elves ("{T}: Add {G}") in its main phase, Centaur
 * Courser (three mana) in hand: the heuristic casts the Courser, the
 * Elves' mana with the lands'. */
static void test_mana_creature_pays(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int elves = put(&x, 0, C_ELVES);
    pos_lands(&x, 0, C_FOREST, 2);
    give(&x, 0, C_COURSER);
    Action acts[ACTION_MAX];
    const Action *a = choice(&x, 0, 2, acts);
    assert_casts(&x, 0, a, C_COURSER, 0, 0);
    Action take = *a;
    assert_int_equal(action_apply(&x.s, &x.g, 0, &take, 0), MTG_OK);
    assert_true(x.s.perm[elves].flags & PF_TAPPED);
}

/* Chandra Nalaar (loyalty 6: "+1: 1 damage to target player or
 * planeswalker", "-X: X damage to target creature") in its main phase, the
 * opponent's Serra Angel (4/4 flying) on the battlefield: the heuristic
 * spends four loyalty to kill the Angel, which would attack Chandra or it. */
static void test_planeswalker_kills_a_threat(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    put(&x, 0, C_CHANDRA);
    int angel = put(&x, 1, C_ANGEL);
    Action acts[ACTION_MAX];
    const Action *a = choice(&x, 0, 2, acts);
    assert_int_equal(a->type, ACT_ACTIVATE);
    assert_int_equal(a->tk[0], TK_PERM);
    assert_int_equal(a->tv[0], angel);
    assert_int_equal(a->x, 4);
}

/* The opponent's Serra Angel attacks; Doom Blade and two Swamps in hand
 * and play, nothing to block with: the heuristic destroys the attacker
 * before its damage. */
static void test_removal_on_an_attacker(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    pos_lands(&x, 0, C_SWAMP, 2);
    give(&x, 0, C_DOOM);
    int angel = put(&x, 1, C_ANGEL);
    x.s.active = 1;
    x.s.step = STEP_DECLARE_ATTACKERS;
    AttackDecl ad = { (uint8_t)angel, TARGET_PLAYER };
    assert_int_equal(combat_declare_attackers(&x.s, &x.g, &ad, 1), MTG_OK);
    Action acts[ACTION_MAX];
    for (int version = 2; version <= 3; version++) assert_casts(&x, 0, pick(&x, 0, version, acts), C_DOOM, TK_PERM, angel);
}

/* The opponent's Centaur Courser (3/3) attacks; Shock and a Mountain: with
 * the opponent's Furnace of Rath on the battlefield Shock deals 4 and the
 * heuristic kills the attacker before its damage; without it, 2 damage
 * would not, and the heuristic does not shock the Courser. */
static void test_furnace_doubles_what_shock_kills(void **state)
{
    (void)state;
    for (int furnace = 0; furnace < 2; furnace++) {
        Pos x; pos_init(&x);
        pos_lands(&x, 0, C_MOUNTAIN, 1);
        give(&x, 0, C_SHOCK);
        int courser = put(&x, 1, C_COURSER);
        if (furnace) put(&x, 1, C_FURNACE);
        x.s.active = 1;
        x.s.step = STEP_DECLARE_ATTACKERS;
        AttackDecl ad = { (uint8_t)courser, TARGET_PLAYER };
        assert_int_equal(combat_declare_attackers(&x.s, &x.g, &ad, 1), MTG_OK);
        Action acts[ACTION_MAX];
        const Action *a = choice(&x, 0, 2, acts);
        if (furnace) assert_casts(&x, 0, a, C_SHOCK, TK_PERM, courser);
        else assert_false(a->type == ACT_CAST && a->tk[0] == TK_PERM && a->tv[0] == courser);
    }
}

/* After its combat (before it for version 3, which makes this choice in
 * its first main phase and does not look again in its second), Doom
 * Blade and Centaur Courser (three mana) in hand, the opponent's Serra
 * Angel on the battlefield. With two Swamps and a
 * Forest, the mana for one of them: destroying the Angel is worth more
 * than the Courser, so the heuristic holds its mana up for the Blade (the
 * Angel dies when it attacks, or in the end step) and casts nothing; the
 * baseline destroys the Angel at once. With two Forests more it casts the
 * Courser, which leaves the Swamps open for the Blade. */
static void test_holds_up_mana_for_removal(void **state)
{
    (void)state;
    for (int forests = 1; forests <= 3; forests += 2) {
        Pos x; pos_init(&x);
        int angel = put(&x, 1, C_ANGEL);
        pos_lands(&x, 0, C_SWAMP, 2);
        pos_lands(&x, 0, C_FOREST, forests);
        give(&x, 0, C_DOOM);
        give(&x, 0, C_COURSER);
        x.s.step = STEP_MAIN2;
        Action acts[ACTION_MAX];
        if (forests == 1) assert_int_equal(choice(&x, 0, 2, acts)->type, ACT_PASS);
        else assert_casts(&x, 0, choice(&x, 0, 2, acts), C_COURSER, 0, 0);
        assert_casts(&x, 0, choice(&x, 0, 1, acts), C_DOOM, TK_PERM, angel);
        assert_false(looks(&x, 0, 3));                      /* version 3 chose in its first main phase: */
        x.s.step = STEP_MAIN1;                              /* before combat, with nothing to attack, the same */
        for (int version = 2; version <= 3; version++) {
            if (forests == 1) assert_int_equal(pick(&x, 0, version, acts)->type, ACT_PASS);
            else assert_casts(&x, 0, pick(&x, 0, version, acts), C_COURSER, 0, 0);
        }
        their_end_step(&x);
        for (int version = 2; version <= 3; version++) assert_casts(&x, 0, pick(&x, 0, version, acts), C_DOOM, TK_PERM, angel);
    }
}

/* In the opponent's main phase its Field Marshal ("Other Soldier
 * creatures you control get +1/+1 and have first strike") is on the
 * stack beside its Elite Vanguard (a 2/1 Soldier); Shock (2 damage) and a
 * Mountain in hand and play. The Vanguard will be a 3/2, but the Marshal
 * (2/2) is a better target: the heuristic lets it resolve and shocks it
 * later (in the end step here). With Honor of the Pure ("White creatures
 * you control get +1/+1") on the stack instead, the Shock will have
 * nothing to kill once it resolves: it shocks the Vanguard in answer. The
 * baseline shocks the Vanguard in answer to both. */
static void test_waits_for_a_better_target(void **state)
{
    (void)state;
    for (int lord = 1; lord >= 0; lord--) {
        Pos x; pos_init(&x);
        int vanguard = put(&x, 1, C_VANGUARD);
        pos_lands(&x, 1, C_PLAINS, 3);
        pos_lands(&x, 0, C_MOUNTAIN, 1);
        give(&x, 0, C_SHOCK);
        int card = lord ? C_MARSHAL : C_HONOR;
        give(&x, 1, card);
        x.s.active = 1;
        Action cast = act(ACT_CAST, hand_slot(&x, 1, card), 0, 0, 0);
        assert_int_equal(action_apply(&x.s, &x.g, 1, &cast, 0), MTG_OK);
        assert_int_equal(x.s.stack_n, 1);
        Action acts[ACTION_MAX];
        assert_casts(&x, 0, choice(&x, 0, 1, acts), C_SHOCK, TK_PERM, vanguard);
        if (!lord) {
            assert_casts(&x, 0, choice(&x, 0, 2, acts), C_SHOCK, TK_PERM, vanguard);
            continue;
        }
        assert_int_equal(choice(&x, 0, 2, acts)->type, ACT_PASS);
        settle(&x);
        assert_int_equal(x.s.perm[vanguard].toughness, 2);
        their_end_step(&x);
        const Action *a = choice(&x, 0, 2, acts);
        assert_casts(&x, 0, a, C_SHOCK, TK_PERM, a->tv[0]);
        assert_int_equal(x.s.perm[a->tv[0]].card, x.deck.card[C_MARSHAL]);
    }
}

/* The opponent's Serra Angel under the player's Pacifism ("Enchanted
 * creature can't attack or block") and a Centaur Courser; Doom Blade and
 * two Swamps in the opponent's end step: the heuristic destroys the
 * Courser, not the Angel that Pacifism holds already. */
static void test_removal_passes_by_a_pacified_creature(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int angel = put(&x, 1, C_ANGEL);
    int courser = put(&x, 1, C_COURSER);
    pos_lands(&x, 0, C_PLAINS, 2);
    give(&x, 0, C_PACIFISM);
    Action pac = act(ACT_CAST, hand_slot(&x, 0, C_PACIFISM), 0, TK_PERM, angel);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &pac, 0), MTG_OK);
    settle(&x);
    assert_int_equal(x.s.stack_n, 0);
    pos_lands(&x, 0, C_SWAMP, 2);
    give(&x, 0, C_DOOM);
    their_end_step(&x);
    Action acts[ACTION_MAX];
    for (int version = 2; version <= 3; version++) {
        const Action *a = pick(&x, 0, version, acts);
        assert_int_equal(a->type, ACT_CAST);
        assert_int_equal(a->tv[0], courser);
    }
}

/* Divination ("Draw two cards.") with three Islands: with 8 cards in its
 * library the heuristic casts it; with 3 it keeps it, as the draws would
 * bring its library to 1 (it would lose by drawing from an empty one).
 * The baseline drew whatever was left. */
static void test_does_not_draw_itself_out(void **state)
{
    (void)state;
    static const uint8_t lib[] = { C_BEARS, C_BOLT, C_GROWTH, C_DOOM, C_ANGEL, C_COURSER, C_CANCEL, C_SKELETONS };
    for (int n = 3; n <= 8; n += 5) {
        Pos x; pos_init(&x);
        pos_lands(&x, 0, C_ISLAND, 3);
        give(&x, 0, C_DIVINATION);
        library(&x, 0, lib, n);
        Action acts[ACTION_MAX];
        assert_int_equal(choice(&x, 0, 2, acts)->type, n == 3 ? ACT_PASS : ACT_CAST);
        assert_int_equal(choice(&x, 0, 1, acts)->type, ACT_CAST);
    }
}

/* Overrun in its first main phase, with Grizzly Bears, Centaur Courser
 * and Llanowar Elves able to attack, five lands, and the opponent at 10
 * life behind a Serra Angel: +3/+3 and trample make the attack lethal
 * (15 power, 4 of it blocked at most), so the heuristic casts it, having
 * played the combat out on a fork (a fork that stops before combat sees
 * only a card spent, and the baseline passes). With the creatures just
 * arrived (summoning sick: no attack this turn) it keeps the card. */
static void test_overrun_before_the_attack(void **state)
{
    (void)state;
    for (int sick = 0; sick <= 1; sick++) {
        Pos x; pos_init(&x);
        int mine[3] = { put(&x, 0, C_BEARS), put(&x, 0, C_COURSER), put(&x, 0, C_ELVES) };
        if (sick)
            for (int k = 0; k < 3; k++) x.s.perm[mine[k]].flags |= PF_SICK;
        put(&x, 1, C_ANGEL);
        pos_lands(&x, 0, C_FOREST, 4);
        pos_lands(&x, 0, C_MOUNTAIN, 1);
        give(&x, 0, C_OVERRUN);
        x.s.pl[1].life = 10;
        Action acts[ACTION_MAX];
        const Action *a = choice(&x, 0, 2, acts);
        if (sick) assert_int_equal(a->type, ACT_PASS);
        else assert_casts(&x, 0, a, C_OVERRUN, 0, 0);
        assert_int_equal(choice(&x, 0, 1, acts)->type, ACT_PASS);
        /* In the second main phase, after combat, it is a card spent. */
        x.s.step = STEP_MAIN2;
        assert_int_equal(choice(&x, 0, 2, acts)->type, ACT_PASS);
    }
}

/* Ponder with an Island to spare: a card for a card, but the heuristic
 * chooses its next draw (SELECTION_WORTH), so it casts it; the baseline,
 * which counts cards alone, passes. */
static void test_ponders_with_mana_to_spare(void **state)
{
    (void)state;
    static const uint8_t lib[] = { C_BEARS, C_BOLT, C_GROWTH, C_DOOM, C_ANGEL, C_COURSER, C_CANCEL, C_SKELETONS };
    Pos x; pos_init(&x);
    pos_lands(&x, 0, C_ISLAND, 1);
    give(&x, 0, C_PONDER);
    library(&x, 0, lib, 8);
    Action acts[ACTION_MAX];
    assert_casts(&x, 0, choice(&x, 0, 2, acts), C_PONDER, 0, 0);
    assert_int_equal(choice(&x, 0, 1, acts)->type, ACT_PASS);
}

/* Disentomb with a Swamp to spare and Serra Angel in its graveyard: the
 * Angel back in hand, a card for a card, but the one it chooses; the
 * baseline passes. */
static void test_returns_a_creature_from_its_graveyard(void **state)
{
    (void)state;
    static const uint8_t lib[] = { C_BEARS, C_BOLT, C_GROWTH, C_DOOM };
    Pos x; pos_init(&x);
    pos_lands(&x, 0, C_SWAMP, 1);
    give(&x, 0, C_DISENTOMB);
    library(&x, 0, lib, 4);
    bits256_clear(x.s.exile[0], C_ANGEL);
    bits256_set(x.s.pl[0].gy, C_ANGEL);
    x.s.pl[0].gy_n = 1;
    Action acts[ACTION_MAX];
    assert_casts(&x, 0, choice(&x, 0, 2, acts), C_DISENTOMB, TK_CARD, C_ANGEL);
    assert_int_equal(choice(&x, 0, 1, acts)->type, ACT_PASS);
}

/* The hidden cards change none of its choices with spells: a policy that
 * plays as the heuristic checks, at each of its choices of an action, that
 * the heuristic chooses the same with the cards its player cannot see
 * dealt anew (the opponent's hand, both libraries' order:
 * lookahead_determinize), and the same with them as they are (no state
 * kept between calls). */
/* Version 3: the opponent's Grizzly Bears are blocked by the player's
 * Llanowar Elves; Lightning Bolt on the Bears saves the Elves (and kills
 * the attacker). */
static void test_removal_saves_a_blocker(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int bears = put(&x, 1, C_BEARS);
    int elves = put(&x, 0, C_ELVES);
    pos_lands(&x, 0, C_MOUNTAIN, 1);
    give(&x, 0, C_BOLT);
    combat(&x, 1, bears, elves);
    Action acts[ACTION_MAX];
    assert_casts(&x, 0, ruled(&x, 0, acts), C_BOLT, TK_PERM, bears);
}

/* Version 3: the opponent casts Giant Growth on its Grizzly Bears; the
 * Bolt kills them in answer, before they are 5/5. */
static void test_removal_answers_a_pump(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int bears = put(&x, 1, C_BEARS);
    pos_lands(&x, 0, C_MOUNTAIN, 1);
    give(&x, 0, C_BOLT);
    they_cast_on(&x, C_GROWTH, C_FOREST, bears);
    Action acts[ACTION_MAX];
    assert_casts(&x, 0, ruled(&x, 0, acts), C_BOLT, TK_PERM, bears);
}

/* Version 3, in its first main phase with Grizzly Bears able to attack:
 * the Bolt kills the opponent's Llanowar Elves, which could block them
 * (an instant waits otherwise, for the opponent's turn). */
static void test_removal_clears_a_blocker(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    put(&x, 0, C_BEARS);
    int elves = put(&x, 1, C_ELVES);
    pos_lands(&x, 0, C_MOUNTAIN, 1);
    give(&x, 0, C_BOLT);
    Action acts[ACTION_MAX];
    assert_casts(&x, 0, ruled(&x, 0, acts), C_BOLT, TK_PERM, elves);
}

/* Version 3 with three Forests and two Plains in its main phase, Grizzly
 * Bears, Centaur Courser and Honor of the Pure in hand beside an Elite
 * Vanguard: the Courser first (the creature worth most), then the Bears
 * (Honor of the Pure would add +1/+1 to the Vanguard alone, less than
 * their body). */
static void test_creatures_first_by_worth(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    put(&x, 0, C_VANGUARD);
    pos_lands(&x, 0, C_FOREST, 3);
    pos_lands(&x, 0, C_PLAINS, 2);
    give(&x, 0, C_BEARS);
    give(&x, 0, C_COURSER);
    give(&x, 0, C_HONOR);
    Action acts[ACTION_MAX];
    const Action *a = ruled(&x, 0, acts);
    assert_casts(&x, 0, a, C_COURSER, 0, 0);
    Action take = *a;
    assert_int_equal(action_apply(&x.s, &x.g, 0, &take, 0), MTG_OK);
    settle(&x);
    assert_casts(&x, 0, ruled(&x, 0, acts), C_BEARS, 0, 0);
}

/* Version 3 with Divination (draws), a kind its rules do not read: the
 * look chooses, as version 2's. */
static void test_unread_kinds_go_to_the_look(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    pos_lands(&x, 0, C_ISLAND, 3);
    give(&x, 0, C_DIVINATION);
    Action acts[ACTION_MAX];
    int n = game_legal_actions(&x.s, 0, acts);
    assert_int_equal(n, 2);
    assert_int_equal(rules_play(&x.s, 0, acts, n), RULES_LOOK);
    assert_int_equal(heuristic_spells_main_version(&x.s, &x.g, 0, acts, n, -1, 3),
                     heuristic_spells_main_version(&x.s, &x.g, 0, acts, n, -1, 2));
}

static struct { int compared, hidden, differed; Rng deal; uint8_t lib[2][DECK_MAX]; } spy;

static int spy_main(const Policy *pol, const GameState *s, const Game *g, int p, Rng *rng, const Action *legal, int n)
{
    (void)pol;
    Rng r1 = *rng, r2 = *rng;
    int k = policy_heuristic.main_action(&policy_heuristic, s, g, p, rng, legal, n);
    GameState other;
    state_fork(&other, s);
    uint8_t *libs[2] = { spy.lib[0], spy.lib[1] };
    lookahead_determinize(&other, p, &spy.deal, libs);
    const Player *a = &s->pl[1 - p], *b = &other.pl[1 - p];
    spy.hidden += a->hand_n && memcmp(a->hand, b->hand, a->hand_n);
    spy.differed += policy_heuristic.main_action(&policy_heuristic, &other, g, p, &r1, legal, n) != k;
    spy.differed += policy_heuristic.main_action(&policy_heuristic, s, g, p, &r2, legal, n) != k;
    spy.compared++;
    return k;
}

static void test_hidden_cards_change_no_spell(void **state)
{
    (void)state;
    static const char *const pairs[][2] = {
        { "../decks/br_blightning.dck", "../decks/w_soldiers.txt" },
        { "../decks/uw_control.txt", "../decks/rdw_goblins.txt" },
        { "../decks/jund.txt", "../decks/ub_control.txt" },
    };
    Policy watched = policy_heuristic;
    watched.main_action = spy_main;
    CardPool view = pool_view(&pool);
    memset(&spy, 0, sizeof spy);
    rng_seed(&spy.deal, 5, 6, 7);
    for (int m = 0; m < 3; m++) {
        DeckList d[2];
        char err[300];
        for (int j = 0; j < 2; j++)
            if (decklist_load(&pool, pairs[m][j], &d[j], err, sizeof err)) fail_msg("%s", err);
        for (int i = 0; i < 10; i++) {
            Rng dr[2], pr[2];
            uint8_t lib[2][DECK_MAX];
            Game g;
            memset(&g, 0, sizeof g);
            g.pool = &view;
            for (int p = 0; p < 2; p++) {
                rng_seed(&dr[p], 77, (uint64_t)i, (uint64_t)p);
                rng_seed(&pr[p], 77, (uint64_t)i, (uint64_t)p + 2);
                g.deck[p] = &d[p].main;
                g.deck_rng[p] = &dr[p];
                g.policy_rng[p] = &pr[p];
                g.lib_buf[p] = lib[p];
                g.policy[p] = &watched;
            }
            g.check = 1;                                  /* state_check after every action */
            GameState s;
            game_init(&s, &g, i & 1);
            assert_true(s.spells);
            game_run(&s, &g);
            if (g.check_failed) fail_msg("%s", g.check_msg);
            assert_true(s.over);
            assert_int_not_equal(s.end_reason, END_ERROR);
        }
    }
    print_message("hidden cards: %d choices compared, %d with another hand dealt\n", spy.compared, spy.hidden);
    assert_int_equal(spy.differed, 0);
    assert_true(spy.hidden >= 500);
}

/* Whether the heuristic of this version keeps player 0's hand. */
static int keeps(Pos *x, int version)
{
    HeuristicParams hp;
    heuristic_defaults(&hp);
    hp.version = version;
    Policy pol = policy_heuristic;
    pol.self = &hp;
    return pol.keep(&pol, &x->s, &x->g, 0, x->g.policy_rng[0]);
}

/* Mulligans count the spells: seven cards with two Forests, whose cheap
 * spells are all blue or black (Cancel, Divination, Doom Blade) and the
 * rest five-drops, go back; with Llanowar Elves instead of Doom Blade
 * the hand keeps. Three Islands with only red and green spells go back
 * too. The baseline counted lands alone and kept all three. After a
 * mulligan, six cards keep. */
static void test_mulligans_count_the_spells(void **state)
{
    (void)state;
    static const int hands[3][7] = {
        { C_FOREST, C_FOREST + 1, C_ANGEL, C_VAMPIRE, C_CANCEL, C_DIVINATION, C_DOOM },
        { C_FOREST, C_FOREST + 1, C_ANGEL, C_VAMPIRE, C_CANCEL, C_DIVINATION, C_ELVES },
        { C_ISLAND, C_ISLAND + 1, C_ISLAND + 2, C_BOLT, C_GROWTH, C_BEARS, C_COURSER },
    };
    for (int h = 0; h < 3; h++) {
        Pos x; pos_init(&x);
        x.s.step = STEP_UPKEEP;
        for (int k = 0; k < 7; k++) give(&x, 0, hands[h][k]);
        assert_int_equal(keeps(&x, 2), h == 1);
        assert_int_equal(keeps(&x, 1), 1);
        x.s.pl[0].mulligans = 1;
        assert_int_equal(keeps(&x, 2), 1);
    }
}

/* The look-ahead in its main phase with spells: its candidates are the
 * heuristic's ranked plays (its choice first, passing among the others),
 * each played out `rollouts` times from a fork, and it takes one of them. */
static void test_lookahead_plays_out_its_spells(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    put(&x, 1, C_COURSER);
    put(&x, 1, C_ELVES);
    pos_lands(&x, 0, C_FOREST, 2);
    pos_lands(&x, 0, C_MOUNTAIN, 1);
    give(&x, 0, C_BEARS);
    give(&x, 0, C_BOLT);
    Action acts[ACTION_MAX];
    int n = game_legal_actions(&x.s, 0, acts);
    int idx[4], nc = heuristic_spells_ranked(&x.s, &x.g, 0, acts, n, HEURISTIC_VERSION, idx, 4);
    assert_true(nc >= 2);
    assert_int_equal(idx[0], heuristic_spells_main(&x.s, &x.g, 0, acts, n, -1));
    int pass = 0;
    for (int k = 0; k < nc; k++) pass |= idx[k] == 0;
    assert_true(pass);
    LookaheadParams lp;
    lookahead_defaults(&lp);
    Policy la = policy_lookahead;
    la.self = &lp;
    uint64_t forks = 0;
    x.g.forks = &forks;
    int k = la.main_action(&la, &x.s, &x.g, 0, x.g.policy_rng[0], acts, n);
    int found = 0;
    for (int j = 0; j < nc; j++) found |= idx[j] == k;
    assert_true(found);
    assert_int_equal(forks, (uint64_t)nc * (uint64_t)lp.rollouts);
    /* Playouts to the end (search_run), the same budget and candidates. */
    assert_int_equal(lp.horizon, 4);
    assert_int_equal(lookahead_set(&lp, "horizon", 0), 0);
    assert_int_equal(lookahead_set(&lp, "horizon", -1), -1);
    forks = 0;
    k = la.main_action(&la, &x.s, &x.g, 0, x.g.policy_rng[0], acts, n);
    found = 0;
    for (int j = 0; j < nc; j++) found |= idx[j] == k;
    assert_true(found);
    assert_int_equal(forks, (uint64_t)nc * (uint64_t)lp.rollouts);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_lets_its_own_spell_resolve),
        cmocka_unit_test(test_saves_a_creature_from_burn),
        cmocka_unit_test(test_where_version_3_looks),
        cmocka_unit_test(test_fetches_a_land),
        cmocka_unit_test(test_burn_that_wins),
        cmocka_unit_test(test_removal_on_the_creature_worth_most),
        cmocka_unit_test(test_trick_that_wins_a_combat),
        cmocka_unit_test(test_keeps_a_trick_the_combat_does_not_need),
        cmocka_unit_test(test_regenerates_a_creature_that_would_die),
        cmocka_unit_test(test_counters_a_spell_worth_countering),
        cmocka_unit_test(test_aura_on_the_right_creature),
        cmocka_unit_test(test_pinger_kills_what_it_can),
        cmocka_unit_test(test_does_not_draw_itself_out),
        cmocka_unit_test(test_firebreathing_with_spare_mana),
        cmocka_unit_test(test_mana_creature_pays),
        cmocka_unit_test(test_planeswalker_kills_a_threat),
        cmocka_unit_test(test_removal_on_an_attacker),
        cmocka_unit_test(test_furnace_doubles_what_shock_kills),
        cmocka_unit_test(test_overrun_before_the_attack),
        cmocka_unit_test(test_ponders_with_mana_to_spare),
        cmocka_unit_test(test_returns_a_creature_from_its_graveyard),
        cmocka_unit_test(test_removal_passes_by_a_pacified_creature),
        cmocka_unit_test(test_holds_up_mana_for_removal),
        cmocka_unit_test(test_waits_for_a_better_target),
        cmocka_unit_test(test_removal_saves_a_blocker),
        cmocka_unit_test(test_removal_answers_a_pump),
        cmocka_unit_test(test_removal_clears_a_blocker),
        cmocka_unit_test(test_creatures_first_by_worth),
        cmocka_unit_test(test_unread_kinds_go_to_the_look),
        cmocka_unit_test(test_hidden_cards_change_no_spell),
        cmocka_unit_test(test_mulligans_count_the_spells),
        cmocka_unit_test(test_lookahead_plays_out_its_spells),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
