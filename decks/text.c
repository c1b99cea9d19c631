/* text.c: reads MTGJSON rules text into Ability records (ability.h).
 *
 * The text is cut into words (the card's own name becomes the word "~",
 * reminder text is dropped), then read line by line by a recursive descent
 * grammar: a line is a keyword list, an Enchant or Equip line, a loyalty or
 * activated ability (cost ":" effects), a triggered ability ("When ...,"
 * effects), a static ability, or (instants and sorceries) effect sentences.
 * Effect sentences are clauses "subject verb ...", joined by "and" and
 * "then"; the subjects and objects are noun phrases (refs) built on one
 * filter grammar. Every rule either reads its words exactly or fails and
 * gives its words back, and a line must be read to its end: what is not
 * read exactly leaves the card unsupported, never approximated. */
#include "text.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TEXT_MAX   2048  /* rules text read; longer text is unsupported */
#define TOK_MAX    640   /* words of one card's text */
#define WORD_MAX   28    /* longest word kept (longer words are cut, so never match) */
#define QUOTE_CUT  42    /* a quoted sentence longer than QUOTE_MAX is cut at a space */
#define QUOTE_MAX  60    /* before this byte */
#define DUR_UNSET  255   /* an effect whose duration comes at the end of its clause */

/* A noun's number: 0 singular, 1 plural, 2 either ("Plains"). */
#define SG(pl)       ((pl) != 1)
#define PL(pl)       ((pl) != 0)
#define NUM(pl, plu) ((pl) == 2 || (pl) == (plu))

/* ------------------------------------------------------------ subtypes */

void subtype_init(SubtypeTable *t)
{
    static const char *const basic[SUBTYPE_BASIC_LAND_LAST] = { "Plains", "Island", "Swamp", "Mountain", "Forest" };
    memset(t->name[0], 0, sizeof t->name[0]);
    t->n = 0;
    for (int k = 0; k < SUBTYPE_BASIC_LAND_LAST; k++) subtype_intern(t, basic[k], strlen(basic[k]));
}

int subtype_find(const SubtypeTable *t, const char *name, size_t len)
{
    for (int i = 1; i <= t->n; i++)
        if (strlen(t->name[i]) == len && !memcmp(t->name[i], name, len)) return i;
    return 0;
}

int subtype_intern(SubtypeTable *t, const char *name, size_t len)
{
    int id = subtype_find(t, name, len);
    if (id) return id;
    if (len == 0 || len >= SUBTYPE_NAME_MAX || t->n + 1 >= SUBTYPE_MAX) return 0;
    id = ++t->n;
    memcpy(t->name[id], name, len);
    t->name[id][len] = 0;
    return id;
}

/* --------------------------------------------------------------- words */

typedef struct Tok {
    char     w[WORD_MAX];  /* lowercase word, number, "{T}" symbol, "+1/+1", "[+1]", punctuation */
    char     o[WORD_MAX];  /* the word as printed (subtype names keep their capital) */
    uint8_t  cap;          /* printed with a capital letter first */
    uint8_t  first;        /* first word of a sentence (a capital there says nothing) */
    uint16_t off;          /* byte offset in Lexed.clean */
} Tok;

typedef struct Lexed {
    char   clean[TEXT_MAX];  /* the text without reminder text */
    size_t len;
    Tok    t[TOK_MAX];
    int    n;
} Lexed;

static int is_word_byte(unsigned char c)
{
    return isalnum(c) || c == '\'' || c == '-' || c == '/';
}

/* Appends a token; 0 when the text has too many words. */
static int push(Lexed *lx, const char *w, size_t n, size_t off)
{
    if (lx->n >= TOK_MAX) return 0;
    Tok *t = &lx->t[lx->n++];
    if (n >= WORD_MAX) n = WORD_MAX - 1;
    memcpy(t->o, w, n);
    t->o[n] = 0;
    for (size_t k = 0; k <= n; k++) t->w[k] = (char)tolower((unsigned char)t->o[k]);
    t->cap = isupper((unsigned char)w[0]) != 0;
    t->off = (uint16_t)off;
    t->first = 0;
    return 1;
}

/* Cuts clean text into tokens. 0 when it has too many. */
static int lex(Lexed *lx, const char *name)
{
    const char *s = lx->clean, *e = lx->clean + lx->len;
    size_t nl = strlen(name);
    char buf[WORD_MAX];
    lx->n = 0;
    while (s < e) {
        unsigned char c = (unsigned char)*s;
        size_t off = (size_t)(s - lx->clean);
        if (c == ' ' || c == '\t' || c == '\r') { s++; continue; }
        if (nl && (size_t)(e - s) >= nl && !memcmp(s, name, nl) &&
            (s + nl == e || !isalnum((unsigned char)s[nl]))) {
            if (!push(lx, name, nl, off)) return 0;
            strcpy(lx->t[lx->n - 1].w, "~");
            s += nl;
            continue;
        }
        if (c == '{' || c == '[') {
            char close = c == '{' ? '}' : ']';
            size_t n = 0;
            const char *q = s;
            while (q < e && *q != close && *q != '\n' && n < WORD_MAX - 2) {
                /* U+2212 MINUS SIGN in loyalty costs reads as '-' */
                if ((unsigned char)q[0] == 0xE2 && q + 2 < e && (unsigned char)q[1] == 0x88 &&
                    (unsigned char)q[2] == 0x92) { buf[n++] = '-'; q += 3; continue; }
                buf[n++] = *q++;
            }
            if (q < e && *q == close) buf[n++] = *q++;
            if (!push(lx, buf, n, off)) return 0;
            s = q;
            continue;
        }
        if (c == 0xE2 && s + 2 < e && (unsigned char)s[1] == 0x88 && (unsigned char)s[2] == 0x92) {
            buf[0] = '-';  /* U+2212 before a number: -1/-1 */
            s += 3;
            size_t n = 1;
            while (s < e && n < WORD_MAX - 1 && is_word_byte((unsigned char)*s)) buf[n++] = *s++;
            if (!push(lx, buf, n, off)) return 0;
            continue;
        }
        if (c == 0xE2 && s + 2 < e && (unsigned char)s[1] == 0x80 &&
            ((unsigned char)s[2] == 0x98 || (unsigned char)s[2] == 0x99)) {
            if (!push(lx, "'", 1, off)) return 0;  /* a typographic apostrophe alone */
            s += 3;
            continue;
        }
        if (isalnum(c) || c == '\'' || ((c == '+' || c == '-') && s + 1 < e &&
                                        (isdigit((unsigned char)s[1]) || s[1] == 'X'))) {
            size_t n = 0;
            buf[n++] = *s++;
            while (s < e && n < WORD_MAX - 1) {
                unsigned char d = (unsigned char)*s;
                if (is_word_byte(d) || ((d == '+' || d == '-') && s[-1] == '/')) { buf[n++] = *s++; continue; }
                /* a typographic apostrophe inside a word */
                if (d == 0xE2 && s + 2 < e && (unsigned char)s[1] == 0x80 && (unsigned char)s[2] == 0x99) {
                    buf[n++] = '\'';
                    s += 3;
                    continue;
                }
                if (d == 0xE2 && s + 2 < e && (unsigned char)s[1] == 0x88 && (unsigned char)s[2] == 0x92 &&
                    s[-1] == '/') { buf[n++] = '-'; s += 3; continue; }
                break;
            }
            while (s < e && is_word_byte((unsigned char)*s)) s++;  /* too long: cut */
            if (!push(lx, buf, n, off)) return 0;
            continue;
        }
        if (c == '\n' || c == ',' || c == '.' || c == ':' || c == ';' || c == '"') {
            if (!push(lx, s, 1, off)) return 0;
            s++;
            continue;
        }
        /* Anything else (a bullet, a dash, a stray byte) is a word no rule reads. */
        if (!push(lx, "?", 1, off)) return 0;
        s++;
        while (s < e && ((unsigned char)*s & 0xC0) == 0x80) s++;
    }
    for (int i = 0; i < lx->n; i++) {
        const char *pw = i ? lx->t[i - 1].w : "\n";
        lx->t[i].first = !strcmp(pw, "\n") || !strcmp(pw, ".") || !strcmp(pw, ":") || !strcmp(pw, "\"");
    }
    return 1;
}

/* ---------------------------------------------------------------- parser */

enum { C_SPELL, C_ABILITY, C_STATIC };  /* P.ctx: what kind of text the sentences are */
enum { R_NONE, R_PLAYER, R_OBJ };       /* Ref.kind */

/* What a noun phrase names: a player, or objects. */
typedef struct Ref {
    uint8_t kind;    /* R_* */
    uint8_t who;     /* SEL_* */
    uint8_t arg;     /* target spec index (SEL_TARGET*) */
    uint8_t plural;  /* names several ("creatures you control", "up to two target") */
    uint8_t source;  /* the ability's source itself (may deal damage) */
    uint8_t each;    /* "each <noun>": plural in fact, singular in grammar ("its owner's hand") */
    Filter  f;       /* SEL_ALL: the set */
} Ref;

typedef struct P {
    const Lexed  *lx;
    int           i;            /* next token */
    int           end;          /* end of the current line (its "\n" or lx->n) */
    int           far;          /* furthest token any rule looked at: the failing sentence */
    SubtypeTable *st;
    Ability      *a;            /* the ability being read */
    int           ctx;          /* C_* */
    Ref           it;           /* what "it" names (kind R_NONE: nothing yet) */
    Ref           that_obj;     /* "that creature" */
    Ref           that_player;  /* "that player" */
    uint8_t       dur_prefix;   /* "Until end of turn, ...": DUR_EOT, else DUR_UNSET */
    uint8_t       granting;     /* the line's "becomes a ... creature with '{B}: Regenerate this
                                   creature.'": its line adds that ability, Ability.granted */
    Cost          grant;        /* that ability's cost */
    int           quote_from;   /* granting GRANT_ATTACHED: the quoted ability's first token ("Enchanted
                                   creature has '{T}: This creature deals 1 damage to any target.'") */
    int           quote_to;     /* and its closing quotation mark */
    uint8_t       this_self;    /* reading that quotation: "this creature" is its source */
    uint8_t       chose_type;   /* an earlier line read "As ~ enters the battlefield, choose a creature
                                   type.": "the chosen type" names that choice (SUBTYPE_CHOSEN) */
    uint8_t       chose_color;  /* likewise "choose a color.": "the chosen color" (CB_CHOSEN) */
    uint8_t       defending;    /* a filter said "defending player controls" (ability_body checks) */
} P;

/* A point to come back to: the reader's place and the ability so far. */
typedef struct Snap {
    int     i;
    Ability a;
    Ref     it, that_obj, that_player;
} Snap;

static void snap(const P *p, Snap *s)
{
    s->i = p->i;
    s->a = *p->a;
    s->it = p->it;
    s->that_obj = p->that_obj;
    s->that_player = p->that_player;
}

static void restore(P *p, const Snap *s)
{
    p->i = s->i;
    *p->a = s->a;
    p->it = s->it;
    p->that_obj = s->that_obj;
    p->that_player = s->that_player;
}

static const Tok *tk(const P *p) { return p->i < p->end ? &p->lx->t[p->i] : NULL; }
static const char *cur(const P *p) { return p->i < p->end ? p->lx->t[p->i].w : ""; }

static void seen(P *p, int i) { if (i > p->far) p->far = i; }

/* Whether word w is one of the '|'-separated alternatives alts[0 .. n-1]. */
static int alt_match(const char *w, const char *alts, size_t n)
{
    size_t wl = strlen(w);
    const char *a = alts, *e = alts + n;
    while (a < e) {
        const char *bar = memchr(a, '|', (size_t)(e - a));
        size_t al = bar ? (size_t)(bar - a) : (size_t)(e - a);
        if (al == wl && !memcmp(a, w, wl)) return 1;
        a += al + 1;
    }
    return 0;
}

/* Whether token t is one of alts: the card's name ("~") is also the word
 * it is made of ("Regenerate target creature.", Fear's "has fear"). */
static int tok_match(const Tok *t, const char *alts, size_t n)
{
    if (alt_match(t->w, alts, n)) return 1;
    if (strcmp(t->w, "~")) return 0;
    char low[WORD_MAX];
    size_t k = 0;
    for (; t->o[k] && k < WORD_MAX - 1; k++) low[k] = (char)tolower((unsigned char)t->o[k]);
    low[k] = 0;
    return alt_match(low, alts, n);
}

/* Reads the words of seq (space-separated, each a '|' list of single-word
 * spellings) in order, or nothing. */
static int lit(P *p, const char *seq)
{
    int save = p->i;
    const char *s = seq;
    while (*s) {
        const char *sp = strchr(s, ' ');
        size_t n = sp ? (size_t)(sp - s) : strlen(s);
        seen(p, p->i);
        if (p->i >= p->end || !tok_match(&p->lx->t[p->i], s, n)) {
            p->i = save;
            return 0;
        }
        p->i++;
        s += n + (sp != NULL);
    }
    seen(p, p->i);
    return 1;
}

/* The next words are seq, without reading them. */
static int peek(P *p, const char *seq)
{
    int save = p->i, far = p->far;
    int r = lit(p, seq);
    p->i = save;
    p->far = far;
    return r;
}

static int at_end(const P *p) { return p->i >= p->end; }

static Filter fany(void)
{
    Filter f;
    memset(&f, 0, sizeof f);
    f.power_max = FILTER_NO_LIMIT;
    f.power_min = FILTER_NO_MIN;
    f.mv_max = FILTER_NO_LIMIT;
    return f;
}

static Effect *neweff(P *p, int op)
{
    Ability *a = p->a;
    if (a->n_effects >= EFFECT_MAX) return NULL;
    Effect *e = &a->effect[a->n_effects++];
    memset(e, 0, sizeof *e);
    e->op = (uint8_t)op;
    e->dur = DUR_NOW;
    e->n.kind = QTY_CONST;
    e->n.n = 1;
    e->sel = fany();
    e->count = fany();
    e->param = fany();
    return e;
}

static int newtarget(P *p, int what, const Filter *f, int min, int max)
{
    Ability *a = p->a;
    if (a->n_targets >= TARGET_SPEC_MAX) return -1;
    TargetSpec *t = &a->target[a->n_targets];
    memset(t, 0, sizeof *t);
    t->f = f ? *f : fany();
    t->what = (uint8_t)what;
    t->min = (uint8_t)min;
    t->max = (uint8_t)max;
    return a->n_targets++;
}

/* ------------------------------------------------------------- numbers */

/* "a", "an" (when article), "one" .. "ten", "twenty", or digits. */
static int number(P *p, int *v, int article)
{
    static const char *const words[] = { "zero", "one", "two", "three", "four", "five",
                                         "six", "seven", "eight", "nine", "ten" };
    const char *w = cur(p);
    seen(p, p->i);
    if (!*w) return 0;
    if (article && (!strcmp(w, "a") || !strcmp(w, "an"))) { *v = 1; p->i++; return 1; }
    for (int k = 0; k <= 10; k++)
        if (!strcmp(w, words[k])) { *v = k; p->i++; return 1; }
    if (!strcmp(w, "twenty")) { *v = 20; p->i++; return 1; }
    size_t n = strlen(w);
    if (n > 0 && n <= 2 && isdigit((unsigned char)w[0]) && (n == 1 || isdigit((unsigned char)w[1]))) {
        *v = atoi(w);
        p->i++;
        return 1;
    }
    return 0;
}

/* A number or X. */
static int qty(P *p, Qty *q, int article)
{
    int v;
    if (lit(p, "x")) { q->kind = QTY_X; q->n = 1; return 1; }
    if (number(p, &v, article)) { q->kind = QTY_CONST; q->n = (int8_t)v; return 1; }
    return 0;
}

/* One signed part of "+1/+1": a number or X (with its sign). */
static int pt_part(const char *s, const char **end, int *sign, int *v, int *isx)
{
    *sign = 1;
    if (*s == '+') s++;
    else if (*s == '-') { *sign = -1; s++; }
    else return 0;
    if (*s == 'x') { *isx = 1; *v = 1; *end = s + 1; return 1; }
    if (!isdigit((unsigned char)*s)) return 0;
    *v = 0;
    int k = 0;
    while (isdigit((unsigned char)*s) && k < 2) { *v = *v * 10 + (*s - '0'); s++; k++; }
    *isx = 0;
    *end = s;
    return 1;
}

/* "+3/+3", "-1/-1", "+X/-X": p and t, and whether they are times X. */
static int pt_mod(P *p, int *pp, int *tt, int *isx)
{
    const char *w = cur(p), *e;
    int s1, v1, x1, s2, v2, x2;
    seen(p, p->i);
    if (!pt_part(w, &e, &s1, &v1, &x1) || *e != '/') return 0;
    if (!pt_part(e + 1, &e, &s2, &v2, &x2) || *e) return 0;
    if (x1 != x2 && !(x1 ? v2 == 0 : v1 == 0)) return 0;  /* +X/+1: no such text */
    *isx = x1 || x2;
    *pp = s1 * v1;
    *tt = s2 * v2;
    p->i++;
    return 1;
}

/* "1/1", "4/5": a token's power and toughness. */
static int pt_plain(P *p, int *pp, int *tt)
{
    const char *w = cur(p);
    int a = 0, b = 0, k = 0;
    seen(p, p->i);
    while (isdigit((unsigned char)w[k]) && k < 2) a = a * 10 + (w[k++] - '0');
    if (k == 0 || w[k] != '/') return 0;
    int j = ++k;
    while (isdigit((unsigned char)w[k]) && k - j < 2) b = b * 10 + (w[k++] - '0');
    if (k == j || w[k]) return 0;
    *pp = a;
    *tt = b;
    p->i++;
    return 1;
}

/* ---------------------------------------------------------- vocabulary */

static const struct { const char *sing, *plur; uint8_t bit; } type_words[] = {
    { "artifact", "artifacts", TYPE_ARTIFACT }, { "creature", "creatures", TYPE_CREATURE },
    { "enchantment", "enchantments", TYPE_ENCHANTMENT }, { "land", "lands", TYPE_LAND },
    { "planeswalker", "planeswalkers", TYPE_PLANESWALKER }, { "instant", "instants", TYPE_INSTANT },
    { "sorcery", "sorceries", TYPE_SORCERY },
};

static const struct { const char *name; uint8_t bit; } color_words[] = {
    { "white", CB_W }, { "blue", CB_U }, { "black", CB_B }, { "red", CB_R }, { "green", CB_G },
};

static const struct { const char *name; uint16_t bit; } kw_words[] = {
    { "flying", KW_FLYING }, { "reach", KW_REACH }, { "first strike", KW_FIRST_STRIKE },
    { "double strike", KW_DOUBLE_STRIKE }, { "deathtouch", KW_DEATHTOUCH }, { "trample", KW_TRAMPLE },
    { "lifelink", KW_LIFELINK }, { "vigilance", KW_VIGILANCE }, { "haste", KW_HASTE },
    { "menace", KW_MENACE }, { "defender", KW_DEFENDER }, { "indestructible", KW_INDESTRUCTIBLE },
    { "wither", KW_WITHER }, { "infect", KW_INFECT },
};

static const struct { const char *name; uint8_t rule; } rule_kw_words[] = {
    { "flash", RULE_FLASH }, { "shroud", RULE_SHROUD }, { "hexproof", RULE_HEXPROOF },
    { "fear", RULE_FEAR }, { "intimidate", RULE_INTIMIDATE },
};

static const char *const walk_words[][2] = {
    { "plainswalk", "Plains" }, { "islandwalk", "Island" }, { "swampwalk", "Swamp" },
    { "mountainwalk", "Mountain" }, { "forestwalk", "Forest" },
};

static int type_word(const char *w, int *plural)
{
    for (size_t k = 0; k < sizeof type_words / sizeof *type_words; k++) {
        if (!strcmp(w, type_words[k].sing)) { *plural = 0; return type_words[k].bit; }
        if (!strcmp(w, type_words[k].plur)) { *plural = 1; return type_words[k].bit; }
    }
    return 0;
}

static int color_word(const char *w)
{
    for (size_t k = 0; k < sizeof color_words / sizeof *color_words; k++)
        if (!strcmp(w, color_words[k].name)) return color_words[k].bit;
    return 0;
}

/* An engine keyword (one or two words). */
static int kw_word(P *p, uint16_t *bit)
{
    for (size_t k = 0; k < sizeof kw_words / sizeof *kw_words; k++)
        if (lit(p, kw_words[k].name)) { *bit = kw_words[k].bit; return 1; }
    return 0;
}

/* A capitalized word in the middle of a sentence: a subtype ("Elf",
 * "Goblins", "Plains"). Its id (the singular is kept), or 0. */
static int subtype_word(P *p, int *plural)
{
    const Tok *t = tk(p);
    seen(p, p->i);
    if (!t || !t->cap || t->first || !isalpha((unsigned char)t->o[0])) return 0;
    const char *w = t->o;
    size_t n = strlen(w);
    for (size_t k = 0; k < n; k++)
        if (!isalpha((unsigned char)w[k])) return 0;
    int id = subtype_find(p->st, w, n);
    *plural = 0;
    if (!id && n > 3 && w[n - 1] == 's') {
        /* Plurals: Elves, Dwarves, Wolves; Goblins, Swamps; Plains is its own. */
        char sing[SUBTYPE_NAME_MAX];
        if (n >= sizeof sing) return 0;
        memcpy(sing, w, n + 1);
        if (n > 3 && !strcmp(w + n - 3, "ves")) { strcpy(sing + n - 3, "f"); }
        else sing[n - 1] = 0;
        id = subtype_find(p->st, sing, strlen(sing));
        if (!id) id = subtype_intern(p->st, sing, strlen(sing));
        *plural = 1;
    } else if (!id) {
        id = subtype_intern(p->st, w, n);
    }
    if (!strcmp(w, "Plains")) *plural = 2;
    if (!id) return 0;
    p->i++;
    return id;
}

/* A sentence's first word, capitalized anyway, as a subtype already known
 * (the pool interns every card's subtypes first): "Soldier creatures have
 * vigilance." Never interns, so that "Destroy" stays a verb. */
static int first_subtype(P *p)
{
    const Tok *t = tk(p);
    if (!t || !t->first || !isupper((unsigned char)t->o[0])) return 0;
    int id = subtype_find(p->st, t->o, strlen(t->o));
    if (id) p->i++;
    return id;
}

/* ------------------------------------------------------------- filters */

static int add_subtype(Filter *f, int id)
{
    for (int k = 0; k < FILTER_SUBTYPES; k++)
        if (f->subtype[k] == SUBTYPE_NONE) { f->subtype[k] = (uint8_t)id; return 1; }
    return 0;
}

/* A color list: "white", "red or green", "white and/or blue", "black or red". */
static int colors(P *p, uint8_t *bits)
{
    int c = color_word(cur(p));
    seen(p, p->i);
    if (!c) return 0;
    p->i++;
    *bits = (uint8_t)c;
    int save = p->i;
    if (lit(p, "or|and/or")) {
        int d = color_word(cur(p));
        if (d) { p->i++; *bits |= (uint8_t)d; return 1; }
        p->i = save;
    }
    return 1;
}

/* A color series: "white, blue, black, or red" (three or more, with
 * commas), or a list colors() reads. */
