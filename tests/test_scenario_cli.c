/* test_scenario_cli.c: `mtgsim scenario` as a command: exit statuses, the
 * JSON Lines it prints, and every way a file can be invalid or fail.
 *
 * Runs the real binary (MTGSIM_BIN) on tests/scenarios/ and on the
 * deliberately bad and failing files in tests/data/scenario_bad/, capturing
 * stdout and stderr separately. The rules themselves are checked by the
 * scenario files; this checks the contract of the command around them
 * (tests/spec/scenario-format.md). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/wait.h>
#include <cjson/cJSON.h>
#include "testutil.h"

static int failures, checks;
static char tmpdir[64], out_path[128], err_path[128];


static char *slurp(const char *path) { return test_slurp_or_empty(path); }

/* Runs `mtgsim scenario ARGS` in the tests directory. */
static Run run(const char *args)
{
    char cmd[8192];
    snprintf(cmd, sizeof cmd, "cd '%s' && '%s' scenario %s", TESTS_DIR, MTGSIM_BIN, args);
    return test_run(tmpdir, cmd);
}

static int count_lines(const char *s)
{
    int n = 0;
    for (; *s; s++) if (*s == '\n') n++;
    return n;
}

/* Parses line i (0-based) of the output as JSON. */
static cJSON *line_json(const char *out, int i)
{
    const char *p = out;
    for (int k = 0; k < i && p; k++) { p = strchr(p, '\n'); if (p) p++; }
    if (!p || !*p) return NULL;
    const char *e = strchr(p, '\n');
    size_t n = e ? (size_t)(e - p) : strlen(p);
    return cJSON_ParseWithLength(p, n);
}

static const cJSON *get(const cJSON *o, const char *k) { return cJSON_GetObjectItemCaseSensitive(o, k); }

/* ------------------------------------------------------------------ tests */

static void test_usage(void)
{
    Run r = run("--help");
    CHECK(r.status == 0, "--help: exit %d, want 0", r.status);
    CHECK(strstr(r.out, "usage: mtgsim scenario") != NULL, "--help prints the usage on stdout");
    run_free(&r);

    r = run("");
    CHECK(r.status == 2, "no file: exit %d, want 2", r.status);
    CHECK(strstr(r.err, "no scenario file") != NULL, "no file: says so on stderr: %s", r.err);
    CHECK(!*r.out, "no file: nothing on stdout");
    run_free(&r);

    r = run("--frobnicate spec/scenarios/302.6-summoning-sickness.json");
    CHECK(r.status == 2, "unknown option: exit %d, want 2", r.status);
    CHECK(strstr(r.err, "--frobnicate") != NULL, "unknown option named on stderr");
    run_free(&r);

    r = run("data/scenario_bad/does-not-exist.json");
    CHECK(r.status == 2, "missing file: exit %d, want 2", r.status);
    CHECK(strstr(r.err, "does-not-exist.json") && strstr(r.err, "cannot open"),
          "missing file named on stderr: %s", r.err);
    run_free(&r);
}

/* The shape of one output line, on a double-strike file (with a
 * first-strike step) and a plain one. */
