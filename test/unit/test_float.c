/* test_float.c — exact float-format conversions (lib/ir/float.c) and MLIR's
 * float printing (asm_format_float): exhaustive bit-pattern round trips for
 * every 4/6/8/16-bit format, an independent nearest-value oracle for
 * rounding, the per-format overflow/NaN rules of APFloat, and printed forms
 * as mlir-opt produces them. */
#include "unit.h"

#include "asm/asm.h"
#include "ir/ir.h"

#include <math.h>
#include <stdlib.h>

static const IrFloatKind small_kinds[] = {
    IR_F16, IR_BF16, IR_TF32, IR_F8E4M3FN, IR_F8E5M2, IR_F8E4M3, IR_F8E4M3FNUZ,
    IR_F8E5M2FNUZ, IR_F8E4M3B11FNUZ, IR_F8E3M4, IR_F8E8M0FNU, IR_F6E2M3FN, IR_F6E3M2FN,
    IR_F4E2M1FN};
#define NKINDS (sizeof small_kinds / sizeof small_kinds[0])

/* Every bit pattern decodes to a double that encodes back to the same bits
 * (NaNs: to a NaN of the format). */
static void test_roundtrip_all_patterns(void) {
  for (size_t k = 0; k < NKINDS; k++) {
    IrFloatKind fk = small_kinds[k];
    unsigned w = ir_float_kind_width(fk);
    uint64_t n = 1ull << w;
    int bad = 0;
    for (uint64_t bits = 0; bits < n; bits++) {
      double v = ir_float_from_bits(fk, bits);
      uint64_t back = ir_float_to_bits(fk, v);
      if (isnan(v)) {
        if (!isnan(ir_float_from_bits(fk, back))) bad++;
      } else if (back != bits) {
        /* FNUZ formats have no -0 (0x80 is NaN), E8M0 no zero at all. */
        bad++;
      }
    }
    if (!CHECK_EQ_INT(bad, 0)) printf("  kind %s\n", ir_float_kind_name(fk));
  }
}

/* Oracle: nearest representable finite value by exhaustive search, ties to
 * the pattern with the even significand LSB (E8M0: ties away from zero). */
static double oracle_round(IrFloatKind fk, double v) {
  unsigned w = ir_float_kind_width(fk);
  double best = NAN;
  uint64_t best_bits = 0;
  for (uint64_t bits = 0; bits < (1ull << w); bits++) {
    double c = ir_float_from_bits(fk, bits);
    if (isnan(c) || isinf(c)) continue;
    if (isnan(best) || fabs(c - v) < fabs(best - v)) {
      best = c;
      best_bits = bits;
    } else if (fabs(c - v) == fabs(best - v) && c != best) {
      bool even = fk == IR_F8E8M0FNU ? fabs(c) > fabs(best) : !(bits & 1);
      if (even && !(fk != IR_F8E8M0FNU && !(best_bits & 1))) {
        best = c;
        best_bits = bits;
      }
    }
  }
  return best;
}

static void test_rounding_oracle(void) {
  const IrFloatKind kinds[] = {IR_F8E4M3FN, IR_F8E5M2, IR_F8E4M3, IR_F8E4M3FNUZ,
                               IR_F8E5M2FNUZ, IR_F8E4M3B11FNUZ, IR_F8E3M4, IR_F8E8M0FNU,
                               IR_F6E2M3FN, IR_F6E3M2FN, IR_F4E2M1FN};
  srand(12345);
  for (size_t k = 0; k < sizeof kinds / sizeof kinds[0]; k++) {
    IrFloatKind fk = kinds[k];
    int bad = 0;
    /* midpoints and random points inside the finite range */
    unsigned w = ir_float_kind_width(fk);
    double maxv = 0;
    for (uint64_t b = 0; b < (1ull << w); b++) {
      double c = ir_float_from_bits(fk, b);
      if (!isnan(c) && !isinf(c) && c > maxv) maxv = c;
    }
    for (uint64_t b = 0; b < (1ull << w); b++) {
      double c = ir_float_from_bits(fk, b);
      if (isnan(c) || isinf(c) || c == maxv || c == -maxv) continue;
      double up = INFINITY;
      for (uint64_t d = 0; d < (1ull << w); d++) {
        double e = ir_float_from_bits(fk, d);
        if (!isnan(e) && e > c && e < up) up = e;
      }
      if (isinf(up)) continue;
      double pts[5] = {c, (c + up) / 2, c + (up - c) * 0.25, c + (up - c) * 0.75,
                       c + (up - c) * ((double)rand() / RAND_MAX)};
      for (int i = 0; i < 5; i++) {
        double got = ir_float_round(fk, pts[i]);
        double want = oracle_round(fk, pts[i]);
        if (got != want && !(got == 0 && want == 0)) {
          if (bad++ < 3)
            printf("  %s: round(%.17g) = %.17g, oracle %.17g\n", ir_float_kind_name(fk),
                   pts[i], got, want);
        }
      }
    }
    CHECK_EQ_INT(bad, 0);
  }
}

