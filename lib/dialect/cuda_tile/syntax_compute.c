/* syntax_compute.c — custom assembly of the cuda_tile compute ops.
 *
 * Every compute op of NVIDIA's Ops.td uses a declarative `assemblyFormat`.
 * Rather than hand-writing ~60 parse/print pairs, each format is transcribed
 * here as a short element list (operands, literals, `attr-dict`,
 * `custom<CudaTileType>(type(..))`, optional groups, custom directives), and
 * one parse hook and one print hook interpret it.  The printer reproduces
 * MLIR's OpFormatGen spacing rules exactly (see the comment above
 * fmt_print_literal): that is what makes e.g. `addf %a, %b  : tile<f32>`
 * carry two spaces when the rounding directive prints nothing.
 *
 * Operand types not spelled in a format are derived as ODS does from the
 * op's AllTypesMatch/TypesMatchWith partners (Fmt.opnd_src / Fmt.res_src). */
#include "asm/parse_memo.h"
#include "dialect/cuda_tile/ct_hdrmemo.h"
#include "dialect/cuda_tile/ct_ops.h"
#include "dialect/cuda_tile/ct_ops_compute.h"
#include "dialect/cuda_tile/ct_ops_core.h"
#include "dialect/cuda_tile/ct_types.h"

#include <ctype.h>

/* ---- format elements ------------------------------------------------------ */
typedef enum EKind {
  E_OPND,     /* $x: operand slot idx */
  E_OPNDS,    /* variadic operands from slot idx to the end, ", "-separated */
  E_LIT,      /* `s` */
  E_SPACE,    /* ` ` */
  E_EMPTY,    /* `` */
  E_ATTRDICT, /* attr-dict */
  E_TYPE,     /* custom<CudaTileType>(type(..)): sub = 'r'/'o' + idx, 'R'/'O' lists */
  E_OPTENUM,  /* (`s` `` $attr^)?: enum attribute `en` with default value idx */
  E_UNIT,     /* (`s` $attr^)?: unit attribute named s */
  E_OILIST,   /* oilist(`flush_to_zero` $flush_to_zero | `propagate_nan` $propagate_nan) */
  E_SIGN,     /* custom<Signedness>($attr) */
  E_PRED,     /* custom<ComparisonPredicate>($attr) */
  E_ORD,      /* custom<ComparisonOrdering>($attr) */
  E_RND,      /* custom<...RoundingMode>($attr): sub = CtRoundingSyntax */
  E_INT,      /* $attr: integer attribute of width idx, printed bare */
  E_BOOL,     /* $attr: BoolAttr */
  E_ARRAY,    /* $attr: ArrayAttr */
  E_DARR,     /* $attr: DenseI32ArrayAttr, stripped `[1, 0]` */
  E_REGION,   /* custom<ArgumentRegion>($body) */
} EKind;

typedef struct Elem {
  uint8_t kind;
  int8_t idx;
  uint8_t sub;
  const char *s;
  const char *attr;
  const CtEnumInfo *en; /* E_OPTENUM: the attribute's enum */
} Elem;

#define OPND(i) {E_OPND, (i), 0, NULL, NULL, NULL}
#define OPNDS(i) {E_OPNDS, (i), 0, NULL, NULL, NULL}
#define LIT(s) {E_LIT, 0, 0, (s), NULL, NULL}
#define SPACE {E_SPACE, 0, 0, NULL, NULL, NULL}
#define EMPTY {E_EMPTY, 0, 0, NULL, NULL, NULL}
#define AD {E_ATTRDICT, 0, 0, NULL, NULL, NULL}
#define TY(c, i) {E_TYPE, (i), (c), NULL, NULL, NULL}
#define OPTENUM(kw, a, k, d) {E_OPTENUM, (d), 0, (kw), (a), &(k)}
#define UNIT(kw) {E_UNIT, 0, 0, (kw), (kw), NULL}
#define OILIST {E_OILIST, 0, 0, NULL, NULL, NULL}
#define SIGN(a) {E_SIGN, 0, 0, NULL, (a), NULL}
#define PRED(a) {E_PRED, 0, 0, NULL, (a), NULL}
#define ORD(a) {E_ORD, 0, 0, NULL, (a), NULL}
#define RND(v, a) {E_RND, 0, (v), NULL, (a), NULL}
#define INTA(a, w) {E_INT, (w), 0, NULL, (a), NULL}
#define BOOLA(a) {E_BOOL, 0, 0, NULL, (a), NULL}
#define ARRAYA(a) {E_ARRAY, 0, 0, NULL, (a), NULL}
#define DARR(a) {E_DARR, 0, 0, NULL, (a), NULL}
#define REGION {E_REGION, 0, 0, NULL, NULL, NULL}

/* Operand type sources for operands whose type the format doesn't spell. */
enum { SRC_RES0 = -1, SRC_I32 = -2, SRC_NONE = -3 };

typedef struct Fmt {
  const Elem *e;
  uint8_t n;
  int8_t opnd_src; /* SRC_RES0, SRC_I32, or k: the explicit type of operand k */
  int8_t res_src;  /* -1: explicit; k >= 0: result type = operand k's type */
} Fmt;

