/* layers.c: continuous effects and the characteristics they make (613). */
#include "layers.h"
#include "effect.h"

/* Whether permanent q, its characteristics computed, may call for a
 * state-based action (704.5f-h, 704.5r). */
static inline int perm_sba(const Permanent *q)
{
    return (q->plus && q->minus) ||
           ((q->flags & PF_CREATURE) && (q->toughness <= 0 || q->damage >= q->toughness || (q->flags & PF_DEATHTOUCHED)));
}

/* A resolved +N/+N (OP_PUMP, layer 7c) of effect f starts (sign 1) or
 * ends (-1). Layer 7c's modifications add (613.4c), and a resolved
 * effect's apply to each permanent after the static abilities', whose
 * filters never see them: its permanent's power and toughness change by
 * as much, as a pass over it would make them (if one is to come, it makes
 * them again), unless a count of permanents may read them (LR_PERMS). What
 * that pass would flag then, a state-based action on the permanent or on
 * an Aura or Equipment of it or that it is (an Aura's "enchant creature
 * with power ..."), is flagged now. */
static void floating_pumped(GameState *s, const Floating *f, int sign)
{
    int i = f->slot;
    if ((s->layers_reads & LR_PERMS) || !permset_has(s->perm_used, i) || s->px[i].ts != f->perm_ts) {
        layers_changed(s, i);
        return;
    }
    Permanent *q = &s->perm[i];
    q->power = (int16_t)(q->power + sign * f->p);
    q->toughness = (int16_t)(q->toughness + sign * f->t);
    int sba = perm_sba(q);
    for (PermIter it = permset_iter(s->perm_used); !sba && permiter_more(&it);) {
        int j = permiter_next(&it), host = s->px[j].attached;
        if ((s->px[j].abk & PK_ATTACH) && host != NO_SLOT && (j == i || host == i)) sba = sba_attachment_illegal(s, j);
    }
    if (sba) s->sba_pending = 1;
}

/* Marks the layers dirty as effect f starts (sign 1) or ends (-1): a
 * change of control may change anyone's characteristics (the abilities'
 * "you"), another effect only its permanent's (a +N/+N applied at once);
 * a "dealt damage by" record none. */
static void floating_changed(GameState *s, const Floating *f, int sign)
{
    if (f->op == OP_CONTROL) s->layers_dirty = 1;
    else if (f->op == OP_PUMP) floating_pumped(s, f, sign);
    else if (f->op != FL_DAMAGED_BY) layers_changed(s, f->slot);
}

int floating_add(GameState *s, const Floating *f)
{
    /* A control effect with no end makes every earlier one of the same kind on
     * the same permanent irrelevant for good (613.7: the later applies after it,
     * and never ends): dropped, so that a permanent traded back and forth (Jinxed
     * Idol) does not fill the effects in force. */
    if (f->op == OP_CONTROL && f->dur == DUR_FOREVER) {
        int k = 0;
        for (int j = 0; j < s->float_n; j++) {
            const Floating *g = &s->fl[j];
            if (!(g->op == OP_CONTROL && g->dur == DUR_FOREVER && g->slot == f->slot && g->perm_ts == f->perm_ts))
                s->fl[k++] = *g;
        }
        s->float_n = (uint8_t)k;
        s->layers_dirty = 1;
    }
    /* Layer 7c's modifications add, in any order (613.4c): a second "+N/+N until
     * end of turn" on the same permanent joins the first, so that a pump
     * activated again and again (Firebreathing, Shade) takes one place. */
    if (f->op == OP_PUMP && f->dur == DUR_EOT)
        for (int j = 0; j < s->float_n; j++) {
            Floating *g = &s->fl[j];
            if (g->op == OP_PUMP && g->dur == DUR_EOT && g->slot == f->slot && g->perm_ts == f->perm_ts) {
                g->p = (int16_t)(g->p + f->p);
                g->t = (int16_t)(g->t + f->t);
                floating_pumped(s, f, 1);
                return 0;
            }
        }
    if (s->float_n >= FLOAT_MAX) return -1;
    s->fl[s->float_n++] = *f;
    floating_changed(s, f, 1);
    return 0;
}

void floating_end_of_turn(GameState *s)
{
    int k = 0;
    for (int j = 0; j < s->float_n; j++) {
        if (s->fl[j].dur != DUR_EOT) s->fl[k++] = s->fl[j];
        else floating_changed(s, &s->fl[j], -1);
    }
    s->float_n = (uint8_t)k;
}

/* Drops effects on permanents that have left (their timestamps differ). */
static void floating_prune(GameState *s)
{
    int k = 0;
    for (int j = 0; j < s->float_n; j++) {
        const Floating *f = &s->fl[j];
        if (permset_has(s->perm_used, f->slot) && s->px[f->slot].ts == f->perm_ts) s->fl[k++] = *f;
    }
    s->float_n = (uint8_t)k;
}

void floating_source_left(GameState *s, int i)
{
    int k = 0;
    for (int j = 0; j < s->float_n; j++) {
        const Floating *f = &s->fl[j];
        int ends = ((f->op == OP_CONTROL || f->op == OP_GRANT) && f->dur == DUR_SOURCE_CONTROLLED && f->source == i) ||
                   (f->dur == DUR_SOURCE_PRESENT && f->controller == i);
        if (!ends) s->fl[k++] = *f;
    }
    if (k != s->float_n) s->layers_dirty = 1;
    s->float_n = (uint8_t)k;
}

int layers_chosen(const GameState *s, int i)
{
    if (i < 0 || i >= PERM_MAX) return 0;
    for (int j = 0; j < s->float_n; j++) {
        const Floating *f = &s->fl[j];
        if (f->op == FL_CHOSEN && f->slot == i && f->perm_ts == s->px[i].ts) return f->sub;
    }
    return 0;
}

/* The subtypes permanent j's static abilities add to what they affect
 * (OP_ADD_SUBTYPE on `who`: SEL_SELF, j itself; SEL_ATTACHED, what it is
 * attached to), into out[n ..]; returns the new n. */
static int added_by(const GameState *s, int j, int who, uint8_t *out, int n, int max)
{
    const CardDef *d = &s->cards[s->perm[j].card];
    for (int k = 0; k < d->n_abilities && n < max; k++) {
        const Ability *a = &d->ab[k];
        for (int e = 0; a->kind == AB_STATIC && e < a->n_effects && n < max; e++) {
            const Effect *f = &a->effect[e];
            if (f->op != OP_ADD_SUBTYPE || f->who != who) continue;
            int id = f->param.subtype[0] == SUBTYPE_CHOSEN ? layers_chosen(s, j) : f->param.subtype[0];
            if (id) out[n++] = (uint8_t)id;
        }
    }
    return n;
}

/* Whether static ability a adds a subtype (OP_ADD_SUBTYPE), whatever its
 * condition. */
static int adds_subtype(const Ability *a)
{
    for (int e = 0; a->kind == AB_STATIC && e < a->n_effects; e++) if (a->effect[e].op == OP_ADD_SUBTYPE) return 1;
    return 0;
}

