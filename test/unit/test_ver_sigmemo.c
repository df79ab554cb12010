/* test_ver_sigmemo.c — the verifier's signature memo (cuda_tile's
 * verify_memo.h) never hides a broken op.  Each case verifies a module
 * twice in one context (the second walk answers every op from the memo),
 * then breaks one op the way a bytecode reader or a pass could (an operand
 * of another type, a result retyped, an attribute swapped) and verifies
 * again: the walk must fail with exactly the diagnostics a cold context
 * gives for the same broken module, and those must name the fault. */
#include "unit.h"

#include "asm/asm.h"
#include "dialect/dialects.h"

static StrBuf diags; /* "message\n" of every diagnostic */

static void capture(void *user, const IrDiag *d) {
  (void)user;
  sb_puts(&diags, sb_cstr((StrBuf *)&d->msg));
  sb_putc(&diags, '\n');
}

/* The n-th op (0-based, pre-order) named `name` in `op`'s tree, or NULL. */
static IrOp *find_nth(IrOp *op, const char *name, int *n) {
  if (!strcmp(ir_op_name(op), name) && (*n)-- == 0) return op;
  for (uint32_t r = 0; r < op->nregions; r++)
    for (IrBlock *b = ir_op_regions(op)[r].first; b; b = b->next)
      for (IrOp *o = b->first; o; o = o->next) {
        IrOp *f = find_nth(o, name, n);
        if (f) return f;
      }
  return NULL;
}
static IrOp *nth(IrOp *mod, const char *name, int n) { return find_nth(mod, name, &n); }

/* Pairs of ops with one signature: the first stays valid, the second is
 * broken by the cases below. */
static const char *const src =
    "cuda_tile.module @m {\n"
    "  testing$func @f(%a: !cuda_tile.tile<4xf32>, %i: !cuda_tile.tile<4xi32>,\n"
    "                  %p: !cuda_tile.tile<4x!cuda_tile.ptr<f32>>) {\n"
    "    %s0 = addf %a, %a : tile<4xf32>\n"
    "    %s1 = addf %a, %a : tile<4xf32>\n"
    "    %o0 = offset %p, %i : tile<4xptr<f32>>, tile<4xi32> -> tile<4xptr<f32>>\n"
    "    %o1 = offset %p, %i : tile<4xptr<f32>>, tile<4xi32> -> tile<4xptr<f32>>\n"
    "    %c0 = cmpi less_than %i, %i, signed : tile<4xi32> -> tile<4xi1>\n"
    "    %c1 = cmpi less_than %i, %i, signed : tile<4xi32> -> tile<4xi1>\n"
    "  }\n"
    "}\n";

typedef void (*Breaker)(IrContext *ctx, IrOp *mod);

/* The second addf takes the i32 argument: a compute spec type error. */
static void break_addf_operand(IrContext *ctx, IrOp *mod) {
  (void)ctx;
  IrOp *f = nth(mod, "cuda_tile.addf", 1);
  IrBlock *entry = f->block;
  ir_op_set_operand(f, 1, entry->args[1]);
}

/* The second offset's offset operand is the f32 tile: an ODS type error. */
static void break_offset_operand(IrContext *ctx, IrOp *mod) {
  (void)ctx;
  IrOp *o = nth(mod, "cuda_tile.offset", 1);
  IrBlock *entry = o->block;
  ir_op_set_operand(o, 1, entry->args[0]);
}

/* The second offset's result retyped to the i32 tile (as a pass might). */
static void break_offset_result(IrContext *ctx, IrOp *mod) {
  (void)ctx;
  IrOp *o = nth(mod, "cuda_tile.offset", 1);
  IrBlock *entry = o->block;
  ir_op_result(o, 0)->type = entry->args[1]->type;
}

/* The second cmpi's signedness becomes a string: an attribute constraint. */
static void break_cmpi_attr(IrContext *ctx, IrOp *mod) {
  ir_op_set_prop(nth(mod, "cuda_tile.cmpi", 1), "signedness", ir_string_attr(ctx, "x", 1));
}

/* The diagnostics of verifying the broken module: after two good walks in
 * the same context (warm) or as the first walk of a fresh context (cold). */
static char *broken_diags(Breaker brk, bool warm) {
  IrContext *ctx = ir_context_create();
  ctile_register_all(ctx);
  ir_ctx_set_diag_handler(ctx, capture, NULL);
  sb_clear(&diags);
  IrOp *mod = asm_parse_buffer(ctx, "t.mlir", src, strlen(src), NULL);
  CHECK(mod != NULL);
  char *out = NULL;
  if (mod) {
    if (warm) {
      CHECK(ir_verify(mod));
      CHECK(ir_verify(mod));
      CHECK_STREQ(sb_cstr(&diags), "");
    }
    brk(ctx, mod);
    CHECK(!ir_verify(mod));
    out = xstrndup(sb_cstr(&diags), diags.len);
    ir_op_destroy(mod);
  }
  ir_context_destroy(ctx);
  return out ? out : xstrndup("", 0);
}

static void check_case(Breaker brk, const char *want) {
  char *cold = broken_diags(brk, false), *warm = broken_diags(brk, true);
  CHECK_STREQ(warm, cold);
  if (!strstr(cold, want)) {
    fprintf(stderr, "diagnostics:\n%s\nlack: %s\n", cold, want);
    CHECK(false);
  }
  free(cold);
  free(warm);
}

UNIT_MAIN {
  check_case(break_addf_operand, "operand #1 must be tile of f16 or bf16 or f32 or f64 values");
  check_case(break_offset_operand, "operand #1 must be tile of i1 or i8");
  check_case(break_offset_result, "result #0 must be tile of Pointer type values");
  check_case(break_cmpi_attr, "attribute 'signedness' failed to satisfy constraint");
  sb_free(&diags);
}
