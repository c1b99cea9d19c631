/* combat.c: declaring attackers and blockers, damage assignment orders,
 * combat damage assignment, its checks, and dealing it (506-511, 119). */
#include <string.h>
#include "combat.h"
#include "stack.h"
#include "damage.h"
#include "ability.h"
#include "layers.h"
#include "policy.h"

static inline int defender_of(const GameState *s) { return 1 - s->active; }

int combat_can_block(const GameState *s, int b, int a)
{
    /* A blocker the defender controls: on the battlefield (perm_ctl is a
     * part of perm_used, one test where two took a 128-bit shift each). */
    if (b < 0 || b >= PERM_MAX || !permset_has(s->perm_ctl[defender_of(s)], b)) return 0;
    if (a < 0 || a >= PERM_MAX || !permset_has(s->combat.attackers, a)) return 0;
    const Permanent *q = &s->perm[b];
    if (!perm_is_creature(s, b)) return 0;
    if (q->flags & (PF_TAPPED | PF_NO_BLOCK)) return 0;                       /* 509.1a */
    if (perm_has(s, a, KW_FLYING) && !perm_has(s, b, KW_FLYING | KW_REACH))
        return 0;                                                             /* 702.9b, 702.17b */
    if (s->spells && ((s->px[a].rules | s->px[b].rules) & COMBAT_PAIR_RULES)) return combat_rules_pair(s, b, a);
    return 1;
}

/* The checks of a declaration of attackers, inlined in the declaration
 * (every turn) and in combat_check_attack; `spells` (s->spells, a
 * constant in each copy) adds the rules abilities' part, so that the
 * creature-only copy is what it was without them. */
static inline __attribute__((always_inline)) int check_attack(const GameState *s, const AttackDecl *d, int n,
                                                              int spells)
{
    if (n < 0 || n > PERM_MAX) return ERR_ILLEGAL_ATTACK;
    PermSet seen = 0;
    int def = defender_of(s);
    for (int k = 0; k < n; k++) {
        int a = d[k].attacker, t = d[k].target;
        if (!combat_can_attack(s, a) || permset_has(seen, a)) return ERR_ILLEGAL_ATTACK;
        seen |= PERMSET_BIT(a);
        if (t != TARGET_PLAYER) {                                             /* 508.1b */
            if (t >= PERM_MAX || !permset_has(s->perm_ctl[def], t) || !perm_is_planeswalker(s, t))
                return ERR_ILLEGAL_ATTACK;
        }
    }
    return spells ? combat_rules_attack(s, d, n) : MTG_OK;
}

int combat_check_attack(const GameState *s, const AttackDecl *d, int n)
{
    return s->spells ? check_attack(s, d, n, 1) : check_attack(s, d, n, 0);
}

int combat_declare_attackers(GameState *s, Game *g, const AttackDecl *d, int n)
{
    int err = s->spells ? check_attack(s, d, n, 1) : check_attack(s, d, n, 0);
    if (err) return err;
    for (int k = 0; k < n; k++) {
        Permanent *q = &s->perm[d[k].attacker];
        q->target = d[k].target;
        if (!perm_has(s, d[k].attacker, KW_VIGILANCE) && !(q->flags & PF_TAPPED)) {   /* 508.1f, 702.20b */
            q->flags |= PF_TAPPED;
            if (s->spells) trigger_tapped(s, d[k].attacker);
        }
        s->combat.attackers |= PERMSET_BIT(d[k].attacker);
        game_event(g, s, EV_ATTACK, s->active, d[k].attacker, d[k].target, q->card, 0, 0);
    }
    return MTG_OK;
}

/* The checks of a declaration of blockers, inlined likewise; with rank_a
 * and rank_b (the declaration's), zeroes their entries the pairs use. */
