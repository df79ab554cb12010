/* syntax.c — the custom formats of every nv_tileaa op.  One parser and one
 * printer serve the whole table: each row's AaOpDesc (IrOpInfo.extra) names
 * its format (AaFormat in aa.h), so the syntax of an op is a column of
 * ops.def rather than a pair of hand-written functions.  All formats print
 * the op's attributes in a trailing attr-dict (operandSegmentSizes
 * included, as seed 002's examples write them), so custom and generic forms
 * carry the same information and both round-trip. */
#include "dialect/nv_tileaa/aa.h"

/* ---- shared pieces ---------------------------------------------------------- */

/* type-list := type (`,` type)* — nv_tileaa types in either spelling. */
static bool parse_types(AsmParser *p, IrTypeVec *out) {
  do {
    const IrType *t = NULL;
    if (!aa_parse_type(p, &t)) return false;
    vec_push(out, t);
  } while (asm_parse_optional_punct(p, ASM_COMMA));
  return true;
}

/* result-list := `(` type-list? `)` | type-list */
static bool parse_results(AsmParser *p, IrTypeVec *out) {
  if (asm_parse_optional_punct(p, ASM_LPAREN)) {
    if (asm_parse_optional_punct(p, ASM_RPAREN)) return true;
    return parse_types(p, out) && asm_parse_punct(p, ASM_RPAREN);
  }
  return parse_types(p, out);
}

/* signature := (`:` type-list? (`->` result-list)?)?
 * Without `->`, the list types the operands, or the results when the op
 * text named no operands. */
static bool parse_signature(AsmParser *p, size_t nops, IrTypeVec *in, IrTypeVec *out) {
  if (!asm_parse_optional_punct(p, ASM_COLON)) return true;
  IrTypeVec first = {0};
  bool ok = true;
  if (!asm_peek_punct(p, ASM_ARROW)) ok = parse_types(p, &first);
  if (ok && asm_parse_optional_punct(p, ASM_ARROW)) {
    for (size_t i = 0; i < first.len; i++) vec_push(in, first.data[i]);
    ok = parse_results(p, out);
  } else if (ok) {
    IrTypeVec *dst = nops ? in : out;
    for (size_t i = 0; i < first.len; i++) vec_push(dst, first.data[i]);
  }
  vec_free(&first);
  return ok;
}

static void print_value_types(AsmPrinter *p, IrUse *uses, size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (i) asm_puts(p, ", ");
    aa_print_type(p, uses[i].value ? uses[i].value->type : NULL);
  }
}

static void print_result_types(AsmPrinter *p, IrOp *op) {
  for (uint32_t i = 0; i < op->nresults; i++) {
    if (i) asm_puts(p, ", ");
    aa_print_type(p, ir_op_result(op, i)->type);
  }
}

/* Prints ` : T, T -> R, R` (parts omitted as parse_signature allows). */
static void print_signature(AsmPrinter *p, IrOp *op) {
  if (!op->noperands && !op->nresults) return;
  asm_puts(p, " : ");
  print_value_types(p, ir_op_operands(op), op->noperands);
  if (op->noperands && op->nresults) asm_puts(p, " -> ");
  print_result_types(p, op);
}

static bool push_results(IrOpState *st, const IrTypeVec *r) {
  for (size_t i = 0; i < r->len; i++) vec_push(&st->result_types, r->data[i]);
  return true;
}

/* ---- formats ------------------------------------------------------------------ */

/* operands-format := operand-list attr-dict signature */
static bool parse_operands_fmt(AsmParser *p, IrOpState *st, bool regions) {
  AsmOperandVec ops = {0};
  IrTypeVec in = {0}, out = {0};
  AsmLoc loc = asm_cur_loc(p);
  bool ok = asm_parse_operand_list(p, &ops);
  if (ok)
    ok = regions ? asm_parse_optional_attr_dict_with_keyword(p, st)
                 : asm_parse_optional_attr_dict(p, st);
  ok = ok && parse_signature(p, ops.len, &in, &out) &&
       asm_resolve_operands(p, ops.data, ops.len, in.data, in.len, loc, st) &&
       push_results(st, &out);
  while (ok && regions && asm_peek_punct(p, ASM_LBRACE)) {
    IrRegion *r = ir_op_state_add_region(st);
    ok = asm_parse_region(p, r, NULL, 0);
  }
  vec_free(&ops);
  vec_free(&in);
  vec_free(&out);
  return ok;
}

