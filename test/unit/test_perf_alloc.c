/* test_perf_alloc.c — unit tests of the memory-saving machinery of the
 * front end: the context's operation slab (ops of one size reuse each
 * other's memory, large ops and many ops work, results and operands stay
 * intact), the parser's input-release callback (ASM_INPUT_RELEASE_STATE:
 * called as parsing moves on, with positions that only grow, and once at
 * the end) and tool_run_file's mapped input (a file whose size fills its
 * last page exactly, and one that does not, both reach the tool whole and
 * NUL-terminated). */
#define _DEFAULT_SOURCE /* mkstemp */
#include "asm/asm.h"
#include "dialect/dialects.h"
#include "ir/ir.h"
#include "ir/ir_internal.h" /* the slab's counters */
#include "support/support.h"
#include "tool/tool.h"
#include "unit.h"

#include <stdlib.h>
#include <unistd.h>

static const IrOpInfo slab_ops[] = {
    {.name = "slab.op", .traits = 0, .min_operands = 0, .max_operands = -1,
     .min_results = 0, .max_results = -1, .num_regions = 0, .num_successors = 0},
};
static const IrDialect slab_dialect = {.name = "slab", .ops = slab_ops, .nops = 1};

static IrOp *mk(IrContext *ctx, size_t nres, IrValue **ops, size_t nops) {
  IrOpState st;
  ir_op_state_init(&st, ctx, ir_op_info_lookup(ctx, "slab.op", 7), NULL);
  const IrType *i32 = ir_integer_type(ctx, 32, IR_SIGNLESS);
  for (size_t i = 0; i < nres; i++) vec_push(&st.result_types, i32);
  for (size_t i = 0; i < nops; i++) vec_push(&st.operands, ops[i]);
  IrOp *op = ir_op_create(&st);
  ir_op_state_free(&st);
  return op;
}

static void test_slab(void) {
  IrContext *ctx = ir_context_create();
  ir_register_dialect(ctx, &slab_dialect);
  /* freed memory is reused by the next op of the same size */
  IrOp *a = mk(ctx, 1, NULL, 0);
  void *mem = ir_op_result(a, 0);
  ir_op_destroy(a);
  IrOp *b = mk(ctx, 1, NULL, 0);
  CHECK((void *)ir_op_result(b, 0) == mem);
  /* a large op (over the slab's largest class) and its operands */
  IrValue *vals[64];
  for (int i = 0; i < 64; i++) vals[i] = ir_op_result(b, 0);
  IrOp *big = mk(ctx, 40, vals, 64);
  CHECK(big != NULL);
  CHECK(ir_op_context(big) == ctx && ir_op_context(b) == ctx); /* from the page header */
  /* an op whose header lies past the first 64 KB of its run */
  IrOp *huge = mk(ctx, 3000, NULL, 0);
  CHECK((char *)huge - (char *)ir_op_result(huge, 2999) > 65536);
  CHECK(ir_op_context(huge) == ctx);
  ir_op_destroy(huge);
  CHECK_EQ_INT(big->nresults, 40);
  CHECK_EQ_INT(big->noperands, 64);
  CHECK(ir_op_operand(big, 63) == ir_op_result(b, 0));
  CHECK(ir_op_result(big, 39)->def == big);
  ir_op_destroy(big);
  CHECK(!ir_value_has_uses(ir_op_result(b, 0)));
  /* many ops of mixed sizes across many pages, each intact */
  enum { N = 20000 };
  IrOp **ops = malloc(N * sizeof *ops);
  for (int i = 0; i < N; i++) {
    IrValue *v = ir_op_result(b, 0);
    ops[i] = mk(ctx, (size_t)(i % 3), &v, (size_t)(i % 5 == 0));
  }
  bool ok = true;
  for (int i = 0; i < N; i++) {
    ok &= ops[i]->nresults == (uint32_t)(i % 3);
    for (uint32_t r = 0; r < ops[i]->nresults; r++) ok &= ir_op_result(ops[i], r)->def == ops[i];
  }
  CHECK(ok);
  for (int i = 0; i < N; i += 2) ir_op_destroy(ops[i]);
  for (int i = 0; i < N; i += 2) ops[i] = mk(ctx, (size_t)(i % 3), NULL, 0);
  for (int i = 0; i < N; i++) ir_op_destroy(ops[i]);
  free(ops);
  ir_op_destroy(b);
  ir_context_destroy(ctx);
}

