/* effect.c: the interpreter: filters, targets (115, 608.2b) and running an
 * ability's effects in order as it resolves (608.2c). */
#include "effect.h"
#include "layers.h"
#include "zone.h"
#include "damage.h"
#include "turn.h"
#include "stack.h"
#include "library.h"
#include "mana.h"
#include "targets_many.h"

_Static_assert(CARD_SUBTYPE_MAX == 4, "has_subtype reads the subtypes as one word");

/* Whether card d has subtype id (an id of a byte): its CARD_SUBTYPE_MAX
 * ids read as one word, where a byte equal to id is a zero byte of the
 * exclusive or (the test is exact for any bytes), not one at a time. */
static int has_subtype(const CardDef *d, int id)
{
    uint32_t w;
    memcpy(&w, d->subtype, sizeof w);
    w ^= 0x01010101u * (uint8_t)id;
    return ((w - 0x01010101u) & ~w & 0x80808080u) != 0;
}

static int filter_card(const CardDef *d, const Filter *f, const CardDef *named);

/* Whether permanent i has subtype id: its card's, or the creature type an
 * effect gave it (perm_became: layer 4). */
static int perm_has_subtype(const GameState *s, int i, int id)
{
    if (has_subtype(&s->cards[s->perm[i].card], id)) return 1;
    if ((s->layers_reads & LR_SUBTYPES) && layers_has_added_subtype(s, i, id)) return 1;   /* a chosen type, an Aura's (layer 4) */
    if (!perm_became(s, i)) return 0;
    for (int j = 0; j < s->float_n; j++)
        if (s->fl[j].op == OP_BECOME && s->fl[j].slot == i && s->fl[j].sub == id) return 1;
    return 0;
}

/* filter_perm's tests of permanent i's state and subtypes (most filters
 * name neither): out of line, so that filter_perm's own tests need no
 * frame. */
static __attribute__((noinline)) int filter_perm_rest(const GameState *s, const Filter *f, int i, int src)
{
    const Permanent *q = &s->perm[i];
    const PermX *x = &s->px[i];
    if (f->state) {
        if ((f->state & FS_TAPPED) && !(q->flags & PF_TAPPED)) return 0;
        if ((f->state & FS_UNTAPPED) && (q->flags & PF_TAPPED)) return 0;
        int att = permset_has(s->combat.attackers, i), blk = permset_has(s->combat.blockers, i);
        if ((f->state & (FS_ATTACKING | FS_BLOCKING)) == (FS_ATTACKING | FS_BLOCKING)) { if (!att && !blk) return 0; }
        else if (((f->state & FS_ATTACKING) && !att) || ((f->state & FS_BLOCKING) && !blk)) return 0;
        if ((f->state & FS_TOKEN) && !(x->xflags & PX_TOKEN)) return 0;
        if ((f->state & FS_NONTOKEN) && (x->xflags & PX_TOKEN)) return 0;
        if ((f->state & FS_NAMED) && (src < 0 || strcmp(s->cards[q->card].name, s->cards[s->perm[src].card].name)))
            return 0;
        if (f->state & FS_BLOCKING_SOURCE) {                 /* a pair (509.1): it blocks the source */
            int k = 0;
            if (src >= 0 && blk)
                while (k < s->combat.n_pairs && !(s->combat.pair_blk[k] == i && s->combat.pair_att[k] == src)) k++;
            if (src < 0 || !blk || k == s->combat.n_pairs) return 0;
        }
    }
    if (f->subtype[0]) {
        int any = 0;
        for (int k = 0; k < FILTER_SUBTYPES && f->subtype[k]; k++) {
            /* "of the chosen type": the type chosen as the source entered (614.12) */
            int id = f->subtype[k] == SUBTYPE_CHOSEN ? layers_chosen(s, src) : f->subtype[k];
            any |= id && perm_has_subtype(s, i, id);
        }
        if (!any) return 0;
    }
    return !f->subtype_not || !perm_has_subtype(s, i, f->subtype_not);
}

int filter_perm(const GameState *s, const Filter *f, int i, int you, int src)
{
    const Permanent *q = &s->perm[i];
    const CardDef *d = &s->cards[q->card];
    const PermX *x = &s->px[i];
    /* Its types now: its card's, and creature when an effect made it one. */
    unsigned types = d->types | ((q->flags & PF_CREATURE) ? TYPE_CREATURE : 0u);
    if (f->types && !(types & f->types)) return 0;
    if (types & f->types_not) return 0;
    if ((types & f->types_all) != f->types_all) return 0;
    if (f->colors && !(x->colors & f->colors)) return 0;
    if (x->colors & f->colors_not) return 0;
    int ctl = perm_controller(s, i);
    if ((f->ctl == CTL_YOU && ctl != you) || ((f->ctl == CTL_OPP || f->ctl == CTL_NOT_YOU) && ctl == you)) return 0;
    if (f->other && i == src) return 0;
    if ((d->supertypes & f->supers) != f->supers) return 0;
    if (f->power_max != FILTER_NO_LIMIT && q->power > f->power_max) return 0;
    if (f->power_min != FILTER_NO_MIN && q->power < f->power_min) return 0;
    if (f->mv_max != FILTER_NO_LIMIT && d->mana_value > f->mv_max) return 0;
    if ((q->kw & f->kw) != f->kw || (q->kw & f->kw_not)) return 0;
    return !(f->state | f->subtype[0] | f->subtype_not) || filter_perm_rest(s, f, i, src);
}

int filter_only_lands(const Filter *f)
{
    if (f->types == TYPE_LAND || (f->types_all & TYPE_LAND)) return 1;
    if (!f->subtype[0]) return 0;
    for (int k = 0; k < FILTER_SUBTYPES && f->subtype[k]; k++)
        if (f->subtype[k] > SUBTYPE_BASIC_LAND_LAST) return 0;
    return 1;                                                /* "Plains you control" */
}

int filter_may_match_land(const Filter *f)
{
    if (f->zone != ZONE_BATTLEFIELD || (f->types && !(f->types & TYPE_LAND)) || (f->types_not & TYPE_LAND) ||
        (f->types_all & ~TYPE_LAND) || f->colors || f->kw || f->power_max != FILTER_NO_LIMIT ||
        f->power_min != FILTER_NO_MIN || (f->state & (FS_ATTACKING | FS_BLOCKING | FS_TOKEN | FS_BLOCKING_SOURCE)))
        return 0;
    if (f->subtype[0]) {                                     /* only a basic land type names one */
        int land = 0;
        for (int k = 0; k < FILTER_SUBTYPES && f->subtype[k]; k++) land |= f->subtype[k] <= SUBTYPE_BASIC_LAND_LAST;
        return land;
    }
    return 1;
}

/* Basic lands are counts (state.h's Player), not permanents: how many of
 * player p's match f (as filter_perm would, for `you`), or with `first`
 * some of them (the count of the first matching card's, none if 0). All
 * basic lands that make one color are one card in these sets. */
static int basic_lands_matching(const GameState *s, const Filter *f, int p, int you, int first)
{
    const Player *pl = &s->pl[p];
    if (!pl->lands_n || !filter_may_match_land(f)) return 0;
    if ((f->ctl == CTL_YOU && p != you) || ((f->ctl == CTL_OPP || f->ctl == CTL_NOT_YOU) && p == you)) return 0;
    int n = 0;
    unsigned seen = 0;
    for (int w = 0; w < 4; w++)
        for (uint64_t bits = pl->lands[w]; bits; bits &= bits - 1) {
            const CardDef *d = &s->cards[OBJ_CARD(s, p, w * 64 + __builtin_ctzll(bits))];
            int c = d->produces;
            if (c < 0 || (seen >> c & 1)) continue;
            seen |= 1u << c;
            if ((d->supertypes & f->supers) != f->supers) continue;
            if (f->subtype[0]) {
                int any = 0;
                for (int k = 0; k < FILTER_SUBTYPES && f->subtype[k]; k++) any |= has_subtype(d, f->subtype[k]);
                if (!any) continue;
            }
            if (f->subtype_not && has_subtype(d, f->subtype_not)) continue;
            n += (f->state & FS_TAPPED) ? pl->land_tapped[c]
                 : (f->state & FS_UNTAPPED) ? pl->land_n[c] - pl->land_tapped[c] : pl->land_n[c];
            if (first && n) return n;
        }
    return n;
}

/* Whether card d (in a library: its printed characteristics) matches f's
 * card conditions; `named`: the card of the ability's source, for
 * FS_NAMED (NULL: none). */
static int filter_card(const CardDef *d, const Filter *f, const CardDef *named)
{
    if ((f->state & FS_NAMED) && (!named || strcmp(d->name, named->name))) return 0;
    if (f->types && !(d->types & f->types)) return 0;
    if ((d->types & f->types_not) || (d->types & f->types_all) != f->types_all) return 0;
    if (f->colors && !(d->colors & f->colors)) return 0;
    if ((d->colors & f->colors_not) || (d->supertypes & f->supers) != f->supers) return 0;
    if (f->subtype[0]) {
        int any = 0;
        for (int k = 0; k < FILTER_SUBTYPES && f->subtype[k]; k++) any |= has_subtype(d, f->subtype[k]);
        if (!any) return 0;
    }
    if (f->subtype_not && has_subtype(d, f->subtype_not)) return 0;
    if (f->mv_max != FILTER_NO_LIMIT && d->mana_value > f->mv_max) return 0;
    return 1;
}

int effect_card_matches(const CardDef *d, const Filter *f) { return filter_card(d, f, NULL); }

int effect_count(const GameState *s, const Filter *f, int you, int src)
{
    int n = 0;
    if (f->zone == ZONE_GRAVEYARD) {                         /* cards in graveyards, by their owner */
        for (int p = 0; p < 2; p++) {
            if ((f->ctl == CTL_YOU && p != you) || ((f->ctl == CTL_OPP || f->ctl == CTL_NOT_YOU) && p == you)) continue;
            for (int w = 0; w < 4; w++)
                for (uint64_t b = s->pl[p].gy[w]; b; b &= b - 1)
                    n += filter_card(&s->cards[OBJ_CARD(s, p, w * 64 + __builtin_ctzll(b))], f, NULL);
        }
        return n;
    }
    /* A filter of lands alone ("Plains you control") matches no other
     * permanent: a basic land type is a land's, unless a static ability
     * adds subtypes (LR_SUBTYPES) or an effect made a noncreature card a
     * creature of some type (perm_became). */
    int lands = !(s->layers_reads & LR_SUBTYPES) && filter_only_lands(f);
    for (PermIter it = permset_iter(filter_perm_candidates(s, f, s->perm_used, you, src)); permiter_more(&it);) {
        int i = permiter_next(&it);
        if (lands && !(s->px[i].xflags & PX_LAND) && !perm_became(s, i)) continue;
        n += filter_perm(s, f, i, you, src);
    }
    return n + basic_lands_matching(s, f, 0, you, 0) + basic_lands_matching(s, f, 1, you, 0);
}

int effect_any(const GameState *s, const Filter *f, int you, int src)
{
    if (f->zone == ZONE_GRAVEYARD) return effect_count(s, f, you, src) > 0;
    /* effect_count's terms, none negative, the basic lands' first (the usual answer: "unless you control a
     * Swamp or a Mountain"), each stopping at its first match. */
    if (basic_lands_matching(s, f, you, you, 1) || basic_lands_matching(s, f, 1 - you, you, 1)) return 1;
    int lands = !(s->layers_reads & LR_SUBTYPES) && filter_only_lands(f);
    for (PermIter it = permset_iter(filter_perm_candidates(s, f, s->perm_used, you, src)); permiter_more(&it);) {
        int i = permiter_next(&it);
        if (lands && !(s->px[i].xflags & PX_LAND) && !perm_became(s, i)) continue;
        if (filter_perm(s, f, i, you, src)) return 1;
    }
    return 0;
}

int filter_spell(const GameState *s, const Filter *f, const StackItem *t)
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

/* The card of an item's source, for its qualities (protection, 702.16):
 * the item's card, or for an ability an Aura grants (GRANT_ATTACHED), the
 * enchanted creature's, kept as it was activated (StackItem.ev_card). */
