/* turn.c: the turn structure (500-514): every step in order, priority,
 * land drops, casting creature spells, declaring attackers and blockers,
 * cleanup, and the turn cap. */
#include <string.h>
#include "policy.h"
#include "mana.h"
#include "turn.h"
#include "stack.h"
#include "layers.h"
#include "zone.h"

uint8_t hand_take(Player *pl, int h)
{
    uint8_t obj = pl->hand[h];
    pl->hand[h] = pl->hand[--pl->hand_n];
    return obj;
}

void game_check_state(const GameState *s, Game *g)
{
    if (!g->check) return;
    char msg[sizeof g->check_msg];
    if (state_check(s, g, msg, (int)sizeof msg) != 0) {
        if (!g->check_failed) memcpy(g->check_msg, msg, sizeof msg);
        g->check_failed++;
    }
}

/* Debug builds (g->check): the list of legal actions main_phase kept
 * instead of asking game_legal_actions again is the one it would give. */
static void check_legal(const GameState *s, Game *g, int p, const Action *acts, int n)
{
    static const char msg[] = "main phase: the legal actions kept differ from game_legal_actions'";
    if (!g->check) return;
    Action fresh[ACTION_MAX];
    int m = game_legal_actions(s, p, fresh);
    if (m == n && !memcmp(fresh, acts, (size_t)n * sizeof *acts)) return;
    if (!g->check_failed) memcpy(g->check_msg, msg, sizeof msg);
    g->check_failed++;
}

void game_fail(GameState *s, Game *g, int err)
{
    s->error = (uint8_t)err;
    game_end(s, g, 2, err == ERR_CAPACITY ? END_CAPACITY : END_ERROR);
}

/* Priority (117): with the stack empty, each player in turn order passes.
 * No instant-speed action is supported yet, so passing is the only legal
 * choice and no policy is asked; state-based actions are checked first
 * (117.5), when anything they act on changed since the last check (the
 * engine marks every such change: damage, life, counters, draws, new
 * permanents). The step then ends (500.2). */
static void priority(GameState *s, Game *g)
{
    if (s->spells) { priority_run(s, g); return; }
    if (s->sba_pending) sba_apply(s, g);
}

/* Casts the creature in hand slot h: pay, put it on the stack, both players
 * pass, it resolves onto the battlefield (601, 608.3). */
static void cast(GameState *s, Game *g, int p, int h)
{
    Player *pl = &s->pl[p];
    uint16_t card = OBJ_CARD(s, p, pl->hand[h]);
    mana_pay(pl, &s->cards[card]);
    uint8_t obj = hand_take(pl, h);
    StackItem *it = &s->stack[s->stack_n++];
    it->kind = SI_SPELL;
    it->n_targets = 0;                     /* the rest is unread here, but a game left at capacity shows it */
    it->controller = it->owner = (uint8_t)p;
    it->obj = obj;
    it->card = card;
    game_event(g, s, EV_CAST, p, 0, 0, card, 0, 0);
    priority(s, g);
    int i = perm_create(s, p, card, obj);
    /* No slot left (PERM_MAX): the game is abandoned as a capacity draw,
     * the spell left on the stack, so that its card is still in a zone. */
    if (i < 0) { game_fail(s, g, ERR_CAPACITY); return; }
    s->stack_n--;
    s->perm[i].flags |= PF_SICK;                                             /* 302.6 */
    /* perm_create marks every new permanent for state-based actions, for
     * callers that go on to change it. A spell resolves with its printed
     * toughness and loyalty, no counters or damage, and priority() has
     * just checked everything else: only a toughness below 1 (704.5f) or
     * a planeswalker's loyalty of 0 (704.5i) gives them something to do. */
    const CardDef *d = &s->cards[card];
    if ((!(d->types & TYPE_CREATURE) || d->toughness > 0) &&
        (!(d->types & TYPE_PLANESWALKER) || d->loyalty > 0))
        s->sba_pending = 0;
    game_event(g, s, EV_ENTER, p, i, 0, card, 0, 0);
}

