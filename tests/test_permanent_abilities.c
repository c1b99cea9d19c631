/* test_permanent_abilities.c: static and triggered abilities of permanents
 * on real cards of the default pool: "whenever a creature an opponent
 * controls becomes tapped" (Gideon's Avenger: every way a creature becomes
 * tapped, attacks, {T} costs, mana abilities, effects and regeneration;
 * not vigilance, not a creature already tapped); "whenever a creature
 * enters the battlefield under your control, it deals damage equal to its
 * power to any target" (Warstorm Surge: the creature is the source, with
 * its deathtouch and lifelink, as it last existed if it has left); an
 * Aura's "Enchanted creature has '<cost>: <effect>'" (Trollhide, Arcane
 * Teachings, 613.1f: the creature has the ability and is its source; its
 * controller activates it, whoever controls the Aura); Oblivion Ring's
 * linked abilities (607.2a: the card its enters ability exiled, returned
 * as it leaves, a plain record in the state); "you may pay {X}{R}. If
 * you do, ..." as a trigger resolves (Flameblast Dragon, Llanowar
 * Sentinel: the payer chooses X, 107.3; the mana really paid); "As ~
 * enters the battlefield, choose a creature type" (Adaptive Automaton,
 * 614.12: the choice a plain record; the type it adds, layer 4, seen by
 * other lords, Coat of Arms and its own "of the chosen type"); Angelic
 * Destiny (an Aura's "is an Angel in addition to its other types", and
 * "When enchanted creature dies, return ~ to its owner's hand": the card
 * it became in the graveyard, 400.7). */
#include <stdio.h>
#include "engine/stack.h"
#include "engine/effect.h"
#include "engine/turn.h"
#include "engine/combat.h"
#include "engine/mana.h"
#include "engine/mana_ability.h"

/* The cards of the positions (pool_pos.h). */
static const char *const names[] = {
    "Gideon's Avenger", "Grizzly Bears", "Serra Angel", "Llanowar Elves", "Blinding Mage", "Gideon's Avenger",
    "Drudge Skeletons", "Warstorm Surge", "Deadly Recluse", "Craw Wurm", "Shock", "Child of Night",
    "Trollhide", "Arcane Teachings", "Paladin en-Vec", "Doom Blade", "Oblivion Ring", "Oblivion Ring", "Naturalize",
    "Pacifism", "Flameblast Dragon", "Llanowar Sentinel", "Llanowar Sentinel", "Mountain", "Mountain", "Mountain",
    "Mountain", "Forest", "Forest", "Adaptive Automaton", "Goblin Piker", "Raging Goblin", "Goblin King",
    "Coat of Arms", "Angelic Destiny",
};
enum { C_AVENGER, C_BEARS, C_ANGEL, C_ELVES, C_MAGE, C_AVENGER2, C_SKELETONS, C_SURGE, C_RATS, C_WURM, C_SHOCK,
       C_CHILD, C_TROLLHIDE, C_TEACHINGS, C_PALADIN, C_DOOM, C_RING, C_RING2, C_NATURALIZE, C_PACIFISM,
       C_DRAGON, C_SENTINEL, C_SENTINEL2, C_MOUNTAIN, C_FOREST = C_MOUNTAIN + 4, C_AUTOMATON = C_FOREST + 2, C_PIKER,
       C_RAGING, C_KING, C_COAT, C_DESTINY, C_N };

#include "tests/pool_pos.h"

/* Gideon's Avenger: an opponent's creature that attacks becomes tapped
 * (508.1f): a counter each; one with vigilance does not (702.20b); its
 * controller's own attacker is not an opponent's. */
