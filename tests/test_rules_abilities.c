/* test_rules_abilities.c: rules abilities the layers give and the rules
 * read, on real cards of the default pool: Ice Cage and Arachnus Web
 * ("can't attack or block, and its activated abilities can't be
 * activated", mana abilities included: 605.1a; Ice Cage's "when enchanted
 * creature becomes the target", Arachnus Web's intervening "if"), Karplusan
 * Strider ("can't be the target of blue or black spells", 115.1), and
 * players' rules on casting: Silence ("this turn"), Rule of Law ("more than
 * one spell each turn"), Steel Golem ("You can't cast creature spells"),
 * Gaea's Herald ("Creature spells can't be countered", 101.2) and Seedborn
 * Muse (untaps during each other player's untap step, 502.2), Alluring
 * Siren ("attacks you this turn if able", 508.1d), the Leylines (begin the
 * game on the battlefield from the opening hand, 103.6; "You have
 * hexproof", "You may cast spells as though they had flash", "Players can't
 * gain life. Damage can't be prevented."). */
#include <stdio.h>
#include "engine/stack.h"
#include "engine/effect.h"
#include "engine/mana.h"
#include "engine/turn.h"
#include "engine/combat.h"

/* The cards of the positions (pool_pos.h). */
static const char *const names[] = {
    "Ice Cage", "Arachnus Web", "Prodigal Pyromancer", "Llanowar Elves", "Giant Growth", "Craw Wurm",
    "Karplusan Strider", "Doom Blade", "Unsummon", "Lightning Bolt", "Grizzly Bears", "Silence", "Rule of Law",
    "Steel Golem", "Gaea's Herald", "Cancel", "Seedborn Muse", "Forest", "Alluring Siren",
    "Leyline of Sanctity", "Leyline of Anticipation", "Leyline of Punishment", "Soul Warden", "Shock",
    "Entangling Vines", "Furnace Whelp",
};
enum { C_CAGE, C_WEB, C_PYRO, C_ELVES, C_GROWTH, C_WURM, C_STRIDER, C_DOOM, C_UNSUMMON, C_BOLT, C_BEARS, C_SILENCE,
       C_LAW, C_GOLEM, C_HERALD, C_CANCEL, C_MUSE, C_FOREST, C_SIREN, C_SANCTITY, C_ANTICIPATION, C_PUNISHMENT, C_WARDEN, C_SHOCK,
       C_VINES, C_WHELP, C_N };

#include "tests/pool_pos.h"

/* Whether p may activate an ability of permanent i now (free mana). */
static int can_activate(const Pos *x, int p, int i)
{
    Action acts[ACTION_MAX];
    int n = actions_spells(&x->s, p, acts, 1);
    for (int k = 0; k < n; k++) if (acts[k].type == ACT_ACTIVATE && acts[k].hand_idx == i) return 1;
    return 0;
}

/* Whether p may cast card k of its hand at permanent `at` (free mana). */
static int can_cast_at(const Pos *x, int p, int k, int at)
{
    Action acts[ACTION_MAX];
    int n = actions_spells(&x->s, p, acts, 1), h = hand_slot(x, p, k);
    for (int j = 0; j < n; j++)
        if (acts[j].type == ACT_CAST && acts[j].hand_idx == h && acts[j].tk[0] == TK_PERM && acts[j].tv[0] == at) return 1;
    return 0;
}

static int attach(Pos *x, int p, int k, int to)
{
    int i = put(x, p, k);
    x->s.px[i].attached = (uint8_t)to;
    x->s.layers_dirty = 1;
    layers_refresh(&x->s);
    return i;
}

/* Ice Cage on Prodigal Pyromancer: it can't attack or block, its ability
 * is not among the actions; on Llanowar Elves, its mana ability can't be
 * activated either (605.1a): no mana from it. A Giant Growth at the caged
 * creature destroys the Cage first (603.2, 603.3), and it can act again. */
