/* test_pool.c: the card pool: loading MTGJSON files, classifying cards as
 * supported or not (with the reason), lookups, malformed files refused with
 * FILE:LINE, and `mtgsim cards`. */
#define TESTUTIL_OWN_CHECK
#include "testutil.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>
#include <cjson/cJSON.h>
#include "decks/pool.h"

static int failures;

#define CHECK(c) do { if (!(c)) { \
    fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #c); failures++; } } while (0)
#define CHECK_HAS(s, sub) do { const char *s_ = (s); if (!s_ || !strstr(s_, (sub))) { \
    fprintf(stderr, "%s:%d: '%s' does not contain '%s'\n", __FILE__, __LINE__, s_ ? s_ : "(null)", (sub)); \
    failures++; } } while (0)
#define CHECK_STARTS(s, pre) do { const char *s_ = (s); if (!s_ || strncmp(s_, (pre), strlen(pre))) { \
    fprintf(stderr, "%s:%d: '%s' does not start with '%s'\n", __FILE__, __LINE__, s_ ? s_ : "(null)", (pre)); \
    failures++; } } while (0)

#define M10 MTGJSON_DIR "/M10.json"

static const CardDef *card(const Pool *p, const char *name)
{
    int i = pool_find(p, name);
    if (i < 0) {
        fprintf(stderr, "card '%s' not in the pool\n", name);
        failures++;
        static CardDef none;
        return &none;
    }
    return &p->cards[i];
}

static const char *reason(const Pool *p, const char *name)
{
    int i = pool_find(p, name);
    return i < 0 ? "(missing)" : pool_reason(p, i);
}

static int count_supported(const Pool *p)
{
    int n = 0;
    for (int i = 0; i < p->n; i++) n += pool_reason(p, i) == NULL;
    return n;
}