static int color_series(P *p, uint8_t *bits)
{
    int save = p->i;
    if (!colors(p, bits)) return 0;
    uint8_t got = *bits;
    int n = 1;
    for (;;) {
        int c;
        if (lit(p, ", or")) {
            if (n < 2 || !(c = color_word(cur(p)))) break;
            p->i++;
            *bits = (uint8_t)(got | c);
            return 1;
        }
        if (lit(p, ",") && (c = color_word(cur(p))) != 0) { p->i++; got |= (uint8_t)c; n++; continue; }
        break;
    }
    if (n == 1) { p->i = save; return colors(p, bits); }
    p->i = save;
    return 0;
}

/* One modifier before the noun; 0 if none. */
static int modifier(P *p, Filter *f)
{
    const char *w = cur(p);
    int pl;
    seen(p, p->i);
    if (!strncmp(w, "non", 3) && w[3] != '-') {
        int t = type_word(w + 3, &pl);
        int c = color_word(w + 3);
        if (t && SG(pl)) { f->types_not |= (uint8_t)t; p->i++; return 1; }
        if (c) { f->colors_not |= (uint8_t)c; p->i++; return 1; }
        if (!strcmp(w + 3, "token")) { f->state |= FS_NONTOKEN; p->i++; return 1; }
        return 0;
    }
    if (tk(p) && !strncmp(tk(p)->w, "non-", 4) && isupper((unsigned char)tk(p)->o[4]) && !f->subtype_not) {
        const char *o = tk(p)->o + 4;
        int id = subtype_intern(p->st, o, strlen(o));
        if (!id) return 0;
        f->subtype_not = (uint8_t)id;
        p->i++;
        return 1;
    }
    uint8_t cb;
    if (colors(p, &cb)) {
        if (f->colors) return 0;
        f->colors = cb;
        return 1;
    }
    if (lit(p, "attacking or blocking")) { f->state |= FS_ATTACKING | FS_BLOCKING; return 1; }
    if (lit(p, "tapped")) { f->state |= FS_TAPPED; return 1; }
    if (lit(p, "untapped")) { f->state |= FS_UNTAPPED; return 1; }
    if (lit(p, "attacking")) { f->state |= FS_ATTACKING; return 1; }
    if (lit(p, "blocking")) { f->state |= FS_BLOCKING; return 1; }
    if (lit(p, "basic")) { f->supers |= SUPER_BASIC; return 1; }
    if (lit(p, "other")) { f->other = 1; return 1; }
    return 0;
}

enum { N_PERMANENT, N_CARD, N_SPELL };  /* the head noun's kind */

/* The head noun: a type list ("artifact, enchantment, or land"), then
 * maybe "card", "spell", "permanent"; or those alone; or subtypes. */
static int noun(P *p, Filter *f, int *plural, int *kind)
{
    int pl = 0, t;
    *kind = N_PERMANENT;
    seen(p, p->i);
    if ((t = type_word(cur(p), &pl)) != 0) {
        p->i++;
        f->types = (uint8_t)t;
        *plural = pl;
        /* "artifact creature": both types at once; the last word is the noun */
        int head, pl2;
        if (SG(pl) && (head = type_word(cur(p), &pl2)) != 0 && head != t) {
            p->i++;
            f->types_all = (uint8_t)(t | head);
            f->types = (uint8_t)head;
            *plural = pl2;
        }
        /* "A, B, or C" / "A or B" / "A and B spells" */
        for (;;) {
            int save = p->i;
            if (lit(p, ",")) {
                int t2 = type_word(cur(p), &pl);
                if (t2) { p->i++; f->types |= (uint8_t)t2; continue; }
                if (lit(p, "or|and/or")) {
                    t2 = type_word(cur(p), &pl);
                    if (t2) { p->i++; f->types |= (uint8_t)t2; *plural = pl; break; }
                }
                p->i = save;
                break;
            }
            if (lit(p, "or|and/or")) {
                int t2 = type_word(cur(p), &pl);
                if (t2) { p->i++; f->types |= (uint8_t)t2; *plural = pl; continue; }
                p->i = save;
                break;
            }
            if (lit(p, "and")) {
                int t2 = type_word(cur(p), &pl);
                if (t2 && p->i + 1 < p->end && alt_match(p->lx->t[p->i + 1].w, "spells|cards|permanents", 23)) {
                    p->i++;
                    f->types |= (uint8_t)t2;
                    continue;
                }
                p->i = save;
                break;
            }
            break;
        }
        if (lit(p, "card")) { *kind = N_CARD; *plural = 0; }
        else if (lit(p, "cards")) { *kind = N_CARD; *plural = 1; }
        else if (lit(p, "spell")) { *kind = N_SPELL; *plural = 0; }
        else if (lit(p, "spells")) { *kind = N_SPELL; *plural = 1; }
        else if (lit(p, "permanent")) { *plural = 0; }
        else if (lit(p, "permanents")) { *plural = 1; }
        return 1;
    }
    if (lit(p, "permanent card|cards")) {
        /* a card of a permanent type (110.4) */
        f->types = TYPE_ARTIFACT | TYPE_CREATURE | TYPE_ENCHANTMENT | TYPE_LAND | TYPE_PLANESWALKER;
        *kind = N_CARD;
        *plural = p->lx->t[p->i - 1].w[4] == 's';
        return 1;
    }
    if (lit(p, "permanent")) { *plural = 0; return 1; }
    if (lit(p, "permanents")) { *plural = 1; return 1; }
    if (lit(p, "card")) { *kind = N_CARD; *plural = 0; return 1; }
    if (lit(p, "cards")) { *kind = N_CARD; *plural = 1; return 1; }
    if (lit(p, "spell")) { *kind = N_SPELL; *plural = 0; return 1; }
    if (lit(p, "spells")) { *kind = N_SPELL; *plural = 1; return 1; }
    int id = subtype_word(p, &pl);
    if (!id) return 0;
    add_subtype(f, id);
    *plural = pl;
    /* "Skeleton, Vampire, or Zombie", "Walls and/or creatures ..." is not read */
    for (;;) {
        int save = p->i, pl2;
        if (lit(p, ",")) {
            int id2 = subtype_word(p, &pl2);
            if (id2) { if (!add_subtype(f, id2)) return 0; continue; }
            if (lit(p, "or")) {
                id2 = subtype_word(p, &pl2);
                if (id2 && add_subtype(f, id2)) { *plural = pl2; break; }
            }
            p->i = save;
            break;
        }
        if (lit(p, "or")) {
            int id2 = subtype_word(p, &pl2);
            if (id2 && add_subtype(f, id2)) { *plural = pl2; continue; }
            p->i = save;
        }
        break;
    }
    /* "target Zombie card": a card with the subtype (205.3) */
    if (lit(p, "card")) { *kind = N_CARD; *plural = 0; }
    else if (lit(p, "cards")) { *kind = N_CARD; *plural = 1; }
    return 1;
}

/* Qualifiers after the noun. */
static int qualifier(P *p, Filter *f, int kind)
{
    uint16_t bit;
    int v;
    int save = p->i;
    if (p->chose_type && !f->subtype[0] && lit(p, "of the chosen type")) { f->subtype[0] = SUBTYPE_CHOSEN; return 1; }
    if (lit(p, "with power")) {
        if (number(p, &v, 0) && lit(p, "or less")) { f->power_max = (int8_t)v; return 1; }
        if (number(p, &v, 0) && lit(p, "or greater")) { f->power_min = (int8_t)v; return 1; }
        p->i = save;
        if (lit(p, "with power") && number(p, &v, 0) && lit(p, "or greater")) { f->power_min = (int8_t)v; return 1; }
        p->i = save;
        return 0;
    }
    if (!f->other && lit(p, "other than ~")) { f->other = 1; return 1; }
    if (!(f->state & FS_NAMED) && lit(p, "named ~")) { f->state |= FS_NAMED; return 1; }  /* 201.2 */
    /* "target creature blocking ~", "for each creature blocking it" (it: the source) */
    if (!(f->state & FS_BLOCKING_SOURCE) && kind == N_PERMANENT &&
        (lit(p, "blocking ~") || (p->it.kind == R_OBJ && p->it.who == SEL_SELF && lit(p, "blocking it")))) {
        f->state |= FS_BLOCKING_SOURCE;
        return 1;
    }
    if (lit(p, "with mana value")) {
        if (number(p, &v, 0) && lit(p, "or less")) { f->mv_max = (int8_t)v; return 1; }
        if (p->a->cost.x && lit(p, "x or less")) { f->mv_max = FILTER_MV_X; return 1; }   /* Citanul Flute */
        p->i = save;
        return 0;
    }
    if (lit(p, "with")) {
        if (kw_word(p, &bit)) { f->kw |= bit; return 1; }
        p->i = save;
        return 0;
    }
    if (lit(p, "without")) {
        if (kw_word(p, &bit)) { f->kw_not |= bit; return 1; }
        p->i = save;
        return 0;
    }
    if (f->ctl == CTL_ANY && f->zone == ZONE_BATTLEFIELD && kind != N_CARD) {
        if (lit(p, "you control")) { f->ctl = CTL_YOU; return 1; }
        if (lit(p, "you don't control")) { f->ctl = CTL_NOT_YOU; return 1; }
        if (lit(p, "an opponent controls") || lit(p, "your opponents control")) { f->ctl = CTL_OPP; return 1; }
        /* "target ... that player controls" of a trigger on combat damage to a player or
         * damage to an opponent: with two players, that player is an opponent */
        if (p->ctx == C_ABILITY && p->a->kind == AB_TRIGGERED && p->that_player.who == SEL_EVENT_PLAYER &&
            (p->a->trigger == TR_COMBAT_DAMAGE_PLAYER || p->a->trigger == TR_DAMAGE_OPPONENT) &&
            lit(p, "that player controls")) {
            f->ctl = CTL_OPP;
            return 1;
        }
        if (p->ctx == C_ABILITY && p->a->kind == AB_ACTIVATED && lit(p, "defending player controls")) {
            f->ctl = CTL_OPP;
            p->defending = 1;
            return 1;
        }
    }
    if (kind == N_SPELL && !f->colors && lit(p, "that's")) {
        /* "a spell that's white, blue, black, or red": at least one of them */
        if (color_series(p, &f->colors)) return 1;
        p->i = save;
        return 0;
    }
    if (kind == N_CARD && f->zone == ZONE_BATTLEFIELD) {
        if (lit(p, "from|in your graveyard")) { f->zone = ZONE_GRAVEYARD; f->ctl = CTL_YOU; return 1; }
        if (lit(p, "from a graveyard")) { f->zone = ZONE_GRAVEYARD; return 1; }
        /* every graveyard's cards, whoever owns them */
        if (lit(p, "in|from all graveyards")) { f->zone = ZONE_GRAVEYARD; return 1; }
        if (lit(p, "from|in your hand")) { f->zone = ZONE_HAND; f->ctl = CTL_YOU; return 1; }
    }
    return 0;
}

/* A noun phrase's filter: modifiers, noun, qualifiers. *kind says what the
 * noun was (a card's zone is the caller's to set when no qualifier says). */
static int filter(P *p, Filter *f, int *plural, int *kind)
{
    int save = p->i;
    *f = fany();
    for (;;) {
        if (modifier(p, f)) {
            /* "nonartifact, nonblack creature" */
            int s2 = p->i;
            if (lit(p, ",")) {
                Filter g = *f;
                if (modifier(p, &g)) { p->i = s2 + 1; continue; }
                p->i = s2;
            }
            continue;
        }
        break;
    }
    /* a subtype before a type noun: "Elf creatures", "Vampire creature spell" */
    {
        int s2 = p->i, pl = 0, id = subtype_word(p, &pl);
        if (!id) id = first_subtype(p);
        if (id && SG(pl) && type_word(cur(p), &pl)) add_subtype(f, id);
        else p->i = s2;
    }
    if (!noun(p, f, plural, kind)) { p->i = save; return 0; }
    if (*kind == N_SPELL) f->zone = ZONE_STACK;
    while (qualifier(p, f, *kind)) {}
    return 1;
}

/* ------------------------------------------------------------ keywords */

/* "protection from black", "from Demons": the quality into f. */
static int protection_quality(P *p, Filter *f)
{
    uint8_t cb;
    int pl;
    *f = fany();
    if (colors(p, &cb)) { f->colors = cb; return 1; }
    if (p->chose_color && lit(p, "the chosen color")) { f->colors = CB_CHOSEN; return 1; }   /* Voice of All */
    int t = type_word(cur(p), &pl);
    if (t && pl == 1) { p->i++; f->types = (uint8_t)t; return 1; }  /* "from creatures" */
    int id = subtype_word(p, &pl);
    if (id && PL(pl)) { add_subtype(f, id); return 1; }
    return 0;
}

typedef struct KwList {
    uint16_t kw;                     /* engine keywords */
    int      n;                      /* rules abilities rule[0 .. n-1] */
    uint8_t  rule[EFFECT_MAX];
    Filter   sel[EFFECT_MAX];        /* their parameters */
} KwList;

/* One keyword of a list: engine keyword, rules keyword, landwalk, or
 * "protection from X [and from Y]". */
static int kw_item(P *p, KwList *k)
{
    uint16_t bit;
    if (kw_word(p, &bit)) { k->kw |= bit; return 1; }
    for (size_t j = 0; j < sizeof rule_kw_words / sizeof *rule_kw_words; j++)
        if (lit(p, rule_kw_words[j].name)) {
            if (k->n >= EFFECT_MAX) return 0;
            k->sel[k->n] = fany();
            k->rule[k->n++] = rule_kw_words[j].rule;
            return 1;
        }
    for (size_t j = 0; j < 5; j++)
        if (lit(p, walk_words[j][0])) {
            if (k->n >= EFFECT_MAX) return 0;
            Filter f = fany();
            f.subtype[0] = (uint8_t)subtype_intern(p->st, walk_words[j][1], strlen(walk_words[j][1]));
            k->sel[k->n] = f;
            k->rule[k->n++] = RULE_LANDWALK;
            return 1;
        }
    int save = p->i;
    if (lit(p, "protection from")) {
        do {
            Filter f;
            if (k->n >= EFFECT_MAX || !protection_quality(p, &f)) { p->i = save; return 0; }
            k->sel[k->n] = f;
            k->rule[k->n++] = RULE_PROTECTION;
        } while (lit(p, "and from"));
        return 1;
    }
    return 0;
}

/* "flying", "flying and first strike", "first strike, vigilance, trample, and haste". */
static int kw_list(P *p, KwList *k)
{
    memset(k, 0, sizeof *k);
    if (!kw_item(p, k)) return 0;
    for (;;) {
        int save = p->i;
        if (lit(p, ", and") || lit(p, "and")) {
            if (kw_item(p, k)) break;
            p->i = save;
            break;
        }
        if (lit(p, ",")) {
            if (kw_item(p, k)) continue;
            p->i = save;
        }
        break;
    }
    return 1;
}

/* ---------------------------------------------------------------- refs */

enum { A_PLAYER = 1, A_OBJ = 2, A_ANY = 4, A_BARE = 8, A_SPELL = 16 };

static void set_it(P *p, const Ref *r)
{
    if (r->kind == R_OBJ && !r->plural) { p->it = *r; p->that_obj = *r; }
    if (r->kind == R_PLAYER && r->who == SEL_TARGET) p->that_player = *r;
}

/* A targeted noun phrase after its count: "target creature", "up to two
 * target creatures", "another target permanent". */
static int target_phrase(P *p, Ref *r, int allow)
{
    int min = 1, max = 1, v, other = 0, save = p->i;
    if (lit(p, "up to")) {
        if (!number(p, &v, 0)) { p->i = save; return 0; }
        min = 0;
        max = v;
    } else if (lit(p, "any number of")) {
        min = 0;
        max = TARGET_ANY_NUMBER;
    } else if (lit(p, "one , two , or three")) {
        min = 1;
        max = 3;
    } else if (lit(p, "another")) {
        other = 1;
    } else if (number(p, &v, 0) && v >= 2) {
        min = max = v;
    } else {
        p->i = save;
    }
    if (!lit(p, "target")) { p->i = save; return 0; }
    memset(r, 0, sizeof *r);
    if (max == 1 && (allow & A_PLAYER) && lit(p, "player or planeswalker")) {
        int k = newtarget(p, TGT_PLAYER_OR_PW, NULL, 1, 1);
        if (k < 0) { p->i = save; return 0; }
        r->kind = R_PLAYER;  /* a player or a planeswalker: damage only */
        r->who = SEL_TARGET;
        r->arg = (uint8_t)k;
        return 1;
    }
    if ((allow & A_PLAYER) && (lit(p, "player") || lit(p, "players"))) {
        int k = newtarget(p, TGT_PLAYER, NULL, min, max);
        if (k < 0 || other) { p->i = save; return 0; }
        r->kind = R_PLAYER;
        r->who = SEL_TARGET;
        r->arg = (uint8_t)k;
        r->plural = max > 1;
        return 1;
    }
    if ((allow & A_PLAYER) && max == 1 && lit(p, "opponent")) {
        Filter f = fany();
        f.ctl = CTL_OPP;
        int k = newtarget(p, TGT_PLAYER, &f, 1, 1);
        if (k < 0 || other) { p->i = save; return 0; }
        r->kind = R_PLAYER;
        r->who = SEL_TARGET;
        r->arg = (uint8_t)k;
        return 1;
    }
    if (!(allow & (A_OBJ | A_SPELL))) { p->i = save; return 0; }
    Filter f;
    int pl, kind;
    if (!filter(p, &f, &pl, &kind)) { p->i = save; return 0; }
    if (!NUM(pl, max > 1)) { p->i = save; return 0; }
    if (kind == N_SPELL ? !(allow & A_SPELL) : !(allow & A_OBJ)) { p->i = save; return 0; }
    if (kind == N_CARD && f.zone == ZONE_BATTLEFIELD) { p->i = save; return 0; }
    if (other) f.other = 1;
    int k = newtarget(p, TGT_OBJECT, &f, min, max);
    if (k < 0) { p->i = save; return 0; }
    p->a->target[k].distinct = (uint8_t)other;
    r->kind = R_OBJ;
    r->who = SEL_TARGET;
    r->arg = (uint8_t)k;
    r->plural = max > 1;
    return 1;
}

/* A noun phrase naming objects or players, as allowed. */
static int ref(P *p, Ref *r, int allow)
{
    int save = p->i;
    memset(r, 0, sizeof *r);
    r->f = fany();
    if ((allow & A_OBJ) && (lit(p, "~") || (p->this_self && lit(p, "this creature")))) {
        r->kind = R_OBJ;
        r->who = SEL_SELF;
        r->source = 1;
        return 1;
    }
    if ((allow & A_SPELL) && lit(p, "this spell")) {
        r->kind = R_OBJ;
        r->who = SEL_SELF;
        r->source = 1;
        return 1;
    }
    if ((allow & A_OBJ) && p->it.kind == R_OBJ && lit(p, "it")) { *r = p->it; return 1; }
    if ((allow & A_OBJ) && p->that_obj.kind == R_OBJ && lit(p, "that creature|permanent|land")) {
        *r = p->that_obj;
        return 1;
    }
    if ((allow & A_OBJ) && p->a->n_effects > 0 && peek(p, "they")) {
        /* "They can't be regenerated.": what the previous effect acted on, if several */
        const Effect *e = &p->a->effect[p->a->n_effects - 1];
        int several = e->who == SEL_ALL || e->who == SEL_PREVIOUS ||
                      (e->who == SEL_TARGET && e->arg < p->a->n_targets && p->a->target[e->arg].max > 1);
        if (!several) return 0;
        lit(p, "they");
        r->kind = R_OBJ;
        r->who = e->who;
        r->arg = e->arg;
        r->f = e->sel;
        r->plural = 1;
        return 1;
    }
    if ((allow & A_OBJ) && lit(p, "those creatures|permanents")) {
        r->kind = R_OBJ;
        r->who = SEL_PREVIOUS;
        r->plural = 1;
        return 1;
    }
    if ((allow & A_PLAYER) && p->that_player.kind == R_PLAYER && lit(p, "that player")) {
        *r = p->that_player;
        return 1;
    }
    if ((allow & A_OBJ) && lit(p, "enchanted|equipped creature|permanent|land")) {
        r->kind = R_OBJ;
        r->who = SEL_ATTACHED;
        return 1;
    }
    if ((allow & A_ANY) && lit(p, "any target")) {
        int k = newtarget(p, TGT_ANY, NULL, 1, 1);
        if (k < 0) { p->i = save; return 0; }
        r->kind = R_OBJ;
        r->who = SEL_TARGET;
        r->arg = (uint8_t)k;
        return 1;
    }
    if (allow & A_PLAYER) {
        if (lit(p, "you")) { r->kind = R_PLAYER; r->who = SEL_YOU; return 1; }
        if (lit(p, "each player")) { r->kind = R_PLAYER; r->who = SEL_EACH_PLAYER; r->plural = 1; return 1; }
        if (lit(p, "each opponent")) { r->kind = R_PLAYER; r->who = SEL_OPPONENTS; r->plural = 1; return 1; }
        if (lit(p, "your opponents")) { r->kind = R_PLAYER; r->who = SEL_OPPONENTS; r->plural = 1; return 1; }
        if (p->a->kind == AB_TRIGGERED && p->a->trigger == TR_DEALT_DAMAGE && lit(p, "that source's controller")) {
            *r = p->that_player;
            return 1;
        }
        if (lit(p, "each other player")) { r->kind = R_PLAYER; r->who = SEL_OTHER_PLAYERS; r->plural = 1; return 1; }
        if (lit(p, "players")) { r->kind = R_PLAYER; r->who = SEL_EACH_PLAYER; r->plural = 1; return 1; }
        if (p->it.kind == R_OBJ && p->it.who == SEL_ATTACHED && lit(p, "its controller")) {
            r->kind = R_PLAYER;
            r->who = SEL_ATTACHED_CONTROLLER;
            return 1;
        }
        if (p->it.kind == R_OBJ && p->it.who == SEL_TARGET && lit(p, "its controller")) {
            r->kind = R_PLAYER;
            r->who = SEL_TARGET_CONTROLLER;
            r->arg = p->it.arg;
            return 1;
        }
        /* "that creature's controller": the target's, as it last existed if it left (608.2h) */
        if (p->that_obj.kind == R_OBJ && p->that_obj.who == SEL_TARGET &&
            lit(p, "that creature's|land's|permanent's controller")) {
            r->kind = R_PLAYER;
            r->who = SEL_TARGET_CONTROLLER;
            r->arg = p->that_obj.arg;
            return 1;
        }
    }
    /* "2 damage to another target, and 3 damage to a third target" (Cone of Flame) */
    if ((allow & A_ANY) && ((p->a->n_targets >= 1 && lit(p, "another target")) ||
                            (p->a->n_targets == 2 && lit(p, "a third target")))) {
        int k;
        if (!(at_end(p) || peek(p, ".") || peek(p, ",") || peek(p, "and")) ||
            (k = newtarget(p, TGT_ANY, NULL, 1, 1)) < 0) {
            p->i = save;
            return 0;
        }
        p->a->target[k].distinct = 1;
        r->kind = R_OBJ;
        r->who = SEL_TARGET;
        r->arg = (uint8_t)k;
        return 1;
    }
    if (target_phrase(p, r, allow)) { set_it(p, r); return 1; }
    if (allow & A_OBJ) {
        Filter f;
        int pl, kind;
        if (lit(p, "each")) {
            if (filter(p, &f, &pl, &kind) && SG(pl) && kind == N_PERMANENT) {
                r->kind = R_OBJ; r->who = SEL_ALL; r->f = f; r->plural = 1; r->each = 1;
                return 1;
            }
            p->i = save;
        } else if (lit(p, "all")) {
            int s2;
            if (filter(p, &f, &pl, &kind) && PL(pl) && kind == N_PERMANENT && f.ctl == CTL_ANY &&
                (s2 = p->i, lit(p, "target player controls|owns"))) {
                int k = newtarget(p, TGT_PLAYER, NULL, 1, 1);
                if (k < 0) { p->i = save; return 0; }
                int owns = !strcmp(p->lx->t[p->i - 1].w, "owns");
                r->kind = R_OBJ; r->who = owns ? SEL_TARGET_PLAYER_OWNS : SEL_TARGET_PLAYER_ALL;
                r->arg = (uint8_t)k; r->f = f; r->plural = 1;
                /* "that player": the target player */
                memset(&p->that_player, 0, sizeof p->that_player);
                p->that_player.kind = R_PLAYER;
                p->that_player.who = SEL_TARGET;
                p->that_player.arg = (uint8_t)k;
                (void)s2;
                return 1;
            }
            p->i = save + 1;
            if (filter(p, &f, &pl, &kind) && PL(pl) &&
                (kind == N_PERMANENT || (kind == N_CARD && f.zone == ZONE_GRAVEYARD))) {
                r->kind = R_OBJ; r->who = SEL_ALL; r->f = f; r->plural = 1;
                return 1;
            }
            p->i = save;
        } else if ((allow & A_BARE) && filter(p, &f, &pl, &kind)) {
            if (PL(pl) && (kind == N_PERMANENT || (kind == N_SPELL && (allow & A_SPELL)))) {
                r->kind = R_OBJ; r->who = SEL_ALL; r->f = f; r->plural = 1;
                return 1;
            }
            p->i = save;
        }
    }
    p->i = save;
    return 0;
}

