/* test_bytecode.c — unit tests of the Tile IR bytecode writer and reader
 * (lib/bytecode): the header and section framing of a small module,
 * determinism, text -> bytecode -> text equality for each version, that
 * every truncation and every single-byte corruption of a valid file is
 * reported (never a crash), version queries, lazy function loading, and
 * the C API hooks
 * ctileModuleWriteBytecode / ctileModuleReadBytecode; dense constants in
 * NVIDIA's raw form (i1 bit-packed, 0xff splats, tf32 in 3 bytes) both ways;
 * reader errors naming a byte offset; the writer leaves the parser's compact
 * locations unmaterialized, and numbers values across sibling and nested
 * regions as the reader expects. */
#include "unit.h"

#include <stdint.h>
#include <stdlib.h>

#include "asm/asm.h"
#include "bytecode/bc_internal.h"
#include "bytecode/bytecode.h"
#include "ctile/ctile.h"
#include "dialect/cuda_tile/ct_ops.h"
#include "dialect/dialects.h"

static const char *const kernel =
    "cuda_tile.module @kernels {\n"
    "  global @g <i32: [1, 2]> : tile<2xi32>\n"
    "  entry @k(%p: tile<ptr<f32>>, %n: tile<i32>) {\n"
    "    %c = constant <i32: [1, 2]> : tile<2xi32>\n"
    "    %d = addi %c, %c overflow<no_signed_wrap> : tile<2xi32>\n"
    "    %one = constant <i32: 1> : tile<i32>\n"
    "    %r = for %iv in (%one to %n, step %one) : tile<i32> iter_values(%a = %one) -> (tile<i32>) {\n"
    "      %s = addi %a, %iv : tile<i32>\n"
    "      continue %s : tile<i32>\n"
    "    }\n"
    "    %t = make_token : token\n"
    "    %x, %tk = load_ptr_tko weak %p token = %t : tile<ptr<f32>> -> tile<f32>, token\n"
    "    return\n"
    "  }\n"
    "}\n";

static int nerrors;
static char last_error[512];
static void count_diag(void *user, const IrDiag *d) {
  (void)user;
  if (d->sev == IR_SEV_ERROR) {
    nerrors++;
    snprintf(last_error, sizeof last_error, "%s", sb_cstr((StrBuf *)&d->msg));
  }
}

static IrContext *new_ctx(void) {
  IrContext *ctx = ir_context_create();
  ctile_register_all(ctx);
  ir_ctx_set_diag_handler(ctx, count_diag, NULL);
  return ctx;
}

static IrOp *parse(IrContext *ctx, const char *text) {
  AsmParseOptions po = {.no_implicit_module = true};
  IrOp *op = asm_parse_buffer(ctx, "k.mlir", text, strlen(text), &po);
  return op && ir_verify(op) ? op : NULL;
}

static char *print(IrOp *op) {
  StrBuf b = {0};
  asm_print_op_to(&b, op, &(AsmPrintOptions){0});
  return sb_take(&b);
}

static void to_bcbuf(const uint8_t *data, size_t len, void *user) { bc_bytes(user, data, len); }

/* Header, section framing and determinism. */
static void test_framing(void) {
  IrContext *ctx = new_ctx();
  IrOp *m = parse(ctx, kernel);
  CHECK(m != NULL);
  if (!m) return;
  uint8_t *a = NULL, *b = NULL;
  size_t na = 0, nb = 0;
  CHECK(bc_write_module(m, 13, 3, &a, &na));
  CHECK(bc_write_module(m, 13, 3, &b, &nb));
  CHECK_EQ_INT(na, nb);
  CHECK(na == nb && !memcmp(a, b, na));
  CHECK(na > 12 && !memcmp(a, "\x7fTileIR\0", 8));
  CHECK_EQ_INT(a[8], 13);
  CHECK_EQ_INT(a[9], 3);
  CHECK_EQ_INT(a[10] | a[11], 0);
  CHECK_EQ_INT(a[na - 1], 0);          /* end-of-bytecode marker */
  /* First section: globals (id 6, unaligned). */
  CHECK_EQ_INT(a[12], 6);
  /* The streaming form gives the same bytes (written to memory, the
   * function section is built in place in the output instead). */
  BcBuf s = {0};
  CHECK(bc_write_module_stream(m, 13, 3, to_bcbuf, &s));
  CHECK(s.len == na && !memcmp(s.d, a, na));
  bc_buf_free(&s);
  free(a);
  free(b);
  ir_op_destroy(m);
  ir_context_destroy(ctx);
}