static void test_default_pool(void)
{
    Pool p;
    char err[512] = "";
    pool_init(&p);
    int rc = pool_load_default(&p, err, sizeof err);
    CHECK(rc == 0);
    if (rc) fprintf(stderr, "%s\n", err);
    /* Every distinct name of 10E, M10, M11 and M12. */
    CHECK(p.n == 782);
    CHECK(count_supported(&p) == 84);

    const CardDef *c = card(&p, "Grizzly Bears");
    CHECK(reason(&p, "Grizzly Bears") == NULL);
    CHECK(c->types == TYPE_CREATURE && c->power == 2 && c->toughness == 2);
    CHECK(c->cost_generic == 1 && c->cost_color[COLOR_G] == 1 && c->mana_value == 2);
    CHECK(c->cost_color[COLOR_W] + c->cost_color[COLOR_U] + c->cost_color[COLOR_B] +
          c->cost_color[COLOR_R] + c->cost_color[COLOR_C] == 0);
    CHECK(c->keywords == 0 && c->max_blocks == 1 && c->produces == -1 && c->supertypes == 0);

    c = card(&p, "Serra Angel");
    CHECK(reason(&p, "Serra Angel") == NULL);
    CHECK(c->keywords == (KW_FLYING | KW_VIGILANCE));
    CHECK(c->power == 4 && c->toughness == 4 && c->cost_generic == 3 && c->cost_color[COLOR_W] == 2);
    CHECK(c->mana_value == 5);

    c = card(&p, "Deadly Recluse");
    CHECK(reason(&p, "Deadly Recluse") == NULL);
    CHECK(c->keywords == (KW_REACH | KW_DEATHTOUCH));
    CHECK(card(&p, "Skyhunter Skirmisher")->keywords == (KW_FLYING | KW_DOUBLE_STRIKE));
    CHECK(card(&p, "Viashino Runner")->keywords == KW_MENACE);  /* Oracle wording of "can't be blocked except by two or more" */
    CHECK(card(&p, "Wall of Swords")->keywords == (KW_DEFENDER | KW_FLYING));
    c = card(&p, "Ornithopter");  /* an artifact creature, {0} */
    CHECK(reason(&p, "Ornithopter") == NULL);
    CHECK(c->types == (TYPE_ARTIFACT | TYPE_CREATURE) && c->mana_value == 0 && c->cost_generic == 0);
    CHECK(card(&p, "Stone Golem")->cost_generic == 5);

    c = card(&p, "Forest");
    CHECK(reason(&p, "Forest") == NULL);
    CHECK(c->types == TYPE_LAND && c->supertypes == SUPER_BASIC && c->produces == COLOR_G);
    CHECK(card(&p, "Plains")->produces == COLOR_W);
    CHECK(card(&p, "Island")->produces == COLOR_U);
    CHECK(card(&p, "Swamp")->produces == COLOR_B);
    CHECK(card(&p, "Mountain")->produces == COLOR_R);

    /* Unsupported, each with the precise reason. */
    CHECK_STARTS(reason(&p, "Gravedigger"), "text not understood: 'When Gravedigger enters the battlefield, ...'");
    CHECK_STARTS(reason(&p, "Kalonian Behemoth"), "keyword not supported: Shroud");
    CHECK_STARTS(reason(&p, "Baneslayer Angel"), "keyword not supported: Protection from Demons and from Dragons");
    CHECK_STARTS(reason(&p, "Bog Wraith"), "keyword not supported: Swampwalk");
    CHECK_STARTS(reason(&p, "Bogardan Hellkite"), "keyword not supported: Flash");
    CHECK_STARTS(reason(&p, "Serpent of the Endless Sea"), "power is not a number: *");
    CHECK_STARTS(reason(&p, "Protean Hydra"), "mana cost not supported: {X}");
    CHECK_STARTS(reason(&p, "Pacifism"), "card type not supported: Enchantment");
    CHECK_STARTS(reason(&p, "Lightning Bolt"), "card type not supported: Instant");
    CHECK_STARTS(reason(&p, "Ajani Goldmane"), "card type not supported: Planeswalker");
    CHECK_STARTS(reason(&p, "Adarkar Wastes"), "nonbasic land not supported");
    CHECK_STARTS(reason(&p, "Ambassador Laquatus"), "legendary (legend rule not supported)");
    CHECK_STARTS(reason(&p, "Palace Guard"), "text not understood: 'Palace Guard can block any number of creatures.'");
    CHECK_STARTS(reason(&p, "Ball Lightning"), "text not understood: 'At the beginning of the end step, sacrifice Ball Lightning.'");
    /* Keywords the engine knows do not hide the rest of the text. */
    CHECK_STARTS(reason(&p, "Darksteel Colossus"), "text not understood: 'If Darksteel Colossus would be put into a ...'");
    CHECK_STARTS(reason(&p, "Wall of Faith"), "text not understood: '{W}: Wall of Faith gets +0/+1 until end of turn.'");
    CHECK(card(&p, "Gravedigger")->power == 2);  /* facts are kept for unsupported cards too */

    /* Lookups: case and typographic apostrophes do not matter. */
    int gb = pool_find(&p, "Grizzly Bears");
    CHECK(gb >= 0);
    CHECK(pool_find(&p, "grizzly bears") == gb);
    CHECK(pool_find(&p, "GRIZZLY BEARS") == gb);
    int gc = pool_find(&p, "Garruk's Companion");
    CHECK(gc >= 0);
    CHECK(pool_find(&p, "Garruk\xE2\x80\x99s Companion") == gc);  /* U+2019 */
    CHECK(pool_find(&p, "garruk\xE2\x80\x98S companion") == gc);  /* U+2018 */
    CHECK(pool_find(&p, "Grizzly\xC2\xA0" "Bears") == gb);             /* U+00A0, no-break space */
    CHECK(pool_find(&p, "grizzly\xE2\x80\xAF" "bears") == gb);         /* U+202F */
    CHECK(pool_find(&p, "Grizzly\xE3\x80\x80" "Bears") == gb);         /* U+3000 */
    CHECK(pool_find(&p, "Grizzly\xE2\x80\x8B" "Bears") == -1);         /* U+200B is no space */
    CHECK(pool_find(&p, "Grizzly\xC2\xA0\xC2\xA0" "Bears") == -1);   /* one space is one space */
    CHECK(pool_find(&p, "Grizzly Bear") == -1);
    CHECK(pool_find(&p, "Grizzly Bears ") == -1);
    CHECK(pool_find(&p, "") == -1);
    pool_free(&p);
}

