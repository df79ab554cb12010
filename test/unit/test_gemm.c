/* test_gemm.c — the interpreter's f32 GEMM kernel (lib/interp/interp_gemm.c)
 * and the dense view-load path that feeds it (lib/interp/interp_mem.c):
 *   - in_gemm_f32 against an independent fmaf chain (one fused multiply-add
 *     per k, k ascending, from the accumulator) bit for bit, over shapes
 *     that exercise every micro-kernel size, the scalar column tail and more
 *     than one k pass, with the AVX2 kernel and with the portable one, out of
 *     place (Cin untouched) and in place;
 *   - values where fused and unfused accumulation differ, so a kernel that
 *     rounds the product separately fails;
 *   - bf16 tiles loaded through partition views, wholly in bounds (the dense
 *     path) and across the tensor's edge (the general path, with padding),
 *     NaN payloads included, against ir_float_from_bits, and mmaf on them;
 *   - f32 rows copied through views bit for bit, long rows (the
 *     non-temporal store path) and short ones, at unaligned addresses;
 *   - a view reaching past its buffer still fails with the element-exact
 *     out-of-bounds error;
 *   - the stride prefetcher for the next k step's tiles: what it queues, and
 *     that a gemm issues it all with unchanged results. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include "asm/asm.h"
#include "dialect/dialects.h"
#include "interp/interp.h"
#include "interp/interp_gemm.h"
#include "ir/ir.h"
#include "unit.h"
#define UNIT_GEMM_SEED 7
#include "unit_gemm.h"

/* The documented semantics, written independently of the kernel. */
static void ref_gemm(const float *A, const float *B, const float *Cin, float *Cout, int M, int N,
                     int K) {
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float acc = Cin[i * N + j];
      for (int k = 0; k < K; k++) acc = fmaf(A[i * K + k], B[k * N + j], acc);
      Cout[i * N + j] = acc;
    }
}

static void check_shape(int M, int N, int K, bool portable) {
  float *A = malloc(sizeof(float) * (size_t)(M * K + 1)),
        *B = malloc(sizeof(float) * (size_t)(K * N + 1));
  float *C = malloc(sizeof(float) * (size_t)(M * N + 1)),
        *C0 = malloc(sizeof(float) * (size_t)(M * N + 1));
  float *R = malloc(sizeof(float) * (size_t)(M * N + 1)),
        *O = malloc(sizeof(float) * (size_t)(M * N + 1));
  for (int i = 0; i < M * K; i++) A[i] = frand();
  for (int i = 0; i < K * N; i++) B[i] = frand();
  for (int i = 0; i < M * N; i++) C[i] = C0[i] = frand() * 4;
  ref_gemm(A, B, C, R, M, N, K);
  in_gemm_force_portable(portable);
  in_gemm_f32(A, B, C, O, M, N, K);
  int bad_out = diff_bits(R, O, M * N), bad_in = diff_bits(C, C0, M * N);
  in_gemm_f32(A, B, C, C, M, N, K); /* in place */
  int bad_inplace = diff_bits(R, C, M * N);
  in_gemm_force_portable(false);
  if (!CHECK_EQ_INT(bad_out, 0) || !CHECK_EQ_INT(bad_in, 0) || !CHECK_EQ_INT(bad_inplace, 0))
    printf("  shape %dx%dx%d %s\n", M, N, K, portable ? "portable" : "dispatched");
  free(A);
  free(B);
  free(C);
  free(C0);
  free(R);
  free(O);
}

static void test_kernel_shapes(void) {
  static const int ms[] = {1, 2, 5, 6, 7, 8, 9, 12, 13, 64, 97, 100, 128, 150};
  static const int ns[] = {1, 3, 8, 9, 15, 16, 17, 24, 40, 64};
  static const int ks[] = {1, 2, 32, 255, 256, 257, 600};
  for (size_t a = 0; a < sizeof ms / sizeof *ms; a++)
    for (size_t b = 0; b < sizeof ns / sizeof *ns; b++)
      for (size_t c = 0; c < sizeof ks / sizeof *ks; c++) {
        int M = ms[a], N = ns[b], K = ks[c];
        if ((long)M * N * K > 2000000) continue;
        check_shape(M, N, K, false);
        if (M * N * K <= 200000) check_shape(M, N, K, true);
      }
  /* K = 0: the accumulator unchanged */
  float c[6] = {1, -2, 3, -4, 5, -6}, o[6] = {0};
  in_gemm_f32(NULL, NULL, c, o, 2, 3, 0);
  CHECK_EQ_INT(diff_bits(c, o, 6), 0);
}

