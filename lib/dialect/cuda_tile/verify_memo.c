/* verify_memo.c — the per-context memo of signatures that passed a
 * signature-pure verify hook (see verify_memo.h).
 *
 * The table is direct-mapped: a slot holds one full signature (so a hit is
 * an exact match, never a hash coincidence) and a newer signature mapping to
 * the same slot replaces the older one.  It is allocated zeroed on the first
 * walk of a context that probes it, and only the slots in use are touched. */
#include "dialect/cuda_tile/verify_memo.h"
#include "ir/verify.h"

#include <stdlib.h>
#include <string.h>

#define VMEMO_BITS 11
#define VMEMO_SLOTS (1u << VMEMO_BITS)

struct CtVMemoSlot {
  const IrOpInfo *info; /* NULL: empty */
  const IrAttr *props, *attrs;
  uint32_t counts; /* noperands | nresults << 16 */
  const IrType *types[CT_VMEMO_MAX_VALUES];
  CtOdsGroups g;
};

typedef struct VMemoTable {
  CtVMemoSlot slots[VMEMO_SLOTS];
} VMemoTable;

/* The dialect-state key of the table (compared by pointer first). */
static const char vmemo_key[] = "cuda_tile.verify_memo";

/* The table of the walk in progress on this thread, found once per walk. */
static _Thread_local struct {
  uint64_t walk;
  VMemoTable *table;
} vmemo_cur;

static VMemoTable *vmemo_table(IrOp *op, uint64_t walk) {
  if (vmemo_cur.walk == walk) return vmemo_cur.table;
  IrContext *ctx = ir_op_context(op);
  VMemoTable *t = ir_ctx_dialect_state(ctx, vmemo_key);
  if (!t) {
    t = calloc(1, sizeof *t);
    if (!t) return NULL;
    ir_ctx_set_dialect_state(ctx, vmemo_key, t, free);
  }
  vmemo_cur.walk = walk;
  vmemo_cur.table = t;
  return t;
}

CtVMemoSlot *ct_vmemo_probe(IrOp *op, bool *hit, CtOdsGroups *g) {
  *hit = false;
  uint32_t nops = op->noperands, nres = op->nresults;
  if (nops + nres > CT_VMEMO_MAX_VALUES) return NULL;
  uint64_t walk = ir_verify_walk_id();
  if (!walk) return NULL;
  VMemoTable *t = vmemo_table(op, walk);
  if (!t) return NULL;
  const IrType *types[CT_VMEMO_MAX_VALUES];
  const uint64_t k = 0x9E3779B97F4A7C15u;
  uint64_t h = ((uintptr_t)op->info ^ (uintptr_t)op->props * 31 ^ (uintptr_t)op->attrs * 7) * k;
  const IrUse *u = ir_op_operands(op);
  for (uint32_t i = 0; i < nops; i++) {
    types[i] = u[i].value->type;
    h = (h ^ (uintptr_t)types[i]) * k;
  }
  for (uint32_t i = 0; i < nres; i++) {
    types[nops + i] = ir_op_result(op, i)->type;
    h = (h ^ (uintptr_t)types[nops + i]) * k;
  }
  CtVMemoSlot *s = &t->slots[h >> (64 - VMEMO_BITS)];
  uint32_t counts = nops | nres << 16;
  if (s->info == op->info && s->props == op->props && s->attrs == op->attrs &&
      s->counts == counts) {
    uint32_t n = nops + nres, i = 0;
    while (i < n && s->types[i] == types[i]) i++;
    if (i == n) {
      *hit = true;
      if (g) *g = s->g;
    }
  }
  return s;
}

void ct_vmemo_store(CtVMemoSlot *slot, IrOp *op, const CtOdsGroups *g) {
  if (!slot) return;
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
