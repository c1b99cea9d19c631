/* scenario.c: `mtgsim scenario FILE...`, the combat scenario runner.
 *
 * Implements tests/spec/scenario-format.md, a contract that tests and
 * outside checkers write to: each file is read and checked whole before
 * anything runs (a bad file is reported with its field and skipped, exit 2),
 * the position is built by hand, the combat is played through
 * engine/combat.h with the file's declarations, orders and assignments
 * (the engine's default choice wherever the file gives none), and one JSON
 * line per file goes to stdout with the outcome and, when the file has
 * `expect`, whether it held (differences on stderr, exit 1).
 *
 * scenario_buffer (scenario.h) does all of it for one file in memory, with
 * the messages and the result line sent where the caller says (the fuzz
 * target sends them nowhere).
 *
 * No rule is decided here: legality, lethal damage and state-based actions
 * are the engine's. This file only translates between JSON and the engine. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cjson/cJSON.h>

#include "scenario_int.h"
#include "commands.h"

static const char usage[] =
    "usage: mtgsim scenario FILE...\n"
    "\n"
    "Runs combat scenario files (format: tests/spec/scenario-format.md in the\n"
    "source repository).\n"
    "Each file sets up one combat by hand; the engine plays it with the\n"
    "file's declarations, orders and damage assignments (its default choice\n"
    "where the file gives none) and prints one JSON object per file on\n"
    "stdout (JSON Lines): {\"file\", \"name\", \"pass\", \"result\"}.\n"
    "\n"
    "With `spells`, a file also casts spells and activates abilities: from the\n"
    "first main phase when an entry has step \"main1\", then in any step of the\n"
    "combat, with the stack, priority and triggered abilities as the rules\n"
    "have them (mana costs taken as paid, every other cost paid). An entry\n"
    "the rules forbid (timing, targets, costs) is \"error\": \"illegal_spell\",\n"
    "with the state as it was. Players may have a hand, a library (top first)\n"
    "and a graveyard; the result then also has `spells` (resolved, countered\n"
    "or fizzled, per entry), `zones` (where each id of the file is; \"stack\"\n"
    "for a spell still there when an illegal entry stopped the run) and each\n"
    "player's hand, library, graveyard and tokens. A card the engine does not\n"
    "play exactly is refused with the reason.\n"
    "\n"
    "`pass` is true or false when the file has `expect`, null otherwise;\n"
    "differences are reported on stderr.\n"
    "\n"
    "exit status: 0 every file with `expect` passed; 1 at least one did not;\n"
    "2 a file could not be read or is invalid (the file, the field and what\n"
    "is wrong on stderr; nothing is run for that file, the others still run).\n";


static int read_players(Scenario *sc, ScenarioPool *pc, const cJSON *root)
{
    const cJSON *pl = cJSON_GetObjectItemCaseSensitive(root, "players");
    if (!pl) return scn_bad(sc, "players", "missing (an array of the two players)");
    if (!cJSON_IsArray(pl)) return scn_bad(sc, "players", "expected an array of 2 players, got %s", scn_json_kind(pl));
    if (cJSON_GetArraySize(pl) != 2)
        return scn_bad(sc, "players", "expected 2 players, got %d", cJSON_GetArraySize(pl));
    int p = 0;
    for (const cJSON *po = pl->child; po; po = po->next, p++) {
        char path[SCN_FIELD_MAX], f[SCN_FIELD_MAX];
        scn_field_idx(path, "players", p);
        if (!cJSON_IsObject(po)) return scn_bad(sc, path, "expected an object, got %s", scn_json_kind(po));
        if (scn_no_dup_keys(sc, po, path)) return -1;
        if (scn_get_int(sc, po, "life", path, -30000, 30000, LIFE_START, &sc->life[p])) return -1;
        if (scn_get_int(sc, po, "poison", path, 0, 255, 0, &sc->poison[p])) return -1;
        if (scn_get_int(sc, po, "prevent", path, 0, 30000, 0, &sc->prevent[p])) return -1;
        const cJSON *bf = cJSON_GetObjectItemCaseSensitive(po, "battlefield");
        scn_field_key(f, path, "battlefield");
        if (bf && !cJSON_IsArray(bf)) return scn_bad(sc, f, "expected an array of permanents, got %s", scn_json_kind(bf));
        int k = 0;
        for (const cJSON *e = bf ? bf->child : NULL; e; e = e->next, k++) {
            char pp[SCN_FIELD_MAX], fi[SCN_FIELD_MAX];
            scn_field_idx(pp, f, k);
            if (!cJSON_IsObject(e)) return scn_bad(sc, pp, "expected an object, got %s", scn_json_kind(e));
            if (scn_no_dup_keys(sc, e, pp)) return -1;
            if (sc->n_perm == PERM_MAX)
                return scn_bad(sc, pp, "more than %d permanents (the engine's capacity)", PERM_MAX);
            ScnPerm *q = &sc->perm[sc->n_perm];
            memset(q, 0, sizeof *q);
            q->player = p;

            scn_field_key(fi, pp, "id");
            if (scn_new_id(sc, cJSON_GetObjectItemCaseSensitive(e, "id"), fi, q->id)) return -1;
            q->attached = q->entry = -1;
            q->def = sc->n_def;
            scn_field_key(fi, pp, "card");
            if (scn_read_card(sc, pc, cJSON_GetObjectItemCaseSensitive(e, "card"), fi, q->id,
                              &sc->def[sc->n_def++])) return -1;
            if (scn_get_int(sc, e, "damage", pp, 0, 255, 0, &q->damage)) return -1;
            if (scn_get_int(sc, e, "prevent", pp, 0, 255, 0, &q->prevent)) return -1;
            if (scn_get_bool(sc, e, "tapped", pp, 0, &q->tapped)) return -1;
            if (scn_get_bool(sc, e, "sick", pp, 0, &q->sick)) return -1;
            if (scn_get_bool(sc, e, "token", pp, 0, &q->token)) return -1;
            if (cJSON_GetObjectItemCaseSensitive(e, "token") || cJSON_GetObjectItemCaseSensitive(e, "attached_to"))
                sc->spells = 1;
            q->loyalty = -1;
            const cJSON *cn = cJSON_GetObjectItemCaseSensitive(e, "counters");
            scn_field_key(fi, pp, "counters");
            if (cn) {
                static const char *const kinds[] = { "+1/+1", "-1/-1", "loyalty", NULL };
                if (!cJSON_IsObject(cn)) return scn_bad(sc, fi, "expected an object, got %s", scn_json_kind(cn));
                if (scn_no_dup_keys(sc, cn, fi) || scn_only_keys(sc, cn, fi, kinds)) return -1;
                if (scn_get_int(sc, cn, "+1/+1", fi, 0, 255, 0, &q->plus)) return -1;
                if (scn_get_int(sc, cn, "-1/-1", fi, 0, 255, 0, &q->minus)) return -1;
                if (scn_get_int(sc, cn, "loyalty", fi, 0, 255, -1, &q->loyalty)) return -1;
            }
            sc->n_perm++;
        }
        if (scn_read_zones(sc, pc, po, path, p)) return -1;
    }
    return scn_read_attachments(sc, root);
}

static int read_attacks(Scenario *sc, const cJSON *root)
{
    const cJSON *a = cJSON_GetObjectItemCaseSensitive(root, "attacks");
    if (!a) return 0;
    if (!cJSON_IsArray(a)) return scn_bad(sc, "attacks", "expected an array, got %s", scn_json_kind(a));
    int k = 0;
    for (const cJSON *e = a->child; e; e = e->next, k++) {
        char path[SCN_FIELD_MAX], f[SCN_FIELD_MAX];
        scn_field_idx(path, "attacks", k);
        if (!cJSON_IsObject(e)) return scn_bad(sc, path, "expected an object, got %s", scn_json_kind(e));
        if (scn_no_dup_keys(sc, e, path)) return -1;
        if (k == PERM_MAX) return scn_bad(sc, path, "more than %d attacks", PERM_MAX);
        if (scn_get_id(sc, e, "attacker", path, &sc->att[k])) return -1;
        const cJSON *t = cJSON_GetObjectItemCaseSensitive(e, "target");
        scn_field_key(f, path, "target");
        if (!t || (cJSON_IsString(t) && !strcmp(t->valuestring, "player"))) {
            sc->att_target[k] = -1;     /* the defending player, also by default */
        } else if (!cJSON_IsString(t)) {
            return scn_bad(sc, f, "expected \"player\" or a planeswalker's id, got %s", scn_json_kind(t));
        } else if ((sc->att_target[k] = scn_perm_index(sc, t->valuestring)) < 0) {
            return scn_bad(sc, f, "unknown permanent id \"%s\" (expected \"player\" or a planeswalker's id)",
                       t->valuestring);
        }
        sc->n_att = k + 1;
    }
    return 0;
}

