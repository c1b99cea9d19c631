/* scenario_json.c: the scenario readers' messages and typed readers: a
 * field that is missing, of the wrong kind or out of range is said with its
 * path ("players[1].battlefield[0].damage: ..."), and nothing is run for
 * that file. Also the names the format spells out (keywords, with
 * protection's qualities and landwalk's land types) and the ids of the
 * file. */
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "scenario_int.h"
#include "engine/ability.h"

/* ---------------------------------------------------------------- messages */

int scn_bad(const Scenario *sc, const char *field, const char *fmt, ...)
{
    va_list ap;
    if (!sc->msg) return -1;
    fprintf(sc->msg, "mtgsim scenario: %s: %s: ", sc->file, field && *field ? field : "(file)");
    va_start(ap, fmt);
    vfprintf(sc->msg, fmt, ap);
    va_end(ap);
    fputc('\n', sc->msg);
    return -1;
}

const char *scn_json_kind(const cJSON *v)
{
    if (!v) return "missing";
    if (cJSON_IsString(v)) return "a string";
    if (cJSON_IsNumber(v)) return "a number";
    if (cJSON_IsBool(v)) return "a boolean";
    if (cJSON_IsNull(v)) return "null";
    if (cJSON_IsArray(v)) return "an array";
    if (cJSON_IsObject(v)) return "an object";
    return "invalid";
}

/* path + "." + key, or path + "[i]". */
void scn_field_key(char *out, const char *path, const char *key)
{
    snprintf(out, SCN_FIELD_MAX, "%s%s%s", path, *path ? "." : "", key);
}
void scn_field_idx(char *out, const char *path, int i)
{
    snprintf(out, SCN_FIELD_MAX, "%s[%d]", path, i);
}

/* ------------------------------------------------------------- name lookup */

int scn_ci_eq(const char *a, const char *b)
{
    for (; *a && *b; a++, b++)
        if (tolower((unsigned char)*a) != tolower((unsigned char)*b)) return 0;
    return *a == *b;
}

/* Edit distance without regard to case, capped at 64 characters. */
int scn_edit_distance(const char *a, const char *b)
{
    int la = (int)strlen(a), lb = (int)strlen(b);
    if (la > 64) la = 64;
    if (lb > 64) lb = 64;
    int row[65];
    for (int j = 0; j <= lb; j++) row[j] = j;
    for (int i = 1; i <= la; i++) {
        int diag = row[0];
        row[0] = i;
        for (int j = 1; j <= lb; j++) {
            int up = row[j];
            int cost = tolower((unsigned char)a[i - 1]) != tolower((unsigned char)b[j - 1]);
            int v = diag + cost;
            if (row[j] + 1 < v) v = row[j] + 1;
            if (row[j - 1] + 1 < v) v = row[j - 1] + 1;
            row[j] = v;
            diag = up;
        }
    }
    return row[lb];
}

/* Keyword names as printed (702.x); compared without regard to case, and
 * with '_' or '-' read as a space. */
static const struct { const char *name; unsigned bit; } keywords[KW_COUNT] = {
    { "Flying", KW_FLYING }, { "Reach", KW_REACH }, { "First strike", KW_FIRST_STRIKE },
    { "Double strike", KW_DOUBLE_STRIKE }, { "Deathtouch", KW_DEATHTOUCH },
    { "Trample", KW_TRAMPLE }, { "Lifelink", KW_LIFELINK }, { "Vigilance", KW_VIGILANCE },
    { "Haste", KW_HASTE }, { "Menace", KW_MENACE }, { "Defender", KW_DEFENDER },
    { "Indestructible", KW_INDESTRUCTIBLE }, { "Wither", KW_WITHER }, { "Infect", KW_INFECT }
};

/* Rules abilities that are keywords (702), which card.h has no bit for:
 * a permanent's `keywords` in the result lists them too. */
static const struct { const char *name; int rule; } rule_keywords[SCN_RULE_KW_N] = {
    { "Hexproof", RULE_HEXPROOF }, { "Shroud", RULE_SHROUD }, { "Flash", RULE_FLASH },
    { "Fear", RULE_FEAR }, { "Intimidate", RULE_INTIMIDATE }
};

