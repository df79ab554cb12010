/* test_pfast_memo.c — parse memos carried across asm_parse_buffer calls
 * (AsmParseOptions.memo, lib/asm/parse_opmemo.c): a second parse in the
 * same context hits templates the first one recorded, and its output and
 * diagnostics are the same as a cold parse's: a template whose operand has
 * another type in the later text is not used (the error is the usual one,
 * at the later text's own file:line:col), an op whose next token differs is
 * parsed by its hook, and a carrier used with another context starts
 * over.  CTILE_PMEMO=0 turns the carried memo off too. */
#include <stdlib.h>

#include "asm/asm.h"
#include "dialect/dialects.h"
#include "ir/ir.h"
#include "support/support.h"
#include "unit.h"

typedef struct Sink {
  StrBuf diags;
  IrContext *ctx;
} Sink;

static void keep_diag(void *user, const IrDiag *d) {
  Sink *s = user;
  ir_diag_format(s->ctx, d, &s->diags);
}

static IrContext *new_ctx(Sink *s) {
  IrContext *ctx = ir_context_create();
  ctile_register_all(ctx);
  s->ctx = ctx;
  ir_ctx_set_diag_handler(ctx, keep_diag, s);
  return ctx;
}

/* The printed op (empty when the parse fails) followed by the diagnostics. */
static char *parse(IrContext *ctx, Sink *s, const char *name, const char *text, AsmParseMemo *m) {
  sb_clear(&s->diags);
  AsmParseOptions o = {.memo = m};
  IrOp *op = asm_parse_buffer(ctx, name, text, strlen(text), &o);
  StrBuf out = {0};
  if (op) {
    asm_print_op_to(&out, op, &(AsmPrintOptions){.debuginfo = true});
    ir_op_destroy(op);
  }
  sb_puts(&out, "--\n");
  sb_puts(&out, sb_cstr(&s->diags));
  return sb_take(&out);
}

/* The same text parsed cold, in a context of its own. */
static char *cold(const char *name, const char *text) {
  Sink s = {0};
  IrContext *ctx = new_ctx(&s);
  char *r = parse(ctx, &s, name, text, NULL);
  ir_context_destroy(ctx);
  sb_free(&s.diags);
  return r;
}

#define MOD(body) "cuda_tile.module @m {\n  entry @f(%a: tile<i32>, %b: tile<i32>) {\n" body "    return\n  }\n}\n"

static const char *first = MOD("    %c = addi %a, %b : tile<i32>\n"
                               "    %d = muli %a, %b : tile<i32>\n"
                               "    %e = constant <i32: 7> : tile<i32>\n");
/* each shape once: a cold parse has no hit */
static const char *second = MOD("    %x = addi %a, %b : tile<i32>\n"
                                "    %y = muli %b, %a : tile<i32>\n"
                                "    %z = constant <i32: 7> : tile<i32>\n");
/* the same op text with an operand of another type, on line 4 */
static const char *bad = "cuda_tile.module @m {\n  entry @f(%a: tile<i64>, %b: tile<i32>) {\n"
                         "    %q = constant <i32: 1> : tile<i32>\n"
                         "    %c = addi %a, %b : tile<i32>\n    return\n  }\n}\n";
/* the same op texts followed by other tokens than in `first` */
static const char *other_next = MOD("    %c = addi %a, %b : tile<i32> {x = 1 : i32}\n"
                                    "    %d = muli %a, %b : tile<i32>\n    %w = addi %a, %b : tile<i32>\n");