/* The zone of the objects a ref names. */
static int ref_zone(const P *p, const Ref *r)
{
    if (r->who == SEL_TARGET && r->arg < p->a->n_targets) return p->a->target[r->arg].f.zone;
    if (r->who == SEL_ALL || r->who == SEL_TARGET_PLAYER_ALL || r->who == SEL_TARGET_PLAYER_OWNS) return r->f.zone;
    return ZONE_BATTLEFIELD;
}

static void put_sel(Effect *e, const Ref *r)
{
    e->who = r->who;
    e->arg = r->arg;
    if (r->who == SEL_ALL || r->who == SEL_TARGET_PLAYER_ALL || r->who == SEL_TARGET_PLAYER_OWNS) e->sel = r->f;
}

/* ------------------------------------------------------------ amounts */

/* "the number of <filter>": a count. */
static int count_def(P *p, Filter *f)
{
    int pl, kind, save = p->i;
    if (!lit(p, "the number of")) return 0;
    if (!filter(p, f, &pl, &kind) || !PL(pl)) { p->i = save; return 0; }
    if (kind == N_SPELL) { p->i = save; return 0; }
    if (kind == N_CARD && f->zone == ZONE_BATTLEFIELD) { p->i = save; return 0; }
    return 1;
}

/* "for each <filter>" (a singular noun): a count. */
static int for_each(P *p, Filter *f)
{
    int pl, kind, save = p->i;
    if (!lit(p, "for each")) return 0;
    if (!filter(p, f, &pl, &kind) || !SG(pl)) { p->i = save; return 0; }
    if (kind == N_SPELL) { p->i = save; return 0; }
    if (kind == N_CARD && f->zone == ZONE_BATTLEFIELD) { p->i = save; return 0; }
    /* "each enchantment on the battlefield": any controller; "each other creature
     * on the battlefield named ~" */
    if (lit(p, "on the battlefield") && !(f->state & FS_NAMED) && lit(p, "named ~")) f->state |= FS_NAMED;
    return 1;
}

/* ------------------------------------------------------------- verbs */

/* An effect of a clause: its duration is set when the clause ends. */
static Effect *clause_eff(P *p, int op, const Ref *r)
{
    Effect *e = neweff(p, op);
    if (!e) return NULL;
    if (r) put_sel(e, r);
    e->dur = DUR_UNSET;
    return e;
}

/* Further amounts to further recipients of one "deals": "and 3 damage to
 * you", "1 damage to any target, 2 damage to another target, and 3 damage
 * to a third target". Always 1: what is not another amount is left unread. */
static int more_damage(P *p)
{
    for (;;) {
        Snap sn;
        snap(p, &sn);
        Qty q;
        Ref r;
        if (!(lit(p, ", and") || lit(p, "and") || lit(p, ",")) || !qty(p, &q, 0) || !lit(p, "damage to") ||
            !ref(p, &r, A_PLAYER | A_OBJ | A_ANY) || r.who == SEL_SELF) {
            restore(p, &sn);
            return 1;
        }
        Effect *e = clause_eff(p, OP_DAMAGE, &r);
        if (!e) return 0;
        e->n = q;
        e->dur = DUR_NOW;
    }
}

/* "deals N damage to A and B", "deals N damage to A and M damage to you",
 * "deals N damage divided as you choose among ...", "deals damage to A
 * equal to the number of ...". */
static int vp_damage(P *p, const Ref *subj)
{
    Qty q;
    Ref r;
    int save = p->i;
    /* Warstorm Surge: "it deals damage equal to its power to any target", the
     * creature that entered (the triggering event's object) the source */
    if (subj->kind == R_OBJ && subj->who == SEL_EVENT_OBJECT && !subj->plural && p->a->kind == AB_TRIGGERED &&
        lit(p, "deals damage equal to its power to")) {
        if (!ref(p, &r, A_OBJ | A_PLAYER | A_ANY) || r.plural || r.who == SEL_EVENT_OBJECT) { p->i = save; return 0; }
        Effect *e = clause_eff(p, OP_DAMAGE, &r);
        if (!e) return 0;
        e->n.kind = QTY_EVENT_POWER;
        e->n.n = 1;
        e->arg2 = DMG_BY_EVENT;
        e->dur = DUR_NOW;
        return 1;
    }
    if (!subj->source || !lit(p, "deal|deals")) return 0;
    if (lit(p, "damage to")) {
        Filter f;
        if (!ref(p, &r, A_OBJ | A_PLAYER | A_ANY) || r.plural || !lit(p, "equal to")) {
            p->i = save;
            return 0;
        }
        /* "to target player equal to the number of cards in that player's hand": the
         * hand of the player dealt the damage, which QTY_HAND_SIZE counts */
        int hand = r.kind == R_PLAYER && r.who == SEL_TARGET &&
                   lit(p, "the number of cards in that player's hand");
        if (!hand && !count_def(p, &f)) { p->i = save; return 0; }
        Effect *e = clause_eff(p, OP_DAMAGE, &r);
        if (!e) return 0;
        e->dur = DUR_NOW;
        e->n.kind = hand ? QTY_HAND_SIZE : QTY_COUNT;
        if (!hand) e->count = f;
        return 1;
    }
    /* "deals damage equal to the sacrificed creature's power to any target"
     * (Fling): the creature sacrificed as the spell's additional cost */
    if (p->ctx == C_SPELL && p->a->cost.sac_n == 1 && p->a->cost.sac.types == TYPE_CREATURE &&
        lit(p, "damage equal to the sacrificed creature's power to")) {
        if (!ref(p, &r, A_OBJ | A_PLAYER | A_ANY) || r.plural || r.who == SEL_SELF) { p->i = save; return 0; }
        Effect *e = clause_eff(p, OP_DAMAGE, &r);
        if (!e) return 0;
        e->n.kind = QTY_SACRIFICED_POWER;
        e->n.n = 1;
        e->dur = DUR_NOW;
        return 1;
    }
    if (!qty(p, &q, 0) || !lit(p, "damage")) { p->i = save; return 0; }
    int evenly = 0;
    if (lit(p, "divided as you choose among") || (evenly = lit(p, "divided evenly , rounded down , among"))) {
        int min = 1, max = 1;
        if (lit(p, "any number of")) { min = 0; max = TARGET_ANY_NUMBER; }
        else if (lit(p, "one , two , or three")) { min = 1; max = 3; }
        else { p->i = save; return 0; }
        int k;
        if (lit(p, "targets")) {
            k = newtarget(p, TGT_ANY, NULL, min, max);
        } else {
            Filter f;
            int pl, kind;
            if (!lit(p, "target") || !filter(p, &f, &pl, &kind) || !PL(pl) || kind != N_PERMANENT) {
                p->i = save;
                return 0;
            }
            k = newtarget(p, TGT_OBJECT, &f, min, max);
        }
        if (k < 0) { p->i = save; return 0; }
        p->a->target[k].divided = evenly ? DIV_EVENLY : DIV_CHOSEN;
        Effect *e = clause_eff(p, OP_DAMAGE, NULL);
        if (!e) return 0;
        e->who = SEL_TARGET;
        e->arg = (uint8_t)k;
        e->n = q;
        e->dur = DUR_NOW;
        return 1;
    }
    if (!lit(p, "to")) { p->i = save; return 0; }
    /* Goblin Bangchuckers: "deals 2 damage to itself" (its source) */
    if (p->ctx == C_ABILITY && subj->who == SEL_SELF && lit(p, "itself")) {
        Effect *e = clause_eff(p, OP_DAMAGE, subj);
        if (!e) return 0;
        e->n = q;
        e->dur = DUR_NOW;
        return 1;
    }
    for (;;) {
        if (!ref(p, &r, A_OBJ | A_PLAYER | A_ANY)) { p->i = save; return 0; }
        if (r.who == SEL_SELF) { p->i = save; return 0; }  /* "to itself" is not "to ~" */
        Effect *e = clause_eff(p, OP_DAMAGE, &r);
        if (!e) return 0;
        e->n = q;
        e->dur = DUR_NOW;
        int s2 = p->i;
        /* Chandra Nalaar: "to target player or planeswalker and each creature that player or
         * that planeswalker's controller controls" */
        if (r.who == SEL_TARGET && p->a->target[r.arg].what == TGT_PLAYER_OR_PW &&
            lit(p, "and each creature that player or that planeswalker's controller controls")) {
            Effect *e2 = clause_eff(p, OP_DAMAGE, NULL);
            if (!e2) return 0;
            e2->who = SEL_TARGET_PLAYER_ALL;
            e2->arg = r.arg;
            e2->sel = fany();
            e2->sel.types = TYPE_CREATURE;
            e2->n = q;
            e2->dur = DUR_NOW;
            return 1;
        }
        if (lit(p, "and")) {
            Snap sn;
            snap(p, &sn);
            Ref r2;
            /* "and each player": another recipient, unless a verb follows it */
            if (ref(p, &r2, A_OBJ | A_PLAYER | A_ANY) &&
                (at_end(p) || peek(p, ".") || peek(p, "and") || peek(p, ","))) {
                restore(p, &sn);
                continue;
            }
            restore(p, &sn);
            p->i = s2;
        }
        return more_damage(p);
    }
}

/* Rules abilities of a verb phrase ("can't block", "attacks each combat if able"). */
static int vp_rule(P *p, const Ref *subj)
{
    int save = p->i, rule = 0;
    Filter sel = fany();
    if (subj->kind != R_OBJ) return 0;
    if (lit(p, "can't attack or block alone")) rule = RULE_NOT_ALONE;
    else if (lit(p, "can't attack or block")) rule = RULE_CANT_ATTACK_OR_BLOCK;
    else if (lit(p, "can't attack unless defending player controls a|an")) {
        int pl, kind;
        if (!filter(p, &sel, &pl, &kind) || pl || kind != N_PERMANENT) { p->i = save; return 0; }
        rule = RULE_ATTACK_ONLY_IF;
    }
    else if (lit(p, "can't attack")) rule = RULE_CANT_ATTACK;
    else if (lit(p, "can't block")) rule = RULE_CANT_BLOCK;
    else if (p->i > 0 && !strcmp(p->lx->t[p->i - 1].w, "and") && lit(p, "its activated abilities can't be activated"))
        rule = RULE_NO_ACTIVATE;  /* "can't attack or block, and its activated abilities ..." */
    else if (lit(p, "can't be blocked by more than one creature")) rule = RULE_MAX_ONE_BLOCKER;
    else if (lit(p, "can't be the target of")) {
        int pl, kind;
        if (!filter(p, &sel, &pl, &kind) || !PL(pl) || kind != N_SPELL) { p->i = save; return 0; }
        /* Gaea's Revenge: "nongreen spells or abilities from nongreen sources" */
        if (lit(p, "or abilities from")) {
            Filter g = fany();
            if (!modifier(p, &g) || !lit(p, "sources") || g.colors != sel.colors || g.colors_not != sel.colors_not ||
                (!g.colors && !g.colors_not) || sel.types || sel.types_not) {
                p->i = save;
                return 0;
            }
            sel.other = 1;
        }
        rule = RULE_UNTARGETABLE_BY;
    }
    else if (p->ctx == C_STATIC && lit(p, "can block an additional creature each combat")) rule = RULE_BLOCK_EXTRA;
    else if (lit(p, "can't be blocked except by")) {
        int pl, kind;
        if (!filter(p, &sel, &pl, &kind) || !PL(pl) || kind != N_PERMANENT) { p->i = save; return 0; }
        rule = RULE_UNBLOCKABLE_EXCEPT;
    }
    else if (lit(p, "can't be blocked by")) {
        int pl, kind;
        if (!filter(p, &sel, &pl, &kind) || !PL(pl) || kind != N_PERMANENT) { p->i = save; return 0; }
        rule = RULE_CANT_BE_BLOCKED_BY;
    }
    else if (lit(p, "can't be blocked")) rule = RULE_UNBLOCKABLE;
    else if (lit(p, "can block any number of creatures")) rule = RULE_BLOCK_ANY_NUMBER;
    else if (lit(p, "can block only creatures with flying")) rule = RULE_BLOCK_ONLY_FLYING;
    else if (p->ctx == C_STATIC && lit(p, "attacks each combat if able")) rule = RULE_MUST_ATTACK;
    else if (p->ctx != C_STATIC && lit(p, "attacks you this turn if able")) {
        Effect *e = clause_eff(p, OP_RULE, subj);
        if (!e) return 0;
        e->arg2 = RULE_MUST_ATTACK_YOU;
        e->dur = DUR_EOT;
        return 1;
    }
    else if (p->ctx != C_STATIC && lit(p, "attacks|attack this turn if able")) {
        Effect *e = clause_eff(p, OP_RULE, subj);
        if (!e) return 0;
        e->arg2 = RULE_MUST_ATTACK;
        e->dur = DUR_EOT;
        return 1;
    }
    else if (lit(p, "can't be countered") &&
             (subj->who == SEL_SELF || (subj->who == SEL_ALL && subj->f.zone == ZONE_STACK && p->ctx == C_STATIC)))
        rule = RULE_UNCOUNTERABLE;  /* "Creature spells can't be countered.": every such spell */
    else return 0;
    Effect *e = clause_eff(p, OP_RULE, subj);
    if (!e) return 0;
    e->arg2 = (uint8_t)rule;
    e->param = sel;
    return 1;
}

/* Grants of a keyword list: OP_GRANT for the engine's keywords, OP_RULE for the rest. */
static int grant(P *p, const Ref *subj, const KwList *k)
{
    if (k->kw) {
        Effect *e = clause_eff(p, OP_GRANT, subj);
        if (!e) return 0;
        e->kw = k->kw;
    }
    for (int j = 0; j < k->n; j++) {
        Effect *e = clause_eff(p, OP_RULE, subj);
        if (!e) return 0;
        e->arg2 = k->rule[j];
        e->param = k->sel[j];
    }
    return 1;
}

/* "gets +1/+1 [for each ...]", "gains flying", "has flying", "loses defender". */
static int vp_pt_kw(P *p, const Ref *subj)
{
    int pp, tt, isx, save = p->i;
    KwList k;
    if (subj->kind != R_OBJ) return 0;
    if (lit(p, "get|gets")) {
        if (!pt_mod(p, &pp, &tt, &isx)) { p->i = save; return 0; }
        Effect *e = clause_eff(p, OP_PUMP, subj);
        if (!e) return 0;
        e->p = (int8_t)pp;
        e->t = (int8_t)tt;
        if (isx) e->n.kind = QTY_X;
        Filter f;
        if (!isx && for_each(p, &f)) {
            e->n.kind = QTY_COUNT;
            e->count = f;
            /* Coat of Arms: "for each other creature on the battlefield that shares at
             * least one creature type with it", "other" than the creature it pumps */
            if (p->ctx == C_STATIC && subj->who == SEL_ALL && f.types == TYPE_CREATURE && f.other &&
                lit(p, "that shares at least one creature type with it")) {
                e->n.kind = QTY_COUNT_SHARING;
                e->count.other = 0;
            }
        }
        else if (!isx && p->ctx != C_STATIC) {
            /* "gets +1/+1 until end of turn for each creature blocking it" */
            int s2 = p->i;
            if (lit(p, "until end of turn") && for_each(p, &f)) {
                e->n.kind = QTY_COUNT;
                e->count = f;
                e->dur = DUR_EOT;
            } else {
                p->i = s2;
            }
        }
        return 1;
    }
    /* Stave Off: one color, chosen as it resolves */
    if (p->ctx != C_STATIC && lit(p, "gain|gains protection from the color of your choice")) {
        Effect *e = clause_eff(p, OP_RULE, subj);
        if (!e) return 0;
        e->arg2 = RULE_PROTECTION;
        e->param.colors = CB_W | CB_U | CB_B | CB_R | CB_G;
        e->flags |= EF_CHOOSER;
        return 1;
    }
    /* An Aura's "Enchanted creature has '<cost>: <effect>.'" (613.1f): the line's text_parse
     * reads the quotation as an activated ability of its own, GRANT_ATTACHED */
    if (p->ctx == C_STATIC && subj->kind == R_OBJ && subj->who == SEL_ATTACHED && !p->granting && lit(p, "has \"")) {
        int from = p->i, to = from;
        while (to < p->end && strcmp(p->lx->t[to].w, "\"")) to++;
        if (to >= p->end || to == from) { p->i = save; return 0; }
        p->granting = GRANT_ATTACHED;
        p->quote_from = from;
        p->quote_to = to;
        p->i = to + 1;
        return 1;
    }
    if (p->ctx == C_STATIC ? lit(p, "has|have") : lit(p, "gain|gains")) {
        if (!kw_list(p, &k)) { p->i = save; return 0; }
        return grant(p, subj, &k);
    }
    /* Angelic Destiny: "Enchanted creature ... is an Angel in addition to its other types." (layer 4) */
    if (p->ctx == C_STATIC && subj->who == SEL_ATTACHED && lit(p, "is a|an")) {
        int pl, id = subtype_word(p, &pl);
        if (!id || !SG(pl) || id <= SUBTYPE_BASIC_LAND_LAST || !lit(p, "in addition to its other types")) {
            p->i = save;
            return 0;
        }
        Effect *e = clause_eff(p, OP_ADD_SUBTYPE, subj);
        if (!e) return 0;
        e->param.subtype[0] = (uint8_t)id;
        return 1;
    }
    /* Adaptive Automaton: "~ is the chosen type in addition to its other types." (layer 4) */
    if (p->ctx == C_STATIC && subj->who == SEL_SELF && p->chose_type &&
        lit(p, "is the chosen type in addition to its other types")) {
        Effect *e = clause_eff(p, OP_ADD_SUBTYPE, subj);
        if (!e) return 0;
        e->param.subtype[0] = SUBTYPE_CHOSEN;
        return 1;
    }
    if (p->ctx != C_STATIC && lit(p, "has|have base power and toughness")) {
        /* Diminish: base power and toughness (layer 7b) for the duration said */
        if (!pt_plain(p, &pp, &tt)) { p->i = save; return 0; }
        Effect *e = clause_eff(p, OP_SET_PT, subj);
        if (!e) return 0;
        e->p = (int8_t)pp;
        e->t = (int8_t)tt;
        return 1;
    }
    /* Incite: "becomes red until end of turn" (layer 5) */
    if (p->ctx != C_STATIC && lit(p, "becomes|become")) {
        uint8_t cb;
        if (!colors(p, &cb) || (cb & (cb - 1)) || !lit(p, "until end of turn")) { p->i = save; return 0; }
        Effect *e = clause_eff(p, OP_SET_COLOR, subj);
        if (!e) return 0;
        e->arg2 = cb;
        e->dur = DUR_EOT;
        return 1;
    }
    if (p->ctx != C_STATIC && lit(p, "lose|loses")) {
        if (!kw_list(p, &k) || k.n) { p->i = save; return 0; }
        Effect *e = clause_eff(p, OP_LOSE_KW, subj);
        if (!e) return 0;
        e->kw = k.kw;
        return 1;
    }
    return 0;
}

/* "doesn't untap during its controller's untap step" (static), "don't
 * untap during their controller's next untap step". */
static int vp_untap(P *p, const Ref *subj)
{
    if (subj->kind != R_OBJ) return 0;
    if (p->ctx == C_STATIC && lit(p, "doesn't untap during its controller's untap step")) {
        return clause_eff(p, OP_NO_UNTAP, subj) != NULL;
    }
    /* "~ doesn't untap during your untap step": a static ability's "you" is the
     * source's controller, so this is its controller's untap step */
    if (p->ctx == C_STATIC && subj->who == SEL_SELF && lit(p, "doesn't untap during your untap step")) {
        return clause_eff(p, OP_NO_UNTAP, subj) != NULL;
    }
    if (p->ctx != C_STATIC && (lit(p, "doesn't untap during its controller's next untap step") ||
                               lit(p, "don't untap during their controller's next untap step"))) {
        Effect *e = clause_eff(p, OP_NO_UNTAP, subj);
        if (!e) return 0;
        e->dur = DUR_NEXT_UNTAP;
        return 1;
    }
    /* Arbalest Elite: "~ doesn't untap during your next untap step" (the ability's
     * controller's); Sleep: "Those creatures don't untap during that player's next
     * untap step", the target player who controls them */
    int whose = 0;
    if (p->ctx != C_STATIC && subj->who == SEL_SELF && lit(p, "doesn't untap during your next untap step")) whose = 1;
    else if (p->ctx != C_STATIC && subj->who == SEL_PREVIOUS && p->a->n_effects > 0 &&
             p->a->effect[p->a->n_effects - 1].who == SEL_TARGET_PLAYER_ALL && p->that_player.who == SEL_TARGET &&
             p->a->effect[p->a->n_effects - 1].arg == p->that_player.arg &&
             lit(p, "don't untap during that player's next untap step"))
        whose = 2;
    if (whose) {
        Effect *e = clause_eff(p, OP_NO_UNTAP, subj);
        if (!e) return 0;
        e->dur = DUR_NEXT_UNTAP;
        e->arg2 = (uint8_t)whose;
        return 1;
    }
    return 0;
}

