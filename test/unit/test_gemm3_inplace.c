/* test_gemm3_inplace.c — fused k loops whose A tiles are read in place
 * (lib/interp/interp_gemm.c: gemm_tiles_avx2 reads a chunk's f32 A tiles
 * where they are when they lie side by side along k, as the tiles of one
 * row of a view do, and packs them otherwise):
 *   - A as the tiles of one row of a matrix (side by side; row stride
 *     wider than the chunk, or exactly the tiles with nothing after the
 *     last one, so that a read past a row shows under ASan), B as the tiles
 *     of one column of a matrix: in_gemm_f32_tiles gives the same bits as
 *     one in_gemm_f32 call per tile on the decoded tiles (what mmaf does op
 *     by op), over shapes that exercise every micro-kernel height, the
 *     8-wide panel, the scalar column tail, chunks of one and of several
 *     tiles and a last chunk shorter than the others;
 *   - the in-place path really ran for f32 A (in_gemm_tiles_inplace_chunks)
 *     and did not for bf16 A;
 *   - A tiles side by side except one moved elsewhere: the chunks holding
 *     the break are packed, the others read in place, the bits the same;
 *   - bf16 operands with NaNs (signalling and quiet) and infinities, and
 *     f32 ones with NaNs: the same bits as op by op. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "interp/interp_gemm.h"
#include "ir/ir.h"
#include "unit.h"
#define UNIT_GEMM_SEED 4242
#include "unit_gemm.h"

/* Fills n elements at mem (f32 or bf16) with values in [-1, 1), and with
 * `specials` one in about 300 a NaN or an infinity. */
static void fill(void *mem, int64_t n, bool bf16, bool specials) {
  for (int64_t i = 0; i < n; i++) {
    float v = frand();
    uint32_t s = specials ? rnd() % 300 : 99;
    if (bf16) {
      uint16_t h = (uint16_t)(fbits(v) >> 16);
      if (s == 0) h = 0x7F81;      /* signalling NaN */
      else if (s == 1) h = 0xFFC3; /* negative quiet NaN with payload */
      else if (s == 2) h = 0xFF80; /* -inf */
      memcpy((char *)mem + i * 2, &h, 2);
    } else {
      if (s == 0) v = NAN;
      else if (s == 1) v = INFINITY;
      memcpy((char *)mem + i * 4, &v, 4);
    }
  }
}

/* One case: M x N output, nt tiles of Kt steps; A the tiles of one row of
 * an M x (nt * Kt + apad) matrix (`moved` >= 0: tile `moved` copied to a
 * separate buffer and taken from there); B the tiles of one column of an
 * (nt * Kt) x (N + bpad) matrix.  Returns how many chunks read A in place. */
static int64_t check(int64_t M, int64_t N, int64_t Kt, int64_t nt, int64_t apad, int64_t bpad,
                     bool abf, bool bbf, bool specials, int64_t moved) {
  int64_t ea = abf ? 2 : 4, eb = bbf ? 2 : 4, lda = nt * Kt + apad, ldb = N + bpad;
  /* exactly the matrix: with apad 0 the last tile's last row ends the buffer */
  char *am = malloc((size_t)(M * lda * ea)), *bm = malloc((size_t)(nt * Kt * ldb * eb));
  char *mv = malloc((size_t)(M * lda * ea));
  fill(am, M * lda, abf, specials);
  fill(bm, nt * Kt * ldb, bbf, specials);
  const void **ta = malloc(sizeof(void *) * (size_t)nt), **tb = malloc(sizeof(void *) * (size_t)nt);
  for (int64_t t = 0; t < nt; t++) {
    ta[t] = am + t * Kt * ea;
    tb[t] = bm + t * Kt * ldb * eb;
  }
  if (moved >= 0 && moved < nt) { /* the same values, at another address */
    memcpy(mv, am, (size_t)(M * lda * ea));
    ta[moved] = mv + moved * Kt * ea;
  }
  InGemmOperand A = {ta, lda, abf, NULL}, B = {tb, ldb, bbf, NULL};
  size_t cs = sizeof(float) * (size_t)(M * N);
  float *C = malloc(cs), *R = malloc(cs), *O = malloc(cs);
  for (int64_t i = 0; i < M * N; i++) C[i] = frand() * 4;
  memcpy(R, C, cs);
  float *ad = malloc(sizeof(float) * (size_t)(M * Kt)), *bd = malloc(sizeof(float) * (size_t)(Kt * N));
  for (int64_t t = 0; t < nt; t++) { /* op by op: one mmaf per tile */
    for (int64_t i = 0; i < M * Kt; i++) ad[i] = elem(&A, t, i / Kt, i % Kt);
    for (int64_t i = 0; i < Kt * N; i++) bd[i] = elem(&B, t, i / N, i % N);
    in_gemm_f32(ad, bd, R, R, M, N, Kt);
  }
  int64_t before = in_gemm_tiles_inplace_chunks();
  in_gemm_f32_tiles(&A, &B, nt, C, O, M, N, Kt, bf16_val, NULL);
  int64_t chunks = in_gemm_tiles_inplace_chunks() - before;
  int bad = 0;
  for (int64_t i = 0; i < M * N; i++) bad += fbits(R[i]) != fbits(O[i]);
  if (!CHECK_EQ_INT(bad, 0))
    printf("  %lldx%lldx%lld x %lld tiles, pads %lld/%lld, A %s, B %s, moved %lld\n",
           (long long)M, (long long)N, (long long)Kt, (long long)nt, (long long)apad,
           (long long)bpad, abf ? "bf16" : "f32", bbf ? "bf16" : "f32", (long long)moved);
  free(am), free(bm), free(mv), free(ta), free(tb), free(C), free(R), free(O), free(ad), free(bd);
  return chunks;
}

