/* policy_spells.c: how the heuristic plays spells and abilities (games with
 * rules text): each candidate action is tried on a fork of the state, the
 * stack resolved as if nobody answered, and the board valued
 * (policy_board.h; on a quiet board, the value of the common plays is
 * known without the fork); the best action that improves on passing is
 * taken: the look of version 2. Version 3 (the default) asks its rules
 * first (policy_rules.h) and looks only when they leave it the choice. */
#include <string.h>
#include "heuristic.h"
#include "stack.h"
#include "layers.h"
#include "mana.h"
#include "turn.h"
#include "combat.h"
#include "policy_board.h"
#include "effect.h"
#include "damage.h"
#include "policy_read.h"
#include "policy_rules.h"

/* Creatures player p took until end of turn in its first main phase
 * (Threaten, Act of Treason) attack before the effect ends: what they
 * would deal is taken from the opponent's life, for each that no untapped
 * creature of the opponent's could block and survive. */
static void borrowed_attack(GameState *f, int p)
{
    int dmg = 0;
    for (int j = 0; j < f->float_n; j++) {
        const Floating *x = &f->fl[j];
        int a = x->slot;
        if (x->op != OP_CONTROL || x->dur != DUR_EOT || x->controller != p || !combat_can_attack(f, a) ||
            perm_power(f, a) <= 0)
            continue;
        int wall = 0;
        for (PermIter it = permset_iter(f->perm_ctl[1 - p]); permiter_more(&it) && !wall;) {
            int b = permiter_next(&it);
            wall = perm_is_creature(f, b) && !(f->perm[b].flags & PF_TAPPED) && combat_can_block(f, b, a) &&
                   perm_toughness(f, b) > perm_power(f, a);
        }
        if (!wall) dmg += perm_power(f, a);
    }
    f->pl[1 - p].life = (int16_t)(f->pl[1 - p].life - dmg);
}

/* In a playout, the player's choices of several targets and of a division
 * are the heuristic's (the action names only how many targets); every
 * other choice is the engine's default, as with no policy. */
static int playout_choose(const Policy *pol, const GameState *s, const Game *g, int p, Rng *rng, const Choice *c)
{
    (void)pol; (void)g; (void)rng;
    return c->kind == CH_TARGET_COUNT || c->kind == CH_TARGET_NEXT || c->kind == CH_DIVIDE
           ? heuristic_choose_many(s, p, c) : 0;
}

static const Policy playout_policy = { .name = "playout", .choose = playout_choose };

/* Whether action a activates an ability that makes its source a creature
 * until end of turn (a land: OP_BECOME). */
static int becomes(const GameState *s, const Action *a)
{
    if (a->type != ACT_ACTIVATE) return 0;
    const Ability *ab = &s->cards[s->perm[a->hand_idx].card].ab[a->ability];
    for (int j = 0; j < ab->n_effects; j++) if (ab->effect[j].op == OP_BECOME) return 1;
    return 0;
}

/* Whether player p controls a land that can become a creature
 * (heuristic_own_step_looks, asked only when a card of the matchup is
 * one: SPELLS_NO_BECOMERS). */
static int heuristic_has_becomer(const GameState *s, int p)
{
    for (PermIter it = permset_iter(s->perm_ctl[p]); permiter_more(&it);) {
        int i = permiter_next(&it);
        if (!(s->px[i].abk & PK_ACTIVATED) || !(s->px[i].xflags & PX_LAND)) continue;
        const CardDef *d = &s->cards[s->perm[i].card];
        for (int k = 0; k < d->n_abilities; k++)
            if (d->ab[k].kind == AB_ACTIVATED && d->ab[k].n_effects && d->ab[k].effect[0].op == OP_BECOME) return 1;
    }
    return 0;
}

/* Game q for a playout of player p from game g: no events, no checks,
 * the player's choices playout_choose's, the other's the engine's
 * defaults, random numbers drawn from copies (dr, pr) of g's. */
static void playout_game(Game *q, Rng dr[2], Rng pr[2], const Game *g, int p)
{
    *q = *g;
    for (int k = 0; k < 2; k++) {
        dr[k] = *g->deck_rng[k];
        pr[k] = *g->policy_rng[k];
        q->deck_rng[k] = &dr[k];
        q->policy_rng[k] = &pr[k];
        q->policy[k] = NULL;
    }
    q->policy[p] = &playout_policy;
    for (int t = 0; t < EV_COUNT; t++) q->on_event[t] = NULL;
    q->check = 0;
}

/* The stack resolved with no answer, the abilities that trigger on the
 * way put on it and resolved too, and the state-based actions. */
static void resolve_stack(GameState *f, Game *q)
{
    for (int guard = 0; !f->over && guard < 4 * STACK_MAX; guard++) {
        layers_refresh(f);
        sba_apply_some(f, q, 0);
        triggers_put(f, q);
        if (!f->stack_n) break;
        stack_resolve_top(f, q);
    }
}

/* Whether combat damage is still to be dealt in this combat, with the
 * blockers declared: what a trick does to it can be played out. */
static int damage_to_come(const GameState *s)
{
    return (s->step == STEP_DECLARE_BLOCKERS || s->step == STEP_FIRST_STRIKE_DAMAGE) && s->combat.attackers;
}

/* The combat damage steps left (510), each dealt with the engine's
 * default assignment and followed by what it sets off. */
static void combat_rest(GameState *f, Game *q)
{
    int first = f->step == STEP_DECLARE_BLOCKERS && combat_has_first_strike(f);
    for (int fs = first; fs >= 0 && !f->over; fs--) {
        f->step = (uint8_t)(fs ? STEP_FIRST_STRIKE_DAMAGE : STEP_COMBAT_DAMAGE);
        if (combat_damage_step(f, q, fs, NULL, 0) != MTG_OK) return;
        resolve_stack(f, q);
    }
}

/* A playout's end, once the stack is empty: creatures taken until end of
 * turn attack (borrowed_attack), "until end of turn" effects end unless
 * combat is under way, and the state-based actions that follow. Version
 * 2: with blockers declared, the combat damage is dealt first, and combat
 * is then over (a trick is worth what it does to the combat: version 1
 * valued a pump by the creature it made bigger, blocked or not, and cast
 * it whatever the combat); and the damage marked on permanents goes as
 * the "until end of turn" effects end, as both do in the cleanup step
 * (514.2): a creature pumped in answer to damage survives the turn
 * (version 1 kept the damage, so that it died). */
static void playout_end(GameState *f, Game *q, int p, int combat_now, int version)
{
    if (f->step == STEP_MAIN1 && f->active == p && f->float_n && !f->over) {
        layers_refresh(f);
        borrowed_attack(f, p);
    }
    if (combat_now && version >= 2 && damage_to_come(f) && !f->over) {
        combat_rest(f, q);
        combat_now = 0;
    }
    if (!combat_now && version >= 2)
        for (PermIter it = permset_iter(f->perm_used); permiter_more(&it);) f->perm[permiter_next(&it)].damage = 0;
    if (!combat_now) floating_end_of_turn(f);
    layers_refresh(f);
    if (!f->over) sba_apply_some(f, q, 0);
}

/* Version 2: what p's lands that make mana are worth beyond the
 * permanent (board_value counts any noncreature permanent, a land with no
 * mana ability too, and a basic land that is a count not at all), less
 * the opponent's: a search for a land (Terramorphic Expanse) is then worth
 * making. */
#define LAND_WORTH 4
static int lands_worth(const GameState *s, int p, const BoardLands *l)
{
    int basics = state_land_objects(s) ? 0 : s->pl[p].lands_n - s->pl[1 - p].lands_n;
    return LAND_WORTH * (basics + l->mana[p] - l->mana[1 - p]);
}

/* Version 2: what drawing a library low costs p, less the opponent's: a
 * player draws from an empty library and loses (704.5b), so the last
 * LIBRARY_LOW cards of a library are worth LIBRARY_WORTH each, more than
 * a card in hand (2): a draw spell that would leave fewer is cast for
 * less or not at all (version 1 drew itself out: in UW control's mirror
 * three games in four ended by an empty library). */