/* Text -> bytecode -> text for each version. */
static void test_roundtrip(void) {
  static const unsigned minors[] = {1, 2, 3};
  for (size_t i = 0; i < 3; i++) {
    IrContext *ctx = new_ctx();
    IrOp *m = parse(ctx, kernel);
    uint8_t *bytes = NULL;
    size_t n = 0;
    nerrors = 0;
    bool ok = m && bc_write_module(m, 13, minors[i], &bytes, &n);
    /* Everything in `kernel` exists since 13.1. */
    CHECK(ok);
    if (ok) {
      IrOp *back = bc_read_module(ctx, "k.tileirbc", bytes, n);
      CHECK(back != NULL);
      if (back) {
        CHECK(ir_verify(back));
        char *t1 = print(m), *t2 = print(back);
        CHECK_STREQ(t1, t2);
        free(t1);
        free(t2);
        ir_op_destroy(back);
      }
    }
    free(bytes);
    if (m) ir_op_destroy(m);
    ir_context_destroy(ctx);
  }
}

/* Sibling and nested regions whose values go out of scope, and uses of
 * outer values after them: the writer's value table must give every use
 * the index of the value in scope (the reader rejects or misplaces any
 * other), and writing must not materialize the ops' file:line:col
 * locations (the parser keeps them compact). */
static const char *const scopes =
    "cuda_tile.module @kernels {\n"
    "  entry @k(%n: tile<i32>) {\n"
    "    %one = constant <i32: 1> : tile<i32>\n"
    "    %two = constant <i32: 2> : tile<i32>\n"
    "    %r = for %iv in (%one to %n, step %one) : tile<i32> iter_values(%a = %one) -> (tile<i32>) {\n"
    "      %s = addi %a, %iv : tile<i32>\n"
    "      %q = for %jv in (%one to %n, step %two) : tile<i32> iter_values(%b = %s) -> (tile<i32>) {\n"
    "        %u = muli %b, %jv : tile<i32>\n"
    "        continue %u : tile<i32>\n"
    "      }\n"
    "      continue %q : tile<i32>\n"
    "    }\n"
    "    %r2 = for %kv in (%two to %n, step %one) : tile<i32> iter_values(%c = %two) -> (tile<i32>) {\n"
    "      %v = subi %c, %kv : tile<i32>\n"
    "      %w = addi %v, %r : tile<i32>\n"
    "      continue %w : tile<i32>\n"
    "    }\n"
    "    %z = addi %r2, %two : tile<i32>\n"
    "    %y = addi %z, %one : tile<i32>\n"
    "    return\n"
    "  }\n"
    "}\n";

static IrWalkResult count_compact(IrOp *op, void *user) {
  if (ir_op_loc_is_compact(op)) ++*(size_t *)user;
  return IR_WALK_ADVANCE;
}

static void test_scopes_and_lazy_locs(void) {
  IrContext *ctx = new_ctx();
  IrOp *m = parse(ctx, scopes);
  CHECK(m != NULL);
  if (!m) return;
  size_t before = 0, after = 0;
  ir_walk_pre(m, count_compact, &before);
  CHECK(before >= 15);
  uint8_t *bytes = NULL;
  size_t n = 0;
  CHECK(bc_write_module(m, 13, 3, &bytes, &n));
  ir_walk_pre(m, count_compact, &after);
  CHECK_EQ_INT(after, before);
  IrOp *back = bytes ? bc_read_module(ctx, "k.tileirbc", bytes, n) : NULL;
  CHECK(back != NULL);
  if (back) {
    CHECK(ir_verify(back));
    char *t1 = print(m), *t2 = print(back);
    CHECK_STREQ(t1, t2);
    free(t1);
    free(t2);
    ir_op_destroy(back);
  }
  free(bytes);
  ir_op_destroy(m);
  ir_context_destroy(ctx);
}

/* Every prefix and every single-byte change of a valid file: the reader
 * either succeeds or reports at least one error. */
