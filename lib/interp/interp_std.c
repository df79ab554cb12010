/* interp_std.c — the interpreter's handlers for MLIR's arith and math ops
 * (as emitted by the cuda_tile -> nv_tileaa conversion) and for nv_tileaa's
 * float ops.  The arithmetic is cuda_tile's (interp.h): f32 and narrower
 * formats compute in float and round once to the element format, f64 in
 * double, math functions in double rounded to the format; integers wrap at
 * their width.  Directed rounding (rz rm rp) of add/sub/mul/div/fma/sqrt
 * runs the hardware operation under fesetround (correctly rounded, as
 * cuda_tile's); flush_to_zero flushes subnormal inputs and results.  Handlers are found by name
 * (binary search in a sorted table). */
#include "interp/interp_std.h"
#include "interp/interp_ops.h"
#include "dialect/arith/arith.h"
#include "dialect/nv_tileaa/nv_tileaa.h"

#include <fenv.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Result tile of op shaped like the largest operand. */
static Val *res_like(IrOp *op, const Val *a, const Val *b, const Val *c) {
  const Val *big = a;
  if (b && b->n > big->n) big = b;
  if (c && c->n > big->n) big = c;
  return val_new_raw(in_res_elem(op, 0), big->shape, big->rank);
}

static double fget(const Val *v, int64_t i) { return in_elem_f(v, v->n == 1 ? 0 : i); }
static int64_t iget(const Val *v, int64_t i) { return ((const int64_t *)v->data)[v->n == 1 ? 0 : i]; }
static void fput(Val *r, int64_t i, double x) {
  if (r->kind == VK_F32) ((float *)r->data)[i] = (float)x;
  else ((double *)r->data)[i] = x;
}

/* The op's rounding mode as a case of cuda_tile's rounding enum (rn rz rm
 * rp share their numbers; approx and full round to nearest). */
static int mode_of(IrOp *op) {
  const IrAttr *rm = ir_op_attrz(op, "rounding_mode");
  int m = rm ? aa_enum_value(rm, &aa_enum_rounding_mode) : 0;
  return m > 0 && m < 4 ? m : 0;
}

/* Directed rounding is done by the hardware under fesetround (per thread);
 * rounding an f32 result to a narrower format again in the same direction
 * is exact, as cuda_tile's directed rounding is correctly rounded. */
static int set_mode(int m) {
  int old = fegetround();
  fesetround(m == 1 ? FE_TOWARDZERO : m == 2 ? FE_DOWNWARD : m == 3 ? FE_UPWARD : FE_TONEAREST);
  return old;
}

/* cuda_tile's flush_to_zero: subnormal f32 values become signed zeros. */
static double ftz(double x) {
  float f = (float)x;
  return fabsf(f) < FLT_MIN ? (double)copysignf(0.0f, f) : (double)f;
}



/* IEEE max/min as cuda_tile's maxf/minf: -0 < +0; NaN ignored unless
 * propagated. */
static double fmaxmin(double a, double b, bool max, bool prop_nan) {
  if (isnan(a) || isnan(b)) {
    if (prop_nan) return NAN;
    return isnan(a) ? b : a;
  }
  if (a == b) {
    if (max) return signbit(a) ? b : a;
    return signbit(a) ? a : b;
  }
  return max ? (a > b ? a : b) : (a < b ? a : b);
}

typedef enum { F_ADD, F_SUB, F_MUL, F_DIV, F_REM, F_MAXNUM, F_MINNUM, F_MAXIMUM, F_MINIMUM,
               F_POW, F_ATAN2 } FBin;

