/* cmd_trace.c: `mtgsim trace`: one game of a match told turn by turn, as
 * text or JSON Lines, replayed from (seed, game index) with the same match
 * `mtgsim run` builds, so it is game I of the batch for that seed.
 *
 * Only watches the engine's events (and reads the state they come with);
 * it never changes the game. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cjson/cJSON.h>
#include "commands.h"
#include "driver.h"
#include "options.h"
#include "report.h"
#include "policies.h"
#include "engine/stack.h"
#include "engine/zone.h"

static const char trace_usage[] =
    "usage: mtgsim trace [DECK_A DECK_B] [--seed S] [--game I] [options]\n"
    "\n"
    "Plays one game and tells it turn by turn: who is on the play, mulligans\n"
    "and kept hands, then each turn's draws, lands, casts, attacks, blocks,\n"
    "combat damage (with first strike, trample, deathtouch, lifelink, infect,\n"
    "wither), deaths, life and poison, and how the game ended. With spells and\n"
    "abilities: each cast (its targets and X), activation and trigger put on\n"
    "the stack (its targets), resolution, counter and fizzle, and what they do:\n"
    "noncombat damage, destruction, permanents exiled or returned to hand,\n"
    "discards, life gained and lost. It is game I of `mtgsim run` with the\n"
    "same seed and options: its result is row I of the games.csv that\n"
    "`mtgsim run --csv DIR --per-game` writes. With no decks, plays the\n"
    "reference matchup (decks/reference).\n"
    "\n"
    "Permanents are named by card, with a copy number (\"Wind Drake #2\") when\n"
    "more than one copy of the card is in the match.\n"
    "\n"
    "options:\n"
    "  --seed S          master seed (default 20111001)\n"
    "  --game I          game index in the batch (default 0); games 2k and\n"
    "                    2k+1 are a seat-swapped pair: deck B starts odd games\n"
    "  --policy P        policy of both decks (default heuristic)\n"
    "  --policy-a P      policy of deck A; --policy-b P of deck B (names and\n"
    "                    parameters as for `mtgsim run`)\n"
    "  --edition E       rules edition: 2011 (default) or foundations\n"
    "  --turn-cap N      a game still going after N turns (both players' turns\n"
    "                    counted) is a draw (default 503: past the turn where a\n"
    "                    250-card deck runs out)\n"
    "  --cards FILE      add an MTGJSON card file to the pool (repeatable)\n"
    "  --no-pairs        as `mtgsim run --no-pairs`\n"
    "  --json            JSON Lines on standard output: one object per event\n"
    "\n"
    "Exit status: 0 done, 1 the game ended on an illegal policy answer, 2 bad\n"
    "input.\n";

#define LABEL_MAX (CARD_NAME_MAX + 8)
#define DISTINCT_MAX (2 * DECK_MAX)

typedef struct Trace {
    const CardPool *pool;
    const char *name[2];          /* how each deck is called: its name, with (A)/(B) in a mirror */
    int deck_of_seat[2];          /* deck (0 = A, 1 = B) in each seat */
    int json;                     /* JSON Lines instead of text */
    const char *dash, *arrow;     /* "\u2014" and "\u2192" in a UTF-8 locale, else "-" and "->" */
    FILE *out;
    char label[PERM_MAX][LABEL_MAX]; /* permanent slot -> its name in the trace, set at EV_ENTER */
    int n_distinct;               /* distinct cards of the match */
    uint16_t d_card[DISTINCT_MAX];   /* pool index of distinct card k */
    uint16_t d_copies[DISTINCT_MAX]; /* its copies in both decks together */
    uint16_t d_entered[DISTINCT_MAX];/* how many have entered the battlefield so far */
} Trace;

static const char *card_name(const Trace *t, int card)
{
    return card >= 0 && card < t->pool->n + t->pool->n_tokens ? t->pool->cards[card].name : "?";
}

static const char *seat_name(const Trace *t, int seat) { return t->name[t->deck_of_seat[seat & 1]]; }

static int distinct_of(const Trace *t, int card)
{
    for (int k = 0; k < t->n_distinct; k++) if (t->d_card[k] == card) return k;
    return -1;
}

/* The label the next permanent of `card` gets: its name, numbered when the
 * match holds more than one copy, so every permanent of a game has its own. */
static void next_label(const Trace *t, int card, char *out)
{
    int k = distinct_of(t, card);
    if (k < 0 || t->d_copies[k] < 2) snprintf(out, LABEL_MAX, "%s", card_name(t, card));
    else snprintf(out, LABEL_MAX, "%s #%d", card_name(t, card), t->d_entered[k] + 1);
}

/* The name of slot i: its label, or the card it holds now (a permanent the
 * trace did not see enter). */
static const char *slot_name(const Trace *t, const GameState *s, int i)
{
    if (i < 0 || i >= PERM_MAX) return "?";
    if (t->label[i][0]) return t->label[i];
    return (s->perm_used >> i) & 1 ? card_name(t, s->perm[i].card) : "?";
}

/* "{2}{W}{W}"-style cost of a card. */
static void cost_text(const CardDef *c, char *out, size_t n)
{
    static const char sym[COLOR_COUNT] = { 'W', 'U', 'B', 'R', 'G', 'C' };
    size_t k = 0;
    if (c->cost_generic || c->mana_value == 0) k += (size_t)snprintf(out + k, n - k, "{%d}", c->cost_generic);
    for (int col = 0; col < COLOR_COUNT; col++)
        for (int j = 0; j < c->cost_color[col] && k + 4 < n; j++) k += (size_t)snprintf(out + k, n - k, "{%c}", sym[col]);
}

