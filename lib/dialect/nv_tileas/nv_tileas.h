/* nv_tileas.h — the public header of ctile's nv_tileas dialect: the subset
 * of NVIDIA's nv_tileas dialect that ctile's hop-2 lowering
 * (lib/conversion/nv_tileaa_lowering) targets.  (tileas.h, its former name,
 * includes this header for the files that still use it.)
 *
 *   %bar = nv_tileas.alloc_mbarrier {slot = 3 : i32} : !llvm.ptr<3>
 *       the shared-memory mbarrier of slot `slot` (0..31) of the per-CTA
 *       32-mbarrier pool.  The public notes give the pool and its per-CTA
 *       assignment but no op name for "address of slot k"; this op is ctile's
 *       choice and is documented in docs/lowering.md.
 *
 * The async pipeline family (names from the public "nv_tileas Operation
 * Roster"; operands, attributes and syntax are ctile's, docs/lowering.md):
 *   %p = nv_tileas.async.pipeline.create_pipeline {mbarrier_base = 0 : i32, stages = 2 : i32} : !nv_tileas.pipeline<T, U>
 *       (optional mbarrier_base: its 2 * stages full / empty barriers are
 *       slots base .. base + 2 * stages - 1 of the per-CTA pool)
 *   %t = nv_tileas.async.pipeline.producer_acquire %p : !nv_tileas.pipeline<T, U> -> !nv_tileas.producer_token
 *   nv_tileas.async.pipeline.producer_write %p, %t, %a, %b : <pipeline>, !nv_tileas.producer_token, T, U
 *   nv_tileas.async.pipeline.producer_commit %p, %t : <pipeline>, !nv_tileas.producer_token
 *   %c = nv_tileas.async.pipeline.consumer_wait %p : <pipeline> -> !nv_tileas.consumer_token
 *   %v:2 = nv_tileas.async.pipeline.consumer_read %p, %c : <pipeline>, !nv_tileas.consumer_token -> T, U
 *   nv_tileas.async.pipeline.consumer_release %p, %c : <pipeline>, !nv_tileas.consumer_token
 *   nv_tileas.async.pipeline.produce_one %p : <pipeline> { ... yield }      producer region
 *   %v:2 = nv_tileas.async.pipeline.consume_one %p : <pipeline> -> T, U { ... yield %a, %b }
 *   nv_tileas.async.pipeline.yield %a, %b : T, U                            region terminator
 * and the agent region that a plugin / execute becomes:
 *   %r = nv_tileas.agent %x, %y {input_layouts = [...], output_layouts = [...], ...}
 *            : (T, U) -> (R) { ^bb0(%a: T, %b: U): ... nv_tileas.async.pipeline.yield %z : R }
 * The flat ops use nvvm's simple syntax (operands attr-dict : types -> results). */
#ifndef CTILE_NV_TILEAS_H
#define CTILE_NV_TILEAS_H

#include "ir/ir.h"

typedef enum TasOpIndex {
  TAS_OP_alloc_mbarrier,
  TAS_OP_create_pipeline,
  TAS_OP_producer_acquire,
  TAS_OP_producer_write,
  TAS_OP_producer_commit,
  TAS_OP_consumer_wait,
  TAS_OP_consumer_read,
  TAS_OP_consumer_release,
  TAS_OP_produce_one,
  TAS_OP_consume_one,
  TAS_OP_yield,
  TAS_OP_agent,
  TAS_OP_COUNT
} TasOpIndex;

extern const IrOpInfo tas_op_infos[TAS_OP_COUNT];
extern const IrDialect tas_dialect;
extern const IrTypeDef tas_pipeline_type_def, tas_producer_token_type_def,
    tas_consumer_token_type_def;

/* Number of mbarriers in the per-CTA pool. */
#define TAS_MBARRIER_POOL 32
/* Largest stage count of one pipeline. */
#define TAS_MAX_STAGES 64

static inline bool tas_is_op(const IrOp *op, TasOpIndex i) { return op->info == &tas_op_infos[i]; }
/* The slot attribute of alloc_mbarrier (-1 if absent). */
int64_t tas_mbarrier_slot(IrOp *op);

/* !nv_tileas.pipeline<T...> (payload types of one stage), and the producer /
 * consumer ownership tokens (uniqued). */
const IrType *tas_pipeline_type(IrContext *ctx, const IrType *const *types, size_t n);
const IrType *tas_producer_token_type(IrContext *ctx);
const IrType *tas_consumer_token_type(IrContext *ctx);
static inline bool tas_is_pipeline(const IrType *t) { return t && t->def == &tas_pipeline_type_def; }

#endif
