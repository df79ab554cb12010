/* nv_tileaa.h — the public header of the nv_tileaa dialect (seeds 000 and
 * 002): what modules outside lib/dialect/nv_tileaa (the dialect registry,
 * conversion, interp, bytecode, tools) may use — its types, attributes and
 * enums, the op enum and table, the dialect object and the module verifier.
 * It needs only lib/ir.  The dialect's internal header aa.h includes this one
 * and adds what needs lib/asm or is private (syntax helpers, per-row formats,
 * verifier hooks). */
#ifndef CTILE_NV_TILEAA_H
#define CTILE_NV_TILEAA_H

#include "ir/ir.h"

/* ======================================================================== */
/* Types                                                                     */
/* ======================================================================== */
/* Payload layouts (uniquer key = exactly the seed's fields):
 *   tile        ints = shape; types[0] = element (builtin tensor layout)
 *   ptr         types[0] = pointee; ints[0] = address space
 *   program_id  none (one canonical instance per context)
 *   mem_token   none (one canonical instance per context)
 *   queue       types = result types; flags = isolated (0/1)
 *   memref      types[0] = element; flags = rank; ints = {space, alias_scope
 *               (-1 = none), shape[rank], strides[n]} (IR_DYNAMIC for `?`)
 *   tiled_view  types[0] = source type; ints = shape; attr = layout or NULL */
extern const IrTypeDef aa_tile_type_def;
extern const IrTypeDef aa_ptr_type_def;
extern const IrTypeDef aa_program_id_type_def;
extern const IrTypeDef aa_mem_token_type_def;
extern const IrTypeDef aa_queue_type_def;
extern const IrTypeDef aa_memref_type_def;
extern const IrTypeDef aa_tiled_view_type_def;

const IrType *aa_tile_type(IrContext *ctx, const int64_t *shape, size_t rank,
                           const IrType *elem);
const IrType *aa_ptr_type(IrContext *ctx, const IrType *pointee, int64_t space);
const IrType *aa_program_id_type(IrContext *ctx);
const IrType *aa_mem_token_type(IrContext *ctx);
const IrType *aa_queue_type(IrContext *ctx, const IrType *const *types, size_t n,
                            bool isolated);
const IrType *aa_memref_type(IrContext *ctx, const IrType *elem, const int64_t *shape,
                             size_t rank, const int64_t *strides, size_t nstrides,
                             int64_t space, int64_t alias_scope);
const IrType *aa_tiled_view_type(IrContext *ctx, const IrType *source,
                                 const int64_t *shape, size_t rank, const IrAttr *layout);

static inline bool aa_is_tile(const IrType *t) { return t && t->def == &aa_tile_type_def; }
static inline bool aa_is_ptr(const IrType *t) { return t && t->def == &aa_ptr_type_def; }
/* Hop 2 (lib/conversion/nv_tileaa_lowering) keeps the token graph and only
 * changes the carrier: a !llvm.ptr<3> mbarrier handle is a token too. */
extern const IrTypeDef llvm_ptr_type_def;
static inline bool aa_is_token(const IrType *t) {
  return t && (t->def == &aa_mem_token_type_def ||
               (t->def == &llvm_ptr_type_def && t->nints && t->ints[0] == 3));
}
static inline bool aa_is_program_id(const IrType *t) {
  return t && t->def == &aa_program_id_type_def;
}
static inline bool aa_is_queue(const IrType *t) { return t && t->def == &aa_queue_type_def; }
static inline bool aa_is_memref(const IrType *t) { return t && t->def == &aa_memref_type_def; }
static inline bool aa_is_tiled_view(const IrType *t) {
  return t && t->def == &aa_tiled_view_type_def;
}
bool aa_type_is_dialect(const IrType *t);
/* Legal tile elements: cuda_tile's numeric types (ct_type_is_any_float and
 * integers of any signedness), index, and !nv_tileaa.ptr. */
bool aa_tile_elem_ok(const IrType *e);

/* tile accessors; scalars behave as rank-0 (aa_elem returns t itself). */
size_t aa_rank(const IrType *t);
const int64_t *aa_shape(const IrType *t);
const IrType *aa_elem(const IrType *t);
static inline int64_t aa_ptr_space(const IrType *t) { return t->ints[0]; }
static inline const IrType *aa_ptr_pointee(const IrType *t) { return t->types[0]; }
static inline size_t aa_memref_rank(const IrType *t) { return t->flags; }
static inline int64_t aa_memref_space(const IrType *t) { return t->ints[0]; }
static inline int64_t aa_memref_alias_scope(const IrType *t) { return t->ints[1]; }
static inline const int64_t *aa_memref_shape(const IrType *t) { return t->ints + 2; }
static inline size_t aa_memref_num_strides(const IrType *t) {
  return t->nints - 2 - t->flags;
}
static inline const int64_t *aa_memref_strides(const IrType *t) {
  return t->ints + 2 + t->flags;
}
static inline const IrType *aa_memref_elem(const IrType *t) { return t->types[0]; }

/* ======================================================================== */
/* Attributes                                                                */
/* ======================================================================== */
/* Closed enums: X(cname, "mnemonic", cases...) — payload ints[0] = case. */
typedef struct AaEnumInfo {
  const char *mnemonic;
  const char *const *cases;
  int ncases;
  const IrAttrDef *def;
} AaEnumInfo;