static void keywords_text(unsigned kw, char *out, size_t n)
{
    static const char *const names[KW_COUNT] = {
        "flying", "reach", "first strike", "double strike", "deathtouch", "trample", "lifelink",
        "vigilance", "haste", "menace", "defender", "indestructible", "wither", "infect"
    };
    size_t k = 0;
    out[0] = 0;
    for (int b = 0; b < KW_COUNT; b++)
        if ((kw >> b) & 1u && k + 2 < n) k += (size_t)snprintf(out + k, n - k, "%s%s", k ? ", " : "", names[b]);
}

/* EV_DAMAGE flags: the text's words, the JSON's names. */
static const struct { unsigned bit; const char *text, *json; } dmg_flags[] = {
    { DMG_FIRST_STRIKE, "first strike", "first_strike" }, { DMG_TRAMPLE, "trample", "trample" },
    { DMG_DEATHTOUCH, "deathtouch", "deathtouch" }, { DMG_LIFELINK, "lifelink", "lifelink" },
    { DMG_INFECT, "infect", "infect" }, { DMG_WITHER, "wither", "wither" },
    { DMG_TO_PW, NULL, "to_planeswalker" }, { DMG_NONCOMBAT, NULL, "noncombat" }
};

static void damage_flags_text(unsigned f, char *out, size_t n)
{
    size_t k = 0;
    out[0] = 0;
    for (size_t j = 0; j < sizeof dmg_flags / sizeof *dmg_flags; j++)
        if ((f & dmg_flags[j].bit) && dmg_flags[j].text && k + 2 < n)
            k += (size_t)snprintf(out + k, n - k, "%s%s", k ? ", " : "", dmg_flags[j].text);
}

/* Cards of player p's hand, comma separated (JSON: an array). */
static void hand_text(const Trace *t, const GameState *s, int p, char *out, size_t n)
{
    const Player *pl = &s->pl[p];
    size_t k = 0;
    out[0] = 0;
    for (int h = 0; h < pl->hand_n && k + 2 < n; h++)
        k += (size_t)snprintf(out + k, n - k, "%s%s", h ? ", " : "", card_name(t, OBJ_CARD(s, p, pl->hand[h])));
}

static cJSON *hand_json(const Trace *t, const GameState *s, int p)
{
    cJSON *a = cJSON_CreateArray();
    const Player *pl = &s->pl[p];
    for (int h = 0; h < pl->hand_n; h++)
        cJSON_AddItemToArray(a, cJSON_CreateString(card_name(t, OBJ_CARD(s, p, pl->hand[h]))));
    return a;
}

/* The cards player p just put on the bottom (the last n of the library). */
static void bottom_text(const Trace *t, const GameState *s, int p, int n, char *out, size_t len, cJSON *arr)
{
    const Player *pl = &s->pl[p];
    size_t k = 0;
    out[0] = 0;
    for (int j = pl->lib_n - n; j < pl->lib_n; j++) {
        if (j < 0) continue;
        const char *nm = card_name(t, OBJ_CARD(s, p, pl->lib[pl->lib_top + j]));
        if (k + 2 < len) k += (size_t)snprintf(out + k, len - k, "%s%s", k ? ", " : "", nm);
        if (arr) cJSON_AddItemToArray(arr, cJSON_CreateString(nm));
    }
}

/* ---- spells and abilities on the stack ---- */

/* The name of an item's source permanent: its label while it is the same
 * object (its timestamp), else its card's name. */
static const char *source_name(const Trace *t, const GameState *s, int slot, uint32_t ts, int card)
{
    if (slot < PERM_MAX && permset_has(s->perm_used, slot) && s->px[slot].ts == ts) return slot_name(t, s, slot);
    return card_name(t, card);
}

/* "Lightning Bolt", "Prodigal Pyromancer's ability", "Sparkmage
 * Apprentice's trigger": a stack item. */
static void item_name(const Trace *t, const GameState *s, int kind, int card, int slot, uint32_t ts, char *out,
                      size_t n)
{
    if (kind == SI_SPELL) snprintf(out, n, "%s", card_name(t, card));
    else snprintf(out, n, "%s's %s", source_name(t, s, slot, ts, card), kind == SI_TRIGGER ? "trigger" : "ability");
}

/* What target x names. */
static const char *target_name(const Trace *t, const GameState *s, Target x, char *buf, size_t n)
{
    switch (x.kind) {
    case TK_PERM: return slot_name(t, s, x.v);
    case TK_PLAYER: return seat_name(t, x.v);
    case TK_STACK: {
        int j = stack_find(s, x.ts);
        if (j < 0) return "a spell";
        const StackItem *it = &s->stack[j];
        item_name(t, s, it->kind, it->card, it->source, it->source_ts, buf, n);
        return buf;
    }
    case TK_CARD:
        snprintf(buf, n, "%s in a graveyard", card_name(t, OBJ_CARD(s, x.owner & 1, x.v)));
        return buf;
    default: return "?";
    }
}

/* The item on top of the stack if it is of this kind and card (the
 * engine emits cast, activate, trigger and resolve with it there). */
static const StackItem *top_item(const GameState *s, int kind, int card)
{
    if (!s->spells || !s->stack_n) return NULL;
    const StackItem *it = &s->stack[s->stack_n - 1];
    return it->kind == kind && it->card == card ? it : NULL;
}

