/* policy_rules.c: version 3 of the heuristic chooses its spells and
 * abilities by rules (policy_rules.h), as Forge's AI does: removal on the
 * creature worth most to the opponent (heuristic_creature_value, the
 * value its combat uses), at the moment it matters (an attacker before
 * blocks, a blocker that would kill an attacker, what the opponent
 * enchants or equips, the best creature at the opponent's end step);
 * damage to the opponent when it is lethal or the race is close; combat
 * tricks after blocks when they save a creature or kill one; creatures
 * at sorcery speed by their bodies, against an Aura that hinders the
 * opponent's best creature by its worth, then the other permanents;
 * Auras that help and Equipment on one's own creatures. A candidate it
 * does not read leaves the whole choice to the look. */
#include "policy_rules.h"
#include "policy_read.h"
#include "heuristic.h"
#include "combat.h"
#include "mana.h"
#include "damage.h"
#include "effect.h"
#include <stddef.h>
#include <string.h>

/* What a candidate is, for the rules. */
enum {
    RC_SKIP,        /* nothing the rules would take: it harms its own side or helps the other's, or
                       its damage cannot kill */
    RC_PERM,        /* a permanent spell that targets nothing */
    RC_AURA_HELP,   /* an Aura whose effects help the creature it enchants, on one's own */
    RC_AURA_HARM,   /* one whose effects hinder it, on the opponent's */
    RC_EQUIP,       /* an equip of an Equipment attached to nothing */
    RC_KILL,        /* removes the opponent's creature it targets (dies, exiled, returned, put on
                       the library) */
    RC_FACE,        /* damage to the opponent (or life lost) */
    RC_TRICK,       /* +N/+N or keywords until end of turn on one's own creature */
    RC_OTHER        /* anything else: the look chooses */
};

/* A candidate's reading (its kind apart, in rules_play's `of`): the
 * permanent it acts on (the target, or the source of a pump on itself),
 * the damage of RC_FACE, the pump of RC_TRICK, the card and X of RC_PERM;
 * a field its kind does not read is not set. */
typedef struct Cand {
    int on, damage, dp, dt, mana;
    int from;              /* RC_EQUIP: the creature the Equipment is on, or NO_SLOT */
    const CardDef *card;   /* RC_PERM: the card cast */
} Cand;

/* The flags an effect the rules read may carry: none that makes it
 * conditional or optional. */
#define RULES_FLAGS (EF_NO_REGEN | EF_NO_PREVENT | EF_DAMAGED_NO_REGEN)

/* An amount the rules read: fixed, or X times. -1 for any other. */
static int amount(const Qty *q, int x)
{
    return q->kind == QTY_CONST ? q->n : q->kind == QTY_X ? q->n * x : -1;
}

/* Whether an activated ability costs more than mana and tapping (a
 * sacrifice, a discard, life, counters, an exile): the look weighs those. */
static int dear_cost(const Cost *c)
{
    return c->sac_self || c->sac_n || c->discard_n || c->life || c->remove_counters || c->exile_self ||
           c->exile_gy || c->untap || c->loyalty;
}

/* Sum.kill: destroyed (KILL_DESTROY, or KILL_NO_REGEN: "can't be
 * regenerated"), removed (exiled, returned, put on the library). */
enum { KILL_DESTROY = 1, KILL_NO_REGEN = 2, KILL_REMOVED = 4 };

/* Whether creature i would regenerate from destruction (a shield it may
 * use). */
static inline int regenerates(const GameState *s, int i)
{
    return s->px[i].regen && !(s->px[i].xflags & PX_NO_REGEN);
}

/* Whether the removal summed in the reading (kill, damage, toughness
 * lost) leaves creature i dead or gone. */
static int kills(const GameState *s, int i, int kill, int damage, int shrink)
{
    if (kill & KILL_REMOVED) return 1;
    const Permanent *q = &s->perm[i];
    int left = q->toughness - shrink;
    if (left <= 0) return 1;                                 /* 704.5f: not destruction */
    if (q->kw & KW_INDESTRUCTIBLE) return 0;
    if (kill) return kill == KILL_NO_REGEN || !regenerates(s, i);
    int dealt = damage - q->prevent;
    return dealt > 0 && q->damage + dealt >= left && !regenerates(s, i);
}

/* What the effects of a spell or ability do to its one target (or, with
 * none, to its source: a pump on itself, firebreathing), the same for
 * each target it is listed with: read once per source (rules_play).
 * `way` -1 they harm, 1 they help, 0 the rules do not read them (the
 * look does: then the rest is 0 too); what they add up to. */
typedef struct Sum {
    int way, kill, damage, shrink, life, dp, dt;
} Sum;

static Sum summarize(const Ability *ab, int x, int on_target)
{
    static const Sum none = { 0, 0, 0, 0, 0, 0, 0 };
    Sum m = none;
    int harms_only = 1;
    for (int j = 0; j < ab->n_effects; j++) {
        const Effect *e = &ab->effect[j];
        if (e->flags & ~(uint32_t)RULES_FLAGS) return none;
        if (e->who == SEL_YOU) {                             /* its caster's own part */
            if ((e->op != OP_GAIN_LIFE && e->op != OP_DRAW) || amount(&e->n, x) < 0) return none;
            continue;
        }
        int mine = on_target ? e->who == SEL_TARGET && e->arg == 0 : e->who == SEL_SELF;
        int v = mine ? (e->op == OP_LOSE_LIFE ? -1 : policy_sense(e)) : 0;
        if (!v || (m.way && v != m.way)) return none;
        m.way = v;
        int n = amount(&e->n, x);
        switch (e->op) {
        case OP_DAMAGE: if (n < 0) return none; m.damage += n; break;
        case OP_LOSE_LIFE: if (n < 0) return none; m.life += n; break;
        case OP_DESTROY: m.kill = (m.kill & KILL_REMOVED) | (e->flags & EF_NO_REGEN ? KILL_NO_REGEN : KILL_DESTROY); break;
        case OP_EXILE: case OP_BOUNCE: case OP_TO_LIBRARY: m.kill |= KILL_REMOVED; break;
        case OP_PUMP:
            if (e->n.kind != QTY_CONST || e->n.n != 1) return none;
            if (v < 0) m.shrink -= e->t;
            else { m.dp += e->p; m.dt += e->t; }
            break;
        case OP_COUNTERS:
            if (n < 0) return none;
            if (v < 0) m.shrink += n;
            else { m.dp += n; m.dt += n; }
            break;
        case OP_GRANT: break;
        default:
            if (v > 0) return none;                          /* regeneration, prevention: the look weighs them */
            harms_only = 0;                                  /* a tap, "can't block": likewise */
        }
        if (v > 0 && e->dur != DUR_EOT) return none;         /* a lasting gift: likewise */
    }
    return m.way && harms_only ? m : none;
}

