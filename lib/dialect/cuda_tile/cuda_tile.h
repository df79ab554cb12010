/* cuda_tile.h — the public header of the cuda_tile dialect (NVIDIA's public
 * CUDA Tile IR): its types and attributes (defs, payload layouts,
 * constructors, accessors, verifiers), the op index enum (ct_ops.h) and the
 * enums.  No parser or printer declarations: those, which need lib/asm, are
 * in the dialect's internal header ct_types.h.  This is the only cuda_tile
 * header other modules (bytecode, interp, capi, conversion, tools) include.
 *
 * Implemented in:
 *   types.c            type defs (print hooks), constructors, verifiers,
 *                      accessors, ct_print_type, the diagnostics helper
 *   types_parse.c      type bodies after their mnemonic, ct_parse_type
 *   attrs_enum.c       enums: tables, #cuda_tile.<enum><kw> attributes
 *   attrs_assume.c     div_by / same_elements / bounded
 *   attrs_hints.c      optimization_hints, op-level verification
 *   attrs_debuginfo.c  di_file, di_compile_unit, di_lexical_block,
 *                      di_subprogram, di_loc
 *   attrs_dense.c      dense constants
 *   dialect.c          the IrDialect, per-context state
 *
 * Conventions (all as in NVIDIA's cuda-tile-opt):
 *  - Every type/attribute is uniqued in the context: compare with ==.
 *  - Verifier messages are NVIDIA's exact strings; where a seed diagnostic
 *    (shared/seed-diagnostics.tsv) describes the same condition, the seed's
 *    text is used instead (see ct_verify_tile_type). */
#ifndef CTILE_CUDA_TILE_H
#define CTILE_CUDA_TILE_H

#include <string.h>

#include "dialect/cuda_tile/ct_ops.h"
#include "ir/ir.h"

struct AsmParser; /* lib/asm: the parser a parse-time emitter reports through */

/* ======================================================================== */
/* Diagnostics target for verifiers                                          */
/* ======================================================================== */

/* Where a verifier reports: through the parser at a source position (while
 * parsing, like MLIR's getChecked), or to the context at an IR location
 * (builders, bytecode reader, op verifiers).  A NULL emitter makes verifiers
 * silent (a pure validity query). */
typedef struct CtEmitter {
  struct AsmParser *parser; /* non-NULL: asm_error_at(parser, at, ...) */
  const char *at;           /* source position (AsmLoc.ptr) for parser */
  IrOp *op;            /* else non-NULL: ir_op_error(op, ...) ('x' op ...) */
  IrContext *ctx;      /* else: ir_error(ctx, loc, ...) */
  const IrLoc *loc;
} CtEmitter;

static inline CtEmitter ct_emitter_op(IrOp *op) {
  CtEmitter e = {NULL, NULL, op, NULL, NULL};
  return e;
}
static inline CtEmitter ct_emitter_loc(IrContext *ctx, const IrLoc *loc) {
  CtEmitter e = {NULL, NULL, NULL, ctx, loc};
  return e;
}
/* Formats (printf plus %T type, %A attribute, as ir_error) and reports an
 * error; returns false.  Does nothing but return false when e is NULL. */
bool ct_emit_error(const CtEmitter *e, const char *fmt, ...);

/* ======================================================================== */
/* Types                                                                     */
/* ======================================================================== */
/* Payload layouts (IrType fields; anything not listed is 0/NULL):
 *   tile                 ints = shape (nints = rank), types[0] = element
 *                        (same convention as builtin tensor, so generic code
 *                        treats a tile as a shaped type)
 *   ptr                  types[0] = pointee
 *   token, string        none
 *   tensor_view          flags = rank; ints = shape[rank] ++ strides[nstrides];
 *                        types[0] = element; IR_DYNAMIC (INT64_MIN) for `?`
 *   partition_view       flags = tile rank; ints = tile_shape[rank] ++
 *                        dim_map[n]; types[0] = tensor_view type;
 *                        attr = #cuda_tile.padding_value<..> or NULL
 *   strided_view         ints = [ntile, nstrides] ++ tile_shape ++
 *                        traversal_strides ++ dim_map; types[0] = tensor_view;
 *                        attr = padding or NULL
 *   gather_scatter_view  ints = tile_shape; flags = sparse_dim;
 *                        types[0] = tensor_view; attr = padding or NULL
 * Use the accessors below rather than the raw fields. */