#define LIBRARY_LOW 5
#define LIBRARY_WORTH 3
static int library_worth(const GameState *s, int p)
{
    int w = 0;
    for (int q = 0; q < 2; q++) {
        int short_by = LIBRARY_LOW - s->pl[q].lib_n;
        if (short_by > 0) w += (q == p ? -1 : 1) * LIBRARY_WORTH * short_by;
    }
    return w;
}

/* Whether a library is within a hand's draws of its last LIBRARY_LOW
 * cards, whose worth (library_worth) a known value does not count. */
static int library_low(const GameState *s)
{
    return s->pl[0].lib_n < LIBRARY_LOW + HAND_MAX || s->pl[1].lib_n < LIBRARY_LOW + HAND_MAX;
}

/* Whether card d has an effect that draws cards, in any of its
 * abilities. */
static int card_draws(const CardDef *d)
{
    for (int k = 0; k < d->n_abilities; k++)
        for (int j = 0; j < d->ab[k].n_effects; j++) if (d->ab[k].effect[j].op == OP_DRAW) return 1;
    return 0;
}

/* What the heuristic of this version makes of board f for p (version
 * 2: the lands counted on board_value's pass, board_value_lands). */
static int value(const GameState *f, int p, int version)
{
    if (version < 2 || f->over) return board_value(f, p);
    BoardLands l;
    int v = board_value_lands(f, p, &l);
    return v + lands_worth(f, p, &l) + library_worth(f, p);
}

/* The legal actions a look considers at most (the first ones listed). */
#define LOOK_MAX 96

/* Whether combat is under way: a trick's worth is what it does to it. */
static int in_combat(const GameState *s)
{
    return s->step >= STEP_DECLARE_BLOCKERS && s->step <= STEP_COMBAT_DAMAGE;
}

/* The state after action a (NULL: passing) and everything on the stack
 * resolves with no answer, the abilities that trigger on the way included
 * (those of what resolves last too: Liliana's Specter's discard), and the
 * playout's end (playout_end). */
static void playout(GameState *f, const Game *g, int p, const Action *a, int version)
{
    /* A land made a creature at the beginning of its controller's combat
     * (to attack) or as the opponent's attackers are declared (to block)
     * is valued as the creature it is for this combat. */
    int combat_now = in_combat(f);
    if (a && becomes(f, a))
        combat_now |= (f->step == STEP_BEGIN_COMBAT && f->active == p) || (f->step == STEP_DECLARE_ATTACKERS && f->active != p);
    Game q;
    Rng dr[2], pr[2];
    playout_game(&q, dr, pr, g, p);
    if (a && action_apply_listed(f, &q, p, a) != MTG_OK) { f->over = 1; f->winner = (uint8_t)(1 - p); return; }
    resolve_stack(f, &q);
    playout_end(f, &q, p, combat_now, version);
}

/* Fork f of state s with p's action a taken (NULL: none) and the stack
 * resolved with no answer (resolve_stack), its playout's game in q (whose
 * random numbers are dr and pr): 0, or -1 when a cannot be taken. */
static int fork_resolved(GameState *f, Game *q, Rng dr[2], Rng pr[2], const GameState *s, const Game *g, int p,
                         const Action *a)
{
    state_fork(f, s);
    playout_game(q, dr, pr, g, p);
    if (a && action_apply_listed(f, q, p, a) != MTG_OK) return -1;
    resolve_stack(f, q);
    return 0;
}

/* Version 2: what p's combat this turn makes of the board, played on a
 * fork from p's first main phase (after action a, NULL: none, and the
 * stack resolved): the heuristic of this version, with its default
 * parameters, declares p's attack and the opponent's blocks, the damage is
 * dealt and what triggers on the way resolves, with no answer at instant
 * speed; then "until end of turn" ends (playout_end) and the board is
 * valued. How a sorcery that acts only for this turn's combat is worth
 * casting (combat_sorcery): Overrun before an attack. */
static int through_combat(const GameState *s, const Game *g, int p, const Action *a, int version)
{
    GameState f;
    Game q;
    Rng dr[2], pr[2];
    if (fork_resolved(&f, &q, dr, pr, s, g, p, a)) return -100000;   /* never: a is listed */
    HeuristicParams hp = HEURISTIC_DEFAULTS;
    hp.version = version;
    Policy h = policy_heuristic;
    h.self = &hp;
    AttackDecl att[PERM_MAX];
    f.step = STEP_DECLARE_ATTACKERS;
    int n = f.over ? 0 : h.attack(&h, &f, &q, p, q.policy_rng[p], att);
    if (n > 0 && combat_declare_attackers(&f, &q, att, n) == MTG_OK) {
        for (int k = 0; k < n; k++) trigger_event(&f, TR_ATTACKS, att[k].attacker, f.perm[att[k].attacker].card, p, p, 0);
        triggers_attacks(&f);
        resolve_stack(&f, &q);
        BlockDecl blk[PAIR_MAX];
        f.step = STEP_DECLARE_BLOCKERS;
        int m = f.over ? 0 : h.block(&h, &f, &q, 1 - p, q.policy_rng[1 - p], blk);
        if (m < 0) m = 0;
        if (!f.over && combat_declare_blockers(&f, &q, blk, m) == MTG_OK && (!m || combat_ask_orders(&f, &q) == MTG_OK)) {
            if (m) triggers_blocks(&f);
            resolve_stack(&f, &q);
            combat_rest(&f, &q);
        }
    }
    playout_end(&f, &q, p, 0, version);
    return value(&f, p, version);
}

/* pass_value's when the stack resolves and, blockers declared, the
 * combat's damage is dealt (version 2); life[] (zero on entry) and calm
 * as pass_value's. Out of line, as pass_ended: pass_value, mostly valued
 * without a fork, then needs no frame of its own (a GameState's) and is
 * inlined. */
static __attribute__((noinline)) int pass_resolved(const GameState *s, const Game *g, int p, int version, int prune,
                                                   int life[2], int *calm)
{
    /* The opponent's permanent spell alone on the stack, entering as a
     * known play would (board_stack_known; none that draws while a
     * library is low, as known_value), and a combat whose damage only
     * takes the defending player's life (board_combat_known, which knows
     * it only in a playout that board_playout_calm finds calm), valued
     * without the fork. */
    int v, known = 0;
    BoardLands l;
    if (prune) {
        known = s->stack_n == 1 && !(library_low(s) && card_draws(&s->cards[s->stack[0].card])) &&
                board_stack_known(s, p, &v, life, &l);
        if (!known && board_combat_known(s, p, &v, life, &l)) known = *calm = 1;
    }
    if (known) return life[p] ? v + lands_worth(s, p, &l) + library_worth(s, p) : v;
    GameState f;
    state_fork(&f, s);
    playout(&f, g, p, NULL, version);
    for (int q = 0; q < 2 && !f.over; q++) life[q] = f.pl[q].life;
    return value(&f, p, version);
}

/* pass_value's with effects in force out of combat and the stack empty:
 * the board once "until end of turn" ends. */
static __attribute__((noinline)) int pass_ended(const GameState *s, const Game *g, int p, int version)
{
    GameState f;
    state_fork(&f, s);
    Game q;
    Rng dr[2], pr[2];
    playout_game(&q, dr, pr, g, p);
    playout_end(&f, &q, p, 0, version);
    return value(&f, p, version);
}

/* What passing is worth, valued as the candidates are: with the stack
 * empty and no combat under way, once "until end of turn" effects end (a
 * pump seen in the board of passing and not in a candidate's would make
 * every candidate look worse, and an opponent's would make doing anything
 * look better than passing). Version 2: with the stack resolved with no
 * answer and, blockers declared, the combat's damage dealt, as each
 * candidate's is (version 1 valued the stack unresolved, its own spells
 * on it below what they make, so that anything looked better than letting
 * them resolve). Valued without a fork, it is s's own value: known_now
 * when quiet (quiet_for's answer, > 0) says the look computed it.
 * life: the players' life at the end of passing's playout, when it is
 * played out and the game goes on (the candidates valued from it:
 * board_face_known and the like), else 0. prune: the pruned look's, which
 * knows some playouts' ends without the fork (the unpruned look plays them
 * out: the test comparing the two looks' values compares passing's too).
 * calm: set to 1 when passing's playout is found calm on the way
 * (board_playout_calm's answer, which the look then need not ask), else
 * left as it is. */
