/* test_interp.c — whole kernels run by lib/interp, each checked against a
 * reference computed independently here in plain C: a tiled GEMM with a
 * k-loop (bit-exact against sequential fmaf, and -j1 == -j2), softmax and
 * layernorm (against double precision), a histogram with atomics, a prefix
 * scan, and a loop with early exit.  Also checks argument validation,
 * print_tko output through the InterpOptions sink, the step budget at its
 * exact boundary (InterpOptions and the C API), and overflow<...> flags of
 * addi/subi/muli/shli at every width against __builtin_*_overflow. */
#include <math.h>
#include <stdlib.h>

#include "asm/asm.h"
#include "capi/capi_internal.h"
#include "dialect/dialects.h"
#include "ctile/ctile.h"
#include "interp/interp.h"
#include "unit.h"

static IrContext *ctx;
static unsigned rng = 1;
static float frand(void) {
  rng = rng * 1103515245u + 12345u;
  return (float)((rng >> 8) & 0xFFFF) / 32768.0f - 1.0f;
}

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

static InterpArg buf(void *p, size_t bytes) {
  InterpArg a = {INTERP_ARG_BUFFER, 0, 0, p, bytes};
  return a;
}
static InterpArg scal(int64_t v) {
  InterpArg a = {INTERP_ARG_SCALAR, v, 0, NULL, 0};
  return a;
}

static bool run(IrOp *m, const char *entry, InterpArg *a, size_t n, int64_t gx, int64_t gy,
                int threads) {
  InterpOptions o = {.grid = {gx, gy, 1}, .threads = threads};
  return interp_run(m, entry, a, n, &o);
}

/* ---- GEMM ------------------------------------------------------------------ */
static const char gemm_src[] =
    "cuda_tile.module @m {\n"
    " entry @gemm(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>, %c: tile<ptr<f32>>, %m: tile<i32>, %n: tile<i32>, %k: tile<i32>) {\n"
    "  %tva = make_tensor_view %a, shape = [%m, %k], strides = [%k, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>\n"
    "  %tvb = make_tensor_view %b, shape = [%k, %n], strides = [%n, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>\n"
    "  %tvc = make_tensor_view %c, shape = [%m, %n], strides = [%n, 1] : tile<i32> -> tensor_view<?x?xf32, strides=[?,1]>\n"
    "  %pa = make_partition_view %tva : partition_view<tile=(64x32), tensor_view<?x?xf32, strides=[?,1]>>\n"
    "  %pb = make_partition_view %tvb : partition_view<tile=(32x64), tensor_view<?x?xf32, strides=[?,1]>>\n"
    "  %pc = make_partition_view %tvc : partition_view<tile=(64x64), tensor_view<?x?xf32, strides=[?,1]>>\n"
    "  %bx, %by, %bz = get_tile_block_id : tile<i32>\n"
    "  %c0 = constant <i32: 0> : tile<i32>\n"
    "  %c1 = constant <i32: 1> : tile<i32>\n"
    "  %c32 = constant <i32: 32> : tile<i32>\n"
    "  %nk = divi %k, %c32 signed : tile<i32>\n"
    "  %zero = constant <f32: 0.0> : tile<64x64xf32>\n"
    "  %acc = for %kk in (%c0 to %nk, step %c1) : tile<i32> iter_values(%cur = %zero) -> (tile<64x64xf32>) {\n"
    "   %ta, %t1 = load_view_tko weak %pa[%by, %kk] : partition_view<tile=(64x32), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<64x32xf32>, token\n"
    "   %tb, %t2 = load_view_tko weak %pb[%kk, %bx] : partition_view<tile=(32x64), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<32x64xf32>, token\n"
    "   %r = mmaf %ta, %tb, %cur : tile<64x32xf32>, tile<32x64xf32>, tile<64x64xf32>\n"
    "   continue %r : tile<64x64xf32>\n"
    "  }\n"
    "  %t3 = store_view_tko weak %acc, %pc[%by, %bx] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token\n"
    "  return\n"
    " }\n"
    "}\n";