static inline __attribute__((always_inline)) int check_block(const GameState *s, const BlockDecl *d, int n,
                                                             uint8_t *rank_a, uint8_t *rank_b, int spells)
{
    if (n < 0) return ERR_ILLEGAL_BLOCK;
    if (n > PAIR_MAX) return ERR_CAPACITY;
    /* By slot, and set to zero only where read (clearing the arrays whole
     * took more than the rest of a declaration). */
    uint8_t blocks_of[PERM_MAX];    /* attackers each blocker blocks */
    uint8_t blocked_by[PERM_MAX];   /* blockers of each attacker */
    for (int k = 0; k < n; k++) {
        int b = d[k].blocker, a = d[k].attacker;
        if (!combat_can_block(s, b, a)) return ERR_ILLEGAL_BLOCK;
        blocks_of[b] = 0;
        if (rank_a) rank_b[b] = rank_a[a] = 0;
    }
    for (PermIter it = permset_iter(s->combat.attackers); permiter_more(&it);) blocked_by[permiter_next(&it)] = 0;
    for (int k = 0; k < n; k++) {
        int b = d[k].blocker, a = d[k].attacker;
        for (int j = 0; j < k; j++)
            if (d[j].blocker == b && d[j].attacker == a) return ERR_ILLEGAL_BLOCK;
        if (++blocks_of[b] > perm_def(s, b)->max_blocks &&                   /* 509.1a */
            (!spells || blocks_of[b] > combat_block_capacity(s, b)))
            return ERR_ILLEGAL_BLOCK;
        blocked_by[a]++;
    }
    for (PermIter it = permset_iter(s->combat.attackers); permiter_more(&it);) {        /* 702.111b */
        int a = permiter_next(&it);
        if (blocked_by[a] == 1 && perm_has(s, a, KW_MENACE)) return ERR_ILLEGAL_BLOCK;
    }
    return spells ? combat_rules_block(s, d, n) : MTG_OK;
}

int combat_check_block(const GameState *s, const BlockDecl *d, int n)
{
    return s->spells ? check_block(s, d, n, NULL, NULL, 1) : check_block(s, d, n, NULL, NULL, 0);
}

int combat_declare_blockers(GameState *s, Game *g, const BlockDecl *d, int n)
{
    uint8_t rank_a[PERM_MAX], rank_b[PERM_MAX];
    int err = s->spells ? check_block(s, d, n, rank_a, rank_b, 1) : check_block(s, d, n, rank_a, rank_b, 0);
    if (err) return err;
    Combat *c = &s->combat;
    for (int k = 0; k < n; k++) {
        int b = d[k].blocker, a = d[k].attacker;
        c->pair_att[k] = (uint8_t)a;
        c->pair_blk[k] = (uint8_t)b;
        c->rank_att[k] = rank_a[a]++;
        c->rank_blk[k] = rank_b[b]++;
        c->blockers |= PERMSET_BIT(b);
        s->perm[a].flags |= PF_BLOCKED;                                        /* 509.1h */
        game_event(g, s, EV_BLOCK, defender_of(s), b, a, s->perm[b].card, 0, 0);
    }
    for (int j = n; j < c->n_pairs; j++) c->pair_att[j] = c->pair_blk[j] = c->rank_att[j] = c->rank_blk[j] = 0;
    c->n_pairs = (uint8_t)n;
    return MTG_OK;
}

/* Collects the pairs of one creature, sorted by its order. */
static int pairs_of(const GameState *s, int who, int as_attacker, uint8_t *out)
{
    const Combat *c = &s->combat;
    uint8_t rank[PAIR_MAX];
    int n = 0;
    for (int j = 0; j < c->n_pairs; j++) {
        if ((as_attacker ? c->pair_att[j] : c->pair_blk[j]) != who) continue;
        uint8_t r = as_attacker ? c->rank_att[j] : c->rank_blk[j];
        uint8_t v = as_attacker ? c->pair_blk[j] : c->pair_att[j];
        int k = n++;
        while (k > 0 && rank[k - 1] > r) { rank[k] = rank[k - 1]; out[k] = out[k - 1]; k--; }
        rank[k] = r; out[k] = v;
    }
    return n;
}

int combat_blockers_of(const GameState *s, int attacker, uint8_t *out) { return pairs_of(s, attacker, 1, out); }
int combat_attackers_of(const GameState *s, int blocker, uint8_t *out) { return pairs_of(s, blocker, 0, out); }

static int set_order(GameState *s, int who, int as_attacker, const uint8_t *v, int n)
{
    Combat *c = &s->combat;
    uint8_t cur[PAIR_MAX];
    int m = pairs_of(s, who, as_attacker, cur);
    if (n != m) return ERR_ILLEGAL_ORDER;
    for (int k = 0; k < n; k++) {
        int found = 0;
        for (int j = 0; j < k; j++) if (v[j] == v[k]) return ERR_ILLEGAL_ORDER;
        for (int j = 0; j < m; j++) if (cur[j] == v[k]) found = 1;
        if (!found) return ERR_ILLEGAL_ORDER;
    }
    for (int j = 0; j < c->n_pairs; j++) {
        if ((as_attacker ? c->pair_att[j] : c->pair_blk[j]) != who) continue;
        uint8_t other = as_attacker ? c->pair_blk[j] : c->pair_att[j];
        for (int k = 0; k < n; k++)
            if (v[k] == other) { if (as_attacker) c->rank_att[j] = (uint8_t)k; else c->rank_blk[j] = (uint8_t)k; }
    }
    return MTG_OK;
}

