/* interp_ops.c — element-wise cuda_tile ops: integer arithmetic (with the
 * operand width's wrap-around, signedness and division rounding), float
 * arithmetic (IEEE rounding modes, flush-to-zero, exact narrow formats),
 * math functions, comparisons, select and conversions.
 *
 * Each handler runs whole-tile loops over contiguous buffers; an operand with
 * one element is broadcast (reduce/scan bodies run on batches of elements, see
 * interp_shape.c).  The common case — f32, round-to-nearest-even, no
 * flush-to-zero — is a plain C loop the compiler vectorises.
 *
 * The integer families (h_int_binary, h_int_unary) are one scalar function
 * per op (in_int_binary_<cname>, in_int_unary_<cname>); their loops and
 * op-index tables are generated from the ops_compute.def rows, and arith's
 * integer ops (interp_std.c) run on them too.  Integer ops carrying an
 * `overflow<...>` flag (addi, subi, muli, shli, negi, trunci) compute the
 * wrap-around result as usual and, when the flag is set, check every element
 * against it: a wrap the flag rules out is undefined behaviour in the
 * specification, and the interpreter reports the first one.
 *
 * Directed rounding (zero / negative_inf / positive_inf) is computed exactly:
 * the operation is done in double together with its exact error term
 * (TwoSum, fma residuals), and the nearest candidate in the target format is
 * stepped by one unit when it lies on the wrong side of the exact result. */
#include <float.h>
#include <math.h>
#include <stdio.h>

#include "interp/interp_ops.h"

/* ======================================================================== */
/* Helpers                                                                   */
/* ======================================================================== */

/* New value for an element-wise result: element type from the op, shape of
 * the larger operand. */
static Val *ew_result(IrOp *op, unsigned ri, const Val *a, const Val *b, const Val *c) {
  const Val *big = a;
  if (b && b->n > big->n) big = b;
  if (c && c->n > big->n) big = c;
  return val_new_raw(in_res_elem(op, ri), big->shape, big->rank);
}

static inline float ftz32(float x) {
  return fabsf(x) < FLT_MIN ? copysignf(0.0f, x) : x;
}

/* Next representable value of format k after x, toward +inf (up) or -inf. */
static double fmt_step(IrFloatKind k, double x, bool up) {
  if (k == IR_F64) return nextafter(x, up ? INFINITY : -INFINITY);
  if (k == IR_F32) return nextafterf((float)x, up ? INFINITY : -INFINITY);
  unsigned w = ir_float_kind_width(k);
  if (k == IR_TF32) w = 19;
  uint64_t bits = ir_float_to_bits(k, x);
  bool has_sign = k != IR_F8E8M0FNU;
  uint64_t sign = has_sign ? (uint64_t)1 << (w - 1) : 0;
  uint64_t mag = bits & (sign - 1 + (has_sign ? 0 : ((uint64_t)1 << w)));
  if (!has_sign) mag = bits;
  bool neg = has_sign && (bits & sign);
  if (mag == 0) neg = !up;
  bool away = (up != neg);
  uint64_t nm = away ? mag + 1 : mag - 1;
  double r = ir_float_from_bits(k, (neg ? sign : 0) | nm);
  if (isnan(r)) return x; /* already at the largest finite value */
  return r;
}

/* Rounds the exact value hi + lo to format k with rounding mode `mode`. */
static double round_dir(IrFloatKind k, double hi, double lo, int mode) {
  if (isnan(hi) || isinf(hi)) return k == IR_F64 ? hi : ir_float_round(k, hi);
  double cand = k == IR_F64 ? hi : k == IR_F32 ? (double)(float)hi : ir_float_round(k, hi);
  if (mode == CT_ROUNDING_NEAREST_EVEN || mode == CT_ROUNDING_APPROX ||
      mode == CT_ROUNDING_FULL)
    return cand;
  int cmp; /* sign of cand - (hi + lo) */
  if (cand != hi) cmp = cand > hi ? 1 : -1;
  else cmp = lo > 0 ? -1 : lo < 0 ? 1 : 0;
  if (cmp == 0 || isinf(cand)) {
    if (!isinf(cand)) return cand;
    /* overflowed to inf: directed modes may clamp to the largest finite */
    bool clamp = mode == CT_ROUNDING_ZERO || (mode == CT_ROUNDING_NEGATIVE_INF && cand > 0) ||
                 (mode == CT_ROUNDING_POSITIVE_INF && cand < 0);
    return clamp ? fmt_step(k, cand, cand < 0) : cand;
  }
  switch (mode) {
  case CT_ROUNDING_NEGATIVE_INF: return cmp > 0 ? fmt_step(k, cand, false) : cand;
  case CT_ROUNDING_POSITIVE_INF: return cmp < 0 ? fmt_step(k, cand, true) : cand;
  case CT_ROUNDING_ZERO:
    if (cand > 0 && cmp > 0) return fmt_step(k, cand, false);
    if (cand < 0 && cmp < 0) return fmt_step(k, cand, true);
    if (cand == 0) return cand;
    return cand;
  default: return cand;
  }
}

double in_round_fmt(IrFloatKind k, double x, int mode) {
  if (mode == CT_ROUNDING_NEAREST_EVEN || mode == CT_ROUNDING_APPROX ||
      mode == CT_ROUNDING_FULL || mode < 0) {
    if (k == IR_F64) return x;
    if (k == IR_F32) return (float)x;
    return ir_float_round(k, x);
  }
  return round_dir(k, x, 0.0, mode);
}

void in_round_to_format(Val *v) {
  if (v->kind != VK_F32) return;
  IrFloatKind k = ir_float_kind(v->elem);
  if (k == IR_F32) return;
  float *d = v->data;
  for (int64_t i = 0; i < v->n; i++) d[i] = (float)ir_float_round(k, d[i]);
}

static int rounding_of(IrOp *op) {
  return in_attr_enum(op, "rounding_mode", &ct_enum_rounding, CT_ROUNDING_NEAREST_EVEN);
}

/* ======================================================================== */
/* Integers                                                                  */
/* ======================================================================== */

/* Whether the exact value v fits a signed / unsigned integer of width w. */
static inline bool fits_signed(__int128 v, unsigned w) {
  __int128 half = (__int128)1 << (w - 1);
  return v >= -half && v < half;
}
static inline bool fits_unsigned(unsigned __int128 v, unsigned w) {
  return v < ((unsigned __int128)1 << w);
}

/* Reports element i of `op`'s result r wrapping under an overflow flag
 * spelled `flag` (cuda_tile's "no_signed_wrap", arith's "nsw, nuw", ...):
 *   signed overflow under overflow<no_signed_wrap> at element [1, 2]:
 *   127 + 1 wraps to -128 in i8
 * `sym` is the operator ("+", "-", "*", "<<"), "neg" for -(p), or NULL for a
 * truncation of p from i`wf`.  Operands and result are printed in the
 * violated signedness (a shift amount always unsigned); rank-0 tiles leave
 * out the element.  Shared by the cuda_tile and arith handlers. */