#ifdef __FLT16_MAX__
/* f16 against the compiler's correctly rounded double -> _Float16. */
static void test_f16_vs_compiler(void) {
  int bad = 0;
  srand(7);
  for (int i = 0; i < 200000; i++) {
    uint64_t r = ((uint64_t)rand() << 40) ^ ((uint64_t)rand() << 20) ^ (uint64_t)rand();
    double v = ldexp((double)(r & ((1ull << 53) - 1)) / 9007199254740992.0, rand() % 50 - 30);
    if (rand() & 1) v = -v;
    _Float16 h = (_Float16)v;
    uint16_t hb;
    memcpy(&hb, &h, 2);
    if (ir_float_to_bits(IR_F16, v) != hb) bad++;
  }
  CHECK_EQ_INT(bad, 0);
}
#endif

/* bf16/f32: against float's own rounding where no double rounding occurs. */
static void test_f32_vs_c(void) {
  int bad = 0;
  srand(99);
  for (int i = 0; i < 200000; i++) {
    uint64_t r = ((uint64_t)rand() << 40) ^ ((uint64_t)rand() << 20) ^ (uint64_t)rand();
    double v = ldexp((double)(r & ((1ull << 53) - 1)) / 9007199254740992.0,
                     rand() % 300 - 150);
    float f = (float)v;
    uint32_t fb;
    memcpy(&fb, &f, 4);
    if (ir_float_to_bits(IR_F32, v) != fb) bad++;
    if (ir_float_from_bits(IR_F32, fb) != (double)f) bad++;
  }
  CHECK_EQ_INT(bad, 0);
}

