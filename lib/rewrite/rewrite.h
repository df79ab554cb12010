/* rewrite.h — transformations: pattern sets and the greedy rewrite driver,
 * folding, the pass manager with textual pipelines, and the generic passes
 * (canonicalize, cse).  (Contract written by the lead; the implementer may
 * extend it but must keep these entry points.)
 *
 * The design is MLIR's, in C:
 *  - A pattern is a match-and-rewrite callback with a root op name and a
 *    benefit.  Patterns change the IR only through an RwRewriter, which
 *    tells its listener (the greedy driver) about every created, modified,
 *    replaced and erased op.
 *  - The greedy driver (rw_apply_patterns_greedily) behaves like MLIR's
 *    GreedyPatternRewriteDriver: a LIFO worklist with set semantics; for
 *    each op: erase it if trivially dead, else fold it, else try patterns
 *    by benefit; listener notifications re-queue affected ops; iterations
 *    repeat until nothing changes or max_iterations.  Constants are uniqued
 *    and hoisted at the start of every iteration (MLIR's OperationFolder).
 *  - Passes are registered per context and run through textual pipelines
 *    with MLIR's OpPassManager nesting semantics and diagnostics.
 *
 * Side-effect model (IrOpInfo traits -> MLIR's memory effects):
 *   IR_TRAIT_PURE                    no memory effects (NoMemoryEffect)
 *   IR_TRAIT_MEMORY_READ / _WRITE    declared read / write effects
 *   IR_TRAIT_RECURSIVE_EFFECTS       effects are those of the nested ops
 *   none of these                    unknown effects (never dead, never CSE'd)
 */
#ifndef CTILE_REWRITE_H
#define CTILE_REWRITE_H

#include "ir/ir.h"

typedef struct RwRewriter RwRewriter;
typedef struct RwPatternSet RwPatternSet;
typedef struct RwPattern RwPattern;

/* ======================================================================== */
/* Patterns                                                                 */
/* ======================================================================== */

/* Match-and-rewrite callback.  Returns true iff it matched and rewrote the
 * IR (through `rw` only); returns false without touching the IR otherwise. */
typedef bool (*RwMatchFn)(IrOp *op, RwRewriter *rw);

struct RwPattern {
  const char *root;   /* op name the pattern is rooted on; NULL: any op */
  unsigned benefit;   /* higher first; equal benefits keep insertion order */
  RwMatchFn fn;       /* match-and-rewrite */
  const char *name;   /* debug name (canonicalize's enable/disable-patterns) */
  const void *data;   /* pattern-private data, see rw_pattern_data() */
};

/* A list of patterns (MLIR's RewritePatternSet).  Strings must outlive it. */
struct RwPatternSet {
  IrContext *ctx;
  VEC(RwPattern) pats;
};

void rw_pattern_set_init(RwPatternSet *set, IrContext *ctx);
void rw_pattern_set_free(RwPatternSet *set);
void rw_pattern_add(RwPatternSet *set, const char *root, unsigned benefit,
                    RwMatchFn fn, const char *name);
void rw_pattern_add_pattern(RwPatternSet *set, const RwPattern *p);

/* Patterns (and passes using a rewriter) must change the IR only through
 * the rw_* calls below: the greedy driver keeps pointers to queued ops and
 * learns about erasures only from the rewriter. */

/* Collects the canonicalization patterns of every registered op (the
 * IrOpInfo.canonicalize hooks), ops visited in name order like MLIR. */
void rw_collect_canonicalization_patterns(IrContext *ctx, RwPatternSet *set);

/* ======================================================================== */
/* Rewriter (MLIR's PatternRewriter / RewriterBase)                          */
/* ======================================================================== */

/* Receives IR change notifications.  Any callback may be NULL. */
typedef struct RwListener {
  void *user;
  void (*op_inserted)(void *user, IrOp *op);   /* created or moved */
  void (*op_modified)(void *user, IrOp *op);   /* changed in place */
  /* About to be replaced by `values` (one per result). */
  void (*op_replaced)(void *user, IrOp *op, IrValue *const *values);
  /* About to be erased: still linked, operands intact.  Nested ops are
   * erased (and notified) before their parent. */
  void (*op_erased)(void *user, IrOp *op);
} RwListener;

struct RwRewriter {
  IrContext *ctx;
  IrBlock *block;             /* insertion block; NULL: ops stay detached */
  IrOp *before;               /* insert before this op; NULL: at block end */
  const RwListener *listener; /* may be NULL */
  const RwPattern *pattern;   /* pattern being applied, or NULL */
  /* rw_build_named_op's last two lookups: name pointer and its info (an
   * entry is used only when the info's name equals the text; zeroed by
   * rw_rewriter_init). */
  const char *named_key[2];
  const IrOpInfo *named_info[2];
};