/* The ability an item plays, or NULL. */
static const Ability *item_ability(const Trace *t, const StackItem *it)
{
    const CardDef *d = &t->pool->cards[it->card];
    return it->ability < d->n_abilities ? &d->ab[it->ability] : NULL;
}

/* " with X = 3 targeting Grizzly Bears and Green" (text), or the item's
 * "x" and "targets" (JSON). */
static void item_choices(const Trace *t, const GameState *s, const StackItem *it, char *out, size_t n, cJSON *o)
{
    const Ability *a = item_ability(t, it);
    size_t k = 0;
    char tmp[LABEL_MAX + 32];
    out[0] = 0;
    if (a && a->cost.x) {
        k += (size_t)snprintf(out, n, " with X = %d", it->x);
        if (o) cJSON_AddNumberToObject(o, "x", it->x);
    }
    cJSON *arr = o && it->n_targets ? cJSON_AddArrayToObject(o, "targets") : NULL;
    /* Damage divided as announced (601.2d): each target's share. */
    cJSON *div = o && it->n_targets && it->t[0].amount ? cJSON_AddArrayToObject(o, "divide") : NULL;
    for (int j = 0; j < it->n_targets && j < ITEM_TARGETS; j++) {
        const char *nm = target_name(t, s, it->t[j], tmp, sizeof tmp);
        if (k + 2 < n)
            k += (size_t)snprintf(out + k, n - k, "%s%s", j == 0 ? " targeting " : j + 1 == it->n_targets ? " and " : ", ", nm);
        if (it->t[j].amount && k + 2 < n) k += (size_t)snprintf(out + k, n - k, " (%d)", it->t[j].amount);
        if (arr) cJSON_AddItemToArray(arr, cJSON_CreateString(nm));
        if (div) cJSON_AddItemToArray(div, cJSON_CreateNumber(it->t[j].amount));
    }
}

/* "{1}{R}, {T}, sacrifice it": an activated ability's cost. */
static void ability_cost_text(const Ability *a, char *out, size_t n)
{
    static const char sym[COLOR_COUNT] = { 'W', 'U', 'B', 'R', 'G', 'C' };
    const Cost *c = &a->cost;
    size_t k = 0;
    out[0] = 0;
#define ADD(...) do { if (k + 2 < n) k += (size_t)snprintf(out + k, n - k, __VA_ARGS__); } while (0)
    int loyalty = a->kind == AB_LOYALTY;
    for (int j = 0; j < c->x && !loyalty; j++) ADD("{X}");
    if (c->generic) ADD("{%d}", c->generic);
    for (int col = 0; col < COLOR_COUNT; col++) for (int j = 0; j < c->color[col]; j++) ADD("{%c}", sym[col]);
    if (c->tap) ADD("%s{T}", k ? ", " : "");
    if (c->untap) ADD("%s{Q}", k ? ", " : "");
    if (loyalty && c->x) ADD("%s-X loyalty", k ? ", " : "");                   /* [-X] */
    else if (loyalty) ADD("%s%+d loyalty", k ? ", " : "", c->loyalty);       /* [0] too */
    if (c->life) ADD("%spay %d life", k ? ", " : "", c->life);
    if (c->sac_self) ADD("%ssacrifice it", k ? ", " : "");
    if (c->sac_n) ADD("%ssacrifice %d", k ? ", " : "", c->sac_n);
    if (c->discard_n) ADD("%sdiscard %d", k ? ", " : "", c->discard_n);
    if (c->exile_self) ADD("%sexile it", k ? ", " : "");
    if (c->exile_gy) ADD("%sexile %d card%s from your graveyard", k ? ", " : "", c->exile_gy, c->exile_gy == 1 ? "" : "s");
    if (c->remove_counters) ADD("%sremove %d counter%s", k ? ", " : "", c->remove_counters, c->remove_counters == 1 ? "" : "s");
    if (!k) ADD("free");
#undef ADD
}

static const char *kind_json(int kind) { return kind == SI_SPELL ? "spell" : kind == SI_TRIGGER ? "trigger" : "ability"; }

static const char *zone_text(int zone)
{
    return zone == ZONE_EXILE ? "is exiled" : zone == ZONE_HAND ? "returns to its owner's hand"
         : zone == ZONE_LIBRARY ? "is put on top of its owner's library"
         : zone == ZONE_LIBRARY_BOTTOM ? "is put at the bottom of its owner's library" : "leaves the battlefield";
}

static const char *zone_json(int zone)
{
    return zone == ZONE_EXILE ? "exile" : zone == ZONE_HAND ? "hand"
         : zone == ZONE_LIBRARY || zone == ZONE_LIBRARY_BOTTOM ? "library" : zone == ZONE_GRAVEYARD ? "graveyard" : "?";
}

/* The permanent that deals noncombat damage or destroys: its label, or for
 * a spell (NO_SLOT) its card's name. */
static const char *doer_name(const Trace *t, const GameState *s, int slot, int card)
{
    return slot < PERM_MAX ? slot_name(t, s, slot) : card_name(t, card);
}

/* The player dealt damage: combat damage and most spells' go to the
 * source controller's opponent; DMG_TO_CONTROLLER says otherwise. */
static int damaged_player(const Event *e)
{
    return e->flags & DMG_TO_CONTROLLER ? e->player : 1 - e->player;
}

/* One line of a player's battlefield: lands by color, then creatures and
 * other permanents with power/toughness and damage. */
