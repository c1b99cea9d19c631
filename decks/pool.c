/* pool.c: reads MTGJSON card data into the card pool and decides, card by
 * card, whether the engine plays it exactly (and if not, says why).
 *
 * Three outcomes per card: supported; unsupported with a reason (a real card
 * the engine cannot play yet); or a malformed file (numbers no real card
 * has, wrong JSON types), which refuses the whole file with FILE:LINE.
 *
 * What a card is (layout, types, supertypes, cost, power and toughness) is
 * checked here; its rules text is read by decks/text.c into abilities the
 * pool keeps with the card, and engine/played.c says which of them the
 * engine plays: a card is supported only when all of them are. */
#include "pool.h"
#include "jsonpos.h"
#include "text.h"
#include "../engine/effect.h"
#include "../engine/policy_board.h"
#include "../engine/policy_rules.h"
#include "../engine/turn.h"
#include "../engine/mana.h"
#include "../engine/layers.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cjson/cJSON.h>

#define POOL_FILE_MAX  (512u << 20)  /* refused beyond this: AtomicCards.json, the largest
                                      * file a pool reads, is about 100 MB */
#define TEXT_MAX       2048          /* a basic land's text compared (text.c reads the others) */
#define PT_MAX         99            /* |power|, toughness, loyalty above this: malformed */

/* ---------------------------------------------------------------- pool */

/* The basic land types, which a land's text and a filter name: "Plains" is
 * its own plural, and the reader takes a word it does not know that ends in
 * s for a plural ("Plain"), so the table knows them from the start. */
static const char *const basic_subtype[] = { "Plains", "Island", "Swamp", "Mountain", "Forest" };

void pool_init(Pool *p)
{
    p->cards = NULL;
    p->reason = NULL;
    p->n = p->cap = 0;
    subtype_init(&p->subtypes);
    for (size_t k = 0; k < sizeof basic_subtype / sizeof *basic_subtype; k++)
        subtype_intern(&p->subtypes, basic_subtype[k], strlen(basic_subtype[k]));
}

/* The abilities a card of the pool owns (CardDef.ab is const for the
 * engine, which only reads them). */
static void free_abilities(CardDef *def)
{
    free((void *)def->ab);
    def->ab = NULL;
    def->n_abilities = 0;
}

void pool_free(Pool *p)
{
    for (int i = 0; i < p->n; i++) free_abilities(&p->cards[i]);
    free(p->cards);
    free(p->reason);
    pool_init(p);
}

size_t pool_unicode_space(const char *str)
{
    const unsigned char *c = (const unsigned char *)str;
    if (c[0] == 0xC2 && c[1] == 0xA0) return 2;                                      /* U+00A0 no-break */
    if (c[0] == 0xE1 && c[1] == 0x9A && c[2] == 0x80) return 3;                      /* U+1680 ogham */
    if (c[0] == 0xE2 && c[1] == 0x80 && ((c[2] >= 0x80 && c[2] <= 0x8A) || c[2] == 0xAF)) return 3;  /* U+2000-200A, 202F */
    if (c[0] == 0xE2 && c[1] == 0x81 && c[2] == 0x9F) return 3;                      /* U+205F math */
    if (c[0] == 0xE3 && c[1] == 0x80 && c[2] == 0x80) return 3;                      /* U+3000 ideographic */
    return 0;
}

/* Next character of a card name as compared: ASCII lowercased, the
 * typographic apostrophes U+2018/U+2019 (E2 80 98/99) read as ', and the
 * Unicode spaces (a no-break space pasted from a web page) as a space. */
static int name_char(const unsigned char **s)
{
    const unsigned char *c = *s;
    if (c[0] == 0xE2 && c[1] == 0x80 && (c[2] == 0x98 || c[2] == 0x99)) {
        *s += 3;
        return '\'';
    }
    size_t sp = pool_unicode_space((const char *)c);
    if (sp) {
        *s += sp;
        return ' ';
    }
    *s += 1;
    return (c[0] >= 'A' && c[0] <= 'Z') ? c[0] + ('a' - 'A') : c[0];
}

static int name_eq(const char *a, const char *b)
{
    const unsigned char *x = (const unsigned char *)a, *y = (const unsigned char *)b;
    for (;;) {
        int ca = name_char(&x), cb = name_char(&y);
        if (ca != cb) return 0;
        if (ca == 0) return 1;
    }
}

int pool_find(const Pool *p, const char *name)
{
    for (int i = 0; i < p->n; i++)
        if (name_eq(p->cards[i].name, name)) return i;
    return -1;
}

const char *pool_reason(const Pool *p, int i)
{
    if (i < 0 || i >= p->n) return "no such card";
    return p->reason[i][0] ? p->reason[i] : NULL;
}

/* Makes room for at least want cards. */
static int reserve(Pool *p, int want)
{
    if (want <= p->cap) return 0;
    int cap = p->cap ? p->cap : 256;
    while (cap < want) cap *= 2;
    CardDef *c = realloc(p->cards, (size_t)cap * sizeof *c);
    if (!c) return -1;
    p->cards = c;
    char (*r)[POOL_REASON_MAX] = realloc(p->reason, (size_t)cap * sizeof *r);
    if (!r) return -1;
    p->reason = r;
    p->cap = cap;
    return 0;
}

/* Puts def at i, taking over def->ab (the pool now owns it); a card it
 * replaces gives its abilities back. */
static void put(Pool *p, int i, const CardDef *def, const char *reason, int replacing)
{
    if (replacing && p->cards[i].ab != def->ab) free_abilities(&p->cards[i]);
    p->cards[i] = *def;
    p->cards[i].board = board_card_facts(&p->cards[i]);
    p->cards[i].rules = rules_card_facts(&p->cards[i]);
    p->cards[i].rules_cast = rules_cast_facts(&p->cards[i]);
    p->cards[i].rules_acts = rules_act_facts(&p->cards[i]);
    p->cards[i].cast = card_cast_facts(&p->cards[i]);
    p->cards[i].tap_mana = card_tap_mana(&p->cards[i]);
    p->cards[i].layers = layers_card_facts(&p->cards[i]);
    p->cards[i].acts = card_act_facts(&p->cards[i]);
    snprintf(p->reason[i], POOL_REASON_MAX, "%s", reason ? reason : "");
}

/* A copy of def->ab[0 .. n_abilities-1] of the pool's own, in *copy (NULL
 * when none); -1 out of memory. */
static int copy_abilities(const CardDef *def, Ability **copy)
{
    *copy = NULL;
    if (!def->n_abilities || !def->ab) return 0;
    *copy = malloc(def->n_abilities * sizeof **copy);
    if (!*copy) return -1;
    memcpy(*copy, def->ab, def->n_abilities * sizeof **copy);
    return 0;
}

void pool_token_def(CardDef *d, const TokenDef *td, const SubtypeTable *st)
{
    memset(d, 0, sizeof *d);
    int id = td->name ? td->name : td->subtype;              /* its own name, else its creature type (111.4) */
    const char *name = st && id && id <= st->n ? st->name[id] : "Token";
    snprintf(d->name, sizeof d->name, "%s", name);
    d->types = td->types;
    d->power = td->power;
    d->toughness = td->toughness;
    d->colors = td->colors;
    d->keywords = td->kw;
    d->subtype[0] = td->subtype;
    d->max_blocks = 1;
    d->produces = -1;
}

/* The tokens' definitions (111.4): for every ability of cards[0 .. n-1]
 * that creates tokens, a card after the n cards with the token's
 * characteristics, named by its creature type; the effect records its
 * index. Made again after every change of the cards (their place after n
 * moves with n). Returns 0, or -1 when out of memory (no token then). */