static int pass_value(const GameState *s, const Game *g, int p, int version, int prune, int quiet, int known_now,
                      int life[2], int *calm)
{
    life[0] = life[1] = 0;
    if (version >= 2 && (s->stack_n || damage_to_come(s))) return pass_resolved(s, g, p, version, prune, life, calm);
    if (s->stack_n || !s->float_n || in_combat(s)) return quiet > 0 ? known_now : value(s, p, version);
    return pass_ended(s, g, p, version);
}

/* Whether player p controls a tapped permanent with an "activate only
 * during your upkeep" ability that untaps it (Colossus of Sardia): the
 * heuristic then looks in its upkeep (upkeep_untap; heuristic_own_step_looks,
 * asked only when a card of the matchup has such an ability:
 * SPELLS_NO_UPKEEP_ACTS). */
static int heuristic_upkeep_untap_waits(const GameState *s, int p)
{
    for (PermIter it = permset_iter(s->perm_ctl[p]); permiter_more(&it);) {
        int i = permiter_next(&it);
        if (!(s->px[i].abk & PK_ACTIVATED) || !(s->perm[i].flags & PF_TAPPED)) continue;
        const CardDef *d = &s->cards[s->perm[i].card];
        for (int k = 0; k < d->n_abilities; k++)
            if (d->ab[k].kind == AB_ACTIVATED && (d->ab[k].timing & TM_UPKEEP)) return 1;
    }
    return 0;
}

int heuristic_own_step_looks(const GameState *s, int p)
{
    return s->step == STEP_UPKEEP ? heuristic_upkeep_untap_waits(s, p) : heuristic_has_becomer(s, p);
}

/* Whether legal[k] casts a card of the same name as an earlier cast of
 * the list, with the same X and targets: the second copy of a card in hand
 * makes the same board as the first (the evaluation reads no object ids),
 * so it is not tried again. Inline, as the other readings of each
 * candidate of a look (read_action, worth_trying, known_value): their
 * calls cost as much as their answers. */
static inline __attribute__((always_inline)) int same_as_earlier(const GameState *s, int p, const Action *legal,
                                                                 int k)
{
    /* X and the targets are the bytes of an Action from x on (one
     * compare, before the card is looked up: most earlier casts are the
     * same card's with other targets). */
    enum { TAIL = sizeof(Action) - offsetof(Action, x) };
    _Static_assert(offsetof(Action, towner) + 1 == sizeof(Action), "towner the last byte");
    const Action *a = &legal[k];
    if (a->type != ACT_CAST) return 0;
    const Player *pl = &s->pl[p];
    uint16_t card = OBJ_CARD(s, p, pl->hand[a->hand_idx]);
    for (int j = 1; j < k; j++) {
        const Action *b = &legal[j];
        if (b->type == ACT_CAST && !memcmp(&b->x, &a->x, TAIL) && OBJ_CARD(s, p, pl->hand[b->hand_idx]) == card) return 1;
    }
    return 0;
}

/* In its own upkeep: an "activate only during your upkeep" ability that
 * untaps its tapped source (Colossus of Sardia), the first listed; 0 for
 * none. The mana of the upkeep would empty unused (500.4), and the board
 * value does not see tapped creatures, so the look-ahead would pass. */
static int upkeep_untap(const GameState *s, int p, const Action *legal, int n)
{
    if (s->step != STEP_UPKEEP || s->active != p || s->stack_n) return 0;
    for (int k = 1; k < n; k++) {
        if (legal[k].type != ACT_ACTIVATE) continue;
        const Permanent *q = &s->perm[legal[k].hand_idx];
        const Ability *a = &s->cards[q->card].ab[legal[k].ability];
        if ((a->timing & TM_UPKEEP) && (q->flags & PF_TAPPED) && a->n_effects == 1 && a->effect[0].op == OP_UNTAP &&
            a->effect[0].who == SEL_SELF)
            return k;
    }
    return 0;
}

/* Whether action a (its ability ab: policy_action_ability's) casts a sorcery
 * whose effects all either last until end of turn on creatures (+N/+N,
 * keywords, rules: Overrun, Burst of Speed) or tap creatures, for this
 * turn or longer (Sleep): all it does is the combat it makes, which a fork
 * that stops before combat does not see (through_combat does). */
static int combat_sorcery(const GameState *s, int p, const Action *a, const Ability *ab)
{
    if (a->type != ACT_CAST || !ab || !ab->n_effects ||
        !(s->cards[OBJ_CARD(s, p, s->pl[p].hand[a->hand_idx])].types & TYPE_SORCERY))
        return 0;
    for (int j = 0; j < ab->n_effects; j++) {
        const Effect *e = &ab->effect[j];
        int shortlived = e->dur == DUR_EOT &&
                         ((e->op == OP_PUMP && e->p >= 0 && e->t >= 0) || e->op == OP_GRANT || e->op == OP_RULE);
        if (!shortlived && !(e->op == OP_TAP && !e->arg2) && e->op != OP_NO_UNTAP) return 0;
    }
    return 1;
}

/* Version 2: what choosing a card is worth beyond the cards the board
 * value counts: among the cards of its own library (looking at the top
 * cards and putting them back in an order, scrying, a search or a dig into
 * the hand: Ponder, Diabolic Tutor, Commune with Nature), of its own
 * graveyard back to its hand (Disentomb, Call to Mind), or of the
 * opponent's hand to discard (Duress). The board value counts cards alone,
 * so such a spell, a card for a card, would never beat passing; players
 * cast it with mana to spare. ab is the ability an action casts or
 * activates (policy_action_ability's). */
#define SELECTION_WORTH 1
static int selection_worth(const Ability *ab)
{
    for (int j = 0; ab && j < ab->n_effects; j++) {
        const Effect *e = &ab->effect[j];
        if (e->who == SEL_YOU && (e->op == OP_REORDER_TOP || e->op == OP_SCRY || e->op == OP_DIG ||
                                  (e->op == OP_SEARCH && e->arg2 == ZONE_HAND)))
            return SELECTION_WORTH;
        if (e->op == OP_BOUNCE && e->who == SEL_TARGET && e->arg < TARGET_SPEC_MAX &&
            ab->target[e->arg].f.zone == ZONE_GRAVEYARD)
            return SELECTION_WORTH;
        if (e->op == OP_DISCARD && (e->flags & EF_CHOOSER)) return SELECTION_WORTH;
    }
    return 0;
}

/* worth_trying's answers. */
enum { TRY_NOT, TRY_YES, TRY_IDLE_TARGET };

/* What a look reads of the spell or ability a candidate casts or
 * activates, the same for each target it is listed with (same_source):
 * the ability (policy_action_ability's) and how its effects on its first target
 * act: `way` -1 or 1 when all of them act so (policy_sense; its caster's own
 * part, such as life, aside), else 0; `on_target` how many they are,
 * `damage` the fixed damage among them (-1: none). */
typedef struct Reading {
    const Ability *ab;
    int way, on_target, damage;
} Reading;

/* read_action: a's Reading (inline, as same_as_earlier). */
static inline __attribute__((always_inline)) Reading read_action(const GameState *s, int p, const Action *a)
{
    Reading r = { policy_action_ability(s, p, a), 0, 0, -1 };
    for (int j = 0; r.ab && j < r.ab->n_effects; j++) {
        const Effect *e = &r.ab->effect[j];
        if (e->who == SEL_YOU) continue;           /* the caster's own part (life, cards) */
        int v = e->who == SEL_TARGET && e->arg == 0 ? policy_sense(e) : 0;
        if (!v || (r.way && v != r.way)) { r.way = 0; return r; }
        r.way = v;
        r.on_target++;
        if (e->op == OP_DAMAGE && e->n.kind == QTY_CONST && !(e->flags & EF_DAMAGED_NO_REGEN)) r.damage = e->n.n;
    }
    return r;
}

