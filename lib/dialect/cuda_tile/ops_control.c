/* ops_control.c — custom syntax and ODS-level checks of cuda_tile's
 * structured control flow: the terminators (return, yield, break,
 * continue), `if`, `for`, `loop`, and `assert`.
 *
 * Region ops synthesize their implicit terminator on parse (yield for if,
 * continue for for/loop) and elide it on print when it has no operands
 * (NVIDIA's parseControlFlowRegion / printControlFlowRegion).
 *
 * Verification follows seed 003 (verify_if, verify_for, verify_early_exit)
 * with its texts; NVIDIA's texts remain where the seed is silent (`loop`,
 * return, region-count constraints).  docs/diagnostics.md lists both. */
#include "asm/parse_memo.h"
#include "dialect/cuda_tile/ct_attrdict.h"
#include "dialect/cuda_tile/ct_hdrmemo.h"
#include "dialect/cuda_tile/ct_ods.h"
#include "dialect/cuda_tile/ct_ops.h"
#include "dialect/cuda_tile/ct_ops_core.h"
#include "dialect/cuda_tile/ct_svec.h"

#include <stdio.h>

/* A tensor_view or a tile view (seed 003: "view-typed" results). */
static bool is_view_typed(const IrType *t) {
  return ct_type_is_tensor_view(t) || ct_type_is_view(t);
}

/* ---- small lists ----------------------------------------------------------- */

/* The operand, argument and type lists of one op, inline up to 8 entries:
 * the usual terminator or loop header parses without a malloc. */
typedef CT_SVEC(AsmOperand, 8) OperandList;
typedef CT_SVEC(AsmArgument, 8) ArgumentList;
typedef CT_SVEC(const IrType *, 8) TypeList;

/* operand (`,` operand)*, as asm_parse_operand_list reads it (the caller
 * has seen the first operand). */
static bool parse_operand_list(AsmParser *p, OperandList *out) {
  do {
    AsmOperand o = {0};
    if (!asm_parse_operand(p, &o)) return false;
    ct_svec_push(out, o);
  } while (asm_parse_optional_punct(p, ASM_COMMA));
  return true;
}

/* type (`,` type)*, as ct_parse_type_list reads it. */
static bool parse_type_list(AsmParser *p, TypeList *out) {
  do {
    const IrType *t = NULL;
    if (!ct_parse_type(p, &t)) return false;
    ct_svec_push(out, t);
  } while (asm_parse_optional_punct(p, ASM_COMMA));
  return true;
}

/* ---- terminators --------------------------------------------------------- */

/* term ::= attr-dict (operand-list `:` type-list)? */
bool ct_parse_term_operands(AsmParser *p, IrOpState *st) {
  if (!asm_parse_optional_attr_dict(p, st)) return false;
  if (!asm_peek_operand(p)) return true;
  OperandList ops;
  TypeList types;
  ct_svec_init(&ops);
  ct_svec_init(&types);
  AsmLoc at = asm_cur_loc(p);
  bool ok = parse_operand_list(p, &ops) && asm_parse_punct(p, ASM_COLON) &&
            parse_type_list(p, &types) &&
            asm_resolve_operands(p, ops.data, ops.len, types.data, types.len, at, st);
  ct_svec_free(&ops);
  ct_svec_free(&types);
  return ok;
}

void ct_print_term_operands(AsmPrinter *p, IrOp *op) {
  ct_print_attr_dict(p, op, NULL);
  if (!op->noperands) return;
  asm_putc(p, ' ');
  asm_print_operands(p, ir_op_operands(op), op->noperands);
  asm_puts(p, " : ");
  ct_print_value_types(p, ir_op_operands(op), op->noperands);
}

const CtOdsSpec ct_spec_return_ = {.operands = {CT_ODS_ANY_VARIADIC}};

/* CudaTile_AnyType: a number type or any cuda_tile type.  Its ODS summary
 * ends in " or " (the cuda_tile alternative has an empty summary). */
static bool is_ct_any_type(const IrType *t) {
  return ct_type_is_number(t) || ct_type_is_dialect(t);
}
#define CT_DESC_CT_ANY                                                         \
  "variadic of f16 or bf16 or f32 or tf32 or f64 or f8E4M3FN or f8E5M2 or "     \
  "f8E8M0FNU or f4E2M1FN or i1 or i8 or i16 or i32 or i64 or "
const CtOdsSpec ct_spec_terminator = {
    .operands = {CT_ODS_V(MANY, is_ct_any_type, CT_DESC_CT_ANY)}};

