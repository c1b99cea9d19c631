/* cmd_plot.c: `mtgsim plot`: pictures of a run or gauntlet report, drawn by
 * gnuplot as PNG and SVG.
 *
 * Reads the JSON report (schema mtgsim-report/1 or mtgsim-gauntlet/1),
 * writes one data file and one gnuplot script per picture, and runs gnuplot
 * on them. Everything is made in a temporary folder inside DIR and copied
 * into DIR (as an output set: sim/output.h) only once gnuplot succeeded, so
 * a failure leaves no half set; the scripts stay beside the pictures for
 * users to tweak and re-run. */
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cjson/cJSON.h>
#include "charset.h"
#include "commands.h"
#include "output.h"

static const char plot_usage[] =
    "usage: mtgsim plot REPORT.json --out DIR\n"
    "\n"
    "Draws the pictures of a report with gnuplot, each as PNG and SVG:\n"
    "  winrates     each deck's win rate with its 95% interval, overall, on the\n"
    "               play and on the draw (a gauntlet: against the field)\n"
    "  turns        the histogram of game length\n"
    "  cards-*      per deck, each card's win rate when in hand (GIH WR), sorted,\n"
    "               against the deck's win rate\n"
    "  heatmap      a gauntlet's matchup matrix, win rates written in the cells\n"
    "REPORT is what `mtgsim run --json` or `mtgsim gauntlet --json` wrote.\n"
    "Beside each picture DIR keeps its data (.dat) and gnuplot script (.gp):\n"
    "edit a script and run `gnuplot NAME.gp` in DIR to draw it again.\n"
    "\n"
    "options:\n"
    "  --out DIR     folder for the pictures (created if need be)\n"
    "\n"
    "Needs gnuplot (Debian package gnuplot-nox). Exit status: 0 done, 1 gnuplot\n"
    "failed (nothing is left in DIR), 2 bad input, gnuplot missing, or DIR not\n"
    "writable.\n";

#define FILES_MAX 128
#define PATH_LEN 4096

/* What one plot run makes: files written into a temporary folder first. */
typedef struct Plot {
    const char *report;          /* the report's path, for messages */
    const char *dir;             /* DIR */
    char tmp[PATH_LEN];          /* DIR/.mtgsim-plot-XXXXXX; "" in the dry run, which writes nothing */
    char *file[FILES_MAX];       /* names of the files written in tmp */
    int nfile;
    char *script[FILES_MAX / 4]; /* the .gp files, in drawing order */
    int nscript;
    char *image[FILES_MAX / 2];  /* the pictures gnuplot must make */
    int nimage;
    char err[1024];              /* first error: the report's missing field, or an I/O error */
    char subtitle[256];          /* "N games, seed S, edition E" */
} Plot;

/* ---- reading the report: every access names the field it needs ---- */

enum { K_NUM, K_NUM_OR_NULL, K_STR, K_ARR, K_OBJ };

static const cJSON *field(Plot *p, const cJSON *o, const char *path, const char *key, int kind)
{
    if (p->err[0]) return NULL;
    const cJSON *v = o ? cJSON_GetObjectItemCaseSensitive(o, key) : NULL;
    char full[256];
    snprintf(full, sizeof full, "%s%s%s", path, path[0] ? "." : "", key);
    if (!v) { snprintf(p->err, sizeof p->err, "%s: missing field %s", p->report, full); return NULL; }
    int ok = kind == K_NUM ? cJSON_IsNumber(v)
           : kind == K_NUM_OR_NULL ? cJSON_IsNumber(v) || cJSON_IsNull(v)
           : kind == K_STR ? cJSON_IsString(v)
           : kind == K_ARR ? cJSON_IsArray(v)
           : cJSON_IsObject(v);
    if (!ok) {
        static const char *const what[] = { "a number", "a number or null", "a string", "an array", "an object" };
        snprintf(p->err, sizeof p->err, "%s: field %s is not %s", p->report, full, what[kind]);
        return NULL;
    }
    return v;
}

/* A rate in percent; NaN when null (no games). */
static double pct(const cJSON *v) { return v && cJSON_IsNumber(v) ? 100.0 * v->valuedouble : NAN; }

/* An interval [lo, hi] in percent. */
static void interval(Plot *p, const cJSON *o, const char *path, double *lo, double *hi)
{
    const cJSON *a = field(p, o, path, "ci95", K_ARR);
    *lo = *hi = NAN;
    if (!a) return;
    if (cJSON_GetArraySize(a) != 2 || !cJSON_IsNumber(cJSON_GetArrayItem(a, 0)) || !cJSON_IsNumber(cJSON_GetArrayItem(a, 1))) {
        snprintf(p->err, sizeof p->err, "%s: field %s%sci95 is not [low, high]", p->report, path, path[0] ? "." : "");
        return;
    }
    *lo = pct(cJSON_GetArrayItem(a, 0));
    *hi = pct(cJSON_GetArrayItem(a, 1));
}

/* ---- writing files ---- */

static int add_name(Plot *p, char **list, int *n, int max, const char *name)
{
    if (*n >= max || !(list[*n] = strdup(name))) { snprintf(p->err, sizeof p->err, "out of memory"); return -1; }
    (*n)++;
    return 0;
}

/* Writes text as tmp/name. */
static int put_file(Plot *p, const char *name, const char *text, size_t len)
{
    if (p->err[0]) return -1;
    if (!p->tmp[0]) return add_name(p, p->file, &p->nfile, FILES_MAX, name);  /* the dry run */
    char path[PATH_LEN + 256];
    snprintf(path, sizeof path, "%s/%s", p->tmp, name);
    FILE *f = fopen(path, "w");
    int bad = !f;
    if (f) { bad = fwrite(text, 1, len, f) != len; bad |= fclose(f) != 0; }
    if (bad) { snprintf(p->err, sizeof p->err, "%s/%s: cannot write: %s", p->dir, name, strerror(errno)); return -1; }
    return add_name(p, p->file, &p->nfile, FILES_MAX, name);
}

/* A file built in memory. */
typedef struct Mem { char *buf; size_t len; FILE *f; } Mem;

static int mem_open(Plot *p, Mem *m)
{
    m->buf = NULL; m->len = 0;
    m->f = open_memstream(&m->buf, &m->len);
    if (!m->f) { snprintf(p->err, sizeof p->err, "out of memory"); return -1; }
    return 0;
}

static int mem_put(Plot *p, Mem *m, const char *name)
{
    fclose(m->f);
    int rc = put_file(p, name, m->buf ? m->buf : "", m->len);
    free(m->buf);
    return rc;
}

/* A gnuplot string literal: double quotes, with \ and " escaped. */
static void gp_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\') fputc('\\', f);
        if (*s == '\n') { fputs("\\n", f); continue; }
        fputc(*s, f);
    }
    fputc('"', f);
}

/* A gnuplot string literal of s in lines of about width characters, broken
 * after a space, '_' or '-' where the line has one: tic labels of long
 * names, which would run into each other or off the picture. Returns the
 * number of lines. */
