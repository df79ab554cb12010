/* ops_func.c — custom syntax and ODS-level checks of cuda_tile's
 * structural ops: `cuda_tile.module`, `entry`, `testing$func`, `global` and
 * `get_global`.  Function-like ops share one parser/printer (NVIDIA's
 * parseFuncOp / printFuncOp in SharedFuncParserAndPrinter.h). */
#include "dialect/cuda_tile/ct_attrdict.h"
#include "dialect/cuda_tile/ct_hdrmemo.h"
#include "dialect/cuda_tile/ct_ods.h"
#include "dialect/cuda_tile/ct_ops.h"
#include "dialect/cuda_tile/ct_ops_core.h"
#include "dialect/cuda_tile/ct_svec.h"
#include "ir/verify.h"

static const IrType *i64_type(IrContext *ctx) {
  return ir_integer_type(ctx, 64, IR_SIGNLESS);
}

/* ---- cuda_tile.module ---------------------------------------------------- */

/* module ::= `cuda_tile.module` symbol-name attr-dict-with-keyword region */
bool ct_parse_module(AsmParser *p, IrOpState *st) {
  IrContext *ctx = asm_ctx(p);
  const IrIdent *name = NULL;
  if (!asm_parse_symbol_name(p, &name)) return false;
  ir_op_state_add_prop(st, "sym_name", ir_string_attr(ctx, name->str, name->len));
  if (!asm_parse_optional_attr_dict_with_keyword(p, st)) return false;
  IrRegion *r = ir_op_state_add_region(st);
  if (!asm_parse_region(p, r, NULL, 0)) return false;
  if (!r->first) ir_region_append(r, ir_block_new());
  return true;
}

void ct_print_module(AsmPrinter *p, IrOp *op) {
  const IrAttr *name = ir_op_attrz(op, "sym_name");
  asm_putc(p, ' ');
  if (ir_attr_is(name, &ir_string_attr_def)) asm_print_symbol_name(p, name->str);
  static const char *const elided[] = {"sym_name", NULL};
  ct_print_attr_dict_kw(p, op, elided);
  asm_print_region(p, &ir_op_regions(op)[0], true, true);
}

#define STRING_ATTR(name, req) {name, ct_attr_is_string, "string attribute", req}
const CtOdsSpec ct_spec_module = {
    .attrs = {STRING_ATTR("sym_name", true), STRING_ATTR("producer", false)},
};

bool ct_verify_module(IrOp *op) {
  if (!ct_ods_verify_op(op, NULL)) return false;
  /* DebugInfoVerifier::verifyModule (rule 5): globals carry no scope. */
  IrBlock *b = op->nregions ? ir_op_regions(op)[0].first : NULL;
  for (IrOp *o = b ? b->first : NULL; o; o = o->next) {
    /* the location first: it usually shares a cache line with the `next` link
     * just read, where `info` may be on another one */
    if (ir_op_loc_is_compact(o) || (o->info->traits & IR_TRAIT_FUNCTION_LIKE)) continue;
    const IrAttr *dl = ct_di_loc_find(ir_op_loc(o));
    if (dl)
      return ir_op_error(o, "invalid operation debug info scope: %A. Global variables must "
                            "not have scope.",
                         dl);
  }
  return true;
}

/* DebugInfoVerifier::verifyFunc (rules 6, 1, 2). */
static bool verify_func_debuginfo(IrOp *op) {
  /* a plain file location (not materialized yet) is neither a CallSiteLoc
   * nor carries a di_loc: nothing to check, and nothing to materialize */
  if (ir_op_loc_is_compact(op)) return true;
  if (ir_attr_is(ir_op_loc(op), &ir_callsite_loc_def))
    return ir_op_error(op, "invalid function debug info location: %A. Function location "
                           "must not be a CallSiteLoc.",
                       ir_op_loc(op));
  const IrAttr *dl = ct_di_loc_find(ir_op_loc(op));
  if (!dl) return true;
  const IrAttr *scope = ct_di_loc_scope(dl);
  if (!ct_attr_is_di_subprogram(scope))
    return ir_op_error(op, "invalid function debug info scope: %A. Function location must "
                           "have cuda_tile.di_subprogram debug info scope.",
                       scope);
  const IrAttr *link = ct_di_subprogram_linkage_name(scope);
  const IrAttr *name = ir_op_attrz(op, "sym_name");
  if (ir_attr_is(name, &ir_string_attr_def) && link != name)
    return ir_op_error(op, "invalid function debug info scope: %A. Function name \"%s\" does "
                           "not match subprogram scope linkage name %A.",
                       scope, name->str->str, link);
  return true;
}

