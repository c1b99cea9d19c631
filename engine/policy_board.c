/* policy_board.c: the heuristic's board value, with a fork or without
 * (policy_board.h). */
#include "policy_board.h"
#include "effect.h"
#include "layers.h"
#include "stack.h"
#include "turn.h"
#include "damage.h"
#include "combat.h"

/* A creature's worth from its power, toughness, keywords and rules. */
static inline int worth(int power, int toughness, unsigned kw, uint32_t rules)
{
    int pw = power > 0 ? power : 0;
    int v = 2 * pw + toughness + 2;
    /* 2 for each of these keywords it has: a creature has few, so a loop
     * over them is cheaper than a count of the bits (no popcnt in the
     * build). */
    for (unsigned k = kw & (KW_FLYING | KW_FIRST_STRIKE | KW_DOUBLE_STRIKE | KW_DEATHTOUCH | KW_TRAMPLE | KW_LIFELINK |
                            KW_INDESTRUCTIBLE | KW_INFECT);
         k; k &= k - 1)
        v += 2;
    if (kw & KW_DEFENDER) v -= 2 * pw;
    if (rules & (RULE_BIT(RULE_CANT_ATTACK) | RULE_BIT(RULE_CANT_ATTACK_OR_BLOCK))) v -= 2 * pw;
    return v;
}

/* board_creature_value's, inline in the loop over every permanent (value_lands). */
static inline int creature_value(const GameState *s, int i)
{
    const Permanent *q = &s->perm[i];
    return worth(q->power, q->toughness, q->kw, s->px[i].rules);
}

int board_creature_value(const GameState *s, int i) { return creature_value(s, i); }

/* What a life total is worth: the first 6 points twice. */
static int life_worth(int life)
{
    if (life < 0) life = 0;
    return life + (life < 6 ? life : 6);
}

int board_life_worth(int life) { return life_worth(life); }

/* What permanent i counts in its side's part of the board's value, with
 * *l (NULL: none) counted for `side`, its controller. */
static inline int perm_worth(const GameState *s, int i, int side, BoardLands *l)
{
    int creature = perm_is_creature(s, i);
    int w = creature ? creature_value(s, i) : 3;
    /* not lore counters; the card read only with counters on it */
    int loyalty = s->perm[i].loyalty && perm_is_planeswalker(s, i) ? s->perm[i].loyalty : 0;
    w += loyalty ? 2 + 2 * loyalty : 0;                           /* its abilities to come */
    if (l && (s->px[i].xflags & PX_LAND)) {
        l->mana[side] += (s->px[i].abk & PK_MANA) != 0;
        l->creature |= creature;
    }
    return w;
}

/* What a side counts in the board's value besides its permanents: its
 * spells on the stack, its life and cards in hand, less its poison. */
static inline int side_worth(const GameState *s, int side)
{
    int w = 0;
    for (int k = 0; k < s->stack_n; k++)
        if (s->stack[k].controller == side) w += 2 + s->cards[s->stack[k].card].mana_value;
    const Player *pl = &s->pl[side];
    return w + life_worth(pl->life) + 2 * pl->hand_n - 2 * pl->poison;
}

/* board_value's, with *l (NULL: none) counted on the same pass over the
 * battlefield (untouched once the game is over). */
static inline int value_lands(const GameState *s, int p, BoardLands *l)
{
    if (s->over) return s->winner == p ? 100000 : s->winner == 2 ? 0 : -100000;
    int v = 0;
    if (l) l->creature = 0;
    for (int side = 0; side < 2; side++) {
        int w = 0;
        if (l) l->mana[side] = 0;
        for (PermIter it = permset_iter(s->perm_ctl[side]); permiter_more(&it);) w += perm_worth(s, permiter_next(&it), side, l);
        w += side_worth(s, side);
        v += side == p ? w : -w;
    }
    return v;
}

int board_value(const GameState *s, int p) { return value_lands(s, p, NULL); }

int board_value_lands(const GameState *s, int p, BoardLands *l) { return value_lands(s, p, l); }

#define TRB(k) (1ull << (k))
/* The triggers nothing board_known values can set off: those of steps
 * and combat, draws and discards, damage a permanent deals, a
 * permanent's own entering (the card cast is looked at itself) and its
 * own dying or leaving (the creature that dies is looked at itself). */
static const uint64_t calm_triggers =
    TRB(TR_ETB) | TRB(TR_DIES) | TRB(TR_LEAVES) | TRB(TR_ATTACKS) | TRB(TR_BLOCKS) | TRB(TR_BLOCKED) |
    TRB(TR_COMBAT_DAMAGE_PLAYER) | TRB(TR_UPKEEP) | TRB(TR_END_STEP) | TRB(TR_DAMAGE_OPPONENT) | TRB(TR_DRAW) |
    TRB(TR_DISCARD) | TRB(TR_BLOCKS_CREATURE) | TRB(TR_BLOCKED_BY_CREATURE) | TRB(TR_DRAW_STEP) |
    TRB(TR_ATTACHED_ATTACKS) | TRB(TR_ATTACHED_BLOCKS) | TRB(TR_ATTACHED_DEALS_DAMAGE) |
    TRB(TR_ATTACHED_COMBAT_DAMAGE_PLAYER) | TRB(TR_OTHER_ATTACKS);

/* Whether card d's mana abilities only make mana (no pain land's damage). */
static int plain_mana(const CardDef *d)
{
    for (int k = 0; k < d->n_abilities; k++)
        for (int j = 0; d->ab[k].kind == AB_MANA && j < d->ab[k].n_effects; j++)
            if (d->ab[k].effect[j].op != OP_ADD_MANA) return 0;
    return 1;
}

/* What board_card_facts reads of a card (CardDef.board): BF_MADE once
 * read; of its static abilities (statics_facts), BF_STATICS_QUIET when
 * they leave a board quiet, BOARD_SETS when one applies to a set and
 * BOARD_FILTER_READS when it selects it by keywords or power;
 * BF_PLAIN_MANA (plain_mana), BF_ENTERS and BF_ENTERS_AURA
 * (enters_quietly, but for an Aura and for one), BF_STATICS_ADD when its
 * static effects all add (static_adds). */
enum {
    BF_MADE = 1, BF_STATICS_QUIET = 8, BF_PLAIN_MANA = 16, BF_ENTERS = 32, BF_ENTERS_AURA = 64, BF_STATICS_ADD = 128
};

/* Card d's facts: those the pool made once, else read now (a card made
 * elsewhere: a test's, a scenario's, a token's). */
static inline unsigned card_facts(const CardDef *d) { return d->board ? d->board : board_card_facts(d); }

/* Whether static effect e only adds power and toughness (fixed, or for
 * each land of a kind: no known play changes the lands), keywords or
 * rules of a permanent, or stops its untapping: what the value after a
 * known action can take in. */
static int adds_only(const Effect *e)
{
    if (e->op == OP_PUMP)
        return e->n.kind == QTY_CONST || (e->n.kind == QTY_COUNT && e->count.zone == ZONE_BATTLEFIELD &&
                                          filter_only_lands(&e->count));
    if (e->op == OP_RULE) return e->arg2 != RULE_TAP_ANY_COLOR && e->arg2 != RULE_NO_PREVENTION;
    return e->op == OP_GRANT || e->op == OP_NO_UNTAP;
}

/* What static effects add to one permanent (BoardAdds). */
typedef BoardAdds Adds;

/* Adds effect e, of amount n: +N/+N, a keyword, a rule (not "can block
 * an additional creature", which adds up). */
static void adds_effect(Adds *x, const Effect *e, int n)
{
    if (e->op == OP_PUMP) { x->dp += e->p * n; x->dt += e->t * n; }
    else if (e->op == OP_GRANT) x->kw |= e->kw;
    else if (e->op == OP_RULE && e->arg2 < 32 && e->arg2 != RULE_BLOCK_EXTRA) x->rules |= RULE_BIT(e->arg2);
}

/* Adds static effect e (adds_only) of a source player `you` controls. */
static void add(const GameState *s, int you, Adds *x, const Effect *e)
{
    adds_effect(x, e, e->op == OP_PUMP && e->n.kind == QTY_COUNT ? effect_count(s, &e->count, you, -1) * e->n.n : e->n.n);
}

/* The creatures that pumps until end of turn act on, and what they add
 * to each (a stack of them: the items' and a candidate's). */
typedef struct Pumps {
    int n;
    uint8_t slot[STACK_MAX + 1];
    Adds add[STACK_MAX + 1];
} Pumps;

/* Adds effect e (amount n; OP_PUMP, OP_GRANT or OP_RULE until end of
 * turn, no toughness taken) on creature c to pumps u: 0 when not such an
 * effect (or a rule the value may not take in: protection, which could
 * make something fall off). */
