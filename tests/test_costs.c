/* test_costs.c: costs, conditional counters, chosen discards and timing
 * restrictions on real cards of the default pool, as the reader reads
 * their printed text: "counter unless its controller pays" (118.12,
 * 701.5), "you choose a card from it" discards (701.8), activation limits
 * (602.5b), additional costs (601.2b, 601.2h), {X} in costs (107.3),
 * abilities activated from a graveyard (113.6, 602.2). */
#include <stdio.h>
#include "engine/stack.h"
#include "engine/effect.h"
#include "engine/turn.h"
#include "engine/heuristic.h"
#include "engine/combat.h"

/* The cards of the positions (pool_pos.h). */
static const char *const names[] = {
    "Mana Leak", "Spiketail Hatchling", "Grizzly Bears", "Lightning Bolt", "Glorious Anthem",
    "Forest", "Forest", "Forest", "Forest", "Island", "Duress", "Distress", "Llanowar Elves",
    "Swamp", "Swamp", "Swamp", "Rootwalla", "Vampire Bats", "Colossus of Sardia",
    "Goblin Grenade", "Goblin Piker", "Consume Spirit", "Seismic Assault", "Zombie Infestation", "Fauna Shaman",
    "Ballista Squad", "Hill Giant", "Reassembling Skeleton", "Magma Phoenix",
    "Incinerate", "Drudge Skeletons", "Gargoyle Sentinel", "Condemn", "Blood Tithe", "Sudden Impact",
    "Beacon of Destruction", "Ancestor's Chosen", "Yawning Fissure", "Destructive Force", "Island",
    "Fling", "Giant Growth", "Safe Passage", "Fog Elemental", "Beacon of Unrest", "Shivan Dragon",
};
enum { C_LEAK, C_HATCHLING, C_BEARS, C_BOLT, C_ANTHEM, C_FOREST, C_FOREST4 = C_FOREST + 3, C_ISLAND, C_DURESS,
       C_DISTRESS, C_ELVES, C_SWAMP, C_SWAMP3 = C_SWAMP + 2,
       C_ROOTWALLA, C_BATS, C_COLOSSUS, C_GRENADE, C_PIKER, C_CONSUME, C_SEISMIC, C_INFESTATION, C_SHAMAN,
       C_BALLISTA, C_GIANT, C_SKELETON, C_PHOENIX, C_INCINERATE, C_DRUDGE, C_GARGOYLE, C_CONDEMN, C_TITHE,
       C_IMPACT, C_BEACON, C_ANCESTOR, C_FISSURE, C_FORCE, C_ISLAND2, C_FLING, C_GROWTH, C_PASSAGE, C_FOG, C_UNREST, C_SHIVAN, C_N };

#include "tests/pool_pos.h"

/* pool_pos.h's position, with the flag game_init sets for a deck with
 * abilities that function in a graveyard (these decks hold some). */
static void pos_init_gy(Pos *x)
{
    pos_init(x);
    for (int p = 0; p < 2; p++) if (player_gy_abilities(&x->s, p)) x->s.pl[p].flags |= PL_GY_ABILITIES;
}
#define pos_init pos_init_gy

/* A policy that records the choices asked and answers `answer`. */
typedef struct Recorder {
    int asked[CH_KINDS]; /* how many times each ChoiceKind was asked */
    int n[CH_KINDS];     /* the last choice's number of options, by kind */
    int arg[CH_KINDS];   /* its Choice.arg */
    int answer;          /* the option taken */
    uint8_t idx[HAND_MAX]; /* the last CH_HAND_PICK's hand indices */
} Recorder;

static int record(const Policy *p, const GameState *s, const Game *g, int pl, Rng *r, const Choice *c)
{
    (void)s; (void)g; (void)pl; (void)r;
    Recorder *rec = (Recorder *)p->self;
    rec->asked[c->kind]++;
    rec->n[c->kind] = c->n;
    rec->arg[c->kind] = c->arg;
    if (c->kind == CH_HAND_PICK) memcpy(rec->idx, c->idx, (size_t)c->n);
    return rec->answer < c->n ? rec->answer : 0;
}

static Policy recorder(Recorder *rec, int answer)
{
    memset(rec, 0, sizeof *rec);
    rec->answer = answer;
    Policy pol;
    memset(&pol, 0, sizeof pol);
    pol.self = rec;
    pol.choose = record;
    return pol;
}

/* Player 0 casts Grizzly Bears (mana taken as paid); player 1 answers
 * with action `counter` targeting it. */
static void bears_then(Pos *x, Action counter)
{
    give(x, 0, C_BEARS);
    Action a = act(ACT_CAST, hand_slot(x, 0, C_BEARS), 0, 0, 0);
    assert_int_equal(action_apply(&x->s, &x->g, 0, &a, 1), MTG_OK);
    counter.n_targets = 1;
    counter.tk[0] = TK_STACK;
    counter.tv[0] = 0;
    assert_int_equal(action_apply(&x->s, &x->g, 1, &counter, 1), MTG_OK);
    settle(x);
}

static int bears_on_battlefield(const Pos *x)
{
    for (PermIter it = permset_iter(x->s.perm_ctl[0]); permiter_more(&it);)
        if (x->s.perm[permiter_next(&it)].obj == C_BEARS) return 1;
    return 0;
}

/* 118.12, 701.5a: Mana Leak counters the spell unless its controller pays
 * {3}: with three lands the engine's default pays (the lands are tapped
 * and the Bears resolve); with two it cannot, and is not asked. */
