/* state.c: creating and clearing states, moving cards between zones. */
#include <string.h>
#include "game.h"
#include "stack.h"
#include "zone.h"
#include "ability.h"

static const char *const error_names[] = {
    "ok", "illegal_attack", "illegal_block", "illegal_order",
    "illegal_assignment", "illegal_action", "capacity"
};
static const char *const step_names[STEP_COUNT] = {
    "untap", "upkeep", "draw", "main1", "beginning_of_combat",
    "declare_attackers", "declare_blockers", "first_strike_damage",
    "combat_damage", "end_of_combat", "main2", "end", "cleanup"
};
static const char *const end_names[END_COUNT] = {
    "none", "life", "poison", "empty_library", "turn_cap", "capacity", "error"
};

const char *mtg_error_name(int err)
{
    return err >= 0 && err <= ERR_CAPACITY ? error_names[err] : "unknown";
}
const char *mtg_step_name(int step) { return step >= 0 && step < STEP_COUNT ? step_names[step] : "?"; }
const char *mtg_end_reason_name(int r) { return r >= 0 && r < END_COUNT ? end_names[r] : "?"; }

void state_clear(GameState *s, const CardPool *pool, int edition)
{
    /* The records past their counts (stack, continuous effects, waiting
     * triggers) and a library not yet the state's own are never read: only
     * the rest is cleared, as state_fork copies only the rest. */
    memset(s, 0, offsetof(GameState, stack));
    memset(s->px, 0, sizeof s->px);
    s->pw_used = 0;
    memset(s->lands_played, 0, sizeof s->lands_played);
    s->prevent_colors = 0;
    s->trig_absent = 0;
    s->cards = pool->cards;
    s->edition = (uint8_t)edition;
    s->turn = 1;
    s->turn_cap = TURN_CAP_DEFAULT;
    s->step = STEP_UNTAP;
    s->winner = 2;
    for (int p = 0; p < 2; p++) s->pl[p].life = LIFE_START;
}

int perm_create(GameState *s, int p, uint16_t card, uint8_t obj)
{
    PermSet free_slots = ~s->perm_used;
    if (!free_slots) return -1;
    const CardDef *d = &s->cards[card];
    /* A basic land permanent (SPELLS_LAND_OBJECTS) takes the highest free slot: the other
     * permanents take the slots they would take where basic lands are counts, so that every
     * choice made in slot order is the same. */
    int i = (d->types & TYPE_LAND) && d->produces >= 0 && state_land_objects(s) ? permset_span(free_slots) - 1
                                                                                : permset_first(free_slots);
    Permanent *q = &s->perm[i];
    memset(q, 0, sizeof *q);
    q->card = card;
    q->kw = d->keywords;
    q->power = d->power;
    q->toughness = d->toughness;
    q->flags = (d->types & TYPE_CREATURE) ? PF_CREATURE : 0;
    q->obj = obj;
    q->target = TARGET_NONE;
    q->loyalty = d->loyalty;
    PermSet bit = PERMSET_BIT(i);
    s->perm_used |= bit;
    s->perm_ctl[p] |= bit;
    s->perm_creatures = (s->perm_creatures & ~bit) | (bit & permset_all_if((d->types & TYPE_CREATURE) != 0));
    s->perm_shielded &= ~bit;   /* no rules ability yet: its PermX is made as it enters, the layers give them */
    s->sba_pending = 1;   /* e.g. a creature that enters with toughness 0 */
    return i;
}

void combat_remove(GameState *s, int i)
{
    Combat *c = &s->combat;
    PermSet bit = PERMSET_BIT(i);
    if (!((c->attackers | c->blockers) & bit) && !perm_is_planeswalker(s, i)) return;
    /* The pairs left close up; every entry read is cleared first, so that
     * those past the new count are zero (state.h). */
    int k = 0;
    for (int j = 0; j < c->n_pairs; j++) {
        uint8_t pa = c->pair_att[j], pb = c->pair_blk[j], ra = c->rank_att[j], rb = c->rank_blk[j];
        c->pair_att[j] = c->pair_blk[j] = c->rank_att[j] = c->rank_blk[j] = 0;
        if (pa == i || pb == i) continue;
        c->pair_att[k] = pa; c->pair_blk[k] = pb;
        c->rank_att[k] = ra; c->rank_blk[k] = rb;
        k++;
    }
    c->n_pairs = (uint8_t)k;
    c->attackers &= ~bit;
    c->blockers &= ~bit;
    s->perm[i].target = TARGET_NONE;
    s->perm[i].flags &= (uint8_t)~(PF_BLOCKED | PF_HAD_FS);
    /* A planeswalker removed from combat stops being attacked (506.4): its
     * attackers go on attacking, but nothing. */
    for (PermIter it = permset_iter(c->attackers); permiter_more(&it);) {
        int a = permiter_next(&it);
        if (s->perm[a].target == i) s->perm[a].target = TARGET_GONE;
    }
}

void perm_to_graveyard(GameState *s, const Game *g, int i)
{
    if (s->spells) { perm_leave(s, g, i, ZONE_GRAVEYARD); return; }
    Permanent *q = &s->perm[i];
    int ctl = perm_controller(s, i);
    game_event(g, s, EV_DIES, ctl, i, 0, q->card, 0, 0);
    combat_remove(s, i);
    if (q->obj != OBJ_NONE) {
        Player *o = &s->pl[ctl];
        bits256_set(o->gy, q->obj);
        o->gy_n++;
    }
    s->perm_used &= ~PERMSET_BIT(i);
    s->perm_ctl[ctl] &= ~PERMSET_BIT(i);
}

void game_end(GameState *s, const Game *g, int winner, EndReason why)
{
    if (s->over) return;
    s->over = 1;
    s->winner = (uint8_t)winner;
    s->end_reason = (uint8_t)why;
    game_event(g, s, EV_GAME_END, winner, 0, 0, 0, why, 0);
}

void game_draw(GameState *s, const Game *g, int p)
{
    Player *pl = &s->pl[p];
    if (pl->lib_n == 0) {
        pl->flags |= PL_DREW_EMPTY;
        s->sba_pending = 1;
        game_event(g, s, EV_DRAW, p, 0, 0, 0, -1, 0);
        return;
    }
    if (pl->hand_n == HAND_MAX) {
        game_end(s, g, 2, END_CAPACITY);
        return;
    }
    uint8_t obj = pl->lib[pl->lib_top++];
    pl->lib_n--;
    pl->hand[pl->hand_n++] = obj;
    game_event(g, s, EV_DRAW, p, 0, 0, g->deck[p] ? g->deck[p]->card[obj] : 0, 0, 0);
    if (s->spells) trigger_event(s, TR_DRAW, NO_SLOT, 0, p, p, 0);
}