static const CardDef *item_source_card(const GameState *s, const StackItem *it)
{
    const CardDef *d = &s->cards[it->card];
    if (it->kind == SI_ABILITY && it->ability < d->n_abilities && d->ab[it->ability].granted == GRANT_ATTACHED)
        return &s->cards[it->ev_card];
    return d;
}

/* The colors of an item's source (for protection): a spell's card's, an
 * ability's source's now, or as it last existed (608.2h). */
static unsigned item_colors(const GameState *s, const StackItem *it)
{
    if (it->kind != SI_SPELL) {
        if (it->source != NO_SLOT && permset_has(s->perm_used, it->source) && s->px[it->source].ts == it->source_ts)
            return s->px[it->source].colors;
        if (it->lki_colors & LKI_KNOWN) return it->lki_colors & (unsigned)~LKI_KNOWN;
    }
    return s->cards[it->card].colors;
}

/* "can't be the target of blue or black spells" (RULE_UNTARGETABLE_BY): whether
 * item ctx is what one instance's parameter names. */
static int untargetable_visit(const GameState *s, int i, const Filter *param, int src, const void *ctx)
{
    (void)i; (void)src;
    const StackItem *it = ctx;
    if (it->kind == SI_SPELL) return filter_spell(s, param, it);
    if (!param->other) return 0;                             /* spells only */
    unsigned c = item_colors(s, it);                         /* an ability: its source's colors */
    return (!param->colors || (c & param->colors)) && !(c & param->colors_not);
}

int target_legal(const GameState *s, const StackItem *it, const Ability *a, int k, Target t)
{
    return target_spec_legal(s, it, &a->target[k], t);
}

/* The slot of an item's source, if it is still the same object; else -1. */
static int item_source(const GameState *s, const StackItem *it)
{
    return it->source != NO_SLOT && permset_has(s->perm_used, it->source) && s->px[it->source].ts == it->source_ts
           ? it->source : -1;
}

/* Whether spec sp's kind of target and filter (not the object's rules
 * abilities) admit permanent i, for item `it` of player `you` with source
 * slot src. */
static inline int spec_admits_perm(const GameState *s, const TargetSpec *sp, int i, int you, int src)
{
    if (sp->what == TGT_PLAYER) return 0;
    if (sp->what == TGT_ANY || sp->what == TGT_PLAYER_OR_PW) {
        /* "Any target" is a creature, player or planeswalker (115.4, Foundations); the cards
         * of 2011 printed it "target creature or player", and damage reached a planeswalker
         * by redirection alone (306.7, 2011: damage_deal). */
        int pw = perm_is_planeswalker(s, i) && (sp->what == TGT_PLAYER_OR_PW || s->edition != EDITION_2011);
        return pw || (sp->what != TGT_PLAYER_OR_PW && perm_is_creature(s, i));
    }
    return sp->f.zone == ZONE_BATTLEFIELD && filter_perm(s, &sp->f, i, you, src);
}

/* Whether permanent i's rules abilities let item `it` of player `you`
 * target it. */
static inline int perm_targetable_by(const GameState *s, const StackItem *it, int i, int you)
{
    const PermX *x = &s->px[i];
    if (x->rules & (1u << RULE_SHROUD)) return 0;                                          /* 702.18 */
    if ((x->rules & (1u << RULE_HEXPROOF)) && perm_controller(s, i) != you) return 0;       /* 702.11 */
    if (x->rules & RULE_BIT(RULE_PROTECTION)) {                                              /* 702.16b */
        Quality q = quality_of_card(item_source_card(s, it));
        q.colors = (uint8_t)item_colors(s, it);
        if (layers_protected(s, i, &q)) return 0;
    }
    if ((x->rules & RULE_BIT(RULE_UNTARGETABLE_BY)) && layers_each_rule(s, i, RULE_UNTARGETABLE_BY, untargetable_visit, it))
        return 0;                                                                           /* Karplusan Strider */
    return 1;
}

/* Whether filter f asks of a permanent its types (Filter.types), its
 * controller and its colors alone ("target creature", "creature you
 * control", "target nonblack creature"): with those (and its zone) as a
 * filter of no condition has them, its bytes are that filter's, compared
 * a word at a time. (Bytes between fields that differ can only make such
 * a filter seem to ask more: target_spec_perms then asks filter_perm,
 * which finds the same.) */
static int filter_types_ctl_only(const Filter *f)
{
    static const Filter none = { .power_max = FILTER_NO_LIMIT, .power_min = FILTER_NO_MIN, .mv_max = FILTER_NO_LIMIT };
    Filter g;
    memcpy(&g, f, sizeof g);
    g.types = g.colors = g.colors_not = g.ctl = g.zone = 0;
    return !memcmp(&g, &none, sizeof g);
}

/* The permanents of `in` whose card has a type of `types` (the card's
 * types: those of target_spec_perms' kinds other than creature). Without
 * a branch on the permanent: each slot's bit is kept or not. */
static PermSet perms_of_card_types(const GameState *s, PermSet in, unsigned types)
{
    PermSet out = 0;
    for (PermIter it = permset_iter(in); permiter_more(&it);) {
        int i = permiter_next(&it);
        out |= permset_bit_if((s->cards[s->perm[i].card].types & types) != 0, i);
    }
    return out;
}

/* The permanents of `in` with a color of `colors` (none: any) and none of
 * colors_not, by their colors now (filter_perm's test). */
static PermSet perms_of_colors(const GameState *s, PermSet in, unsigned colors, unsigned colors_not)
{
    PermSet out = 0;
    for (PermIter it = permset_iter(in); permiter_more(&it);) {
        int i = permiter_next(&it);
        unsigned c = s->px[i].colors;
        out |= permset_bit_if(((!colors) | ((c & colors) != 0)) & !(c & colors_not), i);
    }
    return out;
}

/* Of the permanents `kind` of spec sp's kind (of player you's item it),
 * those spec_admits_perm and perm_targetable_by admit (the latter looked
 * at for those of `odd` alone): a filter target_spec_perms does not tell
 * by kinds (out of line: most do not). */
static __attribute__((noinline)) PermSet perms_admitted(const GameState *s, const StackItem *it, const TargetSpec *sp,
                                                        PermSet kind, PermSet odd, int you)
{
    int src = item_source(s, it);
    PermSet legal = 0;
    for (PermIter pi = permset_iter(kind); permiter_more(&pi);) {
        int i = permiter_next(&pi);
        if (spec_admits_perm(s, sp, i, you, src) && (!permset_has(odd, i) || perm_targetable_by(s, it, i, you)))
            legal |= PERMSET_BIT(i);
    }
    return legal;
}

/* Of the permanents `odd`, those perm_targetable_by lets player you's
 * item it target (out of line: most sets of targets hold none). */
static __attribute__((noinline)) PermSet perms_targetable(const GameState *s, const StackItem *it, PermSet odd, int you)
{
    PermSet legal = 0;
    for (PermIter pi = permset_iter(odd); permiter_more(&pi);) {
        int i = permiter_next(&pi);
        legal |= permset_bit_if(perm_targetable_by(s, it, i, you), i);
    }
    return legal;
}

PermSet target_spec_perms(const GameState *s, const StackItem *it, const TargetSpec *sp)
{
    if (sp->what == TGT_PLAYER || (sp->what == TGT_OBJECT && sp->f.zone != ZONE_BATTLEFIELD)) return 0;
    int you = it->controller, object = sp->what == TGT_OBJECT;
    /* spec_admits_perm's first tests, made here without the call (most
     * permanents fail them: lands, the other player's): the controller a
     * filter names, a type; a filter of nothing else is then met. "Any
     * target" and "target player or planeswalker" admit their kinds of
     * permanent alone (spec_admits_perm's test, the kinds told once for
     * the spec: 115.4; 2011's "creature or player"). */
    int plain = !object || filter_types_ctl_only(&sp->f);
    int creatures = sp->what == TGT_ANY, walkers = sp->what == TGT_PLAYER_OR_PW || s->edition != EDITION_2011;
    /* The filter's types: "creature" from the permanent's flag alone (a creature card's permanent
     * is always a creature, state_check; an effect may make another one), its card's read for the
     * others alone. */
    unsigned types = sp->f.types, others = types & ~(unsigned)TYPE_CREATURE;
    unsigned flag = types & TYPE_CREATURE ? PF_CREATURE : 0;
    /* A kind told by the permanent's flag (a creature), or by its card's
     * types (the others, a planeswalker), or any permanent (an object of
     * no type). */
    unsigned by_flag = object ? flag : creatures ? (unsigned)PF_CREATURE : 0u;
    unsigned by_card = object ? others : walkers ? (unsigned)TYPE_PLANESWALKER : 0u;
    int any = object && !types;
    PermSet in = s->perm_used;
    if (object && sp->f.ctl == CTL_YOU) in &= s->perm_ctl[you];
    else if (object && (sp->f.ctl == CTL_OPP || sp->f.ctl == CTL_NOT_YOU)) in &= s->perm_ctl[1 - you];
    /* The permanents of the kind, the creatures a mask (GameState.perm_creatures), the others' cards
     * read, and those with a rules ability that may stop targeting (perm_shielded). */
    PermSet kind = any ? in : by_flag ? in & s->perm_creatures : 0;
    if (by_card) kind |= perms_of_card_types(s, in & ~kind, by_card);
    PermSet odd = in & s->perm_shielded;
    if (!plain) return perms_admitted(s, it, sp, kind, odd, you);
    if (object && (sp->f.colors | sp->f.colors_not))                          /* "nonblack" */
        kind = perms_of_colors(s, kind, sp->f.colors, sp->f.colors_not);
    /* Most permanents have none of the rules that stop targeting: the others alone are looked at. */
    return kind & odd ? (kind & ~odd) | perms_targetable(s, it, kind & odd, you) : kind;
}

