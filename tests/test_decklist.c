/* test_decklist.c: deck lists in the three formats players export, the
 * decks shipped in decks/, and every kind of bad input refused with
 * FILE:LINE. */
#define TESTUTIL_OWN_CHECK
#include "testutil.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include "decks/decklist.h"
#include "engine/ability.h"

static int failures;

#define CHECK(c) do { if (!(c)) { \
    fprintf(stderr, "%s:%d: check failed: %s\n", __FILE__, __LINE__, #c); failures++; } } while (0)
#define CHECK_HAS(s, sub) do { const char *s_ = (s); if (!s_ || !strstr(s_, (sub))) { \
    fprintf(stderr, "%s:%d: '%s' does not contain '%s'\n", __FILE__, __LINE__, s_ ? s_ : "(null)", (sub)); \
    failures++; } } while (0)
#define CHECK_STARTS(s, pre) do { const char *s_ = (s); if (strncmp(s_, (pre), strlen(pre))) { \
    fprintf(stderr, "%s:%d: '%s' does not start with '%s'\n", __FILE__, __LINE__, s_, (pre)); \
    failures++; } } while (0)

static Pool pool;

/* Copies of the named card in d. */
static int copies(const Deck *d, const char *name)
{
    int i = pool_find(&pool, name), n = 0;
    for (int k = 0; k < d->n; k++) n += d->card[k] == i;
    return n;
}

static int lands(const Deck *d)
{
    int n = 0;
    for (int k = 0; k < d->n; k++) n += card_is(&pool.cards[d->card[k]], TYPE_LAND);
    return n;
}

static int load(const char *path, DeckList *dl, char *err, size_t errlen)
{
    int rc = decklist_load(&pool, path, dl, err, errlen);
    if (rc) fprintf(stderr, "%s\n", err);
    return rc;
}

static void test_mtgo_text(void)
{
    DeckList dl;
    char err[512];
    CHECK(load("data/deck_mtgo.txt", &dl, err, sizeof err) == 0);
    CHECK(dl.format == DECK_FORMAT_TEXT);
    CHECK(!strcmp(dl.name, "deck_mtgo"));
    CHECK(dl.main.n == 40 && dl.side.n == 6);
    CHECK(copies(&dl.main, "Stormfront Pegasus") == 4);
    CHECK(copies(&dl.main, "Serra Angel") == 2);
    CHECK(copies(&dl.main, "Plains") == 10 && copies(&dl.main, "Island") == 7);
    CHECK(copies(&dl.side, "Angelic Wall") == 3 && copies(&dl.side, "Mahamoti Djinn") == 1);
    CHECK(copies(&dl.main, "Angelic Wall") == 0);
    /* In list order, one pool index per card object. */
    CHECK(dl.main.card[0] == pool_find(&pool, "Stormfront Pegasus"));
    CHECK(dl.main.card[39] == pool_find(&pool, "Island"));

    int card[64], count[64];
    int n = decklist_group(&dl.main, card, count, 64);
    CHECK(n == 10);
    CHECK(card[0] == pool_find(&pool, "Stormfront Pegasus") && count[0] == 4);
    CHECK(card[9] == pool_find(&pool, "Island") && count[9] == 7);
    CHECK(decklist_group(&dl.main, card, count, 2) == 2);
    CHECK(!strcmp(decklist_format_name(dl.format), "text"));
}

static void test_arena(void)
{
    DeckList dl;
    char err[512];
    /* CRLF line ends, set codes, collector numbers, a typographic apostrophe,
     * and an instant in the sideboard (read, never played). */
    CHECK(load("data/deck_arena.txt", &dl, err, sizeof err) == 0);
    CHECK(dl.format == DECK_FORMAT_ARENA);
    CHECK(!strcmp(dl.name, "deck_arena"));
    CHECK(dl.main.n == 40 && dl.side.n == 3);
    CHECK(copies(&dl.main, "Garruk's Companion") == 4);
    CHECK(copies(&dl.main, "Forest") == 17 && lands(&dl.main) == 17);
    CHECK(copies(&dl.side, "Naturalize") == 2);
    CHECK(pool_find(&pool, "Naturalize") >= 0);  /* an instant: read, whether the engine plays it or not */
    CHECK(!strcmp(decklist_format_name(dl.format), "arena"));

    CHECK(load("data/deck_arena_about.txt", &dl, err, sizeof err) == 0);
    CHECK(dl.format == DECK_FORMAT_ARENA);
    CHECK(!strcmp(dl.name, "Zombie Rush"));
    CHECK(dl.main.n == 40 && dl.side.n == 0);
    CHECK(copies(&dl.main, "Swamp") == 16);
}