void rw_rewriter_init(RwRewriter *rw, IrContext *ctx, const RwListener *listener);
static inline IrContext *rw_context(RwRewriter *rw) { return rw->ctx; }
/* Data of the pattern currently being applied (NULL outside patterns). */
static inline const void *rw_pattern_data(RwRewriter *rw) {
  return rw->pattern ? rw->pattern->data : NULL;
}

/* Insertion point. */
void rw_set_insertion_point_before(RwRewriter *rw, IrOp *op);
void rw_set_insertion_point_after(RwRewriter *rw, IrOp *op);
void rw_set_insertion_point_start(RwRewriter *rw, IrBlock *b);
void rw_set_insertion_point_end(RwRewriter *rw, IrBlock *b);
typedef struct RwInsertPoint {
  IrBlock *block;
  IrOp *before;
} RwInsertPoint;
static inline RwInsertPoint rw_save_insertion_point(RwRewriter *rw) {
  return (RwInsertPoint){rw->block, rw->before};
}
static inline void rw_restore_insertion_point(RwRewriter *rw, RwInsertPoint ip) {
  rw->block = ip.block;
  rw->before = ip.before;
}

/* Creates an op from `st` at the insertion point and notifies the listener.
 * Consumes `st` (ir_op_state_free is called).  NULL if ir_op_create fails. */
IrOp *rw_create_op(RwRewriter *rw, IrOpState *st);
/* Convenience builder: operands, result types, and optional property /
 * discardable-attribute dictionaries (NULL for none). */
IrOp *rw_build_op(RwRewriter *rw, const IrOpInfo *info, const IrLoc *loc,
                  IrValue *const *operands, size_t noperands,
                  const IrType *const *result_types, size_t nresults,
                  const IrAttr *props, const IrAttr *attrs);
/* rw_build_op for the op registered under `name` ("arith.addi"): how a
 * dialect creates another dialect's op without including its header (the
 * op is found in the context's registry).  NULL, creating nothing, when no
 * such op is registered or ir_op_create fails. */
IrOp *rw_build_named_op(RwRewriter *rw, const char *name, const IrLoc *loc,
                        IrValue *const *operands, size_t noperands,
                        const IrType *const *result_types, size_t nresults,
                        const IrAttr *props, const IrAttr *attrs);
/* Whether `op` (may be NULL) is the registered op `name`: the by-name test
 * matching rw_build_named_op, for ops of another dialect. */
bool rw_op_is_named(const IrOp *op, const char *name);
/* Inserts a detached op at the insertion point and notifies. */
void rw_insert_op(RwRewriter *rw, IrOp *op);

/* Replaces every result of `op` with values[i] (users are notified as
 * modified; a NULL entry leaves that result alone, it must be unused), then
 * erases `op`. */
void rw_replace_op(RwRewriter *rw, IrOp *op, IrValue *const *values);
/* Creates the op of `st` before `op`, replaces `op` with its results. */
IrOp *rw_replace_op_with_new(RwRewriter *rw, IrOp *op, IrOpState *st);
/* Erases `op` (its results must be unused) and everything nested in it,
 * notifying nested ops first (post-order, reverse). */
void rw_erase_op(RwRewriter *rw, IrOp *op);
/* Erases a block and its ops (block must be unused by successors). */
void rw_erase_block(RwRewriter *rw, IrBlock *b);
/* Rewrites every use of `from` to `to`, notifying each user as modified. */
void rw_replace_all_uses_with(RwRewriter *rw, IrValue *from, IrValue *to);

/* In-place modification: bracket direct edits of an op with start/finalize
 * (finalize notifies the listener); cancel if nothing was changed. */
static inline void rw_start_modification(RwRewriter *rw, IrOp *op) { (void)rw; (void)op; }
void rw_finalize_modification(RwRewriter *rw, IrOp *op);
static inline void rw_cancel_modification(RwRewriter *rw, IrOp *op) { (void)rw; (void)op; }
/* Shorthands that modify and notify. */
void rw_set_operand(RwRewriter *rw, IrOp *op, unsigned i, IrValue *v);
void rw_set_attr(RwRewriter *rw, IrOp *op, const char *name, const IrAttr *a);

/* Moves `op` (linked or detached) before `pos` / to the end of `b` (notifies
 * inserted). */