static void test_gemm(void) {
  enum { M = 128, N = 192, K = 96 };
  IrOp *m = parse(gemm_src);
  if (!m) return;
  float *A = malloc(sizeof(float) * M * K), *B = malloc(sizeof(float) * K * N);
  float *C1 = calloc(M * N, sizeof(float)), *C2 = calloc(M * N, sizeof(float));
  for (int i = 0; i < M * K; i++) A[i] = frand();
  for (int i = 0; i < K * N; i++) B[i] = frand();
  InterpArg a[6] = {buf(A, sizeof(float) * M * K), buf(B, sizeof(float) * K * N),
                    buf(C1, sizeof(float) * M * N), scal(M), scal(N), scal(K)};
  CHECK(run(m, "gemm", a, 6, N / 64, M / 64, 1));
  a[2] = buf(C2, sizeof(float) * M * N);
  CHECK(run(m, "gemm", a, 6, N / 64, M / 64, 2));
  int exact_bad = 0, thread_bad = 0;
  double maxerr = 0;
  for (int i = 0; i < M; i++)
    for (int j = 0; j < N; j++) {
      float acc = 0;
      double ref = 0;
      for (int k = 0; k < K; k++) {
        acc = fmaf(A[i * K + k], B[k * N + j], acc); /* the documented semantics */
        ref += (double)A[i * K + k] * B[k * N + j];
      }
      if (acc != C1[i * N + j]) exact_bad++;
      if (C1[i * N + j] != C2[i * N + j]) thread_bad++;
      double e = fabs(ref - C1[i * N + j]);
      if (e > maxerr) maxerr = e;
    }
  CHECK_EQ_INT(exact_bad, 0);
  CHECK_EQ_INT(thread_bad, 0);
  CHECK(maxerr < 1e-4);
  free(A);
  free(B);
  free(C1);
  free(C2);
  ir_op_destroy(m);
}

