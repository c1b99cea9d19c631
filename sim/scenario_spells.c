/* scenario_spells.c: running a scenario with spells and abilities (the
 * section "Spells, abilities and the main phase" of
 * tests/spec/scenario-format.md), and what it prints.
 *
 * The position is built by hand with card objects in every zone; then
 * each step from main1 (or the declare attackers step) to the end of
 * combat gives priority as the rules do (117.5: state-based actions, then
 * waiting triggered abilities onto the stack), and the file's entries for
 * that step are cast or activated in list order through the engine's
 * action_apply (mana costs taken as paid, every other cost paid, timing and
 * targets checked: an entry the engine refuses leaves the state as it was
 * and ends the run with "illegal_spell"). Before an entry the stack
 * resolves completely, unless the entry responds; after the last entry of
 * a step it resolves completely. Combat's turn-based actions are the same
 * calls as a scenario without spells makes (scenario.c).
 *
 * No rule is decided here. */
#include <stdlib.h>
#include <string.h>

#include "scenario_int.h"
#include "engine/stack.h"
#include "engine/layers.h"
#include "engine/ability.h"
#include "engine/mana_ability.h"

/* Where an object is; ZONE_* of ability.h, or these. */
enum { WHERE_NONE = -1 };

/* What a run needs besides the state (the state is the Outcome's). */
typedef struct Run {
    const Scenario *sc;
    Outcome *o;
    GameState *s;
    Game g;
    CardPool view;
    Rng rng[4];
    Policy pol;                      /* answers the choices: targets, divisions, "you may" */
    int armed;                       /* the entry whose trigger_targets apply now, or -1 */
    int casting;                     /* the entry being cast or activated now, or -1 */
    int cursor[SCN_SPELL_MAX];       /* per entry: its `choices` answered so far */
    GameState back;                  /* the state before an entry, to go back to */
} Run;

/* ------------------------------------------------------------- locating */

/* Where permanent-or-card i of perm[] is in s; *slot: its slot on the
 * battlefield, or its place on the stack. */
static int perm_where(const Scenario *sc, const Outcome *o, const GameState *s, int i, int *slot)
{
    const ScnPerm *q = &sc->perm[i];
    *slot = -1;
    if (q->token) {
        int t = o->start_slot[i];
        if (t >= 0 && permset_has(s->perm_used, t) && s->px[t].ts == o->start_ts[i]) { *slot = t; return ZONE_BATTLEFIELD; }
        return WHERE_NONE;
    }
    int p = q->player, obj = q->obj;
    for (PermIter it = permset_iter(s->perm_used); permiter_more(&it);) {
        int j = permiter_next(&it);
        if (s->perm[j].obj == obj && s->px[j].owner == p) { *slot = j; return ZONE_BATTLEFIELD; }
    }
    const Player *pl = &s->pl[p];
    if (obj >= pl->deck_n) return WHERE_NONE;                       /* a card not cast yet */
    for (int k = 0; k < pl->hand_n; k++) if (pl->hand[k] == obj) return ZONE_HAND;
    for (int k = 0; k < pl->lib_n; k++) if (pl->lib[pl->lib_top + k] == obj) return ZONE_LIBRARY;
    if (bits256_has(pl->gy, obj)) return ZONE_GRAVEYARD;
    if (bits256_has(s->exile[p], obj)) return ZONE_EXILE;
    for (int k = 0; k < s->stack_n; k++)
        if (s->stack[k].kind == SI_SPELL && s->stack[k].owner == p && s->stack[k].obj == obj) { *slot = k; return ZONE_STACK; }
    return WHERE_NONE;
}

static int card_where(const Scenario *sc, const GameState *s, int c)
{
    const ScnCard *x = &sc->card[c];
    const Player *pl = &s->pl[x->owner];
    int obj = x->obj;
    for (PermIter it = permset_iter(s->perm_used); permiter_more(&it);) {
        int j = permiter_next(&it);
        if (s->perm[j].obj == obj && s->px[j].owner == x->owner) return ZONE_BATTLEFIELD;
    }
    for (int k = 0; k < pl->hand_n; k++) if (pl->hand[k] == obj) return ZONE_HAND;
    for (int k = 0; k < pl->lib_n; k++) if (pl->lib[pl->lib_top + k] == obj) return ZONE_LIBRARY;
    if (bits256_has(pl->gy, obj)) return ZONE_GRAVEYARD;
    if (bits256_has(s->exile[x->owner], obj)) return ZONE_EXILE;
    for (int k = 0; k < s->stack_n; k++)
        if (s->stack[k].kind == SI_SPELL && s->stack[k].owner == x->owner && s->stack[k].obj == obj) return ZONE_STACK;
    return WHERE_NONE;
}

static const char *zone_word(int z)
{
    switch (z) {
    case ZONE_BATTLEFIELD: return "battlefield";
    case ZONE_GRAVEYARD: return "graveyard";
    case ZONE_EXILE: return "exile";
    case ZONE_HAND: return "hand";
    case ZONE_LIBRARY: return "library";
    case ZONE_STACK: return "stack";
    default: return "none";
    }
}

