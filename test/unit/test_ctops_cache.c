/* test_ctops_cache.c — the per-context memo of the cuda_tile op hooks
 * (ct_opcache.h, ops_cache.c).  Every cached getter must hand back the very
 * pointer its uncached constructor returns: inside the memoized ranges
 * (segment sizes 0..15, up to 5 of them; i32 values -1..62), just outside
 * them (16, -2, 63, 6 sizes, no sizes), for colliding slots (many
 * different lists and element types in a row, then the first ones again),
 * and from a second context created after the first one is destroyed
 * (the memo lives in the context, so nothing stale survives it). */
#include "unit.h"
#include "unit_ctx.h"

#include "dialect/cuda_tile/ct_ods.h"
#include "dialect/cuda_tile/ct_opcache.h"
#include "dialect/cuda_tile/ct_ops_core.h"
#include "dialect/cuda_tile/cuda_tile.h"

/* Segment lists: all 3- and 4-long lists of 0..3, then edge cases. */
static void check_segments(IrContext *ctx) {
  for (int pass = 0; pass < 2; pass++) /* the second pass hits (or re-fills) slots */
    for (int32_t a = 0; a < 4; a++)
      for (int32_t b = 0; b < 4; b++)
        for (int32_t c = 0; c < 4; c++) {
          int32_t s3[3] = {a, b, c}, s4[4] = {1, a, b, c};
          CHECK(ct_cached_segments(ctx, s3, 3) == ct_ods_segment_attr(ctx, s3, 3));
          CHECK(ct_cached_segments(ctx, s4, 4) == ct_ods_segment_attr(ctx, s4, 4));
        }
  static const int32_t edge[][6] = {{15, 15, 15, 15, 15, 0}, {16, 0, 0, 0, 0, 0},
                                    {-1, 1, 0, 0, 0, 0},     {1, 2, 3, 4, 5, 6},
                                    {0, 0, 0, 0, 0, 0},      {7, 0, 0, 0, 0, 0}};
  static const size_t n[] = {5, 1, 2, 6, 1, 1};
  for (size_t i = 0; i < sizeof n / sizeof n[0]; i++) {
    const IrAttr *a = ct_cached_segments(ctx, edge[i], n[i]);
    CHECK(a == ct_ods_segment_attr(ctx, edge[i], n[i]));
    CHECK(a && a->nints == (n[i] > 16 ? 16 : n[i]));
    CHECK(a && a->ints[0] == edge[i][0]);
  }
  /* {0} and {0, 0} differ only in their count */
  int32_t z[2] = {0, 0};
  CHECK(ct_cached_segments(ctx, z, 1) != ct_cached_segments(ctx, z, 2));
  CHECK_EQ_INT(ct_cached_segments(ctx, z, 1)->nints, 1);
}

static void check_i32(IrContext *ctx) {
  for (int pass = 0; pass < 2; pass++)
    for (int64_t v = -3; v <= 66; v++) {
      const IrAttr *a = ct_cached_i32(ctx, v);
      CHECK(a == ct_i32_attr(ctx, v));
      CHECK(a && a->nints == 1 && a->ints[0] == v);
    }
  CHECK(ct_cached_i32(ctx, INT32_MAX) == ct_i32_attr(ctx, INT32_MAX));
}

static void check_types(IrContext *ctx) {
  const IrType *elems[] = {
      ir_float_type(ctx, IR_F32),        ir_float_type(ctx, IR_F16),
      ir_float_type(ctx, IR_BF16),       ir_float_type(ctx, IR_F64),
      ir_integer_type(ctx, 8, IR_SIGNLESS), ir_integer_type(ctx, 16, IR_SIGNLESS),
      ir_integer_type(ctx, 32, IR_SIGNLESS), ir_integer_type(ctx, 64, IR_SIGNLESS),
      ir_integer_type(ctx, 1, IR_SIGNLESS)};
  size_t ne = sizeof elems / sizeof elems[0];
  for (int pass = 0; pass < 3; pass++)
    for (size_t i = 0; i < ne; i++) {
      const IrType *t = ct_cached_ptr_tile(ctx, elems[i]);
      CHECK(t == ct_scalar_tile_type(ctx, ct_ptr_type(ctx, elems[i])));
    }
  CHECK(ct_cached_token(ctx) == ct_token_type(ctx));
  CHECK(ct_cached_token(ctx) == ct_cached_token(ctx));
}

UNIT_MAIN {
  for (int round = 0; round < 2; round++) {
    IrContext *ctx = new_ctx();
    check_segments(ctx);
    check_i32(ctx);
    check_types(ctx);
    ir_context_destroy(ctx);
  }
}