/* The shipped pool is exactly the four set files in decks/mtgjson read directly. */
static void test_default_pool_is_the_set_files(void)
{
    static const char *const sets[] = { "10E", "M10", "M11", "M12" };
    Pool def, sets_pool;
    char err[512] = "";
    pool_init(&def);
    pool_init(&sets_pool);
    CHECK(pool_load_default(&def, err, sizeof err) == 0);
    for (int k = 0; k < 4; k++) {
        char path[512];
        snprintf(path, sizeof path, MTGJSON_DIR "/%s.json", sets[k]);
        int rc = pool_load_file(&sets_pool, path, err, sizeof err);
        CHECK(rc == 0);
        if (rc) fprintf(stderr, "%s\n", err);
    }
    CHECK(def.n == sets_pool.n);
    int same = 0;
    for (int i = 0; i < sets_pool.n; i++) {
        int j = pool_find(&def, sets_pool.cards[i].name);
        if (j < 0) {
            fprintf(stderr, "'%s' is in the sets but not in decks/pool.json\n", sets_pool.cards[i].name);
            continue;
        }
        if (memcmp(&def.cards[j], &sets_pool.cards[i], sizeof(CardDef)) ||
            strcmp(def.reason[j], sets_pool.reason[i]))
            fprintf(stderr, "'%s' differs between the sets and decks/pool.json\n", def.cards[j].name);
        else
            same++;
    }
    CHECK(same == sets_pool.n);
    pool_free(&def);
    pool_free(&sets_pool);
}

/* M10's supported cards, read one by one from the card texts: vanilla and
 * keyword-only creatures, and the five basic lands. */
static void test_m10(void)
{
    static const char *const expected[] = {
        "Elite Vanguard", "Griffin Sentinel", "Razorfoot Griffin", "Serra Angel", "Siege Mastodon",
        "Silvercoat Lion", "Stormfront Pegasus", "Air Elemental", "Coral Merfolk", "Horned Turtle",
        "Snapping Drake", "Wind Drake", "Zephyr Sprite", "Child of Night", "Kelinore Bat",
        "Warpath Ghoul", "Zombie Goliath", "Canyon Minotaur", "Goblin Piker", "Lightning Elemental",
        "Raging Goblin", "Viashino Spearhunter", "Centaur Courser", "Craw Wurm", "Deadly Recluse",
        "Enormous Baloth", "Giant Spider", "Runeclaw Bear", "Stampeding Rhino", "Ornithopter",
        "Plains", "Island", "Swamp", "Mountain", "Forest",
    };
    const int n = (int)(sizeof expected / sizeof *expected);
    Pool p;
    char err[512];
    pool_init(&p);
    CHECK(pool_load_file(&p, M10, err, sizeof err) == 0);
    CHECK(p.n == 234);  /* 249 entries, basic lands printed four times each */
    CHECK(count_supported(&p) == n);
    for (int k = 0; k < n; k++) {
        const char *r = reason(&p, expected[k]);
        if (r) fprintf(stderr, "M10 '%s' should be supported: %s\n", expected[k], r);
        CHECK(r == NULL);
    }
    pool_free(&p);
}

