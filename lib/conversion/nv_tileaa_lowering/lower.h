/* lower.h — hop 2 of ctile's nv_tileaa lowering (TileAA -> TileAS/NVVM):
 * the per-CTA mbarrier pool, the per-target resource model and the passes
 *   convert-nv-tileaa-tokens   mem_token -> mbarrier handles (!llvm.ptr<3>)
 *   check-nv-tileaa-resources  plugin/execute requirements vs the target's model
 *   convert-nv-tileaa-queues   queues -> nv_tileas async pipeline regions
 *   convert-nv-tileaa-agents   plugin / execute -> nv_tileas.agent regions
 *   lower-nv-tileaa            the hop-2 pipeline (resource check, queues,
 *                              agent regions, token lowering)
 * See docs/lowering.md for the token encoding and the table sources. */
#ifndef CTILE_NV_TILEAA_LOWERING_H
#define CTILE_NV_TILEAA_LOWERING_H

#include "ir/ir.h"

#include <stdint.h>

/* ---- the per-CTA 32-mbarrier pool ---------------------------------------- */
typedef struct LwPool {
  uint32_t used;   /* bit k: slot k taken */
  unsigned live;   /* number of taken slots */
  unsigned peak;   /* largest `live` seen */
} LwPool;

#define LW_POOL_SLOTS 32

/* Claims the lowest free slot; returns it, or -1 when all 32 are live. */
int lw_pool_alloc(LwPool *p);
/* Releases slot (no-op for a slot that is not taken or out of range). */
void lw_pool_free(LwPool *p, int slot);
/* Claims the lowest run of n consecutive free slots; returns its first slot,
 * or -1 when there is none (n < 1 or n > 32 included). */
int lw_pool_alloc_run(LwPool *p, int n);
/* Marks slots [first, first + n) taken (those in range and free). */
void lw_pool_reserve(LwPool *p, int first, int n);

/* The function (CTA body) an op belongs to: its outermost ancestor below a
 * module-like symbol table. */
IrOp *lw_enclosing_fn(IrOp *op);

/* ---- per-target resource model ------------------------------------------- */
typedef struct LwResources {
  int sm;                    /* 80, 90, 100, 120 */
  int64_t regs_per_thread;   /* maximum 32-bit registers per thread */
  int64_t named_barriers;    /* hardware named barriers per CTA */
  int64_t smem_bytes;        /* maximum shared memory per CTA (opt-in) */
  int64_t tmem_bytes;        /* tensor memory per SM (0: none) */
} LwResources;

/* The model of target `sm` (exact match of 80/90/100/120, or the nearest
 * lower listed target for other values >= 80); NULL below sm_80. */
const LwResources *lw_resources_for(int64_t sm);

/* Checks every plugin/execute resource requirement against the target's
 * model (plugins.c); false after a located error. */
bool lw_check_plugins(IrOp *root);

/* Lowers every queue (create_queue, queue.put / get / yield) to nv_tileas
 * async pipeline regions (queues.c); false after a located error for a
 * producer or consumer that cannot map to a pipeline slot. */
bool lw_lower_queues(IrOp *root);

/* Materializes every nv_tileaa.execute / plugin as an nv_tileas.agent
 * region carrying its input / output layouts and resources (agents.c);
 * false after a located error. */
bool lw_lower_agents(IrOp *root);

/* Runs the token lowering on every function nested in root. */
bool lw_lower_tokens(IrOp *root);

void lw_register_passes(IrContext *ctx);

#endif