static bool float_binary(Exec *e, IrOp *op, FBin k) {
  Val *a = in_opnd(e, op, 0), *b = in_opnd(e, op, 1);
  Val *r = res_like(op, a, b, NULL);
  IrFloatKind fk = ir_float_kind(r->elem);
  bool fz = ir_op_attrz(op, "flush_to_zero") != NULL;
  int mode = k <= F_DIV ? mode_of(op) : 0;
  int old = mode ? set_mode(mode) : 0;
  for (int64_t i = 0; i < r->n; i++) {
    double p = fget(a, i), q = fget(b, i), z;
    if (fz) p = ftz(p), q = ftz(q);
    if (k <= F_DIV && r->kind == VK_F32) {
      volatile float x = (float)p, y = (float)q;
      volatile float f = k == F_ADD ? x + y : k == F_SUB ? x - y : k == F_MUL ? x * y : x / y;
      z = in_round_fmt(fk, f, mode);
    } else if (k <= F_DIV) {
      volatile double x = p, y = q;
      volatile double f = k == F_ADD ? x + y : k == F_SUB ? x - y : k == F_MUL ? x * y : x / y;
      z = f;
    } else {
      switch (k) {
      case F_ADD: z = p + q; break;
      case F_SUB: z = p - q; break;
      case F_MUL: z = p * q; break;
      case F_DIV: z = p / q; break;
      case F_REM: z = in_round_fmt(fk, fmod(p, q), -1); break;
      case F_MAXNUM: z = fmaxmin(p, q, true, false); break;
      case F_MINNUM: z = fmaxmin(p, q, false, false); break;
      case F_MAXIMUM: z = fmaxmin(p, q, true, true); break;
      case F_MINIMUM: z = fmaxmin(p, q, false, true); break;
      case F_POW: z = in_round_fmt(fk, pow(p, q), -1); break;
      default: z = in_round_fmt(fk, atan2(p, q), -1); break;
      }
    }
    if (fz) z = ftz(z);
    fput(r, i, z);
  }
  if (mode) fesetround(old);
  in_set_result(e, op, 0, r);
  return true;
}

typedef enum { U_NEG, U_ABS, U_CEIL, U_FLOOR, U_EXP, U_EXP2, U_LOG, U_LOG2, U_SIN, U_COS, U_TAN,
               U_SINH, U_COSH, U_TANH, U_SQRT, U_RSQRT, U_ROUNDEVEN } FUn;

static bool float_unary(Exec *e, IrOp *op, FUn k) {
  Val *a = in_opnd(e, op, 0);
  Val *r = res_like(op, a, NULL, NULL);
  IrFloatKind fk = ir_float_kind(r->elem);
  bool fz = ir_op_attrz(op, "flush_to_zero") != NULL;
  int mode = k == U_SQRT ? mode_of(op) : 0;
  int old = mode ? set_mode(mode) : 0;
  for (int64_t i = 0; i < r->n; i++) {
    double x = fget(a, i), y;
    if (fz) x = ftz(x);
    switch (k) {
    case U_NEG: y = -x; break;
    case U_ABS: y = fabs(x); break;
    case U_SQRT: {
      /* f32/f64: the hardware square root (correctly rounded in the current
       * mode); narrower formats: the double root rounded to the format in
       * the same direction (53 >= 2p + 2 bits, so rounding twice is exact) */
      volatile float xf = (float)x;
      volatile double xd = x;
      if (fk == IR_F32) y = (double)sqrtf(xf);
      else if (fk == IR_F64) y = sqrt(xd);
      else y = in_round_fmt(fk, sqrt(xd), mode);
      break;
    }
    default: {
      switch (k) {
      case U_CEIL: y = ceil(x); break;
      case U_FLOOR: y = floor(x); break;
      case U_ROUNDEVEN: y = nearbyint(x); break;
      case U_EXP: y = exp(x); break;
      case U_EXP2: y = exp2(x); break;
      case U_LOG: y = log(x); break;
      case U_LOG2: y = log2(x); break;
      case U_SIN: y = sin(x); break;
      case U_COS: y = cos(x); break;
      case U_TAN: y = tan(x); break;
      case U_SINH: y = sinh(x); break;
      case U_COSH: y = cosh(x); break;
      case U_TANH: y = tanh(x); break;
      default: y = 1.0 / sqrt(x); break;
      }
      y = in_round_fmt(fk, y, -1);
    }
    }
    if (fz) y = ftz(y);
    fput(r, i, y);
  }
  if (mode) fesetround(old);
  in_set_result(e, op, 0, r);
  return true;
}