static int pump_add(Pumps *u, int c, const Effect *e, int n)
{
    if (!(e->op == OP_PUMP || e->op == OP_GRANT || e->op == OP_RULE) || e->dur != DUR_EOT || e->flags || c < 0 ||
        (e->op == OP_PUMP && e->t < 0) ||
        (e->op == OP_RULE && (e->arg2 >= 32 || e->arg2 == RULE_PROTECTION || e->arg2 == RULE_BLOCK_EXTRA)))
        return 0;
    int k = 0;
    while (k < u->n && u->slot[k] != c) k++;
    if (k == u->n) {
        if (u->n > STACK_MAX) return 0;
        u->slot[u->n] = (uint8_t)c;
        u->add[u->n++] = (Adds){ 0, 0, 0, 0 };
    }
    adds_effect(&u->add[k], e, n);
    return 1;
}

/* Whether every item on the stack is one of p's pumps until end of turn
 * of a creature (its source, or its one target, still there), into u
 * (NULL: only whether), and *worth what the items count in the board's
 * value (spells on the stack). */
static int stack_pumps(const GameState *s, int p, Pumps *u, int *worth_now)
{
    Pumps scratch = { 0 };
    if (!u) u = &scratch;
    int w = 0;
    for (int k = 0; k < s->stack_n; k++) {
        const StackItem *it = &s->stack[k];
        const CardDef *d = &s->cards[it->card];
        if (it->controller != p || it->kind == SI_TRIGGER || it->ability >= d->n_abilities || it->n_targets > 1) return 0;
        const Ability *ab = &d->ab[it->ability];
        int self = it->kind == SI_ABILITY && it->source != NO_SLOT && permset_has(s->perm_used, it->source) &&
                   s->px[it->source].ts == it->source_ts && perm_is_creature(s, it->source) ? it->source : -1;
        const Target *t = &it->t[0];
        int target = it->n_targets && t->kind == TK_PERM && permset_has(s->perm_used, t->v) && s->px[t->v].ts == t->ts &&
                     perm_is_creature(s, t->v) ? t->v : -1;
        for (int j = 0; j < ab->n_effects; j++) {
            const Effect *e = &ab->effect[j];
            int n = e->n.kind == QTY_CONST ? e->n.n : e->n.kind == QTY_X ? it->x * e->n.n : -1;
            int c = e->who == SEL_SELF ? self : e->who == SEL_TARGET && !e->arg ? target : -1;
            if (n < 0 || !pump_add(u, c, e, n)) return 0;
        }
        w += 2 + d->mana_value;
    }
    if (worth_now) *worth_now = w;
    return 1;
}

/* Whether filter f (a static ability's set) reads only what the known
 * values leave as they are and a card shows (types, colors, subtypes,
 * supertypes, mana value): no state, keywords, power or chosen type. */
static int plain_filter(const Filter *f)
{
    if (f->zone != ZONE_BATTLEFIELD || f->state || f->kw || f->kw_not || f->power_max != FILTER_NO_LIMIT ||
        f->power_min != FILTER_NO_MIN || f->subtype_not == SUBTYPE_CHOSEN)
        return 0;
    for (int k = 0; k < FILTER_SUBTYPES; k++) if (f->subtype[k] == SUBTYPE_CHOSEN) return 0;
    return 1;
}

/* Whether the state is settled for a known value: the game goes on, no
 * trigger waits, no prevention of combat damage or of a color's, the
 * layers up to date and reading no count or condition (but lands). */
static int settled(const GameState *s)
{
    return !s->over && !s->pending_n && !s->prevent_combat && !s->prevent_colors && !s->layers_dirty && !s->cond_key &&
           !(s->layers_reads & (LR_PERMS | LR_CONTROL | LR_GY | LR_SUBTYPES));
}

static int quiet_value(const GameState *s, int q, int p, int *v, BoardLands *l);

/* board_quiet's answer with effects in force or items on the stack: in
 * combat, only the pumps until end of turn that resolved and those of
 * p's on the stack (a playout keeps them to its end: playout_end). Out of
 * line: board_quiet, on most boards with neither, makes no call but its
 * last and keeps no frame. */
static __attribute__((noinline)) int quiet_with_pumps(const GameState *s, int p, int *v, BoardLands *l)
{
    if (s->step < STEP_DECLARE_BLOCKERS || s->step > STEP_COMBAT_DAMAGE) return 0;
    for (int j = 0; j < s->float_n; j++) {
        const Floating *f = &s->fl[j];
        if (f->op != FL_DAMAGED_BY && !((f->op == OP_PUMP || f->op == OP_GRANT || f->op == OP_RULE) && f->dur == DUR_EOT))
            return 0;
    }
    if (s->stack_n && !stack_pumps(s, p, NULL, NULL)) return 0;
    return quiet_value(s, p, p, v, l);
}

int board_quiet(const GameState *s, int p, int *v, BoardLands *l)
{
    if (!settled(s)) return 0;
    return s->float_n || s->stack_n ? quiet_with_pumps(s, p, v, l) : quiet_value(s, p, p, v, l);
}

/* What permanent i does to board_quiet's answer (mine: the player it is
 * asked for controls it): 0 not quiet, else BOARD_QUIET, with BOARD_SETS
 * when one of its static abilities applies to a set and
 * BOARD_FILTER_READS when that set is selected by keywords or power. */
static inline int perm_quiet(const GameState *s, int i, int mine)
{
    unsigned abk = s->px[i].abk;
    if (abk & (PK_CONTROL | PK_COND)) return 0;
    if (!(abk & (PK_MANA | PK_STATIC))) return BOARD_QUIET;      /* most: its card unread */
    unsigned f = card_facts(&s->cards[s->perm[i].card]);
    if ((abk & PK_MANA) && mine && !(f & BF_PLAIN_MANA)) return 0;
    if (!(abk & PK_STATIC)) return BOARD_QUIET;
    return f & BF_STATICS_QUIET ? BOARD_QUIET | (int)(f & (BOARD_SETS | BOARD_FILTER_READS)) : 0;
}

/* What card d's static abilities are to the value (a permanent's on
 * the battlefield): BF_STATICS_QUIET when they leave a board quiet (they
 * add only, to the permanent, what it is attached to or a set), with
 * BOARD_SETS when one applies to a set and BOARD_FILTER_READS when one
 * selects its set by keywords or power. */
static unsigned statics_facts(const CardDef *d)
{
    unsigned f = BF_STATICS_QUIET;
    for (const Ability *a = d->ab, *end = a + d->n_abilities; a < end; a++) {
        if (a->kind != AB_STATIC) continue;
        for (const Effect *e = a->effect, *last = e + a->n_effects; e < last; e++) {
            if (!adds_only(e) || (e->who != SEL_SELF && e->who != SEL_ATTACHED && e->who != SEL_ALL))
                f &= ~(unsigned)BF_STATICS_QUIET;
            if (e->who != SEL_ALL) continue;
            f |= BOARD_SETS;
            if (e->sel.kw || e->sel.kw_not || e->sel.power_max != FILTER_NO_LIMIT || e->sel.power_min != FILTER_NO_MIN)
                f |= BOARD_FILTER_READS;
        }
    }
    return f;
}

/* board_quiet's answer for player q on a settled state, the stack and the
 * effects in force aside: the players' rules, the triggers, the
 * permanents' abilities (perm_quiet). When quiet, board_value_lands's
 * for player p in *v and *l, counted on the same pass over the
 * battlefield. */
static int quiet_value(const GameState *s, int q, int p, int *v, BoardLands *l)
{
    for (int r = 0; r < 2; r++)
        if ((s->pl_rules[r] & (PR_CANT_LOSE | PR_CANT_WIN | PR_NO_GAIN | PR_NO_DAMAGE | PR_NO_PREVENT)) ||
            (s->pl[r].flags & PL_GY_ABILITIES) || s->pl[r].prevent)
            return 0;
    if (trigger_watched(s, ~calm_triggers)) return 0;
    int quiet = BOARD_QUIET, value = 0;
    l->creature = 0;
    for (int side = 0; side < 2; side++) {
        int w = 0;
        l->mana[side] = 0;
        for (PermIter it = permset_iter(s->perm_ctl[side]); permiter_more(&it);) {
            int i = permiter_next(&it), one = perm_quiet(s, i, side == q);
            if (!one) return 0;
            quiet |= one;
            w += perm_worth(s, i, side, l);
        }
        w += side_worth(s, side);
        value += side == p ? w : -w;
    }
    *v = value;
    return quiet;
}

/* The change of creature i's worth for player p with x added to it
 * (inline, as the other small steps of a candidate's known value:
 * players_value, attached_read, cost_known, no_cost; their calls cost
 * as much as their work). */
static inline __attribute__((always_inline)) int gain(const GameState *s, int p, int i, const Adds *x)
{
    const Permanent *q = &s->perm[i];
    int d = worth(q->power + x->dp, q->toughness + x->dt, q->kw | x->kw, s->px[i].rules | x->rules) -
            board_creature_value(s, i);
    return perm_controller(s, i) == p ? d : -d;
}