static void test_corruption(void) {
  IrContext *ctx = new_ctx();
  IrOp *m = parse(ctx, kernel);
  uint8_t *bytes = NULL;
  size_t n = 0;
  CHECK(m && bc_write_module(m, 13, 3, &bytes, &n));
  int silent_failures = 0;
  for (size_t len = 0; len < n; len++) {
    uint8_t *copy = malloc(len ? len : 1);
    memcpy(copy, bytes, len);
    nerrors = 0;
    IrOp *r = bc_read_module(ctx, "t", copy, len);
    if (r) ir_op_destroy(r);
    else if (!nerrors) silent_failures++;
    CHECK(!r); /* every strict prefix lacks the end marker */
    free(copy);
  }
  uint8_t *copy = malloc(n);
  for (size_t i = 0; i < n; i++)
    for (int delta = 1; delta < 256; delta += 37) {
      memcpy(copy, bytes, n);
      copy[i] = (uint8_t)(copy[i] + delta);
      nerrors = 0;
      IrOp *r = bc_read_module(ctx, "t", copy, n);
      if (r) ir_op_destroy(r);
      else if (!nerrors) silent_failures++;
    }
  CHECK_EQ_INT(silent_failures, 0);
  free(copy);
  free(bytes);
  if (m) ir_op_destroy(m);
  ir_context_destroy(ctx);
}

static void test_versions(void) {
  CHECK(bc_version_supported(13, 1));
  CHECK(bc_version_supported(13, 2));
  CHECK(bc_version_supported(13, 3));
  CHECK(!bc_version_supported(13, 0));
  CHECK(!bc_version_supported(13, 4));
  CHECK(!bc_version_supported(12, 9));
  const uint16_t *v;
  size_t n = bc_supported_versions(&v);
  CHECK(n >= 3);
  CHECK_EQ_INT(v[0], (13 << 8) | 1);
  /* A 13.2-only op cannot be written as 13.1. */
  IrContext *ctx = new_ctx();
  IrOp *m = parse(ctx, "cuda_tile.module @kernels { entry @k() {\n"
                       "  %x = constant <f32: 1.0> : tile<f32>\n"
                       "  %y = atan2 %x, %x : tile<f32>\n  return } }\n");
  uint8_t *bytes = NULL;
  size_t len = 0;
  nerrors = 0;
  CHECK(m && !bc_write_module(m, 13, 1, &bytes, &len));
  CHECK(bytes == NULL);
  CHECK_EQ_INT(nerrors, 1);
  CHECK(m && bc_write_module(m, 13, 2, &bytes, &len));
  free(bytes);
  if (m) ir_op_destroy(m);
  ir_context_destroy(ctx);
}

/* Lazy loading: open scans the function table; each body is decoded on
 * request, and a broken body only fails its own function. */
static void test_lazy(void) {
  static const char *const two =
      "cuda_tile.module @kernels {\n"
      "  entry @first() { %c = constant <i32: 1> : tile<i32>\n return }\n"
      "  entry @second() { %c = constant <f32: 2.0> : tile<f32>\n return }\n"
      "}\n";
  IrContext *ctx = new_ctx();
  IrOp *m = parse(ctx, two);
  uint8_t *bytes = NULL;
  size_t n = 0;
  CHECK(m && bc_write_module(m, 13, 3, &bytes, &n));
  BcLazyModule *lm = bc_lazy_open(ctx, "t", bytes, n);
  CHECK(lm != NULL);
  if (lm) {
    CHECK_EQ_INT(bc_lazy_num_functions(lm), 2);
    size_t len = 0;
    const char *name = bc_lazy_function_name(lm, 1, &len);
    CHECK(len == 6 && !memcmp(name, "second", 6));
    IrOp *f = bc_lazy_load_function(lm, 1);
    CHECK(f && ct_op_is(f, CT_OP_entry));
    if (f) ir_op_destroy(f);
    CHECK(bc_lazy_load_function(lm, 2) == NULL);
    /* body sizes: both bodies are a few bytes, none out of range */
    CHECK(bc_lazy_function_size(lm, 0) > 0 && bc_lazy_function_size(lm, 0) < n);
    CHECK(bc_lazy_function_size(lm, 1) > 0 && bc_lazy_function_size(lm, 1) < n);
    CHECK(bc_lazy_function_size(lm, 2) == 0);
    /* the module without functions (no globals here): empty, valid */
    IrOp *shell = bc_lazy_load_module_shell(lm, true);
    CHECK(shell && ct_op_is(shell, CT_OP_module) && ir_verify(shell));
    CHECK(shell && ir_op_regions(shell)[0].first && !ir_op_regions(shell)[0].first->first);
    if (shell) ir_op_destroy(shell);
    IrOp *all = bc_lazy_load_module(lm);
    CHECK(all && ir_verify(all));
    if (all) ir_op_destroy(all);
    bc_lazy_close(lm);
  }
  free(bytes);
  if (m) ir_op_destroy(m);
  ir_context_destroy(ctx);
}