/* ---- softmax and layernorm over rows of a 8x64 matrix (2 blocks of 4 rows) ---- */
#define ROWVIEW "partition_view<tile=(4x64), tensor_view<8x64xf32, strides=[64,1]>>"
static const char norm_src[] =
    "cuda_tile.module @m {\n"
    " entry @softmax(%x: tile<ptr<f32>>, %y: tile<ptr<f32>>) {\n"
    "  %tx = make_tensor_view %x, shape = [8, 64], strides = [64, 1] : tensor_view<8x64xf32, strides=[64,1]>\n"
    "  %ty = make_tensor_view %y, shape = [8, 64], strides = [64, 1] : tensor_view<8x64xf32, strides=[64,1]>\n"
    "  %px = make_partition_view %tx : " ROWVIEW "\n"
    "  %py = make_partition_view %ty : " ROWVIEW "\n"
    "  %b, %u, %v = get_tile_block_id : tile<i32>\n"
    "  %c0 = constant <i32: 0> : tile<i32>\n"
    "  %t, %k = load_view_tko weak %px[%b, %c0] : " ROWVIEW ", tile<i32> -> tile<4x64xf32>, token\n"
    "  %mx = reduce %t dim=1 identities=[0xFF800000 : f32] : tile<4x64xf32> -> tile<4xf32>\n"
    "   (%e: tile<f32>, %a: tile<f32>) {\n"
    "    %r = maxf %e, %a : tile<f32>\n"
    "    yield %r : tile<f32>\n"
    "   }\n"
    "  %mx2 = reshape %mx : tile<4xf32> -> tile<4x1xf32>\n"
    "  %mxb = broadcast %mx2 : tile<4x1xf32> -> tile<4x64xf32>\n"
    "  %d = subf %t, %mxb : tile<4x64xf32>\n"
    "  %ex = exp %d : tile<4x64xf32>\n"
    "  %s = reduce %ex dim=1 identities=[0.0 : f32] : tile<4x64xf32> -> tile<4xf32>\n"
    "   (%e: tile<f32>, %a: tile<f32>) {\n"
    "    %r = addf %e, %a : tile<f32>\n"
    "    yield %r : tile<f32>\n"
    "   }\n"
    "  %s2 = reshape %s : tile<4xf32> -> tile<4x1xf32>\n"
    "  %sb = broadcast %s2 : tile<4x1xf32> -> tile<4x64xf32>\n"
    "  %o = divf %ex, %sb : tile<4x64xf32>\n"
    "  %k2 = store_view_tko weak %o, %py[%b, %c0] : tile<4x64xf32>, " ROWVIEW ", tile<i32> -> token\n"
    "  return\n"
    " }\n"
    " entry @layernorm(%x: tile<ptr<f32>>, %y: tile<ptr<f32>>) {\n"
    "  %tx = make_tensor_view %x, shape = [8, 64], strides = [64, 1] : tensor_view<8x64xf32, strides=[64,1]>\n"
    "  %ty = make_tensor_view %y, shape = [8, 64], strides = [64, 1] : tensor_view<8x64xf32, strides=[64,1]>\n"
    "  %px = make_partition_view %tx : " ROWVIEW "\n"
    "  %py = make_partition_view %ty : " ROWVIEW "\n"
    "  %b, %u, %v = get_tile_block_id : tile<i32>\n"
    "  %c0 = constant <i32: 0> : tile<i32>\n"
    "  %t, %k = load_view_tko weak %px[%b, %c0] : " ROWVIEW ", tile<i32> -> tile<4x64xf32>, token\n"
    "  %s = reduce %t dim=1 identities=[0.0 : f32] : tile<4x64xf32> -> tile<4xf32>\n"
    "   (%e: tile<f32>, %a: tile<f32>) {\n"
    "    %r = addf %e, %a : tile<f32>\n"
    "    yield %r : tile<f32>\n"
    "   }\n"
    "  %n = constant <f32: 64.0> : tile<4xf32>\n"
    "  %mean = divf %s, %n : tile<4xf32>\n"
    "  %m2 = reshape %mean : tile<4xf32> -> tile<4x1xf32>\n"
    "  %mb = broadcast %m2 : tile<4x1xf32> -> tile<4x64xf32>\n"
    "  %d = subf %t, %mb : tile<4x64xf32>\n"
    "  %sq = mulf %d, %d : tile<4x64xf32>\n"
    "  %vs = reduce %sq dim=1 identities=[0.0 : f32] : tile<4x64xf32> -> tile<4xf32>\n"
    "   (%e: tile<f32>, %a: tile<f32>) {\n"
    "    %r = addf %e, %a : tile<f32>\n"
    "    yield %r : tile<f32>\n"
    "   }\n"
    "  %var = divf %vs, %n : tile<4xf32>\n"
    "  %eps = constant <f32: 1.0e-5> : tile<4xf32>\n"
    "  %ve = addf %var, %eps : tile<4xf32>\n"
    "  %rs = rsqrt %ve : tile<4xf32>\n"
    "  %r2 = reshape %rs : tile<4xf32> -> tile<4x1xf32>\n"
    "  %rb = broadcast %r2 : tile<4x1xf32> -> tile<4x64xf32>\n"
    "  %o = mulf %d, %rb : tile<4x64xf32>\n"
    "  %k2 = store_view_tko weak %o, %py[%b, %c0] : tile<4x64xf32>, " ROWVIEW ", tile<i32> -> token\n"
    "  return\n"
    " }\n"
    "}\n";