static int gp_str_wrapped(FILE *f, const char *s, int width)
{
    int lines = 1;
    char out[1024];
    size_t n = 0, line = 0, brk = 0;   /* line: where the current line starts; brk: after its last break character */
    for (; *s && n + 3 < sizeof out; s++) {
        out[n++] = *s;
        if (*s == ' ' || *s == '_' || *s == '-') brk = n;
        if ((int)(n - line) < width || !s[1]) continue;
        size_t at = brk > line + 1 ? brk : n;
        while (at > line + 1 && at < n && ((unsigned char)out[at] & 0xC0) == 0x80) at--;  /* not inside a UTF-8 character */
        if (out[at - 1] == ' ') out[at - 1] = '\n';
        else { memmove(out + at + 1, out + at, n - at); out[at] = '\n'; n++; at++; }
        line = at;
        brk = 0;
        lines++;
    }
    out[n] = 0;
    gp_str(f, out);
    return lines;
}

/* A string in a data file: gnuplot reads "..." without escapes, so a
 * double quote becomes a single one. */
static void dat_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) fputc(*s == '"' ? '\'' : (*s == '\n' || *s == '\r' || *s == '\t') ? ' ' : *s, f);
    fputc('"', f);
}

static void dat_num(FILE *f, double v)
{
    if (isnan(v)) fputs(" NaN", f);
    else fprintf(f, " %.4f", v);
}

/* A file name part from a deck name: letters, digits, - and _ only. */
static void slug(const char *s, char *out, size_t n)
{
    size_t k = 0;
    for (; *s && k + 1 < n && k < 40; s++) {
        char c = *s;
        int ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
        if (ok) out[k++] = c;
        else if (k && out[k - 1] != '_') out[k++] = '_';
    }
    while (k && out[k - 1] == '_') k--;
    if (!k) out[k++] = 'x';
    out[k] = 0;
}

/* The head of every script: what it draws and the common look. */
static void script_head(FILE *f, const char *name, const char *what, const Plot *p)
{
    fprintf(f, "# %s.gp: %s.\n", name, what);
    fprintf(f, "# Written by `mtgsim plot` from %s; edit it and run `gnuplot %s.gp`\n", p->report, name);
    fprintf(f, "# in this folder to draw %s.png and %s.svg again (in a UTF-8 locale: without one,\n"
               "# LC_ALL=C.UTF-8 gnuplot %s.gp).\n", name, name, name);
    fputs("reset\n"
          "set encoding utf8\n"
          "set datafile missing \"NaN\"\n"
          "set border 3 lw 1 lc rgb \"#555555\"\n"
          "set tics nomirror out textcolor rgb \"#333333\"\n"
          "set title font \",14\"\n"
          "set style textbox opaque noborder margins 1,0.5\n", f);
}

/* Opens the loop that draws the plot once per format, w x h pixels, or
 * wider when the title needs it (its font, 14 points, takes about 10
 * pixels a character), so that no title is cut off. */
static void script_output(FILE *f, const char *name, int w, int h, const char *title)
{
    int longest = 0;
    for (const char *line = title; *line;) {
        int chars = 0;
        for (; *line && *line != '\n'; line++) chars += ((unsigned char)*line & 0xC0) != 0x80;  /* UTF-8 characters */
        if (chars > longest) longest = chars;
        if (*line) line++;
    }
    if (w < 10 * longest + 60) w = 10 * longest + 60;
    fprintf(f, "W = %d; H = %d\n", w, h);
    fputs("do for [fmt in \"png svg\"] {\n"
          "    if (fmt eq \"png\") {\n"
          "        set terminal pngcairo size W,H font \"DejaVu Sans,11\" noenhanced background rgb \"white\"\n"
          "    } else {\n"
          "        set terminal svg size W,H dynamic font \"DejaVu Sans,11\" noenhanced background rgb \"white\"\n"
          "    }\n", f);
    fprintf(f, "    set output \"%s.\".fmt\n", name);
}

static void script_close(FILE *f) { fputs("    set output\n}\n", f); }

static int figure_done(Plot *p, Mem *dat, Mem *gp, const char *name)
{
    char fn[256];
    snprintf(fn, sizeof fn, "%s.dat", name);
    if (mem_put(p, dat, fn)) { fclose(gp->f); free(gp->buf); return -1; }
    snprintf(fn, sizeof fn, "%s.gp", name);
    if (mem_put(p, gp, fn)) return -1;
    if (add_name(p, p->script, &p->nscript, FILES_MAX / 4, fn)) return -1;
    snprintf(fn, sizeof fn, "%s.png", name);
    if (add_name(p, p->image, &p->nimage, FILES_MAX / 2, fn)) return -1;
    snprintf(fn, sizeof fn, "%s.svg", name);
    return add_name(p, p->image, &p->nimage, FILES_MAX / 2, fn);
}

/* ---- the pictures ---- */

typedef struct Bar {
    const char *name;  /* deck */
    double v[3], lo[3], hi[3]; /* percent: overall, on the play, on the draw (or vs the field) */
    double games[3];
} Bar;

static const char *const cat_name[3] = { "overall", "on the play", "on the draw" };
static const char *const cat_color[3] = { "#7f8c8d", "#2e86c1", "#e67e22" };

/* Win rates with 95 % intervals: ncat bars per deck. */
static int plot_winrates(Plot *p, const Bar *bar, int n, int ncat, const char *title)
{
    Mem dat, gp;
    if (mem_open(p, &dat)) return -1;
    if (mem_open(p, &gp)) { fclose(dat.f); free(dat.buf); return -1; }
    const int group = ncat == 1 ? 1 : ncat + 1;  /* bars per deck, and a gap between decks */
    fputs("# one block per category (overall, on the play, on the draw; or against the field)\n"
          "# x  win_rate_%  ci95_low_%  ci95_high_%  games  deck\n", dat.f);
    for (int k = 0; k < ncat; k++) {
        fprintf(dat.f, "# %s\n", ncat == 1 ? "against the field" : cat_name[k]);
        for (int d = 0; d < n; d++) {
            fprintf(dat.f, "%d", d * group + k + 1);
            dat_num(dat.f, bar[d].v[k]);
            dat_num(dat.f, bar[d].lo[k]);
            dat_num(dat.f, bar[d].hi[k]);
            dat_num(dat.f, bar[d].games[k]);
            fputc(' ', dat.f);
            dat_str(dat.f, bar[d].name);
            fputc('\n', dat.f);
        }
        fputs("\n\n", dat.f);
    }
    FILE *f = gp.f;
    script_head(f, "winrates", "win rates with 95 % intervals", p);
    fputs("set title ", f);
    char t[512];
    snprintf(t, sizeof t, "%s\n%s; whiskers: 95 %% Wilson intervals", title, p->subtitle);
    gp_str(f, t);
    fputs("\nset ylabel \"win rate (%)\"\n"
          "set yrange [0:112]\n"
          "set ytics 0,10,100\n"
          "set grid ytics lc rgb \"#e5e5e5\" lt 1\n", f);
    if (ncat == 1) fprintf(f, "set xrange [0.3:%g]\n", n + 0.7);
    else fprintf(f, "set xrange [0:%d]\n", n * group);
    fputs("set xtics scale 0 font \",12\" (", f);
    int lines = 1;   /* of the longest name's label */
    for (int d = 0; d < n; d++) {
        if (d) fputs(", ", f);
        int l = gp_str_wrapped(f, bar[d].name, ncat == 1 ? 11 : 24);
        if (l > lines) lines = l;
        fprintf(f, " %g", ncat == 1 ? d + 1.0 : d * group + (ncat + 1) / 2.0);
    }
    fprintf(f, ")\nset bmargin %d\n", lines + 2);   /* gnuplot leaves room for one line of tic labels */
    fputs("set style fill solid 0.9 noborder\n"
          "set key top right horizontal samplen 1.5 font \",10\"\n"
          "set arrow 1 from graph 0, first 50 to graph 1, first 50 nohead dt 2 lw 1.5 lc rgb \"#222222\" back\n"
          "set label 1 \"50 %\" at graph 0.005, first 52 left font \",9\" tc rgb \"#444444\" front\n", f);
    fprintf(f, "set boxwidth %s\n", ncat == 1 ? "0.6" : "0.8");
    if (ncat == 1) fputs("set key off\n", f);
    int w = 160 + n * (ncat == 1 ? 90 : 210), h = 560 + 18 * (lines - 1);
    if (w < 900) w = 900;
    script_output(f, "winrates", w, h, t);
    fputs("    plot ", f);
    for (int k = 0; k < ncat; k++)
        fprintf(f, "\"winrates.dat\" index %d using 1:2 with boxes lc rgb \"%s\" title \"%s\", \\\n         ",
                k, ncat == 1 ? cat_color[1] : cat_color[k], ncat == 1 ? "against the field" : cat_name[k]);
    fprintf(f, "for [i=0:%d] \"winrates.dat\" index i using 1:3:(0):($4-$3) with vectors heads size screen 0.006,90 lc rgb \"black\" lw 1.2 notitle, \\\n"
               "         for [i=0:%d] \"winrates.dat\" index i using 1:($4+1.5):(sprintf(\"%%.1f\", $2)) with labels boxed "
               "center offset 0,0.4 font \",%d\" tc rgb \"#222222\" notitle\n", ncat - 1, ncat - 1, n > 6 ? 8 : 9);
    script_close(f);
    return figure_done(p, &dat, &gp, "winrates");
}