static void test_avenger_attacks(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int av = put(&x, 0, C_AVENGER);
    int own = put(&x, 0, C_BEARS);
    int bears = put(&x, 1, C_BEARS);
    int angel = put(&x, 1, C_ANGEL);
    x.s.active = 1;
    x.s.step = STEP_DECLARE_ATTACKERS;
    AttackDecl d[2] = { { (uint8_t)bears, TARGET_PLAYER }, { (uint8_t)angel, TARGET_PLAYER } };
    assert_int_equal(combat_declare_attackers(&x.s, &x.g, d, 2), MTG_OK);
    assert_int_equal(x.s.pending_n, 1);                           /* the Bears, not the Angel */
    settle(&x);
    assert_int_equal(x.s.perm[av].plus, 1);
    assert_int_equal(perm_power(&x.s, av), 3);

    /* The Avenger's controller attacks: none of its own creatures counts. */
    Pos y; pos_init(&y);
    av = put(&y, 0, C_AVENGER);
    own = put(&y, 0, C_BEARS);
    y.s.step = STEP_DECLARE_ATTACKERS;
    AttackDecl e[1] = { { (uint8_t)own, TARGET_PLAYER } };
    assert_int_equal(combat_declare_attackers(&y.s, &y.g, e, 1), MTG_OK);
    assert_int_equal(y.s.pending_n, 0);
}

/* A {T} cost (Blinding Mage's, 602.2b), the creature it taps (an effect),
 * a mana ability activated alone and one the payer activates (605.3b):
 * each opponent's creature that becomes tapped is one counter; tapping a
 * tapped creature is no event. Two Avengers: each triggers. */
static void test_avenger_costs_and_effects(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int av = put(&x, 0, C_AVENGER);
    int av2 = put(&x, 0, C_AVENGER2);
    int own = put(&x, 0, C_BEARS);
    int mage = put(&x, 1, C_MAGE);
    int bears = put(&x, 1, C_BEARS);
    int elves = put(&x, 1, C_ELVES);
    x.s.active = 1;
    Action a = act(ACT_ACTIVATE, mage, 0, TK_PERM, bears);
    assert_int_equal(action_apply(&x.s, &x.g, 1, &a, 1), MTG_OK);
    settle(&x);                                                   /* the Mage, then the Bears */
    assert_int_equal(x.s.perm[av].plus, 2);
    assert_int_equal(x.s.perm[av2].plus, 2);

    /* The Mage untapped, tapping the already tapped Bears again: the
     * Mage's cost counts, its effect does not. */
    x.s.perm[mage].flags &= (uint8_t)~PF_TAPPED;
    a = act(ACT_ACTIVATE, mage, 0, TK_PERM, bears);
    assert_int_equal(action_apply(&x.s, &x.g, 1, &a, 1), MTG_OK);
    settle(&x);
    assert_int_equal(x.s.perm[av].plus, 3);

    /* Its controller's own creature tapped by the opponent: not an opponent's. */
    x.s.perm[mage].flags &= (uint8_t)~PF_TAPPED;
    a = act(ACT_ACTIVATE, mage, 0, TK_PERM, own);
    assert_int_equal(action_apply(&x.s, &x.g, 1, &a, 1), MTG_OK);
    settle(&x);
    assert_int_equal(x.s.perm[av].plus, 4);                       /* the Mage alone */

    /* Llanowar Elves tapped for mana: alone (605.3a) and by the payer. */
    assert_int_equal(mana_ability_activate(&x.s, &x.g, 1, elves, 0, -1), MTG_OK);
    settle(&x);
    assert_int_equal(x.s.perm[av].plus, 5);
    x.s.perm[elves].flags &= (uint8_t)~PF_TAPPED;
    memset(x.s.pl[1].mana, 0, sizeof x.s.pl[1].mana);
    uint8_t green[COLOR_COUNT] = { 0 };
    green[COLOR_G] = 1;
    mana_pay_cost(&x.s, &x.g, 1, green, 0, -1);
    assert_true(x.s.perm[elves].flags & PF_TAPPED);
    settle(&x);
    assert_int_equal(x.s.perm[av].plus, 6);
    assert_int_equal(x.s.perm[av2].plus, 6);
}

/* Regeneration taps the creature (Drudge Skeletons): an event when it was
 * untapped, none when it was tapped already. */
static void test_avenger_regeneration(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int av = put(&x, 0, C_AVENGER);
    int sk = put(&x, 1, C_SKELETONS);
    x.s.px[sk].regen = 1;
    assert_true(perm_regenerate(&x.s, sk));
    settle(&x);
    assert_int_equal(x.s.perm[av].plus, 1);
    x.s.px[sk].regen = 1;                                         /* tapped already: no event */
    assert_true(perm_regenerate(&x.s, sk));
    settle(&x);
    assert_int_equal(x.s.perm[av].plus, 1);
}

