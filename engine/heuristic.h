/* heuristic.h: the heuristic and aggro policies and their parameters.
 *
 * The heuristic plays like a competent player, after what the strongest
 * open engines do (Forge's attack aggression levels and blocker logic):
 * land drops and curve-aware casting, attacks judged against the blockers
 * the opponent could declare and the counterattack it could make, blocks
 * in passes (safe blocks, trades that pay, gang blocks, chump blocks only
 * when the damage would be lethal or leave too little life), and damage
 * assigned lethal-first to the most valuable blockers. Pure and fast: no
 * search, a few passes over the creatures per decision. */
#ifndef MTG_HEURISTIC_H
#define MTG_HEURISTIC_H

#include "policy.h"
#include "policy_rules.h"

typedef struct HeuristicParams {
    int aggression;   /* 0 never attacks (but for lethal) .. 6 attacks with everything (default 3) */
    int chump_life;   /* chump-block when the damage would leave this much life or less (default 4) */
    int trade;        /* trade a blocker for an attacker worth at least its value minus this (default 0) */
    int card_value;   /* value of a creature card beyond its body, in evaluation points (default 100) */
    int keep_min;     /* fewest lands to keep in a 7-card hand (default 2) */
    int keep_max;     /* most lands to keep in a 7-card hand (default 5) */
    int hold_back;    /* keep blockers home against a lethal counterattack (1) or not (0) */
    int block_mode;   /* 1 full blocker logic; 0 block only to survive (aggro) */
    int version;      /* how it plays spells (HEURISTIC_VERSION by default); 1: as before version 2,
                         a baseline to measure the changes against; 2: every candidate valued by
                         the look (README) */
} HeuristicParams;

/* HeuristicParams.version: 2 lets its own spell or ability resolve,
 * values passing with the stack resolved as its candidates are, deals the
 * combat's damage in its forks once blockers are declared, lets the damage
 * marked go with the "until end of turn" effects (514.2), counts the lands
 * that make mana, values the last cards of its library, and holds up its
 * mana for an instant or an ability that can wait for the opponent's turn
 * (policy_spells.c; README, Policies). In every game, it breaks the
 * stalls that drawing would end: in the last turns before its library
 * runs out first it attacks with everything, and when the opponent's runs
 * out first it attacks only where nothing can block (policy_heuristic.c).
 * Version 3 chooses by rules, without a fork, among the candidates whose
 * kind they read (policy_rules.h), and by version 2's look among the
 * others. */
#define HEURISTIC_VERSION 3
/* The version whose look at the candidates (tried on forks, or valued in
 * advance) the entry points below run: heuristic_spells_main,
 * heuristic_spells_main_unpruned, heuristic_spells_values,
 * heuristic_spells_try and heuristic_spells_known (version 3 runs that
 * look for the candidates its rules do not read). */
#define HEURISTIC_LOOK 2

/* The default parameters, as an initializer (the heuristic's, and the
 * search policies' heuristic). */
#define HEURISTIC_DEFAULTS { 3, 4, 0, 100, 2, 5, 1, 1, HEURISTIC_VERSION }

extern const Policy policy_heuristic;   /* self: const HeuristicParams * */
extern const Policy policy_aggro;       /* self ignored: attacks with all, blocks only to survive */

void heuristic_defaults(HeuristicParams *p);
/* Sets a parameter by name; 0, or -1 for an unknown name or a value out of range. */
int heuristic_set(HeuristicParams *p, const char *name, int value);
/* The parameter names, NULL-terminated, for help and tuning. */
extern const char *const heuristic_param_names[];

/* Value of permanent i as a creature, in evaluation points (Forge-like). */
int heuristic_creature_value(const GameState *s, int i);
/* The same of creature card d as printed, cast with X = x. */
int heuristic_card_value(const CardDef *d, int x);

/* The heuristic in a game with rules text (policy_spells.c): the action to
 * take among legal[0 .. n-1] (land: the land drop it prefers, or -1), and
 * its answer to a choice of an ability. */
int heuristic_spells_main(const GameState *s, const Game *g, int p, const Action *legal, int n, int land);
/* The same by the heuristic of this version (HeuristicParams.version). */
int heuristic_spells_main_version(const GameState *s, const Game *g, int p, const Action *legal, int n, int land,
                                  int version);
/* Its candidates in out[0 .. max-1]: its choice, passing (0), then the
 * others it looked at by the value it gave them; returns how many (1
 * when it looked at none). */
int heuristic_spells_ranked(const GameState *s, const Game *g, int p, const Action *legal, int n, int version,
                            int *out, int max);
/* The same, trying on a fork also the candidates heuristic_spells_main
 * passes by because their try cannot change its choice (a pump that ends
 * before anything sees it, a second target that damage cannot kill): both
 * choose alike (tested). */
int heuristic_spells_main_unpruned(const GameState *s, const Game *g, int p, const Action *legal, int n, int land);
/* The values a look gives its candidates: k[j] the index in legal of the
 * j-th valued, v[j] its value; pruned as heuristic_spells_main (known
 * values, those read from passing's playout: board_face_known and the
 * like) or not (every candidate tried on a fork, as
 * heuristic_spells_main_unpruned). Passing comes first (k[0] == 0) when
 * the look valued it: the pruned look knows some of its playouts' ends
 * without a fork. Returns how many, at most max. Both give the
 * candidates and passing they both value alike (tested). */
