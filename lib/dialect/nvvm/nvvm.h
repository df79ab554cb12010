/* nvvm.h — the mbarrier subset of MLIR's nvvm dialect and the one LLVM
 * dialect type it needs (`!llvm.ptr<addrspace>`), with MLIR's exact custom
 * syntax:
 *   nvvm.mbarrier.init.shared %bar, %count : !llvm.ptr<3>, i32
 *   %state = nvvm.mbarrier.arrive.shared %bar : !llvm.ptr<3> -> i64
 *   nvvm.mbarrier.try_wait.parity.shared %bar, %phase, %ticks : !llvm.ptr<3>, i32, i32
 * (MLIR <= 21 spelling of the shared-memory forms; MLIR 22 folded them into
 * nvvm.mbarrier.init / .arrive / .try_wait.parity on a !llvm.ptr<3>, which
 * are registered too, same syntax.)  The generic "operands attr-dict :
 * operand-types [-> result-type]" syntax (std_parse_simple) and the
 * !llvm.ptr type are the standard op engine's (lib/dialect/std), shared with
 * nv_tileas; dialect/std/std.h is re-exported here. */
#ifndef CTILE_NVVM_H
#define CTILE_NVVM_H

#include "dialect/std/std.h"

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
static inline bool nvvm_is_op(const IrOp *op, NvvmOpIndex i) {
  return op->info == &nvvm_op_infos[i];
}

#endif