static bool float_fma(Exec *e, IrOp *op) {
  Val *a = in_opnd(e, op, 0), *b = in_opnd(e, op, 1), *c = in_opnd(e, op, 2);
  Val *r = res_like(op, a, b, c);
  IrFloatKind fk = ir_float_kind(r->elem);
  if (fk != IR_F32 && fk != IR_F64) {
    val_release(r);
    return in_fail(e, op, "narrow fma is not supported by the interpreter");
  }
  bool fz = ir_op_attrz(op, "flush_to_zero") != NULL;
  int mode = mode_of(op);
  int old = mode ? set_mode(mode) : 0;
  for (int64_t i = 0; i < r->n; i++) {
    double p = fget(a, i), q = fget(b, i), s = fget(c, i);
    if (fz) p = ftz(p), q = ftz(q), s = ftz(s);
    volatile float pf = (float)p, qf = (float)q, sf = (float)s;
    volatile double pd = p, qd = q, sd = s;
    double z = fk == IR_F32 ? (double)fmaf(pf, qf, sf) : fma(pd, qd, sd);
    if (fz) z = ftz(z);
    fput(r, i, z);
  }
  if (mode) fesetround(old);
  in_set_result(e, op, 0, r);
  return true;
}

bool in_std_float_aa(Exec *e, IrOp *op) {
  switch ((AaOpIndex)(op->info - aa_op_infos)) {
  case AA_OP_addf: return float_binary(e, op, F_ADD);
  case AA_OP_subf: return float_binary(e, op, F_SUB);
  case AA_OP_mulf: return float_binary(e, op, F_MUL);
  case AA_OP_divf: return float_binary(e, op, F_DIV);
  case AA_OP_fma: return float_fma(e, op);
  case AA_OP_sqrt: return float_unary(e, op, U_SQRT);
  case AA_OP_rsqrt: return float_unary(e, op, U_RSQRT);
  case AA_OP_exp2: return float_unary(e, op, U_EXP2);
  case AA_OP_fp_to_fp: {
      Val *a = in_opnd(e, op, 0);
    Val *r = res_like(op, a, NULL, NULL);
    IrFloatKind fk = ir_float_kind(r->elem);
    int mode = mode_of(op);
    for (int64_t i = 0; i < r->n; i++) fput(r, i, in_round_fmt(fk, fget(a, i), mode));
    in_set_result(e, op, 0, r);
    return true;
  }
  default: return in_fail(e, op, "is not supported by the interpreter");
  }
}

/* ---- integers ---------------------------------------------------------------- */

/* arith's overflowFlags (overflow<nsw>, <nuw>, <nsw, nuw>) as the overflow
 * report spells them; NULL without flags. */
static const char *std_flag(unsigned bits) {
  if (!bits) return NULL;
  return bits == (ARITH_OVF_NSW | ARITH_OVF_NUW) ? "nsw, nuw"
         : bits & ARITH_OVF_NSW                 ? "nsw"
                                                : "nuw";
}

/* An arith/math integer op as the cuda_tile op `idx` of the integer
 * families (interp_ops.c: the same scalar semantics, loops and reports) in
 * signedness `uns` and division rounding `rounding`, checked under the op's
 * overflowFlags. */
static bool int_op(Exec *e, IrOp *op, CtOpIndex idx, bool uns, int rounding) {
  unsigned bits = arith_op_overflow(op);
  InIntMode m = {.uns = uns, .rounding = rounding, .nsw = (bits & ARITH_OVF_NSW) != 0,
                 .nuw = (bits & ARITH_OVF_NUW) != 0, .flag = std_flag(bits)};
  return in_int_elementwise(e, op, idx, &m);
}

/* arith.cmpi: eq ne slt sle sgt sge (cuda_tile's predicates 0-5, signed)
 * ult ule ugt uge (2-5, unsigned), as cuda_tile's cmpi. */
