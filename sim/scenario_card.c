/* scenario_card.c: the cards of a scenario file: a name from the card
 * pool (refused with the pool's reason when the engine does not play it
 * exactly), or an inline definition: numbers and keywords, or a card with
 * rules text, read by the pool's own reader so that it is supported, or
 * refused, as the same card in the pool would be. */
#include <stdlib.h>
#include <string.h>

#include "scenario_int.h"

static const struct { const char *name; unsigned bit; int super; } types[] = {
    { "Creature", TYPE_CREATURE, 0 }, { "Planeswalker", TYPE_PLANESWALKER, 0 },
    { "Artifact", TYPE_ARTIFACT, 0 }, { "Enchantment", TYPE_ENCHANTMENT, 0 },
    { "Land", TYPE_LAND, 0 }, { "Instant", TYPE_INSTANT, 0 }, { "Sorcery", TYPE_SORCERY, 0 },
    { "Tribal", TYPE_TRIBAL, 0 }, { "Legendary", SUPER_LEGENDARY, 1 },
    { "Basic", SUPER_BASIC, 1 }, { "Snow", SUPER_SNOW, 1 }
};

/* The pool card closest to `name`, for a suggestion. */
static const char *pool_closest(const Pool *p, const char *name)
{
    const char *best = NULL;
    int bd = 1 << 30;
    for (int i = 0; i < p->n; i++) {
        int d = scn_edit_distance(name, p->cards[i].name);
        if (d < bd) { bd = d; best = p->cards[i].name; }
    }
    return best;
}

/* ------------------------------------------------------------------ cards */

static int read_text_fields(Scenario *sc, ScenarioPool *pc, const cJSON *c, const char *path, CardDef *d);

static int read_inline_card(Scenario *sc, ScenarioPool *pc, const cJSON *c, const char *path, const char *id,
                            CardDef *d)
{
    char f[SCN_FIELD_MAX];
    memset(d, 0, sizeof *d);
    d->produces = -1;
    d->max_blocks = 1;
    if (scn_no_dup_keys(sc, c, path)) return -1;

    const cJSON *name = cJSON_GetObjectItemCaseSensitive(c, "name");
    scn_field_key(f, path, "name");
    if (name && !cJSON_IsString(name)) return scn_bad(sc, f, "expected a string, got %s", scn_json_kind(name));
    snprintf(d->name, sizeof d->name, "%s", name ? name->valuestring : id);

    const cJSON *ty = cJSON_GetObjectItemCaseSensitive(c, "types");
    scn_field_key(f, path, "types");
    if (!ty) return scn_bad(sc, f, "missing (e.g. [\"Creature\"])");
    if (!cJSON_IsArray(ty)) return scn_bad(sc, f, "expected an array of type names, got %s", scn_json_kind(ty));
    int k = 0;
    for (const cJSON *t = ty->child; t; t = t->next, k++) {
        char ft[SCN_FIELD_MAX];
        scn_field_idx(ft, f, k);
        if (!cJSON_IsString(t)) return scn_bad(sc, ft, "expected a type name, got %s", scn_json_kind(t));
        int found = 0;
        for (size_t j = 0; j < sizeof types / sizeof types[0]; j++)
            if (scn_ci_eq(t->valuestring, types[j].name)) {
                if (types[j].super) d->supertypes |= (uint8_t)types[j].bit;
                else d->types |= (uint8_t)types[j].bit;
                found = 1;
            }
        if (!found)
            return scn_bad(sc, ft, "unknown card type \"%s\" (known: Creature, Planeswalker, Artifact, "
                       "Enchantment, Land, Instant, Sorcery, Tribal; Legendary, Basic, Snow)", t->valuestring);
    }
    if (!d->types) return scn_bad(sc, f, "no card type given");

    int is_creature = (d->types & TYPE_CREATURE) != 0, v;
    if (is_creature) {
        scn_field_key(f, path, "power");
        if (!cJSON_GetObjectItemCaseSensitive(c, "power")) return scn_bad(sc, f, "missing for a creature");
        scn_field_key(f, path, "toughness");
        if (!cJSON_GetObjectItemCaseSensitive(c, "toughness")) return scn_bad(sc, f, "missing for a creature");
    }
    /* Printed values, as the card pool reads them: no card prints a negative
     * power or toughness (counters make them so: "counters"). */
    if (scn_get_int(sc, c, "power", path, 0, 99, 0, &v)) return -1;
    d->power = (int8_t)v;
    if (scn_get_int(sc, c, "toughness", path, 0, 99, 0, &v)) return -1;
    d->toughness = (int8_t)v;
    if (scn_get_int(sc, c, "loyalty", path, 0, 255, 0, &v)) return -1;
    d->loyalty = (uint8_t)v;
    if (scn_get_int(sc, c, "max_blocks", path, 1, PERM_MAX, 1, &v)) return -1;
    d->max_blocks = (uint8_t)v;

    const cJSON *kw = cJSON_GetObjectItemCaseSensitive(c, "keywords");
    scn_field_key(f, path, "keywords");
    if (kw && !cJSON_IsArray(kw)) return scn_bad(sc, f, "expected an array of keyword names, got %s", scn_json_kind(kw));
    k = 0;
    for (const cJSON *t = kw ? kw->child : NULL; t; t = t->next, k++) {
        char fk[SCN_FIELD_MAX];
        const char *closest;
        scn_field_idx(fk, f, k);
        if (!cJSON_IsString(t)) return scn_bad(sc, fk, "expected a keyword name, got %s", scn_json_kind(t));
        int bit = scn_keyword_find(t->valuestring, &closest);
        if (bit < 0)
            return scn_bad(sc, fk, "unknown keyword \"%s\" (did you mean \"%s\"?)", t->valuestring, closest);
        d->keywords |= (uint16_t)bit;
    }
    return read_text_fields(sc, pc, c, path, d);
}

