/* policy.h: the one interface through which every player choice is made.
 *
 * The engine asks, the policy answers, the engine checks the answer: an
 * illegal answer ends the game with END_ERROR (a bug, and tests fail on it).
 * Policies are pure: no I/O, no globals; randomness only from the Rng given.
 * `self` points to the policy's own parameters, read-only during games.
 * A policy is asked only when it may have a choice: main_action when
 * something besides passing is legal, attack when a creature can attack,
 * block when an untapped creature could block an attacker. */
#ifndef MTG_POLICY_H
#define MTG_POLICY_H

#include "combat.h"

typedef enum ActionType {
    ACT_PASS, ACT_LAND, ACT_CAST, ACT_ACTIVATE,
    ACT_GY_ACTIVATE    /* an ability of a card in the player's graveyard (113.6, 602.2): hand_idx is
                          the card's object id, ability which of its abilities */
} ActionType;

#define ACTION_TARGETS 3   /* targets an action names (one per target spec; several of one spec
                              are chosen as it is cast: TK_MANY) */

/* One legal action of a player with priority. A creature-only game uses
 * type and hand_idx alone (the rest stays 0). */
typedef struct Action {
    uint8_t type;      /* ActionType */
    uint8_t hand_idx;  /* ACT_LAND, ACT_CAST: index in the player's hand; ACT_ACTIVATE: the
                          permanent's slot */
    uint8_t ability;   /* ACT_ACTIVATE: which of its card's abilities */
    uint8_t x;         /* the value of X */
    uint8_t n_targets;
    uint8_t tk[ACTION_TARGETS];  /* each target's kind (TK_*), in the order of the target specs */
    uint8_t tv[ACTION_TARGETS];  /* its slot, player, stack place or card object id (TK_CARD) */
    uint8_t towner;    /* bit k: target k (TK_CARD) is a card of player 1's (else player 0's) */
} Action;

/* Legal actions at one priority point: at most this many are listed (a
 * hand of HAND_MAX cards and every permanent's abilities, times their
 * targets); past it the list is cut, which the engine counts (game.h). */
#define ACTION_MAX 512

