/* test_cnv2_segmemo.c — unit tests of c2a_segment_attr's memo
 * (cuda_tile_to_nv_tileaa/pat_core.c): every array it returns is the one
 * aa_segment_attr makes for the same sizes, whether memoized or not —
 * arrays differing in one size or in their length, many arrays sharing the
 * 16 slots (collisions evict), arrays longer than the memo's limit — and
 * the same sizes again give the memoized attribute. */
#include "unit.h"

#include "conversion/convert.h"
#include "conversion/cuda_tile_to_nv_tileaa/c2a.h"
#include "dialect/dialects.h"

#include "unit_ctx.h"

static bool keep(CvConversion *cv, const IrType *t, IrTypeVec *out) {
  (void)cv;
  vec_push(out, t);
  return true;
}

static void test_segment_memo(void) {
  IrContext *ctx = new_ctx();
  C2a st;
  memset(&st, 0, sizeof st);
  CvConversion cv;
  cv_init(&cv, ctx, NULL, keep, &st);
  const int32_t a[5] = {1, 0, 2, 3, 0}, b[5] = {1, 0, 2, 4, 0};
  const IrAttr *sa = c2a_segment_attr(&cv, a, 4);
  const IrAttr *sb = c2a_segment_attr(&cv, b, 4);
  const IrAttr *sa5 = c2a_segment_attr(&cv, a, 5);
  CHECK(sa && sb && sa5 && sa != sb && sa != sa5);
  CHECK(sa == aa_segment_attr(ctx, a, 4));
  CHECK(sb == aa_segment_attr(ctx, b, 4));
  CHECK(sa5 == aa_segment_attr(ctx, a, 5));
  CHECK_EQ_INT((long long)sa->nints, 4);
  CHECK_EQ_INT((long long)sa->ints[3], 3);
  CHECK_EQ_INT((long long)sb->ints[3], 4);
  CHECK(c2a_segment_attr(&cv, a, 4) == sa);
  /* many arrays through 16 slots: each answer is still the right one */
  bool all = true;
  for (int round = 0; round < 2; round++)
    for (int32_t i = 0; i < 200; i++) {
      int32_t s[4] = {1, i % 7, i / 7, i};
      all &= c2a_segment_attr(&cv, s, 4) == aa_segment_attr(ctx, s, 4);
    }
  CHECK(all);
  /* longer than the memo's limit: built every time, same answer */
  int32_t l[C2A_SEG_MAX + 2];
  for (int i = 0; i < C2A_SEG_MAX + 2; i++) l[i] = i;
  CHECK(c2a_segment_attr(&cv, l, C2A_SEG_MAX + 2) == aa_segment_attr(ctx, l, C2A_SEG_MAX + 2));
  CHECK(c2a_segment_attr(&cv, l, C2A_SEG_MAX) == aa_segment_attr(ctx, l, C2A_SEG_MAX));
  CHECK(c2a_segment_attr(&cv, l, C2A_SEG_MAX) != c2a_segment_attr(&cv, l, C2A_SEG_MAX - 1));
  cv_free(&cv);
  ir_context_destroy(ctx);
}

UNIT_MAIN {
  test_segment_memo();
  sb_free(&diags);
}
