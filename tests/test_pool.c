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
#include "engine/effect.h"
#include "engine/policy_board.h"
#include "engine/policy_rules.h"
#include "engine/turn.h"
#include "engine/mana.h"
#include "engine/layers.h"

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
#define DEFAULT_READ 695 /* cards of the default pool read whole (count_read) */
#define M10_READ     213 /* likewise for M10 */

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

/* Cards the pool and the reader accept whole, played by the engine or not
 * yet: what only decks/ decides (engine/played.c grows on its own). */
static int count_read(const Pool *p)
{
    int n = 0;
    for (int i = 0; i < p->n; i++) {
        const char *r = pool_reason(p, i);
        n += !r || !strncmp(r, "not played yet", 14);
    }
    return n;
}

/* The first ability of card i that ability_played refuses: its reason in
 * why, 1; 0 when it plays them all. */
static int first_not_played(const Pool *p, int i, char *why, size_t len)
{
    const CardDef *c = &p->cards[i];
    for (int k = 0; k < c->n_abilities; k++)
        if (!ability_played(&c->ab[k], c->types, why, len)) return 1;
    why[0] = 0;
    return 0;
}

/* A card read whole is supported exactly when the engine plays every
 * ability it has, and otherwise says which, in ability_played's words. */
static void check_played_reason(const Pool *p, int i)
{
    char why[POOL_REASON_MAX];
    const char *r = pool_reason(p, i);
    const CardDef *c = &p->cards[i];
    CHECK(c->n_abilities == 0 || c->ab != NULL);
    if (first_not_played(p, i, why, sizeof why)) {
        if (!r || strncmp(r, why, strlen(why)))
            fprintf(stderr, "%s: ability_played says '%s', the pool '%s'\n", c->name, why, r ? r : "(supported)");
        CHECK_STARTS(r, "not played yet");
        CHECK_STARTS(r, why);
    } else if (r && !strncmp(r, "not played yet", 14)) {
        fprintf(stderr, "%s: every ability is played, yet '%s'\n", c->name, r);
        failures++;
    }
}

static void check_played_named(const Pool *p, const char *name)
{
    int i = pool_find(p, name);
    if (i < 0) {
        fprintf(stderr, "card '%s' not in the pool\n", name);
        failures++;
        return;
    }
    if (p->cards[i].n_abilities == 0) fprintf(stderr, "'%s' has no abilities\n", name);
    CHECK(p->cards[i].n_abilities > 0);
    check_played_reason(p, i);
}

/* Every card of the pool: reasons consistent with ability_played, and a
 * supported card the shape its type needs. */
static void check_pool_consistent(const Pool *p)
{
    for (int i = 0; i < p->n; i++) {
        const CardDef *c = &p->cards[i];
        const char *r = pool_reason(p, i);
        if (!r || !strncmp(r, "not played yet", 14)) check_played_reason(p, i);
        if (r) continue;
        int spells = 0;
        for (int k = 0; k < c->n_abilities; k++) spells += c->ab[k].kind == AB_SPELL;
        if (card_is(c, TYPE_INSTANT | TYPE_SORCERY) && spells != 1) {
            fprintf(stderr, "%s: a supported instant or sorcery with %d spell abilities\n", c->name, spells);
            failures++;
        }
        if (!card_is(c, TYPE_INSTANT | TYPE_SORCERY) && spells) {
            fprintf(stderr, "%s: a spell ability on a permanent\n", c->name);
            failures++;
        }
        if (card_is(c, TYPE_PLANESWALKER)) {   /* 306.5b, 606: a printed loyalty and loyalty abilities */
            int loyal = 0;
            for (int k = 0; k < c->n_abilities; k++) loyal += c->ab[k].kind == AB_LOYALTY;
            if (!c->loyalty || !loyal) {
                fprintf(stderr, "%s: a supported planeswalker without loyalty or loyalty abilities\n", c->name);
                failures++;
            }
        }
    }
}

/* Whether card c has exactly the subtypes named (NULL-terminated), in order. */
static int subtypes_are(const Pool *p, const CardDef *c, const char *const *names)
{
    int k = 0;
    for (; names[k]; k++)
        if (k >= CARD_SUBTYPE_MAX || !c->subtype[k] || strcmp(p->subtypes.name[c->subtype[k]], names[k])) return 0;
    return k == CARD_SUBTYPE_MAX || c->subtype[k] == 0;
}

