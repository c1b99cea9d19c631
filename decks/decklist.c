/* decklist.c: reads deck lists (plain text, Arena export, Forge .dck) and
 * resolves their names against the card pool.
 *
 * The format is told from the content, not the extension. Every line is
 * either understood or refused with FILE:LINE; a deck is loaded whole or
 * not at all. */
#include "decklist.h"

#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#define LINE_MAX_LEN  512   /* a longer line is not a card line */
#define SUGGEST_LEN   64    /* names compared for suggestions are cut here */

typedef enum Section {
    SEC_NONE,      /* before any header (plain text: the main deck) */
    SEC_ABOUT,     /* Arena "About": "Name ..." */
    SEC_META,      /* Forge [metadata]: KEY=VALUE */
    SEC_MAIN,      /* main deck */
    SEC_SIDE       /* sideboard */
} Section;

typedef struct Parser {
    const Pool *pool;
    const char *path;     /* for messages */
    DeckList   *out;
    char       *err;
    size_t      errlen;
    int         line;     /* current line, from 1 */
    Section     sec;
    int         blank;    /* a blank line was seen after main-deck cards (text, Arena) */
    int         side_by_blank_done; /* the sideboard's block ended with a blank line */
    int         side_line;/* line of the first sideboard card, 0 if none */
} Parser;

static int fail(Parser *ps, int line, const char *fmt, ...)
{
    char msg[400];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    snprintf(ps->err, ps->errlen, "%s:%d: %s", ps->path, line, msg);
    return -1;
}

const char *decklist_format_name(DeckFormat f)
{
    switch (f) {
    case DECK_FORMAT_ARENA: return "arena";
    case DECK_FORMAT_FORGE: return "forge";
    default: return "text";
    }
}

int decklist_group(const Deck *d, int *card, int *count, int max)
{
    int n = 0;
    for (int i = 0; i < d->n; i++) {
        int k = 0;
        while (k < n && card[k] != d->card[i]) k++;
        if (k < n) {
            count[k]++;
        } else if (n < max) {
            card[n] = d->card[i];
            count[n++] = 1;
        }
    }
    return n;
}

/* ---------------------------------------------------------- spaces */

/* A space at s (s < e): ASCII white space, or a Unicode space separator
 * (a no-break space pasted from a web page), as pool names compare them.
 * Its length in bytes, or 0. The text is valid UTF-8 (checked first). */
static size_t space_at(const char *s, const char *e)
{
    if (s >= e) return 0;
    if (isspace((unsigned char)*s)) return 1;
    char c[4] = { 0 };
    memcpy(c, s, e - s < 3 ? (size_t)(e - s) : 3);
    return pool_unicode_space(c);
}

/* A space that ends s..e: its length in bytes, or 0. */
static size_t space_before(const char *s, const char *e)
{
    if (e > s && isspace((unsigned char)e[-1])) return 1;
    if (e - s >= 2 && space_at(e - 2, e) == 2) return 2;
    if (e - s >= 3 && space_at(e - 3, e) == 3) return 3;
    return 0;
}

static const char *skip_spaces(const char *s, const char *e)
{
    for (size_t k; (k = space_at(s, e)) != 0; ) s += k;
    return s;
}

static const char *trim_spaces_end(const char *s, const char *e)
{
    for (size_t k; (k = space_before(s, e)) != 0; ) e -= k;
    return e;
}

/* ---------------------------------------------------------- suggestions */

/* Lowercased, typographic apostrophes as ', Unicode spaces as a space, cut
 * at SUGGEST_LEN bytes. */
static int fold(const char *s, char *out)
{
    int n = 0;
    const unsigned char *u = (const unsigned char *)s;
    while (*u && n < SUGGEST_LEN) {
        size_t sp = pool_unicode_space((const char *)u);
        if (u[0] == 0xE2 && u[1] == 0x80 && (u[2] == 0x98 || u[2] == 0x99)) {
            out[n++] = '\'';
            u += 3;
        } else if (sp) {
            out[n++] = ' ';
            u += sp;
        } else {
            out[n++] = (char)tolower(*u++);
        }
    }
    out[n] = 0;
    return n;
}

