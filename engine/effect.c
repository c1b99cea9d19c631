/* effect.c: the interpreter: filters, targets (115, 608.2b) and running an
 * ability's effects in order as it resolves (608.2c). */
#include "effect.h"
#include "layers.h"
#include "zone.h"
#include "damage.h"
#include "turn.h"

static int has_subtype(const CardDef *d, int id)
{
    for (int k = 0; k < CARD_SUBTYPE_MAX; k++) if (d->subtype[k] == id) return 1;
    return 0;
}

int filter_perm(const GameState *s, const Filter *f, int i, int you, int src)
{
    const Permanent *q = &s->perm[i];
    const CardDef *d = &s->cards[q->card];
    const PermX *x = &s->px[i];
    if (f->types && !(d->types & f->types)) return 0;
    if (d->types & f->types_not) return 0;
    if ((d->types & f->types_all) != f->types_all) return 0;
    if (f->colors && !(x->colors & f->colors)) return 0;
    if (x->colors & f->colors_not) return 0;
    int ctl = perm_controller(s, i);
    if ((f->ctl == CTL_YOU && ctl != you) || ((f->ctl == CTL_OPP || f->ctl == CTL_NOT_YOU) && ctl == you)) return 0;
    if (f->other && i == src) return 0;
    if ((f->state & FS_TAPPED) && !(q->flags & PF_TAPPED)) return 0;
    if ((f->state & FS_UNTAPPED) && (q->flags & PF_TAPPED)) return 0;
    int att = permset_has(s->combat.attackers, i), blk = permset_has(s->combat.blockers, i);
    if ((f->state & (FS_ATTACKING | FS_BLOCKING)) == (FS_ATTACKING | FS_BLOCKING)) { if (!att && !blk) return 0; }
    else if (((f->state & FS_ATTACKING) && !att) || ((f->state & FS_BLOCKING) && !blk)) return 0;
    if ((f->state & FS_TOKEN) && !(x->xflags & PX_TOKEN)) return 0;
    if ((f->state & FS_NONTOKEN) && (x->xflags & PX_TOKEN)) return 0;
    if (f->subtype[0]) {
        int any = 0;
        for (int k = 0; k < FILTER_SUBTYPES && f->subtype[k]; k++) any |= has_subtype(d, f->subtype[k]);
        if (!any) return 0;
    }
    if (f->subtype_not && has_subtype(d, f->subtype_not)) return 0;
    if ((d->supertypes & f->supers) != f->supers) return 0;
    if (f->power_max != FILTER_NO_LIMIT && q->power > f->power_max) return 0;
    if (f->power_min != FILTER_NO_MIN && q->power < f->power_min) return 0;
    if (f->mv_max != FILTER_NO_LIMIT && d->mana_value > f->mv_max) return 0;
    if ((q->kw & f->kw) != f->kw || (q->kw & f->kw_not)) return 0;
    return 1;
}

int effect_count(const GameState *s, const Filter *f, int you, int src)
{
    int n = 0;
    for (PermIter it = permset_iter(s->perm_used); permiter_more(&it);)
        n += filter_perm(s, f, permiter_next(&it), you, src);
    return n;
}

/* Whether a spell on the stack matches f (for "counter target creature
 * spell"): its card's types and colors. */
static int filter_spell(const GameState *s, const Filter *f, const StackItem *t)
{
    if (t->kind != SI_SPELL) return 0;   /* "target spell": abilities are not spells */
    const CardDef *d = &s->cards[t->card];
    if (f->types && !(d->types & f->types)) return 0;
    if (d->types & f->types_not) return 0;
    if (f->colors && !(d->colors & f->colors)) return 0;
    if (d->colors & f->colors_not) return 0;
    if (f->mv_max != FILTER_NO_LIMIT && d->mana_value > f->mv_max) return 0;
    return 1;
}

/* The colors of an item's source (for protection): a spell's card's, an
 * ability's source's. */
static unsigned item_colors(const GameState *s, const StackItem *it)
{
    return s->cards[it->card].colors;
}

