/* combat_rules.c: the rules abilities that decide who may attack and who
 * may block whom, in games with rules text (see combat.h): restrictions
 * on one pair (509.1b), on a whole declaration, the requirements and
 * their maximum (508.1d, 509.1c), and the repair of a policy's
 * declaration. A parameter (a land type, a quality, a filter) is read
 * from the abilities that grant it (layers_each_rule), only for a
 * creature whose rules bits say it has one. */
#include "combat.h"
#include "layers.h"
#include "effect.h"

/* Whether set m holds exactly one slot: permset_count(m) == 1, without
 * the count (a sum of bits without the CPU's instruction). */
static inline int one_slot(PermSet m) { return m && !(m & (m - 1)); }

static int has_subtype(const CardDef *d, int t)
{
    for (int k = 0; k < CARD_SUBTYPE_MAX; k++) if (d->subtype[k] == t) return 1;
    return 0;
}

/* Whether player p controls a land of subtype t: a land permanent (a
 * nonbasic land) of it, or basic lands of a color whose basic land card
 * in p's deck has it. Basic lands are counts by the color they make here,
 * and a basic land type makes one color (305.6). */
static int controls_land_type(const GameState *s, int p, int t)
{
    for (PermIter it = permset_iter(s->perm_ctl[p]); permiter_more(&it);) {
        int j = permiter_next(&it);
        if ((s->px[j].xflags & PX_LAND) && has_subtype(perm_def(s, j), t)) return 1;
    }
    const Player *pl = &s->pl[p];
    for (int o = 0; o < pl->deck_n; o++) {
        const CardDef *d = &s->cards[pl->deck[o]];
        if ((d->supertypes & SUPER_BASIC) && (d->types & TYPE_LAND) && d->produces >= 0 &&
            d->produces < COLOR_COUNT && pl->land_n[d->produces] && has_subtype(d, t))
            return 1;
    }
    return 0;
}

/* 702.14c: the defending player (ctx) controls a land of the landwalk's type. */
static int walk_visit(const GameState *s, int i, const Filter *param, int src, const void *ctx)
{
    (void)i; (void)src;
    return controls_land_type(s, *(const int *)ctx, param->subtype[0]);
}

/* "Can't attack unless defending player (ctx) controls a <land type>":
 * 1 when it does not (the attack is forbidden). */
static int unless_visit(const GameState *s, int i, const Filter *param, int src, const void *ctx)
{
    (void)i; (void)src;
    for (int k = 0; k < FILTER_SUBTYPES && param->subtype[k]; k++)
        if (controls_land_type(s, *(const int *)ctx, param->subtype[k])) return 0;
    return 1;
}

/* Whether blocker ctx matches the parameter (from the point of view of the
 * ability's controller), and whether it does not. */
static int match_visit(const GameState *s, int i, const Filter *param, int src, const void *ctx)
{
    (void)i;
    return filter_perm(s, param, *(const int *)ctx, perm_controller(s, src), src);
}
static int mismatch_visit(const GameState *s, int i, const Filter *param, int src, const void *ctx)
{
    return !match_visit(s, i, param, src, ctx);
}

/* Whether attacker a can't be blocked at all now: "can't be blocked", or
 * landwalk while its defending player controls such a land (702.14c). */
static int evades(const GameState *s, int a)
{
    uint32_t r = s->px[a].rules;
    if (r & RULE_BIT(RULE_UNBLOCKABLE)) return 1;
    int def = 1 - perm_controller(s, a);
    return (r & RULE_BIT(RULE_LANDWALK)) && layers_each_rule(s, a, RULE_LANDWALK, walk_visit, &def);
}