/* What a known play does to the players: life, cards in hand and in the
 * library, a draw from an empty library (704.5b). */
typedef struct Players {
    int life[2], hand[2], lib[2], drew_empty[2];
    uint64_t watch;          /* the triggers its draws and discards could set off (TR_DRAW, TR_DISCARD) */
} Players;

/* The players now, the card played (from_hand) gone from p's hand. */
static void players_now(const GameState *s, int p, int from_hand, Players *o)
{
    for (int q = 0; q < 2; q++) {
        o->life[q] = s->pl[q].life;
        o->hand[q] = s->pl[q].hand_n - (q == p && from_hand);
        o->lib[q] = s->pl[q].lib_n;
        o->drew_empty[q] = 0;
    }
    o->watch = 0;
}

/* Whether filter f selects any card (a discard of "a card"). */
static int any_card(const Filter *f)
{
    return !f->types && !f->types_not && !f->types_all && !f->colors && !f->colors_not && !f->subtype[0] &&
           !f->subtype_not && !f->supers && !f->state && f->mv_max == FILTER_NO_LIMIT;
}

/* Effect e (amount n) on player q, of a source p controls: damage (none
 * that may go to a planeswalker instead, 306.7), life, draws, discards of
 * any cards, a look at the top of the library and a shuffle (the value
 * reads neither). 0 for any other. */
static int player_effect(const GameState *s, int p, int q, const Effect *e, int n, Players *o)
{
    switch (e->op) {
    case OP_DAMAGE:
        if (e->arg2 != DMG_BY_SOURCE || (e->flags & ~(uint32_t)(EF_DAMAGED_NO_REGEN | EF_NO_PREVENT))) return 0;
        if (q != p)
            for (PermIter it = permset_iter(s->perm_ctl[q]); permiter_more(&it);)
                if (perm_is_planeswalker(s, permiter_next(&it))) return 0;
        o->life[q] -= n;
        return 1;
    case OP_GAIN_LIFE: case OP_LOSE_LIFE:
        if (e->flags) return 0;
        o->life[q] += e->op == OP_GAIN_LIFE ? n : -n;
        return 1;
    case OP_DRAW:
        if (e->flags) return 0;
        if (o->lib[q] < n) o->drew_empty[q] = 1;
        n = n < o->lib[q] ? n : o->lib[q];
        if (o->hand[q] + n > HAND_MAX) return 0;         /* a capacity draw (game.h) */
        o->hand[q] += n;
        o->lib[q] -= n;
        o->watch |= TRB(TR_DRAW);
        return 1;
    case OP_DISCARD:
        if ((e->flags & ~(uint32_t)(EF_RANDOM | EF_CHOOSER)) || !any_card(&e->sel)) return 0;
        o->hand[q] -= n < o->hand[q] ? n : o->hand[q];
        o->watch |= TRB(TR_DISCARD);
        return 1;
    case OP_REORDER_TOP: case OP_SHUFFLE:
        return !(e->flags & ~(uint32_t)EF_OPTIONAL);
    default:
        return 0;
    }
}

/* The value for p of w (the board's value but for the players' life and
 * hands) with the players as o leaves them: the game's end when one has
 * lost (704.5a-b). 0 when a trigger could see its draws or discards.
 * Inline, as gain. */
static inline __attribute__((always_inline)) int players_value(const GameState *s, int p, const Players *o, int w,
                                                               int *v)
{
    if (o->watch && trigger_watched(s, o->watch)) return 0;
    int opp = 1 - p, lost = (o->life[p] <= 0) | o->drew_empty[p], won = (o->life[opp] <= 0) | o->drew_empty[opp];
    if (lost | won) {
        *v = lost && won ? 0 : lost ? -100000 : 100000;
        return 1;
    }
    w += 2 * (o->hand[p] - s->pl[p].hand_n - o->hand[opp] + s->pl[opp].hand_n);
    for (int q = 0; q < 2; q++) {
        if (o->life[q] == s->pl[q].life) continue;                /* most leave it */
        int d = life_worth(o->life[q]) - life_worth(s->pl[q].life);
        w += q == p ? d : -d;
    }
    *v = w;
    return 1;
}

/* Whether static effect e of a card entering can be written into the
 * value: it adds (adds_only), gives no protection (an Aura or Equipment
 * could fall off) and no less toughness (a creature could die); on what
 * the card is attached to, and but for an Aura on itself or a plain set. */
static int known_static(const Effect *e, int aura)
{
    if (!adds_only(e) || (e->op == OP_RULE && e->arg2 == RULE_PROTECTION) || (e->op == OP_PUMP && e->t < 0)) return 0;
    if (e->who == SEL_ATTACHED) return 1;
    if (aura) return 0;
    return e->who == SEL_SELF || (e->who == SEL_ALL && plain_filter(&e->sel));
}

/* Whether "when ~ enters the battlefield" ability a acts only on players
 * as player_effect can: a fixed amount on its controller, each opponent
 * or target opponent. */
static int etb_on_players(const Ability *a)
{
    if (a->cond || a->zone == ZONE_GRAVEYARD || a->n_targets > 1) return 0;
    if (a->n_targets && (a->target[0].what != TGT_PLAYER || a->target[0].f.ctl != CTL_OPP || a->target[0].min != 1 ||
                         a->target[0].max != 1))
        return 0;
    for (int j = 0; j < a->n_effects; j++) {
        const Effect *e = &a->effect[j];
        if (e->n.kind != QTY_CONST || !(e->who == SEL_YOU || e->who == SEL_OPPONENTS || (e->who == SEL_TARGET && !e->arg)))
            return 0;
    }
    return 1;
}

/* What card d's "when ~ enters the battlefield" abilities (etb_on_players)
 * do to the players o, as it enters under p's control: 0 when not known. */
static int etb_players(const GameState *s, int p, const CardDef *d, Players *o)
{
    for (int k = 0; k < d->n_abilities; k++) {
        const Ability *a = &d->ab[k];
        if (a->kind != AB_TRIGGERED || a->trigger != TR_ETB) continue;
        if (a->n_targets && (s->pl_rules[1 - p] & (PR_SHROUD | PR_HEXPROOF))) return 0;   /* no target: removed */
        for (int j = 0; j < a->n_effects; j++)
            if (!player_effect(s, p, a->effect[j].who == SEL_YOU ? p : 1 - p, &a->effect[j], a->effect[j].n.n, o))
                return 0;
    }
    return 1;
}

/* Whether the abilities of card d, cast and entering the battlefield, do
 * nothing to the board but through static abilities known_static takes
 * and, but for an Aura, "when ~ enters" abilities on players
 * (etb_on_players): its other triggers calm, no replacement as it enters
 * but entering tapped. */
static int enters_quietly(const CardDef *d, int aura)
{
    for (const Ability *a = d->ab, *end = a + d->n_abilities; a < end; a++) {
        switch (a->kind) {
        case AB_ACTIVATED: case AB_MANA: case AB_EQUIP: case AB_ENCHANT: case AB_ETB_TAPPED:
            break;
        case AB_TRIGGERED:
            if (a->trigger == TR_ETB ? aura || !etb_on_players(a) : !(calm_triggers >> a->trigger & 1)) return 0;
            break;
        case AB_STATIC:
            if (a->cond) return 0;
            for (const Effect *e = a->effect, *last = e + a->n_effects; e < last; e++)
                if (!known_static(e, aura)) return 0;
            break;
        default:
            return 0;
        }
    }
    return 1;
}

/* What the static abilities on the battlefield add to creature card d
 * entering under p's control: 0 (not known) when one whose set may
 * include it reads more than the card shows (plain_filter). */
static int newcomer_gets(const GameState *s, int p, const CardDef *d, Adds *x)
{
    for (PermIter it = permset_iter(s->perm_used); permiter_more(&it);) {
        int src = permiter_next(&it);
        const CardDef *c = &s->cards[s->perm[src].card];
        if (!(s->px[src].abk & PK_STATIC) || !(card_facts(c) & BOARD_SETS)) continue;
        int you = perm_controller(s, src);
        for (const Ability *a = c->ab, *end = a + c->n_abilities; a < end; a++) {
            if (a->kind != AB_STATIC) continue;
            for (const Effect *e = a->effect, *last = e + a->n_effects; e < last; e++) {
                if (e->who != SEL_ALL || (e->sel.ctl == CTL_YOU && you != p) ||
                    ((e->sel.ctl == CTL_OPP || e->sel.ctl == CTL_NOT_YOU) && you == p))
                    continue;
                if (!plain_filter(&e->sel)) return 0;
                if (effect_card_matches(d, &e->sel)) add(s, you, x, e);
            }
        }
    }
    return 1;
}

/* The value after permanent card d (not an Aura, no target) enters under
 * p's control (from its hand, else from the stack: `now` without the
 * spell): its static abilities' additions to the creatures they apply to
 * (none for an unattached Equipment's) and to itself, and the
 * battlefield's to it when it is a creature; the players in *o. */
