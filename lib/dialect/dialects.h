/* dialects.h — registration of every dialect libctile ships. */
#ifndef CTILE_DIALECTS_H
#define CTILE_DIALECTS_H

#include "ir/ir.h"

/* Registers all dialects (builtin is always present) and installs the asm
 * printers used by diagnostics.  Call once per context. */
void ctile_register_all(IrContext *ctx);

#endif
