/* ops.c — nv_tileas types, op rows, custom syntax and verifiers (see
 * nv_tileas.h): the mbarrier slot op of the token lowering, the async pipeline
 * family of the queue lowering and the agent region of the plugin lowering.
 * Payload values keep their nv_tileaa types; only the queue becomes a
 * !nv_tileas.pipeline and each handshake gets an ownership token type. */
#include "dialect/nv_tileas/nv_tileas.h"

#include "dialect/std/std_ops.h"

#include <string.h>

/* ---- types --------------------------------------------------------------------- */

static void print_pipeline(AsmPrinter *p, const IrType *t) {
  asm_puts(p, "pipeline<");
  for (uint32_t i = 0; i < t->ntypes; i++) {
    if (i) asm_puts(p, ", ");
    asm_print_type(p, t->types[i]);
  }
  asm_puts(p, ">");
}
static void print_producer(AsmPrinter *p, const IrType *t) {
  (void)t;
  asm_puts(p, "producer_token");
}
static void print_consumer(AsmPrinter *p, const IrType *t) {
  (void)t;
  asm_puts(p, "consumer_token");
}

const IrTypeDef tas_pipeline_type_def = {"pipeline", "nv_tileas", print_pipeline, false};
const IrTypeDef tas_producer_token_type_def = {"producer_token", "nv_tileas", print_producer,
                                               false};
const IrTypeDef tas_consumer_token_type_def = {"consumer_token", "nv_tileas", print_consumer,
                                               false};

const IrType *tas_pipeline_type(IrContext *ctx, const IrType *const *types, size_t n) {
  IrType k = {.def = &tas_pipeline_type_def, .ntypes = (uint32_t)n, .types = types};
  return ir_type_unique(ctx, &k);
}
const IrType *tas_producer_token_type(IrContext *ctx) {
  IrType k = {.def = &tas_producer_token_type_def};
  return ir_type_unique(ctx, &k);
}
const IrType *tas_consumer_token_type(IrContext *ctx) {
  IrType k = {.def = &tas_consumer_token_type_def};
  return ir_type_unique(ctx, &k);
}

/* pipeline-type ::= `pipeline` `<` (type (`,` type)*)? `>`  (empty once
 *                   canonicalization has pruned every payload position)
 *                 | `producer_token` | `consumer_token` */
static const IrType *tas_parse_type(AsmParser *p, Str m) {
  IrContext *ctx = asm_ctx(p);
  if (str_eqz(m, "producer_token")) return tas_producer_token_type(ctx);
  if (str_eqz(m, "consumer_token")) return tas_consumer_token_type(ctx);
  if (!str_eqz(m, "pipeline")) {
    asm_error(p, "unknown type `%.*s` in dialect `nv_tileas`", (int)m.n, m.s);
    return NULL;
  }
  IrTypeVec types = {0};
  const IrType *t = NULL;
  if (asm_parse_punct(p, ASM_LESS) &&
      (asm_parse_optional_punct(p, ASM_GREATER) ||
       (asm_parse_type_list(p, &types) && asm_parse_punct(p, ASM_GREATER))))
    t = tas_pipeline_type(ctx, types.data, types.len);
  vec_free(&types);
  return t;
}

int64_t tas_mbarrier_slot(IrOp *op) {
  const IrAttr *a = ir_op_attrz(op, "slot");
  if (!a || !ir_attr_is(a, &ir_integer_attr_def)) return -1;
  return a->ints[0];
}

/* ---- syntax ---------------------------------------------------------------------- */

/* flat-op ::= operands? attr-dict (`:` types (`->` types)?)?
 * Without operands the types after `:` are the results (create_pipeline);
 * a bare `yield` has neither. */
