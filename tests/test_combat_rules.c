/* test_combat_rules.c: the rules abilities of the core sets that change
 * attacking and blocking, on real cards (their printed text read by
 * decks/text.c): landwalk, "can't be blocked", fear, intimidate,
 * protection (colors, subtypes, card types: blocking, damage, targets,
 * Auras), "except by" and "by", blocking limits ("only creatures with
 * flying", "any number", "an additional creature", "more than one",
 * "alone"), "can't attack unless", and the requirements "attacks each
 * combat if able" and "all creatures able to block it do so", with their
 * maximum (508.1d, 509.1c). What is legal and what the rules forbid;
 * every policy's declarations legal; whole games with state_check after
 * every action. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <stdio.h>
#include "tests/text_cards.h"
#include "decks/text.h"
#include "engine/stack.h"
#include "engine/layers.h"
#include "engine/heuristic.h"
#include "engine/lookahead.h"
#include "engine/effect.h"
#include "engine/damage.h"
#include "engine/zone.h"

enum {
    C_BOG_WRAITH = FX_COUNT, C_PHANTOM, C_CLOUD_SPRITE, C_PALACE, C_BERSERKERS, C_WHITE_KNIGHT, C_BLACK_KNIGHT,
    C_BANESLAYER, C_SHIVAN, C_SEVERED, C_VISAGE, C_CLOAK, C_TIGER, C_UNICORN, C_LURE, C_JACKAL, C_HIGH_GROUND,
    C_WARLOCK, C_JUGGERNAUT, C_WALL_WOOD, C_SEA_MONSTER, C_GOBLIN_KING, C_VOLCANIC, C_MANTLE, C_PATHMAGE,
    C_TUNNELER, C_DOOM, C_PACIFISM, C_ANGER, C_FEAR, C_BRACERS, C_N
};

static CardDef cards[C_N];
static TextCard texts[C_N];
static CardPool pool;
static SubtypeTable st;

static int sub(const char *name) { return subtype_intern(&st, name, strlen(name)); }

/* Card k from its printed text (text_cards.h); subtypes separated by spaces. */
static void card(int k, const char *name, unsigned types, int generic, const char *cost, unsigned cb, int power,
                 int toughness, const char *subtypes, const char *text)
{
    text_card(cards, texts, &st, k, name, types, generic, cost, cb, power, toughness, subtypes, text);
}

