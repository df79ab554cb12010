/* aa.h — the nv_tileaa dialect (seeds 000 and 002): its types, attributes,
 * op table and the shared helpers of its syntax and verifier files.
 *
 * nv_tileaa is the alias-aware internal dialect between cuda_tile and the
 * scheduling dialect.  Its types make pointer provenance and memory order
 * explicit (ptr, memref, tiled_view, mem_token), its ops are the roster of
 * seed 002 in eight families.  Internal header of lib/dialect/nv_tileaa.
 *
 * Implemented in:
 *   types.c        type defs, uniqued constructors, print + parse
 *   attrs.c        attribute defs (enums, target/kernel specs, conv params,
 *                  assume predicates), print + parse, the dialect hooks
 *   ops.c          the op table (X-macro rows of ops.def)
 *   syntax.c       the custom formats shared by every op (AaFormat)
 *   canonicalize.c seed 001 rewrite patterns (the dialect canonicalize hook)
 *   verify_*.c     verifiers: dot/tiling, memory, assume/conversion,
 *                  structure (func, yield, symbols), elementwise/shape
 *
 * Conventions: types/attributes are uniqued (compare with ==); op rows carry
 * an AaOpDesc in IrOpInfo.extra describing their custom format; verifier
 * messages of shared/seed-diagnostics.tsv are reproduced byte for byte.
 *
 * The public part (types, attributes, enums, the op enum and table, the
 * dialect object and the module verifier) is nv_tileaa.h, included here;
 * this header adds what needs lib/asm or is private to the dialect: type and
 * attribute syntax, the per-row formats and the verifier hooks. */
#ifndef CTILE_AA_H
#define CTILE_AA_H

#include "asm/asm.h"
#include "dialect/nv_tileaa/nv_tileaa.h"

/* ======================================================================== */
/* Type and attribute syntax                                                 */
/* ======================================================================== */
/* Type syntax: `!nv_tileaa.X<...>` everywhere, except tiles which print in
 * the short `tile<...>` form (seed 002's examples).  aa_parse_type accepts
 * both spellings for every nv_tileaa type and any other MLIR type. */
void aa_print_type(AsmPrinter *p, const IrType *t);
void aa_print_types(AsmPrinter *p, const IrType *const *ts, size_t n);
bool aa_parse_type(AsmParser *p, const IrType **out);
const IrType *aa_parse_type_mnemonic(AsmParser *p, Str mnemonic);

const IrAttr *aa_parse_attr_mnemonic(AsmParser *p, Str mnemonic, const IrType *type);

/* ======================================================================== */
/* Ops                                                                       */
/* ======================================================================== */
/* Custom formats (syntax.c).  In every form, `attr-dict` prints all
 * attributes (operandSegmentSizes included, as seed 002 writes them):
 *  OPERANDS  `op %a, %b attr-dict (: T, T (-> R, R)?)?`  (no operands: `: R`)
 *  FUNCTYPE  `op %a, %b attr-dict : (T, T) -> R`
 *  INDEXED   `op %base[%i, %j], %rest attr-dict : T(all, operand order) -> R`
 *            (indices = segment idx_seg; the text lists the other operands
 *            in operand order)
 *  SYMBOL    `op @sym(%a, %b) attr-dict : (T, T) -> (R)` (sym_attr names
 *            the attribute; sym_def: a string sym_name, else a symbol ref)
 *  REGION    `op %a, %b (attributes {..})? (: T (-> R)?)? {region}+`
 *  FUNC      `op @f(%a: T, ...) (-> (R, ...))? (attributes {..})? {body}` */
typedef enum AaFormat {
  AA_FMT_OPERANDS, AA_FMT_FUNCTYPE, AA_FMT_INDEXED, AA_FMT_SYMBOL, AA_FMT_REGION,
  AA_FMT_FUNC
} AaFormat;

typedef struct AaOpDesc {
  AaFormat fmt;
  int nseg;               /* operandSegmentSizes length (0: none) */
  int idx_seg;            /* INDEXED: the indices segment */
  const char *sym_attr;   /* SYMBOL: attribute holding the symbol */
  bool sym_def;           /* SYMBOL: defines (string) rather than references */
  bool token;             /* memory op: a trailing mem_token operand/result */
} AaOpDesc;

#define AA_D(...) (&(const AaOpDesc){__VA_ARGS__})
#define AA_ATTRS(...) ((const char *const[]){__VA_ARGS__, NULL})
#define AA_NO_ATTRS NULL

static inline const AaOpDesc *aa_desc(const IrOpInfo *info) { return info->extra; }

/* Format hooks (syntax.c). */
bool aa_parse_op(AsmParser *p, IrOpState *st);
void aa_print_op(AsmPrinter *p, IrOp *op);

/* ---- verifier hooks (verify_*.c) ---------------------------------------- */
bool aa_verify_elementwise(IrOp *op);
bool aa_verify_mulhiui(IrOp *op);
bool aa_verify_dot(IrOp *op);
bool aa_verify_block_tile(IrOp *op);
bool aa_verify_conv_tile(IrOp *op);
bool aa_verify_conv_dot(IrOp *op);
bool aa_verify_reduce_scan(IrOp *op);
bool aa_verify_region_terminator(IrOp *op);
bool aa_verify_shape(IrOp *op);
bool aa_verify_addptr(IrOp *op);
bool aa_verify_make_memref(IrOp *op);
bool aa_verify_ptr_int(IrOp *op);
bool aa_verify_bitcast(IrOp *op);
bool aa_verify_fp_to_fp(IrOp *op);
bool aa_verify_memop(IrOp *op);
bool aa_verify_gather_scatter(IrOp *op);
bool aa_verify_token_op(IrOp *op);
bool aa_verify_assume(IrOp *op);
bool aa_verify_func(IrOp *op);
bool aa_verify_call(IrOp *op);
bool aa_verify_return(IrOp *op);
bool aa_verify_yield(IrOp *op);
bool aa_verify_symbol_ref(IrOp *op);
bool aa_verify_global(IrOp *op);
bool aa_verify_execute(IrOp *op);
bool aa_verify_program_id(IrOp *op);
bool aa_verify_queue_op(IrOp *op);
bool aa_verify_opt_barrier(IrOp *op);
bool aa_verify_escape(IrOp *op);

/* The canonicalization patterns of seed 001 (canonicalize.c), added by the
 * dialect's `canonicalize` hook. */
struct RwPatternSet;
void aa_add_canonicalization_patterns(struct RwPatternSet *set, IrContext *ctx);

#endif
