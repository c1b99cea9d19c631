/* scenario_spells_read.c: reading the fields of "Spells, abilities and the
 * main phase" (tests/spec/scenario-format.md): the players' hands,
 * libraries and graveyards, attachments and tokens, the entries of
 * `spells` (a card cast or an ability activated, its targets, X and the
 * rest) and what `expect` may ask of them.
 *
 * Everything is checked here, before anything runs: an unknown id, a
 * field of the wrong kind, a number out of range, a count of targets the
 * card does not have, is a read error with its field. What the rules
 * forbid (a sorcery in combat, an illegal target) is not: the engine
 * decides it as the entry is cast ("illegal_spell"). What the engine does
 * not play yet (modes, numbers) refuses the file with the reason. */
#include <stdlib.h>
#include <string.h>

#include "scenario_int.h"
#include "engine/ability.h"
#include "engine/targets_many.h"
#include "engine/mana.h"
#include "engine/turn.h"

/* ------------------------------------------------------ hands and so on */

static const char *const zone_keys[3] = { "hand", "library", "graveyard" };
static const int zone_ids[3] = { ZONE_HAND, ZONE_LIBRARY, ZONE_GRAVEYARD };

/* One card of a hand, library or graveyard: a name, or {"id", "card"}. */
static int read_zone_card(Scenario *sc, ScenarioPool *pc, const cJSON *e, const char *fe, int p, int zone)
{
    char f[SCN_FIELD_MAX];
    if (sc->n_card == SCN_CARD_MAX) return scn_bad(sc, fe, "more than %d cards in hands, libraries and graveyards",
                                                   SCN_CARD_MAX);
    ScnCard *c = &sc->card[sc->n_card];
    memset(c, 0, sizeof *c);
    c->owner = p;
    c->zone = zone;
    c->def = sc->n_def;
    const cJSON *card = e;
    if (cJSON_IsObject(e)) {
        static const char *const keys[] = { "id", "card", NULL };
        if (scn_no_dup_keys(sc, e, fe) || scn_only_keys(sc, e, fe, keys)) return -1;
        const cJSON *id = cJSON_GetObjectItemCaseSensitive(e, "id");
        scn_field_key(f, fe, "id");
        if (id && scn_new_id(sc, id, f, c->id)) return -1;
        card = cJSON_GetObjectItemCaseSensitive(e, "card");
        scn_field_key(f, fe, "card");
    } else if (cJSON_IsString(e)) {
        snprintf(f, sizeof f, "%s", fe);
    } else {
        return scn_bad(sc, fe, "expected a card name or {\"id\": ..., \"card\": ...}, got %s", scn_json_kind(e));
    }
    if (scn_read_card(sc, pc, card, f, c->id[0] ? c->id : "card", &sc->def[sc->n_def])) return -1;
    sc->n_def++;
    sc->n_card++;
    return 0;
}

int scn_read_zones(Scenario *sc, ScenarioPool *pc, const cJSON *po, const char *path, int p)
{
    for (int z = 0; z < 3; z++) {
        char f[SCN_FIELD_MAX];
        const cJSON *a = cJSON_GetObjectItemCaseSensitive(po, zone_keys[z]);
        if (!a) continue;
        sc->spells = 1;
        scn_field_key(f, path, zone_keys[z]);
        if (!cJSON_IsArray(a)) return scn_bad(sc, f, "expected an array of cards, got %s", scn_json_kind(a));
        if (zone_ids[z] == ZONE_HAND && cJSON_GetArraySize(a) > HAND_MAX)
            return scn_bad(sc, f, "more than %d cards (the engine's capacity)", HAND_MAX);
        int k = 0;
        for (const cJSON *e = a->child; e; e = e->next, k++) {
            char fe[SCN_FIELD_MAX];
            scn_field_idx(fe, f, k);
            if (read_zone_card(sc, pc, e, fe, p, zone_ids[z])) return -1;
        }
    }
    return 0;
}

static int has_kind(const CardDef *d, int kind)
{
    for (int k = 0; k < d->n_abilities; k++) if (d->ab[k].kind == kind) return 1;
    return 0;
}

