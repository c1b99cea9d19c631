/* actions.c: the legal actions of a player with priority (117.1): land
 * drops (305) and spells it can cast and pay for (601.2, 302.1). */
#include "policy.h"
#include "mana.h"
#include "turn.h"
#include "effect.h"
#include "layers.h"
#include "targets_many.h"

/* ---- actions ---- */

/* The mana a player has for casting: untapped basic lands plus pool, by
 * color packed when no lane could carry (mana.h), and in all. */
typedef struct Mana {
    uint64_t avail;   /* packed, when `packed` */
    int packed;
    int total;
} Mana;

static inline __attribute__((always_inline)) Mana mana_of(const Player *pl)
{
    Mana m = { 0, 0, 0 };
    m.packed = mana_available(pl, &m.avail);
    if (m.packed) m.total = mana_total(m.avail);
    else for (int c = 0; c < COLOR_COUNT; c++) m.total += mana_untapped(pl, c) + pl->mana[c];
    return m;
}

/* Whether creature card d can be cast with this mana (302.1, 601.2g-h). */
static int castable(const Player *pl, const Mana *m, const CardDef *d)
{
    if (!(d->types & TYPE_CREATURE) || d->mana_value > m->total) return 0;
    return m->packed ? mana_covers(m->avail, mana_pack(d->cost_color)) : mana_can_pay(pl, d);
}

/* The same from a play_info (the mana packed), without branches: which
 * cards of a hand are castable follows no pattern a branch predictor
 * could learn. */
static inline int castable_info(const Mana *m, uint64_t x)
{
    return ((x & PLAY_CREATURE) != 0) & ((int)(x >> PLAY_MV_SHIFT & 0xFF) <= m->total) &
           mana_covers(m->avail, x & PLAY_COST);
}

/* Whether player p's card object obj can be cast with this mana. */
static int castable_obj(const GameState *s, int p, const Mana *m, uint8_t obj)
{
    const Player *pl = &s->pl[p];
    if (pl->play && m->packed) return castable_info(m, pl->play[obj]);
    const CardDef *d = &s->cards[OBJ_CARD(s, p, obj)];
    return !(d->types & TYPE_LAND) && castable(pl, m, d);
}

int game_legal_actions(const GameState *s, int p, Action *out)
{
    if (s->spells) return actions_spells(s, p, out, 0);
    const Player *pl = &s->pl[p];
    int n = 0;
    out[n++] = (Action){ .type = ACT_PASS };
    /* Sorcery timing (307.1, 305.1): own main phase, empty stack. Instants
     * are not supported yet, so elsewhere passing is the only choice. */
    if ((s->step != STEP_MAIN1 && s->step != STEP_MAIN2) || s->active != p || s->stack_n) return n;
    int land_ok = !(pl->flags & PL_LAND_PLAYED);                           /* 305.2 */
    Mana m = mana_of(pl);
    if (!land_ok && !m.total && !(pl->flags & PL_FREE_SPELLS)) return n;   /* nothing to pay with */
    if (!m.packed) {
        for (int h = 0; h < pl->hand_n; h++) {
            const CardDef *d = &s->cards[OBJ_CARD(s, p, pl->hand[h])];
            if (d->types & TYPE_LAND) {
                if (land_ok && d->produces >= 0) out[n++] = (Action){ .type = ACT_LAND, .hand_idx = (uint8_t)h };
            } else if (castable(pl, &m, d)) {
                out[n++] = (Action){ .type = ACT_CAST, .hand_idx = (uint8_t)h };
            }
        }
        return n;
    }
    if (pl->play) {
        /* One load per card: its play_info. */
        uint64_t land_bit = land_ok ? PLAY_LAND : 0;
        for (int h = 0; h < pl->hand_n; h++) {
            uint64_t x = pl->play[pl->hand[h]];
            int play = (x & land_bit) != 0, cast = castable_info(&m, x);
            out[n] = (Action){ .type = (uint8_t)((x & PLAY_LAND) ? ACT_LAND : ACT_CAST), .hand_idx = (uint8_t)h };
            n += play | cast;
        }
        return n;
    }
    uint64_t avail = m.avail;
    int mana = m.total;
    /* The same tests without branches on them: which cards of a hand are
     * lands or castable follows no pattern a branch predictor could learn.
     * Each card writes its action and keeps it (n grows) or not. */
    for (int h = 0; h < pl->hand_n; h++) {
        const CardDef *d = &s->cards[OBJ_CARD(s, p, pl->hand[h])];
        int land = (d->types & TYPE_LAND) != 0;
        int play = land & land_ok & (d->produces >= 0);
        int cast = !land & ((d->types & TYPE_CREATURE) != 0) & (d->mana_value <= mana) &  /* 302.1 */
                   mana_covers(avail, mana_pack(d->cost_color));
        out[n] = (Action){ .type = (uint8_t)(land ? ACT_LAND : ACT_CAST), .hand_idx = (uint8_t)h };
        n += play | cast;
    }
    return n;
}

/* The legal actions after acts[k], a cast from a hand of hand_n cards,
 * made from the list before it (acts[0..n-1], game_legal_actions'):
 * casting spends mana and takes one card from the hand, so no other card
 * becomes castable and the land drops stay as they were. The list keeps
 * the others that can still be paid for, at their new hand indices
 * (hand_take moved the last card into the cast one's place), in hand
 * order, as game_legal_actions would list them. */
int actions_after_cast(const GameState *s, int p, Action *acts, int n, int k, int hand_n)
{
    const Player *pl = &s->pl[p];
    int cast_h = acts[k].hand_idx, last = hand_n - 1;
    Mana m = mana_of(pl);
    int out = 1;                                  /* acts[0] is ACT_PASS */
    for (int j = 1; j < n; j++) {                 /* writes stay at or behind j */
        if (j == k) continue;
        Action a = acts[j];
        if (a.hand_idx == last) a.hand_idx = (uint8_t)cast_h;
        if (a.type == ACT_CAST && !castable_obj(s, p, &m, pl->hand[a.hand_idx])) continue;
        int i = out++;                            /* only the moved card can be out of order */
        while (i > 1 && acts[i - 1].hand_idx > a.hand_idx) { acts[i] = acts[i - 1]; i--; }
        acts[i] = a;
    }
    return out;
}

/* ---- games with rules text ---- */

/* Whether player p may act at sorcery speed now (307.1): its main phase,
 * the stack empty. */
static int sorcery_time(const GameState *s, int p)
{
    return (s->step == STEP_MAIN1 || s->step == STEP_MAIN2) && s->active == p && s->stack_n == 0;
}

/* 305.2: whether player p, who played a land this turn, has played fewer
 * than one plus the additional ones static abilities give (out of line:
 * the listings' usual path calls nothing). */
static __attribute__((noinline)) int land_drop_more(const GameState *s, int p)
{
    return s->lands_played[p] <= layers_extra_lands(s, p);
}

/* 305.2: whether player p has a land drop left this turn. */
static inline int land_drop_ok(const GameState *s, int p)
{
    if (!(s->pl[p].flags & PL_LAND_PLAYED)) return 1;
    return !(s->spells & SPELLS_NO_EXTRA_LAND) && land_drop_more(s, p);
}

/* The target specs of ability a (an Aura's enchant is one target: 303.4a). */
static int n_specs(const Ability *a) { return a->kind == AB_ENCHANT ? 1 : a->n_targets; }

static const TargetSpec *spec_of(const Ability *a, int k, TargetSpec *tmp)
{
    if (a->kind != AB_ENCHANT) return &a->target[k];
    memset(tmp, 0, sizeof *tmp);
    tmp->f = a->trig_filter;
    tmp->what = TGT_OBJECT;
    tmp->min = tmp->max = 1;
    return tmp;
}

int spell_target_legal(const GameState *s, const StackItem *it, const Ability *a, int k, Target t)
{
    TargetSpec tmp;
    return target_spec_legal(s, it, spec_of(a, k, &tmp), t);
}

