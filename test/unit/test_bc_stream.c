/* test_bc_stream.c — unit tests of ctile-translate's batched text-to-bytecode
 * write (lib/tool/bc_stream.c, tool_write_bc_streamed, over lib/bytecode's
 * bc_stream_writer_*): where it takes a module, its bytes are
 * bc_write_module's for the whole parsed module, for each version; where the
 * text is not of the shape it handles or has an error, it returns false
 * without output and without showing any diagnostic (the caller then writes
 * the whole module), and leaves the context's diagnostic handler as it was. */
#include "unit.h"

#include <stdint.h>
#include <stdlib.h>

#include "asm/asm.h"
#include "bytecode/bytecode.h"
#include "ctile/ctile.h"
#include "dialect/dialects.h"
#include "support/support.h"
#include "tool/tool.h"

static int ndiags;
static void count_diag(void *user, const IrDiag *d) {
  (void)user;
  (void)d;
  ndiags++;
}

static IrContext *new_ctx(void) {
  IrContext *ctx = ir_context_create();
  ctile_register_all(ctx);
  ir_ctx_set_diag_handler(ctx, count_diag, NULL);
  return ctx;
}

/* The whole-module bytes of text (parse, verify, bc_write_module); NULL if
 * any of them fails. */
static uint8_t *whole(const char *text, unsigned minor, size_t *n) {
  IrContext *ctx = new_ctx();
  IrOp *op = asm_parse_buffer(ctx, "t.mlir", text, strlen(text), &(AsmParseOptions){0});
  uint8_t *bytes = NULL;
  *n = 0;
  if (op && ir_verify(op) && !bc_write_module(op, 13, minor, &bytes, n)) bytes = NULL;
  if (op) ir_op_destroy(op);
  ir_context_destroy(ctx);
  return bytes;
}

/* The streamed bytes of text; NULL when it gives up.  *shown: diagnostics
 * that reached the context's own handler. */
static uint8_t *streamed(const char *text, unsigned minor, size_t *n, int *shown) {
  IrContext *ctx = new_ctx();
  ndiags = 0;
  uint8_t *bytes = NULL;
  if (!tool_write_bc_streamed(ctx, "t.mlir", text, strlen(text), 13, minor, &bytes, n)) {
    CHECK(bytes == NULL && *n == 0);
    bytes = NULL;
  }
  *shown = ndiags;
  /* the handler is ours again */
  ir_error(ctx, ir_unknown_loc(ctx), "after");
  CHECK_EQ_INT(ndiags, *shown + 1);
  ir_context_destroy(ctx);
  return bytes;
}

/* text is taken, for 13.1 and 13.3, with the whole module's bytes. */
static void check_taken(const char *text) {
  for (unsigned minor = 1; minor <= 3; minor += 2) {
    size_t nw = 0, ns = 0;
    int shown = 0;
    uint8_t *w = whole(text, minor, &nw);
    uint8_t *s = streamed(text, minor, &ns, &shown);
    CHECK(w != NULL);
    CHECK(s != NULL);
    CHECK_EQ_INT(shown, 0);
    CHECK(w && s && nw == ns && !memcmp(w, s, nw));
    free(w);
    free(s);
  }
}

/* text is refused, silently; `valid`: the whole-module write takes it. */
static void check_refused(const char *text, bool valid) {
  size_t n = 0;
  int shown = 0;
  uint8_t *s = streamed(text, 3, &n, &shown);
  CHECK(s == NULL);
  CHECK_EQ_INT(shown, 0);
  free(s);
  uint8_t *w = whole(text, 3, &n);
  CHECK(valid ? w != NULL : w == NULL);
  free(w);
}

#define ENTRY(name, sig, body) "  entry @" name sig " {\n" body "    return\n  }\n"
#define BODY "    %c = constant <i32: 7> : tile<i32>\n    %a = addi %c, %c : tile<i32>\n"

