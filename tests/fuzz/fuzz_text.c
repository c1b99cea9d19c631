/* fuzz_text.c: fuzz target for the rules-text reader (decks/text.c), which
 * reads the text of every card of a user's card file.
 *
 * The first byte picks the card's types (an instant's text is read as a
 * spell, a permanent's as its abilities), the rest is the text. Beyond "no
 * crash, no leak, no undefined behaviour": a text is read whole or refused
 * with a reason that quotes it; what is read stays within the records'
 * bounds and describes itself; reading the same text again gives the same
 * records. */
#include "fuzz.h"

#include <string.h>
#include "decks/text.h"

#define FUZZ_TEXT_MAX 4096

static const unsigned type_sets[8] = {
    TYPE_INSTANT, TYPE_SORCERY, TYPE_CREATURE, TYPE_ENCHANTMENT,
    TYPE_ARTIFACT, TYPE_ARTIFACT | TYPE_CREATURE, TYPE_LAND, TYPE_PLANESWALKER
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > FUZZ_TEXT_MAX) return 0;
    unsigned types = type_sets[data[0] & 7];
    static char text[FUZZ_TEXT_MAX + 1];
    memcpy(text, data + 1, size - 1);
    text[size - 1] = 0;

    static SubtypeTable st, st2;
    static TextCard a, b;
    subtype_init(&st);
    subtype_init(&st2);
    int rc = text_parse("Fuzz Card", types, text, &st, &a);
    FUZZ_CHECK(rc == 0 || rc == 1, "rc %d", rc);
    FUZZ_CHECK(memchr(a.reason, 0, sizeof a.reason) != NULL, "reason not terminated");
    FUZZ_CHECK(st.n >= 0 && st.n < SUBTYPE_MAX, "%d subtypes", st.n);
    if (rc == 1) {
        FUZZ_CHECK(a.reason[0] != 0, "refused without a reason");
    } else {
        FUZZ_CHECK(a.reason[0] == 0, "read, with a reason: %s", a.reason);
        FUZZ_CHECK(a.n >= 0 && a.n <= TEXT_ABILITY_MAX, "%d abilities", a.n);
        for (int k = 0; k < a.n; k++) {
            const Ability *ab = &a.ab[k];
            FUZZ_CHECK(ab->n_targets <= TARGET_SPEC_MAX, "ability %d: %d target specs", k, ab->n_targets);
            FUZZ_CHECK(ab->n_effects <= EFFECT_MAX, "ability %d: %d effects", k, ab->n_effects);
            char line[1024];
            int len = ability_describe(ab, &st, line, sizeof line);
            FUZZ_CHECK(len > 0 && memchr(line, 0, sizeof line) != NULL, "ability %d: description %d", k, len);
        }
    }
    /* The same text again, with a fresh table: the same verdict and records. */
    int rc2 = text_parse("Fuzz Card", types, text, &st2, &b);
    FUZZ_CHECK(rc2 == rc, "read %d, then %d", rc, rc2);
    FUZZ_CHECK(!strcmp(a.reason, b.reason), "reasons differ: %s / %s", a.reason, b.reason);
    FUZZ_CHECK(a.n == b.n && a.keywords == b.keywords, "records differ");
    if (rc == 0)
        FUZZ_CHECK(!memcmp(a.ab, b.ab, (size_t)a.n * sizeof a.ab[0]), "abilities differ on a second reading");
    return 0;
}
