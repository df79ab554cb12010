/* fold.c — the arith folds (MLIR 22's ArithOps.cpp `fold` methods): constant
 * folding of the binary, compare, select and cast ops over scalar and dense
 * (splat or not) constants, with MLIR's refusals (division by zero, signed
 * overflow of divsi, out-of-range shifts and float-to-int conversions,
 * inexact truncf), and the identities MLIR folds (x + 0, x * 1, x - x,
 * select with a constant condition or equal arms, cmpi of equal operands,
 * constants moved to the right of cmpi, ...). */
#include "dialect/arith/arith_internal.h"

#include "rewrite/rewrite.h"

#include <math.h>

/* ---- constant predicates ----------------------------------------------------------- */

/* Whether constant attribute `a` is a splat/scalar integer equal to v (bits
 * compared at the element width). */
static bool is_int(const IrAttr *a, int64_t v) {
  StdConst c;
  if (!a) return false; /* a non-constant operand: the usual case */
  if (!std_const_get(a, &c) || c.is_float || !c.splat) return false;
  return std_const_int(&c, 0) == ((uint64_t)v & std_mask(c.width));
}
static bool is_all_ones(const IrAttr *a) { return is_int(a, -1); }

/* Whether `a` is a splat/scalar float equal to v, with the sign of zero. */
static bool is_float(const IrAttr *a, double v) {
  StdConst c;
  if (!std_const_get(a, &c) || !c.is_float || !c.splat) return false;
  double x = std_const_float(&c, 0);
  return x == v && signbit(x) == signbit(v);
}

static bool is_nan(const IrAttr *a) {
  StdConst c;
  return std_const_get(a, &c) && c.is_float && c.splat && isnan(std_const_float(&c, 0));
}

/* A zero / value attribute of the op's result type. */
static const IrAttr *int_splat(IrOp *op, uint64_t v) {
  const IrType *t = ir_op_result(op, 0)->type;
  return std_const_make_ints(ir_op_context(op), t, &v, 1);
}

/* ---- integer element functions --------------------------------------------------------- */

enum { I_ADD, I_SUB, I_MUL, I_DIVS, I_DIVU, I_CEILDIVS, I_CEILDIVU, I_FLOORDIVS, I_REMS, I_REMU,
       I_AND, I_OR, I_XOR, I_SHL, I_SHRS, I_SHRU, I_MAXS, I_MAXU, I_MINS, I_MINU, I_MULHS,
       I_MULHU };

static bool int_elem(uint64_t a, uint64_t b, unsigned w, uint64_t *out, const void *ud) {
  int k = *(const int *)ud;
  uint64_t m = std_mask(w);
  int64_t sa = std_sext(a, w), sb = std_sext(b, w);
  int64_t smin = std_sext(UINT64_C(1) << (w - 1), w);
  switch (k) {
  case I_ADD: *out = (a + b) & m; return true;
  case I_SUB: *out = (a - b) & m; return true;
  case I_MUL: *out = (a * b) & m; return true;
  case I_FLOORDIVS:
    /* never refused per element: MLIR's flag is overwritten by each element
     * (see last_floordiv_ok); b = 0 gives a, MIN / -1 wraps to MIN */
    if (b == 0) { *out = a; return true; }
    if (sa == smin && sb == -1) { *out = a; return true; }
    /* fall through */
  case I_DIVS:
  case I_CEILDIVS: {
    if (b == 0 || (sa == smin && sb == -1)) return false;
    /* MLIR's ceildivsi negates the negative operands first and refuses to
     * fold when that overflows */
    if (k == I_CEILDIVS && sa != 0 && ((sa < 0 && sa == smin) || (sb < 0 && sb == smin)))
      return false;
    int64_t q = sa / sb, r = sa % sb;
    if (k == I_CEILDIVS && r != 0 && ((sa < 0) == (sb < 0))) q++;
    if (k == I_FLOORDIVS && r != 0 && ((sa < 0) != (sb < 0))) q--;
    *out = (uint64_t)q & m;
    return true;
  }
  case I_DIVU:
  case I_CEILDIVU:
    if (b == 0) return false;
    *out = (a / b + (k == I_CEILDIVU && a % b != 0)) & m;
    return true;
  case I_REMS:
    if (b == 0) return false;
    *out = sb == -1 ? 0 : (uint64_t)(sa % sb) & m;
    return true;
  case I_REMU:
    if (b == 0) return false;
    *out = a % b;
    return true;
  case I_AND: *out = a & b; return true;
  case I_OR: *out = a | b; return true;
  case I_XOR: *out = a ^ b; return true;
  /* APInt semantics for amounts >= width (0, or the sign for shrsi); the
   * caller refuses the fold as MLIR does (see shift_bounded) */
  case I_SHL: *out = b >= w ? 0 : (a << b) & m; return true;
  case I_SHRU: *out = b >= w ? 0 : a >> b; return true;
  case I_SHRS: *out = (uint64_t)(b >= w ? (sa < 0 ? -1 : 0) : sa >> b) & m; return true;
  case I_MAXS: *out = sa >= sb ? a : b; return true;
  case I_MAXU: *out = a >= b ? a : b; return true;
  case I_MINS: *out = sa <= sb ? a : b; return true;
  case I_MINU: *out = a <= b ? a : b; return true;
  case I_MULHS:
  case I_MULHU: {
    /* high half of the 2w-bit product, from 32-bit limbs */
    uint64_t x = k == I_MULHS ? (uint64_t)sa : a, y = k == I_MULHS ? (uint64_t)sb : b;
    if (w <= 32) {
      int64_t p = k == I_MULHS ? sa * sb : (int64_t)(a * b);
      *out = ((uint64_t)p >> w) & m;
      return true;
    }
    uint64_t xl = x & 0xffffffffu, xh = x >> 32, yl = y & 0xffffffffu, yh = y >> 32;
    uint64_t ll = xl * yl, lh = xl * yh, hl = xh * yl, hh = xh * yh;
    uint64_t mid = (ll >> 32) + (lh & 0xffffffffu) + (hl & 0xffffffffu);
    uint64_t hi = hh + (lh >> 32) + (hl >> 32) + (mid >> 32);
    if (k == I_MULHS) { /* signed correction of the unsigned high word */
      if (sa < 0) hi -= y;
      if (sb < 0) hi -= x;
    }
    *out = hi & m;
    return true;
  }
  }
  return false;
}

