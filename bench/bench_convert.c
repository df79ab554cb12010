/* bench_convert.c — the cuda_tile -> nv_tileaa conversion on a large module:
 * parse + verify time against conversion (convert-cuda-tile-to-nv-tileaa,
 * early-exit lifting and the no-cuda_tile check included) and the verify of
 * the converted module, best of R repeats (CPU seconds).
 *
 *   bench_asm --form custom --ops 120000 --emit big.mlir
 *   bench_convert big.mlir [R]
 *
 * The bar: converting should cost no more than parsing and
 * verifying the module. */
#include "asm/asm.h"
#include "bench_util.h"
#include "conversion/conversions.h"
#include "dialect/dialects.h"
#include "dialect/nv_tileaa/aa.h"


#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: %s FILE.mlir [REPEATS]\n", argv[0]);
    return 2;
  }
  int reps = argc > 2 ? atoi(argv[2]) : 3;
  if (reps < 1) reps = 1;
  bench_steady_allocator();
  size_t len;
  char *buf = read_file(argv[1], &len);
  if (!buf) {
    fprintf(stderr, "bench: cannot read %s\n", argv[1]);
    return 1;
  }
  double best_pv = 1e9, best_conv = 1e9, best_av = 1e9;
  long nops = 0, nconv = 0;
  for (int r = 0; r < reps; r++) {
    IrContext *ctx = ir_context_create();
    ctile_register_all(ctx);
    double t0 = bench_cpu_now();
    IrOp *m = asm_parse_buffer(ctx, argv[1], buf, len, &(AsmParseOptions){0});
    bool ok = m && ir_verify(m);
    double t1 = bench_cpu_now();
    if (!ok) {
      fprintf(stderr, "bench: parse/verify failed\n");
      return 1;
    }
    nops = bench_count_ops(m);
    ok = c2a_run(m, 100);
    double t2 = bench_cpu_now();
    ok = ok && ir_verify(m);
    double t3 = bench_cpu_now();
    if (!ok) {
      fprintf(stderr, "bench: conversion failed\n");
      return 1;
    }
    nconv = bench_count_ops(m);
    if (t1 - t0 < best_pv) best_pv = t1 - t0;
    if (t2 - t1 < best_conv) best_conv = t2 - t1;
    if (t3 - t2 < best_av) best_av = t3 - t2;
    ir_op_destroy(m);
    ir_context_destroy(ctx);
  }
  printf("convert: %ld cuda_tile ops -> %ld ops; parse+verify %.3f s, convert %.3f s (%.2fx), "
         "verify of the result %.3f s (best of %d, CPU)\n",
         nops, nconv, best_pv, best_conv, best_conv / best_pv, best_av, reps);
  free(buf);
  return 0;
}
