/* tileas.h — the subset of NVIDIA's nv_tileas dialect that ctile's hop-2
 * lowering (lib/conversion/nv_tileaa_lowering) targets.
 *
 *   %bar = nv_tileas.alloc_mbarrier {slot = 3 : i32} : !llvm.ptr<3>
 *       the shared-memory mbarrier of slot `slot` (0..31) of the per-CTA
 *       32-mbarrier pool.  The public notes give the pool and its per-CTA
 *       assignment but no op name for "address of slot k"; this op is ctile's
 *       choice and is documented in docs/lowering.md.
 * The ops use nvvm's simple syntax (operands attr-dict : types -> result). */
#ifndef CTILE_NV_TILEAS_H
#define CTILE_NV_TILEAS_H

#include "ir/ir.h"

typedef enum TasOpIndex { TAS_OP_alloc_mbarrier, TAS_OP_COUNT } TasOpIndex;

extern const IrOpInfo tas_op_infos[TAS_OP_COUNT];
extern const IrDialect tas_dialect;

/* Number of mbarriers in the per-CTA pool. */
#define TAS_MBARRIER_POOL 32

static inline bool tas_is_op(const IrOp *op, TasOpIndex i) { return op->info == &tas_op_infos[i]; }
/* The slot attribute of alloc_mbarrier (-1 if absent). */
int64_t tas_mbarrier_slot(IrOp *op);

#endif