static int make_tokens(Pool *p)
{
    p->n_tokens = 0;
    for (int i = 0; i < p->n; i++) {
        CardDef *c = &p->cards[i];
        Ability *ab = (Ability *)c->ab;
        for (int k = 0; k < c->n_abilities; k++)
            for (int j = 0; j < ab[k].n_effects; j++) {
                Effect *e = &ab[k].effect[j];
                if (e->op != OP_TOKEN) continue;
                int t = p->n + p->n_tokens;
                if (reserve(p, t + 1) < 0) { p->n_tokens = 0; return -1; }
                c = &p->cards[i];                       /* reserve may have moved the cards */
                pool_token_def(&p->cards[t], &e->token, &p->subtypes);
                p->reason[t][0] = 0;
                e->token.card = (uint16_t)t;
                p->n_tokens++;
            }
    }
    return 0;
}

int pool_add(Pool *p, const CardDef *def, const char *reason)
{
    /* The caller's abilities are copied first (def->ab may be the very
     * card this call replaces), so a failure leaves the pool unchanged. */
    CardDef d = *def;
    Ability *ab;
    if (copy_abilities(def, &ab) < 0) return -1;
    d.ab = ab;
    if (!ab) d.n_abilities = 0;
    int i = pool_find(p, def->name), replacing = i >= 0;
    if (i < 0) {
        if (reserve(p, p->n + 1) < 0) {
            free(ab);
            return -1;
        }
        i = p->n++;
    }
    put(p, i, &d, reason, replacing);
    return make_tokens(p) < 0 ? -1 : i;
}

/* Appends without looking for the name (merge() replaces by name later);
 * the pool takes over def->ab. On failure the caller still owns it. */
static int stage(Pool *p, const CardDef *def, const char *reason)
{
    if (reserve(p, p->n + 1) < 0) return -1;
    put(p, p->n++, def, reason, 0);
    return 0;
}

/* Interns the subtypes of one card object, before any text is read: a
 * text naming a subtype ("Fungus", "Cyclops") that the reader meets
 * before the card that has it would take it for a plural. Malformed
 * entries are left to classify(). */
static void intern_card_subtypes(SubtypeTable *st, const cJSON *card)
{
    const cJSON *subs = cJSON_IsObject(card) ? cJSON_GetObjectItemCaseSensitive(card, "subtypes") : NULL;
    const cJSON *x;
    if (cJSON_IsArray(subs)) cJSON_ArrayForEach(x, subs)
        if (cJSON_IsString(x)) subtype_intern(st, x->valuestring, strlen(x->valuestring));
}

/* Stages a card just read, with storage of its own for the
 * def->n_abilities abilities the reader made (tc->ab). */
static int stage_read(Pool *p, CardDef *def, const TextCard *tc, const char *reason)
{
    def->ab = def->n_abilities ? tc->ab : NULL;
    Ability *ab;
    if (copy_abilities(def, &ab) < 0) return -1;
    def->ab = ab;
    if (stage(p, def, reason) < 0) {
        free(ab);
        def->ab = NULL;
        return -1;
    }
    return 0;
}

static uint32_t name_hash(const char *name)
{
    const unsigned char *s = (const unsigned char *)name;
    uint32_t h = 2166136261u;  /* FNV-1a over the characters as compared */
    for (int c; (c = name_char(&s)) != 0; ) h = (h ^ (uint32_t)c) * 16777619u;
    return h;
}

/* Adds every card of src to p, replacing by name, in time linear in the
 * cards (pool_add is linear per card: a 30,000-card AtomicCards file would
 * take seconds). Room is made first, so it fails before changing p. */
static int merge(Pool *p, Pool *src)
{
    size_t cap = 1024;
    while (cap < 2 * (size_t)(p->n + src->n)) cap *= 2;
    int *slot = malloc(cap * sizeof *slot);
    if (!slot || reserve(p, p->n + src->n) < 0) {
        free(slot);
        return -1;
    }
    memset(slot, 0xFF, cap * sizeof *slot);  /* -1: empty */
    for (int i = 0; i < p->n; i++) {
        size_t h = name_hash(p->cards[i].name) & (cap - 1);
        while (slot[h] >= 0) h = (h + 1) & (cap - 1);
        slot[h] = i;
    }
    for (int j = 0; j < src->n; j++) {
        CardDef *def = &src->cards[j];
        size_t h = name_hash(def->name) & (cap - 1);
        while (slot[h] >= 0 && !name_eq(p->cards[slot[h]].name, def->name)) h = (h + 1) & (cap - 1);
        int replacing = slot[h] >= 0;
        if (!replacing) slot[h] = p->n++;
        put(p, slot[h], def, src->reason[j], replacing);
        def->ab = NULL;  /* p owns them now */
        def->n_abilities = 0;
    }
    /* src's table started as a copy of p's and only grew: its ids are p's
     * and those of the new cards' subtypes. */
    p->subtypes = src->subtypes;
    free(slot);
    return 0;
}

/* ------------------------------------------------------ error location */

/* Line of the deepest value found along path (n steps): jsonpos.h. */
static int json_line(const char *buf, size_t len, const char *const *path, int n)
{
    return jsonpos_line(buf, jsonpos_find(buf, len, path, n));
}

/* ------------------------------------------------------ classification */

typedef struct Malformed {
    const char *field;  /* the card field at fault, or NULL for the card itself */
    char msg[200];      /* what is wrong */
    char step[16];      /* "#N": the member at fault, for a key given twice (field points here) */
    char first[16];     /* "#N": its first occurrence, or "" */
} Malformed;

static int is_string_array(const cJSON *a)
{
    if (!a) return 1;
    if (!cJSON_IsArray(a)) return 0;
    const cJSON *x;
    cJSON_ArrayForEach(x, a) if (!cJSON_IsString(x)) return 0;
    return 1;
}

/* Parses a printed number ("2", "-1", "+0"); 0 if it is not one ("*", "1+*"). */
static int parse_num(const char *s, long *v)
{
    const char *d = s + (*s == '-' || *s == '+');
    if (!isdigit((unsigned char)*d)) return 0;
    for (const char *t = d; *t; t++)
        if (!isdigit((unsigned char)*t)) return 0;
    errno = 0;
    *v = strtol(s, NULL, 10);
    if (errno) *v = *s == '-' ? -100000 : 100000;
    return 1;
}

/* A printed number field (power, toughness, loyalty): MTGJSON strings, but
 * integers are accepted. Sets *str for messages. Returns 1 number, 0 not a
 * number, -1 wrong JSON type. */
static int num_field(const cJSON *c, const char *key, long *v, const char **str, char *tmp, size_t tmplen)
{
    const cJSON *f = cJSON_GetObjectItemCaseSensitive(c, key);
    *str = NULL;
    if (!f || cJSON_IsNull(f)) return 0;
    if (cJSON_IsNumber(f)) {
        if (f->valuedouble != floor(f->valuedouble) || fabs(f->valuedouble) > 1e6) return -1;
        *v = (long)f->valuedouble;
        snprintf(tmp, tmplen, "%ld", *v);
        *str = tmp;
        return 1;
    }
    if (!cJSON_IsString(f)) return -1;
    *str = f->valuestring;
    return parse_num(f->valuestring, v);
}

/* What parse_cost found that the engine does not pay. */
typedef struct CostNote {
    char first[24];  /* the first such symbol, {X} included ("{X}", "{R/G}"), or "" */
    char other[24];  /* the first such symbol other than {X}, or "" */
    int  x;          /* {X} symbols: an instant or sorcery pays them when its effect uses X */
} CostNote;

/* Mana cost: {N} generic, {W}{U}{B}{R}{G}{C}. Notes in *note the symbols
 * the engine does not pay (X, hybrid, Phyrexian, snow, half...), sets *mv
 * to the mana value, and *exotic when a symbol's mana value is unknown (no
 * manaValue check then). -1: not a mana cost. */