typedef struct DiWalk {
  const IrAttr *fn_sp;
  bool ok;
} DiWalk;

static IrWalkResult di_walk(IrOp *o, void *user) {
  DiWalk *w = user;
  if (ir_op_loc_is_compact(o)) return IR_WALK_ADVANCE; /* a plain file location */
  const IrAttr *dl = ct_di_loc_find(ir_op_loc(o));
  const IrAttr *sp = dl ? ct_di_subprogram_of(ct_di_loc_scope(dl)) : NULL;
  if (!sp) return IR_WALK_ADVANCE;
  if (!w->fn_sp) {
    ir_op_error(o, "invalid operation debug info scope: %A. Operation has debug info scope, "
                   "but function debug info scope is undefined.",
                sp);
    w->ok = false;
    return IR_WALK_INTERRUPT;
  }
  if (sp != w->fn_sp) {
    ir_op_emit_error(o, "invalid operation debug info scope: %A. Operation debug info "
                        "scope does not match function debug info scope: %A.",
             sp, w->fn_sp);
    w->ok = false;
    return IR_WALK_INTERRUPT;
  }
  return IR_WALK_ADVANCE;
}

/* Whether `o`'s location cannot hold a di_loc: still compact, or a plain
 * file location or unknown (as the bytecode reader gives ops), read
 * without materializing anything. */
static inline bool loc_plain(const IrOp *o) {
  if (ir_op_loc_is_compact(o)) return true;
  const IrLoc *l = ir_op_loc(o);
  return l->def == &ir_file_loc_def || l->def == &ir_unknown_loc_def;
}

/* ir_walk_post(op, di_walk, w) without a call per op: ops whose location is
 * plain (compact, file or unknown: di_walk finds no scope there) are passed
 * over inline.  Same order: the nested ops first, then the op.  False once
 * di_walk stopped the walk. */
static bool di_walk_tree(IrOp *op, DiWalk *w) {
  for (uint32_t i = 0; i < op->nregions; i++)
    for (IrBlock *b = ir_op_regions(op)[i].first; b; b = b->next)
      for (IrOp *o = b->first; o; o = o->next) {
        if (o->nregions) {
          if (!di_walk_tree(o, w)) return false;
        } else if (!loc_plain(o) && di_walk(o, w) == IR_WALK_INTERRUPT) {
          return false;
        }
      }
  return loc_plain(op) || di_walk(op, w) != IR_WALK_INTERRUPT;
}

/* What ct_verify_entry saw of the walk running it (ir/verify.h): the
 * walk, the op and the count of ops with non-plain locations reached so
 * far, the entry's own included. */
static _Thread_local struct {
  uint64_t walk, rich;
  const IrOp *op;
} entry_seen;

/* DebugInfoVerifier::verifyFuncBody (rules 3, 4): EntryOp::verifyRegions.
 * When the walk running it reached no op with a non-plain location since
 * ct_verify_entry ran on this op, every op of the body has a plain one:
 * di_walk_tree would pass them all over, and the entry itself cannot fail
 * di_walk (its scope is the one it is compared with).  Nothing to walk. */
