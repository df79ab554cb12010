/* capi_internal.h — conversions between the public C API's opaque handles
 * (include/ctile/ctile.h) and libctile's internal types, for every file of
 * lib/capi (later: bytecode and interpreter entry points).
 *
 * Handles hold the internal pointer directly: CtileContext -> IrContext,
 * CtileModule and CtileOperation -> IrOp, CtileRegion -> IrRegion,
 * CtileBlock -> IrBlock, CtileValue -> IrValue, CtileType -> IrType,
 * CtileAttribute and CtileLocation -> IrAttr.  Per-context C API state
 * (the user's diagnostic handler, parsed source text) lives in the
 * context's state slot "capi". */
#ifndef CTILE_CAPI_INTERNAL_H
#define CTILE_CAPI_INTERNAL_H

#include "ctile/ctile.h"
#include "ir/ir.h"

typedef struct CapiState {
  CtileDiagnosticHandler handler;
  void *user;
  VEC(char *) sources;   /* text of parsed buffers: diagnostics may quote it */
} CapiState;

#define CAPI_STATE_SLOT "capi"

static inline IrContext *capi_ctx(CtileContext c) { return (IrContext *)c.ptr; }
static inline CtileContext capi_wrap_ctx(IrContext *c) { CtileContext r = {c}; return r; }
static inline IrOp *capi_op(CtileOperation o) { return (IrOp *)o.ptr; }
static inline CtileOperation capi_wrap_op(IrOp *o) { CtileOperation r = {o}; return r; }
static inline IrOp *capi_module(CtileModule m) { return (IrOp *)m.ptr; }
static inline CtileModule capi_wrap_module(IrOp *o) { CtileModule r = {o}; return r; }
static inline IrRegion *capi_region(CtileRegion r) { return (IrRegion *)r.ptr; }
static inline CtileRegion capi_wrap_region(IrRegion *r) { CtileRegion h = {r}; return h; }
static inline IrBlock *capi_block(CtileBlock b) { return (IrBlock *)b.ptr; }
static inline CtileBlock capi_wrap_block(IrBlock *b) { CtileBlock h = {b}; return h; }
static inline IrValue *capi_value(CtileValue v) { return (IrValue *)v.ptr; }
static inline CtileValue capi_wrap_value(IrValue *v) { CtileValue h = {v}; return h; }
static inline const IrType *capi_type(CtileType t) { return (const IrType *)t.ptr; }
static inline CtileType capi_wrap_type(const IrType *t) { CtileType h = {t}; return h; }
static inline const IrAttr *capi_attr(CtileAttribute a) { return (const IrAttr *)a.ptr; }
static inline CtileAttribute capi_wrap_attr(const IrAttr *a) { CtileAttribute h = {a}; return h; }
static inline const IrLoc *capi_loc(CtileLocation l) { return (const IrLoc *)l.ptr; }
static inline CtileLocation capi_wrap_loc(const IrLoc *l) { CtileLocation h = {l}; return h; }

/* The C API state of a context created by ctileContextCreate. */
static inline CapiState *capi_state(IrContext *ctx) {
  return (CapiState *)ir_ctx_dialect_state(ctx, CAPI_STATE_SLOT);
}

/* Hands a StrBuf's text to a user callback (nothing for empty text). */
static inline void capi_emit(const StrBuf *b, CtileStringCallback cb, void *user) {
  if (cb && b->len) cb(ctileStringRefCreate(b->s, b->len), user);
}

#endif
