/* fixtures.h: small card pools and decks built in code for engine tests,
 * so that engine tests do not depend on the card files. Stats mirror real
 * cards of the 2010-2012 core sets. */
#ifndef TEST_FIXTURES_H
#define TEST_FIXTURES_H

#include <string.h>
#include "engine/policy.h"

static inline CardDef fx_card(const char *name, unsigned types, int generic, const char *colors,
                              int power, int toughness, unsigned kw)
{
    CardDef d;
    memset(&d, 0, sizeof d);
    strncpy(d.name, name, CARD_NAME_MAX - 1);
    d.types = (uint8_t)types;
    d.cost_generic = (uint8_t)generic;
    d.mana_value = (uint8_t)generic;
    for (const char *c = colors; *c; c++) {
        const char *sym = "WUBRGC";
        const char *at = strchr(sym, *c);
        if (at) { d.cost_color[at - sym]++; d.mana_value++; }
    }
    d.power = (int8_t)power;
    d.toughness = (int8_t)toughness;
    d.keywords = (uint16_t)kw;
    d.max_blocks = 1;
    d.produces = -1;
    return d;
}

static inline CardDef fx_land(const char *name, int color)
{
    CardDef d = fx_card(name, TYPE_LAND, 0, "", 0, 0, 0);
    d.supertypes = SUPER_BASIC;
    d.produces = (int8_t)color;
    return d;
}

enum {
    FX_PLAINS, FX_ISLAND, FX_SWAMP, FX_MOUNTAIN, FX_FOREST,
    FX_BEARS, FX_SERRA, FX_SPIDER, FX_KNIGHT, FX_WURM, FX_TYPHOID, FX_VAMPIRE,
    FX_GOBLIN, FX_WALL, FX_GARGOYLE, FX_WITHER, FX_INFECT, FX_MENACE, FX_HASTE,
    FX_DOUBLE, FX_INDESTRUCTIBLE, FX_TWOBLOCK, FX_PLANESWALKER, FX_ORNITHOPTER, FX_COUNT
};

/* The pool: index = FX_* above. */
static inline void fx_pool(CardDef *cards, CardPool *pool)
{
    cards[FX_PLAINS] = fx_land("Plains", COLOR_W);
    cards[FX_ISLAND] = fx_land("Island", COLOR_U);
    cards[FX_SWAMP] = fx_land("Swamp", COLOR_B);
    cards[FX_MOUNTAIN] = fx_land("Mountain", COLOR_R);
    cards[FX_FOREST] = fx_land("Forest", COLOR_G);
    cards[FX_BEARS] = fx_card("Grizzly Bears", TYPE_CREATURE, 1, "G", 2, 2, 0);
    cards[FX_SERRA] = fx_card("Serra Angel", TYPE_CREATURE, 3, "WW", 4, 4, KW_FLYING | KW_VIGILANCE);
    cards[FX_SPIDER] = fx_card("Giant Spider", TYPE_CREATURE, 3, "G", 2, 4, KW_REACH);
    cards[FX_KNIGHT] = fx_card("White Knight", TYPE_CREATURE, 0, "WW", 2, 2, KW_FIRST_STRIKE);
    cards[FX_WURM] = fx_card("Craw Wurm", TYPE_CREATURE, 4, "GG", 6, 4, KW_TRAMPLE);
    cards[FX_TYPHOID] = fx_card("Typhoid Rats", TYPE_CREATURE, 0, "B", 1, 1, KW_DEATHTOUCH);
    cards[FX_VAMPIRE] = fx_card("Vampire Nighthawk", TYPE_CREATURE, 1, "BB", 2, 3, KW_FLYING | KW_DEATHTOUCH | KW_LIFELINK);
    cards[FX_GOBLIN] = fx_card("Goblin Piker", TYPE_CREATURE, 1, "R", 2, 1, 0);
    cards[FX_WALL] = fx_card("Defender 0/7", TYPE_CREATURE, 1, "U", 0, 7, KW_DEFENDER);
    cards[FX_GARGOYLE] = fx_card("Flying reach 2/2", TYPE_CREATURE, 2, "", 2, 2, KW_FLYING | KW_REACH);
    cards[FX_WITHER] = fx_card("Wither 3/3", TYPE_CREATURE, 2, "B", 3, 3, KW_WITHER);
    cards[FX_INFECT] = fx_card("Infect 2/2", TYPE_CREATURE, 2, "B", 2, 2, KW_INFECT);
    cards[FX_MENACE] = fx_card("Menace 3/2", TYPE_CREATURE, 2, "R", 3, 2, KW_MENACE);
    cards[FX_HASTE] = fx_card("Haste 2/1", TYPE_CREATURE, 1, "R", 2, 1, KW_HASTE);
    cards[FX_DOUBLE] = fx_card("Double 2/2", TYPE_CREATURE, 2, "W", 2, 2, KW_DOUBLE_STRIKE);
    cards[FX_INDESTRUCTIBLE] = fx_card("Indestructible 2/2", TYPE_CREATURE, 3, "W", 2, 2, KW_INDESTRUCTIBLE);
    cards[FX_TWOBLOCK] = fx_card("Blocks two 1/4", TYPE_CREATURE, 2, "W", 1, 4, 0);
    cards[FX_TWOBLOCK].max_blocks = 2;
    cards[FX_PLANESWALKER] = fx_card("Test Planeswalker", TYPE_PLANESWALKER, 3, "W", 0, 0, 0);
    cards[FX_PLANESWALKER].loyalty = 3;
    cards[FX_ORNITHOPTER] = fx_card("Ornithopter", TYPE_ARTIFACT | TYPE_CREATURE, 0, "", 0, 2, KW_FLYING);
    pool->cards = cards;
    pool->n = FX_COUNT;
    pool->n_tokens = 0;
}

/* A 40-card deck: 17 lands of two colors, 23 creatures cycling through `spells`. */
static inline void fx_deck(Deck *d, int land_a, int land_b, const int *spells, int nspells)
{
    d->n = 0;
    for (int k = 0; k < 17; k++) d->card[d->n++] = (uint16_t)(k % 2 ? land_b : land_a);
    for (int k = 0; k < 23; k++) d->card[d->n++] = (uint16_t)spells[k % nspells];
}

/* A game wired for an engine test: its state, context, each seat's deck,
 * random streams and library buffer. */
typedef struct Harness {
    Game g;
    GameState s;
    Rng dr[2], pr[2];
    uint8_t lib[2][DECK_MAX];
    Deck deck[2];
} Harness;

/* Zeroes h and wires its game to pool, h's two decks (to fill), streams
 * seeded from seed, the library buffers and the two policies, with
 * state_check after every action. */
static inline void fx_harness(Harness *h, const CardPool *pool, const Policy *p0, const Policy *p1, uint64_t seed)
{
    memset(h, 0, sizeof *h);
    h->g.pool = pool;
    for (int p = 0; p < 2; p++) {
        rng_seed(&h->dr[p], seed, 0, (uint64_t)p);
        rng_seed(&h->pr[p], seed, 0, (uint64_t)p + 2);
        h->g.deck[p] = &h->deck[p];
        h->g.deck_rng[p] = &h->dr[p];
        h->g.policy_rng[p] = &h->pr[p];
        h->g.lib_buf[p] = h->lib[p];
    }
    h->g.policy[0] = p0;
    h->g.policy[1] = p1;
    h->g.check = 1;
}

#endif