/* Every permanent's slot now (-1 when not on the battlefield), for the
 * combat declarations and assignments. */
static void refresh_slots(Run *r)
{
    for (int i = 0; i < r->sc->n_perm; i++) {
        int slot, z = perm_where(r->sc, r->o, r->s, i, &slot);
        r->o->slot[i] = z == ZONE_BATTLEFIELD ? slot : -1;
    }
}

/* A target the file names, as the engine's kind and value now. One that
 * is nowhere it could be targeted gets a value no legal choice has. */
static void target_now(const Run *r, const ScnTarget *t, uint8_t *tk, uint8_t *tv)
{
    const GameState *s = r->s;
    int slot;
    *tk = TK_CARD;
    *tv = 0xFF;
    switch (t->kind) {
    case ST_PLAYER: *tk = TK_PLAYER; *tv = (uint8_t)t->v; return;
    case ST_PERM:
        switch (perm_where(r->sc, r->o, s, t->v, &slot)) {
        case ZONE_BATTLEFIELD: *tk = TK_PERM; *tv = (uint8_t)slot; return;
        case ZONE_STACK: *tk = TK_STACK; *tv = (uint8_t)slot; return;
        default: *tv = (uint8_t)r->sc->perm[t->v].obj; return;
        }
    case ST_CARD: *tv = (uint8_t)r->sc->card[t->v].obj; return;
    default: {                                                /* ST_SPELL */
        int k = r->o->ts[t->v] ? stack_find(s, r->o->ts[t->v]) : -1;
        *tk = TK_STACK;
        if (k >= 0) *tv = (uint8_t)k;
        return;
    }
    }
}

/* --------------------------------------------------------------- events */

/* A token of the file that dies (it went to a graveyard, then ceased to
 * exist, 704.5d): kept for `graveyard`. */
static void on_dies(void *ctx, const GameState *s, const Event *e)
{
    Run *r = ctx;
    int slot = e->perm;
    if (slot >= PERM_MAX || !(s->px[slot].xflags & PX_TOKEN)) return;
    for (int i = 0; i < r->sc->n_perm; i++)
        if (r->sc->perm[i].token && r->o->start_slot[i] == slot && r->o->start_ts[i] == s->px[slot].ts &&
            r->o->died_n < SCN_PERM_MAX)
            r->o->died[r->o->died_n++] = i;
}

/* The card whose abilities entry k casts or activates (a def index). */
static int entry_card(const Run *r, int k)
{
    const ScnSpell *sp = &r->sc->spell[k];
    return r->sc->perm[sp->perm >= 0 ? sp->perm : sp->source].def;
}

/* The option of c (CH_TARGETS with one target, CH_TARGET_NEXT) that is
 * target t of the file now; -1: none. */
static int option_of(const Run *r, const Choice *c, const ScnTarget *t)
{
    uint8_t tk, tv;
    target_now(r, t, &tk, &tv);
    for (int k = 0; k < c->n; k++)
        if (c->opt[k].tk[0] == tk && c->opt[k].tv[0] == tv) return k;
    return -1;
}

/* The next answer of a kind (a true/false; a color: `color`) of the
 * `choices` of the latest entry cast or activated whose card asks c, or
 * -1 when it has none left. */
static int next_answer(Run *r, const Choice *c, int color)
{
    for (int k = r->sc->n_spell - 1; k >= 0; k--) {
        const ScnSpell *sp = &r->sc->spell[k];
        if ((!r->o->ts[k] && k != r->casting) || entry_card(r, k) != c->card) continue;
        while (r->cursor[k] < sp->n_choice) {
            int v = sp->choice[r->cursor[k]++];
            if (color ? v >= SCN_CHOICE_COLOR : v == SCN_CHOICE_YES || v == SCN_CHOICE_NO) return v;
        }
    }
    return -1;
}

/* "You may": the next true/false; the engine's default (yes) when none
 * is left. */
static int answer_may(Run *r, const Choice *c)
{
    return next_answer(r, c, 0) == SCN_CHOICE_NO;
}

/* "Choose a color" as a permanent enters (614.12): the next color; the
 * engine's default (white) when none is left. */
static int answer_color(Run *r, const Choice *c)
{
    int v = next_answer(r, c, 1);
    return v < 0 ? 0 : v - SCN_CHOICE_COLOR;
}

/* The file's answers: the targets and division of the entry being cast
 * (several targets of one spec, chosen one by one), and of the triggered
 * ability its permanent's entering caused (trigger_targets and its
 * division); "you may" from `choices`; else the engine's default (option
 * 0). An answer that fits no option is -1, which the engine takes for
 * its default: the check after the entry then finds the difference. */
