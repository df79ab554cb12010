/* test_bcr_templates.c — the bytecode reader's and writer's memos must
 * never stand in for what the ops say: the reader's op header templates
 * (bc_reader.c, OpTmpl) keyed by opcode and header bytes, their
 * dictionaries (with and without operandSegmentSizes), the reused op
 * states; the writer's whole-header memo (bc_writer.c, AttrMemo) keyed by
 * kind, dictionaries, operand count and result types (ops of one kind and
 * attributes with different result types below), and its op-result
 * numbering; and the streamed read's one-walk teardown
 * (ir_op_destroy_isolated).
 *
 * Each case writes a module whose ops share an opcode but differ in their
 * header bytes (attributes, result types, flags), or share the header but
 * not the operand group sizes, reads it back and compares the text with
 * the original's; the same module is written in every version and read in
 * one context one version after another (the same header bytes mean
 * different things in different versions). */
#include "unit.h"

#include <stdint.h>
#include <stdlib.h>

#include "asm/asm.h"
#include "bytecode/bytecode.h"
#include "ctile/ctile.h"
#include "dialect/dialects.h"
#include "ir/destroy_isolated.h"

/* Same opcodes, different header bytes: predicates, signedness, overflow
 * flags, rounding modes, constant values, result types; nested regions
 * (templates made at one depth taken at another); stores whose headers are
 * equal but whose index groups differ in size (a 1-D and a 2-D view). */
static const char *const mixed =
    "cuda_tile.module @kernels {\n"
    "  entry @k(%n: tile<i32>, %p: tile<ptr<f32>>) {\n"
    "    %a = constant <i32: [1, 2, 3, 4]> : tile<4xi32>\n"
    "    %b = constant <i32: [4, 3, 2, 1]> : tile<4xi32>\n"
    "    %f = constant <f32: [1.0, 2.0, 3.0, 4.0]> : tile<4xf32>\n"
    "    %0 = cmpi less_than %a, %b, signed : tile<4xi32> -> tile<4xi1>\n"
    "    %1 = cmpi equal %a, %b, unsigned : tile<4xi32> -> tile<4xi1>\n"
    "    %2 = cmpi less_than %a, %b, unsigned : tile<4xi32> -> tile<4xi1>\n"
    "    %3 = cmpi less_than %a, %b, signed : tile<4xi32> -> tile<4xi1>\n"
    "    %4 = addi %a, %b overflow<no_signed_wrap> : tile<4xi32>\n"
    "    %5 = addi %a, %b : tile<4xi32>\n"
    "    %6 = addi %a, %b overflow<no_unsigned_wrap> : tile<4xi32>\n"
    "    %7 = tanh %f rounding<approx> : tile<4xf32>\n"
    "    %8 = tanh %f : tile<4xf32>\n"
    "    %9 = tanh %7 rounding<approx> : tile<4xf32>\n"
    "    %c1 = constant <i32: 1> : tile<i32>\n"
    "    %c2 = constant <i32: 2> : tile<i32>\n"
    "    %c3 = constant <i32: 1> : tile<i32>\n"
    "    %c4 = constant <i64: 1> : tile<i64>\n"
    "    %r = for %iv in (%c1 to %n, step %c2) : tile<i32> iter_values(%acc = %c1) -> (tile<i32>) {\n"
    "      %s = addi %acc, %iv overflow<no_signed_wrap> : tile<i32>\n"
    "      %t = addi %s, %c3 : tile<i32>\n"
    "      %u = cmpi equal %t, %c2, signed : tile<i32> -> tile<i1>\n"
    "      %k = constant <i32: 7> : tile<i32>\n"
    "      continue %t : tile<i32>\n"
    "    }\n"
    "    %e = addi %r, %c1 overflow<no_unsigned_wrap> : tile<i32>\n"
    "    %tv1 = make_tensor_view %p, shape = [64], strides = [1] : tensor_view<64xf32, strides=[1]>\n"
    "    %pv1 = make_partition_view %tv1 : partition_view<tile=(8), tensor_view<64xf32, strides=[1]>>\n"
    "    %tv2 = make_tensor_view %p, shape = [64, 32], strides = [32, 1] : tensor_view<64x32xf32, strides=[32,1]>\n"
    "    %pv2 = make_partition_view %tv2 : partition_view<tile=(8x8), tensor_view<64x32xf32, strides=[32,1]>>\n"
    "    %x1, %t1 = load_view_tko weak %pv1[%n] : partition_view<tile=(8), tensor_view<64xf32, strides=[1]>>, tile<i32> -> tile<8xf32>, token\n"
    "    %x2, %t2 = load_view_tko weak %pv2[%n, %n] : partition_view<tile=(8x8), tensor_view<64x32xf32, strides=[32,1]>>, tile<i32> -> tile<8x8xf32>, token\n"
    "    %s1 = store_view_tko weak %x1, %pv1[%n] : tile<8xf32>, partition_view<tile=(8), tensor_view<64xf32, strides=[1]>>, tile<i32> -> token\n"
    "    %s2 = store_view_tko weak %x2, %pv2[%n, %c1] : tile<8x8xf32>, partition_view<tile=(8x8), tensor_view<64x32xf32, strides=[32,1]>>, tile<i32> -> token\n"
    "    %s3 = store_view_tko weak %x1, %pv1[%c2] : tile<8xf32>, partition_view<tile=(8), tensor_view<64xf32, strides=[1]>>, tile<i32> -> token\n"
    "    %s4 = store_view_tko weak %x1, %pv1[%c2] token = %s3 : tile<8xf32>, partition_view<tile=(8), tensor_view<64xf32, strides=[1]>>, tile<i32> -> token\n"
    "    %s5 = store_view_tko relaxed device %x1, %pv1[%n] : tile<8xf32>, partition_view<tile=(8), tensor_view<64xf32, strides=[1]>>, tile<i32> -> token\n"
    "    %s6 = store_view_tko relaxed sys %x1, %pv1[%n] : tile<8xf32>, partition_view<tile=(8), tensor_view<64xf32, strides=[1]>>, tile<i32> -> token\n"
    "    %s7 = store_view_tko relaxed tl_blk %x1, %pv1[%n] : tile<8xf32>, partition_view<tile=(8), tensor_view<64xf32, strides=[1]>>, tile<i32> -> token\n"
    "    %s8 = store_view_tko relaxed device %x1, %pv1[%n] : tile<8xf32>, partition_view<tile=(8), tensor_view<64xf32, strides=[1]>>, tile<i32> -> token\n"
    "    return\n"
    "  }\n"
    "  entry @k2(%n: tile<i32>) {\n"
    "    %a = constant <i32: [1, 2, 3, 4]> : tile<4xi32>\n"
    "    %b = constant <i32: [4, 3, 2, 1]> : tile<4xi32>\n"
    "    %0 = cmpi equal %a, %b, unsigned : tile<4xi32> -> tile<4xi1>\n"
    "    %1 = cmpi less_than %a, %b, signed : tile<4xi32> -> tile<4xi1>\n"
    "    %2 = addi %a, %b : tile<4xi32>\n"
    "    return\n"
    "  }\n"
    "}\n";

