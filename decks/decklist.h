/* decklist.h: deck lists in the formats players export, read into Decks.
 *
 * Reads plain text (MTGO and most sites), Arena exports and Forge .dck
 * files, telling them apart by content, and resolves every name against a
 * Pool. Bad input is refused whole with "FILE:LINE: what is wrong"; nothing
 * here runs inside a game, and the main deck holds only supported cards. */
#ifndef MTG_DECKLIST_H
#define MTG_DECKLIST_H

#include <stddef.h>
#include "../engine/card.h"
#include "pool.h"

#define DECKLIST_NAME_MAX  64       /* deck name, NUL-terminated, cut at a UTF-8 boundary */
#define DECKLIST_FILE_MAX  (1 << 20) /* a larger file is not a deck list */

typedef enum DeckFormat {
    DECK_FORMAT_TEXT,   /* "4 Grizzly Bears", blank line or "Sideboard" before the sideboard */
    DECK_FORMAT_ARENA,  /* "Deck" header, "4 Grizzly Bears (M10) 180", "Sideboard" */
    DECK_FORMAT_FORGE   /* .dck: [metadata] Name=..., [Main], [Sideboard], "4 Grizzly Bears|M10" */
} DeckFormat;

typedef struct DeckList {
    char       name[DECKLIST_NAME_MAX]; /* Name= (Forge), Name (Arena About), else file name without extension */
    DeckFormat format;                  /* format detected from the content */
    Deck       main;                    /* main deck, in list order; only supported cards */
    Deck       side;                    /* sideboard, read and reported, never played; may
                                         * hold unsupported cards since none is played */
} DeckList;

/* Reads the deck list at path, resolving names in pool (case, typographic
 * apostrophes and the kind of space ignored). 0 on success; -1 with "PATH:LINE: what is wrong" in
 * err (misspelled card with the closest names, unsupported card with the
 * reason, empty file, binary data, bad count, over DECK_MAX cards, no main
 * deck, ...). out is fully written either way. */
int decklist_load(const Pool *pool, const char *path, DeckList *out, char *err, size_t errlen);

/* The same from memory: text[0 .. len-1] is the file's content and path
 * names it in messages and gives the default deck name. */
int decklist_parse(const Pool *pool, const char *path, const char *text, size_t len,
                   DeckList *out, char *err, size_t errlen);

/* "text", "arena" or "forge". */
const char *decklist_format_name(DeckFormat f);

/* Groups a deck by card in order of first appearance: card[k] (a pool
 * index) appears count[k] times, for k < the returned number. Only the
 * first max distinct cards are written and counted. */
int decklist_group(const Deck *d, int *card, int *count, int max);

/* Closest pool names to a misspelled one, for messages: writes up to max
 * indices, nearest first (Levenshtein distance over lowercased names, only
 * names close enough to be a plausible typo). Returns how many. */
int decklist_suggest(const Pool *pool, const char *name, int *out, int max);

#endif
