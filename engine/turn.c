/* turn.c: setting up a game (London mulligans) and the turn structure
 * (500-514): every step in order, priority, land drops, casting creature
 * spells and paying their mana, cleanup, and the turn cap. */
#include <string.h>
#include "policy.h"
#include "mana.h"

/* ---- mana (106, 601.2g-h) ---- */

static int untapped(const Player *pl, int c) { return pl->land_n[c] - pl->land_tapped[c]; }

/* Whether player p's mana pool and untapped basic lands can pay card d's cost. */
static int can_pay(const Player *pl, const CardDef *d)
{
    int total = 0;
    for (int c = 0; c < COLOR_COUNT; c++) {
        int u = untapped(pl, c) + pl->mana[c];
        if (u < d->cost_color[c]) return 0;
        total += u;
    }
    return total >= d->mana_value;
}

/* Taps lands for the cost and spends the mana at once: colored symbols from
 * lands of their color, generic from the color with the most untapped lands
 * left (keeping colors open). The caller checked can_pay. */
static void pay(Player *pl, const CardDef *d)
{
    int generic = d->mana_value, pool = 0;
    if (mana_pack(pl->mana) == 0) {
        /* No pool (nothing fills one yet): lands pay every colored symbol.
         * Lanes cannot carry: tapped plus cost stays within the lands,
         * which can_pay checked. */
        uint64_t cost = mana_pack(d->cost_color);
        mana_unpack(pl->land_tapped, mana_pack(pl->land_tapped) + cost);
        generic -= mana_total(cost);
    } else {
        for (int c = 0; c < COLOR_COUNT; c++) {
            int need = d->cost_color[c];
            int from_pool = pl->mana[c] < need ? pl->mana[c] : need;
            pl->mana[c] = (uint8_t)(pl->mana[c] - from_pool);
            pl->land_tapped[c] = (uint8_t)(pl->land_tapped[c] + need - from_pool);
            generic -= need;
            pool += pl->mana[c];
        }
    }
    if (generic <= 0) return;
    for (; generic > 0 && pool; generic--, pool--)   /* the pool first, in color order */
        for (int c = 0; c < COLOR_COUNT; c++) if (pl->mana[c]) { pl->mana[c]--; break; }
    /* Then a land of the color with the most untapped lands left, the
     * first of equals (the colors are many and which is most follows no
     * pattern: the maximum is taken without branches). The tapped counts
     * are written back packed, once (mana_unit). */
    uint8_t left[COLOR_COUNT];
    uint64_t tapped = mana_pack(pl->land_tapped);
    for (int c = 0; c < COLOR_COUNT; c++) left[c] = (uint8_t)untapped(pl, c);
    for (; generic > 0; generic--) {
        int best = 0, most = left[0];
        for (int c = 1; c < COLOR_COUNT; c++) {
            int more = left[c] > most;
            best = more ? c : best;
            most = more ? left[c] : most;
        }
        if (most <= 0) break;            /* defensive: can_pay said the lands suffice */
        left[best]--;
        tapped += mana_unit(best);
    }
    mana_unpack(pl->land_tapped, tapped);
}

static void empty_mana(GameState *s)  /* 500.4 */
{
    memset(s->pl[0].mana, 0, sizeof s->pl[0].mana);
    memset(s->pl[1].mana, 0, sizeof s->pl[1].mana);
}

/* ---- actions ---- */

/* The mana a player has for casting: untapped basic lands plus pool, by
 * color packed when no lane could carry (mana.h), and in all. */
typedef struct Mana {
    uint64_t avail;   /* packed, when `packed` */
    int packed;
    int total;
} Mana;

static inline __attribute__((always_inline)) Mana mana_of(const Player *pl)
{
    Mana m = { 0, 0, 0 };
    m.packed = mana_available(pl, &m.avail);
    if (m.packed) m.total = mana_total(m.avail);
    else for (int c = 0; c < COLOR_COUNT; c++) m.total += untapped(pl, c) + pl->mana[c];
    return m;
}

