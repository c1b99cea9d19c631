/* report.c: builds the JSON report with cJSON and the CSV files, and
 * writes them into an output set (output.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "report.h"

void json_add_u64(cJSON *o, const char *name, uint64_t v)
{
    char buf[32];
    snprintf(buf, sizeof buf, "%llu", (unsigned long long)v);
    cJSON_AddRawToObject(o, name, buf);
}

void wilson95(long k, long n, double *lo, double *hi)
{
    if (n <= 0) { *lo = 0; *hi = 1; return; }
    const double z = 1.959963984540054;
    double p = (double)k / (double)n, z2n = z * z / (double)n;
    double mid = (p + z2n / 2) / (1 + z2n);
    double half = z * sqrt(p * (1 - p) / (double)n + z2n / (4.0 * (double)n)) / (1 + z2n);
    *lo = mid - half < 0 ? 0 : mid - half;
    *hi = mid + half > 1 ? 1 : mid + half;
}

/* Rates and means are rounded to 6 decimals: enough for any count a run
 * makes, and the same text on every machine. */
static double r6(double x) { return round(x * 1e6) / 1e6; }

static cJSON *rate(long k, long n) { return n ? cJSON_CreateNumber(r6((double)k / (double)n)) : cJSON_CreateNull(); }

static cJSON *interval(long k, long n)
{
    double lo, hi;
    wilson95(k, n, &lo, &hi);
    cJSON *a = cJSON_CreateArray();
    cJSON_AddItemToArray(a, cJSON_CreateNumber(r6(lo)));
    cJSON_AddItemToArray(a, cJSON_CreateNumber(r6(hi)));
    return a;
}

static cJSON *games_wins(long games, long wins)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "games", (double)games);
    cJSON_AddNumberToObject(o, "wins", (double)wins);
    cJSON_AddItemToObject(o, "win_rate", rate(wins, games));
    cJSON_AddItemToObject(o, "ci95", interval(wins, games));
    return o;
}

static const int reasons[] = { END_LIFE, END_POISON, END_LIBRARY, END_TURN_CAP, END_CAPACITY, END_ERROR };

static cJSON *by_reason(const long *v)
{
    cJSON *o = cJSON_CreateObject();
    for (size_t k = 0; k < sizeof reasons / sizeof *reasons; k++)
        cJSON_AddNumberToObject(o, mtg_end_reason_name(reasons[k]), (double)v[reasons[k]]);
    return o;
}

/* The combat tallies, as (name, offset) so JSON and CSV list them alike. */
static const struct { const char *name; size_t off; } combat_fields[] = {
#define F(x) { #x, offsetof(CombatTally, x) }
    F(attack_steps), F(attackers), F(blocked), F(unblocked), F(blocks), F(chumps), F(trades),
    F(lost_in_combat), F(dmg_players), F(dmg_creatures), F(dmg_planeswalkers), F(fs_kills),
    F(trample), F(lifelink), F(poison), F(dt_kills)
#undef F
};
static const char *const combat_names[] = {
    "attacks_declared", "attackers", "attackers_blocked", "attackers_unblocked", "blocks",
    "chump_blocks", "trades", "creatures_lost_in_combat", "combat_damage_to_players",
    "combat_damage_to_creatures", "combat_damage_to_planeswalkers", "first_strike_kills",
    "trample_damage_through", "lifelink_life_gained", "poison_dealt", "deathtouch_kills"
};
#define N_COMBAT (sizeof combat_fields / sizeof *combat_fields)

static long combat_value(const CombatTally *c, size_t k) { return *(const long *)((const char *)c + combat_fields[k].off); }

typedef struct CardRow {
    const char *name;
    long copies;
    const CardTally *c;
} CardRow;

static double card_rate(long k, long n) { return n ? (double)k / (double)n : NAN; }

/* Whether the match plays spells: a card of either deck has rules text
 * (card_has_text, the games' GameState.spells). Only then do the cards
 * carry the figures of spells and abilities: a creature-only report is
 * byte for byte what it was before them (the bench signature). */
static int match_has_text(const StatsSetup *su, const CardPool *pool)
{
    for (int d = 0; d < 2; d++)
        for (int k = 0; k < su->ncard[d]; k++)
            if (card_has_text(&pool->cards[su->card[d][k]])) return 1;
    return 0;
}

static long median_turns(const Tally *t)
{
    /* Lower median: the smallest length with at least half the games. */
    long need = (t->games + 1) / 2, acc = 0;
    for (int k = 0; k < TURN_HIST; k++) if ((acc += t->turns_hist[k]) >= need) return k;
    return 0;
}