/* 1 + 2^-23 squared is 1 + 2^-22 + 2^-46: with an accumulator of -(1 +
 * 2^-22) one fma gives 2^-46, a rounded product then an add gives 0. */
static void test_fused(void) {
  for (int portable = 0; portable < 2; portable++) {
    float x = 1.0f + 0x1p-23f;
    float A[6 * 4], B[4 * 16], C[6 * 16], O[6 * 16];
    for (int i = 0; i < 6 * 4; i++) A[i] = (i % 4 == 0) ? x : 0.0f;
    for (int i = 0; i < 4 * 16; i++) B[i] = (i / 16 == 0) ? x : 0.0f;
    for (int i = 0; i < 6 * 16; i++) C[i] = -(1.0f + 0x1p-22f);
    in_gemm_force_portable(portable != 0);
    in_gemm_f32(A, B, C, O, 6, 16, 4);
    in_gemm_force_portable(false);
    int bad = 0;
    for (int i = 0; i < 6 * 16; i++) bad += O[i] != 0x1p-46f;
    CHECK_EQ_INT(bad, 0);
  }
}

/* The tile prefetcher: a tile predicted only from the second load of a view
 * on, one per changed address, at most four queued; a gemm issues them all
 * and computes the same bits (prefetches of addresses outside any object
 * included: the prediction past the last tile). */
static void test_prefetch(void) {
  static float mat[64 * 64];
  int64_t before = in_gemm_pending_lines();
  CHECK_EQ_INT((int)before, 0);
  /* view 1: 8x16 f32 tiles of a 64x64 matrix stepping along k (16 floats) */
  in_gemm_note_tile(&mat[0], &mat[0], 8, 64, 256);
  CHECK_EQ_INT((int)in_gemm_pending_lines(), 0); /* first tile: no stride yet */
  in_gemm_note_tile(&mat[0], &mat[16], 8, 64, 256);
  CHECK_EQ_INT((int)in_gemm_pending_lines(), 8); /* 8 rows of one line */
  in_gemm_note_tile(&mat[0], &mat[16], 8, 64, 256);
  CHECK_EQ_INT((int)in_gemm_pending_lines(), 8); /* same tile again: nothing new */
  /* view 2: 16x8 tiles stepping down 16 rows; rows of 100 bytes: 2 lines */
  in_gemm_note_tile(&mat[1], &mat[1], 16, 100, 256);
  in_gemm_note_tile(&mat[1], &mat[1 + 16 * 64], 16, 100, 256);
  CHECK_EQ_INT((int)in_gemm_pending_lines(), 8 + 32);
  /* more predictions than the queue holds: the oldest go */
  for (int i = 2; i < 8; i++) in_gemm_note_tile(&mat[0], &mat[16 * i], 8, 64, 256);
  CHECK_EQ_INT((int)in_gemm_pending_lines(), 4 * 8);
  /* tiles over 4096 lines (256 KiB) are not queued: 4097 rows of one line */
  int64_t queued = in_gemm_pending_lines();
  in_gemm_note_tile(&mat[3], &mat[3], 4097, 64, 64);
  in_gemm_note_tile(&mat[3], &mat[4], 4097, 64, 64);
  in_gemm_note_tile(&mat[3], &mat[5], 64, 4097 * 64, 64);
  CHECK_EQ_INT((int)in_gemm_pending_lines(), (int)queued);
  for (int portable = 0; portable < 2; portable++) {
    const int M = 13, N = 40, K = 20;
    float A[13 * 20], B[20 * 40], C[13 * 40], R[13 * 40], O[13 * 40];
    for (int i = 0; i < M * K; i++) A[i] = frand();
    for (int i = 0; i < K * N; i++) B[i] = frand();
    for (int i = 0; i < M * N; i++) C[i] = frand();
    in_gemm_note_tile(&mat[2], &mat[40], 5, 64, 256);
    in_gemm_note_tile(&mat[2], &mat[60 * 64], 5, 64, 256); /* predicts past mat's end */
    CHECK(in_gemm_pending_lines() > 0);
    ref_gemm(A, B, C, R, M, N, K);
    in_gemm_force_portable(portable != 0);
    in_gemm_f32(A, B, C, O, M, N, K);
    in_gemm_force_portable(false);
    CHECK_EQ_INT(diff_bits(R, O, M * N), 0);
    CHECK_EQ_INT((int)in_gemm_pending_lines(), 0); /* all issued */
  }
}