static void play_land(GameState *s, Game *g, int p, int h)
{
    Player *pl = &s->pl[p];
    uint16_t card = OBJ_CARD(s, p, pl->hand[h]);
    uint8_t obj = hand_take(pl, h);
    bits256_set(pl->lands, obj);
    pl->lands_n++;
    /* One more land of its color, written as a word (mana_unit). */
    mana_unpack(pl->land_n, mana_pack(pl->land_n) + mana_unit(s->cards[card].produces));
    pl->flags |= PL_LAND_PLAYED;
    game_event(g, s, EV_LAND, p, 0, 0, card, 0, 0);
}

/* A main phase (505.5) in a game without rules text: the active player
 * plays a land, casts creature spells, until it passes. `idle`: the caller
 * knows only passing is legal (it was at the end of the turn's first main
 * phase, and combat changes no hand, land or mana pool). Returns whether
 * only passing was legal at the end. The legal actions are asked of
 * game_legal_actions after a land drop only: after a cast, the list before
 * it says what is left. */
static int creature_main_phase(GameState *s, Game *g, int idle)
{
    int p = s->active;
    const Policy *pol = g->policy[p];
    Action acts[ACTION_MAX];
    int n = 0;                                    /* acts[0..n-1]: the legal actions; 0: to ask */
    if (idle) { acts[0] = (Action){ .type = ACT_PASS }; n = 1; }
    while (!s->over) {
        priority(s, g);
        if (!n) n = game_legal_actions(s, p, acts);
        else check_legal(s, g, p, acts, n);
        if (n == 1 || !pol) break;
        int k = pol->main_action(pol, s, g, p, g->policy_rng[p], acts, n);
        if (k < 0 || k >= n) { game_fail(s, g, ERR_ILLEGAL_ACTION); return 0; }
        if (acts[k].type == ACT_PASS) break;
        if (acts[k].type == ACT_LAND) {
            play_land(s, g, p, acts[k].hand_idx);
            n = 0;
        } else {
            int hand_n = s->pl[p].hand_n;
            cast(s, g, p, acts[k].hand_idx);
            n = actions_after_cast(s, p, acts, n, k, hand_n);
        }
        game_check_state(s, g);
    }
    return n == 1;
}

/* A main phase; with rules text, a priority round (the stack's spells and
 * abilities: stack.c). Inline, the latter without creature_main_phase's
 * frame (its list of legal actions). */
static inline int main_phase(GameState *s, Game *g, int idle)
{
    if (s->spells) { priority_run(s, g); return 0; }
    return creature_main_phase(s, g, idle);
}

/* Whether any creature of the active player could attack (508.1a). A
 * policy is asked to decide only when it has a choice: with no creature
 * able to attack, declaring none is the only declaration. */
static int any_can_attack(const GameState *s)
{
    int any = 0;
    for (PermIter it = permset_iter(s->perm_ctl[s->active]); permiter_more(&it);)
        any |= perm_can_attack(&s->perm[permiter_next(&it)]);
    return any;
}

/* Whether player p might block: an untapped creature of p and an attacker
 * it can block, by flying and reach (509.1a-b). Menace and blocking
 * limits are left to the policy (this only decides whether to ask). */
static int any_can_block(const GameState *s, int p)
{
    int ground = 0, any = 0;                 /* ground: an attacker without flying */
    for (PermIter it = permset_iter(s->combat.attackers); permiter_more(&it);)
        ground |= !perm_has(s, permiter_next(&it), KW_FLYING);
    for (PermIter it = permset_iter(s->perm_ctl[p]); permiter_more(&it);) {   /* without branches, as perm_can_attack */
        const Permanent *q = &s->perm[permiter_next(&it)];
        any |= ((q->flags & (PF_CREATURE | PF_TAPPED | PF_NO_BLOCK)) == PF_CREATURE) & (ground | ((q->kw & (KW_FLYING | KW_REACH)) != 0));
    }
    return any;
}

