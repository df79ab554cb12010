/* test_wbc_read.c — unit tests of the streamed read's output
 * (lib/tool/bc_stream.c, tool_read_bc_streamed): written to a file through
 * the sink, where each batch's text of 64 KB or more goes to the sink as it
 * is (stream_out_put), the file holds exactly the text of the read into a
 * buffer without a sink, for a module of many batches and for a small one;
 * a failed streamed attempt leaves the file empty. */
#include "unit.h"

#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

#include "asm/asm.h"
#include "bytecode/bytecode.h"
#include "ctile/ctile.h"
#include "dialect/dialects.h"
#include "support/support.h"
#include "tool/tool.h"

/* The bytecode of text (NULL if it does not write). */
static uint8_t *bytecode(const char *text, size_t *n) {
  IrContext *ctx = ir_context_create();
  ctile_register_all(ctx);
  IrOp *op = asm_parse_buffer(ctx, "t.mlir", text, strlen(text), &(AsmParseOptions){0});
  uint8_t *bytes = NULL;
  *n = 0;
  if (!op || !ir_verify(op) || !bc_write_module(op, 13, 3, &bytes, n)) bytes = NULL;
  if (op) ir_op_destroy(op);
  ir_context_destroy(ctx);
  return bytes;
}

/* The streamed read of bc into a buffer, no sink (NULL when refused). */
static char *read_plain(const uint8_t *bc, size_t n, size_t *len) {
  IrContext *ctx = ir_context_create();
  ctile_register_all(ctx);
  StrBuf out = {0};
  bool ok = tool_read_bc_streamed(ctx, "t.tileirbc", (const char *)bc, n, "-", &out, NULL);
  ir_context_destroy(ctx);
  *len = out.len;
  if (!ok) {
    sb_free(&out);
    return NULL;
  }
  return out.s ? out.s : calloc(1, 1);
}

/* The same through a file and its sink; the file's contents, *ok: the
 * streamed read took it. */
static char *read_through_file(const uint8_t *bc, size_t n, size_t *len, bool *ok) {
  char path[] = "/tmp/test_wbc_read_XXXXXX";
  int fd = mkstemp(path);
  CHECK(fd >= 0);
  if (fd < 0) return NULL;
  close(fd);
  ToolOutput o;
  StrBuf err = {0};
  CHECK(tool_output_open(&o, path, &err));
  ToolSink sink = {tool_output_write, &o};
  IrContext *ctx = ir_context_create();
  ctile_register_all(ctx);
  StrBuf out = {0};
  *ok = tool_read_bc_streamed(ctx, "t.tileirbc", (const char *)bc, n, path, &out, &sink);
  ir_context_destroy(ctx);
  /* (the tool writes the rest on success; here also after a refusal, to
   * see what the attempt left in the file) */
  CHECK(tool_output_finish(&o, out.s, out.len, true, &err));
  sb_free(&out);
  sb_free(&err);
  char *text = tool_read_input(path, len, &err);
  sb_free(&err);
  unlink(path);
  return text;
}

static void check_same(const char *text, bool big) {
  size_t nb = 0;
  uint8_t *bc = bytecode(text, &nb);
  CHECK(bc != NULL);
  if (!bc) return;
  size_t np = 0, nf = 0;
  bool ok = false;
  char *p = read_plain(bc, nb, &np);
  char *f = read_through_file(bc, nb, &nf, &ok);
  CHECK(p != NULL && ok);
  CHECK(f && p && nf == np && !memcmp(f, p, np));
  if (big) CHECK(np > 4 * 64 * 1024); /* several batches of 64 KB and more */
  free(p);
  free(f);
  /* a refused attempt (a truncated file) leaves nothing in the file */
  char *t = read_through_file(bc, nb - 1, &nf, &ok);
  CHECK(!ok);
  CHECK_EQ_INT(nf, 0);
  free(t);
  free(bc);
}

static void test_read(void) {
  StrBuf b = {0};
  sb_puts(&b, "cuda_tile.module @m {\n");
  for (int i = 0; i < 3000; i++)
    sb_printf(&b,
              "  entry @k%d(%%p: tile<ptr<f32>>, %%n: tile<i32>) {\n"
              "    %%c = constant <i32: %d> : tile<i32>\n"
              "    %%a = addi %%c, %%n : tile<i32>\n"
              "    %%b = muli %%a, %%c : tile<i32>\n"
              "    %%t = print_tko \"%%d %%d\", %%a, %%b : tile<i32>, tile<i32> -> token\n"
              "    return\n  }\n",
              i, i % 13);
  sb_puts(&b, "}\n");
  check_same(b.s, true);
  sb_free(&b);
  check_same("cuda_tile.module @m {\n  entry @a() {\n    return\n  }\n}\n", false);
}

UNIT_MAIN {
  test_read();
}
