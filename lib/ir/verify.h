/* verify.h — what verify hooks may ask of the ir_verify walk running them.
 *
 * A walk verifies one tree of one context, and nothing in that tree changes
 * while it runs: uniqued attributes and types keep their addresses and their
 * contents for the whole walk.  A hook may therefore memoize a result keyed
 * by such pointers (e.g. "this op kind accepted this attribute dictionary")
 * for as long as ir_verify_walk_id() returns the id it was computed under.
 * Ids are per thread and never reused on it; 0 means no walk is running (a
 * hook called on its own), where nothing should be memoized. */
#ifndef CTILE_IR_VERIFY_H
#define CTILE_IR_VERIFY_H

#include <stdbool.h>
#include <stdint.h>

/* The id of the ir_verify walk in progress on this thread, 0 when none. */
uint64_t ir_verify_walk_id(void);

/* How many ops the ir_verify walk in progress on this thread has reached
 * so far whose location is not plain: neither compact (ir_lazy_file_loc)
 * nor a file:line:col nor an unknown location — a name, call-site, fused or
 * opaque one, which may carry dialect debug info.  An op is counted when
 * the walk reaches it, before its verify hook.  So a verify hook that
 * records the count and its op's verify_regions hook that finds it
 * unchanged (in the same walk: ir_verify_walk_id) know that no op in the
 * op's regions has such a location.  UINT64_MAX outside a walk. */
uint64_t ir_verify_rich_locs(void);

/* Called by the verify hook of an op with IR_TRAIT_VERIFY_PURE (ir.h) while
 * it runs: this op's verdict reads more than its signature (a context
 * option, a warning it may emit while passing), so the walk must not
 * remember it.  No effect outside a walk. */
void ir_verify_memo_veto(void);

/* The whole-op memo of a context (lib/ir/verify.c), for tests and
 * measurements: how many signatures it holds, and how many hook calls
 * ir_verify skipped in this context since it was created. */
typedef struct IrVerifyMemoStats {
  uint64_t stored, hits;
} IrVerifyMemoStats;
IrVerifyMemoStats ir_verify_memo_stats(struct IrContext *ctx);
/* For tests: with `on`, every signature of the context's memo maps to the
 * same pair of slots, so that only the full comparison of a signature with
 * the stored ones tells them apart. */
void ir_verify_memo_collide(struct IrContext *ctx, bool on);

#endif