static void test_user_file_on_top(void)
{
    Pool p;
    char err[512];
    pool_init(&p);
    CHECK(pool_load_default(&p, err, sizeof err) == 0);
    int n0 = p.n, gb = pool_find(&p, "Grizzly Bears");
    CHECK(pool_load_file(&p, "data/cards_user_atomic.json", err, sizeof err) == 0);
    /* Grizzly Bears is replaced in place; six cards are new. */
    CHECK(p.n == n0 + 6);
    CHECK(pool_find(&p, "Grizzly Bears") == gb);
    CHECK(reason(&p, "Typhoid Rats") == NULL);
    CHECK(card(&p, "Typhoid Rats")->keywords == KW_DEATHTOUCH);
    CHECK_STARTS(reason(&p, "Fire // Ice"), "layout not supported: split");
    CHECK_STARTS(reason(&p, "Boggart Ram-Gang"), "mana cost not supported: {R/G}");
    CHECK_STARTS(reason(&p, "Blighted Agent"), "text not understood: 'Blighted Agent can't be blocked.'");
    CHECK_STARTS(reason(&p, "Char-Rumbler"), "text not understood: '{R}: Char-Rumbler gets +1/+0");
    CHECK(card(&p, "Char-Rumbler")->power == -1);
    CHECK(reason(&p, "Snow-Covered Forest") == NULL);
    CHECK(card(&p, "Snow-Covered Forest")->produces == COLOR_G);
    CHECK(card(&p, "Snow-Covered Forest")->supertypes == (SUPER_BASIC | SUPER_SNOW));

    /* pool_add replaces by name, whatever the case. */
    CardDef d = *card(&p, "Grizzly Bears");
    strcpy(d.name, "GRIZZLY BEARS");
    d.power = 3;
    int n1 = p.n;
    CHECK(pool_add(&p, &d, "test reason") == gb);
    CHECK(p.n == n1);
    CHECK(card(&p, "Grizzly Bears")->power == 3);
    CHECK_STARTS(reason(&p, "grizzly bears"), "test reason");
    CHECK(pool_add(&p, &d, NULL) == gb);
    CHECK(reason(&p, "Grizzly Bears") == NULL);
    pool_free(&p);
}

/* Every malformed file is refused whole, naming the file and the line. */
static void test_bad_files(void)
{
    static const struct { const char *file; const char *msg; } cases[] = {
        { "data/cards_truncated.json", "data/cards_truncated.json:24: malformed JSON: unexpected end of file" },
        { "data/cards_malformed.json", "data/cards_malformed.json:12: malformed JSON near '\"subtypes\"" },
        { "data/cards_empty.json", "data/cards_empty.json:1: empty file" },
        { "data/cards_binary.json", "data/cards_binary.json:1: binary data" },
        { "data/cards_no_data.json", "data/cards_no_data.json:1: not an MTGJSON file" },
        { "data/cards_negative_toughness.json",
          "data/cards_negative_toughness.json:27: card 'Bad Bears': toughness -2 is negative and no text explains it" },
        { "data/cards_huge_power.json", "data/cards_huge_power.json:26: card 'Huge Bears': power 150" },
        { "data/cards_bad_mana_value.json",
          "data/cards_bad_mana_value.json:22: card 'Cheap Bears': manaValue 5 does not match manaCost {1}{G} (2)" },
        { "data/cards_bad_mana_cost.json",
          "data/cards_bad_mana_cost.json:21: card 'Odd Bears': \"manaCost\" is not a mana cost: '1G'" },
        { "data/cards_types_not_array.json",
          "data/cards_types_not_array.json:11: card 'Grizzly Bears': \"types\" must be an array" },
        { "data/cards_no_toughness.json",
          "data/cards_no_toughness.json:7: card 'Grizzly Bears': a creature without \"toughness\"" },
        { "data/no_such_file.json", "data/no_such_file.json: cannot open" },
    };
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        Pool p;
        char err[512] = "";
        pool_init(&p);
        CHECK(pool_load_file(&p, "data/cards_one.json", err, sizeof err) == 0);
        CHECK(pool_load_file(&p, cases[k].file, err, sizeof err) == -1);
        CHECK_STARTS(err, cases[k].msg);
        /* Nothing of the bad file was kept. */
        CHECK(p.n == 1 && pool_find(&p, "Grizzly Bears") == 0);
        pool_free(&p);
    }
}

/* Loads text as the card file x.json on top of data/cards_one.json: must
 * be refused with exactly `msg`, the pool left as it was. */
static void refused_text(const char *text, const char *msg)
{
    Pool p;
    char err[512] = "";
    pool_init(&p);
    CHECK(pool_load_file(&p, "data/cards_one.json", err, sizeof err) == 0);
    CHECK(pool_load_buffer(&p, "x.json", text, strlen(text), err, sizeof err) == -1);
    if (strcmp(err, msg)) {
        fprintf(stderr, "%s:%d: got '%s'\n  want '%s'\n", __FILE__, __LINE__, err, msg);
        failures++;
    }
    CHECK(p.n == 1 && pool_find(&p, "Grizzly Bears") == 0);
    pool_free(&p);
}