static bool parse_flat(AsmParser *p, IrOpState *st) {
  AsmOperandVec ops = {0};
  IrTypeVec types = {0}, res = {0};
  AsmLoc at = asm_cur_loc(p);
  bool ok = (!asm_peek_operand(p) || asm_parse_operand_list(p, &ops)) &&
            asm_parse_optional_attr_dict(p, st);
  if (ok && (ops.len || asm_peek_punct(p, ASM_COLON))) {
    ok = asm_parse_punct(p, ASM_COLON) && asm_parse_type_list(p, &types);
    if (ok && ops.len == 0) {
      for (size_t i = 0; i < types.len; i++) vec_push(&st->result_types, types.data[i]);
    } else if (ok) {
      ok = asm_resolve_operands(p, ops.data, ops.len, types.data, types.len, at, st);
      if (ok && asm_parse_optional_punct(p, ASM_ARROW)) {
        ok = asm_parse_type_list(p, &res);
        for (size_t i = 0; ok && i < res.len; i++) vec_push(&st->result_types, res.data[i]);
      }
    }
  }
  vec_free(&ops);
  vec_free(&types);
  vec_free(&res);
  return ok;
}

static void print_types_of_results(AsmPrinter *p, IrOp *op) {
  for (unsigned i = 0; i < op->nresults; i++) {
    if (i) asm_puts(p, ", ");
    asm_print_type(p, ir_op_result(op, i)->type);
  }
}

static void print_flat(AsmPrinter *p, IrOp *op) {
  if (op->noperands) {
    asm_puts(p, " ");
    asm_print_operands(p, ir_op_operands(op), op->noperands);
  }
  asm_print_attr_dict(p, op, NULL);
  if (op->noperands) {
    asm_puts(p, " : ");
    for (unsigned i = 0; i < op->noperands; i++) {
      if (i) asm_puts(p, ", ");
      asm_print_type(p, ir_op_operand(op, i)->type);
    }
    if (op->nresults) {
      asm_puts(p, " -> ");
      print_types_of_results(p, op);
    }
  } else if (op->nresults) {
    asm_puts(p, " : ");
    print_types_of_results(p, op);
  }
}

/* stage-region-op ::= operand attr-dict `:` type (`->` types)? region */
static bool parse_stage_region(AsmParser *p, IrOpState *st) {
  return parse_flat(p, st) && asm_parse_region(p, ir_op_state_add_region(st), NULL, 0);
}

static void print_stage_region(AsmPrinter *p, IrOp *op) {
  print_flat(p, op);
  asm_print_region(p, ir_op_region(op, 0), false, true);
}

/* agent-op ::= operands? attr-dict `:` `(` types? `)` `->` `(` types? `)` region
 * The region's entry block takes one argument per operand (`^bb0(...)`). */
static bool parse_paren_types(AsmParser *p, IrTypeVec *out) {
  if (!asm_parse_punct(p, ASM_LPAREN)) return false;
  if (asm_parse_optional_punct(p, ASM_RPAREN)) return true;
  return asm_parse_type_list(p, out) && asm_parse_punct(p, ASM_RPAREN);
}

static bool parse_agent(AsmParser *p, IrOpState *st) {
  AsmOperandVec ops = {0};
  IrTypeVec in = {0}, out = {0};
  AsmLoc at = asm_cur_loc(p);
  bool ok = (!asm_peek_operand(p) || asm_parse_operand_list(p, &ops)) &&
            asm_parse_optional_attr_dict(p, st) && asm_parse_punct(p, ASM_COLON) &&
            parse_paren_types(p, &in) && asm_parse_punct(p, ASM_ARROW) &&
            parse_paren_types(p, &out) &&
            asm_resolve_operands(p, ops.data, ops.len, in.data, in.len, at, st);
  for (size_t i = 0; ok && i < out.len; i++) vec_push(&st->result_types, out.data[i]);
  ok = ok && asm_parse_region(p, ir_op_state_add_region(st), NULL, 0);
  vec_free(&ops);
  vec_free(&in);
  vec_free(&out);
  return ok;
}

static void print_agent(AsmPrinter *p, IrOp *op) {
  if (op->noperands) {
    asm_puts(p, " ");
    asm_print_operands(p, ir_op_operands(op), op->noperands);
  }
  asm_print_attr_dict(p, op, NULL);
  asm_puts(p, " : (");
  for (unsigned i = 0; i < op->noperands; i++) {
    if (i) asm_puts(p, ", ");
    asm_print_type(p, ir_op_operand(op, i)->type);
  }
  asm_puts(p, ") -> (");
  print_types_of_results(p, op);
  asm_puts(p, ")");
  asm_print_region(p, ir_op_region(op, 0), true, true);
}