extern const IrTypeDef ct_tile_type_def;
extern const IrTypeDef ct_ptr_type_def;
extern const IrTypeDef ct_token_type_def;
extern const IrTypeDef ct_string_type_def;
extern const IrTypeDef ct_tensor_view_type_def;
extern const IrTypeDef ct_partition_view_type_def;
extern const IrTypeDef ct_strided_view_type_def;
extern const IrTypeDef ct_gather_scatter_view_type_def;

#define CT_MAX_TILE_ELEMENTS INT64_C(16777216) /* 2^24: tile element-count cap */
#define CT_NO_PADDING (-1)                     /* "no padding_value" */

/* Unchecked constructors (uniqued; no verification).  padding: a
 * CT_PAD_* value or CT_NO_PADDING. */
const IrType *ct_tile_type(IrContext *ctx, const int64_t *shape, size_t rank,
                           const IrType *elem);
const IrType *ct_scalar_tile_type(IrContext *ctx, const IrType *elem); /* tile<T> */
const IrType *ct_ptr_type(IrContext *ctx, const IrType *pointee);
const IrType *ct_token_type(IrContext *ctx);
const IrType *ct_string_type(IrContext *ctx);
const IrType *ct_tensor_view_type(IrContext *ctx, const IrType *elem,
                                  const int64_t *shape, size_t rank,
                                  const int64_t *strides, size_t nstrides);
const IrType *ct_partition_view_type(IrContext *ctx, const int64_t *tile, size_t ntile,
                                     const IrType *tensor_view,
                                     const int64_t *dim_map, size_t ndim_map,
                                     int padding);
const IrType *ct_strided_view_type(IrContext *ctx, const int64_t *tile, size_t ntile,
                                   const int64_t *strides, size_t nstrides,
                                   const IrType *tensor_view,
                                   const int64_t *dim_map, size_t ndim_map,
                                   int padding);
const IrType *ct_gather_scatter_view_type(IrContext *ctx, const int64_t *tile,
                                          size_t ntile, const IrType *tensor_view,
                                          uint32_t sparse_dim, int padding);

/* Verifiers (NVIDIA's verifyInvariants: parameter constraints, then the
 * type's verify()).  Return false after reporting through e. */
bool ct_verify_tile_type(const CtEmitter *e, const int64_t *shape, size_t rank,
                         const IrType *elem);
bool ct_verify_ptr_type(const CtEmitter *e, const IrType *pointee);
bool ct_verify_tensor_view_type(const CtEmitter *e, const IrType *elem,
                                const int64_t *shape, size_t rank,
                                const int64_t *strides, size_t nstrides);
bool ct_verify_partition_view_type(const CtEmitter *e, const int64_t *tile, size_t ntile,
                                   const IrType *tensor_view, const int64_t *dim_map,
                                   size_t ndim_map, int padding);
bool ct_verify_strided_view_type(const CtEmitter *e, const int64_t *tile, size_t ntile,
                                 const int64_t *strides, size_t nstrides,
                                 const IrType *tensor_view, const int64_t *dim_map,
                                 size_t ndim_map, int padding);
bool ct_verify_gather_scatter_view_type(const CtEmitter *e, const int64_t *tile,
                                        size_t ntile, const IrType *tensor_view,
                                        uint32_t sparse_dim, int padding);
/* The shape part of the tile verifier (shared with ops such as broadcast):
 * positive, powers of two, at most CT_MAX_TILE_ELEMENTS elements. */
bool ct_verify_tile_size(const CtEmitter *e, const int64_t *shape, size_t rank);

/* Checked constructors: verify, then construct; NULL after an error. */
const IrType *ct_tile_type_checked(IrContext *ctx, const CtEmitter *e,
                                   const int64_t *shape, size_t rank,
                                   const IrType *elem);
const IrType *ct_ptr_type_checked(IrContext *ctx, const CtEmitter *e,
                                  const IrType *pointee);