/* The histogram of game length. */
static int plot_turns(Plot *p, const cJSON *turns)
{
    const cJSON *hist = field(p, turns, "turns", "histogram", K_ARR);
    if (!hist) return -1;
    long total = 0;
    int lo = -1, hi = -1, more = -1;
    const cJSON *b;
    int bin = 0;
    cJSON_ArrayForEach(b, hist) {
        char path[48];
        snprintf(path, sizeof path, "turns.histogram[%d]", bin++);
        if (!cJSON_IsObject(b)) { snprintf(p->err, sizeof p->err, "%s: field %s is not an object", p->report, path); return -1; }
        const cJSON *t = field(p, b, path, "turns", K_NUM), *g = field(p, b, path, "games", K_NUM);
        if (!t || !g) return -1;
        int tv = (int)t->valuedouble;
        if (lo < 0 || tv < lo) lo = tv;
        if (tv > hi) hi = tv;
        if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(b, "or_more"))) more = tv;
        total += (long)g->valuedouble;
    }
    Mem dat, gp;
    if (mem_open(p, &dat)) return -1;
    if (mem_open(p, &gp)) { fclose(dat.f); free(dat.buf); return -1; }
    fputs("# turns  games  percent_of_games\n", dat.f);
    double top_pct = 0;
    cJSON_ArrayForEach(b, hist) {
        double tv = cJSON_GetObjectItemCaseSensitive(b, "turns")->valuedouble;
        double g = cJSON_GetObjectItemCaseSensitive(b, "games")->valuedouble;
        double pc = total ? 100.0 * g / (double)total : 0.0;
        if (pc > top_pct) top_pct = pc;
        fprintf(dat.f, "%g %g %.4f\n", tv, g, pc);
    }
    FILE *f = gp.f;
    script_head(f, "turns", "the histogram of game length", p);
    const cJSON *mean = cJSON_GetObjectItemCaseSensitive(turns, "mean");
    const cJSON *median = cJSON_GetObjectItemCaseSensitive(turns, "median");
    char t[512];
    size_t k = (size_t)snprintf(t, sizeof t, "Game length");
    if (cJSON_IsNumber(mean)) k += (size_t)snprintf(t + k, sizeof t - k, ": mean %.1f", mean->valuedouble);
    if (cJSON_IsNumber(median) && k < sizeof t)
        k += (size_t)snprintf(t + k, sizeof t - k, "%s median %g", cJSON_IsNumber(mean) ? "," : ":", median->valuedouble);
    if (k < sizeof t) snprintf(t + k, sizeof t - k, " turns\n%s", p->subtitle);
    fputs("set title ", f);
    gp_str(f, t);
    fputs("\nset xlabel \"turns played (each player's turn counts)\"\n"
          "set ylabel \"games (%)\"\n"
          "set grid ytics lc rgb \"#e5e5e5\" lt 1\n"
          "set style fill solid 0.9 noborder\n"
          "set boxwidth 0.85\n"
          "set key off\n", f);
    fprintf(f, "set yrange [0:%g]\n", top_pct > 0 ? ceil(top_pct * 1.2) : 1.0);
    if (lo < 0) lo = hi = 0;
    fprintf(f, "set xrange [%g:%g]\n", lo - 0.9, hi + 0.9);
    int span = hi - lo + 1;
    fprintf(f, "set xtics %d\n", span > 40 ? 5 : span > 20 ? 2 : 1);
    if (more >= 0) fprintf(f, "set xtics add (\"%d+\" %d)\n", more, more);
    /* Mean and median: the smaller one's label on its left, the other's on its right. */
    double mv = cJSON_IsNumber(mean) ? mean->valuedouble : NAN, dv = cJSON_IsNumber(median) ? median->valuedouble : NAN;
    int mean_left = !isnan(dv) && mv <= dv;
    if (!isnan(mv))
        fprintf(f, "set arrow 1 from first %g, graph 0 to first %g, graph 1 nohead dt 2 lw 2 lc rgb \"#c0392b\" front\n"
                   "set label 1 \"mean %.1f\" at first %g, graph 0.96 %s offset %s,0 font \",10\" tc rgb \"#c0392b\" front\n",
                mv, mv, mv, mv, mean_left ? "right" : "left", mean_left ? "-0.6" : "0.6");
    if (!isnan(dv))
        fprintf(f, "set arrow 2 from first %g, graph 0 to first %g, graph 1 nohead dt 3 lw 2 lc rgb \"#333333\" front\n"
                   "set label 2 \"median %g\" at first %g, graph 0.96 %s offset %s,0 font \",10\" tc rgb \"#333333\" front\n",
                dv, dv, dv, dv, mean_left ? "left" : "right", mean_left ? "0.6" : "-0.6");
    script_output(f, "turns", span > 40 ? 1100 : 900, 520, t);
    fputs("    plot \"turns.dat\" using 1:3 with boxes lc rgb \"#2e86c1\" notitle", f);
    if (span <= 30)
        fputs(", \\\n         \"turns.dat\" using 1:3:(sprintf(\"%.0f\", $2)) with labels center offset 0,0.6 "
              "font \",8\" tc rgb \"#444444\" notitle", f);
    fputs("\n", f);
    script_close(f);
    return figure_done(p, &dat, &gp, "turns");
}

typedef struct CardRow { const char *name; double gih, lo, hi, n; } CardRow;

static int card_cmp(const void *a, const void *b)
{
    const CardRow *x = a, *y = b;
    /* Cards never in hand first (drawn at the bottom), then by GIH WR ascending. */
    if (isnan(x->gih) != isnan(y->gih)) return isnan(x->gih) ? -1 : 1;
    if (!isnan(x->gih) && x->gih != y->gih) return x->gih < y->gih ? -1 : 1;
    return strcmp(y->name, x->name);
}