/* A policy whose triggered abilities target what `want` names, and which
 * answers the payments with pay_answer (recording how many options). */
static Target want;
static int pay_answer, pay_options;
static int pick_target(const Policy *pol, const GameState *s, const Game *g, int pl, Rng *r, const Choice *c)
{
    (void)pol; (void)g; (void)pl; (void)r;
    if (c->kind == CH_PAY_X || c->kind == CH_PAY) { pay_options = c->n; return pay_answer; }
    if (c->kind != CH_TARGETS) return 0;
    for (int k = 0; k < c->n; k++)
        if (c->opt[k].tk[0] == want.kind && c->opt[k].tv[0] == want.v) return k;
    (void)s;
    fail_msg("the wanted target is not among the options");
    return 0;
}

/* Warstorm Surge: Child of Night (2/1 lifelink) enters under its
 * controller's control and deals 2 damage to the opponent: its controller
 * gains 2 (lifelink of the source, 702.15b); an opponent's creature
 * entering does nothing. */
static void test_surge_player(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    Policy pol;
    memset(&pol, 0, sizeof pol);
    pol.choose = pick_target;
    x.g.policy[0] = &pol;
    put(&x, 0, C_SURGE);
    want.kind = TK_PLAYER; want.v = 1;
    enter(&x, 0, C_CHILD);
    assert_int_equal(x.s.pending_n, 1);
    settle(&x);
    assert_int_equal(x.s.pl[1].life, 18);
    assert_int_equal(x.s.pl[0].life, 22);
    enter(&x, 1, C_BEARS);                                        /* under the opponent's control */
    assert_int_equal(x.s.pending_n, 0);
}

/* Deadly Recluse (1/2 reach, deathtouch) enters: its 1 damage destroys Craw Wurm
 * (702.2b); Shocked in response, it has left, and deals the damage all the
 * same, as it last existed (608.2h), deathtouch included. */
static void test_surge_last_known(void **state)
{
    (void)state;
    for (int respond = 0; respond < 2; respond++) {
        Pos x; pos_init(&x);
        Policy pol;
        memset(&pol, 0, sizeof pol);
        pol.choose = pick_target;
        x.g.policy[0] = &pol;
        put(&x, 0, C_SURGE);
        int wurm = put(&x, 1, C_WURM);
        want.kind = TK_PERM; want.v = (uint8_t)wurm;
        int rats = enter(&x, 0, C_RATS);
        assert_int_equal(triggers_put(&x.s, &x.g), 1);
        if (respond) {
            give(&x, 1, C_SHOCK);
            Action a = act(ACT_CAST, hand_slot(&x, 1, C_SHOCK), 0, TK_PERM, rats);
            assert_int_equal(action_apply(&x.s, &x.g, 1, &a, 1), MTG_OK);
            stack_resolve_top(&x.s, &x.g);
            sba_apply(&x.s, &x.g);
            assert_true(bits256_has(x.s.pl[0].gy, C_RATS));
            assert_int_equal(x.s.stack[0].ev_amount, 1);          /* its power as it left */
        }
        settle(&x);
        assert_true(bits256_has(x.s.pl[1].gy, C_WURM));
    }
}

/* Whether player p may activate the ability the Aura in slot aura grants
 * (Action.hand_idx names the Aura). */
static int granted_listed(const Pos *x, int p, int aura)
{
    Action acts[ACTION_MAX];
    int n = actions_spells(&x->s, p, acts, 1);
    for (int k = 0; k < n; k++) if (acts[k].type == ACT_ACTIVATE && acts[k].hand_idx == aura) return 1;
    return 0;
}

static void attach(Pos *x, int aura, int to)
{
    x->s.px[aura].attached = (uint8_t)to;
    x->s.layers_dirty = 1;
    layers_refresh(&x->s);
}

/* Trollhide: Grizzly Bears gets +2/+2 and "{1}{G}: Regenerate this
 * creature": the shield is the Bears' (701.15), Doom Blade then taps it
 * and it stays; with the Aura gone the ability is gone. */
