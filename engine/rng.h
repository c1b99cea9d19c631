/* rng.h: the engine's only source of randomness, passed explicitly.
 *
 * xoshiro256** (Blackman and Vigna), seeded through splitmix64 from a master
 * seed and a stream index, so that every game's randomness follows from
 * (seed, game index, stream) alone and never from a thread or a clock. */
#ifndef MTG_RNG_H
#define MTG_RNG_H

#include <stdint.h>

typedef struct Rng { uint64_t s[4]; } Rng;

static inline uint64_t rng_splitmix(uint64_t *x)
{
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

/* Seeds a generator from a master seed and any number of indices folded in
 * (game index, stream). Equal inputs give equal streams. */
static inline void rng_seed(Rng *r, uint64_t seed, uint64_t a, uint64_t b)
{
    uint64_t x = seed;
    x = rng_splitmix(&x) ^ (a * 0xD1B54A32D192ED03ull);
    x = rng_splitmix(&x) ^ (b * 0xABC98388FB8FAC03ull);
    for (int i = 0; i < 4; i++) r->s[i] = rng_splitmix(&x);
}

static inline uint64_t rng_rotl(uint64_t v, int k) { return (v << k) | (v >> (64 - k)); }

static inline uint64_t rng_next(Rng *r)
{
    uint64_t *s = r->s;
    uint64_t out = rng_rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0]; s[3] ^= s[1]; s[1] ^= s[2]; s[0] ^= s[3];
    s[2] ^= t; s[3] = rng_rotl(s[3], 45);
    return out;
}

/* Uniform integer in [0, n), n >= 1 (Lemire's multiply-shift; the bias for
 * the small n used here is below 2^-32 and the same on every machine). */
static inline uint32_t rng_below(Rng *r, uint32_t n)
{
    return (uint32_t)(((rng_next(r) >> 32) * (uint64_t)n) >> 32);
}

/* Fisher-Yates shuffle of n bytes. The generator is copied to a local for
 * the loop: the byte stores could alias it, which would make the compiler
 * reload and store its state at every step. Same stream either way. */
static inline void rng_shuffle(Rng *r, uint8_t *a, int n)
{
    Rng x = *r;
    for (int i = n - 1; i > 0; i--) {
        int j = (int)rng_below(&x, (uint32_t)i + 1);
        uint8_t t = a[i]; a[i] = a[j]; a[j] = t;
    }
    *r = x;
}

#endif