/* `'T1', 'T2'` as MLIR streams a TypeRange into a diagnostic. */
static void sb_type_range(StrBuf *b, IrValue *const *vals, IrUse *uses, size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (i) sb_puts(b, ", ");
    sb_putc(b, '\'');
    asm_print_type_str(b, vals ? vals[i]->type : uses[i].value->type);
    sb_putc(b, '\'');
  }
}
static void sb_result_types(StrBuf *b, IrOp *op) {
  for (uint32_t i = 0; i < op->nresults; i++) {
    if (i) sb_puts(b, ", ");
    sb_putc(b, '\'');
    asm_print_type_str(b, ir_op_result(op, i)->type);
    sb_putc(b, '\'');
  }
}
static bool same_types_uses_results(IrUse *uses, size_t n, IrOp *op) {
  if (n != op->nresults) return false;
  for (size_t i = 0; i < n; i++)
    if (uses[i].value->type != ir_op_result(op, (unsigned)i)->type) return false;
  return true;
}
static bool same_types_uses(IrUse *a, size_t na, IrUse *b, size_t nb) {
  if (na != nb) return false;
  for (size_t i = 0; i < na; i++)
    if (a[i].value->type != b[i].value->type) return false;
  return true;
}

/* seed 003 verify_early_exit: walk out through enclosing ifs; the first
 * other ancestor must be one of the allowed loops (break: loop; continue:
 * loop or for).  Returns it, or NULL after reporting (the seed's text;
 * NVIDIA: "'X' op can only be nested within a ancestor chain of ..."; the
 * note naming the ancestor is kept). */
static IrOp *early_exit_loop(IrOp *op, bool allow_for) {
  IrOp *p = ir_op_parent_op(op);
  while (p && ct_op_is(p, CT_OP_if_)) p = ir_op_parent_op(p);
  if (p && (ct_op_is(p, CT_OP_loop) || (allow_for && ct_op_is(p, CT_OP_for_)))) return p;
  IrDiag *d = ir_diag_new(ir_op_context(op), IR_SEV_ERROR, ir_op_loc(op));
  ir_diag_append(ir_op_context(op), d, "'%s' op early-exit must be enclosed by a compatible loop or for",
                 op->info->name);
  if (p) ir_diag_add_note(ir_op_context(op), d, ir_op_loc(p), "see unexpected ancestor operation");
  ir_diag_emit(ir_op_context(op), d);
  return NULL;
}

#define CT_EARLY_EXIT_TYPES "early-exit operand types must match the enclosing region contract"

/* ReturnOp::verify: the enclosing function (through ifs) must take these
 * operands. */
/* The name of function `p` for ct_verify_return's diagnostics ("" when it
 * has none): looked up only when one is reported. */
static const char *return_fname(IrOp *p) {
  const IrAttr *na = ir_op_attrz(p, "sym_name");
  return ir_attr_is(na, &ir_string_attr_def) ? na->str->str : "";
}

bool ct_verify_return(IrOp *op) {
  if (!ct_ods_verify_op(op, NULL)) return false;
  IrOp *p = ir_op_parent_op(op);
  while (p && ct_op_is(p, CT_OP_if_)) p = ir_op_parent_op(p);
  bool entry = p && ct_op_is(p, CT_OP_entry);
  bool func = p && ct_op_is(p, CT_OP_testing_func);
  if (!entry && !func)
    return ir_op_error(op, "must be used within a cuda_tile.testing$func, cuda_tile.entry, "
                           "or cuda_tile.if operation");
  const IrAttr *fa = ir_op_attrz(p, "function_type");
  if (!ir_attr_is(fa, &ir_type_attr_def) || !ir_type_is(fa->type, &ir_function_type_def))
    return true;
  const IrType *ft = fa->type;
  size_t nres = ir_func_num_results(ft);
  if (op->noperands != nres)
    return ir_op_error(op, "has %u operands, but enclosing function (@%s) returns %zu",
                       op->noperands, return_fname(p), nres);
  if (entry) {
    if (op->noperands)
      return ir_op_error(op, "has %u operands, but entry function must return 0 operands",
                         op->noperands);
    return true;
  }
  for (size_t i = 0; i < nres; i++)
    if (ir_op_operand(op, (unsigned)i)->type != ir_func_results(ft)[i])
      return ir_op_emit_error(op, "type of return operand %zu ('%T') doesn't match "
                                  "function result type ('%T') in function @%s",
                      i, ir_op_operand(op, (unsigned)i)->type, ir_func_results(ft)[i],
                      return_fname(p));
  return true;
}

bool ct_verify_yield(IrOp *op) { return ct_ods_verify_op(op, NULL); }

/* BreakOp::verify */
bool ct_verify_break(IrOp *op) {
  if (!ct_ods_verify_op(op, NULL)) return false;
  IrOp *loop = early_exit_loop(op, false);
  if (!loop) return false;
  /* break carries the loop's results (NVIDIA: "operand types must correspond
   * to the parent loop result types: (...) vs (...)") */
  if (!same_types_uses_results(ir_op_operands(op), op->noperands, loop))
    return ir_op_error(op, CT_EARLY_EXIT_TYPES);
  return true;
}