/* ---- bf16 through views ------------------------------------------------------ */
static IrContext *ctx;

static IrOp *parse(const char *src) {
  AsmParseOptions po = {0};
  IrOp *m = asm_parse_buffer(ctx, "kernel.mlir", src, strlen(src), &po);
  if (!CHECK(m != NULL)) return NULL;
  if (!CHECK(ir_verify(m))) {
    ir_op_destroy(m);
    return NULL;
  }
  return m;
}

/* A is 8x24 bf16; block (x, y) loads its 4x16 tile (x = 1 crosses the
 * column edge: the general path pads it with zeros) and stores it as f32
 * into the 8x32 O; it also multiplies the tile by the 16x16 bf16 matrix W
 * into P (8x32 f32). */
static const char bf16_src[] =
    "cuda_tile.module @m {\n"
    " entry @cvt(%a: tile<ptr<bf16>>, %w: tile<ptr<bf16>>, %o: tile<ptr<f32>>, %p: tile<ptr<f32>>) {\n"
    "  %ta = make_tensor_view %a, shape = [8, 24], strides = [24, 1] : tensor_view<8x24xbf16, strides=[24,1]>\n"
    "  %tw = make_tensor_view %w, shape = [16, 16], strides = [16, 1] : tensor_view<16x16xbf16, strides=[16,1]>\n"
    "  %to = make_tensor_view %o, shape = [8, 32], strides = [32, 1] : tensor_view<8x32xf32, strides=[32,1]>\n"
    "  %tp = make_tensor_view %p, shape = [8, 32], strides = [32, 1] : tensor_view<8x32xf32, strides=[32,1]>\n"
    "  %pa = make_partition_view %ta : partition_view<tile=(4x16), tensor_view<8x24xbf16, strides=[24,1]>>\n"
    "  %pw = make_partition_view %tw : partition_view<tile=(16x16), tensor_view<16x16xbf16, strides=[16,1]>>\n"
    "  %po = make_partition_view %to : partition_view<tile=(4x16), tensor_view<8x32xf32, strides=[32,1]>>\n"
    "  %pp = make_partition_view %tp : partition_view<tile=(4x16), tensor_view<8x32xf32, strides=[32,1]>>\n"
    "  %x, %y, %z = get_tile_block_id : tile<i32>\n"
    "  %c0 = constant <i32: 0> : tile<i32>\n"
    "  %t, %k = load_view_tko weak %pa[%y, %x] : partition_view<tile=(4x16), tensor_view<8x24xbf16, strides=[24,1]>>, tile<i32> -> tile<4x16xbf16>, token\n"
    "  %wt, %k1 = load_view_tko weak %pw[%c0, %c0] : partition_view<tile=(16x16), tensor_view<16x16xbf16, strides=[16,1]>>, tile<i32> -> tile<16x16xbf16>, token\n"
    "  %f = ftof %t : tile<4x16xbf16> -> tile<4x16xf32>\n"
    "  %k2 = store_view_tko weak %f, %po[%y, %x] : tile<4x16xf32>, partition_view<tile=(4x16), tensor_view<8x32xf32, strides=[32,1]>>, tile<i32> -> token\n"
    "  %zero = constant <f32: 0.0> : tile<4x16xf32>\n"
    "  %m = mmaf %t, %wt, %zero : tile<4x16xbf16>, tile<16x16xbf16>, tile<4x16xf32>\n"
    "  %k3 = store_view_tko weak %m, %pp[%y, %x] : tile<4x16xf32>, partition_view<tile=(4x16), tensor_view<8x32xf32, strides=[32,1]>>, tile<i32> -> token\n"
    "  return\n"
    " }\n"
    "}\n";

static InterpArg buf(void *p, size_t bytes) {
  InterpArg a = {INTERP_ARG_BUFFER, 0, 0, p, bytes};
  return a;
}

static float bf16_ref(uint16_t h) { return (float)ir_float_from_bits(IR_BF16, h); }

