/* test_wbc_writer.c — unit tests of the bytecode writer's quick ways
 * (lib/bytecode/bc_writer.c): an op whose whole header is a memo hit is
 * written without write_op (write_ops) or from the memo in write_op, and
 * the function bodies are written in place.  Every module here, and every
 * one of examples/ and test/lit/ that parses, verifies and writes, gives the
 * same bytes for each version as with bc_write_plain (each op's header
 * encoded again), and as the streamed write (tool_write_bc_streamed) where
 * that takes it; the bytes read back.  The modules repeat ops so that the memo is hit: segment
 * ops with variadic groups, ops of one and two results, ops inside reduce
 * bodies and loops, functions with debug locations, long bodies (a length
 * of three bytes). */
#include "unit.h"

#include <dirent.h>
#include <stdint.h>
#include <stdlib.h>

#include "asm/asm.h"
#include "bytecode/bc_internal.h"
#include "bytecode/bytecode.h"
#include "ctile/ctile.h"
#include "dialect/dialects.h"
#include "support/support.h"
#include "tool/tool.h"

static void quiet(void *user, const IrDiag *d) {
  (void)d;
  ++*(int *)user;
}

/* The bytes of text for 13.minor, plain or not; NULL if it does not
 * parse, verify or write. */
static uint8_t *write_text(const char *text, size_t len, unsigned minor, bool plain,
                           size_t *n) {
  IrContext *ctx = ir_context_create();
  ctile_register_all(ctx);
  int nd = 0;
  ir_ctx_set_diag_handler(ctx, quiet, &nd);
  IrOp *op = asm_parse_buffer(ctx, "t.mlir", text, len, &(AsmParseOptions){0});
  uint8_t *bytes = NULL;
  *n = 0;
  bc_write_plain = plain;
  if (!op || !ir_verify(op) || !bc_write_module(op, 13, minor, &bytes, n)) {
    free(bytes);
    bytes = NULL;
  }
  bc_write_plain = false;
  if (op) ir_op_destroy(op);
  ir_context_destroy(ctx);
  return bytes;
}

/* Checks text; returns whether it was written at all (want: it must be;
 * readback: the bytes must read back, as they do for entries only). */
static bool check_module(const char *text, size_t len, bool want, bool readback) {
  if (len == SIZE_MAX) len = strlen(text);
  bool any = false;
  for (unsigned minor = 1; minor <= 3; minor++) {
    size_t nq = 0, np = 0, ns = 0;
    uint8_t *q = write_text(text, len, minor, false, &nq);
    uint8_t *p = write_text(text, len, minor, true, &np);
    CHECK((q == NULL) == (p == NULL));
    if (q && p) CHECK(nq == np && !memcmp(q, p, nq));
    if (want) CHECK(q != NULL);
    /* and it reads back (a body's length is right, ...) */
    if (q && readback) {
      IrContext *rctx = ir_context_create();
      ctile_register_all(rctx);
      int nd = 0;
      ir_ctx_set_diag_handler(rctx, quiet, &nd);
      IrOp *back = bc_read_module(rctx, "t.tileirbc", q, nq);
      CHECK(back != NULL);
      CHECK_EQ_INT(nd, 0);
      if (back) ir_op_destroy(back);
      ir_context_destroy(rctx);
    }
    any |= q != NULL;
    /* the streamed write, where it takes the text, gives the same */
    IrContext *ctx = ir_context_create();
    ctile_register_all(ctx);
    uint8_t *s = NULL;
    if (q && tool_write_bc_streamed(ctx, "t.mlir", text, len, 13, minor, &s, &ns))
      CHECK(ns == nq && !memcmp(s, q, nq));
    ir_context_destroy(ctx);
    free(q);
    free(p);
    free(s);
  }
  return any;
}

#define FN(name, body) "  entry @" name "(%p: tile<ptr<f32>>, %n: tile<i32>) {\n" body "    return\n  }\n"
#define OPS                                                                              \
  "    %c = constant <i32: 7> : tile<i32>\n"                                             \
  "    %a = addi %c, %n : tile<i32>\n"                                                   \
  "    %b = addi %a, %c : tile<i32>\n"                                                   \
  "    %t = print_tko \"%d %d\", %a, %b : tile<i32>, tile<i32> -> token\n"               \
  "    %u = print_tko \"%d\", %c : tile<i32> -> token\n"                                 \
  "    %v = print_tko \"%d %d\", %b, %a : tile<i32>, tile<i32> -> token\n"               \
  "    %pp = offset %p, %c : tile<ptr<f32>>, tile<i32> -> tile<ptr<f32>>\n"              \
  "    %x, %tk = load_ptr_tko weak %pp : tile<ptr<f32>> -> tile<f32>, token\n"           \
  "    %y, %tk2 = load_ptr_tko weak %pp token = %tk : tile<ptr<f32>> -> tile<f32>, token\n" \
  "    %z, %tk3 = load_ptr_tko weak %pp token = %tk2 : tile<ptr<f32>> -> tile<f32>, token\n" \
  "    %bx, %by, %bz = get_tile_block_id : tile<i32>\n"                                  \
  "    %r = for %iv in (%c to %n, step %c) : tile<i32> iter_values(%s = %a)"             \
  " -> (tile<i32>) {\n"                                                                  \
  "      %s2 = addi %s, %iv : tile<i32>\n"                                               \
  "      %s3 = addi %s2, %bx : tile<i32>\n"                                              \
  "      continue %s3 : tile<i32>\n"                                                     \
  "    }\n"

