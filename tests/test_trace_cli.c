/* test_trace_cli.c: `mtgsim trace` tells the same game as `mtgsim run`.
 *
 * Runs the real binary (MTGSIM_BIN): a small batch with --per-game, then
 * the trace of each of its games, as text and as JSON Lines, and checks
 * that winner, length, reason and final life and poison agree with the
 * batch's games.csv row; that the events add up (life changes sum to the
 * final life, one turn header per turn); that bad input is refused with
 * exit status 2 and a message; and that the text is plain ASCII where the
 * locale is not UTF-8. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>
#include <cjson/cJSON.h>
#include "testutil.h"
#include "sim/charset.h"

#define DECKS TESTS_DIR "/../decks"
#define DECK_A DECKS "/wu_flyers.txt"
#define DECK_B DECKS "/gr_beef.txt"

static int failures, checks;
static char tmpdir[64];
static int deaths;          /* "dies" lines seen in all the text traces */


static char *slurp(const char *path) { return test_slurp_or_empty(path); }

/* Runs `mtgsim ARGS`, capturing both outputs. */
static Run mtgsim(const char *args)
{
    char cmd[8192];
    snprintf(cmd, sizeof cmd, "'%s' %s", MTGSIM_BIN, args);
    return test_run(tmpdir, cmd);
}

/* One row of games.csv. */
typedef struct Row {
    int game, turns, life[2], poison[2];
    char started[64], winner[64], reason[32];
} Row;

/* Reads games.csv (no quoted fields for these deck names). */
static int read_games(const char *path, Row *rows, int max)
{
    char *text = slurp(path);
    int n = 0;
    char *line = strtok(text, "\n");
    if (line) line = strtok(NULL, "\n");  /* the header */
    for (; line && n < max; line = strtok(NULL, "\n")) {
        Row *r = &rows[n];
        unsigned long long seed;
        if (sscanf(line, "%d,%llu,%63[^,],%63[^,],%d,%31[^,],%d,%d,%d,%d", &r->game, &seed, r->started, r->winner,
                   &r->turns, r->reason, &r->life[0], &r->life[1], &r->poison[0], &r->poison[1]) == 10)
            n++;
    }
    free(text);
    return n;
}