int target_legal(const GameState *s, const StackItem *it, const Ability *a, int k, Target t)
{
    const TargetSpec *sp = &a->target[k];
    int you = it->controller;
    int src = it->source != NO_SLOT && permset_has(s->perm_used, it->source) && s->px[it->source].ts == it->source_ts
              ? it->source : -1;
    switch (t.kind) {
    case TK_PLAYER:
        if (t.v > 1 || (s->pl[t.v].flags & PL_LOST)) return 0;
        if (sp->what != TGT_PLAYER && sp->what != TGT_ANY) return 0;
        if (sp->what == TGT_PLAYER && ((sp->f.ctl == CTL_OPP && t.v == you) || (sp->f.ctl == CTL_YOU && t.v != you)))
            return 0;
        return 1;
    case TK_PERM: {
        int i = t.v;
        if (i >= PERM_MAX || !permset_has(s->perm_used, i) || s->px[i].ts != t.ts) return 0;
        if (sp->what == TGT_PLAYER) return 0;
        if (sp->what == TGT_ANY) {
            if (!perm_is_creature(s, i) && !perm_is_planeswalker(s, i)) return 0;
        } else if (sp->f.zone != ZONE_BATTLEFIELD || !filter_perm(s, &sp->f, i, you, src)) {
            return 0;
        }
        const PermX *x = &s->px[i];
        if (x->rules & (1u << RULE_SHROUD)) return 0;                                      /* 702.18 */
        if ((x->rules & (1u << RULE_HEXPROOF)) && perm_controller(s, i) != you) return 0;   /* 702.11 */
        Quality q = quality_of_card(&s->cards[it->card]);                                   /* 702.16b */
        q.colors = (uint8_t)item_colors(s, it);
        if (layers_protected(s, i, &q)) return 0;
        return 1;
    }
    case TK_STACK: {
        int j = stack_find(s, t.ts);
        if (sp->what != TGT_OBJECT || sp->f.zone != ZONE_STACK || j < 0) return 0;
        return filter_spell(s, &sp->f, &s->stack[j]);
    }
    default:
        return 0;
    }
}

/* ---- resolving ---- */

typedef struct Ctx {
    GameState *s;
    Game *g;
    StackItem *it;
    const Ability *a;
    int src;            /* the source permanent, if still the same object; else -1 */
    uint8_t legal[ITEM_TARGETS];
} Ctx;

static int qty(const Ctx *c, const Qty *q)
{
    switch (q->kind) {
    case QTY_X: return q->n * c->it->x;
    case QTY_COUNT: return 0;   /* the caller passes the effect: see amount() */
    default: return q->n;
    }
}

static int amount(const Ctx *c, const Effect *e)
{
    if (e->n.kind == QTY_COUNT) return e->n.n * effect_count(c->s, &e->count, c->it->controller, c->src);
    return qty(c, &e->n);
}

/* The permanents an effect acts on, now. */
static PermSet sel_perms(const Ctx *c, const Effect *e)
{
    const GameState *s = c->s;
    switch (e->who) {
    case SEL_TARGET: {
        Target t = c->it->t[e->arg];
        return c->legal[e->arg] && t.kind == TK_PERM ? PERMSET_BIT(t.v) : 0;
    }
    case SEL_SELF: return c->src >= 0 ? PERMSET_BIT(c->src) : 0;
    case SEL_ATTACHED: {
        int a = c->src >= 0 ? s->px[c->src].attached : NO_SLOT;
        return a != NO_SLOT ? PERMSET_BIT(a) : 0;
    }
    case SEL_ALL: {
        PermSet out = 0;
        for (PermIter it = permset_iter(s->perm_used); permiter_more(&it);) {
            int i = permiter_next(&it);
            if (filter_perm(s, &e->sel, i, c->it->controller, c->src)) out |= PERMSET_BIT(i);
        }
        return out;
    }
    default: return 0;
    }
}

/* The players an effect acts on, as bits. */
static unsigned sel_players(const Ctx *c, const Effect *e)
{
    int you = c->it->controller;
    switch (e->who) {
    case SEL_TARGET: {
        Target t = c->it->t[e->arg];
        return c->legal[e->arg] && t.kind == TK_PLAYER ? 1u << t.v : 0;
    }
    case SEL_YOU: return 1u << you;
    case SEL_OPPONENTS: return 1u << (1 - you);
    case SEL_EACH_PLAYER: return 3u;
    default: return 0;
    }
}