static int parse_cost(const char *s, CardDef *def, double *mv, int *exotic, CostNote *note)
{
    *exotic = 0;
    static const char colors[] = "WUBRGC";
    long generic = 0;
    *mv = 0;
    note->first[0] = note->other[0] = 0;
    note->x = 0;
    while (*s) {
        if (*s != '{') return -1;
        const char *close = strchr(s, '}');
        if (!close || close == s + 1) return -1;
        size_t n = (size_t)(close - s - 1);
        const char *sym = s + 1;
        const char *c;
        long v;
        char num[16];
        int bad = 0;
        if (n < sizeof num) { memcpy(num, sym, n); num[n] = 0; } else num[0] = 'x';
        if (n < sizeof num && parse_num(num, &v) && num[0] != '-' && num[0] != '+') {
            generic += v;
            *mv += (double)v;
        } else if (n == 1 && (c = strchr(colors, *sym)) != NULL) {
            int k = (int)(c - colors);
            if (def->cost_color[k] < 255) def->cost_color[k]++;
            else bad = 1;
            *mv += 1;
        } else {
            /* Symbols the engine cannot pay still count toward the mana
             * value, so the manaValue check holds for every card (202.3):
             * X is 0, {2/W} is 2, {HW} (Un-sets) is a half, others 1. */
            if (n == 1 && (*sym == 'X' || *sym == 'Y' || *sym == 'Z')) *mv += 0;
            else if (n >= 3 && sym[0] == '2' && sym[1] == '/') *mv += 2;
            else if (n == 2 && sym[0] == 'H') *mv += 0.5;
            else if ((n == 1 && *sym == 'S') || memchr(sym, '/', n)) *mv += 1;
            else *exotic = 1;
            bad = 1;
        }
        if (bad) {
            int is_x = n == 1 && *sym == 'X';
            note->x += is_x;
            if (!note->first[0]) snprintf(note->first, sizeof note->first, "%.*s", (int)(n + 2), s);
            if (!is_x && !note->other[0]) snprintf(note->other, sizeof note->other, "%.*s", (int)(n + 2), s);
        }
        s = close + 1;
    }
    if (generic > 255) {
        if (!note->first[0]) snprintf(note->first, sizeof note->first, "{%ld}", generic);
        if (!note->other[0]) snprintf(note->other, sizeof note->other, "{%ld}", generic);
    }
    def->cost_generic = generic > 255 ? 255 : (uint8_t)generic;
    return 0;
}

/* A basic land: its text is empty once reminder text is dropped, or exactly
 * its mana ability. */
static void classify_basic(const cJSON *c, const char *text, CardDef *def, char *reason, size_t rlen)
{
    const cJSON *sub = cJSON_GetObjectItemCaseSensitive(c, "subtypes");
    int color = -1, nsub = 0;
    const cJSON *x;
    if (sub) cJSON_ArrayForEach(x, sub) {
        nsub++;
        for (int k = 0; k < 5; k++)
            if (!strcmp(x->valuestring, basic_subtype[k])) color = k;
    }
    if (nsub == 0 && !strcmp(def->name, "Wastes")) color = COLOR_C;
    if (color < 0 || nsub > 1) {
        snprintf(reason, rlen, "basic land without exactly one basic land type");
        return;
    }
    char want[32], got[TEXT_MAX];
    snprintf(want, sizeof want, "{T}: Add {%c}.", "WUBRGC"[color]);
    size_t n = 0;
    int depth = 0;
    for (const char *s = text; *s && n < sizeof got - 1; s++) {
        if (*s == '(') depth++;
        else if (*s == ')' && depth > 0) depth--;
        else if (!depth && !isspace((unsigned char)*s)) got[n++] = *s;
    }
    got[n] = 0;
    char want_ns[32];
    size_t m = 0;
    for (const char *s = want; *s; s++) if (*s != ' ') want_ns[m++] = *s;
    want_ns[m] = 0;
    if (n && strcmp(got, want_ns)) {
        char q[80];
        text_quote(q, sizeof q, text, strcspn(text, "\n"));
        snprintf(reason, rlen, "text not understood: %s", q);
        return;
    }
    def->produces = (int8_t)color;
}

static const struct { const char *name; unsigned bit; } type_names[] = {
    { "Land", TYPE_LAND }, { "Creature", TYPE_CREATURE }, { "Planeswalker", TYPE_PLANESWALKER },
    { "Artifact", TYPE_ARTIFACT }, { "Enchantment", TYPE_ENCHANTMENT }, { "Instant", TYPE_INSTANT },
    { "Sorcery", TYPE_SORCERY }, { "Tribal", TYPE_TRIBAL }, { "Kindred", TYPE_TRIBAL },
};

/* The first control character of a name: C0, DEL, or C1 (as UTF-8: C2 80
 * to C2 9F); its code point, or -1 if none. A name is printed one per line
 * by `mtgsim cards` and quoted in messages: a newline or an escape sequence
 * in it would break both. */
static long name_control(const char *name)
{
    for (const unsigned char *s = (const unsigned char *)name; *s; s++) {
        if (*s < 0x20 || *s == 0x7F) return *s;
        if (s[0] == 0xC2 && s[1] >= 0x80 && s[1] <= 0x9F) return s[1];
    }
    return -1;
}

/* The name for a message: control characters escaped (\n, \t, \r, \xNN,
 * \u0085), cut at a character boundary with "..." past 60 bytes. outlen
 * is at least 80. */
static void escape_name(char *out, size_t outlen, const char *name)
{
    size_t n = 0;
    const unsigned char *s = (const unsigned char *)name;
    for (; *s && n + 12 < outlen; s++) {
        if (n >= 60 && (*s & 0xC0) != 0x80) break;
        if (*s == '\n') n += (size_t)snprintf(out + n, outlen - n, "\\n");
        else if (*s == '\t') n += (size_t)snprintf(out + n, outlen - n, "\\t");
        else if (*s == '\r') n += (size_t)snprintf(out + n, outlen - n, "\\r");
        else if (*s < 0x20 || *s == 0x7F) n += (size_t)snprintf(out + n, outlen - n, "\\x%02X", *s);
        else if (s[0] == 0xC2 && s[1] >= 0x80 && s[1] <= 0x9F) n += (size_t)snprintf(out + n, outlen - n, "\\u%04X", *++s);
        else out[n++] = (char)*s;
    }
    if (*s) n += (size_t)snprintf(out + n, outlen - n, "...");
    out[n] = 0;
}

typedef struct KeyAt { const char *key; int pos; } KeyAt;

static int key_cmp(const void *x, const void *y)
{
    const KeyAt *a = x, *b = y;
    int c = strcmp(a->key, b->key);
    return c ? c : (a->pos > b->pos) - (a->pos < b->pos);
}

/* A key given twice in obj (cJSON keeps both; which counts would be a
 * guess): 1 with the member indices of the first repeat, in file order, in
 * *again and of its first occurrence in *first; 0 if none; -1 out of
 * memory. Pairwise for small objects, sorted for large ones. */
static int repeated_key(const cJSON *obj, int *first, int *again)
{
    int n = 0;
    for (const cJSON *a = obj->child; a; a = a->next) n++;
    *again = -1;
    if (n <= 64) {
        int i = 0;
        for (const cJSON *a = obj->child; a && *again < 0; a = a->next, i++) {
            int j = 0;
            for (const cJSON *b = obj->child; b != a; b = b->next, j++)
                if (a->string && b->string && !strcmp(a->string, b->string)) { *first = j; *again = i; break; }
        }
        return *again >= 0;
    }
    KeyAt *k = malloc((size_t)n * sizeof *k);
    if (!k) return -1;
    int m = 0, i = 0;
    for (const cJSON *a = obj->child; a; a = a->next, i++)
        if (a->string) { k[m].key = a->string; k[m].pos = i; m++; }
    qsort(k, (size_t)m, sizeof *k, key_cmp);
    for (int r = 0; r < m; ) {   /* each run of equal keys: its first two, in file order */
        int e = r + 1;
        while (e < m && !strcmp(k[e].key, k[r].key)) e++;
        if (e - r > 1 && (*again < 0 || k[r + 1].pos < *again)) { *first = k[r].pos; *again = k[r + 1].pos; }
        r = e;
    }
    free(k);
    return *again >= 0;
}