/* MLIR's shift folds keep a single `bounded` flag that each element
 * overwrites, so only the last element's amount decides whether the fold
 * happens (the others shift as APInt does). */
static bool shift_bounded(const IrAttr *amount) {
  StdConst c;
  if (!std_const_get(amount, &c) || c.is_float) return false;
  return std_const_int(&c, c.splat ? 0 : c.n - 1) < c.width;
}

/* floordivsi: MLIR folds unless the last element divides by zero or
 * overflows (its flag is assigned, not accumulated, per element). */
static bool last_floordiv_ok(const IrAttr *lhs, const IrAttr *rhs) {
  StdConst a, b;
  if (!std_const_get(lhs, &a) || !std_const_get(rhs, &b) || a.is_float || b.is_float) return false;
  int64_t n = a.splat && b.splat ? 1 : (a.splat ? b.n : a.n);
  uint64_t x = std_const_int(&a, a.splat ? 0 : n - 1), y = std_const_int(&b, b.splat ? 0 : n - 1);
  unsigned w = b.width;
  return y != 0 && !(std_sext(x, w) == std_sext(UINT64_C(1) << (w - 1), w) && std_sext(y, w) == -1);
}

/* ---- compare ------------------------------------------------------------------------ */

static bool cmpi_eval(int pred, uint64_t a, uint64_t b, unsigned w) {
  int64_t sa = std_sext(a, w), sb = std_sext(b, w);
  switch (pred) {
  case ARITH_CMPI_EQ: return a == b;
  case ARITH_CMPI_NE: return a != b;
  case ARITH_CMPI_SLT: return sa < sb;
  case ARITH_CMPI_SLE: return sa <= sb;
  case ARITH_CMPI_SGT: return sa > sb;
  case ARITH_CMPI_SGE: return sa >= sb;
  case ARITH_CMPI_ULT: return a < b;
  case ARITH_CMPI_ULE: return a <= b;
  case ARITH_CMPI_UGT: return a > b;
  case ARITH_CMPI_UGE: return a >= b;
  }
  return false;
}

static bool cmpi_elem(uint64_t a, uint64_t b, unsigned w, uint64_t *out, const void *ud) {
  *out = cmpi_eval(*(const int *)ud, a, b, w);
  return true;
}