static DamageSource source_of(const Ctx *c)
{
    DamageSource d;
    d.controller = c->it->controller;
    d.card = c->it->card;
    if (c->src >= 0) {
        d.slot = (uint8_t)c->src;
        d.colors = c->s->px[c->src].colors;
        d.kw = c->s->perm[c->src].kw;
    } else {
        d.slot = NO_SLOT;
        d.colors = c->s->cards[c->it->card].colors;
        d.kw = c->s->cards[c->it->card].keywords;   /* a spell's own keywords (none played yet) */
    }
    return d;
}

/* 701.7: destroy (indestructible, regeneration). */
static void destroy(Ctx *c, int i, int no_regen)
{
    GameState *s = c->s;
    if (perm_has(s, i, KW_INDESTRUCTIBLE)) return;
    if (!no_regen && s->px[i].regen && !(s->px[i].xflags & PX_NO_REGEN)) {                  /* 701.15 */
        s->px[i].regen--;
        Permanent *q = &s->perm[i];
        q->flags |= PF_TAPPED;
        q->damage = 0;
        q->flags &= (uint8_t)~PF_DEATHTOUCHED;
        combat_remove(s, i);
        return;
    }
    perm_leave(s, c->g, i, ZONE_GRAVEYARD);
}

static void discard(Ctx *c, int p, int n, int random)
{
    GameState *s = c->s;
    Player *pl = &s->pl[p];
    for (; n > 0 && pl->hand_n; n--) {
        int h;
        if (random) {
            h = (int)rng_below(c->g->deck_rng[p], (uint32_t)pl->hand_n);
        } else {
            const Policy *pol = c->g->policy[p];
            uint8_t idx[HAND_MAX];
            for (int k = 0; k < pl->hand_n; k++) idx[k] = (uint8_t)k;
            Choice ch = { CH_DISCARD, c->it->card, pl->hand_n, NULL, idx };
            h = pol && pol->choose ? pol->choose(pol, s, c->g, p, c->g->policy_rng[p], &ch) : 0;
            if (h < 0 || h >= pl->hand_n) h = 0;
        }
        uint8_t obj = pl->hand[h];
        memmove(&pl->hand[h], &pl->hand[h + 1], (size_t)(pl->hand_n - h - 1));
        pl->hand_n--;
        card_to_zone(s, p, obj, ZONE_GRAVEYARD);
        game_event(c->g, s, EV_DISCARD, p, 0, 0, OBJ_CARD(s, p, obj), 0, 0);
    }
}

static void mill(GameState *s, int p, int n)
{
    Player *pl = &s->pl[p];
    for (; n > 0 && pl->lib_n; n--) {
        uint8_t obj = pl->lib[pl->lib_top++];
        pl->lib_n--;
        card_to_zone(s, p, obj, ZONE_GRAVEYARD);
    }
}

/* Counters the spell or ability at stack index k (701.5): a spell's card
 * goes to its owner's graveyard. */
static void counter_item(GameState *s, int k)
{
    StackItem t = s->stack[k];
    const CardDef *d = &s->cards[t.card];
    if (t.kind == SI_SPELL)
        for (int j = 0; j < d->n_abilities; j++) {
            const Ability *a = &d->ab[j];
            if (a->kind == AB_STATIC && a->n_effects && a->effect[0].op == OP_RULE &&
                a->effect[0].arg2 == RULE_UNCOUNTERABLE)
                return;                                                          /* can't be countered */
        }
    memmove(&s->stack[k], &s->stack[k + 1], (size_t)(s->stack_n - k - 1) * sizeof *s->stack);
    s->stack_n--;
    if (t.kind == SI_SPELL) card_to_zone(s, t.owner, t.obj, ZONE_GRAVEYARD);
}