static void test_forge(void)
{
    DeckList dl;
    char err[512];
    CHECK(load("data/deck_forge.dck", &dl, err, sizeof err) == 0);
    CHECK(dl.format == DECK_FORMAT_FORGE);
    CHECK(!strcmp(dl.name, "Boros Strike"));
    CHECK(dl.main.n == 40 && dl.side.n == 3);
    CHECK(copies(&dl.main, "Youthful Knight") == 4);   /* "|10E|1" */
    CHECK(copies(&dl.main, "Skyhunter Patrol") == 4);  /* "|10E|2" */
    CHECK(copies(&dl.main, "Plains") == 10 && copies(&dl.main, "Mountain") == 7);
    CHECK(copies(&dl.side, "Pacifism") == 2);
    CHECK(!strcmp(decklist_format_name(dl.format), "forge"));
}

static void test_counts_and_case(void)
{
    DeckList dl;
    char err[512];
    CHECK(load("data/deck_4x.txt", &dl, err, sizeof err) == 0);
    CHECK(dl.format == DECK_FORMAT_TEXT);
    CHECK(dl.main.n == 40);
    CHECK(copies(&dl.main, "Goblin Piker") == 4);  /* written "goblin piker" */
    CHECK(copies(&dl.main, "Viashino Spearhunter") == 4);  /* "4X" */

    /* From memory: typographic apostrophes either way, "SB:" lines. */
    const char *text = "2 GARRUK\xE2\x80\x98S COMPANION\n18 forest\nSB: 1 Giant Spider\n";
    CHECK(decklist_parse(&pool, "mem/green.txt", text, strlen(text), &dl, err, sizeof err) == 0);
    CHECK(dl.main.n == 20 && dl.side.n == 1);
    CHECK(copies(&dl.main, "Garruk's Companion") == 2);
    CHECK(!strcmp(dl.name, "green"));

    /* Unicode spaces, as pasted from web pages, read as spaces: a no-break
     * space (U+00A0) in a name, after a count, ending a line or a name
     * before a Forge set code; U+202F, U+2003 and U+3000 too. */
    text = "4\xC2\xA0Grizzly\xC2\xA0" "Bears\xC2\xA0\n4 Giant\xE2\x80\xAFSpider\n"
           "\xE3\x80\x80" "2x\xE2\x80\x83Garruk\xE2\x80\x99s\xC2\xA0" "Companion\n18 Forest\n";
    int rc = decklist_parse(&pool, "nbsp.txt", text, strlen(text), &dl, err, sizeof err);
    CHECK(rc == 0);
    if (rc) fprintf(stderr, "%s\n", err);
    CHECK(dl.main.n == 28 && copies(&dl.main, "Grizzly Bears") == 4 && copies(&dl.main, "Giant Spider") == 4);
    CHECK(copies(&dl.main, "Garruk's Companion") == 2);
    text = "[Main]\n4 Grizzly\xC2\xA0" "Bears\xC2\xA0|M10\n";
    rc = decklist_parse(&pool, "nbsp.dck", text, strlen(text), &dl, err, sizeof err);
    CHECK(rc == 0 && copies(&dl.main, "Grizzly Bears") == 4);
    /* A misspelled name with one is still matched to its suggestion. */
    text = "4 Grizly\xC2\xA0" "Bears\n";
    CHECK(decklist_parse(&pool, "nbsp.txt", text, strlen(text), &dl, err, sizeof err) == -1);
    CHECK_HAS(err, "did you mean 'Grizzly Bears'?");
    /* A space that is not a separator (U+200B, zero width) is not a space:
     * refused, and shown so that the name differs from the suggestion. */
    text = "4 Grizzly\xE2\x80\x8B" "Bears\n";
    CHECK(decklist_parse(&pool, "zw.txt", text, strlen(text), &dl, err, sizeof err) == -1);
    CHECK(!strcmp(err, "zw.txt:1: unknown card 'Grizzly\\u200BBears': did you mean 'Grizzly Bears'?"));
    text = "4 \xEF\xBB\xBFXyzzy Qu\xC2\xADux\n";
    CHECK(decklist_parse(&pool, "zw.txt", text, strlen(text), &dl, err, sizeof err) == -1);
    CHECK_STARTS(err, "zw.txt:1: unknown card '\\uFEFFXyzzy Qu\\u00ADux': not in the card pool");
}