/* Edit distance with adjacent transpositions (optimal string alignment),
 * when it is at most limit; limit + 1 otherwise. Only cells with
 * |i - j| <= limit are computed (any other is already over the limit: a
 * length difference costs that many edits), and the walk stops once a
 * whole row is over, so a name far from the query costs little: a
 * misspelled name is compared with every card of the pool. */
static int distance(const char *a, int na, const char *b, int nb, int limit)
{
    int over = limit + 1;
    if (na - nb > limit || nb - na > limit) return over;
    int d[SUGGEST_LEN + 1][SUGGEST_LEN + 1];
    for (int i = 0; i <= na; i++) d[i][0] = i < over ? i : over;
    for (int j = 0; j <= nb; j++) d[0][j] = j < over ? j : over;
    for (int i = 1; i <= na; i++) {
        int lo = i - limit > 1 ? i - limit : 1, hi = i + limit < nb ? i + limit : nb;
        int row_min = lo == 1 ? d[i][0] : over;        /* column 0 is in the band */
        if (lo > 1) d[i][lo - 1] = over;               /* left of the band */
        for (int j = lo; j <= hi; j++) {
            int cost = a[i - 1] != b[j - 1];
            int v = d[i - 1][j - 1] + cost;
            if (j <= i - 1 + limit && d[i - 1][j] + 1 < v) v = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < v) v = d[i][j - 1] + 1;
            if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] && d[i - 2][j - 2] + 1 < v)
                v = d[i - 2][j - 2] + 1;
            if (v > over) v = over;
            d[i][j] = v;
            if (v < row_min) row_min = v;
        }
        if (row_min >= over) return over;
    }
    return d[na][nb];
}

/* Whether card i at distance d ranks before card j at distance dj. */
static int closer(const Pool *pool, int d, int i, int dj, int j)
{
    if (d != dj) return d < dj;
    return !pool_reason(pool, i) && pool_reason(pool, j);
}

int decklist_suggest(const Pool *pool, const char *name, int *out, int max)
{
    char q[SUGGEST_LEN + 1], c[SUGGEST_LEN + 1];
    int nq = fold(name, q), n = 0;
    int dist[8];
    if (max > 8) max = 8;
    /* A typo is a few edits: about one per four letters, at least two. */
    int limit = nq / 4 > 2 ? nq / 4 : 2;
    for (int i = 0; i < pool->n; i++) {
        int nc = fold(pool->cards[i].name, c);
        int d = distance(q, nq, c, nc, limit);
        if (d > limit) {
            if (nq >= 4 && strstr(c, q)) d = limit + 1;  /* a part of the name */
            else continue;
        }
        /* Keep the max nearest, supported cards first among equals. */
        if (n == max && !closer(pool, d, i, dist[max - 1], out[max - 1])) continue;
        int k = n < max ? n++ : max - 1;
        for (; k > 0 && closer(pool, d, i, dist[k - 1], out[k - 1]); k--) {
            dist[k] = dist[k - 1];
            out[k] = out[k - 1];
        }
        dist[k] = d;
        out[k] = i;
    }
    return n;
}

/* ---------------------------------------------------------------- lines */

static int streq_ci(const char *s, const char *e, const char *w)
{
    size_t n = strlen(w);
    return (size_t)(e - s) == n && !strncasecmp(s, w, n);
}

/* A header line ("Deck", "Sideboard:", ...), without its optional colon. */
static int is_header(const char *s, const char *e, const char *w)
{
    if (e > s && e[-1] == ':') e--;
    while (e > s && isspace((unsigned char)e[-1])) e--;
    return streq_ci(s, e, w);
}

/* " (M10) 180" or " (M10)" at the end of an Arena line: where it starts,
 * or e when there is none. */
