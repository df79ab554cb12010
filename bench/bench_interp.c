/* bench_interp.c — throughput of the cuda_tile interpreter (lib/interp):
 *   1. a 1024^3 f32 GEMM written as a tiled cuda_tile kernel (64x64 output
 *      tiles, mmaf over 64x32 x 32x64 operand tiles, k-loop of 32 steps),
 *      reported in GFLOP/s (2*M*N*K / time);
 *   2. an element-wise f32 add of 2^24 elements (tiles of 4096), reported in
 *      elements/s;
 * each at -j1 and -j2 (best of R runs, timing interp_run only).  The GEMM
 * result is checked against a double-precision reference.  Never run as a
 * test.
 *
 * Build and run (after building the library in build/):
 *   cc -O2 -std=c11 -D_POSIX_C_SOURCE=200809L -Ilib -Iinclude bench/bench_interp.c \
 *      build/lib/libctile.a -lm -lpthread -o build/bench_interp && build/bench_interp [R] */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "asm/asm.h"
#include "dialect/dialects.h"
#include "interp/interp.h"
#include "bench_util.h"

static const char gemm_src[] =
    "cuda_tile.module @m {\n"
    "  entry @gemm(%a: tile<ptr<f32>>, %b: tile<ptr<f32>>, %c: tile<ptr<f32>>, %m: tile<i32>, "
    "%n: tile<i32>, %k: tile<i32>) {\n"
    "    %tva = make_tensor_view %a, shape = [%m, %k], strides = [%k, 1] : tile<i32> -> "
    "tensor_view<?x?xf32, strides=[?,1]>\n"
    "    %tvb = make_tensor_view %b, shape = [%k, %n], strides = [%n, 1] : tile<i32> -> "
    "tensor_view<?x?xf32, strides=[?,1]>\n"
    "    %tvc = make_tensor_view %c, shape = [%m, %n], strides = [%n, 1] : tile<i32> -> "
    "tensor_view<?x?xf32, strides=[?,1]>\n"
    "    %pa = make_partition_view %tva : partition_view<tile=(64x32), tensor_view<?x?xf32, "
    "strides=[?,1]>>\n"
    "    %pb = make_partition_view %tvb : partition_view<tile=(32x64), tensor_view<?x?xf32, "
    "strides=[?,1]>>\n"
    "    %pc = make_partition_view %tvc : partition_view<tile=(64x64), tensor_view<?x?xf32, "
    "strides=[?,1]>>\n"
    "    %bx, %by, %bz = get_tile_block_id : tile<i32>\n"
    "    %c0 = constant <i32: 0> : tile<i32>\n"
    "    %c1 = constant <i32: 1> : tile<i32>\n"
    "    %c32 = constant <i32: 32> : tile<i32>\n"
    "    %nk = divi %k, %c32 signed : tile<i32>\n"
    "    %zero = constant <f32: 0.0> : tile<64x64xf32>\n"
    "    %acc = for %kk in (%c0 to %nk, step %c1) : tile<i32> iter_values(%cur = %zero) -> "
    "(tile<64x64xf32>) {\n"
    "      %ta, %t1 = load_view_tko weak %pa[%by, %kk] : partition_view<tile=(64x32), "
    "tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<64x32xf32>, token\n"
    "      %tb, %t2 = load_view_tko weak %pb[%kk, %bx] : partition_view<tile=(32x64), "
    "tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> tile<32x64xf32>, token\n"
    "      %r = mmaf %ta, %tb, %cur : tile<64x32xf32>, tile<32x64xf32>, tile<64x64xf32>\n"
    "      continue %r : tile<64x64xf32>\n"
    "    }\n"
    "    %t3 = store_view_tko weak %acc, %pc[%by, %bx] : tile<64x64xf32>, "
    "partition_view<tile=(64x64), tensor_view<?x?xf32, strides=[?,1]>>, tile<i32> -> token\n"
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

int main(int argc, char **argv) {
  int reps = argc > 1 ? atoi(argv[1]) : 3;
  if (reps < 1) reps = 1;
  IrContext *ctx = ir_context_create();
  ctile_register_all(ctx);

  /* GEMM */
  const int64_t M = 1024, N = 1024, K = 1024;
  float *A = malloc(sizeof(float) * M * K), *B = malloc(sizeof(float) * K * N),
        *C = calloc((size_t)(M * N), sizeof(float));
  unsigned s = 12345;
  for (int64_t i = 0; i < M * K; i++) A[i] = (float)((s = s * 1103515245u + 12345u) >> 9) / 8388608.0f - 1.0f;
  for (int64_t i = 0; i < K * N; i++) B[i] = (float)((s = s * 1103515245u + 12345u) >> 9) / 8388608.0f - 1.0f;
  IrOp *gm = parse(ctx, gemm_src);
  InterpArg ga[6] = {
      {INTERP_ARG_BUFFER, 0, 0, A, sizeof(float) * M * K},
      {INTERP_ARG_BUFFER, 0, 0, B, sizeof(float) * K * N},
      {INTERP_ARG_BUFFER, 0, 0, C, sizeof(float) * M * N},
      {INTERP_ARG_SCALAR, M, 0, NULL, 0},
      {INTERP_ARG_SCALAR, N, 0, NULL, 0},
      {INTERP_ARG_SCALAR, K, 0, NULL, 0}};
  double flops = 2.0 * (double)M * (double)N * (double)K;
  for (int j = 1; j <= 2; j++) {
    double c, t = best_run(gm, "gemm", ga, 6, N / 64, M / 64, j, reps, &c);
    printf("gemm 1024^3 f32 (64x64x32 tiles)  -j%d: %8.3f s  %7.2f GFLOP/s"
           "  (%.2f GFLOP per CPU-second)\n", j, t, flops / t * 1e-9, flops / c * 1e-9);
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
  printf("gemm max |error| vs double reference on samples: %.3g\n", maxerr);
  ir_op_destroy(gm);
  free(A);
  free(B);
  free(C);

  /* element-wise add */
  const int64_t E = (int64_t)1 << 24;
  float *X = malloc(sizeof(float) * E), *Y = malloc(sizeof(float) * E), *Z = calloc((size_t)E, sizeof(float));
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
           "  (%.1f M per CPU-second)\n", j, t, (double)E / t * 1e-6, (double)E / c * 1e-6);
  }
  for (int64_t i = 0; i < E; i++)
    if (Z[i] != X[i] + Y[i]) {
      printf("add mismatch at %lld\n", (long long)i);
      return 1;
    }
  ir_op_destroy(am);
  free(X);
  free(Y);
  free(Z);
  ir_context_destroy(ctx);
  return 0;
}