static void ignore_diag(void *user, const IrDiag *d) {
  (void)user, (void)d;
}

/* Destroying a tree that holds every live op of its context releases the
 * slab in bulk (no pages left); a use of a value from outside the tree (an
 * argument of a detached block) is unlinked first; a tree that does not
 * hold every op is destroyed op by op and leaves the rest intact. */
static void test_bulk_teardown(void) {
  IrContext *ctx = ir_context_create();
  ir_register_dialect(ctx, &slab_dialect);
  const IrType *i32 = ir_integer_type(ctx, 32, IR_SIGNLESS);
  IrBlock *outside = ir_block_new();
  IrValue *arg = ir_block_add_arg(outside, i32, NULL);
  IrOp *m = ir_module_create(ctx, NULL);
  IrBlock *body = ir_module_body(m);
  IrOp *a = mk(ctx, 1, &arg, 1);
  ir_block_append(body, a);
  for (int i = 0; i < 300; i++) {
    IrValue *v = ir_op_result(a, 0);
    ir_block_append(body, mk(ctx, 1, &v, 1));
  }
  CHECK(ir_value_has_uses(arg));
  CHECK(ctx->ops.live == 302);
  ir_op_destroy(m);
  CHECK(ctx->ops.live == 0);
  CHECK(ctx->ops.pages == NULL); /* released in bulk */
  CHECK(!ir_value_has_uses(arg)); /* the outside use was unlinked */
  ir_block_destroy(outside);

  /* not every op in the tree: op by op, the op outside keeps working */
  IrOp *keep = mk(ctx, 1, NULL, 0);
  m = ir_module_create(ctx, NULL);
  IrValue *kv = ir_op_result(keep, 0);
  ir_block_append(ir_module_body(m), mk(ctx, 0, &kv, 1));
  CHECK(ir_value_has_uses(kv));
  ir_op_destroy(m);
  CHECK(ctx->ops.live == 1);
  CHECK(!ir_value_has_uses(kv));
  ir_op_destroy(keep);

  /* a state's regions are reused by its next op */
  IrOpState st;
  ir_op_state_init(&st, ctx, &ir_builtin_module_info, NULL);
  IrRegion *r1 = ir_op_state_add_region(&st);
  ir_region_append(r1, ir_block_new_in(ctx));
  IrOp *m1 = ir_op_create(&st);
  CHECK(st.spare.len == 1 && st.regions.len == 0);
  CHECK(ir_op_state_add_region(&st) == r1 && ir_region_empty(r1));
  ir_region_append(r1, ir_block_new());
  IrOp *m2 = ir_op_create(&st);
  ir_op_state_free(&st);
  CHECK(ir_module_body(m1) && ir_module_body(m2) && ir_module_body(m1) != ir_module_body(m2));
  ir_op_destroy(m1);
  ir_op_destroy(m2);

  /* parsed: blocks and block arguments come from the slab too, and go
   * with it; a parse error frees them one by one (ASan checks both) */
  ir_ctx_allow_unregistered(ctx, true);
  const char *src = "\"t.f\"() ({\n^bb0(%a: i32, %b: i32):\n  \"t.u\"(%a, %b) : (i32, i32) -> ()\n"
                    "  \"t.br\"()[^bb1] : () -> ()\n^bb1(%c: i32):\n  \"t.u\"(%c) : (i32) -> ()\n"
                    "}) : () -> ()\n";
  m = asm_parse_buffer(ctx, "t.mlir", src, strlen(src), NULL);
  CHECK(m != NULL);
  CHECK(ctx->ops.live > 6); /* ops, two blocks, three arguments */
  if (m) ir_op_destroy(m);
  CHECK(ctx->ops.live == 0);
  CHECK(ctx->ops.pages == NULL);
  ir_ctx_set_diag_handler(ctx, ignore_diag, NULL);
  const char *bad = "\"t.f\"() ({\n^bb0(%a: i32):\n  \"t.br\"()[^bb9] : () -> ()\n}) : () -> ()\n";
  CHECK(asm_parse_buffer(ctx, "t.mlir", bad, strlen(bad), NULL) == NULL);
  CHECK(ctx->ops.live == 0);
  ir_context_destroy(ctx);
}