/* Side-by-side A tiles over many shapes: same bits; f32 A read in place in
 * every chunk, bf16 A never. */
static void test_shapes(void) {
  static const int ms[] = {1, 4, 5, 6, 10, 13, 64};
  static const int ns[] = {3, 8, 16, 20, 24, 64};
  static const int ks[] = {1, 7, 32, 64, 200};
  static const int nts[] = {1, 2, 5, 9};
  int64_t f32_chunks = 0, bf16_chunks = 0;
  int cases = 0;
  for (size_t a = 0; a < sizeof ms / sizeof *ms; a++)
    for (size_t b = 0; b < sizeof ns / sizeof *ns; b++)
      for (size_t c = 0; c < sizeof ks / sizeof *ks; c++)
        for (size_t d = 0; d < sizeof nts / sizeof *nts; d++) {
          int64_t M = ms[a], N = ns[b], K = ks[c], nt = nts[d];
          if (M * N * K * nt > 300000) continue;
          bool bbf = (a + b + c) % 2 == 0;
          int64_t apad = (a + d) % 2 ? 0 : 3, bpad = c % 2 ? 0 : 5;
          f32_chunks += check(M, N, K, nt, apad, bpad, false, bbf, false, -1);
          bf16_chunks += check(M, N, K, nt, apad, bpad, true, bbf, false, -1);
          cases++;
        }
  CHECK(cases > 100);
  CHECK(f32_chunks >= cases); /* at least one chunk per call */
  CHECK_EQ_INT(bf16_chunks, 0);
}

/* One tile of a run of side-by-side tiles moved elsewhere: 64x64 tiles with
 * 32 k steps go four to a chunk, so of eight tiles with tile 5 moved, the
 * first chunk is read in place and the second packed. */
static void test_moved(void) {
  CHECK_EQ_INT(check(64, 64, 32, 8, 0, 0, false, false, false, -1), 2);
  CHECK_EQ_INT(check(64, 64, 32, 8, 0, 0, false, false, false, 5), 1);
  CHECK_EQ_INT(check(64, 64, 32, 8, 7, 0, false, true, false, 0), 1);
  /* a chunk of one tile is always side by side with itself */
  CHECK_EQ_INT(check(6, 16, 200, 3, 0, 0, false, false, false, 1), 3);
}

/* NaNs and infinities in either operand: the same bits as op by op. */
static void test_specials(void) {
  for (int rep = 0; rep < 4; rep++) {
    check(64, 64, 32, 8, 0, 0, false, false, true, -1);
    check(64, 64, 32, 8, 2, 3, false, true, true, -1);
    check(64, 64, 32, 8, 0, 0, true, true, true, -1);
    check(13, 24, 7, 5, 1, 0, false, true, true, 2);
    check(10, 20, 64, 3, 0, 1, true, false, true, -1);
  }
}

static void all_cases(void) {
  test_shapes();
  test_moved();
  test_specials();
}

UNIT_MAIN {
  if (!in_gemm_tiles_available()) {
    printf("test_gemm3_inplace: no AVX2+FMA here: the fused path never runs; skipped\n");
    return;
  }
  each_isa(all_cases);
}
