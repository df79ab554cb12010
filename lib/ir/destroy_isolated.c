/* destroy_isolated.c — tearing down a detached op tree that no use crosses,
 * in one walk.
 *
 * ir_op_destroy walks a tree twice: once to unlink every operand (so that
 * no use list reaches into the tree while it is freed), once to free.  For
 * a tree that is isolated — no op in it uses a value defined outside it, and
 * nothing outside uses a value defined in it (a verified function whose
 * entry op is IsolatedFromAbove and has no results, as the streamed
 * bytecode reader tears down a batch at a time) — the use lists only link
 * objects that all go together, so the first walk is not needed: each op,
 * block and block argument is simply handed back to where it came from
 * (the context's slab, or malloc for blocks and arguments made without a
 * context). */
#include <stdlib.h>

#include "ir/ir_internal.h"

/* The start of op's slab object (its results lie in front of the header). */
static inline void *iso_op_start(IrOp *op) { return (char *)op - op->nresults * sizeof(IrValue); }

/* Frees block b (its ops first, then its arguments and itself). */
static void iso_free_block(IrBlock *b, IrSlab *s);

/* Frees op and everything under it. */
static void iso_free_op(IrOp *op, IrSlab *s) {
  for (uint32_t r = 0; r < op->nregions; r++) {
    IrBlock *b = ir_op_regions(op)[r].first;
    while (b) {
      IrBlock *n = b->next;
      iso_free_block(b, s);
      b = n;
    }
  }
  ir_slab_free(s, iso_op_start(op));
}

static void iso_free_block(IrBlock *b, IrSlab *s) {
  for (IrOp *o = b->first, *n; o; o = n) {
    n = o->next;
    if (o->nregions) iso_free_op(o, s);
    else ir_slab_free(s, iso_op_start(o));
  }
  for (uint32_t i = 0; i < b->nargs; i++) {
    IrBlockArg *a = (IrBlockArg *)b->args[i];
    if (a->ctx) ir_slab_free(&a->ctx->ops, a);
    else free(a);
  }
  if (b->ctx) {
    if (b->args) ir_slab_free(&b->ctx->ops, b->args);
    ir_slab_free(&b->ctx->ops, b);
  } else {
    free(b->args);
    free(b);
  }
}

/* Destroys `op`, which must be detached (in no block) and isolated as the
 * paragraph above says.  Where some op of the context has a grown operand
 * array (IrOp.heap_operands, which the context's map owns) it is
 * ir_op_destroy instead, which knows how to free those. */
void ir_op_destroy_isolated(IrOp *op) {
  IrContext *ctx = ir_op_context(op);
  if (op->block || ctx->heap_operands.len) {
    if (op->block) ir_op_unlink(op);
    ir_op_destroy(op);
    return;
  }
  iso_free_op(op, &ctx->ops);
}