static void board_line(const Trace *t, const GameState *s, int p)
{
    static const char sym[COLOR_COUNT] = { 'W', 'U', 'B', 'R', 'G', 'C' };
    /* Basic lands: counts, or in a game with land objects the basic land permanents (listed here,
     * not among the permanents) */
    int lands = player_basics_all(s, p);
    fprintf(t->out, "  %s: %d land%s", seat_name(t, p), lands, lands == 1 ? "" : "s");
    if (lands) {
        fputs(" (", t->out);
        for (int c = 0; c < COLOR_COUNT; c++) for (int j = player_basics(s, p, c, 0); j > 0; j--) fputc(sym[c], t->out);
        fputc(')', t->out);
    }
    int first = 1;
    for (PermSet m = s->perm_ctl[p]; m; m &= m - 1) {
        int i = permset_first(m);
        if (state_land_objects(s) && (s->px[i].xflags & PX_LAND) && perm_def(s, i)->produces >= 0 && !perm_is_creature(s, i))
            continue;
        fputs(first ? "; " : ", ", t->out);
        first = 0;
        fputs(slot_name(t, s, i), t->out);
        if (perm_is_creature(s, i)) fprintf(t->out, " %d/%d", perm_power(s, i), perm_toughness(s, i));
        if (perm_is_planeswalker(s, i)) fprintf(t->out, " loyalty %d", s->perm[i].loyalty);
    }
    if (first) fputs("; no creatures", t->out);
    fputc('\n', t->out);
}