int combat_set_attacker_order(GameState *s, int attacker, const uint8_t *blockers, int n)
{
    if (attacker < 0 || attacker >= PERM_MAX || !permset_has(s->combat.attackers, attacker)) return ERR_ILLEGAL_ORDER;
    return set_order(s, attacker, 1, blockers, n);
}

int combat_set_blocker_order(GameState *s, int blocker, const uint8_t *attackers, int n)
{
    if (blocker < 0 || blocker >= PERM_MAX || !permset_has(s->combat.blockers, blocker)) return ERR_ILLEGAL_ORDER;
    return set_order(s, blocker, 0, attackers, n);
}

int combat_ask_orders(GameState *s, Game *g)
{
    if (s->edition != EDITION_2011) return MTG_OK;
    const Combat *c = &s->combat;
    uint8_t v[PAIR_MAX];
    for (int side = 0; side < 2; side++) {       /* 509.2 then 509.3 */
        int p = side == 0 ? s->active : defender_of(s);
        const Policy *pol = g->policy[p];
        /* Only creatures in two pairs or more have an order to choose:
         * count the pairs first, most have one. */
        uint8_t pairs[PERM_MAX] = {0};
        PermSet who = 0;
        for (int j = 0; j < c->n_pairs; j++) {
            int i = side == 0 ? c->pair_att[j] : c->pair_blk[j];
            if (++pairs[i] == 2) who |= PERMSET_BIT(i);
        }
        for (PermIter it = permset_iter(who); permiter_more(&it);) {
            int i = permiter_next(&it);
            int n = pairs_of(s, i, side == 0, v);
            if (pol && pol->order) pol->order(pol, s, g, p, g->policy_rng[p], i, v, n);
            int err = side == 0 ? combat_set_attacker_order(s, i, v, n) : combat_set_blocker_order(s, i, v, n);
            if (err) return err;
            game_event(g, s, EV_ORDER, p, i, 0, s->perm[i].card, n, 0);
        }
    }
    return MTG_OK;
}

int combat_has_first_strike(const GameState *s)
{
    for (PermIter it = permset_iter(s->combat.attackers | s->combat.blockers); permiter_more(&it);)
        if (perm_has(s, permiter_next(&it), KW_FIRST_STRIKE | KW_DOUBLE_STRIKE)) return 1;
    return 0;
}

/* Damage still needed for lethal on creature r (510.1c-d, 702.2c): damage
 * marked and damage assigned by the same player's other creatures count;
 * indestructible and prevention do not. */
static int lethal_left(const GameState *s, int r, const int16_t *assigned, PermSet dt_assigned)
{
    if (permset_has(dt_assigned, r)) return 0;
    int need = perm_toughness(s, r) - s->perm[r].damage - assigned[r];
    return need > 0 ? need : 0;
}

static int attack_target_valid(const GameState *s, int a)
{
    uint8_t t = s->perm[a].target;
    return t == TARGET_PLAYER || (t < PERM_MAX && permset_has(s->perm_used, t));
}

/* combat_damage_choice, inlined in combat_damage_step: the call, made for
 * each creature that may deal damage, was a measurable part of a step. */
static inline __attribute__((always_inline)) int damage_choice(const GameState *s, int src,
                                                               const int16_t assigned[PERM_MAX],
                                                               PermSet dt_assigned, DamageChoice *dc)
{
    int power = perm_power(s, src);
    if (power <= 0) return 0;                                                 /* 510.1a */
    /* Field by field, not a memset (a slow `rep stos` for this size):
     * entries past n are never read. */
    dc->source = (uint8_t)src;
    dc->power = (int16_t)power;
    dc->ordered = s->edition == EDITION_2011;
    dc->trample = 0;
    dc->unblocked = 0;
    dc->n = 0;
    int is_attacker = permset_has(s->combat.attackers, src);
    if (is_attacker && !(s->perm[src].flags & PF_BLOCKED)) {                  /* 510.1a */
        if (!attack_target_valid(s, src)) return 0;
        dc->to[0] = RECIP_DEFENDER; dc->lethal[0] = 0; dc->n = 1;
        return 1;
    }
    /* The recipients in order, written in place (a copy from a list of
     * their own compiled to a call to memcpy for a byte or two). */
    int n = pairs_of(s, src, is_attacker, dc->to);
    if (is_attacker) {
        int can_defender = attack_target_valid(s, src);
        int trample = perm_has(s, src, KW_TRAMPLE);
        /* "You may have ~ assign its combat damage as though it weren't
         * blocked" (Rhox): its controller may follow 510.1b instead of
         * 510.1c in each damage step, all of the damage to the player or
         * planeswalker it attacks, even with no creature blocking it any
         * more; nothing if that planeswalker has left (510.1b). */
        int unblocked = s->spells && perm_rule(s, src, RULE_ASSIGN_AS_UNBLOCKED) && can_defender;
        if (n == 0 && !((trample || unblocked) && can_defender)) return 0;    /* 510.1c, 702.19e */
        dc->trample = (uint8_t)(trample && can_defender);
        dc->unblocked = (uint8_t)unblocked;
    } else if (n == 0) {
        return 0;                                                             /* 510.1d */
    }
    int dt = perm_has(s, src, KW_DEATHTOUCH);
    for (int k = 0; k < n; k++) {
        int need = lethal_left(s, dc->to[k], assigned, dt_assigned);
        if (dt && need > 1) need = 1;                                         /* 702.2c */
        dc->lethal[k] = (int16_t)need;
    }
    dc->n = (uint8_t)n;
    if (dc->trample || dc->unblocked) { dc->to[n] = RECIP_DEFENDER; dc->lethal[n] = 0; dc->n++; }
    return 1;
}