Target action_target(const GameState *s, const Action *a, int k)
{
    Target t = { a->tk[k], a->tv[k], 0, 0, 0 };
    if (t.kind == TK_PERM && t.v < PERM_MAX) t.ts = s->px[t.v].ts;
    if (t.kind == TK_STACK && t.v < s->stack_n) t.ts = s->stack[t.v].ts;
    if (t.kind == TK_CARD) { t.owner = (uint8_t)((a->towner >> k) & 1); t.ts = CARD_TARGET_HERE; }
    return t;
}

#define LISTER_LISTED 4 /* the cards with targets whose casts a listing keeps: a hand's few spells */

typedef struct Seen {
    const Ability *a;
    int source;
    PermSet perms;
} Seen;

/* The casts list_casts listed for a card with targets: its pool index and
 * its actions' place in the list. */
typedef struct Listed {
    uint16_t card, from, to;
} Listed;

typedef struct Lister {
    const GameState *s;
    Action *out;
    int n;
    StackItem it;          /* the item as it would be made: controller, source, card */
    const Ability *a;
    int free_mana;         /* a scenario: mana costs are taken as paid */
    uint8_t col[COLOR_COUNT]; /* a spell's mana cost with X: colored symbols (spell_mana) */
    int cost_generic;      /* and its generic part */
    Mana mana;             /* the listing player's pool and untapped basic lands (packed 0: not known,
                              every question goes to mana_can_pay_listed) */
    int listed_n;          /* entries of listed[] */
    uint64_t listed_cards; /* their pool indices, a bit for each modulo 64 (most cards are none of them) */
    int units_n;           /* the listing player's units, counted by lister_can_pay (MANA_UNLISTED: not yet) */
    uint64_t every;        /* with units_n: the colors every unit makes without pain, as the high bits of
                              their lanes (0 otherwise: none known) */
    ManaUnits units;       /* the listing player's mana abilities, listed once when needed (from here
                              on: lister_init leaves the arrays as they are) */
    Seen seen[TARGET_SPEC_MAX]; /* target_spec_perms' last answer for each spec (spec_perms) */
    Listed listed[LISTER_LISTED]; /* the casts of the hand's cards with targets (casts_copied) */
} Lister;

static void lister_init(Lister *L, const GameState *s, Action *out)
{
    /* The item aside: each listing writes it whole before reading it (list_casts, ability_item; actions_targets
     * copies one). */
    memset(L, 0, offsetof(Lister, it));
    memset(&L->a, 0, offsetof(Lister, units) - offsetof(Lister, a));
    L->s = s;
    L->out = out;
    L->units_n = MANA_UNLISTED;
    L->units.n = MANA_UNLISTED;
    for (int k = 0; k < TARGET_SPEC_MAX; k++) L->seen[k].a = NULL;
}

/* How many units mana_list_units would list for player p (whose lands do
 * not all make mana of any color), counted without listing them: one for
 * each untapped permanent of p's with a {T} mana ability it may activate
 * now (not a creature under summoning sickness, 302.6, nor one whose
 * activated abilities can't be activated), and into *every the colors
 * each of them makes without pain (CardDef.tap_mana's, where the unit's
 * free bits come from); -1 where such a permanent's card makes an amount
 * of mana (tap_mana 0). Past MANA_UNITS_MAX, where the list stops, more. */
static inline int units_counted(const GameState *s, int p, unsigned *every)
{
    int n = 0;
    unsigned all = ~0u;
    for (PermIter it = permset_iter(s->perm_ctl[p] & s->perm_acts); permiter_more(&it);) {
        int i = permiter_next(&it);
        const Permanent *q = &s->perm[i];
        if (!(s->px[i].abk & PK_MANA) || (q->flags & PF_TAPPED)) continue;
        if ((q->flags & PF_CREATURE) && (q->flags & PF_SICK) && !(q->kw & KW_HASTE)) continue;
        if (s->px[i].rules & (1u << RULE_NO_ACTIVATE)) continue;
        unsigned made = s->cards[q->card].tap_mana;
        if (!made) return -1;
        all &= made;
        n++;
    }
    *every = all;
    return n;
}

/* Player p's units for lister_can_pay: their count into L->units_n, and
 * the colors every one of them makes without pain into L->every; counted
 * (units_counted) where each makes one mana, the list itself (L->units)
 * left to mana_can_pay_listed, which lists them if it is asked; else
 * listed here (mana_list_units). */
static void lister_units(Lister *L, int p)
{
    unsigned every;
    int n = units_counted(L->s, p, &every);
    if (n < 0 || n > MANA_UNITS_MAX) {
        mana_list_units(L->s, p, &L->units);
        n = L->units.n;
        every = ~0u;
        for (int k = 0; k < n; k++) every &= L->units.free[k];
    }
    L->units_n = n;
    if (!n) return;                 /* none: lister_can_pay's counts alone answer */
    uint64_t high = 0;
    for (every &= (1u << COLOR_COUNT) - 1; every; every &= every - 1) high |= mana_unit(__builtin_ctz(every)) << 7;
    L->every = high;
}

/* Whether the listing player p can pay `color` and `generic`, leaving
 * permanent `keep` untapped: mana_can_pay_listed's answer, its first
 * tests made here from the mana known once for the listing (packed), of
 * the cost's colored part packed (`cost`) and the mana it needs beyond
 * the pool and basics (short_by), without the call in the usual cases:
 * the pool and basic lands pay it all; or, none kept, the units (listed
 * here the first time, as the call would) are fewer than the mana
 * missing, or than the colored symbols the pool and basics leave unpaid
 * (a unit makes one symbol); or else each color left unpaid is one every
 * unit makes without pain (a dual land's two colors), where plan's
 * matching takes the first units free, one a symbol, and pays it. Inline:
 * most questions of a listing end in those tests, each from a caller's
 * loop over cards or abilities. */
static inline __attribute__((always_inline)) int lister_can_pay_packed(Lister *L, int p, uint64_t cost, int short_by,
                                                                     const uint8_t color[COLOR_COUNT], int generic,
                                                                     int keep)
{
    if (short_by <= 0 && mana_covers(L->mana.avail, cost)) return 1;
    if (keep < 0 && !(cost & MANA_HIGH)) {
        if (L->units_n == MANA_UNLISTED) lister_units(L, p);
        if (L->units_n < short_by) return 0;
        /* What the pool and basics pay of each color: min(cost, avail), lane by lane (plan's). */
        uint64_t covered = ((L->mana.avail | MANA_HIGH) - cost) & MANA_HIGH, ge = (covered >> 7) * 0xFFu;
        int unpaid = mana_total(cost) - mana_total((cost & ge) | (L->mana.avail & ~ge));
        if (L->units_n < unpaid) return 0;
        if (!(~covered & MANA_HIGH & ~L->every)) return 1;
    }
    return mana_can_pay_listed(L->s, p, color, generic, keep, &L->units);
}

/* The same of `color` and `generic` (packed 0: every question goes to
 * mana_can_pay_listed). */
static inline __attribute__((always_inline)) int lister_can_pay(Lister *L, int p, const uint8_t color[COLOR_COUNT],
                                                              int generic, int keep)
{
    if (!L->mana.packed) return mana_can_pay_listed(L->s, p, color, generic, keep, &L->units);
    uint64_t cost = mana_pack(color);
    return lister_can_pay_packed(L, p, cost, mana_total(cost) + generic - L->mana.total, color, generic, keep);
}

/* A spell of several targets of one spec: one action per number of
 * targets it may announce (601.2c), the targets chosen as it is cast
 * (targets_many.h); a cost of {N} more for each target beyond the first
 * must be payable too (601.2e). */
