/* nvvm.h — the mbarrier subset of MLIR's nvvm dialect and the one LLVM
 * dialect type it needs (`!llvm.ptr<addrspace>`), with MLIR's exact custom
 * syntax:
 *   nvvm.mbarrier.init.shared %bar, %count : !llvm.ptr<3>, i32
 *   %state = nvvm.mbarrier.arrive.shared %bar : !llvm.ptr<3> -> i64
 *   nvvm.mbarrier.try_wait.parity.shared %bar, %phase, %ticks : !llvm.ptr<3>, i32, i32
 * (MLIR <= 21 spelling of the shared-memory forms; MLIR 22 folded them into
 * nvvm.mbarrier.init / .arrive / .try_wait.parity on a !llvm.ptr<3>, which
 * are registered too, same syntax.)  The generic "operands attr-dict :
 * operand-types [-> result-type]" syntax helpers are shared with nv_tileas. */
#ifndef CTILE_NVVM_H
#define CTILE_NVVM_H

#include "ir/ir.h"

typedef enum NvvmOpIndex {
  NVVM_OP_init_shared,
  NVVM_OP_arrive_shared,
  NVVM_OP_try_wait_parity_shared,
  NVVM_OP_init,
  NVVM_OP_arrive,
  NVVM_OP_try_wait_parity,
  NVVM_OP_COUNT
} NvvmOpIndex;

extern const IrOpInfo nvvm_op_infos[NVVM_OP_COUNT];
extern const IrDialect nvvm_dialect;
extern const IrDialect llvm_dialect;
extern const IrTypeDef llvm_ptr_type_def;

/* !llvm.ptr<addrspace> (uniqued). */
const IrType *llvm_ptr_type(IrContext *ctx, int64_t addrspace);
static inline bool llvm_is_ptr(const IrType *t) { return t && t->def == &llvm_ptr_type_def; }
static inline bool nvvm_is_op(const IrOp *op, NvvmOpIndex i) {
  return op->info == &nvvm_op_infos[i];
}

/* Generic "operands attr-dict : operand-types [-> result-type]" syntax (for
 * ops without operands: "attr-dict : result-type"). */
bool nvvm_parse_simple(struct AsmParser *p, IrOpState *st);
void nvvm_print_simple(struct AsmPrinter *p, IrOp *op);

#endif