#define BEARS_BODY "\"types\": [\"Creature\"], \"power\": \"2\", \"toughness\": \"2\", \"manaCost\": \"{1}{G}\""

/* A name with a control character would break the one-card-a-line listing
 * of `mtgsim cards` and every message quoting it: refused, the name shown
 * escaped. */
static void test_control_characters(void)
{
    refused_text("{\"data\": {\"cards\": [\n{\"name\": \"Grizzly\\nBears\", " BEARS_BODY "}]}}\n",
                 "x.json:2: card 'Grizzly\\nBears': the name holds a control character (U+000A)");
    refused_text("{\"data\": {\"cards\": [\n{\"name\": \"Grizzly Bears\\u001b[31m\", " BEARS_BODY "}]}}\n",
                 "x.json:2: card 'Grizzly Bears\\x1B[31m': the name holds a control character (U+001B)");
    refused_text("{\"data\": {\n\"Grizzly\\tBears\": [{" BEARS_BODY "}]}}\n",
                 "x.json:2: card 'Grizzly\\tBears': the name holds a control character (U+0009)");
    refused_text("{\"data\": {\n\"Grizzly\\u0085Bears\": [{" BEARS_BODY "}]}}\n",
                 "x.json:2: card 'Grizzly\\u0085Bears': the name holds a control character (U+0085)");
    refused_text("{\"data\": {\n\"Grizzly Bears\": [{\"name\": \"Grizzly\\rBears\",\n " BEARS_BODY "}]}}\n",
                 "x.json:2: card 'Grizzly\\rBears': the name holds a control character (U+000D)");
    /* A long name is cut in the message, after a whole character: the é
     * straddles the 60th byte. */
    refused_text("{\"data\": {\"cards\": [\n{\"name\": \"\\u0007Grizzly Bears Grizzly Bears Grizzly Bears Grizzly Bears"
                 "\xC3\xA9 and more\", " BEARS_BODY "}]}}\n",
                 "x.json:2: card '\\x07Grizzly Bears Grizzly Bears Grizzly Bears Grizzly Bears\xC3\xA9...': "
                 "the name holds a control character (U+0007)");
}

/* A card listed twice in one file, or a key given twice, is refused at the
 * second one: which of the two should count would be a guess. Printings of
 * one name (different uuids: basic land arts, 10E's foils) and the faces of
 * one card are not the same entry twice. */
