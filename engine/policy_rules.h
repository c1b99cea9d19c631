/* policy_rules.h: how version 3 of the heuristic chooses its spells and
 * abilities by rules, without a fork, as Forge's AI does (AiPlayDecision):
 * each candidate is read for what it does (a permanent to cast, an Aura
 * that helps or hinders, an equip, removal that kills its target, damage
 * to the opponent, a pump until end of turn), and the moment decides
 * which of them is worth taking now. A candidate of a kind the rules do
 * not read leaves the choice to the look (policy_spells.c). */
#ifndef MTG_POLICY_RULES_H
#define MTG_POLICY_RULES_H

#include "policy.h"

/* rules_play's answer when the rules leave the choice to the look. */
#define RULES_LOOK (-1)

/* Player p's choice among legal[0 .. n-1] (legal[0] passing, no land
 * drop among them) at a priority point where the heuristic looks: the
 * index to take, 0 to pass, or RULES_LOOK. */
int rules_play(const GameState *s, int p, const Action *legal, int n);

#endif