static bool cmpf_eval(int pred, double a, double b) {
  bool uno = isnan(a) || isnan(b);
  switch (pred) {
  case ARITH_CMPF_FALSE: return false;
  case ARITH_CMPF_TRUE: return true;
  case ARITH_CMPF_ORD: return !uno;
  case ARITH_CMPF_UNO: return uno;
  case ARITH_CMPF_OEQ: return !uno && a == b;
  case ARITH_CMPF_OGT: return !uno && a > b;
  case ARITH_CMPF_OGE: return !uno && a >= b;
  case ARITH_CMPF_OLT: return !uno && a < b;
  case ARITH_CMPF_OLE: return !uno && a <= b;
  case ARITH_CMPF_ONE: return !uno && a != b;
  case ARITH_CMPF_UEQ: return uno || a == b;
  case ARITH_CMPF_UGT: return uno || a > b;
  case ARITH_CMPF_UGE: return uno || a >= b;
  case ARITH_CMPF_ULT: return uno || a < b;
  case ARITH_CMPF_ULE: return uno || a <= b;
  case ARITH_CMPF_UNE: return uno || a != b;
  }
  return false;
}

/* cmpf over two float constants into an i1-like result. */
static const IrAttr *fold_cmpf(IrOp *op, const IrAttr *a, const IrAttr *b, int pred) {
  StdConst ca, cb;
  if (!std_const_get(a, &ca) || !std_const_get(b, &cb) || !ca.is_float || !cb.is_float)
    return NULL;
  int64_t n = ca.splat && cb.splat ? 1 : ca.n;
  if (n != 1 && ca.n != cb.n) return NULL;
  uint64_t *out = xmalloc((size_t)n * sizeof *out);
  for (int64_t i = 0; i < n; i++)
    out[i] = cmpf_eval(pred, std_const_float(&ca, i), std_const_float(&cb, i));
  const IrAttr *r = std_const_make_ints(ir_op_context(op), ir_op_result(op, 0)->type, out, n);
  free(out);
  return r;
}

/* The predicate with swapped operands (MLIR's invertPredicate... swapped). */
static int cmpi_swap(int p) {
  switch (p) {
  case ARITH_CMPI_SLT: return ARITH_CMPI_SGT;
  case ARITH_CMPI_SLE: return ARITH_CMPI_SGE;
  case ARITH_CMPI_SGT: return ARITH_CMPI_SLT;
  case ARITH_CMPI_SGE: return ARITH_CMPI_SLE;
  case ARITH_CMPI_ULT: return ARITH_CMPI_UGT;
  case ARITH_CMPI_ULE: return ARITH_CMPI_UGE;
  case ARITH_CMPI_UGT: return ARITH_CMPI_ULT;
  case ARITH_CMPI_UGE: return ARITH_CMPI_ULE;
  default: return p;
  }
}

/* ---- float element functions ------------------------------------------------------------ */

enum { F_ADD, F_SUB, F_MUL, F_DIV, F_REM, F_MAXIMUM, F_MINIMUM, F_MAXNUM, F_MINNUM };

static bool float_elem(double a, double b, IrFloatKind fk, double *out, const void *ud) {
  double r = 0;
  switch (*(const int *)ud) {
  case F_ADD: r = a + b; break;
  case F_SUB: r = a - b; break;
  case F_MUL: r = a * b; break;
  case F_DIV: r = a / b; break;
  case F_REM: r = fmod(a, b); break;
  case F_MAXIMUM:
    r = isnan(a) ? a : isnan(b) ? b : (a == b ? (signbit(a) ? b : a) : (a > b ? a : b));
    break;
  case F_MINIMUM:
    r = isnan(a) ? a : isnan(b) ? b : (a == b ? (signbit(a) ? a : b) : (a < b ? a : b));
    break;
  case F_MAXNUM: r = isnan(a) ? b : isnan(b) ? a : (a == b ? (signbit(a) ? b : a) : (a > b ? a : b)); break;
  case F_MINNUM: r = isnan(a) ? b : isnan(b) ? a : (a == b ? (signbit(a) ? a : b) : (a < b ? a : b)); break;
  }
  /* a NaN result is the first NaN operand (quieted, sign kept), else
   * APFloat's default NaN, which is positive (x86's is negative) */
  if (isnan(r)) r = isnan(a) ? a : isnan(b) ? b : NAN;
  /* + - * / computed in double then rounded once more: innocuous for every
   * format narrower than half a double's precision; f64 is exact */
  *out = fk == IR_F64 ? r : ir_float_round(fk, r);
  return true;
}

/* ---- casts ---------------------------------------------------------------------------- */

/* The magnitude `mag` (negated when `neg`) rounded once to format fk
 * (APFloat::convertFromAPInt, ties to even).  f64 and f32 use C's exact
 * conversions; narrower formats round a round-to-odd 53-bit value, which
 * never double-rounds. */