static void test_softmax_layernorm(void) {
  IrOp *m = parse(norm_src);
  if (!m) return;
  float x[8 * 64], y[8 * 64];
  for (int i = 0; i < 8 * 64; i++) x[i] = 4.0f * frand();
  InterpArg a[2] = {buf(x, sizeof x), buf(y, sizeof y)};
  memset(y, 0, sizeof y);
  CHECK(run(m, "softmax", a, 2, 2, 1, 2));
  double maxerr = 0;
  for (int r = 0; r < 8; r++) {
    double mx = -INFINITY, s = 0;
    for (int j = 0; j < 64; j++) mx = fmax(mx, x[r * 64 + j]);
    for (int j = 0; j < 64; j++) s += exp(x[r * 64 + j] - mx);
    for (int j = 0; j < 64; j++) {
      double e = fabs(exp(x[r * 64 + j] - mx) / s - y[r * 64 + j]);
      if (e > maxerr) maxerr = e;
    }
  }
  CHECK(maxerr < 1e-6);
  memset(y, 0, sizeof y);
  CHECK(run(m, "layernorm", a, 2, 2, 1, 1));
  maxerr = 0;
  for (int r = 0; r < 8; r++) {
    double mean = 0, var = 0;
    for (int j = 0; j < 64; j++) mean += x[r * 64 + j];
    mean /= 64;
    for (int j = 0; j < 64; j++) var += (x[r * 64 + j] - mean) * (x[r * 64 + j] - mean);
    var /= 64;
    for (int j = 0; j < 64; j++) {
      double e = fabs((x[r * 64 + j] - mean) / sqrt(var + 1e-5) - y[r * 64 + j]);
      if (e > maxerr) maxerr = e;
    }
  }
  CHECK(maxerr < 1e-4);
  ir_op_destroy(m);
}

/* ---- histogram (atomics), prefix scan, early exit ---------------------------- */
#define V128 "partition_view<tile=(128), tensor_view<1024xi32, strides=[1]>>"
static const char misc_src[] =
    "cuda_tile.module @m {\n"
    " entry @hist(%x: tile<ptr<i32>>, %h: tile<ptr<i32>>) {\n"
    "  %tx = make_tensor_view %x, shape = [1024], strides = [1] : tensor_view<1024xi32, strides=[1]>\n"
    "  %px = make_partition_view %tx : " V128 "\n"
    "  %b, %u, %v = get_tile_block_id : tile<i32>\n"
    "  %t, %k = load_view_tko weak %px[%b] : " V128 ", tile<i32> -> tile<128xi32>, token\n"
    "  %h1 = reshape %h : tile<ptr<i32>> -> tile<1xptr<i32>>\n"
    "  %hb = broadcast %h1 : tile<1xptr<i32>> -> tile<128xptr<i32>>\n"
    "  %p = offset %hb, %t : tile<128xptr<i32>>, tile<128xi32> -> tile<128xptr<i32>>\n"
    "  %one = constant <i32: 1> : tile<128xi32>\n"
    "  %o, %k2 = atomic_rmw_tko relaxed device %p, add, %one : tile<128xptr<i32>>, tile<128xi32> -> tile<128xi32>, token\n"
    "  return\n"
    " }\n"
    " entry @prefix(%x: tile<ptr<i32>>, %y: tile<ptr<i32>>) {\n"
    "  %tx = make_tensor_view %x, shape = [1024], strides = [1] : tensor_view<1024xi32, strides=[1]>\n"
    "  %ty = make_tensor_view %y, shape = [1024], strides = [1] : tensor_view<1024xi32, strides=[1]>\n"
    "  %px = make_partition_view %tx : " V128 "\n"
    "  %py = make_partition_view %ty : " V128 "\n"
    "  %b, %u, %v = get_tile_block_id : tile<i32>\n"
    "  %t, %k = load_view_tko weak %px[%b] : " V128 ", tile<i32> -> tile<128xi32>, token\n"
    "  %s = scan %t dim=0 reverse=false identities=[0 : i32] : tile<128xi32> -> tile<128xi32>\n"
    "   (%e: tile<i32>, %a: tile<i32>) {\n"
    "    %r = addi %e, %a : tile<i32>\n"
    "    yield %r : tile<i32>\n"
    "   }\n"
    "  %k2 = store_view_tko weak %s, %py[%b] : tile<128xi32>, " V128 ", tile<i32> -> token\n"
    "  return\n"
    " }\n"
    /* per block: index of the first element > limit in its 128-element chunk, or 128 */
    " entry @first(%x: tile<ptr<i32>>, %y: tile<ptr<i32>>, %lim: tile<i32>) {\n"
    "  %b, %u, %v = get_tile_block_id : tile<i32>\n"
    "  %c0 = constant <i32: 0> : tile<i32>\n"
    "  %c1 = constant <i32: 1> : tile<i32>\n"
    "  %c128 = constant <i32: 128> : tile<i32>\n"
    "  %base = muli %b, %c128 : tile<i32>\n"
    "  %r = loop iter_values(%i = %c0) : tile<i32> -> tile<i32> {\n"
    "   %end = cmpi greater_than_or_equal %i, %c128, signed : tile<i32> -> tile<i1>\n"
    "   if %end {\n"
    "    break %i : tile<i32>\n"
    "   }\n"
    "   %g = addi %base, %i : tile<i32>\n"
    "   %p = offset %x, %g : tile<ptr<i32>>, tile<i32> -> tile<ptr<i32>>\n"
    "   %e, %t = load_ptr_tko weak %p : tile<ptr<i32>> -> tile<i32>, token\n"
    "   %hit = cmpi greater_than %e, %lim, signed : tile<i32> -> tile<i1>\n"
    "   if %hit {\n"
    "    break %i : tile<i32>\n"
    "   }\n"
    "   %n = addi %i, %c1 : tile<i32>\n"
    "   continue %n : tile<i32>\n"
    "  }\n"
    "  %q = offset %y, %b : tile<ptr<i32>>, tile<i32> -> tile<ptr<i32>>\n"
    "  %t2 = store_ptr_tko weak %q, %r : tile<ptr<i32>>, tile<i32> -> token\n"
    "  print_tko \"block %d: %d\\n\", %b, %r : tile<i32>, tile<i32> -> token\n"
    "  return\n"
    " }\n"
    "}\n";