static int read_blocks(Scenario *sc, const cJSON *root)
{
    const cJSON *b = cJSON_GetObjectItemCaseSensitive(root, "blocks");
    if (!b) return 0;
    if (!cJSON_IsArray(b)) return scn_bad(sc, "blocks", "expected an array, got %s", scn_json_kind(b));
    int k = 0;
    for (const cJSON *e = b->child; e; e = e->next, k++) {
        char path[SCN_FIELD_MAX];
        scn_field_idx(path, "blocks", k);
        if (!cJSON_IsObject(e)) return scn_bad(sc, path, "expected an object, got %s", scn_json_kind(e));
        if (scn_no_dup_keys(sc, e, path)) return -1;
        if (k == PAIR_MAX) return scn_bad(sc, path, "more than %d blocks (the engine's capacity)", PAIR_MAX);
        if (scn_get_id(sc, e, "blocker", path, &sc->blk[k])) return -1;
        if (scn_get_id(sc, e, "attacker", path, &sc->blk_att[k])) return -1;
        sc->n_blk = k + 1;
    }
    return 0;
}

static int read_orders(Scenario *sc, const cJSON *root, const char *key, int is_blocker)
{
    const cJSON *o = cJSON_GetObjectItemCaseSensitive(root, key);
    if (!o) return 0;
    if (!cJSON_IsObject(o))
        return scn_bad(sc, key, "expected an object mapping an id to a list of ids, got %s", scn_json_kind(o));
    if (scn_no_dup_keys(sc, o, key)) return -1;
    for (const cJSON *e = o->child; e; e = e->next) {
        char path[SCN_FIELD_MAX];
        scn_field_key(path, key, e->string);
        if (sc->n_ord == SCN_ORDER_MAX) return scn_bad(sc, path, "more than %d orders", SCN_ORDER_MAX);
        ScnOrder *r = &sc->ord[sc->n_ord];
        r->is_blocker = is_blocker;
        if ((r->who = scn_perm_index(sc, e->string)) < 0)
            return scn_bad(sc, path, "unknown permanent id \"%s\"", e->string);
        if (!cJSON_IsArray(e)) return scn_bad(sc, path, "expected an array of ids, got %s", scn_json_kind(e));
        r->n = 0;
        int k = 0;
        for (const cJSON *v = e->child; v; v = v->next, k++) {
            char f[SCN_FIELD_MAX];
            scn_field_idx(f, path, k);
            if (k == SCN_ORDER_MAX) return scn_bad(sc, f, "more than %d entries", SCN_ORDER_MAX);
            if (!cJSON_IsString(v)) return scn_bad(sc, f, "expected a permanent id, got %s", scn_json_kind(v));
            if ((r->list[k] = scn_perm_index(sc, v->valuestring)) < 0)
                return scn_bad(sc, f, "unknown permanent id \"%s\"", v->valuestring);
            r->n = k + 1;
        }
        sc->n_ord++;
    }
    return 0;
}

