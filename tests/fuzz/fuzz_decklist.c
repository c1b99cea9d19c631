/* fuzz_decklist.c: fuzz target for the deck list reader, all three formats
 * (plain text, Arena export, Forge .dck: the format is told from the
 * content, so one target reaches them all), against the default pool.
 *
 * Beyond "no crash, no leak, no undefined behaviour": a list is accepted
 * only with 1 to DECK_MAX supported main-deck cards and a NUL-terminated
 * name; a refusal always says "PATH:LINE: what". */
#include "fuzz.h"

#include <string.h>
#include "decks/decklist.h"

#define FUZZ_PATH "fuzz/deck.txt"

/* The default pool, loaded once per process (immutable afterwards). */
static const Pool *fuzz_pool(void)
{
    static Pool pool;
    static int loaded;
    if (!loaded) {
        char err[512];
        pool_init(&pool);
        FUZZ_CHECK(pool_load_default(&pool, err, sizeof err) == 0, "default pool: %s", err);
        loaded = 1;
    }
    return &pool;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const Pool *pool = fuzz_pool();
    DeckList dl;
    char err[512];
    int rc = decklist_parse(pool, FUZZ_PATH, (const char *)data, size, &dl, err, sizeof err);
    FUZZ_CHECK(memchr(dl.name, 0, sizeof dl.name) != NULL, "deck name not terminated");
    if (rc != 0) {
        FUZZ_CHECK(rc == -1, "rc %d", rc);
        FUZZ_CHECK(!strncmp(err, FUZZ_PATH ":", strlen(FUZZ_PATH) + 1), "message without the file: %s", err);
        return 0;
    }
    FUZZ_CHECK(dl.format == DECK_FORMAT_TEXT || dl.format == DECK_FORMAT_ARENA ||
               dl.format == DECK_FORMAT_FORGE, "format %d", (int)dl.format);
    FUZZ_CHECK(dl.main.n >= 1 && dl.main.n <= DECK_MAX, "main deck of %d cards", dl.main.n);
    FUZZ_CHECK(dl.side.n >= 0 && dl.side.n <= DECK_MAX, "sideboard of %d cards", dl.side.n);
    for (int i = 0; i < dl.main.n; i++) {
        FUZZ_CHECK(dl.main.card[i] < pool->n, "main card %d: index %d", i, dl.main.card[i]);
        FUZZ_CHECK(pool_reason(pool, dl.main.card[i]) == NULL, "unsupported card in the main deck: %s",
                   pool->cards[dl.main.card[i]].name);
    }
    for (int i = 0; i < dl.side.n; i++)
        FUZZ_CHECK(dl.side.card[i] < pool->n, "sideboard card %d: index %d", i, dl.side.card[i]);
    int card[DECK_MAX], count[DECK_MAX];
    int n = decklist_group(&dl.main, card, count, DECK_MAX), total = 0;
    for (int k = 0; k < n; k++) total += count[k];
    FUZZ_CHECK(total == dl.main.n, "grouped %d cards of %d", total, dl.main.n);
    return 0;
}