static void sink(void *user, const char *text, size_t len) {
  StrBuf *b = user;
  sb_putn(b, text, len);
}

static void test_misc(void) {
  IrOp *m = parse(misc_src);
  if (!m) return;
  static int32_t x[1024], y[1024], h[16];
  for (int i = 0; i < 1024; i++) x[i] = (int32_t)(((rng = rng * 1103515245u + 12345u) >> 16) % 16u);
  InterpArg a[3] = {buf(x, sizeof x), buf(h, sizeof h), scal(0)};
  CHECK(run(m, "hist", a, 2, 8, 1, 2));
  int ref[16] = {0};
  for (int i = 0; i < 1024; i++) ref[x[i]]++;
  int bad = 0;
  for (int i = 0; i < 16; i++) bad += ref[i] != h[i];
  CHECK_EQ_INT(bad, 0);

  for (int i = 0; i < 1024; i++) x[i] = (int32_t)(rng = rng * 1103515245u + 12345u) % 1000;
  a[1] = buf(y, sizeof y);
  CHECK(run(m, "prefix", a, 2, 8, 1, 2));
  bad = 0;
  for (int b = 0; b < 8; b++) {
    int32_t s = 0;
    for (int i = 0; i < 128; i++) {
      s += x[b * 128 + i];
      bad += s != y[b * 128 + i];
    }
  }
  CHECK_EQ_INT(bad, 0);

  /* early exit: values 0..999; limit 990 is often not reached in 128 elements */
  memset(y, 0, sizeof y);
  a[2] = scal(990);
  StrBuf out = {0};
  InterpOptions o = {.grid = {8, 1, 1}, .threads = 2, .print = sink, .print_user = &out};
  CHECK(interp_run(m, "first", a, 3, &o));
  StrBuf want = {0};
  bad = 0;
  for (int b = 0; b < 8; b++) {
    int r = 128;
    for (int i = 0; i < 128; i++)
      if (x[b * 128 + i] > 990) {
        r = i;
        break;
      }
    bad += y[b] != r;
    sb_printf(&want, "block %d: %d\n", b, r);
  }
  CHECK_EQ_INT(bad, 0);
  CHECK_STREQ(sb_cstr(&out), sb_cstr(&want));
  sb_free(&out);
  sb_free(&want);

  /* argument validation */
  InterpArg wrong[2] = {scal(1), buf(y, sizeof y)};
  CHECK(!run(m, "prefix", wrong, 2, 1, 1, 1));
  CHECK(!run(m, "prefix", a, 1, 1, 1, 1));
  CHECK(!run(m, "nosuch", a, 2, 1, 1, 1));
  /* a buffer too small for the view: reported, not touched */
  InterpArg small[2] = {buf(x, 16), buf(y, sizeof y)};
  CHECK(!run(m, "prefix", small, 2, 1, 1, 1));
  ir_op_destroy(m);
}