/* The kind of a candidate whose effects summed in m (its source's, read:
 * m->way) act on permanent i (its one target, or with none its source),
 * and its reading into *c. The rules take none on a permanent of player
 * `spare` (their caster's when they harm, the opponent's when they help);
 * `walkers` 0 where no permanent is a planeswalker (SPELLS_NO_WALKERS). */
static inline __attribute__((always_inline)) int read_perm(const GameState *s, const Sum *m, int spare, int walkers,
                                                          int i, Cand *c)
{
    c->on = i;
    if (m->life || (walkers && s->perm[i].loyalty && perm_is_planeswalker(s, i)))
        return RC_OTHER;                                     /* 704.5i: a planeswalker has loyalty */
    if (perm_controller(s, i) == spare) return RC_SKIP;
    if (!perm_is_creature(s, i)) {                           /* an artifact, an enchantment */
        if (m->kill && !m->damage && !m->shrink && !m->dp && !m->dt)
            return (m->kill & KILL_REMOVED) || !perm_has(s, i, KW_INDESTRUCTIBLE) ? RC_KILL : RC_SKIP;
        return RC_OTHER;
    }
    if (m->way > 0) { c->dp = m->dp; c->dt = m->dt; return RC_TRICK; }
    if (m->damage && damage_doublers(s)) return RC_OTHER;    /* Furnace of Rath: the look counts it */
    return kills(s, i, m->kill, m->damage, m->shrink) ? RC_KILL : RC_SKIP;
}

/* An Aura's effects on the creature it enchants (its static abilities'):
 * 1 they all help, -1 they all hinder, 0 neither or another ability. */
static int aura_way(const CardDef *d)
{
    int way = 0;
    for (int k = 0; k < d->n_abilities; k++) {
        const Ability *ab = &d->ab[k];
        if (ab->kind == AB_ENCHANT) continue;
        if (ab->kind != AB_STATIC || ab->cond) return 0;
        for (int j = 0; j < ab->n_effects; j++) {
            const Effect *e = &ab->effect[j];
            int v = e->who == SEL_ATTACHED ? policy_sense(e) : 0;
            if (!v || (way && v != way)) return 0;
            way = v;
        }
    }
    return way;
}

/* What the candidates of one source (a card cast, with one X and number
 * of targets; an ability activated) have in common, read once for them
 * all (rules_play): how they are read (SRC_*), the summary of the
 * effects read (SRC_READ: an instant's or sorcery's, an activated
 * ability's, costing no more than mana and tapping), the card of a
 * permanent spell (SRC_PERM, SRC_AURA) and an Aura's aura_way. */
enum { SRC_OTHER, SRC_READ, SRC_EQUIP, SRC_PERM, SRC_AURA };
typedef struct Src {
    int kind, way;
    const CardDef *d;
    Sum m;
} Src;

/* Whether effect e of a static ability pumps its controller's creatures
 * by a fixed amount (an anthem, a lord: Honor of the Pure). */
static int pumps_own(const Effect *e)
{
    return e->op == OP_PUMP && e->who == SEL_ALL && e->sel.ctl == CTL_YOU && e->n.kind == QTY_CONST;
}

/* rules_cast_facts, unpacked: a head (CF_*: the card's SRC_* kind at
 * CF_KIND), an Aura's aura_way, with CF_SUM the summary of its spell's
 * effects (summarize with any X, for its targets when CF_TARGETS, else for
 * none), each field in a byte (`way` 0 when it is not read), and with
 * CF_BODY (a creature card of SRC_PERM) its heuristic_card_value with
 * X = 0. */
typedef struct CastFacts {
    uint8_t head;
    int8_t way;
    uint8_t kill;    /* Sum.kill */
    int8_t damage;
    union {
        struct { int8_t shrink, life, dp, dt; };
        int32_t body;
    };
} CastFacts;
enum { CF_MADE = 1, CF_KIND = 1, CF_SUM = 16, CF_TARGETS = 32, CF_ANTHEM = 64, CF_BODY = 128 };

/* Summary m packed into f; 0 when a field does not fit its byte. */
static int pack_sum(const Sum *m, CastFacts *f)
{
    int v[5] = { m->damage, m->shrink, m->life, m->dp, m->dt };
    for (int j = 0; j < 5; j++) if (v[j] != (int8_t)v[j]) return 0;
    f->way = (int8_t)m->way;
    f->kill = (uint8_t)m->kill;
    f->damage = (int8_t)m->damage; f->shrink = (int8_t)m->shrink; f->life = (int8_t)m->life;
    f->dp = (int8_t)m->dp; f->dt = (int8_t)m->dt;
    return 1;
}

/* Whether ability ab's amounts are all fixed (summarize's with any X). */
static int x_free(const Ability *ab)
{
    for (int j = 0; j < ab->n_effects; j++)
        if (ab->effect[j].n.kind == QTY_X) return 0;
    return 1;
}