/* Whether static ability a acts on anything but its source, what that is
 * attached to, and permanents its source's controller controls ("Other
 * Soldier creatures you control"): on players, on permanents an opponent
 * may control (LR_ACROSS). */
static int acts_across(const Ability *a)
{
    for (int e = 0; a->kind == AB_STATIC && e < a->n_effects; e++) {
        const Effect *f = &a->effect[e];
        if (f->who != SEL_SELF && f->who != SEL_ATTACHED && !(f->who == SEL_ALL && f->sel.ctl == CTL_YOU)) return 1;
    }
    return 0;
}

/* Whether static ability a may act on anything but its source and what
 * that is attached to (LR_LORDS). */
static int acts_on_others(const Ability *a)
{
    for (int e = 0; a->kind == AB_STATIC && e < a->n_effects; e++)
        if (a->effect[e].who != SEL_SELF && a->effect[e].who != SEL_ATTACHED) return 1;
    return 0;
}

int layers_added_subtypes(const GameState *s, int i, uint8_t *out, int max)
{
    int n = 0;
    if (!(s->layers_reads & LR_SUBTYPES)) return 0;          /* no such ability on the battlefield */
    if (s->px[i].abk & PK_STATIC) n = added_by(s, i, SEL_SELF, out, n, max);
    for (PermIter it = permset_iter(s->perm_used); permiter_more(&it) && n < max;) {
        int j = permiter_next(&it);
        if ((s->px[j].abk & (PK_ATTACH | PK_STATIC)) == (PK_ATTACH | PK_STATIC) && s->px[j].attached == i)
            n = added_by(s, j, SEL_ATTACHED, out, n, max);
    }
    return n;
}

int layers_has_added_subtype(const GameState *s, int i, int id)
{
    uint8_t t[8];
    int n = layers_added_subtypes(s, i, t, 8);
    for (int k = 0; k < n; k++) if (t[k] == id) return 1;
    return 0;
}

int perm_enchanted(const GameState *s, int i)
{
    for (PermIter it = permset_iter(s->perm_used); permiter_more(&it);) {
        int j = permiter_next(&it);
        if (s->px[j].attached == i && (s->cards[s->perm[j].card].types & TYPE_ENCHANTMENT)) return 1;
    }
    return 0;
}

/* ---- Layer 2: control (613.1b) ---- */

/* A control-changing effect in force. */
typedef struct CtlEffect {
    uint32_t ts;    /* its timestamp (613.7): a resolved effect's own; a static ability's, its source's */
    uint8_t  slot;  /* the permanent whose control it gives */
    uint8_t  src;   /* a static ability ("You control enchanted creature"): its source, whose
                       controller gains control; NO_SLOT for a resolved effect */
    uint8_t  ctl;   /* a resolved effect: the player who gains control (fixed as it resolved) */
    uint8_t  done;  /* applied */
} CtlEffect;

/* The control-changing effects in force: resolved ones (Floating) and the
 * static abilities of the permanents in `srcs` (PK_CONTROL). */
static int control_effects(const GameState *s, PermSet srcs, CtlEffect *out)
{
    int n = 0;
    for (int j = 0; j < s->float_n; j++)
        if (s->fl[j].op == OP_CONTROL) out[n++] = (CtlEffect){ s->fl[j].ts, s->fl[j].slot, NO_SLOT, s->fl[j].controller, 0 };
    for (PermIter it = permset_iter(srcs); permiter_more(&it);) {
        int src = permiter_next(&it), a = s->px[src].attached;
        if (a == NO_SLOT || !permset_has(s->perm_used, a)) continue;
        const CardDef *d = &s->cards[s->perm[src].card];
        for (int k = 0; k < d->n_abilities; k++) {
            const Ability *ab = &d->ab[k];
            if (ab->kind != AB_STATIC || ab->cond) continue;          /* played.c: no condition */
            for (int j = 0; j < ab->n_effects; j++)
                if (ab->effect[j].op == OP_CONTROL && ab->effect[j].who == SEL_ATTACHED)
                    out[n++] = (CtlEffect){ s->px[src].ts, (uint8_t)a, (uint8_t)src, 0, 0 };
        }
    }
    return n;
}

/* Applies the effects to the controllers `ctl1` (the slots player 1
 * controls) in timestamp order (613.7), except that a static ability's
 * effect waits for the effects that change its source's controller, which
 * change what it does (613.8a dependency: its "you"); in a loop of such
 * waits, timestamp order decides (613.8b). */
static PermSet control_apply(PermSet ctl1, CtlEffect *e, int n)
{
    for (;;) {
        int best = -1, first = -1;
        for (int k = 0; k < n; k++) {
            if (e[k].done) continue;
            if (first < 0 || e[k].ts < e[first].ts) first = k;
            int waits = 0;
            if (e[k].src != NO_SLOT)
                for (int j = 0; j < n && !waits; j++) waits = j != k && !e[j].done && e[j].slot == e[k].src;
            if (!waits && (best < 0 || e[k].ts < e[best].ts)) best = k;
        }
        if (first < 0) return ctl1;
        if (best < 0) best = first;
        int p = e[best].src != NO_SLOT ? permset_has(ctl1, e[best].src) : e[best].ctl;
        ctl1 = (ctl1 & ~PERMSET_BIT(e[best].slot)) | permset_bit_if(p, e[best].slot);
        e[best].done = 1;
    }
}

/* Layer 2: every permanent's controller, from the one it entered under
 * (base1: the slots player 1 did) and the control-changing effects. The
 * effects whose duration is over end first (611.2b): "for as long as you
 * control ~" once the ability's controller no longer controls its source,
 * "for as long as that creature is enchanted" once no Aura is on it; an
 * effect that ended may change who controls a source, so the layer is
 * applied again until none ends. A permanent whose controller changes has
 * not been under its new controller's control since their turn began
 * (302.6) and leaves combat (506.4). */
static void control_layer(GameState *s, PermSet base1, PermSet srcs)
{
    CtlEffect e[FLOAT_MAX + PERM_MAX];
    PermSet ctl1;
    for (;;) {
        ctl1 = control_apply(base1, e, control_effects(s, srcs, e));
        int k = 0;
        for (int j = 0; j < s->float_n; j++) {
            const Floating *f = &s->fl[j];
            int over = (f->op == OP_CONTROL || f->op == OP_GRANT) &&
                       ((f->dur == DUR_SOURCE_CONTROLLED && (!permset_has(s->perm_used, f->source) ||
                                                             permset_has(ctl1, f->source) != f->controller)) ||
                        (f->dur == DUR_TARGET_ENCHANTED && !perm_enchanted(s, f->slot)));
            if (!over) s->fl[k++] = *f;
        }
        if (k == s->float_n) break;
        s->float_n = (uint8_t)k;
    }
    PermSet changed = (ctl1 ^ s->perm_ctl[1]) & s->perm_used;
    if (!changed) return;
    s->sba_pending = 1;   /* the legend rule (704.5j, Foundations: by controller), "enchant creature you control" */
    s->perm_ctl[0] ^= changed;
    s->perm_ctl[1] ^= changed;
    for (PermIter it = permset_iter(changed); permiter_more(&it);) {
        int i = permiter_next(&it);
        s->perm[i].flags |= PF_SICK;                                             /* 302.6 */
        combat_remove(s, i);                                                     /* 506.4 */
    }
}