static void list_many(Lister *L, Action base)
{
    const Ability *a = L->a;
    Target cand[PERM_MAX + 2];
    int m = many_candidates(L->s, &L->it, a, cand), amount = many_amount(a, L->it.x);
    if (L->free_mana && many_amount(a, 1) != many_amount(a, 0)) amount = -1;   /* a scenario's X: checked as cast */
    base.tk[0] = TK_MANY;
    for (int n = 0; n <= m && n <= ITEM_TARGETS; n++) {
        if (!many_count_ok(a, n, m, amount)) continue;
        if (n > 1 && a->cost.per_target && !L->free_mana &&
            !lister_can_pay(L, L->it.controller, L->col, L->cost_generic + (n - 1) * a->cost.per_target, -1))
            break;
        base.n_targets = (uint8_t)n;
        if (L->n < ACTION_MAX) L->out[L->n++] = base;
    }
}

static void list_targets(Lister *L, Action base, int k);

/* The permanents spec sp (spec k of the lister's ability) admits:
 * target_spec_perms', its last answer for spec k kept for the same ability
 * and source. Those determine the item's fields it reads (the card, the
 * source's timestamp, the creature an Aura grants the ability), the
 * controller is the listing's and X is not read; each X, each choice of an
 * earlier target or of a cost (asked in turn) ask the same. */
static PermSet spec_perms(Lister *L, const TargetSpec *sp, int k)
{
    Seen *e = &L->seen[k];
    if (e->a == L->a && e->source == L->it.source) return e->perms;
    *e = (Seen){ L->a, L->it.source, target_spec_perms(L->s, &L->it, sp) };
    return e->perms;
}

/* Action `base`, its targets for specs 0..k-1 of the lister's ability
 * (of n specs) chosen, with target (kind, v) for spec k: added when those
 * are all its specs, else each choice for the others (the last spec's
 * choices are added here, without a call). The target and the count are
 * written into the action added, not into base: a byte written into base,
 * then base read as words to copy it, stalls the CPU (a store cannot be
 * forwarded to a wider load). */
static inline void list_rest(Lister *L, Action base, int k, int n, uint8_t kind, uint8_t v)
{
    if (k + 1 < n) {
        base.n_targets = (uint8_t)(k + 1);
        base.tk[k] = kind;
        base.tv[k] = v;
        list_targets(L, base, k + 1);
        return;
    }
    if (L->n >= ACTION_MAX) return;
    Action *o = &L->out[L->n++];
    *o = base;
    o->n_targets = (uint8_t)(k + 1);
    o->tk[k] = kind;
    o->tv[k] = v;
}

/* Each choice of a permanent of `perms` for spec k of the lister's
 * ability (of n specs), with each choice for the others (list_rest): for
 * the last spec, each action added in a loop of its own, the list's length
 * kept in a local (an action's bytes written could be any field of the
 * lister to the compiler). Those actions differ in their target alone:
 * the count and the kind are written once, into a copy of base read as
 * words before the loop (each action is then two words and its target's
 * byte). */
static inline void list_perms(Lister *L, Action base, int k, int n, PermSet perms)
{
    if (k + 1 < n) {
        for (PermIter it = permset_iter(perms); permiter_more(&it);)
            list_rest(L, base, k, n, TK_PERM, (uint8_t)permiter_next(&it));
        return;
    }
    base.n_targets = (uint8_t)(k + 1);
    base.tk[k] = TK_PERM;
    uint64_t head;
    uint32_t tail;
    _Static_assert(sizeof(Action) == sizeof head + sizeof tail, "an action is two words");
    memcpy(&head, &base, sizeof head);
    memcpy(&tail, (const char *)&base + sizeof head, sizeof tail);
    Action *out = L->out;
    int m = L->n;
    for (PermIter it = permset_iter(perms); m < ACTION_MAX && permiter_more(&it); m++) {
        memcpy(&out[m], &head, sizeof head);
        memcpy((char *)&out[m] + sizeof head, &tail, sizeof tail);
        out[m].tv[k] = (uint8_t)permiter_next(&it);
    }
    L->n = m;
}

/* Every choice of targets for specs k.. of the lister's ability, each
 * added as an action from `base`. */
static void list_targets(Lister *L, Action base, int k)
{
    const Ability *a = L->a;
    if (k == 0 && a && many_spec(a)) { list_many(L, base); return; }
    int n = a ? n_specs(a) : 0;
    if (k == n) {
        if (L->n < ACTION_MAX) L->out[L->n++] = base;
        return;
    }
    TargetSpec tmp;
    const TargetSpec *sp = spec_of(a, k, &tmp);
    const GameState *s = L->s;
    /* Each candidate is checked as action_target would name it (spell_target_legal with sp; the
     * players by its inline part, target_player_legal; the permanents all at once: target_spec_perms).
     * The actions' count of targets, k + 1, is written by list_rest and list_perms. */
    for (int p = 0; p < 2 && (sp->what == TGT_PLAYER || sp->what == TGT_ANY || sp->what == TGT_PLAYER_OR_PW); p++)
        if (target_player_legal(s, &L->it, sp, p)) list_rest(L, base, k, n, TK_PLAYER, (uint8_t)p);
    if (sp->what == TGT_OBJECT && sp->f.zone == ZONE_GRAVEYARD) {
        base.towner &= (uint8_t)~(1u << k);         /* clear as it comes: only here is a bit set, spec k's */
        for (int p = 0; p < 2; p++) {
            if (p) base.towner |= (uint8_t)(1u << k);
            for (int w = 0; w < 4; w++)
                for (uint64_t bits = s->pl[p].gy[w]; bits; bits &= bits - 1) {
                    int obj = w * 64 + __builtin_ctzll(bits);
                    int dup = 0;
                    for (int j = 0; j < k; j++)
                        dup |= sp->distinct && base.tk[j] == TK_CARD && base.tv[j] == obj && ((base.towner >> j) & 1) == p;
                    if (dup) continue;
                    base.tk[k] = TK_CARD; base.tv[k] = (uint8_t)obj;
                    if (spell_target_legal(s, &L->it, a, k, action_target(s, &base, k)))
                        list_rest(L, base, k, n, TK_CARD, (uint8_t)obj);
                }
        }
    } else if (sp->what == TGT_OBJECT && sp->f.zone == ZONE_STACK) {
        for (int j = 0; j < s->stack_n; j++) {
            base.tk[k] = TK_STACK; base.tv[k] = (uint8_t)j;
            if (spell_target_legal(s, &L->it, a, k, action_target(s, &base, k)))
                list_rest(L, base, k, n, TK_STACK, (uint8_t)j);
        }
    } else if (sp->what != TGT_PLAYER) {
        PermSet perms = spec_perms(L, sp, k);
        for (int j = 0; j < k; j++)                 /* distinct targets: not one chosen before */
            if (sp->distinct && base.tk[j] == TK_PERM) perms &= ~PERMSET_BIT(base.tv[j]);
        list_perms(L, base, k, n, perms);
    }
}

int actions_targets(const GameState *s, const StackItem *it, const Ability *a, Action *out)
{
    Lister L;
    lister_init(&L, s, out);
    L.it = *it;
    L.a = a;
    Action base;
    memset(&base, 0, sizeof base);
    list_targets(&L, base, 0);
    return L.n;
}

/* The {X} symbols of a spell: its effects use X (the card's mana cost
 * holds it; the reader records its count in the spell's cost). */
static inline int spell_x_of(const CardDef *d, int k)
{
    if (k < 0) {                 /* a creature spell entering with X +1/+1 counters (pool.c) */
        for (int j = 0; j < d->n_abilities; j++)
            if (d->ab[j].kind == AB_ETB_COUNTERS && d->ab[j].cost.x) return d->ab[j].cost.x;
        return 0;
    }
    const Ability *a = &d->ab[k];
    if (a->cost.x) return a->cost.x;
    for (int j = 0; j < a->n_effects; j++) if (a->effect[j].n.kind == QTY_X) return 1;
    return 0;
}

int spell_x(const CardDef *d, int k) { return spell_x_of(d, k); }