/* Whether creature card d can be cast with this mana (302.1, 601.2g-h). */
static int castable(const Player *pl, const Mana *m, const CardDef *d)
{
    if (!(d->types & TYPE_CREATURE) || d->mana_value > m->total) return 0;
    return m->packed ? mana_covers(m->avail, mana_pack(d->cost_color)) : can_pay(pl, d);
}

/* The same from a play_info (the mana packed), without branches: which
 * cards of a hand are castable follows no pattern a branch predictor
 * could learn. */
static inline int castable_info(const Mana *m, uint64_t x)
{
    return ((x & PLAY_CREATURE) != 0) & ((int)(x >> PLAY_MV_SHIFT & 0xFF) <= m->total) &
           mana_covers(m->avail, x & PLAY_COST);
}

/* Whether player p's card object obj can be cast with this mana. */
static int castable_obj(const GameState *s, int p, const Mana *m, uint8_t obj)
{
    const Player *pl = &s->pl[p];
    if (pl->play && m->packed) return castable_info(m, pl->play[obj]);
    const CardDef *d = &s->cards[OBJ_CARD(s, p, obj)];
    return !(d->types & TYPE_LAND) && castable(pl, m, d);
}

int game_legal_actions(const GameState *s, int p, Action *out)
{
    const Player *pl = &s->pl[p];
    int n = 0;
    out[n++] = (Action){ ACT_PASS, 0 };
    /* Sorcery timing (307.1, 305.1): own main phase, empty stack. Instants
     * are not supported yet, so elsewhere passing is the only choice. */
    if ((s->step != STEP_MAIN1 && s->step != STEP_MAIN2) || s->active != p || s->stack_n) return n;
    int land_ok = !(pl->flags & PL_LAND_PLAYED);                           /* 305.2 */
    Mana m = mana_of(pl);
    if (!land_ok && !m.total && !(pl->flags & PL_FREE_SPELLS)) return n;   /* nothing to pay with */
    if (!m.packed) {
        for (int h = 0; h < pl->hand_n; h++) {
            const CardDef *d = &s->cards[OBJ_CARD(s, p, pl->hand[h])];
            if (d->types & TYPE_LAND) {
                if (land_ok && d->produces >= 0) out[n++] = (Action){ ACT_LAND, (uint8_t)h };
            } else if (castable(pl, &m, d)) {
                out[n++] = (Action){ ACT_CAST, (uint8_t)h };
            }
        }
        return n;
    }
    if (pl->play) {
        /* One load per card: its play_info. */
        uint64_t land_bit = land_ok ? PLAY_LAND : 0;
        for (int h = 0; h < pl->hand_n; h++) {
            uint64_t x = pl->play[pl->hand[h]];
            int play = (x & land_bit) != 0, cast = castable_info(&m, x);
            out[n] = (Action){ (uint8_t)((x & PLAY_LAND) ? ACT_LAND : ACT_CAST), (uint8_t)h };
            n += play | cast;
        }
        return n;
    }
    uint64_t avail = m.avail;
    int mana = m.total;
    /* The same tests without branches on them: which cards of a hand are
     * lands or castable follows no pattern a branch predictor could learn.
     * Each card writes its action and keeps it (n grows) or not. */
    for (int h = 0; h < pl->hand_n; h++) {
        const CardDef *d = &s->cards[OBJ_CARD(s, p, pl->hand[h])];
        int land = (d->types & TYPE_LAND) != 0;
        int play = land & land_ok & (d->produces >= 0);
        int cast = !land & ((d->types & TYPE_CREATURE) != 0) & (d->mana_value <= mana) &  /* 302.1 */
                   mana_covers(avail, mana_pack(d->cost_color));
        out[n] = (Action){ (uint8_t)(land ? ACT_LAND : ACT_CAST), (uint8_t)h };
        n += play | cast;
    }
    return n;
}

/* The legal actions after acts[k], a cast from a hand of hand_n cards,
 * made from the list before it (acts[0..n-1], game_legal_actions'):
 * casting spends mana and takes one card from the hand, so no other card
 * becomes castable and the land drops stay as they were. The list keeps
 * the others that can still be paid for, at their new hand indices
 * (hand_take moved the last card into the cast one's place), in hand
 * order, as game_legal_actions would list them. */
