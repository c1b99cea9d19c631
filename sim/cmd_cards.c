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

/* "{3}{W}{W} 4/4 flying, vigilance" or "land: {G}". */
static void describe(const CardDef *c, char *out, size_t len)
{
    size_t n = 0;
    out[0] = 0;
    if (card_is(c, TYPE_LAND)) {
        if (c->produces >= 0) snprintf(out, len, "basic land: {%c}", "WUBRGC"[c->produces]);
        return;
    }
    if (c->cost_generic || c->mana_value == 0)
        n += (size_t)snprintf(out + n, len - n, "{%d}", c->cost_generic);
    for (int k = 0; k < COLOR_COUNT && n < len; k++)
        for (int i = 0; i < c->cost_color[k] && n < len; i++)
            n += (size_t)snprintf(out + n, len - n, "{%c}", "WUBRGC"[k]);
    if (n < len) n += (size_t)snprintf(out + n, len - n, " %d/%d", c->power, c->toughness);
    const char *sep = " ";
    for (int k = 0; k < KW_COUNT && n < len; k++)
        if (c->keywords & (1u << k)) {
            n += (size_t)snprintf(out + n, len - n, "%s%s", sep, kw_names[k]);
            sep = ", ";
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

static void print_text(const Pool *p, const char *source)
{
    int sup = 0;
    char desc[128];
    for (int i = 0; i < p->n; i++) {
        const char *r = pool_reason(p, i);
        if (r) {
            printf("unsupported  %s: %s\n", p->cards[i].name, r);
        } else {
            describe(&p->cards[i], desc, sizeof desc);
            printf("supported    %s  %s\n", p->cards[i].name, desc);
            sup++;
        }
    }
    printf("%d cards in %s: %d supported, %d unsupported\n", p->n, source, sup, p->n - sup);
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
    else print_text(&pool, nfiles == 0 ? "the default pool" : nfiles == 1 ? file : "these files");
    pool_free(&pool);
    return rc;
}