/* "can't be regenerated": the previous destroy of the same objects. */
static int vp_noregen(P *p, const Ref *subj)
{
    Ability *a = p->a;
    if (p->ctx == C_STATIC || a->n_effects == 0) return 0;
    Effect *prev = &a->effect[a->n_effects - 1];
    if (prev->op != OP_DESTROY || prev->who != subj->who || prev->arg != subj->arg) return 0;
    if (!lit(p, "can't be regenerated")) return 0;
    prev->flags |= EF_NO_REGEN;
    return 1;
}

/* Whether a selection names a target spec by Effect.arg. */
static int uses_arg(int who)
{
    return who == SEL_TARGET || who == SEL_TARGET_CONTROLLER || who == SEL_TARGET_OWNER ||
           who == SEL_TARGET_PLAYER_ALL || who == SEL_TARGET_PLAYER_OWNS;
}


/* After "sacrifice(s)": "N <filter>" (a creature, two lands), the player's
 * own choice of theirs: OP_SACRIFICE of subj's players; 0 when the words
 * are not that (the caller restores its place). */
static int sacrifice_some(P *p, const Ref *subj)
{
    int v, pl, kind;
    Filter f;
    if (!number(p, &v, 1) || !filter(p, &f, &pl, &kind) || kind != N_PERMANENT || !NUM(pl, v > 1) || f.ctl != CTL_ANY)
        return 0;
    Effect *e = clause_eff(p, OP_SACRIFICE, subj);
    if (!e) return 0;
    e->n.n = (int8_t)v;
    e->sel = f;
    e->dur = DUR_NOW;
    return 1;
}
/* A player's verbs: draw, discard, gain or lose life, mill, sacrifice,
 * extra turns, scry. */
static int vp_player(P *p, const Ref *subj)
{
    Qty q;
    int v, save = p->i;
    Filter f;
    if (subj->kind != R_PLAYER || p->ctx == C_STATIC) return 0;
    if (p->a->trigger == TR_DRAW_STEP && p->a->kind == AB_TRIGGERED && lit(p, "draws an additional card")) {
        Effect *e = clause_eff(p, OP_DRAW, subj);
        if (!e) return 0;
        e->dur = DUR_NOW;
        return 1;
    }
    if (lit(p, "draw|draws")) {
        if (lit(p, "cards equal to the greatest power among")) {   /* Garruk, Primal Hunter */
            Filter among;
            int pl, kind;
            if (!filter(p, &among, &pl, &kind) || !PL(pl) || kind == N_SPELL || kind == N_CARD || among.zone != ZONE_BATTLEFIELD) {
                p->i = save;
                return 0;
            }
            Effect *e = clause_eff(p, OP_DRAW, subj);
            if (!e) return 0;
            e->n = (Qty){ QTY_GREATEST_POWER, 1 };
            e->count = among;
            e->dur = DUR_NOW;
            return 1;
        }
        /* Jace's Archivist: after "discards their hand" */
        if (p->a->n_effects > 0 && p->a->effect[p->a->n_effects - 1].op == OP_DISCARD &&
            lit(p, "cards equal to the greatest number of cards a player discarded this way")) {
            Effect *e = clause_eff(p, OP_DRAW, subj);
            if (!e) return 0;
            e->n = (Qty){ QTY_MOST_DISCARDED, 1 };
            e->dur = DUR_NOW;
            return 1;
        }
        if (!qty(p, &q, 1)) { p->i = save; return 0; }
        if (!(q.kind == QTY_CONST && q.n == 1 ? lit(p, "card") : lit(p, "cards"))) { p->i = save; return 0; }
        Effect *e = clause_eff(p, OP_DRAW, subj);
        if (!e) return 0;
        e->n = q;
        e->dur = DUR_NOW;
        /* Mind Unbound: "draw a card for each lore counter on ~" */
        if (q.kind == QTY_CONST && q.n == 1 && lit(p, "for each lore counter on ~")) {
            e->n.kind = QTY_SELF_COUNTERS;
            e->arg2 = COUNTER_LORE;
        }
        return 1;
    }
    /* Monomania: "Target player chooses a card in their hand and discards the rest." */
    if (subj->who != SEL_YOU && lit(p, "chooses a card in their hand and discards the rest")) {
        Effect *e = clause_eff(p, OP_DISCARD, subj);
        if (!e) return 0;
        e->n = (Qty){ QTY_HAND_SIZE, 1 };
        e->arg2 = 1;                                         /* the card kept */
        e->sel.zone = ZONE_HAND;
        e->dur = DUR_NOW;
        return 1;
    }
    if (lit(p, "discard|discards")) {
        /* "Each player discards their hand" (you: "your hand") */
        if (subj->who == SEL_YOU ? lit(p, "your hand") : lit(p, "their hand")) {
            Effect *e = clause_eff(p, OP_DISCARD, subj);
            if (!e) return 0;
            e->n = (Qty){ QTY_HAND_SIZE, 1 };
            e->sel.zone = ZONE_HAND;
            e->dur = DUR_NOW;
            return 1;
        }
        if (!qty(p, &q, 1)) { p->i = save; return 0; }
        if (!(q.kind == QTY_CONST && q.n == 1 ? lit(p, "card") : lit(p, "cards"))) { p->i = save; return 0; }
        Effect *e = clause_eff(p, OP_DISCARD, subj);
        if (!e) return 0;
        e->n = q;
        e->dur = DUR_NOW;
        e->sel.zone = ZONE_HAND;
        if (lit(p, "at random")) e->flags |= EF_RANDOM;
        return 1;
    }
    if (subj->who == SEL_TARGET && lit(p, "skips their next combat phase")) {
        Effect *e = clause_eff(p, OP_SKIP_COMBAT, subj);
        if (!e) return 0;
        e->dur = DUR_NOW;
        return 1;
    }
    /* "target opponent gains control of ~": control passes to that player */
    if (subj->who == SEL_TARGET && lit(p, "gains control of")) {
        Ref r;
        if (!ref(p, &r, A_OBJ) || r.who != SEL_SELF) { p->i = save; return 0; }
        Effect *e = clause_eff(p, OP_GIVE_CONTROL, &r);
        if (!e) return 0;
        e->arg2 = subj->arg;
        return 1;  /* DUR_FOREVER unless a duration follows */
    }
    if (lit(p, "gain|gains|lose|loses")) {
        int op = p->lx->t[p->i - 1].w[0] == 'g' ? OP_GAIN_LIFE : OP_LOSE_LIFE;
        Effect *e;
        if (lit(p, "life equal to")) {
            if (count_def(p, &f)) {
                e = clause_eff(p, op, subj);
                if (!e) return 0;
                e->n.kind = QTY_COUNT;
                e->count = f;
            } else if (p->it.kind == R_OBJ && p->it.who == SEL_TARGET && lit(p, "its toughness|power") &&
                       (!uses_arg(subj->who) || subj->arg == p->it.arg)) {
                /* "Its controller gains life equal to its toughness": the target's, as it
                 * last existed if it left (608.2h); Effect.arg names it for both */
                e = clause_eff(p, op, subj);
                if (!e) return 0;
                e->n.kind = p->lx->t[p->i - 1].w[0] == 't' ? QTY_TARGET_TOUGHNESS : QTY_TARGET_POWER;
                e->arg = p->it.arg;
            } else if (p->it.kind == R_OBJ && p->it.who == SEL_EVENT_OBJECT && lit(p, "its toughness")) {
                /* "Whenever a creature enters ..., you gain life equal to its toughness." */
                e = clause_eff(p, op, subj);
                if (!e) return 0;
                e->n.kind = QTY_EVENT_TOUGHNESS;
            } else if (lit(p, "the life lost this way") && p->a->n_effects > 0 &&
                       p->a->effect[p->a->n_effects - 1].op == OP_LOSE_LIFE) {
                e = clause_eff(p, op, subj);
                if (!e) return 0;
                e->n.kind = QTY_LIFE_LOST;
            } else if (p->a->n_effects > 0 && p->a->effect[p->a->n_effects - 1].op == OP_TOP_TO_HAND &&
                       lit(p, "its mana value")) {
                e = clause_eff(p, op, subj);                 /* the card just put into the hand */
                if (!e) return 0;
                e->n.kind = QTY_PREV_MANA_VALUE;
            } else if (p->a->n_effects > 0 && p->a->effect[p->a->n_effects - 1].op == OP_SACRIFICE &&
                       p->a->effect[p->a->n_effects - 1].who == SEL_YOU && p->a->effect[p->a->n_effects - 1].n.n == 1 &&
                       (p->a->effect[p->a->n_effects - 1].sel.types & TYPE_CREATURE) &&
                       lit(p, "the sacrificed creature's power")) {
                /* Xathrid Demon: the creature the previous effect sacrificed, as it last
                 * existed (608.2h); only if one was ("If you can't sacrifice ...") */
                e = clause_eff(p, op, subj);
                if (!e) return 0;
                e->n.kind = QTY_SACRIFICED_POWER;
                e->flags |= EF_IF_DONE;
            } else if (p->a->n_effects > 0 && p->a->effect[p->a->n_effects - 1].op == OP_DAMAGE &&
                       lit(p, "the damage dealt this way")) {
                /* Corrupt: the damage the previous effect dealt, after prevention (119.4a) */
                e = clause_eff(p, op, subj);
                if (!e) return 0;
                e->n.kind = QTY_DAMAGE_DEALT;
            } else { p->i = save; return 0; }
            e->dur = DUR_NOW;
            return 1;
        }
        if (p->a->kind == AB_TRIGGERED &&
            (p->a->trigger == TR_GAIN_LIFE || p->a->trigger == TR_ATTACHED_DEALS_DAMAGE) && lit(p, "that much life")) {
            e = clause_eff(p, op, subj);
            if (!e) return 0;
            e->n.kind = QTY_EVENT;
            e->dur = DUR_NOW;
            return 1;
        }
        if (!qty(p, &q, 0) || !lit(p, "life")) { p->i = save; return 0; }
        e = clause_eff(p, op, subj);
        if (!e) return 0;
        e->n = q;
        e->dur = DUR_NOW;
        if (q.kind == QTY_CONST && for_each(p, &f)) {
            e->n.kind = QTY_COUNT;
            e->count = f;
            /* "Each player loses 1 life for each creature they control": each its own */
            if (subj->plural && f.ctl == CTL_ANY && f.zone == ZONE_BATTLEFIELD && lit(p, "they control")) {
                e->n.kind = QTY_COUNT_PLAYER;
                e->count.ctl = CTL_YOU;
            }
        }
        return 1;
    }
    /* Scalpelexis: "that player exiles the top four cards of their library. If two or more
     * of those cards have the same name, repeat this process." */
    if (subj->who != SEL_YOU && lit(p, "exiles the top")) {
        if (number(p, &v, 0) && v >= 2 && v <= 8 && lit(p, "cards of their library")) {
            Effect *e = clause_eff(p, OP_EXILE_TOP, subj);
            if (!e) return 0;
            e->n.n = (int8_t)v;
            e->dur = DUR_NOW;
            if (lit(p, ". if two or more of those cards have the same name , repeat this process")) e->arg2 = 1;
            return 1;
        }
        p->i = save;
        return 0;
    }
    if (lit(p, "mill|mills")) {
        if (subj->who != SEL_YOU && lit(p, "half their library , rounded down")) {
            Effect *e = clause_eff(p, OP_MILL, subj);
            if (!e) return 0;
            e->n.kind = QTY_HALF_LIBRARY;
            e->dur = DUR_NOW;
            return 1;
        }
        if (p->a->kind == AB_TRIGGERED && p->a->trigger == TR_DEALT_DAMAGE && lit(p, "that many cards")) {
            Effect *e = clause_eff(p, OP_MILL, subj);  /* as many as the damage dealt */
            if (!e) return 0;
            e->n.kind = QTY_EVENT;
            e->dur = DUR_NOW;
            return 1;
        }
        if (!qty(p, &q, 1)) { p->i = save; return 0; }
        if (!(q.kind == QTY_CONST && q.n == 1 ? lit(p, "card") : lit(p, "cards"))) { p->i = save; return 0; }
        Effect *e = clause_eff(p, OP_MILL, subj);
        if (!e) return 0;
        e->n = q;
        e->dur = DUR_NOW;
        return 1;
    }
    /* Sunken Hope: "that player returns a creature they control to its owner's hand";
     * Stampeding Wildebeests: "return a green creature you control to its owner's hand"
     * (that player's choice, as a sacrifice is) */
    if (subj->who == SEL_YOU ? lit(p, "return a|an") : lit(p, "returns a|an")) {
        int pl, kind;
        if (!filter(p, &f, &pl, &kind) || kind != N_PERMANENT || !SG(pl) ||
            f.ctl != (subj->who == SEL_YOU ? CTL_YOU : CTL_ANY) ||
            !lit(p, subj->who == SEL_YOU ? "to its owner's hand" : "they control to its owner's hand")) {
            p->i = save;
            return 0;
        }
        Effect *e = clause_eff(p, OP_BOUNCE, subj);
        if (!e) return 0;
        f.ctl = CTL_ANY;                                     /* that player's own, by the selection */
        e->sel = f;
        e->dur = DUR_NOW;
        return 1;
    }
    if (subj->who != SEL_YOU && lit(p, "sacrifices")) {
        if (sacrifice_some(p, subj)) return 1;
        p->i = save;
        return 0;
    }
    if (lit(p, "take|takes")) {
        if (lit(p, "an extra turn after this one")) v = 1;
        else if (!(number(p, &v, 0) && v > 1 && lit(p, "extra turns after this one"))) { p->i = save; return 0; }
        Effect *e = clause_eff(p, OP_EXTRA_TURN, subj);
        if (!e) return 0;
        e->n.n = (int8_t)v;
        e->dur = DUR_NOW;
        return 1;
    }
    if (subj->who == SEL_YOU && lit(p, "scry")) {
        if (!number(p, &v, 0)) { p->i = save; return 0; }
        Effect *e = clause_eff(p, OP_SCRY, subj);
        if (!e) return 0;
        e->n.n = (int8_t)v;
        e->dur = DUR_NOW;
        return 1;
    }
    {
        int op = lit(p, "reveals the top card of their library") ? OP_REVEAL_TOP :
                 lit(p, "reveals a card at random from their hand") ? OP_REVEAL_RANDOM :
                 lit(p, "shuffles their graveyard into their library") ? OP_SHUFFLE_GRAVEYARD : -1;
        /* Time Reversal: "Each player shuffles their hand and graveyard into their library" */
        int hand = op < 0 && lit(p, "shuffles their hand and graveyard into their library");
        if (hand) op = OP_SHUFFLE_GRAVEYARD;
        if (op >= 0) {
            if (subj->who == SEL_YOU) { p->i = save; return 0; }  /* "you" would say "your" */
            Effect *e = clause_eff(p, op, subj);
            if (!e) return 0;
            e->arg2 = (uint8_t)hand;
            e->dur = DUR_NOW;
            return 1;
        }
    }
    /* "each other player may put a creature card from their hand onto the battlefield" */
    if (subj->who != SEL_YOU && subj->plural && lit(p, "put a|an")) {
        int pl, kind;
        if (!filter(p, &f, &pl, &kind) || kind != N_CARD || !SG(pl) || f.zone != ZONE_BATTLEFIELD ||
            !lit(p, "from their hand onto the battlefield")) {
            p->i = save;
            return 0;
        }
        Effect *e = clause_eff(p, OP_REANIMATE, subj);
        if (!e) return 0;
        f.zone = ZONE_HAND;
        e->sel = f;
        e->dur = DUR_NOW;
        return 1;
    }
    /* "reveals their hand. You choose a <filter> card from it. That player discards that card." */
    if (subj->who == SEL_TARGET && lit(p, "reveals their hand . you choose a|an")) {
        int pl, kind;
        if (!filter(p, &f, &pl, &kind) || kind != N_CARD || pl || f.zone != ZONE_BATTLEFIELD ||
            !lit(p, "from it . that player discards that card")) {
            p->i = save;
            return 0;
        }
        Effect *e = clause_eff(p, OP_DISCARD, subj);
        if (!e) return 0;
        f.zone = ZONE_HAND;
        e->sel = f;
        e->flags |= EF_CHOOSER;
        e->dur = DUR_NOW;
        return 1;
    }
    return 0;
}

/* "Create N P/T <colors> <Subtype> [artifact] creature token(s) [with kw] [for each ...]" */
static int vp_create(P *p, const Ref *subj)
{
    int v, pp, tt, pl, save = p->i;
    TokenDef td;
    memset(&td, 0, sizeof td);
    if (subj->who != SEL_YOU || !lit(p, "create")) return 0;
    if (!number(p, &v, 1) || !pt_plain(p, &pp, &tt)) { p->i = save; return 0; }
    td.power = (int8_t)pp;
    td.toughness = (int8_t)tt;
    uint8_t cb = 0;
    if (lit(p, "colorless")) cb = 0;
    else if (!colors(p, &cb)) { p->i = save; return 0; }
    else if (lit(p, "and")) {
        int c2 = color_word(cur(p));
        if (!c2) { p->i = save; return 0; }
        p->i++;
        cb |= (uint8_t)c2;
    }
    td.colors = cb;
    int id = subtype_word(p, &pl);
    if (!id || !SG(pl)) { p->i = save; return 0; }
    td.subtype = (uint8_t)id;
    td.types = TYPE_CREATURE;
    if (lit(p, "artifact")) td.types |= TYPE_ARTIFACT;
    if (!lit(p, "creature") || !(v == 1 ? lit(p, "token") : lit(p, "tokens"))) { p->i = save; return 0; }
    KwList k;
    if (lit(p, "with")) {
        if (!kw_list(p, &k) || k.n) { p->i = save; return 0; }
        td.kw = k.kw;
    }
    if (lit(p, "named")) {                   /* The Hive's Wasp: a name of its own (111.4) */
        int npl, nid = subtype_word(p, &npl);
        if (!nid || npl) { p->i = save; return 0; }
        td.name = (uint8_t)nid;
    }
    Effect *e = clause_eff(p, OP_TOKEN, subj);
    if (!e) return 0;
    e->token = td;
    e->n.n = (int8_t)v;
    e->dur = DUR_NOW;
    Filter f;
    if (v == 1 && for_each(p, &f)) { e->n.kind = QTY_COUNT; e->count = f; }
    return 1;
}

/* "~ becomes a 2/1 blue Faerie creature with flying until end of turn.
 * It's still a land.": a land that is a creature for the turn, keeping its
 * land type (205.1b), with a base power and toughness (layer 7b), a color
 * that replaces its own (layer 5), a creature type and keywords. */
static int mana_symbols(P *p, Cost *c);
static void cost_init(Cost *c);

static int vp_become(P *p, const Ref *subj)
{
    int pp, tt, pl, save = p->i;
    KwList k;
    TokenDef td;
    uint8_t cb;
    memset(&td, 0, sizeof td);
    /* Awakener Druid: "target Forest becomes a 4/5 green Treefolk creature for as long as ~
     * remains on the battlefield. It's still a land." (one target land) */
    const Filter *tf = subj->who == SEL_TARGET && subj->arg < p->a->n_targets ? &p->a->target[subj->arg].f : NULL;
    int target = tf && subj->kind == R_OBJ && !subj->plural &&
                 (tf->types == TYPE_LAND || (tf->subtype[0] && tf->subtype[0] <= SUBTYPE_BASIC_LAND_LAST && !tf->subtype[1]));
    if ((subj->who != SEL_SELF && !target) || p->ctx != C_ABILITY || !lit(p, "becomes a|an")) return 0;
    if (!pt_plain(p, &pp, &tt) || !colors(p, &cb)) { p->i = save; return 0; }
    int id = subtype_word(p, &pl);
    if (!id || !SG(pl) || !lit(p, "creature")) { p->i = save; return 0; }
    Cost grant;
    int granting = 0;
    if (lit(p, "with \"")) {                 /* Spawning Pool: with "{B}: Regenerate this creature" */
        cost_init(&grant);
        if (!mana_symbols(p, &grant) || !lit(p, ": regenerate this creature") || !(lit(p, ". \"") || lit(p, "\""))) {
            p->i = save;
            return 0;
        }
        granting = 1;
    } else if (lit(p, "with")) {
        if (!kw_list(p, &k) || k.n) { p->i = save; return 0; }  /* rules keywords: not a TokenDef's */
        td.kw = k.kw;
    }
    int dur = DUR_EOT;
    if (target) {                            /* a target land: for as long as the source remains, alone */
        if (granting || !lit(p, "for as long as ~ remains on the battlefield . it's still a land")) { p->i = save; return 0; }
        dur = DUR_SOURCE_PRESENT;
    } else if (!lit(p, "until end of turn . it's still a land")) {
        p->i = save;
        return 0;
    }
    td.power = (int8_t)pp;
    td.toughness = (int8_t)tt;
    td.colors = cb;
    td.subtype = (uint8_t)id;
    td.types = TYPE_CREATURE;
    Effect *e = clause_eff(p, OP_BECOME, subj);
    if (!e) return 0;
    e->token = td;
    e->dur = (uint8_t)dur;
    if (granting) { p->granting = GRANT_BECOME; p->grant = grant; }
    return 1;
}

/* "Search your library for a <filter> card, [reveal it,] put it into your
 * hand | onto the battlefield [tapped], then shuffle." */
static int vp_search(P *p, const Ref *subj)
{
    int pl, kind, save = p->i;
    Filter f;
    int n = 1;
    if (subj->who != SEL_YOU || !lit(p, "search your library for")) return 0;
    /* "for up to two land cards": a search for cards of a quality may find fewer
     * anyway (701.19b), so "up to N" is a search for N */
    if (lit(p, "up to")) {
        if (!number(p, &n, 0) || n < 2) { p->i = save; return 0; }
    } else if (!lit(p, "a|an")) {
        p->i = save;
        return 0;
    }
    if (!filter(p, &f, &pl, &kind) || pl != (n > 1) || kind != N_CARD || f.zone != ZONE_BATTLEFIELD || !lit(p, ",")) {
        p->i = save;
        return 0;
    }
    Effect *e = clause_eff(p, OP_SEARCH, subj);
    if (!e) return 0;
    f.zone = ZONE_LIBRARY;
    e->sel = f;
    e->dur = DUR_NOW;
    e->n.n = (int8_t)n;
    /* Cultivate: "up to two basic land cards, reveal those cards, put one onto the
     * battlefield tapped and the other into your hand": one search for each place,
     * the first card's place chosen first (the same choices: none, either, both) */
    if (n == 2 && lit(p, "reveal those cards , put one onto the battlefield tapped and the other into your hand")) {
        e->n.n = 1;
        e->arg2 = ZONE_BATTLEFIELD;
        e->flags |= EF_REVEAL | EF_TAPPED;
        Effect *h = clause_eff(p, OP_SEARCH, subj);
        if (!h) return 0;
        h->sel = f;
        h->n.n = 1;
        h->arg2 = ZONE_HAND;
        h->flags |= EF_REVEAL;
        h->dur = DUR_NOW;
        if (!lit(p, ", then shuffle")) { p->i = save; return 0; }
        Effect *s = clause_eff(p, OP_SHUFFLE, subj);
        if (!s) return 0;
        s->dur = DUR_NOW;
        return 1;
    }
    /* Liliana Vess: the card found is set aside while the rest is shuffled, then put on top */
    if (n == 1 && lit(p, "then shuffle and put that card on top")) { e->arg2 = ZONE_LIBRARY; return 1; }
    if (lit(p, n > 1 ? "reveal them ," : "reveal it ,")) e->flags |= EF_REVEAL;
    if (!(n > 1 ? lit(p, "put them") : (lit(p, "put it") || lit(p, "put that card")))) { p->i = save; return 0; }
    if (lit(p, "into your hand")) e->arg2 = ZONE_HAND;
    else if (lit(p, "onto the battlefield tapped")) { e->arg2 = ZONE_BATTLEFIELD; e->flags |= EF_TAPPED; }
    else if (lit(p, "onto the battlefield")) e->arg2 = ZONE_BATTLEFIELD;
    else { p->i = save; return 0; }
    if (!lit(p, ", then shuffle")) { p->i = save; return 0; }
    Effect *s = clause_eff(p, OP_SHUFFLE, subj);
    if (!s) return 0;
    s->dur = DUR_NOW;
    return 1;
}