static bool h_cmpi_std(Exec *e, IrOp *op) {
  int64_t pred = in_attr_int(op, "predicate", -1);
  if (pred < 0 || pred > 9) return in_fail(e, op, "bad predicate");
  return in_cmpi_elementwise(e, op, pred >= 6 ? (int)pred - 4 : (int)pred, pred >= 6);
}

/* arith.cmpf: false oeq ogt oge olt ole one ord ueq ugt uge ult ule une uno true. */
static bool h_cmpf_std(Exec *e, IrOp *op) {
  int64_t pred = in_attr_int(op, "predicate", -1);
  if (pred < 0 || pred > 15) return in_fail(e, op, "bad predicate");
  Val *a = in_opnd(e, op, 0), *b = in_opnd(e, op, 1);
  Val *r = res_like(op, a, b, NULL);
  for (int64_t i = 0; i < r->n; i++) {
    double p = fget(a, i), q = fget(b, i);
    bool un = isnan(p) || isnan(q), v;
    switch (pred) {
    case 0: v = false; break;
    case 1: v = !un && p == q; break;
    case 2: v = !un && p > q; break;
    case 3: v = !un && p >= q; break;
    case 4: v = !un && p < q; break;
    case 5: v = !un && p <= q; break;
    case 6: v = !un && p != q; break;
    case 7: v = !un; break;
    case 8: v = un || p == q; break;
    case 9: v = un || p > q; break;
    case 10: v = un || p >= q; break;
    case 11: v = un || p < q; break;
    case 12: v = un || p <= q; break;
    case 13: v = un || p != q; break;
    case 14: v = un; break;
    default: v = true; break;
    }
    ((int64_t *)r->data)[i] = v ? -1 : 0;
  }
  in_set_result(e, op, 0, r);
  return true;
}

/* Integer/float casts: ext/trunc by width, index_cast (sign-extending). */
static bool int_cast(Exec *e, IrOp *op, bool zext) {
  Val *a = in_opnd(e, op, 0);
  Val *r = res_like(op, a, NULL, NULL);
  unsigned wi = in_int_width(a->elem), wo = in_int_width(r->elem);
  for (int64_t i = 0; i < r->n; i++) {
    int64_t v = iget(a, i);
    if (zext) v = (int64_t)in_zext(v, wi);
    ((int64_t *)r->data)[i] = in_sext(v, wo);
  }
  in_set_result(e, op, 0, r);
  return true;
}

/* mulsi_extended / mului_extended: low and high halves of the product. */
static bool mul_extended(Exec *e, IrOp *op, bool uns) {
  Val *a = in_opnd(e, op, 0), *b = in_opnd(e, op, 1);
  Val *lo = res_like(op, a, b, NULL), *hi = val_new_raw(lo->elem, lo->shape, lo->rank);
  unsigned w = in_int_width(lo->elem);
  for (int64_t i = 0; i < lo->n; i++) {
    int64_t p = iget(a, i), q = iget(b, i);
    __int128 prod = uns ? (__int128)((unsigned __int128)in_zext(p, w) * in_zext(q, w))
                        : (__int128)p * q;
    ((int64_t *)lo->data)[i] = in_sext((int64_t)(uint64_t)prod, w);
    ((int64_t *)hi->data)[i] = in_sext((int64_t)(uint64_t)(prod >> w), w);
  }
  in_set_result(e, op, 0, lo);
  in_set_result(e, op, 1, hi);
  return true;
}
static bool h_mulsi_ext(Exec *e, IrOp *op) { return mul_extended(e, op, false); }
static bool h_mului_ext(Exec *e, IrOp *op) { return mul_extended(e, op, true); }

/* fpto{s,u}i: truncation; out-of-range values saturate and NaN gives 0, as
 * cuda_tile's ftoi. */