static int read_assign(Scenario *sc, const cJSON *root)
{
    const cJSON *a = cJSON_GetObjectItemCaseSensitive(root, "assign");
    if (!a) return 0;
    if (!cJSON_IsArray(a)) return scn_bad(sc, "assign", "expected an array, got %s", scn_json_kind(a));
    int k = 0;
    for (const cJSON *e = a->child; e; e = e->next, k++) {
        char path[SCN_FIELD_MAX], f[SCN_FIELD_MAX];
        scn_field_idx(path, "assign", k);
        if (!cJSON_IsObject(e)) return scn_bad(sc, path, "expected an object, got %s", scn_json_kind(e));
        if (scn_no_dup_keys(sc, e, path)) return -1;
        if (k == SCN_ASSIGN_MAX) return scn_bad(sc, path, "more than %d assignments", SCN_ASSIGN_MAX);
        ScnAssign *g = &sc->asg[k];
        const cJSON *st = cJSON_GetObjectItemCaseSensitive(e, "step");
        scn_field_key(f, path, "step");
        if (!st) return scn_bad(sc, f, "missing (\"first_strike\" or \"regular\")");
        if (!cJSON_IsString(st)) return scn_bad(sc, f, "expected \"first_strike\" or \"regular\", got %s", scn_json_kind(st));
        if (!strcmp(st->valuestring, "first_strike")) g->step = STEP_FS;
        else if (!strcmp(st->valuestring, "regular")) g->step = STEP_REG;
        else return scn_bad(sc, f, "expected \"first_strike\" or \"regular\", got \"%s\"", st->valuestring);
        if (scn_get_id(sc, e, "source", path, &g->source)) return -1;
        for (int j = 0; j < k; j++)
            if (sc->asg[j].step == g->step && sc->asg[j].source == g->source)
                return scn_bad(sc, path, "a second assignment for \"%s\" in the %s step",
                           sc->perm[g->source].id, st->valuestring);
        const cJSON *to = cJSON_GetObjectItemCaseSensitive(e, "to");
        scn_field_key(f, path, "to");
        if (!to) return scn_bad(sc, f, "missing");
        if (!cJSON_IsObject(to))
            return scn_bad(sc, f, "expected an object mapping a recipient to an amount, got %s", scn_json_kind(to));
        if (scn_no_dup_keys(sc, to, f)) return -1;
        g->n = 0;
        for (const cJSON *r = to->child; r; r = r->next) {
            char fr[SCN_FIELD_MAX];
            scn_field_key(fr, f, r->string);
            if (g->n == ASSIGN_MAX) return scn_bad(sc, fr, "more than %d recipients", ASSIGN_MAX);
            if (!strcmp(r->string, "defender")) g->to[g->n] = -1;
            else if ((g->to[g->n] = scn_perm_index(sc, r->string)) < 0)
                return scn_bad(sc, fr, "unknown recipient \"%s\" (a permanent id or \"defender\")", r->string);
            char num[32];
            if (!scn_is_integer(r))
                return scn_bad(sc, fr, "expected an integer amount, got %s", scn_json_kind(r));
            if (r->valuedouble < -1000 || r->valuedouble > 1000)
                return scn_bad(sc, fr, "amount %s is out of range", scn_int_text(num, sizeof num, r->valuedouble));
            g->amount[g->n++] = (int)r->valuedouble;
        }
        sc->n_asg = k + 1;
    }
    return 0;
}

/* expect (and after_first_strike inside it): checked before the run so a
 * typo is an invalid file rather than a check that silently never runs. */
