/* resources.c — the per-CTA mbarrier pool allocator (single slots for
 * memory tokens, runs of slots for pipeline stages) and the per-target
 * resource tables.  Figures: NVIDIA CUDA C++ Programming Guide, "Compute
 * Capabilities" -> "Technical Specifications per Compute Capability" (max
 * registers per thread 255; max shared memory per thread block 163 KB on
 * 8.0, 227 KB on 9.0 and 10.0, 99 KB on 12.0) and the PTX ISA (16 named
 * barriers per CTA, `bar.sync 0..15`; Tensor Memory: 128 lanes x 512
 * columns x 32 bit = 256 KB per CTA on sm_100, none elsewhere).  The shared
 * memory figures are the per-SM capacity (164 / 228 / 228 / 100 KB) less the
 * 1 KB the driver reserves per block, as NVIDIA CCCL's arch traits give them.
 * The table, its exact sources and the derivations are in docs/lowering.md
 * ("Resource model"); test_lowering.c checks both. */
#include "conversion/nv_tileaa_lowering/lower.h"

int lw_pool_alloc(LwPool *p) {
  for (int k = 0; k < LW_POOL_SLOTS; k++)
    if (!(p->used & (1u << k))) {
      p->used |= 1u << k;
      p->live++;
      if (p->live > p->peak) p->peak = p->live;
      return k;
    }
  return -1;
}

void lw_pool_free(LwPool *p, int slot) {
  if (slot < 0 || slot >= LW_POOL_SLOTS || !(p->used & (1u << slot))) return;
  p->used &= ~(1u << slot);
  p->live--;
}

int lw_pool_alloc_run(LwPool *p, int n) {
  if (n < 1 || n > LW_POOL_SLOTS) return -1;
  for (int k = 0; k + n <= LW_POOL_SLOTS; k++) {
    int i = 0;
    while (i < n && !(p->used & (1u << (k + i)))) i++;
    if (i == n) {
      lw_pool_reserve(p, k, n);
      return k;
    }
  }
  return -1;
}

void lw_pool_reserve(LwPool *p, int first, int n) {
  for (int k = first; k < first + n; k++) {
    if (k < 0 || k >= LW_POOL_SLOTS || (p->used & (1u << k))) continue;
    p->used |= 1u << k;
    p->live++;
  }
  if (p->live > p->peak) p->peak = p->live;
}

IrOp *lw_enclosing_fn(IrOp *op) {
  IrOp *fn = op;
  for (IrOp *q = ir_op_parent_op(op); q; q = ir_op_parent_op(q)) {
    if (ir_op_info_has(q->info, IR_TRAIT_SYMBOL_TABLE)) break;
    fn = q;
  }
  return fn;
}

static const LwResources tables[] = {
    {80, 255, 16, 163 * 1024, 0},
    {90, 255, 16, 227 * 1024, 0},
    {100, 255, 16, 227 * 1024, 256 * 1024},
    {120, 255, 16, 99 * 1024, 0},
};

const LwResources *lw_resources_for(int64_t sm) {
  const LwResources *best = NULL;
  for (size_t i = 0; i < sizeof tables / sizeof tables[0]; i++)
    if (tables[i].sm <= sm) best = &tables[i];
  return best;
}
