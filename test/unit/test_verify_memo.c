/* test_verify_memo.c — the walk id that verify hooks key their memos on
 * (ir/verify.h): 0 outside ir_verify, a fresh nonzero id for every walk
 * (never one seen before on the thread), a nested walk's own id while it
 * runs, and the outer walk's id again once the nested walk has returned. */
#include "unit.h"

#include "ir/ir.h"
#include "ir/verify.h"

/* What the probe op's verify hook saw, in call order. */
static uint64_t seen[16];
static unsigned nseen;
/* A module the probe verifies from inside its hook (NULL: none). */
static IrOp *nested_module;

static bool probe_verify(IrOp *op) {
  (void)op;
  if (nseen < 16) seen[nseen++] = ir_verify_walk_id();
  if (nested_module) {
    IrOp *m = nested_module;
    nested_module = NULL; /* the nested walk's probe must not recurse */
    if (!ir_verify(m)) return false;
    if (nseen < 16) seen[nseen++] = ir_verify_walk_id();
  }
  return true;
}

static const IrOpInfo probe_ops[] = {
    {.name = "vm.probe", .traits = 0, .min_operands = 0, .max_operands = 0,
     .min_results = 0, .max_results = 0, .num_regions = 0, .num_successors = 0,
     .verify = probe_verify},
};
static const IrDialect probe_dialect = {.name = "vm", .ops = probe_ops, .nops = 1};

/* A module holding one probe op. */
static IrOp *probe_module(IrContext *ctx) {
  IrOp *mod = ir_module_create(ctx, NULL);
  IrOpState st;
  ir_op_state_init(&st, ctx, ir_op_info_lookup(ctx, "vm.probe", 8), NULL);
  ir_block_append(ir_module_body(mod), ir_op_create(&st));
  ir_op_state_free(&st);
  return mod;
}

static void test_walk_ids(void) {
  IrContext *ctx = ir_context_create();
  ir_register_dialect(ctx, &probe_dialect);
  IrOp *a = probe_module(ctx), *b = probe_module(ctx);
  CHECK(ir_verify_walk_id() == 0);

  /* two walks: distinct nonzero ids, none left behind */
  nseen = 0;
  CHECK(ir_verify(a));
  CHECK(ir_verify(a));
  CHECK_EQ_INT(nseen, 2);
  CHECK(seen[0] != 0 && seen[1] != 0 && seen[0] != seen[1]);
  CHECK(ir_verify_walk_id() == 0);

  /* a walk started from a hook: its own id, then the outer one again */
  nseen = 0;
  nested_module = b;
  CHECK(ir_verify(a));
  CHECK_EQ_INT(nseen, 3);
  CHECK(seen[0] != 0 && seen[1] != 0 && seen[1] != seen[0]);
  CHECK(seen[2] == seen[0]);
  CHECK(ir_verify_walk_id() == 0);

  /* and the next walk is new again (not the restored outer id) */
  uint64_t outer = seen[0], inner = seen[1];
  nseen = 0;
  CHECK(ir_verify(b));
  CHECK_EQ_INT(nseen, 1);
  CHECK(seen[0] != outer && seen[0] != inner && seen[0] != 0);

  ir_op_destroy(a);
  ir_op_destroy(b);
  ir_context_destroy(ctx);
}

UNIT_MAIN {
  test_walk_ids();
}