/* Wilson 95 % interval, in percent, of k wins in n games. */
static void wilson_pct(double k, double n, double *lo, double *hi)
{
    if (n <= 0) { *lo = *hi = NAN; return; }
    const double z = 1.959963984540054;
    double q = k / n, z2n = z * z / n;
    double mid = (q + z2n / 2) / (1 + z2n), half = z * sqrt(q * (1 - q) / n + z2n / (4 * n)) / (1 + z2n);
    *lo = 100 * (mid - half < 0 ? 0 : mid - half);
    *hi = 100 * (mid + half > 1 ? 1 : mid + half);
}

/* One deck's cards, by GIH WR, against the deck's win rate (percent). */
static int plot_cards(Plot *p, const cJSON *deck_cards, int d, const char *deck, double deck_wr, double games)
{
    char path[64];
    snprintf(path, sizeof path, "cards[%d]", d);
    const cJSON *list = field(p, deck_cards, path, "cards", K_ARR);
    if (!list) return -1;
    int n = cJSON_GetArraySize(list);
    CardRow *row = calloc((size_t)(n ? n : 1), sizeof *row);
    if (!row) { snprintf(p->err, sizeof p->err, "out of memory"); return -1; }
    int k = 0;
    const cJSON *c;
    cJSON_ArrayForEach(c, list) {
        char cp[96];
        snprintf(cp, sizeof cp, "cards[%d].cards[%d]", d, k);
        const cJSON *nm = field(p, c, cp, "name", K_STR), *g = field(p, c, cp, "gih_wr", K_NUM_OR_NULL);
        const cJSON *gn = field(p, c, cp, "games_in_hand", K_NUM);
        if (!nm || !g || !gn) { free(row); return -1; }
        row[k].name = nm->valuestring;
        row[k].gih = pct(g);
        row[k].n = gn->valuedouble;
        if (isnan(row[k].gih)) row[k].lo = row[k].hi = NAN;
        else wilson_pct(round(row[k].gih / 100 * row[k].n), row[k].n, &row[k].lo, &row[k].hi);
        k++;
    }
    if (n == 0) { free(row); return 0; }  /* a deck without cards: no picture */
    qsort(row, (size_t)n, sizeof *row, card_cmp);

    /* Bars start at the deck's win rate (the chart's question: which cards
     * win more than their deck), and the axis spans the data: the whiskers,
     * the deck's rate, a margin, and room on the right for the labels,
     * each written after its row's whisker or the deck's line. */
    double base = isnan(deck_wr) ? 50 : deck_wr, lo_x = base, hi_x = base;
    for (int i = 0; i < n; i++) {
        if (isnan(row[i].gih)) continue;
        if (row[i].lo < lo_x) lo_x = row[i].lo;
        if (row[i].hi > hi_x) hi_x = row[i].hi;
    }
    double margin = fmax(1.0, 0.05 * (hi_x - lo_x));
    double x0 = fmax(0.0, floor(lo_x - margin)), data_end = hi_x + margin;
    double x1 = data_end + 0.25 * (data_end - x0);   /* the labels' room: a fifth of the plot */
    double span = data_end - x0, step = span <= 8 ? 1 : span <= 16 ? 2 : span <= 40 ? 5 : span <= 80 ? 10 : 20;

    char name[96], sl[64];
    slug(deck, sl, sizeof sl);
    snprintf(name, sizeof name, "cards-%c-%s", 'a' + (d < 26 ? d : 25), sl);
    Mem dat, gp;
    if (mem_open(p, &dat)) { free(row); return -1; }
    if (mem_open(p, &gp)) { fclose(dat.f); free(dat.buf); free(row); return -1; }
    fputs("# y  gih_wr_%  ci95_low_%  ci95_high_%  games_in_hand  bar_color  label_x  label  card\n", dat.f);
    for (int i = 0; i < n; i++) {
        const CardRow *r = &row[i];
        int above = !isnan(r->gih) && r->gih >= base;
        fprintf(dat.f, "%d", i + 1);
        dat_num(dat.f, r->gih);
        dat_num(dat.f, r->lo);
        dat_num(dat.f, r->hi);
        dat_num(dat.f, r->n);
        fprintf(dat.f, " %d", above ? 0x2e86c1 : 0xe67e22);
        dat_num(dat.f, isnan(r->hi) ? base : fmax(r->hi, base));
        char lab[64];
        if (isnan(r->gih)) snprintf(lab, sizeof lab, "never in hand");
        else snprintf(lab, sizeof lab, "%.1f  (%.0f game%s)", r->gih, r->n, r->n == 1 ? "" : "s");
        fputc(' ', dat.f);
        dat_str(dat.f, lab);
        fputc(' ', dat.f);
        dat_str(dat.f, r->name);
        fputc('\n', dat.f);
    }
    FILE *f = gp.f;
    char what[256];
    snprintf(what, sizeof what, "%s: each card's win rate when in hand (GIH WR)", deck);
    script_head(f, name, what, p);
    char t[512];
    snprintf(t, sizeof t, "%s: win rate when the card was in hand (GIH WR)\n"
             "%.0f game%s \xC2\xB7 bars from the deck's win rate: blue above, orange below \xC2\xB7 95 %% CI",
             deck, games, games == 1 ? "" : "s");
    fputs("set title ", f);
    gp_str(f, t);
    fprintf(f, "\nset xlabel \"GIH win rate (%%)\"\n"
               "set xrange [%g:%g]\n"
               "set xtics %g,%g,%g\n"
               "set grid xtics lc rgb \"#e5e5e5\" lt 1\n"
               "set border 3\n", x0, x1, ceil(x0 / step) * step, step, fmin(100.0, floor(data_end / step) * step));
    fprintf(f, "set yrange [0.3:%g]\n", n + 0.7 + 1.2);
    fputs("set ytics scale 0 font \",11\" (", f);
    for (int i = 0; i < n; i++) {
        if (i) fputs(", ", f);
        gp_str(f, row[i].name);
        fprintf(f, " %d", i + 1);
    }
    fputs(")\n", f);
    fputs("set style fill solid 0.9 noborder\n"
          "set key off\n", f);
    fprintf(f, "BASE = %.4f\n", base);
    if (!isnan(deck_wr))
        fprintf(f, "set arrow 2 from first BASE, graph 0 to first BASE, first %g nohead dt 2 lw 2 lc rgb \"#c0392b\" front\n"
                   "set label 2 sprintf(\"deck's win rate %%.1f %%%%\", BASE) at first BASE, first %g center "
                   "font \",10\" tc rgb \"#c0392b\" front\n", n + 0.6, n + 1.0);
    int h = 150 + 26 * n;
    script_output(f, name, 1000, h < 360 ? 360 : h, t);
    fprintf(f, "    plot \"%s.dat\" using (($2+BASE)/2):1:($2<BASE?$2:BASE):($2<BASE?BASE:$2):($1-0.36):($1+0.36):6 "
               "with boxxyerror lc rgb variable notitle, \\\n"
               "         \"%s.dat\" using 3:1:($4-$3):(0) with vectors heads size screen 0.005,90 lc rgb \"#222222\" lw 1 notitle, \\\n"
               "         \"%s.dat\" using 7:1:8 with labels boxed left offset 0.6,0 font \",9\" tc rgb \"#333333\" notitle\n",
               name, name, name);
    script_close(f);
    free(row);
    return figure_done(p, &dat, &gp, name);
}

/* Text on a heatmap cell: white on the dark ends of the scale. */
static int text_color(double wr, double dev) { return !isnan(wr) && fabs(wr - 50) > 0.6 * dev ? 0xffffff : 0x222222; }

