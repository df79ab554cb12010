/* tokens.c — `convert-nv-tileaa-tokens` and the `lower-nv-tileaa` pipeline.
 *
 * Every nv_tileaa.create_mem_token claims one slot of its CTA's 32-mbarrier
 * pool (lw_pool_alloc, in program order per function; a barrier is never
 * invalidated inside a kernel, so every token stays live to the end of the
 * CTA) and becomes
 *     %bar = nv_tileas.alloc_mbarrier {slot = K : i32} : !llvm.ptr<3>
 *     %n = arith.constant 1 : i32            // producers merged: the creator
 *     nvvm.mbarrier.init.shared %bar, %n : !llvm.ptr<3>, i32
 *     %s = nvvm.mbarrier.arrive.shared %bar : !llvm.ptr<3> -> i64
 * (the creator's arrival completes phase 0: the initial token is complete).
 * Every nv_tileaa.join_mem_token of N inputs becomes N parity waits, one per
 * producer, on phase parity 0, and its result is the first input (seed:
 * `result = inputs[0]` then later_of each other input: once every wait has
 * returned, each input has retired).  Every other mem_token value (memory op
 * results, scf iter_args / results / yields, block arguments) keeps its
 * place and only changes its type to !llvm.ptr<3>: the token graph keeps its
 * edges, each memory effect still consumes the incoming handle and yields a
 * successor.  A 33rd token in one CTA is a hard, located error. */
#include "conversion/nv_tileaa_lowering/lower.h"

#include "dialect/arith/arith.h"
#include "dialect/nv_tileaa/nv_tileaa.h"
#include "dialect/nv_tileas/nv_tileas.h"
#include "dialect/nvvm/nvvm.h"
#include "rewrite/rewrite.h"
#include "support/support.h"

#include <string.h>

typedef struct LwFn {
  IrOp *fn;
  LwPool pool;
  unsigned tokens; /* create_mem_tokens seen so far */
} LwFn;
typedef VEC(LwFn) LwFnVec;

typedef struct LwState {
  VEC(IrOp *) creates;
  VEC(IrOp *) joins;
  VEC(IrValue *) tokens;
  VEC(IrOp *) funcs; /* ops whose function_type mentions mem_token */
  VEC(IrOp *) pipes; /* create_pipeline ops holding pool slots */
} LwState;

static void collect_value(LwState *s, IrValue *v) {
  if (aa_is_token(v->type) && !llvm_is_ptr(v->type)) vec_push(&s->tokens, v);
}

static IrWalkResult collect(IrOp *op, void *user) {
  LwState *s = user;
  const IrAttr *ft = ir_op_attrz(op, "function_type");
  if (ft && ir_attr_is(ft, &ir_type_attr_def) && ft->type &&
      ft->type->def == &ir_function_type_def) {
    for (uint32_t i = 0; i < ft->type->ntypes; i++)
      if (aa_is_token(ft->type->types[i])) {
        vec_push(&s->funcs, op);
        break;
      }
  }
  if (tas_is_op(op, TAS_OP_create_pipeline) && ir_op_attrz(op, "mbarrier_base"))
    vec_push(&s->pipes, op);
  if (op->info == aa_op(create_mem_token)) vec_push(&s->creates, op);
  else if (op->info == aa_op(join_mem_token)) vec_push(&s->joins, op);
  for (unsigned i = 0; i < op->nresults; i++) collect_value(s, ir_op_result(op, i));
  for (unsigned r = 0; r < op->nregions; r++)
    for (IrBlock *b = ir_op_region(op, r)->first; b; b = b->next)
      for (uint32_t a = 0; a < b->nargs; a++) collect_value(s, b->args[a]);
  return IR_WALK_ADVANCE;
}

/* The pool state of function fn (added on first use). */
static LwFn *fn_of(LwFnVec *fns, IrOp *fn) {
  for (size_t k = 0; k < fns->len; k++)
    if (fns->data[k].fn == fn) return &fns->data[k];
  LwFn nf = {fn, {0, 0, 0}, 0};
  vec_push(fns, nf);
  return &fns->data[fns->len - 1];
}

static IrOp *build_simple(IrContext *ctx, const IrLoc *loc, const IrOpInfo *info,
                          IrValue *const *opnds, size_t n, const IrType *rt) {
  IrOpState st;
  ir_op_state_init(&st, ctx, info, loc);
  for (size_t i = 0; i < n; i++) vec_push(&st.operands, opnds[i]);
  if (rt) vec_push(&st.result_types, rt);
  IrOp *o = ir_op_create(&st);
  ir_op_state_free(&st);
  return o;
}

