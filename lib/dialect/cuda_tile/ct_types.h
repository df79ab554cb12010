/* ct_types.h — the types and attributes of the cuda_tile dialect (NVIDIA's
 * public CUDA Tile IR): their defs and payload layouts, constructors,
 * accessors, verifiers, and the parse/print helpers that op syntax uses.
 *
 * Internal header of lib/dialect/cuda_tile: the op code (ops.c and the syntax
 * files) builds on it; nothing outside the dialect should need it.
 *
 * Implemented in:
 *   types.c            type defs (print hooks), constructors, verifiers,
 *                      accessors, ct_print_type, the diagnostics helper
 *   types_parse.c      type bodies after their mnemonic, ct_parse_type
 *                      (NVIDIA's parseCudaTileType), small parse helpers
 *   attrs_enum.c       enums: tables, #cuda_tile.<enum><kw> attributes, the
 *                      keyword forms the ops use (rounding<..>, memory attrs)
 *   attrs_assume.c     div_by / same_elements / bounded: syntax + verifiers
 *   attrs_hints.c      optimization_hints: syntax, op-level verification
 *   attrs_debuginfo.c  di_file, di_compile_unit, di_lexical_block,
 *                      di_subprogram, di_loc
 *   attrs_dense.c      dense constants `<f32: [..]> : tile<..>`
 *   dialect.c          the IrDialect (mnemonic dispatch), per-context state
 *
 * Conventions (all as in NVIDIA's cuda-tile-opt):
 *  - Every type/attribute is uniqued in the context: compare with ==.
 *  - Print hooks print the text after "!cuda_tile." / "#cuda_tile.",
 *    mnemonic included ("tile<4xf32>").  Nested cuda_tile types always print in
 *    short form (`tile<4xptr<f32>>`), as NVIDIA's printCudaTileType does.
 *  - Verifier messages are NVIDIA's exact strings; where a seed diagnostic
 *    (shared/seed-diagnostics.tsv) describes the same condition, the seed's
 *    text is used instead (see ct_verify_tile_type).
 *  - Parse helpers report errors through the AsmParser (so the parser can add
 *    "custom op '...' " inside op syntax) and return false / NULL. */
#ifndef CTILE_CT_TYPES_H
#define CTILE_CT_TYPES_H

#include "asm/asm.h"

/* ======================================================================== */
/* Diagnostics target for verifiers                                          */
/* ======================================================================== */

/* Where a verifier reports: through the parser at a source position (while
 * parsing, like MLIR's getChecked), or to the context at an IR location
 * (builders, bytecode reader, op verifiers).  A NULL emitter makes verifiers
 * silent (a pure validity query). */
typedef struct CtEmitter {
  AsmParser *parser;   /* non-NULL: asm_error_at(parser, at, ...) */
  AsmLoc at;
  IrOp *op;            /* else non-NULL: ir_op_error(op, ...) ('x' op ...) */
  IrContext *ctx;      /* else: ir_error(ctx, loc, ...) */
  const IrLoc *loc;
} CtEmitter;

