/* syntax.c — the custom assembly of the scf ops, as MLIR 22's hand-written
 * parsers/printers (ForOp, IfOp, WhileOp, ExecuteRegionOp) and declarative
 * formats (yield, condition, index_switch) print it, spacing included
 * (`step %c1  : i32 {` when the induction variable is not an index). */
#include "dialect/scf/scf_internal.h"

/* Appends an scf.yield to the last block of r when it has no terminator
 * (MLIR's ensureTerminator); an empty region gets one block first. */
static bool ensure_yield(AsmParser *p, IrRegion *r, IrOpState *parent) {
  if (!r->first) ir_region_append(r, ir_block_new());
  IrBlock *b = r->last;
  if (b->last && (b->last->info->traits & IR_TRAIT_TERMINATOR)) return true;
  IrOpState st;
  ir_op_state_init(&st, asm_ctx(p), scf_op(yield), ir_op_state_loc(parent));
  IrOp *op = ir_op_create(&st);
  ir_op_state_free(&st);
  if (!op) return false;
  ir_block_append(b, op);
  return true;
}

/* `(` type-list `)` or a single type, after `->` (parseArrowTypeList). */
static bool parse_type_list_parens(AsmParser *p, IrTypeVec *out) {
  if (asm_parse_optional_punct(p, ASM_LPAREN)) {
    if (asm_parse_optional_punct(p, ASM_RPAREN)) return true;
    return asm_parse_type_list(p, out) && asm_parse_punct(p, ASM_RPAREN);
  }
  const IrType *t;
  if (!asm_parse_type(p, &t)) return false;
  vec_push(out, t);
  return true;
}

static void print_types_of(AsmPrinter *p, IrUse *u, size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (i) asm_puts(p, ", ");
    asm_print_type(p, u[i].value->type);
  }
}

static void print_result_types(AsmPrinter *p, IrOp *op) {
  for (uint32_t i = 0; i < op->nresults; i++) {
    if (i) asm_puts(p, ", ");
    asm_print_type(p, ir_op_result(op, i)->type);
  }
}

/* `(` (%arg `=` operand),* `)` */
static bool parse_assignments(AsmParser *p, AsmArgumentVec *args, AsmOperandVec *init) {
  if (!asm_parse_punct(p, ASM_LPAREN)) return false;
  if (asm_parse_optional_punct(p, ASM_RPAREN)) return true;
  do {
    AsmArgument a = {0};
    AsmOperand o;
    if (!asm_parse_operand(p, &a.ssa) || !asm_parse_punct(p, ASM_EQUAL) ||
        !asm_parse_operand(p, &o))
      return false;
    vec_push(args, a);
    vec_push(init, o);
  } while (asm_parse_optional_punct(p, ASM_COMMA));
  return asm_parse_punct(p, ASM_RPAREN);
}

/* `prefix(%a = %x, %b = %y)` of block args b->args[skip..] and operands. */
static void print_assignments(AsmPrinter *p, const char *prefix, IrBlock *b, unsigned skip,
                              IrUse *inits, size_t n) {
  if (!n) return;
  asm_puts(p, prefix);
  asm_putc(p, '(');
  for (size_t i = 0; i < n; i++) {
    if (i) asm_puts(p, ", ");
    if (b && skip + i < b->nargs) asm_print_operand(p, b->args[skip + i]);
    asm_puts(p, " = ");
    asm_print_operand(p, inits[i].value);
  }
  asm_putc(p, ')');
}

/* ---- scf.yield / scf.condition --------------------------------------------------- */

/* attr-dict ($results^ `:` type($results))? */
static bool parse_values_colon_types(AsmParser *p, IrOpState *st) {
  AsmOperandVec ops = {0};
  AsmLoc l = asm_cur_loc(p);
  bool ok = asm_parse_operand_list(p, &ops);
  if (ok && ops.len) {
    IrTypeVec types = {0};
    ok = asm_parse_punct(p, ASM_COLON) && asm_parse_type_list(p, &types) &&
         asm_resolve_operands(p, ops.data, ops.len, types.data, types.len, l, st);
    vec_free(&types);
  }
  vec_free(&ops);
  return ok;
}

bool scf_parse_yield(AsmParser *p, IrOpState *st) {
  return asm_parse_optional_attr_dict(p, st) && parse_values_colon_types(p, st);
}

static void print_values_colon_types(AsmPrinter *p, IrUse *u, size_t n) {
  if (!n) return;
  asm_putc(p, ' ');
  asm_print_operands(p, u, n);
  asm_puts(p, " : ");
  print_types_of(p, u, n);
}