/* A choice asked while a spell or ability resolves or goes on the stack. */
typedef enum ChoiceKind {
    CH_TARGETS,  /* a triggered ability's targets: opt[0 .. n-1] (tk, tv) */
    CH_DISCARD,  /* a card to discard: hand indices idx[0 .. n-1] */
    CH_MAY,      /* "you may": 0 yes, 1 no (n = 2); "tap or untap": 0 tap, 1 untap */
    CH_KEEP,     /* the legend rule (Foundations): the permanent to keep, slots idx[0 .. n-1] */
    CH_SEARCH,   /* a card found in a library: positions from the top idx[0 .. n-1], or
                    SEARCH_NOTHING: find nothing (701.15b) */
    CH_ORDER,    /* the order of a library's top m cards: permutation 0 .. n-1 = m! - 1
                    (library_reorder's numbering; 0 keeps the order) */
    CH_SACRIFICE,/* a permanent to sacrifice ("target opponent sacrifices a creature"), or to return
                    to its owner's hand ("that player returns a creature they control"): slots
                    idx[0 .. n-1] */
    CH_REDIRECT, /* 306.7 (2011): the controller of a source of noncombat damage to an opponent
                    chooses where it goes: idx[0 .. n-1], NO_SLOT the player (idx[0]), else the
                    slot of a planeswalker that player controls */
    CH_PREVENT_FIRST, /* 616.1: the player who would be dealt that damage, with a prevention
                    shield, orders the two: 0 prevention first, 1 the redirection first */
    CH_SCRY,     /* scry m (701.18): option k = order * (m + 1) + b: the top m cards in order
                    number `order` (as CH_ORDER), then the last b of them to the bottom in that
                    order; n = (m + 1)!, 0 keeps all on top as they were */
    CH_PAY,      /* "counter ... unless its controller pays {N}": 0 pays, 1 declines (n = 2); asked
                    only of a player who can pay; Choice.arg: N */
    CH_HAND_PICK,/* "you choose a card from it; that player discards that card" (Duress): a card
                    of player Choice.arg's hand (the other player's, or the chooser's own when it
                    targets itself), its hand indices idx[0 .. n-1] (only the cards the filter
                    allows) */
    CH_SAC_LAND, /* a land to sacrifice ("each opponent sacrifices a land"): idx[k] a land
                    permanent's slot (below PERM_MAX), or SAC_BASIC(color, tapped): one of the
                    chooser's basic lands making that color, tapped or not (basic lands are counts:
                    those of one color and state are interchangeable, state.h) */
    CH_COLOR,    /* a color ("protection from the color of your choice"): k is COLOR_W + k, n = 5 */
    CH_PUT,      /* a card of the chooser's hand to put onto the battlefield ("you may put a
                    creature card from your hand onto the battlefield"): hand indices
                    idx[0 .. n-1], or PUT_NOTHING (the last option, where it is "may") */
    /* Several targets of one spec (targets_many.h), asked in the order of 601.2c-d: */
    CH_TARGET_COUNT, /* a triggered ability: how many targets (601.2c): option k is `base` + k;
                        the `total` legal targets are opt[0 .. total-1] */
    CH_TARGET_NEXT,  /* the next target: opt[0 .. n-1] (tk[0], tv[0]); `chosen` holds the `step`
                        chosen before it, of `total`; `amount`: the damage divided, if any */
    CH_DIVIDE,       /* the share of the damage for target `step` of `total` (`chosen`): option k
                        is k + 1 of the `amount` left (601.2d: each at least 1; the last target
                        gets the rest and is not asked) */
    CH_PAY_X,    /* "you may pay {X}{R}" as a triggered ability resolves: k < n - 1 pays with X = k
                    (n - 2 the greatest X the player can pay), n - 1 declines; Choice.arg: the mana
                    besides X */
    CH_CREATURE_TYPE, /* "As ~ enters, choose a creature type": subtype ids idx[0 .. n-1], the creature
                    types of the game's cards, those most of the chooser's creatures have first */
    CH_ATTACH,   /* what an Aura put onto the battlefield (not cast) enchants (303.4f), chosen by the
                    player it enters under: slots idx[0 .. n-1]; Choice.arg: the Aura's card */
    CH_GY_EXILE,     /* a card of the chooser's graveyard to exile as a cost (602.2b, Grim
                        Lavamancer): object ids idx[0 .. n-1] */
    CH_DISCARD_OR,   /* "sacrifice it unless you discard a creature card": a card of the chooser's hand
                        to discard, hand indices idx[0 .. n-2], or DISCARD_NOTHING (idx[n-1]: don't) */
    CH_SEPARATE,     /* two piles of the `total` cards revealed from player Choice.arg's library,
                        object ids idx[0 .. total-1]: option k puts card j in the second pile when
                        bit j of k is set (card `total` - 1 always in the first: n = 2^(total-1)) */
    CH_PILE,         /* which pile player Choice.arg takes: 0 the first, 1 the second (n = 2); `step`:
                        the separation (CH_SEPARATE's option), idx and `total` as there */
    CH_REDIRECT_OWN, /* 616.1: the player who would be dealt damage, with several redirection effects
                        of its own that would apply (two Pariahs: damage.h's damage_redirect),
                        chooses the one that does: the new recipients' slots idx[0 .. n-1] */
    CH_KINDS         /* how many kinds there are */
} ChoiceKind;

#define SEARCH_NOTHING 0xFFu
#define PUT_NOTHING 0xFFu
#define DISCARD_NOTHING 0xFFu
#define SAC_BASIC(color, tapped) (0x80u | (unsigned)(color) << 1 | (unsigned)(tapped))   /* CH_SAC_LAND */
#define SAC_IS_BASIC(v) ((v) >= 0x80u)

typedef struct Choice {
    uint8_t  kind;       /* ChoiceKind */
    uint16_t card;       /* the card whose ability asks */
    int      n;          /* options 0 .. n-1 */
    const Action *opt;   /* CH_TARGETS, CH_TARGET_NEXT, CH_TARGET_COUNT */
    const uint8_t *idx;  /* CH_DISCARD, CH_PUT: hand indices; CH_KEEP: slots; CH_SEARCH: library positions;
                            CH_HAND_PICK: the other player's hand indices; CH_GY_EXILE: object ids;
                            CH_REDIRECT: NO_SLOT (the player) or planeswalker slots */
    int      arg;        /* CH_PAY: the generic mana asked; CH_HAND_PICK: the player whose hand;
                            CH_ATTACH: the Aura's card (pool index);
                            CH_REDIRECT, CH_PREVENT_FIRST: the damage */
    const Target *chosen;/* CH_TARGET_NEXT, CH_DIVIDE: the targets chosen so far (with their shares) */
    uint8_t  step;       /* CH_TARGET_NEXT: targets chosen before; CH_DIVIDE: the target asked about */
    uint8_t  total;      /* CH_TARGET_NEXT, CH_DIVIDE: how many targets in all; CH_TARGET_COUNT:
                            how many legal targets there are */
    uint8_t  base;       /* CH_TARGET_COUNT: the fewest targets (option 0) */
    int16_t  amount;     /* CH_DIVIDE: the damage not yet divided, this target's included;
                            CH_TARGET_COUNT, CH_TARGET_NEXT: the damage to divide (0: none) */
} Choice;