/* spell_ability(d), and spell_x_of(d, k) for it in *xs, from the card's
 * abilities: for a card with no such ability (a creature's), from the same
 * walk over its abilities. */
static inline int spell_ability_x_read(const CardDef *d, int *xs)
{
    int etb_x = 0;                  /* a creature spell's: its first AB_ETB_COUNTERS with {X} */
    for (int k = 0; k < d->n_abilities; k++) {
        const Ability *a = &d->ab[k];
        if (a->kind == AB_SPELL || a->kind == AB_ENCHANT) { *xs = spell_x_of(d, k); return k; }
        if (a->kind == AB_ETB_COUNTERS && a->cost.x && !etb_x) etb_x = a->cost.x;
    }
    *xs = etb_x;
    return -1;
}

/* CardDef.cast: the spell's ability plus 1 (0: none), its {X} symbols
 * times CAST_X_ONE, and CAST_MADE. */
#define CAST_K_MASK 0x0Fu
#define CAST_X_ONE  0x10u
#define CAST_X_MAX  7
#define CAST_MADE   0x80u

uint8_t card_cast_facts(const CardDef *d)
{
    int xs, k = spell_ability_x_read(d, &xs);
    if (k + 1 > (int)CAST_K_MASK || xs > CAST_X_MAX) return 0;        /* not made: read at each look */
    return (uint8_t)(CAST_MADE | (unsigned)xs * CAST_X_ONE | (unsigned)(k + 1));
}

/* spell_ability_x_read's answers, from CardDef.cast where the pool made
 * it (each castable card of each listing asks them). */
static inline int spell_ability_x(const CardDef *d, int *xs)
{
    unsigned c = d->cast;
    if (__builtin_expect(!(c & CAST_MADE), 0)) return spell_ability_x_read(d, xs);
    *xs = (int)(c / CAST_X_ONE & CAST_X_MAX);
    return (int)(c & CAST_K_MASK) - 1;
}

/* The mana a spell of card d (ability k) costs with X = x: its mana cost,
 * X times its {X} symbols generic, or of one color when the card says
 * "Spend only black mana on X" (107.3, 601.2f-g): X is then paid as that
 * many symbols of that color. */
void spell_mana(const CardDef *d, int k, int x, uint8_t color[COLOR_COUNT], int *generic)
{
    int xs = x ? spell_x(d, k) : 0;              /* X = 0 (most casts): no symbol looked for */
    unsigned only = k >= 0 ? d->ab[k].cost.x_colors : 0;
    memcpy(color, d->cost_color, COLOR_COUNT);
    *generic = d->cost_generic;
    if (only) color[__builtin_ctz(only)] = (uint8_t)(color[__builtin_ctz(only)] + x * xs);
    else *generic += x * xs;
}

/* Choices of the costs besides mana (601.2h, 602.2b), each an action of
 * its own, in the action's slots from the last: the permanent sacrificed
 * (TK_SAC), then each card discarded (TK_DISCARD: its hand index, in
 * decreasing order). Cards of one definition are interchangeable in a
 * hand: one choice stands for them all. */
static int same_def_before(const GameState *s, int p, int h, int from, const Filter *f)
{
    const Player *pl = &s->pl[p];
    uint16_t card = OBJ_CARD(s, p, pl->hand[h]);
    for (int j = from; j < h; j++)
        if (OBJ_CARD(s, p, pl->hand[j]) == card && effect_card_matches(&s->cards[card], f)) return 1;
    return 0;
}

static void list_discards(Lister *L, Action base, const Cost *c, int p, int slot)
{
    const GameState *s = L->s;
    const Player *pl = &s->pl[p];
    if (!c->discard_n) { list_targets(L, base, 0); return; }
    for (int h = 0; h < pl->hand_n; h++) {
        const CardDef *d = &s->cards[OBJ_CARD(s, p, pl->hand[h])];
        if (!effect_card_matches(d, &c->discard) || same_def_before(s, p, h, 0, &c->discard)) continue;
        base.tk[slot] = TK_DISCARD;
        base.tv[slot] = (uint8_t)h;
        if (c->discard_n == 1) { list_targets(L, base, 0); continue; }
        for (int j = h + 1; j < pl->hand_n; j++) {            /* discard_n 2 (played.c) */
            const CardDef *e = &s->cards[OBJ_CARD(s, p, pl->hand[j])];
            if (!effect_card_matches(e, &c->discard) || same_def_before(s, p, j, h + 1, &c->discard)) continue;
            base.tk[slot] = TK_DISCARD; base.tv[slot] = (uint8_t)j;
            base.tk[slot - 1] = TK_DISCARD; base.tv[slot - 1] = (uint8_t)h;
            list_targets(L, base, 0);
        }
    }
}

static void list_costs(Lister *L, Action base, const Cost *c, int p, int src)
{
    const GameState *s = L->s;
    if (!c->sac_n) { list_discards(L, base, c, p, ACTION_TARGETS - 1); return; }
    /* "Sacrifice a creature": each permanent of p's that may go (the
     * source too) is an action of its own (601.2h). */
    for (PermIter m = permset_iter(s->perm_ctl[p]); permiter_more(&m);) {
        int i = permiter_next(&m);
        if (!filter_perm(s, &c->sac, i, p, src)) continue;
        base.tk[ACTION_TARGETS - 1] = TK_SAC;
        base.tv[ACTION_TARGETS - 1] = (uint8_t)i;
        list_discards(L, base, c, p, ACTION_TARGETS - 2);
    }
}

/* lister_can_pay for card d's mana cost, of play_info x: where its mana
 * value is its cost (PLAY_MV_COST), the colored part packed and the mana
 * missing from x (its colored symbols and generic mana make its mana
 * value). */
static inline __attribute__((always_inline)) int lister_pays_card(Lister *L, int p, const CardDef *d, uint64_t x)
{
    if (L->mana.packed && (x & PLAY_MV_COST))
        return lister_can_pay_packed(L, p, x & PLAY_COST, (int)(x >> PLAY_MV_SHIFT & 0xFF) - L->mana.total,
                                     d->cost_color, d->cost_generic, -1);
    return lister_can_pay(L, p, d->cost_color, d->cost_generic, -1);
}

/* Whether the casts of pool card `card` at hand index h are those listed
 * for an earlier card of the hand of that definition: list_casts reads the
 * card, never its place in the hand (the same cost, X and targets), so they
 * are copied, at index h, each while the list has room (as list_casts adds
 * its actions, one at a time up to ACTION_MAX). */
static int casts_copied(Lister *L, uint16_t card, int h)
{
    if (!(L->listed_cards >> (card & 63) & 1)) return 0;
    for (int j = 0; j < L->listed_n; j++) {
        const Listed *c = &L->listed[j];
        if (c->card != card) continue;
        for (int i = c->from; i < c->to && L->n < ACTION_MAX; i++) {
            Action a = L->out[i];
            a.hand_idx = (uint8_t)h;
            L->out[L->n++] = a;
        }
        return 1;
    }
    return 0;
}

/* The casts of player p's card in hand h, of pool index `card` and
 * play_info `info`. */
