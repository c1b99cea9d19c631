/* policies.c: the registry of policies by name, and their parameters. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <cjson/cJSON.h>
#include "policies.h"
#include "decks/jsonpos.h"

enum { PARAMS_NONE, PARAMS_HEURISTIC, PARAMS_LOOKAHEAD, PARAMS_MCTS };

typedef struct Entry {
    const char *name;
    const Policy *policy;
    int params;          /* PARAMS_*: which parameters it takes */
} Entry;

static const Entry registry[] = {
    { "random", &policy_random, PARAMS_NONE },
    { "aggro", &policy_aggro, PARAMS_NONE },
    { "heuristic", &policy_heuristic, PARAMS_HEURISTIC },
    { "lookahead", &policy_lookahead, PARAMS_LOOKAHEAD },
    { "mcts", &policy_mcts, PARAMS_MCTS },
};
#define N_REGISTRY (sizeof registry / sizeof *registry)

const char *policy_names(void)
{
    /* Made from the registry, so help and messages list every policy. */
    static char names[128];
    if (!names[0])
        for (size_t k = 0; k < N_REGISTRY; k++)
            snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", k ? ", " : "", registry[k].name);
    return names;
}

/* The names of a search policy's own parameters, comma separated. */
static void own_names(const Entry *e, char *out, size_t n)
{
    const char *const *names = e->params == PARAMS_MCTS ? mcts_param_names : lookahead_param_names;
    out[0] = 0;
    for (int k = 0; names[k]; k++) snprintf(out + strlen(out), n - strlen(out), "%s%s", k ? ", " : "", names[k]);
}

void policy_help(char *out, size_t n, int indent, int col)
{
    char text[1024] = "";
    for (size_t k = 0; k < N_REGISTRY; k++) {
        const Entry *e = &registry[k];
        size_t len = strlen(text);
        snprintf(text + len, sizeof text - len, "%s%s", k ? ", " : "", e->name);
        if (e->params == PARAMS_LOOKAHEAD || e->params == PARAMS_MCTS) {
            strncat(text, " (parameters: ", sizeof text - strlen(text) - 1);
            own_names(e, text + strlen(text), sizeof text - strlen(text));
            strncat(text, " and the heuristic's)", sizeof text - strlen(text) - 1);
        }
        if (e->params != PARAMS_HEURISTIC) continue;
        for (int j = 0; heuristic_param_names[j]; j++) {
            len = strlen(text);
            snprintf(text + len, sizeof text - len, "%s%s", j ? ", " : " (parameters: ", heuristic_param_names[j]);
        }
        strncat(text, ")", sizeof text - strlen(text) - 1);
    }
    /* Wrapped at spaces, at 79 columns. */
    size_t o = 0;
    out[0] = 0;
    for (const char *p = text; *p && o + 1 < n;) {
        int w = (int)strcspn(p + 1, " ") + 1;   /* a word, with the space before it */
        if (p > text && col + w > 79) {
            o += (size_t)snprintf(out + o, n - o, "\n%*s", indent, "");
            col = indent;
            p++; w--;
        }
        if (o + 1 >= n) break;
        o += (size_t)snprintf(out + o, n - o, "%.*s", w, p);
        col += w;
        p += w;
    }
}

static const Entry *find(const char *name, size_t len)
{
    for (size_t k = 0; k < N_REGISTRY; k++)
        if (strlen(registry[k].name) == len && !strncmp(registry[k].name, name, len)) return &registry[k];
    return NULL;
}

static int set_param(const Entry *e, PolicySpec *out, const char *key, const char *val, char *err, size_t errlen)
{
    if (e->params == PARAMS_NONE) { snprintf(err, errlen, "policy '%s' takes no parameters", e->name); return -1; }
    char *end;
    errno = 0;
    long v = strtol(val, &end, 10);
    if (!val[0] || *end || errno) { snprintf(err, errlen, "%s: parameter %s=%s is not a whole number", e->name, key, val); return -1; }
    int bad = e->params == PARAMS_HEURISTIC ? heuristic_set(&out->hp, key, (int)v)
            : e->params == PARAMS_LOOKAHEAD ? lookahead_set(&out->lp, key, (int)v) : mcts_set(&out->mp, key, (int)v);
    if (bad) {
        char known[256] = "";
        if (e->params != PARAMS_HEURISTIC) {
            own_names(e, known, sizeof known);
            strncat(known, ", ", sizeof known - strlen(known) - 1);
        }
        for (int k = 0; heuristic_param_names[k]; k++) {
            strncat(known, k ? ", " : "", sizeof known - strlen(known) - 1);
            strncat(known, heuristic_param_names[k], sizeof known - strlen(known) - 1);
        }
        snprintf(err, errlen, "%s: unknown parameter or value out of range: %s=%s (parameters: %s)", e->name, key, val, known);
        return -1;
    }
    return 0;
}

/* The clock of a search with a time budget (mcts:ms=...): seconds. */
static double seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

/* ------------------------------------------------- positions in a file */

/* The value of the n-th member (from 0) of the object text holds, and its
 * end in *vend (decks/jsonpos.h: the text parsed, so the member is there). */
static const char *member_value(const char *text, size_t len, int n, const char **vend)
{
    char step[16];
    snprintf(step, sizeof step, "#%d", n);
    const char *path[1] = { step };
    const char *v = jsonpos_find(text, len, path, 1);
    *vend = jsonpos_value_end(v, text + len);
    return v;
}