/* The module shell: the globals (or nothing), never the functions. */
static void test_lazy_shell(void) {
  static const char *const src =
      "cuda_tile.module @kernels {\n"
      "  global @g <f32: [1.0, 2.0]> : tile<2xf32>\n"
      "  entry @k() { %p = get_global @g : tile<ptr<f32>>\n return }\n"
      "}\n";
  IrContext *ctx = new_ctx();
  IrOp *m = parse(ctx, src);
  uint8_t *bytes = NULL;
  size_t n = 0;
  CHECK(m && bc_write_module(m, 13, 3, &bytes, &n));
  BcLazyModule *lm = bytes ? bc_lazy_open(ctx, "t", bytes, n) : NULL;
  CHECK(lm != NULL);
  if (lm) {
    IrOp *g = bc_lazy_load_module_shell(lm, true);
    IrOp *e = bc_lazy_load_module_shell(lm, false);
    IrBlock *gb = g ? ir_op_regions(g)[0].first : NULL;
    IrBlock *eb = e ? ir_op_regions(e)[0].first : NULL;
    CHECK(gb && gb->first && ct_op_is(gb->first, CT_OP_global) && !gb->first->next);
    CHECK(eb && !eb->first);
    /* a function verifies inside the globals' module (its symbol use) */
    IrOp *f = bc_lazy_load_function(lm, 0);
    CHECK(f != NULL);
    if (f && gb) {
      ir_block_append(gb, f);
      CHECK(ir_verify(f));
    }
    if (g) ir_op_destroy(g);
    if (e) ir_op_destroy(e);
    bc_lazy_close(lm);
  }
  free(bytes);
  if (m) ir_op_destroy(m);
  ir_context_destroy(ctx);
}

typedef struct Bytes {
  char *data;
  size_t len;
} Bytes;

static void on_bytes(CtileStringRef s, void *user) {
  Bytes *b = user;
  b->data = realloc(b->data, b->len + s.length + 1);
  memcpy(b->data + b->len, s.data, s.length);
  b->len += s.length;
}

static void quiet(CtileDiagnosticSeverity sev, const char *loc, const char *msg, void *user) {
  (void)loc;
  (void)msg;
  if (sev == CTILE_DIAGNOSTIC_ERROR) ++*(int *)user;
}

static void test_capi(void) {
  CtileContext ctx = ctileContextCreate();
  int errs = 0;
  ctileContextSetDiagnosticHandler(ctx, quiet, &errs);
  CtileModule m = ctileModuleParse(ctx, kernel, strlen(kernel), "k.mlir");
  CHECK(!ctileModuleIsNull(m));
  Bytes b = {0};
  CHECK(ctileModuleWriteBytecode(m, 0, 0, on_bytes, &b));
  CHECK(b.len > 12 && b.data[9] == 3);
  CtileModule back = ctileModuleReadBytecode(ctx, b.data, b.len);
  CHECK(!ctileModuleIsNull(back));
  CHECK_STREQ(ctileOperationGetName(ctileModuleGetOperation(back)).data, "cuda_tile.module");
  CHECK(ctileModuleIsNull(ctileModuleReadBytecode(ctx, b.data, 5)));
  CHECK(!ctileModuleWriteBytecode(m, 12, 0, on_bytes, &b));
  CHECK_EQ_INT(errs, 2);
  ctileModuleDestroy(back);
  ctileModuleDestroy(m);
  free(b.data);
  ctileContextDestroy(ctx);
}

