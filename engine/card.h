/* card.h: immutable card definitions, card pools and deck lists.
 *
 * A CardDef holds the printed facts the rules engine needs. Definitions are
 * shared by every game, thread and fork and are never written once a game
 * starts; the engine reads them, decks/ builds them. */
#ifndef MTG_CARD_H
#define MTG_CARD_H

#include <stdint.h>

/* Keyword abilities as bits (702.x). */
enum {
    KW_FLYING        = 1u << 0,  /* 702.9 */
    KW_REACH         = 1u << 1,  /* 702.17 */
    KW_FIRST_STRIKE  = 1u << 2,  /* 702.7 */
    KW_DOUBLE_STRIKE = 1u << 3,  /* 702.4 */
    KW_DEATHTOUCH    = 1u << 4,  /* 702.2 */
    KW_TRAMPLE       = 1u << 5,  /* 702.19 */
    KW_LIFELINK      = 1u << 6,  /* 702.15 */
    KW_VIGILANCE     = 1u << 7,  /* 702.20 */
    KW_HASTE         = 1u << 8,  /* 702.10 */
    KW_MENACE        = 1u << 9,  /* 702.111 */
    KW_DEFENDER      = 1u << 10, /* 702.3 */
    KW_INDESTRUCTIBLE= 1u << 11, /* 702.12 */
    KW_WITHER        = 1u << 12, /* 702.80 */
    KW_INFECT        = 1u << 13, /* 702.90 */
    KW_COUNT         = 14
};

/* Card types (300.1) as bits; a card may have several (artifact creature). */
enum {
    TYPE_LAND         = 1u << 0,
    TYPE_CREATURE     = 1u << 1,
    TYPE_PLANESWALKER = 1u << 2,
    TYPE_ARTIFACT     = 1u << 3,
    TYPE_ENCHANTMENT  = 1u << 4,
    TYPE_INSTANT      = 1u << 5,
    TYPE_SORCERY      = 1u << 6,
    TYPE_TRIBAL       = 1u << 7
};

/* Supertypes as bits. */
enum { SUPER_BASIC = 1u << 0, SUPER_LEGENDARY = 1u << 1, SUPER_SNOW = 1u << 2 };

/* Colors of mana, in WUBRG order; COLOR_C is colorless mana. */
enum { COLOR_W, COLOR_U, COLOR_B, COLOR_R, COLOR_G, COLOR_C, COLOR_COUNT };

#define CARD_NAME_MAX 48
#define CARD_SUBTYPE_MAX 4   /* subtypes kept per card ("Human Soldier Ally") */

/* CardDef.rules: what version 3 of the heuristic's rules (policy_rules.c's
 * rules_play) read of a card alone, whichever state. RF_MADE: made (never
 * 0 once made). RF_STACK: a spell of it targets a spell or an ability (a
 * counterspell, which the rules leave to the look). RF_SORCERY_BURN: a
 * sorcery that deals damage or makes a player lose life. RF_TRICK: a
 * nonland card whose spell pumps one target creature until end of turn
 * and nothing else the rules do not read (no X, no cost but mana, one
 * target that only a creature can be): each cast of it is read as a trick
 * on one's own creature, or as nothing on another's. RF_ACTS_TRICK: every
 * ability of it that may be listed as an action on the battlefield pumps
 * its permanent until end of turn alike, without a target (firebreathing):
 * on a creature, each activation is read as a trick. Both are read where
 * the rules never take a trick (policy.h's Policy.tricks). */
enum { RF_MADE = 1, RF_STACK = 2, RF_SORCERY_BURN = 4, RF_TRICK = 8, RF_ACTS_TRICK = 16 };

typedef struct CardDef {
    char     name[CARD_NAME_MAX]; /* printed name, NUL-terminated */
    uint16_t keywords;            /* KW_* bits */
    uint8_t  types;               /* TYPE_* bits */
    uint8_t  supertypes;          /* SUPER_* bits */
    uint8_t  cost_generic;        /* generic part of the mana cost */
    uint8_t  cost_color[COLOR_COUNT]; /* colored (and {C}) symbols, by color */
    uint8_t  mana_value;          /* converted mana cost (202.3) */
    int8_t   power;               /* printed power (creatures) */
    int8_t   toughness;           /* printed toughness (creatures) */
    uint8_t  loyalty;             /* printed loyalty (planeswalkers) */
    uint8_t  max_blocks;          /* attackers it can block at once, >= 1 */
    int8_t   produces;            /* basic land: COLOR_* it taps for, else -1 */
    uint8_t  colors;              /* CB_* bits (ability.h) of its color (105.2) */
    uint8_t  n_abilities;         /* abilities ab[0 .. n_abilities-1], in the order printed */
    uint8_t  subtype[CARD_SUBTYPE_MAX]; /* subtype ids (decks/text.h's table), 0 past the last */
    uint8_t  board;               /* policy_board.h's board_card_facts, made once by the pool;
                                     0 when not made (the heuristic reads the abilities then) */
    uint8_t  rules;               /* policy_rules.h's rules_card_facts (RF_* below), made once by
                                     the pool; 0 when not made (read as a card that could answer
                                     anything, and as no trick) */
    uint8_t  cast;                /* turn.h's card_cast_facts (its spell's ability and {X}), made
                                     once by the pool; 0 when not made (read from the abilities) */
    uint8_t  acts;                /* turn.h's card_act_facts (which abilities the legal actions list
                                     from the battlefield), made once by the pool; 0 when not made
                                     (read from the abilities) */
    uint8_t  layers;              /* layers.h's layers_card_facts (what its static abilities may act
                                     on), made once by the pool; 0 when not made (read at each call) */
    uint16_t tap_mana;            /* mana.h's card_tap_mana (the mana its {T} mana abilities make),
                                     made once by the pool; 0 when not made (read from the abilities) */
    uint16_t rules_acts;          /* policy_rules.h's rules_act_facts (how its rules read its first
                                     activated ability they sum), made once by the pool; 0 when not
                                     made (read at each call) */
    uint64_t rules_cast;          /* policy_rules.h's rules_cast_facts (how its rules read a spell of
                                     it), made once by the pool; 0 when not made (read at each call) */
    const struct Ability *ab;     /* what its rules text does (ability.h); NULL when nothing:
                                     the card is then played by the creature-only fast path */
} CardDef;

/* Whether a card does anything beyond keywords, power and toughness:
 * then the engine's stack, priority and effects are needed for it. */
static inline int card_has_text(const CardDef *d)
{
    return d->n_abilities != 0 || (d->types & (TYPE_INSTANT | TYPE_SORCERY | TYPE_ENCHANTMENT)) != 0 ||
           (d->supertypes & SUPER_LEGENDARY) ||                       /* the legend rule (704.5k) */
           ((d->types & TYPE_LAND) && d->produces < 0) ||
           ((d->types & TYPE_ARTIFACT) && !(d->types & TYPE_CREATURE));
}

/* A card pool: every definition a run knows. Immutable while games run. */
typedef struct CardPool {
    const CardDef *cards;  /* cards[0 .. n-1], then the tokens' definitions (111.4):
                              cards[n .. n + n_tokens - 1], named by no deck list */
    int n;
    int n_tokens;
} CardPool;

#define DECK_MAX 250  /* a deck holds at most this many cards (object ids fit a byte) */

/* A deck list as the engine sees it: one pool index per card object. */
typedef struct Deck {
    uint16_t card[DECK_MAX]; /* pool index of each card object 0 .. n-1 */
    int      n;              /* cards in the main deck */
} Deck;

static inline int card_is(const CardDef *c, unsigned type) { return (c->types & type) != 0; }

#endif