static void test_trollhide(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int bears = put(&x, 0, C_BEARS);
    int hide = put(&x, 0, C_TROLLHIDE);
    assert_false(granted_listed(&x, 0, hide));                    /* attached to nothing */
    attach(&x, hide, bears);
    assert_int_equal(perm_power(&x.s, bears), 4);
    assert_true(granted_listed(&x, 0, hide));
    assert_false(granted_listed(&x, 1, hide));
    Action a = act(ACT_ACTIVATE, hide, 2, 0, 0);                  /* its third ability: the granted one */
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 1), MTG_OK);
    assert_int_equal(x.s.stack[0].source, bears);
    settle(&x);
    assert_int_equal(x.s.px[bears].regen, 1);
    assert_int_equal(x.s.px[hide].regen, 0);
    give(&x, 1, C_DOOM);
    a = act(ACT_CAST, hand_slot(&x, 1, C_DOOM), 0, TK_PERM, bears);
    assert_int_equal(action_apply(&x.s, &x.g, 1, &a, 1), MTG_OK);
    settle(&x);
    assert_true(permset_has(x.s.perm_used, bears));
    assert_true(x.s.perm[bears].flags & PF_TAPPED);
    perm_leave(&x.s, &x.g, hide, ZONE_GRAVEYARD);
    layers_refresh(&x.s);
    assert_false(granted_listed(&x, 0, hide));
}

/* Arcane Teachings on the opponent's Deadly Recluse: the Recluse's
 * controller has "{T}: This creature deals 1 damage to any target", not
 * the Aura's; not while it is summoning sick (302.6); the Recluse is the
 * source (a green creature with deathtouch): it may target Paladin en-Vec
 * (protection from black and red, where the Aura is red) and destroys it. */
static void test_arcane_teachings(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int rec = put(&x, 1, C_RATS);
    int tea = put(&x, 0, C_TEACHINGS);
    int pal = put(&x, 0, C_PALADIN);
    attach(&x, tea, rec);
    assert_int_equal(perm_power(&x.s, rec), 3);
    assert_false(granted_listed(&x, 0, tea));
    x.s.perm[rec].flags |= PF_SICK;
    assert_false(granted_listed(&x, 1, tea));
    x.s.perm[rec].flags &= (uint8_t)~PF_SICK;
    assert_true(granted_listed(&x, 1, tea));
    x.s.active = 1;
    Action a = act(ACT_ACTIVATE, tea, 2, TK_PERM, pal);
    assert_int_equal(action_apply(&x.s, &x.g, 1, &a, 1), MTG_OK);
    assert_true(x.s.perm[rec].flags & PF_TAPPED);
    assert_false(x.s.perm[tea].flags & PF_TAPPED);
    settle(&x);
    assert_false(permset_has(x.s.perm_used, pal));                /* 1 deathtouch damage */
    assert_true(bits256_has(x.s.pl[0].gy, C_PALADIN));
}

/* Naturalize cast by player p on permanent i, resolved at once (it may be cast in response). */
static void naturalize(Pos *x, int p, int i)
{
    give(x, p, C_NATURALIZE);
    Action a = act(ACT_CAST, hand_slot(x, p, C_NATURALIZE), 0, TK_PERM, i);
    assert_int_equal(action_apply(&x->s, &x->g, p, &a, 1), MTG_OK);
    stack_resolve_top(&x->s, &x->g);
}

/* Oblivion Ring exiles the opponent's Craw Wurm; destroyed, it returns the
 * Wurm under its owner's control, a new object (400.7: summoning sick),
 * and the record is gone. */
static void test_oblivion_ring(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    Policy pol;
    memset(&pol, 0, sizeof pol);
    pol.choose = pick_target;
    x.g.policy[0] = &pol;
    int wurm = put(&x, 1, C_WURM);
    put(&x, 0, C_BEARS);
    want.kind = TK_PERM; want.v = (uint8_t)wurm;
    int ring = enter(&x, 0, C_RING);
    settle(&x);
    assert_true(bits256_has(x.s.exile[1], C_WURM));
    assert_int_equal(x.s.float_n, 1);
    assert_int_equal(x.s.fl[0].op, FL_LINKED);
    naturalize(&x, 1, ring);
    settle(&x);
    assert_false(bits256_has(x.s.exile[1], C_WURM));
    assert_int_equal(x.s.float_n, 0);
    int back = -1;
    for (PermIter it = permset_iter(x.s.perm_ctl[1]); permiter_more(&it);) {
        int i = permiter_next(&it);
        if (x.s.perm[i].obj == C_WURM) back = i;
    }
    assert_true(back >= 0);
    assert_true(x.s.perm[back].flags & PF_SICK);
}

