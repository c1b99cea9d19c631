/* charset.c: is the user's locale UTF-8 (setlocale, nl_langinfo). */
#include <langinfo.h>
#include <locale.h>
#include <string.h>
#include "charset.h"

/* Whether LC_CTYPE set to name exists and is UTF-8; the "C" locale after. */
static int is_utf8(const char *name)
{
    int yes = 0;
    if (setlocale(LC_CTYPE, name)) {
        const char *cs = nl_langinfo(CODESET);
        yes = cs && (!strcmp(cs, "UTF-8") || !strcmp(cs, "utf-8") || !strcmp(cs, "utf8"));
    }
    setlocale(LC_CTYPE, "C");
    return yes;
}

int charset_utf8(void) { return is_utf8(""); }

const char *charset_utf8_locale(void)
{
    static const char *const names[] = { "C.UTF-8", "C.utf8", "en_US.UTF-8", "en_US.utf8" };
    for (size_t k = 0; k < sizeof names / sizeof *names; k++)
        if (is_utf8(names[k])) return names[k];
    return NULL;
}