static bool lower_create(IrOp *op, int slot) {
  IrContext *ctx = ir_op_context(op);
  const IrLoc *loc = ir_op_loc(op);
  const IrType *i32 = ir_integer_type(ctx, 32, IR_SIGNLESS);
  const IrType *bar_t = llvm_ptr_type(ctx, 3);
  IrOpState st;
  ir_op_state_init(&st, ctx, &tas_op_infos[TAS_OP_alloc_mbarrier], loc);
  ir_op_state_add_prop(&st, "slot", ir_integer_attr(ctx, i32, slot));
  vec_push(&st.result_types, bar_t);
  IrOp *alloc = ir_op_create(&st);
  ir_op_state_free(&st);
  ir_block_insert_before(op, alloc);
  IrValue *bar = ir_op_result(alloc, 0);
  IrOp *n = arith_build_constant_int(ctx, loc, i32, 1);
  ir_block_insert_before(op, n);
  IrValue *init_ops[2] = {bar, ir_op_result(n, 0)};
  ir_block_insert_before(op, build_simple(ctx, loc, &nvvm_op_infos[NVVM_OP_init_shared],
                                          init_ops, 2, NULL));
  ir_block_insert_before(op, build_simple(ctx, loc, &nvvm_op_infos[NVVM_OP_arrive_shared], &bar,
                                          1, ir_integer_type(ctx, 64, IR_SIGNLESS)));
  ir_value_replace_all_uses(ir_op_result(op, 0), bar);
  ir_op_erase(op);
  return true;
}

static void lower_join(IrOp *op) {
  IrContext *ctx = ir_op_context(op);
  const IrLoc *loc = ir_op_loc(op);
  const IrType *i32 = ir_integer_type(ctx, 32, IR_SIGNLESS);
  IrOp *c0 = arith_build_constant_int(ctx, loc, i32, 0);
  ir_block_insert_before(op, c0);
  IrValue *zero = ir_op_result(c0, 0);
  for (unsigned i = 0; i < op->noperands; i++) {
    IrValue *w[3] = {ir_op_operand(op, i), zero, zero};
    ir_block_insert_before(op, build_simple(ctx, loc,
                                            &nvvm_op_infos[NVVM_OP_try_wait_parity_shared], w,
                                            3, NULL));
  }
  ir_value_replace_all_uses(ir_op_result(op, 0), ir_op_operand(op, 0));
  ir_op_erase(op);
}

/* A function signature with token inputs/results takes the carrier type. */
static void retype_signature(IrOp *op, const IrType *bar_t) {
  const IrType *ft = ir_op_attrz(op, "function_type")->type;
  IrTypeVec all = {0};
  for (uint32_t i = 0; i < ft->ntypes; i++)
    vec_push(&all, aa_is_token(ft->types[i]) ? bar_t : ft->types[i]);
  size_t nin = ir_func_num_inputs(ft);
  const IrType *nt =
      ir_function_type(ir_op_context(op), all.data, nin, all.data + nin, all.len - nin);
  ir_op_set_prop(op, "function_type", ir_type_attr(ir_op_context(op), nt));
  vec_free(&all);
}