/* The line of text starting with prefix, or NULL. */
static const char *find_line(const char *text, const char *prefix)
{
    size_t n = strlen(prefix);
    for (const char *p = text; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
        if (!strncmp(p, prefix, n)) return p;
    return NULL;
}

static int count_prefix(const char *text, const char *prefix)
{
    int n = 0;
    size_t len = strlen(prefix);
    for (const char *p = text; p && *p; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL)
        n += !strncmp(p, prefix, len);
    return n;
}

/* The text trace of a game agrees with its games.csv row. */
static void check_text(const Row *r, const char *opts, const char *name_a, const char *name_b)
{
    char args[2048];
    snprintf(args, sizeof args, "trace '%s' '%s' %s --game %d", DECK_A, DECK_B, opts, r->game);
    Run t = mtgsim(args);
    CHECK(t.status == 0, "trace game %d: status %d (%s)", r->game, t.status, t.err);

    char want[256];
    snprintf(want, sizeof want, "%s is on the play", r->started);
    CHECK(strstr(t.out, want) != NULL, "game %d: no '%s'", r->game, want);

    const char *end = find_line(t.out, "Game over after ");
    CHECK(end != NULL, "game %d: no 'Game over' line", r->game);
    if (end) {
        int turns = -1;
        char who[64] = "", reason[32] = "";
        if (!strcmp(r->winner, "draw")) sscanf(end, "Game over after %d turns: draw (%31[^)])", &turns, reason);
        else {
            char fmt[128];
            snprintf(fmt, sizeof fmt, "Game over after %%d turns: %%63s wins (%%31[^)])");
            sscanf(end, fmt, &turns, who, reason);
            CHECK(!strcmp(who, r->winner), "game %d: trace says %s wins, games.csv %s", r->game, who, r->winner);
        }
        CHECK(turns == r->turns, "game %d: trace %d turns, games.csv %d", r->game, turns, r->turns);
        CHECK(!strcmp(reason, r->reason), "game %d: trace reason '%s', games.csv '%s'", r->game, reason, r->reason);
    }
    char fin[256];
    snprintf(fin, sizeof fin, "Final life: %s %d, %s %d; poison: %s %d, %s %d", name_a, r->life[0], name_b, r->life[1],
             name_a, r->poison[0], name_b, r->poison[1]);
    CHECK(find_line(t.out, fin) != NULL, "game %d: no '%s' in\n%s", r->game, fin, find_line(t.out, "Final") ? find_line(t.out, "Final") : "(none)");
    /* One header per turn played (a game that hit the turn cap played exactly the cap). */
    CHECK(count_prefix(t.out, "Turn ") == r->turns, "game %d: %d turn headers for %d turns", r->game,
          count_prefix(t.out, "Turn "), r->turns);
    CHECK(find_line(t.out, "Turn 1 \xE2\x80\x94 ") || find_line(t.out, "Turn 1 - "), "game %d: no 'Turn 1 — ' header", r->game);
    /* A deck's permanents are named without a possessive ("wu_flyers's"):
     * "  DECK: CARD dies". */
    char poss[2][80];
    snprintf(poss[0], sizeof poss[0], "%s's", name_a);
    snprintf(poss[1], sizeof poss[1], "%s's", name_b);
    CHECK(!strstr(t.out, poss[0]) && !strstr(t.out, poss[1]), "game %d: a deck's name with 's in the trace", r->game);
    for (const char *p = strstr(t.out, " dies\n"); p; p = strstr(p + 1, " dies\n")) {
        const char *line = p;
        while (line > t.out && line[-1] != '\n') line--;
        size_t la = strlen(name_a), lb = strlen(name_b);
        int ok = (!strncmp(line + 2, name_a, la) && !strncmp(line + 2 + la, ": ", 2)) ||
                 (!strncmp(line + 2, name_b, lb) && !strncmp(line + 2 + lb, ": ", 2));
        CHECK(!strncmp(line, "  ", 2) && ok, "game %d: a death not told as '  DECK: CARD dies': %.*s", r->game,
              (int)(p - line + 5), line);
        deaths++;
    }
    run_free(&t);
}

/* The JSON Lines trace: every line an object, the result equal to the
 * row, and the life changes adding up to the final life. */
static void check_json(const Row *r, const char *opts)
{
    char args[2048];
    snprintf(args, sizeof args, "trace '%s' '%s' %s --game %d --json", DECK_A, DECK_B, opts, r->game);
    Run t = mtgsim(args);
    CHECK(t.status == 0, "trace --json game %d: status %d (%s)", r->game, t.status, t.err);
    int lines = 0, bad = 0, turns = 0, life[2] = { 20, 20 };
    cJSON *first = NULL, *last = NULL;
    for (char *line = strtok(t.out, "\n"); line; line = strtok(NULL, "\n")) {
        cJSON *o = cJSON_Parse(line);
        lines++;
        if (!o || !cJSON_IsString(cJSON_GetObjectItem(o, "event"))) { bad++; cJSON_Delete(o); continue; }
        const char *ev = cJSON_GetObjectItem(o, "event")->valuestring;
        if (!strcmp(ev, "turn")) turns++;
        if (!strcmp(ev, "life")) {
            const char *deck = cJSON_GetStringValue(cJSON_GetObjectItem(o, "deck"));
            int d = deck && deck[0] == 'B';
            life[d] += (int)cJSON_GetNumberValue(cJSON_GetObjectItem(o, "amount"));
            CHECK(life[d] == (int)cJSON_GetNumberValue(cJSON_GetObjectItem(o, "life")),
                  "game %d: life event says %d, the sum of changes %d", r->game,
                  (int)cJSON_GetNumberValue(cJSON_GetObjectItem(o, "life")), life[d]);
        }
        if (!first) first = o;
        else { cJSON_Delete(last); last = o; }
    }
    CHECK(lines > 10 && !bad, "game %d: %d lines, %d not JSON objects with an event", r->game, lines, bad);
    CHECK(first && !strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(first, "event")), "setup"), "game %d: first line is not the setup", r->game);
    CHECK(last && !strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(last, "event")), "result"), "game %d: last line is not the result", r->game);
    if (last) {
        CHECK((int)cJSON_GetNumberValue(cJSON_GetObjectItem(last, "game")) == r->game, "game %d: result names another game", r->game);
        CHECK(!strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(last, "winner")), r->winner), "game %d: JSON winner", r->game);
        CHECK(!strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(last, "started")), r->started), "game %d: JSON started", r->game);
        CHECK(!strcmp(cJSON_GetStringValue(cJSON_GetObjectItem(last, "end_reason")), r->reason), "game %d: JSON reason", r->game);
        CHECK((int)cJSON_GetNumberValue(cJSON_GetObjectItem(last, "turns")) == r->turns, "game %d: JSON turns", r->game);
        CHECK((int)cJSON_GetNumberValue(cJSON_GetObjectItem(last, "life_a")) == r->life[0], "game %d: JSON life_a", r->game);
        CHECK((int)cJSON_GetNumberValue(cJSON_GetObjectItem(last, "life_b")) == r->life[1], "game %d: JSON life_b", r->game);
        CHECK((int)cJSON_GetNumberValue(cJSON_GetObjectItem(last, "poison_a")) == r->poison[0], "game %d: JSON poison_a", r->game);
        CHECK((int)cJSON_GetNumberValue(cJSON_GetObjectItem(last, "poison_b")) == r->poison[1], "game %d: JSON poison_b", r->game);
    }
    CHECK(turns == r->turns, "game %d: %d turn events for %d turns", r->game, turns, r->turns);
    CHECK(life[0] == r->life[0] && life[1] == r->life[1], "game %d: life changes add up to %d/%d, games.csv %d/%d",
          r->game, life[0], life[1], r->life[0], r->life[1]);
    cJSON_Delete(first);
    cJSON_Delete(last);
    run_free(&t);
}