typedef struct Released {
  const char *buf, *end;
  const char *last;
  int calls;
  bool monotonic, in_range;
} Released;

static void record_release(void *user, const char *upto) {
  Released *r = user;
  r->calls++;
  if (upto < r->buf || upto > r->end) r->in_range = false;
  if (r->last && upto < r->last) r->monotonic = false;
  r->last = upto;
}

static void test_release(void) {
  /* about 3 MB of generic-form ops: the callback runs every ~1 MB */
  StrBuf src = {0};
  sb_puts(&src, "\"slab.top\"() ({\n");
  while (src.len < 3 * ASM_RELEASE_STEP) sb_puts(&src, "  \"slab.op\"() : () -> ()\n");
  sb_puts(&src, "}) : () -> ()\n");
  IrContext *ctx = ir_context_create();
  ir_ctx_allow_unregistered(ctx, true);
  Released r = {src.s, src.s + src.len, NULL, 0, true, true};
  AsmInputRelease rel = {record_release, &r};
  ir_ctx_set_dialect_state(ctx, ASM_INPUT_RELEASE_STATE, &rel, NULL);
  IrOp *m = asm_parse_buffer(ctx, "release.mlir", src.s, src.len, NULL);
  CHECK(m != NULL);
  CHECK(r.calls >= 3);
  CHECK(r.monotonic);
  CHECK(r.in_range);
  CHECK(r.last == src.s + src.len); /* the final call: the whole buffer */
  if (m) ir_op_destroy(m);
  ir_context_destroy(ctx);
  sb_free(&src);
}

typedef struct Seen {
  size_t len;
  bool nul, same;
  const char *expect;
} Seen;

static bool see(IrContext *ctx, const char *name, const char *buf, size_t len,
                unsigned line_offset, StrBuf *out, const ToolSink *sink, void *user) {
  (void)ctx, (void)name, (void)line_offset, (void)out, (void)sink;
  Seen *s = user;
  s->len = len;
  s->nul = buf[len] == 0;
  s->same = !memcmp(buf, s->expect, len);
  return true;
}

static void test_mapped_input(void) {
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  size_t sizes[] = {page, page + 1, 2 * page, 3 * page - 7};
  for (size_t k = 0; k < sizeof sizes / sizeof *sizes; k++) {
    char path[] = "/tmp/ctile_test_mapXXXXXX";
    int fd = mkstemp(path);
    CHECK(fd >= 0);
    if (fd < 0) return;
    char *data = malloc(sizes[k]);
    for (size_t i = 0; i < sizes[k]; i++) data[i] = (char)('a' + i % 26);
    CHECK(write(fd, data, sizes[k]) == (ssize_t)sizes[k]);
    close(fd);
    Seen s = {0, false, false, data};
    ToolDriver d = {.errs = stderr, .process = see, .user = &s};
    CHECK_EQ_INT(tool_run_file(&d, "test", path, "/dev/null"), 0);
    CHECK_EQ_INT(s.len, sizes[k]);
    CHECK(s.nul);
    CHECK(s.same);
    unlink(path);
    free(data);
  }
}

UNIT_MAIN {
  test_slab();
  test_bulk_teardown();
  test_release();
  test_mapped_input();
}
