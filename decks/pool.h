/* pool.h: the card pool, read from MTGJSON files with cJSON.
 *
 * Owns every card definition a run knows (supported or not, with the reason
 * when not), looks cards up by name, and hands the engine an immutable
 * CardPool view. Loading happens before any game; nothing here runs inside
 * a game. */
#ifndef MTG_POOL_H
#define MTG_POOL_H

#include <stddef.h>
#include "../engine/card.h"
#include "text.h"

#define POOL_REASON_MAX 160

typedef struct Pool {
    CardDef *cards;                    /* cards[0 .. n-1], supported or not; cards[i].ab is an
                                        * allocation of the pool's (one per card with abilities),
                                        * stable until the card is replaced or the pool freed */
    char   (*reason)[POOL_REASON_MAX]; /* "" when supported, else why not */
    int n, cap;
    int n_tokens;                      /* the tokens' definitions, cards[n .. n + n_tokens - 1]:
                                        * one per token an ability of cards[0 .. n-1] creates, made
                                        * again after every load (pool_view hands them to games) */
    SubtypeTable subtypes;             /* the ids of the cards' subtypes and of their abilities'
                                        * filters (grows only: an id never changes meaning) */
} Pool;

/* Starts an empty pool. */
void pool_init(Pool *p);
/* Frees what the pool owns. */
void pool_free(Pool *p);

/* Loads the project's default pool (decks/pool.json). 0 on success; on
 * failure -1 with a message (file, line, what is wrong) in err. */
int pool_load_default(Pool *p, char *err, size_t errlen);

/* Loads an MTGJSON set file (data.cards[]) or AtomicCards file (data maps a
 * name to faces) on top of what the pool holds: a card of the same name is
 * replaced. Within one file an entry listed twice (a set file's uuid, an
 * AtomicCards name) or a key given twice is refused. 0 on success, -1 with
 * a message in err. */
int pool_load_file(Pool *p, const char *path, char *err, size_t errlen);

/* The same from memory: buf[0 .. len-1] is the file's content (it need not
 * end with a NUL) and path names it in messages. The caller keeps buf. */
int pool_load_buffer(Pool *p, const char *path, const char *buf, size_t len, char *err, size_t errlen);

/* Adds (or replaces, by name) one definition; reason NULL or "" = supported.
 * The pool copies def->ab[0 .. n_abilities-1] (their subtype ids must be
 * p->subtypes' ids); the caller keeps its own. Returns its index, or -1 when
 * out of memory (the pool unchanged). */
int pool_add(Pool *p, const CardDef *def, const char *reason);

/* Index of the card with this name, compared without regard to case,
 * typographic apostrophes or the kind of space (a no-break space matches a
 * space); -1 if none. */
int pool_find(const Pool *p, const char *name);

/* Card definition *d of a token (111.4) from its characteristics, named by
 * its creature type in st (NULL, or none: "Token"). */
void pool_token_def(CardDef *d, const TokenDef *td, const SubtypeTable *st);

/* The length in bytes of the Unicode space separator (U+00A0, U+1680,
 * U+2000 to U+200A, U+202F, U+205F, U+3000, in UTF-8) that str starts
 * with, or 0: names compare these as a space. */
size_t pool_unicode_space(const char *str);

/* NULL when card i is supported, else the reason it is not. */
const char *pool_reason(const Pool *p, int i);

/* The engine's read-only view. */
static inline CardPool pool_view(const Pool *p) { CardPool v = { p->cards, p->n, p->n_tokens }; return v; }

#endif