static int permanent_known(const GameState *s, int p, const CardDef *d, int quiet, int now, int from_hand, Players *o,
                           int *v)
{
    int creature = (d->types & TYPE_CREATURE) != 0;
    if (!(card_facts(d) & BF_ENTERS) || (creature && (quiet & BOARD_FILTER_READS))) return 0;
    Adds self = { 0, 0, 0, 0 };
    if (creature && (quiet & BOARD_SETS) && !newcomer_gets(s, p, d, &self)) return 0;
    int w = now;
    for (const Ability *a = d->ab, *end = a + d->n_abilities; a < end; a++) {
        if (a->kind != AB_STATIC) continue;
        for (const Effect *e = a->effect, *last = e + a->n_effects; e < last; e++) {
            if (e->who == SEL_SELF || (e->who == SEL_ALL && !e->sel.other && e->sel.ctl != CTL_OPP &&
                                       e->sel.ctl != CTL_NOT_YOU && effect_card_matches(d, &e->sel)))
                add(s, p, &self, e);
            if (e->who != SEL_ALL) continue;
            PermSet set = filter_perm_candidates(s, &e->sel, s->perm_used, p, -1);   /* "you control": p's alone */
            for (PermIter it = permset_iter(set); permiter_more(&it);) {
                int i = permiter_next(&it);
                if (!perm_is_creature(s, i) || !filter_perm(s, &e->sel, i, p, -1)) continue;
                Adds x = { 0, 0, 0, 0 };
                add(s, p, &x, e);
                if ((quiet & BOARD_FILTER_READS) && (x.dp || (x.kw & ~s->perm[i].kw))) return 0;
                w += gain(s, p, i, &x);
            }
        }
    }
    if (!creature) w += 3;
    else if (d->toughness + self.dt <= 0) return 0;
    else w += worth(d->power + self.dp, d->toughness + self.dt, d->keywords | self.kw, self.rules);
    players_now(s, p, from_hand, o);
    return etb_players(s, p, d, o) && players_value(s, p, o, w, v);
}

/* What the static abilities of Aura or Equipment d (enters_quietly, its
 * effects all on what it is attached to) under p's control add to it. */
static Adds attached_adds(const GameState *s, int p, const CardDef *d)
{
    Adds x = { 0, 0, 0, 0 };
    for (int k = 0; k < d->n_abilities; k++)
        for (int j = 0; d->ab[k].kind == AB_STATIC && j < d->ab[k].n_effects; j++) add(s, p, &x, &d->ab[k].effect[j]);
    return x;
}

/* Whether adding x to creature i may change what a static ability on the
 * battlefield that reads keywords or power applies to. */
static int reread(const GameState *s, int i, const Adds *x, int quiet)
{
    return (quiet & BOARD_FILTER_READS) && (x->dp || (x->kw & ~s->perm[i].kw));
}

/* Whether Aura or Equipment d under p's control enters quietly
 * (enters_quietly), and what it adds in *x (attached_adds): read once for
 * the candidates of a look with the same card, through memo m. Inline,
 * as gain. */
static inline __attribute__((always_inline)) int attached_read(const GameState *s, int p, const CardDef *d,
                                                               BoardMemo *m, Adds *x)
{
    if (m->card != d) {
        m->card = d;
        m->quietly = (card_facts(d) & BF_ENTERS_AURA) != 0;
        if (m->quietly) m->adds = attached_adds(s, p, d);
    }
    *x = m->adds;
    return m->quietly;
}

/* The value after Aura d (enters_quietly) enters attached to creature i
 * (`now` the value without the card): its additions x to i, for i's
 * controller; the Aura a permanent of p's. */
static int aura_known(const GameState *s, int p, int i, const Adds *x, int quiet, int now, int *v)
{
    if (reread(s, i, x, quiet)) return 0;
    *v = now + 3 + gain(s, p, i, x);
    return 1;
}

/* The keywords creature c has but for the static abilities of source
 * src, on a quiet board (board_quiet): there only additions make them
 * (layer 6, 613.1f): its card's, the static abilities' and the resolved
 * effects' until end of turn. -1 when these do not make those it has. */
static int keywords_but(const GameState *s, int c, int src)
{
    unsigned kw = s->cards[s->perm[c].card].keywords, all;
    for (int j = 0; j < s->float_n; j++)
        if (s->fl[j].op == OP_GRANT && s->fl[j].slot == c) kw |= s->fl[j].kw;
    all = kw;
    for (PermIter it = permset_iter(s->perm_used); permiter_more(&it);) {
        int k = permiter_next(&it);
        if (!(s->px[k].abk & PK_STATIC)) continue;
        const CardDef *d = &s->cards[s->perm[k].card];
        for (int a = 0; a < d->n_abilities; a++)
            for (int j = 0; d->ab[a].kind == AB_STATIC && j < d->ab[a].n_effects; j++) {
                const Effect *e = &d->ab[a].effect[j];
                if (e->op != OP_GRANT) continue;
                int on = e->who == SEL_SELF ? k == c : e->who == SEL_ATTACHED ? s->px[k].attached == c
                       : e->who == SEL_ALL && filter_perm(s, &e->sel, c, perm_controller(s, k), k);
                if (!on) continue;
                all |= e->kw;
                if (k != src) kw |= e->kw;
            }
    }
    return all == s->perm[c].kw ? (int)kw : -1;
}

/* The change of creature c's worth for player p with power and toughness
 * dp and dt added and keywords kw in place of its own, when known: it
 * survives (toughness above its damage; no indestructible lost), and
 * nothing reads the keywords or power it loses (an Aura's enchant
 * restriction, a static ability's set: BOARD_FILTER_READS). */
static int loss_known(const GameState *s, int p, int c, int dp, int dt, unsigned kw, int quiet, int *d)
{
    const Permanent *q = &s->perm[c];
    unsigned lost = q->kw & ~kw;
    if (q->toughness + dt <= q->damage || (lost & KW_INDESTRUCTIBLE) || ((quiet & BOARD_FILTER_READS) && (dp || lost)))
        return 0;
    for (PermIter it = permset_iter(lost || dp ? s->perm_used : 0); permiter_more(&it);) {
        int j = permiter_next(&it);
        if (s->px[j].attached != c) continue;
        const CardDef *a = &s->cards[s->perm[j].card];
        for (int k = 0; k < a->n_abilities; k++) {
            const Filter *f = &a->ab[k].trig_filter;
            if (a->ab[k].kind != AB_ENCHANT) continue;
            if ((lost && (f->kw || f->kw_not)) || (dp && (f->power_max != FILTER_NO_LIMIT || f->power_min != FILTER_NO_MIN)))
                return 0;
        }
    }
    int w = worth(q->power + dp, q->toughness + dt, kw, s->px[c].rules) - creature_value(s, c);
    *d = perm_controller(s, c) == p ? w : -w;
    return 1;
}

/* The value after p's Equipment e is attached to creature i (701.3): its
 * additions move to i from the creature it was on, when they add no rule
 * (one taken off may stay from elsewhere) and that one survives them
 * gone, its keywords but those another source gives (keywords_but,
 * loss_known). */
static int equip_known(const GameState *s, int p, int e, int i, int quiet, int now, BoardMemo *m, int *v)
{
    Adds x;
    if (!attached_read(s, p, &s->cards[s->perm[e].card], m, &x) || reread(s, i, &x, quiet)) return 0;
    int w = now + gain(s, p, i, &x), was = s->px[e].attached;
    if (was != NO_SLOT && permset_has(s->perm_used, was)) {
        /* to the creature it is on, it stays (701.3b): with keywords, not known */
        int kw = !x.kw ? s->perm[was].kw : was != i ? keywords_but(s, was, e) : -1, change;
        if (x.rules || kw < 0 || !loss_known(s, p, was, -x.dp, -x.dt, (unsigned)kw, quiet, &change)) return 0;
        w += change;
    }
    *v = w;
    return 1;
}

/* The change of value for p as creature i dies, when known: i leaves
 * (no "when ~ dies" or "leaves" of its own, no regeneration shield, no
 * damage prevention) and its static abilities with it (all_die: every
 * creature they act on dies too),
 * the Auras on it go to their owners' graveyards and the Equipment stays
 * unattached (704.5m-n), theirs acting only on i. `gone`: another
 * creature leaving with it (-1: none), whose worth its own dies_known
 * takes away. Else 0. */
