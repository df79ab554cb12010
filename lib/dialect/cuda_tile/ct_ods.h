/* ct_ods.h — ODS-style constraint checkers shared by every cuda_tile op.
 *
 * MLIR's ODS generates, for each op, a `verifyInvariantsImpl` that checks
 * required/inherent attributes, operand and result type constraints, segment
 * sizes and PredOpTraits (AllTypesMatch…), with fixed wording.  These
 * helpers reproduce that wording so that hand-written verify hooks emit the
 * exact text NVIDIA's cuda-tile-opt prints:
 *
 *   'cuda_tile.addi' op operand #0 must be tile of i1 or … values, but got '!cuda_tile.tile<f32>'
 *   'cuda_tile.cmpi' op failed to verify that all of {lhs, rhs} have same type
 *   'cuda_tile.x' op requires attribute 'value'
 *   'cuda_tile.x' op attribute 'alignment' failed to satisfy constraint: …
 *
 * Type predicates over the dialect's types are also here (by type-def name,
 * so this file does not depend on the types engineer's payload layout beyond
 * "tile: ints = shape, types[0] = element"), together with the constraint
 * descriptions ODS derives from Types.td (CT_DESC_*).
 *
 * Usage: the op's ODS invariants as a CtOdsSpec (below), named in the
 * spec column of its ops_core.def row; its verify hook runs it first, then
 * the op's own checks:
 *
 *   const CtOdsSpec ct_spec_offset = {
 *       .operands = {CT_ODS_V(ONE, ct_is_ptr_tile, CT_DESC_PTR_TILE), ...},
 *       .results = {CT_ODS_V(ONE, ct_is_ptr_tile, CT_DESC_PTR_TILE)}};
 *   bool ct_verify_offset(IrOp *op) {
 *     if (!ct_ods_verify_op(op, NULL)) return false;
 *     ...
 *
 * Native traits (SameOperandsAndResultShape, …) are verified by MLIR after
 * all of these, so hooks check them last. */
#ifndef CTILE_CT_ODS_H
#define CTILE_CT_ODS_H

#include "ir/ir.h"
#include "dialect/cuda_tile/ct_ops.h"

/* A type predicate: true when `t` satisfies the constraint. */
typedef bool (*CtTypePred)(const IrType *t);
/* An attribute predicate (for attribute constraints). */
typedef bool (*CtAttrPred)(const IrAttr *a);

/* AllShapesMatch over tiles: "failed to verify that all of NAMES have same
 * shape" unless all n types are tiles of one shape. */
bool ct_ods_all_same_shape(IrOp *op, const char *names, const IrType *const *t, size_t n);

/* ---- operand segments and regions -----------------------------------------
 * (ct_ods_verify checks `operandSegmentSizes`; these serve the hooks that
 * run after it.) */
/* SizedRegion<1> (or MaxSizedRegion<1> when at_most): "region #I ('NAME')
 * failed to verify constraint: region with [at most ]1 blocks". */
bool ct_ods_sized_region(IrOp *op, unsigned idx, const char *name, bool at_most);
/* Segment sizes of an op (NULL / 0 when absent or malformed): for hooks
 * that run after verification (printers, result names). */
bool ct_ods_segment_range(const IrOp *op, unsigned seg, unsigned nseg,
                          uint32_t *start, uint32_t *size);
/* Builds the `array<i32: ...>` attribute for a parser. */
const IrAttr *ct_ods_segment_attr(IrContext *ctx, const int32_t *sizes, size_t n);

/* ---- PredOpTraits --------------------------------------------------------
 * "failed to verify that all of {a, b, c} have same type" when the n types
 * are not identical.  `names` is the braced list as ODS spells it. */
bool ct_ods_same_type(IrOp *op, const char *names, size_t n,
                      const IrType *const *types);
/* Convenience: up to 4 values (trailing NULLs ignored). */
bool ct_ods_same_type_vals(IrOp *op, const char *names, IrValue *a, IrValue *b,
                           IrValue *c, IrValue *d);
/* "failed to verify that <what>" (generic PredOpTrait wording). */
bool ct_ods_fail_that(IrOp *op, const char *what);

/* ---- declarative ODS invariants (one spec per op) ------------------------
 * What ODS generates from an op's arguments, results and regions, written as
 * data: a hook declares its op's CtOdsSpec and calls ct_ods_verify first;
 * only the op's own checks (its verify(), seed rules) stay code.  The spec
 * engine of the compute ops (verify_compute.c) is the same idea with element
 * classes in place of predicates.  ct_ods_verify runs, in this order:
 *   1. AttrSizedOperandSegments (when `segments`): "requires attribute
 *      'operandSegmentSizes'", a wrong element count, negative sizes or a
 *      total that is not the operand count, in ODS's words;
 *   2. attributes: presence of every required one, then every present one's
 *      constraint, both in list order (ODS: alphabetical);
 *   3. with segments: each CT_ODS_ONE group holds exactly one operand
 *      ("operand group #N requires exactly 1 element");
 *   4. operand groups, then result groups: each value's predicate ("operand
 *      #I must be <desc>, but got '<type>'", I the value's absolute index, as
 *      ODS numbers variadic members; an Optional<> segment of more than one
 *      operand: "operand group starting at #S requires 0 or 1 element, but
 *      found N");
 *   5. regions: SizedRegion<1> / MaxSizedRegion<1> (ct_ods_sized_region).
 * Without segments the groups are positional: CT_ODS_ONE groups take one
 * value each and the one CT_ODS_OPT / CT_ODS_MANY group takes the rest;
 * values past the op's count are not checked (the generic count check
 * reports those). */