#define BAD(fld, ...) do { bad->field = (fld); snprintf(bad->msg, sizeof bad->msg, __VA_ARGS__); return -1; } while (0)
#define UNSUP(...) do { if (!reason[0]) snprintf(reason, rlen, __VA_ARGS__); } while (0)

/* The card's colors (105.2) from MTGJSON "colors" (its cost's colors and
 * any color indicator). A file without the field (a user's) gets the colors
 * of its mana cost, the same for every card whose cost the engine pays. */
static int read_colors(const cJSON *jcolors, CardDef *def, Malformed *bad)
{
    static const char letters[] = "WUBRG";
    if (!jcolors) {
        for (int k = 0; k < 5; k++)
            if (def->cost_color[k]) def->colors |= (uint8_t)(1u << k);
        return 0;
    }
    const cJSON *x;
    cJSON_ArrayForEach(x, jcolors) {
        const char *l = x->valuestring[0] && !x->valuestring[1] ? strchr(letters, x->valuestring[0]) : NULL;
        if (!l) BAD("colors", "card '%s': \"colors\" holds '%.20s', not one of W U B R G", def->name, x->valuestring);
        def->colors |= (uint8_t)(1u << (l - letters));
    }
    return 0;
}

/* Interns the card's subtypes into st and keeps the first
 * CARD_SUBTYPE_MAX ids. Filters ("Goblin", "nonwall") read them, so a
 * subtype not kept would be a filter answered wrong: *why says so. */
static void read_subtypes(const cJSON *subs, SubtypeTable *st, CardDef *def, char *why, size_t len)
{
    const cJSON *x;
    int n = 0;
    why[0] = 0;
    cJSON_ArrayForEach(x, subs) {
        int id = subtype_intern(st, x->valuestring, strlen(x->valuestring));
        if (!id && !why[0])
            snprintf(why, len, "subtype not kept: %.30s (the pool knows %d subtypes, names up to %d bytes)",
                     x->valuestring, SUBTYPE_MAX - 1, SUBTYPE_NAME_MAX - 1);
        else if (id && n < CARD_SUBTYPE_MAX) def->subtype[n++] = (uint8_t)id;
        else if (id && !why[0]) snprintf(why, len, "more than %d subtypes", CARD_SUBTYPE_MAX);
    }
}

static int has_subtype(const cJSON *subs, const char *name)
{
    const cJSON *x;
    cJSON_ArrayForEach(x, subs) if (!strcmp(x->valuestring, name)) return 1;
    return 0;
}

/* What a card's text must hold, by its kind. */
enum { FAM_OTHER, FAM_CREATURE, FAM_BASIC, FAM_LAND, FAM_SPELL, FAM_PERMANENT, FAM_PLANESWALKER };

/* Whether the effects of a count on X: the X of an {X} in the cost. */
static int uses_x(const Ability *a)
{
    for (int k = 0; k < a->n_effects; k++)
        if (a->effect[k].n.kind == QTY_X) return 1;
    return 0;
}

/* A static ability made only of rules abilities of the card itself ("This
 * spell can't be countered."): what an instant or sorcery may have beside
 * its effect. */
static int static_rules_only(const Ability *a)
{
    if (a->kind != AB_STATIC) return 0;
    for (int k = 0; k < a->n_effects; k++)
        if (a->effect[k].op != OP_RULE || a->effect[k].who != SEL_SELF) return 0;
    return 1;
}

/* The abilities the reader made fit the card: an instant or sorcery has
 * one effect (and pays its {X} only when the effect uses X), an Aura one
 * Enchant ability, Equip is an Equipment's. Sets the spell's X count. */
static void check_shape(TextCard *tc, int fam, const char *type_word, int aura, int equipment,
                        const CostNote *cn, char *reason, size_t rlen)
{
    int spells = 0, enchant = 0, equip = 0, other = 0;
    Ability *spell = NULL;
    for (int k = 0; k < tc->n; k++) {
        const Ability *a = &tc->ab[k];
        if (a->kind == AB_SPELL) { spells++; spell = &tc->ab[k]; }
        else if (a->kind == AB_ENCHANT) enchant++;
        else if (a->kind == AB_EQUIP) equip++;
        else if (!static_rules_only(a)) other++;
    }
    if (fam == FAM_SPELL) {
        if (spells != 1) UNSUP("%s without an effect", type_word);
        if (other || enchant || equip) UNSUP("%s with a permanent's ability", type_word);
        if (tc->keywords) UNSUP("%s with keywords", type_word);
        if (!spell) return;
        if (cn->x > 1) UNSUP("mana cost not supported: {X}{X}");
        if (cn->x && !uses_x(spell)) UNSUP("mana cost not supported: {X} (the effect does not use X)");
        if (!cn->x && uses_x(spell)) UNSUP("X without {X} in the mana cost");
        spell->cost.x = (uint8_t)cn->x;
    }
    if (fam != FAM_SPELL && cn->x) {
        /* a creature's {X}: its spell's X is the number of +1/+1 counters it enters with
         * (Primordial Hydra; zone.c), and nothing else of its text uses X */
        Ability *etb = NULL;
        int others = 0;
        for (int k = 0; k < tc->n; k++) {
            Ability *a = &tc->ab[k];
            if (a->kind == AB_ETB_COUNTERS && !a->cond && uses_x(a) && !etb) etb = a;
            else if (uses_x(a)) others++;
        }
        if (!etb || others || cn->x != 1) UNSUP("mana cost not supported: {X}");
        else etb->cost.x = 1;
    }
    if (aura && enchant != 1) UNSUP("an Aura without exactly one Enchant ability");
    if (!aura && enchant) UNSUP("Enchant on a card that is not an Aura");
    if (!equipment && equip) UNSUP("Equip on a card that is not an Equipment");
}

/* Whether the text defines the card's own power and toughness (a
 * characteristic-defining ability, 604.3: a static OP_SET_PT on itself). */
static int text_defines_pt(const TextCard *tc)
{
    for (int k = 0; k < tc->n; k++)
        if (tc->ab[k].kind == AB_STATIC && tc->ab[k].n_effects == 1 && tc->ab[k].effect[0].op == OP_SET_PT &&
            tc->ab[k].effect[0].who == SEL_SELF)
            return 1;
    return 0;
}

/* The first ability the engine does not play (ability_played's reason,
 * with the ability as ability_describe shows it when that fits). */
static void check_played(const TextCard *tc, unsigned types, const SubtypeTable *st, char *reason, size_t rlen)
{
    for (int k = 0; k < tc->n && !reason[0]; k++) {
        char why[POOL_REASON_MAX] = "", desc[POOL_REASON_MAX];
        if (ability_played(&tc->ab[k], types, why, sizeof why)) continue;
        if (!why[0]) snprintf(why, sizeof why, "not played yet");
        int dl = ability_describe(&tc->ab[k], st, desc, sizeof desc);
        if (dl >= 0 && strlen(why) + 3 + (size_t)dl < rlen) snprintf(reason, rlen, "%s (%s)", why, desc);
        else snprintf(reason, rlen, "%s", why);
    }
    /* A permanent counts the activations of this turn for one ability
     * only (PX_USED and GameState.used_twice: actions.c's timing_allows). */
    int limited = 0;
    for (int k = 0; k < tc->n; k++) limited += (tc->ab[k].timing & (TM_ONCE | TM_TWICE)) != 0;
    if (!reason[0] && limited > 1) snprintf(reason, rlen, "not played yet: two abilities limited each turn");
}

/* One card object (a set file's card or an AtomicCards face) to a
 * definition, its text read into *tc, and a reason ("" if supported);
 * subtypes are interned into st. def->n_abilities says how many of
 * tc->ab the card keeps (def->ab is left NULL: the caller gives the card
 * storage of its own). -1: malformed, see *bad. */
