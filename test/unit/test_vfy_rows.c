/* test_vfy_rows.c — facts the verifier's shortcuts rely on:
 *  - every row of the cuda_tile op table is named "cuda_tile.<mnemonic>"
 *    (the reduce/scan body check takes a row of the table for a cuda_tile op
 *    without comparing its name);
 *  - ir_verify_rich_locs (ir/verify.h): UINT64_MAX outside a walk; inside,
 *    the ops reached so far (the hook's own included) whose location is not
 *    a compact, file or unknown one; a nested walk counts its own ops and the
 *    outer walk's count is back when it returns. */
#include "unit.h"

#include "dialect/cuda_tile/ct_ops.h"
#include "ir/ir.h"
#include "ir/verify.h"

#include <string.h>

static void test_row_names(void) {
  for (size_t i = 0; i < CT_OP_COUNT; i++) {
    const char *n = ct_op_infos[i].name;
    CHECK(n && strncmp(n, "cuda_tile.", 10) == 0 && n[10]);
  }
}

/* What the probe hook saw, in call order. */
static uint64_t seen[16];
static unsigned nseen;
static IrOp *nested_module; /* verified from inside the next hook (NULL: none) */

static bool probe_verify(IrOp *op) {
  (void)op;
  if (nseen < 16) seen[nseen++] = ir_verify_rich_locs();
  if (nested_module) {
    IrOp *m = nested_module;
    nested_module = NULL;
    if (!ir_verify(m)) return false;
    if (nseen < 16) seen[nseen++] = ir_verify_rich_locs();
  }
  return true;
}

static const IrOpInfo probe_ops[] = {
    {.name = "vr.probe", .traits = 0, .min_operands = 0, .max_operands = 0,
     .min_results = 0, .max_results = 0, .num_regions = 0, .num_successors = 0,
     .verify = probe_verify},
};
static const IrDialect probe_dialect = {.name = "vr", .ops = probe_ops, .nops = 1};

/* A module of probes at the given locations. */
static IrOp *probes(IrContext *ctx, const IrLoc *const *locs, size_t n) {
  IrOp *mod = ir_module_create(ctx, NULL);
  for (size_t i = 0; i < n; i++) {
    IrOpState st;
    ir_op_state_init(&st, ctx, ir_op_info_lookup(ctx, "vr.probe", 8), locs[i]);
    ir_block_append(ir_module_body(mod), ir_op_create(&st));
    ir_op_state_free(&st);
  }
  return mod;
}

static void test_rich_locs(void) {
  IrContext *ctx = ir_context_create();
  ir_register_dialect(ctx, &probe_dialect);
  CHECK(ir_verify_rich_locs() == UINT64_MAX);
  const IrLoc *unk = ir_unknown_loc(ctx);
  const IrLoc *file = ir_file_loc(ctx, ir_identz(ctx, "f.mlir"), 3, 4);
  const IrLoc *name = ir_name_loc(ctx, ir_identz(ctx, "n"), file);
  const IrLoc *call = ir_callsite_loc(ctx, file, unk);
  const IrLoc *a_locs[] = {unk, name, file, call, unk};
  IrOp *a = probes(ctx, a_locs, 5);
  nseen = 0;
  CHECK(ir_verify(a));
  CHECK_EQ_INT(nseen, 5);
  CHECK(seen[0] == 0 && seen[1] == 1 && seen[2] == 1 && seen[3] == 2 && seen[4] == 2);
  CHECK(ir_verify_rich_locs() == UINT64_MAX);

  /* a nested walk from the first hook: its own count, then the outer one */
  const IrLoc *b_locs[] = {name, name};
  IrOp *b = probes(ctx, b_locs, 2);
  nseen = 0;
  nested_module = b;
  CHECK(ir_verify(a));
  CHECK_EQ_INT(nseen, 8);
  CHECK(seen[0] == 0);                  /* outer, first probe */
  CHECK(seen[1] == 1 && seen[2] == 2);  /* the nested walk's probes */
  CHECK(seen[3] == 0);                  /* outer again */
  CHECK(seen[4] == 1 && seen[7] == 2);
  ir_op_destroy(a);
  ir_op_destroy(b);
  ir_context_destroy(ctx);
}

UNIT_MAIN {
  test_row_names();
  test_rich_locs();
}