static void test_mana_leak_paid(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    pos_lands(&x, 0, C_FOREST, 3);
    give(&x, 1, C_LEAK);
    bears_then(&x, act(ACT_CAST, hand_slot(&x, 1, C_LEAK), 0, 0, 0));
    assert_true(bears_on_battlefield(&x));
    assert_int_equal(x.s.pl[0].land_tapped[COLOR_G], 3);
    assert_true(bits256_has(x.s.pl[1].gy, C_LEAK));

    Pos y; pos_init(&y);
    pos_lands(&y, 0, C_FOREST, 2);
    Recorder rec;
    Policy pol = recorder(&rec, 0);
    y.g.policy[0] = &pol;
    give(&y, 1, C_LEAK);
    bears_then(&y, act(ACT_CAST, hand_slot(&y, 1, C_LEAK), 0, 0, 0));
    assert_false(bears_on_battlefield(&y));
    assert_true(bits256_has(y.s.pl[0].gy, C_BEARS));
    assert_int_equal(rec.asked[CH_PAY], 0);                     /* it cannot pay: no question */
    assert_int_equal(y.s.pl[0].land_tapped[COLOR_G], 0);
}

/* The payer may decline (a choice through its policy): the spell is
 * countered and no mana is spent; a mana ability pays too (605.3a). */
static void test_mana_leak_declined(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    pos_lands(&x, 0, C_FOREST, 4);
    Recorder rec;
    Policy pol = recorder(&rec, 1);
    x.g.policy[0] = &pol;
    give(&x, 1, C_LEAK);
    bears_then(&x, act(ACT_CAST, hand_slot(&x, 1, C_LEAK), 0, 0, 0));
    assert_int_equal(rec.asked[CH_PAY], 1);
    assert_int_equal(rec.n[CH_PAY], 2);
    assert_int_equal(rec.arg[CH_PAY], 3);
    assert_false(bears_on_battlefield(&x));
    assert_int_equal(x.s.pl[0].land_tapped[COLOR_G], 0);

    Pos y; pos_init(&y);                                        /* two Forests and Llanowar Elves */
    pos_lands(&y, 0, C_FOREST, 2);
    int elves = put(&y, 0, C_ELVES);
    give(&y, 1, C_LEAK);
    bears_then(&y, act(ACT_CAST, hand_slot(&y, 1, C_LEAK), 0, 0, 0));
    assert_true(bears_on_battlefield(&y));
    assert_true(y.s.perm[elves].flags & PF_TAPPED);
}

/* Spiketail Hatchling: sacrificed as the cost, it counters unless {1} is
 * paid; the heuristic pays. */
static void test_spiketail(void **state)
{
    (void)state;
    for (int mana = 0; mana < 2; mana++) {
        Pos x; pos_init(&x);
        pos_lands(&x, 0, C_ISLAND, mana);
        x.g.policy[0] = &policy_heuristic;
        int h = put(&x, 1, C_HATCHLING);
        bears_then(&x, act(ACT_ACTIVATE, h, 0, 0, 0));
        assert_true(bits256_has(x.s.pl[1].gy, C_HATCHLING));
        assert_int_equal(bears_on_battlefield(&x), mana);
        assert_int_equal(x.s.pl[0].land_tapped[COLOR_U], mana);
    }
}

/* 701.8a: Duress: the caster sees the hand and chooses a noncreature,
 * nonland card (the Bolt or the Anthem, not the Bears nor the Forest);
 * with none, nothing is discarded and nothing asked. Distress allows the
 * Bears too. */
static void test_duress(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    Recorder rec;
    Policy pol = recorder(&rec, 1);
    x.g.policy[0] = &pol;
    give(&x, 1, C_BEARS); give(&x, 1, C_BOLT); give(&x, 1, C_FOREST); give(&x, 1, C_ANTHEM);
    give(&x, 0, C_DURESS);
    Action self = act(ACT_CAST, hand_slot(&x, 0, C_DURESS), 0, TK_PLAYER, 0);   /* "target opponent" */
    assert_int_equal(action_apply(&x.s, &x.g, 0, &self, 1), ERR_ILLEGAL_ACTION);
    Action a = act(ACT_CAST, hand_slot(&x, 0, C_DURESS), 0, TK_PLAYER, 1);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 1), MTG_OK);
    settle(&x);
    assert_int_equal(rec.asked[CH_HAND_PICK], 1);
    assert_int_equal(rec.n[CH_HAND_PICK], 2);
    assert_int_equal(rec.arg[CH_HAND_PICK], 1);
    assert_int_equal(x.s.pl[1].hand[rec.idx[0]], C_BOLT);
    assert_true(bits256_has(x.s.pl[1].gy, C_ANTHEM));           /* option 1: the Anthem */
    assert_int_equal(x.s.pl[1].hand_n, 3);

    Pos y; pos_init(&y);                                         /* only a creature and a land */
    Recorder r2;
    Policy p2 = recorder(&r2, 0);
    y.g.policy[0] = &p2;
    give(&y, 1, C_BEARS); give(&y, 1, C_FOREST);
    give(&y, 0, C_DURESS);
    a = act(ACT_CAST, hand_slot(&y, 0, C_DURESS), 0, TK_PLAYER, 1);
    assert_int_equal(action_apply(&y.s, &y.g, 0, &a, 1), MTG_OK);
    settle(&y);
    assert_int_equal(r2.asked[CH_HAND_PICK], 0);
    assert_int_equal(y.s.pl[1].hand_n, 2);

    give(&y, 0, C_DISTRESS);                                     /* the heuristic: the dearest nonland */
    give(&y, 1, C_ANTHEM);
    y.g.policy[0] = &policy_heuristic;
    a = act(ACT_CAST, hand_slot(&y, 0, C_DISTRESS), 0, TK_PLAYER, 1);
    assert_int_equal(action_apply(&y.s, &y.g, 0, &a, 1), MTG_OK);
    settle(&y);
    assert_true(bits256_has(y.s.pl[1].gy, C_ANTHEM));
    assert_int_equal(y.s.pl[1].hand_n, 2);
}

