/* synthesize_debuginfo_scopes.c — the `synthesize-debug-info-scopes` pass
 * (NVIDIA's SynthesizeDebugInfoScopesPass, on cuda_tile.module): gives every
 * function of the module that has no debug scope yet a di_subprogram and
 * rewrites the location of the function and of every op in it to
 * `#cuda_tile.di_loc<file-loc in subprogram>`, so that frontends without
 * debug info still get line tables.
 *
 * The compile unit's file comes from the module's location; the
 * subprogram's file and line from the function's (line 1 of the compile
 * unit's file when it has none).  The file:line:col of a location is found
 * like NVIDIA's extractFileLoc: name -> child, opaque -> fallback, fused ->
 * first direct file member, callsite -> caller.  Ops without one use the
 * function's. */
#include "asm/asm.h" /* ASM_MAX_NESTING_DEPTH */
#include "dialect/cuda_tile/ct_transforms.h"

static const IrLoc *extract_file_loc(const IrLoc *loc) {
  for (unsigned guard = 0; loc && guard < 100000; guard++) {
    if (loc->def == &ir_file_loc_def) return loc;
    if (loc->def == &ir_name_loc_def || loc->def == &ir_opaque_loc_def)
      loc = loc->nelems ? loc->elems[0] : NULL;
    else if (loc->def == &ir_callsite_loc_def)
      loc = loc->elems[1];
    else if (loc->def == &ir_fused_loc_def) {
      uint32_t n = loc->nelems - ((loc->flags & 1) ? 1 : 0);
      for (uint32_t i = 0; i < n; i++)
        if (loc->elems[i]->def == &ir_file_loc_def) return loc->elems[i];
      return NULL;
    } else
      return NULL;
  }
  return NULL;
}

/* Whether `a` or any location nested in it is a di_loc (findInstanceOf). */
static bool has_di_loc(const IrAttr *a, unsigned depth) {
  if (!a || depth > ASM_MAX_NESTING_DEPTH) return false;
  if (ct_attr_is_di_loc(a)) return true;
  if (a->def == &ir_name_loc_def || a->def == &ir_opaque_loc_def ||
      a->def == &ir_callsite_loc_def || a->def == &ir_fused_loc_def)
    for (uint32_t i = 0; i < a->nelems; i++)
      if (a->elems[i] && ir_attr_is_loc(a->elems[i]) && has_di_loc(a->elems[i], depth + 1))
        return true;
  return false;
}

/* di_file of a file location: llvm::sys::path filename / parent_path. */
static const IrAttr *file_for_loc(IrContext *ctx, const IrLoc *fl) {
  const char *path = fl->str->str;
  size_t n = fl->str->len;
  size_t slash = n;
  for (size_t i = n; i-- > 0;)
    if (path[i] == '/') {
      slash = i;
      break;
    }
  const IrAttr *name, *dir;
  if (slash == n) {
    name = ir_string_attr(ctx, path, n);
    dir = ir_string_attr(ctx, "", 0);
  } else {
    name = ir_string_attr(ctx, path + slash + 1, n - slash - 1);
    /* parent of "/x" is "/"; trailing separators of the parent are dropped */
    size_t d = slash;
    while (d > 1 && path[d - 1] == '/') d--;
    dir = ir_string_attr(ctx, path, d ? d : 1);
  }
  return ct_di_file_attr(ctx, name, dir);
}

typedef struct Synth {
  IrContext *ctx;
  const IrLoc *fn_file_loc;
  const IrAttr *subprogram;
} Synth;

static IrWalkResult set_loc(IrOp *op, void *user) {
  Synth *s = user;
  const IrLoc *fl = extract_file_loc(ir_op_loc(op));
  if (!fl) fl = s->fn_file_loc;
  ir_op_set_loc(op, ct_di_loc(s->ctx, fl, s->subprogram));
  return IR_WALK_ADVANCE;
}

static void synthesize_for_function(IrOp *fn, const IrAttr *cu) {
  IrContext *ctx = ir_op_context(fn);
  if (has_di_loc(ir_op_loc(fn), 0)) return;
  const IrAttr *file = cu->elems[0];
  uint32_t line = 1;
  const IrLoc *fl = extract_file_loc(ir_op_loc(fn));
  if (fl) {
    file = file_for_loc(ctx, fl);
    line = (uint32_t)fl->ints[0];
  } else {
    const IrAttr *fname = file->elems[0];
    fl = ir_file_loc(ctx, ir_ident(ctx, fname->str->str, fname->str->len), 1, 1);
  }
  const IrAttr *name = ir_op_attrz(fn, "sym_name");
  if (!name) return;
  Synth s = {ctx, fl, ct_di_subprogram_attr(ctx, file, line, name, name, cu, line)};
  ir_walk_pre(fn, set_loc, &s);
}

static bool run_synthesize(IrOp *module, const char *options) {
  (void)options;
  IrContext *ctx = ir_op_context(module);
  const IrLoc *ml = extract_file_loc(ir_op_loc(module));
  const IrAttr *file = ml ? file_for_loc(ctx, ml)
                          : ct_di_file_attr(ctx, ir_string_attr(ctx, "<unknown>", 9),
                                            ir_string_attr(ctx, "", 0));
  const IrAttr *cu = ct_di_compile_unit_attr(ctx, file);
  for (uint32_t r = 0; r < module->nregions; r++)
    for (IrBlock *b = ir_op_regions(module)[r].first; b; b = b->next)
      for (IrOp *o = b->first; o; o = o->next)
        if (ir_op_info_has(o->info, IR_TRAIT_FUNCTION_LIKE)) synthesize_for_function(o, cu);
  return true;
}

static const RwPassOption no_opts[] = {{NULL, RW_OPT_BOOL, NULL, NULL}};

static const RwPassInfo synthesize_pass = {
    .name = "synthesize-debug-info-scopes",
    .summary = "Synthesize debug info scope information for a module",
    .anchor = "cuda_tile.module",
    .run = run_synthesize,
    .class_name = "SynthesizeDebugInfoScopesPass",
    .opts = no_opts,
};

void ct_register_synthesize_debuginfo_scopes(IrContext *ctx) {
  rw_register_pass(ctx, &synthesize_pass);
}