/* The restrictions on blocker b blocking attacker a that depend on both. */
static int pair_ok(const GameState *s, int b, int a)
{
    uint32_t ra = s->px[a].rules;
    if ((s->px[b].rules & RULE_BIT(RULE_BLOCK_ONLY_FLYING)) && !perm_has(s, a, KW_FLYING)) return 0;
    if (!(ra & COMBAT_ATTACKER_RULES)) return 1;
    int artifact = (perm_def(s, b)->types & TYPE_ARTIFACT) != 0;   /* an artifact creature: b blocks */
    unsigned colors = s->px[b].colors;
    if ((ra & RULE_BIT(RULE_FEAR)) && !artifact && !(colors & CB_B)) return 0;                   /* 702.36b */
    if ((ra & RULE_BIT(RULE_INTIMIDATE)) && !artifact && !(colors & s->px[a].colors)) return 0;  /* 702.13b */
    if (ra & RULE_BIT(RULE_PROTECTION)) {                                                        /* 702.16f */
        Quality q = quality_of_perm(s, b);
        if (layers_protected(s, a, &q)) return 0;
    }
    if ((ra & RULE_BIT(RULE_UNBLOCKABLE_EXCEPT)) &&
        layers_each_rule(s, a, RULE_UNBLOCKABLE_EXCEPT, mismatch_visit, &b))
        return 0;
    if ((ra & RULE_BIT(RULE_CANT_BE_BLOCKED_BY)) && layers_each_rule(s, a, RULE_CANT_BE_BLOCKED_BY, match_visit, &b))
        return 0;
    return 1;
}

int combat_rules_pair(const GameState *s, int b, int a)
{
    return !((s->px[a].rules & COMBAT_ATTACKER_RULES) && evades(s, a)) && pair_ok(s, b, a);
}

PermSet combat_blockers_for(const GameState *s, int a, PermSet cand)
{
    if (perm_has(s, a, KW_FLYING)) {                                          /* 702.9b, 702.17b */
        PermSet m = 0;
        for (PermIter it = permset_iter(cand); permiter_more(&it);) {
            int b = permiter_next(&it);
            m |= permset_bit_if(perm_has(s, b, KW_FLYING | KW_REACH), b);
        }
        cand = m;
    }
    if (!s->spells || !cand) return cand;
    uint32_t ra = s->px[a].rules;
    if ((ra & COMBAT_ATTACKER_RULES) && evades(s, a)) return 0;
    PermSet out = 0;
    if (!(ra & COMBAT_ATTACKER_RULES)) {
        /* Most attackers have none of pair_ok's abilities: what is left of
         * it is the blocker's "can block only creatures with flying",
         * which a flyer meets. */
        if (perm_has(s, a, KW_FLYING)) return cand;
        for (PermIter it = permset_iter(cand); permiter_more(&it);) {
            int b = permiter_next(&it);
            out |= permset_bit_if(!(s->px[b].rules & RULE_BIT(RULE_BLOCK_ONLY_FLYING)), b);
        }
        return out;
    }
    for (PermIter it = permset_iter(cand); permiter_more(&it);) {
        int b = permiter_next(&it);
        out |= permset_bit_if(pair_ok(s, b, a), b);
    }
    return out;
}

int combat_block_capacity(const GameState *s, int b)
{
    int n = perm_def(s, b)->max_blocks;
    if (!s->spells) return n;
    if (perm_rule(s, b, RULE_BLOCK_ANY_NUMBER)) return PERM_MAX;
    n += s->px[b].blocks_extra;
    return n < PERM_MAX ? n : PERM_MAX;
}

/* Whether the active player's creature i, which has "can't attack unless
 * defending player controls ...", may attack now. */
static int attack_unless_met(const GameState *s, int i)
{
    int def = 1 - s->active;
    return !layers_each_rule(s, i, RULE_ATTACK_ONLY_IF, unless_visit, &def);
}

int combat_may_attack(const GameState *s, int i)
{
    if (!combat_can_attack(s, i)) return 0;
    return !s->spells || !perm_rule(s, i, RULE_ATTACK_ONLY_IF) || attack_unless_met(s, i);
}

/* ---- attacks ---- */

/* The active player's creatures that can attack now. */
static PermSet able_attackers(const GameState *s)
{
    PermSet ab = 0;
    for (PermIter it = permset_iter(s->perm_ctl[s->active]); permiter_more(&it);) {
        int i = permiter_next(&it);
        ab |= permset_bit_if(combat_may_attack(s, i), i);
    }
    return ab;
}

/* attack_requirements once some permanent of the active player is known
 * to have a requirement. */
static __attribute__((noinline)) int requirements_of(const GameState *s, PermSet *must)
{
    PermSet mu = 0;
    int m = 0;
    for (PermIter it = permset_iter(s->perm_ctl[s->active]); permiter_more(&it);) {
        int i = permiter_next(&it);
        if (!(s->px[i].rules & (RULE_BIT(RULE_MUST_ATTACK) | RULE_BIT(RULE_MUST_ATTACK_YOU))) ||
            !combat_may_attack(s, i))
            continue;
        mu |= PERMSET_BIT(i);
        m += perm_must_attack(s, i);
    }
    *must = mu;
    if (one_slot(mu) && perm_rule(s, permset_first(mu), RULE_NOT_ALONE) && !(able_attackers(s) & ~mu)) m = 0;
    return m;
}