static int setup(void **state)
{
    (void)state;
    subtype_init(&st);
    fx_pool(cards, &pool);
    static const char *const basics[] = { "Plains", "Island", "Swamp", "Mountain", "Forest" };
    for (int c = 0; c < 5; c++) cards[FX_PLAINS + c].subtype[0] = (uint8_t)sub(basics[c]);
    static const uint8_t colors[FX_COUNT] = {
        [FX_BEARS] = CB_G, [FX_SERRA] = CB_W, [FX_SPIDER] = CB_G, [FX_KNIGHT] = CB_W, [FX_WURM] = CB_G,
        [FX_TYPHOID] = CB_B, [FX_VAMPIRE] = CB_B, [FX_GOBLIN] = CB_R, [FX_WALL] = CB_U, [FX_WITHER] = CB_B,
        [FX_INFECT] = CB_B, [FX_MENACE] = CB_R, [FX_HASTE] = CB_R, [FX_DOUBLE] = CB_W, [FX_INDESTRUCTIBLE] = CB_W,
        [FX_TWOBLOCK] = CB_W,
    };
    for (int k = FX_BEARS; k < FX_COUNT; k++) cards[k].colors = colors[k];
    cards[FX_GOBLIN].subtype[0] = (uint8_t)sub("Goblin");
    card(C_BOG_WRAITH, "Bog Wraith", TYPE_CREATURE, 3, "B", CB_B, 3, 3, "Wraith",
         "Swampwalk (This creature can't be blocked as long as defending player controls a Swamp.)");
    card(C_PHANTOM, "Phantom Warrior", TYPE_CREATURE, 1, "UU", CB_U, 2, 2, "Illusion Warrior",
         "Phantom Warrior can't be blocked.");
    card(C_CLOUD_SPRITE, "Cloud Sprite", TYPE_CREATURE, 0, "U", CB_U, 1, 1, "Faerie",
         "Flying\nCloud Sprite can block only creatures with flying.");
    card(C_PALACE, "Palace Guard", TYPE_CREATURE, 2, "W", CB_W, 1, 4, "Human Soldier",
         "Palace Guard can block any number of creatures.");
    card(C_BERSERKERS, "Berserkers of Blood Ridge", TYPE_CREATURE, 4, "R", CB_R, 4, 4, "Human Berserker",
         "Berserkers of Blood Ridge attacks each combat if able.");
    card(C_WHITE_KNIGHT, "White Knight", TYPE_CREATURE, 0, "WW", CB_W, 2, 2, "Human Knight",
         "First strike\nProtection from black (This creature can't be blocked, targeted, dealt damage, or "
         "enchanted by anything black.)");
    card(C_BLACK_KNIGHT, "Black Knight", TYPE_CREATURE, 0, "BB", CB_B, 2, 2, "Human Knight",
         "First strike\nProtection from white");
    card(C_BANESLAYER, "Baneslayer Angel", TYPE_CREATURE, 3, "WW", CB_W, 5, 5, "Angel",
         "Flying, first strike, lifelink, protection from Demons and from Dragons");
    card(C_SHIVAN, "Shivan Dragon", TYPE_CREATURE, 4, "RR", CB_R, 5, 5, "Dragon",
         "Flying\n{R}: Shivan Dragon gets +1/+0 until end of turn.");
    card(C_SEVERED, "Severed Legion", TYPE_CREATURE, 1, "BB", CB_B, 2, 2, "Zombie",
         "Fear (This creature can't be blocked except by artifact creatures and/or black creatures.)");
    card(C_VISAGE, "Hideous Visage", TYPE_SORCERY, 2, "B", CB_B, 0, 0, "",
         "Creatures you control gain intimidate until end of turn.");
    card(C_CLOAK, "Whispersilk Cloak", TYPE_ARTIFACT, 3, "", 0, 0, 0, "Equipment",
         "Equipped creature can't be blocked and has shroud.\nEquip {2}");
    card(C_TIGER, "Stalking Tiger", TYPE_CREATURE, 3, "G", CB_G, 3, 3, "Cat",
         "Stalking Tiger can't be blocked by more than one creature.");
    card(C_UNICORN, "Prized Unicorn", TYPE_CREATURE, 3, "G", CB_G, 2, 2, "Unicorn",
         "All creatures able to block Prized Unicorn do so.");
    card(C_LURE, "Lure", TYPE_ENCHANTMENT, 1, "GG", CB_G, 0, 0, "Aura",
         "Enchant creature\nAll creatures able to block enchanted creature do so.");
    card(C_JACKAL, "Jackal Familiar", TYPE_CREATURE, 0, "R", CB_R, 2, 2, "Jackal",
         "Jackal Familiar can't attack or block alone.");
    card(C_HIGH_GROUND, "High Ground", TYPE_ENCHANTMENT, 0, "W", CB_W, 0, 0, "",
         "Each creature you control can block an additional creature each combat.");
    card(C_WARLOCK, "Dread Warlock", TYPE_CREATURE, 1, "BB", CB_B, 2, 2, "Human Wizard",
         "Dread Warlock can't be blocked except by black creatures.");
    card(C_JUGGERNAUT, "Juggernaut", TYPE_ARTIFACT | TYPE_CREATURE, 4, "", 0, 5, 3, "Juggernaut",
         "Juggernaut attacks each combat if able.\nJuggernaut can't be blocked by Walls.");
    card(C_WALL_WOOD, "Wall of Wood", TYPE_CREATURE, 0, "G", CB_G, 0, 3, "Wall", "Defender");
    card(C_SEA_MONSTER, "Sea Monster", TYPE_CREATURE, 4, "UU", CB_U, 6, 6, "Serpent",
         "Sea Monster can't attack unless defending player controls an Island.");
    card(C_GOBLIN_KING, "Goblin King", TYPE_CREATURE, 1, "RR", CB_R, 2, 2, "Goblin",
         "Other Goblins get +1/+1 and have mountainwalk. (They can't be blocked as long as defending player "
         "controls a Mountain.)");
    card(C_VOLCANIC, "Volcanic Strength", TYPE_ENCHANTMENT, 1, "R", CB_R, 0, 0, "Aura",
         "Enchant creature\nEnchanted creature gets +2/+2 and has mountainwalk.");
    card(C_MANTLE, "Spirit Mantle", TYPE_ENCHANTMENT, 1, "W", CB_W, 0, 0, "Aura",
         "Enchant creature\nEnchanted creature gets +1/+1 and has protection from creatures.");
    card(C_PATHMAGE, "Crafty Pathmage", TYPE_CREATURE, 2, "U", CB_U, 1, 1, "Human Wizard",
         "{T}: Target creature with power 2 or less can't be blocked this turn.");
    card(C_TUNNELER, "Goblin Tunneler", TYPE_CREATURE, 1, "R", CB_R, 1, 1, "Goblin Rogue",
         "{T}: Target creature with power 2 or less can't be blocked this turn.");
    card(C_DOOM, "Doom Blade", TYPE_INSTANT, 1, "B", CB_B, 0, 0, "", "Destroy target nonblack creature.");
    card(C_PACIFISM, "Pacifism", TYPE_ENCHANTMENT, 1, "W", CB_W, 0, 0, "Aura",
         "Enchant creature\nEnchanted creature can't attack or block.");
    card(C_ANGER, "Uncontrollable Anger", TYPE_ENCHANTMENT, 2, "RR", CB_R, 0, 0, "Aura",
         "Flash\nEnchant creature\nEnchanted creature gets +2/+2 and attacks each combat if able.");
    card(C_FEAR, "Fear", TYPE_ENCHANTMENT, 0, "BB", CB_B, 0, 0, "Aura", "Enchant creature\nEnchanted creature has fear.");
    card(C_BRACERS, "Treetop Bracers", TYPE_ENCHANTMENT, 1, "G", CB_G, 0, 0, "Aura",
         "Enchant creature\nEnchanted creature gets +1/+1 and can't be blocked except by creatures with flying.");
    pool.cards = cards;
    pool.n = C_N;
    return 0;
}

/* A position (text_cards.h). */
typedef TextPos Pos;
static void pos_init(Pos *x) { text_pos_init(x, &pool, 5); }

static void refresh(Pos *x) { x->s.layers_dirty = 1; layers_refresh(&x->s); }
static int put(Pos *x, int p, int c)
{
    int i = perm_enter(&x->s, &x->g, p, p, (uint16_t)c, (uint8_t)c);
    x->s.perm[i].flags &= (uint8_t)~PF_SICK;
    x->s.pending_n = 0;
    refresh(x);
    return i;
}
static void attach(Pos *x, int aura, int to) { x->s.px[aura].attached = (uint8_t)to; refresh(x); }
static void lands(Pos *x, int p, int color, int n) { x->s.pl[p].land_n[color] = (uint8_t)n; }
static void give(Pos *x, int p, int c) { x->s.pl[p].hand[x->s.pl[p].hand_n++] = (uint8_t)c; }

static void resolve_all(Pos *x)
{
    while (x->s.stack_n) { stack_resolve_top(&x->s, &x->g); layers_refresh(&x->s); sba_apply(&x->s, &x->g); }
    assert_int_equal(x->g.check_failed, 0);
}