bool in_overflow_error(Exec *e, IrOp *op, const Val *r, int64_t i, const char *flag,
                       const char *sym, int64_t p, int64_t q, int64_t res, unsigned wf,
                       bool uns) {
  unsigned w = in_int_width(r->elem);
  StrBuf b = {0};
  sb_printf(&b, "%s overflow under overflow<%s>", uns ? "unsigned" : "signed", flag);
  if (r->rank > 0) {
    int64_t idxs[IN_MAX_RANK], rest = i;
    for (int d = r->rank - 1; d >= 0; d--) {
      idxs[d] = r->shape[d] ? rest % r->shape[d] : 0;
      rest = r->shape[d] ? rest / r->shape[d] : 0;
    }
    sb_printf(&b, " at element [");
    for (int d = 0; d < r->rank; d++) sb_printf(&b, "%s%lld", d ? ", " : "", (long long)idxs[d]);
    sb_printf(&b, "]");
  }
  char ps[24], qs[24], rs[24];
  if (uns) {
    snprintf(ps, sizeof ps, "%llu", (unsigned long long)in_zext(p, wf));
    snprintf(rs, sizeof rs, "%llu", (unsigned long long)in_zext(res, w));
  } else {
    snprintf(ps, sizeof ps, "%lld", (long long)p);
    snprintf(rs, sizeof rs, "%lld", (long long)res);
  }
  if (uns || (sym && !strcmp(sym, "<<")))
    snprintf(qs, sizeof qs, "%llu", (unsigned long long)in_zext(q, w));
  else snprintf(qs, sizeof qs, "%lld", (long long)q);
  if (!sym) sb_printf(&b, ": %s : i%u", ps, wf);
  else if (!strcmp(sym, "neg")) sb_printf(&b, ": -(%s)", ps);
  else sb_printf(&b, ": %s %s %s", ps, sym, qs);
  sb_printf(&b, " wraps to %s in i%u", rs, w);
  in_fail(e, op, "%s", sb_cstr(&b));
  sb_free(&b);
  return false;
}

/* The integer families' scalar semantics.  An op whose row's `interp`
 * column is h_int_binary (h_int_unary) is one function
 *   static inline int64_t in_int_binary_<cname>(int64_t p, int64_t q,
 *                                              const InIctx *c, InIel *f)
 *   static inline int64_t in_int_unary_<cname>(int64_t p, const InIctx *c, InIel *f)
 * here, and nothing else: the per-op loops and the op-index -> loop tables
 * below are generated from the rows.  p and q are the operands as tiles hold
 * them (sign-extended from the width c->w); the function returns the result,
 * of which the loop keeps the low c->w bits (sign-extended), i.e. it may
 * compute in wrap-around uint64_t arithmetic.  c->uns is the op's
 * signedness<unsigned> (false for ops without one), c->mode its `rounding`
 * (CT_ROUNDING_*, zero when absent).  Besides the value the function may
 * report through f:
 *   - f->err, when the element has no result ("integer division by zero");
 *     the handler fails with it and the element's index;
 *   - when f->chk (the op carries an overflow flag to check), whether the
 *     exact result wraps at width c->w in the signed (f->swrap) and unsigned
 *     (f->uwrap) sense, with its operator f->sym for the report (see
 *     in_overflow_error); in_iel_wraps sets the three.
 * f->chk is a constant in each generated loop, so an op's wrap test costs
 * nothing in the loop that does not check, nor does an err that an op never
 * sets. */
typedef struct InIctx {
  unsigned w;  /* result width */
  bool uns;    /* signedness<unsigned> */
  int mode;    /* rounding (CT_ROUNDING_*) */
} InIctx;
typedef struct InIel {
  bool chk;          /* in: compute swrap, uwrap and sym */
  bool swrap, uwrap; /* out (chk): the exact result wraps signed / unsigned */
  const char *sym;   /* out (chk): the operator in the overflow report */
  const char *err;   /* out: why the element has no result */
} InIel;

static inline void in_iel_wraps(InIel *f, const char *sym, bool swrap, bool uwrap) {
  f->sym = sym;
  f->swrap = swrap;
  f->uwrap = uwrap;
}

static inline int64_t in_int_binary_addi(int64_t p, int64_t q, const InIctx *c, InIel *f) {
  if (f->chk)
    in_iel_wraps(f, "+", !fits_signed((__int128)p + q, c->w),
                 !fits_unsigned((unsigned __int128)in_zext(p, c->w) + in_zext(q, c->w), c->w));
  return (int64_t)((uint64_t)p + (uint64_t)q);
}
static inline int64_t in_int_binary_subi(int64_t p, int64_t q, const InIctx *c, InIel *f) {
  if (f->chk)
    in_iel_wraps(f, "-", !fits_signed((__int128)p - q, c->w), in_zext(p, c->w) < in_zext(q, c->w));
  return (int64_t)((uint64_t)p - (uint64_t)q);
}
static inline int64_t in_int_binary_muli(int64_t p, int64_t q, const InIctx *c, InIel *f) {
  if (f->chk)
    in_iel_wraps(f, "*", !fits_signed((__int128)p * q, c->w),
                 !fits_unsigned((unsigned __int128)in_zext(p, c->w) * in_zext(q, c->w), c->w));
  return (int64_t)((uint64_t)p * (uint64_t)q);
}
/* the most significant w bits of the unsigned 2w-bit product */
static inline int64_t in_int_binary_mulhii(int64_t p, int64_t q, const InIctx *c, InIel *f) {
  (void)f;
  if (c->w <= 32) return (int64_t)((in_zext(p, c->w) * in_zext(q, c->w)) >> c->w);
  return (int64_t)(uint64_t)(((unsigned __int128)(uint64_t)p * (uint64_t)q) >> 64);
}
/* division rounding toward zero, or by c->mode (negative_inf, positive_inf);
 * the signed INT64_MIN / -1 wraps */
static inline int64_t in_int_binary_divi(int64_t p, int64_t q, const InIctx *c, InIel *f) {
  if (q == 0) {
    f->err = "integer division by zero";
    return 0;
  }
  if (c->uns) {
    uint64_t up = in_zext(p, c->w), uq = in_zext(q, c->w);
    return (int64_t)(up / uq + (up % uq && c->mode == CT_ROUNDING_POSITIVE_INF));
  }
  if (p == INT64_MIN && q == -1) return INT64_MIN;
  int64_t d = p / q, m = p % q;
  if (m && c->mode == CT_ROUNDING_NEGATIVE_INF && (p < 0) != (q < 0)) return d - 1;
  if (m && c->mode == CT_ROUNDING_POSITIVE_INF && (p < 0) == (q < 0)) return d + 1;
  return d;
}
/* remainder of the division rounding toward zero (sign of p) */
static inline int64_t in_int_binary_remi(int64_t p, int64_t q, const InIctx *c, InIel *f) {
  if (q == 0) {
    f->err = "integer division by zero";
    return 0;
  }
  if (c->uns) return (int64_t)(in_zext(p, c->w) % in_zext(q, c->w));
  if (p == INT64_MIN && q == -1) return 0;
  return p % q;
}
static inline int64_t in_int_binary_maxi(int64_t p, int64_t q, const InIctx *c, InIel *f) {
  (void)f;
  if (c->uns) return in_zext(p, c->w) > in_zext(q, c->w) ? p : q;
  return p > q ? p : q;
}
static inline int64_t in_int_binary_mini(int64_t p, int64_t q, const InIctx *c, InIel *f) {
  (void)f;
  if (c->uns) return in_zext(p, c->w) < in_zext(q, c->w) ? p : q;
  return p < q ? p : q;
}
static inline int64_t in_int_binary_andi(int64_t p, int64_t q, const InIctx *c, InIel *f) {
  (void)c, (void)f;
  return p & q;
}
static inline int64_t in_int_binary_ori(int64_t p, int64_t q, const InIctx *c, InIel *f) {
  (void)c, (void)f;
  return p | q;
}
static inline int64_t in_int_binary_xori(int64_t p, int64_t q, const InIctx *c, InIel *f) {
  (void)c, (void)f;
  return p ^ q;
}
/* shifts: the amount is unsigned; >= w shifts out everything (a shli
 * wraps when a shifted-out bit differs from the result's sign bit (signed)
 * or is set (unsigned)) */