/* The active player's creatures that can attack now and attack each
 * combat if able (must); the number of those requirements the best legal
 * declaration obeys (508.1d): all of them, unless the only one can't
 * attack alone and no other creature can attack with it. Only a creature
 * with a requirement is asked whether it can attack, and the others only
 * in that case (most boards have no requirement). */
static inline int attack_requirements(const GameState *s, PermSet *must)
{
    /* Whether any has a requirement: the rules abilities of all, without
     * a branch on each. */
    uint32_t rules = 0;
    for (PermIter it = permset_iter(s->perm_ctl[s->active]); permiter_more(&it);)
        rules |= s->px[permiter_next(&it)].rules;
    *must = 0;
    return rules & (RULE_BIT(RULE_MUST_ATTACK) | RULE_BIT(RULE_MUST_ATTACK_YOU)) ? requirements_of(s, must) : 0;
}

/* The requirements attacker d obeys: "attacks each combat if able" by
 * attacking, "attacks you if able" by attacking the player (not a
 * planeswalker). */
static int obeyed(const GameState *s, const AttackDecl *d)
{
    return perm_rule(s, d->attacker, RULE_MUST_ATTACK) +
           (perm_rule(s, d->attacker, RULE_MUST_ATTACK_YOU) && d->target == TARGET_PLAYER);
}

int combat_rules_attack(const GameState *s, const AttackDecl *d, int n)
{
    /* The attackers are the active player's (check_attack, combat.c): when
     * none of its permanents has a rules ability asked below, nothing is
     * left to check (the requirements are none, and none are obeyed). */
    uint32_t rules = 0;
    for (PermIter it = permset_iter(s->perm_ctl[s->active]); permiter_more(&it);)
        rules |= s->px[permiter_next(&it)].rules;
    if (!(rules & (RULE_BIT(RULE_ATTACK_ONLY_IF) | RULE_BIT(RULE_NOT_ALONE) | RULE_BIT(RULE_MUST_ATTACK) |
                   RULE_BIT(RULE_MUST_ATTACK_YOU))))
        return MTG_OK;
    /* Each attacker once, and able to attack (check_attack): of
     * combat_may_attack, only "can't attack unless" is left to ask. */
    int got = 0;
    for (int k = 0; k < n; k++) {
        if (perm_rule(s, d[k].attacker, RULE_ATTACK_ONLY_IF) && !attack_unless_met(s, d[k].attacker))
            return ERR_ILLEGAL_ATTACK;
        got += obeyed(s, &d[k]);
    }
    if (n == 1 && perm_rule(s, d[0].attacker, RULE_NOT_ALONE)) return ERR_ILLEGAL_ATTACK;   /* 506.5 */
    PermSet must;
    return got == attack_requirements(s, &must) ? MTG_OK : ERR_ILLEGAL_ATTACK;
}

/* combat_attack_repair; `able` (a constant in each copy): the attackers
 * are known distinct and able to attack (combat_may_attack), and are not
 * asked again. */
static inline __attribute__((always_inline)) int attack_repair(const GameState *s, AttackDecl *d, int n, int able)
{
    if (!s->spells) return n;
    PermSet in = 0, must;
    int m = 0;
    for (int k = 0; k < n; k++) {
        int a = d[k].attacker;
        if (!able && (a >= PERM_MAX || permset_has(in, a) || !combat_may_attack(s, a))) continue;
        in |= PERMSET_BIT(a);
        d[m++] = d[k];
    }
    attack_requirements(s, &must);
    for (int k = 0; k < m; k++)                             /* "attacks you": the player */
        if (perm_rule(s, d[k].attacker, RULE_MUST_ATTACK_YOU)) d[k].target = TARGET_PLAYER;
    for (PermIter it = permset_iter(must & ~in); permiter_more(&it);) {
        int i = permiter_next(&it);
        d[m++] = (AttackDecl){ (uint8_t)i, TARGET_PLAYER };
        in |= PERMSET_BIT(i);
    }
    if (m == 1 && perm_rule(s, d[0].attacker, RULE_NOT_ALONE)) {                              /* 506.5 */
        PermSet other = able_attackers(s) & ~in;
        if (permset_has(must, d[0].attacker) && other)
            d[m++] = (AttackDecl){ (uint8_t)permset_first(other), TARGET_PLAYER };
        else
            m = 0;
    }
    return m;
}