/* The gauntlet's matchup matrix as a heatmap, with the field column. */
static int plot_heatmap(Plot *p, const cJSON *decks, const cJSON *matrix, const double *field_wr,
                        const double *field_lo, const double *field_hi, const double *field_games)
{
    int n = cJSON_GetArraySize(decks);
    Mem dat, gp;
    if (mem_open(p, &dat)) return -1;
    if (mem_open(p, &gp)) { fclose(dat.f); free(dat.buf); return -1; }
    /* The color scale: 50 +- dev, dev at least 10 and a multiple of 5. */
    double dev = 10;
    for (int i = 0; i < n; i++) {
        double v = field_wr[i];
        if (!isnan(v) && fabs(v - 50) > dev) dev = fabs(v - 50);
        for (int j = 0; j < n; j++) {
            v = pct(cJSON_GetObjectItemCaseSensitive(cJSON_GetArrayItem(cJSON_GetArrayItem(matrix, i), j), "win_rate"));
            if (!isnan(v) && fabs(v - 50) > dev) dev = fabs(v - 50);
        }
    }
    dev = ceil(dev / 5) * 5;
    if (dev > 50) dev = 50;
    fputs("# block 0: matchups: column (opponent)  row (deck)  win_rate_%  ci95_low_%  ci95_high_%  games  text_color\n", dat.f);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++) {
            const cJSON *cell = cJSON_GetArrayItem(cJSON_GetArrayItem(matrix, i), j);
            if (!cJSON_IsObject(cell)) continue;
            double wr = pct(cJSON_GetObjectItemCaseSensitive(cell, "win_rate"));
            const cJSON *ci = cJSON_GetObjectItemCaseSensitive(cell, "ci95");
            const cJSON *g = cJSON_GetObjectItemCaseSensitive(cell, "games");
            fprintf(dat.f, "%d %d", j, i);
            dat_num(dat.f, wr);
            dat_num(dat.f, pct(cJSON_GetArrayItem(ci, 0)));
            dat_num(dat.f, pct(cJSON_GetArrayItem(ci, 1)));
            dat_num(dat.f, cJSON_IsNumber(g) ? g->valuedouble : NAN);
            fprintf(dat.f, " %d\n", text_color(wr, dev));
        }
    fputs("\n\n# block 1: the diagonal and empty cells: column row\n", dat.f);
    for (int i = 0; i < n; i++)
        for (int j = 0; j < n; j++)
            if (!cJSON_IsObject(cJSON_GetArrayItem(cJSON_GetArrayItem(matrix, i), j))) fprintf(dat.f, "%d %d\n", j, i);
    fputs("\n\n# block 2: against the field: column row win_rate_% ci95_low_% ci95_high_% games text_color\n", dat.f);
    for (int i = 0; i < n; i++) {
        fprintf(dat.f, "%g %d", n + 0.15, i);
        dat_num(dat.f, field_wr[i]);
        dat_num(dat.f, field_lo[i]);
        dat_num(dat.f, field_hi[i]);
        dat_num(dat.f, field_games[i]);
        fprintf(dat.f, " %d\n", text_color(field_wr[i], dev));
    }

    FILE *f = gp.f;
    script_head(f, "heatmap", "the gauntlet's matchup matrix", p);
    char t[512];
    snprintf(t, sizeof t, "Win rate of the row deck against the column deck (%%)\n%s", p->subtitle);
    fputs("set title ", f);
    gp_str(f, t);
    fputs("\nset border 0\n"
          "set tics scale 0\n"
          "set xlabel \"opponent\"\n"
          "set ylabel \"deck\"\n"
          "set key off\n", f);
    fprintf(f, "set xrange [-0.5:%g]\n", n + 0.65);
    fprintf(f, "set yrange [%g:-0.5]\n", n - 0.5);
    fputs("set xtics (", f);
    int lines = 2;   /* of the longest column label: "against the field" takes two */
    for (int j = 0; j < n; j++) {
        int l = gp_str_wrapped(f, cJSON_GetArrayItem(decks, j)->valuestring, 11);
        if (l > lines) lines = l;
        fprintf(f, " %d, ", j);
    }
    fprintf(f, "\"against\\nthe field\" %g)\n", n + 0.15);
    fputs("set ytics (", f);
    for (int i = 0; i < n; i++) { if (i) fputs(", ", f); gp_str_wrapped(f, cJSON_GetArrayItem(decks, i)->valuestring, 20); fprintf(f, " %d", i); }
    fputs(")\n", f);
    fprintf(f, "set cbrange [%g:%g]\n", 50 - dev, 50 + dev);
    fputs("set cblabel \"win rate of the row deck (%)\"\n"
          "set palette defined (0 \"#b2182b\", 0.25 \"#ef8a62\", 0.5 \"#f7f7f7\", 0.75 \"#67a9cf\", 1 \"#2166ac\")\n"
          "set style fill solid 1.0 border lc rgb \"white\"\n", f);
    /* Room for the column labels and "opponent" below them: gnuplot
     * reckons with one line of tic labels. */
    fprintf(f, "set bmargin %d\nset xlabel offset 0,%d\n", lines + 3, 1 - lines);
    int w = 260 + 100 * (n + 1), h = 200 + 62 * n + 18 * (lines - 2);
    script_output(f, "heatmap", w < 640 ? 640 : w, h < 420 ? 420 : h, t);
    fprintf(f, "    plot \"heatmap.dat\" index 0 using 1:2:($1-0.5):($1+0.5):($2-0.5):($2+0.5):3 with boxxyerror fc palette notitle, \\\n"
               "         \"heatmap.dat\" index 2 using 1:2:($1-0.5):($1+0.5):($2-0.5):($2+0.5):3 with boxxyerror fc palette notitle, \\\n"
               "         \"heatmap.dat\" index 1 using 1:2:($1-0.5):($1+0.5):($2-0.5):($2+0.5) with boxxyerror fc rgb \"#d9d9d9\" notitle, \\\n"
               "         for [b=0:2:2] \"heatmap.dat\" index b using 1:2:(sprintf(\"%%.1f\", $3)):7 with labels tc rgb variable "
               "font \",%d\" offset 0,0.45 notitle, \\\n"
               "         for [b=0:2:2] \"heatmap.dat\" index b using 1:2:(sprintf(\"%%.0f\xE2\x80\x93%%.0f\", $4, $5)):7 with labels "
               "tc rgb variable font \",%d\" offset 0,-0.65 notitle\n", n > 8 ? 10 : 12, n > 8 ? 7 : 8);
    script_close(f);
    return figure_done(p, &dat, &gp, "heatmap");
}

/* ---- the two kinds of report ---- */

static void subtitle(Plot *p, const cJSON *root, const char *games_key, const char *games_what, const char *games_what_1)
{
    const cJSON *g = cJSON_GetObjectItemCaseSensitive(root, games_key);
    const cJSON *seed = cJSON_GetObjectItemCaseSensitive(root, "seed");
    const cJSON *ed = cJSON_GetObjectItemCaseSensitive(root, "edition");
    const cJSON *done = cJSON_GetObjectItemCaseSensitive(root, "complete");
    size_t k = 0;
    p->subtitle[0] = 0;
    if (cJSON_IsNumber(g)) k += (size_t)snprintf(p->subtitle + k, sizeof p->subtitle - k, "%.0f %s", g->valuedouble,
                                     g->valuedouble == 1 ? games_what_1 : games_what);
    if (cJSON_IsNumber(seed) && k < sizeof p->subtitle)
        k += (size_t)snprintf(p->subtitle + k, sizeof p->subtitle - k, "%sseed %.0f", k ? ", " : "", seed->valuedouble);
    if (cJSON_IsString(ed) && k < sizeof p->subtitle)
        k += (size_t)snprintf(p->subtitle + k, sizeof p->subtitle - k, "%sedition %s", k ? ", " : "", ed->valuestring);
    if (cJSON_IsFalse(done) && k < sizeof p->subtitle)
        snprintf(p->subtitle + k, sizeof p->subtitle - k, "%sinterrupted run", k ? ", " : "");
}