typedef enum CtOdsArity {
  CT_ODS_NONE, /* end of a group list */
  CT_ODS_ONE,  /* a single value */
  CT_ODS_OPT,  /* Optional<>: 0 or 1 value */
  CT_ODS_MANY, /* Variadic<> */
} CtOdsArity;

typedef struct CtOdsValueSpec {
  uint8_t arity; /* CtOdsArity */
  CtTypePred pred;
  const char *desc;
} CtOdsValueSpec;

typedef struct CtOdsAttrSpec {
  const char *name; /* NULL ends the list */
  CtAttrPred pred;  /* NULL: presence only */
  const char *desc;
  bool required;
} CtOdsAttrSpec;

typedef struct CtOdsRegionSpec {
  const char *name; /* NULL ends the list */
  bool at_most;     /* MaxSizedRegion<1> rather than SizedRegion<1> */
} CtOdsRegionSpec;

#define CT_ODS_MAX_GROUPS 6
typedef struct CtOdsSpec {
  bool segments; /* AttrSizedOperandSegments: one segment per operand group */
  CtOdsAttrSpec attrs[6];
  CtOdsValueSpec operands[CT_ODS_MAX_GROUPS];
  CtOdsValueSpec results[3];
  CtOdsRegionSpec regions[2];
} CtOdsSpec;

/* Where each operand group of a verified op sits (start, size). */
typedef struct CtOdsGroups {
  uint32_t start[CT_ODS_MAX_GROUPS];
  int32_t size[CT_ODS_MAX_GROUPS];
} CtOdsGroups;

/* Spec shorthands: CT_ODS_V(arity, pred, desc) for a value group, and the
 * common single groups. */
#define CT_ODS_V(ar, pred, desc) {CT_ODS_##ar, pred, desc}
#define CT_ODS_ANY_VARIADIC CT_ODS_V(MANY, ct_is_any_type, "variadic of any type")
#define CT_ODS_TOKEN CT_ODS_V(ONE, ct_is_token, CT_DESC_TOKEN)
#define CT_ODS_OPT_TOKEN CT_ODS_V(OPT, ct_is_token, CT_DESC_TOKEN)

/* Runs `s` on `op` (see above); fills `g` (may be NULL) with the operand
 * groups.  False after reporting the first violation. */
bool ct_ods_verify(IrOp *op, const CtOdsSpec *s, CtOdsGroups *g);

/* The `spec` column of the ops_core.def rows (and of the module, row 0):
 * each names the CtOdsSpec object holding its op's ODS invariants, defined
 * next to the op's hook; declared here from the rows.  Compute rows have
 * their own spec engine (verify_compute.c) and no entry (NULL). */
#define CT_OP(c, m, tr, a, b, rc, rd, nr, inh, pa, pr, ve, sp, nm, bc, sum) \
  extern const CtOdsSpec sp;
#define CT_OPX(c, m, tr, a, b, rc, rd, nr, inh, pa, pr, ve, sp, nm, par, dd, ban, vr, bc, sum) \
  extern const CtOdsSpec sp;
#include "dialect/cuda_tile/ops_core.def"
#undef CT_OPX
#undef CT_OP
extern const CtOdsSpec ct_spec_module;
extern const CtOdsSpec *const ct_op_ods_specs[CT_OP_COUNT];

/* ct_ods_verify with the spec named on `op`'s row: how every core op's
 * verify hook starts (its own checks follow).  An op whose row names no
 * spec reports an internal error. */
bool ct_ods_verify_op(IrOp *op, CtOdsGroups *g);

/* ---- dialect type predicates --------------------------------------------- */
bool ct_is_tile(const IrType *t);          /* !cuda_tile.tile<...> */
bool ct_is_token(const IrType *t);         /* !cuda_tile.token */
bool ct_is_ptr(const IrType *t);           /* !cuda_tile.ptr<T> */
bool ct_is_tensor_view(const IrType *t);   /* !cuda_tile.tensor_view<...> */
bool ct_is_partition_view(const IrType *t);/* !cuda_tile.partition_view<...> */
bool ct_is_tile_view(const IrType *t);     /* any view type (TileView interface) */
/* Tile accessors (NULL / 0 for non-tiles). */
const IrType *ct_tile_elem(const IrType *t);
size_t ct_tile_rank(const IrType *t);
const int64_t *ct_tile_shape(const IrType *t);