#define FMT(name, src, res, ...)                                           \
  static const Elem name##_e[] = {__VA_ARGS__};                            \
  static const Fmt name = {name##_e, sizeof name##_e / sizeof(Elem), (src), (res)}

/* `$source attr-dict : type($result)` */
FMT(f_unary, SRC_RES0, -1, OPND(0), AD, LIT(":"), TY('r', 0));
/* `$lhs , $rhs attr-dict : type($result)` */
FMT(f_binary, SRC_RES0, -1, OPND(0), LIT(","), OPND(1), AD, LIT(":"), TY('r', 0));
/* `$lhs , $rhs (overflow `` $overflow^)? attr-dict : type($result)` */
FMT(f_binary_ovf, SRC_RES0, -1, OPND(0), LIT(","), OPND(1),
    OPTENUM("overflow", "overflow", ct_enum_overflow, CT_OVERFLOW_NONE), AD, LIT(":"),
    TY('r', 0));
/* `$source (overflow `` $overflow^)? attr-dict : type($result)` */
FMT(f_unary_ovf, SRC_RES0, -1, OPND(0),
    OPTENUM("overflow", "overflow", ct_enum_overflow, CT_OVERFLOW_NONE), AD, LIT(":"),
    TY('r', 0));
/* `$lhs , $rhs custom<IEEERoundingMode> (flush_to_zero ..)? attr-dict : T` */
FMT(f_binary_ieee, SRC_RES0, -1, OPND(0), LIT(","), OPND(1),
    RND(CT_RSYN_IEEE, "rounding_mode"), UNIT("flush_to_zero"), AD, LIT(":"), TY('r', 0));
FMT(f_divf, SRC_RES0, -1, OPND(0), LIT(","), OPND(1), RND(CT_RSYN_DIVF, "rounding_mode"),
    UNIT("flush_to_zero"), AD, LIT(":"), TY('r', 0));
FMT(f_fma, SRC_RES0, -1, OPND(0), LIT(","), OPND(1), LIT(","), OPND(2),
    RND(CT_RSYN_IEEE, "rounding_mode"), UNIT("flush_to_zero"), AD, LIT(":"), TY('r', 0));
FMT(f_sqrt, SRC_RES0, -1, OPND(0), RND(CT_RSYN_SQRT, "rounding_mode"),
    UNIT("flush_to_zero"), AD, LIT(":"), TY('r', 0));
/* `$source (flush_to_zero $flush_to_zero^)? attr-dict : T` */
FMT(f_unary_ftz, SRC_RES0, -1, OPND(0), UNIT("flush_to_zero"), AD, LIT(":"),
    TY('r', 0));
/* `$source custom<ExpOpRoundingMode>/<TanHOpRoundingMode> attr-dict : T` */
FMT(f_exp, SRC_RES0, -1, OPND(0), RND(CT_RSYN_EXP, "rounding_mode"), AD, LIT(":"),
    TY('r', 0));
FMT(f_tanh, SRC_RES0, -1, OPND(0), RND(CT_RSYN_TANH, "rounding_mode"), AD, LIT(":"),
    TY('r', 0));
FMT(f_minmaxf, SRC_RES0, -1, OPND(0), LIT(","), OPND(1), OILIST, AD, LIT(":"),
    TY('r', 0));
/* `$lhs , $rhs custom<Signedness>($signedness) attr-dict : T` */
FMT(f_binary_sign, SRC_RES0, -1, OPND(0), LIT(","), OPND(1), SIGN("signedness"), AD,
    LIT(":"), TY('r', 0));
FMT(f_divi, SRC_RES0, -1, OPND(0), LIT(","), OPND(1), SIGN("signedness"),
    OPTENUM("rounding", "rounding", ct_enum_rounding, CT_ROUNDING_ZERO), AD, LIT(":"),
    TY('r', 0));
FMT(f_cmpi, 0, -1, PRED("comparison_predicate"), OPND(0), LIT(","), OPND(1), LIT(","),
    SIGN("signedness"), AD, LIT(":"), TY('o', 0), LIT("->"), TY('r', 0));
FMT(f_cmpf, 0, -1, PRED("comparison_predicate"), ORD("comparison_ordering"), OPND(0),
    LIT(","), OPND(1), AD, LIT(":"), TY('o', 0), LIT("->"), TY('r', 0));
/* `$source attr-dict : type($source) -> type($result)` */
FMT(f_cast, SRC_NONE, -1, OPND(0), AD, LIT(":"), TY('o', 0), LIT("->"), TY('r', 0));
FMT(f_cast_sign, SRC_NONE, -1, OPND(0), SIGN("signedness"), AD, LIT(":"), TY('o', 0),
    LIT("->"), TY('r', 0));
FMT(f_trunci, SRC_NONE, -1, OPND(0),
    OPTENUM("overflow", "overflow", ct_enum_overflow, CT_OVERFLOW_NONE), AD, LIT(":"),
    TY('o', 0), LIT("->"), TY('r', 0));
FMT(f_ftof, SRC_NONE, -1, OPND(0), RND(CT_RSYN_IEEE, "rounding_mode"), AD, LIT(":"),
    TY('o', 0), LIT("->"), TY('r', 0));
FMT(f_ftoi, SRC_NONE, -1, OPND(0), SIGN("signedness"), RND(CT_RSYN_INTEGER, "rounding_mode"),
    AD, LIT(":"), TY('o', 0), LIT("->"), TY('r', 0));
FMT(f_itof, SRC_NONE, -1, OPND(0), SIGN("signedness"), RND(CT_RSYN_IEEE, "rounding_mode"),
    AD, LIT(":"), TY('o', 0), LIT("->"), TY('r', 0));
FMT(f_permute, SRC_NONE, -1, OPND(0), DARR("permutation"), AD, LIT(":"), TY('o', 0),
    LIT("->"), TY('r', 0));
FMT(f_cat, SRC_NONE, -1, OPND(0), LIT(","), OPND(1), LIT("dim"), LIT("="),
    INTA("dim", 64), AD, LIT(":"), TY('o', 0), LIT(","), TY('o', 1), LIT("->"),
    TY('r', 0));
FMT(f_extract, SRC_I32, -1, OPND(0), LIT("["), OPNDS(1), LIT("]"), AD, LIT(":"),
    TY('o', 0), LIT("->"), TY('r', 0));
FMT(f_iota, SRC_NONE, -1, AD, LIT(":"), TY('r', 0));
FMT(f_select, SRC_RES0, -1, OPND(0), LIT(","), OPND(1), LIT(","), OPND(2), AD,
    LIT(":"), TY('o', 0), LIT(","), TY('r', 0));
FMT(f_mmaf, SRC_NONE, 2, OPND(0), LIT(","), OPND(1), LIT(","), OPND(2),
    UNIT("fast_acc"), AD, LIT(":"), TY('o', 0), LIT(","), TY('o', 1), LIT(","),
    TY('o', 2));
FMT(f_mmai, SRC_NONE, 2, OPND(0), LIT(","), OPND(1), LIT(","), OPND(2),
    SIGN("signedness_lhs"), SIGN("signedness_rhs"), AD, LIT(":"), TY('o', 0),
    LIT(","), TY('o', 1), LIT(","), TY('o', 2));
FMT(f_mmaf_scaled, SRC_NONE, 2, OPND(0), LIT(","), OPND(1), LIT(","), OPND(2),
    LIT(","), OPND(3), LIT(","), OPND(4), AD, LIT(":"), TY('o', 0), LIT(","),
    TY('o', 1), LIT(","), TY('o', 2), LIT(","), TY('o', 3), LIT(","), TY('o', 4));
FMT(f_reduce, SRC_NONE, -1, OPNDS(0), AD, SPACE, LIT("dim"), EMPTY, LIT("="), EMPTY,
    INTA("dim", 32), LIT("identities"), EMPTY, LIT("="), EMPTY, ARRAYA("identities"),
    LIT(":"), TY('O', 0), LIT("->"), TY('R', 0), REGION);
FMT(f_scan, SRC_NONE, -1, OPNDS(0), AD, SPACE, LIT("dim"), EMPTY, LIT("="), EMPTY,
    INTA("dim", 32), LIT("reverse"), EMPTY, LIT("="), EMPTY, BOOLA("reverse"),
    LIT("identities"), EMPTY, LIT("="), EMPTY, ARRAYA("identities"), LIT(":"),
    TY('O', 0), LIT("->"), TY('R', 0), REGION);

/* Op -> format: the `format` column of the ops_compute.def rows. */
static const Fmt *const fmts[CT_OP_COUNT] = {
#define CT_OP(c, m, tr, a, b, rc, rd, nr, inh, pa, pr, ve, sp, nm, bc, sum)
#define CT_OPX(c, m, tr, a, b, rc, rd, nr, inh, pa, pr, ve, sp, nm, par, dd, ban, vr, bc, sum)
#define CT_OPC(c, m, tr, a, b, rc, rd, nr, inh, fmt, spec, in, nm, bc, sum) [CT_OP_##c] = &fmt,
#define CT_OPCX(c, m, tr, a, b, rc, rd, nr, inh, fmt, spec, in, nm, par, dd, ban, vr, bc, sum) \
  [CT_OP_##c] = &fmt,
#include "dialect/cuda_tile/ops_compute.def"
#undef CT_OPCX
#undef CT_OPC
#undef CT_OPX
#undef CT_OP
};

static const Fmt *fmt_of(const IrOpInfo *info) {
  if (info < ct_op_infos || info >= ct_op_infos + CT_OP_COUNT) return NULL;
  return fmts[info - ct_op_infos];
}

bool ct_compute_has_format(const IrOpInfo *info) { return fmt_of(info) != NULL; }

/* ---- per-context state ------------------------------------------------------
 * Attributes are uniqued and immortal in their context, so what the hooks
 * look up again and again is kept in a state of the context (a
 * ir_ctx_dialect_state slot under syn_key, freed with the context):
 *   - for printing, per op kind, the lookups of the last two (props, attrs)
 *     dictionary pairs printed (most ops of a kind carry the same few): the
 *     attribute of each slot of the op's print program, and whether its
 *     attr-dict prints nothing (every attribute elided);
 *   - for parsing, the enum attributes of the keywords parsed. */
#define MAX_ASLOTS 6 /* attributes an op's elements read (3 at most today) */
#define NO_ASLOT 0xFF
#define SYN_ENUMS 8
#define SYN_ENUM_CASES 32

typedef struct PrintCache {
  const IrAttr *props, *attrs; /* the key */
  bool valid, dict_empty;
  const IrAttr *a[MAX_ASLOTS];
} PrintCache;

typedef struct EnumCache {
  const CtEnumInfo *e;
  const IrAttr *v[SYN_ENUM_CASES];
} EnumCache;

typedef struct SynState {
  PrintCache pc[CT_OP_COUNT][2]; /* the last pair printed first */
  EnumCache enums[SYN_ENUMS];
} SynState;

static const char syn_key[] = "cuda_tile.syntax_compute";

/* The state of context ctx, created on first use. */
static SynState *syn_state(IrContext *ctx) {
  return ir_ctx_zeroed_state(ctx, syn_key, sizeof(SynState));
}

/* ct_enum_attr(ctx, e, v), remembered in state s. */
static const IrAttr *syn_enum_attr(IrContext *ctx, SynState *s, const CtEnumInfo *e, int v) {
  if (v < 0 || v >= SYN_ENUM_CASES) return ct_enum_attr(ctx, e, v);
  for (int k = 0; k < SYN_ENUMS; k++) {
    EnumCache *c = &s->enums[k];
    if (!c->e) c->e = e;
    if (c->e != e) continue;
    if (!c->v[v]) c->v[v] = ct_enum_attr(ctx, e, v);
    return c->v[v];
  }
  return ct_enum_attr(ctx, e, v);
}

/* ---- enum directives ------------------------------------------------------- */
static const CtEnumInfo *kw_enum(uint8_t kind) {
  return kind == E_SIGN ? &ct_enum_signedness
         : kind == E_PRED ? &ct_enum_comparison_predicate
                          : &ct_enum_comparison_ordering;
}

/* custom<Signedness> / <ComparisonPredicate> / <ComparisonOrdering>, and the
 * rounding directives (custom<IEEERoundingMode> etc.): ct_types.h helpers. */
static bool parse_custom_enum(AsmParser *p, IrOpState *st, const Elem *el) {
  int v = -1;
  bool ok;
  const CtEnumInfo *e = &ct_enum_rounding;
  switch (el->kind) {
  case E_SIGN:
    e = kw_enum(el->kind);
    ok = ct_parse_signedness_kw(p, &v);
    break;
  case E_PRED:
    e = kw_enum(el->kind);
    ok = ct_parse_comparison_predicate_kw(p, &v);
    break;
  case E_ORD:
    e = kw_enum(el->kind);
    ok = ct_parse_comparison_ordering_kw(p, &v);
    break;
  default: ok = ct_parse_rounding(p, (CtRoundingSyntax)el->sub, &v); break;
  }
  if (!ok) return false;
  IrContext *ctx = asm_ctx(p);
  ir_op_state_add_prop(st, el->attr, syn_enum_attr(ctx, syn_state(ctx), e, v));
  return true;
}

/* Attribute of a dialect-attribute variable, "custom attribute with
 * fallback": a full `#cuda_tile.x<..>` attribute or the stripped `<..>`. */
static bool parse_enum_var(AsmParser *p, const CtEnumInfo *e, const IrAttr **out) {
  if (asm_peek_punct(p, ASM_LESS)) {
    int v;
    if (!ct_parse_enum_body(p, e, &v)) return false;
    *out = ct_enum_attr(asm_ctx(p), e, v);
    return true;
  }
  AsmLoc at = asm_cur_loc(p);
  if (!asm_parse_attr(p, NULL, out)) return false;
  if (ct_enum_value(*out, e) < 0)
    return asm_error_at(p, at, "invalid kind of attribute specified");
  return true;
}

/* stripped dense i32 array ::= `[` (integer (`,` integer)*)? `]` */
static bool parse_darr(AsmParser *p, IrOpState *st, const Elem *el) {
  VEC(int64_t) v = {0};
  bool ok = asm_parse_punct(p, ASM_LSQUARE);
  if (ok && !asm_parse_optional_punct(p, ASM_RSQUARE)) {
    do {
      int64_t x;
      AsmLoc at = asm_cur_loc(p);
      if (!(ok = asm_parse_integer(p, &x))) break;
      if (x < INT32_MIN || x > INT32_MAX) {
        ok = asm_error_at(p, at, "integer constant out of range for attribute");
        break;
      }
      vec_push(&v, x);
    } while (asm_parse_optional_punct(p, ASM_COMMA));
    if (ok) ok = asm_parse_punct(p, ASM_RSQUARE);
  }
  if (ok) {
    IrContext *ctx = asm_ctx(p);
    ir_op_state_add_prop(st, el->attr,
                         ir_dense_i64_array(ctx, ir_integer_type(ctx, 32, IR_SIGNLESS),
                                            v.data, v.len));
  }
  vec_free(&v);
  return ok;
}

/* The punctuation a one- or two-character literal names, or -1. */
static int lit_punct(const char *s) {
  if (!strcmp(s, "->")) return ASM_ARROW;
  if (s[0] && !s[1]) switch (s[0]) {
    case ',': return ASM_COMMA;
    case ':': return ASM_COLON;
    case '=': return ASM_EQUAL;
    case '[': return ASM_LSQUARE;
    case ']': return ASM_RSQUARE;
    default: break;
    }
  return -1;
}

/* Parses a literal token of a format. */
static bool parse_literal(AsmParser *p, const char *s) {
  int k = lit_punct(s);
  return k >= 0 ? asm_parse_punct(p, (AsmPunct)k) : asm_parse_keyword(p, s);
}

/* ---- the parse hook -------------------------------------------------------- */
#define MAX_FIXED 5

#define OPS_INLINE 8 /* operands kept in ParseState itself */

typedef struct ParseState {
  /* operands in order: the first OPS_INLINE in obuf, all of them in ops
   * once there are more (no allocation for the usual op) */
  AsmOperand obuf[OPS_INLINE];
  AsmOperandVec ops;
  size_t nops;
  const IrType *otype[MAX_FIXED];    /* explicit operand types */
  const IrType *rtype;               /* explicit single result type */
  CT_SVEC(const IrType *, 4) otypes; /* `type($operands)` (results: into the op state) */
  AsmLoc otypes_loc;
  bool has_lists;
} ParseState;

/* Past OPS_INLINE operands: all of them move to ps->ops. */
static void ops_push_slow(ParseState *ps, const AsmOperand *o) {
  if (ps->nops == OPS_INLINE)
    for (size_t i = 0; i < OPS_INLINE; i++) vec_push(&ps->ops, ps->obuf[i]);
  vec_push(&ps->ops, *o);
  ps->nops++;
}

static inline void ops_push(ParseState *ps, const AsmOperand *o) {
  if (ps->nops < OPS_INLINE) ps->obuf[ps->nops++] = *o;
  else ops_push_slow(ps, o);
}

static AsmOperand *ops_data(ParseState *ps) {
  return ps->nops > OPS_INLINE ? ps->ops.data : ps->obuf;
}

static bool parse_elem(AsmParser *p, IrOpState *st, ParseState *ps, const Elem *el) {
  switch ((EKind)el->kind) {
  case E_OPND: {
    AsmOperand o;
    if (!asm_parse_operand(p, &o)) return false;
    ops_push(ps, &o);
    return true;
  }
  case E_OPNDS: /* ssa-use-list, possibly empty */
    if (!asm_peek_operand(p)) return true;
    do {
      AsmOperand o;
      if (!asm_parse_operand(p, &o)) return false;
      ops_push(ps, &o);
    } while (asm_parse_optional_punct(p, ASM_COMMA));
    return true;
  case E_LIT: return parse_literal(p, el->s);
  case E_SPACE:
  case E_EMPTY: return true;
  case E_ATTRDICT: return asm_parse_optional_attr_dict(p, st);
  case E_TYPE:
    switch (el->sub) {
    case 'r': return ct_parse_type(p, &ps->rtype);
    case 'o': return ct_parse_type(p, &ps->otype[el->idx]);
    case 'O':
      ps->otypes_loc = asm_cur_loc(p);
      ps->has_lists = true;
      do { /* ct_parse_types_into, into the inline list */
        const IrType *t;
        if (!ct_parse_type(p, &t)) return false;
        ct_svec_push(&ps->otypes, t);
      } while (asm_parse_optional_punct(p, ASM_COMMA));
      return true;
    default: return ct_parse_types_into(p, &st->result_types);
    }
  case E_OPTENUM: {
    /* absent: the DefaultValuedAttr's default (populateDefaultProperties) */
    if (!asm_parse_optional_keyword(p, el->s)) {
      IrContext *ctx = asm_ctx(p);
      ir_op_state_add_prop(st, el->attr, syn_enum_attr(ctx, syn_state(ctx), el->en, el->idx));
      return true;
    }
    const IrAttr *a;
    if (!parse_enum_var(p, el->en, &a)) return false;
    ir_op_state_add_prop(st, el->attr, a);
    return true;
  }
  case E_UNIT:
    if (asm_parse_optional_keyword(p, el->s))
      ir_op_state_add_prop(st, el->attr, ir_unit_attr(asm_ctx(p)));
    return true;
  case E_OILIST: {
    static const char *const kws[] = {"flush_to_zero", "propagate_nan"};
    bool seen[2] = {false, false};
    for (;;) {
      int hit = -1;
      for (int i = 0; i < 2 && hit < 0; i++)
        if (asm_peek_keyword(p, kws[i])) hit = i;
      if (hit < 0) return true;
      if (seen[hit])
        return asm_error(p, "`%s` clause can appear at most once in the expansion of "
                            "the oilist directive", kws[hit]);
      asm_parse_keyword(p, kws[hit]);
      seen[hit] = true;
      ir_op_state_add_prop(st, kws[hit], ir_unit_attr(asm_ctx(p)));
    }
  }
  case E_SIGN:
  case E_PRED:
  case E_ORD:
  case E_RND: return parse_custom_enum(p, st, el);
  case E_INT: {
    const IrAttr *a;
    AsmLoc at = asm_cur_loc(p);
    const IrType *t = ir_integer_type(asm_ctx(p), (unsigned)el->idx, IR_SIGNLESS);
    if (!asm_parse_attr(p, t, &a)) return false;
    if (!ir_attr_is(a, &ir_integer_attr_def))
      return asm_error_at(p, at, "invalid kind of attribute specified");
    ir_op_state_add_prop(st, el->attr, a);
    return true;
  }
  case E_BOOL:
  case E_ARRAY: {
    const IrAttr *a;
    AsmLoc at = asm_cur_loc(p);
    if (!asm_parse_attr(p, NULL, &a)) return false;
    if (!ir_attr_is(a, el->kind == E_BOOL ? &ir_bool_attr_def : &ir_array_attr_def))
      return asm_error_at(p, at, "invalid kind of attribute specified");
    ir_op_state_add_prop(st, el->attr, a);
    return true;
  }
  case E_DARR: return parse_darr(p, st, el);
  case E_REGION: {
    AsmArgumentVec args = {0};
    bool ok = asm_parse_argument_list(p, &args, true, true);
    if (ok) ok = asm_parse_region(p, ir_op_state_add_region(st), args.data, args.len);
    vec_free(&args);
    return ok;
  }
  }
  return false;
}

/* Resolves the parsed operands against their types (explicit, or derived as
 * the op's type-matching traits imply) and records the result types. */
static bool resolve(AsmParser *p, IrOpState *st, const Fmt *f, ParseState *ps) {
  IrContext *ctx = asm_ctx(p);
  if (ps->has_lists) { /* reduce / scan */
    if (!asm_resolve_operands(p, ops_data(ps), ps->nops, ps->otypes.data,
                              ps->otypes.len, ps->otypes_loc, st))
      return false;
    return true; /* the result types went straight into st */
  }
  AsmOperand *ops = ops_data(ps);
  for (size_t i = 0; i < ps->nops; i++) {
    const IrType *t = i < MAX_FIXED ? ps->otype[i] : NULL;
    if (!t) {
      if (f->opnd_src == SRC_RES0) t = ps->rtype;
      else if (f->opnd_src == SRC_I32)
        t = ct_scalar_tile_type(ctx, ir_integer_type(ctx, 32, IR_SIGNLESS));
      else if (f->opnd_src >= 0) t = ps->otype[f->opnd_src];
    }
    if (!t) return asm_error_at(p, ops[i].loc, "unable to resolve operand type");
    if (!asm_resolve_operand(p, &ops[i], t, st)) return false;
  }
  const IrType *r = f->res_src >= 0 ? ps->otype[f->res_src] : ps->rtype;
  if (r) vec_push(&st->result_types, r);
  return true;
}

/* Publishes a program compiled for *slot unless another thread got there
 * first (then pg is freed); returns the one kept. */
static void *prog_publish(void **slot, void *pg) {
  void *old = NULL;
  if (__atomic_compare_exchange_n(slot, &old, pg, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
    return pg;
  free(pg);
  return old;
}

/* A format compiled for parsing: the literals resolved to punctuation or
 * keywords, the elements that read nothing (` `, ``) dropped. */
typedef enum QKind {
  Q_PUNCT,    /* punctuation arg (AsmPunct) */
  Q_KW,       /* keyword el->s */
  Q_OPND,     /* one operand */
  Q_RTYPE,    /* the result type */
  Q_OTYPE,    /* the type of operand arg */
  Q_ATTRDICT, /* attr-dict */
  Q_ELEM,     /* anything else (parse_elem) */
} QKind;

typedef struct QInstr {
  uint8_t kind, arg;
  const Elem *el;
} QInstr;

typedef struct QProg {
  uint32_t n;
  /* For a format ending in a region (reduce, scan): the first instruction
   * after its attr-dict, from which the header up to the region's
   * argument list is parsed through the header memo; 0: never. */
  uint32_t memo_from;
  QInstr ins[];
} QProg;

static QProg *parse_prog_compile(const Fmt *f) {
  QProg *q = xmalloc(sizeof *q + f->n * sizeof(QInstr));
  uint32_t n = 0;
  for (uint8_t i = 0; i < f->n; i++) {
    const Elem *el = &f->e[i];
    QInstr in = {Q_ELEM, 0, el};
    switch ((EKind)el->kind) {
    case E_SPACE:
    case E_EMPTY: continue;
    case E_LIT: {
      int k = lit_punct(el->s);
      in.kind = k >= 0 ? Q_PUNCT : Q_KW;
      in.arg = k >= 0 ? (uint8_t)k : 0;
      break;
    }
    case E_OPND: in.kind = Q_OPND; break;
    case E_ATTRDICT: in.kind = Q_ATTRDICT; break;
    case E_TYPE:
      if (el->sub == 'r') in.kind = Q_RTYPE;
      else if (el->sub == 'o') in = (QInstr){Q_OTYPE, (uint8_t)el->idx, el};
      break;
    default: break;
    }
    q->ins[n++] = in;
  }
  q->n = n;
  q->memo_from = 0;
  if (n && q->ins[n - 1].kind == Q_ELEM && q->ins[n - 1].el->kind == E_REGION)
    for (uint32_t i = n - 1; i-- > 0;)
      if (q->ins[i].kind == Q_ATTRDICT) {
        q->memo_from = i + 1;
        break;
      }
  return q;
}

static const QProg *parse_prog(const IrOpInfo *info, const Fmt *f) {
  static void *progs[CT_OP_COUNT];
  void **slot = &progs[info - ct_op_infos];
  void *q = __atomic_load_n(slot, __ATOMIC_ACQUIRE);
  return q ? q : prog_publish(slot, parse_prog_compile(f));
}

/* One instruction of a parse program. */
static inline bool run_instr(AsmParser *p, IrOpState *st, ParseState *ps, const QInstr *in) {
  switch ((QKind)in->kind) {
  case Q_PUNCT: return asm_parse_punct(p, (AsmPunct)in->arg);
  case Q_KW: return asm_parse_keyword(p, in->el->s);
  case Q_OPND:
    if (ps->nops < OPS_INLINE) { /* straight into its slot */
      if (!asm_parse_operand(p, &ps->obuf[ps->nops])) return false;
      ps->nops++;
    } else {
      AsmOperand o;
      if (!asm_parse_operand(p, &o)) return false;
      ops_push_slow(ps, &o);
    }
    return true;
  case Q_RTYPE: return ct_parse_type(p, &ps->rtype);
  case Q_OTYPE: return ct_parse_type(p, &ps->otype[in->arg]);
  case Q_ATTRDICT: return asm_parse_optional_attr_dict(p, st);
  case Q_ELEM: return parse_elem(p, st, ps, in->el);
  }
  return false;
}

/* ---- the header memo of reduce / scan (ct_hdrmemo.h) -------------------------
 * The text from the instruction after the attr-dict (`dim=...`) through the
 * region's argument list `(%a: T, ...)` is parsed through the parser's
 * attribute memo.  What that part of the program does to the state — the
 * properties it adds, the result types, the operand type list and where it
 * starts, the region arguments — is its record; it adds no operand, no
 * discardable attribute and no single operand/result type (the record is
 * refused otherwise). */
typedef struct HdrMemo {
  IrOpState *st;
  ParseState *ps;
  const Fmt *f;
  const QProg *q;
  CtArgList *args;
  bool ran;
} HdrMemo;

/* The memo keys on the text and fn, not on fn's argument: each format
 * has its own fn (hdr_memo_reduce, hdr_memo_scan), so that a reduce and a
 * scan never share a record.  Called for format `f` only. */
static const IrAttr *hdr_memo_run(AsmParser *p, HdrMemo *m, const Fmt *f) {
  IrOpState *st = m->st;
  ParseState *ps = m->ps;
  m->ran = true;
  if (m->f != f) return asm_error(p, "internal error: header memo of another format"), NULL;
  const char *base = asm_cur_loc(p).ptr;
  size_t np0 = st->props.len, nr0 = st->result_types.len, no0 = ps->otypes.len;
  size_t nops0 = ps->nops, na0 = st->attrs.len;
  bool lists0 = ps->has_lists;
  const IrType *fixed0[MAX_FIXED + 1];
  memcpy(fixed0, ps->otype, sizeof ps->otype);
  fixed0[MAX_FIXED] = ps->rtype;
  for (uint32_t i = m->q->memo_from; i + 1 < m->q->n; i++)
    if (!run_instr(p, st, ps, &m->q->ins[i])) return NULL;
  AsmArgumentVec tmp = {0};
  bool ok = asm_parse_argument_list(p, &tmp, true, true);
  for (size_t i = 0; i < tmp.len; i++) ct_svec_push(m->args, tmp.data[i]);
  vec_free(&tmp);
  if (!ok) return NULL;
  IrContext *ctx = asm_ctx(p);
  if (ps->nops != nops0 || st->attrs.len != na0 || ps->rtype != fixed0[MAX_FIXED] ||
      memcmp(fixed0, ps->otype, sizeof ps->otype) || (lists0 && ps->has_lists))
    return ir_unit_attr(ctx); /* not a record: ct_hdr_is_record refuses it */
  CtHdrEnc e;
  ct_hdr_enc_init(&e, ctx, base);
  ct_hdr_put_int(&e, (int64_t)(st->props.len - np0));
  ct_hdr_put_int(&e, (int64_t)(st->result_types.len - nr0));
  ct_hdr_put_int(&e, (int64_t)(ps->otypes.len - no0));
  ct_hdr_put_int(&e, ps->has_lists);
  ct_hdr_put_operand(&e, &(AsmOperand){.loc = ps->has_lists ? ps->otypes_loc : (AsmLoc){NULL}});
  ct_hdr_put_int(&e, (int64_t)m->args->len);
  for (size_t i = np0; i < st->props.len; i++) {
    const IrIdent *name = st->props.data[i].name;
    ct_hdr_put_attr(&e, ir_string_attr(ctx, name->str, name->len));
    ct_hdr_put_attr(&e, st->props.data[i].value);
  }
  for (size_t i = nr0; i < st->result_types.len; i++) ct_hdr_put_type(&e, st->result_types.data[i]);
  for (size_t i = no0; i < ps->otypes.len; i++) ct_hdr_put_type(&e, ps->otypes.data[i]);
  for (size_t i = 0; i < m->args->len; i++) ct_hdr_put_argument(&e, &m->args->data[i]);
  return ct_hdr_finish(&e);
}

static const IrAttr *hdr_memo_reduce(AsmParser *p, void *arg) {
  return hdr_memo_run(p, arg, &f_reduce);
}

static const IrAttr *hdr_memo_scan(AsmParser *p, void *arg) {
  return hdr_memo_run(p, arg, &f_scan);
}

/* The memo function of format f, or NULL when its header is not memoized. */
static AsmAttrMemoFn hdr_memo_fn_of(const Fmt *f) {
  return f == &f_reduce ? hdr_memo_reduce : f == &f_scan ? hdr_memo_scan : NULL;
}

/* The header of a reduce / scan from q->memo_from through the region's
 * argument list, into st, ps and args (empty). */
static bool parse_header_memo(AsmParser *p, IrOpState *st, ParseState *ps, const Fmt *f,
                              const QProg *q, CtArgList *args) {
  HdrMemo m = {st, ps, f, q, args, false};
  const char *base = asm_cur_loc(p).ptr;
  const IrAttr *rec = asm_parse_attr_memo_at(p, hdr_memo_fn_of(f), &m, ')', ct_hdr_is_record);
  if (!rec) return false;
  if (m.ran) return true; /* parsed in full */
  CtHdrDec d;
  if (!ct_hdr_replay_begin(p, &d, rec, base)) return false;
  size_t np = (size_t)ct_hdr_get_int(&d), nr = (size_t)ct_hdr_get_int(&d);
  size_t no = (size_t)ct_hdr_get_int(&d);
  bool lists = ct_hdr_get_int(&d) != 0;
  AsmOperand where;
  ct_hdr_get_operand(&d, &where);
  size_t na = (size_t)ct_hdr_get_int(&d);
  for (size_t i = 0; i < np; i++) {
    const IrAttr *name = ct_hdr_get_attr_raw(&d), *v = ct_hdr_get_attr_raw(&d);
    vec_push(&st->props, ((IrNamedAttr){name->str, v}));
  }
  for (size_t i = 0; i < nr; i++) vec_push(&st->result_types, ct_hdr_get_type(&d));
  for (size_t i = 0; i < no; i++) ct_svec_push(&ps->otypes, ct_hdr_get_type(&d));
  if (lists) {
    ps->has_lists = true;
    ps->otypes_loc = where.loc;
  }
  for (size_t i = 0; i < na; i++) {
    AsmArgument a;
    ct_hdr_get_argument(&d, &a);
    ct_svec_push(args, a);
  }
  return true;
}

bool ct_parse_compute(AsmParser *p, IrOpState *st) {
  const Fmt *f = fmt_of(st->info);
  if (!f) return asm_error(p, "no custom assembly format for this op");
  const QProg *q = parse_prog(st->info, f);
  ParseState ps; /* obuf is filled as operands come */
  memset(&ps.ops, 0, sizeof ps - offsetof(ParseState, ops));
  ct_svec_init(&ps.otypes);
  uint32_t stop = q->memo_from && hdr_memo_fn_of(f) && ct_hdr_memo_enabled() ? q->memo_from : q->n;
  bool ok = true;
  for (uint32_t i = 0; ok && i < stop; i++) ok = run_instr(p, st, &ps, &q->ins[i]);
  if (ok && stop < q->n) { /* the memoized header, then the region */
    CtArgList args;
    ct_svec_init(&args);
    ok = parse_header_memo(p, st, &ps, f, q, &args) &&
         asm_parse_region(p, ir_op_state_add_region(st), args.data, args.len);
    ct_svec_free(&args);
  }
  if (ok) ok = resolve(p, st, f, &ps);
  if (ps.ops.data) vec_free(&ps.ops); /* the usual op allocated nothing */
  ct_svec_free(&ps.otypes);
  return ok;
}

/* ---- the print hook --------------------------------------------------------
 * MLIR's OpFormatGen spacing, evaluated element by element:
 *   - a literal gets a leading space iff `should_space` and
 *     (len != 1 && != "->"  ||  last_punct ? c not in ">)}]," : c not in "<>(){}[],");
 *     afterwards should_space = !(single char in "<({["), last_punct = c is not
 *     '_' or a letter;
 *   - ` ` prints one space (should_space = last_punct = false); `` prints
 *     nothing (should_space = false, last_punct = true);
 *   - attr-dict prints its own leading space, then last_punct = false;
 *   - any other element gets a space iff should_space || !last_punct, then
 *     should_space = true, last_punct = false (even when it prints nothing).
 * The state never depends on the op being printed: an optional group leaves
 * the state of its trailing element whether it prints or not.  So each
 * format is compiled once (print_prog) into a program in which all the
 * literals and spaces between two variable elements are one text run, and
 * the optional groups carry whether their keyword takes a leading space. */
typedef struct PrintState {
  bool should_space, last_punct;
} PrintState;

/* Whether c is one of ">)}],", one of "<>(){}[],", or a letter or '_'
 * (ASCII: isalpha would go through the locale tables). */
static bool is_close_punct(char c) {
  return c == '>' || c == ')' || c == '}' || c == ']' || c == ',';
}
static bool is_any_punct(char c) {
  return is_close_punct(c) || c == '<' || c == '(' || c == '{' || c == '[';
}
static bool is_word_start(char c) {
  return c == '_' || ((unsigned)(c | 0x20) - 'a') < 26u;
}

/* Whether literal v prints a leading space in state s; s then becomes the
 * state after it. */
static bool lit_step(PrintState *s, const char *v) {
  size_t n = strlen(v);
  char c = v[0];
  bool space;
  if (n != 1 && !(n == 2 && c == '-' && v[1] == '>')) space = true;
  else if (s->last_punct) space = !is_close_punct(c);
  else space = !is_any_punct(c);
  space = space && s->should_space;
  s->should_space = !(n == 1 && (c == '<' || c == '(' || c == '{' || c == '['));
  s->last_punct = !is_word_start(c);
  return space;
}

/* Whether a variable element prints a leading space; s becomes the state
 * after it. */
static bool elem_step(PrintState *s) {
  bool space = s->should_space || !s->last_punct;
  s->should_space = true;
  s->last_punct = false;
  return space;
}

typedef enum PKind {
  P_TEXT,     /* the text alone (the program's last instruction) */
  P_OPND,     /* operand idx */
  P_RTYPE,    /* type of result idx */
  P_OTYPE,    /* type of operand idx */
  P_ELEM,     /* another element printed without state (print_elem) */
  P_ATTRDICT, /* attr-dict with the program's elisions */
  P_OPTKW,    /* E_OPTENUM / E_UNIT: sp = leading space of the keyword */
  P_OILIST,   /* sp = leading space of the first keyword printed */
} PKind;

/* An instruction: its text (literals and spaces before the element), then
 * the element. */
typedef struct PInstr {
  uint8_t kind;
  bool sp;
  uint8_t idx;
  uint8_t aslot; /* first slot of the attributes the element reads (PrintCache.a) */
  uint16_t len;
  const char *text;
  const Elem *el;
} PInstr;

#define MAX_ELIDED 8

typedef struct PProg {
  const char *elided[MAX_ELIDED];
  const char *aname[MAX_ASLOTS]; /* the attribute of each slot */
  uint32_t n, naslots;
  PInstr ins[];
} PProg;

/* The instruction kind of a variable element. */
static uint8_t pkind_of(const Elem *el) {
  switch ((EKind)el->kind) {
  case E_OPND: return P_OPND;
  case E_TYPE: return el->sub == 'r' ? P_RTYPE : el->sub == 'o' ? P_OTYPE : P_ELEM;
  case E_ATTRDICT: return P_ATTRDICT;
  case E_OPTENUM:
  case E_UNIT: return P_OPTKW;
  case E_OILIST: return P_OILIST;
  default: return P_ELEM;
  }
}

/* Compiles format f into a program (one allocation: instructions, then
 * their text). */
static PProg *print_prog_compile(const Fmt *f) {
  char text[255 * 24]; /* a literal is at most 22 bytes, plus its space */
  size_t tlen = 0, start = 0;
  PInstr ins[255 + 1];
  uint32_t n = 0;
  PrintState s = {true, false};
  const char *elided[MAX_ELIDED];
  size_t ne = 0;
  for (uint8_t i = 0; i < f->n && ne < 6; i++) {
    if (f->e[i].attr) elided[ne++] = f->e[i].attr;
    if (f->e[i].kind == E_OILIST) {
      elided[ne++] = "flush_to_zero";
      elided[ne++] = "propagate_nan";
    }
  }
  elided[ne] = NULL;
  const char *aname[MAX_ASLOTS] = {0};
  uint32_t naslots = 0;
  for (uint8_t i = 0; i < f->n; i++) {
    const Elem *el = &f->e[i];
    bool sp = false;
    uint8_t aslot = (uint8_t)naslots;
    if (naslots + 2 > MAX_ASLOTS) {
      aslot = NO_ASLOT; /* not reached by today's formats: looked up per op */
    } else if (el->kind == E_OILIST) {
      aname[naslots++] = "flush_to_zero";
      aname[naslots++] = "propagate_nan";
    } else if (el->attr && el->kind != E_LIT) {
      aname[naslots++] = el->attr;
    }
    switch ((EKind)el->kind) {
    case E_LIT: {
      if (lit_step(&s, el->s)) text[tlen++] = ' ';
      size_t k = strlen(el->s);
      memcpy(text + tlen, el->s, k);
      tlen += k;
      continue;
    }
    case E_SPACE:
      text[tlen++] = ' ';
      s.should_space = s.last_punct = false;
      continue;
    case E_EMPTY:
      s.should_space = false;
      s.last_punct = true;
      continue;
    case E_ATTRDICT: s.last_punct = false; break;
    case E_OPTENUM:
    case E_UNIT:
    case E_OILIST: {
      PrintState t = s;
      sp = lit_step(&t, el->kind == E_OILIST ? "flush_to_zero" : el->s);
      s.should_space = true;
      s.last_punct = false;
      break;
    }
    default:
      if (elem_step(&s)) text[tlen++] = ' ';
      break;
    }
    ins[n++] = (PInstr){pkind_of(el), sp, (uint8_t)el->idx, aslot, (uint16_t)(tlen - start),
                        NULL, el};
    start = tlen;
  }
  if (tlen > start)
    ins[n++] = (PInstr){P_TEXT, false, 0, 0, (uint16_t)(tlen - start), NULL, NULL};
  PProg *pg = xmalloc(sizeof *pg + n * sizeof(PInstr) + tlen + 1);
  char *pool = (char *)(pg->ins + n);
  memcpy(pool, text, tlen);
  pool[tlen] = 0;
  memcpy(pg->elided, elided, sizeof elided);
  memcpy(pg->aname, aname, sizeof aname);
  pg->naslots = naslots;
  pg->n = n;
  size_t off = 0;
  for (uint32_t i = 0; i < n; i++) {
    pg->ins[i] = ins[i];
    pg->ins[i].text = pool + off;
    off += ins[i].len;
  }
  return pg;
}

/* ir_dict_get by string: dictionaries are sorted by strcmp of the names. */
static const IrAttr *dict_get_str(const IrAttr *dict, const char *name) {
  size_t lo = 0, hi = dict ? dict->nelems : 0;
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    int c = strcmp(dict->names[mid]->str, name);
    if (c == 0) return dict->elems[mid];
    if (c < 0) lo = mid + 1;
    else hi = mid;
  }
  return NULL;
}

/* ir_op_attrz without interning the name (printing asks for every
 * attribute element of every op). */
static const IrAttr *op_attr_str(const IrOp *op, const char *name) {
  const IrAttr *a = dict_get_str(op->props, name);
  return a ? a : dict_get_str(op->attrs, name);
}

/* Whether an ArrayAttr's text can be replayed by asm_print_attr_memo: its
 * elements are plain integers and floats (nothing that notes a resource or
 * an alias use while printing). */
static bool array_is_plain(const IrAttr *a) {
  for (uint32_t i = 0; i < a->nelems; i++) {
    const IrAttr *e = a->elems[i];
    if (!e || (e->def != &ir_integer_attr_def && e->def != &ir_float_attr_def)) return false;
  }
  return true;
}

/* A variable element other than attr-dict and the optional groups (its
 * leading space is in the program's text); a: the attribute it reads. */
static void print_elem(AsmPrinter *p, IrOp *op, const Elem *el, const IrAttr *a) {
  switch ((EKind)el->kind) {
  case E_OPND:
    if ((unsigned)el->idx < op->noperands) asm_print_operand(p, ir_op_operand(op, el->idx));
    return;
  case E_OPNDS:
    for (unsigned i = (unsigned)el->idx; i < op->noperands; i++) {
      if (i > (unsigned)el->idx) asm_putn(p, ", ", 2);
      asm_print_operand(p, ir_op_operand(op, i));
    }
    return;
  case E_TYPE:
    switch (el->sub) {
    case 'r':
      if ((unsigned)el->idx < op->nresults) ct_print_type(p, ir_op_result(op, el->idx)->type);
      return;
    case 'o':
      if ((unsigned)el->idx < op->noperands)
        ct_print_type(p, ir_op_operand(op, el->idx)->type);
      return;
    case 'O':
      for (unsigned i = 0; i < op->noperands; i++) {
        if (i) asm_putn(p, ", ", 2);
        ct_print_type(p, ir_op_operand(op, i)->type);
      }
      return;
    default: {
      for (unsigned i = 0; i < op->nresults; i++) {
        if (i) asm_putn(p, ", ", 2);
        ct_print_type(p, ir_op_result(op, i)->type);
      }
      return;
    }
    }
  case E_SIGN:
  case E_PRED:
  case E_ORD: {
    const CtEnumInfo *e = kw_enum(el->kind);
    int v = ct_enum_value(a, e);
    if (v >= 0) ct_print_enum_keyword(p, e, v);
    return;
  }
  case E_RND: {
    int v = ct_enum_value(a, &ct_enum_rounding);
    if (v >= 0) ct_print_rounding(p, (CtRoundingSyntax)el->sub, v);
    return;
  }
  case E_INT:
    if (ir_attr_is(a, &ir_integer_attr_def)) asm_print_int(p, a->ints[0]);
    else if (a) asm_print_attr(p, a);
    return;
  case E_BOOL:
    if (ir_attr_is(a, &ir_bool_attr_def)) {
      if (a->ints[0]) asm_putn(p, "true", 4);
      else asm_putn(p, "false", 5);
    } else if (a) {
      asm_print_attr(p, a);
    }
    return;
  case E_ARRAY: /* reduce/scan identities: the same few arrays on every op */
    if (ir_attr_is(a, &ir_array_attr_def) && array_is_plain(a))
      asm_print_attr_memo(p, a, asm_print_attr);
    else if (a) asm_print_attr(p, a);
    return;
  case E_DARR:
    if (ir_attr_is(a, &ir_dense_array_attr_def)) {
      asm_putc(p, '[');
      for (uint32_t i = 0; i < a->nints; i++) {
        if (i) asm_putn(p, ", ", 2);
        asm_print_int(p, a->ints[i]);
      }
      asm_putc(p, ']');
    } else if (a) {
      asm_print_attr(p, a);
    }
    return;
  case E_REGION:
    if (op->nregions < 1 || ir_region_empty(ir_op_region(op, 0))) return;
    asm_print_newline(p);
    asm_print_block_args(p, ir_region_entry(ir_op_region(op, 0)), true);
    asm_print_region(p, ir_op_region(op, 0), false, true); /* prints its own ' ' */
    return;
  default: return; /* literals, spaces and the rest are not P_ELEM */
  }
}

/* A keyword with its leading space when sp. */
static void print_kw(AsmPrinter *p, bool sp, const char *kw) {
  if (sp) asm_putc(p, ' ');
  asm_puts(p, kw);
}

/* (`kw` `` $attr^)? of an enum attribute, or (`kw` $unit^)?. */
static void print_optkw(AsmPrinter *p, const PInstr *in, const IrAttr *a) {
  const Elem *el = in->el;
  if (!a) return;
  if (el->kind == E_UNIT) {
    print_kw(p, in->sp, el->s);
    return;
  }
  int v = ct_enum_value(a, el->en);
  if (v == el->idx) return; /* the default value is not printed */
  print_kw(p, in->sp, el->s);
  if (v >= 0) ct_print_enum_body(p, el->en, v);
  else asm_print_attr(p, a);
}

/* The compiled program of the op's format (info: a compute op), compiled on
 * first use; a race between threads compiles it twice and keeps one. */
static const PProg *print_prog(const IrOpInfo *info, const Fmt *f) {
  static void *progs[CT_OP_COUNT];
  void **slot = &progs[info - ct_op_infos];
  void *pg = __atomic_load_n(slot, __ATOMIC_ACQUIRE);
  return pg ? pg : prog_publish(slot, print_prog_compile(f));
}

/* Whether every attribute of dict d is in the NULL-terminated list. */
static bool all_elided(const IrAttr *d, const char *const *elided) {
  for (uint32_t i = 0; d && i < d->nelems; i++) {
    const char *n = d->names[i]->str;
    const char *const *e = elided;
    while (*e && strcmp(*e, n)) e++;
    if (!*e) return false;
  }
  return true;
}

/* Fills c with op's lookups for program pg. */
static void print_cache_fill(PrintCache *c, const IrOp *op, const PProg *pg) {
  c->props = op->props;
  c->attrs = op->attrs;
  c->valid = true;
  c->dict_empty = all_elided(op->props, pg->elided) && all_elided(op->attrs, pg->elided);
  for (uint32_t i = 0; i < pg->naslots; i++) c->a[i] = op_attr_str(op, pg->aname[i]);
}

/* The attribute of slot k (NO_ASLOT: looked up by the element's name). */
static const IrAttr *slot_attr(const PrintCache *c, const IrOp *op, const PInstr *in,
                               unsigned k) {
  if (in->aslot == NO_ASLOT) {
    const Elem *el = in->el;
    const char *name = el->kind == E_OILIST ? (k ? "propagate_nan" : "flush_to_zero")
                                            : el->attr;
    return name ? op_attr_str(op, name) : NULL;
  }
  return c->a[in->aslot + k];
}

void ct_print_compute(AsmPrinter *p, IrOp *op) {
  const Fmt *f = fmt_of(op->info);
  if (!f) return;
  const PProg *pg = print_prog(op->info, f);
  PrintCache *c = syn_state(ir_op_context(op))->pc[op->info - ct_op_infos];
  if (!c->valid || c->props != op->props || c->attrs != op->attrs) {
    /* the other pair becomes the last one printed, or is replaced by op's */
    PrintCache t = c[1];
    if (!t.valid || t.props != op->props || t.attrs != op->attrs) print_cache_fill(&t, op, pg);
    c[1] = c[0];
    c[0] = t;
  }
  for (uint32_t i = 0; i < pg->n; i++) {
    const PInstr *in = &pg->ins[i];
    if (in->len == 1) asm_putc(p, in->text[0]);
    else if (in->len) asm_putn(p, in->text, in->len);
    switch ((PKind)in->kind) {
    case P_TEXT: break;
    case P_OPND:
      if (in->idx < op->noperands) asm_print_operand(p, ir_op_operand(op, in->idx));
      break;
    case P_RTYPE:
      if (in->idx < op->nresults) ct_print_type(p, ir_op_result(op, in->idx)->type);
      break;
    case P_OTYPE:
      if (in->idx < op->noperands) ct_print_type(p, ir_op_operand(op, in->idx)->type);
      break;
    case P_ELEM: print_elem(p, op, in->el, in->el->attr ? slot_attr(c, op, in, 0) : NULL); break;
    case P_ATTRDICT:
      if (!c->dict_empty) asm_print_attr_dict(p, op, pg->elided);
      break;
    case P_OPTKW: print_optkw(p, in, slot_attr(c, op, in, 0)); break;
    case P_OILIST: {
      static const char *const kws[] = {"flush_to_zero", "propagate_nan"};
      bool sp = in->sp;
      for (unsigned k = 0; k < 2; k++)
        if (slot_attr(c, op, in, k)) {
          print_kw(p, sp, kws[k]);
          sp = true;
        }
      break;
    }
    }
  }
}