static int dies_known(const GameState *s, int p, int i, int all_die, int gone, int quiet, int *w)
{
    const PermX *x = &s->px[i];
    if ((x->abk & PK_CONTROL) || x->regen || s->perm[i].prevent) return 0;
    const CardDef *d = &s->cards[s->perm[i].card];
    for (int k = 0; (x->abk & PK_TRIGGERED) && k < d->n_abilities; k++)
        if (d->ab[k].kind == AB_TRIGGERED && (d->ab[k].trigger == TR_DIES || d->ab[k].trigger == TR_LEAVES)) return 0;
    int v = perm_controller(s, i) == p ? -board_creature_value(s, i) : board_creature_value(s, i);
    /* A lord's fixed +N/+N leaves the creatures it applied to (613.4c: 7c
     * adds, so it is taken away as it was given), and its keywords but
     * those another source gives (keywords_but); a rule it gave may stay
     * from elsewhere: not known. */
    int lord = 0;
    for (int k = 0; (x->abk & PK_STATIC) && !all_die && k < d->n_abilities; k++)
        for (int j = 0; d->ab[k].kind == AB_STATIC && j < d->ab[k].n_effects; j++) {
            const Effect *e = &d->ab[k].effect[j];
            if (e->who == SEL_SELF) continue;
            if (e->who != SEL_ALL || !((e->op == OP_PUMP && e->n.kind == QTY_CONST) || e->op == OP_GRANT)) return 0;
            lord = 1;
        }
    for (PermIter it = permset_iter(lord ? s->perm_used : 0); permiter_more(&it);) {
        int c = permiter_next(&it), hit = 0, dp = 0, dt = 0, grants = 0, change;
        if (c == i || c == gone || !perm_is_creature(s, c)) continue;
        for (int k = 0; k < d->n_abilities; k++)
            for (int j = 0; d->ab[k].kind == AB_STATIC && j < d->ab[k].n_effects; j++) {
                const Effect *e = &d->ab[k].effect[j];
                if (e->who != SEL_ALL || !filter_perm(s, &e->sel, c, perm_controller(s, i), i)) continue;
                hit = 1;
                if (e->op == OP_GRANT) grants = 1;
                else { dp -= e->p * e->n.n; dt -= e->t * e->n.n; }
            }
        if (!hit) continue;
        int kw = grants ? keywords_but(s, c, i) : s->perm[c].kw;
        if (kw < 0 || !loss_known(s, p, c, dp, dt, (unsigned)kw, quiet, &change)) return 0;
        v += change;
    }
    for (PermIter it = permset_iter(s->perm_used); permiter_more(&it);) {
        int j = permiter_next(&it);
        if (s->px[j].attached != i) continue;
        const CardDef *c = &s->cards[s->perm[j].card];
        if (!(card_facts(c) & BF_ENTERS_AURA)) return 0;
        if (spell_ability(c) >= 0 && c->ab[spell_ability(c)].kind == AB_ENCHANT) v += perm_controller(s, j) == p ? -3 : 3;
    }
    *w = v;
    return 1;
}

/* Whether cost c asks for no more than mana (X included: the action's),
 * {T} and, with sac_ok, sacrificing the source. Inline, as gain. */
static inline __attribute__((always_inline)) int cost_known(const Cost *c, int sac_ok)
{
    return !c->untap && (sac_ok || !c->sac_self) && !c->sac_n && !c->discard_n && !c->life &&
           !c->remove_counters && !c->exile_self && !c->per_target && !c->exile_gy && !c->loyalty;
}

/* Whether cost c asks for nothing (an instant's or sorcery's additional
 * cost; its x marks the X of the card's mana cost). Inline, as gain. */
static inline __attribute__((always_inline)) int no_cost(const Cost *c)
{
    int colors = c->color[0] | c->color[1] | c->color[2] | c->color[3] | c->color[4] | c->color[5];
    return !c->generic && !colors && !c->tap && cost_known(c, 0);
}

/* The amount of effect e for its controller p: fixed, X (the action's),
 * or for each land of a kind (no known play changes the lands); -1 for
 * any other. */
static int amount(const GameState *s, int p, const Effect *e, int x)
{
    if (e->n.kind == QTY_CONST) return e->n.n;
    if (e->n.kind == QTY_X) return x * e->n.n;
    if (e->n.kind == QTY_COUNT && e->count.zone == ZONE_BATTLEFIELD && filter_only_lands(&e->count))
        return effect_count(s, &e->count, p, -1) * e->n.n;
    return -1;
}

/* The change of value for p as every creature matching e->sel ("destroy
 * all creatures") is destroyed (701.7), when known: each that is not
 * indestructible dies (dies_known; its static abilities only when no
 * creature survives them), none has a regeneration shield to use. */
static int all_destroyed(const GameState *s, int p, const Effect *e, int *w)
{
    PermSet dying = 0;
    int survivors = 0, statics = 0, v = 0;
    for (PermIter it = permset_iter(s->perm_used); permiter_more(&it);) {
        int i = permiter_next(&it);
        int hit = filter_perm(s, &e->sel, i, p, -1);
        if (hit && !perm_is_creature(s, i)) return 0;
        if (!perm_is_creature(s, i)) continue;
        if (hit && s->px[i].regen && !(e->flags & EF_NO_REGEN)) return 0;
        if (!hit || (s->perm[i].kw & KW_INDESTRUCTIBLE)) { survivors++; continue; }
        dying |= PERMSET_BIT(i);
        statics |= (s->px[i].abk & PK_STATIC) != 0;
    }
    if (statics && survivors) return 0;
    for (PermIter it = permset_iter(dying); permiter_more(&it);) {
        int change;
        if (!dies_known(s, p, permiter_next(&it), 1, -1, 0, &change)) return 0;
        v += change;
    }
    *w = v;
    return 1;
}

/* The value after ability ab (an instant's or sorcery's, card d's from
 * the hand; or activated, of permanent src) with at most one target (a
 * creature or a player): damage, destroying the creature or every
 * creature of a set, life, draws and discards (player_effect) on the
 * target, its controller, its caster or its opponent, amounts fixed, X or
 * for each land of a kind; the source sacrificed as a cost dies. */
static int effects_known(const GameState *s, int p, const Ability *ab, const Action *a, int src, int quiet, int now,
                         int *v)
{
    if (ab->n_targets > 1 || a->n_targets != ab->n_targets) return 0;
    unsigned kw = src >= 0 ? s->perm[src].kw : 0;
    if (kw & (KW_DEATHTOUCH | KW_WITHER | KW_INFECT | KW_LIFELINK)) return 0;   /* what its damage does */
    int tp = -1, ti = -1;
    if (a->n_targets && a->tk[0] == TK_PLAYER) tp = a->tv[0];
    else if (a->n_targets && a->tk[0] == TK_PERM && perm_is_creature(s, a->tv[0]) && !perm_is_planeswalker(s, a->tv[0]) &&
             a->tv[0] != src)
        ti = a->tv[0];
    else if (a->n_targets) return 0;
    Players o;
    players_now(s, p, src < 0, &o);
    int damage = 0, destroy = 0, w = now, pumping = 0, other = 0, stack_worth = 0;
    Pumps u;
    u.n = 0;                                                     /* pump_add writes each slot it adds */
    if (s->stack_n && !stack_pumps(s, p, &u, &stack_worth)) return 0;
    for (int j = 0; j < ab->n_effects; j++) {
        const Effect *e = &ab->effect[j];
        int n = amount(s, p, e, a->x);
        if (n < 0) return 0;
        int on_target = e->who == SEL_TARGET && e->arg == 0;
        if ((e->op == OP_PUMP || e->op == OP_GRANT || e->op == OP_RULE) && e->dur == DUR_EOT) {
            /* until end of turn, on the target or the source: kept while combat is (playout_end) */
            int c = on_target && ti >= 0 ? ti : e->who == SEL_SELF && src >= 0 && perm_is_creature(s, src) ? src : -1;
            if (!pump_add(&u, c, e, n)) return 0;
            pumping = 1;
            continue;
        }
        other = 1;
        if (on_target && ti >= 0) {                              /* the creature */
            if (e->op == OP_DAMAGE && e->arg2 == DMG_BY_SOURCE && !(e->flags & ~(uint32_t)(EF_DAMAGED_NO_REGEN | EF_NO_PREVENT)))
                damage += n;
            else if (e->op == OP_DESTROY && !(e->flags & ~(uint32_t)EF_NO_REGEN))
                destroy = 1;
            else
                return 0;
            continue;
        }
        if (e->who == SEL_ALL && e->op == OP_DESTROY && !(e->flags & ~(uint32_t)EF_NO_REGEN) && ab->n_effects == 1) {
            int change;
            if (!all_destroyed(s, p, e, &change)) return 0;
            w += change;
            continue;
        }
        int q = on_target ? tp : e->who == SEL_YOU ? p : e->who == SEL_OPPONENTS ? 1 - p
              : e->who == SEL_TARGET_CONTROLLER && e->arg == 0 && ti >= 0 ? perm_controller(s, ti) : -1;
        if (q < 0 || !player_effect(s, p, q, e, n, &o)) return 0;
    }
    int sacrificed = src >= 0 && ab->cost.sac_self ? src : -1, dead = -1;
    if (ti >= 0) {
        const Permanent *q = &s->perm[ti];
        int change = 0;
        if (!(q->kw & KW_INDESTRUCTIBLE) && (destroy || (damage && damage >= q->toughness - q->damage))) {
            if (!dies_known(s, p, ti, 0, sacrificed, quiet, &change)) return 0;
            w += change;
            dead = ti;
        }
    }
    if (s->stack_n && (!pumping || other)) return 0;             /* a pump on top of pumps alone */
    if (pumping) {
        if (s->step < STEP_DECLARE_BLOCKERS || s->step > STEP_COMBAT_DAMAGE || damage || destroy ||
            (src >= 0 && ab->cost.sac_self))
            return 0;
        for (int k = 0; k < u.n; k++) {
            if (reread(s, u.slot[k], &u.add[k], quiet)) return 0;
            w += gain(s, p, u.slot[k], &u.add[k]);
        }
        w -= stack_worth;                                        /* the items resolved (all p's) */
    }
    if (sacrificed >= 0) {                                       /* sacrificed as the ability is activated */
        int change = 0;
        if (!perm_is_creature(s, src) || !dies_known(s, p, src, 0, dead, quiet, &change)) return 0;
        w += change;
    }
    return players_value(s, p, &o, w, v);
}

