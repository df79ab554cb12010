/* agents.c — plugin / execute materialization of hop 2 (seed 001 "Plugin
 * and Queue Contract": `materialize_agent_region(execute)` then
 * `attach_plugin_layouts(region, input_layouts, output_layouts)`), run after
 * the resource check (plugins.c) and the queue lowering (queues.c):
 *
 *   %r = nv_tileaa.execute %x attributes {A} : T -> R { ... nv_tileaa.yield %v : R }
 *     -> %r = nv_tileas.agent %x {A, input_layouts = [...], output_layouts = [...]} : (T) -> (R) {
 *        ^bb0(%a: T): ... (uses of %x inside the region now use %a)
 *          nv_tileas.async.pipeline.yield %v : R }
 *   %r = nv_tileaa.plugin @f(%x) {A} : (T) -> R
 *     -> %r = nv_tileas.agent %x {A, input_layouts = [...], output_layouts = [...]} : (T) -> (R) {
 *        ^bb0(%a: T): %c = nv_tileaa.call @f(%a) : (T) -> R
 *          nv_tileas.async.pipeline.yield %c : R }
 *
 * The agent keeps every attribute of the source op (the resource
 * requirements registers / named_barriers / shared_memory / tensor_memory
 * among them; a plugin's callee moves to the call).  Layouts: an
 * `input_layouts` / `output_layouts` array already on the source op is
 * carried when it has one entry per input / output (else a located error);
 * otherwise each value's layout is its own type (a tile's row-major
 * layout), the only layout nv_tileaa values carry. */
#include "conversion/nv_tileaa_lowering/lower.h"

#include "dialect/nv_tileaa/nv_tileaa.h"
#include "dialect/nv_tileas/nv_tileas.h"
#include "support/support.h"

#include <stdlib.h>
#include <string.h>

typedef struct LaState {
  VEC(IrOp *) ops;
} LaState;

static IrWalkResult collect(IrOp *op, void *user) {
  LaState *s = user;
  if (op->info == aa_op(execute) || op->info == aa_op(plugin)) vec_push(&s->ops, op);
  return IR_WALK_ADVANCE;
}

/* The `name` layouts of op's n values (operands or results): the source
 * attribute if present (checked), else one type attribute per value. */
static const IrAttr *layouts(IrOp *op, const char *name, bool results, bool *ok) {
  unsigned n = results ? op->nresults : op->noperands;
  const IrAttr *a = ir_op_attrz(op, name);
  if (a) {
    if (!ir_attr_is(a, &ir_array_attr_def) || a->nelems != n)
      *ok = ir_op_error(op, "cannot be materialized as an agent region: '%s' must be an array "
                            "of %u layouts (one per %s)",
                        name, n, results ? "output" : "input");
    return a;
  }
  const IrAttr **els = xcalloc(n + 1, sizeof *els);
  for (unsigned i = 0; i < n; i++)
    els[i] = ir_type_attr(ir_op_context(op), results ? ir_op_result(op, i)->type
                                            : ir_op_operand(op, i)->type);
  a = ir_array_attr(ir_op_context(op), els, n);
  free(els);
  return a;
}

static void copy_attrs(IrOpState *st, const IrAttr *dict, bool plugin) {
  if (!dict) return;
  for (uint32_t i = 0; i < dict->nelems; i++) {
    const char *k = dict->names[i]->str;
    if (!strcmp(k, "input_layouts") || !strcmp(k, "output_layouts") ||
        (plugin && !strcmp(k, "callee")))
      continue;
    ir_op_state_add_attr(st, k, dict->elems[i]);
  }
}

/* Replaces the nv_tileaa.yield ending block b by an async.pipeline.yield. */
static void retarget_yield(IrBlock *b) {
  IrOp *t = ir_block_terminator(b);
  if (!t || (t->info != aa_op(yield) && t->info != aa_op(queue_yield))) return;
  IrOpState st;
  ir_op_state_init(&st, ir_op_context(t), &tas_op_infos[TAS_OP_yield], ir_op_loc(t));
  for (unsigned i = 0; i < t->noperands; i++) vec_push(&st.operands, ir_op_operand(t, i));
  IrOp *y = ir_op_create(&st);
  ir_op_state_free(&st);
  ir_block_insert_before(t, y);
  ir_op_erase(t);
}