void rw_move_op_before(RwRewriter *rw, IrOp *op, IrOp *pos);
void rw_move_op_to_end(RwRewriter *rw, IrOp *op, IrBlock *b);
/* Moves the ops of `src` before `before` in `dest` (before NULL: at the end),
 * replacing src's arguments with `args` (src->nargs values, may be NULL
 * when src has none), then erases `src` (which must be unused). */
void rw_inline_block_before(RwRewriter *rw, IrBlock *src, IrBlock *dest,
                            IrOp *before, IrValue *const *args);
/* Moves every block of `src` into `dest` before block `before` (NULL: end). */
void rw_inline_region_before(RwRewriter *rw, IrRegion *src, IrRegion *dest,
                             IrBlock *before);

/* Pattern-debugging hook (MLIR's notifyMatchFailure): always returns false,
 * so patterns can `return rw_notify_match_failure(rw, op, "why")`. */
bool rw_notify_match_failure(RwRewriter *rw, IrOp *op, const char *fmt, ...);

/* Value/block mapping for cloning (MLIR's IRMapping). */
typedef struct RwMapping {
  U64Map map;   /* IrValue* -> IrValue*, IrBlock* -> IrBlock* */
} RwMapping;
static inline void rw_mapping_init(RwMapping *m) { memset(m, 0, sizeof *m); }
static inline void rw_mapping_free(RwMapping *m) { u64map_free(&m->map); }
void rw_mapping_map(RwMapping *m, const void *from, void *to);
IrValue *rw_mapping_lookup_value(RwMapping *m, IrValue *v); /* v if unmapped */
IrBlock *rw_mapping_lookup_block(RwMapping *m, IrBlock *b); /* b if unmapped */
/* Clones `op` (with nested regions) at the insertion point, remapping
 * operands through `m` and recording result/block/argument mappings in it.
 * `m` may be NULL. */
IrOp *rw_clone_op(RwRewriter *rw, IrOp *op, RwMapping *m);
/* Clones the blocks of `src` into `dest` before `before` (NULL: end). */
void rw_clone_region_before(RwRewriter *rw, IrRegion *src, IrRegion *dest,
                            IrBlock *before, RwMapping *m);

/* ======================================================================== */
/* Folding and constants                                                    */
/* ======================================================================== */

/* The constant value of a constant-like op (MLIR's m_Constant): its `value`
 * attribute, or else what its fold hook returns.  NULL if not constant. */
const IrAttr *rw_constant_value(IrOp *op);
/* Constant value of the op defining `v` (NULL for block args / non-constants). */
const IrAttr *rw_value_constant(IrValue *v);

typedef enum RwFoldStatus {
  RW_FOLD_FAILED,    /* nothing to fold */
  RW_FOLD_IN_PLACE,  /* op was updated in place; results untouched */
  RW_FOLD_REPLACED,  /* results[i] (attr or value) replace the results */
} RwFoldStatus;

/* MLIR's Operation::fold: gathers constant operands, calls the op's fold
 * hook, then the trait folds (Commutative: constants moved to the right;
 * Idempotent; Involution) when the hook fails or folds in place.  A hook
 * "folds in place" by returning true with every results[i].value equal to
 * the op's own result i (or for ops without results).  `results` must have
 * op->nresults zeroed slots.  Partial replacement (some results replaced,
 * others left as the op's own result / empty) is reported as REPLACED with
 * the unreplaced slots left {NULL, NULL}. */
RwFoldStatus rw_fold_op(IrOp *op, IrFoldResult *results);

/* Constant materialization (MLIR's Dialect::materializeConstant): builds a
 * constant-like op of the dialect for `value` at rw's insertion point (via
 * rw_create_op) and returns it, or NULL if it can't.  A dialect names its
 * materializer on its row (IrDialect.materialize_constant); one registered
 * here per context, keyed by dialect name (prefix of the op names), takes
 * precedence over the row's. */
typedef IrOp *(*RwMaterializeFn)(RwRewriter *rw, const IrAttr *value,
                                 const IrType *type, const IrLoc *loc);
void rw_register_constant_materializer(IrContext *ctx, const char *dialect,
                                       RwMaterializeFn fn);
/* MLIR's DialectFoldInterface::shouldMaterializeInto: whether constants
 * folded inside `region` (whose parent op is of this dialect and is not
 * isolated from above) should be uniqued in this region instead of being
 * hoisted further out. */
typedef bool (*RwMaterializeIntoFn)(IrRegion *region);
void rw_register_materialize_into(IrContext *ctx, const char *dialect,
                                  RwMaterializeIntoFn fn);
/* Which ops the dialect-level fold hook (IrDialect.fold) of `dialect` can
 * fold: `folds(info)` false promises that the hook fails on every op of that
 * kind, whatever its operands, so the greedy driver does not call it (nor
 * gather their constant operands) for them.  Without one, every op of the
 * dialect without a fold hook on its row is offered to the dialect's. */