static inline CtEmitter ct_emitter_at(AsmParser *p, AsmLoc at) {
  CtEmitter e = {p, at, NULL, NULL, NULL};
  return e;
}
static inline CtEmitter ct_emitter_op(IrOp *op) {
  CtEmitter e = {NULL, {NULL}, op, NULL, NULL};
  return e;
}
static inline CtEmitter ct_emitter_loc(IrContext *ctx, const IrLoc *loc) {
  CtEmitter e = {NULL, {NULL}, NULL, ctx, loc};
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

/* ---- syntax helpers (NVIDIA's parseCudaTileType / printCudaTileType) ------
 * ct_parse_type accepts `token`, any full MLIR type (`!cuda_tile.tile<..>`,
 * `i32`, aliases) and the short cuda_tile forms (`tile<4xf32>`), reporting
 * "unknown type: X" for other keywords.  ct_print_type prints cuda_tile
 * types in short form and everything else normally. */
bool ct_parse_type(AsmParser *p, const IrType **out);
void ct_print_type(AsmPrinter *p, const IrType *t);
/* Type list `T, T, ...` (parseCommaSeparatedList, at least one type);
 * *out is a malloc'd array the caller frees. */
bool ct_parse_type_list(AsmParser *p, const IrType ***out, size_t *n);
void ct_print_type_list(AsmPrinter *p, const IrType *const *types, size_t n);
/* Parses the body of a cuda_tile type after its mnemonic (the dialect's
 * parse_type hook); NULL after an error ("unknown  type `x` in dialect
 * `cuda_tile`" for unknown mnemonics). */
const IrType *ct_parse_type_mnemonic(AsmParser *p, Str mnemonic);

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

/* Attribute body `<kw>` (the EnumAttr's own format, used after `#cuda_tile.
 * <mnemonic>` and for `overflow<..>` / `rounding<..>` in op formats), with
 * ODS's errors ("expected ::mlir::cuda_tile::X to be one of: a, b" then
 * "failed to parse CudaTile_XAttr parameter 'value' which is to be a
 * `::mlir::cuda_tile::X`"). */
bool ct_parse_enum_body(AsmParser *p, const CtEnumInfo *e, int *out);
void ct_print_enum_body(AsmPrinter *p, const CtEnumInfo *e, int v);
/* Bare keyword of case v (no leading space). */
void ct_print_enum_keyword(AsmPrinter *p, const CtEnumInfo *e, int v);

/* NVIDIA's custom<...> directives (CudaTile.cpp). */
/* custom<Signedness>: `signed` | `unsigned`;
 * "expected signedness to be one of: {'signed', 'unsigned'}". */
bool ct_parse_signedness_kw(AsmParser *p, int *out);
/* custom<ComparisonPredicate>: "expected 'comparison_predicate' to be one of: {...}" */
bool ct_parse_comparison_predicate_kw(AsmParser *p, int *out);
/* custom<ComparisonOrdering>: "expected 'comparison_ordering' to be one of: {...}" */
bool ct_parse_comparison_ordering_kw(AsmParser *p, int *out);

/* Rounding-mode directives: an optional `rounding<kw>`, defaulted when
 * absent.  Allowed set / default / error wording per directive:
 *   DIVF    custom<DivFOpRoundingMode>   any mode parses; default nearest_even
 *   SQRT    custom<SqrtOpRoundingMode>   any mode parses; default nearest_even
 *   TANH    custom<TanHOpRoundingMode>   any mode parses; default full
 *   EXP     custom<ExpOpRoundingMode>    any mode parses; default full
 *   IEEE    custom<IEEERoundingMode>     nearest_even|zero|negative_inf|
 *                                        positive_inf; default nearest_even
 *   INTEGER custom<IntegerRoundingMode>  nearest_int_to_zero (default) */
typedef enum CtRoundingSyntax {
  CT_RSYN_DIVF, CT_RSYN_SQRT, CT_RSYN_TANH, CT_RSYN_EXP, CT_RSYN_IEEE, CT_RSYN_INTEGER
} CtRoundingSyntax;
bool ct_parse_rounding(AsmParser *p, CtRoundingSyntax s, int *out);
/* Prints `rounding<kw>` (no leading space) unless v is the default. */
void ct_print_rounding(AsmPrinter *p, CtRoundingSyntax s, int v);
int ct_rounding_default(CtRoundingSyntax s);

/* custom<MemoryAttributes>: `ordering [scope]`; *scope = -1 when absent.
 * Errors: "invalid memory_ordering_semantics attribute specification. Got
 * "x" but expect one of: weak, relaxed, acquire, release, acq_rel",
 * "operation specifies weak memory ordering semantics, but then provides
 * "x" scope, expected no memory scope.", "invalid memory_scope attribute
 * specification. Got "x" but expect one of: tl_blk, device, sys". */
bool ct_parse_memory_attrs(AsmParser *p, int *ordering, int *scope);
/* Prints " <ordering>" and " <scope>" when scope >= 0 (leading spaces, as
 * NVIDIA's printer). */
void ct_print_memory_attrs(AsmPrinter *p, int ordering, int scope);

/* custom<SymbolVisibility>: optional `public`/`private`, default public. */
void ct_parse_symbol_visibility(AsmParser *p, int *out);
/* Prints "private " for private, nothing for public. */
void ct_print_symbol_visibility(AsmPrinter *p, int v);

/* An I32EnumAttr operand of a declarative format (`$mode`): a keyword (or a
 * string) naming a case, with ODS's errors: "expected string or keyword
 * containing one of the following enum values for attribute 'mode' [and,
 * or, ...]" and "invalid mode attribute specification: "x"". */
bool ct_parse_enum_keyword_attr(AsmParser *p, const CtEnumInfo *e,
                                const char *attr_name, int *out);

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
/* custom<AssumePredicate>: a full attribute (`#cuda_tile.div_by<16>`, alias)
 * or the short `div_by<...>` / `same_elements<...>` / `bounded<...>`. */
bool ct_parse_assume_predicate(AsmParser *p, const IrAttr **out);
/* Prints the predicate without the "#cuda_tile." prefix: `div_by<16>`. */
void ct_print_assume_predicate(AsmPrinter *p, const IrAttr *a);
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
/* The stripped body `<sm_100 = {...}, ...>` (`<>` when empty), as the entry
 * and load/store formats write it after `optimization_hints=`. */
bool ct_parse_opt_hints_body(AsmParser *p, const IrAttr **out);
void ct_print_opt_hints_body(AsmPrinter *p, const IrAttr *a);

/* -Wunsupported-hints / -Werr-hints (driver flags; per context). */
typedef enum CtHintDiagMode {
  CT_HINTS_SILENT, /* default: hints are not checked against the op */
  CT_HINTS_WARN,   /* -Wunsupported-hints: warnings */
  CT_HINTS_ERROR   /* -Wunsupported-hints -Werr-hints: warnings + op fails */
} CtHintDiagMode;
void ct_set_hint_diag_mode(IrContext *ctx, CtHintDiagMode mode);
/* The mode set above; otherwise derived from the tool options the drivers
 * store in the context (state slot "options", a dictionary with BoolAttrs
 * "Wunsupported-hints" and "Werr-hints"; see lib/tool/tool.h). */
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

/* custom<DenseTypedElementsAttr>: `<elem : values> : tile-type`.  Returns the
 * attribute and the parsed tile type (the op's result type for constant). */
bool ct_parse_dense_constant(AsmParser *p, const IrAttr **out, const IrType **type);
/* Prints `<elem: values> : tile-type` (short type). */
void ct_print_dense_constant(AsmPrinter *p, const IrAttr *a);
/* Only the values, as MLIR prints them inside dense<...>: splat value, nested
 * brackets, or a "0x..." hex string above hex_limit elements (MLIR's default
 * limit is 100; -1 disables). */
void ct_print_dense_values(AsmPrinter *p, const IrAttr *a, int64_t hex_limit);

/* ======================================================================== */
/* Dialect                                                                   */
/* ======================================================================== */
extern const IrDialect ct_dialect;

/* Per-context dialect state (ir_ctx_dialect_state(ctx, "cuda_tile")).  Other
 * cuda_tile files that need per-context state add fields here. */
typedef struct CtDialectState {
  CtHintDiagMode hint_mode;
  bool hint_mode_set;     /* ct_set_hint_diag_mode was called */
  unsigned parse_depth;   /* cuda_tile type/attr bodies being parsed (the limit
                           * is the parser's: ct_parse_enter) */
} CtDialectState;
/* Nesting guard for recursive type/attribute bodies: one level of the
 * parser's nesting count (asm_nesting_enter, ASM_MAX_NESTING_DEPTH); false
 * after the error past the limit; every successful enter is paired with
 * ct_parse_leave. */
bool ct_parse_enter(AsmParser *p);
void ct_parse_leave(AsmParser *p);
CtDialectState *ct_dialect_state(IrContext *ctx); /* created on first use */

/* Parses an attribute body after `#cuda_tile.<mnemonic>` (the dialect's
 * parse_attr hook). */
const IrAttr *ct_parse_attr_mnemonic(AsmParser *p, Str mnemonic, const IrType *type);

/* ---- shared by the implementation files ---------------------------------- */
/* An optional bare word: true and *out set when the next token is a keyword. */
bool ct_parse_optional_word(AsmParser *p, Str *out);
/* `keyword` or "string" (parseKeywordOrString); malloc'd copy in *out. */
bool ct_parse_keyword_or_string(AsmParser *p, char **out, size_t *len);
/* Unsigned 64-bit integer literal (decimal or hex). */
bool ct_parse_u64(AsmParser *p, uint64_t *out);
/* Comma-space separated int64 list ("3, 5, 9") as MLIR streams an ArrayRef. */
void ct_sb_int_list(StrBuf *b, const int64_t *v, size_t n, const char *sep);
/* Bodies of the assume predicates after their mnemonic (attrs_assume.c). */
const IrAttr *ct_parse_div_by_body(AsmParser *p);
const IrAttr *ct_parse_same_elements_body(AsmParser *p);
const IrAttr *ct_parse_bounded_body(AsmParser *p);
/* Debug-info bodies after their mnemonic (attrs_debuginfo.c). */
const IrAttr *ct_parse_di_body(AsmParser *p, Str mnemonic);
/* Prints an attribute-typed parameter (di_* `file`, `compileUnit`): its alias
 * when the printer has one, else the full attribute.  (MLIR's
 * printStrippedAttrOrType would print the stripped `<...>` body in the
 * no-alias case; both forms parse back to the same attribute.) */
void ct_print_attr_param(AsmPrinter *p, const IrAttr *a);

#endif
