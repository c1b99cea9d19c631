/* pool.c: reads MTGJSON card data into the card pool and decides, card by
 * card, whether the engine plays it exactly (and if not, says why).
 *
 * Three outcomes per card: supported; unsupported with a reason (a real card
 * the engine cannot play yet); or a malformed file (numbers no real card
 * has, wrong JSON types), which refuses the whole file with FILE:LINE. */
#include "pool.h"
#include "jsonpos.h"
#include "text.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <cjson/cJSON.h>

#define POOL_FILE_MAX  (512u << 20)  /* refused beyond this: AtomicCards.json, the largest
                                      * file a pool reads, is about 100 MB */
#define TEXT_MAX       2048          /* rules text kept for parsing; longer text is unsupported */
#define PT_MAX         99            /* |power|, toughness, loyalty above this: malformed */

/* ---------------------------------------------------------------- pool */

void pool_init(Pool *p)
{
    p->cards = NULL;
    p->reason = NULL;
    p->n = p->cap = 0;
}

void pool_free(Pool *p)
{
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

static void put(Pool *p, int i, const CardDef *def, const char *reason)
{
    p->cards[i] = *def;
    snprintf(p->reason[i], POOL_REASON_MAX, "%s", reason ? reason : "");
}

int pool_add(Pool *p, const CardDef *def, const char *reason)
{
    int i = pool_find(p, def->name);
    if (i < 0) {
        if (reserve(p, p->n + 1) < 0) return -1;
        i = p->n++;
    }
    put(p, i, def, reason);
    return i;
}

/* Appends without looking for the name (merge() replaces by name later). */
static int stage(Pool *p, const CardDef *def, const char *reason)
{
    if (reserve(p, p->n + 1) < 0) return -1;
    put(p, p->n++, def, reason);
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
static int merge(Pool *p, const Pool *src)
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
        const CardDef *def = &src->cards[j];
        size_t h = name_hash(def->name) & (cap - 1);
        while (slot[h] >= 0 && !name_eq(p->cards[slot[h]].name, def->name)) h = (h + 1) & (cap - 1);
        if (slot[h] < 0) slot[h] = p->n++;
        put(p, slot[h], def, src->reason[j]);
    }
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

typedef struct Kw {
    const char *name;  /* keyword as printed, lowercase */
    unsigned    bit;   /* KW_* */
} Kw;

static const Kw engine_kw[] = {
    { "flying", KW_FLYING }, { "reach", KW_REACH }, { "first strike", KW_FIRST_STRIKE },
    { "double strike", KW_DOUBLE_STRIKE }, { "deathtouch", KW_DEATHTOUCH },
    { "trample", KW_TRAMPLE }, { "lifelink", KW_LIFELINK }, { "vigilance", KW_VIGILANCE },
    { "haste", KW_HASTE }, { "menace", KW_MENACE }, { "defender", KW_DEFENDER },
    { "indestructible", KW_INDESTRUCTIBLE }, { "wither", KW_WITHER }, { "infect", KW_INFECT },
};

/* Keyword abilities a file may not list in "keywords" but that are surely
 * keywords, so their reason says "keyword not supported". */
static const char *const known_kw[] = {
    "flash", "shroud", "hexproof", "protection", "fear", "intimidate", "shadow",
    "horsemanship", "flanking", "bushido", "banding", "rampage", "provoke", "exalted",
    "islandwalk", "swampwalk", "forestwalk", "mountainwalk", "plainswalk", "landwalk",
    "changeling", "persist", "undying", "unblockable", "prowess", "skulk", "ward",
};

typedef struct Malformed {
    const char *field;  /* the card field at fault, or NULL for the card itself */
    char msg[200];      /* what is wrong */
    char step[16];      /* "#N": the member at fault, for a key given twice (field points here) */
    char first[16];     /* "#N": its first occurrence, or "" */
} Malformed;

/* Starts with word w (case-insensitive) followed by the end or a non-letter. */
static int starts_word(const char *s, const char *w)
{
    size_t n = strlen(w);
    if (strncasecmp(s, w, n)) return 0;
    return !isalpha((unsigned char)s[n]);
}

static void trim(char **s, char **end)
{
    while (*s < *end && isspace((unsigned char)**s)) (*s)++;
    while (*end > *s && isspace((unsigned char)(*end)[-1])) (*end)--;
}


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

/* Mana cost: {N} generic, {W}{U}{B}{R}{G}{C}. Sets *unsupported to the first
 * symbol the engine does not pay (X, hybrid, Phyrexian, snow, half...), *mv
 * to the mana value, and *exotic when a symbol's mana value is unknown (no
 * manaValue check then). -1: not a mana cost. */
static int parse_cost(const char *s, CardDef *def, double *mv, int *exotic, char *unsupported, size_t ulen)
{
    *exotic = 0;
    static const char colors[] = "WUBRGC";
    long generic = 0;
    *mv = 0;
    unsupported[0] = 0;
    while (*s) {
        if (*s != '{') return -1;
        const char *close = strchr(s, '}');
        if (!close || close == s + 1) return -1;
        size_t n = (size_t)(close - s - 1);
        const char *sym = s + 1;
        const char *c;
        long v;
        char num[16];
        if (n < sizeof num) { memcpy(num, sym, n); num[n] = 0; } else num[0] = 'x';
        if (n < sizeof num && parse_num(num, &v) && num[0] != '-' && num[0] != '+') {
            generic += v;
            *mv += (double)v;
        } else if (n == 1 && (c = strchr(colors, *sym)) != NULL) {
            int k = (int)(c - colors);
            if (def->cost_color[k] < 255) def->cost_color[k]++;
            else if (!unsupported[0]) snprintf(unsupported, ulen, "%.*s", (int)(n + 2), s);
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
            if (!unsupported[0]) snprintf(unsupported, ulen, "%.*s", (int)(n + 2), s);
        }
        s = close + 1;
    }
    if (generic > 255 && !unsupported[0]) snprintf(unsupported, ulen, "{%ld}", generic);
    def->cost_generic = generic > 255 ? 255 : (uint8_t)generic;
    return 0;
}

/* The rules text of a creature: reminder text dropped, then every line
 * must be a comma-separated list of keywords the engine knows. */
static void parse_text(const char *text, const cJSON *keywords, CardDef *def, char *reason, size_t rlen)
{
    char buf[TEXT_MAX];
    size_t n = 0;
    int depth = 0;
    if (strlen(text) >= sizeof buf) {
        char q[80];
        text_quote(q, sizeof q, text, strcspn(text, "\n"));
        snprintf(reason, rlen, "text not understood: %s", q);
        return;
    }
    for (const char *s = text; *s; s++) {
        if (*s == '(') depth++;
        else if (*s == ')' && depth > 0) depth--;
        else if (!depth) buf[n++] = *s;
    }
    buf[n] = 0;
    for (char *line = buf; line && *line; ) {
        char *nl = strchr(line, '\n');
        char *lend = nl ? nl : line + strlen(line);
        char *ls = line, *le = lend;
        trim(&ls, &le);
        for (char *item = ls; item < le; ) {
            char *ie = item;
            while (ie < le && *ie != ',' && *ie != ';') ie++;
            char *is = item, *iend = ie;
            trim(&is, &iend);
            size_t ilen = (size_t)(iend - is);
            unsigned bit = 0;
            for (size_t k = 0; k < sizeof engine_kw / sizeof *engine_kw; k++)
                if (strlen(engine_kw[k].name) == ilen && !strncasecmp(is, engine_kw[k].name, ilen))
                    bit = engine_kw[k].bit;
            if (bit) {
                def->keywords |= (uint16_t)bit;
                item = ie < le ? ie + 1 : le;
                continue;
            }
            int known = 0;
            const cJSON *kw;
            char save = *iend;
            *iend = 0;
            /* A keyword the engine knows that starts a sentence ("Flying
             * creatures you control ...") is text, not that keyword. */
            if (keywords) cJSON_ArrayForEach(kw, keywords) {
                int engine = 0;
                for (size_t k = 0; k < sizeof engine_kw / sizeof *engine_kw; k++)
                    engine |= !strcasecmp(kw->valuestring, engine_kw[k].name);
                if (!engine && starts_word(is, kw->valuestring)) known = 1;
            }
            for (size_t k = 0; k < sizeof known_kw / sizeof *known_kw; k++)
                if (starts_word(is, known_kw[k])) known = 1;
            *iend = save;
            char q[80];
            if (known && ilen > 0) {
                text_quote(q, sizeof q, is, ilen);
                size_t ql = strlen(q);  /* unquoted: the keyword as printed, capitalized */
                q[ql - 1] = 0;
                q[1] = (char)toupper((unsigned char)q[1]);
                snprintf(reason, rlen, "keyword not supported: %s", q + 1);
            } else {
                /* The first sentence of the line, which may hold commas. */
                char *se = ls;
                while (se < le && !(se[0] == '.' && (se + 1 == le || se[1] == ' '))) se++;
                if (se < le) se++;
                text_quote(q, sizeof q, ls, (size_t)(se - ls));
                snprintf(reason, rlen, "text not understood: %s", q);
            }
            return;
        }
        line = nl ? nl + 1 : NULL;
    }
}

static const char *const basic_subtype[] = { "Plains", "Island", "Swamp", "Mountain", "Forest" };

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

/* One card object (a set file's card or an AtomicCards face) to a
 * definition and a reason ("" if supported). -1: malformed, see *bad. */
static int classify(const cJSON *c, const char *fallback_name, CardDef *def,
                    char *reason, size_t rlen, Malformed *bad)
{
    memset(def, 0, sizeof *def);
    def->produces = -1;
    def->max_blocks = 1;
    reason[0] = 0;
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
    const cJSON *jlayout = cJSON_GetObjectItemCaseSensitive(c, "layout");
    const cJSON *jcost = cJSON_GetObjectItemCaseSensitive(c, "manaCost");
    const cJSON *jmv = cJSON_GetObjectItemCaseSensitive(c, "manaValue");
    const cJSON *jtext = cJSON_GetObjectItemCaseSensitive(c, "text");
    if (!types) BAD(NULL, "card '%s' has no \"types\"", def->name);
    if (!is_string_array(types)) BAD("types", "card '%s': \"types\" must be an array of strings", def->name);
    if (!is_string_array(supers)) BAD("supertypes", "card '%s': \"supertypes\" must be an array of strings", def->name);
    if (!is_string_array(subs)) BAD("subtypes", "card '%s': \"subtypes\" must be an array of strings", def->name);
    if (!is_string_array(kws)) BAD("keywords", "card '%s': \"keywords\" must be an array of strings", def->name);
    if (jlayout && !cJSON_IsString(jlayout)) BAD("layout", "card '%s': \"layout\" must be a string", def->name);
    if (jcost && !cJSON_IsString(jcost) && !cJSON_IsNull(jcost)) BAD("manaCost", "card '%s': \"manaCost\" must be a string", def->name);
    if (jtext && !cJSON_IsString(jtext) && !cJSON_IsNull(jtext)) BAD("text", "card '%s': \"text\" must be a string", def->name);
    if (jmv && !cJSON_IsNumber(jmv)) BAD("manaValue", "card '%s': \"manaValue\" must be a number", def->name);
    const char *layout = jlayout ? jlayout->valuestring : "normal";
    const char *cost = cJSON_IsString(jcost) ? jcost->valuestring : "";
    const char *text = cJSON_IsString(jtext) ? jtext->valuestring : "";
    int normal = !strcmp(layout, "normal");

    /* Numbers first: a nonsensical number refuses the file whatever the card. */
    char sym[24];
    double mv;
    int exotic;
    if (parse_cost(cost, def, &mv, &exotic, sym, sizeof sym) < 0)
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
    if (is_creature && r == 0 && !pt_reason[0]) snprintf(pt_reason, sizeof pt_reason, "toughness is not a number: %.30s", str);
    r = num_field(c, "loyalty", &v, &str, tmp, sizeof tmp);
    if (r < 0) BAD("loyalty", "card '%s': \"loyalty\" must be a string", def->name);
    if (r > 0) {
        if (v < 0 || v > PT_MAX) BAD("loyalty", "card '%s': loyalty %s is not a printed loyalty", def->name, str);
        def->loyalty = (uint8_t)v;
    }

    /* Now why the engine cannot play it, most fundamental reason first;
     * UNSUP keeps the first. */
    if (!normal) UNSUP("layout not supported: %s", layout);
    if (is_creature) {
        if (types) cJSON_ArrayForEach(x, types)
            if (strcmp(x->valuestring, "Creature") && strcmp(x->valuestring, "Artifact"))
                UNSUP("card type not supported: %s creature", x->valuestring);
        if (def->supertypes & SUPER_LEGENDARY) UNSUP("legendary (legend rule not supported)");
        if (supers) cJSON_ArrayForEach(x, supers)
            if (strcmp(x->valuestring, "Legendary") && strcmp(x->valuestring, "Snow"))
                UNSUP("supertype not supported: %s", x->valuestring);
        if (!jcost || !cost[0]) UNSUP("no mana cost (cannot be cast)");
        if (sym[0]) UNSUP("mana cost not supported: %s", sym);
        if (pt_reason[0]) UNSUP("%s", pt_reason);
        if (!reason[0]) parse_text(text, kws, def, reason, rlen);
    } else if (card_is(def, TYPE_LAND) && (def->supertypes & SUPER_BASIC)) {
        if (def->types != TYPE_LAND && types) cJSON_ArrayForEach(x, types)
            if (strcmp(x->valuestring, "Land")) UNSUP("card type not supported: %s land", x->valuestring);
        if (cost[0]) UNSUP("a land with a mana cost");
        if (supers) cJSON_ArrayForEach(x, supers)
            if (strcmp(x->valuestring, "Basic") && strcmp(x->valuestring, "Snow"))
                UNSUP("supertype not supported: %s", x->valuestring);
        if (!reason[0]) classify_basic(c, text, def, reason, rlen);
    } else if (card_is(def, TYPE_LAND)) {
        UNSUP("nonbasic land not supported");
    } else if (types) {
        cJSON_ArrayForEach(x, types)
            if (strcmp(x->valuestring, "Tribal") && strcmp(x->valuestring, "Kindred"))
                UNSUP("card type not supported: %s", x->valuestring);
        UNSUP("card type not supported: %s", cJSON_GetArraySize(types) ? cJSON_GetArrayItem(types, 0)->valuestring : "(none)");
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
    Seen seen = { NULL, NULL, 0 };
    int rc = -1, rk;
    const cJSON *data = cJSON_GetObjectItemCaseSensitive(root, "data");
    const cJSON *cards = cJSON_GetObjectItemCaseSensitive(data, "cards");
    char reason[POOL_REASON_MAX];
    CardDef def;
    Malformed bad;
    char idx[2][16];
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
        cJSON_ArrayForEach(c, cards) {
            snprintf(idx[0], sizeof idx[0], "#%d", i);
            const char *where[] = { "data", "cards", idx[0], NULL };
            if (classify(c, NULL, &def, reason, sizeof reason, &bad) < 0) {
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
            if (stage(&tmp, &def, reason) < 0) goto oom;
        }
    } else {      /* an AtomicCards file: data maps a name to its faces */
        int i = 0;
        const cJSON *faces;
        for (faces = data->child; faces; faces = faces->next) i++;
        if (seen_init(&seen, i) < 0) goto oom;
        i = 0;
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
                if (classify(face, faces->string, &def, reason, sizeof reason, &bad) < 0) {
                    report_bad(path, buf, len, where, 3, &bad, err, errlen);
                    goto out;
                }
                if (j++ == 0) {
                    first = def;
                    memcpy(first_reason, reason, sizeof reason);
                }
            }
            if (j > 1 && !first_reason[0])
                snprintf(first_reason, sizeof first_reason, "a card with %d faces", j);
            /* The key names the card; an empty key leaves the face's name. */
            if (faces->string[0] && strlen(faces->string) < CARD_NAME_MAX)
                memcpy(first.name, faces->string, strlen(faces->string) + 1);
            if (stage(&tmp, &first, first_reason) < 0) goto oom;
        }
    }
    if (merge(p, &tmp) < 0) goto oom;
    rc = 0;
    goto out;
refused:
    if (rk > 0) goto out;
oom:
    snprintf(err, errlen, "%s: out of memory", path);
out:
    seen_free(&seen);
    pool_free(&tmp);
    cJSON_Delete(root);
    return rc;
}

int pool_load_default(Pool *p, char *err, size_t errlen)
{
    return pool_load_file(p, MTGSIM_DECKS_DIR "/pool.json", err, errlen);
}