/* functype-format := operand-list attr-dict `:` function-type */
static bool parse_functype_fmt(AsmParser *p, IrOpState *st) {
  AsmOperandVec ops = {0};
  AsmLoc loc = asm_cur_loc(p);
  const IrType *ft = NULL;
  bool ok = asm_parse_operand_list(p, &ops) && asm_parse_optional_attr_dict(p, st) &&
            asm_parse_punct(p, ASM_COLON) && asm_parse_function_type(p, &ft) &&
            asm_resolve_operands(p, ops.data, ops.len, ir_func_inputs(ft),
                                 ir_func_num_inputs(ft), loc, st);
  if (ok)
    for (size_t i = 0; i < ir_func_num_results(ft); i++)
      vec_push(&st->result_types, ir_func_results(ft)[i]);
  vec_free(&ops);
  return ok;
}

/* indexed-format := operand `[` operand-list `]` (`,` operand-list)? attr-dict
 *                   signature
 * The signature types the operands in operand order; the bracketed indices
 * are segment idx_seg, the other operands follow in operand order. */
static bool parse_indexed_fmt(AsmParser *p, IrOpState *st, const AaOpDesc *d,
                              size_t *nidx) {
  AsmOperand base;
  AsmOperandVec idx = {0}, rest = {0}, all = {0};
  IrTypeVec in = {0}, out = {0};
  AsmLoc loc = asm_cur_loc(p);
  bool ok = asm_parse_operand(p, &base) && asm_parse_punct(p, ASM_LSQUARE) &&
            asm_parse_operand_list(p, &idx) && asm_parse_punct(p, ASM_RSQUARE);
  if (ok && asm_parse_optional_punct(p, ASM_COMMA)) ok = asm_parse_operand_list(p, &rest);
  ok = ok && asm_parse_optional_attr_dict(p, st) &&
       parse_signature(p, 1 + idx.len + rest.len, &in, &out);
  *nidx = idx.len;
  if (ok) {
    /* Operands between base and the indices: segments 1..idx_seg-1. */
    size_t pre = (size_t)(d->idx_seg - 1);
    const IrAttr *seg = ir_op_state_get_attr(st, "operandSegmentSizes");
    if (ir_attr_is(seg, &ir_dense_array_attr_def) && seg->nints == (uint32_t)d->nseg) {
      pre = 0;
      for (int i = 1; i < d->idx_seg; i++) pre += seg->ints[i] > 0 ? (size_t)seg->ints[i] : 0;
    }
    if (pre > rest.len) pre = rest.len;
    vec_push(&all, base);
    for (size_t i = 0; i < pre; i++) vec_push(&all, rest.data[i]);
    for (size_t i = 0; i < idx.len; i++) vec_push(&all, idx.data[i]);
    for (size_t i = pre; i < rest.len; i++) vec_push(&all, rest.data[i]);
    ok = asm_resolve_operands(p, all.data, all.len, in.data, in.len, loc, st) &&
         push_results(st, &out);
  }
  vec_free(&idx);
  vec_free(&rest);
  vec_free(&all);
  vec_free(&in);
  vec_free(&out);
  return ok;
}

