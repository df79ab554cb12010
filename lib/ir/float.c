/* float.c — exact conversions between doubles and the bit patterns of every
 * floating-point format MLIR knows (IrFloatKind), following LLVM APFloat's
 * semantics: IEEE-like formats with inf/NaN, "NaN-only" formats without
 * infinities (f8E4M3FN: NaN = S.1111.111; the FNUZ family: NaN = 0x80, no
 * negative zero), the unsigned exponent-only f8E8M0FNU (0xFF = NaN, no zero),
 * and the finite-only f6/f4 formats (saturate, no inf/NaN).
 *
 * Every supported format is a subset of binary64, so decoding is exact and
 * encoding is a single round-to-nearest-even on the double's 53-bit
 * significand.  f80 and f128 are treated as f64 (the IR stores doubles). */
#include "ir/ir.h"

#include <math.h>

typedef enum { NF_IEEE, NF_NAN_ONLY, NF_FINITE_ONLY } NonFinite;
typedef enum { NAN_IEEE, NAN_ALL_ONES, NAN_NEG_ZERO } NanEnc;

/* A format in APFloat's terms: maxExponent/minExponent are unbiased, mant is
 * the number of stored significand bits (precision - 1). */
typedef struct FltSem {
  unsigned width, mant;
  int max_exp, min_exp;
  NonFinite nf;
  NanEnc nan;
  bool has_zero, is_signed;
} FltSem;

static const FltSem sems[IR_FLOAT_KIND_COUNT] = {
    [IR_F16] = {16, 10, 15, -14, NF_IEEE, NAN_IEEE, true, true},
    [IR_BF16] = {16, 7, 127, -126, NF_IEEE, NAN_IEEE, true, true},
    [IR_F32] = {32, 23, 127, -126, NF_IEEE, NAN_IEEE, true, true},
    [IR_TF32] = {19, 10, 127, -126, NF_IEEE, NAN_IEEE, true, true},
    [IR_F64] = {64, 52, 1023, -1022, NF_IEEE, NAN_IEEE, true, true},
    [IR_F80] = {64, 52, 1023, -1022, NF_IEEE, NAN_IEEE, true, true},
    [IR_F128] = {64, 52, 1023, -1022, NF_IEEE, NAN_IEEE, true, true},
    [IR_F8E4M3FN] = {8, 3, 8, -6, NF_NAN_ONLY, NAN_ALL_ONES, true, true},
    [IR_F8E5M2] = {8, 2, 15, -14, NF_IEEE, NAN_IEEE, true, true},
    [IR_F8E4M3] = {8, 3, 7, -6, NF_IEEE, NAN_IEEE, true, true},
    [IR_F8E4M3FNUZ] = {8, 3, 7, -7, NF_NAN_ONLY, NAN_NEG_ZERO, true, true},
    [IR_F8E5M2FNUZ] = {8, 2, 15, -15, NF_NAN_ONLY, NAN_NEG_ZERO, true, true},
    [IR_F8E4M3B11FNUZ] = {8, 3, 4, -10, NF_NAN_ONLY, NAN_NEG_ZERO, true, true},
    [IR_F8E3M4] = {8, 4, 3, -2, NF_IEEE, NAN_IEEE, true, true},
    [IR_F8E8M0FNU] = {8, 0, 127, -127, NF_NAN_ONLY, NAN_ALL_ONES, false, false},
    [IR_F6E2M3FN] = {6, 3, 2, 0, NF_FINITE_ONLY, NAN_IEEE, true, true},
    [IR_F6E3M2FN] = {6, 2, 4, -2, NF_FINITE_ONLY, NAN_IEEE, true, true},
    [IR_F4E2M1FN] = {4, 1, 2, 0, NF_FINITE_ONLY, NAN_IEEE, true, true},
};

static const FltSem *sem_of(IrFloatKind k) {
  return (unsigned)k < IR_FLOAT_KIND_COUNT ? &sems[k] : &sems[IR_F64];
}

