/* stats.c: tallies of a batch of games, fed by the engine's events. */
#include <stdlib.h>
#include <string.h>
#include "stats.h"

void *stats_alloc(size_t n)
{
    size_t size = (n + CACHE_LINE - 1) / CACHE_LINE * CACHE_LINE;
    void *p = aligned_alloc(CACHE_LINE, size ? size : CACHE_LINE);
    if (p) memset(p, 0, size ? size : CACHE_LINE);
    return p;
}

int stats_setup(StatsSetup *su, const MatchSpec *m)
{
    memset(su, 0, sizeof *su);
    su->pool_n = m->pool.n + m->pool.n_tokens;   /* tokens (past n) are no deck's cards: no tally */
    for (int d = 0; d < 2; d++) {
        const Deck *dk = m->deck[d];
        su->card[d] = calloc((size_t)dk->n + 1, sizeof(int));
        su->copies[d] = calloc((size_t)dk->n + 1, sizeof(int));
        su->index[d] = malloc((size_t)(su->pool_n ? su->pool_n : 1) * sizeof(int16_t));
        if (!su->card[d] || !su->copies[d] || !su->index[d]) { stats_setup_free(su); return -1; }
        for (int i = 0; i < su->pool_n; i++) su->index[d][i] = -1;
        for (int k = 0; k < dk->n; k++) {
            int c = dk->card[k];
            if (su->index[d][c] < 0) {
                su->index[d][c] = (int16_t)su->ncard[d];
                su->card[d][su->ncard[d]++] = c;
            }
            su->copies[d][su->index[d][c]]++;
        }
    }
    return 0;
}

void stats_setup_free(StatsSetup *su)
{
    for (int d = 0; d < 2; d++) { free(su->card[d]); free(su->copies[d]); free(su->index[d]); }
    memset(su, 0, sizeof *su);
}

int tally_init(Tally *t, const StatsSetup *su)
{
    memset(t, 0, sizeof *t);
    for (int d = 0; d < 2; d++) {
        t->ncard[d] = su->ncard[d];
        t->card[d] = stats_alloc(((size_t)su->ncard[d] + 1) * sizeof(CardTally));
        if (!t->card[d]) { tally_free(t); return -1; }
    }
    return 0;
}

void tally_free(Tally *t)
{
    free(t->card[0]);
    free(t->card[1]);
    t->card[0] = t->card[1] = NULL;
}

void tally_reset(Tally *t)
{
    Tally keep = *t;
    memset(t, 0, sizeof *t);
    for (int d = 0; d < 2; d++) {
        t->card[d] = keep.card[d];
        t->ncard[d] = keep.ncard[d];
        memset(t->card[d], 0, (size_t)t->ncard[d] * sizeof(CardTally));
    }
}

/* Adds n longs. All tallies are plain arrays of long, so sums are exact and
 * independent of the order the threads are added in. */
static void add_longs(long *sum, const long *x, size_t n)
{
    for (size_t i = 0; i < n; i++) sum[i] += x[i];
}

void tally_add(Tally *sum, const Tally *t)
{
    sum->games += t->games;
    sum->turns_sum += t->turns_sum;
    sum->errors += t->errors;
    sum->check_failures += t->check_failures;
    add_longs(sum->turns_hist, t->turns_hist, TURN_HIST);
    add_longs(sum->ends, t->ends, END_COUNT);
    add_longs((long *)sum->deck, (const long *)t->deck, 2 * (sizeof(DeckTally) / sizeof(long)));
    for (int d = 0; d < 2; d++)
        add_longs((long *)sum->card[d], (const long *)t->card[d],
                  (size_t)t->ncard[d] * (sizeof(CardTally) / sizeof(long)));
}

_Static_assert(sizeof(DeckTally) % sizeof(long) == 0, "DeckTally is longs only");
_Static_assert(sizeof(CardTally) % sizeof(long) == 0, "CardTally is longs only");

int observer_init(Observer *o, const StatsSetup *su, Tally *t)
{
    memset(o, 0, sizeof *o);
    o->su = su;
    o->t = t;
    for (int d = 0; d < 2; d++) {
        o->seen[d] = stats_alloc((size_t)su->ncard[d] + 1);
        if (!o->seen[d]) { observer_free(o); return -1; }
    }
    return 0;
}

void observer_free(Observer *o)
{
    free(o->seen[0]);
    free(o->seen[1]);
    o->seen[0] = o->seen[1] = NULL;
}