/* The index of card k's first activated ability. */
static int activated(const Pos *x, int k)
{
    const CardDef *d = &x->s.cards[x->deck.card[k]];
    for (int j = 0; j < d->n_abilities; j++) if (d->ab[j].kind == AB_ACTIVATED) return j;
    fail_msg("%s has no activated ability", d->name);
    return -1;
}

/* Whether player p may activate ability k of the permanent in slot i now
 * (mana aside): it is among the legal actions. */
static int can_activate(const Pos *x, int p, int i, int k)
{
    Action acts[ACTION_MAX];
    int n = actions_spells(&x->s, p, acts, 1);
    for (int j = 0; j < n; j++)
        if (acts[j].type == ACT_ACTIVATE && acts[j].hand_idx == i && acts[j].ability == k) return 1;
    return 0;
}

/* 602.5b: Rootwalla's ability once each turn (a second activation is
 * illegal, even after the first resolved), again the next turn; Vampire
 * Bats' no more than twice. */
static void test_activation_limits(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int rw = put(&x, 0, C_ROOTWALLA), bats = put(&x, 0, C_BATS);
    Action a = act(ACT_ACTIVATE, rw, 0, 0, 0);
    assert_true(can_activate(&x, 0, rw, 0));
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 1), MTG_OK);
    settle(&x);
    assert_int_equal(x.s.perm[rw].power, 4);
    assert_false(can_activate(&x, 0, rw, 0));
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 1), ERR_ILLEGAL_ACTION);
    Action b = act(ACT_ACTIVATE, bats, 0, 0, 0);
    for (int k = 0; k < 2; k++) {
        assert_true(can_activate(&x, 0, bats, 0));
        assert_int_equal(action_apply(&x.s, &x.g, 0, &b, 1), MTG_OK);
    }
    assert_false(can_activate(&x, 0, bats, 0));
    assert_int_equal(action_apply(&x.s, &x.g, 0, &b, 1), ERR_ILLEGAL_ACTION);
    settle(&x);
    assert_int_equal(x.s.perm[bats].power, 2);          /* 0/1, +1/+0 twice */
    /* Another turn counts anew (turn.c's cleanup clears the counts). */
    assert_true(permset_has(x.s.used_twice, bats));
    x.s.px[rw].xflags &= (uint8_t)~PX_USED;
    x.s.px[bats].xflags &= (uint8_t)~PX_USED;
    x.s.active = 1;
    x.s.step = STEP_END;
    assert_true(can_activate(&x, 0, rw, 0));
    assert_true(can_activate(&x, 0, bats, 0));
}

/* Colossus of Sardia: "Activate only during your upkeep": not in the main
 * phase, not in the opponent's upkeep; in its controller's upkeep it
 * untaps it, and the heuristic does so when it is tapped. */
static void test_upkeep_only(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int col = put(&x, 0, C_COLOSSUS), ab = activated(&x, C_COLOSSUS);
    x.s.perm[col].flags |= PF_TAPPED;
    assert_false(can_activate(&x, 0, col, ab));
    Action a = act(ACT_ACTIVATE, col, ab, 0, 0);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 1), ERR_ILLEGAL_ACTION);
    x.s.step = STEP_UPKEEP;
    x.s.active = 1;
    assert_false(can_activate(&x, 0, col, ab));
    x.s.active = 0;
    assert_true(can_activate(&x, 0, col, ab));
    Action acts[ACTION_MAX];
    int n = actions_spells(&x.s, 0, acts, 1);
    int k = heuristic_spells_main(&x.s, &x.g, 0, acts, n, -1);
    assert_int_equal(acts[k].type, ACT_ACTIVATE);
    assert_int_equal(acts[k].hand_idx, col);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &acts[k], 1), MTG_OK);
    settle(&x);
    assert_false(x.s.perm[col].flags & PF_TAPPED);
    n = actions_spells(&x.s, 0, acts, 1);                       /* untapped: it passes */
    assert_int_equal(heuristic_spells_main(&x.s, &x.g, 0, acts, n, -1), 0);
}

/* The legal actions of player p now (mana paid for real), those of card
 * object k's: cast from the hand, or its permanent's activations. */
static int actions_of(const Pos *x, int p, int k, Action *out)
{
    Action acts[ACTION_MAX];
    int n = actions_spells(&x->s, p, acts, 0), m = 0;
    for (int j = 0; j < n; j++) {
        const Action *a = &acts[j];
        int obj = a->type == ACT_CAST ? x->s.pl[p].hand[a->hand_idx]
                : a->type == ACT_ACTIVATE ? x->s.perm[a->hand_idx].obj
                : a->type == ACT_GY_ACTIVATE ? a->hand_idx : -1;
        if (obj == k) out[m++] = *a;
    }
    return m;
}

