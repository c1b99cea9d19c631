/* text.h: reads a card's rules text (MTGJSON's "text") into Ability records.
 *
 * One grammar of sentences (costs, targets, filters, quantities, durations,
 * subjects and verbs), no code per card. A card is read whole or not at all:
 * the first sentence the grammar cannot read exactly makes it unsupported,
 * with that sentence as the reason. Runs at load time only; no globals, no
 * allocation. Subtype names live in a table the caller (the pool) owns, so
 * that Filter.subtype and a card's subtypes are the same ids. */
#ifndef MTG_TEXT_H
#define MTG_TEXT_H

#include <stddef.h>
#include <stdint.h>
#include "../engine/ability.h"
#include "../engine/card.h"

#define SUBTYPE_MAX      256  /* ids 1 .. 255 (0 is SUBTYPE_NONE) */
#define SUBTYPE_NAME_MAX 24   /* longest name kept, with its NUL */

/* Creature, land and other subtypes by id. */
typedef struct SubtypeTable {
    char name[SUBTYPE_MAX][SUBTYPE_NAME_MAX]; /* name[id], as printed ("Elf", "Plains"); name[0] unused */
    int  n;                                   /* ids 1 .. n are in use */
} SubtypeTable;

/* Empties the table. */
void subtype_init(SubtypeTable *t);
/* The id of name[0 .. len-1] (compared exactly), added if new. 0 when the
 * table is full or the name too long. */
int subtype_intern(SubtypeTable *t, const char *name, size_t len);
/* The id of a name, or 0 if absent. */
int subtype_find(const SubtypeTable *t, const char *name, size_t len);

#define TEXT_ABILITY_MAX 12   /* abilities of one card (each keyword beyond card.h's bits is one) */
#define TEXT_REASON_MAX  160  /* the same size as a pool's reason */

/* What the text of one card says. */
typedef struct TextCard {
    uint16_t keywords;                   /* KW_* bits of its keyword lines ("Flying, first strike") */
    int      n;                          /* abilities ab[0 .. n-1], in the order printed */
    Ability  ab[TEXT_ABILITY_MAX];
    char     reason[TEXT_REASON_MAX];    /* "" when every sentence was read, else why not */
} TextCard;

/* Reads text, the rules text of the card called name with card types
 * `types` (TYPE_*: an instant's or sorcery's effect sentences make one
 * AB_SPELL ability, a permanent's lines are its abilities). Reminder text in
 * parentheses is dropped; the card's name in the text is its source. New
 * subtypes named in the text are added to st. Returns 0 when every sentence
 * was read (out->reason ""), 1 when not (out->reason says which sentence,
 * "text not understood: '...'"). Never reads outside text's NUL. */
int text_parse(const char *name, unsigned types, const char *text, SubtypeTable *st, TextCard *out);

/* Quotes s[0 .. n-1] for a reason ("text not understood: ..."): whole
 * when short, else cut at a space (or a UTF-8 boundary) with " ...". The
 * card pool's reasons use it too, so every reason reads the same. */
void text_quote(char *out, size_t outlen, const char *s, size_t n);

/* One line of text for an ability, the same for the same record: e.g.
 * "spell: damage 3 to target0[any target]". Returns the length it wanted
 * (as snprintf). */
int ability_describe(const Ability *a, const SubtypeTable *st, char *out, size_t outlen);

/* KW_* bits as "flying,first strike" (as snprintf). */
int keywords_describe(unsigned kw, char *out, size_t outlen);

#endif
