/* bench_interp.c — throughput of the cuda_tile interpreter (lib/interp):
 *   gemm       a 1024^3 GEMM written as a tiled cuda_tile kernel with the
 *              tile shapes of examples/gemm.mlir (64x64 f32 output tiles,
 *              mmaf over 64x32 x 32x64 operand tiles, k-loop of 32 steps),
 *              f32 inputs, reported in GFLOP/s (2*M*N*K / time);
 *   gemm-bf16  the same with bf16 A and B and f32 accumulation;
 *   gemm-big, gemm-big-bf16
 *              the same GEMMs with bigger tiles: 128x128 f32 output tiles,
 *              mmaf over 128x64 x 64x128 operand tiles (k-loop of 16 steps);
 *   gemm:TMxTNxTK, gemm-bf16:TMxTNxTK
 *              the same GEMMs with TMxTN output tiles and a k step of TK
 *              (powers of two from 16 to 512 that divide the GEMM size);
 *   add        an element-wise f32 add of 2^24 elements (tiles of 4096), in
 *              elements/s and GB/s, next to a memcpy of one such array;
 *   int        eight element-wise i32 ops (addi muli xori maxi shri divi remi
 *              subi, signed and unsigned) on 2^24 elements in tiles of 4096,
 *              in elements/s (of the result; eight ops each), checked
 *              against the same arithmetic in C;
 * each at -j1 and -j2 (best of R runs, timing interp_run only).  GEMM
 * results are spot-checked against a double-precision reference.  Never run
 * as a test; bench/bench_gemm.sh sets these figures beside NumPy's.
 *
 *   build/bench/bench_interp [R] [gemm|gemm-bf16|gemm-big|gemm-big-bf16|
 *                                 gemm:TMxTNxTK|gemm-bf16:TMxTNxTK|add|int]...
 *
 * BENCH_INTERP_N=n (a multiple of 128) sets the GEMM size instead of 1024,
 * for profiling under valgrind; BENCH_INTERP_J=1 or 2 runs the GEMMs at that
 * thread count only (one run to count under callgrind or cachegrind).  The
 * first line names the GEMM micro-kernels in use (avx512, avx2 or portable;
 * the environment variable CTILE_GEMM=avx2 or CTILE_GEMM=portable caps
 * them). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "asm/asm.h"
#include "dialect/dialects.h"
#include "interp/interp.h"
#include "interp/interp_gemm.h"
#include "interp/interp_host.h"
#include "bench_util.h"

/* The tiled GEMM kernel with element type `et` (f32 or bf16) for A and B,
 * an f32 accumulator and C, TM x TN output tiles and a k step of TK:
 * printf arguments et, TM, TN, TK.  examples/gemm.mlir's shapes are 64, 64,
 * 32. */