/* Whether actions a and b cast the same card or activate the same
 * ability of the same permanent (with any targets): read_action reads
 * them alike. */
static int same_source(const Action *a, const Action *b)
{
    return a->type == b->type && a->hand_idx == b->hand_idx && (a->type != ACT_ACTIVATE || a->ability == b->ability);
}

/* Whether action a (one target, a permanent or a player) is worth a try
 * on a fork. TRY_NOT for what harms its own side or helps the other's
 * (an ability all of whose effects on that target act one way; its
 * caster's own part, such as life, aside), and for damage alone that
 * cannot kill the creature it targets, from a source without deathtouch,
 * wither or infect (the evaluation reads no damage marked: such a try
 * could only show the card spent). TRY_IDLE_TARGET when such damage comes
 * with the caster's own part (Sorin's Thirst's life) and the board is the
 * same whichever such creature it names: one of them is tried. Version 2
 * with combat damage to come tries such damage on a creature in combat
 * too: with the combat's it may kill. r is a's reading (read_action).
 * Inline, as same_as_earlier. */
static inline __attribute__((always_inline)) int worth_trying(const GameState *s, int p, const Action *a,
                                                              const Reading *r, int version)
{
    if (a->n_targets != 1 || (a->tk[0] != TK_PERM && a->tk[0] != TK_PLAYER) || !r->way) return TRY_YES;
    const Ability *ab = r->ab;
    int damage = r->damage;
    int theirs = a->tk[0] == TK_PLAYER ? a->tv[0] != p : perm_controller(s, a->tv[0]) != p;
    if ((r->way < 0) != theirs) return TRY_NOT;
    if (version >= 2 && a->tk[0] == TK_PERM && damage_to_come(s) &&
        permset_has(s->combat.attackers | s->combat.blockers, a->tv[0]))
        return TRY_YES;                                      /* the combat's damage may add to it (playout_end) */
    if (a->tk[0] == TK_PERM && r->on_target == 1 && damage >= 0 && !damage_doublers(s) &&   /* Furnace of Rath: 2 is 4 */
        !(a->type == ACT_ACTIVATE && perm_has(s, a->hand_idx, KW_DEATHTOUCH | KW_WITHER | KW_INFECT))) {
        int i = a->tv[0];
        const Permanent *q = &s->perm[i];
        if (perm_is_creature(s, i) && !perm_is_planeswalker(s, i) && q->toughness - q->damage > damage) {
            if (ab->n_effects == 1) return TRY_NOT;
            /* Alike whichever it names: with nothing on the stack to add
             * damage, no effect on it to end (its toughness as it is once
             * a pump ends), none of its own triggers ("whenever ~ is dealt
             * damage"). */
            int alike = !s->stack_n && !(s->px[i].abk & PK_TRIGGERED);
            for (int k = 0; k < s->float_n && alike; k++) alike = s->fl[k].slot != i;
            return alike ? TRY_IDLE_TARGET : TRY_YES;
        }
    }
    return TRY_YES;
}

/* Whether a permanent on the battlefield has a triggered ability that
 * casting, activating, targeting or paying mana could set off. */
static int acts_watched(const GameState *s)
{
    static const uint64_t acts = 1ull << TR_CAST | 1ull << TR_BECOMES_TARGET | 1ull << TR_BECOMES_TARGET_BY |
                                 1ull << TR_ATTACHED_BECOMES_TARGET | 1ull << TR_TAP_LAND | 1ull << TR_OTHER_TAPPED |
                                 1ull << TR_ATTACHED_TAPPED | 1ull << TR_DISCARD;
    return trigger_watched(s, acts);
}

/* Whether the candidates of a look may leave nothing the evaluation sees
 * once "until end of turn" ends (idle): 0 when none may, with something
 * on the stack for them to answer, a trigger watching (acts_watched), a
 * combat under way for them to change (version 2 with combat damage to
 * come plays the combat out, and ends such effects after it: one on a
 * creature out of combat may be idle too) or a creature taken until end
 * of turn (its pump counts: borrowed_attack); else IDLE_OUT, or
 * IDLE_WINDOW with that combat damage to come. The same for every
 * candidate: read once for the look. */
enum { IDLE_NONE, IDLE_OUT, IDLE_WINDOW };
static int idle_look(const GameState *s, int version)
{
    int window = version >= 2 && damage_to_come(s);
    if (s->stack_n || acts_watched(s) || (in_combat(s) && !window)) return IDLE_NONE;
    for (int j = 0; j < s->float_n; j++)
        if (s->fl[j].op == OP_CONTROL && s->fl[j].dur == DUR_EOT) return IDLE_NONE;
    return window ? IDLE_WINDOW : IDLE_OUT;
}

/* Whether action a leaves nothing the evaluation sees once "until end of
 * turn" ends, besides what it cost, in a look where idle_look finds that
 * some may (`look` its answer): a spell or ability whose effects are all
 * +N/+N (N >= 0), keywords or rules until end of turn (with combat damage
 * to come, on a creature out of combat); or an equip to the creature the
 * Equipment is on. Its try could only show the cost spent against
 * passing, valued likewise once those effects end (pass_value), so it is
 * not tried. ab is the ability it casts or activates (policy_action_ability's). */
static int idle(const GameState *s, const Action *a, const Ability *ab, int look)
{
    if (ab && ab->kind == AB_EQUIP)   /* to the creature it is on already (701.3b) */
        return a->n_targets == 1 && a->tk[0] == TK_PERM && s->px[a->hand_idx].attached == a->tv[0];
    if (!ab || !ab->n_effects || (ab->kind != AB_SPELL && ab->kind != AB_ACTIVATED)) return 0;
    for (int j = 0; j < ab->n_effects; j++) {
        const Effect *e = &ab->effect[j];
        int shortlived = e->dur == DUR_EOT &&
                         ((e->op == OP_PUMP && e->p >= 0 && e->t >= 0) || e->op == OP_GRANT || e->op == OP_RULE);
        if (!shortlived) return 0;
        if (look != IDLE_WINDOW) continue;
        int on = e->who == SEL_TARGET && e->arg == 0 && a->n_targets == 1 && a->tk[0] == TK_PERM ? a->tv[0]
               : e->who == SEL_SELF && a->type == ACT_ACTIVATE ? a->hand_idx : -1;
        if (on < 0 || permset_has(s->combat.attackers | s->combat.blockers, on)) return 0;
    }
    return 1;
}

/* Whether ability ab only untaps target lands (Garruk Wildspeaker's +1:
 * "Untap two target lands"): mana again, for what follows. */
static int untaps_lands(const Ability *ab)
{
    if (!ab->n_effects || ab->n_targets != 1 || !filter_only_lands(&ab->target[0].f)) return 0;
    for (int j = 0; j < ab->n_effects; j++)
        if (ab->effect[j].op != OP_UNTAP || ab->effect[j].who != SEL_TARGET) return 0;
    return 1;
}

/* Whether action a casts a spell that only adds mana (Pyretic Ritual) or
 * activates a mana ability (Chromatic Star, Composite Golem), or since
 * version 2 an ability that untaps lands: its worth is what the mana
 * then casts. ab is the ability it casts or activates (policy_action_ability's). */
static int mana_ability(const Action *a, const Ability *ab, int version)
{
    if (!ab || a->type == ACT_ACTIVATE) return ab && (ab->kind == AB_MANA || (version >= 2 && untaps_lands(ab)));
    if (!ab->n_effects) return 0;
    for (int j = 0; j < ab->n_effects; j++) if (ab->effect[j].op != OP_ADD_MANA) return 0;
    return 1;
}

/* mana_ability's for the ability action a casts or activates. */
static int mana_action(const GameState *s, int p, const Action *a, int version)
{
    return mana_ability(a, policy_action_ability(s, p, a), version);
}