static int check_expect_state(Scenario *sc, const cJSON *x, const char *path, int top)
{
    /* The fields of "Spells, abilities and the main phase" are checked by
     * scn_check_expect_spells. */
    static const char *const top_keys[] = { "error", "players", "graveyard", "permanents",
                                            "after_first_strike", "zones", "spells", NULL };
    static const char *const fs_keys[] = { "players", "graveyard", "permanents", NULL };
    static const char *const pl_keys[] = { "life", "poison", "lost", "hand", "library", "graveyard",
                                           "tokens", NULL };
    static const char *const pm_keys[] = { "damage", "counters", "loyalty", "tapped",
                                           "power", "toughness", "keywords", "controller",
                                           "attached_to", NULL };
    static const char *const cn_keys[] = { "+1/+1", "-1/-1", "loyalty", NULL };
    char f[SCN_FIELD_MAX];
    int v;
    if (!cJSON_IsObject(x)) return scn_bad(sc, path, "expected an object, got %s", scn_json_kind(x));
    if (scn_no_dup_keys(sc, x, path) || scn_only_keys(sc, x, path, top ? top_keys : fs_keys)) return -1;

    const cJSON *err = cJSON_GetObjectItemCaseSensitive(x, "error");
    if (err && !cJSON_IsNull(err)) {
        scn_field_key(f, path, "error");
        if (!cJSON_IsString(err) ||
            (strcmp(err->valuestring, "illegal_attack") && strcmp(err->valuestring, "illegal_block") &&
             strcmp(err->valuestring, "illegal_order") && strcmp(err->valuestring, "illegal_assignment") &&
             strcmp(err->valuestring, "illegal_spell")))
            return scn_bad(sc, f, "expected null, \"illegal_attack\", \"illegal_block\", \"illegal_order\", "
                       "\"illegal_assignment\" or \"illegal_spell\"");
        if (!strcmp(err->valuestring, "illegal_spell")) sc->spells = 1;
    }
    const cJSON *pl = cJSON_GetObjectItemCaseSensitive(x, "players");
    if (pl) {
        scn_field_key(f, path, "players");
        if (!cJSON_IsArray(pl) || cJSON_GetArraySize(pl) > 2)
            return scn_bad(sc, f, "expected an array of at most 2 objects");
        int p = 0;
        for (const cJSON *e = pl->child; e; e = e->next, p++) {
            char fp[SCN_FIELD_MAX];
            scn_field_idx(fp, f, p);
            if (cJSON_IsNull(e)) continue;
            if (!cJSON_IsObject(e)) return scn_bad(sc, fp, "expected an object, got %s", scn_json_kind(e));
            if (scn_no_dup_keys(sc, e, fp) || scn_only_keys(sc, e, fp, pl_keys)) return -1;
            if (scn_get_int(sc, e, "life", fp, -30000, 30000, 0, &v) ||
                scn_get_int(sc, e, "poison", fp, 0, 255, 0, &v) ||
                scn_get_bool(sc, e, "lost", fp, 0, &v)) return -1;
        }
    }
    const cJSON *gy = cJSON_GetObjectItemCaseSensitive(x, "graveyard");
    if (gy) {
        scn_field_key(f, path, "graveyard");
        if (!cJSON_IsArray(gy)) return scn_bad(sc, f, "expected an array of ids, got %s", scn_json_kind(gy));
        int k = 0;
        for (const cJSON *e = gy->child; e; e = e->next, k++) {
            char fg[SCN_FIELD_MAX];
            scn_field_idx(fg, f, k);
            if (!cJSON_IsString(e)) return scn_bad(sc, fg, "expected a permanent id, got %s", scn_json_kind(e));
            if (scn_perm_index(sc, e->valuestring) < 0 && scn_card_index(sc, e->valuestring) < 0)
                return scn_bad(sc, fg, "unknown %s id \"%s\"", sc->n_card ? "card" : "permanent", e->valuestring);
            for (const cJSON *d = gy->child; d != e; d = d->next)
                if (!strcmp(d->valuestring, e->valuestring))
                    return scn_bad(sc, fg, "\"%s\" listed twice", e->valuestring);
        }
    }
    const cJSON *pm = cJSON_GetObjectItemCaseSensitive(x, "permanents");
    if (pm) {
        scn_field_key(f, path, "permanents");
        if (!cJSON_IsObject(pm)) return scn_bad(sc, f, "expected an object keyed by id, got %s", scn_json_kind(pm));
        if (scn_no_dup_keys(sc, pm, f)) return -1;
        for (const cJSON *e = pm->child; e; e = e->next) {
            char fp[SCN_FIELD_MAX];
            scn_field_key(fp, f, e->string);
            if (scn_perm_index(sc, e->string) < 0) return scn_bad(sc, fp, "unknown permanent id \"%s\"", e->string);
            if (!cJSON_IsObject(e)) return scn_bad(sc, fp, "expected an object, got %s", scn_json_kind(e));
            if (scn_no_dup_keys(sc, e, fp) || scn_only_keys(sc, e, fp, pm_keys)) return -1;
            if (scn_get_int(sc, e, "damage", fp, 0, 255, 0, &v) ||
                scn_get_int(sc, e, "loyalty", fp, 0, 255, 0, &v) ||
                scn_get_int(sc, e, "power", fp, -1000, 1000, 0, &v) ||
                scn_get_int(sc, e, "toughness", fp, -1000, 1000, 0, &v) ||
                scn_get_bool(sc, e, "tapped", fp, 0, &v)) return -1;
            const cJSON *cn = cJSON_GetObjectItemCaseSensitive(e, "counters");
            if (cn) {
                char fc[SCN_FIELD_MAX];
                scn_field_key(fc, fp, "counters");
                if (!cJSON_IsObject(cn)) return scn_bad(sc, fc, "expected an object, got %s", scn_json_kind(cn));
                if (scn_no_dup_keys(sc, cn, fc) || scn_only_keys(sc, cn, fc, cn_keys)) return -1;
                if (scn_get_int(sc, cn, "+1/+1", fc, 0, 255, 0, &v) ||
                    scn_get_int(sc, cn, "-1/-1", fc, 0, 255, 0, &v) ||
                    scn_get_int(sc, cn, "loyalty", fc, 0, 255, 0, &v)) return -1;
            }
        }
    }
    const cJSON *fs = top ? cJSON_GetObjectItemCaseSensitive(x, "after_first_strike") : NULL;
    if (fs) {
        scn_field_key(f, path, "after_first_strike");
        if (check_expect_state(sc, fs, f, 0)) return -1;
    }
    return scn_check_expect_spells(sc, x, path, top);
}

/* Reads and checks the whole file; 0, or -1 with the message printed. */
static int scenario_read(Scenario *sc, ScenarioPool *pc, const cJSON *root)
{
    int v;
    if (!cJSON_IsObject(root)) return scn_bad(sc, "", "expected a JSON object, got %s", scn_json_kind(root));
    if (scn_no_dup_keys(sc, root, "")) return -1;

    const cJSON *name = cJSON_GetObjectItemCaseSensitive(root, "name");
    if (name && !cJSON_IsString(name)) return scn_bad(sc, "name", "expected a string, got %s", scn_json_kind(name));
    sc->name = name ? name->valuestring : NULL;

    const cJSON *rules = cJSON_GetObjectItemCaseSensitive(root, "rules");
    if (rules) {
        if (!cJSON_IsArray(rules)) return scn_bad(sc, "rules", "expected an array of rule numbers, got %s", scn_json_kind(rules));
        int k = 0;
        for (const cJSON *r = rules->child; r; r = r->next, k++) {
            char f[SCN_FIELD_MAX];
            scn_field_idx(f, "rules", k);
            if (!cJSON_IsString(r)) return scn_bad(sc, f, "expected a rule number as a string, got %s", scn_json_kind(r));
        }
    }

    const cJSON *ed = cJSON_GetObjectItemCaseSensitive(root, "edition");
    sc->edition = EDITION_2011;
    if (ed) {
        if (cJSON_IsString(ed) && !strcmp(ed->valuestring, "2011")) sc->edition = EDITION_2011;
        else if (cJSON_IsNumber(ed) && ed->valuedouble == 2011) sc->edition = EDITION_2011;
        else if (cJSON_IsString(ed) && scn_ci_eq(ed->valuestring, "foundations")) sc->edition = EDITION_FOUNDATIONS;
        else if (cJSON_IsString(ed)) return scn_bad(sc, "edition", "expected \"2011\" or \"foundations\", got \"%s\"", ed->valuestring);
        else return scn_bad(sc, "edition", "expected \"2011\" or \"foundations\", got %s", scn_json_kind(ed));
    }

    const cJSON *act = cJSON_GetObjectItemCaseSensitive(root, "active");
    if (act && (!cJSON_IsNumber(act) || (act->valuedouble != 0 && act->valuedouble != 1))) {
        if (cJSON_IsNumber(act)) return scn_bad(sc, "active", "expected 0 or 1, got %g", act->valuedouble);
        return scn_bad(sc, "active", "expected 0 or 1, got %s", scn_json_kind(act));
    }
    if (scn_get_int(sc, root, "active", "", 0, 1, 0, &v)) return -1;
    sc->active = v;

    /* The players, then `spells` (whose cards have ids the combat fields
     * may name: a creature with flash cast before blockers are declared). */
    if (read_players(sc, pc, root) || scn_read_spells(sc, pc, root) || scn_card_tokens(sc, pc)) return -1;
    sc->subtypes = scn_subtypes(sc, pc);   /* what names protection's and landwalk's subtypes */
    if (read_attacks(sc, root) || read_blocks(sc, root)) return -1;
    if (read_orders(sc, root, "damage_order", 0) || read_orders(sc, root, "blocker_order", 1)) return -1;
    if (read_assign(sc, root)) return -1;

    sc->expect = cJSON_GetObjectItemCaseSensitive(root, "expect");
    if (sc->expect && check_expect_state(sc, sc->expect, "expect", 1)) return -1;
    return 0;
}

