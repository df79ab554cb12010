/* test_debuginfo_update_symbol_name.c — the test pass
 * `test-debuginfo-update-symbol-name` (NVIDIA's test/lib/TestPasses.cpp, on
 * builtin.module) and the utility it exercises: renaming a symbol op while
 * keeping its debug info consistent.
 *
 * Options: symbol-to-rename=a::b (nested specifier, looked up from the
 * module), scope=a::c (where replacements happen; default the module),
 * new-name=N, update-uses=true|false.  The scope must enclose the symbol
 * ("attempted to update symbol names in a scope that did not enclose the
 * symbol itself" + note "scope defined here").  With update-uses, symbol
 * references to the old name inside the symbol's table are renamed.  If the
 * symbol's location is a di_loc whose scope is a di_subprogram, that
 * subprogram is replaced everywhere inside the scope (attributes, op and
 * block-argument locations) by a copy whose linkageName is the new name. */
#include "asm/asm.h" /* ASM_MAX_NESTING_DEPTH */
#include "dialect/cuda_tile/ct_transforms.h"

/* ---- attribute replacement (MLIR's AttrTypeReplacer, attributes only) ------ */

typedef const IrAttr *(*ReplaceFn)(IrContext *ctx, const IrAttr *a, const void *user);

/* Replaces `a` (if fn does) or, recursively, its sub-attributes. */
static const IrAttr *replace_attr(IrContext *ctx, const IrAttr *a, ReplaceFn fn,
                                  const void *user, unsigned depth) {
  if (!a || depth > ASM_MAX_NESTING_DEPTH) return a;
  const IrAttr *r = fn(ctx, a, user);
  if (r != a) return r;
  if (!a->nelems) return a;
  const IrAttr **ne = NULL;
  for (uint32_t i = 0; i < a->nelems; i++) {
    const IrAttr *e = replace_attr(ctx, a->elems[i], fn, user, depth + 1);
    if (e != a->elems[i] && !ne) {
      ne = xcalloc(a->nelems, sizeof *ne);
      for (uint32_t j = 0; j < a->nelems; j++) ne[j] = a->elems[j];
    }
    if (ne) ne[i] = e;
  }
  if (!ne) return a;
  IrAttr key = *a;
  key.elems = ne;
  const IrAttr *out = ir_attr_unique(ctx, &key);
  free(ne);
  return out;
}

typedef struct ReplaceWalk {
  ReplaceFn fn;
  const void *user;
  bool locs;
} ReplaceWalk;

static IrWalkResult replace_in_op(IrOp *op, void *user) {
  const ReplaceWalk *w = user;
  IrContext *ctx = ir_op_context(op);
  if (op->props) op->props = replace_attr(ctx, op->props, w->fn, w->user, 0);
  if (op->attrs) op->attrs = replace_attr(ctx, op->attrs, w->fn, w->user, 0);
  if (w->locs) {
    ir_op_set_loc(op, replace_attr(ctx, ir_op_loc(op), w->fn, w->user, 0));
    for (uint32_t r = 0; r < op->nregions; r++)
      for (IrBlock *b = ir_op_regions(op)[r].first; b; b = b->next)
        for (uint32_t i = 0; i < b->nargs; i++)
          if (ir_value_arg_loc(b->args[i])) ir_value_set_arg_loc(b->args[i], replace_attr(ctx, ir_value_arg_loc(b->args[i]), w->fn, w->user, 0));
  }
  return IR_WALK_ADVANCE;
}

/* ---- the two replacements ------------------------------------------------------ */

typedef struct SymRename {
  const IrIdent *from, *to;
} SymRename;

static const IrAttr *rename_symref(IrContext *ctx, const IrAttr *a, const void *user) {
  const SymRename *s = user;
  if (a->def != &ir_symref_attr_def || a->str != s->from) return a;
  return ir_symref_attr(ctx, s->to, a->elems, a->nelems);
}

typedef struct SpSwap {
  const IrAttr *from, *to;
} SpSwap;

static const IrAttr *swap_subprogram(IrContext *ctx, const IrAttr *a, const void *user) {
  (void)ctx;
  const SpSwap *s = user;
  return a == s->from ? s->to : a;
}

/* ---- symbol lookup --------------------------------------------------------------- */

/* Looks up "a::b::c" from `table`; *ref gets "@a::@b::@c" for messages. */
static IrOp *lookup_nested(IrOp *table, Str spec, StrBuf *ref) {
  IrOp *cur = table;
  const char *p = spec.s, *end = spec.s + spec.n;
  bool first = true;
  while (p < end) {
    const char *q = p;
    while (q < end && *q != ':') q++;
    sb_printf(ref, "%s@%.*s", first ? "" : "::", (int)(q - p), p);
    first = false;
    if (cur) cur = ir_symbol_lookup(cur, ir_ident(ir_op_context(table), p, (size_t)(q - p)));
    p = q;
    if (p + 1 < end && p[0] == ':' && p[1] == ':') p += 2;
    else if (p < end) p++;
  }
  return first ? NULL : cur;
}