/* Destroyed in response to its enters ability: the leaves ability
 * resolves first and returns nothing; then the Wurm is exiled for good. */
static void test_oblivion_ring_leaves_first(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    Policy pol;
    memset(&pol, 0, sizeof pol);
    pol.choose = pick_target;
    x.g.policy[0] = &pol;
    int wurm = put(&x, 1, C_WURM);
    want.kind = TK_PERM; want.v = (uint8_t)wurm;
    int ring = enter(&x, 0, C_RING);
    assert_int_equal(triggers_put(&x.s, &x.g), 1);
    naturalize(&x, 1, ring);
    settle(&x);
    assert_true(bits256_has(x.s.exile[1], C_WURM));
    assert_int_equal(x.s.float_n, 0);
    assert_true(bits256_has(x.s.pl[0].gy, C_RING));
}

/* One Oblivion Ring exiles another, which had exiled Pacifism from the
 * first player's Bears: the exiled Ring's leaves ability returns
 * Pacifism, which its owner attaches as it enters (303.4f: not targeted,
 * the only creature); then the first Ring leaves: the second returns and
 * its enters ability triggers again. */
static void test_oblivion_ring_chain(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    Policy pol;
    memset(&pol, 0, sizeof pol);
    pol.choose = pick_target;
    x.g.policy[0] = &pol;
    x.g.policy[1] = &pol;
    int bears = put(&x, 0, C_BEARS);
    int pac = put(&x, 1, C_PACIFISM);
    x.s.px[pac].attached = (uint8_t)bears;
    layers_refresh(&x.s);
    want.kind = TK_PERM; want.v = (uint8_t)pac;
    int ring2 = enter(&x, 0, C_RING2);
    settle(&x);
    assert_true(bits256_has(x.s.exile[1], C_PACIFISM));
    want.kind = TK_PERM; want.v = (uint8_t)ring2;
    int ring = enter(&x, 1, C_RING);
    settle(&x);
    assert_true(bits256_has(x.s.exile[0], C_RING2));
    int back = -1;                                                /* Pacifism, on the Bears again */
    for (PermIter it = permset_iter(x.s.perm_ctl[1]); permiter_more(&it);) {
        int i = permiter_next(&it);
        if (x.s.perm[i].obj == C_PACIFISM) back = i;
    }
    assert_true(back >= 0);
    assert_int_equal(x.s.px[back].attached, bears);
    assert_true(x.s.perm[bears].flags & PF_NO_ATTACK);
    want.kind = TK_PERM; want.v = (uint8_t)back;                  /* the returning Ring's new target */
    naturalize(&x, 0, ring);
    settle(&x);
    assert_false(bits256_has(x.s.exile[0], C_RING2));
    assert_true(bits256_has(x.s.exile[1], C_PACIFISM));
    assert_false(x.s.perm[bears].flags & PF_NO_ATTACK);
}

/* Flameblast Dragon attacks with four Mountains: the payer may pay {R}
 * and X up to 3 (options: X = 0 .. 3, then decline), and the Dragon deals
 * X to its target; declined, nothing is paid and no damage dealt. With no
 * policy, the engine's default (option 0) pays {R} with X = 0. */