bool ct_verify_regions_entry(IrOp *op) {
  uint64_t walk = ir_verify_walk_id();
  if (walk && entry_seen.walk == walk && entry_seen.op == op &&
      entry_seen.rich == ir_verify_rich_locs())
    return true;
  const IrAttr *dl = ir_op_loc_is_compact(op) ? NULL : ct_di_loc_find(ir_op_loc(op));
  DiWalk w = {dl ? ct_di_subprogram_of(ct_di_loc_scope(dl)) : NULL, true};
  di_walk_tree(op, &w);
  return w.ok;
}

/* ---- entry / testing$func -------------------------------------------------- */

/* func ::= symbol-name signature (`optimization_hints` `=` hints)? region
 *          attr-dict?   (hints only for entry) */
static bool parse_func_like(AsmParser *p, IrOpState *st, bool allow_hints) {
  IrContext *ctx = asm_ctx(p);
  const IrIdent *name = NULL;
  if (!asm_parse_symbol_name(p, &name)) return false;
  /* ir_string_attr(ctx, name->str, name->len) without interning the name
   * again: it is the context's identifier already */
  ir_op_state_add_prop(st, "sym_name",
                       ir_attr_unique(ctx, &(IrAttr){.def = &ir_string_attr_def, .str = name}));
  CtArgList args; /* inline, as the two lists below: no malloc for the usual arity */
  ct_svec_init(&args);
  IrTypeVec results = {0};
  CT_SVEC(const IrType *, 16) inputs;
  CT_SVEC(const IrAttr *, 16) arg_attrs;
  ct_svec_init(&inputs);
  ct_svec_init(&arg_attrs);
  const IrAttr *ftype = NULL, *arg_attrs_attr = NULL; /* from the memo, without results */
  bool ok = ct_parse_func_signature_memo(p, &args, &results, &ftype, &arg_attrs_attr);
  if (ok && ftype && arg_attrs_attr && !results.len) {
    ir_op_state_add_prop(st, "function_type", ftype);
    ir_op_state_add_prop(st, "arg_attrs", arg_attrs_attr);
  } else if (ok) {
    for (size_t i = 0; i < args.len; i++) {
      ct_svec_push(&inputs, args.data[i].type);
      ct_svec_push(&arg_attrs, args.data[i].attrs ? args.data[i].attrs : ir_empty_dict(ctx));
    }
    const IrType *ft = ir_function_type(ctx, inputs.data, inputs.len, results.data,
                                        results.len);
    ir_op_state_add_prop(st, "function_type", ir_type_attr(ctx, ft));
    ir_op_state_add_prop(st, "arg_attrs", ir_array_attr(ctx, arg_attrs.data, arg_attrs.len));
  }
  if (ok && allow_hints && asm_parse_optional_keyword(p, "optimization_hints")) {
    const IrAttr *h = NULL;
    ok = asm_parse_punct(p, ASM_EQUAL) && ct_parse_opt_hints_body(p, &h);
    if (ok) ir_op_state_add_prop(st, "optimization_hints", h);
  }
  if (ok) {
    IrRegion *r = ir_op_state_add_region(st);
    ok = asm_parse_region(p, r, args.data, args.len) &&
         ct_ensure_terminator(p, r, ct_op(return_), st) &&
         asm_parse_optional_attr_dict(p, st);
  }
  ct_svec_free(&args);
  vec_free(&results);
  ct_svec_free(&inputs);
  ct_svec_free(&arg_attrs);
  return ok;
}

static void print_func_like(AsmPrinter *p, IrOp *op, bool hints) {
  ct_print_func_signature(p, op);
  const IrAttr *h = ir_op_attrz(op, "optimization_hints");
  if (hints && h && h->def == &ct_opt_hints_attr_def && !ct_opt_hints_empty(h)) {
    asm_puts(p, " optimization_hints=");
    ct_print_opt_hints_body(p, h);
  }
  if (op->nregions) asm_print_region(p, &ir_op_regions(op)[0], false, true);
  static const char *const elided[] = {"arg_attrs", "function_type", "sym_name",
                                       "res_attrs", "optimization_hints", NULL};
  static const char *const elided_nohints[] = {"arg_attrs", "function_type", "sym_name",
                                               "res_attrs", NULL};
  ct_print_attr_dict(p, op, hints ? elided : elided_nohints);
}