static const char *arena_suffix(const char *s, const char *e)
{
    const char *t = e;
    while (t > s && !isspace((unsigned char)t[-1]) && t[-1] != ')') t--;  /* collector number */
    const char *num = t;
    while (t > s && isspace((unsigned char)t[-1])) t--;
    if (t == s || t[-1] != ')') {
        if (num == e) return e;
        t = e;  /* no number: "(M10)" may end the line */
        if (t[-1] != ')') return e;
    }
    const char *close = t - 1, *open = close;
    while (open > s && open[-1] != '(') open--;
    if (open == s || open - 1 == s) return e;
    open--;
    if (close - open < 2) return e;
    for (const char *c = open + 1; c < close; c++)
        if (!isalnum((unsigned char)*c) && *c != '_') return e;
    if (!isspace((unsigned char)open[-1])) return e;
    while (open > s && isspace((unsigned char)open[-1])) open--;
    return open;
}

/* The name as given, for a message: characters that print as nothing
 * (zero-width spaces and joiners, the soft hyphen, direction marks, the
 * byte order mark) written \uXXXX, so that a name refused for one does
 * not look like the name suggested. The text is valid UTF-8. */
static void show_name(char *out, size_t outlen, const char *name)
{
    size_t n = 0;
    for (const unsigned char *u = (const unsigned char *)name; *u && n + 7 < outlen; ) {
        unsigned cp = 0;
        int len = 1;
        if (u[0] >= 0xC2 && u[0] <= 0xDF && u[1]) { cp = (u[0] & 0x1Fu) << 6 | (u[1] & 0x3Fu); len = 2; }
        else if (u[0] >= 0xE0 && u[0] <= 0xEF && u[1] && u[2]) { cp = (u[0] & 0x0Fu) << 12 | (u[1] & 0x3Fu) << 6 | (u[2] & 0x3Fu); len = 3; }
        if (cp == 0xAD || cp == 0x180E || (cp >= 0x200B && cp <= 0x200F) || (cp >= 0x202A && cp <= 0x202E) ||
            (cp >= 0x2060 && cp <= 0x2064) || (cp >= 0x2066 && cp <= 0x2069) || cp == 0xFEFF) {
            n += (size_t)snprintf(out + n, outlen - n, "\\u%04X", cp);
        } else {
            for (int k = 0; k < len; k++) out[n++] = (char)u[k];
        }
        u += len;
    }
    out[n] = 0;
}

/* Adds count copies of a card (resolved in the pool) to the current section. */
static int add_card(Parser *ps, long count, const char *name, size_t nlen, int side)
{
    char nm[LINE_MAX_LEN + 1];
    memcpy(nm, name, nlen);
    nm[nlen] = 0;
    int i = pool_find(ps->pool, nm);
    if (i < 0) {
        int sug[3];
        int ns = decklist_suggest(ps->pool, nm, sug, 3);
        char shown[LINE_MAX_LEN + 1];
        show_name(shown, sizeof shown, nm);
        if (ns == 0)
            return fail(ps, ps->line, "unknown card '%s': not in the card pool "
                        "(`mtgsim cards` lists the pool)", shown);
        char list[200];
        size_t n = 0;
        for (int k = 0; k < ns && n < sizeof list; k++)
            n += (size_t)snprintf(list + n, sizeof list - n, "%s'%s'",
                                  k == 0 ? "" : k + 1 == ns ? " or " : ", ", ps->pool->cards[sug[k]].name);
        return fail(ps, ps->line, "unknown card '%s': did you mean %s?", shown, list);
    }
    const char *why = pool_reason(ps->pool, i);
    if (why && !side)
        return fail(ps, ps->line, "card '%s' is not supported: %s", ps->pool->cards[i].name, why);
    Deck *d = side ? &ps->out->side : &ps->out->main;
    if (d->n + count > DECK_MAX)
        return fail(ps, ps->line, "the %s would hold %ld cards, more than %d",
                    side ? "sideboard" : "main deck", d->n + count, DECK_MAX);
    for (long k = 0; k < count; k++) d->card[d->n++] = (uint16_t)i;
    if (side && !ps->side_line) ps->side_line = ps->line;
    return 0;
}