/* The tally of the card `card` of the deck in seat p, or NULL. */
static CardTally *card_of(Observer *o, int p, int card)
{
    int k = o->index_of_seat[p][card];
    return k < 0 ? NULL : &o->cards_of_seat[p][k];
}

/* The seat whose deck holds the card of the permanent in `slot` that an
 * event names: its owner's (108.3). A creature taken by Act of Treason or
 * Mind Control fights for its controller: the deck-wide combat figures
 * (attackers, blocks, damage, creatures lost) count it with the deck that
 * controlled it, the event's player; its per-card figures (attacked,
 * damage, deaths, kills, activations) stay with its owner's deck, the one
 * whose list holds the card. Without a live permanent of that card in the
 * slot (a spell, a source that has left), the event's player. */
static int card_seat(const GameState *s, const Event *e, int slot)
{
    if (!s->spells || slot >= PERM_MAX || !permset_has(s->perm_used, slot) || s->perm[slot].card != e->card)
        return e->player;
    return s->px[slot].owner;
}

static void mark_seen(Observer *o, int p, int card, int how)
{
    int k = o->index_of_seat[p][card];
    if (k >= 0) o->seen_of_seat[p][k] |= (uint8_t)how;
}

static int in_damage_step(const GameState *s)
{
    return s->step == STEP_FIRST_STRIKE_DAMAGE || s->step == STEP_COMBAT_DAMAGE;
}

/* Tallies the combat that ends (at the end of combat, or when the game
 * ended during it). */
static void end_combat(Observer *o)
{
    int att = o->att_deck, def = 1 - att;
    if (o->attackers) {
        CombatTally *ca = &o->t->deck[att].combat;
        ca->attack_steps++;
        int nb = permset_count(o->blocked & o->attackers);
        ca->blocked += nb;
        ca->unblocked += permset_count(o->attackers) - nb;
        CombatTally *cd = &o->t->deck[def].combat;
        for (int k = 0; k < o->n_pairs; k++) {
            int a_died = permset_has(o->died, o->pair_a[k]), b_died = permset_has(o->died, o->pair_b[k]);
            if (b_died && !a_died) cd->chumps++;
            if (b_died && a_died) cd->trades++;
        }
    }
    o->attackers = o->blocked = o->died = o->dt_hit = 0;
    o->n_pairs = 0;
}

/* The observer: a function per event type it reads (the engine calls
 * none for the others: turns, lands, permanents entering, life changes
 * ... are a third of all events; lifelink is read off the damage). */

static void on_keep(void *ctx, const GameState *s, const Event *e)
{
    Observer *o = ctx;
    const Player *pl = &s->pl[e->player];
    for (int h = 0; h < pl->hand_n; h++) mark_seen(o, e->player, OBJ_CARD(s, e->player, pl->hand[h]), SEEN_OPENING);
}

static void on_draw(void *ctx, const GameState *s, const Event *e)
{
    if (e->amount == 0) mark_seen(ctx, e->player, e->card, SEEN_DRAWN);
}

static void on_cast(void *ctx, const GameState *s, const Event *e)
{
    CardTally *c = card_of(ctx, e->player, e->card);
    if (c) c->cast++;
}

static void on_attack(void *ctx, const GameState *s, const Event *e)
{
    Observer *o = ctx;
    o->attackers |= PERMSET_BIT(e->perm);
    o->att_deck = o->deck_of_seat[e->player];
    o->t->deck[o->deck_of_seat[e->player]].combat.attackers++;
    CardTally *c = card_of(o, card_seat(s, e, e->perm), e->card);
    if (c) c->attacked++;
}

static void on_block(void *ctx, const GameState *s, const Event *e)
{
    Observer *o = ctx;
    o->blocked |= PERMSET_BIT(e->other);
    if (o->n_pairs < PAIR_MAX) { o->pair_a[o->n_pairs] = e->other; o->pair_b[o->n_pairs++] = e->perm; }
    o->t->deck[o->deck_of_seat[e->player]].combat.blocks++;
    CardTally *c = card_of(o, card_seat(s, e, e->perm), e->card);
    if (c) c->blocked++;
}

/* Adds card v (deck*1024+k) to a slot's list of up to 4 distinct sources. */
static void add_source(int16_t *list, uint8_t *n, int v)
{
    for (int j = 0; j < *n; j++) if (list[j] == v) return;
    if (*n < 4) list[(*n)++] = (int16_t)v;
}

/* Noncombat damage (a spell's or an ability's): the card's own figures,
 * never the combat ones; a creature keeps its sources until the turn ends,
 * to credit them if it dies of that damage. */
