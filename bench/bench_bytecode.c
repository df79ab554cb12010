/* bench_bytecode.c — Tile IR bytecode benchmark: builds a large cuda_tile
 * module (by default ~120k ops: kernels mixing constants, arithmetic, loops,
 * view loads/stores and tokens), then reports write and read throughput in
 * MB/s and ops/s, plus peak RSS.  Never run as a test; see bench/README.md.
 *
 *   bench_bytecode [--ops N] [--repeat R] [--version 13.1|13.2|13.3]
 *                  [--file F.mlir] [--out F.tileirbc]
 *
 * Reference point (NVIDIA's cuda-tile-translate on a 120k-op module): about
 * 0.7 s to write and 0.5 s to read back. */
#include "asm/asm.h"
#include "bytecode/bytecode.h"
#include "dialect/dialects.h"
#include "bench_util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ~20 ops per loop body, ~60 per kernel chunk; kernels of up to 2000 ops. */
static void gen(StrBuf *b, long nops) {
  long made = 0, k = 0;
  sb_puts(b, "cuda_tile.module @bench {\n");
  sb_puts(b, "  global @table <f32: [1.0, 2.0, 3.0, 4.0]> : tile<4xf32>\n");
  while (made < nops) {
    sb_printf(b,
              "  entry @kernel%ld(%%a: tile<ptr<f32>>, %%n: tile<i32>) {\n"
              "    %%tv = make_tensor_view %%a, shape = [%%n, 64], strides = [64, 1] : "
              "tile<i32> -> tensor_view<?x64xf32, strides=[64,1]>\n"
              "    %%pv = make_partition_view %%tv : partition_view<tile=(64x64), "
              "tensor_view<?x64xf32, strides=[64,1]>>\n"
              "    %%bx, %%by, %%bz = get_tile_block_id : tile<i32>\n"
              "    %%one = constant <i32: 1> : tile<i32>\n",
              k++);
    made += 6;
    for (long i = 0; i < 30 && made < nops; i++) {
      sb_printf(b,
                "    %%t%ld, %%tk%ld = load_view_tko weak %%pv[%%bx, %%by] : partition_view<tile=(64x64), "
                "tensor_view<?x64xf32, strides=[64,1]>>, tile<i32> -> tile<64x64xf32>, token\n"
                "    %%c%ld = constant <f32: 1.500000e+00> : tile<64x64xf32>\n"
                "    %%x%ld = addf %%t%ld, %%c%ld : tile<64x64xf32>\n"
                "    %%y%ld = mulf %%x%ld, %%c%ld rounding<zero> : tile<64x64xf32>\n"
                "    %%z%ld = exp %%y%ld : tile<64x64xf32>\n"
                "    %%r%ld = for %%iv in (%%one to %%n, step %%one) : tile<i32> "
                "iter_values(%%acc = %%z%ld) -> (tile<64x64xf32>) {\n"
                "      %%s = addf %%acc, %%c%ld : tile<64x64xf32>\n"
                "      %%m = maxf %%s, %%acc : tile<64x64xf32>\n"
                "      continue %%m : tile<64x64xf32>\n"
                "    }\n"
                "    %%st%ld = store_view_tko weak %%r%ld, %%pv[%%bx, %%by] token = %%tk%ld : "
                "tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<?x64xf32, "
                "strides=[64,1]>>, tile<i32> -> token\n"
                "    %%i%ld = addi %%n, %%bx overflow<no_signed_wrap> : tile<i32>\n",
                i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i, i);
      made += 11;
    }
    sb_puts(b, "    return\n  }\n");
    made++;
  }
  sb_puts(b, "}\n");
}

int main(int argc, char **argv) {
  long nops = 120000;
  int repeat = 3;
  unsigned minor = 3;
  const char *file = NULL, *out = NULL;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--ops") && i + 1 < argc) nops = atol(argv[++i]);
    else if (!strcmp(argv[i], "--repeat") && i + 1 < argc) repeat = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--version") && i + 1 < argc) {
      const char *v = argv[++i];
      minor = (unsigned)atoi(strchr(v, '.') ? strchr(v, '.') + 1 : v);
    } else if (!strcmp(argv[i], "--file") && i + 1 < argc) file = argv[++i];
    else if (!strcmp(argv[i], "--out") && i + 1 < argc) out = argv[++i];
    else {
      fprintf(stderr, "usage: %s [--ops N] [--repeat R] [--version 13.X] [--file F] [--out F]\n",
              argv[0]);
      return 2;
    }
  }
  if (repeat < 1) repeat = 1;

  StrBuf text = {0};
  if (file) {
    size_t n;
    char *buf = read_file(file, &n);
    if (!buf) {
      perror(file);
      return 1;
    }
    sb_putn(&text, buf, n);
    free(buf);
  } else {
    gen(&text, nops);
  }

  IrContext *ctx = ir_context_create();
  ctile_register_all(ctx);
  AsmParseOptions po = {.no_implicit_module = true};
  IrOp *m = asm_parse_buffer(ctx, file ? file : "bench.mlir", text.s, text.len, &po);
  if (!m || !ir_verify(m)) {
    fprintf(stderr, "bench_bytecode: input does not parse/verify\n");
    return 1;
  }
  long ops = bench_count_ops(m);

  double best_w = 1e30, best_r = 1e30, cpu_w = 1e30, cpu_r = 1e30;
  uint8_t *bytes = NULL;
  size_t len = 0;
  for (int r = 0; r < repeat; r++) {
    free(bytes);
    double t0 = bench_now(), c0 = bench_cpu_now();
    if (!bc_write_module(m, 13, minor, &bytes, &len)) {
      fprintf(stderr, "bench_bytecode: write failed\n");
      return 1;
    }
    double t1 = bench_now(), c1 = bench_cpu_now();
    if (t1 - t0 < best_w) best_w = t1 - t0;
    if (c1 - c0 < cpu_w) cpu_w = c1 - c0;
  }
  for (int r = 0; r < repeat; r++) {
    double t0 = bench_now(), c0 = bench_cpu_now();
    IrOp *back = bc_read_module(ctx, "bench.tileirbc", bytes, len);
    double t1 = bench_now(), c1 = bench_cpu_now();
    if (c1 - c0 < cpu_r) cpu_r = c1 - c0;
    if (!back) {
      fprintf(stderr, "bench_bytecode: read failed\n");
      return 1;
    }
    ir_op_destroy(back);
    if (t1 - t0 < best_r) best_r = t1 - t0;
  }
  if (out) {
    FILE *f = fopen(out, "wb");
    if (f) {
      fwrite(bytes, 1, len, f);
      fclose(f);
    }
  }
  double mb = len / 1e6;
  printf("module: %ld ops, %.2f MB text, %.2f MB bytecode (13.%u)\n", ops, text.len / 1e6, mb,
         minor);
  printf("write: %.4f s  %.1f MB/s  %.0f ops/s  (cpu %.4f s)\n", best_w, mb / best_w,
         ops / best_w, cpu_w);
  printf("read:  %.4f s  %.1f MB/s  %.0f ops/s  (cpu %.4f s)\n", best_r, mb / best_r,
         ops / best_r, cpu_r);
  printf("peak RSS: %.1f MB\n", bench_peak_rss_kb() / 1024.0);
  free(bytes);
  ir_op_destroy(m);
  ir_context_destroy(ctx);
  sb_free(&text);
  return 0;
}