static int classify(const cJSON *c, const char *fallback_name, SubtypeTable *st, CardDef *def,
                    TextCard *tc, char *reason, size_t rlen, Malformed *bad)
{
    memset(def, 0, sizeof *def);
    def->produces = -1;
    def->max_blocks = 1;
    reason[0] = 0;
    memset(tc, 0, sizeof *tc);
    bad->field = NULL;
    bad->first[0] = 0;

    if (!cJSON_IsObject(c)) BAD(NULL, "a card must be a JSON object");
    const cJSON *jname = cJSON_GetObjectItemCaseSensitive(c, "name");
    const char *name = fallback_name;
    if (jname) {
        if (!cJSON_IsString(jname)) BAD("name", "\"name\" must be a string");
        name = jname->valuestring;
    }
    if (!name || !name[0]) BAD("name", "card without a name");
    char shown[96];
    escape_name(shown, sizeof shown, name);
    long ctl = name_control(name);
    if (ctl >= 0) BAD("name", "card '%s': the name holds a control character (U+%04lX)", shown, ctl);
    int first, again, rk = repeated_key(c, &first, &again);
    if (rk < 0) BAD(NULL, "out of memory");
    if (rk > 0) {
        const cJSON *k = c->child;
        for (int i = 0; i < again; i++) k = k->next;
        snprintf(bad->step, sizeof bad->step, "#%d", again);
        snprintf(bad->first, sizeof bad->first, "#%d", first);
        BAD(bad->step, "card '%s': \"%s\" given twice", shown, k->string);
    }
    size_t nl = strlen(name);
    if (nl >= CARD_NAME_MAX) {
        /* Cut at a UTF-8 boundary: at most 3 bytes back, so bytes that are
         * not UTF-8 (cJSON does not check) never leave an empty name. */
        size_t cut = CARD_NAME_MAX - 1;
        while (cut > CARD_NAME_MAX - 4 && ((unsigned char)name[cut] & 0xC0) == 0x80) cut--;
        memcpy(def->name, name, cut);
        UNSUP("name longer than %d bytes", CARD_NAME_MAX - 1);
    } else {
        memcpy(def->name, name, nl + 1);
    }

    const cJSON *types = cJSON_GetObjectItemCaseSensitive(c, "types");
    const cJSON *supers = cJSON_GetObjectItemCaseSensitive(c, "supertypes");
    const cJSON *subs = cJSON_GetObjectItemCaseSensitive(c, "subtypes");
    const cJSON *kws = cJSON_GetObjectItemCaseSensitive(c, "keywords");
    const cJSON *jcolors = cJSON_GetObjectItemCaseSensitive(c, "colors");
    const cJSON *jlayout = cJSON_GetObjectItemCaseSensitive(c, "layout");
    const cJSON *jcost = cJSON_GetObjectItemCaseSensitive(c, "manaCost");
    const cJSON *jmv = cJSON_GetObjectItemCaseSensitive(c, "manaValue");
    const cJSON *jtext = cJSON_GetObjectItemCaseSensitive(c, "text");
    if (!types) BAD(NULL, "card '%s' has no \"types\"", def->name);
    if (!is_string_array(types)) BAD("types", "card '%s': \"types\" must be an array of strings", def->name);
    if (!is_string_array(supers)) BAD("supertypes", "card '%s': \"supertypes\" must be an array of strings", def->name);
    if (!is_string_array(subs)) BAD("subtypes", "card '%s': \"subtypes\" must be an array of strings", def->name);
    if (!is_string_array(kws)) BAD("keywords", "card '%s': \"keywords\" must be an array of strings", def->name);
    if (!is_string_array(jcolors)) BAD("colors", "card '%s': \"colors\" must be an array of strings", def->name);
    if (jlayout && !cJSON_IsString(jlayout)) BAD("layout", "card '%s': \"layout\" must be a string", def->name);
    if (jcost && !cJSON_IsString(jcost) && !cJSON_IsNull(jcost)) BAD("manaCost", "card '%s': \"manaCost\" must be a string", def->name);
    if (jtext && !cJSON_IsString(jtext) && !cJSON_IsNull(jtext)) BAD("text", "card '%s': \"text\" must be a string", def->name);
    if (jmv && !cJSON_IsNumber(jmv)) BAD("manaValue", "card '%s': \"manaValue\" must be a number", def->name);
    const char *layout = jlayout ? jlayout->valuestring : "normal";
    const char *cost = cJSON_IsString(jcost) ? jcost->valuestring : "";
    const char *text = cJSON_IsString(jtext) ? jtext->valuestring : "";
    int normal = !strcmp(layout, "normal");

    /* Numbers first: a nonsensical number refuses the file whatever the card. */
    CostNote cn;
    double mv;
    int exotic;
    if (parse_cost(cost, def, &mv, &exotic, &cn) < 0)
        BAD("manaCost", "card '%s': \"manaCost\" is not a mana cost: '%s'", def->name, cost);
    if (jmv) {
        double v = jmv->valuedouble;
        if (!(v >= 0) || v > 1e7) BAD("manaValue", "card '%s': manaValue %g is not a mana value", def->name, v);
        /* Split and other multi-face cards give the whole card's mana value
         * on each face, so the check holds for normal cards only. */
        if (normal && !exotic && fabs(v - mv) > 1e-9)
            BAD("manaValue", "card '%s': manaValue %g does not match manaCost %s (%g)",
                def->name, v, cost[0] ? cost : "(none)", mv);
        mv = v;
    }
    def->mana_value = mv > 255 ? 255 : (uint8_t)mv;
    if (read_colors(jcolors, def, bad) < 0) return -1;

    const cJSON *x;
    cJSON_ArrayForEach(x, types) {
        unsigned bit = 0;
        for (size_t k = 0; k < sizeof type_names / sizeof *type_names; k++)
            if (!strcmp(x->valuestring, type_names[k].name)) bit = type_names[k].bit;
        def->types |= (uint8_t)bit;
        if (!bit) UNSUP("card type not supported: %s", x->valuestring);
    }
    if (supers) cJSON_ArrayForEach(x, supers) {
        if (!strcmp(x->valuestring, "Basic")) def->supertypes |= SUPER_BASIC;
        else if (!strcmp(x->valuestring, "Legendary")) def->supertypes |= SUPER_LEGENDARY;
        else if (!strcmp(x->valuestring, "Snow")) def->supertypes |= SUPER_SNOW;
    }

    long v;
    const char *str;
    char tmp[24], pt_reason[64] = "";  /* why power/toughness cannot be played, given after type and cost */
    int is_creature = card_is(def, TYPE_CREATURE);
    int r = num_field(c, "power", &v, &str, tmp, sizeof tmp);
    if (r < 0) BAD("power", "card '%s': \"power\" must be a string", def->name);
    if (r > 0) {
        if (v > PT_MAX || v < -PT_MAX) BAD("power", "card '%s': power %s is not a printed power", def->name, str);
        def->power = (int8_t)v;
    } else if (is_creature && !str) {
        BAD(NULL, "card '%s': a creature without \"power\"", def->name);
    }
    int star = is_creature && r == 0 && str && !strcmp(str, "*");  /* a characteristic-defining ability's (604.3) */
    if (is_creature && r == 0 && !pt_reason[0]) snprintf(pt_reason, sizeof pt_reason, "power is not a number: %.30s", str);
    r = num_field(c, "toughness", &v, &str, tmp, sizeof tmp);
    if (r < 0) BAD("toughness", "card '%s': \"toughness\" must be a string", def->name);
    if (r > 0) {
        /* Spinal Parasite prints -1/-1 and its text (sunburst) makes it
         * live; without text a negative toughness is a broken file. */
        if (v < 0 && !text[0])
            BAD("toughness", "card '%s': toughness %s is negative and no text explains it", def->name, str);
        if (v < 0 && !pt_reason[0]) snprintf(pt_reason, sizeof pt_reason, "toughness %s is negative", str);
        if (v > PT_MAX) BAD("toughness", "card '%s': toughness %s is not a printed toughness", def->name, str);
        def->toughness = (int8_t)v;
    } else if (is_creature && !str) {
        BAD(NULL, "card '%s': a creature without \"toughness\"", def->name);
    }
    star = star && r == 0 && str && !strcmp(str, "*");
    if (is_creature && r == 0 && !pt_reason[0]) snprintf(pt_reason, sizeof pt_reason, "toughness is not a number: %.30s", str);
    r = num_field(c, "loyalty", &v, &str, tmp, sizeof tmp);
    if (r < 0) BAD("loyalty", "card '%s': \"loyalty\" must be a string", def->name);
    if (r > 0) {
        if (v < 0 || v > PT_MAX) BAD("loyalty", "card '%s': loyalty %s is not a printed loyalty", def->name, str);
        def->loyalty = (uint8_t)v;
    } else if (card_is(def, TYPE_PLANESWALKER) && !str) {
        BAD(NULL, "card '%s': a planeswalker without \"loyalty\"", def->name);   /* 306.5b: it would enter with 0 */
    }

    /* The text, read whole or not at all (text.h), with the card's types;
     * the face's own name is the "~" of its text. */
    const char *face = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(c, "faceName"));
    text_parse(face ? face : def->name, def->types, text, st, tc);
    char sub_reason[POOL_REASON_MAX];
    read_subtypes(subs, st, def, sub_reason, sizeof sub_reason);
    /* "~'s power and toughness are each equal to ...": a printed star
     * power and toughness is the value of that characteristic-defining
     * ability (604.3, layer 7a); 0 in the definition */
    if (star && text_defines_pt(tc)) pt_reason[0] = 0;

    /* Now why the engine cannot play it, most fundamental reason first;
     * UNSUP keeps the first. */
    int fam = FAM_OTHER;
    if (!normal) UNSUP("layout not supported: %s", layout);
    if (is_creature) {
        fam = FAM_CREATURE;
        if (types) cJSON_ArrayForEach(x, types)
            if (strcmp(x->valuestring, "Creature") && strcmp(x->valuestring, "Artifact"))
                UNSUP("card type not supported: %s creature", x->valuestring);
        if (supers) cJSON_ArrayForEach(x, supers)
            if (strcmp(x->valuestring, "Legendary") && strcmp(x->valuestring, "Snow"))
                UNSUP("supertype not supported: %s", x->valuestring);
        if (!jcost || !cost[0]) UNSUP("no mana cost (cannot be cast)");
        /* one {X}: paid when the creature enters with X +1/+1 counters (check_shape) */
        if (cn.x == 1 ? cn.other[0] != 0 : cn.first[0] != 0)
            UNSUP("mana cost not supported: %s", cn.x == 1 ? cn.other : cn.first);
        if (pt_reason[0]) UNSUP("%s", pt_reason);
    } else if (card_is(def, TYPE_LAND) && (def->supertypes & SUPER_BASIC)) {
        fam = FAM_BASIC;
        if (def->types != TYPE_LAND && types) cJSON_ArrayForEach(x, types)
            if (strcmp(x->valuestring, "Land")) UNSUP("card type not supported: %s land", x->valuestring);
        if (cost[0]) UNSUP("a land with a mana cost");
        if (supers) cJSON_ArrayForEach(x, supers)
            if (strcmp(x->valuestring, "Basic") && strcmp(x->valuestring, "Snow"))
                UNSUP("supertype not supported: %s", x->valuestring);
        if (!reason[0]) classify_basic(c, text, def, reason, rlen);
    } else if (card_is(def, TYPE_LAND)) {
        fam = FAM_LAND;
        if (def->types != TYPE_LAND && types) cJSON_ArrayForEach(x, types)
            if (strcmp(x->valuestring, "Land")) UNSUP("card type not supported: %s land", x->valuestring);
        if (cost[0]) UNSUP("a land with a mana cost");
        if (supers) cJSON_ArrayForEach(x, supers)
            if (strcmp(x->valuestring, "Legendary") && strcmp(x->valuestring, "Snow"))
                UNSUP("supertype not supported: %s", x->valuestring);
        /* A basic land type gives a land its mana ability without text
         * (305.6): the reader would see none. */
        for (size_t k = 0; k < sizeof basic_subtype / sizeof *basic_subtype; k++)
            if (has_subtype(subs, basic_subtype[k]))
                UNSUP("nonbasic land with a basic land type not supported: %s", basic_subtype[k]);
    } else if (card_is(def, TYPE_PLANESWALKER | TYPE_INSTANT | TYPE_SORCERY | TYPE_ARTIFACT | TYPE_ENCHANTMENT)) {
        int spell = card_is(def, TYPE_INSTANT | TYPE_SORCERY);
        fam = card_is(def, TYPE_PLANESWALKER) ? FAM_PLANESWALKER : spell ? FAM_SPELL : FAM_PERMANENT;
        /* Tribal, or an instant that is also an artifact (no such card). */
        unsigned allowed = fam == FAM_PLANESWALKER ? TYPE_PLANESWALKER
                         : spell ? (def->types & (TYPE_INSTANT | TYPE_SORCERY)) : TYPE_ARTIFACT | TYPE_ENCHANTMENT;
        if (def->types & ~allowed) cJSON_ArrayForEach(x, types) {
            int ok = 0;
            for (size_t k = 0; k < sizeof type_names / sizeof *type_names; k++)
                if (!strcmp(x->valuestring, type_names[k].name)) ok = (type_names[k].bit & allowed) != 0;
            if (!ok) UNSUP("card type not supported: %s %s", x->valuestring,
                           fam == FAM_PLANESWALKER ? "planeswalker" : card_is(def, TYPE_INSTANT) ? "instant"
                           : spell ? "sorcery" : card_is(def, TYPE_ARTIFACT) ? "artifact" : "enchantment");
        }
        /* a planeswalker: its loyalty abilities are checked with its other abilities */
        if (spell && (def->supertypes & SUPER_LEGENDARY)) UNSUP("legendary %s not supported", card_is(def, TYPE_INSTANT) ? "instant" : "sorcery");
        if (supers) cJSON_ArrayForEach(x, supers)
            if (strcmp(x->valuestring, "Legendary") && strcmp(x->valuestring, "Snow"))
                UNSUP("supertype not supported: %s", x->valuestring);
        if (!jcost || !cost[0]) UNSUP("no mana cost (cannot be cast)");
        /* An instant's or sorcery's {X} is paid when its effect uses X
         * (check_shape); any other symbol the engine does not pay. */
        if (spell ? cn.other[0] != 0 : cn.first[0] != 0)
            UNSUP("mana cost not supported: %s", spell ? cn.other : cn.first);
    } else if (types) {
        cJSON_ArrayForEach(x, types)
            if (strcmp(x->valuestring, "Tribal") && strcmp(x->valuestring, "Kindred"))
                UNSUP("card type not supported: %s", x->valuestring);
        UNSUP("card type not supported: %s", cJSON_GetArraySize(types) ? cJSON_GetArrayItem(types, 0)->valuestring : "(none)");
    }

    /* The text: the reader's reason, then the shape of what it read, then
     * the first ability the engine does not play. A basic land's text was
     * checked above (its mana ability is `produces`, the fast path's). */
    if (fam != FAM_OTHER && fam != FAM_BASIC) {
        char inner[POOL_REASON_MAX] = "";
        char *outer = reason;
        size_t outer_len = rlen;
        if (fam == FAM_PLANESWALKER && normal) {  /* its reason says first that it is one */
            snprintf(inner, sizeof inner, "%s", reason);
            reason = inner;
            rlen = sizeof inner;
        }
        if (sub_reason[0]) UNSUP("%s", sub_reason);
        if (tc->reason[0]) UNSUP("%s", tc->reason);
        if (!reason[0])
            check_shape(tc, fam, card_is(def, TYPE_INSTANT) ? "an instant" : "a sorcery",
                        has_subtype(subs, "Aura"), has_subtype(subs, "Equipment"), &cn, reason, rlen);
        if (!reason[0]) check_played(tc, def->types, st, reason, rlen);
        if (reason == inner && inner[0])
            snprintf(outer, outer_len, "planeswalker not supported yet: %s", inner);
        reason = outer;
        rlen = outer_len;
    }
    /* What the text says belongs to the card when it was read whole. */
    if (!tc->reason[0] && fam != FAM_BASIC) {
        def->keywords = tc->keywords;
        def->n_abilities = (uint8_t)tc->n;
    }
    return 0;
}