/* Loads the default pool the first time it is needed. */
static void pool_needed(ScenarioPool *pc)
{
    if (pc->tried) return;
    pc->tried = 1;
    pc->ok = pool_load_default(&pc->pool, pc->err, sizeof pc->err) == 0;
}

/* The OP_TOKEN effects of card d. */
static int makes_tokens(const CardDef *d)
{
    int n = 0;
    for (int k = 0; k < d->n_abilities; k++)
        for (int j = 0; j < d->ab[k].n_effects; j++) n += d->ab[k].effect[j].op == OP_TOKEN;
    return n;
}

/* A scenario's cards are copies (sc->def) of a pool's, whose tokens'
 * definitions live after that pool's cards: each card that creates tokens
 * gets its abilities copied, each token a definition of its own in def[]
 * (made from its characteristics, 111.4, by decks/pool.c's pool_token_def,
 * as for the pool), and the copy's effects name it. */
int scn_card_tokens(Scenario *sc, ScenarioPool *pc)
{
    int n_ab = 0, n_tok = 0, n = sc->n_def;
    for (int i = 0; i < n; i++)
        if (makes_tokens(&sc->def[i])) { n_ab += sc->def[i].n_abilities; n_tok += makes_tokens(&sc->def[i]); }
    if (!n_tok) return 0;
    if (n_tok > SCN_TOKEN_DEF_MAX)
        return scn_bad(sc, "players", "the cards create more than %d kinds of tokens", SCN_TOKEN_DEF_MAX);
    sc->tok_ab = malloc((size_t)n_ab * sizeof *sc->tok_ab);
    if (!sc->tok_ab) return scn_bad(sc, "players", "out of memory");
    Ability *ab = sc->tok_ab;
    const SubtypeTable *st = scn_subtypes(sc, pc);
    for (int i = 0; i < n; i++) {
        CardDef *c = &sc->def[i];
        if (!makes_tokens(c)) continue;
        memcpy(ab, c->ab, (size_t)c->n_abilities * sizeof *ab);
        c->ab = ab;
        for (int k = 0; k < c->n_abilities; k++)
            for (int j = 0; j < ab[k].n_effects; j++) {
                Effect *e = &ab[k].effect[j];
                if (e->op != OP_TOKEN) continue;
                pool_token_def(&sc->def[sc->n_def], &e->token, st);
                e->token.card = (uint16_t)sc->n_def++;
            }
        ab += c->n_abilities;
    }
    return 0;
}

