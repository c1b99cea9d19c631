/* text_cards.h: engine tests' cards read from their printed text beside
 * fixtures.h's pool (the real cards' text, read by decks/text.c and
 * checked to be played exactly), and their positions: both players own
 * one of each card (object id = pool index), player 0 active in its first
 * main phase of a game with rules text. */
#ifndef TEST_TEXT_CARDS_H
#define TEST_TEXT_CARDS_H

#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <cmocka.h>
#include <string.h>
#include "tests/fixtures.h"
#include "decks/text.h"
#include "engine/effect.h"

/* cards[k] from its printed text: name, types, cost (generic and colored
 * symbols, fixtures.h's way), colors (CB_*), power and toughness, subtypes
 * separated by spaces ("" for none), its text. The abilities live in
 * texts[k]. Fails the test when the text is not read whole or an ability
 * is not played. */
static inline void text_card(CardDef *cards, TextCard *texts, SubtypeTable *st, int k, const char *name,
                             unsigned types, int generic, const char *cost, unsigned cb, int power, int toughness,
                             const char *subtypes, const char *text)
{
    cards[k] = fx_card(name, types, generic, cost, power, toughness, 0);
    cards[k].colors = (uint8_t)cb;
    int n = 0;
    for (const char *p = subtypes; *p && n < CARD_SUBTYPE_MAX;) {
        const char *e = strchr(p, ' ');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        cards[k].subtype[n++] = (uint8_t)subtype_intern(st, p, len);
        p += len + (e != NULL);
    }
    assert_int_equal(text_parse(name, types, text, st, &texts[k]), 0);
    cards[k].keywords = texts[k].keywords;
    cards[k].ab = texts[k].ab;
    cards[k].n_abilities = (uint8_t)texts[k].n;
    char why[160];
    for (int j = 0; j < texts[k].n; j++)
        if (!ability_played(&texts[k].ab[j], types, why, sizeof why)) fail_msg("%s: %s", name, why);
}

/* A game between two copies of the pool's n cards. */
typedef struct TextPos {
    GameState s;
    Game g;
    Deck deck;
    Rng rng[4];
} TextPos;

static inline void text_pos_init(TextPos *x, const CardPool *pool, uint64_t seed)
{
    memset(x, 0, sizeof *x);
    for (int k = 0; k < pool->n; k++) x->deck.card[k] = (uint16_t)k;
    x->deck.n = pool->n;
    state_clear(&x->s, pool, EDITION_2011);
    x->g.pool = pool;
    x->g.deck[0] = x->g.deck[1] = &x->deck;
    for (int k = 0; k < 4; k++) rng_seed(&x->rng[k], seed, (uint64_t)k, 0);
    x->g.deck_rng[0] = &x->rng[0]; x->g.deck_rng[1] = &x->rng[1];
    x->g.policy_rng[0] = &x->rng[2]; x->g.policy_rng[1] = &x->rng[3];
    x->g.check = 1;
    for (int p = 0; p < 2; p++) { x->s.pl[p].deck = x->deck.card; x->s.pl[p].deck_n = (uint8_t)x->deck.n; }
    x->s.spells = 1;
    x->s.step = STEP_MAIN1;
}

#endif
