/* cmd_cards.c: `mtgsim cards`, lists which cards of a pool the engine plays
 * and, for the others, why not. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cjson/cJSON.h>
#include "commands.h"
#include "decks/pool.h"

static const char usage[] =
    "usage: mtgsim cards [FILE...] [--json]\n"
    "\n"
    "Lists the cards of the default pool (decks/pool.json), or with FILEs the\n"
    "cards of those MTGJSON files only (set files or AtomicCards files), each\n"
    "as supported (the engine plays it exactly) or unsupported with the reason.\n"
    "\n"
    "  --json   {\"supported\": n, \"unsupported\": m,\n"
    "            \"cards\": [{\"name\", \"supported\", \"reason\"}]}\n"
    "\n"
    "Exit status: 0, or 2 for a bad file (FILE:LINE: what is wrong) or usage.\n";

static const char *const kw_names[KW_COUNT] = {
    "flying", "reach", "first strike", "double strike", "deathtouch", "trample",
    "lifelink", "vigilance", "haste", "menace", "defender", "indestructible",
    "wither", "infect",
};

/* Appends to out[0 .. len-1] at *n, as snprintf does, never past len. */
static void add(char *out, size_t len, size_t *n, const char *fmt, const char *a, const char *b)
{
    if (*n >= len) return;
    int k = snprintf(out + *n, len - *n, fmt, a, b);
    if (k > 0) *n += (size_t)k;
    if (*n >= len) *n = len - 1;
}

/* "{3}{W}{W} 4/4 flying, vigilance", "basic land: {G}", "{R} instant;
 * spell: damage 3 to target0[any target]": the cost, what the card is, and
 * each ability as ability_describe gives it. */
static void describe(const Pool *p, const CardDef *c, char *out, size_t len)
{
    size_t n = 0;
    out[0] = 0;
    if (card_is(c, TYPE_LAND) && c->produces >= 0) {
        snprintf(out, len, "basic land: {%c}", "WUBRGC"[c->produces]);
        return;
    }
    if (card_is(c, TYPE_LAND)) {
        add(out, len, &n, "land", "", "");
    } else {
        for (int k = 0; k < c->n_abilities; k++)  /* an instant's {X} is its spell's, a creature's its counters' */
            for (int x = 0; (c->ab[k].kind == AB_SPELL || c->ab[k].kind == AB_ETB_COUNTERS) && x < c->ab[k].cost.x; x++)
                add(out, len, &n, "{X}", "", "");
        if (c->cost_generic || (c->mana_value == 0 && n == 0)) {
            char g[8];
            snprintf(g, sizeof g, "%d", c->cost_generic);
            add(out, len, &n, "{%s}", g, "");
        }
        for (int k = 0; k < COLOR_COUNT; k++)
            for (int i = 0; i < c->cost_color[k]; i++) {
                char sym[2] = { "WUBRGC"[k], 0 };
                add(out, len, &n, "{%s}", sym, "");
            }
        if (card_is(c, TYPE_CREATURE)) {
            char pt[16];
            snprintf(pt, sizeof pt, "%d/%d", c->power, c->toughness);
            add(out, len, &n, " %s", pt, "");
        } else {
            static const struct { unsigned bit; const char *word; } kinds[] = {
                { TYPE_ARTIFACT, "artifact" }, { TYPE_ENCHANTMENT, "enchantment" },
                { TYPE_INSTANT, "instant" }, { TYPE_SORCERY, "sorcery" }, { TYPE_PLANESWALKER, "planeswalker" },
            };
            for (size_t k = 0; k < sizeof kinds / sizeof *kinds; k++)
                if (card_is(c, kinds[k].bit)) add(out, len, &n, " %s", kinds[k].word, "");
        }
    }
    const char *sep = " ";
    for (int k = 0; k < KW_COUNT; k++)
        if (c->keywords & (1u << k)) {
            add(out, len, &n, "%s%s", sep, kw_names[k]);
            sep = ", ";
        }
    for (int k = 0; k < c->n_abilities; k++) {
        char ab[256];
        ability_describe(&c->ab[k], &p->subtypes, ab, sizeof ab);
        add(out, len, &n, "; %s", ab, "");
    }
}