bool ct_parse_entry(AsmParser *p, IrOpState *st) { return parse_func_like(p, st, true); }
void ct_print_entry(AsmPrinter *p, IrOp *op) { print_func_like(p, op, true); }
bool ct_parse_testing_func(AsmParser *p, IrOpState *st) {
  return parse_func_like(p, st, false);
}
void ct_print_testing_func(AsmPrinter *p, IrOp *op) { print_func_like(p, op, false); }

static bool is_function_type_attr(const IrAttr *a) {
  return ir_attr_is(a, &ir_type_attr_def) && ir_type_is(a->type, &ir_function_type_def);
}
static bool is_dict_array(const IrAttr *a) {
  if (!ir_attr_is(a, &ir_array_attr_def)) return false;
  for (uint32_t i = 0; i < a->nelems; i++)
    if (!ir_attr_is(a->elems[i], &ir_dict_attr_def)) return false;
  return true;
}
static bool is_opt_hints(const IrAttr *a) { return a && a->def == &ct_opt_hints_attr_def; }

/* ODS invariants of the function-like ops (attributes alphabetical, as ODS
 * emits them; entry adds optimization_hints). */
#define DICT_ARRAY(name) {name, is_dict_array, "Array of dictionary attributes", false}
#define FUNCTION_TYPE {"function_type", is_function_type_attr, "type attribute of function type", true}
const CtOdsSpec ct_spec_testing_func = {
    .attrs = {DICT_ARRAY("arg_attrs"), FUNCTION_TYPE, DICT_ARRAY("res_attrs"),
              STRING_ATTR("sym_name", true)},
    .regions = {{"body", false}},
};
const CtOdsSpec ct_spec_entry = {
    .attrs = {DICT_ARRAY("arg_attrs"), FUNCTION_TYPE,
              {"optimization_hints", is_opt_hints, "optimization hints attribute", false},
              DICT_ARRAY("res_attrs"), STRING_ATTR("sym_name", true)},
    .regions = {{"body", false}},
};

/* FunctionOpInterface::verifyTrait: argument/result attribute arrays, then
 * the entry block against the signature.  Runs after the ODS invariants. */
static bool verify_function_interface_ft(IrOp *op, const IrType *ft);
static bool verify_function_interface(IrOp *op) {
  return verify_function_interface_ft(op, ir_op_attrz(op, "function_type")->type);
}

/* verify_function_interface with `op`'s function type `ft`, already found. */
static bool verify_function_interface_ft(IrOp *op, const IrType *ft) {
  static const char *const which[2] = {"arg_attrs", "res_attrs"};
  static const char *const what[2] = {"argument", "result"};
  for (int k = 0; k < 2; k++) {
    const IrAttr *all = ir_op_attrz(op, which[k]);
    if (!all) continue;
    size_t n = k == 0 ? ir_func_num_inputs(ft) : ir_func_num_results(ft);
    if (all->nelems != n)
      return ir_op_error(op, "expects %s attribute array to have the same number of elements "
                             "as the number of function %ss, got %u, but expected %zu",
                         what[k], k == 0 ? "argument" : "result", all->nelems, n);
    for (uint32_t i = 0; i < all->nelems; i++) {
      const IrAttr *d = all->elems[i];
      for (uint32_t j = 0; j < d->nelems; j++)
        if (!strchr(d->names[j]->str, '.'))
          return ir_op_error(op, k == 0 ? "arguments may only have dialect attributes"
                                        : "results may only have dialect attributes");
    }
  }
  IrBlock *b = ir_op_regions(op)[0].first;
  size_t nin = ir_func_num_inputs(ft);
  if (b->nargs != nin)
    return ir_op_error(op, "entry block must have %zu arguments to match function signature",
                       nin);
  for (size_t i = 0; i < nin; i++)
    if (b->args[i]->type != ir_func_inputs(ft)[i])
      return ir_op_error(op, "type of entry block argument #%zu('%T') must match the type of "
                             "the corresponding argument in function signature('%T')",
                         i, b->args[i]->type, ir_func_inputs(ft)[i]);
  return true;
}

