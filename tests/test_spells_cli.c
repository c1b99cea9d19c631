/* test_spells_cli.c: `mtgsim trace` and `mtgsim run` on decks with spells
 * and abilities (the shipped decks have none yet: two are written here
 * from cards the pool supports: Lightning Bolt, Blaze, Prodigal
 * Pyromancer, Mogg Fanatic, Sparkmage Apprentice, Doom Blade, Giant
 * Growth, Unsummon, Pacifism, Llanowar Elves, Cancel).
 *
 * Runs the real binary (MTGSIM_BIN). The trace tells each cast with its
 * target, its resolution, activations, triggers and what they do, under
 * names seen before in the game; as JSON Lines, noncombat damage to a
 * player is followed by that player's life change and life changes add up
 * to the result. The report gives every card the four figures of spells
 * and abilities, combat figures still add up to the cards' combat damage,
 * cards.csv carries the same numbers; a creature-only report has none. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cjson/cJSON.h>
#include "testutil.h"

static int failures, checks;
static char tmpdir[64];
static char burn[128], green[128];

static Run mtgsim(const char *args)
{
    char cmd[8192];
    snprintf(cmd, sizeof cmd, "'%s' %s", MTGSIM_BIN, args);
    return test_run(tmpdir, cmd);
}

static void spit(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (!f) { perror(path); exit(2); }
    fputs(text, f);
    fclose(f);
}

/* The line of text at p (up to its newline), copied. */
static void line_at(const char *p, char *out, size_t n)
{
    size_t k = strcspn(p, "\n");
    if (k >= n) k = n - 1;
    memcpy(out, p, k);
    out[k] = 0;
}

/* Totals over the text traces of several games. */
static int bolt_casts, bolt_resolves, bolt_at_perm, activations, triggers, spell_damage, destroys;

/* The text trace of one game. Every "casts Lightning Bolt" line names its
 * target, a deck or a permanent the trace named before; each Bolt that
 * resolves was cast first. */
static void check_text(int game)
{
    char args[1024];
    snprintf(args, sizeof args, "trace '%s' '%s' --seed 3 --game %d", burn, green, game);
    Run t = mtgsim(args);
    CHECK(t.status == 0, "trace game %d: status %d (%s)", game, t.status, t.err);
    CHECK(strstr(t.out, "Game over after ") != NULL, "trace game %d does not end", game);
    int casts = 0, resolves = 0;
    for (const char *p = t.out; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL) {
        char line[512];
        line_at(p, line, sizeof line);
        if (strstr(line, " casts Lightning Bolt {R} targeting ")) {
            casts++;
            const char *target = strstr(line, " targeting ") + strlen(" targeting ");
            int deck = !strcmp(target, "burn") || !strcmp(target, "green");
            if (!deck) {
                /* A permanent: its name was in a line before this one (a cast or the board). */
                char *head = strndup(t.out, (size_t)(p - t.out));
                CHECK(head && strstr(head, target), "game %d: Bolt's target '%s' was never named before", game, target);
                free(head);
                bolt_at_perm++;
            }
        }
        if (!strcmp(line, "  Lightning Bolt resolves")) {
            resolves++;
            CHECK(resolves <= casts, "game %d: a Lightning Bolt resolves that was not cast", game);
        }
        if (strstr(line, " casts Blaze ")) CHECK(strstr(line, "{X}{R} with X = ") != NULL, "game %d: Blaze without X: %s", game, line);
        if (strstr(line, " activates ")) {
            activations++;
            CHECK(strstr(line, "Prodigal Pyromancer") || strstr(line, "Mogg Fanatic"), "game %d: what activates? %s", game, line);
        }
        if (strstr(line, " triggers")) triggers++;
        if (!strncmp(line, "  Lightning Bolt deals ", 23) || !strncmp(line, "  Blaze deals ", 14)) spell_damage++;
        if (strstr(line, " destroys ")) destroys++;
    }
    bolt_casts += casts;
    bolt_resolves += resolves;
    run_free(&t);
}

/* The JSON Lines trace of one game: every line an object; a noncombat
 * damage to a player is followed by that player's life change; the life
 * changes add up to the result's final life. */