static int choose(const Policy *pol, const GameState *s, const Game *g, int player, Rng *rng, const Choice *c)
{
    (void)s; (void)g; (void)player; (void)rng;
    Run *r = (Run *)pol->self;
    if (c->kind == CH_MAY) return answer_may(r, c);
    if (c->kind == CH_COLOR && c->n == 5) return answer_color(r, c);
    int k = r->casting >= 0 && c->card == entry_card(r, r->casting) ? r->casting : -1, trig = 0;
    if (k < 0 && r->armed >= 0 && c->card == r->sc->perm[r->sc->spell[r->armed].perm].def) { k = r->armed; trig = 1; }
    if (k < 0) return 0;
    const ScnSpell *sp = &r->sc->spell[k];
    const ScnTarget *t = trig ? sp->trig : sp->t;
    int n = trig ? sp->n_trig : sp->n_targets;
    if (trig && !n) return 0;                                   /* no trigger_targets: the default */
    switch (c->kind) {
    case CH_TARGETS: {
        for (int o = 0; o < c->n; o++) {
            int same = 1;
            for (int j = 0; j < n; j++) {
                uint8_t tk, tv;
                target_now(r, &t[j], &tk, &tv);
                same &= c->opt[o].tk[j] == tk && c->opt[o].tv[j] == tv;
            }
            if (same) return o;
        }
        return -1;
    }
    case CH_TARGET_COUNT: return n - c->base;
    case CH_TARGET_NEXT: return c->step < n ? option_of(r, c, &t[c->step]) : -1;
    case CH_DIVIDE:
        if (sp->divide != (trig ? 2 : 1)) return 0;
        return sp->div[c->step] - 1;
    default: return 0;
    }
}

/* Whether the item it has the targets t[0 .. n-1] of the file, in order,
 * and the division div (if given). */
static int item_as_given(const Run *r, const StackItem *it, const ScnTarget *t, int n, const int *div)
{
    if (it->n_targets != n) return 0;
    for (int j = 0; j < n; j++) {
        uint8_t tk, tv;
        target_now(r, &t[j], &tk, &tv);
        if (it->t[j].kind != tk || it->t[j].v != tv || (div && it->t[j].amount != div[j])) return 0;
    }
    return 1;
}

/* ------------------------------------------------------------- priority */

/* Debug builds: every invariant of the state, the first failure kept. */
static void check(Run *r)
{
#ifndef NDEBUG
    char msg[160];
    if (!r->o->check[0] && state_check(r->s, &r->g, msg, (int)sizeof msg) != 0)
        snprintf(r->o->check, sizeof r->o->check, "state_check: %s", msg);
#else
    (void)r;
#endif
}

/* Whether the armed entry's triggered ability went on the stack with the
 * targets the file gives. */
static int trigger_as_given(const Run *r)
{
    const GameState *s = r->s;
    const ScnSpell *sp = &r->sc->spell[r->armed];
    for (int k = s->stack_n - 1; k >= 0; k--) {
        const StackItem *it = &s->stack[k];
        if (it->kind != SI_TRIGGER || it->card != r->sc->perm[sp->perm].def) continue;
        return item_as_given(r, it, sp->trig, sp->n_trig, sp->divide == 2 ? sp->div : NULL);
    }
    return 0;   /* no legal target: it was removed (603.3d) */
}

/* 117.5: the state-based actions, then the waiting triggered abilities
 * onto the stack, until neither (as stack.c's priority does). Returns -1
 * when the run stops (the game is over, or trigger_targets could not be
 * chosen: the state goes back to before). */
static int settle(Run *r)
{
    GameState *s = r->s;
    int armed = r->armed >= 0 && r->sc->spell[r->armed].n_trig, died = r->o->died_n;
    if (armed) state_fork(&r->back, s);
    if (s->error == ERR_CAPACITY && !s->over) game_end(s, &r->g, 2, END_CAPACITY);
    do {
        layers_refresh(s);
        sba_apply(s, &r->g);
        layers_refresh(s);
    } while (!s->over && triggers_put(s, &r->g));
    if (s->over && s->error == ERR_CAPACITY) r->o->err = ERR_CAPACITY;
    if (armed && !s->over && !trigger_as_given(r)) {
        state_fork(s, &r->back);
        r->o->died_n = died;
        r->o->err = SCN_ERR_ILLEGAL_SPELL;
    }
    r->armed = -1;
    check(r);
    return s->over || r->o->err ? -1 : 0;
}

/* 608: the top of the stack resolves; the entries learn how theirs ended. */
static void resolve_top(Run *r)
{
    GameState *s = r->s;
    Outcome *o = r->o;
    uint32_t ts = s->stack[s->stack_n - 1].ts;
    stack_resolve_top(s, &r->g);
    for (int k = 0; k < r->sc->n_spell; k++) {
        if (!o->ts[k] || o->result[k]) continue;
        if (o->ts[k] == ts) {
            o->result[k] = s->last_result;
            if (s->last_result == RES_RESOLVED && r->sc->spell[k].perm >= 0) r->armed = k;
        } else if (stack_find(s, o->ts[k]) < 0) {
            o->result[k] = SCN_COUNTERED;                           /* 701.5 */
        }
    }
}