static void print_indexed_fmt(AsmPrinter *p, IrOp *op, const AaOpDesc *d) {
  uint32_t start = 1, n = 0;
  int32_t sizes[8];
  uint32_t starts[8];
  if (op->noperands && aa_segments(op, d->nseg, sizes, starts, true)) {
    start = starts[d->idx_seg];
    n = (uint32_t)sizes[d->idx_seg];
  } else {
    start = op->noperands ? 1 : 0;
  }
  asm_putc(p, ' ');
  if (op->noperands) asm_print_operand(p, ir_op_operands(op)[0].value);
  asm_putc(p, '[');
  asm_print_operands(p, ir_op_operands(op) + start, n);
  asm_putc(p, ']');
  for (uint32_t i = 1; i < op->noperands; i++) {
    if (i >= start && i < start + n) continue;
    asm_puts(p, ", ");
    asm_print_operand(p, ir_op_operands(op)[i].value);
  }
  asm_print_attr_dict(p, op, NULL);
  print_signature(p, op);
}

/* symbol-format := symbol-ref (`(` operand-list `)`)? attr-dict
 *                  (`:` (function-type | type-list))?
 * For a definition (global) the trailing type is its `type` attribute. */
static bool parse_symbol_fmt(AsmParser *p, IrOpState *st, const AaOpDesc *d) {
  IrContext *ctx = asm_ctx(p);
  const IrIdent *sym = NULL;
  if (!asm_parse_symbol_name(p, &sym)) return false;
  if (d->sym_def) ir_op_state_add_prop(st, d->sym_attr, ir_string_attr(ctx, sym->str, sym->len));
  else ir_op_state_add_attr(st, d->sym_attr, ir_symref_attr(ctx, sym, NULL, 0));
  AsmOperandVec ops = {0};
  AsmLoc loc = asm_cur_loc(p);
  bool parens = asm_parse_optional_punct(p, ASM_LPAREN);
  bool ok = true;
  if (parens) ok = asm_parse_operand_list(p, &ops) && asm_parse_punct(p, ASM_RPAREN);
  ok = ok && asm_parse_optional_attr_dict(p, st);
  if (ok && asm_parse_optional_punct(p, ASM_COLON)) {
    if (d->sym_def) {
      const IrType *t = NULL;
      ok = aa_parse_type(p, &t);
      if (ok) ir_op_state_add_attr(st, "type", ir_type_attr(ctx, t));
    } else if (parens) {
      const IrType *ft = NULL;
      ok = asm_parse_function_type(p, &ft) &&
           asm_resolve_operands(p, ops.data, ops.len, ir_func_inputs(ft),
                                ir_func_num_inputs(ft), loc, st);
      if (ok)
        for (size_t i = 0; i < ir_func_num_results(ft); i++)
          vec_push(&st->result_types, ir_func_results(ft)[i]);
    } else {
      IrTypeVec out = {0};
      ok = parse_results(p, &out) && push_results(st, &out);
      vec_free(&out);
    }
  } else if (ok && ops.len) {
    ok = asm_resolve_operands(p, ops.data, ops.len, NULL, 0, loc, st);
  }
  vec_free(&ops);
  return ok;
}

static void print_symbol_fmt(AsmPrinter *p, IrOp *op, const AaOpDesc *d) {
  const IrAttr *s = ir_op_attrz(op, d->sym_attr);
  asm_putc(p, ' ');
  if (s && s->str) asm_print_symbol_name(p, s->str);
  else asm_puts(p, "@\"\"");
  if (op->noperands) {
    asm_putc(p, '(');
    asm_print_operands(p, ir_op_operands(op), op->noperands);
    asm_putc(p, ')');
  }
  const char *const elided[] = {d->sym_attr, d->sym_def ? "type" : NULL, NULL};
  asm_print_attr_dict(p, op, elided);
  if (d->sym_def) {
    const IrAttr *t = ir_op_attrz(op, "type");
    if (ir_attr_is(t, &ir_type_attr_def)) {
      asm_puts(p, " : ");
      aa_print_type(p, t->type);
    }
  } else if (op->noperands) {
    asm_puts(p, " : (");
    print_value_types(p, ir_op_operands(op), op->noperands);
    asm_puts(p, ") -> ");
    if (op->nresults == 1) {
      print_result_types(p, op);
    } else {
      asm_putc(p, '(');
      print_result_types(p, op);
      asm_putc(p, ')');
    }
  } else if (op->nresults) {
    asm_puts(p, " : ");
    print_result_types(p, op);
  }
}