static const char gemm_fmt[] =
    "cuda_tile.module @m {\n"
    "  entry @gemm(%%a: tile<ptr<%1$s>>, %%b: tile<ptr<%1$s>>, %%c: tile<ptr<f32>>, %%m: tile<i32>, "
    "%%n: tile<i32>, %%k: tile<i32>) {\n"
    "    %%tva = make_tensor_view %%a, shape = [%%m, %%k], strides = [%%k, 1] : tile<i32> -> "
    "tensor_view<?x?x%1$s, strides=[?,1]>\n"
    "    %%tvb = make_tensor_view %%b, shape = [%%k, %%n], strides = [%%n, 1] : tile<i32> -> "
    "tensor_view<?x?x%1$s, strides=[?,1]>\n"
    "    %%tvc = make_tensor_view %%c, shape = [%%m, %%n], strides = [%%n, 1] : tile<i32> -> "
    "tensor_view<?x?xf32, strides=[?,1]>\n"
    "    %%pa = make_partition_view %%tva : partition_view<tile=(%2$dx%4$d), tensor_view<?x?x%1$s, "
    "strides=[?,1]>>\n"
    "    %%pb = make_partition_view %%tvb : partition_view<tile=(%4$dx%3$d), tensor_view<?x?x%1$s, "
    "strides=[?,1]>>\n"
    "    %%pc = make_partition_view %%tvc : partition_view<tile=(%2$dx%3$d), tensor_view<?x?xf32, "
    "strides=[?,1]>>\n"
    "    %%bx, %%by, %%bz = get_tile_block_id : tile<i32>\n"
    "    %%c0 = constant <i32: 0> : tile<i32>\n"
    "    %%c1 = constant <i32: 1> : tile<i32>\n"
    "    %%ck = constant <i32: %4$d> : tile<i32>\n"
    "    %%nk = divi %%k, %%ck signed : tile<i32>\n"
    "    %%zero = constant <f32: 0.0> : tile<%2$dx%3$dxf32>\n"
    "    %%acc = for %%kk in (%%c0 to %%nk, step %%c1) : tile<i32> iter_values(%%cur = %%zero) -> "
    "(tile<%2$dx%3$dxf32>) {\n"
    "      %%ta, %%t1 = load_view_tko weak %%pa[%%by, %%kk] : partition_view<tile=(%2$dx%4$d), "
    "tensor_view<?x?x%1$s, strides=[?,1]>>, tile<i32> -> tile<%2$dx%4$dx%1$s>, token\n"
    "      %%tb, %%t2 = load_view_tko weak %%pb[%%kk, %%bx] : partition_view<tile=(%4$dx%3$d), "
    "tensor_view<?x?x%1$s, strides=[?,1]>>, tile<i32> -> tile<%4$dx%3$dx%1$s>, token\n"
    "      %%r = mmaf %%ta, %%tb, %%cur : tile<%2$dx%4$dx%1$s>, tile<%4$dx%3$dx%1$s>, tile<%2$dx%3$dxf32>\n"
    "      continue %%r : tile<%2$dx%3$dxf32>\n"
    "    }\n"
    "    %%t3 = store_view_tko weak %%acc, %%pc[%%by, %%bx] : tile<%2$dx%3$dxf32>, "
    "partition_view<tile=(%2$dx%3$d), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token\n"
    "    return\n"
    "  }\n"
    "}\n";

static const char add_src[] =
    "cuda_tile.module @m {\n"
    "  entry @add(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>, %c: tile<ptr<f32>>, %n: tile<i64>) {\n"
    "    %tva = make_tensor_view %a, shape = [%n], strides = [1] : tile<i64> -> "
    "tensor_view<?xf32, strides=[1]>\n"
    "    %tvb = make_tensor_view %b, shape = [%n], strides = [1] : tile<i64> -> "
    "tensor_view<?xf32, strides=[1]>\n"
    "    %tvc = make_tensor_view %c, shape = [%n], strides = [1] : tile<i64> -> "
    "tensor_view<?xf32, strides=[1]>\n"
    "    %pa = make_partition_view %tva : partition_view<tile=(4096), tensor_view<?xf32, "
    "strides=[1]>>\n"
    "    %pb = make_partition_view %tvb : partition_view<tile=(4096), tensor_view<?xf32, "
    "strides=[1]>>\n"
    "    %pc = make_partition_view %tvc : partition_view<tile=(4096), tensor_view<?xf32, "
    "strides=[1]>>\n"
    "    %x, %y, %z = get_tile_block_id : tile<i32>\n"
    "    %ta, %t1 = load_view_tko weak %pa[%x] : partition_view<tile=(4096), tensor_view<?xf32, "
    "strides=[1]>>, tile<i32> -> tile<4096xf32>, token\n"
    "    %tb, %t2 = load_view_tko weak %pb[%x] : partition_view<tile=(4096), tensor_view<?xf32, "
    "strides=[1]>>, tile<i32> -> tile<4096xf32>, token\n"
    "    %s = addf %ta, %tb : tile<4096xf32>\n"
    "    %t3 = store_view_tko weak %s, %pc[%x] : tile<4096xf32>, partition_view<tile=(4096), "
    "tensor_view<?xf32, strides=[1]>>, tile<i32> -> token\n"
    "    return\n"
    "  }\n"
    "}\n";

