/* scenario.c: `mtgsim scenario FILE...`, the combat scenario runner.
 *
 * Implements tests/spec/scenario-format.md, a contract that tests and
 * outside checkers write to: each file is read and checked whole before
 * anything runs (a bad file is reported with its field and skipped, exit 2),
 * the position is built by hand, the combat is played through
 * engine/combat.h with the file's declarations, orders and assignments
 * (the engine's default choice wherever the file gives none), and one JSON
 * line per file goes to stdout with the outcome and, when the file has
 * `expect`, whether it held (differences on stderr, exit 1).
 *
 * scenario_buffer (scenario.h) does all of it for one file in memory, with
 * the messages and the result line sent where the caller says (the fuzz
 * target sends them nowhere).
 *
 * No rule is decided here: legality, lethal damage and state-based actions
 * are the engine's. This file only translates between JSON and the engine. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cjson/cJSON.h>

#include "scenario.h"
#include "commands.h"
#include "engine/combat.h"

#define SCN_FILE_MAX  (4 << 20) /* a larger file is not a scenario */
#define SCN_ID_MAX    64        /* permanent ids, NUL included */
#define SCN_FIELD_MAX 160       /* a field path in a message */
#define SCN_ORDER_MAX 64        /* damage_order + blocker_order entries */
#define SCN_ASSIGN_MAX 128      /* assign entries */

enum { STEP_FS = 0, STEP_REG = 1 };  /* ScnAssign.step */
enum { SCN_OK = SCENARIO_OK, SCN_FAIL = SCENARIO_FAIL, SCN_BAD = SCENARIO_BAD };  /* a file's outcome = exit status */

static const char usage[] =
    "usage: mtgsim scenario FILE...\n"
    "\n"
    "Runs combat scenario files (format: tests/spec/scenario-format.md in the\n"
    "source repository).\n"
    "Each file sets up one combat by hand; the engine plays it with the\n"
    "file's declarations, orders and damage assignments (its default choice\n"
    "where the file gives none) and prints one JSON object per file on\n"
    "stdout (JSON Lines): {\"file\", \"name\", \"pass\", \"result\"}.\n"
    "\n"
    "`pass` is true or false when the file has `expect`, null otherwise;\n"
    "differences are reported on stderr.\n"
    "\n"
    "exit status: 0 every file with `expect` passed; 1 at least one did not;\n"
    "2 a file could not be read or is invalid (the file, the field and what\n"
    "is wrong on stderr; nothing is run for that file, the others still run).\n";

/* One permanent of the file, resolved. */
typedef struct ScnPerm {
    char id[SCN_ID_MAX];  /* the file's name for it */
    int  player;          /* controller, 0 or 1 */
    int  damage;          /* damage marked at the start */
    int  plus, minus;     /* +1/+1 and -1/-1 counters at the start */
    int  loyalty;         /* loyalty counters, or -1 for the card's loyalty */
    int  prevent;         /* prevention shield, damage */
    int  tapped, sick;    /* booleans */
} ScnPerm;

typedef struct ScnOrder {
    int who;                   /* perm index whose order it is */
    int is_blocker;            /* 0: damage_order (attacker), 1: blocker_order */
    int n;
    int list[SCN_ORDER_MAX];   /* perm indices, in order */
} ScnOrder;

typedef struct ScnAssign {
    int step;                  /* STEP_FS or STEP_REG */
    int source;                /* perm index */
    int n;
    int to[ASSIGN_MAX];        /* perm index, or -1 for the defender */
    int amount[ASSIGN_MAX];
} ScnAssign;

/* A scenario file, read and checked. Indices refer to perm[]. */
typedef struct Scenario {
    const char *file;          /* path as given */
    FILE *msg;                 /* where messages go; NULL: nowhere */
    const char *name;          /* points into root; NULL when absent */
    int edition;               /* Edition */
    int active;                /* attacking player */
    int life[2], poison[2], prevent[2];
    int n_perm;
    ScnPerm perm[PERM_MAX];
    CardDef card[PERM_MAX];    /* card[i] is perm[i]'s definition (pool index i in the run) */
    int n_att;
    int att[PERM_MAX], att_target[PERM_MAX];   /* target: perm index or -1 for the player */
    int n_blk;
    int blk[PAIR_MAX], blk_att[PAIR_MAX];
    int n_ord;
    ScnOrder ord[SCN_ORDER_MAX];
    int n_asg;
    ScnAssign asg[SCN_ASSIGN_MAX];
    const cJSON *expect;       /* points into root; NULL when absent */
} Scenario;

/* ---------------------------------------------------------------- messages */

static int bad(const Scenario *sc, const char *field, const char *fmt, ...)
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

static const char *json_kind(const cJSON *v)
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
static void field_key(char *out, const char *path, const char *key)
{
    snprintf(out, SCN_FIELD_MAX, "%s%s%s", path, *path ? "." : "", key);
}
static void field_idx(char *out, const char *path, int i)
{
    snprintf(out, SCN_FIELD_MAX, "%s[%d]", path, i);
}

/* ------------------------------------------------------------- name lookup */

static int ci_eq(const char *a, const char *b)
{
    for (; *a && *b; a++, b++)
        if (tolower((unsigned char)*a) != tolower((unsigned char)*b)) return 0;
    return *a == *b;
}

/* Edit distance without regard to case, capped at 64 characters. */
static int edit_distance(const char *a, const char *b)
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

static int keyword_find(const char *s, const char **closest)
{
    char norm[64];
    size_t n = 0;
    for (; *s && n + 1 < sizeof norm; s++) norm[n++] = (*s == '_' || *s == '-') ? ' ' : *s;
    norm[n] = 0;
    int best = 1 << 30;
    *closest = NULL;
    for (int k = 0; k < KW_COUNT; k++) {
        if (ci_eq(norm, keywords[k].name)) return (int)keywords[k].bit;
        int d = edit_distance(norm, keywords[k].name);
        if (d < best) { best = d; *closest = keywords[k].name; }
    }
    return -1;
}

static const struct { const char *name; unsigned bit; int super; } types[] = {
    { "Creature", TYPE_CREATURE, 0 }, { "Planeswalker", TYPE_PLANESWALKER, 0 },
    { "Artifact", TYPE_ARTIFACT, 0 }, { "Enchantment", TYPE_ENCHANTMENT, 0 },
    { "Land", TYPE_LAND, 0 }, { "Instant", TYPE_INSTANT, 0 }, { "Sorcery", TYPE_SORCERY, 0 },
    { "Tribal", TYPE_TRIBAL, 0 }, { "Legendary", SUPER_LEGENDARY, 1 },
    { "Basic", SUPER_BASIC, 1 }, { "Snow", SUPER_SNOW, 1 }
};

/* The pool card closest to `name`, for a suggestion. */
static const char *pool_closest(const Pool *p, const char *name)
{
    const char *best = NULL;
    int bd = 1 << 30;
    for (int i = 0; i < p->n; i++) {
        int d = edit_distance(name, p->cards[i].name);
        if (d < bd) { bd = d; best = p->cards[i].name; }
    }
    return best;
}

/* ---------------------------------------------------------- typed readers */

/* Whether v is a JSON number with an integer value. cJSON reads 1e400 as
 * infinity; casting a double beyond long long is undefined, so none is cast. */
static int is_integer(const cJSON *v)
{
    return cJSON_IsNumber(v) && v->valuedouble == floor(v->valuedouble);
}

