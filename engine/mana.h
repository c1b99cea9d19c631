/* mana.h: amounts of mana by color packed a byte per color in a uint64_t.
 *
 * The turn loop and the policies ask at every main-phase action how much
 * mana a player can make and whether it pays a cost; packed (the
 * COLOR_COUNT bytes of Player.land_n or CardDef.cost_color in one integer)
 * those are a few integer operations instead of loops over the colors.
 * Lanes never carry into each other as long as every byte stays below 128:
 * mana_available refuses states where one could not, and its callers then
 * take the loops over the colors (no deck of DECK_MAX cards gets there in
 * practice, but nothing forbids it). Pure arithmetic, no state. */
#ifndef MTG_MANA_H
#define MTG_MANA_H

#include <string.h>
#include "state.h"

#define MANA_HIGH 0x0000808080808080ull  /* the high bit of each of the COLOR_COUNT lanes */

_Static_assert(COLOR_COUNT == 6, "mana.h packs six colors");

/* COLOR_COUNT bytes (a cost, a pool, counts of lands by color) packed. The
 * lane order is the machine's; every operation here is lane-wise, so it
 * does not matter. Two loads rather than one memcpy of six bytes, which
 * compilers build through the stack. */
static inline uint64_t mana_pack(const uint8_t v[COLOR_COUNT])
{
    uint32_t lo;
    uint16_t hi;
    memcpy(&lo, v, 4);
    memcpy(&hi, v + 4, 2);
    return lo | (uint64_t)hi << 32;
}

/* Writes packed x back to COLOR_COUNT bytes. */
static inline void mana_unpack(uint8_t v[COLOR_COUNT], uint64_t x)
{
    uint32_t lo = (uint32_t)x;
    uint16_t hi = (uint16_t)(x >> 32);
    memcpy(v, &lo, 4);
    memcpy(v + 4, &hi, 2);
}

/* mana_available from a player's counts packed: lands, tapped lands and
 * pool (for a caller that read them already). */
static inline int mana_available_of(uint64_t lands, uint64_t tapped, uint64_t pool, uint64_t *avail)
{
    if ((lands | pool) & MANA_HIGH) return 0;
    uint64_t a = lands - tapped + pool;
    if (a & MANA_HIGH) return 0;
    *avail = a;
    return 1;
}

/* The player's untapped basic lands plus mana pool, by color, packed into
 * *avail. Returns 0 (and leaves *avail unset) when a count reaches 128,
 * where lanes could carry: the caller then counts color by color. Relies
 * on land_tapped <= land_n by color (state_check). */
static inline int mana_available(const Player *pl, uint64_t *avail)
{
    return mana_available_of(mana_pack(pl->land_n), mana_pack(pl->land_tapped), mana_pack(pl->mana), avail);
}

/* Whether `avail` (from mana_available, every lane below 128) covers the
 * colored part of packed cost `cost` in every lane. A cost lane of 128 or
 * more is never covered. */
static inline int mana_covers(uint64_t avail, uint64_t cost)
{
    return !(cost & MANA_HIGH) & ((((avail | MANA_HIGH) - cost) & MANA_HIGH) == MANA_HIGH);
}

/* Packed 1 in color c's lane (a one-hot row packed: the lane order is the
 * machine's). Adding it to packed counts adds one of that color in a
 * single word write: byte writes followed by word reads of the same
 * counts stall the CPU (a store cannot be forwarded to a wider load). */
static inline uint64_t mana_unit(int c)
{
    static const uint8_t one_hot[COLOR_COUNT][COLOR_COUNT] = {
        { 1 }, { 0, 1 }, { 0, 0, 1 }, { 0, 0, 0, 1 }, { 0, 0, 0, 0, 1 }, { 0, 0, 0, 0, 0, 1 } };
    return mana_pack(one_hot[c]);
}

/* Sum of the lanes (exact for any byte values: pairs of lanes are summed
 * in 16 bits, then the four pairs in the top 16). */
static inline int mana_total(uint64_t x)
{
    x = (x & 0x00FF00FF00FF00FFull) + ((x >> 8) & 0x00FF00FF00FF00FFull);
    return (int)((x * 0x0001000100010001ull) >> 48);
}

/* What the main phase and the legal actions read of a card, packed in one
 * integer (a player's per-object table, Player.play): whether it is a land
 * that makes mana (a land drop), whether it is a creature spell, whether
 * it is cast at instant speed, its mana value and its colored cost (packed
 * as above), and whether that value is its whole cost. One load per card
 * in hand instead of the object's pool index, then the definition's
 * fields. */