/* ---- the C API: ctileRunEntry --------------------------------------------- */
static void capi_sink(CtileStringRef piece, void *user) {
  sb_putn((StrBuf *)user, piece.data, piece.length);
}

static void test_capi(void) {
  static const char src[] =
      "cuda_tile.module @m {\n"
      " entry @axpy(%x: tile<ptr<f32>>, %a: tile<f32>) {\n"
      "  %tv = make_tensor_view %x, shape = [8], strides = [1] : tensor_view<8xf32, strides=[1]>\n"
      "  %pv = make_partition_view %tv : partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>\n"
      "  %c0 = constant <i32: 0> : tile<i32>\n"
      "  %t, %k = load_view_tko weak %pv[%c0] : partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>, tile<i32> -> tile<8xf32>, token\n"
      "  %a1 = reshape %a : tile<f32> -> tile<1xf32>\n"
      "  %ab = broadcast %a1 : tile<1xf32> -> tile<8xf32>\n"
      "  %r = mulf %t, %ab : tile<8xf32>\n"
      "  %k2 = store_view_tko weak %r, %pv[%c0] : tile<8xf32>, partition_view<tile=(8), tensor_view<8xf32, strides=[1]>>, tile<i32> -> token\n"
      "  print_tko \"%.1f\\n\", %a : tile<f32> -> token\n"
      "  return\n"
      " }\n"
      "}\n";
  CtileContext c = ctileContextCreate();
  CtileModule m = ctileModuleParse(c, src, strlen(src), "capi.mlir");
  if (!CHECK(!ctileModuleIsNull(m))) {
    ctileContextDestroy(c);
    return;
  }
  CHECK(ctileModuleVerify(m));
  float x[8];
  for (int i = 0; i < 8; i++) x[i] = (float)i;
  CtileRunArg args[2] = {ctileRunArgBuffer(x, sizeof x), ctileRunArgFloat(2.5)};
  StrBuf out = {0};
  CtileRunOptions o = {{1, 1, 1}, 1, capi_sink, &out, 0, 0, 0};
  CHECK(ctileRunEntry(m, ctileStringRefCreate("axpy", 4), args, 2, &o));
  int bad = 0;
  for (int i = 0; i < 8; i++) bad += x[i] != 2.5f * (float)i;
  CHECK_EQ_INT(bad, 0);
  CHECK_STREQ(sb_cstr(&out), "2.5\n");
  sb_free(&out);
  ctileModuleDestroy(m);
  ctileContextDestroy(c);
}

static void quiet(void *user, const IrDiag *d) {
  (void)d;
  ++*(int *)user;
}

/* Keeps the last diagnostic's message (tests of expected runtime errors). */
static void keep_last(void *user, const IrDiag *d) {
  StrBuf *b = user;
  sb_clear(b);
  sb_putn(b, d->msg.s, d->msg.len);
}

/* ---- the step budget -------------------------------------------------------- */
/* A for loop of n iterations runs 5 + 2n ops (2 constants, the for, addi and
 * continue per iteration, the store, return): exactly that budget passes,
 * one less fails; through InterpOptions and through the C API. */
