/* bench_asm.c — text benchmark: generates (or reads) a large module and
 * reports parse, verify and print throughput in ops/s and MB/s, plus peak
 * RSS.  Never run as a test; see bench/README.md.
 *
 *   bench_asm [--ops N] [--form generic|custom] [--file F] [--repeat R] [--emit F]
 *
 * Without --file it generates N ops in the chosen form: kernels made of
 * realistic cuda_tile op mixes (custom form needs the cuda_tile dialect) or
 * the same shapes in generic form with an unregistered test dialect. */
#include "asm/asm.h"
#include "dialect/dialects.h"
#include "bench_util.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* sb_printf for the kernel templates (formats held in variables). */
static void sb_printf_nocheck(StrBuf *b, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  sb_vprintf(b, fmt, ap);
  va_end(ap);
}

/* Generic form: functions of `per` ops each, a chain of binary ops on
 * block arguments with attributes, nested regions every so often. */
static void gen_generic(StrBuf *b, long nops) {
  long per = 200, made = 0, fn = 0;
  while (made < nops) {
    sb_printf(b, "\"bench.func\"() <{sym_name = \"f%ld\"}> ({\n"
                 "^bb0(%%arg0: i32, %%arg1: f32, %%arg2: tensor<16x16xf32>):\n", fn++);
    made++;
    long i;
    for (i = 0; i < per && made < nops; i++, made++) {
      switch (i % 5) {
      case 0:
        sb_printf(b, "  %%%ld = \"bench.addi\"(%%arg0, %%arg0) <{overflow = 1 : i32}> : (i32, i32) -> i32\n", i);
        break;
      case 1:
        sb_printf(b, "  %%%ld = \"bench.mulf\"(%%arg1, %%arg1) {fastmath = \"fast\"} : (f32, f32) -> f32\n", i);
        break;
      case 2:
        sb_printf(b, "  %%%ld = \"bench.constant\"() <{value = dense<1.500000e+00> : tensor<16x16xf32>}> : () -> tensor<16x16xf32>\n", i);
        break;
      case 3:
        sb_printf(b, "  %%%ld = \"bench.addf\"(%%%ld, %%arg2) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>\n", i, i - 1);
        break;
      default:
        sb_printf(b, "  %%%ld = \"bench.select\"(%%arg0, %%%ld, %%%ld) : (i32, i32, i32) -> i32\n", i, i - 4, i - 4);
        break;
      }
    }
    sb_puts(b, "  \"bench.return\"(%arg0) : (i32) -> ()\n}) : () -> ()\n");
    made++;
  }
}

/* Custom form: the shipped example kernels (row softmax through partition
 * views with two reductions; tiled GEMM with a k-loop of view loads and
 * mmaf), repeated with distinct entry names until N ops. */
static const char *const softmax_kernel =
  "  entry @softmax%ld(%%in: tile<ptr<f32>>, %%out: tile<ptr<f32>>) {\n"
  "    %%src = make_tensor_view %%in, shape = [1024, 128], strides = [128, 1] : tensor_view<1024x128xf32, strides=[128,1]>\n"
  "    %%dst = make_tensor_view %%out, shape = [1024, 128], strides = [128, 1] : tensor_view<1024x128xf32, strides=[128,1]>\n"
  "    %%pin = make_partition_view %%src : partition_view<tile=(8x128), tensor_view<1024x128xf32, strides=[128,1]>>\n"
  "    %%pout = make_partition_view %%dst : partition_view<tile=(8x128), tensor_view<1024x128xf32, strides=[128,1]>>\n"
  "    %%bx, %%by, %%bz = get_tile_block_id : tile<i32>\n"
  "    %%c0 = constant <i32: 0> : tile<i32>\n"
  "    %%x, %%tok = load_view_tko weak %%pin[%%bx, %%c0] : partition_view<tile=(8x128), tensor_view<1024x128xf32, strides=[128,1]>>, tile<i32> -> tile<8x128xf32>, token\n"
  "    %%rowmax = reduce %%x dim=1 identities=[0xFF800000 : f32] : tile<8x128xf32> -> tile<8xf32>\n"
  "      (%%a: tile<f32>, %%b: tile<f32>) {\n"
  "        %%m = maxf %%a, %%b : tile<f32>\n"
  "        yield %%m : tile<f32>\n"
  "      }\n"
  "    %%mx = reshape %%rowmax : tile<8xf32> -> tile<8x1xf32>\n"
  "    %%mxb = broadcast %%mx : tile<8x1xf32> -> tile<8x128xf32>\n"
  "    %%shifted = subf %%x, %%mxb : tile<8x128xf32>\n"
  "    %%e = exp %%shifted : tile<8x128xf32>\n"
  "    %%rowsum = reduce %%e dim=1 identities=[0.0 : f32] : tile<8x128xf32> -> tile<8xf32>\n"
  "      (%%a: tile<f32>, %%b: tile<f32>) {\n"
  "        %%s = addf %%a, %%b : tile<f32>\n"
  "        yield %%s : tile<f32>\n"
  "      }\n"
  "    %%sm = reshape %%rowsum : tile<8xf32> -> tile<8x1xf32>\n"
  "    %%smb = broadcast %%sm : tile<8x1xf32> -> tile<8x128xf32>\n"
  "    %%y = divf %%e, %%smb : tile<8x128xf32>\n"
  "    %%done = store_view_tko weak %%y, %%pout[%%bx, %%c0] token = %%tok : tile<8x128xf32>, partition_view<tile=(8x128), tensor_view<1024x128xf32, strides=[128,1]>>, tile<i32> -> token\n"
  "    return\n"
  "  }\n";