int scn_read_attachments(Scenario *sc, const cJSON *root)
{
    const cJSON *pl = cJSON_GetObjectItemCaseSensitive(root, "players");
    int i = 0, p = 0;
    for (const cJSON *po = pl->child; po; po = po->next, p++) {
        const cJSON *bf = cJSON_GetObjectItemCaseSensitive(po, "battlefield");
        int k = 0;
        for (const cJSON *e = bf ? bf->child : NULL; e; e = e->next, k++, i++) {
            const cJSON *at = cJSON_GetObjectItemCaseSensitive(e, "attached_to");
            if (!at) continue;
            char f[SCN_FIELD_MAX];
            snprintf(f, sizeof f, "players[%d].battlefield[%d].attached_to", p, k);
            const CardDef *d = &sc->def[sc->perm[i].def];
            if (!cJSON_IsString(at)) return scn_bad(sc, f, "expected a permanent id, got %s", scn_json_kind(at));
            int to = scn_perm_index(sc, at->valuestring);
            if (to < 0) return scn_bad(sc, f, "unknown permanent id \"%s\"", at->valuestring);
            if (to == i) return scn_bad(sc, f, "\"%s\" cannot be attached to itself", at->valuestring);
            if (!has_kind(d, AB_ENCHANT) && !has_kind(d, AB_EQUIP))
                return scn_bad(sc, f, "\"%s\" is neither an Aura (Enchant) nor an Equipment (Equip)", d->name);
            sc->perm[i].attached = to;
        }
    }
    return 0;
}

/* --------------------------------------------------------------- spells */

static const struct { const char *name; int step; } steps[] = {
    { "main1", STEP_MAIN1 }, { "beginning_of_combat", STEP_BEGIN_COMBAT },
    { "declare_attackers", STEP_DECLARE_ATTACKERS }, { "declare_blockers", STEP_DECLARE_BLOCKERS },
    { "first_strike_damage", STEP_FIRST_STRIKE_DAMAGE }, { "end_of_combat", STEP_END_COMBAT }
};

/* The ability of card d whose targets its spell names (an instant's or a
 * sorcery's effect, an Aura's Enchant), or -1. */
static int spell_ability_of(const CardDef *d)
{
    for (int k = 0; k < d->n_abilities; k++)
        if (d->ab[k].kind == AB_SPELL || d->ab[k].kind == AB_ENCHANT) return k;
    return -1;
}

/* How many targets an entry names: its spell's, or the ability's
 * (Enchant and Equip name one); -1 for several of one spec ("up to
 * three", "any number of"): any count, which the engine checks as the
 * entry is cast (601.2c). */
static int targets_of(const CardDef *d, int ability)
{
    int k = ability >= 0 ? ability : spell_ability_of(d);
    if (k < 0) return 0;
    const Ability *a = &d->ab[k];
    if (many_spec(a)) return -1;
    return a->kind == AB_ENCHANT || a->kind == AB_EQUIP ? 1 : a->n_targets;
}

/* Whether the spell of card d has an X. */
static int has_x(const CardDef *d)
{
    int k = spell_ability_of(d);
    if (k < 0) return spell_x(d, -1) > 0;   /* a creature entering with X +1/+1 counters */
    const Ability *a = &d->ab[k];
    if (a->cost.x) return 1;
    for (int j = 0; j < a->n_effects; j++) if (a->effect[j].n.kind == QTY_X) return 1;
    return 0;
}

/* The enters-the-battlefield ability of card d with targets, or -1. */
static int etb_targeted(const CardDef *d)
{
    for (int k = 0; k < d->n_abilities; k++)
        if (d->ab[k].kind == AB_TRIGGERED && d->ab[k].trigger == TR_ETB && d->ab[k].n_targets) return k;
    return -1;
}

static int is_activated(int kind)
{
    return kind == AB_ACTIVATED || kind == AB_MANA || kind == AB_LOYALTY || kind == AB_EQUIP;
}