/* A batch, then every one of its games traced with the same options. */
static void same_games(const char *opts, int games, int json_every)
{
    char args[2048], csv[128], path[160];
    snprintf(csv, sizeof csv, "%s/csv", tmpdir);
    snprintf(args, sizeof args, "run '%s' '%s' %s --games %d --threads 2 --quiet --csv '%s' --per-game --json '%s/r.json'",
             DECK_A, DECK_B, opts, games, csv, tmpdir);
    Run b = mtgsim(args);
    CHECK(b.status == 0, "run %s: status %d (%s)", opts, b.status, b.err);
    run_free(&b);
    snprintf(path, sizeof path, "%s/games.csv", csv);
    Row rows[64];
    int n = read_games(path, rows, 64);
    CHECK(n == games, "games.csv of '%s': %d rows, want %d", opts, n, games);
    for (int i = 0; i < n; i++) {
        CHECK(rows[i].game == i, "games.csv row %d is game %d", i, rows[i].game);
        check_text(&rows[i], opts, "wu_flyers", "gr_beef");
        if (i % json_every == 0) check_json(&rows[i], opts);
    }
}

static void bad_input(void)
{
    static const struct { const char *args, *says; } cases[] = {
        { "trace " DECKS "/no_such_deck.txt " DECK_B, "no_such_deck.txt" },
        { "trace " DECK_A " " DECK_B " --game abc", "--game" },
        { "trace " DECK_A " " DECK_B " --game -1", "--game" },
        { "trace " DECK_A " " DECK_B " --seed", "--seed" },
        { "trace " DECK_A " " DECK_B " --games 10", "--games" },
        { "trace " DECK_A " " DECK_B " --json out.json", "--json" },
        { "trace " DECK_A " " DECK_B " --policy nonesuch", "nonesuch" },
        { "trace " DECK_A " " DECK_B " --edition 1999", "--edition" },
        { "trace " DECK_A, "at least 2" },
        { "trace " DECK_A " " DECK_B " " DECK_A, "too many" },
        { "trace " DECK_A " " DECK_B " --frobnicate", "--frobnicate" },
    };
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++) {
        Run r = mtgsim(cases[k].args);
        CHECK(r.status == 2, "'%s': status %d, want 2", cases[k].args, r.status);
        CHECK(strstr(r.err, cases[k].says) != NULL, "'%s': stderr does not name '%s':\n%s", cases[k].args, cases[k].says, r.err);
        CHECK(r.out[0] == 0, "'%s': printed a trace on bad input", cases[k].args);
        run_free(&r);
    }
    Run h = mtgsim("trace --help");
    CHECK(h.status == 0 && strstr(h.out, "usage: mtgsim trace"), "trace --help: status %d", h.status);
    run_free(&h);
}