/* Gives permanent i rules ability r: its bit, or one more instance of
 * "can block an additional creature" (those add up). */
static void rule_add(PermX *x, int r)
{
    if (r == RULE_BLOCK_EXTRA) { if (x->blocks_extra < 255) x->blocks_extra++; }
    else if (r < 32) x->rules |= RULE_BIT(r);
}

int layers_chosen_color(const GameState *s, int i)
{
    for (int j = 0; j < s->float_n; j++) {
        const Floating *f = &s->fl[j];
        if (f->op == FL_COLOR && f->slot == i && f->perm_ts == s->px[i].ts) return f->kw;
    }
    return 0;
}

/* Applies a layer-6 change (keywords, rules abilities) of source src to
 * permanent i. */
static void grant(GameState *s, int src, int i, const Effect *e)
{
    if (e->op == OP_GRANT) s->perm[i].kw |= e->kw;
    else if (e->op == OP_LOSE_KW) s->perm[i].kw &= (uint16_t)~e->kw;
    else if (e->op == OP_RULE) {
        PermX *x = &s->px[i];
        rule_add(x, e->arg2);
        if (e->arg2 == RULE_PROTECTION) {
            unsigned c = e->param.colors;
            if (c & CB_CHOSEN) c = (c & ~CB_CHOSEN) | (unsigned)layers_chosen_color(s, src);   /* Voice of All */
            x->prot |= (uint8_t)c;
            if (e->param.types || e->param.subtype[0]) x->xflags |= PX_PROT_WIDE;
        }
    }
}

/* The slots among `in` (those filter_perm_candidates leaves) that "each
 * [filter]" (SEL_ALL) of source src picks, for its controller `you`. */
static PermSet affected_all(const GameState *s, int src, const Filter *sel, PermSet in, int you)
{
    PermSet out = 0;
    for (PermIter it = permset_iter(in); permiter_more(&it);) {
        int i = permiter_next(&it);
        if (filter_perm(s, sel, i, you, src)) out |= PERMSET_BIT(i);
    }
    return out;
}

/* The slots among `only` (live slots alone) a static effect of source
 * `src` may apply to: those it applies to, but for "each [filter]"
 * (SEL_ALL), whose candidates are those of the filter's controller and
 * "other" alone. Looked at inline: in a pass over one permanent (one
 * entering), most filters are then left with none to call filter_perm on. */
static inline __attribute__((always_inline)) PermSet reached(const GameState *s, int src, const Effect *e, PermSet only)
{
    if (e->who == SEL_SELF) return PERMSET_BIT(src) & only;
    if (e->who == SEL_ATTACHED) {
        int a = s->px[src].attached;
        return a != NO_SLOT && permset_has(only, a) ? PERMSET_BIT(a) : 0;
    }
    if (e->who != SEL_ALL) return 0;
    return filter_perm_candidates(s, &e->sel, only, perm_controller(s, src), src);
}

/* The slots among `only` a static effect of source `src` applies to. */
static inline __attribute__((always_inline)) PermSet affected(const GameState *s, int src, const Effect *e, PermSet only)
{
    PermSet in = reached(s, src, e, only);
    return e->who == SEL_ALL && in ? affected_all(s, src, &e->sel, in, perm_controller(s, src)) : in;
}

/* A player's rules ability from a static ability ("You have shroud",
 * "Your opponents can't win the game"): its PR_* bit, 0 for none. */
static unsigned player_rule(int r)
{
    return r == RULE_CANT_LOSE ? PR_CANT_LOSE : r == RULE_CANT_WIN ? PR_CANT_WIN : r == RULE_NO_MAX_HAND ? PR_NO_MAX_HAND
         : r == RULE_SHROUD ? PR_SHROUD : r == RULE_HAND_REVEALED ? PR_HAND_SHOWN : r == RULE_KEEP_MANA ? PR_KEEP_MANA
         : r == RULE_ONE_SPELL ? PR_ONE_SPELL : r == RULE_HEXPROOF ? PR_HEXPROOF : r == RULE_CAST_AS_FLASH ? PR_FLASH
         : r == RULE_CANT_GAIN_LIFE ? PR_NO_GAIN
         : r == RULE_CANT_CAST ? PR_NO_CREATURE_CAST : 0;   /* played.c: static, "creature spells" only;
                                                                  RULE_TOP_REVEALED: none, information */
}

/* Whether a permanent enchants slot `src`: an Aura (AB_ENCHANT) attached
 * to it, not an Equipment. */
static int enchanted(const GameState *s, int src)
{
    for (PermIter it = permset_iter(s->perm_used); permiter_more(&it);) {
        int i = permiter_next(&it);
        if (!(s->px[i].abk & PK_ATTACH) || s->px[i].attached != src) continue;
        const CardDef *d = &s->cards[s->perm[i].card];
        for (int k = 0; k < d->n_abilities; k++) if (d->ab[k].kind == AB_ENCHANT) return 1;
    }
    return 0;
}

int layers_static_cond(const GameState *s, int src, const Ability *a)
{
    int you = perm_controller(s, src);
    switch (a->cond) {
    case COND_NONE:           return 1;
    case COND_YOU_CONTROL:    return effect_count(s, &a->trig_filter, you, src) > 0;
    case COND_LIFE_AT_LEAST:  return s->pl[you].life >= a->cond_n;
    case COND_SELF_ENCHANTED: return enchanted(s, src);
    case COND_NO_OPP_DAMAGED: return !(s->damaged_opp & (1u << (1 - you)));
    case COND_YOUR_TURN:      return s->active == you;
    case COND_FEWER_THAN:     return effect_count(s, &a->trig_filter, you, src) < a->cond_n;
    case COND_SELF_COUNTERS_AT_LEAST: return s->perm[src].plus >= a->cond_n;
    case COND_TOP_CARD_COLOR: {
        /* Vampire Nocturnus: its controller's library (the top card's colors, 105.2, as
         * printed: no effect changes a card's color in a library); an empty one has no top
         * card, so the condition is false (611.3a: the effect applies only while it holds) */
        const Player *pl = &s->pl[you];
        return pl->lib_n && (s->cards[OBJ_CARD(s, you, pl->lib[pl->lib_top])].colors & a->trig_filter.colors) != 0;
    }
    default:                  return 0;
    }
}

/* The conditions of the conditional static abilities on the battlefield
 * now: 0 when there are none, else COND_KEY_ANY and bit k for whether the
 * k-th (in slot order, then the card's order) holds; -1 past COND_KEY_MAX
 * of them, which never equals a kept key (the layers are then computed
 * again at each look). */