/* Reads a target (or a divide key) named by entry k. */
static int read_target(Scenario *sc, const char *f, const char *v, int k, ScnTarget *t)
{
    if (!strcmp(v, "player0") || !strcmp(v, "player1")) {
        t->kind = ST_PLAYER;
        t->v = v[6] - '0';
        return 0;
    }
    if (!strncmp(v, "spell:", 6) && scn_reserved_id(v)) {
        long j = strtol(v + 6, NULL, 10);
        if (strlen(v + 6) > 4 || j >= k)
            return scn_bad(sc, f, "\"%s\" names no earlier entry of spells (K counts entries from 0; "
                           "the entry must come before this one)", v);
        t->kind = ST_SPELL;
        t->v = (int)j;
        return 0;
    }
    if ((t->v = scn_perm_index(sc, v)) >= 0) { t->kind = ST_PERM; return 0; }
    if ((t->v = scn_card_index(sc, v)) >= 0) { t->kind = ST_CARD; return 0; }
    return scn_bad(sc, f, "unknown id \"%s\" (a permanent or card id, \"player0\", \"player1\" or \"spell:K\")", v);
}

static int read_targets(Scenario *sc, const cJSON *e, const char *key, const char *path, int k, int want,
                        const char *what, int *n, ScnTarget *t)
{
    char f[SCN_FIELD_MAX];
    const cJSON *a = cJSON_GetObjectItemCaseSensitive(e, key);
    *n = 0;
    if (!a) {
        if (want > 0 && !strcmp(key, "targets")) {
            scn_field_key(f, path, key);
            return scn_bad(sc, f, "missing: %s names %d target%s", what, want, want > 1 ? "s" : "");
        }
        return 0;
    }
    scn_field_key(f, path, key);
    if (!cJSON_IsArray(a)) return scn_bad(sc, f, "expected an array of targets, got %s", scn_json_kind(a));
    if (want < 0 && cJSON_GetArraySize(a) > SCN_TARGETS)
        return scn_bad(sc, f, "%d given: more than %d targets", cJSON_GetArraySize(a), SCN_TARGETS);
    if (want >= 0 && cJSON_GetArraySize(a) != want)
        return scn_bad(sc, f, "%d given: %s names %d target%s", cJSON_GetArraySize(a), what, want, want == 1 ? "" : "s");
    int j = 0;
    for (const cJSON *v = a->child; v; v = v->next, j++) {
        char fj[SCN_FIELD_MAX];
        scn_field_idx(fj, f, j);
        if (!cJSON_IsString(v)) return scn_bad(sc, fj, "expected a target (an id, \"player0\", \"player1\" or "
                                               "\"spell:K\"), got %s", scn_json_kind(v));
        if (read_target(sc, fj, v->valuestring, k, &t[j])) return -1;
    }
    *n = j;
    return 0;
}

/* Whether some ability of card d has "you may" (an optional effect). */
static int has_may(const CardDef *d)
{
    for (int k = 0; k < d->n_abilities; k++)
        for (int j = 0; j < d->ab[k].n_effects; j++)
            if (d->ab[k].effect[j].flags & EF_OPTIONAL) return 1;
    return 0;
}

/* Whether card d asks for a color: as it enters (614.12: Voice of All), or
 * as its spell resolves (608.2d: Stave Off). */
static int chooses_color(const CardDef *d)
{
    for (int k = 0; k < d->n_abilities; k++) {
        const Ability *a = &d->ab[k];
        if (a->kind == AB_CHOOSE_COLOR) return 1;
        for (int j = 0; j < a->n_effects; j++)     /* "protection from the color of your choice" (Stave Off) */
            if (a->effect[j].op == OP_RULE && a->effect[j].arg2 == RULE_PROTECTION && (a->effect[j].flags & EF_CHOOSER))
                return 1;
    }
    return 0;
}

/* Whether ability a divides damage as its controller chooses (601.2d). */
static int divides(const Ability *a)
{
    return a && many_spec(a) && a->target[0].divided == DIV_CHOSEN;
}

/* `divide` and `choices` of entry k (sp): the division is kept in the
 * order of the targets it divides among (those of the spell, or of the
 * enters-the-battlefield ability, whichever divides damage); an amount
 * the rules forbid (0, or shares that do not add up) is the engine's to
 * refuse as the entry is cast. `choices` answer "you may" (true or false)
 * and the color of a mana ability; a mode or a number is asked by no card
 * the engine plays yet. */