/* Text for one event. */
static void event_text(Trace *t, const GameState *s, const Event *e)
{
    FILE *f = t->out;
    const char *who = seat_name(t, e->player);
    char buf[1024], lab[LABEL_MAX];
    switch (e->type) {
    case EV_GAME_START:
        fprintf(f, "%s is on the play, %s on the draw.\n", who, seat_name(t, 1 - e->player));
        break;
    case EV_MULLIGAN:
        hand_text(t, s, e->player, buf, sizeof buf);
        fprintf(f, "%s mulligans (%d): shuffles away %s\n", who, e->amount, buf);
        break;
    case EV_KEEP: {
        const Player *pl = &s->pl[e->player];
        hand_text(t, s, e->player, buf, sizeof buf);
        fprintf(f, "%s keeps %d: %s\n", who, pl->hand_n, buf);
        if (e->amount > 0) {
            bottom_text(t, s, e->player, e->amount, buf, sizeof buf, NULL);
            fprintf(f, "  (put on the bottom: %s)\n", buf);
        }
        break;
    }
    case EV_TURN: {
        const Player *pl = &s->pl[e->player];
        fprintf(f, "\nTurn %d %s %s (life %d, %d card%s in hand, library %d)\n", e->amount, t->dash, who,
                pl->life, pl->hand_n, pl->hand_n == 1 ? "" : "s", pl->lib_n);
        board_line(t, s, e->player);
        board_line(t, s, 1 - e->player);
        break;
    }
    case EV_DRAW:
        if (e->amount < 0) fprintf(f, "  %s cannot draw: the library is empty\n", who);
        else fprintf(f, "  %s draws %s\n", who, card_name(t, e->card));
        break;
    case EV_LAND:
        fprintf(f, "  %s plays %s\n", who, card_name(t, e->card));
        break;
    case EV_CAST: {
        const CardDef *c = &t->pool->cards[e->card];
        char cost[64], kw[256];
        cost_text(c, cost, sizeof cost);
        keywords_text(c->keywords, kw, sizeof kw);
        next_label(t, e->card, lab);
        const StackItem *it = top_item(s, SI_SPELL, e->card);
        if (it && card_is(c, TYPE_INSTANT | TYPE_SORCERY)) snprintf(lab, sizeof lab, "%s", card_name(t, e->card));
        char xcost[80];
        const Ability *a = it ? item_ability(t, it) : NULL;
        snprintf(xcost, sizeof xcost, "%s%s", a && a->cost.x ? "{X}" : "", cost);
        fprintf(f, "  %s casts %s %s", who, lab, xcost);
        if (card_is(c, TYPE_CREATURE)) fprintf(f, " (%d/%d%s%s)", c->power, c->toughness, kw[0] ? ", " : "", kw);
        if (it) { item_choices(t, s, it, buf, sizeof buf, NULL); fputs(buf, f); }
        fputc('\n', f);
        break;
    }
    case EV_ACTIVATE: {
        const StackItem *it = top_item(s, SI_ABILITY, e->card);
        const CardDef *c = &t->pool->cards[e->card];
        const Ability *a = e->amount >= 0 && e->amount < c->n_abilities ? &c->ab[e->amount] : NULL;
        char cost[128] = "";
        if (a) ability_cost_text(a, cost, sizeof cost);
        buf[0] = 0;
        if (it) item_choices(t, s, it, buf, sizeof buf, NULL);
        fprintf(f, "  %s activates %s (%s%s)%s\n", who,
                e->perm < PERM_MAX ? slot_name(t, s, e->perm) : card_name(t, e->card), a && a->kind == AB_EQUIP ? "equip " : "",
                cost, buf);
        break;
    }
    case EV_TRIGGER: {
        const StackItem *it = top_item(s, SI_TRIGGER, e->card);
        buf[0] = 0;
        if (it) item_choices(t, s, it, buf, sizeof buf, NULL);
        fprintf(f, "  %s: %s triggers%s%s\n", who, doer_name(t, s, e->perm, e->card), buf[0] ? "," : "", buf);
        break;
    }
    case EV_RESOLVE: case EV_FIZZLE: case EV_COUNTER: {
        const StackItem *it = e->type == EV_RESOLVE ? top_item(s, e->other, e->card) : NULL;
        char nm[LABEL_MAX + 16];
        if (e->other == SI_SPELL && e->type == EV_RESOLVE && !card_is(&t->pool->cards[e->card], TYPE_INSTANT | TYPE_SORCERY))
            next_label(t, e->card, nm);   /* the permanent it becomes */
        else
            item_name(t, s, e->other, e->card, e->perm, it ? it->source_ts : 0, nm, sizeof nm);
        if (e->type == EV_RESOLVE) fprintf(f, "  %s resolves\n", nm);
        else if (e->type == EV_FIZZLE) fprintf(f, "  %s fizzles: no target is legal any more\n", nm);
        else fprintf(f, "  %s counters %s\n", card_name(t, e->amount), nm);
        break;
    }
    case EV_DESTROY:
        fprintf(f, "  %s destroys %s\n", doer_name(t, s, e->other, e->card), slot_name(t, s, e->perm));
        break;
    case EV_LEAVE:
        fprintf(f, "  %s: %s %s\n", who, slot_name(t, s, e->perm), zone_text(e->amount));
        break;
    case EV_ATTACK:
        if (e->other == TARGET_PLAYER) fprintf(f, "  %s attacks %s\n", slot_name(t, s, e->perm), seat_name(t, 1 - e->player));
        else fprintf(f, "  %s attacks %s, a planeswalker of %s\n", slot_name(t, s, e->perm), slot_name(t, s, e->other),
                     seat_name(t, 1 - e->player));
        break;
    case EV_BLOCK:
        fprintf(f, "  %s blocks %s\n", slot_name(t, s, e->perm), slot_name(t, s, e->other));
        break;
    case EV_ORDER: {
        uint8_t slots[PAIR_MAX];
        int n = (s->combat.attackers >> e->perm) & 1 ? combat_blockers_of(s, e->perm, slots)
                                                     : combat_attackers_of(s, e->perm, slots);
        if (n < 2) break;
        size_t k = 0;
        buf[0] = 0;
        for (int j = 0; j < n && k + 2 < sizeof buf; j++)
            k += (size_t)snprintf(buf + k, sizeof buf - k, "%s%s", j ? ", then " : "", slot_name(t, s, slots[j]));
        fprintf(f, "  %s orders its damage: %s\n", slot_name(t, s, e->perm), buf);
        break;
    }
    case EV_DAMAGE: {
        damage_flags_text(e->flags, buf, sizeof buf);
        const char *to = e->other == TARGET_PLAYER ? seat_name(t, damaged_player(e)) : slot_name(t, s, e->other);
        const char *by = e->flags & DMG_NONCOMBAT ? doer_name(t, s, e->perm, e->card) : slot_name(t, s, e->perm);
        fprintf(f, "  %s deals %d damage to %s%s%s%s\n", by, e->amount, to, buf[0] ? " [" : "", buf, buf[0] ? "]" : "");
        break;
    }
    case EV_LIFE:
        fprintf(f, "  %s: life %d %s %d%s\n", who, s->pl[e->player].life - e->amount, t->arrow, s->pl[e->player].life,
                e->flags & DMG_LIFELINK ? " (lifelink)" : "");
        break;
    case EV_POISON:
        fprintf(f, "  %s gets %d poison counter%s (%d in all)\n", who, e->amount, e->amount == 1 ? "" : "s",
                s->pl[e->player].poison);
        break;
    case EV_DIES:
        /* 700.4: a creature or planeswalker dies; an Aura or Equipment is put away */
        if (e->perm < PERM_MAX && !perm_is_creature(s, e->perm) && !perm_is_planeswalker(s, e->perm))
            fprintf(f, "  %s: %s is put into its owner's graveyard\n", who, slot_name(t, s, e->perm));
        else
            fprintf(f, "  %s: %s dies\n", who, slot_name(t, s, e->perm));
        break;
    case EV_DISCARD:
        fprintf(f, "  %s discards %s\n", who, card_name(t, e->card));
        break;
    case EV_LOSE:
        fprintf(f, "  %s loses (%s)\n", who,
                e->amount == END_LIFE ? "life total 0 or less" :
                e->amount == END_POISON ? "10 poison counters" :
                e->amount == END_LIBRARY ? "drew from an empty library" : mtg_end_reason_name(e->amount));
        break;
    default: /* EV_ENTER: named at EV_CAST; EV_COMBAT_END, EV_GAME_END: the result says it */
        break;
    }
}