void scf_print_yield(AsmPrinter *p, IrOp *op) {
  asm_print_attr_dict(p, op, NULL);
  print_values_colon_types(p, ir_op_operands(op), op->noperands);
}

/* `(` $condition `)` attr-dict ($args^ `:` type($args))? */
bool scf_parse_condition(AsmParser *p, IrOpState *st) {
  AsmOperand c;
  IrContext *ctx = asm_ctx(p);
  return asm_parse_punct(p, ASM_LPAREN) && asm_parse_operand(p, &c) &&
         asm_parse_punct(p, ASM_RPAREN) &&
         asm_resolve_operand(p, &c, ir_integer_type(ctx, 1, IR_SIGNLESS), st) &&
         asm_parse_optional_attr_dict(p, st) && parse_values_colon_types(p, st);
}

void scf_print_condition(AsmPrinter *p, IrOp *op) {
  asm_putc(p, '(');
  asm_print_operand(p, ir_op_operand(op, 0));
  asm_putc(p, ')');
  asm_print_attr_dict(p, op, NULL);
  print_values_colon_types(p, ir_op_operands(op) + 1, op->noperands - 1);
}

/* ---- scf.for ------------------------------------------------------------------------ */

/* for ::= `unsigned`? %iv `=` lb `to` ub `step` s
 *         (`iter_args` assignments `->` types)? (`:` type)? region attr-dict */
bool scf_parse_for(AsmParser *p, IrOpState *st) {
  IrContext *ctx = asm_ctx(p);
  AsmArgumentVec args = {0};
  AsmOperandVec init = {0};
  AsmOperand b[3];
  AsmArgument iv = {0};
  if (asm_parse_optional_keyword(p, "unsigned"))
    ir_op_state_add_prop(st, "unsignedCmp", ir_unit_attr(ctx));
  bool ok = asm_parse_operand(p, &iv.ssa) && asm_parse_punct(p, ASM_EQUAL) &&
            asm_parse_operand(p, &b[0]) && asm_parse_keyword(p, "to") &&
            asm_parse_operand(p, &b[1]) && asm_parse_keyword(p, "step") &&
            asm_parse_operand(p, &b[2]);
  vec_push(&args, iv);
  if (ok && asm_parse_optional_keyword(p, "iter_args")) {
    AsmLoc l = asm_cur_loc(p);
    ok = parse_assignments(p, &args, &init) && asm_parse_punct(p, ASM_ARROW) &&
         parse_type_list_parens(p, &st->result_types);
    if (ok && init.len != st->result_types.len)
      ok = asm_error_at(p, l, "expected as many iter_args types as iter_args");
    for (size_t i = 1; ok && i < args.len; i++) args.data[i].type = st->result_types.data[i - 1];
  }
  const IrType *ivt = ir_index_type(ctx);
  if (ok && asm_parse_optional_punct(p, ASM_COLON)) ok = asm_parse_type(p, &ivt);
  args.data[0].type = ivt;
  AsmLoc after_types = asm_cur_loc(p);
  /* operands are resolved after the region (as everywhere in ctile): the
   * state must not hold a forward reference while the region is parsed */
  if (ok) {
    IrRegion *r = ir_op_state_add_region(st);
    ok = asm_parse_region(p, r, args.data, args.len) && ensure_yield(p, r, st) &&
         asm_parse_optional_attr_dict(p, st);
  }
  if (ok) {
    const IrType *bt[3] = {ivt, ivt, ivt};
    ok = asm_resolve_operands(p, b, 3, bt, 3, b[0].loc, st) &&
         asm_resolve_operands(p, init.data, init.len, st->result_types.data,
                              st->result_types.len, after_types, st);
  }
  vec_free(&args);
  vec_free(&init);
  return ok;
}