static bool materialize(IrOp *op) {
  IrContext *ctx = ir_op_context(op);
  bool plugin = op->info == aa_op(plugin);
  bool ok = true;
  const IrAttr *in = layouts(op, "input_layouts", false, &ok);
  const IrAttr *out = ok ? layouts(op, "output_layouts", true, &ok) : NULL;
  if (!ok) return false;
  IrBlock *src = plugin ? NULL : ir_region_entry(ir_op_region(op, 0));
  if (!plugin && (!src || (src->nargs && src->nargs != op->noperands)))
    return ir_op_error(op, "cannot be materialized as an agent region: its region takes %u "
                           "arguments for %u inputs",
                       src ? src->nargs : 0, op->noperands);
  IrOpState st;
  ir_op_state_init(&st, ctx, &tas_op_infos[TAS_OP_agent], ir_op_loc(op));
  for (unsigned i = 0; i < op->noperands; i++) vec_push(&st.operands, ir_op_operand(op, i));
  for (unsigned i = 0; i < op->nresults; i++) vec_push(&st.result_types, ir_op_result(op, i)->type);
  copy_attrs(&st, op->props, plugin);
  copy_attrs(&st, op->attrs, plugin);
  ir_op_state_add_attr(&st, "input_layouts", in);
  ir_op_state_add_attr(&st, "output_layouts", out);
  ir_op_state_add_region(&st);
  IrOp *agent = ir_op_create(&st);
  ir_op_state_free(&st);
  if (!agent) return false;
  ir_block_insert_before(op, agent);
  IrRegion *r = ir_op_region(agent, 0);
  if (plugin) {
    IrBlock *b = ir_block_new();
    ir_region_append(r, b);
    IrOpState cs;
    ir_op_state_init(&cs, ctx, aa_op(call), ir_op_loc(op));
    for (unsigned i = 0; i < op->noperands; i++)
      vec_push(&cs.operands, ir_block_add_arg(b, ir_op_operand(op, i)->type, ir_op_loc(op)));
    for (unsigned i = 0; i < op->nresults; i++)
      vec_push(&cs.result_types, ir_op_result(op, i)->type);
    ir_op_state_add_prop(&cs, "callee", ir_op_attrz(op, "callee"));
    IrOp *call = ir_op_create(&cs);
    ir_op_state_free(&cs);
    ir_block_append(b, call);
    IrOpState ys;
    ir_op_state_init(&ys, ctx, &tas_op_infos[TAS_OP_yield], ir_op_loc(op));
    for (unsigned i = 0; i < call->nresults; i++) vec_push(&ys.operands, ir_op_result(call, i));
    IrOp *y = ir_op_create(&ys);
    ir_op_state_free(&ys);
    ir_block_append(b, y);
  } else {
    ir_region_take(r, ir_op_region(op, 0));
    IrBlock *b = ir_region_entry(r);
    bool had_args = b->nargs != 0;
    for (unsigned i = 0; i < op->noperands && !had_args; i++) {
      IrValue *x = ir_op_operand(op, i);
      IrValue *a = ir_block_add_arg(b, x->type, ir_op_loc(op));
      VEC(IrUse *) inner = {0};
      for (IrUse *u = x->uses; u; u = u->next)
        if (u->owner != agent && ir_op_is_ancestor(agent, u->owner)) vec_push(&inner, u);
      for (size_t k = 0; k < inner.len; k++) ir_use_set(inner.data[k], a);
      vec_free(&inner);
    }
    retarget_yield(b);
  }
  IrValueVec rs = {0};
  for (unsigned i = 0; i < agent->nresults; i++) vec_push(&rs, ir_op_result(agent, i));
  if (rs.len) ir_op_replace_all_uses_with(op, rs.data);
  vec_free(&rs);
  ir_op_erase(op);
  return true;
}

bool lw_lower_agents(IrOp *root) {
  LaState s;
  memset(&s, 0, sizeof s);
  ir_walk_pre(root, collect, &s);
  bool ok = true;
  /* Innermost first: an execute nested in another moves with its parent's
   * region, so materializing it before its parent keeps both pointers valid. */
  for (size_t i = s.ops.len; i-- > 0 && ok;) ok = materialize(s.ops.data[i]);
  vec_free(&s.ops);
  return ok;
}
