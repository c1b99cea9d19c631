/* jsonpos.c: where a value stands in a JSON text (cJSON keeps no positions). */
#include <stdlib.h>
#include <string.h>
#include "jsonpos.h"

const char *jsonpos_skip_ws(const char *s, const char *e)
{
    while (s < e && (*s == ' ' || *s == '\t' || *s == '\n' || *s == '\r')) s++;
    return s;
}

static const char *skip_string(const char *s, const char *e)
{
    for (s++; s < e && *s != '"'; s++)
        if (*s == '\\') s++;
    return s < e ? s + 1 : e;
}

const char *jsonpos_value_end(const char *s, const char *e)
{
    if (s >= e) return e;
    if (*s == '"') return skip_string(s, e);
    if (*s == '{' || *s == '[') {
        int depth = 0;
        while (s < e) {
            if (*s == '"') { s = skip_string(s, e); continue; }
            if (*s == '{' || *s == '[') depth++;
            else if ((*s == '}' || *s == ']') && --depth == 0) return s + 1;
            s++;
        }
        return e;
    }
    while (s < e && !strchr(",}] \t\r\n", *s)) s++;
    return s;
}

/* Follows one step from the value at s: an object key, or "#N" for the N-th
 * element of an array or member of an object. NULL if absent. */
static const char *step_into(const char *s, const char *e, const char *step)
{
    int want = step[0] == '#' ? atoi(step + 1) : -1;
    if (s >= e || (*s != '{' && *s != '[')) return NULL;
    int is_obj = *s == '{';
    s = jsonpos_skip_ws(s + 1, e);
    for (int k = 0; s < e && *s != '}' && *s != ']'; k++) {
        int match = want == k;
        if (is_obj) {
            const char *key = s + 1;
            s = skip_string(s, e);
            size_t klen = (size_t)(s - 1 - key);
            if (want < 0 && klen == strlen(step) && !memcmp(key, step, klen)) match = 1;
            s = jsonpos_skip_ws(s, e);
            if (s < e && *s == ':') s = jsonpos_skip_ws(s + 1, e);
        }
        if (match) return s;
        s = jsonpos_skip_ws(jsonpos_value_end(s, e), e);
        if (s < e && *s == ',') s = jsonpos_skip_ws(s + 1, e);
    }
    return NULL;
}

const char *jsonpos_find(const char *buf, size_t len, const char *const *path, int n)
{
    const char *e = buf + len, *s = jsonpos_skip_ws(buf, e), *best = s;
    for (int i = 0; i < n && s; i++) {
        s = step_into(s, e, path[i]);
        if (s) best = s;
    }
    return best;
}

int jsonpos_line(const char *buf, const char *at)
{
    int line = 1;
    for (const char *s = buf; s < at; s++) line += *s == '\n';
    return line;
}