/* 601.2b, 601.2h: Goblin Grenade's additional cost: a Goblin sacrificed
 * as it is cast; without a Goblin it cannot be cast. */
static void test_goblin_grenade(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    pos_lands(&x, 0, C_FOREST, 1);
    x.s.pl[0].land_n[COLOR_G]--; x.s.pl[0].land_n[COLOR_R]++;   /* a Mountain's worth of mana */
    give(&x, 0, C_GRENADE);
    put(&x, 0, C_BEARS);
    Action acts[ACTION_MAX];
    assert_int_equal(actions_of(&x, 0, C_GRENADE, acts), 0);    /* no Goblin */
    int piker = put(&x, 0, C_PIKER);
    int n = actions_of(&x, 0, C_GRENADE, acts);
    assert_true(n > 0);
    for (int k = 0; k < n; k++) {
        assert_int_equal(acts[k].tk[ACTION_TARGETS - 1], TK_SAC);
        assert_int_equal(acts[k].tv[ACTION_TARGETS - 1], piker);
    }
    Action a = act(ACT_CAST, hand_slot(&x, 0, C_GRENADE), 0, TK_PLAYER, 1);
    a.tk[ACTION_TARGETS - 1] = TK_SAC; a.tv[ACTION_TARGETS - 1] = (uint8_t)piker;
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 0), MTG_OK);
    assert_true(bits256_has(x.s.pl[0].gy, C_PIKER));            /* paid as it was cast */
    assert_int_equal(x.s.pl[0].land_tapped[COLOR_R], 1);
    settle(&x);
    assert_int_equal(x.s.pl[1].life, 15);
}

/* 107.3, 601.2f: Consume Spirit: "Spend only black mana on X": with two
 * Swamps and three Forests, X is at most 1 ({1}{B} and X in black). */
static void test_consume_spirit(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    pos_lands(&x, 0, C_SWAMP, 2);
    pos_lands(&x, 0, C_FOREST, 3);
    give(&x, 0, C_CONSUME);
    Action acts[ACTION_MAX];
    int n = actions_of(&x, 0, C_CONSUME, acts), max_x = -1;
    for (int k = 0; k < n; k++) if (acts[k].x > max_x) max_x = acts[k].x;
    assert_int_equal(max_x, 1);
    pos_lands(&x, 0, C_SWAMP + 2, 1);                               /* a third Swamp: X = 2 */
    n = actions_of(&x, 0, C_CONSUME, acts);
    Action a = acts[0];
    for (int k = 0; k < n; k++) if (acts[k].x == 2 && acts[k].tk[0] == TK_PLAYER && acts[k].tv[0] == 1) a = acts[k];
    assert_int_equal(a.x, 2);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 0), MTG_OK);
    assert_int_equal(x.s.pl[0].land_tapped[COLOR_B], 3);         /* B and X = 2, all black */
    assert_int_equal(x.s.pl[0].land_tapped[COLOR_G], 1);         /* the generic {1} */
    settle(&x);
    assert_int_equal(x.s.pl[1].life, 18);
    assert_int_equal(x.s.pl[0].life, 22);
}

/* 602.2b: discard costs: Seismic Assault discards a land card (two
 * Forests are one choice: interchangeable), Zombie Infestation any two
 * cards, Fauna Shaman a creature card; the cards go as the cost is paid. */
static void test_discard_costs(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int sa = put(&x, 0, C_SEISMIC);
    give(&x, 0, C_BEARS);
    Action acts[ACTION_MAX];
    assert_int_equal(actions_of(&x, 0, C_SEISMIC, acts), 0);     /* no land card */
    give(&x, 0, C_FOREST); give(&x, 0, C_FOREST + 1);
    int n = actions_of(&x, 0, C_SEISMIC, acts), to_opp = -1, choices = 0;
    for (int k = 0; k < n; k++) {
        assert_int_equal(acts[k].tk[ACTION_TARGETS - 1], TK_DISCARD);
        if (acts[k].tk[0] == TK_PLAYER && acts[k].tv[0] == 1) { to_opp = k; choices++; }
    }
    assert_int_equal(choices, 1);
    assert_int_equal(x.s.pl[0].hand[acts[to_opp].tv[ACTION_TARGETS - 1]], C_FOREST);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &acts[to_opp], 0), MTG_OK);
    assert_true(bits256_has(x.s.pl[0].gy, C_FOREST));
    assert_int_equal(x.s.pl[0].hand_n, 2);
    settle(&x);
    assert_int_equal(x.s.pl[1].life, 18);
    (void)sa;

    Pos y; pos_init(&y);
    put(&y, 0, C_INFESTATION);
    give(&y, 0, C_FOREST); give(&y, 0, C_FOREST + 1); give(&y, 0, C_BEARS);
    n = actions_of(&y, 0, C_INFESTATION, acts);
    assert_int_equal(n, 2);                                       /* two Forests, or a Forest and the Bears */
    for (int k = 0; k < n; k++) assert_true(acts[k].tv[ACTION_TARGETS - 1] > acts[k].tv[ACTION_TARGETS - 2]);
    Action a = acts[1];
    assert_int_equal(action_apply(&y.s, &y.g, 0, &a, 0), MTG_OK);
    settle(&y);
    assert_int_equal(y.s.pl[0].hand_n, 1);
    assert_int_equal(y.s.pl[0].gy_n, 2);
    assert_int_equal(permset_count(y.s.perm_ctl[0]), 2);          /* the enchantment and a Zombie */
    assert_int_equal(actions_of(&y, 0, C_INFESTATION, acts), 0);  /* one card left */

    Pos z; pos_init(&z);
    pos_lands(&z, 0, C_FOREST, 1);
    int shaman = put(&z, 0, C_SHAMAN);
    static const uint8_t lib[] = { C_GIANT, C_ISLAND };
    library(&z, 0, lib, 2);
    give(&z, 0, C_BOLT);
    assert_int_equal(actions_of(&z, 0, C_SHAMAN, acts), 0);       /* no creature card */
    give(&z, 0, C_BEARS);
    assert_int_equal(actions_of(&z, 0, C_SHAMAN, acts), 1);
    assert_int_equal(action_apply(&z.s, &z.g, 0, &acts[0], 0), MTG_OK);
    assert_true(z.s.perm[shaman].flags & PF_TAPPED);
    settle(&z);
    assert_true(bits256_has(z.s.pl[0].gy, C_BEARS));
    assert_int_equal(z.s.pl[0].hand_n, 2);                        /* the Bolt and the Hill Giant found */
    assert_int_equal(hand_slot(&z, 0, C_GIANT) >= 0, 1);
}