static void test_output_shape(void)
{
    const char *ds = "spec/scenarios/702.4-double-strike-unblocked.json";
    const char *plain = "spec/scenarios/119.3a-704.5a-lethal-to-player.json";
    char args[512];
    snprintf(args, sizeof args, "%s %s", ds, plain);
    Run r = run(args);
    CHECK(r.status == 0, "two passing files: exit %d, want 0 (stderr: %s)", r.status, r.err);
    CHECK(count_lines(r.out) == 2, "one line per file, got %d lines", count_lines(r.out));

    /* Key order as in the spec: file, name, pass, result. */
    const char *f = strstr(r.out, "\"file\""), *n = strstr(r.out, "\"name\"");
    const char *p = strstr(r.out, "\"pass\""), *res = strstr(r.out, "\"result\"");
    CHECK(f && n && p && res && f < n && n < p && p < res, "keys in order file, name, pass, result");

    cJSON *j = line_json(r.out, 0);
    CHECK(j != NULL, "line 1 is JSON");
    if (j) {
        CHECK(cJSON_IsString(get(j, "file")) && !strcmp(get(j, "file")->valuestring, ds),
              "file is the path as given");
        CHECK(cJSON_IsString(get(j, "name")) && strstr(get(j, "name")->valuestring, "double striker"),
              "name is the file's name");
        CHECK(cJSON_IsTrue(get(j, "pass")), "pass is true");
        const cJSON *result = get(j, "result");
        CHECK(cJSON_IsObject(result), "result is an object");
        CHECK(cJSON_IsNull(get(result, "error")), "error is null");
        const cJSON *pl = get(result, "players");
        CHECK(cJSON_IsArray(pl) && cJSON_GetArraySize(pl) == 2, "two players");
        for (int i = 0; i < 2 && cJSON_IsArray(pl); i++) {
            const cJSON *e = cJSON_GetArrayItem(pl, i);
            CHECK(cJSON_IsNumber(get(e, "life")) && cJSON_IsNumber(get(e, "poison")) &&
                  cJSON_IsBool(get(e, "lost")), "players[%d] has life, poison, lost", i);
        }
        CHECK(get(cJSON_GetArrayItem(pl, 1), "life")->valueint == 16, "defender at 16");
        CHECK(cJSON_IsArray(get(result, "graveyard")), "graveyard is an array");
        const cJSON *a = get(get(result, "permanents"), "a");
        CHECK(cJSON_IsObject(a), "permanents.a present");
        CHECK(cJSON_IsNumber(get(a, "damage")) && cJSON_IsObject(get(a, "counters")) &&
              cJSON_IsBool(get(a, "tapped")) && cJSON_IsNumber(get(a, "power")) &&
              cJSON_IsNumber(get(a, "toughness")),
              "a permanent has damage, counters, tapped, power, toughness");
        CHECK(get(a, "loyalty") == NULL, "no loyalty for a creature");
        const cJSON *fs = get(result, "after_first_strike");
        CHECK(cJSON_IsObject(fs), "after_first_strike present after a first-strike step");
        CHECK(fs && cJSON_IsArray(get(fs, "players")) && cJSON_IsArray(get(fs, "graveyard")) &&
              cJSON_IsObject(get(fs, "permanents")), "after_first_strike has players, graveyard, permanents");
        CHECK(fs && get(cJSON_GetArrayItem(get(fs, "players"), 1), "life")->valueint == 18,
              "after_first_strike: defender at 18");
        CHECK(fs && get(fs, "error") == NULL, "after_first_strike has no error field");
    }
    cJSON_Delete(j);

    j = line_json(r.out, 1);
    CHECK(j != NULL, "line 2 is JSON");
    if (j) {
        const cJSON *result = get(j, "result");
        CHECK(get(result, "after_first_strike") == NULL, "no after_first_strike without a first-strike step");
        const cJSON *p1 = cJSON_GetArrayItem(get(result, "players"), 1);
        CHECK(p1 && get(p1, "life")->valueint == -8 && cJSON_IsTrue(get(p1, "lost")),
              "life may go below 0 and lost is true");
        /* A file that uses nothing of "Spells, abilities and the main
         * phase" prints exactly the fields above. */
        CHECK(!get(result, "spells") && !get(result, "zones") && p1 && !get(p1, "hand") && !get(p1, "tokens"),
              "a file without spells prints no spells, zones or zone counts");
    }
    cJSON_Delete(j);
    run_free(&r);
}