/* "Add {G}", "Add {W} or {U}", "Add one mana of any color", "Add {C}",
 * "Add {G} for each Elf you control". */
static int vp_mana(P *p, const Ref *subj)
{
    int save = p->i;
    if (subj->who == SEL_YOU && p->ctx == C_ABILITY && lit(p, "double the amount of each type of unspent mana you have")) {
        Effect *e = clause_eff(p, OP_DOUBLE_MANA, subj);    /* Doubling Cube */
        if (!e) return 0;
        e->dur = DUR_NOW;
        return 1;
    }
    if (subj->who != SEL_YOU || !lit(p, "add")) return 0;
    static const char sym[] = "WUBRG";
    uint8_t bits = 0;
    int n = 0;
    if (lit(p, "one mana of any color")) {
        bits = CB_W | CB_U | CB_B | CB_R | CB_G;
        n = 1;
    } else {
        const char *w = cur(p);
        int colorless = !strcmp(w, "{c}");
        const char *c = strlen(w) == 3 && w[0] == '{' && w[2] == '}' ? strchr(sym, toupper((unsigned char)w[1])) : NULL;
        if (!c && !colorless) { p->i = save; return 0; }
        bits = colorless ? 0 : (uint8_t)(1u << (c - sym));
        p->i++;
        n = 1;
        while (!strcmp(cur(p), w)) { p->i++; n++; }  /* {G}{G} */
        if (n == 1 && !colorless && lit(p, "or")) {
            const char *w2 = cur(p);
            const char *c2 = strlen(w2) == 3 && w2[0] == '{' && w2[2] == '}' ? strchr(sym, toupper((unsigned char)w2[1])) : NULL;
            if (!c2) { p->i = save; return 0; }
            bits |= (uint8_t)(1u << (c2 - sym));
            p->i++;
        }
    }
    Effect *e = clause_eff(p, OP_ADD_MANA, subj);
    if (!e) return 0;
    e->arg2 = bits;
    e->n.n = (int8_t)n;
    e->dur = DUR_NOW;
    Filter f;
    if (n == 1 && for_each(p, &f)) { e->n.kind = QTY_COUNT; e->count = f; return 1; }
    /* "Add {W}{U}{B}{R}{G}": one effect per color, each a single color's mana */
    int single = bits && !(bits & (bits - 1));
    uint8_t used = bits;
    for (;;) {
        const char *w = cur(p);
        const char *c = strlen(w) == 3 && w[0] == '{' && w[2] == '}' ? strchr(sym, toupper((unsigned char)w[1])) : NULL;
        if (!c || !single || (used & (1u << (c - sym)))) return 1;
        uint8_t b = (uint8_t)(1u << (c - sym));
        p->i++;
        int k = 1;
        while (!strcmp(cur(p), w)) { p->i++; k++; }
        e = clause_eff(p, OP_ADD_MANA, subj);
        if (!e) return 0;
        e->arg2 = b;
        e->n.n = (int8_t)k;
        e->dur = DUR_NOW;
        used |= b;
    }
}

/* The verbs of "you" in the imperative: destroy, exile, return, counter,
 * tap, untap, regenerate, put counters, gain control, prevent, look, shuffle. */
static int vp_you(P *p, const Ref *subj)
{
    Ref r;
    Qty q;
    int v, save = p->i;
    if (subj->who != SEL_YOU || p->ctx == C_STATIC) return 0;
    /* "you may pay {X}{R}. If you do, ...": a triggered ability's one payment, its cost
     * Ability.cost (sentence() reads "If you do,") */
    if (p->a->kind == AB_TRIGGERED && lit(p, "pay")) {
        Cost c;
        cost_init(&c);
        const Cost *had = &p->a->cost;
        int used = had->generic || had->x;
        for (int k = 0; k < 6; k++) used |= had->color[k];
        if (used || !mana_symbols(p, &c)) { p->i = save; return 0; }
        p->a->cost = c;
        Effect *e = clause_eff(p, OP_PAY_MANA, NULL);
        if (!e) return 0;
        e->who = SEL_YOU;
        e->dur = DUR_NOW;
        return 1;
    }
    /* Oblivion Ring: the card its other ability exiled (607.2a; text_parse links them) */
    if (p->a->kind == AB_TRIGGERED && p->a->trigger == TR_LEAVES &&
        lit(p, "return the exiled card to the battlefield under its owner's control")) {
        Effect *e = clause_eff(p, OP_REANIMATE, NULL);
        if (!e) return 0;
        e->who = SEL_LINKED;
        e->arg2 = 1;                                         /* under its owner's control */
        e->dur = DUR_NOW;
        return 1;
    }
    if (lit(p, "tap or untap")) {                            /* Puppeteer: one target, the choice on resolution */
        if (!ref(p, &r, A_OBJ) || r.who != SEL_TARGET || r.plural || ref_zone(p, &r) != ZONE_BATTLEFIELD) {
            p->i = save;
            return 0;
        }
        Effect *e = clause_eff(p, OP_TAP, &r);
        if (!e) return 0;
        e->arg2 = 1;
        e->dur = DUR_NOW;
        return 1;
    }
    /* Time Reversal: "Exile ~." as the spell's last effect, which it then does not leave
     * for its owner's graveyard (608.2k applies only to a spell still on the stack) */
    if (p->ctx == C_SPELL && lit(p, "exile ~")) {
        if (!peek(p, ".")) { p->i = save; return 0; }
        Effect *e = clause_eff(p, OP_EXILE, NULL);
        if (!e) return 0;
        e->who = SEL_SELF;
        e->dur = DUR_NOW;
        return 1;
    }
    /* Primordial Hydra: "double the number of +1/+1 counters on ~": as many more */
    if (lit(p, "double the number of +1/+1 counters on ~")) {
        Effect *e = clause_eff(p, OP_COUNTERS, NULL);
        if (!e) return 0;
        e->who = SEL_SELF;
        e->n = (Qty){ QTY_SELF_COUNTERS, 1 };
        e->arg2 = COUNTER_PLUS;
        e->dur = DUR_NOW;
        return 1;
    }
    if (lit(p, "destroy|exile|tap|untap|regenerate")) {
        const char *w = p->lx->t[p->i - 1].w;
        int op = !strcmp(w, "destroy") ? OP_DESTROY : !strcmp(w, "exile") ? OP_EXILE :
                 !strcmp(w, "tap") ? OP_TAP : !strcmp(w, "untap") ? OP_UNTAP : OP_REGENERATE;
        /* only exile reaches a card in a graveyard ("Exile target creature card from a graveyard") */
        if (!ref(p, &r, A_OBJ) || (r.who == SEL_SELF && p->ctx == C_SPELL) ||
            (ref_zone(p, &r) != ZONE_BATTLEFIELD && !(op == OP_EXILE && ref_zone(p, &r) == ZONE_GRAVEYARD))) {
            p->i = save;
            return 0;
        }
        Effect *e = clause_eff(p, op, &r);
        if (!e) return 0;
        e->dur = DUR_NOW;
        /* "destroy that creature and ~": the same verb on a second object, when the
         * sentence ends there (else the "and" joins another clause) */
        for (;;) {
            Snap sn;
            snap(p, &sn);
            if (!lit(p, "and") || !ref(p, &r, A_OBJ) || ref_zone(p, &r) != ZONE_BATTLEFIELD ||
                (r.who == SEL_SELF && p->ctx == C_SPELL) || !peek(p, ".")) {
                restore(p, &sn);
                return 1;
            }
            e = clause_eff(p, op, &r);
            if (!e) return 0;
            e->dur = DUR_NOW;
        }
    }
    if (lit(p, "counter")) {
        if (p->a->kind == AB_TRIGGERED && p->a->trigger == TR_BECOMES_TARGET_BY && lit(p, "that spell or ability")) {
            r.kind = R_OBJ;  /* the spell or ability that targeted the source */
            r.who = SEL_EVENT_OBJECT;
            r.arg = 0;
        } else if (!ref(p, &r, A_SPELL) || r.who != SEL_TARGET) {
            p->i = save;
            return 0;
        }
        Effect *e = clause_eff(p, OP_COUNTER, &r);
        if (!e) return 0;
        e->dur = DUR_NOW;
        if (lit(p, "unless its controller pays")) {
            const char *w = cur(p);
            if (w[0] != '{' || !isdigit((unsigned char)w[1])) { p->i = save; return 0; }
            int n = atoi(w + 1);
            if (strlen(w) != (n > 9 ? 4u : 3u)) { p->i = save; return 0; }
            p->i++;
            e->flags |= EF_UNLESS_PAY;
            e->n.n = (int8_t)n;
        }
        return 1;
    }
    /* an ability that functions in the graveyard (113.6): activated there, or triggering
     * there (Chandra's Phoenix; played.c says which triggers) */
    if ((p->a->kind == AB_ACTIVATED || p->a->kind == AB_TRIGGERED) && lit(p, "return ~ from your graveyard to")) {
        Effect *e;
        if (lit(p, "your hand")) e = clause_eff(p, OP_BOUNCE, NULL);
        else if (lit(p, "the battlefield tapped")) { e = clause_eff(p, OP_REANIMATE, NULL); if (e) e->flags |= EF_TAPPED; }
        else { p->i = save; return 0; }
        if (!e) return 0;
        e->who = SEL_SELF;
        e->dur = DUR_NOW;
        p->a->zone = ZONE_GRAVEYARD;
        return 1;
    }
    if (lit(p, "return")) {
        if (!ref(p, &r, A_OBJ)) { p->i = save; return 0; }
        int zone = r.who == SEL_TARGET ? p->a->target[r.arg].f.zone : r.f.zone;
        int ctl = r.who == SEL_TARGET ? p->a->target[r.arg].f.ctl : r.f.ctl;
        Effect *e;
        if (zone == ZONE_BATTLEFIELD &&
            (r.who == SEL_TARGET_PLAYER_OWNS ? lit(p, "to their hand") :
             r.plural && !r.each ? lit(p, "to their owners' hands") : lit(p, "to its owner's hand"))) {
            e = clause_eff(p, OP_BOUNCE, &r);
        } else if (zone == ZONE_GRAVEYARD && ctl == CTL_ANY && r.who == SEL_ALL &&
                   lit(p, "to the battlefield under their owners' control")) {
            e = clause_eff(p, OP_REANIMATE, &r);  /* "Return all artifact and enchantment cards from all graveyards" */
            if (e) e->arg2 = 1;
        } else if (zone == ZONE_GRAVEYARD && ctl == CTL_YOU && !r.plural && lit(p, "to your hand")) {
            e = clause_eff(p, OP_BOUNCE, &r);
        } else if (zone == ZONE_GRAVEYARD && ctl == CTL_YOU && !r.plural && lit(p, "to the battlefield")) {
            e = clause_eff(p, OP_REANIMATE, &r);
            if (e) e->arg2 = 0;
        } else { p->i = save; return 0; }
        if (!e) return 0;
        e->dur = DUR_NOW;
        return 1;
    }
    if (lit(p, "put a|an")) {
        /* "put a creature card from your hand onto the battlefield" */
        Filter f;
        int pl, kind;
        if (filter(p, &f, &pl, &kind) && kind == N_CARD && SG(pl) && f.zone == ZONE_HAND && f.ctl == CTL_YOU &&
            lit(p, "onto the battlefield")) {
            Effect *e = clause_eff(p, OP_REANIMATE, subj);
            if (!e) return 0;
            e->sel = f;
            e->dur = DUR_NOW;
            return 1;
        }
        p->i = save;
    }
    if (lit(p, "put")) {
        if (qty(p, &q, 1) && (q.kind == QTY_CONST && q.n == 1 ? lit(p, "+1/+1|-1/-1|lore counter on")
                                                              : lit(p, "+1/+1|-1/-1|lore counters on"))) {
            const char *w = p->lx->t[p->i - 3].w;
            int kind = w[0] == '-' ? COUNTER_MINUS : w[0] == 'l' ? COUNTER_LORE : COUNTER_PLUS;
            if (!ref(p, &r, A_OBJ) || (kind == COUNTER_LORE && r.who != SEL_SELF)) { p->i = save; return 0; }
            Effect *e = clause_eff(p, OP_COUNTERS, &r);
            if (!e) return 0;
            e->n = q;
            e->arg2 = (uint8_t)kind;
            e->dur = DUR_NOW;
            return 1;
        }
        p->i = save + 1;
        /* "Put all creature cards from all graveyards onto the battlefield under your control." */
        if (lit(p, "all")) {
            p->i--;
            Snap sn;
            snap(p, &sn);
            if (ref(p, &r, A_OBJ) && r.plural && r.who == SEL_ALL && r.f.zone == ZONE_GRAVEYARD &&
                lit(p, "onto the battlefield under your control")) {
                Effect *e = clause_eff(p, OP_REANIMATE, &r);
                if (!e) return 0;
                e->arg2 = 0;
                e->dur = DUR_NOW;
                return 1;
            }
            restore(p, &sn);
        }
        p->i = save + 1;
        if (ref(p, &r, A_OBJ) && !r.plural) {
            int zone = r.who == SEL_TARGET ? p->a->target[r.arg].f.zone : ZONE_BATTLEFIELD;
            int ctl = r.who == SEL_TARGET ? p->a->target[r.arg].f.ctl : CTL_ANY;
            int bottom = 0;
            if ((zone == ZONE_BATTLEFIELD && lit(p, "on top of its owner's library")) ||
                (zone == ZONE_BATTLEFIELD && (bottom = lit(p, "on the bottom of its owner's library"))) ||
                (zone == ZONE_GRAVEYARD && ctl == CTL_YOU && lit(p, "on top of your library"))) {
                Effect *e = clause_eff(p, OP_TO_LIBRARY, &r);
                if (!e) return 0;
                e->dur = DUR_NOW;
                if (bottom) e->flags |= EF_BOTTOM;
                return 1;
            }
            if (zone == ZONE_GRAVEYARD && lit(p, "onto the battlefield under your control")) {
                Effect *e = clause_eff(p, OP_REANIMATE, &r);
                if (!e) return 0;
                e->dur = DUR_NOW;
                return 1;
            }
        }
        p->i = save;
        return 0;
    }
    if (lit(p, "gain control of")) {
        if (!ref(p, &r, A_OBJ)) { p->i = save; return 0; }
        return clause_eff(p, OP_CONTROL, &r) != NULL;  /* DUR_FOREVER unless a duration follows */
    }
    if (lit(p, "prevent all combat damage that would be dealt this turn")) {
        Effect *e = clause_eff(p, OP_PREVENT_COMBAT, NULL);
        if (!e) return 0;
        e->who = SEL_NONE;
        e->dur = DUR_EOT;
        return 1;
    }
    /* Luminesce: "Prevent all damage that black sources and red sources would deal this
     * turn." (615): a rule for the turn on the damage of every source of those colors (who
     * SEL_NONE, the colors in Effect.sel; effect.c's GameState.prevent_colors) */
    if (lit(p, "prevent all damage that")) {
        uint8_t cb = 0, c1;
        while (color_word(cur(p)) && colors(p, &c1) && !(c1 & (c1 - 1)) && lit(p, "sources")) {
            cb |= c1;
            if (!lit(p, "and")) break;
        }
        if (cb && lit(p, "would deal this turn")) {
            Effect *e = clause_eff(p, OP_PREVENT_ALL, NULL);
            if (!e) return 0;
            e->who = SEL_NONE;
            e->sel.colors = cb;
            e->dur = DUR_EOT;
            return 1;
        }
        p->i = save;
    }
    if (lit(p, "prevent all damage that would be dealt to")) {
        for (;;) {
            if (!ref(p, &r, A_OBJ | A_PLAYER | A_BARE)) { p->i = save; return 0; }
            Effect *e = clause_eff(p, OP_PREVENT_ALL, &r);
            if (!e) return 0;
            if (!lit(p, "and")) break;
        }
        if (!lit(p, "this turn")) { p->i = save; return 0; }
        for (int k = 0; k < p->a->n_effects; k++)
            if (p->a->effect[k].dur == DUR_UNSET) p->a->effect[k].dur = DUR_EOT;
        return 1;
    }
    if (lit(p, "prevent the next")) {
        if (!number(p, &v, 0) || !lit(p, "damage that would be dealt to") ||
            !ref(p, &r, A_OBJ | A_PLAYER | A_ANY) || r.plural || !lit(p, "this turn")) {
            p->i = save;
            return 0;
        }
        Effect *e = clause_eff(p, OP_PREVENT_NEXT, &r);
        if (!e) return 0;
        e->n.n = (int8_t)v;
        e->dur = DUR_EOT;
        return 1;
    }
    if (lit(p, "look at the top")) {
        int s2 = p->i;
        Filter f;
        int pl, kind;
        /* Commune with Nature: three sentences of one effect */
        if (number(p, &v, 0) && v >= 2 && lit(p, "cards of your library . you may reveal a|an") &&
            filter(p, &f, &pl, &kind) && SG(pl) && kind == N_CARD && f.zone == ZONE_BATTLEFIELD &&
            lit(p, "from among them and put it into your hand . put the rest on the bottom of your library in any order")) {
            Effect *e = clause_eff(p, OP_DIG, subj);
            if (!e) return 0;
            f.zone = ZONE_LIBRARY;
            e->sel = f;
            e->n.n = (int8_t)v;
            e->dur = DUR_NOW;
            return 1;
        }
        p->i = s2;
        if (!number(p, &v, 0) || v < 2 || !lit(p, "cards of your library , then put them back in any order")) {
            p->i = save;
            return 0;
        }
        Effect *e = clause_eff(p, OP_REORDER_TOP, subj);
        if (!e) return 0;
        e->n.n = (int8_t)v;
        e->dur = DUR_NOW;
        return 1;
    }
    if (lit(p, "end the turn")) {
        Effect *e = clause_eff(p, OP_END_TURN, NULL);
        if (!e) return 0;
        e->who = SEL_NONE;
        e->dur = DUR_NOW;
        return 1;
    }
    /* Elixir of Immortality: "Shuffle ~ and your graveyard into their owner's library." */
    if (p->ctx == C_ABILITY && p->a->kind == AB_ACTIVATED && lit(p, "shuffle ~ and your graveyard into their owner's library")) {
        Effect *e = clause_eff(p, OP_TO_LIBRARY, NULL);
        if (!e) return 0;
        e->who = SEL_SELF;
        e->flags |= EF_SHUFFLE;
        e->dur = DUR_NOW;
        e = clause_eff(p, OP_SHUFFLE_GRAVEYARD, subj);
        if (!e) return 0;
        e->dur = DUR_NOW;
        return 1;
    }
    /* a spell shuffling itself away as it resolves, instead of going to the graveyard */
    if (p->ctx == C_SPELL && lit(p, "shuffle ~ into its owner's library")) {
        Effect *e = clause_eff(p, OP_TO_LIBRARY, NULL);
        if (!e) return 0;
        e->who = SEL_SELF;
        e->flags |= EF_SHUFFLE;
        e->dur = DUR_NOW;
        return 1;
    }
    if (lit(p, "flip a coin")) {                             /* 705 */
        Effect *e = clause_eff(p, OP_FLIP_COIN, subj);
        if (!e) return 0;
        e->dur = DUR_NOW;
        return 1;
    }
    /* Sphinx of Uthuun: "reveal the top five cards of your library. An opponent separates
     * those cards into two piles. Put one pile into your hand and the other into your
     * graveyard." (three sentences, one effect) */
    if (lit(p, "reveal the top")) {
        if (number(p, &v, 0) && v >= 1 && v <= 7 &&
            lit(p, "cards of your library . an opponent separates those cards into two piles . put one pile into "
                   "your hand and the other into your graveyard")) {
            Effect *e = clause_eff(p, OP_PILES, subj);
            if (!e) return 0;
            e->n.n = (int8_t)v;
            e->dur = DUR_NOW;
            return 1;
        }
        p->i = save;                                         /* another "reveal the top ..." */
    }
    /* Dark Tutelage: revealed and put into the hand, not drawn */
    if (lit(p, "reveal the top card of your library and put that card into your hand")) {
        Effect *e = clause_eff(p, OP_TOP_TO_HAND, subj);
        if (!e) return 0;
        e->dur = DUR_NOW;
        return 1;
    }
    /* "Double target player's life total.": that player gains life equal to it */
    if (lit(p, "double target player's life total")) {
        int k = newtarget(p, TGT_PLAYER, NULL, 1, 1);
        if (k < 0) { p->i = save; return 0; }
        Effect *e = clause_eff(p, OP_GAIN_LIFE, NULL);
        if (!e) return 0;
        e->who = SEL_TARGET;
        e->arg = (uint8_t)k;
        e->n.kind = QTY_LIFE_TOTAL;
        e->dur = DUR_NOW;
        return 1;
    }
    /* Agonizing Memories: "Look at target player's hand and choose two cards from it. Put
     * them on top of that player's library in any order." */
    if (lit(p, "look at target player's hand and choose two cards from it . put them on top of that player's "
               "library in any order")) {
        int k = newtarget(p, TGT_PLAYER, NULL, 1, 1);
        if (k < 0) { p->i = save; return 0; }
        Effect *e = clause_eff(p, OP_TO_LIBRARY, NULL);
        if (!e) return 0;
        e->who = SEL_TARGET;
        e->arg = (uint8_t)k;
        e->n.n = 2;
        e->sel.zone = ZONE_HAND;
        e->flags |= EF_CHOOSER;
        e->dur = DUR_NOW;
        return 1;
    }
    /* Thrull Surgeon: Duress's choice, the hand looked at rather than revealed */
    if (lit(p, "look at target player's hand and choose a card from it . that player discards that card")) {
        int k = newtarget(p, TGT_PLAYER, NULL, 1, 1);
        if (k < 0) { p->i = save; return 0; }
        Effect *e = clause_eff(p, OP_DISCARD, NULL);
        if (!e) return 0;
        e->who = SEL_TARGET;
        e->arg = (uint8_t)k;
        e->sel.zone = ZONE_HAND;
        e->flags |= EF_CHOOSER;
        e->dur = DUR_NOW;
        return 1;
    }
    if (lit(p, "look at target player's hand")) {
        int k = newtarget(p, TGT_PLAYER, NULL, 1, 1);
        if (k < 0) { p->i = save; return 0; }
        Effect *e = clause_eff(p, OP_LOOK_HAND, NULL);
        if (!e) return 0;
        e->who = SEL_TARGET;
        e->arg = (uint8_t)k;
        e->dur = DUR_NOW;
        return 1;
    }
    if (lit(p, "shuffle")) {
        Effect *e = clause_eff(p, OP_SHUFFLE, subj);
        if (!e) return 0;
        e->dur = DUR_NOW;
        return 1;
    }
    if (lit(p, "sacrifice")) {
        /* "sacrifice a creature other than ~" (Lord of the Pit): the player's own choice, as
         * "each player sacrifices a creature" (vp_player) */
        Snap sn;
        snap(p, &sn);
        if (p->ctx != C_STATIC && sacrifice_some(p, subj)) return 1;
        restore(p, &sn);
        if (!ref(p, &r, A_OBJ) || r.who != SEL_SELF) { p->i = save; return 0; }
        Effect *e = clause_eff(p, OP_SACRIFICE, &r);
        if (!e) return 0;
        e->dur = DUR_NOW;
        if (p->ctx == C_ABILITY && lit(p, "at end of combat")) e->flags |= EF_END_OF_COMBAT;
        /* Hidden Horror: "sacrifice it unless you discard a creature card" */
        else if (lit(p, "unless you discard a|an")) {
            Filter f;
            int pl, kind;
            if (!filter(p, &f, &pl, &kind) || pl || kind != N_CARD || f.zone != ZONE_BATTLEFIELD) { p->i = save; return 0; }
            f.zone = ZONE_HAND;
            e->sel = f;
            e->flags |= EF_UNLESS_DISCARD;
        }
        return 1;
    }
    return 0;
}