/* The best board p reaches from fork f with one more action (not another
 * mana spell), or f's own: what a ritual's mana (in the pool) or lands
 * untapped (`lands`) are worth. */
static int best_follow_up(const GameState *f, const Game *g, int p, int version, int lands)
{
    int best_v = value(f, p, version), pool = 0;
    for (int c = 0; c < COLOR_COUNT; c++) pool += f->pl[p].mana[c];
    if (f->over || (!pool && !lands)) return best_v;
    Action acts[ACTION_MAX];
    int n = actions_spells(f, p, acts, 0);
    for (int k = 1; k < n && k < LOOK_MAX; k++) {
        if (acts[k].type == ACT_LAND || mana_action(f, p, &acts[k], version) || same_as_earlier(f, p, acts, k)) continue;
        GameState h;
        state_fork(&h, f);
        playout(&h, g, p, &acts[k], version);
        int v = value(&h, p, version);
        if (v > best_v) best_v = v;
    }
    return best_v;
}

/* Whether legal[k] casts a spell of several targets naming none, whose
 * effects all act on its targets: it would do nothing but spend the
 * card (and look like a way to let the stack resolve, which passing
 * does as well). */
static int does_nothing(const GameState *s, int p, const Action *a)
{
    if (a->type != ACT_CAST || a->tk[0] != TK_MANY || a->n_targets) return 0;
    const CardDef *d = &s->cards[OBJ_CARD(s, p, s->pl[p].hand[a->hand_idx])];
    int k = spell_ability(d);
    if (k < 0) return 0;
    for (int j = 0; j < d->ab[k].n_effects; j++)
        if (d->ab[k].effect[j].who != SEL_TARGET && d->ab[k].effect[j].who != SEL_PREVIOUS) return 0;
    return 1;
}

/* The action to take (heuristic_spells_main); prune: not trying the
 * candidates whose try cannot change the choice (idle, and a second idle
 * target of one spell or ability: TRY_IDLE_TARGET), and valuing without a
 * fork those whose board is known in advance (board_known). */
static int spells_try(const GameState *s, const Game *g, int p, const Action *a, int version);

/* Whether the board of a candidate may be known without a fork
 * (board_quiet's answer); version 2: and no land is a creature (a
 * creature's death known in advance would then change the lands), and no
 * combat damage is to come (the fork deals it). When it may, *now is
 * board_value's of s and *extra version 2's part beyond it (lands_worth's
 * and library_worth's), counted on the same pass (board_value_lands). */
static int quiet_for(const GameState *s, int p, int version, int *now, int *extra)
{
    if (version >= 2 && damage_to_come(s)) return 0;     /* the fork deals it */
    BoardLands l;
    int v, quiet = board_quiet(s, p, &v, &l);
    if (!quiet || (version >= 2 && l.creature)) return 0;
    *now = v;
    *extra = version >= 2 ? lands_worth(s, p, &l) + library_worth(s, p) : 0;
    return quiet;
}

/* Whether the card of action a (cast, or the permanent whose ability it
 * activates) draws cards (card_draws). */
static int draws(const GameState *s, int p, const Action *a)
{
    if (a->type != ACT_CAST && a->type != ACT_ACTIVATE) return 0;
    int card = a->type == ACT_CAST ? OBJ_CARD(s, p, s->pl[p].hand[a->hand_idx]) : s->perm[a->hand_idx].card;
    return card_draws(&s->cards[card]);
}

/* The value of candidate a known without a fork, 1 if it is: board_known's
 * (quiet, now: quiet_for's answer and value of s) and the version's
 * `extra` (quiet_for's: lands_worth's and library_worth's of s; no known
 * play changes the lands, and none that draws is known while a library
 * is low). Inline, as same_as_earlier. */
static inline __attribute__((always_inline)) int known_value(const GameState *s, int p, const Action *a, int quiet,
                                                             int now, int extra, int version, BoardMemo *memo, int *v)
{
    if (!quiet || (version >= 2 && library_low(s) && draws(s, p, a)) || !board_known(s, p, a, quiet, now, memo, v))
        return 0;
    if (*v > -100000 && *v < 100000) *v += extra;
    return 1;
}

/* Whether action a can be taken as well in the opponent's turn: it casts
 * an instant, or activates an ability with no timing of its own (not a
 * mana ability, an equip or a loyalty ability), and its worth is not this
 * turn's alone: it does not only make mana (a ritual's worth is what its
 * mana casts now: mana_ability) nor make a land a creature (to attack:
 * becomes). ab is the ability it casts or activates (policy_action_ability's). */
static int instant_speed(const GameState *s, int p, const Action *a, const Ability *ab)
{
    if (a->type == ACT_CAST)
        return (s->cards[OBJ_CARD(s, p, s->pl[p].hand[a->hand_idx])].types & TYPE_INSTANT) && !mana_ability(a, ab, 2);
    if (a->type != ACT_ACTIVATE) return 0;
    return ab->kind == AB_ACTIVATED && !(ab->timing & (TM_SORCERY | TM_ATTACKING | TM_UPKEEP)) && !becomes(s, a);
}

/* Version 2, in p's own turn: whether its play at instant speed can wait
 * for the opponent's turn at no cost: the stack empty, its combat over or
 * without an attacker, or to come with no creature that could attack
 * (none for the play to clear the way for or to change), and no card to
 * discard at its cleanup for the wait (514.1). There it answers an
 * attacker, a blocker or what the opponent cast, or acts in the
 * opponent's end step, and its mana stays open until then. */
static int own_turn_wait(const GameState *s, int p)
{
    if (s->stack_n || s->pl[p].hand_n > HAND_SIZE) return 0;
    if (s->step >= STEP_MAIN2) return 1;
    if (s->step >= STEP_DECLARE_ATTACKERS) return !s->combat.attackers;
    for (PermIter it = permset_iter(s->perm_ctl[p]); permiter_more(&it);)
        if (combat_may_attack(s, permiter_next(&it))) return 0;
    return 1;
}

/* Whether the stack holds only player q's permanent spells that target
 * nothing (a creature, an artifact, a nonaura enchantment). */
static int only_plain_permanents(const GameState *s, int q)
{
    for (int j = 0; j < s->stack_n; j++) {
        const StackItem *it = &s->stack[j];
        if (it->kind != SI_SPELL || it->controller != q || it->n_targets ||
            (s->cards[it->card].types & (TYPE_INSTANT | TYPE_SORCERY)))
            return 0;
    }
    return 1;
}

/* Whether action c of state f, a later state of s, takes p's action b
 * again (the same card cast, the same ability activated), with any
 * targets. */
static int same_play(const GameState *s, int p, const Action *b, const GameState *f, const Action *c)
{
    if (c->type != b->type) return 0;
    if (b->type == ACT_CAST) return OBJ_CARD(f, p, f->pl[p].hand[c->hand_idx]) == OBJ_CARD(s, p, s->pl[p].hand[b->hand_idx]);
    return c->hand_idx == b->hand_idx && c->ability == b->ability;
}

/* Whether p can still take action b (cast its card, activate its
 * ability) once action a is taken and resolved: the mana a leaves. */
static int leaves_mana_for(const GameState *s, const Game *g, int p, const Action *a, const Action *b, int version)
{
    GameState f;
    state_fork(&f, s);
    playout(&f, g, p, a, version);
    if (f.over) return 1;
    Action acts[ACTION_MAX];
    int n = actions_spells(&f, p, acts, 0);
    for (int k = 1; k < n; k++) if (same_play(s, p, b, &f, &acts[k])) return 1;
    return 0;
}

/* The most p's play b (a spell or ability, with any targets) is worth
 * once the stack resolves with no answer. */