/* The triggers a look's playout (the stack resolved with no answer, the
 * combat's damage dealt, "until end of turn" ended) cannot set off on a
 * permanent already on the battlefield: those of steps, of attacks and
 * blocks declared, and of its own entering. */
static const uint64_t playout_silent =
    TRB(TR_ETB) | TRB(TR_ATTACKS) | TRB(TR_BLOCKS) | TRB(TR_BLOCKED) | TRB(TR_UPKEEP) | TRB(TR_END_STEP) |
    TRB(TR_BLOCKS_CREATURE) | TRB(TR_BLOCKED_BY_CREATURE) | TRB(TR_DRAW_STEP) | TRB(TR_ATTACHED_ATTACKS) |
    TRB(TR_ATTACHED_BLOCKS) | TRB(TR_OTHER_ATTACKS);

/* Whether static effect e only adds (adds_only) to itself, to what it is
 * attached to or to a set of permanents, no less toughness: nothing it
 * does reads a life total, a hand or a graveyard, and it kills no
 * creature. */
static int static_adds(const Effect *e)
{
    return adds_only(e) && (e->who == SEL_SELF || e->who == SEL_ATTACHED || e->who == SEL_ALL) &&
           !(e->n.kind == QTY_COUNT && e->count.state) &&    /* "for each untapped land": a land tapped for mana */
           !(e->op == OP_PUMP && e->t < 0);                   /* a death a pump until end of turn would put off */
}

/* Whether permanent card d, entering from the stack in a playout, does
 * nothing but through static abilities that add (static_adds), with no
 * condition and no lifelink given, and enters with no replacement but
 * entering tapped: no trigger, no choice. */
static int enters_blind(const CardDef *d)
{
    for (int k = 0; k < d->n_abilities; k++) {
        const Ability *a = &d->ab[k];
        switch (a->kind) {
        case AB_ACTIVATED: case AB_MANA: case AB_EQUIP: case AB_ENCHANT: case AB_ETB_TAPPED:
            break;
        case AB_STATIC:
            if (a->cond) return 0;
            for (int j = 0; j < a->n_effects; j++)
                if (!static_adds(&a->effect[j]) || (a->effect[j].op == OP_GRANT && (a->effect[j].kw & KW_LIFELINK)))
                    return 0;
            break;
        default:
            return 0;
        }
    }
    return 1;
}

/* Whether stack item `it` resolves in a playout reading nothing and
 * killing nothing: a permanent spell whose card enters blind
 * (enters_blind; an Aura's target aside), an equip, or an instant, a
 * sorcery or an activated ability of fixed pumps (no less toughness: a
 * pump in answer would put off the death), keywords (no lifelink) or
 * rules until end of turn alone. */
static int item_blind(const GameState *s, const StackItem *it)
{
    const CardDef *d = &s->cards[it->card];
    if (it->kind == SI_TRIGGER) return 0;
    if (it->kind == SI_SPELL && !(d->types & (TYPE_INSTANT | TYPE_SORCERY))) return enters_blind(d);
    if (it->ability >= d->n_abilities) return 0;
    const Ability *ab = &d->ab[it->ability];
    if (ab->kind == AB_EQUIP) return it->kind == SI_ABILITY;
    if (ab->kind != (it->kind == SI_SPELL ? AB_SPELL : AB_ACTIVATED) || !ab->n_effects) return 0;
    for (int j = 0; j < ab->n_effects; j++) {
        const Effect *e = &ab->effect[j];
        if (!(e->op == OP_PUMP || e->op == OP_GRANT || e->op == OP_RULE) || e->dur != DUR_EOT || e->flags ||
            e->n.kind != QTY_CONST || (e->op == OP_PUMP && e->t < 0) || (e->op == OP_GRANT && (e->kw & KW_LIFELINK)))
            return 0;
    }
    return 1;
}

int board_playout_calm(const GameState *s, int p)
{
    if (s->over || s->pending_n || s->prevent_colors || s->layers_dirty || s->cond_key ||
        (s->layers_reads & (LR_PERMS | LR_CONTROL | LR_GY | LR_SUBTYPES)))
        return 0;
    for (int j = 0; j < s->float_n; j++) {
        const Floating *f = &s->fl[j];
        if (f->op != FL_DAMAGED_BY && !((f->op == OP_PUMP || f->op == OP_GRANT || f->op == OP_RULE) && f->dur == DUR_EOT))
            return 0;
    }
    for (int q = 0; q < 2; q++)
        if ((s->pl_rules[q] & (PR_CANT_LOSE | PR_CANT_WIN | PR_NO_GAIN | PR_NO_DAMAGE | PR_NO_PREVENT)) ||
            (s->pl[q].flags & PL_GY_ABILITIES) || s->pl[q].prevent)
            return 0;
    for (int k = 0; k < s->stack_n; k++) {
        if (s->stack[k].controller == p || !item_blind(s, &s->stack[k])) return 0;
    }
    if (trigger_watched(s, ~playout_silent)) return 0;
    for (PermIter it = permset_iter(s->perm_used); permiter_more(&it);) {
        int i = permiter_next(&it);
        unsigned abk = s->px[i].abk;
        int mine = perm_controller(s, i) == p;
        if (abk & (PK_CONTROL | PK_COND)) return 0;
        if (!mine && perm_is_planeswalker(s, i)) return 0;
        if (!(abk & (PK_MANA | PK_STATIC))) continue;
        unsigned f = card_facts(&s->cards[s->perm[i].card]);
        if ((abk & PK_MANA) && mine && (perm_is_creature(s, i) || !(f & BF_PLAIN_MANA))) return 0;   /* a creature tapped for it */
        if ((abk & PK_STATIC) && !(f & BF_STATICS_ADD)) return 0;
    }
    return 1;
}

/* Whether card d's static effects all add (static_adds). */
static int statics_add(const CardDef *d)
{
    for (const Ability *a = d->ab, *end = a + d->n_abilities; a < end; a++) {
        if (a->kind != AB_STATIC) continue;
        for (const Effect *e = a->effect, *last = e + a->n_effects; e < last; e++)
            if (!static_adds(e)) return 0;
    }
    return 1;
}

uint8_t board_card_facts(const CardDef *d)
{
    unsigned f = BF_MADE | statics_facts(d);
    f |= (plain_mana(d) ? BF_PLAIN_MANA : 0u) | (enters_quietly(d, 0) ? BF_ENTERS : 0u) |
         (enters_quietly(d, 1) ? BF_ENTERS_AURA : 0u) | (statics_add(d) ? BF_STATICS_ADD : 0u);
    return (uint8_t)f;
}

int board_combat_known(const GameState *s, int p, int *v, int life[2], BoardLands *l)
{
    const unsigned none = SPELLS_NO_WARDS | SPELLS_NO_REDIRECT;
    int att = s->active, def = 1 - att, dmg = 0;
    if (s->step != STEP_DECLARE_BLOCKERS || s->stack_n || s->float_n || s->combat.blockers || s->prevent_combat ||
        (s->spells & none) != none || (s->combat.attackers & ~s->perm_ctl[att]))
        return 0;
    for (PermIter it = permset_iter(s->combat.attackers); permiter_more(&it);) {
        const Permanent *q = &s->perm[permiter_next(&it)];
        if ((q->flags & (PF_BLOCKED | PF_HAD_FS)) || q->target != TARGET_PLAYER ||
            (q->kw & (KW_FIRST_STRIKE | KW_DOUBLE_STRIKE | KW_LIFELINK | KW_INFECT)))
            return 0;
        dmg += q->power > 0 ? q->power : 0;                      /* 510.1a */
    }
    if (!board_playout_calm(s, p)) return 0;
    int left = s->pl[def].life - dmg;
    if (left <= 0) {                                             /* 704.5a */
        *v = att == p ? 100000 : -100000;
        life[0] = life[1] = 0;
        return 1;
    }
    int d = life_worth(left) - life_worth(s->pl[def].life);
    *v = value_lands(s, p, l) + (def == p ? d : -d);
    life[att] = s->pl[att].life;
    life[def] = left;
    return 1;
}

