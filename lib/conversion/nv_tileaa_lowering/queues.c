/* queues.c — the queue lowering of hop 2: nv_tileaa's queue dataflow shell
 * becomes producer / consumer regions of the nv_tileas async pipeline family
 * (seed 002 "Plugins and Queues": a get is a consumer wait that binds the
 * results, a put is a producer commit, queue.yield closes the region).
 *
 *   %q = create_queue {depth = D} : !nv_tileaa.queue<T...>
 *     -> %p = nv_tileas.async.pipeline.create_pipeline {mbarrier_base = B, stages = D}
 *                                                       : !nv_tileas.pipeline<T...>
 *   queue.put %q, %v...
 *     -> nv_tileas.async.pipeline.produce_one %p {
 *          %t = producer_acquire %p;  producer_write %p, %t, %v...;  producer_commit %p, %t
 *          nv_tileas.async.pipeline.yield }
 *   %r... = queue.get %q
 *     -> %r... = nv_tileas.async.pipeline.consume_one %p -> T... {
 *          %c = consumer_wait %p;  %x... = consumer_read %p, %c;  consumer_release %p, %c
 *          nv_tileas.async.pipeline.yield %x... }
 *   queue.yield %v...  -> nv_tileaa.yield %v...   (closes its execute region)
 *
 * Every producer and consumer must map to a stage of a pipeline made in the
 * same function; otherwise the lowering fails loudly at the op (seed 001: a
 * silent fallback to unordered memory traffic loses the queue's ordering):
 *   - a put / get whose queue is not the result of a create_queue (a
 *     function or block argument, a value passed through a region),
 *   - a queue used by anything but put / get (it would escape its pipeline),
 *   - a get on a queue that nothing puts into (no producer can ever commit
 *     the stage it waits for),
 *   - a depth outside [1, TAS_MAX_STAGES],
 *   - a pipeline whose stage barriers (a full and an empty mbarrier per stage,
 *     2 * depth consecutive slots) do not fit in the free part of its CTA's
 *     32-mbarrier pool; the slots are recorded as `mbarrier_base` and the
 *     token lowering (tokens.c) allocates memory tokens around them. */
#include "conversion/nv_tileaa_lowering/lower.h"

#include "dialect/nv_tileaa/nv_tileaa.h"
#include "dialect/nv_tileas/nv_tileas.h"
#include "support/support.h"

#include <string.h>

typedef struct LqFn {
  IrOp *fn;
  LwPool pool;
} LqFn;

typedef struct LqState {
  VEC(IrOp *) creates, puts, gets, yields;
  VEC(int) bases; /* per create: first of its 2 * depth pool slots */
  VEC(LqFn) fns;
} LqState;

static int64_t depth_of(IrOp *c) {
  const IrAttr *d = ir_op_attrz(c, "depth");
  return d && ir_attr_is(d, &ir_integer_attr_def) ? d->ints[0] : 1;
}

/* Claims the stage barriers of create_queue c (a full and an empty
 * mbarrier per stage) in its function's pool; -1 after the error. */
static int claim(LqState *s, IrOp *c, int64_t depth) {
  IrOp *fn = lw_enclosing_fn(c);
  LqFn *f = NULL;
  for (size_t k = 0; k < s->fns.len; k++)
    if (s->fns.data[k].fn == fn) f = &s->fns.data[k];
  if (!f) {
    LqFn nf = {fn, {0, 0, 0}};
    vec_push(&s->fns, nf);
    f = &s->fns.data[s->fns.len - 1];
  }
  int base = lw_pool_alloc_run(&f->pool, (int)(2 * depth));
  if (base < 0)
    ir_op_error(c, "cannot be mapped to an nv_tileas pipeline slot: its %lld stages need %lld "
                   "mbarriers (a full and an empty one per stage), but only %u of the per-CTA "
                   "pool of %d are free",
                (long long)depth, (long long)(2 * depth), LW_POOL_SLOTS - f->pool.live,
                LW_POOL_SLOTS);
  return base;
}

static IrWalkResult collect(IrOp *op, void *user) {
  LqState *s = user;
  if (op->info == aa_op(create_queue)) vec_push(&s->creates, op);
  else if (op->info == aa_op(queue_put)) vec_push(&s->puts, op);
  else if (op->info == aa_op(queue_get)) vec_push(&s->gets, op);
  else if (op->info == aa_op(queue_yield)) vec_push(&s->yields, op);
  return IR_WALK_ADVANCE;
}

