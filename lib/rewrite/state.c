/* state.c — the rewrite layer's per-context state (MLIR keeps these in
 * global registries and dialect interfaces; ctile keeps them in the
 * context): the pass registry storage, the per-dialect fold interfaces
 * (constant materialization, materialization regions) and settings. */
#include "rewrite/rw_internal.h"

static void state_free(void *p) {
  RwState *s = p;
  vec_free(&s->passes);
  vec_free(&s->folds);
  u64map_free(&s->fold_cache);
  rw_pattern_set_free(&s->canon);
  free(s);
}

/* Creates the state on first use and registers the generic passes. */
RwState *rw_state(IrContext *ctx) {
  RwState *s = ir_ctx_dialect_state(ctx, "rewrite");
  if (s) return s;
  s = xcalloc(1, sizeof *s);
  s->verify_each = true;
  s->id_value = ir_identz(ctx, "value");
  rw_pattern_set_init(&s->canon, ctx);
  ir_ctx_set_dialect_state(ctx, "rewrite", s, state_free);
  vec_push(&s->passes, &rw_canonicalize_pass);
  vec_push(&s->passes, &rw_cse_pass);
  return s;
}

/* Finds or adds the fold interface entry of a dialect. */
static RwFoldIface *iface_for(IrContext *ctx, const char *dialect) {
  RwState *s = rw_state(ctx);
  const IrIdent *id = ir_identz(ctx, dialect);
  u64map_free(&s->fold_cache); /* lookups are cached per op kind */
  for (size_t i = 0; i < s->folds.len; i++)
    if (s->folds.data[i].dialect == id) return &s->folds.data[i];
  vec_push(&s->folds, ((RwFoldIface){id, NULL, NULL, NULL}));
  return &vec_last(&s->folds);
}

void rw_register_constant_materializer(IrContext *ctx, const char *dialect,
                                       RwMaterializeFn fn) {
  iface_for(ctx, dialect)->materialize = fn;
}

void rw_register_materialize_into(IrContext *ctx, const char *dialect,
                                  RwMaterializeIntoFn fn) {
  iface_for(ctx, dialect)->into = fn;
}

void rw_register_fold_kinds(IrContext *ctx, const char *dialect, RwFoldsKindFn folds) {
  iface_for(ctx, dialect)->folds = folds;
}

/* The dialect of an op is the prefix of its name before the first '.'. */
static const IrIdent *dialect_of(IrContext *ctx, const char *opname) {
  const char *dot = strchr(opname, '.');
  return ir_ident(ctx, opname, dot ? (size_t)(dot - opname) : strlen(opname));
}

const RwFoldIface *rw_fold_iface(IrContext *ctx, const IrOpInfo *info) {
  RwState *s = rw_state(ctx);
  if (!s->folds.len) return NULL;
  void *hit = u64map_get(&s->fold_cache, (uintptr_t)info);
  if (hit == RW_NO_IFACE) return NULL;
  if (hit) return &s->folds.data[(uintptr_t)hit - 1];
  const IrIdent *d = dialect_of(ctx, info->name);
  for (size_t i = 0; i < s->folds.len; i++)
    if (s->folds.data[i].dialect == d) {
      u64map_put(&s->fold_cache, (uintptr_t)info, (void *)(uintptr_t)(i + 1));
      return &s->folds.data[i];
    }
  u64map_put(&s->fold_cache, (uintptr_t)info, RW_NO_IFACE);
  return NULL;
}

IrOp *rw_materialize_constant(RwRewriter *rw, const char *op_name,
                              const IrAttr *value, const IrType *type,
                              const IrLoc *loc) {
  const IrOpInfo *info = ir_op_info_lookup(rw->ctx, op_name, strlen(op_name));
  return rw_materialize_constant_for(rw, info, value, type, loc);
}

/* rw_materialize_constant for an op kind at hand (the greedy driver's
 * folds: the folded op's info, no lookup by name). */
IrOp *rw_materialize_constant_for(RwRewriter *rw, const IrOpInfo *info, const IrAttr *value,
                                  const IrType *type, const IrLoc *loc) {
  const RwFoldIface *f = rw_fold_iface(rw->ctx, info);
  if (f && f->materialize) return f->materialize(rw, value, type, loc);
  const IrDialect *d = ir_op_info_dialect(rw->ctx, info);
  return d && d->materialize_constant ? d->materialize_constant(rw, value, type, loc) : NULL;
}

void rw_set_instrumentation(IrContext *ctx, const RwInstrumentation *ins) {
  RwState *s = rw_state(ctx);
  s->have_instr = ins != NULL;
  if (ins) s->instr = *ins;
}

void rw_set_verify_each(IrContext *ctx, bool on) { rw_state(ctx)->verify_each = on; }