static void test_listed_twice(void)
{
    refused_text("{\"data\": {\"cards\": [\n{\"name\": \"Grizzly Bears\", \"uuid\": \"u1\", " BEARS_BODY "},\n"
                 "{\"name\": \"Grizzly Bears\", \"uuid\": \"u1\", " BEARS_BODY "}]}}\n",
                 "x.json:3: card 'Grizzly Bears' listed twice (uuid \"u1\", first on line 2)");
    refused_text("{\"data\": {\"cards\": [\n{\"name\": \"Grizzly Bears\", " BEARS_BODY "},\n"
                 "{\"name\": \"Giant Spider\", " BEARS_BODY "},\n"
                 "{\"name\": \"GRIZZLY BEARS\", " BEARS_BODY "}]}}\n",
                 "x.json:4: card 'GRIZZLY BEARS' listed twice (first on line 2)");
    refused_text("{\"data\": {\n\"Grizzly Bears\": [{" BEARS_BODY "}],\n\"Grizzly Bears\": [{" BEARS_BODY "}]}}\n",
                 "x.json:3: card 'Grizzly Bears' listed twice (first on line 2)");
    refused_text("{\"data\": {\n\"Grizzly Bears\": [{" BEARS_BODY "}],\n\"grizzly bears\": [{" BEARS_BODY "}]}}\n",
                 "x.json:3: card 'grizzly bears' listed twice (first on line 2)");
    refused_text("{\"data\": {\n\"Grizzly Bears\": [{\"types\": [\"Creature\"],\n \"power\": \"2\", \"toughness\": \"2\",\n"
                 " \"power\": \"7\", \"manaCost\": \"{1}{G}\"}]}}\n",
                 "x.json:4: card 'Grizzly Bears': \"power\" given twice (first on line 3)");
    refused_text("{\"data\": {\"cards\": [\n{\"name\": \"Grizzly Bears\",\n\"name\": \"Giant Spider\", " BEARS_BODY "}]}}\n",
                 "x.json:3: card 'Grizzly Bears': \"name\" given twice (first on line 2)");
    refused_text("{\"data\": {\"cards\": []},\n\"data\": {\"cards\": [{\"name\": \"Giant Spider\", " BEARS_BODY "}]}}\n",
                 "x.json:2: \"data\" given twice (first on line 1)");
    refused_text("{\"data\": {\"cards\": [],\n\"cards\": [{\"name\": \"Giant Spider\", " BEARS_BODY "}]}}\n",
                 "x.json:2: \"cards\" given twice (first on line 1)");

    /* A card of many keys (compared sorted, not pairwise): the first key
     * that comes again, in file order. */
    char big[4096];
    size_t n = (size_t)snprintf(big, sizeof big, "{\"data\": {\"cards\": [\n{\"name\": \"Grizzly Bears\", " BEARS_BODY);
    for (int k = 0; k < 80; k++) n += (size_t)snprintf(big + n, sizeof big - n, ", \"k%d\": %d", k, k);
    snprintf(big + n, sizeof big - n, ",\n\"k79\": 0,\n\"k3\": 0}]}}\n");
    refused_text(big, "x.json:3: card 'Grizzly Bears': \"k79\" given twice (first on line 2)");

    /* Two printings and two faces of one name load, as one card. */
    static const char ok[] =
        "{\"data\": {\"cards\": [\n{\"name\": \"Forest\", \"uuid\": \"f1\", \"types\": [\"Land\"], "
        "\"supertypes\": [\"Basic\"], \"subtypes\": [\"Forest\"], \"text\": \"({T}: Add {G}.)\"},\n"
        "{\"name\": \"Forest\", \"uuid\": \"f2\", \"types\": [\"Land\"], "
        "\"supertypes\": [\"Basic\"], \"subtypes\": [\"Forest\"], \"text\": \"({T}: Add {G}.)\"},\n"
        "{\"name\": \"Fire // Ice\", \"faceName\": \"Fire\", \"layout\": \"split\", \"types\": [\"Instant\"], \"manaCost\": \"{1}{R}\"},\n"
        "{\"name\": \"Fire // Ice\", \"faceName\": \"Ice\", \"layout\": \"split\", \"types\": [\"Instant\"], \"manaCost\": \"{1}{U}\"}]}}\n";
    Pool p;
    char err[512] = "";
    pool_init(&p);
    int rc = pool_load_buffer(&p, "ok.json", ok, sizeof ok - 1, err, sizeof err);
    CHECK(rc == 0);
    if (rc) fprintf(stderr, "%s\n", err);
    CHECK(p.n == 2 && reason(&p, "Forest") == NULL && pool_find(&p, "Fire // Ice") >= 0);
    pool_free(&p);
}

/* ------------------------------------------------------------- the CLI */


static int run(const char *args, char **out, char **errout) { return test_mtgsim(args, out, errout); }

