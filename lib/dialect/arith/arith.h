/* arith.h — the public header of MLIR's arith dialect subset in ctile: op
 * enum and rows, predicate / flag enums, the #arith.overflow and
 * #arith.fastmath attributes, and builders for conversions.
 *
 * Syntax and verifier wording are MLIR 22's (mlir-opt is the reference).
 * Deviation (docs/std_dialects.md): wherever MLIR accepts a tensor or vector,
 * any shaped type is accepted (ir_type_is_shaped: builtin tensor/vector and
 * dialect kinds marked IrTypeDef.shaped, e.g. !nv_tileaa.tile<4x8xf32>),
 * with the same element rules; shape-preserving results use the operand's
 * own shaped kind (ir_shaped_with_elem).
 *
 * The predicate / rounding / flag enums, the #arith.overflow and
 * #arith.fastmath attributes and their accessors are math's too (as in
 * MLIR) and live one layer down, in the standard op engine
 * (lib/dialect/std, dialect/std/std.h), which this header re-exports.
 *
 * Implemented in: ops.c (rows, dialect, builders), fold.c and
 * canonicalize.c (folds and patterns); custom syntax and verifiers are the
 * std engine's (lib/dialect/std). */
#ifndef CTILE_ARITH_H
#define CTILE_ARITH_H

#include "dialect/std/std.h"

/* ---- ops ------------------------------------------------------------------ */
typedef enum ArithOpIndex {
#define ARITH_OP(c, m, tr, no, nr, inh, desc, sum) ARITH_OP_##c,
#include "dialect/arith/ops.def"
  ARITH_OP_COUNT
} ArithOpIndex;

extern const IrOpInfo arith_op_infos[];
extern const IrDialect arith_dialect;
#define arith_op(cname) (&arith_op_infos[ARITH_OP_##cname])
static inline bool arith_op_is(const IrOp *op, ArithOpIndex i) {
  return op && op->info == &arith_op_infos[i];
}
/* The op's index in the arith table, or -1 for an op of another dialect. */
static inline int arith_op_index(const IrOp *op) {
  /* addresses compared as integers: op->info may be another table's row */
  uintptr_t a = (uintptr_t)op->info, b = (uintptr_t)arith_op_infos;
  return a >= b && a < b + ARITH_OP_COUNT * sizeof(IrOpInfo) ? (int)((a - b) / sizeof(IrOpInfo)) : -1;
}

/* ---- builders --------------------------------------------------------------
 * Each returns a detached op (insert it with ir_block_insert_before etc.);
 * `loc` may be NULL for loc(unknown).  Optional attributes get their
 * defaults (overflow none, fastmath none) as in MLIR's builders. */
/* arith.constant with `value` (integer, float, bool or dense elements
 * attribute); the result type is value's type (i1 for a bool attribute). */
IrOp *arith_build_constant(IrContext *ctx, const IrLoc *loc, const IrAttr *value);
/* Integer / index / float scalar constants (shaped: a splat). */
IrOp *arith_build_constant_int(IrContext *ctx, const IrLoc *loc, const IrType *type, int64_t v);
IrOp *arith_build_constant_float(IrContext *ctx, const IrLoc *loc, const IrType *type, double v);
/* Any arith op of the table from operands and result types (the inherent
 * attributes set afterwards with ir_op_set_prop, or via `props` pairs). */
IrOp *arith_build(IrContext *ctx, const IrLoc *loc, ArithOpIndex op, IrValue *const *operands,
                  size_t nops, const IrType *const *result_types, size_t nres);
/* Binary op whose result type is lhs's (addi .. minnumf). */
IrOp *arith_build_binary(IrContext *ctx, const IrLoc *loc, ArithOpIndex op, IrValue *lhs,
                         IrValue *rhs);
/* cmpi / cmpf: result i1 with the operand's shape (ir_shaped_with_elem). */
IrOp *arith_build_cmpi(IrContext *ctx, const IrLoc *loc, ArithCmpIPredicate pred, IrValue *lhs,
                       IrValue *rhs);
IrOp *arith_build_cmpf(IrContext *ctx, const IrLoc *loc, ArithCmpFPredicate pred, IrValue *lhs,
                       IrValue *rhs);
IrOp *arith_build_select(IrContext *ctx, const IrLoc *loc, IrValue *cond, IrValue *t,
                         IrValue *f);
/* A cast op (extsi .. index_castui) to `result_type`. */
IrOp *arith_build_cast(IrContext *ctx, const IrLoc *loc, ArithOpIndex op, IrValue *in,
                       const IrType *result_type);

/* The value of an arith.constant / the constant attribute behind a value
 * (NULL when v is not defined by arith.constant). */
const IrAttr *arith_constant_value(const IrValue *v);

#endif
