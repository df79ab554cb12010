/* convert.h — the generic dialect-conversion driver (MLIR's
 * applyPartialConversion, in C).
 *
 * A conversion is a target (which ops are illegal: every op whose name
 * starts with one of the illegal prefixes, plus an optional dynamic
 * legality hook), a type converter (one type -> N types, N >= 0), and a
 * table of patterns keyed by the root op's IrOpInfo.  cv_apply_partial walks
 * the root's regions in pre-order (so definitions are converted before their
 * uses):
 *   - block arguments get their converted types in place (region signature
 *     conversion; a 1:N argument is replaced by N new arguments);
 *   - a legal op has its operands remapped to the converted values, then
 *     its regions are converted;
 *   - an illegal op is handed to its pattern with the rewriter positioned
 *     before it; the pattern builds the replacement through cv->rw (so the
 *     driver learns about created ops), reads its converted operands through
 *     cv_operand / cv_operands, and records its results' replacements with
 *     cv_replace (1:1) or cv_map (1:N).  It may move the op's regions into
 *     the new ops; the driver then converts the regions of every op the
 *     pattern created.  The old op is unlinked and destroyed at the end,
 *     after every use was rewritten.
 * An illegal op without a pattern, or whose pattern fails, is reported as
 * "failed to legalize operation '<name>'" (at the op) and the conversion
 * fails; the caller adds its own summary error. */
#ifndef CTILE_CONVERT_H
#define CTILE_CONVERT_H

#include "support/ptrmap.h"
#include "rewrite/rewrite.h"

typedef struct CvConversion CvConversion;

/* Appends the converted form of `t` to `out` (0..N types).  Returns false if
 * `t` cannot be converted.  A type the converter leaves alone is appended
 * unchanged. */
typedef bool (*CvTypeFn)(CvConversion *cv, const IrType *t, IrTypeVec *out);
/* Rewrites illegal `op`; returns false (IR untouched, or only dead new ops
 * left behind) when it cannot. */
typedef bool (*CvPatternFn)(CvConversion *cv, IrOp *op);
/* Dynamic legality of an op that the prefixes do not make illegal. */
typedef bool (*CvLegalFn)(CvConversion *cv, IrOp *op);

/* Mapped values of one old value (1:N). */
typedef struct CvMapped {
  uint32_t n;
  IrValue *vals[];
} CvMapped;

struct CvConversion {
  IrContext *ctx;
  RwRewriter rw;                /* positioned before the op being rewritten */
  const char *const *illegal;   /* NULL-terminated op-name prefixes ("cuda_tile.") */
  CvLegalFn dyn_illegal;        /* optional: true = this legal-by-prefix op is illegal */
  CvTypeFn convert_type;
  void *user;                   /* conversion-private state */
  /* internal */
  PtrMap patterns;            /* IrOpInfo* -> CvPatternFn */
  PtrMap map;                 /* old IrValue* -> new IrValue*, or CvMapped* | 1 (1:N) */
  IrValue *one;                 /* cv_lookup_n's view of a 1:1 entry */
  PtrMap tcache;              /* IrType* -> converted single type (1:1 results) */
  PtrMap orig_types;          /* block argument -> its type before conversion */
  PtrMap names, infos;        /* literal name -> IrIdent* / IrOpInfo* */
  VEC(IrOp *) created;          /* ops created by the pattern being applied */
  VEC(IrOp *) dead;             /* converted (unlinked) ops, destroyed at the end */
  VEC(void *) owned;            /* CvMapped allocations */
  IrOp *cur;                    /* op being rewritten */
  RwListener listener;
  bool failed;
  PtrMap by_prefix;           /* IrOpInfo* -> 1 illegal / 2 legal by the prefixes */
  /* cv_build's memo (direct-mapped): the properties and discardable
   * dictionaries ir_op_create made from (op kind, given dictionary, given
   * as properties and attributes), defaults added and attributes split. */
  struct CvBuildMemo {
    const IrOpInfo *info;
    const IrAttr *in_props, *in_attrs;
    const IrAttr *props, *attrs;
  } bmemo[256];
  /* In-place conversion (cv_build_replace): on unless the environment
   * sets CTILE_CV_INPLACE=0 (tests compare both paths); cur_in_place: the
   * op being rewritten became its own replacement (not unlinked). */
  bool inplace;
  bool cur_in_place;
  /* cv_build's state, kept between builds (not reentrant: nothing a build
   * calls builds again): between builds its vectors are empty (the region
   * ones keep their capacity, `spare` the emptied regions for the next op
   * with regions), so a build sets only what it gives instead of clearing
   * the whole state each time. */
  IrOpState bst;
  /* cv_is_illegal's verdicts by prefix in front of by_prefix: direct-mapped
   * by the info pointer, the info with the verdict (1 illegal, 2 legal) in
   * its low bits (IrOpInfo is pointer-aligned). */
  uintptr_t kinds[256];
};

