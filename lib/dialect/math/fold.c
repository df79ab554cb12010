/* fold.c — the math folds (MLIR 22's MathOps.cpp): constant folding of
 * absf/absi, the rounding ops, isnan/isinf/isfinite, copysign and ipowi for
 * every format; the libm-backed functions only for f32 (through the float
 * libm entry points, as MLIR calls cosf & co.) and f64, never for negative
 * arguments of sqrt and the logarithms.  rsqrt, cbrt, fma and fpowi have no
 * fold, as in MLIR. */
#include "dialect/math/math_internal.h"

#include <math.h>

typedef enum FoldMode {
  M_ANY,      /* exact in every format (computed on the double value) */
  M_LIBM,     /* f32 through the float entry point, f64 through the double */
  M_LIBM_POS, /* same, refused for negative arguments (-0.0 included) */
} FoldMode;

static bool unary_float(MathOpIndex k, double a, IrFloatKind fk, double *out) {
  bool f32 = fk == IR_F32;
  float x = (float)a;
  switch (k) {
  case MATH_OP_absf: *out = fabs(a); return true;
  case MATH_OP_ceil: *out = ceil(a); return true;
  case MATH_OP_floor: *out = floor(a); return true;
  case MATH_OP_roundeven: *out = nearbyint(a); return true; /* default mode: ties to even */
  case MATH_OP_round: *out = f32 ? roundf(x) : round(a); return true;
  case MATH_OP_trunc: *out = f32 ? truncf(x) : trunc(a); return true;
  case MATH_OP_sqrt: *out = f32 ? sqrtf(x) : sqrt(a); return true;
  case MATH_OP_exp: *out = f32 ? expf(x) : exp(a); return true;
  case MATH_OP_exp2: *out = f32 ? exp2f(x) : exp2(a); return true;
  case MATH_OP_expm1: *out = f32 ? expm1f(x) : expm1(a); return true;
  case MATH_OP_log: *out = f32 ? logf(x) : log(a); return true;
  case MATH_OP_log2: *out = f32 ? log2f(x) : log2(a); return true;
  case MATH_OP_log10: *out = f32 ? log10f(x) : log10(a); return true;
  case MATH_OP_log1p: *out = f32 ? log1pf(x) : log1p(a); return true;
  case MATH_OP_sin: *out = f32 ? sinf(x) : sin(a); return true;
  case MATH_OP_cos: *out = f32 ? cosf(x) : cos(a); return true;
  case MATH_OP_tan: *out = f32 ? tanf(x) : tan(a); return true;
  case MATH_OP_asin: *out = f32 ? asinf(x) : asin(a); return true;
  case MATH_OP_acos: *out = f32 ? acosf(x) : acos(a); return true;
  case MATH_OP_atan: *out = f32 ? atanf(x) : atan(a); return true;
  case MATH_OP_sinh: *out = f32 ? sinhf(x) : sinh(a); return true;
  case MATH_OP_cosh: *out = f32 ? coshf(x) : cosh(a); return true;
  case MATH_OP_tanh: *out = f32 ? tanhf(x) : tanh(a); return true;
  case MATH_OP_erf: *out = f32 ? erff(x) : erf(a); return true;
  default: return false;
  }
}

static FoldMode unary_mode(MathOpIndex k) {
  switch (k) {
  case MATH_OP_absf: case MATH_OP_ceil: case MATH_OP_floor: case MATH_OP_roundeven:
    return M_ANY;
  case MATH_OP_sqrt: case MATH_OP_log: case MATH_OP_log2: case MATH_OP_log10:
    return M_LIBM_POS;
  default: return M_LIBM;
  }
}

static bool binary_float(MathOpIndex k, double a, double b, IrFloatKind fk, double *out) {
  bool f32 = fk == IR_F32;
  switch (k) {
  case MATH_OP_copysign: *out = copysign(a, b); return true;
  case MATH_OP_atan2: *out = f32 ? atan2f((float)a, (float)b) : atan2(a, b); return true;
  case MATH_OP_powf: *out = f32 ? powf((float)a, (float)b) : pow(a, b); return true;
  default: return false;
  }
}

typedef struct BinCtx {
  MathOpIndex k;
} BinCtx;