static void test_planeswalker_and_error_output(void)
{
    Run r = run("scenarios/119.3c-printed-loyalty-without-counters.json "
                "spec/scenarios/302.6-summoning-sickness.json");
    CHECK(r.status == 0, "exit %d, want 0 (stderr: %s)", r.status, r.err);
    cJSON *j = line_json(r.out, 0);
    const cJSON *pw = get(get(get(j, "result"), "permanents"), "pw");
    CHECK(pw && cJSON_IsNumber(get(pw, "loyalty")) && get(pw, "loyalty")->valueint == 2,
          "a planeswalker prints loyalty");
    CHECK(pw && get(get(pw, "counters"), "loyalty") && get(get(pw, "counters"), "loyalty")->valueint == 2,
          "a planeswalker's counters include loyalty");
    CHECK(pw && cJSON_IsNull(get(pw, "power")), "a noncreature has null power");
    cJSON_Delete(j);

    j = line_json(r.out, 1);
    const cJSON *result = get(j, "result");
    CHECK(cJSON_IsString(get(result, "error")) && !strcmp(get(result, "error")->valuestring, "illegal_attack"),
          "error names the rejected declaration");
    const cJSON *a = get(get(result, "permanents"), "a");
    CHECK(a && cJSON_IsFalse(get(a, "tapped")), "the refused declaration left the state unchanged");
    CHECK(cJSON_IsTrue(get(j, "pass")), "an expected error passes");
    cJSON_Delete(j);
    run_free(&r);
}

/* The fields a file with spells prints: spells, zones, each player's
 * hand, library, graveyard and tokens, and the permanents' keywords,
 * controller and attached_to; an entry the rules forbid is
 * "illegal_spell" with the state left as it was. */
static void test_spells_output(void)
{
    Run r = run("scenarios/608.2b-cone-of-flame-does-what-it-can-for-its-legal-targets.json "
                "scenarios/115.1-doom-blade-cannot-target-a-black-creature.json "
                "scenarios/704.5n-equipment-stays-when-its-creature-dies.json");
    CHECK(r.status == 0, "exit %d, want 0 (stderr: %s)", r.status, r.err);
    CHECK(count_lines(r.out) == 3, "one line per file, got %d", count_lines(r.out));
    cJSON *j = line_json(r.out, 0);
    const cJSON *result = get(j, "result");
    const cJSON *sp = get(result, "spells");
    CHECK(cJSON_IsArray(sp) && cJSON_GetArraySize(sp) == 2, "spells: one word per entry");
    CHECK(sp && cJSON_IsString(cJSON_GetArrayItem(sp, 0)) &&
          !strcmp(cJSON_GetArrayItem(sp, 0)->valuestring, "resolved"), "spells[0] resolved");
    const cJSON *zn = get(result, "zones");
    CHECK(cJSON_IsObject(zn) && cJSON_GetArraySize(zn) == 4, "zones: every id of the file (4), got %d",
          cJSON_GetArraySize(zn));
    CHECK(zn && cJSON_IsString(get(zn, "bears")) && !strcmp(get(zn, "bears")->valuestring, "hand"),
          "zones.bears is hand");
    CHECK(zn && cJSON_IsString(get(zn, "elves")) && !strcmp(get(zn, "elves")->valuestring, "graveyard"),
          "zones.elves is graveyard");
    const cJSON *pl = get(result, "players");
    for (int i = 0; i < 2 && cJSON_IsArray(pl); i++) {
        const cJSON *e = cJSON_GetArrayItem(pl, i);
        CHECK(cJSON_IsNumber(get(e, "hand")) && cJSON_IsNumber(get(e, "library")) &&
              cJSON_IsNumber(get(e, "graveyard")) && cJSON_IsNumber(get(e, "tokens")),
              "players[%d] has hand, library, graveyard, tokens", i);
    }
    CHECK(get(cJSON_GetArrayItem(pl, 1), "hand")->valueint == 1, "the bounced creature is in its owner's hand");
    cJSON_Delete(j);

    j = line_json(r.out, 1);
    result = get(j, "result");
    CHECK(cJSON_IsString(get(result, "error")) && !strcmp(get(result, "error")->valuestring, "illegal_spell"),
          "an illegal target is illegal_spell");
    const cJSON *v = get(get(result, "permanents"), "vampire");
    CHECK(v && cJSON_IsArray(get(v, "keywords")) && cJSON_IsNumber(get(v, "controller")) &&
          get(v, "controller")->valueint == 1 && cJSON_IsNull(get(v, "attached_to")),
          "a permanent has keywords, controller and attached_to");
    CHECK(cJSON_IsNull(cJSON_GetArrayItem(get(result, "spells"), 0)), "an entry never cast has null");
    CHECK(!strcmp(get(get(result, "zones"), "blade")->valuestring, "none"), "a card never cast is nowhere");
    cJSON_Delete(j);

    j = line_json(r.out, 2);
    const cJSON *sc = get(get(get(j, "result"), "permanents"), "scimitar");
    CHECK(sc && cJSON_IsNull(get(sc, "attached_to")) && cJSON_IsNull(get(sc, "power")),
          "an Equipment whose creature died is attached to nothing and has no power");
    cJSON_Delete(j);
    run_free(&r);
}