static void test_bf16_views(void) {
  IrOp *m = parse(bf16_src);
  if (!m) return;
  uint16_t A[8 * 24], W[16 * 16];
  for (int i = 0; i < 8 * 24; i++) {
    rng = rng * 1103515245u + 12345u;
    A[i] = (uint16_t)(rng >> 16);
    if ((A[i] & 0x7F80) == 0x7F80) A[i] &= 0xBFFF; /* NaNs only where placed below */
  }
  /* NaNs in both halves: quiet with payload, signalling, negative */
  A[0 * 24 + 3] = 0x7FC1;
  A[1 * 24 + 5] = 0x7F81;
  A[5 * 24 + 7] = 0xFFA0;
  A[2 * 24 + 20] = 0x7F82;
  A[6 * 24 + 17] = 0xFFC3;
  A[3 * 24 + 9] = 0x7F80;  /* +inf */
  A[4 * 24 + 18] = 0x0001; /* subnormal */
  for (int i = 0; i < 16 * 16; i++) {
    rng = rng * 1103515245u + 12345u;
    float v = (float)((rng >> 8) & 0xFF) / 64.0f - 2.0f; /* exact in bf16 */
    W[i] = (uint16_t)(fbits(v) >> 16);
  }
  float O[8 * 32], P[8 * 32];
  for (int i = 0; i < 8 * 32; i++) O[i] = P[i] = -1.0f;
  InterpArg a[4] = {buf(A, sizeof A), buf(W, sizeof W), buf(O, sizeof O), buf(P, sizeof P)};
  InterpOptions o = {.grid = {2, 2, 1}, .threads = 1};
  CHECK(interp_run(m, "cvt", a, 4, &o));
  int bad = 0, badp = 0;
  for (int r = 0; r < 8; r++)
    for (int c = 0; c < 32; c++) {
      float want = c < 24 ? bf16_ref(A[r * 24 + c]) : 0.0f;
      float got = O[r * 32 + c];
      if (isnan(want) ? fbits(want) != fbits(got) : want != got) bad++;
      float acc = 0.0f; /* mmaf: fmaf chain over k = 0..15 of the padded tile */
      int c0 = c / 16 * 16;
      for (int k = 0; k < 16; k++) {
        float av = c0 + k < 24 ? bf16_ref(A[r * 24 + c0 + k]) : 0.0f;
        acc = fmaf(av, bf16_ref(W[k * 16 + c % 16]), acc);
      }
      float gp = P[r * 32 + c];
      if (isnan(acc) ? !isnan(gp) : fbits(acc) != fbits(gp)) badp++;
    }
  CHECK_EQ_INT(bad, 0);
  CHECK_EQ_INT(badp, 0);
  ir_op_destroy(m);
}

/* A tensor view claiming 8 rows over a 7-row buffer: the dense path's span
 * check fails and the general path reports the first bad element. */
static void test_oob_still_reported(void) {
  static const char src[] =
      "cuda_tile.module @m {\n"
      " entry @k(%a: tile<ptr<f32>>, %o: tile<ptr<f32>>) {\n"
      "  %ta = make_tensor_view %a, shape = [8, 16], strides = [16, 1] : tensor_view<8x16xf32, strides=[16,1]>\n"
      "  %to = make_tensor_view %o, shape = [8, 16], strides = [16, 1] : tensor_view<8x16xf32, strides=[16,1]>\n"
      "  %pa = make_partition_view %ta : partition_view<tile=(8x16), tensor_view<8x16xf32, strides=[16,1]>>\n"
      "  %po = make_partition_view %to : partition_view<tile=(8x16), tensor_view<8x16xf32, strides=[16,1]>>\n"
      "  %c0 = constant <i32: 0> : tile<i32>\n"
      "  %t, %k = load_view_tko weak %pa[%c0, %c0] : partition_view<tile=(8x16), tensor_view<8x16xf32, strides=[16,1]>>, tile<i32> -> tile<8x16xf32>, token\n"
      "  %k2 = store_view_tko weak %t, %po[%c0, %c0] : tile<8x16xf32>, partition_view<tile=(8x16), tensor_view<8x16xf32, strides=[16,1]>>, tile<i32> -> token\n"
      "  return\n"
      " }\n"
      "}\n";
  IrOp *m = parse(src);
  if (!m) return;
  float A[8 * 16], O[8 * 16];
  for (int i = 0; i < 8 * 16; i++) A[i] = (float)i;
  InterpOptions o = {.grid = {1, 1, 1}, .threads = 1};
  InterpArg ok[2] = {buf(A, sizeof A), buf(O, sizeof O)};
  CHECK(interp_run(m, "k", ok, 2, &o));
  CHECK_EQ_INT(diff_bits(A, O, 8 * 16), 0);
  InterpArg short_in[2] = {buf(A, sizeof(float) * 7 * 16), buf(O, sizeof O)};
  CHECK(!interp_run(m, "k", short_in, 2, &o));
  InterpArg short_out[2] = {buf(A, sizeof A), buf(O, sizeof(float) * 7 * 16)};
  CHECK(!interp_run(m, "k", short_out, 2, &o));
  ir_op_destroy(m);
}