/* An integer value as written in messages: the digits when it fits a long
 * long, else the %g form (1e+300). */
static const char *int_text(char *buf, size_t n, double v)
{
    if (fabs(v) < 1e18) snprintf(buf, n, "%lld", (long long)v);
    else snprintf(buf, n, "%g", v);
    return buf;
}

/* Reads an optional integer obj[key] in [lo, hi]; absent: *out = def. */
static int get_int(const Scenario *sc, const cJSON *obj, const char *key, const char *path,
                   int lo, int hi, int def, int *out)
{
    char f[SCN_FIELD_MAX];
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    if (!v) { *out = def; return 0; }
    field_key(f, path, key);
    char num[32];
    if (!is_integer(v))
        return bad(sc, f, "expected an integer, got %s", json_kind(v));
    if (v->valuedouble < lo || v->valuedouble > hi)
        return bad(sc, f, "%s is out of range (%d to %d)", int_text(num, sizeof num, v->valuedouble), lo, hi);
    *out = (int)v->valuedouble;
    return 0;
}

static int get_bool(const Scenario *sc, const cJSON *obj, const char *key, const char *path,
                    int def, int *out)
{
    char f[SCN_FIELD_MAX];
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    if (!v) { *out = def; return 0; }
    field_key(f, path, key);
    if (!cJSON_IsBool(v)) return bad(sc, f, "expected true or false, got %s", json_kind(v));
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
static int no_dup_keys(const Scenario *sc, const cJSON *obj, const char *path)
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
        if (!k) return bad(sc, path, "out of memory");
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
        field_key(f, path, dup);
        return bad(sc, f, "given twice");
    }
    return 0;
}

/* Rejects keys outside `allowed` (NULL-terminated). Used where an ignored
 * key would silently weaken a check (expect). */
static int only_keys(const Scenario *sc, const cJSON *obj, const char *path,
                     const char *const *allowed)
{
    for (const cJSON *a = obj->child; a; a = a->next) {
        int ok = 0;
        for (int k = 0; allowed[k]; k++) if (!strcmp(a->string, allowed[k])) ok = 1;
        if (!ok) {
            char f[SCN_FIELD_MAX], list[256] = "";
            field_key(f, path, a->string);
            for (int k = 0; allowed[k]; k++) {
                strncat(list, k ? ", " : "", sizeof list - strlen(list) - 1);
                strncat(list, allowed[k], sizeof list - strlen(list) - 1);
            }
            return bad(sc, f, "unknown field (expected one of: %s)", list);
        }
    }
    return 0;
}

static int perm_index(const Scenario *sc, const char *id)
{
    for (int i = 0; i < sc->n_perm; i++) if (!strcmp(sc->perm[i].id, id)) return i;
    return -1;
}

/* Reads obj[key] as the id of a permanent of the file. */
static int get_id(const Scenario *sc, const cJSON *obj, const char *key, const char *path, int *out)
{
    char f[SCN_FIELD_MAX];
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(obj, key);
    field_key(f, path, key);
    if (!v) return bad(sc, f, "missing");
    if (!cJSON_IsString(v)) return bad(sc, f, "expected a permanent id (a string), got %s", json_kind(v));
    *out = perm_index(sc, v->valuestring);
    if (*out < 0) return bad(sc, f, "unknown permanent id \"%s\"", v->valuestring);
    return 0;
}

/* ------------------------------------------------------------------ cards */

static int read_inline_card(Scenario *sc, const cJSON *c, const char *path, const char *id, CardDef *d)
{
    char f[SCN_FIELD_MAX];
    memset(d, 0, sizeof *d);
    d->produces = -1;
    d->max_blocks = 1;
    if (no_dup_keys(sc, c, path)) return -1;

    const cJSON *name = cJSON_GetObjectItemCaseSensitive(c, "name");
    field_key(f, path, "name");
    if (name && !cJSON_IsString(name)) return bad(sc, f, "expected a string, got %s", json_kind(name));
    snprintf(d->name, sizeof d->name, "%s", name ? name->valuestring : id);

    const cJSON *ty = cJSON_GetObjectItemCaseSensitive(c, "types");
    field_key(f, path, "types");
    if (!ty) return bad(sc, f, "missing (e.g. [\"Creature\"])");
    if (!cJSON_IsArray(ty)) return bad(sc, f, "expected an array of type names, got %s", json_kind(ty));
    int k = 0;
    for (const cJSON *t = ty->child; t; t = t->next, k++) {
        char ft[SCN_FIELD_MAX];
        field_idx(ft, f, k);
        if (!cJSON_IsString(t)) return bad(sc, ft, "expected a type name, got %s", json_kind(t));
        int found = 0;
        for (size_t j = 0; j < sizeof types / sizeof types[0]; j++)
            if (ci_eq(t->valuestring, types[j].name)) {
                if (types[j].super) d->supertypes |= (uint8_t)types[j].bit;
                else d->types |= (uint8_t)types[j].bit;
                found = 1;
            }
        if (!found)
            return bad(sc, ft, "unknown card type \"%s\" (known: Creature, Planeswalker, Artifact, "
                       "Enchantment, Land, Instant, Sorcery, Tribal; Legendary, Basic, Snow)", t->valuestring);
    }
    if (!d->types) return bad(sc, f, "no card type given");

    int is_creature = (d->types & TYPE_CREATURE) != 0, v;
    if (is_creature) {
        field_key(f, path, "power");
        if (!cJSON_GetObjectItemCaseSensitive(c, "power")) return bad(sc, f, "missing for a creature");
        field_key(f, path, "toughness");
        if (!cJSON_GetObjectItemCaseSensitive(c, "toughness")) return bad(sc, f, "missing for a creature");
    }
    /* Printed values, as the card pool reads them: no card prints a negative
     * power or toughness (counters make them so: "counters"). */
    if (get_int(sc, c, "power", path, 0, 99, 0, &v)) return -1;
    d->power = (int8_t)v;
    if (get_int(sc, c, "toughness", path, 0, 99, 0, &v)) return -1;
    d->toughness = (int8_t)v;
    if (get_int(sc, c, "loyalty", path, 0, 255, 0, &v)) return -1;
    d->loyalty = (uint8_t)v;
    if (get_int(sc, c, "max_blocks", path, 1, PERM_MAX, 1, &v)) return -1;
    d->max_blocks = (uint8_t)v;

    const cJSON *kw = cJSON_GetObjectItemCaseSensitive(c, "keywords");
    field_key(f, path, "keywords");
    if (kw && !cJSON_IsArray(kw)) return bad(sc, f, "expected an array of keyword names, got %s", json_kind(kw));
    k = 0;
    for (const cJSON *t = kw ? kw->child : NULL; t; t = t->next, k++) {
        char fk[SCN_FIELD_MAX];
        const char *closest;
        field_idx(fk, f, k);
        if (!cJSON_IsString(t)) return bad(sc, fk, "expected a keyword name, got %s", json_kind(t));
        int bit = keyword_find(t->valuestring, &closest);
        if (bit < 0)
            return bad(sc, fk, "unknown keyword \"%s\" (did you mean \"%s\"?)", t->valuestring, closest);
        d->keywords |= (uint16_t)bit;
    }
    return 0;
}

