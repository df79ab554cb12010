/* verify_memo.c — the per-context memo of signatures that passed a
 * signature-pure verify check (see verify_memo.h).
 *
 * The table is two-way set-associative: a newly stored signature takes the
 * first slot of its pair and the one there moves to the second, replacing
 * the older one.  It is allocated zeroed on the first walk of a context that
 * probes it, and only the slots in use are touched. */
#include "dialect/cuda_tile/verify_memo.h"

#include <stdlib.h>
#include <string.h>

_Thread_local CtVMemoCur ct_vmemo_cur;

/* The dialect-state key of the table (compared by pointer first). */
static const char vmemo_key[] = "cuda_tile.verify_memo";

CtVMemoSlot *ct_vmemo_table_slow(IrOp *op, uint64_t walk) {
  if (!walk) return NULL;
  IrContext *ctx = ir_op_context(op);
  CtVMemoSlot *t = ir_ctx_dialect_state(ctx, vmemo_key);
  if (!t) {
    t = calloc((size_t)1 << CT_VMEMO_BITS, sizeof *t);
    if (!t) return NULL;
    ir_ctx_set_dialect_state(ctx, vmemo_key, t, free);
  }
  ct_vmemo_cur.walk = walk;
  ct_vmemo_cur.slots = t;
  return t;
}

void ct_vmemo_store(CtVMemoSlot *slot, IrOp *op, const CtOdsGroups *g) {
  if (!slot) return;
  slot[1] = slot[0]; /* the pair's older signature makes way */
  uint32_t nops = op->noperands, nres = op->nresults;
  slot->info = op->info;
  slot->props = op->props;
  slot->attrs = op->attrs;
  slot->counts = nops | nres << 16;
  const IrUse *u = ir_op_operands(op);
  for (uint32_t i = 0; i < nops; i++) slot->types[i] = u[i].value->type;
  for (uint32_t i = 0; i < nres; i++) slot->types[nops + i] = ir_op_result(op, i)->type;
  if (g) slot->g = *g;
  else memset(&slot->g, 0, sizeof slot->g);
}