/* 508: the active player declares attackers. Returns whether any attack.
 * (Inlined: called at every turn, and most often no creature can attack.) */
static inline __attribute__((always_inline)) int declare_attackers(GameState *s, Game *g)
{
    int p = s->active;
    const Policy *pol = g->policy[p];
    AttackDecl d[PERM_MAX];
    int n = 0;
    if (pol && any_can_attack(s)) n = pol->attack(pol, s, g, p, g->policy_rng[p], d);
    /* With rules text, declaring none may leave a requirement unmet (508.1d). */
    if (n == 0 && (!s->spells || !pol)) return 0;
    int err = combat_declare_attackers(s, g, d, n);
    if (err) { game_fail(s, g, err); return 0; }
    if (n == 0) return 0;
    if (s->spells) {                                                         /* 508.3a */
        /* trigger_event's own test, once for all the attackers: a game with
         * neither kind of trigger (most) walks no list. */
        if (~s->trig_absent & (1ull << TR_ATTACKS | 1ull << TR_ATTACHED_ATTACKS))
            for (int k = 0; k < n; k++) trigger_event(s, TR_ATTACKS, d[k].attacker, s->perm[d[k].attacker].card, p, p, 0);
        triggers_attacks(s);
    }
    return 1;
}

static void declare_blockers(GameState *s, Game *g)
{
    int p = 1 - s->active;
    const Policy *pol = g->policy[p];
    BlockDecl d[PAIR_MAX];
    int n = 0;
    if (pol && any_can_block(s, p)) n = pol->block(pol, s, g, p, g->policy_rng[p], d);
    int err = combat_declare_blockers(s, g, d, n);
    if (!err && n) err = combat_ask_orders(s, g);
    if (err) game_fail(s, g, err);
    else if (s->spells && n) triggers_blocks(s);                             /* 509.5 */
}

static void combat_damage(GameState *s, Game *g, int first_strike)
{
    int err = combat_damage_step(s, g, first_strike, NULL, 0);
    if (err) game_fail(s, g, err);
}

/* 500.7: the extra turn made last is taken next; after the extra turns,
 * the turn that would have come next without them. */
static void next_extra_turn(GameState *s)
{
    int n = s->extra_n & EXTRA_COUNT;
    unsigned follow = s->extra_n & EXTRA_NOW ? s->extra_n & EXTRA_NEXT : (unsigned)(1 - s->active) << 7;
    s->active = (uint8_t)((s->extra_who >> (n - 1)) & 1);
    s->extra_who &= (uint8_t)~(1u << (n - 1));
    s->extra_n = (uint8_t)((n - 1) | EXTRA_NOW | follow);
}