static void test_known_values(void) {
  /* f8E4M3FN: max 448, NaN S.1111.111, no inf */
  CHECK_EQ_INT(ir_float_to_bits(IR_F8E4M3FN, 448.0), 0x7E);
  CHECK_EQ_INT(ir_float_to_bits(IR_F8E4M3FN, 464.0), 0x7E); /* tie to even */
  CHECK_EQ_INT(ir_float_to_bits(IR_F8E4M3FN, 465.0), 0x7F); /* -> NaN */
  CHECK_EQ_INT(ir_float_to_bits(IR_F8E4M3FN, 1e9), 0x7F);
  CHECK_EQ_INT(ir_float_to_bits(IR_F8E4M3FN, -1e9), 0xFF);
  CHECK_EQ_INT(ir_float_to_bits(IR_F8E4M3FN, INFINITY), 0x7F);
  CHECK_EQ_INT(ir_float_to_bits(IR_F8E4M3FN, -448.0), 0xFE);
  CHECK_EQ_INT(ir_float_to_bits(IR_F8E4M3FN, 0x1p-9), 0x01);
  CHECK_EQ_INT(ir_float_to_bits(IR_F8E4M3FN, 0x1p-10), 0x00);
  CHECK_EQ_INT(ir_float_to_bits(IR_F8E4M3FN, 0x1.8p-10), 0x01);
  CHECK_EQ_INT(ir_float_to_bits(IR_F8E4M3FN, -0.0), 0x80);
  CHECK(isnan(ir_float_from_bits(IR_F8E4M3FN, 0x7F)));
  CHECK(ir_float_from_bits(IR_F8E4M3FN, 0x08) == 0x1p-6);
  CHECK(ir_float_from_bits(IR_F8E4M3FN, 0x7E) == 448.0);
  CHECK(ir_float_from_bits(IR_F8E4M3FN, 0x38) == 1.0);
  /* f8E5M2: IEEE-like, max 57344 */
  CHECK_EQ_INT(ir_float_to_bits(IR_F8E5M2, 57344.0), 0x7B);
  CHECK_EQ_INT(ir_float_to_bits(IR_F8E5M2, 61440.0), 0x7C); /* tie -> even -> inf */
  CHECK_EQ_INT(ir_float_to_bits(IR_F8E5M2, 61439.0), 0x7B);
  CHECK_EQ_INT(ir_float_to_bits(IR_F8E5M2, NAN), 0x7E);
  CHECK(isinf(ir_float_from_bits(IR_F8E5M2, 0xFC)) && ir_float_from_bits(IR_F8E5M2, 0xFC) < 0);
  /* f8E4M3 (IEEE) */
  CHECK(ir_float_from_bits(IR_F8E4M3, 0x77) == 240.0);
  CHECK_EQ_INT(ir_float_to_bits(IR_F8E4M3, 1e6), 0x78);
  /* FNUZ family: NaN 0x80, no -0 */
  CHECK_EQ_INT(ir_float_to_bits(IR_F8E4M3FNUZ, -0.0), 0x00);
  CHECK_EQ_INT(ir_float_to_bits(IR_F8E4M3FNUZ, -1e-9), 0x00);
  CHECK_EQ_INT(ir_float_to_bits(IR_F8E4M3FNUZ, 1e9), 0x80);
  CHECK_EQ_INT(ir_float_to_bits(IR_F8E4M3FNUZ, -1e9), 0x80);
  CHECK(ir_float_from_bits(IR_F8E4M3FNUZ, 0x7F) == 240.0);
  CHECK(ir_float_from_bits(IR_F8E5M2FNUZ, 0x7F) == 57344.0);
  CHECK(ir_float_from_bits(IR_F8E4M3B11FNUZ, 0x7F) == 30.0);
  CHECK(ir_float_from_bits(IR_F8E4M3FNUZ, 0x01) == 0x1p-10);
  CHECK(isnan(ir_float_from_bits(IR_F8E5M2FNUZ, 0x80)));
  /* f8E3M4 */
  CHECK(ir_float_from_bits(IR_F8E3M4, 0x6F) == 15.5);
  CHECK(ir_float_from_bits(IR_F8E3M4, 0x30) == 1.0);
  /* f8E8M0FNU: powers of two, 0xFF NaN, no zero, ties away */
  CHECK_EQ_INT(ir_float_to_bits(IR_F8E8M0FNU, 1.0), 0x7F);
  CHECK_EQ_INT(ir_float_to_bits(IR_F8E8M0FNU, 0x1p127), 0xFE);
  CHECK_EQ_INT(ir_float_to_bits(IR_F8E8M0FNU, 0x1p128), 0xFF);
  CHECK_EQ_INT(ir_float_to_bits(IR_F8E8M0FNU, 0.0), 0x00);
  CHECK_EQ_INT(ir_float_to_bits(IR_F8E8M0FNU, 3.0), 0x81);
  CHECK_EQ_INT(ir_float_to_bits(IR_F8E8M0FNU, 1.5), 0x80);
  CHECK_EQ_INT(ir_float_to_bits(IR_F8E8M0FNU, 1.4), 0x7F);
  CHECK_EQ_INT(ir_float_to_bits(IR_F8E8M0FNU, -1.0), 0xFF);
  CHECK_EQ_INT(ir_float_to_bits(IR_F8E8M0FNU, 0x1p-128), 0x00);
  CHECK(ir_float_from_bits(IR_F8E8M0FNU, 0x00) == 0x1p-127);
  CHECK(isnan(ir_float_from_bits(IR_F8E8M0FNU, 0xFF)));
  /* finite-only formats saturate */
  CHECK(ir_float_round(IR_F4E2M1FN, 7.0) == 6.0);
  CHECK(ir_float_round(IR_F4E2M1FN, 5.0) == 4.0);
  CHECK(ir_float_round(IR_F4E2M1FN, 100.0) == 6.0);
  CHECK(ir_float_round(IR_F4E2M1FN, -100.0) == -6.0);
  CHECK(ir_float_round(IR_F4E2M1FN, INFINITY) == 6.0);
  CHECK(ir_float_round(IR_F4E2M1FN, 0.25) == 0.0);
  CHECK(ir_float_round(IR_F4E2M1FN, 0.26) == 0.5);
  CHECK_EQ_INT(ir_float_to_bits(IR_F4E2M1FN, -0.5), 0x9);
  CHECK(ir_float_from_bits(IR_F6E2M3FN, 0x1F) == 7.5);
  CHECK(ir_float_from_bits(IR_F6E3M2FN, 0x1F) == 28.0);
  CHECK(ir_float_round(IR_F6E3M2FN, 1000.0) == 28.0);
  /* f16 / bf16 / tf32 */
  CHECK_EQ_INT(ir_float_to_bits(IR_F16, 65504.0), 0x7BFF);
  CHECK_EQ_INT(ir_float_to_bits(IR_F16, 65520.0), 0x7C00);
  CHECK_EQ_INT(ir_float_to_bits(IR_F16, 65519.0), 0x7BFF);
  CHECK_EQ_INT(ir_float_to_bits(IR_F16, 0x1p-24), 0x0001);
  CHECK_EQ_INT(ir_float_to_bits(IR_F16, 0x1p-25), 0x0000);
  CHECK_EQ_INT(ir_float_to_bits(IR_F16, 0x1.8p-25), 0x0001);
  CHECK_EQ_INT(ir_float_to_bits(IR_F16, -0.0), 0x8000);
  CHECK_EQ_INT(ir_float_to_bits(IR_F16, NAN), 0x7E00);
  CHECK_EQ_INT(ir_float_to_bits(IR_BF16, 1.0), 0x3F80);
  CHECK_EQ_INT(ir_float_to_bits(IR_BF16, 1.0 + 0x1p-8), 0x3F80);
  CHECK_EQ_INT(ir_float_to_bits(IR_BF16, 1.0 + 3 * 0x1p-8), 0x3F82);
  CHECK_EQ_INT(ir_float_to_bits(IR_BF16, NAN), 0x7FC0);
  CHECK_EQ_INT(ir_float_to_bits(IR_TF32, 1.0), 0x1FC00);
  CHECK_EQ_INT(ir_float_to_bits(IR_TF32, 1.0 + 0x1p-11), 0x1FC00);
  CHECK_EQ_INT(ir_float_to_bits(IR_TF32, 1.0 + 0x1p-10), 0x1FC01);
  CHECK_EQ_INT(ir_float_to_bits(IR_TF32, -INFINITY), 0x7FC00);
  CHECK_EQ_INT(ir_float_storage_bits(IR_TF32), 32);
  CHECK_EQ_INT(ir_float_storage_bits(IR_F4E2M1FN), 4);
  CHECK_EQ_INT(ir_float_storage_bits(IR_F16), 16);
  /* NaN payloads survive a from/to round trip (signalling ones too). */
  CHECK_EQ_INT(ir_float_to_bits(IR_F32, ir_float_from_bits(IR_F32, 0x7F800001)), 0x7F800001);
  CHECK_EQ_INT(ir_float_to_bits(IR_F16, ir_float_from_bits(IR_F16, 0xFD01)), 0xFD01);
  /* f64 is the identity */
  CHECK(ir_float_round(IR_F64, 0.1) == 0.1);
}

