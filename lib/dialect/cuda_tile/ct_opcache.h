/* ct_opcache.h — a per-context memo of the small attributes and types the
 * cuda_tile op hooks (ops_*.c) build on every op they parse: the
 * `operandSegmentSizes` arrays of the memory and view ops, the i32 enum
 * attributes, and the scalar pointer tile a tensor_view's base pointer
 * takes.  Each getter returns exactly what its uncached constructor
 * returns (the same uniqued pointer): the memo only skips the hashing.
 * State lives in the context under its own dialect-state key, so it dies
 * with the context. */
#ifndef CTILE_DIALECT_CUDA_TILE_CT_OPCACHE_H
#define CTILE_DIALECT_CUDA_TILE_CT_OPCACHE_H

#include "ir/ir.h"

/* ct_ods_segment_attr(ctx, sizes, n): the DenseI32Array of segment sizes. */
const IrAttr *ct_cached_segments(IrContext *ctx, const int32_t *sizes, size_t n);
/* ct_i32_attr(ctx, v): an i32 IntegerAttr. */
const IrAttr *ct_cached_i32(IrContext *ctx, int64_t v);
/* ct_scalar_tile_type(ctx, ct_ptr_type(ctx, elem)): tile<ptr<elem>>. */
const IrType *ct_cached_ptr_tile(IrContext *ctx, const IrType *elem);
/* ct_token_type(ctx). */
const IrType *ct_cached_token(IrContext *ctx);

#endif