static int worth_after_stack(const GameState *s, const Game *g, int p, const Action *b, int version)
{
    GameState f;
    Game q;
    Rng dr[2], pr[2];
    fork_resolved(&f, &q, dr, pr, s, g, p, NULL);
    if (f.over) return f.winner == p ? 100000 : -100000;
    Action acts[ACTION_MAX];
    int n = actions_spells(&f, p, acts, 0), most = -1000000, quiet = -1, now = 0, extra = 0;
    BoardMemo memo = { 0 };
    for (int k = 1; k < n && k < LOOK_MAX; k++) {
        if (!same_play(s, p, b, &f, &acts[k])) continue;
        Reading r = read_action(&f, p, &acts[k]);
        if (worth_trying(&f, p, &acts[k], &r, version) == TRY_NOT) continue;
        if (quiet < 0) quiet = quiet_for(&f, p, version, &now, &extra);   /* valued as spells_main values its candidates */
        int v;
        if (!known_value(&f, p, &acts[k], quiet, now, extra, version, &memo, &v))
            v = spells_try(&f, g, p, &acts[k], version);
        if (v > most) most = v;
    }
    return most;
}

/* Version 2: whether p's best play, action b worth v, an instant or an
 * ability, waits for a later look, its mana held up for it meanwhile:
 * unless it wins now, in p's own turn when own_turn_wait says so; in the
 * opponent's, in answer to its permanent spells that target nothing when
 * it is worth more once they resolve (a lord entering is a better target
 * than the creature its anthem would save). ab is the ability b casts or
 * activates (policy_action_ability's). */
static int waits(const GameState *s, const Game *g, int p, const Action *b, const Ability *ab, int v, int version)
{
    if (v >= 100000 || !instant_speed(s, p, b, ab)) return 0;
    if (s->active == p) return own_turn_wait(s, p);
    if (!s->stack_n) return 0;
    for (int k = 0; k < b->n_targets; k++) if (b->tk[k] == TK_STACK) return 0;
    return only_plain_permanents(s, 1 - p) && worth_after_stack(s, g, p, b, version) > v;
}

/* The values a look gave its candidates (heuristic_spells_ranked), and
 * passing's when it was valued (pass_valued). */
typedef struct Ranked {
    int n, pass_valued, pass_v;
    int k[LOOK_MAX], v[LOOK_MAX];
} Ranked;

/* The first of the candidates valued in r (from its entry `first` on)
 * that is worth most of those at sorcery speed (not instant_speed), its
 * value in *v; 0 for none. */
static int sorcery_speed_best(const GameState *s, int p, const Action *legal, const Ranked *r, int first, int *v)
{
    int sorc = 0;
    *v = 0;
    for (int j = first; j < r->n; j++) {
        const Action *a = &legal[r->k[j]];
        if ((!sorc || r->v[j] > *v) && !instant_speed(s, p, a, policy_action_ability(s, p, a))) {
            *v = r->v[j];
            sorc = r->k[j];
        }
    }
    return sorc;
}

/* spells_main's answer when no land drop is given: an untap in the
 * upkeep, else the look at the candidates. */
static __attribute__((noinline)) int spells_look(const GameState *s, const Game *g, int p, const Action *legal, int n,
                                                 int version, int prune, Ranked *rank)
{
    int untap = upkeep_untap(s, p, legal, n);
    if (untap) return untap;
    if (!heuristic_spells_looks(s, p, version)) return 0;
    if (version >= 3 && !rank) {                 /* the rules first (policy_rules.h) */
        int k = rules_play(s, p, legal, n);
        if (k != RULES_LOOK) return k;
    }
    /* Passing is valued once a candidate is (when every one is passed by,
     * passing is the choice without it). */
    int best = 0, best_v = 0, valued = 0, idles = -1, quiet = -1, now = 0, extra_now = 0;
    int pass_v = 0;                         /* passing's value */
    int pass_life[2] = { 0, 0 }, calm = -1; /* pass_value's life totals, board_playout_calm's answer (-1:
                                               not known yet; pass_value may know it) */
    BoardMemo memo = { 0 };                 /* board_known's reading of the look's Auras and Equipment */
    uint32_t idle_key[8];   /* the spells and abilities tried on an idle target */
    int idle_n = 0;
    /* Version 2, in its first main phase: the sorceries that act only on
     * this turn's combat, weighed apart (through_combat) when nothing
     * else is worth doing. */
    int before_combat = version >= 2 && s->step == STEP_MAIN1 && s->active == p && !s->stack_n && !s->combat.skip[p];
    int csorc[8], csorc_n = 0;
    Reading r = { 0 };
    int read = 0;   /* the candidate r reads (0: none yet) */
    const Ability *best_ab = NULL;   /* the ability best casts or activates (its reading's) */
    int csorc_read = 0;   /* whether it casts a combat sorcery before combat (the same for each target) */
    Ranked own;     /* the values given, when the caller does not ask for them (sorcery_speed_best) */
    own.n = own.pass_valued = 0;
    Ranked *given = rank ? rank : &own;
    int first = given->n;
    for (int k = 1; k < n && k < LOOK_MAX; k++) {
        if (legal[k].type == ACT_LAND || does_nothing(s, p, &legal[k])) continue;
        if (!read || !same_source(&legal[read], &legal[k])) {
            r = read_action(s, p, &legal[k]);
            read = k;
            csorc_read = before_combat && combat_sorcery(s, p, &legal[k], r.ab);
        }
        if (csorc_read) {
            if (csorc_n < 8 && !same_as_earlier(s, p, legal, k)) csorc[csorc_n++] = k;
            continue;
        }
        int w = r.way ? worth_trying(s, p, &legal[k], &r, version) : TRY_YES;   /* the most selective first */
        if (w == TRY_NOT || same_as_earlier(s, p, legal, k)) continue;
        if (prune) {
            if (idles < 0) idles = idle_look(s, version);
            if (idles != IDLE_NONE && idle(s, &legal[k], r.ab, idles)) continue;
        }
        if (prune && w == TRY_IDLE_TARGET) {
            uint32_t key = legal[k].type == ACT_CAST ? OBJ_CARD(s, p, s->pl[p].hand[legal[k].hand_idx])
                                                     : 1u << 31 | (uint32_t)legal[k].ability << 16 | s->perm[legal[k].hand_idx].card;
            int seen = 0;
            for (int j = 0; j < idle_n; j++) seen |= idle_key[j] == key;
            if (seen) continue;
            if (idle_n < 8) idle_key[idle_n++] = key;
        }
        int v;
        if (prune && quiet < 0) quiet = quiet_for(s, p, version, &now, &extra_now);
        if (!valued) {
            best_v = pass_v = pass_value(s, g, p, version, prune, quiet, now + extra_now, pass_life, &calm);
            valued = given->pass_valued = 1;
            given->pass_v = pass_v;
        }
        /* Once passing or a candidate wins, the choice is made: none is
         * worth more than a win, a win does not wait (waits), and the
         * combat sorceries are weighed only when passing is chosen before
         * combat. */
        if (best_v >= 100000 && (best || !before_combat) && !rank) break;
        if (!prune || !known_value(s, p, &legal[k], quiet, now, extra_now, version, &memo, &v)) {
            /* Damage to the opponent's face, out of combat a pump until
             * end of turn, one on an unblocked attacker, and damage a
             * creature survives, valued from passing's playout when
             * nothing in it sees them (board_face_known,
             * board_fleeting_known, board_unblocked_known,
             * board_scratch_known). */
            int from_pass = prune && pass_life[p] &&
                            (board_face_known(s, p, &legal[k], pass_v, pass_life[1 - p], &v) ||
                             (!in_combat(s) && board_fleeting_known(s, p, &legal[k], pass_v, &v)) ||
                             board_unblocked_known(s, p, &legal[k], pass_v, pass_life[1 - p], &v) ||
                             board_scratch_known(s, p, &legal[k], pass_v, pass_life[p], &v));
            if (from_pass && calm < 0) calm = board_playout_calm(s, p);
            if (!from_pass || !calm) v = spells_try(s, g, p, &legal[k], version);
        }
        if (version >= 2 && v > -100000 && v < 100000) v += selection_worth(r.ab);
        given->k[given->n] = k;
        given->v[given->n++] = v;
        if (v > best_v) { best_v = v; best = k; best_ab = r.ab; }
    }
    /* Version 2 holds up its mana: a play at instant speed that can wait
     * (waits) does, and the mana for it stays open unless the best play
     * at sorcery speed that beats passing leaves enough. */
    if (version >= 2 && best && waits(s, g, p, &legal[best], best_ab, best_v, version)) {
        int sorc_v, sorc = sorcery_speed_best(s, p, legal, given, first, &sorc_v);
        return sorc && sorc_v > pass_v && leaves_mana_for(s, g, p, &legal[sorc], &legal[best], version) ? sorc : 0;
    }
    if (best || !csorc_n) return best;
    /* Nothing else worth doing: the combat sorcery whose combat is worth
     * most, if more than the combat after passing. */
    int pass_c = through_combat(s, g, p, NULL, version);
    for (int j = 0; j < csorc_n; j++) {
        int v = through_combat(s, g, p, &legal[csorc[j]], version);
        if (v > pass_c) { pass_c = v; best = csorc[j]; }
    }
    return best;
}