/* ---- verifiers --------------------------------------------------------------------- */

static bool verify_alloc_mbarrier(IrOp *op) {
  int64_t s = tas_mbarrier_slot(op);
  if (s < 0 || s >= TAS_MBARRIER_POOL)
    return ir_op_error(op, "requires an integer 'slot' attribute in [0, %d)", TAS_MBARRIER_POOL);
  const IrType *t = ir_op_result(op, 0)->type;
  if (!llvm_is_ptr(t) || t->ints[0] != 3)
    return ir_op_error(op, "result #0 must be LLVM pointer in address space 3, but got '%T'", t);
  return true;
}

/* Operand 0 is a pipeline (returned), or NULL after the error. */
static const IrType *pipe_operand(IrOp *op) {
  const IrType *t = ir_op_operand(op, 0)->type;
  if (!tas_is_pipeline(t)) {
    ir_op_error(op, "operand #0 must be !nv_tileas.pipeline, but got '%T'", t);
    return NULL;
  }
  return t;
}

/* values[0..n) (operands or results from `first`) match the payload types. */
static bool payload_match(IrOp *op, const IrType *pt, bool results, unsigned first) {
  unsigned n = (results ? op->nresults : op->noperands) - first;
  if (n != pt->ntypes)
    return ir_op_error(op, "expects %u payload values to match the pipeline, but got %u",
                       pt->ntypes, n);
  for (unsigned i = 0; i < n; i++) {
    const IrType *t = results ? ir_op_result(op, first + i)->type
                              : ir_op_operand(op, first + i)->type;
    if (t != pt->types[i])
      return ir_op_error(op, "expects payload value #%u of type %T to match the pipeline, but got %T",
                         i, pt->types[i], t);
  }
  return true;
}

static bool verify_create_pipeline(IrOp *op) {
  const IrAttr *a = ir_op_attrz(op, "stages");
  if (!a || !ir_attr_is(a, &ir_integer_attr_def) || a->ints[0] < 1 ||
      a->ints[0] > TAS_MAX_STAGES)
    return ir_op_error(op, "requires an integer 'stages' attribute in [1, %d]", TAS_MAX_STAGES);
  const IrAttr *b = ir_op_attrz(op, "mbarrier_base");
  if (b && (!ir_attr_is(b, &ir_integer_attr_def) || b->ints[0] < 0 ||
            b->ints[0] + 2 * a->ints[0] > TAS_MBARRIER_POOL))
    return ir_op_error(op, "expects 'mbarrier_base' to place its %lld stage mbarriers in the "
                           "pool of %d",
                       (long long)(2 * a->ints[0]), TAS_MBARRIER_POOL);
  if (!tas_is_pipeline(ir_op_result(op, 0)->type))
    return ir_op_error(op, "result #0 must be !nv_tileas.pipeline, but got '%T'",
                       ir_op_result(op, 0)->type);
  return true;
}

/* acquire / wait: pipeline -> token of `def`. */
static bool verify_take(IrOp *op) {
  if (!pipe_operand(op)) return false;
  const IrTypeDef *want = tas_is_op(op, TAS_OP_producer_acquire) ? &tas_producer_token_type_def
                                                                 : &tas_consumer_token_type_def;
  if (ir_op_result(op, 0)->type->def != want)
    return ir_op_error(op, "result #0 must be !nv_tileas.%s, but got '%T'", want->name,
                       ir_op_result(op, 0)->type);
  return true;
}

/* write / commit / read / release: (pipeline, token, ...). */
static bool verify_use(IrOp *op) {
  const IrType *pt = pipe_operand(op);
  if (!pt) return false;
  bool prod = tas_is_op(op, TAS_OP_producer_write) || tas_is_op(op, TAS_OP_producer_commit);
  const IrTypeDef *want = prod ? &tas_producer_token_type_def : &tas_consumer_token_type_def;
  if (ir_op_operand(op, 1)->type->def != want)
    return ir_op_error(op, "operand #1 must be !nv_tileas.%s, but got '%T'", want->name,
                       ir_op_operand(op, 1)->type);
  if (tas_is_op(op, TAS_OP_producer_write)) return payload_match(op, pt, false, 2);
  if (tas_is_op(op, TAS_OP_consumer_read)) return payload_match(op, pt, true, 0);
  return true;
}

