/* test_verify_seed.c — seed diagnostics that the textual syntax cannot reach.
 * The div_by parser always takes `every` and `along` together, so seed 004's
 * "' 'every'/'along' must be used in combination" is only reachable through
 * the API (a producer building the attribute directly, or a reader): this
 * test parses a valid assume, swaps in a div_by with only one of the two
 * fields, and checks the verifier's verbatim text, op prefix and location.
 * The other seed texts are asserted by test/lit/cuda_tile/verify_*.mlir. */
#include "unit.h"

#include "asm/asm.h"
#include "dialect/cuda_tile/ct_types.h"
#include "dialect/dialects.h"

static StrBuf diags;          /* "message\n" of every diagnostic */
static const IrLoc *last_loc; /* location of the last one */

static void capture(void *user, const IrDiag *d) {
  (void)user;
  sb_puts(&diags, sb_cstr((StrBuf *)&d->msg));
  sb_putc(&diags, '\n');
  last_loc = d->loc;
}

/* First op named `name` in `op`'s tree (pre-order), or NULL. */
static IrOp *find_op(IrOp *op, const char *name) {
  if (!strcmp(ir_op_name(op), name)) return op;
  for (uint32_t r = 0; r < op->nregions; r++)
    for (IrBlock *b = ir_op_regions(op)[r].first; b; b = b->next)
      for (IrOp *o = b->first; o; o = o->next) {
        IrOp *f = find_op(o, name);
        if (f) return f;
      }
  return NULL;
}

static const char *const src =
    "cuda_tile.module @m {\n"
    "  testing$func @f(%x: !cuda_tile.tile<16xi32>) {\n"
    "    %0 = assume div_by<4, every 2 along 0>, %x : tile<16xi32>\n"
    "  }\n"
    "}\n";

/* Verifies the module after replacing the predicate; returns the messages. */
static const char *verify_with(bool has_every, bool has_along) {
  IrContext *ctx = ir_context_create();
  ctile_register_all(ctx);
  ir_ctx_set_diag_handler(ctx, capture, NULL);
  sb_clear(&diags);
  last_loc = NULL;
  IrOp *mod = asm_parse_buffer(ctx, "t.mlir", src, strlen(src), NULL);
  CHECK(mod != NULL);
  static char out[1024];
  out[0] = 0;
  if (mod) {
    CHECK(ir_verify(mod));
    IrOp *as = find_op(mod, "cuda_tile.assume");
    CHECK(as != NULL);
    if (as) {
      ir_op_set_prop(as, "predicate", ct_div_by_attr(ctx, 4, has_every, 2, has_along, 0));
      bool ok = ir_verify(mod);
      CHECK(ok == (has_every == has_along));
      CHECK_EQ_INT(ir_ctx_num_errors(ctx), ok ? 0 : 1);
      if (!ok) CHECK(last_loc == ir_op_loc(as)); /* reported at the assume */
    }
    ir_op_destroy(mod);
  }
  snprintf(out, sizeof out, "%s", sb_cstr(&diags));
  ir_context_destroy(ctx);
  return out;
}

static void test_every_along_combination(void) {
  static const char *const want =
      "'cuda_tile.assume' op 'cuda_tile.div_by' 'every'/'along' must be used in combination\n";
  CHECK_STREQ(verify_with(true, false), want);
  CHECK_STREQ(verify_with(false, true), want);
  CHECK_STREQ(verify_with(true, true), "");
  CHECK_STREQ(verify_with(false, false), "");
}

UNIT_MAIN {
  test_every_along_combination();
  sb_free(&diags);
}