static void test_ice_cage(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int pyro = put(&x, 0, C_PYRO);
    assert_true(can_activate(&x, 0, pyro));
    int cage = attach(&x, 1, C_CAGE, pyro);
    assert_false(can_activate(&x, 0, pyro));
    assert_true(x.s.perm[pyro].flags & PF_NO_ATTACK);
    assert_true(x.s.perm[pyro].flags & PF_NO_BLOCK);
    Action a = act(ACT_ACTIVATE, pyro, 0, TK_PLAYER, 1);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 1), ERR_ILLEGAL_ACTION);

    give(&x, 0, C_GROWTH);
    a = act(ACT_CAST, hand_slot(&x, 0, C_GROWTH), 0, TK_PERM, pyro);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 1), MTG_OK);
    assert_int_equal(x.s.pending_n, 1);
    assert_int_equal(x.s.pend[0].controller, 1);                  /* the Cage's controller's ability */
    settle(&x);
    assert_false(permset_has(x.s.perm_used, cage));
    assert_true(bits256_has(x.s.pl[1].gy, C_CAGE));
    assert_int_equal(x.s.perm[pyro].power, 4);
    assert_true(can_activate(&x, 0, pyro));
    assert_false(x.s.perm[pyro].flags & PF_NO_ATTACK);

    Pos y; pos_init(&y);
    int elves = put(&y, 0, C_ELVES);
    assert_int_equal(mana_total_now(&y.s, 0, -1), 1);
    attach(&y, 1, C_CAGE, elves);
    assert_int_equal(mana_total_now(&y.s, 0, -1), 0);
    uint8_t green[COLOR_COUNT] = { 0, 0, 0, 0, 1, 0 };
    assert_false(mana_can_pay_cost(&y.s, 0, green, 0, -1));
}

/* Arachnus Web: at the beginning of the end step, if the enchanted
 * creature's power is 4 or greater, the Web is destroyed (603.4): not on
 * Grizzly Bears, on a Craw Wurm; and the Bears pumped to 5 in response to
 * nothing: checked as it triggers. */
static void test_arachnus_web(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int bears = put(&x, 0, C_BEARS);
    int web = attach(&x, 1, C_WEB, bears);
    assert_true(x.s.perm[bears].flags & PF_NO_ATTACK);
    trigger_event(&x.s, TR_END_STEP, NO_SLOT, 0, 0, 0, 0);
    assert_int_equal(x.s.pending_n, 0);
    give(&x, 0, C_GROWTH);                                        /* 5/5 this turn */
    Action a = act(ACT_CAST, hand_slot(&x, 0, C_GROWTH), 0, TK_PERM, bears);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 1), MTG_OK);
    settle(&x);
    trigger_event(&x.s, TR_END_STEP, NO_SLOT, 0, 0, 0, 0);
    assert_int_equal(x.s.pending_n, 1);
    settle(&x);
    assert_false(permset_has(x.s.perm_used, web));
    assert_false(x.s.perm[bears].flags & PF_NO_ATTACK);

    Pos y; pos_init(&y);
    int wurm = put(&y, 0, C_WURM);
    web = attach(&y, 1, C_WEB, wurm);
    trigger_event(&y.s, TR_END_STEP, NO_SLOT, 0, 1, 1, 0);
    settle(&y);
    assert_false(permset_has(y.s.perm_used, web));
}

/* 115.1: Karplusan Strider can't be the target of blue or black spells
 * (Doom Blade, Unsummon), but of a red one (Lightning Bolt) and of an
 * ability (Prodigal Pyromancer's) it can; Grizzly Bears stays a legal
 * target of them all. */
