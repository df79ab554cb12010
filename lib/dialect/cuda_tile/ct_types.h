/* ct_types.h — the types and attributes of the cuda_tile dialect (NVIDIA's
 * public CUDA Tile IR): their defs and payload layouts, constructors,
 * accessors, verifiers, and the parse/print helpers that op syntax uses.
 *
 * Internal header of lib/dialect/cuda_tile: the public part (types, op enum,
 * enums) is cuda_tile.h, included here; this header adds what needs lib/asm
 * (parse/print helpers, the parse-time emitter, the dialect state).  Nothing
 * outside the dialect includes it.
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
#include "dialect/cuda_tile/cuda_tile.h"

/* An emitter that reports through the parser at a source position. */
static inline CtEmitter ct_emitter_at(AsmParser *p, AsmLoc at) {
  CtEmitter e = {p, at.ptr, NULL, NULL, NULL};
  return e;
}

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

/* custom<AssumePredicate>: a full attribute (`#cuda_tile.div_by<16>`, alias)
 * or the short `div_by<...>` / `same_elements<...>` / `bounded<...>`. */
bool ct_parse_assume_predicate(AsmParser *p, const IrAttr **out);
/* Prints the predicate without the "#cuda_tile." prefix: `div_by<16>`. */
void ct_print_assume_predicate(AsmPrinter *p, const IrAttr *a);

/* The stripped body `<sm_100 = {...}, ...>` (`<>` when empty), as the entry
 * and load/store formats write it after `optimization_hints=`. */
bool ct_parse_opt_hints_body(AsmParser *p, const IrAttr **out);
void ct_print_opt_hints_body(AsmPrinter *p, const IrAttr *a);

/* custom<DenseTypedElementsAttr>: `<elem : values> : tile-type`.  Returns the
 * attribute and the parsed tile type (the op's result type for constant). */
bool ct_parse_dense_constant(AsmParser *p, const IrAttr **out, const IrType **type);
/* Prints `<elem: values> : tile-type` (short type). */
void ct_print_dense_constant(AsmPrinter *p, const IrAttr *a);
/* Only the values, as MLIR prints them inside dense<...>: splat value, nested
 * brackets, or a "0x..." hex string above hex_limit elements (MLIR's default
 * limit is 100; -1 disables). */
void ct_print_dense_values(AsmPrinter *p, const IrAttr *a, int64_t hex_limit);


/* Per-context dialect state (ir_ctx_dialect_state(ctx, "cuda_tile")).  Other
 * cuda_tile files that need per-context state add fields here. */
typedef struct CtDialectState {
  bool warn_hints;        /* -Wunsupported-hints (ct_set_warn_unsupported_hints) */
  bool err_hints;         /* -Werr-hints (ct_set_err_hints) */
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