bool lw_lower_tokens(IrOp *root) {
  IrContext *ctx = ir_op_context(root);
  LwState s;
  memset(&s, 0, sizeof s);
  ir_walk_pre(root, collect, &s);
  bool ok = true;
  /* Slots: per function, in program order. */
  LwFnVec fns = {0};
  VEC(int) slots = {0};
  /* The stage barriers of the function's pipelines (queues.c) come first. */
  for (size_t i = 0; i < s.pipes.len; i++) {
    LwFn *f = fn_of(&fns, lw_enclosing_fn(s.pipes.data[i]));
    const IrAttr *b = ir_op_attrz(s.pipes.data[i], "mbarrier_base");
    const IrAttr *n = ir_op_attrz(s.pipes.data[i], "stages");
    if (b && n && ir_attr_is(b, &ir_integer_attr_def) && ir_attr_is(n, &ir_integer_attr_def) &&
        n->ints[0] > 0 && n->ints[0] <= LW_POOL_SLOTS)
      lw_pool_reserve(&f->pool, (int)b->ints[0], 2 * (int)n->ints[0]);
  }
  for (size_t i = 0; i < s.creates.len && ok; i++) {
    IrOp *fn = lw_enclosing_fn(s.creates.data[i]);
    LwFn *f = fn_of(&fns, fn);
    f->tokens++;
    int slot = lw_pool_alloc(&f->pool);
    if (slot < 0) {
      const IrIdent *name = ir_symbol_name(fn);
      unsigned held = f->pool.live - (f->tokens - 1);
      if (held)
        ok = ir_op_emit_error(s.creates.data[i],
                              "more than 32 memory tokens live in one CTA: token #%u of "
                              "function '%s' has no free slot in the per-CTA pool of %d "
                              "mbarriers (%u held by pipeline stages)",
                              f->tokens, name ? name->str : "?", LW_POOL_SLOTS, held);
      else
        ok = ir_op_emit_error(s.creates.data[i],
                              "more than 32 memory tokens live in one CTA: token #%u of "
                              "function '%s' has no free slot in the per-CTA pool of %d "
                              "mbarriers",
                              f->tokens, name ? name->str : "?", LW_POOL_SLOTS);
    }
    vec_push(&slots, slot);
  }
  if (ok) {
    /* Carrier type: every remaining mem_token value becomes a barrier handle. */
    const IrType *bar_t = llvm_ptr_type(ctx, 3);
    for (size_t i = 0; i < s.tokens.len; i++) s.tokens.data[i]->type = bar_t;
    for (size_t i = 0; i < s.funcs.len; i++) retype_signature(s.funcs.data[i], bar_t);
    for (size_t i = 0; i < s.creates.len; i++) lower_create(s.creates.data[i], slots.data[i]);
    for (size_t i = 0; i < s.joins.len; i++) lower_join(s.joins.data[i]);
  }
  vec_free(&fns);
  vec_free(&slots);
  vec_free(&s.creates);
  vec_free(&s.joins);
  vec_free(&s.tokens);
  vec_free(&s.funcs);
  vec_free(&s.pipes);
  return ok;
}

static bool run_tokens(IrOp *op, const char *options) {
  (void)options;
  return lw_lower_tokens(op);
}

static bool run_pipeline(IrOp *op, const char *options) {
  (void)options;
  return lw_check_plugins(op) && lw_lower_queues(op) && lw_lower_agents(op) &&
         lw_lower_tokens(op);
}

static bool run_queues(IrOp *op, const char *options) {
  (void)options;
  return lw_lower_queues(op);
}

static bool run_agents(IrOp *op, const char *options) {
  (void)options;
  return lw_lower_agents(op);
}

static bool run_resources(IrOp *op, const char *options) {
  (void)options;
  return lw_check_plugins(op);
}

static const RwPassInfo resources_pass = {
    .name = "check-nv-tileaa-resources",
    .summary = "Check nv_tileaa plugin/execute resource requirements against the target",
    .anchor = NULL,
    .run = run_resources,
    .class_name = "CheckNvTileAAResources",
};

static const RwPassInfo tokens_pass = {
    .name = "convert-nv-tileaa-tokens",
    .summary = "Lower nv_tileaa memory tokens to mbarriers of the per-CTA pool (nvvm)",
    .anchor = NULL,
    .run = run_tokens,
    .class_name = "ConvertNvTileAATokens",
};

static const RwPassInfo queues_pass = {
    .name = "convert-nv-tileaa-queues",
    .summary = "Lower nv_tileaa queues to nv_tileas async pipeline producer/consumer regions",
    .anchor = NULL,
    .run = run_queues,
    .class_name = "ConvertNvTileAAQueues",
};

static const RwPassInfo agents_pass = {
    .name = "convert-nv-tileaa-agents",
    .summary = "Materialize nv_tileaa plugin/execute ops as nv_tileas agent regions with layouts",
    .anchor = NULL,
    .run = run_agents,
    .class_name = "ConvertNvTileAAAgents",
};

static const RwPassInfo pipeline_pass = {
    .name = "lower-nv-tileaa",
    .summary = "Hop 2 of the nv_tileaa lowering: check-nv-tileaa-resources, "
               "convert-nv-tileaa-queues, convert-nv-tileaa-agents, convert-nv-tileaa-tokens",
    .anchor = NULL,
    .run = run_pipeline,
    .class_name = "LowerNvTileAA",
};

void lw_register_passes(IrContext *ctx) {
  rw_register_pass(ctx, &tokens_pass);
  rw_register_pass(ctx, &queues_pass);
  rw_register_pass(ctx, &agents_pass);
  rw_register_pass(ctx, &pipeline_pass);
  rw_register_pass(ctx, &resources_pass);
}