int combat_damage_choice(const GameState *s, int src, int first_strike,
                         const int16_t assigned[PERM_MAX], PermSet dt_assigned,
                         DamageChoice *dc)
{
    return damage_choice(s, src, assigned, dt_assigned, dc);
}

void combat_default_division(const DamageChoice *dc, int16_t *amount)
{
    if (dc->unblocked) {                     /* Rhox: all of it to the defender, the usual point */
        for (int k = 0; k < dc->n - 1; k++) amount[k] = 0;
        amount[dc->n - 1] = dc->power;
        return;
    }
    int left = dc->power, last_creature = -1;
    for (int k = 0; k < dc->n; k++) {
        amount[k] = 0;
        if (dc->to[k] == RECIP_DEFENDER) continue;
        int give = dc->lethal[k] < left ? dc->lethal[k] : left;
        amount[k] = (int16_t)give;
        left -= give;
        last_creature = k;
    }
    if (!left) return;
    if (dc->to[dc->n - 1] == RECIP_DEFENDER) amount[dc->n - 1] = (int16_t)(amount[dc->n - 1] + left);
    else if (last_creature >= 0) amount[last_creature] = (int16_t)(amount[last_creature] + left);
}

/* One player's or both players' assignments in a damage step, made before
 * any damage is dealt (510.2 deals it all at once): each creature's
 * division in turn, its recipients and amounts one after another. A step
 * has at most STEP_RECIP_MAX recipients in all: each pair is a recipient
 * of its attacker and of its blocker, and an attacker adds one, the player
 * or planeswalker it attacks. A fixed array per creature (ASSIGN_MAX
 * entries for each of PERM_MAX creatures) took tens of KiB of stack. */
#define STEP_RECIP_MAX (2 * PAIR_MAX + PERM_MAX)

typedef struct StepAssign {
    int      n;                        /* creatures that assign damage */
    PermSet  unblocked;                /* those that may assign as though they weren't blocked
                                          (DamageChoice.unblocked) */
    uint8_t  source[PERM_MAX];         /* creature k's slot */
    uint8_t  flags[PERM_MAX];          /* creature k's damage: DMG_* */
    int16_t  power[PERM_MAX];          /* the damage creature k divides */
    uint16_t first[PERM_MAX + 1];      /* creature k's recipients: first[k] .. first[k + 1] - 1 */
    uint8_t  to[STEP_RECIP_MAX];       /* a creature's slot, or RECIP_DEFENDER */
    int16_t  amount[STEP_RECIP_MAX];   /* damage assigned to it */
} StepAssign;

/* Checks one player's whole assignment, creatures k0 .. k1 - 1 of sa
 * (510.1d in 2011, 510.1c-d since): amounts add up to the damage assigned,
 * an ordered creature gets damage only if every creature before it is
 * assigned lethal, and the defender gets trample damage only once every
 * blocker is assigned lethal. A creature that may assign its combat damage
 * as though it weren't blocked (Rhox) may give all of it to the defender
 * (510.1b) or divide it as a blocked creature does (510.1c, with trample
 * 702.19b), not split it between the two otherwise; with no creature
 * blocking it any more and no trample, the second choice is no damage at
 * all (510.1c). */