/* The keywords with a parameter as printed (702.16a, 702.14a): one entry
 * per quality of protection, "Protection from" with the quality as the
 * card prints it, and "[land type]walk", the exact strings an outside
 * checker compares. */
static void test_keywords_output(void)
{
    Run r = run("scenarios/702.16a-baneslayer-angel-keywords-list-protection-from-demons-and-from-dragons.json "
                "scenarios/702.14a-bog-wraith-keywords-list-swampwalk-and-it-is-unblocked.json "
                "scenarios/702.16a-stave-off-blue-chosen-the-bears-list-protection-from-blue.json");
    CHECK(r.status == 0, "exit %d, want 0 (stderr: %s)", r.status, r.err);
    static const struct { const char *id; const char *want; } cases[] = {
        { "angel", "[\"Flying\",\"First strike\",\"Lifelink\",\"Protection from Dragons\",\"Protection from Demons\"]" },
        { "wraith", "[\"Swampwalk\"]" },
        { "bears", "[\"Protection from blue\"]" },
    };
    for (int i = 0; i < 3; i++) {
        cJSON *j = line_json(r.out, i);
        const cJSON *kw = get(get(get(get(j, "result"), "permanents"), cases[i].id), "keywords");
        char *got = kw ? cJSON_PrintUnformatted(kw) : NULL;
        CHECK(got && !strcmp(got, cases[i].want), "%s: keywords %s, want %s", cases[i].id, got ? got : "(none)",
              cases[i].want);
        free(got);
        cJSON_Delete(j);
    }
    run_free(&r);
}

static void test_no_expect(void)
{
    Run r = run("data/scenario_bad/noexpect_default_division.json");
    CHECK(r.status == 0, "no expect: exit %d, want 0", r.status);
    cJSON *j = line_json(r.out, 0);
    CHECK(j && get(j, "pass") && cJSON_IsNull(get(j, "pass")), "no expect: pass is null");
    CHECK(j && cJSON_IsObject(get(j, "result")), "no expect: the result is still printed");
    cJSON_Delete(j);
    run_free(&r);
}

/* A failing expect: exit 1, pass false, and the field with expected and
 * actual values on stderr. */
static void expect_fail(const char *file, const char *const *needles)
{
    char args[256];
    snprintf(args, sizeof args, "data/scenario_bad/%s", file);
    Run r = run(args);
    CHECK(r.status == 1, "%s: exit %d, want 1 (stderr: %s)", file, r.status, r.err);
    CHECK(count_lines(r.out) == 1, "%s: the result is printed", file);
    cJSON *j = line_json(r.out, 0);
    CHECK(j && cJSON_IsFalse(get(j, "pass")), "%s: pass is false", file);
    CHECK(j && cJSON_IsObject(get(j, "result")), "%s: result printed", file);
    cJSON_Delete(j);
    CHECK(strstr(r.err, file) != NULL, "%s: stderr names the file: %s", file, r.err);
    for (int k = 0; needles[k]; k++)
        CHECK(strstr(r.err, needles[k]) != NULL, "%s: stderr has \"%s\": %s", file, needles[k], r.err);
    run_free(&r);
}