/* Attacks with slots a[0..n-1] at the player (player 0 active). */
static void attack_with(Pos *x, const int *a, int n)
{
    AttackDecl d[8];
    for (int k = 0; k < n; k++) d[k] = (AttackDecl){ (uint8_t)a[k], TARGET_PLAYER };
    x->s.step = STEP_DECLARE_ATTACKERS;
    assert_int_equal(combat_declare_attackers(&x->s, &x->g, d, n), MTG_OK);
    x->s.step = STEP_DECLARE_BLOCKERS;
}

/* combat_check_attack of slots a[0..n-1]. */
static int check_attack(const Pos *x, const int *a, int n)
{
    AttackDecl d[8];
    for (int k = 0; k < n; k++) d[k] = (AttackDecl){ (uint8_t)a[k], TARGET_PLAYER };
    return combat_check_attack(&x->s, d, n);
}

/* combat_check_block of pairs (blocker, attacker) given flat. */
static int check_block(const Pos *x, const int *pairs, int n)
{
    BlockDecl d[8];
    for (int k = 0; k < n; k++) d[k] = (BlockDecl){ (uint8_t)pairs[2 * k], (uint8_t)pairs[2 * k + 1] };
    return combat_check_block(&x->s, d, n);
}
#define BLOCKS(x, ...) check_block(x, (const int[]){ __VA_ARGS__ }, (int)(sizeof((int[]){ __VA_ARGS__ }) / sizeof(int) / 2))
#define NO_BLOCKS(x) combat_check_block(&(x)->s, NULL, 0)
#define ATTACKS(x, ...) check_attack(x, (const int[]){ __VA_ARGS__ }, (int)(sizeof((int[]){ __VA_ARGS__ }) / sizeof(int)))
#define NO_ATTACKS(x) combat_check_attack(&(x)->s, NULL, 0)

/* Every policy's answer on this position is legal: the random one many
 * times, the heuristic, aggro and the look-ahead once. */
static void policies_legal(Pos *x, int blocks)
{
    extern const Policy policy_heuristic, policy_aggro, policy_lookahead;
    const Policy *pols[] = { &policy_random, &policy_heuristic, &policy_aggro, &policy_lookahead };
    for (int k = 0; k < 4; k++) {
        int runs = k == 0 ? 200 : 1;
        for (int r = 0; r < runs; r++) {
            Rng rng;
            rng_seed(&rng, 99, (uint64_t)r, (uint64_t)k);
            if (blocks) {
                BlockDecl d[PAIR_MAX];
                int n = pols[k]->block(pols[k], &x->s, &x->g, 1 - x->s.active, &rng, d);
                assert_int_equal(combat_check_block(&x->s, d, n), MTG_OK);
            } else {
                AttackDecl d[PERM_MAX];
                int n = pols[k]->attack(pols[k], &x->s, &x->g, x->s.active, &rng, d);
                assert_int_equal(combat_check_attack(&x->s, d, n), MTG_OK);
            }
        }
    }
}

/* 702.14c: swampwalk while the defender controls a Swamp; mountainwalk
 * from Goblin King (other Goblins only) and from Volcanic Strength, two
 * landwalks on one creature. */
static void test_landwalk(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int wraith = put(&x, 0, C_BOG_WRAITH), bears = put(&x, 1, FX_BEARS);
    attack_with(&x, (int[]){ wraith }, 1);
    assert_true(combat_can_block(&x.s, bears, wraith));
    assert_int_equal(BLOCKS(&x, bears, wraith), MTG_OK);
    lands(&x, 1, COLOR_B, 1);                                    /* now a Swamp */
    assert_false(combat_can_block(&x.s, bears, wraith));
    assert_int_equal(BLOCKS(&x, bears, wraith), ERR_ILLEGAL_BLOCK);
    assert_int_equal(NO_BLOCKS(&x), MTG_OK);
    policies_legal(&x, 1);

    Pos y; pos_init(&y);
    int king = put(&y, 0, C_GOBLIN_KING), goblin = put(&y, 0, FX_GOBLIN), bog = put(&y, 0, C_BOG_WRAITH);
    int strength = put(&y, 0, C_VOLCANIC);
    attach(&y, strength, bog);
    int b1 = put(&y, 1, FX_BEARS);
    lands(&y, 1, COLOR_R, 2);                                    /* Mountains only */
    assert_int_equal(y.s.perm[goblin].power, 3);
    attack_with(&y, (int[]){ king, goblin, bog }, 3);
    assert_true(combat_can_block(&y.s, b1, king));               /* "other" Goblins */
    assert_false(combat_can_block(&y.s, b1, goblin));
    assert_false(combat_can_block(&y.s, b1, bog));               /* mountainwalk besides swampwalk */
    assert_int_equal(BLOCKS(&y, b1, goblin), ERR_ILLEGAL_BLOCK);
    policies_legal(&y, 1);
}

/* "Can't be blocked": Phantom Warrior, Whispersilk Cloak (and shroud),
 * and Goblin Tunneler's until end of turn; a target with power 3 is not
 * one. */