/* A 2-D copy through views whose rows are long enough for the non-temporal
 * store path (8192 floats) and short (32 floats, the inline row copy), each
 * at a buffer offset of 0 to 3 floats (so the destination is not 16-byte
 * aligned), bit patterns included (NaN payloads, -0, subnormals). */
static void test_long_rows(void) {
  static const char fmt[] =
      "cuda_tile.module @m {\n"
      " entry @k(%%a: tile<ptr<f32>>, %%o: tile<ptr<f32>>) {\n"
      "  %%ta = make_tensor_view %%a, shape = [%1$d, %2$d], strides = [%2$d, 1] : tensor_view<%1$dx%2$dxf32, strides=[%2$d,1]>\n"
      "  %%to = make_tensor_view %%o, shape = [%1$d, %2$d], strides = [%2$d, 1] : tensor_view<%1$dx%2$dxf32, strides=[%2$d,1]>\n"
      "  %%pa = make_partition_view %%ta : partition_view<tile=(2x%2$d), tensor_view<%1$dx%2$dxf32, strides=[%2$d,1]>>\n"
      "  %%po = make_partition_view %%to : partition_view<tile=(2x%2$d), tensor_view<%1$dx%2$dxf32, strides=[%2$d,1]>>\n"
      "  %%x, %%y, %%z = get_tile_block_id : tile<i32>\n"
      "  %%c0 = constant <i32: 0> : tile<i32>\n"
      "  %%t, %%k = load_view_tko weak %%pa[%%x, %%c0] : partition_view<tile=(2x%2$d), tensor_view<%1$dx%2$dxf32, strides=[%2$d,1]>>, tile<i32> -> tile<2x%2$dxf32>, token\n"
      "  %%k2 = store_view_tko weak %%t, %%po[%%x, %%c0] : tile<2x%2$dxf32>, partition_view<tile=(2x%2$d), tensor_view<%1$dx%2$dxf32, strides=[%2$d,1]>>, tile<i32> -> token\n"
      "  return\n"
      " }\n"
      "}\n";
  static const int cols[] = {8192, 32};
  for (int ci = 0; ci < 2; ci++) {
    int rows = 4, nc = cols[ci];
    char src[4096];
    snprintf(src, sizeof src, fmt, rows, nc);
    IrOp *m = parse(src);
    if (!m) return;
    size_t n = (size_t)rows * nc;
    uint32_t *A = malloc((n + 4) * 4), *O = malloc((n + 4) * 4);
    for (int off = 0; off < 4; off++) {
      for (size_t i = 0; i < n + 4; i++) {
        rng = rng * 1103515245u + 12345u;
        A[i] = rng;
        O[i] = 0xDEADBEEFu;
      }
      A[off + 1] = 0x7FC00001u; /* quiet NaN with payload */
      A[off + 2] = 0x7F800001u; /* signalling NaN */
      A[off + 3] = 0x80000000u; /* -0 */
      A[off + 4] = 0x00000001u; /* subnormal */
      InterpArg a[2] = {buf(A + off, n * 4), buf(O + off, n * 4)};
      InterpOptions o = {.grid = {2, 1, 1}, .threads = 2};
      CHECK(interp_run(m, "k", a, 2, &o));
      int bad = 0;
      for (size_t i = 0; i < n; i++) bad += O[off + i] != A[off + i];
      for (int i = 0; i < off; i++) bad += O[i] != 0xDEADBEEFu;        /* before the view */
      for (size_t i = n + off; i < n + 4; i++) bad += O[i] != 0xDEADBEEFu; /* after it */
      CHECK_EQ_INT(bad, 0);
    }
    free(A);
    free(O);
    ir_op_destroy(m);
  }
}

static void quiet(void *user, const IrDiag *d) {
  (void)d;
  ++*(int *)user;
}

static void kernel_cases(void) {
  test_kernel_shapes();
  test_fused();
}

UNIT_MAIN {
  each_isa(kernel_cases);
  test_prefetch(); /* counts from a fresh queue: once */
  ctx = ir_context_create();
  ctile_register_all(ctx);
  int nerr = 0;
  ir_ctx_set_diag_handler(ctx, quiet, &nerr);
  test_bf16_views();
  test_long_rows();
  test_oob_still_reported();
  CHECK_EQ_INT(nerr, 2); /* the two out-of-bounds runs */
  ir_context_destroy(ctx);
}