static void check_json(int game)
{
    char args[1024];
    snprintf(args, sizeof args, "trace '%s' '%s' --seed 3 --game %d --json", burn, green, game);
    Run t = mtgsim(args);
    CHECK(t.status == 0, "trace --json game %d: status %d (%s)", game, t.status, t.err);
    int life[2] = { 20, 20 }, bad = 0, targets = 0;
    char want_life[64] = "";
    int want_amount = 0;
    const char *name[2] = { "burn", "green" };
    cJSON *last = NULL;
    for (char *line = strtok(t.out, "\n"); line; line = strtok(NULL, "\n")) {
        cJSON *o = cJSON_Parse(line);
        const char *ev = o ? cJSON_GetStringValue(cJSON_GetObjectItem(o, "event")) : NULL;
        if (!ev) { bad++; cJSON_Delete(o); continue; }
        if (want_life[0]) {
            CHECK(!strcmp(ev, "life") && !strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(o, "player")), want_life) &&
                  (int)cJSON_GetNumberValue(cJSON_GetObjectItem(o, "amount")) == -want_amount,
                  "game %d: damage to %s not followed by its life change: %s", game, want_life, line);
            want_life[0] = 0;
        }
        if (!strcmp(ev, "damage") && cJSON_GetObjectItem(o, "to_player")) {
            int noncombat = 0;
            const cJSON *f;
            cJSON_ArrayForEach(f, cJSON_GetObjectItem(o, "flags")) noncombat |= !strcmp(f->valuestring, "noncombat");
            if (noncombat) {
                snprintf(want_life, sizeof want_life, "%s", cJSON_GetStringValue(cJSON_GetObjectItem(o, "to_player")));
                want_amount = (int)cJSON_GetNumberValue(cJSON_GetObjectItem(o, "amount"));
                const char *card = cJSON_GetStringValue(cJSON_GetObjectItem(o, "card"));
                if (card && (!strcmp(card, "Lightning Bolt") || !strcmp(card, "Blaze")))
                    CHECK(cJSON_IsNull(cJSON_GetObjectItem(o, "perm")), "game %d: a spell's damage names a permanent", game);
            }
        }
        if (!strcmp(ev, "cast") && !strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(o, "card")), "Lightning Bolt")) {
            const cJSON *tg = cJSON_GetObjectItem(o, "targets");
            CHECK(cJSON_IsArray(tg) && cJSON_GetArraySize(tg) == 1, "game %d: Bolt cast without one target: %s", game, line);
            targets++;
        }
        if (!strcmp(ev, "resolve"))
            CHECK(cJSON_GetStringValue(cJSON_GetObjectItem(o, "kind")) != NULL, "game %d: resolve without kind", game);
        if (!strcmp(ev, "life")) {
            int d = !strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(o, "deck")), "B");
            life[d] += (int)cJSON_GetNumberValue(cJSON_GetObjectItem(o, "amount"));
            CHECK(life[d] == (int)cJSON_GetNumberValue(cJSON_GetObjectItem(o, "life")), "game %d: %s's life events do not add up",
                  game, name[d]);
        }
        cJSON_Delete(last);
        last = o;
    }
    CHECK(!bad, "game %d: %d lines are not JSON events", game, bad);
    CHECK(last && !strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(last, "event")), "result"), "game %d: no result last", game);
    if (last)
        CHECK((int)cJSON_GetNumberValue(cJSON_GetObjectItem(last, "life_a")) == life[0] &&
              (int)cJSON_GetNumberValue(cJSON_GetObjectItem(last, "life_b")) == life[1],
              "game %d: life changes add up to %d/%d, the result says otherwise", game, life[0], life[1]);
    cJSON_Delete(last);
    run_free(&t);
}

static const cJSON *card_named(const cJSON *deck_cards, const char *name)
{
    const cJSON *c;
    cJSON_ArrayForEach(c, cJSON_GetObjectItem(deck_cards, "cards"))
        if (!strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(c, "name")), name)) return c;
    return NULL;
}

static long num(const cJSON *o, const char *k) { return (long)cJSON_GetNumberValue(cJSON_GetObjectItem(o, k)); }

static const char *const spell_fields[] = { "activated", "creatures_destroyed", "spell_damage_to_players",
                                            "spell_damage_to_creatures" };