/* Whether a static ability on the battlefield selects what it applies to
 * by keywords or power: a pump or a keyword could change its set. */
static int statics_read_strength(const GameState *s)
{
    for (PermIter it = permset_iter(s->perm_used); permiter_more(&it);) {
        int i = permiter_next(&it);
        if ((s->px[i].abk & PK_STATIC) && (card_facts(&s->cards[s->perm[i].card]) & BOARD_FILTER_READS)) return 1;
    }
    return 0;
}

/* Whether the opponent of p may gain life in a calm playout from s, in a
 * combat whose damage is to come: a creature of its in combat has
 * lifelink, or a static ability selects by keywords or power (a lord's
 * death in the first-strike damage step could make one give lifelink). */
static int opp_gains(const GameState *s, int p)
{
    if (!((s->step == STEP_DECLARE_BLOCKERS || s->step == STEP_FIRST_STRIKE_DAMAGE) && s->combat.attackers)) return 0;
    for (PermIter it = permset_iter((s->combat.attackers | s->combat.blockers) & s->perm_ctl[1 - p]); permiter_more(&it);)
        if (s->perm[permiter_next(&it)].kw & KW_LIFELINK) return 1;
    return statics_read_strength(s);
}

/* The value for p of a calm playout (board_playout_calm) that is
 * passing's (worth pass_v, the opponent's life at its end pass_life) but
 * for `dmg` more damage to the opponent, dealt before the combat's
 * (`first`: a spell's) or with it, and `cards` fewer cards in p's hand.
 * The opponent loses when that takes its life to 0 at the end, at the
 * latest (p's life is passing's, which never fell to 0). Else its life is
 * that much lower, when it never fell to 0 on the way: the opponent gains
 * no life in the playout (opp_gains), or the combat's damage is dealt in
 * one step, with nothing on the stack, and the life before it stays
 * above 0. 1 and *v, else 0. */
static int lowered_life(const GameState *s, int p, int pass_v, int pass_life, int dmg, int first, int cards, int *v)
{
    if (pass_life <= dmg) {
        *v = 100000;
        return 1;
    }
    if (opp_gains(s, p) &&
        !(!s->stack_n && (s->step == STEP_FIRST_STRIKE_DAMAGE || !combat_has_first_strike(s)) &&
          (!first || s->pl[1 - p].life > dmg)))
        return 0;
    *v = pass_v + life_worth(pass_life) - life_worth(pass_life - dmg) - 2 * cards;
    return 1;
}

int board_face_known(const GameState *s, int p, const Action *a, int pass_v, int pass_life, int *v)
{
    if (a->type != ACT_CAST || a->x || a->n_targets != 1 || a->tk[0] != TK_PLAYER || a->tv[0] == p) return 0;
    const CardDef *d = &s->cards[OBJ_CARD(s, p, s->pl[p].hand[a->hand_idx])];
    const Ability *ab = &d->ab[0];
    if (!(d->types & (TYPE_INSTANT | TYPE_SORCERY)) || d->keywords || d->n_abilities != 1 || ab->kind != AB_SPELL ||
        ab->cond || ab->n_effects != 1 || ab->n_targets != 1 || !no_cost(&ab->cost))
        return 0;
    const Effect *e = &ab->effect[0];
    if (e->op != OP_DAMAGE || e->who != SEL_TARGET || e->arg || e->arg2 != DMG_BY_SOURCE || e->flags ||
        e->n.kind != QTY_CONST || e->n.n <= 0)
        return 0;
    return lowered_life(s, p, pass_v, pass_life, e->n.n, 1, 1, v);
}

/* The keywords that change nothing of an unblocked attacker's damage to
 * the player it attacks. */
#define KW_UNBLOCKED_IDLE (KW_FLYING | KW_REACH | KW_VIGILANCE | KW_HASTE | KW_MENACE | KW_TRAMPLE)

/* The permanent p's action a acts on, when a casts an instant or a
 * sorcery with no additional cost, or activates an ability for mana
 * alone, whose effects are all fixed +N/+N (none less), keywords among
 * `kw` and, with `rules`, rules (none that a target's legality reads)
 * until end of turn, on its target or its source alone, which nothing on
 * the stack targets (an Aura's target, which they could make illegal);
 * the power they add in *dp. -1 for any other. */
static int fleeting_on(const GameState *s, int p, const Action *a, unsigned kw, int rules, int *dp)
{
    const Ability *ab;
    if (a->x) return -1;
    if (a->type == ACT_ACTIVATE) {
        ab = &s->cards[s->perm[a->hand_idx].card].ab[a->ability];
        if (ab->kind != AB_ACTIVATED || ab->cost.tap || !cost_known(&ab->cost, 0)) return -1;
    } else if (a->type == ACT_CAST) {
        const CardDef *d = &s->cards[OBJ_CARD(s, p, s->pl[p].hand[a->hand_idx])];
        ab = &d->ab[0];
        if (!(d->types & (TYPE_INSTANT | TYPE_SORCERY)) || d->n_abilities != 1 || ab->kind != AB_SPELL || !no_cost(&ab->cost))
            return -1;
    } else {
        return -1;
    }
    if (ab->cond || !ab->n_effects) return -1;
    int on = -1;
    *dp = 0;
    for (int j = 0; j < ab->n_effects; j++) {
        const Effect *e = &ab->effect[j];
        int c = e->who == SEL_SELF && a->type == ACT_ACTIVATE                            ? a->hand_idx
              : e->who == SEL_TARGET && !e->arg && a->n_targets == 1 && a->tk[0] == TK_PERM ? a->tv[0] : -1;
        int op = (e->op == OP_GRANT && !(e->kw & ~kw)) || (e->op == OP_PUMP && e->p >= 0 && e->t >= 0) ||
                 (e->op == OP_RULE && rules && e->arg2 != RULE_SHROUD && e->arg2 != RULE_HEXPROOF &&
                  e->arg2 != RULE_PROTECTION && e->arg2 != RULE_UNTARGETABLE_BY);
        if (c < 0 || (on >= 0 && c != on) || !op || e->dur != DUR_EOT || e->flags || e->n.kind != QTY_CONST) return -1;
        on = c;
        if (e->op == OP_PUMP) *dp += e->p * e->n.n;
    }
    for (int k = 0; k < s->stack_n; k++)
        for (int t = 0; t < s->stack[k].n_targets; t++)
            if (s->stack[k].t[t].kind == TK_PERM && s->stack[k].t[t].v == on) return -1;
    return on;
}

int board_fleeting_known(const GameState *s, int p, const Action *a, int pass_v, int *v)
{
    int dp;
    if (fleeting_on(s, p, a, ~0u, 1, &dp) < 0) return 0;
    *v = pass_v - (a->type == ACT_CAST ? 2 : 0);                 /* the card gone from the hand */
    return 1;
}

/* Whether a creature in combat other than permanent i, which the
 * combat's damage may kill, has a static ability that applies to i now
 * (a lord): what it adds to i would go as it dies. */
static int lord_in_combat(const GameState *s, int i)
{
    for (PermIter it = permset_iter((s->combat.attackers | s->combat.blockers) & ~PERMSET_BIT(i)); permiter_more(&it);) {
        int c = permiter_next(&it);
        const CardDef *d = &s->cards[s->perm[c].card];
        if (!(s->px[c].abk & PK_STATIC) || !(card_facts(d) & BOARD_SETS)) continue;
        for (int k = 0; k < d->n_abilities; k++)
            for (int j = 0; d->ab[k].kind == AB_STATIC && j < d->ab[k].n_effects; j++) {
                const Effect *e = &d->ab[k].effect[j];
                if (e->who == SEL_ALL && filter_perm(s, &e->sel, i, perm_controller(s, c), c)) return 1;
            }
    }
    return 0;
}

int board_unblocked_known(const GameState *s, int p, const Action *a, int pass_v, int pass_life, int *v)
{
    if (s->step != STEP_DECLARE_BLOCKERS || s->stack_n || s->prevent_combat) return 0;   /* before the action's reading */
    int dp, on = fleeting_on(s, p, a, KW_UNBLOCKED_IDLE, 0, &dp);
    if (on < 0 || !permset_has(s->combat.attackers, on) || (s->perm[on].flags & PF_BLOCKED) || s->perm[on].target != TARGET_PLAYER ||
        perm_controller(s, on) != p || (s->perm[on].kw & (KW_DOUBLE_STRIKE | KW_LIFELINK | KW_INFECT | KW_WITHER)) ||
        statics_read_strength(s) || lord_in_combat(s, on))
        return 0;
    int power = s->perm[on].power, more = (power + dp > 0 ? power + dp : 0) - (power > 0 ? power : 0);
    return lowered_life(s, p, pass_v, pass_life, more, 0, a->type == ACT_CAST, v);
}