static int check_assignment(const GameState *s, const StepAssign *sa, int k0, int k1,
                            const int16_t *assigned, PermSet dt_assigned)
{
    int ordered = s->edition == EDITION_2011;
    for (int k = k0; k < k1; k++) {
        int j0 = sa->first[k], j1 = sa->first[k + 1];
        int sum = 0;
        for (int j = j0; j < j1; j++) {
            if (sa->amount[j] < 0) return ERR_ILLEGAL_ASSIGNMENT;
            sum += sa->amount[j];
        }
        if (permset_has(sa->unblocked, sa->source[k])) {
            /* RECIP_DEFENDER is its last recipient (combat_damage_choice);
             * its trample then is DamageChoice.trample (both need the
             * player or planeswalker it attacks). */
            int to_def = sa->amount[j1 - 1];
            if (sum == sa->power[k] && to_def == sum) continue;              /* 510.1b */
            if (!perm_has(s, sa->source[k], KW_TRAMPLE)) {
                if (to_def > 0) return ERR_ILLEGAL_ASSIGNMENT;               /* no split */
                if (j1 - j0 == 1 && sum == 0) continue;                      /* 510.1c: no blocker, no damage */
            }
        }
        if (sum != sa->power[k]) return ERR_ILLEGAL_ASSIGNMENT;
        int all_lethal_before = 1;
        for (int j = j0; j < j1; j++) {
            int r = sa->to[j];
            if (r == RECIP_DEFENDER) {
                if (sa->amount[j] > 0 && !all_lethal_before && j1 - j0 > 1) return ERR_ILLEGAL_ASSIGNMENT;
                continue;
            }
            if (ordered && sa->amount[j] > 0 && !all_lethal_before) return ERR_ILLEGAL_ASSIGNMENT;
            int lethal = permset_has(dt_assigned, r) ||
                         assigned[r] >= perm_toughness(s, r) - s->perm[r].damage;
            if (!lethal) all_lethal_before = 0;
        }
    }
    return MTG_OK;
}

/* 615: whether the source's combat damage to `to` (a permanent's slot, or
 * TARGET_PLAYER) is all prevented: by the source's colors as it deals it
 * (Luminesce: a creature's colors now, 105.2), by an Aura on the source
 * ("dealt by enchanted creature": Heart of Light) or on the recipient
 * (Heart of Light; Magebane Armor's noncombat damage alone is not this). */
static __attribute__((noinline)) int prevented_all(const GameState *s, int src, int to)
{
    if (damage_color_prevented(s, s->px[src].colors)) return 1;
    return damage_attached_prevents(s, src, 1, 1) || (to != TARGET_PLAYER && damage_attached_prevents(s, to, 0, 1));
}

/* Deals one source's combat damage to one recipient (510.2), after
 * prevention (119.4a, 615): to the defending player (or the planeswalker
 * it attacks) when `to` is RECIP_DEFENDER, else to creature `to`. `flags`
 * are the source's DMG_* bits; lifelink adds to gain[controller].
 * `spells`: s->spells, a constant where it is inlined, so that
 * creature-only games (no prevention effect, no trigger) run none of the
 * rest. */