int combat_attack_repair(const GameState *s, AttackDecl *d, int n) { return attack_repair(s, d, n, 0); }
int combat_attack_repair_able(const GameState *s, AttackDecl *d, int n) { return attack_repair(s, d, n, 1); }

/* ---- blocks: "all creatures able to block it do so" ----
 *
 * Each creature able to block a lure attacker is under one requirement per
 * such attacker; the legal declarations are those that obey as many as
 * any declaration breaking no restriction could (509.1c). Blocks of other
 * attackers never add to the count, and the restrictions that tie the
 * lure blocks together are the blockers' capacities, "can't be blocked by
 * more than one creature", menace (0 or 2 blockers or more), and a
 * blocker that can't block alone (another creature must block something).
 * So the maximum is searched over the lure blocks alone, a branch and
 * bound over include/exclude of each (blocker, lure attacker), the
 * policy's own blocks tried first; a lone blocker that can't block alone
 * takes a partner (a block of another creature) when one can be found. */

#define LURE_NODES (1 << 20)  /* search budget: boards of the pool end in a few dozen nodes */

typedef struct Lure {
    const GameState *s;
    int nl, nb;                 /* lure attackers; blockers able to block one */
    uint8_t lure[PERM_MAX];     /* slot of lure attacker x (an index in the masks below) */
    uint8_t b[PERM_MAX];        /* slot of blocker k, in slot order */
    uint8_t cap[PERM_MAX];      /* its capacity */
    PermSet can[PERM_MAX];      /* the lure attackers (indices) blocker k can block */
    PermSet pref[PERM_MAX];     /* those the policy's declaration has it block */
    PermSet done_menace[PERM_MAX]; /* menace lure attackers whose last able blocker is k */
    PermSet cur[PERM_MAX];      /* the choice being searched */
    PermSet best_cur[PERM_MAX]; /* the best found */
    PermSet max_one, menace;    /* lure attackers with those restrictions */
    PermSet able;               /* slots of the defender's creatures able to block */
    uint8_t cnt[PERM_MAX];      /* blockers of lure attacker x in cur */
    int best, root, nodes;
    BlockDecl comp[2], best_comp[2]; /* the partner blocks of a lone blocker */
    int ncomp, best_ncomp;
} Lure;

static PermSet able_blockers(const GameState *s)
{
    PermSet m = 0;
    for (PermIter it = permset_iter(s->perm_ctl[1 - s->active]); permiter_more(&it);) {
        int i = permiter_next(&it);
        m |= permset_bit_if((s->perm[i].flags & (PF_CREATURE | PF_TAPPED | PF_NO_BLOCK)) == PF_CREATURE, i);
    }
    return m;
}

/* Fills L from the combat; `pref` (n pairs) are the policy's blocks.
 * Returns the number of lure attackers (0: no requirement). */