static char *fmt(double v, IrFloatKind k) {
  static char buf[128];
  StrBuf b = {0};
  asm_format_float(&b, v, k);
  snprintf(buf, sizeof buf, "%s", b.s ? b.s : "");
  sb_free(&b);
  return buf;
}

static void test_format(void) {
  CHECK_STREQ(fmt(1.0, IR_F32), "1.000000e+00");
  CHECK_STREQ(fmt(-2.5, IR_F32), "-2.500000e+00");
  CHECK_STREQ(fmt(-0.25, IR_F64), "-2.500000e-01");
  CHECK_STREQ(fmt(0.0, IR_F32), "0.000000e+00");
  CHECK_STREQ(fmt(-0.0, IR_F64), "-0.000000e+00");
  CHECK_STREQ(fmt(0.1, IR_F64), "1.000000e-01");
  CHECK_STREQ(fmt((float)0.1, IR_F32), "1.000000e-01");
  CHECK_STREQ(fmt(1.5, IR_F16), "1.500000e+00");
  CHECK_STREQ(fmt(3.14, IR_F64), "3.140000e+00");
  CHECK_STREQ(fmt(1.0 / 3.0, IR_F64), "0.33333333333333331");
  CHECK_STREQ(fmt((float)(1.0 / 3.0), IR_F32), "0.333333343");
  CHECK_STREQ(fmt((float)3.14159265358979, IR_F32), "3.14159274");
  CHECK_STREQ(fmt(3.141592653589793, IR_F64), "3.1415926535897931");
  CHECK_STREQ(fmt(123456789.0, IR_F64), "0x419D6F3454000000");
  CHECK_STREQ(fmt(1e8, IR_F32), "1.000000e+08");
  CHECK_STREQ(fmt(1e-300, IR_F64), "1.000000e-300");
  CHECK_STREQ(fmt(1e300, IR_F64), "1.000000e+300");
  CHECK_STREQ(fmt(0.1, IR_F16), "9.997550e-02");
  CHECK_STREQ(fmt(INFINITY, IR_F32), "0x7F800000");
  CHECK_STREQ(fmt(-INFINITY, IR_F32), "0xFF800000");
  CHECK_STREQ(fmt(NAN, IR_F32), "0x7FC00000");
  CHECK_STREQ(fmt(INFINITY, IR_F16), "0x7C00");
  CHECK_STREQ(fmt(-INFINITY, IR_F16), "0xFC00");
  CHECK_STREQ(fmt(INFINITY, IR_F64), "0x7FF0000000000000");
  CHECK_STREQ(fmt(NAN, IR_F64), "0x7FF8000000000000");
  CHECK_STREQ(fmt(NAN, IR_BF16), "0x7FC0");
  CHECK_STREQ(fmt(NAN, IR_F8E4M3FN), "0x7F");
  CHECK_STREQ(fmt(NAN, IR_F8E5M2FNUZ), "0x80");
  CHECK_STREQ(fmt(INFINITY, IR_F8E4M3FN), "0x7F");
  CHECK_STREQ(fmt(448.0, IR_F8E4M3FN), "4.480000e+02");
  CHECK_STREQ(fmt(57344.0, IR_F8E5M2), "5.734400e+04");
  CHECK_STREQ(fmt(6.0, IR_F4E2M1FN), "6.000000e+00");
  CHECK_STREQ(fmt(-0.5, IR_F4E2M1FN), "-5.000000e-01");
  CHECK_STREQ(fmt(1.0, IR_F8E8M0FNU), "1.000000e+00");
  CHECK_STREQ(fmt(0x1p-127, IR_F8E8M0FNU), "5.877470e-39");
  CHECK_STREQ(fmt(0x1p127, IR_F8E8M0FNU), "1.701410e+38");
  CHECK_STREQ(fmt(0x1p-9, IR_F8E4M3FN), "1.953130e-03");
  CHECK_STREQ(fmt(1.0 + 0x1p-10, IR_TF32), "1.000980e+00");
  CHECK_STREQ(fmt(65504.0, IR_F16), "6.550400e+04");
  CHECK_STREQ(fmt(0x1p-24, IR_F16), "5.960460e-08");
  CHECK_STREQ(fmt(16777216.0, IR_F32), "0x4B800000");
  CHECK_STREQ(fmt(1.0 / 3.0, IR_BF16), "3.339840e-01");
  CHECK_STREQ(fmt(-0.0, IR_F8E4M3FNUZ), "0.000000e+00");
  CHECK_STREQ(fmt(1e-45, IR_F32), "1.401300e-45");
  CHECK_STREQ(fmt(5e-324, IR_F64), "4.940660e-324");
  CHECK_STREQ(fmt(1.7976931348623157e308, IR_F64), "1.7976931348623157E+308");
  CHECK_STREQ(fmt(2.5e-5, IR_F64), "2.500000e-05");
  CHECK_STREQ(fmt(1.23456789e-5, IR_F64), "1.23456789E-5");
  CHECK_STREQ(fmt(0.001234567891, IR_F64), "0.0012345678909999999");
  CHECK_STREQ(fmt(1234.5678, IR_F64), "1234.5678");
  CHECK_STREQ(fmt(100.0 / 7.0, IR_F32), "14.2857141");
  CHECK_STREQ(fmt(1e10 + 0.5, IR_F64), "10000000000.5");
}