/* Whether every item on the stack is a permanent spell that is neither
 * legendary nor a planeswalker: as they resolve, no permanent leaves. */
static int stack_enters_only(const GameState *s)
{
    for (int k = 0; k < s->stack_n; k++) {
        const CardDef *d = &s->cards[s->stack[k].card];
        if (s->stack[k].kind != SI_SPELL || (d->types & (TYPE_INSTANT | TYPE_SORCERY | TYPE_PLANESWALKER)) ||
            (d->supertypes & SUPER_LEGENDARY))
            return 0;
    }
    return 1;
}

int board_scratch_known(const GameState *s, int p, const Action *a, int pass_v, int own_life, int *v)
{
    if (a->type != ACT_CAST || a->x || a->n_targets != 1 || a->tk[0] != TK_PERM) return 0;
    int i = a->tv[0];
    if (!perm_is_creature(s, i) || perm_is_planeswalker(s, i)) return 0;
    if (s->step >= STEP_DECLARE_BLOCKERS && s->step <= STEP_COMBAT_DAMAGE) {
        /* Blockers declared: an unblocked attacker, with nothing on the stack. */
        if ((s->step != STEP_DECLARE_BLOCKERS && s->step != STEP_FIRST_STRIKE_DAMAGE) || s->stack_n ||
            !permset_has(s->combat.attackers, i) || (s->perm[i].flags & PF_BLOCKED) || lord_in_combat(s, i))
            return 0;
    } else if (!stack_enters_only(s)) {
        return 0;
    }
    const CardDef *d = &s->cards[OBJ_CARD(s, p, s->pl[p].hand[a->hand_idx])];
    const Ability *ab = &d->ab[0];
    if (!(d->types & (TYPE_INSTANT | TYPE_SORCERY)) || d->keywords || d->n_abilities != 1 || ab->kind != AB_SPELL ||
        ab->cond || ab->n_targets != 1 || !no_cost(&ab->cost))
        return 0;
    int damage = 0, gain = 0;
    for (int j = 0; j < ab->n_effects; j++) {
        const Effect *e = &ab->effect[j];
        if (e->flags || e->n.kind != QTY_CONST) return 0;
        if (e->op == OP_DAMAGE && e->who == SEL_TARGET && !e->arg && e->arg2 == DMG_BY_SOURCE) damage += e->n.n;
        else if (e->op == OP_GAIN_LIFE && e->who == SEL_YOU) gain += e->n.n;
        else return 0;
    }
    if (s->perm[i].toughness - s->perm[i].damage <= damage) return 0;
    *v = pass_v + life_worth(own_life + gain) - life_worth(own_life) - 2;   /* the card gone from the hand */
    return 1;
}

int board_known(const GameState *s, int p, const Action *a, int quiet, int now, BoardMemo *memo, int *v)
{
    /* Furnace of Rath: the damage dealt is not the damage the text says; the fork deals it. */
    if (!(quiet & BOARD_QUIET) || damage_doublers(s)) return 0;
    if (a->type == ACT_ACTIVATE) {
        int src = a->hand_idx;
        const Ability *ab = &s->cards[s->perm[src].card].ab[a->ability];
        if (ab->kind == AB_ACTIVATED && !ab->granted && !(s->px[src].abk & PK_TRIGGERED) && cost_known(&ab->cost, 1)) {
            for (PermIter it = permset_iter(s->perm_used); permiter_more(&it);)
                if (s->px[permiter_next(&it)].attached == src) return 0;   /* what deals damage sees it */
            return effects_known(s, p, ab, a, src, quiet, now, v);
        }
        if (ab->kind != AB_EQUIP || s->stack_n || a->n_targets != 1 || a->tk[0] != TK_PERM || !perm_is_creature(s, a->tv[0]) ||
            ab->cost.tap || !cost_known(&ab->cost, 0) || a->x)
            return 0;
        return equip_known(s, p, src, a->tv[0], quiet, now, memo, v);
    }
    if (a->type != ACT_CAST) return 0;
    const CardDef *d = &s->cards[OBJ_CARD(s, p, s->pl[p].hand[a->hand_idx])];
    if ((d->supertypes & SUPER_LEGENDARY) || (d->types & TYPE_PLANESWALKER)) return 0;
    int k = spell_ability(d);
    if (d->types & (TYPE_INSTANT | TYPE_SORCERY))
        return k >= 0 && d->ab[k].kind == AB_SPELL && d->n_abilities == 1 && no_cost(&d->ab[k].cost) &&
               effects_known(s, p, &d->ab[k], a, -1, quiet, now, v);
    if (a->x || spell_x(d, k)) return 0;
    if (s->stack_n) return 0;                                    /* but pumps (effects_known) */
    if (k >= 0 && d->ab[k].kind == AB_ENCHANT) {                 /* an Aura */
        Adds x;
        if (a->n_targets != 1 || a->tk[0] != TK_PERM || !perm_is_creature(s, a->tv[0]) ||
            perm_is_planeswalker(s, a->tv[0]) || (d->types & TYPE_CREATURE) || !attached_read(s, p, d, memo, &x))
            return 0;
        return aura_known(s, p, a->tv[0], &x, quiet, now - 2, v);   /* the card gone from the hand */
    }
    if (a->n_targets || !(d->types & (TYPE_CREATURE | TYPE_ARTIFACT | TYPE_ENCHANTMENT))) return 0;
    Players o;
    return permanent_known(s, p, d, quiet, now, 1, &o, v);
}

/* What board_stack_known knows of stack item `it` of player q's: 1 a
 * permanent spell that targets nothing, 2 an Aura spell whose target is
 * still legal (608.3b), 3 an equip whose source and target are still
 * there (resolve_equip); else 0. */
static int stack_item_kind(const GameState *s, const StackItem *it, int q)
{
    const CardDef *d = &s->cards[it->card];
    if (it->controller != q || it->x) return 0;
    if (it->kind == SI_ABILITY) {
        int src = it->source, c = it->t[0].v;
        return it->ability < d->n_abilities && d->ab[it->ability].kind == AB_EQUIP && it->n_targets == 1 &&
               it->t[0].kind == TK_PERM && src != NO_SLOT && permset_has(s->perm_used, src) &&
               s->px[src].ts == it->source_ts && permset_has(s->perm_ctl[q], c) && s->px[c].ts == it->t[0].ts &&
               perm_is_creature(s, c) && !(s->px[c].rules & RULE_BIT(RULE_SHROUD)) ? 3 : 0;
    }
    if (it->kind != SI_SPELL || (d->supertypes & SUPER_LEGENDARY) ||
        (d->types & (TYPE_PLANESWALKER | TYPE_LAND | TYPE_INSTANT | TYPE_SORCERY)) ||
        !(d->types & (TYPE_CREATURE | TYPE_ARTIFACT | TYPE_ENCHANTMENT)))
        return 0;
    int k = spell_ability(d);
    if (spell_x(d, k)) return 0;
    if (k < 0 || d->ab[k].kind != AB_ENCHANT) return it->n_targets ? 0 : 1;
    int i = it->t[0].v;
    return it->ability == k && it->n_targets == 1 && it->t[0].kind == TK_PERM && !(d->types & TYPE_CREATURE) &&
           spell_target_legal(s, it, &d->ab[k], 0, it->t[0]) && perm_is_creature(s, i) && !perm_is_planeswalker(s, i)
           ? 2 : 0;
}

int board_stack_known(const GameState *s, int p, int *v, int life[2], BoardLands *l)
{
    if (s->stack_n != 1 || s->float_n || (s->step >= STEP_DECLARE_BLOCKERS && s->step <= STEP_COMBAT_DAMAGE)) return 0;
    const StackItem *it = &s->stack[0];
    const CardDef *d = &s->cards[it->card];
    int q = 1 - p, kind = stack_item_kind(s, it, q), quiet, now, w;
    if (!kind || damage_doublers(s) || !settled(s) || !(quiet = quiet_value(s, q, p, &now, l))) return 0;
    Players o;
    BoardMemo memo = { 0 };
    Adds x;
    now = -now - 2 - d->mana_value;                              /* q's, the item gone from the stack */
    players_now(s, q, 0, &o);
    if (kind == 1 ? !permanent_known(s, q, d, quiet, now, 0, &o, &w)
        : kind == 2 ? !attached_read(s, q, d, &memo, &x) || !aura_known(s, q, it->t[0].v, &x, quiet, now, &w)
        : !equip_known(s, q, it->source, it->t[0].v, quiet, now, &memo, &w))
        return 0;
    *v = -w;
    int over = o.life[0] <= 0 || o.life[1] <= 0 || o.drew_empty[0] || o.drew_empty[1];   /* players_value's */
    for (int r = 0; r < 2; r++) life[r] = over ? 0 : o.life[r];
    return 1;
}