bool ct_verify_entry(IrOp *op) {
  uint64_t walk = ir_verify_walk_id();
  if (walk) {
    entry_seen.walk = walk;
    entry_seen.rich = ir_verify_rich_locs();
    entry_seen.op = op;
  }
  if (!ct_ods_verify_op(op, NULL)) return false;
  const IrType *ft = ir_op_attrz(op, "function_type")->type;
  if (!verify_function_interface_ft(op, ft)) return false;
  /* EntryOp::verify */
  if (ir_func_num_results(ft) != 0) return ir_op_error(op, "entry op must not return values");
  for (size_t i = 0; i < ir_func_num_inputs(ft); i++) {
    const IrType *t = ir_func_inputs(ft)[i];
    if (ct_type_is_tile(t) && ct_tile_type_rank(t) != 0)
      return ir_op_error(op, "entry op must have scalar types (rank 0 !cuda_tile.tile)");
  }
  if (!verify_func_debuginfo(op)) return false;
  const IrAttr *h = ir_op_attrz(op, "optimization_hints");
  if (h && !ct_opt_hints_empty(h) && !ct_verify_opt_hints_common(op, h)) return false;
  return true;
}

bool ct_verify_testing_func(IrOp *op) {
  return ct_ods_verify_op(op, NULL) && verify_function_interface(op);
}

/* ---- global ------------------------------------------------------------------ */

/* global ::= visibility? `constant`? symbol-name (`alignment` `=` int)?
 *            attr-dict dense-constant */
bool ct_parse_global(AsmParser *p, IrOpState *st) {
  IrContext *ctx = asm_ctx(p);
  int vis = CT_VISIBILITY_PUBLIC;
  ct_parse_symbol_visibility(p, &vis);
  ir_op_state_add_prop(st, "symbol_visibility",
                       ct_enum_attr(ctx, &ct_enum_symbol_visibility, vis));
  if (asm_parse_optional_keyword(p, "constant"))
    ir_op_state_add_prop(st, "constant", ir_unit_attr(ctx));
  const IrIdent *name = NULL;
  if (!asm_parse_symbol_name(p, &name)) return false;
  ir_op_state_add_prop(st, "sym_name", ir_string_attr(ctx, name->str, name->len));
  const IrAttr *align = NULL;
  if (asm_parse_optional_keyword(p, "alignment")) {
    if (!asm_parse_punct(p, ASM_EQUAL) || !asm_parse_attr(p, i64_type(ctx), &align))
      return false;
  } else {
    align = ir_integer_attr(ctx, i64_type(ctx), 0);
  }
  ir_op_state_add_prop(st, "alignment", align);
  if (!asm_parse_optional_attr_dict(p, st)) return false;
  const IrAttr *value = NULL;
  const IrType *type = NULL;
  if (!ct_parse_dense_constant(p, &value, &type)) return false;
  ir_op_state_add_prop(st, "value", value);
  return true;
}

void ct_print_global(AsmPrinter *p, IrOp *op) {
  asm_putc(p, ' ');
  int vis = ct_enum_value(ir_op_attrz(op, "symbol_visibility"), &ct_enum_symbol_visibility);
  ct_print_symbol_visibility(p, vis < 0 ? CT_VISIBILITY_PUBLIC : vis);
  if (ir_op_attrz(op, "constant")) asm_puts(p, " constant");
  asm_putc(p, ' ');
  const IrAttr *name = ir_op_attrz(op, "sym_name");
  if (ir_attr_is(name, &ir_string_attr_def)) asm_print_symbol_name(p, name->str);
  int64_t align = ct_attr_int(ir_op_attrz(op, "alignment"), 0);
  if (align != 0) asm_printf(p, " alignment = %lld", (long long)align);
  static const char *const elided[] = {"sym_name", "value", "alignment", "constant",
                                       "symbol_visibility", NULL};
  ct_print_attr_dict(p, op, elided);
  const IrAttr *v = ir_op_attrz(op, "value");
  asm_putc(p, ' ');
  if (v && v->def == &ir_dense_elements_attr_def && ct_type_is_tile(v->type))
    ct_print_dense_constant(p, v);
  else if (v)
    asm_print_attr(p, v);
}