#define COND_KEY_ANY 0x80u
#define COND_KEY_MAX 7
static int cond_key(const GameState *s)
{
    unsigned key = 0;
    int n = 0;
    for (PermIter it = permset_iter(s->perm_used); permiter_more(&it);) {
        int src = permiter_next(&it);
        if (!(s->px[src].abk & PK_COND)) continue;
        const CardDef *d = &s->cards[s->perm[src].card];
        for (int k = 0; k < d->n_abilities; k++) {
            const Ability *a = &d->ab[k];
            if (a->kind != AB_STATIC || !a->cond) continue;
            if (n == COND_KEY_MAX) return -1;
            key |= (unsigned)layers_static_cond(s, src, a) << n++;
        }
    }
    return n ? (int)(key | COND_KEY_ANY) : 0;
}

int layers_stale(const GameState *s)
{
    return s->layers_dirty || (s->cond_key && cond_key(s) != (int)s->cond_key);
}

/* Coat of Arms: the permanents other than i matching f (for the controller
 * of src) that share a creature type with i (205.3: a creature's subtypes
 * are its creature types). Basic lands share none. */
static int count_sharing(const GameState *s, const Filter *f, int i, int src)
{
    Quality qi = quality_of_perm(s, i);                  /* its subtypes, a chosen type included */
    if (!qi.subtype[0]) return 0;
    int you = perm_controller(s, src), n = 0;
    for (PermIter it = permset_iter(s->perm_used); permiter_more(&it);) {
        int j = permiter_next(&it);
        if (j == i || !filter_perm(s, f, j, you, src)) continue;
        Quality qj = quality_of_perm(s, j);
        int share = 0;
        for (int a = 0; a < CARD_SUBTYPE_MAX && qi.subtype[a] && !share; a++)
            for (int b = 0; b < CARD_SUBTYPE_MAX && qj.subtype[b]; b++) share |= qi.subtype[a] == qj.subtype[b];
        n += share;
    }
    return n;
}

/* A count of f, by a static ability: notes in s->layers_reads what it
 * reads (LR_*), and returns it. */
static int counted(GameState *s, const Filter *f, int you, int src)
{
    unsigned r = f->zone == ZONE_GRAVEYARD ? LR_GY
               : (filter_may_match_land(f) ? LR_LANDS : 0) | (filter_only_lands(f) ? 0 : LR_PERMS);
    s->layers_reads |= (uint8_t)r;
    return effect_count(s, f, you, src);
}

/* Whether static effect e acts on players, not permanents. */
static inline int for_players(const Effect *e)
{
    return e->who == SEL_YOU || e->who == SEL_OPPONENTS || e->who == SEL_EACH_PLAYER;
}

/* A static effect of source src on players ("You have shroud", "Your
 * opponents can't win the game"): their rules abilities (s->pl_rules).
 * Returns whether e acts on players. */
static inline int on_players(GameState *s, int src, const Effect *e)
{
    if (!for_players(e)) return 0;
    int you = perm_controller(s, src);
    unsigned who = e->who == SEL_YOU ? 1u << you : e->who == SEL_OPPONENTS ? 1u << (1 - you) : 3u;
    for (int p = 0; p < 2; p++) if (who >> p & 1) s->pl_rules[p] |= (uint16_t)player_rule(e->arg2);
    return 1;
}

/* What "each [filter]" (SEL_ALL) of a static ability picked in layer 6 of
 * a pass, for a +N/+N of the same source on the same filter in layer 7c
 * (Field Marshal's "Other Soldier creatures get +1/+1 and have first
 * strike"): a filter that reads neither keywords nor power picks the same
 * permanents then (what layers 6 and 7 change, the pass changes nothing
 * else a filter reads). */
#define PICKED_MAX 8
typedef struct Pick {
    PermSet to;        /* the permanents it picked among the pass's */
    const Filter *f;   /* the filter */
    int src;           /* its source */
} Pick;
typedef struct Picked {
    int n;
    Pick e[PICKED_MAX];
} Picked;

/* Whether filter f reads nothing layers 6 and 7 change. */
static inline int filter_before_layer6(const Filter *f)
{
    return !(f->kw | f->kw_not) && f->power_max == FILTER_NO_LIMIT && f->power_min == FILTER_NO_MIN;
}

/* Applies in layer 6 effect e of a static ability in force of source src:
 * keywords and rules abilities the permanents among `only` gain or lose,
 * the players' rules abilities (s->pl_rules); a characteristic-defining
 * ability adds src to *cda (layer 7a); what an "each [filter]" picked
 * goes into *picked. Any other effect (a +N/+N: layer 7c) does nothing
 * here. */
static inline __attribute__((always_inline)) void static_ability(GameState *s, int src, const Effect *e, PermSet only,
                                                                  PermSet *cda, Picked *picked)
{
    switch (e->op) {
    case OP_PREVENT_ALL:                                                  /* Personal Sanctuary */
        if (e->who == SEL_YOU) s->pl_rules[perm_controller(s, src)] |= PR_NO_DAMAGE;
        return;
    case OP_SET_PT:                                                       /* Nightmare: 604.3 */
        if (e->who == SEL_SELF) *cda |= PERMSET_BIT(src);
        return;
    case OP_NO_UNTAP:                                                     /* Entangling Vines */
        for (PermIter m = permset_iter(affected(s, src, e, only)); permiter_more(&m);)
            s->px[permiter_next(&m)].xflags |= PX_NO_UNTAP;
        return;
    case OP_RULE:
        if (e->arg2 == RULE_NO_PREVENTION && e->who == SEL_NONE) {       /* the whole game's */
            s->pl_rules[0] |= PR_NO_PREVENT;
            s->pl_rules[1] |= PR_NO_PREVENT;
            return;
        }
        if (e->arg2 == RULE_TAP_ANY_COLOR) {                              /* lands you control (played.c) */
            s->pl_rules[perm_controller(s, src)] |= PR_LANDS_ANY_COLOR;
            return;
        }
        /* fall through */
    case OP_GRANT:                                                        /* and the other rules abilities */
    case OP_LOSE_KW: {
        if (on_players(s, src, e)) return;
        PermSet to = affected(s, src, e, only);
        if (e->who == SEL_ALL && picked->n < PICKED_MAX && filter_before_layer6(&e->sel))
            picked->e[picked->n++] = (Pick){ to, &e->sel, src };
        for (PermIter m = permset_iter(to); permiter_more(&m);) grant(s, src, permiter_next(&m), e);
        return;
    }
    default:
        return;
    }
}

/* The creatures among `set`. A permanent not marked (layers_some) keeps
 * the types the last pass gave it: what would change them marks it; one
 * among those a pass computes has its types from layer 4 on (perm_printed,
 * OP_BECOME), as the filters read them. */
static inline __attribute__((always_inline)) PermSet creatures(const GameState *s, PermSet set)
{
    PermSet out = 0;
    for (PermIter it = permset_iter(set); permiter_more(&it);) {
        int i = permiter_next(&it);
        out |= permset_bit_if((s->perm[i].flags & PF_CREATURE) != 0, i);
    }
    return out;
}

/* Whether a source of facts ly (layers_facts) whose static abilities act
 * on others (LY_OTHERS), neither among `only` nor attached to one of them,
 * may act on one of them: a lord's "each [filter]" picks among its
 * players' permanents, their creatures alone (LY_LORD_CREATURES: an
 * Equipment or an Aura entering is none, the lords of its controller's
 * then pass it by); another's, if it acts on none but its controller's
 * permanents (no LY_ACROSS), among those. */
