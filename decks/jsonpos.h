/* jsonpos.h: where a value stands in a JSON text, for error messages.
 *
 * cJSON keeps no positions, so a reader that finds a fault in a parsed
 * value walks the raw text again along the value's path to name its line.
 * The text must be one that parsed (valid JSON); these run only on errors
 * and never read past `len` bytes. */
#ifndef MTG_JSONPOS_H
#define MTG_JSONPOS_H

#include <stddef.h>

/* The deepest value found along `path` (n steps from the top value): each
 * step an object key, or "#N" for the N-th element of an array or member
 * of an object (from 0). Where a step is absent, the last value found (the
 * top value when none). */
const char *jsonpos_find(const char *buf, size_t len, const char *const *path, int n);

/* The first byte at or after s that is not JSON white space, or `end`. */
const char *jsonpos_skip_ws(const char *s, const char *end);

/* The end of the value starting at v (one past its last byte), or `end`. */
const char *jsonpos_value_end(const char *v, const char *end);

/* The line (from 1) of position `at` in buf. */
int jsonpos_line(const char *buf, const char *at);

#endif