static bool is_tile_dense(const IrAttr *a) {
  return ct_attr_is_dense_elements(a) && ct_type_is_tile(a->type);
}
static bool is_visibility(const IrAttr *a) {
  return ct_enum_value(a, &ct_enum_symbol_visibility) >= 0;
}

const CtOdsSpec ct_spec_global = {
    .attrs = {{"alignment", ct_attr_is_i64, "64-bit signless integer attribute", false},
              {"constant", ct_attr_is_unit, "unit attribute", false},
              STRING_ATTR("sym_name", true),
              {"symbol_visibility", is_visibility, "symbol visibility", false},
              {"value", is_tile_dense, "dense typed elements attribute", true}},
};

bool ct_verify_global(IrOp *op) {
  if (!ct_ods_verify_op(op, NULL)) return false;
  if (ct_tile_type_rank(ir_op_attrz(op, "value")->type) != 1)
    return ir_op_error(op, "type must have rank 1");
  return true;
}

/* ---- get_global -------------------------------------------------------------- */

/* get_global ::= symbol-ref attr-dict `:` type */
bool ct_parse_get_global(AsmParser *p, IrOpState *st) {
  IrContext *ctx = asm_ctx(p);
  const IrIdent *name = NULL;
  if (!asm_parse_symbol_name(p, &name)) return false;
  ir_op_state_add_prop(st, "name", ir_symref_attr(ctx, name, NULL, 0));
  if (!asm_parse_optional_attr_dict(p, st) || !asm_parse_punct(p, ASM_COLON)) return false;
  const IrType *t = NULL;
  if (!ct_parse_type(p, &t)) return false;
  vec_push(&st->result_types, t);
  return true;
}

void ct_print_get_global(AsmPrinter *p, IrOp *op) {
  const IrAttr *name = ir_op_attrz(op, "name");
  asm_putc(p, ' ');
  if (name) asm_print_attr(p, name);
  static const char *const elided[] = {"name", NULL};
  ct_print_attr_dict(p, op, elided);
  asm_puts(p, " : ");
  ct_print_type(p, ir_op_result(op, 0)->type);
}

const CtOdsSpec ct_spec_get_global = {
    .attrs = {{"name", ct_attr_is_flat_symref, "flat symbol reference attribute", true}},
    .results = {CT_ODS_V(ONE, ct_is_scalar_ptr_tile, CT_DESC_SCALAR_PTR)},
};

bool ct_verify_get_global(IrOp *op) {
  if (!ct_ods_verify_op(op, NULL)) return false;
  /* GetGlobalOp::verifySymbolUses */
  const IrAttr *ref = ir_op_attrz(op, "name");
  IrOp *g = ir_symbol_resolve(op, ref);
  if (!g || !ct_op_is(g, CT_OP_global))
    return ir_op_error(op, "'%s' does not reference a valid global", ref->str->str);
  const IrAttr *v = ir_op_attrz(g, "value");
  if (!v || !ct_type_is_tile(v->type)) return true;
  const IrType *gel = ct_tile_type_elem(v->type);
  const IrType *ptr = ct_tile_type_elem(ir_op_result(op, 0)->type);
  if (gel != ct_ptr_type_pointee(ptr))
    return ir_op_error(op, "pointee type of result type '%T' does not match type '%T' of the "
                           "global @%s",
                       ptr, gel, ref->str->str);
  return true;
}