/* Both players pass until the stack is empty. */
static int resolve_all(Run *r)
{
    while (r->s->stack_n && !r->s->over) {
        resolve_top(r);
        if (settle(r)) return -1;
    }
    return r->s->over ? -1 : 0;
}

/* Entry k is cast or activated by its caster. */
static int cast_entry(Run *r, int k)
{
    const Scenario *sc = r->sc;
    const ScnSpell *sp = &sc->spell[k];
    GameState *s = r->s;
    Outcome *o = r->o;
    int p = sp->caster, died = o->died_n;
    Player *pl = &s->pl[p];
    Action a;
    memset(&a, 0, sizeof a);
    state_fork(&r->back, s);
    if (sp->perm >= 0) {
        /* The card comes into its owner's hand (its object: the next one
         * of the player's deck) and is cast from there. */
        const ScnPerm *q = &sc->perm[sp->perm];
        if (pl->hand_n >= HAND_MAX) { o->err = ERR_CAPACITY; return -1; }
        pl->deck_n = (uint8_t)(q->obj + 1);
        if (player_free_spells(s, p)) pl->flags |= PL_FREE_SPELLS;
        if (player_gy_abilities(s, p)) pl->flags |= PL_GY_ABILITIES;
        pl->hand[pl->hand_n++] = (uint8_t)q->obj;
        a.type = ACT_CAST;
        a.hand_idx = (uint8_t)(pl->hand_n - 1);
    } else {
        int slot, z = perm_where(sc, o, s, sp->source, &slot);
        if (z != ZONE_BATTLEFIELD && z != ZONE_GRAVEYARD) { o->err = SCN_ERR_ILLEGAL_SPELL; return -1; }
        a.type = z == ZONE_GRAVEYARD ? ACT_GY_ACTIVATE : ACT_ACTIVATE;   /* 113.6: from a graveyard */
        a.hand_idx = (uint8_t)(z == ZONE_GRAVEYARD ? sc->perm[sp->source].obj : slot);
        a.ability = (uint8_t)sp->ability;
    }
    a.x = (uint8_t)sp->x;
    a.n_targets = (uint8_t)sp->n_targets;
    if (sp->many) a.tk[0] = TK_MANY;                  /* chosen one by one as it is cast (choose) */
    else for (int j = 0; j < sp->n_targets; j++) {
        target_now(r, &sp->t[j], &a.tk[j], &a.tv[j]);
        /* A card in player 1's graveyard (Action.towner: whose card it is). */
        int owner = sp->t[j].kind == ST_CARD ? sc->card[sp->t[j].v].owner
                  : sp->t[j].kind == ST_PERM ? sc->perm[sp->t[j].v].player : 0;
        if (a.tk[j] == TK_CARD && owner == 1) a.towner |= (uint8_t)(1u << j);
    }
    action_default_costs(s, p, &a, 1);           /* a permanent sacrificed, cards discarded: not named here */
    int err;
    if (sp->mana) {                                   /* 605.3b: no stack; the color from `choices` */
        int color = -1;
        for (int j = 0; j < sp->n_choice; j++)
            if (sp->choice[j] >= SCN_CHOICE_COLOR && color < 0) color = sp->choice[j] - SCN_CHOICE_COLOR;
        err = mana_ability_activate(s, &r->g, p, a.hand_idx, sp->ability, color);
    } else {
        r->casting = k;
        err = action_apply(s, &r->g, p, &a, 1);
        r->casting = -1;
        /* The targets and division chosen one by one must be the file's
         * (an answer that fit no option took the engine's default). */
        if (!err && sp->many && !item_as_given(r, &s->stack[s->stack_n - 1], sp->t, sp->n_targets,
                                                sp->divide == 1 ? sp->div : NULL))
            err = SCN_ERR_ILLEGAL_SPELL;
    }
    if (err) {
        state_fork(s, &r->back);
        o->died_n = died;
        o->err = err == ERR_CAPACITY ? ERR_CAPACITY : SCN_ERR_ILLEGAL_SPELL;
        return -1;
    }
    if (sp->mana) { o->result[k] = RES_RESOLVED; return 0; }
    o->ts[k] = s->stack[s->stack_n - 1].ts;
    return 0;
}

/* A step in which players receive priority: the entries for it, each
 * after the stack resolved (unless it responds), then the stack resolves.
 * Returns -1 when the run stops. */
static int priority_step(Run *r, int step)
{
    const Scenario *sc = r->sc;
    r->s->step = (uint8_t)step;
    if (settle(r)) return -1;
    for (int k = 0; k < sc->n_spell; k++) {
        if (sc->spell[k].step != step) continue;
        if (!sc->spell[k].respond && resolve_all(r)) return -1;
        if (cast_entry(r, k) || settle(r)) return -1;
    }
    return resolve_all(r);
}

/* ---------------------------------------------------------------- setup */

