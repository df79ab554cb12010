/* rewrite.h — transformations: pattern sets and the greedy rewrite driver,
 * folding, the pass manager with textual pipelines, and the generic passes
 * (canonicalize, cse).  (Contract written by the lead; the implementer may
 * extend it but must keep these entry points.) */
#ifndef CTILE_REWRITE_H
#define CTILE_REWRITE_H

#include "ir/ir.h"

/* ---- passes ----------------------------------------------------------------- */
typedef struct RwPassInfo {
  const char *name;      /* pipeline name: "canonicalize", "cse", "loop-split" */
  const char *summary;   /* one line for --help */
  /* Op name the pass anchors on, or NULL for "any op" (op-agnostic). */
  const char *anchor;
  /* Runs on `op`; `options` is the raw text inside {…} of the pipeline
   * element (NULL if none).  Report failures as diagnostics, return false. */
  bool (*run)(IrOp *op, const char *options);
} RwPassInfo;

/* Registers a pass (dialects register theirs from ctile_register_all). */
void rw_register_pass(IrContext *ctx, const RwPassInfo *pass);
const RwPassInfo *rw_find_pass(IrContext *ctx, const char *name, size_t n);
/* Lists registered passes ("  --name  summary" lines) for --help. */
void rw_list_passes(IrContext *ctx, StrBuf *out);

/* Parses and runs a textual pipeline on `root`, e.g.
 *   "builtin.module(canonicalize,cse)"
 *   "builtin.module(cuda_tile.module(cuda_tile.entry(loop-split)))"
 *   "canonicalize{max-iterations=3},cse"   (implicitly anchored on root)
 * Errors (unknown pass, malformed pipeline, pass failure) are reported as
 * diagnostics with MLIR's wording; returns false. */
bool rw_run_pipeline(IrContext *ctx, IrOp *root, const char *pipeline);

#endif