#define PLAY_COST     0x0000FFFFFFFFFFFFull  /* colored cost, packed */
#define PLAY_MV_SHIFT 48                     /* mana value: bits 48-55 */
#define PLAY_LAND     (1ull << 56)           /* a land that makes mana: can be played */
#define PLAY_CREATURE (1ull << 57)           /* a creature card that is not a land: can be cast */
#define PLAY_ANY_LAND (1ull << 58)           /* a land card, making mana or not */
#define PLAY_COLOR_SHIFT 59                  /* with PLAY_LAND: the COLOR_* it makes, bits 59-61 */
#define PLAY_TRICK    (1ull << 59)           /* without PLAY_ANY_LAND: a card of RF_TRICK (card.h) */
#define PLAY_FAST     (1ull << 62)           /* an instant, or a card with flash: cast at instant speed */
#define PLAY_MV_COST  (1ull << 63)           /* its mana value is its whole mana cost (colored plus
                                                generic: no symbol the engine does not pay), and
                                                no color of it reaches 128 symbols */

/* Whether card d has flash (702.8: "Flash", a static ability of its own). */
static inline int card_has_flash(const CardDef *d)
{
    for (int k = 0; k < d->n_abilities; k++) {
        const Ability *a = &d->ab[k];
        if (a->kind == AB_STATIC && a->n_effects && a->effect[0].op == OP_RULE &&
            a->effect[0].arg2 == RULE_FLASH && a->effect[0].who == SEL_SELF)
            return 1;
    }
    return 0;
}

static inline uint64_t play_info(const CardDef *d)
{
    int land = (d->types & TYPE_LAND) != 0;
    uint64_t cost = mana_pack(d->cost_color);
    return cost | (uint64_t)d->mana_value << PLAY_MV_SHIFT |
           (land && d->produces >= 0 ? PLAY_LAND | (uint64_t)d->produces << PLAY_COLOR_SHIFT : 0) |
           (land ? PLAY_ANY_LAND : (d->rules & RF_TRICK ? PLAY_TRICK : 0)) |
           (!land && (d->types & TYPE_CREATURE) ? PLAY_CREATURE : 0) |
           ((d->types & TYPE_INSTANT) || card_has_flash(d) ? PLAY_FAST : 0) |
           (mana_total(cost) + d->cost_generic == d->mana_value && !(cost & MANA_HIGH) ? PLAY_MV_COST : 0);
}

/* The color a PLAY_LAND card makes, and the colored symbols of color c
 * in a card's cost, from its play_info. */
static inline int play_color(uint64_t x) { return (int)(x >> PLAY_COLOR_SHIFT & 7); }
static inline int play_cost(uint64_t x, int c) { uint8_t v[COLOR_COUNT]; mana_unpack(v, x & PLAY_COST); return v[c]; }

/* What the main phase reads of player p's card object obj: from the
 * player's play table, or from the card without one. */
static inline uint64_t play_of(const GameState *s, int p, uint8_t obj)
{
    const Player *pl = &s->pl[p];
    return pl->play ? pl->play[obj] : play_info(&s->cards[OBJ_CARD(s, p, obj)]);
}

/* Player pl's untapped basic lands of color c. */
static inline int mana_untapped(const Player *pl, int c) { return pl->land_n[c] - pl->land_tapped[c]; }

/* Whether the player's mana pool and untapped basic lands can pay card
 * d's mana cost. */
int mana_can_pay(const Player *pl, const CardDef *d);

/* Pays card d's cost (the caller checked mana_can_pay): colored symbols
 * from the pool, then lands of their color; generic from the pool, then
 * from the color with the most untapped lands left. */
void mana_pay(Player *pl, const CardDef *d);

/* 500.4: both players' mana pools empty as a step ends (inline: every
 * step of every game calls it), but not one whose pool a static ability
 * keeps (Upwelling: PR_KEEP_MANA, from the layers; 0 without rules text). */
static inline void mana_empty(GameState *s)
{
    uint32_t both;                                     /* both players' rules in one load */
    memcpy(&both, s->pl_rules, sizeof both);
    if (!(both & (PR_KEEP_MANA | (uint32_t)PR_KEEP_MANA << 16))) {   /* one test: most often */
        memset(s->pl[0].mana, 0, sizeof s->pl[0].mana);
        memset(s->pl[1].mana, 0, sizeof s->pl[1].mana);
        return;
    }
    if (!(s->pl_rules[0] & PR_KEEP_MANA)) memset(s->pl[0].mana, 0, sizeof s->pl[0].mana);
    if (!(s->pl_rules[1] & PR_KEEP_MANA)) memset(s->pl[1].mana, 0, sizeof s->pl[1].mana);
}