int scn_read_card(Scenario *sc, ScenarioPool *pc, const cJSON *c, const char *path, const char *id, CardDef *d)
{
    if (!c) return scn_bad(sc, path, "missing (a card name or an inline definition)");
    if (cJSON_IsObject(c)) return read_inline_card(sc, pc, c, path, id, d);
    if (!cJSON_IsString(c))
        return scn_bad(sc, path, "expected a card name or an inline definition, got %s", scn_json_kind(c));
    pool_needed(pc);
    if (!pc->ok)
        return scn_bad(sc, path, "unknown card name \"%s\": the card pool could not be loaded (%s); "
                   "use an inline definition", c->valuestring, pc->err);
    int i = pool_find(&pc->pool, c->valuestring);
    if (i < 0) {
        const char *near = pool_closest(&pc->pool, c->valuestring);
        if (near) return scn_bad(sc, path, "unknown card name \"%s\" (closest: \"%s\")", c->valuestring, near);
        return scn_bad(sc, path, "unknown card name \"%s\" (the card pool is empty)", c->valuestring);
    }
    const char *why = pool_reason(&pc->pool, i);
    if (why)
        return scn_bad(sc, path, "card \"%s\" is not supported by the engine: %s", c->valuestring, why);
    *d = pc->pool.cards[i];
    if (d->n_abilities) sc->spells = 1;   /* its abilities need the stack, priority and effects */
    return 0;
}

/* --------------------------------------------- cards with rules text */

/* The inline cards' pool: its subtype ids extend the default pool's, so
 * that a filter of a pool card ("other Goblins") and an inline card's
 * subtypes ("Goblin") are the same ids. */
static void inline_pool(Scenario *sc, ScenarioPool *pc)
{
    if (sc->inl_on) return;
    pool_needed(pc);
    pool_init(&sc->inl);
    if (pc->ok) sc->inl.subtypes = pc->pool.subtypes;
    sc->inl_on = 1;
}

const SubtypeTable *scn_subtypes(const Scenario *sc, const ScenarioPool *pc)
{
    return sc->inl_on ? &sc->inl.subtypes : pc->ok ? &pc->pool.subtypes : NULL;
}

void scn_cards_free(Scenario *sc)
{
    if (sc->inl_on) pool_free(&sc->inl);
    sc->inl_on = 0;
    free(sc->tok_ab);
    sc->tok_ab = NULL;
}

static const char color_letters[] = "WUBRG";

/* A mana cost of the symbols the engine pays: {N}, {W} {U} {B} {R} {G},
 * {C} and {X}. Returns 0, or -1 with the message said. */
static int read_mana_cost(const Scenario *sc, const char *f, const char *cost, CardDef *d, int *x)
{
    static const char colors[] = "WUBRGC";
    long generic = 0;
    int mv = 0;
    *x = 0;
    for (const char *s = cost; *s;) {
        const char *close = *s == '{' ? strchr(s, '}') : NULL;
        if (!close || close == s + 1)
            return scn_bad(sc, f, "\"%s\" is not a mana cost (symbols in braces: \"{2}{R}\")", cost);
        size_t n = (size_t)(close - s - 1);
        const char *sym = s + 1, *c;
        if (n <= 3 && strspn(sym, "0123456789") == n) {
            generic += strtol(sym, NULL, 10);
        } else if (n == 1 && (c = strchr(colors, *sym)) != NULL) {
            if (d->cost_color[c - colors] < 255) d->cost_color[c - colors]++;
            mv++;
        } else if (n == 1 && *sym == 'X') {
            (*x)++;
        } else {
            return scn_bad(sc, f, "mana cost not supported: %.*s (the engine pays {N}, {W}, {U}, {B}, {R}, {G}, "
                           "{C} and {X})", (int)(n + 2), s);
        }
        s = close + 1;
    }
    if (generic > 255) return scn_bad(sc, f, "mana cost not supported: {%ld}", generic);
    d->cost_generic = (uint8_t)generic;
    mv += (int)generic;
    d->mana_value = (uint8_t)(mv > 255 ? 255 : mv);
    return 0;
}

/* An optional array of strings obj[key]; each must satisfy ok (NULL: any
 * non-empty string), else `what` says what was expected. */