/* ------------------------------------------------------------------ the run */

/* A permanent's slot for a declaration: one no permanent has when it is
 * not on the battlefield (the engine then refuses the declaration). */
static uint8_t decl_slot(const Outcome *o, int i)
{
    return o->slot[i] < 0 ? (uint8_t)0xFF : (uint8_t)o->slot[i];
}

/* Builds the engine's assignments for one step from the file's; entries of
 * creatures no longer on the battlefield are dropped (they deal no damage). */
static int step_assignments(const Scenario *sc, const Outcome *o, const GameState *s,
                            int step, DamageAssign *out)
{
    int n = 0;
    for (int k = 0; k < sc->n_asg; k++) {
        const ScnAssign *a = &sc->asg[k];
        int src = o->slot[a->source];
        if (a->step != step || src < 0 || !((s->perm_used >> src) & 1)) continue;
        DamageAssign *d = &out[n++];
        memset(d, 0, sizeof *d);
        d->source = (uint8_t)src;
        d->n = (uint8_t)a->n;
        for (int j = 0; j < a->n; j++) {
            d->to[j] = a->to[j] < 0 ? RECIP_DEFENDER : decl_slot(o, a->to[j]);
            d->amount[j] = (int16_t)a->amount[j];
        }
    }
    return n;
}

/* 508.1: the file's attackers. */
int scn_declare_attackers(const Scenario *sc, const Outcome *o, GameState *s, Game *g)
{
    AttackDecl ad[PERM_MAX];
    for (int k = 0; k < sc->n_att; k++) {
        ad[k].attacker = decl_slot(o, sc->att[k]);
        ad[k].target = sc->att_target[k] < 0 ? TARGET_PLAYER : decl_slot(o, sc->att_target[k]);
    }
    return combat_declare_attackers(s, g, ad, sc->n_att);
}

/* 509.1: the file's blockers, then the damage assignment orders (2011). */
int scn_declare_blockers(const Scenario *sc, const Outcome *o, GameState *s, Game *g)
{
    BlockDecl bd[PAIR_MAX];
    for (int k = 0; k < sc->n_blk; k++) {
        bd[k].blocker = decl_slot(o, sc->blk[k]);
        bd[k].attacker = decl_slot(o, sc->blk_att[k]);
    }
    int err = combat_declare_blockers(s, g, bd, sc->n_blk);
    if (err != MTG_OK || sc->edition != EDITION_2011) return err;
    for (int pass = 0; pass < 2; pass++)          /* 509.2 (attackers) before 509.3 */
        for (int k = 0; k < sc->n_ord; k++) {
            const ScnOrder *r = &sc->ord[k];
            if (r->is_blocker != pass) continue;
            uint8_t v[SCN_ORDER_MAX];
            for (int j = 0; j < r->n; j++) v[j] = decl_slot(o, r->list[j]);
            int who = o->slot[r->who];
            err = pass ? combat_set_blocker_order(s, who, v, r->n) : combat_set_attacker_order(s, who, v, r->n);
            if (err != MTG_OK) return err;
        }
    return MTG_OK;
}

/* 510: one combat damage step, with the file's assignments for it. */
int scn_damage_step(const Scenario *sc, const Outcome *o, GameState *s, Game *g, int first_strike)
{
    DamageAssign da[SCN_ASSIGN_MAX];
    int n = step_assignments(sc, o, s, first_strike ? STEP_FS : STEP_REG, da);
    return combat_damage_step(s, g, first_strike, da, n);
}

/* A combat with no rules text: the creature-only engine, from the
 * declare attackers step. */