static double int_to_float(uint64_t mag, bool neg, IrFloatKind fk) {
  double d;
  if (fk == IR_F64) d = (double)mag;
  else if (fk == IR_F32) d = (double)(float)mag;
  else {
    int s = 0;
    while ((mag >> s) >= (UINT64_C(1) << 53)) s++;
    uint64_t hi = mag >> s;
    if (s && (mag & ((UINT64_C(1) << s) - 1))) hi |= 1;
    d = ir_float_round(fk, ldexp((double)hi, s));
  }
  return neg ? -d : d;
}

/* Elementwise cast of constant `a` to the op's result type, or NULL. */
static const IrAttr *fold_cast(IrOp *op, const IrAttr *a) {
  StdConst c;
  if (!std_const_get(a, &c)) return NULL;
  const IrType *rt = ir_op_result(op, 0)->type, *re = ir_type_elem_or_self(rt);
  const IrType *ie = ir_type_elem_or_self(ir_op_operand(op, 0)->type);
  unsigned iw = ir_type_is_index(ie) ? 64 : ir_type_is_integer(ie) ? ir_integer_width(ie) : 0;
  unsigned rw = ir_type_is_index(re) ? 64 : ir_type_is_integer(re) ? ir_integer_width(re) : 0;
  int k = arith_op_index(op);
  int64_t n = c.splat ? 1 : c.n;
  uint64_t *iv = xmalloc((size_t)n * sizeof *iv);
  double *fv = xmalloc((size_t)n * sizeof *fv);
  bool to_float = ir_type_is_float(re), ok = true;
  for (int64_t i = 0; i < n && ok; i++) {
    switch (k) {
    case ARITH_OP_extsi:
    case ARITH_OP_index_cast:
      iv[i] = (uint64_t)std_sext(std_const_int(&c, i), iw);
      break;
    case ARITH_OP_extui:
    case ARITH_OP_trunci:
    case ARITH_OP_index_castui:
      iv[i] = std_const_int(&c, i);
      break;
    case ARITH_OP_extf:
      fv[i] = std_const_float(&c, i);
      break;
    case ARITH_OP_truncf: {
      /* convertFloatValue: only exact conversions fold */
      double v = std_const_float(&c, i);
      double r = ir_float_round(ir_float_kind(re), v);
      ok = isnan(v) || r == v; /* a NaN converts exactly (quiet, sign kept) */
      fv[i] = isnan(v) ? copysign(NAN, v) : r;
      break;
    }
    case ARITH_OP_sitofp:
    case ARITH_OP_uitofp: {
      uint64_t v = std_const_int(&c, i);
      bool neg = k == ARITH_OP_sitofp && std_sext(v, iw) < 0;
      uint64_t mag = neg ? (uint64_t)0 - (uint64_t)std_sext(v, iw) : v;
      fv[i] = int_to_float(mag, neg, ir_float_kind(re));
      break;
    }
    case ARITH_OP_fptosi:
    case ARITH_OP_fptoui: {
      double t = trunc(std_const_float(&c, i));
      if (isnan(t)) { ok = false; break; }
      if (k == ARITH_OP_fptosi) {
        double lo = -ldexp(1, (int)rw - 1), hi = ldexp(1, (int)rw - 1);
        ok = t >= lo && t < hi;
        if (ok) iv[i] = (uint64_t)(int64_t)t;
      } else {
        ok = t >= 0 && t < ldexp(1, (int)rw);
        if (ok) iv[i] = rw == 64 && t >= ldexp(1, 63) ? (uint64_t)(t - ldexp(1, 63)) | (UINT64_C(1) << 63)
                                                  : (uint64_t)t;
      }
      break;
    }
    case ARITH_OP_bitcast: {
      if (c.is_float && !to_float) {
        double v = std_const_float(&c, i);
        IrFloatKind fk = ir_float_kind(c.elem);
        if (fk == IR_F64) memcpy(&iv[i], &v, 8);
        else iv[i] = ir_float_to_bits(fk, v);
      } else if (!c.is_float && to_float) {
        uint64_t b = std_const_int(&c, i);
        IrFloatKind fk = ir_float_kind(re);
        if (fk == IR_F64) memcpy(&fv[i], &b, 8);
        else fv[i] = ir_float_from_bits(fk, b);
        ok = !isnan(fv[i]); /* NaN payloads do not survive a double */
      } else if (c.is_float) {
        double v = std_const_float(&c, i);
        IrFloatKind from = ir_float_kind(c.elem), to = ir_float_kind(re);
        uint64_t b = from == IR_F64 ? 0 : ir_float_to_bits(from, v);
        ok = from != IR_F64 && to != IR_F64 && !isnan(v);
        if (ok) fv[i] = ir_float_from_bits(to, b);
      } else {
        iv[i] = std_const_int(&c, i);
      }
      break;
    }
    default: ok = false; break;
    }
  }
  const IrAttr *r = NULL;
  if (ok) r = to_float ? std_const_make_floats(ir_op_context(op), rt, fv, n)
                       : std_const_make_ints(ir_op_context(op), rt, iv, n);
  free(iv);
  free(fv);
  return r;
}

