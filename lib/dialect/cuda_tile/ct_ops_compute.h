/* ct_ops_compute.h — hooks (custom syntax, verifiers, result names) of the
 * ops in ops_compute.def, and the small interface between the files that
 * implement them:
 *   syntax_compute.c     the ODS-style format engine: one parse and one
 *                            print hook driven by a per-op element list
 *                            (NVIDIA's assemblyFormat strings, transcribed);
 *                            enum/rounding/type syntax comes from ct_types.h
 *   verify_compute.c  ODS invariants (type constraints, PredOpTraits,
 *                            native traits) and the ops' own verifiers
 *   verify_compute_shape.c   op verifiers of the shape ops (broadcast,
 *                            reshape, permute, cat, extract, iota, select,
 *                            pack/unpack) and of the mma ops
 *   ops_compute_region.c  reduce/scan: verifiers, result/block names */
#ifndef CTILE_CT_OPS_COMPUTE_H
#define CTILE_CT_OPS_COMPUTE_H

#include "asm/asm.h"

/* ---- hooks used by ops_compute.def --------------------------------------- */
/* Custom form of every compute op (format looked up by the op's row). */
bool ct_parse_compute(AsmParser *p, IrOpState *st);
void ct_print_compute(AsmPrinter *p, IrOp *op);
/* ODS invariants + op verifier of every compute op. */
bool ct_verify_compute(IrOp *op);
/* Whether the op's row names a format / a verify spec (the census test:
 * ct_parse_compute and ct_verify_compute do nothing useful without them). */
bool ct_compute_has_format(const IrOpInfo *info);
bool ct_compute_has_spec(const IrOpInfo *info);
/* reduce/scan region verifier (runs after nested ops). */
bool ct_verify_compute_regions(IrOp *op);
/* getAsmResultNames / getAsmBlockArgumentNames. */
void ct_names_bcast(IrOp *op, IrNameSetFn set, void *user);
void ct_names_reshape(IrOp *op, IrNameSetFn set, void *user);
void ct_names_reduce(IrOp *op, IrNameSetFn set, void *user);
void ct_block_names_reduce(IrOp *op, IrBlock *b, IrNameSetFn set, void *user);

/* ---- op verifiers called by ct_verify_compute after the ODS checks ------- */
bool ctc_verify_broadcast(IrOp *op);
bool ctc_verify_reshape(IrOp *op);
bool ctc_verify_permute(IrOp *op);
bool ctc_verify_cat(IrOp *op);
bool ctc_verify_extract(IrOp *op);
bool ctc_verify_iota(IrOp *op);
bool ctc_verify_select(IrOp *op);
bool ctc_verify_pack(IrOp *op); /* pack and unpack */
bool ctc_verify_mmaf(IrOp *op);
bool ctc_verify_mmai(IrOp *op);
bool ctc_verify_mmaf_scaled(IrOp *op);
/* seed 003's mma shape checks (mmaf / mmai), run before the type traits. */
bool ctc_verify_mma_seed_shapes(IrOp *op);
bool ctc_verify_reduce(IrOp *op);
bool ctc_verify_scan(IrOp *op);
/* The checks of reduce/scan that read the op's region (its block count,
 * then the body), in their order; the others are a function of the op's
 * signature, so that an op whose signature passed them all before needs
 * only these (verify_compute.c). */
bool ctc_verify_aggregate_region(IrOp *op);

#endif