static void scenario_run(const Scenario *sc, Outcome *o)
{
    CardPool view = { sc->def, sc->n_def, 0 };
    Game g;
    memset(&g, 0, sizeof g);
    g.pool = &view;
    g.edition = (uint8_t)sc->edition;
    g.turn_cap = TURN_CAP_DEFAULT;   /* policies stay NULL: the engine's default choices */

    GameState *s = &o->end;
    state_clear(s, &view, sc->edition);
    s->active = (uint8_t)sc->active;
    s->starting = (uint8_t)sc->active;
    s->turn = 2;                     /* any turn but the first; nothing in combat depends on it */
    s->step = STEP_DECLARE_ATTACKERS;
    for (int p = 0; p < 2; p++) {
        s->pl[p].life = (int16_t)sc->life[p];
        s->pl[p].poison = (uint8_t)sc->poison[p];
        s->pl[p].prevent = (int16_t)sc->prevent[p];
    }
    for (int i = 0; i < sc->n_perm; i++) {
        const ScnPerm *q = &sc->perm[i];
        int slot = perm_create(s, q->player, (uint16_t)q->def, OBJ_NONE);
        o->slot[i] = slot;           /* n_perm <= PERM_MAX, so never -1 */
        Permanent *m = &s->perm[slot];
        m->damage = (uint8_t)q->damage;
        m->plus = (uint8_t)q->plus;
        m->minus = (uint8_t)q->minus;
        m->loyalty = (uint8_t)(q->loyalty >= 0 ? q->loyalty : sc->def[q->def].loyalty);
        m->prevent = (uint8_t)q->prevent;
        m->flags |= (uint8_t)((q->tapped ? PF_TAPPED : 0) | (q->sick ? PF_SICK : 0));
        perm_refresh(s, slot);       /* the counters count in power and toughness */
    }
    o->err = MTG_OK;
    o->had_fs = 0;
    /* The setup is a state no state-based action has looked at yet: damage
     * already lethal, toughness 0, life 0 or 10 poison act the first time a
     * player would receive priority, right after the declarations below
     * (117.5, 704.3). */
    s->sba_pending = 1;

    /* 508: declare attackers. */
    if ((o->err = scn_declare_attackers(sc, o, s, &g)) != MTG_OK) return;
    sba_apply(s, &g);                                 /* before the active player's priority */
    if (s->over) return;
    if (!sc->n_att) { s->step = STEP_END_COMBAT; combat_end(s); return; }  /* 508.8 */

    /* 509: declare blockers, then the damage assignment orders (2011). */
    s->step = STEP_DECLARE_BLOCKERS;
    if ((o->err = scn_declare_blockers(sc, o, s, &g)) != MTG_OK) return;
    sba_apply(s, &g);                                 /* before the active player's priority */
    if (s->over) return;

    /* 510: combat damage, a first-strike step first when one is due. */
    if (combat_has_first_strike(s)) {
        s->step = STEP_FIRST_STRIKE_DAMAGE;
        if ((o->err = scn_damage_step(sc, o, s, &g, 1)) != MTG_OK) return;
        o->had_fs = 1;
        o->after_fs = *s;
        if (s->over) return;                          /* 104.3: the game ended there */
    }   /* else first_strike entries describe a step that never comes: they assign nothing */
    s->step = STEP_COMBAT_DAMAGE;
    if ((o->err = scn_damage_step(sc, o, s, &g, 0)) != MTG_OK) return;
    if (s->over) return;

    /* 511: end of combat. */
    s->step = STEP_END_COMBAT;
    combat_end(s);
}

/* ---------------------------------------------------------------- output */

/* Adds players, graveyard and permanents as they stand in s to r. */
static cJSON *state_json(cJSON *r, const Scenario *sc, const Outcome *o, const GameState *s)
{
    cJSON *pl = cJSON_AddArrayToObject(r, "players");
    for (int p = 0; p < 2; p++) {
        cJSON *e = cJSON_CreateObject();
        cJSON_AddNumberToObject(e, "life", s->pl[p].life);
        cJSON_AddNumberToObject(e, "poison", s->pl[p].poison);
        cJSON_AddBoolToObject(e, "lost", (s->pl[p].flags & PL_LOST) != 0);
        cJSON_AddItemToArray(pl, e);
    }
    cJSON *gy = cJSON_AddArrayToObject(r, "graveyard");
    cJSON *pm = cJSON_AddObjectToObject(r, "permanents");
    for (int i = 0; i < sc->n_perm; i++) {
        int slot = o->slot[i];
        if (!((s->perm_used >> slot) & 1)) {
            cJSON_AddItemToArray(gy, cJSON_CreateString(sc->perm[i].id));
            continue;
        }
        const Permanent *q = &s->perm[slot];
        int pw = perm_is_planeswalker(s, slot);
        cJSON *e = cJSON_AddObjectToObject(pm, sc->perm[i].id);
        cJSON_AddNumberToObject(e, "damage", q->damage);
        cJSON *cn = cJSON_AddObjectToObject(e, "counters");
        if (q->plus) cJSON_AddNumberToObject(cn, "+1/+1", q->plus);
        if (q->minus) cJSON_AddNumberToObject(cn, "-1/-1", q->minus);
        if (pw) cJSON_AddNumberToObject(cn, "loyalty", q->loyalty);
        cJSON_AddBoolToObject(e, "tapped", (q->flags & PF_TAPPED) != 0);
        if (perm_is_creature(s, slot)) {
            cJSON_AddNumberToObject(e, "power", perm_power(s, slot));
            cJSON_AddNumberToObject(e, "toughness", perm_toughness(s, slot));
        } else {                                      /* 302.4: only creatures have them */
            cJSON_AddNullToObject(e, "power");
            cJSON_AddNullToObject(e, "toughness");
        }
        if (pw) cJSON_AddNumberToObject(e, "loyalty", q->loyalty);
    }
    return r;
}

static cJSON *result_json(const Scenario *sc, const Outcome *o)
{
    cJSON *r = cJSON_CreateObject();
    if (o->err == SCN_ERR_ILLEGAL_SPELL) cJSON_AddStringToObject(r, "error", "illegal_spell");
    else if (o->err) cJSON_AddStringToObject(r, "error", mtg_error_name(o->err));
    else cJSON_AddNullToObject(r, "error");
    if (!sc->spells) {
        state_json(r, sc, o, &o->end);
        if (o->had_fs)
            cJSON_AddItemToObject(r, "after_first_strike", state_json(cJSON_CreateObject(), sc, o, &o->after_fs));
        return r;
    }
    scn_state_json_spells(r, sc, o, &o->end, 0);
    if (o->had_fs)
        cJSON_AddItemToObject(r, "after_first_strike", scn_state_json_spells(cJSON_CreateObject(), sc, o, &o->after_fs, 1));
    scn_result_spells(r, sc, o);
    return r;
}

/* --------------------------------------------------------------- checking */

static void print_value(char *buf, size_t n, const cJSON *v)
{
    if (!v) { snprintf(buf, n, "(absent)"); return; }
    char *t = cJSON_PrintUnformatted(v);
    snprintf(buf, n, "%s", t ? t : "?");
    free(t);
}