static void test_karplusan_strider(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int strider = put(&x, 0, C_STRIDER);
    int bears = put(&x, 0, C_BEARS);
    int pyro = put(&x, 1, C_PYRO);
    give(&x, 1, C_DOOM);
    give(&x, 1, C_UNSUMMON);
    give(&x, 1, C_BOLT);
    assert_false(can_cast_at(&x, 1, C_DOOM, strider));
    assert_false(can_cast_at(&x, 1, C_UNSUMMON, strider));
    assert_true(can_cast_at(&x, 1, C_BOLT, strider));
    assert_true(can_cast_at(&x, 1, C_DOOM, bears));
    assert_true(can_cast_at(&x, 1, C_UNSUMMON, bears));
    Action a = act(ACT_CAST, hand_slot(&x, 1, C_DOOM), 0, TK_PERM, strider);
    assert_int_equal(action_apply(&x.s, &x.g, 1, &a, 1), ERR_ILLEGAL_ACTION);
    a = act(ACT_ACTIVATE, pyro, 0, TK_PERM, strider);
    assert_int_equal(action_apply(&x.s, &x.g, 1, &a, 1), MTG_OK);
    settle(&x);
    assert_int_equal(x.s.perm[strider].damage, 1);
}

/* Whether p may cast card k of its hand now, at any target (free mana). */
static int can_cast(const Pos *x, int p, int k)
{
    Action acts[ACTION_MAX];
    int n = actions_spells(&x->s, p, acts, 1), h = hand_slot(x, p, k);
    for (int j = 0; j < n; j++) if (acts[j].type == ACT_CAST && acts[j].hand_idx == h) return 1;
    return 0;
}

static void cast(Pos *x, int p, int k, int tk, int tv)
{
    Action a = act(ACT_CAST, hand_slot(x, p, k), 0, tk, tv);
    assert_int_equal(action_apply(&x->s, &x->g, p, &a, 1), MTG_OK);
    settle(x);
}

/* The rest of turn 1 and all of turn 2, no one acting (the game ends as
 * turn 3 would begin: its turn cap). */
static void next_turns(Pos *x)
{
    static const uint8_t lib0[] = { C_WURM }, lib1[] = { C_ELVES };
    library(x, 0, lib0, 1);
    library(x, 1, lib1, 1);
    x->s.step = STEP_END;
    x->s.turn = 1;
    x->s.turn_cap = 2;
    game_run(&x->s, &x->g);
    assert_int_equal(x->s.end_reason, END_TURN_CAP);
    x->s.over = 0;
    x->s.step = STEP_MAIN1;
    x->s.active = 0;
}

/* Silence: the caster's opponent can't cast spells for the rest of the
 * turn (an instant in response neither), the caster can; the effect ends
 * with the turn (514.2). */
static void test_silence(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int bears = put(&x, 0, C_BEARS);
    give(&x, 0, C_SILENCE);
    give(&x, 0, C_GROWTH);
    give(&x, 1, C_BOLT);
    assert_true(can_cast(&x, 1, C_BOLT));
    cast(&x, 0, C_SILENCE, 0, 0);
    assert_false(can_cast(&x, 1, C_BOLT));
    Action a = act(ACT_CAST, hand_slot(&x, 1, C_BOLT), 0, TK_PLAYER, 0);
    assert_int_equal(action_apply(&x.s, &x.g, 1, &a, 1), ERR_ILLEGAL_ACTION);
    assert_true(can_cast(&x, 0, C_GROWTH));
    cast(&x, 0, C_GROWTH, TK_PERM, bears);
    next_turns(&x);
    assert_true(can_cast(&x, 1, C_BOLT));
}

/* Rule of Law: each player casts at most one spell each turn, counted
 * from the turn's beginning (one cast before it entered counts); the other
 * player's count is their own; a new turn allows one again. */