/* The four set files in decks/mtgjson, in order, into p. */
static void load_sets(Pool *p)
{
    static const char *const sets[] = { "10E", "M10", "M11", "M12" };
    char err[512] = "";
    for (int k = 0; k < 4; k++) {
        char path[512];
        snprintf(path, sizeof path, MTGJSON_DIR "/%s.json", sets[k]);
        int rc = pool_load_file(p, path, err, sizeof err);
        CHECK(rc == 0);
        if (rc) fprintf(stderr, "%s\n", err);
    }
}

static void test_default_pool(void)
{
    Pool p;
    char err[512] = "";
    pool_init(&p);
    int rc = pool_load_default(&p, err, sizeof err);
    CHECK(rc == 0);
    if (rc) fprintf(stderr, "%s\n", err);
    /* Every distinct name of 10E, M10, M11 and M12: COUNT_READ of them read
     * whole (supported, or "not played yet" while engine/played.c grows),
     * at least the 84 keyword-only creatures and basic lands supported. */
    CHECK(p.n == 782);
    CHECK(count_read(&p) == DEFAULT_READ);
    CHECK(count_supported(&p) >= 84);
    check_pool_consistent(&p);
    /* What the heuristic's board value reads of each card alone, made once
     * by the pool (CardDef.board: 0 would have it read at every call). */
    int facts = 0;
    for (int i = 0; i < p.n; i++) facts += p.cards[i].board != 0 && p.cards[i].board == board_card_facts(&p.cards[i]);
    CHECK(facts == p.n);
    /* And what the legal actions read of a card as it is cast (CardDef.cast): made for every card. */
    facts = 0;
    for (int i = 0; i < p.n; i++) facts += p.cards[i].cast != 0 && p.cards[i].cast == card_cast_facts(&p.cards[i]);
    CHECK(facts == p.n);
    /* And how the heuristic's rules read a spell of it (CardDef.rules_cast): made for every card. */
    facts = 0;
    for (int i = 0; i < p.n; i++) facts += p.cards[i].rules_cast != 0 && p.cards[i].rules_cast == rules_cast_facts(&p.cards[i]);
    CHECK(facts == p.n);
    /* And how they read its first activated ability they sum (CardDef.rules_acts): made for every card. */
    facts = 0;
    for (int i = 0; i < p.n; i++) facts += p.cards[i].rules_acts != 0 && p.cards[i].rules_acts == rules_act_facts(&p.cards[i]);
    CHECK(facts == p.n);
    CHECK(card(&p, "Furnace Whelp")->rules_acts != card(&p, "Raging Goblin")->rules_acts);   /* firebreathing summed */
    /* And the mana its {T} mana abilities make (CardDef.tap_mana): made for every card that makes one mana so. */
    facts = 0;
    for (int i = 0; i < p.n; i++) facts += p.cards[i].tap_mana != card_tap_mana(&p.cards[i]);
    CHECK(facts == 0);
    CHECK(card(&p, "Dragonskull Summit")->tap_mana != 0 && card(&p, "Llanowar Elves")->tap_mana != 0);
    /* And what its static abilities may act on for the layers (CardDef.layers): made for every card. */
    facts = 0;
    for (int i = 0; i < p.n; i++) facts += p.cards[i].layers != 0 && p.cards[i].layers == layers_card_facts(&p.cards[i]);
    CHECK(facts == p.n);
    CHECK(card(&p, "Pacifism")->layers & LY_LOCAL);
    CHECK((card(&p, "Veteran Armorsmith")->layers & (LY_LORD_YOU | LY_LORD_OPP | LY_LORD_CREATURES | LY_ACROSS)) ==
          (LY_LORD_YOU | LY_LORD_CREATURES));

    /* A token with a name of its own (111.4): The Hive's Wasp, a 1/1 colorless Insect artifact
     * creature with flying; another token is named by its creature type (Grave Titan's Zombie) */
    const CardDef *hive = card(&p, "The Hive");
    CHECK(reason(&p, "The Hive") == NULL && hive->n_abilities == 1);
    if (hive->n_abilities == 1 && hive->ab[0].n_effects == 1) {
        const CardDef *w = &p.cards[hive->ab[0].effect[0].token.card];
        CHECK(!strcmp(w->name, "Wasp") && w->types == (TYPE_ARTIFACT | TYPE_CREATURE) && w->keywords == KW_FLYING);
        CHECK(w->power == 1 && w->toughness == 1 && w->colors == 0 && w->subtype[0] == subtype_find(&p.subtypes, "Insect", 6));
    }
    const CardDef *titan = card(&p, "Grave Titan");
    for (int k = 0; k < titan->n_abilities; k++)
        for (int j = 0; j < titan->ab[k].n_effects; j++)
            if (titan->ab[k].effect[j].op == OP_TOKEN) CHECK(!strcmp(p.cards[titan->ab[k].effect[j].token.card].name, "Zombie"));

    const CardDef *c = card(&p, "Grizzly Bears");
    CHECK(reason(&p, "Grizzly Bears") == NULL);
    CHECK(c->types == TYPE_CREATURE && c->power == 2 && c->toughness == 2);
    CHECK(c->cost_generic == 1 && c->cost_color[COLOR_G] == 1 && c->mana_value == 2);
    CHECK(c->cost_color[COLOR_W] + c->cost_color[COLOR_U] + c->cost_color[COLOR_B] +
          c->cost_color[COLOR_R] + c->cost_color[COLOR_C] == 0);
    CHECK(c->keywords == 0 && c->max_blocks == 1 && c->produces == -1 && c->supertypes == 0);
    CHECK(c->n_abilities == 0 && c->ab == NULL && c->colors == CB_G);

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
    CHECK(c->colors == 0);
    CHECK(card(&p, "Stone Golem")->cost_generic == 5);

    c = card(&p, "Forest");
    CHECK(reason(&p, "Forest") == NULL);
    CHECK(c->types == TYPE_LAND && c->supertypes == SUPER_BASIC && c->produces == COLOR_G);
    CHECK(c->n_abilities == 0 && c->colors == 0);
    CHECK(card(&p, "Plains")->produces == COLOR_W);
    CHECK(card(&p, "Island")->produces == COLOR_U);
    CHECK(card(&p, "Swamp")->produces == COLOR_B);
    CHECK(card(&p, "Mountain")->produces == COLOR_R);

    /* Unsupported for what the card is, before its text. */
    CHECK_STARTS(reason(&p, "Sutured Ghoul"), "power is not a number: *");
    /* a star defined by "~'s power and toughness are each equal to ..." (604.3) */
    CHECK(reason(&p, "Serpent of the Endless Sea") == NULL);
    CHECK(card(&p, "Serpent of the Endless Sea")->power == 0 && card(&p, "Serpent of the Endless Sea")->toughness == 0);
    /* its {X} is paid (it enters with X counters); its prevention sentence is not read */
    CHECK_STARTS(reason(&p, "Protean Hydra"), "text not understood: 'If damage would be dealt to Protean Hydra, ...'");
    CHECK(reason(&p, "Primordial Hydra") == NULL);
    CHECK_STARTS(reason(&p, "Ajani Goldmane"), "planeswalker not supported yet");
    CHECK(reason(&p, "Ambassador Laquatus") == NULL);      /* legendary: the legend rule is played */
    /* The reader's reason: the first sentence it could not read. */
    CHECK_STARTS(reason(&p, "Warp World"), "text not understood: 'Each player shuffles all permanents they ...'");
    CHECK_STARTS(reason(&p, "Magebane Armor"), "text not understood: 'Equipped creature gets +2/+4 and loses flying.'");
    CHECK(card(&p, "Warp World")->n_abilities == 0);  /* a card is read whole or not at all */
    /* Read whole: supported exactly when the engine plays every ability
     * (keyword abilities beyond card.h's bits, Auras, spells, nonbasic
     * lands), else ability_played's reason. */
    static const char *const read[] = {
        "Gravedigger", "Kalonian Behemoth", "Baneslayer Angel", "Bog Wraith", "Bogardan Hellkite",
        "Palace Guard", "Ball Lightning", "Darksteel Colossus", "Wall of Faith", "Adarkar Wastes",
        "Pacifism", "Lightning Bolt", "Naturalize", "Glacial Fortress", "Loxodon Warhammer", "Blaze",
    };
    for (size_t k = 0; k < sizeof read / sizeof *read; k++) check_played_named(&p, read[k]);
    /* Keywords the engine knows are kept beside the rest of the text. */
    CHECK(card(&p, "Darksteel Colossus")->keywords == (KW_TRAMPLE | KW_INDESTRUCTIBLE));
    CHECK(card(&p, "Bogardan Hellkite")->keywords == KW_FLYING);
    /* An {X} spell pays X when its effect uses it: the count is the spell's. */
    c = card(&p, "Blaze");
    CHECK(c->n_abilities == 1 && c->ab[0].kind == AB_SPELL && c->ab[0].cost.x == 1);
    CHECK(card(&p, "Sphinx Ambassador")->power == 5);  /* facts are kept for unsupported cards too */

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

/* Whether card i of p and card j of q are the same card: every field,
 * subtypes by name and abilities as described (the two pools' subtype
 * ids differ: they are numbered in the order cards were read). */
static int same_card(const Pool *p, int i, const Pool *q, int j)
{
    CardDef a = p->cards[i], b = q->cards[j];
    for (int k = 0; k < CARD_SUBTYPE_MAX; k++) {
        const char *na = a.subtype[k] ? p->subtypes.name[a.subtype[k]] : "";
        const char *nb = b.subtype[k] ? q->subtypes.name[b.subtype[k]] : "";
        if (strcmp(na, nb)) return 0;
        a.subtype[k] = b.subtype[k] = 0;
    }
    if (a.n_abilities != b.n_abilities) return 0;
    for (int k = 0; k < a.n_abilities; k++) {
        char da[512], db[512];
        ability_describe(&a.ab[k], &p->subtypes, da, sizeof da);
        ability_describe(&b.ab[k], &q->subtypes, db, sizeof db);
        if (strcmp(da, db)) return 0;
    }
    a.ab = b.ab = NULL;
    return !memcmp(&a, &b, sizeof a) && !strcmp(p->reason[i], q->reason[j]);
}

/* The shipped pool is exactly the four set files in decks/mtgjson read directly. */
static void test_default_pool_is_the_set_files(void)
{
    Pool def, sets_pool;
    char err[512] = "";
    pool_init(&def);
    pool_init(&sets_pool);
    CHECK(pool_load_default(&def, err, sizeof err) == 0);
    load_sets(&sets_pool);
    CHECK(def.n == sets_pool.n);
    int same = 0;
    for (int i = 0; i < sets_pool.n; i++) {
        int j = pool_find(&def, sets_pool.cards[i].name);
        if (j < 0) {
            fprintf(stderr, "'%s' is in the sets but not in decks/pool.json\n", sets_pool.cards[i].name);
            continue;
        }
        if (!same_card(&def, j, &sets_pool, i))
            fprintf(stderr, "'%s' differs between the sets and decks/pool.json\n", def.cards[j].name);
        else
            same++;
    }
    CHECK(same == sets_pool.n);
    pool_free(&def);
    pool_free(&sets_pool);
}

/* The four sets read directly: keyword-only creatures keep the fast path
 * (no abilities), with their keywords, colors and subtypes as printed;
 * the cards the text reader made playable have their abilities. */
static void test_sets_text(void)
{
    static const char *const angel[] = { "Angel", NULL }, *const bear[] = { "Bear", NULL },
        *const elemental[] = { "Elemental", NULL }, *const spider[] = { "Spider", NULL },
        *const wurm[] = { "Wurm", NULL }, *const thopter[] = { "Thopter", NULL },
        *const cat_knight[] = { "Cat", "Knight", NULL }, *const wall[] = { "Wall", NULL },
        *const vampire[] = { "Vampire", NULL }, *const forest[] = { "Forest", NULL },
        *const none[] = { NULL }, *const aura[] = { "Aura", NULL }, *const elf_druid[] = { "Elf", "Druid", NULL };
    static const struct {
        const char *name;
        unsigned kw, colors;
        const char *const *sub;
    } plain[] = {
        { "Serra Angel", KW_FLYING | KW_VIGILANCE, CB_W, angel },
        { "Grizzly Bears", 0, CB_G, bear },
        { "Air Elemental", KW_FLYING, CB_U, elemental },
        { "Giant Spider", KW_REACH, CB_G, spider },
        { "Craw Wurm", 0, CB_G, wurm },
        { "Deadly Recluse", KW_REACH | KW_DEATHTOUCH, CB_G, spider },
        { "Skyhunter Skirmisher", KW_FLYING | KW_DOUBLE_STRIKE, CB_W, cat_knight },
        { "Wall of Swords", KW_DEFENDER | KW_FLYING, CB_W, wall },
        { "Child of Night", KW_LIFELINK, CB_B, vampire },
        { "Ornithopter", KW_FLYING, 0, thopter },
        { "Forest", 0, 0, forest },
    };
    Pool p;
    pool_init(&p);
    load_sets(&p);
    for (size_t k = 0; k < sizeof plain / sizeof *plain; k++) {
        const CardDef *c = card(&p, plain[k].name);
        const char *r = reason(&p, plain[k].name);
        if (r) fprintf(stderr, "'%s' should be supported: %s\n", plain[k].name, r);
        CHECK(r == NULL);
        if (c->n_abilities || c->ab || c->keywords != plain[k].kw || c->colors != plain[k].colors ||
            !subtypes_are(&p, c, plain[k].sub)) {
            fprintf(stderr, "'%s': %d abilities, keywords %#x, colors %#x, or subtypes not as printed\n",
                    plain[k].name, c->n_abilities, c->keywords, c->colors);
            failures++;
        }
        CHECK(!card_has_text(c));  /* the creature-only fast path */
    }

    /* Spells, an Aura, a mana creature: read now, supported or not as
     * ability_played says. */
    const CardDef *c = card(&p, "Lightning Bolt");
    CHECK(c->n_abilities > 0 && c->ab[0].kind == AB_SPELL && c->colors == CB_R && subtypes_are(&p, c, none));
    CHECK(c->ab[0].cost.x == 0);
    c = card(&p, "Giant Growth");
    CHECK(c->n_abilities > 0 && c->ab[0].kind == AB_SPELL && c->colors == CB_G);
    c = card(&p, "Pacifism");
    CHECK(c->n_abilities > 0 && c->ab[0].kind == AB_ENCHANT && c->colors == CB_W && subtypes_are(&p, c, aura));
    c = card(&p, "Llanowar Elves");
    CHECK(c->n_abilities > 0 && c->ab[0].kind == AB_MANA && c->colors == CB_G && subtypes_are(&p, c, elf_druid));
    CHECK(c->keywords == 0 && card_has_text(c));
    static const char *const read[] = { "Lightning Bolt", "Giant Growth", "Pacifism", "Llanowar Elves" };
    for (size_t k = 0; k < sizeof read / sizeof *read; k++) check_played_named(&p, read[k]);

    /* A filter's subtype is the card's: "unless you control a Plains or an
     * Island" names the ids of the Plains and Island cards' subtypes. */
    c = card(&p, "Glacial Fortress");
    CHECK(c->n_abilities == 2 && c->ab[0].kind == AB_ETB_TAPPED);
    if (c->n_abilities == 2) {
        CHECK(c->ab[0].trig_filter.subtype[0] == card(&p, "Plains")->subtype[0]);
        CHECK(c->ab[0].trig_filter.subtype[1] == card(&p, "Island")->subtype[0]);
    }
    check_pool_consistent(&p);
    pool_free(&p);
}

/* M10's keyword-only cards, read one by one from the card texts: vanilla
 * and keyword-only creatures, and the five basic lands; supported, on the
 * creature-only fast path (no abilities). Beyond them, the cards the text
 * reader reads whole, supported as the engine plays them. */
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
    CHECK(count_supported(&p) >= n);
    CHECK(count_read(&p) == M10_READ);
    for (int k = 0; k < n; k++) {
        const char *r = reason(&p, expected[k]);
        if (r) fprintf(stderr, "M10 '%s' should be supported: %s\n", expected[k], r);
        CHECK(r == NULL);
        CHECK(card(&p, expected[k])->n_abilities == 0);
    }
    check_pool_consistent(&p);
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
    /* Read whole now: "can't be blocked", "{R}: ~ gets +1/+0 ...". */
    check_played_named(&p, "Blighted Agent");
    CHECK(card(&p, "Blighted Agent")->keywords == KW_INFECT);
    check_played_named(&p, "Char-Rumbler");
    CHECK(card(&p, "Char-Rumbler")->keywords == KW_DOUBLE_STRIKE);
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
        { "data/cards_no_loyalty.json",
          "data/cards_no_loyalty.json:10: card 'Ajani Goldmane': a planeswalker without \"loyalty\"" },
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

/* Loads one set-file card (the JSON object's members) into p; its index. */
static int load_card(Pool *p, const char *members)
{
    char buf[2048], err[512] = "";
    snprintf(buf, sizeof buf, "{\"data\": {\"cards\": [\n{%s}]}}\n", members);
    int rc = pool_load_buffer(p, "card.json", buf, strlen(buf), err, sizeof err);
    if (rc) fprintf(stderr, "%s\n", err);
    CHECK(rc == 0);
    return p->n - 1;
}

/* Instants, sorceries, artifacts, enchantments and nonbasic lands: what
 * the pool checks beyond the reader and ability_played. */
static void test_new_kinds(void)
{
    static const struct { const char *card, *reason; } cases[] = {
        { "\"name\": \"Odd Aura\", \"types\": [\"Enchantment\"], \"subtypes\": [\"Aura\"], \"manaCost\": \"{W}\", "
          "\"text\": \"Enchanted creature gets +1/+1.\"", "an Aura without exactly one Enchant ability" },
        { "\"name\": \"Odd Equip\", \"types\": [\"Artifact\"], \"manaCost\": \"{1}\", \"text\": \"Equip {1}\"",
          "Equip on a card that is not an Equipment" },
        { "\"name\": \"X Bolt\", \"types\": [\"Instant\"], \"manaCost\": \"{X}{R}\", "
          "\"text\": \"X Bolt deals 3 damage to any target.\"", "mana cost not supported: {X} (the effect does not use X)" },
        { "\"name\": \"XX Bolt\", \"types\": [\"Sorcery\"], \"manaCost\": \"{X}{X}{R}\", "
          "\"text\": \"XX Bolt deals X damage to any target.\"", "mana cost not supported: {X}{X}" },
        { "\"name\": \"No X Bolt\", \"types\": [\"Instant\"], \"manaCost\": \"{R}\", "
          "\"text\": \"No X Bolt deals X damage to any target.\"", "X without {X} in the mana cost" },
        { "\"name\": \"Hybrid Bolt\", \"types\": [\"Instant\"], \"manaCost\": \"{X}{R/G}\", "
          "\"text\": \"Hybrid Bolt deals X damage to any target.\"", "mana cost not supported: {R/G}" },
        { "\"name\": \"X Bear\", \"types\": [\"Creature\"], \"manaCost\": \"{X}{G}\", \"power\": \"2\", "
          "\"toughness\": \"2\", \"text\": \"Trample\"", "mana cost not supported: {X}" },
        { "\"name\": \"XX Hydra\", \"types\": [\"Creature\"], \"manaCost\": \"{X}{X}{G}\", \"power\": \"0\", "
          "\"toughness\": \"0\", \"text\": \"XX Hydra enters the battlefield with X +1/+1 counters on it.\"",
          "mana cost not supported: {X}" },
        { "\"name\": \"Empty Spell\", \"types\": [\"Instant\"], \"manaCost\": \"{R}\"", "an instant without an effect" },
        { "\"name\": \"Tribal Bolt\", \"types\": [\"Tribal\", \"Instant\"], \"subtypes\": [\"Goblin\"], "
          "\"manaCost\": \"{R}\", \"text\": \"Tribal Bolt deals 3 damage to any target.\"",
          "card type not supported: Tribal instant" },
        { "\"name\": \"Legendary Bolt\", \"types\": [\"Sorcery\"], \"supertypes\": [\"Legendary\"], "
          "\"manaCost\": \"{R}\", \"text\": \"Legendary Bolt deals 3 damage to any target.\"",
          "legendary sorcery not supported" },
        { "\"name\": \"Fake Tundra\", \"types\": [\"Land\"], \"subtypes\": [\"Plains\", \"Island\"], "
          "\"text\": \"({T}: Add {W} or {U}.)\"", "nonbasic land with a basic land type not supported: Plains" },
        { "\"name\": \"Costly Land\", \"types\": [\"Land\"], \"manaCost\": \"{1}\", \"text\": \"{T}: Add {C}.\"",
          "a land with a mana cost" },
        { "\"name\": \"Many Types\", \"types\": [\"Creature\"], \"subtypes\": [\"Human\", \"Elf\", \"Goblin\", "
          "\"Wizard\", \"Rogue\"], \"manaCost\": \"{R}\", \"power\": \"1\", \"toughness\": \"1\"",
          "more than 4 subtypes" },
    };
    Pool p;
    pool_init(&p);
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        int i = load_card(&p, cases[k].card);
        if (i >= 0) CHECK_STARTS(pool_reason(&p, i), cases[k].reason);
    }
    /* X counts as 0 in the mana value; the spell keeps the cost's {X}. */
    int i = load_card(&p, "\"name\": \"My Blaze\", \"types\": [\"Sorcery\"], \"manaCost\": \"{X}{R}\", "
                          "\"manaValue\": 1, \"colors\": [\"R\"], \"text\": \"My Blaze deals X damage to any target.\"");
    CHECK(p.cards[i].mana_value == 1 && p.cards[i].colors == CB_R && p.cards[i].n_abilities == 1);
    if (p.cards[i].n_abilities == 1) CHECK(p.cards[i].ab[0].cost.x == 1);
    check_played_reason(&p, i);
    /* Colors: MTGJSON's, else the cost's. */
    i = load_card(&p, "\"name\": \"Gold Bears\", \"types\": [\"Creature\"], \"manaCost\": \"{W}{G}\", "
                      "\"power\": \"2\", \"toughness\": \"2\"");
    CHECK(p.cards[i].colors == (CB_W | CB_G) && pool_reason(&p, i) == NULL);
    i = load_card(&p, "\"name\": \"Devoid Bears\", \"types\": [\"Creature\"], \"manaCost\": \"{G}\", \"colors\": [], "
                      "\"power\": \"2\", \"toughness\": \"2\"");
    CHECK(p.cards[i].colors == 0);
    /* The first four subtypes are kept. */
    i = pool_find(&p, "Many Types");
    static const char *const four[] = { "Human", "Elf", "Goblin", "Wizard", NULL };
    CHECK(i >= 0 && subtypes_are(&p, &p.cards[i], four));
    pool_free(&p);

    refused_text("{\"data\": {\"cards\": [\n{\"name\": \"Bad Colors\", \"colors\": [\"Q\"], " BEARS_BODY "}]}}\n",
                 "x.json:2: card 'Bad Colors': \"colors\" holds 'Q', not one of W U B R G");
    refused_text("{\"data\": {\"cards\": [\n{\"name\": \"Bad Colors\", \"colors\": \"G\", " BEARS_BODY "}]}}\n",
                 "x.json:2: card 'Bad Colors': \"colors\" must be an array of strings");
}

