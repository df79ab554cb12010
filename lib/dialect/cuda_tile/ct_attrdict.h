/* ct_attrdict.h — attr-dict printing for the cuda_tile op hooks with the
 * common case decided in place: an op whose discardable dictionary is
 * empty and whose properties are all elided prints nothing, which
 * asm_print_attr_dict would find out only after merging both dictionaries
 * into a list.  Every other op goes to asm_print_attr_dict unchanged, so
 * the output is the same byte for byte. */
#ifndef CTILE_DIALECT_CUDA_TILE_CT_ATTRDICT_H
#define CTILE_DIALECT_CUDA_TILE_CT_ATTRDICT_H

#include "asm/asm.h"
#include "ir/ir.h"

#include <string.h>

/* Whether attr-dict has nothing to print for op with these elided names
 * (the printer's test: same first byte, then strcmp). */
static inline bool ct_attr_dict_empty(const IrOp *op, const char *const *elided) {
  if (op->attrs && op->attrs->nelems) return false;
  const IrAttr *pr = op->props;
  if (!pr || !pr->nelems) return true;
  if (!elided) return false;
  for (uint32_t i = 0; i < pr->nelems; i++) {
    const char *n = pr->names[i]->str;
    const char *const *e = elided;
    while (*e && !((*e)[0] == n[0] && !strcmp(*e, n))) e++;
    if (!*e) return false;
  }
  return true;
}

static inline void ct_print_attr_dict(AsmPrinter *p, IrOp *op, const char *const *elided) {
  if (!ct_attr_dict_empty(op, elided)) asm_print_attr_dict(p, op, elided);
}

static inline void ct_print_attr_dict_kw(AsmPrinter *p, IrOp *op, const char *const *elided) {
  if (!ct_attr_dict_empty(op, elided)) asm_print_attr_dict_with_keyword(p, op, elided);
}

#endif
