/* std_ops.h — the standard op engine (lib/dialect/std, the layer below the
 * dialects): the op descriptor that drives the custom assembly and
 * verifiers of arith and math (math's ops are arith-shaped, and use arith's
 * fastmath attribute, as in MLIR), the hooks that read it, and the simple
 * "operands attr-dict : types" syntax the nvvm and nv_tileas rows share.
 * For the dialects' own files (arith, math, nvvm, nv_tileas), not a public
 * header of any dialect.
 *
 * Every arith/math op row carries a StdOpDesc in IrOpInfo.extra; one parse
 * hook, one print hook and one verify hook interpret it (std_syntax.c,
 * std_verify.c). */
#ifndef CTILE_STD_OPS_H
#define CTILE_STD_OPS_H

#include "asm/asm.h"
#include "dialect/std/std.h"

/* Format / verifier families.  Formats (MLIR's assemblyFormat):
 *   CONSTANT  attr-dict $value
 *   UNARY     $a flags attr-dict : type($result)
 *   BINARY    $a, $b flags attr-dict : type($result)
 *   TERNARY   $a, $b, $c flags attr-dict : type($result)
 *   CMPI/CMPF $predicate, $lhs, $rhs flags attr-dict : type($lhs)
 *   SELECT    $c, $t, $f attr-dict : (type($c),)? type($result)
 *   CAST      $in flags attr-dict : type($in) to type($out)
 *   MULEXT    $lhs, $rhs attr-dict : type($lhs)        (two results)
 *   FPOWI     $lhs, $rhs flags attr-dict : type($lhs), type($rhs)
 *   TEST      $a flags attr-dict : type($a)            (i1-like result)
 * where flags are, in this order, ` exact`, ` <roundingmode>`,
 * ` overflow<...>`, ` fastmath<...>` for the ops that have them (TEST ops
 * have a fastmath attribute but show it only in attr-dict, when not none). */
typedef enum StdKind {
  STD_K_CONSTANT, STD_K_UNARY, STD_K_BINARY, STD_K_TERNARY, STD_K_CMPI, STD_K_CMPF,
  STD_K_SELECT, STD_K_CAST, STD_K_MULEXT, STD_K_FPOWI, STD_K_TEST
} StdKind;

/* Type constraint classes, with MLIR's ODS summaries (std_verify.c):
 * "-like" = a scalar or a shaped type (ir_type_is_shaped) of it. */
typedef enum StdClass {
  STD_C_ANY,           /* any type */
  STD_C_INT,           /* signless-integer-like (signless integer or index) */
  STD_C_FIXED,         /* signless-fixed-width-integer-like (no index) */
  STD_C_FLOAT,         /* floating-point-like */
  STD_C_BOOL,          /* bool-like (i1) */
  STD_C_INT_MEM,       /* signless-integer-like or memref of signless-integer */
  STD_C_INT_FLOAT_MEM, /* signless-integer-or-float-like or memref of ... */
} StdClass;

/* Optional flags in the custom form. */
enum {
  STD_F_OVF = 1,   /* overflowFlags: #arith.overflow, default none */
  STD_F_FM = 2,    /* fastmath: #arith.fastmath, default none (optional on casts) */
  STD_F_EXACT = 4, /* isExact: unit attribute, ` exact` */
  STD_F_RND = 8,   /* roundingmode: optional i32 enum, ` to_nearest_even` */
};

/* Cast families (areCastCompatible). */
typedef enum StdCast {
  STD_CAST_NONE, STD_CAST_EXTI, STD_CAST_TRUNCI, STD_CAST_EXTF, STD_CAST_TRUNCF,
  STD_CAST_ITOF, STD_CAST_FTOI, STD_CAST_BITCAST, STD_CAST_INDEX
} StdCast;

typedef struct StdOpDesc {
  uint8_t kind;  /* StdKind */
  uint8_t c0;    /* StdClass of operand 0 */
  uint8_t cn;    /* StdClass of operands 1.. */
  uint8_t cres;  /* StdClass of the results */
  uint8_t flags; /* STD_F_* */
  uint8_t cast;  /* StdCast */
} StdOpDesc;

#define STD_D(...) (&(const StdOpDesc){__VA_ARGS__})
#define STD_ATTRS(...) ((const char *const[]){__VA_ARGS__, NULL})

static inline const StdOpDesc *std_desc(const IrOpInfo *info) { return info->extra; }

/* The hooks every arith/math row uses. */
bool std_parse_op(AsmParser *p, IrOpState *st);
void std_print_op(AsmPrinter *p, IrOp *op);
bool std_verify_op(IrOp *op);
void std_result_names(IrOp *op, IrNameSetFn set, void *user);
/* Adds overflowFlags / fastmath defaults (IrDialect.populate_defaults of
 * arith and math). */
void std_populate_defaults(IrOpState *st);

/* Bodies of the bit-enum attributes, `<nsw, nuw>` / `<nnan,ninf>`, after
 * the mnemonic (shared by `#arith.overflow<..>` and the custom forms). */
bool std_parse_overflow_body(AsmParser *p, unsigned *bits);
bool std_parse_fastmath_body(AsmParser *p, unsigned *bits);

/* Generic "operands attr-dict : operand-types [-> result-type]" syntax (for
 * ops without operands: "attr-dict : result-type"), the rows of nvvm's
 * mbarrier ops and of nv_tileas.alloc_mbarrier (std_syntax.c). */
bool std_parse_simple(AsmParser *p, IrOpState *st);
void std_print_simple(AsmPrinter *p, IrOp *op);

#endif