static const char unmappable[] = "cannot be mapped to an nv_tileas pipeline slot: ";

/* Checks that every producer and consumer maps to a pipeline stage. */
static bool check(LqState *s) {
  for (size_t i = 0; i < s->creates.len; i++) {
    IrOp *c = s->creates.data[i];
    int64_t depth = depth_of(c);
    if (depth < 1 || depth > TAS_MAX_STAGES)
      return ir_op_error(c, "%sdepth %lld is outside the [1, %d] stages of a pipeline",
                         unmappable, (long long)depth, TAS_MAX_STAGES);
    int base = claim(s, c, depth);
    if (base < 0) return false;
    vec_push(&s->bases, base);
    for (IrUse *u = ir_op_result(c, 0)->uses; u; u = u->next) {
      IrOp *o = u->owner;
      bool ok = (o->info == aa_op(queue_put) || o->info == aa_op(queue_get)) &&
                u == &ir_op_operands(o)[0]; /* the queue operand, not a payload */
      if (!ok)
        return ir_op_error(o, "%sa queue escapes to an op that is neither a producer "
                              "(queue.put) nor a consumer (queue.get)",
                           unmappable);
    }
  }
  for (int k = 0; k < 2; k++) {
    IrOp **ops = k ? s->gets.data : s->puts.data;
    size_t n = k ? s->gets.len : s->puts.len;
    for (size_t i = 0; i < n; i++) {
      IrValue *q = ir_op_operand(ops[i], 0);
      if (!q->def || q->def->info != aa_op(create_queue))
        return ir_op_error(ops[i], "%sthe %s's queue is not made by an "
                                   "nv_tileaa.create_queue of this function",
                           unmappable, k ? "consumer" : "producer");
      for (unsigned r = 0; r < ops[i]->nregions; r++)
        if (ir_region_entry(ir_op_region(ops[i], r)))
          return ir_op_error(ops[i], "%sa %s with a region has no pipeline-region form",
                             unmappable, k ? "consumer" : "producer");
      if (!k) continue;
      bool produced = false;
      for (IrUse *u = q->uses; u && !produced; u = u->next)
        produced = u->owner->info == aa_op(queue_put);
      if (!produced)
        return ir_op_error(ops[i], "%sno producer (queue.put) commits to this consumer's "
                                   "queue, so its wait can never complete",
                           unmappable);
    }
  }
  return true;
}

static IrOp *build(IrContext *ctx, const IrLoc *loc, TasOpIndex i, IrValue *const *opnds,
                   size_t n, const IrType *const *rts, size_t nr) {
  IrOpState st;
  ir_op_state_init(&st, ctx, &tas_op_infos[i], loc);
  for (size_t k = 0; k < n; k++) vec_push(&st.operands, opnds[k]);
  for (size_t k = 0; k < nr; k++) vec_push(&st.result_types, rts[k]);
  IrOp *o = ir_op_create(&st);
  ir_op_state_free(&st);
  return o;
}

/* A stage-region op (produce_one / consume_one) on pipeline p with result
 * types rts, whose one block is returned in *body. */
static IrOp *stage_region(IrContext *ctx, const IrLoc *loc, TasOpIndex i, IrValue *p,
                          const IrType *const *rts, size_t nr, IrBlock **body) {
  IrOpState st;
  ir_op_state_init(&st, ctx, &tas_op_infos[i], loc);
  vec_push(&st.operands, p);
  for (size_t k = 0; k < nr; k++) vec_push(&st.result_types, rts[k]);
  ir_op_state_add_region(&st);
  IrOp *o = ir_op_create(&st);
  ir_op_state_free(&st);
  *body = ir_block_new();
  ir_region_append(ir_op_region(o, 0), *body);
  return o;
}

static void lower_create(IrOp *c, int base) {
  IrContext *ctx = ir_op_context(c);
  const IrType *qt = ir_op_result(c, 0)->type;
  const IrType *i32 = ir_integer_type(ctx, 32, IR_SIGNLESS);
  IrOpState st;
  ir_op_state_init(&st, ctx, &tas_op_infos[TAS_OP_create_pipeline], ir_op_loc(c));
  ir_op_state_add_prop(&st, "mbarrier_base", ir_integer_attr(ctx, i32, base));
  ir_op_state_add_prop(&st, "stages", ir_integer_attr(ctx, i32, depth_of(c)));
  vec_push(&st.result_types, tas_pipeline_type(ctx, qt->types, qt->ntypes));
  IrOp *o = ir_op_create(&st);
  ir_op_state_free(&st);
  ir_block_insert_before(c, o);
  ir_value_replace_all_uses(ir_op_result(c, 0), ir_op_result(o, 0));
  ir_op_erase(c);
}