void cv_init(CvConversion *cv, IrContext *ctx, const char *const *illegal,
             CvTypeFn convert_type, void *user);
void cv_free(CvConversion *cv);
void cv_add_pattern(CvConversion *cv, const IrOpInfo *root, CvPatternFn fn);

/* Whether op must be converted. */
bool cv_is_illegal(CvConversion *cv, IrOp *op);

/* Converts every op nested in root's regions (root itself is not
 * converted).  Returns false after reporting the first failure. */
bool cv_apply_partial(CvConversion *cv, IrOp *root);

/* ---- pattern helpers ------------------------------------------------------ */
/* Converted type of t when it converts 1:1 (NULL otherwise; reports nothing). */
const IrType *cv_convert_type1(CvConversion *cv, const IrType *t);
/* The type v had before the conversion (block arguments are converted in
 * place; other values keep their type). */
const IrType *cv_original_type(CvConversion *cv, IrValue *v);
/* The converted value(s) of old value v: 1:1 (NULL if v maps to != 1 value). */
IrValue *cv_lookup(CvConversion *cv, IrValue *v);
/* All values of old value v: their count (0: v is not mapped) and *vals. */
size_t cv_lookup_n(CvConversion *cv, IrValue *v, IrValue *const **vals);
/* Converted operand i of the op being rewritten. */
static inline IrValue *cv_operand(CvConversion *cv, IrOp *op, unsigned i) {
  return cv_lookup(cv, ir_op_operand(op, i));
}
/* Records that old value `from` is now the values vals[0..n). */
void cv_map(CvConversion *cv, IrValue *from, IrValue *const *vals, size_t n);
/* Maps result i of op to vals[i] (1:1 each; NULL entries: unused results). */
void cv_replace(CvConversion *cv, IrOp *op, IrValue *const *vals);
/* ir_op_state_init for an op replacing the current one: loc NULL takes the
 * location of the op being rewritten (without materializing it). */
void cv_state_init(CvConversion *cv, IrOpState *st, const IrOpInfo *info, const IrLoc *loc);
/* Fills st->attrs from attrs, lent from buf when at most CV_LENT_ATTRS
 * entries (returns true: clear st->attrs after ir_op_create). */
enum { CV_LENT_ATTRS = 16 };
bool cv_state_lend_attrs(IrOpState *st, const IrAttr *attrs, IrNamedAttr buf[CV_LENT_ATTRS]);
/* Builds an op at the insertion point (through the listener); loc NULL: the
 * location of the op being rewritten. */
IrOp *cv_build(CvConversion *cv, const IrOpInfo *info, const IrLoc *loc,
               IrValue *const *operands, size_t noperands,
               const IrType *const *result_types, size_t nresults,
               const IrAttr *props, const IrAttr *attrs);
/* The op that replaces op (the one being rewritten) one for one: built
 * like cv_build (at op's location) and op's results mapped to its results
 * in order.  It must be the pattern's last op: when op has no
 * regions or successors, the same operand and result counts, and the
 * insertion point is right before it, the op itself is turned into the
 * replacement (ir_op_reset: no op created or destroyed; its results keep
 * their values and uses, their original types noted for
 * cv_original_type), which the result cannot tell from a rebuilt op. */
IrOp *cv_build_replace(CvConversion *cv, IrOp *op, const IrOpInfo *info, IrValue *const *operands,
                       size_t noperands, const IrType *const *result_types, size_t nresults,
                       const IrAttr *props, const IrAttr *attrs);
/* cv_build at the rewritten op's location, with `nregions` empty regions
 * (the state's region objects are reused from build to build). */
IrOp *cv_build_regions(CvConversion *cv, const IrOpInfo *info, IrValue *const *operands,
                       size_t noperands, const IrType *const *result_types, size_t nresults,
                       const IrAttr *props, const IrAttr *attrs, unsigned nregions);
/* Same, for an op named by string (ops of dialects this library may not
 * register, e.g. "arith.addi"). */
IrOp *cv_build_named(CvConversion *cv, const char *name, const IrLoc *loc,
                     IrValue *const *operands, size_t noperands,
                     const IrType *const *result_types, size_t nresults,
                     const IrAttr *attrs);
/* The identifier / op info of a name given as a string literal (cached by
 * the literal's address). */
const IrIdent *cv_ident(CvConversion *cv, const char *name);
const IrOpInfo *cv_op_info(CvConversion *cv, const char *name);
/* Moves every block of old op's region `ri` into `dst` (the driver converts
 * their block signatures and ops afterwards). */
void cv_take_region(CvConversion *cv, IrOp *op, unsigned ri, IrRegion *dst);

#endif