int heuristic_spells_values(const GameState *s, const Game *g, int p, const Action *legal, int n, int prune, int *k,
                            int *v, int max);
/* The value heuristic_spells_main gives candidate a by trying it on a fork
 * (policy_board.h's, of the board it reaches), which board_known's must
 * equal where it has one (tested). */
int heuristic_spells_try(const GameState *s, const Game *g, int p, const Action *a);
/* The value it gives candidate a without a fork, where it knows it in
 * advance (board_known's, on a quiet board): 1 and *v, else 0. */
int heuristic_spells_known(const GameState *s, int p, const Action *a, int *v);
int heuristic_choose(const GameState *s, const Game *g, int p, const Choice *c);
int heuristic_choose_version(const GameState *s, const Game *g, int p, const Choice *c, int version);
/* Whether player p, in its own step s->step, has a reason to look there
 * (heuristic_spells_looks's): at the beginning of its combat, a land that
 * can become a creature (to attack with it); in its upkeep, a tapped
 * permanent with an "activate only during your upkeep" ability that
 * untaps it (Colossus of Sardia). One function for both: the look,
 * asked at every priority point, makes this one call (rarely), and its
 * other paths need no stack frame. */
int heuristic_own_step_looks(const GameState *s, int p);
/* Whether the heuristic (of this version) looks at its plays at this
 * priority point (else it passes): with something on the stack (an
 * answer), in its own main phases, after attackers and after blockers
 * are declared (removal before or after blocks, combat tricks, pumps;
 * version 2 only when a creature attacks: else what it would do there
 * waits, as policy_spells.c's waits() says, for the end step or the
 * opponent's turn) and in the opponent's end step (what it held up: burn,
 * draws), and at the beginning of its combat when it has a land that
 * becomes a creature (to attack with it). Elsewhere (upkeeps, draw
 * steps, the beginning and end of combat, a first-strike damage step, the
 * opponent's main phases with the stack empty) it passes, as players of
 * the era mostly did: each look tries every candidate on a fork, and most
 * priority points in a turn are those. Version 3 looks at fewer, where
 * its rules could act (policy_rules.h): the opponent's spell or ability
 * when it targets one permanent or a counterspell is in hand
 * (rules_looks_at_item), not its own declare attackers step (a pump or
 * burn waits for the blocks), the opponent's declare blockers step only
 * when one of its creatures blocks (removal on an attacker was its
 * choice when attackers were declared), its second main phase only for
 * what combat may have changed (rules_main2_looks). Inline: it is asked
 * at every priority point of a game. */
static inline int heuristic_spells_looks(const GameState *s, int p, int version)
{
    /* Version 2 lets its own spell or ability resolve: what it would add
     * in answer it can do as well once it has (version 1 answered it). */
    if (s->stack_n) {
        if (s->stack[s->stack_n - 1].controller != p) return version < 3 || rules_looks_at_item(s, p);
    } else {
        switch (s->step) {
        case STEP_MAIN1: return s->active == p;
        case STEP_MAIN2: return s->active == p && (version < 3 || rules_main2_looks(s, p));
        case STEP_DECLARE_ATTACKERS:   /* version 3: its own attackers' step waits for the blocks */
            if (s->combat.attackers) return s->active != p || version < 3;
            break;
        case STEP_DECLARE_BLOCKERS:    /* version 3 in the opponent's: with a blocker in a fight */
            if (s->combat.attackers) return s->active == p || version < 3 || (s->combat.blockers & s->perm_ctl[p]);
            break;                     /* version 2: with no attacker, what it would do waits */
        case STEP_END: return s->active != p;
        case STEP_BEGIN_COMBAT:                                   /* a land to attack with */
            return s->active == p && !(s->spells & SPELLS_NO_BECOMERS) && heuristic_own_step_looks(s, p);
        case STEP_UPKEEP:                                         /* an untap */
            return s->active == p && !(s->spells & SPELLS_NO_UPKEEP_ACTS) && heuristic_own_step_looks(s, p);
        default: return 0;
        }
    }
    /* What only version 1 looks at (its own item on top of the stack, a
     * declare step with no attacker): one test of the version for both. */
    return version < 2;
}
/* The steps in which heuristic_spells_looks answers 0 for either player
 * with the stack empty, whatever the state (Policy.quiet): the untap,
 * draw, damage, end of combat and cleanup steps; the upkeep where no card
 * of the game untaps in it (SPELLS_NO_UPKEEP_ACTS), the beginning of
 * combat where no land of the game becomes a creature
 * (SPELLS_NO_BECOMERS). Kept beside the switch it reads. */
static inline unsigned heuristic_spells_quiet(const GameState *s)
{
    unsigned q = 1u << STEP_UNTAP | 1u << STEP_DRAW | 1u << STEP_FIRST_STRIKE_DAMAGE | 1u << STEP_COMBAT_DAMAGE |
                 1u << STEP_END_COMBAT | 1u << STEP_CLEANUP;
    if (s->spells & SPELLS_NO_UPKEEP_ACTS) q |= 1u << STEP_UPKEEP;
    if (s->spells & SPELLS_NO_BECOMERS) q |= 1u << STEP_BEGIN_COMBAT;
    return q;
}
/* Its answer to a choice of several targets or of a division (CH_TARGET_COUNT,
 * CH_TARGET_NEXT, CH_DIVIDE: policy_many.c). */
int heuristic_choose_many(const GameState *s, int p, const Choice *c);

#endif
