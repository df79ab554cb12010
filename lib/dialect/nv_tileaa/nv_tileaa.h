/* nv_tileaa.h — the public header of the nv_tileaa dialect (seeds 000 and
 * 002): what modules outside lib/dialect/nv_tileaa (the dialect registry,
 * conversion, interp, tools) may use.  The dialect's internal header aa.h
 * declares everything else (syntax helpers, verifiers, per-row formats) and
 * needs lib/asm; this one does not.
 *
 * For now it holds the dialect object; the types, op enum and enums of aa.h
 * move here when the nv_tileaa work in flight has landed (issue 12). */
#ifndef CTILE_NV_TILEAA_H
#define CTILE_NV_TILEAA_H

#include "ir/ir.h"

/* The IrDialect registered as "nv_tileaa" (attrs.c). */
extern const IrDialect aa_dialect;

#endif