/* ---------------------------------------------------------------- files */

static int read_file(const char *path, char **buf, size_t *len, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    *buf = NULL;
    *len = 0;
    if (!f) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return -1;
    }
    size_t cap = 1 << 16, n = 0;
    char *b = malloc(cap + 1);
    for (;;) {
        if (!b) {
            fclose(f);
            snprintf(err, errlen, "%s: out of memory", path);
            return -1;
        }
        n += fread(b + n, 1, cap - n, f);
        if (n < cap) break;
        if (cap >= POOL_FILE_MAX) {
            fclose(f);
            free(b);
            snprintf(err, errlen, "%s:1: file larger than %u MB, not a card file", path, POOL_FILE_MAX >> 20);
            return -1;
        }
        cap *= 2;
        char *nb = realloc(b, cap + 1);
        if (!nb) free(b);
        b = nb;
    }
    if (ferror(f)) {
        fclose(f);
        free(b);
        snprintf(err, errlen, "%s: cannot read: %s", path, strerror(errno));
        return -1;
    }
    fclose(f);
    b[n] = 0;
    *buf = b;
    *len = n;
    return 0;
}

/* Parses buf as JSON; on failure a message with the line of the error. */
static cJSON *parse_json(const char *path, const char *buf, size_t len, char *err, size_t errlen)
{
    const char *end = NULL;
    size_t i = 0;
    while (i < len && isspace((unsigned char)buf[i])) i++;
    if (i == len) {
        snprintf(err, errlen, "%s:%d: empty file, not an MTGJSON file", path, jsonpos_line(buf, buf + len));
        return NULL;
    }
    if (memchr(buf, 0, len)) {
        const char *z = memchr(buf, 0, len);
        snprintf(err, errlen, "%s:%d: binary data (NUL byte at offset %zu), not an MTGJSON file",
                 path, jsonpos_line(buf, z), (size_t)(z - buf));
        return NULL;
    }
    cJSON *root = cJSON_ParseWithLengthOpts(buf, len, &end, 0);
    if (root) {
        const char *rest = jsonpos_skip_ws(end, buf + len);
        if (rest == buf + len) return root;
        cJSON_Delete(root);
        size_t left = (size_t)(buf + len - rest);  /* buf may not end with a NUL */
        snprintf(err, errlen, "%s:%d: malformed JSON: text after the end of the document: '%.*s'",
                 path, jsonpos_line(buf, rest), (int)(left < 20 ? left : 20), rest);
        return NULL;
    }
    if (!end || end < buf || end > buf + len) end = buf + len;
    /* Truncated: the error is in the last token (often an unterminated
     * string) and nothing follows it. */
    if (jsonpos_skip_ws(jsonpos_value_end(end, buf + len), buf + len) == buf + len) {
        snprintf(err, errlen, "%s:%d: malformed JSON: unexpected end of file (truncated?)",
                 path, jsonpos_line(buf, buf + len));
        return NULL;
    }
    char near[24];
    size_t k = 0;
    for (const char *s = end; s < buf + len && k < 20 && *s != '\n'; s++)
        near[k++] = isprint((unsigned char)*s) ? *s : '?';
    near[k] = 0;
    snprintf(err, errlen, "%s:%d: malformed JSON near '%s'", path, jsonpos_line(buf, end), near);
    return NULL;
}

