/* layers.h: a permanent's characteristics in games with rules text (613):
 * its controller (layer 2: control-changing effects, perm_ctl), printed values, then rules and keyword abilities gained (layer 6, static
 * abilities and effects of resolved spells in timestamp order), power and
 * toughness set by characteristic-defining abilities (7a), modified (7c),
 * counters (7d). The results are written into the cached Permanent fields
 * (power, toughness, kw) and PermX (rules, prot, blocks_extra, colors) that
 * combat, the policies and the rules read. A rules ability with a parameter
 * (landwalk's land type, protection's quality, the creatures that may block)
 * is a bit there; its parameters are read from the abilities that grant it
 * (layers_each_rule), only for a permanent that has the bit. */
#ifndef MTG_LAYERS_H
#define MTG_LAYERS_H

#include "game.h"
#include "ability.h"

/* Computes the permanents' characteristics again when something they
 * depend on changed (GameState.layers_dirty): every permanent's, or only
 * those in layers_some when nothing else can change (LAYERS_SOME); with a
 * conditional static ability on the battlefield (cond_key), when its
 * condition changed. layers_recompute is the work; layers_refresh, called
 * at every priority point and state-based-action pass, its inline check. */
void layers_recompute(GameState *s);

/* The additional lands player p may play each of their turns (305.2):
 * one for each static ability giving them one (Rites of Flourishing's
 * "Each player may play an additional land on each of their turns"). */
int layers_extra_lands(const GameState *s, int p);

/* The color (one CB_* bit) chosen as permanent i entered (614.12:
 * FL_COLOR), or 0. */
int layers_chosen_color(const GameState *s, int i);
static inline void layers_refresh(GameState *s)
{
    if (s->layers_dirty || s->cond_key) layers_recompute(s);
}

/* Whether the characteristics must be computed again: something changed
 * (layers_dirty), or a condition of a static ability on the battlefield
 * (GameState.cond_key). */
int layers_stale(const GameState *s);

/* Whether the condition of static ability a of permanent src holds now
 * (Ability.cond: "as long as ...", "during your turn"; 1 without one). */
int layers_static_cond(const GameState *s, int src, const Ability *a);

/* Adds a continuous effect (611.2) on permanent `slot`; the game is a
 * capacity draw when FLOAT_MAX are in force (returns -1). */
int floating_add(GameState *s, const Floating *f);

/* GameState.layers_reads: what the layers last read beyond each
 * permanent's own state. Cards in graveyards (Mortivore) and basic lands
 * (Armored Ascension's Plains) are counts, not permanents (state.h): a card
 * put into or taken from a graveyard, a land entering or leaving, dirties
 * the layers only when a static ability in force counts them, and then for
 * what those counts act on (layers_count_changed). A
 * count of other permanents, a control-changing effect in force: a change
 * to one permanent may change others', so every one is computed again. */
enum {
    LR_GY = 1u << 0,      /* cards in graveyards */
    LR_LANDS = 1u << 1,   /* basic lands */
    LR_PERMS = 1u << 2,   /* permanents other than lands */
    LR_CONTROL = 1u << 3, /* a control-changing effect in force (layer 2) */
    LR_SUBTYPES = 1u << 4, /* a static ability on the battlefield adds subtypes (OP_ADD_SUBTYPE: set as
                              its permanent enters, kept until a whole pass finds none) */
    LR_ACROSS = 1u << 5    /* a static ability on the battlefield may act on players or on permanents
                              its source's controller does not control (set as its permanent enters,
                              kept until a whole pass finds none): without one, a pass over some
                              permanents passes by the sources that can reach none of them */
};
/* Player p controls a permanent with a static ability that may act on others
 * than itself and what it is attached to (a lord's "Other Soldier creatures
 * you control"): set as its permanent enters, kept until a whole pass finds
 * none. Without one, and with none acting across, a permanent of p's that
 * has nothing attached is reached by no static ability but its own. */
#define LR_LORDS(p) (64u << (p))

/* GameState.layers_dirty: only the characteristics of the permanents in
 * layers_some may have changed since the layers were last applied (each
 * entered, or had an effect start or end on it, or something attached or
 * unattached): layers_refresh computes theirs alone when no condition
 * and no count can change the others' (else all of them). */
#define LAYERS_SOME 2u
/* With LAYERS_SOME: every permanent player p controls may have changed
 * too (a lord entering or leaving: layers_moved); or every creature they
 * control (a lord whose filters all ask for creatures: their other
 * permanents can't be among those it acts on, and no lord changes types). */
#define LAYERS_CTL(p) (4u << (p))
#define LAYERS_CTL_CREATURES(p) (16u << (p))
/* With LAYERS_SOME alone: every mark since the layers were last applied
 * was a permanent's entering or leaving, attached to nothing and with no
 * static ability (layers_moved): nothing is attached to those still there
 * (new objects; what was attached to the one before in a slot was
 * unattached as it left), and no effect has started on them. Any other
 * mark clears it. */
#define LAYERS_BARE 64u