/* produce_one / consume_one: the region ends in async.pipeline.yield with
 * the op's results (none for produce_one; the payload for consume_one). */
static bool verify_stage_region(IrOp *op) {
  const IrType *pt = pipe_operand(op);
  if (!pt) return false;
  if (tas_is_op(op, TAS_OP_consume_one) && !payload_match(op, pt, true, 0)) return false;
  IrBlock *b = ir_region_entry(ir_op_region(op, 0));
  IrOp *t = b ? ir_block_terminator(b) : NULL;
  if (!t || !tas_is_op(t, TAS_OP_yield))
    return ir_op_error(op, "expects its region to end with 'nv_tileas.async.pipeline.yield'");
  return true;
}

/* yield: operands match the parent's results. */
static bool verify_yield(IrOp *op) {
  IrOp *parent = ir_op_parent_op(op);
  if (!parent || !(tas_is_op(parent, TAS_OP_produce_one) ||
                   tas_is_op(parent, TAS_OP_consume_one) || tas_is_op(parent, TAS_OP_agent)))
    return ir_op_error(op, "expects parent op 'nv_tileas.async.pipeline.produce_one', "
                           "'nv_tileas.async.pipeline.consume_one' or 'nv_tileas.agent'");
  if (op->noperands != parent->nresults)
    return ir_op_error(op, "has %u operands, but the parent op has %u results", op->noperands,
                       parent->nresults);
  for (unsigned i = 0; i < op->noperands; i++)
    if (ir_op_operand(op, i)->type != ir_op_result(parent, i)->type)
      return ir_op_error(op, "operand #%u type %T does not match the parent's result type %T", i,
                         ir_op_operand(op, i)->type, ir_op_result(parent, i)->type);
  return true;
}

/* agent: one entry-block argument per operand, of the operand's type; the
 * layout lists (when present) have one entry per input / output. */
static bool verify_agent(IrOp *op) {
  IrBlock *b = ir_region_entry(ir_op_region(op, 0));
  if (!b) return ir_op_error(op, "expects a non-empty region");
  if (b->nargs != op->noperands)
    return ir_op_error(op, "expects %u region arguments (one per input), but got %u",
                       op->noperands, b->nargs);
  for (unsigned i = 0; i < op->noperands; i++)
    if (b->args[i]->type != ir_op_operand(op, i)->type)
      return ir_op_error(op, "region argument #%u type %T does not match input type %T", i,
                         b->args[i]->type, ir_op_operand(op, i)->type);
  static const char *const lists[2] = {"input_layouts", "output_layouts"};
  for (int k = 0; k < 2; k++) {
    const IrAttr *a = ir_op_attrz(op, lists[k]);
    unsigned want = k ? op->nresults : op->noperands;
    if (!a) continue;
    if (!ir_attr_is(a, &ir_array_attr_def) || a->nelems != want)
      return ir_op_error(op, "expects '%s' to be an array of %u layouts", lists[k], want);
  }
  IrOp *t = ir_block_terminator(b);
  if (!t || !tas_is_op(t, TAS_OP_yield))
    return ir_op_error(op, "expects its region to end with 'nv_tileas.async.pipeline.yield'");
  return true;
}

static const char *const alloc_inherent[] = {"slot", NULL};
static const char *const create_inherent[] = {"stages", "mbarrier_base", NULL};

#define TAS_FLAT(n, no_min, no_max, nr_min, nr_max, tr, sum, ver)                          \
  {.name = "nv_tileas." n, .traits = (tr), .min_operands = (no_min),                       \
   .max_operands = (no_max), .min_results = (nr_min), .max_results = (nr_max),             \
   .num_regions = 0, .num_successors = 0, .summary = (sum), .parse = parse_flat,           \
   .print = print_flat, .verify = (ver)}

