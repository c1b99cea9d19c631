/* charset.h: whether the user's locale takes UTF-8. What mtgsim prints for
 * a person falls back to ASCII where it does not ("-" for a dash, "->" for
 * an arrow); files (JSON, CSV, gnuplot scripts) are UTF-8 always. main
 * checks once and passes the answer to the commands that need it. */
#ifndef MTG_CHARSET_H
#define MTG_CHARSET_H

/* 1 when the locale the environment names (LC_ALL, LC_CTYPE, LANG) exists
 * and is UTF-8, else 0. mtgsim itself stays in the "C" locale: nothing it
 * computes or writes depends on the user's. */
int charset_utf8(void);

/* A UTF-8 locale this machine has ("C.UTF-8", ...), for a program mtgsim
 * starts, or NULL when there is none. */
const char *charset_utf8_locale(void);

#endif