#define AA_ENUMS(X)                                                             \
  X(cache_modifier, "cache_modifier", "none", "ca", "cg", "cs", "lu", "cv")      \
  X(eviction_policy, "eviction_policy", "none", "first", "last", "normal")      \
  X(mem_semantic, "mem_semantic", "weak", "relaxed", "acquire", "release",      \
    "acq_rel")                                                                  \
  X(mem_scope, "mem_scope", "tl_blk", "cluster", "gpu", "sys")                  \
  X(rmw_mode, "rmw_mode", "add", "and", "or", "xor", "xchg", "min", "max",      \
    "umin", "umax", "addf")                                                     \
  X(rounding_mode, "rounding_mode", "rn", "rz", "rm", "rp", "approx", "full")   \
  X(propagate_nan, "propagate_nan", "none", "all")                              \
  X(signedness, "signedness", "signed", "unsigned")                             \
  X(padding_value, "padding_value", "zero", "neg_zero", "nan", "pos_inf",       \
    "neg_inf")                                                                  \
  X(activation_layout, "activation_layout", "nchw", "nhwc", "ncdhw", "ndhwc")

#define X(c, m, ...) extern const AaEnumInfo aa_enum_##c;
AA_ENUMS(X)
#undef X
enum { AA_SEM_WEAK, AA_SEM_RELAXED, AA_SEM_ACQUIRE, AA_SEM_RELEASE, AA_SEM_ACQ_REL };

const IrAttr *aa_enum_attr(IrContext *ctx, const AaEnumInfo *e, int v);
int aa_enum_value(const IrAttr *a, const AaEnumInfo *e); /* -1 if not of e */

/* compute_capability<N> (ints[0] = SM number, e.g. 90, 100); the legacy
 * mnemonic `compute-capability` parses to the same attribute. */
extern const IrAttrDef aa_compute_capability_attr_def;
const IrAttr *aa_compute_capability_attr(IrContext *ctx, int64_t sm);
/* target_spec<{dict}> / kernel_spec<{dict}>: elems[0] = dictionary. */
extern const IrAttrDef aa_target_spec_attr_def;
extern const IrAttrDef aa_kernel_spec_attr_def;
/* conv_params<stride = [..], padding = [..], dilation = [..]>:
 * ints = {ns, np, nd, stride..., padding..., dilation...}. */
extern const IrAttrDef aa_conv_params_attr_def;
/* Assumption predicates:
 *   div_by         ints = {divisor, every, along}; flags bit0 every, bit1 along
 *   bounded        ints = {lower, upper}; flags bit0 lower, bit1 upper
 *   same_elements  ints = values */
extern const IrAttrDef aa_div_by_attr_def;
extern const IrAttrDef aa_bounded_attr_def;
extern const IrAttrDef aa_same_elements_attr_def;

/* The SM number of the target governing op: the nearest compute_capability
 * (attribute `compute_capability`/`nv_tileaa.compute_capability`, or inside
 * a `target_spec`) on op or an ancestor; 0 when none. */
int64_t aa_target_sm(IrOp *op);
static inline bool aa_sm_supports_block_scaled(int64_t sm) { return sm >= 100; }

/* ======================================================================== */
/* Ops                                                                       */
/* ======================================================================== */
/* (The op enum expands only the cname column of ops.def; the row macros of
 * the other columns are aa.h's.) */
typedef enum AaOpIndex {
#define AA_OP(c, m, tr, a, b, rc, rd, nr, inh, desc, ve, vr, par, sum) AA_OP_##c,
#include "dialect/nv_tileaa/ops.def"
#undef AA_OP
  AA_OP_COUNT
} AaOpIndex;

extern const IrOpInfo aa_op_infos[];
#define aa_op(cname) (&aa_op_infos[AA_OP_##cname])
static inline bool aa_op_is(const IrOp *op, AaOpIndex i) {
  return op && op->info == &aa_op_infos[i];
}
/* The IrDialect registered as "nv_tileaa" (attrs.c). */
extern const IrDialect aa_dialect;

/* Segment sizes of op (a dense i32 array of n entries summing to at most the
 * operand count; a memory op's trailing token is outside the segments).
 * Reports ODS-style errors unless quiet; false when missing/malformed. */
bool aa_segments(IrOp *op, int n, int32_t *sizes, uint32_t *starts, bool quiet);
/* The `operandSegmentSizes` attribute (dense i32 array) for building an op
 * with segmented operands. */
const IrAttr *aa_segment_attr(IrContext *ctx, const int32_t *sizes, size_t n);

/* The verifier option of the conversion: a module that still holds cuda_tile
 * ops is not a valid nv_tileaa module.  Reports "'<op>' op cuda_tile
 * operation is not allowed in an nv_tileaa module" at the first offender and
 * returns false; then runs ir_verify on the module. */
bool aa_verify_module(IrOp *module);
/* The first half of aa_verify_module: true when no cuda_tile op is left
 * under module, else that error at the first offender. */
bool aa_module_has_no_cuda_tile(IrOp *module);

#endif