static int legal_after_cast(const GameState *s, int p, Action *acts, int n, int k, int hand_n)
{
    const Player *pl = &s->pl[p];
    int cast_h = acts[k].hand_idx, last = hand_n - 1;
    Mana m = mana_of(pl);
    int out = 1;                                  /* acts[0] is ACT_PASS */
    for (int j = 1; j < n; j++) {                 /* writes stay at or behind j */
        if (j == k) continue;
        Action a = acts[j];
        if (a.hand_idx == last) a.hand_idx = (uint8_t)cast_h;
        if (a.type == ACT_CAST && !castable_obj(s, p, &m, pl->hand[a.hand_idx])) continue;
        int i = out++;                            /* only the moved card can be out of order */
        while (i > 1 && acts[i - 1].hand_idx > a.hand_idx) { acts[i] = acts[i - 1]; i--; }
        acts[i] = a;
    }
    return out;
}

static uint8_t hand_take(Player *pl, int h)
{
    uint8_t obj = pl->hand[h];
    pl->hand[h] = pl->hand[--pl->hand_n];
    return obj;
}

static void check_state(const GameState *s, Game *g)
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

static void fail(GameState *s, Game *g, int err)
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
    if (s->sba_pending) sba_apply(s, g);
}

/* Casts the creature in hand slot h: pay, put it on the stack, both players
 * pass, it resolves onto the battlefield (601, 608.3). */