static void test_failing_expect(void)
{
    expect_fail("fail_life.json", (const char *const[]){ "expect.players[1].life", "expected 17", "got 16", NULL });
    expect_fail("fail_error.json", (const char *const[]){ "expect.error", "\"illegal_block\"", "got null", NULL });
    expect_fail("fail_unexpected_error.json", (const char *const[]){ "expect.error", "\"illegal_attack\"", NULL });
    expect_fail("fail_no_first_strike.json", (const char *const[]){ "expect.after_first_strike", NULL });
    expect_fail("fail_permanents.json", (const char *const[]){
        "expect.graveyard", "expect.permanents.a", "expect.permanents.c.counters.+1/+1",
        "expect.permanents.c.tapped", NULL });
    expect_fail("fail_spells.json", (const char *const[]){ "expect.spells[0]", "\"countered\"", "\"resolved\"",
        "expect.zones.b", "expect.players[0].hand", NULL });
    /* Keywords are a set: one missing (protection from red, swampwalk) or
     * one too many (protection from creatures) fails. */
    expect_fail("fail_keywords.json", (const char *const[]){
        "expect.permanents.paladin.keywords", "\"Protection from red\"]",
        "expect.permanents.wraith.keywords", "got [\"Swampwalk\"]",
        "expect.permanents.bears.keywords", "expected [\"Protection from creatures\"], got []", NULL });
}

/* An invalid file: exit 2, nothing on stdout, and the file, the field and
 * what is wrong on stderr. */
static void expect_bad(const char *file, const char *field, const char *what)
{
    char args[256];
    snprintf(args, sizeof args, "data/scenario_bad/%s", file);
    Run r = run(args);
    CHECK(r.status == 2, "%s: exit %d, want 2 (stderr: %s)", file, r.status, r.err);
    CHECK(!*r.out, "%s: nothing is run or printed: %s", file, r.out);
    CHECK(strstr(r.err, file) != NULL, "%s: stderr names the file: %s", file, r.err);
    CHECK(strstr(r.err, field) != NULL, "%s: stderr names the field \"%s\": %s", file, field, r.err);
    CHECK(strstr(r.err, what) != NULL, "%s: stderr says \"%s\": %s", file, what, r.err);
    run_free(&r);
}