static bool run_update_symbol_name(IrOp *module, const char *options) {
  IrContext *ctx = ir_op_context(module);
  Str sym_spec = {"", 0}, scope_spec = {"", 0}, new_name = {"", 0};
  rw_pass_option(options, "symbol-to-rename", &sym_spec);
  rw_pass_option(options, "scope", &scope_spec);
  rw_pass_option(options, "new-name", &new_name);
  bool update_uses = rw_pass_option_bool(options, "update-uses", false);

  StrBuf ref = {0};
  IrOp *scope = module;
  if (scope_spec.n) {
    scope = lookup_nested(module, scope_spec, &ref);
    if (!scope) {
      ir_diag_emit(ctx, ir_op_diag(module, IR_SEV_ERROR, "could not find symbol op with name '%s'",
                                   sb_cstr(&ref)));
      sb_free(&ref);
      return false;
    }
    sb_clear(&ref);
  }
  IrOp *sym = lookup_nested(module, sym_spec, &ref);
  if (!sym) {
    ir_diag_emit(ctx, ir_op_diag(module, IR_SEV_ERROR, "could not find symbol op with name '%s'",
                                 sb_cstr(&ref)));
    sb_free(&ref);
    return false;
  }
  sb_free(&ref);

  if (ir_op_parent_op(sym) && !ir_op_is_ancestor(scope, sym)) {
    IrDiag *d = ir_diag_new(ctx, IR_SEV_ERROR, ir_op_loc(sym));
    ir_diag_append(ctx, d,
                   "attempted to update symbol names in a scope that did not enclose the "
                   "symbol itself");
    ir_diag_add_note(ctx, d, ir_op_loc(scope), "scope defined here");
    ir_diag_emit(ctx, d);
    return false;
  }

  const IrIdent *to = ir_ident(ctx, new_name.s, new_name.n);
  const IrAttr *to_attr = ir_string_attr(ctx, new_name.s, new_name.n);
  if (update_uses) {
    IrOp *table = ir_symbol_table_of(sym);
    const IrIdent *from = ir_symbol_name(sym);
    if (table && from) {
      SymRename sr = {from, to};
      ReplaceWalk w = {rename_symref, &sr, false};
      ir_walk_pre(table, replace_in_op, &w);
    }
  }
  ir_op_set_prop(sym, "sym_name", to_attr);

  const IrAttr *di = ir_op_loc(sym) && ct_attr_is_di_loc(ir_op_loc(sym)) ? ir_op_loc(sym) : NULL;
  if (!di) return true;
  const IrAttr *sp = ct_di_loc_scope(di);
  if (!ct_attr_is_di_subprogram(sp)) return true;
  IrAttr key = *sp;
  const IrAttr *e[4];
  for (uint32_t i = 0; i < 4 && i < sp->nelems; i++) e[i] = sp->elems[i];
  e[2] = to_attr;
  key.elems = e;
  SpSwap sw = {sp, ir_attr_unique(ctx, &key)};
  ReplaceWalk w = {swap_subprogram, &sw, true};
  ir_walk_pre(scope, replace_in_op, &w);
  return true;
}

static const RwPassOption opts[] = {
    {"symbol-to-rename", RW_OPT_STRING,
     "The symbol op to rename. Accepts a nested symbol specifier like outer::middle::inner.",
     NULL},
    {"scope", RW_OPT_STRING,
     "The scope for the rename. Accepts a nested symbol specifier like outer::middle::inner.",
     NULL},
    {"new-name", RW_OPT_STRING,
     "New name for the symbol. For outer::middle::inner, this would only replace inner.", NULL},
    {"update-uses", RW_OPT_BOOL,
     "If the pass should also attempt to update uses of the symbol being renamed.", NULL},
    {NULL, RW_OPT_BOOL, NULL, NULL},
};

static const RwPassInfo update_symbol_name_pass = {
    .name = "test-debuginfo-update-symbol-name",
    .summary = "Test the debuginfo utilities to update symbol names",
    .anchor = "builtin.module",
    .run = run_update_symbol_name,
    .class_name = "TestDebugInfoUpdateSymbolName",
    .opts = opts,
};

void ct_register_test_debuginfo_update_symbol_name(IrContext *ctx) {
  rw_register_pass(ctx, &update_symbol_name_pass);
}