/* func-format := symbol-name `(` (%a `:` type attr-dict?)* `)`
 *                (`->` result-list)? (`attributes` attr-dict)? region
 * The legacy key `compute-capability` is stored under the canonical
 * `compute_capability`. */
static bool parse_func_fmt(AsmParser *p, IrOpState *st) {
  IrContext *ctx = asm_ctx(p);
  const IrIdent *name = NULL;
  if (!asm_parse_symbol_name(p, &name)) return false;
  ir_op_state_add_prop(st, "sym_name", ir_string_attr(ctx, name->str, name->len));
  AsmArgumentVec args = {0};
  IrTypeVec in = {0}, out = {0};
  VEC(const IrAttr *) aattrs = {0};
  bool ok = asm_parse_argument_list(p, &args, true, true);
  if (ok && asm_parse_optional_punct(p, ASM_ARROW)) ok = parse_results(p, &out);
  ok = ok && asm_parse_optional_attr_dict_with_keyword(p, st);
  if (ok) {
    bool any = false;
    for (size_t i = 0; i < args.len; i++) {
      vec_push(&in, args.data[i].type);
      vec_push(&aattrs, args.data[i].attrs ? args.data[i].attrs : ir_empty_dict(ctx));
      if (args.data[i].attrs && args.data[i].attrs->nelems) any = true;
    }
    ir_op_state_add_prop(st, "function_type",
                         ir_type_attr(ctx, ir_function_type(ctx, in.data, in.len, out.data,
                                                            out.len)));
    if (any) ir_op_state_add_prop(st, "arg_attrs", ir_array_attr(ctx, aattrs.data, aattrs.len));
    for (size_t i = 0; i < st->attrs.len; i++) {
      const IrIdent *n = st->attrs.data[i].name;
      if (!strcmp(n->str, "compute-capability"))
        st->attrs.data[i].name = ir_identz(ctx, "compute_capability");
      else if (!strcmp(n->str, "nv_tileaa.compute-capability"))
        st->attrs.data[i].name = ir_identz(ctx, "nv_tileaa.compute_capability");
    }
    IrRegion *r = ir_op_state_add_region(st);
    ok = asm_parse_region(p, r, args.data, args.len);
  }
  vec_free(&args);
  vec_free(&in);
  vec_free(&out);
  vec_free(&aattrs);
  return ok;
}

static void print_func_fmt(AsmPrinter *p, IrOp *op) {
  const IrAttr *name = ir_op_attrz(op, "sym_name");
  const IrAttr *fta = ir_op_attrz(op, "function_type");
  const IrAttr *aattrs = ir_op_attrz(op, "arg_attrs");
  asm_putc(p, ' ');
  if (ir_attr_is(name, &ir_string_attr_def)) asm_print_symbol_name(p, name->str);
  IrBlock *entry = op->nregions ? ir_op_regions(op)[0].first : NULL;
  asm_putc(p, '(');
  for (uint32_t i = 0; entry && i < entry->nargs; i++) {
    if (i) asm_puts(p, ", ");
    asm_print_operand(p, entry->args[i]);
    asm_puts(p, ": ");
    aa_print_type(p, entry->args[i]->type);
    if (ir_attr_is(aattrs, &ir_array_attr_def) && i < aattrs->nelems &&
        ir_attr_is(aattrs->elems[i], &ir_dict_attr_def) && aattrs->elems[i]->nelems) {
      asm_putc(p, ' ');
      asm_print_attr(p, aattrs->elems[i]);
    }
  }
  asm_putc(p, ')');
  if (ir_attr_is(fta, &ir_type_attr_def) && ir_type_is(fta->type, &ir_function_type_def) &&
      ir_func_num_results(fta->type)) {
    asm_puts(p, " -> (");
    aa_print_types(p, ir_func_results(fta->type), ir_func_num_results(fta->type));
    asm_putc(p, ')');
  }
  static const char *const elided[] = {"sym_name", "function_type", "arg_attrs", "res_attrs",
                                       NULL};
  asm_print_attr_dict_with_keyword(p, op, elided);
  if (op->nregions) asm_print_region(p, &ir_op_regions(op)[0], false, true);
}

