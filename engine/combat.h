/* combat.h: the combat phase's turn-based actions (506-511).
 *
 * Declaring attackers and blockers (checked whole: an illegal declaration is
 * refused and the state left as it was), damage assignment orders (2011),
 * damage assignment and its checks (510.1), dealing combat damage, and the
 * end of combat. Both the turn loop and the scenario runner go through it. */
#ifndef MTG_COMBAT_H
#define MTG_COMBAT_H

#include "game.h"
#include "ability.h"

#define RECIP_DEFENDER 0xFEu              /* the player or planeswalker an attacker attacks */
#define ASSIGN_MAX     (PAIR_MAX + 1)     /* recipients of one creature's damage */

typedef struct AttackDecl {
    uint8_t attacker;  /* slot of the attacking creature */
    uint8_t target;    /* TARGET_PLAYER, or the slot of a planeswalker the defender controls */
} AttackDecl;

typedef struct BlockDecl {
    uint8_t blocker;   /* slot of the blocking creature */
    uint8_t attacker;  /* slot of the attacker it blocks */
} BlockDecl;

/* How one creature divides its combat damage in one step. */
typedef struct DamageAssign {
    uint8_t source;              /* slot of the creature assigning */
    uint8_t n;                   /* recipients */
    uint8_t to[ASSIGN_MAX];      /* creature slots, or RECIP_DEFENDER */
    int16_t amount[ASSIGN_MAX];  /* damage assigned to each */
} DamageAssign;

/* What a creature must divide, as offered to a policy: recipients in the
 * order the rules impose (2011) or any order (foundations), and the damage
 * each creature recipient still needs for lethal given damage marked and
 * what the same player's other creatures already assigned this step.
 * RECIP_DEFENDER, when there, is the last recipient: with trample it gets
 * what is left once every creature before it is assigned lethal (702.19b);
 * with `unblocked` ("You may have ~ assign its combat damage as though it
 * weren't blocked": Rhox) it may instead get all of the damage, the
 * creatures none (510.1b as though unblocked), but never a share of it
 * without trample. */
typedef struct DamageChoice {
    uint8_t source;              /* the creature dividing its damage */
    uint8_t ordered;             /* 1: an earlier recipient needs lethal before a later gets any */
    uint8_t trample;             /* RECIP_DEFENDER is the last recipient (trample damage) */
    uint8_t unblocked;           /* RECIP_DEFENDER is the last recipient: all of the damage, or
                                    (with trample) trample damage, or none */
    uint8_t n;                   /* recipients */
    int16_t power;               /* damage to divide */
    uint8_t to[ASSIGN_MAX];      /* recipients (entries past n unspecified) */
    int16_t lethal[ASSIGN_MAX];  /* damage still needed for lethal (0 for the defender) */
} DamageChoice;

/* Whether permanent q, controlled by the active player, could attack now:
 * a creature, untapped (508.1a), not summoning sick unless it has haste
 * (302.6), without defender (702.3b). 0 or 1, computed without branches:
 * callers ask it of every creature in loops whose outcome no branch
 * predictor could learn. */
static inline int perm_can_attack(const Permanent *q)
{
    unsigned f = q->flags, kw = q->kw;
    return ((f & PF_CREATURE) != 0) & !(f & (PF_TAPPED | PF_NO_ATTACK)) & (!(f & PF_SICK) | ((kw & KW_HASTE) != 0)) &
           !(kw & KW_DEFENDER);
}

/* 508.1a/c: could permanent i attack now (ignoring the whole declaration)? */
static inline int combat_can_attack(const GameState *s, int i)
{
    /* On the battlefield under the active player's control: one test. */
    if (i < 0 || i >= PERM_MAX || !permset_has(s->perm_ctl[s->active], i)) return 0;
    return perm_can_attack(&s->perm[i]);
}
/* 509.1a/b: could blocker block attacker (ignoring menace, max_blocks and
 * what the rest of the declaration must be)? */