static void test_step_limit(void) {
  static const char src[] =
      "cuda_tile.module @m {\n"
      " entry @count(%p: tile<ptr<i32>>, %n: tile<i32>) {\n"
      "  %z = constant <i32: 0> : tile<i32>\n"
      "  %one = constant <i32: 1> : tile<i32>\n"
      "  %r = for %iv in (%z to %n, step %one) : tile<i32> iter_values(%acc = %z) -> (tile<i32>) {\n"
      "   %a = addi %acc, %iv : tile<i32>\n"
      "   continue %a : tile<i32>\n"
      "  }\n"
      "  %t = store_ptr_tko weak %p, %r : tile<ptr<i32>>, tile<i32> -> token\n"
      "  return\n"
      " }\n"
      "}\n";
  IrOp *m = parse(src);
  if (!m) return;
  StrBuf last = {0};
  IrDiagHandler oh;
  void *ou;
  ir_ctx_get_diag_handler(ctx, &oh, &ou);
  ir_ctx_set_diag_handler(ctx, keep_last, &last);
  int32_t out = 0;
  for (int n = 0; n <= 300; n += 100) {
    InterpArg a[2] = {buf(&out, sizeof out), scal(n)};
    InterpOptions o = {.grid = {2, 1, 1}, .threads = 2, .max_steps = (uint64_t)(5 + 2 * n)};
    out = -1;
    CHECK(interp_run(m, "count", a, 2, &o));
    CHECK_EQ_INT(out, n * (n - 1) / 2);
    o.max_steps--;
    CHECK(!interp_run(m, "count", a, 2, &o));
    CHECK(strstr(sb_cstr(&last), "exceeded the step limit of ") != NULL);
    CHECK(strstr(sb_cstr(&last), "(tile block (0, 0, 0))") != NULL);
  }
  /* the C API: maxSteps 0 is unlimited, a small budget stops the loop */
  CtileRunArg ca[2] = {ctileRunArgBuffer(&out, sizeof out), ctileRunArgInt(1000)};
  CtileRunOptions co = {{1, 1, 1}, 1, NULL, NULL, 0, 0, 0};
  CHECK(ctileRunEntry(capi_wrap_module(m), ctileStringRefCreate("count", 5), ca, 2, &co));
  CHECK_EQ_INT(out, 499500);
  co.maxSteps = 2004;
  CHECK(!ctileRunEntry(capi_wrap_module(m), ctileStringRefCreate("count", 5), ca, 2, &co));
  CHECK(strstr(sb_cstr(&last), "'cuda_tile.return' op exceeded the step limit of 2004 "
                               "steps per tile block") != NULL);
  ir_ctx_set_diag_handler(ctx, oh, ou);
  sb_free(&last);
  ir_op_destroy(m);
}

/* ---- overflow flags against the compiler's checked arithmetic ----------------- */
/* For addi/subi/muli/shli at every width with each flag, on operands around
 * each width's limits: the run fails exactly when __builtin_*_overflow says
 * the exact result does not fit the signed / unsigned type, and otherwise
 * stores the wrapped result. */
static bool ref_wraps(int op, int w, bool uns, int64_t a, int64_t b) {
  __int128 x = a, y = b;
  if (uns) { /* operands as unsigned w-bit values */
    x = (__int128)(w == 64 ? (uint64_t)a : (uint64_t)a & (((uint64_t)1 << w) - 1));
    y = (__int128)(w == 64 ? (uint64_t)b : (uint64_t)b & (((uint64_t)1 << w) - 1));
  }
  if (op == 3) { /* shli: x * 2^s, amount unsigned */
    uint64_t s = w == 64 ? (uint64_t)b : (uint64_t)b & (((uint64_t)1 << w) - 1);
    if (s >= (uint64_t)w) return x != 0;
    y = (__int128)1 << s;
  }
#define REF(T)                                                                  \
  do {                                                                          \
    T r;                                                                        \
    return op == 0 ? __builtin_add_overflow(x, y, &r)                           \
           : op == 1 ? __builtin_sub_overflow(x, y, &r)                         \
                     : __builtin_mul_overflow(x, y, &r);                        \
  } while (0)
  switch (w * 2 + uns) {
  case 16: REF(int8_t);
  case 17: REF(uint8_t);
  case 32: REF(int16_t);
  case 33: REF(uint16_t);
  case 64: REF(int32_t);
  case 65: REF(uint32_t);
  case 128: REF(int64_t);
  default: REF(uint64_t);
  }
#undef REF
}

