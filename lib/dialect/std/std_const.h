/* std_const.h — constant values for the arith and math folds (standard op
 * engine, lib/dialect/std): a uniform view of a constant operand (integer,
 * bool or float scalar attribute, or a dense elements attribute of any
 * static shaped type, splat or not) as n elements, the builder of the folded
 * result attribute, and the constant materializer of arith and math
 * (std_const.c).
 *
 * Integers are handled as their bits in a uint64 masked to the element
 * width (index: 64 bits, as MLIR's IndexType::kInternalStorageBitWidth);
 * floats as doubles holding the exact value of the element's format. */
#ifndef CTILE_STD_CONST_H
#define CTILE_STD_CONST_H

#include "dialect/std/std_ops.h"

typedef struct StdConst {
  const IrAttr *attr;
  const IrType *type;  /* the attribute's type (scalar or shaped) */
  const IrType *elem;
  unsigned width;      /* integer bits (index 64) or the float's storage width */
  bool is_float;
  bool splat;          /* one element stands for all (scalars too) */
  int64_t n;           /* element count (1 for scalars) */
} StdConst;

/* Views `a` as a constant; false when it is not one (or too large). */
bool std_const_get(const IrAttr *a, StdConst *c);
/* Element i (i < n; a splat answers element 0 for every i). */
uint64_t std_const_int(const StdConst *c, int64_t i);   /* masked to width */
double std_const_float(const StdConst *c, int64_t i);

static inline uint64_t std_mask(unsigned w) { return w >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << w) - 1; }
static inline int64_t std_sext(uint64_t v, unsigned w) {
  if (w == 0 || w >= 64) return (int64_t)v;
  uint64_t m = UINT64_C(1) << (w - 1);
  v &= std_mask(w);
  return (int64_t)((v ^ m) - m);
}

/* The folded attribute of `type` (scalar or shaped) from n element values
 * (bits for integers, doubles for floats; n = 1 makes a splat): an integer
 * / bool / float attribute for scalars, dense elements (splat when all are
 * equal) for shaped types. */
const IrAttr *std_const_make_ints(IrContext *ctx, const IrType *type, const uint64_t *v, int64_t n);
const IrAttr *std_const_make_floats(IrContext *ctx, const IrType *type, const double *v, int64_t n);

/* Elementwise folds over constant operands: `fn` computes one element and
 * returns false when the fold must fail (division by zero, overflow...).
 * The results are made with `rtype`. */
typedef bool (*StdIntBinFn)(uint64_t a, uint64_t b, unsigned w, uint64_t *out, const void *ud);
typedef bool (*StdFloatBinFn)(double a, double b, IrFloatKind k, double *out, const void *ud);
const IrAttr *std_fold_int_binary(IrContext *ctx, const IrAttr *a, const IrAttr *b,
                                  const IrType *rtype, StdIntBinFn fn, const void *ud);
const IrAttr *std_fold_float_binary(IrContext *ctx, const IrAttr *a, const IrAttr *b,
                                    const IrType *rtype, StdFloatBinFn fn, const void *ud);

/* MLIR's ArithDialect::materializeConstant, the `materialize_constant` hook
 * of the arith and math dialect rows: an `arith.constant` of `type` holding
 * `value` (integer, float, bool or dense elements of exactly that type) at
 * rw's insertion point, or NULL.  The op is found by name in the context's
 * registry (NULL when arith is not registered). */
IrOp *std_materialize_constant(struct RwRewriter *rw, const IrAttr *value, const IrType *type,
                               const IrLoc *loc);

#endif