int scn_differ(const Scenario *sc, const char *field, const cJSON *want, const cJSON *got)
{
    char w[512], g[512];
    print_value(w, sizeof w, want);
    print_value(g, sizeof g, got);
    if (sc->msg) fprintf(sc->msg, "mtgsim scenario: %s: FAIL %s: expected %s, got %s\n", sc->file, field, w, g);
    return 1;
}

/* Compares the fields `want` lists with `got` (both objects); returns the
 * number of differences, each reported. */
static int compare_fields(const Scenario *sc, const char *path, const cJSON *want, const cJSON *got)
{
    int bad_n = 0;
    for (const cJSON *w = want->child; w; w = w->next) {
        char f[SCN_FIELD_MAX];
        scn_field_key(f, path, w->string);
        const cJSON *g = cJSON_GetObjectItemCaseSensitive(got, w->string);
        if (!g || !cJSON_Compare(w, g, 1)) bad_n += scn_differ(sc, f, w, g);
    }
    return bad_n;
}

static int ids_in(const cJSON *arr, const char *id)
{
    for (const cJSON *e = arr->child; e; e = e->next) if (!strcmp(e->valuestring, id)) return 1;
    return 0;
}

static int compare_state(const Scenario *sc, const char *path, const cJSON *want, const cJSON *got)
{
    int bad_n = 0;
    char f[SCN_FIELD_MAX];
    const cJSON *wp = cJSON_GetObjectItemCaseSensitive(want, "players");
    const cJSON *gp = cJSON_GetObjectItemCaseSensitive(got, "players");
    int p = 0;
    for (const cJSON *w = wp ? wp->child : NULL; w; w = w->next, p++) {
        if (cJSON_IsNull(w)) continue;
        char fp[SCN_FIELD_MAX];
        scn_field_key(f, path, "players");
        scn_field_idx(fp, f, p);
        bad_n += compare_fields(sc, fp, w, cJSON_GetArrayItem(gp, p));
    }
    const cJSON *wg = cJSON_GetObjectItemCaseSensitive(want, "graveyard");
    const cJSON *gg = cJSON_GetObjectItemCaseSensitive(got, "graveyard");
    if (wg) {
        int same = cJSON_GetArraySize(wg) == cJSON_GetArraySize(gg);
        for (const cJSON *e = wg->child; e && same; e = e->next) same = ids_in(gg, e->valuestring);
        scn_field_key(f, path, "graveyard");
        if (!same) bad_n += scn_differ(sc, f, wg, gg);
    }
    const cJSON *wm = cJSON_GetObjectItemCaseSensitive(want, "permanents");
    const cJSON *gm = cJSON_GetObjectItemCaseSensitive(got, "permanents");
    for (const cJSON *w = wm ? wm->child : NULL; w; w = w->next) {
        char fp[SCN_FIELD_MAX];
        scn_field_key(f, path, "permanents");
        scn_field_key(fp, f, w->string);
        const cJSON *g = cJSON_GetObjectItemCaseSensitive(gm, w->string);
        if (!g) {
            if (sc->msg) fprintf(sc->msg, "mtgsim scenario: %s: FAIL %s: expected on the battlefield, %s\n",
                                 sc->file, fp, sc->spells ? "it is not there" : "it left it (graveyard)");
            bad_n++;
            continue;
        }
        for (const cJSON *x = w->child; x; x = x->next) {
            char fx[SCN_FIELD_MAX];
            scn_field_key(fx, fp, x->string);
            int d = scn_compare_perm_field(sc, fx, x, cJSON_GetObjectItemCaseSensitive(g, x->string));
            if (d >= 0) { bad_n += d; continue; }
            if (strcmp(x->string, "counters")) {
                const cJSON *gx = cJSON_GetObjectItemCaseSensitive(g, x->string);
                if (!gx || !cJSON_Compare(x, gx, 1)) bad_n += scn_differ(sc, fx, x, gx);
                continue;
            }
            /* counters: the kinds listed; a kind the permanent lacks is 0. */
            const cJSON *gc = cJSON_GetObjectItemCaseSensitive(g, "counters");
            for (const cJSON *k = x->child; k; k = k->next) {
                char fk[SCN_FIELD_MAX];
                scn_field_key(fk, fx, k->string);
                const cJSON *gk = cJSON_GetObjectItemCaseSensitive(gc, k->string);
                double have = gk ? gk->valuedouble : 0;
                if (have != k->valuedouble) {
                    cJSON *h = cJSON_CreateNumber(have);
                    bad_n += scn_differ(sc, fk, k, h);
                    cJSON_Delete(h);
                }
            }
        }
    }
    return bad_n;
}

/* Returns the number of differences between expect and the result. */
static int compare_expect(const Scenario *sc, const cJSON *result)
{
    const cJSON *x = sc->expect;
    int bad_n = 0;
    const cJSON *we = cJSON_GetObjectItemCaseSensitive(x, "error");
    const cJSON *ge = cJSON_GetObjectItemCaseSensitive(result, "error");
    /* An unlisted error still fails: the other fields would then describe
     * a combat that never happened. */
    if (we ? !cJSON_Compare(we, ge, 1) : !cJSON_IsNull(ge)) {
        cJSON *none = cJSON_CreateNull();
        bad_n += scn_differ(sc, "expect.error", we ? we : none, ge);
        cJSON_Delete(none);
    }
    bad_n += compare_state(sc, "expect", x, result);
    const cJSON *wf = cJSON_GetObjectItemCaseSensitive(x, "after_first_strike");
    if (wf) {
        const cJSON *gf = cJSON_GetObjectItemCaseSensitive(result, "after_first_strike");
        if (!gf) {
            if (sc->msg) fprintf(sc->msg, "mtgsim scenario: %s: FAIL expect.after_first_strike: expected a "
                    "first-strike damage step, there was none\n", sc->file);
            bad_n++;
        } else {
            bad_n += compare_state(sc, "expect.after_first_strike", wf, gf);
        }
    }
    return bad_n + scn_compare_spells(sc, x, result);
}