static void test_unblockable(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int phantom = put(&x, 0, C_PHANTOM), bears = put(&x, 0, FX_BEARS), cloak = put(&x, 0, C_CLOAK);
    int wurm = put(&x, 0, FX_WURM), tunneler = put(&x, 0, C_TUNNELER);
    int serra = put(&x, 1, FX_SERRA), spider = put(&x, 1, FX_SPIDER);
    attach(&x, cloak, wurm);
    assert_true(perm_rule(&x.s, wurm, RULE_UNBLOCKABLE) && perm_rule(&x.s, wurm, RULE_SHROUD));
    /* The Tunneler: the Bears (power 2) are a target, the Wurm is not. */
    Action acts[ACTION_MAX];
    int n = game_legal_actions(&x.s, 0, acts), pick = -1, wurm_target = 0;
    for (int k = 0; k < n; k++)
        if (acts[k].type == ACT_ACTIVATE && acts[k].hand_idx == tunneler) {
            if (acts[k].tv[0] == bears) pick = k;
            if (acts[k].tv[0] == wurm) wurm_target = 1;
        }
    assert_true(pick >= 0);
    assert_false(wurm_target);
    assert_int_equal(action_apply(&x.s, &x.g, 0, &acts[pick], 0), MTG_OK);
    resolve_all(&x);
    assert_true(perm_rule(&x.s, bears, RULE_UNBLOCKABLE));
    attack_with(&x, (int[]){ phantom, bears, wurm }, 3);
    for (int b = 0; b < 2; b++)
        for (int a = 0; a < 3; a++)
            assert_false(combat_can_block(&x.s, (int[]){ serra, spider }[b], (int[]){ phantom, bears, wurm }[a]));
    assert_int_equal(BLOCKS(&x, spider, phantom), ERR_ILLEGAL_BLOCK);
    policies_legal(&x, 1);
    /* 514.2: the Bears can be blocked again next turn. */
    combat_end(&x.s);
    floating_end_of_turn(&x.s);
    layers_refresh(&x.s);
    assert_false(perm_rule(&x.s, bears, RULE_UNBLOCKABLE));
    x.s.perm[bears].flags &= (uint8_t)~PF_TAPPED;
    attack_with(&x, (int[]){ bears }, 1);
    assert_true(combat_can_block(&x.s, spider, bears));
}

/* Blocking limits: Cloud Sprite blocks only flyers; Palace Guard any
 * number; High Ground one more each (two High Grounds: two more); Stalking
 * Tiger one blocker at most; Jackal Familiar never alone. */
static void test_block_limits(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int bears = put(&x, 0, FX_BEARS), serra = put(&x, 0, FX_SERRA), goblin = put(&x, 0, FX_GOBLIN);
    int tiger = put(&x, 0, C_TIGER);
    int sprite = put(&x, 1, C_CLOUD_SPRITE), guard = put(&x, 1, C_PALACE), spider = put(&x, 1, FX_SPIDER);
    attack_with(&x, (int[]){ bears, serra, goblin, tiger }, 4);
    assert_true(combat_can_block(&x.s, sprite, serra));
    assert_false(combat_can_block(&x.s, sprite, bears));
    assert_int_equal(BLOCKS(&x, sprite, bears), ERR_ILLEGAL_BLOCK);
    assert_int_equal(combat_block_capacity(&x.s, guard), PERM_MAX);
    assert_int_equal(BLOCKS(&x, guard, bears, guard, goblin, guard, tiger), MTG_OK);
    assert_int_equal(BLOCKS(&x, spider, bears, spider, goblin), ERR_ILLEGAL_BLOCK);
    assert_int_equal(BLOCKS(&x, spider, tiger, guard, tiger), ERR_ILLEGAL_BLOCK);     /* one at most */
    assert_int_equal(BLOCKS(&x, spider, tiger, guard, bears), MTG_OK);
    policies_legal(&x, 1);
    int ground = put(&x, 1, C_HIGH_GROUND);
    assert_int_equal(combat_block_capacity(&x.s, spider), 2);
    assert_int_equal(BLOCKS(&x, spider, bears, spider, goblin), MTG_OK);
    assert_int_equal(BLOCKS(&x, spider, bears, spider, goblin, spider, serra), ERR_ILLEGAL_BLOCK);
    put(&x, 1, C_HIGH_GROUND);
    assert_int_equal(combat_block_capacity(&x.s, spider), 3);
    assert_int_equal(BLOCKS(&x, spider, bears, spider, goblin, spider, serra), MTG_OK);
    assert_int_equal(combat_block_capacity(&x.s, bears), 1);                        /* "you control" */
    (void)ground;
    policies_legal(&x, 1);

    Pos y; pos_init(&y);
    int jackal = put(&y, 0, C_JACKAL), b0 = put(&y, 0, FX_BEARS);
    int j1 = put(&y, 1, C_JACKAL), b1 = put(&y, 1, FX_BEARS);
    assert_int_equal(ATTACKS(&y, jackal), ERR_ILLEGAL_ATTACK);                       /* 506.5 */
    assert_int_equal(ATTACKS(&y, jackal, b0), MTG_OK);
    attack_with(&y, (int[]){ jackal, b0 }, 2);
    assert_int_equal(BLOCKS(&y, j1, jackal), ERR_ILLEGAL_BLOCK);
    assert_int_equal(BLOCKS(&y, j1, jackal, b1, b0), MTG_OK);
    assert_int_equal(BLOCKS(&y, b1, b0), MTG_OK);
    policies_legal(&y, 1);
}

/* 508.1d: Berserkers of Blood Ridge attack each combat if able (not when
 * tapped or summoning sick); Jackal Familiar under Uncontrollable Anger
 * must attack but not alone: another creature must come with it when one
 * can; Juggernaut attacks, and Walls can't block it. */