/* ContinueOp::verify */
bool ct_verify_continue(IrOp *op) {
  if (!ct_ods_verify_op(op, NULL)) return false;
  IrOp *loop = early_exit_loop(op, true);
  if (!loop) return false;
  /* continue carries loop's iter_values / for's results (NVIDIA: "`loop` is
   * missing a valid terminator. `continue` op should have operand types that
   * match the parent loop iter_values: ...", and the `for` variant) */
  bool ok = ct_op_is(loop, CT_OP_loop)
                ? same_types_uses(ir_op_operands(loop), loop->noperands, ir_op_operands(op),
                                  op->noperands)
                : same_types_uses_results(ir_op_operands(op), op->noperands, loop);
  if (!ok) return ir_op_error(op, CT_EARLY_EXIT_TYPES);
  return true;
}

void ct_names_none(IrOp *op, IrNameSetFn set, void *user) {
  (void)op;
  (void)set;
  (void)user;
}

/* ---- if -------------------------------------------------------------------- */

/* if ::= operand (`->` `(` type-list `)`)? region (`else` region)? attr-dict */
bool ct_parse_if(AsmParser *p, IrOpState *st) {
  IrContext *ctx = asm_ctx(p);
  AsmOperand cond;
  if (!asm_parse_operand(p, &cond)) return false;
  if (asm_parse_optional_punct(p, ASM_ARROW)) {
    if (!asm_parse_punct(p, ASM_LPAREN) || !ct_parse_types_into(p, &st->result_types) ||
        !asm_parse_punct(p, ASM_RPAREN))
      return false;
  }
  IrRegion *then_r = ir_op_state_add_region(st);
  IrRegion *else_r = ir_op_state_add_region(st);
  if (!asm_parse_region(p, then_r, NULL, 0) ||
      !ct_ensure_terminator(p, then_r, ct_op(yield), st))
    return false;
  if (asm_parse_optional_keyword(p, "else")) {
    if (!asm_parse_region(p, else_r, NULL, 0) ||
        !ct_ensure_terminator(p, else_r, ct_op(yield), st))
      return false;
  }
  if (!asm_parse_optional_attr_dict(p, st)) return false;
  const IrType *i1 = ct_scalar_tile_type(ctx, ir_integer_type(ctx, 1, IR_SIGNLESS));
  return asm_resolve_operand(p, &cond, i1, st);
}

void ct_print_if(AsmPrinter *p, IrOp *op) {
  asm_putc(p, ' ');
  asm_print_operand(p, ir_op_operand(op, 0));
  if (op->nresults) {
    asm_puts(p, " -> (");
    for (uint32_t i = 0; i < op->nresults; i++) {
      if (i) asm_puts(p, ", ");
      ct_print_type(p, ir_op_result(op, i)->type);
    }
    asm_putc(p, ')');
  }
  ct_print_control_region(p, &ir_op_regions(op)[0], ct_op(yield));
  if (op->nregions > 1 && !ir_region_empty(&ir_op_regions(op)[1])) {
    asm_puts(p, " else");
    ct_print_control_region(p, &ir_op_regions(op)[1], ct_op(yield));
  }
  ct_print_attr_dict(p, op, NULL);
}

/* Generic checks, then seed 003 verify_if: then-region, else-region when
 * there are results, the yields (NVIDIA's texts), view-typed results. */
const CtOdsSpec ct_spec_if_ = {
    .operands = {CT_ODS_V(ONE, ct_is_scalar_i1_tile, CT_DESC_SCALAR_I1)},
    .results = {CT_ODS_ANY_VARIADIC},
};

bool ct_verify_if(IrOp *op) {
  if (!ct_ods_verify_op(op, NULL)) return false;
  /* A missing then-region is the seed's condition (before SizedRegion<1>). */
  if (op->nregions < 1 || ir_region_empty(&ir_op_regions(op)[0]))
    return ir_op_error(op, "if requires a then-region");
  /* SizedRegion<1> / MaxSizedRegion<1> and NoRegionArguments. */
  for (uint32_t r = 0; r < op->nregions && r < 2; r++) {
    IrRegion *rg = &ir_op_regions(op)[r];
    if (!ct_ods_sized_region(op, r, r == 0 ? "thenRegion" : "elseRegion", r == 1))
      return false;
    if (rg->first && rg->first->nargs)
      return ir_op_error(op, "region #%u should have no arguments", r);
  }
  /* IfOp::verify, in the seed's order and words */
  static const char *const names[2] = {"then", "else"};
  for (uint32_t r = 0; r < 2 && r < op->nregions; r++) {
    IrRegion *rg = &ir_op_regions(op)[r];
    if (ir_region_empty(rg)) {
      if (op->nresults) return ir_op_error(op, "if with results requires an else-region");
      break;
    }
    IrOp *y = rg->first->last;
    if (!y || !ct_op_is(y, CT_OP_yield)) continue;
    StrBuf a = {0}, b = {0};
    bool ok = true;
    sb_result_types(&a, op);
    sb_type_range(&b, NULL, ir_op_operands(y), y->noperands);
    if (op->nresults && !y->noperands)
      ok = ir_op_error(op, "has return type of %s but %s branch does not yield anything",
                       sb_cstr(&a), names[r]);
    else if (!op->nresults && y->noperands)
      ok = ir_op_error(op, "does not return a value, but %s branch yields %s", names[r],
                       sb_cstr(&b));
    else if (!same_types_uses_results(ir_op_operands(y), y->noperands, op))
      ok = ir_op_error(op, "type does not match yield type, %s branch yields %s but op "
                           "result type is %s",
                       names[r], sb_cstr(&b), sb_cstr(&a));
    sb_free(&a);
    sb_free(&b);
    if (!ok) return false;
  }
  /* NVIDIA: "result type N is a tensor_view / tile view, which is not supported" */
  for (uint32_t i = 0; i < op->nresults; i++)
    if (is_view_typed(ir_op_result(op, i)->type))
      return ir_op_error(op, "view-typed if results are not permitted");
  return true;
}