static void test_rule_of_law(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int bears = put(&x, 0, C_BEARS);
    give(&x, 0, C_GROWTH);
    give(&x, 0, C_BOLT);
    give(&x, 1, C_UNSUMMON);
    cast(&x, 0, C_GROWTH, TK_PERM, bears);
    assert_true(can_cast(&x, 0, C_BOLT));                           /* no Rule of Law yet */
    put(&x, 1, C_LAW);
    assert_false(can_cast(&x, 0, C_BOLT));                          /* the Growth counts */
    assert_true(can_cast(&x, 1, C_UNSUMMON));
    cast(&x, 1, C_UNSUMMON, TK_PERM, bears);
    give(&x, 1, C_DOOM);
    assert_false(can_cast(&x, 1, C_DOOM));
    next_turns(&x);
    assert_true(can_cast(&x, 0, C_BOLT));
}

/* Steel Golem: its controller can't cast creature spells; other spells,
 * and the opponent's creature spells, are castable. */
static void test_steel_golem(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    put(&x, 0, C_GOLEM);
    give(&x, 0, C_BEARS);
    give(&x, 0, C_BOLT);
    give(&x, 1, C_WURM);
    assert_false(can_cast(&x, 0, C_BEARS));
    assert_true(can_cast(&x, 0, C_BOLT));
    x.s.active = 1;
    assert_true(can_cast(&x, 1, C_WURM));
}

/* 101.2: under Gaea's Herald, Cancel at a creature spell resolves and does
 * nothing (the Bears enter); at Lightning Bolt it counters it. */
static void test_gaeas_herald(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    put(&x, 1, C_HERALD);
    give(&x, 0, C_BEARS);
    give(&x, 1, C_CANCEL);
    Action a = act(ACT_CAST, hand_slot(&x, 0, C_BEARS), 0, 0, 0);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 1), MTG_OK);
    a = act(ACT_CAST, hand_slot(&x, 1, C_CANCEL), 0, TK_STACK, 0);
    assert_int_equal(action_apply(&x.s, &x.g, 1, &a, 1), MTG_OK);
    settle(&x);
    assert_true(bits256_has(x.s.pl[1].gy, C_CANCEL));
    assert_int_equal(permset_count(x.s.perm_ctl[0]), 1);            /* the Bears */
    assert_false(bits256_has(x.s.pl[0].gy, C_BEARS));

    give(&x, 0, C_BOLT);
    bits256_clear(x.s.pl[1].gy, C_CANCEL);
    x.s.pl[1].gy_n--;
    x.s.pl[1].hand[x.s.pl[1].hand_n++] = C_CANCEL;
    a = act(ACT_CAST, hand_slot(&x, 0, C_BOLT), 0, TK_PLAYER, 1);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 1), MTG_OK);
    a = act(ACT_CAST, hand_slot(&x, 1, C_CANCEL), 0, TK_STACK, 0);
    assert_int_equal(action_apply(&x.s, &x.g, 1, &a, 1), MTG_OK);
    settle(&x);
    assert_true(bits256_has(x.s.pl[0].gy, C_BOLT));
    assert_int_equal(x.s.pl[1].life, 20);
}

/* From player 1's end step, the game runs through player 0's untap step,
 * upkeep and draw (the turn cap stops it at turn 2's end). */
static void untap_step_of_player_0(Pos *x)
{
    static const uint8_t lib0[] = { C_WURM };
    library(x, 0, lib0, 1);
    x->s.active = 1;                                               /* turn 2 is player 0's */
    x->s.step = STEP_END;
    x->s.turn = 1;
    x->s.turn_cap = 2;
    game_run(&x->s, &x->g);
    assert_int_equal(x->s.end_reason, END_TURN_CAP);
}

/* 502.2: Seedborn Muse untaps its controller's permanents, basic lands
 * included, during the other player's untap step; without it they stay
 * tapped until their own. */