uint64_t rules_cast_facts(const CardDef *d)
{
    CastFacts f = { 0 };
    int kind = SRC_OTHER, k = spell_ability(d);
    if (k >= 0 && d->ab[k].kind == AB_SPELL) {
        const Ability *ab = &d->ab[k];
        if (!dear_cost(&ab->cost)) {
            kind = SRC_READ;
            Sum m = summarize(ab, 0, ab->n_targets != 0);
            if (x_free(ab) && pack_sum(&m, &f)) f.head |= CF_SUM | (ab->n_targets ? CF_TARGETS : 0);
        }
    } else if (!(d->types & (TYPE_INSTANT | TYPE_SORCERY))) {
        kind = k < 0 ? SRC_PERM : SRC_AURA;
        if (k >= 0) f.way = (int8_t)aura_way(d);
        else if (d->types & TYPE_CREATURE) {
            f.head |= CF_BODY;
            f.body = heuristic_card_value(d, 0);
        }
    }
    for (int j = 0; j < d->n_abilities; j++)
        for (int e = 0; d->ab[j].kind == AB_STATIC && !d->ab[j].cond && e < d->ab[j].n_effects; e++)
            if (pumps_own(&d->ab[j].effect[e])) f.head |= CF_ANTHEM;
    f.head |= (uint8_t)(CF_MADE | kind << CF_KIND);
    uint64_t v;
    memcpy(&v, &f, sizeof v);
    return v;
}

/* rules_act_facts: AF_MADE, and with AF_SUM the summary of an activated
 * ability (summarize with any X, for its targets when AF_TARGETS, else for
 * its source), its index at AF_AT: how it is read (AF_HELPS, AF_HARMS;
 * neither when the rules do not read it), then in two nibbles a pump's
 * +dp/+dt, or removal's damage and Sum.kill. */
enum { AF_MADE = 1, AF_SUM = 2, AF_TARGETS = 4, AF_HELPS = 8, AF_HARMS = 16, AF_AT = 5, AF_LO = 8, AF_HI = 12 };

/* The summary in act facts v (AF_SUM). */
static inline Sum act_sum(unsigned v)
{
    int lo = v >> AF_LO & 15, hi = v >> AF_HI & 15;
    if (v & AF_HELPS) return (Sum){ 1, 0, 0, 0, 0, lo, hi };
    if (v & AF_HARMS) return (Sum){ -1, hi, lo, 0, 0, 0, 0 };
    return (Sum){ 0, 0, 0, 0, 0, 0, 0 };
}

uint16_t rules_act_facts(const CardDef *d)
{
    for (int k = 0; k < d->n_abilities && k < 8; k++) {
        const Ability *ab = &d->ab[k];
        if (ab->kind != AB_ACTIVATED || dear_cost(&ab->cost) || !x_free(ab)) continue;
        Sum m = summarize(ab, 0, ab->n_targets != 0);
        unsigned v = AF_MADE | AF_SUM | (ab->n_targets ? AF_TARGETS : 0u) | (unsigned)k << AF_AT;
        if (m.way > 0) v |= AF_HELPS | (unsigned)(m.dp & 15) << AF_LO | (unsigned)(m.dt & 15) << AF_HI;
        else if (m.way) v |= AF_HARMS | (unsigned)(m.damage & 15) << AF_LO | (unsigned)m.kill << AF_HI;
        Sum back = act_sum(v);                               /* kept when it reads back as made */
        if (!memcmp(&back, &m, sizeof m)) return (uint16_t)v;
    }
    return AF_MADE;
}

/* Card d's rules_cast_facts: the pool's, or made now. */
static inline CastFacts cast_facts(const CardDef *d)
{
    uint64_t v = d->rules_cast ? d->rules_cast : rules_cast_facts(d);
    CastFacts f;
    memcpy(&f, &v, sizeof f);
    return f;
}

static void read_source(const GameState *s, int p, const Action *a, Src *o)
{
    o->kind = SRC_OTHER;
    if (a->type == ACT_ACTIVATE) {
        const CardDef *d = &s->cards[s->perm[a->hand_idx].card];
        unsigned v = d->rules_acts;                          /* 0: not made */
        if ((v & AF_SUM) && (v >> AF_AT & 7) == a->ability && !(v & AF_TARGETS) == !a->n_targets) {
            o->kind = SRC_READ;
            o->m = act_sum(v);
            return;
        }
        const Ability *ab = &d->ab[a->ability];
        if (ab->kind == AB_ACTIVATED && !dear_cost(&ab->cost)) {
            o->kind = SRC_READ;
            o->m = summarize(ab, a->x, a->n_targets != 0);
        } else if (ab->kind == AB_EQUIP) {
            o->kind = SRC_EQUIP;
        }
        return;
    }
    if (a->type != ACT_CAST) return;
    const CardDef *d = &s->cards[OBJ_CARD(s, p, s->pl[p].hand[a->hand_idx])];
    CastFacts f = cast_facts(d);
    o->kind = f.head >> CF_KIND & 7;
    o->d = d;
    o->way = f.way;
    if (o->kind != SRC_READ) return;
    if ((f.head & CF_SUM) && !(f.head & CF_TARGETS) == !a->n_targets)
        o->m = (Sum){ f.way, f.kill, f.damage, f.shrink, f.life, f.dp, f.dt };
    else
        o->m = summarize(&d->ab[spell_ability(d)], a->x, a->n_targets != 0);
}

/* The kind of candidate a, of a source o of kind `kind` (o->kind, a
 * constant in each of read_run's copies) other than SRC_READ, and its
 * reading into *c. */