static int report_bad(const char *path, const char *buf, size_t len, const char **where, int n,
                      const Malformed *bad, char *err, size_t errlen)
{
    const char *full[8];
    int k = 0;
    for (; k < n; k++) full[k] = where[k];
    if (bad->field) full[k++] = bad->field;
    int line = json_line(buf, len, full, k);
    if (bad->first[0]) {
        full[k - 1] = bad->first;
        snprintf(err, errlen, "%s:%d: %s (first on line %d)", path, line, bad->msg, json_line(buf, len, full, k));
    } else {
        snprintf(err, errlen, "%s:%d: %s", path, line, bad->msg);
    }
    return -1;
}

/* What makes two entries of one file one card listed twice: in a set file
 * the same uuid (MTGJSON's id of a printing: one name has several
 * printings, the basic lands' arts, 10E's foils), or without uuids the same
 * name (as compared) and face; in an AtomicCards file the same name key. */
typedef struct Ident {
    const char *uuid;  /* NULL when the entry has none */
    const char *name;  /* the name, compared as pool_find does */
    const char *face;  /* faceName, or NULL */
} Ident;

typedef struct Seen {
    Ident *id;      /* id[k]: entry k */
    int   *slot;    /* open addressing over id; -1 empty */
    size_t cap;     /* slots, a power of two at least twice the entries */
} Seen;

static int seen_init(Seen *s, int n)
{
    s->cap = 64;
    while (s->cap < 2 * (size_t)n) s->cap *= 2;
    s->id = malloc((size_t)(n ? n : 1) * sizeof *s->id);
    s->slot = malloc(s->cap * sizeof *s->slot);
    if (s->slot) memset(s->slot, 0xFF, s->cap * sizeof *s->slot);
    return s->id && s->slot ? 0 : -1;
}

static void seen_free(Seen *s)
{
    free(s->id);
    free(s->slot);
    s->id = NULL;
    s->slot = NULL;
}

static int ident_eq(const Ident *a, const Ident *b)
{
    if (a->uuid || b->uuid) return a->uuid && b->uuid && !strcmp(a->uuid, b->uuid);
    if (!name_eq(a->name, b->name)) return 0;
    return a->face && b->face ? !strcmp(a->face, b->face) : !a->face && !b->face;
}

/* Adds entry k (entries come in order, k from 0); the earlier entry it
 * repeats, or -1. */
static int seen_add(Seen *s, int k, Ident id)
{
    uint32_t h = 2166136261u;
    if (id.uuid) for (const unsigned char *u = (const unsigned char *)id.uuid; *u; u++) h = (h ^ *u) * 16777619u;
    else h = name_hash(id.name);
    size_t i = h & (s->cap - 1);
    for (; s->slot[i] >= 0; i = (i + 1) & (s->cap - 1))
        if (ident_eq(&s->id[s->slot[i]], &id)) return s->slot[i];
    s->id[k] = id;
    s->slot[i] = k;
    return -1;
}

/* A key given twice in the object at path (n steps): the message, 1; 0 if
 * none; -1 out of memory. */
static int repeated_at(const char *path, const char *buf, size_t len, const cJSON *obj,
                       const char **where, int n, char *err, size_t errlen)
{
    int first, again, rk = repeated_key(obj, &first, &again);
    if (rk <= 0) return rk;
    const cJSON *k = obj->child;
    for (int i = 0; i < again; i++) k = k->next;
    char s1[16], s2[16];
    const char *full[8];
    for (int i = 0; i < n; i++) full[i] = where[i];
    snprintf(s1, sizeof s1, "#%d", again);
    full[n] = s1;
    int line = json_line(buf, len, full, n + 1);
    snprintf(s2, sizeof s2, "#%d", first);
    full[n] = s2;
    char shown[96];
    escape_name(shown, sizeof shown, k->string);
    snprintf(err, errlen, "%s:%d: \"%s\" given twice (first on line %d)", path, line, shown,
             json_line(buf, len, full, n + 1));
    return 1;
}