static bool fp_to_int(Exec *e, IrOp *op, bool uns) {
  Val *a = in_opnd(e, op, 0);
  Val *r = res_like(op, a, NULL, NULL);
  unsigned w = in_int_width(r->elem);
  for (int64_t i = 0; i < r->n; i++) {
    double x = trunc(fget(a, i));
    int64_t v;
    if (isnan(x)) v = 0;
    else if (uns) {
      double hi = w >= 64 ? 18446744073709551615.0 : (double)(((uint64_t)1 << w) - 1);
      v = x <= 0 ? 0 : x >= hi ? (int64_t)(w >= 64 ? UINT64_MAX : ((uint64_t)1 << w) - 1)
                               : (int64_t)(uint64_t)x;
    } else {
      double hi = ldexp(1.0, (int)w - 1);
      v = x >= hi ? (int64_t)(((uint64_t)1 << (w - 1)) - 1)
          : x < -hi ? (int64_t)((uint64_t)0 - ((uint64_t)1 << (w - 1))) : (int64_t)x;
    }
    ((int64_t *)r->data)[i] = in_sext(v, w);
  }
  in_set_result(e, op, 0, r);
  return true;
}

/* {s,u}itofp: round to nearest even. */
static bool int_to_fp(Exec *e, IrOp *op, bool uns) {
  Val *a = in_opnd(e, op, 0);
  Val *r = res_like(op, a, NULL, NULL);
  unsigned w = in_int_width(a->elem);
  IrFloatKind k = ir_float_kind(r->elem);
  for (int64_t i = 0; i < r->n; i++) {
    int64_t x = iget(a, i);
    double y;
    if (k == IR_F32) y = uns ? (double)(float)in_zext(x, w) : (double)(float)x;
    else y = in_round_fmt(k, uns ? (double)in_zext(x, w) : (double)x, 0);
    fput(r, i, y);
  }
  in_set_result(e, op, 0, r);
  return true;
}

/* bitcast between an integer and a float (or same kinds) of one width. */
static bool h_bitcast_std(Exec *e, IrOp *op) {
  Val *a = in_opnd(e, op, 0);
  Val *r = res_like(op, a, NULL, NULL);
  for (int64_t i = 0; i < r->n; i++) {
    uint64_t bits = a->kind == VK_INT ? (uint64_t)iget(a, i)
                                      : ir_float_to_bits(ir_float_kind(a->elem), fget(a, i));
    if (r->kind == VK_INT) ((int64_t *)r->data)[i] = in_sext((int64_t)bits, in_int_width(r->elem));
    else fput(r, i, ir_float_from_bits(ir_float_kind(r->elem), bits));
  }
  in_set_result(e, op, 0, r);
  return true;
}

/* select: tiles element by element (cuda_tile's kernel); values that are
 * not tiles (tokens, views) by the scalar condition. */
static bool h_select_std(Exec *e, IrOp *op) {
  Val *c = in_opnd(e, op, 0), *a = in_opnd(e, op, 1), *b = in_opnd(e, op, 2);
  bool tile = a->kind == VK_INT || a->kind == VK_F32 || a->kind == VK_F64;
  if (tile) return h_select(e, op);
  if (c->kind != VK_INT || c->n != 1) return in_fail(e, op, "expects a scalar condition");
  in_set_result(e, op, 0, val_retain(((int64_t *)c->data)[0] ? a : b));
  return true;
}

static bool h_fptosi(Exec *e, IrOp *op) { return fp_to_int(e, op, false); }
static bool h_fptoui(Exec *e, IrOp *op) { return fp_to_int(e, op, true); }
static bool h_sitofp(Exec *e, IrOp *op) { return int_to_fp(e, op, false); }
static bool h_uitofp(Exec *e, IrOp *op) { return int_to_fp(e, op, true); }