static void test_seedborn_muse(void **state)
{
    (void)state;
    for (int muse = 0; muse < 2; muse++) {
        Pos x; pos_init(&x);
        int bears = put(&x, 1, C_BEARS);
        int m = muse ? put(&x, 1, C_MUSE) : -1;
        x.s.perm[bears].flags |= PF_TAPPED;
        if (muse) x.s.perm[m].flags |= PF_TAPPED;
        bits256_clear(x.s.exile[1], C_FOREST);
        land_enter(&x.s, &x.g, 1, C_FOREST, 1);
        assert_int_equal(x.s.pl[1].land_tapped[COLOR_G], 1);
        untap_step_of_player_0(&x);
        assert_int_equal((x.s.perm[bears].flags & PF_TAPPED) != 0, !muse);
        assert_int_equal(x.s.pl[1].land_tapped[COLOR_G], !muse);
        if (muse) assert_false(x.s.perm[m].flags & PF_TAPPED);
    }
}

/* 502.2, 303.4d, 704.5m: Entangling Vines ("Enchant tapped creature",
 * "doesn't untap during its controller's untap step") keeps its creature
 * tapped in its controller's untap step, but Seedborn Muse untaps it in
 * the other player's: the Aura is then on an illegal object and goes to
 * its owner's graveyard as the state-based actions are next checked. */
static void test_seedborn_muse_vines(void **state)
{
    (void)state;
    for (int muse = 0; muse < 2; muse++) {
        Pos x; pos_init(&x);
        int bears = put(&x, 1, C_BEARS);
        int vines = put(&x, 0, C_VINES);
        if (muse) put(&x, 1, C_MUSE);
        x.s.perm[bears].flags |= PF_TAPPED;
        x.s.px[vines].attached = (uint8_t)bears;
        x.s.layers_dirty = 1;
        settle(&x);
        assert_true(permset_has(x.s.perm_used, vines));
        untap_step_of_player_0(&x);
        assert_int_equal((x.s.perm[bears].flags & PF_TAPPED) != 0, !muse);
        assert_int_equal(permset_has(x.s.perm_used, vines), !muse);
        assert_int_equal(bits256_has(x.s.pl[0].gy, C_VINES), muse);
    }
}

/* The engine's quick look before listing actions (actions_surely_none):
 * with every land tapped and no ability free of mana, passing is all
 * there is; an untapped Forest, an untapped Llanowar Elves or Prodigal
 * Pyromancer's {T} ability may make more, and then it does not say,
 * unless no card or ability the mana could make might be paid for. */
static void test_surely_none(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    x.s.step = STEP_DECLARE_ATTACKERS;                         /* not sorcery time: no land to play */
    put(&x, 0, C_BEARS);
    bits256_clear(x.s.exile[0], C_FOREST);
    land_enter(&x.s, &x.g, 0, C_FOREST, 1);                    /* tapped */
    give(&x, 0, C_GROWTH);
    Action acts[ACTION_MAX];
    assert_true(actions_surely_none(&x.s, 0, 0));
    assert_int_equal(actions_spells(&x.s, 0, acts, 0), 1);
    x.s.pl[0].land_tapped[COLOR_G] = 0;                        /* it untaps: Giant Growth */
    assert_false(actions_surely_none(&x.s, 0, 0));
    assert_true(actions_spells(&x.s, 0, acts, 0) > 1);
    x.s.pl[0].land_tapped[COLOR_G] = 1;
    int elves = put(&x, 0, C_ELVES);
    x.s.perm[elves].flags &= (uint8_t)~PF_SICK;
    assert_false(actions_surely_none(&x.s, 0, 0));                /* the Elves' mana */
    x.s.perm[elves].flags |= PF_TAPPED;
    assert_true(actions_surely_none(&x.s, 0, 0));
    int pyro = put(&x, 0, C_PYRO);
    x.s.perm[pyro].flags &= (uint8_t)~PF_SICK;
    assert_false(actions_surely_none(&x.s, 0, 0));                /* {T}: no mana to pay */
    assert_true(actions_spells(&x.s, 0, acts, 0) > 1);
    assert_true(actions_surely_none(&x.s, 1, 0));                 /* the other player: nothing */
    /* An untapped mana creature whose mana cannot pay for the hand's one
     * spell (Doom Blade, two mana, the Forest tapped): still nothing;
     * with a spell it pays for (Giant Growth), something. */
    Pos y; pos_init(&y);
    y.s.step = STEP_DECLARE_ATTACKERS;
    put(&y, 0, C_BEARS);
    bits256_clear(y.s.exile[0], C_FOREST);
    land_enter(&y.s, &y.g, 0, C_FOREST, 1);
    elves = put(&y, 0, C_ELVES);
    y.s.perm[elves].flags &= (uint8_t)~PF_SICK;
    give(&y, 0, C_DOOM);
    assert_true(actions_surely_none(&y.s, 0, 0));
    assert_int_equal(actions_spells(&y.s, 0, acts, 0), 1);
    give(&y, 0, C_GROWTH);
    assert_false(actions_surely_none(&y.s, 0, 0));
    assert_true(actions_spells(&y.s, 0, acts, 0) > 1);
}