/* In a game with rules text, mana also comes from permanents with a mana
 * ability whose only cost is {T} (Llanowar Elves, a dual land, a pain land
 * whose colored mana deals 1 damage to its controller, Elvish Archdruid's
 * {G} for each Elf), activated while paying (601.2g, 605.3b), and with
 * Joiner Adept (PR_LANDS_ANY_COLOR) any land makes any color. Whether player p can pay `color` (COLOR_*
 * symbols) and `generic` now, leaving permanent `keep` untapped (it taps
 * for the cost itself; -1: none). */
int mana_can_pay_cost(const GameState *s, int p, const uint8_t color[COLOR_COUNT], int generic, int keep);

/* Whether permanent i may make mana as player p pays (untapped): with a
 * {T} mana ability, or a land while p's lands make any color (Joiner
 * Adept). Keeping another untapped changes no payment. */
static inline int mana_unit_source(const GameState *s, int p, int i)
{
    return (s->px[i].abk & PK_MANA) || ((s->pl_rules[p] & PR_LANDS_ANY_COLOR) && (s->px[i].xflags & PX_LAND));
}

/* What a permanent of card d makes by its {T} mana abilities and its basic
 * land type when each makes one mana (no count): the colors of mana it
 * makes without pain (the ManaUnits' free bits), and those only by an
 * ability that deals damage to its controller (pain bits) times 256; made
 * once by the pool (CardDef.tap_mana), 0 where it makes none or a count. */
uint16_t card_tap_mana(const CardDef *d);

/* The mana the untapped permanents of a player with {T} mana abilities can
 * make, one unit a mana (a permanent making N mana is N units of its slot
 * in a row), lands first: listed once for several questions asked of one
 * state (the legal actions). */
#define MANA_UNITS_MAX 64   /* a game with land objects lists every basic land: a player's lands and
                               mana creatures, with room (masks of units are 64 bits) */
typedef struct ManaUnits {
    int n;                          /* units; MANA_UNLISTED: not listed yet */
    uint8_t slot[MANA_UNITS_MAX];   /* the permanent */
    uint8_t free[MANA_UNITS_MAX];   /* the mana it can make with nothing else happening (bits COLOR_*) */
    uint8_t pain[MANA_UNITS_MAX];   /* the mana it can make only by an ability that deals damage to its
                                       controller as the mana is made (a pain land's colored mana) */
} ManaUnits;
#define MANA_UNLISTED (-1)

/* mana_can_pay_cost, the units (with no permanent kept untapped) listed
 * in *u the first time they are needed (u->n MANA_UNLISTED before) and
 * reused after, for as long as the state does not change; those of
 * permanent `keep` are left out as mana_can_pay_cost would. */
int mana_can_pay_listed(const GameState *s, int p, const uint8_t color[COLOR_COUNT], int generic, int keep,
                        ManaUnits *u);

/* Lists player p's units into *u (no permanent kept untapped), as
 * mana_can_pay_listed does the first time: for a caller that answers
 * some questions from the count of units alone. */
void mana_list_units(const GameState *s, int p, ManaUnits *u);

/* Pays it (the caller checked mana_can_pay_cost): pool and basic lands
 * first, then the permanents, lands before creatures, as little damage as
 * can be (the player's choice, 601.2g-h, made by the engine); a mana
 * ability that deals damage deals it as its mana is made, and each land
 * tapped for mana is an event (Manabarbs: TR_TAP_LAND, 106.12). */
struct Game;
void mana_pay_cost(GameState *s, const struct Game *g, int p, const uint8_t color[COLOR_COUNT], int generic, int keep);

/* Player p activates mana ability k of permanent i that the payer does
 * not (ability_mana_tap_only: Chromatic Star, Composite Golem), as an
 * action with priority (605.3a): its costs paid (its mana cost by the
 * payer, unless free_mana), then its mana added to p's pool at once, no
 * stack; `color` (COLOR_*) the one chosen for "one mana of any color".
 * Returns MTG_OK. */
int mana_activate(GameState *s, const struct Game *g, int p, int i, int k, int color, int free_mana);

/* The most mana player p can make now (pool, lands, mana abilities). */
int mana_total_now(const GameState *s, int p, int keep);

#endif