static int lure_init(Lure *L, const GameState *s, const BlockDecl *pref, int n)
{
    L->s = s;
    L->nl = L->nb = 0;
    for (PermIter it = permset_iter(s->combat.attackers); permiter_more(&it);) {
        int a = permiter_next(&it);
        if (perm_rule(s, a, RULE_LURE)) L->lure[L->nl++] = (uint8_t)a;
    }
    if (!L->nl) return 0;
    L->able = able_blockers(s);
    L->max_one = L->menace = 0;
    uint8_t index[PERM_MAX];                     /* blocker slot -> k, for able slots */
    for (PermIter it = permset_iter(L->able); permiter_more(&it);) {
        int b = permiter_next(&it);
        index[b] = 0xFF;
    }
    PermSet by_lure[PERM_MAX];
    int sum_att = 0;
    for (int x = 0; x < L->nl; x++) {
        int a = L->lure[x];
        int mo = perm_rule(s, a, RULE_MAX_ONE_BLOCKER), me = perm_has(s, a, KW_MENACE);
        /* Menace and "no more than one" together: no legal block at all. */
        by_lure[x] = mo && me ? 0 : combat_blockers_for(s, a, L->able);
        int e = permset_count(by_lure[x]);
        if (me && e < 2) by_lure[x] = 0, e = 0;
        sum_att += mo ? (e > 0) : e;
        L->max_one |= permset_bit_if(mo, x);
        L->menace |= permset_bit_if(me, x);
        for (PermIter it = permset_iter(by_lure[x]); permiter_more(&it);) index[permiter_next(&it)] = 0;
    }
    for (PermIter it = permset_iter(L->able); permiter_more(&it);) {
        int b = permiter_next(&it);
        if (index[b]) continue;
        int k = L->nb++;
        index[b] = (uint8_t)k;
        L->b[k] = (uint8_t)b;
        int c = combat_block_capacity(s, b);
        L->cap[k] = (uint8_t)(c > 255 ? 255 : c);
        L->can[k] = L->pref[k] = L->cur[k] = L->done_menace[k] = 0;
    }
    for (int x = 0; x < L->nl; x++) {
        L->cnt[x] = 0;
        int last = -1;
        for (PermIter it = permset_iter(by_lure[x]); permiter_more(&it);) {
            int k = index[permiter_next(&it)];
            L->can[k] |= PERMSET_BIT(x);
            last = k > last ? k : last;
        }
        if (last >= 0 && permset_has(L->menace, x)) L->done_menace[last] |= PERMSET_BIT(x);
    }
    for (int j = 0; j < n; j++) {
        int b = pref[j].blocker, a = pref[j].attacker;
        if (b >= PERM_MAX || !permset_has(L->able, b) || index[b] == 0xFF) continue;
        for (int x = 0; x < L->nl; x++)
            if (L->lure[x] == a) L->pref[index[b]] |= PERMSET_BIT(x);
    }
    int sum_blk = 0;
    for (int k = 0; k < L->nb; k++) {
        int c = permset_count(L->can[k]);
        sum_blk += c < L->cap[k] ? c : L->cap[k];
    }
    L->root = sum_blk < sum_att ? sum_blk : sum_att;
    L->best = -1;
    L->best_ncomp = 0;
    L->nodes = 0;
    return L->nl;
}

/* A partner for blocker slot u blocking alone (its lure blocks `su`, with
 * `spare` more it could block): another able creature that blocks some
 * attacker legally beside u's blocks, written to L->comp. */
static int lure_partner(Lure *L, int u, PermSet su, int spare)
{
    const GameState *s = L->s;
    /* Attackers that are not lure attackers first: a partner on a lure
     * attacker would be a requirement more, which the search counts by
     * itself. */
    for (int pass = 0; pass < 2; pass++)
        for (PermIter it = permset_iter(s->combat.attackers); permiter_more(&it);) {
            int x = permiter_next(&it), xi = -1;
            for (int j = 0; j < L->nl; j++) if (L->lure[j] == x) xi = j;
            if ((xi >= 0) != pass) continue;
            PermSet c = combat_blockers_for(s, x, L->able & ~PERMSET_BIT(u));
            if (!c) continue;
            int mo = perm_rule(s, x, RULE_MAX_ONE_BLOCKER), me = perm_has(s, x, KW_MENACE);
            int u_on = xi >= 0 && permset_has(su, xi);
            if ((mo && me) || (mo && u_on)) continue;
            int c1 = permset_first(c);
            L->comp[0] = (BlockDecl){ (uint8_t)c1, (uint8_t)x };
            L->ncomp = 1;
            if (!me || u_on) return 1;
            PermSet c2 = c & ~PERMSET_BIT(c1);
            if (c2) { L->comp[1] = (BlockDecl){ (uint8_t)permset_first(c2), (uint8_t)x }; L->ncomp = 2; return 1; }
            if (spare > 0 && combat_blockers_for(s, x, PERMSET_BIT(u))) {
                L->comp[1] = (BlockDecl){ (uint8_t)u, (uint8_t)x };
                L->ncomp = 2;
                return 1;
            }
        }
    return 0;
}

