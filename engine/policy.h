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

typedef enum ActionType { ACT_PASS, ACT_LAND, ACT_CAST } ActionType;

typedef struct Action {
    uint8_t type;      /* ActionType */
    uint8_t hand_idx;  /* index in the player's hand (land or spell) */
} Action;

#define ACTION_MAX (HAND_MAX + 1)

typedef struct Policy Policy;
struct Policy {
    const char *name;
    const void *self;  /* parameters; shared read-only */

    /* London mulligan (103.4): keep the current hand after `mulligans` mulligans? */
    int  (*keep)(const Policy *p, const GameState *s, const Game *g, int player, Rng *rng);
    /* Choose n distinct hand indices to put on the bottom of the library. */
    void (*bottom)(const Policy *p, const GameState *s, const Game *g, int player, Rng *rng,
                   int n, uint8_t *hand_idx);
    /* Main phase with priority and an empty stack: one of the legal actions. */
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
};

/* Legal main-phase actions for player p now; returns how many (PASS is always first). */
int game_legal_actions(const GameState *s, int p, Action *out);

/* The uniformly random policy: every choice uniformly among the legal ones. */
extern const Policy policy_random;

#endif