/* Every value printed in each small format parses back to itself. */
static void test_format_roundtrip(void) {
  for (size_t k = 0; k < NKINDS; k++) {
    IrFloatKind fk = small_kinds[k];
    unsigned w = ir_float_kind_width(fk);
    uint64_t n = 1ull << w;
    uint64_t step = n > 256 ? 7 : 1;
    int bad = 0;
    for (uint64_t bits = 0; bits < n; bits += step) {
      double v = ir_float_from_bits(fk, bits);
      StrBuf b = {0};
      asm_format_float(&b, v, fk);
      uint64_t got;
      if (b.s[0] == '0' && b.s[1] == 'x') got = strtoull(b.s + 2, NULL, 16);
      else if ((b.s[0] == '-' && b.s[1] == '0' && b.s[2] == 'x')) got = ~0ull;
      else got = ir_float_to_bits(fk, strtod(b.s, NULL));
      uint64_t want = ir_float_to_bits(fk, v);
      if (got != want && !(isnan(v) && isnan(ir_float_from_bits(fk, got)))) {
        if (bad++ < 3) printf("  %s bits %llx printed %s\n", ir_float_kind_name(fk),
                              (unsigned long long)bits, b.s);
      }
      sb_free(&b);
    }
    CHECK_EQ_INT(bad, 0);
  }
}

UNIT_MAIN {
  test_roundtrip_all_patterns();
  test_rounding_oracle();
#ifdef __FLT16_MAX__
  test_f16_vs_compiler();
#endif
  test_f32_vs_c();
  test_known_values();
  test_format();
  test_format_roundtrip();
}