static void test_flameblast(void **state)
{
    (void)state;
    for (int decline = 0; decline < 2; decline++) {
        Pos x; pos_init(&x);
        Policy pol;
        memset(&pol, 0, sizeof pol);
        pol.choose = pick_target;
        x.g.policy[0] = &pol;
        int dragon = put(&x, 0, C_DRAGON);
        pos_lands(&x, 0, C_MOUNTAIN, 4);
        want.kind = TK_PLAYER; want.v = 1;
        pay_answer = decline ? 4 : 3;                             /* X = 3 */
        pay_options = 0;
        trigger_event(&x.s, TR_ATTACKS, dragon, x.s.perm[dragon].card, 0, 1, 0);
        settle(&x);
        assert_int_equal(pay_options, 5);
        assert_int_equal(x.s.pl[1].life, decline ? 20 : 17);
        assert_int_equal(x.s.pl[0].land_tapped[COLOR_R], decline ? 0 : 4);
    }
    Pos x; pos_init(&x);
    x.g.policy[0] = x.g.policy[1] = NULL;
    int dragon = put(&x, 0, C_DRAGON);
    pos_lands(&x, 0, C_MOUNTAIN, 4);
    trigger_event(&x.s, TR_ATTACKS, dragon, x.s.perm[dragon].card, 0, 1, 0);
    settle(&x);
    assert_int_equal(x.s.pl[1].life, 20);
    assert_int_equal(x.s.pl[0].life, 20);
    assert_int_equal(x.s.pl[0].land_tapped[COLOR_R], 1);        /* {R}, X = 0 */
}

/* Llanowar Sentinel enters with two Forests: paid, its controller finds
 * the other Sentinel and puts it onto the battlefield; that one's own
 * trigger finds no mana to pay (not asked). Declined: nothing. */
static void test_llanowar_sentinel(void **state)
{
    (void)state;
    for (int decline = 0; decline < 2; decline++) {
        static const uint8_t lib[] = { C_BEARS, C_SENTINEL2 };
        Pos x; pos_init(&x);
        Policy pol;
        memset(&pol, 0, sizeof pol);
        pol.choose = pick_target;
        x.g.policy[0] = &pol;
        library(&x, 0, lib, 2);
        pos_lands(&x, 0, C_FOREST, 2);
        pay_answer = decline;                                     /* CH_PAY: 0 pays, 1 declines */
        enter(&x, 0, C_SENTINEL);
        settle(&x);
        assert_int_equal(permset_count(x.s.perm_ctl[0]), decline ? 1 : 2);
        assert_int_equal(x.s.pl[0].lib_n, decline ? 2 : 1);
        assert_int_equal(x.s.pl[0].land_tapped[COLOR_G], decline ? 0 : 2);
    }
}

/* A policy choosing the creature type `type_want` (by name). */
static const char *type_want;
static int pick_type(const Policy *pol, const GameState *s, const Game *g, int pl, Rng *r, const Choice *c)
{
    (void)pol; (void)g; (void)pl; (void)r;
    if (c->kind != CH_CREATURE_TYPE) return 0;
    for (int k = 0; k < c->n; k++)
        if (!strcmp(pool.subtypes.name[c->idx[k]], type_want)) return k;
    (void)s;
    fail_msg("%s is not among the creature types offered", type_want);
    return 0;
}

/* Adaptive Automaton enters beside Goblin Piker and Raging Goblin: by
 * default the type most of its controller's creatures have, Goblin; the
 * Goblins get +1/+1, the opponent's Goblin does not; it is a Goblin too,
 * so Goblin King pumps it. A policy choosing Bear: Grizzly Bears alone. */
static void test_automaton(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int piker = put(&x, 0, C_PIKER), raging = put(&x, 0, C_RAGING), bears = put(&x, 0, C_BEARS);
    int theirs = put(&x, 1, C_PIKER);
    int aut = enter(&x, 0, C_AUTOMATON);
    settle(&x);
    assert_int_equal(perm_power(&x.s, piker), 3);
    assert_int_equal(perm_power(&x.s, raging), 2);
    assert_int_equal(perm_power(&x.s, bears), 2);
    assert_int_equal(perm_power(&x.s, theirs), 2);
    assert_int_equal(perm_power(&x.s, aut), 2);                   /* "other" creatures */
    put(&x, 0, C_KING);
    assert_int_equal(perm_power(&x.s, aut), 3);                   /* a Goblin: the King's */
    assert_int_equal(perm_power(&x.s, piker), 4);

    Pos y; pos_init(&y);
    Policy pol;
    memset(&pol, 0, sizeof pol);
    pol.choose = pick_type;
    y.g.policy[0] = &pol;
    type_want = "Bear";
    piker = put(&y, 0, C_PIKER);
    bears = put(&y, 0, C_BEARS);
    enter(&y, 0, C_AUTOMATON);
    settle(&y);
    assert_int_equal(perm_power(&y.s, bears), 3);
    assert_int_equal(perm_power(&y.s, piker), 2);
}