/* ---- for ------------------------------------------------------------------- */

/* `(` (%arg `=` operand),* `)` */
static bool parse_assignment_list(AsmParser *p, ArgumentList *args, OperandList *init) {
  if (!asm_parse_punct(p, ASM_LPAREN)) return false;
  if (asm_parse_optional_punct(p, ASM_RPAREN)) return true;
  do {
    AsmArgument a = {0};
    AsmOperand o;
    if (!asm_parse_operand(p, &a.ssa) || !asm_parse_punct(p, ASM_EQUAL) ||
        !asm_parse_operand(p, &o))
      return false;
    ct_svec_push(args, a);
    ct_svec_push(init, o);
  } while (asm_parse_optional_punct(p, ASM_COMMA));
  return asm_parse_punct(p, ASM_RPAREN);
}

/* The header of a `for` after `unsigned`: everything before its region. */
typedef struct ForHeader {
  IrOpState *st;
  ArgumentList *args; /* the induction variable, then the iter_values */
  OperandList *init;
  AsmOperand lb, ub, step;
  bool iters; /* an iter_values clause was parsed */
  bool ran;   /* for_memo_fn ran (a memo miss) */
} ForHeader;

/* %iv `in` `(` lb `to` ub `,` `step` s `)` `:` type
 * (`iter_values` assignment-list `->` `(` type-list `)`)? */
static bool parse_for_header(AsmParser *p, ForHeader *h) {
  IrOpState *st = h->st;
  AsmArgument iv = {0};
  bool ok = asm_parse_operand(p, &iv.ssa) && asm_parse_keyword(p, "in") &&
            asm_parse_punct(p, ASM_LPAREN) && asm_parse_operand(p, &h->lb) &&
            asm_parse_keyword(p, "to") && asm_parse_operand(p, &h->ub) &&
            asm_parse_punct(p, ASM_COMMA) && asm_parse_keyword(p, "step") &&
            asm_parse_operand(p, &h->step) && asm_parse_punct(p, ASM_RPAREN) &&
            asm_parse_punct(p, ASM_COLON) && ct_parse_type(p, &iv.type);
  if (ok) ct_svec_push(h->args, iv);
  if (ok && asm_parse_optional_keyword(p, "iter_values")) {
    h->iters = true;
    ok = parse_assignment_list(p, h->args, h->init) && asm_parse_punct(p, ASM_ARROW) &&
         asm_parse_punct(p, ASM_LPAREN) && ct_parse_types_into(p, &st->result_types) &&
         asm_parse_punct(p, ASM_RPAREN);
    if (ok && h->init->len != st->result_types.len)
      ok = asm_error(p, "mismatch in number of loop-carried values and defined values");
    for (size_t i = 1; ok && i < h->args->len; i++)
      h->args->data[i].type = st->result_types.data[i - 1];
  }
  return ok;
}

/* The header memo (ct_hdrmemo.h) of a `for` with iter_values: its text
 * ends on the `)` of the result types.  Without iter_values the header
 * ends on its type and is never recorded (fn returns the unit attribute,
 * which ct_hdr_is_record refuses).  The record: the bounds, the arguments
 * (induction variable and iter_values, with types), the initial values and
 * the result types. */
static const IrAttr *for_memo_fn(AsmParser *p, void *arg) {
  ForHeader *h = arg;
  h->ran = true;
  const char *base = asm_cur_loc(p).ptr;
  size_t nr0 = h->st->result_types.len;
  if (!parse_for_header(p, h)) return NULL;
  IrContext *ctx = asm_ctx(p);
  if (!h->iters || nr0) return ir_unit_attr(ctx);
  CtHdrEnc e;
  ct_hdr_enc_init(&e, ctx, base);
  ct_hdr_put_int(&e, (int64_t)h->args->len);
  ct_hdr_put_int(&e, (int64_t)h->init->len);
  ct_hdr_put_int(&e, (int64_t)h->st->result_types.len);
  ct_hdr_put_operand(&e, &h->lb);
  ct_hdr_put_operand(&e, &h->ub);
  ct_hdr_put_operand(&e, &h->step);
  for (size_t i = 0; i < h->args->len; i++) ct_hdr_put_argument(&e, &h->args->data[i]);
  for (size_t i = 0; i < h->init->len; i++) ct_hdr_put_operand(&e, &h->init->data[i]);
  for (size_t i = 0; i < h->st->result_types.len; i++)
    ct_hdr_put_type(&e, h->st->result_types.data[i]);
  return ct_hdr_finish(&e);
}