int target_spec_legal(const GameState *s, const StackItem *it, const TargetSpec *sp, Target t)
{
    int you = it->controller;
    switch (t.kind) {
    case TK_PLAYER:
        return target_player_legal(s, it, sp, t.v);
    case TK_PERM: {
        int i = t.v;
        if (i >= PERM_MAX || !permset_has(s->perm_used, i) || s->px[i].ts != t.ts) return 0;
        return spec_admits_perm(s, sp, i, you, item_source(s, it)) &&
               (!(s->px[i].rules & RULES_UNTARGETABLE) || perm_targetable_by(s, it, i, you));
    }
    case TK_CARD:                                            /* a card in a graveyard */
        if (sp->what != TGT_OBJECT || sp->f.zone != ZONE_GRAVEYARD || t.ts != CARD_TARGET_HERE || t.owner > 1 ||
            t.v >= s->pl[t.owner].deck_n || !bits256_has(s->pl[t.owner].gy, t.v))
            return 0;
        if ((sp->f.ctl == CTL_YOU && t.owner != you) || ((sp->f.ctl == CTL_OPP || sp->f.ctl == CTL_NOT_YOU) && t.owner == you))
            return 0;                                        /* "you own", "an opponent owns" */
        return filter_card(&s->cards[OBJ_CARD(s, t.owner, t.v)], &sp->f, &s->cards[it->card]);
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
    uint8_t ctl[ITEM_TARGETS];  /* a legal permanent target's controller as the item began to resolve:
                                   "its controller" after it left (608.2h) */
    uint8_t done;       /* the previous effect happened ("if you do") */
    int16_t lki_p[ITEM_TARGETS], lki_t[ITEM_TARGETS]; /* a legal permanent target's power and toughness as
                                   the item began to resolve: "its toughness" after it left (608.2h) */
    int     life_lost;  /* the life the last "lose life" effect took ("the life lost this way") */
    PermSet prev;       /* the permanents the previous effect acted on ("those creatures") */
    int dealt;          /* the damage the last damage effect dealt ("the damage dealt this way") */
    int moved_mv;       /* the mana value of the card OP_TOP_TO_HAND moved ("its mana value") */
    uint8_t lost;       /* the ability's coin flip was lost ("If you lose the flip") */
    uint8_t many;       /* the targets are several of one spec (targets_many.h): each t[j] is spec 0's */
    int discarded;      /* the most cards one player discarded through the last discard effect ("the
                           greatest number of cards a player discarded this way") */
    int8_t gy_big;      /* "If a graveyard has twenty or more cards in it, ... instead": whether one had,
                           checked once, at the first effect it conditions (614.1a; -1: not yet) */
    int16_t sac_power;  /* the power of the creature the last "sacrifice a creature" effect sacrificed, as
                           it last existed (608.2h: "the sacrificed creature's power") */
} Ctx;

static int qty(const Ctx *c, const Qty *q)
{
    switch (q->kind) {
    case QTY_X: return q->n * c->it->x;
    case QTY_COUNT: return 0;   /* the caller passes the effect: see amount() */
    default: return q->n;
    }
}

/* The triggering event's permanent, if it is still the same object; else -1. */
static int event_perm(const Ctx *c)
{
    const StackItem *it = c->it;
    int i = it->ev_perm;
    return i != NO_SLOT && permset_has(c->s->perm_used, i) && c->s->px[i].ts == it->ev_ts ? i : -1;
}

static int amount(const Ctx *c, const Effect *e)
{
    switch (e->n.kind) {
    case QTY_LIFE_LOST: return e->n.n * c->life_lost;
    case QTY_SACRIFICED_POWER: {                                                           /* 608.2h */
        int pw = c->a->kind == AB_SPELL ? c->it->ev_amount : c->sac_power;   /* a cost's (stack.c), or an effect's */
        return pw > 0 ? e->n.n * pw : 0;
    }
    case QTY_TARGET_POWER: case QTY_TARGET_TOUGHNESS: {  /* now, or as it last existed (608.2h) */
        Target t = c->it->t[e->arg];
        if (e->arg >= ITEM_TARGETS || !c->legal[e->arg] || t.kind != TK_PERM) return 0;
        int here = permset_has(c->s->perm_used, t.v) && c->s->px[t.v].ts == t.ts;
        int power = e->n.kind == QTY_TARGET_POWER;
        return e->n.n * (here ? (power ? perm_power(c->s, t.v) : perm_toughness(c->s, t.v))
                              : (power ? c->lki_p[e->arg] : c->lki_t[e->arg]));
    }
    case QTY_COUNT:
        return e->n.n * effect_count(c->s, &e->count, c->it->controller, c->src);
    case QTY_EVENT: return e->n.n * c->it->ev_amount;
    case QTY_DAMAGE_DEALT: return e->n.n * c->dealt;
    case QTY_PREV_MANA_VALUE: return e->n.n * c->moved_mv;
    case QTY_MOST_DISCARDED: return e->n.n * c->discarded;
    case QTY_SELF_COUNTERS:                              /* lore counters (played.c): now, or as it left */
        if (e->arg2 == COUNTER_PLUS) return c->src >= 0 ? e->n.n * c->s->perm[c->src].plus : 0;   /* on itself: gone, none */
        return e->n.n * (c->src >= 0 ? c->s->perm[c->src].loyalty : c->it->lki_lore);
    case QTY_GREATEST_POWER: {                           /* as it resolves; none: 0 */
        int best = 0;
        for (PermIter it = permset_iter(c->s->perm_used); permiter_more(&it);) {
            int i = permiter_next(&it);
            if (filter_perm(c->s, &e->count, i, c->it->controller, c->src) && c->s->perm[i].power > best)
                best = c->s->perm[i].power;
        }
        return e->n.n * best;
    }
    case QTY_EVENT_TOUGHNESS: {                          /* now, or as it last existed (608.2h) */
        int i = event_perm(c);
        return e->n.n * (i >= 0 ? perm_toughness(c->s, i) : c->it->ev_amount);
    }
    case QTY_EVENT_POWER: {                              /* likewise; kept with ev_lki as it left */
        int i = event_perm(c);
        if (i < 0 && !(c->it->ev_lki & LKI_KNOWN)) return 0;
        return e->n.n * (i >= 0 ? perm_power(c->s, i) : c->it->ev_amount);
    }
    default: return qty(c, &e->n);
    }
}

/* The permanents an effect acts on, now. */
static PermSet sel_perms(const Ctx *c, const Effect *e)
{
    const GameState *s = c->s;
    switch (e->who) {
    case SEL_TARGET: {
        if (c->many) {                                   /* 608.2b: the legal ones of the several */
            PermSet out = 0;
            for (int j = 0; j < c->it->n_targets; j++)
                if (c->legal[j] && c->it->t[j].kind == TK_PERM) out |= PERMSET_BIT(c->it->t[j].v);
            return out;
        }
        Target t = c->it->t[e->arg];
        return c->legal[e->arg] && t.kind == TK_PERM ? PERMSET_BIT(t.v) : 0;
    }
    case SEL_SELF: return c->src >= 0 ? PERMSET_BIT(c->src) : 0;
    case SEL_ATTACHED: {
        /* What the source is attached to; once the source has left, what
         * it was attached to as it left, if that is still there (608.2h). */
        if (c->src >= 0) {
            int a = s->px[c->src].attached;
            return a != NO_SLOT ? PERMSET_BIT(a) : 0;
        }
        int a = c->it->lki_att;
        return a != NO_SLOT && permset_has(s->perm_used, a) && s->px[a].ts == c->it->lki_att_ts ? PERMSET_BIT(a) : 0;
    }
    case SEL_EVENT_OBJECT: {
        int i = event_perm(c);
        return i >= 0 ? PERMSET_BIT(i) : 0;
    }
    case SEL_ALL: {
        PermSet out = 0;
        for (PermIter it = permset_iter(s->perm_used); permiter_more(&it);) {
            int i = permiter_next(&it);
            if (filter_perm(s, &e->sel, i, c->it->controller, c->src)) out |= PERMSET_BIT(i);
        }
        return out;
    }
    case SEL_TARGET_PLAYER_ALL: case SEL_TARGET_PLAYER_OWNS: {   /* "all creatures target player controls" */
        /* a planeswalker target (Chandra Nalaar's "that planeswalker's controller"): its
         * controller as the ability began to resolve */
        Target t = c->it->t[e->arg];
        if (!c->legal[e->arg] || (t.kind != TK_PLAYER && !(t.kind == TK_PERM && e->who == SEL_TARGET_PLAYER_ALL))) return 0;
        int who = t.kind == TK_PLAYER ? t.v : c->ctl[e->arg];
        PermSet out = 0;
        for (PermIter it = permset_iter(e->who == SEL_TARGET_PLAYER_ALL ? s->perm_ctl[who] : s->perm_used); permiter_more(&it);) {
            int i = permiter_next(&it);
            if ((e->who == SEL_TARGET_PLAYER_ALL || s->px[i].owner == who) && filter_perm(s, &e->sel, i, c->it->controller, c->src))
                out |= PERMSET_BIT(i);
        }
        return out;
    }
    case SEL_PREVIOUS: return c->prev & s->perm_used;   /* those of them still here */
    default: return 0;
    }
}

/* The players an effect acts on, as bits. */
static unsigned sel_players(const Ctx *c, const Effect *e)
{
    int you = c->it->controller;
    switch (e->who) {
    case SEL_TARGET: {
        if (c->many) {
            unsigned out = 0;
            for (int j = 0; j < c->it->n_targets; j++)
                if (c->legal[j] && c->it->t[j].kind == TK_PLAYER) out |= 1u << c->it->t[j].v;
            return out;
        }
        Target t = c->it->t[e->arg];
        return c->legal[e->arg] && t.kind == TK_PLAYER ? 1u << t.v : 0;
    }
    case SEL_TARGET_CONTROLLER: {
        Target t = c->it->t[e->arg];
        return c->legal[e->arg] && t.kind == TK_PERM ? 1u << c->ctl[e->arg] : 0;
    }
    case SEL_YOU: return 1u << you;
    case SEL_OPPONENTS: return 1u << (1 - you);
    case SEL_EACH_PLAYER: return 3u;
    case SEL_OTHER_PLAYERS: return 1u << (1 - you);
    case SEL_ATTACHED_CONTROLLER: { /* played.c: "attacks or blocks" triggers ("its controller") */
        PermSet m = sel_perms(c, &(Effect){ .who = SEL_ATTACHED });  /* now, or as the source left */
        /* the creature gone too: its controller as it attacked or blocked (the event's player) */
        return 1u << (m ? perm_controller(c->s, permset_first(m)) : c->it->ev_player);
    }
    case SEL_EVENT_PLAYER: return 1u << c->it->ev_player;
    case SEL_EVENT_CONTROLLER: {
        int i = event_perm(c);
        return 1u << (i >= 0 ? perm_controller(c->s, i) : c->it->ev_player);
    }
    default: return 0;
    }
}

/* Fire Servant: how many of the controller's permanents double the damage
 * of spell item it (static OP_DOUBLE_DAMAGE whose filter it matches). */
static int doublers(const GameState *s, const StackItem *it)
{
    if (it->kind != SI_SPELL) return 0;
    int n = 0;
    for (PermIter m = permset_iter(s->perm_ctl[it->controller]); permiter_more(&m);) {
        int i = permiter_next(&m);
        if (!(s->px[i].abk & PK_STATIC)) continue;           /* most: no static ability to look at */
        const CardDef *d = &s->cards[s->perm[i].card];
        for (int k = 0; k < d->n_abilities; k++) {
            const Ability *a = &d->ab[k];
            if (a->kind == AB_STATIC && !a->cond && a->n_effects == 1 && a->effect[0].op == OP_DOUBLE_DAMAGE &&
                a->effect[0].who == SEL_YOU && filter_spell(s, &a->effect[0].sel, it))   /* not Furnace of Rath's */
                n++;
        }
    }
    return n;
}

static DamageSource source_of(const Ctx *c)
{
    DamageSource d;
    d.no_prevent = 0;
    d.doubled = (uint8_t)doublers(c->s, c->it);
    d.controller = c->it->controller;
    d.card = (uint16_t)(item_source_card(c->s, c->it) - c->s->cards);
    if (c->src >= 0) {
        d.slot = (uint8_t)c->src;
        d.colors = c->s->px[c->src].colors;
        d.kw = c->s->perm[c->src].kw;
    } else {
        d.slot = NO_SLOT;
        d.colors = (uint8_t)item_colors(c->s, c->it);   /* a spell's, or a source's as it left */
        d.kw = c->s->cards[d.card].keywords;   /* a spell's own keywords (none played yet) */
    }
    return d;
}

/* "it deals damage" of a trigger whose event's object is a permanent
 * (Warstorm Surge: the creature that entered is the source, 609.7a): the
 * permanent if it is still there, else as it last existed (608.2h: power,
 * controller, colors, keywords kept as it left, zone.c's last_known). */
static DamageSource event_source(const Ctx *c)
{
    const GameState *s = c->s;
    const StackItem *it = c->it;
    DamageSource d;
    d.no_prevent = 0;
    d.doubled = 0;                                   /* Fire Servant doubles spells' damage alone */
    int i = event_perm(c);
    if (i >= 0) {
        d.slot = (uint8_t)i;
        d.controller = (uint8_t)perm_controller(s, i);
        d.card = s->perm[i].card;
        d.colors = s->px[i].colors;
        d.kw = s->perm[i].kw;
    } else {
        d.slot = NO_SLOT;
        d.controller = (uint8_t)((it->ev_lki & EV_LKI_CTL1) ? 1 : 0);
        d.card = it->ev_card;
        d.colors = (uint8_t)(it->ev_lki & 0x1Fu);
        d.kw = it->ev_kw;
    }
    return d;
}

/* The Auras and Equipment of set m attached to something. */
static PermSet attached_in(const GameState *s, PermSet m)
{
    PermSet out = 0;
    for (PermIter it = permset_iter(m); permiter_more(&it);) {
        int i = permiter_next(&it);
        if ((s->px[i].abk & PK_ATTACH) && s->px[i].attached != NO_SLOT) out |= PERMSET_BIT(i);
    }
    return out;
}

/* 701.7: destroy (indestructible, regeneration). */
static void destroy(Ctx *c, int i, int no_regen)
{
    GameState *s = c->s;
    if (perm_has(s, i, KW_INDESTRUCTIBLE)) return;
    if (!no_regen && perm_regenerate(s, i)) return;                                        /* 701.15 */
    game_event(c->g, s, EV_DESTROY, c->it->controller, i, c->src >= 0 ? c->src : (int)NO_SLOT, c->it->card, 0, 0);
    perm_leave(s, c->g, i, ZONE_GRAVEYARD);
}

/* Asks player p's policy a choice of kind `kind` among n options (idx:
 * what they name, per ChoiceKind); the engine's default, 0, without a
 * policy that chooses, with a single option or an answer out of range. */
static int ask(const Ctx *c, int p, int kind, int n, const uint8_t *idx)
{
    const Policy *pol = c->g->policy[p];
    if (n < 2 || !pol || !pol->choose) return 0;
    Choice ch = { (uint8_t)kind, c->it->card, n, NULL, idx, 0, NULL, 0, 0, 0, 0 };
    int k = pol->choose(pol, c->s, c->g, p, c->g->policy_rng[p], &ch);
    return k < 0 || k >= n ? 0 : k;
}

/* "Counter ... unless its controller pays {N}" (701.5, 118.12): player p
 * decides as it resolves; asked only when p can pay, the mana really paid
 * (its mana abilities activated while paying, 605.3a). Returns 1 when p
 * paid. */
static int paid_instead(const Ctx *c, int p, int n)
{
    static const uint8_t none[COLOR_COUNT] = { 0 };
    if (n <= 0) return 1;                                /* {0} is paid by choosing to */
    if (!mana_can_pay_cost(c->s, p, none, n, -1)) return 0;
    const Policy *pol = c->g->policy[p];
    int k = 0;                                           /* the engine's default: pay */
    if (pol && pol->choose) {
        Choice ch = { CH_PAY, c->it->card, 2, NULL, NULL, n, NULL, 0, 0, 0, 0 };
        k = pol->choose(pol, c->s, c->g, p, c->g->policy_rng[p], &ch);
    }
    if (k == 1) return 0;
    mana_pay_cost(c->s, c->g, p, none, n, -1);
    return 1;
}

/* "You may pay {X}{R}" (a triggered ability's Ability.cost) as it
 * resolves: its controller pays, choosing X (107.3: StackItem.x, which
 * "deals X damage" reads), or declines; only what it can pay is offered
 * (its mana abilities activated while paying, 605.3a). Returns 1 when
 * paid. */
static int pay_optional(const Ctx *c)
{
    const Cost *k = &c->a->cost;
    int p = c->it->controller, max_x = 0;
    if (!mana_can_pay_cost(c->s, p, k->color, k->generic, -1)) return 0;
    if (k->x) {
        int fixed = k->generic;
        for (int j = 0; j < COLOR_COUNT; j++) fixed += k->color[j];
        int top = (mana_total_now(c->s, p, -1) - fixed) / k->x;
        for (max_x = top > 0 ? top : 0; max_x > 0 && !mana_can_pay_cost(c->s, p, k->color, k->generic + max_x * k->x, -1);)
            max_x--;
    }
    const Policy *pol = c->g->policy[p];
    int v = 0;                                           /* the engine's default (option 0): pay, X = 0 */
    if (pol && pol->choose) {
        Choice ch = { k->x ? CH_PAY_X : CH_PAY, c->it->card, k->x ? max_x + 2 : 2, NULL, NULL, k->generic,
                      NULL, 0, 0, 0, 0 };
        v = pol->choose(pol, c->s, c->g, p, c->g->policy_rng[p], &ch);
        if (v < 0 || v >= ch.n) v = 0;
    }
    if (v == (k->x ? max_x + 1 : 1)) return 0;           /* declined: the last option */
    int x = k->x ? v : 0;
    c->it->x = (uint8_t)x;
    mana_pay_cost(c->s, c->g, p, k->color, k->generic + x * k->x, -1);
    return 1;
}

/* m! (m at most 5 here). */
static int factorial(int m)
{
    int f = 1;
    for (int j = 2; j <= m; j++) f *= j;
    return f;
}

/* Player p discards the card at hand index h (701.8): its events and triggers. */
static void discard_at(Ctx *c, int p, int h)
{
    GameState *s = c->s;
    Player *pl = &s->pl[p];
    uint8_t obj = pl->hand[h];
    memmove(&pl->hand[h], &pl->hand[h + 1], (size_t)(pl->hand_n - h - 1));
    pl->hand_n--;
    card_to_graveyard(s, c->g, p, obj);
    game_event(c->g, s, EV_DISCARD, p, 0, 0, OBJ_CARD(s, p, obj), 0, 0);
    trigger_event(s, TR_DISCARD, NO_SLOT, 0, p, p, 0);
}

/* Player p discards n cards (701.8): each its choice (random 0), at random
 * (1), or (2) the whole hand, which leaves nothing to choose. */
static void discard(Ctx *c, int p, int n, int random)
{
    Player *pl = &c->s->pl[p];
    for (; n > 0 && pl->hand_n; n--) {
        int h;
        if (random == 2) {
            h = pl->hand_n - 1;
        } else if (random) {
            h = (int)rng_below(c->g->deck_rng[p], (uint32_t)pl->hand_n);
        } else {
            uint8_t idx[HAND_MAX];
            for (int k = 0; k < pl->hand_n; k++) idx[k] = (uint8_t)k;
            h = ask(c, p, CH_DISCARD, pl->hand_n, idx);
        }
        discard_at(c, p, h);
    }
}

/* Player p puts n cards of its hand matching f onto the battlefield, one
 * at a time, each its choice (CH_PUT; with `may`, none is a choice too):
 * Elvish Piper, Skyshroud Ranger, Hunted Wumpus. A land so put is not
 * played (305.4): no land drop is used. */
static void put_from_hand(Ctx *c, int p, int n, const Filter *f, int may)
{
    GameState *s = c->s;
    Player *pl = &s->pl[p];
    for (; n > 0 && !s->over; n--) {
        uint8_t idx[HAND_MAX + 1];
        int m = 0;
        for (int h = 0; h < pl->hand_n; h++)
            if (filter_card(&s->cards[OBJ_CARD(s, p, pl->hand[h])], f, NULL)) idx[m++] = (uint8_t)h;
        if (!m) return;
        if (may) idx[m++] = PUT_NOTHING;
        int h = idx[ask(c, p, CH_PUT, m, idx)];
        if (h == PUT_NOTHING) return;
        uint16_t card = OBJ_CARD(s, p, pl->hand[h]);
        uint8_t obj = hand_take(pl, h);
        int i = s->cards[card].types & TYPE_LAND ? land_enter(s, c->g, p, obj, 0) : perm_enter(s, c->g, p, p, card, obj);
        if (i < 0) { card_to_zone(s, p, obj, ZONE_GRAVEYARD); game_fail(s, c->g, ERR_CAPACITY); return; }
    }
}

/* "Target player reveals their hand. You choose a card matching f from
 * it. That player discards that card." (701.8a): the ability's controller
 * chooses, among the cards f allows (none: nothing is discarded). */
static void discard_chosen(Ctx *c, int p, int n, const Filter *f)
{
    GameState *s = c->s;
    Player *pl = &s->pl[p];
    int chooser = c->it->controller;
    for (; n > 0; n--) {
        uint8_t idx[HAND_MAX];
        int m = 0;
        for (int k = 0; k < pl->hand_n; k++)
            if (filter_card(&s->cards[OBJ_CARD(s, p, pl->hand[k])], f, NULL)) idx[m++] = (uint8_t)k;
        if (!m) return;
        int pick = 0;
        const Policy *pol = c->g->policy[chooser];
        if (m > 1 && pol && pol->choose) {
            Choice ch = { CH_HAND_PICK, c->it->card, m, NULL, idx, p, NULL, 0, 0, 0, 0 };
            pick = pol->choose(pol, s, c->g, chooser, c->g->policy_rng[chooser], &ch);
            if (pick < 0 || pick >= m) pick = 0;
        }
        discard_at(c, p, idx[pick]);
    }
}

/* The top n cards of p's library into its graveyard, at once (701.13): a
 * card that says so is shuffled into the library instead (614.1a, Legacy
 * Weapon), once all n have left it (the others are the top cards as the
 * mill began, not the shuffled library's). */
static void mill(GameState *s, const Game *g, int p, int n)
{
    Player *pl = &s->pl[p];
    uint8_t back[DECK_MAX];
    int m = 0;
    for (; n > 0 && pl->lib_n; n--) {
        uint8_t obj = pl->lib[pl->lib_top++];
        pl->lib_n--;
        if (g && card_shuffles_instead(&s->cards[OBJ_CARD(s, p, obj)])) back[m++] = obj;
        else card_to_zone(s, p, obj, ZONE_GRAVEYARD);
    }
    for (int k = 0; k < m; k++) card_to_zone(s, p, back[k], ZONE_LIBRARY);
    if (m) library_shuffle(s, g, p);                  /* 701.19 */
}

/* Counters the spell or ability at stack index k (701.5): a spell's card
 * goes to its owner's graveyard. */
/* Whether a permanent's static ability says spell t can't be countered
 * ("Creature spells can't be countered.": Gaea's Herald). */
static int uncounterable_by_permanent(const GameState *s, const StackItem *t)
{
    for (PermIter it = permset_iter(s->perm_used); permiter_more(&it);) {
        int i = permiter_next(&it);
        if (!(s->px[i].abk & PK_STATIC)) continue;
        const CardDef *d = &s->cards[s->perm[i].card];
        for (int k = 0; k < d->n_abilities; k++) {
            const Ability *a = &d->ab[k];
            if (a->kind != AB_STATIC) continue;
            for (int j = 0; j < a->n_effects; j++) {
                const Effect *e = &a->effect[j];
                if (e->op == OP_RULE && e->arg2 == RULE_UNCOUNTERABLE && e->who == SEL_ALL && filter_spell(s, &e->sel, t))
                    return 1;
            }
        }
    }
    return 0;
}

static void counter_item(GameState *s, const Game *g, int k, uint16_t by)
{
    StackItem t = s->stack[k];
    const CardDef *d = &s->cards[t.card];
    if (uncounterable_by_permanent(s, &t)) return;                              /* 101.2 */
    if (t.kind == SI_SPELL)
        for (int j = 0; j < d->n_abilities; j++) {
            const Ability *a = &d->ab[j];
            if (a->kind == AB_STATIC && a->n_effects && a->effect[0].op == OP_RULE &&
                a->effect[0].arg2 == RULE_UNCOUNTERABLE)
                return;                                                          /* can't be countered */
        }
    memmove(&s->stack[k], &s->stack[k + 1], (size_t)(s->stack_n - k - 1) * sizeof *s->stack);
    s->stack_n--;
    if (t.kind == SI_SPELL) card_to_graveyard(s, g, t.owner, t.obj);
    game_event(g, s, EV_COUNTER, t.controller, t.source, t.kind, t.card, by, 0);
}

/* 701.15: player p searches their library for up to n cards matching f
 * (exactly n, or as many as there are, when f states no quality: 701.15c),
 * each chosen by p, for `zone` (hand or battlefield, tapped). */
static void search(Ctx *c, int p, int n, const Filter *f, int zone, int tapped)
{
    GameState *s = c->s;
    int quality = f->types || f->types_not || f->types_all || f->colors || f->colors_not || f->supers || (f->state & FS_NAMED) ||
                  f->subtype[0] || f->subtype_not || f->mv_max != FILTER_NO_LIMIT;
    for (; n > 0; n--) {
        Player *pl = &s->pl[p];
        uint8_t pos[DECK_MAX + 1];
        int m = 0;
        for (int k = 0; k < pl->lib_n; k++)
            if (filter_card(&s->cards[OBJ_CARD(s, p, pl->lib[pl->lib_top + k])], f, &s->cards[c->it->card]))
                pos[m++] = (uint8_t)k;
        if (!m) return;
        int opts = m;
        if (quality) pos[opts++] = SEARCH_NOTHING;      /* 701.15b */
        int pick = ask(c, p, CH_SEARCH, opts, pos);
        if (pos[pick] == SEARCH_NOTHING) return;
        uint8_t obj = library_take(s, p, pos[pick]);
        if (zone == ZONE_BATTLEFIELD) {
            const CardDef *d = &s->cards[OBJ_CARD(s, p, obj)];
            int i = d->types & TYPE_LAND ? land_enter(s, c->g, p, obj, tapped) : perm_enter(s, c->g, p, p, OBJ_CARD(s, p, obj), obj);
            if (i < 0) { card_to_zone(s, p, obj, ZONE_GRAVEYARD); game_fail(s, c->g, ERR_CAPACITY); return; }
            if (tapped && i != NO_SLOT && !(d->types & TYPE_LAND)) s->perm[i].flags |= PF_TAPPED;
        } else if (zone == ZONE_LIBRARY) {           /* "then shuffle and put that card on top" */
            library_shuffle(s, c->g, p);
            library_put(s, p, obj, 0);
        } else {
            card_to_zone(s, p, obj, ZONE_HAND);
        }
    }
}

/* Sphinx of Uthuun: player p reveals the top n cards of its library (they
 * stay there while the piles are made: nothing else happens meanwhile), the
 * opponent separates them into two piles (CH_SEPARATE; a pile may be empty),
 * p chooses one (CH_PILE): that pile into its hand, the other into its
 * graveyard. Revealed cards are public: both choices may read them. */
static void piles(Ctx *c, int p, int n)
{
    GameState *s = c->s;
    Player *pl = &s->pl[p];
    int m = n < pl->lib_n ? n : pl->lib_n;
    if (m < 1) return;
    uint8_t obj[8];
    for (int j = 0; j < m; j++) obj[j] = pl->lib[pl->lib_top + j];
    const Game *g = c->g;
    int sep = 0, pick = 0, opp = 1 - p;
    const Policy *po = g->policy[opp], *pp = g->policy[p];
    if (m > 1 && po && po->choose) {
        Choice ch = { CH_SEPARATE, c->it->card, 1 << (m - 1), NULL, obj, p, NULL, 0, (uint8_t)m, 0, 0 };
        sep = po->choose(po, s, g, opp, g->policy_rng[opp], &ch);
        if (sep < 0 || sep >= 1 << (m - 1)) sep = 0;
    }
    if (pp && pp->choose) {
        Choice ch = { CH_PILE, c->it->card, 2, NULL, obj, p, NULL, (uint8_t)sep, (uint8_t)m, 0, 0 };
        pick = pp->choose(pp, s, g, p, g->policy_rng[p], &ch);
        if (pick < 0 || pick > 1) pick = 0;
    }
    for (int j = 0; j < m; j++) {
        int second = (sep >> j) & 1;                         /* card m - 1: always the first pile */
        card_to_zone(s, p, library_take(s, p, 0), second == pick ? ZONE_HAND : ZONE_GRAVEYARD);
    }
}

/* Agonizing Memories: the ability's controller chooses n cards of player
 * p's hand, one at a time (CH_HAND_PICK: it looks at the hand), and puts
 * them on top of p's library in an order of its choice (CH_ORDER, as
 * library_reorder numbers them: 0, the first chosen on top). Not a
 * discard: no card goes to a graveyard. */
static void hand_to_top(Ctx *c, int p, int n)
{
    GameState *s = c->s;
    Player *pl = &s->pl[p];
    int chooser = c->it->controller, m = 0;
    uint8_t got[8];
    for (; m < n && m < 8 && pl->hand_n; m++) {
        uint8_t idx[HAND_MAX];
        for (int k = 0; k < pl->hand_n; k++) idx[k] = (uint8_t)k;
        int pick = 0;
        const Policy *pol = c->g->policy[chooser];
        if (pl->hand_n > 1 && pol && pol->choose) {
            Choice ch = { CH_HAND_PICK, c->it->card, pl->hand_n, NULL, idx, p, NULL, 0, 0, 0, 0 };
            pick = pol->choose(pol, s, c->g, chooser, c->g->policy_rng[chooser], &ch);
            if (pick < 0 || pick >= pl->hand_n) pick = 0;
        }
        got[m] = hand_take(pl, pick);
    }
    for (int j = m - 1; j >= 0; j--) library_put(s, p, got[j], 0);   /* the first chosen on top */
    if (m >= 2) {
        int o = ask(c, chooser, CH_ORDER, factorial(m), NULL);
        if (o) library_reorder(s, p, m, o);
    }
}

/* Commune with Nature: player p looks at the top n cards, may take one
 * matching f into the hand (a choice among them, or none), and puts the
 * rest on the bottom in an order of their choice. */
static void dig(Ctx *c, int p, int n, const Filter *f)
{
    GameState *s = c->s;
    Player *pl = &s->pl[p];
    int m = n < pl->lib_n ? n : pl->lib_n;
    if (m < 1) return;
    uint8_t pos[8];
    int k = 0;
    for (int j = 0; j < m && k < 7; j++)
        if (filter_card(&s->cards[OBJ_CARD(s, p, pl->lib[pl->lib_top + j])], f, &s->cards[c->it->card])) pos[k++] = (uint8_t)j;
    pos[k++] = SEARCH_NOTHING;                               /* "you may" */
    int pick = ask(c, p, CH_SEARCH, k, pos);
    if (pos[pick] != SEARCH_NOTHING) {
        card_to_zone(s, p, library_take(s, p, pos[pick]), ZONE_HAND);
        m--;
    }
    if (m >= 2) {
        int o = ask(c, p, CH_ORDER, factorial(m), NULL);
        if (o) library_reorder(s, p, m, o);
    }
    for (int j = 0; j < m; j++) library_put(s, p, library_take(s, p, 0), 1);
}

/* An effect on a targeted card in a graveyard (to a hand, the battlefield,
 * exile, a library), or on the card in a graveyard whose ability it is
 * (`self`: "Return ~ from your graveyard to ..."; nothing once it left). */
static void run_on_card(Ctx *c, const Effect *e, int self)
{
    GameState *s = c->s;
    Target t = self ? c->it->t[ITEM_TARGETS - 1] : c->it->t[e->arg];
    int legal = self ? t.ts == CARD_TARGET_HERE && bits256_has(s->pl[t.owner].gy, t.v) : c->legal[e->arg];
    if (!legal || t.kind != TK_CARD) return;
    gy_leave(s, t.owner, t.v);
    switch (e->op) {
    case OP_BOUNCE: card_to_zone(s, t.owner, t.v, ZONE_HAND); break;
    case OP_EXILE: card_to_zone(s, t.owner, t.v, ZONE_EXILE); break;
    case OP_TO_LIBRARY: card_to_zone(s, t.owner, t.v, e->flags & EF_BOTTOM ? ZONE_LIBRARY_BOTTOM : ZONE_LIBRARY); break;
    case OP_REANIMATE: {
        int ctl = e->arg2 == 0 ? c->it->controller : t.owner;
        uint16_t card = OBJ_CARD(s, t.owner, t.v);
        int i = s->cards[card].types & TYPE_LAND && ctl == t.owner ? land_enter(s, c->g, ctl, t.v, (e->flags & EF_TAPPED) != 0)
                                                                   : perm_enter(s, c->g, ctl, t.owner, card, t.v);
        if (i < 0) { card_to_zone(s, t.owner, t.v, ZONE_GRAVEYARD); game_fail(s, c->g, ERR_CAPACITY); return; }
        if ((e->flags & EF_TAPPED) && i != NO_SLOT) s->perm[i].flags |= PF_TAPPED;
        break;
    }
    default: break;
    }
}

static void sacrifice_lands(Ctx *c, unsigned players, int n);

/* "Return the exiled card to the battlefield under its owner's control"
 * (607.2a: the card this source's linked ability exiled, kept in the
 * trigger): if it is still in exile (400.7), it enters under its owner's
 * control. An Aura enchants what its owner chooses among what it could
 * enchant, or stays in exile if there is nothing (303.4f-g); an Equipment
 * enters unattached. */
static void return_linked(Ctx *c)
{
    GameState *s = c->s;
    int owner = c->it->ev_player, obj = c->it->ev_amount;
    if (obj < 0 || owner > 1 || obj >= s->pl[owner].deck_n || !bits256_has(s->exile[owner], obj)) return;
    uint16_t card = OBJ_CARD(s, owner, obj);
    const CardDef *d = &s->cards[card];
    const Ability *enchant = NULL;
    for (int k = 0; k < d->n_abilities; k++) if (d->ab[k].kind == AB_ENCHANT) enchant = &d->ab[k];
    uint8_t opt[PERM_MAX];
    int m = 0;
    if (enchant) {
        Quality q = quality_of_card(d);
        for (PermIter it = permset_iter(s->perm_used); permiter_more(&it);) {
            int j = permiter_next(&it);
            if (filter_perm(s, &enchant->trig_filter, j, owner, -1) && !layers_protected(s, j, &q)) opt[m++] = (uint8_t)j;
        }
        if (!m) return;                                                          /* 303.4g */
    }
    bits256_clear(s->exile[owner], obj);
    if (d->types & TYPE_LAND) {                      /* not a nonland permanent's card: as any land */
        land_enter(s, c->g, owner, (uint8_t)obj, 0);
        return;
    }
    int i = perm_enter_with(s, c->g, owner, owner, card, (uint8_t)obj, 0);
    if (i < 0) { card_to_zone(s, owner, (uint8_t)obj, ZONE_GRAVEYARD); game_fail(s, c->g, ERR_CAPACITY); return; }
    if (enchant) {                                   /* attached as it enters (303.4f), by its owner's choice */
        int k = 0;
        const Policy *pol = c->g->policy[owner];
        if (m > 1 && pol && pol->choose) {           /* Choice.arg: the Aura's card */
            Choice ch = { CH_ATTACH, c->it->card, m, NULL, opt, card, NULL, 0, 0, 0, 0 };
            k = pol->choose(pol, s, c->g, owner, c->g->policy_rng[owner], &ch);
            if (k < 0 || k >= m) k = 0;
        }
        s->px[i].attached = opt[k];
        s->sba_pending = 1;
    }
    s->layers_dirty = 1;
    layers_refresh(s);                               /* what enters is seen as it is (603.6a) */
    trigger_event(s, TR_OTHER_ETB, i, card, owner, owner, 0);
}

/* "Put all creature cards from all graveyards onto the battlefield under
 * your control" (arg2 0; 1: under their owners' control): every card
 * matching e->sel in the graveyards its filter names enters at once, and
 * the abilities that trigger on another's entering see them all (603.6a). */
static void reanimate_all(Ctx *c, const Effect *e)
{
    GameState *s = c->s;
    int you = c->it->controller, ctl = e->sel.ctl;
    uint8_t slot[PERM_MAX], who[PERM_MAX];
    int n = 0;
    for (int p = 0; p < 2; p++) {
        if ((ctl == CTL_YOU && p != you) || ((ctl == CTL_OPP || ctl == CTL_NOT_YOU) && p == you)) continue;
        uint64_t gy[4];
        memcpy(gy, s->pl[p].gy, sizeof gy);              /* the set is fixed as the effect begins */
        for (int w = 0; w < 4; w++)
            for (uint64_t bits = gy[w]; bits; bits &= bits - 1) {
                int obj = w * 64 + __builtin_ctzll(bits);
                uint16_t card = OBJ_CARD(s, p, obj);
                if (!filter_card(&s->cards[card], &e->sel, NULL)) continue;
                int to = e->arg2 ? p : you;
                gy_leave(s, p, (uint8_t)obj);
                int i = perm_enter_with(s, c->g, to, p, card, (uint8_t)obj, 0);
                if (i < 0) { card_to_zone(s, p, (uint8_t)obj, ZONE_GRAVEYARD); game_fail(s, c->g, ERR_CAPACITY); return; }
                slot[n] = (uint8_t)i;
                who[n++] = (uint8_t)to;
            }
    }
    if (s->layers_dirty) layers_refresh(s);
    for (int k = 0; k < n; k++) trigger_event(s, TR_OTHER_ETB, slot[k], s->perm[slot[k]].card, who[k], who[k], 0);
}

/* Damage divided among several targets: as announced (601.2d), or evenly
 * among those still legal, rounded down (Fireball). An illegal target is
 * dealt none, and the others still get their shares (608.2b). Each is
 * dealt in turn, as the engine deals damage to several. Returns the
 * damage dealt. */
static int divided_damage(Ctx *c, const DamageSource *src, int total)
{
    const StackItem *it = c->it;
    int legal = 0, dealt = 0;
    for (int j = 0; j < it->n_targets; j++) legal += c->legal[j];
    for (int j = 0; j < it->n_targets; j++) {
        if (!c->legal[j]) continue;
        int n = c->a->target[0].divided == DIV_EVENLY ? total / legal : it->t[j].amount;
        if (it->t[j].kind == TK_PERM) dealt += damage_deal(c->s, c->g, src, it->t[j].v, 0, n);
        else dealt += damage_deal(c->s, c->g, src, -1, it->t[j].v, n);
    }
    return dealt;
}

static void run(Ctx *c, const Effect *e)
{
    GameState *s = c->s;
    if (e->who == SEL_TARGET && c->it->t[e->arg].kind == TK_CARD) { run_on_card(c, e, 0); return; }
    if (e->who == SEL_SELF && (c->a->kind == AB_ACTIVATED || c->a->kind == AB_TRIGGERED) && c->a->zone == ZONE_GRAVEYARD) {
        run_on_card(c, e, 1);                                /* its card in a graveyard (113.6) */
        return;
    }
    if (e->op == OP_REANIMATE && e->who == SEL_ALL && e->sel.zone == ZONE_GRAVEYARD) { reanimate_all(c, e); return; }
    if (e->who == SEL_LINKED) { if (e->op == OP_REANIMATE) return_linked(c); return; }
    /* "When enchanted creature dies, return ~ to its owner's hand": the Aura's card in its
     * owner's graveyard (stack.c's trigger_attached_dies, triggers_put; zone.c's gy_leave) */
    if (e->op == OP_BOUNCE && e->who == SEL_SELF && c->src < 0 && c->a->kind == AB_TRIGGERED &&
        c->a->trigger == TR_ATTACHED_DIES) {
        int v = c->it->ev_amount, owner = (v >> 8) & 1, obj = v & 0xFF;
        if (v >= 0 && bits256_has(s->pl[owner].gy, obj)) {
            gy_leave(s, owner, (uint8_t)obj);
            card_to_zone(s, owner, (uint8_t)obj, ZONE_HAND);
        }
        return;
    }
    int n = amount(c, e);
    PermSet perms = sel_perms(c, e);
    unsigned players = sel_players(c, e);
    c->prev = perms;
    switch (e->op) {
    case OP_DAMAGE: {
        DamageSource src = e->arg2 == DMG_BY_EVENT ? event_source(c) : source_of(c);
        src.no_prevent = (e->flags & EF_NO_PREVENT) != 0;
        if (c->many && e->who == SEL_TARGET && c->a->target[0].divided) {
            c->dealt = divided_damage(c, &src, n);
            if (src.slot != NO_SLOT) trigger_attached_damage(s, src.slot, c->dealt);
            break;
        }
        c->dealt = 0;
        for (PermIter it = permset_iter(perms); permiter_more(&it);) {
            int i = permiter_next(&it), d = damage_deal(s, c->g, &src, i, 0, n);
            c->dealt += d;
            /* "A creature dealt damage this way can't be regenerated this
             * turn" (Incinerate): only if damage was dealt (not prevented). */
            if (d > 0 && (e->flags & EF_DAMAGED_NO_REGEN) && perm_is_creature(s, i)) s->px[i].xflags |= PX_NO_REGEN;
        }
        for (int p = 0; p < 2; p++)                           /* "equal to the cards in that player's hand" */
            if (players >> p & 1)
                c->dealt += damage_deal(s, c->g, &src, -1, p, e->n.kind == QTY_HAND_SIZE ? e->n.n * s->pl[p].hand_n : n);
        if (src.slot != NO_SLOT) trigger_attached_damage(s, src.slot, c->dealt);   /* the effect's damage: one event */
        break;
    }
    case OP_PUMP: case OP_GRANT: case OP_RULE: case OP_LOSE_KW: case OP_SET_COLOR: case OP_SET_PT: {
        /* 611.2b: "for as long as you control ~" with the source gone does nothing (a source
         * under another's control: layers.c ends it at once) */
        int held = e->op == OP_GRANT && e->dur == DUR_SOURCE_CONTROLLED;
        if (held && c->src < 0) break;
        /* "protection from the color of your choice": one color, chosen as it resolves */
        uint8_t chosen = (uint8_t)(e->op == OP_RULE && (e->flags & EF_CHOOSER) && perms
                                   ? 1u << ask(c, c->it->controller, CH_COLOR, 5, NULL) : 0u);
        if (e->op == OP_RULE && e->arg2 == RULE_CANT_CAST)                  /* "can't cast spells this turn" */
            for (int p = 0; p < 2; p++) if (players >> p & 1) s->pl[p].flags |= PL_NO_CAST;
        for (PermIter it = permset_iter(perms); permiter_more(&it);) {
            int i = permiter_next(&it);
            Floating f;
            memset(&f, 0, sizeof f);
            f.op = e->op;
            f.dur = held ? DUR_SOURCE_CONTROLLED : DUR_EOT;
            f.slot = (uint8_t)i;
            f.controller = c->it->controller;
            if (held) f.source = (uint8_t)c->src;
            f.p = (int16_t)(e->p * n);
            f.t = (int16_t)(e->t * n);
            f.kw = e->kw;
            f.rule = e->op == OP_RULE ? e->arg2 : 0;
            if (e->op == OP_SET_COLOR) f.kw = e->arg2;          /* the colors it becomes */
            else if (chosen) f.kw = chosen;                      /* protection from the chosen color */
            if (e->op == OP_SET_PT) { f.p = e->p; f.t = e->t; }      /* base values, not times n */
            f.perm_ts = s->px[i].ts;
            f.ts = state_ts(s);
            if (floating_add(s, &f) < 0) { game_fail(s, c->g, ERR_CAPACITY); return; }
        }
        break;
    }
    case OP_BECOME:                                          /* played.c's durations, layers.c */
        if (e->dur == DUR_SOURCE_PRESENT && c->src < 0) break;   /* its source has left: over already (611.2b) */
        for (PermIter it = permset_iter(perms); permiter_more(&it);) {
            int i = permiter_next(&it);
            Floating f;
            memset(&f, 0, sizeof f);
            f.op = OP_BECOME;
            f.dur = e->dur;
            f.slot = (uint8_t)i;
            f.controller = e->dur == DUR_SOURCE_PRESENT ? (uint8_t)c->src : c->it->controller;
            f.p = e->token.power;
            f.t = e->token.toughness;
            f.kw = e->token.kw;
            f.rule = e->token.colors;
            f.sub = e->token.subtype;
            f.perm_ts = s->px[i].ts;
            f.ts = state_ts(s);
            if (floating_add(s, &f) < 0) { game_fail(s, c->g, ERR_CAPACITY); return; }
        }
        break;
    case OP_CONTROL: case OP_GIVE_CONTROL: {                 /* a control-changing effect: layer 2 (613.1b) */
        int to = c->it->controller;
        if (e->op == OP_GIVE_CONTROL) {                      /* "target opponent gains control of ~" */
            Target t = c->it->t[e->arg2];
            if (!c->legal[e->arg2] || t.kind != TK_PLAYER) break;
            to = t.v;
        }
        /* 611.2b: "for as long as you control ~" with the source gone does
         * nothing (a source under another's control: layers.c ends it at once). */
        if (e->dur == DUR_SOURCE_CONTROLLED && c->src < 0) break;
        for (PermIter it = permset_iter(perms); permiter_more(&it);) {
            int i = permiter_next(&it);
            if (e->dur == DUR_TARGET_ENCHANTED && !perm_enchanted(s, i)) continue;   /* 611.2b */
            Floating f;
            memset(&f, 0, sizeof f);
            f.op = OP_CONTROL;
            f.dur = e->dur;
            f.slot = (uint8_t)i;
            f.controller = (uint8_t)to;
            f.source = e->dur == DUR_SOURCE_CONTROLLED ? (uint8_t)c->src : NO_SLOT;
            f.perm_ts = s->px[i].ts;
            f.ts = state_ts(s);
            if (floating_add(s, &f) < 0) { game_fail(s, c->g, ERR_CAPACITY); return; }
        }
        break;
    }
    case OP_DESTROY: {
        /* Auras and Equipment attached to something leave last: what leaves with them
         * still has them as it leaves ("When enchanted creature dies", 603.10a); so does
         * what watches creatures die (Grave Pact: stack.h's triggers_watch_dies) */
        PermSet late = attached_in(s, perms) | triggers_watch_dies(s, perms);
        for (int pass = 0; pass < 2; pass++)
            for (PermIter it = permset_iter(pass ? late : perms & ~late); permiter_more(&it);) {
                int i = permiter_next(&it);
                if (permset_has(s->perm_used, i)) destroy(c, i, (e->flags & EF_NO_REGEN) != 0);
            }
        break;
    }
    case OP_EXILE: case OP_BOUNCE: {
        if (e->op == OP_EXILE && e->who == SEL_SELF && c->it->kind == SI_SPELL) {
            /* "Exile Time Reversal.": the spell exiles itself as it resolves, and is then
             * not put into its owner's graveyard (608.2k: only a spell still on the stack) */
            card_to_zone(s, c->it->owner, c->it->obj, ZONE_EXILE);
            c->it->obj = OBJ_NONE;
            break;
        }
        PermSet late = attached_in(s, perms);               /* likewise */
        for (int pass = 0; pass < 2; pass++)
        for (PermIter it = permset_iter(pass ? late : perms & ~late); permiter_more(&it);) {
            int i = permiter_next(&it), owner = s->px[i].owner, obj = s->perm[i].obj;
            if (!permset_has(s->perm_used, i)) continue;
            perm_leave(s, c->g, i, e->op == OP_EXILE ? ZONE_EXILE : ZONE_HAND);
            /* 607.2a: the card, for the source's linked ability, while the source stays (a token
             * ceases to exist, 110.5f: nothing to return; a source that has left links nothing) */
            if (e->op == OP_EXILE && e->arg2 == EXILE_LINKED && c->src >= 0 && obj != OBJ_NONE) {
                Floating f;
                memset(&f, 0, sizeof f);
                f.op = FL_LINKED;
                f.dur = DUR_FOREVER;
                f.slot = (uint8_t)c->src;
                f.controller = (uint8_t)owner;
                f.p = (int16_t)obj;
                f.perm_ts = s->px[c->src].ts;
                f.ts = state_ts(s);
                if (floating_add(s, &f) < 0) s->error = ERR_CAPACITY;   /* the game ends at the next priority */
            }
        }
        for (int p = 0; e->op == OP_BOUNCE && p < 2; p++) {  /* a player returns one of theirs, APNAP */
            int pp = p == 0 ? s->active : 1 - s->active;
            if (!(players >> pp & 1)) continue;
            uint8_t opt[PERM_MAX];
            int m = 0;
            for (PermIter it = permset_iter(s->perm_ctl[pp]); permiter_more(&it);) {
                int i = permiter_next(&it);
                if (filter_perm(s, &e->sel, i, pp, c->src)) opt[m++] = (uint8_t)i;
            }
            if (m) perm_leave(s, c->g, opt[ask(c, pp, CH_SACRIFICE, m, opt)], ZONE_HAND);
        }
        break;
    }
    case OP_PAY_MANA: c->done = (uint8_t)pay_optional(c); break;
    case OP_TAP: case OP_UNTAP: {
        /* "tap or untap target creature" (Puppeteer): its controller's choice */
        int tap = e->op == OP_TAP && !(e->arg2 == 1 && perms && ask(c, c->it->controller, CH_MAY, 2, NULL) == 1);
        for (PermIter it = permset_iter(perms); permiter_more(&it);) {
            int i = permiter_next(&it);
            Permanent *q = &s->perm[i];
            if (tap && !(q->flags & PF_TAPPED)) { q->flags |= PF_TAPPED; trigger_tapped(s, i); }
            else if (!tap) q->flags &= (uint8_t)~PF_TAPPED;
        }
        if (perms && sba_state_auras(s)) s->sba_pending = 1;   /* "enchant tapped creature" (704.5m) */
        break;
    }
    case OP_NO_UNTAP:                                        /* a next untap step (Effect.arg2: whose) */
        for (PermIter it = permset_iter(perms); permiter_more(&it);) {
            int i = permiter_next(&it);
            if (!e->arg2) { s->px[i].xflags |= PX_SKIP_UNTAP; continue; }   /* its controller's then */
            /* a named player's next untap step, whoever controls it then: a record that
             * that step ends (turn.c's untap_step) */
            Floating f;
            memset(&f, 0, sizeof f);
            f.op = OP_NO_UNTAP;
            f.dur = DUR_NEXT_UNTAP;
            f.slot = (uint8_t)i;
            f.controller = (uint8_t)(e->arg2 == 1 ? c->it->controller : perm_controller(s, i));
            f.perm_ts = s->px[i].ts;
            f.ts = state_ts(s);
            if (floating_add(s, &f) < 0) { game_fail(s, c->g, ERR_CAPACITY); return; }
        }
        break;
    case OP_PREVENT_COMBAT:                                  /* this turn (615) */
        s->prevent_combat |= PC_COMBAT;
        break;
    case OP_REDIRECT: {                                      /* Kjeldoran Royal Guard: this turn (614.9) */
        if (c->src < 0) break;               /* the source has left: no object to redirect to (614.9) */
        Floating f;
        memset(&f, 0, sizeof f);
        f.op = OP_REDIRECT;
        f.dur = DUR_EOT;
        f.slot = (uint8_t)c->src;
        f.controller = c->it->controller;                    /* "you": the ability's controller */
        f.perm_ts = s->px[c->src].ts;
        f.ts = state_ts(s);
        if (floating_add(s, &f) < 0) { game_fail(s, c->g, ERR_CAPACITY); return; }
        break;
    }
    case OP_PREVENT_NEXT:                                    /* a shield for this turn (615.7) */
        for (PermIter it = permset_iter(perms); permiter_more(&it);) {
            Permanent *q = &s->perm[permiter_next(&it)];
            q->prevent = (uint8_t)(q->prevent + n > 255 ? 255 : q->prevent + n);
        }
        for (int p = 0; p < 2; p++)
            if (players >> p & 1) s->pl[p].prevent = (int16_t)(s->pl[p].prevent + n > 30000 ? 30000 : s->pl[p].prevent + n);
        break;
    case OP_PREVENT_ALL:                                     /* this turn (615): "to you and creatures you control" */
        for (int p = 0; p < 2; p++) if (players >> p & 1) s->prevent_combat |= (uint8_t)PC_PLAYER(p);
        if (e->who == SEL_ALL) s->prevent_combat |= (uint8_t)PC_CREATURES(c->it->controller);   /* played.c: that set only */
        /* Luminesce: "all damage that black sources and red sources would deal this turn", a
         * rule of the game for the turn, not a set fixed as it resolves (611.2c): a source's
         * colors are looked at as it would deal damage (damage.h's damage_color_prevented) */
        if (e->who == SEL_NONE) s->prevent_colors |= (uint8_t)(e->sel.colors & 0x1Fu);
        break;
    case OP_REGENERATE:                                      /* 701.15: a shield for this turn */
        for (PermIter it = permset_iter(perms); permiter_more(&it);) {
            PermX *x = &s->px[permiter_next(&it)];
            if (x->regen < 255) x->regen++;
        }
        break;
    case OP_SACRIFICE:                                       /* 701.14: only by its controller */
        if (e->flags & EF_END_OF_COMBAT) {
            /* "Sacrifice it at end of combat" (603.7): the "attacks" or
             * "blocks" trigger resolves in its combat step and makes the
             * delayed trigger; that one resolves in the end of combat step
             * (played.c: only these triggers carry it), and sacrifices. */
            if (s->step != STEP_END_COMBAT) { trigger_delayed(s, c->it); break; }
        }
        if (e->who != SEL_SELF && filter_may_match_land(&e->sel)) { sacrifice_lands(c, players, n); break; }
        if (e->who == SEL_SELF) {
            if (e->flags & EF_UNLESS_DISCARD) {
                /* "unless you discard a creature card": its controller's choice, a card the
                 * filter allows or none (then the sacrifice) */
                int you = c->it->controller;
                const Player *pl = &s->pl[you];
                uint8_t idx[HAND_MAX + 1];
                int m = 0;
                for (int h = 0; h < pl->hand_n; h++)
                    if (filter_card(&s->cards[OBJ_CARD(s, you, pl->hand[h])], &e->sel, NULL)) idx[m++] = (uint8_t)h;
                if (m) {
                    idx[m++] = DISCARD_NOTHING;
                    int h = idx[ask(c, you, CH_DISCARD_OR, m, idx)];
                    if (h != DISCARD_NOTHING) { discard_at(c, you, h); break; }
                }
            }
            if (c->src >= 0 && perm_controller(s, c->src) == c->it->controller) perm_leave(s, c->g, c->src, ZONE_GRAVEYARD);
            break;
        }
        c->done = 0;                                          /* "If you can't": none sacrificed */
        for (int p = 0; p < 2; p++) {                        /* that player chooses, APNAP (101.4) */
            int pp = p == 0 ? s->active : 1 - s->active;
            if (!(players >> pp & 1)) continue;
            for (int k = 0; k < n; k++) {
                uint8_t opt[PERM_MAX];
                int m = 0;
                for (PermIter it = permset_iter(s->perm_ctl[pp]); permiter_more(&it);) {
                    int i = permiter_next(&it);
                    if (filter_perm(s, &e->sel, i, pp, c->src)) opt[m++] = (uint8_t)i;
                }
                if (!m) break;
                int gone = opt[ask(c, pp, CH_SACRIFICE, m, opt)];
                c->done = 1;
                c->sac_power = (int16_t)perm_power(s, gone);
                perm_leave(s, c->g, gone, ZONE_GRAVEYARD);
            }
        }
        break;
    case OP_COUNTERS:
        for (PermIter it = permset_iter(perms); permiter_more(&it);) {
            int i = permiter_next(&it);
            Permanent *q = &s->perm[i];
            if (e->arg2 == COUNTER_LORE) {                   /* a nonplaneswalker's (played.c): no characteristic */
                int v = q->loyalty + n;
                q->loyalty = (uint8_t)(v > 255 ? 255 : v);
                continue;
            }
            int v = q->plus + n;
            q->plus = (uint8_t)(v > 255 ? 255 : v);
            layers_changed(s, i);
        }
        break;
    case OP_COUNTER: {
        /* the target, or "that spell or ability" of a "becomes the target" trigger (stack.c's
         * targeted_by: the item of that timestamp, if still on the stack) */
        int event = e->who == SEL_EVENT_OBJECT;
        Target t = event ? (Target){ TK_STACK, 0, 0, 0, c->it->ev_ts } : c->it->t[e->arg];
        int k = t.kind == TK_STACK ? stack_find(s, t.ts) : -1;
        if ((event || c->legal[e->arg]) && k >= 0 &&
            !((e->flags & EF_UNLESS_PAY) && paid_instead(c, s->stack[k].controller, n)))
            counter_item(s, c->g, k, c->it->card);
        break;
    }
    case OP_GAIN_LIFE: case OP_LOSE_LIFE:
        if (e->op == OP_LOSE_LIFE) c->life_lost = 0;
        for (int p = 0; p < 2; p++) {
            int m = n;
            if (e->n.kind == QTY_COUNT_PLAYER) m = e->n.n * effect_count(s, &e->count, p, c->src);   /* their own */
            else if (e->n.kind == QTY_LIFE_TOTAL) m = e->n.n * s->pl[p].life;
            /* doubling a negative life total: that much life is lost */
            if (!(players >> p & 1) || m == 0 || (m < 0 && e->n.kind != QTY_LIFE_TOTAL)) continue;
            if (e->op == OP_GAIN_LIFE && m > 0 && (s->pl_rules[p] & PR_NO_GAIN)) continue;   /* "can't gain life" */
            int d = e->op == OP_GAIN_LIFE ? m : -m, v = s->pl[p].life + d;
            if (e->op == OP_LOSE_LIFE) c->life_lost += m;           /* 119.3: the life each loses */
            s->pl[p].life = (int16_t)(v > 30000 ? 30000 : v < -30000 ? -30000 : v);
            game_event(c->g, s, EV_LIFE, p, 0, 0, c->it->card, d, 0);
            if (d > 0) trigger_event(s, TR_GAIN_LIFE, NO_SLOT, 0, p, p, d);   /* life: looked at always */
        }
        break;
    case OP_DRAW:
        for (int p = 0; p < 2; p++) if (players >> p & 1) for (int k = 0; k < n && !s->over; k++) game_draw(s, c->g, p);
        break;
    case OP_ADD_MANA: {                                      /* a spell's mana, one color (played.c): 106.4 */
        int col = __builtin_ctz(e->arg2);
        for (int p = 0; p < 2; p++) {
            if (!(players >> p & 1) || n <= 0) continue;
            int v = s->pl[p].mana[col] + n;
            s->pl[p].mana[col] = (uint8_t)(v > 255 ? 255 : v);
        }
        break;
    }
    case OP_DISCARD:
        c->discarded = 0;
        for (int p = 0; p < 2; p++) {
            if (!(players >> p & 1)) continue;
            int was = s->pl[p].hand_n;
            if (e->flags & EF_CHOOSER) discard_chosen(c, p, n, &e->sel);
            else if (e->n.kind == QTY_HAND_SIZE && !e->arg2) discard(c, p, was, 2);   /* the whole hand: no choice */
            /* "chooses a card in their hand and discards the rest" (Monomania): the
             * cards the player keeps are its choice, as are those it discards */
            else if (e->n.kind == QTY_HAND_SIZE) discard(c, p, was - e->arg2, 0);
            else discard(c, p, n, (e->flags & EF_RANDOM) != 0);
            if (was - s->pl[p].hand_n > c->discarded) c->discarded = was - s->pl[p].hand_n;
        }
        break;
    case OP_MILL:                                            /* an amount of its player's own cards, each */
        for (int p = 0; p < 2; p++) {
            if (!(players >> p & 1)) continue;
            int m = e->n.kind == QTY_HALF_LIBRARY ? e->n.n * (s->pl[p].lib_n / 2)
                  : e->n.kind == QTY_HAND_SIZE ? e->n.n * s->pl[p].hand_n : n;
            mill(s, c->g, p, m);
        }
        break;
    case OP_TOKEN:                                           /* 111.2: under that player's control */
        for (int p = 0; p < 2; p++)
            for (int k = 0; (players >> p & 1) && k < n && !s->over; k++)
                if (perm_enter(s, c->g, p, p, e->token.card, OBJ_NONE) < 0) { game_fail(s, c->g, ERR_CAPACITY); return; }
        break;
    case OP_REANIMATE:                                       /* from hands (played.c), APNAP (101.4) */
        for (int k = 0; k < 2; k++) {
            int p = k == 0 ? s->active : 1 - s->active;
            if (players >> p & 1) put_from_hand(c, p, n, &e->sel, (e->flags & EF_OPTIONAL) != 0);
        }
        break;
    case OP_SKIP_COMBAT:                                     /* 614.10: one more combat phase to skip */
        for (int p = 0; p < 2; p++)
            if ((players >> p & 1) && s->combat.skip[p] < 255) s->combat.skip[p]++;
        break;
    case OP_EXTRA_TURN:                                      /* 500.7 */
        for (int p = 0; p < 2; p++)
            for (int k = 0; (players >> p & 1) && k < n; k++) {
                int w = s->extra_n & EXTRA_COUNT;
                if (w >= EXTRA_MAX) { game_fail(s, c->g, ERR_CAPACITY); return; }
                s->extra_who = (uint8_t)((s->extra_who & ~(1u << w)) | (unsigned)p << w);
                s->extra_n = (uint8_t)((s->extra_n & ~EXTRA_COUNT) | (w + 1));
            }
        break;
    case OP_DIG:
        for (int p = 0; p < 2; p++) if (players >> p & 1) dig(c, p, n, &e->sel);
        break;
    case OP_EXILE_TOP:                                       /* Scalpelexis: again while two share a name */
        for (int p = 0; p < 2; p++) {
            if (!(players >> p & 1)) continue;
            for (int again = 1; again && !s->over;) {
                const char *name[8];
                int m = n < s->pl[p].lib_n ? n : s->pl[p].lib_n;
                again = 0;
                for (int j = 0; j < m && j < 8; j++) {
                    uint8_t obj = library_take(s, p, 0);
                    name[j] = s->cards[OBJ_CARD(s, p, obj)].name;
                    card_to_zone(s, p, obj, ZONE_EXILE);
                    for (int i = 0; i < j; i++) again |= e->arg2 && !strcmp(name[i], name[j]);   /* 201.2 */
                }
            }
        }
        break;
    case OP_PILES:
        for (int p = 0; p < 2; p++) if (players >> p & 1) piles(c, p, n);
        break;
    case OP_FLIP_COIN:                                       /* 705: won or lost, at random */
        c->done = 0;
        for (int p = 0; p < 2; p++) if (players >> p & 1) c->done = (uint8_t)rng_below(c->g->deck_rng[p], 2);
        c->lost = !c->done;
        break;
    case OP_TOP_TO_HAND:                                     /* revealed, put into the hand: no draw */
        c->moved_mv = 0;
        for (int p = 0; p < 2; p++) {
            if (!(players >> p & 1) || !s->pl[p].lib_n) continue;
            uint8_t obj = library_take(s, p, 0);
            c->moved_mv = s->cards[OBJ_CARD(s, p, obj)].mana_value;
            card_to_zone(s, p, obj, ZONE_HAND);
        }
        break;
    case OP_SEARCH:
        for (int p = 0; p < 2; p++)
            if (players >> p & 1) {
                Filter f = e->sel;
                if (f.mv_max == FILTER_MV_X) f.mv_max = (int8_t)(c->it->x < FILTER_MV_X ? c->it->x : FILTER_MV_X - 1);
                search(c, p, n, &f, e->arg2, (e->flags & EF_TAPPED) != 0);
            }
        break;
    case OP_SHUFFLE:
        for (int p = 0; p < 2; p++) if (players >> p & 1) library_shuffle(s, c->g, p);
        break;
    case OP_SCRY:                                            /* 701.18: any on the bottom, the rest on top */
        for (int p = 0; p < 2; p++) {
            int m = n < s->pl[p].lib_n ? n : s->pl[p].lib_n;
            if (!(players >> p & 1) || m < 1) continue;
            int k = ask(c, p, CH_SCRY, factorial(m) * (m + 1), NULL);
            int bottom = k % (m + 1);
            if (k / (m + 1)) library_reorder(s, p, m, k / (m + 1));
            for (int j = 0; j < bottom; j++) library_put(s, p, library_take(s, p, m - bottom), 1);
        }
        break;
    case OP_REORDER_TOP:                                     /* look at the top n, any order */
        for (int p = 0; p < 2; p++) {
            int m = n < s->pl[p].lib_n ? n : s->pl[p].lib_n;
            if (!(players >> p & 1) || m < 2) continue;
            int k = ask(c, p, CH_ORDER, factorial(m), NULL);
            if (k) library_reorder(s, p, m, k);
        }
        break;
    case OP_SHUFFLE_GRAVEYARD:                               /* its cards into the library, then a shuffle */
        for (int p = 0; p < 2; p++) {
            if (!(players >> p & 1)) continue;
            Player *pl = &s->pl[p];                          /* arg2: the hand too (Time Reversal) */
            while (e->arg2 && pl->hand_n) card_to_zone(s, p, hand_take(pl, pl->hand_n - 1), ZONE_LIBRARY);
            for (int w = 0; w < 4; w++)
                for (uint64_t b = s->pl[p].gy[w]; b; b &= b - 1) {
                    uint8_t obj = (uint8_t)(w * 64 + __builtin_ctzll(b));
                    gy_leave(s, p, obj);
                    card_to_zone(s, p, obj, ZONE_LIBRARY);
                }
            library_shuffle(s, c->g, p);
        }
        break;
    case OP_TO_LIBRARY:                                      /* on top or at the bottom of its owner's */
        if (e->who == SEL_SELF && (e->flags & EF_SHUFFLE) && c->it->kind != SI_SPELL) {
            /* a permanent shuffling itself into its owner's library (Elixir of Immortality) */
            if (c->src >= 0) {
                int owner = s->px[c->src].owner;
                perm_leave(s, c->g, c->src, ZONE_LIBRARY);
                library_shuffle(s, c->g, owner);
            }
            break;
        }
        if (e->who == SEL_SELF && (e->flags & EF_SHUFFLE)) {
            /* a spell shuffling itself into its owner's library as it resolves: it is
             * then not put into the graveyard (608.2k); the item's card is gone */
            if (c->it->kind == SI_SPELL && c->it->obj != OBJ_NONE) {
                card_to_zone(s, c->it->owner, c->it->obj, ZONE_LIBRARY);
                c->it->obj = OBJ_NONE;
                library_shuffle(s, c->g, c->it->owner);
            }
            break;
        }
        if (e->flags & EF_CHOOSER) {                         /* cards of a player's hand (played.c) */
            for (int p = 0; p < 2; p++) if (players >> p & 1) hand_to_top(c, p, n);
            break;
        }
        for (PermIter it = permset_iter(perms); permiter_more(&it);)
            perm_leave(s, c->g, permiter_next(&it), e->flags & EF_BOTTOM ? ZONE_LIBRARY_BOTTOM : ZONE_LIBRARY);
        break;
    default:
        break;
    }
}

/* Player p sacrifices one of its basic lands making color col, tapped or
 * not: the first such card object (those of one color are one card in
 * the counts, state.h). */
static void sacrifice_basic(Ctx *c, int p, int col, int tapped)
{
    GameState *s = c->s;
    Player *pl = &s->pl[p];
    for (int w = 0; w < 4; w++)
        for (uint64_t bits = pl->lands[w]; bits; bits &= bits - 1) {
            int obj = w * 64 + __builtin_ctzll(bits);
            if (s->cards[OBJ_CARD(s, p, obj)].produces != col) continue;
            bits256_clear(pl->lands, obj);
            pl->lands_n--;
            pl->land_n[col]--;
            if (tapped) pl->land_tapped[col]--;
            card_to_zone(s, p, (uint8_t)obj, ZONE_GRAVEYARD);
            layers_touch(s, LR_LANDS);           /* statics that count lands */
            s->sba_pending = 1;
            return;
        }
}

/* 701.14: each of `players` sacrifices n lands ("each opponent sacrifices
 * a land", played.c: any land), one at a time in APNAP order (101.4), each
 * its controller's choice among its land permanents and its basic lands by
 * color and tapped state (CH_SAC_LAND): for every rule the engine plays,
 * basic lands of one color and state are interchangeable, so that choice
 * is the whole choice. */
static void sacrifice_lands(Ctx *c, unsigned players, int n)
{
    GameState *s = c->s;
    for (int side = 0; side < 2; side++) {
        int p = side == 0 ? s->active : 1 - s->active;
        if (!(players >> p & 1)) continue;
        for (int k = 0; k < n; k++) {
            uint8_t opt[PERM_MAX + 2 * COLOR_COUNT];
            int m = 0;
            for (PermIter it = permset_iter(s->perm_ctl[p]); permiter_more(&it);) {
                int i = permiter_next(&it);
                if (s->cards[s->perm[i].card].types & TYPE_LAND) opt[m++] = (uint8_t)i;
            }
            const Player *pl = &s->pl[p];
            for (int col = 0; col < COLOR_COUNT; col++) {
                if (pl->land_n[col] > pl->land_tapped[col]) opt[m++] = (uint8_t)SAC_BASIC(col, 0);
                if (pl->land_tapped[col]) opt[m++] = (uint8_t)SAC_BASIC(col, 1);
            }
            if (!m) break;
            int v = opt[ask(c, p, CH_SAC_LAND, m, opt)];
            if (SAC_IS_BASIC((unsigned)v)) sacrifice_basic(c, p, (v >> 1) & 7, v & 1);
            else perm_leave(s, c->g, v, ZONE_GRAVEYARD);
        }
    }
}

/* "You may": the controller's choice (0: yes, the engine's default; 1: no). */
static int may(const Ctx *c)
{
    return ask(c, c->it->controller, CH_MAY, 2, NULL) != 1;
}

int effect_trigger_cond(const GameState *s, const Ability *a, int src, int att)
{
    switch (a->cond) {
    case COND_NO_CREATURES:                     /* "if no creatures are on the battlefield" */
        for (PermIter it = permset_iter(s->perm_used); permiter_more(&it);)
            if (perm_is_creature(s, permiter_next(&it))) return 0;
        return 1;
    case COND_ATTACHED_POWER_AT_LEAST:          /* "if enchanted creature's power is N or greater" */
        if (src >= 0) att = s->px[src].attached;
        return att >= 0 && att != NO_SLOT && perm_power(s, att) >= a->cond_n;
    default:
        return 1;
    }
}

int effect_resolve(GameState *s, Game *g, StackItem *it)
{
    const CardDef *d = &s->cards[it->card];
    if (it->ability >= d->n_abilities) return 1;
    Ctx c = { s, g, it, &d->ab[it->ability], -1, { 0 }, { 0 }, 1, { 0 }, { 0 }, 0, 0, 0, 0, 0, 0, 0, -1, 0 };
    c.many = (uint8_t)many_spec(c.a);
    if (it->source != NO_SLOT && permset_has(s->perm_used, it->source) && s->px[it->source].ts == it->source_ts)
        c.src = it->source;
    /* 603.4: an intervening "if" is checked again as it resolves (the
     * source as it last existed, if it has left). */
    if (c.a->kind == AB_TRIGGERED && c.a->cond == COND_SELF_UNTAPPED &&
        (c.src >= 0 ? (s->perm[c.src].flags & PF_TAPPED) != 0 : it->lki_tapped))
        return 1;
    if (c.a->kind == AB_TRIGGERED && (c.a->cond == COND_NO_CREATURES || c.a->cond == COND_ATTACHED_POWER_AT_LEAST)) {
        int att = it->lki_att != NO_SLOT && permset_has(s->perm_used, it->lki_att) && s->px[it->lki_att].ts == it->lki_att_ts
                  ? it->lki_att : -1;
        if (!effect_trigger_cond(s, c.a, c.src, att)) return 1;
    }
    if (c.a->kind == AB_TRIGGERED && c.a->cond == COND_EVENT_HAND_AT_MOST && s->pl[it->ev_player].hand_n > c.a->cond_n)
        return 1;
    int any = 0;
    for (int k = 0; k < it->n_targets; k++) {
        any |= c.legal[k] = (uint8_t)target_legal(s, it, c.a, c.many ? 0 : k, it->t[k]);
        if (c.legal[k] && it->t[k].kind == TK_PERM) {
            c.ctl[k] = (uint8_t)perm_controller(s, it->t[k].v);
            c.lki_p[k] = (int16_t)perm_power(s, it->t[k].v);
            c.lki_t[k] = (int16_t)perm_toughness(s, it->t[k].v);
        }
    }
    if (it->n_targets && !any) return 0;                                                    /* 608.2b */
    for (int k = 0; k < c.a->n_effects && !s->over; k++) {
        const Effect *e = &c.a->effect[k];
        if ((e->flags & EF_IF_DONE) && !c.done) continue;
        if ((e->flags & EF_IF_LOST) && !c.lost) continue;
        if ((e->flags & EF_IF_NOT_DONE) && c.done) continue;   /* "If you can't, ..." */
        if (e->flags & EF_IF_NOT_DONE) {                    /* all of that sentence: `done` stays as it was */
            if (!(e->flags & EF_OPTIONAL) || may(&c)) run(&c, e);
            c.done = 0;
            continue;
        }
        if (e->flags & (EF_IF_LESS_LIFE | EF_IF_FEWER | EF_IF_GRAVEYARD | EF_UNLESS_GRAVEYARD)) {   /* 608.2c */
            int you = it->controller;
            if ((e->flags & (EF_IF_GRAVEYARD | EF_UNLESS_GRAVEYARD)) && c.gy_big < 0)   /* "a graveyard has N or more" */
                c.gy_big = (int8_t)(s->pl[0].gy_n >= e->cond_n || s->pl[1].gy_n >= e->cond_n);
            int big = c.gy_big > 0;
            int holds = (e->flags & EF_IF_LESS_LIFE) ? s->pl[you].life < s->pl[1 - you].life
                      : (e->flags & EF_IF_GRAVEYARD) ? big
                      : (e->flags & EF_UNLESS_GRAVEYARD) ? !big
                      : effect_count(s, &e->count, you, c.src) < effect_count(s, &e->count, 1 - you, c.src);
            if (!holds) { c.done = 0; continue; }
        }
        /* "Each other player may put ...": the putting player's choice (put_from_hand). */
        int own_may = (e->op == OP_REANIMATE && e->who != SEL_TARGET) || e->op == OP_PAY_MANA;   /* pay_optional */
        c.done = !(e->flags & EF_OPTIONAL) || own_may || may(&c);
        if (c.done) run(&c, e);                              /* a coin flip sets `done`: won */
    }
    return 1;
}