/* 514: discard to hand size, then damage wears off and "this turn" effects end. */
static void cleanup(GameState *s, Game *g)
{
    int p = s->active;
    Player *pl = &s->pl[p];
    if (pl->hand_n > HAND_SIZE && !(s->pl_rules[p] & PR_NO_MAX_HAND)) {     /* 514.1 */
        int n = pl->hand_n - HAND_SIZE;
        uint8_t idx[HAND_MAX];
        const Policy *pol = g->policy[p];
        if (pol) pol->discard(pol, s, g, p, g->policy_rng[p], n, idx);
        else for (int k = 0; k < n; k++) idx[k] = (uint8_t)(HAND_SIZE + k);
        uint32_t seen = 0;
        for (int k = 0; k < n; k++) {
            if (idx[k] >= pl->hand_n || ((seen >> idx[k]) & 1)) { game_fail(s, g, ERR_ILLEGAL_ACTION); return; }
            seen |= 1u << idx[k];
        }
        /* Remove from the highest index down so earlier indices stay valid. */
        for (int h = pl->hand_n - 1; h >= 0; h--) {
            if (!((seen >> h) & 1)) continue;
            uint8_t obj = pl->hand[h];
            memmove(&pl->hand[h], &pl->hand[h + 1], (size_t)(pl->hand_n - h - 1));
            pl->hand_n--;
            if (s->spells) card_to_graveyard(s, g, p, obj);  /* Legacy Weapon's replacement; LR_GY: Mortivore */
            else { bits256_set(pl->gy, obj); pl->gy_n++; }
            game_event(g, s, EV_DISCARD, p, 0, 0, OBJ_CARD(s, p, obj), 0, 0);
            if (s->spells) trigger_event(s, TR_DISCARD, NO_SLOT, 0, p, p, 0);
        }
    }
    if (s->spells) {                                                         /* 514.2 */
        for (PermIter it = permset_iter(s->perm_used); permiter_more(&it);) {
            int i = permiter_next(&it);
            s->perm[i].damage = 0;
            s->perm[i].prevent = 0;
            s->px[i].regen = 0;
            s->px[i].xflags &= (uint8_t)~(PX_NO_REGEN | PX_USED);
        }
        floating_end_of_turn(s);
        s->pl[0].flags &= (uint8_t)~PL_NO_CAST;                             /* Silence's "this turn" */
        s->pl[1].flags &= (uint8_t)~PL_NO_CAST;
        layers_refresh(s);
        s->damaged_opp = 0;
        s->prevent_combat = 0;
        s->prevent_colors = 0;                                               /* Luminesce's "this turn" */
        s->pw_used = 0;                                                      /* 606.3: "that turn" */
        memset(s->lands_played, 0, sizeof s->lands_played);                  /* 305.2: "this turn" */
    } else {
        for (PermIter it = permset_iter(s->perm_used); permiter_more(&it);) {    /* 514.2 */
            int i = permiter_next(&it);
            Permanent *q = &s->perm[i];
            q->damage = 0;
            q->prevent = 0;
            perm_refresh(s, i);   /* "until end of turn" effects end */
        }
    }
    s->pl[0].prevent = s->pl[1].prevent = 0;
}

/* Seedborn Muse: whether player q controls a permanent whose static ability
 * untaps all q's permanents during each other player's untap step. */
static int untaps_in_others_step(const GameState *s, int q)
{
    for (PermIter it = permset_iter(s->perm_ctl[q]); permiter_more(&it);) {
        int i = permiter_next(&it);
        if (!(s->px[i].abk & PK_STATIC)) continue;
        const CardDef *d = &s->cards[s->perm[i].card];
        for (int k = 0; k < d->n_abilities; k++)
            if (d->ab[k].kind == AB_STATIC && d->ab[k].n_effects && d->ab[k].effect[0].op == OP_RULE &&
                d->ab[k].effect[0].arg2 == RULE_UNTAP_OTHERS_STEP)
                return 1;
    }
    return 0;
}

/* 502.2: the nonactive player's permanents untap too under Seedborn Muse
 * (played.c: "all permanents you control" alone). Not its controller's
 * untap step: "doesn't untap during its controller's untap step" does not
 * apply, and summoning sickness stays (302.6). */
static int untap_others(GameState *s, int q)
{
    if ((s->spells & SPELLS_NO_OTHERS_UNTAP) || !untaps_in_others_step(s, q)) return 0;
    int untapped = 0;
    for (PermIter it = permset_iter(s->perm_ctl[q]); permiter_more(&it);) {
        Permanent *m = &s->perm[permiter_next(&it)];
        untapped |= m->flags & PF_TAPPED;
        m->flags &= (uint8_t)~PF_TAPPED;
    }
    memset(s->pl[q].land_tapped, 0, sizeof s->pl[q].land_tapped);
    return untapped;
}

