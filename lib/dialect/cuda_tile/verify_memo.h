/* verify_memo.h — "this op signature passed" memo of the cuda_tile verify
 * checks whose verdict is a pure function of the op's signature.
 *
 * A signature is what such a check reads: the op kind (info), the uniqued
 * property and attribute dictionaries, and the uniqued types of the
 * operands and results, in order.  All of these are immortal objects of the
 * op's context that never change, so a signature that passed a check once
 * passes it again, in any later walk of the same context: the memo lives in
 * the context (a dialect-state slot, freed with it), not in a walk, so that
 * the streamed bytecode reader's walk per function keeps what the earlier
 * functions taught it.  Only successes are stored; a failing op always runs
 * the full check and reports exactly what it did before.  A check that
 * reads anything else (regions, the parent op, operands' defining ops,
 * context options) or that can emit a warning while passing must not use it.
 *
 * One table serves the ODS checks of the core ops (ct_ods.c) and the spec
 * checks of the compute ops (verify_compute.c); an op kind is one or the
 * other, so the info in the key tells the two apart.
 *
 * Lookups happen only while an ir_verify walk runs (ir_verify_walk_id() !=
 * 0); a check called on its own always runs in full.  Ops with more than
 * CT_VMEMO_MAX_VALUES operands and results together are not memoized. */
#ifndef CTILE_CT_VERIFY_MEMO_H
#define CTILE_CT_VERIFY_MEMO_H

#include "dialect/cuda_tile/ct_ods.h"
#include "ir/verify.h"

#define CT_VMEMO_MAX_VALUES 8
#define CT_VMEMO_BITS 12

/* One slot of the memo: a full signature (a hit is an exact match, never a
 * hash coincidence) and the operand groups the ODS check found for it. */
typedef struct CtVMemoSlot {
  const IrOpInfo *info; /* NULL: empty */
  const IrAttr *props, *attrs;
  uint32_t counts; /* noperands | nresults << 16 */
  const IrType *types[CT_VMEMO_MAX_VALUES];
  CtOdsGroups g;
} CtVMemoSlot;

/* The table of the context of the walk in progress on this thread, found
 * once per walk (ct_vmemo_table_slow). */
typedef struct CtVMemoCur {
  uint64_t walk;
  CtVMemoSlot *slots; /* 1 << CT_VMEMO_BITS of them */
} CtVMemoCur;
extern _Thread_local CtVMemoCur ct_vmemo_cur;
CtVMemoSlot *ct_vmemo_table_slow(IrOp *op, uint64_t walk);

/* Whether slot `s` holds `op`'s signature (`u`, `r`: its operands and
 * first result). */
static inline bool ct_vmemo_match(const CtVMemoSlot *s, const IrOp *op, const IrUse *u,
                                  const IrValue *r, uint32_t nops, uint32_t nres) {
  if (s->info != op->info || s->props != op->props || s->attrs != op->attrs ||
      s->counts != (nops | nres << 16))
    return false;
  for (uint32_t i = 0; i < nops; i++)
    if (s->types[i] != u[i].value->type) return false;
  for (uint32_t i = 0; i < nres; i++)
    if (s->types[nops + i] != r[-(ptrdiff_t)i].type) return false;
  return true;
}

/* Looks `op`'s signature up.  Returns the pair of slots it maps to (NULL: no
 * memo applies, e.g. outside a walk or too many values) and sets *hit when
 * one of them holds exactly this signature; then `g` (when not NULL)
 * receives the operand groups stored with it.  The operands must be
 * non-null (the walk checks that before any hook). */
static inline CtVMemoSlot *ct_vmemo_probe(IrOp *op, bool *hit, CtOdsGroups *g) {
  *hit = false;
  uint32_t nops = op->noperands, nres = op->nresults;
  if (nops + nres > CT_VMEMO_MAX_VALUES) return NULL;
  uint64_t walk = ir_verify_walk_id();
  CtVMemoSlot *t = walk == ct_vmemo_cur.walk ? ct_vmemo_cur.slots
                                             : ct_vmemo_table_slow(op, walk);
  if (!t) return NULL;
  const uint64_t k = 0x9E3779B97F4A7C15u;
  uint64_t h = ((uintptr_t)op->info ^ (uintptr_t)op->props * 31 ^ (uintptr_t)op->attrs * 7) * k;
  const IrUse *u = ir_op_operands(op);
  for (uint32_t i = 0; i < nops; i++) h = (h ^ (uintptr_t)u[i].value->type) * k;
  const IrValue *r = ir_op_result(op, 0);
  for (uint32_t i = 0; i < nres; i++) h = (h ^ (uintptr_t)r[-(ptrdiff_t)i].type) * k;
  /* two ways: the pair's first slot holds the more recently stored one */
  CtVMemoSlot *s = &t[(h >> (64 - CT_VMEMO_BITS)) & ~(uint64_t)1];
  const CtVMemoSlot *m = ct_vmemo_match(s, op, u, r, nops, nres)       ? s
                         : ct_vmemo_match(s + 1, op, u, r, nops, nres) ? s + 1
                                                                       : NULL;
  if (m) {
    *hit = true;
    if (g) *g = m->g;
  }
  return s;
}

/* Records that `op`'s signature passed, with its operand groups `g` (may be
 * NULL), in the pair `slot` (what ct_vmemo_probe returned for `op`, or NULL:
 * no effect).  `op` must not have changed since the probe. */
void ct_vmemo_store(CtVMemoSlot *slot, IrOp *op, const CtOdsGroups *g);

#endif