/* ---- the hook ------------------------------------------------------------------------- */

static bool result_attr(IrFoldResult *r, const IrAttr *a) {
  if (!a) return false;
  r->attr = a;
  return true;
}
static bool result_value(IrFoldResult *r, IrValue *v) {
  r->value = v;
  return true;
}

static const int int_kind[ARITH_OP_COUNT] = {
    [ARITH_OP_addi] = I_ADD, [ARITH_OP_subi] = I_SUB, [ARITH_OP_muli] = I_MUL,
    [ARITH_OP_divsi] = I_DIVS, [ARITH_OP_divui] = I_DIVU, [ARITH_OP_ceildivsi] = I_CEILDIVS,
    [ARITH_OP_ceildivui] = I_CEILDIVU, [ARITH_OP_floordivsi] = I_FLOORDIVS,
    [ARITH_OP_remsi] = I_REMS, [ARITH_OP_remui] = I_REMU, [ARITH_OP_andi] = I_AND,
    [ARITH_OP_ori] = I_OR, [ARITH_OP_xori] = I_XOR, [ARITH_OP_shli] = I_SHL,
    [ARITH_OP_shrsi] = I_SHRS, [ARITH_OP_shrui] = I_SHRU, [ARITH_OP_maxsi] = I_MAXS,
    [ARITH_OP_maxui] = I_MAXU, [ARITH_OP_minsi] = I_MINS, [ARITH_OP_minui] = I_MINU,
};
static const int float_kind[ARITH_OP_COUNT] = {
    [ARITH_OP_addf] = F_ADD, [ARITH_OP_subf] = F_SUB, [ARITH_OP_mulf] = F_MUL,
    [ARITH_OP_divf] = F_DIV, [ARITH_OP_remf] = F_REM, [ARITH_OP_maximumf] = F_MAXIMUM,
    [ARITH_OP_minimumf] = F_MINIMUM, [ARITH_OP_maxnumf] = F_MAXNUM, [ARITH_OP_minnumf] = F_MINNUM,
};

/* Identities of the integer binary ops (before constant folding, as MLIR's
 * fold methods check them first). */
/* Whether v is xori(x, -1) for the given x; *ones gets the constant. */
static bool is_not_of(IrValue *v, IrValue *x, IrValue **ones) {
  if (!v->def || !arith_op_is(v->def, ARITH_OP_xori) || ir_op_operand(v->def, 0) != x) return false;
  *ones = ir_op_operand(v->def, 1);
  return is_all_ones(rw_value_constant(*ones));
}

/* The inner op of kind k defining v, or NULL. */
static IrOp *def_of(IrValue *v, ArithOpIndex k) {
  return v->def && arith_op_is(v->def, k) ? v->def : NULL;
}

static int64_t smax_of(unsigned w) { return std_sext(std_mask(w) >> 1, w); }

/* Identities of the integer binary ops, checked before constant folding as
 * in MLIR's fold methods; an identity that MLIR answers with an operand
 * (a Value) returns that value, so the existing constant is kept. */