static inline __attribute__((always_inline)) int reaches_some(const GameState *s, int src, unsigned ly, PermSet only)
{
    int you = perm_controller(s, src);
    if (!(ly & (LY_LORD_YOU | LY_LORD_OPP))) return (ly & LY_ACROSS) || (only & s->perm_ctl[you]);
    PermSet to = only & (((ly & LY_LORD_YOU) ? s->perm_ctl[you] : 0) | ((ly & LY_LORD_OPP) ? s->perm_ctl[1 - you] : 0));
    return to && (!(ly & LY_LORD_CREATURES) || creatures(s, to));
}

/* Applies the static abilities of every permanent (`used`: s->perm_used)
 * that act in layer 6 (static_ability) to the permanents among `only`.
 * Returns the permanents whose own power and toughness a
 * characteristic-defining ability sets (layer 7a: cdas() applies them),
 * and gathers in *pumpers the permanents with a +N/+N static ability
 * that may reach `only` or the players (whatever its condition, looked
 * at again in layer 7c), the only ones pumps() visits, and in
 * *attachments the Auras and Equipment among `only` or attached to one
 * of them (whose legality the pass may change: the same walk over every
 * permanent serves both), and in *picked what their "each [filter]"
 * picked for layer 7c (Picked). The loops' bounds
 * are read once: to the compiler, the bytes written to the state may be
 * the card's, read again at each turn. */
static inline __attribute__((always_inline)) PermSet statics(GameState *s, PermSet used, PermSet only, PermSet *pumpers,
                                                             PermSet *attachments, Picked *picked)
{
    PermSet cda = 0;
    for (PermIter it = permset_iter(used & s->perm_statics); permiter_more(&it);) {   /* most creatures: none */
        int src = permiter_next(&it), host = s->px[src].attached;
        unsigned abk = s->px[src].abk;
        int reach = permset_has(only, src) | (host != NO_SLOT && permset_has(only, host));   /* `|`: no branch to foresee */
        *attachments |= permset_bit_if((abk & PK_ATTACH) && host != NO_SLOT && reach, src);
        if (!(abk & PK_STATIC)) continue;
        /* A source neither among `only` nor attached to one of them acts on
         * none of them when its static abilities act only on itself and what
         * it is attached to (LY_OTHERS), or on none of the permanents among
         * `only` they may reach (reaches_some): its players' rules abilities
         * are those the pass that looked at it last gave. */
        const CardDef *d = &s->cards[s->perm[src].card];
        unsigned ly = layers_facts(d);
        if (!reach && (!(ly & LY_OTHERS) || !reaches_some(s, src, ly, only))) continue;
        int pump = 0;
        for (const Ability *a = d->ab, *end = a + d->n_abilities; a < end; a++) {
            if (a->kind != AB_STATIC) continue;
            int on = !a->cond || layers_static_cond(s, src, a);           /* 604.1 */
            for (const Effect *e = a->effect, *last = e + a->n_effects; e < last; e++) {
                if (e->op == OP_PUMP) pump = pump || for_players(e) || reached(s, src, e, only);
                else if (on) static_ability(s, src, e, only, &cda, picked);
            }
        }
        *pumpers |= permset_bit_if(pump, src);
    }
    return cda;
}

/* The permanents among `only` static +N/+N e of source src applies to:
 * those its filter picked in layer 6 for the same source (Picked), if it
 * did. */
static inline __attribute__((always_inline)) PermSet pumped_ones(const GameState *s, int src, const Effect *e, PermSet only,
                                                                 const Picked *picked)
{
    for (int k = 0; e->who == SEL_ALL && k < picked->n; k++)
        if (picked->e[k].src == src && !memcmp(picked->e[k].f, &e->sel, sizeof e->sel)) return picked->e[k].to;
    return affected(s, src, e, only);
}

/* Layer 7c: applies the +N/+N static abilities in force of the permanents
 * in `pumpers` to the permanents among `only`. */
static inline __attribute__((always_inline)) void pumps(GameState *s, PermSet only, PermSet pumpers, const Picked *picked)
{
    for (PermIter it = permset_iter(pumpers); permiter_more(&it);) {
        int src = permiter_next(&it);
        const CardDef *d = &s->cards[s->perm[src].card];
        for (const Ability *a = d->ab, *end = a + d->n_abilities; a < end; a++) {
            if (a->kind != AB_STATIC || (a->cond && !layers_static_cond(s, src, a))) continue;   /* 604.1 */
            for (const Effect *e = a->effect, *last = e + a->n_effects; e < last; e++) {
                if (e->op != OP_PUMP || on_players(s, src, e)) continue;
                PermSet to = pumped_ones(s, src, e, only, picked);
                if (!to) continue;
                int mult = e->n.kind == QTY_COUNT ? counted(s, &e->count, perm_controller(s, src), src) * e->n.n
                                                  : e->n.n;
                for (PermIter m = permset_iter(to); permiter_more(&m);) {
                    int i = permiter_next(&m);
                    Permanent *q = &s->perm[i];
                    if (e->n.kind == QTY_COUNT_SHARING) {
                        s->layers_reads |= LR_PERMS;
                        mult = e->n.n * count_sharing(s, &e->count, i, src);
                    }
                    q->power = (int16_t)(q->power + e->p * mult);
                    q->toughness = (int16_t)(q->toughness + e->t * mult);
                }
            }
        }
    }
}

/* Layer 7a (613.3a): "~'s power and toughness are each equal to the number
 * of ...": the count now, from the point of view of its controller (the
 * counted permanents' layer-6 characteristics already applied). */
static void cdas(GameState *s, PermSet cda)
{
    for (PermIter it = permset_iter(cda); permiter_more(&it);) {
        int i = permiter_next(&it);
        const CardDef *d = &s->cards[s->perm[i].card];
        for (int k = 0; k < d->n_abilities; k++) {
            const Ability *a = &d->ab[k];
            if (a->kind != AB_STATIC || a->n_effects != 1 || a->effect[0].op != OP_SET_PT) continue;
            const Effect *e = &a->effect[0];
            int v = e->n.n * counted(s, &e->count, perm_controller(s, i), i);
            s->perm[i].power = s->perm[i].toughness = (int16_t)v;
        }
    }
}

/* Permanent i's printed values (a star is 0: layer 7a sets it), what the
 * layers start from. */
static inline __attribute__((always_inline)) void perm_printed(GameState *s, int i)
{
    Permanent *q = &s->perm[i];
    const CardDef *d = &s->cards[q->card];
    PermX *x = &s->px[i];
    q->kw = d->keywords;
    q->power = d->power;
    q->toughness = d->toughness;
    x->rules = 0;
    x->prot = 0;
    x->blocks_extra = 0;
    x->xflags &= (uint8_t)~(PX_PROT_WIDE | PX_NO_UNTAP);
    x->colors = d->colors;
    q->flags = (uint8_t)((q->flags & ~PF_CREATURE) | ((d->types & TYPE_CREATURE) ? PF_CREATURE : 0));
}

/* Layer 7d, counters, on permanent i, and what combat and the policies
 * read of its rules abilities. */