cJSON *report_build(const RunInfo *ri, const Tally *t, const StatsSetup *su, const CardPool *pool)
{
    cJSON *root = cJSON_CreateObject();
    cJSON_AddStringToObject(root, "schema", REPORT_SCHEMA);
    cJSON_AddBoolToObject(root, "complete", ri->complete);
    cJSON_AddNumberToObject(root, "games", (double)t->games);
    json_add_u64(root, "seed", ri->seed);
    cJSON_AddStringToObject(root, "edition", ri->edition == EDITION_2011 ? "2011" : "foundations");
    cJSON_AddNumberToObject(root, "turn_cap", ri->turn_cap);
    cJSON_AddBoolToObject(root, "pairs", ri->pairs);
    cJSON_AddNumberToObject(root, "games_requested", (double)ri->games_requested);
    if (ri->ci_width > 0) cJSON_AddNumberToObject(root, "ci_width", ri->ci_width);

    cJSON *decks = cJSON_AddArrayToObject(root, "decks");
    for (int d = 0; d < 2; d++) {
        const DeckTally *dt = &t->deck[d];
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "name", ri->deck_name[d]);
        cJSON_AddStringToObject(o, "file", ri->deck_file[d]);
        cJSON_AddStringToObject(o, "policy", ri->policy[d]);
        cJSON_AddNumberToObject(o, "wins", (double)dt->wins);
        cJSON_AddNumberToObject(o, "losses", (double)dt->losses);
        cJSON_AddNumberToObject(o, "draws", (double)dt->draws);
        cJSON_AddItemToObject(o, "win_rate", rate(dt->wins, t->games));
        cJSON_AddItemToObject(o, "ci95", interval(dt->wins, t->games));
        cJSON_AddItemToObject(o, "on_play", games_wins(dt->play_games, dt->play_wins));
        cJSON_AddItemToObject(o, "on_draw", games_wins(dt->draw_games, dt->draw_wins));
        cJSON *mu = cJSON_AddObjectToObject(o, "mulligans");
        cJSON_AddNumberToObject(mu, "total", (double)dt->mulligans);
        cJSON_AddNumberToObject(mu, "games", (double)dt->mulligan_games);
        cJSON_AddItemToObject(mu, "per_game", rate(dt->mulligans, t->games));
        cJSON_AddItemToArray(decks, o);
    }

    cJSON *turns = cJSON_AddObjectToObject(root, "turns");
    cJSON_AddItemToObject(turns, "mean", rate(t->turns_sum, t->games));
    cJSON_AddNumberToObject(turns, "median", (double)median_turns(t));
    cJSON *hist = cJSON_AddArrayToObject(turns, "histogram");
    for (int k = 0; k < TURN_HIST; k++) {
        if (!t->turns_hist[k]) continue;
        cJSON *b = cJSON_CreateObject();
        cJSON_AddNumberToObject(b, "turns", k);
        cJSON_AddNumberToObject(b, "games", (double)t->turns_hist[k]);
        if (k == TURN_HIST - 1) cJSON_AddBoolToObject(b, "or_more", 1);
        cJSON_AddItemToArray(hist, b);
    }

    cJSON *ends = by_reason(t->ends);
    cJSON_AddItemToObject(root, "end_reasons", ends);
    cJSON_AddNumberToObject(ends, "draws", (double)t->deck[0].draws);
    cJSON *byd = cJSON_AddArrayToObject(ends, "by_deck");
    for (int d = 0; d < 2; d++) {
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "deck", ri->deck_name[d]);
        cJSON_AddItemToObject(o, "won_by", by_reason(t->deck[d].won_by));
        cJSON_AddItemToObject(o, "lost_by", by_reason(t->deck[d].lost_by));
        cJSON_AddItemToArray(byd, o);
    }

    cJSON *combat = cJSON_AddArrayToObject(root, "combat");
    for (int d = 0; d < 2; d++) {
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "deck", ri->deck_name[d]);
        cJSON *tot = cJSON_AddObjectToObject(o, "totals");
        cJSON *avg = cJSON_AddObjectToObject(o, "per_game");
        for (size_t k = 0; k < N_COMBAT; k++) {
            long v = combat_value(&t->deck[d].combat, k);
            cJSON_AddNumberToObject(tot, combat_names[k], (double)v);
            cJSON_AddItemToObject(avg, combat_names[k], rate(v, t->games));
        }
        cJSON_AddItemToArray(combat, o);
    }

    cJSON *cards = cJSON_AddArrayToObject(root, "cards");
    int spells = match_has_text(su, pool);
    for (int d = 0; d < 2; d++) {
        cJSON *o = cJSON_CreateObject();
        cJSON_AddStringToObject(o, "deck", ri->deck_name[d]);
        cJSON *list = cJSON_AddArrayToObject(o, "cards");
        for (int k = 0; k < su->ncard[d]; k++) {
            const CardTally *c = &t->card[d][k];
            const CardSeen v = card_seen(c);
            cJSON *e = cJSON_CreateObject();
            cJSON_AddStringToObject(e, "name", pool->cards[su->card[d][k]].name);
            cJSON_AddNumberToObject(e, "copies", su->copies[d][k]);
            cJSON_AddNumberToObject(e, "games_in_hand", (double)v.gih_games);
            cJSON_AddItemToObject(e, "gih_wr", rate(v.gih_wins, v.gih_games));
            cJSON_AddNumberToObject(e, "games_opening_hand", (double)v.oh_games);
            cJSON_AddItemToObject(e, "oh_wr", rate(v.oh_wins, v.oh_games));
            cJSON_AddNumberToObject(e, "games_drawn", (double)v.gd_games);
            cJSON_AddItemToObject(e, "gd_wr", rate(v.gd_wins, v.gd_games));
            cJSON_AddNumberToObject(e, "games_not_seen", (double)v.gns_games);
            cJSON_AddItemToObject(e, "gns_wr", rate(v.gns_wins, v.gns_games));
            double gih = card_rate(v.gih_wins, v.gih_games), gns = card_rate(v.gns_wins, v.gns_games);
            if (isnan(gih) || isnan(gns)) cJSON_AddNullToObject(e, "iwd");
            else cJSON_AddNumberToObject(e, "iwd", r6(gih - gns));
            cJSON_AddNumberToObject(e, "cast", (double)c->cast);
            cJSON_AddNumberToObject(e, "attacked", (double)c->attacked);
            cJSON_AddNumberToObject(e, "blocked", (double)c->blocked);
            cJSON_AddNumberToObject(e, "damage_dealt", (double)c->damage);
            cJSON_AddNumberToObject(e, "creatures_killed", (double)c->kills);
            cJSON_AddNumberToObject(e, "deaths", (double)c->deaths);
            if (spells) {
                cJSON_AddNumberToObject(e, "activated", (double)c->activated);
                cJSON_AddNumberToObject(e, "creatures_destroyed", (double)c->destroyed);
                cJSON_AddNumberToObject(e, "spell_damage_to_players", (double)c->spell_dmg_players);
                cJSON_AddNumberToObject(e, "spell_damage_to_creatures", (double)c->spell_dmg_creatures);
            }
            cJSON_AddItemToArray(list, e);
        }
        cJSON_AddItemToArray(cards, o);
    }

    cJSON *run = cJSON_AddObjectToObject(root, "run");
    cJSON_AddNumberToObject(run, "threads", ri->threads);
    cJSON_AddNumberToObject(run, "seconds", round(ri->seconds * 1000) / 1000);
    cJSON_AddNumberToObject(run, "games_per_second", ri->seconds > 0 ? round((double)t->games / ri->seconds) : 0);
    cJSON_AddStringToObject(run, "version", MTGSIM_VERSION);
    char host[256] = "";
    if (gethostname(host, sizeof host - 1) != 0) strcpy(host, "unknown");
    cJSON_AddStringToObject(run, "host", host);
    return root;
}