static cJSON *event_json(Trace *t, const GameState *s, const Event *e)
{
    static const char *const names[] = {
        "game_start", "mulligan", "keep", "turn", "draw", "land", "cast", "enter", "attack", "block",
        "order", "damage", "life", "poison", "dies", "discard", "combat_end", "lose", "game_end",
        "activate", "trigger", "resolve", "fizzle", "counter", "destroy", "leave"
    };
    _Static_assert(sizeof names / sizeof *names == EV_COUNT, "an event without a name");
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "event", e->type < EV_COUNT ? names[e->type] : "?");
    cJSON_AddNumberToObject(o, "turn", s->turn);
    cJSON_AddStringToObject(o, "step", mtg_step_name(s->step));
    if (e->type == EV_GAME_END) {
        cJSON_AddStringToObject(o, "winner", e->player == 2 ? "draw" : seat_name(t, e->player));
        cJSON_AddStringToObject(o, "reason", mtg_end_reason_name(e->amount));
        return o;
    }
    cJSON_AddStringToObject(o, "player", seat_name(t, e->player));
    cJSON_AddStringToObject(o, "deck", t->deck_of_seat[e->player & 1] ? "B" : "A");
    const Player *pl = &s->pl[e->player & 1];
    switch (e->type) {
    case EV_MULLIGAN:
        cJSON_AddNumberToObject(o, "mulligans", e->amount);
        cJSON_AddItemToObject(o, "hand", hand_json(t, s, e->player));
        break;
    case EV_KEEP: {
        cJSON_AddItemToObject(o, "hand", hand_json(t, s, e->player));
        cJSON *b = cJSON_AddArrayToObject(o, "bottom");
        char tmp[1024];
        bottom_text(t, s, e->player, e->amount, tmp, sizeof tmp, b);
        break;
    }
    case EV_TURN:
        cJSON_AddNumberToObject(o, "life", pl->life);
        cJSON_AddNumberToObject(o, "poison", pl->poison);
        cJSON_AddNumberToObject(o, "hand", pl->hand_n);
        cJSON_AddNumberToObject(o, "library", pl->lib_n);
        cJSON_AddNumberToObject(o, "lands", player_basics_all(s, e->player));
        break;
    case EV_DRAW:
        if (e->amount < 0) cJSON_AddNullToObject(o, "card");
        else cJSON_AddStringToObject(o, "card", card_name(t, e->card));
        break;
    case EV_LAND: case EV_DISCARD:
        cJSON_AddStringToObject(o, "card", card_name(t, e->card));
        break;
    case EV_CAST: {
        char lab[LABEL_MAX];
        next_label(t, e->card, lab);
        const StackItem *it = top_item(s, SI_SPELL, e->card);
        if (it && card_is(&t->pool->cards[e->card], TYPE_INSTANT | TYPE_SORCERY))
            snprintf(lab, sizeof lab, "%s", card_name(t, e->card));
        cJSON_AddStringToObject(o, "card", card_name(t, e->card));
        cJSON_AddStringToObject(o, "perm", lab);
        if (it) {
            char tmp[1024];
            item_choices(t, s, it, tmp, sizeof tmp, o);
        }
        break;
    }
    case EV_ACTIVATE: case EV_TRIGGER: {
        const StackItem *it = top_item(s, e->type == EV_ACTIVATE ? SI_ABILITY : SI_TRIGGER, e->card);
        cJSON_AddStringToObject(o, "card", card_name(t, e->card));
        if (e->perm < PERM_MAX) cJSON_AddStringToObject(o, "perm", slot_name(t, s, e->perm));
        else cJSON_AddNullToObject(o, "perm");
        cJSON_AddNumberToObject(o, "ability", e->amount);
        if (it) {
            char tmp[1024];
            item_choices(t, s, it, tmp, sizeof tmp, o);
        }
        break;
    }
    case EV_RESOLVE: case EV_FIZZLE: case EV_COUNTER: {
        const StackItem *it = e->type == EV_RESOLVE ? top_item(s, e->other, e->card) : NULL;
        cJSON_AddStringToObject(o, "card", card_name(t, e->card));
        cJSON_AddStringToObject(o, "kind", kind_json(e->other));
        if (e->other != SI_SPELL) cJSON_AddStringToObject(o, "perm", source_name(t, s, e->perm, it ? it->source_ts : 0, e->card));
        if (e->type == EV_COUNTER) cJSON_AddStringToObject(o, "by", card_name(t, e->amount));
        break;
    }
    case EV_DESTROY:
        cJSON_AddStringToObject(o, "perm", slot_name(t, s, e->perm));
        cJSON_AddStringToObject(o, "card", card_name(t, s->perm[e->perm & (PERM_MAX - 1)].card));
        cJSON_AddStringToObject(o, "by", card_name(t, e->card));
        if (e->other < PERM_MAX) cJSON_AddStringToObject(o, "by_perm", slot_name(t, s, e->other));
        break;
    case EV_LEAVE:
        cJSON_AddStringToObject(o, "perm", slot_name(t, s, e->perm));
        cJSON_AddStringToObject(o, "card", card_name(t, e->card));
        cJSON_AddStringToObject(o, "zone", zone_json(e->amount));
        break;
    case EV_ENTER:
        cJSON_AddStringToObject(o, "card", card_name(t, e->card));
        cJSON_AddStringToObject(o, "perm", slot_name(t, s, e->perm));
        cJSON_AddNumberToObject(o, "slot", e->perm);
        break;
    case EV_ATTACK:
        cJSON_AddStringToObject(o, "perm", slot_name(t, s, e->perm));
        cJSON_AddStringToObject(o, "attacks", e->other == TARGET_PLAYER ? seat_name(t, 1 - e->player) : slot_name(t, s, e->other));
        break;
    case EV_BLOCK:
        cJSON_AddStringToObject(o, "perm", slot_name(t, s, e->perm));
        cJSON_AddStringToObject(o, "blocks", slot_name(t, s, e->other));
        break;
    case EV_ORDER: {
        uint8_t slots[PAIR_MAX];
        int n = (s->combat.attackers >> e->perm) & 1 ? combat_blockers_of(s, e->perm, slots)
                                                     : combat_attackers_of(s, e->perm, slots);
        cJSON_AddStringToObject(o, "perm", slot_name(t, s, e->perm));
        cJSON *a = cJSON_AddArrayToObject(o, "order");
        for (int j = 0; j < n; j++) cJSON_AddItemToArray(a, cJSON_CreateString(slot_name(t, s, slots[j])));
        break;
    }
    case EV_DAMAGE: {
        if (e->perm < PERM_MAX || !(e->flags & DMG_NONCOMBAT)) cJSON_AddStringToObject(o, "perm", slot_name(t, s, e->perm));
        else cJSON_AddNullToObject(o, "perm");   /* a spell's damage */
        cJSON_AddStringToObject(o, "card", card_name(t, e->card));
        cJSON_AddNumberToObject(o, "amount", e->amount);
        if (e->other == TARGET_PLAYER) cJSON_AddStringToObject(o, "to_player", seat_name(t, damaged_player(e)));
        else cJSON_AddStringToObject(o, "to", slot_name(t, s, e->other));
        cJSON *fl = cJSON_AddArrayToObject(o, "flags");
        for (size_t j = 0; j < sizeof dmg_flags / sizeof *dmg_flags; j++)
            if (e->flags & dmg_flags[j].bit) cJSON_AddItemToArray(fl, cJSON_CreateString(dmg_flags[j].json));
        break;
    }
    case EV_LIFE:
        cJSON_AddNumberToObject(o, "amount", e->amount);
        cJSON_AddNumberToObject(o, "life", pl->life);
        if (e->flags & DMG_LIFELINK) cJSON_AddBoolToObject(o, "lifelink", 1);
        break;
    case EV_POISON:
        cJSON_AddNumberToObject(o, "amount", e->amount);
        cJSON_AddNumberToObject(o, "poison", pl->poison);
        break;
    case EV_DIES:
        cJSON_AddStringToObject(o, "perm", slot_name(t, s, e->perm));
        cJSON_AddStringToObject(o, "card", card_name(t, e->card));
        break;
    case EV_LOSE:
        cJSON_AddStringToObject(o, "reason", mtg_end_reason_name(e->amount));
        break;
    default:
        break;
    }
    return o;
}

