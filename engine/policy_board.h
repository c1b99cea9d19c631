/* policy_board.h: the heuristic's value of a board in games with rules
 * text (policy_spells.c tries each candidate action on a fork and values
 * the board it reaches), and that value without the fork for the actions
 * whose result is known in advance on a quiet board.
 *
 * The value for player p: for each side, its creatures (power, toughness,
 * keywords), its other permanents, its planeswalkers' loyalty, its spells
 * on the stack, its life and cards in hand, less its poison; p's side
 * counted for it, the other's against it; +-100000 once the game is over.
 *
 * Known without a fork (board_known), on a board that board_quiet finds
 * quiet for the player: nothing waiting to trigger, nothing on the stack
 * and no effect of a resolved spell in force (in combat, pumps until end
 * of turn aside: those in force, and the player's own on the stack, which
 * a playout keeps to its end), no prevention, no trigger that casting,
 * paying mana, entering, dying or gaining life could set off, only static
 * abilities that add power, toughness, keywords or rules, no count or
 * condition the layers read (but lands), and mana that hurts no one.
 * Combat may be under way: the value does not read it. Then the value
 * after
 *   - a permanent spell without target (a creature, an artifact, an
 *     enchantment) with no ability as it enters, whose static abilities
 *     add power and toughness (fixed or for each land of a kind; not
 *     less toughness), keywords or rules to itself, to what it is
 *     attached to (an Equipment enters unattached) or to a set of
 *     permanents chosen by what cards show (an anthem, a lord), the
 *     battlefield's likewise to it;
 *   - an Aura whose static abilities add the same to the creature it
 *     targets; an Equipment's equip onto a creature (from none, or moving
 *     power, toughness and keywords: those the creature it leaves has
 *     from elsewhere stay);
 *   - an instant, a sorcery or an activated ability with at most one
 *     target (a creature or a player) that deals damage, destroys the
 *     creature or every creature of a set, changes life, draws or
 *     discards, on the target, its controller, its caster or the
 *     opponent (amounts fixed, X, or for each land of a kind), or in
 *     combat pumps the target or the source until end of turn (the only
 *     play known with the player's pumps on the stack, which resolve
 *     after it); its source sacrificed as a cost;
 *   - a permanent's "when ~ enters" abilities of the same on players;
 * is the value now with the change written in: the card leaves the hand,
 * the permanent joins its side, the creature that dies leaves (with the
 * Auras on it, and a lord's fixed +N/+N and its keywords from the others,
 * but those they have from elsewhere), the life and
 * the cards move, a player who drew from an empty library loses. tests/test_policies.c checks it against
 * the fork at every such candidate of hundreds of games. */
#ifndef MTG_POLICY_BOARD_H
#define MTG_POLICY_BOARD_H

#include "policy.h"

/* A creature's worth to its controller: power, toughness, keywords. */
int board_creature_value(const GameState *s, int i);

/* What player's life total `life` is worth in it: the first 6 points twice. */
int board_life_worth(int life);

/* The board's value for player p (above). */
int board_value(const GameState *s, int p);

/* What version 2 of the heuristic (policy_spells.c) reads of the
 * battlefield besides the value: each player's land permanents that make
 * mana, and whether a land is a creature. */
typedef struct BoardLands {
    int mana[2], creature;
} BoardLands;

/* board_value's, with *l counted on the same pass over the battlefield
 * (untouched once the game is over). */
int board_value_lands(const GameState *s, int p, BoardLands *l);

/* Whether the board is quiet for player p (above): 0, or BOARD_QUIET
 * and BOARD_FILTER_READS when a static ability on the battlefield selects
 * what it applies to by keywords or power (what a known play adds could
 * change what it applies to), BOARD_SETS when one applies to a set of
 * permanents at all (a lord, an anthem: else none adds to a creature
 * entering). When it is, board_value_lands's in *v and *l, counted on the
 * same pass over the battlefield. */
enum { BOARD_QUIET = 1, BOARD_FILTER_READS = 2, BOARD_SETS = 4 };
int board_quiet(const GameState *s, int p, int *v, BoardLands *l);

/* What static effects add to one permanent (613: layer 6 and 7c add, in
 * any order). */
typedef struct BoardAdds {
    int dp, dt;
    unsigned kw;
    uint32_t rules;
} BoardAdds;

/* What board_known reads of an Aura's or an Equipment's card (whether it
 * enters quietly, what it adds to what it is attached to), kept for a
 * look's next candidate of the same card: one state and player, card
 * NULL at first. */
typedef struct BoardMemo {
    const CardDef *card;
    int quietly;
    BoardAdds adds;
} BoardMemo;

/* What the value reads of card d alone, whichever state (its static
 * abilities, its mana abilities, its abilities as it enters): made once
 * per card by the pool, kept in d->board (0: not made, read at each call
 * instead). Never 0. */
uint8_t board_card_facts(const CardDef *d);

/* The value for p after action a resolves with no answer, when known
 * without a fork on a board board_quiet(s, p, ...) found quiet (`quiet` its
 * answer, `now` board_value(s, p), `memo` the look's): 1 and *v, else
 * 0. */
int board_known(const GameState *s, int p, const Action *a, int quiet, int now, BoardMemo *memo, int *v);