int scn_keyword_find(const char *s, const char **closest)
{
    char norm[64];
    size_t n = 0;
    for (; *s && n + 1 < sizeof norm; s++) norm[n++] = (*s == '_' || *s == '-') ? ' ' : *s;
    norm[n] = 0;
    int best = 1 << 30;
    *closest = NULL;
    for (int k = 0; k < KW_COUNT; k++) {
        if (scn_ci_eq(norm, keywords[k].name)) return (int)keywords[k].bit;
        int d = scn_edit_distance(norm, keywords[k].name);
        if (d < best) { best = d; *closest = keywords[k].name; }
    }
    return -1;
}

/* The qualities protection names (702.16a) as its printed wording has
 * them: colors in CB_* order, card types in TYPE_* order, plural ("from
 * creatures", as decks/text.c reads them). */
static const char *const color_words[5] = { "white", "blue", "black", "red", "green" };
static const char *const type_words[SCN_PROT_TYPES] = {
    "lands", "creatures", "planeswalkers", "artifacts", "enchantments", "instants", "sorceries"
};

/* The basic land types have ids 1 .. SUBTYPE_BASIC_LAND_LAST in every
 * subtype table (engine/ability.h): their names when the file loaded none,
 * so that "Swampwalk" is a keyword name in every file. */
static const char *const basic_land_types[SUBTYPE_BASIC_LAND_LAST] = {
    "Plains", "Island", "Swamp", "Mountain", "Forest"
};

/* The name of subtype id, or NULL when the file's cards know no such id. */
static const char *subtype_name(const Scenario *sc, int id)
{
    int n = sc->subtypes ? sc->subtypes->n : SUBTYPE_BASIC_LAND_LAST;
    if (id < 1 || id > n) return NULL;
    return sc->subtypes ? sc->subtypes->name[id] : basic_land_types[id - 1];
}

/* A subtype's plural as protection prints it ("from Demons", "from
 * Elves"): the inverse of decks/text.c's subtype_word, which reads a final
 * "ves" as "f" and drops another final "s"; a name that ends in "s"
 * ("Plains") is its own plural. */
static void subtype_plural(char *out, size_t n, const char *name)
{
    size_t len = strlen(name);
    if (len && name[len - 1] == 'f') snprintf(out, n, "%.*sves", (int)(len - 1), name);
    else if (len && name[len - 1] == 's') snprintf(out, n, "%s", name);
    else snprintf(out, n, "%ss", name);
}

const char *scn_keyword_name(const Scenario *sc, int k, char out[SCN_KW_NAME_MAX])
{
    const char *sub;
    char plural[SCN_KW_NAME_MAX];
    out[0] = 0;
    if (k < KW_COUNT) snprintf(out, SCN_KW_NAME_MAX, "%s", keywords[k].name);
    else if (k < SCN_KW_PROT_COLOR) snprintf(out, SCN_KW_NAME_MAX, "%s", rule_keywords[k - SCN_KW_RULE].name);
    else if (k < SCN_KW_PROT_TYPE) snprintf(out, SCN_KW_NAME_MAX, "Protection from %s", color_words[k - SCN_KW_PROT_COLOR]);
    else if (k < SCN_KW_PROT_SUBTYPE) snprintf(out, SCN_KW_NAME_MAX, "Protection from %s", type_words[k - SCN_KW_PROT_TYPE]);
    else if (k < SCN_KW_WALK) {
        if ((sub = subtype_name(sc, k - SCN_KW_PROT_SUBTYPE + 1))) {
            subtype_plural(plural, sizeof plural, sub);
            snprintf(out, SCN_KW_NAME_MAX, "Protection from %s", plural);
        }
    } else if ((sub = subtype_name(sc, k - SCN_KW_WALK + 1))) {
        snprintf(out, SCN_KW_NAME_MAX, "%swalk", sub);              /* 702.14a: "[type]walk" */
    }
    return out;
}

int scn_rule_keyword(int j) { return rule_keywords[j].rule; }