static int setup(Run *r)
{
    const Scenario *sc = r->sc;
    GameState *s = r->s;
    r->view.cards = sc->def;
    r->view.n = sc->n_def;
    Game *g = &r->g;
    g->pool = &r->view;
    g->edition = (uint8_t)sc->edition;
    g->turn_cap = TURN_CAP_DEFAULT;
    for (int k = 0; k < 4; k++) rng_seed(&r->rng[k], 1, (uint64_t)k, 0);   /* nothing played draws at random */
    g->deck_rng[0] = &r->rng[0]; g->deck_rng[1] = &r->rng[1];
    g->policy_rng[0] = &r->rng[2]; g->policy_rng[1] = &r->rng[3];
    r->pol.name = "scenario";
    r->pol.self = r;
    r->pol.choose = choose;
    g->policy[0] = g->policy[1] = &r->pol;
    g->on_event[EV_DIES] = on_dies;
    g->event_ctx = r;
    r->armed = -1;
    r->casting = -1;

    state_clear(s, &r->view, sc->edition);
    /* Basic lands are permanents in a scenario (its battlefield lists them), as in a game with land
     * objects: "target land" names them, the payer and the policies see them. */
    s->spells = SPELLS_ON | SPELLS_LAND_OBJECTS;
    s->active = (uint8_t)sc->active;
    s->starting = (uint8_t)sc->active;
    s->turn = 2;                     /* any turn but the first */
    for (int p = 0; p < 2; p++) {
        s->pl[p].life = (int16_t)sc->life[p];
        s->pl[p].poison = (uint8_t)sc->poison[p];
        s->pl[p].prevent = (int16_t)sc->prevent[p];
        g->deck[p] = &r->o->deck[p];
    }
    /* Card objects, and the cards cast after them. */
    for (int i = 0; i < sc->n_perm; i++)
        if (!sc->perm[i].token) r->o->deck[sc->perm[i].player].card[sc->perm[i].obj] = (uint16_t)sc->perm[i].def;
    for (int c = 0; c < sc->n_card; c++) r->o->deck[sc->card[c].owner].card[sc->card[c].obj] = (uint16_t)sc->card[c].def;
    for (int p = 0; p < 2; p++) {
        Player *pl = &s->pl[p];
        r->o->deck[p].n = sc->objs[p];
        for (int i = 0; i < sc->n_perm; i++)
            if (sc->perm[i].entry >= 0 && sc->perm[i].player == p && sc->perm[i].obj + 1 > r->o->deck[p].n)
                r->o->deck[p].n = sc->perm[i].obj + 1;
        pl->deck = r->o->deck[p].card;
        pl->deck_n = (uint8_t)sc->objs[p];
        if (player_free_spells(s, p)) pl->flags |= PL_FREE_SPELLS;
        if (player_gy_abilities(s, p)) pl->flags |= PL_GY_ABILITIES;
        pl->lib = r->o->lib[p];
    }
    for (int c = 0; c < sc->n_card; c++) {
        const ScnCard *x = &sc->card[c];
        Player *pl = &s->pl[x->owner];
        if (x->zone == ZONE_HAND) pl->hand[pl->hand_n++] = (uint8_t)x->obj;
        else if (x->zone == ZONE_LIBRARY) r->o->lib[x->owner][pl->lib_n++] = (uint8_t)x->obj;
        else { bits256_set(pl->gy, x->obj); pl->gy_n++; }
    }
    /* The permanents, as they stand: no enters-the-battlefield ability
     * triggers for a position set up by hand. */
    for (int i = 0; i < sc->n_perm; i++) {
        const ScnPerm *q = &sc->perm[i];
        r->o->start_slot[i] = -1;
        if (q->entry >= 0) continue;
        const CardDef *d = &sc->def[q->def];
        int slot = perm_create(s, q->player, (uint16_t)q->def, q->token ? OBJ_NONE : (uint8_t)q->obj);
        if (slot < 0) return -1;                     /* n_perm <= PERM_MAX at the start */
        PermX *x = &s->px[slot];
        memset(x, 0, sizeof *x);
        x->ts = state_ts(s);
        x->owner = (uint8_t)q->player;
        x->attached = NO_SLOT;
        x->colors = d->colors;
        perm_set_abk(s, slot, d);
        if (q->token) x->xflags |= PX_TOKEN;
        if (d->types & TYPE_LAND) x->xflags |= PX_LAND;
        Permanent *m = &s->perm[slot];
        m->damage = (uint8_t)q->damage;
        m->plus = (uint8_t)q->plus;
        m->minus = (uint8_t)q->minus;
        m->loyalty = (uint8_t)(q->loyalty >= 0 ? q->loyalty : d->loyalty);
        m->prevent = (uint8_t)q->prevent;
        m->flags |= (uint8_t)((q->tapped ? PF_TAPPED : 0) | (q->sick ? PF_SICK : 0));
        r->o->start_slot[i] = slot;
        r->o->start_ts[i] = x->ts;
    }
    for (int i = 0; i < sc->n_perm; i++)
        if (sc->perm[i].attached >= 0 && r->o->start_slot[i] >= 0)
            s->px[r->o->start_slot[i]].attached = (uint8_t)r->o->start_slot[sc->perm[i].attached];
    s->layers_dirty = 1;
    layers_refresh(s);
    /* As without spells: what state-based actions act on in the setup
     * acts the first time a player would receive priority (117.5). */
    s->sba_pending = 1;
    return 0;
}