/* "4 Grizzly Bears", "4x Grizzly Bears", Arena "4 Grizzly Bears (M10) 180",
 * Forge "4 Grizzly Bears|M10|1". */
static int card_line(Parser *ps, const char *s, const char *e, int side)
{
    const char *p = s;
    if (p < e && (*p == '-' || *p == '+')) p++;
    if (p >= e || !isdigit((unsigned char)*p))
        return fail(ps, ps->line, "expected a count and a card name, like '4 Grizzly Bears', not '%.*s'",
                    (int)(e - s > 60 ? 60 : e - s), s);
    long count = 0;
    while (p < e && isdigit((unsigned char)*p)) {
        if (count <= DECK_MAX) count = count * 10 + (*p - '0');  /* stops once absurd */
        p++;
    }
    const char *count_end = p;
    if (s[0] == '-') count = -count;
    if (p < e && (*p == 'x' || *p == 'X')) p++;
    if (p < e && !space_at(p, e))
        return fail(ps, ps->line, "expected a count and a card name, like '4 Grizzly Bears', not '%.*s'",
                    (int)(e - s > 60 ? 60 : e - s), s);
    p = skip_spaces(p, e);
    const char *ne = e;
    if (ps->out->format == DECK_FORMAT_FORGE) {
        const char *bar = memchr(p, '|', (size_t)(e - p));
        if (bar) ne = bar;
    } else if (ps->out->format == DECK_FORMAT_ARENA) {
        ne = arena_suffix(p, e);
    }
    ne = trim_spaces_end(p, ne);
    if (ne == p) return fail(ps, ps->line, "a count without a card name");
    if (count < 1)
        return fail(ps, ps->line, "count %.*s for '%.*s': a card line needs at least 1 copy",
                    (int)(count_end - s), s, (int)(ne - p), p);
    if (count > DECK_MAX)
        return fail(ps, ps->line, "count %.*s for '%.*s' is absurd: a deck holds at most %d cards",
                    (int)(count_end - s), s, (int)(ne - p), p, DECK_MAX);
    return add_card(ps, count, p, (size_t)(ne - p), side);
}

/* Plain text and Arena: headers, the blank line before the sideboard. */
static int text_line(Parser *ps, const char *s, const char *e)
{
    DeckFormat f = ps->out->format;
    if (s == e) {
        if (ps->sec == SEC_SIDE && ps->side_line) ps->side_by_blank_done = 1;
        else if (ps->out->main.n > 0 && ps->sec != SEC_SIDE) ps->blank = 1;
        if (ps->sec == SEC_ABOUT) ps->sec = SEC_NONE;
        return 0;
    }
    if ((e - s >= 2 && s[0] == '/' && s[1] == '/') || s[0] == '#') return 0;  /* comment */
    if (is_header(s, e, "Commander") || is_header(s, e, "Companion"))
        return fail(ps, ps->line, "'%.*s' section: commander and companion decks are not supported "
                    "(two-player games with a main deck and a sideboard)", (int)(e - s), s);
    if (is_header(s, e, "Sideboard")) {
        ps->sec = SEC_SIDE;
        return 0;
    }
    if (is_header(s, e, "Deck") || is_header(s, e, "Main") || is_header(s, e, "Maindeck") ||
        is_header(s, e, "Main deck") || is_header(s, e, "Mainboard")) {
        if (ps->out->main.n > 0 || ps->sec == SEC_SIDE)
            return fail(ps, ps->line, "a second main deck section");
        ps->sec = SEC_MAIN;
        return 0;
    }
    if (f == DECK_FORMAT_ARENA && is_header(s, e, "About")) {
        ps->sec = SEC_ABOUT;
        return 0;
    }
    if (ps->sec == SEC_ABOUT) {
        if (e - s > 5 && !strncasecmp(s, "Name", 4) && isspace((unsigned char)s[4])) {
            const char *v = s + 5;
            while (v < e && isspace((unsigned char)*v)) v++;
            size_t n = (size_t)(e - v);
            if (n >= DECKLIST_NAME_MAX) {
                n = DECKLIST_NAME_MAX - 1;
                while (n > 0 && ((unsigned char)v[n] & 0xC0) == 0x80) n--;
            }
            memcpy(ps->out->name, v, n);
            ps->out->name[n] = 0;
            return 0;
        }
        return fail(ps, ps->line, "expected 'Name DECK NAME' in the About section, not '%.*s'",
                    (int)(e - s > 60 ? 60 : e - s), s);
    }
    if (e - s >= 3 && !strncasecmp(s, "SB:", 3)) {  /* "SB: 2 Card", as some sites export */
        const char *p = s + 3;
        while (p < e && isspace((unsigned char)*p)) p++;
        return card_line(ps, p, e, 1);
    }
    if (ps->blank && ps->sec != SEC_SIDE) ps->sec = SEC_SIDE;  /* blank line, then the sideboard */
    if (ps->sec == SEC_SIDE && ps->side_by_blank_done)
        return fail(ps, ps->line, "cards after the sideboard: a blank line ends the main deck and the "
                    "sideboard follows, so a third block of cards is ambiguous");
    return card_line(ps, s, e, ps->sec == SEC_SIDE);
}