static inline int64_t in_int_binary_shli(int64_t p, int64_t q, const InIctx *c, InIel *f) {
  uint64_t s = in_zext(q, c->w);
  if (f->chk) {
    uint64_t up = in_zext(p, c->w);
    if (s >= c->w) in_iel_wraps(f, "<<", p != 0, up != 0);
    else
      in_iel_wraps(f, "<<", in_sext((int64_t)((uint64_t)p << s), c->w) >> s != p,
                   in_zext((int64_t)((uint64_t)p << s), c->w) >> s != up);
  }
  return s >= c->w ? 0 : (int64_t)((uint64_t)p << s);
}
static inline int64_t in_int_binary_shri(int64_t p, int64_t q, const InIctx *c, InIel *f) {
  (void)f;
  uint64_t s = in_zext(q, c->w);
  if (c->uns) return s >= c->w ? 0 : (int64_t)(in_zext(p, c->w) >> s);
  return s >= c->w ? (p < 0 ? -1 : 0) : p >> s;
}
static inline int64_t in_int_unary_absi(int64_t p, const InIctx *c, InIel *f) {
  (void)c, (void)f;
  return p < 0 ? (int64_t)((uint64_t)0 - (uint64_t)p) : p;
}
static inline int64_t in_int_unary_negi(int64_t p, const InIctx *c, InIel *f) {
  if (f->chk) in_iel_wraps(f, "neg", !fits_signed(-(__int128)p, c->w), in_zext(p, c->w) != 0);
  return (int64_t)((uint64_t)0 - (uint64_t)p);
}

/* The state of one run of an op's generated loop (below): operands x (and
 * y) with their strides (0: a broadcast scalar), the result z of n
 * elements, the context, the overflow senses to check (chk: either) and,
 * when the loop stops at an element, what that element reported. */
typedef struct InIloop {
  const int64_t *x, *y;
  int64_t *z;
  int64_t n;
  size_t sa, sb;
  InIctx k;
  bool chk, nsw, nuw;
  InIel fault;
} InIloop;

/* One loop over the elements: P and Q the operand expressions of element i,
 * UNS and CHK constants (or L's runtime fields).  Stops at the first
 * element that has no result or wraps in a sense the flag rules out. */
#define IN_ILOOP_(CALL, UNS, CHK)                                                          \
  do {                                                                                     \
    const InIctx k = {w, UNS, L->k.mode};                                                  \
    for (int64_t i = 0; i < n; i++) {                                                      \
      InIel f = {.chk = CHK};                                                              \
      z[i] = in_sext(CALL, w);                                                             \
      if (f.err || (CHK && ((f.swrap && L->nsw) || (f.uwrap && L->nuw)))) {                \
        L->fault = f;                                                                      \
        return i;                                                                          \
      }                                                                                    \
    }                                                                                      \
  } while (0)

/* The loop of h_int_binary op c: contiguous operands get loops specialised
 * on the signedness (vectorisable where the op is); broadcasts and checked
 * runs (an overflow flag set) take the general loop.  Returns the index of
 * the element that stopped it, or -1. */
