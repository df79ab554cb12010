/* float_format.c — MLIR's float printing (AsmPrinter's printFloatValue) made
 * byte-exact: LLVM APFloat::toString reproduced on an exact big-integer
 * decimal expansion, the "does %e with 6 digits parse back bit-identically"
 * test, the shortest-digits fallback, and the hexadecimal bit pattern for
 * values neither form can carry (inf, NaN, large integral values).
 *
 * APFloat's algorithm (llvm/lib/Support/APFloat.cpp, toStringImpl) is not a
 * correctly rounded conversion: it first drops a conservatively computed
 * number of decimal digits by truncation, then rounds the remaining digit
 * string half-up.  We follow it step for step so every output matches. */
#include "asm/asm.h"

#include <math.h>
#include <stdlib.h>

/* ---- a tiny unsigned big integer (little-endian 32-bit limbs) ----------- */
#define BN_LIMBS 128 /* 4096 bits: f64's smallest subnormal needs ~2550 */

typedef struct BigNum {
  uint32_t d[BN_LIMBS];
  unsigned n; /* limbs in use; d[n-1] != 0 unless n == 0 */
} BigNum;

static void bn_trim(BigNum *b) {
  while (b->n && !b->d[b->n - 1]) b->n--;
}

static void bn_set_u64(BigNum *b, uint64_t v) {
  b->d[0] = (uint32_t)v;
  b->d[1] = (uint32_t)(v >> 32);
  b->n = 2;
  bn_trim(b);
}

static void bn_mul_small(BigNum *b, uint32_t m) {
  uint64_t carry = 0;
  for (unsigned i = 0; i < b->n; i++) {
    uint64_t t = (uint64_t)b->d[i] * m + carry;
    b->d[i] = (uint32_t)t;
    carry = t >> 32;
  }
  if (carry && b->n < BN_LIMBS) b->d[b->n++] = (uint32_t)carry;
}

static void bn_shl(BigNum *b, unsigned bits) {
  unsigned limbs = bits / 32, r = bits % 32;
  if (!b->n) return;
  unsigned nn = b->n + limbs + 1;
  if (nn > BN_LIMBS) nn = BN_LIMBS;
  for (unsigned i = nn; i-- > 0;) {
    uint64_t hi = (i >= limbs && i - limbs < b->n) ? b->d[i - limbs] : 0;
    uint64_t lo = (i >= limbs + 1 && i - limbs - 1 < b->n) ? b->d[i - limbs - 1] : 0;
    b->d[i] = r ? (uint32_t)((hi << r) | (lo >> (32 - r))) : (uint32_t)hi;
  }
  b->n = nn;
  bn_trim(b);
}

/* b /= m, returns the remainder. */
static uint32_t bn_divmod_small(BigNum *b, uint32_t m) {
  uint64_t rem = 0;
  for (unsigned i = b->n; i-- > 0;) {
    uint64_t cur = (rem << 32) | b->d[i];
    b->d[i] = (uint32_t)(cur / m);
    rem = cur % m;
  }
  bn_trim(b);
  return (uint32_t)rem;
}

static unsigned bn_active_bits(const BigNum *b) {
  if (!b->n) return 0;
  uint32_t top = b->d[b->n - 1];
  unsigned bits = 0;
  while (top) {
    bits++;
    top >>= 1;
  }
  return (b->n - 1) * 32 + bits;
}

/* ---- APFloat::toString -------------------------------------------------- */

/* Removes digits (by truncation) beyond what FormatPrecision needs; the
 * counterpart of APFloat's AdjustToPrecision(APInt&, ...). */
static void adjust_bits(BigNum *sig, int *exp, unsigned prec) {
  unsigned bits = bn_active_bits(sig);
  unsigned required = (prec * 196 + 58) / 59;
  if (bits <= required) return;
  unsigned tens = (bits - required) * 59 / 196;
  if (!tens) return;
  *exp += (int)tens;
  while (tens >= 9) {
    bn_divmod_small(sig, 1000000000u);
    tens -= 9;
  }
  static const uint32_t pow10[9] = {1, 10, 100, 1000, 10000, 100000,
                                    1000000, 10000000, 100000000};
  if (tens) bn_divmod_small(sig, pow10[tens]);
}