const IrOpInfo tas_op_infos[TAS_OP_COUNT] = {
    [TAS_OP_alloc_mbarrier] = {.name = "nv_tileas.alloc_mbarrier", .traits = 0,
                               .min_operands = 0, .max_operands = 0, .min_results = 1,
                               .max_results = 1, .num_regions = 0, .num_successors = 0,
                               .inherent = alloc_inherent,
                               .summary = "the mbarrier of one slot of the per-CTA pool",
                               .parse = std_parse_simple, .print = std_print_simple,
                               .verify = verify_alloc_mbarrier},
    [TAS_OP_create_pipeline] = {.name = "nv_tileas.async.pipeline.create_pipeline",
                                .min_operands = 0, .max_operands = 0, .min_results = 1,
                                .max_results = 1, .inherent = create_inherent,
                                .summary = "a pipeline of `stages` stages of payload slots",
                                .parse = parse_flat, .print = print_flat,
                                .verify = verify_create_pipeline},
    [TAS_OP_producer_acquire] = TAS_FLAT("async.pipeline.producer_acquire", 1, 1, 1, 1, 0,
                                         "producer: wait for the next stage to be free",
                                         verify_take),
    [TAS_OP_producer_write] = TAS_FLAT("async.pipeline.producer_write", 2, -1, 0, 0, 0,
                                       "producer: write the payload into the acquired stage",
                                       verify_use),
    [TAS_OP_producer_commit] = TAS_FLAT("async.pipeline.producer_commit", 2, 2, 0, 0, 0,
                                        "producer: publish the written stage to consumers",
                                        verify_use),
    [TAS_OP_consumer_wait] = TAS_FLAT("async.pipeline.consumer_wait", 1, 1, 1, 1, 0,
                                      "consumer: wait for the next stage to be committed",
                                      verify_take),
    [TAS_OP_consumer_read] = TAS_FLAT("async.pipeline.consumer_read", 2, 2, 0, -1, 0,
                                      "consumer: read the payload of the waited stage",
                                      verify_use),
    [TAS_OP_consumer_release] = TAS_FLAT("async.pipeline.consumer_release", 2, 2, 0, 0, 0,
                                         "consumer: hand the stage back to producers",
                                         verify_use),
    [TAS_OP_produce_one] = {.name = "nv_tileas.async.pipeline.produce_one",
                            .traits = IR_TRAIT_RECURSIVE_EFFECTS | IR_TRAIT_SINGLE_BLOCK,
                            .min_operands = 1, .max_operands = 1, .min_results = 0,
                            .max_results = 0, .num_regions = 1,
                            .summary = "producer region: fill one stage",
                            .parse = parse_stage_region, .print = print_stage_region,
                            .verify = verify_stage_region},
    [TAS_OP_consume_one] = {.name = "nv_tileas.async.pipeline.consume_one",
                            .traits = IR_TRAIT_RECURSIVE_EFFECTS | IR_TRAIT_SINGLE_BLOCK,
                            .min_operands = 1, .max_operands = 1, .min_results = 0,
                            .max_results = -1, .num_regions = 1,
                            .summary = "consumer region: drain one stage, yield its payload",
                            .parse = parse_stage_region, .print = print_stage_region,
                            .verify = verify_stage_region},
    [TAS_OP_yield] = TAS_FLAT("async.pipeline.yield", 0, -1, 0, 0,
                              IR_TRAIT_TERMINATOR | IR_TRAIT_RETURN_LIKE,
                              "terminate a pipeline or agent region with values", verify_yield),
    [TAS_OP_agent] = {.name = "nv_tileas.agent",
                      .traits = IR_TRAIT_RECURSIVE_EFFECTS | IR_TRAIT_SINGLE_BLOCK,
                      .min_operands = 0, .max_operands = -1, .min_results = 0,
                      .max_results = -1, .num_regions = 1,
                      .summary = "an agent region with its inputs, layouts and resources",
                      .parse = parse_agent, .print = print_agent, .verify = verify_agent},
};

const IrDialect tas_dialect = {
    .name = "nv_tileas",
    .ops = tas_op_infos,
    .nops = TAS_OP_COUNT,
    .parse_type = tas_parse_type,
};
