/* bench_asm.c — text benchmark: generates (or reads) a large module and
 * reports parse, verify and print throughput in ops/s and MB/s, plus peak
 * RSS.  Never run as a test; see bench/README.md.
 *
 *   bench_asm [--ops N] [--form generic|custom] [--file F] [--repeat R]
 *
 * Without --file it generates N ops in the chosen form: kernels made of
 * realistic cuda_tile op mixes (custom form needs the cuda_tile dialect) or
 * the same shapes in generic form with an unregistered test dialect. */
#include "asm/asm.h"
#include "dialect/dialects.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

static long peak_rss_kb(void) {
  struct rusage ru;
  getrusage(RUSAGE_SELF, &ru);
  return ru.ru_maxrss;
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

/* Custom form: softmax-like and GEMM-like cuda_tile kernels. */
static void gen_custom(StrBuf *b, long nops) {
  long made = 0, k = 0;
  sb_puts(b, "cuda_tile.module @bench {\n");
  while (made < nops) {
    sb_printf(b,
      "  entry @kernel%ld(%%a: tile<ptr<f32>>, %%b: tile<ptr<f32>>, %%n: tile<i32>) {\n", k++);
    made++;
    for (long i = 0; i < 40 && made < nops; i++) {
      sb_printf(b,
        "    %%c%ld = constant <f32: 1.500000e+00> : tile<64x64xf32>\n"
        "    %%x%ld = addf %%c%ld, %%c%ld : tile<64x64xf32>\n"
        "    %%y%ld = mulf %%x%ld, %%c%ld : tile<64x64xf32>\n"
        "    %%z%ld = exp %%y%ld : tile<64x64xf32>\n"
        "    %%i%ld = addi %%n, %%n : tile<i32>\n",
        i, i, i, i, i, i, i, i, i, i);
      made += 5;
    }
    sb_puts(b, "    return\n  }\n");
    made++;
  }
  sb_puts(b, "}\n");
}

static long count_ops_rec(IrOp *op) {
  long n = 1;
  for (uint32_t r = 0; r < op->nregions; r++)
    for (IrBlock *bl = op->regions[r].first; bl; bl = bl->next)
      for (IrOp *o = bl->first; o; o = o->next) n += count_ops_rec(o);
  return n;
}

int main(int argc, char **argv) {
  long nops = 120000;
  int repeat = 3;
  const char *form = "generic", *file = NULL;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--ops") && i + 1 < argc) nops = atol(argv[++i]);
    else if (!strcmp(argv[i], "--form") && i + 1 < argc) form = argv[++i];
    else if (!strcmp(argv[i], "--file") && i + 1 < argc) file = argv[++i];
    else if (!strcmp(argv[i], "--repeat") && i + 1 < argc) repeat = atoi(argv[++i]);
    else {
      fprintf(stderr, "usage: %s [--ops N] [--form generic|custom] [--file F] [--repeat R]\n", argv[0]);
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
  long rss0 = peak_rss_kb(), rss_parsed = 0;
  double best_parse = 1e9, best_verify = 1e9, best_print = 1e9;
  long ops = 0;
  size_t outlen = 0;
  for (int r = 0; r < repeat; r++) {
    IrContext *ctx = ir_context_create();
    ctile_register_all(ctx);
    ir_ctx_allow_unregistered(ctx, true);
    double t0 = now();
    IrOp *m = asm_parse_buffer(ctx, "bench.mlir", src.s, src.len, &(AsmParseOptions){0});
    double t1 = now();
    if (!m) { fprintf(stderr, "bench: parse failed\n"); return 1; }
    bool ok = ir_verify(m);
    double t2 = now();
    if (r == 0) rss_parsed = peak_rss_kb(); /* the module alone, before printing */
    StrBuf out = {0};
    asm_print_op_to(&out, m, &(AsmPrintOptions){.generic = !strcmp(form, "generic")});
    double t3 = now();
    if (!ok) { fprintf(stderr, "bench: verify failed\n"); return 1; }
    ops = count_ops_rec(m);
    outlen = out.len;
    if (t1 - t0 < best_parse) best_parse = t1 - t0;
    if (t2 - t1 < best_verify) best_verify = t2 - t1;
    if (t3 - t2 < best_print) best_print = t3 - t2;
    sb_free(&out);
    ir_op_destroy(m);
    ir_context_destroy(ctx);
  }
  long rss1 = peak_rss_kb();
  double mb = src.len / 1e6;
  printf("input: %.2f MB, %ld ops (%s form), output %.2f MB\n", mb, ops, form, outlen / 1e6);
  printf("parse:  %8.1f ms  %6.2f M ops/s  %7.1f MB/s\n", best_parse * 1e3, ops / best_parse / 1e6, mb / best_parse);
  printf("verify: %8.1f ms  %6.2f M ops/s\n", best_verify * 1e3, ops / best_verify / 1e6);
  printf("print:  %8.1f ms  %6.2f M ops/s  %7.1f MB/s\n", best_print * 1e3, ops / best_print / 1e6, outlen / 1e6 / best_print);
  printf("parse+print: %6.2f M ops/s\n", ops / (best_parse + best_print) / 1e6);
  printf("peak RSS after parse+verify: %.1f MB beyond input (%.0f bytes/op)\n",
         (rss_parsed - rss0) / 1024.0, (rss_parsed - rss0) * 1024.0 / (ops ? ops : 1));
  printf("peak RSS overall: %.1f MB (incl. input and the printed output buffer)\n", rss1 / 1024.0);
  sb_free(&src);
  return 0;
}