/* Rounds the digit buffer (least significant digit first) half-up to prec
 * digits; APFloat's AdjustToPrecision(SmallVectorImpl<char>&, ...). */
static void adjust_digits(char *buf, unsigned *n, int *exp, unsigned prec) {
  unsigned N = *n;
  if (N <= prec) return;
  unsigned first = N - prec;
  if (buf[first - 1] < '5') {
    while (first < N && buf[first] == '0') first++;
    *exp += (int)first;
    memmove(buf, buf + first, N - first);
    *n = N - first;
    return;
  }
  for (unsigned i = first; i != N; ++i) {
    if (buf[i] == '9') {
      first++;
    } else {
      buf[i]++;
      break;
    }
  }
  if (first == N) {
    *exp += (int)first;
    buf[0] = '1';
    *n = 1;
    return;
  }
  *exp += (int)first;
  memmove(buf, buf + first, N - first);
  *n = N - first;
}

/* toStringImpl for the finite nonzero value sig * 2^exp (sig != 0), with the
 * format's precision `sem_prec` used only for the default digit count. */
static void to_string_impl(StrBuf *out, bool neg, int exp, uint64_t sig64,
                           unsigned sem_prec, unsigned prec, unsigned max_pad,
                           bool trunc_zero) {
  if (neg) sb_putc(out, '-');
  if (!prec) prec = 2 + sem_prec * 59 / 196;

  /* Ignore trailing binary zeros. */
  while (!(sig64 & 1)) {
    sig64 >>= 1;
    exp++;
  }
  BigNum sig;
  bn_set_u64(&sig, sig64);
  if (exp > 0) {
    bn_shl(&sig, (unsigned)exp);
    exp = 0;
  } else if (exp < 0) {
    /* N * 2^-e == N * 5^e * 10^-e */
    int texp = -exp;
    while (texp >= 13) {
      bn_mul_small(&sig, 1220703125u); /* 5^13 */
      texp -= 13;
    }
    uint32_t p = 1;
    while (texp--) p *= 5;
    if (p != 1) bn_mul_small(&sig, p);
  }

  adjust_bits(&sig, &exp, prec);

  /* Digits, least significant first, dropping trailing zeros. */
  char buf[1400];
  unsigned nd = 0;
  bool in_trail = true;
  while (sig.n) {
    uint32_t chunk = bn_divmod_small(&sig, 1000000000u);
    unsigned ndig = sig.n ? 9 : 0; /* the last chunk has no leading zeros */
    for (unsigned i = 0; (ndig && i < ndig) || (!ndig && chunk); i++) {
      unsigned dgt = chunk % 10;
      chunk /= 10;
      if (in_trail && !dgt) exp++;
      else if (nd < sizeof buf) {
        buf[nd++] = (char)('0' + dgt);
        in_trail = false;
      }
    }
  }
  adjust_digits(buf, &nd, &exp, prec);

  bool sci;
  if (!max_pad) {
    sci = true;
  } else if (exp >= 0) {
    sci = (unsigned)exp > max_pad || nd + (unsigned)exp > prec;
  } else {
    int msd = exp + (int)(nd - 1);
    sci = msd >= 0 ? false : (unsigned)-msd > max_pad;
  }

  if (sci) {
    exp += (int)nd - 1;
    sb_putc(out, buf[nd - 1]);
    sb_putc(out, '.');
    if (nd == 1 && trunc_zero) sb_putc(out, '0');
    else
      for (unsigned i = 1; i != nd; ++i) sb_putc(out, buf[nd - 1 - i]);
    if (!trunc_zero && prec > nd - 1)
      for (unsigned i = 0; i < prec - nd + 1; i++) sb_putc(out, '0');
    sb_putc(out, trunc_zero ? 'E' : 'e');
    sb_putc(out, exp >= 0 ? '+' : '-');
    unsigned ue = exp < 0 ? (unsigned)-exp : (unsigned)exp;
    char eb[12];
    unsigned en = 0;
    do {
      eb[en++] = (char)('0' + ue % 10);
      ue /= 10;
    } while (ue);
    if (!trunc_zero && en < 2) eb[en++] = '0';
    while (en) sb_putc(out, eb[--en]);
    return;
  }
  if (exp >= 0) {
    for (unsigned i = 0; i != nd; ++i) sb_putc(out, buf[nd - 1 - i]);
    for (int i = 0; i != exp; ++i) sb_putc(out, '0');
    return;
  }
  int whole = exp + (int)nd;
  unsigned i = 0;
  if (whole > 0) {
    for (; i != (unsigned)whole; ++i) sb_putc(out, buf[nd - i - 1]);
    sb_putc(out, '.');
  } else {
    unsigned nzeros = 1 + (unsigned)-whole;
    sb_putc(out, '0');
    sb_putc(out, '.');
    for (unsigned z = 1; z != nzeros; ++z) sb_putc(out, '0');
  }
  for (; i != nd; ++i) sb_putc(out, buf[nd - i - 1]);
}

