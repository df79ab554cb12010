/* c2a.h — shared state and helpers of the cuda_tile -> nv_tileaa conversion
 * (hop 1).  Internal to lib/conversion/cuda_tile_to_nv_tileaa.
 *
 * Files: pass.c (the pass, its option, the type converter), early_exit.c
 * (return/break/continue nested in ifs, rewritten before the patterns),
 * pat_core.c (module/entry/func, control flow, constants, grid queries,
 * tokens, assert/assume/print, shared index values and the token chain),
 * pat_memory.c (pointers, views, loads/stores/atomics with the token
 * chain, globals), pat_compute.c (integer, float and math ops, conversions,
 * shape ops, reduce/scan, mma).
 *
 * Type mapping: a 0-d cuda_tile tile of a number is the builtin scalar
 * (tile<i32> -> i32), of a pointer the nv_tileaa pointer (tile<ptr<f32>> ->
 * !nv_tileaa.ptr<f32, 1>); other tiles are nv_tileaa tiles with pointer
 * elements converted; token -> !nv_tileaa.mem_token; tensor_view ->
 * !nv_tileaa.memref with its static shape and strides; a partition view is
 * represented by the memref of its tensor view (its tiling lives in the
 * accesses that use it). */
#ifndef CTILE_C2A_H
#define CTILE_C2A_H

#include "conversion/convert.h"
#include "dialect/cuda_tile/cuda_tile.h"
#include "dialect/nv_tileaa/nv_tileaa.h"

/* Longest operandSegmentSizes array c2a_segment_attr memoizes. */
#define C2A_SEG_MAX 8

/* Conversion state (CvConversion.user). */
typedef struct C2a {
  int64_t sm;        /* compute capability */
  PtrMap chain;    /* IrBlock* -> current mem_token value of that block */
  /* Shared index values: one arith.index_cast per converted value (placed
   * right after its definition) and one index constant per value in the
   * current function (at the top of its body), so the offsets of every
   * view access do not each carry their own. */
  PtrMap casts;    /* IrValue* -> its index_cast */
  PtrMap threaded; /* scf.for / scf.if carrying the token chain as their
                      * last iter_arg / result (their yields append it) */
  IrBlock *fn_body;  /* body of the function being converted */
  VEC(struct C2aConst { int64_t v; IrValue *val; }) consts;
  /* Memos (direct-mapped, allocated on first use, freed by c2a_run):
   * c2a_dictc's dictionaries by their (literal name, value) pairs, and
   * p_constant's converted value attribute by (source value, type). */
  struct C2aDictMemo {
    uint32_t n;
    const char *names[4];
    const IrAttr *vals[4];
    const IrAttr *dict;
  } *dmemo;
  struct C2aConstMemo {
    const IrAttr *src;
    const IrType *t;
    const IrAttr *val;
  } *cmemo;
  /* c2a_segment_attr's operandSegmentSizes arrays by their sizes (a few
   * distinct ones per module; direct-mapped, inline). */
  struct C2aSegMemo {
    uint32_t n; /* 0: empty slot */
    int32_t sizes[C2A_SEG_MAX];
    const IrAttr *attr;
  } smemo[16];
  /* c2a_int_attr's integer attributes by (type, value): the whole input of
   * ir_integer_attr but the context, fixed for the run (direct-mapped,
   * inline; t == NULL: empty slot). */
  struct C2aIntMemo {
    const IrType *t;
    int64_t v;
    const IrAttr *attr;
  } imemo[64];
} C2a;

#define C2A_DMEMO_SLOTS 1024
#define C2A_CMEMO_SLOTS 256

static inline C2a *c2a(CvConversion *cv) { return cv->user; }

/* Pattern registration, by family. */
void c2a_add_core_patterns(CvConversion *cv);
void c2a_add_memory_patterns(CvConversion *cv);
void c2a_add_compute_patterns(CvConversion *cv);

/* Rewrites nested early exits (early_exit.c); run before the patterns. */
bool c2a_lift_early_exits(IrOp *root);

/* The type converter (pass.c). */
bool c2a_convert_type(CvConversion *cv, const IrType *t, IrTypeVec *out);

/* ---- helpers (pat_core.c) -------------------------------------------------- */
/* Converted result type i of op (NULL if it does not convert 1:1). */
const IrType *c2a_res_type(CvConversion *cv, IrOp *op, unsigned i);
/* Builds `name` (nv_tileaa op info or a named op) with the converted
 * operands of op, one result per op result (converted types), copying the
 * listed attributes of op (NULL-terminated; may be NULL), as op's
 * replacement (cv_build_replace: built last, possibly op itself converted
 * in place).  Returns the new op or NULL. */
IrOp *c2a_one_to_one(CvConversion *cv, IrOp *op, const IrOpInfo *info, const char *name,
                     const char *const *keep_attrs);
/* Builds op `info` with `nregions` empty regions at the insertion point,
 * at the rewritten op's location: operands and result types lent, the
 * attributes (a dictionary; may be NULL) given as st.attrs entries. */
IrOp *c2a_build_regions(CvConversion *cv, const IrOpInfo *info, IrValue *const *ops, size_t nops,
                        const IrType *const *rts, size_t nres, const IrAttr *attrs,
                        unsigned nregions);
/* Dictionary attribute from names/values (n pairs; NULL values skipped);
 * c2a_dictc takes names that are string literals (cached identifiers). */
const IrAttr *c2a_dict(IrContext *ctx, const char *const *names, const IrAttr *const *vals,
                       size_t n);
const IrAttr *c2a_dictc(CvConversion *cv, const char *const *names, const IrAttr *const *vals,
                        size_t n);
/* aa_segment_attr(ctx, sizes, n), memoized by the sizes. */
const IrAttr *c2a_segment_attr(CvConversion *cv, const int32_t *sizes, size_t n);
/* ir_integer_attr(ctx, t, v), memoized by (t, v). */
const IrAttr *c2a_int_attr(CvConversion *cv, const IrType *t, int64_t v);
/* Builders for the arith ops the patterns need. */
IrValue *c2a_const_int(CvConversion *cv, const IrLoc *loc, const IrType *t, int64_t v);
IrValue *c2a_index_cast(CvConversion *cv, const IrLoc *loc, IrValue *v);
IrValue *c2a_binop(CvConversion *cv, const char *name, const IrLoc *loc, IrValue *a, IrValue *b);
/* The memory-token chain: the token current at the insertion point (made by
 * the enclosing func's create_mem_token), and its update. */
IrValue *c2a_chain_get(CvConversion *cv, IrOp *at);
void c2a_chain_set(CvConversion *cv, IrOp *at, IrValue *tok);
void c2a_chain_start(CvConversion *cv, IrBlock *b, IrValue *tok);
/* Maps a cuda_tile enum attribute's case to the corresponding nv_tileaa
 * attribute (memory semantics/scope); NULL when weak/absent. */
const IrAttr *c2a_mem_semantic(CvConversion *cv, IrOp *op);
const IrAttr *c2a_mem_scope(CvConversion *cv, IrOp *op);

#endif
