/* policies.c: the registry of policies by name. */
#include <stdio.h>
#include <string.h>
#include "policies.h"

typedef struct Entry {
    const char *name;
    const Policy *policy;
    const char *const *params;  /* parameter names, NULL-terminated; NULL for none */
} Entry;

static const Entry registry[] = {
    { "random", &policy_random, NULL },
};

const char *policy_names(void) { return "random"; }

int policy_parse(const char *spec, PolicySpec *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    if (!spec || !spec[0]) { snprintf(err, errlen, "empty policy name (known: %s)", policy_names()); return -1; }
    if (strlen(spec) >= sizeof out->text) { snprintf(err, errlen, "policy spec too long"); return -1; }
    strcpy(out->text, spec);
    size_t nlen = strcspn(spec, ":");
    const Entry *e = NULL;
    for (size_t k = 0; k < sizeof registry / sizeof *registry; k++)
        if (strlen(registry[k].name) == nlen && !strncmp(registry[k].name, spec, nlen)) e = &registry[k];
    if (!e) {
        snprintf(err, errlen, "unknown policy '%.*s' (known: %s)", (int)nlen, spec, policy_names());
        return -1;
    }
    out->inst = *e->policy;
    out->inst.self = out->params;
    if (spec[nlen] == ':') {
        if (!e->params) { snprintf(err, errlen, "policy '%s' takes no parameters", e->name); return -1; }
    }
    return 0;
}