/* ---- hooks ----------------------------------------------------------------------- */

/* Default operandSegmentSizes when the custom form leaves them out: fixed
 * single-operand segments first, then the optional ones filled in order
 * (a trailing mem_token of a memory op is outside the segments).
 * INDEXED ops parse with the indices right after the base (see
 * parse_indexed_fmt), so `nidx` operands follow the leading segments. */
static void infer_segments(IrOpState *st, const AaOpDesc *d, size_t nidx) {
  int32_t seg[8] = {0};
  size_t n = st->operands.len;
  if (d->token && n && aa_is_token(st->operands.data[n - 1]->type)) n--;
  const IrOpInfo *info = st->info;
  if (info == aa_op(dot)) {
    for (int i = 0; i < 5; i++) seg[i] = (size_t)i < n ? 1 : 0;
  } else if (info == aa_op(make_memref)) {
    const IrType *r = st->result_types.len ? st->result_types.data[0] : NULL;
    size_t rem = n ? n - 1 : 0, ndyn = 0, rank = 0, nst = 0;
    if (aa_is_memref(r)) {
      rank = aa_memref_rank(r);
      for (size_t i = 0; i < rank; i++) ndyn += aa_memref_shape(r)[i] == IR_DYNAMIC;
      if (aa_memref_num_strides(r)) {
        for (size_t i = 0; i < aa_memref_num_strides(r); i++)
          nst += aa_memref_strides(r)[i] == IR_DYNAMIC;
      } else if (rem >= ndyn + rank) {
        nst = rank;
      }
    }
    if (ndyn + nst > rem) ndyn = nst = 0;
    seg[0] = n ? 1 : 0;
    seg[1] = (int32_t)(rem - ndyn - nst);
    seg[2] = (int32_t)ndyn;
    seg[3] = (int32_t)nst;
  } else {
    /* leading fixed segments: base (+ value / compare+replacement) */
    int fixed = 1;
    if (info == aa_op(store) || info == aa_op(tiled_store) || info == aa_op(atomic_rmw) ||
        info == aa_op(tiled_atomic_rmw) || info == aa_op(scatter_store))
      fixed = 2;
    else if (info == aa_op(atomic_cas))
      fixed = 3;
    size_t used = 0;
    for (int i = 0; i < d->nseg; i++) {
      size_t want = 0;
      if (d->fmt == AA_FMT_INDEXED && i == d->idx_seg) want = nidx;
      else if (i < fixed || d->fmt != AA_FMT_INDEXED || i > d->idx_seg) want = used < n ? 1 : 0;
      if (i < fixed || (d->fmt == AA_FMT_INDEXED && i == d->idx_seg)) {
        if (used + want > n) want = n - used;
      }
      seg[i] = (int32_t)want;
      used += want;
    }
  }
  ir_op_state_add_prop(st, "operandSegmentSizes", aa_segment_attr(st->ctx, seg, (size_t)d->nseg));
}

bool aa_parse_op(AsmParser *p, IrOpState *st) {
  const AaOpDesc *d = aa_desc(st->info);
  bool ok = false;
  size_t nidx = 0;
  switch (d->fmt) {
  case AA_FMT_OPERANDS: ok = parse_operands_fmt(p, st, false); break;
  case AA_FMT_FUNCTYPE: ok = parse_functype_fmt(p, st); break;
  case AA_FMT_INDEXED: ok = parse_indexed_fmt(p, st, d, &nidx); break;
  case AA_FMT_SYMBOL: ok = parse_symbol_fmt(p, st, d); break;
  case AA_FMT_REGION: ok = parse_operands_fmt(p, st, true); break;
  case AA_FMT_FUNC: ok = parse_func_fmt(p, st); break;
  }
  if (ok && d->nseg && !ir_op_state_get_attr(st, "operandSegmentSizes"))
    infer_segments(st, d, nidx);
  return ok;
}