const IrType *ct_tensor_view_type_checked(IrContext *ctx, const CtEmitter *e,
                                          const IrType *elem, const int64_t *shape,
                                          size_t rank, const int64_t *strides,
                                          size_t nstrides);
const IrType *ct_partition_view_type_checked(IrContext *ctx, const CtEmitter *e,
                                             const int64_t *tile, size_t ntile,
                                             const IrType *tensor_view,
                                             const int64_t *dim_map, size_t ndim_map,
                                             int padding);
const IrType *ct_strided_view_type_checked(IrContext *ctx, const CtEmitter *e,
                                           const int64_t *tile, size_t ntile,
                                           const int64_t *strides, size_t nstrides,
                                           const IrType *tensor_view,
                                           const int64_t *dim_map, size_t ndim_map,
                                           int padding);
const IrType *ct_gather_scatter_view_type_checked(IrContext *ctx, const CtEmitter *e,
                                                  const int64_t *tile, size_t ntile,
                                                  const IrType *tensor_view,
                                                  uint32_t sparse_dim, int padding);

/* ---- predicates ---------------------------------------------------------- */
static inline bool ct_type_is_tile(const IrType *t) { return t && t->def == &ct_tile_type_def; }
static inline bool ct_type_is_ptr(const IrType *t) { return t && t->def == &ct_ptr_type_def; }
static inline bool ct_type_is_token(const IrType *t) { return t && t->def == &ct_token_type_def; }
static inline bool ct_type_is_string(const IrType *t) { return t && t->def == &ct_string_type_def; }
static inline bool ct_type_is_tensor_view(const IrType *t) {
  return t && t->def == &ct_tensor_view_type_def;
}
static inline bool ct_type_is_partition_view(const IrType *t) {
  return t && t->def == &ct_partition_view_type_def;
}
static inline bool ct_type_is_strided_view(const IrType *t) {
  return t && t->def == &ct_strided_view_type_def;
}
static inline bool ct_type_is_gather_scatter_view(const IrType *t) {
  return t && t->def == &ct_gather_scatter_view_type_def;
}
/* The TileView types (partition / strided / gather_scatter views). */
static inline bool ct_type_is_view(const IrType *t) {
  return ct_type_is_partition_view(t) || ct_type_is_strided_view(t) ||
         ct_type_is_gather_scatter_view(t);
}
/* Any type of this dialect. */
bool ct_type_is_dialect(const IrType *t);

/* Element classes (Types.td): AnyInt = i1 i8 i16 i32 i64; AnyFloat = f16 bf16
 * f32 tf32 f64 f8E4M3FN f8E5M2 f8E8M0FNU f4E2M1FN; Number = both; tile
 * element = Number, ptr<...> or i4. */
bool ct_type_is_any_int(const IrType *t);
bool ct_type_is_any_float(const IrType *t);
bool ct_type_is_number(const IrType *t);
bool ct_type_is_tile_element(const IrType *t);

/* ---- accessors (callers check the kind first) --------------------------- */
static inline size_t ct_tile_type_rank(const IrType *t) { return t->nints; }
static inline const int64_t *ct_tile_type_shape(const IrType *t) { return t->ints; }
static inline const IrType *ct_tile_type_elem(const IrType *t) { return t->types[0]; }
/* Same rank and dims (the element types may differ). */
static inline bool ct_tile_same_shape(const IrType *a, const IrType *b) {
  size_t r = ct_tile_type_rank(a);
  return r == ct_tile_type_rank(b) &&
         (r == 0 || !memcmp(ct_tile_type_shape(a), ct_tile_type_shape(b), r * sizeof(int64_t)));
}
/* Product of the dims (tiles are verified to hold <= 2^24 elements). */
int64_t ct_tile_type_num_elements(const IrType *t);
static inline const IrType *ct_ptr_type_pointee(const IrType *t) { return t->types[0]; }

