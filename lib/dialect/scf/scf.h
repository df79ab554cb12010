/* scf.h — the public header of MLIR's scf dialect subset in ctile: op enum
 * and rows, accessors of the loop/branch structure, and builders.
 *
 * Syntax and verifier wording are MLIR 22's.  Implemented in ops.c (rows,
 * dialect, builders), syntax.c (custom assembly), verify.c, fold.c. */
#ifndef CTILE_SCF_H
#define CTILE_SCF_H

#include "ir/ir.h"

typedef enum ScfOpIndex {
#define SCF_OP(c, m, tr, a, b, rc, rd, nr, inh, par, pa, pr, ve, vr, sum) SCF_OP_##c,
#include "dialect/scf/ops.def"
  SCF_OP_COUNT
} ScfOpIndex;

extern const IrOpInfo scf_op_infos[];
extern const IrDialect scf_dialect;
#define scf_op(cname) (&scf_op_infos[SCF_OP_##cname])
static inline bool scf_op_is(const IrOp *op, ScfOpIndex i) {
  return op && op->info == &scf_op_infos[i];
}
/* The op's index in the scf table, or -1 for an op of another dialect. */
static inline int scf_op_index(const IrOp *op) {
  /* addresses compared as integers: op->info may be another table's row */
  uintptr_t a = (uintptr_t)op->info, b = (uintptr_t)scf_op_infos;
  return a >= b && a < b + SCF_OP_COUNT * sizeof(IrOpInfo) ? (int)((a - b) / sizeof(IrOpInfo)) : -1;
}

/* scf.for: operands lb, ub, step, inits...; body block args iv, iter args. */
static inline IrValue *scf_for_lb(IrOp *op) { return ir_op_operand(op, 0); }
static inline IrValue *scf_for_ub(IrOp *op) { return ir_op_operand(op, 1); }
static inline IrValue *scf_for_step(IrOp *op) { return ir_op_operand(op, 2); }
static inline unsigned scf_for_num_inits(const IrOp *op) { return op->noperands - 3; }
static inline IrBlock *scf_body(IrOp *op, unsigned region) {
  return ir_op_region(op, region)->first;
}
/* unsignedCmp present (`scf.for unsigned`). */
bool scf_for_is_unsigned(const IrOp *op);
/* scf.index_switch case values (the `cases` dense i64 array); *n = count. */
const int64_t *scf_switch_cases(const IrOp *op, size_t *n);

/* ---- builders (detached ops; loc NULL = loc(unknown)) ------------------------ */
/* scf.yield / scf.condition. */
IrOp *scf_build_yield(IrContext *ctx, const IrLoc *loc, IrValue *const *vals, size_t n);
IrOp *scf_build_condition(IrContext *ctx, const IrLoc *loc, IrValue *cond,
                          IrValue *const *args, size_t n);
/* scf.for with an entry block holding the iv and one iter arg per init
 * (types of lb and inits), and no terminator: the caller fills the body and
 * appends scf.yield.  Results get the inits' types. */
IrOp *scf_build_for(IrContext *ctx, const IrLoc *loc, IrValue *lb, IrValue *ub, IrValue *step,
                    IrValue *const *inits, size_t ninit);
/* scf.if with `nres` results; a then block and, when with_else, an else
 * block, both empty (no terminator); without else the region stays empty. */
IrOp *scf_build_if(IrContext *ctx, const IrLoc *loc, IrValue *cond,
                   const IrType *const *result_types, size_t nres, bool with_else);
/* scf.while: before block args typed as the inits, after block args typed
 * as `result_types`; both blocks empty. */
IrOp *scf_build_while(IrContext *ctx, const IrLoc *loc, IrValue *const *inits, size_t ninit,
                      const IrType *const *result_types, size_t nres);
/* scf.execute_region with one empty block. */
IrOp *scf_build_execute_region(IrContext *ctx, const IrLoc *loc,
                               const IrType *const *result_types, size_t nres);

#endif