int combat_can_block(const GameState *s, int blocker, int attacker);

/* Checks a whole declaration without making it: MTG_OK, or
 * ERR_ILLEGAL_ATTACK / ERR_ILLEGAL_BLOCK (ERR_CAPACITY past PAIR_MAX
 * blocks). The restrictions (508.1c, 509.1b-c), and in games with rules
 * text the requirements: a declaration that obeys fewer of them than
 * another declaration breaking no restriction could is illegal (508.1d,
 * 509.1c). Every policy answer and scenario is checked by it. */
int combat_check_attack(const GameState *s, const AttackDecl *d, int n);
int combat_check_block(const GameState *s, const BlockDecl *d, int n);

/* Declares attackers; MTG_OK or ERR_ILLEGAL_ATTACK (state unchanged). */
int combat_declare_attackers(GameState *s, Game *g, const AttackDecl *d, int n);
/* Declares blockers; MTG_OK or ERR_ILLEGAL_BLOCK (state unchanged). Orders
 * default to declaration order. */
int combat_declare_blockers(GameState *s, Game *g, const BlockDecl *d, int n);

/* ---- Rules abilities in combat (combat_rules.c), games with rules text:
 * evasion (702.13, 702.14, 702.16, 702.36, "can't be blocked", "except
 * by", "by"), blocking limits ("only creatures with flying", "any number",
 * "an additional creature", "by more than one", "alone"), "can't attack
 * unless", and the requirements "attacks each combat if able" (508.1d)
 * and "all creatures able to block it do so" (509.1c). Without rules text
 * none of it runs. */

/* The rules abilities of an attacker or a blocker that restrict one
 * pair: combat_can_block asks combat_rules_pair only when either has one. */
#define COMBAT_PAIR_RULES                                                                              \
    ((1u << RULE_UNBLOCKABLE) | (1u << RULE_LANDWALK) | (1u << RULE_FEAR) | (1u << RULE_INTIMIDATE) |  \
     (1u << RULE_PROTECTION) | (1u << RULE_UNBLOCKABLE_EXCEPT) | (1u << RULE_CANT_BE_BLOCKED_BY) |    \
     (1u << RULE_BLOCK_ONLY_FLYING))

/* The attacker's abilities among them. */
#define COMBAT_ATTACKER_RULES (COMBAT_PAIR_RULES & ~(1u << RULE_BLOCK_ONLY_FLYING))

/* Whether those rules abilities let blocker b block attacker a. */
int combat_rules_pair(const GameState *s, int b, int a);

/* The creatures among `cand` (the defending player's, untapped and able to
 * block) that could block attacker a, attacking or not yet: flying and
 * reach, then the pair's rules abilities. Work that depends on the
 * attacker alone (landwalk's lands) is done once. */
PermSet combat_blockers_for(const GameState *s, int a, PermSet cand);
/* combat_blockers_for of each attacker att[0..n-1], in can[att[k]], against
 * the same candidates: what depends on the candidates alone (flying or
 * reach, "can block only creatures with flying") is read once, not once
 * for each attacker (a policy asks it of every attacker at a decision). */
static inline void combat_blockers_each(const GameState *s, const uint8_t *att, int n, PermSet cand, PermSet *can)
{
    /* combat_blockers_for's answer for an attacker without its abilities
     * (COMBAT_ATTACKER_RULES), by the candidates alone: those with flying
     * or reach for a flyer, those without "can block only creatures with
     * flying" for the rest. */
    PermSet fly = 0, ground = 0;
    for (PermIter it = permset_iter(cand); permiter_more(&it);) {
        int b = permiter_next(&it);
        fly |= permset_bit_if(perm_has(s, b, KW_FLYING | KW_REACH), b);
        ground |= permset_bit_if(!s->spells || !(s->px[b].rules & (1u << RULE_BLOCK_ONLY_FLYING)), b);
    }
    for (int k = 0; k < n; k++) {
        int a = att[k];
        if (s->spells && (s->px[a].rules & COMBAT_ATTACKER_RULES)) can[a] = combat_blockers_for(s, a, cand);
        else can[a] = perm_has(s, a, KW_FLYING) ? fly : ground;
    }
}

