/* unit_gemm.h — what the GEMM tests share: one linear congruential
 * generator (define UNIT_GEMM_SEED before the include; each test keeps its
 * own seed), a float's bits, bf16 decoding, an operand tile's element as a
 * load decodes it, and a count of bitwise differences.  Include after
 * unit.h. */
#ifndef CTILE_UNIT_GEMM_H
#define CTILE_UNIT_GEMM_H

#include <stdint.h>
#include <string.h>

#include "interp/interp_gemm.h"
#include "ir/ir.h"

static unsigned rng = UNIT_GEMM_SEED;

static inline uint32_t rnd(void) {
  rng = rng * 1103515245u + 12345u;
  return rng >> 8;
}

/* A value in [-1, 1) with 20 random bits. */
static inline float frand(void) { return (float)(rnd() & 0xFFFFF) / 524288.0f - 1.0f; }

static inline uint32_t fbits(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  return u;
}

static inline float bf16_val(uint16_t h) { return (float)ir_float_from_bits(IR_BF16, h); }

/* Element (r, c) of operand tile t, decoded as a load decodes it. */
static inline float elem(const InGemmOperand *op, int64_t t, int64_t r, int64_t c) {
  if (op->bf16) return bf16_val(((const uint16_t *)op->tiles[t])[r * op->ld + c]);
  return ((const float *)op->tiles[t])[r * op->ld + c];
}

/* Runs fn with the AVX-512 kernels where the CPU has them, then capped at
 * AVX2 (once, with what there is, elsewhere). */
static inline void each_isa(void (*fn)(void)) {
  for (int pass = strcmp(in_gemm_isa(), "avx512") == 0 ? 0 : 1; pass < 2; pass++) {
    in_gemm_allow_avx512(pass == 0);
    fn();
  }
  in_gemm_allow_avx512(true);
}

/* How many of the n elements differ in their bits. */
static inline int diff_bits(const float *x, const float *y, int64_t n) {
  int bad = 0;
  for (int64_t i = 0; i < n; i++) bad += fbits(x[i]) != fbits(y[i]);
  return bad;
}

#endif