void aa_print_op(AsmPrinter *p, IrOp *op) {
  const AaOpDesc *d = aa_desc(op->info);
  switch (d->fmt) {
  case AA_FMT_OPERANDS:
  case AA_FMT_REGION:
    if (op->noperands) {
      asm_putc(p, ' ');
      asm_print_operands(p, ir_op_operands(op), op->noperands);
    }
    if (d->fmt == AA_FMT_REGION) asm_print_attr_dict_with_keyword(p, op, NULL);
    else asm_print_attr_dict(p, op, NULL);
    print_signature(p, op);
    for (uint32_t i = 0; d->fmt == AA_FMT_REGION && i < op->nregions; i++)
      asm_print_region(p, &ir_op_regions(op)[i], true, true);
    break;
  case AA_FMT_FUNCTYPE:
    if (op->noperands) {
      asm_putc(p, ' ');
      asm_print_operands(p, ir_op_operands(op), op->noperands);
    }
    asm_print_attr_dict(p, op, NULL);
    asm_puts(p, " : (");
    print_value_types(p, ir_op_operands(op), op->noperands);
    asm_puts(p, ") -> ");
    if (op->nresults != 1) asm_putc(p, '(');
    print_result_types(p, op);
    if (op->nresults != 1) asm_putc(p, ')');
    break;
  case AA_FMT_INDEXED: print_indexed_fmt(p, op, d); break;
  case AA_FMT_SYMBOL: print_symbol_fmt(p, op, d); break;
  case AA_FMT_FUNC: print_func_fmt(p, op); break;
  }
}

/* ---- segments ------------------------------------------------------------------------ */

const IrAttr *aa_segment_attr(IrContext *ctx, const int32_t *sizes, size_t n) {
  int64_t v[16];
  for (size_t i = 0; i < n && i < 16; i++) v[i] = sizes[i];
  return ir_dense_i64_array(ctx, ir_integer_type(ctx, 32, IR_SIGNLESS), v, n < 16 ? n : 16);
}

bool aa_segments(IrOp *op, int n, int32_t *sizes, uint32_t *starts, bool quiet) {
  const IrAttr *a = ir_op_attrz(op, "operandSegmentSizes");
  if (!a) return quiet ? false : ir_op_error(op, "requires attribute 'operandSegmentSizes'");
  if (!ir_attr_is(a, &ir_dense_array_attr_def) || !ir_type_is_int_width(a->type, 32))
    return quiet ? false
                 : ir_op_error(op, "attribute 'operandSegmentSizes' failed to satisfy "
                                   "constraint: i32 dense array attribute");
  if (a->nints != (uint32_t)n)
    return quiet ? false
                 : ir_op_error(op, "'operandSegmentSizes' attribute for specifying operand "
                                   "segments must have %d elements, but got %u",
                               n, (unsigned)a->nints);
  int64_t total = 0;
  for (int i = 0; i < n; i++) {
    if (a->ints[i] < 0)
      return quiet ? false
                   : ir_op_error(op, "'operandSegmentSizes' attribute cannot have negative "
                                     "elements");
    total += a->ints[i];
  }
  const AaOpDesc *d = aa_desc(op->info);
  int64_t extra = (int64_t)op->noperands - total;
  if (extra < 0 || extra > (d && d->token ? 1 : 0))
    return quiet ? false
                 : ir_op_error(op, "operand count (%u) does not match with the total size "
                                   "(%lld) specified in attribute 'operandSegmentSizes'",
                               op->noperands, (long long)total);
  uint32_t at = 0;
  for (int i = 0; i < n; i++) {
    if (sizes) sizes[i] = (int32_t)a->ints[i];
    if (starts) starts[i] = at;
    at += (uint32_t)a->ints[i];
  }
  return true;
}