/* The colors of mana a land taps for (CB_* bits): a basic land's, or its
 * mana abilities' (a dual land's two). */
static unsigned land_colors(const CardDef *c)
{
    if (c->produces >= 0) return c->produces < COLOR_C ? 1u << c->produces : 0;
    unsigned m = 0;
    for (int a = 0; a < c->n_abilities; a++)
        if (c->ab[a].kind == AB_MANA)
            for (int e = 0; e < c->ab[a].n_effects; e++)
                if (c->ab[a].effect[e].op == OP_ADD_MANA) m |= c->ab[a].effect[e].arg2;
    return m;
}

/* One shipped deck: it loads, has `size` cards of the default pool, all
 * supported, lands lo..hi, at most four of a card but basic lands (main
 * deck and sideboard together), and
 * sane mana: every colored mana symbol has a land of its color, and no
 * land color goes unused. Returns the deck's format. */
static int check_shipped(const char *file, int size, int lo, int hi)
{
    char path[512], err[512];
    DeckList dl;
    snprintf(path, sizeof path, MTGSIM_DECKS_DIR "/%s", file);
    if (load(path, &dl, err, sizeof err)) { CHECK(!"shipped deck loads"); return 0; }
    if (dl.main.n != size || lands(&dl.main) < lo || lands(&dl.main) > hi)
        fprintf(stderr, "%s: %d cards, %d lands\n", file, dl.main.n, lands(&dl.main));
    CHECK(dl.main.n == size);
    CHECK(lands(&dl.main) >= lo && lands(&dl.main) <= hi);
    int pips[COLOR_COUNT] = { 0 };
    unsigned land = 0;
    for (int i = 0; i < dl.main.n; i++) {
        const CardDef *c = &pool.cards[dl.main.card[i]];
        CHECK(pool_reason(&pool, dl.main.card[i]) == NULL);
        int n = copies(&dl.main, c->name) + copies(&dl.side, c->name), first = 1;
        for (int j = 0; j < i; j++) first &= dl.main.card[j] != dl.main.card[i];
        if (first && !(c->supertypes & SUPER_BASIC) && n > 4) {
            fprintf(stderr, "%s: %d %s in the main deck and sideboard\n", file, n, c->name);
            CHECK(!"at most four of a card");
        }
        if (card_is(c, TYPE_LAND)) land |= land_colors(c);
        for (int col = 0; col < COLOR_C; col++) pips[col] += c->cost_color[col];
    }
    for (int col = 0; col < COLOR_C; col++) {
        if ((pips[col] > 0) != ((land >> col) & 1))
            fprintf(stderr, "%s: color %d has %d symbols, lands of it: %u\n", file, col, pips[col], (land >> col) & 1);
        CHECK((pips[col] > 0) == ((land >> col) & 1));
    }
    return dl.format;
}

/* A README line "KEY decks/A decks/B" and the file decks/LIST (read by
 * `mtgsim run` and `mtgsim bench`) name the same two decks, once. */
static void check_matchup(const char *key, const char *list)
{
    FILE *f = fopen(MTGSIM_DECKS_DIR "/README.md", "r");
    CHECK(f != NULL);
    char line[512], fmt[64], ref[2][256] = { "", "" };
    snprintf(fmt, sizeof fmt, "%s decks/%%255s decks/%%255s", key);
    int found = 0;
    while (f && fgets(line, sizeof line, f)) {
        if (sscanf(line, fmt, ref[0], ref[1]) != 2) continue;
        found++;
        for (int k = 0; k < 2; k++) {
            char path[600], err[512];
            DeckList dl;
            snprintf(path, sizeof path, MTGSIM_DECKS_DIR "/%s", ref[k]);
            CHECK(load(path, &dl, err, sizeof err) == 0);
        }
    }
    if (f) fclose(f);
    CHECK(found == 1);
    char path[512];
    snprintf(path, sizeof path, MTGSIM_DECKS_DIR "/%s", list);
    f = fopen(path, "r");
    CHECK(f != NULL);
    int n = 0;
    while (f && fgets(line, sizeof line, f)) {
        line[strcspn(line, "\r\n")] = 0;
        if (!line[0] || line[0] == '#') continue;
        CHECK(n < 2 && !strcmp(line, ref[n]));
        n++;
    }
    if (f) fclose(f);
    CHECK(n == 2);
}