static void test_invalid_files(void)
{
    expect_bad("bad_syntax.json", "(file)", "not valid JSON (line 4");
    expect_bad("bad_not_object.json", "(file)", "expected a JSON object");
    expect_bad("bad_duplicate_key.json", "active", "given twice");
    expect_bad("bad_unknown_card.json", "players[1].battlefield[0].card", "closest: \"Grizzly Bears\"");
    expect_bad("bad_duplicate_id.json", "players[1].battlefield[1].id", "duplicate id \"a\"");
    expect_bad("bad_reserved_id.json", "players[1].battlefield[0].id", "reserved");
    expect_bad("bad_attack_unknown_id.json", "attacks[0].attacker", "unknown permanent id \"zz\"");
    expect_bad("bad_attack_unknown_target.json", "attacks[0].target", "unknown permanent id \"zz\"");
    expect_bad("bad_block_unknown_id.json", "blocks[0].blocker", "unknown permanent id \"zz\"");
    expect_bad("bad_order_id.json", "damage_order.a[1]", "unknown permanent id \"zz\"");
    expect_bad("bad_life_type.json", "players[1].life", "expected an integer, got a string");
    expect_bad("bad_tapped_type.json", "players[1].battlefield[0].tapped", "expected true or false");
    expect_bad("bad_negative_damage.json", "players[1].battlefield[0].damage", "out of range");
    expect_bad("bad_missing_players.json", "players", "missing");
    expect_bad("bad_three_players.json", "players", "expected 2 players, got 3");
    expect_bad("bad_active.json", "active", "expected 0 or 1");
    expect_bad("bad_edition.json", "edition", "\"2024\"");
    /* "Spells, abilities and the main phase" */
    expect_bad("bad_spells.json", "spells[0].targets[0]", "unknown id \"zz\"");
    expect_bad("bad_spells_step.json", "spells[0].step", "got \"combat\"");
    expect_bad("bad_spells_caster.json", "spells[0].caster", "missing");
    expect_bad("bad_spells_target_count.json", "spells[0].targets", "names 1 target");
    expect_bad("bad_spells_later_spell.json", "spells[0].targets[0]", "\"spell:1\" names no earlier entry");
    expect_bad("bad_spells_unsupported.json", "spells[0].card", "\"Twincast\" is not supported");
    expect_bad("bad_rule_unsupported.json", "players[1].battlefield[0].card", "a static rules ability on players");
    expect_bad("bad_spells_mana_ability.json", "spells[0].targets", "names 0 targets");
    expect_bad("bad_spells_ability_index.json", "spells[0].ability", "has 0 activated abilities");
    expect_bad("bad_spells_x.json", "spells[0].x", "has no X");
    expect_bad("bad_spells_divide.json", "spells[0].divide", "does not divide damage");
    expect_bad("bad_spells_divide_key.json", "spells[0].divide.a", "not one of the entry's targets");
    expect_bad("bad_spells_choices.json", "spells[0].choices[0]", "asks no color");
    expect_bad("bad_spells_choice_value.json", "spells[0].choices[0]", "got \"purple\"");
    expect_bad("bad_spells_trigger_targets.json", "spells[0].trigger_targets", "no triggered ability");
    expect_bad("bad_spells_land.json", "spells[0].card", "a land is played, not cast");
    expect_bad("bad_spells_no_attacks.json", "spells[0].step", "no declare blockers step");
    expect_bad("bad_spells_beginning_of_combat.json", "spells[0].step", "unless an entry has step \"main1\"");
    expect_bad("bad_spells_card_and_activate.json", "spells[0].activate", "not both");
    expect_bad("bad_spells_duplicate_id.json", "spells[0].id", "duplicate id \"b\"");
    expect_bad("bad_spells_respond.json", "spells[0].respond", "expected true or false");
    expect_bad("bad_zone_hand.json", "players[0].hand", "expected an array of cards");
    expect_bad("bad_zone_library_card.json", "players[0].library[0].card", "closest: \"Shock\"");
    expect_bad("bad_attached_to.json", "players[0].battlefield[0].attached_to", "neither an Aura");
    expect_bad("bad_attached_to_unknown.json", "players[0].battlefield[0].attached_to", "unknown permanent id");
    expect_bad("bad_inline_text_unsupported.json", "spells[0].card", "text not understood");
    expect_bad("bad_inline_mana_cost.json", "spells[0].card.mana_cost", "{R/G}");
    expect_bad("bad_inline_colors.json", "card.colors[0]", "got \"Black\"");
    expect_bad("bad_expect_zone_word.json", "expect.zones.a", "\"exile\"");
    expect_bad("bad_expect_spells_count.json", "expect.spells", "2 words for 1 entries");
    expect_bad("bad_expect_keywords.json", "expect.permanents.a.keywords[0]", "did you mean \"Flying\"");
    expect_bad("bad_expect_keywords_protection.json", "expect.permanents.paladin.keywords[1]",
               "did you mean \"Protection from black\"");
    expect_bad("bad_expect_hand.json", "expect.players[0].hand", "out of range");
    expect_bad("bad_keyword.json", "card.keywords[0]", "did you mean \"Flying\"");
    expect_bad("bad_type.json", "card.types[0]", "unknown card type \"Creture\"");
    expect_bad("bad_missing_toughness.json", "card.toughness", "missing");
    expect_bad("bad_negative_toughness.json", "card.toughness", "-1 is out of range (0 to 99)");
    expect_bad("bad_counter_kind.json", "counters.+2/+2", "unknown field");
    expect_bad("bad_assign_step.json", "assign[0].step", "\"combat\"");
    expect_bad("bad_assign_recipient.json", "assign[0].to.zz", "unknown recipient");
    expect_bad("bad_assign_amount.json", "assign[0].to.b", "expected an integer");
    expect_bad("bad_expect_field.json", "expect.graveyards", "unknown field");
    expect_bad("bad_expect_unknown_id.json", "expect.permanents.zz", "unknown permanent id");
    expect_bad("bad_expect_error_name.json", "expect.error", "illegal_assignment");
}