int report_put_json(OutputSet *s, int k, const cJSON *root)
{
    char *text = cJSON_Print(root);
    if (!text) { output_fail(s, "out of memory"); return -1; }
    size_t tl = strlen(text);
    char *t2 = realloc(text, tl + 2);
    if (!t2) { free(text); output_fail(s, "out of memory"); return -1; }
    t2[tl] = '\n'; t2[tl + 1] = 0;
    int rc = output_put(s, k, t2, tl + 1);
    free(t2);
    return rc;
}

void csv_field(FILE *f, const char *s, int last)
{
    if (strpbrk(s, ",\"\r\n")) {
        fputc('"', f);
        for (; *s; s++) { if (*s == '"') fputc('"', f); fputc(*s, f); }
        fputc('"', f);
    } else {
        fputs(s, f);
    }
    fputs(last ? "\r\n" : ",", f);
}

static void csv_num(FILE *f, double v, int last)
{
    char b[64];
    if (isnan(v)) b[0] = 0;
    else if (v == floor(v) && fabs(v) < 1e15) snprintf(b, sizeof b, "%.0f", v);
    else snprintf(b, sizeof b, "%.6f", v);
    csv_field(f, b, last);
}

int report_csv_add(OutputSet *s, const char *dir)
{
    int first = output_file_in(s, "--csv", dir, "summary.csv");
    output_file_in(s, "--csv", dir, "combat.csv");
    output_file_in(s, "--csv", dir, "cards.csv");
    return first;
}