static int spells_try(const GameState *s, const Game *g, int p, const Action *a, int version)
{
    GameState f;
    state_fork(&f, s);
    playout(&f, g, p, a, version);
    if (!mana_action(s, p, a, version)) return value(&f, p, version);
    return best_follow_up(&f, g, p, version, a->type == ACT_ACTIVATE && policy_action_ability(s, p, a)->kind != AB_MANA);
}

int heuristic_spells_try(const GameState *s, const Game *g, int p, const Action *a)
{
    return spells_try(s, g, p, a, HEURISTIC_LOOK);
}

int heuristic_spells_known(const GameState *s, int p, const Action *a, int *v)
{
    int now, extra, quiet = quiet_for(s, p, HEURISTIC_LOOK, &now, &extra);
    BoardMemo memo = { 0 };
    return quiet && known_value(s, p, a, quiet, now, extra, HEURISTIC_LOOK, &memo, v);
}

/* The action to take (heuristic_spells_main): the land drop given, else
 * spells_look's. Inline in each entry point, which then makes one call
 * (h_main's, at each look, went through two). */
static inline __attribute__((always_inline)) int spells_main(const GameState *s, const Game *g, int p,
                                                             const Action *legal, int n, int land, int prune,
                                                             int version, Ranked *rank)
{
    if (land >= 0) return land;
    return spells_look(s, g, p, legal, n, version, prune, rank);
}

int heuristic_spells_main(const GameState *s, const Game *g, int p, const Action *legal, int n, int land)
{
    return spells_main(s, g, p, legal, n, land, 1, HEURISTIC_LOOK, NULL);
}

int heuristic_spells_main_version(const GameState *s, const Game *g, int p, const Action *legal, int n, int land,
                                  int version)
{
    return spells_main(s, g, p, legal, n, land, 1, version, NULL);
}

int heuristic_spells_main_unpruned(const GameState *s, const Game *g, int p, const Action *legal, int n, int land)
{
    return spells_main(s, g, p, legal, n, land, 0, HEURISTIC_LOOK, NULL);
}

int heuristic_spells_values(const GameState *s, const Game *g, int p, const Action *legal, int n, int prune, int *k,
                            int *v, int max)
{
    Ranked r;
    r.n = r.pass_valued = 0;
    spells_main(s, g, p, legal, n, -1, prune, HEURISTIC_LOOK, &r);
    int m = 0;
    if (r.pass_valued && m < max) { k[m] = 0; v[m++] = r.pass_v; }   /* passing first */
    for (int j = 0; j < r.n && m < max; j++) { k[m] = r.k[j]; v[m++] = r.v[j]; }
    return m;
}

int heuristic_spells_ranked(const GameState *s, const Game *g, int p, const Action *legal, int n, int version,
                            int *out, int max)
{
    Ranked r;
    r.n = r.pass_valued = 0;
    int best = spells_main(s, g, p, legal, n, -1, 1, version, &r), m = 0;
    if (max < 1) return 0;
    out[m++] = best;
    if (!r.n) return m;
    if (best && m < max) out[m++] = 0;                  /* passing, then the others by value */
    while (m < max) {
        int j = -1;
        for (int i = 0; i < r.n; i++)
            if (r.k[i] >= 0 && r.k[i] != best && (j < 0 || r.v[i] > r.v[j])) j = i;
        if (j < 0) break;
        out[m++] = r.k[j];
        r.k[j] = -1;
    }
    return m;
}

/* Whether card `card`'s triggered abilities with targets only help what
 * they target (policy_sense: a pump, Awakener Druid's Forest made a creature). */
static int trigger_helps(const GameState *s, uint16_t card)
{
    const CardDef *d = &s->cards[card];
    int way = 0;
    for (int k = 0; k < d->n_abilities; k++) {
        const Ability *a = &d->ab[k];
        if (a->kind != AB_TRIGGERED || !a->n_targets) continue;
        for (int j = 0; j < a->n_effects; j++) {
            if (a->effect[j].who != SEL_TARGET) continue;
            int v = policy_sense(&a->effect[j]);
            if (v <= 0 || (way && v != way)) return 0;
            way = v;
        }
    }
    return way > 0;
}

int heuristic_choose(const GameState *s, const Game *g, int p, const Choice *c)
{
    return heuristic_choose_version(s, g, p, c, HEURISTIC_VERSION);
}