static inline __attribute__((always_inline)) int deal(GameState *s, Game *g, int src, int to, int amt, uint8_t flags,
                                                      int *gain, PermSet *touched, int spells, int doubled)
{
    int def = defender_of(s);
    if (spells && (s->prevent_combat & PC_COMBAT) && !state_no_prevention(s)) return 0;   /* 615: Fog */
    if (to == RECIP_DEFENDER) {
        uint8_t t = s->perm[src].target;
        if ((s->perm[src].flags & PF_BLOCKED) && (s->perm[src].kw & KW_TRAMPLE)) flags |= DMG_TRAMPLE;   /* not Rhox's */
        if (t == TARGET_PLAYER) to = TARGET_PLAYER;
        else { to = t; flags |= DMG_TO_PW; }
    }
    if (spells && s->prevent_combat && damage_all_prevented(s, to == TARGET_PLAYER ? -1 : to, def) && !state_no_prevention(s))
        return 0;                                                             /* Safe Passage */
    if (spells && (s->prevent_colors || !(s->spells & SPELLS_NO_WARDS)) && !state_no_prevention(s) &&
        prevented_all(s, src, to))
        return 0;                                                             /* Luminesce, Heart of Light */
    if (spells && to == TARGET_PLAYER && !(s->spells & SPELLS_NO_REDIRECT)) {
        /* Pariah, Kjeldoran Royal Guard (614.9): the combat damage to the player dealt to the
         * creature instead, by the same source, still combat damage; the new recipient's
         * protection and preventions apply. The Guard's takes only an unblocked creature's
         * (509.1h: an attacking creature no creature was declared to block; one whose blockers
         * have left stays blocked), not a blocked trampler's excess */
        int c = damage_redirect(s, g, def, perm_controller(s, src), s->perm[src].card,
                                !(s->perm[src].flags & PF_BLOCKED), 0, &amt);
        if (c < 0 && amt <= 0) return 0;
        if (c >= 0) {
            Quality pq = quality_of_perm(s, src);
            if (!state_no_prevention(s) && (layers_protected(s, c, &pq) || damage_all_prevented(s, c, def) ||
                                            damage_attached_prevents(s, c, 0, 1)))
                return 0;                                                     /* 702.16e, Safe Passage, Heart of Light */
            to = c;
        }
    }
    if (to == TARGET_PLAYER) {
        Player *pl = &s->pl[def];
        if (spells && !state_no_prevention(s)) amt -= damage_player_shields(s, def, perm_controller(s, src));   /* Guardian Seraph */
        if (amt <= 0) return 0;
        if (pl->prevent) {                                              /* a shield (most blows meet none) */
            int stop = pl->prevent < amt ? pl->prevent : amt;
            if (stop && spells && state_no_prevention(s)) stop = 0;     /* Leyline of Punishment */
            pl->prevent = (int16_t)(pl->prevent - stop);
            amt -= stop;
        }
    } else {
        Permanent *q = &s->perm[to];
        if (q->prevent) {
            int stop = q->prevent < amt ? q->prevent : amt;
            if (stop && spells && state_no_prevention(s)) stop = 0;     /* Leyline of Punishment */
            q->prevent = (uint8_t)(q->prevent - stop);
            amt -= stop;
        }
        if (spells && perm_prevents_all(s, to) && !state_no_prevention(s)) amt = 0;   /* Cho-Manno */
    }
    if (amt <= 0) return 0;                                                   /* 119.8, 615 */
    for (int k = 0; spells && k < doubled && amt < 10000; k++) amt *= 2;     /* Furnace of Rath: after prevention */
    if (to != TARGET_PLAYER) *touched |= PERMSET_BIT(to);
    int ctl = perm_controller(s, src);
    game_event(g, s, EV_DAMAGE, ctl, src, to, s->perm[src].card, amt, flags);
    if (to == TARGET_PLAYER) {
        Player *pl = &s->pl[def];
        if (flags & DMG_INFECT) {                                             /* 119.3b */
            int v = pl->poison + amt;
            pl->poison = (uint8_t)(v > 255 ? 255 : v);
            game_event(g, s, EV_POISON, def, src, 0, 0, amt, 0);
        } else {                                                              /* 119.3a */
            int v = pl->life - amt;
            pl->life = (int16_t)(v < -30000 ? -30000 : v);
            game_event(g, s, EV_LIFE, def, src, 0, 0, -amt, 0);
        }
        if (spells) {
            s->damaged_opp |= (uint8_t)(1u << def);
            trigger_event_on(s, TR_COMBAT_DAMAGE_PLAYER, src, NO_SLOT, def, amt);
            trigger_attached(s, TR_ATTACHED_COMBAT_DAMAGE_PLAYER, src, def, amt);    /* Worldslayer */
            trigger_event_on(s, TR_DAMAGE_OPPONENT, src, NO_SLOT, def, amt);
            trigger_gy_damage(s, def, s->perm[src].card, s->px[src].colors, ctl);   /* Chandra's Phoenix */
        }
    } else if (flags & DMG_TO_PW) {                                           /* 119.3c */
        Permanent *q = &s->perm[to];
        q->loyalty = (uint8_t)(q->loyalty > amt ? q->loyalty - amt : 0);
    } else {
        Permanent *q = &s->perm[to];
        if (flags & (DMG_INFECT | DMG_WITHER)) {                              /* 119.3d */
            int v = q->minus + amt;
            v = v > 255 ? 255 : v;
            q->power = (int16_t)(q->power - (v - q->minus));
            q->toughness = (int16_t)(q->toughness - (v - q->minus));
            q->minus = (uint8_t)v;
        } else {                                                              /* 119.3e */
            int v = q->damage + amt;
            q->damage = (uint8_t)(v > 255 ? 255 : v);
        }
        if (flags & DMG_DEATHTOUCH) q->flags |= PF_DEATHTOUCHED;              /* 704.5h */
    }
    if (to != TARGET_PLAYER && spells) {
        trigger_event_on(s, TR_DEALT_DAMAGE, to, NO_SLOT, ctl, amt);   /* Belltower Sphinx */
        trigger_damage_record(s, src, to);                                    /* Sengir Vampire */
    }
    if (flags & DMG_LIFELINK) gain[ctl] += amt;                               /* 119.3f */
    return amt;
}

static inline void prevent_protected(const GameState *s, StepAssign *sa);

/* 510.2: the step's damage, all of it at once, in the order assigned
 * (`spells` as for deal). */