/* ------------------------------------------------------------------ run */

void scn_run_spells(const Scenario *sc, Outcome *o)
{
    Run *r = calloc(1, sizeof *r);
    o->err = MTG_OK;
    o->had_fs = 0;
    if (!r) { o->err = ERR_CAPACITY; return; }
    r->sc = sc;
    r->o = o;
    r->s = &o->end;
    GameState *s = r->s;
    Game *g = &r->g;
    if (setup(r)) { o->err = ERR_CAPACITY; goto out; }

    if (sc->main1) {
        if (priority_step(r, STEP_MAIN1) || priority_step(r, STEP_BEGIN_COMBAT)) goto out;
    }
    /* 508: declare attackers; their "attacks" abilities trigger (508.3a). */
    s->step = STEP_DECLARE_ATTACKERS;
    refresh_slots(r);
    if ((o->err = scn_declare_attackers(sc, o, s, g)) != MTG_OK) goto out;
    for (int k = 0; k < sc->n_att; k++) {
        int a = o->slot[sc->att[k]];
        trigger_event(s, TR_ATTACKS, a, s->perm[a].card, s->active, s->active, 0);
    }
    triggers_attacks(s);                                     /* "whenever a creature ... attacks you" */
    if (priority_step(r, STEP_DECLARE_ATTACKERS)) goto out;
    if (sc->n_att) {
        /* 509: declare blockers, then the damage assignment orders (2011). */
        s->step = STEP_DECLARE_BLOCKERS;
        refresh_slots(r);
        if ((o->err = scn_declare_blockers(sc, o, s, g)) != MTG_OK) goto out;
        if (sc->n_blk) triggers_blocks(s);                 /* 509.5: "blocks", "becomes blocked" */
        if (priority_step(r, STEP_DECLARE_BLOCKERS)) goto out;

        /* 510: combat damage, a first-strike step first when one is due. */
        if (combat_has_first_strike(s)) {
            s->step = STEP_FIRST_STRIKE_DAMAGE;
            refresh_slots(r);
            if ((o->err = scn_damage_step(sc, o, s, g, 1)) != MTG_OK) goto out;
            o->had_fs = 1;
            o->after_fs = *s;
            o->died_fs_n = o->died_n;
            if (s->over) goto out;                         /* 104.3: the game ended there */
            if (priority_step(r, STEP_FIRST_STRIKE_DAMAGE)) goto out;
        } else {
            for (int k = 0; k < sc->n_spell; k++)
                if (sc->spell[k].step == STEP_FIRST_STRIKE_DAMAGE) {   /* a step that never comes */
                    o->err = SCN_ERR_ILLEGAL_SPELL;
                    goto out;
                }
        }
        s->step = STEP_COMBAT_DAMAGE;
        refresh_slots(r);
        if ((o->err = scn_damage_step(sc, o, s, g, 0)) != MTG_OK) goto out;
        if (s->over || priority_step(r, STEP_COMBAT_DAMAGE)) goto out;
    }   /* else 508.8: on to the end of combat step */
    triggers_end_of_combat(s);                             /* 511.2, 603.7 */
    if (priority_step(r, STEP_END_COMBAT)) goto out;
    combat_end(s);                                         /* 511.3 */
out:
    refresh_slots(r);
    free(r);
}

/* --------------------------------------------------------------- output */

static void add_counters(cJSON *e, const Permanent *q, int pw)
{
    cJSON *cn = cJSON_AddObjectToObject(e, "counters");
    if (q->plus) cJSON_AddNumberToObject(cn, "+1/+1", q->plus);
    if (q->minus) cJSON_AddNumberToObject(cn, "-1/-1", q->minus);
    if (pw) cJSON_AddNumberToObject(cn, "loyalty", q->loyalty);
}

/* The id of the permanent in slot `slot` of s, or NULL (none, or one the
 * file gave no id). */
static const char *id_at(const Scenario *sc, const Outcome *o, const GameState *s, int slot)
{
    for (int i = 0; i < sc->n_perm; i++) {
        int at;
        if (perm_where(sc, o, s, i, &at) == ZONE_BATTLEFIELD && at == slot) return sc->perm[i].id[0] ? sc->perm[i].id : NULL;
    }
    return NULL;
}

/* Adds to ks the qualities of one instance of protection (702.16a) from
 * a static ability: its card types and subtypes (its colors are in
 * PermX.prot with those of every other instance). */
static int protection_visit(const GameState *s, int i, const Filter *param, int src, const void *ctx)
{
    (void)s; (void)i; (void)src;
    ScnKwSet *ks = (ScnKwSet *)ctx;
    for (int t = 0; t < SCN_PROT_TYPES; t++)
        if (param->types & (1u << t)) scn_kw_add(ks, SCN_KW_PROT_TYPE + t);
    for (int k = 0; k < FILTER_SUBTYPES && param->subtype[k]; k++)
        scn_kw_add(ks, SCN_KW_PROT_SUBTYPE + param->subtype[k] - 1);
    return 0;
}