static int read_divide_choices(Scenario *sc, const cJSON *e, const char *path, int k, const char *what,
                               const CardDef *d, const Ability *spell_ab, const Ability *trig_ab)
{
    char f[SCN_FIELD_MAX];
    ScnSpell *sp = &sc->spell[k];
    const cJSON *dv = cJSON_GetObjectItemCaseSensitive(e, "divide");
    if (dv) {
        scn_field_key(f, path, "divide");
        if (!cJSON_IsObject(dv)) return scn_bad(sc, f, "expected an object mapping a target to an amount, got %s",
                                                scn_json_kind(dv));
        if (scn_no_dup_keys(sc, dv, f)) return -1;
        sp->divide = divides(spell_ab) ? 1 : divides(trig_ab) ? 2 : 0;
        if (!sp->divide)
            return scn_bad(sc, f, "%s does not divide damage among its targets", what);
        const char *key = sp->divide == 1 ? "targets" : "trigger_targets";
        const cJSON *tg = cJSON_GetObjectItemCaseSensitive(e, key);
        for (const cJSON *m = dv->child; m; m = m->next) {
            char fm[SCN_FIELD_MAX];
            ScnTarget t;
            scn_field_key(fm, f, m->string);
            if (read_target(sc, fm, m->string, k, &t)) return -1;
            int j = 0, at = -1;
            for (const cJSON *x = tg ? tg->child : NULL; x; x = x->next, j++)
                if (cJSON_IsString(x) && !strcmp(x->valuestring, m->string) && at < 0) at = j;
            if (at < 0) return scn_bad(sc, fm, "\"%s\" is not one of the entry's %s", m->string, key);
            char num[32];
            if (!scn_is_integer(m)) return scn_bad(sc, fm, "expected an integer amount, got %s", scn_json_kind(m));
            if (m->valuedouble < 0 || m->valuedouble > 255)
                return scn_bad(sc, fm, "%s is out of range (0 to 255)", scn_int_text(num, sizeof num, m->valuedouble));
            sp->div[at] = (int)m->valuedouble;
        }
    }
    const cJSON *ch = cJSON_GetObjectItemCaseSensitive(e, "choices");
    if (ch) {
        scn_field_key(f, path, "choices");
        if (!cJSON_IsArray(ch)) return scn_bad(sc, f, "expected an array of answers, got %s", scn_json_kind(ch));
        if (cJSON_GetArraySize(ch) > SCN_CHOICE_MAX) return scn_bad(sc, f, "more than %d answers", SCN_CHOICE_MAX);
        int j = 0;
        for (const cJSON *v = ch->child; v; v = v->next, j++) {
            char fj[SCN_FIELD_MAX], num[32];
            scn_field_idx(fj, f, j);
            if (cJSON_IsBool(v)) {
                if (!has_may(d)) return scn_bad(sc, fj, "%s asks no \"you may\"", what);
                sp->choice[sp->n_choice++] = cJSON_IsTrue(v) ? SCN_CHOICE_YES : SCN_CHOICE_NO;
                continue;
            }
            if (cJSON_IsString(v)) {
                const char *c = v->valuestring[0] && !v->valuestring[1] ? strchr("WUBRG", v->valuestring[0]) : NULL;
                if (!c || !v->valuestring[0])
                    return scn_bad(sc, fj, "expected a color (\"W\", \"U\", \"B\", \"R\", \"G\"), got \"%s\"", v->valuestring);
                if (!sp->mana && !chooses_color(d))
                    return scn_bad(sc, fj, "%s asks no color (a mana ability's does, and a permanent's choosing one as it "
                                           "enters)", what);
                sp->choice[sp->n_choice++] = SCN_CHOICE_COLOR + (int)(c - "WUBRG");
                continue;
            }
            if (!scn_is_integer(v))
                return scn_bad(sc, fj, "expected a mode, true/false, a color or a number, got %s", scn_json_kind(v));
            if (v->valuedouble < 0 || v->valuedouble > 255)
                return scn_bad(sc, fj, "%s is out of range (0 to 255)", scn_int_text(num, sizeof num, v->valuedouble));
            return scn_bad(sc, fj, "%s asks no mode or number (no card the engine plays asks one yet)", what);
        }
    }
    return 0;
}

/* First pass over one entry: its caster and the card it casts (with its
 * id), so that every id is known before targets name them. */