/* Coat of Arms counts the creatures sharing a type: the Automaton that
 * chose Bear shares one with Grizzly Bears (each gets +1/+1 from the
 * other, and the Bears +1/+1 from the Automaton's lord ability). */
static void test_automaton_coat(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    Policy pol;
    memset(&pol, 0, sizeof pol);
    pol.choose = pick_type;
    x.g.policy[0] = &pol;
    type_want = "Bear";
    int bears = put(&x, 0, C_BEARS);
    int aut = enter(&x, 0, C_AUTOMATON);
    settle(&x);
    put(&x, 1, C_COAT);
    assert_int_equal(perm_power(&x.s, aut), 3);
    assert_int_equal(perm_power(&x.s, bears), 4);
}

/* Angelic Destiny on Grizzly Bears: a 6/6 with flying and first strike,
 * an Angel (it shares a creature type with Serra Angel under Coat of
 * Arms); Doom Blade: the Bears die, the Aura goes to its owner's graveyard
 * (704.5m) and its ability returns it to its owner's hand. */
static void test_angelic_destiny(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int bears = put(&x, 1, C_BEARS);
    int dest = put(&x, 0, C_DESTINY);                             /* player 0's, on player 1's creature */
    attach(&x, dest, bears);
    assert_int_equal(perm_power(&x.s, bears), 6);
    assert_true(perm_has(&x.s, bears, KW_FLYING) && perm_has(&x.s, bears, KW_FIRST_STRIKE));
    int angel = put(&x, 1, C_ANGEL);
    put(&x, 1, C_COAT);
    assert_int_equal(perm_power(&x.s, bears), 7);                 /* shares Angel with Serra Angel */
    assert_int_equal(perm_power(&x.s, angel), 5);
    give(&x, 0, C_DOOM);
    Action a = act(ACT_CAST, hand_slot(&x, 0, C_DOOM), 0, TK_PERM, bears);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 1), MTG_OK);
    settle(&x);
    assert_true(bits256_has(x.s.pl[1].gy, C_BEARS));
    assert_false(bits256_has(x.s.pl[0].gy, C_DESTINY));
    assert_int_equal(x.s.pl[0].hand_n, 1);                        /* its owner's hand */
    assert_int_equal(x.s.pl[0].hand[0], C_DESTINY);
}

/* The Aura's card leaves the graveyard before the ability resolves and
 * comes back: a new object (400.7), which the ability does not return. */
static void test_angelic_destiny_new_object(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int bears = put(&x, 0, C_BEARS);
    int dest = put(&x, 0, C_DESTINY);
    attach(&x, dest, bears);
    perm_leave(&x.s, &x.g, bears, ZONE_GRAVEYARD);
    assert_int_equal(x.s.pending_n, 1);
    layers_refresh(&x.s);
    sba_apply(&x.s, &x.g);                                        /* 704.5m: the Aura to the graveyard */
    assert_true(bits256_has(x.s.pl[0].gy, C_DESTINY));
    assert_int_equal(triggers_put(&x.s, &x.g), 1);
    gy_leave(&x.s, 0, C_DESTINY);
    card_to_zone(&x.s, 0, C_DESTINY, ZONE_GRAVEYARD);
    settle(&x);
    assert_true(bits256_has(x.s.pl[0].gy, C_DESTINY));
    assert_int_equal(x.s.pl[0].hand_n, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_avenger_attacks),
        cmocka_unit_test(test_avenger_costs_and_effects),
        cmocka_unit_test(test_avenger_regeneration),
        cmocka_unit_test(test_surge_player),
        cmocka_unit_test(test_surge_last_known),
        cmocka_unit_test(test_trollhide),
        cmocka_unit_test(test_arcane_teachings),
        cmocka_unit_test(test_oblivion_ring),
        cmocka_unit_test(test_oblivion_ring_leaves_first),
        cmocka_unit_test(test_oblivion_ring_chain),
        cmocka_unit_test(test_flameblast),
        cmocka_unit_test(test_llanowar_sentinel),
        cmocka_unit_test(test_automaton),
        cmocka_unit_test(test_automaton_coat),
        cmocka_unit_test(test_angelic_destiny),
        cmocka_unit_test(test_angelic_destiny_new_object),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