static bool h_std_constant(Exec *e, IrOp *op) {
  const IrAttr *v = ir_op_attrz(op, "value");
  const IrType *t = ir_op_result(op, 0)->type;
  Val *r = in_foreign_new(t);
  if (!v || !r) {
    val_release(r);
    return in_fail(e, op, "unsupported constant");
  }
  if (ir_attr_is(v, &ir_dense_elements_attr_def)) {
    size_t es = ir_dense_elem_size(r->elem);
    bool splat = (v->flags & 1) != 0;
    for (int64_t i = 0; i < r->n; i++) {
      uint64_t bits = 0;
      memcpy(&bits, v->data + (splat ? 0 : (size_t)i * es), es);
      if (r->kind == VK_INT) ((int64_t *)r->data)[i] = in_sext((int64_t)bits, in_int_width(r->elem) == 1 ? 1 : in_int_width(r->elem));
      else fput(r, i, ir_float_from_bits(ir_float_kind(r->elem), bits));
    }
  } else if (ir_attr_is(v, &ir_integer_attr_def) || ir_attr_is(v, &ir_bool_attr_def)) {
    ((int64_t *)r->data)[0] = in_sext(v->ints[0], in_int_width(r->elem));
  } else if (v->def && r->kind != VK_INT) {
    fput(r, 0, v->f);
  } else {
    val_release(r);
    return in_fail(e, op, "unsupported constant");
  }
  in_set_result(e, op, 0, r);
  return true;
}

/* ---- the table -------------------------------------------------------------------- */