static int read_entry_card(Scenario *sc, ScenarioPool *pc, const cJSON *e, const char *path, int k)
{
    char f[SCN_FIELD_MAX];
    ScnSpell *sp = &sc->spell[k];
    memset(sp, 0, sizeof *sp);
    sp->perm = sp->source = -1;
    if (!cJSON_IsObject(e)) return scn_bad(sc, path, "expected an object, got %s", scn_json_kind(e));
    static const char *const keys[] = { "caster", "card", "activate", "ability", "id", "step", "targets", "x",
                                        "divide", "choices", "trigger_targets", "respond", NULL };
    if (scn_no_dup_keys(sc, e, path) || scn_only_keys(sc, e, path, keys)) return -1;
    scn_field_key(f, path, "caster");
    if (!cJSON_GetObjectItemCaseSensitive(e, "caster")) return scn_bad(sc, f, "missing (0 or 1)");
    if (scn_get_int(sc, e, "caster", path, 0, 1, 0, &sp->caster)) return -1;
    const cJSON *card = cJSON_GetObjectItemCaseSensitive(e, "card");
    const cJSON *act = cJSON_GetObjectItemCaseSensitive(e, "activate");
    if (!card == !act) {
        scn_field_key(f, path, card ? "activate" : "card");
        return scn_bad(sc, f, card ? "an entry casts a card or activates an ability, not both"
                                   : "missing (a card to cast, or \"activate\" with a permanent's id)");
    }
    if (act) {
        if (cJSON_GetObjectItemCaseSensitive(e, "id")) {
            scn_field_key(f, path, "id");
            return scn_bad(sc, f, "an ability is not a card: only a card cast has an id");
        }
        return 0;
    }
    if (sc->n_perm == SCN_PERM_MAX) return scn_bad(sc, path, "more than %d cards cast and permanents", SCN_PERM_MAX);
    ScnPerm *q = &sc->perm[sc->n_perm];
    memset(q, 0, sizeof *q);
    q->player = sp->caster;
    q->attached = -1;
    q->entry = k;
    q->loyalty = -1;
    const cJSON *id = cJSON_GetObjectItemCaseSensitive(e, "id");
    scn_field_key(f, path, "id");
    if (id && scn_new_id(sc, id, f, q->id)) return -1;
    q->def = sc->n_def;
    scn_field_key(f, path, "card");
    if (scn_read_card(sc, pc, card, f, q->id[0] ? q->id : "spell", &sc->def[sc->n_def])) return -1;
    const CardDef *d = &sc->def[sc->n_def++];
    if (d->types & TYPE_LAND) return scn_bad(sc, f, "\"%s\" is a land: a land is played, not cast", d->name);
    sp->perm = sc->n_perm++;
    return 0;
}