/* Adds to ks the land type of one instance of landwalk (702.14a), the one
 * combat_rules.c's evasion reads. */
static int landwalk_visit(const GameState *s, int i, const Filter *param, int src, const void *ctx)
{
    (void)s; (void)i; (void)src;
    scn_kw_add((ScnKwSet *)ctx, SCN_KW_WALK + param->subtype[0] - 1);
    return 0;
}

/* The keywords permanent `slot` has now, as the layers computed them: the
 * engine's keyword bits, the rules abilities that are keywords, and one
 * entry per quality of protection and per land type of landwalk. These
 * two have their parameters in the abilities that grant them (layers.h):
 * read, as combat and targeting read them, only when the permanent has
 * the rule, with protection's colors (from every source: Stave Off's
 * chosen color, Voice of All's) in PermX.prot. */
static ScnKwSet keywords_of(const GameState *s, int slot)
{
    ScnKwSet ks = { { 0 } };
    const PermX *x = &s->px[slot];
    for (int k = 0; k < KW_COUNT; k++)
        if (s->perm[slot].kw & (1u << k)) scn_kw_add(&ks, k);
    for (int j = 0; j < SCN_RULE_KW_N; j++)
        if (perm_rule(s, slot, scn_rule_keyword(j))) scn_kw_add(&ks, SCN_KW_RULE + j);
    if (perm_rule(s, slot, RULE_PROTECTION)) {
        for (int c = 0; c < 5; c++)
            if (x->prot & (1u << c)) scn_kw_add(&ks, SCN_KW_PROT_COLOR + c);
        if (x->xflags & PX_PROT_WIDE) layers_each_rule(s, slot, RULE_PROTECTION, protection_visit, &ks);
    }
    if (perm_rule(s, slot, RULE_LANDWALK)) layers_each_rule(s, slot, RULE_LANDWALK, landwalk_visit, &ks);
    return ks;
}

/* A permanent's `keywords`: its keywords by name, in the order they are
 * numbered (scenario_int.h). */
static void add_keywords(cJSON *kw, const Scenario *sc, const GameState *s, int slot)
{
    ScnKwSet ks = keywords_of(s, slot);
    char name[SCN_KW_NAME_MAX];
    for (int k = 0; k < SCN_KW_N; k++)
        if (scn_kw_has(&ks, k)) cJSON_AddItemToArray(kw, cJSON_CreateString(scn_keyword_name(sc, k, name)));
}

cJSON *scn_state_json_spells(cJSON *r, const Scenario *sc, const Outcome *o, const GameState *s, int fs)
{
    cJSON *pl = cJSON_AddArrayToObject(r, "players");
    for (int p = 0; p < 2; p++) {
        cJSON *e = cJSON_CreateObject();
        int tokens = 0;
        for (PermIter it = permset_iter(s->perm_ctl[p]); permiter_more(&it);)
            tokens += (s->px[permiter_next(&it)].xflags & PX_TOKEN) != 0;
        cJSON_AddNumberToObject(e, "life", s->pl[p].life);
        cJSON_AddNumberToObject(e, "poison", s->pl[p].poison);
        cJSON_AddBoolToObject(e, "lost", (s->pl[p].flags & PL_LOST) != 0);
        cJSON_AddNumberToObject(e, "hand", s->pl[p].hand_n);
        cJSON_AddNumberToObject(e, "library", s->pl[p].lib_n);
        cJSON_AddNumberToObject(e, "graveyard", s->pl[p].gy_n);
        cJSON_AddNumberToObject(e, "tokens", tokens);
        cJSON_AddItemToArray(pl, e);
    }
    /* What went to a graveyard during the scenario: cards there now that
     * were not at the start, and tokens that died. */
    cJSON *gy = cJSON_AddArrayToObject(r, "graveyard");
    int died_n = fs ? o->died_fs_n : o->died_n;
    for (int i = 0; i < sc->n_perm; i++) {
        int slot, z = perm_where(sc, o, s, i, &slot), died = 0;
        for (int k = 0; k < died_n; k++) died |= o->died[k] == i;
        if (sc->perm[i].id[0] && (z == ZONE_GRAVEYARD || died))
            cJSON_AddItemToArray(gy, cJSON_CreateString(sc->perm[i].id));
    }
    for (int c = 0; c < sc->n_card; c++)
        if (sc->card[c].id[0] && sc->card[c].zone != ZONE_GRAVEYARD && card_where(sc, s, c) == ZONE_GRAVEYARD)
            cJSON_AddItemToArray(gy, cJSON_CreateString(sc->card[c].id));

    cJSON *pm = cJSON_AddObjectToObject(r, "permanents");
    for (int i = 0; i < sc->n_perm; i++) {
        int slot;
        if (!sc->perm[i].id[0] || perm_where(sc, o, s, i, &slot) != ZONE_BATTLEFIELD) continue;
        const Permanent *q = &s->perm[slot];
        int pw = perm_is_planeswalker(s, slot);
        cJSON *e = cJSON_AddObjectToObject(pm, sc->perm[i].id);
        cJSON_AddNumberToObject(e, "damage", q->damage);
        add_counters(e, q, pw);
        cJSON_AddBoolToObject(e, "tapped", (q->flags & PF_TAPPED) != 0);
        if (perm_is_creature(s, slot)) {
            cJSON_AddNumberToObject(e, "power", perm_power(s, slot));
            cJSON_AddNumberToObject(e, "toughness", perm_toughness(s, slot));
        } else {                                      /* 302.4: only creatures have them */
            cJSON_AddNullToObject(e, "power");
            cJSON_AddNullToObject(e, "toughness");
        }
        if (pw) cJSON_AddNumberToObject(e, "loyalty", q->loyalty);
        add_keywords(cJSON_AddArrayToObject(e, "keywords"), sc, s, slot);
        cJSON_AddNumberToObject(e, "controller", perm_controller(s, slot));
        int at = s->px[slot].attached;
        const char *to = at != NO_SLOT && permset_has(s->perm_used, at) ? id_at(sc, o, s, at) : NULL;
        if (to) cJSON_AddStringToObject(e, "attached_to", to);
        else cJSON_AddNullToObject(e, "attached_to");
    }
    return r;
}