/* A card's abilities are the pool's own: they stay where they are while
 * the pool grows, go with a card replaced, and pool_add copies a caller's. */
static void test_ability_storage(void)
{
    Pool p;
    char err[512];
    pool_init(&p);
    int i = load_card(&p, "\"name\": \"Lightning Bolt\", \"types\": [\"Instant\"], \"manaCost\": \"{R}\", "
                          "\"text\": \"Lightning Bolt deals 3 damage to any target.\"");
    CHECK(i == 0 && p.cards[0].n_abilities == 1);
    const Ability *ab = p.cards[0].ab;
    Ability before = *ab;
    /* The default pool on top: the arrays grow (256, then 1024 cards), and
     * its own Lightning Bolt replaces this one. */
    CHECK(pool_load_default(&p, err, sizeof err) == 0);
    CHECK(p.n == 782 && p.cap > 256);
    CHECK(pool_find(&p, "Lightning Bolt") == 0 && p.cards[0].n_abilities == 1);
    CHECK(!memcmp(p.cards[0].ab, &before, sizeof before));
    int gf = pool_find(&p, "Glacial Fortress");
    const Ability *fort = p.cards[gf].ab;
    CHECK(pool_load_file(&p, "data/cards_user_atomic.json", err, sizeof err) == 0);
    CHECK(p.cards[gf].ab == fort);  /* untouched by a file that does not replace it */

    /* pool_add with the card's own abilities (def->ab is the storage the
     * replaced card gives back): copied first. */
    CardDef d = p.cards[gf];
    CHECK(pool_add(&p, &d, NULL) == gf);
    CHECK(p.cards[gf].n_abilities == 2 && p.cards[gf].ab != NULL);
    CHECK(p.cards[gf].ab[0].kind == AB_ETB_TAPPED && p.cards[gf].ab[1].kind == AB_MANA);
    /* A caller's abilities are copied: changing them later changes nothing. */
    Ability mine[1];
    mine[0] = p.cards[0].ab[0];
    CardDef bolt2 = p.cards[0];
    strcpy(bolt2.name, "Bolt Two");
    bolt2.ab = mine;
    int b2 = pool_add(&p, &bolt2, NULL);
    CHECK(b2 >= 0 && p.cards[b2].ab != mine);
    mine[0].effect[0].n.n = 9;
    CHECK(p.cards[b2].ab[0].effect[0].n.n == 3);
    pool_free(&p);
    CHECK(p.n == 0 && p.cards == NULL);
}

