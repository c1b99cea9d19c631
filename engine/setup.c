/* setup.c: setting up a game: libraries shuffled, London mulligans
 * (103.2-103.5), opening hands. */
#include <string.h>
#include "policy.h"
#include "mana.h"
#include "turn.h"
#include "zone.h"
#include "effect.h"

static void opening_hand_actions(GameState *s, Game *g);

/* The bytes 0 .. 255 in order: a library before its shuffle, copied at
 * once (a loop storing a byte at a time cost as much as the shuffle). */
#define IDENT4(k) (k), (k) + 1, (k) + 2, (k) + 3
#define IDENT16(k) IDENT4(k), IDENT4((k) + 4), IDENT4((k) + 8), IDENT4((k) + 12)
#define IDENT64(k) IDENT16(k), IDENT16((k) + 16), IDENT16((k) + 32), IDENT16((k) + 48)
static const uint8_t identity[256] = { IDENT64(0), IDENT64(64), IDENT64(128), IDENT64(192) };
_Static_assert(DECK_MAX <= 256, "a library's order starts from identity's bytes");

static void new_library(GameState *s, Game *g, int p)
{
    Player *pl = &s->pl[p];
    uint8_t *lib = g->lib_buf[p];
    int n = pl->deck_n;                  /* read once: the stores to lib could alias it */
    memcpy(lib, identity, (size_t)n);
    rng_shuffle(g->deck_rng[p], lib, n);
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

/* What card d in a deck makes its player's PL_FREE_SPELLS and
 * PL_GY_ABILITIES say (player_free_spells, player_gy_abilities). */
static unsigned card_deck_flags(const CardDef *d)
{
    return (!(d->types & TYPE_LAND) && d->mana_value == 0 ? PL_FREE_SPELLS : 0u) |
           (card_gy_abilities(d) ? PL_GY_ABILITIES : 0u);
}

/* Those flags for player p's deck, in one walk over the list that looks
 * at each card once (a list's copies are in a row). */
static uint8_t deck_flags(const GameState *s, int p)
{
    const uint16_t *deck = s->pl[p].deck;
    unsigned f = 0;
    for (int o = 0, n = s->pl[p].deck_n, last = -1; o < n; last = deck[o++]) {
        if (deck[o] == last) continue;
        f |= card_deck_flags(&s->cards[deck[o]]);
    }
    return (uint8_t)f;
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
    /* The stack, priority and effects run when a deck needs them. */
    s->spells = (uint16_t)((g->text ? g->text : (uint32_t)game_text(g->pool, g->deck[0], g->deck[1])) - 1);
    if (s->spells) s->trig_absent = g->text ? g->trig_absent : ~game_triggers(g->pool, g->deck[0], g->deck[1]);
    game_event(g, s, EV_GAME_START, starting, 0, 0, 0, 0, 0);
    for (int k = 0; k < 2; k++) {
        int p = k == 0 ? starting : 1 - starting;                     /* 103.4: in turn order */
        Player *pl = &s->pl[p];
        const Policy *pol = g->policy[p];
        pl->deck = g->deck[p]->card;
        pl->deck_n = (uint8_t)g->deck[p]->n;
        if (!(s->spells & SPELLS_NO_DECK_FLAGS)) pl->flags |= deck_flags(s, p);   /* else none (game_text) */
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
                if (idx[j] >= pl->hand_n || ((seen >> idx[j]) & 1)) { game_fail(s, g, ERR_ILLEGAL_ACTION); return; }
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
    if (s->spells && !(s->spells & SPELLS_NO_LEYLINES) && !s->over) opening_hand_actions(s, g);
    s->step = STEP_UNTAP;
    game_check_state(s, g);
}

/* Whether card d may begin the game on the battlefield from an opening
 * hand (a Leyline: RULE_OPENING_HAND). */
static int opening_hand_card(const CardDef *d)
{
    for (int k = 0; k < d->n_abilities; k++) {
        const Ability *a = &d->ab[k];
        if (a->kind == AB_STATIC && a->n_effects && a->effect[0].op == OP_RULE && a->effect[0].arg2 == RULE_OPENING_HAND)
            return 1;
    }
    return 0;
}

/* 103.6 (2011): once every player has kept, the starting player, then the
 * other, may take the actions cards allow from an opening hand: each
 * Leyline there may begin the game on the battlefield, the player's choice
 * (CH_MAY: 0 yes). */
static void opening_hand_actions(GameState *s, Game *g)
{
    for (int k = 0; k < 2 && !s->over; k++) {
        int p = k == 0 ? s->starting : 1 - s->starting;
        Player *pl = &s->pl[p];
        const Policy *pol = g->policy[p];
        for (int h = 0; h < pl->hand_n && !s->over;) {
            uint16_t card = OBJ_CARD(s, p, pl->hand[h]);
            if (!opening_hand_card(&s->cards[card])) { h++; continue; }
            Choice ch = { .kind = CH_MAY, .card = card, .n = 2 };
            if (pol && pol->choose && pol->choose(pol, s, g, p, g->policy_rng[p], &ch) == 1) { h++; continue; }
            uint8_t obj = hand_take(pl, h);                  /* the last card moves into h */
            if (perm_enter(s, g, p, p, card, obj) < 0) { card_to_zone(s, p, obj, ZONE_GRAVEYARD); game_fail(s, g, ERR_CAPACITY); }
        }
    }
}

int deck_has_text(const CardPool *pool, const Deck *d)
{
    for (int o = 0; o < d->n; o++)
        if (card_has_text(&pool->cards[d->card[o]])) return 1;
    return 0;
}

int card_singles_out_land(const CardDef *d)
{
    for (int k = 0; k < d->n_abilities; k++) {
        if (d->ab[k].kind == AB_ENCHANT && filter_may_match_land(&d->ab[k].trig_filter)) return 1;   /* 303.4a */
        /* an effect on every permanent of a kind that may be a land ("destroy all permanents other
         * than Worldslayer"): each basic land must be a permanent it can act on (played.c) */
        for (int e = 0; d->ab[k].kind != AB_STATIC && e < d->ab[k].n_effects; e++) {
            const Effect *f = &d->ab[k].effect[e];
            if ((f->who == SEL_ALL || f->who == SEL_TARGET_PLAYER_ALL || f->who == SEL_TARGET_PLAYER_OWNS) &&
                f->sel.zone == ZONE_BATTLEFIELD && filter_may_match_land(&f->sel) && f->op == OP_DESTROY)
                return 1;
        }
        for (int t = 0; t < d->ab[k].n_targets; t++) {
            const TargetSpec *ts = &d->ab[k].target[t];
            if (ts->what == TGT_OBJECT && ts->f.zone == ZONE_BATTLEFIELD && filter_may_match_land(&ts->f)) return 1;
        }
    }
    return 0;
}

/* Whether card d is an Aura that grants the creature it enchants an
 * activated ability (GRANT_ATTACHED). */
static int card_grants(const CardDef *d)
{
    for (int k = 0; k < d->n_abilities; k++) if (d->ab[k].granted == GRANT_ATTACHED) return 1;
    return 0;
}

/* Whether card d has an effect of op `op` (in a static ability when
 * `statics`), selecting `who` and with arg2 `arg2` (each -1: any). */
static int card_has_effect(const CardDef *d, int statics, int op, int who, int arg2)
{
    for (int k = 0; k < d->n_abilities; k++)
        for (int e = 0; (!statics || d->ab[k].kind == AB_STATIC) && e < d->ab[k].n_effects; e++) {
            const Effect *f = &d->ab[k].effect[e];
            if (f->op == op && (who < 0 || f->who == who) && (arg2 < 0 || f->arg2 == arg2)) return 1;
        }
    return 0;
}

/* The SPELLS_NO_SHIELDS, SPELLS_NO_STATE_AURAS, SPELLS_NO_BECOMERS,
 * SPELLS_NO_UPKEEP_ACTS, SPELLS_NO_OTHERS_UNTAP and SPELLS_NO_WALKERS bits
 * card d denies: what each function they spare looks for in a
 * permanent's card (damage_player_shields' static prevention, of any form
 * here; sba_state_auras' restriction; heuristic_has_becomer's and
 * heuristic_upkeep_untap_waits' activated abilities; the untap step's
 * Seedborn Muse, by any effect of a static ability here; a planeswalker). */
static unsigned card_denies(const CardDef *d)
{
    unsigned f = card_has_effect(d, 1, OP_PREVENT_NEXT, SEL_YOU, -1) ? SPELLS_NO_SHIELDS : 0u;   /* Guardian Seraph */
    if (d->types & TYPE_PLANESWALKER) f |= SPELLS_NO_WALKERS;
    if (card_has_effect(d, 1, OP_RULE, -1, RULE_UNTAP_OTHERS_STEP)) f |= SPELLS_NO_OTHERS_UNTAP;
    for (int k = 0; k < d->n_abilities; k++) {
        const Ability *a = &d->ab[k];
        if (a->kind == AB_ENCHANT && a->trig_filter.state) f |= SPELLS_NO_STATE_AURAS;
        if (a->kind == AB_ACTIVATED && a->n_effects && a->effect[0].op == OP_BECOME) f |= SPELLS_NO_BECOMERS;
        if (a->kind == AB_ACTIVATED && (a->timing & TM_UPKEEP)) f |= SPELLS_NO_UPKEEP_ACTS;
    }
    return f;
}

int game_text(const CardPool *pool, const Deck *a, const Deck *b)
{
    unsigned denied = 0;
    int text = deck_has_text(pool, a) || deck_has_text(pool, b), objects = 0, grants = 0, extra = 0, doubles = 0,
        wards = 0, redirects = 0;
    for (int d = 0; d < 2 && text; d++) {
        const Deck *dk = d ? b : a;
        for (int o = 0; o < dk->n; o++) {
            const CardDef *c = &pool->cards[dk->card[o]];
            objects |= card_singles_out_land(c);
            grants |= card_grants(c);
            extra |= card_has_effect(c, 1, OP_RULE, -1, RULE_EXTRA_LAND);          /* Rites of Flourishing */
            doubles |= card_has_effect(c, 1, OP_DOUBLE_DAMAGE, SEL_NONE, -1);      /* Furnace of Rath */
            wards |= card_has_effect(c, 1, OP_PREVENT_ALL, SEL_ATTACHED, -1);      /* Heart of Light */
            redirects |= card_has_effect(c, 0, OP_REDIRECT, -1, -1);               /* Pariah, Kjeldoran Royal Guard */
            denied |= card_denies(c);
            if (card_deck_flags(c)) denied |= SPELLS_NO_DECK_FLAGS;               /* a deck's card, not a token */
            if (opening_hand_card(c)) denied |= SPELLS_NO_LEYLINES;               /* likewise: a hand's */
            if ((c->rules & (RF_MADE | RF_STACK | RF_SORCERY_BURN)) != RF_MADE) denied |= SPELLS_NO_HAND_LOOKS;
        }
    }
    for (int t = 0; t < pool->n_tokens && text; t++) {                         /* any may be made */
        grants |= card_grants(&pool->cards[pool->n + t]);
        denied |= card_denies(&pool->cards[pool->n + t]);
    }
    unsigned spared = SPELLS_NO_SHIELDS | SPELLS_NO_STATE_AURAS | SPELLS_NO_BECOMERS | SPELLS_NO_UPKEEP_ACTS |
                      SPELLS_NO_DECK_FLAGS | SPELLS_NO_OTHERS_UNTAP | SPELLS_NO_LEYLINES | SPELLS_NO_HAND_LOOKS |
                      SPELLS_NO_WALKERS;
    return 1 + (text ? SPELLS_ON : 0) + (objects ? SPELLS_LAND_OBJECTS : 0) + (text && !grants ? SPELLS_NO_GRANTED : 0) +
           (text && !extra ? SPELLS_NO_EXTRA_LAND : 0) + (text && !doubles ? SPELLS_NO_DOUBLERS : 0) +
           (text && !wards ? SPELLS_NO_WARDS : 0) + (text && !redirects ? SPELLS_NO_REDIRECT : 0) +
           (text ? (int)(spared & ~denied) : 0);
}

/* The TR_* kinds of card d's triggered abilities (bits). */
static uint64_t card_triggers(const CardDef *d)
{
    uint64_t kinds = 0;
    for (int k = 0; k < d->n_abilities; k++)
        if (d->ab[k].kind == AB_TRIGGERED) kinds |= 1ull << d->ab[k].trigger;
    return kinds;
}

uint64_t game_triggers(const CardPool *pool, const Deck *a, const Deck *b)
{
    uint64_t kinds = 0;
    for (int o = 0; o < a->n; o++) kinds |= card_triggers(&pool->cards[a->card[o]]);
    for (int o = 0; o < b->n; o++) kinds |= card_triggers(&pool->cards[b->card[o]]);
    for (int t = 0; t < pool->n_tokens; t++) kinds |= card_triggers(&pool->cards[pool->n + t]);   /* any may be made */
    return kinds;
}