/* Player 0's declare attackers step with Grizzly Bears, an untapped
 * Forest and Giant Growth in hand. */
static void growth_position(Pos *x)
{
    pos_init(x);
    x->s.step = STEP_DECLARE_ATTACKERS;
    put(x, 0, C_BEARS);
    bits256_clear(x->s.exile[0], C_FOREST);
    land_enter(&x->s, &x->g, 0, C_FOREST, 0);
    give(x, 0, C_GROWTH);
}

/* actions_surely_none with tricks passed by (Policy.tricks): Giant Growth
 * (RF_TRICK) and Furnace Whelp's firebreathing (RF_ACTS_TRICK) count as
 * nothing, Lightning Bolt does not; nor do the tricks past TRICKS_MAX
 * actions (Giant Growth on each of 70 creatures). */
static void test_surely_none_but_tricks(void **state)
{
    (void)state;
    Pos x;
    growth_position(&x);
    Action acts[ACTION_MAX];
    assert_true(actions_spells(&x.s, 0, acts, 0) > 1);
    assert_false(actions_surely_none(&x.s, 0, 0));
    assert_true(actions_surely_none(&x.s, 0, 1));
    x.s.pl[0].land_n[COLOR_R] = 1;                             /* a Mountain: the Whelp's {R} */
    int whelp = put(&x, 0, C_WHELP);
    assert_true(x.s.cards[x.s.perm[whelp].card].rules & RF_ACTS_TRICK);
    assert_true(actions_surely_none(&x.s, 0, 1));
    x.s.perm[whelp].flags &= (uint8_t)~PF_CREATURE;            /* not a creature: read by the look */
    assert_false(actions_surely_none(&x.s, 0, 1));
    x.s.perm[whelp].flags |= PF_CREATURE;
    give(&x, 0, C_BOLT);
    assert_false(actions_surely_none(&x.s, 0, 1));
    x.s.pl[0].hand_n--;                                        /* Giant Growth alone again */
    for (int k = 0; k < 70; k++) put(&x, 1, C_BEARS);
    assert_true(actions_spells(&x.s, 0, acts, 0) > TRICKS_MAX + 1);
    assert_false(actions_surely_none(&x.s, 0, 1));
}

/* Check mode verifies Policy.tricks: a policy that says it passes on
 * tricks alone in the declare attackers step and does, passes the check;
 * one that casts Giant Growth there fails it. */
