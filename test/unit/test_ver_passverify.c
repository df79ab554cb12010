/* test_ver_passverify.c — the verifier after a pass (lib/rewrite's pass
 * manager): it runs after every pass, unless the pass reported that it
 * changed nothing (rw_pass_preserved_all, MLIR's markAllAnalysesPreserved),
 * and a pass that runs a pipeline of its own keeps its report.  The
 * passes here break the IR (a cuda_tile.addf gets an i32 operand) so that
 * whether the verifier ran shows in the result. */
#include "unit.h"

#include "asm/asm.h"
#include "ir/verify.h"
#include "rewrite/rewrite.h"
#include "unit_ctx.h"

static const char *const src =
    "cuda_tile.module @m {\n"
    "  testing$func @f(%a: !cuda_tile.tile<4xf32>, %i: !cuda_tile.tile<4xi32>) {\n"
    "    %s = addf %a, %a : tile<4xf32>\n"
    "  }\n"
    "}\n";

/* The addf in `op`'s tree, or NULL. */
static IrOp *find_addf(IrOp *op) {
  if (!strcmp(ir_op_name(op), "cuda_tile.addf")) return op;
  for (uint32_t r = 0; r < op->nregions; r++)
    for (IrBlock *b = ir_op_regions(op)[r].first; b; b = b->next)
      for (IrOp *o = b->first; o; o = o->next) {
        IrOp *f = find_addf(o);
        if (f) return f;
      }
  return NULL;
}

/* Gives the addf the i32 argument: the verifier rejects that. */
static void break_addf(IrOp *root) {
  IrOp *add = find_addf(root);
  if (add) ir_op_set_operand(add, 1, add->block->args[1]);
}

static bool break_run(IrOp *op, const char *options) {
  (void)options;
  break_addf(op);
  return true;
}

/* Claims (wrongly, on purpose) that it changed nothing. */
static bool break_preserved_run(IrOp *op, const char *options) {
  (void)options;
  break_addf(op);
  rw_pass_preserved_all();
  return true;
}

/* Says it changes nothing, then runs a nested pipeline (whose pass says
 * nothing, and is verified), then breaks the IR: its own report must
 * stand, so that the break goes unverified. */
static bool nested_run(IrOp *op, const char *options) {
  (void)options;
  rw_pass_preserved_all();
  bool ok = rw_run_pipeline(ir_op_context(op), op, "ver-noop");
  break_addf(op);
  return ok;
}

static bool noop_run(IrOp *op, const char *options) {
  (void)op;
  (void)options;
  return true;
}

static const RwPassInfo break_pass = {.name = "ver-break", .summary = "breaks", .run = break_run};
static const RwPassInfo break_preserved_pass = {
    .name = "ver-break-preserved", .summary = "breaks, says no change", .run = break_preserved_run};
static const RwPassInfo nested_pass = {.name = "ver-nested", .summary = "nests", .run = nested_run};
static const RwPassInfo noop_pass = {.name = "ver-noop", .summary = "nothing", .run = noop_run};

static IrOp *parse(IrContext *ctx) {
  return asm_parse_buffer(ctx, "t.mlir", src, strlen(src), NULL);
}

static IrContext *setup(void) {
  IrContext *ctx = new_ctx();
  rw_register_pass(ctx, &break_pass);
  rw_register_pass(ctx, &break_preserved_pass);
  rw_register_pass(ctx, &nested_pass);
  rw_register_pass(ctx, &noop_pass);
  return ctx;
}

static void test_verify_after_pass(void) {
  IrContext *ctx = setup();
  IrOp *m = parse(ctx);
  CHECK(m && ir_verify(m));
  /* a pass that changed something: verified, and the break is reported */
  CHECK(!rw_run_pipeline(ctx, m, "ver-break"));
  CHECK(strstr(sb_cstr(&diags), "operand #1 must be") != NULL);
  ir_op_destroy(m);
  ir_context_destroy(ctx);

  /* the same break behind "nothing changed": not verified */
  ctx = setup();
  m = parse(ctx);
  CHECK(m && ir_verify(m));
  CHECK(rw_run_pipeline(ctx, m, "ver-break-preserved"));
  CHECK_EQ_INT((long long)diags.len, 0);
  CHECK(!ir_verify(m)); /* the IR is broken indeed */
  ir_op_destroy(m);
  ir_context_destroy(ctx);

  /* the report belongs to the pass that made it: a pass after one that
   * preserved everything is verified again */
  ctx = setup();
  m = parse(ctx);
  CHECK(!rw_run_pipeline(ctx, m, "ver-noop,ver-break"));
  ir_op_destroy(m);
  ir_context_destroy(ctx);

  /* a nested pipeline inside a pass leaves the outer pass's report alone */
  ctx = setup();
  m = parse(ctx);
  CHECK(rw_run_pipeline(ctx, m, "ver-nested"));
  CHECK(!ir_verify(m));
  ir_op_destroy(m);
  ir_context_destroy(ctx);
}

UNIT_MAIN {
  test_verify_after_pass();
  sb_free(&diags);
}