static void untap_step(GameState *s, Game *g)
{
    int p = s->active;
    game_event(g, s, EV_TURN, p, 0, 0, 0, s->turn, 0);
    if (s->spells) {                                 /* "doesn't untap during ... untap step" */
        /* "during your / that player's next untap step": that player's step ends the
         * effect, whoever controls the permanent then (it untaps in another's) */
        PermSet skip = 0;
        int k = 0;
        for (int j = 0; j < s->float_n; j++) {
            const Floating *f = &s->fl[j];
            if (f->op == OP_NO_UNTAP && f->dur == DUR_NEXT_UNTAP && f->controller == p) {
                if (permset_has(s->perm_used, f->slot) && s->px[f->slot].ts == f->perm_ts) skip |= PERMSET_BIT(f->slot);
                continue;
            }
            s->fl[k++] = *f;
        }
        s->float_n = (uint8_t)k;
        int untapped = 0;                            /* PF_TAPPED: a permanent untapped */
        for (PermIter it = permset_iter(s->perm_ctl[p]); permiter_more(&it);) {
            int i = permiter_next(&it);
            PermX *x = &s->px[i];
            uint8_t was = s->perm[i].flags;
            s->perm[i].flags &= (uint8_t)(x->xflags & (PX_NO_UNTAP | PX_SKIP_UNTAP) || permset_has(skip, i)
                                          ? ~PF_SICK : ~(PF_TAPPED | PF_SICK));
            untapped |= was & ~s->perm[i].flags & PF_TAPPED;
            x->xflags &= (uint8_t)~PX_SKIP_UNTAP;
        }
        s->pl[0].flags &= (uint8_t)~PL_CAST;         /* a new turn: no spell cast in it yet */
        s->pl[1].flags &= (uint8_t)~PL_CAST;
        untapped |= untap_others(s, 1 - p);
        /* an untapped creature an Aura "enchant tapped creature" is on (704.5m); with none
         * untapped, what the Auras are on is as the last check saw it */
        if (untapped && sba_state_auras(s)) s->sba_pending = 1;
    } else {
        for (PermIter it = permset_iter(s->perm_ctl[p]); permiter_more(&it);)    /* 502.2, 302.6 */
            s->perm[permiter_next(&it)].flags &= (uint8_t)~(PF_TAPPED | PF_SICK);
    }
    memset(s->pl[p].land_tapped, 0, sizeof s->pl[p].land_tapped);
    s->pl[p].flags &= (uint8_t)~PL_LAND_PLAYED;
}

/* Ends the current step, mana empties (500.4), and moves on to `next`.
 * Returns whether the game goes on. */
static inline __attribute__((always_inline)) int step_to(GameState *s, Game *g, int next)
{
    mana_empty(s);
    s->step = (uint8_t)next;
    game_check_state(s, g);
    return !s->over;
}

