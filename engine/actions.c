/* actions.c: the legal actions of a player with priority (117.1): land
 * drops (305) and spells it can cast and pay for (601.2, 302.1). */
#include "policy.h"
#include "mana.h"
#include "turn.h"

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
    else for (int c = 0; c < COLOR_COUNT; c++) m.total += mana_untapped(pl, c) + pl->mana[c];
    return m;
}

/* Whether creature card d can be cast with this mana (302.1, 601.2g-h). */
static int castable(const Player *pl, const Mana *m, const CardDef *d)
{
    if (!(d->types & TYPE_CREATURE) || d->mana_value > m->total) return 0;
    return m->packed ? mana_covers(m->avail, mana_pack(d->cost_color)) : mana_can_pay(pl, d);
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
int actions_after_cast(const GameState *s, int p, Action *acts, int n, int k, int hand_n)
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
