/* effect.h: the interpreter of abilities (ability.h): what the engine
 * plays of them, checking targets, and running an ability's effects as it
 * resolves (608.2). */
#ifndef MTG_EFFECT_H
#define MTG_EFFECT_H

#include <stddef.h>
#include "ability.h"
#include "stack.h"

/* Whether the engine plays ability a exactly, for a card of types `types`
 * (TYPE_*). Returns 1, or 0 with why not in why ("not played yet: ..."),
 * so that a card the reader read whole is still refused when the engine
 * would play it approximately. */
int ability_played(const Ability *a, unsigned types, char *why, size_t whylen);

/* Whether target t is legal now for target spec k of the ability of stack
 * item `it` (or of an item about to be made: its controller, source and
 * card set), by the spec's filter and the rules abilities (shroud,
 * hexproof, protection) of the object (115.1, 702.11, 702.16b, 702.18). */
int target_legal(const GameState *s, const StackItem *it, const Ability *a, int k, Target t);
/* The same for target spec sp (an Aura's enchant made a spec: spell_target_legal). */
int target_spec_legal(const GameState *s, const StackItem *it, const TargetSpec *sp, Target t);
/* The same for player v (TK_PLAYER): inline, as the listing of targets
 * asks it of both players for every spell that may target one. */
static inline int target_player_legal(const GameState *s, const StackItem *it, const TargetSpec *sp, int v)
{
    int you = it->controller;
    if (v > 1 || (s->pl[v].flags & PL_LOST) || (s->pl_rules[v] & PR_SHROUD)) return 0;
    if ((s->pl_rules[v] & PR_HEXPROOF) && v != you) return 0;                          /* 702.11 */
    if (sp->what != TGT_PLAYER && sp->what != TGT_ANY && sp->what != TGT_PLAYER_OR_PW) return 0;
    if (sp->what == TGT_PLAYER && ((sp->f.ctl == CTL_OPP && v == you) || (sp->f.ctl == CTL_YOU && v != you))) return 0;
    return 1;
}
/* The permanents target_spec_legal admits for spec sp now, as a set: the
 * legal actions' candidates, looked at in one pass. */
PermSet target_spec_perms(const GameState *s, const StackItem *it, const TargetSpec *sp);

/* Resolves stack item it (already removed from the stack): checks its
 * targets again (608.2b); fizzles when every one is illegal; else runs
 * its effects in order. Returns 1 when it resolved, 0 when it fizzled. */
int effect_resolve(GameState *s, Game *g, StackItem *it);

/* 603.4: whether the intervening "if" of triggered ability a (COND_NO_CREATURES,
 * COND_ATTACHED_POWER_AT_LEAST; 1 for the others) holds now, for its source
 * in slot src (-1: gone; then `att`, what it was attached to as it left,
 * if that is still there, else -1). */
int effect_trigger_cond(const GameState *s, const Ability *a, int src, int att);

/* Whether a permanent matches filter f, from the point of view of player
 * `you` with source slot `src` (-1: none). */
int filter_perm(const GameState *s, const Filter *f, int i, int you, int src);

/* The permanents among `in` that f's controller ("you control", "an
 * opponent controls") and "other" leave to filter_perm, for player `you`
 * and source slot src (-1: none): what it would refuse first, found for
 * all of them at once. */
static inline PermSet filter_perm_candidates(const GameState *s, const Filter *f, PermSet in, int you, int src)
{
    if (f->ctl == CTL_YOU) in &= s->perm_ctl[you];
    else if (f->ctl == CTL_OPP || f->ctl == CTL_NOT_YOU) in &= s->perm_ctl[1 - you];
    if (f->other && src >= 0) in &= ~PERMSET_BIT(src);
    return in;
}

/* Whether stack item t is a spell matching f (its card's types, colors
 * and mana value): "counter target creature spell", "whenever a player
 * casts a white spell". */
int filter_spell(const GameState *s, const Filter *f, const StackItem *t);

/* Whether card d, by its printed characteristics (a card in a hand or a
 * library), matches f's card conditions (types, colors, supertypes,
 * subtypes, mana value). */
int effect_card_matches(const CardDef *d, const Filter *f);

/* Whether f might match a basic land (colorless, no power, never
 * attacking): basic lands are counts, which only effect_count sees. */
int filter_may_match_land(const Filter *f);

/* Whether f (on the battlefield) can match only lands. */
int filter_only_lands(const Filter *f);

/* The number of permanents matching f (QTY_COUNT), basic lands included,
 * for player `you` and source slot src (-1: none). */
int effect_count(const GameState *s, const Filter *f, int you, int src);

/* Whether effect_count would be more than 0 (stopping at the first match). */
int effect_any(const GameState *s, const Filter *f, int you, int src);

#endif