static int plot_run_report(Plot *p, const cJSON *root)
{
    const cJSON *decks = field(p, root, "", "decks", K_ARR);
    const cJSON *turns = field(p, root, "", "turns", K_OBJ);
    const cJSON *cards = field(p, root, "", "cards", K_ARR);
    if (!decks || !turns || !cards) return -1;
    int n = cJSON_GetArraySize(decks);
    if (n < 1 || n > 26) { snprintf(p->err, sizeof p->err, "%s: field decks holds %d decks", p->report, n); return -1; }
    Bar bar[26];
    const cJSON *games = field(p, root, "", "games", K_NUM);
    if (!games) return -1;
    if (games->valuedouble < 1) { snprintf(p->err, sizeof p->err, "%s: no games were played: nothing to draw", p->report); return -1; }
    subtitle(p, root, "games", "games", "game");
    for (int d = 0; d < n; d++) {
        const cJSON *o = cJSON_GetArrayItem(decks, d);
        char path[32], sub[48];
        snprintf(path, sizeof path, "decks[%d]", d);
        const cJSON *nm = field(p, o, path, "name", K_STR);
        const cJSON *wr = field(p, o, path, "win_rate", K_NUM_OR_NULL);
        if (!nm || !wr) return -1;
        bar[d].name = nm->valuestring;
        bar[d].v[0] = pct(wr);
        bar[d].games[0] = cJSON_IsNumber(games) ? games->valuedouble : NAN;
        interval(p, o, path, &bar[d].lo[0], &bar[d].hi[0]);
        static const char *const side[2] = { "on_play", "on_draw" };
        for (int k = 0; k < 2; k++) {
            const cJSON *s = field(p, o, path, side[k], K_OBJ);
            snprintf(sub, sizeof sub, "%s.%s", path, side[k]);
            const cJSON *sw = field(p, s, sub, "win_rate", K_NUM_OR_NULL);
            const cJSON *sg = field(p, s, sub, "games", K_NUM);
            interval(p, s, sub, &bar[d].lo[k + 1], &bar[d].hi[k + 1]);
            if (p->err[0]) return -1;
            bar[d].v[k + 1] = pct(sw);
            bar[d].games[k + 1] = sg->valuedouble;
            if (isnan(bar[d].v[k + 1])) bar[d].lo[k + 1] = bar[d].hi[k + 1] = NAN;
        }
        if (isnan(bar[d].v[0])) bar[d].lo[0] = bar[d].hi[0] = NAN;
    }
    /* Check every field before drawing anything. */
    const cJSON *hist = field(p, turns, "turns", "histogram", K_ARR);
    if (!hist) return -1;
    if (cJSON_GetArraySize(cards) != n) {
        snprintf(p->err, sizeof p->err, "%s: field cards holds %d decks, decks %d", p->report, cJSON_GetArraySize(cards), n);
        return -1;
    }
    char title[256];
    if (n == 2) snprintf(title, sizeof title, "%s vs %s: win rates", bar[0].name, bar[1].name);
    else snprintf(title, sizeof title, "Win rates");
    if (plot_winrates(p, bar, n, 3, title)) return -1;
    if (plot_turns(p, turns)) return -1;
    for (int d = 0; d < n; d++) {
        char path[32];
        snprintf(path, sizeof path, "cards[%d]", d);
        const cJSON *dc = cJSON_GetArrayItem(cards, d);
        const cJSON *dn = field(p, dc, path, "deck", K_STR);
        if (!dn) return -1;
        if (plot_cards(p, dc, d, dn->valuestring, bar[d].v[0], bar[d].games[0])) return -1;
    }
    return 0;
}

static int plot_gauntlet_report(Plot *p, const cJSON *root)
{
    const cJSON *decks = field(p, root, "", "decks", K_ARR);
    const cJSON *matrix = field(p, root, "", "matrix", K_ARR);
    const cJSON *fld = field(p, root, "", "field", K_ARR);
    if (!decks || !matrix || !fld) return -1;
    int n = cJSON_GetArraySize(decks);
    if (n < 2 || n > 64) { snprintf(p->err, sizeof p->err, "%s: field decks holds %d decks (2 to 64 can be drawn)", p->report, n); return -1; }
    for (int i = 0; i < n; i++)
        if (!cJSON_IsString(cJSON_GetArrayItem(decks, i))) {
            snprintf(p->err, sizeof p->err, "%s: field decks[%d] is not a string", p->report, i);
            return -1;
        }
    if (cJSON_GetArraySize(matrix) != n) {
        snprintf(p->err, sizeof p->err, "%s: field matrix has %d rows for %d decks", p->report, cJSON_GetArraySize(matrix), n);
        return -1;
    }
    for (int i = 0; i < n; i++) {
        const cJSON *row = cJSON_GetArrayItem(matrix, i);
        if (!cJSON_IsArray(row) || cJSON_GetArraySize(row) != n) {
            snprintf(p->err, sizeof p->err, "%s: field matrix[%d] is not an array of %d cells", p->report, i, n);
            return -1;
        }
        for (int j = 0; j < n; j++) {
            const cJSON *c = cJSON_GetArrayItem(row, j);
            if (cJSON_IsNull(c)) continue;
            char path[64];
            snprintf(path, sizeof path, "matrix[%d][%d]", i, j);
            if (!cJSON_IsObject(c)) { snprintf(p->err, sizeof p->err, "%s: field %s is not an object or null", p->report, path); return -1; }
            double lo, hi;
            field(p, c, path, "win_rate", K_NUM_OR_NULL);
            field(p, c, path, "games", K_NUM);
            interval(p, c, path, &lo, &hi);
            if (p->err[0]) return -1;
        }
    }
    if (cJSON_GetArraySize(fld) != n) {
        snprintf(p->err, sizeof p->err, "%s: field field has %d entries for %d decks", p->report, cJSON_GetArraySize(fld), n);
        return -1;
    }
    Bar *bar = calloc((size_t)n, sizeof *bar);
    double *wr = calloc((size_t)n * 4, sizeof *wr);  /* win rate, low, high, games */
    if (!bar || !wr) { free(bar); free(wr); snprintf(p->err, sizeof p->err, "out of memory"); return -1; }
    for (int i = 0; i < n; i++) {
        const cJSON *o = cJSON_GetArrayItem(fld, i);
        char path[32];
        snprintf(path, sizeof path, "field[%d]", i);
        const cJSON *w = field(p, o, path, "win_rate", K_NUM_OR_NULL);
        const cJSON *g = cJSON_GetObjectItemCaseSensitive(o, "games");
        interval(p, o, path, &wr[n + i], &wr[2 * n + i]);
        if (p->err[0]) break;
        wr[i] = pct(w);
        /* The row's name comes from decks[], which orders the matrix. */
        bar[i].name = cJSON_GetArrayItem(decks, i)->valuestring;
        bar[i].v[0] = wr[i];
        bar[i].lo[0] = wr[n + i];
        bar[i].hi[0] = wr[2 * n + i];
        bar[i].games[0] = wr[3 * n + i] = cJSON_IsNumber(g) ? g->valuedouble : NAN;
    }
    int rc = -1;
    if (!p->err[0]) {
        subtitle(p, root, "games_per_matchup", "games per matchup", "game per matchup");
        /* Best deck first. */
        Bar *sorted = malloc((size_t)n * sizeof *sorted);
        if (sorted) {
            memcpy(sorted, bar, (size_t)n * sizeof *bar);
            for (int i = 1; i < n; i++)
                for (int j = i; j > 0 && (isnan(sorted[j - 1].v[0]) || sorted[j].v[0] > sorted[j - 1].v[0]); j--) {
                    Bar t = sorted[j]; sorted[j] = sorted[j - 1]; sorted[j - 1] = t;
                }
            rc = plot_winrates(p, sorted, n, 1, "Gauntlet: each deck's win rate against the field");
            free(sorted);
        } else {
            snprintf(p->err, sizeof p->err, "out of memory");
        }
        if (!rc) rc = plot_heatmap(p, decks, matrix, wr, wr + n, wr + 2 * n, wr + 3 * n);
        /* A gauntlet report with a game-length histogram gets that picture too. */
        const cJSON *turns = cJSON_GetObjectItemCaseSensitive(root, "turns");
        if (!rc && cJSON_IsObject(turns) && cJSON_IsArray(cJSON_GetObjectItemCaseSensitive(turns, "histogram")))
            rc = plot_turns(p, turns);
    }
    free(bar);
    free(wr);
    return rc;
}