static inline __attribute__((always_inline)) void deal_all(GameState *s, Game *g, StepAssign *sa, int *gain,
                                                           PermSet *touched, int spells)
{
    if (spells) prevent_protected(s, sa);
    int doubled = spells ? damage_doublers(s) : 0;                            /* 614.1a: the amounts assigned, doubled as dealt */
    for (int k = 0; k < sa->n; k++) {
        int dealt = 0;
        for (int j = sa->first[k]; j < sa->first[k + 1]; j++)
            if (sa->amount[j] > 0)                                            /* 119.8 */
                dealt += deal(s, g, sa->source[k], sa->to[j], sa->amount[j], sa->flags[k], gain, touched, spells, doubled);
        if (spells && dealt) trigger_attached_damage(s, sa->source[k], dealt);   /* Spirit Link: once per source */
        if (spells && dealt && (sa->flags[k] & DMG_LIFELINK) &&   /* one life gain per source (120.3f) */
            !(s->pl_rules[perm_controller(s, sa->source[k])] & PR_NO_GAIN)) {
            int ctl = perm_controller(s, sa->source[k]);
            trigger_event(s, TR_GAIN_LIFE, NO_SLOT, 0, ctl, ctl, dealt);
        }
    }
}

/* deal_all of a game with rules text, a function of its own: the
 * creature-only copy in combat_damage_step stays as small as it was. */
static __attribute__((noinline)) void deal_all_spells(GameState *s, Game *g, StepAssign *sa, int *gain, PermSet *touched)
{
    deal_all(s, g, sa, gain, touched, 1);
}

/* Whether permanent `to`, which has protection from something, has it
 * from source src. */
static __attribute__((noinline)) int protected_from(const GameState *s, int to, int src)
{
    Quality q = quality_of_perm(s, src);
    return layers_protected(s, to, &q);
}

/* 702.16e: damage assigned to a creature (or planeswalker) with
 * protection from its source is prevented: assigned, but not dealt.
 * Inline: most recipients have no protection, and only those that have
 * are asked further. */
static inline void prevent_protected(const GameState *s, StepAssign *sa)
{
    if (state_no_prevention(s)) return;                                      /* Leyline of Punishment */
    for (int k = 0; k < sa->n; k++)
        for (int j = sa->first[k]; j < sa->first[k + 1]; j++) {
            int to = sa->to[j];
            if (to == RECIP_DEFENDER) to = s->perm[sa->source[k]].target;    /* a planeswalker, or the player */
            if (to < PERM_MAX && (s->px[to].rules & RULE_BIT(RULE_PROTECTION)) && protected_from(s, to, sa->source[k]))
                sa->amount[j] = 0;
        }
}

/* combat_damage_step, compiled twice (always_inline, `wide` a constant in
 * each copy): for the usual battlefield, with no permanent in a slot past
 * 63, the masks it walks have a high word the compiler knows is zero
 * (permset_narrow), and for a larger one. */