static void lure_leaf(Lure *L, int value)
{
    for (int x = 0; x < L->nl; x++)
        if (L->cnt[x] == 1 && permset_has(L->menace, x)) return;              /* 702.111b */
    int n = 0, lone = -1;
    for (int k = 0; k < L->nb; k++) if (L->cur[k]) { n++; lone = k; }
    L->ncomp = 0;
    if (n == 1 && perm_rule(L->s, L->b[lone], RULE_NOT_ALONE) &&
        !lure_partner(L, L->b[lone], L->cur[lone], L->cap[lone] - permset_count(L->cur[lone])))
        return;
    if (value <= L->best) return;
    L->best = value;
    for (int k = 0; k < L->nb; k++) L->best_cur[k] = L->cur[k];
    L->best_ncomp = L->ncomp;
    L->best_comp[0] = L->comp[0];
    L->best_comp[1] = L->comp[1];
}

/* The most blocks the rest of the search could add: blocker k has `left`
 * options still open and has taken `taken`; "no more than one" attackers
 * already blocked are closed. */
static int lure_bound(const Lure *L, int k, PermSet left, int taken)
{
    PermSet full = 0;
    for (PermIter it = permset_iter(L->max_one); permiter_more(&it);) {
        int x = permiter_next(&it);
        full |= permset_bit_if(L->cnt[x] != 0, x);
    }
    int c = permset_count(left & ~full), room = L->cap[k] - taken;
    int sum = c < room ? c : room;
    for (int j = k + 1; j < L->nb; j++) {
        c = permset_count(L->can[j] & ~full);
        sum += c < L->cap[j] ? c : L->cap[j];
    }
    return sum;
}

/* Blocker k decides its options: first those in pref_left (the policy's),
 * then rest_left, each included or not. */
static void lure_dfs(Lure *L, int k, PermSet pref_left, PermSet rest_left, int taken, int value)
{
    if (L->best >= L->root || ++L->nodes > LURE_NODES) return;
    if (k == L->nb) { lure_leaf(L, value); return; }
    PermSet left = pref_left | rest_left;
    if (value + lure_bound(L, k, left, taken) <= L->best) return;
    if (!left || taken >= L->cap[k]) {
        for (PermIter it = permset_iter(L->done_menace[k]); permiter_more(&it);)
            if (L->cnt[permiter_next(&it)] == 1) return;                      /* 702.111b */
        if (k + 1 < L->nb)
            lure_dfs(L, k + 1, L->can[k + 1] & L->pref[k + 1], L->can[k + 1] & ~L->pref[k + 1], 0, value);
        else
            lure_dfs(L, k + 1, 0, 0, 0, value);
        return;
    }
    int x = permset_first(pref_left ? pref_left : rest_left);
    PermSet bit = PERMSET_BIT(x);
    PermSet np = pref_left & ~bit, nr = rest_left & ~bit;
    if (!(permset_has(L->max_one, x) && L->cnt[x])) {
        L->cnt[x]++;
        L->cur[k] |= bit;
        lure_dfs(L, k, np, nr, taken + 1, value + 1);
        L->cnt[x]--;
        L->cur[k] &= ~bit;
    }
    lure_dfs(L, k, np, nr, taken, value);
}

static void lure_run(Lure *L)
{
    if (!L->nb) { L->best = 0; return; }
    lure_dfs(L, 0, L->can[0] & L->pref[0], L->can[0] & ~L->pref[0], 0, 0);
    if (L->best < 0) L->best = 0;   /* no block at all is always legal */
}

/* combat_rules_block's checks of attackers with "can't be blocked by more
 * than one creature" or "all creatures able to block it do so". */
static __attribute__((noinline)) int rules_block_attackers(const GameState *s, const BlockDecl *d, int n)
{
    uint8_t per_att[PERM_MAX];
    for (PermIter it = permset_iter(s->combat.attackers); permiter_more(&it);) per_att[permiter_next(&it)] = 0;
    for (int k = 0; k < n; k++) per_att[d[k].attacker]++;
    int obeyed = 0, lure = 0;
    for (PermIter it = permset_iter(s->combat.attackers); permiter_more(&it);) {
        int a = permiter_next(&it);
        if (per_att[a] > 1 && perm_rule(s, a, RULE_MAX_ONE_BLOCKER)) return ERR_ILLEGAL_BLOCK;
        if (perm_rule(s, a, RULE_LURE)) { lure = 1; obeyed += per_att[a]; }
    }
    if (!lure) return MTG_OK;
    Lure L;
    lure_init(&L, s, NULL, 0);
    lure_run(&L);
    /* A legal declaration obeys at most the maximum: as many is legal (more
     * would only say the search stopped at its budget short of it). */
    return obeyed >= L.best ? MTG_OK : ERR_ILLEGAL_BLOCK;                     /* 509.1c */
}

