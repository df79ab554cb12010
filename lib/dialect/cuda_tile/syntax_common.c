/* syntax_common.c — helpers shared by the custom syntax of the cuda_tile
 * ops in ops_core.def: type lists, I32 enum properties, stripped attribute
 * printing, implicit terminators (MLIR's ensureTerminator), control-flow
 * region printing, and the function signature of entry / testing$func
 * (NVIDIA's parseFunctionSignatureWithArguments / printFunctionSignature-
 * WithCudaTileTypes). */
#include "dialect/cuda_tile/ct_ods.h"
#include "dialect/cuda_tile/ct_hdrmemo.h"
#include "dialect/cuda_tile/ct_ops_core.h"

#include "asm/parse_memo.h"

#include <string.h>

void ct_print_value_types(AsmPrinter *p, IrUse *uses, size_t n) {
  for (size_t i = 0; i < n; i++) {
    if (i) asm_puts(p, ", ");
    ct_print_type(p, uses[i].value->type);
  }
}

/* Pushed straight into out; on failure out is as it was. */
bool ct_parse_types_into(AsmParser *p, IrTypeVec *out) {
  size_t len = out->len;
  do {
    const IrType *t;
    if (!ct_parse_type(p, &t)) {
      out->len = len;
      return false;
    }
    vec_push(out, t);
  } while (asm_parse_optional_punct(p, ASM_COMMA));
  return true;
}

const IrAttr *ct_i32_attr(IrContext *ctx, int64_t v) {
  return ir_integer_attr(ctx, ir_integer_type(ctx, 32, IR_SIGNLESS), v);
}

int64_t ct_attr_int(const IrAttr *a, int64_t dflt) {
  if (ir_attr_is(a, &ir_integer_attr_def) && a->nints) return a->ints[0];
  if (ir_attr_is(a, &ir_bool_attr_def) && a->nints) return a->ints[0];
  return dflt;
}

/* "#cuda_tile.mnemonic<body>" printed as "<body>" (printStrippedAttrOrType);
 * attributes of other dialects print in full. */
void ct_print_attr_stripped(AsmPrinter *p, const IrAttr *a) {
  if (!a->def || !a->def->dialect || strcmp(a->def->dialect, "cuda_tile") != 0) {
    asm_print_attr(p, a);
    return;
  }
  StrBuf b = {0};
  asm_print_attr_str(&b, a);
  const char *s = sb_cstr(&b);
  const char *lt = strchr(s, '<');
  if (lt) asm_puts(p, lt);
  else asm_print_attr(p, a);
  sb_free(&b);
}

/* ensureTerminator: an empty region gets a block; a block that does not end
 * in a (possible) terminator gets `term` appended. */
bool ct_ensure_terminator(AsmParser *p, IrRegion *r, const IrOpInfo *term,
                          const IrOpState *parent) {
  if (!r->first) ir_region_append(r, ir_block_new());
  IrBlock *b = r->last;
  if (b->last && (b->last->info->traits & (IR_TRAIT_TERMINATOR | IR_TRAIT_UNREGISTERED)))
    return true;
  IrOpState st;
  /* at the parent op's location, kept compact when the parent's is */
  ir_op_state_init(&st, asm_ctx(p), term, parent->loc);
  if (!parent->loc) {
    st.loc = NULL;
    st.loc_bits = parent->loc_bits;
  }
  IrOp *op = ir_op_create(&st);
  ir_op_state_free(&st);
  if (!op) return false;
  ir_block_append(b, op);
  return true;
}

/* printControlFlowRegion: the terminator is printed unless it is the
 * implicit kind and has no operands.  Prints " {...}". */
void ct_print_control_region(AsmPrinter *p, IrRegion *r, const IrOpInfo *implicit_term) {
  IrBlock *b = r->first;
  IrOp *t = b ? b->last : NULL;
  bool print_term = !(t && t->info == implicit_term && t->noperands == 0);
  asm_print_region(p, r, false, print_term);
}

bool ct_parse_opt_attr_dict(AsmParser *p, IrOpState *st) {
  return asm_parse_optional_attr_dict(p, st);
}

/* ---- function signatures --------------------------------------------------- */

/* One argument: `%name : T {attrs}? loc(...)?` or just `T {attrs}?`; all
 * arguments must agree on having SSA names. */