static int read_card(Scenario *sc, ScenarioPool *pc, const cJSON *c, const char *path,
                     const char *id, CardDef *d)
{
    if (!c) return bad(sc, path, "missing (a card name or an inline definition)");
    if (cJSON_IsObject(c)) return read_inline_card(sc, c, path, id, d);
    if (!cJSON_IsString(c))
        return bad(sc, path, "expected a card name or an inline definition, got %s", json_kind(c));
    if (!pc->tried) {
        pc->tried = 1;
        pc->ok = pool_load_default(&pc->pool, pc->err, sizeof pc->err) == 0;
    }
    if (!pc->ok)
        return bad(sc, path, "unknown card name \"%s\": the card pool could not be loaded (%s); "
                   "use an inline definition", c->valuestring, pc->err);
    int i = pool_find(&pc->pool, c->valuestring);
    if (i < 0) {
        const char *near = pool_closest(&pc->pool, c->valuestring);
        if (near) return bad(sc, path, "unknown card name \"%s\" (closest: \"%s\")", c->valuestring, near);
        return bad(sc, path, "unknown card name \"%s\" (the card pool is empty)", c->valuestring);
    }
    const char *why = pool_reason(&pc->pool, i);
    if (why)
        return bad(sc, path, "card \"%s\" is not supported by the engine: %s", c->valuestring, why);
    *d = pc->pool.cards[i];
    return 0;
}

/* -------------------------------------------------------------- the file */

static int read_players(Scenario *sc, ScenarioPool *pc, const cJSON *root)
{
    const cJSON *pl = cJSON_GetObjectItemCaseSensitive(root, "players");
    if (!pl) return bad(sc, "players", "missing (an array of the two players)");
    if (!cJSON_IsArray(pl)) return bad(sc, "players", "expected an array of 2 players, got %s", json_kind(pl));
    if (cJSON_GetArraySize(pl) != 2)
        return bad(sc, "players", "expected 2 players, got %d", cJSON_GetArraySize(pl));
    int p = 0;
    for (const cJSON *po = pl->child; po; po = po->next, p++) {
        char path[SCN_FIELD_MAX], f[SCN_FIELD_MAX];
        field_idx(path, "players", p);
        if (!cJSON_IsObject(po)) return bad(sc, path, "expected an object, got %s", json_kind(po));
        if (no_dup_keys(sc, po, path)) return -1;
        if (get_int(sc, po, "life", path, -30000, 30000, LIFE_START, &sc->life[p])) return -1;
        if (get_int(sc, po, "poison", path, 0, 255, 0, &sc->poison[p])) return -1;
        if (get_int(sc, po, "prevent", path, 0, 30000, 0, &sc->prevent[p])) return -1;
        const cJSON *bf = cJSON_GetObjectItemCaseSensitive(po, "battlefield");
        field_key(f, path, "battlefield");
        if (bf && !cJSON_IsArray(bf)) return bad(sc, f, "expected an array of permanents, got %s", json_kind(bf));
        int k = 0;
        for (const cJSON *e = bf ? bf->child : NULL; e; e = e->next, k++) {
            char pp[SCN_FIELD_MAX], fi[SCN_FIELD_MAX];
            field_idx(pp, f, k);
            if (!cJSON_IsObject(e)) return bad(sc, pp, "expected an object, got %s", json_kind(e));
            if (no_dup_keys(sc, e, pp)) return -1;
            if (sc->n_perm == PERM_MAX)
                return bad(sc, pp, "more than %d permanents (the engine's capacity)", PERM_MAX);
            ScnPerm *q = &sc->perm[sc->n_perm];
            memset(q, 0, sizeof *q);
            q->player = p;

            const cJSON *id = cJSON_GetObjectItemCaseSensitive(e, "id");
            field_key(fi, pp, "id");
            if (!id) return bad(sc, fi, "missing");
            if (!cJSON_IsString(id) || !*id->valuestring)
                return bad(sc, fi, "expected a non-empty string, got %s", json_kind(id));
            if (strlen(id->valuestring) >= SCN_ID_MAX)
                return bad(sc, fi, "longer than %d characters", SCN_ID_MAX - 1);
            if (!strcmp(id->valuestring, "player") || !strcmp(id->valuestring, "defender") ||
                !strcmp(id->valuestring, "player0") || !strcmp(id->valuestring, "player1"))
                return bad(sc, fi, "\"%s\" is reserved (it names a player)", id->valuestring);
            if (perm_index(sc, id->valuestring) >= 0)
                return bad(sc, fi, "duplicate id \"%s\"", id->valuestring);
            snprintf(q->id, sizeof q->id, "%s", id->valuestring);

            field_key(fi, pp, "card");
            if (read_card(sc, pc, cJSON_GetObjectItemCaseSensitive(e, "card"), fi, q->id,
                          &sc->card[sc->n_perm])) return -1;
            if (get_int(sc, e, "damage", pp, 0, 255, 0, &q->damage)) return -1;
            if (get_int(sc, e, "prevent", pp, 0, 255, 0, &q->prevent)) return -1;
            if (get_bool(sc, e, "tapped", pp, 0, &q->tapped)) return -1;
            if (get_bool(sc, e, "sick", pp, 0, &q->sick)) return -1;
            q->loyalty = -1;
            const cJSON *cn = cJSON_GetObjectItemCaseSensitive(e, "counters");
            field_key(fi, pp, "counters");
            if (cn) {
                static const char *const kinds[] = { "+1/+1", "-1/-1", "loyalty", NULL };
                if (!cJSON_IsObject(cn)) return bad(sc, fi, "expected an object, got %s", json_kind(cn));
                if (no_dup_keys(sc, cn, fi) || only_keys(sc, cn, fi, kinds)) return -1;
                if (get_int(sc, cn, "+1/+1", fi, 0, 255, 0, &q->plus)) return -1;
                if (get_int(sc, cn, "-1/-1", fi, 0, 255, 0, &q->minus)) return -1;
                if (get_int(sc, cn, "loyalty", fi, 0, 255, -1, &q->loyalty)) return -1;
            }
            sc->n_perm++;
        }
    }
    return 0;
}

static int read_attacks(Scenario *sc, const cJSON *root)
{
    const cJSON *a = cJSON_GetObjectItemCaseSensitive(root, "attacks");
    if (!a) return 0;
    if (!cJSON_IsArray(a)) return bad(sc, "attacks", "expected an array, got %s", json_kind(a));
    int k = 0;
    for (const cJSON *e = a->child; e; e = e->next, k++) {
        char path[SCN_FIELD_MAX], f[SCN_FIELD_MAX];
        field_idx(path, "attacks", k);
        if (!cJSON_IsObject(e)) return bad(sc, path, "expected an object, got %s", json_kind(e));
        if (no_dup_keys(sc, e, path)) return -1;
        if (k == PERM_MAX) return bad(sc, path, "more than %d attacks", PERM_MAX);
        if (get_id(sc, e, "attacker", path, &sc->att[k])) return -1;
        const cJSON *t = cJSON_GetObjectItemCaseSensitive(e, "target");
        field_key(f, path, "target");
        if (!t || (cJSON_IsString(t) && !strcmp(t->valuestring, "player"))) {
            sc->att_target[k] = -1;     /* the defending player, also by default */
        } else if (!cJSON_IsString(t)) {
            return bad(sc, f, "expected \"player\" or a planeswalker's id, got %s", json_kind(t));
        } else if ((sc->att_target[k] = perm_index(sc, t->valuestring)) < 0) {
            return bad(sc, f, "unknown permanent id \"%s\" (expected \"player\" or a planeswalker's id)",
                       t->valuestring);
        }
        sc->n_att = k + 1;
    }
    return 0;
}