int scn_any_keyword_find(const Scenario *sc, const char *s, char closest[SCN_KW_NAME_MAX])
{
    char norm[64], name[SCN_KW_NAME_MAX];
    size_t n = 0;
    for (; *s && n + 1 < sizeof norm; s++) norm[n++] = (*s == '_' || *s == '-') ? ' ' : *s;
    norm[n] = 0;
    int best = 1 << 30;
    closest[0] = 0;
    for (int k = 0; k < SCN_KW_N; k++) {
        if (!*scn_keyword_name(sc, k, name)) continue;
        if (scn_ci_eq(norm, name)) return k;
        int d = scn_edit_distance(norm, name);
        if (d < best) { best = d; memcpy(closest, name, sizeof name); }
    }
    return -1;
}

/* ---------------------------------------------------------- typed readers */

/* Whether v is a JSON number with an integer value. cJSON reads 1e400 as
 * infinity; casting a double beyond long long is undefined, so none is cast. */
int scn_is_integer(const cJSON *v)
{
    return cJSON_IsNumber(v) && v->valuedouble == floor(v->valuedouble);
}

/* An integer value as written in messages: the digits when it fits a long
 * long, else the %g form (1e+300). */
const char *scn_int_text(char *buf, size_t n, double v)
{
    if (fabs(v) < 1e18) snprintf(buf, n, "%lld", (long long)v);
    else snprintf(buf, n, "%g", v);
    return buf;
}

/* Reads an optional integer obj[key] in [lo, hi]; absent: *out = def. */
int scn_get_int(const Scenario *sc, const cJSON *obj, const char *key, const char *path,
                   int lo, int hi, int def, int *out)
{
    char f[SCN_FIELD_MAX];
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    if (!v) { *out = def; return 0; }
    scn_field_key(f, path, key);
    char num[32];
    if (!scn_is_integer(v))
        return scn_bad(sc, f, "expected an integer, got %s", scn_json_kind(v));
    if (v->valuedouble < lo || v->valuedouble > hi)
        return scn_bad(sc, f, "%s is out of range (%d to %d)", scn_int_text(num, sizeof num, v->valuedouble), lo, hi);
    *out = (int)v->valuedouble;
    return 0;
}

int scn_get_bool(const Scenario *sc, const cJSON *obj, const char *key, const char *path,
                    int def, int *out)
{
    char f[SCN_FIELD_MAX];
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    if (!v) { *out = def; return 0; }
    scn_field_key(f, path, key);
    if (!cJSON_IsBool(v)) return scn_bad(sc, f, "expected true or false, got %s", scn_json_kind(v));
    *out = cJSON_IsTrue(v);
    return 0;
}

typedef struct KeyAt {
    const char *key;  /* a member's name */
    int pos;          /* its place in the object */
} KeyAt;

static int key_cmp(const void *x, const void *y)
{
    const KeyAt *a = x, *b = y;
    int c = strcmp(a->key, b->key);
    return c ? c : (a->pos > b->pos) - (a->pos < b->pos);
}

/* Rejects a key given twice in one object (cJSON keeps both), naming the
 * first key, in file order, that comes again. Pairwise for small objects;
 * sorted for large ones, so a file of a million keys takes no hours. */
int scn_no_dup_keys(const Scenario *sc, const cJSON *obj, const char *path)
{
    const char *dup = NULL;
    int n = 0;
    for (const cJSON *a = obj ? obj->child : NULL; a; a = a->next) n++;
    if (n <= 32) {
        for (const cJSON *a = obj ? obj->child : NULL; a && !dup; a = a->next)
            for (const cJSON *b = a->next; b; b = b->next)
                if (a->string && b->string && !strcmp(a->string, b->string)) { dup = a->string; break; }
    } else {
        KeyAt *k = malloc((size_t)n * sizeof *k);
        if (!k) return scn_bad(sc, path, "out of memory");
        int m = 0, first = n;
        for (const cJSON *a = obj->child; a; a = a->next)
            if (a->string) { k[m].key = a->string; k[m].pos = m; m++; }
        qsort(k, (size_t)m, sizeof *k, key_cmp);
        for (int i = 1; i < m; i++)   /* k[i - 1] starts a run of equal keys at its first place */
            if (!strcmp(k[i].key, k[i - 1].key) && k[i - 1].pos < first &&
                (i < 2 || strcmp(k[i - 2].key, k[i - 1].key))) {
                first = k[i - 1].pos;
                dup = k[i - 1].key;
            }
        free(k);
    }
    if (dup) {
        char f[SCN_FIELD_MAX];
        scn_field_key(f, path, dup);
        return scn_bad(sc, f, "given twice");
    }
    return 0;
}