/* How many attackers creature b can block at once (509.1a): its card's
 * max_blocks, one more for each "can block an additional creature", or
 * any number (PERM_MAX). */
int combat_block_capacity(const GameState *s, int b);

/* combat_can_attack and, with rules text, "can't attack unless defending
 * player controls ..." (the active player's creature i). */
int combat_may_attack(const GameState *s, int i);

/* The rules part of combat_check_attack / combat_check_block (games with
 * rules text), once the rest of the declaration is known legal. */
int combat_rules_attack(const GameState *s, const AttackDecl *d, int n);
int combat_rules_block(const GameState *s, const BlockDecl *d, int n);

/* Makes a policy's declaration legal in a game with rules text, keeping
 * what it can of it, in place; returns the new count. Drops what a
 * restriction forbids (the later of two blocks of "can't be blocked by
 * more than one creature", a lone blocker of a menace attacker, a lone
 * creature that can't attack or block alone), adds every creature that
 * attacks each combat if able, and the blocks of the creatures all able
 * must block (509.1c: the policy's own among them kept first), with a
 * partner when a requirement needs a creature that can't block alone.
 * Without rules text, returns n. */
int combat_attack_repair(const GameState *s, AttackDecl *d, int n);
/* The same for a declaration whose attackers are distinct and each able
 * to attack (combat_may_attack): a policy that chose them so. */
int combat_attack_repair_able(const GameState *s, AttackDecl *d, int n);
int combat_block_repair(const GameState *s, BlockDecl *d, int n);

/* Blockers of an attacker / attackers of a blocker, in damage assignment
 * order; returns how many. */
int combat_blockers_of(const GameState *s, int attacker, uint8_t *out);
int combat_attackers_of(const GameState *s, int blocker, uint8_t *out);

/* 509.2/509.3 (2011): sets an order; it must list each blocker (attacker)
 * exactly once. MTG_OK or ERR_ILLEGAL_ORDER. */
int combat_set_attacker_order(GameState *s, int attacker, const uint8_t *blockers, int n);
int combat_set_blocker_order(GameState *s, int blocker, const uint8_t *attackers, int n);
/* Asks the policies for every order the rules call for (2011 only). */
int combat_ask_orders(GameState *s, Game *g);

/* Whether this combat has a first-strike damage step (510.4). */
int combat_has_first_strike(const GameState *s);

/* Builds the division offered to a policy for `source` in this step, given
 * the damage already assigned by the same player's creatures (assigned[slot],
 * dt_assigned: slots already given deathtouch damage). Returns 0 if the
 * creature assigns no combat damage in this step. */
int combat_damage_choice(const GameState *s, int source, int first_strike,
                         const int16_t assigned[PERM_MAX], PermSet dt_assigned,
                         DamageChoice *dc);
/* The engine's default division: lethal to each recipient in order, the rest
 * to the defender with trample, else to the last creature; a creature that
 * may assign its damage as though it weren't blocked (dc->unblocked)
 * assigns all of it to the defender. */
void combat_default_division(const DamageChoice *dc, int16_t *amount);

/* One combat damage step (510): every creature that deals damage in it gets
 * its assignment from `given` (by source), else from its controller's
 * policy, else the default; each player's assignment is checked whole
 * (510.1d); damage is dealt at once; state-based actions follow.
 * MTG_OK or ERR_ILLEGAL_ASSIGNMENT (nothing dealt). */
int combat_damage_step(GameState *s, Game *g, int first_strike,
                       const DamageAssign *given, int n_given);

/* End of combat (511.3): every creature and planeswalker leaves combat. */
void combat_end(GameState *s);

#endif