void scn_result_spells(cJSON *r, const Scenario *sc, const Outcome *o)
{
    cJSON *sp = cJSON_AddArrayToObject(r, "spells");
    for (int k = 0; k < sc->n_spell; k++) {
        int v = o->result[k];
        if (v == RES_RESOLVED) cJSON_AddItemToArray(sp, cJSON_CreateString("resolved"));
        else if (v == RES_FIZZLED) cJSON_AddItemToArray(sp, cJSON_CreateString("fizzled"));
        else if (v == SCN_COUNTERED) cJSON_AddItemToArray(sp, cJSON_CreateString("countered"));
        else cJSON_AddItemToArray(sp, cJSON_CreateNull());      /* never cast, or still on the stack */
    }
    cJSON *zn = cJSON_AddObjectToObject(r, "zones");
    for (int i = 0; i < sc->n_perm; i++) {
        int slot;
        if (sc->perm[i].id[0])
            cJSON_AddStringToObject(zn, sc->perm[i].id, zone_word(perm_where(sc, o, &o->end, i, &slot)));
    }
    for (int c = 0; c < sc->n_card; c++)
        if (sc->card[c].id[0]) cJSON_AddStringToObject(zn, sc->card[c].id, zone_word(card_where(sc, &o->end, c)));
}

/* ------------------------------------------------------------ comparing */

int scn_compare_spells(const Scenario *sc, const cJSON *want, const cJSON *result)
{
    int bad_n = 0;
    const cJSON *wz = cJSON_GetObjectItemCaseSensitive(want, "zones");
    const cJSON *gz = cJSON_GetObjectItemCaseSensitive(result, "zones");
    for (const cJSON *w = wz ? wz->child : NULL; w; w = w->next) {
        char f[SCN_FIELD_MAX];
        scn_field_key(f, "expect.zones", w->string);
        const cJSON *g = cJSON_GetObjectItemCaseSensitive(gz, w->string);
        if (!g || !cJSON_Compare(w, g, 1)) bad_n += scn_differ(sc, f, w, g);
    }
    const cJSON *ws = cJSON_GetObjectItemCaseSensitive(want, "spells");
    const cJSON *gs = cJSON_GetObjectItemCaseSensitive(result, "spells");
    int k = 0;
    for (const cJSON *w = ws ? ws->child : NULL; w; w = w->next, k++) {
        char f[SCN_FIELD_MAX];
        scn_field_idx(f, "expect.spells", k);
        const cJSON *g = cJSON_GetArrayItem(gs, k);
        if (!g || !cJSON_Compare(w, g, 1)) bad_n += scn_differ(sc, f, w, g);
    }
    return bad_n;
}

/* The keywords (scn_any_keyword_find's numbers) of a list of names. */
static ScnKwSet keyword_set(const Scenario *sc, const cJSON *a)
{
    ScnKwSet ks = { { 0 } };
    for (const cJSON *e = a ? a->child : NULL; e; e = e->next) {
        char closest[SCN_KW_NAME_MAX];
        int k = cJSON_IsString(e) ? scn_any_keyword_find(sc, e->valuestring, closest) : -1;
        if (k >= 0) scn_kw_add(&ks, k);
    }
    return ks;
}

int scn_compare_perm_field(const Scenario *sc, const char *field, const cJSON *want, const cJSON *got)
{
    if (strcmp(want->string, "keywords")) return -1;
    if (cJSON_IsArray(got)) {
        ScnKwSet w = keyword_set(sc, want), g = keyword_set(sc, got);
        if (!memcmp(&w, &g, sizeof w)) return 0;
    }
    return scn_differ(sc, field, want, got);
}
