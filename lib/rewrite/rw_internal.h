/* rw_internal.h — private state of the rewrite layer, shared by its files.
 * Everything hangs off the context (dialect-state slot "rewrite"): the pass
 * registry, the constant materializers, pass-manager settings and a cache of
 * the canonicalization patterns. */
#ifndef CTILE_RW_INTERNAL_H
#define CTILE_RW_INTERNAL_H

#include "rewrite/rewrite.h"

typedef struct RwFoldIface {
  const IrIdent *dialect;          /* dialect name */
  RwMaterializeFn materialize;     /* may be NULL */
  RwMaterializeIntoFn into;        /* may be NULL */
  RwFoldsKindFn folds;             /* may be NULL: the dialect hook may fold any op */
} RwFoldIface;

typedef struct RwState {
  VEC(const RwPassInfo *) passes;  /* registration order */
  VEC(RwFoldIface) folds;
  U64Map fold_cache;               /* IrOpInfo* -> index+1 into folds, or RW_NO_IFACE */
  RwInstrumentation instr;
  bool have_instr;
  bool verify_each;
  RwPatternSet canon;              /* cached canonicalization patterns */
  bool canon_valid;
  size_t canon_nops;               /* registered op count when cached */
  const IrIdent *id_value;         /* "value" */
} RwState;

#define RW_NO_IFACE ((void *)(uintptr_t)-1)

/* The context's rewrite state, created on first use (which also registers
 * the generic passes). */
RwState *rw_state(IrContext *ctx);
/* The fold interface of the dialect owning `op` (NULL if none). */
const RwFoldIface *rw_fold_iface(IrContext *ctx, const IrOpInfo *info);
/* rw_materialize_constant for the kind `info` (state.c): no lookup by name. */
IrOp *rw_materialize_constant_for(RwRewriter *rw, const IrOpInfo *info, const IrAttr *value,
                                  const IrType *type, const IrLoc *loc);

/* Folding with the pieces the greedy driver caches per op kind (fold.c):
 * the op's fold hook (its row's, else its dialect's; NULL if none), the
 * constant value of a constant-like op given the ident of "value", and
 * rw_fold_op given both. */
typedef bool (*RwFoldFn)(IrOp *, const IrAttr *const *, IrFoldResult *);
RwFoldFn rw_fold_hook(IrOp *op);
/* The fold hook the greedy driver calls for ops of `op`'s kind: rw_fold_hook,
 * or NULL when that is the dialect's and rw_register_fold_kinds says it
 * never folds this kind. */
RwFoldFn rw_fold_hook_for_kind(IrOp *op);
const IrAttr *rw_constant_value_id(IrOp *op, const IrIdent *id_value);
RwFoldStatus rw_fold_op_with(IrOp *op, RwFoldFn fold, const IrIdent *id_value,
                             IrFoldResult *results);

/* Generic passes (canonicalize.c, cse.c). */
extern const RwPassInfo rw_canonicalize_pass;
extern const RwPassInfo rw_cse_pass;

#endif