/* 107.3, 602.2b: Ballista Squad's {X}{W}, {T}: each X the mana pays is a
 * choice; X damage to an attacking or blocking creature. */
static void test_ability_x(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    pos_lands(&x, 0, C_FOREST, 3);
    x.s.pl[0].land_n[COLOR_G] -= 1; x.s.pl[0].land_n[COLOR_W] += 1;   /* a Plains' worth of white */
    int squad = put(&x, 0, C_BALLISTA);
    int giant = put(&x, 1, C_GIANT);
    x.s.active = 1;
    x.s.step = STEP_DECLARE_ATTACKERS;
    AttackDecl ad = { (uint8_t)giant, TARGET_PLAYER };
    assert_int_equal(combat_declare_attackers(&x.s, &x.g, &ad, 1), MTG_OK);
    Action acts[ACTION_MAX];
    int n = actions_of(&x, 0, C_BALLISTA, acts), seen = 0;
    for (int k = 0; k < n; k++) seen |= 1 << acts[k].x;
    assert_int_equal(seen, 7);                                     /* X = 0, 1, 2 */
    for (int k = 0; k < n; k++)
        if (acts[k].x == 2) { assert_int_equal(action_apply(&x.s, &x.g, 0, &acts[k], 0), MTG_OK); break; }
    assert_int_equal(x.s.pl[0].land_tapped[COLOR_W] + x.s.pl[0].land_tapped[COLOR_G], 3);
    settle(&x);
    assert_int_equal(x.s.perm[giant].damage, 2);
    assert_true(x.s.perm[squad].flags & PF_TAPPED);
}

/* 613.4c: Shivan Dragon's "{R}: +1/+0 until end of turn", activated more
 * times in a turn than there are places for continuous effects: the
 * modifications of layer 7c add, so they take one place, the power counts
 * each, and all end at cleanup (514.2). */
static void test_repeated_pump(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    pos_lands(&x, 0, C_FOREST, 1);
    x.s.pl[0].land_n[COLOR_G] -= 1; x.s.pl[0].land_n[COLOR_R] += 1;   /* a Mountain's worth of red */
    int dragon = put(&x, 0, C_SHIVAN);
    int times = FLOAT_MAX + 6;
    for (int k = 0; k < times; k++) {
        x.s.pl[0].land_tapped[COLOR_R] = 0;                            /* the Mountain untaps again */
        Action a = act(ACT_ACTIVATE, dragon, 0, 0, 0);
        assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 1), MTG_OK);
        settle(&x);
        assert_int_equal(x.s.error, 0);
    }
    assert_int_equal(perm_power(&x.s, dragon), 5 + times);
    assert_int_equal(perm_toughness(&x.s, dragon), 5);
    assert_int_equal(x.s.float_n, 1);
    floating_end_of_turn(&x.s);
    settle(&x);
    assert_int_equal(perm_power(&x.s, dragon), 5);
}

/* Card k of player p into its graveyard. */
static void to_graveyard(Pos *x, int p, int k)
{
    bits256_clear(x->s.exile[p], k);
    card_to_zone(&x->s, p, (uint8_t)k, ZONE_GRAVEYARD);
}

/* 113.6, 602.2: Reassembling Skeleton's ability is activated from its
 * owner's graveyard (not from the battlefield, not by the opponent) and
 * returns it tapped; a second activation waiting finds no card and does
 * nothing; nor does one whose card left the graveyard and came back, a new
 * object (400.7). Magma Phoenix returns to the hand. */