static inline __attribute__((always_inline)) int read_cand(const GameState *s, int p, const Action *a, const Src *o,
                                                          int kind, Cand *c)
{
    switch (kind) {
    case SRC_EQUIP:
        c->from = s->px[a->hand_idx].attached;
        c->on = a->tv[0];
        return c->from == NO_SLOT || (s->step == STEP_MAIN1 && !combat_may_attack(s, c->from)) ? RC_EQUIP : RC_SKIP;
    case SRC_PERM:
        if (a->n_targets) return RC_OTHER;
        c->mana = a->x;
        c->card = o->d;
        return RC_PERM;
    case SRC_AURA:
        if (a->n_targets != 1 || a->tk[0] != TK_PERM || !perm_is_creature(s, a->tv[0])) return RC_OTHER;
        c->on = a->tv[0];
        if (!o->way) return RC_OTHER;
        return (o->way < 0) != (perm_controller(s, a->tv[0]) != p) ? RC_SKIP : o->way > 0 ? RC_AURA_HELP : RC_AURA_HARM;
    }
    return RC_OTHER;
}

/* Action a's type, hand_idx, ability, x and number of targets: what
 * tells its source and how it is read. The candidates of one source
 * follow each other with the same five bytes. */
_Static_assert(offsetof(Action, type) == 0 && offsetof(Action, hand_idx) == 1 && offsetof(Action, ability) == 2 &&
                   offsetof(Action, x) == 3 && offsetof(Action, n_targets) == 4 && sizeof(Action) >= 8,
               "Action's first five bytes: type, hand_idx, ability, x, n_targets, in its first word");
static inline int same_source(const Action *a, const Action *b)
{
    static const uint8_t five[8] = { 255, 255, 255, 255, 255, 0, 0, 0 };   /* the first five bytes, in one word */
    uint64_t x, y, m;
    memcpy(&x, a, sizeof x);
    memcpy(&y, b, sizeof y);
    memcpy(&m, five, sizeof m);
    return ((x ^ y) & m) == 0;
}

/* The candidates legal[k ..] of source o (of kind `kind`, o->kind, not
 * SRC_READ) read into c and of: the index after them, or -1 when one is
 * RC_OTHER (the look chooses). Inline in rules_play, once for each kind:
 * the candidates of one source are read without a test of their
 * source's kind each. */
static inline __attribute__((always_inline)) int read_run(const GameState *s, int p, const Action *legal, int k, int n,
                                                          const Src *o, int kind, Cand *c, uint64_t *of)
{
    const Action *first = &legal[k];
    do {
        int x = read_cand(s, p, &legal[k], o, kind, &c[k]);
        if (x == RC_OTHER) return -1;
        of[x] |= 1ull << k;
    } while (++k < n && same_source(&legal[k], first));
    return k;
}

/* The candidates legal[k ..] of a source whose effects are read
 * (SRC_READ, their summary m), as read_run: with one target each, a
 * player or a permanent, or with none an ability's on its source. What
 * the summary alone decides is read once for them all. */
static inline __attribute__((always_inline)) int read_run_effects(const GameState *s, int p, const Action *legal, int k,
                                                                  int n, const Sum *m, Cand *c, uint64_t *of)
{
    const Action *first = &legal[k];
    if (!m->way || first->n_targets > 1 || (!first->n_targets && first->type != ACT_ACTIVATE)) return -1;
    /* Damage to a player (or life lost) alone, to the opponent's face. */
    int face = m->way > 0 || m->kill || m->shrink ? RC_OTHER : RC_FACE;
    int spare = m->way < 0 ? p : 1 - p, walkers = !(s->spells & SPELLS_NO_WALKERS);
    int targets = first->n_targets;                          /* each candidate's (same_source) */
    do {
        const Action *a = &legal[k];
        int x;
        if (targets && a->tk[0] == TK_PLAYER) {
            x = face == RC_FACE && a->tv[0] == p ? RC_SKIP : face;
            c[k].damage = m->damage + m->life;
        } else if (!targets || a->tk[0] == TK_PERM) {        /* one read_perm: kills inline in it */
            x = read_perm(s, m, spare, walkers, targets ? a->tv[0] : a->hand_idx, &c[k]);
        } else {
            return -1;                                       /* a spell, a card: RC_OTHER */
        }
        if (x == RC_OTHER) return -1;
        of[x] |= 1ull << k;
    } while (++k < n && same_source(&legal[k], first));
    return k;
}

/* The candidates of one kind, a bit each (rules_play's `of`): the first
 * left in *m, taken out of it. The rules visit them in their order, as
 * they were listed, without a test of each candidate's kind. */
static inline int next_of(uint64_t *m)
{
    int k = __builtin_ctzll(*m);
    *m &= *m - 1;
    return k;
}

/* The candidate among `of` (one kind's) whose score is highest (the
 * first of equals), 0 for none; its score in *v (0 for none). */
typedef int (*Score)(const GameState *s, int p, const Cand *c);
static inline __attribute__((always_inline)) int best_of_v(const GameState *s, int p, const Cand *c, uint64_t of,
                                                          Score score, int *v)
{
    int best = 0, best_v = 0;
    while (of) {
        int k = next_of(&of), x = score(s, p, &c[k]);
        if (x > 0 && (!best || x > best_v)) { best = k; best_v = x; }
    }
    *v = best_v;
    return best;
}
static inline __attribute__((always_inline)) int best_of(const GameState *s, int p, const Cand *c, uint64_t of, Score score)
{
    int v;
    return best_of_v(s, p, c, of, score, &v);
}

/* What a static ability that pumps the creatures of its controller (an
 * anthem, a lord: Honor of the Pure) adds to p's creatures now, valued
 * as their bodies are (15 a point of power, 10 of toughness). */