static int read_blocks(Scenario *sc, const cJSON *root)
{
    const cJSON *b = cJSON_GetObjectItemCaseSensitive(root, "blocks");
    if (!b) return 0;
    if (!cJSON_IsArray(b)) return bad(sc, "blocks", "expected an array, got %s", json_kind(b));
    int k = 0;
    for (const cJSON *e = b->child; e; e = e->next, k++) {
        char path[SCN_FIELD_MAX];
        field_idx(path, "blocks", k);
        if (!cJSON_IsObject(e)) return bad(sc, path, "expected an object, got %s", json_kind(e));
        if (no_dup_keys(sc, e, path)) return -1;
        if (k == PAIR_MAX) return bad(sc, path, "more than %d blocks (the engine's capacity)", PAIR_MAX);
        if (get_id(sc, e, "blocker", path, &sc->blk[k])) return -1;
        if (get_id(sc, e, "attacker", path, &sc->blk_att[k])) return -1;
        sc->n_blk = k + 1;
    }
    return 0;
}

static int read_orders(Scenario *sc, const cJSON *root, const char *key, int is_blocker)
{
    const cJSON *o = cJSON_GetObjectItemCaseSensitive(root, key);
    if (!o) return 0;
    if (!cJSON_IsObject(o))
        return bad(sc, key, "expected an object mapping an id to a list of ids, got %s", json_kind(o));
    if (no_dup_keys(sc, o, key)) return -1;
    for (const cJSON *e = o->child; e; e = e->next) {
        char path[SCN_FIELD_MAX];
        field_key(path, key, e->string);
        if (sc->n_ord == SCN_ORDER_MAX) return bad(sc, path, "more than %d orders", SCN_ORDER_MAX);
        ScnOrder *r = &sc->ord[sc->n_ord];
        r->is_blocker = is_blocker;
        if ((r->who = perm_index(sc, e->string)) < 0)
            return bad(sc, path, "unknown permanent id \"%s\"", e->string);
        if (!cJSON_IsArray(e)) return bad(sc, path, "expected an array of ids, got %s", json_kind(e));
        r->n = 0;
        int k = 0;
        for (const cJSON *v = e->child; v; v = v->next, k++) {
            char f[SCN_FIELD_MAX];
            field_idx(f, path, k);
            if (k == SCN_ORDER_MAX) return bad(sc, f, "more than %d entries", SCN_ORDER_MAX);
            if (!cJSON_IsString(v)) return bad(sc, f, "expected a permanent id, got %s", json_kind(v));
            if ((r->list[k] = perm_index(sc, v->valuestring)) < 0)
                return bad(sc, f, "unknown permanent id \"%s\"", v->valuestring);
            r->n = k + 1;
        }
        sc->n_ord++;
    }
    return 0;
}

static int read_assign(Scenario *sc, const cJSON *root)
{
    const cJSON *a = cJSON_GetObjectItemCaseSensitive(root, "assign");
    if (!a) return 0;
    if (!cJSON_IsArray(a)) return bad(sc, "assign", "expected an array, got %s", json_kind(a));
    int k = 0;
    for (const cJSON *e = a->child; e; e = e->next, k++) {
        char path[SCN_FIELD_MAX], f[SCN_FIELD_MAX];
        field_idx(path, "assign", k);
        if (!cJSON_IsObject(e)) return bad(sc, path, "expected an object, got %s", json_kind(e));
        if (no_dup_keys(sc, e, path)) return -1;
        if (k == SCN_ASSIGN_MAX) return bad(sc, path, "more than %d assignments", SCN_ASSIGN_MAX);
        ScnAssign *g = &sc->asg[k];
        const cJSON *st = cJSON_GetObjectItemCaseSensitive(e, "step");
        field_key(f, path, "step");
        if (!st) return bad(sc, f, "missing (\"first_strike\" or \"regular\")");
        if (!cJSON_IsString(st)) return bad(sc, f, "expected \"first_strike\" or \"regular\", got %s", json_kind(st));
        if (!strcmp(st->valuestring, "first_strike")) g->step = STEP_FS;
        else if (!strcmp(st->valuestring, "regular")) g->step = STEP_REG;
        else return bad(sc, f, "expected \"first_strike\" or \"regular\", got \"%s\"", st->valuestring);
        if (get_id(sc, e, "source", path, &g->source)) return -1;
        for (int j = 0; j < k; j++)
            if (sc->asg[j].step == g->step && sc->asg[j].source == g->source)
                return bad(sc, path, "a second assignment for \"%s\" in the %s step",
                           sc->perm[g->source].id, st->valuestring);
        const cJSON *to = cJSON_GetObjectItemCaseSensitive(e, "to");
        field_key(f, path, "to");
        if (!to) return bad(sc, f, "missing");
        if (!cJSON_IsObject(to))
            return bad(sc, f, "expected an object mapping a recipient to an amount, got %s", json_kind(to));
        if (no_dup_keys(sc, to, f)) return -1;
        g->n = 0;
        for (const cJSON *r = to->child; r; r = r->next) {
            char fr[SCN_FIELD_MAX];
            field_key(fr, f, r->string);
            if (g->n == ASSIGN_MAX) return bad(sc, fr, "more than %d recipients", ASSIGN_MAX);
            if (!strcmp(r->string, "defender")) g->to[g->n] = -1;
            else if ((g->to[g->n] = perm_index(sc, r->string)) < 0)
                return bad(sc, fr, "unknown recipient \"%s\" (a permanent id or \"defender\")", r->string);
            char num[32];
            if (!is_integer(r))
                return bad(sc, fr, "expected an integer amount, got %s", json_kind(r));
            if (r->valuedouble < -1000 || r->valuedouble > 1000)
                return bad(sc, fr, "amount %s is out of range", int_text(num, sizeof num, r->valuedouble));
            g->amount[g->n++] = (int)r->valuedouble;
        }
        sc->n_asg = k + 1;
    }
    return 0;
}

static int read_spells(Scenario *sc, const cJSON *root)
{
    const cJSON *s = cJSON_GetObjectItemCaseSensitive(root, "spells");
    if (!s) return 0;
    if (!cJSON_IsArray(s)) return bad(sc, "spells", "expected an array, got %s", json_kind(s));
    if (!s->child) return 0;
    const cJSON *c = cJSON_GetObjectItemCaseSensitive(s->child, "card");
    const char *name = "?";
    if (cJSON_IsString(c)) name = c->valuestring;
    else if (cJSON_IsObject(c) && cJSON_IsString(cJSON_GetObjectItemCaseSensitive(c, "name")))
        name = cJSON_GetObjectItemCaseSensitive(c, "name")->valuestring;
    return bad(sc, "spells[0].card", "cannot cast \"%s\": the engine has no spell support yet", name);
}

/* expect (and after_first_strike inside it): checked before the run so a
 * typo is an invalid file rather than a check that silently never runs. */