/* Second pass: the rest of entry k. */
static int read_entry(Scenario *sc, const cJSON *e, const char *path, int k, int attacks)
{
    char f[SCN_FIELD_MAX], what[96];
    ScnSpell *sp = &sc->spell[k];
    const cJSON *st = cJSON_GetObjectItemCaseSensitive(e, "step");
    scn_field_key(f, path, "step");
    if (!st) return scn_bad(sc, f, "missing (\"main1\", \"declare_attackers\", ...)");
    sp->step = -1;
    for (size_t j = 0; j < sizeof steps / sizeof *steps; j++)
        if (cJSON_IsString(st) && !strcmp(st->valuestring, steps[j].name)) sp->step = steps[j].step;
    if (sp->step < 0)
        return scn_bad(sc, f, "expected \"main1\", \"beginning_of_combat\", \"declare_attackers\", "
                       "\"declare_blockers\", \"first_strike_damage\" or \"end_of_combat\", got %s%s%s",
                       cJSON_IsString(st) ? "\"" : "", cJSON_IsString(st) ? st->valuestring : scn_json_kind(st),
                       cJSON_IsString(st) ? "\"" : "");
    if (!attacks && (sp->step == STEP_DECLARE_BLOCKERS || sp->step == STEP_FIRST_STRIKE_DAMAGE))
        return scn_bad(sc, f, "no creature attacks, so the combat has no %s step (508.8)",
                       sp->step == STEP_DECLARE_BLOCKERS ? "declare blockers" : "combat damage");
    if (scn_get_bool(sc, e, "respond", path, 0, &sp->respond)) return -1;

    const CardDef *d;
    sp->ability = -1;
    if (sp->perm >= 0) {
        d = &sc->def[sc->perm[sp->perm].def];
        snprintf(what, sizeof what, "\"%s\"", d->name);
        if (cJSON_GetObjectItemCaseSensitive(e, "ability")) {
            scn_field_key(f, path, "ability");
            return scn_bad(sc, f, "only with \"activate\"");
        }
    } else {
        const cJSON *act = cJSON_GetObjectItemCaseSensitive(e, "activate");
        scn_field_key(f, path, "activate");
        if (!cJSON_IsString(act)) return scn_bad(sc, f, "expected a permanent's id, got %s", scn_json_kind(act));
        if ((sp->source = scn_perm_index(sc, act->valuestring)) < 0)
            return scn_bad(sc, f, "unknown permanent id \"%s\"", act->valuestring);
        d = &sc->def[sc->perm[sp->source].def];
        int n = 0, want;
        if (scn_get_int(sc, e, "ability", path, 0, 255, 0, &want)) return -1;
        scn_field_key(f, path, "ability");
        /* A basic land's mana ability is its type's (305.6), not text. */
        int basic = d->produces >= 0 && !d->n_abilities;
        for (int j = 0; j < d->n_abilities && sp->ability < 0; j++)
            if (is_activated(d->ab[j].kind) && n++ == want) sp->ability = j;
        if (basic && want == 0) sp->mana = 1;             /* ability stays -1: its type's */
        else if (sp->ability < 0)
            return scn_bad(sc, f, "\"%s\" has %d activated abilit%s (counted from 0)", d->name, basic ? 1 : n,
                           (basic ? 1 : n) == 1 ? "y" : "ies");
        else if (d->ab[sp->ability].kind == AB_MANA && ability_mana_tap_only(&d->ab[sp->ability])) {
            /* {T}: add one mana, activated on its own (mana_ability.h); a mana
             * ability with more to pay is an action like the others. */
            const Ability *m = &d->ab[sp->ability];
            if (m->n_effects != 1 || m->effect[0].op != OP_ADD_MANA || m->effect[0].n.kind != QTY_CONST ||
                m->effect[0].n.n != 1)
                return scn_bad(sc, f, "activating that mana ability on its own is not played yet (\"%s\")", d->name);
            sp->mana = 1;
        }
        snprintf(what, sizeof what, "ability %d of \"%s\"", want, d->name);
    }
    int want_t = sp->mana ? 0 : targets_of(d, sp->ability);
    sp->many = want_t < 0;
    if (read_targets(sc, e, "targets", path, k, want_t, what, &sp->n_targets, sp->t)) return -1;

    const cJSON *x = cJSON_GetObjectItemCaseSensitive(e, "x");
    if (x) {
        if (scn_get_int(sc, e, "x", path, 0, 255, 0, &sp->x)) return -1;
        scn_field_key(f, path, "x");
        if (sp->perm >= 0 ? !has_x(d) : !d->ab[sp->ability].cost.x) return scn_bad(sc, f, "%s has no X", what);
    }
    const cJSON *tt = cJSON_GetObjectItemCaseSensitive(e, "trigger_targets");
    if (tt) {
        int j = sp->perm >= 0 ? etb_targeted(d) : -1;
        scn_field_key(f, path, "trigger_targets");
        if (j < 0)
            return scn_bad(sc, f, "%s has no triggered ability with targets that this entry causes "
                           "(an enters-the-battlefield ability of the permanent cast)", what);
        char trig_what[128];
        snprintf(trig_what, sizeof trig_what, "the triggered ability of %s", what);
        sp->trig_many = many_spec(&d->ab[j]);
        if (read_targets(sc, e, "trigger_targets", path, k, sp->trig_many ? -1 : d->ab[j].n_targets, trig_what,
                         &sp->n_trig, sp->trig))
            return -1;
    }
    int sk = sp->perm >= 0 ? spell_ability_of(d) : sp->mana && sp->ability < 0 ? -1 : sp->ability;
    int tk = sp->perm >= 0 ? etb_targeted(d) : -1;
    return read_divide_choices(sc, e, path, k, what, d, sk >= 0 ? &d->ab[sk] : NULL, tk >= 0 ? &d->ab[tk] : NULL);
}