static int string_array(const Scenario *sc, const cJSON *obj, const char *key, const char *path,
                        int (*ok)(const char *), const char *what, const cJSON **out)
{
    char f[SCN_FIELD_MAX];
    const cJSON *a = cJSON_GetObjectItemCaseSensitive(obj, key);
    *out = a;
    if (!a) return 0;
    scn_field_key(f, path, key);
    if (!cJSON_IsArray(a)) return scn_bad(sc, f, "expected an array of %s, got %s", what, scn_json_kind(a));
    int k = 0;
    for (const cJSON *e = a->child; e; e = e->next, k++) {
        char fe[SCN_FIELD_MAX];
        scn_field_idx(fe, f, k);
        if (!cJSON_IsString(e)) return scn_bad(sc, fe, "expected %s, got %s", what, scn_json_kind(e));
        if (!*e->valuestring || (ok && !ok(e->valuestring)))
            return scn_bad(sc, fe, "expected %s, got \"%s\"", what, e->valuestring);
    }
    return 0;
}

static int is_color_letter(const char *s) { return s[0] && !s[1] && strchr(color_letters, s[0]); }
static int is_supertype(const char *s)
{
    return scn_ci_eq(s, "Legendary") || scn_ci_eq(s, "Basic") || scn_ci_eq(s, "Snow");
}
static int is_subtype_name(const char *s) { return strlen(s) < SUBTYPE_NAME_MAX; }

/* The section's fields of an inline card: text, mana_cost, colors,
 * subtypes, supertypes. A card with rules text is read by the pool's own
 * reader (decks/pool.c through pool_load_buffer), so that it is supported
 * or refused, with the same reason, as it would be in the pool. */