/* Whether `t` is the tile type ct_tile_type(ctx, shape, rank, elem) returns,
 * decided field by field as the type uniquer compares keys: verify hooks
 * check an op's type against an expected one without uniquing (hashing and,
 * on a mismatch, creating) a type per op. */
bool ct_is_tile_of(const IrType *t, const int64_t *shape, size_t rank, const IrType *elem);

/* Element-class predicates on scalar types. */
bool ct_elem_is_int(const IrType *e);      /* i1 i8 i16 i32 i64 */
bool ct_elem_is_base_float(const IrType *e);/* f16 bf16 f32 f64 */
bool ct_elem_is_float(const IrType *e);    /* + tf32, f8 kinds */
bool ct_elem_is_number(const IrType *e);   /* int or float */

/* Tile predicates (ODS TileOf<[...]>). */
bool ct_is_int_tile(const IrType *t);
bool ct_is_i1_tile(const IrType *t);
bool ct_is_i32_tile(const IrType *t);
bool ct_is_base_float_tile(const IrType *t);
bool ct_is_float_tile(const IrType *t);
bool ct_is_number_tile(const IrType *t);
bool ct_is_ptr_tile(const IrType *t);        /* tile of ptr<...> */
bool ct_is_scalar_i1_tile(const IrType *t);  /* rank-0 tile<i1> */
bool ct_is_scalar_i32_tile(const IrType *t);
bool ct_is_scalar_int_tile(const IrType *t);
bool ct_is_scalar_ptr_tile(const IrType *t);
bool ct_is_i64_tile(const IrType *t);
bool ct_is_strided_view(const IrType *t);
bool ct_is_gather_scatter_view(const IrType *t);
bool ct_is_any_type(const IrType *t);        /* always true */
bool ct_is_cuda_tile_type(const IrType *t);  /* tile/token/ptr/views */

/* ODS descriptions (summaries) as NVIDIA's Types.td spells them. */
#define CT_DESC_INT_TILE "tile of i1 or i8 or i16 or i32 or i64 values"
#define CT_DESC_I1_TILE "tile of i1 values"
#define CT_DESC_I32_TILE "tile of i32 values"
#define CT_DESC_BASE_FLOAT_TILE "tile of f16 or bf16 or f32 or f64 values"
#define CT_DESC_FLOAT_TILE                                                    \
  "tile of f16 or bf16 or f32 or f64 or tf32 or f8E4M3FN or f8E5M2 or "       \
  "f8E8M0FNU or f4E2M1FN values"
#define CT_DESC_NUMBER_TILE                                                   \
  "tile of i1 or i8 or i16 or i32 or i64 or f16 or bf16 or f32 or f64 or "    \
  "tf32 or f8E4M3FN or f8E5M2 or f8E8M0FNU or f4E2M1FN values"
#define CT_DESC_I64_TILE "tile of i64 values"
#define CT_DESC_PTR_TILE "tile of Pointer type values"
#define CT_DESC_SCALAR_I1 "0D tile of i1 values"
#define CT_DESC_SCALAR_I32 "0D tile of i32 values"
#define CT_DESC_SCALAR_INT "0D tile of i1 or i8 or i16 or i32 or i64 values"
#define CT_DESC_SCALAR_PTR "0D tile of Pointer type values"
#define CT_DESC_TILE "Tile type"
#define CT_DESC_TOKEN "cuda tile token type"
#define CT_DESC_TENSOR_VIEW "tensor view type"
#define CT_DESC_PARTITION_VIEW "partition view type"
#define CT_DESC_STRIDED_VIEW "strided view type"
#define CT_DESC_GATHER_SCATTER_VIEW "gather/scatter view type"
#define CT_DESC_TILE_VIEW "TileView instance"
/* ODS prefixes Variadic<> constraints with "variadic of " (Optional<> has
 * no prefix): CT_VARIADIC(CT_DESC_SCALAR_INT). */
#define CT_VARIADIC(d) "variadic of " d

/* ---- attribute predicates ------------------------------------------------ */
bool ct_attr_is_i32(const IrAttr *a);      /* 32-bit signless integer attribute */
bool ct_attr_is_i64(const IrAttr *a);
bool ct_attr_is_string(const IrAttr *a);
bool ct_attr_is_unit(const IrAttr *a);
bool ct_attr_is_bool(const IrAttr *a);
bool ct_attr_is_flat_symref(const IrAttr *a);
bool ct_attr_is_dense_i32_array(const IrAttr *a);
bool ct_attr_is_dense_i64_array(const IrAttr *a);
bool ct_attr_is_dense_elements(const IrAttr *a);
bool ct_attr_is_type(const IrAttr *a);
bool ct_attr_is_dict(const IrAttr *a);
bool ct_attr_is_array(const IrAttr *a);

#endif