static inline __attribute__((always_inline)) void perm_finish(GameState *s, int i)
{
    Permanent *q = &s->perm[i];
    q->power = (int16_t)(q->power + q->plus - q->minus);
    q->toughness = (int16_t)(q->toughness + q->plus - q->minus);
    uint32_t r = s->px[i].rules;
    q->flags &= (uint8_t)~(PF_NO_ATTACK | PF_NO_BLOCK);
    if (r & ((1u << RULE_CANT_ATTACK) | (1u << RULE_CANT_ATTACK_OR_BLOCK))) q->flags |= PF_NO_ATTACK;
    if (r & ((1u << RULE_CANT_BLOCK) | (1u << RULE_CANT_ATTACK_OR_BLOCK))) q->flags |= PF_NO_BLOCK;
}

/* Whether card d's static abilities, if any, are local (LY_LOCAL). */
static int layers_local(const CardDef *d)
{
    for (int k = 0; k < d->n_abilities; k++) {
        const Ability *a = &d->ab[k];
        if (a->kind != AB_STATIC) continue;
        if (a->cond) return 0;
        for (int j = 0; j < a->n_effects; j++) {
            const Effect *e = &a->effect[j];
            if (e->who != SEL_SELF && e->who != SEL_ATTACHED) return 0;
            if (!(e->op == OP_GRANT || e->op == OP_LOSE_KW || e->op == OP_RULE || e->op == OP_NO_UNTAP ||
                  (e->op == OP_PUMP && (e->n.kind == QTY_CONST || e->n.kind == QTY_COUNT))))
                return 0;
        }
    }
    return 1;
}

/* Whether card d's static abilities are a lord's (LY_LORD_*) or local:
 * then into *who the players (bit 0 its controller, bit 1 the opponent)
 * whose permanents "each [filter]" (SEL_ALL) may pick, and bit 2 when
 * every such filter asks for a creature. A card whose abilities are not
 * local has one such filter if they are a lord's (those of a card without
 * are local), so some player among *who. */
static int layers_scoped(const CardDef *d, unsigned *who)
{
    *who = 4;
    for (int k = 0; k < d->n_abilities; k++) {
        const Ability *a = &d->ab[k];
        if (a->kind != AB_STATIC) continue;
        if (a->cond) return 0;
        for (int j = 0; j < a->n_effects; j++) {
            const Effect *e = &a->effect[j];
            if (!(e->op == OP_GRANT || e->op == OP_LOSE_KW || e->op == OP_NO_UNTAP ||
                  (e->op == OP_RULE && e->arg2 != RULE_TAP_ANY_COLOR && e->arg2 != RULE_NO_PREVENTION) ||
                  (e->op == OP_PUMP && e->n.kind == QTY_CONST)))
                return 0;
            if (e->who == SEL_ALL) {
                *who |= e->sel.ctl == CTL_YOU ? 1u : e->sel.ctl == CTL_OPP || e->sel.ctl == CTL_NOT_YOU ? 2u : 3u;
                if (e->sel.types != TYPE_CREATURE && !(e->sel.types_all & TYPE_CREATURE)) *who &= ~4u;
            }
            else if (e->who != SEL_SELF && e->who != SEL_ATTACHED)
                return 0;
        }
    }
    return 1;
}

void layers_count_changed(GameState *s, unsigned what)
{
    if (!(s->layers_reads & what)) return;
    for (PermIter it = permset_iter(s->perm_used); s->layers_dirty != 1 && permiter_more(&it);) {
        int src = permiter_next(&it);
        if (!(s->px[src].abk & PK_STATIC)) continue;
        const CardDef *d = &s->cards[s->perm[src].card];
        for (const Ability *a = d->ab, *end = a + d->n_abilities; a < end; a++)
            for (const Effect *e = a->effect, *last = e + a->n_effects; a->kind == AB_STATIC && e < last; e++) {
                if (!(e->op == OP_SET_PT || (e->op == OP_PUMP && (e->n.kind == QTY_COUNT || e->n.kind == QTY_COUNT_SHARING))))
                    continue;                                   /* counts nothing (pumps, cdas) */
                int host = s->px[src].attached;
                if (e->who == SEL_SELF) layers_changed(s, src);
                else if (e->who != SEL_ATTACHED) s->layers_dirty = 1;
                else if (host != NO_SLOT) layers_changed(s, host);
            }
    }
}

uint8_t layers_card_facts(const CardDef *d)
{
    unsigned f = LY_MADE, who;
    if (layers_local(d)) f |= LY_LOCAL;
    else if (layers_scoped(d, &who)) f |= who * LY_LORD_YOU;
    for (int k = 0; k < d->n_abilities; k++) {
        if (adds_subtype(&d->ab[k])) f |= LY_SUBTYPE;
        if (acts_across(&d->ab[k])) f |= LY_ACROSS;
        if (acts_on_others(&d->ab[k])) f |= LY_OTHERS;
    }
    return (uint8_t)f;
}

void layers_moved_static(GameState *s, int i, int ctl)
{
    const PermX *x = &s->px[i];
    if (x->xflags & PX_LAND) layers_count_changed(s, LR_LANDS);     /* the lands counted */
    unsigned ly = (x->abk & PK_STATIC) ? layers_facts(&s->cards[s->perm[i].card]) : LY_LOCAL;
    if (ly & LY_LOCAL) { layers_changed_attached(s, i); return; }
    s->layers_reads |= (uint8_t)LR_LORDS(ctl);               /* seen at once, before a partial pass */
    if (ly & (LY_LORD_YOU | LY_LORD_OPP)) {
        /* A lord changes no one's characteristics but its own, what it is
         * attached to, and some of its players' permanents' (their
         * creatures' when it acts on creatures alone). */
        if (ly & LY_LORD_OPP) s->layers_reads |= LR_ACROSS;   /* seen at once, before a partial pass */
        if (s->layers_dirty == 1) return;
        if (!s->layers_dirty) { s->layers_dirty = LAYERS_SOME; s->layers_n = 0; }
        unsigned side = (ly & LY_LORD_CREATURES) ? LAYERS_CTL_CREATURES(0) : LAYERS_CTL(0);
        if (ly & LY_LORD_YOU) s->layers_dirty |= (uint8_t)(side << ctl);
        if (ly & LY_LORD_OPP) s->layers_dirty |= (uint8_t)(side << (1 - ctl));
        layers_changed_attached(s, i);
        return;
    }
    s->layers_dirty = 1;
    if (ly & LY_SUBTYPE) s->layers_reads |= LR_SUBTYPES;        /* seen at once, before a refresh */
}

/* The slots in layers_some, as a set. There are at most LAYERS_SOME_MAX
 * of them, one in most passes: written out, not as a loop, which the
 * compiler may vectorize at a cost far beyond the work. */
_Static_assert(LAYERS_SOME_MAX == 4, "marked() reads layers_some one by one");
static inline PermSet marked(const GameState *s)
{
    PermSet only = 0;
    switch (s->layers_n) {
    case 4: only |= PERMSET_BIT(s->layers_some[3]); /* fall through */
    case 3: only |= PERMSET_BIT(s->layers_some[2]); /* fall through */
    case 2: only |= PERMSET_BIT(s->layers_some[1]); /* fall through */
    case 1: only |= PERMSET_BIT(s->layers_some[0]); /* fall through */
    default: return only;
    }
}