/* "Prevent all damage that would be dealt to ~." (static): a prevention
 * shield for as long as the source is on the battlefield (615). */
static int vp_prevent_static(P *p, const Ref *subj)
{
    Ref r;
    int save = p->i;
    if (subj->who != SEL_YOU || p->ctx != C_STATIC || !lit(p, "prevent all damage that would be dealt to")) return 0;
    if (!ref(p, &r, A_OBJ | A_PLAYER) || r.who == SEL_TARGET || !peek(p, ".")) { p->i = save; return 0; }
    return clause_eff(p, OP_PREVENT_ALL, &r) != NULL;
}

/* "You control enchanted creature." (static) */
static int vp_control(P *p, const Ref *subj)
{
    Ref r;
    int save = p->i;
    if (subj->who != SEL_YOU || p->ctx != C_STATIC || !lit(p, "control")) return 0;
    if (!ref(p, &r, A_OBJ) || r.who != SEL_ATTACHED) { p->i = save; return 0; }
    return clause_eff(p, OP_CONTROL, &r) != NULL;
}

/* A player's rules: "You have hexproof.", "You have no maximum hand size.",
 * "Your opponents can't cast spells this turn.", "You can't cast creature
 * spells.", "Your opponents play with their hands revealed." */
static int vp_player_rule(P *p, const Ref *subj)
{
    int save = p->i;
    KwList k;
    if (subj->kind == R_PLAYER && p->ctx == C_STATIC && (subj->who == SEL_EACH_PLAYER || subj->who == SEL_YOU)) {
        int rule = 0;
        Filter f = fany();
        if (subj->who == SEL_EACH_PLAYER && lit(p, "can't cast more than one spell each turn")) rule = RULE_ONE_SPELL;
        else if (subj->who == SEL_EACH_PLAYER && lit(p, "can't gain life")) rule = RULE_CANT_GAIN_LIFE;
        else if (subj->who == SEL_EACH_PLAYER && lit(p, "don't lose unspent mana as steps and phases end"))
            rule = RULE_KEEP_MANA;
        /* permissions: a static "may" is the rule itself, not a choice of an effect */
        else if (subj->who == SEL_YOU && lit(p, "may play lands from your graveyard")) rule = RULE_LANDS_FROM_GRAVEYARD;
        else if (subj->who == SEL_YOU && lit(p, "may cast spells as though they had flash")) rule = RULE_CAST_AS_FLASH;
        else if (subj->who == SEL_EACH_PLAYER && lit(p, "may play an additional land on each of their turns"))
            rule = RULE_EXTRA_LAND;
        else if (subj->who == SEL_YOU && lit(p, "play with the top card of your library revealed")) rule = RULE_TOP_REVEALED;
        else if (subj->who == SEL_YOU && lit(p, "may cast")) {
            int pl, kind;
            if (!filter(p, &f, &pl, &kind) || kind != N_SPELL || !PL(pl) || f.ctl != CTL_ANY ||
                !lit(p, "from the top of your library")) {
                p->i = save;
                return 0;
            }
            rule = RULE_CAST_FROM_TOP;
        }
        if (rule) {
            Effect *e = clause_eff(p, OP_RULE, subj);
            if (!e) return 0;
            e->arg2 = (uint8_t)rule;
            e->param = f;
            return 1;
        }
    }
    if (subj->kind == R_PLAYER && (subj->who == SEL_YOU || subj->who == SEL_OPPONENTS)) {
        int rule = 0;
        Filter f = fany();
        if (lit(p, "can't cast spells")) rule = RULE_CANT_CAST;
        else if (lit(p, "can't cast")) {
            int pl, kind;
            if (filter(p, &f, &pl, &kind) && kind == N_SPELL && PL(pl)) rule = RULE_CANT_CAST;
            else { p->i = save; return 0; }
        }
        else if (p->ctx == C_STATIC && subj->who == SEL_YOU && lit(p, "have no maximum hand size")) rule = RULE_NO_MAX_HAND;
        else if (p->ctx == C_STATIC && subj->who == SEL_OPPONENTS && lit(p, "play with their hands revealed"))
            rule = RULE_HAND_REVEALED;
        if (rule) {
            Effect *e = clause_eff(p, OP_RULE, subj);
            if (!e) return 0;
            e->arg2 = (uint8_t)rule;
            e->param = f;
            return 1;
        }
    }
    if (subj->kind != R_PLAYER || subj->who != SEL_YOU || p->ctx != C_STATIC || !lit(p, "have")) return 0;
    if (!kw_list(p, &k) || k.kw || k.n != 1 || (k.rule[0] != RULE_HEXPROOF && k.rule[0] != RULE_SHROUD)) {
        p->i = save;
        return 0;
    }
    return grant(p, subj, &k);
}

/* "All creatures able to block <ref> do so." (static): a lure. */
static int lure(P *p)
{
    Ref r;
    int save = p->i;
    if (p->ctx != C_STATIC || !lit(p, "all creatures able to block")) return 0;
    if (!ref(p, &r, A_OBJ) || (r.who != SEL_SELF && r.who != SEL_ATTACHED) || !lit(p, "do so")) {
        p->i = save;
        return 0;
    }
    Effect *e = clause_eff(p, OP_RULE, &r);
    if (!e) return 0;
    e->arg2 = RULE_LURE;
    return 1;
}

static int vp(P *p, const Ref *subj)
{
    Snap s;
    snap(p, &s);
    /* spells and cards as a subject: only "Creature spells can't be countered." */
    if (subj->kind == R_OBJ && subj->who == SEL_ALL && subj->f.zone != ZONE_BATTLEFIELD) {
        if (subj->f.zone == ZONE_STACK && peek(p, "can't be countered") && vp_rule(p, subj)) return 1;
        restore(p, &s);
        return 0;
    }
    if (vp_damage(p, subj) || vp_pt_kw(p, subj) || vp_rule(p, subj) || vp_untap(p, subj) ||
        vp_noregen(p, subj) || vp_player(p, subj) || vp_create(p, subj) || vp_search(p, subj) || vp_become(p, subj) ||
        vp_mana(p, subj) || vp_you(p, subj) || vp_control(p, subj) || vp_player_rule(p, subj) ||
        vp_prevent_static(p, subj))
        return 1;
    restore(p, &s);
    return 0;
}

/* A clause's subject; none (the imperative) is "you". */
static int subject(P *p, Ref *r)
{
    if (ref(p, r, A_PLAYER | A_OBJ | A_BARE | A_SPELL)) return 1;
    memset(r, 0, sizeof *r);
    r->kind = R_PLAYER;
    r->who = SEL_YOU;
    return 1;
}

/* "until end of turn" / "this turn" */
static int duration(P *p)
{
    return lit(p, "until end of turn") || lit(p, "this turn");
}

/* The durations of a clause's effects, once it is read: what it says, or
 * what its kind of text gives. 0 when they do not agree. */
static int settle(P *p, int from, int said, int dur)
{
    int used = !said;
    for (int k = from; k < p->a->n_effects; k++) {
        Effect *e = &p->a->effect[k];
        if (e->dur != DUR_UNSET) continue;
        used = 1;
        if (p->ctx == C_STATIC) {
            if (said) return 0;
            e->dur = DUR_STATIC;
        } else if (said) {
            e->dur = (uint8_t)dur;
        } else if (e->op == OP_CONTROL || e->op == OP_GIVE_CONTROL) {
            e->dur = DUR_FOREVER;
        } else {
            return 0;  /* "Target creature gets +3/+3." has no such text */
        }
    }
    return used;  /* "Destroy target creature until end of turn." has none either */
}

/* A sentence about the damage the previous sentence dealt: "The damage
 * can't be prevented.", "A creature dealt damage this way can't be
 * regenerated this turn." The ability deals damage once, just before. */
static int damage_rider(P *p)
{
    Ability *a = p->a;
    int ndamage = 0;
    for (int k = 0; k < a->n_effects; k++) ndamage += a->effect[k].op == OP_DAMAGE;
    if (ndamage != 1 || a->effect[a->n_effects - 1].op != OP_DAMAGE || p->ctx == C_STATIC) return 0;
    Effect *e = &a->effect[a->n_effects - 1];
    if (lit(p, "the damage can't be prevented .")) { e->flags |= EF_NO_PREVENT; return 1; }
    if (lit(p, "a creature dealt damage this way can't be regenerated this turn .")) {
        e->flags |= EF_DAMAGED_NO_REGEN;
        return 1;
    }
    return 0;
}

/* Whether an effect acts on one player other than "you" (whose hand is
 * "their hand"). */
static int other_player(const P *p, const Effect *e)
{
    if (e->who == SEL_EVENT_PLAYER || e->who == SEL_TARGET_CONTROLLER || e->who == SEL_TARGET_OWNER) return 1;
    if (e->who != SEL_TARGET || e->arg >= p->a->n_targets) return 0;
    const TargetSpec *t = &p->a->target[e->arg];
    return t->what == TGT_PLAYER && t->max == 1;
}

/* One sentence: clauses joined by "and", ", then", ",", ending with ".". */
static int sentence(P *p)
{
    Snap s;
    snap(p, &s);
    int from = p->a->n_effects;
    int said = 0, dur = DUR_EOT;
    p->dur_prefix = DUR_UNSET;
    if (damage_rider(p)) return 1;
    /* Kjeldoran Royal Guard: "All combat damage that would be dealt to you by unblocked
     * creatures this turn is dealt to ~ instead." (614.9, a redirection effect of an
     * activated ability, for this turn: damage.h's damage_redirect) */
    if (p->ctx == C_ABILITY && p->a->kind == AB_ACTIVATED &&
        lit(p, "all combat damage that would be dealt to you by unblocked creatures this turn is dealt to ~ instead .")) {
        Effect *e = neweff(p, OP_REDIRECT);
        if (!e) { restore(p, &s); return 0; }
        e->who = SEL_YOU;
        e->arg2 = REDIRECT_SELF_UNBLOCKED;
        e->dur = DUR_EOT;
        return 1;
    }
    /* Timely Reinforcements: a condition of this sentence's effects, as they
     * happen (608.2c) */
    unsigned cond = 0;
    int cond_n = 0;
    Filter cond_f = fany();
    if (p->ctx != C_STATIC) {
        int pl, kind;
        Snap sc;
        snap(p, &sc);
        /* the branches of a coin flip just before: "If you win the flip, ...", then
         * (after the win branch, or right after the flip) "If you lose the flip, ..." */
        int after_flip = from > 0 && (p->a->effect[from - 1].op == OP_FLIP_COIN ||
                                      (p->a->effect[from - 1].flags & EF_IF_DONE));
        int flip_before = 0;
        for (int k = 0; k < from; k++) flip_before |= p->a->effect[k].op == OP_FLIP_COIN;
        if (from > 0 && p->a->effect[from - 1].op == OP_FLIP_COIN && lit(p, "if you win the flip ,")) cond = EF_IF_DONE;
        else if (after_flip && flip_before && lit(p, "if you lose the flip ,")) cond = EF_IF_LOST;
        else if (lit(p, "if you have less life than an opponent ,")) cond = EF_IF_LESS_LIFE;
        /* after "you may pay ...": what happens if it was paid */
        else if (from > 0 && p->a->effect[from - 1].op == OP_PAY_MANA && lit(p, "if you do ,")) cond = EF_IF_DONE;
        /* after "sacrifice a creature ...": what happens if none was (Lord of the Pit) */
        else if (from > 0 && p->a->effect[from - 1].op == OP_SACRIFICE && p->a->effect[from - 1].who == SEL_YOU &&
                 lit(p, "if you can't ,")) cond = EF_IF_NOT_DONE;
        /* Xathrid Demon: "..., then each opponent loses life equal to the sacrificed creature's
         * power. If you can't sacrifice a creature, ...": after that effect, which happens only if
         * the sacrifice did (EF_IF_DONE), so that `done` still tells */
        else if (from > 1 && p->a->effect[from - 2].op == OP_SACRIFICE && p->a->effect[from - 2].who == SEL_YOU &&
                 (p->a->effect[from - 2].sel.types & TYPE_CREATURE) && p->a->effect[from - 1].n.kind == QTY_SACRIFICED_POWER &&
                 lit(p, "if you can't sacrifice a creature ,")) cond = EF_IF_NOT_DONE;
        else if (lit(p, "if a graveyard has")) {             /* Visions of Beyond */
            int v;
            if (number(p, &v, 0) && v > 1 && lit(p, "or more cards in it ,")) { cond = EF_IF_GRAVEYARD; cond_n = v; }
            else restore(p, &sc);
        }
        else if (lit(p, "if you control fewer")) {
            if (filter(p, &cond_f, &pl, &kind) && PL(pl) && kind == N_PERMANENT && cond_f.ctl == CTL_ANY &&
                lit(p, "than an opponent ,")) {
                cond = EF_IF_FEWER;
                cond_f.ctl = CTL_YOU;
            } else {
                restore(p, &sc);
            }
        }
    }
    if (lit(p, "until end of turn ,")) said = 1;
    Ref subj;
    int first_clause = 1;
    for (;;) {
        int cfrom = p->a->n_effects;
        int opt = 0;
        if (first_clause && lure(p)) break;
        Snap sc;
        snap(p, &sc);
        if (first_clause || !peek(p, "may")) subject(p, &subj);
        /* "Any number of target players each gain 6 life." */
        if (subj.kind == R_PLAYER && subj.who == SEL_TARGET && subj.plural) lit(p, "each");
        if (subj.kind == R_PLAYER && p->ctx != C_STATIC && lit(p, "may")) opt = 1;
        /* "you may have target player mill a card", "you may have it deal 1 damage":
         * the other is the subject of the optional verb; you choose whether */
        if (opt && subj.who == SEL_YOU && p->ctx != C_STATIC && lit(p, "have")) {
            Ref r2;
            if (!ref(p, &r2, A_PLAYER | A_OBJ) || r2.who == SEL_YOU || r2.plural || !vp(p, &r2)) {
                restore(p, &s);
                return 0;
            }
            subj = r2;
            goto verbs;
        }
        if (!vp(p, &subj)) {
            /* the imperative, when the first word only looked like a subject ("Regenerate ...") */
            restore(p, &sc);
            memset(&subj, 0, sizeof subj);
            subj.kind = R_PLAYER;
            subj.who = SEL_YOU;
            if (!vp(p, &subj)) { restore(p, &s); return 0; }
        }
    verbs:
        /* more verbs of the same subject: "gets +2/+2 and has haste", "draws two cards and loses 2 life" */
        for (;;) {
            int s2 = p->i;
            if (lit(p, ", and") || lit(p, "and") || lit(p, ", then") || lit(p, "then") || lit(p, ",")) {
                Snap s3;
                snap(p, &s3);
                if (vp(p, &subj)) continue;
                restore(p, &s3);
                p->i = s2;
            }
            break;
        }
        if (opt) {
            if (p->a->n_effects == cfrom) { restore(p, &s); return 0; }
            p->a->effect[cfrom].flags |= EF_OPTIONAL;
            for (int k = cfrom + 1; k < p->a->n_effects; k++) p->a->effect[k].flags |= EF_IF_DONE;
        }
        if (!said && duration(p)) said = 2;
        /* "for as long as you control ~": an ability's effect that ends when its
         * controller stops controlling the source (611.2b); a spell has no such source */
        if (!said && p->ctx == C_ABILITY && lit(p, "for as long as you control ~")) { said = 2; dur = DUR_SOURCE_CONTROLLED; }
        /* "for as long as that creature is enchanted": a control effect on its target (611.2b) */
        if (!said && lit(p, "for as long as that creature is enchanted")) {
            if (p->a->n_effects != from + 1 || p->a->effect[from].op != OP_CONTROL || p->a->effect[from].who != SEL_TARGET) {
                restore(p, &s);
                return 0;
            }
            said = 2;
            dur = DUR_TARGET_ENCHANTED;
        }
        int s2 = p->i;
        if (said != 2 && (lit(p, "and") || lit(p, ", then") || lit(p, ", and"))) {
            /* a new clause with its own subject: "and you gain 3 life" */
            Ref r2;
            Snap s3;
            snap(p, &s3);
            if (ref(p, &r2, A_PLAYER | A_OBJ | A_BARE) ) {
                restore(p, &s3);
                first_clause = 1;
                continue;
            }
            restore(p, &s3);
            p->i = s2;
        }
        break;
    }
    /* ", where X is the number of ..." */
    if (lit(p, ", where x is the greatest power among")) {
        /* Overwhelming Stampede: the greatest power as it resolves */
        Filter f;
        int pl, kind, any = 0;
        if (!filter(p, &f, &pl, &kind) || !PL(pl) || kind != N_PERMANENT) { restore(p, &s); return 0; }
        for (int k = from; k < p->a->n_effects; k++) {
            Effect *e = &p->a->effect[k];
            if (e->n.kind != QTY_X) continue;
            e->n.kind = QTY_GREATEST_POWER;
            e->count = f;
            any = 1;
        }
        if (!any) { restore(p, &s); return 0; }
    } else if (lit(p, ", where x is")) {
        Filter f;
        /* "that player mills X cards, where X is the number of cards in their hand":
         * the hand of the player the effect acts on (not you: that is "your hand") */
        int hand = lit(p, "the number of cards in their hand");
        if (!hand && !count_def(p, &f)) { restore(p, &s); return 0; }
        int any = 0;
        for (int k = from; k < p->a->n_effects; k++) {
            Effect *e = &p->a->effect[k];
            if (e->n.kind != QTY_X) continue;
            if (hand && !other_player(p, e)) { restore(p, &s); return 0; }
            e->n.kind = hand ? QTY_HAND_SIZE : QTY_COUNT;
            if (!hand) e->count = f;
            any = 1;
        }
        if (!any) { restore(p, &s); return 0; }
    }
    /* "If a graveyard has twenty or more cards in it, draw three cards instead.": one
     * effect that replaces the same verb on the same player of the sentence before
     * (614.1a), which then happens only when the condition does not hold */
    if (lit(p, "instead")) {
        const Effect *e = &p->a->effect[from];
        Effect *prev = from > 0 ? &p->a->effect[from - 1] : NULL;
        if (cond != EF_IF_GRAVEYARD || p->a->n_effects != from + 1 || !prev || prev->op != e->op ||
            e->op != OP_DRAW || prev->who != e->who || prev->arg != e->arg || prev->flags || prev->n.kind != QTY_CONST) {
            restore(p, &s);
            return 0;
        }
        prev->flags |= EF_UNLESS_GRAVEYARD;
        prev->cond_n = (uint8_t)cond_n;
    } else if (cond == EF_IF_GRAVEYARD) {
        restore(p, &s);                                      /* read only with its "instead" */
        return 0;
    }
    if (!settle(p, from, said != 0, dur)) { restore(p, &s); return 0; }
    /* the sentence's period inside the quotation it ends with: 'has "...creature."' */
    int quoted_period = p->granting == GRANT_ATTACHED && p->i == p->quote_to + 1 &&
                        !strcmp(p->lx->t[p->quote_to - 1].w, ".");
    if (!quoted_period && !lit(p, ".")) { restore(p, &s); return 0; }
    if (cond) {
        for (int k = from; k < p->a->n_effects; k++) {
            Effect *e = &p->a->effect[k];
            /* the count of "fewer" is kept in Effect.count: not with an amount that counts */
            if (cond == EF_IF_FEWER && (e->n.kind != QTY_CONST && e->n.kind != QTY_X)) { restore(p, &s); return 0; }
            e->flags |= cond;
            if (cond == EF_IF_FEWER) e->count = cond_f;
            if (cond == EF_IF_GRAVEYARD) e->cond_n = (uint8_t)cond_n;
        }
    }
    return 1;
}

/* Sentences to the end of the line. */
static int sentences(P *p)
{
    if (at_end(p)) return 0;
    while (!at_end(p))
        if (!sentence(p)) return 0;
    return 1;
}

/* --------------------------------------------------------------- costs */

/* Mana symbols into c; 0 if there are none or one is not paid that way. */
static int mana_symbols(P *p, Cost *c)
{
    static const char colors_[] = "WUBRGC";
    int got = 0;
    for (;;) {
        const Tok *t = tk(p);
        seen(p, p->i);
        if (!t || t->w[0] != '{') break;
        const char *w = t->o;
        size_t n = strlen(w);
        if (n < 3 || w[n - 1] != '}') return 0;
        if (isdigit((unsigned char)w[1])) {
            int v = 0;
            for (size_t k = 1; k < n - 1; k++) {
                if (!isdigit((unsigned char)w[k]) || k > 2) return 0;  /* {0} .. {99} */
                v = v * 10 + (w[k] - '0');
            }
            if (c->generic + v > 99) return 0;
            c->generic = (uint8_t)(c->generic + v);
        } else if (n == 3 && w[1] == 'X') {
            if (c->x >= 3) return 0;
            c->x++;
        } else if (n == 3 && w[1] && strchr(colors_, w[1])) {
            if (c->color[strchr(colors_, w[1]) - colors_] >= 20) return 0;
            c->color[strchr(colors_, w[1]) - colors_]++;
        } else {
            break;  /* {T}, {Q}, hybrid: not mana */
        }
        p->i++;
        got = 1;
    }
    return got;
}

