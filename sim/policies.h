/* policies.h: policies chosen by name with parameters, as the command line
 * gives them: "random", "aggro", "heuristic:aggression=4,chump_life=3", or
 * a JSON file of parameters ({"policy": "heuristic", "aggression": 4}). */
#ifndef MTG_POLICIES_H
#define MTG_POLICIES_H

#include <stddef.h>
#include "engine/lookahead.h"
#include "engine/mcts.h"

typedef struct PolicySpec {
    char text[256];        /* the spec as given, for reports */
    Policy inst;           /* the policy; inst.self points into this struct */
    HeuristicParams hp;    /* heuristic parameters */
    LookaheadParams lp;    /* look-ahead parameters */
    MctsParams mp;         /* MCTS parameters (its clock: a monotonic one) */
} PolicySpec;

/* Parses a spec into out, which must not move afterwards (inst.self points
 * into it). 0, or -1 with a message naming the policy or parameter and
 * what is known. */
int policy_parse(const char *spec, PolicySpec *out, char *err, size_t errlen);

/* A copy of src whose inst.self points into dst. */
void policy_spec_copy(PolicySpec *dst, const PolicySpec *src);

/* The names known, comma separated, for help and messages. */
const char *policy_names(void);

/* The names with the parameters each takes, for help, wrapped at 79
 * columns: the first line starts at column col, the others are indented
 * by indent spaces. */
void policy_help(char *out, size_t n, int indent, int col);

#endif