static void print_json(FILE *f, cJSON *o)
{
    char *line = cJSON_PrintUnformatted(o);
    if (line) { fputs(line, f); fputc('\n', f); }
    free(line);
    cJSON_Delete(o);
}

static void on_event(void *ctx, const GameState *s, const Event *e)
{
    Trace *t = ctx;
    if (t->json) print_json(t->out, event_json(t, s, e));
    else event_text(t, s, e);
    /* Bookkeeping after the output, so the cast line names the label to come. */
    if (e->type == EV_ENTER && e->perm < PERM_MAX) {
        next_label(t, e->card, t->label[e->perm]);
        int k = distinct_of(t, e->card);
        if (k >= 0) t->d_entered[k]++;
    } else if ((e->type == EV_DIES || e->type == EV_LEAVE) && e->perm < PERM_MAX) {
        t->label[e->perm][0] = 0;
    }
}

/* Takes --json (a flag here, a file for `run`) out of argv and refuses the
 * batch-only options. Returns -1 to go on, else the exit status. */
static int trace_args(int argc, char **argv, char **rest, int *nrest, int *json)
{
    static const char *const batch_only[] = { "--games", "--threads", "--csv", "--per-game", "--ci-width", "--quiet" };
    static const char *const with_value[] = { "--seed", "--game", "--turn-cap", "--edition", "--policy",
                                              "--policy-a", "--policy-b", "--cards" };
    *nrest = 0;
    *json = 0;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--json")) {
            const char *nx = i + 1 < argc ? argv[i + 1] : "";
            size_t l = strlen(nx);
            if (!strcmp(nx, "-") || (l > 5 && !strcmp(nx + l - 5, ".json")) || (l > 6 && !strcmp(nx + l - 6, ".jsonl"))) {
                fprintf(stderr, "mtgsim trace: --json takes no file ('%s'): it prints JSON Lines on standard output "
                                "(redirect it: --json > FILE)\n", nx);
                return 2;
            }
            *json = 1;
            continue;
        }
        for (size_t k = 0; k < sizeof batch_only / sizeof *batch_only; k++)
            if (!strcmp(a, batch_only[k])) {
                fprintf(stderr, "mtgsim trace: %s is an option of `mtgsim run`, not of trace (one game)\n\n%s", a, trace_usage);
                return 2;
            }
        rest[(*nrest)++] = argv[i];
        for (size_t k = 0; k < sizeof with_value / sizeof *with_value; k++)
            if (!strcmp(a, with_value[k]) && i + 1 < argc) { rest[(*nrest)++] = argv[++i]; break; }
    }
    return -1;
}