static void test_taken(void) {
  /* globals, three signatures (one repeated), hints, nested regions */
  check_taken("cuda_tile.module @m {\n"
              "  global @g <f32: [1.0, 2.0]> : tile<2xf32>\n"
              "  global @h <i32: [3]> : tile<1xi32>\n" ENTRY("a", "(%p: tile<ptr<f32>>)", BODY)
              "  entry @b() optimization_hints=<sm_100 = {num_cta_in_cga = 2}> {\n" BODY
              "    %g = get_global @h : tile<ptr<i32>>\n"
              "    %one = constant <i32: 1> : tile<i32>\n"
              "    %r = for %iv in (%one to %c, step %one) : tile<i32> iter_values(%x = %one)"
              " -> (tile<i32>) {\n"
              "      %s = addi %x, %iv : tile<i32>\n"
              "      continue %s : tile<i32>\n"
              "    }\n"
              "    return\n"
              "  }\n" ENTRY("c", "(%p: tile<ptr<f32>>)", BODY)
                  ENTRY("d", "(%p: tile<ptr<f32>>, %q: tile<i32>)", BODY) "}\n");
  /* braces in comments and strings; a module with attributes; comments
   * around the module; no globals */
  check_taken("// leading comment {\n"
              "cuda_tile.module @m attributes {producer = \"p {\"} {\n"
              "  // between { functions\n" ENTRY("a", "()", BODY "    // } in a comment\n"
                                                             "    %t = print_tko \"%d {} }\", %a :"
                                                             " tile<i32> -> token\n")
                  ENTRY("b", "()", BODY) "}\n// trailing comment }\n");
  /* many functions: more than one batch of text */
  StrBuf b = {0};
  sb_puts(&b, "cuda_tile.module @m {\n  global @g <f32: [1.0]> : tile<1xf32>\n");
  for (int i = 0; i < 6000; i++)
    sb_printf(&b, "  entry @k%d(%%p: tile<ptr<f32>>) {\n    %%c = constant <i32: %d> : "
                  "tile<i32>\n    %%g = get_global @g : tile<ptr<f32>>\n    return\n  }\n",
              i, i % 97);
  sb_puts(&b, "}\n");
  CHECK(b.len > 600 * 1024);
  check_taken(sb_cstr(&b));
  sb_free(&b);
}

#define MOD "cuda_tile.module @m {\n"
#define A ENTRY("a", "()", BODY)
#define RET "    return\n  }"

static void test_refused(void) {
  /* shapes left to the whole-module write (which takes them): an alias, a
   * global after the functions, a function location, attributes after a
   * body, no function, a module inside builtin.module */
  check_refused("!t = !cuda_tile.tile<i32>\n" MOD A "}\n", true);
  check_refused(MOD A "  global @g <i32: [1]> : tile<1xi32>\n}\n", true);
  check_refused(MOD "  entry @a() {\n" BODY RET " loc(\"x\":1:2)\n}\n", true);
  check_refused(MOD "  entry @a() {\n" BODY RET " {x = 1 : i32}\n}\n", true);
  check_refused(MOD "  global @g <i32: [1]> : tile<1xi32>\n}\n", true);
  check_refused("module {\n  " MOD A "  }\n}\n", true);
  /* and invalid ones: text after the module, the generic form, no end */
  check_refused(MOD A "}\nfunc.func @x()\n", false);
  check_refused(MOD "  \"cuda_tile.entry\"() ({\n  }) : () -> ()\n}\n", false);
  check_refused(MOD A, false);
  check_refused(MOD "  entry @a() {\n" BODY RET "\n  entry @b() {\n", false);
  /* errors: parser, verifier, symbol table (the whole-module write reports
   * them) */
  check_refused(MOD A ENTRY("b", "()", "    %x = addi %nope, %nope : tile<i32>\n") "}\n",
                false);
  check_refused(MOD A ENTRY("b", "()", "    %x = get_global @nosuch : tile<ptr<f32>>\n") "}\n",
                false);
  check_refused(MOD A A "}\n", false);
  check_refused(MOD "  global @a <i32: [1]> : tile<1xi32>\n" A "}\n", false);
  size_t n = 0;
  int shown = 0;
  /* a bad signature text shared by two functions */
  uint8_t *s = streamed("cuda_tile.module @m {\n" ENTRY("a", "(%p: tile<nope>)", BODY)
                            ENTRY("b", "(%p: tile<nope>)", BODY) "}\n",
                        3, &n, &shown);
  CHECK(!s && !shown);
  free(s);
}

UNIT_MAIN {
  test_taken();
  test_refused();
}