static inline size_t ct_tensor_view_rank(const IrType *t) { return t->flags; }
static inline const int64_t *ct_tensor_view_shape(const IrType *t) { return t->ints; }
static inline size_t ct_tensor_view_num_strides(const IrType *t) {
  return t->nints - t->flags;
}
static inline const int64_t *ct_tensor_view_strides(const IrType *t) {
  return t->nints ? t->ints + t->flags : t->ints; /* rank 0: ints may be NULL */
}
static inline const IrType *ct_tensor_view_elem(const IrType *t) { return t->types[0]; }
size_t ct_tensor_view_num_dynamic_shape(const IrType *t);
size_t ct_tensor_view_num_dynamic_strides(const IrType *t);

/* Views (partition_view, strided_view, gather_scatter_view). */
size_t ct_view_tile_rank(const IrType *t);
const int64_t *ct_view_tile_shape(const IrType *t);
static inline const IrType *ct_view_tensor_view(const IrType *t) { return t->types[0]; }
int ct_view_padding(const IrType *t); /* CT_PAD_* or CT_NO_PADDING */
/* dim_map (partition/strided; gather_scatter has none: 0 / NULL). */
size_t ct_view_dim_map_size(const IrType *t);
const int64_t *ct_view_dim_map(const IrType *t);
/* traversal_strides (strided_view only; else 0 / NULL). */
size_t ct_view_num_traversal_strides(const IrType *t);
const int64_t *ct_view_traversal_strides(const IrType *t);
static inline uint32_t ct_view_sparse_dim(const IrType *t) { return t->flags; }
/* TileView interface: index rank and the tile type a load produces. */
size_t ct_view_index_rank(const IrType *t);
const IrType *ct_view_tile_type(IrContext *ctx, const IrType *t);
/* TileView::verifyIndices: reports through e (e.g. an op emitter). */
bool ct_view_verify_indices(const CtEmitter *e, const IrType *view,
                            const IrType *const *index_types, size_t n);


/* ======================================================================== */
/* Enums                                                                     */
/* ======================================================================== */
/* Case values (NVIDIA's numbering). */
enum { CT_SIGNEDNESS_UNSIGNED, CT_SIGNEDNESS_SIGNED };
enum { CT_OVERFLOW_NONE, CT_OVERFLOW_NSW, CT_OVERFLOW_NUW, CT_OVERFLOW_NW };
enum {
  CT_ROUNDING_NEAREST_EVEN, CT_ROUNDING_ZERO, CT_ROUNDING_NEGATIVE_INF,
  CT_ROUNDING_POSITIVE_INF, CT_ROUNDING_APPROX, CT_ROUNDING_FULL,
  CT_ROUNDING_NEAREST_INT_TO_ZERO
};
enum { CT_ORDERING_UNORDERED, CT_ORDERING_ORDERED };
enum {
  CT_CMP_EQUAL, CT_CMP_NOT_EQUAL, CT_CMP_LESS_THAN, CT_CMP_LESS_THAN_OR_EQUAL,
  CT_CMP_GREATER_THAN, CT_CMP_GREATER_THAN_OR_EQUAL
};
enum {
  CT_RMW_AND, CT_RMW_OR, CT_RMW_XOR, CT_RMW_ADD, CT_RMW_ADDF, CT_RMW_MAX,
  CT_RMW_MIN, CT_RMW_UMAX, CT_RMW_UMIN, CT_RMW_XCHG
};
enum { CT_SCOPE_TL_BLK, CT_SCOPE_DEVICE, CT_SCOPE_SYS };
enum { CT_MEM_WEAK, CT_MEM_RELAXED, CT_MEM_ACQUIRE, CT_MEM_RELEASE, CT_MEM_ACQ_REL };
enum { CT_PAD_ZERO, CT_PAD_NEG_ZERO, CT_PAD_NAN, CT_PAD_POS_INF, CT_PAD_NEG_INF };
enum { CT_VISIBILITY_PUBLIC, CT_VISIBILITY_PRIVATE };

/* One enum of AttrDefs.td.  Two storage kinds, as in NVIDIA's dialect:
 *  - EnumAttr kinds (def != NULL): their own attribute #cuda_tile.<mnemonic>
 *    <kw>, payload ints[0] = case value, uniqued per (def, value);
 *  - I32EnumAttr kinds (def == NULL: atomic_rmw_mode, memory_scope,
 *    memory_ordering_semantics): a builtin i32 IntegerAttr (`3 : i32` in
 *    generic form). */