/* A count the static abilities in force may read changed (`what`: LR_GY,
 * LR_LANDS): marks the layers dirty, when they read it, for what counts
 * act on (layers_changed: a +N/+N for each of a count on its source or
 * what that is attached to, a characteristic-defining ability's source),
 * or for every permanent when one acts on others. */
void layers_count_changed(GameState *s, unsigned what);
static inline void layers_touch(GameState *s, unsigned what)
{
    if (s->layers_reads & what) layers_count_changed(s, what);
}

/* Marks the layers dirty for permanent i's characteristics alone (or
 * for all, past LAYERS_SOME_MAX permanents): an effect started or ended on
 * it, something was attached to it or unattached from it, it entered or
 * left with static abilities that act only on itself and what it is
 * attached to (LY_LOCAL). */
static inline void layers_changed(GameState *s, int i)
{
    if (s->layers_dirty == 1) return;
    s->layers_dirty &= (uint8_t)~LAYERS_BARE;
    if (!s->layers_dirty) { s->layers_dirty = LAYERS_SOME; s->layers_n = 0; }
    for (int k = 0; k < s->layers_n; k++) if (s->layers_some[k] == i) return;
    if (s->layers_n == LAYERS_SOME_MAX) { s->layers_dirty = 1; return; }
    s->layers_some[s->layers_n++] = (uint8_t)i;
}

/* What the layers read of card d's static abilities (LY_* bits), made
 * once by the pool (CardDef.layers); never 0 (LY_MADE). layers_facts
 * reads them: the pool's, or made at the call for a card built outside
 * it (scenarios, tests). */
enum {
    LY_MADE = 1u << 0,
    /* They act only on the permanent itself and what it is attached to, by
     * constant amounts or counts, with no condition and no change of control
     * (Holy Strength, Pacifism, Leonin Scimitar, Armored Ascension's "+1/+1
     * for each Plains you control"): its entering or leaving changes no one
     * else's characteristics. (A count's reads, LR_*, are noted by the pass
     * that computes what it acts on, as for any other static ability's.)
     * Set too for a card with none. */
    LY_LOCAL = 1u << 1,
    /* Not local, but a lord's: with no condition and no change of control,
     * by constant amounts, acting on permanents alone (none on players), on
     * itself, what it is attached to, and the permanents of "each [filter]"
     * (SEL_ALL), which may be its controller's (LY_LORD_YOU: Veteran
     * Armorsmith's "Other Soldier creatures you control") or an opponent's
     * (LY_LORD_OPP), and are creatures alone (LY_LORD_CREATURES, with one of
     * those). */
    LY_LORD_YOU = 1u << 2,
    LY_LORD_OPP = 1u << 3,
    LY_LORD_CREATURES = 1u << 4,
    LY_SUBTYPE = 1u << 5,   /* one adds a subtype (OP_ADD_SUBTYPE), whatever its condition (LR_SUBTYPES) */
    /* One may act on players, or on permanents its source's controller does
     * not control (LR_ACROSS). */
    LY_ACROSS = 1u << 6,
    /* One may act on anything but the permanent itself and what it is
     * attached to (LR_LORDS). */
    LY_OTHERS = 1u << 7
};
uint8_t layers_card_facts(const CardDef *d);
static inline unsigned layers_facts(const CardDef *d) { return d->layers ? d->layers : layers_card_facts(d); }

/* layers_changed for permanent i and what it is attached to. */
static inline void layers_changed_attached(GameState *s, int i)
{
    layers_changed(s, i);
    if (s->px[i].attached != NO_SLOT) layers_changed(s, s->px[i].attached);
}

/* Marks the layers dirty as permanent i, a land or not, enters or leaves
 * the battlefield (zone.c) under player ctl's control: for i (and what it
 * is attached to) alone when its static abilities are local and no count
 * reads it; with those of the players whose permanents they may act on
 * when they are a lord's (LY_LORD_*). layers_moved_static is the case
 * of a permanent with static abilities or a land the layers count; the
 * usual one (a creature with none) is looked at inline. */
void layers_moved_static(GameState *s, int i, int ctl);
static inline void layers_moved(GameState *s, int i, int ctl)
{
    const PermX *x = &s->px[i];
    if ((x->abk & PK_STATIC) || ((x->xflags & PX_LAND) && (s->layers_reads & LR_LANDS))) layers_moved_static(s, i, ctl);
    else if (x->attached != NO_SLOT) layers_changed_attached(s, i);   /* PK_CONTROL and PK_COND come with PK_STATIC */
    else {
        unsigned bare = !s->layers_dirty || (s->layers_dirty & LAYERS_BARE);
        layers_changed(s, i);
        if (bare && s->layers_dirty != 1) s->layers_dirty |= LAYERS_BARE;
    }
}

/* Permanent i leaves the battlefield: control effects that last "for as
 * long as you control" it end (611.2b), before its slot may be reused. */
void floating_source_left(GameState *s, int i);

/* Whether player p controls permanent i, not its own, only until end of
 * turn (Threaten, Act of Treason): it goes back at cleanup, so it is worth
 * nothing to p as a blocker on the next turn (the heuristic). */