static void test_cli(void)
{
    char *out, *err;
    int st = run("cards " M10 " --json", &out, &err);
    CHECK(st == 0);
    cJSON *j = cJSON_Parse(out ? out : "");
    CHECK(j != NULL);
    CHECK(cJSON_GetNumberValue(cJSON_GetObjectItem(j, "supported")) == 35);
    CHECK(cJSON_GetNumberValue(cJSON_GetObjectItem(j, "unsupported")) == 199);
    const cJSON *cards = cJSON_GetObjectItem(j, "cards"), *c;
    CHECK(cJSON_GetArraySize(cards) == 234);
    int seen = 0;
    cJSON_ArrayForEach(c, cards) {
        const char *name = cJSON_GetStringValue(cJSON_GetObjectItem(c, "name"));
        const cJSON *sup = cJSON_GetObjectItem(c, "supported"), *r = cJSON_GetObjectItem(c, "reason");
        CHECK(cJSON_IsBool(sup));
        CHECK(cJSON_IsTrue(sup) ? cJSON_IsNull(r) : cJSON_IsString(r));
        if (name && !strcmp(name, "Serra Angel")) { seen++; CHECK(cJSON_IsTrue(sup)); }
        if (name && !strcmp(name, "Gravedigger")) {
            seen++;
            CHECK(cJSON_IsFalse(sup));
            CHECK_STARTS(cJSON_GetStringValue(r), "text not understood: 'When Gravedigger");
        }
    }
    CHECK(seen == 2);
    cJSON_Delete(j);
    free(out);
    free(err);

    /* The default pool, as text: a line per card and a summary. */
    st = run("cards", &out, &err);
    CHECK(st == 0);
    CHECK_HAS(out, "supported    Serra Angel  {3}{W}{W} 4/4 flying, vigilance\n");
    CHECK_HAS(out, "unsupported  Gravedigger: text not understood: 'When Gravedigger");
    CHECK_HAS(out, "782 cards in the default pool: 84 supported, 698 unsupported\n");
    free(out);
    free(err);

    /* A bad file: exit 2, FILE:LINE on stderr, nothing on stdout. */
    static const char *const bad[][2] = {
        { "data/cards_truncated.json", "mtgsim cards: data/cards_truncated.json:24: " },
        { "data/cards_negative_toughness.json", "mtgsim cards: data/cards_negative_toughness.json:27: " },
        { "data/cards_bad_mana_value.json", "mtgsim cards: data/cards_bad_mana_value.json:22: " },
        { "data/cards_binary.json", "mtgsim cards: data/cards_binary.json:1: " },
        { "data/cards_empty.json", "mtgsim cards: data/cards_empty.json:1: " },
        { "data/no_such_file.json", "mtgsim cards: data/no_such_file.json: cannot open" },
    };
    for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
        char args[256];
        snprintf(args, sizeof args, "cards " M10 " %s --json", bad[k][0]);
        st = run(args, &out, &err);
        CHECK(st == 2);
        CHECK(out && out[0] == 0);
        CHECK_STARTS(err, bad[k][1]);
        free(out);
        free(err);
    }
    /* A name with a newline would break the listing, one card a line. */
    char dir[] = "/tmp/test_pool_XXXXXX", path[64], args[128];
    CHECK(mkdtemp(dir) != NULL);
    snprintf(path, sizeof path, "%s/ctl.json", dir);
    FILE *f = fopen(path, "w");
    CHECK(f != NULL);
    if (f) {
        fputs("{\"data\": {\n\"Grizzly\\nBears\": [{" BEARS_BODY "}]}}\n", f);
        fclose(f);
    }
    snprintf(args, sizeof args, "cards %s", path);
    st = run(args, &out, &err);
    CHECK(st == 2);
    CHECK(out && out[0] == 0);
    char want[256];
    snprintf(want, sizeof want, "mtgsim cards: %s:2: card 'Grizzly\\nBears': the name holds a control character (U+000A)\n", path);
    CHECK(err && !strcmp(err, want));
    free(out);
    free(err);
    remove(path);
    rmdir(dir);

    st = run("cards --frobnicate", &out, &err);
    CHECK(st == 2);
    CHECK(out && out[0] == 0);
    CHECK_HAS(err, "unknown option '--frobnicate'");
    free(out);
    free(err);
    st = run("cards --help", &out, &err);
    CHECK(st == 0);
    CHECK_HAS(out, "usage: mtgsim cards");
    free(out);
    free(err);
}

int main(void)
{
    test_default_pool();
    test_default_pool_is_the_set_files();
    test_m10();
    test_user_file_on_top();
    test_bad_files();
    test_control_characters();
    test_listed_twice();
    test_cli();
    if (failures) fprintf(stderr, "test_pool: %d check(s) failed\n", failures);
    else printf("test_pool: all checks passed\n");
    return failures != 0;
}