static void test_must_attack(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int bers = put(&x, 0, C_BERSERKERS), bears = put(&x, 0, FX_BEARS);
    assert_int_equal(NO_ATTACKS(&x), ERR_ILLEGAL_ATTACK);
    assert_int_equal(ATTACKS(&x, bears), ERR_ILLEGAL_ATTACK);
    assert_int_equal(ATTACKS(&x, bers), MTG_OK);
    assert_int_equal(ATTACKS(&x, bers, bears), MTG_OK);
    x.s.step = STEP_DECLARE_ATTACKERS;
    policies_legal(&x, 0);
    AttackDecl d[PERM_MAX];
    assert_int_equal(combat_attack_repair(&x.s, d, 0), 1);
    assert_int_equal(d[0].attacker, bers);
    x.s.perm[bers].flags |= PF_SICK;
    assert_int_equal(NO_ATTACKS(&x), MTG_OK);
    x.s.perm[bers].flags = (uint8_t)((x.s.perm[bers].flags & ~PF_SICK) | PF_TAPPED);
    assert_int_equal(NO_ATTACKS(&x), MTG_OK);

    Pos y; pos_init(&y);
    int jackal = put(&y, 0, C_JACKAL), b0 = put(&y, 0, FX_BEARS), anger = put(&y, 0, C_ANGER);
    attach(&y, anger, jackal);
    assert_int_equal(y.s.perm[jackal].power, 4);
    assert_int_equal(NO_ATTACKS(&y), ERR_ILLEGAL_ATTACK);
    assert_int_equal(ATTACKS(&y, jackal), ERR_ILLEGAL_ATTACK);
    assert_int_equal(ATTACKS(&y, b0), ERR_ILLEGAL_ATTACK);
    assert_int_equal(ATTACKS(&y, jackal, b0), MTG_OK);
    assert_int_equal(combat_attack_repair(&y.s, d, 0), 2);
    y.s.step = STEP_DECLARE_ATTACKERS;
    policies_legal(&y, 0);
    y.s.perm[b0].flags |= PF_TAPPED;                  /* no partner: the requirement can't be met */
    assert_int_equal(NO_ATTACKS(&y), MTG_OK);
    assert_int_equal(ATTACKS(&y, jackal), ERR_ILLEGAL_ATTACK);
    policies_legal(&y, 0);

    Pos z; pos_init(&z);
    int jugg = put(&z, 0, C_JUGGERNAUT);
    int wall = put(&z, 1, C_WALL_WOOD), bears1 = put(&z, 1, FX_BEARS);
    assert_int_equal(NO_ATTACKS(&z), ERR_ILLEGAL_ATTACK);
    attack_with(&z, (int[]){ jugg }, 1);
    assert_false(combat_can_block(&z.s, wall, jugg));
    assert_true(combat_can_block(&z.s, bears1, jugg));
    policies_legal(&z, 1);
}

/* 509.1c: every creature able to block Prized Unicorn does; one able to
 * block only one of two must block one; with Stalking Tiger under Lure,
 * one blocker is the most that can obey, so one must; Palace Guard blocks
 * both Unicorns; a menace attacker with one able blocker needs none; a
 * creature that can't block alone blocks the Unicorn when another
 * creature can block something. */
static void test_lure(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int unicorn = put(&x, 0, C_UNICORN), bears = put(&x, 0, FX_BEARS);
    int spider = put(&x, 1, FX_SPIDER), wall = put(&x, 1, C_WALL_WOOD), sprite = put(&x, 1, C_CLOUD_SPRITE);
    attack_with(&x, (int[]){ unicorn, bears }, 2);
    assert_int_equal(NO_BLOCKS(&x), ERR_ILLEGAL_BLOCK);
    assert_int_equal(BLOCKS(&x, spider, unicorn), ERR_ILLEGAL_BLOCK);
    assert_int_equal(BLOCKS(&x, spider, unicorn, wall, bears), ERR_ILLEGAL_BLOCK);
    assert_int_equal(BLOCKS(&x, spider, unicorn, wall, unicorn), MTG_OK);
    assert_int_equal(BLOCKS(&x, spider, unicorn, wall, unicorn, sprite, bears), ERR_ILLEGAL_BLOCK);  /* flyers only */
    BlockDecl d[PAIR_MAX];
    d[0] = (BlockDecl){ (uint8_t)spider, (uint8_t)bears };
    int n = combat_block_repair(&x.s, d, 1);
    assert_int_equal(n, 2);
    assert_int_equal(combat_check_block(&x.s, d, n), MTG_OK);
    policies_legal(&x, 1);

    /* Lure on Stalking Tiger: exactly one of the two. */
    Pos y; pos_init(&y);
    int tiger = put(&y, 0, C_TIGER), lure = put(&y, 0, C_LURE), b0 = put(&y, 0, FX_BEARS);
    attach(&y, lure, tiger);
    int s1 = put(&y, 1, FX_SPIDER), w1 = put(&y, 1, C_WALL_WOOD);
    attack_with(&y, (int[]){ tiger, b0 }, 2);
    assert_int_equal(NO_BLOCKS(&y), ERR_ILLEGAL_BLOCK);
    assert_int_equal(BLOCKS(&y, s1, tiger), MTG_OK);
    assert_int_equal(BLOCKS(&y, w1, tiger, s1, b0), MTG_OK);
    assert_int_equal(BLOCKS(&y, s1, tiger, w1, tiger), ERR_ILLEGAL_BLOCK);
    assert_int_equal(BLOCKS(&y, s1, b0), ERR_ILLEGAL_BLOCK);
    policies_legal(&y, 1);

    /* Two Unicorns: the Guard blocks both; the Spider one of them. */
    Pos z; pos_init(&z);
    int u1 = put(&z, 0, C_UNICORN), u2 = put(&z, 0, C_UNICORN);
    int guard = put(&z, 1, C_PALACE), s2 = put(&z, 1, FX_SPIDER);
    attack_with(&z, (int[]){ u1, u2 }, 2);
    assert_int_equal(BLOCKS(&z, guard, u1, s2, u2), ERR_ILLEGAL_BLOCK);
    assert_int_equal(BLOCKS(&z, guard, u1, guard, u2, s2, u2), MTG_OK);
    assert_int_equal(BLOCKS(&z, guard, u1, guard, u2, s2, u1), MTG_OK);
    assert_int_equal(BLOCKS(&z, guard, u1, guard, u2), ERR_ILLEGAL_BLOCK);
    policies_legal(&z, 1);

    /* Lure on a menace creature: one able blocker can't block it alone. */
    Pos m; pos_init(&m);
    int men = put(&m, 0, FX_MENACE), lure2 = put(&m, 0, C_LURE);
    attach(&m, lure2, men);
    int s3 = put(&m, 1, FX_SPIDER), sprite3 = put(&m, 1, C_CLOUD_SPRITE);
    attack_with(&m, (int[]){ men }, 1);
    assert_int_equal(NO_BLOCKS(&m), MTG_OK);
    assert_int_equal(BLOCKS(&m, s3, men), ERR_ILLEGAL_BLOCK);
    policies_legal(&m, 1);
    (void)sprite3;
    int w3 = put(&m, 1, C_WALL_WOOD);
    assert_int_equal(NO_BLOCKS(&m), ERR_ILLEGAL_BLOCK);
    assert_int_equal(BLOCKS(&m, s3, men, w3, men), MTG_OK);
    policies_legal(&m, 1);

    /* Jackal Familiar, the only one able to block the Unicorn, with Cloud
     * Sprite able to block Serra Angel: both must block. */
    Pos j; pos_init(&j);
    int u3 = put(&j, 0, C_UNICORN), serra = put(&j, 0, FX_SERRA);
    int jackal = put(&j, 1, C_JACKAL), sp = put(&j, 1, C_CLOUD_SPRITE);
    attack_with(&j, (int[]){ u3, serra }, 2);
    assert_int_equal(NO_BLOCKS(&j), ERR_ILLEGAL_BLOCK);
    assert_int_equal(BLOCKS(&j, jackal, u3), ERR_ILLEGAL_BLOCK);                    /* alone */
    assert_int_equal(BLOCKS(&j, jackal, u3, sp, serra), MTG_OK);
    assert_int_equal(combat_block_repair(&j.s, d, 0), 2);
    policies_legal(&j, 1);
    Pos k; pos_init(&k);
    int u4 = put(&k, 0, C_UNICORN);
    put(&k, 1, C_JACKAL);
    attack_with(&k, (int[]){ u4 }, 1);
    assert_int_equal(NO_BLOCKS(&k), MTG_OK);                /* nothing to block beside it */
    policies_legal(&k, 1);
}