/* The int part's kernel: %b holds shift amounts and divisors in [1, 8]. */
static const char int_src[] =
    "cuda_tile.module @m {\n"
    "  entry @ints(%a: tile<ptr<i32>>, %b: tile<ptr<i32>>, %c: tile<ptr<i32>>, %n: tile<i64>) {\n"
    "    %tva = make_tensor_view %a, shape = [%n], strides = [1] : tile<i64> -> "
    "tensor_view<?xi32, strides=[1]>\n"
    "    %tvb = make_tensor_view %b, shape = [%n], strides = [1] : tile<i64> -> "
    "tensor_view<?xi32, strides=[1]>\n"
    "    %tvc = make_tensor_view %c, shape = [%n], strides = [1] : tile<i64> -> "
    "tensor_view<?xi32, strides=[1]>\n"
    "    %pa = make_partition_view %tva : partition_view<tile=(4096), tensor_view<?xi32, "
    "strides=[1]>>\n"
    "    %pb = make_partition_view %tvb : partition_view<tile=(4096), tensor_view<?xi32, "
    "strides=[1]>>\n"
    "    %pc = make_partition_view %tvc : partition_view<tile=(4096), tensor_view<?xi32, "
    "strides=[1]>>\n"
    "    %x, %y, %z = get_tile_block_id : tile<i32>\n"
    "    %ta, %t1 = load_view_tko weak %pa[%x] : partition_view<tile=(4096), tensor_view<?xi32, "
    "strides=[1]>>, tile<i32> -> tile<4096xi32>, token\n"
    "    %tb, %t2 = load_view_tko weak %pb[%x] : partition_view<tile=(4096), tensor_view<?xi32, "
    "strides=[1]>>, tile<i32> -> tile<4096xi32>, token\n"
    "    %s1 = addi %ta, %tb : tile<4096xi32>\n"
    "    %s2 = muli %s1, %ta : tile<4096xi32>\n"
    "    %s3 = xori %s2, %tb : tile<4096xi32>\n"
    "    %s4 = maxi %s3, %ta unsigned : tile<4096xi32>\n"
    "    %s5 = shri %s4, %tb signed : tile<4096xi32>\n"
    "    %s6 = divi %s5, %tb signed rounding<negative_inf> : tile<4096xi32>\n"
    "    %s7 = remi %s6, %tb unsigned : tile<4096xi32>\n"
    "    %s8 = subi %s7, %ta : tile<4096xi32>\n"
    "    %t3 = store_view_tko weak %s8, %pc[%x] : tile<4096xi32>, partition_view<tile=(4096), "
    "tensor_view<?xi32, strides=[1]>>, tile<i32> -> token\n"
    "    return\n"
    "  }\n"
    "}\n";


static IrOp *parse(IrContext *ctx, const char *src) {
  AsmParseOptions po = {0};
  IrOp *m = asm_parse_buffer(ctx, "bench.mlir", src, strlen(src), &po);
  if (!m || !ir_verify(m)) {
    fprintf(stderr, "bench_interp: kernel does not parse/verify\n");
    exit(1);
  }
  return m;
}

/* Best wall time of `reps` runs; *cpu receives the CPU time (all threads) of
 * the run with the least CPU time (a load-insensitive per-core figure when
 * the machine is shared). */
static double best_run(IrOp *m, const char *entry, InterpArg *args, size_t n, int64_t gx,
                       int64_t gy, int threads, int reps, double *cpu) {
  double best = 1e30;
  *cpu = 1e30;
  for (int r = 0; r < reps; r++) {
    InterpOptions o = {.grid = {gx, gy, 1}, .threads = threads};
    double t0 = bench_now(), c0 = bench_cpu_now();
    if (!interp_run(m, entry, args, n, &o)) exit(1);
    double t = bench_now() - t0, c = bench_cpu_now() - c0;
    if (t < best) best = t;
    if (c < *cpu) *cpu = c;
  }
  return best;
}

/* A zeroed buffer for a kernel argument, allocated as ctile-run allocates
 * its buffers (interp_buffer_alloc: from 4 MiB up 2 MiB aligned and on
 * huge pages, as NumPy allocates its arrays on Linux), so that both sides
 * of bench_gemm.sh see the same TLB behaviour. */
static void *buf_alloc(size_t bytes) {
  void *p = interp_buffer_alloc(bytes);
  if (!p) {
    fprintf(stderr, "bench_interp: out of memory\n");
    exit(1);
  }
  return p;
}