/* One part of an activation cost. */
static int cost_part(P *p, Cost *c)
{
    int v, pl, kind, save = p->i;
    Filter f;
    if (mana_symbols(p, c)) return 1;
    if (lit(p, "{t}")) { if (c->tap) return 0; c->tap = 1; return 1; }
    if (lit(p, "{q}")) { c->untap = 1; return 1; }
    if (lit(p, "sacrifice ~")) { c->sac_self = 1; return 1; }
    if (lit(p, "exile ~")) { c->exile_self = 1; return 1; }
    if (lit(p, "exile")) {                                   /* "Exile two cards from your graveyard" */
        if (number(p, &v, 1) && v >= 1 && !c->exile_gy &&
            lit(p, v == 1 ? "card from your graveyard" : "cards from your graveyard")) {
            c->exile_gy = (uint8_t)v;
            return 1;
        }
        p->i = save;
        return 0;
    }
    if (lit(p, "sacrifice")) {
        if (number(p, &v, 1) && filter(p, &f, &pl, &kind) && kind == N_PERMANENT && NUM(pl, v > 1) &&
            f.ctl == CTL_ANY && !c->sac_n) {
            c->sac_n = (uint8_t)v;
            c->sac = f;
            return 1;
        }
        p->i = save;
        return 0;
    }
    if (lit(p, "discard")) {
        if (lit(p, "a card")) { c->discard_n = 1; c->discard = fany(); c->discard.zone = ZONE_HAND; return 1; }
        if (number(p, &v, 1) && filter(p, &f, &pl, &kind) && kind == N_CARD && NUM(pl, v > 1) &&
            f.zone == ZONE_BATTLEFIELD) {
            c->discard_n = (uint8_t)v;
            f.zone = ZONE_HAND;
            c->discard = f;
            return 1;
        }
        p->i = save;
        return 0;
    }
    if (lit(p, "pay")) {
        if (number(p, &v, 0) && lit(p, "life")) { c->life = (uint8_t)v; return 1; }
        p->i = save;
        return 0;
    }
    if (lit(p, "remove a +1/+1 counter from ~")) { c->remove_counters = 1; return 1; }
    return 0;
}

static void cost_init(Cost *c)
{
    memset(c, 0, sizeof *c);
    c->sac = fany();
    c->discard = fany();
}

/* "cost, cost, cost" before ":" */
static int cost(P *p, Cost *c)
{
    int save = p->i;
    cost_init(c);
    if (!cost_part(p, c)) return 0;
    while (lit(p, ",")) {
        /* "Sacrifice a creature" after a comma is capitalized in print */
        if (!cost_part(p, c)) { p->i = save; return 0; }
    }
    return 1;
}

/* ---------------------------------------------------------------- lines */

static void ab_init(Ability *a, int kind)
{
    memset(a, 0, sizeof *a);
    a->kind = (uint8_t)kind;
    a->trig_filter = fany();
    cost_init(&a->cost);
}

static void self_ref(Ref *r)
{
    memset(r, 0, sizeof *r);
    r->kind = R_OBJ;
    r->who = SEL_SELF;
    r->source = 1;
    r->f = fany();
}

/* Activation restrictions after an activated ability's effects. */
static int restrictions(P *p)
{
    while (!at_end(p)) {
        if (lit(p, "activate only as a sorcery .")) p->a->timing |= TM_SORCERY;
        else if (lit(p, "activate only once each turn .")) p->a->timing |= TM_ONCE;
        else if (lit(p, "activate only during your upkeep .")) p->a->timing |= TM_UPKEEP;
        else if (lit(p, "activate no more than twice each turn .")) p->a->timing |= TM_TWICE;
        else if (lit(p, "activate only during your turn .")) p->a->timing |= TM_YOUR_TURN;
        else if (lit(p, "activate only if ~ is attacking .")) p->a->timing |= TM_ATTACKING;
        else return 0;
    }
    return 1;
}

/* Sentences of an activated or loyalty ability, then its restrictions. A
 * target "defending player controls" needs "Activate only if ~ is
 * attacking": its controller is then the attacking player, and the
 * defending player its opponent (506.2, two players). */
static int ability_body(P *p)
{
    if (at_end(p)) return 0;
    p->defending = 0;
    while (!at_end(p) && !peek(p, "activate")) {
        if (!sentence(p)) return 0;
    }
    if (!restrictions(p)) return 0;
    return !p->defending || (p->a->timing & TM_ATTACKING);
}

/* "that player": the player of the triggering event. */
static void event_player(P *p)
{
    memset(&p->that_player, 0, sizeof p->that_player);
    p->that_player.kind = R_PLAYER;
    p->that_player.who = SEL_EVENT_PLAYER;
}

/* "that creature" (and "it", when set_it): the object of the triggering event. */
static void event_object(P *p, int set_it)
{
    memset(&p->that_obj, 0, sizeof p->that_obj);
    p->that_obj.kind = R_OBJ;
    p->that_obj.who = SEL_EVENT_OBJECT;
    p->that_obj.f = fany();
    if (set_it) p->it = p->that_obj;
}

/* "When enchanted creature attacks or blocks,", "Whenever equipped creature
 * deals combat damage to a player,": the permanent the source is attached
 * to is the event's object, and "it" ("its controller"). */
static int attached_trigger(P *p, int *twin)
{
    Ability *a = p->a;
    int save = p->i;
    if (!lit(p, "when|whenever enchanted|equipped creature|permanent")) return 0;
    if (lit(p, "attacks or blocks ,")) { a->trigger = TR_ATTACHED_ATTACKS; *twin = TR_ATTACHED_BLOCKS; }
    else if (lit(p, "attacks ,")) a->trigger = TR_ATTACHED_ATTACKS;
    else if (lit(p, "blocks ,")) a->trigger = TR_ATTACHED_BLOCKS;
    else if (lit(p, "dies ,")) a->trigger = TR_ATTACHED_DIES;
    else if (lit(p, "deals damage ,")) a->trigger = TR_ATTACHED_DEALS_DAMAGE;
    else if (lit(p, "deals combat damage to a player ,")) { a->trigger = TR_ATTACHED_COMBAT_DAMAGE_PLAYER; event_player(p); }
    else if (lit(p, "becomes the target of a spell or ability ,")) a->trigger = TR_ATTACHED_BECOMES_TARGET;
    else if (lit(p, "becomes tapped ,")) a->trigger = TR_ATTACHED_TAPPED;
    else { p->i = save; return 0; }
    memset(&p->it, 0, sizeof p->it);
    p->it.kind = R_OBJ;
    p->it.who = SEL_ATTACHED;
    p->it.f = fany();
    return 1;
}

/* The trigger condition, up to its comma. Sets a->trigger and p's "it".
 * *twin: a second trigger event of the same ability ("enters the
 * battlefield or attacks"), -1 if none. */
static int trigger(P *p, int *twin)
{
    Ability *a = p->a;
    Filter f;
    int pl, kind, save = p->i;
    *twin = -1;
    self_ref(&p->it);
    if (lit(p, "when|whenever ~")) {
        if (lit(p, "enters the battlefield or attacks ,")) { a->trigger = TR_ETB; *twin = TR_ATTACKS; return 1; }
        if (lit(p, "enters the battlefield ,")) { a->trigger = TR_ETB; return 1; }
        if (lit(p, "dies ,")) { a->trigger = TR_DIES; return 1; }
        if (lit(p, "leaves the battlefield ,")) { a->trigger = TR_LEAVES; return 1; }
        /* what "dies" means for a creature (700.4), said of any permanent */
        if (lit(p, "is put into a graveyard from the battlefield ,")) { a->trigger = TR_DIES; return 1; }
        if (lit(p, "attacks ,")) { a->trigger = TR_ATTACKS; return 1; }
        if (lit(p, "blocks or becomes blocked ,")) { a->trigger = TR_BLOCKS; *twin = TR_BLOCKED; return 1; }
        if (lit(p, "attacks or blocks ,")) { a->trigger = TR_ATTACKS; *twin = TR_BLOCKS; return 1; }
        if (lit(p, "blocks ,")) { a->trigger = TR_BLOCKS; return 1; }
        if (lit(p, "becomes blocked ,")) { a->trigger = TR_BLOCKED; return 1; }
        if (lit(p, "deals combat damage to a player ,")) {
            a->trigger = TR_COMBAT_DAMAGE_PLAYER;
            memset(&p->that_player, 0, sizeof p->that_player);
            p->that_player.kind = R_PLAYER;
            p->that_player.who = SEL_EVENT_PLAYER;
            return 1;
        }
        if (lit(p, "becomes the target of a spell or ability ,")) { a->trigger = TR_BECOMES_TARGET; return 1; }
        if (lit(p, "becomes the target of a spell or ability an opponent controls ,")) {
            a->trigger = TR_BECOMES_TARGET_BY;
            a->trig_ctl = CTL_OPP;
            return 1;
        }
        if (lit(p, "deals damage to an opponent ,")) {
            a->trigger = TR_DAMAGE_OPPONENT;
            event_player(p);
            return 1;
        }
        if (lit(p, "blocks or becomes blocked by a creature ,")) {
            a->trigger = TR_BLOCKS_CREATURE;
            *twin = TR_BLOCKED_BY_CREATURE;
            event_object(p, 0);
            return 1;
        }
        if (lit(p, "blocks a creature ,")) { a->trigger = TR_BLOCKS_CREATURE; event_object(p, 0); return 1; }
        if (lit(p, "becomes blocked by a creature ,")) {
            a->trigger = TR_BLOCKED_BY_CREATURE;
            event_object(p, 0);
            return 1;
        }
        p->i = save;
        return 0;
    }
    if (attached_trigger(p, twin)) return 1;
    if (lit(p, "whenever a source deals damage to ~ ,")) {
        a->trigger = TR_DEALT_DAMAGE;
        event_player(p);  /* "that source's controller" */
        return 1;
    }
    if (lit(p, "whenever a creature dealt damage by ~ this turn dies ,")) {
        a->trigger = TR_DAMAGED_CREATURE_DIES;
        return 1;
    }
    if (lit(p, "whenever another|a")) {
        int other = !strcmp(p->lx->t[p->i - 1].w, "another");
        if (filter(p, &f, &pl, &kind) && SG(pl) && kind == N_PERMANENT && !f.other) {
            f.other = (uint8_t)other;
            if (lit(p, "enters the battlefield")) {
                int opp = 0;
                if (lit(p, "under your control")) { if (f.ctl) goto fail; f.ctl = CTL_YOU; }
                else if (lit(p, "under an opponent's control")) { if (f.ctl) goto fail; f.ctl = CTL_OPP; opp = 1; }
                if (!lit(p, ",")) goto fail;
                a->trigger = TR_OTHER_ETB;
                a->trig_filter = f;
                memset(&p->it, 0, sizeof p->it);
                p->it.kind = R_OBJ;
                p->it.who = SEL_EVENT_OBJECT;
                if (opp) {
                    /* "that player": the opponent it entered under, its controller */
                    memset(&p->that_player, 0, sizeof p->that_player);
                    p->that_player.kind = R_PLAYER;
                    p->that_player.who = SEL_EVENT_CONTROLLER;
                }
                return 1;
            }
            /* Circle of Flame: with two players, a creature attacking you or a planeswalker
             * you control is an opponent's attacking creature */
            if (!other && f.ctl == CTL_ANY && f.types == TYPE_CREATURE &&
                lit(p, "attacks you or a planeswalker you control ,")) {
                f.ctl = CTL_OPP;
                a->trigger = TR_OTHER_ATTACKS;
                a->trig_filter = f;
                event_object(p, 1);
                return 1;
            }
            if (lit(p, "becomes tapped ,")) {
                a->trigger = TR_OTHER_TAPPED;
                a->trig_filter = f;
                event_object(p, 1);
                return 1;
            }
            if (lit(p, "dies ,") && (f.types == TYPE_CREATURE)) {
                a->trigger = TR_OTHER_DIES;
                a->trig_filter = f;
                memset(&p->it, 0, sizeof p->it);
                p->it.kind = R_OBJ;
                p->it.who = SEL_EVENT_OBJECT;
                return 1;
            }
        }
        p->i = save;
        a->trig_filter = fany();
    }
    if (lit(p, "whenever")) {
        int ctl = -1;
        if (lit(p, "a player casts a|an")) ctl = CTL_ANY;
        else if (lit(p, "you cast a|an")) ctl = CTL_YOU;
        else if (lit(p, "an opponent casts a|an")) ctl = CTL_OPP;
        if (ctl >= 0) {
            if (!filter(p, &f, &pl, &kind) || pl || kind != N_SPELL || !lit(p, ",")) goto fail;
            a->trigger = TR_CAST;
            a->trig_ctl = (uint8_t)ctl;
            a->trig_filter = f;
            return 1;
        }
        if (lit(p, "you gain life ,")) { a->trigger = TR_GAIN_LIFE; return 1; }
        ctl = -1;
        if (lit(p, "an opponent")) ctl = CTL_OPP;
        else if (lit(p, "a player")) ctl = CTL_ANY;
        else if (lit(p, "you")) ctl = CTL_YOU;
        /* Chandra's Phoenix: "Whenever an opponent is dealt damage by a red instant or sorcery
         * spell you control or by a red planeswalker you control," (the sources as one filter:
         * their card types, colors and controller) */
        if (ctl == CTL_OPP && lit(p, "is dealt damage by a|an")) {
            Filter f2;
            int pl2, kind2;
            if (!filter(p, &f, &pl, &kind) || pl || (kind != N_SPELL && kind != N_PERMANENT)) goto fail;
            if (kind == N_SPELL && f.ctl == CTL_ANY && lit(p, "you control")) f.ctl = CTL_YOU;   /* a spell's controller */
            if (lit(p, "or by a|an")) {
                if (!filter(p, &f2, &pl2, &kind2) || pl2 || (kind2 != N_SPELL && kind2 != N_PERMANENT)) goto fail;
                if (kind2 == N_SPELL && f2.ctl == CTL_ANY && lit(p, "you control")) f2.ctl = CTL_YOU;
                if (f2.colors != f.colors || f2.ctl != f.ctl || f2.colors_not || f2.types_not || f2.subtype[0] || f2.state)
                    goto fail;
                f.types |= f2.types;
            }
            if (!lit(p, ",") || f.ctl != CTL_YOU) goto fail;
            f.zone = ZONE_BATTLEFIELD;
            a->trigger = TR_OPP_DAMAGED_BY;
            a->trig_ctl = CTL_OPP;
            a->trig_filter = f;
            event_player(p);
            return 1;
        }
        if (ctl >= 0) {
            if (lit(p, "taps|tap a land for mana ,")) a->trigger = TR_TAP_LAND;
            else if (lit(p, "is|are dealt noncombat damage ,")) a->trigger = TR_PLAYER_NONCOMBAT_DAMAGE;
            else if (lit(p, "draws|draw a card ,")) a->trigger = TR_DRAW;
            else if (lit(p, "discards|discard a card ,")) a->trigger = TR_DISCARD;
            else goto fail;
            a->trig_ctl = (uint8_t)ctl;
            event_player(p);
            return 1;
        }
        goto fail;
    }
    if (lit(p, "at the beginning of")) {
        if (lit(p, "your upkeep ,")) { a->trigger = TR_UPKEEP; a->trig_ctl = CTL_YOU; return 1; }
        if (lit(p, "each upkeep ,")) { a->trigger = TR_UPKEEP; a->trig_ctl = CTL_ANY; return 1; }
        if (lit(p, "each player's upkeep ,") || lit(p, "each opponent's upkeep ,")) {
            a->trigger = TR_UPKEEP;
            a->trig_ctl = p->lx->t[p->i - 3].w[0] == 'p' ? CTL_ANY : CTL_OPP;  /* "player's" or "opponent's" */
            memset(&p->that_player, 0, sizeof p->that_player);
            p->that_player.kind = R_PLAYER;
            p->that_player.who = SEL_EVENT_PLAYER;
            /* an intervening "if" (603.4): Lavaborn Muse */
            int v, s2 = p->i;
            if (lit(p, "if that player has")) {
                if (!number(p, &v, 0) || !lit(p, "or fewer cards in hand ,")) { p->i = s2; goto fail; }
                a->cond = COND_EVENT_HAND_AT_MOST;
                a->cond_n = (int8_t)v;
            }
            return 1;
        }
        if (lit(p, "the end step ,")) {
            a->trigger = TR_END_STEP;
            a->trig_ctl = CTL_ANY;
            /* intervening "if" clauses (603.4) */
            int v;
            if (lit(p, "if no creatures are on the battlefield ,")) a->cond = COND_NO_CREATURES;
            else if (lit(p, "if enchanted creature's power is")) {
                if (!number(p, &v, 0) || !lit(p, "or greater ,")) goto fail;
                a->cond = COND_ATTACHED_POWER_AT_LEAST;
                a->cond_n = (int8_t)v;
            }
            return 1;
        }
        if (lit(p, "the upkeep of enchanted creature's controller ,")) {
            a->trigger = TR_UPKEEP;
            a->trig_ctl = CTL_ATTACHED;
            event_player(p);
            return 1;
        }
        if (lit(p, "each player's draw step ,")) {
            a->trigger = TR_DRAW_STEP;
            a->trig_ctl = CTL_ANY;
            event_player(p);
            if (lit(p, "if ~ is untapped ,")) a->cond = COND_SELF_UNTAPPED;
            return 1;
        }
        if (lit(p, "your end step ,")) { a->trigger = TR_END_STEP; a->trig_ctl = CTL_YOU; return 1; }
    }
fail:
    p->i = save;
    return 0;
}

/* "As long as you control a Griffin creature,", "As long as you have 30 or
 * more life,", "As long as ~ is enchanted,", "As long as the top card of
 * your library is black,", "During your turn,": the condition of a static
 * ability (into p->a). */
static int static_condition(P *p)
{
    Ability *a = p->a;
    int save = p->i, v, pl, kind;
    Filter f;
    if (lit(p, "during your turn ,")) {
        a->cond = COND_YOUR_TURN;
        return 1;
    }
    if (!lit(p, "as long as")) return 0;
    if (lit(p, "you control a|an")) {
        if (filter(p, &f, &pl, &kind) && SG(pl) && kind == N_PERMANENT && f.ctl == CTL_ANY && lit(p, ",")) {
            f.ctl = CTL_YOU;
            a->cond = COND_YOU_CONTROL;
            a->trig_filter = f;
            return 1;
        }
    } else if (lit(p, "you have")) {
        if (number(p, &v, 0) && lit(p, "or more life ,")) {
            a->cond = COND_LIFE_AT_LEAST;
            a->cond_n = (int8_t)v;
            return 1;
        }
    } else if (lit(p, "~ is enchanted ,")) {
        a->cond = COND_SELF_ENCHANTED;
        return 1;
    } else if (lit(p, "the top card of your library is")) {
        uint8_t cb;
        if (colors(p, &cb) && lit(p, ",")) {             /* Vampire Nocturnus: "is black," */
            a->cond = COND_TOP_CARD_COLOR;
            a->trig_filter.colors = cb;
            return 1;
        }
    }
    p->i = save;
    a->trig_filter = fany();
    return 0;
}

/* "~ and other Vampire creatures you control get +2/+1 and have flying."
 * (Vampire Nocturnus, static): a subject of two, the source itself and the
 * other permanents the filter names; the verbs, joined by "and", are read
 * for each in turn (the source's effects first), one sentence. */
static int self_and_others(P *p)
{
    Snap s;
    snap(p, &s);
    int from = p->a->n_effects;
    Ref self, rest;
    if (p->ctx != C_STATIC || !lit(p, "~ and")) return 0;
    if (!ref(p, &rest, A_OBJ | A_BARE) || rest.who != SEL_ALL || !rest.f.other || rest.f.zone != ZONE_BATTLEFIELD) {
        restore(p, &s);
        return 0;
    }
    memset(&self, 0, sizeof self);
    self.kind = R_OBJ;
    self.who = SEL_SELF;
    self.source = 1;
    self.f = fany();
    int verbs = p->i, end = -1;
    for (int k = 0; k < 2; k++) {
        const Ref *subj = k ? &rest : &self;
        p->i = verbs;
        if (!vp_pt_kw(p, subj)) { restore(p, &s); return 0; }
        while (lit(p, "and"))
            if (!vp_pt_kw(p, subj)) { restore(p, &s); return 0; }
        if (end >= 0 && p->i != end) { restore(p, &s); return 0; }
        end = p->i;
    }
    if (!settle(p, from, 0, DUR_EOT) || !lit(p, ".")) { restore(p, &s); return 0; }
    return 1;
}

/* A keyword line: "Flying, first strike, protection from black",
 * "Bloodthirst 2". Adds the engine's keywords to *kw and an ability per
 * other keyword to out. */
static int keyword_line(P *p, uint16_t *kw, TextCard *out)
{
    int save = p->i;
    uint16_t bits = 0;
    int n0 = out->n;
    for (;;) {
        KwList k;
        int v;
        memset(&k, 0, sizeof k);
        if (lit(p, "bloodthirst")) {
            if (!number(p, &v, 0) || v < 1 || out->n >= TEXT_ABILITY_MAX) goto fail;
            Ability *a = &out->ab[out->n++];
            ab_init(a, AB_ETB_COUNTERS);
            a->cond = COND_OPP_DAMAGED;
            P q = *p;
            q.a = a;
            Effect *e = neweff(&q, OP_COUNTERS);
            e->who = SEL_SELF;
            e->n.n = (int8_t)v;
        } else if (kw_item(p, &k)) {
            bits |= k.kw;
            if (k.n) {
                if (out->n >= TEXT_ABILITY_MAX) goto fail;
                Ability *a = &out->ab[out->n++];
                ab_init(a, AB_STATIC);
                for (int j = 0; j < k.n; j++) {
                    Effect *e = &a->effect[a->n_effects++];
                    memset(e, 0, sizeof *e);
                    e->op = OP_RULE;
                    e->who = SEL_SELF;
                    e->arg2 = k.rule[j];
                    e->dur = DUR_STATIC;
                    e->n.n = 1;
                    e->sel = fany();
                    e->param = k.sel[j];
                    e->count = fany();
                }
            }
        } else {
            goto fail;
        }
        if (at_end(p)) break;
        if (!lit(p, ",")) goto fail;
    }
    *kw |= bits;
    return 1;
fail:
    p->i = save;
    out->n = n0;
    return 0;
}