/* The value for p, and the players' life (0: the game ends), once the
 * stack resolves with no answer, when known without a fork: it holds one
 * item of the opponent's that board_known would know as the opponent's
 * play, a permanent spell (no X, neither legendary nor a land; an Aura
 * only with its target still legal, 608.3b) or an equip whose
 * Equipment and creature are still there, out of combat and with no
 * effect of a resolved spell in force, on a board quiet for the opponent
 * but for the stack. *l counted as board_value_lands counts it. 1, else
 * 0. */
int board_stack_known(const GameState *s, int p, int *v, int life[2], BoardLands *l);

/* The value for p (*l counted as board_value_lands counts it), and the
 * players' life (0: the game ends), once the combat's damage is dealt in
 * a look's playout from s as blockers are declared (policy_spells.c),
 * when known without the fork: no creature blocks, none that attacks is
 * blocked, has first strike, double strike, lifelink or infect or
 * attacks a planeswalker; nothing on the stack, no effect in force, no
 * prevention of combat damage, no card of the decks that prevents or
 * redirects damage (SPELLS_NO_WARDS, SPELLS_NO_REDIRECT), and a playout
 * that board_playout_calm(s, p) finds calm. The defending player then
 * loses the attackers' power in life (510.2), and nothing else changes
 * (the damage marked on no creature, nothing triggered). 1, else 0. */
int board_combat_known(const GameState *s, int p, int *v, int life[2], BoardLands *l);

/* Whether nothing in a look's playout from s for player p (the stack
 * resolved with no answer, the combat's damage dealt, "until end of turn"
 * ended: policy_spells.c) sees or changes what p's damage to the
 * opponent, or its pump until end of turn, changes but the opponent's
 * life: nothing waiting to trigger, and on the battlefield no trigger the
 * playout could set off (those of steps, of attacks and blocks declared
 * and of a permanent's own entering aside); on the stack only the
 * opponent's permanent spells that enter with no trigger, choice or
 * condition, its equips and its fixed pumps until end of turn (no
 * lifelink given, no toughness taken: nothing dies of them); only static
 * abilities that add power, toughness, keywords or rules, none lowering
 * toughness (no condition, no count but of lands, tapped or not: none
 * reads a life total, a hand, a graveyard or the lands p taps); no effect
 * of a resolved spell in force but pumps until end of turn, no prevention
 * or redirection of damage, no planeswalker of the opponent's (306.7),
 * p's mana made by lands alone and hurting no one. */
int board_playout_calm(const GameState *s, int p);

/* The value for p after its action a, in a look whose playout
 * board_playout_calm(s, p) finds calm, when a casts an instant or a
 * sorcery that only deals a fixed damage N to the opponent, with no
 * additional cost: from passing's value pass_v and the opponent's life at
 * its playout's end pass_life (0: the game ended there). The spell
 * resolves first and nothing sees it, so its playout is passing's with
 * the opponent's life N lower all along and the card gone from p's hand:
 * the opponent loses if that is 0 at the end, else the value is
 * passing's with the life lowered, when the life never fell to 0 on the
 * way (the opponent gains none, or the combat's damage is dealt in one
 * step). 1 and *v, else 0. */
int board_face_known(const GameState *s, int p, const Action *a, int pass_v, int pass_life, int *v);

/* The value for p after its action a, out of combat in a look whose
 * playout board_playout_calm(s, p) finds calm and does not end the game,
 * when a casts an instant or a sorcery with no additional cost, or
 * activates an ability for mana alone, whose effects are all fixed
 * +N/+N, keywords or rules (none that a target's legality reads) until
 * end of turn on its target or its source, which nothing on the stack
 * targets: passing's value pass_v, but for the card gone from p's hand.
 * Nothing in the playout sees the effects, and they end with it. 1 and
 * *v, else 0. */
int board_fleeting_known(const GameState *s, int p, const Action *a, int pass_v, int *v);

/* The value for p after its action a, as blockers are declared with
 * nothing on the stack, in a look whose playout board_playout_calm(s, p)
 * finds calm, when a acts as board_fleeting_known's do (keywords that
 * change nothing of an unblocked attacker's damage, no rules) on an
 * attacking creature of p's that is unblocked, attacks the opponent and
 * has neither double strike, lifelink, infect nor wither, and no static
 * ability selects by keywords or power, none of another creature in
 * combat applies to it (a lord the combat may kill): from passing's value pass_v and
 * the opponent's life at its playout's end pass_life (0: the game ended
 * there). The creature deals the power added more damage to the
 * opponent, and the effects end with the combat, so its playout is
 * passing's with the opponent's life that much lower once combat damage
 * is dealt (and the card gone from p's hand), valued as
 * board_face_known's. 1 and *v, else 0. */
int board_unblocked_known(const GameState *s, int p, const Action *a, int pass_v, int pass_life, int *v);

/* The value for p after its action a, in a look whose playout
 * board_playout_calm(s, p) finds calm and does not end the game, when a
 * casts an instant or a sorcery with no additional cost that deals a
 * fixed damage to a creature that survives it, and may gain p a fixed
 * life: out of combat with only permanent spells on the stack that are
 * neither legendary nor planeswalkers (no permanent leaves), or with
 * blockers declared and nothing on the stack to an unblocked attacker
 * (no combat damage is dealt to it, and no lord in combat adds to its
 * toughness). Its value is passing's value pass_v with p's life at the
 * end own_life raised by that (its life only higher all along), but for
 * the card gone from p's hand; the damage goes as the playout ends. 1
 * and *v, else 0. */
int board_scratch_known(const GameState *s, int p, const Action *a, int pass_v, int own_life, int *v);

#endif