static void list_casts(Lister *L, int p, int h, uint16_t card, uint64_t info, int free_mana)
{
    const GameState *s = L->s;
    const CardDef *d = &s->cards[card];
    /* The mana cost first (601.2g-h): most cards of a hand cannot be paid
     * for, and nothing else about them is then looked at. */
    if (!free_mana && !lister_pays_card(L, p, d, info)) return;
    int xs, k = spell_ability_x(d, &xs);
    /* A second card of a definition with targets: the first one's casts (their listing is the cost). */
    if (k >= 0 && casts_copied(L, card, h)) return;
    /* The mana cost at X = 0 (most casts: as it is) and whether it is taken as paid, which list_many
     * reads (a listing's later activations too: written for every card cast). */
    L->free_mana = free_mana;
    memcpy(L->col, d->cost_color, COLOR_COUNT);
    L->cost_generic = d->cost_generic;
    if (k < 0 && !xs) {                          /* a creature spell (no ability naming targets), no X: the cast alone */
        if (L->n < ACTION_MAX) L->out[L->n++] = (Action){ ACT_CAST, (uint8_t)h, 0, 0, 0, { 0 }, { 0 }, 0 };
        return;
    }
    int from = L->n;
    /* Each X the mana pays for (a scenario gives X itself). */
    int max_x = !free_mana && xs ? (mana_total_now(s, p, -1) - d->mana_value) / xs : 0;
    memset(&L->it, 0, sizeof L->it);
    L->it.kind = SI_SPELL;
    L->it.controller = (uint8_t)p;
    L->it.card = card;
    L->it.source = NO_SLOT;
    L->a = k >= 0 ? &d->ab[k] : NULL;
    for (int x = 0; x <= max_x; x++) {
        if (x && !free_mana) {
            uint8_t col[COLOR_COUNT];
            int generic;
            spell_mana(d, k, x, col, &generic);
            if (!lister_can_pay(L, p, col, generic, -1)) break;
        }
        Action base;
        memset(&base, 0, sizeof base);
        base.type = ACT_CAST;
        base.hand_idx = (uint8_t)h;
        base.x = (uint8_t)x;
        L->it.x = (uint8_t)x;
        if (x) spell_mana(d, k, x, L->col, &L->cost_generic);
        if (!L->a) {                             /* no ability naming targets (a creature spell): the cast alone */
            if (L->n < ACTION_MAX) L->out[L->n++] = base;
        } else if (L->a->kind == AB_SPELL && L->a->cost.sac_n) list_costs(L, base, &L->a->cost, p, -1);   /* 601.2b */
        else list_targets(L, base, 0);
    }
    if (k >= 0 && L->listed_n < LISTER_LISTED) {
        L->listed[L->listed_n++] = (Listed){ card, (uint16_t)from, (uint16_t)L->n };
        L->listed_cards |= 1ull << (card & 63);
    }
}

/* 602.5b: an ability's own limits on when it may be activated, besides
 * sorcery speed: once each turn, no more than twice each turn (PX_USED and
 * GameState.used_twice count this turn's activations of the permanent: pool.c lets
 * a card have one limited ability), only during its controller's upkeep
 * or turn. */
static int timing_allows(const GameState *s, int i, const Ability *a)
{
    int p = perm_controller(s, i);
    unsigned used = s->px[i].xflags;
    if ((a->timing & TM_ONCE) && (used & PX_USED)) return 0;
    if ((a->timing & TM_TWICE) && (used & PX_USED) && permset_has(s->used_twice, i)) return 0;
    if ((a->timing & TM_UPKEEP) && (s->step != STEP_UPKEEP || s->active != p)) return 0;
    if ((a->timing & TM_YOUR_TURN) && s->active != p) return 0;
    return 1;
}

/* Whether permanent i can pay ability a's costs other than mana now.
 * Inline: each ability of the listings asks it, most with none (a pump's
 * mana alone). */
static inline __attribute__((always_inline)) int can_pay_other(const GameState *s, int i, const Ability *a)
{
    const Permanent *q = &s->perm[i];
    if (a->cost.tap) {
        if (q->flags & PF_TAPPED) return 0;
        if ((q->flags & PF_CREATURE) && (q->flags & PF_SICK) && !(q->kw & KW_HASTE)) return 0;   /* 302.6 */
    }
    if (a->timing && !timing_allows(s, i, a)) return 0;
    if ((a->timing & TM_ATTACKING) && !permset_has(s->combat.attackers, i)) return 0;   /* 602.5b */
    if (a->cost.remove_counters > q->plus) return 0;
    if (a->cost.exile_gy && a->cost.exile_gy > s->pl[perm_controller(s, i)].gy_n) return 0;   /* 602.2b: cards to exile */
    return 1;
}

/* CardDef.acts: bit k for ability k (k < ACTS_MAX) where list_activations
 * lists it (ability_act_listed); ACTS_SORCERY where each of them is
 * listed only at sorcery speed (act_sorcery: Equipment's, a
 * planeswalker's); ACTS_MADE. */
#define ACTS_MAX     6
#define ACTS_MASK    ((1u << ACTS_MAX) - 1)
#define ACTS_SORCERY 0x40u
#define ACTS_MADE    0x80u


/* Whether it is listed only at sorcery speed: a loyalty ability (606.3),
 * Equip (702.6a), "Activate only as a sorcery" (307.1). */
static int act_sorcery(const Ability *a)
{
    return a->kind == AB_LOYALTY || a->kind == AB_EQUIP || (a->timing & TM_SORCERY);
}

uint8_t card_act_facts(const CardDef *d)
{
    unsigned f = ACTS_MADE | ACTS_SORCERY;
    for (int k = 0; k < d->n_abilities; k++) {
        if (!ability_act_listed(&d->ab[k])) continue;
        if (k >= ACTS_MAX) return 0;                                      /* not made: read at each listing */
        f |= 1u << k;
        if (!act_sorcery(&d->ab[k])) f &= ~ACTS_SORCERY;
    }
    return (uint8_t)f;
}

/* The lister's item for ability k of card `card`, activated by player p
 * with permanent i as its source: made for the listings that read it
 * (targets, costs), not for an ability listed as one action. */
static void ability_item(Lister *L, int p, uint16_t card, int k, int i)
{
    memset(&L->it, 0, sizeof L->it);
    L->it.kind = SI_ABILITY;
    L->it.controller = (uint8_t)p;
    L->it.card = card;
    L->it.ability = (uint8_t)k;
    L->it.source = (uint8_t)i;
    L->it.source_ts = L->s->px[i].ts;
}

/* The base of ability k's actions (the action names permanent `named`:
 * the source, or the Aura that grants the ability). */
static Action ability_base(int k, int named)
{
    Action base;
    memset(&base, 0, sizeof base);
    base.type = ACT_ACTIVATE;
    base.hand_idx = (uint8_t)named;
    base.ability = (uint8_t)k;
    return base;
}

/* The activations of loyalty ability k of planeswalker i (606): as a
 * sorcery, if no loyalty ability of that permanent was activated this turn
 * (606.3), and a negative cost no greater than its loyalty (606.5); [-X]:
 * each X from 0 to its loyalty (107.3: X is chosen as it is activated). */
static void list_loyalty(Lister *L, int p, int i, int k, int sorcery)
{
    const GameState *s = L->s;
    const Ability *a = &s->cards[s->perm[i].card].ab[k];
    if (!sorcery || permset_has(s->pw_used, i)) return;
    int loyalty = s->perm[i].loyalty;
    if (a->cost.loyalty < 0 && -a->cost.loyalty > loyalty) return;
    ability_item(L, p, s->perm[i].card, k, i);
    Action base = ability_base(k, i);
    L->a = a;
    int max_x = a->cost.x ? loyalty : 0;
    for (int x = 0; x <= max_x; x++) {
        base.x = (uint8_t)x;
        L->it.x = (uint8_t)x;
        list_targets(L, base, 0);
    }
}

/* The activations of ability a (its k) of player p's permanent i, one
 * that ability_act_listed takes (`sorcery`: p may act at sorcery speed
 * now). Inline: list_activations' loop over each permanent's abilities
 * is made of little more. */