static int check_expect_state(const Scenario *sc, const cJSON *x, const char *path, int top)
{
    static const char *const top_keys[] = { "error", "players", "graveyard", "permanents",
                                            "after_first_strike", NULL };
    static const char *const fs_keys[] = { "players", "graveyard", "permanents", NULL };
    static const char *const pl_keys[] = { "life", "poison", "lost", NULL };
    static const char *const pm_keys[] = { "damage", "counters", "loyalty", "tapped",
                                           "power", "toughness", NULL };
    static const char *const cn_keys[] = { "+1/+1", "-1/-1", "loyalty", NULL };
    char f[SCN_FIELD_MAX];
    int v;
    if (!cJSON_IsObject(x)) return bad(sc, path, "expected an object, got %s", json_kind(x));
    if (no_dup_keys(sc, x, path) || only_keys(sc, x, path, top ? top_keys : fs_keys)) return -1;

    const cJSON *err = cJSON_GetObjectItemCaseSensitive(x, "error");
    if (err && !cJSON_IsNull(err)) {
        field_key(f, path, "error");
        if (!cJSON_IsString(err) ||
            (strcmp(err->valuestring, "illegal_attack") && strcmp(err->valuestring, "illegal_block") &&
             strcmp(err->valuestring, "illegal_order") && strcmp(err->valuestring, "illegal_assignment")))
            return bad(sc, f, "expected null, \"illegal_attack\", \"illegal_block\", \"illegal_order\" "
                       "or \"illegal_assignment\"");
    }
    const cJSON *pl = cJSON_GetObjectItemCaseSensitive(x, "players");
    if (pl) {
        field_key(f, path, "players");
        if (!cJSON_IsArray(pl) || cJSON_GetArraySize(pl) > 2)
            return bad(sc, f, "expected an array of at most 2 objects");
        int p = 0;
        for (const cJSON *e = pl->child; e; e = e->next, p++) {
            char fp[SCN_FIELD_MAX];
            field_idx(fp, f, p);
            if (cJSON_IsNull(e)) continue;
            if (!cJSON_IsObject(e)) return bad(sc, fp, "expected an object, got %s", json_kind(e));
            if (no_dup_keys(sc, e, fp) || only_keys(sc, e, fp, pl_keys)) return -1;
            if (get_int(sc, e, "life", fp, -30000, 30000, 0, &v) ||
                get_int(sc, e, "poison", fp, 0, 255, 0, &v) ||
                get_bool(sc, e, "lost", fp, 0, &v)) return -1;
        }
    }
    const cJSON *gy = cJSON_GetObjectItemCaseSensitive(x, "graveyard");
    if (gy) {
        field_key(f, path, "graveyard");
        if (!cJSON_IsArray(gy)) return bad(sc, f, "expected an array of ids, got %s", json_kind(gy));
        int k = 0;
        for (const cJSON *e = gy->child; e; e = e->next, k++) {
            char fg[SCN_FIELD_MAX];
            field_idx(fg, f, k);
            if (!cJSON_IsString(e)) return bad(sc, fg, "expected a permanent id, got %s", json_kind(e));
            if (perm_index(sc, e->valuestring) < 0)
                return bad(sc, fg, "unknown permanent id \"%s\"", e->valuestring);
            for (const cJSON *d = gy->child; d != e; d = d->next)
                if (!strcmp(d->valuestring, e->valuestring))
                    return bad(sc, fg, "\"%s\" listed twice", e->valuestring);
        }
    }
    const cJSON *pm = cJSON_GetObjectItemCaseSensitive(x, "permanents");
    if (pm) {
        field_key(f, path, "permanents");
        if (!cJSON_IsObject(pm)) return bad(sc, f, "expected an object keyed by id, got %s", json_kind(pm));
        if (no_dup_keys(sc, pm, f)) return -1;
        for (const cJSON *e = pm->child; e; e = e->next) {
            char fp[SCN_FIELD_MAX];
            field_key(fp, f, e->string);
            if (perm_index(sc, e->string) < 0) return bad(sc, fp, "unknown permanent id \"%s\"", e->string);
            if (!cJSON_IsObject(e)) return bad(sc, fp, "expected an object, got %s", json_kind(e));
            if (no_dup_keys(sc, e, fp) || only_keys(sc, e, fp, pm_keys)) return -1;
            if (get_int(sc, e, "damage", fp, 0, 255, 0, &v) ||
                get_int(sc, e, "loyalty", fp, 0, 255, 0, &v) ||
                get_int(sc, e, "power", fp, -1000, 1000, 0, &v) ||
                get_int(sc, e, "toughness", fp, -1000, 1000, 0, &v) ||
                get_bool(sc, e, "tapped", fp, 0, &v)) return -1;
            const cJSON *cn = cJSON_GetObjectItemCaseSensitive(e, "counters");
            if (cn) {
                char fc[SCN_FIELD_MAX];
                field_key(fc, fp, "counters");
                if (!cJSON_IsObject(cn)) return bad(sc, fc, "expected an object, got %s", json_kind(cn));
                if (no_dup_keys(sc, cn, fc) || only_keys(sc, cn, fc, cn_keys)) return -1;
                if (get_int(sc, cn, "+1/+1", fc, 0, 255, 0, &v) ||
                    get_int(sc, cn, "-1/-1", fc, 0, 255, 0, &v) ||
                    get_int(sc, cn, "loyalty", fc, 0, 255, 0, &v)) return -1;
            }
        }
    }
    const cJSON *fs = top ? cJSON_GetObjectItemCaseSensitive(x, "after_first_strike") : NULL;
    if (fs) {
        field_key(f, path, "after_first_strike");
        if (check_expect_state(sc, fs, f, 0)) return -1;
    }
    return 0;
}

/* Reads and checks the whole file; 0, or -1 with the message printed. */
static int scenario_read(Scenario *sc, ScenarioPool *pc, const cJSON *root)
{
    int v;
    if (!cJSON_IsObject(root)) return bad(sc, "", "expected a JSON object, got %s", json_kind(root));
    if (no_dup_keys(sc, root, "")) return -1;

    const cJSON *name = cJSON_GetObjectItemCaseSensitive(root, "name");
    if (name && !cJSON_IsString(name)) return bad(sc, "name", "expected a string, got %s", json_kind(name));
    sc->name = name ? name->valuestring : NULL;

    const cJSON *rules = cJSON_GetObjectItemCaseSensitive(root, "rules");
    if (rules) {
        if (!cJSON_IsArray(rules)) return bad(sc, "rules", "expected an array of rule numbers, got %s", json_kind(rules));
        int k = 0;
        for (const cJSON *r = rules->child; r; r = r->next, k++) {
            char f[SCN_FIELD_MAX];
            field_idx(f, "rules", k);
            if (!cJSON_IsString(r)) return bad(sc, f, "expected a rule number as a string, got %s", json_kind(r));
        }
    }

    const cJSON *ed = cJSON_GetObjectItemCaseSensitive(root, "edition");
    sc->edition = EDITION_2011;
    if (ed) {
        if (cJSON_IsString(ed) && !strcmp(ed->valuestring, "2011")) sc->edition = EDITION_2011;
        else if (cJSON_IsNumber(ed) && ed->valuedouble == 2011) sc->edition = EDITION_2011;
        else if (cJSON_IsString(ed) && ci_eq(ed->valuestring, "foundations")) sc->edition = EDITION_FOUNDATIONS;
        else if (cJSON_IsString(ed)) return bad(sc, "edition", "expected \"2011\" or \"foundations\", got \"%s\"", ed->valuestring);
        else return bad(sc, "edition", "expected \"2011\" or \"foundations\", got %s", json_kind(ed));
    }

    const cJSON *act = cJSON_GetObjectItemCaseSensitive(root, "active");
    if (act && (!cJSON_IsNumber(act) || (act->valuedouble != 0 && act->valuedouble != 1))) {
        if (cJSON_IsNumber(act)) return bad(sc, "active", "expected 0 or 1, got %g", act->valuedouble);
        return bad(sc, "active", "expected 0 or 1, got %s", json_kind(act));
    }
    if (get_int(sc, root, "active", "", 0, 1, 0, &v)) return -1;
    sc->active = v;

    if (read_players(sc, pc, root)) return -1;
    if (read_attacks(sc, root) || read_blocks(sc, root)) return -1;
    if (read_orders(sc, root, "damage_order", 0) || read_orders(sc, root, "blocker_order", 1)) return -1;
    if (read_assign(sc, root) || read_spells(sc, root)) return -1;

    sc->expect = cJSON_GetObjectItemCaseSensitive(root, "expect");
    if (sc->expect && check_expect_state(sc, sc->expect, "expect", 1)) return -1;
    return 0;
}