typedef struct CtEnumInfo {
  const char *mnemonic;       /* attribute mnemonic; NULL for I32 kinds */
  const char *cpp_name;       /* "::mlir::cuda_tile::Signedness" (parse errors) */
  const char *ods_name;       /* "CudaTile_SignednessAttr" (parse errors) */
  const char *summary;        /* ODS summary: "signedness" */
  const char *const *cases;   /* keyword of each value 0..ncases-1 */
  int ncases;
  const IrAttrDef *def;       /* NULL for I32 kinds */
} CtEnumInfo;

/* X(c_name, mnemonic or NULL) */
#define CT_ENUMS(X)                                 \
  X(signedness, "signedness")                       \
  X(overflow, "overflow")                           \
  X(rounding, "rounding")                           \
  X(comparison_ordering, "comparison_ordering")     \
  X(comparison_predicate, "comparison_predicate")   \
  X(padding_value, "padding_value")                 \
  X(symbol_visibility, "symbol_visibility")         \
  X(atomic_rmw_mode, NULL)                          \
  X(memory_scope, NULL)                             \
  X(memory_ordering_semantics, NULL)

#define X(c, m) extern const CtEnumInfo ct_enum_##c;
CT_ENUMS(X)
#undef X

/* The attribute for case v (NULL if v is out of range). */
const IrAttr *ct_enum_attr(IrContext *ctx, const CtEnumInfo *e, int v);
/* Case value held by `a` if it is an attribute of enum e, else -1. */
int ct_enum_value(const IrAttr *a, const CtEnumInfo *e);
/* The enum an attribute belongs to (EnumAttr kinds only), or NULL. */
const CtEnumInfo *ct_enum_of_attr(const IrAttr *a);
const char *ct_enum_keyword(const CtEnumInfo *e, int v); /* NULL if out of range */
int ct_enum_lookup(const CtEnumInfo *e, Str kw);         /* -1 if none */


/* ======================================================================== */
/* Assumption predicates (cuda_tile.assume)                                 */
/* ======================================================================== */
/* Payloads:
 *   div_by         ints = {divisor (uint64 bits), every, along}; flags bit0 =
 *                  every present, bit1 = along present (the text syntax sets
 *                  both or neither; bytecode may not)
 *   same_elements  ints = values (nints = n)
 *   bounded        ints = {lb, ub}; flags bit0 = lb present, bit1 = ub present */
extern const IrAttrDef ct_div_by_attr_def;
extern const IrAttrDef ct_same_elements_attr_def;
extern const IrAttrDef ct_bounded_attr_def;

const IrAttr *ct_div_by_attr(IrContext *ctx, uint64_t divisor, bool has_every,
                             int64_t every, bool has_along, int64_t along);
const IrAttr *ct_same_elements_attr(IrContext *ctx, const int64_t *values, size_t n);
const IrAttr *ct_bounded_attr(IrContext *ctx, bool has_lb, int64_t lb, bool has_ub,
                              int64_t ub);
static inline uint64_t ct_div_by_divisor(const IrAttr *a) { return (uint64_t)a->ints[0]; }
static inline bool ct_div_by_has_every(const IrAttr *a) { return (a->flags & 1) != 0; }
static inline bool ct_div_by_has_along(const IrAttr *a) { return (a->flags & 2) != 0; }
static inline int64_t ct_div_by_every(const IrAttr *a) { return a->ints[1]; }
static inline int64_t ct_div_by_along(const IrAttr *a) { return a->ints[2]; }
static inline bool ct_bounded_has_lb(const IrAttr *a) { return (a->flags & 1) != 0; }
static inline bool ct_bounded_has_ub(const IrAttr *a) { return (a->flags & 2) != 0; }
static inline int64_t ct_bounded_lb(const IrAttr *a) { return a->ints[0]; }
static inline int64_t ct_bounded_ub(const IrAttr *a) { return a->ints[1]; }