/* ---- files, folders and gnuplot ---- */

static char *read_file(const char *path, size_t *len, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) { snprintf(err, errlen, "%s: %s", path, strerror(errno)); return NULL; }
    size_t cap = 1 << 16, n = 0, got;
    char *buf = malloc(cap);
    while (buf && (got = fread(buf + n, 1, cap - n - 1, f)) > 0) {
        n += got;
        if (n + 1 == cap) {
            char *nb = cap < ((size_t)1 << 30) ? realloc(buf, cap * 2) : NULL;
            if (!nb) { free(buf); buf = NULL; break; }
            buf = nb;
            cap *= 2;
        }
    }
    int bad = ferror(f);
    fclose(f);
    if (!buf || bad) { free(buf); snprintf(err, errlen, "%s: cannot read%s", path, buf ? "" : " (too large)"); return NULL; }
    buf[n] = 0;
    *len = n;
    return buf;
}

/* gnuplot's path from PATH, or 0 when there is none. */
static int find_gnuplot(char *out, size_t n)
{
    const char *path = getenv("PATH");
    if (!path || !*path) path = "/usr/bin:/bin";
    while (*path) {
        size_t len = strcspn(path, ":");
        snprintf(out, n, "%.*s/gnuplot", (int)len ? (int)len : 1, len ? path : ".");
        struct stat st;
        if (stat(out, &st) == 0 && S_ISREG(st.st_mode) && access(out, X_OK) == 0) return 1;
        path += len;
        if (*path == ':') path++;
    }
    return 0;
}

/* mkdir -p. 0 or -1 with errno. */
static int make_dirs(const char *dir)
{
    char buf[PATH_LEN];
    snprintf(buf, sizeof buf, "%s", dir);
    for (char *s = buf + 1; *s; s++) {
        if (*s != '/') continue;
        *s = 0;
        if (mkdir(buf, 0777) != 0 && errno != EEXIST) return -1;
        *s = '/';
    }
    if (mkdir(buf, 0777) != 0 && errno != EEXIST) return -1;
    struct stat st;
    if (stat(buf, &st) != 0) return -1;
    if (!S_ISDIR(st.st_mode)) { errno = ENOTDIR; return -1; }
    return 0;
}

static void remove_tmp(Plot *p)
{
    char path[PATH_LEN + 256];
    for (int i = 0; i < p->nfile; i++) { snprintf(path, sizeof path, "%s/%s", p->tmp, p->file[i]); unlink(path); }
    for (int i = 0; i < p->nimage; i++) { snprintf(path, sizeof path, "%s/%s", p->tmp, p->image[i]); unlink(path); }
    rmdir(p->tmp);
}

extern char **environ;

/* gnuplot's environment: ours, and where our locale is not UTF-8, LC_ALL
 * set to one that is (the scripts' `set encoding utf8` makes gnuplot warn
 * "iconv failed to convert degree sign" in the C locale), if the machine
 * has one. NULL out of memory. */
static char **gnuplot_env(int utf8, char *lc_all, size_t n)
{
    size_t k = 0, m = 0;
    while (environ[k]) k++;
    char **env = calloc(k + 2, sizeof *env);
    if (!env) return NULL;
    const char *loc = utf8 ? NULL : charset_utf8_locale();
    for (size_t i = 0; i < k; i++)
        if (!loc || strncmp(environ[i], "LC_ALL=", 7)) env[m++] = environ[i];
    if (loc) { snprintf(lc_all, n, "LC_ALL=%s", loc); env[m++] = lc_all; }
    return env;
}

/* Runs gnuplot on the scripts in the temporary folder; 0 when it exited 0
 * and drew every picture. */
static int run_gnuplot(Plot *p, const char *gnuplot, int utf8)
{
    char **argv = calloc((size_t)p->nscript + 2, sizeof *argv), lc_all[64];
    char **env = gnuplot_env(utf8, lc_all, sizeof lc_all);
    if (!argv || !env) { free(argv); free(env); snprintf(p->err, sizeof p->err, "out of memory"); return -1; }
    argv[0] = "gnuplot";
    for (int i = 0; i < p->nscript; i++) argv[i + 1] = p->script[i];
    fflush(stdout);
    fflush(stderr);
    pid_t pid = fork();
    if (pid < 0) { free(argv); free(env); snprintf(p->err, sizeof p->err, "cannot start gnuplot: %s", strerror(errno)); return -1; }
    if (pid == 0) {
        if (chdir(p->tmp) != 0) _exit(126);
        execve(gnuplot, argv, env);
        _exit(127);
    }
    free(argv);
    free(env);
    int st;
    while (waitpid(pid, &st, 0) < 0)
        if (errno != EINTR) { snprintf(p->err, sizeof p->err, "gnuplot: %s", strerror(errno)); return -1; }
    if (!WIFEXITED(st) || WEXITSTATUS(st) != 0) {
        if (WIFEXITED(st)) snprintf(p->err, sizeof p->err, "gnuplot failed (exit status %d)", WEXITSTATUS(st));
        else snprintf(p->err, sizeof p->err, "gnuplot was killed by signal %d", WTERMSIG(st));
        return -1;
    }
    for (int i = 0; i < p->nimage; i++) {
        char path[PATH_LEN + 256];
        struct stat sb;
        snprintf(path, sizeof path, "%s/%s", p->tmp, p->image[i]);
        if (stat(path, &sb) != 0 || sb.st_size == 0) {
            snprintf(p->err, sizeof p->err, "gnuplot did not draw %s", p->image[i]);
            return -1;
        }
    }
    return 0;
}

/* The targets in DIR: every file and picture the dry run listed, data and
 * scripts first. */
