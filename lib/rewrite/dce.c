/* dce.c — side-effect queries and trivially-dead-op erasure (MLIR's
 * SideEffectInterfaces.cpp helpers: isMemoryEffectFree,
 * wouldOpBeTriviallyDead, isOpTriviallyDead), mapped onto ctile's traits:
 * PURE and NO_MEMORY_EFFECT = no memory effects (the second without
 * speculatability, which none of these queries needs); MEMORY_READ /
 * MEMORY_WRITE = declared effects;
 * RECURSIVE_EFFECTS = the effects of the nested ops; none = unknown. */
#include "rewrite/rw_internal.h"

/* Whether the op declares its effects (MLIR: implements MemoryEffectOpInterface). */
static bool has_effect_interface(const IrOp *op) {
  return (op->info->traits & (IR_TRAIT_PURE | IR_TRAIT_NO_MEMORY_EFFECT | IR_TRAIT_MEMORY_READ |
                             IR_TRAIT_MEMORY_WRITE)) != 0;
}

/* Whether the op's own declared effects are empty. */
static bool declares_no_effect(const IrOp *op) {
  uint64_t t = op->info->traits;
  return (t & (IR_TRAIT_PURE | IR_TRAIT_NO_MEMORY_EFFECT)) &&
         !(t & (IR_TRAIT_MEMORY_READ | IR_TRAIT_MEMORY_WRITE));
}

bool rw_is_memory_effect_free(IrOp *op) {
  bool recursive = op->info->traits & IR_TRAIT_RECURSIVE_EFFECTS;
  if (has_effect_interface(op)) {
    if (!declares_no_effect(op)) return false;
    if (!recursive) return true;
  } else if (!recursive) {
    return false; /* unknown effects */
  }
  for (uint32_t r = 0; r < op->nregions; r++)
    for (IrBlock *b = ir_op_regions(op)[r].first; b; b = b->next)
      for (IrOp *o = b->first; o; o = o->next)
        if (!rw_is_memory_effect_free(o)) return false;
  return true;
}

/* wouldOpBeTriviallyDeadImpl: every op in the tree (descending only through
 * ops with recursive effects) has no effects other than reads. */
bool rw_has_no_writes(IrOp *op) {
  uint64_t t = op->info->traits;
  bool recursive = t & IR_TRAIT_RECURSIVE_EFFECTS;
  if (recursive)
    for (uint32_t r = 0; r < op->nregions; r++)
      for (IrBlock *b = ir_op_regions(op)[r].first; b; b = b->next)
        for (IrOp *o = b->first; o; o = o->next)
          if (!rw_has_no_writes(o)) return false;
  if (has_effect_interface(op)) return !(t & IR_TRAIT_MEMORY_WRITE);
  return recursive;
}

bool rw_would_be_trivially_dead(IrOp *op) {
  uint64_t t = op->info->traits;
  if (t & (IR_TRAIT_TERMINATOR | IR_TRAIT_SYMBOL | IR_TRAIT_UNREGISTERED)) return false;
  return rw_has_no_writes(op);
}

bool rw_is_trivially_dead(IrOp *op) {
  for (uint32_t i = 0; i < op->nresults; i++)
    if (ir_op_result(op, i)->uses) return false;
  return rw_would_be_trivially_dead(op);
}

/* One reverse sweep over the regions of `op`: users are visited before the
 * values they use, so a dead chain disappears in one pass. */
static bool dce_sweep(IrOp *op) {
  bool changed = false;
  for (uint32_t r = op->nregions; r-- > 0;)
    for (IrBlock *b = ir_op_regions(op)[r].last; b; b = b->prev)
      for (IrOp *o = b->last, *p; o; o = p) {
        p = o->prev;
        if (rw_is_trivially_dead(o)) {
          ir_op_erase(o);
          changed = true;
        } else if (o->nregions) {
          changed |= dce_sweep(o);
        }
      }
  return changed;
}

bool rw_dce(IrOp *root) {
  bool any = false;
  while (dce_sweep(root)) any = true;
  return any;
}