/* Forge .dck: [sections], KEY=VALUE in [metadata], "4 Name|SET|ART". */
static int forge_line(Parser *ps, const char *s, const char *e)
{
    if (s == e || (e - s >= 2 && s[0] == '/' && s[1] == '/') || s[0] == '#') return 0;
    if (s[0] == '[') {
        if (e[-1] != ']') return fail(ps, ps->line, "a section header must end with ']'");
        const char *n = s + 1, *ne = e - 1;
        if (streq_ci(n, ne, "metadata")) ps->sec = SEC_META;
        else if (streq_ci(n, ne, "main")) ps->sec = SEC_MAIN;
        else if (streq_ci(n, ne, "sideboard")) ps->sec = SEC_SIDE;
        else if (streq_ci(n, ne, "commander"))
            return fail(ps, ps->line, "[Commander] section: commander decks are not supported");
        else
            return fail(ps, ps->line, "section %.*s not supported (expected [metadata], [Main] or [Sideboard])",
                        (int)(e - s), s);
        return 0;
    }
    if (ps->sec == SEC_META) {
        const char *eq = memchr(s, '=', (size_t)(e - s));
        if (!eq) return fail(ps, ps->line, "expected KEY=VALUE in [metadata], not '%.*s'",
                             (int)(e - s > 60 ? 60 : e - s), s);
        if (streq_ci(s, eq, "Name")) {
            const char *v = eq + 1;
            while (v < e && isspace((unsigned char)*v)) v++;
            size_t n = (size_t)(e - v);
            if (n >= DECKLIST_NAME_MAX) {
                n = DECKLIST_NAME_MAX - 1;
                while (n > 0 && ((unsigned char)v[n] & 0xC0) == 0x80) n--;
            }
            if (n) {
                memcpy(ps->out->name, v, n);
                ps->out->name[n] = 0;
            }
        }
        return 0;
    }
    if (ps->sec == SEC_NONE)
        return fail(ps, ps->line, "a card before any section (expected [Main])");
    return card_line(ps, s, e, ps->sec == SEC_SIDE);
}

/* ---------------------------------------------------------------- input */

/* Position of the first byte that is not valid UTF-8 text, or NULL. Control
 * characters other than tab, CR and LF count as binary. */