/* A control byte (a NUL, where cJSON would stop reading and report a
 * field "missing", or another inside a string) makes a binary file: refused
 * with its line before the JSON is read. */
static void test_binary_data(void)
{
    static const struct { const char *at; char byte; const char *want; } cases[] = {
        { "\"players\"", 0x00, "binary data (control byte 0x00), not a scenario\n" },
        { "\"Passes:", 0x1B, "binary data (control byte 0x1B), not a scenario\n" },
    };
    size_t len;
    char *base = test_slurp(TESTS_DIR "/data/scenario_bad/pass_base.json", &len);
    CHECK(base != NULL, "read pass_base.json");
    for (size_t k = 0; base && k < sizeof cases / sizeof *cases; k++) {
        const char *at = strstr(base, cases[k].at);
        CHECK(at != NULL, "pass_base.json holds %s", cases[k].at);
        if (!at) continue;
        size_t pos = (size_t)(at - base) + 4;   /* inside the key or the string */
        int line = 1;
        for (size_t i = 0; i < pos; i++) line += base[i] == '\n';
        char path[256], args[512], want[256];
        snprintf(path, sizeof path, "%s/binary.json", tmpdir);
        FILE *f = fopen(path, "wb");
        CHECK(f != NULL, "write %s", path);
        if (!f) continue;
        fwrite(base, 1, pos, f);
        fputc(cases[k].byte, f);
        fwrite(base + pos, 1, len - pos, f);
        fclose(f);
        snprintf(args, sizeof args, "'%s'", path);
        snprintf(want, sizeof want, "mtgsim scenario: %s:%d: %s", path, line, cases[k].want);
        Run r = run(args);
        CHECK(r.status == 2, "control byte 0x%02X: exit %d, want 2 (stderr: %s)", cases[k].byte, r.status, r.err);
        CHECK(!*r.out, "control byte 0x%02X: nothing is run or printed: %s", cases[k].byte, r.out);
        CHECK(!strcmp(r.err, want), "control byte 0x%02X:\n  stderr: %s  want:   %s", cases[k].byte, r.err, want);
        run_free(&r);
        unlink(path);
    }
    free(base);
}

/* A card the pool knows but the engine does not play is refused with the
 * reason; the card is picked from `mtgsim cards --json` so the test does
 * not depend on what the engine supports today. */
static void test_unsupported_card(void)
{
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "'%s' cards --json >'%s' 2>'%s'", MTGSIM_BIN, out_path, err_path);
    int st = system(cmd);
    CHECK(st == 0, "`mtgsim cards --json` failed (status %d): no card to refuse", st);
    char *text = slurp(out_path);
    cJSON *j = cJSON_Parse(text);
    free(text);
    CHECK(cJSON_IsArray(get(j, "cards")), "`mtgsim cards --json` printed no \"cards\" array");
    const cJSON *card = NULL;
    for (const cJSON *c = get(j, "cards") ? get(j, "cards")->child : NULL; c; c = c->next)
        if (cJSON_IsFalse(get(c, "supported")) && cJSON_IsString(get(c, "name")) &&
            !strchr(get(c, "name")->valuestring, '"')) { card = c; break; }
    /* The default pool holds hundreds of unsupported cards: none means the
     * listing is broken, not that there is nothing to test. */
    CHECK(card != NULL, "no unsupported card in `mtgsim cards --json`: nothing to refuse");
    if (!card) { cJSON_Delete(j); return; }

    char path[256], *base = slurp(TESTS_DIR "/data/scenario_bad/pass_base.json");
    snprintf(path, sizeof path, "%s/unsupported.json", tmpdir);
    const char *at = strstr(base, "\"card\"");
    FILE *f = fopen(path, "w");
    CHECK(f && at, "write %s", path);
    if (f && at) {   /* replace the first card (the attacker's) by the name */
        const char *end = strstr(at, "\"keywords\"");
        end = end ? strchr(end, '}') : NULL;
        fwrite(base, 1, (size_t)(at - base), f);
        fprintf(f, "\"card\": \"%s\"", get(card, "name")->valuestring);
        fputs(end ? end + 1 : "", f);
        fclose(f);
        char args[512];
        snprintf(args, sizeof args, "'%s'", path);
        Run r = run(args);
        CHECK(r.status == 2, "unsupported card: exit %d, want 2 (stderr: %s)", r.status, r.err);
        CHECK(strstr(r.err, get(card, "name")->valuestring) && strstr(r.err, "not supported"),
              "unsupported card named with the reason: %s", r.err);
        run_free(&r);
    }
    free(base);
    cJSON_Delete(j);
}