static int print_json(const Pool *p)
{
    int sup = 0;
    cJSON *root = cJSON_CreateObject(), *cards = cJSON_CreateArray();
    for (int i = 0; i < p->n; i++) {
        const char *r = pool_reason(p, i);
        cJSON *c = cJSON_CreateObject();
        cJSON_AddStringToObject(c, "name", p->cards[i].name);
        cJSON_AddBoolToObject(c, "supported", r == NULL);
        if (r) cJSON_AddStringToObject(c, "reason", r);
        else cJSON_AddNullToObject(c, "reason");
        cJSON_AddItemToArray(cards, c);
        sup += r == NULL;
    }
    cJSON_AddNumberToObject(root, "supported", sup);
    cJSON_AddNumberToObject(root, "unsupported", p->n - sup);
    cJSON_AddItemToObject(root, "cards", cards);
    char *s = cJSON_PrintUnformatted(root);
    cJSON_Delete(root);
    if (!s) {
        fputs("mtgsim cards: out of memory\n", stderr);
        return 2;
    }
    /* One long line: a failed write is seen here, with its reason (the
     * check after the command would no longer know it). */
    int bad = puts(s) == EOF;
    if (bad) fprintf(stderr, "mtgsim cards: cannot write to standard output: %s\n", strerror(errno));
    free(s);
    return bad ? 2 : 0;
}

/* Returns 2 when a write failed, with its reason on stderr: the first
 * failed write has it (a later flush of what is left may not). */
static int print_text(const Pool *p, const char *source)
{
    int sup = 0, e = 0;
    char desc[1024];
    for (int i = 0; i < p->n; i++) {
        const char *r = pool_reason(p, i);
        int w;
        if (r) {
            w = printf("unsupported  %s: %s\n", p->cards[i].name, r);
        } else {
            describe(p, &p->cards[i], desc, sizeof desc);
            w = printf("supported    %s  %s\n", p->cards[i].name, desc);
            sup++;
        }
        if (w < 0 && !e) e = errno;
    }
    if (printf("%d cards in %s: %d supported, %d unsupported\n", p->n, source, sup, p->n - sup) < 0 && !e) e = errno;
    if (fflush(stdout) != 0 && !e) e = errno;
    if (!e) return 0;
    fprintf(stderr, "mtgsim cards: cannot write to standard output: %s\n", strerror(e));
    return 2;
}

int cmd_cards(int argc, char **argv)
{
    int json = 0, nfiles = 0, opts = 1;
    const char *file = NULL;
    for (int i = 0; i < argc; i++) {
        if (opts && !strcmp(argv[i], "--")) opts = 0;
        else if (opts && (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))) {
            fputs(usage, stdout);
            return 0;
        } else if (opts && !strcmp(argv[i], "--json")) json = 1;
        else if (opts && argv[i][0] == '-' && argv[i][1]) {
            fprintf(stderr, "mtgsim cards: unknown option '%s'\n\n%s", argv[i], usage);
            return 2;
        } else if (nfiles++ == 0) file = argv[i];
    }

    /* Everything is loaded before anything is printed: a bad file leaves
     * stdout empty, and its message gives FILE:LINE like a compiler's. */
    Pool pool;
    char err[512];
    pool_init(&pool);
    if (nfiles == 0 && pool_load_default(&pool, err, sizeof err) < 0) {
        fprintf(stderr, "mtgsim cards: %s\n", err);
        return 2;
    }
    opts = 1;
    for (int i = 0; i < argc; i++) {
        if (opts && !strcmp(argv[i], "--")) { opts = 0; continue; }
        if (opts && argv[i][0] == '-' && argv[i][1]) continue;
        if (pool_load_file(&pool, argv[i], err, sizeof err) < 0) {
            fprintf(stderr, "mtgsim cards: %s\n", err);
            pool_free(&pool);
            return 2;
        }
    }
    int rc = 0;
    if (json) rc = print_json(&pool);
    else rc = print_text(&pool, nfiles == 0 ? "the default pool" : nfiles == 1 ? file : "these files");
    pool_free(&pool);
    return rc;
}