/* Every deck in decks/ loads and is built like a real deck of its kind:
 * the creature decks 40 cards (16-17 lands), the spells decks 60 (20-26);
 * the two reference matchups named in decks/README.md exist. */
static void test_shipped_decks(void)
{
    static const char *const creatures[] = {
        "wu_flyers.txt", "gr_beef.txt", "bg_deathtouch.dck", "red_aggro.txt", "white_weenie.txt",
        "green_stompy.txt", "ub_skies.txt", "black_zombies.dck", "rw_knights.txt",
    };
    static const char *const spells[] = {
        "rdw_goblins.txt", "uw_control.txt", "br_blightning.dck", "jund.txt", "ub_control.txt",
        "gw_elves.txt", "w_soldiers.txt",
    };
    int formats[3] = { 0, 0, 0 }, sformats[3] = { 0, 0, 0 };
    for (size_t k = 0; k < sizeof creatures / sizeof *creatures; k++) formats[check_shipped(creatures[k], 40, 16, 17)]++;
    for (size_t k = 0; k < sizeof spells / sizeof *spells; k++) sformats[check_shipped(spells[k], 60, 20, 26)]++;
    CHECK(formats[DECK_FORMAT_TEXT] >= 1 && formats[DECK_FORMAT_ARENA] >= 1 && formats[DECK_FORMAT_FORGE] >= 1);
    CHECK(sformats[DECK_FORMAT_TEXT] >= 1 && sformats[DECK_FORMAT_ARENA] >= 1 && sformats[DECK_FORMAT_FORGE] >= 1);
    check_matchup("reference:", "reference");
    check_matchup("spells reference:", "reference_spells");
}

static void test_suggest(void)
{
    int s[3];
    int n = decklist_suggest(&pool, "Grizly Bears", s, 3);
    CHECK(n >= 1 && !strcmp(pool.cards[s[0]].name, "Grizzly Bears"));
    n = decklist_suggest(&pool, "serra angle", s, 3);  /* a transposition */
    CHECK(n >= 1 && !strcmp(pool.cards[s[0]].name, "Serra Angel"));
    n = decklist_suggest(&pool, "Garruks Companion", s, 3);
    CHECK(n >= 1 && !strcmp(pool.cards[s[0]].name, "Garruk's Companion"));
    CHECK(decklist_suggest(&pool, "Xyzzy Quux Plugh", s, 3) == 0);
}


static int run(const char *args, char **out, char **errout) { return test_mtgsim(args, out, errout); }