void scf_print_for(AsmPrinter *p, IrOp *op) {
  IrBlock *b = scf_body(op, 0);
  asm_putc(p, ' ');
  if (scf_for_is_unsigned(op)) asm_puts(p, "unsigned ");
  if (b && b->nargs) asm_print_operand(p, b->args[0]);
  asm_puts(p, " = ");
  asm_print_operand(p, scf_for_lb(op));
  asm_puts(p, " to ");
  asm_print_operand(p, scf_for_ub(op));
  asm_puts(p, " step ");
  asm_print_operand(p, scf_for_step(op));
  unsigned n = scf_for_num_inits(op);
  print_assignments(p, " iter_args", b, 1, ir_op_operands(op) + 3, n);
  if (n) {
    asm_puts(p, " -> (");
    print_types_of(p, ir_op_operands(op) + 3, n);
    asm_putc(p, ')');
  }
  const IrType *ivt = b && b->nargs ? b->args[0]->type : scf_for_lb(op)->type;
  /* MLIR prints ' ', then " : T " for a non-index iv, then the region */
  if (!ir_type_is_index(ivt)) {
    asm_puts(p, "  : ");
    asm_print_type(p, ivt);
  }
  asm_print_region(p, ir_op_region(op, 0), false, n != 0);
  static const char *const elided[] = {"unsignedCmp", NULL};
  asm_print_attr_dict(p, op, elided);
}

/* ---- scf.if ------------------------------------------------------------------------- */

/* if ::= operand (`->` types)? region (`else` region)? attr-dict */
bool scf_parse_if(AsmParser *p, IrOpState *st) {
  IrContext *ctx = asm_ctx(p);
  AsmOperand c;
  bool ok = asm_parse_operand(p, &c);
  if (ok && asm_parse_optional_punct(p, ASM_ARROW))
    ok = parse_type_list_parens(p, &st->result_types);
  IrRegion *then_r = ir_op_state_add_region(st), *else_r = ir_op_state_add_region(st);
  ok = ok && asm_parse_region(p, then_r, NULL, 0) && ensure_yield(p, then_r, st);
  if (ok && asm_parse_optional_keyword(p, "else"))
    ok = asm_parse_region(p, else_r, NULL, 0) && ensure_yield(p, else_r, st);
  return ok && asm_parse_optional_attr_dict(p, st) &&
         asm_resolve_operand(p, &c, ir_integer_type(ctx, 1, IR_SIGNLESS), st);
}

void scf_print_if(AsmPrinter *p, IrOp *op) {
  asm_putc(p, ' ');
  asm_print_operand(p, ir_op_operand(op, 0));
  if (op->nresults) {
    asm_puts(p, " -> (");
    print_result_types(p, op);
    asm_putc(p, ')');
  }
  bool terms = op->nresults != 0;
  asm_print_region(p, ir_op_region(op, 0), false, terms);
  if (op->nregions > 1 && !ir_region_empty(ir_op_region(op, 1))) {
    asm_puts(p, " else");
    asm_print_region(p, ir_op_region(op, 1), false, terms);
  }
  asm_print_attr_dict(p, op, NULL);
}

/* ---- scf.while ------------------------------------------------------------------------ */

/* while ::= assignments? `:` function-type region `do` region attr-dict-with-keyword */
bool scf_parse_while(AsmParser *p, IrOpState *st) {
  AsmArgumentVec args = {0};
  AsmOperandVec init = {0};
  bool ok = true;
  if (asm_peek_punct(p, ASM_LPAREN)) ok = parse_assignments(p, &args, &init);
  const IrType *ft = NULL;
  AsmLoc l = asm_cur_loc(p);
  ok = ok && asm_parse_punct(p, ASM_COLON) && asm_parse_function_type(p, &ft);
  if (ok && !ir_type_is(ft, &ir_function_type_def)) ok = asm_error_at(p, l, "expected function type");
  if (ok) {
    size_t nin = ir_func_num_inputs(ft);
    if (nin != init.len)
      ok = asm_error_at(p, l, "expected as many input types as operands (expected %zu got %zu)",
                        init.len, nin);
    for (size_t i = 0; ok && i < nin; i++) args.data[i].type = ir_func_inputs(ft)[i];
    for (size_t i = 0; ok && i < ir_func_num_results(ft); i++)
      vec_push(&st->result_types, ir_func_results(ft)[i]);
  }
  if (ok) {
    IrRegion *before = ir_op_state_add_region(st), *after = ir_op_state_add_region(st);
    ok = asm_parse_region(p, before, args.data, args.len) && asm_parse_keyword(p, "do") &&
         asm_parse_region(p, after, NULL, 0) && asm_parse_optional_attr_dict_with_keyword(p, st);
  }
  if (ok) ok = asm_resolve_operands(p, init.data, init.len, ir_func_inputs(ft),
                                    ir_func_num_inputs(ft), l, st);
  vec_free(&args);
  vec_free(&init);
  return ok;
}