/* ------------------------------------------------------------------ the run */

typedef struct Outcome {
    int err;                   /* MtgError that stopped the run, or MTG_OK */
    GameState end;             /* the state at the end (or when it stopped) */
    int had_fs;                /* there was a first-strike damage step */
    GameState after_fs;        /* the state right after it */
    int slot[PERM_MAX];        /* perm index -> slot */
} Outcome;

/* Builds the engine's assignments for one step from the file's; entries of
 * creatures no longer on the battlefield are dropped (they deal no damage). */
static int step_assignments(const Scenario *sc, const Outcome *o, const GameState *s,
                            int step, DamageAssign *out)
{
    int n = 0;
    for (int k = 0; k < sc->n_asg; k++) {
        const ScnAssign *a = &sc->asg[k];
        int src = o->slot[a->source];
        if (a->step != step || !((s->perm_used >> src) & 1)) continue;
        DamageAssign *d = &out[n++];
        memset(d, 0, sizeof *d);
        d->source = (uint8_t)src;
        d->n = (uint8_t)a->n;
        for (int j = 0; j < a->n; j++) {
            d->to[j] = a->to[j] < 0 ? RECIP_DEFENDER : (uint8_t)o->slot[a->to[j]];
            d->amount[j] = (int16_t)a->amount[j];
        }
    }
    return n;
}

static void scenario_run(const Scenario *sc, Outcome *o)
{
    CardPool view = { sc->card, sc->n_perm, 0 };
    Game g;
    memset(&g, 0, sizeof g);
    g.pool = &view;
    g.edition = (uint8_t)sc->edition;
    g.turn_cap = TURN_CAP_DEFAULT;   /* policies stay NULL: the engine's default choices */

    GameState *s = &o->end;
    state_clear(s, &view, sc->edition);
    s->active = (uint8_t)sc->active;
    s->starting = (uint8_t)sc->active;
    s->turn = 2;                     /* any turn but the first; nothing in combat depends on it */
    s->step = STEP_DECLARE_ATTACKERS;
    for (int p = 0; p < 2; p++) {
        s->pl[p].life = (int16_t)sc->life[p];
        s->pl[p].poison = (uint8_t)sc->poison[p];
        s->pl[p].prevent = (int16_t)sc->prevent[p];
    }
    for (int i = 0; i < sc->n_perm; i++) {
        const ScnPerm *q = &sc->perm[i];
        int slot = perm_create(s, q->player, (uint16_t)i, OBJ_NONE);
        o->slot[i] = slot;           /* n_perm <= PERM_MAX, so never -1 */
        Permanent *m = &s->perm[slot];
        m->damage = (uint8_t)q->damage;
        m->plus = (uint8_t)q->plus;
        m->minus = (uint8_t)q->minus;
        m->loyalty = (uint8_t)(q->loyalty >= 0 ? q->loyalty : sc->card[i].loyalty);
        m->prevent = (uint8_t)q->prevent;
        m->flags |= (uint8_t)((q->tapped ? PF_TAPPED : 0) | (q->sick ? PF_SICK : 0));
        perm_refresh(s, slot);       /* the counters count in power and toughness */
    }
    o->err = MTG_OK;
    o->had_fs = 0;
    /* The setup is a state no state-based action has looked at yet: damage
     * already lethal, toughness 0, life 0 or 10 poison act the first time a
     * player would receive priority, right after the declarations below
     * (117.5, 704.3). */
    s->sba_pending = 1;

    /* 508: declare attackers. */
    AttackDecl ad[PERM_MAX];
    for (int k = 0; k < sc->n_att; k++) {
        ad[k].attacker = (uint8_t)o->slot[sc->att[k]];
        ad[k].target = sc->att_target[k] < 0 ? TARGET_PLAYER : (uint8_t)o->slot[sc->att_target[k]];
    }
    if ((o->err = combat_declare_attackers(s, &g, ad, sc->n_att)) != MTG_OK) return;
    sba_apply(s, &g);                                 /* before the active player's priority */
    if (s->over) return;
    if (!sc->n_att) { s->step = STEP_END_COMBAT; combat_end(s); return; }  /* 508.8 */

    /* 509: declare blockers, then the damage assignment orders (2011). */
    s->step = STEP_DECLARE_BLOCKERS;
    BlockDecl bd[PAIR_MAX];
    for (int k = 0; k < sc->n_blk; k++) {
        bd[k].blocker = (uint8_t)o->slot[sc->blk[k]];
        bd[k].attacker = (uint8_t)o->slot[sc->blk_att[k]];
    }
    if ((o->err = combat_declare_blockers(s, &g, bd, sc->n_blk)) != MTG_OK) return;
    if (sc->edition == EDITION_2011) {
        for (int pass = 0; pass < 2; pass++)          /* 509.2 (attackers) before 509.3 */
            for (int k = 0; k < sc->n_ord; k++) {
                const ScnOrder *r = &sc->ord[k];
                if (r->is_blocker != pass) continue;
                uint8_t v[SCN_ORDER_MAX];
                for (int j = 0; j < r->n; j++) v[j] = (uint8_t)o->slot[r->list[j]];
                int who = o->slot[r->who];
                o->err = pass ? combat_set_blocker_order(s, who, v, r->n)
                              : combat_set_attacker_order(s, who, v, r->n);
                if (o->err != MTG_OK) return;
            }
    }
    sba_apply(s, &g);                                 /* before the active player's priority */
    if (s->over) return;

    /* 510: combat damage, a first-strike step first when one is due. */
    DamageAssign da[SCN_ASSIGN_MAX];
    int has_fs = combat_has_first_strike(s);
    if (has_fs) {
        s->step = STEP_FIRST_STRIKE_DAMAGE;
        int n = step_assignments(sc, o, s, STEP_FS, da);
        if ((o->err = combat_damage_step(s, &g, 1, da, n)) != MTG_OK) return;
        o->had_fs = 1;
        o->after_fs = *s;
        if (s->over) return;                          /* 104.3: the game ended there */
    }   /* else first_strike entries describe a step that never comes: they assign nothing */
    s->step = STEP_COMBAT_DAMAGE;
    int n = step_assignments(sc, o, s, STEP_REG, da);
    if ((o->err = combat_damage_step(s, &g, 0, da, n)) != MTG_OK) return;
    if (s->over) return;

    /* 511: end of combat. */
    s->step = STEP_END_COMBAT;
    combat_end(s);
}