typedef bool (*RwFoldsKindFn)(const IrOpInfo *info);
void rw_register_fold_kinds(IrContext *ctx, const char *dialect, RwFoldsKindFn folds);
/* Materializes through the hook of the dialect of op name `op_name`'s
 * prefix (e.g. "cuda_tile.addi" -> "cuda_tile"): the one registered with
 * rw_register_constant_materializer, else the dialect row's
 * materialize_constant.  NULL if none/failure.  A dialect that must make
 * another dialect's constant passes one of that dialect's op names
 * ("arith.constant"). */
IrOp *rw_materialize_constant(RwRewriter *rw, const char *op_name,
                              const IrAttr *value, const IrType *type,
                              const IrLoc *loc);

/* ======================================================================== */
/* Greedy driver                                                            */
/* ======================================================================== */
#define RW_NO_LIMIT (-1)

typedef struct RwGreedyConfig {
  /* Initial worklist order: false (MLIR's default) = post-order walk
   * processed as a stack, i.e. last ops first; true = pre-order walk,
   * reversed, so ops are processed in program order (canonicalize). */
  bool top_down;
  bool fold;                /* fold ops (default true) */
  bool cse_constants;       /* unique + hoist constants each iteration (true) */
  int64_t max_iterations;   /* default 10; RW_NO_LIMIT */
  int64_t max_num_rewrites; /* pattern applications per iteration; RW_NO_LIMIT */
  const RwListener *listener; /* optional observer of every change */
  /* Simplify an isolated-from-above op at a time where the ops around them
   * are inert (default false): the same IR, in less memory for a module of
   * many functions, but the patterns run on one function's ops through all
   * its iterations before the next function's (the default runs each
   * iteration over all of them), so only for patterns without side effects
   * and with no listener (canonicalize sets it).  See apply_split. */
  bool split_isolated;
} RwGreedyConfig;

/* MLIR's GreedyRewriteConfig defaults. */
void rw_greedy_config_init(RwGreedyConfig *cfg);

/* Applies `set` (and folding) to all ops nested in each region of `op` until
 * a fixpoint.  cfg NULL: defaults.  Returns true if it converged (no change
 * in the last iteration); *changed (optional) tells whether anything
 * changed.  Canonicalization is best effort: not converging is not an error. */
bool rw_apply_patterns_greedily(IrOp *op, const RwPatternSet *set,
                                const RwGreedyConfig *cfg, bool *changed);
bool rw_apply_patterns_greedily_region(IrRegion *region, const RwPatternSet *set,
                                       const RwGreedyConfig *cfg, bool *changed);

/* ======================================================================== */
/* Dead code, CSE                                                           */
/* ======================================================================== */
/* MLIR's isMemoryEffectFree / wouldOpBeTriviallyDead / isOpTriviallyDead. */
bool rw_is_memory_effect_free(IrOp *op);
/* No op in the tree (through ops with recursive effects) may write memory;
 * unknown effects count as writes (wouldOpBeTriviallyDead's effect test). */
bool rw_has_no_writes(IrOp *op);
bool rw_would_be_trivially_dead(IrOp *op);
bool rw_is_trivially_dead(IrOp *op);
/* Erases every trivially dead op nested in `root` (not root itself), to a
 * fixpoint.  Returns true if anything was erased. */
bool rw_dce(IrOp *root);
/* MLIR's CSE on the regions of `root`.  Returns true if anything changed. */
bool rw_cse(IrOp *root);
/* MLIR's OperationEquivalence::isEquivalentTo(IgnoreLocations) with operand
 * identity: same name, attributes, properties, result types, operands
 * (as a multiset for commutative ops), and structurally equal regions. */
bool rw_ops_equivalent(IrOp *a, IrOp *b);

/* ======================================================================== */
/* Passes                                                                   */
/* ======================================================================== */

/* Declares one pass option (checked when a pipeline is built, as MLIR
 * parses pass options at pipeline construction). */
typedef enum RwOptKind {
  RW_OPT_BOOL,   /* true/false/1/0 (a bare `key` means true) */
  RW_OPT_INT,    /* signed integer */
  RW_OPT_STRING, /* any text */
  RW_OPT_LIST,   /* comma-separated list */
} RwOptKind;

typedef struct RwPassOption {
  const char *name;
  RwOptKind kind;
  const char *summary;
  const char *const *values; /* RW_OPT_STRING: NULL-terminated allowed values, or NULL */
} RwPassOption;