/* Round-to-nearest-even of f to bf16 bits. */
static uint16_t bf16_bits(float f) {
  uint32_t u;
  memcpy(&u, &f, 4);
  u += 0x7FFFu + ((u >> 16) & 1u);
  return (uint16_t)(u >> 16);
}

static float bf16_value(uint16_t h) {
  uint32_t u = (uint32_t)h << 16;
  float f;
  memcpy(&f, &u, 4);
  return f;
}

/* The n^3 GEMM (n = 1024, or $BENCH_INTERP_N for profiling runs) with A and
 * B of element type `et` ("f32" or "bf16") and tm x tn output tiles, k step
 * tk: best of `reps` at -j1 and -j2, then a spot check against a double
 * reference. */
static int bench_gemm(IrContext *ctx, const char *et, int tm, int tn, int tk, int reps) {
  const char *env = getenv("BENCH_INTERP_N");
  int64_t n = env && atoi(env) >= 128 ? atoi(env) / 128 * 128 : 1024;
  const int64_t M = n, N = n, K = n;
  if (M % tm || N % tn || K % tk) {
    fprintf(stderr, "bench_interp: %dx%dx%d tiles do not divide the %lld^3 GEMM\n", tm, tn, tk,
            (long long)n);
    return 1;
  }
  bool bf = strcmp(et, "bf16") == 0;
  size_t es = bf ? 2 : 4;
  float *A = malloc(sizeof(float) * M * K), *B = malloc(sizeof(float) * K * N),
        *C = buf_alloc(sizeof(float) * M * N);
  void *Ab = buf_alloc(es * M * K), *Bb = buf_alloc(es * K * N);
  unsigned s = 12345;
  for (int64_t i = 0; i < M * K + K * N; i++) {
    float v = (float)((s = s * 1103515245u + 12345u) >> 9) / 8388608.0f - 1.0f;
    float *dst = i < M * K ? &A[i] : &B[i - M * K];
    void *raw = i < M * K ? Ab : Bb;
    int64_t j = i < M * K ? i : i - M * K;
    if (bf) {
      uint16_t h = bf16_bits(v);
      ((uint16_t *)raw)[j] = h;
      *dst = bf16_value(h);
    } else {
      ((float *)raw)[j] = v;
      *dst = v;
    }
  }
  char src[sizeof gemm_fmt + 512];
  snprintf(src, sizeof src, gemm_fmt, et, tm, tn, tk);
  IrOp *gm = parse(ctx, src);
  InterpArg ga[6] = {
      {INTERP_ARG_BUFFER, 0, 0, Ab, es * M * K},
      {INTERP_ARG_BUFFER, 0, 0, Bb, es * K * N},
      {INTERP_ARG_BUFFER, 0, 0, C, sizeof(float) * M * N},
      {INTERP_ARG_SCALAR, M, 0, NULL, 0},
      {INTERP_ARG_SCALAR, N, 0, NULL, 0},
      {INTERP_ARG_SCALAR, K, 0, NULL, 0}};
  double flops = 2.0 * (double)M * (double)N * (double)K;
  const char *jenv = getenv("BENCH_INTERP_J");
  int jonly = jenv ? atoi(jenv) : 0;
  for (int j = 1; j <= 2; j++) {
    if (jonly && j != jonly) continue;
    double c, t = best_run(gm, "gemm", ga, 6, N / tn, M / tm, j, reps, &c);
    char tiles[64];
    snprintf(tiles, sizeof tiles, "(%dx%dx%d tiles)", tm, tn, tk);
    printf("gemm %lld^3 %-4s %-18s -j%d: %8.4f s  %7.2f GFLOP/s"
           "  (%.2f GFLOP per CPU-second)\n", (long long)n, et, tiles, j, t, flops / t * 1e-9,
           flops / c * 1e-9);
  }
  /* spot-check against a double reference */
  double maxerr = 0;
  for (int64_t i = 0; i < M; i += 97)
    for (int64_t j = 0; j < N; j += 89) {
      double ref = 0;
      for (int64_t k = 0; k < K; k++) ref += (double)A[i * K + k] * (double)B[k * N + j];
      double err = fabs(ref - C[i * N + j]);
      if (err > maxerr) maxerr = err;
    }
  printf("gemm %s (%dx%dx%d tiles) max |error| vs double reference on samples: %.3g\n", et, tm,
         tn, tk, maxerr);
  ir_op_destroy(gm);
  free(A);
  free(B);
  free(Ab);
  free(Bb);
  free(C);
  return maxerr < 1e-2 ? 0 : 1;
}