/* parse_for_header, memoized when the text repeats. */
static bool parse_for_header_memo(AsmParser *p, ForHeader *h) {
  if (!ct_hdr_memo_enabled()) return parse_for_header(p, h);
  const char *base = asm_cur_loc(p).ptr;
  const IrAttr *rec = asm_parse_attr_memo_at(p, for_memo_fn, h, ')', ct_hdr_is_record);
  if (!rec) return false;
  if (h->ran) return true; /* parsed in full */
  CtHdrDec d;
  if (!ct_hdr_replay_begin(p, &d, rec, base)) return false;
  size_t na = (size_t)ct_hdr_get_int(&d), ni = (size_t)ct_hdr_get_int(&d);
  size_t nr = (size_t)ct_hdr_get_int(&d);
  ct_hdr_get_operand(&d, &h->lb);
  ct_hdr_get_operand(&d, &h->ub);
  ct_hdr_get_operand(&d, &h->step);
  for (size_t i = 0; i < na; i++) {
    AsmArgument a;
    ct_hdr_get_argument(&d, &a);
    ct_svec_push(h->args, a);
  }
  for (size_t i = 0; i < ni; i++) {
    AsmOperand o;
    ct_hdr_get_operand(&d, &o);
    ct_svec_push(h->init, o);
  }
  for (size_t i = 0; i < nr; i++) vec_push(&h->st->result_types, ct_hdr_get_type(&d));
  h->iters = true;
  return true;
}

/* for ::= `unsigned`? %iv `in` `(` lb `to` ub `,` `step` s `)` `:` type
 *         (`iter_values` assignment-list `->` `(` type-list `)`)? region attr-dict */
bool ct_parse_for(AsmParser *p, IrOpState *st) {
  IrContext *ctx = asm_ctx(p);
  ArgumentList args;
  OperandList init;
  ct_svec_init(&args);
  ct_svec_init(&init);
  if (asm_parse_optional_keyword(p, "unsigned"))
    ir_op_state_add_prop(st, "unsignedCmp", ir_unit_attr(ctx));
  ForHeader h = {.st = st, .args = &args, .init = &init};
  bool ok = parse_for_header_memo(p, &h);
  if (ok) {
    IrRegion *r = ir_op_state_add_region(st);
    ok = asm_parse_region(p, r, args.data, args.len) &&
         ct_ensure_terminator(p, r, ct_op(continue_), st) &&
         asm_parse_optional_attr_dict(p, st);
  }
  if (ok) {
    const IrType *ivt = args.data[0].type;
    AsmOperand bounds[3] = {h.lb, h.ub, h.step};
    const IrType *bt[3] = {ivt, ivt, ivt};
    ok = asm_resolve_operands(p, bounds, 3, bt, 3, bounds[0].loc, st) &&
         asm_resolve_operands(p, init.data, init.len, st->result_types.data,
                              st->result_types.len, asm_cur_loc(p), st);
  }
  ct_svec_free(&args);
  ct_svec_free(&init);
  return ok;
}

void ct_print_for(AsmPrinter *p, IrOp *op) {
  IrBlock *b = ir_op_regions(op)[0].first;
  if (ir_op_attrz(op, "unsignedCmp")) asm_puts(p, " unsigned");
  asm_putc(p, ' ');
  if (b && b->nargs) asm_print_operand(p, b->args[0]);
  asm_puts(p, " in (");
  asm_print_operand(p, ir_op_operand(op, 0));
  asm_puts(p, " to ");
  asm_print_operand(p, ir_op_operand(op, 1));
  asm_puts(p, ", step ");
  asm_print_operand(p, ir_op_operand(op, 2));
  asm_puts(p, ") : ");
  ct_print_type(p, b && b->nargs ? b->args[0]->type : ir_op_operand(op, 0)->type);
  if (op->noperands > 3) {
    asm_puts(p, " iter_values(");
    for (uint32_t i = 3; i < op->noperands; i++) {
      if (i > 3) asm_puts(p, ", ");
      if (b && i - 2 < b->nargs) asm_print_operand(p, b->args[i - 2]);
      asm_puts(p, " = ");
      asm_print_operand(p, ir_op_operand(op, i));
    }
    asm_puts(p, ") -> (");
    ct_print_value_types(p, ir_op_operands(op) + 3, op->noperands - 3);
    asm_putc(p, ')');
  }
  ct_print_control_region(p, &ir_op_regions(op)[0], ct_op(continue_));
  static const char *const elided[] = {"unsignedCmp", NULL};
  ct_print_attr_dict(p, op, elided);
}