static int nerrors;
static void count_diag(void *user, const IrDiag *d) {
  (void)user;
  if (d->sev == IR_SEV_ERROR) nerrors++;
}

static IrContext *new_ctx(void) {
  IrContext *ctx = ir_context_create();
  ctile_register_all(ctx);
  ir_ctx_set_diag_handler(ctx, count_diag, NULL);
  return ctx;
}

static IrOp *parse(IrContext *ctx, const char *text) {
  AsmParseOptions po = {.no_implicit_module = true};
  IrOp *op = asm_parse_buffer(ctx, "t.mlir", text, strlen(text), &po);
  return op && ir_verify(op) ? op : NULL;
}

static char *print(IrOp *op) {
  StrBuf b = {0};
  asm_print_op_to(&b, op, &(AsmPrintOptions){0});
  return sb_take(&b);
}

/* Reads `bytes` in ctx and checks its text is `want`. */
static void check_reads_as(IrContext *ctx, const uint8_t *bytes, size_t n, const char *want) {
  nerrors = 0;
  IrOp *back = bc_read_module(ctx, "t.tileirbc", bytes, n);
  CHECK(back != NULL);
  CHECK_EQ_INT(nerrors, 0);
  if (!back) return;
  CHECK(ir_verify(back));
  char *got = print(back);
  CHECK_STREQ(got, want);
  free(got);
  ir_op_destroy(back);
}

/* Ops of one kind with different header bytes read back as themselves, in
 * every version, and the versions' files read one after another in one
 * context (13.3, 13.2, 13.3 again) each read back as the module. */
static void test_headers_and_versions(void) {
  static const unsigned minors[] = {2, 3};
  IrContext *ctx = new_ctx();
  IrOp *m = parse(ctx, mixed);
  CHECK(m != NULL);
  if (!m) {
    ir_context_destroy(ctx);
    return;
  }
  char *want = print(m);
  uint8_t *bytes[2] = {NULL, NULL};
  size_t len[2] = {0, 0};
  for (size_t i = 0; i < 2; i++) CHECK(bc_write_module(m, 13, minors[i], &bytes[i], &len[i]));
  if (bytes[0] && bytes[1]) {
    check_reads_as(ctx, bytes[1], len[1], want);
    check_reads_as(ctx, bytes[0], len[0], want);
    check_reads_as(ctx, bytes[1], len[1], want);
  }
  free(bytes[0]);
  free(bytes[1]);
  free(want);
  ir_op_destroy(m);
  ir_context_destroy(ctx);
}