static inline __attribute__((always_inline)) void list_activation(Lister *L, int p, int i, int k, const Ability *a,
                                                                  int free_mana, int sorcery)
{
    const GameState *s = L->s;
    if (!sorcery && act_sorcery(a)) return;
    if (a->kind == AB_LOYALTY) { list_loyalty(L, p, i, k, sorcery); return; }
    if (a->granted && !perm_became(s, i)) return;                   /* only while the effect lasts */
    int mana = a->kind == AB_MANA;                                  /* 605.3a: any time with priority */
    if (!can_pay_other(s, i, a)) return;
    int keep = a->cost.tap ? i : -1;
    if (!free_mana && !lister_can_pay(L, p, a->cost.color, a->cost.generic, keep)) return;
    Action base = ability_base(k, i);
    if (mana) {
        /* "Add one mana of any color": one action per color, in x
         * (played.c: one such choice at most). */
        unsigned choice = 0;
        for (int j = 0; j < a->n_effects; j++)
            if (a->effect[j].arg2 & (a->effect[j].arg2 - 1)) choice = a->effect[j].arg2;
        if (!choice && L->n < ACTION_MAX) L->out[L->n++] = base;
        for (int c = 0; c < COLOR_C; c++) {
            if (!(choice >> c & 1) || L->n >= ACTION_MAX) continue;
            base.x = (uint8_t)c;
            L->out[L->n++] = base;
        }
        return;
    }
    if (a->kind == AB_EQUIP) {
        /* 702.6a: "attach to target creature you control", not itself
         * (the creatures a mask: perm_creatures); the Equipment's quality
         * (for protection) told once. */
        Quality q = quality_of_perm(s, i);
        base.n_targets = 1;
        base.tk[0] = TK_PERM;
        for (PermIter m = permset_iter(s->perm_ctl[p] & s->perm_creatures & ~PERMSET_BIT(i)); permiter_more(&m);) {
            int c = permiter_next(&m);
            const PermX *x = &s->px[c];
            if ((x->rules & (1u << RULE_SHROUD)) || layers_protected(s, c, &q) || L->n >= ACTION_MAX) continue;
            Action *o = &L->out[L->n++];
            *o = base;
            o->tv[0] = (uint8_t)c;
        }
        return;
    }
    L->a = a;
    if (a->cost.sac_n || a->cost.discard_n || a->n_targets) ability_item(L, p, s->perm[i].card, k, i);
    /* {X} in the cost (107.3): each value it can pay (a scenario
     * gives X itself, as for spells). */
    int max_x = 0;
    if (a->cost.x && !free_mana) {
        int fixed = a->cost.generic;
        for (int c = 0; c < COLOR_COUNT; c++) fixed += a->cost.color[c];
        max_x = (mana_total_now(s, p, keep) - fixed) / a->cost.x;
    }
    for (int x = 0; x <= max_x; x++) {
        if (x && !lister_can_pay(L, p, a->cost.color, a->cost.generic + x * a->cost.x, keep)) break;
        base.x = (uint8_t)x;
        L->it.x = (uint8_t)x;
        if (a->cost.sac_n || a->cost.discard_n) list_costs(L, base, &a->cost, p, i);
        else if (a->n_targets) list_targets(L, base, 0);
        else if (L->n < ACTION_MAX) L->out[L->n++] = base;     /* no target (a pump): without the call */
    }
}

/* list_activations' abilities of permanent i, of card d whose
 * CardDef.acts is not made (a card not of the pool, or one with an
 * ability listed past ACTS_MAX): each of them looked at (out of line:
 * the pool's cards have it). */
static __attribute__((noinline)) void list_acts_read(Lister *L, int p, int i, const CardDef *d, int free_mana,
                                                     int sorcery)
{
    for (int k = 0; k < d->n_abilities; k++) {
        const Ability *a = &d->ab[k];
        if (ability_act_listed(a)) list_activation(L, p, i, k, a, free_mana, sorcery);
    }
}

/* The activations of player p's permanents' abilities; `sorcery`: p may
 * act at sorcery speed now (sorcery_time). The abilities listed now read
 * from CardDef.acts (card_act_facts), in their order. */
static void list_activations(Lister *L, int p, int free_mana, int sorcery)
{
    const GameState *s = L->s;
    for (PermIter it = permset_iter(s->perm_ctl[p] & s->perm_acts); permiter_more(&it);) {   /* most: none */
        int i = permiter_next(&it);
        if (!(s->px[i].abk & PK_ACTIVATED)) continue;
        if (s->px[i].rules & (1u << RULE_NO_ACTIVATE)) continue;      /* "its activated abilities can't be activated" */
        const CardDef *d = &s->cards[s->perm[i].card];
        unsigned f = d->acts;
        if (__builtin_expect(!(f & ACTS_MADE), 0)) { list_acts_read(L, p, i, d, free_mana, sorcery); continue; }
        if (!sorcery && (f & ACTS_SORCERY)) continue;                 /* Equipment's, a planeswalker's */
        for (unsigned m = f & ACTS_MASK; m; m &= m - 1) {
            int k = __builtin_ctz(m);
            list_activation(L, p, i, k, &d->ab[k], free_mana, sorcery);
        }
    }
}

/* 613.1f: the activated abilities an Aura grants the creature it enchants
 * ("Enchanted creature has '{T}: This creature deals 1 damage to any
 * target.'"), of player p's creatures, whoever controls the Aura: the
 * action names the Aura and its ability (Action.hand_idx, .ability), the
 * creature is the source (stack.c). Auras with an activated ability alone
 * are looked at (PK_ATTACH and PK_ACTIVATED, which Equipment has too). */
static void list_granted(Lister *L, int p, int free_mana)
{
    const GameState *s = L->s;
    for (PermIter it = permset_iter(s->perm_used & s->perm_acts); permiter_more(&it);) {
        int j = permiter_next(&it);
        if ((s->px[j].abk & (PK_ATTACH | PK_ACTIVATED)) != (PK_ATTACH | PK_ACTIVATED)) continue;
        int i = s->px[j].attached;
        if (i == NO_SLOT || !permset_has(s->perm_ctl[p], i)) continue;
        if (s->px[i].rules & (1u << RULE_NO_ACTIVATE)) continue;      /* "its activated abilities can't be activated" */
        const CardDef *d = &s->cards[s->perm[j].card];
        for (int k = 0; k < d->n_abilities; k++) {
            const Ability *a = &d->ab[k];
            if (a->kind != AB_ACTIVATED || a->granted != GRANT_ATTACHED) continue;
            if ((a->timing & TM_SORCERY) && !sorcery_time(s, p)) continue;
            if (!can_pay_other(s, i, a)) continue;
            int keep = a->cost.tap ? i : -1;
            if (!free_mana && !lister_can_pay(L, p, a->cost.color, a->cost.generic, keep)) continue;
            ability_item(L, p, s->perm[j].card, k, i);
            Action base = ability_base(k, j);
            L->it.ev_card = s->perm[i].card;
            L->a = a;
            list_targets(L, base, 0);
        }
    }
}

/* 113.6, 602.2: abilities that function in their owner's graveyard
 * ("Return ~ from your graveyard to ..."), of player p's cards there, at
 * instant speed; mana their only cost and no target (played.c). Looked
 * for only when p's deck has such a card (PL_GY_ABILITIES). */
static void list_gy_activations(Lister *L, int p, int free_mana)
{
    const GameState *s = L->s;
    const Player *pl = &s->pl[p];
    for (int w = 0; w < 4; w++)
        for (uint64_t bits = pl->gy[w]; bits; bits &= bits - 1) {
            int obj = w * 64 + __builtin_ctzll(bits);
            const CardDef *d = &s->cards[OBJ_CARD(s, p, obj)];
            for (int k = 0; k < d->n_abilities; k++) {
                const Ability *a = &d->ab[k];
                if (a->kind != AB_ACTIVATED || a->zone != ZONE_GRAVEYARD) continue;
                if (!free_mana && !lister_can_pay(L, p, a->cost.color, a->cost.generic, -1)) continue;
                if (L->n < ACTION_MAX)
                    L->out[L->n++] = (Action){ ACT_GY_ACTIVATE, (uint8_t)obj, (uint8_t)k, 0, 0, { 0 }, { 0 }, 0 };
            }
        }
}

/* Whether avail (packed, from mana_available) of total mana in all pays
 * `color` and `generic` (the listing's test with no mana unit: 601.2g-h). */