static int anthem_worth(const GameState *s, int p, const CardDef *d)
{
    int sum = 0;
    for (int k = 0; k < d->n_abilities; k++) {
        const Ability *ab = &d->ab[k];
        if (ab->kind != AB_STATIC || ab->cond) continue;
        for (int j = 0; j < ab->n_effects; j++) {
            const Effect *e = &ab->effect[j];
            if (!pumps_own(e)) continue;
            for (PermIter it = permset_iter(s->perm_ctl[p]); permiter_more(&it);) {
                int i = permiter_next(&it);
                if (perm_is_creature(s, i) && filter_perm(s, &e->sel, i, p, -1)) sum += e->n.n * (15 * e->p + 10 * e->t);
            }
        }
    }
    return sum;
}

/* A permanent spell: a creature by its body (heuristic_card_value) and
 * what its statics add to p's other creatures, an anthem by what it adds
 * to them; the others (Equipment, what else) after, by their mana. */
static int score_creature(const GameState *s, int p, const Cand *c)
{
    const CardDef *d = c->card;
    CastFacts f = cast_facts(d);
    int adds = f.head & CF_ANTHEM ? anthem_worth(s, p, d) : 0;
    if ((f.head & CF_BODY) && !c->mana) return f.body + adds;
    return d->types & TYPE_CREATURE ? heuristic_card_value(d, c->mana) + adds : adds;
}

static int score_mana(const GameState *s, int p, const Cand *c)
{
    (void)s; (void)p;
    return c->card->types & TYPE_CREATURE ? 0 : c->card->mana_value + c->mana + 1;
}

/* What permanent i is worth to its controller's opponent p's side
 * gone: a creature's value (next to nothing for one that can neither
 * attack nor block: Pacifism's); another permanent's mana value, and what
 * it hinders of p's (an Aura on p's creature: that creature's value). */
static int perm_worth(const GameState *s, int p, int i)
{
    enum { IDLE = PF_NO_ATTACK | PF_NO_BLOCK };
    if (perm_is_creature(s, i)) return (s->perm[i].flags & IDLE) == IDLE ? 1 : heuristic_creature_value(s, i);
    int on = s->px[i].attached;
    int hinders = on != NO_SLOT && perm_controller(s, on) == p && perm_is_creature(s, on);
    return 30 * perm_def(s, i)->mana_value + (hinders ? heuristic_creature_value(s, on) : 0) + 1;
}

static int score_value(const GameState *s, int p, const Cand *c) { return perm_worth(s, p, c->on); }

/* One's own creature to enchant or equip: in the first main phase one
 * that can attack this turn first. */
static int score_own(const GameState *s, int p, const Cand *c)
{
    int attacks = s->step == STEP_MAIN1 && s->active == p && combat_may_attack(s, c->on);
    return heuristic_creature_value(s, c->on) + 10000 * attacks;
}

/* An equip: onto one's own creature as score_own says; an Equipment
 * attached already moves only in the first main phase, from a creature
 * that cannot attack this turn to one that can. */
static int score_equip(const GameState *s, int p, const Cand *c)
{
    return c->from == NO_SLOT || combat_may_attack(s, c->on) ? score_own(s, p, c) : 0;
}

/* An Aura that hinders: not on a creature that has its rules already. */
static int score_harm(const GameState *s, int p, const Cand *c)
{
    (void)p;
    const Permanent *q = &s->perm[c->on];
    return (q->flags & (PF_NO_ATTACK | PF_NO_BLOCK)) == (PF_NO_ATTACK | PF_NO_BLOCK) ? 0
                                                                                    : heuristic_creature_value(s, c->on);
}

/* Removal in the first main phase of one's own turn, with a creature that
 * could attack: a creature that could block it (untapped, able to block). */
static int score_blocker(const GameState *s, int p, const Cand *c)
{
    const Permanent *q = &s->perm[c->on];
    return !perm_is_creature(s, c->on) || (q->flags & (PF_TAPPED | PF_NO_BLOCK)) ? 0 : score_value(s, p, c);
}

/* The power of p's attackers no creature blocks (after blockers). */
static int unblocked_power(const GameState *s, int p)
{
    int sum = 0;
    for (PermIter it = permset_iter(s->combat.attackers & s->perm_ctl[p]); permiter_more(&it);) {
        int a = permiter_next(&it);
        if (!(s->perm[a].flags & PF_BLOCKED) && s->perm[a].target == TARGET_PLAYER) sum += perm_power(s, a);
    }
    return sum;
}

/* Damage to the opponent that wins: the single candidate that deals at
 * least `life`, else the largest when the spells' damage together does
 * and p has the mana to cast them all (each card once). 0 for none. */
static int lethal(const GameState *s, int p, const Action *legal, const Cand *c, uint64_t faces, int life)
{
    int best = 0, sum = 0, mana = 0;
    uint64_t seen[4] = { 0, 0, 0, 0 };
    while (faces) {
        int k = next_of(&faces);
        if (!best || c[k].damage > c[best].damage) best = k;
        if (legal[k].type != ACT_CAST || bits256_has(seen, legal[k].hand_idx)) continue;
        bits256_set(seen, legal[k].hand_idx);
        sum += c[k].damage;
    }
    if (!best || c[best].damage >= life) return best;
    if (sum < life) return 0;
    for (int w = 0; w < 4; w++)                              /* the mana of the cards summed */
        for (uint64_t bits = seen[w]; bits; bits &= bits - 1)
            mana += s->cards[OBJ_CARD(s, p, s->pl[p].hand[w * 64 + __builtin_ctzll(bits)])].mana_value;
    return mana <= mana_total_now(s, p, 0) ? best : 0;
}

/* Whether creature x, of toughness t, dies to `dmg` damage from
 * creature y (its deathtouch counts). */
static int dies_to(const GameState *s, int x, int t, int dmg, int y)
{
    const Permanent *q = &s->perm[x];
    if (dmg <= 0 || (q->kw & KW_INDESTRUCTIBLE)) return 0;
    return q->damage + dmg >= t || perm_has(s, y, KW_DEATHTOUCH);
}