static unsigned attackers_step(const Policy *pol, const GameState *s)
{
    (void)pol; (void)s;
    return 1u << STEP_DECLARE_ATTACKERS;
}
static int pass_main(const Policy *pol, const GameState *s, const Game *g, int p, Rng *r, const Action *a, int n)
{
    (void)pol; (void)s; (void)g; (void)p; (void)r; (void)a; (void)n;
    return 0;
}
static int first_main(const Policy *pol, const GameState *s, const Game *g, int p, Rng *r, const Action *a, int n)
{
    (void)pol; (void)s; (void)g; (void)p; (void)r; (void)a;
    return n > 1;
}
static void test_tricks_checked(void **state)
{
    (void)state;
    for (int lies = 0; lies < 2; lies++) {
        Policy pol = { "tricks", 0, NULL, NULL, lies ? first_main : pass_main, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
                       NULL, attackers_step };
        Pos x;
        growth_position(&x);
        x.g.policy[0] = x.g.policy[1] = &pol;
        priority_looked(&x.s, &x.g, 0, LOOK_ASK);
        assert_int_equal(x.g.check_failed, lies);
        if (lies) assert_string_equal(x.g.check_msg, "priority: a policy that passes on tricks took one");
    }
}

/* 508.1d: Alluring Siren's target, on its controller's turn, must attack:
 * no attack or an attack without it is illegal; a policy's empty
 * declaration is repaired to include it, at the player. */
static void test_alluring_siren(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int siren = put(&x, 0, C_SIREN);
    int bears = put(&x, 1, C_BEARS);
    int wurm = put(&x, 1, C_WURM);
    x.s.active = 1;
    Action a = act(ACT_ACTIVATE, siren, 0, TK_PERM, bears);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 1), MTG_OK);
    settle(&x);
    assert_int_equal(perm_must_attack(&x.s, bears), 1);
    assert_int_equal(perm_must_attack(&x.s, wurm), 0);
    x.s.step = STEP_DECLARE_ATTACKERS;
    AttackDecl d[2] = { { (uint8_t)wurm, TARGET_PLAYER }, { 0, 0 } };
    assert_int_equal(combat_rules_attack(&x.s, d, 0), ERR_ILLEGAL_ATTACK);
    assert_int_equal(combat_rules_attack(&x.s, d, 1), ERR_ILLEGAL_ATTACK);
    d[1] = (AttackDecl){ (uint8_t)bears, TARGET_PLAYER };
    assert_int_equal(combat_rules_attack(&x.s, d, 2), MTG_OK);
    AttackDecl r[2];
    int n = combat_attack_repair(&x.s, r, 0);
    assert_int_equal(n, 1);
    assert_int_equal(r[0].attacker, bears);
    assert_int_equal(r[0].target, TARGET_PLAYER);
}

static int keep_all(const Policy *p, const GameState *s, const Game *g, int pl, Rng *r)
{
    (void)p; (void)s; (void)g; (void)pl; (void)r;
    return 1;
}

static int say_no(const Policy *p, const GameState *s, const Game *g, int pl, Rng *r, const Choice *c)
{
    (void)p; (void)s; (void)g; (void)pl; (void)r;
    return c->kind == CH_MAY ? 1 : 0;
}

/* 103.6: after the mulligans, the starting player then the other may put
 * each Leyline of their opening hand onto the battlefield (player 1 says
 * no here); Leyline of Sanctity's controller can't be the target of the
 * opponent's Lightning Bolt, but of their own spells; Leyline of
 * Anticipation lets its controller cast Grizzly Bears at instant speed. */