static void cast(GameState *s, Game *g, int p, int h)
{
    Player *pl = &s->pl[p];
    uint16_t card = OBJ_CARD(s, p, pl->hand[h]);
    pay(pl, &s->cards[card]);
    uint8_t obj = hand_take(pl, h);
    s->stack_owner[s->stack_n] = (uint8_t)p;
    s->stack_obj[s->stack_n++] = obj;
    game_event(g, s, EV_CAST, p, 0, 0, card, 0, 0);
    priority(s, g);
    int i = perm_create(s, p, card, obj);
    /* No slot left (PERM_MAX): the game is abandoned as a capacity draw,
     * the spell left on the stack, so that its card is still in a zone. */
    if (i < 0) { fail(s, g, ERR_CAPACITY); return; }
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

/* A main phase (505.5): the active player plays a land, casts creature
 * spells, until it passes. `idle`: the caller knows only passing is legal
 * (it was at the end of the turn's first main phase, and combat changes
 * no hand, land or mana pool). Returns whether only passing was legal at
 * the end. The legal actions are asked of game_legal_actions after a land
 * drop only: after a cast, the list before it says what is left. */
static int main_phase(GameState *s, Game *g, int idle)
{
    int p = s->active;
    const Policy *pol = g->policy[p];
    Action acts[ACTION_MAX];
    int n = 0;                                    /* acts[0..n-1]: the legal actions; 0: to ask */
    if (idle) { acts[0] = (Action){ ACT_PASS, 0 }; n = 1; }
    while (!s->over) {
        priority(s, g);
        if (!n) n = game_legal_actions(s, p, acts);
        else check_legal(s, g, p, acts, n);
        if (n == 1 || !pol) break;
        int k = pol->main_action(pol, s, g, p, g->policy_rng[p], acts, n);
        if (k < 0 || k >= n) { fail(s, g, ERR_ILLEGAL_ACTION); return 0; }
        if (acts[k].type == ACT_PASS) break;
        if (acts[k].type == ACT_LAND) {
            play_land(s, g, p, acts[k].hand_idx);
            n = 0;
        } else {
            int hand_n = s->pl[p].hand_n;
            cast(s, g, p, acts[k].hand_idx);
            n = legal_after_cast(s, p, acts, n, k, hand_n);
        }
        check_state(s, g);
    }
    return n == 1;
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
        any |= ((q->flags & (PF_CREATURE | PF_TAPPED)) == PF_CREATURE) & (ground | ((q->kw & (KW_FLYING | KW_REACH)) != 0));
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
    if (n == 0) return 0;
    int err = combat_declare_attackers(s, g, d, n);
    if (err) { fail(s, g, err); return 0; }
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
    if (err) fail(s, g, err);
}

static void combat_damage(GameState *s, Game *g, int first_strike)
{
    int err = combat_damage_step(s, g, first_strike, NULL, 0);
    if (err) fail(s, g, err);
}

/* 514: discard to hand size, then damage wears off and "this turn" effects end. */
static void cleanup(GameState *s, Game *g)
{
    int p = s->active;
    Player *pl = &s->pl[p];
    if (pl->hand_n > HAND_SIZE) {                                            /* 514.1 */
        int n = pl->hand_n - HAND_SIZE;
        uint8_t idx[HAND_MAX];
        const Policy *pol = g->policy[p];
        if (pol) pol->discard(pol, s, g, p, g->policy_rng[p], n, idx);
        else for (int k = 0; k < n; k++) idx[k] = (uint8_t)(HAND_SIZE + k);
        uint32_t seen = 0;
        for (int k = 0; k < n; k++) {
            if (idx[k] >= pl->hand_n || ((seen >> idx[k]) & 1)) { fail(s, g, ERR_ILLEGAL_ACTION); return; }
            seen |= 1u << idx[k];
        }
        /* Remove from the highest index down so earlier indices stay valid. */
        for (int h = pl->hand_n - 1; h >= 0; h--) {
            if (!((seen >> h) & 1)) continue;
            uint8_t obj = pl->hand[h];
            memmove(&pl->hand[h], &pl->hand[h + 1], (size_t)(pl->hand_n - h - 1));
            pl->hand_n--;
            bits256_set(pl->gy, obj);
            pl->gy_n++;
            game_event(g, s, EV_DISCARD, p, 0, 0, OBJ_CARD(s, p, obj), 0, 0);
        }
    }
    for (PermIter it = permset_iter(s->perm_used); permiter_more(&it);) {    /* 514.2 */
        int i = permiter_next(&it);
        Permanent *q = &s->perm[i];
        q->damage = 0;
        q->prevent = 0;
        perm_refresh(s, i);   /* "until end of turn" effects end */
    }
    s->pl[0].prevent = s->pl[1].prevent = 0;
}

static void untap_step(GameState *s, Game *g)
{
    int p = s->active;
    game_event(g, s, EV_TURN, p, 0, 0, 0, s->turn, 0);
    for (PermIter it = permset_iter(s->perm_ctl[p]); permiter_more(&it);)    /* 502.2, 302.6 */
        s->perm[permiter_next(&it)].flags &= (uint8_t)~(PF_TAPPED | PF_SICK);
    memset(s->pl[p].land_tapped, 0, sizeof s->pl[p].land_tapped);
    s->pl[p].flags &= (uint8_t)~PL_LAND_PLAYED;
}

/* Ends the current step, mana empties (500.4), and moves on to `next`.
 * Returns whether the game goes on. */
static int step_to(GameState *s, Game *g, int next)
{
    empty_mana(s);
    s->step = (uint8_t)next;
    check_state(s, g);
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
        priority(s, g);
        if (!step_to(s, g, STEP_DRAW)) return;
    draw:
        if (!(s->turn == 1 && s->active == s->starting)) game_draw(s, g, s->active);  /* 103.7a, 504.1 */
        priority(s, g);
        if (!step_to(s, g, STEP_MAIN1)) return;
    main1:
        idle = main_phase(s, g, 0);
        if (!step_to(s, g, STEP_BEGIN_COMBAT)) return;
    begin_combat:
        priority(s, g);
        if (!step_to(s, g, STEP_DECLARE_ATTACKERS)) return;
    attackers:
        if (!declare_attackers(s, g)) {                      /* 508.8 */
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
        priority(s, g);
        game_event(g, s, EV_COMBAT_END, s->active, 0, 0, 0, 0, 0);
        combat_end(s);                                       /* 511.3 */
        if (!step_to(s, g, STEP_MAIN2)) return;
    main2:
        main_phase(s, g, idle);
        idle = 0;
        if (!step_to(s, g, STEP_END)) return;
    end:
        priority(s, g);
        if (!step_to(s, g, STEP_CLEANUP)) return;
    cleanup_step:
        cleanup(s, g);
        s->turn++;
        s->active = (uint8_t)(1 - s->active);
        if (!step_to(s, g, STEP_UNTAP)) return;
        goto untap;
    }
}

/* ---- setting up: shuffles and the London mulligan (103.2-103.5) ---- */

static void new_library(GameState *s, Game *g, int p)
{
    Player *pl = &s->pl[p];
    uint8_t *lib = g->lib_buf[p];
    for (int k = 0; k < pl->deck_n; k++) lib[k] = (uint8_t)k;
    rng_shuffle(g->deck_rng[p], lib, pl->deck_n);
    pl->lib = lib;
    pl->lib_top = 0;
    pl->lib_n = pl->deck_n;
    pl->hand_n = 0;
}

static void draw_opening(GameState *s, int p)
{
    Player *pl = &s->pl[p];
    while (pl->hand_n < HAND_SIZE && pl->lib_n) {
        pl->hand[pl->hand_n++] = pl->lib[pl->lib_top++];
        pl->lib_n--;
    }
}

void game_play_table(const CardPool *pool, const Deck *d, uint64_t *out)
{
    for (int o = 0; o < d->n; o++) out[o] = play_info(&pool->cards[d->card[o]]);
}

void game_init(GameState *s, Game *g, int starting)
{
    state_clear(s, g->pool, g->edition);
    if (g->turn_cap) s->turn_cap = g->turn_cap;
    s->starting = s->active = (uint8_t)starting;
    game_event(g, s, EV_GAME_START, starting, 0, 0, 0, 0, 0);
    for (int k = 0; k < 2; k++) {
        int p = k == 0 ? starting : 1 - starting;                     /* 103.4: in turn order */
        Player *pl = &s->pl[p];
        const Policy *pol = g->policy[p];
        pl->deck = g->deck[p]->card;
        pl->deck_n = (uint8_t)g->deck[p]->n;
        if (player_free_spells(s, p)) pl->flags |= PL_FREE_SPELLS;
        if (player_free_spells(s, p)) pl->flags |= PL_FREE_SPELLS;
        pl->play = g->play[p];
        new_library(s, g, p);
        draw_opening(s, p);
        while (pl->mulligans < HAND_SIZE && pol && !pol->keep(pol, s, g, p, g->policy_rng[p])) {
            pl->mulligans++;
            game_event(g, s, EV_MULLIGAN, p, 0, 0, 0, pl->mulligans, 0);
            new_library(s, g, p);
            draw_opening(s, p);
        }
        int n = pl->mulligans < pl->hand_n ? pl->mulligans : pl->hand_n;
        if (n > 0) {
            /* London mulligan: n cards from the hand to the bottom, in an
             * order of the player's choosing (the order chosen is the order given). */
            uint8_t idx[HAND_MAX];
            if (pol && pol->bottom) pol->bottom(pol, s, g, p, g->policy_rng[p], n, idx);
            else for (int j = 0; j < n; j++) idx[j] = (uint8_t)j;
            uint32_t seen = 0;
            for (int j = 0; j < n; j++) {
                if (idx[j] >= pl->hand_n || ((seen >> idx[j]) & 1)) { fail(s, g, ERR_ILLEGAL_ACTION); return; }
                seen |= 1u << idx[j];
            }
            uint8_t *lib = g->lib_buf[p];
            memmove(lib, lib + pl->lib_top, pl->lib_n);
            pl->lib_top = 0;
            for (int j = 0; j < n; j++) lib[pl->lib_n++] = pl->hand[idx[j]];
            int h2 = 0;
            for (int h = 0; h < pl->hand_n; h++) if (!((seen >> h) & 1)) pl->hand[h2++] = pl->hand[h];
            pl->hand_n = (uint8_t)h2;
        }
        game_event(g, s, EV_KEEP, p, 0, 0, 0, n, 0);
    }
    s->step = STEP_UNTAP;
    check_state(s, g);
}
