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

/* The steps in which rules_play, with the stack empty, passes whenever
 * its candidates are all tricks as policy.h's Policy.tricks counts them
 * (at most TRICKS_MAX casts of cards of RF_TRICK and activations of a
 * creature's abilities of RF_ACTS_TRICK, card.h): the main phases, the
 * declare attackers step and the end step, where it takes removal,
 * damage and permanents but no trick. Each such candidate is read as a
 * trick on one's own creature or as nothing, never as one the rules leave
 * to the look, where no permanent is a planeswalker (a creature with
 * loyalty is left to the look): none in a game where one may be. */
static inline unsigned rules_trick_steps(const GameState *s)
{
    return s->spells & SPELLS_NO_WALKERS
               ? 1u << STEP_MAIN1 | 1u << STEP_MAIN2 | 1u << STEP_DECLARE_ATTACKERS | 1u << STEP_END
               : 0u;
}

/* What the rules read of card d alone, whichever state (card.h's RF_*
 * facts). Made once per card by the pool, kept in d->rules. Never 0. */
uint8_t rules_card_facts(const CardDef *d);

/* How rules_play reads a spell of card d, whichever state: what kind of
 * spell it is for the rules, an Aura's effects on what it enchants, the
 * summary of an instant's or sorcery's effects where X does not enter it,
 * and whether its statics pump their controller's creatures (an anthem).
 * Made once per card by the pool, kept in d->rules_cast (0: not made,
 * made at each call). Never 0. */
uint64_t rules_cast_facts(const CardDef *d);

/* How rules_play reads an activation of card d's first activated ability
 * among its first eight that it sums where X does not enter it (costing
 * no more than mana and tapping) in a few bits: a pump of up to +15/+15,
 * damage up to 15 or destruction: which ability, and its summary. Made
 * once per card by the pool, kept in d->rules_acts (0: not made, read at
 * each call). Never 0. */
uint16_t rules_act_facts(const CardDef *d);

/* Whether version 3 looks at the opponent's spell or ability on top of
 * the stack, player p to answer it: when it targets one permanent (what
 * the rules answer: a trick that saves p's creature, removal before an
 * Aura, a pump or an equip resolves), or when p holds a card of RF_STACK
 * or not made (the look weighs countering it). Elsewhere what p would do
 * waits for the next step (burn to the face among it: a lethal one is
 * cast at the next look). */
int rules_looks_at_item(const GameState *s, int p);

/* Whether version 3 looks in player p's second main phase: what its
 * rules would cast there (creatures, Auras, removal at sorcery speed)
 * they cast in the first, so it looks again only for what combat or the
 * hand may have changed: a land drop left with a land in hand, a sorcery
 * of RF_SORCERY_BURN or not made in hand (the combat's damage may have
 * made it lethal), an Equipment of p's attached to nothing while p
 * controls a creature (its creature died). */
int rules_main2_looks(const GameState *s, int p);

#endif