/* Rejects keys outside `allowed` (NULL-terminated). Used where an ignored
 * key would silently weaken a check (expect). */
int scn_only_keys(const Scenario *sc, const cJSON *obj, const char *path,
                     const char *const *allowed)
{
    for (const cJSON *a = obj->child; a; a = a->next) {
        int ok = 0;
        for (int k = 0; allowed[k]; k++) if (!strcmp(a->string, allowed[k])) ok = 1;
        if (!ok) {
            char f[SCN_FIELD_MAX], list[256] = "";
            scn_field_key(f, path, a->string);
            for (int k = 0; allowed[k]; k++) {
                strncat(list, k ? ", " : "", sizeof list - strlen(list) - 1);
                strncat(list, allowed[k], sizeof list - strlen(list) - 1);
            }
            return scn_bad(sc, f, "unknown field (expected one of: %s)", list);
        }
    }
    return 0;
}

int scn_perm_index(const Scenario *sc, const char *id)
{
    for (int i = 0; i < sc->n_perm; i++) if (sc->perm[i].id[0] && !strcmp(sc->perm[i].id, id)) return i;
    return -1;
}

/* Reads obj[key] as the id of a permanent of the file. */
int scn_card_index(const Scenario *sc, const char *id)
{
    for (int i = 0; i < sc->n_card; i++) if (sc->card[i].id[0] && !strcmp(sc->card[i].id, id)) return i;
    return -1;
}

int scn_reserved_id(const char *id)
{
    if (!strncmp(id, "spell:", 6) && id[6]) {   /* "spell:K" names entry K's spell (a target) */
        const char *d = id + 6;
        while (*d >= '0' && *d <= '9') d++;
        if (!*d) return 1;
    }
    return !strcmp(id, "player") || !strcmp(id, "defender") || !strcmp(id, "player0") || !strcmp(id, "player1");
}

int scn_new_id(const Scenario *sc, const cJSON *id, const char *f, char out[SCN_ID_MAX])
{
    if (!id) return scn_bad(sc, f, "missing");
    if (!cJSON_IsString(id) || !*id->valuestring)
        return scn_bad(sc, f, "expected a non-empty string, got %s", scn_json_kind(id));
    if (strlen(id->valuestring) >= SCN_ID_MAX) return scn_bad(sc, f, "longer than %d characters", SCN_ID_MAX - 1);
    if (scn_reserved_id(id->valuestring))
        return scn_bad(sc, f, "\"%s\" is reserved (it names a %s)", id->valuestring,
                       strncmp(id->valuestring, "spell:", 6) ? "player" : "spell");
    if (scn_perm_index(sc, id->valuestring) >= 0 || scn_card_index(sc, id->valuestring) >= 0)
        return scn_bad(sc, f, "duplicate id \"%s\"", id->valuestring);
    snprintf(out, SCN_ID_MAX, "%s", id->valuestring);
    return 0;
}

int scn_get_id(const Scenario *sc, const cJSON *obj, const char *key, const char *path, int *out)
{
    char f[SCN_FIELD_MAX];
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    scn_field_key(f, path, key);
    if (!v) return scn_bad(sc, f, "missing");
    if (!cJSON_IsString(v)) return scn_bad(sc, f, "expected a permanent id (a string), got %s", scn_json_kind(v));
    *out = scn_perm_index(sc, v->valuestring);
    if (*out < 0) return scn_bad(sc, f, "unknown permanent id \"%s\"", v->valuestring);
    return 0;
}