static bool float_bin_elem(double a, double b, IrFloatKind fk, double *out, const void *ud) {
  MathOpIndex k = ((const BinCtx *)ud)->k;
  /* atan2 of two zeros folds to NaN in every format (MLIR's special case) */
  if (k == MATH_OP_atan2 && a == 0 && b == 0) {
    *out = NAN;
    return true;
  }
  if (k != MATH_OP_copysign && fk != IR_F32 && fk != IR_F64) return false;
  return binary_float(k, a, b, fk, out);
}

/* math.ipowi: MLIR's square-and-multiply on the element width, with the
 * negative-exponent rules (0 ** -n is left alone). */
static bool ipowi_elem(uint64_t base, uint64_t power, unsigned w, uint64_t *out, const void *ud) {
  (void)ud;
  uint64_t m = std_mask(w);
  int64_t sp = std_sext(power, w), sb = std_sext(base, w);
  if (power == 0) { *out = 1; return true; }
  if (sp < 0) {
    if (base == 0) return false;
    if (sb == 1) *out = 1;
    else if (sb != -1) *out = 0;
    else *out = (power & 1) ? m : 1;
    return true;
  }
  uint64_t r = 1, b = base;
  for (uint64_t p = power; p; p >>= 1) {
    if (p & 1) r = (r * b) & m;
    b = (b * b) & m;
  }
  *out = r & m;
  return true;
}

bool math_fold_op(IrOp *op, const IrAttr *const *consts, IrFoldResult *results) {
  int ki = math_op_index(op);
  if (ki < 0 || op->nresults != 1) return false;
  MathOpIndex k = (MathOpIndex)ki;
  IrContext *ctx = op->ctx;
  const IrType *rt = ir_op_result(op, 0)->type;
  switch (k) {
  case MATH_OP_ipowi:
    if (!consts[0] || !consts[1]) return false;
    results[0].attr = std_fold_int_binary(ctx, consts[0], consts[1], rt, ipowi_elem, NULL);
    return results[0].attr != NULL;
  case MATH_OP_copysign:
  case MATH_OP_atan2:
  case MATH_OP_powf: {
    if (!consts[0] || !consts[1]) return false;
    BinCtx bc = {k};
    results[0].attr = std_fold_float_binary(ctx, consts[0], consts[1], rt, float_bin_elem, &bc);
    return results[0].attr != NULL;
  }
  case MATH_OP_absi:
  case MATH_OP_isnan:
  case MATH_OP_isinf:
  case MATH_OP_isfinite: {
    StdConst c;
    if (!consts[0] || !std_const_get(consts[0], &c)) return false;
    if ((k == MATH_OP_absi) == c.is_float) return false;
    /* MLIR folds isnan/isinf/isfinite of scalar constants only */
    if (k != MATH_OP_absi && ir_type_is_shaped(rt)) return false;
    int64_t n = c.splat ? 1 : c.n;
    uint64_t *v = xmalloc((size_t)n * sizeof *v);
    for (int64_t i = 0; i < n; i++) {
      if (k == MATH_OP_absi) {
        int64_t s = std_sext(std_const_int(&c, i), c.width);
        v[i] = s < 0 ? (uint64_t)0 - (uint64_t)s : (uint64_t)s;
      } else {
        double x = std_const_float(&c, i);
        v[i] = k == MATH_OP_isnan ? isnan(x) : k == MATH_OP_isinf ? isinf(x) != 0 : isfinite(x);
      }
    }
    results[0].attr = std_const_make_ints(ctx, rt, v, n);
    free(v);
    return results[0].attr != NULL;
  }
  default: break;
  }
  if (std_desc(op->info)->kind != STD_K_UNARY || !consts[0]) return false;
  StdConst c;
  if (!std_const_get(consts[0], &c) || !c.is_float) return false;
  IrFloatKind fk = ir_float_kind(c.elem);
  FoldMode mode = unary_mode(k);
  if (mode != M_ANY && fk != IR_F32 && fk != IR_F64) return false;
  int64_t n = c.splat ? 1 : c.n;
  double *v = xmalloc((size_t)n * sizeof *v);
  bool ok = true;
  for (int64_t i = 0; i < n && ok; i++) {
    double a = std_const_float(&c, i);
    if (mode == M_LIBM_POS && signbit(a)) ok = false;
    if (k == MATH_OP_log1p && signbit(a + 1.0)) ok = false;
    if (ok) ok = unary_float(k, a, fk, &v[i]);
  }
  results[0].attr = ok ? std_const_make_floats(ctx, rt, v, n) : NULL;
  free(v);
  return results[0].attr != NULL;
}