/* {"policy": NAME, "param": value, ...}: every value a whole number, as on
 * the command line (a fraction is refused, not rounded), every key once.
 * Messages: "FILE:LINE: what is wrong". */
static int parse_file(const char *path, PolicySpec *out, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) { snprintf(err, errlen, "%s: %s", path, strerror(errno)); return -1; }
    char buf[65536];
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    int more = fgetc(f) != EOF;
    fclose(f);
    if (more) { snprintf(err, errlen, "%s: larger than %zu bytes, not a policy file", path, sizeof buf - 1); return -1; }
    buf[n] = 0;
    cJSON *root = cJSON_ParseWithLength(buf, n);
    if (!root || !cJSON_IsObject(root)) {
        snprintf(err, errlen, "%s: not a JSON object of parameters", path);
        cJSON_Delete(root);
        return -1;
    }
    const cJSON *name = cJSON_GetObjectItemCaseSensitive(root, "policy");
    if (!cJSON_IsString(name)) { snprintf(err, errlen, "%s: \"policy\" (a policy name) is missing", path); cJSON_Delete(root); return -1; }
    const Entry *e = find(name->valuestring, strlen(name->valuestring));
    if (!e) { snprintf(err, errlen, "%s: unknown policy '%s' (known: %s)", path, name->valuestring, policy_names()); cJSON_Delete(root); return -1; }
    out->inst = *e->policy;
    const cJSON *it;
    int i = 0;
    cJSON_ArrayForEach(it, root) {
        const char *vend, *v = member_value(buf, n, i, &vend);
        int line = jsonpos_line(buf, v), vlen = (int)(vend - v > 40 ? 40 : vend - v);
        /* cJSON keeps both of a key given twice, and which one should count
         * is a guess: refused. The keys before this one were all valid and
         * different, so there are few of them to compare. */
        int j = 0;
        for (const cJSON *b = root->child; b != it; b = b->next, j++) {
            if (strcmp(it->string, b->string)) continue;
            const char *first = member_value(buf, n, j, &vend);
            snprintf(err, errlen, "%s:%d: \"%s\" given twice (first on line %d)",
                     path, line, it->string, jsonpos_line(buf, first));
            cJSON_Delete(root);
            return -1;
        }
        i++;
        if (!strcmp(it->string, "policy")) continue;
        char val[64];
        if (!cJSON_IsNumber(it)) { snprintf(err, errlen, "%s:%d: \"%s\" must be a number", path, line, it->string); cJSON_Delete(root); return -1; }
        double d = it->valuedouble;
        if (d != floor(d) || fabs(d) > INT_MAX) {
            snprintf(err, errlen, "%s:%d: %s: parameter \"%s\": %.*s is not a whole number", path, line, e->name,
                     it->string, vlen, v);
            cJSON_Delete(root);
            return -1;
        }
        snprintf(val, sizeof val, "%d", (int)d);
        char perr[512];
        if (set_param(e, out, it->string, val, perr, sizeof perr)) { snprintf(err, errlen, "%s:%d: %s", path, line, perr); cJSON_Delete(root); return -1; }
    }
    cJSON_Delete(root);
    return 0;
}

int policy_parse(const char *spec, PolicySpec *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    heuristic_defaults(&out->hp);
    lookahead_defaults(&out->lp);
    mcts_defaults(&out->mp);
    out->mp.clock = seconds;
    if (!spec || !spec[0]) { snprintf(err, errlen, "empty policy name (known: %s)", policy_names()); return -1; }
    if (strlen(spec) >= sizeof out->text) { snprintf(err, errlen, "policy spec too long"); return -1; }
    strcpy(out->text, spec);
    size_t len = strlen(spec);
    if (len > 5 && !strcmp(spec + len - 5, ".json")) {
        if (parse_file(spec, out, err, errlen)) return -1;
    } else {
        size_t nlen = strcspn(spec, ":");
        const Entry *e = find(spec, nlen);
        if (!e) { snprintf(err, errlen, "unknown policy '%.*s' (known: %s)", (int)nlen, spec, policy_names()); return -1; }
        out->inst = *e->policy;
        const char *p = spec[nlen] == ':' ? spec + nlen + 1 : NULL;
        while (p && *p) {
            char item[128];
            size_t il = strcspn(p, ",");
            if (il >= sizeof item) il = sizeof item - 1;
            memcpy(item, p, il); item[il] = 0;
            char *eq = strchr(item, '=');
            if (!eq) { snprintf(err, errlen, "%s: parameter '%s' needs a value (name=value)", e->name, item); return -1; }
            *eq = 0;
            if (set_param(e, out, item, eq + 1, err, errlen)) return -1;
            p += il;
            if (*p == ',') p++;
        }
    }
    if (out->inst.self == policy_heuristic.self) out->inst.self = &out->hp;
    if (out->inst.self == policy_lookahead.self) out->inst.self = &out->lp;
    if (out->inst.self == policy_mcts.self) out->inst.self = &out->mp;
    return 0;
}

void policy_spec_copy(PolicySpec *dst, const PolicySpec *src)
{
    *dst = *src;
    if (src->inst.self == &src->hp) dst->inst.self = &dst->hp;
    if (src->inst.self == &src->lp) dst->inst.self = &dst->lp;
    if (src->inst.self == &src->mp) dst->inst.self = &dst->mp;
}