/* A fight of one attacker or blocker x, pumped by +dp/+dt, against one
 * creature y: bit 0 x dies, bit 1 y dies (first strike on one side alone
 * spares it from the other's damage when it kills first). */
static int fight(const GameState *s, int x, int dp, int dt, int y)
{
    enum { FIRST = KW_FIRST_STRIKE | KW_DOUBLE_STRIKE };
    int fx = perm_has(s, x, FIRST), fy = perm_has(s, y, FIRST);
    int y_dies = dies_to(s, y, perm_toughness(s, y), perm_power(s, x) + dp, x);
    int x_dies = dies_to(s, x, perm_toughness(s, x) + dt, perm_power(s, y), y);
    if (fx && !fy && y_dies) x_dies = 0;
    if (fy && !fx && x_dies) y_dies = 0;
    return x_dies | y_dies << 1;
}

/* The one creature x fights in this combat (its one blocker, or the one
 * attacker it blocks), or -1. */
static int opponent_in_fight(const GameState *s, int x)
{
    uint8_t o[PERM_MAX];
    int n = permset_has(s->combat.attackers, x) ? combat_blockers_of(s, x, o) : combat_attackers_of(s, x, o);
    return n == 1 ? o[0] : -1;
}

/* A trick after blockers: on one's own creature in a fight it loses or
 * does not win, one that it then survives or wins; on an unblocked
 * attacker, an ability's pump (mana spent for damage). */
static int score_trick(const GameState *s, int p, const Cand *c)
{
    (void)p;
    int x = c->on;
    if (!permset_has(s->combat.attackers | s->combat.blockers, x)) return 0;
    int y = opponent_in_fight(s, x);
    if (y < 0) return 0;
    int before = fight(s, x, 0, 0, y), after = fight(s, x, c->dp, c->dt, y);
    int saved = (before & 1) && !(after & 1), kills_y = !(before & 2) && (after & 2) && !(after & 1);
    return saved || kills_y ? heuristic_creature_value(s, x) + (kills_y ? heuristic_creature_value(s, y) : 0) : 0;
}

/* Pumping an unblocked attacker with an ability (firebreathing): damage
 * for mana that would empty. */
static int score_pump_unblocked(const GameState *s, int p, const Cand *c)
{
    (void)p;
    int x = c->on;
    return permset_has(s->combat.attackers, x) && !(s->perm[x].flags & PF_BLOCKED) && c->dp > 0 ? c->dp : 0;
}

/* After blockers, removal on an opposing creature in a fight that kills
 * one's own creature: it is saved. */
static int score_rescue(const GameState *s, int p, const Cand *c)
{
    (void)p;
    int y = c->on;
    if (!permset_has(s->combat.attackers | s->combat.blockers, y)) return 0;
    int x = opponent_in_fight(s, y);
    return x >= 0 && (fight(s, x, 0, 0, y) & 1) ? heuristic_creature_value(s, x) + heuristic_creature_value(s, y) : 0;
}

/* An attacker (before blocks, or unblocked after). */
static int score_attacker(const GameState *s, int p, const Cand *c)
{
    (void)p;
    int y = c->on;
    if (!permset_has(s->combat.attackers, y)) return 0;
    if (s->step == STEP_DECLARE_BLOCKERS && (s->perm[y].flags & PF_BLOCKED)) return 0;
    return heuristic_creature_value(s, y);
}

/* The rules at the opponent's item on top of the stack: an answer to
 * removal or damage on one's own creature with a trick that saves it, or
 * to an Aura, a pump or an equip on the opponent's creature with removal
 * that kills it first. 0 to pass. */
static int answer(const GameState *s, int p, const Cand *c, const uint64_t *of)
{
    const StackItem *it = &s->stack[s->stack_n - 1];
    if (it->n_targets != 1 || it->t[0].kind != TK_PERM || it->kind == SI_TRIGGER) return 0;
    int i = it->t[0].v;
    const CardDef *d = &s->cards[it->card];
    const Ability *ab = it->ability != 0xFF ? &d->ab[it->ability] : NULL;
    if (!ab) return 0;
    if (perm_controller(s, i) == p) {
        int dmg = 0;
        for (int j = 0; j < ab->n_effects; j++) {
            const Effect *e = &ab->effect[j];
            if (e->who != SEL_TARGET) continue;
            if (e->op != OP_DAMAGE || e->n.kind != QTY_CONST) return 0;
            dmg += e->n.n;
        }
        const Permanent *q = &s->perm[i];
        for (uint64_t m = of[RC_TRICK]; m;) {
            int k = next_of(&m);
            if (c[k].on == i && q->damage + dmg >= q->toughness && q->damage + dmg < q->toughness + c[k].dt) return k;
        }
        return 0;
    }
    int helps = ab->kind == AB_ENCHANT ? aura_way(d) > 0 : ab->kind == AB_EQUIP;
    for (int j = 0; !helps && j < ab->n_effects && (ab->kind == AB_SPELL || ab->kind == AB_ACTIVATED); j++)
        helps = ab->effect[j].who == SEL_TARGET && policy_sense(&ab->effect[j]) > 0;
    if (!helps) return 0;
    for (uint64_t m = of[RC_KILL]; m;) {
        int k = next_of(&m);
        if (c[k].on == i) return k;
    }
    return 0;
}

/* The sum of the power of p's creatures (what they could deal next
 * turn). */
static int power_on_board(const GameState *s, int p)
{
    int sum = 0;
    for (PermIter it = permset_iter(s->perm_ctl[p]); permiter_more(&it);) {
        int i = permiter_next(&it);
        if (perm_is_creature(s, i) && perm_power(s, i) > 0) sum += perm_power(s, i);
    }
    return sum;
}

/* Damage to the opponent at its end step: from an ability (it comes back
 * next turn), or when the opponent's life is within reach of it and p's
 * creatures next turn. */
