/* library.c: libraries that cards change, copied on the first write. */
#include <string.h>
#include "library.h"

uint8_t *library_own(GameState *s, int p)
{
    Player *pl = &s->pl[p];
    uint8_t *buf = s->lib_buf[p];
    if (!(pl->flags & PL_LIB_OWN)) {
        /* The live part at the end of the buffer: room above the top. */
        int top = DECK_MAX - pl->lib_n;
        if (pl->lib_n) memcpy(buf + top, pl->lib + pl->lib_top, pl->lib_n);   /* an empty one may have no order */
        pl->lib = buf;
        pl->lib_top = (uint8_t)top;
        pl->flags |= PL_LIB_OWN;
    }
    return buf;
}

uint8_t library_take(GameState *s, int p, int k)
{
    Player *pl = &s->pl[p];
    uint8_t *buf = library_own(s, p);
    uint8_t obj = buf[pl->lib_top + k];
    memmove(buf + pl->lib_top + 1, buf + pl->lib_top, (size_t)k);   /* the cards above it move down */
    pl->lib_top++;
    pl->lib_n--;
    return obj;
}

void library_put(GameState *s, int p, uint8_t obj, int bottom)
{
    Player *pl = &s->pl[p];
    uint8_t *buf = library_own(s, p);
    if (!bottom && pl->lib_top > 0) {
        buf[--pl->lib_top] = obj;
    } else {
        /* At the bottom, or no room above the top: the live part moves to
         * the start of the buffer (the buffer holds a whole deck). */
        memmove(buf, buf + pl->lib_top, pl->lib_n);
        pl->lib_top = 0;
        if (bottom) buf[pl->lib_n] = obj;
        else { memmove(buf + 1, buf, pl->lib_n); buf[0] = obj; }
    }
    pl->lib_n++;
}

void library_reorder(GameState *s, int p, int m, int k)
{
    Player *pl = &s->pl[p];
    uint8_t *buf = library_own(s, p);
    uint8_t was[8], left[8];
    int n = 0, fact = 1;
    for (int j = 0; j < m; j++) { was[j] = buf[pl->lib_top + j]; left[n++] = was[j]; }
    for (int j = 2; j < m; j++) fact *= j;                      /* (m - 1)! */
    for (int j = 0; j < m; j++) {                               /* the factorial number system */
        int d = fact ? k / fact : 0;
        k = fact ? k % fact : 0;
        buf[pl->lib_top + j] = left[d];
        memmove(left + d, left + d + 1, (size_t)(n - d - 1));
        n--;
        if (m - 1 - j > 0) fact /= m - 1 - j;
    }
}

void library_shuffle(GameState *s, const Game *g, int p)
{
    Player *pl = &s->pl[p];
    uint8_t *buf = library_own(s, p);
    rng_shuffle(g->deck_rng[p], buf + pl->lib_top, pl->lib_n);
}