int scn_read_spells(Scenario *sc, ScenarioPool *pc, const cJSON *root)
{
    const cJSON *s = cJSON_GetObjectItemCaseSensitive(root, "spells");
    if (s) {
        if (!cJSON_IsArray(s)) return scn_bad(sc, "spells", "expected an array, got %s", scn_json_kind(s));
        if (cJSON_GetArraySize(s) > SCN_SPELL_MAX)
            return scn_bad(sc, "spells", "more than %d entries", SCN_SPELL_MAX);
        sc->spells = 1;
        int k = 0;
        for (const cJSON *e = s->child; e; e = e->next, k++) {
            char path[SCN_FIELD_MAX];
            scn_field_idx(path, "spells", k);
            if (read_entry_card(sc, pc, e, path, k)) return -1;
        }
        sc->n_spell = k;
        const cJSON *a = cJSON_GetObjectItemCaseSensitive(root, "attacks");
        int attacks = cJSON_IsArray(a) && a->child;
        k = 0;
        for (const cJSON *e = s->child; e; e = e->next, k++) {
            char path[SCN_FIELD_MAX];
            scn_field_idx(path, "spells", k);
            if (read_entry(sc, e, path, k, attacks)) return -1;
            if (sc->spell[k].step == STEP_MAIN1) sc->main1 = 1;
        }
        for (k = 0; k < sc->n_spell; k++)
            if (sc->spell[k].step == STEP_BEGIN_COMBAT && !sc->main1) {
                char f[SCN_FIELD_MAX];
                snprintf(f, sizeof f, "spells[%d].step", k);
                return scn_bad(sc, f, "the scenario starts at the declare attackers step unless an entry has "
                               "step \"main1\": no beginning of combat step comes");
            }
    }
    /* Card objects (the engine's ids of a player's cards, 0 up): the
     * player's cards on the battlefield (not tokens), in the hand, library
     * and graveyard, then those it casts, in the order they are cast (by
     * step, then in list order). */
    for (int p = 0; p < 2; p++) {
        int n = 0;
        for (int i = 0; i < sc->n_perm; i++) {
            ScnPerm *q = &sc->perm[i];
            if (q->token) q->obj = (int)OBJ_NONE;
            if (q->player == p && q->entry < 0 && !q->token) q->obj = n++;
        }
        for (int c = 0; c < sc->n_card; c++) if (sc->card[c].owner == p) sc->card[c].obj = n++;
        sc->objs[p] = n;
        for (int st = STEP_MAIN1; st <= STEP_END_COMBAT; st++)
            for (int k = 0; k < sc->n_spell; k++)
                if (sc->spell[k].step == st && sc->spell[k].perm >= 0 && sc->spell[k].caster == p)
                    sc->perm[sc->spell[k].perm].obj = n++;
        if (n > DECK_MAX) {
            char f[SCN_FIELD_MAX];
            snprintf(f, sizeof f, "players[%d]", p);
            return scn_bad(sc, f, "more than %d cards in all, those cast included (the engine's capacity)", DECK_MAX);
        }
    }
    return 0;
}

/* --------------------------------------------------------------- expect */

static const char *const zone_words[] = { "battlefield", "graveyard", "exile", "hand", "library", "none", NULL };