static const unsigned char *bad_byte(const unsigned char *s, size_t len)
{
    const unsigned char *e = s + len;
    while (s < e) {
        unsigned c = *s;
        if (c < 0x80) {
            if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') return s;
            if (c == 0x7F) return s;
            s++;
            continue;
        }
        int n;
        unsigned min;
        if (c >= 0xC2 && c <= 0xDF) { n = 1; min = 0x80; }
        else if (c >= 0xE0 && c <= 0xEF) { n = 2; min = 0x800; }
        else if (c >= 0xF0 && c <= 0xF4) { n = 3; min = 0x10000; }
        else return s;
        if (e - s <= n) return s;
        unsigned cp = c & (0x3F >> n);
        for (int k = 1; k <= n; k++) {
            if ((s[k] & 0xC0) != 0x80) return s;
            cp = (cp << 6) | (s[k] & 0x3F);
        }
        if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) return s;
        s += n + 1;
    }
    return NULL;
}

/* What a line is, for the message when it is too long. */
static const char *line_kind(const Parser *ps, const char *s, const char *e)
{
    if ((e - s >= 2 && s[0] == '/' && s[1] == '/') || s[0] == '#') return "a comment";
    if (ps->out->format == DECK_FORMAT_FORGE && s[0] == '[') return "a section header";
    if (ps->sec == SEC_META) {
        const char *eq = memchr(s, '=', (size_t)(e - s));
        return eq && streq_ci(s, eq, "Name") ? "a Name= header" : "a [metadata] line";
    }
    if (ps->sec == SEC_ABOUT) return "a line of the About section";
    return "a card line";
}

static int line_at(const char *text, const char *at)
{
    int line = 1;
    for (const char *s = text; s < at; s++) line += *s == '\n';
    return line;
}

/* The format, from the first line that says something. */
static DeckFormat detect(const char *t, const char *end)
{
    int first = 1;
    for (const char *s = t; s < end; ) {
        const char *nl = memchr(s, '\n', (size_t)(end - s));
        const char *e = nl ? nl : end;
        const char *ls = s, *le = e;
        while (ls < le && isspace((unsigned char)*ls)) ls++;
        while (le > ls && isspace((unsigned char)le[-1])) le--;
        s = nl ? nl + 1 : end;
        if (ls == le || (le - ls >= 2 && ls[0] == '/' && ls[1] == '/') || ls[0] == '#') continue;
        if (first) {
            if (ls[0] == '[') return DECK_FORMAT_FORGE;
            if (is_header(ls, le, "Deck") || is_header(ls, le, "About") ||
                is_header(ls, le, "Commander") || is_header(ls, le, "Companion"))
                return DECK_FORMAT_ARENA;
            first = 0;
        }
        if (isdigit((unsigned char)ls[0]) && arena_suffix(ls, le) != le) return DECK_FORMAT_ARENA;
    }
    return DECK_FORMAT_TEXT;
}

static void default_name(const char *path, char *name)
{
    const char *b = strrchr(path, '/');
    b = b ? b + 1 : path;
    const char *dot = strrchr(b, '.');
    size_t n = dot && dot != b ? (size_t)(dot - b) : strlen(b);
    if (n >= DECKLIST_NAME_MAX) {
        n = DECKLIST_NAME_MAX - 1;
        while (n > 0 && ((unsigned char)b[n] & 0xC0) == 0x80) n--;
    }
    memcpy(name, b, n);
    name[n] = 0;
}