#define CT_FOR_BOUNDS "for induction, lower, upper, and step must share an integer type"

#define SCALAR_INT CT_ODS_V(ONE, ct_is_scalar_int_tile, CT_DESC_SCALAR_INT)
const CtOdsSpec ct_spec_for_ = {
    .attrs = {{"unsignedCmp", ct_attr_is_unit, "unit attribute", false}},
    .operands = {SCALAR_INT, SCALAR_INT, SCALAR_INT, CT_ODS_ANY_VARIADIC},
    .results = {CT_ODS_ANY_VARIADIC},
    .regions = {{"region", false}},
};

bool ct_verify_for(IrOp *op) {
  if (!ct_ods_verify_op(op, NULL)) return false;
  /* AllTypesMatch<["lowerBound", "upperBound", "step"]> is the seed's first
   * verify_for condition: its text.  AllTypesMatch<["initValues",
   * "resultValues"]> is covered by the seed's init/iter-arg and
   * result/iter-arg checks in ct_verify_regions_for. */
  const IrType *t0 = ir_op_operand(op, 0)->type;
  if (ir_op_operand(op, 1)->type != t0 || ir_op_operand(op, 2)->type != t0)
    return ir_op_error(op, CT_FOR_BOUNDS);
  return true;
}

/* verifyLoopIterValues (for `loop`; `for` uses seed 003's verify_for in
 * ct_verify_regions_for): inits vs. region iteration values, and no
 * tensor_view / tile view loop-carried values or results. */
static bool verify_iter_values(IrOp *op, IrUse *inits, size_t ninit,
                               IrValue *const *iters, size_t niter) {
  if (niter != ninit)
    return ir_op_error(op, "mismatch in number of region iterator values and loop "
                           "iterator inits: %zu vs %zu",
                       niter, ninit);
  for (size_t i = 0; i < ninit; i++) {
    const IrType *it = iters[i]->type;
    if (ct_type_is_tensor_view(it))
      return ir_op_error(op, "loop-carried value %zu is a tensor_view, which is not "
                             "supported", i);
    if (ct_type_is_view(it))
      return ir_op_error(op, "loop-carried value %zu is a tile view, which is not "
                             "supported", i);
    if (inits[i].value->type != it)
      return ir_op_error(op, "init value %zu and region iter_value %zu have different "
                             "type: '%T' != '%T'",
                         i, i, inits[i].value->type, it);
  }
  for (uint32_t i = 0; i < op->nresults; i++) {
    const IrType *rt = ir_op_result(op, i)->type;
    if (ct_type_is_tensor_view(rt))
      return ir_op_error(op, "result type %u is a tensor_view, which is not supported", i);
    if (ct_type_is_view(rt))
      return ir_op_error(op, "result type %u is a tile view, which is not supported", i);
  }
  return true;
}

/* seed 003 verify_for (after the generic checks of ct_verify_for): the
 * induction variable's type, inits vs. iter-args, results vs. iter-args,
 * then view-typed results.  NVIDIA's texts for the same conditions
 * ("expected induction variable to be same type as bounds and step",
 * "mismatch in number of region iterator values and loop iterator inits",
 * "init value N and region iter_value N have different type", "loop-carried
 * value N is a tensor_view / tile view", "result type N is a ...") are
 * listed in docs/diagnostics.md. */
bool ct_verify_regions_for(IrOp *op) {
  IrBlock *b = ir_op_regions(op)[0].first;
  if (!b || b->nargs == 0)
    return ir_op_error(op, "expected at least one block argument for induction variable");
  if (b->args[0]->type != ir_op_operand(op, 0)->type) return ir_op_error(op, CT_FOR_BOUNDS);
  size_t ninit = op->noperands - 3, niter = b->nargs - 1;
  bool same = ninit == niter;
  for (size_t i = 0; same && i < ninit; i++)
    same = ir_op_operand(op, (unsigned)(3 + i))->type == b->args[1 + i]->type;
  if (!same) return ir_op_error(op, "for init values must match region iter-arg types");
  same = op->nresults == niter;
  for (size_t i = 0; same && i < niter; i++)
    same = ir_op_result(op, (unsigned)i)->type == b->args[1 + i]->type;
  if (!same) return ir_op_error(op, "for result types must match region iter-arg types");
  for (uint32_t i = 0; i < op->nresults; i++)
    if (is_view_typed(ir_op_result(op, i)->type))
      return ir_op_error(op, "view-typed for results are not permitted");
  return true;
}

void ct_names_for(IrOp *op, IrNameSetFn set, void *user) {
  if (op->nresults) set(user, ir_op_result(op, 0), "for");
}

