/* test_wbc_scan.c — unit tests of the streamed write's byte searches
 * (lib/bytecode/bc_scan.c): bc_scan_brace_stop and bc_scan_header_end give
 * what a plain byte-at-a-time reading of their definitions (written again
 * here) gives, both the wide way (AVX2, where the CPU has it) and the
 * byte-at-a-time way (bc_scan_scalar), on random texts of the bytes they
 * look at, from every start; and the streamed write (tool_write_bc_streamed)
 * takes headers the quick way can and cannot take, with the whole module's
 * bytes. */
#include "unit.h"

#include <stdint.h>
#include <stdlib.h>

#include "asm/asm.h"
#include "bytecode/bc_scan.h"
#include "bytecode/bytecode.h"
#include "ctile/ctile.h"
#include "dialect/dialects.h"
#include "support/support.h"
#include "tool/tool.h"

/* The definitions (bc_scan.h). */
static size_t ref_brace_stop(const char *s, size_t len, size_t i) {
  for (; i < len; i++)
    if (strchr("{}\"/", s[i]) && s[i]) return i;
  return len;
}

static size_t ref_header_end(const char *s, size_t len, size_t i) {
  size_t p = ref_brace_stop(s, len, i);
  long depth = 0;
  for (size_t k = i; k < p; k++) {
    char c = s[k];
    if (c == '(' || c == '[' || c == '<') depth++;
    if (c == ')' || c == ']' || (c == '>' && !(k > 0 && s[k - 1] == '-'))) depth--;
    if (depth < 0) return len;
  }
  return depth == 0 ? p : len;
}

static uint64_t rng = 0x9E3779B97F4A7C15u;
static unsigned rnd(unsigned n) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return (unsigned)(rng % n);
}

/* Random texts: mostly filler, with the searched bytes (and bytes of the
 * same low nibbles, high bytes and NULs) at a given density. */
static void fill(char *s, size_t n, unsigned per_mille) {
  static const char special[] = "{}\"/()[]<>-;+k[{+-";
  static const char filler[] = "a %:\n0x\x80\xfb\xff\x0b\x2b\x3b\x7e\x1d";
  for (size_t i = 0; i < n; i++) {
    if (rnd(1000) < per_mille) s[i] = special[rnd(sizeof special - 1)];
    else s[i] = filler[rnd(sizeof filler - 1)];
    if (rnd(5000) == 0) s[i] = '\0';
  }
  s[n] = '\0';
}

static void check_text(const char *s, size_t n) {
  for (size_t i = 0; i <= n; i++) {
    size_t want_b = ref_brace_stop(s, n, i), want_h = ref_header_end(s, n, i);
    for (int scalar = 0; scalar < 2; scalar++) {
      bc_scan_scalar = scalar;
      size_t b = bc_scan_brace_stop(s, n, i), h = bc_scan_header_end(s, n, i);
      if (b != want_b || h != want_h) {
        printf("n=%zu i=%zu scalar=%d: brace %zu (want %zu), header %zu (want %zu)\n", n, i,
               scalar, b, want_b, h, want_h);
        CHECK(false);
        bc_scan_scalar = false;
        return;
      }
    }
    bc_scan_scalar = false;
  }
  CHECK(true);
}

static void test_random(void) {
  static const unsigned dens[] = {0, 2, 10, 60, 300};
  char buf[1200];
  for (int round = 0; round < 400; round++) {
    size_t n = rnd(round < 300 ? 300 : 1100);
    fill(buf, n, dens[rnd(5)]);
    check_text(buf, n);
  }
  /* headers as functions have them: the region's '{' after balanced
   * brackets, an arrow, a bracket too many or too few, a brace inside */
  static const char *const hdrs[] = {
      "entry @f(%a: tile<ptr<f32>>, %b: !cuda_tile.tile<!cuda_tile.ptr<i32>>) {",
      "entry @f() -> (tile<i32>) {",
      "entry @f(%a: tile<ptr<f32>>>) {",
      "entry @f(%a: tile<ptr<f32>>) ) {",
      "entry @f((%a: tile<ptr<f32>>) {",
      "entry @f(%a: tile<i32> {cuda_tile.x = 1}) {",
      "entry @f(%a: tile<i32>) -> tile<i32> -> () {",
      ("entry @averyveryveryveryveryveryveryverylongname_with_more_letters(%a: tile<ptr<f32>>,"
       " %b: tile<ptr<f32>>, %c: tile<ptr<f32>>, %d: tile<ptr<f32>>, %e: tile<i32>) {"),
  };
  for (size_t k = 0; k < sizeof hdrs / sizeof *hdrs; k++) {
    /* at every distance from the end of the buffer */
    for (size_t pad = 0; pad < 140; pad += 7) {
      size_t n = strlen(hdrs[k]);
      memcpy(buf, hdrs[k], n);
      memset(buf + n, ' ', pad);
      buf[n + pad] = '\0';
      check_text(buf, n + pad);
    }
  }
  /* the quick way takes the balanced ones: the offset of their '{' */
  const char *h = hdrs[0];
  CHECK_EQ_INT(bc_scan_header_end(h, strlen(h), 5), strlen(h) - 1);
  h = hdrs[2];
  CHECK_EQ_INT(bc_scan_header_end(h, strlen(h), 5), strlen(h));
}

static int ndiags;
static void count_diag(void *user, const IrDiag *d) {
  (void)user;
  (void)d;
  ndiags++;
}

/* text is taken by the streamed write, with the whole module's bytes. */
static void check_streamed(const char *text) {
  IrContext *ctx = ir_context_create();
  ctile_register_all(ctx);
  ir_ctx_set_diag_handler(ctx, count_diag, NULL);
  IrOp *op = asm_parse_buffer(ctx, "t.mlir", text, strlen(text), &(AsmParseOptions){0});
  uint8_t *w = NULL, *s = NULL;
  size_t nw = 0, ns = 0;
  CHECK(op && ir_verify(op) && bc_write_module(op, 13, 3, &w, &nw));
  if (op) ir_op_destroy(op);
  ndiags = 0;
  CHECK(tool_write_bc_streamed(ctx, "t.mlir", text, strlen(text), 13, 3, &s, &ns));
  CHECK_EQ_INT(ndiags, 0);
  CHECK(w && s && nw == ns && !memcmp(w, s, nw));
  free(w);
  free(s);
  ir_context_destroy(ctx);
}

static void test_streamed(void) {
  for (int scalar = 0; scalar < 2; scalar++) {
    bc_scan_scalar = scalar;
    /* arrows, and an argument's attributes in braces (which the quick way
     * leaves to the bracket-at-a-time loop) */
    check_streamed("cuda_tile.module @m {\n"
                   "  entry @a(%p: tile<ptr<f32>> {cuda_tile.foo = 1}) {\n    return\n  }\n"
                   "  entry @b(%p: tile<ptr<f32>>) -> () {\n    return\n  }\n"
                   "  entry @c() {\n    %c = constant <i32: 7> : tile<i32>\n"
                   "    %r = for %iv in (%c to %c, step %c) : tile<i32> iter_values(%x = %c)"
                   " -> (tile<i32>) {\n"
                   "      %s = addi %x, %iv : tile<i32>\n      continue %s : tile<i32>\n"
                   "    }\n    return\n  }\n"
                   "}\n");
  }
  bc_scan_scalar = false;
}

UNIT_MAIN {
  test_random();
  test_streamed();
}
