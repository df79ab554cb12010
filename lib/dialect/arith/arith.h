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
 * Implemented in: ops.c (rows, dialect, attributes, builders), std_syntax.c
 * and std_verify.c (shared with math), fold.c (folds and patterns). */
#ifndef CTILE_ARITH_H
#define CTILE_ARITH_H

#include "ir/ir.h"

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

/* ---- enums ---------------------------------------------------------------- */
/* arith.cmpi predicates: the values of MLIR's CmpIPredicate (I64EnumAttr,
 * stored as `predicate = N : i64`).  X(enum, keyword) */
#define ARITH_CMPI_PREDICATES(X) \
  X(ARITH_CMPI_EQ, "eq") X(ARITH_CMPI_NE, "ne") X(ARITH_CMPI_SLT, "slt") \
  X(ARITH_CMPI_SLE, "sle") X(ARITH_CMPI_SGT, "sgt") X(ARITH_CMPI_SGE, "sge") \
  X(ARITH_CMPI_ULT, "ult") X(ARITH_CMPI_ULE, "ule") X(ARITH_CMPI_UGT, "ugt") \
  X(ARITH_CMPI_UGE, "uge")
typedef enum ArithCmpIPredicate {
#define X(e, s) e,
  ARITH_CMPI_PREDICATES(X)
#undef X
  ARITH_CMPI_COUNT
} ArithCmpIPredicate;

/* arith.cmpf predicates (CmpFPredicate, 0..15). */
#define ARITH_CMPF_PREDICATES(X) \
  X(ARITH_CMPF_FALSE, "false") X(ARITH_CMPF_OEQ, "oeq") X(ARITH_CMPF_OGT, "ogt") \
  X(ARITH_CMPF_OGE, "oge") X(ARITH_CMPF_OLT, "olt") X(ARITH_CMPF_OLE, "ole") \
  X(ARITH_CMPF_ONE, "one") X(ARITH_CMPF_ORD, "ord") X(ARITH_CMPF_UEQ, "ueq") \
  X(ARITH_CMPF_UGT, "ugt") X(ARITH_CMPF_UGE, "uge") X(ARITH_CMPF_ULT, "ult") \
  X(ARITH_CMPF_ULE, "ule") X(ARITH_CMPF_UNE, "une") X(ARITH_CMPF_UNO, "uno") \
  X(ARITH_CMPF_TRUE, "true")
typedef enum ArithCmpFPredicate {
#define X(e, s) e,
  ARITH_CMPF_PREDICATES(X)
#undef X
  ARITH_CMPF_COUNT
} ArithCmpFPredicate;

/* RoundingMode of arith.truncf (`roundingmode = N : i32`, optional). */
#define ARITH_ROUNDING_MODES(X) \
  X(ARITH_RND_TO_NEAREST_EVEN, "to_nearest_even") X(ARITH_RND_DOWNWARD, "downward") \
  X(ARITH_RND_UPWARD, "upward") X(ARITH_RND_TOWARD_ZERO, "toward_zero") \
  X(ARITH_RND_TO_NEAREST_AWAY, "to_nearest_away")
typedef enum ArithRoundingMode {
#define X(e, s) e,
  ARITH_ROUNDING_MODES(X)
#undef X
  ARITH_RND_COUNT
} ArithRoundingMode;

const char *arith_cmpi_name(ArithCmpIPredicate p);   /* "slt"; NULL if out of range */
const char *arith_cmpf_name(ArithCmpFPredicate p);
const char *arith_rounding_name(ArithRoundingMode m);

/* IntegerOverflowFlags bits (#arith.overflow<nsw, nuw>). */
enum { ARITH_OVF_NONE = 0, ARITH_OVF_NSW = 1, ARITH_OVF_NUW = 2 };
/* FastMathFlags bits (#arith.fastmath<nnan,ninf>); `fast` is all seven. */
enum {
  ARITH_FM_NONE = 0, ARITH_FM_REASSOC = 1, ARITH_FM_NNAN = 2, ARITH_FM_NINF = 4,
  ARITH_FM_NSZ = 8, ARITH_FM_ARCP = 16, ARITH_FM_CONTRACT = 32, ARITH_FM_AFN = 64,
  ARITH_FM_FAST = 127
};

/* ---- attributes ----------------------------------------------------------- */
/* #arith.overflow<...> and #arith.fastmath<...>: ints[0] = the bits. */
extern const IrAttrDef arith_overflow_attr_def;
extern const IrAttrDef arith_fastmath_attr_def;
const IrAttr *arith_overflow_attr(IrContext *ctx, unsigned bits);
const IrAttr *arith_fastmath_attr(IrContext *ctx, unsigned bits);
/* `predicate = N : i64` and `roundingmode = N : i32` values. */
const IrAttr *arith_predicate_attr(IrContext *ctx, int pred);
const IrAttr *arith_rounding_attr(IrContext *ctx, ArithRoundingMode m);

/* Accessors (0 / -1 when the attribute is absent or malformed). */
unsigned arith_op_overflow(const IrOp *op);   /* overflowFlags bits */
unsigned arith_op_fastmath(const IrOp *op);   /* fastmath bits */
int arith_op_predicate(const IrOp *op);       /* cmpi/cmpf predicate, -1 if none */
int arith_op_rounding(const IrOp *op);        /* truncf roundingmode, -1 if none */
bool arith_op_is_exact(const IrOp *op);       /* isExact present */

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
