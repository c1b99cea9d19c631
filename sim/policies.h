/* policies.h: policies chosen by name with parameters, as the command line
 * gives them ("random", later "heuristic:aggression=4,chump_life=3"). */
#ifndef MTG_POLICIES_H
#define MTG_POLICIES_H

#include <stddef.h>
#include "engine/policy.h"

typedef struct PolicySpec {
    char text[128];     /* the spec as given, for reports */
    Policy inst;        /* the policy, its self pointing into params */
    double params[16];  /* parameter values (meaning set by each policy) */
} PolicySpec;

/* Parses "NAME" or "NAME:key=value,key=value". 0, or -1 with a message
 * naming the policy or parameter and what is known. */
int policy_parse(const char *spec, PolicySpec *out, char *err, size_t errlen);

/* The names known, comma separated, for help and messages. */
const char *policy_names(void);

#endif