static void test_graveyard_abilities(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    assert_true(x.s.pl[0].flags & PL_GY_ABILITIES);
    int sk = put(&x, 0, C_SKELETON);
    Action acts[ACTION_MAX];
    int n = actions_spells(&x.s, 0, acts, 1);
    for (int k = 0; k < n; k++) assert_false(acts[k].type == ACT_ACTIVATE && acts[k].hand_idx == sk);
    perm_leave(&x.s, &x.g, sk, ZONE_GRAVEYARD);
    Action a = { .type = ACT_GY_ACTIVATE, .hand_idx = C_SKELETON, .ability = (uint8_t)activated(&x, C_SKELETON) };
    assert_int_equal(action_apply(&x.s, &x.g, 1, &a, 1), ERR_ILLEGAL_ACTION);   /* not its owner */
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 1), MTG_OK);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 1), MTG_OK);
    settle(&x);
    int back = -1, count = 0;
    for (PermIter it = permset_iter(x.s.perm_ctl[0]); permiter_more(&it);) {
        int i = permiter_next(&it);
        if (x.s.perm[i].obj == C_SKELETON) { back = i; count++; }
    }
    assert_int_equal(count, 1);
    assert_true(x.s.perm[back].flags & PF_TAPPED);
    assert_false(bits256_has(x.s.pl[0].gy, C_SKELETON));

    Pos y; pos_init(&y);
    to_graveyard(&y, 0, C_SKELETON);
    assert_int_equal(action_apply(&y.s, &y.g, 0, &a, 1), MTG_OK);
    gy_leave(&y.s, 0, C_SKELETON);                                /* out of the graveyard and back */
    card_to_zone(&y.s, 0, C_SKELETON, ZONE_GRAVEYARD);
    settle(&y);
    assert_true(bits256_has(y.s.pl[0].gy, C_SKELETON));
    assert_int_equal(permset_count(y.s.perm_ctl[0]), 0);

    Pos z; pos_init(&z);                                          /* mana for real: {3}{R}{R} */
    to_graveyard(&z, 0, C_PHOENIX);
    pos_lands(&z, 0, C_FOREST, 4);
    assert_int_equal(actions_of(&z, 0, C_PHOENIX, acts), 0);
    for (int c = 0; c < 2; c++) { z.s.pl[0].land_n[COLOR_G]--; z.s.pl[0].land_n[COLOR_R]++; }
    pos_lands(&z, 0, C_ISLAND, 1);
    assert_int_equal(actions_of(&z, 0, C_PHOENIX, acts), 1);
    assert_int_equal(acts[0].type, ACT_GY_ACTIVATE);
    assert_int_equal(action_apply(&z.s, &z.g, 0, &acts[0], 0), MTG_OK);
    settle(&z);
    assert_int_equal(z.s.pl[0].hand_n, 1);
    assert_int_equal(z.s.pl[0].hand[0], C_PHOENIX);
    assert_int_equal(z.s.pl[0].land_tapped[COLOR_R], 2);
}

/* Casts card k of player p's with one target (mana taken as paid), and
 * everything resolves. */
static void cast_at(Pos *x, int p, int k, int tk, int tv)
{
    give(x, p, k);
    Action a = act(ACT_CAST, hand_slot(x, p, k), 0, tk, tv);
    assert_int_equal(action_apply(&x->s, &x->g, p, &a, 1), MTG_OK);
    settle(x);
}

/* Incinerate: a creature dealt damage by it can't be regenerated this
 * turn (Drudge Skeletons' shield does not save it); Lightning Bolt's
 * damage leaves the shield working (701.15). */
static void test_incinerate(void **state)
{
    (void)state;
    for (int inc = 0; inc < 2; inc++) {
        Pos x; pos_init(&x);
        int sk = put(&x, 0, C_DRUDGE);
        Action a = act(ACT_ACTIVATE, sk, 0, 0, 0);
        assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 1), MTG_OK);
        settle(&x);
        x.s.active = 1;
        cast_at(&x, 1, inc ? C_INCINERATE : C_BOLT, TK_PERM, sk);
        assert_int_equal(permset_has(x.s.perm_used, sk), !inc);
        assert_int_equal(bits256_has(x.s.pl[0].gy, C_DRUDGE), inc);
    }
    Pos y; pos_init(&y);
    cast_at(&y, 0, C_INCINERATE, TK_PLAYER, 1);
    assert_int_equal(y.s.pl[1].life, 17);
}

/* Gargoyle Sentinel: until end of turn it loses defender and gains flying
 * (613: layer 6), so it can attack; at end of turn it is a defender again. */
static void test_gargoyle_sentinel(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int g = put(&x, 0, C_GARGOYLE);
    assert_true(perm_has(&x.s, g, KW_DEFENDER));
    assert_false(combat_can_attack(&x.s, g));
    Action a = act(ACT_ACTIVATE, g, activated(&x, C_GARGOYLE), 0, 0);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 1), MTG_OK);
    settle(&x);
    assert_false(perm_has(&x.s, g, KW_DEFENDER));
    assert_true(perm_has(&x.s, g, KW_FLYING));
    x.s.step = STEP_DECLARE_ATTACKERS;
    assert_true(combat_can_attack(&x.s, g));
    floating_end_of_turn(&x.s);
    x.s.layers_dirty = 1;
    layers_refresh(&x.s);
    assert_true(perm_has(&x.s, g, KW_DEFENDER));
    assert_false(perm_has(&x.s, g, KW_FLYING));
}

/* Condemn: the attacking Hill Giant goes to the bottom of its owner's
 * library; its controller gains life equal to its toughness as it last
 * existed (608.2h). Blood Tithe: the life lost this way is gained. Sudden
 * Impact: damage equal to the cards in that player's hand. */