/* The permanents whose characteristics are computed again: every one, or
 * when only those in layers_some changed and nothing they are counted
 * in or conditioned on by others can (no count of permanents, no
 * condition, no control-changing effect in force), those alone. Every
 * static ability and continuous effect then applies to them as in a whole
 * pass, in the same order, and the others keep theirs. */
static PermSet layers_scope(const GameState *s)
{
    if (!(s->layers_dirty & LAYERS_SOME) || s->cond_key || (s->layers_reads & (LR_PERMS | LR_CONTROL)))
        return s->perm_used;
    PermSet only = marked(s);
    if (s->layers_dirty & (LAYERS_CTL(0) | LAYERS_CTL(1) | LAYERS_CTL_CREATURES(0) | LAYERS_CTL_CREATURES(1)))
        for (int p = 0; p < 2; p++) {                   /* a lord's mark: seldom */
            if (s->layers_dirty & LAYERS_CTL(p)) only |= s->perm_ctl[p];
            else if (s->layers_dirty & LAYERS_CTL_CREATURES(p)) only |= creatures(s, s->perm_ctl[p]);
        }
    return only & s->perm_used;
}

/* Layer 7d and what follows from the results for the permanents in `only`
 * (perm_finish); returns whether a state-based action may apply to one. */
static inline __attribute__((always_inline)) int perms_finish(GameState *s, PermSet only)
{
    int sba = 0;
    PermSet creatures = 0, shielded = 0;
    for (PermIter it = permset_iter(only); permiter_more(&it);) {
        int i = permiter_next(&it);
        perm_finish(s, i);
        /* 506.4: a permanent that stops being a creature (Awakener Druid's Forest, the Druid
         * gone) is removed from combat */
        if (!(s->perm[i].flags & PF_CREATURE) && permset_has(s->combat.attackers | s->combat.blockers, i))
            combat_remove(s, i);
        const Permanent *q = &s->perm[i];
        sba |= perm_sba(q);
        creatures |= permset_bit_if((q->flags & PF_CREATURE) != 0, i);
        shielded |= permset_bit_if((s->px[i].rules & RULES_UNTARGETABLE) != 0, i);
    }
    s->perm_creatures = (s->perm_creatures & ~only) | creatures;     /* GameState's sets of their results */
    s->perm_shielded = (s->perm_shielded & ~only) | shielded;
    return sba;
}

/* The layers applied to the permanents in `only` (every one when
 * `whole`). Its body is compiled twice (always_inline, `wide` a constant
 * in each copy): for the usual battlefield, with no permanent in a slot
 * past 63, where permset_narrow tells the compiler that every set's high
 * word is zero (it then drops all that works on it), and for a larger
 * one. */
static inline __attribute__((always_inline)) void layers_apply(GameState *s, PermSet only, int whole, int wide)
{
    PermSet used = permset_narrow(s->perm_used, wide);
    only = permset_narrow(only, wide);
    PermSet base1 = 0, ctl_srcs = 0, lords = 0;
    if (whole) {
        s->layers_reads = 0;
        /* Printed values; what layer 2 starts from. */
        for (PermIter it = permset_iter(used); permiter_more(&it);) {
            int i = permiter_next(&it);
            base1 |= permset_bit_if(perm_base_controller(s, i), i);
            ctl_srcs |= permset_bit_if((s->px[i].abk & PK_CONTROL) != 0, i);
            perm_printed(s, i);
            if (!(s->px[i].abk & PK_STATIC)) continue;
            unsigned ly = layers_facts(&s->cards[s->perm[i].card]);
            if (ly & LY_SUBTYPE) s->layers_reads |= LR_SUBTYPES;   /* before any filter reads them */
            if (ly & LY_ACROSS) s->layers_reads |= LR_ACROSS;      /* for the passes over some */
            lords |= permset_bit_if((ly & LY_OTHERS) != 0, i);
        }
    } else {
        for (PermIter it = permset_iter(only); permiter_more(&it);) perm_printed(s, permiter_next(&it));
    }
    /* "~ becomes a 3/3 green Ape creature with trample until end of turn.
     * It's still a land." (OP_BECOME), in timestamp order: its types and
     * creature type (layer 4: a creature, still a land), its colors (5),
     * its keywords (6, before those gained below: only additions) and its
     * base power and toughness (7b, before 7c's modifications). */
    for (int j = 0; j < s->float_n; j++) {
        const Floating *f = &s->fl[j];
        if (f->op != OP_BECOME || !permset_has(only, f->slot)) continue;
        Permanent *q = &s->perm[f->slot];
        q->flags |= PF_CREATURE;
        s->px[f->slot].colors = f->rule;
        q->kw |= f->kw;
        q->power = f->p;
        q->toughness = f->t;
    }
    if (whole) {
        s->pl_rules[0] = s->pl_rules[1] = 0;
        /* Layer 2, before the abilities whose "you" and "you control" it decides. */
        control_layer(s, base1, ctl_srcs);
        int control = ctl_srcs != 0;                         /* the effects in force once those over end */
        for (int j = 0; j < s->float_n && !control; j++) control = s->fl[j].op == OP_CONTROL;
        if (control) s->layers_reads |= LR_CONTROL;
        for (int p = 0; p < 2; p++) if (lords & s->perm_ctl[p]) s->layers_reads |= (uint8_t)LR_LORDS(p);   /* their controllers now */
        /* The conditions as the abilities below see them: with the controllers
         * layer 2 made ("you" of "as long as you have 30 or more life"). */
        s->cond_key = s->spells ? (uint8_t)cond_key(s) : 0;
    }
    /* Layer 5: colors set by resolved effects ("becomes red"), in timestamp order. */
    for (int j = 0; j < s->float_n; j++)
        if (s->fl[j].op == OP_SET_COLOR && permset_has(only, s->fl[j].slot))
            s->px[s->fl[j].slot].colors = (uint8_t)s->fl[j].kw;
    /* Layer 6: abilities gained, static abilities then resolved effects.
     * Only additions are played, so their order does not matter. */
    PermSet pumpers = 0;                                   /* sources with a +N/+N static ability (layer 7c) */
    PermSet attachments = 0;                               /* Auras and Equipment to check, below */
    Picked picked;                                         /* layer 6's "each [filter]", for layer 7c */
    picked.n = 0;
    PermSet cda = statics(s, used, only, &pumpers, &attachments, &picked) & only;
    for (int j = 0; j < s->float_n; j++) {
        const Floating *f = &s->fl[j];
        if (!permset_has(only, f->slot)) continue;
        if (f->op == OP_GRANT) s->perm[f->slot].kw |= f->kw;
        else if (f->op == OP_LOSE_KW) s->perm[f->slot].kw &= (uint16_t)~f->kw;   /* after the statics: played.c */
        else if (f->op == OP_RULE && !(f->rule == RULE_MUST_ATTACK_YOU && perm_controller(s, f->slot) == f->controller)) {
            /* "attacks you": never its own controller */
            rule_add(&s->px[f->slot], f->rule);
            if (f->rule == RULE_PROTECTION) s->px[f->slot].prot |= (uint8_t)f->kw;   /* Stave Off's chosen color */
        }
    }
    if (cda) cdas(s, cda);
    /* Layer 7b: base power and toughness set by resolved effects ("has base power
     * and toughness 1/1 until end of turn"), in timestamp order. */
    for (int j = 0; j < s->float_n; j++) {
        const Floating *f = &s->fl[j];
        if (f->op != OP_SET_PT || !permset_has(only, f->slot)) continue;
        s->perm[f->slot].power = f->p;
        s->perm[f->slot].toughness = f->t;
    }
    /* Layer 7c: modifications, from static abilities (their filters see
     * layer 6's results) and resolved effects; 7d: counters. */
    pumps(s, only, pumpers, &picked);
    for (int j = 0; j < s->float_n; j++) {
        const Floating *f = &s->fl[j];
        if (f->op != OP_PUMP || !permset_has(only, f->slot)) continue;
        s->perm[f->slot].power = (int16_t)(s->perm[f->slot].power + f->p);
        s->perm[f->slot].toughness = (int16_t)(s->perm[f->slot].toughness + f->t);
    }
    /* A state-based action these results may call for (704.5f-h, 704.5r;
     * 704.5m-n: an attachment among them, or attached to one of them, now
     * where it can't be; attaching one marks what it is attached to, and
     * an Aura entering or left attached to nothing flags sba_pending
     * itself, zone.c): the next check looks at every permanent
     * (sba_pending), and the attachments need no look when it does
     * already (an Aura or Equipment entering flags it). */
    int sba = perms_finish(s, only) | s->sba_pending;
    for (PermIter it = permset_iter(attachments); !sba && permiter_more(&it);)
        sba = sba_attachment_illegal(s, permiter_next(&it));
    if (sba) s->sba_pending = 1;
}