static void add_targets(const Plot *p, OutputSet *os)
{
    for (int i = 0; i < p->nfile; i++) output_file_in(os, "--out", p->dir, p->file[i]);
    for (int i = 0; i < p->nimage; i++) output_file_in(os, "--out", p->dir, p->image[i]);
}

/* Copies everything gnuplot and the drawing made in the temporary folder
 * into the output set, each file to its target, and commits the set: all
 * of DIR's files are replaced, or none. */
static int commit(Plot *p, OutputSet *os)
{
    char from[PATH_LEN + 256];
    for (int pass = 0; pass < 2 && !p->err[0]; pass++) {
        char **list = pass ? p->image : p->file;
        int n = pass ? p->nimage : p->nfile;
        for (int i = 0; i < n && !p->err[0]; i++) {
            /* As add_targets: the drawing lists the names of the dry run again. */
            int k = pass ? p->nfile + i : i;
            const char *target = output_path(os, k), *slash = strrchr(target, '/');
            if (!slash || strcmp(slash + 1, list[i])) {
                snprintf(p->err, sizeof p->err, "%s: not drawn as planned (a bug)", list[i]);
                break;
            }
            size_t len;
            snprintf(from, sizeof from, "%s/%s", p->tmp, list[i]);
            char *text = read_file(from, &len, p->err, sizeof p->err);
            if (text) output_put(os, k, text, len);
            free(text);
        }
    }
    if (p->err[0]) output_fail(os, p->err);
    return output_commit(os, p->err, sizeof p->err);
}

/* Removes the temporary folders of plots killed before they finished:
 * DIR/.mtgsim-plot-PID-XXXXXX (PID no longer running) and their files. */
static void remove_stale(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) return;
    struct dirent *e;
    while ((e = readdir(d))) {
        const char *n = e->d_name, *prefix = ".mtgsim-plot-";
        if (strncmp(n, prefix, strlen(prefix))) continue;
        const char *pid = n + strlen(prefix);
        size_t digits = strspn(pid, "0123456789");
        if (!digits || digits > 9 || pid[digits] != '-' || strlen(pid + digits + 1) != 6) continue;
        long id = atol(pid);
        if (id == (long)getpid() || kill((pid_t)id, 0) == 0 || errno != ESRCH) continue;
        char sub[PATH_LEN + 256], file[2 * PATH_LEN];
        snprintf(sub, sizeof sub, "%s/%s", dir, n);
        DIR *t = opendir(sub);
        struct dirent *f;
        while (t && (f = readdir(t))) {
            struct stat st;
            snprintf(file, sizeof file, "%s/%s", sub, f->d_name);
            if (lstat(file, &st) == 0 && S_ISREG(st.st_mode)) unlink(file);
        }
        if (t) closedir(t);
        rmdir(sub);
    }
    closedir(d);
}

/* Forgets the files listed (not the files themselves). */
static void plot_free(Plot *p)
{
    for (int i = 0; i < p->nfile; i++) free(p->file[i]);
    for (int i = 0; i < p->nscript; i++) free(p->script[i]);
    for (int i = 0; i < p->nimage; i++) free(p->image[i]);
    p->nfile = p->nscript = p->nimage = 0;
}

int cmd_plot(int argc, char **argv, int utf8)
{
    const char *report = NULL, *out = NULL;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) { fputs(plot_usage, stdout); return 0; }
        if (!strcmp(a, "--out")) {
            if (i + 1 >= argc || !argv[i + 1][0]) { fprintf(stderr, "mtgsim plot: --out needs a folder\n"); return 2; }
            out = argv[++i];
        } else if (a[0] == '-' && a[1]) {
            fprintf(stderr, "mtgsim plot: unknown option '%s'\n\n%s", a, plot_usage);
            return 2;
        } else if (!report) {
            report = a;
        } else {
            fprintf(stderr, "mtgsim plot: one report at a time ('%s' and '%s')\n", report, a);
            return 2;
        }
    }
    if (!report || !out) {
        fprintf(stderr, "mtgsim plot: %s\n\n%s", !report ? "give a report (REPORT.json)" : "--out DIR is required", plot_usage);
        return 2;
    }

    static Plot p;
    memset(&p, 0, sizeof p);
    OutputSet os;
    output_init(&os);
    p.report = report;
    p.dir = out;
    size_t len;
    char *text = read_file(report, &len, p.err, sizeof p.err);
    if (!text) { fprintf(stderr, "mtgsim plot: %s\n", p.err); return 2; }
    const char *end = NULL;
    cJSON *root = cJSON_ParseWithLengthOpts(text, len, &end, 0);
    if (!root) {
        const char *at = end ? end : cJSON_GetErrorPtr();
        int line = 1;
        for (const char *s = text; at && s < at && s < text + len; s++) line += *s == '\n';
        fprintf(stderr, "mtgsim plot: %s: not valid JSON (line %d)\n", report, line);
        free(text);
        return 2;
    }
    free(text);
    const cJSON *schema = field(&p, root, "", "schema", K_STR);
    int gauntlet = 0;
    if (schema && !strcmp(schema->valuestring, "mtgsim-gauntlet/1")) gauntlet = 1;
    else if (schema && strcmp(schema->valuestring, "mtgsim-report/1"))
        snprintf(p.err, sizeof p.err, "%s: schema '%s' is not one plot knows (mtgsim-report/1, mtgsim-gauntlet/1)",
                 report, schema->valuestring);

    /* A dry run first reads every field the pictures need, so a bad report
     * is refused before anything is made. */
    int (*draw)(Plot *, const cJSON *) = gauntlet ? plot_gauntlet_report : plot_run_report;
    char gnuplot[PATH_LEN];
    int status = 0;
    if (p.err[0] || draw(&p, root)) status = 2;
    else if (!find_gnuplot(gnuplot, sizeof gnuplot)) {
        snprintf(p.err, sizeof p.err, "gnuplot not found: install the Debian package gnuplot-nox");
        status = 2;
    } else if (make_dirs(out) != 0 || access(out, W_OK | X_OK) != 0) {
        snprintf(p.err, sizeof p.err, "%s: cannot write there: %s", out, strerror(errno));
        status = 2;
    } else {
        /* Every file DIR gets is checked (not the report, nor a folder or
         * socket) before gnuplot runs. */
        output_input(&os, "report", report);
        add_targets(&p, &os);
        if (output_check(&os, p.err, sizeof p.err) || output_begin(&os, p.err, sizeof p.err)) status = 2;
    }
    if (!status) {
        plot_free(&p);
        remove_stale(out);
        snprintf(p.tmp, sizeof p.tmp, "%s/.mtgsim-plot-%ld-XXXXXX", out, (long)getpid());
        if (!mkdtemp(p.tmp)) {
            snprintf(p.err, sizeof p.err, "%s: cannot write there: %s", out, strerror(errno));
            status = 2;
        } else {
            if (draw(&p, root)) status = 2;   /* the disk, or memory */
            else if (run_gnuplot(&p, gnuplot, utf8)) status = 1;
            else if (commit(&p, &os)) status = 2;
            remove_tmp(&p);
        }
    }
    output_free(&os);
    cJSON_Delete(root);
    if (status) {
        fprintf(stderr, "mtgsim plot: %s\n", p.err);
        plot_free(&p);
        return status;
    }
    printf("%s: %d pictures in %s\n", report, p.nimage / 2, out);
    for (int i = 0; i < p.nimage; i += 2) printf("  %s  %s\n", p.image[i], p.image[i + 1]);
    plot_free(&p);
    return 0;
}
