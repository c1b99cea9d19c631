/* fuzz.h: what the fuzz targets share: the libFuzzer entry point and the
 * check that stops a run on a broken promise.
 *
 * A target is built two ways: with libFuzzer (-fsanitize=fuzzer, clang,
 * MTGSIM_FUZZ=ON) to search for bad inputs, and with replay.c (any
 * compiler) so ctest feeds it the corpus and the regressions. */
#ifndef MTG_FUZZ_H
#define MTG_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* libFuzzer's entry point: data[0 .. size-1], no NUL after it. Returns 0. */
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* A promise of the code under test that did not hold: abort, which both
 * libFuzzer and the replay report as a crash with this input. */
#define FUZZ_CHECK(cond, ...) do {                                        \
        if (!(cond)) {                                                    \
            fprintf(stderr, "%s:%d: check failed: %s: ", __FILE__, __LINE__, #cond); \
            fprintf(stderr, __VA_ARGS__);                                 \
            fputc('\n', stderr);                                          \
            abort();                                                      \
        }                                                                 \
    } while (0)

#endif