static int end_step_face(const GameState *s, int p, const Action *legal, const Cand *c, uint64_t faces)
{
    int best = 0;
    while (faces) {
        int k = next_of(&faces);
        if (legal[k].type == ACT_ACTIVATE) return k;
        if (!best || c[k].damage > c[best].damage) best = k;
    }
    return best && s->pl[1 - p].life <= c[best].damage + power_on_board(s, p) ? best : 0;
}

/* The mana candidate a spends: its card's mana value and X (a cast), its
 * ability's mana cost (an activation). */
static int mana_spent(const GameState *s, int p, const Action *a)
{
    if (a->type == ACT_CAST) return s->cards[OBJ_CARD(s, p, s->pl[p].hand[a->hand_idx])].mana_value + a->x;
    const Cost *c = &s->cards[s->perm[a->hand_idx].card].ab[a->ability].cost;
    int n = c->generic;
    for (int k = 0; k < COLOR_COUNT; k++) n += c->color[k];
    return n;
}

/* Whether p holds its mana for removal in its main phase instead of
 * taking candidate k (worth v): an instant's removal (RC_KILL) on a
 * creature worth more than v, which k's mana would leave too little to
 * cast in the opponent's turn (on an attacker, or at its end step). */
static int holds_for_removal(const GameState *s, int p, const Action *legal, const Cand *c, uint64_t kills, int k,
                             int v)
{
    int kill = 0, kill_v = v;
    while (kills) {
        int j = next_of(&kills), w;
        if (legal[j].type == ACT_CAST && (w = perm_worth(s, p, c[j].on)) > kill_v) { kill = j; kill_v = w; }
    }
    return kill && mana_total_now(s, p, 0) < mana_spent(s, p, &legal[k]) + mana_spent(s, p, &legal[kill]);
}

/* Whether ability ab (a spell's on its one target, else an activated
 * ability's on its source) is a pump as rules_play reads it in any state:
 * no cost but mana (and tapping), no X, effects it reads that all help
 * until end of turn (summarize's way 1, which read_perm takes for a
 * trick on one's own creature and for nothing on another's). */
static int pump_only(const Ability *ab, int on_target)
{
    if (dear_cost(&ab->cost) || ab->cost.x || !x_free(ab)) return 0;
    Sum m = summarize(ab, 0, on_target);
    return m.way > 0;
}

/* RF_TRICK: card d's spell (an instant's, a sorcery's) a pump_only of one
 * target that only a creature on the battlefield can be, without X: one
 * cast listed for each creature it may target, each read as a trick or
 * as nothing. */
static int trick_card(const CardDef *d)
{
    int k = spell_ability(d);
    if (k < 0 || (d->types & TYPE_LAND) || d->ab[k].kind != AB_SPELL || spell_x(d, k)) return 0;
    const Ability *ab = &d->ab[k];
    const TargetSpec *t = &ab->target[0];
    return ab->n_targets == 1 && t->what == TGT_OBJECT && t->f.zone == ZONE_BATTLEFIELD &&
           t->f.types == TYPE_CREATURE && t->min == 1 && t->max == 1 && t->divided == DIV_NONE &&
           pump_only(ab, 1);
}

/* RF_ACTS_TRICK: every ability of card d that list_activations lists
 * (ability_act_listed) an activated ability of its own, with no target,
 * that is pump_only on its source: one activation each. */
static int trick_acts(const CardDef *d)
{
    int n = 0;
    for (int k = 0; k < d->n_abilities; k++) {
        const Ability *a = &d->ab[k];
        if (!ability_act_listed(a)) continue;
        if (a->kind != AB_ACTIVATED || a->granted || a->n_targets || !pump_only(a, 0)) return 0;
        n++;
    }
    return n > 0;
}

uint8_t rules_card_facts(const CardDef *d)
{
    unsigned f = RF_MADE | (trick_card(d) ? RF_TRICK : 0u) | (trick_acts(d) ? RF_ACTS_TRICK : 0u);
    for (int k = 0; k < d->n_abilities; k++) {
        const Ability *ab = &d->ab[k];
        if (ab->kind != AB_SPELL) continue;
        for (int t = 0; t < ab->n_targets; t++)
            if (ab->target[t].what == TGT_OBJECT && ab->target[t].f.zone == ZONE_STACK) f |= RF_STACK;
        for (int j = 0; (d->types & TYPE_SORCERY) && j < ab->n_effects; j++)
            if (ab->effect[j].op == OP_DAMAGE || ab->effect[j].op == OP_LOSE_LIFE) f |= RF_SORCERY_BURN;
    }
    return (uint8_t)f;
}

int rules_looks_at_item(const GameState *s, int p)
{
    const StackItem *it = &s->stack[s->stack_n - 1];
    if (it->n_targets == 1 && it->t[0].kind == TK_PERM && it->kind != SI_TRIGGER && it->ability != 0xFF) return 1;
    if (s->spells & SPELLS_NO_HAND_LOOKS) return 0;   /* no card of the decks is one to look for */
    const Player *pl = &s->pl[p];
    for (int h = 0; h < pl->hand_n; h++) {
        unsigned f = s->cards[OBJ_CARD(s, p, pl->hand[h])].rules;
        if ((f & (RF_MADE | RF_STACK)) != RF_MADE) return 1;
    }
    return 0;
}