/* Precision (significand bits including the integer bit) of each format. */
static unsigned sem_precision(IrFloatKind k) {
  switch (k) {
  case IR_F16: return 11;
  case IR_BF16: return 8;
  case IR_F32: return 24;
  case IR_TF32: return 11;
  case IR_F8E4M3FN: case IR_F8E4M3: case IR_F8E4M3FNUZ: case IR_F8E4M3B11FNUZ: return 4;
  case IR_F8E5M2: case IR_F8E5M2FNUZ: return 3;
  case IR_F8E3M4: return 5;
  case IR_F8E8M0FNU: return 1;
  case IR_F6E2M3FN: return 4;
  case IR_F6E3M2FN: return 3;
  case IR_F4E2M1FN: return 2;
  default: return 53;
  }
}

/* APFloat::toString(Str, prec, max_pad, trunc_zero) of the finite value v. */
static void apfloat_to_string(StrBuf *out, double v, IrFloatKind k, unsigned prec,
                              unsigned max_pad, bool trunc_zero) {
  if (v == 0) {
    if (signbit(v)) sb_putc(out, '-');
    if (!max_pad) {
      if (trunc_zero) sb_puts(out, "0.0E+0");
      else {
        sb_puts(out, "0.0");
        for (unsigned i = 1; i < prec; i++) sb_putc(out, '0');
        sb_puts(out, "e+00");
      }
    } else {
      sb_putc(out, '0');
    }
    return;
  }
  int x;
  double f = frexp(fabs(v), &x);
  uint64_t m = (uint64_t)ldexp(f, 53);
  to_string_impl(out, signbit(v) != 0, x - 53, m, sem_precision(k), prec, max_pad,
                 trunc_zero);
}

/* Hex bit pattern as APInt::toString(radix 16, C literal): 0x7FC00000. */
static void print_hex_bits(StrBuf *b, uint64_t bits) {
  char tmp[20];
  unsigned n = 0;
  do {
    tmp[n++] = "0123456789ABCDEF"[bits & 15];
    bits >>= 4;
  } while (bits);
  sb_puts(b, "0x");
  while (n) sb_putc(b, tmp[--n]);
}

/* AsmPrinter's printFloatValue: "%e"-style with 6 digits when it parses back
 * bit-identically in the format, else APFloat's default shortest form if it
 * has a '.', else the bit pattern in hex. */
void asm_format_float(StrBuf *b, double v, IrFloatKind kind) {
  uint64_t bits = ir_float_to_bits(kind, v);
  double cv = ir_float_from_bits(kind, bits); /* the value APFloat would hold */
  if (!isnan(cv) && !isinf(cv)) {
    size_t start = b->len;
    apfloat_to_string(b, cv, kind, 6, 0, false);
    /* Parse back: strtod is correctly rounded, and the second rounding into
     * the (narrower) format cannot differ for these short decimal strings. */
    char *end;
    double back = strtod(b->s + start, &end);
    if (ir_float_to_bits(kind, back) == bits) return;
    b->len = start;
    b->s[start] = 0;
    apfloat_to_string(b, cv, kind, 0, 3, true);
    if (memchr(b->s + start, '.', b->len - start)) return;
    b->len = start;
    b->s[start] = 0;
  }
  print_hex_bits(b, bits);
}