/* 702.16: protection from black (blocking, Doom Blade), from Dragons
 * (Baneslayer: blocking, damage), from creatures (Spirit Mantle: no
 * creature blocks it, creature damage prevented, no creature's ability
 * targets it), and from white (Pacifism can't enchant Black Knight). */
static void test_protection(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int knight = put(&x, 0, C_WHITE_KNIGHT);
    int legion = put(&x, 1, C_SEVERED), bears = put(&x, 1, FX_BEARS);
    give(&x, 1, C_DOOM);
    lands(&x, 1, COLOR_B, 2);
    Action acts[ACTION_MAX];
    int n = game_legal_actions(&x.s, 1, acts);
    for (int k = 0; k < n; k++) assert_false(acts[k].type == ACT_CAST && acts[k].tv[0] == knight);
    attack_with(&x, (int[]){ knight }, 1);
    assert_false(combat_can_block(&x.s, legion, knight));
    assert_true(combat_can_block(&x.s, bears, knight));
    policies_legal(&x, 1);

    Pos y; pos_init(&y);
    int angel = put(&y, 0, C_BANESLAYER), dragon = put(&y, 1, C_SHIVAN), serra = put(&y, 1, FX_SERRA);
    attack_with(&y, (int[]){ angel }, 1);
    assert_false(combat_can_block(&y.s, dragon, angel));
    assert_true(combat_can_block(&y.s, serra, angel));
    DamageSource ds = { (uint8_t)dragon, 1, CB_R, C_SHIVAN, 0, 0, 0 };
    assert_int_equal(damage_deal(&y.s, &y.g, &ds, angel, 0, 3), 0);                 /* 702.16e */
    DamageSource ss = { (uint8_t)serra, 1, CB_W, FX_SERRA, 0, 0, 0 };
    assert_int_equal(damage_deal(&y.s, &y.g, &ss, angel, 0, 3), 3);

    /* Spirit Mantle on Grizzly Bears (3/3, protection from creatures). */
    Pos z; pos_init(&z);
    int mbears = put(&z, 1, FX_BEARS), mantle = put(&z, 1, C_MANTLE), pathmage = put(&z, 0, C_PATHMAGE);
    attach(&z, mantle, mbears);
    int wurm = put(&z, 0, FX_WURM), pacifism = put(&z, 0, C_PACIFISM);
    n = game_legal_actions(&z.s, 0, acts);
    for (int k = 0; k < n; k++) assert_false(acts[k].type == ACT_ACTIVATE && acts[k].hand_idx == pathmage &&
                                             acts[k].tv[0] == mbears);
    attach(&z, pacifism, mbears);                                   /* an Aura that is no creature stays */
    sba_apply(&z.s, &z.g);
    assert_true(permset_has(z.s.perm_used, pacifism));
    perm_leave(&z.s, &z.g, pacifism, ZONE_GRAVEYARD);
    refresh(&z);
    attack_with(&z, (int[]){ wurm }, 1);
    assert_int_equal(BLOCKS(&z, mbears, wurm), MTG_OK);
    BlockDecl bd = { (uint8_t)mbears, (uint8_t)wurm };
    assert_int_equal(combat_declare_blockers(&z.s, &z.g, &bd, 1), MTG_OK);
    assert_int_equal(combat_damage_step(&z.s, &z.g, 0, NULL, 0), MTG_OK);
    assert_true(permset_has(z.s.perm_used, mbears));
    assert_int_equal(z.s.perm[mbears].damage, 0);
    assert_int_equal(z.s.perm[wurm].damage, 3);
    combat_end(&z.s);
    /* Its attack: no creature can block it. */
    Pos w; pos_init(&w);
    int mb = put(&w, 0, FX_BEARS), mm = put(&w, 0, C_MANTLE), orn = put(&w, 1, FX_ORNITHOPTER);
    attach(&w, mm, mb);
    attack_with(&w, (int[]){ mb }, 1);
    assert_false(combat_can_block(&w.s, orn, mb));
    policies_legal(&w, 1);

    /* Pacifism (white) can't enchant Black Knight: not a target, and off
     * it at once if it gets there (704.5m). */
    Pos v; pos_init(&v);
    int bk = put(&v, 1, C_BLACK_KNIGHT);
    give(&v, 0, C_PACIFISM);
    lands(&v, 0, COLOR_W, 2);
    n = game_legal_actions(&v.s, 0, acts);
    for (int k = 0; k < n; k++) assert_false(acts[k].type == ACT_CAST && acts[k].tv[0] == bk);
    int pac = put(&v, 0, C_PACIFISM);
    attach(&v, pac, bk);
    sba_apply(&v.s, &v.g);
    assert_false(permset_has(v.s.perm_used, pac));
}