#define IN_IBIN_LOOP_(c)                                                                   \
  static int64_t in_int_binary_loop_##c(InIloop *L) {                                      \
    const int64_t *x = L->x, *y = L->y;                                                    \
    int64_t *z = L->z, n = L->n;                                                           \
    size_t sa = L->sa, sb = L->sb;                                                         \
    unsigned w = L->k.w;                                                                   \
    if (L->chk) IN_ILOOP_(in_int_binary_##c(x[(size_t)i * sa], y[(size_t)i * sb], &k, &f), \
                          L->k.uns, true);                                                 \
    else if (sa && sb && L->k.uns)                                                         \
      IN_ILOOP_(in_int_binary_##c(x[i], y[i], &k, &f), true, false);                       \
    else if (sa && sb) IN_ILOOP_(in_int_binary_##c(x[i], y[i], &k, &f), false, false);     \
    else IN_ILOOP_(in_int_binary_##c(x[(size_t)i * sa], y[(size_t)i * sb], &k, &f),        \
                   L->k.uns, false);                                                       \
    return -1;                                                                             \
  }
/* The loop of h_int_unary op c. */
#define IN_IUN_LOOP_(c)                                                                    \
  static int64_t in_int_unary_loop_##c(InIloop *L) {                                       \
    const int64_t *x = L->x;                                                               \
    int64_t *z = L->z, n = L->n;                                                           \
    unsigned w = L->k.w;                                                                   \
    if (L->chk) IN_ILOOP_(in_int_unary_##c(x[i], &k, &f), L->k.uns, true);                 \
    else IN_ILOOP_(in_int_unary_##c(x[i], &k, &f), L->k.uns, false);                       \
    return -1;                                                                             \
  }

/* The per-op loops and their op-index -> loop tables, generated from the
 * ops_compute.def rows of the two families (interp_rows.def). */
#define IN_LOOPS_h_int_binary ~, IN_IBIN_LOOP_
#define IN_LOOPS_h_int_unary ~, IN_IUN_LOOP_
#define IN_PROBE_ IN_LOOPS_
#include "interp/interp_rows.def"
#undef IN_PROBE_

/* op index -> loop */
#define IN_IBIN_h_int_binary ~, IN_IBIN_ROW_
#define IN_IBIN_ROW_(c) [CT_OP_##c] = in_int_binary_loop_##c,
#define IN_PROBE_ IN_IBIN_
static int64_t (*const int_binary_loops[CT_OP_COUNT])(InIloop *) = {
#include "interp/interp_rows.def"
};
#undef IN_PROBE_
#define IN_IUN_h_int_unary ~, IN_IUN_ROW_
#define IN_IUN_ROW_(c) [CT_OP_##c] = in_int_unary_loop_##c,
#define IN_PROBE_ IN_IUN_
static int64_t (*const int_unary_loops[CT_OP_COUNT])(InIloop *) = {
#include "interp/interp_rows.def"
};
#undef IN_PROBE_

/* Runs the integer op `idx` (a row of the h_int_binary or h_int_unary
 * family) on op's operands 0 (and 1) into its result 0, in the signedness,
 * rounding and overflow checking of m: the cuda_tile handlers below and
 * arith's (interp_std.c) share it. */
bool in_int_elementwise(Exec *e, IrOp *op, CtOpIndex idx, const InIntMode *m) {
  int64_t (*loop)(InIloop *) = int_binary_loops[idx];
  bool binary = loop != NULL;
  if (!loop) loop = int_unary_loops[idx];
  if (!loop) return in_fail(e, op, "unhandled integer op");
  Val *a = in_opnd(e, op, 0), *b = binary ? in_opnd(e, op, 1) : NULL;
  Val *r = ew_result(op, 0, a, b, NULL);
  int64_t n = r->n;
  InIloop L = {.x = a->data, .y = b ? b->data : NULL, .z = r->data, .n = n,
               .sa = a->n == 1 && n > 1 ? 0 : 1, .sb = b && b->n == 1 && n > 1 ? 0 : 1,
               .k = {in_int_width(r->elem), m->uns, m->rounding},
               .chk = m->nsw || m->nuw, .nsw = m->nsw, .nuw = m->nuw};
  int64_t i = loop(&L);
  if (i < 0) {
    in_set_result(e, op, 0, r);
    return true;
  }
  if (L.fault.err) in_fail(e, op, "%s (element %lld)", L.fault.err, (long long)i);
  else {
    int64_t p = L.x[(size_t)i * L.sa], q = b ? L.y[(size_t)i * L.sb] : 0;
    bool uns = !(L.fault.swrap && m->nsw);
    in_overflow_error(e, op, r, i, m->flag, L.fault.sym, p, q, L.z[i], L.k.w, uns);
  }
  val_release(r);
  return false;
}

/* Checks trunci's result r (operand a) under the overflow senses nsw / nuw
 * element by element, signed before unsigned; false after reporting the
 * first element whose value does not fit the result width in a checked
 * sense.  Shared by cuda_tile's and arith's trunci. */
bool in_trunc_check(Exec *e, IrOp *op, const Val *a, const Val *r, bool nsw, bool nuw,
                    const char *flag) {
  unsigned w = in_int_width(r->elem), wf = in_int_width(a->elem);
  const int64_t *x = a->data, *z = r->data;
  size_t sa = a->n == 1 ? 0 : 1;
  for (int64_t i = 0; i < r->n; i++) {
    int64_t p = x[(size_t)i * sa];
    if (nsw && in_sext(p, w) != p)
      return in_overflow_error(e, op, r, i, flag, NULL, p, 0, z[i], wf, false);
    if (nuw && !fits_unsigned(in_zext(p, wf), w))
      return in_overflow_error(e, op, r, i, flag, NULL, p, 0, z[i], wf, true);
  }
  return true;
}

/* cuda_tile's overflow flag of op (CT_OVERFLOW_*), from Run.ovf_ops: a
 * lookup only in programs that have flags. */
static int ct_overflow_of(Exec *e, IrOp *op) {
  if (!e->run->ovf_ops.len) return CT_OVERFLOW_NONE;
  return (int)(uintptr_t)u64map_get(&e->run->ovf_ops, (uint64_t)(uintptr_t)op);
}

/* The cuda_tile integer families: the op's signedness, rounding and
 * overflow flag (signed before unsigned for no_wrap) on in_int_elementwise. */
static bool ct_int_op(Exec *e, IrOp *op) {
  int flag = ct_overflow_of(e, op);
  InIntMode m = {
      .uns = in_attr_enum(op, "signedness", &ct_enum_signedness, CT_SIGNEDNESS_SIGNED) ==
             CT_SIGNEDNESS_UNSIGNED,
      .rounding = in_attr_enum(op, "rounding", &ct_enum_rounding, CT_ROUNDING_ZERO),
      .nsw = flag == CT_OVERFLOW_NSW || flag == CT_OVERFLOW_NW,
      .nuw = flag == CT_OVERFLOW_NUW || flag == CT_OVERFLOW_NW,
      .flag = flag ? ct_enum_keyword(&ct_enum_overflow, flag) : NULL};
  return in_int_elementwise(e, op, (CtOpIndex)(op->info - ct_op_infos), &m);
}

/* Unary integer ops (absi, negi: wrap-around, negi checked under its flag). */
bool h_int_unary(Exec *e, IrOp *op) { return ct_int_op(e, op); }

/* Binary integer ops at the result width: wrap-around arithmetic, bitwise
 * ops, signed/unsigned min/max, mulhii (unsigned), shifts (>= width: 0 or
 * the sign), division/remainder with rounding modes and zero checks. */
bool h_int_binary(Exec *e, IrOp *op) { return ct_int_op(e, op); }

/* Whether comparison pred (CT_CMP_*) holds of an order c (<0, 0, >0). */
static bool cmp_pred(int pred, int c) {
  switch (pred) {
  case CT_CMP_EQUAL: return c == 0;
  case CT_CMP_NOT_EQUAL: return c != 0;
  case CT_CMP_LESS_THAN: return c < 0;
  case CT_CMP_LESS_THAN_OR_EQUAL: return c <= 0;
  case CT_CMP_GREATER_THAN: return c > 0;
  default: return c >= 0;
  }
}

/* Integer comparison `pred` (CT_CMP_*; anything else: greater-or-equal) of
 * op's operands 0 and 1 in signedness `uns` into its i1 result 0 (true =
 * all ones): one loop per predicate.  Unsigned operands compare as their
 * zero-extended values with the top bit flipped, in signed order.  Shared by
 * cuda_tile's cmpi and arith.cmpi. */
bool in_cmpi_elementwise(Exec *e, IrOp *op, int pred, bool uns) {
  Val *a = in_opnd(e, op, 0), *b = in_opnd(e, op, 1);
  Val *r = ew_result(op, 0, a, b, NULL);
  unsigned w = in_int_width(a->elem);
  const int64_t *x = a->data, *y = b->data;
  int64_t *z = r->data, n = r->n;
  size_t sa = a->n == 1 ? 0 : 1, sb = b->n == 1 ? 0 : 1;
  const uint64_t top = (uint64_t)1 << 63;
#define CMP_LOOP(OP)                                                          \
  for (int64_t i = 0; i < n; i++) {                                           \
    int64_t p = x[(size_t)i * sa], q = y[(size_t)i * sb];                     \
    if (uns) {                                                                \
      p = (int64_t)(in_zext(p, w) ^ top);                                     \
      q = (int64_t)(in_zext(q, w) ^ top);                                     \
    }                                                                         \
    z[i] = p OP q ? -1 : 0;                                                   \
  }
  switch (pred) {
  case CT_CMP_EQUAL: CMP_LOOP(==) break;
  case CT_CMP_NOT_EQUAL: CMP_LOOP(!=) break;
  case CT_CMP_LESS_THAN: CMP_LOOP(<) break;
  case CT_CMP_LESS_THAN_OR_EQUAL: CMP_LOOP(<=) break;
  case CT_CMP_GREATER_THAN: CMP_LOOP(>) break;
  default: CMP_LOOP(>=) break;
  }
#undef CMP_LOOP
  in_set_result(e, op, 0, r);
  return true;
}

/* cmpi: its comparison_predicate and signedness. */
bool h_cmpi(Exec *e, IrOp *op) {
  int pred = in_attr_enum(op, "comparison_predicate", &ct_enum_comparison_predicate, 0);
  bool uns = in_attr_enum(op, "signedness", &ct_enum_signedness, CT_SIGNEDNESS_SIGNED) ==
             CT_SIGNEDNESS_UNSIGNED;
  return in_cmpi_elementwise(e, op, pred, uns);
}

/* ======================================================================== */
/* Floats                                                                    */
/* ======================================================================== */

/* z = x (op) y over n f32 elements, op one of addf/subf/mulf/divf, IEEE
 * round-to-nearest-even (vector and scalar results are identical). */
static void ew_f32_generic(CtOpIndex idx, const float *restrict x, const float *restrict y,
                           float *restrict z, int64_t n) {
  switch (idx) {
  case CT_OP_addf: for (int64_t i = 0; i < n; i++) z[i] = x[i] + y[i]; break;
  case CT_OP_subf: for (int64_t i = 0; i < n; i++) z[i] = x[i] - y[i]; break;
  case CT_OP_mulf: for (int64_t i = 0; i < n; i++) z[i] = x[i] * y[i]; break;
  default: for (int64_t i = 0; i < n; i++) z[i] = x[i] / y[i]; break;
  }
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <immintrin.h>
__attribute__((target("avx2"))) static void ew_f32_avx2(CtOpIndex idx, const float *x,
                                                        const float *y, float *z, int64_t n) {
  int64_t i = 0;
  switch (idx) {
  case CT_OP_addf:
    for (; i + 8 <= n; i += 8)
      _mm256_storeu_ps(z + i, _mm256_add_ps(_mm256_loadu_ps(x + i), _mm256_loadu_ps(y + i)));
    break;
  case CT_OP_subf:
    for (; i + 8 <= n; i += 8)
      _mm256_storeu_ps(z + i, _mm256_sub_ps(_mm256_loadu_ps(x + i), _mm256_loadu_ps(y + i)));
    break;
  case CT_OP_mulf:
    for (; i + 8 <= n; i += 8)
      _mm256_storeu_ps(z + i, _mm256_mul_ps(_mm256_loadu_ps(x + i), _mm256_loadu_ps(y + i)));
    break;
  default:
    for (; i + 8 <= n; i += 8)
      _mm256_storeu_ps(z + i, _mm256_div_ps(_mm256_loadu_ps(x + i), _mm256_loadu_ps(y + i)));
    break;
  }
  ew_f32_generic(idx, x + i, y + i, z + i, n - i);
}
#define HAVE_EW_AVX2 1

/* z[0..n) = x op y for addf/subf/mulf/divf, the z stores non-temporal once z
 * is 32-byte aligned (a result computed straight into the memory a store
 * will write, in_ew_store_dest: it goes to memory without first reading its
 * lines into the cache); then an sfence.  The same instructions on the same
 * elements as ew_f32_avx2, so the same bits. */
#define EW_NT_LOOP(vop)                                                                 \
  for (; i + 32 <= n; i += 32) {                                                        \
    __m256 r0 = vop(_mm256_loadu_ps(x + i), _mm256_loadu_ps(y + i));                    \
    __m256 r1 = vop(_mm256_loadu_ps(x + i + 8), _mm256_loadu_ps(y + i + 8));            \
    __m256 r2 = vop(_mm256_loadu_ps(x + i + 16), _mm256_loadu_ps(y + i + 16));          \
    __m256 r3 = vop(_mm256_loadu_ps(x + i + 24), _mm256_loadu_ps(y + i + 24));          \
    _mm256_stream_ps(z + i, r0);                                                        \
    _mm256_stream_ps(z + i + 8, r1);                                                    \
    _mm256_stream_ps(z + i + 16, r2);                                                   \
    _mm256_stream_ps(z + i + 24, r3);                                                   \
  }                                                                                     \
  for (; i + 8 <= n; i += 8)                                                            \
    _mm256_stream_ps(z + i, vop(_mm256_loadu_ps(x + i), _mm256_loadu_ps(y + i)))
__attribute__((target("avx2"))) static void ew_f32_nt_avx2(CtOpIndex idx, const float *x,
                                                           const float *y, float *z, int64_t n) {
  int64_t i = 0;
  while (i < n && ((uintptr_t)(z + i) & 31)) i++;
  ew_f32_generic(idx, x, y, z, i);
  switch (idx) {
  case CT_OP_addf: EW_NT_LOOP(_mm256_add_ps); break;
  case CT_OP_subf: EW_NT_LOOP(_mm256_sub_ps); break;
  case CT_OP_mulf: EW_NT_LOOP(_mm256_mul_ps); break;
  default: EW_NT_LOOP(_mm256_div_ps); break;
  }
  _mm_sfence();
  ew_f32_generic(idx, x + i, y + i, z + i, n - i);
}
#undef EW_NT_LOOP
#endif

/* Results of at least this many floats computed into a store's memory are
 * written with non-temporal stores (as interp_mem.c's long store rows). */
#define EW_NT_MIN 4096

static void ew_f32(CtOpIndex idx, const float *x, const float *y, float *z, int64_t n, bool nt) {
#ifdef HAVE_EW_AVX2
  if (__builtin_cpu_supports("avx2")) {
    if (nt && n >= EW_NT_MIN) ew_f32_nt_avx2(idx, x, y, z, n);
    else ew_f32_avx2(idx, x, y, z, n);
    return;
  }
#endif
  (void)nt;
  ew_f32_generic(idx, x, y, z, n);
}

/* Exact double-precision result of a op b, as hi + lo (lo's sign is what
 * matters for directed rounding). */
static void exact2(CtOpIndex idx, double a, double b, double *hi, double *lo) {
  switch (idx) {
  case CT_OP_addf:
  case CT_OP_subf: {
    if (idx == CT_OP_subf) b = -b;
    double s = a + b, bb = s - a;
    *hi = s;
    *lo = (a - (s - bb)) + (b - bb);
    return;
  }
  case CT_OP_mulf:
    *hi = a * b;
    *lo = fma(a, b, -*hi);
    return;
  case CT_OP_divf: {
    double q = a / b;
    *hi = q;
    double r = isfinite(q) && b != 0 ? fma(-q, b, a) : 0;
    *lo = (r != 0) ? ((r > 0) == (b > 0) ? 1e-300 : -1e-300) * (fabs(q) > 0 ? 1 : 1) : 0;
    if (*lo != 0) *lo = copysign(DBL_MIN * 0.5, *lo);
    return;
  }
  default: *hi = a; *lo = 0; return;
  }
}

static double fmaxmin(double a, double b, bool max, bool prop_nan) {
  if (isnan(a) || isnan(b)) {
    if (prop_nan) return NAN;
    return isnan(a) ? b : a;
  }
  if (a == b) {
    /* -0 < +0 */
    if (max) return signbit(a) ? b : a;
    return signbit(a) ? a : b;
  }
  return max ? (a > b ? a : b) : (a < b ? a : b);
}

/* The scalar semantics of the h_float_binary ops, one function per op named
 * in_float_binary_<cname> (as the h_float_unary family's, below): the table
 * is generated from the ops_compute.def rows whose `interp` column is
 * h_float_binary, so such an op needs no case in the handler.  The
 * arguments have had flush-to-zero applied; the result is in the result's
 * format. */
typedef struct InFbin {
  IrFloatKind k; /* result format */
  int mode;      /* rounding_mode */
  bool nearest;  /* mode rounds to nearest (nearest_even, approx, full) */
  bool f32;      /* the result is f32 */
  bool prop;     /* propagate_nan */
} InFbin;

/* addf/subf/mulf/divf: f32 at nearest in float arithmetic, else the exact
 * result rounded in the op's direction. */
static double fbin_arith(CtOpIndex idx, double p, double q, const InFbin *c) {
  if (c->f32 && c->nearest) {
    float fp = (float)p, fq = (float)q;
    double res = idx == CT_OP_addf ? fp + fq : idx == CT_OP_subf ? fp - fq
                 : idx == CT_OP_mulf ? fp * fq : fp / fq;
    return in_round_fmt(c->k, res, CT_ROUNDING_NEAREST_EVEN);
  }
  double hi, lo;
  exact2(idx, p, q, &hi, &lo);
  return round_dir(c->k, hi, lo, c->nearest ? CT_ROUNDING_NEAREST_EVEN : c->mode);
}
static double in_float_binary_addf(double p, double q, const InFbin *c) {
  return fbin_arith(CT_OP_addf, p, q, c);
}
static double in_float_binary_subf(double p, double q, const InFbin *c) {
  return fbin_arith(CT_OP_subf, p, q, c);
}
static double in_float_binary_mulf(double p, double q, const InFbin *c) {
  return fbin_arith(CT_OP_mulf, p, q, c);
}
static double in_float_binary_divf(double p, double q, const InFbin *c) {
  return fbin_arith(CT_OP_divf, p, q, c);
}
static double in_float_binary_remf(double p, double q, const InFbin *c) {
  return in_round_fmt(c->k, fmod(p, q), -1);
}
static double in_float_binary_maxf(double p, double q, const InFbin *c) {
  return fmaxmin(p, q, true, c->prop);
}
static double in_float_binary_minf(double p, double q, const InFbin *c) {
  return fmaxmin(p, q, false, c->prop);
}
static double in_float_binary_pow(double p, double q, const InFbin *c) {
  return in_round_fmt(c->k, pow(p, q), -1);
}
static double in_float_binary_atan2(double p, double q, const InFbin *c) {
  return in_round_fmt(c->k, atan2(p, q), -1);
}

/* op index -> scalar function, for the rows whose `interp` column is
 * h_float_binary (interp_rows.def). */
#define IN_FBIN_h_float_binary ~, IN_FBIN_ROW_
#define IN_FBIN_ROW_(c) [CT_OP_##c] = in_float_binary_##c,
#define IN_PROBE_ IN_FBIN_
static double (*const float_binary_fns[CT_OP_COUNT])(double, double, const InFbin *) = {
#include "interp/interp_rows.def"
};
#undef IN_PROBE_

/* Binary float ops with rounding mode, flush-to-zero and propagate_nan. */
bool h_float_binary(Exec *e, IrOp *op) {
  Val *a = in_opnd(e, op, 0), *b = in_opnd(e, op, 1);
  CtOpIndex idx = (CtOpIndex)(op->info - ct_op_infos);
  int mode = in_attr_enum(op, "rounding_mode", &ct_enum_rounding, CT_ROUNDING_NEAREST_EVEN);
  bool ftz = in_attr_present(op, "flush_to_zero");
  bool prop = in_attr_present(op, "propagate_nan");
  bool nearest = mode == CT_ROUNDING_NEAREST_EVEN || mode == CT_ROUNDING_APPROX ||
                 mode == CT_ROUNDING_FULL;
  Val *r = NULL;
  if (nearest && !ftz && a->n == b->n && a->kind == VK_F32 && b->kind == VK_F32 &&
      (idx == CT_OP_addf || idx == CT_OP_subf || idx == CT_OP_mulf || idx == CT_OP_divf)) {
    /* fast path: whole-tile vector loops, into the memory of the store that
     * follows when it takes the result (in_ew_store_dest), else into a new
     * tile.  The destination is found before a and b's data is read: it
     * may give a borrowed operand a copy of its own. */
    IrOp *st = op->next;
    if (ct_op_is(st, CT_OP_store_view_tko) && ir_op_operand(st, 0) == ir_op_result(op, 0))
      r = in_ew_store_dest(e, st, in_res_elem(op, 0), a->shape, a->rank);
    bool nt = r != NULL;
    if (!r) r = ew_result(op, 0, a, b, NULL);
    if (r->kind == VK_F32) {
      ew_f32(idx, a->data, b->data, r->data, r->n, nt);
      in_round_to_format(r);
      in_set_result(e, op, 0, r);
      return true;
    }
  }
  if (!r) r = ew_result(op, 0, a, b, NULL);
  IrFloatKind k = ir_float_kind(r->elem);
  int64_t n = r->n;
  size_t sa = a->n == 1 && n > 1 ? 0 : 1, sb = b->n == 1 && n > 1 ? 0 : 1;
  double (*fn)(double, double, const InFbin *) = float_binary_fns[idx];
  const InFbin c = {.k = k, .mode = mode, .nearest = nearest, .f32 = r->kind == VK_F32,
                    .prop = prop};
  for (int64_t i = 0; i < n; i++) {
    double p = in_elem_f(a, (int64_t)((size_t)i * sa)), q = in_elem_f(b, (int64_t)((size_t)i * sb));
    if (ftz) {
      p = ftz32((float)p);
      q = ftz32((float)q);
    }
    if (!fn) {
      val_release(r);
      return in_fail(e, op, "unhandled float op");
    }
    double res = fn(p, q, &c);
    if (ftz) res = ftz32((float)res);
    if (r->kind == VK_F32) ((float *)r->data)[i] = (float)res;
    else ((double *)r->data)[i] = res;
  }
  in_set_result(e, op, 0, r);
  return true;
}

/* fma: a*b+c rounded once (exact product, TwoSum, directed rounding). */
bool h_fma(Exec *e, IrOp *op) {
  Val *a = in_opnd(e, op, 0), *b = in_opnd(e, op, 1), *c = in_opnd(e, op, 2);
  Val *r = ew_result(op, 0, a, b, c);
  int mode = rounding_of(op);
  bool ftz = in_attr_present(op, "flush_to_zero");
  IrFloatKind k = ir_float_kind(r->elem);
  int64_t n = r->n;
  size_t sa = a->n == 1 ? 0 : 1, sb = b->n == 1 ? 0 : 1, sc = c->n == 1 ? 0 : 1;
  for (int64_t i = 0; i < n; i++) {
    double p = in_elem_f(a, (int64_t)(i * sa)), q = in_elem_f(b, (int64_t)(i * sb)),
           s = in_elem_f(c, (int64_t)(i * sc));
    if (ftz) {
      p = ftz32((float)p);
      q = ftz32((float)q);
      s = ftz32((float)s);
    }
    double res;
    if (r->kind == VK_F64) {
      res = fma(p, q, s);
    } else {
      /* p*q is exact in double for formats up to f32; then TwoSum */
      double prod = p * q;
      double hi = prod + s, bb = hi - prod;
      double lo = (prod - (hi - bb)) + (s - bb);
      res = round_dir(k, hi, lo, mode);
    }
    if (ftz) res = ftz32((float)res);
    if (r->kind == VK_F32) ((float *)r->data)[i] = (float)res;
    else ((double *)r->data)[i] = res;
  }
  in_set_result(e, op, 0, r);
  return true;
}

/* The scalar semantics of the h_float_unary ops, one function per op named
 * in_float_unary_<cname>: the table below is generated from the ops_compute.def
 * rows whose `interp` column is h_float_unary, so adding such an op takes its
 * row and its function here.  The result is rounded to the element format by
 * the handler (sqrt, rounded exactly in its mode, is the handler's own). */
static double in_float_unary_absf(double x) { return fabs(x); }
static double in_float_unary_negf(double x) { return -x; }
static double in_float_unary_ceil(double x) { return ceil(x); }
static double in_float_unary_floor(double x) { return floor(x); }
static double in_float_unary_cos(double x) { return cos(x); }
static double in_float_unary_cosh(double x) { return cosh(x); }
static double in_float_unary_sin(double x) { return sin(x); }
static double in_float_unary_sinh(double x) { return sinh(x); }
static double in_float_unary_tan(double x) { return tan(x); }
static double in_float_unary_tanh(double x) { return tanh(x); }
static double in_float_unary_exp(double x) { return exp(x); }
static double in_float_unary_exp2(double x) { return exp2(x); }
static double in_float_unary_log(double x) { return log(x); }
static double in_float_unary_log2(double x) { return log2(x); }
static double in_float_unary_rsqrt(double x) { return 1.0 / sqrt(x); }
static double in_float_unary_sqrt(double x) { return sqrt(x); }

/* op index -> scalar function, for the rows whose `interp` column is
 * h_float_unary (interp_rows.def). */
#define IN_FUN_h_float_unary ~, IN_FUN_ROW_
#define IN_FUN_ROW_(c) [CT_OP_##c] = in_float_unary_##c,
#define IN_PROBE_ IN_FUN_
static double (*const float_unary_fns[CT_OP_COUNT])(double) = {
#include "interp/interp_rows.def"
};
#undef IN_PROBE_

/* Unary float ops and math functions (computed in double, rounded once to
 * the element format; sqrt honours its rounding mode). */
bool h_float_unary(Exec *e, IrOp *op) {
  Val *a = in_opnd(e, op, 0);
  Val *r = ew_result(op, 0, a, NULL, NULL);
  CtOpIndex idx = (CtOpIndex)(op->info - ct_op_infos);
  double (*fn)(double) = float_unary_fns[idx];
  IrFloatKind k = ir_float_kind(r->elem);
  bool ftz = in_attr_present(op, "flush_to_zero");
  int mode = idx == CT_OP_sqrt ? rounding_of(op) : CT_ROUNDING_NEAREST_EVEN;
  if (r->kind == VK_F32 && (idx == CT_OP_negf || idx == CT_OP_absf)) {
    const float *x = a->data;
    float *z = r->data;
    if (idx == CT_OP_negf) for (int64_t i = 0; i < r->n; i++) z[i] = -x[i];
    else for (int64_t i = 0; i < r->n; i++) z[i] = fabsf(x[i]);
    in_set_result(e, op, 0, r);
    return true;
  }
  for (int64_t i = 0; i < r->n; i++) {
    double x = in_elem_f(a, i);
    if (ftz) x = ftz32((float)x);
    double y;
    if (idx == CT_OP_sqrt) {
      if (r->kind == VK_F64 && mode != CT_ROUNDING_NEAREST_EVEN) {
        double h = sqrt(x);
        double rr = fma(-h, h, x);
        y = round_dir(k, h, rr > 0 ? DBL_MIN : rr < 0 ? -DBL_MIN : 0, mode);
      } else {
        double h = sqrt(x); /* exact residual sign for narrower formats */
        double rr = fma(-h, h, x);
        y = round_dir(k, h, rr > 0 ? DBL_MIN : rr < 0 ? -DBL_MIN : 0, mode);
      }
    } else if (fn) {
      y = fn(x);
    } else {
      val_release(r);
      return in_fail(e, op, "unhandled float op");
    }
    if (idx != CT_OP_sqrt) y = in_round_fmt(k, y, -1);
    if (ftz) y = ftz32((float)y);
    if (r->kind == VK_F32) ((float *)r->data)[i] = (float)y;
    else ((double *)r->data)[i] = y;
  }
  in_set_result(e, op, 0, r);
  return true;
}

/* cmpf: ordered comparisons are false on NaN, unordered ones true. */
bool h_cmpf(Exec *e, IrOp *op) {
  Val *a = in_opnd(e, op, 0), *b = in_opnd(e, op, 1);
  Val *r = ew_result(op, 0, a, b, NULL);
  int pred = in_attr_enum(op, "comparison_predicate", &ct_enum_comparison_predicate, 0);
  bool ordered = in_attr_enum(op, "comparison_ordering", &ct_enum_comparison_ordering,
                              CT_ORDERING_ORDERED) == CT_ORDERING_ORDERED;
  size_t sa = a->n == 1 ? 0 : 1, sb = b->n == 1 ? 0 : 1;
  int64_t *z = r->data;
  for (int64_t i = 0; i < r->n; i++) {
    double p = in_elem_f(a, (int64_t)(i * sa)), q = in_elem_f(b, (int64_t)(i * sb));
    bool res;
    if (isnan(p) || isnan(q)) res = !ordered;
    else res = cmp_pred(pred, p < q ? -1 : p > q);
    z[i] = res ? -1 : 0;
  }
  in_set_result(e, op, 0, r);
  return true;
}

/* select: element-wise choice by an i1 tile (1-element operands broadcast). */
bool h_select(Exec *e, IrOp *op) {
  Val *c = in_opnd(e, op, 0), *a = in_opnd(e, op, 1), *b = in_opnd(e, op, 2);
  Val *r = ew_result(op, 0, c, a, b);
  size_t es = in_kind_size(r->kind);
  size_t sc = c->n == 1 ? 0 : 1, sa = a->n == 1 ? 0 : 1, sb = b->n == 1 ? 0 : 1;
  const int64_t *cd = c->data;
  if (es == 4 && sc && sa && sb) {
    const uint32_t *x = a->data, *y = b->data;
    uint32_t *z = r->data;
    for (int64_t i = 0; i < r->n; i++) z[i] = cd[i] ? x[i] : y[i];
  } else {
    for (int64_t i = 0; i < r->n; i++) {
      const Val *s = cd[i * (int64_t)sc] ? a : b;
      size_t st = s == a ? sa : sb;
      memcpy((char *)r->data + (size_t)i * es, (const char *)s->data + (size_t)i * st * es, es);
    }
  }
  in_set_result(e, op, 0, r);
  return true;
}

/* ======================================================================== */
/* Conversions                                                               */
/* ======================================================================== */

/* Raw storage bits of element i (memory format of elem). */
static uint64_t elem_bits(const Val *v, int64_t i) {
  const IrType *t = v->elem;
  if (v->kind == VK_INT) return in_zext(((const int64_t *)v->data)[i], in_int_width(t));
  if (v->kind == VK_F64) {
    uint64_t b;
    memcpy(&b, (const double *)v->data + i, 8);
    return b;
  }
  float f = ((const float *)v->data)[i];
  IrFloatKind k = ir_float_kind(t);
  if (k == IR_F32) {
    uint32_t b;
    memcpy(&b, &f, 4);
    return b;
  }
  return ir_float_to_bits(k, f);
}

static void set_from_bits(Val *v, int64_t i, uint64_t bits) {
  const IrType *t = v->elem;
  if (v->kind == VK_INT) {
    ((int64_t *)v->data)[i] = in_sext((int64_t)bits, in_int_width(t));
  } else if (v->kind == VK_F64) {
    memcpy((double *)v->data + i, &bits, 8);
  } else {
    IrFloatKind k = ir_float_kind(t);
    if (k == IR_F32) {
      uint32_t b = (uint32_t)bits;
      memcpy((float *)v->data + i, &b, 4);
    } else {
      ((float *)v->data)[i] = (float)ir_float_from_bits(k, bits);
    }
  }
}

bool h_bitcast(Exec *e, IrOp *op) {
  Val *a = in_opnd(e, op, 0);
  Val *r = ew_result(op, 0, a, NULL, NULL);
  for (int64_t i = 0; i < r->n; i++) set_from_bits(r, i, elem_bits(a, i));
  in_set_result(e, op, 0, r);
  return true;
}

/* exti: sign or zero extension to the result width. */
bool h_exti(Exec *e, IrOp *op) {
  Val *a = in_opnd(e, op, 0);
  Val *r = ew_result(op, 0, a, NULL, NULL);
  bool uns = in_attr_enum(op, "signedness", &ct_enum_signedness, CT_SIGNEDNESS_SIGNED) ==
             CT_SIGNEDNESS_UNSIGNED;
  unsigned wi = in_int_width(a->elem), wo = in_int_width(r->elem);
  const int64_t *x = a->data;
  int64_t *z = r->data;
  for (int64_t i = 0; i < r->n; i++)
    z[i] = uns ? in_sext((int64_t)in_zext(x[i], wi), wo) : x[i];
  in_set_result(e, op, 0, r);
  return true;
}

/* trunci: keeps the low bits (checked under an overflow flag). */
bool h_trunci(Exec *e, IrOp *op) {
  Val *a = in_opnd(e, op, 0);
  Val *r = ew_result(op, 0, a, NULL, NULL);
  unsigned wo = in_int_width(r->elem);
  const int64_t *x = a->data;
  int64_t *z = r->data;
  for (int64_t i = 0; i < r->n; i++) z[i] = in_sext(x[i], wo);
  int flag = ct_overflow_of(e, op);
  if (flag != CT_OVERFLOW_NONE &&
      !in_trunc_check(e, op, a, r, flag == CT_OVERFLOW_NSW || flag == CT_OVERFLOW_NW,
                      flag == CT_OVERFLOW_NUW || flag == CT_OVERFLOW_NW,
                      ct_enum_keyword(&ct_enum_overflow, flag)))
    return val_release(r), false;
  in_set_result(e, op, 0, r);
  return true;
}

/* ftof: float format conversion (exact, round to nearest even). */
bool h_ftof(Exec *e, IrOp *op) {
  Val *a = in_opnd(e, op, 0);
  Val *r = ew_result(op, 0, a, NULL, NULL);
  int mode = rounding_of(op);
  IrFloatKind k = ir_float_kind(r->elem);
  for (int64_t i = 0; i < r->n; i++) {
    double x = in_elem_f(a, i);
    double y = in_round_fmt(k, x, mode);
    if (r->kind == VK_F32) ((float *)r->data)[i] = (float)y;
    else ((double *)r->data)[i] = y;
  }
  in_set_result(e, op, 0, r);
  return true;
}

/* ftoi: truncation toward zero (the only mode); NaN -> 0, saturating. */
bool h_ftoi(Exec *e, IrOp *op) {
  Val *a = in_opnd(e, op, 0);
  Val *r = ew_result(op, 0, a, NULL, NULL);
  bool uns = in_attr_enum(op, "signedness", &ct_enum_signedness, CT_SIGNEDNESS_SIGNED) ==
             CT_SIGNEDNESS_UNSIGNED;
  int mode = in_attr_enum(op, "rounding_mode", &ct_enum_rounding,
                          CT_ROUNDING_NEAREST_INT_TO_ZERO);
  unsigned w = in_int_width(r->elem);
  int64_t *z = r->data;
  for (int64_t i = 0; i < r->n; i++) {
    double x = in_elem_f(a, i);
    switch (mode) {
    case CT_ROUNDING_NEAREST_EVEN: x = nearbyint(x); break;
    case CT_ROUNDING_NEGATIVE_INF: x = floor(x); break;
    case CT_ROUNDING_POSITIVE_INF: x = ceil(x); break;
    default: x = trunc(x); break;
    }
    /* Out-of-range values are undefined in the spec; saturate (NaN -> 0). */
    int64_t v;
    if (isnan(x)) v = 0;
    else if (uns) {
      double hi = w >= 64 ? 18446744073709551615.0 : (double)(((uint64_t)1 << w) - 1);
      v = x <= 0 ? 0 : x >= hi ? (int64_t)(w >= 64 ? UINT64_MAX : ((uint64_t)1 << w) - 1)
                               : (int64_t)(uint64_t)x;
    } else {
      double hi = ldexp(1.0, (int)w - 1);
      v = x >= hi ? (int64_t)(((uint64_t)1 << (w - 1)) - 1)
          : x < -hi ? (int64_t)((uint64_t)0 - ((uint64_t)1 << (w - 1)))
                    : (int64_t)x;
    }
    z[i] = in_sext(v, w);
  }
  in_set_result(e, op, 0, r);
  return true;
}

/* itof: signed/unsigned integer to float, correctly rounded in any mode. */
bool h_itof(Exec *e, IrOp *op) {
  Val *a = in_opnd(e, op, 0);
  Val *r = ew_result(op, 0, a, NULL, NULL);
  bool uns = in_attr_enum(op, "signedness", &ct_enum_signedness, CT_SIGNEDNESS_SIGNED) ==
             CT_SIGNEDNESS_UNSIGNED;
  int mode = rounding_of(op);
  unsigned w = in_int_width(a->elem);
  IrFloatKind k = ir_float_kind(r->elem);
  const int64_t *x = a->data;
  for (int64_t i = 0; i < r->n; i++) {
    double y;
    if (k == IR_F32 && mode == CT_ROUNDING_NEAREST_EVEN)
      y = uns ? (double)(float)in_zext(x[i], w) : (double)(float)x[i];
    else if (uns) {
      uint64_t u = in_zext(x[i], w);
      double hi = (double)u;
      double lo = hi >= 18446744073709551615.0
                      ? -(double)((uint64_t)0 - u) /* hi = 2^64: u - 2^64 */
                      : (double)(int64_t)(u - (uint64_t)hi);
      y = round_dir(k, hi, lo, mode);
    } else {
      double hi = (double)x[i];
      double lo = hi >= 9223372036854775807.0 ? -1.0 * (double)(INT64_MAX - x[i] + 1)
                                              : (double)(x[i] - (int64_t)hi);
      y = round_dir(k, hi, lo, mode);
    }
    if (r->kind == VK_F32) ((float *)r->data)[i] = (float)y;
    else ((double *)r->data)[i] = y;
  }
  in_set_result(e, op, 0, r);
  return true;
}