/* ---------------------------------------------------------------- output */

/* Adds players, graveyard and permanents as they stand in s to r. */
static cJSON *state_json(cJSON *r, const Scenario *sc, const Outcome *o, const GameState *s)
{
    cJSON *pl = cJSON_AddArrayToObject(r, "players");
    for (int p = 0; p < 2; p++) {
        cJSON *e = cJSON_CreateObject();
        cJSON_AddNumberToObject(e, "life", s->pl[p].life);
        cJSON_AddNumberToObject(e, "poison", s->pl[p].poison);
        cJSON_AddBoolToObject(e, "lost", (s->pl[p].flags & PL_LOST) != 0);
        cJSON_AddItemToArray(pl, e);
    }
    cJSON *gy = cJSON_AddArrayToObject(r, "graveyard");
    cJSON *pm = cJSON_AddObjectToObject(r, "permanents");
    for (int i = 0; i < sc->n_perm; i++) {
        int slot = o->slot[i];
        if (!((s->perm_used >> slot) & 1)) {
            cJSON_AddItemToArray(gy, cJSON_CreateString(sc->perm[i].id));
            continue;
        }
        const Permanent *q = &s->perm[slot];
        int pw = perm_is_planeswalker(s, slot);
        cJSON *e = cJSON_AddObjectToObject(pm, sc->perm[i].id);
        cJSON_AddNumberToObject(e, "damage", q->damage);
        cJSON *cn = cJSON_AddObjectToObject(e, "counters");
        if (q->plus) cJSON_AddNumberToObject(cn, "+1/+1", q->plus);
        if (q->minus) cJSON_AddNumberToObject(cn, "-1/-1", q->minus);
        if (pw) cJSON_AddNumberToObject(cn, "loyalty", q->loyalty);
        cJSON_AddBoolToObject(e, "tapped", (q->flags & PF_TAPPED) != 0);
        if (perm_is_creature(s, slot)) {
            cJSON_AddNumberToObject(e, "power", perm_power(s, slot));
            cJSON_AddNumberToObject(e, "toughness", perm_toughness(s, slot));
        } else {                                      /* 302.4: only creatures have them */
            cJSON_AddNullToObject(e, "power");
            cJSON_AddNullToObject(e, "toughness");
        }
        if (pw) cJSON_AddNumberToObject(e, "loyalty", q->loyalty);
    }
    return r;
}

static cJSON *result_json(const Scenario *sc, const Outcome *o)
{
    cJSON *r = cJSON_CreateObject();
    if (o->err) cJSON_AddStringToObject(r, "error", mtg_error_name(o->err));
    else cJSON_AddNullToObject(r, "error");
    state_json(r, sc, o, &o->end);
    if (o->had_fs)
        cJSON_AddItemToObject(r, "after_first_strike", state_json(cJSON_CreateObject(), sc, o, &o->after_fs));
    return r;
}

/* --------------------------------------------------------------- checking */

static void print_value(char *buf, size_t n, const cJSON *v)
{
    if (!v) { snprintf(buf, n, "(absent)"); return; }
    char *t = cJSON_PrintUnformatted(v);
    snprintf(buf, n, "%s", t ? t : "?");
    free(t);
}

static int differ(const Scenario *sc, const char *field, const cJSON *want, const cJSON *got)
{
    char w[512], g[512];
    print_value(w, sizeof w, want);
    print_value(g, sizeof g, got);
    if (sc->msg) fprintf(sc->msg, "mtgsim scenario: %s: FAIL %s: expected %s, got %s\n", sc->file, field, w, g);
    return 1;
}

/* Compares the fields `want` lists with `got` (both objects); returns the
 * number of differences, each reported. */
static int compare_fields(const Scenario *sc, const char *path, const cJSON *want, const cJSON *got)
{
    int bad_n = 0;
    for (const cJSON *w = want->child; w; w = w->next) {
        char f[SCN_FIELD_MAX];
        field_key(f, path, w->string);
        const cJSON *g = cJSON_GetObjectItemCaseSensitive(got, w->string);
        if (!g || !cJSON_Compare(w, g, 1)) bad_n += differ(sc, f, w, g);
    }
    return bad_n;
}

static int ids_in(const cJSON *arr, const char *id)
{
    for (const cJSON *e = arr->child; e; e = e->next) if (!strcmp(e->valuestring, id)) return 1;
    return 0;
}

static int compare_state(const Scenario *sc, const char *path, const cJSON *want, const cJSON *got)
{
    int bad_n = 0;
    char f[SCN_FIELD_MAX];
    const cJSON *wp = cJSON_GetObjectItemCaseSensitive(want, "players");
    const cJSON *gp = cJSON_GetObjectItemCaseSensitive(got, "players");
    int p = 0;
    for (const cJSON *w = wp ? wp->child : NULL; w; w = w->next, p++) {
        if (cJSON_IsNull(w)) continue;
        char fp[SCN_FIELD_MAX];
        field_key(f, path, "players");
        field_idx(fp, f, p);
        bad_n += compare_fields(sc, fp, w, cJSON_GetArrayItem(gp, p));
    }
    const cJSON *wg = cJSON_GetObjectItemCaseSensitive(want, "graveyard");
    const cJSON *gg = cJSON_GetObjectItemCaseSensitive(got, "graveyard");
    if (wg) {
        int same = cJSON_GetArraySize(wg) == cJSON_GetArraySize(gg);
        for (const cJSON *e = wg->child; e && same; e = e->next) same = ids_in(gg, e->valuestring);
        field_key(f, path, "graveyard");
        if (!same) bad_n += differ(sc, f, wg, gg);
    }
    const cJSON *wm = cJSON_GetObjectItemCaseSensitive(want, "permanents");
    const cJSON *gm = cJSON_GetObjectItemCaseSensitive(got, "permanents");
    for (const cJSON *w = wm ? wm->child : NULL; w; w = w->next) {
        char fp[SCN_FIELD_MAX];
        field_key(f, path, "permanents");
        field_key(fp, f, w->string);
        const cJSON *g = cJSON_GetObjectItemCaseSensitive(gm, w->string);
        if (!g) {
            if (sc->msg) fprintf(sc->msg, "mtgsim scenario: %s: FAIL %s: expected on the battlefield, "
                    "it left it (graveyard)\n", sc->file, fp);
            bad_n++;
            continue;
        }
        for (const cJSON *x = w->child; x; x = x->next) {
            char fx[SCN_FIELD_MAX];
            field_key(fx, fp, x->string);
            if (strcmp(x->string, "counters")) {
                const cJSON *gx = cJSON_GetObjectItemCaseSensitive(g, x->string);
                if (!gx || !cJSON_Compare(x, gx, 1)) bad_n += differ(sc, fx, x, gx);
                continue;
            }
            /* counters: the kinds listed; a kind the permanent lacks is 0. */
            const cJSON *gc = cJSON_GetObjectItemCaseSensitive(g, "counters");
            for (const cJSON *k = x->child; k; k = k->next) {
                char fk[SCN_FIELD_MAX];
                field_key(fk, fx, k->string);
                const cJSON *gk = cJSON_GetObjectItemCaseSensitive(gc, k->string);
                double have = gk ? gk->valuedouble : 0;
                if (have != k->valuedouble) {
                    cJSON *h = cJSON_CreateNumber(have);
                    bad_n += differ(sc, fk, k, h);
                    cJSON_Delete(h);
                }
            }
        }
    }
    return bad_n;
}