/* 702.36 fear, 702.13 intimidate (Hideous Visage, until end of turn),
 * "can't be blocked except by black creatures", Fear the Aura, Treetop
 * Bracers ("except by creatures with flying": reach is not enough). */
static void test_fear_intimidate(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int legion = put(&x, 0, C_SEVERED), warlock = put(&x, 0, C_WARLOCK), bears = put(&x, 0, FX_BEARS);
    int fear = put(&x, 0, C_FEAR), gob = put(&x, 0, FX_GOBLIN), bracers = put(&x, 0, C_BRACERS);
    attach(&x, fear, bears);
    attach(&x, bracers, gob);
    int rats = put(&x, 1, FX_TYPHOID), orn = put(&x, 1, FX_ORNITHOPTER), spider = put(&x, 1, FX_SPIDER);
    attack_with(&x, (int[]){ legion, warlock, bears, gob }, 4);
    assert_true(combat_can_block(&x.s, orn, gob));              /* flying */
    assert_false(combat_can_block(&x.s, spider, gob));          /* reach only */
    assert_false(combat_can_block(&x.s, rats, gob));
    assert_true(combat_can_block(&x.s, rats, legion));
    assert_true(combat_can_block(&x.s, orn, legion));           /* an artifact creature */
    assert_false(combat_can_block(&x.s, spider, legion));
    assert_true(combat_can_block(&x.s, rats, warlock));
    assert_false(combat_can_block(&x.s, orn, warlock));         /* black creatures only */
    assert_false(combat_can_block(&x.s, spider, bears));
    assert_true(combat_can_block(&x.s, orn, bears));
    policies_legal(&x, 1);

    Pos y; pos_init(&y);
    int goblin = put(&y, 0, FX_GOBLIN), b0 = put(&y, 0, FX_BEARS);
    int jackal = put(&y, 1, C_JACKAL), spider1 = put(&y, 1, FX_SPIDER), orn1 = put(&y, 1, FX_ORNITHOPTER);
    give(&y, 0, C_VISAGE);
    lands(&y, 0, COLOR_B, 3);
    Action acts[ACTION_MAX];
    int n = game_legal_actions(&y.s, 0, acts), pick = -1;
    for (int k = 0; k < n; k++) if (acts[k].type == ACT_CAST) pick = k;
    assert_true(pick >= 0);
    assert_int_equal(action_apply(&y.s, &y.g, 0, &acts[pick], 0), MTG_OK);
    resolve_all(&y);
    assert_true(perm_rule(&y.s, goblin, RULE_INTIMIDATE) && !perm_rule(&y.s, jackal, RULE_INTIMIDATE));
    attack_with(&y, (int[]){ goblin, b0 }, 2);
    assert_true(combat_can_block(&y.s, jackal, goblin));        /* shares red */
    assert_false(combat_can_block(&y.s, jackal, b0));
    assert_true(combat_can_block(&y.s, spider1, b0));
    assert_false(combat_can_block(&y.s, spider1, goblin));
    assert_true(combat_can_block(&y.s, orn1, goblin) && combat_can_block(&y.s, orn1, b0));
    policies_legal(&y, 1);
    combat_end(&y.s);
    floating_end_of_turn(&y.s);
    layers_refresh(&y.s);
    assert_false(perm_rule(&y.s, goblin, RULE_INTIMIDATE));
}

/* "Can't attack unless defending player controls an Island." */
static void test_attack_only_if(void **state)
{
    (void)state;
    Pos x; pos_init(&x);
    int monster = put(&x, 0, C_SEA_MONSTER), bears = put(&x, 0, FX_BEARS);
    x.s.step = STEP_DECLARE_ATTACKERS;
    assert_false(combat_may_attack(&x.s, monster));
    assert_int_equal(ATTACKS(&x, monster), ERR_ILLEGAL_ATTACK);
    assert_int_equal(ATTACKS(&x, bears), MTG_OK);
    policies_legal(&x, 0);
    lands(&x, 1, COLOR_U, 1);
    assert_true(combat_may_attack(&x.s, monster));
    assert_int_equal(ATTACKS(&x, monster, bears), MTG_OK);
    policies_legal(&x, 0);
}

/* The heuristic: a must-attack creature attacks even into a wall of
 * blockers; an unblockable one attacks where a blockable one of the same
 * body would not; its blocks obey Lure. */
