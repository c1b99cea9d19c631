/* targets_many.h: several targets of one target spec ("up to three target
 * creatures", "any number of target players", "3 damage divided as you
 * choose among one, two, or three targets", "X damage divided evenly,
 * rounded down, among any number of targets").
 *
 * A spell announces how many targets it will have with the cast action
 * (Action.tk[0] = TK_MANY, n_targets: 601.2c); a triggered ability
 * chooses the number as it goes on the stack. The targets are then chosen
 * one at a time, each among the legal ones not yet chosen (601.2c: an
 * object is chosen once for one word "target"), and damage divided as
 * you choose is divided target by target, each at least 1 (601.2d),
 * through the controller's policy (CH_TARGET_COUNT, CH_TARGET_NEXT,
 * CH_DIVIDE); with no policy, option 0 each time. The legal action list
 * stays one action per count, and a uniform policy chooses uniformly at
 * each step. What a target's share is lives in Target.amount.
 *
 * Such an ability has this one target spec (played.c refuses others). */
#ifndef MTG_TARGETS_MANY_H
#define MTG_TARGETS_MANY_H

#include "game.h"
#include "policy.h"

/* Whether ability a's targets are several of its one spec. (Inline: each
 * listing of targets asks it first.) */
static inline int many_spec(const Ability *a)
{
    if (a->kind == AB_ENCHANT || a->kind == AB_EQUIP || a->n_targets != 1) return 0;
    const TargetSpec *t = &a->target[0];
    return t->min != 1 || t->max != 1 || t->divided != DIV_NONE;
}

/* The damage divided among the targets of a (DIV_CHOSEN, DIV_EVENLY) for
 * an item with X = x; 0 when nothing is divided. */
int many_amount(const Ability *a, int x);

/* The legal targets of a's spec for item it, players first, then
 * permanents by slot; returns how many (at most PERM_MAX + 2). */
int many_candidates(const GameState *s, const StackItem *it, const Ability *a, Target *out);

/* Whether n targets may be announced with m candidates and `amount` to
 * divide (601.2c-d): within the spec's "up to" / "one, two, or three",
 * at most ITEM_TARGETS, and with divided damage at least 1 target and at
 * most `amount` (none when there is nothing to divide; amount -1: not
 * known yet, not checked). */
int many_count_ok(const Ability *a, int n, int m, int amount);

/* Chooses n targets for item it (its controller, card and X set) and
 * the division of its damage, asking the controller's policy. Returns 0
 * when fewer than n legal targets exist (it is unchanged then). */
int many_choose(GameState *s, const Game *g, StackItem *it, const Ability *a, int n);

/* A triggered ability of several targets going on the stack: how many,
 * then which. Returns 0 when no number of targets is legal (603.3d). */
int many_trigger(GameState *s, const Game *g, StackItem *it, const Ability *a);

/* Whether item it's targets are as a spec of several targets allows: the
 * count, distinct, and shares adding up to the amount (state_check).
 * NULL when they are; else what is wrong. */
const char *many_check(const GameState *s, const StackItem *it, const Ability *a);

#endif