int report_write_csv(OutputSet *s, int first, const RunInfo *ri, const Tally *t, const StatsSetup *su,
                     const CardPool *pool)
{
    FILE *f = output_open(s, first);
    if (!f) return -1;
    fputs("deck,file,policy,games,wins,losses,draws,win_rate,ci95_low,ci95_high,"
          "play_games,play_wins,play_win_rate,draw_games,draw_wins,draw_win_rate,mulligans\r\n", f);
    for (int d = 0; d < 2; d++) {
        const DeckTally *dt = &t->deck[d];
        double lo, hi;
        wilson95(dt->wins, t->games, &lo, &hi);
        csv_field(f, ri->deck_name[d], 0);
        csv_field(f, ri->deck_file[d], 0);
        csv_field(f, ri->policy[d], 0);
        csv_num(f, (double)t->games, 0);
        csv_num(f, (double)dt->wins, 0);
        csv_num(f, (double)dt->losses, 0);
        csv_num(f, (double)dt->draws, 0);
        csv_num(f, card_rate(dt->wins, t->games), 0);
        csv_num(f, lo, 0);
        csv_num(f, hi, 0);
        csv_num(f, (double)dt->play_games, 0);
        csv_num(f, (double)dt->play_wins, 0);
        csv_num(f, card_rate(dt->play_wins, dt->play_games), 0);
        csv_num(f, (double)dt->draw_games, 0);
        csv_num(f, (double)dt->draw_wins, 0);
        csv_num(f, card_rate(dt->draw_wins, dt->draw_games), 0);
        csv_num(f, (double)dt->mulligans, 1);
    }

    if (!(f = output_open(s, first + 1))) return -1;
    fputs("deck", f);
    for (size_t k = 0; k < N_COMBAT; k++) fprintf(f, ",%s", combat_names[k]);
    fputs("\r\n", f);
    for (int d = 0; d < 2; d++) {
        csv_field(f, ri->deck_name[d], 0);
        for (size_t k = 0; k < N_COMBAT; k++) csv_num(f, (double)combat_value(&t->deck[d].combat, k), k == N_COMBAT - 1);
    }

    if (!(f = output_open(s, first + 2))) return -1;
    int spells = match_has_text(su, pool);
    fputs("deck,card,copies,games_in_hand,gih_wr,games_opening_hand,oh_wr,games_drawn,gd_wr,"
          "games_not_seen,gns_wr,iwd,cast,attacked,blocked,damage_dealt,creatures_killed,deaths", f);
    fputs(spells ? ",activated,creatures_destroyed,spell_damage_to_players,spell_damage_to_creatures\r\n" : "\r\n", f);
    for (int d = 0; d < 2; d++) {
        for (int k = 0; k < su->ncard[d]; k++) {
            const CardTally *c = &t->card[d][k];
            const CardSeen v = card_seen(c);
            double gih = card_rate(v.gih_wins, v.gih_games), gns = card_rate(v.gns_wins, v.gns_games);
            csv_field(f, ri->deck_name[d], 0);
            csv_field(f, pool->cards[su->card[d][k]].name, 0);
            csv_num(f, su->copies[d][k], 0);
            csv_num(f, (double)v.gih_games, 0);
            csv_num(f, gih, 0);
            csv_num(f, (double)v.oh_games, 0);
            csv_num(f, card_rate(v.oh_wins, v.oh_games), 0);
            csv_num(f, (double)v.gd_games, 0);
            csv_num(f, card_rate(v.gd_wins, v.gd_games), 0);
            csv_num(f, (double)v.gns_games, 0);
            csv_num(f, gns, 0);
            csv_num(f, isnan(gih) || isnan(gns) ? NAN : gih - gns, 0);
            csv_num(f, (double)c->cast, 0);
            csv_num(f, (double)c->attacked, 0);
            csv_num(f, (double)c->blocked, 0);
            csv_num(f, (double)c->damage, 0);
            csv_num(f, (double)c->kills, 0);
            csv_num(f, (double)c->deaths, !spells);
            if (spells) {
                csv_num(f, (double)c->activated, 0);
                csv_num(f, (double)c->destroyed, 0);
                csv_num(f, (double)c->spell_dmg_players, 0);
                csv_num(f, (double)c->spell_dmg_creatures, 1);
            }
        }
    }
    return 0;
}