/* ------------------------------------------------------------- the CLI */


static int run(const char *args, char **out, char **errout) { return test_mtgsim(args, out, errout); }

static void test_cli(void)
{
    char *out, *err, line[POOL_REASON_MAX + 64];
    Pool m10, def;
    char perr[512];
    pool_init(&m10);
    pool_init(&def);
    CHECK(pool_load_file(&m10, M10, perr, sizeof perr) == 0);
    CHECK(pool_load_default(&def, perr, sizeof perr) == 0);
    int st = run("cards " M10 " --json", &out, &err);
    CHECK(st == 0);
    cJSON *j = cJSON_Parse(out ? out : "");
    CHECK(j != NULL);
    CHECK(cJSON_GetNumberValue(cJSON_GetObjectItem(j, "supported")) == count_supported(&m10));
    CHECK(cJSON_GetNumberValue(cJSON_GetObjectItem(j, "unsupported")) == 234 - count_supported(&m10));
    const cJSON *cards = cJSON_GetObjectItem(j, "cards"), *c;
    CHECK(cJSON_GetArraySize(cards) == 234);
    int seen = 0;
    cJSON_ArrayForEach(c, cards) {
        const char *name = cJSON_GetStringValue(cJSON_GetObjectItem(c, "name"));
        const cJSON *sup = cJSON_GetObjectItem(c, "supported"), *r = cJSON_GetObjectItem(c, "reason");
        CHECK(cJSON_IsBool(sup));
        CHECK(cJSON_IsTrue(sup) ? cJSON_IsNull(r) : cJSON_IsString(r));
        if (name && !strcmp(name, "Serra Angel")) { seen++; CHECK(cJSON_IsTrue(sup)); }
        if (name && !strcmp(name, "Twincast")) {
            seen++;
            CHECK(cJSON_IsFalse(sup));
            CHECK_STARTS(cJSON_GetStringValue(r), reason(&m10, "Twincast"));
        }
        if (name && !strcmp(name, "Warp World")) {
            seen++;
            CHECK_STARTS(cJSON_GetStringValue(r), "text not understood: 'Each player shuffles all permanents");
        }
        /* The reason of every card is the pool's. */
        const char *want = name ? reason(&m10, name) : "(no name)";
        CHECK(want ? cJSON_IsString(r) && !strcmp(cJSON_GetStringValue(r), want) : cJSON_IsNull(r));
    }
    CHECK(seen == 3);
    cJSON_Delete(j);
    free(out);
    free(err);

    /* The default pool, as text: a line per card and a summary. */
    st = run("cards", &out, &err);
    CHECK(st == 0);
    CHECK_HAS(out, "supported    Serra Angel  {3}{W}{W} 4/4 flying, vigilance\n");
    snprintf(line, sizeof line, "unsupported  Twincast: %s\n", reason(&def, "Twincast"));
    CHECK_HAS(out, line);
    CHECK_HAS(out, "unsupported  Warp World: text not understood: 'Each player shuffles all permanents");
    /* A card with abilities is shown with them, whether played or not. */
    snprintf(line, sizeof line, "%s  Lightning Bolt", reason(&def, "Lightning Bolt") ? "unsupported" : "supported  ");
    CHECK_HAS(out, line);
    if (!reason(&def, "Lightning Bolt"))
        CHECK_HAS(out, "supported    Lightning Bolt  {R} instant; spell: damage 3 to target0[any target]\n");
    snprintf(line, sizeof line, "782 cards in the default pool: %d supported, %d unsupported\n",
             count_supported(&def), 782 - count_supported(&def));
    CHECK_HAS(out, line);
    free(out);
    free(err);
    pool_free(&m10);
    pool_free(&def);

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
    test_sets_text();
    test_new_kinds();
    test_ability_storage();
    test_cli();
    if (failures) fprintf(stderr, "test_pool: %d check(s) failed\n", failures);
    else printf("test_pool: all checks passed\n");
    return failures != 0;
}