int combat_rules_block(const GameState *s, const BlockDecl *d, int n)
{
    PermSet blockers = 0;
    for (int k = 0; k < n; k++) blockers |= PERMSET_BIT(d[k].blocker);
    if (one_slot(blockers) && perm_rule(s, permset_first(blockers), RULE_NOT_ALONE))
        return ERR_ILLEGAL_BLOCK;                                             /* 506.5 */
    /* The attackers' rules abilities together, without a branch on each:
     * the counts by attacker are made only where one of them has those
     * abilities. */
    uint32_t rules = 0;
    for (PermIter it = permset_iter(s->combat.attackers); permiter_more(&it);)
        rules |= s->px[permiter_next(&it)].rules;
    if (!(rules & (RULE_BIT(RULE_MAX_ONE_BLOCKER) | RULE_BIT(RULE_LURE)))) return MTG_OK;
    return rules_block_attackers(s, d, n);
}

/* Appends pair (b, a) to out[*m] when it keeps the declaration within the
 * restrictions counted so far (capacity, "no more than one", no repeat). */
static void block_add(const GameState *s, BlockDecl *out, int *m, uint8_t *used, uint8_t *per_att, int b, int a)
{
    if (*m >= PAIR_MAX || !combat_can_block(s, b, a)) return;
    if (used[b] >= combat_block_capacity(s, b)) return;
    if (per_att[a] && perm_rule(s, a, RULE_MAX_ONE_BLOCKER)) return;
    for (int j = 0; j < *m; j++) if (out[j].blocker == b && out[j].attacker == a) return;
    out[(*m)++] = (BlockDecl){ (uint8_t)b, (uint8_t)a };
    used[b]++;
    per_att[a]++;
}

int combat_block_repair(const GameState *s, BlockDecl *d, int n)
{
    if (!s->spells) return n;
    if (n > PAIR_MAX) n = PAIR_MAX;
    uint8_t used[PERM_MAX], per_att[PERM_MAX];
    BlockDecl kept[PAIR_MAX], out[PAIR_MAX];
    int nk = 0, m = 0;
    if (n) {   /* (without blocks nothing reads the counts before the search sets them) */
        memset(used, 0, sizeof used);
        memset(per_att, 0, sizeof per_att);
        for (int k = 0; k < n; k++)
            if (d[k].blocker < PERM_MAX && d[k].attacker < PERM_MAX)
                block_add(s, kept, &nk, used, per_att, d[k].blocker, d[k].attacker);
    }
    Lure L;
    if (lure_init(&L, s, kept, nk)) {
        /* The requirements first, then the policy's other blocks where
         * there is room left. */
        lure_run(&L);
        memset(used, 0, sizeof used);
        memset(per_att, 0, sizeof per_att);
        for (int k = 0; k < L.nb; k++)
            for (PermIter it = permset_iter(L.best_cur[k]); permiter_more(&it);)
                block_add(s, out, &m, used, per_att, L.b[k], L.lure[permiter_next(&it)]);
        for (int j = 0; j < L.best_ncomp; j++)
            block_add(s, out, &m, used, per_att, L.best_comp[j].blocker, L.best_comp[j].attacker);
        for (int k = 0; k < nk; k++)
            if (!perm_rule(s, kept[k].attacker, RULE_LURE))
                block_add(s, out, &m, used, per_att, kept[k].blocker, kept[k].attacker);
    } else {
        memcpy(out, kept, (size_t)nk * sizeof *out);
        m = nk;
    }
    /* A lone blocker of a menace attacker steps back (a lure attacker
     * never has one: the search keeps 0 or 2 or more). */
    n = 0;
    for (int k = 0; k < m; k++)
        if (!(per_att[out[k].attacker] == 1 && perm_has(s, out[k].attacker, KW_MENACE))) out[n++] = out[k];
    /* A creature that can't block alone, alone, steps back (506.5): with
     * a requirement it would have its partner from the search. */
    PermSet blockers = 0;
    for (int k = 0; k < n; k++) blockers |= PERMSET_BIT(out[k].blocker);
    if (one_slot(blockers) && perm_rule(s, permset_first(blockers), RULE_NOT_ALONE)) n = 0;
    memcpy(d, out, (size_t)n * sizeof *d);
    return n;
}