/* No decks: the reference matchup, and a deterministic trace. */
static void reference_and_repeat(void)
{
    Run a = mtgsim("trace --game 1 --seed 99");
    CHECK(a.status == 0, "trace of the reference matchup: status %d (%s)", a.status, a.err);
    CHECK(find_line(a.out, "Deck A: ") && find_line(a.out, "Deck B: "), "no deck lines in the reference trace");
    CHECK(find_line(a.out, "Game over after "), "the reference trace does not end");
    Run b = mtgsim("trace --game 1 --seed 99");
    CHECK(!strcmp(a.out, b.out), "the same trace twice differs");
    Run c = mtgsim("trace --game 1 --seed 100");
    CHECK(strcmp(a.out, c.out) != 0, "another seed gives the same trace");
    run_free(&a); run_free(&b); run_free(&c);
}

/* Where the locale is not UTF-8 (no LANG, TERM=dumb: a minimal install),
 * the text is plain ASCII: "-" and "->" for the dash and the arrow; in a
 * UTF-8 locale "\u2014" and "\u2192". JSON Lines are the same in both. */
static void charsets(void)
{
    const char *utf8 = charset_utf8_locale();
    CHECK(utf8 != NULL, "this machine has no UTF-8 locale (C.UTF-8): the UTF-8 half is not checked");
    static const char *const args = "trace --seed 7 --game 3";
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "env -i PATH=\"$PATH\" TERM=dumb '%s' %s", MTGSIM_BIN, args);
    Run a = test_run(tmpdir, cmd);
    CHECK(a.status == 0, "trace without a locale: status %d (%s)", a.status, a.err);
    for (const unsigned char *p = (const unsigned char *)a.out; *p; p++)
        if (*p >= 0x80) { CHECK(0, "trace without a locale prints a byte 0x%02X: %.40s", *p, (const char *)p); break; }
    CHECK(find_line(a.out, "Turn 1 - "), "trace without a locale: no 'Turn 1 - ' header:\n%.300s", a.out);
    CHECK(strstr(a.out, ": life 20 -> "), "trace without a locale: no 'life 20 -> ' line");
    snprintf(cmd, sizeof cmd, "env -i PATH=\"$PATH\" LC_ALL=%s '%s' %s", utf8 ? utf8 : "C.UTF-8", MTGSIM_BIN, args);
    Run u = test_run(tmpdir, cmd);
    CHECK(u.status == 0, "trace in a UTF-8 locale: status %d (%s)", u.status, u.err);
    CHECK(find_line(u.out, "Turn 1 \xE2\x80\x94 "), "trace in a UTF-8 locale: no 'Turn 1 \u2014 ' header");
    CHECK(strstr(u.out, ": life 20 \xE2\x86\x92 "), "trace in a UTF-8 locale: no 'life 20 \u2192 ' line");
    snprintf(cmd, sizeof cmd, "env -i PATH=\"$PATH\" TERM=dumb '%s' %s --json", MTGSIM_BIN, args);
    Run ja = test_run(tmpdir, cmd);
    snprintf(cmd, sizeof cmd, "env -i PATH=\"$PATH\" LC_ALL=%s '%s' %s --json", utf8 ? utf8 : "C.UTF-8", MTGSIM_BIN, args);
    Run ju = test_run(tmpdir, cmd);
    CHECK(ja.status == 0 && ja.out[0] && !strcmp(ja.out, ju.out), "trace --json depends on the locale");
    run_free(&a); run_free(&u); run_free(&ja); run_free(&ju);
}

int main(void)
{
    snprintf(tmpdir, sizeof tmpdir, "/tmp/mtgsim-trace-XXXXXX");
    if (!mkdtemp(tmpdir)) { perror("mkdtemp"); return 2; }
    same_games("--seed 7", 8, 3);
    same_games("--seed 12 --policy random --edition foundations --turn-cap 14 --no-pairs", 6, 2);
    same_games("--seed 5 --policy-a aggro --policy-b random", 4, 4);
    CHECK(deaths > 0, "no creature died in any trace: the '  DECK: CARD dies' check proved nothing");
    bad_input();
    reference_and_repeat();
    charsets();
    char cmd[160];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    if (system(cmd) != 0) fprintf(stderr, "could not remove %s\n", tmpdir);
    printf("%d checks, %d failures\n", checks, failures);
    return failures ? 1 : 0;
}