static bool parse_one_arg(AsmParser *p, AsmArgumentVec *args) {
  AsmArgument a;
  memset(&a, 0, sizeof a);
  AsmLoc at = asm_cur_loc(p);
  bool named = false;
  if (!asm_parse_optional_operand(p, &a.ssa, &named)) return false;
  if (named && !asm_parse_punct(p, ASM_COLON)) return false;
  if (args->len) {
    bool prev = args->data[args->len - 1].ssa.name.n != 0;
    if (named != prev)
      return asm_error_at(p, at, named ? "expected type instead of SSA identifier"
                                       : "expected SSA identifier");
  }
  if (!named) a.ssa.loc = at;
  if (!ct_parse_type(p, &a.type)) return false;
  if (asm_peek_punct(p, ASM_LBRACE)) {
    const IrAttr *d = NULL;
    if (!asm_parse_attr(p, NULL, &d)) return false;
    if (!ir_attr_is(d, &ir_dict_attr_def))
      return asm_error_at(p, at, "expected attribute dictionary");
    a.attrs = d;
  }
  if (asm_peek_keyword(p, "loc")) {
    AsmLoc lat = asm_cur_loc(p);
    const IrAttr *l = NULL;
    bool present = false;
    if (!asm_parse_optional_attr(p, NULL, &l, &present)) return false;
    if (!present || !ir_attr_is_loc(l))
      return asm_error_at(p, lat, "expected location");
    a.loc = l;
  }
  vec_push(args, a);
  return true;
}

/* One result: `T {attrs}?` (the attributes are parsed and dropped, as
 * NVIDIA's parser does). */
static bool parse_one_result(AsmParser *p, IrTypeVec *results) {
  const IrType *t = NULL;
  if (!ct_parse_type(p, &t)) return false;
  if (asm_peek_punct(p, ASM_LBRACE)) {
    const IrAttr *d = NULL;
    if (!asm_parse_attr(p, NULL, &d)) return false;
  }
  vec_push(results, t);
  return true;
}

/* `(` args `)`, the argument list of a signature. */
static bool parse_func_args(AsmParser *p, AsmArgumentVec *args) {
  if (!asm_parse_punct(p, ASM_LPAREN)) return false;
  if (!asm_parse_optional_punct(p, ASM_RPAREN)) {
    do {
      if (!parse_one_arg(p, args)) return false;
    } while (asm_parse_optional_punct(p, ASM_COMMA));
    if (!asm_parse_punct(p, ASM_RPAREN)) return false;
  }
  return true;
}

/* (`->` (T | `(` (T {attrs}?),* `)`))? after the arguments. */
static bool parse_func_results(AsmParser *p, IrTypeVec *results) {
  if (!asm_parse_optional_punct(p, ASM_ARROW)) return true;
  if (!asm_parse_optional_punct(p, ASM_LPAREN)) {
    const IrType *t = NULL;
    if (!ct_parse_type(p, &t)) return false;
    vec_push(results, t);
    return true;
  }
  if (asm_parse_optional_punct(p, ASM_RPAREN)) return true;
  do {
    if (!parse_one_result(p, results)) return false;
  } while (asm_parse_optional_punct(p, ASM_COMMA));
  return asm_parse_punct(p, ASM_RPAREN);
}

/* `(` args `)` (`->` (T | `(` (T {attrs}?),* `)`))? */
bool ct_parse_func_signature(AsmParser *p, AsmArgumentVec *args, IrTypeVec *results) {
  return parse_func_args(p, args) && parse_func_results(p, results);
}

/* The memo of argument lists (ct_parse_func_args_memo): fn parses into
 * args and records, per argument, its name, position, type, attributes and
 * location, then the `function_type` and `arg_attrs` of a function with
 * these arguments and no results. */
typedef struct FuncArgsMemo {
  CtArgList *args;
  bool ran;
} FuncArgsMemo;

static const IrAttr *func_args_memo_fn(AsmParser *p, void *arg) {
  FuncArgsMemo *m = arg;
  m->ran = true;
  const char *base = asm_cur_loc(p).ptr;
  AsmArgumentVec args = {0};
  bool ok = parse_func_args(p, &args);
  for (size_t i = 0; i < args.len; i++) ct_svec_push(m->args, args.data[i]);
  vec_free(&args);
  if (!ok) return NULL;
  IrContext *ctx = asm_ctx(p);
  size_t n = m->args->len;
  const AsmArgument *a = m->args->data;
  CT_SVEC(const IrType *, 16) inputs;
  CT_SVEC(const IrAttr *, 16) arg_attrs;
  ct_svec_init(&inputs);
  ct_svec_init(&arg_attrs);
  CtHdrEnc e;
  ct_hdr_enc_init(&e, ctx, base);
  ct_hdr_put_int(&e, (int64_t)n);
  for (size_t i = 0; i < n; i++) {
    ct_hdr_put_argument(&e, &a[i]);
    ct_svec_push(&inputs, a[i].type);
    ct_svec_push(&arg_attrs, a[i].attrs ? a[i].attrs : ir_empty_dict(ctx));
  }
  ct_hdr_put_attr(&e, ir_type_attr(ctx, ir_function_type(ctx, inputs.data, n, NULL, 0)));
  ct_hdr_put_attr(&e, ir_array_attr(ctx, arg_attrs.data, n));
  ct_svec_free(&inputs);
  ct_svec_free(&arg_attrs);
  return ct_hdr_finish(&e);
}

