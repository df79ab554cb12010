/* verify_memo.h — "this op signature passed" memo of the cuda_tile verify
 * hooks whose verdict is a pure function of the op's signature.
 *
 * A signature is what such a hook reads: the op kind (info), the uniqued
 * property and attribute dictionaries, and the uniqued types of the
 * operands and results, in order.  All of these are immortal objects of the
 * op's context that never change, so a signature that passed a hook once
 * passes it again, in any later walk of the same context: the memo lives in
 * the context (a dialect-state slot, freed with it), not in a walk.  Only
 * successes are stored; a failing op always runs the full check and reports
 * exactly what it did before.  Hooks that read anything else (regions, the
 * parent op, operands' defining ops) must not use it.
 *
 * Lookups happen only while an ir_verify walk runs (ir_verify_walk_id() !=
 * 0); a hook called on its own always runs in full.  Ops with more than
 * CT_VMEMO_MAX_VALUES operands and results together are not memoized. */
#ifndef CTILE_CT_VERIFY_MEMO_H
#define CTILE_CT_VERIFY_MEMO_H

#include "dialect/cuda_tile/ct_ods.h"

#define CT_VMEMO_MAX_VALUES 8

/* One slot of the memo (opaque to callers). */
typedef struct CtVMemoSlot CtVMemoSlot;

/* Looks `op`'s signature up.  Returns the slot it maps to (NULL: no memo
 * applies, e.g. outside a walk or too many values) and sets *hit when the
 * slot holds exactly this signature; then `g` (when not NULL) receives the
 * operand groups stored with it. */
CtVMemoSlot *ct_vmemo_probe(IrOp *op, bool *hit, CtOdsGroups *g);

/* Records that `op`'s signature passed, with its operand groups `g` (may be
 * NULL), in `slot` (the one ct_vmemo_probe returned for `op`, or NULL: no
 * effect).  `op` must not have changed since the probe. */
void ct_vmemo_store(CtVMemoSlot *slot, IrOp *op, const CtOdsGroups *g);

#endif