static bool int_identity(IrOp *op, int k, const IrAttr *l, const IrAttr *r, IrFoldResult *res) {
  IrValue *x = ir_op_operand(op, 0), *y = ir_op_operand(op, 1), *ones;
  StdConst rc;
  bool rconst = r && std_const_get(r, &rc) && !rc.is_float && rc.splat;
  uint64_t rv = rconst ? std_const_int(&rc, 0) : 0;
  unsigned w = rconst ? rc.width : 0;
  IrOp *in;
  switch (k) {
  case ARITH_OP_addi:
    if (is_int(r, 0)) return result_value(res, x);
    break;
  case ARITH_OP_subi:
    if (x == y) return result_attr(res, int_splat(op, 0));
    if (is_int(r, 0)) return result_value(res, x);
    if ((in = def_of(x, ARITH_OP_addi)) != NULL) {
      if (y == ir_op_operand(in, 1)) return result_value(res, ir_op_operand(in, 0));
      if (y == ir_op_operand(in, 0)) return result_value(res, ir_op_operand(in, 1));
    }
    break;
  case ARITH_OP_muli:
    if (is_int(r, 0)) return result_value(res, y);
    if (is_int(r, 1)) return result_value(res, x);
    break;
  case ARITH_OP_divsi:
  case ARITH_OP_divui:
    if (is_int(r, 1)) return result_value(res, x);
    /* (a * b) / b -> a when the product has nsw (divsi) / nuw (divui) */
    if ((in = def_of(x, ARITH_OP_muli)) != NULL &&
        (arith_op_overflow(in) & (k == ARITH_OP_divsi ? ARITH_OVF_NSW : ARITH_OVF_NUW))) {
      if (ir_op_operand(in, 0) == y) return result_value(res, ir_op_operand(in, 1));
      if (ir_op_operand(in, 1) == y) return result_value(res, ir_op_operand(in, 0));
    }
    break;
  case ARITH_OP_ceildivsi:
  case ARITH_OP_ceildivui:
  case ARITH_OP_floordivsi:
    if (is_int(r, 1)) return result_value(res, x);
    break;
  case ARITH_OP_remsi:
  case ARITH_OP_remui:
    if (is_int(r, 1)) return result_attr(res, int_splat(op, 0));
    break;
  case ARITH_OP_andi:
    if (is_int(r, 0)) return result_value(res, y);
    if (is_all_ones(r)) return result_value(res, x);
    if (is_not_of(y, x, &ones) || is_not_of(x, y, &ones))
      return result_attr(res, int_splat(op, 0));
    /* and(a, and(a, b)) -> and(a, b) */
    for (int rev = 0; rev < 2; rev++) {
      IrValue *pv = rev ? y : x, *other = rev ? x : y;
      IrOp *prev = def_of(pv, ARITH_OP_andi);
      if (prev && (other == ir_op_operand(prev, 0) || other == ir_op_operand(prev, 1)))
        return result_value(res, pv);
    }
    break;
  case ARITH_OP_ori:
    if (is_int(r, 0)) return result_value(res, x);
    if (is_all_ones(r)) return result_attr(res, r);
    if (is_not_of(y, x, &ones) || is_not_of(x, y, &ones)) return result_value(res, ones);
    break;
  case ARITH_OP_xori:
    if (is_int(r, 0)) return result_value(res, x);
    if (x == y) return result_attr(res, int_splat(op, 0));
    if ((in = def_of(x, ARITH_OP_xori)) != NULL) {
      if (ir_op_operand(in, 1) == y) return result_value(res, ir_op_operand(in, 0));
      if (ir_op_operand(in, 0) == y) return result_value(res, ir_op_operand(in, 1));
    }
    if ((in = def_of(y, ARITH_OP_xori)) != NULL) {
      if (ir_op_operand(in, 1) == x) return result_value(res, ir_op_operand(in, 0));
      if (ir_op_operand(in, 0) == x) return result_value(res, ir_op_operand(in, 1));
    }
    break;
  case ARITH_OP_shli:
  case ARITH_OP_shrsi:
  case ARITH_OP_shrui:
    if (is_int(r, 0)) return result_value(res, x);
    break;
  case ARITH_OP_maxsi:
  case ARITH_OP_maxui:
  case ARITH_OP_minsi:
  case ARITH_OP_minui: {
    if (x == y) return result_value(res, y);
    if (!rconst) break;
    int64_t sv = std_sext(rv, w);
    bool smax = sv == smax_of(w), smin = sv == -smax_of(w) - 1;
    bool umax = rv == std_mask(w), umin = rv == 0;
    if ((k == ARITH_OP_maxsi && smax) || (k == ARITH_OP_maxui && umax) ||
        (k == ARITH_OP_minsi && smin) || (k == ARITH_OP_minui && umin))
      return result_value(res, y);
    if ((k == ARITH_OP_maxsi && smin) || (k == ARITH_OP_maxui && umin) ||
        (k == ARITH_OP_minsi && smax) || (k == ARITH_OP_minui && umax))
      return result_value(res, x);
    break;
  }
  }
  (void)l;
  return false;
}