static void on_spell_damage(Observer *o, const GameState *s, const Event *e)
{
    int seat = card_seat(s, e, e->perm);
    CardTally *c = card_of(o, seat, e->card);
    if (e->other == TARGET_PLAYER) { if (c) c->spell_dmg_players += e->amount; return; }
    if (e->flags & DMG_TO_PW) return;
    if (c) c->spell_dmg_creatures += e->amount;
    int i = e->other;
    if (o->nc_turn[i] != s->turn) { o->nc_turn[i] = s->turn; o->n_nc[i] = 0; o->nc_dt[i] = 0; }
    if (e->flags & DMG_DEATHTOUCH) o->nc_dt[i] = 1;
    int k = o->index_of_seat[seat][e->card];
    if (k >= 0) add_source(o->nc_src[i], &o->n_nc[i], o->deck_of_seat[seat] * 1024 + k);
    o->nc_used = 1;
}

static void on_damage(void *ctx, const GameState *s, const Event *e)
{
    Observer *o = ctx;
    if (e->flags & DMG_NONCOMBAT) { on_spell_damage(o, s, e); return; }
    o->combat = 1;
    int d = o->deck_of_seat[e->player];
    CombatTally *ct = &o->t->deck[d].combat;
    int seat = card_seat(s, e, e->perm);
    CardTally *c = card_of(o, seat, e->card);
    if (c) c->damage += e->amount;
    if (e->flags & DMG_TRAMPLE) ct->trample += e->amount;
    if (e->flags & DMG_LIFELINK) ct->lifelink += e->amount;   /* 119.3f: the gain is the damage dealt */
    if (e->other == TARGET_PLAYER) ct->dmg_players += e->amount;
    else if (e->flags & DMG_TO_PW) ct->dmg_planeswalkers += e->amount;
    else {
        ct->dmg_creatures += e->amount;
        if (e->flags & DMG_DEATHTOUCH) o->dt_hit |= PERMSET_BIT(e->other);
        int k = o->index_of_seat[seat][e->card];
        if (k >= 0 && o->n_src[e->other] < 4) o->src[e->other][o->n_src[e->other]++] = (int16_t)(o->deck_of_seat[seat] * 1024 + k);
    }
}

static void on_poison(void *ctx, const GameState *s, const Event *e)
{
    Observer *o = ctx;
    if (e->flags & DMG_NONCOMBAT) return;
    o->t->deck[o->deck_of_seat[1 - e->player]].combat.poison += e->amount;
}

/* A death that is not a combat death: a creature that died to the
 * state-based actions (lethal damage, deathtouch, toughness 0 or less)
 * with noncombat damage dealt to it this turn is destroyed by the cards
 * that dealt it. A sacrifice, a destruction (on_destroy credited it), a
 * legend or an Aura put away are not. */
static void noncombat_death(Observer *o, const GameState *s, int i)
{
    if (!o->n_nc[i] || o->nc_turn[i] != s->turn || !perm_is_creature(s, i)) { o->n_nc[i] = 0; return; }
    int t = perm_toughness(s, i);
    if (t <= 0 || s->perm[i].damage >= t || o->nc_dt[i])
        for (int k = 0; k < o->n_nc[i]; k++) o->t->card[o->nc_src[i][k] / 1024][o->nc_src[i][k] % 1024].destroyed++;
    o->n_nc[i] = 0;
}

static void on_dies(void *ctx, const GameState *s, const Event *e)
{
    Observer *o = ctx;
    CardTally *c = card_of(o, card_seat(s, e, e->perm), e->card);
    if (c) c->deaths++;
    if (!in_damage_step(s) || !o->combat || !perm_is_creature(s, e->perm)) {
        /* Not of combat damage: a spell or ability acted since (its
         * resolution, a sacrifice as it was activated), or it is no creature. */
        if (o->nc_used) noncombat_death(o, s, e->perm);
        o->n_src[e->perm] = 0;
        return;
    }
    if (o->nc_used) o->n_nc[e->perm] = 0;
    int d = o->deck_of_seat[e->player], other = 1 - d;
    o->died |= PERMSET_BIT(e->perm);
    o->t->deck[d].combat.lost_in_combat++;
    if (s->step == STEP_FIRST_STRIKE_DAMAGE) o->t->deck[other].combat.fs_kills++;
    if (permset_has(o->dt_hit, e->perm)) o->t->deck[other].combat.dt_kills++;
    for (int k = 0; k < o->n_src[e->perm]; k++) {
        int v = o->src[e->perm][k];
        int dup = 0;
        for (int j = 0; j < k; j++) dup |= o->src[e->perm][j] == v;
        if (!dup) o->t->card[v / 1024][v % 1024].kills++;
    }
    o->n_src[e->perm] = 0;
}

