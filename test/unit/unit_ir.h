/* unit_ir.h — IR built by hand for the rewrite tests: an op of a given
 * kind appended to a block, with operands, results of one type and empty
 * one-block regions.  Include after unit.h. */
#ifndef CTILE_UNIT_IR_H
#define CTILE_UNIT_IR_H

#include "ir/ir.h"

/* Appends to b an op of `info` at loc (may be NULL) with the n operands
 * ops, nres results of type rt and nregions regions of one empty block. */
static inline IrOp *unit_op(IrContext *ctx, const IrOpInfo *info, const IrLoc *loc, IrBlock *b,
                            IrValue *const *ops, size_t n, const IrType *rt, int nres,
                            int nregions) {
  IrOpState st;
  ir_op_state_init(&st, ctx, info, loc);
  for (size_t i = 0; i < n; i++) vec_push(&st.operands, ops[i]);
  for (int i = 0; i < nres; i++) vec_push(&st.result_types, rt);
  for (int i = 0; i < nregions; i++) ir_region_append(ir_op_state_add_region(&st), ir_block_new());
  IrOp *op = ir_op_create(&st);
  ir_op_state_free(&st);
  ir_block_append(b, op);
  return op;
}

#endif