/* The report of a batch with spells. */
static void check_report(void)
{
    char args[1024], path[256];
    snprintf(args, sizeof args, "run '%s' '%s' --seed 3 --games 60 --threads 2 --quiet --json '%s/r.json' --csv '%s/csv'",
             burn, green, tmpdir, tmpdir);
    Run b = mtgsim(args);
    CHECK(b.status == 0, "run: status %d (%s)", b.status, b.err);
    run_free(&b);
    snprintf(path, sizeof path, "%s/r.json", tmpdir);
    char *text = test_slurp(path, NULL);
    cJSON *j = text ? cJSON_Parse(text) : NULL;
    free(text);
    CHECK(j != NULL, "run wrote no JSON report");
    if (!j) return;
    const cJSON *cards = cJSON_GetObjectItem(j, "cards"), *combat = cJSON_GetObjectItem(j, "combat");
    for (int d = 0; d < 2; d++) {
        const cJSON *dc = cJSON_GetArrayItem(cards, d), *c;
        const cJSON *tot = cJSON_GetObjectItem(cJSON_GetArrayItem(combat, d), "totals");
        long dmg = 0;
        cJSON_ArrayForEach(c, cJSON_GetObjectItem(dc, "cards")) {
            const char *nm = cJSON_GetStringValue(cJSON_GetObjectItem(c, "name"));
            for (int k = 0; k < 4; k++)
                CHECK(cJSON_IsNumber(cJSON_GetObjectItem(c, spell_fields[k])) && num(c, spell_fields[k]) >= 0,
                      "%s: no %s", nm, spell_fields[k]);
            /* Each destruction is one destroy or follows at least 1 damage of the card. */
            if (!strcmp(nm, "Lightning Bolt") || !strcmp(nm, "Blaze") || !strcmp(nm, "Prodigal Pyromancer"))
                CHECK(num(c, "creatures_destroyed") <= num(c, "spell_damage_to_creatures"), "%s: destroyed %ld with %ld damage",
                      nm, num(c, "creatures_destroyed"), num(c, "spell_damage_to_creatures"));
            dmg += num(c, "damage_dealt");
        }
        /* Combat keeps its meaning: the cards' combat damage is combat's, spells' apart. */
        long want = num(tot, "combat_damage_to_players") + num(tot, "combat_damage_to_creatures") +
                    num(tot, "combat_damage_to_planeswalkers");
        CHECK(dmg == want, "deck %d: cards dealt %ld combat damage, combat says %ld", d, dmg, want);
    }
    const cJSON *a = cJSON_GetArrayItem(cards, 0), *g = cJSON_GetArrayItem(cards, 1);
    const cJSON *bolt = card_named(a, "Lightning Bolt"), *pyro = card_named(a, "Prodigal Pyromancer");
    const cJSON *fan = card_named(a, "Mogg Fanatic"), *goblin = card_named(a, "Raging Goblin");
    const cJSON *doom = card_named(g, "Doom Blade"), *growth = card_named(g, "Giant Growth");
    CHECK(bolt && pyro && fan && goblin && doom && growth, "a card is missing from the report");
    if (bolt && pyro && fan && goblin && doom && growth) {
        CHECK(num(bolt, "cast") > 0 && num(bolt, "activated") == 0, "Bolt: cast %ld, activated %ld", num(bolt, "cast"),
              num(bolt, "activated"));
        CHECK(num(bolt, "spell_damage_to_players") + num(bolt, "spell_damage_to_creatures") > 0, "Bolt dealt no damage");
        CHECK(num(bolt, "damage_dealt") == 0 && num(bolt, "creatures_killed") == 0, "Bolt's damage counted as combat's");
        CHECK(num(pyro, "activated") > 0 && num(fan, "activated") > 0, "Pyromancer and Fanatic never activated");
        CHECK(num(doom, "creatures_destroyed") > 0 && num(doom, "spell_damage_to_creatures") == 0, "Doom Blade destroyed nothing");
        CHECK(num(growth, "creatures_destroyed") == 0 && num(growth, "spell_damage_to_creatures") == 0,
              "Giant Growth destroyed or dealt damage");
        for (int k = 0; k < 4; k++)
            CHECK(num(goblin, spell_fields[k]) == 0, "Raging Goblin has %s %ld", spell_fields[k], num(goblin, spell_fields[k]));
    }
    /* cards.csv: the four last columns, the JSON's numbers. */
    snprintf(path, sizeof path, "%s/csv/cards.csv", tmpdir);
    char *csv = test_slurp(path, NULL);
    CHECK(csv && strstr(csv, ",deaths,activated,creatures_destroyed,spell_damage_to_players,spell_damage_to_creatures\r\n"),
          "cards.csv: not the header of spells");
    const char *r = csv ? strstr(csv, "\nburn,Lightning Bolt,") : NULL;
    CHECK(r != NULL, "cards.csv: no row for Lightning Bolt");
    if (r && bolt) {
        char row[256], got[512];
        snprintf(row, sizeof row, ",%ld,%ld,%ld,%ld,%ld\r", num(bolt, "deaths"), num(bolt, "activated"),
                 num(bolt, "creatures_destroyed"), num(bolt, "spell_damage_to_players"), num(bolt, "spell_damage_to_creatures"));
        line_at(r + 1, got, sizeof got);
        size_t lg = strlen(got), lr = strlen(row);
        CHECK(lg >= lr && !strcmp(got + lg - lr, row), "cards.csv: Bolt's row '%s' does not end '%s'", got, row);
    }
    free(csv);
    cJSON_Delete(j);
}