/* Dense constant storage <-> MLIR raw data. */
static void test_dense_raw(void) {
  IrContext *ctx = new_ctx();
  const IrType *i1 = ir_integer_type(ctx, 1, IR_SIGNLESS);
  const IrType *i16 = ir_integer_type(ctx, 16, IR_SIGNLESS);
  const IrType *tf32 = ir_float_type(ctx, IR_TF32);
  BcBuf b = {0};
  /* Non-splat i1, 10 elements: size 2, bits lowest first. */
  static const uint8_t bits10[10] = {1, 0, 1, 1, 0, 0, 0, 1, 0, 1};
  bc_dense_to_raw(i1, 10, bits10, 10, &b);
  CHECK_EQ_INT(b.len, 3);
  CHECK(b.len == 3 && b.d[0] == 2 && b.d[1] == 0x8d && b.d[2] == 0x02);
  b.len = 0;
  /* A true splat is 0xff; all-equal elements are written as a splat. */
  static const uint8_t ones[4] = {1, 1, 1, 1};
  bc_dense_to_raw(i1, 4, ones, 1, &b);
  CHECK(b.len == 2 && b.d[0] == 1 && b.d[1] == 0xff);
  b.len = 0;
  bc_dense_to_raw(i1, 4, ones, 4, &b);
  CHECK(b.len == 2 && b.d[0] == 1 && b.d[1] == 0xff);
  b.len = 0;
  static const uint8_t same16[6] = {7, 0, 7, 0, 7, 0};
  bc_dense_to_raw(i16, 3, same16, 6, &b);
  CHECK(b.len == 3 && b.d[0] == 2 && b.d[1] == 7 && b.d[2] == 0);
  b.len = 0;
  /* tf32: 3 bytes an element. */
  static const uint8_t tf[8] = {0x00, 0xfc, 0x01, 0x00, 0x00, 0x00, 0x02, 0x00};
  bc_dense_to_raw(tf32, 2, tf, 8, &b);
  CHECK(b.len == 7 && b.d[0] == 6 && !memcmp(b.d + 1, "\x00\xfc\x01\x00\x00\x02", 6));
  bc_buf_free(&b);

  size_t n;
  bool splat;
  uint8_t *out = bc_dense_from_raw(i1, 10, (const uint8_t *)"\x8d\x02", 2, &n, &splat);
  CHECK(out && n == 10 && !splat && !memcmp(out, bits10, 10));
  free(out);
  out = bc_dense_from_raw(i1, 4, (const uint8_t *)"\xff", 1, &n, &splat);
  CHECK(out && n == 1 && splat && out[0] == 1);
  free(out);
  out = bc_dense_from_raw(i1, 4, (const uint8_t *)"\x01", 1, &n, &splat);
  CHECK(out && n == 4 && !splat && out[0] == 1 && out[1] == 0 && out[3] == 0);
  free(out);
  CHECK(!bc_dense_from_raw(i1, 10, (const uint8_t *)"\x01", 1, &n, &splat));
  CHECK(!bc_dense_from_raw(i1, 10, (const uint8_t *)"\x01\x02\x03", 3, &n, &splat));
  out = bc_dense_from_raw(tf32, 2, tf, 3, &n, &splat); /* one element: a splat */
  CHECK(out && n == 4 && splat && out[1] == 0xfc && out[3] == 0);
  free(out);
  out = bc_dense_from_raw(tf32, 2, (const uint8_t *)"\x00\xfc\x01\x00\x00\x02", 6, &n,
                          &splat);
  CHECK(out && n == 8 && !splat && !memcmp(out, tf, 8));
  free(out);
  CHECK(!bc_dense_from_raw(tf32, 2, tf, 8, &n, &splat)); /* IR size, not raw */
  ir_context_destroy(ctx);
}

/* Reader errors start "error at offset N: ", N the offset of the field. */
static void test_error_offsets(void) {
  IrContext *ctx = new_ctx();
  static const uint8_t v135[] = {0x7f, 'T', 'i', 'l', 'e', 'I', 'R', 0, 13, 5, 0, 0, 0};
  nerrors = 0;
  IrOp *r = bc_read_module(ctx, "t", v135, sizeof v135);
  CHECK(!r && nerrors == 1);
  CHECK_STREQ(last_error, "error at offset 8: unsupported Tile version 13.5.0, this reader "
                          "supports versions [13.1 - 13.3]");
  static const uint8_t badmagic[] = {0x7f, 'T', 'i', 'l', 'X'};
  r = bc_read_module(ctx, "t", badmagic, sizeof badmagic);
  CHECK(!r);
  CHECK_STREQ(last_error, "error at offset 4: invalid magic number at position 4, got 88 "
                          "expected 101");
  ir_context_destroy(ctx);
}

UNIT_MAIN {
  test_dense_raw();
  test_error_offsets();
  test_framing();
  test_roundtrip();
  test_scopes_and_lazy_locs();
  test_corruption();
  test_versions();
  test_lazy();
  test_lazy_shell();
  test_capi();
}