/* Element-wise add of 2^24 f32 elements, best of `reps` at -j1 and -j2. */
static int bench_add(IrContext *ctx, int reps) {
  const int64_t E = (int64_t)1 << 24;
  float *X = buf_alloc(sizeof(float) * E), *Y = buf_alloc(sizeof(float) * E),
        *Z = buf_alloc(sizeof(float) * E);
  for (int64_t i = 0; i < E; i++) {
    X[i] = (float)i;
    Y[i] = 0.5f;
  }
  IrOp *am = parse(ctx, add_src);
  InterpArg aa[4] = {{INTERP_ARG_BUFFER, 0, 0, X, sizeof(float) * E},
                     {INTERP_ARG_BUFFER, 0, 0, Y, sizeof(float) * E},
                     {INTERP_ARG_BUFFER, 0, 0, Z, sizeof(float) * E},
                     {INTERP_ARG_SCALAR, E, 0, NULL, 0}};
  for (int j = 1; j <= 2; j++) {
    double c, t = best_run(am, "add", aa, 4, E / 4096, 1, j, reps, &c);
    printf("elementwise f32 add, 2^24 elements -j%d: %8.4f s  %7.1f M elements/s"
           "  (%.1f M per CPU-second, %.1f GB/s)\n", j, t, (double)E / t * 1e-6,
           (double)E / c * 1e-6, 12.0 * (double)E / t * 1e-9);
  }
  int rc = 0;
  for (int64_t i = 0; i < E && !rc; i++)
    if (Z[i] != X[i] + Y[i]) {
      printf("add mismatch at %lld\n", (long long)i);
      rc = 1;
    }
  /* the machine's copy bandwidth in the same run: memcpy of one array */
  double best = 1e30;
  for (int r = 0; r < reps; r++) {
    double t0 = bench_now();
    memcpy(Z, X, sizeof(float) * E);
    double t = bench_now() - t0;
    if (t < best) best = t;
  }
  printf("memcpy 2^24 f32 (read 4 B + write 4 B each)  : %8.4f s  %7.1f M elements/s\n", best,
         (double)E / best * 1e-6);
  ir_op_destroy(am);
  free(X);
  free(Y);
  free(Z);
  return rc;
}

/* int_src's arithmetic on one element, in C. */
static int32_t int_ref(int32_t a, int32_t b) {
  uint32_t s = (uint32_t)a + (uint32_t)b;
  s *= (uint32_t)a;
  s ^= (uint32_t)b;
  if ((uint32_t)a > s) s = (uint32_t)a;
  int32_t v = (int32_t)s >> b; /* arithmetic shift (gcc, clang) */
  int32_t d = v / b;
  if (v % b != 0 && v < 0) d--; /* rounding<negative_inf>, b > 0 */
  uint32_t m = (uint32_t)d % (uint32_t)b;
  return (int32_t)(m - (uint32_t)a);
}

/* Eight element-wise i32 ops on 2^24 elements, best of `reps` at -j1 and
 * -j2; the result is checked against int_ref. */