/* Spells and abilities (games with rules text). */

static void on_activate(void *ctx, const GameState *s, const Event *e)
{
    Observer *o = ctx;
    o->combat = 0;                          /* its cost may sacrifice a creature */
    CardTally *c = card_of(o, card_seat(s, e, e->perm), e->card);
    if (c) c->activated++;
}

static void on_resolve(void *ctx, const GameState *s, const Event *e)
{
    ((Observer *)ctx)->combat = 0;          /* what dies from now on dies of it */
}

static void on_destroy(void *ctx, const GameState *s, const Event *e)
{
    Observer *o = ctx;
    if (perm_is_creature(s, e->perm)) {
        CardTally *c = card_of(o, card_seat(s, e, e->other), e->card);   /* other: the source's slot */
        if (c) c->destroyed++;
    }
    o->n_nc[e->perm] = 0;                   /* its death is the destruction's alone */
}

static void on_leave(void *ctx, const GameState *s, const Event *e)
{
    Observer *o = ctx;
    o->n_nc[e->perm] = 0;                   /* the slot is free for another permanent */
    o->n_src[e->perm] = 0;
}

static void on_combat_end(void *ctx, const GameState *s, const Event *e)
{
    Observer *o = ctx;
    if (!o->attackers) return;              /* no combat this turn: nothing to tally or clear */
    end_combat(o);
    memset(o->n_src, 0, sizeof o->n_src);  /* damage sources count within one combat */
}

static const EventFn observed[EV_COUNT] = {
    [EV_KEEP] = on_keep, [EV_DRAW] = on_draw, [EV_CAST] = on_cast, [EV_ATTACK] = on_attack,
    [EV_BLOCK] = on_block, [EV_DAMAGE] = on_damage, [EV_POISON] = on_poison, [EV_DIES] = on_dies,
    [EV_COMBAT_END] = on_combat_end, [EV_ACTIVATE] = on_activate, [EV_RESOLVE] = on_resolve,
    [EV_DESTROY] = on_destroy, [EV_LEAVE] = on_leave,
};

const EventFn *observer_events(void) { return observed; }

void observer_begin(Observer *o, uint64_t index)
{
    int seat[2];
    driver_seats(index, seat);
    o->deck_of_seat[seat[0]] = 0;
    o->deck_of_seat[seat[1]] = 1;
    for (int d = 0; d < 2; d++) {
        o->index_of_seat[seat[d]] = o->su->index[d];
        o->cards_of_seat[seat[d]] = o->t->card[d];
        o->seen_of_seat[seat[d]] = o->seen[d];
    }
    o->attackers = o->blocked = o->died = o->dt_hit = 0;
    o->n_pairs = 0;
    memset(o->n_src, 0, sizeof o->n_src);
    o->combat = 1;
    if (o->nc_used) { memset(o->n_nc, 0, sizeof o->n_nc); o->nc_used = 0; }
}

void observer_play(Observer *o, const MatchSpec *m, uint64_t index, GameResult *r)
{
    observer_begin(o, index);
    driver_play(m, index, r, observed, o);
    observer_end(o, r);
}

void observer_end(Observer *o, const GameResult *r)
{
    end_combat(o);

    Tally *t = o->t;
    t->games++;
    t->turns_sum += r->turns;
    t->turns_hist[r->turns < TURN_HIST - 1 ? r->turns : TURN_HIST - 1]++;
    t->ends[r->end_reason]++;
    if (r->end_reason == END_ERROR) t->errors++;
    if (r->check_failed) t->check_failures++;
    for (int d = 0; d < 2; d++) {
        DeckTally *dt = &t->deck[d];
        int won = r->winner == d, lost = r->winner == 1 - d;
        dt->wins += won; dt->losses += lost; dt->draws += r->winner == 2;
        if (r->starter == d) { dt->play_games++; dt->play_wins += won; }
        else { dt->draw_games++; dt->draw_wins += won; }
        dt->mulligans += r->mulligans[d];
        dt->mulligan_games += r->mulligans[d] > 0;
        if (won) dt->won_by[r->end_reason]++;
        if (lost) dt->lost_by[r->end_reason]++;
        for (int k = 0; k < o->su->ncard[d]; k++) t->card[d][k].seen[won][o->seen[d][k]]++;
        memset(o->seen[d], 0, (size_t)o->su->ncard[d]);
    }
}