/* 13.1 has no rounding mode on tanh (it reads as the default) and no
 * unsignedCmp-less differences: the header of `tanh` is one byte shorter
 * there, so the same op's bytes differ by version; a 13.1 file read after
 * a 13.3 one in the same context must not take the 13.3 file's templates. */
static void test_old_version_after_new(void) {
  static const char *const text =
      "cuda_tile.module @kernels {\n"
      "  entry @k() {\n"
      "    %f = constant <f32: [1.0, 2.0, 3.0, 4.0]> : tile<4xf32>\n"
      "    %g = constant <f32: [4.0, 3.0, 2.0, 1.0]> : tile<4xf32>\n"
      "    %0 = tanh %f : tile<4xf32>\n"
      "    %1 = tanh %g : tile<4xf32>\n"
      "    %2 = addf %0, %1 : tile<4xf32>\n"
      "    %3 = tanh %2 : tile<4xf32>\n"
      "    return\n"
      "  }\n"
      "}\n";
  IrContext *ctx = new_ctx();
  IrOp *m = parse(ctx, text);
  CHECK(m != NULL);
  if (!m) {
    ir_context_destroy(ctx);
    return;
  }
  char *want = print(m);
  uint8_t *b1 = NULL, *b3 = NULL;
  size_t n1 = 0, n3 = 0;
  CHECK(bc_write_module(m, 13, 1, &b1, &n1));
  CHECK(bc_write_module(m, 13, 3, &b3, &n3));
  /* the 13.3 file spends a byte per tanh on its rounding mode */
  CHECK(n3 != n1);
  if (b1 && b3) {
    check_reads_as(ctx, b3, n3, want);
    check_reads_as(ctx, b1, n1, want);
    check_reads_as(ctx, b3, n3, want);
  }
  free(b1);
  free(b3);
  free(want);
  ir_op_destroy(m);
  ir_context_destroy(ctx);
}

/* The same op, repeated many times, with a varying attribute in between:
 * templates are replaced and made again, results stay right. */
static void test_many_repeats(void) {
  StrBuf t = {0};
  sb_puts(&t, "cuda_tile.module @kernels {\n  entry @k(%a: tile<i32>) {\n");
  static const char *const preds[] = {"equal", "not_equal", "less_than", "greater_than"};
  for (int i = 0; i < 300; i++) {
    sb_printf(&t, "    %%c%d = constant <i32: %d> : tile<i32>\n", i, i % 37);
    sb_printf(&t, "    %%p%d = cmpi %s %%a, %%c%d, %s : tile<i32> -> tile<i1>\n", i, preds[i % 4], i,
              i % 3 ? "signed" : "unsigned");
  }
  sb_puts(&t, "    return\n  }\n}\n");
  IrContext *ctx = new_ctx();
  IrOp *m = parse(ctx, t.s);
  CHECK(m != NULL);
  if (m) {
    char *want = print(m);
    uint8_t *b = NULL;
    size_t n = 0;
    CHECK(bc_write_module(m, 13, 3, &b, &n));
    if (b) check_reads_as(ctx, b, n, want);
    free(b);
    free(want);
    ir_op_destroy(m);
  }
  sb_free(&t);
  ir_context_destroy(ctx);
}

/* ir_op_destroy_isolated: functions destroyed one at a time leave the
 * others intact (their text unchanged), and a function still in its block
 * is unlinked first; the context then has nothing left (AddressSanitizer
 * reports a leak or a use after free otherwise). */
static void test_destroy_isolated(void) {
  IrContext *ctx = new_ctx();
  IrOp *m = parse(ctx, mixed);
  CHECK(m != NULL);
  if (!m) {
    ir_context_destroy(ctx);
    return;
  }
  IrBlock *body = ir_op_regions(m)[0].first;
  IrOp *f1 = body->first, *f2 = f1 ? f1->next : NULL;
  CHECK(f1 && f2);
  if (f1 && f2) {
    char *before = print(f2);
    ir_op_unlink(f1);
    ir_op_destroy_isolated(f1); /* detached */
    char *after = print(f2);
    CHECK_STREQ(before, after);
    CHECK(ir_verify(m));
    ir_op_destroy_isolated(f2); /* still in the module's block */
    CHECK(body->first == NULL);
    free(before);
    free(after);
  }
  ir_op_destroy(m);
  ir_context_destroy(ctx);
}

UNIT_MAIN {
  test_headers_and_versions();
  test_old_version_after_new();
  test_many_repeats();
  test_destroy_isolated();
}