int heuristic_choose_version(const GameState *s, const Game *g, int p, const Choice *c, int version)
{
    (void)g;
    if (c->kind == CH_TARGET_COUNT || c->kind == CH_TARGET_NEXT || c->kind == CH_DIVIDE)
        return heuristic_choose_many(s, p, c);
    if (c->kind == CH_MAY) return 0;   /* what it may do helps it: its targets were its choice */
    if (c->kind == CH_ORDER || c->kind == CH_SCRY) return 0;   /* the library as it is (no reading yet) */
    if (c->kind == CH_PAY) return 0;   /* its spell is worth more than the mana left this turn */
    if (c->kind == CH_PAY_X) return c->n - 2;   /* "you may pay {X}{R}": the most it can (its targets chose the foe's) */
    if (c->kind == CH_CREATURE_TYPE) return 0;   /* the type most of its creatures have (zone.c's order) */
    if (c->kind == CH_GY_EXILE) {      /* a noncreature card first (creature cards come back: Gravedigger),
                                          the cheapest */
        int best = 0, best_v = 1 << 30;
        for (int k = 0; k < c->n; k++) {
            const CardDef *d = &s->cards[OBJ_CARD(s, p, c->idx[k])];
            int v = 2 * d->mana_value + ((d->types & TYPE_CREATURE) ? 100 : 0);
            if (v < best_v) { best_v = v; best = k; }
        }
        return best;
    }
    if (c->kind == CH_DISCARD_OR) {    /* the cheapest card: the permanent is worth keeping */
        const Player *pl = &s->pl[p];
        int best = 0, best_v = 1 << 30;
        for (int k = 0; k + 1 < c->n; k++) {
            int v = s->cards[OBJ_CARD(s, p, pl->hand[c->idx[k]])].mana_value;
            if (v < best_v) { best_v = v; best = k; }
        }
        return best;
    }
    if (c->kind == CH_SEPARATE || c->kind == CH_PILE) {
        /* a pile's worth to the player who takes it: its cards (the board values each card in
         * hand), then their mana values; the chooser takes the better, the separator makes
         * the better of the two as poor as it can */
        const int q = c->arg & 1, m = c->total;
        int v[8];
        for (int j = 0; j < m && j < 8; j++) v[j] = 8 + s->cards[OBJ_CARD(s, q, c->idx[j])].mana_value;
        int best = 0, best_v = 1 << 30;
        for (int k = 0; k < c->n; k++) {
            int sep = c->kind == CH_PILE ? c->step : k, a = 0, b = 0;
            for (int j = 0; j < m && j < 8; j++) { if ((sep >> j) & 1) b += v[j]; else a += v[j]; }
            if (c->kind == CH_PILE) return b > a;
            int worth = a > b ? a : b;
            if (worth < best_v) { best_v = worth; best = k; }
        }
        return best;
    }
    if (c->kind == CH_PREVENT_FIRST) return 0;   /* the shield first: its life is sure to be spared */
    if (c->kind == CH_REDIRECT_OWN) {  /* two Pariahs: the opponent's creature, else its own least valued */
        int best = 0, best_v = 1 << 30;
        for (int k = 0; k < c->n; k++) {
            int i = c->idx[k], v = board_creature_value(s, i);
            if (perm_controller(s, i) != p) v = -v;
            if (v < best_v) { best_v = v; best = k; }
        }
        return best;
    }
    if (c->kind == CH_REDIRECT) {      /* the player when it kills them, else the planeswalker it kills
                                          with the most loyalty, else the player */
        int opp = 1 - p, best = 0, best_l = 0;
        if (s->pl[opp].life <= c->arg) return 0;
        for (int k = 1; k < c->n; k++) {
            int l = s->perm[c->idx[k]].loyalty;
            if (l <= c->arg && l > best_l) { best_l = l; best = k; }
        }
        return best;
    }
    if (c->kind == CH_HAND_PICK) {     /* the other player's dearest card (its own: the cheapest) */
        int q = c->arg & 1, sign = q == p ? -1 : 1;
        const Player *pl = &s->pl[q];
        int best = 0, best_v = -1000;
        for (int k = 0; k < c->n; k++) {
            const CardDef *d = &s->cards[OBJ_CARD(s, q, pl->hand[c->idx[k]])];
            int v = sign * (2 * d->mana_value + ((d->types & TYPE_CREATURE) ? 1 : 0));
            if (v > best_v) { best_v = v; best = k; }
        }
        return best;
    }
    if (c->kind == CH_COLOR) {         /* the color most of the opponent's permanents have */
        int n[5] = { 0 }, best = 0;
        for (PermIter it = permset_iter(s->perm_ctl[1 - p]); permiter_more(&it);) {
            unsigned cb = s->px[permiter_next(&it)].colors;
            for (int k = 0; k < 5; k++) n[k] += (cb >> k) & 1;
        }
        for (int k = 1; k < 5 && k < c->n; k++) if (n[k] > n[best]) best = k;
        return best;
    }
    if (c->kind == CH_SEARCH) {        /* a land of the color its hand lacks most, else the dearest card */
        const Player *pl = &s->pl[p];
        int need[COLOR_COUNT] = { 0 };
        for (int h = 0; h < pl->hand_n; h++) {
            const CardDef *d = &s->cards[OBJ_CARD(s, p, pl->hand[h])];
            for (int k = 0; k < COLOR_COUNT; k++) need[k] += d->cost_color[k];
        }
        int best = 0, best_v = -1000;
        for (int k = 0; k < c->n; k++) {
            if (c->idx[k] == SEARCH_NOTHING) continue;
            const CardDef *d = &s->cards[OBJ_CARD(s, p, pl->lib[pl->lib_top + c->idx[k]])];
            int v = d->mana_value;
            if ((d->types & TYPE_LAND) && d->produces >= 0) v = 10 + need[d->produces] * 4 - player_basics(s, p, d->produces, 0);
            if (v > best_v) { best_v = v; best = k; }
        }
        return best;
    }
    if (c->kind == CH_SACRIFICE) {     /* the least valuable */
        int best = 0, best_v = 1 << 30;
        for (int k = 0; k < c->n; k++) {
            int i = c->idx[k], v = perm_is_creature(s, i) ? board_creature_value(s, i) : 3;
            if (v < best_v) { best_v = v; best = k; }
        }
        return best;
    }
    if (c->kind == CH_SAC_LAND) {      /* a tapped basic land of its most common color; a land permanent last */
        const Player *pl = &s->pl[p];
        int best = 0, best_v = -1;
        for (int k = 0; k < c->n; k++) {
            unsigned o = c->idx[k];
            int v = SAC_IS_BASIC(o) ? 1 + pl->land_n[(o >> 1) & 7] + ((o & 1) ? 100 : 0) : 0;
            if (!SAC_IS_BASIC(o) && s->cards[s->perm[o].card].produces >= 0)     /* a basic land permanent */
                v = 1 + player_basics(s, p, s->cards[s->perm[o].card].produces, 0) + (s->perm[o].flags & PF_TAPPED ? 100 : 0);
            if (v > best_v) { best_v = v; best = k; }
        }
        return best;
    }
    if (c->kind == CH_KEEP) {          /* the one with the most on it: counters, damage aside */
        int best = 0, best_v = -1000;
        for (int k = 0; k < c->n; k++) {
            const Permanent *q = &s->perm[c->idx[k]];
            int v = q->plus * 2 - q->minus * 2 - q->damage + (q->flags & PF_TAPPED ? 0 : 1);
            if (v > best_v) { best_v = v; best = k; }
        }
        return best;
    }
    if (c->kind == CH_ATTACH) {        /* an Aura that harms on the opponent's best, else on its own best */
        const CardDef *d = &s->cards[c->arg];
        int harm = 0;
        for (int k = 0; k < d->n_abilities; k++)
            for (int j = 0; d->ab[k].kind == AB_STATIC && j < d->ab[k].n_effects; j++) {
                const Effect *e = &d->ab[k].effect[j];
                if (e->who == SEL_ATTACHED && (policy_sense(e) < 0 || e->op == OP_CONTROL ||
                                              (e->op == OP_RULE && e->arg2 == RULE_NO_ACTIVATE)))
                    harm = 1;
            }
        int best = 0, best_v = -(1 << 30);
        for (int k = 0; k < c->n; k++) {
            int i = c->idx[k], mine = perm_controller(s, i) == p;
            int v = (perm_is_creature(s, i) ? board_creature_value(s, i) : 3) - (mine == harm ? 1 << 20 : 0);
            if (v > best_v) { best_v = v; best = k; }
        }
        return best;
    }
    if (c->kind == CH_PUT) {           /* the dearest card, never nothing */
        const Player *pl = &s->pl[p];
        int best = 0, best_v = -1;
        for (int k = 0; k < c->n; k++) {
            if (c->idx[k] == PUT_NOTHING) continue;
            int v = s->cards[OBJ_CARD(s, p, pl->hand[c->idx[k]])].mana_value;
            if (v > best_v) { best_v = v; best = k; }
        }
        return best;
    }
    if (c->kind == CH_DISCARD) {
        /* The card of the highest mana value it cannot cast soon goes:
         * lands past the fifth, else the most expensive. */
        const Player *pl = &s->pl[p];
        int best = 0, best_v = -1000;
        for (int k = 0; k < c->n; k++) {
            const CardDef *d = &s->cards[OBJ_CARD(s, p, pl->hand[c->idx[k]])];
            int v = (d->types & TYPE_LAND) ? (player_basics_all(s, p) >= 5 ? 50 : -50) : d->mana_value;
            if (v > best_v) { best_v = v; best = k; }
        }
        return best;
    }
    /* Targets of a triggered ability: valued as the board after it would
     * resolve is hard without the item; the opponent's most valuable
     * creature for what the opponent should not want, else the first.
     * Version 2: its own most valuable for what only helps (Awakener Druid
     * makes its own Forest the Treefolk). */
    int own = version >= 2 && c->kind == CH_TARGETS && trigger_helps(s, c->card) ? -1 : 1;
    int best = 0, best_v = -100000;
    for (int k = 0; k < c->n; k++) {
        const Action *a = &c->opt[k];
        int v = 0;
        for (int j = 0; j < a->n_targets; j++) {
            if (a->tk[j] == TK_PERM) {
                int i = a->tv[j];
                int mine = perm_controller(s, i) == p;
                v += own * (mine ? -1 : 1) * (perm_is_creature(s, i) ? board_creature_value(s, i) : 3);
            } else if (a->tk[j] == TK_PLAYER) {
                v += a->tv[j] == p ? -5 : 5;
            }
        }
        if (v > best_v) { best_v = v; best = k; }
    }
    return best;
}