/* Bad input: refused with "FILE:LINE: what is wrong". */
static void test_bad_input(void)
{
    static const struct { const char *file; const char *msg; } cases[] = {
        { "data/bad/misspelled.txt",
          "data/bad/misspelled.txt:3: unknown card 'Grizly Bears': did you mean 'Grizzly Bears'?" },
        { "data/bad/unsupported.txt",
          /* the reason is the pool's (test_pool.c checks it) */
          "data/bad/unsupported.txt:3: card 'Twincast' is not supported: " },
        { "data/bad/empty.txt", "data/bad/empty.txt:1: empty file" },
        { "data/bad/blank.txt", "data/bad/blank.txt:1: empty file" },
        { "data/bad/binary.dck", "data/bad/binary.dck:1: binary data" },
        { "data/bad/latin1.txt", "data/bad/latin1.txt:2: invalid UTF-8 (byte 0xE9)" },
        { "data/bad/zero.txt",
          "data/bad/zero.txt:2: count 0 for 'Centaur Courser': a card line needs at least 1 copy" },
        { "data/bad/negative.txt",
          "data/bad/negative.txt:3: count -2 for 'Centaur Courser': a card line needs at least 1 copy" },
        { "data/bad/absurd.dck",
          "data/bad/absurd.dck:5: count 1000 for 'Forest' is absurd: a deck holds at most 250 cards" },
        { "data/bad/over250.txt", "data/bad/over250.txt:5: the main deck would hold 300 cards, more than 250" },
        { "data/bad/sideboard_only.txt",
          "data/bad/sideboard_only.txt:2: no cards in the main deck (the cards from this line on are the sideboard)" },
        { "data/bad/no_main.dck", "data/bad/no_main.dck:1: no cards in the main deck" },
        { "data/bad/commander.txt", "data/bad/commander.txt:1: 'Commander' section: commander" },
        { "data/bad/third_block.txt", "data/bad/third_block.txt:9: cards after the sideboard" },
        { "data/bad/no_count.txt",
          "data/bad/no_count.txt:2: expected a count and a card name, like '4 Grizzly Bears', not 'Centaur Courser'" },
        { "data/bad/unknown_section.dck", "data/bad/unknown_section.dck:5: section [Planes] not supported" },
        { "data/bad/no_such_deck.txt", "data/bad/no_such_deck.txt: cannot open" },
        { "data", "data: cannot read" },
    };
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        DeckList dl;
        char err[512] = "";
        CHECK(decklist_load(&pool, cases[k].file, &dl, err, sizeof err) == -1);
        CHECK_STARTS(err, cases[k].msg);
    }
    /* The command line refuses them before playing: exit 2, the message on
     * stderr, nothing on stdout. */
    for (size_t k = 0; k + 2 < sizeof cases / sizeof *cases; k++) {
        char args[512], *out, *errout, line[300];
        snprintf(args, sizeof args, "run %s '" MTGSIM_DECKS_DIR "/gr_beef.txt' --games 2 --threads 1",
                 cases[k].file);
        int st = run(args, &out, &errout);
        CHECK(st == 2);
        CHECK(out && out[0] == 0);
        snprintf(line, sizeof line, "%.*s", (int)(strchr(cases[k].msg, ' ') - cases[k].msg), cases[k].msg);
        CHECK_HAS(errout, line);  /* "FILE:LINE:" */
        free(out);
        free(errout);
    }

    /* More from memory. */
    static const struct { const char *text; const char *msg; } mem[] = {
        { "4 Xyzzy Quux Plugh\n", "m.txt:1: unknown card 'Xyzzy Quux Plugh': not in the card pool" },
        { "4 Grizzly Bears\n4\n", "m.txt:2: a count without a card name" },
        { "4Grizzly Bears\n", "m.txt:1: expected a count and a card name" },
        { "99999999999999999999 Forest\n", "m.txt:1: count 99999999999999999999 for 'Forest' is absurd" },
        { "251 Forest\n", "m.txt:1: count 251 for 'Forest' is absurd" },
        { "250 Forest\n1 Forest\n", "m.txt:2: the main deck would hold 251 cards, more than 250" },
        { "4 Grizzly Bears\nSideboard\n200 Forest\n60 Forest\n", "m.txt:4: the sideboard would hold 260 cards" },
        { "Deck\n4 Grizzly Bears (10E) 268\n\nCompanion\n1 Ornithopter (M11) 211\n", "m.txt:4: 'Companion' section" },
        { "[metadata]\nName=X\n[Main]\n4 Phantasmal Image|M12\n", "m.txt:4: card 'Phantasmal Image' is not supported" },
        { "[metadata]\nthis is not a key\n", "m.txt:2: expected KEY=VALUE in [metadata]" },
        { "4 Grizzly Bears\n\x01\x02\x03\n", "m.txt:2: binary data (control byte 0x01)" },
        { "4 Grizzly Bears\n\xED\xA0\x80\n", "m.txt:2: invalid UTF-8" },     /* a surrogate */
        { "4 Grizzly Bears\n\xC0\xAF\n", "m.txt:2: invalid UTF-8" },         /* overlong '/' */
        { "4 Grizzly Bears\n4 Serra Ang\xC3", "m.txt:2: invalid UTF-8" },    /* cut mid-character */
        { "// just a comment\n", "m.txt:1: no cards in the main deck" },
        { "4 Grizzly Bears\nSB:", "m.txt:2: expected a count and a card name" },
        { "4 Grizzly Bears\n-", "m.txt:2: expected a count and a card name" },
        { "\n<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<Deck>\n", "m.txt:2: an XML file (an MTGO .dek?)" },
        { "{\"meta\": {}, \"data\": {}}\n", "m.txt:1: a JSON file, not a deck list" },
    };
    for (size_t k = 0; k < sizeof mem / sizeof *mem; k++) {
        DeckList dl;
        char err[512] = "";
        CHECK(decklist_parse(&pool, "m.txt", mem[k].text, strlen(mem[k].text), &dl, err, sizeof err) == -1);
        CHECK_STARTS(err, mem[k].msg);
    }
    /* A NUL byte in the middle of otherwise good text. */
    DeckList dl;
    char err[512];
    const char nul[] = "4 Grizzly Bears\n4 Centaur\0Courser\n";
    CHECK(decklist_parse(&pool, "m.txt", nul, sizeof nul - 1, &dl, err, sizeof err) == -1);
    CHECK_STARTS(err, "m.txt:2: binary data (a NUL byte)");
    /* A file over the size limit. */
    size_t big = DECKLIST_FILE_MAX + 1;
    char *junk = malloc(big);
    CHECK(junk != NULL);
    if (junk) {
        memset(junk, '\n', big);
        CHECK(decklist_parse(&pool, "big.txt", junk, big, &dl, err, sizeof err) == -1);
        CHECK_STARTS(err, "big.txt:1: ");
        free(junk);
    }
}