void scf_print_while(AsmPrinter *p, IrOp *op) {
  IrBlock *before = scf_body(op, 0);
  print_assignments(p, " ", before, 0, ir_op_operands(op), op->noperands);
  asm_puts(p, " : (");
  print_types_of(p, ir_op_operands(op), op->noperands);
  asm_puts(p, ") -> ");
  bool paren = op->nresults != 1 || ir_type_is(ir_op_result(op, 0)->type, &ir_function_type_def);
  if (paren) asm_putc(p, '(');
  print_result_types(p, op);
  if (paren) asm_putc(p, ')');
  asm_print_region(p, ir_op_region(op, 0), false, true);
  asm_puts(p, " do");
  asm_print_region(p, ir_op_region(op, 1), true, true);
  asm_print_attr_dict_with_keyword(p, op, NULL);
}

/* ---- scf.execute_region ------------------------------------------------------------------ */

/* execute_region ::= (`->` types)? `no_inline`? region attr-dict */
bool scf_parse_execute_region(AsmParser *p, IrOpState *st) {
  bool ok = true;
  if (asm_parse_optional_punct(p, ASM_ARROW)) ok = parse_type_list_parens(p, &st->result_types);
  if (ok && asm_parse_optional_keyword(p, "no_inline"))
    ir_op_state_add_prop(st, "no_inline", ir_unit_attr(asm_ctx(p)));
  IrRegion *r = ir_op_state_add_region(st);
  return ok && asm_parse_region(p, r, NULL, 0) && asm_parse_optional_attr_dict(p, st);
}

void scf_print_execute_region(AsmPrinter *p, IrOp *op) {
  if (op->nresults) {
    asm_puts(p, " -> ");
    bool paren = op->nresults != 1 || ir_type_is(ir_op_result(op, 0)->type, &ir_function_type_def);
    if (paren) asm_putc(p, '(');
    print_result_types(p, op);
    if (paren) asm_putc(p, ')');
  }
  if (ir_op_attrz(op, "no_inline")) asm_puts(p, " no_inline");
  asm_print_region(p, ir_op_region(op, 0), false, true);
  static const char *const elided[] = {"no_inline", NULL};
  asm_print_attr_dict(p, op, elided);
}

/* ---- scf.index_switch ------------------------------------------------------------------ */

/* index_switch ::= operand attr-dict (`->` types)? (`case` int region)* `default` region */
bool scf_parse_index_switch(AsmParser *p, IrOpState *st) {
  IrContext *ctx = asm_ctx(p);
  AsmOperand a;
  bool ok = asm_parse_operand(p, &a) && asm_parse_optional_attr_dict(p, st);
  if (ok && asm_parse_optional_punct(p, ASM_ARROW)) ok = asm_parse_type_list(p, &st->result_types);
  IrRegion *def = ok ? ir_op_state_add_region(st) : NULL;
  VEC(int64_t) cases = {0};
  while (ok && asm_parse_optional_keyword(p, "case")) {
    int64_t v;
    ok = asm_parse_integer(p, &v);
    if (ok) {
      vec_push(&cases, v);
      ok = asm_parse_region(p, ir_op_state_add_region(st), NULL, 0);
    }
  }
  /* the default region is the format's own (implicit terminator added);
   * the cases come from custom<SwitchCases> (taken as written) */
  ok = ok && asm_parse_keyword(p, "default") && asm_parse_region(p, def, NULL, 0) &&
       ensure_yield(p, def, st);
  ok = ok && asm_resolve_operand(p, &a, ir_index_type(ctx), st);
  if (ok)
    ir_op_state_add_prop(st, "cases",
                         ir_dense_i64_array(ctx, ir_integer_type(ctx, 64, IR_SIGNLESS), cases.data,
                                            cases.len));
  vec_free(&cases);
  return ok;
}

void scf_print_index_switch(AsmPrinter *p, IrOp *op) {
  asm_putc(p, ' ');
  asm_print_operand(p, ir_op_operand(op, 0));
  static const char *const elided[] = {"cases", NULL};
  asm_print_attr_dict(p, op, elided);
  if (op->nresults) {
    asm_puts(p, " -> ");
    print_result_types(p, op);
  }
  asm_putc(p, ' ');
  size_t n;
  const int64_t *cases = scf_switch_cases(op, &n);
  for (size_t i = 0; i < n && i + 1 < op->nregions; i++) {
    asm_print_newline(p);
    asm_puts(p, "case ");
    asm_print_int(p, cases[i]);
    asm_print_region(p, ir_op_region(op, (unsigned)i + 1), false, true);
  }
  asm_print_newline(p);
  asm_puts(p, "default");
  asm_print_region(p, ir_op_region(op, 0), false, false);
}
