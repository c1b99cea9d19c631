/* test_signature.c: the fixed-seed signature of `mtgsim bench` (a hash of
 * the full report of 20000 games, seed 1, on the reference matchup) equals
 * the one pinned in bench/signature, on 1 and on 2 threads. It changes only
 * when behaviour does; a commit that changes it updates bench/signature and
 * says why. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>

static void read_line(FILE *f, char *buf, size_t n)
{
    if (!fgets(buf, (int)n, f)) buf[0] = 0;
    buf[strcspn(buf, "\r\n")] = 0;
}

static void signature_on(int threads, const char *pinned)
{
    char cmd[1024], got[128];
    snprintf(cmd, sizeof cmd, "%s bench --signature --threads %d", MTGSIM_BIN, threads);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    read_line(p, got, sizeof got);
    assert_int_equal(pclose(p), 0);
    if (strcmp(got, pinned))
        fail_msg("signature on %d threads is %s, bench/signature pins %s: behaviour changed "
                 "(if on purpose, update bench/signature and say why in the commit)", threads, got, pinned);
}

static void test_signature_pinned(void **st)
{
    FILE *f = fopen(TESTS_DIR "/../bench/signature", "r");
    assert_non_null(f);
    char pinned[128];
    read_line(f, pinned, sizeof pinned);
    fclose(f);
    assert_int_equal(strlen(pinned), 16);
    signature_on(1, pinned);
    signature_on(2, pinned);
}

int main(void)
{
    const struct CMUnitTest tests[] = { cmocka_unit_test(test_signature_pinned) };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