/* A creature-only match: none of the four, in JSON or CSV. */
static void check_creature_only(void)
{
    char args[1024], path[256];
    snprintf(args, sizeof args, "run '%s/../decks/wu_flyers.txt' '%s/../decks/gr_beef.txt' --games 10 --quiet --json '%s/c.json' "
             "--csv '%s/ccsv'", TESTS_DIR, TESTS_DIR, tmpdir, tmpdir);
    Run b = mtgsim(args);
    CHECK(b.status == 0, "run creature-only: status %d (%s)", b.status, b.err);
    run_free(&b);
    snprintf(path, sizeof path, "%s/c.json", tmpdir);
    char *text = test_slurp(path, NULL);
    CHECK(text && strstr(text, "\"deaths\"") && !strstr(text, "activated") && !strstr(text, "spell_damage"),
          "a creature-only report has the figures of spells");
    free(text);
    snprintf(path, sizeof path, "%s/ccsv/cards.csv", tmpdir);
    text = test_slurp(path, NULL);
    CHECK(text && strstr(text, ",deaths\r\n") && !strstr(text, "activated"), "a creature-only cards.csv has the columns of spells");
    free(text);
}

int main(void)
{
    snprintf(tmpdir, sizeof tmpdir, "/tmp/mtgsim-spells-XXXXXX");
    if (!mkdtemp(tmpdir)) { perror("mkdtemp"); return 2; }
    snprintf(burn, sizeof burn, "%s/burn.txt", tmpdir);
    snprintf(green, sizeof green, "%s/green.txt", tmpdir);
    spit(burn, "4x Lightning Bolt\n4x Shock\n2x Blaze\n4x Prodigal Pyromancer\n4x Mogg Fanatic\n"
               "4x Sparkmage Apprentice\n4x Goblin Piker\n4x Raging Goblin\n2x Cancel\n4x Island\n20x Mountain\n");
    spit(green, "4x Llanowar Elves\n4x Giant Growth\n4x Grizzly Bears\n4x Doom Blade\n2x Pacifism\n4x Unsummon\n"
                "4x Craw Wurm\n4x Giant Spider\n4x Swamp\n4x Plains\n4x Island\n14x Forest\n");
    for (int game = 0; game < 8; game++) check_text(game);
    CHECK(bolt_casts > 0 && bolt_resolves > 0, "no Lightning Bolt cast (%d) or resolved (%d) in 8 games", bolt_casts, bolt_resolves);
    CHECK(bolt_at_perm > 0, "no Lightning Bolt at a creature in 8 games: the target's name was not checked");
    CHECK(activations > 0 && triggers > 0 && spell_damage > 0 && destroys > 0,
          "8 games without activations (%d), triggers (%d), a spell's damage (%d) or a destruction (%d)", activations,
          triggers, spell_damage, destroys);
    for (int game = 0; game < 4; game++) check_json(game);
    check_report();
    check_creature_only();
    char cmd[160];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    if (system(cmd) != 0) fprintf(stderr, "could not remove %s\n", tmpdir);
    printf("%d checks, %d failures (Bolts cast %d, resolved %d, at creatures %d; activations %d, triggers %d, "
           "spell damage %d, destructions %d)\n", checks, failures, bolt_casts, bolt_resolves, bolt_at_perm, activations,
           triggers, spell_damage, destroys);
    return failures ? 1 : 0;
}