static bool float_identity(IrOp *op, int k, const IrAttr *r, IrFoldResult *res) {
  IrValue *x = ir_op_operand(op, 0), *y = ir_op_operand(op, 1);
  switch (k) {
  case ARITH_OP_addf:
    if (is_float(r, -0.0)) return result_value(res, x);
    break;
  case ARITH_OP_subf:
    if (is_float(r, 0.0)) return result_value(res, x);
    break;
  case ARITH_OP_mulf:
  case ARITH_OP_divf:
    if (is_float(r, 1.0)) return result_value(res, x);
    break;
  case ARITH_OP_maximumf:
  case ARITH_OP_minimumf:
  case ARITH_OP_maxnumf:
  case ARITH_OP_minnumf:
    if (x == y) return result_value(res, x);
    /* maximumf(x, -inf), minimumf(x, +inf), max/minnumf(x, NaN) -> x */
    if (k == ARITH_OP_maximumf && is_float(r, -INFINITY)) return result_value(res, x);
    if (k == ARITH_OP_minimumf && is_float(r, INFINITY)) return result_value(res, x);
    if ((k == ARITH_OP_maxnumf || k == ARITH_OP_minnumf) && is_nan(r)) return result_value(res, x);
    break;
  }
  return false;
}

bool arith_fold_op(IrOp *op, const IrAttr *const *consts, IrFoldResult *results) {
  int k = arith_op_index(op);
  if (k < 0) return false;
  const IrType *rt = op->nresults ? ir_op_result(op, 0)->type : NULL;
  switch (k) {
  case ARITH_OP_constant: return result_attr(results, ir_op_attrz(op, "value"));
  case ARITH_OP_addi: case ARITH_OP_subi: case ARITH_OP_muli: case ARITH_OP_divsi:
  case ARITH_OP_divui: case ARITH_OP_ceildivsi: case ARITH_OP_ceildivui:
  case ARITH_OP_floordivsi: case ARITH_OP_remsi: case ARITH_OP_remui: case ARITH_OP_andi:
  case ARITH_OP_ori: case ARITH_OP_xori: case ARITH_OP_shli: case ARITH_OP_shrsi:
  case ARITH_OP_shrui: case ARITH_OP_maxsi: case ARITH_OP_maxui: case ARITH_OP_minsi:
  case ARITH_OP_minui:
    if (int_identity(op, k, consts[0], consts[1], results)) return true;
    if ((k == ARITH_OP_shli || k == ARITH_OP_shrsi || k == ARITH_OP_shrui) && consts[0] &&
        consts[1] && !shift_bounded(consts[1]))
      return false;
    if (k == ARITH_OP_floordivsi && consts[0] && consts[1] && !last_floordiv_ok(consts[0], consts[1]))
      return false;
    if (consts[0] && consts[1])
      return result_attr(results, std_fold_int_binary(ir_op_context(op), consts[0], consts[1], rt, int_elem,
                                                       &int_kind[k]));
    return false;
  case ARITH_OP_addf: case ARITH_OP_subf: case ARITH_OP_mulf: case ARITH_OP_divf:
  case ARITH_OP_remf: case ARITH_OP_maximumf: case ARITH_OP_minimumf: case ARITH_OP_maxnumf:
  case ARITH_OP_minnumf:
    if (float_identity(op, k, consts[1], results)) return true;
    if (consts[0] && consts[1])
      return result_attr(results, std_fold_float_binary(ir_op_context(op), consts[0], consts[1], rt,
                                                        float_elem, &float_kind[k]));
    return false;
  case ARITH_OP_negf: {
    IrValue *x = ir_op_operand(op, 0);
    if (x->def && arith_op_is(x->def, ARITH_OP_negf)) return result_value(results, ir_op_operand(x->def, 0));
    StdConst c;
    if (!consts[0] || !std_const_get(consts[0], &c) || !c.is_float) return false;
    int64_t n = c.splat ? 1 : c.n;
    double *v = xmalloc((size_t)n * sizeof *v);
    for (int64_t i = 0; i < n; i++) v[i] = -std_const_float(&c, i);
    const IrAttr *a = std_const_make_floats(ir_op_context(op), rt, v, n);
    free(v);
    return result_attr(results, a);
  }
  case ARITH_OP_mulsi_extended:
  case ARITH_OP_mului_extended: {
    bool s = k == ARITH_OP_mulsi_extended;
    if (is_int(consts[1], 0)) {
      results[0].attr = results[1].attr = consts[1];
      return true;
    }
    if (!s && is_int(consts[1], 1)) { /* mului_extended(x, 1) -> x, 0 */
      results[0].value = ir_op_operand(op, 0);
      results[1].attr = int_splat(op, 0);
      return results[1].attr != NULL;
    }
    if (!consts[0] || !consts[1]) return false;
    int lo = I_MUL, hi = s ? I_MULHS : I_MULHU;
    results[0].attr = std_fold_int_binary(ir_op_context(op), consts[0], consts[1], rt, int_elem, &lo);
    results[1].attr = std_fold_int_binary(ir_op_context(op), consts[0], consts[1], rt, int_elem, &hi);
    if (results[0].attr && results[1].attr) return true;
    results[0].attr = results[1].attr = NULL;
    return false;
  }
  case ARITH_OP_cmpi: {
    int pred = arith_op_predicate(op);
    if (ir_op_operand(op, 0) == ir_op_operand(op, 1)) {
      bool t = pred == ARITH_CMPI_EQ || pred == ARITH_CMPI_SLE || pred == ARITH_CMPI_SGE ||
               pred == ARITH_CMPI_ULE || pred == ARITH_CMPI_UGE;
      return result_attr(results, int_splat(op, t));
    }
    if (consts[0] && consts[1])
      return result_attr(results, std_fold_int_binary(ir_op_context(op), consts[0], consts[1], rt, cmpi_elem,
                                                      &pred));
    if (consts[0] && !consts[1]) { /* constant to the right, in place */
      IrValue *l = ir_op_operand(op, 0), *r = ir_op_operand(op, 1);
      ir_op_set_operand(op, 0, r);
      ir_op_set_operand(op, 1, l);
      ir_op_set_prop(op, "predicate", arith_predicate_attr(ir_op_context(op), cmpi_swap(pred)));
      return result_value(results, ir_op_result(op, 0));
    }
    return false;
  }
  case ARITH_OP_cmpf: {
    int pred = arith_op_predicate(op);
    if (pred == ARITH_CMPF_FALSE || pred == ARITH_CMPF_TRUE)
      return result_attr(results, int_splat(op, pred == ARITH_CMPF_TRUE));
    if (consts[0] && consts[1]) return result_attr(results, fold_cmpf(op, consts[0], consts[1], pred));
    return false;
  }
  case ARITH_OP_select: {
    IrValue *t = ir_op_operand(op, 1), *f = ir_op_operand(op, 2);
    if (t == f) return result_value(results, t);
    if (is_int(consts[0], 1)) return result_value(results, t);
    if (is_int(consts[0], 0)) return result_value(results, f);
    /* select %c, true, false -> %c (i1 results) */
    if (ir_type_is_int_width(ir_type_elem_or_self(rt), 1) &&
        ir_op_operand(op, 0)->type == rt && is_int(consts[1], 1) && is_int(consts[2], 0))
      return result_value(results, ir_op_operand(op, 0));
    return false;
  }
  case ARITH_OP_extui:
  case ARITH_OP_extsi: {
    /* ext(ext(x)) of the same kind -> ext(x), in place */
    IrValue *in = ir_op_operand(op, 0);
    if (in->def && in->def->info == op->info) {
      ir_op_set_operand(op, 0, ir_op_operand(in->def, 0));
      return result_value(results, ir_op_result(op, 0));
    }
    return consts[0] ? result_attr(results, fold_cast(op, consts[0])) : false;
  }
  case ARITH_OP_trunci: {
    /* trunci(extsi/extui(x)) with x of the result type -> x */
    IrValue *in = ir_op_operand(op, 0);
    if (in->def && (arith_op_is(in->def, ARITH_OP_extsi) || arith_op_is(in->def, ARITH_OP_extui)) &&
        ir_op_operand(in->def, 0)->type == rt)
      return result_value(results, ir_op_operand(in->def, 0));
    return consts[0] ? result_attr(results, fold_cast(op, consts[0])) : false;
  }
  case ARITH_OP_bitcast:
  case ARITH_OP_index_cast:
  case ARITH_OP_index_castui: {
    /* cast(cast(x)) back to x's type -> x */
    IrValue *in = ir_op_operand(op, 0);
    if (in->def && in->def->info == op->info && ir_op_operand(in->def, 0)->type == rt)
      return result_value(results, ir_op_operand(in->def, 0));
    return consts[0] ? result_attr(results, fold_cast(op, consts[0])) : false;
  }
  case ARITH_OP_extf:
  case ARITH_OP_truncf:
  case ARITH_OP_sitofp:
  case ARITH_OP_uitofp:
  case ARITH_OP_fptosi:
  case ARITH_OP_fptoui:
    return consts[0] ? result_attr(results, fold_cast(op, consts[0])) : false;
  }
  return false;
}