#define FB(n, k) static bool n(Exec *e, IrOp *op) { return float_binary(e, op, k); }
#define FU(n, k) static bool n(Exec *e, IrOp *op) { return float_unary(e, op, k); }
/* IB(handler, cuda_tile op, unsigned, rounding) */
#define IB(n, c, u, rnd) \
  static bool n(Exec *e, IrOp *op) { return int_op(e, op, CT_OP_##c, u, CT_ROUNDING_##rnd); }
FB(h_addf, F_ADD) FB(h_subf, F_SUB) FB(h_mulf, F_MUL) FB(h_divf, F_DIV) FB(h_remf, F_REM)
FB(h_maxnumf, F_MAXNUM) FB(h_minnumf, F_MINNUM) FB(h_maximumf, F_MAXIMUM)
FB(h_minimumf, F_MINIMUM) FB(h_powf, F_POW) FB(h_atan2s, F_ATAN2)
FU(h_negfs, U_NEG) FU(h_absfs, U_ABS) FU(h_ceils, U_CEIL) FU(h_floors, U_FLOOR)
FU(h_exps, U_EXP) FU(h_exp2s, U_EXP2) FU(h_logs, U_LOG) FU(h_log2s, U_LOG2) FU(h_sins, U_SIN)
FU(h_coss, U_COS) FU(h_tans, U_TAN) FU(h_sinhs, U_SINH) FU(h_coshs, U_COSH) FU(h_tanhs, U_TANH)
FU(h_sqrts, U_SQRT) FU(h_rsqrts, U_RSQRT) FU(h_roundevens, U_ROUNDEVEN)
IB(h_addi, addi, false, ZERO) IB(h_subi, subi, false, ZERO) IB(h_muli, muli, false, ZERO)
IB(h_andi, andi, false, ZERO) IB(h_ori, ori, false, ZERO) IB(h_xori, xori, false, ZERO)
IB(h_shli, shli, false, ZERO) IB(h_shrsi, shri, false, ZERO) IB(h_shrui, shri, true, ZERO)
IB(h_maxsi, maxi, false, ZERO) IB(h_minsi, mini, false, ZERO) IB(h_maxui, maxi, true, ZERO)
IB(h_minui, mini, true, ZERO) IB(h_divsi, divi, false, ZERO) IB(h_divui, divi, true, ZERO)
IB(h_remsi, remi, false, ZERO) IB(h_remui, remi, true, ZERO)
IB(h_ceildivsi, divi, false, POSITIVE_INF) IB(h_floordivsi, divi, false, NEGATIVE_INF)
IB(h_ceildivui, divi, true, POSITIVE_INF)
/* math.absi: |x| wrapping at the width (|min| = min) */
IB(h_absi_std, absi, false, ZERO)
static bool h_sext(Exec *e, IrOp *op) { return int_cast(e, op, false); }
/* trunci: keeps the low bits, checked under overflowFlags. */
static bool h_trunci_std(Exec *e, IrOp *op) {
  if (!int_cast(e, op, false)) return false;
  unsigned bits = arith_op_overflow(op);
  if (!bits) return true;
  Val *a = in_opnd(e, op, 0), *r = in_get(e, ir_op_result(op, 0));
  return in_trunc_check(e, op, a, r, (bits & ARITH_OVF_NSW) != 0, (bits & ARITH_OVF_NUW) != 0,
                        std_flag(bits));
}
static bool h_zext(Exec *e, IrOp *op) { return int_cast(e, op, true); }

typedef struct { const char *name; InHandler h; } StdEntry;
/* sorted by name (strcmp) */
static const StdEntry std_table[] = {
    {"arith.addf", h_addf},         {"arith.addi", h_addi},
    {"arith.andi", h_andi},         {"arith.bitcast", h_bitcast_std},         {"arith.ceildivsi", h_ceildivsi},
    {"arith.ceildivui", h_ceildivui}, {"arith.cmpf", h_cmpf_std},
    {"arith.cmpi", h_cmpi_std},     {"arith.constant", h_std_constant},
    {"arith.divf", h_divf},         {"arith.divsi", h_divsi},
    {"arith.divui", h_divui},       {"arith.extsi", h_sext},
    {"arith.extui", h_zext},        {"arith.floordivsi", h_floordivsi},
    {"arith.fptosi", h_fptosi},     {"arith.fptoui", h_fptoui},
    {"arith.index_cast", h_sext},   {"arith.index_castui", h_zext},
    {"arith.maximumf", h_maximumf}, {"arith.maxnumf", h_maxnumf},
    {"arith.maxsi", h_maxsi},       {"arith.maxui", h_maxui},
    {"arith.minimumf", h_minimumf}, {"arith.minnumf", h_minnumf},
    {"arith.minsi", h_minsi},       {"arith.minui", h_minui},
    {"arith.mulf", h_mulf},         {"arith.muli", h_muli},
    {"arith.mulsi_extended", h_mulsi_ext}, {"arith.mului_extended", h_mului_ext},
    {"arith.negf", h_negfs},        {"arith.ori", h_ori},
    {"arith.remf", h_remf},         {"arith.remsi", h_remsi},
    {"arith.remui", h_remui},       {"arith.select", h_select_std},
    {"arith.shli", h_shli},         {"arith.shrsi", h_shrsi},
    {"arith.shrui", h_shrui},       {"arith.sitofp", h_sitofp},
    {"arith.subf", h_subf},
    {"arith.subi", h_subi},         {"arith.trunci", h_trunci_std},       {"arith.uitofp", h_uitofp},
    {"arith.xori", h_xori},         {"math.absf", h_absfs},         {"math.absi", h_absi_std},
    {"math.atan2", h_atan2s},       {"math.ceil", h_ceils},
    {"math.cos", h_coss},           {"math.cosh", h_coshs},
    {"math.exp", h_exps},           {"math.exp2", h_exp2s},
    {"math.floor", h_floors},       {"math.log", h_logs},
    {"math.log2", h_log2s},         {"math.powf", h_powf},          {"math.roundeven", h_roundevens},
    {"math.rsqrt", h_rsqrts},       {"math.sin", h_sins},
    {"math.sinh", h_sinhs},         {"math.sqrt", h_sqrts},
    {"math.tan", h_tans},           {"math.tanh", h_tanhs},
};

static int cmp_entry(const void *k, const void *e) {
  return strcmp(k, ((const StdEntry *)e)->name);
}

InHandler in_std_handler(const char *name) {
  const StdEntry *e = bsearch(name, std_table, sizeof std_table / sizeof std_table[0],
                              sizeof std_table[0], cmp_entry);
  return e ? e->h : NULL;
}