/* ------------------------------------------------------------------ files */

static char *read_file(const char *path, size_t *len, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) { snprintf(err, errlen, "cannot open: %s", strerror(errno)); return NULL; }
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    while (buf) {
        if (n + 1 >= cap) {
            if (cap >= SCN_FILE_MAX) { snprintf(err, errlen, "larger than %d bytes", SCN_FILE_MAX); break; }
            char *nb = realloc(buf, cap * 2);
            if (!nb) break;
            buf = nb;
            cap *= 2;
        }
        size_t got = fread(buf + n, 1, cap - 1 - n, f);
        n += got;
        if (got == 0) {
            if (ferror(f)) { snprintf(err, errlen, "cannot read: %s", strerror(errno)); break; }
            fclose(f);
            buf[n] = 0;
            *len = n;
            return buf;
        }
    }
    if (!buf) snprintf(err, errlen, "out of memory");
    free(buf);
    fclose(f);
    return NULL;
}

void scenario_pool_init(ScenarioPool *sp)
{
    memset(sp, 0, sizeof *sp);
    pool_init(&sp->pool);
}

void scenario_pool_free(ScenarioPool *sp)
{
    pool_free(&sp->pool);
    scenario_pool_init(sp);
}

int scenario_buffer(const char *path, const char *text, size_t len, ScenarioPool *pc,
                    FILE *msg, FILE *out)
{
    /* Large (two game states): on the heap, so calls may run side by side. */
    Scenario *sc = calloc(1, sizeof *sc);
    Outcome *o = calloc(1, sizeof *o);
    if (!sc || !o) {
        if (msg) fprintf(msg, "mtgsim scenario: %s: (file): out of memory\n", path);
        free(sc);
        free(o);
        return SCN_BAD;
    }
    sc->file = path;
    sc->msg = msg;

    int status = SCN_OK;
    const char *end = NULL;
    /* cJSON stops at a NUL, so the rest of the file would go unseen
     * ("players: missing"), and it takes other control bytes inside
     * strings; JSON allows neither: a binary file, refused as deck lists
     * and card files refuse one. */
    size_t ctl = 0;
    while (ctl < len && ((unsigned char)text[ctl] >= 0x20 || text[ctl] == '\t' || text[ctl] == '\n' || text[ctl] == '\r'))
        ctl++;
    cJSON *root = ctl < len ? NULL : cJSON_ParseWithLengthOpts(text, len, &end, 0);
    if (ctl < len) {
        int line = 1;
        for (size_t k = 0; k < ctl; k++) line += text[k] == '\n';
        if (msg) fprintf(msg, "mtgsim scenario: %s:%d: binary data (control byte 0x%02X), not a scenario\n",
                         path, line, (unsigned char)text[ctl]);
        status = SCN_BAD;
    } else if (!root) {
        int line = 1, col = 1;
        for (const char *c = text; end && c < end && c < text + len && *c; c++) {
            if (*c == '\n') { line++; col = 1; } else col++;
        }
        scn_bad(sc, "", "not valid JSON (line %d, column %d)", line, col);
        status = SCN_BAD;
    } else if (scenario_read(sc, pc, root)) {
        status = SCN_BAD;
    } else {
        if (sc->spells) scn_run_spells(sc, o);
        else scenario_run(sc, o);
        if (o->check[0] && msg) fprintf(msg, "mtgsim scenario: %s: internal error: %s\n", path, o->check);
        cJSON *result = result_json(sc, o);
        cJSON *line = cJSON_CreateObject();
        cJSON_AddStringToObject(line, "file", path);
        if (sc->name) cJSON_AddStringToObject(line, "name", sc->name);
        else cJSON_AddNullToObject(line, "name");
        if (sc->expect) {
            int ok = compare_expect(sc, result) == 0;
            cJSON_AddBoolToObject(line, "pass", ok);
            if (!ok) status = SCN_FAIL;
        } else {
            cJSON_AddNullToObject(line, "pass");
        }
        cJSON_AddItemToObject(line, "result", result);
        if (out) {
            /* A failed write is said here, with its reason: after the
             * command, the check of stdout would no longer know it. */
            char *txt = cJSON_PrintUnformatted(line);
            if (!txt || fputs(txt, out) == EOF || fputc('\n', out) == EOF || fflush(out) != 0) {
                const char *why = txt ? strerror(errno) : "out of memory";
                if (msg) fprintf(msg, "mtgsim scenario: %s%s\n", txt ? "cannot write to standard output: " : "", why);
                status = SCN_BAD;
            }
            free(txt);
        }
        cJSON_Delete(line);
    }
    cJSON_Delete(root);
    scn_cards_free(sc);
    free(o);
    free(sc);
    return status;
}

/* Runs one file; returns SCN_OK, SCN_FAIL or SCN_BAD. */
static int scenario_file(const char *path, ScenarioPool *pc)
{
    char err[256];
    size_t len = 0;
    char *text = read_file(path, &len, err, sizeof err);
    if (!text) {
        fprintf(stderr, "mtgsim scenario: %s: (file): %s\n", path, err);
        return SCN_BAD;
    }
    int status = scenario_buffer(path, text, len, pc, stderr, stdout);
    free(text);
    return status;
}

int cmd_scenario(int argc, char **argv)
{
    int nfiles = 0;
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h")) { fputs(usage, stdout); return 0; }
        if (argv[i][0] == '-' && argv[i][1]) {
            fprintf(stderr, "mtgsim scenario: unknown option '%s'\n\n%s", argv[i], usage);
            return 2;
        }
        nfiles++;
    }
    if (!nfiles) {
        fprintf(stderr, "mtgsim scenario: no scenario file given\n\n%s", usage);
        return 2;
    }
    ScenarioPool pc;
    scenario_pool_init(&pc);
    int status = SCN_OK;
    for (int i = 0; i < argc; i++) {
        int r = scenario_file(argv[i], &pc);
        if (r > status) status = r;
        if (ferror(stdout)) break;   /* said once: the next files could not be written either */
    }
    scenario_pool_free(&pc);
    return status;
}