static int bench_int(IrContext *ctx, int reps) {
  const int64_t E = (int64_t)1 << 24;
  int32_t *X = buf_alloc(sizeof(int32_t) * E), *Y = buf_alloc(sizeof(int32_t) * E),
          *Z = buf_alloc(sizeof(int32_t) * E);
  unsigned s = 777;
  for (int64_t i = 0; i < E; i++) {
    s = s * 1103515245u + 12345u;
    X[i] = (int32_t)s;
    Y[i] = 1 + (int32_t)((s >> 13) & 7u);
  }
  IrOp *im = parse(ctx, int_src);
  InterpArg ia[4] = {{INTERP_ARG_BUFFER, 0, 0, X, sizeof(int32_t) * E},
                     {INTERP_ARG_BUFFER, 0, 0, Y, sizeof(int32_t) * E},
                     {INTERP_ARG_BUFFER, 0, 0, Z, sizeof(int32_t) * E},
                     {INTERP_ARG_SCALAR, E, 0, NULL, 0}};
  for (int j = 1; j <= 2; j++) {
    double c, t = best_run(im, "ints", ia, 4, E / 4096, 1, j, reps, &c);
    printf("elementwise i32 x8 ops, 2^24 elements -j%d: %8.4f s  %7.1f M elements/s"
           "  (%.1f M per CPU-second)\n", j, t, (double)E / t * 1e-6, (double)E / c * 1e-6);
  }
  int rc = 0;
  for (int64_t i = 0; i < E && !rc; i++)
    if (Z[i] != int_ref(X[i], Y[i])) {
      printf("int mismatch at %lld: %d, expected %d\n", (long long)i, Z[i], int_ref(X[i], Y[i]));
      rc = 1;
    }
  ir_op_destroy(im);
  free(X);
  free(Y);
  free(Z);
  return rc;
}

/* Whether part name w is "gemm:TMxTNxTK" or "gemm-bf16:TMxTNxTK" (any tile
 * shape that divides the GEMM: powers of two from 16 to 512); sets the
 * element type and tile shape. */
static bool gemm_part(const char *w, const char **et, int *tm, int *tn, int *tk) {
  char tail;
  if (strncmp(w, "gemm:", 5) == 0) *et = "f32", w += 5;
  else if (strncmp(w, "gemm-bf16:", 10) == 0) *et = "bf16", w += 10;
  else return false;
  if (sscanf(w, "%dx%dx%d%c", tm, tn, tk, &tail) != 3) return false;
  int d[3] = {*tm, *tn, *tk};
  for (int i = 0; i < 3; i++)
    if (d[i] < 16 || d[i] > 512 || (d[i] & (d[i] - 1))) return false;
  return true;
}

/* bench_interp [R] [gemm|gemm-bf16|gemm-big|gemm-big-bf16|add|int]...: the
 * named parts (all but int when none is named), each best of R. */
int main(int argc, char **argv) {
  int reps = argc > 1 ? atoi(argv[1]) : 3;
  if (reps < 1) reps = 1;
  bench_steady_allocator();
  IrContext *ctx = ir_context_create();
  ctile_register_all(ctx);
  bool all = argc <= 2;
  int rc = 0;
  /* which micro-kernels the GEMMs use (CTILE_GEMM=avx2 or portable picks
   * narrower ones where the CPU has wider) */
  printf("gemm kernels: %s\n", in_gemm_isa());
  for (int i = all ? 0 : 2; i < (all ? 5 : argc); i++) {
    const char *et;
    int tm, tn, tk;
    const char *w =
        all ? (const char *[]){"gemm", "gemm-bf16", "gemm-big", "gemm-big-bf16", "add"}[i]
            : argv[i];
    if (strcmp(w, "gemm") == 0) rc |= bench_gemm(ctx, "f32", 64, 64, 32, reps);
    else if (strcmp(w, "gemm-bf16") == 0) rc |= bench_gemm(ctx, "bf16", 64, 64, 32, reps);
    else if (strcmp(w, "gemm-big") == 0) rc |= bench_gemm(ctx, "f32", 128, 128, 64, reps);
    else if (strcmp(w, "gemm-big-bf16") == 0) rc |= bench_gemm(ctx, "bf16", 128, 128, 64, reps);
    else if (gemm_part(w, &et, &tm, &tn, &tk)) rc |= bench_gemm(ctx, et, tm, tn, tk, reps);
    else if (strcmp(w, "add") == 0) rc |= bench_add(ctx, reps);
    else if (strcmp(w, "int") == 0) rc |= bench_int(ctx, reps);
    else {
      fprintf(stderr, "bench_interp: unknown part '%s' (gemm, gemm-bf16, gemm-big, "
                      "gemm-big-bf16, gemm:TMxTNxTK, gemm-bf16:TMxTNxTK, add, int)\n", w);
      rc = 1;
    }
  }
  ir_context_destroy(ctx);
  return rc;
}