static void test_heuristic_choices(void **state)
{
    (void)state;
    extern const Policy policy_heuristic;
    Pos x; pos_init(&x);
    int bers = put(&x, 0, C_BERSERKERS), phantom = put(&x, 0, C_PHANTOM), bears = put(&x, 0, FX_BEARS);
    put(&x, 1, FX_WURM);
    put(&x, 1, FX_WURM);
    x.s.step = STEP_DECLARE_ATTACKERS;
    AttackDecl d[PERM_MAX];
    int n = policy_heuristic.attack(&policy_heuristic, &x.s, &x.g, 0, &x.rng[2], d);
    int has_bers = 0, has_phantom = 0, has_bears = 0;
    for (int k = 0; k < n; k++) {
        has_bers |= d[k].attacker == bers;
        has_phantom |= d[k].attacker == phantom;
        has_bears |= d[k].attacker == bears;
    }
    assert_true(has_bers && has_phantom);
    assert_false(has_bears);                          /* a 2/2 into two 6/4s */
    assert_int_equal(combat_check_attack(&x.s, d, n), MTG_OK);
}

/* Whole games: two decks of these cards, random and heuristic policies
 * (and a few look-ahead ones), state_check after every action; the rules
 * abilities come up (Unicorns blocked, Berserkers attacking). */
typedef struct Seen { int lure_blocks, must_attacks; } Seen;
static void on_event(void *ctx, const GameState *s, const Event *e)
{
    Seen *n = ctx;
    if (e->type == EV_BLOCK && perm_rule(s, e->other, RULE_LURE)) n->lure_blocks++;
    if (e->type == EV_ATTACK && perm_rule(s, e->perm, RULE_MUST_ATTACK)) n->must_attacks++;
}

static void test_games(void **state)
{
    (void)state;
    static const int a_list[][2] = {
        { FX_SWAMP, 9 }, { FX_MOUNTAIN, 8 }, { C_BOG_WRAITH, 3 }, { C_SEVERED, 3 }, { C_WARLOCK, 2 },
        { C_BERSERKERS, 2 }, { C_JACKAL, 3 }, { C_GOBLIN_KING, 2 }, { FX_GOBLIN, 4 }, { C_JUGGERNAUT, 2 },
        { C_VISAGE, 2 }, { C_VOLCANIC, 2 }, { C_FEAR, 2 }, { C_ANGER, 2 }, { C_TUNNELER, 2 }, { C_DOOM, 2 },
        { C_BLACK_KNIGHT, 2 }, { C_SHIVAN, 1 } };
    static const int b_list[][2] = {
        { FX_PLAINS, 6 }, { FX_FOREST, 6 }, { FX_ISLAND, 5 }, { C_WHITE_KNIGHT, 2 }, { C_PALACE, 2 },
        { C_BANESLAYER, 1 }, { C_UNICORN, 3 }, { C_LURE, 2 }, { C_TIGER, 2 }, { C_HIGH_GROUND, 2 },
        { C_MANTLE, 2 }, { C_CLOUD_SPRITE, 2 }, { C_PHANTOM, 2 }, { C_CLOAK, 1 }, { C_SEA_MONSTER, 2 },
        { C_PATHMAGE, 2 }, { C_WALL_WOOD, 2 }, { C_PACIFISM, 2 }, { FX_BEARS, 4 } };
    Deck da, db;
    da.n = db.n = 0;
    for (size_t k = 0; k < sizeof a_list / sizeof *a_list; k++)
        for (int j = 0; j < a_list[k][1]; j++) da.card[da.n++] = (uint16_t)a_list[k][0];
    for (size_t k = 0; k < sizeof b_list / sizeof *b_list; k++)
        for (int j = 0; j < b_list[k][1]; j++) db.card[db.n++] = (uint16_t)b_list[k][0];
    extern const Policy policy_heuristic, policy_lookahead;
    LookaheadParams lp;
    lookahead_defaults(&lp);
    lp.rollouts = 2;
    lp.candidates = 3;
    Policy la = policy_lookahead;
    la.self = &lp;
    const Policy *pols[3] = { &policy_random, &policy_heuristic, &la };
    int decided = 0;
    Seen seen = { 0, 0 };
    for (int game = 0; game < 400; game++) {
        GameState s;
        Game g;
        memset(&g, 0, sizeof g);
        Rng r[4];
        uint8_t lib[2][DECK_MAX];
        for (int k = 0; k < 4; k++) rng_seed(&r[k], 23, (uint64_t)(game * 4 + k), 0);
        g.pool = &pool;
        g.deck[game & 1] = &da;
        g.deck[1 - (game & 1)] = &db;
        int la_game = game % 40 == 39;                /* the look-ahead is slow: a few games */
        g.policy[0] = la_game ? pols[2] : pols[(game >> 1) & 1];
        g.policy[1] = pols[(game >> 2) & 1];
        g.deck_rng[0] = &r[0]; g.deck_rng[1] = &r[1];
        g.policy_rng[0] = &r[2]; g.policy_rng[1] = &r[3];
        g.lib_buf[0] = lib[0]; g.lib_buf[1] = lib[1];
        g.check = 1;
        g.on_event[EV_BLOCK] = g.on_event[EV_ATTACK] = on_event;
        g.event_ctx = &seen;
        game_init(&s, &g, (game >> 3) & 1);
        assert_true(s.spells);
        game_run(&s, &g);
        if (g.check_failed) fail_msg("game %d: %s", game, g.check_msg);
        if (s.end_reason == END_ERROR) fail_msg("game %d: %s", game, mtg_error_name(s.error));
        decided += s.winner < 2;
    }
    assert_true(decided > 300);
    assert_true(seen.lure_blocks > 50);
    assert_true(seen.must_attacks > 50);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_landwalk),
        cmocka_unit_test(test_unblockable),
        cmocka_unit_test(test_block_limits),
        cmocka_unit_test(test_must_attack),
        cmocka_unit_test(test_lure),
        cmocka_unit_test(test_protection),
        cmocka_unit_test(test_fear_intimidate),
        cmocka_unit_test(test_attack_only_if),
        cmocka_unit_test(test_heuristic_choices),
        cmocka_unit_test(test_games),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
