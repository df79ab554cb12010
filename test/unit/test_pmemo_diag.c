/* test_pmemo_diag.c — the parser's custom op memo (lib/asm/parse_opmemo.c)
 * with a test dialect whose hook reports a warning for `warn`: an op whose
 * hook reported anything is never a template, so the same text again runs
 * the hook and warns again (a hit would report nothing); ops that do not
 * warn repeat from a template and still get the operand their own text
 * names.  The parse is the same with the memo off (CTILE_PMEMO=0). */
#include <stdlib.h>

#include "asm/asm.h"
#include "ir/ir.h"
#include "unit.h"

/* pmt.w %x (warn)? : T  — one operand and one result of type T */
static bool parse_w(AsmParser *p, IrOpState *st) {
  AsmOperand o;
  const IrType *t = NULL;
  if (!asm_parse_operand(p, &o)) return false;
  if (asm_parse_optional_keyword(p, "warn"))
    ir_warning(asm_ctx(p), asm_to_ir_loc(p, asm_cur_loc(p)), "pmt.w warns");
  if (!asm_parse_colon_type(p, &t)) return false;
  vec_push(&st->result_types, t);
  return asm_resolve_operand(p, &o, t, st);
}

static const IrOpInfo pmt_ops[] = {
    {.name = "pmt.src", .min_results = 1, .max_results = -1, .max_operands = -1},
    {.name = "pmt.w", .min_operands = 1, .max_operands = 1, .min_results = 1, .max_results = 1,
     .parse = parse_w},
};
static const IrDialect pmt_dialect = {.name = "pmt", .ops = pmt_ops, .nops = 2};

typedef struct Count {
  int warnings, errors;
} Count;
static void count_diag(void *user, const IrDiag *d) {
  Count *c = user;
  if (d->sev == IR_SEV_WARNING) c->warnings++;
  if (d->sev == IR_SEV_ERROR) c->errors++;
}

static const char *src = "%a = \"pmt.src\"() : () -> i32\n"
                         "%b = \"pmt.src\"() : () -> i32\n"
                         "%0 = pmt.w %a warn : i32\n"
                         "%1 = pmt.w %a warn : i32\n"
                         "%2 = pmt.w %a warn : i32\n"
                         "%3 = pmt.w %a : i32\n"
                         "%4 = pmt.w %b : i32\n"
                         "%5 = pmt.w %a : i32\n";

/* Parses src, checks the diagnostics and the operands of the pmt.w ops. */
static void run(void) {
  IrContext *ctx = ir_context_create();
  ir_register_dialect(ctx, &pmt_dialect);
  Count c = {0};
  ir_ctx_set_diag_handler(ctx, count_diag, &c);
  IrOp *top = asm_parse_buffer(ctx, "t.mlir", src, strlen(src), NULL);
  CHECK(top != NULL);
  CHECK_EQ_INT(c.warnings, 3);
  CHECK_EQ_INT(c.errors, 0);
  if (top) {
    IrBlock *b = ir_region_entry(&ir_op_regions(top)[0]);
    IrOp *ops[8] = {0};
    int n = 0;
    for (IrOp *op = b->first; op && n < 8; op = op->next) ops[n++] = op;
    CHECK_EQ_INT(n, 8);
    if (n == 8) {
      IrValue *a = ir_op_result(ops[0], 0), *bv = ir_op_result(ops[1], 0);
      for (int i = 2; i < 8; i++) CHECK(ops[i]->noperands == 1);
      CHECK(ir_op_operand(ops[5], 0) == a);
      CHECK(ir_op_operand(ops[6], 0) == bv); /* from the template of %3, its own name */
      CHECK(ir_op_operand(ops[7], 0) == a);
    }
    ir_op_destroy(top);
  }
  ir_context_destroy(ctx);
}

UNIT_MAIN {
  run();
  setenv("CTILE_PMEMO", "0", 1);
  run();
}