void ct_block_names_for(IrOp *op, IrBlock *b, IrNameSetFn set, void *user) {
  (void)op;
  if (!b || !b->nargs) return;
  set(user, b->args[0], "loopIdx");
  char name[24] = "iterArg"; /* "iterArg" N, without printf or a heap string */
  for (uint32_t i = 1; i < b->nargs; i++) {
    char digits[10], *d = name + 7;
    size_t n = 0;
    uint32_t v = i - 1;
    do {
      digits[n++] = (char)('0' + v % 10);
      v /= 10;
    } while (v);
    while (n) *d++ = digits[--n];
    *d = 0;
    set(user, b->args[i], name);
  }
}

/* ---- loop ------------------------------------------------------------------- */

/* The `iter_values` header of a loop: everything before its region. */
typedef struct LoopHeader {
  IrOpState *st;
  ArgumentList *args;
  OperandList *init;
  TypeList *iter_types;
  bool ran; /* loop_memo_fn ran (a memo miss) */
} LoopHeader;

/* `iter_values` assignment-list `:` type-list (`->` type-list)? */
static bool parse_loop_iter_header(AsmParser *p, LoopHeader *h) {
  ArgumentList *args = h->args;
  bool ok = asm_parse_keyword(p, "iter_values") && parse_assignment_list(p, args, h->init) &&
            asm_parse_punct(p, ASM_COLON) && parse_type_list(p, h->iter_types);
  if (ok && args->len != h->iter_types->len)
    ok = asm_error(p, "found different number of iter_values and types");
  if (ok && asm_parse_optional_punct(p, ASM_ARROW))
    ok = ct_parse_types_into(p, &h->st->result_types);
  for (size_t i = 0; ok && i < args->len; i++) args->data[i].type = h->iter_types->data[i];
  return ok;
}

/* The header memo (ct_hdrmemo.h) of a loop with iter_values and result
 * types, for the text from `iter_values` to the `>` that ends its last
 * result type.  That text's parse looked one token further (another `,`
 * of the result list); a hit does the same, going on with the result list
 * where the recorded text stops (loop_iter_header_memo).  Without results
 * the parse also looked for the `->` past the text: never recorded (fn
 * gives the unit attribute, which ct_hdr_is_record refuses).  The record: the
 * arguments (with types), initial values, iter_values types, result types. */
static const IrAttr *loop_memo_fn(AsmParser *p, void *arg) {
  LoopHeader *h = arg;
  h->ran = true;
  const char *base = asm_cur_loc(p).ptr;
  IrTypeVec *res = &h->st->result_types;
  size_t nr0 = res->len;
  if (!parse_loop_iter_header(p, h)) return NULL;
  IrContext *ctx = asm_ctx(p);
  if (nr0 || !res->len) return ir_unit_attr(ctx);
  CtHdrEnc e;
  ct_hdr_enc_init(&e, ctx, base);
  ct_hdr_put_int(&e, (int64_t)h->args->len);
  ct_hdr_put_int(&e, (int64_t)h->init->len);
  ct_hdr_put_int(&e, (int64_t)h->iter_types->len);
  ct_hdr_put_int(&e, (int64_t)res->len);
  for (size_t i = 0; i < h->args->len; i++) ct_hdr_put_argument(&e, &h->args->data[i]);
  for (size_t i = 0; i < h->init->len; i++) ct_hdr_put_operand(&e, &h->init->data[i]);
  for (size_t i = 0; i < h->iter_types->len; i++) ct_hdr_put_type(&e, h->iter_types->data[i]);
  for (size_t i = 0; i < res->len; i++) ct_hdr_put_type(&e, res->data[i]);
  return ct_hdr_finish(&e);
}

/* parse_loop_iter_header, memoized when the text repeats. */
static bool parse_loop_iter_header_memo(AsmParser *p, LoopHeader *h) {
  if (!ct_hdr_memo_enabled()) return parse_loop_iter_header(p, h);
  const char *base = asm_cur_loc(p).ptr;
  const IrAttr *rec = asm_parse_attr_memo_at(p, loop_memo_fn, h, '>', ct_hdr_is_record);
  if (!rec) return false;
  if (h->ran) return true; /* parsed in full */
  CtHdrDec d;
  if (!ct_hdr_replay_begin(p, &d, rec, base)) return false;
  size_t na = (size_t)ct_hdr_get_int(&d), ni = (size_t)ct_hdr_get_int(&d);
  size_t nt = (size_t)ct_hdr_get_int(&d), nr = (size_t)ct_hdr_get_int(&d);
  for (size_t i = 0; i < na; i++) {
    AsmArgument a;
    ct_hdr_get_argument(&d, &a);
    ct_svec_push(h->args, a);
  }
  for (size_t i = 0; i < ni; i++) {
    AsmOperand o;
    ct_hdr_get_operand(&d, &o);
    ct_svec_push(h->init, o);
  }
  for (size_t i = 0; i < nt; i++) ct_svec_push(h->iter_types, ct_hdr_get_type(&d));
  IrTypeVec *res = &h->st->result_types;
  for (size_t i = 0; i < nr; i++) vec_push(res, ct_hdr_get_type(&d));
  /* the rest of ct_parse_types_into's loop over the results */
  while (asm_parse_optional_punct(p, ASM_COMMA)) {
    const IrType *t;
    if (!ct_parse_type(p, &t)) return false;
    vec_push(res, t);
  }
  return true;
}