/* Returns the number of differences between expect and the result. */
static int compare_expect(const Scenario *sc, const cJSON *result)
{
    const cJSON *x = sc->expect;
    int bad_n = 0;
    const cJSON *we = cJSON_GetObjectItemCaseSensitive(x, "error");
    const cJSON *ge = cJSON_GetObjectItemCaseSensitive(result, "error");
    /* An unlisted error still fails: the other fields would then describe
     * a combat that never happened. */
    if (we ? !cJSON_Compare(we, ge, 1) : !cJSON_IsNull(ge)) {
        cJSON *none = cJSON_CreateNull();
        bad_n += differ(sc, "expect.error", we ? we : none, ge);
        cJSON_Delete(none);
    }
    bad_n += compare_state(sc, "expect", x, result);
    const cJSON *wf = cJSON_GetObjectItemCaseSensitive(x, "after_first_strike");
    if (wf) {
        const cJSON *gf = cJSON_GetObjectItemCaseSensitive(result, "after_first_strike");
        if (!gf) {
            if (sc->msg) fprintf(sc->msg, "mtgsim scenario: %s: FAIL expect.after_first_strike: expected a "
                    "first-strike damage step, there was none\n", sc->file);
            bad_n++;
        } else {
            bad_n += compare_state(sc, "expect.after_first_strike", wf, gf);
        }
    }
    return bad_n;
}

/* ------------------------------------------------------------------ files */

static char *read_file(const char *path, size_t *len, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) { snprintf(err, errlen, "cannot open: %s", strerror(errno)); return NULL; }
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        if (n + 1 >= cap) {
            if (cap >= SCN_FILE_MAX) { snprintf(err, errlen, "larger than %d bytes", SCN_FILE_MAX); break; }
            char *nb = realloc(buf, cap * 2);
            if (!nb) break;
            buf = nb;
            cap *= 2;
        }
        size_t got = fread(buf + n, 1, cap - 1 - n, f);
        n += got;
        if (got == 0) {
            if (ferror(f)) { snprintf(err, errlen, "cannot read: %s", strerror(errno)); break; }
            fclose(f);
            buf[n] = 0;
            *len = n;
            return buf;
        }
    }
    if (!buf) snprintf(err, errlen, "out of memory");
    free(buf);
    fclose(f);
    return NULL;
}

void scenario_pool_init(ScenarioPool *sp)
{
    memset(sp, 0, sizeof *sp);
    pool_init(&sp->pool);
}

void scenario_pool_free(ScenarioPool *sp)
{
    pool_free(&sp->pool);
    scenario_pool_init(sp);
}

int scenario_buffer(const char *path, const char *text, size_t len, ScenarioPool *pc,
                    FILE *msg, FILE *out)
{
    /* Large (two game states): on the heap, so calls may run side by side. */
    Scenario *sc = calloc(1, sizeof *sc);
    Outcome *o = calloc(1, sizeof *o);
    if (!sc || !o) {
        if (msg) fprintf(msg, "mtgsim scenario: %s: (file): out of memory\n", path);
        free(sc);
        free(o);
        return SCN_BAD;
    }
    sc->file = path;
    sc->msg = msg;

    int status = SCN_OK;
    const char *end = NULL;
    /* cJSON stops at a NUL, so the rest of the file would go unseen
     * ("players: missing"), and it takes other control bytes inside
     * strings; JSON allows neither: a binary file, refused as deck lists
     * and card files refuse one. */
    size_t ctl = 0;
    while (ctl < len && ((unsigned char)text[ctl] >= 0x20 || text[ctl] == '\t' || text[ctl] == '\n' || text[ctl] == '\r'))
        ctl++;
    cJSON *root = ctl < len ? NULL : cJSON_ParseWithLengthOpts(text, len, &end, 0);
    if (ctl < len) {
        int line = 1;
        for (size_t k = 0; k < ctl; k++) line += text[k] == '\n';
        if (msg) fprintf(msg, "mtgsim scenario: %s:%d: binary data (control byte 0x%02X), not a scenario\n",
                         path, line, (unsigned char)text[ctl]);
        status = SCN_BAD;
    } else if (!root) {
        int line = 1, col = 1;
        for (const char *c = text; end && c < end && c < text + len && *c; c++) {
            if (*c == '\n') { line++; col = 1; } else col++;
        }
        bad(sc, "", "not valid JSON (line %d, column %d)", line, col);
        status = SCN_BAD;
    } else if (scenario_read(sc, pc, root)) {
        status = SCN_BAD;
    } else {
        scenario_run(sc, o);
        cJSON *result = result_json(sc, o);
        cJSON *line = cJSON_CreateObject();
        cJSON_AddStringToObject(line, "file", path);
        if (sc->name) cJSON_AddStringToObject(line, "name", sc->name);
        else cJSON_AddNullToObject(line, "name");
        if (sc->expect) {
            int ok = compare_expect(sc, result) == 0;
            cJSON_AddBoolToObject(line, "pass", ok);
            if (!ok) status = SCN_FAIL;
        } else {
            cJSON_AddNullToObject(line, "pass");
        }
        cJSON_AddItemToObject(line, "result", result);
        if (out) {
            /* A failed write is said here, with its reason: after the
             * command, the check of stdout would no longer know it. */
            char *txt = cJSON_PrintUnformatted(line);
            if (!txt || fputs(txt, out) == EOF || fputc('\n', out) == EOF || fflush(out) != 0) {
                const char *why = txt ? strerror(errno) : "out of memory";
                if (msg) fprintf(msg, "mtgsim scenario: %s%s\n", txt ? "cannot write to standard output: " : "", why);
                status = SCN_BAD;
            }
            free(txt);
        }
        cJSON_Delete(line);
    }
    cJSON_Delete(root);
    free(o);
    free(sc);
    return status;
}

/* Runs one file; returns SCN_OK, SCN_FAIL or SCN_BAD. */
static int scenario_file(const char *path, ScenarioPool *pc)
{
    char err[256];
    size_t len = 0;
    char *text = read_file(path, &len, err, sizeof err);
    if (!text) {
        fprintf(stderr, "mtgsim scenario: %s: (file): %s\n", path, err);
        return SCN_BAD;
    }
    int status = scenario_buffer(path, text, len, pc, stderr, stdout);
    free(text);
    return status;
}

int cmd_scenario(int argc, char **argv)
{
    int nfiles = 0;
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) { fputs(usage, stdout); return 0; }
        if (argv[i][0] == '-' && argv[i][1]) {
            fprintf(stderr, "mtgsim scenario: unknown option '%s'\n\n%s", argv[i], usage);
            return 2;
        }
        nfiles++;
    }
    if (!nfiles) {
        fprintf(stderr, "mtgsim scenario: no scenario file given\n\n%s", usage);
        return 2;
    }
    ScenarioPool pc;
    scenario_pool_init(&pc);
    int status = SCN_OK;
    for (int i = 0; i < argc; i++) {
        int r = scenario_file(argv[i], &pc);
        if (r > status) status = r;
        if (ferror(stdout)) break;   /* said once: the next files could not be written either */
    }
    scenario_pool_free(&pc);
    return status;
}