int decklist_parse(const Pool *pool, const char *path, const char *text, size_t len,
                   DeckList *out, char *err, size_t errlen)
{
    Parser ps = { pool, path, out, err, errlen, 1, SEC_NONE, 0, 0, 0 };
    memset(out, 0, sizeof *out);
    default_name(path, out->name);
    err[0] = 0;

    if (len > DECKLIST_FILE_MAX)
        return fail(&ps, 1, "a file of %zu bytes is too large for a deck list (at most 1 MiB)", len);
    const unsigned char *bad = bad_byte((const unsigned char *)text, len);
    if (bad) {
        int line = line_at(text, (const char *)bad);
        if (*bad == 0) return fail(&ps, line, "binary data (a NUL byte), not a deck list");
        if (*bad < 0x80) return fail(&ps, line, "binary data (control byte 0x%02X), not a deck list", *bad);
        return fail(&ps, line, "invalid UTF-8 (byte 0x%02X), not a text deck list", *bad);
    }
    const char *t = text, *end = text + len;
    if (len >= 3 && !memcmp(t, "\xEF\xBB\xBF", 3)) t += 3;  /* byte order mark */
    const char *q = t;
    while (q < end && isspace((unsigned char)*q)) q++;
    if (q == end) return fail(&ps, 1, "empty file, not a deck list");

    if (*q == '<')
        return fail(&ps, line_at(text, q), "an XML file (an MTGO .dek?), not a deck list: "
                    "export the deck as text");
    if (*q == '{' || (*q == '[' && q + 1 < end && (q[1] == '{' || q[1] == '"')))
        return fail(&ps, line_at(text, q), "a JSON file, not a deck list (card files go to --cards)");
    out->format = detect(t, end);
    ps.sec = out->format == DECK_FORMAT_TEXT ? SEC_MAIN : SEC_NONE;
    for (const char *s = t; s < end; ps.line++) {
        const char *nl = memchr(s, '\n', (size_t)(end - s));
        const char *e = nl ? nl : end;
        const char *ls = s, *le = e;
        s = nl ? nl + 1 : end;
        ls = skip_spaces(ls, le);
        le = trim_spaces_end(ls, le);
        if (le - ls > LINE_MAX_LEN)
            return fail(&ps, ps.line, "%s of %d bytes is too long (at most %d)", line_kind(&ps, ls, le),
                        (int)(le - ls), LINE_MAX_LEN);
        if (out->format != DECK_FORMAT_FORGE && ps.sec == SEC_NONE && ls < le &&
            isdigit((unsigned char)*ls))
            ps.sec = SEC_MAIN;  /* Arena export without the "Deck" header */
        int rc = out->format == DECK_FORMAT_FORGE ? forge_line(&ps, ls, le) : text_line(&ps, ls, le);
        if (rc < 0) return -1;
    }
    if (out->main.n == 0) {
        if (ps.side_line)
            return fail(&ps, ps.side_line, "no cards in the main deck (the cards from this line on "
                        "are the sideboard)");
        return fail(&ps, 1, "no cards in the main deck");
    }
    return 0;
}

int decklist_load(const Pool *pool, const char *path, DeckList *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    default_name(path, out->name);
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return -1;
    }
    /* One byte more than the limit tells a file that is too large. */
    char *buf = malloc(DECKLIST_FILE_MAX + 2);
    if (!buf) {
        fclose(f);
        snprintf(err, errlen, "%s: out of memory", path);
        return -1;
    }
    size_t n = fread(buf, 1, DECKLIST_FILE_MAX + 1, f);
    int rd = ferror(f);
    int saved = errno;
    /* Only the limit and a byte are read: the real size of a file that is
     * too large comes from the file system, which knows it unless the
     * file is a pipe. */
    struct stat st;
    long long size = n > DECKLIST_FILE_MAX && fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) ? (long long)st.st_size : -1;
    fclose(f);
    if (rd) {
        free(buf);
        snprintf(err, errlen, "%s: cannot read: %s", path, strerror(saved));
        return -1;
    }
    if (n > DECKLIST_FILE_MAX) {
        free(buf);
        if (size > DECKLIST_FILE_MAX)
            snprintf(err, errlen, "%s:1: a file of %lld bytes is too large for a deck list (at most 1 MiB)", path, size);
        else
            snprintf(err, errlen, "%s:1: a file of over 1 MiB is too large for a deck list", path);
        return -1;
    }
    buf[n] = 0;
    int rc = decklist_parse(pool, path, buf, n, out, err, errlen);
    free(buf);
    return rc;
}