static void test_overflow_flags(void) {
  static const char *const ops[] = {"addi", "subi", "muli", "shli"};
  static const char *const flags[] = {"no_signed_wrap", "no_unsigned_wrap", "no_wrap"};
  static const int widths[] = {8, 16, 32, 64};
  StrBuf src = {0};
  sb_printf(&src, "cuda_tile.module @m {\n");
  for (int o = 0; o < 4; o++)
    for (int f = 0; f < 3; f++)
      for (int wi = 0; wi < 4; wi++) {
        int w = widths[wi];
        sb_printf(&src, " entry @%s_%d_i%d(%%p: tile<ptr<i%d>>, %%a: tile<i%d>, %%b: tile<i%d>) {\n"
                        "  %%r = %s %%a, %%b overflow<%s> : tile<i%d>\n"
                        "  %%t = store_ptr_tko weak %%p, %%r : tile<ptr<i%d>>, tile<i%d> -> token\n"
                        "  return\n }\n",
                  ops[o], f, w, w, w, w, ops[o], flags[f], w, w, w);
      }
  sb_printf(&src, "}\n");
  IrOp *m = parse(sb_cstr(&src));
  sb_free(&src);
  if (!m) return;
  IrDiagHandler oh;
  void *ou;
  ir_ctx_get_diag_handler(ctx, &oh, &ou);
  int nerr = 0;
  ir_ctx_set_diag_handler(ctx, quiet, &nerr);
  int bad = 0, fails = 0, runs = 0;
  for (int wi = 0; wi < 4; wi++) {
    int w = widths[wi];
    int64_t smax = w == 64 ? INT64_MAX : ((int64_t)1 << (w - 1)) - 1, smin = -smax - 1;
    int64_t vals[] = {0, 1, 2, 3, -1, -2, smax, smax - 1, smin, smin + 1, smax / 2, smin / 2,
                      smax / 2 + 1, (int64_t)1 << (w / 2), ((int64_t)1 << (w / 2)) - 1,
                      w - 1, w};
    size_t nv = sizeof vals / sizeof vals[0];
    for (int o = 0; o < 4; o++)
      for (int f = 0; f < 3; f++) {
        char name[32];
        snprintf(name, sizeof name, "%s_%d_i%d", ops[o], f, w);
        for (size_t i = 0; i < nv; i++)
          for (size_t j = 0; j < nv; j++) {
            int64_t out = 0x5A5A;
            InterpArg a[3] = {buf(&out, sizeof out), scal(vals[i]), scal(vals[j])};
            bool want_fail = ((f == 0 || f == 2) && ref_wraps(o, w, false, vals[i], vals[j])) ||
                             ((f == 1 || f == 2) && ref_wraps(o, w, true, vals[i], vals[j]));
            bool ok = run(m, name, a, 3, 1, 1, 1);
            runs++;
            fails += !ok;
            /* a run that passes stores the wrapped result (little-endian) */
            uint64_t ua = (uint64_t)vals[i], ub = (uint64_t)vals[j];
            uint64_t sh = w == 64 ? ub : ub & (((uint64_t)1 << w) - 1);
            uint64_t wrapped = o == 0 ? ua + ub : o == 1 ? ua - ub : o == 2 ? ua * ub
                             : sh >= (uint64_t)w ? 0 : ua << sh;
            if (ok && memcmp(&out, &wrapped, (size_t)w / 8) != 0) bad++;
            if (ok == want_fail) {
              bad++;
              if (bad < 5) printf("  %s(%lld, %lld): ran %d, expected %d\n", name,
                                  (long long)vals[i], (long long)vals[j], ok, !want_fail);
            }
          }
      }
  }
  CHECK_EQ_INT(bad, 0);
  CHECK_EQ_INT(nerr, fails);
  CHECK(fails > runs / 10 && fails < runs - runs / 10); /* both outcomes well covered */
  ir_ctx_set_diag_handler(ctx, oh, ou);
  ir_op_destroy(m);
}

UNIT_MAIN {
  ctx = ir_context_create();
  ctile_register_all(ctx);
  int nerr = 0;
  ir_ctx_set_diag_handler(ctx, quiet, &nerr);
  test_gemm();
  test_softmax_layernorm();
  test_misc();
  test_capi();
  CHECK_EQ_INT(nerr, 4); /* the four expected failures of test_misc */
  test_step_limit();
  test_overflow_flags();
  ir_context_destroy(ctx);
}