/* AssumePredicateAttrInterface membership. */
bool ct_attr_is_assume_predicate(const IrAttr *a);
/* verifyWithAssumeOp: checks predicate `a` against the constrained value's
 * type, reporting op errors on `op` ('cuda_tile.assume' op ...). */
bool ct_verify_assume_predicate(IrOp *op, const IrAttr *a, const IrType *value_type);

/* ======================================================================== */
/* Optimization hints                                                        */
/* ======================================================================== */
/* optimization_hints: elems[0] = dictionary (arch key -> dictionary of hints). */
extern const IrAttrDef ct_opt_hints_attr_def;
const IrAttr *ct_opt_hints_attr(IrContext *ctx, const IrAttr *dict);
static inline const IrAttr *ct_opt_hints_dict(const IrAttr *a) { return a->elems[0]; }
static inline bool ct_opt_hints_empty(const IrAttr *a) { return a->elems[0]->nelems == 0; }

/* -Wunsupported-hints / -Werr-hints (driver flags; per context). */
typedef enum CtHintDiagMode {
  CT_HINTS_SILENT, /* default: hints are not checked against the op */
  CT_HINTS_WARN,   /* -Wunsupported-hints: warnings */
  CT_HINTS_ERROR   /* -Wunsupported-hints -Werr-hints: warnings + op fails */
} CtHintDiagMode;
void ct_set_hint_diag_mode(IrContext *ctx, CtHintDiagMode mode);
/* The two flags one at a time (as the drivers and ctileContextSetOption get
 * them): the mode is SILENT without -Wunsupported-hints, else ERROR with
 * -Werr-hints and WARN without. */
void ct_set_warn_unsupported_hints(IrContext *ctx, bool on);
void ct_set_err_hints(IrContext *ctx, bool on);
/* The mode the setters above give (SILENT when none was called). */
CtHintDiagMode ct_hint_diag_mode(IrContext *ctx);
/* OptimizationHintsAttr::verifyWithOp: warns (per the mode) about unknown
 * architecture keys, hints not valid for op's kind and bad values; returns
 * false only in CT_HINTS_ERROR mode when something was reported. */
bool ct_opt_hints_verify_with_op(IrOp *op, const IrAttr *hints);
/* verifyOptHintsCommon: the above for a present non-empty attribute, then
 * "'op' op Optimization hints verification failed" on failure. */
bool ct_verify_opt_hints_common(IrOp *op, const IrAttr *hints);
/* Hint getters with NVIDIA's fallback to the `default` entry and value
 * validation (false when absent or invalid).  key: "num_cta_in_cga",
 * "num_worker_warps_per_cta", "allow_tma" (0/1), "latency", "occupancy". */
bool ct_opt_hints_get(const IrAttr *hints, const char *sm, const char *key,
                      int64_t *out);

/* ======================================================================== */
/* Debug info                                                                */
/* ======================================================================== */
/* Payloads:
 *   di_file          elems = {name (string attr), directory (string attr)}
 *   di_compile_unit  elems = {file}
 *   di_lexical_block elems = {scope, file}; ints = {line, column (0 = none)}
 *   di_subprogram    elems = {file, name, linkageName, compileUnit};
 *                    ints = {line, scopeLine (0 = none)}
 *   di_loc           elems = {sourceLoc (file:line:col loc), scope};
 *                    a location (is_location)
 * di_file, di_compile_unit, di_lexical_block and di_subprogram print through
 * an alias named after their mnemonic (`#di_file`, `#di_subprogram1`…). */
extern const IrAttrDef ct_di_file_attr_def;
extern const IrAttrDef ct_di_compile_unit_attr_def;
extern const IrAttrDef ct_di_lexical_block_attr_def;
extern const IrAttrDef ct_di_subprogram_attr_def;
extern const IrAttrDef ct_di_loc_attr_def;

const IrAttr *ct_di_file_attr(IrContext *ctx, const IrAttr *name, const IrAttr *dir);
const IrAttr *ct_di_compile_unit_attr(IrContext *ctx, const IrAttr *file);
const IrAttr *ct_di_lexical_block_attr(IrContext *ctx, const IrAttr *scope,
                                       const IrAttr *file, uint32_t line,
                                       uint32_t column);
