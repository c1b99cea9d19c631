/* pool_build.c: rebuilds decks/pool.json, the default card pool, from
 * MTGJSON set files (decks/mtgjson/{10E,M10,M11,M12}.json).
 *
 * Keeps every card of the sets, supported or not, once per name (a later
 * file's printing replaces an earlier one), and only the fields the pool
 * reads, in the AtomicCards shape ("data" maps a name to its faces) with one
 * card per line so diffs and error lines stay readable. Each input is first
 * loaded with the pool's own loader, so a malformed set file is refused
 * with the same FILE:LINE message, and the output is read back the same way.
 *
 *   pool_build [-o OUT] SETFILE...      (stdout without -o) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cjson/cJSON.h>
#include "decks/pool.h"

static const char *const fields[] = {
    "name", "faceName", "manaCost", "manaValue", "colors", "types", "subtypes", "supertypes",
    "power", "toughness", "loyalty", "keywords", "text", "layout",
};

static const char usage[] =
    "usage: pool_build [-o OUT] SETFILE...\n"
    "Writes the default card pool (an AtomicCards-shaped MTGJSON file) built from\n"
    "MTGJSON set files; a card in a later file replaces one of the same name.\n";

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    size_t cap = 1 << 20, n = 0;
    char *b = malloc(cap + 1);
    while (b) {
        n += fread(b + n, 1, cap - n, f);
        if (n < cap) break;
        cap *= 2;
        char *nb = realloc(b, cap + 1);
        if (!nb) free(b);
        b = nb;
    }
    fclose(f);
    if (b) b[n] = 0;
    return b;
}

/* The card reduced to the fields the pool reads; empty arrays are left
 * out, the loader reads a missing one as empty, except "colors": without
 * it the loader takes the mana cost's colors, and [] is colorless (105.2c)
 * whatever the cost. */
static cJSON *slim(const cJSON *card)
{
    cJSON *o = cJSON_CreateObject();
    for (size_t k = 0; o && k < sizeof fields / sizeof *fields; k++) {
        const cJSON *f = cJSON_GetObjectItemCaseSensitive(card, fields[k]);
        if (f && !(cJSON_IsArray(f) && cJSON_GetArraySize(f) == 0 && strcmp(fields[k], "colors")))
            cJSON_AddItemToObject(o, fields[k], cJSON_Duplicate(f, 1));
    }
    return o;
}

static int same_face(const cJSON *a, const cJSON *b)
{
    const cJSON *fa = cJSON_GetObjectItemCaseSensitive(a, "faceName");
    const cJSON *fb = cJSON_GetObjectItemCaseSensitive(b, "faceName");
    if (!fa || !fb) return !fa && !fb;
    return cJSON_IsString(fa) && cJSON_IsString(fb) && !strcmp(fa->valuestring, fb->valuestring);
}

static int by_name(const void *a, const void *b)
{
    const cJSON *x = *(const cJSON *const *)a, *y = *(const cJSON *const *)b;
    return strcmp(x->string, y->string);
}

/* Adds one set file's cards to data: faces of one name are grouped, and the
 * set's faces of a name replace those an earlier set gave. */
static int add_set(cJSON *data, const cJSON *cards)
{
    cJSON *set = cJSON_CreateObject();
    const cJSON *c;
    cJSON_ArrayForEach(c, cards) {
        const char *name = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(c, "name"));
        cJSON *faces = cJSON_GetObjectItemCaseSensitive(set, name);
        if (!faces) {
            faces = cJSON_CreateArray();
            cJSON_AddItemToObject(set, name, faces);
        }
        cJSON *face = slim(c), *old;
        int i = 0, replaced = 0;
        cJSON_ArrayForEach(old, faces) {
            if (same_face(old, face)) {
                cJSON_ReplaceItemInArray(faces, i, face);
                replaced = 1;
                break;
            }
            i++;
        }
        if (!replaced) cJSON_AddItemToArray(faces, face);
    }
    while (set->child) {
        cJSON *item = cJSON_DetachItemViaPointer(set, set->child);
        cJSON *old = cJSON_GetObjectItemCaseSensitive(data, item->string);
        if (old) {
            /* Not ReplaceItemInObject: it frees item->string before copying it. */
            cJSON_ReplaceItemViaPointer(data, old, item);
        } else {
            cJSON_AddItemToObject(data, item->string, item);
        }
    }
    cJSON_Delete(set);
    return 0;
}