/* loop ::= (`iter_values` assignment-list `:` type-list (`->` type-list)?
 *          | (`:` type-list)?) region attr-dict */
bool ct_parse_loop(AsmParser *p, IrOpState *st) {
  ArgumentList args;
  OperandList init;
  TypeList iter_types;
  ct_svec_init(&args);
  ct_svec_init(&init);
  ct_svec_init(&iter_types);
  bool ok = true;
  if (!asm_peek_keyword(p, "iter_values")) {
    if (asm_parse_optional_punct(p, ASM_COLON)) ok = ct_parse_types_into(p, &st->result_types);
  } else {
    LoopHeader h = {st, &args, &init, &iter_types, false};
    ok = parse_loop_iter_header_memo(p, &h);
  }
  if (ok) {
    IrRegion *r = ir_op_state_add_region(st);
    ok = asm_parse_region(p, r, args.data, args.len) &&
         ct_ensure_terminator(p, r, ct_op(continue_), st) &&
         asm_parse_optional_attr_dict(p, st);
  }
  if (ok)
    ok = asm_resolve_operands(p, init.data, init.len, iter_types.data, iter_types.len,
                              asm_cur_loc(p), st);
  ct_svec_free(&args);
  ct_svec_free(&init);
  ct_svec_free(&iter_types);
  return ok;
}

void ct_print_loop(AsmPrinter *p, IrOp *op) {
  IrBlock *b = ir_op_regions(op)[0].first;
  bool iters = op->noperands != 0, rets = op->nresults != 0;
  if (iters) {
    asm_puts(p, " iter_values(");
    for (uint32_t i = 0; i < op->noperands; i++) {
      if (i) asm_puts(p, ", ");
      if (b && i < b->nargs) asm_print_operand(p, b->args[i]);
      asm_puts(p, " = ");
      asm_print_operand(p, ir_op_operand(op, i));
    }
    asm_putc(p, ')');
  }
  if (iters || rets) asm_puts(p, " :");
  if (iters) {
    asm_putc(p, ' ');
    ct_print_value_types(p, ir_op_operands(op), op->noperands);
    if (rets) asm_puts(p, " ->");
  }
  if (rets) {
    asm_putc(p, ' ');
    for (uint32_t i = 0; i < op->nresults; i++) {
      if (i) asm_puts(p, ", ");
      ct_print_type(p, ir_op_result(op, i)->type);
    }
  }
  ct_print_control_region(p, &ir_op_regions(op)[0], ct_op(continue_));
  ct_print_attr_dict(p, op, NULL);
}

const CtOdsSpec ct_spec_loop = {
    .operands = {CT_ODS_ANY_VARIADIC},
    .results = {CT_ODS_ANY_VARIADIC},
    .regions = {{"region", false}},
};

bool ct_verify_loop(IrOp *op) { return ct_ods_verify_op(op, NULL); }

bool ct_verify_regions_loop(IrOp *op) {
  IrBlock *b = ir_op_regions(op)[0].first;
  if (!b) return true;
  return verify_iter_values(op, ir_op_operands(op), op->noperands, b->args, b->nargs);
}

/* ---- assert ----------------------------------------------------------------- */

/* assert ::= operand `,` string attr-dict `:` type */
bool ct_parse_assert(AsmParser *p, IrOpState *st) {
  AsmOperand cond;
  const IrAttr *msg = NULL;
  if (!asm_parse_operand(p, &cond) || !asm_parse_punct(p, ASM_COMMA) ||
      !ct_parse_str_attr(p, &msg))
    return false;
  ir_op_state_add_prop(st, "message", msg);
  const IrType *t = NULL;
  if (!asm_parse_optional_attr_dict(p, st) || !asm_parse_punct(p, ASM_COLON) ||
      !ct_parse_type(p, &t))
    return false;
  return asm_resolve_operand(p, &cond, t, st);
}

void ct_print_assert(AsmPrinter *p, IrOp *op) {
  asm_putc(p, ' ');
  asm_print_operand(p, ir_op_operand(op, 0));
  asm_puts(p, ", ");
  const IrAttr *m = ir_op_attrz(op, "message");
  if (ir_attr_is(m, &ir_string_attr_def)) asm_print_string_literal(p, m->str->str, m->str->len);
  static const char *const elided[] = {"message", NULL};
  ct_print_attr_dict(p, op, elided);
  asm_puts(p, " : ");
  ct_print_type(p, ir_op_operand(op, 0)->type);
}

const CtOdsSpec ct_spec_assert_ = {
    .attrs = {{"message", ct_attr_is_string, "string attribute", true}},
    .operands = {CT_ODS_V(ONE, ct_is_i1_tile, CT_DESC_I1_TILE)},
};

bool ct_verify_assert(IrOp *op) { return ct_ods_verify_op(op, NULL); }