int cmd_trace(int argc, char **argv, int utf8)
{
    char **rest = malloc(((size_t)argc + 1) * sizeof *rest);
    if (!rest) { fprintf(stderr, "mtgsim trace: out of memory\n"); return 2; }
    int nrest, json;
    int rc = trace_args(argc, argv, rest, &nrest, &json);
    RunOptions o;
    if (rc < 0) rc = options_parse(nrest, rest, &o, 2, 2, trace_usage, "trace");
    free(rest);
    if (rc >= 0) return rc;

    Pool pool;
    static DeckList deck[2];
    PolicySpec pol[2];
    char err[2048];
    if (options_load(&o, &pool, deck, pol, err, sizeof err)) {
        fprintf(stderr, "mtgsim trace: %s\n", err);
        return 2;
    }
    /* The same match as cmd_run builds. */
    MatchSpec m = { pool_view(&pool), { &deck[0].main, &deck[1].main }, { &pol[0].inst, &pol[1].inst },
                    o.edition, o.turn_cap, o.seed, o.pairs, { NULL, NULL }, 0, 0 };

    static Trace t;
    memset(&t, 0, sizeof t);
    t.pool = &m.pool;
    t.json = json;
    t.dash = utf8 ? "\xE2\x80\x94" : "-";
    t.arrow = utf8 ? "\xE2\x86\x92" : "->";
    t.out = stdout;
    char mirror[2][DECKLIST_NAME_MAX + 8];
    if (!strcmp(deck[0].name, deck[1].name)) {
        for (int d = 0; d < 2; d++) snprintf(mirror[d], sizeof mirror[d], "%s (%c)", deck[d].name, 'A' + d);
        t.name[0] = mirror[0]; t.name[1] = mirror[1];
    } else {
        t.name[0] = deck[0].name; t.name[1] = deck[1].name;
    }
    int seat[2];
    driver_seats(o.game, seat);
    t.deck_of_seat[seat[0]] = 0;
    t.deck_of_seat[seat[1]] = 1;
    for (int d = 0; d < 2; d++)
        for (int j = 0; j < m.deck[d]->n; j++) {
            int c = m.deck[d]->card[j], k = distinct_of(&t, c);
            if (k < 0 && t.n_distinct < DISTINCT_MAX) { k = t.n_distinct++; t.d_card[k] = (uint16_t)c; }
            if (k >= 0) t.d_copies[k]++;
        }

    const char *edition = o.edition == EDITION_2011 ? "2011" : "foundations";
    int cap = o.turn_cap ? o.turn_cap : TURN_CAP_DEFAULT;
    if (json) {
        cJSON *h = cJSON_CreateObject();
        cJSON_AddStringToObject(h, "event", "setup");
        cJSON_AddStringToObject(h, "deck_a", t.name[0]);
        cJSON_AddStringToObject(h, "deck_b", t.name[1]);
        cJSON_AddStringToObject(h, "file_a", o.file[0]);
        cJSON_AddStringToObject(h, "file_b", o.file[1]);
        cJSON_AddStringToObject(h, "policy_a", pol[0].text);
        cJSON_AddStringToObject(h, "policy_b", pol[1].text);
        json_add_u64(h, "seed", o.seed);
        cJSON_AddNumberToObject(h, "game", (double)o.game);
        cJSON_AddStringToObject(h, "edition", edition);
        cJSON_AddNumberToObject(h, "turn_cap", cap);
        cJSON_AddBoolToObject(h, "pairs", o.pairs);
        print_json(stdout, h);
    } else {
        for (int d = 0; d < 2; d++)
            printf("Deck %c: %s (%s, policy %s)\n", 'A' + d, deck[d].name, o.file[d], pol[d].text);
        printf("Game %llu of seed %llu, edition %s, turn cap %d%s\n", o.game, o.seed, edition, cap,
               o.pairs ? "" : ", no pairs");
    }

    GameResult r;
    EventFn every[EV_COUNT];
    for (int k = 0; k < EV_COUNT; k++) every[k] = on_event;
    driver_play(&m, o.game, &r, every, &t);

    const char *winner = r.winner == 2 ? "draw" : t.name[r.winner];
    if (json) {
        /* The row of games.csv for this game, with the same columns. */
        cJSON *h = cJSON_CreateObject();
        cJSON_AddStringToObject(h, "event", "result");
        cJSON_AddNumberToObject(h, "game", (double)o.game);
        json_add_u64(h, "seed", o.seed);
        cJSON_AddStringToObject(h, "started", t.name[r.starter]);
        cJSON_AddStringToObject(h, "winner", winner);
        cJSON_AddNumberToObject(h, "turns", r.turns);
        cJSON_AddStringToObject(h, "end_reason", mtg_end_reason_name(r.end_reason));
        cJSON_AddNumberToObject(h, "life_a", r.life[0]);
        cJSON_AddNumberToObject(h, "life_b", r.life[1]);
        cJSON_AddNumberToObject(h, "poison_a", r.poison[0]);
        cJSON_AddNumberToObject(h, "poison_b", r.poison[1]);
        if (r.end_reason == END_ERROR) cJSON_AddStringToObject(h, "error", mtg_error_name(r.error));
        print_json(stdout, h);
    } else {
        printf("\nGame over after %d turn%s: ", r.turns, r.turns == 1 ? "" : "s");
        if (r.winner != 2) printf("%s wins (%s)\n", winner, mtg_end_reason_name(r.end_reason));
        else if (r.end_reason == END_ERROR) printf("ended on an illegal policy answer (%s)\n", mtg_error_name(r.error));
        else printf("draw (%s)\n", mtg_end_reason_name(r.end_reason));
        printf("Final life: %s %d, %s %d; poison: %s %d, %s %d\n", t.name[0], r.life[0], t.name[1], r.life[1],
               t.name[0], r.poison[0], t.name[1], r.poison[1]);
    }
    int status = 0;
    if (fflush(stdout) != 0 || ferror(stdout)) { fprintf(stderr, "mtgsim trace: cannot write the trace\n"); status = 2; }
    else if (r.end_reason == END_ERROR) {
        fprintf(stderr, "mtgsim trace: the game ended on an illegal policy answer (%s)\n", mtg_error_name(r.error));
        status = 1;
    }
    pool_free(&pool);
    return status;
}
