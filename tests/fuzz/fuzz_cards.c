/* fuzz_cards.c: fuzz target for the card file loader (MTGJSON set files,
 * data.cards[], and AtomicCards files, data mapping names to faces).
 *
 * Beyond "no crash, no leak, no undefined behaviour": a refused file
 * leaves the pool as it was and says "PATH:LINE: what"; an accepted one
 * gives named, NUL-terminated cards with sane numbers, one card a name, and
 * loading it a second time replaces every card rather than adding any. */
#include "fuzz.h"

#include <string.h>
#include "decks/pool.h"
#include "engine/effect.h"

#define FUZZ_PATH "fuzz/cards.json"
#define FUZZ_FIND_MAX 64   /* cards looked up by name (pool_find is linear) */

static void check_card(const Pool *p, int i)
{
    const CardDef *c = &p->cards[i];
    FUZZ_CHECK(memchr(c->name, 0, sizeof c->name) != NULL, "card %d: name not terminated", i);
    FUZZ_CHECK(c->name[0] != 0, "card %d: empty name", i);
    FUZZ_CHECK(memchr(p->reason[i], 0, POOL_REASON_MAX) != NULL, "card %d: reason not terminated", i);
    if (pool_reason(p, i)) return;
    /* Supported: the engine will play it, so its numbers must be real. */
    FUZZ_CHECK(c->max_blocks == 1, "%s: max_blocks %d", c->name, c->max_blocks);
    if (card_is(c, TYPE_CREATURE)) {
        FUZZ_CHECK(c->power >= -99 && c->power <= 99, "%s: power %d", c->name, c->power);
        FUZZ_CHECK(c->toughness >= 0 && c->toughness <= 99, "%s: toughness %d", c->name, c->toughness);
        FUZZ_CHECK(c->keywords < (1u << KW_COUNT), "%s: keywords %#x", c->name, c->keywords);
        FUZZ_CHECK(c->produces == -1, "%s: a creature producing mana", c->name);
    } else if (card_is(c, TYPE_LAND) && (c->supertypes & SUPER_BASIC)) {
        FUZZ_CHECK(c->produces >= 0 && c->produces < COLOR_COUNT, "%s: produces %d", c->name, c->produces);
        FUZZ_CHECK(c->n_abilities == 0, "%s: a basic land with %d abilities", c->name, c->n_abilities);
    } else {
        /* Planeswalkers are played (their loyalty abilities since 3df1665);
         * Tribal (Kindred) cards and planeswalkers of another type are not. */
        FUZZ_CHECK(!card_is(c, TYPE_TRIBAL), "%s: supported with types %#x", c->name, c->types);
        if (card_is(c, TYPE_PLANESWALKER)) {
            FUZZ_CHECK(c->types == TYPE_PLANESWALKER, "%s: a planeswalker with types %#x", c->name, c->types);
            FUZZ_CHECK(c->loyalty <= 99, "%s: loyalty %d", c->name, c->loyalty);
        }
        FUZZ_CHECK(c->produces == -1, "%s: a nonbasic card producing %d", c->name, c->produces);
        int spells = 0;
        for (int k = 0; k < c->n_abilities; k++) spells += c->ab[k].kind == AB_SPELL;
        FUZZ_CHECK(spells == (card_is(c, TYPE_INSTANT | TYPE_SORCERY) ? 1 : 0), "%s: %d spell abilities", c->name, spells);
    }
    /* Supported: the engine plays every ability it has. */
    FUZZ_CHECK(c->n_abilities == 0 || c->ab != NULL, "%s: %d abilities and no storage", c->name, c->n_abilities);
    for (int k = 0; k < c->n_abilities; k++) {
        char why[POOL_REASON_MAX];
        FUZZ_CHECK(ability_played(&c->ab[k], c->types, why, sizeof why), "%s: ability %d not played: %s",
                   c->name, k, why);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    Pool p;
    char err[512];
    pool_init(&p);
    int rc = pool_load_buffer(&p, FUZZ_PATH, (const char *)data, size, err, sizeof err);
    if (rc != 0) {
        FUZZ_CHECK(rc == -1, "rc %d", rc);
        FUZZ_CHECK(p.n == 0, "a refused file left %d cards", p.n);
        FUZZ_CHECK(!strncmp(err, FUZZ_PATH ":", strlen(FUZZ_PATH) + 1), "message without the file: %s", err);
        pool_free(&p);
        return 0;
    }
    for (int i = 0; i < p.n; i++) check_card(&p, i);
    for (int i = 0; i < p.n && i < FUZZ_FIND_MAX; i++)
        FUZZ_CHECK(pool_find(&p, p.cards[i].name) == i, "card %d (%s) found at %d", i, p.cards[i].name,
                   pool_find(&p, p.cards[i].name));
    int n = p.n;
    rc = pool_load_buffer(&p, FUZZ_PATH, (const char *)data, size, err, sizeof err);
    FUZZ_CHECK(rc == 0, "accepted once, refused the second time: %s", err);
    FUZZ_CHECK(p.n == n, "loaded twice: %d cards, then %d", n, p.n);
    pool_free(&p);
    return 0;
}