static int read_text_fields(Scenario *sc, ScenarioPool *pc, const cJSON *c, const char *path, CardDef *d)
{
    char f[SCN_FIELD_MAX];
    const cJSON *text = cJSON_GetObjectItemCaseSensitive(c, "text");
    const cJSON *cost = cJSON_GetObjectItemCaseSensitive(c, "mana_cost");
    const cJSON *colors, *subs, *supers;
    if (string_array(sc, c, "colors", path, is_color_letter, "a color letter (\"W\", \"U\", \"B\", \"R\" or \"G\")",
                     &colors) ||
        string_array(sc, c, "subtypes", path, is_subtype_name, "a subtype name (e.g. \"Goblin\")", &subs) ||
        string_array(sc, c, "supertypes", path, is_supertype, "\"Legendary\", \"Basic\" or \"Snow\"", &supers))
        return -1;
    if (!text && !cost && !colors && !subs && !supers) return 0;   /* a card of numbers and keywords, as ever */
    sc->spells = 1;
    scn_field_key(f, path, "text");
    if (text && !cJSON_IsString(text)) return scn_bad(sc, f, "expected the rules text (a string), got %s", scn_json_kind(text));
    scn_field_key(f, path, "mana_cost");
    if (cost && !cJSON_IsString(cost)) return scn_bad(sc, f, "expected a mana cost (a string), got %s", scn_json_kind(cost));
    int x = 0;
    if (cost && read_mana_cost(sc, f, cost->valuestring, d, &x)) return -1;
    if (supers)
        for (const cJSON *e = supers->child; e; e = e->next)
            d->supertypes |= (uint8_t)(scn_ci_eq(e->valuestring, "Legendary") ? SUPER_LEGENDARY
                                       : scn_ci_eq(e->valuestring, "Basic") ? SUPER_BASIC : SUPER_SNOW);
    if (subs && cJSON_GetArraySize(subs) > CARD_SUBTYPE_MAX) {
        scn_field_key(f, path, "subtypes");
        return scn_bad(sc, f, "more than %d subtypes", CARD_SUBTYPE_MAX);
    }
    inline_pool(sc, pc);

    if (!text || !*text->valuestring) {
        /* No rules text: the numbers above, and the colors (those of the
         * mana cost when not given, 105.2) and subtypes. */
        if (x) {
            scn_field_key(f, path, "mana_cost");
            return scn_bad(sc, f, "{X} in the cost of a card without rules text (nothing uses X)");
        }
        if (colors) {
            for (const cJSON *e = colors->child; e; e = e->next)
                d->colors |= (uint8_t)(1u << (strchr(color_letters, e->valuestring[0]) - color_letters));
        } else {
            for (int k = 0; k < 5; k++) if (d->cost_color[k]) d->colors |= (uint8_t)(1u << k);
        }
        int k = 0;
        for (const cJSON *e = subs ? subs->child : NULL; e; e = e->next) {
            int id = subtype_intern(&sc->inl.subtypes, e->valuestring, strlen(e->valuestring));
            if (!id) {
                scn_field_key(f, path, "subtypes");
                return scn_bad(sc, f, "subtype \"%s\" not kept (the pool knows %d subtypes)", e->valuestring,
                               SUBTYPE_MAX - 1);
            }
            d->subtype[k++] = (uint8_t)id;
        }
        return 0;
    }

    /* With rules text: the card as an MTGJSON set file's card, under a name
     * of its own in the file's pool (two inline cards may share a name)
     * and its printed name as its face's, the "~" of its text. */
    static const struct { unsigned bit; const char *name; } tnames[] = {
        { TYPE_CREATURE, "Creature" }, { TYPE_PLANESWALKER, "Planeswalker" }, { TYPE_ARTIFACT, "Artifact" },
        { TYPE_ENCHANTMENT, "Enchantment" }, { TYPE_LAND, "Land" }, { TYPE_INSTANT, "Instant" },
        { TYPE_SORCERY, "Sorcery" }, { TYPE_TRIBAL, "Tribal" }
    };
    char key[48], num[16];
    snprintf(key, sizeof key, "scenario card %d", sc->inl_n++);
    cJSON *root = cJSON_CreateObject(), *data = cJSON_AddObjectToObject(root, "data");
    cJSON *cards = cJSON_AddArrayToObject(data, "cards"), *card = cJSON_CreateObject();
    cJSON_AddItemToArray(cards, card);
    cJSON_AddStringToObject(card, "name", key);
    cJSON_AddStringToObject(card, "faceName", d->name);
    cJSON *ty = cJSON_AddArrayToObject(card, "types");
    for (size_t k = 0; k < sizeof tnames / sizeof *tnames; k++)
        if (d->types & tnames[k].bit) cJSON_AddItemToArray(ty, cJSON_CreateString(tnames[k].name));
    cJSON *sp = cJSON_AddArrayToObject(card, "supertypes");
    if (d->supertypes & SUPER_LEGENDARY) cJSON_AddItemToArray(sp, cJSON_CreateString("Legendary"));
    if (d->supertypes & SUPER_BASIC) cJSON_AddItemToArray(sp, cJSON_CreateString("Basic"));
    if (d->supertypes & SUPER_SNOW) cJSON_AddItemToArray(sp, cJSON_CreateString("Snow"));
    cJSON_AddItemToObject(card, "subtypes", subs ? cJSON_Duplicate(subs, 1) : cJSON_CreateArray());
    if (colors) cJSON_AddItemToObject(card, "colors", cJSON_Duplicate(colors, 1));
    /* No mana cost given: the pool would refuse the card as one that cannot
     * be cast; a cost of {0} is the same for everything a scenario does. */
    cJSON_AddStringToObject(card, "manaCost", cost && *cost->valuestring ? cost->valuestring : "{0}");
    cJSON_AddStringToObject(card, "text", text->valuestring);
    if (d->types & TYPE_CREATURE) {
        snprintf(num, sizeof num, "%d", d->power);
        cJSON_AddStringToObject(card, "power", num);
        snprintf(num, sizeof num, "%d", d->toughness);
        cJSON_AddStringToObject(card, "toughness", num);
    }
    if (d->types & TYPE_PLANESWALKER) {
        snprintf(num, sizeof num, "%d", d->loyalty);
        cJSON_AddStringToObject(card, "loyalty", num);
    }
    char *buf = cJSON_PrintUnformatted(root);
    cJSON_Delete(root);
    if (!buf) return scn_bad(sc, path, "out of memory");
    char err[320];
    int rc = pool_load_buffer(&sc->inl, sc->file, buf, strlen(buf), err, sizeof err);
    free(buf);
    if (rc) {
        const char *what = strstr(err, ": card '");   /* past "FILE:LINE" */
        return scn_bad(sc, path, "the card could not be read%s", what ? what : err);
    }
    int i = pool_find(&sc->inl, key);
    if (i < 0) return scn_bad(sc, path, "the card could not be read");
    const char *why = pool_reason(&sc->inl, i);
    if (why) return scn_bad(sc, path, "card \"%s\" is not supported by the engine: %s", d->name, why);
    CardDef r = sc->inl.cards[i];
    memcpy(r.name, d->name, sizeof r.name);
    r.keywords |= d->keywords;            /* keywords given beside the text */
    r.max_blocks = d->max_blocks;
    *d = r;
    return 0;
}
