/* ct_transforms.h — cuda_tile folding, canonicalization and transform
 * passes: the dialect-level fold hook (fold.c), the canonicalization patterns
 * (canonicalize.c), helpers shared by both and by the passes, and the pass
 * registrations (the transforms/ folder).  Behaviour follows NVIDIA's CudaTile.cpp
 * (fold methods, getCanonicalizationPatterns) and Transforms/ passes. */
#ifndef CTILE_CT_TRANSFORMS_H
#define CTILE_CT_TRANSFORMS_H

#include "dialect/cuda_tile/ct_ops.h"
#include "dialect/cuda_tile/ct_types.h"
#include "rewrite/rewrite.h"

/* ---- dialect hooks (set in dialect.c) ------------------------------------ */
/* Fold hook for every cuda_tile op without a per-row fold: constant, assume,
 * if (`if xori(c, true)` swaps its branches), select. */
bool ct_fold_op(IrOp *op, const IrAttr *const *operand_consts, IrFoldResult *results);
/* Whether ct_fold_op can fold ops of this kind (rw_register_fold_kinds). */
bool ct_fold_kinds(const IrOpInfo *info);
/* Adds the canonicalization patterns of addf, if and select. */
void ct_add_canonicalization_patterns(RwPatternSet *set, IrContext *ctx);
/* Only addf's pattern (mulf operand to the left), used by fuse-fma. */
void ct_add_addf_canonicalization(RwPatternSet *set);

/* Registers the cuda_tile passes and the constant materializer (called from
 * ctile_register_all). */
void ct_register_transforms(IrContext *ctx);

/* ---- shared helpers ------------------------------------------------------- */
/* The boolean of a `cuda_tile.constant` of i1 elements that is a splat or has
 * one element (NVIDIA's getConstantBoolValue).  False if not such a value. */
bool ct_const_bool(IrValue *v, bool *out);
/* Integer constant (splat or single element) equal to `want`. */
bool ct_const_int_is(IrValue *v, int64_t want);
/* The region holding value `v` (its defining op's or its block's). */
IrRegion *ct_value_region(IrValue *v);
/* True if `outer` is `r` or an ancestor of it. */
bool ct_region_is_ancestor(IrRegion *outer, IrRegion *r);
/* return / continue / break: a terminator that leaves the parent op. */
bool ct_is_terminator_for_parent(IrOp *op);

/* Builders at rw's insertion point (all ops get location `loc`). */
IrOp *ct_build_constant(RwRewriter *rw, const IrLoc *loc, const IrType *type,
                        const IrAttr *value);
IrValue *ct_build_binary(RwRewriter *rw, CtOpIndex which, const IrLoc *loc, IrValue *a,
                         IrValue *b, const IrType *type, const IrAttr *props);
/* `xori cond, true` with a constant of cond's i1 shape. */
IrValue *ct_build_not(RwRewriter *rw, const IrLoc *loc, IrValue *cond);
/* select(cond, t, f), reshaping+broadcasting a scalar cond to t's shape. */
IrValue *ct_build_select(RwRewriter *rw, const IrLoc *loc, IrValue *cond, IrValue *t,
                         IrValue *f);
/* An `if` with `n` result types and two empty regions. */
IrOp *ct_build_if(RwRewriter *rw, const IrLoc *loc, IrValue *cond,
                  const IrType *const *types, size_t n);
/* A `yield` of `n` values at the end of block `b`. */
IrOp *ct_build_yield(RwRewriter *rw, const IrLoc *loc, IrBlock *b, IrValue *const *vals,
                     size_t n);

/* ---- passes ---------------------------------------------------------------- */
void ct_register_fuse_fma(IrContext *ctx);
void ct_register_loop_split(IrContext *ctx);
void ct_register_synthesize_debuginfo_scopes(IrContext *ctx);
void ct_register_test_debuginfo_update_symbol_name(IrContext *ctx);

#endif