static void test_amounts(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int giant = put(&x, 1, C_GIANT);
    x.s.active = 1;
    x.s.step = STEP_DECLARE_ATTACKERS;
    AttackDecl ad = { (uint8_t)giant, TARGET_PLAYER };
    assert_int_equal(combat_declare_attackers(&x.s, &x.g, &ad, 1), MTG_OK);
    cast_at(&x, 0, C_CONDEMN, TK_PERM, giant);
    assert_int_equal(x.s.pl[1].life, 23);
    assert_int_equal(x.s.pl[0].life, 20);
    assert_int_equal(x.s.pl[1].lib_n, 1);
    assert_int_equal(x.s.pl[1].lib[x.s.pl[1].lib_top], C_GIANT);

    Pos y; pos_init(&y);
    cast_at(&y, 0, C_TITHE, 0, 0);
    assert_int_equal(y.s.pl[1].life, 17);
    assert_int_equal(y.s.pl[0].life, 23);
    give(&y, 1, C_BEARS); give(&y, 1, C_FOREST); give(&y, 1, C_ANTHEM);
    cast_at(&y, 0, C_IMPACT, TK_PLAYER, 1);
    assert_int_equal(y.s.pl[1].life, 14);
}

/* Beacon of Destruction deals 5 damage, then is shuffled into its owner's
 * library instead of going to the graveyard (608.2k). Ancestor's Chosen
 * counts the cards in its controller's graveyard as its trigger resolves. */
static void test_beacon_and_graveyard_count(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    static const uint8_t lib[] = { C_ISLAND };
    library(&x, 0, lib, 1);
    cast_at(&x, 0, C_BEACON, TK_PLAYER, 1);
    assert_int_equal(x.s.pl[1].life, 15);
    assert_int_equal(x.s.pl[0].lib_n, 2);
    assert_false(bits256_has(x.s.pl[0].gy, C_BEACON));
    int in_lib = 0;
    for (int k = 0; k < x.s.pl[0].lib_n; k++) in_lib |= x.s.pl[0].lib[x.s.pl[0].lib_top + k] == C_BEACON;
    assert_true(in_lib);

    Pos y; pos_init(&y);
    to_graveyard(&y, 0, C_BOLT); to_graveyard(&y, 0, C_BEARS); to_graveyard(&y, 0, C_FOREST);
    to_graveyard(&y, 1, C_GIANT);                                  /* the opponent's: not counted */
    enter(&y, 0, C_ANCESTOR);
    settle(&y);
    assert_int_equal(y.s.pl[0].life, 23);
}

/* 701.14: Yawning Fissure: the opponent sacrifices a land of its choice:
 * its basic lands are offered by color and tapped state (two untapped
 * Forests are one option, the tapped Island another); the caster's lands
 * stay. The heuristic gives up the tapped one. */
static void test_sacrifice_lands(void **state)
{
    (void)state;
    for (int heur = 0; heur < 2; heur++) {
        Pos x; pos_init(&x);
        pos_lands(&x, 1, C_FOREST, 2);
        pos_lands(&x, 1, C_ISLAND, 1);
        pos_lands(&x, 1, C_ISLAND2, 1);
        x.s.pl[1].land_tapped[COLOR_U] = 1;
        pos_lands(&x, 0, C_SWAMP, 1);
        Recorder rec;
        Policy pol = recorder(&rec, 1);                          /* options by color: U, U tapped, G */
        x.g.policy[1] = heur ? &policy_heuristic : &pol;
        cast_at(&x, 0, C_FISSURE, 0, 0);
        if (!heur) {
            assert_int_equal(rec.asked[CH_SAC_LAND], 1);
            assert_int_equal(rec.n[CH_SAC_LAND], 3);               /* Island untapped, Island tapped, Forest */
        }
        assert_int_equal(x.s.pl[1].lands_n, 3);
        assert_int_equal(x.s.pl[1].land_n[COLOR_U], 1);
        assert_int_equal(x.s.pl[1].land_tapped[COLOR_U], 0);      /* the tapped one went */
        assert_int_equal(x.s.pl[1].gy_n, 1);
        assert_int_equal(x.s.pl[0].lands_n, 1);
    }
    /* Destructive Force: five lands each (all three of one), then 5
     * damage to each creature. */
    Pos y; pos_init(&y);
    pos_lands(&y, 0, C_FOREST, 4);
    pos_lands(&y, 0, C_ISLAND, 1);
    pos_lands(&y, 0, C_ISLAND2, 1);
    pos_lands(&y, 1, C_SWAMP, 3);
    int giant = put(&y, 1, C_GIANT);
    cast_at(&y, 0, C_FORCE, 0, 0);
    assert_int_equal(y.s.pl[0].lands_n, 1);
    assert_int_equal(y.s.pl[1].lands_n, 0);
    assert_int_equal(y.s.pl[1].gy_n, 4);                          /* three Swamps and the Giant */
    assert_false(permset_has(y.s.perm_used, giant));
}

/* Fling: a creature sacrificed as it is cast (the choice is the action's),
 * damage equal to its power as it last existed (Giant Growth's +3/+3
 * counted, 608.2h); none to sacrifice: it cannot be cast. */
static void test_fling(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    give(&x, 0, C_FLING);
    Action acts[ACTION_MAX];
    assert_int_equal(actions_of(&x, 0, C_FLING, acts), 0);
    int giant = put(&x, 0, C_GIANT);
    cast_at(&x, 0, C_GROWTH, TK_PERM, giant);
    Action a = act(ACT_CAST, hand_slot(&x, 0, C_FLING), 0, TK_PLAYER, 1);
    a.tk[ACTION_TARGETS - 1] = TK_SAC; a.tv[ACTION_TARGETS - 1] = (uint8_t)giant;
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 1), MTG_OK);
    assert_true(bits256_has(x.s.pl[0].gy, C_GIANT));
    settle(&x);
    assert_int_equal(x.s.pl[1].life, 14);
}