int pool_load_file(Pool *p, const char *path, char *err, size_t errlen)
{
    char *buf;
    size_t len;
    if (read_file(path, &buf, &len, err, errlen) < 0) return -1;
    int rc = pool_load_buffer(p, path, buf, len, err, errlen);
    free(buf);
    return rc;
}

int pool_load_buffer(Pool *p, const char *path, const char *buf, size_t len, char *err, size_t errlen)
{
    if (len > POOL_FILE_MAX) {
        snprintf(err, errlen, "%s:1: file larger than %u MB, not a card file", path, POOL_FILE_MAX >> 20);
        return -1;
    }
    cJSON *root = parse_json(path, buf, len, err, errlen);
    if (!root) return -1;

    /* Cards are staged in a scratch pool first so a malformed card leaves p
     * as it was: a file is loaded whole or not at all. */
    Pool tmp;
    pool_init(&tmp);
    tmp.subtypes = p->subtypes;  /* the new cards' ids extend p's (merge gives them back) */
    Seen seen = { NULL, NULL, 0 };
    int rc = -1, rk;
    const cJSON *data = cJSON_GetObjectItemCaseSensitive(root, "data");
    const cJSON *cards = cJSON_GetObjectItemCaseSensitive(data, "cards");
    char reason[POOL_REASON_MAX];
    CardDef def;
    TextCard *tcs = malloc(2 * sizeof *tcs);  /* a face's text and a card's first face's, 8 KB each */
    Malformed bad;
    char idx[2][16];
    if (!tcs) goto oom;
    if (!cJSON_IsObject(root) || !cJSON_IsObject(data)) {
        const char *where[] = { "data" };
        snprintf(err, errlen, "%s:%d: not an MTGJSON file: no \"data\" object", path,
                 cJSON_IsObject(root) ? json_line(buf, len, where, 1) : 1);
        goto out;
    }
    /* "data" or "cards" given twice: which one holds the cards would be a guess. */
    if ((rk = repeated_at(path, buf, len, root, NULL, 0, err, errlen)) != 0) goto refused;
    if (cards) {  /* a set file: data.cards[] */
        const char *at_data[] = { "data" };
        if ((rk = repeated_at(path, buf, len, data, at_data, 1, err, errlen)) != 0) goto refused;
        if (!cJSON_IsArray(cards)) {
            const char *where[] = { "data", "cards" };
            snprintf(err, errlen, "%s:%d: \"data.cards\" must be an array", path, json_line(buf, len, where, 2));
            goto out;
        }
        if (seen_init(&seen, cJSON_GetArraySize(cards)) < 0) goto oom;
        int i = 0;
        const cJSON *c;
        cJSON_ArrayForEach(c, cards) intern_card_subtypes(&tmp.subtypes, c);
        cJSON_ArrayForEach(c, cards) {
            snprintf(idx[0], sizeof idx[0], "#%d", i);
            const char *where[] = { "data", "cards", idx[0], NULL };
            if (classify(c, NULL, &tmp.subtypes, &def, &tcs[0], reason, sizeof reason, &bad) < 0) {
                report_bad(path, buf, len, where, 3, &bad, err, errlen);
                goto out;
            }
            const cJSON *uuid = cJSON_GetObjectItemCaseSensitive(c, "uuid");
            const cJSON *face = cJSON_GetObjectItemCaseSensitive(c, "faceName");
            Ident id = { cJSON_GetStringValue(uuid), cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(c, "name")),
                         cJSON_GetStringValue(face) };
            int was = seen_add(&seen, i, id);
            if (was >= 0) {
                char shown[96];
                escape_name(shown, sizeof shown, def.name);
                where[3] = id.uuid ? "uuid" : "name";
                int line = json_line(buf, len, where, 4);
                snprintf(idx[0], sizeof idx[0], "#%d", was);
                char uu[96], q[112] = "";
                if (id.uuid) {
                    escape_name(uu, sizeof uu, id.uuid);
                    snprintf(q, sizeof q, "uuid \"%s\", ", uu);
                }
                snprintf(err, errlen, "%s:%d: card '%s' listed twice (%sfirst on line %d)", path, line, shown,
                         q, json_line(buf, len, where, 4));
                goto out;
            }
            i++;
            if (stage_read(&tmp, &def, &tcs[0], reason) < 0) goto oom;
        }
    } else {      /* an AtomicCards file: data maps a name to its faces */
        int i = 0;
        const cJSON *faces;
        for (faces = data->child; faces; faces = faces->next) i++;
        if (seen_init(&seen, i) < 0) goto oom;
        i = 0;
        cJSON_ArrayForEach(faces, data) {
            const cJSON *face;
            if (cJSON_IsArray(faces)) cJSON_ArrayForEach(face, faces) intern_card_subtypes(&tmp.subtypes, face);
        }
        cJSON_ArrayForEach(faces, data) {
            snprintf(idx[0], sizeof idx[0], "#%d", i);
            const char *where[] = { "data", idx[0], idx[1] };
            char shown[96];
            escape_name(shown, sizeof shown, faces->string);
            long ctl = name_control(faces->string);
            if (ctl >= 0) {
                snprintf(err, errlen, "%s:%d: card '%s': the name holds a control character (U+%04lX)",
                         path, json_line(buf, len, where, 2), shown, ctl);
                goto out;
            }
            if (!cJSON_IsArray(faces) || cJSON_GetArraySize(faces) == 0) {
                snprintf(err, errlen, "%s:%d: card '%s': expected a non-empty array of faces "
                         "(an MTGJSON set file has \"data.cards\", an AtomicCards file maps names to faces)",
                         path, json_line(buf, len, where, 2), shown);
                goto out;
            }
            /* An empty key names no card: the face's name does (below). */
            Ident id = { NULL, faces->string, NULL };
            int was = faces->string[0] ? seen_add(&seen, i, id) : -1;
            if (was >= 0) {
                int line = json_line(buf, len, where, 2);
                snprintf(idx[0], sizeof idx[0], "#%d", was);
                snprintf(err, errlen, "%s:%d: card '%s' listed twice (first on line %d)", path, line, shown,
                         json_line(buf, len, where, 2));
                goto out;
            }
            i++;
            /* A multi-face card is one card: the first face gives its
             * numbers, the layout makes it unsupported. */
            int j = 0;
            const cJSON *face;
            CardDef first;
            char first_reason[POOL_REASON_MAX];
            cJSON_ArrayForEach(face, faces) {
                snprintf(idx[1], sizeof idx[1], "#%d", j);
                if (classify(face, faces->string, &tmp.subtypes, &def, &tcs[0], reason, sizeof reason, &bad) < 0) {
                    report_bad(path, buf, len, where, 3, &bad, err, errlen);
                    goto out;
                }
                if (j++ == 0) {
                    first = def;
                    tcs[1] = tcs[0];
                    memcpy(first_reason, reason, sizeof reason);
                }
            }
            if (j > 1 && !first_reason[0])
                snprintf(first_reason, sizeof first_reason, "a card with %d faces", j);
            /* The key names the card; an empty key leaves the face's name. */
            if (faces->string[0] && strlen(faces->string) < CARD_NAME_MAX)
                memcpy(first.name, faces->string, strlen(faces->string) + 1);
            if (stage_read(&tmp, &first, &tcs[1], first_reason) < 0) goto oom;
        }
    }
    if (merge(p, &tmp) < 0 || make_tokens(p) < 0) goto oom;
    rc = 0;
    goto out;
refused:
    if (rk > 0) goto out;
oom:
    snprintf(err, errlen, "%s: out of memory", path);
out:
    free(tcs);
    seen_free(&seen);
    pool_free(&tmp);
    cJSON_Delete(root);
    return rc;
}

int pool_load_default(Pool *p, char *err, size_t errlen)
{
    return pool_load_file(p, MTGSIM_DECKS_DIR "/pool.json", err, errlen);
}