/* Lines of a permanent (or an instant's or sorcery's static lines). */
static int permanent_line(P *p, TextCard *out, unsigned types)
{
    Snap s;
    int twin;
    Ability *a;
    if (out->n >= TEXT_ABILITY_MAX) return 0;
    a = &out->ab[out->n];
    p->a = a;
    memset(&p->it, 0, sizeof p->it);
    memset(&p->that_obj, 0, sizeof p->that_obj);
    memset(&p->that_player, 0, sizeof p->that_player);

    /* 100.2a: a deck-construction rule, no ability in the game (decks are
     * not limited to four copies here) */
    if (lit(p, "a deck can have any number of cards named ~ .") && at_end(p)) return 1;
    /* Enchant <filter> */
    ab_init(a, AB_ENCHANT);
    snap(p, &s);
    if ((types & TYPE_ENCHANTMENT) && lit(p, "enchant")) {
        Filter f;
        int pl, kind;
        if (filter(p, &f, &pl, &kind) && SG(pl) && kind == N_PERMANENT && at_end(p)) {
            a->trig_filter = f;
            out->n++;
            return 1;
        }
        restore(p, &s);
    }
    /* Equip {N} */
    ab_init(a, AB_EQUIP);
    if ((types & TYPE_ARTIFACT) && lit(p, "equip")) {
        if (mana_symbols(p, &a->cost) && at_end(p)) { out->n++; return 1; }
        p->i = s.i;
    }
    /* [+N]: effects */
    ab_init(a, AB_LOYALTY);
    {
        const char *w = cur(p);
        if (w[0] == '[' && (types & TYPE_PLANESWALKER)) {
            char *end;
            long v = strtol(w + 1, &end, 10);
            int minus_x = (w[1] == '-' && (w[2] == 'X' || w[2] == 'x') && w[3] == ']' && !w[4]);  /* [-X] */
            if (minus_x || (end != w + 1 && end[0] == ']' && !end[1] && (w[1] == '+' || w[1] == '-' || w[1] == '0'))) {
                p->i++;
                a->cost.loyalty = (int8_t)(minus_x ? 0 : v);
                a->cost.x = (uint8_t)minus_x;
                p->ctx = C_ABILITY;
                if (lit(p, ":") && ability_body(p)) { out->n++; return 1; }
            }
            restore(p, &s);
            return 0;
        }
    }
    /* cost: effects */
    ab_init(a, AB_ACTIVATED);
    if (cost(p, &a->cost) && lit(p, ":")) {
        p->ctx = C_ABILITY;
        self_ref(&p->it);
        if (ability_body(p)) {
            int mana = 0;
            for (int k = 0; k < a->n_effects; k++) mana |= a->effect[k].op == OP_ADD_MANA || a->effect[k].op == OP_DOUBLE_MANA;
            if (mana && a->n_targets == 0) a->kind = AB_MANA;
            out->n++;
            return 1;
        }
        restore(p, &s);
        return 0;
    }
    restore(p, &s);
    /* triggers */
    ab_init(a, AB_TRIGGERED);
    if (trigger(p, &twin)) {
        p->ctx = C_ABILITY;
        if (sentences(p)) {
            out->n++;
            if (twin >= 0) {
                if (out->n >= TEXT_ABILITY_MAX) return 0;
                out->ab[out->n] = *a;
                out->ab[out->n].trigger = (uint8_t)twin;
                out->n++;
            }
            return 1;
        }
        restore(p, &s);
        return 0;
    }
    restore(p, &s);
    /* 614.12: "As ~ enters the battlefield, choose a creature type." */
    ab_init(a, AB_CHOOSE_TYPE);
    if (lit(p, "as ~ enters the battlefield , choose a creature type .") && at_end(p)) {
        p->chose_type = 1;
        out->n++;
        return 1;
    }
    restore(p, &s);
    ab_init(a, AB_CHOOSE_COLOR);                   /* likewise a color (Voice of All) */
    if (lit(p, "as ~ enters the battlefield , choose a color .") && at_end(p)) {
        p->chose_color = 1;
        out->n++;
        return 1;
    }
    restore(p, &s);
    /* ~ enters the battlefield tapped [unless you control a X or a Y]. */
    ab_init(a, AB_ETB_TAPPED);
    if (lit(p, "~ enters the battlefield tapped")) {
        if (lit(p, ".") && at_end(p)) { out->n++; return 1; }
        if (lit(p, "unless you control a|an")) {
            int pl, id = subtype_word(p, &pl);
            Filter f = fany();
            if (id && SG(pl) && add_subtype(&f, id) && lit(p, "or a|an")) {
                int id2 = subtype_word(p, &pl);
                if (id2 && SG(pl) && add_subtype(&f, id2) && lit(p, ".") && at_end(p)) {
                    f.types = TYPE_LAND;
                    f.ctl = CTL_YOU;
                    a->trig_filter = f;
                    out->n++;
                    return 1;
                }
            }
        }
        restore(p, &s);
        return 0;
    }
    /* ~ enters the battlefield with N +1/+1 counters on it. */
    ab_init(a, AB_ETB_COUNTERS);
    if (lit(p, "~ enters the battlefield with")) {
        Qty q;
        if (qty(p, &q, 1) && lit(p, q.kind == QTY_CONST && q.n == 1 ? "+1/+1 counter on it ." : "+1/+1 counters on it .") &&
            at_end(p)) {
            Effect *e = neweff(p, OP_COUNTERS);
            e->who = SEL_SELF;
            e->n = q;
            out->n++;
            return 1;
        }
        restore(p, &s);
        return 0;
    }
    /* ~'s power and toughness are each equal to the number of ... */
    ab_init(a, AB_STATIC);
    if (lit(p, "~ 's power and toughness are each equal to")) {
        Filter f;
        if (count_def(p, &f) && lit(p, ".") && at_end(p)) {
            Effect *e = neweff(p, OP_SET_PT);
            e->who = SEL_SELF;
            e->dur = DUR_STATIC;
            e->n.kind = QTY_COUNT;
            e->count = f;
            out->n++;
            return 1;
        }
        restore(p, &s);
        return 0;
    }
    /* Fire Servant: "If a red instant or sorcery spell you control would deal damage,
     * it deals double that damage instead." */
    ab_init(a, AB_STATIC);
    if (lit(p, "if a|an")) {
        Filter f;
        int pl, kind;
        if (filter(p, &f, &pl, &kind) && SG(pl) && kind == N_SPELL && f.ctl == CTL_ANY && lit(p, "you control") &&
            lit(p, "would deal damage , it deals double that damage instead .") && at_end(p)) {
            f.ctl = CTL_YOU;                                 /* effect.c's doublers: its controller's */
            Effect *e = neweff(p, OP_DOUBLE_DAMAGE);
            e->who = SEL_YOU;
            e->dur = DUR_STATIC;
            e->sel = f;
            out->n++;
            return 1;
        }
        restore(p, &s);
    }
    /* Furnace of Rath: "If a source would deal damage to a permanent or player, it
     * deals double that damage to that permanent or player instead." (614.1a): every
     * source's damage, to anything (who SEL_NONE: the whole game's, damage.h's
     * damage_doublers). */
    ab_init(a, AB_STATIC);
    if (lit(p, "if a source would deal damage to a permanent or player , it deals double that damage to that "
               "permanent or player instead .") && at_end(p)) {
        Effect *e = neweff(p, OP_DOUBLE_DAMAGE);
        e->who = SEL_NONE;
        e->dur = DUR_STATIC;
        out->n++;
        return 1;
    }
    restore(p, &s);
    /* Heart of Light: "Prevent all damage that would be dealt to and dealt by enchanted
     * creature." (615): a static ability of the Aura (SEL_ATTACHED, PREVENT_DEALT_BY:
     * damage.h's damage_attached_prevents) */
    ab_init(a, AB_STATIC);
    if (lit(p, "prevent all damage that would be dealt to and dealt by enchanted creature .") && at_end(p)) {
        Effect *e = neweff(p, OP_PREVENT_ALL);
        e->who = SEL_ATTACHED;
        e->arg2 = PREVENT_DEALT_BY;
        e->dur = DUR_STATIC;
        out->n++;
        return 1;
    }
    restore(p, &s);
    /* Pariah: "All damage that would be dealt to you is dealt to enchanted creature
     * instead." (614.9, a redirection effect: damage.h's damage_redirect) */
    ab_init(a, AB_STATIC);
    if (lit(p, "all damage that would be dealt to you is dealt to enchanted creature instead .") && at_end(p)) {
        Effect *e = neweff(p, OP_REDIRECT);
        e->who = SEL_YOU;
        e->arg2 = REDIRECT_ATTACHED;
        e->dur = DUR_STATIC;
        out->n++;
        return 1;
    }
    restore(p, &s);
    /* Guardian Seraph: "If a source an opponent controls would deal damage to you,
     * prevent 1 of that damage." (615) */
    ab_init(a, AB_STATIC);
    if (lit(p, "if a source an opponent controls would deal damage to you , prevent")) {
        int v;
        if (number(p, &v, 0) && v > 0 && lit(p, "of that damage .") && at_end(p)) {
            Effect *e = neweff(p, OP_PREVENT_NEXT);
            e->who = SEL_YOU;
            e->dur = DUR_STATIC;
            e->n.n = (int8_t)v;
            e->sel.ctl = CTL_OPP;
            out->n++;
            return 1;
        }
        restore(p, &s);
        return 0;
    }
    restore(p, &s);
    /* Platinum Angel; Darksteel Colossus */
    ab_init(a, AB_STATIC);
    if (lit(p, "you can't lose the game and your opponents can't win the game .") && at_end(p)) {
        Effect *e = neweff(p, OP_RULE);
        e->who = SEL_YOU;
        e->arg2 = RULE_CANT_LOSE;
        e->dur = DUR_STATIC;
        e = neweff(p, OP_RULE);
        e->who = SEL_OPPONENTS;
        e->arg2 = RULE_CANT_WIN;
        e->dur = DUR_STATIC;
        out->n++;
        return 1;
    }
    restore(p, &s);
    ab_init(a, AB_STATIC);
    if (lit(p, "if ~ would be put into a graveyard from anywhere , reveal ~ and shuffle it into its owner's library instead .") &&
        at_end(p)) {
        Effect *e = neweff(p, OP_RULE);
        e->who = SEL_SELF;
        e->arg2 = RULE_SHUFFLE_INSTEAD;
        e->dur = DUR_STATIC;
        out->n++;
        return 1;
    }
    restore(p, &s);
    ab_init(a, AB_STATIC);
    /* Rhox: the creature's own rules ability (combat.c reads it as damage
     * is assigned, 510.1c) */
    if (lit(p, "you may have ~ assign its combat damage as though it weren't blocked .") && at_end(p)) {
        Effect *e = neweff(p, OP_RULE);
        e->who = SEL_SELF;
        e->arg2 = RULE_ASSIGN_AS_UNBLOCKED;
        e->dur = DUR_STATIC;
        out->n++;
        return 1;
    }
    restore(p, &s);
    ab_init(a, AB_STATIC);
    /* If ~ is in your opening hand, ... */
    if (lit(p, "if ~ is in your opening hand , you may begin the game with it on the battlefield .") && at_end(p)) {
        Effect *e = neweff(p, OP_RULE);
        e->who = SEL_SELF;
        e->arg2 = RULE_OPENING_HAND;
        e->dur = DUR_STATIC;
        out->n++;
        return 1;
    }
    restore(p, &s);
    /* static abilities: "As long as <condition>, <one sentence>" */
    ab_init(a, AB_STATIC);
    p->ctx = C_STATIC;
    self_ref(&p->it);
    if (static_condition(p)) {
        if ((self_and_others(p) || sentence(p)) && at_end(p)) { out->n++; return 1; }
        restore(p, &s);
        return 0;
    }
    if (lit(p, "damage can't be prevented .") && at_end(p)) {
        Effect *e = neweff(p, OP_RULE);  /* the game's rule, on no object */
        e->who = SEL_NONE;
        e->arg2 = RULE_NO_PREVENTION;
        e->dur = DUR_STATIC;
        out->n++;
        return 1;
    }
    restore(p, &s);
    ab_init(a, AB_STATIC);
    /* Joiner Adept: a mana ability granted to lands (the quotation's own
     * period ends the sentence) */
    if (lit(p, "lands you control have \" {t} : add one mana of any color . \"") && at_end(p)) {
        Effect *e = neweff(p, OP_RULE);
        e->who = SEL_ALL;
        e->sel.types = TYPE_LAND;
        e->sel.ctl = CTL_YOU;
        e->arg2 = RULE_TAP_ANY_COLOR;
        e->dur = DUR_STATIC;
        out->n++;
        return 1;
    }
    restore(p, &s);
    ab_init(a, AB_STATIC);
    if (lit(p, "untap all permanents you control during each other player's untap step .") && at_end(p)) {
        Effect *e = neweff(p, OP_RULE);
        e->who = SEL_ALL;
        e->sel.ctl = CTL_YOU;
        e->arg2 = RULE_UNTAP_OTHERS_STEP;
        e->dur = DUR_STATIC;
        out->n++;
        return 1;
    }
    restore(p, &s);
    ab_init(a, AB_STATIC);
    p->ctx = C_STATIC;
    self_ref(&p->it);
    /* "~ can't attack unless there are five or more Islands on the battlefield.": it
     * can't attack while there are fewer */
    if (lit(p, "~ can't attack unless there are")) {
        int v, pl, kind;
        Filter f;
        if (number(p, &v, 0) && lit(p, "or more") && filter(p, &f, &pl, &kind) && PL(pl) && kind == N_PERMANENT &&
            f.ctl == CTL_ANY && lit(p, "on the battlefield .") && at_end(p)) {
            Effect *e = neweff(p, OP_RULE);
            e->who = SEL_SELF;
            e->arg2 = RULE_CANT_ATTACK;
            e->dur = DUR_STATIC;
            a->cond = COND_FEWER_THAN;
            a->cond_n = (int8_t)v;
            a->trig_filter = f;
            out->n++;
            return 1;
        }
        restore(p, &s);
        ab_init(a, AB_STATIC);
        self_ref(&p->it);
    }
    /* "~ has trample as long as it has ten or more +1/+1 counters on it." */
    if (lit(p, "~ has")) {
        KwList k;
        int v;
        memset(&k, 0, sizeof k);
        if (kw_list(p, &k) && k.kw && !k.n && lit(p, "as long as it has") && number(p, &v, 0) && v > 0 &&
            lit(p, "or more +1/+1 counters on it .") && at_end(p)) {
            Effect *e = neweff(p, OP_GRANT);
            e->who = SEL_SELF;
            e->kw = k.kw;
            e->dur = DUR_STATIC;
            a->cond = COND_SELF_COUNTERS_AT_LEAST;
            a->cond_n = (int8_t)v;
            out->n++;
            return 1;
        }
        restore(p, &s);
        ab_init(a, AB_STATIC);
        self_ref(&p->it);
    }
    /* "~ can't attack unless an opponent has been dealt damage this turn.": it can't
     * attack while no opponent has been */
    if (lit(p, "~ can't attack unless an opponent has been dealt damage this turn .") && at_end(p)) {
        Effect *e = neweff(p, OP_RULE);
        e->who = SEL_SELF;
        e->arg2 = RULE_CANT_ATTACK;
        e->dur = DUR_STATIC;
        a->cond = COND_NO_OPP_DAMAGED;
        out->n++;
        return 1;
    }
    if (sentences(p)) { out->n++; return 1; }
    restore(p, &s);
    return 0;
}

/* ---------------------------------------------------------- the reason */

/* Quotes s[0..n) for a reason: whole if short, else cut at a space. */
void text_quote(char *out, size_t outlen, const char *s, size_t n)
{
    if (n <= QUOTE_MAX) {
        snprintf(out, outlen, "'%.*s'", (int)n, s);
        return;
    }
    size_t cut = QUOTE_CUT;
    while (cut > 0 && s[cut] != ' ') cut--;
    if (cut == 0) {
        cut = QUOTE_CUT;
        while (cut > 0 && ((unsigned char)s[cut] & 0xC0) == 0x80) cut--;
    }
    snprintf(out, outlen, "'%.*s ...'", (int)cut, s);
}

/* The sentence of the clean text around byte at: from the line's start or
 * the last ". " before it, to its full stop or the line's end. */
static void reason_at(const Lexed *lx, size_t at, char *reason, size_t rlen)
{
    const char *t = lx->clean;
    size_t b = at, e = at;
    if (b > lx->len) b = e = lx->len;
    while (b > 0 && t[b - 1] != '\n' && !(b >= 2 && t[b - 1] == ' ' && t[b - 2] == '.')) b--;
    while (e < lx->len && t[e] != '\n' && !(t[e] == '.' && (e + 1 == lx->len || t[e + 1] == ' ' || t[e + 1] == '\n'))) e++;
    if (e < lx->len && t[e] == '.') e++;
    while (b < e && t[b] == ' ') b++;
    while (e > b && t[e - 1] == ' ') e--;
    char q[80];
    text_quote(q, sizeof q, t + b, e - b);
    snprintf(reason, rlen, "text not understood: %s", q);
}

/* ---------------------------------------------------------------- entry */

int text_parse(const char *name, unsigned types, const char *text, SubtypeTable *st, TextCard *out)
{
    Lexed lx_local;
    Lexed *lx = &lx_local;
    memset(out, 0, sizeof *out);
    if (!text) text = "";
    if (!name) name = "";
    /* Reminder text dropped. */
    size_t n = 0;
    int depth = 0;
    for (const char *s = text; *s; s++) {
        if (*s == '(') { depth++; continue; }
        if (*s == ')' && depth > 0) { depth--; continue; }
        if (depth) continue;
        if (n + 1 >= sizeof lx->clean) {
            char q[80];
            text_quote(q, sizeof q, text, strcspn(text, "\n"));
            snprintf(out->reason, sizeof out->reason, "text not understood: %s", q);
            return 1;
        }
        lx->clean[n++] = *s;
    }
    lx->clean[n] = 0;
    lx->len = n;
    if (!lex(lx, name)) {
        snprintf(out->reason, sizeof out->reason, "text not understood: longer than %d words", TOK_MAX);
        return 1;
    }
    P p;
    memset(&p, 0, sizeof p);
    p.lx = lx;
    p.st = st;
    int spell = (types & (TYPE_INSTANT | TYPE_SORCERY)) != 0;
    Ability *spell_ab = NULL;
    int line_start = 0;
    while (line_start < lx->n) {
        int e = line_start;
        while (e < lx->n && strcmp(lx->t[e].w, "\n")) e++;
        p.i = line_start;
        p.end = e;
        p.far = line_start;
        if (e > line_start) {
            int ok = keyword_line(&p, &out->keywords, out);
            if (!ok && spell) {
                /* Static lines of a spell: "This spell can't be countered." */
                if (lit(&p, "this spell can't be countered .") && at_end(&p) && out->n < TEXT_ABILITY_MAX) {
                    Ability *a = &out->ab[out->n++];
                    ab_init(a, AB_STATIC);
                    P q = p;
                    q.a = a;
                    Effect *ef = neweff(&q, OP_RULE);
                    ef->who = SEL_SELF;
                    ef->arg2 = RULE_UNCOUNTERABLE;
                    ef->dur = DUR_STATIC;
                    ok = 1;
                } else {
                    p.i = line_start;
                }
                if (!ok) {
                    if (!spell_ab) {
                        if (out->n >= TEXT_ABILITY_MAX) goto unread;
                        spell_ab = &out->ab[out->n++];
                        ab_init(spell_ab, AB_SPELL);
                    }
                    p.a = spell_ab;
                    p.ctx = C_SPELL;
                    int sp = p.i;
                    if (lit(&p, "spend only")) {
                        uint8_t cb;
                        if (colors(&p, &cb) && lit(&p, "mana on x .") && at_end(&p) && !spell_ab->cost.x_colors) {
                            spell_ab->cost.x_colors = cb;
                            ok = 1;
                        } else {
                            p.i = sp;
                        }
                    }
                    /* A cost increase by the number of targets (601.2e): "This spell costs {1}
                     * more to cast for each target beyond the first." */
                    if (!ok && lit(&p, "this spell costs")) {
                        const char *w = cur(&p);
                        int v = strlen(w) == 3 && w[0] == '{' && w[2] == '}' && w[1] >= '1' && w[1] <= '9' ? w[1] - '0' : 0;
                        if (v) p.i++;
                        if (v && lit(&p, "more to cast for each target beyond the first .") &&
                            at_end(&p) && !spell_ab->cost.per_target) {
                            spell_ab->cost.per_target = (uint8_t)v;
                            ok = 1;
                        } else {
                            p.i = sp;
                        }
                    }
                    if (!ok && lit(&p, "as an additional cost to cast this spell ,")) {
                        Cost c;
                        cost_init(&c);
                        if (cost_part(&p, &c) && lit(&p, ".") && at_end(&p) && (c.sac_n || c.discard_n || c.life)) {
                            spell_ab->cost.sac_n = c.sac_n;
                            spell_ab->cost.sac = c.sac;
                            spell_ab->cost.discard_n = c.discard_n;
                            spell_ab->cost.discard = c.discard;
                            spell_ab->cost.life = c.life;
                            ok = 1;
                        } else {
                            p.i = sp;
                        }
                    }
                    if (!ok) ok = sentences(&p);
                }
            } else if (!ok) {
                p.granting = 0;
                ok = permanent_line(&p, out, types);
                if (ok && p.granting == GRANT_ATTACHED) {   /* the quotation: an ability of its own */
                    if (out->n >= TEXT_ABILITY_MAX) goto unread;
                    Ability *g = &out->ab[out->n];
                    P q = p;
                    q.a = g;
                    q.i = p.quote_from;
                    q.end = p.quote_to;
                    q.this_self = 1;
                    ab_init(g, AB_ACTIVATED);
                    if (!cost(&q, &g->cost) || !lit(&q, ":")) { p.far = q.far; goto unread; }
                    q.ctx = C_ABILITY;
                    self_ref(&q.it);
                    if (!ability_body(&q)) { p.far = q.far; goto unread; }
                    for (int k = 0; k < g->n_effects; k++)       /* a mana ability: not played */
                        if (g->effect[k].op == OP_ADD_MANA || g->effect[k].op == OP_DOUBLE_MANA) { p.far = q.far; goto unread; }
                    g->granted = GRANT_ATTACHED;
                    out->n++;
                } else if (ok && p.granting) {  /* the ability the line's effect grants: one of its own */
                    if (out->n >= TEXT_ABILITY_MAX) goto unread;
                    Ability *g = &out->ab[out->n++];
                    ab_init(g, AB_ACTIVATED);
                    g->cost = p.grant;
                    g->granted = GRANT_BECOME;
                    P q = p;
                    q.a = g;
                    Effect *ef = neweff(&q, OP_REGENERATE);
                    ef->who = SEL_SELF;
                }
            }
            if (!ok) {
            unread:
                reason_at(lx, p.far < lx->n ? lx->t[p.far < e ? p.far : (e > line_start ? e - 1 : line_start)].off : lx->len,
                          out->reason, sizeof out->reason);
                return 1;
            }
        }
        line_start = e + 1;
    }
    /* 607.2a: "the exiled card" names what the card's one exile effect exiled (its
     * EXILE_LINKED); with none or several, the text is not read */
    int linked = 0, exiles = 0;
    for (int k = 0; k < out->n; k++)
        for (int j = 0; j < out->ab[k].n_effects; j++) {
            linked |= out->ab[k].effect[j].who == SEL_LINKED;
            exiles += out->ab[k].effect[j].op == OP_EXILE;
        }
    if (linked && exiles != 1) {
        snprintf(out->reason, sizeof out->reason, "text not understood: 'the exiled card' of %d exile effects", exiles);
        return 1;
    }
    for (int k = 0; linked && k < out->n; k++)
        for (int j = 0; j < out->ab[k].n_effects; j++)
            if (out->ab[k].effect[j].op == OP_EXILE) out->ab[k].effect[j].arg2 = EXILE_LINKED;
    return 0;
}