static inline __attribute__((always_inline)) int pays_from(uint64_t avail, int total,
                                                           const uint8_t color[COLOR_COUNT], int generic)
{
    uint64_t cost = mana_pack(color);
    return mana_covers(avail, cost) & (mana_total(cost) + generic <= total);
}

/* play_of's look at the card, out of line (a game without play tables:
 * scenarios, tests). */
static __attribute__((noinline)) uint64_t play_read(const GameState *s, int p, uint8_t obj)
{
    return play_info(&s->cards[OBJ_CARD(s, p, obj)]);
}

/* Player p's play_info of its card object obj: from its play table. */
static inline uint64_t play_in(const GameState *s, int p, const uint64_t *play, uint8_t obj)
{
    return play ? play[obj] : play_read(s, p, obj);
}

/* Whether player p's hand holds a land card (a land drop to list, 305.1);
 * play: p's play table (play_in). */
static inline int hand_has_land(const GameState *s, int p, const uint64_t *play)
{
    const Player *pl = &s->pl[p];
    for (int h = 0; h < pl->hand_n; h++)
        if (play_in(s, p, play, pl->hand[h]) & PLAY_ANY_LAND) return 1;
    return 0;
}

/* pays_from for player p's card object obj, of play_info x: from x alone
 * where its mana value is its cost (PLAY_MV_COST: then no color reaches
 * 128 and availh, avail with each lane's high bit set, less x keeps the
 * high bits where avail covers the cost, mana_covers; the bits of x above
 * the cost do not change the lanes below them), else from the card. */
static inline int pays_play(const GameState *s, int p, uint8_t obj, uint64_t x, uint64_t availh, int total)
{
    if (__builtin_expect(!(x & PLAY_MV_COST), 0)) {
        const CardDef *d = &s->cards[OBJ_CARD(s, p, obj)];
        return pays_from(availh & ~MANA_HIGH, total, d->cost_color, d->cost_generic);
    }
    return (((availh - x) & MANA_HIGH) == MANA_HIGH) & ((int)(x >> PLAY_MV_SHIFT & 0xFF) <= total);
}

/* Whether ability a of a permanent is one surely_none looks at (an
 * activated ability, an equip, a loyalty ability, a mana ability with more
 * than {T} to pay), and whether it may be activated now as to timing
 * (602.5b, 702.6a); `sorcery`: sorcery_time. */
static inline int none_listed_kind(const Ability *a)
{
    return a->kind == AB_ACTIVATED || a->kind == AB_EQUIP || a->kind == AB_LOYALTY ||
           (a->kind == AB_MANA && !ability_mana_tap_only(a));
}
static inline int none_timely(const Ability *a, int sorcery)
{
    return sorcery || (a->kind != AB_EQUIP && !(a->timing & TM_SORCERY));
}

/* Whether `color` and `generic` might be paid from `have` (the pool and
 * untapped basic lands, by color; `total` in all) and `units` more mana,
 * each of any color: an upper bound, which rules a cost out, never in. */
static int none_affords(const uint8_t have[COLOR_COUNT], int total, int units, const uint8_t color[COLOR_COUNT],
                        int generic)
{
    int need = generic, short_by = 0;
    for (int c = 0; c < COLOR_COUNT; c++) {
        need += color[c];
        if (color[c] > have[c]) short_by += color[c] - have[c];
    }
    return need <= total + units && short_by <= units;
}

/* How many units mana_list_units would list for player p (units_counted's
 * count; where a card makes an amount, listed). Past MANA_UNITS_MAX,
 * where the list stops, more. */
static int units_at_most(const GameState *s, int p)
{
    unsigned every;
    int n = units_counted(s, p, &every);
    if (n >= 0) return n;
    ManaUnits u;
    mana_list_units(s, p, &u);
    return u.n;
}

/* Whether surely_none passes by the abilities of player p's permanent i,
 * of card d, as tricks (`tricks`: p's policy passes on them here,
 * Policy.tricks): a creature whose card's abilities are all tricks
 * (RF_ACTS_TRICK: read as tricks on a creature alone). */
static inline int none_trick_acts(const GameState *s, int i, const CardDef *d, uint64_t tricks)
{
    return tricks && (d->rules & RF_ACTS_TRICK) && (s->perm[i].flags & PF_CREATURE);
}

/* surely_none's look again where player p has an untapped permanent with
 * a {T} mana ability (a dual land, a mana creature): a card of the hand
 * or an ability of p's permanents its mana might pay for (none_affords,
 * with at least mana_list_units' units: units_at_most's), tricks passed
 * by as surely_none does. 1 when there is still none. Out of line: most
 * looks end before. */
static __attribute__((noinline)) int none_with_units(const GameState *s, int p, const uint64_t *play, uint64_t avail,
                                                     uint64_t fast, int sorcery, uint64_t tricks)
{
    int units = units_at_most(s, p);
    if (!units) return 1;                 /* none that makes mana now (summoning sickness): as looked at */
    const Player *pl = &s->pl[p];
    uint8_t have[COLOR_COUNT];
    mana_unpack(have, avail);
    int total = mana_total(avail);
    for (int h = 0; h < pl->hand_n; h++) {
        uint64_t x = play_in(s, p, play, pl->hand[h]);
        const CardDef *d = &s->cards[OBJ_CARD(s, p, pl->hand[h])];
        if ((x & (PLAY_ANY_LAND | fast | tricks)) == fast &&
            none_affords(have, total, units, d->cost_color, d->cost_generic))
            return 0;
    }
    for (PermIter it = permset_iter(s->perm_ctl[p] & s->perm_acts); permiter_more(&it);) {
        int i = permiter_next(&it);
        if (!(s->px[i].abk & PK_ACTIVATED)) continue;
        const CardDef *d = &s->cards[s->perm[i].card];
        for (int k = 0; !none_trick_acts(s, i, d, tricks) && k < d->n_abilities; k++) {
            const Ability *a = &d->ab[k];
            if (none_listed_kind(a) && none_timely(a, sorcery) &&
                none_affords(have, total, units, a->cost.color, a->cost.generic))
                return 0;
        }
    }
    return 1;
}

/* Whether an Aura of the other player's grants a creature of player p's an
 * activated ability (list_granted's). */
static int granted_to(const GameState *s, int p)
{
    for (PermIter it = permset_iter(s->perm_used & s->perm_acts & ~s->perm_ctl[p]); permiter_more(&it);) {
        int i = permiter_next(&it), a = s->px[i].attached;
        if ((s->px[i].abk & (PK_ATTACH | PK_ACTIVATED)) == (PK_ATTACH | PK_ACTIVATED) && a != NO_SLOT &&
            permset_has(s->perm_ctl[p], a))
            return 1;
    }
    return 0;
}

/* Whether the tricks surely_none passed by (`tricks`: Policy.tricks) may
 * be more than TRICKS_MAX actions, where the hand's size does not bound
 * them: each card of PLAY_TRICK in player p's hand cast on each of the
 * `perms` permanents at most, and `acts` activations (one each: no X, no
 * target). Out of line: seldom asked. */
static __attribute__((noinline)) int tricks_many(const GameState *s, int p, const uint64_t *play, int acts, int perms)
{
    const Player *pl = &s->pl[p];
    int n = acts;
    for (int h = 0; h < pl->hand_n; h++)
        n += (play_in(s, p, play, pl->hand[h]) & (PLAY_ANY_LAND | PLAY_TRICK)) == PLAY_TRICK ? perms : 0;
    return n > TRICKS_MAX;
}

/* actions_surely_none, with player p's play table `play` (play_in). Inline
 * in both of its callers: one with a table, whose loops over the hand then
 * call nothing (no register is saved around a call), one without. */