static inline __attribute__((always_inline)) int damage_step(GameState *s, Game *g, int first_strike,
                                                             const DamageAssign *given, int n_given, int wide)
{
    Combat *c = &s->combat;
    PermSet in_combat = permset_narrow(c->attackers | c->blockers, wide);
    if (first_strike) {
        c->first_strike = 1;
        for (PermIter it = permset_iter(in_combat); permiter_more(&it);) {
            int i = permiter_next(&it);
            if (perm_has(s, i, KW_FIRST_STRIKE | KW_DOUBLE_STRIKE)) s->perm[i].flags |= PF_HAD_FS;
        }
    }
    StepAssign sa;
    sa.n = 0;
    sa.unblocked = 0;
    sa.first[0] = 0;
    for (int side = 0; side < 2; side++) {                                    /* 510.1: APNAP */
        int p = side == 0 ? s->active : defender_of(s);
        PermSet mine = in_combat & s->perm_ctl[p];
        if (!mine) continue;                  /* the defender with no blocker: nothing to assign */
        const Policy *pol = g->policy[p];
        /* Damage assigned to each creature: only the other side's creatures
         * in combat (each creature in combat is the active player's or the
         * defender's) can receive any (zeroing all of it compiled to a slow
         * `rep stos`). */
        int16_t assigned[PERM_MAX];
        for (PermIter it = permset_iter(in_combat & ~mine); permiter_more(&it);)
            assigned[permiter_next(&it)] = 0;
        PermSet dt_assigned = 0;
        int outside = 0;                      /* a division came from a policy or `given` */
        int k0 = sa.n;                        /* this player's first creature in sa */
        for (PermIter it = permset_iter(mine); permiter_more(&it);) {
            int i = permiter_next(&it);
            unsigned kw = perm_kw(s, i);
            /* 510.4, 702.4b, 702.7b: who deals damage in this step. */
            if (first_strike ? !(kw & (KW_FIRST_STRIKE | KW_DOUBLE_STRIKE))
                             : (s->perm[i].flags & PF_HAD_FS) && !(kw & KW_DOUBLE_STRIKE))
                continue;
            DamageChoice dc;
            if (!damage_choice(s, i, assigned, dt_assigned, &dc)) continue;
            int at = sa.first[sa.n];
            int16_t *amount = &sa.amount[at];     /* the division is written in place */
            const DamageAssign *gv = NULL;
            for (int k = 0; k < n_given; k++) if (given[k].source == i) gv = &given[k];
            if (gv) {
                outside = 1;
                for (int j = 0; j < dc.n; j++) amount[j] = 0;
                for (int k = 0; k < gv->n; k++) {
                    int j = 0;
                    while (j < dc.n && dc.to[j] != gv->to[k]) j++;
                    if (j == dc.n) {
                        if (gv->amount[k] != 0) return ERR_ILLEGAL_ASSIGNMENT;
                        continue;
                    }
                    amount[j] = (int16_t)(amount[j] + gv->amount[k]);
                }
            } else if (pol && pol->assign && dc.n > 1) {
                outside = 1;
                pol->assign(pol, s, g, p, g->policy_rng[p], &dc, amount);
            } else if (dc.n == 1) {
                amount[0] = dc.power;             /* combat_default_division's answer for one recipient */
            } else {
                combat_default_division(&dc, amount);
            }
            int dt = (kw & KW_DEATHTOUCH) != 0;
            for (int k = 0; k < dc.n; k++) {
                int r = dc.to[k];
                sa.to[at + k] = (uint8_t)r;
                if (r == RECIP_DEFENDER) continue;
                assigned[r] = (int16_t)(assigned[r] + amount[k]);
                if (dt && amount[k] > 0) dt_assigned |= PERMSET_BIT(r);
            }
            if (dc.unblocked) sa.unblocked |= PERMSET_BIT(i);
            sa.source[sa.n] = (uint8_t)i;
            sa.power[sa.n] = dc.power;
            sa.flags[sa.n] = (uint8_t)((first_strike ? DMG_FIRST_STRIKE : 0) |
                                       (kw & KW_DEATHTOUCH ? DMG_DEATHTOUCH : 0) |
                                       (kw & KW_LIFELINK ? DMG_LIFELINK : 0) |
                                       (kw & KW_INFECT ? DMG_INFECT : 0) |
                                       (kw & KW_WITHER ? DMG_WITHER : 0));
            sa.n++;
            sa.first[sa.n] = (uint16_t)(at + dc.n);
        }
        /* The engine's own division (combat_default_division) is legal by
         * construction; what came from outside is checked, with the rest of
         * the player's assignment it is part of (510.1c-d). */
        if (outside) {
            int err = check_assignment(s, &sa, k0, sa.n, assigned, dt_assigned);
            if (err) return err;
        }
    }

    /* 510.2: all of it is dealt at once, in the order assigned. */
    int gain[2] = {0, 0};
    PermSet touched = 0;                      /* permanents dealt damage */
    if (s->spells) deal_all_spells(s, g, &sa, gain, &touched);
    else deal_all(s, g, &sa, gain, &touched, 0);
    for (int p = 0; p < 2; p++) {
        if (!gain[p] || (s->pl_rules[p] & PR_NO_GAIN)) continue;           /* "can't gain life" */
        int v = s->pl[p].life + gain[p];
        s->pl[p].life = (int16_t)(v > 30000 ? 30000 : v);
        game_event(g, s, EV_LIFE, p, 0, 0, 0, gain[p], DMG_LIFELINK);
    }
    sba_apply_some(s, g, touched);                                            /* 510.3 -> 704.3 */
    return MTG_OK;
}

int combat_damage_step(GameState *s, Game *g, int first_strike, const DamageAssign *given, int n_given)
{
    return permset_wide(s->perm_used) ? damage_step(s, g, first_strike, given, n_given, 1)
                                      : damage_step(s, g, first_strike, given, n_given, 0);
}

void combat_end(GameState *s)
{
    for (PermIter it = permset_iter(s->combat.attackers | s->combat.blockers); permiter_more(&it);) {
        Permanent *q = &s->perm[permiter_next(&it)];
        q->target = TARGET_NONE;
        q->flags &= (uint8_t)~(PF_BLOCKED | PF_HAD_FS);
    }
    /* Field by field: a memset of the whole struct compiles to `rep stos`,
     * whose start-up cost was most of this function's time. Pairs past
     * n_pairs are zero already (state.h): only the combat's are cleared. */
    Combat *c = &s->combat;
    c->attackers = c->blockers = 0;
    for (int j = 0; j < c->n_pairs; j++) c->pair_att[j] = c->pair_blk[j] = c->rank_att[j] = c->rank_blk[j] = 0;
    c->n_pairs = c->first_strike = 0;
}