typedef struct Policy Policy;
struct Policy {
    const char *name;
    const void *self;  /* parameters; shared read-only */

    /* London mulligan (103.4): keep the current hand after `mulligans` mulligans? */
    int  (*keep)(const Policy *p, const GameState *s, const Game *g, int player, Rng *rng);
    /* Choose n distinct hand indices to put on the bottom of the library. */
    void (*bottom)(const Policy *p, const GameState *s, const Game *g, int player, Rng *rng,
                   int n, uint8_t *hand_idx);
    /* With priority (a main phase, or any step in a game with rules text):
     * one of the legal actions. */
    int  (*main_action)(const Policy *p, const GameState *s, const Game *g, int player, Rng *rng,
                        const Action *legal, int n);
    /* Declare attackers: fill out[], return how many. */
    int  (*attack)(const Policy *p, const GameState *s, const Game *g, int player, Rng *rng,
                   AttackDecl *out);
    /* Declare blockers: fill out[] (at most PAIR_MAX), return how many. */
    int  (*block)(const Policy *p, const GameState *s, const Game *g, int player, Rng *rng,
                  BlockDecl *out);
    /* 2011 only: order the n slots in place (an attacker's blockers or a
     * blocker's attackers; `who` is the creature whose order it is). */
    void (*order)(const Policy *p, const GameState *s, const Game *g, int player, Rng *rng,
                  int who, uint8_t *slots, int n);
    /* Divide a creature's combat damage: write dc->n amounts. */
    void (*assign)(const Policy *p, const GameState *s, const Game *g, int player, Rng *rng,
                   const DamageChoice *dc, int16_t *amount);
    /* Cleanup: choose n distinct hand indices to discard. */
    void (*discard)(const Policy *p, const GameState *s, const Game *g, int player, Rng *rng,
                    int n, uint8_t *hand_idx);
    /* A choice of an ability (c->n >= 2): the option's index. NULL: the
     * engine takes option 0. */
    int  (*choose)(const Policy *p, const GameState *s, const Game *g, int player, Rng *rng,
                   const Choice *c);
    /* Games with rules text: whether the player may act at this priority
     * point at all. LOOK_PASS: it passes, whatever is legal, and the engine
     * lists no legal action for it; LOOK_ALL: main_action is asked whenever
     * something besides passing is legal; LOOK_LAND: the same, but it
     * plays a land whenever it may, whatever else is legal, so main_action
     * is offered passing and the land drops alone then (listing every
     * spell's targets and costs for nothing is spared). NULL: LOOK_ALL. */
    int  (*looks)(const Policy *p, const GameState *s, const Game *g, int player);
    /* Games with rules text: the steps (bits 1u << STEP_*) in which looks
     * answers LOOK_PASS for either player at every priority point with
     * the stack empty, whatever else the state holds, in a game of these
     * decks (it reads s->spells alone): the engine does not ask looks
     * there when both players' policies say so (stack.h's priority_run;
     * check mode verifies it). NULL: none. */
    unsigned (*quiet)(const Policy *p, const GameState *s);
    /* Games with rules text: the steps (bits 1u << STEP_*) in which, with
     * the stack empty, main_action passes whenever every legal action
     * besides passing is a trick (a cast of a card of RF_TRICK, card.h,
     * or an activation of a creature's ability of RF_ACTS_TRICK) and
     * there are at most TRICKS_MAX of them, in a game of these decks (it
     * reads s->spells alone): the engine lists nothing there when nothing
     * else is legal (actions_surely_none; check mode asks main_action and
     * verifies it passes). NULL: none. */
    unsigned (*tricks)(const Policy *p, const GameState *s);
};
enum { LOOK_PASS, LOOK_ALL, LOOK_LAND };
enum { TRICKS_MAX = 63 };

/* Legal main-phase actions for player p now; returns how many (PASS is always first). */
int game_legal_actions(const GameState *s, int p, Action *out);

/* The uniformly random policy: every choice uniformly among the legal ones. */
extern const Policy policy_random;

#endif