static void run(Ctx *c, const Effect *e)
{
    GameState *s = c->s;
    int n = amount(c, e);
    PermSet perms = sel_perms(c, e);
    unsigned players = sel_players(c, e);
    switch (e->op) {
    case OP_DAMAGE: {
        DamageSource src = source_of(c);
        for (PermIter it = permset_iter(perms); permiter_more(&it);) damage_deal(s, c->g, &src, permiter_next(&it), 0, n);
        for (int p = 0; p < 2; p++) if (players >> p & 1) damage_deal(s, c->g, &src, -1, p, n);
        break;
    }
    case OP_PUMP: case OP_GRANT: case OP_RULE:
        for (PermIter it = permset_iter(perms); permiter_more(&it);) {
            int i = permiter_next(&it);
            Floating f;
            memset(&f, 0, sizeof f);
            f.op = e->op;
            f.dur = DUR_EOT;
            f.slot = (uint8_t)i;
            f.controller = c->it->controller;
            f.p = (int16_t)(e->p * n);
            f.t = (int16_t)(e->t * n);
            f.kw = e->kw;
            f.rule = e->arg2;
            f.perm_ts = s->px[i].ts;
            f.ts = state_ts(s);
            if (floating_add(s, &f) < 0) { game_fail(s, c->g, ERR_CAPACITY); return; }
        }
        break;
    case OP_DESTROY:
        for (PermIter it = permset_iter(perms); permiter_more(&it);) {
            int i = permiter_next(&it);
            if (permset_has(s->perm_used, i)) destroy(c, i, (e->flags & EF_NO_REGEN) != 0);
        }
        break;
    case OP_EXILE: case OP_BOUNCE:
        for (PermIter it = permset_iter(perms); permiter_more(&it);)
            perm_leave(s, c->g, permiter_next(&it), e->op == OP_EXILE ? ZONE_EXILE : ZONE_HAND);
        break;
    case OP_TAP: case OP_UNTAP:
        for (PermIter it = permset_iter(perms); permiter_more(&it);) {
            Permanent *q = &s->perm[permiter_next(&it)];
            if (e->op == OP_TAP) q->flags |= PF_TAPPED; else q->flags &= (uint8_t)~PF_TAPPED;
        }
        break;
    case OP_COUNTERS:
        for (PermIter it = permset_iter(perms); permiter_more(&it);) {
            Permanent *q = &s->perm[permiter_next(&it)];
            int v = q->plus + n;
            q->plus = (uint8_t)(v > 255 ? 255 : v);
        }
        s->layers_dirty = 1;
        break;
    case OP_COUNTER: {
        Target t = c->it->t[e->arg];
        int k = t.kind == TK_STACK ? stack_find(s, t.ts) : -1;
        if (c->legal[e->arg] && k >= 0) counter_item(s, k);
        break;
    }
    case OP_GAIN_LIFE: case OP_LOSE_LIFE:
        for (int p = 0; p < 2; p++) {
            if (!(players >> p & 1) || n <= 0) continue;
            int d = e->op == OP_GAIN_LIFE ? n : -n, v = s->pl[p].life + d;
            s->pl[p].life = (int16_t)(v > 30000 ? 30000 : v < -30000 ? -30000 : v);
            game_event(c->g, s, EV_LIFE, p, 0, 0, c->it->card, d, 0);
            s->sba_pending = 1;
        }
        break;
    case OP_DRAW:
        for (int p = 0; p < 2; p++) if (players >> p & 1) for (int k = 0; k < n && !s->over; k++) game_draw(s, c->g, p);
        break;
    case OP_DISCARD:
        for (int p = 0; p < 2; p++) if (players >> p & 1) discard(c, p, n, (e->flags & EF_RANDOM) != 0);
        break;
    case OP_MILL:
        for (int p = 0; p < 2; p++) if (players >> p & 1) mill(s, p, n);
        break;
    default:
        break;
    }
}

int effect_resolve(GameState *s, Game *g, StackItem *it)
{
    const CardDef *d = &s->cards[it->card];
    if (it->ability >= d->n_abilities) return 1;
    Ctx c = { s, g, it, &d->ab[it->ability], -1, { 0 } };
    if (it->source != NO_SLOT && permset_has(s->perm_used, it->source) && s->px[it->source].ts == it->source_ts)
        c.src = it->source;
    int any = 0;
    for (int k = 0; k < it->n_targets; k++) any |= c.legal[k] = (uint8_t)target_legal(s, it, c.a, k, it->t[k]);
    if (it->n_targets && !any) return 0;                                                    /* 608.2b */
    for (int k = 0; k < c.a->n_effects && !s->over; k++) run(&c, &c.a->effect[k]);
    return 1;
}
