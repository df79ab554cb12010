/* ops_cache.c — the per-context memo of ct_opcache.h.  Three small
 * direct-mapped tables (segment-size arrays by their packed sizes, i32
 * attributes by value, pointer tiles by element type) and the token type;
 * a miss asks the uniquing constructor and fills the slot, so every answer
 * is the constructor's own pointer. */
#include "dialect/cuda_tile/ct_opcache.h"

#include "dialect/cuda_tile/ct_ods.h"
#include "dialect/cuda_tile/ct_ops_core.h"
#include "dialect/cuda_tile/cuda_tile.h"

enum { SEG_SLOTS = 64, I32_MIN = -1, I32_MAX = 62, PTR_SLOTS = 16 };

typedef struct OpCache {
  uint32_t seg_key[SEG_SLOTS];
  const IrAttr *seg[SEG_SLOTS];
  const IrAttr *i32[I32_MAX - I32_MIN + 1];
  const IrType *ptr_elem[PTR_SLOTS], *ptr_tile[PTR_SLOTS];
  const IrType *token;
} OpCache;

/* The key is only a dialect-state name: a literal of this file. */
static const char cache_key[] = "cuda_tile.opcache";

/* The context's memo, created on first use (xcalloc aborts on failure). */
static OpCache *op_cache(IrContext *ctx) {
  return ir_ctx_zeroed_state(ctx, cache_key, sizeof(OpCache));
}

/* Up to 5 sizes of 0..15 pack into a nonzero key: 4 bits each above the
 * 3-bit count.  Other lists are not memoized. */
const IrAttr *ct_cached_segments(IrContext *ctx, const int32_t *sizes, size_t n) {
  if (n == 0 || n > 5) return ct_ods_segment_attr(ctx, sizes, n);
  uint32_t key = (uint32_t)n;
  for (size_t i = 0; i < n; i++) {
    if (sizes[i] < 0 || sizes[i] > 15) return ct_ods_segment_attr(ctx, sizes, n);
    key |= (uint32_t)sizes[i] << (3 + 4 * i);
  }
  OpCache *c = op_cache(ctx);
  uint32_t slot = (key * 2654435761u) >> 26; /* 6 bits: SEG_SLOTS */
  if (c->seg_key[slot] != key) {
    c->seg[slot] = ct_ods_segment_attr(ctx, sizes, n);
    c->seg_key[slot] = key;
  }
  return c->seg[slot];
}

const IrAttr *ct_cached_i32(IrContext *ctx, int64_t v) {
  if (v < I32_MIN || v > I32_MAX) return ct_i32_attr(ctx, v);
  OpCache *c = op_cache(ctx);
  const IrAttr **s = &c->i32[v - I32_MIN];
  if (!*s) *s = ct_i32_attr(ctx, v);
  return *s;
}

const IrType *ct_cached_ptr_tile(IrContext *ctx, const IrType *elem) {
  OpCache *c = op_cache(ctx);
  size_t slot = ((uintptr_t)elem >> 4) & (PTR_SLOTS - 1);
  if (c->ptr_elem[slot] != elem || !elem) {
    c->ptr_tile[slot] = ct_scalar_tile_type(ctx, ct_ptr_type(ctx, elem));
    c->ptr_elem[slot] = elem;
  }
  return c->ptr_tile[slot];
}

const IrType *ct_cached_token(IrContext *ctx) {
  OpCache *c = op_cache(ctx);
  if (!c->token) c->token = ct_token_type(ctx);
  return c->token;
}