/* Whether no static ability and no continuous effect applies to the
 * permanents in `only`, marked bare (LAYERS_BARE): none has static
 * abilities or attaches, none is reached across (LR_ACROSS) or by a lord of
 * its controller's (LR_LORDS), and no effect names one. A pass over them
 * then gives each its printed values and counters, and no attachment to
 * check: the sources' abilities on players it would visit gave the
 * players' rules abilities they have (a source acting on players marks
 * every permanent as it enters or leaves: layers_moved_static). */
static int unreached(const GameState *s, PermSet only)
{
    if (s->layers_reads & LR_ACROSS) return 0;
    for (int j = 0; j < s->float_n; j++) if (permset_has(only, s->fl[j].slot)) return 0;
    for (PermIter it = permset_iter(only); permiter_more(&it);) {
        int i = permiter_next(&it);
        if ((s->px[i].abk & (PK_STATIC | PK_ATTACH)) || (s->layers_reads & LR_LORDS(perm_controller(s, i)))) return 0;
    }
    return 1;
}

void layers_recompute(GameState *s)
{
    /* A condition of a static ability that changed ("as long as you have
     * 30 or more life": life gained) changes what applies (604.1, 611.3a). */
    if (!s->layers_dirty && (!s->cond_key || cond_key(s) == (int)s->cond_key)) return;
    PermSet only = layers_scope(s);
    int whole = only == s->perm_used, bare = (s->layers_dirty & LAYERS_BARE) != 0;
    s->layers_dirty = 0;
    floating_prune(s);
    /* The permanents whose characteristics alone may have changed have all
     * left: none to compute (the players' rules abilities, kept from the
     * last whole pass, are the same). */
    if (!whole && !only) return;
    if (!whole && bare && unreached(s, only)) {
        for (PermIter it = permset_iter(only); permiter_more(&it);) perm_printed(s, permiter_next(&it));
        if (perms_finish(s, only)) s->sba_pending = 1;
        return;
    }
    if (permset_wide(s->perm_used)) layers_apply(s, only, whole, 1);
    else layers_apply(s, only, whole, 0);
}

/* Whether the static effect e of source src applies to permanent i now
 * (what affected() gives, for one permanent). */
static int applies(const GameState *s, int src, const Effect *e, int i)
{
    if (e->who == SEL_SELF) return src == i;
    if (e->who == SEL_ATTACHED) return s->px[src].attached == i;
    return e->who == SEL_ALL && filter_perm(s, &e->sel, i, perm_controller(s, src), src);
}

int layers_extra_lands(const GameState *s, int p)
{
    int n = 0;
    for (PermIter it = permset_iter(s->perm_used); permiter_more(&it);) {
        int src = permiter_next(&it);
        if (!(s->px[src].abk & PK_STATIC)) continue;
        const CardDef *d = &s->cards[s->perm[src].card];
        int you = perm_controller(s, src);
        for (int k = 0; k < d->n_abilities; k++) {
            const Ability *a = &d->ab[k];
            if (a->kind != AB_STATIC || (a->cond && !layers_static_cond(s, src, a))) continue;
            for (int j = 0; j < a->n_effects; j++) {
                const Effect *e = &a->effect[j];
                if (e->op == OP_RULE && e->arg2 == RULE_EXTRA_LAND &&
                    ((e->who == SEL_YOU && p == you) || (e->who == SEL_OPPONENTS && p != you) || e->who == SEL_EACH_PLAYER))
                    n++;
            }
        }
    }
    return n;
}

int layers_each_rule(const GameState *s, int i, int r, RuleVisit visit, const void *ctx)
{
    for (PermIter it = permset_iter(s->perm_used); permiter_more(&it);) {
        int src = permiter_next(&it);
        if (!(s->px[src].abk & PK_STATIC)) continue;
        const CardDef *d = &s->cards[s->perm[src].card];
        for (int k = 0; k < d->n_abilities; k++) {
            const Ability *a = &d->ab[k];
            if (a->kind != AB_STATIC || (a->cond && !layers_static_cond(s, src, a))) continue;
            for (int j = 0; j < a->n_effects; j++) {
                const Effect *e = &a->effect[j];
                if (e->op != OP_RULE || e->arg2 != r || !applies(s, src, e, i)) continue;
                int v = visit(s, i, &e->param, src, ctx);
                if (v) return v;
            }
        }
    }
    return 0;
}

/* 702.16a: a quality is a color, a card type or a subtype; an instance of
 * protection names one or more of them. */
static int quality_visit(const GameState *s, int i, const Filter *param, int src, const void *ctx)
{
    (void)s; (void)i; (void)src;
    const Quality *q = ctx;
    if (q->colors & param->colors) return 1;
    if (q->types & param->types) return 1;
    for (int k = 0; k < FILTER_SUBTYPES && param->subtype[k]; k++)
        for (int j = 0; j < CARD_SUBTYPE_MAX && q->subtype[j]; j++)
            if (q->subtype[j] == param->subtype[k]) return 1;
    return 0;
}

int layers_protected_wide(const GameState *s, int i, const Quality *q)
{
    return layers_each_rule(s, i, RULE_PROTECTION, quality_visit, q);
}