static const long softmax_ops = 26;

static const char *const gemm_kernel =
  "  entry @gemm%ld(%%a: tile<ptr<f32>>, %%b: tile<ptr<f32>>, %%c: tile<ptr<f32>>) {\n"
  "    %%ta = make_tensor_view %%a, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf32, strides=[256,1]>\n"
  "    %%tb = make_tensor_view %%b, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf32, strides=[256,1]>\n"
  "    %%tc = make_tensor_view %%c, shape = [256, 256], strides = [256, 1] : tensor_view<256x256xf32, strides=[256,1]>\n"
  "    %%pa = make_partition_view %%ta : partition_view<tile=(64x32), tensor_view<256x256xf32, strides=[256,1]>>\n"
  "    %%pb = make_partition_view %%tb : partition_view<tile=(32x64), tensor_view<256x256xf32, strides=[256,1]>>\n"
  "    %%pc = make_partition_view %%tc : partition_view<tile=(64x64), tensor_view<256x256xf32, strides=[256,1]>>\n"
  "    %%bx, %%by, %%bz = get_tile_block_id : tile<i32>\n"
  "    %%zero = constant <f32: 0.0> : tile<64x64xf32>\n"
  "    %%c0 = constant <i32: 0> : tile<i32>\n"
  "    %%c1 = constant <i32: 1> : tile<i32>\n"
  "    %%kt = constant <i32: 8> : tile<i32>\n"
  "    %%acc = for %%k in (%%c0 to %%kt, step %%c1) : tile<i32> iter_values(%%sum = %%zero) -> (tile<64x64xf32>) {\n"
  "      %%at, %%t0 = load_view_tko weak %%pa[%%bx, %%k] : partition_view<tile=(64x32), tensor_view<256x256xf32, strides=[256,1]>>, tile<i32> -> tile<64x32xf32>, token\n"
  "      %%bt, %%t1 = load_view_tko weak %%pb[%%k, %%by] : partition_view<tile=(32x64), tensor_view<256x256xf32, strides=[256,1]>>, tile<i32> -> tile<32x64xf32>, token\n"
  "      %%next = mmaf %%at, %%bt, %%sum : tile<64x32xf32>, tile<32x64xf32>, tile<64x64xf32>\n"
  "      continue %%next : tile<64x64xf32>\n"
  "    }\n"
  "    %%done = store_view_tko weak %%acc, %%pc[%%bx, %%by] : tile<64x64xf32>, partition_view<tile=(64x64), tensor_view<256x256xf32, strides=[256,1]>>, tile<i32> -> token\n"
  "    return\n"
  "  }\n";
static const long gemm_ops = 19;

static void gen_custom(StrBuf *b, long nops) {
  long made = 0, k = 0;
  sb_puts(b, "cuda_tile.module @bench {\n");
  while (made < nops) {
    bool sm = (k % 2) == 0;
    sb_printf_nocheck(b, sm ? softmax_kernel : gemm_kernel, k);
    made += sm ? softmax_ops : gemm_ops;
    k++;
  }
  sb_puts(b, "}\n");
}