static void test_modules(void) {
  check_module("cuda_tile.module @m {\n" FN("a", OPS) FN("b", OPS)
                   FN("c", "    %e = addi %n, %n : tile<i32>\n" OPS) "}\n",
               SIZE_MAX, true, true);
  /* reduce bodies (written by write_op: inside them ops are checked) */
  const char *red =
      "cuda_tile.module @m {\n"
      "  entry @r(%p: tile<ptr<f32>>) {\n"
      "    %c = constant <f32: 1.0> : tile<8x128xf32>\n"
      "    %m = reduce %c dim=1 identities=[0xFF800000 : f32] : tile<8x128xf32> -> tile<8xf32>\n"
      "      (%a: tile<f32>, %b: tile<f32>) {\n"
      "        %x = maxf %a, %b : tile<f32>\n        %y = maxf %a, %b : tile<f32>\n"
      "        yield %x : tile<f32>\n      }\n"
      "    %m2 = reduce %c dim=1 identities=[0xFF800000 : f32] : tile<8x128xf32> -> tile<8xf32>\n"
      "      (%a: tile<f32>, %b: tile<f32>) {\n"
      "        %x = maxf %a, %b : tile<f32>\n        yield %x : tile<f32>\n      }\n"
      "    return\n  }\n}\n";
  check_module(red, SIZE_MAX, true, true);
  /* a long body: its length takes three bytes (the body is moved) */
  StrBuf b = {0};
  sb_puts(&b, "cuda_tile.module @m {\n  entry @big(%n: tile<i32>) {\n"
              "    %c = constant <i32: 7> : tile<i32>\n");
  for (int i = 0; i < 9000; i++) sb_printf(&b, "    %%v%d = addi %%c, %%n : tile<i32>\n", i);
  sb_puts(&b, "    return\n  }\n" FN("small", "") "}\n");
  check_module(b.s, b.len, true, true);
  sb_free(&b);
  /* debug locations: the ops' debug indices (write_op, not write_ops) */
  check_module("#file = #cuda_tile.di_file<\"a.py\" in \"/d\">\n"
               "#cu = #cuda_tile.di_compile_unit<file = #file>\n"
               "#sp = #cuda_tile.di_subprogram<file = #file, line = 1, name = \"k\", "
               "linkageName = \"k\", compileUnit = #cu, scopeLine = 1>\n"
               "#loc = #cuda_tile.di_loc<loc(\"a.py\":2:3) in #sp>\n"
               "cuda_tile.module @m {\n"
               "  entry @k(%n: tile<i32>) {\n"
               "    %c = constant <i32: 7> : tile<i32> loc(#loc)\n"
               "    %a = addi %c, %n : tile<i32> loc(#loc)\n"
               "    %b = addi %c, %n : tile<i32> loc(#loc)\n"
               "    return loc(#loc)\n  } loc(#loc)\n}\n",
               SIZE_MAX, false, true);
}

/* Every .mlir file under dir (and its folders, `depth` deep) that writes. */
static int check_dir(const char *dir, int depth) {
  DIR *d = opendir(dir);
  int n = 0;
  if (!d) return 0;
  for (struct dirent *e; (e = readdir(d));) {
    if (e->d_name[0] == '.') continue;
    size_t nl = strlen(e->d_name);
    StrBuf path = {0};
    sb_printf(&path, "%s/%s", dir, e->d_name);
    if (nl < 6 || strcmp(e->d_name + nl - 5, ".mlir")) {
      if (depth > 0) n += check_dir(path.s, depth - 1);
      sb_free(&path);
      continue;
    }
    FILE *f = fopen(path.s, "rb");
    sb_free(&path);
    if (!f) continue;
    StrBuf t = {0};
    char buf[65536];
    for (size_t k; (k = fread(buf, 1, sizeof buf, f)) > 0;) sb_putn(&t, buf, k);
    fclose(f);
    if (t.s && check_module(t.s, t.len, false, false)) n++;
    sb_free(&t);
  }
  closedir(d);
  return n;
}

static void test_files(void) {
  /* this file's folder is test/unit */
  StrBuf root = {0};
  const char *me = __FILE__, *slash = strrchr(me, '/');
  sb_putn(&root, me, slash ? (size_t)(slash - me) : 0);
  sb_puts(&root, "/../..");
  StrBuf d1 = {0}, d2 = {0};
  sb_printf(&d1, "%s/examples", root.s);
  sb_printf(&d2, "%s/test/lit", root.s);
  int n = check_dir(d1.s, 0) + check_dir(d2.s, 2);
  CHECK(n >= 20); /* files were found and written */
  sb_free(&root);
  sb_free(&d1);
  sb_free(&d2);
}

UNIT_MAIN {
  test_modules();
  test_files();
}