/* 615: Safe Passage prevents all damage to its caster and to the
 * creatures it controls this turn, those that come later too (not a set
 * fixed on resolution), before a shield of "the next N" (which stays);
 * the opponent is not protected. */
static void test_safe_passage(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    x.s.pl[0].prevent = 2;
    cast_at(&x, 0, C_PASSAGE, 0, 0);
    int bears = put(&x, 0, C_BEARS);                               /* after it resolved */
    x.s.active = 1;
    cast_at(&x, 1, C_BOLT, TK_PLAYER, 0);
    assert_int_equal(x.s.pl[0].life, 20);
    assert_int_equal(x.s.pl[0].prevent, 2);
    cast_at(&x, 1, C_INCINERATE, TK_PERM, bears);
    assert_int_equal(x.s.perm[bears].damage, 0);
    assert_false(x.s.px[bears].xflags & PX_NO_REGEN);              /* no damage dealt: regeneration stays */
    give(&x, 1, C_FOREST); give(&x, 1, C_ANTHEM);
    cast_at(&x, 0, C_IMPACT, TK_PLAYER, 1);
    assert_int_equal(x.s.pl[1].life, 18);
}

/* 603.7: Fog Elemental's "attacks" trigger makes a delayed trigger that
 * waits (not put on the stack in the combat damage step) until the end of
 * combat step, then sacrifices it; one whose Fog Elemental left and came
 * back finds a new object and does nothing (400.7). */
static void test_delayed_sacrifice(void **state)
{
    (void)state;
    for (int back = 0; back < 2; back++) {
        Pos x; pos_init(&x);
        int fog = put(&x, 0, C_FOG);
        x.s.step = STEP_DECLARE_ATTACKERS;
        AttackDecl ad = { (uint8_t)fog, TARGET_PLAYER };
        assert_int_equal(combat_declare_attackers(&x.s, &x.g, &ad, 1), MTG_OK);
        trigger_event(&x.s, TR_ATTACKS, fog, x.s.perm[fog].card, 0, 0, 0);
        settle(&x);
        assert_int_equal(x.s.pending_n, 1);
        assert_true(x.s.pend[0].delayed);
        assert_true(permset_has(x.s.perm_used, fog));
        x.s.step = STEP_COMBAT_DAMAGE;
        settle(&x);
        assert_int_equal(x.s.stack_n, 0);
        if (back) {
            perm_leave(&x.s, &x.g, fog, ZONE_HAND);
            bits256_set(x.s.exile[0], C_FOG);
            x.s.pl[0].hand_n = 0;
            fog = enter(&x, 0, C_FOG);                             /* keeps the delayed trigger waiting */
            assert_int_equal(x.s.pending_n, 1);
        }
        x.s.step = STEP_END_COMBAT;
        triggers_end_of_combat(&x.s);
        settle(&x);
        assert_int_equal(x.s.pending_n, 0);
        assert_int_equal(permset_has(x.s.perm_used, fog), back);
        assert_int_equal(bits256_has(x.s.pl[0].gy, C_FOG), !back);
    }
}

/* Beacon of Unrest puts the opponent's Hill Giant from its graveyard onto
 * the battlefield under its caster's control (its owner keeps owning it:
 * it dies into its owner's graveyard), then shuffles itself into its
 * owner's library (608.2k). */
static void test_beacon_of_unrest(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    static const uint8_t lib[] = { C_ISLAND };
    library(&x, 0, lib, 1);
    to_graveyard(&x, 1, C_GIANT);
    give(&x, 0, C_UNREST);
    Action a = act(ACT_CAST, hand_slot(&x, 0, C_UNREST), 0, TK_CARD, C_GIANT);
    a.towner = 1;
    assert_int_equal(action_apply(&x.s, &x.g, 0, &a, 1), MTG_OK);
    settle(&x);
    int giant = -1;
    for (PermIter it = permset_iter(x.s.perm_ctl[0]); permiter_more(&it);) {
        int i = permiter_next(&it);
        if (x.s.perm[i].obj == C_GIANT) giant = i;
    }
    assert_true(giant >= 0);
    assert_int_equal(x.s.px[giant].owner, 1);
    assert_int_equal(x.s.pl[0].lib_n, 2);
    assert_false(bits256_has(x.s.pl[0].gy, C_UNREST));
    cast_at(&x, 1, C_BOLT, TK_PERM, giant);
    assert_true(bits256_has(x.s.pl[1].gy, C_GIANT));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mana_leak_paid),
        cmocka_unit_test(test_mana_leak_declined),
        cmocka_unit_test(test_spiketail),
        cmocka_unit_test(test_duress),
        cmocka_unit_test(test_activation_limits),
        cmocka_unit_test(test_upkeep_only),
        cmocka_unit_test(test_goblin_grenade),
        cmocka_unit_test(test_consume_spirit),
        cmocka_unit_test(test_discard_costs),
        cmocka_unit_test(test_ability_x),
        cmocka_unit_test(test_graveyard_abilities),
        cmocka_unit_test(test_incinerate),
        cmocka_unit_test(test_gargoyle_sentinel),
        cmocka_unit_test(test_amounts),
        cmocka_unit_test(test_beacon_and_graveyard_count),
        cmocka_unit_test(test_sacrifice_lands),
        cmocka_unit_test(test_fling),
        cmocka_unit_test(test_safe_passage),
        cmocka_unit_test(test_delayed_sacrifice),
        cmocka_unit_test(test_beacon_of_unrest),
        cmocka_unit_test(test_repeated_pump),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