static int write_pool(FILE *out, cJSON *meta, cJSON *data)
{
    int n = cJSON_GetArraySize(data);
    cJSON **items = malloc((size_t)(n ? n : 1) * sizeof *items);
    if (!items) return -1;
    int k = 0;
    for (cJSON *c = data->child; c; c = c->next) items[k++] = c;
    qsort(items, (size_t)n, sizeof *items, by_name);

    char *m = cJSON_PrintUnformatted(meta);
    fprintf(out, "{\"meta\": %s,\n\"data\": {\n", m);
    free(m);
    for (int i = 0; i < n; i++) {
        cJSON *key = cJSON_CreateString(items[i]->string);
        char *ks = cJSON_PrintUnformatted(key), *vs = cJSON_PrintUnformatted(items[i]);
        fprintf(out, "%s: %s%s\n", ks, vs, i + 1 < n ? "," : "");
        free(ks);
        free(vs);
        cJSON_Delete(key);
    }
    fputs("}}\n", out);
    free(items);
    return ferror(out) ? -1 : 0;
}

int main(int argc, char **argv)
{
    const char *out_path = NULL;
    int first = 1;
    if (argc > 1 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))) {
        fputs(usage, stdout);
        return 0;
    }
    if (argc > 2 && !strcmp(argv[1], "-o")) {
        out_path = argv[2];
        first = 3;
    }
    if (first >= argc) {
        fputs(usage, stderr);
        return 2;
    }

    cJSON *meta = cJSON_CreateObject(), *sets = cJSON_CreateArray(), *data = cJSON_CreateObject();
    cJSON_AddStringToObject(meta, "source", "MTGJSON set files, reduced by decks/pool_build.c");
    cJSON_AddItemToObject(meta, "sets", sets);
    int rc = 2;
    for (int i = first; i < argc; i++) {
        /* The pool's loader validates the file and gives FILE:LINE errors. */
        char err[512];
        Pool check;
        pool_init(&check);
        int bad = pool_load_file(&check, argv[i], err, sizeof err);
        pool_free(&check);
        if (bad) {
            fprintf(stderr, "pool_build: %s\n", err);
            goto done;
        }
        char *text = slurp(argv[i]);
        cJSON *root = text ? cJSON_Parse(text) : NULL;
        free(text);
        cJSON *d = cJSON_GetObjectItemCaseSensitive(root, "data");
        cJSON *cards = cJSON_GetObjectItemCaseSensitive(d, "cards");
        if (!cJSON_IsArray(cards)) {
            fprintf(stderr, "pool_build: %s: not an MTGJSON set file (no data.cards)\n", argv[i]);
            cJSON_Delete(root);
            goto done;
        }
        cJSON *s = cJSON_CreateObject();
        const char *keys[] = { "code", "name", "releaseDate" };
        for (int k = 0; k < 3; k++) {
            const char *v = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(d, keys[k]));
            if (v) cJSON_AddStringToObject(s, keys[k], v);
        }
        const char *ver = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(
            cJSON_GetObjectItemCaseSensitive(root, "meta"), "version"));
        if (ver) cJSON_AddStringToObject(s, "mtgjsonVersion", ver);
        cJSON_AddItemToArray(sets, s);
        add_set(data, cards);
        cJSON_Delete(root);
    }

    /* Written to a temporary file then renamed, so a failed run never
     * leaves a truncated pool behind. */
    char tmp_path[4096];
    FILE *out = stdout;
    if (out_path) {
        snprintf(tmp_path, sizeof tmp_path, "%s.tmp", out_path);
        out = fopen(tmp_path, "w");
        if (!out) {
            perror(tmp_path);
            goto done;
        }
    }
    int werr = write_pool(out, meta, data);
    if (out_path) {
        werr |= fclose(out) != 0;
        if (werr || rename(tmp_path, out_path) != 0) {
            perror(out_path);
            remove(tmp_path);
            goto done;
        }
        Pool check;
        char err[512];
        pool_init(&check);
        if (pool_load_file(&check, out_path, err, sizeof err) < 0) {
            fprintf(stderr, "pool_build: the written pool does not load: %s\n", err);
            pool_free(&check);
            goto done;
        }
        int sup = 0;
        for (int i = 0; i < check.n; i++) sup += pool_reason(&check, i) == NULL;
        fprintf(stderr, "pool_build: %s: %d cards, %d supported\n", out_path, check.n, sup);
        pool_free(&check);
    } else if (werr) {
        fputs("pool_build: write error\n", stderr);
        goto done;
    }
    rc = 0;
done:
    cJSON_Delete(meta);
    cJSON_Delete(data);
    return rc;
}