int rules_main2_looks(const GameState *s, int p)
{
    const Player *pl = &s->pl[p];
    uint64_t land = !(pl->flags & PL_LAND_PLAYED) || !(s->spells & SPELLS_NO_EXTRA_LAND) ? PLAY_ANY_LAND : 0;
    /* Without a land drop left, the hand is read for a sorcery that burns,
     * or one not made, alone: not where no card of the decks is one. */
    int hand_n = land || !(s->spells & SPELLS_NO_HAND_LOOKS) ? pl->hand_n : 0;
    for (int h = 0; h < hand_n; h++) {
        /* The play table's bits first (a creature, an instant: no card read). */
        uint64_t x = pl->play ? pl->play[pl->hand[h]] : 0;
        if (x & land) return 1;
        if (x & (PLAY_ANY_LAND | PLAY_CREATURE | PLAY_FAST)) continue;
        const CardDef *d = &s->cards[OBJ_CARD(s, p, pl->hand[h])];
        if ((land && (d->types & TYPE_LAND)) ||
            ((d->types & TYPE_SORCERY) && (d->rules & (RF_MADE | RF_SORCERY_BURN)) != RF_MADE))
            return 1;
    }
    int equipment = 0;                                       /* (an equip is an activated ability) */
    for (PermIter it = permset_iter(s->perm_ctl[p] & s->perm_acts); permiter_more(&it);) {
        const PermX *x = &s->px[permiter_next(&it)];
        equipment |= (x->abk & (PK_ATTACH | PK_ACTIVATED)) == (PK_ATTACH | PK_ACTIVATED) && x->attached == NO_SLOT;
    }
    for (PermIter it = permset_iter(s->perm_ctl[p]); equipment && permiter_more(&it);)
        if (perm_is_creature(s, permiter_next(&it))) return 1;
    return 0;
}

#define RULES_MAX 64   /* candidates read; a longer list goes to the look */
_Static_assert(RULES_MAX == TRICKS_MAX + 1, "rules_trick_steps: Policy.tricks' tricks and passing are read");

int rules_play(const GameState *s, int p, const Action *legal, int n)
{
    if (n > RULES_MAX) return RULES_LOOK;
    Cand c[RULES_MAX];            /* c[1 .. n-1] (passing is not read) */
    uint64_t of[RC_OTHER] = { 0 };   /* the candidates of each kind, a bit each */
    for (int k = 1; k < n;) {     /* a source at a time: its candidates follow each other */
        Src src;
        read_source(s, p, &legal[k], &src);
        switch (src.kind) {
        case SRC_READ: k = read_run_effects(s, p, legal, k, n, &src.m, c, of); break;
        case SRC_EQUIP: k = read_run(s, p, legal, k, n, &src, SRC_EQUIP, c, of); break;
        case SRC_PERM: k = read_run(s, p, legal, k, n, &src, SRC_PERM, c, of); break;
        case SRC_AURA: k = read_run(s, p, legal, k, n, &src, SRC_AURA, c, of); break;
        default: return RULES_LOOK;                          /* RC_OTHER */
        }
        if (k < 0) return RULES_LOOK;
    }
    int life = s->pl[1 - p].life, k;
    int own = s->active == p, blocks = s->step == STEP_DECLARE_BLOCKERS;
    if (own && blocks && (life -= unblocked_power(s, p)) <= 0) return 0;   /* the combat's damage wins */
    if (of[RC_FACE] && (k = lethal(s, p, legal, c, of[RC_FACE], life))) return k;
    if (own && blocks)                                       /* a pump the unblocked damage makes lethal */
        for (uint64_t m = of[RC_TRICK]; m;) {
            int j = next_of(&m);
            if (score_pump_unblocked(s, p, &c[j]) >= life) return j;
        }
    if (s->stack_n) return answer(s, p, c, of);
    /* No RC_TRICK is taken in the main phases, the declare attackers step
     * and the end step: the heuristic passes on tricks alone there
     * (rules_trick_steps). */
    switch (s->step) {
    case STEP_MAIN1: case STEP_MAIN2:
        for (uint64_t m = of[RC_KILL]; m;) {                 /* a sorcery's removal */
            int j = next_of(&m);
            if (legal[j].type == ACT_CAST &&
                (s->cards[OBJ_CARD(s, p, s->pl[p].hand[legal[j].hand_idx])].types & TYPE_SORCERY))
                return best_of(s, p, c, of[RC_KILL], score_value);
        }
        if (s->step == STEP_MAIN1 && of[RC_KILL]) {
            int attacker = 0;
            for (PermIter it = permset_iter(s->perm_ctl[p]); permiter_more(&it) && !attacker;)
                attacker = combat_may_attack(s, permiter_next(&it));
            if (attacker && (k = best_of(s, p, c, of[RC_KILL], score_blocker))) return k;
        }
        /* A creature (or an anthem) against an Aura that hinders the
         * opponent's: the one worth more. */
        int v, hv;
        k = best_of_v(s, p, c, of[RC_PERM], score_creature, &v);
        int h = best_of_v(s, p, c, of[RC_AURA_HARM], score_harm, &hv);
        if (h && (!k || hv > v)) { k = h; v = hv; }
        if (!k && !(k = best_of(s, p, c, of[RC_PERM], score_mana)) && !(k = best_of(s, p, c, of[RC_AURA_HELP], score_own)))
            k = best_of(s, p, c, of[RC_EQUIP], score_equip);
        return k && holds_for_removal(s, p, legal, c, of[RC_KILL], k, v) ? 0 : k;
    case STEP_DECLARE_ATTACKERS:
        return own ? 0 : best_of(s, p, c, of[RC_KILL], score_attacker);
    case STEP_DECLARE_BLOCKERS:
        if ((k = best_of(s, p, c, of[RC_KILL], score_rescue))) return k;
        if ((k = best_of(s, p, c, of[RC_TRICK], score_trick))) return k;
        if (!own) return best_of(s, p, c, of[RC_KILL], score_attacker);
        for (uint64_t m = of[RC_TRICK]; m;) {
            int j = next_of(&m);
            if (legal[j].type == ACT_ACTIVATE && score_pump_unblocked(s, p, &c[j])) return j;
        }
        return 0;
    case STEP_END:
        if ((k = best_of(s, p, c, of[RC_KILL], score_value))) return k;
        return end_step_face(s, p, legal, c, of[RC_FACE]);
    default:
        return RULES_LOOK;
    }
}