static bool is_f64_like(IrFloatKind k) {
  return k == IR_F64 || k == IR_F80 || k == IR_F128 || (unsigned)k >= IR_FLOAT_KIND_COUNT;
}

static uint64_t dbits(double v) {
  uint64_t b;
  memcpy(&b, &v, sizeof b);
  return b;
}

static double bitsd(uint64_t b) {
  double v;
  memcpy(&v, &b, sizeof v);
  return v;
}

/* Exponent-field width and bias of a format (E8M0 has no sign bit and no
 * subnormals; its field 0 is 2^-127). */
static unsigned exp_bits(const FltSem *s) { return s->width - s->mant - (s->is_signed ? 1 : 0); }
static int exp_bias(const FltSem *s) { return s->has_zero ? 1 - s->min_exp : -s->min_exp; }

unsigned ir_float_storage_bits(IrFloatKind k) {
  if (k == IR_TF32) return 32;
  return sem_of(k)->width;
}

/* The NaN encoding of a NaN-capable non-IEEE format. */
static uint64_t nan_only_bits(const FltSem *s, bool neg) {
  uint64_t all = (s->width == 64) ? ~0ull : ((1ull << s->width) - 1);
  if (s->nan == NAN_NEG_ZERO) return 1ull << (s->width - 1);
  if (!s->is_signed) return all;
  uint64_t mag = all >> 1; /* exponent and mantissa all ones */
  return neg ? (mag | (1ull << (s->width - 1))) : mag;
}

/* Largest finite magnitude encoding (without sign). */
static uint64_t largest_bits(const FltSem *s) {
  uint64_t e = (uint64_t)(s->max_exp + exp_bias(s));
  uint64_t m = (1ull << s->mant) - 1;
  if (s->nf == NF_NAN_ONLY && s->nan == NAN_ALL_ONES && s->mant > 0) m &= ~1ull;
  return (e << s->mant) | m;
}

double ir_float_from_bits(IrFloatKind k, uint64_t bits) {
  if (is_f64_like(k)) return bitsd(bits);
  const FltSem *s = sem_of(k);
  uint64_t all = (1ull << s->width) - 1;
  bits &= all;
  unsigned eb = exp_bits(s);
  uint64_t emask = (1ull << eb) - 1;
  bool neg = s->is_signed && ((bits >> (s->width - 1)) & 1);
  uint64_t ef = (bits >> s->mant) & emask;
  uint64_t mf = bits & ((1ull << s->mant) - 1);
  double sign = neg ? -1.0 : 1.0;
  if (!s->is_signed) { /* f8E8M0FNU */
    if (bits == all) return bitsd(0x7FF8000000000000ull);
    return ldexp(1.0, (int)ef - 127);
  }
  switch (s->nf) {
  case NF_IEEE:
    if (ef == emask) {
      if (mf == 0) return sign * INFINITY;
      /* Keep the payload (and signalling-ness) in the double's top bits. */
      return bitsd((neg ? 1ull << 63 : 0) | (0x7FFull << 52) | (mf << (52 - s->mant)));
    }
    break;
  case NF_NAN_ONLY:
    if (s->nan == NAN_ALL_ONES && ef == emask && mf == ((1ull << s->mant) - 1))
      return bitsd((neg ? 1ull << 63 : 0) | 0x7FF8000000000000ull);
    if (s->nan == NAN_NEG_ZERO && bits == (1ull << (s->width - 1)))
      return bitsd(0x7FF8000000000000ull);
    break;
  case NF_FINITE_ONLY:
    break;
  }
  int bias = exp_bias(s);
  if (ef == 0) return sign * ldexp((double)mf, s->min_exp - (int)s->mant);
  return sign * ldexp((double)((1ull << s->mant) | mf), (int)ef - bias - (int)s->mant);
}