void game_run(GameState *s, Game *g)
{
    int idle = 0;   /* only passing was legal at the end of this turn's first main phase */
    /* Each step goes on to the next by falling through or a jump (the
     * combat phase's skips, 508.8 and 510.4, and the next turn): the
     * switch only resumes a game stopped between steps (a fork, a
     * scenario). A switch taken at every turn mispredicted its jump. */
    while (!s->over) {
        switch (s->step) {
        case STEP_UNTAP: goto untap;
        case STEP_UPKEEP: goto upkeep;
        case STEP_DRAW: goto draw;
        case STEP_MAIN1: goto main1;
        case STEP_BEGIN_COMBAT: goto begin_combat;
        case STEP_DECLARE_ATTACKERS: goto attackers;
        case STEP_DECLARE_BLOCKERS: goto blockers;
        case STEP_FIRST_STRIKE_DAMAGE: goto first_strike_damage;
        case STEP_COMBAT_DAMAGE: goto regular_damage;
        case STEP_END_COMBAT: goto end_combat;
        case STEP_MAIN2: goto main2;
        case STEP_END: goto end;
        case STEP_CLEANUP: goto cleanup_step;
        default:                                             /* not a step: move on, as ever */
            if (!step_to(s, g, (uint8_t)(s->step + 1))) return;
            continue;
        }
    untap:
        if (s->turn > s->turn_cap) { game_end(s, g, 2, END_TURN_CAP); return; }
        untap_step(s, g);                            /* no priority in the untap step (502.3) */
        if (!step_to(s, g, STEP_UPKEEP)) return;
    upkeep:
        if (s->spells) trigger_event(s, TR_UPKEEP, NO_SLOT, 0, s->active, s->active, 0);   /* 503.1 */
        priority(s, g);
        if (!step_to(s, g, STEP_DRAW)) return;
    draw:
        if (!(s->turn == 1 && s->active == s->starting)) game_draw(s, g, s->active);  /* 103.7a, 504.1 */
        if (s->spells) trigger_event(s, TR_DRAW_STEP, NO_SLOT, 0, s->active, s->active, 0);   /* 504.2 */
        priority(s, g);
        if (!step_to(s, g, STEP_MAIN1)) return;
    main1:
        idle = main_phase(s, g, 0);
        if (s->spells && s->combat.skip[s->active]) {       /* 614.10: the whole combat phase */
            s->combat.skip[s->active]--;
            if (!step_to(s, g, STEP_MAIN2)) return;
            goto main2;
        }
        if (!step_to(s, g, STEP_BEGIN_COMBAT)) return;
    begin_combat:
        priority(s, g);
        if (!step_to(s, g, STEP_DECLARE_ATTACKERS)) return;
    attackers:
        if (!declare_attackers(s, g)) {                      /* 508.8: no blockers or damage steps */
            if (s->spells) priority(s, g);                   /* the step itself has priority */
            if (!step_to(s, g, STEP_END_COMBAT)) return;
            goto end_combat;
        }
        priority(s, g);
        if (!step_to(s, g, STEP_DECLARE_BLOCKERS)) return;
    blockers:
        declare_blockers(s, g);
        priority(s, g);
        if (!combat_has_first_strike(s)) {                   /* 510.4 */
            if (!step_to(s, g, STEP_COMBAT_DAMAGE)) return;
            goto regular_damage;
        }
        if (!step_to(s, g, STEP_FIRST_STRIKE_DAMAGE)) return;
    first_strike_damage:
        combat_damage(s, g, 1);
        priority(s, g);
        if (!step_to(s, g, STEP_COMBAT_DAMAGE)) return;
    regular_damage:
        combat_damage(s, g, 0);
        priority(s, g);
        if (!step_to(s, g, STEP_END_COMBAT)) return;
    end_combat:
        if (s->pending_n) triggers_end_of_combat(s);        /* 511.2, 603.7 */
        priority(s, g);
        game_event(g, s, EV_COMBAT_END, s->active, 0, 0, 0, 0, 0);
        combat_end(s);                                       /* 511.3 */
        if (!step_to(s, g, STEP_MAIN2)) return;
    main2:
        main_phase(s, g, idle);
        idle = 0;
        if (!step_to(s, g, STEP_END)) return;
    end:
        if (s->spells) trigger_event(s, TR_END_STEP, NO_SLOT, 0, s->active, s->active, 0);   /* 513.1 */
        priority(s, g);
        if (!step_to(s, g, STEP_CLEANUP)) return;
    cleanup_step:
        cleanup(s, g);
        s->turn++;
        if (s->extra_n & EXTRA_COUNT) next_extra_turn(s);                    /* 500.7 */
        else if (s->extra_n & EXTRA_NOW) s->active = (uint8_t)((s->extra_n >> 7) & 1), s->extra_n = 0;
        else s->active = (uint8_t)(1 - s->active);
        if (!step_to(s, g, STEP_UNTAP)) return;
        goto untap;
    }
}