static inline __attribute__((always_inline)) int surely_none(const GameState *s, int p, const uint64_t *play,
                                                            uint64_t tricks)
{
    const Player *pl = &s->pl[p];
    int sorcery = sorcery_time(s, p);
    if ((pl->flags & (PL_FREE_SPELLS | PL_GY_ABILITIES)) || (sorcery && land_drop_ok(s, p) && hand_has_land(s, p, play)) ||
        (s->pl_rules[p] & PR_LANDS_ANY_COLOR))                       /* Joiner Adept: any land makes mana */
        return 0;
    /* The mana of the pool and untapped basic lands: with some, a card of
     * the hand it pays for, castable now (307.1, 702.8), is looked for
     * first (where there is one, the cheapest look that finds it); the
     * permanents' abilities it pays for below. */
    uint64_t avail = 0, pool = mana_pack(pl->mana), lands = mana_pack(pl->land_n), tapped = mana_pack(pl->land_tapped);
    int mana = pool || lands != tapped;
    if (mana && !mana_available_of(lands, tapped, pool, &avail)) return 0;
    int total = mana_total(avail);
    /* The timing first (an instant or a card with flash, unless p may cast sorceries or every card
     * has flash): at instant speed most cards go without their cost read. The tricks, when p's
     * policy passes on them alone, likewise. */
    uint64_t fast = sorcery || (s->pl_rules[p] & PR_FLASH) ? 0 : PLAY_FAST;
    for (int h = 0; mana && h < pl->hand_n; h++) {
        uint64_t x = play_in(s, p, play, pl->hand[h]);
        if ((x & (PLAY_ANY_LAND | fast | tricks)) != fast) continue;
        if (pays_play(s, p, pl->hand[h], x, avail | MANA_HIGH, total)) return 0;
    }
    int units = 0;                                          /* an untapped permanent making mana */
    int acts = 0;                                           /* the tricks' activations passed by */
    for (PermIter it = permset_iter(s->perm_ctl[p] & s->perm_acts); permiter_more(&it);) {   /* most: none */
        int i = permiter_next(&it);
        unsigned abk = s->px[i].abk;
        units |= (abk & PK_MANA) && !(s->perm[i].flags & PF_TAPPED);
        if (!(abk & PK_ACTIVATED)) continue;
        const CardDef *d = &s->cards[s->perm[i].card];
        if (none_trick_acts(s, i, d, tricks)) { acts += d->n_abilities; continue; }
        for (int k = 0; k < d->n_abilities; k++) {          /* one with no mana to pay: {T}, sacrifice, loyalty */
            const Ability *a = &d->ab[k];
            if (!none_listed_kind(a)) continue;
            if (!a->cost.generic && !mana_pack(a->cost.color)) return 0;
            /* Or one the mana pays, at a time it may be activated (602.5b, 702.6a). */
            if (mana && none_timely(a, sorcery) && pays_from(avail, total, a->cost.color, a->cost.generic)) return 0;
        }
    }
    /* What those permanents' mana might pay for besides. */
    if (units && !none_with_units(s, p, play, avail, fast, sorcery, tricks)) return 0;
    /* The others' Auras granting p's creatures an ability (list_granted; none where no card is such
     * an Aura). */
    if (!(s->spells & SPELLS_NO_GRANTED) && granted_to(s, p)) return 0;
    /* The tricks passed by, at most TRICKS_MAX actions: bounded by the hand's size, else counted. One
     * test (`|`): whether p's policy passes on tricks here follows no pattern. */
    int perms = permset_count(s->perm_used);
    return (!tricks | (pl->hand_n * perms + acts <= TRICKS_MAX)) || !tricks_many(s, p, play, acts, perms);
}

/* A game without play tables (scenarios, tests). */
static __attribute__((noinline)) int surely_none_unplayed(const GameState *s, int p, uint64_t tricks)
{
    return surely_none(s, p, NULL, tricks);
}

int actions_surely_none(const GameState *s, int p, int but_tricks)
{
    const uint64_t *play = s->pl[p].play;
    uint64_t tricks = but_tricks ? PLAY_TRICK : 0;
    return play ? surely_none(s, p, play, tricks) : surely_none_unplayed(s, p, tricks);
}

/* actions_lands' land drops of player p's hand, after `out`'s n actions,
 * with p's play table `play` (play_in). Inline in both of its callers, as
 * surely_none. Without a branch on the card (which cards of a hand are
 * lands follows no pattern a branch predictor could learn): each writes
 * its action and keeps it (n grows) or not; a land card told by its
 * play_info (one load, not its object's definition). */
static inline __attribute__((always_inline)) int land_drops(const GameState *s, int p, const uint64_t *play,
                                                             Action *out, int n)
{
    const Player *pl = &s->pl[p];
    _Static_assert(HAND_MAX < ACTION_MAX, "a hand's land drops fit the list");
    for (int h = 0; h < pl->hand_n; h++) {
        out[n] = (Action){ ACT_LAND, (uint8_t)h, 0, 0, 0, { 0 }, { 0 }, 0 };
        n += (play_in(s, p, play, pl->hand[h]) & PLAY_ANY_LAND) != 0;
    }
    return n;
}

/* A game without play tables (scenarios, tests). */
static __attribute__((noinline)) int land_drops_unplayed(const GameState *s, int p, Action *out, int n)
{
    return land_drops(s, p, NULL, out, n);
}

int actions_lands(const GameState *s, int p, Action *out)
{
    int n = 0;
    out[n++] = (Action){ ACT_PASS, 0, 0, 0, 0, { 0 }, { 0 }, 0 };
    if (!sorcery_time(s, p) || !land_drop_ok(s, p)) return n;                            /* 305.1-2 */
    const uint64_t *play = s->pl[p].play;
    return play ? land_drops(s, p, play, out, n) : land_drops_unplayed(s, p, out, n);
}

int actions_spells(const GameState *s, int p, Action *out, int free_mana)
{
    Lister L;
    lister_init(&L, s, out);
    out[L.n++] = (Action){ ACT_PASS, 0, 0, 0, 0, { 0 }, { 0 }, 0 };
    const Player *pl = &s->pl[p];
    if (!(s->pl_rules[p] & PR_LANDS_ANY_COLOR)) L.mana = mana_of(pl);   /* Joiner Adept's basics: plan's */
    int sorcery = sorcery_time(s, p);
    /* Players' rules on casting: Silence, Rule of Law, Steel Golem. */
    int no_cast = (pl->flags & PL_NO_CAST) || ((s->pl_rules[p] & PR_ONE_SPELL) && (pl->flags & PL_CAST));
    uint64_t no_types = s->pl_rules[p] & PR_NO_CREATURE_CAST ? PLAY_CREATURE : 0;
    uint64_t fast = sorcery || (s->pl_rules[p] & PR_FLASH) ? 0 : PLAY_FAST;             /* 307.1, 702.8 */
    /* The hand read once (the actions written, bytes, could be any of it to the compiler), and
     * whether p may play a land now told once for its lands (305.1-2). */
    const uint64_t *play = pl->play;
    const uint16_t *deck = pl->deck;
    int drop = sorcery && land_drop_ok(s, p);
    for (int h = 0, hand_n = pl->hand_n; h < hand_n; h++) {
        uint8_t obj = pl->hand[h];
        uint64_t x = play_in(s, p, play, obj);
        if (x & PLAY_ANY_LAND) {
            if (drop && L.n < ACTION_MAX) out[L.n++] = (Action){ ACT_LAND, (uint8_t)h, 0, 0, 0, { 0 }, { 0 }, 0 };
            continue;
        }
        if ((x & fast) != fast || no_cast || (x & no_types)) continue;
        list_casts(&L, p, h, deck[obj], x, free_mana);
    }
    list_activations(&L, p, free_mana, sorcery);
    if (!(s->spells & SPELLS_NO_GRANTED)) list_granted(&L, p, free_mana);
    if (pl->flags & PL_GY_ABILITIES) list_gy_activations(&L, p, free_mana);
    return L.n;
}