static void test_carried(void) {
  Sink s = {0};
  IrContext *ctx = new_ctx(&s);
  AsmParseMemo *m = asm_parse_memo_new();
  char *r1 = parse(ctx, &s, "one.mlir", first, m);
  char *c1 = cold("one.mlir", first);
  CHECK_STREQ(r1, c1);
  unsigned long h1 = asm_parse_memo_hits(m);
  char *r2 = parse(ctx, &s, "two.mlir", second, m);
  char *c2 = cold("two.mlir", second);
  CHECK_STREQ(r2, c2);
  /* the second parse hit what the first recorded */
  CHECK(asm_parse_memo_hits(m) >= h1 + 2);
  char *r3 = parse(ctx, &s, "three.mlir", bad, m);
  char *c3 = cold("three.mlir", bad);
  CHECK_STREQ(r3, c3);
  CHECK(strstr(r3, "three.mlir:4:") != NULL);
  char *r4 = parse(ctx, &s, "four.mlir", other_next, m);
  char *c4 = cold("four.mlir", other_next);
  CHECK_STREQ(r4, c4);
  CHECK(strstr(r4, "{x = 1 : i32}") != NULL);
  /* a type text the earlier parses memoized under cuda_tile's short forms,
   * here outside any cuda_tile op: not the memo's answer */
  const char *outside = "%v = \"cuda_tile.constant\"() <{value = dense<1> : tensor<i32>}> : () -> tile<i32>\n";
  char *r7 = parse(ctx, &s, "seven.mlir", outside, m);
  char *c7 = cold("seven.mlir", outside);
  CHECK_STREQ(r7, c7);
  CHECK(strstr(r7, "seven.mlir:1:") != NULL);
  free(r7), free(c7);
  /* another context: the carrier starts over */
  Sink s2 = {0};
  IrContext *ctx2 = new_ctx(&s2);
  char *r5 = parse(ctx2, &s2, "two.mlir", second, m);
  CHECK_STREQ(r5, c2);
  CHECK(asm_parse_memo_hits(m) == 0);
  char *r6 = parse(ctx2, &s2, "two.mlir", second, m);
  CHECK_STREQ(r6, c2);
  CHECK(asm_parse_memo_hits(m) >= 2);
  free(r1), free(c1), free(r2), free(c2), free(r3), free(c3), free(r4), free(c4), free(r5), free(r6);
  asm_parse_memo_free(m);
  ir_context_destroy(ctx2);
  ir_context_destroy(ctx);
  sb_free(&s.diags);
  sb_free(&s2.diags);
}

static void test_off(void) {
  setenv("CTILE_PMEMO", "0", 1);
  Sink s = {0};
  IrContext *ctx = new_ctx(&s);
  AsmParseMemo *m = asm_parse_memo_new();
  char *r1 = parse(ctx, &s, "one.mlir", first, m);
  char *r2 = parse(ctx, &s, "two.mlir", second, m);
  CHECK(asm_parse_memo_hits(m) == 0);
  unsetenv("CTILE_PMEMO");
  char *c2 = cold("two.mlir", second);
  CHECK_STREQ(r2, c2);
  free(r1), free(r2), free(c2);
  asm_parse_memo_free(m);
  ir_context_destroy(ctx);
  sb_free(&s.diags);
}

/* asm_parse_op_range: the ops of a slice of a larger text, as the body of a
 * cuda_tile.module (short op names, short types), stopping at the slice's
 * end; an error inside is reported at its place in the slice. */
static void test_range(void) {
  Sink s = {0};
  IrContext *ctx = new_ctx(&s);
  const IrOpInfo *in = ir_op_info_find(ctx, "cuda_tile.module", 16);
  CHECK(in != NULL);
  const char *text = "  entry @a() {\n    %c = constant <i32: 1> : tile<i32>\n    return\n  }\n"
                     "  entry @b() {\n    return\n  }\n  entry @c() {\n  this is not parsed\n";
  const char *to = strstr(text, "  entry @c");
  IrOp *m = asm_parse_op_range(ctx, "r.mlir", text, strlen(text), to, in, NULL);
  CHECK(m != NULL);
  size_t n = 0;
  for (IrOp *o = m ? ir_op_regions(m)[0].first->first : NULL; o; o = o->next) n++;
  CHECK_EQ_INT(n, 2);
  CHECK_STREQ(sb_cstr(&s.diags), "");
  if (m) ir_op_destroy(m);
  const char *bad = "  entry @a() {\n    %c = addi %x, %x : tile<i32>\n    return\n  }\n";
  m = asm_parse_op_range(ctx, "r.mlir", bad, strlen(bad), bad + strlen(bad), in, NULL);
  CHECK(m == NULL);
  CHECK(strstr(sb_cstr(&s.diags), "r.mlir:2:15: error: use of undeclared SSA value name") != NULL);
  ir_context_destroy(ctx);
  sb_free(&s.diags);
}

UNIT_MAIN {
  test_range();
  test_carried();
  test_off();
}