typedef struct RwPassInfo {
  const char *name;      /* pipeline name: "canonicalize", "cse", "loop-split" */
  const char *summary;   /* one line for --help */
  /* Op name the pass anchors on, or NULL for "any op" (op-agnostic). */
  const char *anchor;
  /* Runs on `op`; `options` is the raw text inside {…} of the pipeline
   * element (NULL if none).  Report failures as diagnostics, return false. */
  bool (*run)(IrOp *op, const char *options);
  /* Optional: the pass's class name for MLIR-worded diagnostics ("Can't add
   * pass 'Canonicalizer' ..."); NULL: `name`. */
  const char *class_name;
  /* Optional: the accepted options, terminated by a {NULL} entry; NULL means
   * options are handed to `run` unchecked. */
  const RwPassOption *opts;
} RwPassInfo;

/* Registers a pass (dialects register theirs from ctile_register_all).  The
 * first registration of a name wins.  canonicalize and cse are registered in
 * every context. */
void rw_register_pass(IrContext *ctx, const RwPassInfo *pass);
const RwPassInfo *rw_find_pass(IrContext *ctx, const char *name, size_t n);
/* Lists registered passes ("  --name  summary" lines, name order) for --help. */
void rw_list_passes(IrContext *ctx, StrBuf *out);

/* Reads option `key` from a pass's raw option text ("k=v k2='x y' flag"),
 * MLIR's syntax: space-separated, values may be quoted or {…}-wrapped.
 * Returns false if absent; *value gets the unquoted value ("" for a bare
 * key).  When a key repeats the last occurrence wins. */
bool rw_pass_option(const char *options, const char *key, Str *value);
int64_t rw_pass_option_int(const char *options, const char *key, int64_t dflt);
bool rw_pass_option_bool(const char *options, const char *key, bool dflt);

/* Observers for -mlir-print-ir-before/after style tooling (optional). */
typedef struct RwInstrumentation {
  void *user;
  void (*before_pass)(void *user, const RwPassInfo *pass, IrOp *op);
  void (*after_pass)(void *user, const RwPassInfo *pass, IrOp *op, bool failed);
} RwInstrumentation;
void rw_set_instrumentation(IrContext *ctx, const RwInstrumentation *ins);
/* Verify the IR after each pass (default on, mlir-opt's -verify-each). */
void rw_set_verify_each(IrContext *ctx, bool on);

/* A parsed pipeline (MLIR's OpPassManager tree). */
typedef struct RwPipeline RwPipeline;

/* Parses a textual pipeline.
 *  implicit_anchor == NULL: the text must be `<op-name>(<pipeline>)` as for
 *    mlir-opt --pass-pipeline; nesting is explicit.
 *  implicit_anchor != NULL: the text is a bare list ("canonicalize,cse",
 *    as built from individual pass flags) anchored on that op name; a pass
 *    anchored on another op is nested implicitly (`anchor(pass)`).
 * Errors are reported with mlir-opt's wording (one diagnostic at unknown
 * location); returns NULL. */
RwPipeline *rw_pipeline_parse(IrContext *ctx, const char *text,
                              const char *implicit_anchor);
/* Runs on `root` (whose name must match the pipeline's anchor).  After each
 * pass the op it ran on is verified (unless disabled).  Returns false on
 * any failure (diagnostics already reported). */
bool rw_pipeline_run(RwPipeline *pl, IrOp *root);
/* Prints the pipeline textually (mlir-opt --dump-pass-pipeline shape). */
void rw_pipeline_print(const RwPipeline *pl, StrBuf *out);
void rw_pipeline_free(RwPipeline *pl);

/* Parses and runs a textual pipeline on `root`, e.g.
 *   "builtin.module(canonicalize,cse)"
 *   "builtin.module(cuda_tile.module(cuda_tile.entry(loop-split)))"
 *   "canonicalize{max-iterations=3},cse"   (implicitly anchored on root)
 * The text is taken as anchored (`X(...)`) when its first '(' comes before
 * any ',' or '{' and it ends with ')'; otherwise as an implicit list
 * anchored on root's op name.
 * Errors (unknown pass, malformed pipeline, pass failure) are reported as
 * diagnostics with MLIR's wording; returns false. */
bool rw_run_pipeline(IrContext *ctx, IrOp *root, const char *pipeline);

/* Called by a pass's run hook when it changed nothing (MLIR's
 * markAllAnalysesPreserved): the pipeline then does not verify the op
 * after it, as MLIR skips the verifier for a pass that preserved all
 * analyses.  No effect outside a pass run by a pipeline. */
void rw_pass_preserved_all(void);

#endif