int main(int argc, char **argv) {
  long nops = 120000;
  int repeat = 3;
  const char *form = "generic", *file = NULL, *emit = NULL;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--ops") && i + 1 < argc) nops = atol(argv[++i]);
    else if (!strcmp(argv[i], "--form") && i + 1 < argc) form = argv[++i];
    else if (!strcmp(argv[i], "--file") && i + 1 < argc) file = argv[++i];
    else if (!strcmp(argv[i], "--repeat") && i + 1 < argc) repeat = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--emit") && i + 1 < argc) emit = argv[++i];
    else {
      fprintf(stderr, "usage: %s [--ops N] [--form generic|custom] [--file F] [--repeat R] [--emit F]\n"
                      "  --emit F  write the generated input to F and exit\n", argv[0]);
      return 2;
    }
  }
  StrBuf src = {0};
  if (file) {
    size_t len;
    char *buf = read_file(file, &len);
    if (!buf) { perror(file); return 1; }
    sb_putn(&src, buf, len);
    free(buf);
  } else if (!strcmp(form, "custom")) {
    gen_custom(&src, nops);
  } else {
    gen_generic(&src, nops);
  }
  if (emit) {
    FILE *f = fopen(emit, "wb");
    if (!f || fwrite(src.s, 1, src.len, f) != src.len || fclose(f) != 0) {
      perror(emit);
      return 1;
    }
    sb_free(&src);
    return 0;
  }
  bench_steady_allocator();
  long rss0 = bench_peak_rss_kb(), rss_parsed = 0;
  double cold_parse = 0, cold_print = 0;
  double best_parse = 1e9, best_verify = 1e9, best_print = 1e9;
  long ops = 0;
  size_t outlen = 0;
  for (int r = 0; r < repeat; r++) {
    IrContext *ctx = ir_context_create();
    ctile_register_all(ctx);
    ir_ctx_allow_unregistered(ctx, true);
    double t0 = bench_now();
    IrOp *m = asm_parse_buffer(ctx, "bench.mlir", src.s, src.len, &(AsmParseOptions){0});
    double t1 = bench_now();
    if (!m) { fprintf(stderr, "bench: parse failed\n"); return 1; }
    bool ok = ir_verify(m);
    double t2 = bench_now();
    if (r == 0) rss_parsed = bench_peak_rss_kb(); /* the module alone, before printing */
    StrBuf out = {0};
    asm_print_op_to(&out, m, &(AsmPrintOptions){.generic = !strcmp(form, "generic")});
    double t3 = bench_now();
    if (!ok) { fprintf(stderr, "bench: verify failed\n"); return 1; }
    ops = bench_count_ops(m);
    outlen = out.len;
    if (r == 0) {
      cold_parse = t1 - t0;
      cold_print = t3 - t2;
    }
    if (t1 - t0 < best_parse) best_parse = t1 - t0;
    if (t2 - t1 < best_verify) best_verify = t2 - t1;
    if (t3 - t2 < best_print) best_print = t3 - t2;
    sb_free(&out);
    ir_op_destroy(m);
    ir_context_destroy(ctx);
  }
  long rss1 = bench_peak_rss_kb();
  double mb = src.len / 1e6;
  printf("input: %.2f MB, %ld ops (%s form), output %.2f MB\n", mb, ops, form, outlen / 1e6);
  printf("parse:  %8.1f ms  %6.2f M ops/s  %7.1f MB/s\n", best_parse * 1e3, ops / best_parse / 1e6, mb / best_parse);
  printf("verify: %8.1f ms  %6.2f M ops/s\n", best_verify * 1e3, ops / best_verify / 1e6);
  printf("print:  %8.1f ms  %6.2f M ops/s  %7.1f MB/s\n", best_print * 1e3, ops / best_print / 1e6, outlen / 1e6 / best_print);
  printf("parse+print: %6.2f M ops/s\n", ops / (best_parse + best_print) / 1e6);
  printf("first run (fresh pages): parse %.1f ms, print %.1f ms, parse+print %.2f M ops/s\n",
         cold_parse * 1e3, cold_print * 1e3, ops / (cold_parse + cold_print) / 1e6);
  printf("peak RSS after parse+verify: %.1f MB beyond input (%.0f bytes/op)\n",
         (rss_parsed - rss0) / 1024.0, (rss_parsed - rss0) * 1024.0 / (ops ? ops : 1));
  printf("peak RSS overall: %.1f MB (incl. input and the printed output buffer)\n", rss1 / 1024.0);
  sb_free(&src);
  return 0;
}