const IrAttr *ct_di_subprogram_attr(IrContext *ctx, const IrAttr *file, uint32_t line,
                                    const IrAttr *name, const IrAttr *linkage_name,
                                    const IrAttr *compile_unit, uint32_t scope_line);
const IrLoc *ct_di_loc(IrContext *ctx, const IrLoc *source_loc, const IrAttr *scope);

static inline bool ct_attr_is_di_subprogram(const IrAttr *a) {
  return a && a->def == &ct_di_subprogram_attr_def;
}
static inline bool ct_attr_is_di_lexical_block(const IrAttr *a) {
  return a && a->def == &ct_di_lexical_block_attr_def;
}
static inline bool ct_attr_is_di_loc(const IrAttr *a) {
  return a && a->def == &ct_di_loc_attr_def;
}
/* DILocalScopeAttr: subprogram or lexical block. */
static inline bool ct_attr_is_di_local_scope(const IrAttr *a) {
  return ct_attr_is_di_subprogram(a) || ct_attr_is_di_lexical_block(a);
}
static inline const IrAttr *ct_di_loc_scope(const IrAttr *a) { return a->elems[1]; }
static inline const IrLoc *ct_di_loc_source(const IrAttr *a) { return a->elems[0]; }
static inline const IrAttr *ct_di_subprogram_linkage_name(const IrAttr *a) {
  return a->elems[2];
}
/* The di_loc inside a location (through callsite callers, fused members,
 * name-loc children), or NULL (NVIDIA's DebugInfoVerifier::getDILoc). */
const IrAttr *ct_di_loc_find(const IrLoc *loc);
/* The subprogram of a local scope (walking lexical blocks), or NULL. */
const IrAttr *ct_di_subprogram_of(const IrAttr *scope);

/* ======================================================================== */
/* Dense constants                                                           */
/* ======================================================================== */
/* Constants are builtin dense elements attributes (ir_dense_elements_attr_def)
 * whose type is a cuda_tile tile type — NVIDIA stores a DenseTypedElementsAttr
 * typed by the TileType, so the generic form reads
 * `value = dense<[1, 2]> : !cuda_tile.tile<2xi32>`.  Storage: row-major,
 * little endian, ir_dense_elem_size(elem) bytes per element (i1 one byte
 * 0/1; f4E2M1FN/f8 one byte); a splat stores one element with flags&1. */

/* Builds a constant of tile type `tile` from n elements of raw storage (n = 1
 * or the tile's element count); detects splats like DenseElementsAttr::get. */
const IrAttr *ct_dense_attr(IrContext *ctx, const IrType *tile, const void *data,
                            size_t n);
/* NVIDIA's dense element palette (i4 and ptr excluded). */
bool ct_dense_elem_type_ok(const IrType *elem);
static inline bool ct_dense_is_splat(const IrAttr *a) { return (a->flags & 1) != 0; }
int64_t ct_dense_num_elements(const IrAttr *a);
/* Element i (splats repeat element 0): integers sign-extended from their
 * width (i1 as 0/1), floats as double. */
int64_t ct_dense_int(const IrAttr *a, int64_t i);
double ct_dense_float(const IrAttr *a, int64_t i);
uint64_t ct_dense_bits(const IrAttr *a, int64_t i); /* raw element bits */


/* ======================================================================== */
/* Dialect                                                                   */
/* ======================================================================== */
extern const IrDialect ct_dialect;
/* The default of the op's DefaultValuedAttr `name` (the one table of them,
 * defaults.c), or NULL when that attribute has no default.  The bytecode
 * reader and writer take their defaults from here. */
const IrAttr *ct_op_default_attr(IrContext *ctx, CtOpIndex op, const char *name);
/* Registers the cuda_tile passes and the constant materializer (ct_transforms.h). */
void ct_register_transforms(IrContext *ctx);

/* Whether a reduce/scan body may hold `op`: pure, a terminator, or an op
 * whose effects are those of its nested ops and all of those are effect
 * free (the verifier's rule; the bytecode writer applies the same one). */
bool ct_op_is_effect_free(IrOp *op);

#endif