static void test_leylines(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    Deck d;
    memset(&d, 0, sizeof d);
    d.card[0] = x.deck.card[C_SANCTITY];
    d.card[1] = x.deck.card[C_ANTICIPATION];
    for (int k = 2; k < 7; k++) d.card[k] = x.deck.card[C_BEARS];
    d.n = 7;
    x.g.deck[0] = x.g.deck[1] = &d;
    Policy no;
    memset(&no, 0, sizeof no);
    no.choose = say_no;
    no.keep = keep_all;
    x.g.policy[1] = &no;
    static uint8_t lib_a[DECK_MAX], lib_b[DECK_MAX];
    x.g.lib_buf[0] = lib_a;
    x.g.lib_buf[1] = lib_b;
    game_init(&x.s, &x.g, 0);
    assert_false(x.s.over);
    assert_int_equal(permset_count(x.s.perm_ctl[0]), 2);
    assert_int_equal(x.s.pl[0].hand_n, 5);
    assert_int_equal(permset_count(x.s.perm_ctl[1]), 0);
    assert_int_equal(x.s.pl[1].hand_n, 7);
    char msg[256];
    if (state_check(&x.s, &x.g, msg, sizeof msg)) fail_msg("%s", msg);
    layers_refresh(&x.s);
    assert_true(x.s.pl_rules[0] & PR_HEXPROOF);
    assert_true(x.s.pl_rules[0] & PR_FLASH);
    StackItem it;
    memset(&it, 0, sizeof it);
    it.kind = SI_SPELL;
    it.source = NO_SLOT;
    it.card = x.deck.card[C_BOLT];
    const Ability *bolt = &x.s.cards[it.card].ab[0];
    Target t = { TK_PLAYER, 0, 0, 0, 0 };
    it.controller = 1;
    assert_false(target_legal(&x.s, &it, bolt, 0, t));            /* the opponent's */
    it.controller = 0;
    assert_true(target_legal(&x.s, &it, bolt, 0, t));             /* its own */
    t.v = 1;
    it.controller = 0;
    assert_true(target_legal(&x.s, &it, bolt, 0, t));             /* player 1 has no Leyline */
    x.s.step = STEP_DECLARE_ATTACKERS;                            /* instant speed, on its turn */
    x.s.active = 0;
    Action acts[ACTION_MAX];
    int n = actions_spells(&x.s, 0, acts, 1), bears = 0;
    for (int k = 0; k < n; k++) bears += acts[k].type == ACT_CAST;
    assert_true(bears > 0);
    n = actions_spells(&x.s, 1, acts, 1), bears = 0;
    for (int k = 0; k < n; k++) bears += acts[k].type == ACT_CAST;
    assert_int_equal(bears, 0);                                   /* player 1: no flash */
}

/* Leyline of Punishment: Soul Warden's trigger gains nothing (no life
 * gained, so nothing more); a player's shield does not stop Shock, and
 * stays; without the Leyline both work. */
static void test_punishment(void **state)
{
    (void)state;
    for (int ley = 0; ley < 2; ley++) {
        Pos x; pos_init(&x);
        if (ley) put(&x, 1, C_PUNISHMENT);
        put(&x, 0, C_WARDEN);
        enter(&x, 0, C_BEARS);
        settle(&x);
        assert_int_equal(x.s.pl[0].life, ley ? 20 : 21);
        assert_int_equal(x.s.pl_rules[0] & PR_NO_GAIN ? 1 : 0, ley);
        x.s.pl[0].prevent = 2;
        give(&x, 1, C_SHOCK);
        Action a = act(ACT_CAST, hand_slot(&x, 1, C_SHOCK), 0, TK_PLAYER, 0);
        assert_int_equal(action_apply(&x.s, &x.g, 1, &a, 1), MTG_OK);
        settle(&x);
        assert_int_equal(x.s.pl[0].life, ley ? 18 : 21);
        assert_int_equal(x.s.pl[0].prevent, ley ? 2 : 0);
    }
}

int main(void)
{
    (void)enter;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ice_cage),
        cmocka_unit_test(test_arachnus_web),
        cmocka_unit_test(test_karplusan_strider),
        cmocka_unit_test(test_silence),
        cmocka_unit_test(test_rule_of_law),
        cmocka_unit_test(test_steel_golem),
        cmocka_unit_test(test_gaeas_herald),
        cmocka_unit_test(test_seedborn_muse),
        cmocka_unit_test(test_seedborn_muse_vines),
        cmocka_unit_test(test_surely_none),
        cmocka_unit_test(test_surely_none_but_tricks),
        cmocka_unit_test(test_tricks_checked),
        cmocka_unit_test(test_alluring_siren),
        cmocka_unit_test(test_leylines),
        cmocka_unit_test(test_punishment),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