/* A line over the limit is named for what it is; a file over the limit by
 * its real size (or "over 1 MiB" when the size cannot be known). */
static void test_too_long(void)
{
    static const struct { const char *head, *tail, *msg; } lines[] = {
        { "[metadata]\nName=", "\n[Main]\n4 Forest\n", "m.dck:2: a Name= header of 605 bytes is too long (at most 512)" },
        { "[metadata]\nDescription=", "\n", "m.dck:2: a [metadata] line of 612 bytes is too long (at most 512)" },
        { "About\nName ", "\n\nDeck\n4 Forest (M10) 246\n", "m.dck:2: a line of the About section of 605 bytes is too long (at most 512)" },
        { "4 Forest\n// ", "\n", "m.dck:2: a comment of 603 bytes is too long (at most 512)" },
        { "4 Forest\n4 Grizzly ", "\n", "m.dck:2: a card line of 610 bytes is too long (at most 512)" },
    };
    for (size_t k = 0; k < sizeof lines / sizeof *lines; k++) {
        char text[2048], err[512] = "";
        int n = snprintf(text, sizeof text, "%s", lines[k].head);
        memset(text + n, 'x', 600);
        snprintf(text + n + 600, sizeof text - (size_t)n - 600, "%s", lines[k].tail);
        DeckList dl;
        CHECK(decklist_parse(&pool, "m.dck", text, strlen(text), &dl, err, sizeof err) == -1);
        CHECK_STARTS(err, lines[k].msg);
    }

    char dir[] = "/tmp/test_decklist_XXXXXX", path[128], err[512] = "";
    DeckList dl;
    CHECK(mkdtemp(dir) != NULL);
    snprintf(path, sizeof path, "%s/big.txt", dir);
    FILE *f = fopen(path, "wb");
    CHECK(f != NULL);
    if (f) {
        for (int i = 0; i < 300000; i++) fputs("4 Forest\n", f);   /* 2,700,000 bytes */
        fclose(f);
        CHECK(decklist_load(&pool, path, &dl, err, sizeof err) == -1);
        char want[256];
        snprintf(want, sizeof want, "%s:1: a file of 2700000 bytes is too large for a deck list (at most 1 MiB)", path);
        CHECK(!strcmp(err, want));
        if (strcmp(err, want)) fprintf(stderr, "  got  %s\n  want %s\n", err, want);
        remove(path);
    }
    /* A pipe has no size to tell. */
    snprintf(path, sizeof path, "%s/fifo", dir);
    CHECK(mkfifo(path, 0600) == 0);
    pid_t pid = fork();
    if (pid == 0) {
        signal(SIGPIPE, SIG_IGN);
        FILE *w = fopen(path, "wb");
        for (int i = 0; w && i < 300000 && fputs("4 Forest\n", w) >= 0; i++) continue;
        _exit(0);
    }
    CHECK(decklist_load(&pool, path, &dl, err, sizeof err) == -1);
    if (pid > 0) waitpid(pid, NULL, 0);
    char want[256];
    snprintf(want, sizeof want, "%s:1: a file of over 1 MiB is too large for a deck list", path);
    CHECK(!strcmp(err, want));
    if (strcmp(err, want)) fprintf(stderr, "  got  %s\n  want %s\n", err, want);
    remove(path);
    rmdir(dir);
}

int main(void)
{
    char err[512];
    pool_init(&pool);
    if (pool_load_default(&pool, err, sizeof err)) {
        fprintf(stderr, "test_decklist: %s\n", err);
        return 1;
    }
    test_mtgo_text();
    test_arena();
    test_forge();
    test_counts_and_case();
    test_shipped_decks();
    test_suggest();
    test_bad_input();
    test_too_long();
    pool_free(&pool);
    if (failures) fprintf(stderr, "test_decklist: %d check(s) failed\n", failures);
    else printf("test_decklist: all checks passed\n");
    return failures != 0;
}