static inline int perm_borrowed(const GameState *s, int i)
{
    int p = perm_controller(s, i);
    if (s->px[i].owner == p) return 0;
    int until_eot = 0;
    for (int j = 0; j < s->float_n; j++) {
        const Floating *f = &s->fl[j];
        if (f->op == OP_CONTROL && f->slot == i && f->perm_ts == s->px[i].ts)
            until_eot = f->controller == p && f->dur == DUR_EOT;   /* the latest decides (613.7) */
    }
    return until_eot;
}

/* Whether permanent i is enchanted: an Aura is attached to it. */
int perm_enchanted(const GameState *s, int i);

/* 514.2: "until end of turn" effects end. */
void floating_end_of_turn(GameState *s);

/* Whether permanent i has rules ability r (RULE_*) now. Rules past 31 have
 * no bit (RULE_BLOCK_EXTRA is counted in PermX.blocks_extra; the others are
 * players' and not played on permanents). */
static inline int perm_rule(const GameState *s, int i, int r) { return r < 32 && ((s->px[i].rules >> r) & 1u); }
#define RULE_BIT(r) (1u << (r))
/* The rules abilities that may stop a permanent being targeted (effect.c's perm_targetable_by's;
 * GameState.perm_shielded). */
#define RULES_UNTARGETABLE (RULE_BIT(RULE_SHROUD) | RULE_BIT(RULE_HEXPROOF) | RULE_BIT(RULE_PROTECTION) | \
                            RULE_BIT(RULE_UNTARGETABLE_BY))

/* The attack requirements on creature i (508.1d): "attacks each combat if
 * able", "attacks you this turn if able" (Alluring Siren), 0 to 2. */
static inline int perm_must_attack(const GameState *s, int i)
{
    return perm_rule(s, i, RULE_MUST_ATTACK) + perm_rule(s, i, RULE_MUST_ATTACK_YOU);
}

/* Calls visit(s, i, param, src, ctx) for each instance of rules ability r
 * that permanent i has from a static ability (its own, an Aura's or
 * Equipment's, another permanent's "creatures ... have"), with the
 * instance's parameter and its source's slot, until a call returns
 * nonzero; returns that value, or 0. Effects of resolved spells have no
 * parameter (played.c refuses them with one) and are not visited. */
typedef int (*RuleVisit)(const GameState *s, int i, const Filter *param, int src, const void *ctx);
int layers_each_rule(const GameState *s, int i, int r, RuleVisit visit, const void *ctx);

/* What protection (702.16) looks at in a source, an Aura or a blocker. */
typedef struct Quality {
    uint8_t colors;                     /* CB_* */
    uint8_t types;                      /* TYPE_* */
    uint8_t subtype[CARD_SUBTYPE_MAX];  /* subtype ids, 0 past the last */
} Quality;

/* A card's quality (a spell, or an ability's source as printed). */
static inline Quality quality_of_card(const CardDef *d)
{
    Quality q = { d->colors, d->types, { 0 } };
    memcpy(q.subtype, d->subtype, sizeof q.subtype);
    return q;
}
/* The creature type chosen as permanent i entered (614.12: FL_CHOSEN), or 0. */
int layers_chosen(const GameState *s, int i);
/* The subtypes static abilities add to permanent i now (OP_ADD_SUBTYPE,
 * layer 4): its own ("~ is the chosen type in addition to its other
 * types") and its Auras' ("Enchanted creature ... is an Angel in addition
 * to its other types"): up to max into out, how many; and whether id is
 * one of them. */
int layers_added_subtypes(const GameState *s, int i, uint8_t *out, int max);
int layers_has_added_subtype(const GameState *s, int i, int id);

/* A permanent's quality now (its colors from the layers). */
static inline Quality quality_of_perm(const GameState *s, int j)
{
    Quality q = quality_of_card(perm_def(s, j));
    q.colors = s->px[j].colors;
    if (perm_is_creature(s, j)) q.types |= TYPE_CREATURE;
    if (s->spells) {                                 /* a chosen type, an Aura's (layer 4) */
        uint8_t t[CARD_SUBTYPE_MAX];
        int n = layers_added_subtypes(s, j, t, CARD_SUBTYPE_MAX), k = 0;
        while (k < CARD_SUBTYPE_MAX && q.subtype[k]) k++;
        for (int a = 0; a < n && k < CARD_SUBTYPE_MAX; a++) {
            int dup = 0;
            for (int b = 0; b < k; b++) dup |= q.subtype[b] == t[a];
            if (!dup) q.subtype[k++] = t[a];
        }
    }
    return q;
}

int layers_protected_wide(const GameState *s, int i, const Quality *q);
/* Whether permanent i has protection from something with quality q:
 * its colors (PermX.prot) or, rarely, a card type or subtype. */
static inline int layers_protected(const GameState *s, int i, const Quality *q)
{
    const PermX *x = &s->px[i];
    if (!(x->rules & RULE_BIT(RULE_PROTECTION))) return 0;
    if (x->prot & q->colors) return 1;
    return (x->xflags & PX_PROT_WIDE) && layers_protected_wide(s, i, q);
}

/* A permanent's power and toughness from the last refresh, its keywords:
 * the same fields as without rules text (state.h). */

#endif