/* The argument list through the parser's attribute memo (ct_hdrmemo.h):
 * the text from `(` to its `)` either parses as before (recorded when it
 * reported nothing) or repeats a recorded one and is replayed.  args must
 * be empty. */
bool ct_parse_func_args_memo(AsmParser *p, CtArgList *args, const IrAttr **ftype,
                             const IrAttr **arg_attrs) {
  *ftype = *arg_attrs = NULL;
  FuncArgsMemo m = {args, false};
  if (!ct_hdr_memo_enabled()) return func_args_memo_fn(p, &m) != NULL;
  const char *base = asm_cur_loc(p).ptr;
  const IrAttr *rec = asm_parse_attr_memo_at(p, func_args_memo_fn, &m, ')', NULL);
  if (!rec) return false;
  CtHdrDec d;
  if (!ct_hdr_dec_init(&d, rec, base)) return asm_error(p, "internal error: bad header record");
  size_t n = (size_t)ct_hdr_get_int(&d);
  if (m.ran) { /* parsed into args already: skip to the attributes */
    d.ki += 4 * (uint32_t)n;
    d.ka += 3 * (uint32_t)n;
  } else {
    ct_hdr_memo_count_hit();
    for (size_t i = 0; i < n; i++) {
      AsmArgument a;
      ct_hdr_get_argument(&d, &a);
      ct_svec_push(args, a);
    }
  }
  *ftype = ct_hdr_get_attr(&d);
  *arg_attrs = ct_hdr_get_attr(&d);
  return true;
}

/* The same signature with the argument list memoized; *ftype / *arg_attrs
 * as ct_parse_func_args_memo gives them, valid when no result follows. */
bool ct_parse_func_signature_memo(AsmParser *p, CtArgList *args, IrTypeVec *results,
                                  const IrAttr **ftype, const IrAttr **arg_attrs) {
  return ct_parse_func_args_memo(p, args, ftype, arg_attrs) &&
         parse_func_results(p, results);
}

/* ` @name(%arg0: T, ...)` + ` -> T` / ` -> (T, U)`.  Argument attributes
 * are not printed (as NVIDIA's printer). */
void ct_print_func_signature(AsmPrinter *p, IrOp *op) {
  const IrAttr *name = ir_op_attrz(op, "sym_name");
  const IrAttr *fty = ir_op_attrz(op, "function_type");
  asm_putc(p, ' ');
  if (ir_attr_is(name, &ir_string_attr_def)) asm_print_symbol_name(p, name->str);
  else asm_puts(p, "@\"\"");
  const IrType *ft = ir_attr_is(fty, &ir_type_attr_def) ? fty->type : NULL;
  if (!ir_type_is(ft, &ir_function_type_def)) ft = NULL;
  IrBlock *entry = op->nregions ? ir_op_regions(op)[0].first : NULL;
  asm_putc(p, '(');
  size_t nin = ft ? ir_func_num_inputs(ft) : 0;
  for (size_t i = 0; i < nin; i++) {
    if (i) asm_puts(p, ", ");
    if (entry && i < entry->nargs) {
      asm_print_operand(p, entry->args[i]);
      asm_puts(p, ": ");
    }
    ct_print_type(p, ir_func_inputs(ft)[i]);
  }
  asm_putc(p, ')');
  size_t nres = ft ? ir_func_num_results(ft) : 0;
  if (nres) {
    asm_puts(p, " -> ");
    if (nres == 1) {
      ct_print_type(p, ir_func_results(ft)[0]);
    } else {
      asm_putc(p, '(');
      ct_print_type_list(p, ir_func_results(ft), nres);
      asm_putc(p, ')');
    }
  }
}

/* An ODS StrAttr variable: a string literal; any other attribute is "invalid
 * kind of attribute specified", a non-attribute "expected attribute value"
 * (from the attribute parser). */
bool ct_parse_str_attr(AsmParser *p, const IrAttr **out) {
  AsmLoc at = asm_cur_loc(p);
  if (asm_peek_string(p)) {
    char *s = NULL;
    size_t n = 0;
    if (!asm_parse_string(p, &s, &n)) return false;
    *out = ir_string_attr(asm_ctx(p), s, n);
    free(s);
    return true;
  }
  if (!asm_parse_attr(p, NULL, out)) return false;
  if (!ir_attr_is(*out, &ir_string_attr_def))
    return asm_error_at(p, at, "invalid kind of attribute specified");
  return true;
}