/* Several files: each runs on its own; the worst outcome decides the exit
 * status (2 over 1 over 0), and an invalid file does not stop the others. */
static void test_several_files(void)
{
    Run r = run("data/scenario_bad/pass_base.json data/scenario_bad/bad_active.json "
                "data/scenario_bad/fail_life.json");
    CHECK(r.status == 2, "pass + bad + fail: exit %d, want 2", r.status);
    CHECK(count_lines(r.out) == 2, "pass + bad + fail: two lines printed, got %d", count_lines(r.out));
    CHECK(strstr(r.out, "pass_base.json") && strstr(r.out, "fail_life.json") && !strstr(r.out, "bad_active"),
          "the valid files are printed, the invalid one is not");
    CHECK(strstr(r.err, "bad_active.json") && strstr(r.err, "fail_life.json"), "both problems on stderr");
    run_free(&r);

    r = run("data/scenario_bad/fail_error.json data/scenario_bad/pass_base.json");
    CHECK(r.status == 1, "fail + pass: exit %d, want 1", r.status);
    CHECK(count_lines(r.out) == 2, "fail + pass: two lines");
    run_free(&r);
}

/* Every file in tests/scenarios/ and the format's 13 examples in
 * tests/spec/scenarios/ pass (pass true: it has an expect, so it checks
 * something) and have a name. */
static void test_all_scenarios(void)
{
    Run r = run("scenarios/*.json spec/scenarios/*.json");
    CHECK(r.status == 0, "tests/scenarios: exit %d, want 0; stderr:\n%s", r.status, r.err);
    int n = count_lines(r.out);
    CHECK(n >= 135, "at least 135 scenarios, got %d", n);
    for (int i = 0; i < n; i++) {
        cJSON *j = line_json(r.out, i);
        CHECK(j && cJSON_IsString(get(j, "name")) && *get(j, "name")->valuestring,
              "scenario line %d has a name", i + 1);
        CHECK(j && cJSON_IsTrue(get(j, "pass")), "scenario line %d (%s): pass is not true (no expect?)", i + 1,
              j && cJSON_IsString(get(j, "file")) ? get(j, "file")->valuestring : "?");
        cJSON_Delete(j);
    }
    run_free(&r);
}

int main(void)
{
    snprintf(tmpdir, sizeof tmpdir, "/tmp/test_scenario_cli.XXXXXX");
    if (!mkdtemp(tmpdir)) { perror("mkdtemp"); return 2; }
    snprintf(out_path, sizeof out_path, "%s/out", tmpdir);
    snprintf(err_path, sizeof err_path, "%s/err", tmpdir);

    test_usage();
    test_output_shape();
    test_planeswalker_and_error_output();
    test_spells_output();
    test_keywords_output();
    test_no_expect();
    test_failing_expect();
    test_invalid_files();
    test_binary_data();
    test_unsupported_card();
    test_several_files();
    test_all_scenarios();

    char unsupported[128];
    snprintf(unsupported, sizeof unsupported, "%s/unsupported.json", tmpdir);
    unlink(unsupported);
    unlink(out_path);
    unlink(err_path);
    rmdir(tmpdir);
    printf("test_scenario_cli: %d checks, %d failed\n", checks, failures);
    return failures ? 1 : 0;
}