static void lower_put(IrOp *op) {
  IrContext *ctx = ir_op_context(op);
  const IrLoc *loc = ir_op_loc(op);
  IrValue *p = ir_op_operand(op, 0);
  IrBlock *b;
  IrOp *region = stage_region(ctx, loc, TAS_OP_produce_one, p, NULL, 0, &b);
  const IrType *tt = tas_producer_token_type(ctx);
  IrOp *acq = build(ctx, loc, TAS_OP_producer_acquire, &p, 1, &tt, 1);
  ir_block_append(b, acq);
  IrValueVec w = {0};
  vec_push(&w, p);
  vec_push(&w, ir_op_result(acq, 0));
  for (unsigned i = 1; i < op->noperands; i++) vec_push(&w, ir_op_operand(op, i));
  ir_block_append(b, build(ctx, loc, TAS_OP_producer_write, w.data, w.len, NULL, 0));
  ir_block_append(b, build(ctx, loc, TAS_OP_producer_commit, w.data, 2, NULL, 0));
  ir_block_append(b, build(ctx, loc, TAS_OP_yield, NULL, 0, NULL, 0));
  vec_free(&w);
  ir_block_insert_before(op, region);
  ir_op_erase(op);
}

static void lower_get(IrOp *op) {
  IrContext *ctx = ir_op_context(op);
  const IrLoc *loc = ir_op_loc(op);
  IrValue *p = ir_op_operand(op, 0);
  IrTypeVec rts = {0};
  for (unsigned i = 0; i < op->nresults; i++) vec_push(&rts, ir_op_result(op, i)->type);
  IrBlock *b;
  IrOp *region = stage_region(ctx, loc, TAS_OP_consume_one, p, rts.data, rts.len, &b);
  const IrType *tt = tas_consumer_token_type(ctx);
  IrOp *wait = build(ctx, loc, TAS_OP_consumer_wait, &p, 1, &tt, 1);
  ir_block_append(b, wait);
  IrValue *pc[2] = {p, ir_op_result(wait, 0)};
  IrOp *read = build(ctx, loc, TAS_OP_consumer_read, pc, 2, rts.data, rts.len);
  ir_block_append(b, read);
  ir_block_append(b, build(ctx, loc, TAS_OP_consumer_release, pc, 2, NULL, 0));
  IrValueVec ys = {0};
  for (unsigned i = 0; i < read->nresults; i++) vec_push(&ys, ir_op_result(read, i));
  ir_block_append(b, build(ctx, loc, TAS_OP_yield, ys.data, ys.len, NULL, 0));
  ir_block_insert_before(op, region);
  IrValueVec rs = {0};
  for (unsigned i = 0; i < region->nresults; i++) vec_push(&rs, ir_op_result(region, i));
  ir_op_replace_all_uses_with(op, rs.data);
  ir_op_erase(op);
  vec_free(&rts);
  vec_free(&ys);
  vec_free(&rs);
}

/* queue.yield closes its region with the same values: nv_tileaa.yield. */
static void lower_yield(IrOp *op) {
  IrOpState st;
  ir_op_state_init(&st, ir_op_context(op), aa_op(yield), ir_op_loc(op));
  for (unsigned i = 0; i < op->noperands; i++) vec_push(&st.operands, ir_op_operand(op, i));
  IrOp *y = ir_op_create(&st);
  ir_op_state_free(&st);
  ir_block_insert_before(op, y);
  ir_op_erase(op);
}

bool lw_lower_queues(IrOp *root) {
  LqState s;
  memset(&s, 0, sizeof s);
  ir_walk_pre(root, collect, &s);
  bool ok = check(&s);
  if (ok) {
    for (size_t i = 0; i < s.puts.len; i++) lower_put(s.puts.data[i]);
    for (size_t i = 0; i < s.gets.len; i++) lower_get(s.gets.data[i]);
    for (size_t i = 0; i < s.creates.len; i++) lower_create(s.creates.data[i], s.bases.data[i]);
    for (size_t i = 0; i < s.yields.len; i++) lower_yield(s.yields.data[i]);
  }
  vec_free(&s.creates);
  vec_free(&s.puts);
  vec_free(&s.gets);
  vec_free(&s.yields);
  vec_free(&s.bases);
  vec_free(&s.fns);
  return ok;
}