/* Encodes v (finite or not) into format s, rounding to nearest-even with
 * APFloat's overflow rules. */
uint64_t ir_float_to_bits(IrFloatKind k, double v) {
  if (is_f64_like(k)) return dbits(v);
  const FltSem *s = sem_of(k);
  uint64_t db = dbits(v);
  bool neg = (db >> 63) != 0;
  uint64_t signbit = s->is_signed ? 1ull << (s->width - 1) : 0;
  uint64_t emax_field = (1ull << exp_bits(s)) - 1;

  if (isnan(v)) {
    if (s->nf == NF_NAN_ONLY) return nan_only_bits(s, neg);
    if (s->nf == NF_FINITE_ONLY) return 0;
    uint64_t payload = (db & ((1ull << 52) - 1)) >> (52 - s->mant);
    if (payload == 0) payload = 1ull << (s->mant - 1); /* quiet bit */
    return (neg ? signbit : 0) | (emax_field << s->mant) | payload;
  }
  if (!s->is_signed && neg && v != 0) return nan_only_bits(s, false);
  if (isinf(v)) {
    if (s->nf == NF_IEEE) return (neg ? signbit : 0) | (emax_field << s->mant);
    if (s->nf == NF_NAN_ONLY) return nan_only_bits(s, neg);
    return (neg ? signbit : 0) | largest_bits(s);
  }
  if (v == 0) {
    if (!s->has_zero) return 0; /* smallest normalized: 2^min_exp */
    if (s->nan == NAN_NEG_ZERO) return 0;
    return neg ? signbit : 0;
  }

  /* |v| = m * 2^e with m a 53-bit integer. */
  int x;
  double f = frexp(fabs(v), &x); /* f in [0.5, 1) */
  uint64_t m = (uint64_t)ldexp(f, 53);
  int e = x - 53;
  int E = x - 1; /* unbiased exponent of v */
  if (E < s->min_exp) E = s->min_exp;
  int shift = (E - (int)s->mant) - e; /* >= 0 for every format narrower than f64 */
  uint64_t q;
  if (shift <= 0) {
    q = m << -shift;
  } else if (shift >= 64) {
    q = 0; /* remainder < half: m < 2^53 <= 2^(shift-1) */
  } else {
    q = m >> shift;
    uint64_t rem = m & ((1ull << shift) - 1);
    uint64_t half = 1ull << (shift - 1);
    if (rem > half || (rem == half && (q & 1))) q++;
  }
  if (q >> (s->mant + 1)) { /* carry out of the significand */
    q >>= 1;
    E++;
  }
  if (q == 0) { /* underflow to zero */
    if (!s->has_zero) return 0;
    if (s->nan == NAN_NEG_ZERO) return 0;
    return neg ? signbit : 0;
  }
  bool overflow = E > s->max_exp;
  if (!overflow && s->nf == NF_NAN_ONLY && s->nan == NAN_ALL_ONES && s->mant > 0 &&
      E == s->max_exp && (q & ((1ull << s->mant) - 1)) == (1ull << s->mant) - 1)
    overflow = true; /* the all-ones pattern is NaN */
  if (overflow) {
    if (s->nf == NF_IEEE) return (neg ? signbit : 0) | (emax_field << s->mant);
    if (s->nf == NF_NAN_ONLY) return nan_only_bits(s, neg);
    return (neg ? signbit : 0) | largest_bits(s);
  }
  uint64_t field, mant;
  if (q < (1ull << s->mant) && s->has_zero) { /* subnormal (only at E == min_exp) */
    field = 0;
    mant = q;
  } else {
    field = (uint64_t)(E + exp_bias(s));
    mant = q & ((1ull << s->mant) - 1);
  }
  return (neg ? signbit : 0) | (field << s->mant) | mant;
}

double ir_float_round(IrFloatKind k, double v) {
  if (is_f64_like(k)) return v;
  return ir_float_from_bits(k, ir_float_to_bits(k, v));
}