int scn_check_expect_spells(Scenario *sc, const cJSON *x, const char *path, int top)
{
    char f[SCN_FIELD_MAX];
    int v;
    const cJSON *pl = cJSON_GetObjectItemCaseSensitive(x, "players");
    int p = 0;
    for (const cJSON *e = cJSON_IsArray(pl) ? pl->child : NULL; e; e = e->next, p++) {
        char fp[SCN_FIELD_MAX];
        snprintf(fp, sizeof fp, "%s.players[%d]", path, p);
        for (int z = 0; z < 4; z++) {
            static const char *const keys[] = { "hand", "library", "graveyard", "tokens" };
            if (!cJSON_GetObjectItemCaseSensitive(e, keys[z])) continue;
            sc->spells = 1;
            if (scn_get_int(sc, e, keys[z], fp, 0, z == 0 ? HAND_MAX : z == 3 ? PERM_MAX : DECK_MAX, 0, &v)) return -1;
        }
    }
    const cJSON *pm = cJSON_GetObjectItemCaseSensitive(x, "permanents");
    for (const cJSON *e = pm ? pm->child : NULL; e; e = e->next) {
        char fp[SCN_FIELD_MAX];
        scn_field_key(f, path, "permanents");
        scn_field_key(fp, f, e->string);
        const cJSON *kw = cJSON_GetObjectItemCaseSensitive(e, "keywords");
        if (kw) {
            char fk[SCN_FIELD_MAX];
            scn_field_key(fk, fp, "keywords");
            sc->spells = 1;
            if (!cJSON_IsArray(kw)) return scn_bad(sc, fk, "expected an array of keyword names, got %s", scn_json_kind(kw));
            int j = 0;
            for (const cJSON *t = kw->child; t; t = t->next, j++) {
                char fj[SCN_FIELD_MAX];
                char closest[SCN_KW_NAME_MAX];
                scn_field_idx(fj, fk, j);
                if (!cJSON_IsString(t)) return scn_bad(sc, fj, "expected a keyword name, got %s", scn_json_kind(t));
                if (scn_any_keyword_find(sc, t->valuestring, closest) < 0)
                    return scn_bad(sc, fj, "unknown keyword \"%s\" (did you mean \"%s\"?)", t->valuestring, closest);
            }
        }
        if (cJSON_GetObjectItemCaseSensitive(e, "controller")) {
            sc->spells = 1;
            if (scn_get_int(sc, e, "controller", fp, 0, 1, 0, &v)) return -1;
        }
        const cJSON *at = cJSON_GetObjectItemCaseSensitive(e, "attached_to");
        if (at) {
            char fa[SCN_FIELD_MAX];
            scn_field_key(fa, fp, "attached_to");
            sc->spells = 1;
            if (!cJSON_IsNull(at) && !cJSON_IsString(at))
                return scn_bad(sc, fa, "expected a permanent id or null, got %s", scn_json_kind(at));
            if (cJSON_IsString(at) && scn_perm_index(sc, at->valuestring) < 0)
                return scn_bad(sc, fa, "unknown permanent id \"%s\"", at->valuestring);
        }
    }
    if (!top) return 0;
    const cJSON *zn = cJSON_GetObjectItemCaseSensitive(x, "zones");
    if (zn) {
        sc->spells = 1;
        scn_field_key(f, path, "zones");
        if (!cJSON_IsObject(zn)) return scn_bad(sc, f, "expected an object mapping an id to a zone, got %s", scn_json_kind(zn));
        if (scn_no_dup_keys(sc, zn, f)) return -1;
        for (const cJSON *e = zn->child; e; e = e->next) {
            char fz[SCN_FIELD_MAX];
            scn_field_key(fz, f, e->string);
            if (scn_perm_index(sc, e->string) < 0 && scn_card_index(sc, e->string) < 0)
                return scn_bad(sc, fz, "unknown id \"%s\"", e->string);
            int ok = 0;
            for (int j = 0; zone_words[j] && cJSON_IsString(e); j++) ok |= !strcmp(e->valuestring, zone_words[j]);
            if (!ok)
                return scn_bad(sc, fz, "expected \"battlefield\", \"graveyard\", \"exile\", \"hand\", \"library\" "
                               "or \"none\"");
        }
    }
    const cJSON *sp = cJSON_GetObjectItemCaseSensitive(x, "spells");
    if (sp) {
        sc->spells = 1;
        scn_field_key(f, path, "spells");
        if (!cJSON_IsArray(sp)) return scn_bad(sc, f, "expected an array of words, got %s", scn_json_kind(sp));
        if (cJSON_GetArraySize(sp) != sc->n_spell)
            return scn_bad(sc, f, "%d words for %d entries of spells (one each, in order)", cJSON_GetArraySize(sp),
                           sc->n_spell);
        int j = 0;
        for (const cJSON *e = sp->child; e; e = e->next, j++) {
            char fj[SCN_FIELD_MAX];
            scn_field_idx(fj, f, j);
            if (!cJSON_IsNull(e) && (!cJSON_IsString(e) || (strcmp(e->valuestring, "resolved") &&
                                     strcmp(e->valuestring, "countered") && strcmp(e->valuestring, "fizzled"))))
                return scn_bad(sc, fj, "expected \"resolved\", \"countered\" or \"fizzled\"");
        }
    }
    return 0;
}
