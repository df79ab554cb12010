/* math.h — the public header of MLIR's math dialect subset in ctile: the op
 * enum and rows and a builder.  The ops share arith's custom-format and
 * verifier engine and arith's fastmath attribute (arith_fastmath_attr), as
 * in MLIR; both live in the layer below the dialects, the standard op
 * engine (lib/dialect/std; dialect/std/std.h is re-exported here).  Shaped
 * operands follow arith's rules (see arith.h and docs/std_dialects.md). */
#ifndef CTILE_MATH_H
#define CTILE_MATH_H

#include "dialect/std/std.h"

typedef enum MathOpIndex {
#define MATH_OP(c, m, tr, no, nr, inh, desc, sum) MATH_OP_##c,
#include "dialect/math/ops.def"
  MATH_OP_COUNT
} MathOpIndex;

extern const IrOpInfo math_op_infos[];
extern const IrDialect math_dialect;
#define math_op(cname) (&math_op_infos[MATH_OP_##cname])
static inline bool math_op_is(const IrOp *op, MathOpIndex i) {
  return op && op->info == &math_op_infos[i];
}
/* The op's index in the math table, or -1 for an op of another dialect. */
static inline int math_op_index(const IrOp *op) {
  /* addresses compared as integers: op->info may be another table's row */
  uintptr_t a = (uintptr_t)op->info, b = (uintptr_t)math_op_infos;
  return a >= b && a < b + MATH_OP_COUNT * sizeof(IrOpInfo) ? (int)((a - b) / sizeof(IrOpInfo)) : -1;
}

/* Any math op from operands; the result type is operand 0's, or for
 * isnan/isinf/isfinite i1 with operand 0's shape.  Detached; loc NULL =
 * loc(unknown); fastmath defaults to none. */
IrOp *math_build(IrContext *ctx, const IrLoc *loc, MathOpIndex op, IrValue *const *operands,
                 size_t nops);

#endif
